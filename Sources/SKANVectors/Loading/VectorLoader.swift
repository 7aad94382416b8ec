import Foundation
import SKANJSON
import SKANVocabulary

/// Reads and checks a `Vectors/` directory.
///
/// It checks the manifest's hashes and counts, each file's schema version (first, before
/// anything else in the file), every case's fields, unique IDs across files, declared case
/// counts, and that every requirement a case names exists. Unknown keys are tolerated, so
/// that newer minor additions do not break older runners.
public enum VectorLoader {
  /// Loads and checks every file the manifest lists.
  /// - Parameter threads: the threads the files are read on: 2, or 1 when something else
  ///   needs the other core meanwhile (a run starting its implementation).
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func load(directory: String, threads: Int = 2) throws(VectorsError) -> VectorSet {
    try load(threads: threads) { name throws(VectorsError) in try readBytes(directory + "/" + name, name: name) }
  }

  /// Loads and checks `manifest.json` and every file it lists, reading each file's bytes
  /// with `read` (from a directory, or from the copy built into the binary).
  ///
  /// The set's digest is made from the SHA-256 of each file's bytes, checked against the
  /// manifest; nothing is written back out to hash it.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  static func load(
    threads: Int = 2, reading read: @escaping @Sendable (String) throws(VectorsError) -> [UInt8]
  ) throws(VectorsError) -> VectorSet {
    let manifest = try parse(try read("manifest.json"), file: "manifest.json")
    try checkSchemaVersion(manifest, file: "manifest.json")
    guard let entries = manifest["files"]?.arrayValue else {
      throw .invalidField(file: "manifest.json", caseID: nil, field: "files", reason: "must be an array")
    }
    // The well-formed entries' files are read, decoded and hashed on `threads` threads (the
    // files are independent: docs/benchmarks.md); the checks below then go through the
    // entries in order, so that the error thrown is the one a reading in order meets first.
    // A second thread is a thread of its own, not one of the cooperative pool's.
    let paths: [String?] = entries.map { entry in
      guard let path = entry["path"]?.stringValue, entry["sha256"]?.stringValue != nil,
        entry["cases"]?.exactInteger != nil, !path.contains("/"), !path.hasPrefix(".")
      else { return nil }
      return path
    }
    let decoded = ConcurrentResults<(file: VectorFile, sha256: String), VectorsError>(count: paths.count)
    TwoThreads.forEach(paths.indices.filter { paths[$0] != nil }, split: threads > 1) { index in
      guard let path = paths[index] else { return }
      decoded.set(index) { () throws(VectorsError) in
        let bytes = try read(path)
        // Decode first: a broken or hand-edited file is best explained by its own error.
        let file = try decodeFile(bytes: bytes, name: path)
        return (file, bytes.withUnsafeBytes { Manifest.sha256(bytes: $0) })
      }
    }
    var files: [VectorFile] = []
    var checked: [Manifest.Entry] = []
    var firstFile: [String: String] = [:]
    for (index, entry) in entries.enumerated() {
      guard let path = entry["path"]?.stringValue, let sha = entry["sha256"]?.stringValue,
        let count = entry["cases"]?.exactInteger
      else {
        throw .invalidField(
          file: "manifest.json", caseID: nil, field: "files[\(index)]", reason: "needs path, sha256 and cases")
      }
      guard !path.contains("/"), !path.hasPrefix(".") else {
        throw .invalidField(
          file: "manifest.json", caseID: nil, field: "files[\(index)].path",
          reason: "must be a file name in the directory")
      }
      guard let (file, actual) = try decoded.get(index) else {
        throw .io(file: path, reason: "was not read")
      }
      guard actual == sha else {
        throw .manifestMismatch(
          file: path,
          reason:
            "sha256 is \(actual) but the manifest says \(sha) (edited by hand? run `skan-conform vectors generate`)")
      }
      guard file.cases.count == count else {
        throw .manifestMismatch(file: path, reason: "has \(file.cases.count) cases but the manifest says \(count)")
      }
      for vector in file.cases {
        if let first = firstFile[vector.id] { throw .duplicateID(id: vector.id, file: path, firstFile: first) }
        firstFile[vector.id] = path
      }
      files.append(file)
      checked.append(Manifest.Entry(path: path, suite: file.suite.rawValue, cases: count, sha256: actual))
    }
    return VectorSet(
      files: files, digest: Manifest(entries: checked).digest,
      kitVersion: manifest["kit_version"]?.stringValue ?? "unknown")
  }

  /// Loads loose vector files that no manifest lists, such as the ones `skan-conform fuzz`
  /// writes: every file is decoded and checked as in ``load(directory:)``, IDs must be unique,
  /// and the digest is computed from the files' bytes.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func load(files paths: [String]) throws(VectorsError) -> VectorSet {
    guard !paths.isEmpty else {
      throw .invalidField(file: "(no file)", caseID: nil, field: "cases", reason: "no vector file was given")
    }
    var files: [(file: VectorFile, sha256: String)] = []
    var firstFile: [String: String] = [:]
    for path in paths {
      let name = (path as NSString).lastPathComponent
      let bytes = try readBytes(path, name: name)
      // A large file is hashed on a second thread while it is decoded.
      let (sha256, decoded) = TwoThreads.alongside(
        bytes.count >= TwoThreads.worthwhileBytes, { bytes.withUnsafeBytes { Manifest.sha256(bytes: $0) } }
      ) { () -> Result<VectorFile, VectorsError> in
        do throws(VectorsError) { return .success(try decodeFile(bytes: bytes, name: name)) } catch {
          return .failure(error)
        }
      }
      let file = try decoded.get()
      // A file's own IDs are unique (decodeFile checks): only across files can one repeat.
      if paths.count > 1 {
        for vector in file.cases {
          if let first = firstFile[vector.id] { throw .duplicateID(id: vector.id, file: name, firstFile: first) }
          firstFile[vector.id] = name
        }
      }
      files.append((file, sha256))
    }
    return looseSet(files)
  }

  /// The set of loose vector files (no manifest), each with its bytes' SHA-256: its digest is
  /// made from those as a manifest of them would list them.
  static func looseSet(_ files: [(file: VectorFile, sha256: String)]) -> VectorSet {
    let entries = files.map {
      Manifest.Entry(
        path: $0.file.fileName, suite: $0.file.suite.rawValue, cases: $0.file.cases.count, sha256: $0.sha256)
    }
    return VectorSet(
      files: files.map(\.file), digest: Manifest(entries: entries).digest, kitVersion: Manifest.kitVersion)
  }

  /// Decodes and checks one vector file's text.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func decodeFile(_ text: String, name: String) throws(VectorsError) -> VectorFile {
    try decodeFile(bytes: Array(text.utf8), name: name)
  }

  /// Decodes and checks one vector file's bytes.
  /// - Throws: ``VectorsError`` naming the file, the case and the field.
  public static func decodeFile(bytes: [UInt8], name: String) throws(VectorsError) -> VectorFile {
    // Each case object (an element of `cases`) is checked as a parse checks it but not built:
    // its summary says where its members are, and the case is read from them.
    let summaries: ObjectSummaries
    let (suite, declared, elements, count): (Suite, Int, [JSONValue], Int)
    do {
      let root: JSONValue
      do {
        (root, summaries, _) = try SplitSummaries.parse(bytes: bytes, summarizing: caseMembers, within: "cases")
      } catch {
        throw .notJSON(file: name, reason: error.description)
      }
      (suite, declared, elements, count) = try fileHead(root, summaries: summaries, name: name)
    }
    // One summary per element, unless the file spells `cases` with an escape: then every
    // element was built.
    let summarized = summaries.count == count
    let lists = caseLists()
    let decode: @Sendable (Int) throws(VectorsError) -> VectorCase = { index throws(VectorsError) in
      if summarized, let span = summaries.span(of: index) {
        return try decodeCase(
          span, members: { summaries.member($0, of: index) }, index: index, suite: suite, file: name, bytes: bytes,
          lists: lists)
      }
      return try decodeCase(elements[index], index: index, suite: suite, file: name)
    }
    var cases: [VectorCase] = []
    var failure: VectorsError?
    var idHashes: [Int]?
    if count >= ParallelCases.threshold {
      (cases, failure, idHashes) = ParallelCases.build(count: count, decode)
    } else {
      cases.reserveCapacity(count)
      for index in 0..<count {
        do throws(VectorsError) {
          cases.append(try decode(index))
        } catch {
          failure = error
          break
        }
      }
    }
    // The first problem in case order: a repeated ID before the first case that failed, or
    // that case's error.
    if let idHashes {
      if let index = RepeatedIDs.first(in: cases, hashes: idHashes) {
        throw .duplicateID(id: cases[index].id, file: name, firstFile: name)
      }
    } else {
      // By index: a case copied out of the array would retain and release each of its members.
      var seen: Set<String> = []
      seen.reserveCapacity(cases.count)
      for index in cases.indices where !seen.insert(cases[index].id).inserted {
        throw .duplicateID(id: cases[index].id, file: name, firstFile: name)
      }
    }
    if let failure { throw failure }
    guard declared == cases.count else { throw .countMismatch(file: name, declared: declared, found: cases.count) }
    return VectorFile(suite: suite, cases: cases)
  }

  /// A vector file's members other than its cases, checked, from its summarizing parse
  /// (`root`, `summaries`): its suite, the number of cases it declares, the elements of its
  /// `cases` (none when every one is an object summarized in `summaries`: the document is let
  /// go here, before the cases are built beside it) and their number.
  /// - Throws: ``VectorsError`` naming the file and the field.
  static func fileHead(
    _ root: JSONValue, summaries: ObjectSummaries, name: String
  ) throws(VectorsError) -> (suite: Suite, declared: Int, elements: [JSONValue], count: Int) {
    try checkSchemaVersion(root, file: name)
    let fields = try JSONFields(root, at: FieldPath(""), fail: word(file: name, caseID: nil, rules: fileRules))
    let suite = try fields.choice("suite", Suite.self)
    let declared = try fields.integer("number_of_cases")
    let all = try fields.array("cases")
    let placeholders =
      summaries.count == all.count && (0..<all.count).allSatisfy { summaries.span(of: $0) != nil }
    return (suite, declared, placeholders ? [] : all, all.count)
  }

  /// The lists of requirement IDs and of tags that cases name, each checked (requirements
  /// against the catalog) once per spelling.
  static func caseLists() -> (requirements: StringLists, tags: StringLists) {
    (StringLists(accepting: { RequirementCatalog.requirement($0) != nil }), StringLists())
  }

  /// The members of a case the loader reads from their spans, in this order.
  static let caseMembers = ["id", "description", "requirements", "basis", "tags", "input", "expected"]

  /// Decodes one case that was checked but not built, at `span` of `bytes`, from the spans of
  /// its members (`members`, by their place in ``caseMembers``). A case whose members are all
  /// as a vector file writes them, expecting an output (with or without diagnostic members)
  /// or an error, keeps its input and output as text (``DeferredJSON``); any other (one with
  /// `level`, or a member missing, of the wrong kind or spelled with an escape) is built whole
  /// and decoded as before, so that its errors are those of a whole parse.
  static func decodeCase(
    _ span: Range<Int>, members: (Int) -> Range<Int>?, index: Int, suite: Suite, file: String, bytes: [UInt8],
    lists: (requirements: StringLists, tags: StringLists)
  ) throws(VectorsError) -> VectorCase {
    if let vector = readCase(members, suite: suite, bytes: bytes, lists: lists) { return vector }
    let element: JSONValue
    do {
      element = try JSONParser.parse(bytes: bytes, range: span, nestedAt: 2)
    } catch {
      throw .notJSON(file: file, reason: error.description)
    }
    var vector = try decodeCase(element, index: index, suite: suite, file: file)
    if let span = members(5) { vector.inputText = JSONText(bytes, range: span) }
    // The output's text, in `{"output": …}` and in `{"output": …, "diagnostic": […]}` alike
    // (a key spelled with an escape keeps none).
    if let span = members(6), vector.expectsOutput,
      let output = bytes.withUnsafeBufferPointer({ text in
        CheckedSpanReader.members(text, span)?.first { $0.key == "output" }?.value
      })
    {
      vector.expectedOutputText = JSONText(bytes, range: output)
    }
    return vector
  }

  /// The case whose members' spans `spans` gives (by their place in ``caseMembers``), when
  /// every member is as a vector file writes it and the case expects an output alone, an
  /// output with the diagnostic paths it gives, or an error alone; `nil` otherwise (the
  /// caller then decodes it whole, which says what is wrong).
  private static func readCase(
    _ spans: (Int) -> Range<Int>?, suite: Suite, bytes: [UInt8], lists: (requirements: StringLists, tags: StringLists)
  ) -> VectorCase? {
    bytes.withUnsafeBufferPointer { text -> VectorCase? in
      func string(_ position: Int) -> String? { spans(position).flatMap { CheckedSpanReader.plainString(text, $0) } }
      guard let id = string(0), isCaseID(id, of: suite),
        let description = spans(1).flatMap({ description(bytes, text, $0) }),
        let requirements = spans(2).flatMap({ lists.requirements.strings(text, $0) }), !requirements.isEmpty,
        let basis = string(3).flatMap(VectorCase.Basis.init(rawValue:)),
        let tags = spans(4) == nil ? [] : spans(4).flatMap({ lists.tags.strings(text, $0) }),
        let inputSpan = spans(5), let expected = spans(6).flatMap({ CheckedSpanReader.members(text, $0) })
      else { return nil }
      let source: VectorCase.ExpectedSource
      var diagnostic: [String] = []
      if expected.count == 1 {
        switch expected[0].key {
        case "output": source = .output(DeferredJSON(text: JSONText(bytes, range: expected[0].value)))
        case "error":
          guard let code = CheckedSpanReader.plainString(text, expected[0].value), !code.isEmpty else { return nil }
          source = .error(code)
        default: return nil
        }
      } else {
        // An output with diagnostic members, `{"output": …, "diagnostic": [paths]}` in either
        // order, each path naming a member the output gives (read from its text, unbuilt).
        guard expected.count == 2, let output = expected.first(where: { $0.key == "output" })?.value,
          let paths = expected.first(where: { $0.key == "diagnostic" }).flatMap({
            CheckedSpanReader.plainStrings(text, $0.value)
          }), !paths.isEmpty,
          paths.allSatisfy({ DiagnosticPath($0)?.isGiven(inOutput: text, at: output) == true })
        else { return nil }
        diagnostic = paths
        source = .output(DeferredJSON(text: JSONText(bytes, range: output)))
      }
      return VectorCase(
        id: id, suite: suite, description: description,
        requirements: requirements, basis: basis, tags: tags,
        input: DeferredJSON(unsharedText: JSONText(bytes, range: inputSpan)), expected: source,
        diagnostic: diagnostic)
    }
  }

  /// The non-empty string that `span` of `text` (the bytes of `bytes`) spells, when it is a string: kept as the file
  /// spells it when it is plain (``SpelledString``), decoded now when it holds an escape or a
  /// byte outside ASCII (a description quoting a phrase, or with a `≤`); `nil` for any other
  /// value. The span was checked by the summarizing parse, so a string here is valid JSON.
  private static func description(
    _ bytes: [UInt8], _ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>
  ) -> SpelledString? {
    guard let base = text.baseAddress, span.upperBound <= text.count else { return nil }
    if CheckedSpanReader.isPlainString(text, span, nonEmpty: true) {
      return SpelledString(spelled: JSONText(bytes, range: span))
    }
    guard span.count > 2, base[span.lowerBound] == 0x22,
      case .string(let decoded)? = try? JSONParser.parse(utf8: UnsafeBufferPointer(rebasing: text[span])),
      !decoded.isEmpty
    else { return nil }
    return SpelledString(decoded)
  }

  /// Whether `id` is `<suite>/<slug>`, the slug of lower-case letters, digits and hyphens.
  private static func isCaseID(_ id: String, of suite: Suite) -> Bool {
    let name = suite.rawValue.utf8
    let utf8 = id.utf8
    guard utf8.count > name.count + 1, utf8.starts(with: name),
      utf8[utf8.index(utf8.startIndex, offsetBy: name.count)] == UInt8(ascii: "/")
    else { return false }
    return utf8.dropFirst(name.count + 1).allSatisfy {
      $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x7A)
    }
  }

  /// A case's members other than `input` and `expected`, checked.
  private static func decodeHead(_ element: JSONValue, index: Int, suite: Suite, file: String) throws(VectorsError)
    -> (id: String, description: String, requirements: [String], basis: VectorCase.Basis, tags: [String])
  {
    let head = try JSONFields(
      element, at: FieldPath("cases").element(index), fail: word(file: file, caseID: nil, rules: headRules))
    let id = try head.string("id")
    guard !id.isEmpty else { throw head.fail(.outOfRange(head.path.appending("id"), "is empty")) }
    let object = try JSONFields(element, at: FieldPath(""), fail: word(file: file, caseID: id, rules: caseRules))
    func invalid(_ field: String, _ reason: String) -> VectorsError {
      .invalidField(file: file, caseID: id, field: field, reason: reason)
    }
    guard isCaseID(id, of: suite) else {
      throw invalid("id", "must be \(suite.rawValue)/<slug> with lower-case letters, digits and hyphens")
    }
    let description = try object.string("description")
    guard !description.isEmpty else { throw invalid("description", caseRules["description"] ?? "") }
    let requirementValues = try object.array("requirements")
    guard !requirementValues.isEmpty else { throw invalid("requirements", caseRules["requirements"] ?? "") }
    var requirements: [String] = []
    for value in requirementValues {
      guard let requirement = value.stringValue else { throw invalid("requirements", "must hold strings") }
      guard RequirementCatalog.requirement(requirement) != nil else {
        throw .unknownRequirement(file: file, caseID: id, requirement: requirement)
      }
      requirements.append(requirement)
    }
    guard let basis = VectorCase.Basis(rawValue: try object.string("basis")) else {
      throw invalid("basis", caseRules["basis"] ?? "")
    }
    var tags: [String] = []
    for value in object["tags"]?.arrayValue ?? [] {
      guard let tag = value.stringValue else { throw invalid("tags", "must hold strings") }
      tags.append(tag)
    }
    return (id, description, requirements, basis, tags)
  }

  private static func decodeCase(_ element: JSONValue, index: Int, suite: Suite, file: String) throws(VectorsError)
    -> VectorCase
  {
    let (id, description, requirements, basis, tags) = try decodeHead(element, index: index, suite: suite, file: file)
    let object = try JSONFields(element, at: FieldPath(""), fail: word(file: file, caseID: id, rules: caseRules))
    func invalid(_ field: String, _ reason: String) -> VectorsError {
      .invalidField(file: file, caseID: id, field: field, reason: reason)
    }
    let input = try object.value("input")
    let expected = try object.object("expected").members
    let result: SuiteResult
    var diagnostic: [String] = []
    switch (expected["output"], expected["error"]) {
    case (let output?, nil):
      result = .output(output)
      for value in expected["diagnostic"]?.arrayValue ?? [] {
        guard let text = value.stringValue, let path = DiagnosticPath(text), path.isGiven(in: output) else {
          throw invalid(
            "expected.diagnostic",
            "must name members of expected.output, or array[].member paths into it (\(value) is not one)")
        }
        diagnostic.append(text)
      }
      if let value = expected["diagnostic"], value.arrayValue == nil {
        throw invalid("expected.diagnostic", "must be an array of member names or array[].member paths")
      }
    case (nil, let error?):
      guard let code = error.stringValue, !code.isEmpty else {
        throw invalid("expected.error", "must be an error code string")
      }
      result = .error(code: code, message: "")
    default:
      throw invalid("expected", "must have exactly one of output and error")
    }
    let verdictOnly = try decodeLevel(expected, suite: suite, input: input, file: file, caseID: id)
    return VectorCase(
      id: id, suite: suite, description: description, requirements: requirements, basis: basis, tags: tags,
      input: input, expected: result, diagnostic: diagnostic, verdictOnly: verdictOnly)
  }

  /// How a reader of a vector file words its problems.
  private typealias Wording = @Sendable (FieldProblem) -> VectorsError

  /// What the members of a vector file must be, as its errors say.
  private static let fileRules = [
    "suite": "must be a string", "number_of_cases": "must be an integer", "cases": "must be an array",
  ]
  /// What a case and its ID must be, before the ID is known (fields `cases[i]`, `cases[i].id`).
  private static let headRules = ["": "must be an object", "id": "must be a non-empty string"]
  /// What the members of a case must be, as its errors say.
  private static let caseRules = [
    "description": "must be a non-empty string", "requirements": "must be a non-empty array of requirement IDs",
    "basis": "must be apple, seed or kit-defined", "input": "is missing", "expected": "must be an object",
  ]

  /// Words a ``FieldProblem`` of a vector file as ``VectorsError/invalidField(file:caseID:field:reason:)``:
  /// the field is the problem's path; the reason is the rule of the member it is about (the
  /// path's last member, `""` for the object itself), or, for a string that is none of its
  /// choices, the choices.
  private static func word(file: String, caseID: String?, rules: [String: String]) -> Wording {
    { problem in
      let field = problem.path.description
      let reason: String
      if case .notOneOf(_, let found, let choices) = problem {
        reason = "\"\(found)\" is not one of \(choices.joined(separator: ", "))"
      } else {
        let member = field.split(separator: ".").last.map(String.init) ?? ""
        reason = rules[member] ?? rules[""] ?? "is invalid"
      }
      return .invalidField(file: file, caseID: caseID, field: field, reason: reason)
    }
  }

  private static func checkSchemaVersion(_ root: JSONValue, file: String) throws(VectorsError) {
    guard root.objectValue != nil else {
      throw .invalidField(file: file, caseID: nil, field: "(root)", reason: "must be an object")
    }
    guard let version = root["schema_version"] else {
      throw .invalidField(file: file, caseID: nil, field: "schema_version", reason: "is missing")
    }
    guard version.exactInteger == VectorFile.schemaVersion else {
      throw .unsupportedSchemaVersion(file: file, found: version.description, supported: VectorFile.schemaVersion)
    }
  }

  /// The UTF-8 text of the file at `path`; errors name it `name`.
  /// - Throws: ``VectorsError/io(file:reason:)`` when it cannot be read or is not UTF-8.
  public static func read(_ path: String, name: String) throws(VectorsError) -> String {
    guard let text = String(validating: try readBytes(path, name: name), as: UTF8.self) else {
      throw .io(file: name, reason: "is not UTF-8")
    }
    return text
  }

  static func readBytes(_ path: String, name: String) throws(VectorsError) -> [UInt8] {
    try FileBytes.contents(of: path, name: name)
  }

  /// `text` parsed as JSON; errors name it `file`.
  /// - Throws: ``VectorsError/notJSON(file:reason:)`` with the line and column.
  public static func parse(_ text: String, file: String) throws(VectorsError) -> JSONValue {
    do {
      return try JSONParser.parse(text)
    } catch {
      throw .notJSON(file: file, reason: error.description)
    }
  }

  static func parse(_ bytes: [UInt8], file: String) throws(VectorsError) -> JSONValue {
    do {
      return try JSONParser.parse(bytes: bytes)
    } catch {
      throw .notJSON(file: file, reason: error.description)
    }
  }
}
