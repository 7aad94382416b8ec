/// The kit's canonical JSON text.
///
/// ``pretty(_:)`` is byte-for-byte what Python writes with
/// `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)` plus a trailing newline:
/// keys sorted by code point, two-space indent, `": "` between key and value, only the
/// escapes JSON requires, non-ASCII written as UTF-8, shortest round-trip doubles.
public enum CanonicalJSON {
  /// The indented form used for files in `Vectors/`, with a trailing newline.
  public static func pretty(_ value: JSONValue) -> String {
    var out: [UInt8] = []
    write(value, indent: 0, pretty: true, into: &out)
    out.append(0x0A)
    return String(decoding: out, as: UTF8.self)
  }

  /// The single-line form used on the wire (`","` and `":"` without spaces).
  public static func compact(_ value: JSONValue) -> String {
    String(decoding: compactBytes(value), as: UTF8.self)
  }

  /// The single-line form as UTF-8 bytes.
  public static func compactBytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(value, indent: 0, pretty: false, into: &out)
    return out
  }

  /// Object keys in canonical order: by Unicode code point.
  public static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
    // For valid UTF-8, byte order is code-point order.
    members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  private static func write(_ value: JSONValue, indent: Int, pretty: Bool, into out: inout [UInt8]) {
    switch value {
    case .null: out += Array("null".utf8)
    case .bool(let flag): out += flag ? Array("true".utf8) : Array("false".utf8)
    case .integer(let number): out += Array(String(number).utf8)
    case .double(let number): out += Array(formatDouble(number).utf8)
    case .string(let text): writeString(text, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out += [0x5B, 0x5D]
        return
      }
      out.append(0x5B)
      for (position, element) in elements.enumerated() {
        if position > 0 { out.append(0x2C) }
        if pretty { newline(indent + 1, into: &out) }
        write(element, indent: indent + 1, pretty: pretty, into: &out)
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x5D)
    case .object(let members):
      if members.isEmpty {
        out += [0x7B, 0x7D]
        return
      }
      out.append(0x7B)
      for (position, key) in sortedKeys(members).enumerated() {
        if position > 0 { out.append(0x2C) }
        if pretty { newline(indent + 1, into: &out) }
        writeString(key, into: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        write(members[key] ?? .null, indent: indent + 1, pretty: pretty, into: &out)
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x7D)
    }
  }

  private static func newline(_ indent: Int, into out: inout [UInt8]) {
    out.append(0x0A)
    out += repeatElement(0x20, count: 2 * indent)
  }

  /// Shortest round-trip form. Swift and Python agree on it for the values the kit writes;
  /// `CanonicalJSONTests` checks the forms that matter against Python's own output.
  static func formatDouble(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    return "\(number)"
  }

  private static func writeString(_ text: String, into out: inout [UInt8]) {
    out.append(0x22)
    var text = text
    text.withUTF8 { bytes in
      // Runs of bytes that need no escape are copied whole; UTF-8 lead and continuation
      // bytes are written as they are.
      var runStart = 0
      for index in bytes.indices where bytes[index] < 0x20 || bytes[index] == 0x22 || bytes[index] == 0x5C {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        escape(bytes[index], into: &out)
        runStart = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(0x22)
  }

  private static func escape(_ byte: UInt8, into out: inout [UInt8]) {
    switch byte {
    case 0x22: out += [0x5C, 0x22]
    case 0x5C: out += [0x5C, 0x5C]
    case 0x0A: out += [0x5C, 0x6E]
    case 0x0D: out += [0x5C, 0x72]
    case 0x09: out += [0x5C, 0x74]
    case 0x08: out += [0x5C, 0x62]
    case 0x0C: out += [0x5C, 0x66]
    default:
      let hex = Array("0123456789abcdef".utf8)
      out += [0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
    }
  }

}
