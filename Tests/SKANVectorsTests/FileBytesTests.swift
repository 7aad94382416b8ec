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
    arguments: [
      0, 1, 4_095, LargePages.from - 1, LargePages.from + 4_099, 3 * LargePages.from + 17, FileBytes.splitBytes - 1,
      FileBytes.splitBytes, FileBytes.splitBytes + 1,
    ])
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

  @Test("a file read in parts that turns out shorter is read again from its start, not padded")
  func shortParts() throws {
    let directory = try ScratchFiles.directory("skan-file-bytes")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let path = directory + "/data.bin"
    // Three parts: the second comes short and the third finds nothing.
    let size = FileBytes.partBytes + 1_000
    try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: path))
    let descriptor = open(path, O_RDONLY)
    defer { close(descriptor) }
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 3 * FileBytes.partBytes)
    defer { buffer.deallocate() }
    #expect(!FileBytes.readInParts(descriptor, into: buffer, 3 * FileBytes.partBytes), "past the end")
    #expect(!FileBytes.readInParts(descriptor, into: buffer, 4_000 + size), "the last part past the end")
    #expect(FileBytes.readInParts(descriptor, into: buffer, size))
    #expect(UnsafeBufferPointer(start: buffer, count: size).allSatisfy { $0 == 7 })
    #expect(lseek(descriptor, 0, SEEK_CUR) == 0, "read at offsets: the position is where it was")
  }

  @Test("a named pipe, whose size is not known, reads to its end")
  func namedPipe() async throws {
    let (directory, path) = try ScratchFiles.namedPipe("skan-file-bytes")
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let size = FileBytes.splitBytes + 4_099
    let writer = Task.detached {
      let handle = FileHandle(forWritingAtPath: path)
      handle?.write(Data(repeating: 9, count: size))
      try? handle?.close()
    }
    let read = try FileBytes.contents(of: path, name: "fifo")
    await writer.value
    #expect(read.count == size)
    #expect(read.allSatisfy { $0 == 9 })
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
