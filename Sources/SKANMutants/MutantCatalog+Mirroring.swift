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

  /// A `route` input with each SKAdNetwork call made an AdAttributionKit call reaching the
  /// given conversion types (a call with a coarse value only when `evenWithCoarse`).
  fileprivate static func asAdAttributionKitCalls(_ input: JSONValue, types: [String]?, evenWithCoarse: Bool)
    -> JSONValue
  {
    guard input[In.op] == .string(Op.route.rawValue), let list = input[In.updates]?.arrayValue else { return input }
    return input.setting(
      In.updates,
      .array(
        list.map { update in
          guard isSKAdNetwork(update, Update.api),
            evenWithCoarse || update[Update.coarse] == nil || update[Update.coarse] == .null
          else { return update }
          return update.setting(Update.api, .string(Framework.adattributionkit.rawValue))
            .setting(Update.conversionTypes, types.map { .array($0.map(JSONValue.string)) } ?? .null)
        }))
  }

  /// Mutants of SKAdNetwork calls mirrored into AdAttributionKit (AT-21, AT-22): most are the
  /// model under a ``RuleVariant``; two make a SKAdNetwork call an AdAttributionKit one.
  static let attributionMirroring: [Mutant] = [
    Mutant(
      "skadnetwork-calls-ignored", .attribution,
      "Routes AdAttributionKit calls only: a SKAdNetwork call reaches no conversion (AT-21).",
      variant: .skadnetworkCallsIgnored),
    Mutant(
      "conversion-framework-ignored", .attribution,
      "Treats every conversion as AdAttributionKit's: an AdAttributionKit call reaches a SKAdNetwork-attributed install (a mirror both ways) (AT-21).",
      variant: .conversionFrameworkIgnored),
    Mutant(
      "mirror-keeps-coarse", .attribution,
      "Mirrors a SKAdNetwork call with its coarse value, as updateConversionValue(_:coarseConversionValue:lockPostback:) would (AT-22).",
      input: { input in
        let conversions = input[In.conversions]?.arrayValue ?? []
        guard !conversions.contains(where: { isSKAdNetwork($0, ConversionIn.framework) }) else { return input }
        return asAdAttributionKitCalls(input, types: nil, evenWithCoarse: true)
      }),
    Mutant(
      "mirror-install-only", .attribution,
      "Mirrors a SKAdNetwork call into the AdAttributionKit install only, never into a re-engagement (AT-21, AT-15).",
      input: { input in
        asAdAttributionKitCalls(input, types: [AttributionEvent.Kind.install.rawValue], evenWithCoarse: false)
      }),
    Mutant(
      "mirror-lock-dropped", .attribution, "Drops lockWindow from a SKAdNetwork call (AT-21).",
      variant: .mirrorLockDropped),
    Mutant(
      "mirror-dropped-with-direct-calls", .attribution,
      "Ignores SKAdNetwork calls once the app also calls AdAttributionKit, instead of applying both in call order (AT-21).",
      variant: .mirrorDroppedWithDirectCalls),
    Mutant(
      "skadnetwork-reengagement-accepted", .attribution,
      "Accepts a re-engagement attributed to SKAdNetwork, read as AdAttributionKit's (AT-21, IN-1).",
      variant: .skadnetworkReengagementAccepted),
    Mutant(
      "skadnetwork-call-types-accepted", .attribution,
      "Accepts conversion_types and a tag on a SKAdNetwork call, and ignores them (AT-21, IN-1).",
      variant: .skadnetworkCallTypesIgnored),
  ]
}
