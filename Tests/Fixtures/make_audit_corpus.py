#!/usr/bin/env python3
"""Writes a corpus of stored postback arrivals for `skan-conform audit`, with planted defects in
known numbers.

    python3 Tests/Fixtures/make_audit_corpus.py --arrivals N [--seed S] --out DIR
    python3 Tests/Fixtures/make_audit_corpus.py            # rewrites Tests/Fixtures/audit/
    python3 Tests/Fixtures/make_audit_corpus.py --check    # exit 1 if Tests/Fixtures/audit/ differs

Needs Python's `cryptography` package, 43 or later (deterministic ECDSA, RFC 6979): the same
arguments always write the same bytes.

DIR gets:
- `arrivals.jsonl`: one arrival a line (`at`, `path`, `body` as received, text), in arrival order.
- `receiver.json`: the receiver's configuration: network path `/postbacks`; SKAdNetwork bodies
  verified under the kit's TEST key; AdAttributionKit JWS under the test key for
  `apple-cas-identifier/0` and `apple-development-identifier/0`, and under Apple's published key
  for `apple-development-identifier/1`.
- `claimed-honest.jsonl`: what a correct receiver counts, line for line.
- `claimed-double.jsonl`: what a receiver with two bugs counts: every verified body (retries and
  developer copies again), and every one as production.
- `expected.json`: the planted numbers: arrivals by status, findings by code, the disagreements
  of each claimed file by kind, and the lines the double-counting receiver counts twice.

What is planted (by a seeded generator, in proportions of N):
- genuine SKAdNetwork 4.0 postbacks (windows 0 to 2, winners and losers, tiers 0 to 3) and
  AdAttributionKit ones, each with a new identifier: counted;
- device retries of an earlier genuine postback, byte for byte, and developer copies of a
  winning one on its framework's well-known path: duplicates;
- development postbacks (`source-app-id` 0): counted, development;
- forgeries (a signed member changed after signing): rejected;
- postbacks whose unsigned values Apple's devices cannot send (a fine and a coarse value, a fine
  value of 64, a coarse value `Low`, a country code `us`): counted, each with its one finding;
- every postback of Tests/Fixtures/apple-samples.json, first: Apple's AdAttributionKit
  development example verifies (counted, development); the others are rejected, since the
  corpus's SKAdNetwork key is the test key (and one example is not JSON).
"""

import argparse
import base64
import json
import pathlib
import random
import sys
import uuid

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives import serialization

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from make_aak_test_jws import private_key, sign as sign_jws  # noqa: E402
from make_receiving_test_postbacks import signed_string  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "Tests" / "Fixtures" / "audit"
SAMPLES = ROOT / "Tests" / "Fixtures" / "apple-samples.json"
NETWORK_PATH = "/postbacks"
SKAN_COPY = "/.well-known/skadnetwork/report-attribution/"
AAK_COPY = "/.well-known/appattribution/report-attribution/"
PRODUCTION_KID = '{"kid":"apple-cas-identifier/0","alg":"ES256"}'
START = 1_764_000_000_000

# Kinds and their weights (per 1,000 arrivals).
WEIGHTS = [
    ("genuine-skan", 680), ("genuine-aak", 100), ("retry", 70), ("copy", 40), ("development", 40),
    ("forgery", 40), ("impossible", 30),
]
IMPOSSIBLE = [
    ("fine-and-coarse", {"coarse-conversion-value": "low"}),
    ("fine-out-of-range", {"conversion-value": 64}),
    ("coarse-unknown", {"conversion-value": None, "coarse-conversion-value": "Low"}),
    ("country-code-form", {"country-code": "us"}),
]


class Corpus:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.key = private_key()
        self.at = START
        self.lines = []          # (at, path, body text)
        self.truth = []          # per line: (status, environment or None, verified)
        self.findings = {}
        self.genuine = []        # indexes of counted production postbacks: (line, framework, winner, body)
        self.double_counted = []

    def uuid(self):
        return str(uuid.UUID(int=self.rng.getrandbits(128), version=4))

    def add(self, path, body, status, environment=None, verified=True):
        self.at += self.rng.randrange(0, 4000)
        self.lines.append((self.at, path, body))
        self.truth.append((status, environment, verified))
        return len(self.lines)

    def skan(self, development=False, tier3=False):
        window = 0 if tier3 or development else self.rng.choice([0, 0, 0, 1, 2])
        win = tier3 or development or window != 0 or self.rng.random() < 0.85
        value = {
            "version": "4.0", "ad-network-id": "kittest.skadnetwork", "app-id": 1234567890,
            "transaction-id": self.uuid(), "redownload": self.rng.random() < 0.1, "fidelity-type": 1,
            "did-win": win, "postback-sequence-index": window,
        }
        source = f"{self.rng.randrange(10000):04d}"
        if window != 0:
            value["source-identifier"] = source[-2:]
            if self.rng.random() < 0.8:
                value["coarse-conversion-value"] = self.rng.choice(["low", "medium", "high"])
        elif not win:
            value["source-identifier"] = source[-2:]
        else:
            tier = 3 if tier3 or development else self.rng.choice([0, 1, 2, 3])
            value["source-identifier"] = source if tier >= 2 else source[-2:]
            if tier == 1:
                value["coarse-conversion-value"] = self.rng.choice(["low", "medium", "high"])
            if tier >= 2:
                value["conversion-value"] = self.rng.randrange(64)
            if tier == 3:
                value["source-app-id"] = 0 if development else 987654321
                value["country-code"] = "US"
        signed = dict(value)
        der = self.key.sign(signed_string(value).encode("utf-8"), ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
        signed["attribution-signature"] = base64.b64encode(der).decode("ascii")
        return signed

    def aak(self):
        payload = {
            "postback-identifier": self.uuid(), "impression-type": "app-impression",
            "ad-network-identifier": "kittest.adattributionkit", "did-win": True, "postback-sequence-index": 0,
            "conversion-type": "download", "source-identifier": f"{self.rng.randrange(10000):04d}",
            "advertised-item-identifier": 1234567890, "marketplace-identifier": "com.apple.AppStore",
        }
        body = {"jws-string": sign_jws(self.key, PRODUCTION_KID, payload), "ad-interaction-type": "click"}
        body["conversion-value"] = self.rng.randrange(64)
        return body

    def text(self, body):
        return json.dumps(body, separators=(",", ":"), ensure_ascii=True)

    def apple(self):
        samples = json.loads(SAMPLES.read_text(encoding="utf-8"))["samples"]
        for sample in samples:
            if "raw_text" in sample:
                self.add(NETWORK_PATH, sample["raw_text"], "rejected", verified=False)
            elif sample["kind"] == "adattributionkit":
                verifies = sample.get("verifies_here_by_kid", {}).get("apple-development-identifier/1") is True
                self.add(NETWORK_PATH, self.text(sample["postback"]), "counted" if verifies else "rejected",
                         "development" if verifies else None, verified=verifies)
            else:
                self.add(NETWORK_PATH, self.text(sample["postback"]), "rejected", verified=False)

    def plant(self, count):
        kinds = [kind for kind, weight in WEIGHTS for _ in range(weight)]
        while len(self.lines) < count:
            kind = self.rng.choice(kinds)
            if kind in ("retry", "copy") and not self.genuine:
                kind = "genuine-skan"
            if kind == "genuine-skan":
                body = self.skan()
                line = self.add(NETWORK_PATH, self.text(body), "counted", "production")
                self.genuine.append((line, "skan", body["did-win"], body))
            elif kind == "genuine-aak":
                body = self.aak()
                line = self.add(NETWORK_PATH, self.text(body), "counted", "production")
                self.genuine.append((line, "aak", True, body))
            elif kind == "retry":
                line, _, _, body = self.rng.choice(self.genuine)
                self.double_counted.append(self.add(NETWORK_PATH, self.text(body), "duplicate", "production"))
            elif kind == "copy":
                winners = [entry for entry in self.genuine[-200:] if entry[2]]
                if not winners:
                    continue
                line, framework, _, body = self.rng.choice(winners)
                path = SKAN_COPY if framework == "skan" else AAK_COPY
                self.double_counted.append(self.add(path, self.text(body), "duplicate", "production"))
            elif kind == "development":
                self.add(NETWORK_PATH, self.text(self.skan(development=True)), "counted", "development")
            elif kind == "forgery":
                body = self.skan()
                body["source-identifier"] = "99" if body["source-identifier"] != "99" else "98"
                self.add(NETWORK_PATH, self.text(body), "rejected", verified=False)
            elif kind == "impossible":
                code, changes = self.rng.choice(IMPOSSIBLE)
                body = self.skan(tier3=True)
                for name, value in changes.items():
                    if value is None:
                        body.pop(name, None)
                    else:
                        body[name] = value
                self.add(NETWORK_PATH, self.text(body), "counted", "production")
                self.findings[code] = self.findings.get(code, 0) + 1

    def files(self):
        public = base64.b64encode(self.key.public_key().public_bytes(
            serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)).decode("ascii")
        apple = json.loads(SAMPLES.read_text(encoding="utf-8"))["keys"]["aak_kid_map"]
        receiver = {
            "receiver": {"network_paths": [NETWORK_PATH], "reengagement_copies": False},
            "skadnetwork_public_key": public,
            "aak_keys": {
                "apple-cas-identifier/0": public, "apple-development-identifier/0": public,
                "apple-development-identifier/1": apple["apple-development-identifier/1"],
            },
        }
        arrivals = "".join(
            json.dumps({"at": at, "path": path, "body": body}, separators=(",", ":"), ensure_ascii=True) + "\n"
            for at, path, body in self.lines)
        honest = "".join(
            json.dumps({"counted": status == "counted", "environment": environment if status == "counted" else None},
                       separators=(",", ":")) + "\n"
            for status, environment, _ in self.truth)
        double = "".join(
            json.dumps({"counted": verified, "environment": "production" if verified else None},
                       separators=(",", ":")) + "\n"
            for _, _, verified in self.truth)
        statuses = {}
        for status, _, _ in self.truth:
            statuses[status] = statuses.get(status, 0) + 1
        development = sum(1 for status, environment, _ in self.truth if status == "counted" and environment == "development")
        expected = {
            "arrivals": len(self.lines), "statuses": dict(sorted(statuses.items())),
            "findings": dict(sorted(self.findings.items())),
            "disagreements": {
                "honest": {},
                "double": {"duplicate-counted": len(self.double_counted), "development-as-production": development},
            },
            "double_counted_lines": self.double_counted,
        }
        return {
            "arrivals.jsonl": arrivals, "receiver.json": json.dumps(receiver, indent=2, sort_keys=True) + "\n",
            "claimed-honest.jsonl": honest, "claimed-double.jsonl": double,
            "expected.json": json.dumps(expected, indent=2, sort_keys=True) + "\n",
        }


def corpus(arrivals, seed):
    made = Corpus(seed)
    made.apple()
    made.plant(arrivals)
    return made.files()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--arrivals", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out")
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    if args.arrivals is None:
        # The committed corpus the tests and .ci/run read.
        files = corpus(400, 1)
        if args.check:
            stale = [name for name, text in files.items()
                     if not (FIXTURE / name).exists() or (FIXTURE / name).read_text(encoding="utf-8") != text]
            if stale:
                print(f"Tests/Fixtures/audit/ differs from what the script writes ({', '.join(stale)}); run it")
                sys.exit(1)
            print("Tests/Fixtures/audit/ is up to date")
            return
        out = FIXTURE
    else:
        if not args.out:
            sys.exit("--out DIR is needed with --arrivals")
        files = corpus(args.arrivals, args.seed)
        out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for name, text in files.items():
        (out / name).write_text(text, encoding="utf-8")
    print(f"wrote {out} ({files['expected.json'].count(chr(10))} lines of expectations)")


if __name__ == "__main__":
    main()
