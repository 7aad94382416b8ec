#!/usr/bin/env python3
"""Run the copy-ready pipelines of examples/ci/ as they are written, against the reference.

    python3 .ci/check_pipelines.py --bin PATH/TO/skan-conform [--github FILE] [--gitlab FILE]
                                   [--github-http FILE] [--gitlab-http FILE]
                                   [--only github|gitlab|github-http|gitlab-http] [--keep] [-v]

The four files (a stdio adapter and an HTTP service, for each CI system) are parsed (PyYAML) and checked for the jobs this kit's README promises (a build,
a matrix of shards, a merge that also runs when a shard fails, the artifacts). Then every job
runs, in order, in a fresh directory of its own, the way the CI system would run it:

- GitHub Actions: each `run:` step with the shell the runner would use (`bash --noprofile
  --norc -eo pipefail` for `shell: bash`), after `${{ matrix.* }}`, `${{ env.* }}`,
  `${{ strategy.job-total }}`, `${{ runner.temp }}` … are substituted; each matrix
  combination is one job; `if:` conditions of jobs and steps are evaluated (`!cancelled()`,
  `always()`, `needs.<job>.result`, …); GITHUB_STEP_SUMMARY, GITHUB_PATH, GITHUB_ENV and
  GITHUB_OUTPUT are files, read back after each step. `fail-fast` (true unless turned off)
  cancels the other jobs of a matrix when one fails (taken at its worst: they had not yet
  uploaded anything). The `uses:` steps are simulated:
    actions/checkout           of the kit (`repository:` given): `git archive HEAD` of this
                               repository into `path:`; of the user's repository: nothing
                               (the job's empty workspace stands for it);
    actions/cache              a miss (nothing restored), after checking that it caches
                               `.build` under a key hashing Package.swift;
    actions/upload-artifact    the files of `path:` (globs, directories, v4's root rules)
                               copied into a shared directory under the artifact's name,
                               without the executable bit, as GitHub's zip loses it; a name
                               uploaded twice fails, as in v4;
    actions/download-artifact  by `name:`, or by `pattern:` with or without
                               `merge-multiple:`, from that shared directory;
    actions/attest             nothing is signed: the job must grant `id-token: write` and
                               `attestations: write`, `subject-path` must be a JSON report,
                               `predicate-path` the predicate of the in-toto Statement the kit
                               wrote about that very file (`--attestation`, next to it as
                               `*.intoto.json`), and `predicate-type` its type.
  Any other action fails the check.
- GitLab CI: each job's `before_script` and `script` lines in one `bash -eo pipefail`, its
  `after_script` in another, in a project directory that is empty but for the artifacts
  the job receives (`needs:` / `dependencies:` / earlier stages, modes kept), with the
  global and job `variables:` and GitLab's own (CI_NODE_INDEX, CI_NODE_TOTAL from
  `parallel: N`, CI_PROJECT_DIR, …) in the environment; `when:` (on_success, always,
  on_failure) decides whether a job runs; `artifacts:` (paths, `when:`, reports:junit) are
  collected. `cache:` is a miss, after checking that it caches `.build`. `image:` is not
  used: the commands run on this machine.

Every step (GitHub) or script (GitLab) runs in a process group of its own; what it leaves
running in the background, such as a service started with `… &`, lives on until its job
ends and is then stopped (SIGTERM, then SIGKILL after 10 s), as both CI systems do.

The Swift build is not run again: `swift` on PATH is a stand-in that accepts exactly the
two `swift build` command lines .ci/run uses for the static binary (read from .ci/run, so
the pipelines and .ci/run cannot drift apart), only inside a checkout of the kit, and
"builds" by copying the binary given with --bin where `--show-bin-path` says it is. The
binary reaches PATH only the way the pipeline puts it there (artifacts, GITHUB_PATH, PATH).
Network access the pipelines would need is replaced the way a user overrides variables:
GitLab's SKAN_CONFORM_GIT and SKAN_CONFORM_REF point at this repository and its HEAD.

Each pipeline runs twice:
1. as written, against the bundled reference: every job succeeds, every shard job keeps
   its JUnit file and its JSON report of exactly the cases README's `--shard I/N` rule
   gives it, and the uploaded certificate holds a complete merged report with every case exactly
   once, all passing, the HTML page with its two badge files, and the JUnit file; the
   Markdown report reaches the step summary (GitHub) or the merge job's log (GitLab).
2. with SKAN_IMPLEMENTATION set to a mutant of the reference (as a user sets it to their
   adapter): the shards holding the cases it fails fail, the others pass, and the merge
   job still runs, exits 1 and uploads a certificate that lists exactly the failures of
   an unsharded run of that mutant.
The HTTP pipelines (`-http` files) must start ${SKAN_IMPLEMENTATION} in the background in the
shard job and run `skan-conform run --endpoint "$SKAN_ENDPOINT" --wait …`. Their first run is
as written but for the port: 8080 in the file, a free one here (in both variables). Their
second run's SKAN_IMPLEMENTATION is the mutant served over HTTP after `sleep 3`: a failing
service that starts listening 3 s late, which the shards reach only through --wait. Each
shard job's log must show the service listening, and nothing may listen on the port once
the pipeline is over.
One `ok:` line per pipeline; anything else exits 1 with what went wrong and the job's log.
"""

from __future__ import annotations

import argparse
import collections
import fnmatch
import glob
import hashlib
import itertools
import json
import os
import platform
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

try:
    import yaml
except ImportError:  # pragma: no cover
    sys.exit("check_pipelines.py needs PyYAML: python3 -m pip install pyyaml")

ROOT = Path(__file__).resolve().parent.parent
STEP_TIMEOUT = 600
MUTANT = "values/medium-is-31"
IMPLEMENTATION_VARIABLE = "SKAN_IMPLEMENTATION"


class PipelineError(Exception):
    pass


def fail(message: str) -> None:
    raise PipelineError(message)


def as_list(value) -> list:
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def tail(path: Path, lines: int = 40, start: int = 0, end: int | None = None) -> str:
    """The last lines of a log, or of its part from byte start to byte end."""
    try:
        text = path.read_bytes()[start:end].decode(errors="replace").splitlines()
    except OSError:
        return "(no log)"
    return "\n".join("    " + line for line in text[-lines:])


def load_yaml(path: Path) -> dict:
    try:
        data = yaml.safe_load(path.read_text())
    except (OSError, yaml.YAMLError) as error:
        fail(f"{path}: does not parse as YAML: {error}")
    if not isinstance(data, dict):
        fail(f"{path}: not a mapping at the top level")
    return data


# ---------------------------------------------------------------------------------------------
# The build stand-in


def ci_run_build_commands() -> tuple[list[str], list[str]]:
    """The arguments after `swift build` that .ci/run uses to build and locate the static binary."""
    text = (ROOT / ".ci/run").read_text()
    found = {m.strip() for m in re.findall(r'swift build (-c release --static-swift-stdlib[^>)"\n]*)', text)}
    build = [shlex.split(a) for a in found if "--show-bin-path" not in a]
    show = [shlex.split(a) for a in found if "--show-bin-path" in a]
    if len(build) != 1 or len(show) != 1:
        fail(f".ci/run: expected one static `swift build` and one `--show-bin-path` command line, found {sorted(found)}")
    return build[0], show[0]


SWIFT_SHIM = r'''#!{python}
# `swift` for .ci/check_pipelines.py: accepts only the static-binary command lines of .ci/run.
import json, os, shutil, sys
cfg = json.load(open({config!r}))
args = sys.argv[1:]
with open(cfg["log"], "a") as log:
    log.write(json.dumps({{"cwd": os.getcwd(), "args": args}}) + "\n")
if args == ["--version"]:
    print("Swift (stand-in of .ci/check_pipelines.py)")
    sys.exit(0)
def refuse(why):
    sys.stderr.write("swift (stand-in of .ci/check_pipelines.py): " + why + "\n")
    sys.exit(1)
if args[:1] != ["build"]:
    refuse("only `swift build` is simulated, got: swift " + " ".join(args))
package = os.path.join(os.getcwd(), "Package.swift")
if not os.path.isfile(package) or 'name: "skan-conform"' not in open(package).read():
    refuse("not run in a checkout of the kit (no skan-conform Package.swift in " + os.getcwd() + ")")
rest = args[1:]
bindir = os.path.join(os.getcwd(), ".build", "static", cfg["triple"], "release")
if rest == cfg["build"]:
    os.makedirs(bindir, exist_ok=True)
    target = os.path.join(bindir, "skan-conform")
    if os.path.exists(target):
        os.remove(target)
    try:
        os.link(cfg["bin"], target)
    except OSError:
        shutil.copy2(cfg["bin"], target)
    print("Build of product 'skan-conform' complete! (simulated: the binary given to check_pipelines.py)")
elif rest == cfg["show"]:
    print(bindir)
else:
    refuse("this `swift build` is not one of .ci/run's:\n  swift build " + " ".join(rest)
           + "\n.ci/run builds with\n  swift build " + " ".join(cfg["build"])
           + "\nand finds the binary with\n  swift build " + " ".join(cfg["show"]))
'''


class Sandbox:
    """What every simulated job shares: the stand-in `swift`, the base PATH, the binary."""

    def __init__(self, scratch: Path, binary: Path):
        self.scratch = scratch
        self.binary = scratch / "kit-binary" / "skan-conform"
        self.binary.parent.mkdir(parents=True)
        shutil.copy2(binary, self.binary)
        self.binary.chmod(0o755)
        build, show = ci_run_build_commands()
        self.build_args, self.show_args = build, show
        shim_dir = scratch / "swift-stand-in"
        shim_dir.mkdir()
        config = shim_dir / "config.json"
        self.swift_log = shim_dir / "calls.jsonl"
        config.write_text(json.dumps({
            "bin": str(self.binary), "build": build, "show": show, "log": str(self.swift_log),
            "triple": f"{platform.machine()}-unknown-linux-gnu",
        }))
        shim = shim_dir / "swift"
        shim.write_text(SWIFT_SHIM.format(python=sys.executable, config=str(config)))
        shim.chmod(0o755)
        # The machine's PATH without any directory that holds a skan-conform: the pipeline
        # must put the binary on PATH itself.
        dirs = [d for d in os.environ.get("PATH", "/usr/bin:/bin").split(os.pathsep)
                if d and not (Path(d) / "skan-conform").exists()]
        self.base_path = os.pathsep.join([str(shim_dir)] + dirs)
        self.bash = shutil.which("bash") or "/bin/bash"

    def swift_calls(self) -> list[dict]:
        if not self.swift_log.exists():
            return []
        return [json.loads(line) for line in self.swift_log.read_text().splitlines()]

    def reset_swift_calls(self) -> None:
        if self.swift_log.exists():
            self.swift_log.unlink()


def kit_checkout(dest: Path) -> None:
    dest.mkdir(parents=True, exist_ok=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "HEAD"], capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)


def run_script(argv: list[str], cwd: Path, env: dict, log: Path, groups: list[int]) -> int:
    """Runs one step in a process group of its own, noted in `groups`: what it leaves running
    in the background (a service) lives until the job ends (``end_job``)."""
    with open(log, "a") as out:
        out.flush()
        process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
        groups.append(process.pid)
        try:
            return process.wait(timeout=STEP_TIMEOUT)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
            out.write(f"\n(check_pipelines.py: timed out after {STEP_TIMEOUT} s)\n")
            return 124


def end_job(groups: list[int]) -> None:
    """What a job left running is stopped when it ends, as the CI systems do (GitHub's
    "Cleaning up orphan processes", GitLab's end of the job's container)."""
    for group in groups:
        try:
            os.killpg(group, signal.SIGTERM)
        except ProcessLookupError:
            continue
    deadline = time.monotonic() + 10
    for group in groups:
        while time.monotonic() < deadline:
            try:
                os.killpg(group, 0)
            except ProcessLookupError:
                break
            time.sleep(0.05)
        else:
            try:
                os.killpg(group, signal.SIGKILL)
            except ProcessLookupError:
                pass
    groups.clear()


def collect(patterns: list[str], base: Path) -> list[Path]:
    """Files matched by glob patterns relative to base (directories: their files, recursively)."""
    files: list[Path] = []
    excluded: set[Path] = set()
    for pattern in patterns:
        negate = pattern.startswith("!")
        pattern = pattern[1:] if negate else pattern
        full = pattern if os.path.isabs(pattern) else str(base / pattern)
        for match in sorted(glob.glob(full, recursive=True)):
            path = Path(match)
            found = [p for p in sorted(path.rglob("*")) if p.is_file()] if path.is_dir() else [path]
            if negate:
                excluded.update(found)
            else:
                files.extend(found)
    seen: list[Path] = []
    for path in files:
        if path not in excluded and path not in seen:
            seen.append(path)
    return seen


# ---------------------------------------------------------------------------------------------
# GitHub Actions expressions


TOKEN = re.compile(r"""\s*(?:(?P<str>'(?:[^']|'')*')|(?P<num>\d+(?:\.\d+)?)|(?P<op>&&|\|\||==|!=|!|\(|\)|,)"""
                   r"""|(?P<name>[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*))""")
STATUS_FUNCTIONS = ("always", "success", "failure", "cancelled")


class Expression:
    """A small evaluator for the GitHub expressions the pipelines use; anything else is refused."""

    def __init__(self, text: str, context: dict, status: dict):
        self.tokens, position = [], 0
        text = text.strip()
        while position < len(text):
            match = TOKEN.match(text, position)
            if not match or match.end() == position:
                fail(f"expression `{text}`: cannot read it at `{text[position:]}`")
            kind = match.lastgroup
            self.tokens.append((kind, match.group(kind)))
            position = match.end()
        self.text, self.context, self.status, self.index = text, context, status, 0

    def value(self):
        result = self.or_()
        if self.index != len(self.tokens):
            fail(f"expression `{self.text}`: unexpected `{self.tokens[self.index][1]}`")
        return result

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, op=None):
        token = self.peek()
        if op is not None and token != ("op", op):
            fail(f"expression `{self.text}`: expected `{op}`")
        self.index += 1
        return token

    def or_(self):
        left = self.and_()
        while self.peek() == ("op", "||"):
            self.take()
            right = self.and_()
            left = left if truthy(left) else right
        return left

    def and_(self):
        left = self.compare()
        while self.peek() == ("op", "&&"):
            self.take()
            right = self.compare()
            left = right if truthy(left) else left
        return left

    def compare(self):
        left = self.unary()
        if self.peek() in (("op", "=="), ("op", "!=")):
            op = self.take()[1]
            right = self.unary()
            same = loose_equal(left, right)
            return same if op == "==" else not same
        return left

    def unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return not truthy(self.unary())
        return self.primary()

    def primary(self):
        kind, text = self.take()
        if kind == "op" and text == "(":
            inner = self.or_()
            self.take(")")
            return inner
        if kind == "str":
            return text[1:-1].replace("''", "'")
        if kind == "num":
            return float(text) if "." in text else int(text)
        if kind == "name":
            if self.peek() == ("op", "("):
                self.take()
                self.take(")")
                if text not in STATUS_FUNCTIONS:
                    fail(f"expression `{self.text}`: the checker does not evaluate {text}()")
                return self.status[text]
            if text in ("true", "false", "null"):
                return {"true": True, "false": False, "null": None}[text]
            parts = text.split(".")
            if parts[0] not in self.context:
                fail(f"expression `{self.text}`: unknown context `{parts[0]}`")
            node = self.context[parts[0]]
            for part in parts[1:]:
                if not isinstance(node, dict) or part not in node:
                    fail(f"expression `{self.text}`: `{text}` is not defined here")
                node = node[part]
            return node
        fail(f"expression `{self.text}`: unexpected `{text}`")


def truthy(value) -> bool:
    return value not in (False, 0, "", None)


def flag(value) -> bool:
    """An action input read as a boolean (inputs are strings: "false" is false)."""
    return str(value).strip().lower() == "true"


def loose_equal(a, b) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    return a == b


def as_text(value) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def substitute(text, context: dict, status: dict | None = None) -> str:
    status = status or {"always": True, "success": True, "failure": False, "cancelled": False}
    return re.sub(r"\$\{\{(.*?)\}\}", lambda m: as_text(Expression(m.group(1), context, status).value()), str(text))


def condition(text, context: dict, status: dict) -> bool:
    if text is None:
        return status["success"]
    if isinstance(text, bool):
        return text
    text = str(text).strip()
    whole = re.fullmatch(r"\$\{\{(.*)\}\}", text, re.S)
    text = whole.group(1) if whole else text
    if not any(re.search(rf"\b{f}\s*\(", text) for f in STATUS_FUNCTIONS):
        text = f"success() && ({text})"
    return truthy(Expression(text, context, status).value())


# ---------------------------------------------------------------------------------------------
# GitHub Actions


def action_name(uses: str) -> str:
    name, _, ref = uses.partition("@")
    if not ref:
        fail(f"`uses: {uses}`: no version; pin the action (a major tag or a commit SHA)")
    return name


def check_github_structure(wf: dict, path: Path) -> None:
    jobs = wf.get("jobs")
    if not isinstance(jobs, dict):
        fail(f"{path}: no jobs")
    for name in ("build", "shard", "merge"):
        if not isinstance(jobs.get(name), dict) or not jobs[name].get("steps"):
            fail(f"{path}: no job `{name}` with steps (expected build, shard, merge)")
    if IMPLEMENTATION_VARIABLE not in (wf.get("env") or {}):
        fail(f"{path}: no workflow-level env {IMPLEMENTATION_VARIABLE} (the implementation under test)")
    strategy = jobs["shard"].get("strategy") or {}
    shards = (strategy.get("matrix") or {}).get("shard")
    if not isinstance(shards, list) or not shards or shards != list(range(1, len(shards) + 1)):
        fail(f"{path}: jobs.shard.strategy.matrix.shard should be the list 1..N, is {shards!r}")
    if strategy.get("fail-fast", True) is not False:
        fail(f"{path}: jobs.shard.strategy.fail-fast is not false: one failing shard would cancel the others")
    if "shard" not in as_list(jobs["merge"].get("needs")):
        fail(f"{path}: jobs.merge does not need the shard job")

    def steps(job):
        return jobs[job]["steps"]

    def uses(job, name):
        return [s for s in steps(job) if "uses" in s and action_name(s["uses"]) == name]

    def runs(job, text):
        return [s for s in steps(job) if text in str(s.get("run", ""))]

    caches = uses("build", "actions/cache")
    if not caches or not any(".build" in str((c.get("with") or {}).get("path", "")) for c in caches):
        fail(f"{path}: the build job does not cache .build with actions/cache")
    if not any(re.search(r"hashFiles\([^)]*Package\.swift", str((c.get("with") or {}).get("key", ""))) for c in caches):
        fail(f"{path}: the build job's cache key does not hash Package.swift")
    for job, text in (("build", "swift build"), ("shard", "skan-conform run"), ("merge", "skan-conform report merge")):
        if not runs(job, text):
            fail(f"{path}: the {job} job has no step running `{text}`")
    for job in ("build", "shard", "merge"):
        if not uses(job, "actions/upload-artifact"):
            fail(f"{path}: the {job} job uploads no artifact")
    for job in ("shard", "merge"):
        if not uses(job, "actions/download-artifact"):
            fail(f"{path}: the {job} job downloads no artifact")
    if not runs("merge", "GITHUB_STEP_SUMMARY"):
        fail(f"{path}: the merge job writes nothing to $GITHUB_STEP_SUMMARY")


class GitHubRun:
    def __init__(self, wf: dict, path: Path, sandbox: Sandbox, scratch: Path, env_overrides: dict):
        self.wf, self.path, self.sandbox, self.scratch = wf, path, sandbox, scratch
        self.artifact_root = scratch / "artifacts"
        self.artifact_root.mkdir(parents=True)
        self.artifacts: dict[str, dict] = {}  # name -> {"dir": Path, "owner": instance name}
        self.workflow_env = {k: as_text(v) for k, v in (wf.get("env") or {}).items()}
        self.workflow_env.update(env_overrides)
        self.results: dict[str, str] = {}
        self.instances: dict[str, list[dict]] = {}

    def order(self) -> list[str]:
        jobs, done, order = self.wf["jobs"], set(), []
        while len(order) < len(jobs):
            ready = [j for j in jobs if j not in done and all(n in done for n in as_list(jobs[j].get("needs")))]
            if not ready:
                fail(f"{self.path}: the jobs' needs form a cycle or name a job that does not exist")
            for job in ready:
                done.add(job)
                order.append(job)
        return order

    def run(self) -> None:
        for job_id in self.order():
            job = self.wf["jobs"][job_id]
            needs = as_list(job.get("needs"))
            needs_context = {n: {"result": self.results[n], "outputs": {}} for n in needs}
            status = {
                "always": True, "cancelled": False,
                "success": all(self.results[n] == "success" for n in needs),
                "failure": any(self.results[n] == "failure" for n in needs),
            }
            context = {"env": dict(self.workflow_env), "needs": needs_context, "github": {}, "runner": {}}
            if not condition(job.get("if"), context, status):
                self.results[job_id] = "skipped"
                self.instances[job_id] = []
                continue
            strategy = job.get("strategy") or {}
            matrix = strategy.get("matrix") or {}
            if any(key in matrix for key in ("include", "exclude")):
                fail(f"{self.path}: jobs.{job_id}: matrix include/exclude is not simulated")
            keys = list(matrix)
            combos = [dict(zip(keys, values)) for values in itertools.product(*(as_list(matrix[k]) for k in keys))]
            records = []
            for index, combo in enumerate(combos):
                records.append(self.run_instance(job_id, job, combo, index, len(combos), needs_context))
            if strategy.get("fail-fast", True) and any(r["result"] == "failure" for r in records):
                for record in records:
                    if record["result"] != "failure":
                        record["result"] = "cancelled"
                        for name in record["uploads"]:
                            shutil.rmtree(self.artifacts.pop(name)["dir"])
            self.instances[job_id] = records
            self.results[job_id] = "success" if all(r["result"] == "success" for r in records) else "failure"

    def run_instance(self, job_id: str, job: dict, combo: dict, index: int, total: int, needs_context: dict) -> dict:
        label = job_id + ("" if not combo else " (" + ", ".join(f"{k}={v}" for k, v in combo.items()) + ")")
        home = self.scratch / "jobs" / (job_id + "".join(f"-{v}" for v in combo.values()))
        workspace, temp = home / "workspace", home / "temp"
        for d in (workspace, temp, home / "home"):
            d.mkdir(parents=True)
        log = home / "log.txt"
        record = {"name": label, "log": log, "steps": [], "summary": "", "uploads": [], "result": "success", "matrix": combo,
                  "permissions": job.get("permissions") or {}}
        context = {
            "env": dict(self.workflow_env), "matrix": combo, "needs": needs_context, "steps": {},
            "strategy": {"job-total": total, "job-index": index, "fail-fast": (job.get("strategy") or {}).get("fail-fast", True)},
            "runner": {"temp": str(temp), "os": "Linux"}, "github": {"workspace": str(workspace)},
        }
        context["env"].update({k: substitute(v, context) for k, v in (job.get("env") or {}).items()})
        defaults = ((job.get("defaults") or {}).get("run") or {}), ((self.wf.get("defaults") or {}).get("run") or {})
        extra_path: list[str] = []
        extra_env: dict[str, str] = {}
        groups: list[int] = []
        failed = False
        for number, step in enumerate(job["steps"], 1):
            status = {"always": True, "cancelled": False, "success": not failed, "failure": failed}
            step_name = step.get("name") or step.get("uses") or str(step.get("run", "")).splitlines()[0]
            step_label = substitute(step_name, context)
            if not condition(step.get("if"), context, status):
                record["steps"].append({"name": step_label, "outcome": "skipped"})
                continue
            step_context = dict(context, env=dict(context["env"], **extra_env))
            step_context["env"].update({k: substitute(v, step_context) for k, v in (step.get("env") or {}).items()})
            log_from = log.stat().st_size if log.exists() else 0
            with open(log, "a") as out:
                out.write(f"\n--- {label}: step {number}: {step_label}\n")
            if "uses" in step:
                exit_code = self.simulate_action(step, step_context, workspace, log, record)
                script = None
            else:
                env = {"HOME": str(home / "home"), "LANG": "C.UTF-8", "CI": "true", "GITHUB_ACTIONS": "true",
                       "GITHUB_WORKSPACE": str(workspace), "RUNNER_TEMP": str(temp), "RUNNER_OS": "Linux"}
                env.update(step_context["env"])
                env["PATH"] = os.pathsep.join(list(reversed(extra_path)) + [self.sandbox.base_path])
                files = {}
                for variable in ("GITHUB_STEP_SUMMARY", "GITHUB_PATH", "GITHUB_ENV", "GITHUB_OUTPUT"):
                    files[variable] = home / f"step-{number}-{variable.lower()}"
                    files[variable].write_text("")
                    env[variable] = str(files[variable])
                script = substitute(step["run"], step_context)
                script_file = home / f"step-{number}.sh"
                script_file.write_text(script)
                shell = step.get("shell") or defaults[0].get("shell") or defaults[1].get("shell")
                if shell == "bash":
                    argv = [self.sandbox.bash, "--noprofile", "--norc", "-eo", "pipefail", str(script_file)]
                elif shell == "sh" or (shell is None and job.get("container")):
                    argv = ["sh", "-e", str(script_file)]
                elif shell is None:
                    argv = [self.sandbox.bash, "-e", str(script_file)]
                else:
                    fail(f"{self.path}: jobs.{job_id}: shell `{shell}` is not simulated")
                directory = workspace
                working = step.get("working-directory") or defaults[0].get("working-directory") or defaults[1].get("working-directory")
                if working:
                    directory = workspace / substitute(working, step_context)
                if not directory.is_dir():
                    with open(log, "a") as out:
                        out.write(f"working-directory {directory} does not exist\n")
                    exit_code = 1
                else:
                    exit_code = run_script(argv, directory, env, log, groups)
                record["summary"] += files["GITHUB_STEP_SUMMARY"].read_text()
                extra_path.extend(line for line in files["GITHUB_PATH"].read_text().splitlines() if line.strip())
                extra_env.update(parse_env_file(files["GITHUB_ENV"].read_text()))
                if step.get("id"):
                    context["steps"][step["id"]] = {"outputs": parse_env_file(files["GITHUB_OUTPUT"].read_text()),
                                                    "outcome": "success" if exit_code == 0 else "failure"}
            record["steps"].append({"name": step_label, "outcome": "success" if exit_code == 0 else "failure",
                                    "exit": exit_code, "run": script, "log": (log_from, log.stat().st_size)})
            if exit_code != 0 and not flag(step.get("continue-on-error", False)):
                failed = True
        end_job(groups)
        record["result"] = "failure" if failed else "success"
        return record

    def simulate_action(self, step: dict, context: dict, workspace: Path, log: Path, record: dict) -> int:
        name = action_name(step["uses"])
        args = {k: substitute(v, context) for k, v in (step.get("with") or {}).items()
                if not (name == "actions/cache" and k in ("key", "restore-keys"))}

        def note(text):
            with open(log, "a") as out:
                out.write(text + "\n")

        if name == "actions/checkout":
            if args.get("repository"):
                kit_checkout(workspace / args.get("path", ""))
                note(f"(simulated) checked out the kit ({args['repository']}@{args.get('ref', '')}) as this repository's HEAD")
            else:
                note("(simulated) checked out the user's repository: the empty workspace")
            return 0
        if name == "actions/cache":
            paths = [p for p in str(args.get("path", "")).splitlines() if p.strip()]
            if not paths or not any(".build" in p for p in paths):
                note(f"actions/cache: caches {paths}, not .build")
                return 1
            note(f"(simulated) cache miss for {paths}")
            return 0
        if name == "actions/upload-artifact":
            artifact = args.get("name", "artifact")
            patterns = [p.strip() for p in str(args.get("path", "")).splitlines() if p.strip()]
            if not patterns:
                note("upload-artifact: no path")
                return 1
            files = collect(patterns, workspace)
            if not files:
                mode = args.get("if-no-files-found", "warn")
                note(f"upload-artifact {artifact}: no files found for {patterns} (if-no-files-found: {mode})")
                return 1 if mode == "error" else 0
            if artifact in self.artifacts and not flag(args.get("overwrite")):
                note(f"upload-artifact: an artifact named {artifact} already exists in this run")
                return 1
            root = artifact_root(patterns, workspace)
            dest = self.artifact_root / artifact
            if dest.exists():
                shutil.rmtree(dest)
            for file in files:
                target = dest / file.resolve().relative_to(root)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(file, target)
                target.chmod(0o644)  # the zip GitHub stores does not keep the executable bit
            self.artifacts[artifact] = {"dir": dest, "owner": record["name"]}
            record["uploads"].append(artifact)
            note(f"(simulated) uploaded {artifact}: {sorted(str(p.relative_to(dest)) for p in dest.rglob('*') if p.is_file())}")
            return 0
        if name == "actions/download-artifact":
            target = Path(os.path.expanduser(args.get("path", "") or "."))
            target = target if target.is_absolute() else workspace / target
            if args.get("name"):
                names = [args["name"]]
                if names[0] not in self.artifacts:
                    note(f"download-artifact: no artifact named {names[0]} in this run")
                    return 1
            else:
                pattern = args.get("pattern", "*")
                names = sorted(n for n in self.artifacts if fnmatch.fnmatchcase(n, pattern))
            single = bool(args.get("name")) or flag(args.get("merge-multiple"))
            for artifact in names:
                source = self.artifacts[artifact]["dir"]
                dest = target if single else target / artifact
                shutil.copytree(source, dest, dirs_exist_ok=True)
            note(f"(simulated) downloaded {names} to {target}")
            return 0
        if name == "actions/attest":
            permissions = record.get("permissions") or {}
            if permissions.get("id-token") != "write" or permissions.get("attestations") != "write":
                note(f"actions/attest: the job's permissions {permissions} lack id-token: write and attestations: write")
                return 1
            subject = workspace / args.get("subject-path", "")
            predicate_path = Path(args.get("predicate-path", ""))
            predicate_path = predicate_path if predicate_path.is_absolute() else workspace / predicate_path
            statement_path = subject.with_suffix(".intoto.json")
            try:
                report_bytes = subject.read_bytes()
                json.loads(report_bytes)
                predicate = json.loads(predicate_path.read_text())
                statement = json.loads(statement_path.read_text())
            except (OSError, ValueError) as error:
                note(f"actions/attest: {error}")
                return 1
            digests = [s.get("digest", {}).get("sha256") for s in statement.get("subject", [])]
            if hashlib.sha256(report_bytes).hexdigest() not in digests:
                note(f"actions/attest: {statement_path.name} is not about {subject.name} as it is now")
                return 1
            if predicate != statement.get("predicate") or args.get("predicate-type") != statement.get("predicateType"):
                note("actions/attest: the predicate or its type is not the one of the kit's Statement")
                return 1
            note(f"(simulated) attested {subject.name} ({args.get('predicate-type')}); nothing was signed")
            return 0
        note(f"the checker does not simulate `{step['uses']}`")
        fail(f"{self.path}: `uses: {step['uses']}` is not simulated by .ci/check_pipelines.py")
        return 1


def artifact_root(patterns: list[str], workspace: Path) -> Path:
    """upload-artifact v4: one search path is the root (its directory if a file); several: their common ancestor."""
    searches = []
    for pattern in patterns:
        if pattern.startswith("!"):
            continue
        full = Path(pattern if os.path.isabs(pattern) else workspace / pattern)
        parts = []
        for part in full.parts:
            if any(c in part for c in "*?["):
                break
            parts.append(part)
        searches.append(Path(*parts).resolve())
    if len(searches) == 1:
        return searches[0].parent if searches[0].is_file() else searches[0]
    return Path(os.path.commonpath([str(s) for s in searches]))


def parse_env_file(text: str) -> dict:
    values, lines = {}, iter(text.splitlines())
    for line in lines:
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            key, delimiter = line.split("<<", 1)
            body = []
            for inner in lines:
                if inner == delimiter:
                    break
                body.append(inner)
            values[key] = "\n".join(body)
        elif "=" in line:
            key, value = line.split("=", 1)
            values[key] = value
    return values


# ---------------------------------------------------------------------------------------------
# GitLab CI


GITLAB_RESERVED = {"stages", "variables", "default", "include", "workflow", "image", "services", "cache",
                   "before_script", "after_script", "types", "pages"}


def gitlab_variables(block) -> dict:
    values = {}
    for key, value in (block or {}).items():
        if isinstance(value, dict):
            value = value.get("value", "")
        values[key] = as_text(value)
    return values


def expand_variables(value: str, known: dict) -> str:
    return re.sub(r"\$(?:\{(\w+)\}|(\w+))", lambda m: known.get(m.group(1) or m.group(2), m.group(0)), value)


def script_lines(value) -> list[str]:
    lines = []
    for item in as_list(value):
        if isinstance(item, list):
            lines.extend(script_lines(item))
        else:
            lines.append(str(item))
    return lines


def check_gitlab_structure(ci: dict, path: Path, names: dict) -> None:
    jobs = {k: v for k, v in ci.items() if k not in GITLAB_RESERVED and not k.startswith(".") and isinstance(v, dict)}
    for role, name in names.items():
        if name not in jobs or "script" not in jobs[name]:
            fail(f"{path}: no job `{name}` with a script (the {role} job)")
    if IMPLEMENTATION_VARIABLE not in (ci.get("variables") or {}):
        fail(f"{path}: no global variable {IMPLEMENTATION_VARIABLE} (the implementation under test)")
    build, shard, merge = (jobs[names[r]] for r in ("build", "shard", "merge"))
    if not isinstance(shard.get("parallel"), int) or shard["parallel"] < 2:
        fail(f"{path}: {names['shard']}: `parallel:` should be the shard count, an integer from 2, is {shard.get('parallel')!r}")
    script = "\n".join(script_lines(shard["script"]))
    if "$CI_NODE_INDEX" not in script:
        fail(f"{path}: {names['shard']}: the script does not use $CI_NODE_INDEX")
    junit = ((shard.get("artifacts") or {}).get("reports") or {}).get("junit")
    if not junit:
        fail(f"{path}: {names['shard']}: no artifacts:reports:junit")
    if (shard.get("artifacts") or {}).get("when") != "always":
        fail(f"{path}: {names['shard']}: artifacts are not kept `when: always`: a failing shard's report would be lost")
    needed = [n if isinstance(n, str) else n.get("job") for n in as_list(merge.get("needs"))]
    if names["shard"] not in needed:
        fail(f"{path}: {names['merge']} does not need {names['shard']}")
    if merge.get("when") != "always":
        fail(f"{path}: {names['merge']} is not `when: always`: a failing shard would leave no certificate")
    if not (merge.get("artifacts") or {}).get("paths"):
        fail(f"{path}: {names['merge']} keeps no artifacts")
    cache = build.get("cache") or ci.get("cache")
    if not cache or not any(".build" in str(p) for c in as_list(cache) for p in as_list(c.get("paths"))):
        fail(f"{path}: {names['build']} does not cache .build")
    for role, text in (("build", "swift build"), ("shard", "skan-conform run"), ("merge", "skan-conform report merge")):
        if text not in "\n".join(script_lines(jobs[names[role]]["script"])):
            fail(f"{path}: {names[role]}: no script line running `{text}`")


class GitLabRun:
    def __init__(self, ci: dict, path: Path, sandbox: Sandbox, scratch: Path, overrides: dict):
        self.ci, self.path, self.sandbox, self.scratch = ci, path, sandbox, scratch
        self.stages = [".pre"] + list(ci.get("stages") or ["build", "test", "deploy"]) + [".post"]
        self.jobs = {k: v for k, v in ci.items()
                     if k not in GITLAB_RESERVED and not k.startswith(".") and isinstance(v, dict) and "script" in v}
        self.overrides = overrides
        self.artifacts: dict[str, list[Path]] = {}  # job -> stored artifact dirs of its instances
        self.results: dict[str, str] = {}
        self.instances: dict[str, list[dict]] = {}

    def stage_of(self, name: str) -> int:
        stage = self.jobs[name].get("stage", "test")
        if stage not in self.stages:
            fail(f"{self.path}: {name}: stage `{stage}` is not in stages")
        return self.stages.index(stage)

    def needs_of(self, name: str) -> list[tuple[str, bool]] | None:
        job = self.jobs[name]
        if "needs" not in job:
            return None
        needs = []
        for need in as_list(job["needs"]):
            if isinstance(need, str):
                needs.append((need, True))
            else:
                needs.append((need["job"], need.get("artifacts", True)))
        for need, _ in needs:
            if need not in self.jobs:
                fail(f"{self.path}: {name} needs `{need}`, which is not a job")
        return needs

    def order(self) -> list[str]:
        names, done, order = list(self.jobs), set(), []
        while len(order) < len(names):
            ready = [n for n in names if n not in done
                     and all(m in done for m, _ in (self.needs_of(n) or []))
                     and all(m in done for m in names if self.stage_of(m) < self.stage_of(n))]
            if not ready:
                fail(f"{self.path}: the jobs' needs and stages form a cycle")
            done.add(ready[0])
            order.append(ready[0])
        return order

    def run(self) -> None:
        global_vars = gitlab_variables(self.ci.get("variables"))
        default = self.ci.get("default") or {}
        for name in self.order():
            job = self.jobs[name]
            needs = self.needs_of(name)
            upstream = [n for n, _ in needs] if needs is not None else \
                [m for m in self.jobs if self.stage_of(m) < self.stage_of(name)]
            ok = all(self.results.get(n) in ("success", "skipped") or self.jobs[n].get("allow_failure") for n in upstream)
            when = job.get("when", "on_success")
            if when not in ("on_success", "always", "on_failure"):
                fail(f"{self.path}: {name}: `when: {when}` is not simulated")
            if (when == "on_success" and not ok) or (when == "on_failure" and ok):
                self.results[name] = "skipped"
                self.instances[name] = []
                continue
            if "dependencies" in job:
                sources = as_list(job["dependencies"])
            elif needs is not None:
                sources = [n for n, wanted in needs if wanted]
            else:
                sources = upstream
            parallel = job.get("parallel")
            if isinstance(parallel, dict):
                fail(f"{self.path}: {name}: `parallel: matrix` is not simulated")
            count = parallel or 1
            records = []
            for index in range(1, count + 1):
                variables = {"CI": "true", "GITLAB_CI": "true", "CI_JOB_STAGE": job.get("stage", "test"),
                             "CI_JOB_NAME": name if not parallel else f"{name} {index}/{count}"}
                if parallel:
                    variables.update({"CI_NODE_INDEX": str(index), "CI_NODE_TOTAL": str(count)})
                records.append(self.run_instance(name, job, default, variables, global_vars, sources))
            self.instances[name] = records
            self.results[name] = "success" if all(r["result"] == "success" for r in records) else "failed"

    def run_instance(self, name, job, default, variables, global_vars, sources) -> dict:
        label = variables["CI_JOB_NAME"]
        home = self.scratch / "jobs" / label.replace(" ", "-").replace("/", "-of-")
        project = home / "project"
        project.mkdir(parents=True)
        (home / "home").mkdir()
        log = home / "log.txt"
        record = {"name": label, "log": log, "result": "success", "junit": [], "artifact_dir": None,
                  "index": int(variables.get("CI_NODE_INDEX", 1))}
        for source in sources:
            for stored in self.artifacts.get(source, []):
                shutil.copytree(stored, project, dirs_exist_ok=True)
        env = {"HOME": str(home / "home"), "LANG": "C.UTF-8", "PATH": self.sandbox.base_path, "CI_PROJECT_DIR": str(project)}
        env.update(variables)
        known = dict(env)
        for key, value in list(global_vars.items()) + list(gitlab_variables(job.get("variables")).items()):
            known[key] = expand_variables(value, known)
        known.update(self.overrides)
        env.update(known)
        if "cache" in job or "cache" in self.ci:
            paths = [p for c in as_list(job.get("cache", self.ci.get("cache"))) for p in as_list(c.get("paths"))]
            with open(log, "a") as out:
                out.write(f"(simulated) cache miss for {paths}\n")
        before = script_lines(job.get("before_script", default.get("before_script", self.ci.get("before_script"))))
        lines = before + script_lines(job["script"])
        script = home / "script.sh"
        script.write_text("set -eo pipefail\n" + "".join(f"printf '%s\\n' {shlex.quote('$ ' + line)}\n{line}\n" for line in lines))
        with open(log, "a") as out:
            out.write(f"--- {label}: script\n")
        groups: list[int] = []
        exit_code = run_script([self.sandbox.bash, "--noprofile", "--norc", str(script)], project, env, log, groups)
        record["exit"] = exit_code
        record["script"] = lines
        record["script_log_end"] = log.stat().st_size
        after = script_lines(job.get("after_script", default.get("after_script", self.ci.get("after_script"))))
        if after:
            after_file = home / "after_script.sh"
            after_file.write_text("".join(f"printf '%s\\n' {shlex.quote('$ ' + line)}\n{line}\n" for line in after))
            with open(log, "a") as out:
                out.write(f"--- {label}: after_script\n")
            run_script([self.sandbox.bash, "--noprofile", "--norc", str(after_file)], project, env, log, groups)
        end_job(groups)
        status = "success" if exit_code == 0 else "failed"
        record["result"] = status
        artifacts = job.get("artifacts") or {}
        when = artifacts.get("when", "on_success")
        if artifacts and (when == "always" or (when == "on_success") == (status == "success")):
            patterns = [expand_variables(str(p), env) for p in as_list(artifacts.get("paths"))]
            patterns += ["!" + expand_variables(str(p), env) for p in as_list(artifacts.get("exclude"))]
            stored = home / "artifacts"
            files = collect(patterns, project) if patterns else []
            for file in files:
                target = stored / file.relative_to(project)
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(file, target)
            if files:
                self.artifacts.setdefault(name, []).append(stored)
                record["artifact_dir"] = stored
            for pattern in as_list((artifacts.get("reports") or {}).get("junit")):
                record["junit"].extend(collect([expand_variables(str(pattern), env)], project))
        record["project"] = project
        return record


# ---------------------------------------------------------------------------------------------
# What a run must have produced


def read_json(path: Path):
    try:
        return json.loads(path.read_text())
    except (OSError, ValueError):
        return None


def find_certificate(files: list[Path], where: str) -> dict:
    reports = [f for f in files if f.suffix == ".json" and isinstance(read_json(f), dict)
               and "results" in read_json(f) and "shard" not in read_json(f).get("header", {})]
    pages = [f for f in files if f.suffix == ".html"]
    if len(reports) != 1:
        fail(f"{where}: expected one merged JSON report, found {[str(f) for f in reports]}")
    if len(pages) != 1:
        fail(f"{where}: expected one HTML page, found {[str(f) for f in pages]}")
    page = pages[0]
    badges = [page.with_name(page.stem + ".badge.svg"), page.with_name(page.stem + ".badge.json")]
    for badge in badges:
        if badge not in files or badge.stat().st_size == 0:
            fail(f"{where}: no {badge.name} beside {page.name}")
    junit = [f for f in files if f.suffix == ".xml"]
    if not junit:
        fail(f"{where}: no JUnit file")
    return {"report": read_json(reports[0]), "page": page, "badges": badges, "junit": junit}


def check_merged(cert: dict, expected_ids: list[str], failing: set[str], where: str) -> None:
    report = cert["report"]
    if report.get("footer", {}).get("complete") is not True:
        fail(f"{where}: the merged report is not marked complete: {report.get('footer')}")
    counts = collections.Counter(r["id"] for r in report["results"])
    doubled = sorted(i for i, n in counts.items() if n > 1)
    missing = sorted(set(expected_ids) - set(counts))
    extra = sorted(set(counts) - set(expected_ids))
    if doubled or missing or extra:
        fail(f"{where}: the merged report does not hold every case exactly once: "
             f"doubled {doubled[:5]}, missing {missing[:5]} ({len(missing)}), unknown {extra[:5]}")
    not_passing = {r["id"] for r in report["results"] if r["status"] != "pass"}
    if not_passing != failing:
        fail(f"{where}: cases not passing {sorted(not_passing)[:10]}, expected {sorted(failing)[:10]}")
    for junit in cert["junit"]:
        root = ET.parse(junit).getroot()
        cases = root.findall(".//testcase")
        failed = [c for c in cases if c.find("failure") is not None or c.find("error") is not None]
        if len(cases) != len(expected_ids) or len(failed) != len(failing):
            fail(f"{where}: {junit.name}: {len(cases)} testcases, {len(failed)} failing; expected "
                 f"{len(expected_ids)} and {len(failing)}")


def job_failure(run, instance: dict) -> str:
    return f"{instance['name']}: {instance['result']}\n{tail(instance['log'])}"


def partition(expected_ids: list[str], count: int) -> dict[int, set[str]]:
    """README, "Sharding in CI": shard I of N runs the cases at positions I-1, I-1+N, … in vector order."""
    return {i: set(expected_ids[i - 1::count]) for i in range(1, count + 1)}


def check_shard_jobs(instances: list[dict], count: int, expected_ids: list[str], failing: set[str], where: str) -> None:
    """Every shard job ran and ended as its cases say: failed if and only if it holds a failing case."""
    shards = partition(expected_ids, count)
    if sorted(i["index"] for i in instances) != list(range(1, count + 1)):
        fail(f"{where}: the shard jobs are {[i['name'] for i in instances]}, expected shards 1..{count}")
    for instance in instances:
        expected = "failure" if shards[instance["index"]] & failing else "success"
        result = "failure" if instance["result"] == "failed" else instance["result"]
        if result != expected:
            fail(f"{where}: {instance['name']} ended {instance['result']}, expected {expected} "
                 f"({len(shards[instance['index']] & failing)} failing case(s) in its shard)\n{tail(instance['log'])}")


def check_shard_reports(instance: dict, files: list[Path], count: int, expected_ids: list[str], where: str) -> None:
    """The job kept its shard's JSON report (the cases of its shard, complete) and a JUnit file."""
    reports = [r for r in (read_json(f) for f in files if f.suffix == ".json")
               if isinstance(r, dict) and "shard" in r.get("header", {})]
    if len(reports) != 1:
        fail(f"{where}: {instance['name']} kept {len(reports)} shard reports, expected 1\n{tail(instance['log'])}")
    if not any(f.suffix == ".xml" for f in files):
        fail(f"{where}: {instance['name']} kept no JUnit file\n{tail(instance['log'])}")
    shard = reports[0]["header"]["shard"]
    if (shard["index"], shard["count"]) != (instance["index"], count):
        fail(f"{where}: {instance['name']} ran shard {shard['index']}/{shard['count']}, "
             f"but it is job {instance['index']} of {count} shard jobs")
    ids = [r["id"] for r in reports[0]["results"]]
    if reports[0]["footer"].get("complete") is not True or set(ids) != partition(expected_ids, count)[instance["index"]]:
        fail(f"{where}: {instance['name']}: its report is incomplete or not the cases of shard {instance['index']}/{count}")


# ---------------------------------------------------------------------------------------------
# The HTTP pipelines: a service started in the background, waited for with --wait


ENDPOINT_VARIABLE = "SKAN_ENDPOINT"
WRITTEN_PORT = 8080


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(2)
        return probe.connect_ex(("127.0.0.1", port)) == 0


def check_http_shard(commands: str, path: Path, job: str) -> None:
    """The shard job starts the implementation in the background and runs against its endpoint."""
    if not re.search(r'"\$\{?' + IMPLEMENTATION_VARIABLE + r'\}?"[^\n]*&\s*$', commands, re.M):
        fail(f"{path}: {job}: no command starts \"${IMPLEMENTATION_VARIABLE}\" in the background (`… &`)")
    runs = [line for line in commands.splitlines() if "skan-conform run" in line or "--endpoint" in line]
    text = " ".join(runs)
    # Not checked here: --wait. Without it the shards fail to reach the late service of the
    # second run, which is the check that counts (.ci/run makes sure it does).
    if "--endpoint" not in text or ENDPOINT_VARIABLE not in text:
        fail(f"{path}: {job}: `skan-conform run` does not use --endpoint \"${ENDPOINT_VARIABLE}\"")


def http_scenarios(written: dict, path: Path, port: int, failing: set[str]) -> list:
    """As written but on a free port (the written 8080 may be taken on this machine); then a
    failing service that starts listening 3 s late, which only --wait lets the run reach."""
    implementation, endpoint = written.get(IMPLEMENTATION_VARIABLE, ""), written.get(ENDPOINT_VARIABLE, "")
    if f"--port {WRITTEN_PORT}" not in implementation or f":{WRITTEN_PORT}/" not in endpoint:
        fail(f"{path}: {IMPLEMENTATION_VARIABLE} and {ENDPOINT_VARIABLE} should use port {WRITTEN_PORT} "
             f"(the check moves it to a free one), are {implementation!r} and {endpoint!r}")
    local = {IMPLEMENTATION_VARIABLE: implementation.replace(f"--port {WRITTEN_PORT}", f"--port {port}"),
             ENDPOINT_VARIABLE: endpoint.replace(f":{WRITTEN_PORT}/", f":{port}/")}
    late = f"sleep 3; exec skan-conform reference --http --port {port} --mutant {MUTANT}"
    return [
        ("as-written", f"as written, on port {port}", local, set()),
        ("failing", f"{IMPLEMENTATION_VARIABLE}={late}", dict(local, **{IMPLEMENTATION_VARIABLE: late}), failing),
    ]


def check_services(instances: list[dict], port: int, where: str) -> None:
    """Every shard job really started the service (its log, shown by the job, says it
    listened), and none is left running."""
    for instance in instances:
        if f"listening on http://127.0.0.1:{port}/" not in instance["log"].read_text(errors="replace"):
            fail(f"{where}: {instance['name']}: its log does not show the service listening on port {port}\n"
                 f"{tail(instance['log'])}")
    if listening(port):
        fail(f"{where}: something still listens on port {port} after the pipeline ended")


# ---------------------------------------------------------------------------------------------
# The two pipelines


def check_build(sandbox: Sandbox, where: str) -> None:
    calls = [c["args"] for c in sandbox.swift_calls()]
    for args, what in ((sandbox.build_args, "build"), (sandbox.show_args, "--show-bin-path")):
        if ["build"] + args not in calls:
            fail(f"{where}: the build job never ran .ci/run's `swift build {' '.join(args)}` ({what})")


def check_github(path: Path, sandbox: Sandbox, scratch: Path, expected_ids, scenarios, verbose: bool, keep: bool,
                 http_port: int | None = None) -> str:
    wf = load_yaml(path)
    check_github_structure(wf, path)
    shard_count = len(wf["jobs"]["shard"]["strategy"]["matrix"]["shard"])
    if http_port is not None:
        check_http_shard("\n".join(str(s.get("run", "")) for s in wf["jobs"]["shard"]["steps"]), path, "jobs.shard")
        scenarios = http_scenarios({k: as_text(v) for k, v in (wf.get("env") or {}).items()}, path, http_port,
                                   scenarios[1][3])
    for key, scenario, overrides, failing in scenarios:
        where = f"{path.name} ({scenario})"
        if http_port is not None and listening(http_port):
            fail(f"{where}: port {http_port} is taken before the pipeline starts")
        sandbox.reset_swift_calls()
        run = GitHubRun(wf, path, sandbox, scratch / f"github-{key}", overrides)
        run.run()
        if verbose:
            for job in run.instances.values():
                for instance in job:
                    print(instance["log"].read_text())
        if run.results["build"] != "success":
            fail(f"{where}: the build job failed\n" + "\n".join(job_failure(run, i) for i in run.instances["build"]))
        check_build(sandbox, where)
        shards = run.instances["shard"]
        for instance in shards:
            instance["index"] = instance["matrix"].get("shard")
        check_shard_jobs(shards, shard_count, expected_ids, failing, where)
        if http_port is not None:
            check_services(shards, http_port, where)
        for instance in shards:
            files = [p for name in instance["uploads"] for p in run.artifacts[name]["dir"].rglob("*") if p.is_file()]
            check_shard_reports(instance, files, shard_count, expected_ids, where)
        merges = run.instances.get("merge") or []
        if run.results["merge"] == "skipped" or len(merges) != 1:
            fail(f"{where}: the merge job did not run (shards: {run.results['shard']})")
        merge = merges[0]
        merge_steps = [s for s in merge["steps"] if s.get("run") and "report merge" in s["run"]]
        want = 1 if failing else 0
        if not merge_steps or merge_steps[0].get("exit") != want:
            shown = tail(merge["log"], 40, *merge_steps[0]["log"]) if merge_steps and "log" in merge_steps[0] else tail(merge["log"])
            fail(f"{where}: the merge step exited {merge_steps[0].get('exit') if merge_steps else 'never'}, expected {want}\n{shown}")
        if failing and merge["result"] != "failure":
            fail(f"{where}: the merge job is {merge['result']} although cases failed")
        if not failing and merge["result"] != "success":
            fail(f"{where}: " + job_failure(run, merge))
        files = [p for name in merge["uploads"] for p in run.artifacts[name]["dir"].rglob("*") if p.is_file()]
        cert = find_certificate(files, f"{where}: the merge job's artifacts")
        check_merged(cert, expected_ids, failing, where)
        summary = merge["summary"]
        if not summary.strip() or "skan-conform" not in summary or any(i not in summary for i in failing):
            fail(f"{where}: the step summary does not hold the Markdown report:\n{summary[:500]}")
        bad = [i for name, instances in run.instances.items() for i in instances
               if i["result"] not in ("success", "failure")]
        if bad:
            fail(f"{where}: " + "\n".join(job_failure(run, i) for i in bad))
        if not keep:
            shutil.rmtree(run.scratch)  # the copies of the binary add up
    service = (f"each shard started the service in the background and waited for it (--wait), in the failing run "
               f"one that listened 3 s late; " if http_port is not None else "")
    return (f"ok: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: build (swift build as .ci/run), "
            f"{shard_count} shards, merge ran as written; {service}{len(expected_ids)} cases, each once, all pass; the step summary, "
            f"HTML page, both badges and JUnit uploaded; with {IMPLEMENTATION_VARIABLE} failing "
            f"{len(scenarios[1][3])} case(s), the failing shard failed and the certificate was still made (merge exit 1)")


GITLAB_JOBS = {"build": "skan-conform-build", "shard": "skan-conform-shard", "merge": "skan-conform-merge"}


def check_gitlab(path: Path, sandbox: Sandbox, scratch: Path, expected_ids, scenarios, verbose: bool, keep: bool,
                 http_port: int | None = None) -> str:
    ci = load_yaml(path)
    check_gitlab_structure(ci, path, GITLAB_JOBS)
    shard_count = ci[GITLAB_JOBS["shard"]]["parallel"]
    if http_port is not None:
        check_http_shard("\n".join(script_lines(ci[GITLAB_JOBS["shard"]]["script"])), path, GITLAB_JOBS["shard"])
        scenarios = http_scenarios(gitlab_variables(ci.get("variables")), path, http_port, scenarios[1][3])
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    network = {"SKAN_CONFORM_GIT": str(ROOT), "SKAN_CONFORM_REF": head}
    for name in network:
        if name not in (ci.get("variables") or {}):
            fail(f"{path}: no global variable {name} (where to fetch the kit from)")
    for key, scenario, overrides, failing in scenarios:
        where = f"{path.name} ({scenario})"
        if http_port is not None and listening(http_port):
            fail(f"{where}: port {http_port} is taken before the pipeline starts")
        sandbox.reset_swift_calls()
        run = GitLabRun(ci, path, sandbox, scratch / f"gitlab-{key}", dict(network, **overrides))
        run.run()
        if verbose:
            for job in run.instances.values():
                for instance in job:
                    print(instance["log"].read_text())
        build = run.instances[GITLAB_JOBS["build"]]
        if run.results[GITLAB_JOBS["build"]] != "success":
            fail(f"{where}: the build job failed\n" + "\n".join(job_failure(run, i) for i in build))
        check_build(sandbox, where)
        shards = run.instances[GITLAB_JOBS["shard"]]
        check_shard_jobs(shards, shard_count, expected_ids, failing, where)
        if http_port is not None:
            check_services(shards, http_port, where)
        for instance in shards:
            stored = instance["artifact_dir"]
            if stored is None:
                fail(f"{where}: {instance['name']} ({instance['result']}) kept no artifacts\n{tail(instance['log'])}")
            check_shard_reports(instance, [p for p in stored.rglob("*") if p.is_file()], shard_count, expected_ids, where)
            if not instance["junit"]:
                fail(f"{where}: {instance['name']}: artifacts:reports:junit matched no file\n{tail(instance['log'])}")
        merges = run.instances.get(GITLAB_JOBS["merge"]) or []
        if len(merges) != 1:
            fail(f"{where}: the merge job did not run (shards: {run.results[GITLAB_JOBS['shard']]})")
        merge = merges[0]
        want = 1 if failing else 0
        if merge["exit"] != want:
            fail(f"{where}: the merge job's script exited {merge['exit']}, expected {want}\n"
                 f"{tail(merge['log'], 40, 0, merge['script_log_end'])}")
        stored = merge["artifact_dir"]
        files = [p for p in stored.rglob("*") if p.is_file()] if stored else []
        cert = find_certificate(files, f"{where}: the merge job's artifacts")
        check_merged(cert, expected_ids, failing, where)
        markdown = [f for f in files if f.suffix == ".md"]
        log = merge["log"].read_text()
        if len(markdown) != 1 or not markdown[0].read_text().strip():
            fail(f"{where}: the merge job kept no Markdown report")
        headline = markdown[0].read_text().splitlines()[0]
        if headline not in log or any(i not in log for i in failing):
            fail(f"{where}: the merge job's log does not show the Markdown report\n{tail(merge['log'])}")
        if not keep:
            shutil.rmtree(run.scratch)  # the copies of the binary add up
    service = (f"each shard started the service in the background and waited for it (--wait), in the failing run "
               f"one that listened 3 s late; " if http_port is not None else "")
    return (f"ok: {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}: build (swift build as .ci/run), "
            f"{shard_count} parallel shards, merge ran as written; {service}{len(expected_ids)} cases, each once, all pass; "
            f"JUnit reports, the Markdown report in the log, HTML page, both badges and JUnit kept; with "
            f"{IMPLEMENTATION_VARIABLE} failing {len(scenarios[1][3])} case(s), the failing shard failed and the "
            f"certificate was still made (merge exit 1)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", required=True, type=Path, help="the skan-conform binary the build job stands for")
    parser.add_argument("--github", type=Path, default=ROOT / "examples/ci/github-actions.yml")
    parser.add_argument("--gitlab", type=Path, default=ROOT / "examples/ci/gitlab-ci.yml")
    parser.add_argument("--github-http", type=Path, default=ROOT / "examples/ci/github-actions-http.yml")
    parser.add_argument("--gitlab-http", type=Path, default=ROOT / "examples/ci/gitlab-ci-http.yml")
    parser.add_argument("--only", choices=("github", "gitlab", "github-http", "gitlab-http"),
                        help="check only this pipeline")
    parser.add_argument("--keep", action="store_true", help="keep the scratch directory and print its path")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every job's log")
    args = parser.parse_args()
    if not os.access(args.bin, os.X_OK):
        print(f"FAIL: {args.bin} is not an executable", file=sys.stderr)
        return 1
    scratch = Path(tempfile.mkdtemp(prefix="check-pipelines-"))
    try:
        sandbox = Sandbox(scratch, args.bin.resolve())
        probe = scratch / "probe"
        probe.mkdir()
        listed = subprocess.run([str(sandbox.binary), "list", "--json"], cwd=probe, capture_output=True, text=True, check=True)
        expected_ids = [c["id"] for c in json.loads(listed.stdout)]
        mutant = f"skan-conform reference --stdio --mutant {MUTANT}"
        subprocess.run([str(sandbox.binary), "run", "--cli", f"{sandbox.binary} reference --stdio --mutant {MUTANT}",
                        "--report-json", str(probe / "mutant.json")], cwd=probe, capture_output=True)
        mutant_report = read_json(probe / "mutant.json") or {"results": []}
        failing = {r["id"] for r in mutant_report["results"] if r["status"] != "pass"}
        if not failing:
            fail(f"the mutant {MUTANT} fails no case in an unsharded run: pick another in check_pipelines.py")
        scenarios = [
            ("as-written", "as written", {}, set()),
            ("failing", f"{IMPLEMENTATION_VARIABLE}={mutant}", {IMPLEMENTATION_VARIABLE: mutant}, failing),
        ]
        if args.only in (None, "github"):
            print(check_github(args.github.resolve(), sandbox, scratch, expected_ids, scenarios, args.verbose, args.keep), flush=True)
        if args.only in (None, "gitlab"):
            print(check_gitlab(args.gitlab.resolve(), sandbox, scratch, expected_ids, scenarios, args.verbose, args.keep), flush=True)
        if args.only in (None, "github-http"):
            print(check_github(args.github_http.resolve(), sandbox, scratch / "http", expected_ids, scenarios, args.verbose,
                               args.keep, http_port=free_port()), flush=True)
        if args.only in (None, "gitlab-http"):
            print(check_gitlab(args.gitlab_http.resolve(), sandbox, scratch / "http", expected_ids, scenarios, args.verbose,
                               args.keep, http_port=free_port()), flush=True)
        return 0
    except PipelineError as error:
        print(f"FAIL: {error}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"scratch directory: {scratch}", file=sys.stderr)
        else:
            shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
