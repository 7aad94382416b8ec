public import SKANJSON
public import SKANVocabulary

extension DiagnosticPath {
  /// Whether `output` holds this diagnostic: the member, or for `array[].member` the member in
  /// at least one element of the array.
  public func isGiven(in output: JSONValue) -> Bool {
    guard let value = output[member] else { return false }
    guard let element else { return true }
    return value.arrayValue?.contains { $0[element] != nil } ?? false
  }

  /// ``isGiven(in:)`` read from `span` of `text`, the checked text of an output object,
  /// without building it; `nil` when a key on the way is spelled with an escape or the text
  /// is not an object (the caller then builds the output and asks ``isGiven(in:)``).
  func isGiven(inOutput text: UnsafeBufferPointer<UInt8>, at span: Range<Int>) -> Bool? {
    guard let members = CheckedSpanReader.members(text, span) else { return nil }
    guard let value = members.first(where: { $0.key == member })?.value else { return false }
    guard let element else { return true }
    guard let items = CheckedSpanReader.elements(text, value) else { return false }
    for item in items where text[item.lowerBound] == 0x7B {
      guard let keys = CheckedSpanReader.members(text, item) else { return nil }
      if keys.contains(where: { $0.key == element }) { return true }
    }
    return false
  }

  /// `members` without this diagnostic: the member removed, or for `array[].member` the
  /// member removed from every element of the array that is an object (anything else is
  /// left as it is, for the verdict level to compare).
  package func removed(from members: inout [String: JSONValue]) {
    guard let element else {
      members[member] = nil
      return
    }
    guard let elements = members[member]?.arrayValue else { return }
    members[member] = .array(
      elements.map { value in
        guard var object = value.objectValue, object[element] != nil else { return value }
        object[element] = nil
        return .object(object)
      })
  }

  /// The parts of this diagnostic that `answer` gives, side by side with the same parts of
  /// `expected`, as two values shaped like an output (the member; or the array with, in each
  /// element, only the member, or nothing where the answer's element lacks it), so that a
  /// difference is located as in the output itself (`arrivals[2].reason`). `complete` is
  /// whether the answer gives every part `expected` has.
  package func given(
    expected: [String: JSONValue], answer: [String: JSONValue]
  ) -> (expected: JSONValue?, answer: JSONValue?, complete: Bool) {
    guard let element else {
      guard let given = answer[member] else { return (nil, nil, expected[member] == nil) }
      return (expected[member], given, true)
    }
    let expectedElements = expected[member]?.arrayValue ?? []
    let answerElements = answer[member]?.arrayValue ?? []
    var expectedParts: [JSONValue] = []
    var answerParts: [JSONValue] = []
    var complete = true
    for (index, expectedElement) in expectedElements.enumerated() {
      let wanted = expectedElement[element]
      let given = index < answerElements.count ? answerElements[index][element] : nil
      if let wanted, let given {
        expectedParts.append(.object([element: wanted]))
        answerParts.append(.object([element: given]))
      } else {
        expectedParts.append(.object([:]))
        answerParts.append(.object([:]))
        if wanted != nil { complete = false }
      }
    }
    return (.array(expectedParts), .array(answerParts), complete)
  }
}
