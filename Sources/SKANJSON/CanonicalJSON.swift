/// The kit's canonical JSON text.
///
/// ``pretty(_:)`` is byte-for-byte what Python writes with
/// `json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False)` plus a trailing newline:
/// keys sorted by code point, two-space indent, `": "` between key and value, only the
/// escapes JSON requires, non-ASCII written as UTF-8, shortest round-trip doubles.
public enum CanonicalJSON {
  /// The indented form used for files in `Vectors/`, with a trailing newline.
  public static func pretty(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, pretty: true, into: &out)
    out.append("\n")
    return out
  }

  /// The single-line form used on the wire (`","` and `":"` without spaces).
  public static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, indent: 0, pretty: false, into: &out)
    return out
  }

  /// Object keys in canonical order: by Unicode code point.
  public static func sortedKeys(_ members: [String: JSONValue]) -> [String] {
    members.keys.sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
  }

  private static func write(_ value: JSONValue, indent: Int, pretty: Bool, into out: inout String) {
    switch value {
    case .null: out.append("null")
    case .bool(let flag): out.append(flag ? "true" : "false")
    case .integer(let number): out.append(String(number))
    case .double(let number): out.append(formatDouble(number))
    case .string(let text): writeString(text, into: &out)
    case .array(let elements):
      if elements.isEmpty {
        out.append("[]")
        return
      }
      out.append("[")
      for (position, element) in elements.enumerated() {
        if position > 0 { out.append(",") }
        if pretty { newline(indent + 1, into: &out) }
        write(element, indent: indent + 1, pretty: pretty, into: &out)
      }
      if pretty { newline(indent, into: &out) }
      out.append("]")
    case .object(let members):
      if members.isEmpty {
        out.append("{}")
        return
      }
      out.append("{")
      for (position, key) in sortedKeys(members).enumerated() {
        if position > 0 { out.append(",") }
        if pretty { newline(indent + 1, into: &out) }
        writeString(key, into: &out)
        out.append(pretty ? ": " : ":")
        write(members[key] ?? .null, indent: indent + 1, pretty: pretty, into: &out)
      }
      if pretty { newline(indent, into: &out) }
      out.append("}")
    }
  }

  private static func newline(_ indent: Int, into out: inout String) {
    out.append("\n")
    out.append(String(repeating: "  ", count: indent))
  }

  /// Shortest round-trip form. Swift and Python agree on it for the values the kit writes;
  /// `CanonicalJSONTests` checks the forms that matter against Python's own output.
  static func formatDouble(_ number: Double) -> String {
    guard number.isFinite else { return "null" }
    return "\(number)"
  }

  private static func writeString(_ text: String, into out: inout String) {
    out.append("\"")
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out.append("\\\"")
      case "\\": out.append("\\\\")
      case "\n": out.append("\\n")
      case "\r": out.append("\\r")
      case "\t": out.append("\\t")
      case "\u{08}": out.append("\\b")
      case "\u{0C}": out.append("\\f")
      default:
        if scalar.value < 0x20 {
          let hex = String(scalar.value, radix: 16)
          out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    out.append("\"")
  }
}
