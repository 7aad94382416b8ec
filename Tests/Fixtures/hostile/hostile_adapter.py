#!/usr/bin/env python3
"""An adapter that sends hostile text (payloads.json) in every field the kit shows to a person.

It declares the `window` suite and answers each case by its seq: an output whose `window`
is a hostile string (a `fail` with a difference), an error with a hostile code and message,
or a skip with a hostile reason. With --die it writes hostile text to standard error and
exits before answering hello. Nothing here runs a command or touches a file.
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, "payloads.json"), encoding="utf-8") as f:
    P = json.load(f)


def send(message):
    sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def main():
    if "--die" in sys.argv:
        sys.stderr.write(P["stderr"] + "\n")
        sys.stderr.flush()
        sys.exit(1)
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if cmd == "hello":
            send({"protocol": 1, "implementation": P["implementation"], "suites": ["window"]})
        elif cmd == "stop":
            return
        elif cmd == "run":
            seq = request["seq"]
            kind = seq % 3
            if kind == 0:
                send({"seq": seq, "output": {"window": P["output_string"]}})
            elif kind == 1:
                send({"seq": seq, "error": {"code": P["error_code"], "message": P["error_message"]}})
            else:
                send({"seq": seq, "skipped": {"reason": P["skip_reason"]}})


if __name__ == "__main__":
    main()
