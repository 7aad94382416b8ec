import Foundation
import SKANHTTP
import SKANReporting
import SKANRunner
import SKANTestSupport
import SKANVerdicts
import Testing

/// No credential from an endpoint URL (user information, query values) reaches a report, the
/// rerun command or a message.
@Suite("Credentials in URLs are masked")
struct URLRedactionTests {
  static let secret = "s3cr3t-PASSWORD"
  static let token = "t0k3n-ABC"
  static let url = "http://admin:\(secret)@127.0.0.1:1/adapter?token=\(token)&mode=\(token)x#\(token)y"

  @Test(
    "user information, query values and the fragment are masked; scheme, host, port and path stay",
    arguments: [
      ("http://u:p@h:8/p?a=1&b=&c#f", "http://***@h:8/p?a=***&b=***&***#***"),
      ("https://TOKEN@host/", "https://***@host/"),
      ("http://h/path", "http://h/path"),
      ("http://h?t=x", "http://h?t=***"),
      ("http://u:p@[::1]:8080", "http://***@[::1]:8080"),
      ("./adapter --flag", "./adapter --flag"),
    ])
  func redact(url: String, shown: String) {
    #expect(URLRedaction.redact(url) == shown)
  }

  @Test("a URL inside a command line is masked; the rest of the command stays")
  func redactInCommand() {
    #expect(
      URLRedaction.redactURLs(in: "./adapter --upstream 'https://u:p@api.example/v1?key=K' -v")
        == "./adapter --upstream 'https://***@api.example/v1?key=***' -v")
    #expect(URLRedaction.redactURLs(in: "python3 a.py") == "python3 a.py")
  }

  @Test(
    "the HTTP transport's target, and every report and rerun command made from it, carry no credential",
    .timeLimit(.minutes(3)))
  func reports() async {
    let transport = HTTPTransport(url: Self.url, options: RunOptions(command: Self.url), kitVersion: "0.1.0")
    let target = transport.target
    await transport.close()
    var report = RunReport(
      kitVersion: "0.1.0", vectorDigest: String(repeating: "a", count: 64),
      implementation: ImplementationIdentity(name: "impl", version: "1", language: "c", suites: ["window"]),
      transport: .http, target: target, startedAt: "2026-11-25T00:00:00Z",
      results: [CaseResult(id: "window/a", suite: "window", requirements: ["WIN-1"], status: .crash, message: "died")],
      complete: true)
    let texts = [
      ("json", JSONReport.text(report)), ("markdown", MarkdownReport.text(report)), ("html", HTMLReport.html(report)),
      ("junit", JUnitReport.xml(report)), ("console", ConsoleReport.text(report)),
      ("rerun", RerunCommand.text(report, id: "window/a")),
    ]
    for (name, text) in texts {
      #expect(!text.contains(Self.secret) && !text.contains(Self.token), "\(name): \(text)")
    }
    #expect(
      RerunCommand.text(report, id: "window/a").contains("'http://***@127.0.0.1:1/adapter?token=***&mode=***#***'"))
    // A report written by an older kit, with the credentials in it, still gets a masked rerun command.
    report.target = Self.url
    #expect(!RerunCommand.text(report, id: "window/a").contains(Self.secret))
  }

  @Test(
    "run and probe print no credential when the endpoint refuses, or when the URL is refused",
    .timeLimit(.minutes(3)),
    arguments: [
      (["run", "--endpoint", URLRedactionTests.url], Int32(3)),
      (["run", "--endpoint", URLRedactionTests.url.replacingOccurrences(of: ":1/", with: ":99999/")], Int32(2)),
      (
        ["fuzz", "--endpoint", URLRedactionTests.url.replacingOccurrences(of: ":1/", with: ":0/"), "--count", "1"],
        Int32(2)
      ),
      (
        ["probe", "s2s", "--url", URLRedactionTests.url, "--app-id", "id1", "--uid", "u", "--dev-key", "k"],
        Int32(3)
      ),
    ])
  func commandLine(arguments: [String], status: Int32) async throws {
    let outcome = try await KitCommand.run(arguments)
    #expect(outcome.status == status, "\(outcome.output)")
    #expect(!outcome.output.contains(Self.secret) && !outcome.output.contains(Self.token), "\(outcome.output)")
  }
}
