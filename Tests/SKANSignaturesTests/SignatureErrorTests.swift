import SKANSignatures
import Testing

@Suite("Signature errors")
struct SignatureErrorTests {
  @Test("an invalid key names the reason")
  func describesItself() {
    #expect(SignatureError.invalidKey("not base64").description == "invalid key: not base64")
  }
}
