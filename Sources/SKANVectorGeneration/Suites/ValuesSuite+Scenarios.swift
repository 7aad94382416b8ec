import SKANVocabulary

extension ValuesSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { ValuesScenarios.self }
}
