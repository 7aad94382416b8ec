/// Why an audit stops: a file that cannot be read or is not what `audit` reads, each naming
/// the file and, for a stored arrival or a claimed outcome, its line (from 1). Every text
/// taken from the file is shown through ``SKANJSON/VisibleText``.
public struct AuditError: Error, Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Hashable {
    /// A file could not be opened or read.
    case unreadable
    /// A line longer than the limit (`--max-line-bytes`).
    case lineTooLong
    /// A line that is not one JSON object of the documented shape.
    case malformedLine
    /// The receiver's configuration is not the receiving input's members.
    case configuration
    /// An arrival earlier than the one before it (RCV-20).
    case outOfOrder
    /// An arrival on a path the configuration does not give (RCV-9).
    case unknownPath
    /// The claimed outcomes do not match the arrivals line for line.
    case claimedMismatch
    /// Shard reports or arrival files that do not belong to one audit.
    case mergeMismatch
  }

  /// What went wrong.
  public var kind: Kind
  /// The problem, naming the file, the line and the member.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, _ message: String) {
    self.kind = kind
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
