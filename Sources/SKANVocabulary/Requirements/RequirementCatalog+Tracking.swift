extension RequirementCatalog {
  static let adID = "Apple: adsupport/asidentifiermanager/advertisingidentifier"
  static let attStatus = "Apple: apptrackingtransparency/attrackingmanager/authorizationstatus"

  /// Requirements of the "App Tracking Transparency" section of `Spec/metadata.md`; they
  /// apply to the `metadata` suite and to the `s2s` suite's Singular request.
  static let tracking: [Requirement] = [
    Requirement(
      "ATT-1", .must, .seed, area: .att,
      "The IDFA is forwarded only when the ATT status is `authorized` and the app's consent flag is `true`; with consent `false` (never given, or withdrawn) nothing is forwarded, whatever the status.",
      source:
        "\(contract) (\"Only when ATT is authorized and consent allows, the SDK forwards the IDFA alongside the SKAN metadata\")"
    ),
    Requirement(
      "ATT-2", .must, .kitDefined, area: .att,
      "The status is one of `ATTrackingManager.AuthorizationStatus`'s four cases, by their Swift names: `notDetermined`, `restricted` and `denied` never forward an IDFA, even one the SDK still holds from an earlier authorization.",
      source:
        "\(attStatus); \(adID) (a unique UUID only when the status is `.authorized`; all zeros when not requested, denied or restricted; \"Users can change their authorization for tracking at any time… Check your app's authorization\"). Apple gives the all-zero identifier for iOS 14.5 and later; reading the status by its Swift names, and never forwarding on any iOS, are the kit's.",
      alternative:
        "The status as its raw value 0 to 3, or `notDetermined` forwarding a held IDFA below iOS 14.5: every vector such an implementation fails lists ATT-2."
    ),
    Requirement(
      "ATT-3", .must, .kitDefined, area: .att,
      "The all-zero UUID `00000000-0000-0000-0000-000000000000` is never forwarded, even when authorized with consent: it identifies no device.",
      source:
        "\(adID) returns all zeros whenever it has no identifier to give (not authorized, Simulator, macOS); forwarding it reports a device that does not exist.",
      alternative:
        "Forward whatever `advertisingIdentifier` returned, zeros included, and let the server discard them."),
    Requirement(
      "ATT-4", .must, .kitDefined, area: .att,
      "An IDFA is a UUID: 8-4-4-4-12 hexadecimal digits in either letter case, as `UUID(uuidString:)` reads them; anything else is `invalid-idfa`, checked whatever the status (a malformed identifier is an integration bug even when it would not be sent). A forwarded IDFA is passed on exactly as given.",
      source:
        "\(adID) is a `UUID`; an SDK that is handed text should refuse what no device returns. Apple says nothing of letter case; `uuidString` writes upper case.",
      alternative:
        "Forward any text, or upper-case the identifier before forwarding: an implementation that normalises fails the lower-case vectors."
    ),
    Requirement(
      "ATT-5", .must, .kitDefined, area: .att,
      "Without an ATT state (no `att` member) nothing is forwarded: an unknown status is not authorization.",
      source: "The contract gates on authorization; a state the SDK never read cannot be authorized.",
      alternative: "Forward when no state is known (pre-ATT behaviour), which leaks the IDFA of users never asked."
    ),
    Requirement(
      "ATT-6", .must, .kitDefined, area: .att,
      "The ATT state and consent decide the IDFA only: the conversion-value call and the overlay are the same in every state.",
      source:
        "Apple's conversion-value methods (\(skUpd)) have no ATT precondition; SKAdNetwork measures without the IDFA. The contract's advice to \"request ATT permission before loading ads when you rely on fine conversion values\" is about when the app asks, not a gate on the call.",
      alternative:
        "Send only coarse values, or no update, unless authorized: every vector such an implementation fails lists ATT-6."
    ),
    Requirement(
      "ATT-7", .must, .kitDefined, area: .att,
      "In Singular's S2S request (S2S-10), an IDFA that is not forwarded is left out: no `idfa` parameter, rather than the zero UUID or an empty value.",
      source:
        "\(singular) always sends `idfa`, with whatever the app configured; a parameter that carries no identifier tells the server nothing, and omitting it cannot be mistaken for a device.",
      alternative:
        "Send the zero UUID, which is what `advertisingIdentifier` itself returns unauthorized and what the snippet sends if the app passes it through."
    ),
  ]
}
