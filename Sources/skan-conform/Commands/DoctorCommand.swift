import ArgumentParser
import SKANRunner
import SKANVectors

/// `skan-conform doctor --cli "<command>"`.
struct DoctorCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "doctor",
    abstract: "Check an adapter against the protocol itself and explain each fault in plain words.",
    discussion: "Exit 0 when no problem is found (warnings allowed), 1 otherwise.")

  @OptionGroup var source: VectorSourceOptions

  @Option(help: ArgumentHelp("The command line that starts your adapter.", valueName: "command"))
  var cli: String

  func run() async throws {
    let vectors = try source.load()
    let findings = await Doctor.examine(command: cli, vectors: vectors)
    for finding in findings {
      let mark: String
      switch finding.severity {
      case .ok: mark = "ok     "
      case .warning: mark = "warning"
      case .problem: mark = "PROBLEM"
      }
      print("\(mark) \(finding.check): \(finding.detail)")
    }
    let problems = findings.filter { $0.severity == .problem }.count
    print("doctor: \(problems == 0 ? "the adapter speaks the protocol" : "\(problems) problem(s)")")
    if problems > 0 { throw KitExit.unexpected }
  }
}
