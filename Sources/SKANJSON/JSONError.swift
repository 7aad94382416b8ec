/// Why a text is not JSON the kit accepts.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String
  /// The 1-based line of the offending character.
  public var line: Int
  /// The 1-based column (in bytes) of the offending character.
  public var column: Int

  /// Creates an error at a position.
  public init(reason: String, line: Int, column: Int) {
    self.reason = reason
    self.line = line
    self.column = column
  }

  public var description: String { "line \(line), column \(column): \(reason)" }
}
