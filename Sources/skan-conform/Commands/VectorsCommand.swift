import ArgumentParser
import Foundation
import SKANRunner
import SKANVectorGeneration
import SKANVectors

/// `skan-conform vectors …`.
struct VectorsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "vectors", abstract: "Generate and check the golden vectors.",
    subcommands: [Generate.self])

  /// `skan-conform vectors generate [--check]`.
  struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "generate",
      abstract: "Write Vectors/ and the Spec's requirement tables from the reference model.",
      discussion: """
        With --check nothing is written: the files are regenerated in memory and compared \
        byte for byte with the committed ones; any difference is printed, naming the file \
        and the case, and the exit code is 1.
        """)

    @Flag(help: "Compare instead of writing; exit 1 on any difference.")
    var check = false

    @Option(help: ArgumentHelp("The repository root holding Vectors/ and Spec/.", valueName: "dir"))
    var root = "."

    func validate() throws {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/Spec", isDirectory: &isDirectory), isDirectory.boolValue
      else {
        throw ValidationError("\(root) has no Spec/ directory; run from the repository root or pass --root")
      }
    }

    func run() throws {
      do {
        if check {
          let report = try DriftCheck.check(root: root)
          if report.isClean {
            print("vectors: \(report.filesChecked) generated files match the committed ones")
            return
          }
          for problem in report.problems { print(problem) }
          printError(
            "error: \(report.problems.count) difference(s) between the model and the committed files; run `skan-conform vectors generate` if the model change is intended"
          )
          throw KitExit.unexpected
        }
        let changed = try DriftCheck.write(root: root)
        for path in changed { print("wrote \(path)") }
        if changed.isEmpty { print("vectors: up to date") }
      } catch let error as VectorsError {
        printError("error: \(DisplayText(String(describing: error)))")
        throw KitExit.invalidVectors
      }
    }
  }
}
