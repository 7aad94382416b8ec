/// Strict base64 (RFC 4648 section 4) and base64url (section 5) decoding.
///
/// "Strict" means the text is exactly what an encoder writes: the right alphabet, padding only
/// where the variant has it, no white space, and unused trailing bits zero (the decoded bytes
/// encode back to the same text). Written on bytes, without Foundation: the reference decodes
/// a JWS's three parts for every AdAttributionKit case, and the text replacements a detour
/// through `Data(base64Encoded:)` needs cost more than the decoding.
public enum Base64Codec {
  /// Decodes standard base64 with `=` padding; `nil` when the text is not canonical base64.
  public static func decodeStandard(_ text: String) -> [UInt8]? {
    let bytes = Array(text.utf8)
    guard !bytes.isEmpty, bytes.count % 4 == 0 else { return nil }
    var end = bytes.count
    if bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
    if bytes[end - 1] == UInt8(ascii: "=") { end -= 1 }
    return decode(bytes[..<end], url: false)
  }

  /// Decodes base64url without padding (RFC 7515 section 2); `nil` when the text has padding,
  /// a character outside the URL-safe alphabet, or non-zero unused bits.
  public static func decodeURL(_ text: String) -> [UInt8]? {
    decode(Array(text.utf8)[...], url: true)
  }

  /// Decodes base64url without padding from its UTF-8 bytes, as ``decodeURL(_:)`` does.
  public static func decodeURL(bytes: ArraySlice<UInt8>) -> [UInt8]? {
    decode(bytes, url: true)
  }

  /// Encodes base64url without padding.
  public static func encodeURL(_ bytes: [UInt8]) -> String {
    encode(bytes, alphabet: urlAlphabet, padded: false)
  }

  /// Encodes standard base64 with padding.
  public static func encodeStandard(_ bytes: [UInt8]) -> String {
    encode(bytes, alphabet: standardAlphabet, padded: true)
  }

  private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
  private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

  /// The 6-bit value of one symbol of the alphabet, or `nil` for anything else (`=` included).
  private static func value(of symbol: UInt8, url: Bool) -> UInt32? {
    switch symbol {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): return UInt32(symbol - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): return UInt32(symbol - UInt8(ascii: "a")) + 26
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(symbol - UInt8(ascii: "0")) + 52
    case UInt8(ascii: "+") where !url, UInt8(ascii: "-") where url: return 62
    case UInt8(ascii: "/") where !url, UInt8(ascii: "_") where url: return 63
    default: return nil
    }
  }

  /// Decodes symbols without padding: a final group of 2 or 3 symbols holds 1 or 2 bytes and
  /// its unused low bits must be zero; a final group of 1 symbol is never canonical.
  private static func decode(_ symbols: ArraySlice<UInt8>, url: Bool) -> [UInt8]? {
    guard symbols.count % 4 != 1 else { return nil }
    var output: [UInt8] = []
    output.reserveCapacity(symbols.count * 3 / 4)
    var buffer: UInt32 = 0
    var bits = 0
    for symbol in symbols {
      guard let value = value(of: symbol, url: url) else { return nil }
      buffer = ((buffer << 6) | value) & 0x3FFF
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: buffer >> UInt32(bits)))
      }
    }
    guard buffer & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
    return output
  }

  private static func encode(_ bytes: [UInt8], alphabet: [UInt8], padded: Bool) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index < bytes.count {
      let count = min(3, bytes.count - index)
      var group: UInt32 = 0
      for offset in 0..<3 {
        group = group << 8 | (offset < count ? UInt32(bytes[index + offset]) : 0)
      }
      for position in 0..<(count + 1) {
        output.append(alphabet[Int(group >> UInt32(18 - 6 * position) & 0x3F)])
      }
      if padded { output.append(contentsOf: repeatElement(UInt8(ascii: "="), count: 3 - count)) }
      index += count
    }
    return String(decoding: output, as: UTF8.self)
  }
}
