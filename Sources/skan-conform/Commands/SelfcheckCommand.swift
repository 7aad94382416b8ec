import ArgumentParser
import SKANJSON
import SKANMutants
import SKANVectors

/// `skan-conform selfcheck`: proves that the vectors catch plausible bugs.
struct SelfcheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selfcheck",
    abstract: "Run the vectors against deliberately broken copies of the reference and show which vectors kill which.",
    discussion: """
      Exit 1 if any mutant survives every vector, or, with --require-reasons, if a vector kills \
      no mutant and its description states no reason to keep it ("Kept without a mutant: …").
      """)

  @OptionGroup var source: VectorSourceOptions

  @Flag(help: "Print the kill matrix as JSON.")
  var json = false

  @Flag(help: "Also list the vectors that kill no mutant, with the reason each one is kept, if it states one.")
  var showIdle = false

  @Flag(help: "Fail when a vector kills no mutant and states no reason to be kept.")
  var requireReasons = false

  func run() throws {
    let vectors = try source.load()
    let report = SelfCheck.run(vectors: vectors.cases)
    if json {
      let rows: [JSONValue] = report.mutants.map { result in
        [
          "mutant": .string(result.mutant.id), "summary": .string(result.mutant.summary),
          "killed_by": .array(result.killedBy.map(JSONValue.string)),
          "killed_by_verdict": .array(result.killedByVerdict.map(JSONValue.string)),
        ]
      }
      print(
        CanonicalJSON.pretty([
          "mutants": .array(rows), "survivors": .array(report.survivors.map { .string($0.mutant.id) }),
          "idle_vectors": .array(
            report.idle.map { ["id": .string($0.id), "kept_because": $0.reason.map(JSONValue.string) ?? .null] }),
        ]), terminator: "")
    } else {
      for result in report.mutants {
        let mark = result.diagnosticOnly ? "killed* " : result.killed ? "killed  " : "SURVIVED"
        let sample = result.killedBy.prefix(3).joined(separator: ", ")
        print(
          "\(mark) \(result.mutant.id) (\(result.killedBy.count) vectors\(sample.isEmpty ? "" : ": \(sample)\(result.killedBy.count > 3 ? ", …" : "")")) — \(result.mutant.summary)"
        )
      }
      if showIdle {
        for vector in report.idle {
          print(vector.reason.map { "kept     \(vector.id) — \($0)" } ?? "idle     \(vector.id)")
        }
      }
      let diagnosticOnly = report.diagnosticOnly.count
      print(
        "selfcheck: \(report.mutants.count - report.survivors.count) of \(report.mutants.count) mutants killed\(diagnosticOnly == 0 ? "" : " (\(diagnosticOnly) marked killed* only through a diagnostic member, SIG-21: `run --strict-diagnostics` fails them, `run` does not)"); \(report.idle.count) vectors kill none, \(report.unexplained.count) of them without a stated reason"
      )
    }
    if !report.survivors.isEmpty || (requireReasons && !report.unexplained.isEmpty) { throw KitExit.unexpected }
  }
}
