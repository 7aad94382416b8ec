"""The `receiving` suite (#29): what a postback receiver counts from the requests it gets.

Written from docs/design/receiving-suite.md (sections 2, 3 and 8) until Spec/receiving.md
exists. Not declared in hello yet (adapter.py's suite list), because the suite has no
vectors yet; it is checked against the kit's `reference receiver` in the meantime.
Verification is the signature suite's (RCV-1), called as that suite's operations.
"""
from common import MAX_TIME, SpecError, integral, invalid, require_object
from signature import json_object, parse_jws, verify_aak_postback, verify_postback

SKAN_COPY = "/.well-known/skadnetwork/report-attribution/"
AAK_COPY = "/.well-known/appattribution/report-attribution/"
PRODUCTION_KID = "apple-cas-identifier/0"
DEVELOPMENT_KIDS = ("apple-development-identifier/0", "apple-development-identifier/1")

# The members Apple documents, compared for `body_differs` (RCV-6).
SKAN_MEMBERS = (
    "version", "ad-network-id", "source-identifier", "campaign-id", "app-id", "transaction-id", "redownload",
    "source-app-id", "source-domain", "fidelity-type", "did-win", "postback-sequence-index", "conversion-value",
    "coarse-conversion-value", "country-code", "attribution-signature",
)
AAK_MEMBERS = ("jws-string", "conversion-value", "coarse-conversion-value", "ad-interaction-type", "country-code")

# Which SKAdNetwork fields each version signs (only signed fields are read: an unsigned one proves nothing).
SIGNS_DID_WIN = {"3.0", "4.0"}
SIGNS_INDEX = {"4.0"}
SIGNS_REDOWNLOAD = {"2.0", "2.1", "2.2", "3.0", "4.0"}
SIGNS_SOURCE_APP = {"2.0", "2.1", "2.2", "3.0", "4.0"}


def body_object(body):
    """The body as an object (a text body parsed, SIG-8), or None (RCV-21)."""
    if isinstance(body, str):
        return json_object(body)
    return body if isinstance(body, dict) else None


def same(a, b):
    """JSON equality, numbers by value (1 == 1.0), booleans never numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def differs(body, first, framework):
    left, right = body_object(body) or {}, body_object(first) or {}
    for name in SKAN_MEMBERS if framework == "skadnetwork" else AAK_MEMBERS:
        if (name in left) != (name in right):
            return True
        if name in left and not same(left[name], right[name]):
            return True
    return False


def read_skan(postback):
    version = postback.get("version", "1.0")
    did_win = postback.get("did-win", True) if version in SIGNS_DID_WIN else True
    window = postback.get("postback-sequence-index", 0) if version in SIGNS_INDEX else 0
    redownload = postback.get("redownload", False) if version in SIGNS_REDOWNLOAD else False
    source_app = postback.get("source-app-id") if version in SIGNS_SOURCE_APP else None
    development = source_app is not None and not isinstance(source_app, bool) and source_app == 0
    return {
        "environment": "development" if development else "production",
        "postback_id": postback["transaction-id"], "ad_network_id": postback["ad-network-id"],
        "did_win": did_win, "conversion_type": "redownload" if redownload else "download", "window": int(window),
    }


def read_aak(stanza, conversion_type):
    _, payload, _, _, kid = parse_jws(stanza["jws-string"])
    return {
        "environment": "development" if kid in DEVELOPMENT_KIDS else "production",
        "postback_id": payload["postback-identifier"], "ad_network_id": payload["ad-network-identifier"],
        "did_win": payload["did-win"], "conversion_type": conversion_type,
        "window": int(payload["postback-sequence-index"]),
    }


def read_input(inp):
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
    if copies is None:
        copies = False
    if not isinstance(copies, bool):
        raise invalid("receiver.reengagement_copies must be a boolean")
    for path in paths:
        if not path.startswith("/") or path in (SKAN_COPY, AAK_COPY) or paths.count(path) > 1:
            raise invalid(f"network path {path!r}")
    skan_key = inp.get("skadnetwork_public_key")
    aak_keys = inp.get("aak_keys")
    if aak_keys is not None:
        if not isinstance(aak_keys, dict):
            raise invalid("aak_keys must be an object")
        for kid in aak_keys:
            if kid != PRODUCTION_KID and kid not in DEVELOPMENT_KIDS:
                raise invalid(f"aak_keys kid {kid!r} is not one of Apple's")
    arrivals = inp.get("arrivals")
    if not isinstance(arrivals, list):
        raise invalid("arrivals must be an array")
    previous = None
    for index, arrival in enumerate(arrivals):
        if not isinstance(arrival, dict):
            raise invalid(f"arrivals[{index}] must be an object")
        at = arrival.get("at")
        if integral(at) is None or abs(at) > MAX_TIME:
            raise invalid(f"arrivals[{index}].at")
        if not isinstance(arrival.get("path"), str):
            raise invalid(f"arrivals[{index}].path")
        if "body" not in arrival:
            raise invalid(f"arrivals[{index}].body is missing")
        if arrival["path"] not in paths and arrival["path"] not in (SKAN_COPY, AAK_COPY):
            raise invalid(f"arrivals[{index}].path is not one of the receiver's paths")
        if previous is not None and at < previous:
            raise SpecError("out-of-order", f"arrivals[{index}].at is earlier than the arrival before it")
        previous = at
    return copies, skan_key, aak_keys, arrivals


def run(inp):
    copies, skan_key, aak_keys, arrivals = read_input(inp)
    counted = {}  # (framework, environment, id) -> index (RCV-5)
    answers, rows = [], {}
    for index, arrival in enumerate(arrivals):
        path, body = arrival["path"], arrival["body"]
        role = "copy" if path in (SKAN_COPY, AAK_COPY) else "network"
        obj = body_object(body)
        framework = None if obj is None else ("adattributionkit" if "jws-string" in obj else "skadnetwork")
        reading = None
        if framework == "adattributionkit":
            check = verify_aak_postback({"postback": obj, "keys": aak_keys})
            if check["verdict"] == "verified":
                reading = read_aak(obj, check["conversion_type"])
        else:
            check = verify_postback({"postback": body, "public_key": skan_key})
            if check["verdict"] == "verified":
                reading = read_skan(obj)
        answer = {
            "role": role, "framework": framework, "verdict": check["verdict"], "reason": check["reason"],
            "response": 200, "status": None, "cause": None, "duplicate_of": None, "body_differs": None,
            "environment": None, "postback_id": None, "ad_network_id": None, "did_win": None,
            "conversion_type": None, "window": None,
        }
        if reading is None:
            answer["status"] = check["verdict"]  # rejected or unverifiable (RCV-2)
            answers.append(answer)
            continue
        answer.update(reading)
        cause = None
        if role == "copy":  # RCV-10 to RCV-12
            if path != (SKAN_COPY if framework == "skadnetwork" else AAK_COPY):
                cause = "wrong-copy-path"
            elif not reading["did_win"]:
                cause = "loser-on-copy-path"
            elif framework == "adattributionkit" and reading["conversion_type"] == "re-engagement" and not copies:
                cause = "reengagement-copy-without-opt-in"
        if cause:
            answer.update(status="excluded", cause=cause)
        else:
            key = (framework, reading["environment"], reading["postback_id"])
            if key in counted:
                first = counted[key]
                answer.update(
                    status="duplicate", duplicate_of=first, body_differs=differs(body, arrivals[first]["body"], framework))
            else:
                counted[key] = index
                answer["status"] = "counted"
                row = (reading["environment"], framework, reading["ad_network_id"], reading["conversion_type"],
                       reading["window"], reading["did_win"])
                rows[row] = rows.get(row, 0) + 1
        answers.append(answer)

    def order(row):  # RCV-19: strings by code point, window, did_win false first
        return (row[0].encode("utf-8"), row[1].encode("utf-8"), row[2].encode("utf-8"), row[3].encode("utf-8"),
                row[4], row[5])

    statuses = [a["status"] for a in answers]
    return {
        "arrivals": answers,
        "totals": {
            "received": len(answers), "counted": statuses.count("counted"), "duplicates": statuses.count("duplicate"),
            "excluded": statuses.count("excluded"), "rejected": statuses.count("rejected"),
            "unverifiable": statuses.count("unverifiable"),
            "rows": [
                {"environment": r[0], "framework": r[1], "ad_network_id": r[2], "conversion_type": r[3],
                 "window": r[4], "did_win": r[5], "count": n}
                for r, n in sorted(rows.items(), key=lambda item: order(item[0]))
            ],
        },
    }
