/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict where it matters to a conformance kit: duplicate object keys, trailing commas,
/// comments, lone surrogates, leading zeros and text after the value are all errors, each
/// reported with its line and column. Nesting is capped so hostile input cannot exhaust
/// the stack.
///
/// It reads the bytes through a pointer and compares bytes with integer constants, which the
/// compiler inlines even in a debug build (`-Onone`): generic collection calls there cost a
/// runtime metadata lookup each, and the kit's start-up parses over a megabyte of vectors.
/// Bytes are written in hex: 0x22 `"`, 0x5C `\`, 0x7B `{`, 0x7D `}`, 0x5B `[`, 0x5D `]`,
/// 0x3A `:`, 0x2C `,`, 0x2D `-`, 0x2B `+`, 0x2E `.`, 0x30-0x39 the digits.
public struct JSONParser {
  /// The deepest nesting of arrays and objects accepted.
  public static let maximumDepth = 512

  /// The longest run of combining marks (non-starters: canonical combining class other than 0)
  /// accepted in a string: Unicode's stream-safe limit (Unicode Standard Annex 15, "Stream-Safe Text Format").
  ///
  /// Swift hashes and compares strings by canonical equivalence, sorting each run of combining
  /// marks, in time quadratic in the run's length: a reply holding one object key of 80,000
  /// alternating marks took 30 s to hash, and an 8 MiB reply holds 4 million. Every object key
  /// is hashed as it is read, so a longer run is refused where it is read, with its line and
  /// column; no conforming answer, vector or report holds one.
  public static let maximumCombiningRun = 30

  private let base: UnsafePointer<UInt8>
  private let count: Int
  private var index = 0
  private var depth = 0
  /// The member of the document's own object whose value is the array of summarized objects,
  /// and whether the parser is inside it now.
  private var summaryParent: [UInt8] = []
  private var insideSummaryParent = false
  /// The member names whose values' spans each summarized object gives, as UTF-8; the
  /// nesting depth of the summarized objects (0: none), which are the elements of the array
  /// that is the value of ``summaryParent``; and one summary per element of that array
  /// (`nil` for one that is not an object).
  private var summaryKeys: [[UInt8]] = []
  private var summaryDepth = 0
  private var summaries = ObjectSummaries(width: 0)
  /// Where the summaries of the summarized array's remaining elements may be taken from
  /// another parse (``parse(bytes:summarizing:within:tail:)``): the position of the element
  /// they begin with (-1: none), and what gives them, waiting for them.
  private var tailStart = -1
  private var takeTail: (() -> SummarizedElements?)?
  /// The member of the document's own object whose value is stepped over instead of parsed
  /// (``parse(bytes:deferring:)``), and where that value was.
  private var deferKey: [UInt8] = []
  /// The spans of the plain keys of the objects being checked, outermost first, as pairs of
  /// start and end (``checkObject(_:)``): one array for the whole parse.
  private var plainKeys: [Int] = []
  private var deferred: Range<Int>?
  /// The nesting depth of the object whose member ``deferKey`` is stepped over: 1, the
  /// document's own object, or one more than the depth a span is parsed at.
  private var deferDepth = 1

  private init(base: UnsafePointer<UInt8>, count: Int) {
    self.base = base
    self.count = count
  }

  /// Parses one JSON value that fills the whole text (white space around it allowed).
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(_ text: String) throws(JSONError) -> JSONValue {
    var text = text
    return try text.withUTF8 { buffer in Self.result(buffer) }.get()
  }

  /// Parses one JSON value from UTF-8 bytes.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(bytes: [UInt8]) throws(JSONError) -> JSONValue {
    try bytes.withUnsafeBufferPointer { buffer in Self.result(buffer) }.get()
  }

  /// Parses one JSON value from UTF-8 bytes in memory the caller owns for the call.
  /// - Throws: ``JSONError`` naming the line and column of the first problem.
  public static func parse(utf8 buffer: UnsafeBufferPointer<UInt8>) throws(JSONError) -> JSONValue {
    try result(buffer).get()
  }

  /// Where one object of a document is and where the values of some of its members are:
  /// ``parse(bytes:summarizing:within:)``.
  public struct ObjectSummary: Sendable {
    /// The object's span, braces included.
    public var span: Range<Int>
    /// The span of the value of each member asked for, in the order asked; `nil` for one the
    /// object lacks, or spells with an escape.
    public var members: [Range<Int>?]
  }

  /// Parses one JSON value as ``parse(bytes:)`` does, except that each object that is an
  /// element of the array that is the value of the member `parent` of the document's own
  /// object (a vector file's `cases`) is checked exactly as a parse checks it but not built:
  /// it is `null` in the result, and its summary (its span and the spans of the values of
  /// its members named in `keys`) is returned instead. One entry per element of that array,
  /// in order: `nil` for an element that is not an object, which is in the result as parsed.
  /// - Throws: ``JSONError`` naming the line and column of the first problem, as a parse does.
  ///
  /// With `tail`, the summaries of the array's elements from the one at `tail.start` to its
  /// end are those `tail.take` gives (``summarizeElements(bytes:from:summarizing:stop:)``, made
  /// on another thread while this parse reads the elements before), taken when this parse
  /// reaches an element that starts exactly there; `take` waits for them and may give `nil`,
  /// and then the parse reads those elements itself. The result, and any error, are the same as
  /// without `tail`.
  /// - Throws: ``JSONError`` naming the line and column of the first problem, as a parse does.
  public static func parse(
    bytes: [UInt8], summarizing keys: [String], within parent: String,
    tail: (start: Int, take: () -> SummarizedElements?)? = nil
  ) throws(JSONError) -> (value: JSONValue, summaries: ObjectSummaries) {
    guard bytes.count <= ObjectSummaries.maximumBytes else {
      throw JSONError(reason: "a document of more than 2 GiB cannot be summarized", line: 1, column: 1)
    }
    return try bytes.withUnsafeBufferPointer { buffer in
      Self.result(buffer) { parser in
        parser.summaryKeys = keys.map { Array($0.utf8) }
        parser.summaries = ObjectSummaries(width: keys.count)
        parser.summaryDepth = 3
        parser.summaryParent = Array(parent.utf8)
        if let tail {
          parser.tailStart = tail.start
          parser.takeTail = tail.take
        }
      }
    }.map { ($0.value, $0.summaries) }.get()
  }

  /// The summaries ``parse(bytes:summarizing:within:)`` would give the elements of the
  /// summarized array (a vector file's `cases`) from the object at `start` to the array's end,
  /// were an element to start there, and the position after the array's closing bracket.
  ///
  /// For a second thread that reads the second half of a large document's array while the
  /// parse reads the first (`start` from ``elementStart(in:after:within:)``, a guess): `nil` when the
  /// text from `start` is not a run of objects, each checked as a parse checks it, then the
  /// closing bracket; or as soon as `stop` says so (it is asked before each element). A wrong
  /// guess can give summaries of text that is no element, but only a parse that reaches an
  /// element starting exactly at `start` takes them, and from there the two read the same
  /// bytes the same way.
  public static func summarizeElements(
    bytes: [UInt8], from start: Int, summarizing keys: [String], stop: () -> Bool
  ) -> SummarizedElements? {
    var all: ObjectSummaries?
    guard
      let end = summarizingElements(
        bytes: bytes, from: start, summarizing: keys, batch: .max, stop: stop,
        deliver: {
          all = $0; return true
        }),
      let all
    else { return nil }
    return SummarizedElements(summaries: all, end: end)
  }

  /// The summaries ``summarizeElements(bytes:from:summarizing:stop:)`` gives, handed to
  /// `deliver` `batch` elements at a time as they are read (the last batch may be shorter), so
  /// that a reader can use the first elements while the rest are read; `deliver` returns false
  /// to stop. Returns the position after the array's closing bracket; `nil` when the text from
  /// `start` is not a run of objects, each checked as a parse checks it, then the closing
  /// bracket (the batches before the problem were delivered), or when `deliver` stopped it.
  ///
  /// With `start` from ``firstElement(in:within:)``, every batch is what a parse of the whole
  /// document summarizes for those elements.
  public static func summarizeElements(
    bytes: [UInt8], from start: Int, summarizing keys: [String], batch: Int,
    deliver: (ObjectSummaries) -> Bool
  ) -> Int? {
    summarizingElements(
      bytes: bytes, from: start, summarizing: keys, batch: max(1, batch), stop: { false }, deliver: deliver)
  }

  /// The elements from `start` summarized, `batch` at a time, `stop` asked before each.
  private static func summarizingElements(
    bytes: [UInt8], from start: Int, summarizing keys: [String], batch: Int, stop: () -> Bool,
    deliver: (ObjectSummaries) -> Bool
  ) -> Int? {
    guard bytes.count <= ObjectSummaries.maximumBytes, start >= 0, start < bytes.count else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      var parser = JSONParser(base: base, count: buffer.count)
      parser.summaryKeys = keys.map { Array($0.utf8) }
      parser.summaries = ObjectSummaries(width: keys.count)
      parser.summaryDepth = 3
      parser.insideSummaryParent = true
      // Inside the document's object and its array, as the parse is at an element.
      parser.depth = 2
      parser.index = start
      do {
        while true {
          guard parser.peek() == 0x7B, !stop() else { return nil }
          try parser.summarizeObject()
          let closed = try parser.closes(0x5D)
          if closed || parser.summaries.count >= batch {
            let read = parser.summaries
            parser.summaries = ObjectSummaries(width: keys.count)
            guard deliver(read) else { return nil }
          }
          if closed { return parser.index }
          parser.skipWhitespace()
        }
      } catch {
        return nil
      }
    }
  }

  /// Where the first element of the array that is the value of the member `parent` of the
  /// document's own object (a vector file's `cases`) starts, when it is an object: the text up
  /// to there is read as a parse reads it (no byte-order mark, the members before `parent`
  /// parsed and checked), so a parse of the whole document meets that element exactly there.
  /// `nil` when the text up to there has a problem, no member is named `parent` (or its key is
  /// spelled with an escape), its value is not an array, or the array is empty or starts with
  /// another kind of value. What comes after that element is not read.
  public static func firstElement(in bytes: [UInt8], within parent: String) -> Int? {
    guard bytes.count <= ObjectSummaries.maximumBytes else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      if buffer.count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF { return nil }
      var parser = JSONParser(base: base, count: buffer.count)
      let name = Array(parent.utf8)
      do {
        parser.skipWhitespace()
        guard parser.peek() == 0x7B, try !parser.open(closing: 0x7D) else { return nil }
        while true {
          let (_, keyStart) = try parser.readKey()
          if parser.keyIs(name, from: keyStart) {
            // `open` has stepped over the white space after the bracket.
            guard parser.peek() == 0x5B, try !parser.open(closing: 0x5D) else { return nil }
            return parser.peek() == 0x7B ? parser.index : nil
          }
          _ = try parser.parseValue()
          if try parser.closes(0x7D) { return nil }
        }
      } catch {
        return nil
      }
    }
  }

  /// Where an element of the array that is the value of the member `parent` (a vector file's
  /// `cases`) seems to start, at or after `position`: the opening brace after a `}` and a `,`,
  /// when it is followed by the key the array's first element begins with (white space between
  /// any of them allowed); `nil` when there is none, or the array is not found near the
  /// document's start. A guess, for ``summarizeElements(bytes:from:summarizing:stop:)``: a
  /// string cannot hold the quote before that key, but an object nested in an element can
  /// begin with the same key.
  public static func elementStart(in bytes: [UInt8], after position: Int, within parent: String) -> Int? {
    bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress else { return nil }
      let count = buffer.count
      func skipSpace(_ index: Int) -> Int { ByteScan.endOfWhiteSpace(base, from: index, to: count) }
      func at(_ index: Int, _ byte: UInt8) -> Bool { index < count && base[index] == byte }
      // The first element's first key, from `"parent": [ {"key"`, looked for in the first 64 KiB.
      let name = Array(("\"" + parent + "\"").utf8)
      var key: [UInt8]?
      var index = 0
      while key == nil, index + name.count < min(count, 1 << 16) {
        defer { index += 1 }
        guard (0..<name.count).allSatisfy({ base[index + $0] == name[$0] }) else { continue }
        var next = skipSpace(index + name.count)
        guard at(next, 0x3A) else { continue }
        next = skipSpace(next + 1)
        guard at(next, 0x5B) else { continue }
        next = skipSpace(next + 1)
        guard at(next, 0x7B) else { continue }
        next = skipSpace(next + 1)
        guard at(next, 0x22) else { continue }
        let end = ByteScan.stringStop(base, from: next + 1, to: min(count, next + 65))
        guard at(end, 0x22) else { continue }
        key = Array(UnsafeBufferPointer(start: base + next, count: end + 1 - next))
      }
      guard let key else { return nil }
      index = max(0, position)
      while index < count {
        guard base[index] == 0x7D else {
          index += 1
          continue
        }
        index += 1
        var next = skipSpace(index)
        guard at(next, 0x2C) else { continue }
        next = skipSpace(next + 1)
        guard at(next, 0x7B) else { continue }
        let brace = next
        next = skipSpace(next + 1)
        if next + key.count <= count, (0..<key.count).allSatisfy({ base[next + $0] == key[$0] }) { return brace }
      }
      return nil
    }
  }

  /// Parses one JSON value as ``parse(bytes:)`` does, except that the value of the member
  /// `key` of the document's own object is stepped over by its quotes and brackets alone,
  /// without being read or checked: it is `null` in the result, and its span is returned.
  ///
  /// For a caller that may not need that value (the runner, comparing a reply's output with
  /// the bytes it expects) and parses the span itself otherwise, with
  /// ``parse(bytes:range:nestedAt:)``. The value and the span are only trustworthy when both
  /// parses succeed; on any error the caller parses the whole text again with
  /// ``parse(bytes:``, whose error is then the first problem in the text.
  /// - Throws: ``JSONError`` for a problem outside the stepped-over value.
  public static func parse(
    bytes: [UInt8], deferring key: String
  ) throws(JSONError) -> (value: JSONValue, deferred: Range<Int>?) {
    try bytes.withUnsafeBufferPointer { buffer in
      Self.result(buffer) { parser in parser.deferKey = Array(key.utf8) }
    }.map { ($0.value, $0.deferred) }.get()
  }

  /// Parses the one JSON value that fills `range` of `bytes`, counting nesting from `depth`
  /// (the depth of the object that held it in its document, so the nesting cap is the
  /// document's).
  /// - Throws: ``JSONError`` with a line and column counted from the start of `range`.
  public static func parse(bytes: [UInt8], range: Range<Int>, nestedAt depth: Int) throws(JSONError) -> JSONValue {
    try parse(bytes: bytes, range: range, nestedAt: depth, deferring: nil).value
  }

  /// Parses the one JSON value that fills `range` of `bytes`, as
  /// ``parse(bytes:range:nestedAt:)`` does, with the value of the member `key` of that value's
  /// own object stepped over as ``parse(bytes:deferring:)`` steps over it: `null` in the
  /// result, its span (in `bytes`) returned.
  /// - Throws: ``JSONError`` for a problem outside the stepped-over value.
  public static func parse(
    bytes: [UInt8], range: Range<Int>, nestedAt depth: Int, deferring key: String?
  ) throws(JSONError) -> (value: JSONValue, deferred: Range<Int>?) {
    try bytes.withUnsafeBufferPointer { buffer in
      guard range.lowerBound >= 0, range.upperBound <= buffer.count else {
        return Result<(value: JSONValue, deferred: Range<Int>?), JSONError>.failure(
          JSONError(reason: "span outside the text", line: 1, column: 1))
      }
      let slice = UnsafeBufferPointer(rebasing: buffer[range])
      return Self.result(slice) { parser in
        parser.depth = depth
        if let key {
          parser.deferKey = Array(key.utf8)
          parser.deferDepth = depth + 1
        }
      }.map { ($0.value, $0.deferred.map { ($0.lowerBound + range.lowerBound)..<($0.upperBound + range.lowerBound) }) }
    }.get()
  }

  private static func result(_ buffer: UnsafeBufferPointer<UInt8>) -> Result<JSONValue, JSONError> {
    result(buffer) { _ in }.map(\.value)
  }

  private static func result(
    _ buffer: UnsafeBufferPointer<UInt8>, configure: (inout JSONParser) -> Void
  ) -> Result<(value: JSONValue, deferred: Range<Int>?, summaries: ObjectSummaries), JSONError> {
    guard let base = buffer.baseAddress, !buffer.isEmpty else {
      return .failure(JSONError(reason: "unexpected end of input", line: 1, column: 1))
    }
    var parser = JSONParser(base: base, count: buffer.count)
    configure(&parser)
    do {
      let value = try parser.parseDocument()
      return .success((value, parser.deferred, parser.summaries))
    } catch {
      return .failure(error)
    }
  }

  private mutating func parseDocument() throws(JSONError) -> JSONValue {
    if count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF {
      throw error("a byte-order mark is not allowed")
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    if index < count { throw error("unexpected text after the JSON value") }
    return value
  }

  // MARK: - Values

  private mutating func parseValue() throws(JSONError) -> JSONValue {
    guard index < count else { throw error("unexpected end of input") }
    let byte = base[index]
    if byte == 0x7B { return try parseObject() }
    if byte == 0x5B { return try parseArray() }
    if byte == 0x22 { return .string(try parseString()) }
    if byte == 0x2D || isDigit(byte) { return try parseNumber() }
    if byte == 0x74 {  // t
      try expectLiteral(0x74, 0x72, 0x75, 0x65)
      return .bool(true)
    }
    if byte == 0x66 {  // f
      try expectLiteral(0x66, 0x61, 0x6C, 0x73, 0x65)
      return .bool(false)
    }
    if byte == 0x6E {  // n
      try expectLiteral(0x6E, 0x75, 0x6C, 0x6C)
      return .null
    }
    throw error("unexpected character \(describe(byte))")
  }

  private mutating func parseObject() throws(JSONError) -> JSONValue {
    var members: [String: JSONValue] = [:]
    if try open(closing: 0x7D) { return .object(members) }
    while true {
      let (key, keyStart) = try readKey()
      let value: JSONValue
      if depth == deferDepth && keyIs(deferKey, from: keyStart) {
        let valueStart = index
        try skipValue()
        deferred = valueStart..<index
        value = .null
      } else if depth == 1 && keyIs(summaryParent, from: keyStart) {
        insideSummaryParent = true
        value = try parseValue()
        insideSummaryParent = false
      } else {
        value = try parseValue()
      }
      // One hash of the key, not two: the duplicate shows when the value is stored.
      if members.updateValue(value, forKey: key) != nil {
        index = keyStart
        throw error("duplicate key \"\(key)\"")
      }
      if try closes(0x7D) { return .object(members) }
    }
  }

  private mutating func parseArray() throws(JSONError) -> JSONValue {
    var elements: [JSONValue] = []
    if try open(closing: 0x5D) { return .array(elements) }
    let summarizing = summaryDepth > 0 && insideSummaryParent && depth == summaryDepth - 1
    while true {
      skipWhitespace()
      if summarizing {
        if index == tailStart {
          // Another thread read the rest: taken (once) if it could.
          tailStart = -1
          if let tail = takeTail?() {
            summaries.append(contentsOf: tail.summaries)
            elements.append(contentsOf: repeatElement(JSONValue.null, count: tail.summaries.count))
            index = tail.end
            depth -= 1
            return .array(elements)
          }
        }
        if peek() == 0x7B {
          try summarizeObject()
          elements.append(.null)
        } else {
          summaries.appendNone()
          elements.append(try parseValue())
        }
      } else {
        elements.append(try parseValue())
      }
      if try closes(0x5D) { return .array(elements) }
    }
  }

  /// Checks the object at `index` as ``checkObject()`` does, and gives its span and the spans
  /// of the values of its members named in ``summaryKeys``.
  private mutating func summarizeObject() throws(JSONError) {
    // The summaries are moved out while the object is checked (the check mutates the parser),
    // and back after; on an error the parse fails and they are not needed.
    var summaries = self.summaries
    self.summaries = ObjectSummaries(width: 0)
    let entry = summaries.appendObject(at: index)
    let (keys, base, count) = (summaryKeys, base, count)
    try checkObject { keyStart, valueSpan in
      for (position, name) in keys.enumerated() where Self.keyIs(name, from: keyStart, in: base, count: count) {
        summaries.setMember(position, of: entry, to: valueSpan)
      }
    }
    summaries.setEnd(index, of: entry)
    self.summaries = summaries
  }

  /// An object member's key and where it starts (its opening quote), with the colon after it
  /// read: `index` is then at the value.
  private mutating func readKey() throws(JSONError) -> (key: String, start: Int) {
    skipWhitespace()
    guard peek() == 0x22 else { throw error("expected a string key") }
    let start = index
    let key = try parseString()
    skipWhitespace()
    guard peek() == 0x3A else { throw error("expected ':' after a key") }
    index += 1
    skipWhitespace()
    return (key, start)
  }

  /// Enters the object or array whose opening bracket is at `index`: true when it is empty,
  /// `closing` next, and then already left.
  private mutating func open(closing: UInt8) throws(JSONError) -> Bool {
    try enter()
    index += 1
    skipWhitespace()
    guard peek() == closing else { return false }
    index += 1
    depth -= 1
    return true
  }

  /// After a member of an object (`closing` `}`) or an element of an array (`]`): true when
  /// the bracket closes it here (and it is left), false after a comma.
  private mutating func closes(_ closing: UInt8) throws(JSONError) -> Bool {
    skipWhitespace()
    let next = peek()
    if next == 0x2C {
      index += 1
      return false
    }
    guard next == closing else {
      throw error(closing == 0x7D ? "expected ',' or '}' in an object" : "expected ',' or ']' in an array")
    }
    index += 1
    depth -= 1
    return true
  }

  /// Whether the key written at `start` (its opening quote) is `name`, byte for byte and
  /// without escapes.
  private func keyIs(_ name: [UInt8], from start: Int) -> Bool {
    Self.keyIs(name, from: start, in: base, count: count)
  }

  /// Whether the key written at `start` of the text at `base` (its opening quote) is `name`.
  private static func keyIs(_ name: [UInt8], from start: Int, in base: UnsafePointer<UInt8>, count: Int) -> Bool {
    guard !name.isEmpty, start + name.count + 1 < count, base[start + name.count + 1] == 0x22 else { return false }
    var offset = 0
    while offset < name.count {
      if base[start + 1 + offset] != name[offset] { return false }
      offset += 1
    }
    return true
  }

  /// Steps over one value by its quotes and brackets alone (``endOfValue(_:count:from:)``).
  private mutating func skipValue() throws(JSONError) {
    guard let end = Self.endOfValue(base, count: count, from: index) else {
      index = count
      throw error("unexpected end of input")
    }
    index = end
  }

  /// Checks one value exactly as ``parseValue()`` does, throwing the same error at the same
  /// place, without building it: strings are read (and so checked) but not kept, objects'
  /// keys are compared with each other as a dictionary compares them (so a duplicate is the
  /// same error), and nothing else is allocated.
  private mutating func checkValue() throws(JSONError) {
    guard index < count else { throw error("unexpected end of input") }
    let byte = base[index]
    if byte == 0x7B {
      try checkObject()
    } else if byte == 0x5B {
      try checkArray()
    } else if byte == 0x22 {
      try checkString()
    } else {
      // Numbers and literals build no storage: a parse checks them.
      _ = try parseValue()
    }
  }

  /// A string checked as ``parseString()`` checks it; only one with an escape or a byte
  /// outside ASCII is built, to be checked as a parse checks it.
  private mutating func checkString() throws(JSONError) {
    let stop = ByteScan.stringStop(base, from: index + 1, to: count)
    if stop < count, base[stop] == 0x22 {
      index = stop + 1
      return
    }
    _ = try parseString()
  }

  /// Checks an object as ``parseObject()`` parses it, building nothing; `member` is told where
  /// each member's key starts and its value's span.
  private mutating func checkObject(
    _ member: (_ keyStart: Int, _ valueSpan: Range<Int>) -> Void = { _, _ in }
  ) throws(JSONError) {
    if try open(closing: 0x7D) { return }
    // The keys so far, compared as a dictionary compares them. A plain key (printable ASCII,
    // no escape: nearly every key) is compared by its bytes, on ``plainKeys``, without being
    // built; once a key is not plain, or there are more than 16, the keys are compared as
    // strings, a handful in a list, more in a set.
    let plainBase = plainKeys.count
    defer { plainKeys.removeSubrange(plainBase...) }
    var keys: [String]?
    var keySet: Set<String>?
    while true {
      skipWhitespace()
      guard peek() == 0x22 else { throw error("expected a string key") }
      let keyStart = index
      var key: String?
      var plainEnd: Int?
      if keys == nil, let end = Self.plainStringEnd(base, count: count, from: keyStart + 1) {
        plainEnd = end
        index = end + 1
      } else {
        key = try parseString()
      }
      skipWhitespace()
      guard peek() == 0x3A else { throw error("expected ':' after a key") }
      index += 1
      skipWhitespace()
      let valueStart = index
      try checkValue()
      member(keyStart, valueStart..<index)
      var duplicate = false
      if let end = plainEnd, plainKeys.count - plainBase < 32 {
        duplicate = isPlainKey(keyStart + 1..<end, among: plainBase)
        plainKeys.append(keyStart + 1)
        plainKeys.append(end)
      } else {
        // From here on every key is a string: the plain ones so far are built once.
        if keys == nil {
          keys = stride(from: plainBase, to: plainKeys.count, by: 2).map { string(plainKeys[$0]..<plainKeys[$0 + 1]) }
        }
        let name = key ?? string(keyStart + 1..<(plainEnd ?? keyStart + 1))
        key = name
        if keySet != nil {
          duplicate = keySet?.insert(name).inserted == false
        } else if let list = keys, list.count < 16 {
          duplicate = list.contains(name)
          keys?.append(name)
        } else {
          var set = Set(keys ?? [])
          duplicate = !set.insert(name).inserted
          keySet = set
          keys = []
        }
      }
      if duplicate {
        let name = key ?? string(keyStart + 1..<(plainEnd ?? keyStart + 1))
        index = keyStart
        throw error("duplicate key \"\(name)\"")
      }
      if try closes(0x7D) { return }
    }
  }

  /// Whether the bytes of `span` are those of one of the plain keys on ``plainKeys`` from
  /// `start` (pairs of start and end).
  private func isPlainKey(_ span: Range<Int>, among start: Int) -> Bool {
    var pair = start
    while pair < plainKeys.count {
      let other = plainKeys[pair]..<plainKeys[pair + 1]
      if other.count == span.count {
        var offset = 0
        while offset < span.count, base[other.lowerBound + offset] == base[span.lowerBound + offset] { offset += 1 }
        if offset == span.count { return true }
      }
      pair += 2
    }
    return false
  }

  /// The plain key (printable ASCII, no escape) of `span`, the text between its quotes.
  private func string(_ span: Range<Int>) -> String {
    String(decoding: UnsafeBufferPointer(start: base + span.lowerBound, count: span.count), as: UTF8.self)
  }

  /// Where the string whose text starts at `start` (after its opening quote) ends (its closing
  /// quote), when all of it is printable ASCII with no escape; `nil` otherwise, and when the
  /// text ends first.
  private static func plainStringEnd(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
    let stop = ByteScan.stringStop(base, from: start, to: count)
    return stop < count && base[stop] == 0x22 ? stop : nil
  }

  private mutating func checkArray() throws(JSONError) {
    if try open(closing: 0x5D) { return }
    while true {
      skipWhitespace()
      try checkValue()
      if try closes(0x5D) { return }
    }
  }

  /// Where the value that starts at `start` ends, found by its quotes and brackets alone,
  /// reading nothing and checking nothing else: a string at its closing quote, an array or
  /// object at its matching bracket, anything else at the next comma, closing bracket or
  /// white space. Nil when the text ends first.
  static func endOfValue(_ base: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
    var index = start
    var nesting = 0
    while index < count {
      let byte = base[index]
      if byte == 0x22 {
        index += 1
        while true {
          index = ByteScan.quoteOrBackslash(base, from: index, to: count)
          guard index < count else { return nil }
          let inside = base[index]
          index += inside == 0x5C ? 2 : 1
          if inside == 0x22 { break }
        }
        if nesting == 0 { return index }
      } else if byte == 0x7B || byte == 0x5B {
        nesting += 1
        index += 1
      } else if byte == 0x7D || byte == 0x5D {
        if nesting == 0 { return index }
        nesting -= 1
        index += 1
        if nesting == 0 { return index }
      } else if nesting == 0 && (byte == 0x2C || byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
        return index
      } else {
        index += 1
      }
    }
    return nesting > 0 ? nil : min(index, count)
  }

  private mutating func enter() throws(JSONError) {
    depth += 1
    if depth > Self.maximumDepth { throw error("nesting deeper than \(Self.maximumDepth)") }
  }

  // MARK: - Strings

  private mutating func parseString() throws(JSONError) -> String {
    index += 1  // opening quote
    let start = index
    var ascii = true
    var position = index
    while true {
      position = ByteScan.stringStop(base, from: position, to: count)
      guard position < count else {
        index = position
        throw error("unterminated string")
      }
      let byte = base[position]
      if byte == 0x22 { break }
      if byte == 0x5C {
        // Rare: the run so far, then the escapes, scalar by scalar.
        index = position
        return try parseEscapedString(from: start)
      }
      if byte < 0x20 {
        index = position
        throw error("control character \(describe(byte)) in a string")
      }
      if byte >= 0x80 { ascii = false }
      position += 1
    }
    index = position + 1
    return ascii ? asciiString(from: start, to: position) : try validated(from: start, to: position)
  }

  /// A string of ASCII bytes: no validation needed, one copy.
  private func asciiString(from start: Int, to end: Int) -> String {
    let length = end - start
    guard length > 0 else { return "" }
    let source = UnsafeRawPointer(base + start)
    return String(unsafeUninitializedCapacity: length) { buffer in
      if let target = buffer.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: source, byteCount: length) }
      return length
    }
  }

  /// The bytes from `start` to `end` as a string, or an error when they are not UTF-8.
  private mutating func validated(from start: Int, to end: Int) throws(JSONError) -> String {
    guard start < end else { return "" }
    guard let text = String(validating: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
    else {
      index = start
      throw error("invalid UTF-8 in a string")
    }
    try checkCombiningRuns(from: start, to: end)
    return text
  }

  /// Throws when the valid UTF-8 from `start` to `end` holds a run of more than
  /// ``maximumCombiningRun`` combining marks. Only the lead bytes are read, and a scalar below
  /// U+0300 (lead byte below 0xCC), a starter, needs no lookup.
  private mutating func checkCombiningRuns(from start: Int, to end: Int) throws(JSONError) {
    var run = 0
    var position = start
    while position < end {
      let lead = base[position]
      if lead < 0x80 {
        run = 0
        position += 1
        continue
      }
      if lead < 0xCC {
        run = 0
        position += 2
        continue
      }
      var value: UInt32
      var length: Int
      if lead < 0xE0 {
        value = UInt32(lead & 0x1F)
        length = 2
      } else if lead < 0xF0 {
        value = UInt32(lead & 0x0F)
        length = 3
      } else {
        value = UInt32(lead & 0x07)
        length = 4
      }
      var offset = 1
      while offset < length && position + offset < end {
        value = value << 6 | UInt32(base[position + offset] & 0x3F)
        offset += 1
      }
      let weight = Self.combiningWeight(value)
      run = weight == 0 ? 0 : run + weight
      if run > Self.maximumCombiningRun {
        index = position
        throw combiningRunError()
      }
      position += length
    }
  }

  /// How many combining marks a scalar adds to a run: 1 for a non-starter, 2 for the three
  /// Tibetan vowel signs that are starters but decompose into two non-starters (U+0F73,
  /// U+0F75, U+0F81), 0 for any other starter, which ends the run.
  static func combiningWeight(_ value: UInt32) -> Int {
    if value == 0x0F73 || value == 0x0F75 || value == 0x0F81 { return 2 }
    guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return 0 }
    return scalar.properties.canonicalCombiningClass == .notReordered ? 0 : 1
  }

  private func combiningRunError() -> JSONError {
    error(
      "a string holds a run of more than \(Self.maximumCombiningRun) combining marks (Unicode's stream-safe limit, Unicode Standard Annex 15)"
    )
  }

  /// The rest of a string that holds an escape; `index` is at the first backslash.
  private mutating func parseEscapedString(from start: Int) throws(JSONError) -> String {
    // The string's UTF-8, built as bytes (one String made at the end): each raw run is
    // checked as it is copied, each escape written as its scalar's UTF-8.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(index - start + 64)
    try appendRun(from: start, to: index, into: &bytes)
    var runStart = index
    while true {
      guard index < count else { throw error("unterminated string") }
      let byte = base[index]
      if byte == 0x22 {
        try appendRun(from: runStart, to: index, into: &bytes)
        // Escapes can spell combining marks too: the whole string is checked once more when
        // it holds a scalar at or above U+0300 (a lead byte of 0xCC or more).
        let text = String(decoding: bytes, as: UTF8.self)
        if bytes.contains(where: { $0 >= 0xCC }) {
          var run = 0
          for scalar in text.unicodeScalars {
            let weight = Self.combiningWeight(scalar.value)
            run = weight == 0 ? 0 : run + weight
            if run > Self.maximumCombiningRun {
              index = start - 1
              throw combiningRunError()
            }
          }
        }
        index += 1
        return text
      }
      if byte < 0x20 { throw error("control character \(describe(byte)) in a string") }
      if byte == 0x5C {
        try appendRun(from: runStart, to: index, into: &bytes)
        try parseEscape(into: &bytes)
        runStart = index
        continue
      }
      index += 1
    }
  }

  /// Copies the raw bytes from `start` to `end` into `bytes`, checked as `validated` checks
  /// them (valid UTF-8, no overlong run of combining marks); ASCII needs no further check.
  private mutating func appendRun(from start: Int, to end: Int, into bytes: inout [UInt8]) throws(JSONError) {
    guard start < end else { return }
    let run = UnsafeBufferPointer(start: base + start, count: end - start)
    if !run.allSatisfy({ $0 < 0x80 }) { _ = try validated(from: start, to: end) }
    bytes.append(contentsOf: run)
  }

  private mutating func parseEscape(into bytes: inout [UInt8]) throws(JSONError) {
    index += 1
    guard index < count else { throw error("unterminated escape") }
    let byte = base[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
    case UInt8(ascii: "b"): bytes.append(0x08)
    case UInt8(ascii: "f"): bytes.append(0x0C)
    case UInt8(ascii: "n"): bytes.append(0x0A)
    case UInt8(ascii: "r"): bytes.append(0x0D)
    case UInt8(ascii: "t"): bytes.append(0x09)
    case UInt8(ascii: "u"):
      let high = try parseHex4()
      let scalar: Unicode.Scalar
      if high >= 0xD800 && high <= 0xDBFF {
        guard index + 1 < count, base[index] == 0x5C, base[index + 1] == UInt8(ascii: "u")
        else { throw error("a high surrogate must be followed by a low surrogate") }
        index += 2
        let low = try parseHex4()
        guard low >= 0xDC00 && low <= 0xDFFF else { throw error("invalid low surrogate") }
        let combined = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        guard let value = Unicode.Scalar(combined) else { throw error("invalid code point") }
        scalar = value
      } else {
        guard let value = Unicode.Scalar(high) else { throw error("lone low surrogate") }
        scalar = value
      }
      UTF8.encode(scalar) { bytes.append($0) }
    default:
      index -= 1
      throw error("invalid escape \\\(describe(byte))")
    }
  }

  private mutating func parseHex4() throws(JSONError) -> UInt32 {
    guard index + 4 <= count else { throw error("truncated \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = base[index]
      let digit: UInt32
      if isDigit(byte) {
        digit = UInt32(byte - 0x30)
      } else if byte >= 0x61 && byte <= 0x66 {
        digit = UInt32(byte - 0x61 + 10)
      } else if byte >= 0x41 && byte <= 0x46 {
        digit = UInt32(byte - 0x41 + 10)
      } else {
        throw error("invalid hex digit in \\u escape")
      }
      value = value * 16 + digit
      index += 1
    }
    return value
  }

  // MARK: - Numbers

  private mutating func parseNumber() throws(JSONError) -> JSONValue {
    let start = index
    var isInteger = true
    let negative = base[index] == 0x2D
    if negative { index += 1 }
    guard index < count, isDigit(base[index]) else { throw error("expected a digit") }
    let digitsStart = index
    if base[index] == 0x30 {
      index += 1
      if index < count && isDigit(base[index]) { throw error("leading zeros are not allowed") }
    } else {
      skipDigits()
    }
    let digitsEnd = index
    if peek() == 0x2E {
      isInteger = false
      index += 1
      guard index < count, isDigit(base[index]) else { throw error("expected a digit after '.'") }
      skipDigits()
    }
    let exponent = peek()
    if exponent == 0x65 || exponent == 0x45 {  // e, E
      isInteger = false
      index += 1
      let sign = peek()
      if sign == 0x2B || sign == 0x2D { index += 1 }
      guard index < count, isDigit(base[index]) else { throw error("expected a digit in the exponent") }
      skipDigits()
    }
    // Up to 18 digits always fit in Int: no overflow check needed.
    if isInteger && digitsEnd - digitsStart <= 18 {
      var value = 0
      var position = digitsStart
      while position < digitsEnd {
        value = value * 10 + Int(base[position] &- 0x30)
        position += 1
      }
      return .integer(negative ? -value : value)
    }
    let text = String(decoding: UnsafeBufferPointer(start: base + start, count: index - start), as: UTF8.self)
    if isInteger, let value = Int(text) { return .integer(value) }
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number \(text) is out of range")
    }
    return .double(value)
  }

  private mutating func skipDigits() {
    while index < count && base[index] >= 0x30 && base[index] <= 0x39 { index += 1 }
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  // MARK: - Helpers

  private mutating func expectLiteral(_ bytes: UInt8...) throws(JSONError) {
    guard index + bytes.count <= count else { throw error("invalid literal") }
    for (offset, byte) in bytes.enumerated() where base[index + offset] != byte {
      throw error("invalid literal")
    }
    index += bytes.count
  }

  /// The byte at the current position, or 0 at the end (0 is never valid there).
  private func peek() -> UInt8 { index < count ? base[index] : 0 }

  private mutating func skipWhitespace() {
    index = ByteScan.endOfWhiteSpace(base, from: index, to: count)
  }

  private func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "0x" + String(byte, radix: 16, uppercase: true)
  }

  private func error(_ reason: String) -> JSONError {
    var line = 1
    var column = 1
    for position in 0..<min(index, count) {
      if base[position] == 0x0A {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    return JSONError(reason: reason, line: line, column: column)
  }
}
