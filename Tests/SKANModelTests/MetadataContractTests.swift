import SKANModel
import Testing

@Suite("Metadata (META-*)")
struct MetadataContractTests {
  func decide(_ metadata: [String: String], ios: String = "17.0") throws -> MetadataDecision {
    try MetadataContract.decide(metadata: metadata, iosVersion: ios)
  }

  @Test("META-6: API by iOS version, with exact boundaries")
  func apiByVersion() throws {
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "16.1")) == .fineCoarseLock)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "16.0.9")) == .fineOnly)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "15.4")) == .fineOnly)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "15.10")) == .fineOnly)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "15.3.1")) == .legacy)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "14")) == .legacy)
    #expect(SKANAPI.forIOS(try IOSVersion(parsing: "13.7")) == nil)
  }

  @Test("META-11: invalid versions")
  func invalidVersions() {
    for text in ["", "v16", "16.", "16.1.2.3", "16.x", "iOS 16"] {
      #expect(throws: ModelError(.invalidIOSVersion, "iOS version \"\(text)\" is not major[.minor[.patch]]")) {
        _ = try IOSVersion(parsing: text)
      }
    }
  }

  @Test("META-3, META-12: synthesized fine, coarse only on 16.1+")
  func calls() throws {
    let medium = try decide(["skan_coarse_value": "medium"])
    #expect(
      medium.skanCall == SKANCall(api: .fineCoarseLock, fine: .synthesized(from: .medium), coarse: .medium, lock: false)
    )
    let old = try decide(
      ["skan_conversion_value": "7", "skan_coarse_value": "low", "skan_lock_window": "yes"], ios: "16.0")
    #expect(old.skanCall == SKANCall(api: .fineOnly, fine: try FineValue(validating: 7), coarse: nil, lock: nil))
  }

  @Test("META-4: booleans in any case, nothing else")
  func booleans() throws {
    for text in ["true", "YES", "Yes", "1"] { #expect(try MetadataContract.parseBoolean(text, key: "k"), "\(text)") }
    for text in ["false", "NO", "0"] { #expect(try !MetadataContract.parseBoolean(text, key: "k"), "\(text)") }
    for text in ["on", "", " true", "y", "2"] {
      #expect(throws: ModelError.self, "\(text)") { _ = try MetadataContract.parseBoolean(text, key: "k") }
    }
  }

  @Test("META-7, META-8: overlay defaults and ignored prose keys")
  func overlay() throws {
    let decision = try decide([
      "skoverlay_app_id": "123", "overlay_position": "bottomRaised", "overlay_dismissible": "false",
    ])
    #expect(decision.overlay == OverlayRequest(appID: "123", position: .bottom, dismissible: true))
    #expect(decision.skanCall == nil)
    #expect(try decide(["skoverlay_position": "top"]).overlay == nil)
  }

  @Test("META-9: one bad key rejects everything, in the documented order")
  func precedence() {
    #expect(throws: ModelError.self) { _ = try decide(["skan_conversion_value": "1", "skoverlay_app_id": "x"]) }
    do {
      _ = try decide(["skan_conversion_value": "x", "skan_coarse_value": "y"], ios: "bad")
    } catch let error as ModelError {
      #expect(error.code == .invalidIOSVersion)
    } catch {
      Issue.record("unexpected error \(error)")
    }
  }

  @Test("META-10: a lock alone makes no call")
  func lockAlone() throws {
    #expect(try decide(["skan_lock_window": "true"]).skanCall == nil)
  }
}
