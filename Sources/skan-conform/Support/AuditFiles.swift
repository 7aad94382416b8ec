import Foundation
import SKANAudit
import SKANJSON
import SKANRunner

/// The files of `audit`: opened and read with errors that name them, written in large
/// writes.
enum AuditFiles {
  /// `path` opened for reading; standard input for `-`.
  static func open(_ path: String, what: String) throws -> FileHandle {
    if path == "-" { return FileHandle.standardInput }
    guard let handle = FileHandle(forReadingAtPath: path) else {
      printError("error: the \(what) \(DisplayText(path)) does not exist or cannot be read")
      throw KitExit.usage
    }
    return handle
  }

  /// The bytes of `path`, at most `limit`.
  static func read(_ path: String, what: String, limit: Int) throws -> [UInt8] {
    let handle = try open(path, what: what)
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: limit + 1)) ?? nil ?? Data()
    guard data.count <= limit else {
      printError("error: the \(what) \(DisplayText(path)) is larger than \(limit) bytes")
      throw KitExit.usage
    }
    return Array(data)
  }

  /// A file written through a 1 MiB buffer.
  struct Output {
    private let handle: FileHandle
    private let path: String
    private var buffer: [UInt8] = []

    init(_ path: String) throws {
      guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
      else {
        printError("error: cannot write \(DisplayText(path))")
        throw KitExit.usage
      }
      self.handle = handle
      self.path = path
      buffer.reserveCapacity(1 << 20)
    }

    mutating func write(_ bytes: [UInt8]) throws {
      buffer += bytes
      if buffer.count >= 1 << 20 { try flush() }
    }

    mutating func close() throws {
      try flush()
      try? handle.close()
    }

    private mutating func flush() throws {
      do {
        try handle.write(contentsOf: buffer)
      } catch {
        printError("error: cannot write \(DisplayText(path)): \(DisplayText(String(describing: error)))")
        throw KitExit.usage
      }
      buffer.removeAll(keepingCapacity: true)
    }
  }

  /// Writes the report's JSON, Markdown and HTML forms where asked.
  static func write(_ report: AuditReport, json: String?, markdown: String?, html: String?) throws {
    let forms: [(String?, [UInt8])] = [
      (json, json == nil ? [] : Array(CanonicalJSON.pretty(report.json).utf8) + [UInt8(ascii: "\n")]),
      (markdown, markdown == nil ? [] : Array(report.markdown.utf8)),
      (html, html == nil ? [] : Array(report.html.utf8)),
    ]
    for case (let path?, let bytes) in forms {
      var out = try Output(path)
      try out.write(bytes)
      try out.close()
    }
  }
}
