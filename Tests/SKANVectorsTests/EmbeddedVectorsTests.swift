import Foundation
import SKANTestSupport
import SKANVectorGeneration
import Testing

@testable import SKANVectors

/// The vectors built into the binary (never regenerate the vectors to run them)
/// are the committed files, checked at run time like files on disk.
@Suite("Built-in vectors")
struct EmbeddedVectorsTests {
  @Test("are the committed Vectors/ files, byte for byte, and no other")
  func committedBytes() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: RepositoryPaths.vectors)
      .filter { $0.hasSuffix(".json") }.sorted()
    #expect(EmbeddedVectors.names == names)
    for name in names {
      let committed = try #require(FileManager.default.contents(atPath: RepositoryPaths.vectors + "/" + name))
      #expect(EmbeddedVectors.bytes(named: name) == [UInt8](committed), "\(name)")
    }
    #expect(EmbeddedVectors.bytes(named: "no-such-file.json") == nil)
  }

  @Test("load as the committed directory does: same cases, same digest")
  func sameSet() throws {
    let embedded = try VectorSet.embedded()
    let committed = try VectorLoader.load(directory: RepositoryPaths.vectors)
    #expect(embedded.digest == committed.digest)
    #expect(embedded.kitVersion == committed.kitVersion)
    let same = embedded.cases == committed.cases
    #expect(same)
    #expect(embedded.cases.count == RepositoryPaths.manifestCaseCount, "every case the manifest lists is loaded")
  }

  @Test("are what the model generates now")
  func sameAsModel() throws {
    let generated = try VectorSet.generated()
    let embedded = try VectorSet.embedded()
    // The digest covers every file's bytes; the model's error messages are not in the files.
    #expect(generated.digest == embedded.digest)
    let same = generated.cases.map(\.json) == embedded.cases.map(\.json)
    #expect(same)
  }

  @Test("a built-in file that disagrees with the manifest is refused, naming the file")
  func tamperedFile() throws {
    let error = #expect(throws: VectorsError.self) {
      _ = try VectorLoader.load { name throws(VectorsError) in
        guard var bytes = EmbeddedVectors.bytes(named: name) else { throw .io(file: name, reason: "missing") }
        if name == "values.json" { bytes += Array(" ".utf8) }
        return bytes
      }
    }
    #expect(
      error?.description.hasPrefix("manifest.json: values.json: sha256 is ") == true, "\(String(describing: error))")
  }

  @Test("a file the manifest lists but the binary lacks is refused, naming the file")
  func missingFile() throws {
    let error = #expect(throws: VectorsError.self) {
      _ = try VectorLoader.load { name throws(VectorsError) in
        guard name != "window.json", let bytes = EmbeddedVectors.bytes(named: name) else {
          throw .io(file: name, reason: "is not among the vector files built into this binary")
        }
        return bytes
      }
    }
    #expect(error?.description == "window.json: is not among the vector files built into this binary")
  }
}
