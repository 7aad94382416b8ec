extension RequirementCatalog {
  /// Requirements of `Spec/attribution.md`.
  static let attribution: [Requirement] = []
}
