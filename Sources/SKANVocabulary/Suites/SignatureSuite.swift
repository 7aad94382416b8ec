extension SuiteID {
  /// Postback signature verification and impression signing.
  public static let signature = SuiteID(declaring: "signature")
}

extension Requirement.Area {
  /// The signature suite's requirement table, in Spec/signature.md.
  public static let signature = Requirement.Area(.signature)
}

/// The `signature` suite: postback signature verification, impression signing, and
/// AdAttributionKit's JWS (Spec/signature.md).
public enum SignatureSuite: SuiteVocabulary {
  public static let id = SuiteID.signature
  public static let summary =
    "Signatures: SKAdNetwork postback verification, impression signing, AdAttributionKit JWS."

  /// Its requirements (Spec/signature.md).
  public static var requirements: [Requirement] { RequirementCatalog.signature }

  /// The operations, named by `op`.
  public enum Operation: String, MemberName {
    case verifyPostback = "verify-postback"
    case impressionSignedString = "impression-signed-string"
    case verifyImpression = "verify-impression"
    case verifyAAKPostback = "verify-aak-postback"
    case verifyAAKImpression = "verify-aak-impression"
    case aakImpressionSigningInput = "aak-impression-signing-input"
  }

  /// The members of the input (of every operation).
  public enum Input: String, MemberName {
    case op, postback
    case publicKey = "public_key"
    case kind, impression, signature, keys, jws, header, payload
  }

  /// The values of `kind` (`impression-signed-string`, `verify-impression`).
  public enum ImpressionKind: String, MemberName {
    case storekitRendered = "storekit-rendered"
    case viewThrough = "view-through"
    case web
  }

  /// The members of `verify-aak-postback`'s `postback`.
  public enum AAKPostback: String, MemberName {
    case jwsString = "jws-string"
  }

  /// The members of the output (of every operation).
  public enum Output: String, MemberName {
    case verdict, reason
    case signedString = "signed_string"
    case fidelityType = "fidelity_type"
    case kid
    case signingInput = "signing_input"
    case conversionType = "conversion_type"
  }

  /// Which output members are diagnostics (SIG-21; Spec/signature.md, "Levels of the output").
  ///
  /// For verification, conformance is the verdict (`verified`, `rejected`, `unverifiable`): it
  /// is what an ad network acts on. The reason, the signed string or signing input the check
  /// covered, and what the check read out of a payload explain a verdict; real libraries
  /// return a coarser reason or none, and no signed string, so these are compared only when a
  /// reply carries them, and a difference there is reported apart from conformance. The
  /// building operations (`impression-signed-string`, `aak-impression-signing-input`) have no
  /// diagnostics: the string they build is the behaviour under test. Sorted by name.
  public static func diagnosticPaths(of operation: Operation?) -> [DiagnosticPath] {
    let members: [Output]
    switch operation {
    case .verifyPostback?, .verifyImpression?: members = [.reason, .signedString]
    case .verifyAAKPostback?: members = [.conversionType, .kid, .reason, .signingInput]
    case .verifyAAKImpression?: members = [.reason, .signingInput]
    case .impressionSignedString?, .aakImpressionSigningInput?, nil: members = []
    }
    return members.map(DiagnosticPath.init)
  }
}
