import Foundation
import PackagePlugin

/// Builds the committed `Vectors/*.json` files into the SKANVectors module as data, so that
/// `skan-conform` runs them without regenerating them from the model and without finding the
/// repository at run time.
///
/// The files are inputs of the build command: editing, adding or removing one rebuilds the
/// module, so the binary always holds the files of the tree it was built from. The loader
/// checks them against their manifest at run time like files on disk (`VectorSet.embedded()`),
/// and `skan-conform vectors generate --check` checks the files against the model.
@main
struct EmbedVectors: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
    let directory = context.package.directoryURL.appending(path: "Vectors")
    let names =
      ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.sorted()
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedVectorFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding the \(names.count) committed vector files in \(target.name)",
        executable: try context.tool(named: "skan-embed-vectors").url,
        arguments: [directory.path, output.path] + names,
        inputFiles: names.map { directory.appending(path: $0) },
        outputFiles: [output])
    ]
  }
}
