import Testing

@testable import SKANJSON

/// The eight-bytes-at-a-time scans give the answer of a loop over the bytes one by one,
/// wherever the byte that stops them sits in a word, and whatever comes after it.
@Suite("Scanning text eight bytes at a time")
struct ByteScanTests {
  /// The bytes that matter to a scan, and some that do not.
  static let alphabet: [UInt8] = [0x22, 0x5C, 0x20, 0x00, 0x1F, 0x7F, 0x80, 0xFF, 0x61, 0x0A, 0x0D, 0x09, 0x21, 0x5B]

  /// Texts of 0 to 40 bytes of plain letters with one or two bytes of the alphabet placed at
  /// every position, and a few thousand random ones.
  static func texts() -> [[UInt8]] {
    var texts: [[UInt8]] = []
    for length in 0...40 {
      texts.append(Array(repeating: 0x61, count: length))
      texts.append(Array(repeating: 0x20, count: length))
      for position in 0..<length {
        for byte in alphabet {
          var text = [UInt8](repeating: 0x61, count: length)
          text[position] = byte
          texts.append(text)
          // A second stop later in the same word: the first must still win.
          if position + 3 < length {
            text[position + 3] = 0x22
            texts.append(text)
          }
        }
      }
    }
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3000 {
      let length = Int.random(in: 0...64, using: &generator)
      texts.append((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 })
    }
    return texts
  }

  @Test("each scan stops where a byte-by-byte loop stops, from every start")
  func sameAsLoop() {
    for text in Self.texts() {
      text.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        for start in 0...text.count {
          let end = text.count
          let quoteOrBackslash = text[start...].firstIndex { $0 == 0x22 || $0 == 0x5C } ?? end
          #expect(ByteScan.quoteOrBackslash(base, from: start, to: end) == quoteOrBackslash, "\(text) from \(start)")
          let stop = text[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 } ?? end
          #expect(ByteScan.stringStop(base, from: start, to: end) == stop, "\(text) from \(start)")
          let spaces = text[start...].firstIndex { $0 != 0x20 } ?? end
          #expect(ByteScan.endOfSpaces(base, from: start, to: end) == spaces, "\(text) from \(start)")
          let whiteSpace = text[start...].firstIndex { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } ?? end
          #expect(ByteScan.endOfWhiteSpace(base, from: start, to: end) == whiteSpace, "\(text) from \(start)")
          // A shorter end than the buffer's: nothing past it is read as found.
          if start < end {
            let shorter = end - 1
            let within = text[start..<shorter].firstIndex { $0 == 0x22 || $0 == 0x5C } ?? shorter
            #expect(ByteScan.quoteOrBackslash(base, from: start, to: shorter) == within, "\(text) to \(shorter)")
          }
        }
      }
    }
  }
}
