import Foundation
import PackagePlugin

/// Writes, for the target it is applied to, the list of every registered suite as that module's
/// part of a suite (its reference codec, scenarios, fuzz generator or mutants), read from the one
/// list of suites, `SuiteRegistry.all` (Sources/SKANVocabulary/Suites/SuiteRegistry.swift).
///
/// The list is an array of `any <Part>.Type`: a registered suite that lacks the module's
/// conformance does not compile, and a suite is added in one place only.
@main
struct SuiteRegistries: BuildToolPlugin {
  /// The registry each target gets: the enum it extends, the protocol every suite conforms to
  /// in that module, and the access level of the list.
  static let registries: [String: (enumName: String, part: String, access: String)] = [
    "SKANSuiteCodecs": ("ReferenceSuites", "ReferenceSuite", "public"),
    "SKANVectorGeneration": ("ScenarioSuites", "ScenarioSuite", "internal"),
    "SKANFuzz": ("FuzzSuites", "FuzzSuite", "public"),
    "SKANMutants": ("MutantSuites", "MutantSuite", "public"),
  ]

  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    guard let registry = Self.registries[target.name] else {
      Diagnostics.error("SuiteRegistries has no registry for target \(target.name)")
      return []
    }
    let list = context.package.directoryURL.appending(path: "Sources/SKANVocabulary/Suites/SuiteRegistry.swift")
    let output = context.pluginWorkDirectoryURL.appending(path: "\(registry.enumName)+All.swift")
    return [
      .buildCommand(
        displayName: "Listing every registered suite as a \(registry.part) in \(target.name)",
        executable: try context.tool(named: "skan-suite-registries").url,
        arguments: [list.path, output.path, registry.enumName, registry.part, registry.access],
        inputFiles: [list],
        outputFiles: [output])
    ]
  }
}
