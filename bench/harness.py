#!/usr/bin/env python3
"""The harness a user would write instead of skan-conform: the yardstick in bench/bench.py.

Written from the README's "Plain vectors" section and Spec/README.md's "Comparing results",
in plain Python, as a newcomer would: load Vectors/*.json, start the adapter once, say hello,
send every case of the suites it declares, compare each answer with `expected`, count.

Usage:
  python3 bench/harness.py --adapter "skan-conform reference --stdio" [--pipelined] [--repeat 10]

`--pipelined` keeps up to 64 requests in flight (a writer thread and the reader), the way
the kit's stdio transport does; without it, one request at a time. It has no fault handling
at all (no timeouts, restarts or replay): a fair yardstick for speed, not for robustness.
Prints "harness: P passed, F failed, S skipped" and exits 1 if anything failed.
"""
import argparse
import glob
import json
import os
import shlex
import subprocess
import sys
import threading


def matches(expected, actual):
    """Spec/README.md, "Comparing results"."""
    if isinstance(expected, bool) or expected is None:
        return type(actual) is type(expected) and actual == expected
    if isinstance(expected, (int, float)):
        if isinstance(actual, bool) or not isinstance(actual, (int, float)):
            return False
        if isinstance(expected, float):
            return abs(expected - actual) <= 1e-9 * max(abs(expected), abs(actual))
        return actual == expected
    if isinstance(expected, str):
        return isinstance(actual, str) and actual == expected
    if isinstance(expected, list):
        return (isinstance(actual, list) and len(actual) == len(expected)
                and all(matches(e, a) for e, a in zip(expected, actual)))
    if isinstance(expected, dict):
        return (isinstance(actual, dict) and actual.keys() == expected.keys()
                and all(matches(v, actual[k]) for k, v in expected.items()))
    return False


def verdict(case, reply):
    if "skipped" in reply:
        return "skipped"
    expected = case["expected"]
    if "error" in expected:
        error = reply.get("error")
        return "passed" if isinstance(error, dict) and error.get("code") == expected["error"] else "failed"
    return "passed" if "output" in reply and matches(expected["output"], reply["output"]) else "failed"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--adapter", required=True)
    parser.add_argument("--vectors", default=os.path.join(os.path.dirname(__file__), "..", "Vectors"))
    parser.add_argument("--pipelined", action="store_true")
    parser.add_argument("--depth", type=int, default=64)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()

    cases = []
    for path in sorted(glob.glob(os.path.join(args.vectors, "*.json"))):
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
        if "suite" in data and "cases" in data:
            cases.extend((data["suite"], case) for case in data["cases"])

    adapter = subprocess.Popen(shlex.split(args.adapter), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True, encoding="utf-8", bufsize=1)
    adapter.stdin.write('{"cmd":"hello","kit_version":"0.1.0","protocol":1}\n')
    adapter.stdin.flush()
    suites = set(json.loads(adapter.stdout.readline())["suites"])
    work = [(suite, case) for _ in range(args.repeat) for suite, case in cases if suite in suites]

    def request(seq, suite, case):
        return json.dumps({"cmd": "run", "id": case["id"], "input": case["input"], "seq": seq,
                           "suite": suite}) + "\n"

    counts = {"passed": 0, "failed": 0, "skipped": 0}
    if not args.pipelined:
        for seq, (suite, case) in enumerate(work, start=1):
            adapter.stdin.write(request(seq, suite, case))
            adapter.stdin.flush()
            counts[verdict(case, json.loads(adapter.stdout.readline()))] += 1
    else:
        slots = threading.Semaphore(args.depth)

        def writer():
            for seq, (suite, case) in enumerate(work, start=1):
                slots.acquire()
                adapter.stdin.write(request(seq, suite, case))
            adapter.stdin.flush()

        thread = threading.Thread(target=writer, daemon=True)
        thread.start()
        for _ in work:
            reply = json.loads(adapter.stdout.readline())
            slots.release()
            counts[verdict(work[reply["seq"] - 1][1], reply)] += 1
        thread.join()
    adapter.stdin.write('{"cmd":"stop"}\n')
    adapter.stdin.close()
    adapter.wait()
    skipped = counts["skipped"] + (len(cases) * args.repeat - len(work))
    print(f"harness: {counts['passed']} passed, {counts['failed']} failed, {skipped} skipped")
    sys.exit(1 if counts["failed"] else 0)


if __name__ == "__main__":
    main()
