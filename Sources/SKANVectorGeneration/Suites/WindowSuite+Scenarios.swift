import SKANVocabulary

extension WindowSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { WindowScenarios.self }
}
