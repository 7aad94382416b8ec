import Foundation

/// Strict base64 (RFC 4648 section 4) and base64url (section 5) decoding.
///
/// "Strict" means the text is exactly what an encoder writes: the right alphabet, padding only
/// where the variant has it, no white space, and unused trailing bits zero (the decoded bytes
/// encode back to the same text).
public enum Base64Codec {
  /// Decodes standard base64 with `=` padding; `nil` when the text is not canonical base64.
  public static func decodeStandard(_ text: String) -> [UInt8]? {
    guard !text.isEmpty, let data = Data(base64Encoded: text) else { return nil }
    guard data.base64EncodedString() == text else { return nil }
    return Array(data)
  }

  /// Decodes base64url without padding (RFC 7515 section 2); `nil` when the text has padding,
  /// a character outside the URL-safe alphabet, or non-zero unused bits.
  public static func decodeURL(_ text: String) -> [UInt8]? {
    for scalar in text.unicodeScalars {
      switch scalar {
      case "A"..."Z", "a"..."z", "0"..."9", "-", "_": continue
      default: return nil
      }
    }
    guard text.utf8.count % 4 != 1 else { return nil }
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while standard.utf8.count % 4 != 0 { standard += "=" }
    guard let data = Data(base64Encoded: standard) else { return nil }
    guard encodeURL(Array(data)) == text else { return nil }
    return Array(data)
  }

  /// Encodes base64url without padding.
  public static func encodeURL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
      .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }

  /// Encodes standard base64 with padding.
  public static func encodeStandard(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString()
  }
}
