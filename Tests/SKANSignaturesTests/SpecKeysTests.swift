import Foundation
import SKANModel
import SKANTestSupport
import Testing

/// Every key the kit verifies with when an input gives none is printed in Spec/signature.md,
/// whole, so that a verifier written from the Spec alone has them.
@Suite("Apple's keys in the Spec")
struct SpecKeysTests {
  @Test("each of Apple's keys the model uses is in Spec/signature.md's table, copyable")
  func everyKeyPrinted() throws {
    let spec = try String(contentsOfFile: RepositoryPaths.root + "/Spec/signature.md", encoding: .utf8)
    let keys =
      [("SKAdNetwork P-256", AppleKeys.skanP256), ("SKAdNetwork P-192", AppleKeys.skanP192)]
      + AppleKeys.aakByKID.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    for (name, key) in keys {
      // In backquotes, as one table cell: copied whole, not cut or wrapped.
      #expect(spec.contains("| `\(key)` |"), "\(name): its key is not in Spec/signature.md")
    }
  }
}
