import SKANJSON
import SKANModel
import SKANReference
import SKANReporting
import SKANRunner
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import SKANVerdicts
import Testing

/// SIG-21: for verification the verdict is conformance; reasons and signed strings are
/// diagnostics, compared only when an answer carries them and reported apart.
@Suite("Verdict level and diagnostics (SIG-21)")
struct VerdictLevelTests {
  /// `Vectors/`, or the loader's error, which fails every test that needs them.
  static let vectors = Result { () throws(VectorsError) in try VectorLoader.load(directory: RepositoryPaths.vectors) }

  /// The signature cases, run against the reference with `change` applied to each output.
  static func run(change: @escaping @Sendable (JSONValue) -> JSONValue) async throws -> RunReport {
    let vectors = try Self.vectors.get()
    let cases = vectors.cases.filter { $0.suite == .signature }
    let transport = InProcessTransport(name: "changed reference") { suite, input in
      switch suite.evaluate(input) {
      case .output(let output): return .output(change(output))
      case .error(let code, let message): return .error(code: code, message: message)
      }
    }
    return try await Runner.run(cases: cases, vectors: vectors, transport: transport)
  }

  /// Keeps only the verdict of a verification output; other outputs pass unchanged.
  static func verdictOnly(_ output: JSONValue) -> JSONValue {
    guard let verdict = output["verdict"] else { return output }
    return ["verdict": verdict]
  }

  @Test("an adapter that answers only the verdict reaches full verdict-level conformance")
  func verdictOnlyAdapter() async throws {
    let report = try await Self.run(change: Self.verdictOnly)
    let failed = report.results.filter { $0.status != .pass }.map(\.id)
    #expect(failed.isEmpty, "failed at the verdict level: \(failed)")
    let summary = ConformanceSummary(report)
    #expect(summary.level == "full")
    let withDiagnostics = report.results.filter { $0.diagnostics != nil }
    // Exactly the signature cases whose vectors name diagnostic members, counted from the files.
    let vectors = try Self.vectors.get()
    let named = vectors.cases.filter { $0.suite == .signature && !$0.diagnostic.isEmpty }.map(\.id)
    #expect(!named.isEmpty)
    #expect(withDiagnostics.map(\.id).sorted() == named.sorted(), "the cases judged with diagnostics are those named")
    #expect(withDiagnostics.allSatisfy { $0.diagnostics?.status == .notGiven })
    #expect(summary.diagnosticsSentence?.contains("\(withDiagnostics.count) not given") == true)
  }

  @Test("a wrong reason passes the verdict, is reported as a diagnostic difference, and fails under strict diagnostics")
  func wrongReason() async throws {
    var report = try await Self.run { output in
      guard var members = output.objectValue, members["reason"] != nil else { return output }
      members["reason"] = "some-other-reason"
      return .object(members)
    }
    let reasoned = report.results.filter { $0.diagnostics != nil }
    #expect(reasoned.allSatisfy { $0.status == .pass })
    let differing = try #require(reasoned.first { $0.id == "signature/aak-bad-signature-missing-did-win" })
    #expect(differing.diagnostics?.status == .differ)
    #expect(differing.diagnostics?.differences.map(\.path) == ["$.reason"])
    report.requireDiagnostics()
    let strict = try #require(report.results.first { $0.id == "signature/aak-bad-signature-missing-did-win" })
    #expect(strict.status == .fail)
    #expect(strict.message?.contains("diagnostics differ at $.reason") == true)
    // The report keeps the diagnostics when written and read back.
    let read = try JSONReportReader.read(JSONReport.json(report))
    #expect(read.results.map(\.diagnostics) == report.results.map(\.diagnostics))
  }

  @Test("a wrong verdict still fails, whatever the diagnostics say")
  func wrongVerdict() async throws {
    let report = try await Self.run { output in
      guard var members = output.objectValue, members["verdict"] == "rejected" else { return output }
      members["verdict"] = "verified"
      return .object(members)
    }
    let rejected = try Self.vectors.get().cases.filter {
      $0.suite == .signature && $0.expected.outputValue?["verdict"] == "rejected"
    }
    #expect(!rejected.isEmpty)
    for vector in rejected {
      let result = try #require(report.results.first { $0.id == vector.id })
      #expect(result.status == .fail, "\(vector.id) passed with a wrong verdict")
    }
  }
}
