import SKANJSON
import SKANVerdicts

/// How much of the implementation's replies one run keeps in its report.
///
/// A failing case's result holds the reply whole (`actual`) and the values that differ, so
/// that the JSON report can show them. A reply may be as large as the 8 MiB line cap, and a
/// hostile implementation can send one for every case: kept whole, 831 of them would take
/// tens of gigabytes once parsed and could end the run without its report. So a run keeps
/// replies up to a budget (64 MiB of canonical JSON by default), counted in the order cases
/// are judged; past it, a failing case keeps its status and message, names the size of what
/// was dropped, and carries no `actual` and no differences.
public struct ReplyRetention: Sendable {
  /// The default budget: 64 MiB of canonical JSON.
  public static let defaultLimit = 64 << 20

  /// The budget, in bytes of canonical JSON.
  public let limit: Int
  /// The bytes kept so far.
  public private(set) var retained = 0

  /// A budget of `limit` bytes.
  public init(limit: Int = ReplyRetention.defaultLimit) { self.limit = limit }

  /// Keeps `result`'s reply and differing values if they fit in what is left of the budget;
  /// otherwise drops them and says so in its message.
  public mutating func admit(_ result: inout CaseResult) {
    admit(&result, size: Self.size(of: result))
  }

  /// What keeping `result`'s reply and differing values costs: their bytes of canonical JSON.
  /// Linear in their size, and O(n log n) in their keys.
  public static func size(of result: CaseResult) -> Int {
    let values = [result.actual] + result.differences.map(\.actual)
    return values.reduce(0) { total, value in total + (value.map { CanonicalJSON.compactBytes($0).count } ?? 0) }
  }

  /// ``admit(_:)`` with `size` measured beforehand by ``size(of:)``, so that a caller can
  /// measure a large reply without holding whatever guards the budget.
  public mutating func admit(_ result: inout CaseResult, size: Int) {
    guard size > 0 else { return }
    if retained + size <= limit {
      retained += size
      return
    }
    result.actual = nil
    result.differences = []
    let note =
      "the reply and its differing values (\(size) bytes of JSON) are not kept: the run keeps at most \(limit) bytes of replies in its report"
    result.message = result.message.map { "\($0) (\(note))" } ?? note
  }
}
