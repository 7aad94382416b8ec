import SKANJSON
import SKANModel
import SKANVocabulary

/// The `window` suite's codec: `{"profile", "t0", "at"}` to the window `at` falls in.
extension WindowSuite: ReferenceSuite {
  public static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let profile = try reader.profile(Input.profile)
    let t0 = try reader.timestamp(Input.t0.rawValue)
    // Variants read T0 = 0 as missing, and a missing time as T0.
    if RuleVariant.zeroT0Missing.isActive, t0.milliseconds == 0 { throw reader.missing(Input.t0.rawValue) }
    let at =
      RuleVariant.missingTimeIsT0.isActive && reader.members[Input.at.rawValue] == nil
      ? t0 : try reader.timestamp(Input.at.rawValue)
    switch try profile.position(of: at, t0: t0) {
    case .window(let window, let start, let end):
      // A variant writes the bounds relative to T0.
      let origin = RuleVariant.windowBoundsRelativeToT0.isActive ? t0.milliseconds : 0
      return Output.object([
        .window: .integer(window.index),
        .windowStart: .integer(start.milliseconds - origin),
        .windowEnd: .integer(end.milliseconds - origin),
        .measurementOver: false,
      ])
    case .measurementOver:
      return Output.object([.window: nil, .windowStart: nil, .windowEnd: nil, .measurementOver: true])
    }
  }
}
