"""The `lifecycle` suite (Spec/lifecycle.md): the client of Singular's SKAdNetwork 4 S2S
integration, step by step, and the snapshot it reports after each step."""
import re

from common import (SpecError, coarse_code_of, invalid, is_number, read_coarse_code, read_fine,
                    read_profile, read_singular_lock, read_time, require_array, require_object)
from values import Timeline

CURRENCY = re.compile(r"[A-Z]{3}")  # LIF-6: three ASCII upper-case letters
MAX_AMOUNT = 1e15  # LIF-6

SNAPSHOT_KEYS = (  # LIF-14: all 21 keys, always
    "skan_current_conversion_value", "prev_fine_value",
    "skan_first_call_to_skadnetwork_timestamp", "skan_last_call_to_skadnetwork_timestamp",
    "skan_total_revenue_by_currency", "skan_total_admon_revenue_by_currency",
    "p0_coarse", "p1_coarse", "p2_coarse",
    "p0_prev_coarse_value", "p1_prev_coarse_value", "p2_prev_coarse_value",
    "p0_window_lock", "p1_window_lock", "p2_window_lock",
    "p0_total_iap_revenue", "p1_total_iap_revenue", "p2_total_iap_revenue",
    "p0_total_admon_revenue", "p1_total_admon_revenue", "p2_total_admon_revenue",
)


def seconds(ms):
    """LIF-7: Unix milliseconds to whole seconds, rounded down (toward negative infinity)."""
    return ms // 1000


class Client:
    """The app's SKAdNetwork client state: registration, T0, windows and the snapshot."""

    def __init__(self, ends):
        self.ends = ends
        self.timeline = None  # None until registered (registration is its own state)
        self.snapshot = dict.fromkeys(SNAPSHOT_KEYS)

    def registered(self):
        return self.timeline is not None

    def register_at(self, at):
        self.timeline = Timeline(self.ends, at)
        self.snapshot["skan_first_call_to_skadnetwork_timestamp"] = seconds(at)

    def apply(self, at, fine, coarse, lock):
        """Apply an update through the timeline rules and mirror it in the snapshot (LIF-2)."""
        outcome, index = self.timeline.apply(at, fine, coarse, lock)
        if outcome != "applied":
            return outcome
        snap = self.snapshot
        if index == 0:  # SKN-1: only window 0 holds a fine value; LIF-8
            snap["prev_fine_value"] = snap["skan_current_conversion_value"]
            snap["skan_current_conversion_value"] = fine
        prefix = f"p{index}_"
        snap[prefix + "prev_coarse_value"] = snap[prefix + "coarse"]  # LIF-8
        snap[prefix + "coarse"] = coarse_code_of(coarse)  # SKN-4
        if lock:
            snap[prefix + "window_lock"] = seconds(at)  # LIF-9
        snap["skan_last_call_to_skadnetwork_timestamp"] = seconds(at)
        return "applied"

    # --- the three steps -------------------------------------------------------------

    def register(self, at):
        if self.registered():  # LIF-1
            return "already-registered", None
        self.register_at(at)
        self.apply(at, 0, None, False)  # LIF-1: fine value 0, no coarse value, no lock
        return "registered", None

    def server_response(self, at, response):
        # 1. Period first: nothing else in the response is looked at (SKN-3).
        if self.registered() and self.timeline.window_of(at) is None:
            return "ignored-measurement-over", None
        # 2. No value (LIF-3).
        if response.get("conversion_value") is None:
            if response.get("status") == "ok":
                return "no-update", None
            return "rejected", "server-error"
        # 3. Values, each checked whole before the next (LIF-4).
        try:
            fine = read_fine(response.get("conversion_value"))
            coarse = read_coarse_code(response.get("skan_updated_coarse_value"))
            lock = read_singular_lock(response.get("skan_updated_lock_window_value"))
        except SpecError as problem:
            return "rejected", problem.code
        # 4. Implicit registration, without the fine value 0 of `register` (LIF-10).
        if not self.registered():
            self.register_at(at)
        # 5. Timeline (LIF-2, LCK-1).
        return self.apply(at, fine, coarse, lock), None

    def revenue(self, at, amount, currency, admon):
        # Shape problems were found by read_step; these are the step's own errors (LIF-6).
        if not isinstance(currency, str) or CURRENCY.fullmatch(currency) is None:
            return "rejected", "invalid-currency"
        if not is_number(amount) or abs(amount) > MAX_AMOUNT:
            return "rejected", "invalid-amount"
        if amount == 0:
            return "revenue-ignored", None
        amount = float(amount)  # LIF-12: IEEE-754 double sums, in step order
        kind = "admon" if admon else "iap"
        total_key = "skan_total_admon_revenue_by_currency" if admon else "skan_total_revenue_by_currency"
        self.add(total_key, currency, amount)  # LIF-5
        if self.registered():
            index = self.timeline.window_of(at)
            if index is not None:  # LIF-13: otherwise all-time totals only
                self.add(f"p{index}_total_{kind}_revenue", currency, amount)
        return "revenue-recorded", None

    def add(self, key, currency, amount):
        totals = dict(self.snapshot[key] or {})  # a new object: earlier snapshots stay as they were
        totals[currency] = totals.get(currency, 0.0) + amount
        self.snapshot[key] = totals


def read_step(step):
    """Rule 1, shape: a malformed step is invalid-input for the whole input."""
    if not isinstance(step, dict):
        raise invalid("a step must be an object")
    at = read_time(step, "at")
    op = step.get("op")
    if op == "register":
        return at, op, ()
    if op == "server-response":
        response = step.get("response")
        if not isinstance(response, dict):
            raise invalid("a server-response step needs an object response")
        return at, op, (response,)
    if op == "revenue":
        if "amount" not in step or "currency" not in step:
            raise invalid("a revenue step needs amount and currency")
        admon = step.get("admon")
        if admon is not None and not isinstance(admon, bool):
            raise invalid("admon must be a boolean or null")
        return at, op, (step["amount"], step["currency"], bool(admon))
    raise invalid("missing or unknown op")


def run(inp):
    require_object(inp)
    client = Client(read_profile(inp))
    steps = require_array(inp, "steps")
    results = []
    previous = None
    for step in steps:
        at, op, args = read_step(step)
        if previous is not None and at < previous:  # rule 2, LIF-11
            raise SpecError("out-of-order", "a step is earlier than the one before it")
        previous = at
        if op == "register":
            outcome, error = client.register(at)
        elif op == "server-response":
            outcome, error = client.server_response(at, *args)
        else:
            outcome, error = client.revenue(at, *args)
        results.append({"outcome": outcome, "error": error, "snapshot": dict(client.snapshot)})
    return {"steps": results}
