import SKANVocabulary

extension AttributionSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { AttributionScenarios.self }
}
