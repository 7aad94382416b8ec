public import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

/// Random inputs for each suite, biased toward the places where implementations differ:
/// window edges, locks, tiers, boundary values.
public enum ScenarioGenerator {
  static let hour = Milliseconds.hour
  /// T0 and the model's window ends (WIN-1, WIN-5): the generator biases times toward them.
  static let edges = [0] + WindowProfile.production.windowEnds
  static let developerEdges = [0] + WindowProfile.aakDeveloper.windowEnds

  /// A random input for `suite`; an empty object for a suite without a generator.
  public static func input(for suite: Suite, random: inout SeededRandom) -> JSONValue {
    FuzzSuites.generator(suite)?.randomInput(&random) ?? [:]
  }

  /// The suites the generator covers: those with a generator, in registry order.
  public static var suites: [Suite] { FuzzSuites.fuzzed.map { $0.id } }

  // MARK: - Building blocks

  static func offset(_ random: inout SeededRandom, developer: Bool = false) -> Int {
    let edge = random.pick(developer ? developerEdges : edges)
    switch random.int(0...4) {
    case 0: return edge
    case 1: return max(0, edge + random.pick([-1, 1, -1000, 1000, -999]))
    case 2: return max(0, edge - random.int(0...(developer ? 60_000 : 3 * hour)))
    default: return random.int(0...(developer ? 600_000 : 900 * hour))
    }
  }

  static func t0(_ random: inout SeededRandom) -> Int {
    random.pick([0, 1_700_000_000_123, random.int(1...2_000_000_000_000)])
  }

  static func coarse(_ random: inout SeededRandom) -> JSONValue {
    random.chance(0.3)
      ? .null : .string(random.pick(["low", "medium", "high", "low", "medium", "high", "HIGH", " low"]))
  }

  static func fine(_ random: inout SeededRandom) -> JSONValue {
    random.chance(0.9) ? .integer(random.int(0...63)) : random.pick([64, -1, .double(12.5), "12", .double(20.0)])
  }

  static func updates(_ random: inout SeededRandom, t0: Int, developer: Bool, count: ClosedRange<Int>) -> [JSONValue] {
    let times = (0..<random.int(count)).map { _ in t0 + offset(&random, developer: developer) }.sorted()
    return times.map { time in
      ValuesSuite.Update.object([
        .at: .integer(time), .fine: fine(&random), .coarse: coarse(&random), .lock: .bool(random.chance(0.2)),
      ])
    }
  }
}
