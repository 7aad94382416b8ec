import Foundation
public import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

/// The reference postback receiver (docs/design/receiving-suite.md §6.3): what
/// `skan-conform reference receiver` serves. It answers every postback 200 on receipt, as
/// Apple asks (RCV-7, RCV-8), records it with its own clock, and reports what it counted
/// through the `receiving` suite's output for the arrivals so far.
///
/// Kept free of any HTTP library: the command line hands it the method, the path and the
/// body, and writes its answer. Bounded: a body over ``maximumBodyBytes`` is refused (413), and
/// past ``maximumArrivals`` or ``maximumRecordedBytes`` nothing more is recorded (503) until
/// a reset.
/// `@unchecked Sendable`: the recorded arrivals are read and written under `lock`; the rest is immutable.
public final class ReceiverEndpoint: @unchecked Sendable {
  /// An answer: the HTTP status, its body, and the `Allow` header for a 405.
  public struct Answer: Sendable, Hashable {
    /// The HTTP status.
    public var status: Int
    /// The body (JSON for the report and the errors, empty for a postback).
    public var body: [UInt8]
    /// The methods allowed, for a 405.
    public var allow: String?

    /// Creates an answer.
    public init(status: Int, body: [UInt8], allow: String? = nil) {
      self.status = status
      self.body = body
      self.allow = allow
    }
  }

  /// The kit's own path that answers the `receiving` output for the arrivals so far (GET).
  public static let reportPath = "/.skan-conform/report"
  /// The kit's own path that forgets the arrivals (POST).
  public static let resetPath = "/.skan-conform/reset"
  /// The largest postback body recorded (Apple's are under 2 KB; kit-defined).
  public static let maximumBodyBytes = 1 << 20
  /// The most arrivals kept before a reset.
  public static let maximumArrivals = 100_000
  /// The most body bytes kept before a reset.
  public static let maximumRecordedBytes = 64 << 20

  private typealias Input = ReceivingSuite.Input
  private let settings: [String: JSONValue]
  private let receivingPaths: Set<String>
  private let clock: @Sendable () -> Int
  private let lock = NSLock()
  private var arrivals: [JSONValue] = []
  private var recordedBytes = 0
  private var lastTime = Int.min

  /// A receiver with the `receiving` input's `receiver`, `skadnetwork_public_key` and
  /// `aak_keys` members (`settings`), checked at once: the error the suite would give for them.
  /// - Parameter clock: the time of an arrival, Unix milliseconds (tests pass their own).
  public init(
    settings: [String: JSONValue],
    clock: @escaping @Sendable () -> Int = { Int((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
  ) throws(ModelError) {
    var input = settings
    input[Input.op.rawValue] = .string(ReceivingSuite.Operation.receive.rawValue)
    input[Input.arrivals.rawValue] = .array([])
    _ = try ReceivingSuite.evaluate(.object(input))
    self.settings = input
    let declared =
      settings[Input.receiver.rawValue]?[ReceivingSuite.Receiver.networkPaths.rawValue]?.arrayValue?.compactMap(
        \.stringValue) ?? []
    receivingPaths = Set(declared + [PostbackReceiver.skadnetworkCopyPath, PostbackReceiver.adAttributionKitCopyPath])
    self.clock = clock
  }

  /// The answer to one request; `target` is the request target (a query is ignored).
  public func respond(method: String, target: String, body: [UInt8]) -> Answer {
    let path = String(target.prefix { $0 != "?" })
    if path == Self.reportPath {
      guard method == "GET" else { return Answer(status: 405, body: [], allow: "GET") }
      return report()
    }
    if path == Self.resetPath {
      guard method == "POST" else { return Answer(status: 405, body: [], allow: "POST") }
      lock.withLock {
        arrivals = []
        recordedBytes = 0
      }
      return Answer(status: 200, body: [])
    }
    guard receivingPaths.contains(path) else { return Self.error(404, "no receiving path \(path)") }
    guard method == "POST" else { return Answer(status: 405, body: [], allow: "POST") }
    guard body.count <= Self.maximumBodyBytes else {
      return Self.error(413, "a postback body over \(Self.maximumBodyBytes) bytes")
    }
    return lock.withLock {
      guard arrivals.count < Self.maximumArrivals, recordedBytes + body.count <= Self.maximumRecordedBytes else {
        return Self.error(503, "the reference receiver is full; POST \(Self.resetPath)")
      }
      // Arrival times never go back, even when the wall clock does (RCV-20's order).
      lastTime = max(lastTime, clock())
      arrivals.append(
        ReceivingSuite.Arrival.object([
          .at: .integer(lastTime), .path: .string(path), .body: .string(String(decoding: body, as: UTF8.self)),
        ]))
      recordedBytes += body.count
      return Answer(status: 200, body: [])
    }
  }

  /// The `receiving` output for the arrivals so far.
  func report() -> Answer {
    var input = settings
    input[Input.arrivals.rawValue] = .array(lock.withLock { arrivals })
    do {
      return Answer(status: 200, body: CanonicalJSON.compactBytes(try ReceivingSuite.evaluate(.object(input))))
    } catch {
      return Self.error(500, "\(error.code.rawValue): \(error.message)")
    }
  }

  private static func error(_ status: Int, _ message: String) -> Answer {
    Answer(status: status, body: CanonicalJSON.compactBytes(["error": .string(message)]))
  }
}
