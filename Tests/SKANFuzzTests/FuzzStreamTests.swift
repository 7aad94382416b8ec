import SKANFuzz
import SKANJSON
import SKANModel
import Testing

/// Pins the generator's input stream: the inputs `skan-conform fuzz --seed` makes must not
/// change when the generator is rewritten, or a recorded seed would no longer reproduce its
/// finding.
///
/// For each fuzzed suite and seeds 1 to 3, the first 2,000 inputs of a fresh generator are
/// written as canonical compact JSON, one per line, and hashed with 64-bit FNV-1a. The hashes
/// below were recorded from a generator run, not computed by this test, and recorded again
/// only for a deliberate change of the generator: re-engagement limits (AT-19) for
/// attribution, closed conversions (PB-20) for postback. The receiving generator draws its
/// bodies from the official receiving vectors, so its stream also changes when those
/// vectors' bodies do (last: AdAttributionKit forgeries and a hyphenated test-key re-engagement).
@Suite("Fuzz input stream")
struct FuzzStreamTests {
  static let count = 2000

  /// `suite/seed` to the FNV-1a hash of its first 2,000 inputs.
  static let recorded: [String: String] = [
    "window/1": "47bdc0a6689e112b", "window/2": "d22bf77e6c2faa24", "window/3": "8b6b05baccf8b581",
    "values/1": "417d630544e94adf", "values/2": "ea3f0990a1671167", "values/3": "22903984e4b4b774",
    "lifecycle/1": "1f869454fec383a7", "lifecycle/2": "4e8b21b5fb940c59", "lifecycle/3": "0321c16727117ae7",
    "metadata/1": "3882126a9a225ce4", "metadata/2": "7fc81adcc8adb2a2", "metadata/3": "fba75deb6e58adf4",
    "postback/1": "e6144058bdcb6b77", "postback/2": "5ea552a426fb57fd", "postback/3": "c0101dcaabd60f4b",
    "attribution/1": "576ac6d4b72e75ff", "attribution/2": "c19ce1bbe3e6778b", "attribution/3": "aa8f4a8b4c3b2a7c",
    "receiving/1": "5726088c7eb45803", "receiving/2": "4749ac0b8f1a507a", "receiving/3": "1337877c2d15a987",
  ]

  @Test("the first 2,000 inputs per suite and seed are unchanged", arguments: ScenarioGenerator.suites)
  func stream(suite: Suite) {
    for seed: UInt64 in 1...3 {
      var random = SeededRandom(seed: seed)
      var hash = FNV1a()
      for _ in 0..<Self.count {
        hash.add(CanonicalJSON.compactBytes(ScenarioGenerator.input(for: suite, random: &random), terminator: 0x0A))
      }
      let key = "\(suite.rawValue)/\(seed)"
      #expect(Self.recorded[key] == hash.hex, "\(key): the stream's hash is now \(hash.hex)")
    }
  }

  @Test("every fuzzed suite has recorded hashes")
  func complete() {
    let expected = Set(ScenarioGenerator.suites.flatMap { suite in (1...3).map { "\(suite.rawValue)/\($0)" } })
    #expect(Set(Self.recorded.keys) == expected)
  }
}

/// 64-bit FNV-1a: stable on every platform, and enough to notice a changed stream.
struct FNV1a {
  private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

  mutating func add(_ bytes: [UInt8]) {
    for byte in bytes {
      value ^= UInt64(byte)
      value &*= 0x0000_0100_0000_01B3
    }
  }

  var hex: String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
