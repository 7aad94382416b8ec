/// The text form of a UUID the kit accepts wherever Apple passes one (an impression nonce,
/// SIG-11; an IDFA, ATT-4): 36 characters, hexadecimal digits in either letter case (as
/// `UUID(uuidString:)` reads them) in groups of 8, 4, 4, 4 and 12 separated by `-`, and
/// nothing else: no braces, no white space.
public enum UUIDText {
  /// Whether `text` is a UUID in that form.
  public static func isValid(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      if [8, 13, 18, 23].contains(index) {
        guard byte == UInt8(ascii: "-") else { return false }
      } else {
        let isHex =
          (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
          || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        guard isHex else { return false }
      }
    }
    return true
  }
}
