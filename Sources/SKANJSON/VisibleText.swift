/// Text written so that no character of it can act on a terminal, a log viewer or a parser
/// instead of being read: every such character is written visibly as `\u{1B}`.
///
/// Written visibly: the C0 controls (NUL to U+001F, newline and tab included), DEL and the
/// C1 controls (U+007F to U+009F), the line and paragraph separators (U+2028, U+2029), the
/// bidirectional formatting characters (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to
/// U+2069: "Trojan Source") and the noncharacters (U+FDD0 to U+FDEF and the last two code
/// points of every plane, U+FFFE and U+FFFF among them, which XML 1.0 forbids). A Swift
/// string holds no lone surrogate. Every other character, markup included, is left as it is.
public enum VisibleText {
  /// `text` with every hazardous character written visibly, as one line.
  public static func visible(_ text: some StringProtocol) -> String {
    guard text.unicodeScalars.contains(where: isHazard) else { return String(text) }
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 8)
    for scalar in text.unicodeScalars {
      if isHazard(scalar) {
        out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  /// Whether `scalar` is one of the characters written visibly.
  public static func isHazard(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    switch value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: return true
    case 0xFDD0...0xFDEF: return true
    default: return value & 0xFFFE == 0xFFFE
    }
  }
}
