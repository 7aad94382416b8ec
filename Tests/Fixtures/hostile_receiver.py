"""A postback receiver that misbehaves on one request, for the probe's tests.

Usage: python3 hostile_receiver.py MODE VICTIM

It listens on 127.0.0.1, prints "port N" once listening, and answers every request with a
200 and an empty JSON object, except the VICTIM-th request (counted from 1, POSTs and GETs
alike), where MODE says what happens:

  stall-body     a 200 whose head promises 100 bytes and sends 10, then nothing
  trickle        a 200 with a 100,000-byte body sent one byte a second
  chunked-stall  a chunked 200 that sends one chunk, then nothing
  status-2000    the status line "HTTP/1.1 2000 OK"
  huge-header    a 200 with a 50 MB header line
  reset          the connection is reset (RST) once the request is read
  none           nothing misbehaves

A GET of /report answers {"arrivals": [], "totals": {}} unless it is the victim, so a probe
with a report URL reads a report that never changes: a canned receiver.
"""
import socket
import sys
import threading
import time

mode, victim = sys.argv[1], int(sys.argv[2])
counter = 0
lock = threading.Lock()
CANNED = b'{"arrivals":[],"totals":{"counted":0,"duplicates":0,"excluded":0,"received":0,"rejected":0,"rows":[],"unverifiable":0}}'


def read_request(conn):
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = conn.recv(65536)
        if not chunk:
            return None
        rest += chunk
    return head.split(b"\r\n")[0]


def answer(conn, body):
    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\n\r\n" + body)


def misbehave(conn):
    if mode == "stall-body":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n0123456789")
        time.sleep(3600)
    elif mode == "trickle":
        conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
        for _ in range(100000):
            conn.sendall(b" ")
            time.sleep(1)
    elif mode == "chunked-stall":
        conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n")
        time.sleep(3600)
    elif mode == "status-2000":
        conn.sendall(b"HTTP/1.1 2000 OK\r\nContent-Length: 2\r\n\r\n{}")
    elif mode == "huge-header":
        conn.sendall(b"HTTP/1.1 200 OK\r\nX-Huge: " + b"a" * (50 << 20) + b"\r\nContent-Length: 2\r\n\r\n{}")
    elif mode == "reset":
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")


def serve(conn):
    global counter
    try:
        while True:
            line = read_request(conn)
            if line is None:
                return
            with lock:
                counter += 1
                number = counter
            if number == victim and mode != "none":
                misbehave(conn)
                return
            answer(conn, CANNED if line.startswith(b"GET") else b"{}")
    except OSError:
        pass
    finally:
        conn.close()


listener = socket.socket()
listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
listener.bind(("127.0.0.1", 0))
listener.listen(64)
print(f"port {listener.getsockname()[1]}", flush=True)
while True:
    client, _ = listener.accept()
    threading.Thread(target=serve, args=(client,), daemon=True).start()
