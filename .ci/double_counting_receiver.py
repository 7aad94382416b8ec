#!/usr/bin/env python3
"""A postback receiver with a planted bug, for .ci/run's `probe postbacks` step.

    python3 .ci/double_counting_receiver.py http://127.0.0.1:UPSTREAM [--status-400-on-rejected]

It forwards every request to the reference receiver at UPSTREAM and answers as it does, but
its report counts every duplicate again (the bug an MMP gets by counting device retries and
developer copies). With `--status-400-on-rejected` its report is right, and instead it answers
400 to a postback the reference rejected (a forgery): the wrong status, which makes a device
resend (RCV-7). Prints `port N` once it listens on 127.0.0.1.
"""

import http.server
import json
import sys
import urllib.error
import urllib.request

UPSTREAM = sys.argv[1].rstrip("/")
WRONG_STATUS = "--status-400-on-rejected" in sys.argv[2:]


class Handler(http.server.BaseHTTPRequestHandler):
    def relay(self, method):
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        request = urllib.request.Request(UPSTREAM + self.path, data=body, method=method)
        if body is not None:
            request.add_header("Content-Type", self.headers.get("Content-Type") or "application/json")
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, answer = response.status, response.read()
        except urllib.error.HTTPError as error:
            status, answer = error.code, error.read()
        if WRONG_STATUS and method == "POST" and status == 200 and self.rejected_last():
            status = 400
        if not WRONG_STATUS and method == "GET" and self.path.startswith("/.skan-conform/report"):
            answer = answer.replace(b'"status":"duplicate"', b'"status":"counted"')
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)

    def rejected_last(self):
        """Whether the reference's count says the request just relayed was rejected."""
        try:
            with urllib.request.urlopen(UPSTREAM + "/.skan-conform/report", timeout=30) as response:
                report = json.loads(response.read())
        except (OSError, ValueError):
            return False
        arrivals = report.get("arrivals") or []
        return bool(arrivals) and arrivals[-1].get("status") == "rejected"

    def do_GET(self):
        self.relay("GET")

    def do_POST(self):
        self.relay("POST")

    def log_message(self, *args):
        pass


http.server.ThreadingHTTPServer.request_queue_size = 128  # the default backlog of 5 is smaller than the probe's connections
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(f"port {server.server_address[1]}", flush=True)
server.serve_forever()
