public import SKANJSON
import SKANVectors
public import SKANVerdicts

/// An expectations file: vector IDs or globs mapped to the status an implementation is known
/// to get, with a reason and a link, so that a known difference does not fail CI and a fix
/// does not go unnoticed.
///
/// ```json
/// {"schema_version": 1, "expectations": {
///   "window/p1-48h-exact": {"status": "fail", "reason": "we count edges inclusively", "link": "https://…"},
///   "metadata/lock-upper-*": {"status": "error", "reason": "lower-case booleans only"}}}
/// ```
public struct Expectations: Sendable {
  /// One entry.
  public struct Entry: Sendable, Hashable {
    /// The ID or glob it was keyed by.
    public var pattern: String
    /// The expected status.
    public var status: CaseStatus
    /// Why.
    public var reason: String
    /// A link to an issue or a note, if any.
    public var link: String?
  }

  /// The entries.
  public var entries: [Entry]

  /// Creates expectations.
  public init(entries: [Entry]) { self.entries = entries }

  /// Reads an expectations file's JSON.
  /// - Throws: ``RunnerError/invalidExpectations(file:message:)`` naming the entry and the field.
  public init(json: JSONValue, file: String) throws(RunnerError) {
    let needs = RunnerError.invalidExpectations(
      file: file, message: "needs an \"expectations\" object keyed by vector ID or glob")
    let root = try JSONFields(json, at: FieldPath(""), fail: { _ in needs })
    let members = try root.object("expectations")
    if let version = root["schema_version"], version.exactInteger != 1 {
      throw .invalidExpectations(file: file, message: "schema_version \(version) is not supported (1 is)")
    }
    var entries: [Entry] = []
    for pattern in CanonicalJSON.sortedKeys(members.members) {
      // Any problem with an entry is worded by the field it is about: an entry that is not
      // an object, or has no valid status, gets the status message.
      let entryPath = FieldPath(pattern)
      let fail: @Sendable (FieldProblem) -> RunnerError = { problem in
        let field = problem.path == entryPath.appending("reason") ? Self.reasonRule : Self.statusRule
        return .invalidExpectations(file: file, message: "entry \(pattern): field \(field)")
      }
      let value = try JSONFields(members[pattern] ?? .null, at: entryPath, fail: fail)
      let status = try value.choice("status", CaseStatus.self)
      let reason = try value.string("reason")
      guard !reason.isEmpty else { throw fail(.outOfRange(entryPath.appending("reason"), "is empty")) }
      entries.append(Entry(pattern: pattern, status: status, reason: reason, link: value["link"]?.stringValue))
    }
    self.init(entries: entries)
  }

  /// What an entry's `status` must be.
  private static let statusRule =
    "status must be one of \(CaseStatus.allCases.map(\.rawValue).joined(separator: ", "))"
  /// What an entry's `reason` must be.
  private static let reasonRule = "reason must be a non-empty string"

  /// The file's JSON, as ``init(json:file:)`` reads it back: `schema_version` 1 and each
  /// entry's status, reason and link (`null` when it has none).
  public var json: JSONValue {
    var members: [String: JSONValue] = [:]
    for entry in entries {
      members[entry.pattern] = [
        "status": .string(entry.status.rawValue), "reason": .string(entry.reason), "link": .optional(entry.link),
      ]
    }
    return ["schema_version": 1, "expectations": .object(members)]
  }

  /// Expectations that accept every difference among `results` (``CaseResult/isDifference``)
  /// with the status it had, keeping the reason and link `previous` gives an ID that is still
  /// there; otherwise the result's message is the reason (or a note that it was recorded, for
  /// a result without one, since a reason is never empty).
  public static func recording(_ results: [CaseResult], keeping previous: Expectations?) -> Expectations {
    // One entry per ID; a report that holds an ID twice (`--repeat`) gives its last result.
    var order: [String] = []
    var byID: [String: Entry] = [:]
    for result in results where result.isDifference {
      let old = previous?.entries.first { $0.pattern == result.id }
      let message = result.message.flatMap { $0.isEmpty ? nil : $0 }
      if byID[result.id] == nil { order.append(result.id) }
      byID[result.id] = Entry(
        pattern: result.id, status: result.status, reason: old?.reason ?? message ?? "recorded from a report",
        link: old?.link)
    }
    return Expectations(entries: order.compactMap { byID[$0] })
  }

  /// The entry for an ID: an exact key wins; otherwise the longest matching glob.
  public func entry(for id: String) -> Entry? {
    if let exact = entries.first(where: { $0.pattern == id }) { return exact }
    return entries.filter { Glob.matches($0.pattern, id) }.max { $0.pattern.count < $1.pattern.count }
  }

  /// Marks each result with its expectation and lists the entries that match no known ID.
  public func apply(to report: inout RunReport, knownIDs: [String]) {
    for index in report.results.indices {
      if let entry = entry(for: report.results[index].id) {
        report.results[index].expectedStatus = entry.status
        report.results[index].expectationReason = entry.reason
        report.results[index].expectationLink = entry.link
      }
    }
    report.staleExpectations = entries.map(\.pattern).filter { pattern in
      !knownIDs.contains { Glob.matches(pattern, $0) }
    }
  }
}
