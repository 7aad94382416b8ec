import ArgumentParser
import Foundation
import SKANInit
import SKANModel
import SKANRunner

/// `skan-conform init --language python|node|go|swift|php|java --suite window,values [--output DIR]`.
struct InitCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "init",
    abstract: "Write a ready adapter skeleton (Python, Node.js, Go, Swift, PHP or Java) for the suites you name.",
    discussion: """
      The skeleton speaks the adapter protocol, declares the suites, answers every case of them \
      "skipped" (reason "not implemented yet") from one function per suite that you replace, and \
      passes `skan-conform doctor` as written. Its first `run` exits 1: a run in which every case is \
      skipped executes nothing and is not a pass. Existing files are never overwritten. \
      The commands printed next quote every path for a POSIX shell. \
      Exit codes: 0 written; 2 usage error (unknown language or suite, an empty entry in the \
      --suite list, a file that exists, a directory that cannot be written).
      """)

  @Option(help: ArgumentHelp("python, node, go, swift, php or java.", valueName: "language"))
  var language: String

  @Option(
    help: ArgumentHelp(
      "The suites to declare, comma-separated (repeatable), or all: \(Suite.allCases.map(\.rawValue).joined(separator: ", ")).",
      valueName: "suites"))
  var suite: [String] = []

  @Option(help: ArgumentHelp("The directory to write into (created if missing).", valueName: "dir"))
  var output: String = "."

  @Option(help: ArgumentHelp("implementation.name in the hello reply.", valueName: "name"))
  var name: String = SkeletonRequest.defaultName

  func run() throws {
    do {
      let request = try SkeletonRequest(
        language: try AdapterLanguage(argument: language), suites: try SkeletonRequest.suites(parsing: suite),
        name: name)
      let files = AdapterSkeleton.files(for: request)
      let written = try SkeletonWriter.write(files, into: output)
      // The paths and the arguments echoed are the user's text, which may hold control
      // characters: every line is shown through DisplayText.
      for path in written { print("wrote \(DisplayText(path))") }
      print("")
      for line in AdapterSkeleton.nextSteps(for: request, directory: output) { print(DisplayText.visible(line)) }
    } catch {
      printError("skan-conform init: \(DisplayText(String(describing: error)))")
      throw KitExit.usage
    }
  }
}
