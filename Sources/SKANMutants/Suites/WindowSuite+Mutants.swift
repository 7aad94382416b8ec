public import SKANSuites
public import SKANVocabulary

extension WindowSuite: MutantSuite {
  /// The window suite's mutants (MutantCatalog+Window.swift).
  public static var mutants: [Mutant] { MutantCatalog.window }
}
