import SKANVocabulary

extension PostbackSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { PostbackScenarios.self }
}
