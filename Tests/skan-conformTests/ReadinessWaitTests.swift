import Foundation
import SKANHTTP
import SKANJSON
import SKANReference
import SKANRunner
import SKANVerdicts
import Testing

/// The readiness wait (`--wait`): an HTTP implementation started in the
/// background in CI is waited for while it refuses connections, within a bound, and a wait
/// that runs out is one clear line and exit 3.
@Suite("Waiting for an HTTP service to start listening")
struct ReadinessWaitTests {
  /// A refused connection, as the HTTP transport reports it.
  static let refused = Verdict.Reply.crashed("the connection was refused (nothing listens at that address)")

  /// Counts attempts; the reply of each is decided by the test.
  final class Attempts: @unchecked Sendable {
    private let lock = NSLock()
    private var made = 0
    var count: Int { lock.withLock { made } }
    func next() -> Int {
      lock.withLock {
        made += 1
        return made
      }
    }
  }

  static func isRefused(_ reply: Verdict.Reply) -> Bool {
    if case .crashed(let reason) = reply { return reason.contains("refused") }
    return false
  }

  @Test("refused attempts are retried until one connects, whatever it answers", .timeLimit(.minutes(3)))
  func retriesUntilListening() async throws {
    let attempts = Attempts()
    // Five refusals take about a second at 0.2 s apart; the wait allows 60.
    let reply = try await ReadinessWait(seconds: 60).run(url: "http://127.0.0.1:9/", isRefused: Self.isRefused) {
      attempts.next() <= 5 ? Self.refused : .httpStatus(503)
    }
    guard case .httpStatus(503) = reply else {
      Issue.record("expected the sixth attempt's reply, got \(reply)")
      return
    }
    #expect(attempts.count == 6)
  }

  @Test("without a wait a refused connection is one attempt, returned as it is", .timeLimit(.minutes(3)))
  func noWait() async throws {
    let attempts = Attempts()
    let reply = try await ReadinessWait(seconds: 0).run(url: "http://127.0.0.1:9/", isRefused: Self.isRefused) {
      _ = attempts.next()
      return Self.refused
    }
    #expect(Self.isRefused(reply))
    #expect(attempts.count == 1)
  }

  @Test("a wait that runs out names the URL without its credentials and the seconds", .timeLimit(.minutes(3)))
  func expires() async throws {
    let attempts = Attempts()
    do {
      _ = try await ReadinessWait(seconds: 1).run(
        url: URLRedaction.redact("http://user:secret@127.0.0.1:9/?token=abc"), isRefused: Self.isRefused
      ) {
        _ = attempts.next()
        return Self.refused
      }
      Issue.record("the wait never ran out")
    } catch {
      guard case .notReady = error else {
        Issue.record("expected notReady, got \(error)")
        return
      }
      let text = error.description
      #expect(text.contains("http://***@127.0.0.1:9/?token=***"), "\(text)")
      #expect(!text.contains("secret") && !text.contains("abc"), "\(text)")
      #expect(text.contains("within the readiness wait of 1 s"), "\(text)")
      #expect(text.contains("refused"), "\(text)")
    }
    #expect(attempts.count > 1, "a refused connection within the wait is tried again")
  }

  @Test("cancelling (Ctrl-C) ends the wait at once, long before it would run out", .timeLimit(.minutes(3)))
  func cancelled() async throws {
    let attempts = Attempts()
    let task = Task { () async throws -> Verdict.Reply in
      try await ReadinessWait(seconds: 600).run(url: "http://127.0.0.1:9/", isRefused: Self.isRefused) {
        _ = attempts.next()
        return Self.refused
      }
    }
    // Cancel once the wait is demonstrably under way: a second attempt has been made.
    let started = ContinuousClock.now
    while attempts.count < 2 && ContinuousClock.now - started < .seconds(120) {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(attempts.count >= 2)
    let cancelledAt = ContinuousClock.now
    task.cancel()
    let result = await task.result
    // The wait is 600 s; ending within 60 s (10x the normal time and more) shows the
    // cancellation ended it.
    #expect(ContinuousClock.now - cancelledAt < .seconds(60))
    guard case .failure(let error) = result, case .interrupted? = error as? RunnerError else {
      Issue.record("expected interrupted, got \(result)")
      return
    }
  }

  @Test(
    "a run against an HTTP service that starts listening 3 s late passes with --wait 60",
    .timeLimit(.minutes(4)))
  func lateService() async throws {
    // A free port below the ephemeral range (32768 and up on Linux, 49152 and up on macOS):
    // bound, then released; the service takes it 3 s after the run starts. A port from the
    // ephemeral range could meanwhile become the local port of any connection the other tests
    // make, and the service could then not bind it.
    var port = 0
    for candidate in (0..<50).map({ _ in Int.random(in: 20000..<30000) }) {
      guard
        let probe = try? await LoopbackHTTPServer.start(port: candidate, handler: { _ in .init(status: 500, body: []) })
      else { continue }
      port = probe.port
      await probe.stop()
      break
    }
    try #require(port != 0, "no free port between 20000 and 30000")
    async let run = KitCommand.run([
      "run", "--endpoint", "http://127.0.0.1:\(port)/", "--wait", "60", "--suite", "window",
    ])
    try await Task.sleep(for: .seconds(3))
    let server = try await LoopbackHTTPServer.start(port: port) { request in
      let message = (try? JSONParser.parse(bytes: request.body)) ?? .null
      guard let reply = ReferenceAdapter.reply(to: message, kitVersion: "test") else {
        return .init(status: 204, body: [])
      }
      return .init(status: 200, body: Array(reply.description.utf8))
    }
    let outcome = try await run
    await server.stop()
    #expect(outcome.status == 0, "exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("0 failed"), "\(outcome.output)")
  }

  @Test("--wait 1 with nothing listening is exit 3 and exactly one line", .timeLimit(.minutes(3)))
  func expiresOnTheCommandLine() async throws {
    let outcome = try await KitCommand.run([
      "run", "--endpoint", "http://user:secret@127.0.0.1:9/?token=abc", "--wait", "1",
    ])
    #expect(outcome.status == 3, "exit \(outcome.status): \(outcome.output)")
    let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: true)
    #expect(lines.count == 1, "\(outcome.output)")
    #expect(
      lines.first
        == "error: nothing answered at http://***@127.0.0.1:9/?token=*** within the readiness wait of 1 s (--wait 1): the connection was refused (nothing listens at that address)",
      "\(outcome.output)")
  }

  @Test(
    "--wait is checked: 0 to 600 seconds, and only with --endpoint", .timeLimit(.minutes(3)),
    arguments: [
      ["run", "--endpoint", "http://127.0.0.1:9/", "--wait", "601"],
      ["run", "--endpoint", "http://127.0.0.1:9/", "--wait=-1"],
      ["run", "--cli", "true", "--wait", "5"],
      ["fuzz", "--cli", "true", "--wait", "5", "--count", "1"],
    ])
  func validated(arguments: [String]) async throws {
    let outcome = try await KitCommand.run(arguments)
    #expect(outcome.status == 2, "\(arguments): exit \(outcome.status): \(outcome.output)")
    #expect(outcome.output.contains("--wait"), "\(arguments): \(outcome.output)")
  }
}
