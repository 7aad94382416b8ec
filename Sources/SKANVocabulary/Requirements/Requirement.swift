/// One normative requirement of the Spec.
public struct Requirement: Sendable, Hashable, Identifiable {
  /// How binding a requirement is (RFC 2119).
  public enum Level: String, Sendable, Hashable, CaseIterable {
    /// An implementation that differs is not conformant.
    case must = "MUST"
    /// Differing needs a reason; expected differences are recorded in an expectations file.
    case should = "SHOULD"
    /// Optional behaviour.
    case may = "MAY"
  }

  /// Where a requirement comes from.
  public enum Basis: String, Sendable, Hashable, CaseIterable {
    /// Apple's documentation.
    case apple
    /// One of the seed documents the kit was created from.
    case seed
    /// A choice of the kit where the sources are silent or disagree; the Spec states the
    /// alternative.
    case kitDefined = "kit-defined"
  }

  /// The stable ID, such as `WIN-3`. Never reused.
  public let id: String
  /// The level.
  public let level: Level
  /// The basis.
  public let basis: Basis
  /// The part of the Spec (and the document) the requirement belongs to.
  public let area: Area
  /// The rule, in one or two sentences.
  public let statement: String
  /// The source: an Apple page, a seed file, or for kit-defined rules the reason.
  public let source: String
  /// For kit-defined rules: what the other reading would do.
  public let alternative: String?

  /// Creates a requirement.
  public init(
    _ id: String, _ level: Level, _ basis: Basis, area: Area, _ statement: String,
    source: String, alternative: String? = nil
  ) {
    self.id = id
    self.level = level
    self.basis = basis
    self.area = area
    self.statement = statement
    self.source = source
    self.alternative = alternative
  }
}
