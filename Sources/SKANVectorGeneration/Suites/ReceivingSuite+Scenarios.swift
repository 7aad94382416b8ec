import SKANVocabulary

extension ReceivingSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { ReceivingScenarios.self }
}
