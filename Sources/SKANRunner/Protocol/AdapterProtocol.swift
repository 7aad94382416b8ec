public import SKANJSON

/// The adapter protocol, version 1: JSON objects, one per line, UTF-8, `\n`-terminated.
///
/// See `Spec/adapter-protocol.md`.
public enum AdapterProtocol {
  /// The protocol version this runner speaks.
  public static let version = 1

  /// `{"cmd":"hello","protocol":1,"kit_version":…}`.
  public static func hello(kitVersion: String) -> JSONValue {
    ["cmd": "hello", "protocol": .integer(version), "kit_version": .string(kitVersion)]
  }

  /// `{"cmd":"run","seq":N,"id":…,"suite":…,"input":…}`.
  public static func run(seq: Int, id: String, suite: String, input: JSONValue) -> JSONValue {
    ["cmd": "run", "seq": .integer(seq), "id": .string(id), "suite": .string(suite), "input": input]
  }

  /// `{"cmd":"stop"}`.
  public static let stop: JSONValue = ["cmd": "stop"]

  /// A message as one wire line, newline included.
  public static func line(_ message: JSONValue) -> [UInt8] {
    CanonicalJSON.compactBytes(message) + [0x0A]
  }
}

/// What the implementation said about itself in its `hello` reply.
public struct ImplementationIdentity: Sendable, Hashable {
  /// Its name.
  public var name: String
  /// Its version.
  public var version: String
  /// Its language.
  public var language: String
  /// The suites it implements.
  public var suites: [String]

  /// Creates an identity.
  public init(name: String, version: String, language: String, suites: [String]) {
    self.name = name
    self.version = version
    self.language = language
    self.suites = suites
  }

  /// Reads a `hello` reply.
  /// - Throws: ``RunnerError/handshakeFailed(reason:)`` naming what is wrong.
  public init(helloReply reply: JSONValue) throws(RunnerError) {
    guard reply.objectValue != nil else { throw .handshakeFailed(reason: "the hello reply is not a JSON object") }
    guard let version = reply["protocol"]?.exactInteger else {
      throw .handshakeFailed(reason: "the hello reply has no integer \"protocol\"")
    }
    guard version == AdapterProtocol.version else {
      throw .handshakeFailed(reason: "the implementation speaks protocol \(version); this runner speaks \(AdapterProtocol.version)")
    }
    guard let suites = reply["suites"]?.arrayValue?.compactMap(\.stringValue) else {
      throw .handshakeFailed(reason: "the hello reply has no \"suites\" array of strings")
    }
    let info = reply["implementation"]
    self.init(
      name: info?["name"]?.stringValue ?? "unknown", version: info?["version"]?.stringValue ?? "unknown",
      language: info?["language"]?.stringValue ?? "unknown", suites: suites)
  }
}
