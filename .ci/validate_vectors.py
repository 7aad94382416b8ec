#!/usr/bin/env python3
"""Validate the committed golden vectors without building the kit.

Checks, for the Vectors/ directory of a skan-conform checkout:

* every vector file (Vectors/*.json except manifest.json and retired-ids.json) against
  Vectors/schema/vector-file.schema.json, manifest.json against manifest.schema.json and
  retired-ids.json against retired-ids.schema.json (JSON Schema draft 2020-12);
* what a schema cannot say: `number_of_cases` equals the number of cases; case IDs are
  unique across files and none is retired; each requirement ID exists in the Spec's
  generated requirement tables, and `basis` follows from the requirements' bases;
* the manifest: every file's SHA-256 and case count, `total_cases`, `digest`, and that it
  lists exactly the vector files present;
* when Vectors/schema/inputs/<suite>.input.schema.json exists: a case expects
  `invalid-input` exactly when its input breaks that schema (a broken input must expect
  some error);
* every file is byte-identical to
  json.dumps(json.loads(text), indent=2, sort_keys=True, ensure_ascii=False) + "\\n".

Prints one line per problem, naming the file and, where there is one, the case ID, then a
summary line `validate: N files, M cases, K problems`.

Exit status: 0 when there is no problem, 1 when there is one, 2 on bad usage, 3 when the
`jsonschema` package is not installed.

Usage: python3 .ci/validate_vectors.py [--root DIR]   (DIR defaults to this script's
repository, the parent of .ci/).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:  # pragma: no cover - depends on the machine
    print(
        "validate: the Python package `jsonschema` (4.0 or later, for JSON Schema draft 2020-12) "
        "is not installed; install it with `python3 -m pip install jsonschema` and run again",
        file=sys.stderr,
    )
    sys.exit(3)

MANIFEST = "manifest.json"
RETIRED = "retired-ids.json"
NOT_VECTOR_FILES = {MANIFEST, RETIRED}

REQUIREMENT_ROW = re.compile(r"^\| ([A-Z][A-Z0-9]*-[0-9]+) \| (MUST|SHOULD|MAY) \| (apple|seed|kit-defined) \|")
BEGIN_MARK = "<!-- BEGIN GENERATED: requirements "
END_MARK = "<!-- END GENERATED: requirements -->"


class Problems:
    """Collects problem lines in the order they are found."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def add(self, file: str, message: str, case: str | None = None) -> None:
        where = f"{file}: case {case}: " if case else f"{file}: "
        self.lines.append(where + message)


class DuplicateKey(ValueError):
    pass



RECEIVING_COPY_PATHS = ("/.well-known/skadnetwork/report-attribution/", "/.well-known/appattribution/report-attribution/")


def beyond_schema(suite, value):
    """Input rules JSON Schema cannot state: IDs unique across array items (AT-14); an
    arrival on a path the receiver does not have (receiving, RCV-9)."""
    if not isinstance(value, dict):
        return False
    if suite == "receiving":
        receiver = value.get("receiver")
        paths = receiver.get("network_paths") if isinstance(receiver, dict) else None
        known = set(RECEIVING_COPY_PATHS)
        if isinstance(paths, list):
            known.update(path for path in paths if isinstance(path, str))
        arrivals = value.get("arrivals")
        return isinstance(arrivals, list) and any(
            isinstance(item, dict) and isinstance(item.get("path"), str) and item["path"] not in known
            for item in arrivals
        )
    if suite != "attribution":
        return False
    for key in ("impressions", "conversions"):
        items = value.get(key)
        if isinstance(items, list):
            ids = [item.get("id") for item in items if isinstance(item, dict)]
            if len(ids) != len(set(map(str, ids))):
                return True
    return False

def _no_duplicates(pairs):
    seen = {}
    for key, value in pairs:
        if key in seen:
            raise DuplicateKey(f'duplicate key "{key}"')
        seen[key] = value
    return seen


def _no_constants(name):
    raise ValueError(f"{name} is not JSON")


def load_json(path: str, name: str, problems: Problems):
    """Returns (text, value) or (None, None) after recording why the file is unreadable."""
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except OSError as error:
        problems.add(name, f"cannot read: {error.strerror or error}")
        return None, None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        problems.add(name, f"not UTF-8 at byte {error.start}")
        return None, None
    try:
        value = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constants)
    except (ValueError, DuplicateKey) as error:
        problems.add(name, f"not valid JSON: {error}")
        return None, None
    return text, value


def check_canonical(name: str, text: str, value, problems: Problems) -> None:
    canonical = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    if text == canonical:
        return
    old = text.split("\n")
    new = canonical.split("\n")
    line = 0
    while line < min(len(old), len(new)) and old[line] == new[line]:
        line += 1
    problems.add(
        name,
        f"not in canonical form from line {line + 1} "
        f"(json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False) + newline); "
        f"regenerate with `skan-conform vectors generate`",
    )


def short(text: str, limit: int = 160) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def pointer(parts) -> str:
    out = ""
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else (("." if out else "") + str(part))
    return out or "(root)"


def schema_errors(validator, value, name: str, problems: Problems, cases=None) -> None:
    """Records every schema violation, naming the case when the path goes through `cases`."""
    for error in sorted(validator.iter_errors(value), key=lambda e: [str(p) for p in e.absolute_path]):
        path = list(error.absolute_path)
        case = None
        if cases is not None and len(path) >= 2 and path[0] == "cases" and isinstance(path[1], int):
            element = cases[path[1]] if path[1] < len(cases) else None
            identifier = element.get("id") if isinstance(element, dict) else None
            case = identifier if isinstance(identifier, str) and identifier else f"cases[{path[1]}]"
            path = path[2:]
        if error.validator == "oneOf" and path and path[-1] == "expected":
            message = "must have exactly one of `output` and `error`"
        else:
            message = short(error.message)
        problems.add(name, f"field {pointer(path)}: {message}", case)


def load_schema(root: str, relative: str, problems: Problems):
    path = os.path.join(root, relative)
    text, value = load_json(path, relative, problems)
    if value is None:
        return None
    try:
        Draft202012Validator.check_schema(value)
    except jsonschema.exceptions.SchemaError as error:
        problems.add(relative, f"not a valid draft 2020-12 schema: {short(error.message)}")
        return None
    return Draft202012Validator(value)


def spec_requirements(root: str, problems: Problems):
    """Requirement ID -> basis, read from the generated tables in Spec/*.md; None if absent."""
    spec_dir = os.path.join(root, "Spec")
    if not os.path.isdir(spec_dir):
        return None
    found: dict[str, str] = {}
    for entry in sorted(os.listdir(spec_dir)):
        if not entry.endswith(".md"):
            continue
        inside = False
        with open(os.path.join(spec_dir, entry), encoding="utf-8") as handle:
            for line in handle:
                if line.startswith(BEGIN_MARK):
                    inside = True
                elif line.startswith(END_MARK):
                    inside = False
                elif inside:
                    match = REQUIREMENT_ROW.match(line)
                    if match:
                        if match.group(1) in found:
                            problems.add(f"Spec/{entry}", f"requirement {match.group(1)} appears in two tables")
                        found[match.group(1)] = match.group(3)
    return found or None


def expected_basis(bases: list[str]) -> str:
    if "kit-defined" in bases:
        return "kit-defined"
    if "seed" in bases:
        return "seed"
    return "apple"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description="Validate Vectors/ against its JSON Schemas and the manifest.")
    parser.add_argument(
        "--root",
        default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
        help="the repository root holding Vectors/ and Spec/ (default: the parent of .ci/)",
    )
    args = parser.parse_args(argv)
    root = args.root
    vectors = os.path.join(root, "Vectors")
    problems = Problems()
    if not os.path.isdir(vectors):
        print(f"validate: {vectors} is not a directory", file=sys.stderr)
        return 2

    file_validator = load_schema(root, "Vectors/schema/vector-file.schema.json", problems)
    manifest_validator = load_schema(root, "Vectors/schema/manifest.schema.json", problems)
    retired_validator = load_schema(root, "Vectors/schema/retired-ids.schema.json", problems)
    requirements = spec_requirements(root, problems)

    names = sorted(entry for entry in os.listdir(vectors) if entry.endswith(".json"))
    vector_names = [entry for entry in names if entry not in NOT_VECTOR_FILES]
    files_checked = 0
    total_cases = 0
    texts: dict[str, str] = {}
    case_counts: dict[str, int] = {}
    suites: dict[str, object] = {}
    first_file_of: dict[str, str] = {}

    # Retired IDs first: the vector files must not use them.
    retired_ids: set[str] = set()
    if RETIRED in names:
        files_checked += 1
        text, value = load_json(os.path.join(vectors, RETIRED), RETIRED, problems)
        if value is not None:
            check_canonical(RETIRED, text, value, problems)
            if retired_validator:
                schema_errors(retired_validator, value, RETIRED, problems)
            for entry in value.get("retired", []) if isinstance(value, dict) else []:
                if isinstance(entry, dict) and isinstance(entry.get("id"), str):
                    if entry["id"] in retired_ids:
                        problems.add(RETIRED, "listed twice", entry["id"])
                    retired_ids.add(entry["id"])
    else:
        problems.add(RETIRED, "missing")

    for name in vector_names:
        files_checked += 1
        text, value = load_json(os.path.join(vectors, name), name, problems)
        if value is None:
            continue
        texts[name] = text
        check_canonical(name, text, value, problems)
        if not isinstance(value, dict):
            problems.add(name, "the top level must be an object")
            continue
        cases = value.get("cases") if isinstance(value.get("cases"), list) else []
        if file_validator:
            schema_errors(file_validator, value, name, problems, cases)
        suite = value.get("suite")
        suites[name] = suite
        if isinstance(suite, str) and name != f"{suite}.json":
            problems.add(name, f'holds suite "{suite}" but is not named {suite}.json')
        declared = value.get("number_of_cases")
        if isinstance(declared, int) and not isinstance(declared, bool) and declared != len(cases):
            problems.add(name, f"field number_of_cases: declares {declared} cases but the file has {len(cases)}")
        case_counts[name] = len(cases)
        total_cases += len(cases)

        input_validator = None
        if isinstance(suite, str) and os.path.exists(os.path.join(vectors, "schema", "inputs", f"{suite}.input.schema.json")):
            input_validator = load_schema(root, f"Vectors/schema/inputs/{suite}.input.schema.json", problems)

        for index, case in enumerate(cases):
            if not isinstance(case, dict):
                continue
            identifier = case.get("id") if isinstance(case.get("id"), str) and case.get("id") else f"cases[{index}]"
            if identifier in first_file_of:
                problems.add(name, f"duplicate id (first defined in {first_file_of[identifier]})", identifier)
            else:
                first_file_of[identifier] = name
            if identifier in retired_ids:
                problems.add(name, f"id is retired in {RETIRED} and must not be reused", identifier)

            listed = case.get("requirements")
            if requirements is not None and isinstance(listed, list) and listed:
                bases = []
                for requirement in listed:
                    if not isinstance(requirement, str):
                        continue
                    if requirement not in requirements:
                        problems.add(name, f"field requirements: {requirement} is not a requirement of the Spec", identifier)
                    else:
                        bases.append(requirements[requirement])
                if len(bases) == len(listed) and case.get("basis") in ("apple", "seed", "kit-defined"):
                    want = expected_basis(bases)
                    if case["basis"] != want:
                        problems.add(
                            name,
                            f"field basis: is {case['basis']} but the requirements {', '.join(listed)} make it {want}",
                            identifier,
                        )

            if input_validator is not None and "input" in case and isinstance(case.get("expected"), dict):
                expected = case["expected"]
                shape_ok = input_validator.is_valid(case["input"])
                if expected.get("error") == "invalid-input" and shape_ok and not beyond_schema(suite, case["input"]):
                    problems.add(
                        name,
                        f"expects invalid-input but the input matches schema/inputs/{suite}.input.schema.json",
                        identifier,
                    )
                elif not shape_ok and "error" not in expected:
                    first = next(iter(input_validator.iter_errors(case["input"])))
                    problems.add(
                        name,
                        f"the input breaks schema/inputs/{suite}.input.schema.json at {pointer(first.absolute_path)} "
                        f"({short(first.message, 100)}) but an output is expected",
                        identifier,
                    )

    # The manifest.
    if MANIFEST in names:
        files_checked += 1
        text, manifest = load_json(os.path.join(vectors, MANIFEST), MANIFEST, problems)
        if manifest is not None:
            check_canonical(MANIFEST, text, manifest, problems)
            if manifest_validator:
                schema_errors(manifest_validator, manifest, MANIFEST, problems)
            entries = manifest.get("files") if isinstance(manifest, dict) and isinstance(manifest.get("files"), list) else []
            listed_paths = []
            digest_lines = []
            for index, entry in enumerate(entries):
                if not isinstance(entry, dict):
                    continue
                path = entry.get("path")
                if not isinstance(path, str):
                    continue
                listed_paths.append(path)
                sha = entry.get("sha256")
                digest_lines.append(f"{sha}  {path}\n")
                if path not in vector_names:
                    problems.add(MANIFEST, f"files[{index}]: lists {path}, which is not a vector file in Vectors/")
                    continue
                if path in texts:
                    actual = hashlib.sha256(texts[path].encode("utf-8")).hexdigest()
                    if actual != sha:
                        problems.add(MANIFEST, f"{path}: sha256 is {actual} but the manifest says {sha}")
                if path in case_counts and entry.get("cases") != case_counts[path]:
                    problems.add(MANIFEST, f"{path}: has {case_counts[path]} cases but the manifest says {entry.get('cases')}")
                if path in suites and entry.get("suite") != suites[path]:
                    problems.add(MANIFEST, f"{path}: holds suite {suites[path]} but the manifest says {entry.get('suite')}")
            for path in vector_names:
                if path not in listed_paths:
                    problems.add(MANIFEST, f"does not list {path}")
            if len(set(listed_paths)) != len(listed_paths):
                problems.add(MANIFEST, "lists a file twice")
            if isinstance(manifest, dict):
                counted = sum(entry.get("cases", 0) for entry in entries if isinstance(entry, dict) and isinstance(entry.get("cases"), int))
                if manifest.get("total_cases") != counted:
                    problems.add(MANIFEST, f"total_cases is {manifest.get('total_cases')} but the files' counts add up to {counted}")
                digest = hashlib.sha256("".join(digest_lines).encode("utf-8")).hexdigest()
                if manifest.get("digest") != digest:
                    problems.add(MANIFEST, f"digest is {manifest.get('digest')} but the entries give {digest}")
    else:
        problems.add(MANIFEST, "missing")

    for line in problems.lines:
        print(line)
    count = len(problems.lines)
    print(f"validate: {files_checked} files, {total_cases} cases, {count} problem{'' if count == 1 else 's'}")
    return 1 if count else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
