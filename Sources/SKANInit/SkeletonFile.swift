/// One file of a skeleton, not yet written.
public struct SkeletonFile: Sendable, Equatable {
  /// The path relative to the output directory.
  public var path: String
  /// The whole text.
  public var contents: String
  /// Whether it is written with execute permission (a `#!` script).
  public var isExecutable: Bool
}
