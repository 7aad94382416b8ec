/// Why a `--shard` value is not `I/N` with 1 <= I <= N.
public struct ShardSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is wrong, naming the option and the value.
  public var message: String

  /// Creates an error.
  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
