import Foundation
import SKANConformance
import WindowKit

/// The glue between the kit's `window` cases and WindowKit: reads a case's input into
/// WindowKit's types, calls it, and checks its answer in the shape of Spec/window.md.
enum WindowAdapter {
  /// Runs `conformanceCase` through WindowKit and checks the answer.
  /// - Throws: `ConformanceError` naming the case when WindowKit's answer does not conform.
  static func check(_ conformanceCase: ConformanceCase) throws {
    guard let input = try? conformanceCase.decodeInput(Input.self), let profile = input.profile else {
      return try conformanceCase.check(errorCode: "invalid-input")
    }
    let placement: ConversionWindows.Placement
    do {
      placement = try ConversionWindows.place(input.at.milliseconds, t0: input.t0.milliseconds, profile: profile)
    } catch {
      // The one error WindowKit throws, ``ConversionWindows/PlacementError/timeBeforeT0``.
      return try conformanceCase.check(errorCode: "time-before-t0")
    }
    switch placement {
    case .window(let window):
      try conformanceCase.check(
        output: Output(window: window.index, windowStart: window.start, windowEnd: window.end, measurementOver: false))
    case .measurementOver:
      try conformanceCase.check(output: Output(window: nil, windowStart: nil, windowEnd: nil, measurementOver: true))
    }
  }

  /// The suite's input: `profile` (absent or `null`: production), `t0`, `at`.
  struct Input: Decodable {
    /// The profile; `nil` when the input names one WindowKit does not know.
    var profile: ConversionWindows.Profile?
    var t0: Time
    var at: Time

    enum CodingKeys: String, CodingKey { case profile, t0, at }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let name = try container.decodeIfPresent(String.self, forKey: .profile)
      profile = name.map { ConversionWindows.Profile(rawValue: $0) } ?? .production
      t0 = try container.decode(Time.self, forKey: .t0)
      at = try container.decode(Time.self, forKey: .at)
    }
  }

  /// The suite's output: all four members, always (`null` when the period is over).
  struct Output: Encodable {
    @Nullable var window: Int?
    @Nullable var windowStart: Int64?
    @Nullable var windowEnd: Int64?
    var measurementOver: Bool

    enum CodingKeys: String, CodingKey {
      case window
      case windowStart = "window_start"
      case windowEnd = "window_end"
      case measurementOver = "measurement_over"
    }
  }
}
