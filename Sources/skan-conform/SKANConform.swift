import ArgumentParser
import Foundation
import SKANVectors

/// `skan-conform`: the conformance kit's command line.
@main
struct SKANConform: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "skan-conform",
    abstract: "Conformance kit and reference model for SKAdNetwork 4 and AdAttributionKit.",
    discussion: """
      Exit codes: 0 success; 1 unexpected results (a drift, a failing case); 2 usage error; \
      3 the implementation could not start; 4 the vectors are invalid.
      """,
    version: Manifest.kitVersion,
    subcommands: [
      RunCommand.self, ListCommand.self, VectorsCommand.self, ReferenceCommand.self, ExpectationsCommand.self,
      ProbeCommand.self, SpecCommand.self, ReportCommand.self, SelfcheckCommand.self, DoctorCommand.self,
      FuzzCommand.self, InitCommand.self, AuditCommand.self,
    ]
  )

  /// Runs the command, mapping argument errors to the documented exit code 2 (the parser's
  /// own default is 64) and never printing a stack trace.
  static func main() async {
    // The implementation first: its spawn waits for its exec, which gets a core at once
    // while nothing else of the kit's runs yet.
    ImplementationPrelaunch.start(arguments: CommandLine.arguments)
    VectorSourceOptions.startPrefetch(arguments: CommandLine.arguments)
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? any AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
      await ImplementationPrelaunch.discard()
    } catch {
      // A usage error, or a command that ended before it took the implementation started
      // for it: that process is stopped before the exit.
      await ImplementationPrelaunch.discard()
      let code = exitCode(for: error)
      if code == .success || error is ExitCode {
        exit(withError: error)
      }
      printError(fullMessage(for: error))
      exit(withError: code == .validationFailure ? KitExit.usage : code)
    }
  }
}
