"""The `s2s` suite (Spec/s2s.md): AppsFlyer's SDK-less and Singular's server-to-server
conversion-value APIs: signing, a server's answer, the request a client builds, and the
update a client takes from a response."""
import hashlib
import hmac
import json
import re

import lifecycle
from common import (MAX_TIME, SpecError, check_idfa, forwarded_idfa, integral, invalid, is_number, read_choice,
                    read_coarse, read_coarse_code, read_fine, read_lock, read_singular_lock, read_tracking,
                    require_object)

PROFILES = ("appsflyer-client", "appsflyer-readme")
TIMESTAMP = re.compile(r"[0-9]{13}")  # S2S-5: 13 ASCII digits (Unix milliseconds)
SIGNATURE = re.compile(r"[0-9a-fA-F]{64}")  # S2S-9
AF_PATH = "/api/v2.0/conversion-value"  # S2S-8
SINGULAR_URL = "https://sdk-api-v1.singular.net/api/v2/conversion_value"  # S2S-10
SINGULAR_CONFIG = (("a", "api_key"), ("v", "os_version"), ("i", "bundle_id"), ("app_v", "app_version"))


def read_string(obj, key):
    value = obj.get(key)
    if not isinstance(value, str):
        raise invalid(f"{key} must be a string")
    return value


def read_signing_profile(inp):
    return read_choice(inp, "profile", PROFILES, default="appsflyer-client")


def message_of(profile, timestamp, dev_key, app_id, uid):
    """S2S-1, S2S-2, S2S-4: the signed text, fields joined verbatim without separators."""
    if profile == "appsflyer-readme":
        return timestamp + dev_key + app_id + uid
    return timestamp + app_id + uid


def hmac_sha256(dev_key, message):
    """S2S-3: HMAC-SHA256 (RFC 2104; hmac hashes keys longer than 64 bytes) over UTF-8 bytes."""
    return hmac.new(dev_key.encode("utf-8"), message.encode("utf-8"), hashlib.sha256).digest()


# ---------------------------------------------------------------------------
# sign
# ---------------------------------------------------------------------------

def sign(inp):
    profile = read_signing_profile(inp)
    timestamp = read_string(inp, "timestamp")  # the text is signed, so it must be a string
    dev_key = read_string(inp, "dev_key")
    app_id = read_string(inp, "app_id")
    uid = read_string(inp, "uid")
    message = message_of(profile, timestamp, dev_key, app_id, uid)
    return {"message": message, "signature": hmac_sha256(dev_key, message).hex()}  # lower-case hex


# ---------------------------------------------------------------------------
# validate-request
# ---------------------------------------------------------------------------

def read_string_map(obj, key):
    value = obj.get(key)
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise invalid(f"{key} must be an object of strings")
    return value


def validate_request(inp):
    profile = read_signing_profile(inp)
    dev_key = read_string(inp, "dev_key")
    known = inp.get("known_uids")
    if not isinstance(known, list) or not all(isinstance(uid, str) for uid in known):
        raise invalid("known_uids must be an array of strings")
    busy = inp.get("busy")
    if busy is not None and not isinstance(busy, bool):
        raise invalid("busy must be a boolean")
    request = inp.get("request")
    if not isinstance(request, dict):
        raise invalid("request must be an object")
    query = read_string_map(request, "query")
    headers = read_string_map(request, "headers")

    def status(code, reason, parameter=None):
        return {"status": code, "reason": reason, "parameter": parameter}

    # S2S-7, in this order; the first failure is the answer.
    if busy:
        return status(503, "server-busy")
    found = {}
    for name in ("Af-Timestamp", "Authorization"):  # S2S-8: header names in any letter case
        values = [value for key, value in headers.items() if key.lower() == name.lower()]
        if len(values) > 1:
            return status(400, "duplicate-header", name)
        found[name] = values[0] if values else ""
    for name, value in (("app_id", query.get("app_id", "")), ("uid", query.get("uid", "")),
                        ("Af-Timestamp", found["Af-Timestamp"]), ("Authorization", found["Authorization"])):
        if value == "":
            return status(400, "missing-parameter", name)
    timestamp, authorization = found["Af-Timestamp"], found["Authorization"]
    if TIMESTAMP.fullmatch(timestamp) is None:  # S2S-5
        return status(400, "malformed-timestamp", "Af-Timestamp")
    if SIGNATURE.fullmatch(authorization) is None:  # S2S-9
        return status(400, "malformed-signature", "Authorization")
    expected = hmac_sha256(dev_key, message_of(profile, timestamp, dev_key, query["app_id"], query["uid"]))
    if not hmac.compare_digest(bytes.fromhex(authorization), expected):  # S2S-9: bytes, constant time
        return status(401, "bad-signature")
    if query["uid"] not in known:
        return status(404, "unknown-uid")
    return status(200, "ok")


# ---------------------------------------------------------------------------
# build-request
# ---------------------------------------------------------------------------

def build_appsflyer(inp):
    profile = read_signing_profile(inp)
    dev_key = read_string(inp, "dev_key")
    app_id = read_string(inp, "app_id")
    uid = read_string(inp, "uid")
    timestamp = integral(inp.get("timestamp"))
    if timestamp is None or not 0 <= timestamp <= MAX_TIME:
        raise invalid("timestamp must be an integral number from 0 to 2^53 - 1")
    text = str(timestamp)  # S2S-5: decimal, without a fraction or an exponent
    signature = hmac_sha256(dev_key, message_of(profile, text, dev_key, app_id, uid)).hex()
    return {"method": "GET", "path": AF_PATH,
            "query": {"app_id": app_id, "uid": uid, "sdk_version": "sdk_less"},
            "headers": {"Af-Timestamp": text, "Authorization": signature}}


def query_text(value):
    """S2S-11: integers in decimal; revenue objects as compact canonical JSON."""
    if isinstance(value, dict):
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    return str(value)


def build_singular(inp):
    config = inp.get("config")
    if not isinstance(config, dict):
        raise invalid("config must be an object")
    values = {key: read_string(config, name) for key, name in SINGULAR_CONFIG}
    idfv, idfa = read_string(config, "idfv"), read_string(config, "idfa")
    tracking = read_tracking(inp)
    event = read_string(inp, "event")
    if not isinstance(inp.get("steps"), list):
        raise invalid("steps must be an array")
    check_idfa(idfa)  # ATT-4: before the steps are replayed
    # The lifecycle rules give the client's state; their errors are this input's errors.
    # The s2s `profile` member is the signing profile, so the steps use production windows.
    # Spec gap: see findings (B1: which window profile the replayed steps use)
    result = lifecycle.run({"steps": inp["steps"]})
    snapshot = result["steps"][-1]["snapshot"] if result["steps"] else {}
    query = dict(values)
    query.update({"n": event, "p": "iOS", "idfv": idfv})
    if forwarded_idfa(idfa, tracking) is not None:  # ATT-7: otherwise no idfa parameter at all
        query["idfa"] = idfa
    for key, value in snapshot.items():  # S2S-10: every snapshot key that has a value
        if value is not None:
            query[key] = query_text(value)
    return {"method": "GET", "url": SINGULAR_URL, "query": query}


# ---------------------------------------------------------------------------
# parse-response
# ---------------------------------------------------------------------------

def parse_appsflyer(body, version):
    """S2S-12, S2S-13: checked in the order of the table; the first problem is the answer."""
    fine = read_fine(body.get("value"))  # absent or null: fine-not-integer
    answer = {"apply": True, "fine": fine, "coarse": None, "lock": False,
              "next_w_time": None, "postback_sequence_index": None}
    if version == 1:  # v1 reads `value` only
        return answer
    answer["coarse"] = read_coarse(body.get("coarse_value"))  # VAL-3, VAL-8
    answer["lock"] = read_lock(body.get("lock"))  # VAL-7: a JSON boolean only
    next_time = body.get("next_w_time")
    if next_time is not None:
        number = integral(next_time) if is_number(next_time) else None
        if number is None or not 0 <= number <= MAX_TIME:
            raise SpecError("invalid-window-time", "next_w_time is not an integer from 0 to 2^53 - 1")
        answer["next_w_time"] = number
    index = body.get("postback_sequence_index")
    if index is not None:
        number = integral(index) if is_number(index) else None
        if number is None or not 0 <= number <= 2:
            raise SpecError("invalid-sequence-index", "postback_sequence_index is not 0, 1 or 2")
        answer["postback_sequence_index"] = number
    return answer


def parse_singular(body):
    """S2S-14: as the lifecycle suite reads a server response (LIF-3, LIF-4)."""
    if body.get("conversion_value") is None:
        if body.get("status") == "ok":
            return {"apply": False, "fine": None, "coarse": None, "lock": False,
                    "next_w_time": None, "postback_sequence_index": None}
        raise SpecError("server-error", f"server error: {body.get('reason')!r}")
    fine = read_fine(body.get("conversion_value"))
    coarse = read_coarse_code(body.get("skan_updated_coarse_value"))
    lock = read_singular_lock(body.get("skan_updated_lock_window_value"))
    return {"apply": True, "fine": fine, "coarse": coarse, "lock": lock,
            "next_w_time": None, "postback_sequence_index": None}


def parse_response(inp):
    api = read_choice(inp, "api", ("appsflyer-v1", "appsflyer-v2", "singular"), required=True)
    if "body" not in inp:
        raise invalid("body is missing")
    body = inp["body"]
    if not isinstance(body, dict):
        raise SpecError("malformed-response", "the response body is not a JSON object")
    answer = parse_singular(body) if api == "singular" else parse_appsflyer(body, 1 if api == "appsflyer-v1" else 2)
    # S2S-15: the index names the window; a fine value applies in window 0 only (SKN-1).
    window = answer["postback_sequence_index"]
    answer["window"] = window
    answer["fine_applies"] = None if window is None else window == 0
    return answer


def build_request(inp):
    api = read_choice(inp, "api", ("appsflyer", "singular"), required=True)
    return build_appsflyer(inp) if api == "appsflyer" else build_singular(inp)


OPERATIONS = {"sign": sign, "validate-request": validate_request,
              "build-request": build_request, "parse-response": parse_response}


def run(inp):
    require_object(inp)
    op = inp.get("op")
    if not isinstance(op, str) or op not in OPERATIONS:
        raise invalid("missing or unknown op")  # IN-1
    return OPERATIONS[op](inp)
