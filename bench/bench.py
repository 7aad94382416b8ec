#!/usr/bin/env python3
"""skan-conform beside the harness a user would write, and the kit's transports.

Usage:
  python3 bench/bench.py [--runs 5] [--builds debug,release] [--scale 10] [--skip-transports]

Part 1, for each build (debug, then release): the same adapter, that build's
`skan-conform reference --stdio`, checked against the whole corpus once (1x) and ten times
over (10x) by
  - the kit:                 skan-conform run            (persistent stdio, 64 in flight)
  - a sequential harness:    bench/harness.py            (one request at a time)
  - a pipelined harness:     bench/harness.py --pipelined (64 in flight, writer thread)
and the kit's start-up alone: `skan-conform list` and a run of one case. The contestants
take turns within each round (paired runs), so a machine that slows down mid-run slows all
of them alike; the figures are the medians over the rounds. From the 1x and 10x medians:
per-case cost = (t10 - t1) / (9 x cases), fixed cost = t1 - cases x per-case cost.

`--static` adds a release build linked with `--static-swift-stdlib` (Linux), whose process
start skips loading the Swift runtime and Foundation as shared libraries.

Part 2 (release only, unless --skip-transports): throughput of the kit's three transports
against the reference over 40 repetitions of the corpus (29,000+ cases), and differential
fuzzing, as in earlier versions of this script.

Run it on an otherwise idle machine; docs/benchmarks.md quotes one run of it.
"""
import argparse
import os
import re
import shlex
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "bench", "harness.py")


def build(configuration, static=False, scratch=None):
    """Builds `configuration`; `static` links the Swift runtime and Foundation into the binary
    (`--static-swift-stdlib`, Linux only), in its own scratch directory."""
    extra = ["--static-swift-stdlib", "--scratch-path", scratch or os.path.join(ROOT, ".build", "static")] if static else []
    subprocess.run(["swift", "build", "-c", configuration, "--product", "skan-conform"] + extra, cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "-c", configuration, "--show-bin-path"] + extra, cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "skan-conform")


def timed(command, expect=r"."):
    start = time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    output = result.stdout + result.stderr
    if result.returncode != 0 or not re.search(expect, output):
        sys.exit(f"{' '.join(command)} failed (exit {result.returncode}):\n{output[-2000:]}")
    return elapsed, output


def passed(output):
    match = re.search(r"conformance: (\d+) passed", output) or re.search(r"harness: (\d+) passed", output)
    return int(match.group(1))


def compare(binary, runs, scale):
    adapter = f"{shlex.quote(binary)} reference --stdio"
    contestants = {}
    for factor in (1, scale):
        contestants[f"kit, {factor}x"] = [binary, "run", "--cli", adapter, "--repeat", str(factor)]
        contestants[f"sequential harness, {factor}x"] = [sys.executable, HARNESS, "--adapter", adapter,
                                                         "--repeat", str(factor)]
        contestants[f"pipelined harness, {factor}x"] = [sys.executable, HARNESS, "--adapter", adapter,
                                                        "--pipelined", "--repeat", str(factor)]
    startup = {
        "skan-conform list": ([binary, "list"], r"cases selected"),
        "skan-conform run, one case": ([binary, "run", "--id", "window/p1-48h-exact"], r"conformance: 1 passed"),
    }
    times = {name: [] for name in list(startup) + list(contestants)}
    cases = {}
    for _ in range(runs):
        for name, (command, expect) in startup.items():
            times[name].append(timed(command, expect)[0])
        for name, command in contestants.items():
            elapsed, output = timed(command, r"(conformance|harness): \d+ passed")
            times[name].append(elapsed)
            cases[name] = passed(output)
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name in startup:
        print(f"  {name:34} median {medians[name] * 1000:8.1f} ms")
    for name in contestants:
        print(f"  {name:34} {cases[name]:7d} cases  median {medians[name]:7.3f} s  "
              f"{cases[name] / medians[name]:9.0f} cases/s")
    for factor in (1, scale):
        kit = medians[f"kit, {factor}x"]
        print(f"  {factor}x: sequential harness / kit = {medians[f'sequential harness, {factor}x'] / kit:5.2f}   "
              f"pipelined harness / kit = {medians[f'pipelined harness, {factor}x'] / kit:5.2f}")
    for who in ("kit", "sequential harness", "pipelined harness"):
        n1 = cases[f"{who}, 1x"]
        t1, tn = medians[f"{who}, 1x"], medians[f"{who}, {scale}x"]
        per_case = (tn - t1) / (cases[f"{who}, {scale}x"] - n1)
        print(f"  {who:20} fixed cost {max(0.0, t1 - n1 * per_case) * 1000:7.1f} ms   "
              f"per case {per_case * 1e6:6.1f} us")


def transports(binary, runs):
    server = subprocess.Popen([binary, "reference", "--http", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        sys.exit(f"the HTTP reference did not start: {line!r}")
    endpoint = f"http://127.0.0.1:{match.group(1)}/"
    reference = f"{shlex.quote(binary)} reference --stdio"
    commands = {
        "stdio (persistent, 64 in flight)": [binary, "run", "--repeat", "40"],
        "http (keep-alive, 8 in flight)": [binary, "run", "--endpoint", endpoint, "--repeat", "40"],
        "per-case processes (2 at once)": [binary, "run", "--cli", reference, "--per-case"],
    }
    rates = {}
    try:
        for name, command in commands.items():
            samples = [timed(command, r"conformance: \d+ passed") for _ in range(runs)]
            median = statistics.median(elapsed for elapsed, _ in samples)
            count = passed(samples[-1][1])
            rates[name] = count / median
            print(f"  {name:34} {count:7d} cases  median {median:7.3f} s  {count / median:9.0f} cases/s")
    finally:
        server.terminate()
    fuzz = [timed([binary, "fuzz", "--cli", reference, "--seed", "1", "--count", "50000"], r"scenarios")[0]
            for _ in range(runs)]
    median = statistics.median(fuzz)
    print(f"  {'fuzz over stdio':34}   50000 scenarios  median {median:7.3f} s  {50000 / median * 60:9.0f} per minute")
    base = rates["stdio (persistent, 64 in flight)"]
    for name, rate in rates.items():
        print(f"  {name:34} {rate / base:6.3f} x stdio")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--builds", default="debug,release")
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--skip-transports", action="store_true")
    parser.add_argument("--static", action="store_true",
                        help="also measure a release build with --static-swift-stdlib (Linux)")
    parser.add_argument("--static-scratch", help="scratch directory of that build (default .build/static)")
    args = parser.parse_args()
    binaries = {configuration: build(configuration) for configuration in args.builds.split(",")}
    if args.static:
        binaries["release, static"] = build("release", static=True, scratch=args.static_scratch)
    for configuration, binary in binaries.items():
        print(f"{configuration} build: the kit beside the harness, same adapter ({args.runs} rounds)")
        compare(binary, args.runs, args.scale)
    if not args.skip_transports and "release" in binaries:
        print("release build: transports (40 x the corpus) and fuzzing")
        transports(binaries["release"], args.runs)


if __name__ == "__main__":
    main()
