/// How the runner reached the implementation, as a report names it (`transport`).
public enum TransportKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  /// One process for the run, requests pipelined over its standard input and output.
  case stdio
  /// One process per case (`--per-case`).
  case perCase = "per-case"
  /// POSTs to an HTTP endpoint (`--endpoint`).
  case http
  /// The kit's own reference model, called in the runner's process.
  case inProcess = "in-process"

  public var description: String { rawValue }
}
