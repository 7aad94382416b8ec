import Foundation
import SKANRunner
import SKANTestSupport
import Subprocess
import Testing

/// `skan-conform init` as a user types it: what it writes and prints, and exit 2 with one
/// line naming the problem for an unknown language or suite or a file that exists.
@Suite("skan-conform init on the command line")
struct InitCommandTests {
  /// Runs `skan-conform` with `arguments` in `directory`; the exit status and standard
  /// output and error together.
  func kit(_ arguments: [String], in directory: String) async throws -> (status: Int32, output: String) {
    let outcome = try await KitCommand.run(arguments, in: directory)
    return (outcome.status, outcome.output)
  }

  func scratch() throws -> String {
    let directory = try ScratchFiles.directory("skan-init")
    return directory
  }

  @Test(
    "init writes the skeleton and says what to run next; a second init refuses, naming the file",
    .timeLimit(.minutes(3)))
  func writesThenRefuses() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let first = try await kit(
      ["init", "--language", "go", "--suite", "window,values", "--output", "adapter"], in: directory)
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("wrote adapter/adapter.go"), "\(first.output)")
    #expect(first.output.contains("go build -o adapter/adapter adapter/adapter.go"), "\(first.output)")
    #expect(first.output.contains("skan-conform doctor --cli \"adapter/adapter\""), "\(first.output)")
    #expect(first.output.contains("The first run exits 1"), "\(first.output)")
    let written = try String(contentsOfFile: directory + "/adapter/adapter.go", encoding: .utf8)

    let second = try await kit(["init", "--language", "go", "--suite", "values", "--output", "adapter"], in: directory)
    #expect(second.status == 2, "\(second.output)")
    #expect(second.output.contains("adapter/adapter.go already exists"), "\(second.output)")
    #expect(try String(contentsOfFile: directory + "/adapter/adapter.go", encoding: .utf8) == written)
  }

  @Test(
    "an unknown language or suite, or no suite, is a usage error naming it", .timeLimit(.minutes(3)),
    arguments: [
      (["--language", "cobol", "--suite", "window"], "unknown language \"cobol\""),
      (["--language", "python", "--suite", "window,windwo"], "unknown suite \"windwo\""),
      (["--language", "python", "--suite", ","], "an empty name selects nothing"),
      (["--language", "python", "--suite", "window,"], "an empty name selects nothing"),
      (["--language", "python", "--suite", "window", "--suite", ",values"], "an empty name selects nothing"),
      (["--language", "python"], "no suite named"),
    ])
  func usageErrors(arguments: [String], message: String) async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let outcome = try await kit(["init"] + arguments, in: directory)
    #expect(outcome.status == 2, "\(arguments): \(outcome.output)")
    #expect(outcome.output.contains(message), "\(arguments): \(outcome.output)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "\(arguments): nothing written")
  }

  @Test("init refuses an empty --suite entry as run does, with the same exit code", .timeLimit(.minutes(3)))
  func emptySuiteEntryAsRun() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let initOutcome = try await kit(["init", "--language", "python", "--suite", "window,"], in: directory)
    let runOutcome = try await kit(["run", "--suite", "window,"], in: RepositoryPaths.root)
    #expect(runOutcome.status == 2, "\(runOutcome.output)")
    #expect(initOutcome.status == runOutcome.status, "\(initOutcome.output)")
    #expect(initOutcome.output.contains("--suite needs suite names; an empty name selects nothing"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "nothing written")
  }

  /// The characters of `text` that would act on a terminal, but the newlines the kit writes.
  func rawHazards(_ text: String) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { $0 != "\n" && DisplayText.isHazard($0) }
  }

  @Test(
    "the next commands init prints run nothing an --output path spells when pasted into a shell",
    .timeLimit(.minutes(3)), arguments: ["python", "go", "swift", "php", "java"])
  func nextCommandsQuoted(language: String) async throws {
    for output in ["my $(touch pwned) `touch pwned2` it's adapter", "my \"$(touch pwned)\" adapter"] {
      let directory = try scratch()
      defer { try? FileManager.default.removeItem(atPath: directory) }
      let outcome = try await kit(
        ["init", "--language", language, "--suite", "window", "--output", output], in: directory)
      #expect(outcome.status == 0, "\(outcome.output)")
      // Each printed command, run in a shell where skan-conform, go, swiftc and javac only print
      // their arguments, one a line.
      let commands = outcome.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { ["skan-conform ", "go build", "swiftc ", "javac "].contains(where: $0.hasPrefix) }
      #expect(commands.count == (["python", "php"].contains(language) ? 2 : 3), "\(outcome.output)")
      let script =
        "cd \(RepositoryPaths.quoted(directory)) || exit 99\n"
        + "args() { for a in \"$@\"; do printf '%s\\n' \"$a\"; done; }\n"
        + "skan_conform() { args \"$@\"; }\ngo() { args \"$@\"; }\nswiftc() { args \"$@\"; }\n"
        + "javac() { args \"$@\"; }\n"
        + commands.map { $0.replacingOccurrences(of: "skan-conform ", with: "skan_conform ") }.joined(separator: "\n")
        + "\n"
      let result = try await Subprocess.run(
        .name("sh"), arguments: ["-c", script], output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
      let printed = result.standardOutput
      let names = try FileManager.default.contentsOfDirectory(atPath: directory)
      #expect(!names.contains("pwned") && !names.contains("pwned2"), "a pasted command ran the path: \(commands)")
      // The adapter's path reaches each command as one argument, whole.
      let source =
        output + (language == "java" ? "/Adapter.java" : "/adapter." + (language == "python" ? "py" : language))
      let quoted = { (path: String) in "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'" }
      let lines = printed.split(separator: "\n").map(String.init)
      #expect(lines.filter { $0 == "--cli" }.count == 2, "\(commands) printed \(printed)")
      if language == "python" || language == "php" {
        let interpreter = language == "python" ? "python3" : "php"
        #expect(lines.filter { $0 == interpreter + " " + quoted(source) }.count == 2, "\(commands) printed \(printed)")
      } else if language == "java" {
        let classes = output + "/classes"
        #expect(lines.contains(source) && lines.contains(classes), "\(commands) printed \(printed)")
        #expect(
          lines.filter { $0 == "java -cp " + quoted(classes) + " Adapter" }.count == 2, "\(commands) printed \(printed)"
        )
      } else {
        #expect(lines.contains(source), "\(commands) printed \(printed)")
        let executable = quoted(String(source.dropLast(language.count + 1)))
        #expect(lines.filter { $0 == executable }.count == 2, "\(commands) printed \(printed)")
      }
    }
  }

  @Test(
    "init shows an unknown language or suite and the output path only as visible text",
    .timeLimit(.minutes(3)))
  func echoesVisibly() async throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let payload = "\u{1B}]0;x\u{07}\nconformance: 922 passed"
    for arguments in [
      ["--language", "py" + payload, "--suite", "window"],
      ["--language", "python", "--suite", "window,val" + payload + ",values"],
      ["--language", "python", "--suite", "window", "--output", "out" + payload],
    ] {
      let outcome = try await kit(["init"] + arguments, in: directory)
      #expect(rawHazards(outcome.output).isEmpty, "\(arguments): raw characters in \(outcome.output)")
      #expect(
        !outcome.output.split(separator: "\n").contains { $0.hasPrefix("conformance:") },
        "\(arguments): a forged line in \(outcome.output)")
      #expect(outcome.output.contains("\\u{1B}]0;x\\u{7}\\u{A}conformance: 922 passed"), "\(outcome.output)")
    }
  }
}
