import Foundation
import SKANRunner
import SKANTestSupport
import SKANVectors
import Testing

@Suite("Adapter doctor", .serialized)
struct DoctorTests {
  func script(_ program: String) -> String {
    let path = ScratchFiles.write(program, suffix: ".py")
    return "python3 \(path)"
  }

  @Test("the Python example adapter has no problem", .timeLimit(.minutes(3)))
  func example() async throws {
    let findings = await Doctor.examine(
      command: "python3 \(RepositoryPaths.root)/examples/adapters/python/adapter.py", vectors: try VectorSet.embedded(),
      timeout: 30)
    #expect(findings.count == 9)
    #expect(findings.allSatisfy { $0.severity != .problem }, "\(findings.map { "\($0.check): \($0.detail)" })")
  }

  @Test("a log line on standard output is explained and shown, escaped", .timeLimit(.minutes(3)))
  func logOnStdout() async throws {
    let findings = await Doctor.examine(
      command: script("print('starting \\x1b[31mup')\nimport sys\nfor line in sys.stdin: pass\n"),
      vectors: try VectorSet.embedded(), timeout: 30)
    #expect(findings.first?.severity == .problem)
    let detail = findings.first?.detail ?? ""
    #expect(detail.contains("standard error"), "\(detail)")
    // The line itself, its escape character written visibly.
    #expect(detail.contains("the line reads \"starting "), "\(detail)")
    #expect(detail.contains("[31mup\""), "\(detail)")
    #expect(!detail.unicodeScalars.contains("\u{1B}"), "\(detail)")
  }

  @Test("an adapter that never flushes is told to flush", .timeLimit(.minutes(3)))
  func noFlush() async throws {
    let findings = await Doctor.examine(
      command: script(
        "import sys, time\nout = open(1, 'w', buffering=65536)\nfor line in sys.stdin:\n    out.write('{}\\n')\n    time.sleep(30)\n"
      ),
      vectors: try VectorSet.embedded())
    #expect(findings.first?.detail.contains("flush") == true)
  }

  @Test("an adapter that dies on an unknown suite and ignores stop is caught", .timeLimit(.minutes(3)))
  func unknownSuite() async throws {
    let program = """
      import json, sys
      for line in sys.stdin:
          m = json.loads(line)
          if m["cmd"] == "hello":
              print(json.dumps({"protocol": 1, "implementation": {"name": "x"}, "suites": ["window"]}), flush=True)
          elif m["suite"] != "window":
              sys.exit(3)
          else:
              print(json.dumps({"seq": m["seq"], "skipped": {"reason": "no"}}), flush=True)
      """
    let findings = await Doctor.examine(command: script(program), vectors: try VectorSet.embedded(), timeout: 30)
    let unknown = try #require(findings.first { $0.check == "unknown suite" })
    #expect(unknown.severity == .problem)
  }
}
