"""The `metadata` suite (Spec/metadata.md): an ad's string metadata to a SKAdNetwork call,
a StoreKit overlay and the IDFA forwarded under App Tracking Transparency. A pure
function: no state, no time."""
import re

from common import (
    SYNTHESIZED_FINE, SpecError, check_idfa, forwarded_idfa, invalid, read_coarse, read_optional_string,
    read_tracking, require_object,
)

# Character classes are spelled [0-9] on purpose: Python's \d and str.isdigit() also
# accept non-ASCII digits, and the Spec says ASCII digits.
IOS_VERSION = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4}){0,2}")  # META-11
FINE_TEXT = re.compile(r"-?[0-9]+")  # META-13
APP_ID = re.compile(r"[1-9][0-9]*")  # META-7
BOOLEANS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}  # META-4
POSITIONS = ("bottom", "bottomRaised")  # META-7

# META-6: the first iOS version of each method, newest first.
METHODS = (((16, 1, 0), "fine-coarse-lock"), ((15, 4, 0), "fine-only"), ((14, 0, 0), "legacy"))


def ios_version(text):
    """META-11: one to three dot-separated groups of 1-4 ASCII digits; missing groups are 0."""
    if IOS_VERSION.fullmatch(text) is None:
        raise SpecError("invalid-ios-version", f"{text!r} is not an iOS version")
    groups = [int(group) for group in text.split(".")]
    return tuple(groups + [0] * (3 - len(groups)))


def fine_text(text):
    """META-1, META-13: an optional '-' and ASCII digits, 0 to 63 (any number of digits)."""
    if FINE_TEXT.fullmatch(text) is None:
        raise SpecError("fine-not-integer", f"{text!r} is not a decimal integer")
    number = int(text)
    if not 0 <= number <= 63:
        raise SpecError("fine-out-of-range", f"fine value {text} is outside 0...63")
    return number


def boolean_text(text):
    """META-4, META-14: the six words, in any ASCII letter case."""
    # str.lower() would also fold non-ASCII letters (e.g. the Kelvin sign K to k);
    # fold only A-Z so that nothing but ASCII case is ignored.
    folded = text.translate(ASCII_LOWER)
    if folded not in BOOLEANS:
        raise SpecError("invalid-boolean", f"{text!r} is not a boolean")
    return BOOLEANS[folded]


ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def run(inp):
    # Rule 1: shape (IN-1).
    require_object(inp)
    version_text = inp.get("ios_version")
    if not isinstance(version_text, str):
        raise invalid("ios_version must be a string")
    metadata = inp.get("metadata")
    if not isinstance(metadata, dict):
        raise invalid("metadata must be an object")
    if not all(isinstance(value, str) for value in metadata.values()):
        raise invalid("every metadata value must be a string")
    tracking = read_tracking(inp)
    idfa_text = read_optional_string(inp, "idfa")

    # Rule 2: check every value in the order of META-9.
    version = ios_version(version_text)
    fine = fine_text(metadata["skan_conversion_value"]) if "skan_conversion_value" in metadata else None
    coarse = read_coarse(metadata.get("skan_coarse_value"))  # META-2 (VAL-3, VAL-8)
    lock = boolean_text(metadata["skan_lock_window"]) if "skan_lock_window" in metadata else False  # META-5
    overlay = None
    if "skoverlay_app_id" in metadata:  # META-7; META-8: only the table's key names count
        app_id = metadata["skoverlay_app_id"]
        if APP_ID.fullmatch(app_id) is None:
            raise SpecError("invalid-app-id", f"{app_id!r} is not an App Store ID")
        position = metadata.get("skoverlay_position", "bottom")
        if position not in POSITIONS:
            raise SpecError("invalid-overlay-position", f"{position!r} is not an overlay position")
        dismissible = boolean_text(metadata["skoverlay_dismissible"]) if "skoverlay_dismissible" in metadata else True
        # Rule 6: the overlay does not depend on the iOS version.
        overlay = {"app_id": app_id, "position": position, "dismissible": dismissible}

    # Rule 2.6: the IDFA last, whatever the ATT state (ATT-4).
    idfa = check_idfa(idfa_text) if idfa_text is not None else None

    # Rule 3: the fine value to send (META-3: synthesized from the coarse value).
    if fine is None and coarse is not None:
        fine = SYNTHESIZED_FINE[coarse]

    # Rules 4 and 5: the method by iOS version (META-6); no value, no call (META-10).
    api = next((name for first, name in METHODS if version >= first), None)
    call = None
    if fine is not None and api is not None:
        if api == "fine-coarse-lock":
            call = {"api": api, "fine": fine, "coarse": coarse, "lock": lock}
        else:  # META-12: the older methods take neither a coarse value nor a lock
            call = {"api": api, "fine": fine, "coarse": None, "lock": None}
    # ATT-6: the ATT state decides the IDFA only, never the call or the overlay.
    return {"skan_call": call, "overlay": overlay, "idfa": forwarded_idfa(idfa, tracking)}
