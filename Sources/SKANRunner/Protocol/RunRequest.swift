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

  /// Creates a request.
  public init(
    seq: Int, id: String, suite: String, input: JSONValue, inputText: JSONText? = nil,
    expectedOutput: (text: JSONText, value: DeferredJSON)? = nil, tags: [String] = []
  ) {
    self.seq = seq
    self.id = id
    self.suite = suite
    inputSource = DeferredJSON(input)
    self.tags = tags
    self.inputText = inputText
    self.expectedOutput = expectedOutput
  }

  /// Creates a request whose input is held as a vector file spells it, if it was read from
  /// one (``DeferredJSON``): a transport that writes bytes then never builds its value.
  public init(
    seq: Int, id: String, suite: String, input: DeferredJSON,
    expectedOutput: (text: JSONText, value: DeferredJSON)? = nil, tags: [String] = []
  ) {
    self.seq = seq
    self.id = id
    self.suite = suite
    inputSource = input
    self.tags = tags
    inputText = input.text
    self.expectedOutput = expectedOutput
  }

  /// The request as a JSON value: ``AdapterProtocol/run(seq:id:suite:input:tags:)``.
  public var message: JSONValue {
    AdapterProtocol.run(seq: seq, id: id, suite: suite, input: input, tags: tags)
  }

  /// The request as one wire line, newline included: the bytes of ``AdapterProtocol/line(_:)``
  /// for ``message`` whenever the input text is canonical, as every committed vector's is.
  public var line: [UInt8] {
    guard let inputText else { return AdapterProtocol.line(message) }
    var members: [(key: String, value: CanonicalJSON.Member)] = [
      ("cmd", .value("run")), ("id", .value(.string(id))), ("input", .text(inputText)),
      ("seq", .value(.integer(seq))), ("suite", .value(.string(suite))),
    ]
    if !tags.isEmpty { members.append(("tags", .value(.array(tags.map(JSONValue.string))))) }
    return CanonicalJSON.compactLine(members)
  }
}
