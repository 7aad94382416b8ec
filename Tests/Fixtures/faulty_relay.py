"""A relay in front of a real adapter that misbehaves on one case, for the runner's tests.

Usage: python3 faulty_relay.py MODE VICTIM_ID STATE_FILE -- COMMAND [ARG ...]

It starts COMMAND (an adapter, e.g. `skan-conform reference --stdio`) and passes lines both
ways. Like a real multi-threaded adapter it reads requests ahead of the replies, so when it
reaches the victim several earlier requests are usually still outstanding: the fault is not
on the oldest outstanding case. When it reads the `run` request whose `id` is VICTIM_ID it
misbehaves as MODE says:

  crash      exit at once (status 3)
  hang       stop passing anything, either way
  garbage    print a line that is not JSON instead of passing the request on
  wrong-seq  answer with a seq that was never sent instead of passing the request on
  huge       answer with a 50 MB line instead of passing the request on
  duplicate  pass it on, and write its reply twice
  flood      write 20 MB to standard error, then pass it on
  slow       wait 0.5 s, then pass it on
  refuse-restart  crash, and exit before answering hello every time after the first
  many-keys  answer with an output object of 40,000 keys (a key sort that was
             quadratic took minutes to judge it), then go on as usual
  many-keys-hang  the same answer, then stop passing anything, either way (so that a test
             can interrupt the run while it judges that answer)

With VICTIM_ID `sample:N` the victims are chosen by content instead: every request whose
input's CRC-32 (of its JSON with sorted keys) is divisible by N, so that a fuzzer's random
scenarios hit it now and then, always on the same inputs. Each fault is recorded in
STATE_FILE as a line `fault <input JSON>`; a hostile answer, once written, as a line `sent`.

The fault recurs on every process (a deterministic bug), unless MODE ends in `-once`: then
it happens only the first time in STATE_FILE's life (a transient fault). Each time the
relay starts it appends a line to STATE_FILE, so a test can count restarts.
"""
import json
import os
import subprocess
import sys
import threading
import time
import zlib

mode, victim, state_file = sys.argv[1], sys.argv[2], sys.argv[3]
command = sys.argv[sys.argv.index("--") + 1:]
once = mode.endswith("-once")
mode = mode.removesuffix("-once")

with open(state_file, "a+") as state:
    state.seek(0)
    starts = state.read().splitlines().count("start")
    state.write("start\n")
armed = not (once and starts > 0)
if mode == "refuse-restart":
    if starts > 0:
        sys.exit(1)
    mode = "crash"

child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
out_lock = threading.Lock()
hung = threading.Event()
victim_seq = []


def write(data: bytes):
    with out_lock:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def replies():
    for line in child.stdout:
        if hung.is_set():
            time.sleep(3600)
        try:
            seq = json.loads(line).get("seq")
        except ValueError:
            seq = None
        write(line)
        if armed and mode == "duplicate" and victim_seq and seq == victim_seq[0]:
            write(line)
    os._exit(0)


threading.Thread(target=replies, daemon=True).start()


def many_keys_reply(seq: int) -> bytes:
    """A reply whose output is an object of 40,000 keys, one line (about 0.6 MB)."""
    members = ",".join('"key-%05d":%d' % (n, n) for n in range(40_000))
    return b'{"seq":%d,"output":{%s}}\n' % (seq, members.encode())


def is_victim(message) -> bool:
    if message.get("cmd") != "run":
        return False
    if victim.startswith("sample:"):
        text = json.dumps(message.get("input"), sort_keys=True)
        return zlib.crc32(text.encode()) % int(victim.removeprefix("sample:")) == 0
    return message.get("id") == victim


for raw in sys.stdin.buffer:
    message = json.loads(raw)
    if armed and is_victim(message):
        seq = message["seq"]
        with open(state_file, "a") as state:
            state.write("fault " + json.dumps(message.get("input"), sort_keys=True) + "\n")
        victim_seq.append(seq)
        if mode == "crash":
            os._exit(3)
        if mode == "hang":
            hung.set()
            time.sleep(3600)
        if mode == "garbage":
            write(b"Traceback (most recent call last): oops\n")
            continue
        if mode == "wrong-seq":
            write((json.dumps({"seq": 1_000_000_000 + seq, "skipped": {"reason": "wrong seq"}}) + "\n").encode())
            continue
        if mode == "huge":
            write(b'{"seq": %d, "output": "' % seq + b"a" * 50_000_000 + b'"}\n')
            continue
        if mode in ("many-keys", "many-keys-hang"):
            write(many_keys_reply(seq))
            with open(state_file, "a") as state:
                state.write("sent\n")
            if mode == "many-keys-hang":
                hung.set()
                time.sleep(3600)
            continue
        if mode == "flood":
            sys.stderr.write("x" * 20_000_000)
            sys.stderr.flush()
        if mode == "slow":
            time.sleep(0.5)
    child.stdin.write(raw)
    child.stdin.flush()

child.stdin.close()
child.wait()
