public import SKANJSON

/// One `run` request (Spec/adapter-protocol.md, section 5): what a transport sends for a case.
///
/// A transport that writes bytes takes ``line``, which carries the input as its vector file
/// spells it when the case came from a file (``SKANVectors/VectorCase/inputText``), so a run
/// never encodes the vectors' inputs again; an in-process transport takes ``message``.
public struct RunRequest: Sendable {
  /// The request's sequence number, unique in the run.
  public var seq: Int
  /// The case ID.
  public var id: String
  /// The suite.
  public var suite: String
  /// The input.
  public var input: JSONValue {
    get { inputSource.value }
    set {
      inputSource = DeferredJSON(newValue)
      inputText = nil
    }
  }
  /// The input, a value or its text.
  private var inputSource: DeferredJSON
  /// The case's tags; sent only when there are any.
  public var tags: [String]
  /// The input's text, when it is known already (the same value as ``input``).
  public var inputText: JSONText?
  /// The output the case expects, with its text, when both are known: a transport may take a
  /// reply whose output is exactly these bytes as having this value, without parsing it.
  public var expectedOutput: (text: JSONText, value: DeferredJSON)?
  /// The error code the case expects, when it expects one: a transport may take a reply that is
  /// exactly the canonical error line with this code as that error, without parsing it.
  public var expectedErrorCode: String?

  /// Creates a request.
  public init(
    seq: Int, id: String, suite: String, input: JSONValue, inputText: JSONText? = nil,
    expectedOutput: (text: JSONText, value: DeferredJSON)? = nil, expectedErrorCode: String? = nil,
    tags: [String] = []
  ) {
    self.seq = seq
    self.id = id
    self.suite = suite
    inputSource = DeferredJSON(input)
    self.tags = tags
    self.inputText = inputText
    self.expectedOutput = expectedOutput
    self.expectedErrorCode = expectedErrorCode
  }

  /// Creates a request whose input is held as a vector file spells it, if it was read from
  /// one (``DeferredJSON``): a transport that writes bytes then never builds its value.
  public init(
    seq: Int, id: String, suite: String, input: DeferredJSON,
    expectedOutput: (text: JSONText, value: DeferredJSON)? = nil, expectedErrorCode: String? = nil,
    tags: [String] = []
  ) {
    self.seq = seq
    self.id = id
    self.suite = suite
    inputSource = input
    self.tags = tags
    inputText = input.text
    self.expectedOutput = expectedOutput
    self.expectedErrorCode = expectedErrorCode
  }

  /// The request as a JSON value: ``AdapterProtocol/run(seq:id:suite:input:tags:)``.
  public var message: JSONValue {
    AdapterProtocol.run(seq: seq, id: id, suite: suite, input: input, tags: tags)
  }

  /// The request as one wire line, newline included: the bytes of ``AdapterProtocol/line(_:)``
  /// for ``message`` whenever the input text is canonical, as every committed vector's is.
  public var line: [UInt8] {
    guard let inputText else { return AdapterProtocol.line(message) }
    // Written straight into one buffer of the right size, keys in canonical order (cmd, id,
    // input, seq, suite, tags): `CanonicalJSON.compactLine` of the same members, without
    // building them.
    var out: [UInt8] = []
    out.reserveCapacity(
      64 + id.utf8.count + inputText.count + suite.utf8.count + tags.reduce(0) { $0 + $1.utf8.count + 3 })
    out.append(contentsOf: Self.head)
    CanonicalJSON.appendString(id, to: &out)
    out.append(contentsOf: Self.inputKey)
    inputText.withBytes { out.append(contentsOf: $0) }
    out.append(contentsOf: Self.seqKey)
    out.append(contentsOf: String(seq).utf8)
    out.append(contentsOf: Self.suiteKey)
    CanonicalJSON.appendString(suite, to: &out)
    if !tags.isEmpty {
      out.append(contentsOf: Self.tagsKey)
      for (position, tag) in tags.enumerated() {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        CanonicalJSON.appendString(tag, to: &out)
      }
      out.append(UInt8(ascii: "]"))
    }
    out.append(UInt8(ascii: "}"))
    out.append(UInt8(ascii: "\n"))
    return out
  }

  private static let head = Array(#"{"cmd":"run","id":"#.utf8)
  private static let inputKey = Array(#","input":"#.utf8)
  private static let seqKey = Array(#","seq":"#.utf8)
  private static let suiteKey = Array(#","suite":"#.utf8)
  private static let tagsKey = Array(#","tags":["#.utf8)

}
