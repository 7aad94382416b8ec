/// One of N independent parts of an audit (`--shard I/N`): an arrival belongs to the shard its
/// identifier, read from the body without verifying it, hashes to, so that every arrival that
/// can share a deduplication key (RCV-5) is in one shard; a body with no identifier goes by its
/// line. Every shard reads every line, so that each checks the whole file's shape and order.
public struct AuditShard: Sendable, Hashable {
  /// The shard, from 1.
  public var index: Int
  /// The number of shards.
  public var count: Int

  /// The whole file.
  public static let whole = AuditShard(uncheckedIndex: 1, count: 1)

  private init(uncheckedIndex index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// `I/N` with 1 ≤ I ≤ N; `nil` for anything else.
  public init?(_ text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, count <= 65_536,
      (1...count).contains(index)
    else { return nil }
    self.init(uncheckedIndex: index, count: count)
  }

  /// `I/N`.
  public var text: String { "\(index)/\(count)" }

  /// Whether the arrival with this identifier (or, with none, on this line) is this shard's.
  public func owns(identifier: String?, line: Int) -> Bool {
    guard count > 1 else { return true }
    guard let identifier else { return (line - 1) % count == index - 1 }
    // FNV-1a over the identifier's bytes: the same shard on every machine and every run.
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in identifier.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Int(hash % UInt64(count)) == index - 1
  }
}
