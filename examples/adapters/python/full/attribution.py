"""The `attribution` suite (Spec/attribution.md): which impression wins an install or a
re-engagement (`attribute`), and which conversions each update reaches (`route`)."""
from common import (HOUR, SpecError, invalid, read_choice, read_integer, read_optional_string,
                    read_profile, read_time, require_object)
from values import Timeline, read_update_values

DAY = 24 * HOUR
FRAMEWORKS = ("skadnetwork", "adattributionkit")
INTERACTIONS = ("view", "click")
ENVIRONMENTS = ("production", "development")
EVENT_KINDS = {"install": "install", "re-engagement": "re-engagement", "reengagement": "re-engagement"}
DEFAULT_WINDOW_DAYS = {"view": 1, "click": 30}  # AT-1: 24 hours for a view, 30 days for a click
WINDOW_DAY_RANGE = {"view": (1, 7), "click": (1, 30)}  # AT-2
COOLDOWN_RANGE = (0, 720)  # AT-8
TIMELY_UPDATE = {"install": 60 * DAY, "re-engagement": 2 * DAY}  # AT-10
MAX_VIEWS_PER_SOURCE_APP = 15  # AT-6
MAX_CONSIDERED = 6  # AT-7
MAX_LOSING_POSTBACKS = 5  # AT-7


def read_kind(obj):
    kind = obj.get("kind")
    if not isinstance(kind, str) or kind not in EVENT_KINDS:
        raise invalid("unknown kind")
    return EVENT_KINDS[kind]  # `reengagement` is read as `re-engagement`


def read_nullable_bool(obj, key, default):
    value = obj.get(key)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise invalid(f"{key} must be a boolean or null")
    return value


def read_nullable_time(obj, key):
    return None if obj.get(key) is None else read_time(obj, key)


# ---------------------------------------------------------------------------
# attribute
# ---------------------------------------------------------------------------

def read_event(inp):
    event = inp.get("event")
    if not isinstance(event, dict):
        raise invalid("event must be an object")
    kind = read_kind(event)
    first_update_at = read_nullable_time(event, "first_update_at")
    last_conversion_at = read_nullable_time(event, "last_conversion_at")
    last_conversion_kind = read_last_conversion_kind(event, last_conversion_at)
    at = read_time(event, "at")
    installed = read_nullable_bool(event, "app_installed", kind == "re-engagement")
    limits = read_limits(event)
    return dict(kind=kind, at=at, app_installed=installed, first_update_at=first_update_at,
                last_conversion_at=last_conversion_at, last_conversion_kind=last_conversion_kind,
                limits=limits)


LIMIT_PAIRS = (("app_month_used", "app_month_limit"), ("device_year_used", "device_year_limit"))


def read_limits(event):
    """AT-19: the re-engagement counts and limits; absent or null means no limit."""
    limits = event.get("reengagement_limits")
    if limits is None:
        return None
    if not isinstance(limits, dict):
        raise invalid("reengagement_limits must be an object or null")
    read = {}
    for used, limit in LIMIT_PAIRS:
        for key in (used, limit):
            read[key] = read_integer(limits, key, required=False, nullable=True, bounds=(0, 2**63 - 1))
    return read


def limit_reached(limits):
    """A limit of N allows N re-engagements; a missing limit never blocks; a missing count is 0."""
    if limits is None:
        return False
    return any(limits[limit] is not None and (limits[used] or 0) >= limits[limit] for used, limit in LIMIT_PAIRS)


def read_last_conversion_kind(event, last_conversion_at):
    """AT-8: the previous conversion's kind, given exactly when its time is."""
    kind = event.get("last_conversion_kind")
    if kind is not None and (not isinstance(kind, str) or kind not in EVENT_KINDS):
        raise invalid("last_conversion_kind is not install or re-engagement")
    if last_conversion_at is not None and kind is None:
        raise invalid("last_conversion_kind is missing: last_conversion_at is given")
    if last_conversion_at is None and kind is not None:
        raise invalid("last_conversion_at is missing: last_conversion_kind is given")
    return None if kind is None else EVENT_KINDS[kind]


def read_impression(position, item):
    if not isinstance(item, dict):
        raise invalid("an impression must be an object")
    identifier = item.get("id")
    if not isinstance(identifier, str):
        raise invalid("impression id must be a string")
    framework = read_choice(item, "framework", FRAMEWORKS, required=True)
    network = item.get("ad_network_id")
    if not isinstance(network, str):
        raise invalid("ad_network_id must be a string")
    interaction = read_choice(item, "interaction", INTERACTIONS, required=True)
    at = read_time(item, "at")
    source_app = read_integer(item, "source_app_id", required=False, nullable=True)
    reengage = read_nullable_bool(item, "eligible_for_reengagement", False)
    environment = read_choice(item, "environment", ENVIRONMENTS, default="production")
    return dict(position=position, id=identifier, framework=framework, network=network,
                interaction=interaction, at=at, source_app=source_app,
                eligible_for_reengagement=reengage, environment=environment, reason=None)


def read_configuration(inp):
    """The AdAttributionKit configuration -> (windows by entry name, install cooldown, re-engagement cooldown)."""
    config = inp.get("configuration")
    if config is None:
        return {}, None, None
    if not isinstance(config, dict):
        raise invalid("configuration must be an object or null")
    windows = {}
    entries = config.get("attribution_windows")
    if entries is not None:
        if not isinstance(entries, dict):
            raise invalid("attribution_windows must be an object or null")
        for name, entry in entries.items():
            if not isinstance(entry, dict):
                raise invalid("an attribution_windows entry must be an object")
            windows[name] = {
                "ignore": read_choice(entry, "ignore_interaction_type", INTERACTIONS),
                "view": read_integer(entry, "view", required=False, nullable=True, bounds=None),
                "click": read_integer(entry, "click", required=False, nullable=True, bounds=None),
            }
    install = read_integer(config, "install_cooldown_hours", required=False, nullable=True, bounds=None)
    reengagement = read_integer(config, "re_engagement_cooldown_hours", required=False, nullable=True, bounds=None)
    return windows, install, reengagement


def check_values(impressions, windows, cooldowns):
    """Order of checks, step 2: AT-14, AT-2, AT-8; each is invalid-input."""
    ids = [item["id"] for item in impressions]
    if len(set(ids)) != len(ids):
        raise invalid("two impressions have the same id")  # AT-14
    for entry in windows.values():
        for interaction, (low, high) in WINDOW_DAY_RANGE.items():
            days = entry[interaction]
            if days is not None and not low <= days <= high:
                raise invalid(f"a {interaction} window of {days} days is out of range")  # AT-2
    for hours in cooldowns:
        if hours is not None and not COOLDOWN_RANGE[0] <= hours <= COOLDOWN_RANGE[1]:
            raise invalid(f"a cooldown of {hours} hours is out of range")  # AT-8


def window_ms(item, windows, kind):
    """AT-1, AT-2, AT-12: the impression's attribution window in milliseconds."""
    interaction = item["interaction"]
    days = None
    # AT-12: configuration is AdAttributionKit's; AT-2: it times installs, re-engagements keep the defaults
    if item["framework"] == "adattributionkit" and kind == "install":
        own = windows.get(item["network"], {}).get(interaction)
        days = own if own is not None else windows.get("global", {}).get(interaction)
    if days is None:
        days = DEFAULT_WINDOW_DAYS[interaction]
    return days * DAY


def eligibility_reason(item, event, windows):
    """Decision step 3: the first reason that makes an impression ineligible, or None."""
    age = event["at"] - item["at"]
    if age < 0:
        return "after-event"  # AT-14
    if event["kind"] == "re-engagement":  # AT-9
        if item["framework"] == "skadnetwork":  # AT-18
            return "skadnetwork-cannot-re-engage"
        if item["interaction"] == "view":
            return "re-engagement-needs-click"
        if not item["eligible_for_reengagement"]:
            return "not-eligible-for-re-engagement"
    # AT-3: per network only, not `global`; AT-23: an `install` setting, so installs only.
    if item["framework"] == "adattributionkit" and event["kind"] == "install":
        entry = windows.get(item["network"])
        if entry is not None and entry["ignore"] == item["interaction"]:
            return "ignored-interaction"
    if age >= window_ms(item, windows, event["kind"]):  # AT-11: half-open
        return f"{item['interaction']}-window-expired"
    return None


def rank_key(item):
    """AT-4, AT-13: clicks first; then the most recent; at equal times the later in the input."""
    return (0 if item["interaction"] == "click" else 1, -item["at"], -item["position"])


def attribute(inp):
    event = read_event(inp)
    items = inp.get("impressions")
    if not isinstance(items, list):
        raise invalid("impressions must be an array")
    impressions = [read_impression(i, item) for i, item in enumerate(items)]
    windows, install_cooldown, reengagement_cooldown = read_configuration(inp)
    check_values(impressions, windows, (install_cooldown, reengagement_cooldown))

    def answer(conversion, winner=None, losers=(), statuses=None):
        statuses = statuses or {}
        return {
            "conversion": conversion,
            "winner": None if winner is None else winner["id"],
            "losing_postbacks": [item["id"] for item in losers],
            "impressions": [{"id": item["id"], "status": statuses.get(item["position"], "ineligible"
                                                                   if item["reason"] else "not-chosen"),
                             "reason": item["reason"]} for item in impressions],
        }

    # 1. Cooldown (AT-8, AT-11): the previous conversion's kind chooses it, and it blocks a
    # new conversion of either kind. The difference is not checked for sign.
    previous = event["last_conversion_kind"]
    cooldown = install_cooldown if previous == "install" else reengagement_cooldown
    if cooldown is not None and event["last_conversion_at"] is not None:
        if event["at"] - event["last_conversion_at"] < cooldown * HOUR:
            return answer("cooldown")
    # 2. App not installed (AT-9).
    if event["kind"] == "re-engagement" and not event["app_installed"]:
        return answer("app-not-installed")
    # 3. Eligibility, impression by impression.
    for item in impressions:
        item["reason"] = eligibility_reason(item, event, windows)
    eligible = [item for item in impressions if item["reason"] is None]
    # 4. Fifteen views per source app, the most recent kept (AT-6). Views without a
    # source app are not counted, as the requirement AT-6 says.
    # Spec gap: see findings (A3: "The decision", step 4, groups them instead)
    groups = {}
    for item in eligible:
        if item["interaction"] == "view" and item["source_app"] is not None:
            # counted per framework: each framework keeps its own 15
            groups.setdefault((item["framework"], item["source_app"]), []).append(item)
    for views in groups.values():
        views.sort(key=lambda v: (v["at"], v["position"]))  # oldest first; input order at ties
        for item in views[:-MAX_VIEWS_PER_SOURCE_APP]:
            item["reason"] = "over-view-limit"
    eligible = [item for item in eligible if item["reason"] is None]
    # 5. Production first (AT-5).
    if any(item["environment"] == "production" for item in eligible):
        for item in eligible:
            if item["environment"] == "development":
                item["reason"] = "development-outranked"
        eligible = [item for item in eligible if item["reason"] is None]
    # 6. and 7. Ranking; six considered (AT-4, AT-13, AT-7).
    ranked = sorted(eligible, key=rank_key)
    considered = ranked[:MAX_CONSIDERED]
    for item in ranked[MAX_CONSIDERED:]:
        item["reason"] = "beyond-six"
    # 8. Nothing considered.
    if not considered:
        return answer("no-eligible-impression")
    # 9. Re-engagement limits: production re-engagements only (AT-19, AT-20).
    if event["kind"] == "re-engagement" and considered[0]["environment"] == "production" \
            and limit_reached(event["limits"]):
        return answer("reengagement-limit")
    # 10. Timely update (AT-10, AT-11).
    first = event["first_update_at"]
    if first is None or first < event["at"] or first - event["at"] >= TIMELY_UPDATE[event["kind"]]:
        return answer("no-timely-update")
    # 11. Created: the winner, then one losing postback per other network (AT-7, AT-9).
    winner = considered[0]
    losers = []
    if event["kind"] == "install":
        networks = {winner["network"]}
        for item in considered[1:]:
            if item["network"] not in networks and len(losers) < MAX_LOSING_POSTBACKS:
                networks.add(item["network"])
                losers.append(item)
    statuses = {winner["position"]: "winner"}
    statuses.update({item["position"]: "loser" for item in losers})
    return answer("created", winner, losers, statuses)


# ---------------------------------------------------------------------------
# route
# ---------------------------------------------------------------------------

def read_conversion(position, item):
    if not isinstance(item, dict):
        raise invalid("a conversion must be an object")
    kind = read_kind(item)
    identifier = item.get("id")
    if not isinstance(identifier, str):
        raise invalid("conversion id must be a string")
    at = read_time(item, "at")
    tag = read_optional_string(item, "tag")
    framework = read_choice(item, "framework", ROUTE_FRAMEWORKS, default="adattributionkit")  # AT-21
    return dict(position=position, kind=kind, id=identifier, at=at, tag=tag, framework=framework)


ROUTE_FRAMEWORKS = ("skadnetwork", "adattributionkit")


def read_route_update(item):
    if not isinstance(item, dict):
        raise invalid("an update must be an object")
    types = item.get("conversion_types")
    given_types = types is not None
    if types is None:
        types = {"install", "re-engagement"}  # AT-15: absent or null means every type
    else:
        if not isinstance(types, list) or not all(isinstance(t, str) and t in EVENT_KINDS for t in types):
            raise invalid("conversion_types must be an array of conversion types")
        types = {EVENT_KINDS[t] for t in types}
    at = read_time(item, "at")
    fine, coarse, lock = read_update_values(item)  # an invalid value is the whole input's error
    tag = read_optional_string(item, "conversion_tag")
    api = read_choice(item, "api", ROUTE_FRAMEWORKS, default="adattributionkit")  # AT-21
    return dict(types=types, at=at, fine=fine, coarse=coarse, lock=lock, tag=tag, api=api,
                given_types=given_types)


def route(inp):
    conversions = inp.get("conversions")
    if not isinstance(conversions, list):
        raise invalid("conversions must be an array")
    conversions = [read_conversion(i, item) for i, item in enumerate(conversions)]
    updates = inp.get("updates")
    if not isinstance(updates, list):
        raise invalid("updates must be an array")
    updates = [read_route_update(item) for item in updates]
    ends = read_profile(inp)
    overlapping = read_nullable_bool(inp, "overlapping", False)

    ids = [c["id"] for c in conversions]
    if len(set(ids)) != len(ids):
        raise invalid("two conversions have the same id")
    if sum(1 for c in conversions if c["kind"] == "install") > 1:
        raise invalid("more than one install conversion")  # AT-15
    if any(c["framework"] == "skadnetwork" and c["kind"] != "install" for c in conversions):
        raise invalid("SKAdNetwork has no re-engagement")  # AT-21
    if any(u["api"] == "skadnetwork" and (u["given_types"] or u["tag"] is not None) for u in updates):
        raise invalid("a SKAdNetwork call has no conversion types or tag")  # AT-21
    previous = None
    for update in updates:  # TML-6, checked before any update is applied
        if previous is not None and update["at"] < previous:
            raise SpecError("out-of-order", "an update is earlier than the one before it")
        previous = update["at"]

    # Rule 1, closing (AT-17): the earliest re-engagement that started strictly after.
    for conversion in conversions:
        later = [c["at"] for c in conversions if c["kind"] == "re-engagement" and c["at"] > conversion["at"]]
        conversion["closed_at"] = min(later) if later and not overlapping else None
        conversion["timeline"] = Timeline(ends, conversion["at"])

    results = []
    for update in updates:
        t = update["at"]
        # Rule 2: active conversions.
        active = [c for c in conversions
                  if c["at"] <= t and (c["closed_at"] is None or t < c["closed_at"])]
        # Rule 5: a SKAdNetwork call reaches SKAdNetwork's install as made and is mirrored
        # into AdAttributionKit without types, tag or coarse value (AT-21, AT-22).
        skan_call = update["api"] == "skadnetwork"
        targets = [c for c in active if c["framework"] == "skadnetwork"] if skan_call else []
        aak = [c for c in active if c["framework"] == "adattributionkit"]
        # Rule 3: targets (AT-15, AT-16).
        if "install" in update["types"]:
            targets += [c for c in aak if c["kind"] == "install"]
        if "re-engagement" in update["types"]:
            reengagements = [c for c in aak if c["kind"] == "re-engagement"]
            if update["tag"] is not None:
                targets += [c for c in reengagements if c["tag"] == update["tag"]]
            elif reengagements:
                targets.append(max(reengagements, key=lambda c: (c["at"], c["position"])))
        # Rule 4: apply to each target's own timeline; ignored updates do not count.
        def coarse_for(c):
            return None if skan_call and c["framework"] == "adattributionkit" else update["coarse"]
        applied = [c for c in targets
                   if c["timeline"].apply(t, update["fine"], coarse_for(c), update["lock"])[0] == "applied"]
        applied.sort(key=lambda c: (c["kind"] != "install", c["position"]))
        results.append({"applied_to": [c["id"] for c in applied]})
    return {"updates": results,
            "conversions": [{"id": c["id"], "closed_at": c["closed_at"],
                             "windows": [w.to_json() for w in c["timeline"].windows]}
                            for c in conversions]}


def run(inp):
    require_object(inp)
    op = inp.get("op")
    if op is None or op == "attribute":
        return attribute(inp)
    if op == "route":
        return route(inp)
    raise invalid("unknown op")  # IN-1
