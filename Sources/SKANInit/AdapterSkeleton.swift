import Foundation
import SKANVocabulary

/// The adapter skeletons `skan-conform init` writes: for each language, one source file that
/// speaks the adapter protocol (Spec/adapter-protocol.md), declares the requested suites,
/// and answers every case of them `skipped` ("not implemented yet") from one function per
/// suite that the user replaces. It passes `skan-conform doctor` as written.
public enum AdapterSkeleton {
  /// The reason every case gets until its suite's function is written.
  public static let notImplementedReason = "not implemented yet"

  /// The files of the skeleton `request` asks for.
  public static func files(for request: SkeletonRequest) -> [SkeletonFile] {
    let language = request.language
    let text: String
    switch language {
    case .python: text = python(request)
    case .node: text = node(request)
    case .go: text = go(request)
    case .swift: text = swift(request)
    case .php: text = php(request)
    case .java: text = java(request)
    }
    return [SkeletonFile(path: language.fileName, contents: text, isExecutable: language.isExecutable)]
  }

  /// The header every skeleton starts with, without comment markers: how to check and run it
  /// with the kit, why the first run exits 1, what to do next, and each suite's Spec chapter.
  static func header(_ request: SkeletonRequest) -> [String] {
    let language = request.language
    let source = language.fileName
    let command = language.runCommand(source: source)
    let suites = request.suites.map(\.rawValue).joined(separator: ",")
    var lines = [
      "A skan-conform adapter skeleton in \(language.displayName), written by `skan-conform init`.",
      "It speaks the adapter protocol (Spec/adapter-protocol.md in the skan-conform",
      "repository) and declares the suites \(request.suites.map(\.rawValue).joined(separator: ", ")). Every case of them",
      "is answered \"skipped\" until you write its suite's function below.",
      "",
      "Check it, then run the vectors (from this directory):",
    ]
    if let build = language.buildCommand(source: source) {
      lines.append("  \(build)")
    }
    lines += [
      "  skan-conform doctor --cli \(Shell.word(command))",
      "  skan-conform run --cli \(Shell.word(command)) --suite \(suites)",
    ]
    if language == .swift || language == .java {
      lines.append("(`\(language.rawValue) \(source)` runs it without building, but compiles it each time it starts.)")
    }
    lines += [
      "",
      "As written, `run` exits 1: every case is skipped, and a run that executes no case is",
      "not a pass (README, \"Exit codes\"). Next: make one suite's function call your",
      "implementation and return output(...) or \(language.errorHelper)(code, ...); run that suite again",
      "(--suite NAME, or --id 'NAME/*' for a few cases) until it passes; then the next suite.",
      "Keep standard output for replies: log to standard error.",
      "",
      "Suites and their rules (in the skan-conform repository):",
    ]
    let width = request.suites.map(\.rawValue.count).max() ?? 0
    for suite in request.suites {
      let padding = String(repeating: " ", count: width - suite.rawValue.count)
      lines.append(
        "  \(suite.rawValue)\(padding)  Spec/\(suite.specDocument); input shape Vectors/schema/inputs/\(suite.rawValue).input.schema.json"
      )
    }
    lines.append("Error codes: Spec/README.md, \"Error codes\".")
    return lines
  }

  /// What to do after `init` wrote the skeleton into `directory`, with the paths as the
  /// user's shell names them: build (Go, Swift, Java), `doctor`, the first `run` and why it exits 1.
  /// Every path and argument is quoted for a POSIX shell, the `--cli` value as one word, so a
  /// line pasted into a shell runs nothing that `directory` spells; the lines hold
  /// `directory` as given, control characters included, for the caller to show safely.
  public static func nextSteps(for request: SkeletonRequest, directory: String) -> [String] {
    let language = request.language
    let source =
      directory == "." || directory.isEmpty
      ? language.fileName : (directory.hasSuffix("/") ? directory : directory + "/") + language.fileName
    let command = language.runCommand(source: source)
    var lines = ["Next:"]
    if let build = language.buildCommand(source: source) { lines.append("  \(build)") }
    lines += [
      "  skan-conform doctor --cli \(Shell.word(command))",
      "  skan-conform run --cli \(Shell.word(command)) --suite \(request.suites.map(\.rawValue).joined(separator: ","))",
      "The first run exits 1: every case is skipped, and a run that executes no case is not a pass.",
      "Replace one suite's function in \(Shell.quoted(source)) with a call into your implementation and run again.",
    ]
    return lines
  }

  /// `prefix` before each header line, trailing space removed from empty ones.
  static func comment(_ lines: [String], prefix: String) -> String {
    lines.map { $0.isEmpty ? prefix.trimmingCharacters(in: .whitespaces) : prefix + $0 }.joined(separator: "\n")
  }

  /// `window` -> `Window`: the suite's name in a function name.
  static func capitalized(_ suite: Suite) -> String {
    suite.rawValue.prefix(1).uppercased() + suite.rawValue.dropFirst()
  }
}
