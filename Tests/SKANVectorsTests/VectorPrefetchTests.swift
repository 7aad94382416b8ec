import Foundation
import SKANTestSupport
import Testing

@testable import SKANVectors

/// The vectors read ahead while the command line is parsed are the ones the load gives,
/// errors included, and only for the source they were read from.
@Suite("Vector prefetch")
struct VectorPrefetchTests {
  @Test("gives the set the load gives, for its own source only")
  func sameSet() throws {
    let prefetch = VectorPrefetch(.directory(RepositoryPaths.vectors))
    #expect(try prefetch.take(.embedded) == nil)
    #expect(try prefetch.take(.directory(RepositoryPaths.vectors + "/")) == nil)
    let read = try #require(try prefetch.take(.directory(RepositoryPaths.vectors)))
    let loaded = try VectorLoader.load(directory: RepositoryPaths.vectors)
    #expect(read.digest == loaded.digest)
    #expect(read.cases == loaded.cases)
    // A second take does not wait for a second read.
    #expect(try prefetch.take(.directory(RepositoryPaths.vectors))?.digest == loaded.digest)
    #expect(try VectorPrefetch(.embedded).take(.embedded)?.digest == loaded.digest)
  }

  @Test(
    "tasks awaiting the read are resumed when it ends, and those that come after it at once", .timeLimit(.minutes(1)))
  func finishedResumesEveryWaiter() async throws {
    let prefetch = VectorPrefetch(.embedded)
    // More waiters than the cooperative pool has threads: none may hold one while it waits.
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 { group.addTask { await prefetch.finished() } }
    }
    await prefetch.finished()
    let loaded = try VectorSet.embedded()
    #expect(try prefetch.take(.embedded)?.digest == loaded.digest)
  }

  @Test("throws the error the load throws, naming the file")
  func sameError() throws {
    let root = try RepositoryPaths.temporaryCopy()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/Vectors/postback.json"
    try "{".write(toFile: path, atomically: true, encoding: .utf8)
    let prefetch = VectorPrefetch(.directory(root + "/Vectors"))
    var loadError: VectorsError?
    do { _ = try VectorLoader.load(directory: root + "/Vectors") } catch { loadError = error }
    let expected = try #require(loadError)
    #expect(expected.description.contains("postback.json"))
    #expect(throws: expected) { _ = try prefetch.take(.directory(root + "/Vectors")) }
  }
}
