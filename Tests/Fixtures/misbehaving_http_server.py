"""An adapter over HTTP that misbehaves on purpose, for the runner's tests.

Usage: python3 misbehaving_http_server.py MODE
Prints "port N" once listening on 127.0.0.1. It answers hello with the window suite, and
each run message with a skipped reply naming the case, except as MODE says for the case
`window/one-ms-before-t0`: status500, reset (close the socket without answering), slow
(answer after 3 s), garbage (a 200 that is not JSON).
"""
import json
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = sys.argv[1]
VICTIM = "window/one-ms-before-t0"


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def reply(self, status, body):
        data = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        message = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        if message["cmd"] == "hello":
            return self.reply(200, json.dumps({"protocol": 1, "implementation": {"name": "fake"}, "suites": ["window"]}))
        if message["cmd"] == "stop":
            return self.reply(204, "")
        if message["id"] == VICTIM:
            if MODE == "status500":
                return self.reply(500, "{}")
            if MODE == "reset":
                self.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True
                return
            if MODE == "slow":
                time.sleep(3)
            if MODE == "garbage":
                return self.reply(200, "<html>oops</html>")
        self.reply(200, json.dumps({"seq": message["seq"], "skipped": {"reason": message["id"]}}))


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
