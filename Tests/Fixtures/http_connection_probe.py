#!/usr/bin/env python3
"""Opens one TCP connection to 127.0.0.1:PORT and reports when the server closes it.

usage: http_connection_probe.py PORT MODE DEADLINE_SECONDS
  MODE idle:    send nothing.
  MODE garbage: send a request line that does not parse as HTTP, read the response.
  MODE trickle: send a whole request and print "first: " and its response's first line;
                then, on the same connection, a request head one byte a second, never
                finishing it; after its first byte, a whole request on another
                connection, printing "served: " and its response's first line.
Prints "ready", then the response's first line and its Connection header (garbage mode),
then "closed after N s", or "still open after N s" when the deadline passes; N is counted
from the connection's start, or in trickle mode from the trickled request's first byte (the
event the server's request timeout is about: the first request and its answer may take a
while on a loaded machine, and are not what is measured).
"""
import socket
import sys
import time

port, mode, deadline = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
sock = socket.create_connection(("127.0.0.1", port), timeout=deadline)
started = time.monotonic()
if mode == "garbage":
    sock.sendall(b"NOT HTTP AT ALL \x01\x02\r\n\r\n")
print("ready", flush=True)
received = b""


def other_request():
    """A whole request on a second connection; the first line of its response."""
    other = socket.create_connection(("127.0.0.1", port), timeout=deadline)
    other.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    answer = b""
    while True:
        chunk = other.recv(65536)
        if not chunk:
            break
        answer += chunk
    other.close()
    return answer.split(b"\r\n")[0].decode("latin-1")


if mode == "trickle":
    # A first request, whole, on the same connection: the second is the one trickled.
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    while b"\r\n\r\n" not in received:
        received += sock.recv(65536)
    headers, _, body = received.partition(b"\r\n\r\n")
    length = [int(line.split(b":")[1]) for line in headers.lower().split(b"\r\n") if line.startswith(b"content-length:")]
    while len(body) < (length[0] if length else 0):
        body += sock.recv(65536)
    print("first: " + headers.split(b"\r\n")[0].decode("latin-1"), flush=True)
    received = b""
    head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 4096
    sent = 0
    started = time.monotonic()
    while True:
        elapsed = time.monotonic() - started
        if elapsed >= deadline:
            outcome = "still open after %.1f s" % elapsed
            break
        try:
            sock.sendall(head[sent : sent + 1])
        except OSError:
            outcome = "closed after %.1f s" % (time.monotonic() - started)
            break
        sent += 1
        if sent == 1:
            print("served: " + other_request(), flush=True)
        # Wait a second for the server to close, then send the next byte.
        sock.settimeout(max(0.01, min(1.0, deadline - (time.monotonic() - started))))
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            continue
        except OSError:
            chunk = b""
        if not chunk:
            outcome = "closed after %.1f s" % (time.monotonic() - started)
            break
        received += chunk
    sock.close()
    print(outcome, flush=True)
    sys.exit(0)

while True:
    remaining = deadline - (time.monotonic() - started)
    if remaining <= 0:
        outcome = "still open after %.1f s" % (time.monotonic() - started)
        break
    sock.settimeout(remaining)
    try:
        chunk = sock.recv(65536)
    except socket.timeout:
        continue
    except ConnectionResetError:
        chunk = b""
    if not chunk:
        outcome = "closed after %.1f s" % (time.monotonic() - started)
        break
    received += chunk
sock.close()
if received:
    print("response: " + received.split(b"\r\n")[0].decode("latin-1"))
    print("connection: " + ("close" if b"connection: close" in received.lower() else "other"))
print(outcome, flush=True)
