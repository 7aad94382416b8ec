"""The `postback` suite (Spec/postback.md): which postbacks a device sends to one ad
network after an attribution, every field they carry, and when they may be sent."""
from common import (HOUR, MINUTE, SpecError, invalid, integral, read_choice, read_integer,
                    read_optional_string, read_profile, read_time, require_object)
from values import Timeline, read_update_values

FRAMEWORKS = ("skadnetwork", "adattributionkit")
SKAN_VERSIONS = ("4.0", "3.0", "2.2", "2.1")
CONVERSION_TYPES = ("download", "redownload", "re-engagement", "reengagement")
INTERACTIONS = {"view": 0, "click": 1}  # interaction -> fidelity-type


# ---------------------------------------------------------------------------
# Reading ("Order of checks", step 2)
# ---------------------------------------------------------------------------

def read_updates(inp):
    """Each update: an object, its `at`, then fine, coarse, lock (an invalid value is that value's code)."""
    updates = inp.get("updates")
    if not isinstance(updates, list):
        raise invalid("updates must be an array")
    result = []
    for update in updates:
        if not isinstance(update, dict):
            raise invalid("an update must be an object")
        at = read_time(update, "at")
        result.append((at, *read_update_values(update)))  # PB-1: an invalid value is the answer
    return result


def read_tier_number(value):
    number = integral(value)
    if number is None or not 0 <= number <= 3:
        raise invalid("a tier is an integer from 0 to 3")
    return number


def read_tier(entry):
    """A tier entry -> (t2, t3, t4): one integer for all lengths, or {"2","3","4"} (PB-4)."""
    if isinstance(entry, dict):
        if not all(key in entry for key in ("2", "3", "4")):
            raise invalid("a tier object needs the members 2, 3 and 4")
        return tuple(read_tier_number(entry[key]) for key in ("2", "3", "4"))
    tier = read_tier_number(entry)
    return (tier, tier, tier)


def read_input(inp):
    require_object(inp)
    framework = read_choice(inp, "framework", FRAMEWORKS, required=True)
    ad_version = read_optional_string(inp, "ad_version")
    interaction = read_choice(inp, "interaction", INTERACTIONS, required=True)
    conversion_type = read_choice(inp, "conversion_type", CONVERSION_TYPES, default="download")
    if conversion_type == "reengagement":  # PB-11: read as, and written, `re-engagement`
        conversion_type = "re-engagement"
    t0 = read_time(inp, "t0")
    updates = read_updates(inp)
    closed_at = None if inp.get("closed_at") is None else read_time(inp, "closed_at")  # PB-20
    tiers = inp.get("tiers")
    if not isinstance(tiers, list):
        raise invalid("tiers must be an array")
    tiers = [read_tier(entry) for entry in tiers]
    ad = inp.get("ad")
    if not isinstance(ad, dict):
        raise invalid("ad must be an object")
    postback_ids = inp.get("postback_ids")
    if not isinstance(postback_ids, list) or not all(isinstance(i, str) for i in postback_ids):
        raise invalid("postback_ids must be an array of strings")
    if not isinstance(ad.get("ad_network_id"), str):
        raise invalid("ad.ad_network_id must be a string")
    source_identifier = read_integer(ad, "source_identifier", bounds=None)  # range: step 3
    ad = {
        "ad_network_id": ad["ad_network_id"],
        "source_identifier": source_identifier,
        "advertised_app_id": read_integer(ad, "advertised_app_id"),
        "source_app_id": read_integer(ad, "source_app_id", required=False, nullable=True),
        "source_domain": read_optional_string(ad, "source_domain"),
        "country_code": read_optional_string(ad, "country_code"),
        "marketplace_id": read_optional_string(ad, "marketplace_id"),
    }
    did_win = inp.get("did_win")
    if did_win is None:
        did_win = True
    elif not isinstance(did_win, bool):
        raise invalid("did_win must be a boolean or null")
    ends = read_profile(inp)
    # PB-17: Developer Mode shortens only a development ad's postbacks (source app 0, or a
    # SKAdNetwork web ad); a production ad keeps the production windows and delays.
    development_ad = ad["source_app_id"] == 0 or (framework == "skadnetwork" and ad["source_domain"] is not None)
    developer = inp.get("profile") == "aak-developer" and development_ad
    if inp.get("profile") == "aak-developer" and not development_ad:
        ends = read_profile({"profile": "production"})
    # PB-22: a development postback (source app 0, or a SKAdNetwork web ad in Developer Mode)
    # carries the highest tier whatever the tiers given.
    if ad["source_app_id"] == 0 or developer:
        tiers = [(3, 3, 3) for _ in tiers]
    return dict(framework=framework, ad_version=ad_version, interaction=interaction,
                conversion_type=conversion_type, t0=t0, updates=updates, tiers=tiers, ad=ad,
                postback_ids=postback_ids, did_win=did_win, ends=ends, developer=developer,
                closed_at=closed_at)


def check_scenario(s):
    """"Order of checks", step 3 (PB-1): scenarios that cannot happen are invalid-input."""
    ad = s["ad"]
    if len(s["tiers"]) != 3:
        raise invalid("tiers needs exactly three entries")
    if len(s["postback_ids"]) != 3:
        raise invalid("postback_ids needs exactly three strings")
    if ad["source_app_id"] is not None and ad["source_domain"] is not None:
        raise invalid("an ad has a source app or a source domain, not both")
    identifier = ad["source_identifier"]
    if s["framework"] == "skadnetwork":
        version = s["ad_version"] if s["ad_version"] is not None else "4.0"
        if version not in SKAN_VERSIONS:
            raise invalid(f"ad version {version!r} is not modelled")
        s["ad_version"] = version
        if s["conversion_type"] == "re-engagement":
            raise invalid("SKAdNetwork has no re-engagement")
        if version == "4.0":
            if not 0 <= identifier <= 9999:
                raise invalid("source identifier outside 0...9999")
        else:
            if not 1 <= identifier <= 100:
                raise invalid("campaign ID outside 1...100")
            if ad["source_domain"] is not None:
                raise invalid("no web ads before SKAdNetwork 4.0")
            if version == "2.1" and s["interaction"] == "view":
                raise invalid("view-through ads exist from SKAdNetwork 2.2 on")  # PB-1
    else:
        if not 0 <= identifier <= 9999:
            raise invalid("source identifier outside 0...9999")
        if ad["source_domain"] is not None:
            raise invalid("AdAttributionKit has no source domain")
        if s["conversion_type"] == "re-engagement" and s["interaction"] == "view":
            raise invalid("a re-engagement comes from a click")  # PB-9
    country = ad["country_code"]
    if country is not None and not (len(country) == 2 and all("A" <= ch <= "Z" for ch in country)):
        raise invalid("country_code must be two upper-case letters")  # PB-21
    if s["closed_at"] is not None and s["closed_at"] < s["t0"]:
        raise invalid("closed_at is before t0")  # PB-20


def replay(s):
    """"Order of checks", step 4, then the timeline rules of values.md."""
    line = Timeline(s["ends"], s["t0"])
    previous = None
    for at, fine, coarse, lock in s["updates"]:
        if previous is not None and at < previous:  # TML-6
            raise SpecError("out-of-order", "an update is earlier than the one before it")
        previous = at
        if at < s["t0"]:  # WIN-6
            raise SpecError("time-before-t0", "an update is earlier than t0")
        if s["closed_at"] is None or at < s["closed_at"]:  # PB-20: later ones are the new conversion's
            line.apply(at, fine, coarse, lock)
    return line


# ---------------------------------------------------------------------------
# Planning
# ---------------------------------------------------------------------------

def source_digits(identifier, tiers, index):
    """PB-4, PB-5: the rightmost digits of the four-digit, zero-padded identifier."""
    t2, t3, t4 = tiers
    tier = max(tiers)
    if index > 0 or tier <= 1:
        digits = 2
    elif t4 == tier:
        digits = 4
    elif t3 == tier:
        digits = 3
    else:
        digits = 2
    return f"{identifier:04d}"[-digits:]


def timing(s, line, index):
    """PB-8: (finalized_at, earliest_send, latest_send)."""
    window = line.windows[index]
    if window.locked_at is not None:  # LCK-3; a lock elsewhere does not move it (LCK-2)
        final = window.locked_at
    else:
        final = s["t0"] + s["ends"][index]
    if s["closed_at"] is not None:  # PB-20: final at the close unless already final
        final = min(final, s["closed_at"])
    if s["developer"]:
        return final, final + 5 * MINUTE, final + 10 * MINUTE
    return final, final + 24 * HOUR, final + (48 if index == 0 else 144) * HOUR


def values_for(window, index, tier, did_win):
    """PB-3, PB-7, PB-12, PB-13: {"conversion-value": …} or {"coarse-conversion-value": …} or {}."""
    if not did_win or tier == 0 or window.updates_applied == 0:
        return {}
    if index == 0 and tier >= 2:
        return {"conversion-value": window.fine}
    if window.coarse is not None:
        return {"coarse-conversion-value": window.coarse}
    return {}


def skan4_postback(s, index, tier, digits, window):
    ad = s["ad"]
    fields = {
        "version": "4.0",
        "ad-network-id": ad["ad_network_id"],
        "source-identifier": digits,
        "app-id": ad["advertised_app_id"],
        "transaction-id": s["postback_ids"][index],
        "redownload": s["conversion_type"] == "redownload",
        "fidelity-type": INTERACTIONS[s["interaction"]],
        "did-win": s["did_win"],
        "postback-sequence-index": index,
    }
    if index == 0 and s["did_win"] and tier == 3:  # PB-3 tier 3; PB-7: never for losers
        if ad["source_app_id"] is not None:
            fields["source-app-id"] = ad["source_app_id"]
        if ad["source_domain"] is not None:
            fields["source-domain"] = ad["source_domain"]
        if ad["country_code"] is not None:
            fields["country-code"] = ad["country_code"]
    fields.update(values_for(window, index, tier, s["did_win"]))
    return fields, None


def aak_postback(s, index, tier, digits, window):
    """PB-11: the JWS payload and the members outside the JWS."""
    ad = s["ad"]
    payload = {
        "impression-type": "app-impression",
        "ad-network-identifier": ad["ad_network_id"],
        "source-identifier": digits,
        "advertised-item-identifier": ad["advertised_app_id"],
        "conversion-type": s["conversion_type"],
        "postback-identifier": s["postback_ids"][index],
        "did-win": s["did_win"],
        "postback-sequence-index": index,
    }
    if tier >= 1 and ad["marketplace_id"] is not None:
        payload["marketplace-identifier"] = ad["marketplace_id"]
    outer = {"ad-interaction-type": s["interaction"]}
    if index == 0 and s["did_win"] and tier == 3:
        if ad["source_app_id"] is not None:
            payload["publisher-item-identifier"] = ad["source_app_id"]
        if ad["country_code"] is not None:
            outer["country-code"] = ad["country_code"]
    outer.update(values_for(window, index, tier, s["did_win"]))
    return payload, outer


def legacy_timer(s):
    """PB-14, PB-16: (value, final) for an ad signed before 4.0. One period, ended by a
    24-hour timer that starts at T0 and restarts on each greater value; a lower or equal
    value changes nothing; the first update sets any value; from the expiry on, nothing
    counts. Coarse values, locks and the profile play no part."""
    value, restart = None, s["t0"]
    closed = s["closed_at"]
    for at, fine, _coarse, _lock in s["updates"]:
        if at >= restart + 24 * HOUR or (closed is not None and at >= closed):
            break
        if value is None or fine > value:
            value, restart = fine, at
    final = restart + 24 * HOUR
    return value, final if closed is None else min(final, closed)  # PB-20


def legacy_postback(s, tier, value):
    """PB-10: an ad signed 3.0, 2.2 or 2.1; the privacy threshold is modelled as tier >= 2."""
    ad, version = s["ad"], s["ad_version"]
    fields = {
        "version": version,
        "ad-network-id": ad["ad_network_id"],
        "campaign-id": ad["source_identifier"],
        "app-id": ad["advertised_app_id"],
        "transaction-id": s["postback_ids"][0],
        "redownload": s["conversion_type"] == "redownload",
    }
    if version != "2.1":
        fields["fidelity-type"] = INTERACTIONS[s["interaction"]]
    if version == "3.0":
        fields["did-win"] = s["did_win"]
    if s["did_win"] and tier >= 2:
        if ad["source_app_id"] is not None:
            fields["source-app-id"] = ad["source_app_id"]
        if value is not None:
            fields["conversion-value"] = value
    return fields, None


def run(inp):
    s = read_input(inp)
    check_scenario(s)
    line = replay(s)
    skan = s["framework"] == "skadnetwork"
    legacy = skan and s["ad_version"] != "4.0"

    # Which postbacks (PB-2, PB-6, PB-9, PB-10).
    if not s["did_win"] and s["conversion_type"] == "re-engagement":
        return {"postbacks": []}  # PB-9
    if legacy and not s["did_win"] and s["ad_version"] in ("2.1", "2.2"):
        return {"postbacks": []}  # PB-10
    if legacy:  # PB-10, PB-14, PB-15: one postback, sent 0-24 h after the timer expires
        tier = max(s["tiers"][0])
        value, final = legacy_timer(s)
        postback, outer = legacy_postback(s, tier, value)
        return {"postbacks": [{"sequence_index": 0, "tier": tier, "postback": postback, "outer": outer,
                               "finalized_at": final, "earliest_send": final,
                               "latest_send": final + 24 * HOUR}]}
    postbacks = []
    for index in range(3):
        tiers = s["tiers"][index]
        tier = max(tiers)
        window = line.windows[index]
        if index > 0 and (not s["did_win"] or tier == 0 or window.updates_applied == 0):
            continue  # PB-2, PB-6
        digits = source_digits(s["ad"]["source_identifier"], tiers, index)
        build = skan4_postback if skan else aak_postback
        postback, outer = build(s, index, tier, digits, window)
        final, earliest, latest = timing(s, line, index)  # losers: as postback 0
        postbacks.append({"sequence_index": index, "tier": tier, "postback": postback, "outer": outer,
                          "finalized_at": final, "earliest_send": earliest, "latest_send": latest})
    return {"postbacks": postbacks}
