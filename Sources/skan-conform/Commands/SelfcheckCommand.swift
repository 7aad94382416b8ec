import ArgumentParser
import SKANJSON
import SKANMutants
import SKANVectors

/// `skan-conform selfcheck`: proves that the vectors catch plausible bugs.
struct SelfcheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "selfcheck",
    abstract: "Run the vectors against deliberately broken copies of the reference and show which vectors kill which.",
    discussion: "Exit 1 if any mutant survives every vector.")

  @OptionGroup var source: VectorSourceOptions

  @Flag(help: "Print the kill matrix as JSON.")
  var json = false

  @Flag(help: "Also list the vectors that kill no mutant.")
  var showIdle = false

  func run() throws {
    let vectors = try source.load()
    let report = SelfCheck.run(vectors: vectors.cases)
    if json {
      let rows: [JSONValue] = report.mutants.map { result in
        [
          "mutant": .string(result.mutant.id), "summary": .string(result.mutant.summary),
          "killed_by": .array(result.killedBy.map(JSONValue.string)),
        ]
      }
      print(
        CanonicalJSON.pretty([
          "mutants": .array(rows), "survivors": .array(report.survivors.map { .string($0.mutant.id) }),
          "idle_vectors": .array(report.idleVectors.map(JSONValue.string)),
        ]), terminator: "")
    } else {
      for result in report.mutants {
        let mark = result.killed ? "killed  " : "SURVIVED"
        let sample = result.killedBy.prefix(3).joined(separator: ", ")
        print(
          "\(mark) \(result.mutant.id) (\(result.killedBy.count) vectors\(sample.isEmpty ? "" : ": \(sample)\(result.killedBy.count > 3 ? ", …" : "")")) — \(result.mutant.summary)"
        )
      }
      if showIdle { for id in report.idleVectors { print("idle     \(id)") } }
      print(
        "selfcheck: \(report.mutants.count - report.survivors.count) of \(report.mutants.count) mutants killed; \(report.idleVectors.count) vectors kill none"
      )
    }
    if !report.survivors.isEmpty { throw KitExit.unexpected }
  }
}
