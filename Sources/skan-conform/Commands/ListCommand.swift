import ArgumentParser
import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANVectors

/// `skan-conform list`: the selected cases.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "List the selected cases (plain, or --json).")

  @OptionGroup var source: VectorSourceOptions
  @OptionGroup var selection: SelectionOptions

  @Flag(
    help:
      "Print a JSON array of {id, suite, requirements, basis, tags, description, input, expected, spec}: each case's input and expected answer as its vector file writes them, and its suite's Spec document."
  )
  var json = false

  /// The bytes of listing written at once.
  static let chunkBytes = 64 << 10

  func run() throws {
    let vectors = try source.load()
    let cases = selection.selection.apply(to: vectors.cases)
    if json {
      let entries: [JSONValue] = cases.map { vector in
        [
          "id": .string(vector.id), "suite": .string(vector.suite.rawValue),
          "requirements": .array(vector.requirements.map(JSONValue.string)),
          "basis": .string(vector.basis.rawValue), "tags": .array(vector.tags.map(JSONValue.string)),
          "description": .string(vector.description),
          "input": vector.input, "expected": vector.json["expected"] ?? .null,
          "spec": .string("Spec/\(vector.suite.specDocument)"),
        ]
      }
      print(CanonicalJSON.pretty(.array(entries)), terminator: "")
      return
    }
    // Written 64 KiB at a time: a write a case would cost a system call each, and the whole
    // listing at once as much memory again as a large file's cases.
    var listing = ""
    listing.reserveCapacity(Self.chunkBytes + 256)
    for vector in cases {
      listing += "\(vector.id)  [\(vector.requirements.joined(separator: ","))] \(vector.basis.rawValue)\n"
      if listing.utf8.count >= Self.chunkBytes {
        print(listing, terminator: "")
        listing.removeAll(keepingCapacity: true)
      }
    }
    print(listing, terminator: "")
    printError("\(cases.count) of \(vectors.cases.count) cases selected")
    ProcessLifetime.keep(vectors)
  }
}
