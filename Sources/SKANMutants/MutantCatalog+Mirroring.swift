import SKANJSON
import SKANModel
import SKANSuites

private typealias In = AttributionSuite.Input
private typealias Op = AttributionSuite.Operation
private typealias ConversionIn = AttributionSuite.Conversion
private typealias Update = AttributionSuite.RoutedUpdate
private typealias Framework = PostbackScenario.Framework

extension MutantCatalog {
  /// Whether a `route` element names SKAdNetwork in `member` (`framework` or `api`).
  fileprivate static func isSKAdNetwork(_ element: JSONValue, _ member: some MemberName) -> Bool {
    element[member.rawValue] == .string(Framework.skadnetwork.rawValue)
  }

  /// A `route` input with each update transformed (other inputs unchanged).
  fileprivate static func routedUpdates(_ input: JSONValue, _ transform: (JSONValue) -> JSONValue) -> JSONValue {
    guard input[In.op] == .string(Op.route.rawValue), let list = input[In.updates]?.arrayValue else { return input }
    return input.setting(In.updates, .array(list.map(transform)))
  }

  /// An update made an AdAttributionKit call reaching the given conversion types.
  fileprivate static func asAdAttributionKitCall(_ update: JSONValue, types: [String]?) -> JSONValue {
    update.setting(Update.api, .string(Framework.adattributionkit.rawValue))
      .setting(Update.conversionTypes, types.map { .array($0.map(JSONValue.string)) } ?? .null)
  }

  /// Whether the `route` input has a SKAdNetwork-attributed conversion.
  fileprivate static func hasSKAdNetworkConversion(_ input: JSONValue) -> Bool {
    (input[In.conversions]?.arrayValue ?? []).contains { isSKAdNetwork($0, ConversionIn.framework) }
  }

  /// Mutants of SKAdNetwork calls mirrored into AdAttributionKit (AT-21, AT-22).
  static let attributionMirroring: [Mutant] = [
    Mutant(
      "skadnetwork-calls-ignored", .attribution,
      "Routes AdAttributionKit calls only: a SKAdNetwork call reaches no conversion (AT-21).",
      input: { input in
        routedUpdates(input) { update in
          isSKAdNetwork(update, Update.api) ? asAdAttributionKitCall(update, types: []) : update
        }
      }),
    Mutant(
      "conversion-framework-ignored", .attribution,
      "Treats every conversion as AdAttributionKit's: an AdAttributionKit call reaches a SKAdNetwork-attributed install (a mirror both ways) (AT-21).",
      input: { input in
        guard let list = input[In.conversions]?.arrayValue else { return input }
        return input.setting(In.conversions, .array(list.map { $0.setting(ConversionIn.framework, nil) }))
      }),
    Mutant(
      "mirror-keeps-coarse", .attribution,
      "Mirrors a SKAdNetwork call with its coarse value, as updateConversionValue(_:coarseConversionValue:lockPostback:) would (AT-22).",
      input: { input in
        guard !hasSKAdNetworkConversion(input) else { return input }
        return routedUpdates(input) { update in
          isSKAdNetwork(update, Update.api) ? asAdAttributionKitCall(update, types: nil) : update
        }
      }),
    Mutant(
      "mirror-install-only", .attribution,
      "Mirrors a SKAdNetwork call into the AdAttributionKit install only, never into a re-engagement (AT-21, AT-15).",
      input: { input in
        routedUpdates(input) { update in
          guard isSKAdNetwork(update, Update.api), update[Update.coarse] == nil || update[Update.coarse] == .null else {
            return update
          }
          return asAdAttributionKitCall(update, types: [AttributionEvent.Kind.install.rawValue])
        }
      }),
    Mutant(
      "mirror-lock-dropped", .attribution, "Drops lockWindow from a SKAdNetwork call (AT-21).",
      input: { input in
        routedUpdates(input) { update in isSKAdNetwork(update, Update.api) ? update.setting(Update.lock, false) : update
        }
      }),
    Mutant(
      "mirror-dropped-with-direct-calls", .attribution,
      "Ignores SKAdNetwork calls once the app also calls AdAttributionKit, instead of applying both in call order (AT-21).",
      input: { input in
        let updates = input[In.updates]?.arrayValue ?? []
        guard updates.contains(where: { !isSKAdNetwork($0, Update.api) }) else { return input }
        return routedUpdates(input) { update in
          isSKAdNetwork(update, Update.api) ? asAdAttributionKitCall(update, types: []) : update
        }
      }),
    Mutant(
      "skadnetwork-reengagement-accepted", .attribution,
      "Accepts a re-engagement attributed to SKAdNetwork, read as AdAttributionKit's (AT-21, IN-1).",
      input: { input in
        guard input[In.op] == .string(Op.route.rawValue), let list = input[In.conversions]?.arrayValue else {
          return input
        }
        return input.setting(
          In.conversions,
          .array(
            list.map { conversion in
              conversion[ConversionIn.kind] == .string(AttributionEvent.Kind.install.rawValue)
                ? conversion : conversion.setting(ConversionIn.framework, nil)
            }))
      }),
    Mutant(
      "skadnetwork-call-types-accepted", .attribution,
      "Accepts conversion_types and a tag on a SKAdNetwork call, and ignores them (AT-21, IN-1).",
      input: { input in
        routedUpdates(input) { update in
          isSKAdNetwork(update, Update.api)
            ? update.setting(Update.conversionTypes, nil).setting(Update.conversionTag, nil) : update
        }
      }),
  ]
}
