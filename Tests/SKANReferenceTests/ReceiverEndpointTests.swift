import Foundation
import SKANJSON
import SKANReference
import Testing

/// `reference receiver`'s endpoint: 200 on receipt for every postback, the kit's report
/// and reset paths, the bounds, and a clock that never goes back.
@Suite("Reference receiver endpoint")
struct ReceiverEndpointTests {
  /// A clock the test moves: it goes back once on purpose.
  final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var times: [Int]
    init(_ times: [Int]) { self.times = times }
    func next() -> Int { lock.withLock { times.count > 1 ? times.removeFirst() : times[0] } }
  }

  static let settings: [String: JSONValue] = ["receiver": ["network_paths": ["/pb"]]]

  func report(_ endpoint: ReceiverEndpoint) throws -> JSONValue {
    let answer = endpoint.respond(method: "GET", target: ReceiverEndpoint.reportPath, body: [])
    #expect(answer.status == 200)
    return try JSONParser.parse(bytes: answer.body)
  }

  @Test("every postback is answered 200 and recorded; the report is the receiving model's output in arrival order")
  func postbacks() throws {
    let clock = Clock([5_000, 3_000, 9_000])
    let endpoint = try ReceiverEndpoint(settings: Self.settings, clock: { clock.next() })
    let junk = Array("not json".utf8)
    let copy = "/.well-known/appattribution/report-attribution/?from=device"
    #expect(endpoint.respond(method: "POST", target: "/pb", body: junk).status == 200)
    #expect(endpoint.respond(method: "POST", target: copy, body: Array("{}".utf8)).status == 200)
    #expect(endpoint.respond(method: "POST", target: "/pb", body: Array("{\"jws-string\":1}".utf8)).status == 200)
    let output = try report(endpoint)
    let arrivals = try #require(output["arrivals"]?.arrayValue)
    // The clock went back from 5,000 to 3,000: the second arrival is still not earlier
    // (otherwise the model would answer out-of-order and the report would be a 500).
    #expect(arrivals.map { $0["role"]?.stringValue } == ["network", "copy", "network"])
    #expect(arrivals.map { $0["reason"]?.stringValue } == ["malformed-json", "missing-field", "wrong-type"])
    #expect(output["totals"]?["received"] == 3)
    #expect(endpoint.respond(method: "POST", target: ReceiverEndpoint.resetPath, body: []).status == 200)
    #expect(try report(endpoint)["totals"]?["received"] == 0)
  }

  @Test(
    "another path is 404, another method 405 with Allow, a body over 1 MiB 413, and a full receiver 503 until reset")
  func bounds() throws {
    let endpoint = try ReceiverEndpoint(settings: Self.settings)
    #expect(endpoint.respond(method: "POST", target: "/elsewhere", body: []).status == 404)
    let get = endpoint.respond(method: "GET", target: "/pb", body: [])
    #expect(get.status == 405)
    #expect(get.allow == "POST")
    #expect(endpoint.respond(method: "POST", target: ReceiverEndpoint.reportPath, body: []).allow == "GET")
    let tooLarge = Array(repeating: UInt8(ascii: " "), count: ReceiverEndpoint.maximumBodyBytes + 1)
    #expect(endpoint.respond(method: "POST", target: "/pb", body: tooLarge).status == 413)
    let largest = Array(repeating: UInt8(ascii: " "), count: ReceiverEndpoint.maximumBodyBytes)
    let fits = ReceiverEndpoint.maximumRecordedBytes / ReceiverEndpoint.maximumBodyBytes
    for index in 0..<fits {
      #expect(endpoint.respond(method: "POST", target: "/pb", body: largest).status == 200, "postback \(index)")
    }
    #expect(endpoint.respond(method: "POST", target: "/pb", body: largest).status == 503)
    _ = endpoint.respond(method: "POST", target: ReceiverEndpoint.resetPath, body: [])
    #expect(endpoint.respond(method: "POST", target: "/pb", body: largest).status == 200)
  }

  @Test("settings the receiving suite refuses are refused when the receiver starts")
  func settings() {
    #expect(throws: (any Error).self) {
      try ReceiverEndpoint(settings: ["receiver": ["network_paths": ["no-slash"]]])
    }
    #expect(throws: (any Error).self) {
      try ReceiverEndpoint(settings: ["receiver": ["network_paths": []], "aak_keys": ["kit/0": "AAAA"]])
    }
  }
}
