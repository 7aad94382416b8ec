"""The `values` suite (Spec/values.md): single values and the timeline of updates.

`Timeline` is also used by the lifecycle, postback and attribution suites.
"""
from common import (COARSE_NAMES, SYNTHESIZED_FINE, SpecError, invalid, read_coarse,
                    read_coarse_code, read_fine, read_lock, read_profile, read_time,
                    require_array, require_object, window_index)


class Window:
    """One conversion window's state (values.md, "Rules")."""

    def __init__(self, index):
        self.index = index
        self.fine = None
        self.coarse = None
        self.locked_at = None
        self.last_update_at = None
        self.updates_applied = 0

    def to_json(self):
        return {"window": self.index, "fine": self.fine, "coarse": self.coarse,
                "locked_at": self.locked_at, "last_update_at": self.last_update_at,
                "updates_applied": self.updates_applied}


class Timeline:
    """The three windows of one app's conversion values, started at T0."""

    def __init__(self, ends, t0):
        self.ends = ends
        self.t0 = t0
        self.windows = [Window(i) for i in range(3)]

    def window_of(self, at):
        return window_index(self.ends, self.t0, at)

    def apply(self, at, fine, coarse, lock):
        """Apply one valid update at `at` (>= t0). Returns (outcome, window index or None)."""
        index = self.window_of(at)
        if index is None:  # SKN-3
            return "ignored-measurement-over", None
        window = self.windows[index]
        if window.locked_at is not None:  # LCK-1
            return "ignored-locked", index
        # TML-1: the update replaces what the window held.
        window.fine = fine if index == 0 else None  # SKN-1: no fine value after window 0
        window.coarse = coarse  # SKN-4: an update without coarse clears it
        window.last_update_at = at
        window.updates_applied += 1
        if lock:  # LCK-3: the locking update itself is applied
            window.locked_at = at
        return "applied", index


def read_update_values(update):
    """Read fine, then coarse, then lock (values.md rule 2). Raises SpecError on the first bad one."""
    fine = read_fine(update.get("fine"))  # absent/null fine rejects the update
    coarse = read_coarse(update.get("coarse"))
    lock = read_lock(update.get("lock"))
    return fine, coarse, lock


def timeline(inp):
    # Read profile, t0, updates, then each update in turn.
    ends = read_profile(inp)
    t0 = read_time(inp, "t0")
    updates = require_array(inp, "updates")
    line = Timeline(ends, t0)
    results = []
    previous = None
    for update in updates:
        # Rule 1: shape of the update (IN-1, WIN-7).
        if not isinstance(update, dict):
            raise invalid("an update must be an object")
        at = read_time(update, "at")
        # Rule 2: values; an invalid one makes the update invalid (its error is in the output).
        try:
            values, error = read_update_values(update), None
        except SpecError as problem:
            values, error = None, problem.code
        # Rule 3: time order, whatever the update's outcome (TML-6).
        if previous is not None and at < previous:
            raise SpecError("out-of-order", "an update is earlier than the one before it")
        previous = at
        # Rule 4: WIN-6.
        if at < t0:
            raise SpecError("time-before-t0", "an update is earlier than t0")
        # Rule 5: an invalid update is rejected, in the window it falls in (TML-5).
        if error is not None:
            results.append({"outcome": "rejected", "window": line.window_of(at), "error": error})
            continue
        # Rules 6 to 8.
        outcome, index = line.apply(at, *values)
        results.append({"outcome": outcome, "window": index, "error": None})
    return {"updates": results, "windows": [w.to_json() for w in line.windows]}


def coarse_answer(name):
    return {"coarse": name, "code": COARSE_NAMES.index(name)}


def run(inp):
    require_object(inp)
    op = inp.get("op")
    if op == "fine":  # VAL-1, VAL-2
        return {"fine": read_fine(inp.get("value"))}
    if op == "coarse":  # VAL-3, VAL-8
        return coarse_answer(read_coarse(inp.get("value"), required=True))
    if op == "coarse-code":  # VAL-4, VAL-5
        return coarse_answer(read_coarse_code(inp.get("value"), required=True))
    if op == "synthesize-fine":  # VAL-6
        return {"fine": SYNTHESIZED_FINE[read_coarse(inp.get("coarse"), required=True)]}
    if op == "lock":  # VAL-7
        return {"lock": read_lock(inp.get("value"))}
    if op == "timeline":  # TML-*, LCK-*, SKN-*
        return timeline(inp)
    raise invalid("missing or unknown op")  # IN-1
