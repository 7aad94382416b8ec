#!/usr/bin/env python3
"""A skan-conform adapter in plain Python (standard library only).

It implements the `window` and `values` suites itself, from Spec/window.md and
Spec/values.md, and declares no other suite, so the runner reports those as skipped.

Run it with:  skan-conform run --cli "python3 examples/adapters/python/adapter.py"
"""
import json
import sys

HOUR = 3_600_000
MINUTE = 60_000
PROFILES = {
    "production": [48 * HOUR, 168 * HOUR, 840 * HOUR],
    "aak-developer": [3 * MINUTE, 6 * MINUTE, 9 * MINUTE],
}
COARSE = ["low", "medium", "high"]
SYNTHESIZED = {"low": 0, "medium": 32, "high": 63}


class SpecError(Exception):
    """An error code from the Spec."""

    def __init__(self, code, message=""):
        super().__init__(message)
        self.code = code


def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def integral(value):
    """The integer value of an integral JSON number, else None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value == value and value not in (float("inf"), float("-inf")) and value.is_integer():
        return int(value)
    return None


def fine(value):
    if not is_number(value):
        raise SpecError("fine-not-integer", "fine value must be a number")
    number = integral(value)
    if number is None:
        raise SpecError("fine-not-integer", "fine value is not an integer")
    if not 0 <= number <= 63:
        raise SpecError("fine-out-of-range", "fine value is outside 0...63")
    return number


def coarse(value):
    if value not in COARSE or not isinstance(value, str):
        raise SpecError("coarse-unknown", "coarse value is not low, medium or high")
    return value


def coarse_code(value):
    if not is_number(value):
        raise SpecError("coarse-code-not-integer")
    number = integral(value)
    if number is None:
        raise SpecError("coarse-code-not-integer")
    if not 0 <= number <= 2:
        raise SpecError("coarse-code-out-of-range")
    return COARSE[number]


def lock(value):
    if value is None:
        return False
    if not isinstance(value, bool):
        raise SpecError("lock-not-boolean")
    return value


MAX_TIME = 2**53 - 1  # the largest integer every JSON implementation holds exactly


def timestamp(obj, key):
    """Unix milliseconds: an integral number (1.7e12 counts) within +-(2^53 - 1) (WIN-7)."""
    value = obj.get(key)
    number = integral(value) if is_number(value) else None
    if number is None or not -MAX_TIME <= number <= MAX_TIME:
        raise SpecError("invalid-input", f"{key} must be an integral number of milliseconds")
    return number


def profile_ends(obj):
    name = obj.get("profile", "production")
    if name is None:
        name = "production"
    if name not in PROFILES:
        raise SpecError("invalid-input", "unknown profile")
    return PROFILES[name]


def position(ends, t0, at):
    """(window, start, end) or None after the measurement period."""
    elapsed = at - t0
    if elapsed < 0:
        raise SpecError("time-before-t0")
    start = 0
    for index, end in enumerate(ends):
        if elapsed < end:  # half-open windows (WIN-3)
            return index, t0 + start, t0 + end
        start = end
    return None


def window_suite(inp):
    ends = profile_ends(inp)
    t0, at = timestamp(inp, "t0"), timestamp(inp, "at")
    found = position(ends, t0, at)
    if found is None:
        return {"window": None, "window_start": None, "window_end": None, "measurement_over": True}
    index, start, end = found
    return {"window": index, "window_start": start, "window_end": end, "measurement_over": False}


def timeline(inp):
    ends = profile_ends(inp)
    t0 = timestamp(inp, "t0")
    updates = inp.get("updates")
    if not isinstance(updates, list):
        raise SpecError("invalid-input", "updates must be an array")
    windows = [{"window": i, "fine": None, "coarse": None, "locked_at": None, "last_update_at": None,
                "updates_applied": 0} for i in range(3)]
    results, last = [], None
    for update in updates:
        if not isinstance(update, dict):
            raise SpecError("invalid-input", "an update must be an object")
        at = timestamp(update, "at")
        if last is not None and at < last:
            raise SpecError("out-of-order")
        found = position(ends, t0, at)
        last = at
        index = None if found is None else found[0]
        try:
            values = (fine(update.get("fine")), update.get("coarse"), lock(update.get("lock")))
            if values[1] is not None:
                coarse(values[1])
        except SpecError as error:
            results.append({"outcome": "rejected", "window": index, "error": error.code})
            continue
        if index is None:
            results.append({"outcome": "ignored-measurement-over", "window": None, "error": None})
            continue
        state = windows[index]
        if state["locked_at"] is not None:
            results.append({"outcome": "ignored-locked", "window": index, "error": None})
            continue
        state["fine"] = values[0] if index == 0 else None
        state["coarse"] = values[1]
        state["last_update_at"] = at
        state["updates_applied"] += 1
        if values[2]:
            state["locked_at"] = at
        results.append({"outcome": "applied", "window": index, "error": None})
    return {"updates": results, "windows": windows}


def values_suite(inp):
    op = inp.get("op")
    if op == "fine":
        return {"fine": fine(inp.get("value"))}
    if op == "coarse":
        name = coarse(inp.get("value"))
        return {"coarse": name, "code": COARSE.index(name)}
    if op == "coarse-code":
        name = coarse_code(inp.get("value"))
        return {"coarse": name, "code": COARSE.index(name)}
    if op == "synthesize-fine":
        return {"fine": SYNTHESIZED[coarse(inp.get("coarse"))]}
    if op == "lock":
        return {"lock": lock(inp.get("value"))}
    if op == "timeline":
        return timeline(inp)
    raise SpecError("invalid-input", "unknown op")


SUITES = {"window": window_suite, "values": values_suite}


def handle(message):
    cmd = message.get("cmd")
    if cmd == "hello":
        return {"protocol": 1, "implementation": {"name": "python-example", "version": "0.1.0", "language": "python"},
                "suites": sorted(SUITES)}
    seq = message.get("seq")
    suite = SUITES.get(message.get("suite"))
    if suite is None:
        return {"seq": seq, "skipped": {"reason": "suite not implemented"}}
    inp = message.get("input")
    try:
        if not isinstance(inp, dict):
            raise SpecError("invalid-input", "input must be an object")
        return {"seq": seq, "output": suite(inp)}
    except SpecError as error:
        return {"seq": seq, "error": {"code": error.code, "message": str(error)}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        if message.get("cmd") == "stop":
            return 0
        sys.stdout.write(json.dumps(handle(message)) + "\n")
        sys.stdout.flush()  # one reply per line, flushed: the runner waits for it
    return 0


if __name__ == "__main__":
    sys.exit(main())
