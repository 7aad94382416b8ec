import SKANJSON
import SKANModel
import SKANSuites

extension MutantCatalog {
  static func postbacks(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    output.updating("postbacks") { $0.mapElements(transform) }
  }

  /// The fine value of the last update in window 0, from the input.
  static func lastWindow0Fine(_ input: JSONValue) -> Int? {
    guard let t0 = time(input["t0"]) else { return nil }
    let ends = windowEnds(of: input)[0]
    return input["updates"]?.arrayValue?.last(where: { (time($0["at"]) ?? .max) - t0 < ends })?["fine"]?.exactInteger
  }

  static let postback: [Mutant] = [
    Mutant(
      "tier1-first-carries-fine", .postback, "A tier-1 first postback carries the fine value.",
      output: { output, input in
        postbacks(output) { entry in
          guard entry["sequence_index"] == 0, entry["tier"] == 1, entry["postback"]?["did-win"] != false,
            let fine = lastWindow0Fine(input)
          else { return entry }
          let key = entry["outer"]?.isNull == false ? "outer" : "postback"
          return entry.updating(key) {
            $0.setting("conversion-value", .integer(fine)).setting("coarse-conversion-value", nil)
          }
        }
      }),
    Mutant(
      "loser-carries-value", .postback, "A losing postback carries the conversion value.",
      output: { output, input in
        postbacks(output) { entry in
          guard entry["postback"]?["did-win"] == false, let fine = lastWindow0Fine(input) else { return entry }
          let key = entry["outer"]?.isNull == false ? "outer" : "postback"
          return entry.updating(key) { $0.setting("conversion-value", .integer(fine)) }
        }
      }),
    Mutant(
      "country-code-on-loser", .postback,
      "Writes `country-code` in a losing postback too (PB-3, PB-18: only postback 0 of the winner carries it).",
      output: { output, input in
        guard let country = input["ad"]?["country_code"], !country.isNull else { return output }
        return postbacks(output) { entry in
          guard entry["postback"]?["did-win"] == false else { return entry }
          let key = entry["outer"]?.isNull == false ? "outer" : "postback"
          return entry.updating(key) { $0.setting("country-code", country) }
        }
      }),
    Mutant(
      "later-postbacks-at-tier-0", .postback, "Sends the second and third postbacks at tier 0.",
      input: { input in input.updating("tiers") { $0.mapIndexed { index, tier in index > 0 && tier == 0 ? 1 : tier } } }
    ),
    Mutant(
      "leftmost-digits", .postback, "Cuts the source identifier from the left.",
      output: { output, input in
        guard let identifier = input["ad"]?["source_identifier"]?.exactInteger else { return output }
        return postbacks(output) { entry in
          entry.updating("postback") { postback in
            postback.updating("source-identifier") { value in
              guard let text = value.stringValue else { return value }
              let padded = String(repeating: "0", count: max(0, 4 - String(identifier).count)) + String(identifier)
              return .string(String(padded.prefix(text.count)))
            }
          }
        }
      }),
    Mutant(
      "no-zero-padding", .postback, "Does not zero-pad identifiers below 1000.",
      output: { output, input in
        guard let identifier = input["ad"]?["source_identifier"]?.exactInteger, identifier < 1000 else { return output }
        return postbacks(output) { entry in
          entry.updating("postback") { postback in
            postback.updating("source-identifier") { value in
              guard let text = value.stringValue else { return value }
              return .string(String(String(identifier).suffix(text.count)))
            }
          }
        }
      }),
    Mutant(
      "same-delay-for-all", .postback, "Uses the 24-48 h delay for every postback.",
      output: { output, _ in
        postbacks(output) { entry in
          guard entry["sequence_index"] != 0, let final = entry["finalized_at"]?.exactInteger,
            (entry["latest_send"]?.exactInteger ?? 0) - final > 600_000
          else { return entry }
          return entry.setting("latest_send", .integer(final + 48 * hour))
        }
      }),
    Mutant(
      "timed-from-window-end-despite-lock", .postback, "Times a locked postback from its window's end.",
      input: { input in input.updating("updates") { $0.mapElements { $0.setting("lock", false) } } }),
    Mutant(
      "marketplace-only-tier-3", .postback, "Includes marketplace-identifier only at tier 3.",
      output: { output, _ in
        postbacks(output) { entry in
          guard let tier = entry["tier"]?.exactInteger, tier < 3 else { return entry }
          return entry.updating("postback") { $0.setting("marketplace-identifier", nil) }
        }
      }),
    Mutant(
      "unhyphenated-reengagement", .postback, "Writes conversion-type `reengagement`.",
      output: { output, _ in
        postbacks(output) { entry in
          entry.updating("postback") { postback in
            postback["conversion-type"] == "re-engagement"
              ? postback.setting("conversion-type", "reengagement") : postback
          }
        }
      }),
    Mutant(
      "fine-and-coarse", .postback, "Sends the coarse value next to the fine one.",
      output: { output, input in
        let coarse = input["updates"]?.arrayValue?.last(where: { !($0["coarse"]?.isNull ?? true) })?["coarse"]
        return postbacks(output) { entry in
          guard let coarse else { return entry }
          let key = entry["outer"]?.isNull == false ? "outer" : "postback"
          guard entry[key]?["conversion-value"] != nil else { return entry }
          return entry.updating(key) { $0.setting("coarse-conversion-value", coarse) }
        }
      }),
    Mutant(
      "source-app-below-tier-3", .postback, "Includes the source app at tier 2.",
      output: { output, input in
        guard let app = input["ad"]?["source_app_id"]?.exactInteger else { return output }
        return postbacks(output) { entry in
          guard entry["tier"] == 2, entry["sequence_index"] == 0, entry["postback"]?["did-win"] != false,
            entry["outer"]?.isNull != false
          else { return entry }
          return entry.updating("postback") { $0.setting("source-app-id", .integer(app)) }
        }
      }),
    Mutant(
      "valueless-later-postbacks", .postback, "Sends a postback for every window, with or without an update.",
      input: { input in
        guard let t0 = time(input["t0"]), input["profile"] != "aak-developer",
          var updates = input["updates"]?.arrayValue, !updates.isEmpty
        else { return input }
        updates.append(["at": .integer(t0 + 839 * hour), "fine": 0, "coarse": nil, "lock": false])
        return input.setting("updates", .array(updates))
      }),
    Mutant(
      "reengagement-loser-postback", .postback,
      "Gives the losing networks of a re-engagement a postback, as for a download.",
      output: { output, input in
        guard input["did_win"] == false, let type = input["conversion_type"]?.stringValue,
          type == "re-engagement" || type == "reengagement",
          case .output(let download) = Suite.postback.evaluate(input.setting("conversion_type", "download"))
        else { return output }
        return postbacks(download) { entry in
          entry.updating("postback") { $0.setting("conversion-type", "re-engagement") }
        }
      }),
    Mutant(
      "view-reengagement-accepted", .postback, "Accepts a re-engagement from a view, as if from a click.",
      input: { input in
        guard input["interaction"] == "view", let type = input["conversion_type"]?.stringValue,
          type == "re-engagement" || type == "reengagement"
        else { return input }
        return input.setting("interaction", "click")
      }),
    Mutant(
      "short-tiers-padded", .postback, "Fills a tiers list shorter than three with its last tier.",
      input: { input in
        guard var tiers = input["tiers"]?.arrayValue, let last = tiers.last, tiers.count < 3 else { return input }
        while tiers.count < 3 { tiers.append(last) }
        return input.setting("tiers", .array(tiers))
      }),
    Mutant(
      "tiers-clamped", .postback, "Clamps a tier outside 0 to 3 into that range instead of rejecting it.",
      input: { input in input.updating("tiers") { $0.mapElements { clamped($0, 0...3) } } }),
    Mutant(
      "skadnetwork-reengagement-as-redownload", .postback,
      "Maps a SKAdNetwork re-engagement onto `redownload` instead of rejecting it.",
      input: { input in
        guard input["framework"] == "skadnetwork", let type = input["conversion_type"]?.stringValue,
          type == "re-engagement" || type == "reengagement"
        else { return input }
        return input.setting("conversion_type", "redownload")
      }),
    Mutant(
      "app-and-domain-accepted", .postback, "Accepts a source app and a source domain together, keeping the app.",
      input: { input in
        guard input["ad"]?["source_app_id"]?.exactInteger != nil, input["ad"]?["source_domain"]?.stringValue != nil
        else { return input }
        return input.updating("ad") { $0.setting("source_domain", .null) }
      }),
    Mutant(
      "source-identifier-last-four-digits", .postback,
      "Keeps the last four digits of a source identifier above 9999 instead of rejecting it.",
      input: { input in
        input.updating("ad") { ad in
          guard let identifier = ad["source_identifier"]?.exactInteger, identifier > 9999 else { return ad }
          return ad.setting("source_identifier", .integer(identifier % 10_000))
        }
      }),
    Mutant(
      "developer-mode-ignored", .postback,
      "Ignores the `aak-developer` profile: production windows and delays for every ad.",
      input: { input in input["profile"] == "aak-developer" ? input.setting("profile", "production") : input }),
    Mutant(
      "developer-mode-for-production-ads", .postback,
      "Applies Developer Mode's windows and delays to a production ad (source app not 0), as the kit did before PB-17.",
      output: { output, input in
        guard input["profile"] == "aak-developer", let ad = input["ad"],
          ad["source_app_id"]?.exactInteger != 0, ad["source_domain"]?.stringValue == nil,
          case .output(let development) = Suite.postback.evaluate(
            input.updating("ad") { $0.setting("source_app_id", 0) })
        else { return output }
        let app = ad["source_app_id"] ?? .null
        return postbacks(development) { entry in
          entry.updating("postback") { postback in
            var written = postback
            for key in ["source-app-id", "publisher-item-identifier"] where postback[key] != nil {
              written = app.isNull ? written.setting(key, nil) : written.setting(key, app)
            }
            return written
          }
        }
      }),
    Mutant(
      "view-signed-2-1-accepted", .postback,
      "Accepts a view-through ad signed 2.1 and writes its 2.1 postback instead of rejecting it.",
      input: { input in
        guard input["framework"] == "skadnetwork", input["ad_version"] == "2.1", input["interaction"] == "view"
        else { return input }
        return input.setting("interaction", "click")
      }),
    Mutant(
      "skadnetwork-no-country-code", .postback,
      "Never writes `country-code` in a SKAdNetwork postback (PB-18's alternative).",
      output: { output, input in
        guard input["framework"] == "skadnetwork" else { return output }
        return postbacks(output) { entry in entry.updating("postback") { $0.setting("country-code", nil) } }
      }),
    Mutant(
      "development-postback-zeroed", .postback,
      "Writes `conversion-value` 0 in the postbacks of a SKAdNetwork development ad (source app 0), as Apple's StoreKit test postbacks (PB-19's alternative).",
      output: { output, input in
        guard input["framework"] == "skadnetwork", input["ad"]?["source_app_id"]?.exactInteger == 0 else {
          return output
        }
        return postbacks(output) { entry in
          entry.updating("postback") { postback in
            postback["conversion-value"] == nil ? postback : postback.setting("conversion-value", 0)
          }
        }
      }),
    Mutant(
      "invalid-update-skipped", .postback,
      "Skips an update whose fine value is out of range instead of failing the scenario.",
      input: { input in
        input.updating("updates") { updates in
          .array(
            (updates.arrayValue ?? []).filter { update in
              update["fine"]?.exactInteger.map { (0...63).contains($0) } ?? true
            })
        }
      }),
  ]
}
