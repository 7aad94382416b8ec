public import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors

/// A vector before the model has answered it: what a person writes.
public struct Scenario: Sendable, Hashable {
  /// `<suite>/<slug>`.
  public var id: String
  /// The suite.
  public var suite: Suite
  /// What the case checks and which plausible mistake fails it.
  public var description: String
  /// The requirement IDs it tests.
  public var requirements: [String]
  /// Tags.
  public var tags: [String]
  /// The input.
  public var input: JSONValue
}

/// Collects the scenarios of one suite.
struct ScenarioBuilder {
  let suite: Suite
  var scenarios: [Scenario] = []

  init(_ suite: Suite) { self.suite = suite }

  /// Adds a scenario with the ID `<suite>/<slug>`.
  mutating func add(
    _ slug: String, _ description: String, _ requirements: [String], tags: [String] = [],
    _ input: JSONValue
  ) {
    scenarios.append(
      Scenario(
        id: "\(suite.rawValue)/\(slug)", suite: suite, description: description,
        requirements: requirements, tags: tags, input: input))
  }
}

/// Times used across scenarios.
enum ScenarioTime {
  /// A T0 that is not aligned to a day, an hour or a second: 2023-11-14T22:13:20.123Z.
  static let t0 = 1_700_000_000_123
  static let second = 1000
  static let minute = 60 * second
  static let hour = 60 * minute

  /// T0 plus a duration.
  static func at(hours: Int = 0, minutes: Int = 0, seconds: Int = 0, ms: Int = 0) -> Int {
    t0 + hours * hour + minutes * minute + seconds * second + ms
  }
}
