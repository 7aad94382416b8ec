import Foundation
import SKANInit
import SKANVocabulary
import Testing

/// `skan-conform init`'s templates and writer, without running anything.
@Suite("Adapter skeletons: templates and writer")
struct SkeletonTests {
  /// A fresh empty directory name under the temporary folder (not created).
  static func scratchDirectory() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("skan-init-\(UUID().uuidString)").path
  }

  @Test(
    "each language's file declares exactly the requested suites, one function and Spec chapter each",
    arguments: AdapterLanguage.allCases)
  func declaredSuites(language: AdapterLanguage) throws {
    let request = try SkeletonRequest(language: language, suites: [.values, .window, .s2s], name: "acme-skan")
    let files = AdapterSkeleton.files(for: request)
    #expect(files.map(\.path) == [language.fileName])
    let text = try #require(files.first).contents
    #expect(request.suites == [.window, .values, .s2s], "kept in the kit's order")
    for suite in Suite.allCases {
      let declared = request.suites.contains(suite)
      let function =
        language == .python
        ? "def run_\(suite.rawValue)(" : "run\(suite.rawValue.prefix(1).uppercased())\(suite.rawValue.dropFirst())("
      #expect(text.contains(function) == declared, "\(language): function for \(suite.rawValue)")
      #expect(text.contains("Spec/\(suite.rawValue).md") == declared, "\(language): Spec chapter of \(suite.rawValue)")
    }
    #expect(text.contains("\"acme-skan\""))
    #expect(text.contains("\"\(AdapterSkeleton.notImplementedReason)\""))
    #expect(text.contains("skan-conform doctor --cli \"\(language.runCommand(source: language.fileName))\""))
    #expect(text.contains("`run` exits 1"), "the header explains the first run's exit status")
    #expect(text.contains("invalid-input"))
    #expect(files.first?.isExecutable == (text.hasPrefix("#!")))
  }

  @Test("the suite list is the kit's own enumeration; unknown names are usage errors naming them")
  func suiteParsing() throws {
    #expect(try SkeletonRequest.suites(parsing: ["all"]) == Suite.allCases)
    #expect(try SkeletonRequest.suites(parsing: ["values,window", "window"]) == [.window, .values])
    #expect(throws: InitError.unknownSuite("windwo")) { try SkeletonRequest.suites(parsing: ["window,windwo"]) }
    #expect(throws: InitError.emptySuiteName) { try SkeletonRequest.suites(parsing: [",", ""]) }
    #expect(throws: InitError.emptySuiteName) { try SkeletonRequest.suites(parsing: ["window", "values,"]) }
    #expect(throws: InitError.emptySuiteName) { try SkeletonRequest.suites(parsing: [""]) }
    #expect(try SkeletonRequest.suites(parsing: [" window , values"]) == [.window, .values])
    #expect(throws: InitError.noSuite) { try SkeletonRequest.suites(parsing: []) }
    #expect(throws: InitError.unknownLanguage("cobol")) { try AdapterLanguage(argument: "cobol") }
    #expect(try AdapterLanguage(argument: "JavaScript") == .node)
    #expect(
      InitError.unknownSuite("windwo").description.contains(Suite.allCases.map(\.rawValue).joined(separator: ", ")))
    #expect(throws: InitError.invalidName("a\"b")) {
      try SkeletonRequest(language: .go, suites: [.window], name: "a\"b")
    }
  }

  @Test("the PHP and Java skeletons: their file, and the commands that build and start them, each path quoted")
  func phpAndJava() throws {
    #expect(try AdapterLanguage(argument: "PHP") == .php)
    #expect(try AdapterLanguage(argument: "Java") == .java)

    let php = try SkeletonRequest(language: .php, suites: [.window, .values])
    let phpFile = try #require(AdapterSkeleton.files(for: php).first)
    #expect(phpFile.path == "adapter.php" && phpFile.isExecutable)
    #expect(phpFile.contents.hasPrefix("#!/usr/bin/env php\n<?php\n"))
    #expect(phpFile.contents.contains(#"const SUITES = ["#) && phpFile.contents.contains(#""values" => "runValues","#))
    #expect(
      phpFile.contents.contains(#"ini_set("display_errors", "stderr");"#), "PHP's own messages stay off the replies")
    #expect(AdapterLanguage.php.buildCommand(source: "adapter.php") == nil)
    #expect(
      Array(AdapterSkeleton.nextSteps(for: php, directory: "my adapter").prefix(3)) == [
        "Next:",
        #"  skan-conform doctor --cli "php 'my adapter/adapter.php'""#,
        #"  skan-conform run --cli "php 'my adapter/adapter.php'" --suite window,values"#,
      ])

    let java = try SkeletonRequest(language: .java, suites: [.window, .values])
    let javaFile = try #require(AdapterSkeleton.files(for: java).first)
    #expect(javaFile.path == "Adapter.java" && !javaFile.isExecutable)
    #expect(javaFile.contents.contains("public class Adapter {"))
    #expect(javaFile.contents.contains(#"SUITES.put("values", Adapter::runValues);"#))
    #expect(javaFile.contents.contains("//   javac -d classes Adapter.java\n"), "the header's build command")
    #expect(javaFile.contents.contains("(`java Adapter.java` runs it without building"))
    #expect(
      Array(AdapterSkeleton.nextSteps(for: java, directory: "my adapter").prefix(4)) == [
        "Next:",
        "  javac -d 'my adapter/classes' 'my adapter/Adapter.java'",
        #"  skan-conform doctor --cli "java -cp 'my adapter/classes' Adapter""#,
        #"  skan-conform run --cli "java -cp 'my adapter/classes' Adapter" --suite window,values"#,
      ])
    #expect(
      Array(AdapterSkeleton.nextSteps(for: java, directory: ".").prefix(3)) == [
        "Next:", "  javac -d classes Adapter.java", #"  skan-conform doctor --cli "java -cp classes Adapter""#,
      ])
  }

  @Test("the writer writes each language's file, executable where it is a script")
  func writes() throws {
    let scratch = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let directory = scratch + "/nested"
    for language in AdapterLanguage.allCases {
      let files = AdapterSkeleton.files(for: try SkeletonRequest(language: language, suites: [.window]))
      let written = try SkeletonWriter.write(files, into: directory)
      #expect(written == [directory + "/" + language.fileName])
      #expect(FileManager.default.contents(atPath: written[0]) == Data(files[0].contents.utf8))
      #expect(FileManager.default.isExecutableFile(atPath: written[0]) == language.isExecutable, "\(language)")
    }
  }

  @Test("the writer refuses to overwrite an existing file, or a link, and writes nothing")
  func refusesToOverwrite() throws {
    let directory = Self.scratchDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let existing = directory + "/adapter.py"
    try Data("my own work\n".utf8).write(to: URL(fileURLWithPath: existing))
    let files = AdapterSkeleton.files(for: try SkeletonRequest(language: .python, suites: [.window]))
    #expect(throws: InitError.fileExists(path: existing)) { try SkeletonWriter.write(files, into: directory) }
    #expect(FileManager.default.contents(atPath: existing) == Data("my own work\n".utf8))

    let link = directory + "/adapter.js"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory + "/nowhere.js")
    let node = AdapterSkeleton.files(for: try SkeletonRequest(language: .node, suites: [.window]))
    #expect(throws: InitError.fileExists(path: link)) { try SkeletonWriter.write(node, into: directory) }
    #expect(!FileManager.default.fileExists(atPath: directory + "/nowhere.js"))

    #expect(throws: InitError.notADirectory(path: existing)) { try SkeletonWriter.write(node, into: existing) }
  }
}
