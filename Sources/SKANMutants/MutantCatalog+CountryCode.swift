import SKANJSON
import SKANModel
import SKANSuites

private typealias In = PostbackSuite.Input
private typealias Ad = PostbackSuite.Ad
private typealias Out = PostbackSuite.Output
private typealias Entry = PostbackSuite.Postback

extension MutantCatalog {
  /// Mutants of the country code's shape (PB-21).
  static let countryCode: [Mutant] = [
    Mutant(
      "country-code-unchecked", .postback,
      "Passes any `country_code` string into the postback, `us` and `US-CA` included (PB-21).",
      error: { code, input in
        guard code == "invalid-input", let country = input[In.ad]?[Ad.countryCode]?.stringValue,
          !PostbackPlanner.isCountryCode(country)
        else { return nil }
        // The answer for a valid code, with the given one written where the postback has it.
        let valid = input.updating(In.ad) { $0.setting(Ad.countryCode, "US") }
        guard case .output(let output) = SuiteID.postback.evaluate(valid) else { return nil }
        return .output(
          output.updating(Out.postbacks) { list in
            .array(
              (list.arrayValue ?? []).map { entry in
                var result = entry
                for key in [Entry.postback, Entry.outer] where entry[key]?["country-code"] != nil {
                  result = result.updating(key) { $0.setting("country-code", .string(country)) }
                }
                return result
              })
          })
      })
  ]
}
