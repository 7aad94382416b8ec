import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

extension ValuesSuite: FuzzSuite {
  /// Random inputs from ``ScenarioGenerator/values(_:)``; a finding is filed under TML-1.
  public static var generator: FuzzGenerator? { FuzzGenerator(requirement: "TML-1", ScenarioGenerator.values) }
}

extension ScenarioGenerator {
  static func values(_ random: inout SeededRandom) -> JSONValue {
    func op(_ operation: ValuesSuite.Operation) -> JSONValue { .string(operation.rawValue) }
    switch random.int(0...5) {
    case 0: return ValuesSuite.Input.object([.op: op(.fine), .value: fine(&random)])
    case 1: return ValuesSuite.Input.object([.op: op(.coarse), .value: coarse(&random)])
    case 2:
      return ValuesSuite.Input.object([
        .op: op(.coarseCode), .value: random.pick([0, 1, 2, 3, -1, .double(1.0), .double(1.5), "2"]),
      ])
    case 3: return ValuesSuite.Input.object([.op: op(.synthesizeFine), .coarse: coarse(&random)])
    case 4: return ValuesSuite.Input.object([.op: op(.lock), .value: random.pick([true, false, "false", 1, .null])])
    default:
      let developer = random.chance(0.2)
      let start = t0(&random)
      return ValuesSuite.Input.object([
        .op: op(.timeline),
        .profile: .string(developer ? WindowProfile.aakDeveloper.rawValue : WindowProfile.production.rawValue),
        .t0: .integer(start),
        .updates: .array(updates(&random, t0: start, developer: developer, count: 0...6)),
      ])
    }
  }
}
