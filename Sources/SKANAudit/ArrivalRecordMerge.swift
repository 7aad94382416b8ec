import SKANJSON

/// Merges the per-arrival files (`--arrivals-out`) of an audit's shards into the one the whole
/// file's audit writes: each shard's lines are in arrival-line order, so one pass over all of
/// them, keeping one line from each, writes them in order. A line number out of order or
/// written by two shards is an error.
public enum ArrivalRecordMerge {
  /// Merges `sources` (each with its name), passing each record line to `write` in order.
  public static func merge(
    _ sources: inout [ArrivalLines], names: [String], write: (ArraySlice<UInt8>) throws -> Void
  ) throws {
    var heads: [(number: Int, bytes: ArraySlice<UInt8>)?] = []
    for index in sources.indices { heads.append(try next(&sources[index], name: names[index], after: 0)) }
    var last = 0
    while true {
      let waiting = heads.enumerated().compactMap { index, head in head.map { (index: index, head: $0) } }
      guard let (index, head) = waiting.min(by: { $0.head.number < $1.head.number }) else { break }
      guard head.number > last else {
        throw AuditError(
          .mergeMismatch, "\(VisibleName(names[index])): the arrival on line \(head.number) is in two shards' files")
      }
      last = head.number
      try write(head.bytes)
      heads[index] = try next(&sources[index], name: names[index], after: head.number)
    }
  }

  /// The next record of `source` and its arrival line, which must follow `previous`.
  private static func next(_ source: inout ArrivalLines, name: String, after previous: Int) throws(AuditError) -> (
    number: Int, bytes: ArraySlice<UInt8>
  )? {
    guard let record = try source.next() else { return nil }
    let at = "\(VisibleName(name)), line \(record.line)"
    guard let value = try? JSONParser.parse(bytes: Array(record.bytes)), let number = value["line"]?.exactInteger
    else { throw AuditError(.malformedLine, "\(at): not a record of `audit --arrivals-out` (no `line`)") }
    guard number > previous else {
      throw AuditError(.mergeMismatch, "\(at): arrival line \(number) does not follow line \(previous)")
    }
    return (number, record.bytes)
  }
}
