/// Where a value sits in a JSON document: `input.updates[3].at`, `header.transport`,
/// `cases[12].expected`. Readers name the field with it in their errors.
public struct FieldPath: Sendable, Hashable, CustomStringConvertible {
  /// The path as text; empty for the root of a document that is named by member only.
  public let description: String

  /// A path that starts at `root` (`"input"`, `"header"`, or `""` when members are named
  /// bare). `root` may itself be a path: `"input.updates[3]"`.
  public init(_ root: String) { description = root }

  /// The path of `member` of the object here: `input.t0`, or `t0` from an empty root.
  public func appending(_ member: String) -> FieldPath {
    FieldPath(description.isEmpty ? member : "\(description).\(member)")
  }

  /// The path of element `index` of the array `member` of the object here: `input.updates[3]`.
  public func appending(_ member: String, _ index: Int) -> FieldPath {
    appending(member).element(index)
  }

  /// The path of element `index` of the array here: `input.updates[3]`.
  public func element(_ index: Int) -> FieldPath { FieldPath("\(description)[\(index)]") }
}
