#!/usr/bin/env python3
"""Writes Tests/Fixtures/p192-kat.json: known answers for the kit's P-192 ECDSA verification.

Command that made the committed file (Python 3.11, cryptography 48.0.0):

    python3 Tests/Fixtures/make_p192_kat.py > Tests/Fixtures/p192-kat.json

Every signature is made by Python `cryptography` (OpenSSL), an implementation the kit did not
write: ECDSA over SHA-256 on SECP192R1 with deterministic nonces (RFC 6979), so the file is
the same on every run. Each case's `expected` is what a correct verifier answers:

- `valid`: the signature verifies;
- `invalid`: it is well-formed DER but does not verify (wrong message, key, r or s);
- `malformed`: it is not a strict DER `SEQUENCE { INTEGER r, INTEGER s }`;
- `invalid-key`: the key is not a P-192 SubjectPublicKeyInfo with a point on the curve.

`.ci/p192_crosscheck.py` checks every case against `cryptography` again (for it, `malformed`
is one more way to be invalid), and `P192KeyTests` checks the kit's `P192Key` against each.
"""

import json
import sys

from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature

N = 0xFFFFFFFFFFFFFFFFFFFFFFFF99DEF836146BC9B1B4D22831
P = 2**192 - 2**64 - 1


def key(secret):
    return ec.derive_private_key(secret, ec.SECP192R1())


def spki(private):
    return private.public_key().public_bytes(
        serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo
    )


def sign(private, message):
    return private.sign(message, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))


def der_integer(value_bytes):
    return bytes([0x02, len(value_bytes)]) + value_bytes


def der_sequence(content):
    return bytes([0x30, len(content)]) + content


def minimal(value):
    body = value.to_bytes(max(1, (value.bit_length() + 7) // 8), "big")
    return b"\x00" + body if body[0] & 0x80 else body


def main():
    cases = []

    def add(case_id, comment, public_key, message, signature, expected):
        cases.append(
            {
                "id": case_id,
                "comment": comment,
                "public_key_spki_der_hex": public_key.hex(),
                "message_hex": message.hex(),
                "signature_der_hex": signature.hex(),
                "expected": expected,
            }
        )

    keys = [key(s) for s in (1, 2, 0x1234567890ABCDEF, N - 1, 0xC0FFEE << 100)]
    messages = [
        b"",
        b"abc",
        "su67r6k2v3.skadnetwork\u206351\u20631176027022\u2063583e867c-0bc5-4980-8766-6d8cf992f24a".encode(),
        b"The quick brown fox jumps over the lazy dog",
        bytes(range(256)) * 4,
    ]

    # Valid signatures: every key with one message each, and one key with every message.
    for index, private in enumerate(keys):
        message = messages[index % len(messages)]
        add(f"valid-key{index}", "a signature by this key over this message", spki(private), message, sign(private, message), "valid")
    for index, message in enumerate(messages[1:], start=1):
        add(f"valid-message{index}", "key 2 over another message", spki(keys[2]), message, sign(keys[2], message), "valid")

    private = keys[2]
    public = spki(private)
    message = b"SKAdNetwork 1.0"
    signature = sign(private, message)
    r, s = decode_dss_signature(signature)
    add("base", "the signature the following cases change", public, message, signature, "valid")
    add("high-s", "s replaced by n - s: ECDSA has no low-S rule, both verify", public, message, encode_dss_signature(r, N - s), "valid")
    add("wrong-message-one-byte", "the message's last byte changed", public, b"SKAdNetwork 1.1", signature, "invalid")
    add("wrong-message-empty", "an empty message", public, b"", signature, "invalid")
    add("wrong-message-appended", "one byte appended to the message", public, message + b"!", signature, "invalid")
    add("wrong-key", "verified with key 3", spki(keys[3]), message, signature, "invalid")
    add("r-plus-1", "r + 1", public, message, encode_dss_signature(r + 1, s), "invalid")
    add("s-plus-1", "s + 1", public, message, encode_dss_signature(r, s + 1), "invalid")
    add("r-minus-1", "r - 1", public, message, encode_dss_signature(r - 1, s), "invalid")
    add("r-s-swapped", "r and s swapped", public, message, encode_dss_signature(s, r), "invalid")
    add("r-zero", "r = 0", public, message, encode_dss_signature(0, s), "invalid")
    add("s-zero", "s = 0", public, message, encode_dss_signature(r, 0), "invalid")
    add("r-n", "r = n", public, message, encode_dss_signature(N, s), "invalid")
    add("s-n", "s = n", public, message, encode_dss_signature(r, N), "invalid")
    add("r-plus-n", "r + n (r's class modulo n, but not below n)", public, message, encode_dss_signature(r + N, s), "invalid")
    add("s-plus-n", "s + n", public, message, encode_dss_signature(r, s + N), "invalid")
    add("r-p", "r = p", public, message, encode_dss_signature(P, s), "invalid")
    add("r-2-192", "r = 2^192", public, message, encode_dss_signature(2**192, s), "invalid")
    add("r-one-s-one", "r = s = 1", public, message, encode_dss_signature(1, 1), "invalid")
    add("r-n-minus-1", "r = n - 1", public, message, encode_dss_signature(N - 1, s), "invalid")
    for position in (4, len(signature) // 2, len(signature) - 1):
        flipped = bytearray(signature)
        flipped[position] ^= 0x01
        add(f"flip-byte-{position}", f"byte {position} of the DER signature with its low bit flipped", public, message, bytes(flipped), "invalid")

    # Malformed DER.
    add("der-trailing-byte", "a byte after the sequence", public, message, signature + b"\x00", "malformed")
    add("der-truncated", "the last byte missing", public, message, signature[:-1], "malformed")
    add("der-empty", "no bytes", public, message, b"", "malformed")
    add("der-wrong-tag", "SET instead of SEQUENCE", public, message, b"\x31" + signature[1:], "malformed")
    add("der-length-long", "the sequence length one too long", public, message, bytes([0x30, signature[1] + 1]) + signature[2:], "malformed")
    padded_r = b"\x00" + minimal(r)
    add("der-nonminimal-r", "r with a needless leading zero byte", public, message, der_sequence(der_integer(padded_r) + der_integer(minimal(s))), "malformed")
    long_form = bytes([0x30, 0x81, signature[1]]) + signature[2:]
    add("der-long-form-length", "the sequence length in long form (0x81) though below 128", public, message, long_form, "malformed")
    negative_r = minimal(r).lstrip(b"\x00")
    if negative_r[0] & 0x80 == 0:
        negative_r = bytes([negative_r[0] | 0x80]) + negative_r[1:]
    add("der-negative-r", "r encoded as a negative INTEGER", public, message, der_sequence(der_integer(negative_r) + der_integer(minimal(s))), "malformed")
    add("der-one-integer", "only r", public, message, der_sequence(der_integer(minimal(r))), "malformed")
    add("der-three-integers", "r, s and a third INTEGER", public, message, der_sequence(der_integer(minimal(r)) + der_integer(minimal(s)) + der_integer(b"\x01")), "malformed")
    add("der-octet-string-s", "s tagged OCTET STRING", public, message, der_sequence(der_integer(minimal(r)) + b"\x04" + bytes([len(minimal(s))]) + minimal(s)), "malformed")
    add("der-empty-integer", "r of length 0", public, message, der_sequence(b"\x02\x00" + der_integer(minimal(s))), "malformed")

    # Keys that are not P-192 keys with a point on the curve.
    raw = bytearray(public)
    raw[-1] ^= 0x01
    add("key-off-curve", "the key's y with its low bit flipped: not on the curve", bytes(raw), message, signature, "invalid-key")
    x_at_p = public[:27] + P.to_bytes(24, "big") + public[51:]
    add("key-x-equals-p", "the key's x = p, outside the field", x_at_p, message, signature, "invalid-key")
    p256 = ec.derive_private_key(2, ec.SECP256R1())
    p256_spki = p256.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    add("key-p256", "a P-256 key", p256_spki, message, signature, "invalid-key")
    add("key-truncated", "the key without its last byte", public[:-1], message, signature, "invalid-key")

    document = {
        "_about": (
            "Known answers for P-192 (secp192r1) ECDSA verification over SHA-256, made by Python "
            "cryptography (OpenSSL) with deterministic RFC 6979 signatures. Generated by "
            "'python3 Tests/Fixtures/make_p192_kat.py > Tests/Fixtures/p192-kat.json'; see that script "
            "for what each expected value means. Checked by P192KeyTests (the kit) and "
            ".ci/p192_crosscheck.py (Python cryptography)."
        ),
        "curve": "secp192r1",
        "hash": "SHA-256",
        "cases": cases,
    }
    json.dump(document, sys.stdout, indent=2, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
