#!/usr/bin/env python3
"""Differential check of the receiving side: the kit's `reference receiver` (the Swift
model behind HTTP) against the Python implementation in examples/adapters/python/full/
receiving.py, written separately from docs/design/receiving-suite.md.

    python3 .ci/receiving_crosscheck.py --bin .build/debug/skan-conform [--batches 300] [--seed 1]

Random batches of Apple's published and field postbacks (Tests/Fixtures/apple-samples.json),
sent to the network path and both copy paths, repeated, with unsigned members rewritten,
signed members forged, bodies as text, and junk. Each batch is POSTed to the receiver, its
report compared with the Python answer for the same arrivals, then the receiver is reset.
Exit 1 on the first difference, printing the batch.
"""
import argparse
import json
import pathlib
import random
import subprocess
import sys
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "examples" / "adapters" / "python" / "full"))
import receiving  # noqa: E402

NETWORK = "/postbacks"
PATHS = [NETWORK, NETWORK, NETWORK, receiving.SKAN_COPY, receiving.AAK_COPY]


def bodies():
    samples = json.loads((ROOT / "Tests" / "Fixtures" / "apple-samples.json").read_text())["samples"]
    return [s.get("postback") if "postback" in s else s["raw_text"] for s in samples]


def variant(rng, body):
    """The body, or a copy with an unsigned member rewritten, a signed one forged, as text, or junk."""
    roll = rng.random()
    if roll < 0.5 or not isinstance(body, dict):
        return body
    body = dict(body)
    if roll < 0.65:
        body["conversion-value"] = rng.choice([0, 1, 1.0, 63])
    elif roll < 0.75:
        body["timestamp"] = 17  # a forwarder's member, ignored
    elif roll < 0.85 and "transaction-id" in body:
        body["app-id"] = 1  # signed: a forgery
    elif roll < 0.95:
        return json.dumps(body)
    else:
        return rng.choice(["not json", "[]", None, 1])
    return body


def request(url, data=None):
    req = urllib.request.Request(url, data=data, method="POST" if data is not None else "GET")
    if data is not None:
        req.add_header("Content-Type", "application/json")
    with urllib.request.urlopen(req, timeout=60) as response:
        return response.status, response.read()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--batches", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    pool = bodies()
    server = subprocess.Popen(
        [args.bin, "reference", "receiver", "--port", "0", "--network-path", NETWORK],
        stdout=subprocess.PIPE, text=True)
    try:
        line = server.stdout.readline()
        port = int(line.split("127.0.0.1:")[1].split()[0])
        base = f"http://127.0.0.1:{port}"
        for batch in range(args.batches):
            arrivals = []
            for index in range(rng.randint(0, 12)):
                previous = [a["body"] for a in arrivals]
                body = rng.choice(previous) if previous and rng.random() < 0.4 else variant(rng, rng.choice(pool))
                arrivals.append({"at": index, "path": rng.choice(PATHS), "body": body})
            for arrival in arrivals:
                body = arrival["body"]
                data = (body if isinstance(body, str) else json.dumps(body)).encode("utf-8")
                status, _ = request(base + arrival["path"], data)
                if status != 200:
                    sys.exit(f"batch {batch}: the reference receiver answered {status}")
                # What the receiver recorded is the text it got: compare with the text too.
                arrival["body"] = data.decode("utf-8")
            _, report = request(base + "/.skan-conform/report")
            expected = receiving.run({"op": "receive", "receiver": {"network_paths": [NETWORK]}, "arrivals": arrivals})
            if json.dumps(json.loads(report), sort_keys=True) != json.dumps(expected, sort_keys=True):
                print(json.dumps(arrivals, indent=1)[:4000])
                print("swift:", report.decode()[:3000])
                print("python:", json.dumps(expected)[:3000])
                sys.exit(f"batch {batch}: the reference receiver and the Python implementation differ")
            request(base + "/.skan-conform/reset", b"")
        print(f"receiving cross-check: {args.batches} batches, the Swift model and the Python implementation agree")
    finally:
        server.terminate()
        server.wait(timeout=30)


if __name__ == "__main__":
    main()
