import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors
import SKANVocabulary

/// Scenarios of the `values` suite's `timeline` operation: updates over time with locks.
enum TimelineScenarios {
  static func all() -> [Scenario] {
    var b = ScenarioBuilder(.values)
    let at = ScenarioTime.at
    func update(_ time: Int, _ fine: JSONValue, _ coarse: JSONValue = nil, lock: JSONValue = false) -> JSONValue {
      ValuesSuite.Update.object([.at: .integer(time), .fine: fine, .coarse: coarse, .lock: lock])
    }
    func timeline(_ updates: [JSONValue], profile: String = WindowProfile.production.rawValue) -> JSONValue {
      ValuesSuite.Input.object([
        .op: .string(ValuesSuite.Operation.timeline.rawValue), .profile: .string(profile),
        .t0: .integer(ScenarioTime.t0), .updates: .array(updates),
      ])
    }

    b.add(
      "timeline-empty", "No updates: every window is empty; catches windows pre-filled with 0 or low.", ["TML-1"],
      timeline([]))
    b.add(
      "timeline-single", "One update in window 0 is applied and is the window's value.", ["TML-1"],
      timeline([update(at(1, 0, 0, 0), 10, "low")]))
    b.add(
      "timeline-decreasing-fine",
      "Fine 40 then 10 in window 0: the window holds 10; catches SKAdNetwork 3's increase-only rule.",
      ["SKN-2", "TML-1"], timeline([update(at(1, 0, 0, 0), 40, "high"), update(at(2, 0, 0, 0), 10, "low")]))
    b.add(
      "timeline-decreasing-coarse",
      "Coarse high then low in window 1: the window holds low; catches keeping the maximum.", ["SKN-2"],
      timeline([update(at(50, 0, 0, 0), 0, "high"), update(at(60, 0, 0, 0), 0, "low")]))
    b.add(
      "timeline-same-ms",
      "Two updates at the same millisecond: the later one in the list wins; catches an unstable sort.", ["TML-1"],
      tags: ["edge-exact"], timeline([update(at(3, 0, 0, 0), 7, "medium"), update(at(3, 0, 0, 0), 8, "high")]))
    b.add(
      "timeline-lock-then-update",
      "A lock in window 0 at 1 h, then an update at 2 h: ignored, the window keeps the locked values.", ["LCK-1"],
      timeline([update(at(1, 0, 0, 0), 20, "medium", lock: true), update(at(2, 0, 0, 0), 30, "high")]))
    b.add(
      "timeline-lock-same-ms", "An update at the very millisecond of the lock is ignored.", ["LCK-1"],
      tags: ["edge-exact"], timeline([update(at(5, 0, 0, 0), 20, lock: true), update(at(5, 0, 0, 0), 21)]))
    b.add(
      "timeline-lock-applies-own-value",
      "Fine 5, then a locking update with fine 9: the window holds 9; catches a lock that freezes the previous value.",
      ["LCK-3"], timeline([update(at(1, 0, 0, 0), 5, "low"), update(at(2, 0, 0, 0), 9, "high", lock: true)]))
    b.add(
      "timeline-lock-47h59m59s-then-48h",
      "A lock at 47:59:59 and an update at 48:00:00: the update opens window 1; catches a lock that blocks the next window or inclusive edges.",
      ["LCK-2", "WIN-3"], tags: ["edge-exact"],
      timeline([update(at(47, 59, 59, 0), 12, "medium", lock: true), update(at(48, 0, 0, 0), 0, "high")]))
    b.add(
      "timeline-lock-early-next-window-nominal",
      "A lock at 1 h and an update at 47 h: still window 0, ignored; catches a lock that starts window 1 early.",
      ["LCK-1", "LCK-2"], timeline([update(at(1, 0, 0, 0), 3, lock: true), update(at(47, 0, 0, 0), 4, "low")]))
    b.add(
      "timeline-lock-early-then-48h",
      "A lock at 1 h and an update at 48 h: window 1 opens at its nominal 48 h, not 48 h after the lock.",
      ["LCK-2", "WIN-3"], timeline([update(at(1, 0, 0, 0), 3, lock: true), update(at(48, 0, 0, 0), 0, "medium")]))
    b.add(
      "timeline-lock-w1-then-w2",
      "A lock in window 1 at 100 h, an update at 150 h (ignored) and one at 168 h (window 2).",
      ["LCK-1", "LCK-2", "WIN-3"],
      timeline([
        update(at(100, 0, 0, 0), 0, "low", lock: true), update(at(150, 0, 0, 0), 0, "high"),
        update(at(168, 0, 0, 0), 0, "medium"),
      ]))
    b.add(
      "timeline-lock-w2", "A lock in window 2 at 200 h; an update at 300 h is ignored.", ["LCK-1"],
      timeline([update(at(200, 0, 0, 0), 0, "high", lock: true), update(at(300, 0, 0, 0), 0, "low")]))
    b.add(
      "timeline-lock-every-window", "A lock in each window: each holds its own locked value; catches one global lock.",
      ["LCK-1", "LCK-2"],
      timeline([
        update(at(1, 0, 0, 0), 60, "high", lock: true), update(at(49, 0, 0, 0), 0, "medium", lock: true),
        update(at(169, 0, 0, 0), 0, "low", lock: true),
      ]))
    b.add(
      "timeline-fine-in-window-1",
      "Fine 20 with coarse high at 50 h: window 1 holds coarse high and no fine; catches fine values kept after window 0.",
      ["SKN-1"], timeline([update(at(50, 0, 0, 0), 20, "high")]))
    b.add(
      "timeline-fine-in-window-2", "Fine 33 with coarse medium at 200 h: window 2 holds coarse medium and no fine.",
      ["SKN-1"], timeline([update(at(200, 0, 0, 0), 33, "medium")]))
    b.add(
      "timeline-fine-only-in-window-1",
      "A fine-only update in window 1 is applied but leaves the window with no value at all; catches deriving a coarse value from the fine one.",
      ["SKN-1", "SKN-4"], timeline([update(at(60, 0, 0, 0), 50)]))
    b.add(
      "timeline-coarse-cleared-by-fine-only-update",
      "(10, high) then (12, no coarse) in window 0: coarse is cleared (kit-defined); catches keeping the old coarse value.",
      ["SKN-4"], timeline([update(at(1, 0, 0, 0), 10, "high"), update(at(2, 0, 0, 0), 12)]))
    b.add(
      "timeline-window-0-does-not-leak",
      "Values of window 0 do not carry into window 1; catches a single running value.", ["TML-1", "SKN-1"],
      timeline([update(at(1, 0, 0, 0), 10, "high"), update(at(49, 0, 0, 0), 11, "low"), update(at(170, 0, 0, 0), 12)]))
    b.add(
      "timeline-839h59m59s", "An update at 839:59:59 is applied in window 2.", ["SKN-3", "WIN-2"], tags: ["edge-near"],
      timeline([update(at(839, 59, 59, 0), 0, "high")]))
    b.add(
      "timeline-840h-ignored", "An update at exactly 840 h is ignored; catches an inclusive end of the period.",
      ["SKN-3", "WIN-3"], tags: ["edge-exact"],
      timeline([update(at(100, 0, 0, 0), 0, "low"), update(at(840, 0, 0, 0), 0, "high")]))
    b.add(
      "timeline-invalid-between-valid",
      "Fine 10, then 64 (rejected), then 20: the window holds 20 and two applied updates; catches an invalid update that resets or stops the timeline.",
      ["TML-5", "VAL-1"],
      timeline([update(at(1, 0, 0, 0), 10), update(at(2, 0, 0, 0), 64), update(at(3, 0, 0, 0), 20)]))
    b.add(
      "timeline-invalid-keeps-previous", "Fine 10 then fine 64: the window keeps 10; catches applying a clamped 63.",
      ["TML-5", "VAL-1"], timeline([update(at(1, 0, 0, 0), 10, "low"), update(at(2, 0, 0, 0), 64, "high")]))
    b.add(
      "timeline-invalid-coarse",
      "An update with coarse \"HIGH\" is rejected whole: its fine value is not applied either.",
      ["TML-5", "VAL-3", "VAL-8"], tags: ["case"],
      timeline([update(at(1, 0, 0, 0), 5, "low"), update(at(2, 0, 0, 0), 6, "HIGH")]))
    b.add(
      "timeline-lock-string",
      "An update with lock \"false\" is rejected (`lock-not-boolean`); catches truthy coercion that would lock the window.",
      ["TML-5", "VAL-7"], timeline([update(at(1, 0, 0, 0), 5, lock: "false"), update(at(2, 0, 0, 0), 6)]))
    b.add(
      "timeline-invalid-after-lock",
      "An invalid update after a lock is `rejected` (values are checked first), not `ignored-locked`.",
      ["TML-5", "LCK-1"], timeline([update(at(1, 0, 0, 0), 5, lock: true), update(at(2, 0, 0, 0), -3)]))
    b.add(
      "timeline-missing-fine",
      "An update without a fine value is rejected (`fine-not-integer`); Apple's methods always take one.",
      ["TML-5", "VAL-2"], timeline([ValuesSuite.Update.object([.at: .integer(at(1, 0, 0, 0)), .coarse: "high"])]))
    b.add(
      "timeline-out-of-order",
      "An update earlier than the one before makes the whole input `out-of-order`; catches silent sorting.", ["TML-6"],
      timeline([update(at(5, 0, 0, 0), 1), update(at(4, 0, 0, 0), 2)]))
    b.add(
      "timeline-before-t0", "An update before T0 makes the input `time-before-t0`.", ["WIN-6", "WIN-7"],
      timeline([update(ScenarioTime.t0 - 1, 1)]))
    b.add(
      "timeline-developer",
      "Developer mode: updates at 2:59.999 and 3:00 land in windows 0 and 1, and one at 9:00 is ignored.",
      ["WIN-5", "TML-1", "SKN-3", "WIN-3", "WIN-7"], tags: ["edge-exact"],
      timeline(
        [update(at(0, 2, 59, 999), 9, "low"), update(at(0, 3, 0, 0), 0, "high"), update(at(0, 9, 0, 0), 0, "medium")],
        profile: WindowProfile.aakDeveloper.rawValue))
    b.add(
      "timeline-developer-lock", "Developer mode: a lock at 1 min holds until 3 min; window 1 opens at 3 min.",
      ["WIN-5", "LCK-1", "LCK-2", "WIN-3"],
      timeline(
        [update(at(0, 1, 0, 0), 7, "medium", lock: true), update(at(0, 2, 0, 0), 8), update(at(0, 3, 0, 0), 0, "low")],
        profile: WindowProfile.aakDeveloper.rawValue))
    b.add(
      "timeline-every-window-updated",
      "Several updates in every window, no locks: each window reports its last update and its count.",
      ["TML-1", "SKN-1", "WIN-3"],
      timeline([
        update(at(0, 1, 0, 0), 1, "low"), update(at(47, 0, 0, 0), 2, "medium"), update(at(48, 0, 0, 0), 3, "high"),
        update(at(167, 0, 0, 0), 4, "low"), update(at(168, 0, 0, 0), 5, "medium"), update(at(800, 0, 0, 0), 6, "high"),
      ]))
    b.add(
      "timeline-invalid-after-period",
      "An invalid update after the period is `rejected` with no window (values are checked first, TML-5), unlike the lifecycle, whose client never asks the server then.",
      ["TML-5", "SKN-3"], timeline([update(at(1, 0, 0, 0), 5), update(at(900, 0, 0, 0), 70)]))
    b.add(
      "timeline-integral-double-time", "An update time written as an integral double is accepted like the integer.",
      ["WIN-7", "TML-1"],
      timeline([
        ValuesSuite.Update.object([.at: .double(Double(at(2, 0, 0, 0))), .fine: 3, .coarse: "low", .lock: false])
      ]))
    return b.scenarios
  }
}
