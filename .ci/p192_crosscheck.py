#!/usr/bin/env python3
"""Re-checks the kit's P-192 inputs with Python `cryptography` (SECP192R1), an implementation
the kit did not write.

- every case of Tests/Fixtures/p192-kat.json: `valid` must verify; `invalid` and `malformed`
  must not; `invalid-key` must not load as a P-192 key;
- the two real P-192 postbacks of Tests/Fixtures/apple-samples.json (1.0 and 2.0) must verify
  under Apple's P-192 key over their signed strings, and a copy with one byte of the signed
  string or of the signature changed must not.

Usage: python3 .ci/p192_crosscheck.py [repository root]. Exit 0 when all agree, 1 otherwise.
"""

import base64
import json
import os
import sys

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec


def load_key(der):
    try:
        key = serialization.load_der_public_key(der)
    except ValueError:
        return None
    if not isinstance(key, ec.EllipticCurvePublicKey) or key.curve.name != "secp192r1":
        return None
    return key


def verifies(key, message, signature):
    try:
        key.verify(signature, message, ec.ECDSA(hashes.SHA256()))
        return True
    except InvalidSignature:
        return False


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    failures = []
    checked = 0

    with open(os.path.join(root, "Tests/Fixtures/p192-kat.json"), encoding="utf-8") as handle:
        kat = json.load(handle)
    for case in kat["cases"]:
        checked += 1
        key = load_key(bytes.fromhex(case["public_key_spki_der_hex"]))
        if case["expected"] == "invalid-key":
            if key is not None:
                failures.append(f"p192-kat.json {case['id']}: the key loads as P-192, expected invalid-key")
            continue
        if key is None:
            failures.append(f"p192-kat.json {case['id']}: the key does not load as P-192")
            continue
        got = verifies(key, bytes.fromhex(case["message_hex"]), bytes.fromhex(case["signature_der_hex"]))
        if got != (case["expected"] == "valid"):
            failures.append(f"p192-kat.json {case['id']}: cryptography says {'valid' if got else 'invalid'}, expected {case['expected']}")

    with open(os.path.join(root, "Tests/Fixtures/apple-samples.json"), encoding="utf-8") as handle:
        samples = json.load(handle)
    apple = load_key(base64.b64decode(samples["keys"]["skan_p192_v1_v2_0"]["spki_der_base64"]))
    if apple is None:
        failures.append("apple-samples.json: Apple's P-192 key does not load as P-192")
    else:
        for sample_id in ("field_v1_0_ironsource", "field_v2_0_meta"):
            sample = next(s for s in samples["samples"] if s["id"] == sample_id)
            message = sample["signed_string"].encode("utf-8")
            signature = base64.b64decode(sample["postback"]["attribution-signature"])
            tampered_message = message[:-1] + bytes([message[-1] ^ 0x01])
            tampered_signature = bytearray(signature)
            tampered_signature[len(signature) // 2] ^= 0x01
            for label, m, sig, expected in (
                ("as published", message, signature, True),
                ("signed string's last byte changed", tampered_message, signature, False),
                ("a signature byte changed", message, bytes(tampered_signature), False),
            ):
                checked += 1
                if verifies(apple, m, sig) != expected:
                    failures.append(f"apple-samples.json {sample_id} ({label}): expected {'valid' if expected else 'invalid'}")

    for failure in failures:
        print(f"FAIL {failure}")
    print(f"p192-crosscheck: {checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
