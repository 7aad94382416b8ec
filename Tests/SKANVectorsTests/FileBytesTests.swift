import Foundation
import SKANTestSupport
import Testing

@testable import SKANVectors

/// A file is read byte for byte, whatever its size: a large one into a buffer offered for
/// large pages, at any alignment the allocator gives it.
@Suite("File bytes")
struct FileBytesTests {
  @Test(
    "a file reads back byte for byte, below and above the size offered for large pages",
    arguments: [0, 1, 4_095, LargePages.from - 1, LargePages.from + 4_099, 3 * LargePages.from + 17])
  func readsBack(size: Int) throws {
    let directory = try ScratchFiles.directory("skan-file-bytes")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data.bin"
    // A pattern that differs from page to page, so a page read twice or skipped shows.
    var bytes = [UInt8](repeating: 0, count: size)
    for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 2_654_435_761 >> 7) }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let read = try FileBytes.contents(of: path, name: "data.bin")
    #expect(read.count == size)
    #expect(read == bytes, "size \(size)")
  }

  @Test("offering a buffer at an odd address and length changes none of its bytes")
  func offerKeepsBytes() {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: LargePages.from + 8_193, alignment: 1)
    defer { buffer.deallocate() }
    for index in buffer.indices { buffer[index] = UInt8(truncatingIfNeeded: index) }
    let odd = UnsafeMutableRawBufferPointer(rebasing: buffer[3..<(buffer.count - 5)])
    LargePages.prefer(odd)
    #expect(buffer.indices.allSatisfy { buffer[$0] == UInt8(truncatingIfNeeded: $0) })
  }
}
