"""A relay in front of a real adapter that edits some of its replies, for the gate tests.

Usage: python3 reply_relay.py MODE ARG -- COMMAND [ARG ...]

It starts COMMAND (e.g. `skan-conform reference --stdio`) and passes lines both ways,
except:

  declare SUITES   the hello reply declares only SUITES (comma-separated; "" for none)
  drop-nulls ID    the reply to case ID loses every member of its output whose value is
                   null (an implementation that leaves out what the vector says is null)
  pace N:FILE      every reply waits 5 ms (a run of the corpus takes seconds), and after
                   the Nth reply FILE is written (`replies N`), so that a test knows the run is
                   in progress, with replies flowing, before it interrupts it

It runs nothing else and writes no file but pace's marker: the payloads are harmless.
"""
import json
import subprocess
import sys
import threading
import time

mode, arg = sys.argv[1], sys.argv[2]
command = sys.argv[sys.argv.index("--") + 1:]
child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
victim_seqs = set()
lock = threading.Lock()


def replies():
    count = 0
    for line in child.stdout:
        if mode == "pace" and b'"seq"' in line:
            time.sleep(0.005)
            count += 1
            limit, marker = arg.split(":", 1)
            if count == int(limit):
                with open(marker, "w") as note:
                    note.write("replies %d\n" % count)
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
