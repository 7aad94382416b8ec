#!/usr/bin/env python3
"""Signs the kit's AdAttributionKit test JWS and writes them as Swift.

    python3 Tests/Fixtures/make_aak_test_jws.py           # rewrites the Swift file
    python3 Tests/Fixtures/make_aak_test_jws.py --check   # exit 1 if it differs

Needs Python's `cryptography` package, 43 or later (deterministic ECDSA, RFC 6979), so the
same payloads always give the same signatures and `--check` is exact.

Output: Sources/SKANVectorGeneration/Scenarios/SignatureTestKey+JWS.swift, the dictionary
`SignatureTestKey.jws` the `signature` scenarios read. The private key is the kit's TEST key,
read from SignatureTestKey.swift (published on purpose; it signs only test vectors).

Kids (Spec/signature.md, "Test kids, and libraries with Apple's keys built in"): every
postback JWS is signed under one of Apple's own kids, `apple-cas-identifier/0`
(production) unless the case is about a development postback, and its vector's `keys` maps
that kid to the test public key, so an adapter that loads a key per kid reaches the
payload checks. Only the JWS for cases about a kid with no key (`-kit-kid`) carry the kid
`kit-test-key/0`, which no library knows. Impressions carry the ad network's kid.
"""

import base64
import json
import pathlib
import re
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "Sources" / "SKANVectorGeneration" / "Scenarios"
KEY_FILE = SCENARIOS / "SignatureTestKey.swift"
OUTPUT = SCENARIOS / "SignatureTestKey+JWS.swift"

PRODUCTION = '{"kid":"apple-cas-identifier/0","alg":"ES256"}'
# A postback made in Settings > Developer, its kid's slash escaped as Apple's example writes it.
DEVELOPMENT_ESCAPED = '{"kid":"apple-development-identifier\\/1","alg":"ES256"}'
KIT_KID = '{"kid":"kit-test-key/0","alg":"ES256"}'
# A development postback under Apple's other development kid (the receiving suite, RCV-13).
DEVELOPMENT_0 = '{"kid":"apple-development-identifier/0","alg":"ES256"}'
IMPRESSION = '{"kid":"kittest.adattributionkit","alg":"ES256"}'

NETWORK = "kittest.adattributionkit"
ITEM = 1234567890


def postback_id(n):
    return f"5b0d0a6e-6a3f-4f3c-9b51-0c1f3a2b4c{n:02d}"


def edited(payload, changes):
    """`payload` with `changes` (keyword names, `_` for `-`) applied: None writes null, the
    string "<absent>" removes the member."""
    for name, value in changes.items():
        name = name.replace("_", "-")
        if value == "<absent>":
            del payload[name]
        else:
            payload[name] = value
    return payload


def first_postback(n, **changes):
    """Sequence index 1, download, with both optional fields: the base of the payload checks."""
    payload = {
        "postback-identifier": postback_id(n),
        "publisher-item-identifier": 5838492,
        "marketplace-identifier": "com.apple.AppStore",
        "impression-type": "app-impression",
        "ad-network-identifier": NETWORK,
        "did-win": True,
        "postback-sequence-index": 1,
        "conversion-type": "download",
        "source-identifier": "12",
        "advertised-item-identifier": ITEM,
    }
    return edited(payload, changes)


def short_postback(n, **changes):
    """A first postback without the optional fields: index 0, download, source 1234."""
    payload = {
        "postback-identifier": postback_id(n),
        "impression-type": "app-impression",
        "ad-network-identifier": NETWORK,
        "did-win": True,
        "postback-sequence-index": 0,
        "conversion-type": "download",
        "source-identifier": "1234",
        "advertised-item-identifier": ITEM,
    }
    return edited(payload, changes)


def impression(identifier, **changes):
    payload = {
        "advertised-item-identifier": ITEM,
        "ad-network-identifier": NETWORK,
        "impression-type": "app-impression",
        "eligible-for-re-engagement": True,
        "timestamp": 1700000000123,
        "publisher-item-identifier": 5838492,
        "impression-identifier": identifier,
        "source-identifier": 5239,
    }
    return edited(payload, changes)


p2 = short_postback(2, did_win=False, postback_sequence_index=2, conversion_type="redownload")
p2["impression-type"] = "web-impression"

# (name, comment or None, header text, payload) in the order of the Swift file.
JWS = [
    ("postback-p1-download", None, PRODUCTION, first_postback(1)),
    ("postback-p1-download-kit-kid", "The same payload under a kid no library knows (SIG-15).", KIT_KID,
     first_postback(1)),
    ("postback-p2-redownload-escaped", None, DEVELOPMENT_ESCAPED, p2),
    ("postback-reengagement-unhyphenated", None, PRODUCTION, short_postback(3, conversion_type="reengagement")),
    ("postback-reengagement", None, PRODUCTION, short_postback(35, conversion_type="re-engagement")),
    ("postback-source-id-number", None, PRODUCTION, short_postback(4, source_identifier=1234)),
    ("postback-alg-none", None, '{"kid":"apple-cas-identifier/0","alg":"none"}', short_postback(5)),
    ("impression", None, IMPRESSION, impression("544b8fad-0ad5-4434-98b2-327113af84db")),
    ("impression-source-id-string", None, IMPRESSION,
     impression("544b8fad-0ad5-4434-98b2-327113af84dc", eligible_for_re_engagement="<absent>",
                publisher_item_identifier=0, source_identifier="5239")),
    ("postback-psi-3", None, PRODUCTION, short_postback(6, postback_sequence_index=3)),
    ("postback-conversion-type-install", None, PRODUCTION, short_postback(7, conversion_type="install")),
    ("postback-missing-did-win", None, PRODUCTION, short_postback(8, did_win="<absent>")),
    ("postback-missing-did-win-kit-kid", "The same payload under a kid no library knows (SIG-15, SIG-16).",
     KIT_KID, short_postback(8, did_win="<absent>")),
]
MISSING = [
    "impression-type", "ad-network-identifier", "source-identifier", "advertised-item-identifier",
    "conversion-type", "postback-identifier", "postback-sequence-index",
]
for i, field in enumerate(MISSING):
    JWS.append((
        f"postback-missing-{field}",
        "One payload check each (a field absent, of another type, or out of range)." if i == 0 else None,
        PRODUCTION, first_postback(9 + i, **{field.replace("-", "_"): "<absent>"})))
WRONG_TYPES = [
    ("impression-type", 1), ("ad-network-identifier", 1), ("advertised-item-identifier", "1234567890"),
    ("conversion-type", 1), ("postback-identifier", 1), ("did-win", "true"), ("postback-sequence-index", "1"),
    ("marketplace-identifier", None), ("publisher-item-identifier", "5838492"),
]
for i, (field, value) in enumerate(WRONG_TYPES):
    JWS.append((f"postback-wrong-type-{field}", None, PRODUCTION,
                first_postback(16 + i, **{field.replace("-", "_"): value})))
JWS.append(("postback-psi-minus-1", None, PRODUCTION, first_postback(25, postback_sequence_index=-1)))
# The `receiving` suite's bodies (docs/design/receiving-suite.md, section 4): the identifiers
# are the point. 30: a first postback of each kind; 31: two JWS of one postback; 32: one
# identifier in both environments; 33: publisher 0 under the production kid; 34: the
# identifier of the SKAdNetwork test postback `shared-id` (make_receiving_test_postbacks.py).
JWS += [
    ("postback-p0-download", "The receiving suite's (RCV-5 to RCV-13): see the comment above the list.", PRODUCTION,
     short_postback(30)),
    ("postback-same-id-source-1234", None, PRODUCTION, short_postback(31)),
    ("postback-same-id-source-5678", None, PRODUCTION, short_postback(31, source_identifier="5678")),
    ("postback-shared-id-development-0", None, DEVELOPMENT_0, short_postback(32)),
    ("postback-shared-id-production", None, PRODUCTION, short_postback(32)),
    ("postback-publisher-0", None, PRODUCTION, first_postback(33, publisher_item_identifier=0, postback_sequence_index=0)),
    ("postback-skan-shared-id", None, PRODUCTION, short_postback(34)),
]


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def private_key():
    text = KEY_FILE.read_text(encoding="utf-8")
    match = re.search(r"-----BEGIN PRIVATE KEY-----.*?-----END PRIVATE KEY-----", text, re.S)
    if not match:
        sys.exit(f"{KEY_FILE}: no PRIVATE KEY block")
    pem = "\n".join(line.strip() for line in match.group(0).splitlines()) + "\n"
    key = serialization.load_pem_private_key(pem.encode("ascii"), password=None)
    public = base64.b64encode(key.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).decode("ascii")
    if f'"{public}"' not in text:
        sys.exit(f"{KEY_FILE}: publicKey is not the private key's public half")
    return key


def sign(key, header, payload):
    """Compact JWS: BASE64URL(header) . BASE64URL(payload) . BASE64URL(R||S), RFC 7515 / 7518."""
    payload_text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
    signing_input = b64url(header.encode("utf-8")) + "." + b64url(payload_text.encode("utf-8"))
    der = key.sign(signing_input.encode("ascii"), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    r, s = decode_dss_signature(der)
    return signing_input + "." + b64url(r.to_bytes(32, "big") + s.to_bytes(32, "big"))


def swift_file():
    key = private_key()
    lines = [
        "// Generated by Tests/Fixtures/make_aak_test_jws.py: do not edit; run the script",
        "// (`--check` compares). Deterministic ECDSA (RFC 6979) with the kit's TEST key.",
        "",
        "extension SignatureTestKey {",
        "  /// Compact JWS signed with the test key, by name. Postbacks are signed under Apple's kids",
        "  /// (`apple-cas-identifier/0`; `apple-development-identifier\\/1` for the development",
        "  /// postback, `apple-development-identifier/0` for one of the receiving suite's), which their",
        "  /// vectors' `keys` or `aak_keys` map to the test public key; `-kit-kid` ones under",
        "  /// `kit-test-key/0`, a kid no library knows; impressions under the ad network's kid.",
        "  static let jws: [String: String] = [",
    ]
    names = set()
    for name, comment, header, payload in JWS:
        if name in names:
            sys.exit(f"duplicate JWS name {name}")
        names.add(name)
        if comment:
            lines.append(f"    // {comment}")
        lines.append(f'    "{name}":')
        lines.append(f'      "{sign(key, header, payload)}",')
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def write_or_check(output, text, script, what):
    """Writes `text` to `output`, or with `--check` exits 1 when the file differs from it.
    Shared by the fixture scripts of this directory."""
    if sys.argv[1:] == ["--check"]:
        current = output.read_text(encoding="utf-8") if output.exists() else ""
        if current != text:
            print(f"{output.relative_to(ROOT)} differs from what the script writes; run it without --check")
            sys.exit(1)
        print(f"{output.relative_to(ROOT)} is up to date")
    elif sys.argv[1:]:
        sys.exit(f"usage: {script} [--check]")
    else:
        output.write_text(text, encoding="utf-8")
        print(f"wrote {output.relative_to(ROOT)} ({what})")


def main():
    write_or_check(OUTPUT, swift_file(), "make_aak_test_jws.py", f"{len(JWS)} JWS")


if __name__ == "__main__":
    main()
