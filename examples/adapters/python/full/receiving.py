"""The `receiving` suite (Spec/receiving.md): what a postback receiver counts from the requests it got.

Written from Spec/receiving.md. The verification itself is the signature suite's (RCV-1): the
receiver takes it as functions, so that another verifier (a library under test) can be plugged in:

    verify_skan(body, public_key) -> {"verdict": ..., "reason": ...}   # as verify-postback
    verify_aak(stanza, keys)      -> {"verdict": ..., "reason": ...}   # as verify-aak-postback
    check_keys(public_key, keys)  -> None, or raises SpecError("invalid-input")

`receive(inp, verifier)` is the whole pipeline; `run(inp)` is it with signature.py's verifier.
"""
from common import SpecError, as_time, invalid, is_number, require_object
import signature

SKAN_COPY = "/.well-known/skadnetwork/report-attribution/"  # RCV-9, exactly (trailing slash included)
AAK_COPY = "/.well-known/appattribution/report-attribution/"
COPY_PATHS = {SKAN_COPY: "skadnetwork", AAK_COPY: "adattributionkit"}  # path -> its framework (RCV-10)
PRODUCTION_KID = "apple-cas-identifier/0"
DEVELOPMENT_KIDS = ("apple-development-identifier/0", "apple-development-identifier/1")
APPLE_KIDS = (PRODUCTION_KID,) + DEVELOPMENT_KIDS

# RCV-6: the members compared for `body_differs`; any other member (a forwarder's) is ignored.
SKAN_MEMBERS = (
    "version", "ad-network-id", "source-identifier", "campaign-id", "app-id", "transaction-id", "redownload",
    "source-app-id", "source-domain", "fidelity-type", "did-win", "postback-sequence-index", "conversion-value",
    "coarse-conversion-value", "country-code", "attribution-signature",
)
AAK_MEMBERS = ("jws-string", "conversion-value", "coarse-conversion-value", "ad-interaction-type", "country-code")

# Which SKAdNetwork versions sign each field read (Spec/signature.md's table): a postback is read
# from its signed fields only, so an unsigned `did-win` in a 2.2 body changes nothing.
SIGNS_DID_WIN = ("3.0", "4.0")  # RCV-16
SIGNS_SEQUENCE_INDEX = ("4.0",)  # RCV-17
SIGNS_REDOWNLOAD = ("2.0", "2.1", "2.2", "3.0", "4.0")  # RCV-18
SIGNS_SOURCE_APP_ID = ("2.0", "2.1", "2.2", "3.0", "4.0")  # RCV-14

STATUS_TOTALS = (  # totals member -> status (RCV-19)
    ("counted", "counted"), ("duplicates", "duplicate"), ("excluded", "excluded"),
    ("rejected", "rejected"), ("unverifiable", "unverifiable"),
)


# ---------------------------------------------------------------------------
# The verifier: signature.py's, as functions (RCV-1)
# ---------------------------------------------------------------------------

def signature_verify_skan(body, public_key):
    return signature.verify_postback({"postback": body, "public_key": public_key})


def signature_verify_aak(stanza, keys):
    return signature.verify_aak_postback({"postback": stanza, "keys": keys})


def signature_check_keys(public_key, keys):
    """Every key given, used or not (as signature.md): P-256 or P-192 for SKAdNetwork, P-256 for AAK."""
    if public_key is not None:
        signature.load_key(public_key, "skadnetwork_public_key",
                           curves=(signature.ec.SECP256R1, signature.ec.SECP192R1))
    for kid, text in (keys or {}).items():
        signature.load_key(text, f"aak_keys[{kid!r}]")


class Verifier:
    """The three functions the receiver needs; the defaults are the signature suite's."""

    def __init__(self, verify_skan=signature_verify_skan, verify_aak=signature_verify_aak,
                 check_keys=signature_check_keys):
        self.verify_skan, self.verify_aak, self.check_keys = verify_skan, verify_aak, check_keys


SIGNATURE_SUITE = Verifier()


# ---------------------------------------------------------------------------
# Input, in the Spec's order of checks
# ---------------------------------------------------------------------------

def read_input(inp, verifier):
    # 1. Reading, in order.
    require_object(inp)
    if inp.get("op") != "receive":
        raise invalid("op must be receive")
    receiver = inp.get("receiver")
    if not isinstance(receiver, dict):
        raise invalid("receiver must be an object")
    paths = receiver.get("network_paths")
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise invalid("receiver.network_paths must be an array of strings")
    copies = receiver.get("reengagement_copies")
    if copies is not None and not isinstance(copies, bool):
        raise invalid("receiver.reengagement_copies must be a boolean or null")
    skan_key = inp.get("skadnetwork_public_key")
    if skan_key is not None and not isinstance(skan_key, str):
        raise invalid("skadnetwork_public_key must be a string or null")
    aak_keys = inp.get("aak_keys")
    if aak_keys is not None:
        if not isinstance(aak_keys, dict):
            raise invalid("aak_keys must be an object or null")
        for kid, text in aak_keys.items():
            if not isinstance(text, str):
                raise invalid(f"aak_keys[{kid!r}] must be a string")
    arrivals = inp.get("arrivals")
    if not isinstance(arrivals, list):
        raise invalid("arrivals must be an array")
    for index, arrival in enumerate(arrivals):
        if not isinstance(arrival, dict):
            raise invalid(f"arrivals[{index}] must be an object")
        if "at" not in arrival:
            raise invalid(f"arrivals[{index}].at is missing")
        as_time(arrival["at"], f"arrivals[{index}].at")  # WIN-7
        if not isinstance(arrival.get("path"), str):
            raise invalid(f"arrivals[{index}].path must be a string")
        if "body" not in arrival:
            raise invalid(f"arrivals[{index}].body is missing")
    # 2. Keys: every one, used or not; and only Apple's kids (RCV-13).
    verifier.check_keys(skan_key, aak_keys)
    for kid in aak_keys or {}:
        if kid not in APPLE_KIDS:
            raise invalid(f"aak_keys kid {kid!r} is not one of Apple's three")
    # 3. Scenario: the receiver's paths, and where each arrival came (RCV-9).
    for index, path in enumerate(paths):
        if not path.startswith("/"):
            raise invalid(f"receiver.network_paths[{index}] does not start with /")
        if path in COPY_PATHS:
            raise invalid(f"receiver.network_paths[{index}] is a well-known copy path")
        if path in paths[:index]:
            raise invalid(f"receiver.network_paths[{index}] is given twice")
    for index, arrival in enumerate(arrivals):
        if arrival["path"] not in COPY_PATHS and arrival["path"] not in paths:
            raise invalid(f"arrivals[{index}].path is not one of the receiver's paths")
    # 4. Times (RCV-20).
    for index in range(1, len(arrivals)):
        if as_time(arrivals[index]["at"]) < as_time(arrivals[index - 1]["at"]):
            raise SpecError("out-of-order", f"arrivals[{index}].at is earlier than the arrival before it")
    return bool(copies), skan_key, aak_keys, arrivals


# ---------------------------------------------------------------------------
# Reading a verified postback (RCV-13, RCV-14, RCV-16 to RCV-18)
# ---------------------------------------------------------------------------

def body_object(body):
    """The body as an object (a text body parsed strictly, SIG-8), or None (RCV-21)."""
    if isinstance(body, str):
        return signature.json_object(body)
    return body if isinstance(body, dict) else None


def read_skan(postback):
    version = postback.get("version", "1.0")  # SIG-23
    did_win = postback["did-win"] if version in SIGNS_DID_WIN else True
    window = postback["postback-sequence-index"] if version in SIGNS_SEQUENCE_INDEX else 0
    redownload = postback["redownload"] if version in SIGNS_REDOWNLOAD else False
    source_app = postback.get("source-app-id") if version in SIGNS_SOURCE_APP_ID else None
    development = signature.is_int64(source_app) and source_app == 0  # RCV-14: the one marker
    return {
        "environment": "development" if development else "production",
        "postback_id": postback["transaction-id"],
        "ad_network_id": postback["ad-network-id"],
        "did_win": did_win,
        "conversion_type": "redownload" if redownload else "download",
        "window": int(window),
    }


def read_aak(stanza):
    _, payload, _, _, kid = signature.parse_jws(stanza["jws-string"])  # verified: decoding only
    return {
        "environment": "development" if kid in DEVELOPMENT_KIDS else "production",  # RCV-13: the kid decides
        "postback_id": payload["postback-identifier"],
        "ad_network_id": payload["ad-network-identifier"],
        "did_win": payload["did-win"],
        "conversion_type": signature.CONVERSION_TYPES[payload["conversion-type"]],  # SIG-17
        "window": int(payload["postback-sequence-index"]),
    }


# ---------------------------------------------------------------------------
# body_differs (RCV-6)
# ---------------------------------------------------------------------------

def same(a, b):
    """JSON equality: numbers by value (1 == 1.0), booleans never numbers, strings exactly."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if is_number(a) or is_number(b):
        return is_number(a) and is_number(b) and a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def differs(left, right, framework):
    """Whether two verified bodies (objects) differ in a member Apple defines; absent != present."""
    for name in SKAN_MEMBERS if framework == "skadnetwork" else AAK_MEMBERS:
        if (name in left) != (name in right):
            return True
        if name in left and not same(left[name], right[name]):
            return True
    return False


# ---------------------------------------------------------------------------
# The pipeline
# ---------------------------------------------------------------------------

def receive(inp, verifier=SIGNATURE_SUITE):
    copies, skan_key, aak_keys, arrivals = read_input(inp, verifier)
    counted = {}  # (framework, environment, identifier) -> index of the counted arrival (RCV-5)
    bodies = {}  # index of a counted arrival -> its body as an object
    answers, rows = [], {}
    for index, arrival in enumerate(arrivals):
        path, body = arrival["path"], arrival["body"]
        answer = {
            "role": "copy" if path in COPY_PATHS else "network",  # 1. role
            "framework": None, "verdict": None, "reason": None, "response": 200,  # RCV-7, RCV-8
            "status": None, "cause": None, "duplicate_of": None, "body_differs": None,
            "environment": None, "postback_id": None, "ad_network_id": None, "did_win": None,
            "conversion_type": None, "window": None,
        }
        answers.append(answer)
        obj = body_object(body)  # 2. framework (RCV-21)
        if obj is not None:
            answer["framework"] = "adattributionkit" if "jws-string" in obj else "skadnetwork"
        if answer["framework"] == "adattributionkit":  # 3. verification (RCV-1)
            check = verifier.verify_aak(obj, aak_keys)
        else:  # SKAdNetwork, or not an object: verify-postback says rejected, malformed-json
            check = verifier.verify_skan(body, skan_key)
        answer["verdict"], answer["reason"] = check["verdict"], check["reason"]
        if check["verdict"] != "verified":  # RCV-2, RCV-3: no key claimed
            answer["status"] = check["verdict"]
            continue
        answer.update(read_skan(obj) if answer["framework"] == "skadnetwork" else read_aak(obj))  # 4. reading
        if answer["role"] == "copy":  # 5. copy-path rules, in order
            if COPY_PATHS[path] != answer["framework"]:
                answer["cause"] = "wrong-copy-path"  # RCV-10
            elif answer["did_win"] is False:
                answer["cause"] = "loser-on-copy-path"  # RCV-11
            elif answer["conversion_type"] == "re-engagement" and not copies:
                answer["cause"] = "reengagement-copy-without-opt-in"  # RCV-12 (only AAK has re-engagement)
            if answer["cause"] is not None:
                answer["status"] = "excluded"
                continue
        key = (answer["framework"], answer["environment"], answer["postback_id"])
        if key in counted:  # 6. deduplication (RCV-4 to RCV-6)
            first = counted[key]
            answer.update(status="duplicate", duplicate_of=first,
                          body_differs=differs(obj, bodies[first], answer["framework"]))
            continue
        counted[key], bodies[index] = index, obj  # 7. counted
        answer["status"] = "counted"
        row = tuple(answer[name] for name in
                    ("environment", "framework", "ad_network_id", "conversion_type", "window", "did_win"))
        rows[row] = rows.get(row, 0) + 1

    totals = {"received": len(answers)}
    for member, status in STATUS_TOTALS:
        totals[member] = sum(1 for answer in answers if answer["status"] == status)
    # RCV-19: strings by code point (Python compares str by code point), window by number, false first.
    totals["rows"] = [
        {"environment": r[0], "framework": r[1], "ad_network_id": r[2], "conversion_type": r[3],
         "window": r[4], "did_win": r[5], "count": rows[r]}
        for r in sorted(rows)
    ]
    return {"arrivals": answers, "totals": totals}


def run(inp):
    return receive(inp)
