extension Requirement {
  /// The part of the Spec a requirement belongs to; the raw value is the name of its
  /// requirement table (`<!-- BEGIN GENERATED: requirements <area> -->`).
  ///
  /// Each suite declares its own area beside its `SuiteID` (`WindowSuite.swift`:
  /// `Requirement.Area(.window)`), so adding a suite adds no case here; the three areas that
  /// are not suites are declared below.
  public struct Area: Sendable, Hashable, CustomStringConvertible {
    /// The name of the requirement table.
    public let rawValue: String
    /// The Spec document that holds the area's requirement table, relative to `Spec/`.
    public let document: String

    /// An area whose table is in `document`.
    public init(_ name: String, document: String) {
      rawValue = name
      self.document = document
    }

    /// A suite's own area: its table is in the suite's document, `Spec/<suite>.md`.
    public init(_ suite: SuiteID) { self.init(suite.rawValue, document: "\(suite.rawValue).md") }

    /// Rules for every suite (Spec/README.md).
    public static let general = Area("general", document: "README.md")
    /// The order of conversion-value updates (values.md).
    public static let timeline = Area("timeline", document: "values.md")
    /// App Tracking Transparency and the IDFA (metadata.md).
    public static let att = Area("att", document: "metadata.md")

    /// Every area that has a requirement, in the order of `RequirementCatalog.all`.
    public static var allCases: [Area] {
      var seen: Set<Area> = []
      return RequirementCatalog.all.map(\.area).filter { seen.insert($0).inserted }
    }

    public var description: String { rawValue }
  }
}
