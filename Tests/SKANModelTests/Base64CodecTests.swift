import Foundation
import SKANModel
import Testing

@Suite("Strict base64 and base64url (SIG-5, SIG-14)")
struct Base64CodecTests {
  @Test("standard base64 is canonical")
  func standard() {
    #expect(Base64Codec.decodeStandard("AQID") == [1, 2, 3], "AQID")
    #expect(Base64Codec.decodeStandard("AQI=") == [1, 2], "padded")
    #expect(Base64Codec.decodeStandard("AQI") == nil, "missing padding")
    #expect(Base64Codec.decodeStandard("AQJ=") == nil, "non-zero unused bits")
    #expect(Base64Codec.decodeStandard("AQ ID") == nil, "white space")
    #expect(Base64Codec.decodeStandard("") == nil, "empty")
  }

  @Test("base64url has no padding and its own alphabet")
  func url() {
    #expect(Base64Codec.decodeURL("-_8") == [0xFB, 0xFF], "URL alphabet")
    #expect(Base64Codec.decodeURL("+/8") == nil, "standard alphabet")
    #expect(Base64Codec.decodeURL("AQI=") == nil, "padding")
    #expect(Base64Codec.decodeURL("AQJ") == nil, "non-zero unused bits")
    #expect(Base64Codec.decodeURL("A") == nil, "one character")
    #expect(Base64Codec.encodeURL([0xFB, 0xFF]) == "-_8", "encode")
  }
}

@Suite("Base64Codec agrees with Foundation's encoder on every length and byte")
struct Base64CodecFoundationTests {
  /// Deterministic bytes: lengths 0 to 64, every byte value somewhere.
  static let samples: [[UInt8]] = (0...64).map { length in
    (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ length &* 11) }
  }

  @Test("encodes as Foundation does and decodes its own output")
  func roundTrip() {
    for bytes in Self.samples {
      let standard = Data(bytes).base64EncodedString()
      #expect(Base64Codec.encodeStandard(bytes) == standard, "length \(bytes.count)")
      let url = standard.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      #expect(Base64Codec.encodeURL(bytes) == url, "length \(bytes.count)")
      #expect(bytes.isEmpty || Base64Codec.decodeStandard(standard) == bytes, "length \(bytes.count)")
      #expect(Base64Codec.decodeURL(url) == bytes, "length \(bytes.count)")
    }
  }

  @Test("rejects every text that is not what an encoder writes")
  func strictness() {
    for bytes in Self.samples where !bytes.isEmpty {
      let standard = Data(bytes).base64EncodedString()
      // One symbol changed anywhere: decodes only when Foundation's canonical form agrees.
      for position in [0, standard.utf8.count / 2, standard.utf8.count - 1] {
        for replacement in ["A", "B", "=", " ", "-", "é"] {
          var scalars = Array(standard.unicodeScalars)
          scalars[position] = replacement.unicodeScalars.first!
          var text = ""
          text.unicodeScalars.append(contentsOf: scalars)
          let foundation = Data(base64Encoded: text).flatMap { $0.base64EncodedString() == text ? Array($0) : nil }
          #expect(Base64Codec.decodeStandard(text) == foundation, "\(text)")
        }
      }
    }
  }
}
