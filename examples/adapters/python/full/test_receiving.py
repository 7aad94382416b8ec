#!/usr/bin/env python3
"""Checks of receiving.py that the vectors do not make: the Spec's order of checks between
whole-input errors, the worked example of docs/design/receiving-suite.md (3.5), and a
verifier plugged in as functions. Standard library only (plus `cryptography`, as signature.py).

    python3 examples/adapters/python/full/test_receiving.py
"""
import json
import os
import sys
import unittest

sys.dont_write_bytecode = True
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import receiving  # noqa: E402
from common import SpecError  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
SAMPLES = {s["id"]: s for s in json.load(open(os.path.join(ROOT, "Tests", "Fixtures", "apple-samples.json")))["samples"]}
A = SAMPLES["apple_doc_v4_0_web_tier_high_fine"]["postback"]
B = SAMPLES["apple_doc_v4_0_web_tier_low_coarse"]["postback"]
L = SAMPLES["apple_doc_v3_0_nonwinning"]["postback"]
E = SAMPLES["apple_doc_aak_reengagement_dev1"]["postback"]
NETWORK = "/postbacks"
T = 1700259200123


def batch(*arrivals, **members):
    inp = {"op": "receive", "receiver": {"network_paths": [NETWORK]},
           "arrivals": [{"at": at, "path": path, "body": body} for at, path, body in arrivals]}
    inp.update(members)
    return inp


def code(inp):
    try:
        receiving.run(inp)
    except SpecError as error:
        return error.code
    return None


class OrderOfChecks(unittest.TestCase):
    """Spec/receiving.md, "Order of checks": reading, keys, scenario, times; the first problem decides."""

    def test_reading_before_times(self):
        inp = batch((2, NETWORK, A), (1, NETWORK, A), (3, NETWORK, A))
        self.assertEqual(code(inp), "out-of-order")
        del inp["arrivals"][2]["body"]  # a later arrival without body: step 1 beats step 4
        self.assertEqual(code(inp), "invalid-input")

    def test_scenario_before_times(self):
        inp = batch((2, NETWORK, A), (1, NETWORK, A), (3, "/other", A))
        self.assertEqual(code(inp), "invalid-input")
        inp = batch((2, NETWORK, A), (1, NETWORK, A))
        inp["receiver"]["network_paths"] = [NETWORK, NETWORK]
        self.assertEqual(code(inp), "invalid-input")

    def test_keys_before_times_and_checked_unused(self):
        bad = A["attribution-signature"]  # base64, not an SPKI
        self.assertEqual(code(batch(skadnetwork_public_key=bad)), "invalid-input")  # no arrival uses it
        self.assertEqual(code(batch((2, NETWORK, A), (1, NETWORK, A), skadnetwork_public_key=bad)), "invalid-input")
        self.assertEqual(code(batch(aak_keys={"apple-cas-identifier/0": bad})), "invalid-input")
        kit_kid = {"kit-test-key/0": receiving.signature.APPLE_P256}
        self.assertEqual(code(batch(aak_keys=kit_kid)), "invalid-input")

    def test_shapes(self):
        self.assertEqual(code(batch(op="verify-postback")), "invalid-input")
        self.assertEqual(code({"receiver": {"network_paths": []}, "arrivals": []}), "invalid-input")
        self.assertEqual(code(batch((1.5, NETWORK, A))), "invalid-input")
        self.assertEqual(code(batch((2**53, NETWORK, A))), "invalid-input")
        self.assertEqual(code(batch(skadnetwork_public_key=1)), "invalid-input")
        self.assertEqual(code(batch(aak_keys={"apple-cas-identifier/0": None})), "invalid-input")
        inp = batch()
        inp["receiver"]["network_paths"] = [NETWORK, "postbacks"]
        self.assertEqual(code(inp), "invalid-input")
        inp["receiver"]["network_paths"] = [receiving.SKAN_COPY]
        self.assertEqual(code(inp), "invalid-input")
        inp = batch(receiver={"network_paths": [], "reengagement_copies": None})
        self.assertEqual(code(inp), None)
        self.assertEqual(code(batch((1, NETWORK, A), (1.0, receiving.SKAN_COPY, A))), None)  # equal times are in order


class Pipeline(unittest.TestCase):
    def test_worked_example(self):
        """docs/design/receiving-suite.md 3.5 (`receiving/apple-samples-batch`)."""
        inp = batch((T, NETWORK, A), (T + 1000, receiving.SKAN_COPY, A), (T + 60000, NETWORK, B),
                    (T + 3600000, NETWORK, dict(A, **{"conversion-value": 0})),
                    (T + 3660000, NETWORK, dict(A, **{"source-identifier": "5238"})),
                    (T + 3720000, receiving.AAK_COPY, E), (T + 3780000, receiving.SKAN_COPY, L),
                    skadnetwork_public_key=None, aak_keys=None)
        inp["receiver"]["reengagement_copies"] = True
        out = receiving.run(inp)
        got = [(a["status"], a["duplicate_of"], a["body_differs"], a["cause"], a["reason"]) for a in out["arrivals"]]
        self.assertEqual(got, [
            ("counted", None, None, None, "ok"), ("duplicate", 0, False, None, "ok"), ("counted", None, None, None, "ok"),
            ("duplicate", 0, True, None, "ok"), ("rejected", None, None, None, "bad-signature"),
            ("counted", None, None, None, "ok"), ("excluded", None, None, "loser-on-copy-path", "ok"),
        ])
        self.assertEqual([a["response"] for a in out["arrivals"]], [200] * 7)
        self.assertEqual(out["arrivals"][5]["environment"], "development")
        self.assertEqual(out["arrivals"][6]["conversion_type"], "redownload")
        totals = dict(out["totals"])
        rows = totals.pop("rows")
        self.assertEqual(totals, {"received": 7, "counted": 3, "duplicates": 2, "excluded": 1, "rejected": 1,
                                  "unverifiable": 0})
        self.assertEqual([(r["environment"], r["framework"], r["ad_network_id"], r["count"]) for r in rows], [
            ("development", "adattributionkit", "development.adattributionkit", 1),
            ("production", "skadnetwork", "com.example", 2),
        ])

    def test_forgery_first_claims_nothing(self):
        """RCV-3: a forged body carrying A's transaction-id, then A: A is counted."""
        out = receiving.run(batch((1, NETWORK, dict(A, **{"source-identifier": "5238"})), (2, NETWORK, A)))
        self.assertEqual([a["status"] for a in out["arrivals"]], ["rejected", "counted"])

    def test_plugged_verifier(self):
        """The verifier is the functions passed in: every arrival goes through them."""
        calls = []

        def verify_skan(body, key):
            calls.append(("skan", key))
            return {"verdict": "unverifiable", "reason": "library-says-no"}

        def verify_aak(stanza, keys):
            calls.append(("aak", keys))
            return {"verdict": "rejected", "reason": "bad-signature"}

        verifier = receiving.Verifier(verify_skan, verify_aak, lambda key, keys: None)
        out = receiving.receive(batch((1, NETWORK, A), (2, NETWORK, "not json"), (3, receiving.AAK_COPY, E)),
                                verifier)
        self.assertEqual(calls, [("skan", None), ("skan", None), ("aak", None)])
        self.assertEqual([a["status"] for a in out["arrivals"]], ["unverifiable", "unverifiable", "rejected"])
        self.assertEqual([a["framework"] for a in out["arrivals"]], ["skadnetwork", None, "adattributionkit"])
        self.assertEqual(out["totals"]["unverifiable"], 2)
        self.assertEqual(out["totals"]["rows"], [])


if __name__ == "__main__":
    unittest.main()
