#!/usr/bin/env python3
"""A postback receiver that keeps what it counts in SQLite, to probe with
`skan-conform probe postbacks --report-command` (README.md beside this file).

    python3 examples/receivers/sqlite/receiver.py --db counts.sqlite3 --network-path /postbacks \
        [--port 0] [--reengagement-copies] [--double-count]

It listens on 127.0.0.1 and prints `port N` once it does. Every POST to a network path or to
one of Apple's two developer-copy paths is decided, stored and answered 200 (RCV-7):

- what one postback is on its own (verified or not, which framework and environment, a copy
  excluded and why) is decided by the kit's complete Python implementation of the receiving
  rules, examples/adapters/python/full/receiving.py, imported by path;
- whether it is the first of its postback (RCV-4 to RCV-6) is the database's answer: an
  arrival that would count is a duplicate of the first counted arrival with the same
  framework, environment and identifier, looked up and stored in one write transaction;
- each arrival is a row of the table `arrivals`, with its outcome, in arrival order.

report.py prints the table as the receiving suite's output, the report the probe reads.
With --double-count the receiver has a planted bug: it skips the look-up, so a device
retry or a developer copy of a postback it already counted is counted again.

Standard library only (http.server, sqlite3), plus the `cryptography` package that
receiving.py's signature checks need.
"""
import argparse
import http.server
import json
import os
import sqlite3
import sys
import time

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "adapters", "python", "full"))
import receiving  # noqa: E402

MAX_BODY = 1 << 20  # as the reference receiver: Apple's postbacks are under 2 KB

SCHEMA = """
CREATE TABLE IF NOT EXISTS arrivals (
    idx INTEGER PRIMARY KEY,          -- the arrival's place in the report, from 0
    received_at_ms INTEGER NOT NULL,
    path TEXT NOT NULL,
    body TEXT NOT NULL,
    role TEXT NOT NULL,
    framework TEXT,
    verdict TEXT,
    reason TEXT,
    response INTEGER NOT NULL,
    status TEXT NOT NULL,             -- counted, duplicate, excluded, rejected, unverifiable
    cause TEXT,
    duplicate_of INTEGER REFERENCES arrivals (idx),
    body_differs INTEGER,
    environment TEXT,
    postback_id TEXT,
    ad_network_id TEXT,
    did_win INTEGER,
    conversion_type TEXT,
    "window" INTEGER
);
CREATE INDEX IF NOT EXISTS counted_postbacks
    ON arrivals (framework, environment, postback_id) WHERE status = 'counted';
"""

# The answer's members, in the table's column order after `body`.
ANSWER = ("role", "framework", "verdict", "reason", "response", "status", "cause", "duplicate_of",
          "body_differs", "environment", "postback_id", "ad_network_id", "did_win", "conversion_type", "window")


def connect(path):
    connection = sqlite3.connect(path, timeout=30, isolation_level=None)
    connection.execute("PRAGMA journal_mode = WAL")
    return connection


class Settings:
    """What the receiver was started with."""

    def __init__(self, args):
        self.database, self.double_count = args.db, args.double_count
        self.receiver = {"network_paths": args.network_path, "reengagement_copies": args.reengagement_copies}
        self.paths = set(args.network_path) | set(receiving.COPY_PATHS)
        self.port = args.port


def decide_alone(settings, path, text):
    """The answer receiving.py gives this arrival as the first of a batch."""
    batch = {"op": "receive", "receiver": settings.receiver, "arrivals": [{"at": 0, "path": path, "body": text}]}
    return receiving.receive(batch)["arrivals"][0]


def record(settings, path, text):
    """Decides one arrival and stores it with its outcome; deduplication is the database's."""
    answer = decide_alone(settings, path, text)  # verification first: the write lock is held only below
    connection = connect(settings.database)
    try:
        connection.execute("BEGIN IMMEDIATE")
        if answer["status"] == "counted" and not settings.double_count:
            first = connection.execute(
                "SELECT idx, body FROM arrivals WHERE status = 'counted' AND framework = ? AND environment = ?"
                " AND postback_id = ? ORDER BY idx LIMIT 1",
                (answer["framework"], answer["environment"], answer["postback_id"])).fetchone()
            if first is not None:
                answer.update(
                    status="duplicate", duplicate_of=first[0],
                    body_differs=receiving.differs(
                        receiving.body_object(text), receiving.body_object(first[1]), answer["framework"]))
        (index,) = connection.execute("SELECT COALESCE(MAX(idx) + 1, 0) FROM arrivals").fetchone()
        connection.execute(
            f"INSERT INTO arrivals VALUES ({', '.join('?' * (4 + len(ANSWER)))})",
            (index, int(time.time() * 1000), path, text) + tuple(answer[name] for name in ANSWER))
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
    finally:
        connection.close()


class Handler(http.server.BaseHTTPRequestHandler):
    def answer(self, status, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_POST(self):
        settings = self.server.settings
        path = self.path.split("?", 1)[0]
        if path not in settings.paths:
            self.answer(404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self.answer(413, [("Connection", "close")])
            self.close_connection = True
            return
        # The body as text, as the reference receiver records it (invalid UTF-8 replaced).
        record(settings, path, self.rfile.read(length).decode("utf-8", errors="replace"))
        self.answer(200)

    def do_GET(self):
        if self.path.split("?", 1)[0] in self.server.settings.paths:
            self.answer(405, [("Allow", "POST")])
        else:
            self.answer(404)

    def log_message(self, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description="A postback receiver that keeps what it counts in SQLite.")
    parser.add_argument("--db", required=True, help="the SQLite database file (created if missing)")
    parser.add_argument("--network-path", action="append", default=[], help="the ad network's postback path")
    parser.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (default: any free one)")
    parser.add_argument("--reengagement-copies", action="store_true",
                        help="the advertised app opted into AdAttributionKit re-engagement copies")
    parser.add_argument("--double-count", action="store_true",
                        help="a planted bug: count retries and copies of a counted postback again")
    settings = Settings(parser.parse_args())
    try:  # the network paths, checked as the receiving rules check them
        receiving.read_input({"op": "receive", "receiver": settings.receiver, "arrivals": []}, receiving.SIGNATURE_SUITE)
    except receiving.SpecError as error:
        parser.error(str(error))
    connection = connect(settings.database)
    connection.executescript(SCHEMA)
    connection.close()
    http.server.ThreadingHTTPServer.request_queue_size = 128  # the default backlog of 5 is small for a probe
    server = http.server.ThreadingHTTPServer(("127.0.0.1", settings.port), Handler)
    server.settings = settings
    print(f"port {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
