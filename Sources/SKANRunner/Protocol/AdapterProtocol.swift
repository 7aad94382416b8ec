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
  ///
  /// `tags` are the case's tags (Spec/README.md, "Tags"), sent when it has any, so that an
  /// adapter can skip a case it cannot run (`own-key`) without working it out from the input.
  public static func run(seq: Int, id: String, suite: String, input: JSONValue, tags: [String] = []) -> JSONValue {
    var message: JSONValue = [
      "cmd": "run", "seq": .integer(seq), "id": .string(id), "suite": .string(suite), "input": input,
    ]
    if !tags.isEmpty { message = message.setting("tags", .array(tags.map(JSONValue.string))) }
    return message
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

  /// Reads a `hello` reply: `protocol` 1, an `implementation` object with a string `name`
  /// (`version` and `language` strings when present), and `suites`, an array of strings.
  /// - Throws: ``RunnerError/handshakeFailed(reason:)`` naming what is wrong.
  public init(helloReply reply: JSONValue) throws(RunnerError) {
    guard reply.objectValue != nil else { throw .handshakeFailed(reason: "the hello reply is not a JSON object") }
    guard let version = reply["protocol"]?.exactInteger else {
      throw .handshakeFailed(reason: "the hello reply has no integer \"protocol\"")
    }
    guard version == AdapterProtocol.version else {
      throw .handshakeFailed(
        reason: "the implementation speaks protocol \(version); this runner speaks \(AdapterProtocol.version)")
    }
    guard let list = reply["suites"]?.arrayValue else {
      throw .handshakeFailed(reason: "the hello reply has no \"suites\" array")
    }
    let suites = list.compactMap(\.stringValue)
    guard suites.count == list.count else {
      throw .handshakeFailed(reason: "\"suites\" must hold only strings (suite names)")
    }
    guard let info = reply["implementation"], info.objectValue != nil, let name = info["name"]?.stringValue else {
      throw .handshakeFailed(
        reason: "the hello reply needs \"implementation\": {\"name\": …, \"version\": …, \"language\": …}")
    }
    self.init(
      name: name, version: info["version"]?.stringValue ?? "unknown",
      language: info["language"]?.stringValue ?? "unknown", suites: suites)
  }
}
