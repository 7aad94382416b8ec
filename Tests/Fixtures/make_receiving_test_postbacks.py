#!/usr/bin/env python3
"""Signs the kit's SKAdNetwork test postbacks for the `receiving` suite and writes them as Swift.

    python3 Tests/Fixtures/make_receiving_test_postbacks.py           # rewrites the Swift file
    python3 Tests/Fixtures/make_receiving_test_postbacks.py --check   # exit 1 if it differs

Needs Python's `cryptography` package, 43 or later (deterministic ECDSA, RFC 6979), so the
same postbacks always give the same signatures and `--check` is exact.

Output: Sources/SKANVectorGeneration/Scenarios/SignatureTestKey+Receiving.swift, the
dictionary `SignatureTestKey.receivingPostbacks` (name -> the postback's JSON text) the
`receiving` scenarios read. The private key is the kit's TEST key, read from
SignatureTestKey.swift (published on purpose; it signs only test vectors). The
AdAttributionKit test JWS of the same scenarios are made by make_aak_test_jws.py.

Every postback is version 4.0, signed over Apple's 4.0 layout (Spec/signature.md, SIG-1):
version, ad-network-id, source-identifier, app-id, transaction-id, redownload (`true` or
`false`), source-app-id or source-domain when present, fidelity-type, did-win and
postback-sequence-index, joined by U+2063. Each is chosen for one scenario of the design
(docs/design/receiving-suite.md, section 4): the transaction IDs are the point.
"""

import base64
import json
import pathlib
import sys

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCENARIOS = ROOT / "Sources" / "SKANVectorGeneration" / "Scenarios"
KEY_FILE = SCENARIOS / "SignatureTestKey.swift"
OUTPUT = SCENARIOS / "SignatureTestKey+Receiving.swift"

SEPARATOR = "\u2063"
SIGNED_4_0 = [
    "version", "ad-network-id", "source-identifier", "app-id", "transaction-id", "redownload",
    "<source>", "fidelity-type", "did-win", "postback-sequence-index",
]


def transaction_id(n):
    return f"7c1d2e3f-8a9b-4c0d-9e1f-2a3b4c5d6e{n:02d}"


def postback(transaction, **changes):
    """A winning tier-3 first postback of the kit's test network and app; `changes` (names
    with `_` for `-`) set members, the string "<absent>" removes one."""
    value = {
        "version": "4.0",
        "ad-network-id": "kittest.skadnetwork",
        "source-identifier": "5678",
        "app-id": 1234567890,
        "transaction-id": transaction,
        "redownload": False,
        "source-app-id": 987654321,
        "fidelity-type": 1,
        "did-win": True,
        "conversion-value": 63,
        "postback-sequence-index": 0,
    }
    for name, member in changes.items():
        name = name.replace("_", "-")
        if member == "<absent>":
            del value[name]
        else:
            value[name] = member
    return value


def later_window(transaction, index, coarse):
    """Window 1 or 2 of the same install: a coarse value, no fine value and no source app
    (Apple's tier table for postbacks 2 and 3)."""
    return postback(
        transaction, source_app_id="<absent>", conversion_value="<absent>", coarse_conversion_value=coarse,
        postback_sequence_index=index)


# (name, comment, postback) in the order of the Swift file.
POSTBACKS = [
    ("window-0", "One install's three postbacks, each with its own transaction-id (RCV-17).",
     postback(transaction_id(1))),
    ("window-1", None, later_window(transaction_id(2), 1, "medium")),
    ("window-2", None, later_window(transaction_id(3), 2, "low")),
    ("shared-id", "The transaction-id is the `postback-identifier` of the JWS `postback-skan-shared-id` (RCV-5).",
     postback("5b0d0a6e-6a3f-4f3c-9b51-0c1f3a2b4c34")),
    ("id-lower-case", "Two postbacks whose transaction-ids differ only in letter case (RCV-5).",
     postback("7c1d2e3f-8a9b-4c0d-9e1f-2a3b4c5d6eab")),
    ("id-upper-case", None, postback("7C1D2E3F-8A9B-4C0D-9E1F-2A3B4C5D6EAB")),
    ("t3-p0-resigned", "SignatureTestKey.postbacks[\"t3-p0\"]'s members with another valid signature (RCV-5, RCV-6).",
     postback("0b3b3e4a-6f0e-4c52-9d8a-1f6b2c3d4e04")),
]


def signed_string(value):
    def text(member):
        if isinstance(member, bool):
            return "true" if member else "false"
        return str(member)

    parts = []
    for field in SIGNED_4_0:
        if field == "<source>":
            for source in ("source-app-id", "source-domain"):
                if source in value:
                    parts.append(text(value[source]))
        else:
            parts.append(text(value[field]))
    return SEPARATOR.join(parts)


def private_key():
    """The kit's TEST key, read and checked as make_aak_test_jws.py reads it (shared)."""
    from make_aak_test_jws import private_key as shared

    return shared()


def signed(key, value):
    """`value` with its `attribution-signature`: base64 of the DER ECDSA P-256 SHA-256 signature."""
    der = key.sign(signed_string(value).encode("utf-8"), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    result = dict(value)
    result["attribution-signature"] = base64.b64encode(der).decode("ascii")
    return result


def swift_file():
    key = private_key()
    lines = [
        "// Generated by Tests/Fixtures/make_receiving_test_postbacks.py: do not edit; run the script",
        "// (`--check` compares). Deterministic ECDSA (RFC 6979) with the kit's TEST key.",
        "",
        "extension SignatureTestKey {",
        "  /// SKAdNetwork 4.0 postbacks signed with the test key for the `receiving` scenarios, by name:",
        "  /// each postback's JSON text (members in the script's order), read with `JSONParser`.",
        "  static let receivingPostbacks: [String: String] = [",
    ]
    names = set()
    for name, comment, value in POSTBACKS:
        if name in names:
            sys.exit(f"duplicate postback name {name}")
        names.add(name)
        if comment:
            lines.append(f"    // {comment}")
        lines.append(f'    "{name}":')
        lines.append(f'      #"{json.dumps(signed(key, value), separators=(",", ":"), ensure_ascii=True)}"#,')
    lines += ["  ]", "}", ""]
    return "\n".join(lines)


def main():
    from make_aak_test_jws import write_or_check  # this directory's shared write/--check

    write_or_check(OUTPUT, swift_file(), "make_receiving_test_postbacks.py", f"{len(POSTBACKS)} postbacks")


if __name__ == "__main__":
    main()
