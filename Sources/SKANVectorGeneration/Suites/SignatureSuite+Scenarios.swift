import SKANVocabulary

extension SignatureSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { SignatureScenarios.self }
}
