"""The `signature` suite (Spec/signature.md): SKAdNetwork postback and impression
signatures, and AdAttributionKit JWS postbacks and impressions.

ECDSA P-256 / SHA-256 comes from the `cryptography` package; everything else (base64,
JSON, UTF-8) is the standard library.
"""
import base64
import binascii
import json
import re

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat, load_der_public_key

from common import MAX_TIME, SpecError, integral, invalid, require_object

SEPARATOR = "\u2063"  # U+2063 INVISIBLE SEPARATOR (SIG-1)
INT64 = (-(2**63), 2**63 - 1)

APPLE_P256 = ("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEWdp8GPcGqmhgzEFj9Z2nSpQVddayaPe4FMzqM9wib1+"
              "aHaaIzoHoLN9zW4K8y4SPykE3YVK3sVqW6Af0lfx3gg==")
APPLE_P192 = ("MEkwEwYHKoZIzj0CAQYIKoZIzj0DAQEDMgAEMyHD625uvsmGq4C43cQ9BnfN2xslVT5V1nOmAMP6qaRRUll3PB1J"
              "YmgSm+62sosG")  # SIG-6: versions 1.0 and 2.0
APPLE_AAK_KEYS = {  # SIG-13
    "apple-cas-identifier/0": APPLE_P256,
    "apple-development-identifier/0": ("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAELeEDzpJEP+/qRSE5hJVC1p1J0ssUnQGMz"
                                       "BBbvnACBok8OVGGLgxL0myrKiy6lvRtSlLRsWit87i+vftD8AEqeQ=="),
    "apple-development-identifier/1": ("MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE8YzdO7eM97s/IJ25kdW5CZ3A14USE5IJ5"
                                       "Ha/vhWaxI6UBI1ZxCEvjrKxVluVGe6qWwF1BDFq+QHqKfH5u+wxHQ=="),
}

NONCE = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")  # SIG-11
BASE64URL = re.compile(r"[A-Za-z0-9_-]*")  # SIG-14: no padding, no other characters


class Verdict(Exception):
    """A verdict reached before the end of the checks (rejected or unverifiable)."""

    def __init__(self, verdict, reason):
        super().__init__(reason)
        self.verdict = verdict
        self.reason = reason


def rejected(reason):
    return Verdict("rejected", reason)


# ---------------------------------------------------------------------------
# Encodings and keys
# ---------------------------------------------------------------------------

def strict_base64(text):
    """Canonical standard base64 (padded, no other characters, zero unused bits), else None."""
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    return data if base64.b64encode(data).decode("ascii") == text else None


def strict_base64url(text):
    """SIG-14: canonical base64url without padding (zero unused bits), else None."""
    if BASE64URL.fullmatch(text) is None or len(text) % 4 == 1:
        return None
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    return data if base64url(data) == text else None


def base64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def reject_constant(name):
    raise ValueError(f"{name} is not JSON")


def reject_duplicates(pairs):
    # Spec gap: see findings (B5: an object with a repeated member name is not a JSON
    # object here, as in the reference; the Spec does not say so)
    names = [name for name, _ in pairs]
    if len(set(names)) != len(names):
        raise ValueError("duplicate member name")
    return dict(pairs)


def json_object(data):
    """The JSON object in `data` (bytes or text), or None.

    Strict: NaN and Infinity are not JSON, and a repeated member name makes the text
    malformed (otherwise `{"alg":"none","alg":"ES256"}` reads differently in different
    parsers).
    """
    try:
        if isinstance(data, bytes):
            data = data.decode("utf-8")
        value = json.loads(data, parse_constant=reject_constant, object_pairs_hook=reject_duplicates)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    return value if isinstance(value, dict) else None


def load_key(text, what="public_key", curves=(ec.SECP256R1,)):
    """IN-1: a key is the base64 of a P-256 SubjectPublicKeyInfo in DER (for postbacks also
    P-192, SIG-6); else invalid-input."""
    if not isinstance(text, str):
        raise invalid(f"{what} must be a string")
    der = strict_base64(text)
    try:
        key = load_der_public_key(der) if der is not None else None
    except (ValueError, TypeError):
        key = None
    if not isinstance(key, ec.EllipticCurvePublicKey) or not isinstance(key.curve, curves):
        if len(curves) > 1:
            raise invalid(f"{what} is not the base64 of a P-256 or P-192 SubjectPublicKeyInfo")
        raise invalid(f"{what} is not the base64 of a P-256 SubjectPublicKeyInfo")
    # Spec gap: see findings (B6: the reference refuses a compressed point; only the
    # uncompressed SubjectPublicKeyInfo, the form Apple publishes, is a key)
    if key.public_bytes(Encoding.DER, PublicFormat.SubjectPublicKeyInfo) != der:
        raise invalid(f"{what} is not an uncompressed P-256 SubjectPublicKeyInfo")
    return key


def verify_der(key, signature_text, message):
    """SIG-5, SIG-12, SIG-22: canonical base64 of an ASN.1 DER ECDSA signature over `message` (bytes)."""
    der = strict_base64(signature_text)
    try:
        if der is None or encode_dss_signature(*decode_dss_signature(der)) != der:
            raise ValueError("not canonical DER")
    except ValueError:
        raise rejected("malformed-signature")
    try:
        key.verify(der, message, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise rejected("bad-signature")


def verify_raw(key, signature, message):
    """SIG-14: a JWS ES256 signature is 64 raw bytes R||S (RFC 7518 section 3.4)."""
    if len(signature) != 64:
        raise rejected("malformed-signature")
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    try:
        key.verify(der, message, ec.ECDSA(hashes.SHA256()))
    except InvalidSignature:
        raise rejected("bad-signature")


# ---------------------------------------------------------------------------
# Typed fields of postbacks and JWS payloads: integers are JSON numbers with an integral
# value within 64 bits, however written (SIG-4: json.loads makes 1.0 a float, and it is
# still the integer 1, signed as "1").
# ---------------------------------------------------------------------------

def is_int64(value):
    if isinstance(value, bool):
        return False
    if isinstance(value, float):
        return value.is_integer() and -2.0**63 <= value < 2.0**63
    return isinstance(value, int) and INT64[0] <= value <= INT64[1]


CHECKS = {
    "string": lambda v: isinstance(v, str),
    "integer": is_int64,
    "boolean": lambda v: isinstance(v, bool),
}


def typed_field(obj, name, kind):
    """SIG-4, SIG-16: the field's value, or a `missing-field` / `wrong-type` rejection."""
    if name not in obj:
        raise rejected("missing-field")
    value = obj[name]
    if not CHECKS[kind](value):
        raise rejected("wrong-type")
    return value


def field_text(value):
    """SIG-4: strings as they are, integers in decimal, booleans as true/false."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return str(int(value))
    return str(value)


# ---------------------------------------------------------------------------
# verify-postback
# ---------------------------------------------------------------------------

SOURCE = "source"  # marks the source slot in a layout
S, I, B = "string", "integer", "boolean"
LAYOUT_21 = [("version", S), ("ad-network-id", S), ("campaign-id", I), ("app-id", I),
             ("transaction-id", S), ("redownload", B), (SOURCE, None)]
LAYOUTS = {  # SIG-1, SIG-3, SIG-6
    "4.0": [("version", S), ("ad-network-id", S), ("source-identifier", S), ("app-id", I),
            ("transaction-id", S), ("redownload", B), (SOURCE, None), ("fidelity-type", I),
            ("did-win", B), ("postback-sequence-index", I)],
    "3.0": LAYOUT_21 + [("fidelity-type", I), ("did-win", B)],
    "2.2": LAYOUT_21 + [("fidelity-type", I)],
    "2.1": LAYOUT_21,
    "2.0": LAYOUT_21,
    "1.0": [("ad-network-id", S), ("campaign-id", I), ("app-id", I), ("transaction-id", S)],
}
P192_VERSIONS = ("1.0", "2.0")  # SIG-6


def source_slot(postback, version):
    """SIG-2, SIG-20: `source-app-id`, or in 4.0 `source-domain`; dropped when neither."""
    has_app = "source-app-id" in postback
    has_domain = version == "4.0" and "source-domain" in postback
    if has_app and has_domain:
        raise rejected("ambiguous-source")
    if has_app:
        return [typed_field(postback, "source-app-id", I)]
    if has_domain:
        return [typed_field(postback, "source-domain", S)]
    return []


def postback_signed_string(postback):
    """Steps 2 and 3: the version and the signed fields, in the version's order. A postback
    without version is a 1.0 one (SIG-23)."""
    version = typed_field(postback, "version", S) if "version" in postback else "1.0"
    if version not in LAYOUTS:
        raise Verdict("unverifiable", "unknown-version")  # SIG-7
    parts = []
    for name, kind in LAYOUTS[version]:
        parts += source_slot(postback, version) if name == SOURCE else [typed_field(postback, name, kind)]
    return version, SEPARATOR.join(field_text(value) for value in parts)


def verify_postback(inp):
    if "postback" not in inp:
        raise invalid("postback is missing")
    key = load_key(inp["public_key"], curves=(ec.SECP256R1, ec.SECP192R1)) if inp.get("public_key") is not None else None
    postback = inp["postback"]
    if isinstance(postback, str):  # SIG-8: the body's text
        postback = json_object(postback)
    signed = None
    try:
        if not isinstance(postback, dict):
            raise rejected("malformed-json")  # step 1
        version, signed = postback_signed_string(postback)  # steps 2 and 3
        signature = typed_field(postback, "attribution-signature", S)  # step 4
        apple = APPLE_P192 if version in P192_VERSIONS else APPLE_P256  # SIG-6
        verify_der(key or load_key(apple, curves=(ec.SECP256R1, ec.SECP192R1)), signature, signed.encode("utf-8"))
        verdict, reason = "verified", "ok"
    except Verdict as outcome:
        verdict, reason = outcome.verdict, outcome.reason
    return {"verdict": verdict, "reason": reason, "signed_string": signed}


# ---------------------------------------------------------------------------
# impression-signed-string and verify-impression (SKAdNetwork 4 impressions)
# ---------------------------------------------------------------------------

KINDS = {"storekit-rendered": 1, "view-through": 0, "web": 1}  # kind -> fidelity-type (SIG-9, SIG-10)


def impression_integer(obj, name):
    """An impression integer: an integral number (README.md: `12.0` is 12) within 64 bits."""
    number = integral(obj.get(name))
    if number is None or not INT64[0] <= number <= INT64[1]:
        raise invalid(f"impression {name} must be an integer")
    return number


def impression_string(obj, name):
    if not isinstance(obj.get(name), str):
        raise invalid(f"impression {name} must be a string")
    return obj[name]


def impression_signed_string(inp):
    """The members' shapes, then the source identifier, then the nonce (SIG-11)."""
    kind = inp.get("kind")
    if not isinstance(kind, str) or kind not in KINDS:
        raise invalid("unknown kind")
    impression = inp.get("impression")
    if not isinstance(impression, dict):
        raise invalid("impression must be an object")
    version = impression_string(impression, "version")
    network = impression_string(impression, "ad-network-id")
    source_identifier = impression_integer(impression, "source-identifier")
    item = impression_integer(impression, "itunes-item-id")
    nonce = impression_string(impression, "nonce")
    timestamp = integral(impression.get("timestamp"))
    if timestamp is None or not -MAX_TIME <= timestamp <= MAX_TIME:
        raise invalid("impression timestamp must be a time")
    if kind == "web":  # SIG-10
        source = impression_string(impression, "source-domain")
    else:  # SIG-9
        source = str(impression_integer(impression, "source-app-id"))
    if not 0 <= source_identifier <= 9999:
        raise SpecError("invalid-source-identifier", "source-identifier is outside 0...9999")
    if NONCE.fullmatch(nonce) is None:
        raise SpecError("invalid-nonce", "nonce is not a UUID")
    fidelity = KINDS[kind]
    parts = [version, network, str(source_identifier), str(item), nonce.lower(), source,
             str(fidelity), str(timestamp)]
    return SEPARATOR.join(parts), fidelity


def verify_impression(inp):
    if not isinstance(inp.get("signature"), str):
        raise invalid("signature must be a string")
    signed, _ = impression_signed_string(inp)
    key = load_key(inp.get("public_key"))
    try:
        verify_der(key, inp["signature"], signed.encode("utf-8"))  # SIG-12: verify, never compare
        verdict, reason = "verified", "ok"
    except Verdict as outcome:
        verdict, reason = outcome.verdict, outcome.reason
    return {"verdict": verdict, "reason": reason, "signed_string": signed}


# ---------------------------------------------------------------------------
# AdAttributionKit JWS
# ---------------------------------------------------------------------------

AAK_POSTBACK_FIELDS = [  # SIG-16: (name, type, required)
    ("impression-type", S, True), ("ad-network-identifier", S, True), ("source-identifier", S, True),
    ("advertised-item-identifier", I, True), ("conversion-type", S, True),
    ("postback-identifier", S, True), ("did-win", B, True), ("postback-sequence-index", I, True),
    ("marketplace-identifier", S, False), ("publisher-item-identifier", I, False),
]
AAK_IMPRESSION_FIELDS = [  # SIG-18
    ("impression-identifier", S, True), ("publisher-item-identifier", I, True),
    ("impression-type", S, True), ("ad-network-identifier", S, True), ("source-identifier", I, True),
    ("timestamp", I, True), ("advertised-item-identifier", I, True),
    ("eligible-for-re-engagement", B, False),
]
CONVERSION_TYPES = {"download": "download", "redownload": "redownload",
                    "re-engagement": "re-engagement", "reengagement": "re-engagement"}  # SIG-17


def check_fields(payload, fields):
    for name, kind, required in fields:
        if required or name in payload:
            typed_field(payload, name, kind)


def check_header(header):
    """Step 3: `alg` must be the string ES256, `kid` a string. Returns the kid."""
    if header.get("alg") != "ES256":
        raise rejected("unsupported-alg")
    if not isinstance(header.get("kid"), str):
        raise rejected("malformed-jws")
    return header["kid"]


def parse_jws(jws):
    """Steps 2 and 3 (SIG-14): -> (header, payload, signature bytes, signing input, kid)."""
    parts = jws.split(".")
    if len(parts) != 3:
        raise rejected("malformed-jws")
    decoded = [strict_base64url(part) for part in parts]
    if any(data is None for data in decoded):
        raise rejected("malformed-jws")
    header, payload = json_object(decoded[0]), json_object(decoded[1])
    if header is None or payload is None:
        raise rejected("malformed-jws")
    kid = check_header(header)
    return header, payload, decoded[2], parts[0] + "." + parts[1], kid


def verify_aak_postback(inp):
    postback = inp.get("postback")
    if not isinstance(postback, dict):
        raise invalid("postback must be an object")
    keys = inp.get("keys")
    if keys is None:
        keys = APPLE_AAK_KEYS
    elif not isinstance(keys, dict):
        raise invalid("keys must be an object")
    keys = {kid: load_key(text, f"key {kid!r}") for kid, text in keys.items()}  # every key, used or not
    answer = {"verdict": None, "reason": None, "kid": None, "signing_input": None, "conversion_type": None}
    try:
        jws = typed_field(postback, "jws-string", S)  # step 1
        _, payload, signature, signing_input, kid = parse_jws(jws)  # steps 2 and 3
        answer["kid"], answer["signing_input"] = kid, signing_input
        if kid not in keys:  # step 4, SIG-15: never try another key
            raise Verdict("unverifiable", "unknown-kid")
        verify_raw(keys[kid], signature, signing_input.encode("ascii"))  # step 5
        check_fields(payload, AAK_POSTBACK_FIELDS)  # step 6, SIG-16
        conversion_type = CONVERSION_TYPES.get(payload["conversion-type"])  # step 7, SIG-17
        if conversion_type is None or not 0 <= payload["postback-sequence-index"] <= 2:
            raise rejected("invalid-value")
        answer.update(verdict="verified", reason="ok", conversion_type=conversion_type)
    except Verdict as outcome:
        answer.update(verdict=outcome.verdict, reason=outcome.reason)
    return answer


def verify_aak_impression(inp):
    jws = inp.get("jws")
    if not isinstance(jws, str):
        raise invalid("jws must be a string")
    key = load_key(inp.get("public_key"))
    answer = {"verdict": None, "reason": None, "signing_input": None}
    try:
        _, payload, signature, signing_input, _ = parse_jws(jws)  # steps 2 and 3; the key is given
        answer["signing_input"] = signing_input
        verify_raw(key, signature, signing_input.encode("ascii"))  # step 5
        check_fields(payload, AAK_IMPRESSION_FIELDS)  # SIG-18
        answer.update(verdict="verified", reason="ok")
    except Verdict as outcome:
        answer.update(verdict=outcome.verdict, reason=outcome.reason)
    return answer


def aak_impression_signing_input(inp):
    header_text, payload_text = inp.get("header"), inp.get("payload")
    if not isinstance(header_text, str) or not isinstance(payload_text, str):
        raise invalid("header and payload must be strings")
    # RFC 7515 section 5.1, over the texts exactly as given (SIG-18).
    signing_input = base64url(header_text.encode("utf-8")) + "." + base64url(payload_text.encode("utf-8"))
    try:
        header, payload = json_object(header_text), json_object(payload_text)
        if header is None or payload is None:
            raise rejected("malformed-jws")
        check_header(header)
        check_fields(payload, AAK_IMPRESSION_FIELDS)
        reason = "ok"
    except Verdict as outcome:
        reason = outcome.reason
    return {"signing_input": signing_input, "reason": reason}


def impression_signed_string_op(inp):
    signed, fidelity = impression_signed_string(inp)
    return {"signed_string": signed, "fidelity_type": fidelity}


OPERATIONS = {
    "verify-postback": verify_postback,
    "impression-signed-string": impression_signed_string_op,
    "verify-impression": verify_impression,
    "verify-aak-postback": verify_aak_postback,
    "verify-aak-impression": verify_aak_impression,
    "aak-impression-signing-input": aak_impression_signing_input,
}


def run(inp):
    require_object(inp)
    op = inp.get("op")
    if not isinstance(op, str) or op not in OPERATIONS:
        raise invalid("missing or unknown op")  # IN-1
    return OPERATIONS[op](inp)
