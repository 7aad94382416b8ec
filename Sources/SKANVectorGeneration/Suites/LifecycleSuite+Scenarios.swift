import SKANVocabulary

extension LifecycleSuite: ScenarioSuite {
  static var scenarios: any SuiteScenarios.Type { LifecycleScenarios.self }
}
