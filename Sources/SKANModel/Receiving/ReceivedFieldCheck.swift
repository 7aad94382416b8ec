import SKANJSON

/// The fields of a verified postback that Apple's devices cannot send together (Spec/audit.md):
/// checks an audit of stored postbacks adds to the receiving pipeline. Each finding names the
/// requirement that rules the combination out; a postback with a finding is still counted as
/// the pipeline says (Apple signed it), and the audit reports it.
///
/// Only members Apple documents are read: a forwarded body's own additions (a `timestamp`, an
/// MMP's `adjust-*` members) are never a finding.
public enum ReceivedFieldCheck {
  /// One impossible field or combination.
  public struct Finding: Sendable, Hashable {
    /// What is wrong, a stable code.
    public var code: Code
    /// The member it is about.
    public var field: String
    /// The requirement IDs that rule it out.
    public var requirements: [String] { code.requirements }

    /// Creates a finding.
    public init(_ code: Code, field: String) {
      self.code = code
      self.field = field
    }
  }

  /// The kinds of finding.
  public enum Code: String, Sendable, Hashable, CaseIterable {
    /// Both a fine and a coarse value (PB-12).
    case fineAndCoarse = "fine-and-coarse"
    /// A fine value that is not an integer from 0 to 63 (VAL-1, VAL-2).
    case fineOutOfRange = "fine-out-of-range"
    /// A coarse value that is not `low`, `medium` or `high` (VAL-3, VAL-8).
    case coarseUnknown = "coarse-unknown"
    /// A losing postback with a conversion value, a source app or domain, or a country (PB-7).
    case loserWithWinnerField = "loser-with-winner-field"
    /// A second or third postback with a fine value, a source app or domain, or a country
    /// (PB-3).
    case laterWindowWithFirstWindowField = "later-window-with-first-window-field"
    /// A source identifier that is not a string of 2 to 4 ASCII digits, or not of 2 digits in a
    /// second or third postback (PB-4).
    case sourceIdentifierDigits = "source-identifier-digits"
    /// A country code that is not two ASCII upper-case letters (PB-21).
    case countryCodeForm = "country-code-form"
    /// A member of another version's format: before 4.0 a source identifier, coarse value,
    /// sequence index or country; in 4.0 a campaign ID; `did-win` before 3.0; `fidelity-type`
    /// before 2.2 (PB-10).
    case memberOfAnotherVersion = "member-of-another-version"

    /// The requirements that rule it out.
    public var requirements: [String] {
      switch self {
      case .fineAndCoarse: return ["PB-12"]
      case .fineOutOfRange: return ["VAL-1", "VAL-2"]
      case .coarseUnknown: return ["VAL-3", "VAL-8"]
      case .loserWithWinnerField: return ["PB-7"]
      case .laterWindowWithFirstWindowField: return ["PB-3"]
      case .sourceIdentifierDigits: return ["PB-4"]
      case .countryCodeForm: return ["PB-21"]
      case .memberOfAnotherVersion: return ["PB-10"]
      }
    }
  }

  /// The findings for a verified SKAdNetwork postback's members, in a fixed order.
  public static func skadnetwork(_ members: [String: JSONValue]) -> [Finding] {
    let version = members["version"]?.stringValue.flatMap(PostbackVersion.init(rawValue:)) ?? .v1_0
    var findings = values(members)
    let v4 = version == .v4_0
    let signed = Set(version.signedFields.map(\.name))
    let foreign =
      v4
      ? ["campaign-id"]
      : ["source-identifier", "coarse-conversion-value", "postback-sequence-index", "country-code"]
        + ["did-win", "fidelity-type"].filter { !signed.contains($0) }
    for name in foreign where present(members[name]) {
      findings.append(Finding(.memberOfAnotherVersion, field: name))
    }
    findings += placement(
      members, window: v4 ? members["postback-sequence-index"]?.exactInteger ?? 0 : 0,
      source: ["source-app-id", "source-domain"], checkDigits: v4)
    return findings
  }

  /// The findings for a verified AdAttributionKit postback: its JWS payload and the members
  /// beside `jws-string`, in a fixed order.
  public static func adAttributionKit(payload: [String: JSONValue], outer: [String: JSONValue]) -> [Finding] {
    var merged = outer
    for name in ["did-win", "postback-sequence-index", "source-identifier", "publisher-item-identifier"] {
      merged[name] = payload[name]
    }
    return values(merged)
      + placement(
        merged, window: payload["postback-sequence-index"]?.exactInteger ?? 0, source: ["publisher-item-identifier"],
        checkDigits: true)
  }

  /// PB-12, VAL-1 to VAL-3, PB-21: the values themselves.
  static func values(_ members: [String: JSONValue]) -> [Finding] {
    var findings: [Finding] = []
    let fine = members["conversion-value"]
    let coarse = members["coarse-conversion-value"]
    if present(fine), present(coarse) { findings.append(Finding(.fineAndCoarse, field: "coarse-conversion-value")) }
    if let fine, present(fine), !(fine.exactInteger.map { (0...63).contains($0) } ?? false) {
      findings.append(Finding(.fineOutOfRange, field: "conversion-value"))
    }
    if let coarse, present(coarse), !["low", "medium", "high"].contains(where: { coarse.stringValue == $0 }) {
      findings.append(Finding(.coarseUnknown, field: "coarse-conversion-value"))
    }
    if let country = members["country-code"], present(country) {
      let letters = country.stringValue.map { Array($0.utf8) } ?? []
      if letters.count != 2 || !letters.allSatisfy({ (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
        findings.append(Finding(.countryCodeForm, field: "country-code"))
      }
    }
    return findings
  }

  /// PB-3, PB-4, PB-7: what a loser or a later window cannot carry, and the source
  /// identifier's digits.
  static func placement(
    _ members: [String: JSONValue], window: Int, source: [String], checkDigits: Bool
  ) -> [Finding] {
    var findings: [Finding] = []
    if members["did-win"]?.boolValue == false {
      for name in ["conversion-value", "coarse-conversion-value"] + source + ["country-code"]
      where present(members[name]) {
        findings.append(Finding(.loserWithWinnerField, field: name))
      }
    }
    if window != 0 {
      for name in ["conversion-value"] + source + ["country-code"] where present(members[name]) {
        findings.append(Finding(.laterWindowWithFirstWindowField, field: name))
      }
    }
    if checkDigits {
      let digits = members["source-identifier"]?.stringValue.map { Array($0.utf8) } ?? []
      let allowed = window == 0 ? 2...4 : 2...2
      if !allowed.contains(digits.count)
        || !digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      {
        findings.append(Finding(.sourceIdentifierDigits, field: "source-identifier"))
      }
    }
    return findings
  }

  /// Whether a member is there with a value (a `null` is treated as absent).
  static func present(_ value: JSONValue?) -> Bool {
    guard let value else { return false }
    return !value.isNull
  }
}
