import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias In = PostbackSuite.Input
private typealias Ad = PostbackSuite.Ad
private typealias Out = PostbackSuite.Output
private typealias Entry = PostbackSuite.Postback
private typealias Update = ValuesSuite.Update
private typealias ConversionType = PostbackSuite.ConversionType

extension MutantCatalog {
  static func postbacks(_ output: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    output.updating(Out.postbacks) { $0.mapElements(transform) }
  }

  /// The fine value of the last update in window 0, from the input.
  static func lastWindow0Fine(_ input: JSONValue) -> Int? {
    guard let t0 = time(input[In.t0]) else { return nil }
    let ends = windowEnds(of: input)[0]
    return input[In.updates]?.arrayValue?.last(where: { (time($0[Update.at]) ?? .max) - t0 < ends })?[Update.fine]?
      .exactInteger
  }

  static let postback: [Mutant] = [
    Mutant(
      "development-postbacks-at-given-tier", .postback,
      "Writes a development postback at the tiers given instead of the highest tier (PB-22's alternative).",
      variant: .developmentPostbacksAtGivenTier),
    Mutant(
      "developer-mode-first-delay-only", .postback,
      "Shortens only the first postback's delay in Developer Mode; the second and third are sent 24-144 h after they are final (PB-23's alternative).",
      variant: .developerModeShortensFirstDelayOnly),
    Mutant(
      "tier1-first-carries-fine", .postback, "A tier-1 first postback carries the fine value.",
      output: { output, input in
        postbacks(output) { entry in
          guard entry[Entry.sequenceIndex] == 0, entry[Entry.tier] == 1, entry[Entry.postback]?["did-win"] != false,
            let fine = lastWindow0Fine(input)
          else { return entry }
          let key: Entry = entry[Entry.outer]?.isNull == false ? .outer : .postback
          return entry.updating(key) {
            $0.setting("conversion-value", .integer(fine)).setting("coarse-conversion-value", nil)
          }
        }
      }),
    Mutant(
      "loser-carries-value", .postback, "A losing postback carries the conversion value.",
      output: { output, input in
        postbacks(output) { entry in
          guard entry[Entry.postback]?["did-win"] == false, let fine = lastWindow0Fine(input) else { return entry }
          let key: Entry = entry[Entry.outer]?.isNull == false ? .outer : .postback
          return entry.updating(key) { $0.setting("conversion-value", .integer(fine)) }
        }
      }),
    Mutant(
      "country-code-on-loser", .postback,
      "Writes `country-code` in a losing postback too (PB-3, PB-18: only postback 0 of the winner carries it).",
      output: { output, input in
        guard let country = input[In.ad]?[Ad.countryCode], !country.isNull else { return output }
        return postbacks(output) { entry in
          guard entry[Entry.postback]?["did-win"] == false else { return entry }
          let key: Entry = entry[Entry.outer]?.isNull == false ? .outer : .postback
          return entry.updating(key) { $0.setting("country-code", country) }
        }
      }),
    Mutant(
      "later-postbacks-at-tier-0", .postback, "Sends the second and third postbacks at tier 0.",
      input: { input in input.updating(In.tiers) { $0.mapIndexed { index, tier in index > 0 && tier == 0 ? 1 : tier } }
      }
    ),
    Mutant(
      "leftmost-digits", .postback, "Cuts the source identifier from the left.",
      output: { output, input in
        guard let identifier = input[In.ad]?[Ad.sourceIdentifier]?.exactInteger else { return output }
        return postbacks(output) { entry in
          entry.updating(Entry.postback) { postback in
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
        guard let identifier = input[In.ad]?[Ad.sourceIdentifier]?.exactInteger, identifier < 1000 else {
          return output
        }
        return postbacks(output) { entry in
          entry.updating(Entry.postback) { postback in
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
          guard entry[Entry.sequenceIndex] != 0, let final = entry[Entry.finalizedAt]?.exactInteger,
            (entry[Entry.latestSend]?.exactInteger ?? 0) - final > 600_000
          else { return entry }
          return entry.setting(Entry.latestSend, .integer(final + 48 * hour))
        }
      }),
    Mutant(
      "timed-from-window-end-despite-lock", .postback, "Times a locked postback from its window's end.",
      input: { input in input.updating(In.updates) { $0.mapElements { $0.setting(Update.lock, false) } } }),
    Mutant(
      "marketplace-only-tier-3", .postback, "Includes marketplace-identifier only at tier 3.",
      output: { output, _ in
        postbacks(output) { entry in
          guard let tier = entry[Entry.tier]?.exactInteger, tier < 3 else { return entry }
          return entry.updating(Entry.postback) { $0.setting("marketplace-identifier", nil) }
        }
      }),
    Mutant(
      "unhyphenated-reengagement", .postback, "Writes conversion-type `reengagement`.",
      output: { output, _ in
        postbacks(output) { entry in
          entry.updating(Entry.postback) { postback in
            postback["conversion-type"] == "re-engagement"
              ? postback.setting("conversion-type", "reengagement") : postback
          }
        }
      }),
    Mutant(
      "fine-and-coarse", .postback, "Sends the coarse value next to the fine one.",
      output: { output, input in
        let coarse = input[In.updates]?.arrayValue?.last(where: { !($0[Update.coarse]?.isNull ?? true) })?[
          Update.coarse]
        return postbacks(output) { entry in
          guard let coarse else { return entry }
          let key: Entry = entry[Entry.outer]?.isNull == false ? .outer : .postback
          guard entry[key]?["conversion-value"] != nil else { return entry }
          return entry.updating(key) { $0.setting("coarse-conversion-value", coarse) }
        }
      }),
    Mutant(
      "source-app-below-tier-3", .postback, "Includes the source app at tier 2.",
      output: { output, input in
        guard let app = input[In.ad]?[Ad.sourceAppID]?.exactInteger else { return output }
        return postbacks(output) { entry in
          guard entry[Entry.tier] == 2, entry[Entry.sequenceIndex] == 0, entry[Entry.postback]?["did-win"] != false,
            entry[Entry.outer]?.isNull != false
          else { return entry }
          return entry.updating(Entry.postback) { $0.setting("source-app-id", .integer(app)) }
        }
      }),
    Mutant(
      "valueless-later-postbacks", .postback, "Sends a postback for every window, with or without an update.",
      input: { input in
        guard let t0 = time(input[In.t0]), input[In.profile] != .string(WindowProfile.aakDeveloper.rawValue),
          var updates = input[In.updates]?.arrayValue, !updates.isEmpty
        else { return input }
        updates.append(Update.object([.at: .integer(t0 + 839 * hour), .fine: 0, .coarse: nil, .lock: false]))
        return input.setting(In.updates, .array(updates))
      }),
    Mutant(
      "reengagement-loser-postback", .postback,
      "Gives the losing networks of a re-engagement a postback, as for a download.",
      output: { output, input in
        guard input[In.didWin] == false, let type = input[In.conversionType]?.stringValue,
          PostbackScenario.ConversionType(spelling: type) == .reengagement,
          case .output(let download) = Suite.postback.evaluate(
            input.setting(In.conversionType, .string(ConversionType.download.rawValue)))
        else { return output }
        return postbacks(download) { entry in
          entry.updating(Entry.postback) { $0.setting("conversion-type", "re-engagement") }
        }
      }),
    Mutant(
      "view-reengagement-accepted", .postback, "Accepts a re-engagement from a view, as if from a click.",
      input: { input in
        guard input[In.interaction] == .string(PostbackScenario.Interaction.view.rawValue),
          let type = input[In.conversionType]?.stringValue,
          PostbackScenario.ConversionType(spelling: type) == .reengagement
        else { return input }
        return input.setting(In.interaction, .string(PostbackScenario.Interaction.click.rawValue))
      }),
    Mutant(
      "short-tiers-padded", .postback, "Fills a tiers list shorter than three with its last tier.",
      input: { input in
        guard var tiers = input[In.tiers]?.arrayValue, let last = tiers.last, tiers.count < 3 else { return input }
        while tiers.count < 3 { tiers.append(last) }
        return input.setting(In.tiers, .array(tiers))
      }),
    Mutant(
      "tiers-clamped", .postback, "Clamps a tier outside 0 to 3 into that range instead of rejecting it.",
      input: { input in input.updating(In.tiers) { $0.mapElements { clamped($0, 0...3) } } }),
    Mutant(
      "skadnetwork-reengagement-as-redownload", .postback,
      "Maps a SKAdNetwork re-engagement onto `redownload` instead of rejecting it.",
      input: { input in
        guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue),
          let type = input[In.conversionType]?.stringValue,
          PostbackScenario.ConversionType(spelling: type) == .reengagement
        else { return input }
        return input.setting(In.conversionType, .string(ConversionType.redownload.rawValue))
      }),
    Mutant(
      "app-and-domain-accepted", .postback, "Accepts a source app and a source domain together, keeping the app.",
      input: { input in
        guard input[In.ad]?[Ad.sourceAppID]?.exactInteger != nil, input[In.ad]?[Ad.sourceDomain]?.stringValue != nil
        else { return input }
        return input.updating(In.ad) { $0.setting(Ad.sourceDomain, .null) }
      }),
    Mutant(
      "source-identifier-last-four-digits", .postback,
      "Keeps the last four digits of a source identifier above 9999 instead of rejecting it.",
      input: { input in
        input.updating(In.ad) { ad in
          guard let identifier = ad[Ad.sourceIdentifier]?.exactInteger, identifier > 9999 else { return ad }
          return ad.setting(Ad.sourceIdentifier, .integer(identifier % 10_000))
        }
      }),
    Mutant(
      "developer-mode-ignored", .postback,
      "Ignores the `aak-developer` profile: production windows and delays for every ad.",
      input: { input in
        input[In.profile] == .string(WindowProfile.aakDeveloper.rawValue)
          ? input.setting(In.profile, .string(WindowProfile.production.rawValue)) : input
      }),
    Mutant(
      "developer-mode-for-production-ads", .postback,
      "Applies Developer Mode's windows and delays to a production ad (source app not 0), as the kit did before PB-17.",
      output: { output, input in
        guard input[In.profile] == .string(WindowProfile.aakDeveloper.rawValue), let ad = input[In.ad],
          ad[Ad.sourceAppID]?.exactInteger != 0, ad[Ad.sourceDomain]?.stringValue == nil,
          case .output(let development) = Suite.postback.evaluate(
            input.updating(In.ad) { $0.setting(Ad.sourceAppID, 0) })
        else { return output }
        let app = ad[Ad.sourceAppID] ?? .null
        return postbacks(development) { entry in
          entry.updating(Entry.postback) { postback in
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
        guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue),
          input[In.adVersion] == "2.1", input[In.interaction] == .string(PostbackScenario.Interaction.view.rawValue)
        else { return input }
        return input.setting(In.interaction, .string(PostbackScenario.Interaction.click.rawValue))
      }),
    Mutant(
      "skadnetwork-no-country-code", .postback,
      "Never writes `country-code` in a SKAdNetwork postback (PB-18's alternative).",
      output: { output, input in
        guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue) else { return output }
        return postbacks(output) { entry in entry.updating(Entry.postback) { $0.setting("country-code", nil) } }
      }),
    Mutant(
      "development-postback-zeroed", .postback,
      "Writes `conversion-value` 0 in the postbacks of a SKAdNetwork development ad (source app 0), as Apple's StoreKit test postbacks (PB-19's alternative).",
      output: { output, input in
        guard input[In.framework] == .string(PostbackScenario.Framework.skadnetwork.rawValue),
          input[In.ad]?[Ad.sourceAppID]?.exactInteger == 0
        else {
          return output
        }
        return postbacks(output) { entry in
          entry.updating(Entry.postback) { postback in
            postback["conversion-value"] == nil ? postback : postback.setting("conversion-value", 0)
          }
        }
      }),
    Mutant(
      "invalid-update-skipped", .postback,
      "Skips an update whose fine value is out of range instead of failing the scenario.",
      input: { input in
        input.updating(In.updates) { updates in
          .array(
            (updates.arrayValue ?? []).filter { update in
              update[Update.fine]?.exactInteger.map { (0...63).contains($0) } ?? true
            })
        }
      }),
  ]
}

extension PostbackSuite: MutantSuite {
  /// The postback suite's mutants, SKAdNetwork 2.x-3.0, closed conversions and the country
  /// code's shape included (MutantCatalog+Postback.swift, +LegacyPostback, +ClosedConversion,
  /// +CountryCode).
  public static var mutants: [Mutant] {
    MutantCatalog.postback + MutantCatalog.legacyPostback + MutantCatalog.closedConversion
      + MutantCatalog.countryCode
  }
}
