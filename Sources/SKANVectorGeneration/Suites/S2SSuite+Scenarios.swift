import SKANVocabulary

extension S2SSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { S2SScenarios.self }
}
