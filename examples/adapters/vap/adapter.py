#!/usr/bin/env python3
"""A skan-conform adapter for the PyPI package `vap` (Apple postback verifier, MIT).

`vap` has one public function, `vap.verifier.verify_postback(postback: dict) -> bool`,
which checks a SKAdNetwork install-validation postback (versions 2.1 to 4.x) against
Apple's P-256 key. This adapter puts that function behind the kit's `signature` suite,
op `verify-postback`, and does nothing else: it adds no check that vap lacks.

Run it with (from the repository root):
  skan-conform run --suite signature --cli "/tmp/vap-venv/bin/python examples/adapters/vap/adapter.py"

How the suite's input becomes a vap call, and vap's answer the suite's output
------------------------------------------------------------------------------
* `postback` as an object is passed to `verify_postback` as the dict the runner sent.
  `postback` as text is parsed with `json.loads` first, exactly as vap's own command
  line (`vap verify '<json>'`, vap/cli.py) does; text that does not parse is what vap's
  CLI reports as "JSON parse error": `rejected`, `malformed-json`.
* `public_key` (base64 SPKI DER): vap has no key parameter; it verifies with the
  module-level `_ecdsa_wrapper` built from Apple's key. For an input with `public_key`
  the adapter builds vap's own `_EcdsaWrapper` from the key (wrapped in PEM armour, the
  form vap itself uses for Apple's key) and lets vap's code call it instead of Apple's.
  The key is decoded by vap/fastecdsa, not by the adapter; a key they cannot decode is
  `invalid-input` (Spec: IN-1). Without `public_key`, vap's own Apple wrapper is used.
* `signed_string`: vap does not return the string it signs, but it hands it to
  `_ecdsa_wrapper.verify(message, signature)`. The adapter wraps that object in a
  recorder that notes `message` and delegates unchanged, so `signed_string` is exactly
  the string vap built and verified. When vap never reaches that call (it returned or
  raised before), `signed_string` is `null`: vap exposes no string then.
* vap's answer:
    - `True`  -> `verified`, `ok`.
    - `False` -> `rejected`, `bad-signature`. vap has a single "no": it also returns
      False, without verifying anything, for versions below 2.1 or from 5 on. vap has no
      "unverifiable" outcome, so the adapter does not invent one.
    - an exception. signature.md says "Everything about a postback or a JWS is a verdict
      in the output, never an error", so an exception raised by vap on a postback is the
      verdict `rejected` (vap did not accept the postback) and never an `error` reply. The
      reason translates the exception, because vap gives no other detail:
        . the argument was not a dict (vap indexes it with `postback['version']`)
          -> `malformed-json` (SIG-8: a postback that is not a JSON object);
        . KeyError (vap indexed a field the postback lacks) -> `missing-field`;
        . raised while vap decoded `attribution-signature` (after it handed the signed
          string to the verifier): TypeError (the signature is not text)
          -> `wrong-type`, anything else (binascii.Error, fastecdsa's
          InvalidDerSignature) -> `malformed-signature`;
        . any other exception (TypeError from joining a non-string, from comparing
          `source-app-id` with 0, ValueError from `float(version)`): vap could not use a
          field's value -> `wrong-type`.
      The exception's text goes to standard error.
* Every other op of the suite (SKAdNetwork impressions, AdAttributionKit JWS postbacks
  and impressions, the AdAttributionKit signing input) is answered `skipped`: vap has no
  code for them.
* Input shapes (not an object, unknown op, no `postback`, `public_key` not a string) are
  `invalid-input`, as Spec/signature.md says.
"""
import json
import sys
import traceback
from importlib import metadata

import vap.verifier as vap_verifier

VAP_VERSION = metadata.version("vap")

SKIPPED_OPS = {
    "impression-signed-string": "vap does not sign or build SKAdNetwork impressions",
    "verify-impression": "vap does not verify SKAdNetwork impressions",
    "verify-aak-postback": "vap does not verify AdAttributionKit (JWS) postbacks",
    "verify-aak-impression": "vap does not verify AdAttributionKit (JWS) impressions",
    "aak-impression-signing-input": "vap does not build AdAttributionKit signing inputs",
}


class SpecError(Exception):
    def __init__(self, code, message=""):
        super().__init__(message)
        self.code = code


class _Recorder:
    """Stands in for vap's module-level `_ecdsa_wrapper`: notes the message vap signs,
    then delegates to a real vap `_EcdsaWrapper` (Apple's, or one built from the input's
    key). It changes nothing in what vap computes."""

    def __init__(self, wrapper):
        self.wrapper = wrapper
        self.message = None
        self.entered = False

    def verify(self, message, sig, sig_fmt=None):
        self.message = message
        self.entered = True
        return self.wrapper.verify(message, sig, sig_fmt)


_APPLE_WRAPPER = vap_verifier._ecdsa_wrapper
_key_wrappers = {}


def wrapper_for(public_key):
    """vap's own `_EcdsaWrapper` for a base64 SPKI key, decoded by vap/fastecdsa."""
    if public_key not in _key_wrappers:
        pem = "-----BEGIN PUBLIC KEY-----\n" + public_key + "\n-----END PUBLIC KEY-----"
        try:
            wrapper = vap_verifier._EcdsaWrapper(pem)
        except Exception as exc:  # vap/fastecdsa cannot read the key
            raise SpecError("invalid-input", f"public_key is not a key vap can read: {exc!r}")
        if wrapper._pubkey is None:
            raise SpecError("invalid-input", "public_key holds no public key")
        _key_wrappers[public_key] = wrapper
    return _key_wrappers[public_key]


def verify_postback(case):
    if "postback" not in case:
        raise SpecError("invalid-input", "postback is required")
    wrapper = _APPLE_WRAPPER
    if "public_key" in case:
        if not isinstance(case["public_key"], str):
            raise SpecError("invalid-input", "public_key must be a string")
        wrapper = wrapper_for(case["public_key"])

    postback = case["postback"]
    if isinstance(postback, str):
        try:  # as vap's CLI does
            postback = json.loads(postback)
        except ValueError as exc:
            log(f"JSON parse error: {exc}")
            return {"verdict": "rejected", "reason": "malformed-json", "signed_string": None}

    recorder = _Recorder(wrapper)
    vap_verifier._ecdsa_wrapper = recorder
    try:
        ok = vap_verifier.verify_postback(postback)
    except Exception as exc:  # see the module docstring for this mapping
        log("vap raised: " + "".join(traceback.format_exception_only(type(exc), exc)).strip())
        if not isinstance(postback, dict):
            reason = "malformed-json"
        elif recorder.entered:
            reason = "wrong-type" if isinstance(exc, TypeError) else "malformed-signature"
        elif isinstance(exc, KeyError):
            reason = "missing-field"
        else:
            reason = "wrong-type"
        return {"verdict": "rejected", "reason": reason, "signed_string": recorder.message}
    finally:
        vap_verifier._ecdsa_wrapper = _APPLE_WRAPPER
    if ok is True:
        return {"verdict": "verified", "reason": "ok", "signed_string": recorder.message}
    return {"verdict": "rejected", "reason": "bad-signature", "signed_string": recorder.message}


def answer(suite, case):
    if suite != "signature":
        return {"skipped": {"reason": f"suite {suite} is not implemented by vap"}}
    if not isinstance(case, dict) or not isinstance(case.get("op"), str):
        raise SpecError("invalid-input", "input must be an object with a string op")
    op = case["op"]
    if op == "verify-postback":
        return {"output": verify_postback(case)}
    if op in SKIPPED_OPS:
        return {"skipped": {"reason": SKIPPED_OPS[op]}}
    raise SpecError("invalid-input", f"unknown op {op!r}")


def log(text):
    print(text, file=sys.stderr, flush=True)


def send(reply):
    sys.stdout.write(json.dumps(reply, ensure_ascii=False, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            continue
        if not isinstance(message, dict):
            continue
        cmd = message.get("cmd")
        if cmd == "hello":
            send({
                "protocol": 1,
                "implementation": {"name": "vap", "version": VAP_VERSION, "language": "python"},
                "suites": ["signature"],
            })
        elif cmd == "run":
            seq = message.get("seq")
            try:
                reply = answer(message.get("suite"), message.get("input"))
            except SpecError as exc:
                reply = {"error": {"code": exc.code, "message": str(exc)}}
            except Exception as exc:  # a bug in this adapter, not in vap
                reply = {"error": {"code": "invalid-input", "message": f"adapter: {exc!r}"}}
            send({"seq": seq, **reply})
        elif cmd == "stop":
            break
        elif "seq" in message:
            send({"seq": message["seq"], "error": {"code": "invalid-input", "message": "unknown cmd"}})
    sys.exit(0)


if __name__ == "__main__":
    main()
