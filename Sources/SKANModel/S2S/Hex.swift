/// Lower-case hex encoding and a strict decoder.
public enum Hex {
  private static let digits = Array("0123456789abcdef".utf8)

  /// The bytes as lower-case hex.
  public static func encode(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count * 2)
    for byte in bytes {
      out.append(digits[Int(byte >> 4)])
      out.append(digits[Int(byte & 0x0f)])
    }
    return String(decoding: out, as: UTF8.self)
  }

  /// The bytes of an even number of hex digits (either letter case); `nil` for anything else.
  public static func decode(_ text: String) -> [UInt8]? {
    let chars = Array(text.utf8)
    guard chars.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(chars.count / 2)
    var index = 0
    while index < chars.count {
      guard let high = nibble(chars[index]), let low = nibble(chars[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func nibble(_ char: UInt8) -> UInt8? {
    switch char {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return char - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return char - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return char - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
