"""A relay in front of a real adapter that edits some of its replies, for the gate tests.

Usage: python3 reply_relay.py MODE ARG -- COMMAND [ARG ...]

It starts COMMAND (e.g. `skan-conform reference --stdio`) and passes lines both ways,
except:

  declare SUITES   the hello reply declares only SUITES (comma-separated; "" for none)
  drop-nulls ID    the reply to case ID loses every member of its output whose value is
                   null (an implementation that leaves out what the vector says is null)

It runs nothing else and writes no file: the payloads are harmless.
"""
import json
import subprocess
import sys
import threading

mode, arg = sys.argv[1], sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
victim_seqs = set()
lock = threading.Lock()


def replies():
    for line in child.stdout:
        try:
            message = json.loads(line)
        except ValueError:
            message = None
        if isinstance(message, dict):
            if mode == "declare" and "suites" in message and "seq" not in message:
                message["suites"] = [name for name in arg.split(",") if name]
                line = (json.dumps(message) + "\n").encode()
            with lock:
                victim = message.get("seq") in victim_seqs
            if mode == "drop-nulls" and victim and isinstance(message.get("output"), dict):
                message["output"] = {k: v for k, v in message["output"].items() if v is not None}
                line = (json.dumps(message) + "\n").encode()
        sys.stdout.buffer.write(line)
        sys.stdout.buffer.flush()


thread = threading.Thread(target=replies)
thread.start()
for raw in sys.stdin.buffer:
    try:
        message = json.loads(raw)
    except ValueError:
        message = {}
    if mode == "drop-nulls" and message.get("cmd") == "run" and message.get("id") == arg:
        with lock:
            victim_seqs.add(message.get("seq"))
    child.stdin.write(raw)
    child.stdin.flush()
child.stdin.close()
child.wait()
thread.join()
