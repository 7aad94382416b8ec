import Foundation
import SKANModel
import Testing

@Suite("App Tracking Transparency (ATT-*)")
struct IDFAGateTests {
  static let idfa = "6D92078A-8246-4BA4-AE5B-76104861E7DC"

  func forwarded(_ status: TrackingAuthorization?, consent: Bool = true, idfa: String? = idfa) throws -> String? {
    try IDFAGate.forwarded(
      text: idfa, tracking: status.map { TrackingState(authorization: $0, consent: consent) })?.text
  }

  @Test("ATT-1, ATT-2: only authorized with consent forwards, in every other state nothing leaks")
  func states() throws {
    #expect(try forwarded(.authorized) == Self.idfa)
    #expect(try forwarded(.authorized, consent: false) == nil)
    for status in [TrackingAuthorization.notDetermined, .restricted, .denied] {
      #expect(try forwarded(status) == nil, "\(status)")
      #expect(try forwarded(status, consent: false) == nil, "\(status)")
    }
  }

  @Test("ATT-3, ATT-5: the zero UUID and an unknown state forward nothing")
  func zeroAndUnknown() throws {
    #expect(try forwarded(.authorized, idfa: AdvertisingIdentifier.zero) == nil)
    #expect(try forwarded(nil) == nil)
    #expect(try forwarded(.authorized, idfa: nil) == nil)
  }

  @Test("ATT-4: a UUID in either case is forwarded as given; anything else is invalid-idfa, whatever the state")
  func syntax() throws {
    #expect(try forwarded(.authorized, idfa: Self.idfa.lowercased()) == Self.idfa.lowercased())
    let bad = ["", "not-an-idfa", "{\(Self.idfa)}", Self.idfa.replacingOccurrences(of: "-", with: ""), " \(Self.idfa)"]
    for text in bad {
      for status in [TrackingAuthorization.denied, .authorized] {
        let error = #expect(throws: ModelError.self, "\(text) under \(status)") {
          _ = try forwarded(status, idfa: text)
        }
        #expect(error?.code == .invalidIDFA)
      }
    }
  }

  @Test("ATT-6: the call and the overlay are the same in every state; the IDFA is checked after the metadata values")
  func callUnchanged() throws {
    let metadata = ["skan_conversion_value": "42", "skan_coarse_value": "high", "skoverlay_app_id": "123"]
    let plain = try MetadataContract.decide(metadata: metadata, iosVersion: "17.0")
    for status in TrackingAuthorization.allCases {
      for consent in [false, true] {
        let decision = try MetadataContract.decide(
          metadata: metadata, iosVersion: "17.0", idfa: Self.idfa,
          tracking: TrackingState(authorization: status, consent: consent))
        #expect(decision.skanCall == plain.skanCall && decision.overlay == plain.overlay, "\(status) \(consent)")
        #expect((decision.idfa != nil) == (status == .authorized && consent), "\(status) \(consent)")
      }
    }
    let error = #expect(throws: ModelError.self) {
      _ = try MetadataContract.decide(metadata: ["skan_conversion_value": "x"], iosVersion: "17.0", idfa: "nope")
    }
    #expect(error?.code == .fineNotInteger)
  }
}
