import SKANJSON
import Synchronization

/// The lists of plain strings (requirement IDs, tags) of one file's cases, each kind spelled
/// once kept once: the cases that spell the same list share one array, as a file's cases
/// mostly do, instead of holding a copy each. Shared by the threads that read the cases.
///
/// A list is checked (``init(accepting:)``) when its spelling is first met, not at each case.
/// A spelling met again is found without a lock or an allocation: in one of ``slotCount``
/// slots, chosen by a hash of its bytes, each set once; a spelling whose slot another holds
/// is found in the locked table instead.
final class StringLists: Sendable {
  /// A spelling and its strings, as published in a slot.
  private final class Entry: Sendable {
    let spelling: [UInt8]
    let strings: [String]

    init(spelling: [UInt8], strings: [String]) {
      self.spelling = spelling
      self.strings = strings
    }

    /// Whether the `count` bytes at `start` are this entry's spelling.
    func isSpelled(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
      spelling.count == count
        && spelling.withUnsafeBufferPointer { $0.elementsEqual(UnsafeBufferPointer(start: start, count: count)) }
    }
  }

  /// A slot, set once: the address of its entry, retained until the table is freed, or 0.
  /// (An `Atomic` of a plain integer is inlined where it is read; an `AtomicLazyReference`
  /// read was a call that looked up its generic type's metadata each time, a twentieth of
  /// the time a large file's cases took to build.)
  private final class Slot: Sendable {
    private let address = Atomic<UInt>(0)

    /// The entry, once set.
    var entry: Entry? {
      let bits = address.load(ordering: .acquiring)
      guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
      return Unmanaged<Entry>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Sets the slot to `entry` unless it is set already.
    func setIfEmpty(_ entry: Entry) {
      let retained = Unmanaged.passRetained(entry)
      let bits = UInt(bitPattern: retained.toOpaque())
      if !address.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged {
        retained.release()
      }
    }

    deinit {
      let bits = address.load(ordering: .acquiring)
      if bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) {
        Unmanaged<Entry>.fromOpaque(pointer).release()
      }
    }
  }

  private let accepts: @Sendable (String) -> Bool
  private let lists = Mutex<[[UInt8]: [String]]>([:])
  private let slots: [Slot] = (0..<StringLists.slotCount).map { _ in Slot() }

  /// Lists whose every string `accepts` accepts; a list with one it refuses is no list here
  /// (``strings(_:_:)`` gives `nil`).
  init(accepting accepts: @escaping @Sendable (String) -> Bool = { _ in true }) {
    self.accepts = accepts
  }

  /// The strings `span` of `text` spells, when it is an array of plain strings
  /// (``CheckedSpanReader/plainStrings(_:_:)``) that this table accepts: the array already
  /// made for the same spelling, or a new one.
  func strings(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> [String]? {
    guard let base = text.baseAddress, span.lowerBound >= 0, span.upperBound <= text.count,
      span.count <= Self.longestShared
    else { return checked(text, span) }
    let start = base + span.lowerBound
    let slot = slots[Self.slot(start, count: span.count)]
    if let entry = slot.entry, entry.isSpelled(start, count: span.count) { return entry.strings }
    let spelling = Array(text[span])
    let strings: [String]
    if let known = lists.withLock({ $0[spelling] }) {
      strings = known
    } else {
      guard let made = checked(text, span) else { return nil }
      strings = made
      lists.withLock { $0[spelling] = strings }
    }
    slot.setIfEmpty(Entry(spelling: spelling, strings: strings))
    return strings
  }

  /// The strings `span` spells, checked, made anew.
  private func checked(_ text: UnsafeBufferPointer<UInt8>, _ span: Range<Int>) -> [String]? {
    guard let strings = CheckedSpanReader.plainStrings(text, span), strings.allSatisfy(accepts) else { return nil }
    return strings
  }

  /// The slot of the `count` bytes at `start`: FNV-1a over the bytes.
  static func slot(_ start: UnsafePointer<UInt8>, count: Int) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for index in 0..<count { hash = (hash ^ UInt64(start[index])) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (slotCount - 1)
  }

  /// The longest spelling shared: longer lists are rare, and kept apart.
  static let longestShared = 256

  /// The slots of spellings found without a lock: a power of two.
  static let slotCount = 256
}
