import SKANVocabulary

extension MetadataSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { MetadataScenarios.self }
}
