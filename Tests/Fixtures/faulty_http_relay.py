"""An HTTP adapter in front of a real stdio adapter that misbehaves on one case, for the
runner's tests.

Usage: python3 faulty_http_relay.py MODE VICTIM_ID -- COMMAND [ARG ...]

It starts COMMAND (e.g. `skan-conform reference --stdio`), prints "port N" once listening on
127.0.0.1, and answers each POSTed message with COMMAND's reply line, except for the `run`
request whose `id` is VICTIM_ID (or the `hello` request, when VICTIM_ID is `hello`), where
MODE says what happens:

  status500  HTTP 500
  reset      the connection is reset (RST) without an answer
  close      the connection is closed (FIN) without an answer
  garbage    a 200 whose body is not JSON
  hang       no answer at all
  huge       a 200 with a 50 MB body
  slow       the right answer after 0.5 s
  stall-body     a 200 whose head and half of the right body are sent, the rest never
  trickle        a 200 with the right body followed by 100,000 spaces (allowed after JSON),
                 sent ten bytes a second: its whole body would take three hours
  reset-mid-body a 200 whose head and half of the body are sent, then the connection is
                 reset (RST)
  many-keys      a 200 whose output is an object of 40,000 keys
  slow-to-compare:N a 200 whose output is an object of N keys (`"k0000000":0`, 13 bytes
                 each): 460,000 fit under the 8 MiB cap; each million takes seconds to read,
                 compare and measure for the report
"""
import socket
import subprocess
import sys
import threading
import time
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

mode, victim = sys.argv[1], sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
child_lock = threading.Lock()
# Made before the port is printed: building it holds the interpreter's lock for seconds, which
# would stall the answers to the other cases instead of the runner.
slow_members = b""
if mode.startswith("slow-to-compare:"):
    slow_members = ",".join('"k%07d":0' % n for n in range(int(mode.split(":")[1]))).encode()


def ask(body: bytes) -> bytes:
    with child_lock:
        child.stdin.write(body.rstrip(b"\n") + b"\n")
        child.stdin.flush()
        return child.stdout.readline()


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, data: bytes):
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def reset(self):
        self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        self.connection.close()
        self.close_connection = True

    def partial(self, data: bytes, length: int):
        """The head of a 200 announcing `length` bytes, and the first half of `data`."""
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(length))
        self.end_headers()
        self.wfile.write(data[: len(data) // 2])
        self.wfile.flush()

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        message = json.loads(body)
        if message.get("cmd") == "stop":
            return self.reply(204, b"")
        is_victim = message.get("cmd") == "run" and message.get("id") == victim
        if victim == "hello" and message.get("cmd") == "hello":
            is_victim = True
        if is_victim:
            if mode == "stall-body":
                answer = ask(body)
                self.partial(answer, len(answer))
                time.sleep(3600)
            if mode == "trickle":
                answer = ask(body) + b" " * 100_000
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                for start in range(0, len(answer), 10):
                    self.wfile.write(answer[start : start + 10])
                    self.wfile.flush()
                    time.sleep(1)
                return
            if mode == "reset-mid-body":
                answer = ask(body)
                self.partial(answer, len(answer))
                time.sleep(0.2)
                return self.reset()
            if mode == "many-keys":
                members = ",".join('"key-%05d":%d' % (n, n) for n in range(40_000))
                return self.reply(200, b'{"seq":%d,"output":{%s}}' % (message["seq"], members.encode()))
            if mode.startswith("slow-to-compare:"):
                return self.reply(200, b'{"seq":%d,"output":{' % message["seq"] + slow_members + b"}}")
            if mode == "status500":
                return self.reply(500, b"{}")
            if mode == "reset":
                return self.reset()
            if mode == "close":
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
            if mode == "garbage":
                return self.reply(200, b"<html>oops</html>")
            if mode == "hang":
                time.sleep(3600)
            if mode == "huge":
                return self.reply(200, b'{"seq": %d, "output": "' % message["seq"] + b"a" * 50_000_000 + b'"}')
            if mode == "slow":
                time.sleep(0.5)
        self.reply(200, ask(body))


class Server(ThreadingHTTPServer):
    daemon_threads = True
    # socketserver's default backlog is 5: the runner opens up to 64 connections at once, and
    # on a loaded machine the ones past the backlog waited for the kernel's SYN-ACK retries
    # (1, 3, 7, 15 s), so the first cases of a run timed out for the relay's sake.
    request_queue_size = 128

    def handle_error(self, request, client_address):
        pass  # the runner hangs up on a 50 MB body on purpose


server = Server(("127.0.0.1", 0), Handler)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
