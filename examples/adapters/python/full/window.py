"""The `window` suite (Spec/window.md): which conversion window a time falls in."""
from common import SpecError, place, read_profile, read_time, require_object


def run(inp):
    require_object(inp)
    # Algorithm step 1: read profile, then t0, then at (IN-1, WIN-7).
    ends = read_profile(inp)
    t0 = read_time(inp, "t0")
    at = read_time(inp, "at")
    if at < t0:  # WIN-6
        raise SpecError("time-before-t0", "at is earlier than t0")
    found = place(ends, t0, at)  # WIN-1, WIN-3, WIN-5, WIN-7
    if found is None:  # WIN-2
        return {"window": None, "window_start": None, "window_end": None, "measurement_over": True}
    index, start, end = found
    return {"window": index, "window_start": start, "window_end": end, "measurement_over": False}
