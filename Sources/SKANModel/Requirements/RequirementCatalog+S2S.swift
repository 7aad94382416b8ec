extension RequirementCatalog {
  /// Requirements of `Spec/s2s.md`.
  static let s2s: [Requirement] = []
}
