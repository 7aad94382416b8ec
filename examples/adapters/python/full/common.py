"""Shared rules: the error type, JSON type checks, times, windows and single values.

Everything here is written from Spec/README.md, Spec/window.md and Spec/values.md, and
the ATT gate from Spec/metadata.md ("App Tracking Transparency").
"""
import math
import re

MAX_TIME = 2**53 - 1  # WIN-7: the largest integer every JSON implementation holds exactly


class SpecError(Exception):
    """A whole-input answer of the Spec: an error code such as `invalid-input`."""

    def __init__(self, code, message=""):
        super().__init__(message or code)
        self.code = code


def invalid(message):
    """IN-1: the input does not have the suite's shape."""
    return SpecError("invalid-input", message)


# ---------------------------------------------------------------------------
# JSON types. Python's json module gives int, float, str, bool, None, list, dict;
# a bool is an int in Python, so every check below excludes it explicitly.
# ---------------------------------------------------------------------------

def is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def integral(value):
    """The integer value of an integral JSON number (`12`, `12.0`, `1.2e1`, `-0.0`), else None.

    README.md "Conventions": an integer may be written as an integral double.
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return int(value)
    return None


def require_object(value, what="input"):
    if not isinstance(value, dict):
        raise invalid(f"{what} must be a JSON object")
    return value


def require_string(obj, key, what=None):
    if key not in obj or not isinstance(obj[key], str):
        raise invalid(f"{what or key} must be a string")
    return obj[key]


def require_array(obj, key):
    if key not in obj or not isinstance(obj[key], list):
        raise invalid(f"{key} must be an array")
    return obj[key]


def optional_bool(obj, key, default=False):
    """A member that is a boolean or null/absent (null and absent mean `default`)."""
    value = obj.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise invalid(f"{key} must be a boolean")
    return value


def as_time(value, what="time", allow_negative=True):
    """WIN-7: a time is an integral JSON number within +-(2^53 - 1); else invalid-input."""
    number = integral(value)
    if number is None or not -MAX_TIME <= number <= MAX_TIME:
        raise invalid(f"{what} must be an integral number within +-(2^53 - 1)")
    if not allow_negative and number < 0:
        raise invalid(f"{what} must not be negative")
    return number


def read_time(obj, key, allow_negative=True):
    if key not in obj:
        raise invalid(f"{key} is missing")
    return as_time(obj[key], key, allow_negative)


# ---------------------------------------------------------------------------
# Windows (window.md)
# ---------------------------------------------------------------------------

HOUR = 3_600_000
MINUTE = 60_000

# Window ends, in milliseconds after T0 (WIN-1, WIN-2, WIN-5).
PROFILES = {
    "production": (48 * HOUR, 168 * HOUR, 840 * HOUR),
    "aak-developer": (3 * MINUTE, 6 * MINUTE, 9 * MINUTE),
}


def read_profile(obj):
    """`profile`: absent or null is `production`; an unknown name is invalid-input (IN-1)."""
    name = obj.get("profile")
    if name is None:
        return PROFILES["production"]
    if not isinstance(name, str) or name not in PROFILES:
        raise invalid("unknown profile")
    return PROFILES[name]


def place(ends, t0, at):
    """The window `at` falls in: (index, start, end) in absolute ms, or None when over.

    WIN-3: windows are half-open [start, end). WIN-7: compared in exact milliseconds.
    The caller has checked `at >= t0` (WIN-6).
    """
    elapsed = at - t0
    start = 0
    for index, end in enumerate(ends):
        if elapsed < end:
            return index, t0 + start, t0 + end
        start = end
    return None  # WIN-2: the measurement period is over


def window_index(ends, t0, at):
    found = place(ends, t0, at)
    return None if found is None else found[0]


# ---------------------------------------------------------------------------
# Single values (values.md, "Reading values")
# ---------------------------------------------------------------------------

COARSE_NAMES = ("low", "medium", "high")  # VAL-3; index = Singular code (VAL-4)
SYNTHESIZED_FINE = {"low": 0, "medium": 32, "high": 63}  # VAL-6


def read_fine(value):
    """VAL-1, VAL-2. `value` is the member's value (None when absent or null)."""
    if not is_number(value):  # absent, null, string, boolean, array, object
        raise SpecError("fine-not-integer", "fine value is not a number")
    number = integral(value)
    if number is None:
        raise SpecError("fine-not-integer", "fine value has a fractional part")
    if not 0 <= number <= 63:
        raise SpecError("fine-out-of-range", f"fine value {number} is outside 0...63")
    return number


def read_coarse(value, required=False):
    """VAL-3, VAL-8: exactly `low`, `medium` or `high`; None for absent/null (unless required)."""
    if value is None:
        if required:
            raise SpecError("coarse-unknown", "a coarse value is required")
        return None
    if not isinstance(value, str) or value not in COARSE_NAMES:
        raise SpecError("coarse-unknown", "coarse value is not low, medium or high")
    return value


def read_coarse_code(value, required=False):
    """VAL-4, VAL-5: a Singular coarse code 0, 1, 2 -> its name; None for absent/null."""
    if value is None:
        if required:
            raise SpecError("coarse-code-not-integer", "a coarse code is required")
        return None
    number = integral(value) if is_number(value) else None
    if number is None:
        raise SpecError("coarse-code-not-integer", "coarse code is not an integral number")
    if not 0 <= number <= 2:
        raise SpecError("coarse-code-out-of-range", f"coarse code {number} is outside 0...2")
    return COARSE_NAMES[number]


def read_lock(value):
    """VAL-7: a JSON boolean; absent or null is false."""
    if value is None:
        return False
    if not isinstance(value, bool):
        raise SpecError("lock-not-boolean", "lock is not a boolean")
    return value


def read_singular_lock(value):
    """LIF-4 / S2S-14: a boolean, or a number equal to 0 or 1 (`1.0` included)."""
    if value is None:
        return False
    if isinstance(value, bool):
        return value
    if is_number(value) and value in (0, 1):
        return value == 1
    raise SpecError("lock-not-boolean", "lock is neither a boolean nor 0/1")


def coarse_code_of(name):
    return None if name is None else COARSE_NAMES.index(name)


INT64 = (-(2**63), 2**63 - 1)


def read_integer(obj, key, required=True, nullable=False, bounds=INT64):
    """An integral JSON number (README.md "Conventions": `12.0` is 12) within `bounds`.

    Absent (or null when `nullable`) gives None; anything else is invalid-input (IN-1).
    """
    if key not in obj or (nullable and obj[key] is None):
        if required:
            raise invalid(f"{key} is missing")
        return None
    number = integral(obj[key])
    if number is None or (bounds is not None and not bounds[0] <= number <= bounds[1]):
        raise invalid(f"{key} must be an integer")
    return number


def read_optional_string(obj, key):
    """A member that is a string, or absent/null (None)."""
    value = obj.get(key)
    if value is not None and not isinstance(value, str):
        raise invalid(f"{key} must be a string or null")
    return value


def read_choice(obj, key, choices, default=None, required=False):
    """A string member that must be one of `choices`; absent or null gives `default`."""
    value = obj.get(key)
    if value is None:
        if required:
            raise invalid(f"{key} is missing")
        return default
    if not isinstance(value, str) or value not in choices:
        raise invalid(f"unknown {key}")
    return value


# App Tracking Transparency (metadata.md, "App Tracking Transparency"): ATT-1 to ATT-7.
ATT_STATUSES = ("notDetermined", "restricted", "denied", "authorized")  # ATT-2: Swift case names
ZERO_IDFA = "00000000-0000-0000-0000-000000000000"  # ATT-3
# ATT-4: what UUID(uuidString:) reads; spelled [0-9a-fA-F], not \w or a lenient UUID parser
# (Python's uuid.UUID() accepts braces, a urn: prefix and no dashes).
UUID_TEXT = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")


def read_tracking(obj):
    """The `att` member: None when absent or null (ATT-5); else status and consent, both required (IN-1)."""
    state = obj.get("att")
    if state is None:
        return None
    if not isinstance(state, dict):
        raise invalid("att must be an object")
    status = state.get("status")
    if not isinstance(status, str) or status not in ATT_STATUSES:
        raise invalid("att.status must be notDetermined, restricted, denied or authorized")
    if not isinstance(state.get("consent"), bool):
        raise invalid("att.consent must be a boolean")
    return status, state["consent"]


def check_idfa(text):
    """ATT-4: an IDFA is a UUID, checked whatever the ATT state."""
    if UUID_TEXT.fullmatch(text) is None:
        raise SpecError("invalid-idfa", f"{text!r} is not a UUID")
    return text


def forwarded_idfa(idfa, tracking):
    """The IDFA to forward, or None: authorized with consent (ATT-1, ATT-2), never zeros (ATT-3),
    exactly as given (ATT-4), nothing without a state (ATT-5)."""
    if idfa is None or tracking is None or tracking != ("authorized", True) or idfa == ZERO_IDFA:
        return None
    return idfa
