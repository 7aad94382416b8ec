import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  static func impressions(_ input: JSONValue, _ transform: ([JSONValue]) -> [JSONValue]) -> JSONValue {
    guard let list = input["impressions"]?.arrayValue else { return input }
    return input.setting("impressions", .array(transform(list)))
  }

  static let attribution: [Mutant] = [
    Mutant(
      "inclusive-time-limits", .attribution,
      "Counts a view exactly 24 h old (a click exactly 30 days old) as eligible.",
      input: { input in
        guard let event = time(input["event"]?["at"]) else { return input }
        return impressions(input) { list in
          list.map { impression in
            guard let at = time(impression["at"]) else { return impression }
            let age = event - at
            return age > 0 && age % (24 * hour) == 0 ? impression.setting("at", .integer(at + 1)) : impression
          }
        }
      }),
    Mutant(
      "recency-before-fidelity", .attribution, "Ranks by recency alone: views can beat older clicks.",
      input: { input in
        guard let event = time(input["event"]?["at"]) else { return input }
        return impressions(input) { list in
          list.map { impression in
            guard impression["interaction"] == "view", let at = time(impression["at"]), event - at < 24 * hour else {
              return impression
            }
            return impression.setting("interaction", "click")
          }
        }
      }),
    Mutant(
      "no-view-limit", .attribution, "Keeps every view-through impression.",
      input: { input in
        impressions(input) { list in
          list.enumerated().map { $0.element.setting("source_app_id", .integer(900_000 + $0.offset)) }
        }
      }),
    Mutant(
      "loser-per-impression", .attribution, "Gives every considered impression a losing postback.",
      output: { output, input in
        guard output["conversion"] == "created", input["event"]?["kind"] == "install" else { return output }
        let extra = (output["impressions"]?.arrayValue ?? []).filter { $0["status"] == "not-chosen" }.compactMap(
          \.["id"])
        guard !extra.isEmpty else { return output }
        return output.updating("losing_postbacks") { .array(($0.arrayValue ?? []) + extra) }
      }),
    Mutant(
      "reengagement-losers", .attribution, "Gives losing networks a postback for re-engagements.",
      output: { output, input in
        guard output["conversion"] == "created", input["event"]?["kind"] != "install" else { return output }
        let extra = (output["impressions"]?.arrayValue ?? []).filter { $0["status"] == "not-chosen" }.compactMap(
          \.["id"])
        return extra.isEmpty ? output : output.setting("losing_postbacks", .array(extra))
      }),
    Mutant(
      "environment-ignored", .attribution, "Ranks development impressions like production ones.",
      input: { input in impressions(input) { $0.map { $0.setting("environment", "production") } } }),
    Mutant(
      "configuration-for-skadnetwork", .attribution, "Applies AdAttributionKit windows to SKAdNetwork impressions.",
      input: { input in
        guard input["configuration"] != nil else { return input }
        return impressions(input) {
          $0.map { $0["framework"] == "skadnetwork" ? $0.setting("framework", "adattributionkit") : $0 }
        }
      }),
    Mutant(
      "view-reengagement", .attribution, "Lets views re-engage.",
      input: { input in
        guard input["event"]?["kind"] != "install" else { return input }
        return impressions(input) { $0.map { $0["interaction"] == "view" ? $0.setting("interaction", "click") : $0 } }
      }),
    Mutant(
      "cooldown-ignored", .attribution, "Ignores cooldowns.",
      input: { input in input.updating("event") { $0.setting("last_conversion_at", nil) } }),
    Mutant(
      "no-update-deadline", .attribution, "Accepts a first update at any time after the event.",
      input: { input in
        guard let event = time(input["event"]?["at"]) else { return input }
        return input.updating("event") { $0.setting("first_update_at", .integer(event + 1)) }
      }),
    Mutant(
      "tag-ignored", .attribution, "Ignores conversion tags when routing updates.",
      input: { input in input.updating("updates") { $0.mapElements { $0.setting("conversion_tag", nil) } } }),
    Mutant(
      "reengagement-closes-nothing", .attribution, "Never closes earlier conversions on a new re-engagement.",
      input: { input in input["op"] == "route" ? input.setting("overlapping", true) : input }),
    Mutant(
      "earlier-wins-ties", .attribution, "Lets the earlier registered impression win a tie.",
      input: { input in
        guard let event = time(input["event"]?["at"]) else { return input }
        return impressions(input) { list in
          list.enumerated().map { offset, impression in
            guard let at = time(impression["at"]), list.contains(where: { $0 != impression && time($0["at"]) == at })
            else { return impression }
            return impression.setting("at", .integer(min(event, at + (list.count - offset))))
          }
        }
      }),
  ]
}
