extension RequirementCatalog {
  /// Requirements of `Spec/signature.md`.
  static let signature: [Requirement] = []
}
