extension RequirementCatalog {
  /// Requirements of `Spec/postback.md`.
  static let postback: [Requirement] = []
}
