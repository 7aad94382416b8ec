import Foundation
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import Testing

/// The receiving pipeline on Apple's own published and field postbacks, verified with
/// Apple's keys and the real cryptography: a batch as an MMP's endpoint might get it.
@Suite("Receiving Apple's postbacks: real signatures, deduplicated and counted (RCV-1 to RCV-19)")
struct ReceivingApplePostbacksTests {
  static func samples() throws -> [String: JSONValue] {
    let text = try String(contentsOfFile: RepositoryPaths.appleSamples, encoding: .utf8)
    let samples = try #require(try JSONParser.parse(text)["samples"]?.arrayValue, "apple-samples.json has no samples")
    var byID: [String: JSONValue] = [:]
    for sample in samples {
      if let id = sample["id"]?.stringValue { byID[id] = sample["postback"] ?? sample["raw_text"] }
    }
    return byID
  }

  static let network = "/postbacks"
  static let skanCopy = "/.well-known/skadnetwork/report-attribution/"
  static let aakCopy = "/.well-known/appattribution/report-attribution/"

  @Test(
    "Apple's examples reuse transaction IDs: a receiver counts them once, flags the differing bodies, and keeps development apart"
  )
  func appleBatch() throws {
    let samples = try Self.samples()
    let batch: [(String, String)] = [
      ("apple_doc_v4_0_web_tier_high_fine", Self.network), ("apple_doc_v4_0_web_tier_high_fine", Self.skanCopy),
      ("apple_doc_v4_0_web_tier_low_coarse", Self.network), ("apple_doc_v3_0_winning", Self.network),
      ("apple_doc_v2_2", Self.network), ("apple_doc_v3_0_nonwinning", Self.skanCopy),
      ("apple_doc_v3_0_nonwinning", Self.network), ("apple_doc_aak_reengagement_dev1", Self.network),
      ("apple_doc_aak_reengagement_dev1", Self.aakCopy), ("apple_doc_v2_0_broken_example", Self.network),
      ("field_v1_0_ironsource", Self.network), ("apple_doc_aak_prod_illustrative", Self.network),
    ]
    var arrivals: [JSONValue] = []
    for (index, (id, path)) in batch.enumerated() {
      let body = try #require(samples[id], "apple-samples.json has no \(id)")
      arrivals.append(["at": .integer(1_700_000_000_000 + index * 1000), "path": .string(path), "body": body])
    }
    let input: JSONValue = [
      "op": "receive", "receiver": ["network_paths": [.string(Self.network)]], "arrivals": .array(arrivals),
    ]
    let output = try ReceivingSuite.evaluate(input)
    let answers = try #require(output["arrivals"]?.arrayValue)
    func column(_ name: String) -> [String] {
      answers.map { $0[name].map { CanonicalJSON.compact($0) } ?? "absent" }
    }
    #expect(
      column("status") == [
        "\"counted\"", "\"duplicate\"", "\"counted\"", "\"counted\"", "\"duplicate\"", "\"excluded\"", "\"counted\"",
        "\"counted\"", "\"excluded\"", "\"rejected\"", "\"counted\"", "\"rejected\"",
      ])
    #expect(
      column("duplicate_of") == [
        "null", "0", "null", "null", "3", "null", "null", "null", "null", "null", "null", "null",
      ])
    #expect(
      column("body_differs") == [
        "null", "false", "null", "null", "true", "null", "null", "null", "null", "null", "null", "null",
      ])
    #expect(
      column("cause") == [
        "null", "null", "null", "null", "null", "\"loser-on-copy-path\"", "null", "null",
        "\"reengagement-copy-without-opt-in\"", "null", "null", "null",
      ])
    #expect(column("environment")[7] == "\"development\"")
    #expect(column("reason")[9] == "\"malformed-json\"")
    #expect(column("framework")[9] == "null")
    #expect(column("response").allSatisfy { $0 == "200" })
    let rows = try #require(output["totals"]?["rows"]?.arrayValue).map { CanonicalJSON.compact($0) }
    #expect(
      rows == [
        #"{"ad_network_id":"development.adattributionkit","conversion_type":"re-engagement","count":1,"did_win":true,"environment":"development","framework":"adattributionkit","window":0}"#,
        #"{"ad_network_id":"com.example","conversion_type":"download","count":2,"did_win":true,"environment":"production","framework":"skadnetwork","window":0}"#,
        #"{"ad_network_id":"example123.skadnetwork","conversion_type":"redownload","count":1,"did_win":false,"environment":"production","framework":"skadnetwork","window":0}"#,
        #"{"ad_network_id":"example123.skadnetwork","conversion_type":"redownload","count":1,"did_win":true,"environment":"production","framework":"skadnetwork","window":0}"#,
        #"{"ad_network_id":"su67r6k2v3.skadnetwork","conversion_type":"download","count":1,"did_win":true,"environment":"production","framework":"skadnetwork","window":0}"#,
      ])
    #expect(
      output["totals"].map { CanonicalJSON.compact(.object(($0.objectValue ?? [:]).filter { $0.key != "rows" })) }
        == #"{"counted":6,"duplicates":2,"excluded":2,"received":12,"rejected":2,"unverifiable":0}"#)
  }

  @Test("the input's own errors name the field: a kid that is not Apple's, a path the receiver lacks, a missing body")
  func inputErrors() throws {
    func error(_ input: JSONValue) -> String {
      do {
        _ = try ReceivingSuite.evaluate(input)
        return "no error"
      } catch {
        return "\(error.code.rawValue): \(error.message)"
      }
    }
    let receiver: JSONValue = ["network_paths": ["/p"]]
    #expect(
      error(["op": "receive", "receiver": receiver, "aak_keys": ["kit/0": "x"], "arrivals": []]).hasPrefix(
        "invalid-input: input.aak_keys.kit/0"))
    #expect(
      error(["op": "receive", "receiver": receiver, "arrivals": [["at": 1, "path": "/q", "body": "{}"]]])
        == "invalid-input: input.arrivals[0].path is not one of the receiver's paths")
    #expect(error(["op": "receive", "receiver": receiver, "arrivals": [["at": 1, "path": "/p"]]]).contains("body"))
    #expect(
      error(["op": "send", "receiver": receiver, "arrivals": []]) == "invalid-input: input.op \"send\" is not receive")
  }
}
