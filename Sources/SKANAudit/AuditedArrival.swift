import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVocabulary

/// One stored arrival as the audit judged it: the receiving pipeline's outcome
/// (Spec/receiving.md), the fields the postback cannot carry (Spec/audit.md) and, with
/// `--claimed`, where the receiver's own outcome differs.
public struct AuditedArrival: Sendable {
  /// Its line in the arrivals file, from 1.
  public var line: Int
  /// Its time, Unix milliseconds.
  public var at: Int
  /// Its path.
  public var path: String
  /// The pipeline's outcome; `duplicateOf` is the line of the counted arrival.
  public var postback: ReceivedPostback
  /// The fields a verified postback cannot carry.
  public var findings: [ReceivedFieldCheck.Finding]
  /// The number of characters of a verified postback's `source-identifier`.
  public var sourceDigits: Int?
  /// The receiver's outcome, with `--claimed`.
  public var claimed: ClaimedOutcome?
  /// Where the receiver's outcome differs from the kit's.
  public var disagreement: Disagreement?

  /// One line of `--arrivals-out`: every member always present.
  public var json: JSONValue {
    typealias Answer = ReceivingSuite.Answer
    typealias Arrival = ReceivingSuite.Arrival
    let findings: [JSONValue] = findings.map { finding in
      .object([
        "code": .string(finding.code.rawValue), "field": .string(finding.field),
        "requirements": .array(finding.requirements.map(JSONValue.string)),
      ])
    }
    let claimed: JSONValue =
      self.claimed.map { outcome in
        .object([
          "counted": .bool(outcome.counted),
          Answer.environment.rawValue: outcome.environment.map { .string($0.rawValue) } ?? .null,
        ])
      } ?? .null
    // The receiving answer without what the audit does not judge: the HTTP response, and
    // the duplicate's arrival index (the audit names its line instead).
    let outcome = ReceivingSuite.encode(postback)
      .setting(Answer.response, nil).setting(Answer.duplicateOf, nil)
    return outcome.setting(Arrival.at, .integer(at)).setting(Arrival.path, .string(path))
      .setting("line", .integer(line))
      .setting("duplicate_of_line", postback.duplicateOf.map { .integer($0) } ?? .null)
      .setting("findings", .array(findings)).setting("claimed", claimed)
      .setting("disagreement", disagreement.map { .string($0.rawValue) } ?? .null)
  }
}
