import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias In = AttributionSuite.Input
private typealias Op = AttributionSuite.Operation
private typealias Kind = AttributionSuite.Kind
private typealias Event = AttributionSuite.Event
private typealias ImpressionIn = AttributionSuite.Impression
private typealias Config = AttributionSuite.Configuration
private typealias WindowEntry = AttributionSuite.AttributionWindow
private typealias ConversionIn = AttributionSuite.Conversion
private typealias Update = AttributionSuite.RoutedUpdate
private typealias Out = AttributionSuite.Output
private typealias Verdict = AttributionSuite.ImpressionVerdict
private typealias Framework = PostbackScenario.Framework
private typealias Interaction = PostbackScenario.Interaction
private typealias Decision = AttributionDecision.Conversion
private typealias Status = AttributionDecision.Status
private typealias Reason = AttributionDecision.Reason

/// A model value as the JSON string the suite reads or writes.
private func json<Value: RawRepresentable<String>>(_ value: Value) -> JSONValue { .string(value.rawValue) }

extension MutantCatalog {
  static func impressions(_ input: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
    guard let list = input[In.impressions]?.arrayValue else { return input }
    return input.setting(In.impressions, .array(transform(list)))
  }

  /// The input with `global`'s `ignore_interaction_type` written into an entry of every
  /// network that has an impression.
  @Sendable static func globalIgnoreCopied(_ input: JSONValue) -> JSONValue {
    guard let windows = input[In.configuration]?[Config.attributionWindows],
      let ignored = windows["global"]?[WindowEntry.ignoreInteractionType],
      ignored.stringValue != nil, var entries = windows.objectValue
    else { return input }
    let networks = (input[In.impressions]?.arrayValue ?? []).compactMap {
      $0[ImpressionIn.adNetworkID]?.stringValue
    }
    for network in networks {
      let entry = entries[network] ?? [:]
      entries[network] = entry.setting(WindowEntry.ignoreInteractionType, ignored)
    }
    return input.updating(In.configuration) { $0.setting(Config.attributionWindows, .object(entries)) }
  }

  /// The mutants of the `attribution` suite.
  static let attribution: [Mutant] =
    attributionBasics + attributionRanking + attributionRules + attributionRouting + attributionLimits
    + attributionMirroring

  /// Mutants of the time limits, the ranking, the view limit, environments, cooldowns and routing.
  static let attributionBasics: [Mutant] = [
    Mutant(
      "inclusive-time-limits", .attribution,
      "Counts a view exactly 24 h old (a click exactly 30 days old) as eligible.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return impressions(input) { list in
          list.map { impression in
            guard let at = time(impression[ImpressionIn.at]) else { return impression }
            let age = event - at
            return age > 0 && age % (24 * hour) == 0
              ? impression.setting(ImpressionIn.at, .integer(at + 1)) : impression
          }
        }
      }),
    Mutant(
      "recency-before-fidelity", .attribution, "Ranks by recency alone: views can beat older clicks.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return impressions(input) { list in
          list.map { impression in
            guard impression[ImpressionIn.interaction] == json(Interaction.view),
              let at = time(impression[ImpressionIn.at]),
              event - at < 24 * hour
            else {
              return impression
            }
            return impression.setting(ImpressionIn.interaction, json(Interaction.click))
          }
        }
      }),
    Mutant(
      "no-view-limit", .attribution, "Keeps every view-through impression.",
      input: { input in
        impressions(input) { list in
          list.enumerated().map { $0.element.setting(ImpressionIn.sourceAppID, .integer(900_000 + $0.offset)) }
        }
      }),
    Mutant(
      "view-limit-across-frameworks", .attribution,
      "Counts the views of both frameworks of a source app in one pool of 15.",
      input: { input in
        impressions(input) { list in
          let views = list.filter {
            $0[ImpressionIn.interaction] == json(Interaction.view) && $0[ImpressionIn.sourceAppID]?.exactInteger != nil
          }
          let mixed = Dictionary(grouping: views) { $0[ImpressionIn.sourceAppID]?.exactInteger ?? 0 }.filter {
            _, group in
            group.count > 15 && Set(group.compactMap { $0[ImpressionIn.framework]?.stringValue }).count > 1
          }
          return list.map { impression in
            guard impression[ImpressionIn.interaction] == json(Interaction.view),
              let app = impression[ImpressionIn.sourceAppID]?.exactInteger,
              mixed[app] != nil
            else { return impression }
            return impression.setting(ImpressionIn.framework, json(Framework.adattributionkit))
          }
        }
      }),
    Mutant(
      "loser-per-impression", .attribution, "Gives every considered impression a losing postback.",
      output: { output, input in
        guard output[Out.conversion] == json(Decision.created), input[In.event]?[Event.kind] == json(Kind.install)
        else { return output }
        let extra = (output[Out.impressions]?.arrayValue ?? [])
          .filter { $0[Verdict.status] == json(Status.notChosen) }.compactMap { $0[Verdict.id] }
        guard !extra.isEmpty else { return output }
        return output.updating(Out.losingPostbacks) { .array(($0.arrayValue ?? []) + extra) }
      }),
    Mutant(
      "reengagement-losers", .attribution, "Gives losing networks a postback for re-engagements.",
      output: { output, input in
        guard output[Out.conversion] == json(Decision.created), input[In.event]?[Event.kind] != json(Kind.install)
        else { return output }
        let extra = (output[Out.impressions]?.arrayValue ?? [])
          .filter { $0[Verdict.status] == json(Status.notChosen) }.compactMap { $0[Verdict.id] }
        return extra.isEmpty ? output : output.setting(Out.losingPostbacks, .array(extra))
      }),
    Mutant(
      "environment-ignored", .attribution, "Ranks development impressions like production ones.",
      input: { input in
        impressions(input) { $0.map { $0.setting(ImpressionIn.environment, json(Impression.Environment.production)) } }
      }),
    Mutant(
      "configuration-for-skadnetwork", .attribution, "Applies AdAttributionKit windows to SKAdNetwork impressions.",
      input: { input in
        guard input[In.configuration] != nil else { return input }
        return impressions(input) {
          $0.map {
            $0[ImpressionIn.framework] == json(Framework.skadnetwork)
              ? $0.setting(ImpressionIn.framework, json(Framework.adattributionkit)) : $0
          }
        }
      }),
    Mutant(
      "configuration-for-reengagement", .attribution,
      "Applies the configured (install) windows to re-engagements too.",
      input: { input in
        guard input[In.event]?[Event.kind] != json(Kind.install),
          let event = time(input[In.event]?[Event.at])
        else { return input }
        return impressions(input) {
          $0.map { impression in
            guard let days = configuredDays(input, impression), let at = time(impression[ImpressionIn.at]),
              event - at >= days * Milliseconds.day
            else { return impression }
            let window =
              impression[ImpressionIn.interaction] == json(Interaction.view)
              ? Attributor.defaultViewWindow : Attributor.defaultClickWindow
            return impression.setting(ImpressionIn.at, .integer(min(at, event - window)))
          }
        }
      }),
    Mutant(
      "view-reengagement", .attribution, "Lets views re-engage.",
      input: { input in
        guard input[In.event]?[Event.kind] != json(Kind.install) else { return input }
        return impressions(input) {
          $0.map {
            $0[ImpressionIn.interaction] == json(Interaction.view)
              ? $0.setting(ImpressionIn.interaction, json(Interaction.click)) : $0
          }
        }
      }),
    Mutant(
      "cooldown-ignored", .attribution, "Ignores cooldowns.",
      input: { input in
        input.updating(In.event) { event in
          guard time(event[Event.lastConversionAt]) != nil else { return event }
          return event.setting(Event.lastConversionAt, nil).setting(Event.lastConversionKind, nil)
        }
      }),
    Mutant(
      "no-update-deadline", .attribution, "Accepts a first update at any time after the event.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return input.updating(In.event) { $0.setting(Event.firstUpdateAt, .integer(event + 1)) }
      }),
    Mutant(
      "tag-ignored", .attribution, "Ignores conversion tags when routing updates.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.conversionTag, nil) } } }),
    Mutant(
      "reengagement-closes-nothing", .attribution, "Never closes earlier conversions on a new re-engagement.",
      input: { input in input[In.op] == json(Op.route) ? input.setting(In.overlapping, true) : input }),
    Mutant(
      "earlier-wins-ties", .attribution, "Lets the earlier registered impression win a tie.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return impressions(input) { list in
          list.enumerated().map { offset, impression in
            guard let at = time(impression[ImpressionIn.at]),
              list.contains(where: { $0 != impression && time($0[ImpressionIn.at]) == at })
            else { return impression }
            return impression.setting(ImpressionIn.at, .integer(min(event, at + (list.count - offset))))
          }
        }
      }),
  ]

  /// The configured window in days for an AdAttributionKit impression's interaction, if any.
  static func configuredDays(_ input: JSONValue, _ impression: JSONValue) -> Int? {
    guard impression[ImpressionIn.framework] == json(Framework.adattributionkit),
      let interaction = impression[ImpressionIn.interaction]?.stringValue,
      let windows = input[In.configuration]?[Config.attributionWindows]
    else { return nil }
    if let network = impression[ImpressionIn.adNetworkID]?.stringValue,
      let days = windows[network]?[interaction]?.exactInteger
    {
      return days
    }
    return windows["global"]?[interaction]?.exactInteger
  }

  /// An `attribute` input with the age of each impression under a default window
  /// (none configured for it) of the given interaction changed.
  private static func defaultWindowAges(_ input: JSONValue, _ interaction: Interaction, _ transform: (Int) -> Int)
    -> JSONValue
  {
    guard let event = time(input[In.event]?[Event.at]) else { return input }
    return impressions(input) { list in
      list.map { impression in
        guard impression[ImpressionIn.interaction]?.stringValue == interaction.rawValue,
          configuredDays(input, impression) == nil,
          let at = time(impression[ImpressionIn.at])
        else { return impression }
        return impression.setting(ImpressionIn.at, .integer(event - transform(event - at)))
      }
    }
  }

  /// An `attribute` input with the age of every impression and the delay of the first
  /// update changed.
  static func ages(_ input: JSONValue, _ transform: (Int) -> Int) -> JSONValue {
    guard let event = time(input[In.event]?[Event.at]) else { return input }
    let aged = impressions(input) { list in
      list.map { impression in
        guard let at = time(impression[ImpressionIn.at]), at < event else { return impression }
        return impression.setting(ImpressionIn.at, .integer(event - transform(event - at)))
      }
    }
    return aged.updating(In.event) { event in
      guard let first = time(event[Event.firstUpdateAt]), let at = time(event[Event.at]), first > at else {
        return event
      }
      return event.setting(Event.firstUpdateAt, .integer(at + transform(first - at)))
    }
  }

  /// The original indices of a list of objects timed by their member `at`, in time order (stable).
  static func timeOrder(_ list: [JSONValue], by at: some MemberName) -> [Int] {
    list.indices.sorted { a, b in
      let (x, y) = (time(list[a][at]) ?? 0, time(list[b][at]) ?? 0)
      return x != y ? x < y : a < b
    }
  }

  /// A list of objects timed by their member `at` (attribution's updates, lifecycle's steps),
  /// in time order (stable).
  static func sortedByTime(_ value: JSONValue?, by at: some MemberName) -> JSONValue? {
    guard let list = value?.arrayValue else { return value }
    return .array(timeOrder(list, by: at).map { list[$0] })
  }

  /// Per-element results of a time-sorted list put back in the original order.
  static func unsorted(_ results: JSONValue, original: JSONValue?, by at: some MemberName) -> JSONValue {
    guard let list = original?.arrayValue, let answers = results.arrayValue, answers.count == list.count else {
      return results
    }
    var restored = answers
    for (position, index) in timeOrder(list, by: at).enumerated() { restored[index] = answers[position] }
    return .array(restored)
  }

  /// Mutants of the ranking and of the limits on considered impressions (AT-4, AT-5, AT-7).
  static let attributionRanking: [Mutant] = [
    ("oldest-first", "Sorts by time ascending: among clicks (or views) the oldest wins.", .attributionOldestFirst),
    ("views-before-clicks", "Sorts fidelity-type ascending: views rank before clicks.", .attributionViewsBeforeClicks),
    (
      "prefers-adattributionkit", "Ranks AdAttributionKit impressions before SKAdNetwork ones instead of together.",
      .attributionPrefersAdAttributionKit
    ),
    (
      "prefers-skadnetwork", "Ranks SKAdNetwork impressions before AdAttributionKit ones instead of together.",
      .attributionPrefersSKAdNetwork
    ),
    (
      "five-considered", "Considers five impressions (Apple's \"top five\" read as the whole set) instead of six.",
      .attributionFiveConsidered
    ),
    (
      "seven-considered", "Considers the winner and six others: seven impressions, six losing networks.",
      .attributionSevenConsidered
    ),
    (
      "production-first-before-eligibility",
      "Lets any production impression, even an expired one, outrank the development ones.",
      .attributionProductionFirstBeforeEligibility
    ),
  ].map { Mutant($0, .attribution, $1, variant: $2) }

  /// An `attribute` input's configuration with each entry of `attribution_windows` transformed.
  static func windowEntries(_ input: JSONValue, _ transform: (String, JSONValue) -> JSONValue) -> JSONValue {
    input.updating(In.configuration) { configuration in
      configuration.updating(Config.attributionWindows) { windows in
        guard let entries = windows.objectValue else { return windows }
        return .object(Dictionary(uniqueKeysWithValues: entries.map { ($0.key, transform($0.key, $0.value)) }))
      }
    }
  }

  /// The same integer clamped, or the value unchanged when it is not an integer.
  static func clamped(_ value: JSONValue, _ range: ClosedRange<Int>) -> JSONValue {
    guard let number = value.exactInteger else { return value }
    return .integer(min(max(number, range.lowerBound), range.upperBound))
  }

  /// The previous conversion's kind in an `attribute` input, when it is a known one (AT-8).
  static func previousKind(_ input: JSONValue) -> AttributionEvent.Kind? {
    input[In.event]?[Event.lastConversionKind]?.stringValue.flatMap(AttributionEvent.Kind.init(spelling:))
  }

  /// The configuration member of the cooldown that follows a conversion of `kind` (AT-8).
  private static func cooldownKey(after kind: JSONValue?) -> Config {
    kind?.stringValue.flatMap(AttributionEvent.Kind.init(spelling:)) == .reengagement
      ? .reengagementCooldownHours : .installCooldownHours
  }

  /// The impressions' IDs, a repeated one made unique with its position.
  static func uniqueIDs(_ list: [JSONValue]) -> [JSONValue] {
    list.enumerated().map { offset, impression in
      let id = impression[ImpressionIn.id] ?? .null
      return list.prefix(offset).contains { $0[ImpressionIn.id] == id }
        ? .string("\(id.stringValue ?? "")#\(offset)") : id
    }
  }

  /// Mutants of the time limits, the configuration, the cooldowns and re-engagement (AT-1 to AT-14).
  static let attributionRules: [Mutant] = [
    Mutant(
      "ignore-for-reengagements", .attribution,
      "Lets a network entry's `ignore_interaction_type`, an `install` setting, filter a re-engagement's impressions too (AT-23's alternative).",
      variant: .ignoreInteractionForReengagements),
    Mutant(
      "cooldowns-only-with-adattributionkit", .attribution,
      "Applies the cooldowns, AdAttributionKit settings, only when an AdAttributionKit impression competes, so a SKAdNetwork-only install during a cooldown is created (AT-25's alternative).",
      variant: .cooldownsOnlyWithAdAttributionKit),
    Mutant(
      "null-windows-entry-as-absent", .attribution,
      "Takes a `null` entry of `attribution_windows` for no entry instead of `invalid-input` (IN-1).",
      input: { input in
        input.updating(In.configuration) { configuration in
          configuration.updating(Config.attributionWindows) { windows in
            guard let members = windows.objectValue else { return windows }
            return .object(members.filter { !$0.value.isNull })
          }
        }
      }),
    Mutant(
      "app-installed-read-for-re-engagement-only", .attribution,
      "Reads (and type-checks) `app_installed` only for a re-engagement, so an install's non-boolean passes (IN-1).",
      input: { input in
        guard input[In.event]?[Event.kind] == json(Kind.install) else { return input }
        return input.updating(In.event) { $0.setting(Event.appInstalled, nil) }
      }),
    Mutant(
      "source-app-0-as-none", .attribution,
      "Takes source app 0 for no source app, so its views are never counted (AT-6).",
      input: { input in
        impressions(input) { list in
          list.map { $0[ImpressionIn.sourceAppID]?.exactInteger == 0 ? $0.setting(ImpressionIn.sourceAppID, nil) : $0 }
        }
      }),
    Mutant(
      "source-app-id-range", .attribution, "Refuses a negative source app ID as `invalid-input`.",
      input: { input in
        impressions(input) { list in
          list.map { impression in
            guard let app = impression[ImpressionIn.sourceAppID]?.exactInteger, app < 0 else { return impression }
            return impression.setting(ImpressionIn.sourceAppID, "out of range")
          }
        }
      }),
    Mutant(
      "event-millisecond-is-after", .attribution,
      "Takes an impression at the event's own millisecond for one after it (`age > 0`).",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return impressions(input) {
          $0.map { time($0[ImpressionIn.at]) == event ? $0.setting(ImpressionIn.at, .integer(event + 1)) : $0 }
        }
      }),
    Mutant(
      "started-hours", .attribution,
      "Counts an impression's age and the delay of the first update in started hours (rounds up).",
      input: { input in ages(input) { ($0 + hour - 1) / hour * hour } }),
    Mutant(
      "whole-seconds", .attribution,
      "Rounds an impression's age and the delay of the first update to the nearest second.",
      input: { input in ages(input) { ($0 + 500) / 1000 * 1000 } }),
    Mutant(
      "click-window-for-views", .attribution, "Gives views the default click window (30 days) too.",
      input: { input in
        defaultWindowAges(input, .view) { age in
          guard age >= Attributor.defaultViewWindow, age < Attributor.defaultClickWindow else { return age }
          // Still eligible, and still older than the views younger than it.
          return Attributor.defaultViewWindow - 1 - (Attributor.defaultClickWindow - age) / 1000
        }
      }),
    Mutant(
      "view-window-for-clicks", .attribution, "Gives clicks the default view window (24 h) too.",
      input: { input in
        defaultWindowAges(input, .click) { age in
          age >= Attributor.defaultViewWindow ? max(age, Attributor.defaultClickWindow) : age
        }
      }),
    Mutant(
      "no-default-click-window", .attribution, "Lets a click expire only under a configured window: no 30-day default.",
      input: { input in
        defaultWindowAges(input, .click) { min($0, Attributor.defaultClickWindow - 1) }
      }),
    Mutant(
      "global-windows-ignored", .attribution, "Reads only the per-network entries of AttributionWindows, not `global`.",
      input: { input in
        input.updating(In.configuration) { $0.updating(Config.attributionWindows) { $0.setting("global", nil) } }
      }),
    Mutant(
      "global-over-network", .attribution, "Lets `global`'s windows override a network's own.",
      input: { input in
        guard let global = input[In.configuration]?[Config.attributionWindows]?["global"] else { return input }
        return windowEntries(input) { key, entry in
          var result = entry
          for member in [WindowEntry.view, .click] where key != "global" && global[member]?.exactInteger != nil {
            result = result.setting(member, global[member])
          }
          return result
        }
      }),
    Mutant(
      "network-entry-replaces-global", .attribution,
      "Takes a network's entry as a whole: a window it leaves out is the default, not `global`'s.",
      input: { input in
        windowEntries(input) { key, entry in
          guard key != "global" else { return entry }
          var result = entry
          if entry[WindowEntry.view]?.exactInteger == nil {
            result = result.setting(WindowEntry.view, .integer(Attributor.defaultViewWindow / Milliseconds.day))
          }
          if entry[WindowEntry.click]?.exactInteger == nil {
            result = result.setting(WindowEntry.click, .integer(Attributor.defaultClickWindow / Milliseconds.day))
          }
          return result
        }
      }),
    Mutant(
      "global-ignore-applied", .attribution, "Applies `global`'s ignore_interaction_type to every network.",
      input: globalIgnoreCopied),
    Mutant(
      "global-ignore-everywhere", .attribution,
      "Applies `global`'s ignore_interaction_type to every network, for installs and re-engagements alike.",
      variant: .ignoreInteractionForReengagements, input: globalIgnoreCopied),
    Mutant(
      "configuration-clamped", .attribution,
      "Clamps a configured day count or cooldown into Apple's range instead of rejecting it.",
      input: { input in
        windowEntries(input) { _, entry in
          entry.updating(WindowEntry.view) { clamped($0, 1...7) }.updating(WindowEntry.click) { clamped($0, 1...30) }
        }
        .updating(In.configuration) { configuration in
          configuration.updating(Config.installCooldownHours) { clamped($0, 0...720) }
            .updating(Config.reengagementCooldownHours) { clamped($0, 0...720) }
        }
      }),
    Mutant(
      "inclusive-cooldown", .attribution, "Blocks a conversion exactly at the end of the cooldown (`<=`).",
      input: { input in
        let key = cooldownKey(after: input[In.event]?[Event.lastConversionKind])
        guard let cooldown = input[In.configuration]?[key]?.exactInteger, let event = time(input[In.event]?[Event.at]),
          let last = time(input[In.event]?[Event.lastConversionAt]), event - last == cooldown * hour
        else { return input }
        return input.updating(In.event) { $0.setting(Event.lastConversionAt, .integer(last + 1)) }
      }),
    Mutant(
      "one-cooldown-for-both", .attribution, "Applies whichever cooldown is configured to installs and re-engagements.",
      input: { input in
        input.updating(In.configuration) { configuration in
          let install = configuration[Config.installCooldownHours] ?? .null
          let reengagement = configuration[Config.reengagementCooldownHours] ?? .null
          return configuration.setting(Config.installCooldownHours, install.isNull ? reengagement : install)
            .setting(Config.reengagementCooldownHours, reengagement.isNull ? install : reengagement)
        }
      }),
    Mutant(
      "cooldown-by-new-event", .attribution,
      "Picks the cooldown by the new event's kind, not the previous conversion's: an install's cooldown never blocks a re-engagement (AT-8).",
      input: { input in
        guard let kind = input[In.event]?[Event.kind], previousKind(input) != nil else { return input }
        return input.updating(In.event) { $0.setting(Event.lastConversionKind, kind) }
      }),
    Mutant(
      "previous-kind-defaults-to-event", .attribution,
      "Reads a last_conversion_at without last_conversion_kind as a conversion of the new event's kind instead of invalid-input.",
      input: { input in
        guard let event = input[In.event], time(event[Event.lastConversionAt]) != nil,
          (event[Event.lastConversionKind] ?? .null).isNull, let kind = event[Event.kind]
        else { return input }
        return input.updating(In.event) { $0.setting(Event.lastConversionKind, kind) }
      }),
    Mutant(
      "unknown-previous-kind-no-cooldown", .attribution,
      "Finds no cooldown for an unknown last_conversion_kind and goes on, instead of invalid-input.",
      input: { input in
        guard let text = input[In.event]?[Event.lastConversionKind]?.stringValue,
          AttributionEvent.Kind(spelling: text) == nil
        else { return input }
        return input.updating(In.event) {
          $0.setting(Event.lastConversionAt, nil).setting(Event.lastConversionKind, nil)
        }
      }),
    Mutant(
      "previous-kind-without-time-ignored", .attribution,
      "Reads last_conversion_kind only when last_conversion_at is given: a kind without a time passes.",
      input: { input in
        guard let event = input[In.event], (event[Event.lastConversionAt] ?? .null).isNull,
          !(event[Event.lastConversionKind] ?? .null).isNull
        else { return input }
        return input.updating(In.event) { $0.setting(Event.lastConversionKind, nil) }
      }),
    Mutant(
      "cooldown-whole-seconds", .attribution,
      "Counts the time since the previous conversion in whole seconds, rounded: 23:59:59.999 after it ends a 24-hour cooldown.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]), let last = time(input[In.event]?[Event.lastConversionAt]),
          event > last
        else { return input }
        let rounded = (event - last + 500) / 1000 * 1000
        return input.updating(In.event) { $0.setting(Event.lastConversionAt, .integer(event - rounded)) }
      }),
    Mutant(
      "reengagement-flag-ignored", .attribution, "Lets any AdAttributionKit click re-engage, eligible or not.",
      input: { input in impressions(input) { $0.map { $0.setting(ImpressionIn.eligibleForReengagement, true) } } }),
    Mutant(
      "skadnetwork-reengages", .attribution, "Lets SKAdNetwork clicks re-engage like AdAttributionKit ones.",
      input: { input in
        guard input[In.event]?[Event.kind] != json(Kind.install) else { return input }
        return impressions(input) {
          $0.map {
            $0[ImpressionIn.framework] == json(Framework.skadnetwork)
              ? $0.setting(ImpressionIn.framework, json(Framework.adattributionkit)) : $0
          }
        }
      }),
    Mutant(
      "app-installed-ignored", .attribution, "Re-engages whether or not the app is installed.",
      input: { input in input.updating(In.event) { $0.setting(Event.appInstalled, nil) } }),
    Mutant(
      "reengagement-spelling-rejected", .attribution,
      "Knows only the spelling `re-engagement`: `reengagement` (AAK-RCV's) is invalid-input.",
      input: { input in
        let unknown: JSONValue = "reengagement?"
        func respelt(_ value: JSONValue) -> JSONValue { value == "reengagement" ? unknown : value }
        return input.updating(In.event) { $0.updating(Event.kind, respelt).updating(Event.lastConversionKind, respelt) }
          .updating(In.conversions) { $0.mapElements { $0.updating(ConversionIn.kind, respelt) } }
          .updating(In.updates) { $0.mapElements { $0.updating(Update.conversionTypes) { $0.mapElements(respelt) } } }
      }),
    Mutant(
      "reengagement-deadline-for-installs", .attribution,
      "Applies the 2-day first-update deadline of a re-engagement to installs.",
      input: { input in
        guard input[In.event]?[Event.kind] == json(Kind.install),
          let event = time(input[In.event]?[Event.at]),
          let first = time(input[In.event]?[Event.firstUpdateAt]),
          first - event >= Attributor.reengagementFirstUpdateLimit
        else { return input }
        return input.updating(In.event) {
          $0.setting(Event.firstUpdateAt, .integer(event + Attributor.installFirstUpdateLimit))
        }
      }),
    Mutant(
      "after-event-not-checked", .attribution, "Does not compare an impression's time with the event's.",
      input: { input in
        guard let event = time(input[In.event]?[Event.at]) else { return input }
        return impressions(input) {
          $0.map { (time($0[ImpressionIn.at]) ?? .min) > event ? $0.setting(ImpressionIn.at, .integer(event)) : $0 }
        }
      }),
    Mutant(
      "empty-impressions-rejected", .attribution, "Rejects an empty impression list as invalid-input.",
      input: { input in
        input[In.impressions]?.arrayValue?.isEmpty == true ? input.setting(In.impressions, nil) : input
      }),
    Mutant(
      "duplicate-ids-accepted", .attribution, "Does not check impression IDs for duplicates.",
      input: { input in
        impressions(input) { list in zip(list, uniqueIDs(list)).map { $0.setting(ImpressionIn.id, $1) } }
      },
      output: { output, input in
        guard let list = input[In.impressions]?.arrayValue else { return output }
        let originals = Dictionary(
          zip(uniqueIDs(list), list.map { $0[ImpressionIn.id] ?? .null }), uniquingKeysWith: { a, _ in a })
        func original(_ id: JSONValue) -> JSONValue { originals[id] ?? id }
        return output.updating(Out.impressions) { $0.mapElements { $0.updating(Verdict.id, original) } }
          .updating(Out.winner, original).updating(Out.losingPostbacks) { $0.mapElements(original) }
      }),
    Mutant(
      "unknown-framework-accepted", .attribution, "Reads an unknown framework as AdAttributionKit.",
      input: { input in
        impressions(input) { list in
          list.map { impression in
            guard let framework = impression[ImpressionIn.framework]?.stringValue,
              Framework(rawValue: framework) == nil
            else { return impression }
            return impression.setting(ImpressionIn.framework, json(Framework.adattributionkit))
          }
        }
      }),
  ]

  /// Mutants of routing updates to conversions (AT-15 to AT-17).
  static let attributionRouting: [Mutant] = [
    Mutant(
      "overlapping-ignored", .attribution, "Closes earlier conversions on a re-engagement even with overlapping on.",
      input: { input in input[In.op] == json(Op.route) ? input.setting(In.overlapping, false) : input }),
    Mutant(
      "conversion-types-ignored", .attribution, "Sends every update to every active conversion, whatever its types.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.conversionTypes, nil) } } }),
    Mutant(
      "absent-types-reach-nothing", .attribution,
      "Reads absent conversion types as an empty list: the update reaches no conversion.",
      input: { input in
        input.updating(In.updates) {
          $0.mapElements { ($0[Update.conversionTypes] ?? .null).isNull ? $0.setting(Update.conversionTypes, []) : $0 }
        }
      }),
    Mutant(
      "tag-excludes-install", .attribution, "Sends an update with a conversion tag to re-engagements only.",
      input: { input in
        input.updating(In.updates) {
          $0.mapElements { update in
            guard update[Update.conversionTag]?.stringValue != nil else { return update }
            let types = update[Update.conversionTypes]?.arrayValue ?? [json(Kind.reengagement)]
            return update.setting(Update.conversionTypes, .array(types.filter { $0 != json(Kind.install) }))
          }
        }
      }),
    Mutant(
      "second-install-accepted", .attribution,
      "Does not check for a second install conversion: it counts as a re-engagement.",
      input: { input in
        var seen = false
        return input.updating(In.conversions) {
          $0.mapElements { conversion in
            guard conversion[ConversionIn.kind] == json(Kind.install) else { return conversion }
            defer { seen = true }
            return seen ? conversion.setting(ConversionIn.kind, json(Kind.reengagement)) : conversion
          }
        }
      }),
    Mutant(
      "updates-sorted", .attribution, "Sorts the updates by time instead of rejecting them `out-of-order`.",
      input: { input in
        input[In.op] == json(Op.route)
          ? input.setting(In.updates, sortedByTime(input[In.updates], by: AttributionSuite.RoutedUpdate.at)) : input
      },
      output: { output, input in
        output.updating(Out.updates) { unsorted($0, original: input[In.updates], by: AttributionSuite.RoutedUpdate.at) }
      }),
  ]
}

extension AttributionSuite: MutantSuite {
  /// The attribution suite's mutants (MutantCatalog+Attribution.swift).
  public static var mutants: [Mutant] { MutantCatalog.attribution }
}
