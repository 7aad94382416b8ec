#!/usr/bin/env python3
"""skan-conform adapter: a complete second implementation of the nine suites in Python.

Written from Spec/ alone (see README.md in this folder). It speaks the adapter protocol
of Spec/adapter-protocol.md over persistent stdio (the default transport) and also works
in the per-case transport: every line is answered on its own, with no state kept between
cases.

    skan-conform run --cli "python3 examples/adapters/python/full/adapter.py"
"""
import json
import os
import sys
import traceback

sys.dont_write_bytecode = True  # leave no __pycache__ next to the example
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from common import SpecError  # noqa: E402

IMPLEMENTATION = {"name": "skan-conform-python-full", "version": "0.1.0", "language": "python"}


def load_suites():
    """Suite name -> run(input) -> output. A suite module that fails to import is left out."""
    suites = {}
    for name in ("window", "values", "lifecycle", "metadata", "postback", "attribution", "s2s", "signature",
                 "receiving"):
        try:
            module = __import__(name)
        except ImportError as problem:  # e.g. `cryptography` missing for the signature and receiving suites
            print(f"adapter: suite {name} not available: {problem}", file=sys.stderr)
            continue
        suites[name] = module.run
    return suites


SUITES = load_suites()


def answer(message):
    """The reply to one runner message, or None when there is none to send."""
    cmd = message.get("cmd")
    if cmd == "hello":  # section 3.2
        return {"protocol": 1, "implementation": IMPLEMENTATION, "suites": list(SUITES)}
    if "seq" not in message:
        return None
    seq = message["seq"]
    if cmd != "run":  # section 3.6
        return {"seq": seq, "error": {"code": "invalid-input", "message": "unknown cmd"}}
    suite = SUITES.get(message.get("suite"))
    if suite is None:  # section 13: an unknown suite is skipped, not an error
        return {"seq": seq, "skipped": {"reason": "suite not implemented"}}
    try:
        return {"seq": seq, "output": suite(message.get("input"))}
    except SpecError as error:
        return {"seq": seq, "error": {"code": error.code, "message": str(error)}}
    except Exception as error:  # never crash on a case: a bug here answers invalid-input
        traceback.print_exc(file=sys.stderr)
        return {"seq": seq, "error": {"code": "invalid-input", "message": f"internal error: {error!r}"}}


def main():
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            print("adapter: a line that is not JSON was ignored", file=sys.stderr)
            continue
        if not isinstance(message, dict):
            continue
        if message.get("cmd") == "stop":  # section 3.5: no reply
            return 0
        reply = answer(message)
        if reply is not None:
            try:
                text = json.dumps(reply, separators=(",", ":"), allow_nan=False)
            except ValueError as error:  # NaN or infinity in an output: not valid JSON
                text = json.dumps({"seq": reply["seq"], "error": {"code": "invalid-input", "message": str(error)}})
            sys.stdout.write(text + "\n")
            sys.stdout.flush()  # section 2: flush after every reply
    return 0  # end of input means stop


if __name__ == "__main__":
    sys.exit(main())
