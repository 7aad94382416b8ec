#!/usr/bin/env python3
"""Prints what the SQLite example receiver counted, as the `receiving` suite's output
(Spec/receiving.md): the report `skan-conform probe postbacks --report-command` reads.

    python3 examples/receivers/sqlite/report.py counts.sqlite3

One JSON object on standard output: `arrivals`, each arrival's answer in arrival order, and
`totals`, counted by the database (a COUNT per status, and the counted arrivals grouped into
rows). The database is opened read-only; a missing file is an error (exit 1), not an empty
report. Standard library only.
"""
import json
import pathlib
import sqlite3
import sys

ANSWER = ("role", "framework", "verdict", "reason", "response", "status", "cause", "duplicate_of",
          "body_differs", "environment", "postback_id", "ad_network_id", "did_win", "conversion_type", "window")
BOOLEANS = ("body_differs", "did_win")  # stored as 0 and 1
STATUS_TOTALS = (("counted", "counted"), ("duplicates", "duplicate"), ("excluded", "excluded"),
                 ("rejected", "rejected"), ("unverifiable", "unverifiable"))
ROW = ("environment", "framework", "ad_network_id", "conversion_type", "window", "did_win")


def columns(names):
    return ", ".join(f'"{name}"' for name in names)


def report(connection):
    arrivals = []
    for values in connection.execute(f"SELECT {columns(ANSWER)} FROM arrivals ORDER BY idx"):
        answer = dict(zip(ANSWER, values))
        for name in BOOLEANS:
            if answer[name] is not None:
                answer[name] = bool(answer[name])
        arrivals.append(answer)
    counts = ", ".join(f"COUNT(CASE WHEN status = '{status}' THEN 1 END)" for _, status in STATUS_TOTALS)
    received, *by_status = connection.execute(f"SELECT COUNT(*), {counts} FROM arrivals").fetchone()
    totals = {"received": received}
    totals.update((member, count) for (member, _), count in zip(STATUS_TOTALS, by_status))
    # RCV-19's order: strings by code point (SQLite's BINARY collation), window by number, false first.
    rows = connection.execute(
        f"SELECT {columns(ROW)}, COUNT(*) FROM arrivals WHERE status = 'counted'"
        f" GROUP BY {columns(ROW)} ORDER BY {columns(ROW)}")
    totals["rows"] = [dict(zip(ROW + ("count",), row[:5] + (bool(row[5]), row[6]))) for row in rows]
    return {"arrivals": arrivals, "totals": totals}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: report.py DATABASE")
    path = pathlib.Path(sys.argv[1]).resolve()
    if not path.is_file():
        sys.exit(f"report.py: no database at {path}")
    connection = sqlite3.connect(path.as_uri() + "?mode=ro", uri=True, timeout=30)
    try:
        json.dump(report(connection), sys.stdout, separators=(",", ":"))
    finally:
        connection.close()


if __name__ == "__main__":
    main()
