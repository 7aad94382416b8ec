/// Why a JSON report could not be read back: the file, and the member at fault.
public struct ReportError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, naming the member (`results[3].status`, say).
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
