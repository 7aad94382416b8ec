#!/usr/bin/env python3
"""Throughput of `skan-conform run` against the bundled reference, per transport.

Usage: python3 bench/bench.py [--runs 5] [--repeat 40]

Builds in release mode, then times whole runs (process start, handshake and every case)
and reports the median cases per second of each transport and the ratios between them.
Run it on an otherwise idle machine; the figures in docs/benchmarks.md came from it.
"""
import argparse
import re
import statistics
import subprocess
import sys
import time

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=40, help="times the whole corpus is run per measurement")
    parser.add_argument("--per-case-repeat", type=int, default=1)
    args = parser.parse_args()

    subprocess.run(["swift", "build", "-c", "release", "--product", "skan-conform"], check=True)
    binary = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], check=True,
                            capture_output=True, text=True).stdout.strip() + "/skan-conform"
    reference = f"{binary} reference --stdio"

    server = subprocess.Popen([binary, "reference", "--http", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        sys.exit(f"the HTTP reference did not start: {line!r}")
    endpoint = f"http://127.0.0.1:{match.group(1)}/"

    transports = {
        "stdio (persistent, pipelined)": ([binary, "run", "--repeat", str(args.repeat)], args.repeat),
        "http (keep-alive, 8 in flight)": ([binary, "run", "--endpoint", endpoint, "--repeat", str(args.repeat)], args.repeat),
        "per-case processes (2 at once)": ([binary, "run", "--cli", reference, "--per-case", "--repeat",
                                            str(args.per_case_repeat)], args.per_case_repeat),
    }
    results = {}
    try:
        for name, (command, repeat) in transports.items():
            times = []
            cases = 0
            for _ in range(args.runs):
                start = time.perf_counter()
                output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
                times.append(time.perf_counter() - start)
                cases = int(re.search(r"conformance: (\d+) passed", output).group(1))
            median = statistics.median(times)
            results[name] = cases / median
            print(f"{name:34} {cases:7d} cases  median {median:7.3f} s  {cases / median:10.0f} cases/s")
    finally:
        server.terminate()
    # Differential fuzzing against the reference over persistent stdio.
    fuzz_times = []
    fuzz_count = 0
    for _ in range(args.runs):
        start = time.perf_counter()
        output = subprocess.run([binary, "fuzz", "--cli", reference, "--seed", "1", "--count", "50000"],
                                check=True, capture_output=True, text=True).stdout
        fuzz_times.append(time.perf_counter() - start)
        fuzz_count = int(re.search(r"(\d+) scenarios", output).group(1))
    fuzz_median = statistics.median(fuzz_times)
    print(f"{'fuzz over stdio':34} {fuzz_count:7d} scenarios median {fuzz_median:7.3f} s  "
          f"{fuzz_count / fuzz_median * 60:10.0f} scenarios/min")

    base = results["stdio (persistent, pipelined)"]
    for name, rate in results.items():
        print(f"{name:34} {rate / base:6.3f} x stdio")

if __name__ == "__main__":
    main()
