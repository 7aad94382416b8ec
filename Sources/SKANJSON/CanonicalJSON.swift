/// The kit's canonical JSON text.
///
/// ``pretty(_:)`` is byte-for-byte what Python writes with
/// `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)` plus a trailing newline:
/// keys sorted by code point, two-space indent, `": "` between key and value, only the
/// escapes JSON requires, non-ASCII written as UTF-8, shortest round-trip doubles.
public enum CanonicalJSON {
  /// The indented form used for files in `Vectors/`, with a trailing newline.
  public static func pretty(_ value: JSONValue) -> String {
    var out = ByteSink(capacity: 4096)
    write(value, indent: 0, pretty: true, into: &out)
    out.append(0x0A)
    return out.string()
  }

  /// The single-line form used on the wire (`","` and `":"` without spaces).
  public static func compact(_ value: JSONValue) -> String {
    var out = ByteSink(capacity: 256)
    write(value, indent: 0, pretty: false, into: &out)
    return out.string()
  }

  /// The single-line form as UTF-8 bytes.
  public static func compactBytes(_ value: JSONValue) -> [UInt8] {
    var out = ByteSink(capacity: 256)
    write(value, indent: 0, pretty: false, into: &out)
    return out.bytes()
  }

  /// The single-line form as UTF-8 bytes, followed by one more byte (a wire line's newline),
  /// without copying the bytes a second time.
  public static func compactBytes(_ value: JSONValue, terminator: UInt8) -> [UInt8] {
    var out = ByteSink(capacity: 256)
    write(value, indent: 0, pretty: false, into: &out)
    out.append(terminator)
    return out.bytes()
  }

  /// An object member's value for ``compactLine(_:)``: a value to encode, or text already encoded.
  public enum Member: Sendable {
    /// A value, encoded in canonical compact form.
    case value(JSONValue)
    /// Text written as it is (a case's input as its vector file spells it).
    case text(JSONText)
  }

  /// The compact form of an object, followed by a newline: a wire line. Keys are written in
  /// canonical order whatever the order given, so that when every text member is canonical the
  /// line is byte for byte ``compactBytes(_:terminator:)`` of the same object.
  public static func compactLine(_ members: [(key: String, value: Member)]) -> [UInt8] {
    // Members given in canonical order already (as a run request's are) are written as they
    // come; others get one small sort (a handful of keys): the library's will do.
    let inOrder = members.indices.dropFirst().allSatisfy { precedes(members[$0 - 1].key, members[$0].key) }
    let pairs = inOrder ? members : members.sorted { precedes($0.key, $1.key) }
    var out = ByteSink(capacity: 256)
    out.append(0x7B)
    var position = 0
    for (key, member) in pairs {
      if position > 0 { out.append(0x2C) }
      writeString(key, into: &out)
      out.append(0x3A)
      switch member {
      case .value(let value): write(value, indent: 0, pretty: false, into: &out)
      case .text(let text):
        text.withBytes { bytes in
          if let base = bytes.baseAddress { out.append(base, length: bytes.count) }
        }
      }
      position += 1
    }
    out.append(0x7D)
    out.append(0x0A)
    return out.bytes()
  }

  /// Appends the canonical compact form of the string `text` to `out`: the bytes of
  /// ``compactBytes(_:)`` of `.string(text)`.
  public static func appendString(_ text: String, to out: inout [UInt8]) {
    var text = text
    let plain = text.withUTF8 { bytes in !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } }
    guard plain else {
      out.append(contentsOf: compactBytes(.string(text)))
      return
    }
    out.append(0x22)
    out.append(contentsOf: text.utf8)
    out.append(0x22)
  }

  /// Object keys in canonical order: by Unicode code point (``CodePointOrder``, O(n log n):
  /// a reply's keys are the implementation's, and may be hundreds of thousands).
  public static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
    CodePointOrder.sorted(Array(members.keys))
  }

  /// The members in canonical key order, as pairs, so that a writer needs no lookup per key.
  static func sortedMembers(_ members: [String: JSONValue]) -> [(key: String, value: JSONValue)] {
    var pairs = members.map { (key: $0.key, value: $0.value) }
    guard pairs.count > CodePointOrder.smallCount else {
      // A handful of keys, as nearly every object has: sorted in place, with no index array.
      var index = 1
      while index < pairs.count {
        let pair = pairs[index]
        var position = index
        while position > 0 && precedes(pair.key, pairs[position - 1].key) {
          pairs[position] = pairs[position - 1]
          position -= 1
        }
        pairs[position] = pair
        index += 1
      }
      return pairs
    }
    var keys: [String] = []
    keys.reserveCapacity(pairs.count)
    for pair in pairs { keys.append(pair.key) }
    let order = CodePointOrder.indexOrder(keys)
    var sorted: [(key: String, value: JSONValue)] = []
    sorted.reserveCapacity(pairs.count)
    for position in 0..<order.count { sorted.append(pairs[order[position]]) }
    return sorted
  }

  /// Whether `left` comes before `right` by code point, which for valid UTF-8 is byte order.
  static func precedes(_ left: String, _ right: String) -> Bool {
    CodePointOrder.precedes(left, right)
  }

  private static func write(_ value: JSONValue, indent: Int, pretty: Bool, into out: inout ByteSink) {
    switch value {
    case .null: out.append("null")
    case .bool(let flag): out.append(flag ? "true" : "false")
    case .integer(let number): out.append(integer: number)
    case .double(let number):
      var text = formatDouble(number)
      text.withUTF8 { bytes in
        if let base = bytes.baseAddress { out.append(base, length: bytes.count) }
      }
    case .string(let text): writeString(text, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out.append(0x5B, 0x5D)
        return
      }
      out.append(0x5B)
      var position = 0
      for element in elements {
        if position > 0 { out.append(0x2C) }
        if pretty { newline(indent + 1, into: &out) }
        write(element, indent: indent + 1, pretty: pretty, into: &out)
        position += 1
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x5D)
    case .object(let members):
      if members.isEmpty {
        out.append(0x7B, 0x7D)
        return
      }
      out.append(0x7B)
      var position = 0
      for (key, value) in sortedMembers(members) {
        if position > 0 { out.append(0x2C) }
        if pretty { newline(indent + 1, into: &out) }
        writeString(key, into: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        write(value, indent: indent + 1, pretty: pretty, into: &out)
        position += 1
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x7D)
    }
  }

  private static func newline(_ indent: Int, into out: inout ByteSink) {
    out.append(0x0A)
    out.appendSpaces(2 * indent)
  }

  /// Shortest round-trip form. Swift and Python agree on it for the values the kit writes;
  /// `CanonicalJSONTests` checks the forms that matter against Python's own output.
  static func formatDouble(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    return "\(number)"
  }

  private static func writeString(_ text: String, into out: inout ByteSink) {
    out.append(0x22)
    var text = text
    text.withUTF8 { bytes in
      guard let base = bytes.baseAddress else { return }
      // Runs of bytes that need no escape are copied whole; UTF-8 lead and continuation
      // bytes are written as they are.
      var runStart = 0
      var index = 0
      let count = bytes.count
      while index < count {
        let byte = base[index]
        if byte < 0x20 || byte == 0x22 || byte == 0x5C {
          out.append(base + runStart, length: index - runStart)
          escape(byte, into: &out)
          runStart = index + 1
        }
        index += 1
      }
      out.append(base + runStart, length: count - runStart)
    }
    out.append(0x22)
  }

  private static func escape(_ byte: UInt8, into out: inout ByteSink) {
    switch byte {
    case 0x22: out.append(0x5C, 0x22)
    case 0x5C: out.append(0x5C, 0x5C)
    case 0x0A: out.append(0x5C, 0x6E)
    case 0x0D: out.append(0x5C, 0x72)
    case 0x09: out.append(0x5C, 0x74)
    case 0x08: out.append(0x5C, 0x62)
    case 0x0C: out.append(0x5C, 0x66)
    default:
      let hex: StaticString = "0123456789abcdef"
      out.append("\\u00")
      out.append(hex.utf8Start[Int(byte >> 4)], hex.utf8Start[Int(byte & 0x0F)])
    }
  }
}
