import SKANJSON
import SKANModel
import SKANVocabulary

/// What the receiver says it did with one arrival (`--claimed`): one JSON object a line, line
/// for line with the arrivals: `{"counted": true, "environment": "production"}`;
/// `environment` (`production` or `development`) may be absent or `null`.
public struct ClaimedOutcome: Sendable, Hashable {
  /// Whether the receiver counted the arrival.
  public var counted: Bool
  /// The environment it counted it in, when it says.
  public var environment: ReceivedPostback.Environment?

  /// Creates a claimed outcome.
  public init(counted: Bool, environment: ReceivedPostback.Environment?) {
    self.counted = counted
    self.environment = environment
  }

  /// Reads one line of the claimed file `name`.
  static func parse(_ bytes: ArraySlice<UInt8>, line: Int, name: String) throws(AuditError) -> ClaimedOutcome {
    let at = "\(VisibleName(name)), line \(line)"
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: Array(bytes))
    } catch {
      throw AuditError(.malformedLine, "\(at): not JSON (\(VisibleText.visible(String(describing: error))))")
    }
    guard let object = value.objectValue else { throw AuditError(.malformedLine, "\(at): not a JSON object") }
    guard let counted = object["counted"]?.boolValue else {
      throw AuditError(.malformedLine, "\(at): `counted` must be true or false")
    }
    var environment: ReceivedPostback.Environment?
    if let given = object[ReceivingSuite.Answer.environment.rawValue], !given.isNull {
      guard let text = given.stringValue, let known = ReceivedPostback.Environment(rawValue: text) else {
        throw AuditError(.malformedLine, "\(at): `environment` must be \"production\", \"development\" or null")
      }
      environment = known
    }
    return ClaimedOutcome(counted: counted, environment: environment)
  }
}
