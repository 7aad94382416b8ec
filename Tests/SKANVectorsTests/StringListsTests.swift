import Foundation
import Synchronization
import Testing

@testable import SKANVectors

/// The shared lists a file's cases are read with: a spelling met again gives the list made
/// the first time, whatever slot it falls in and whichever thread asks.
@Suite("String lists")
struct StringListsTests {
  /// The strings `lists` gives for `spelling`, read from a document that holds it in the middle.
  func strings(_ lists: StringLists, _ spelling: String) -> [String]? {
    let document = Array("{\"x\": \(spelling), \"y\": 1}".utf8)
    let start = 6
    return document.withUnsafeBufferPointer { lists.strings($0, start..<(start + spelling.utf8.count)) }
  }

  /// The slot of `spelling`'s bytes.
  func slot(_ spelling: String) -> Int {
    Array(spelling.utf8).withUnsafeBufferPointer { bytes in
      bytes.baseAddress.map { StringLists.slot($0, count: bytes.count) } ?? -1
    }
  }

  @Test("a spelling met again gives the same list; a different one its own")
  func repeated() throws {
    let lists = StringLists()
    #expect(strings(lists, #"["a", "b"]"#) == ["a", "b"])
    #expect(strings(lists, #"["a", "b"]"#) == ["a", "b"])
    #expect(strings(lists, #"["a","b"]"#) == ["a", "b"])
    #expect(strings(lists, #"["b", "a"]"#) == ["b", "a"])
    #expect(strings(lists, "[]") == [])
    #expect(strings(lists, #"["a\u0062"]"#) == nil, "an escape is no plain string")
  }

  /// Two spellings in one slot: the second is found in the locked table, never as the first.
  @Test("two spellings that share a slot each give their own list")
  func sharedSlot() throws {
    let first = #"["tag-0"]"#
    let second = try #require(
      (1..<100_000).lazy.map { #"["tag-\#($0)"]"# }.first { slot($0) == slot(first) && $0 != first })
    let lists = StringLists()
    for _ in 0..<3 {
      #expect(strings(lists, first) == ["tag-0"])
      #expect(strings(lists, second) == [String(second.dropFirst(2).dropLast(2))])
    }
  }

  @Test("a list with a string the table refuses is no list, the first time and every time after")
  func refused() {
    let lists = StringLists(accepting: { $0.hasPrefix("WIN-") })
    #expect(strings(lists, #"["WIN-1"]"#) == ["WIN-1"])
    for _ in 0..<3 {
      #expect(strings(lists, #"["WIN-1", "NOPE-1"]"#) == nil)
    }
    #expect(strings(lists, #"["WIN-1"]"#) == ["WIN-1"])
  }

  @Test("threads asking at once for the same spellings get the same lists")
  func concurrent() {
    let lists = StringLists()
    let spellings = (0..<64).map { #"["r-\#($0 % 16)", "s"]"# }
    let results = Mutex<[Int: [String]?]>([:])
    DispatchQueue.concurrentPerform(iterations: 4_096) { iteration in
      let found = strings(lists, spellings[iteration % spellings.count])
      results.withLock { $0[iteration] = found }
    }
    let all = results.withLock { $0 }
    #expect(all.count == 4_096)
    for (iteration, found) in all {
      #expect(found == ["r-\(iteration % spellings.count % 16)", "s"], "iteration \(iteration)")
    }
  }
}
