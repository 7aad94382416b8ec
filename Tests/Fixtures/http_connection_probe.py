#!/usr/bin/env python3
"""Opens one TCP connection to 127.0.0.1:PORT and reports when the server closes it.

usage: http_connection_probe.py PORT MODE DEADLINE_SECONDS
  MODE idle:    send nothing.
  MODE garbage: send a request line that does not parse as HTTP, read the response.
Prints "ready", then the response's first line and its Connection header (garbage mode),
then "closed after N s", or "still open after N s" when the deadline passes.
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
