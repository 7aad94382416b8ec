import ArgumentParser
import Foundation
import SKANFuzz
import SKANHTTP
import SKANJSON
import SKANModel
import SKANMutants
import SKANReference
import SKANRunner
import SKANSuiteCodecs
import SKANVectorGeneration
import SKANVectors
import SKANVerdicts

/// `skan-conform fuzz`: differential fuzzing against the reference model.
struct FuzzCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fuzz",
    abstract: "Compare an implementation with the reference on random scenarios; shrink and save any difference.",
    discussion: """
      Scenarios are generated from --seed (the same seed gives the same scenarios) for every \
      suite the implementation declares among \(FuzzSuites.fuzzed.map { $0.id.rawValue }.joined(separator: ", ")). \
      On a difference the scenario is shrunk to a small one that still differs, \
      printed with its diff, and written as a vector file in the Vectors/ format under --out. \
      Exit 0 when nothing differs, 1 when something does, 3 when the implementation cannot start \
      (or, with --endpoint, does not accept a connection within --wait).
      """)

  @Option(help: ArgumentHelp("The command line that starts your adapter.", valueName: "command"))
  var cli: String?

  @Option(help: ArgumentHelp("POST messages to this URL instead.", valueName: "url"))
  var endpoint: String?

  @Option(help: ImplementationConnection.waitHelp)
  var wait: Double = 0

  @Option(
    help: ArgumentHelp(
      "Fuzz an in-process mutant of the reference instead (see `skan-conform selfcheck`).", valueName: "id"))
  var mutant: String?

  @Option(help: ArgumentHelp("Only these suites (comma-separated).", valueName: "name[,name…]"))
  var suite: [String] = []

  @Option(help: ArgumentHelp("The seed. Default: a new one, printed so the run can be repeated.", valueName: "n"))
  var seed: UInt64?

  @Option(help: ArgumentHelp("Stop after this many scenarios.", valueName: "n"))
  var count: Int?

  @Option(help: ArgumentHelp("Stop after this many seconds (default 60 when --count is not given).", valueName: "s"))
  var duration: Double?

  @Option(help: ArgumentHelp("Where to write the shrunk cases.", valueName: "dir"))
  var out = "fuzz-failures"

  @Option(parsing: .unconditional, help: ArgumentHelp("Seconds to wait for each reply.", valueName: "seconds"))
  var timeout: Double = 5

  func validate() throws {
    guard [cli != nil, endpoint != nil, mutant != nil].filter({ $0 }).count == 1 else {
      throw ValidationError("pass exactly one of --cli, --endpoint and --mutant")
    }
    if let count, count < 1 { throw ValidationError("--count must be at least 1") }
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    if let endpoint { try EndpointURL.check(endpoint, option: "--endpoint") }
    try ImplementationConnection.validate(wait: wait, endpoint: endpoint)
    if let duration, duration <= 0 { throw ValidationError("--duration must be positive") }
    if let mutant, MutantCatalog.named(mutant) == nil {
      throw ValidationError("unknown mutant '\(mutant)'; `skan-conform selfcheck` lists them")
    }
    for name in suiteNames where Suite(rawValue: name) == nil { throw ValidationError("unknown suite '\(name)'") }
  }

  var suiteNames: [String] { suite.flatMap { $0.split(separator: ",").map(String.init) } }

  func run() async throws {
    let seed = self.seed ?? UInt64.random(in: 1...UInt64(UInt32.max))
    let suites = suiteNames.isEmpty ? ScenarioGenerator.suites : suiteNames.compactMap(Suite.init(rawValue:))
    let transport: any ImplementationTransport
    if let mutantID = mutant, let broken = MutantCatalog.named(mutantID) {
      transport = InProcessTransport(name: "mutant \(mutantID)", evaluate: MutantCatalog.evaluator(replacing: broken))
    } else {
      transport = ImplementationConnection(command: cli ?? "", endpoint: endpoint, timeout: timeout, wait: wait)
        .transport()
    }
    let deadline =
      count == nil ? Date().addingTimeInterval(duration ?? 60) : duration.map { Date().addingTimeInterval($0) }
    let started = Date()
    let outcome: Fuzzer.Outcome
    do {
      outcome = try await Fuzzer.run(transport: transport, suites: suites, seed: seed, count: count, deadline: deadline)
    } catch {
      printError("error: \(error)")
      throw KitExit.implementation
    }
    let seconds = Date().timeIntervalSince(started)
    guard outcome.scenarios > 0 else {
      printError(
        "error: no scenario was run: the implementation declares none of the suites asked for that have a generator (\(ScenarioGenerator.suites.map(\.rawValue).joined(separator: ", ")))"
      )
      throw KitExit.usage
    }
    print(
      "fuzz: seed \(seed), \(outcome.scenarios) scenarios in \(String(format: "%.1f", seconds)) s, \(outcome.findings.count) difference(s)"
    )
    for finding in outcome.findings {
      print(
        "DIFFERENCE \(finding.vector.id): \(finding.result.status.rawValue) — \(DisplayText(finding.result.message ?? ""))"
      )
      for difference in finding.result.differences.prefix(8) { print("    \(DisplayText(difference.description))") }
      print("  shrunk from \(Shrinker.size(finding.original)) to \(Shrinker.size(finding.shrunk)) JSON values:")
      print("  " + DisplayText.visible(CanonicalJSON.compact(finding.shrunk)))
      let file = VectorFile(suite: finding.suite, cases: [finding.vector])
      let path = "\(out)/\(finding.vector.id.replacingOccurrences(of: "/", with: "-")).json"
      do {
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        try Data(file.text.utf8).write(to: URL(fileURLWithPath: path))
        print("  written to \(path)")
      } catch {
        printError("error: cannot write \(path): \(error.localizedDescription)")
      }
    }
    if !outcome.findings.isEmpty { throw KitExit.unexpected }
  }
}
