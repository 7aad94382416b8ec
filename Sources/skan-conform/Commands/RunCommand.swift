import ArgumentParser
import Foundation
import SKANHTTP
import SKANJSON
import SKANReporting
import SKANRunner
import SKANVectors
import SKANVerdicts
import SKANVocabulary

/// `skan-conform run`: check an implementation against the vectors.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract: "Run the vectors against an implementation (default: the bundled reference).",
    discussion: """
      The implementation speaks the adapter protocol (Spec/adapter-protocol.md): over \
      standard input and output of one process started with `sh -c "<command>"` (--cli), of \
      one process per case (--cli … --per-case), or over HTTP (--endpoint). Without --cli or \
      --endpoint the bundled reference model is run. By default a case is judged at the \
      verdict level: the expected error code, or the expected output with the same members \
      and values (numbers by value, no member more or fewer, Spec/README.md "Comparing \
      results"), except its diagnostic members (a reason, a signed string: SIG-21), which are \
      compared and reported apart; --strict-diagnostics makes them count too. Exit codes: 0 every result as expected \
      (a pass, a skip, or the status an --expectations file names); 1 unexpected results, or \
      an unexpected pass with --strict-expectations, or an interrupted run, or no case \
      executed (every selected case skipped), or a suite --require-suite names skipped; 2 \
      usage, or a filter value (--suite, --id, --tag, --requirement) that selects no case; 3 the \
      implementation could not start, failed the handshake, or (--endpoint) did not accept a \
      connection within --wait; 4 invalid vectors. An HTTP service started just before the \
      run (in CI, in the background) needs --wait: without it a refused connection is exit 3 \
      at once. The console shows up to five differences of a failing case, those at a member \
      that states the outcome (status, verdict, outcome, winner, conversion, error, code, kind) \
      first, and says how many more the JSON report (--report-json) lists.
      """)

  @OptionGroup var source: VectorSourceOptions
  @OptionGroup var selection: SelectionOptions
  @OptionGroup var gate: GateOptions

  @Option(help: ArgumentHelp("The command line that starts your adapter.", valueName: "command"))
  var cli: String?

  @Option(help: ArgumentHelp("POST every message to this URL instead of starting a process.", valueName: "url"))
  var endpoint: String?

  @Option(help: ImplementationConnection.waitHelp)
  var wait: Double = 0

  @Flag(help: "Start one process per case instead of one for the run (see Spec/adapter-protocol.md).")
  var perCase = false

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp("Seconds to wait for each reply (for the hello reply, at least 10).", valueName: "seconds"))
  var timeout: Double = Self.defaultTimeout

  @Option(
    help: ArgumentHelp(
      "Requests in flight: pipelined for stdio (default 256), processes for --per-case (default 2), requests for --endpoint (default 8).",
      valueName: "n"))
  var concurrency: Int?

  @OptionGroup var reports: ReportOptions

  @OptionGroup var certificate: CertificateOptions

  @Option(help: ArgumentHelp("An expectations file: known differences, keyed by vector ID or glob.", valueName: "file"))
  var expectations: String?

  @OptionGroup var strictness: ExpectationStrictness

  @Flag(
    help:
      "Fail a case whose diagnostic members (reason, signed string: SIG-21) differ or are left out, not only its verdict."
  )
  var strictDiagnostics = false

  @Option(
    help: ArgumentHelp(
      "Run only shard I of N of the selection: the cases at positions I-1, I-1+N, … in vector order. Merge the shards' JSON reports with `report merge`.",
      valueName: "I/N"))
  var shard: String?

  @Option(
    help: ArgumentHelp(
      "Send the selected cases N times over, in order: a load run, for timing (bench/). It writes no report file: a case answered N times is no certificate.",
      valueName: "n"))
  var `repeat` = 1

  /// `--timeout`'s default, in seconds.
  static let defaultTimeout: Double = 5

  func validate() throws {
    guard timeout > 0, timeout <= 3600 else { throw ValidationError("--timeout must be between 0 and 3600 seconds") }
    guard (1...1000).contains(`repeat`) else { throw ValidationError("--repeat must be from 1 to 1000") }
    if `repeat` > 1,
      reports.reportJson != nil || reports.junit != nil || reports.markdown != nil || reports.attestation != nil
        || certificate.html != nil
    {
      throw ValidationError("--repeat writes no report file: run without it for a report")
    }
    if let concurrency, !(1...1024).contains(concurrency) {
      throw ValidationError("--concurrency must be from 1 to 1024")
    }
    if perCase && cli == nil { throw ValidationError("--per-case needs --cli") }
    if endpoint != nil && cli != nil { throw ValidationError("pass --cli or --endpoint, not both") }
    if let endpoint { try EndpointURL.check(endpoint, option: "--endpoint") }
    try ImplementationConnection.validate(wait: wait, endpoint: endpoint)
    if let cli, cli.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--cli needs a command") }
    if let shard, case .failure(let error) = Shard.parse(shard) { throw ValidationError(error.message) }
  }

  func run() async throws {
    // The implementation may already be starting (``ImplementationPrelaunch``).
    let connection = self.connection
    let prelaunched = await ImplementationPrelaunch.take(for: connection)
    let transport = prelaunched?.transport ?? connection.transport()
    let source = self.source
    let selection = self.selection
    let required = gate.names
    let expectationsPath = self.expectations
    let times = max(1, `repeat`)
    let shard = self.shard.flatMap { try? Shard.parse($0).get() }
    let progress = Progress()
    // Every case of one large file, in its order: sent as the file is read.
    let streams = selection.selection.selectsAll && shard == nil && times == 1 && required.isEmpty
    let report: RunReport
    let vectors: VectorSet
    let plan: RunPlan
    let known: Expectations?
    do {
      // Ctrl-C is handled from the start: the implementation is already running while the
      // vectors load.
      let planned: RunPlan?
      (report, vectors, (planned, known)) = try await InterruptibleRun.run {
        try await Runner.run(transport: transport, handshake: prelaunched?.handshake) {
          if streams, let stream = source.stream() {
            var known: Expectations?
            if let expectationsPath {
              switch ExpectationsFile.read(expectationsPath) {
              case .success(let expectations): known = expectations
              case .failure(let unusable):
                // The vector file's own problem is named first, as a load's is.
                if let problem = await RunCases.streamed(stream).problem() { throw RunnerError.invalidVectors(problem) }
                printError(unusable.message)
                throw KitExit.usage
              }
            }
            progress.start(total: nil)
            return (.streamed(stream), (nil, known))
          }
          await VectorSourceOptions.prefetchFinished()
          let vectors = try source.load()
          let plan = try RunPlan(
            selected: try selection.select(from: vectors.cases), selection: selection.selection,
            selectionSummary: selection.summary, requiredSuites: required, shard: shard, repetitions: times)
          let known = try expectationsPath.map(ExpectationsFile.load)
          progress.start(total: plan.cases.count)
          return (.loaded(vectors: vectors, cases: plan.cases), (plan, known))
        } progress: { _ in
          progress.advance()
        }
      }
      progress.finish()
      plan =
        try planned
        ?? RunPlan(selected: vectors.cases, selection: selection.selection, selectionSummary: selection.summary)
    } catch let error as RunnerError {
      await transport.close()
      printError("error: \(error)")
      if case .interrupted = error { throw KitExit.unexpected }
      if case .nothingToRun = error { throw KitExit.usage }
      if case .invalidVectors = error { throw KitExit.invalidVectors }
      throw KitExit.implementation
    }
    if !report.complete {
      printError("interrupted: the report holds the \(report.results.count) verdicts so far and is marked incomplete")
    }
    let judged = plan.judge(
      report, vectors: vectors, vectorsPath: source.directory, strictDiagnostics: strictDiagnostics,
      expectations: known)
    try reports.write(judged)
    try certificate.write(judged)
    print(ConsoleReport.text(judged, color: Terminal.colorOnStandardOutput))
    ProcessLifetime.keep(vectors, report, judged)
    if let slice = plan.shard {
      print(
        "shard \(slice): \(report.results.count) of the \(slice.selectedTotal) selected cases; merge with `report merge`"
      )
    }
    if !strictness.succeeded(judged) { throw KitExit.unexpected }
  }

  /// How the options reach the implementation.
  var connection: ImplementationConnection {
    ImplementationConnection(
      command: cli ?? Self.referenceCommand(), endpoint: endpoint, perCase: perCase, concurrency: concurrency,
      timeout: timeout, wait: wait)
  }

  /// This executable's own `reference --stdio`: its path unquoted when it needs no quotes, so
  /// that the implementation is started without a shell in between.
  static func referenceCommand() -> String {
    ShellQuote.minimalWord(executablePath()) + " reference --stdio"
  }

  /// The path of this executable. On Linux it is read from `/proc/self/exe`: Foundation's
  /// `Bundle.main` lists the executable's directory (twice) to find its bundle, which took
  /// 20 ms of a run's start-up for a binary in a directory of 7,000 files (docs/benchmarks.md).
  static func executablePath() -> String {
    #if os(Linux)
      if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
    #endif
    return Bundle.main.executablePath ?? CommandLine.arguments[0]
  }
}
