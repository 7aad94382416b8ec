import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import SKANVocabulary
import Testing

@testable import SKANMutants

private typealias Input = ReceivingSuite.Input
private typealias Receiver = ReceivingSuite.Receiver
private typealias Arrival = ReceivingSuite.Arrival
private typealias Output = ReceivingSuite.Output
private typealias Answer = ReceivingSuite.Answer
private typealias Totals = ReceivingSuite.Totals

/// The receiving suite's mutants on small batches of Apple's published postbacks
/// (Tests/Fixtures/apple-samples.json): each differs from the reference exactly where its bug
/// shows, and the replay the mutants are built on gives the reference's own answer when no step
/// is changed.
@Suite("Receiving mutants")
struct ReceivingMutantTests {
  /// Where a mutant's answer must differ from the reference's.
  enum Place: CustomStringConvertible {
    /// One member of one arrival's answer.
    case arrival(Int, ReceivingSuite.Answer)
    /// `totals.rows`.
    case rows
    /// The result as a whole: one of them is an error.
    case result

    var description: String {
      switch self {
      case .arrival(let index, let member): return "arrivals[\(index)].\(member.rawValue)"
      case .rows: return "totals.rows"
      case .result: return "the result"
      }
    }
  }

  static let network = "/postbacks"
  static let skadnetworkCopy = PostbackReceiver.skadnetworkCopyPath
  static let adAttributionKitCopy = PostbackReceiver.adAttributionKitCopyPath
  static let start = 1_700_259_200_123
  static let hour = 3_600_000
  static let day = 24 * hour

  /// Apple's sample postbacks by their fixture ID.
  static let samples: [String: JSONValue] = {
    guard let data = FileManager.default.contents(atPath: RepositoryPaths.appleSamples),
      let text = String(data: data, encoding: .utf8), let file = try? JSONParser.parse(text)
    else { return [:] }
    var byID: [String: JSONValue] = [:]
    for sample in file["samples"]?.arrayValue ?? [] {
      if let id = sample["id"]?.stringValue, let postback = sample["postback"], !postback.isNull { byID[id] = postback }
    }
    return byID
  }()

  static func sample(_ id: String) -> JSONValue { samples[id] ?? .null }
  /// Apple's 4.0 web-ad postback, tier high (`…1e30`).
  static var a: JSONValue { sample("apple_doc_v4_0_web_tier_high_fine") }
  /// Apple's 4.0 web-ad postback, tier low (`…1e31`), same network and app as A.
  static var b: JSONValue { sample("apple_doc_v4_0_web_tier_low_coarse") }
  /// Apple's 3.0 winner (`…1e28`, redownload).
  static var w3: JSONValue { sample("apple_doc_v3_0_winning") }
  /// Apple's 3.0 loser.
  static var loser: JSONValue { sample("apple_doc_v3_0_nonwinning") }
  /// Apple's 2.2 postback (`…1e28`, no did-win, another signature than W3's).
  static var v22: JSONValue { sample("apple_doc_v2_2") }
  /// Apple's AdAttributionKit re-engagement, development kid 1.
  static var e: JSONValue { sample("apple_doc_aak_reengagement_dev1") }
  /// A forwarded 2.1 production postback with conversion-value 0.
  static var valueZero: JSONValue { sample("field_v2_1_ironsource_forwarded") }
  /// A with its unsigned conversion value rewritten.
  static var aRewritten: JSONValue { a.setting("conversion-value", 0) }
  /// A with a signed field changed: rejected.
  static var forged: JSONValue { a.setting("source-identifier", "5238") }

  /// A batch for a receiver with the network path `/postbacks`.
  static func batch(_ arrivals: [(at: Int, path: String, body: JSONValue)], optIn: Bool = true) -> JSONValue {
    Input.object([
      .op: .string(ReceivingSuite.Operation.receive.rawValue),
      .receiver: Receiver.object([.networkPaths: [.string(network)], .reengagementCopies: .bool(optIn)]),
      .arrivals: .array(
        arrivals.map { Arrival.object([.at: .integer($0.at), .path: .string($0.path), .body: $0.body]) }),
    ])
  }

  /// The bodies on the network path, an hour apart.
  static func onNetwork(_ bodies: JSONValue...) -> JSONValue {
    batch(bodies.enumerated().map { (start + $0.offset * hour, network, $0.element) })
  }

  /// Each mutant that Apple's postbacks can show, a batch that shows it, and where.
  static let cases: [(mutant: String, input: JSONValue, place: Place)] = [
    ("no-dedup", onNetwork(a, a), .arrival(1, .status)),
    ("dedup-includes-path", batch([(start, network, a), (start + 1000, skadnetworkCopy, a)]), .arrival(1, .status)),
    (
      "copy-never-counted-first", batch([(start, skadnetworkCopy, a), (start + 1000, network, a)]),
      .arrival(1, .status)
    ),
    ("dedup-before-verify", onNetwork(forged, a), .arrival(1, .status)),
    ("dedup-on-signature", onNetwork(w3, v22), .arrival(1, .status)),
    ("dedup-on-body", onNetwork(a, aRewritten), .arrival(1, .status)),
    ("dedup-ttl-24h", batch([(start, network, a), (start + 2 * day, network, a)]), .arrival(1, .status)),
    ("dedup-ttl-9d", batch([(start, network, a), (start + 10 * day, network, a)]), .arrival(1, .status)),
    (
      "excluded-claims-key", batch([(start, skadnetworkCopy, loser), (start + 1000, network, loser)]),
      .arrival(1, .status)
    ),
    ("rejected-as-duplicate", onNetwork(a, forged), .arrival(1, .status)),
    ("last-wins", onNetwork(a, aRewritten), .arrival(0, .status)),
    ("duplicate-of-previous", onNetwork(a, aRewritten, a), .arrival(2, .duplicateOf)),
    ("body-differs-bytes", onNetwork(a, .string(CanonicalJSON.pretty(a))), .arrival(1, .bodyDiffers)),
    ("body-differs-jws-only", onNetwork(e, e.setting("coarse-conversion-value", "low")), .arrival(1, .bodyDiffers)),
    ("body-differs-never", onNetwork(a, aRewritten), .arrival(1, .bodyDiffers)),
    ("rejected-answered-400", onNetwork(a, forged), .arrival(1, .response)),
    ("did-win-ignored", onNetwork(loser), .arrival(0, .didWin)),
    ("missing-did-win-is-loser", onNetwork(v22), .arrival(0, .didWin)),
    ("window-from-arrival", onNetwork(a, b), .arrival(1, .window)),
    ("legacy-window-null", onNetwork(w3), .arrival(0, .window)),
    ("redownload-ignored", onNetwork(w3), .arrival(0, .conversionType)),
    ("environment-always-production", onNetwork(e), .arrival(0, .environment)),
    ("skan-development-by-value-0", onNetwork(valueZero), .arrival(0, .environment)),
    ("totals-one-environment", onNetwork(a, e), .rows),
    ("totals-unsorted", onNetwork(a, e), .rows),
    ("loser-copy-counted", batch([(start, skadnetworkCopy, loser)]), .arrival(0, .status)),
    ("opt-in-ignored", batch([(start, adAttributionKitCopy, e)], optIn: false), .arrival(0, .status)),
    ("opt-in-on-network-path", batch([(start, network, e)], optIn: false), .arrival(0, .status)),
    ("any-copy-path", batch([(start, adAttributionKitCopy, a)]), .arrival(0, .status)),
    ("arrivals-sorted", batch([(start + 1000, network, a), (start, network, b)]), .result),
    (
      "arrivals-sorted-by-path", batch([(start, skadnetworkCopy, a), (start, network, a)]),
      .arrival(0, .status)
    ),
    ("unknown-path-as-network", batch([(start, "/other", a)]), .result),
    ("missing-source-app-is-development", onNetwork(a), .arrival(0, .environment)),
    ("empty-batch-refused", batch([]), .result),
  ]

  /// The mutants only the test key's bodies can show, and the vector that shows each
  /// (docs/design/receiving-suite.md, 5.1).
  static let vectorCases: [(mutant: String, vector: String, place: Place)] = [
    ("aak-signature-unchecked", "receiving/aak-forged-then-genuine", .arrival(0, .status)),
    ("aak-signature-unchecked", "receiving/aak-genuine-then-forged", .arrival(1, .status)),
    ("dedup-across-frameworks", "receiving/same-id-two-frameworks", .arrival(1, .status)),
    ("dedup-case-insensitive", "receiving/id-letter-case", .arrival(1, .status)),
    ("dedup-ignores-environment", "receiving/development-does-not-dedup-production", .arrival(1, .status)),
    ("dedup-on-jws", "receiving/aak-duplicate-other-jws", .arrival(1, .status)),
    ("reengagement-spelling-kept", "receiving/aak-reengagement-unhyphenated", .arrival(0, .conversionType)),
    ("aak-environment-by-publisher", "receiving/aak-publisher-0-production-kid", .arrival(0, .environment)),
    ("copy-window-0-only", "receiving/copy-later-window", .arrival(0, .status)),
    ("window-always-0", "receiving/skan-three-windows", .arrival(1, .window)),
    ("network-path-well-known-accepted", "receiving/invalid-network-path-well-known", .result),
    ("foreign-kid-ignored", "receiving/invalid-aak-kid-not-apple", .result),
    ("missing-body-null", "receiving/invalid-missing-body", .result),
    ("unreadable-key-ignored", "receiving/invalid-key", .result),
    ("checks-in-one-pass", "receiving/invalid-unknown-path-after-out-of-order", .result),
  ]

  /// The value at `place`, or the error code for `.result`.
  static func value(_ result: SuiteResult, at place: Place) -> JSONValue? {
    switch (result, place) {
    case (.output(let output), .arrival(let index, let member)):
      return output[Output.arrivals]?.arrayValue.flatMap { index < $0.count ? $0[index][member] : nil }
    case (.output(let output), .rows): return output[Output.totals]?[Totals.rows]
    case (.output(let output), .result): return output
    case (.error(let code, _), _): return .string("error \(code)")
    }
  }

  static func reference(_ input: JSONValue) -> SuiteResult {
    do { return .output(try ReceivingSuite.evaluate(input)) } catch {
      return .error(code: error.code.rawValue, message: error.message)
    }
  }

  @Test("the fixture holds the Apple postbacks the batches use")
  func fixture() {
    for id in ["apple_doc_v4_0_web_tier_high_fine", "apple_doc_v3_0_nonwinning", "apple_doc_aak_reengagement_dev1"] {
      #expect(Self.samples[id] != nil, "apple-samples.json has no postback \(id)")
    }
  }

  @Test(
    "the catalog has the design's 39 receiving mutants, 7 for vectors they leave idle, 1 for the order of checks fuzzing found and 1 that never checks an AdAttributionKit signature, each shown"
  )
  func catalog() {
    let ids = MutantCatalog.receiving.map(\.id)
    #expect(ids.count == 39 + 7 + 1 + 1)
    #expect(Set(ids).count == ids.count)
    let shown = Set((Self.cases.map(\.mutant) + Self.vectorCases.map(\.mutant)).map { "receiving/\($0)" })
    #expect(shown == Set(ids), "without a case: \(Set(ids).subtracting(shown).sorted())")
  }

  @Test("each mutant differs from the reference where its bug shows", arguments: cases.indices)
  func differs(_ index: Int) throws {
    let (id, input, place) = Self.cases[index]
    let mutant = try #require(MutantCatalog.named("receiving/\(id)"), "no mutant receiving/\(id)")
    let expected = Self.value(Self.reference(input), at: place)
    let answered = Self.value(mutant.evaluate(input), at: place)
    #expect(expected != nil, "receiving/\(id): the reference's answer has no \(place)")
    #expect(answered != expected, "receiving/\(id) answers \(place) as the reference: \(String(describing: expected))")
  }

  @Test(
    "each mutant the test key's bodies show differs from the reference on its vector", arguments: vectorCases.indices)
  func differsOnVector(_ index: Int) throws {
    let (id, vectorID, place) = Self.vectorCases[index]
    let mutant = try #require(MutantCatalog.named("receiving/\(id)"), "no mutant receiving/\(id)")
    let vector = try #require(try VectorSet.embedded().cases.first { $0.id == vectorID }, "no vector \(vectorID)")
    let expected = Self.value(vector.expected, at: place)
    let answered = Self.value(mutant.evaluate(vector.input), at: place)
    #expect(expected != nil, "\(vectorID): the expected answer has no \(place)")
    #expect(answered != expected, "receiving/\(id) answers \(vectorID)'s \(place) as expected")
  }
}
