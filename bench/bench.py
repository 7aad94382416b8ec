#!/usr/bin/env python3
"""skan-conform beside the harness a user would write, and the kit's transports.

Usage:
  python3 bench/bench.py [--runs 5] [--builds debug,release] [--scale 10] [--skip-transports] [--skip-http]
                         [--binary path/to/release/skan-conform]

Part 1, for each build (debug, then release): the same adapter, that build's
`skan-conform reference --stdio`, checked against the whole corpus once (1x) and ten times
over (10x) by
  - the kit:                 skan-conform run            (persistent stdio, 256 in flight)
  - a sequential harness:    bench/harness.py            (one request at a time)
  - a pipelined harness:     bench/harness.py --pipelined (64 in flight, writer thread)
and the kit's start-up alone: `skan-conform list` and a run of one case. The contestants
take turns within each round (paired runs), so a machine that slows down mid-run slows all
of them alike; the figures are the medians over the rounds. From the 1x and 10x medians:
per-case cost = (t10 - t1) / (9 x cases), fixed cost = t1 - cases x per-case cost.

`--static` adds a release build linked with `--static-swift-stdlib` (Linux), whose process
start skips loading the Swift runtime and Foundation as shared libraries.

Beside the kit, in the same rounds, the limit it is measured against: the adapter alone,
fed from a file the very requests the kit sends it (captured once through `tee`, at 1x and
10x: `adapter < requests.jsonl > /dev/null`), and the ratio kit / adapter-from-file.

Part 2 (release only, unless --skip-transports): throughput of the kit's three transports
against the reference over 40 repetitions of the corpus (29,000+ cases), and differential
fuzzing, as in earlier versions of this script.

Part 3 (release only, unless --skip-http): HTTP against wrk. `skan-conform reference --http`
on 127.0.0.1 is loaded by wrk (POST, a Lua script; one of the kit's request bodies, and all of
them in turn) and by the kit's HTTP run over 10x the corpus, at the same concurrency (8 and
64 connections); requests/s of both and the ratio kit / wrk. Skipped, with a word, when wrk
is not installed (`apt-get install wrk`).

`--ab A B`: instead of all that, two binaries (a change and its base) paired and interleaved:
N rounds, each running the same commands with A then B (B then A on odd rounds), against the
same adapter (A's `reference --stdio`): `list`, a run of one case, the whole corpus at 1x and
at 10x. Prints each median, the spread (fastest and slowest round) and B / A.

`--scale-series 1000,10000,200000`: user vector files of that many `window` cases (the
committed cases repeated under new IDs), each `list`ed and `run` against the reference, with
time and peak memory per case, beside Python's `json.load` of the same file and the adapter
alone fed the same requests from a file. The cost per case should be flat across sizes.

Run it on an otherwise idle machine; docs/guides/performance.md quotes one run of it.
"""
import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
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


def capture_requests(binary, factor, directory):
    """The bytes the kit writes to its adapter in a run of `factor` x the corpus (hello, every
    run request, stop), captured with `tee` between the kit and `reference --stdio`."""
    path = os.path.join(directory, f"requests-{factor}x.jsonl")
    adapter = f"tee {shlex.quote(path)} | {shlex.quote(binary)} reference --stdio"
    timed([binary, "run", "--cli", adapter, "--repeat", str(factor)], r"conformance: \d+ passed")
    with open(path, "rb") as handle:
        lines = handle.read().splitlines()
    runs = sum(1 for line in lines if line.startswith(b'{"cmd":"run"'))
    return path, runs


def timed_from_file(command, path):
    """`command < path > /dev/null`, timed; exits on a non-zero status."""
    with open(path, "rb") as source:
        start = time.perf_counter()
        result = subprocess.run(command, cwd=ROOT, stdin=source, stdout=subprocess.DEVNULL,
                                stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    if result.returncode != 0:
        sys.exit(f"{' '.join(command)} < {path} failed (exit {result.returncode}):\n"
                 f"{result.stderr.decode(errors='replace')[-2000:]}")
    return elapsed


def compare(binary, runs, scale, scratch):
    adapter = f"{shlex.quote(binary)} reference --stdio"
    requests = {factor: capture_requests(binary, factor, scratch) for factor in (1, scale)}
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
    from_file = {f"adapter from file, {factor}x": requests[factor] for factor in (1, scale)}
    times = {name: [] for name in list(startup) + list(contestants) + list(from_file)}
    cases = {name: count for name, (_, count) in from_file.items()}
    for _ in range(runs):
        for name, (command, expect) in startup.items():
            times[name].append(timed(command, expect)[0])
        for name, command in contestants.items():
            elapsed, output = timed(command, r"(conformance|harness): \d+ passed")
            times[name].append(elapsed)
            cases[name] = passed(output)
            if name.startswith("kit, "):
                # The adapter alone, fed the same requests from a file, right after the kit.
                twin = name.replace("kit, ", "adapter from file, ")
                times[twin].append(timed_from_file([binary, "reference", "--stdio"], from_file[twin][0]))
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name in startup:
        print(f"  {name:34} median {medians[name] * 1000:8.1f} ms")
    for name in list(contestants) + list(from_file):
        print(f"  {name:34} {cases[name]:7d} cases  median {medians[name]:7.3f} s  "
              f"{cases[name] / medians[name]:9.0f} cases/s")
    for factor in (1, scale):
        print(f"  {factor}x: kit / adapter from file = "
              f"{medians[f'kit, {factor}x'] / medians[f'adapter from file, {factor}x']:5.2f}")
    for factor in (1, scale):
        kit = medians[f"kit, {factor}x"]
        print(f"  {factor}x: sequential harness / kit = {medians[f'sequential harness, {factor}x'] / kit:5.2f}   "
              f"pipelined harness / kit = {medians[f'pipelined harness, {factor}x'] / kit:5.2f}")
    for who in ("kit", "sequential harness", "pipelined harness", "adapter from file"):
        n1 = cases[f"{who}, 1x"]
        t1, tn = medians[f"{who}, 1x"], medians[f"{who}, {scale}x"]
        per_case = (tn - t1) / (cases[f"{who}, {scale}x"] - n1)
        print(f"  {who:20} fixed cost {max(0.0, t1 - n1 * per_case) * 1000:7.1f} ms   "
              f"per case {per_case * 1e6:6.1f} us")


def timed_with_memory(command, stdin=None):
    """Wall seconds and peak resident memory (bytes) of `command`; exits on a status above 1."""
    source = open(stdin, "rb") if stdin else subprocess.DEVNULL
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdin=source, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if stdin:
        source.close()
    code = os.waitstatus_to_exitcode(status)
    if code > 1:
        sys.exit(f"{' '.join(command)} failed (exit {code}):\n{process.stderr.read().decode(errors='replace')[-2000:]}")
    return elapsed, usage.ru_maxrss * 1024


def spread(values):
    return f"{min(values) * 1000:8.1f} to {max(values) * 1000:8.1f} ms"


def ab(first, second, runs, scale):
    """Paired, interleaved rounds of two binaries on the same commands and the same adapter."""
    adapter = f"{shlex.quote(first)} reference --stdio"
    commands = {
        "list": (["list"], r"cases selected"),
        "run, one case": (["run", "--id", "window/p1-48h-exact"], r"conformance: 1 passed"),
        "run, 1x": (["run", "--cli", adapter], r"conformance: \d+ passed"),
        f"run, {scale}x": (["run", "--cli", adapter, "--repeat", str(scale)], r"conformance: \d+ passed"),
    }
    times = {(name, who): [] for name in commands for who in ("A", "B")}
    for round_index in range(runs):
        order = [("A", first), ("B", second)]
        if round_index % 2:
            order.reverse()
        for name, (arguments, expect) in commands.items():
            for who, binary in order:
                times[(name, who)].append(timed([binary] + arguments, expect)[0])
    print(f"A: {first}\nB: {second}\n{runs} paired rounds, alternating which goes first")
    for name in commands:
        a, b = statistics.median(times[(name, "A")]), statistics.median(times[(name, "B")])
        print(f"  {name:16} A median {a * 1000:8.1f} ms ({spread(times[(name, 'A')])})   "
              f"B median {b * 1000:8.1f} ms ({spread(times[(name, 'B')])})   B / A {b / a:5.2f}")


def scale_file(count, directory):
    """A user vector file of `count` window cases: the committed ones repeated under new IDs."""
    path = os.path.join(directory, f"window-{count}.json")
    if os.path.exists(path):
        return path
    with open(os.path.join(ROOT, "Vectors", "window.json")) as handle:
        document = json.load(handle)
    base = document["cases"]
    cases = []
    for index in range(count):
        case = dict(base[index % len(base)])
        case["id"] = f"{case['id']}-{index // len(base)}"
        cases.append(case)
    document["cases"] = cases
    document["number_of_cases"] = count
    with open(path, "w") as handle:
        json.dump(document, handle, separators=(",", ":"))
    return path


def scale_series(binary, runs, sizes, directory):
    """`list` and `run` over user vector files of growing size: time and memory per case."""
    adapter = f"{shlex.quote(binary)} reference --stdio"
    print(f"{'cases':>9} {'MB':>6} | {'list s':>7} {'us/case':>8} {'KB/case':>8} | {'run s':>7} {'us/case':>8} "
          f"{'KB/case':>8} | {'adapter s':>9} {'run/adapter':>11} | {'json.load s':>11}")
    for count in sizes:
        path = scale_file(count, directory)
        requests = os.path.join(directory, f"requests-{count}.jsonl")
        tee = f"tee {shlex.quote(requests)} | {adapter}"
        timed([binary, "run", "--vectors", path, "--cli", tee], r"conformance: \d+ passed")
        rows = {"list": [], "run": [], "adapter": [], "json": []}
        for _ in range(runs):
            rows["list"].append(timed_with_memory([binary, "list", "--vectors", path]))
            rows["run"].append(timed_with_memory([binary, "run", "--vectors", path, "--cli", adapter]))
            rows["adapter"].append(timed_with_memory([binary, "reference", "--stdio"], stdin=requests))
            rows["json"].append(timed_with_memory([sys.executable, "-c", "import json,sys; json.load(open(sys.argv[1]))",
                                                   path]))
        median = {name: (statistics.median(r[0] for r in values), statistics.median(r[1] for r in values))
                  for name, values in rows.items()}
        megabytes = os.path.getsize(path) / 1e6
        print(f"{count:9d} {megabytes:6.1f} | {median['list'][0]:7.3f} {median['list'][0] / count * 1e6:8.2f} "
              f"{median['list'][1] / count / 1024:8.2f} | {median['run'][0]:7.3f} {median['run'][0] / count * 1e6:8.2f} "
              f"{median['run'][1] / count / 1024:8.2f} | {median['adapter'][0]:9.3f} "
              f"{median['run'][0] / median['adapter'][0]:11.2f} | {median['json'][0]:11.3f}")


def transports(binary, runs):
    server = subprocess.Popen([binary, "reference", "--http", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        sys.exit(f"the HTTP reference did not start: {line!r}")
    endpoint = f"http://127.0.0.1:{match.group(1)}/"
    reference = f"{shlex.quote(binary)} reference --stdio"
    commands = {
        "stdio (persistent, 256 in flight)": [binary, "run", "--repeat", "40"],
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
    base = rates["stdio (persistent, 256 in flight)"]
    for name, rate in rates.items():
        print(f"  {name:34} {rate / base:6.3f} x stdio")


WRK_SCRIPT = """
-- POSTs the kit's request bodies, one per line of the file, in turn (each wrk thread from
-- its own start).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local requests = {}
for line in io.lines(os.getenv("SKAN_BENCH_BODIES")) do
  requests[#requests + 1] = wrk.format(nil, nil, nil, line)
end
local next = 0
request = function()
  next = next % #requests + 1
  return requests[next]
end
"""


def start_http_reference(binary):
    server = subprocess.Popen([binary, "reference", "--http", "--port", "0"], stdout=subprocess.PIPE, text=True)
    line = server.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        server.terminate()
        sys.exit(f"the HTTP reference did not start: {line!r}")
    return server, f"http://127.0.0.1:{match.group(1)}/"


def wrk_rate(endpoint, connections, seconds, script, bodies):
    threads = max(1, min(connections, os.cpu_count() or 1))
    result = subprocess.run(["wrk", "-t", str(threads), "-c", str(connections), "-d", f"{seconds}s", "-s", script,
                             endpoint], capture_output=True, text=True, env={**os.environ, "SKAN_BENCH_BODIES": bodies})
    match = re.search(r"Requests/sec:\s+([0-9.]+)", result.stdout)
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)|Socket errors: .*", result.stdout)
    if result.returncode != 0 or not match or errors:
        sys.exit(f"wrk failed (exit {result.returncode}):\n{result.stdout}{result.stderr}")
    return float(match.group(1))


def http_against_wrk(binary, runs, scale, scratch, seconds):
    """Requests/s of wrk and of the kit against the same `reference --http`, same concurrency."""
    if shutil.which("wrk") is None:
        print("  wrk is not installed (apt-get install wrk): HTTP against wrk skipped")
        return
    path, _ = capture_requests(binary, scale, scratch)
    with open(path, "rb") as handle:
        bodies = [line for line in handle.read().splitlines() if line.startswith(b'{"cmd":"run"')]
    # One body: the median-sized request (wrk as the issue ran it); all: the corpus in turn.
    one = os.path.join(scratch, "one-body.jsonl")
    with open(one, "wb") as handle:
        handle.write(sorted(bodies[:len(bodies) // scale], key=len)[len(bodies) // scale // 2] + b"\n")
    every = os.path.join(scratch, "all-bodies.jsonl")
    with open(every, "wb") as handle:
        handle.write(b"\n".join(bodies[:len(bodies) // scale]) + b"\n")
    script = os.path.join(scratch, "post.lua")
    with open(script, "w") as handle:
        handle.write(WRK_SCRIPT)
    server, endpoint = start_http_reference(binary)
    try:
        for connections in (8, 64):
            samples = {"wrk, one body": [], "wrk, every body in turn": [], "kit, 1x": [], f"kit, {scale}x": []}
            cases = {}
            for _ in range(runs):
                samples["wrk, one body"].append(wrk_rate(endpoint, connections, seconds, script, one))
                samples["wrk, every body in turn"].append(wrk_rate(endpoint, connections, seconds, script, every))
                for factor in (1, scale):
                    elapsed, output = timed([binary, "run", "--endpoint", endpoint, "--repeat", str(factor),
                                             "--concurrency", str(connections)], r"conformance: \d+ passed")
                    samples[f"kit, {factor}x"].append(elapsed)
                    cases[factor] = passed(output)
            wrk_one = statistics.median(samples["wrk, one body"])
            wrk_all = statistics.median(samples["wrk, every body in turn"])
            t1, tn = statistics.median(samples["kit, 1x"]), statistics.median(samples[f"kit, {scale}x"])
            kit = cases[scale] / tn
            marginal = (cases[scale] - cases[1]) / (tn - t1)
            print(f"  {connections:2d} connections: wrk, one body {wrk_one:9.0f} requests/s   "
                  f"wrk, every body in turn {wrk_all:9.0f} requests/s")
            print(f"  {connections:2d} connections: kit, {scale}x {cases[scale]} cases  median {tn:7.3f} s  "
                  f"{kit:9.0f} requests/s   (1x {t1:6.3f} s; {scale}x - 1x: {marginal:9.0f} requests/s)")
            print(f"  {connections:2d} connections: kit / wrk (one body) = {kit / wrk_one:5.2f}   "
                  f"kit / wrk (every body) = {kit / wrk_all:5.2f}   "
                  f"kit ({scale}x - 1x) / wrk (one body) = {marginal / wrk_one:5.2f}")
    finally:
        server.terminate()
        server.wait()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--builds", default="debug,release")
    parser.add_argument("--scale", type=int, default=10)
    parser.add_argument("--skip-transports", action="store_true")
    parser.add_argument("--skip-http", action="store_true", help="leave out HTTP against wrk")
    parser.add_argument("--wrk-seconds", type=int, default=3, help="length of one wrk run")
    parser.add_argument("--binary", help="measure this skan-conform (release) instead of building")
    parser.add_argument("--static", action="store_true",
                        help="also measure a release build with --static-swift-stdlib (Linux)")
    parser.add_argument("--static-scratch", help="scratch directory of that build (default .build/static)")
    parser.add_argument("--ab", nargs=2, metavar=("A", "B"), help="paired A/B rounds of two binaries, nothing else")
    parser.add_argument("--scale-series", metavar="N,N,...",
                        help="list and run user vector files of these sizes (with --binary), nothing else")
    args = parser.parse_args()
    if args.ab:
        ab(os.path.abspath(args.ab[0]), os.path.abspath(args.ab[1]), args.runs, args.scale)
        return
    if args.scale_series:
        binary = os.path.abspath(args.binary) if args.binary else build("release")
        with tempfile.TemporaryDirectory(prefix="skan-scale-") as scratch:
            scale_series(binary, args.runs, [int(n) for n in args.scale_series.split(",")], scratch)
        return
    if args.binary:
        binaries = {"release": os.path.abspath(args.binary)}
    else:
        binaries = {configuration: build(configuration) for configuration in args.builds.split(",")}
        if args.static:
            binaries["release, static"] = build("release", static=True, scratch=args.static_scratch)
    with tempfile.TemporaryDirectory(prefix="skan-bench-") as scratch:
        for configuration, binary in binaries.items():
            print(f"{configuration} build: the kit beside the harness and the adapter alone ({args.runs} rounds)")
            compare(binary, args.runs, args.scale, scratch)
        if not args.skip_transports and "release" in binaries:
            print("release build: transports (40 x the corpus) and fuzzing")
            transports(binaries["release"], args.runs)
        if not args.skip_http and "release" in binaries:
            print(f"release build: HTTP, the kit against wrk on the same server ({args.runs} rounds)")
            http_against_wrk(binaries["release"], args.runs, args.scale, scratch, args.wrk_seconds)


if __name__ == "__main__":
    main()
