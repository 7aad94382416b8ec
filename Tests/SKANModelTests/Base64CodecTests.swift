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
