import Foundation
import SKANTestSupport
import SKANVocabulary
import Testing

/// A suite's member and operation names are spelled as Swift string literals in one file: its
/// vocabulary file (`Sources/SKANVocabulary/Suites/<Name>Suite.swift`). Everything else (codecs,
/// scenarios, mutants, fuzz generators) reaches a name through the enums, so renaming a member
/// is one edit and a misspelt one does not compile.
@Suite("Suite names spelled once")
struct SpelledOnceTests {
  /// Literals that spell the same word as a suite's input member or operation but belong to
  /// another vocabulary, by file: each with the reason it is not the suite's name.
  static let allowed: [String: (names: Set<String>, reason: String)] = [
    "Sources/SKANVocabulary/Suites/SuiteVocabulary.swift": (
      ["op"], "the generic lookup of the operation member, which every suite with operations names `op`"
    ),
    "Sources/SKANModel/Receiving/PostbackReceiver.swift": (["jws-string"], "Apple's AdAttributionKit postback body"),
    "Sources/SKANModel/Receiving/PostbackReceiver+Deduplication.swift": (
      ["jws-string"], "Apple's AdAttributionKit postback body"
    ),
    "Sources/SKANModel/Receiving/ReceivedBodyComparison.swift": (
      ["jws-string"], "Apple's AdAttributionKit postback body"
    ),
    "Sources/skan-conform/Commands/AuditCommand.swift": (
      ["at", "path", "body", "environment", "arrivals", "configuration"],
      "the help text's example lines and the names of the files it reads"
    ),
    "Sources/SKANAudit/Auditor.swift": (["jws-string"], "Apple's AdAttributionKit postback body"),
    "Sources/SKANAudit/AuditReport.swift": (
      ["header", "arrivals", "kind"], "the audit report's own members (Spec/schema/audit-report.schema.json)"
    ),
    "Sources/SKANS2S/ApplePostbackExamples.swift": (["jws-string", "click"], "Apple's example postback bodies"),
    "Sources/SKANModel/S2S/S2SRequestShape.swift": (["app_id", "uid"], "the S2S API's HTTP query parameters"),
    "Sources/SKANModel/S2S/SingularConversionRequest.swift": (["idfv", "idfa"], "Singular's HTTP query parameters"),
    "Sources/SKANModel/S2S/S2SResponseContract.swift": (["value", "lock"], "AppsFlyer's response body"),
    "Sources/SKANModel/Signature/AdAttributionKitSignature.swift": (["timestamp"], "the JWS payload's member"),
    "Sources/SKANRunner/Protocol/AdapterProtocol.swift": (["id"], "the adapter protocol's members"),
    "Sources/SKANVectorGeneration/Generation/DriftCheck.swift": (["id"], "a vector's ID"),
    "Sources/SKANVectorGeneration/Generation/RetiredIDs.swift": (["id"], "a vector's ID"),
    "Sources/SKANVectors/Format/VectorCase.swift": (["id"], "a vector's ID"),
    "Sources/SKANVectors/Loading/VectorLoader.swift": (["id", "path"], "a vector's ID, the manifest's `files[].path`"),
    "Sources/SKANModel/Lifecycle/ServerReply+Reading.swift": (["status"], "Singular's server response"),
    "Sources/SKANModel/Metadata/MetadataContract.swift": (["id"], "the `id` prefix of an App Store ID, a value"),
    "Sources/SKANReporting/FailureDetail.swift": (
      ["status", "kind"], "output members of any suite that state a case's outcome, matched in a difference's path"
    ),
    "Sources/SKANReporting/JSONReport.swift": (["header", "id", "status", "path"], "the JSON report's members"),
    "Sources/SKANReporting/JSONReportReader.swift": (["header", "id", "status", "path"], "the JSON report's members"),
    "Sources/SKANVectors/Format/Manifest.swift": (["path"], "the manifest's `files[].path`"),
    "Sources/SKANRunner/Run/Expectations.swift": (["status"], "the expectations file's members"),
    "Sources/SKANVocabulary/Requirements/Requirement+Area.swift": (
      ["timeline", "att"], "the names of two requirement tables"
    ),
    "Sources/SKANFuzz/Suites/ReceivingSuite+Fuzz.swift": (
      ["jws-string", "timestamp"], "an AdAttributionKit postback's member, a forwarder's field added to a body"
    ),
    "Sources/SKANFuzz/Suites/ValuesSuite+Fuzz.swift": (["2"], "a Singular coarse code written as a string (a value)"),
    "Sources/SKANFuzz/Suites/LifecycleSuite+Fuzz.swift": (["status"], "Singular's server response"),
    "Sources/SKANVectorGeneration/Scenarios/AppleSamples.swift": (
      ["jws-string", "timestamp"], "Apple's published postbacks and impressions"
    ),
    "Sources/SKANVectorGeneration/Scenarios/LifecycleScenarios.swift": (["status"], "Singular's server response"),
    "Sources/SKANVectorGeneration/Scenarios/MetadataScenarios.swift": (["2", "3"], "metadata values under test"),
    "Sources/SKANVectorGeneration/Scenarios/ReceivingScenarios.swift": (
      ["timestamp"], "a forwarder's member added to a received postback body"
    ),
    "Sources/SKANVectorGeneration/Scenarios/S2SScenarios.swift": (
      ["app_id", "uid", "value", "lock", "status", "dev_key"],
      "AppsFlyer's and Singular's query parameters and response bodies inside the inputs, and the test developer key's value"
    ),
    "Sources/SKANVectorGeneration/Scenarios/SignatureScenarios.swift": (
      ["4", "impression", "jws-string", "timestamp"],
      "a version value, the test JWS fixture's name, Apple's postback and impression fields"
    ),
    "Sources/SKANVectorGeneration/Scenarios/SignatureScenarios+LibraryBugs.swift": (
      ["jws-string"], "Apple's AdAttributionKit postback body"
    ),
    "Sources/SKANVectorGeneration/Scenarios/SignatureTestKey.swift": (["timestamp"], "Apple's impression parameter"),
    "Sources/SKANVectorGeneration/Scenarios/SignatureTestKey+JWS.swift": (
      ["impression"], "the test JWS fixture's name"
    ),
    "Sources/SKANVectorGeneration/Scenarios/ValuesScenarios.swift": (
      ["value"], "an object given as a value under test (`{\"value\": 12}`)"
    ),
    "Sources/skan-conform/Commands/FuzzCommand.swift": (["id"], "a command-line value name"),
    "Sources/skan-conform/Commands/ListCommand.swift": (["id"], "a command-line value name"),
    "Sources/skan-conform/Commands/ProbePostbacksCommand.swift": (["path"], "a command-line value name"),
    "Sources/skan-conform/Commands/ProbeS2SCommand.swift": (["id", "uid", "profile"], "command-line value names"),
    "Sources/skan-conform/Commands/ReferenceCommand.swift": (["id"], "a command-line value name"),
    "Sources/skan-conform/Commands/ReferenceReceiverCommand.swift": (
      ["receiver", "path"], "the subcommand's name and a command-line value name"
    ),
    "Sources/skan-conform/Commands/ReferenceS2SCommand.swift": (["profile"], "a command-line value name"),
    "Sources/skan-conform/Commands/SelfcheckCommand.swift": (["id"], "a command-line value name"),
    "Sources/skan-conform/Commands/SpecCommand.swift": (["id"], "a command-line value name"),
    "Sources/skan-conform/Options/SelectionOptions.swift": (["id", "tag"], "command-line value names"),
    "Sources/skan-conform/Options/VectorSourceOptions.swift": (["path"], "a command-line value name"),
  ]

  /// Words that are input members of one shape and enumerated values of another, so that a
  /// literal of them is far more often a value: `click` and `view` are the members of an
  /// attribution window and the values of every `interaction`.
  static let valueWords: [String: String] = [
    "click": "the value of `interaction` (and a member of `attribution_windows` entries)",
    "view": "the value of `interaction` (and a member of `attribution_windows` entries)",
  ]

  /// The input-side names one vocabulary file declares: the cases of its `MemberName` enums
  /// whose documentation begins "The operations" or "The members of" something that is not the
  /// output. Output members and enumerated values ("The values of") are not checked.
  static func declaredNames(in text: String) -> Set<String> {
    var names: Set<String> = []
    var depth = 0
    var inNames = false
    var namesDepth = 0
    var docFirstLine: String?
    var previousWasDoc = false
    for line in text.split(separator: "\n") {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      let isDoc = trimmed.hasPrefix("///")
      if isDoc, !previousWasDoc { docFirstLine = trimmed }
      previousWasDoc = isDoc
      if trimmed.hasPrefix("public enum "), trimmed.contains(": String, MemberName"), let doc = docFirstLine {
        let inputSide =
          doc.hasPrefix("/// The operations") || (doc.hasPrefix("/// The members of") && !doc.contains("output"))
        if inputSide {
          inNames = true
          namesDepth = depth
        }
      }
      // `case a, b = "c"` on its own line, or `enum X: String, MemberName { case a, b }` on one.
      let cases = trimmed.range(of: "case ").map { trimmed[$0.upperBound...].split(separator: "}")[0] } ?? ""
      if inNames, !cases.isEmpty {
        for part in cases.split(separator: ",") {
          let piece = part.trimmingCharacters(in: .whitespaces)
          if let quote = piece.firstIndex(of: "\""),
            let end = piece[piece.index(after: quote)...].firstIndex(of: "\"")
          {
            names.insert(String(piece[piece.index(after: quote)..<end]))
          } else if let name = piece.split(separator: " ").first, !name.contains("}") {
            names.insert(String(name))
          }
        }
      }
      depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
      if inNames, depth <= namesDepth { inNames = false }
    }
    return names
  }

  /// `file:line: "name"` for every literal naming a vocabulary name outside the vocabulary files.
  static func literalsOutsideVocabulary() throws -> [(file: String, line: Int, name: String)] {
    let root = RepositoryPaths.root
    let vocabularyFolder = "Sources/SKANVocabulary/Suites/"
    var names: Set<String> = []
    let manager = FileManager.default
    // The registered suites' files (`WindowSuite.swift` for `WindowSuite`): a suite joins the
    // check when it joins the registry.
    for file in SuiteRegistry.all.map({ "\(String(describing: $0)).swift" }) {
      names.formUnion(
        declaredNames(in: try String(contentsOfFile: root + "/" + vocabularyFolder + file, encoding: .utf8)))
    }
    var found: [(String, Int, String)] = []
    guard let walker = manager.enumerator(atPath: root + "/Sources") else { return [] }
    for case let relative as String in walker where relative.hasSuffix(".swift") {
      let path = "Sources/" + relative
      if path.hasPrefix(vocabularyFolder), path.hasSuffix("Suite.swift") { continue }
      let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
      for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("//") { continue }
        var rest = line[...]
        while let open = rest.firstIndex(of: "\"") {
          let after = rest.index(after: open)
          guard let close = rest[after...].firstIndex(of: "\"") else { break }
          let literal = String(rest[after..<close])
          let escaped = open > line.startIndex && line[line.index(before: open)] == "\\"
          if !escaped, names.contains(literal) { found.append((path, index + 1, literal)) }
          rest = rest[rest.index(after: close)...]
        }
      }
    }
    return found.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
  }

  @Test("the vocabulary files declare the names the Spec uses")
  func declaresNames() throws {
    let text = try String(
      contentsOfFile: RepositoryPaths.root + "/Sources/SKANVocabulary/Suites/AttributionSuite.swift", encoding: .utf8)
    let names = Self.declaredNames(in: text)
    for name in ["last_conversion_at", "install_cooldown_hours", "conversion_types", "op", "profile", "route"] {
      #expect(names.contains(name), "AttributionSuite.swift declares \(name): \(names.sorted())")
    }
    for name in ["winner", "losing_postbacks", "re-engagement"] {
      #expect(!names.contains(name), "\(name) is an output member or a value, not an input name")
    }
  }

  @Test("no source outside the vocabulary files spells a suite's member or operation name as a literal")
  func spelledOnce() throws {
    let found = try Self.literalsOutsideVocabulary()
    let unexpected = found.filter {
      Self.valueWords[$0.name] == nil && Self.allowed[$0.file]?.names.contains($0.name) != true
    }
    if !unexpected.isEmpty {
      let listing = unexpected.map { "\($0.file):\($0.line): \"\($0.name)\"" }.joined(separator: "\n")
      Issue.record(
        "\(unexpected.count) literals name a suite's input member or operation (use the enum case):\n\(listing)")
    }
    let spelled = Set(found.map { "\($0.file) \($0.name)" })
    let stale = Self.allowed.flatMap { file, entry in entry.names.map { "\(file) \($0)" } }.filter {
      !spelled.contains($0)
    }
    #expect(stale.isEmpty, "allowed literals no longer found (remove them from the list): \(stale.sorted())")
  }
}
