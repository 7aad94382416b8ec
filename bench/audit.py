#!/usr/bin/env python3
"""`skan-conform audit` at the scale receivers run, beside the machine's own limit.

Usage:
  python3 bench/audit.py [--binary .build/release/skan-conform] [--sizes 100000,1000000] [--runs 3]

For each size, a corpus of that many arrivals from Tests/Fixtures/make_audit_corpus.py (cached
in the temporary directory by size) is audited with the double-counting receiver's claims;
each run's wall time and peak memory (the child's maximum resident set) are taken, and the
medians printed: arrivals per second, and memory per arrival and per deduplication key. Beside
them, the limit: OpenSSL's ECDSA P-256 verify rate on one core (`openssl speed ecdsap256`)
times the cores, and the audit's rate as a fraction of it. Then the P-192 path apart (the
kit's own verification, on attaswift/BigInt): SKAdNetwork 2.0 postbacks signed with a P-192
key made for the run, beside `openssl speed ecdsap192`.

Memory per key: the difference in peak memory between the two largest sizes over the
difference in their keys (counted postbacks), which leaves out what every run holds (the
binary, one batch of lines). Memory apart from the keys: one genuine postback stored again
and again (every arrival a retry of the first, so one key), at each size: it should not grow.

Run it on an otherwise idle machine; docs/guides/performance.md quotes one run of it.
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GENERATOR = os.path.join(ROOT, "Tests", "Fixtures", "make_audit_corpus.py")


def corpus(size):
    directory = os.path.join(tempfile.gettempdir(), f"skan-audit-corpus-{size}")
    if not os.path.exists(os.path.join(directory, "expected.json")):
        subprocess.run([sys.executable, GENERATOR, "--arrivals", str(size), "--seed", "7", "--out", directory],
                       check=True, stdout=subprocess.DEVNULL)
    return directory


def p192_corpus(size):
    """`size` SKAdNetwork 2.0 postbacks, each with its own transaction ID, signed with a P-192
    key made for the run (deterministic ECDSA), and the receiver that verifies them with it."""
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    import base64
    path = os.path.join(tempfile.gettempdir(), f"skan-audit-p192-{size}.jsonl")
    receiver = os.path.join(tempfile.gettempdir(), f"skan-audit-p192-{size}-receiver.json")
    if not os.path.exists(receiver):
        key = ec.derive_private_key(192_2026, ec.SECP192R1())
        public = base64.b64encode(key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).decode()
        with open(path, "w") as out:
            for index in range(size):
                body = {"version": "2.0", "ad-network-id": "kittest.skadnetwork", "campaign-id": 42,
                        "app-id": 1234567890, "transaction-id": f"00000000-0000-4000-8000-{index:012d}",
                        "redownload": False, "source-app-id": 987654321}
                signed = "\u2063".join(["2.0", "kittest.skadnetwork", "42", "1234567890", body["transaction-id"],
                                          "false", "987654321"])
                der = key.sign(signed.encode(), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
                body["attribution-signature"] = base64.b64encode(der).decode()
                out.write(json.dumps({"at": 1_700_000_000_000 + index, "path": "/postbacks",
                                      "body": json.dumps(body, separators=(",", ":"))}) + "\n")
        with open(receiver, "w") as out:
            json.dump({"receiver": {"network_paths": ["/postbacks"]}, "skadnetwork_public_key": public}, out)
    return path, receiver


def retries_corpus(source, size):
    """The first counted postback of `source` (a corpus directory) `size` times: one key."""
    path = os.path.join(tempfile.gettempdir(), f"skan-audit-retries-{size}.jsonl")
    if not os.path.exists(path):
        with open(os.path.join(source, "arrivals.jsonl")) as handle:
            for line in handle:
                arrival = json.loads(line)
                if '"did-win":true' in arrival["body"] and "kittest.skadnetwork" in arrival["body"]:
                    break
        with open(path, "w") as out:
            for index in range(size):
                arrival["at"] = 1_764_000_000_000 + index
                out.write(json.dumps(arrival) + "\n")
    return path


def timed(command):
    """Wall seconds and peak resident memory (bytes) of one run of `command`."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1):
        sys.exit(f"{' '.join(command)}: exit {code}: {process.stderr.read().decode()[:2000]}")
    return elapsed, usage.ru_maxrss * 1024


def openssl_verify_rate(curve):
    output = subprocess.run(["openssl", "speed", "-seconds", "3", f"ecdsa{curve}"], capture_output=True,
                            text=True).stdout
    match = re.search(r"\(nist\w+\)\s+\S+\s+\S+\s+\S+\s+([\d.]+)", output)
    return float(match.group(1)) if match else None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "release", "skan-conform"))
    parser.add_argument("--sizes", default="100000,1000000")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--p192", type=int, default=100000, help="arrivals of the P-192 run (0: none)")
    args = parser.parse_args()
    cores = os.cpu_count()
    print(f"machine: {cores} cores, {os.uname().sysname} {os.uname().release}; binary: {args.binary}")
    p256 = openssl_verify_rate("p256")
    print(f"limit: openssl ecdsap256 verify {p256:,.0f}/s on one core, x {cores} cores = {p256 * cores:,.0f}/s")
    rows = []
    for size in [int(text) for text in args.sizes.split(",")]:
        directory = corpus(size)
        expected = json.load(open(os.path.join(directory, "expected.json")))
        keys = expected["statuses"].get("counted", 0)
        command = [args.binary, "audit", os.path.join(directory, "arrivals.jsonl"), "--receiver",
                   os.path.join(directory, "receiver.json"), "--claimed", os.path.join(directory, "claimed-double.jsonl"),
                   "--list-limit", "1000"]
        runs = [timed(command) for _ in range(args.runs)]
        seconds = statistics.median(run[0] for run in runs)
        memory = statistics.median(run[1] for run in runs)
        spread = (min(run[0] for run in runs), max(run[0] for run in runs))
        rate = size / seconds
        rows.append((size, keys, memory))
        print(f"{size:>9,} arrivals: {seconds:6.2f} s (runs {spread[0]:.2f} to {spread[1]:.2f}), {rate:,.0f}/s "
              f"= {rate * 60 / 1e6:.2f} million a minute, {rate / (p256 * cores):.2f} of the limit; "
              f"peak memory {memory / 2**20:,.0f} MiB ({memory / size:,.0f} B an arrival)")
    if len(rows) >= 2:
        (small, small_keys, small_memory), (large, large_keys, large_memory) = rows[-2], rows[-1]
        per_key = (large_memory - small_memory) / max(1, large_keys - small_keys)
        print(f"memory per key: {per_key:,.0f} B ({large_keys - small_keys:,} more keys from {small:,} to {large:,} arrivals)")
    if rows:
        source = corpus(rows[0][0])
        flat = []
        for size in [row[0] for row in rows]:
            path = retries_corpus(source, size)
            runs = [timed([args.binary, "audit", path, "--receiver", os.path.join(source, "receiver.json")])
                    for _ in range(args.runs)]
            flat.append((size, statistics.median(run[1] for run in runs)))
        print("memory apart from the keys (one postback and its retries): "
              + ", ".join(f"{size:,} arrivals {memory / 2**20:,.1f} MiB" for size, memory in flat)
              + f"; {flat[-1][1] / flat[0][1]:.2f} x")
    if args.p192:
        p192 = openssl_verify_rate("p192")
        path, receiver = p192_corpus(args.p192)
        runs = [timed([args.binary, "audit", path, "--receiver", receiver])[0] for _ in range(args.runs)]
        rate = args.p192 / statistics.median(runs)
        print(f"P-192 (2.0 postbacks, each its own, a P-192 key): {rate:,.0f}/s; openssl ecdsap192 verify {p192:,.0f}/s "
              f"x {cores} = {p192 * cores:,.0f}/s; {rate / (p192 * cores):.2f} of it")


if __name__ == "__main__":
    main()
