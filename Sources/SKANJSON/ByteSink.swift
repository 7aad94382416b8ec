/// Bytes being written: a growable buffer appended to through a pointer.
///
/// `Array.append` is a generic call in a debug build (`-Onone`), paid once per byte; a store
/// through an `UnsafeMutablePointer` is inlined in every build. The canonical writer writes
/// every request and reply of a run, so this is where a debug build spends its per-case time.
struct ByteSink: ~Copyable {
  private var base: UnsafeMutablePointer<UInt8>
  private var capacity: Int
  /// The number of bytes written.
  private(set) var count = 0

  init(capacity: Int) {
    self.capacity = max(16, capacity)
    base = .allocate(capacity: self.capacity)
  }

  deinit { base.deallocate() }

  /// Makes room for `extra` more bytes.
  mutating func reserve(_ extra: Int) {
    guard count + extra > capacity else { return }
    var newCapacity = capacity * 2
    while newCapacity < count + extra { newCapacity *= 2 }
    let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
    UnsafeMutableRawPointer(newBase).copyMemory(from: base, byteCount: count)
    base.deallocate()
    base = newBase
    capacity = newCapacity
  }

  mutating func append(_ byte: UInt8) {
    if count == capacity { reserve(1) }
    base[count] = byte
    count += 1
  }

  mutating func append(_ first: UInt8, _ second: UInt8) {
    reserve(2)
    base[count] = first
    base[count + 1] = second
    count += 2
  }

  /// Appends `length` bytes from `source`.
  mutating func append(_ source: UnsafePointer<UInt8>, length: Int) {
    guard length > 0 else { return }
    reserve(length)
    UnsafeMutableRawPointer(base + count).copyMemory(from: source, byteCount: length)
    count += length
  }

  /// Appends the bytes of a literal such as `"null"`.
  mutating func append(_ literal: StaticString) {
    append(literal.utf8Start, length: literal.utf8CodeUnitCount)
  }

  /// Appends `n` spaces.
  mutating func appendSpaces(_ n: Int) {
    reserve(n)
    var index = 0
    while index < n {
      base[count + index] = 0x20
      index += 1
    }
    count += n
  }

  /// Appends the decimal digits of `value`.
  mutating func append(integer value: Int) {
    var magnitude = value.magnitude
    var digits = 1
    var rest = magnitude / 10
    while rest > 0 {
      digits += 1
      rest /= 10
    }
    if value < 0 { append(0x2D) }
    reserve(digits)
    var position = count + digits - 1
    while position >= count {
      base[position] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
      magnitude /= 10
      position -= 1
    }
    count += digits
  }

  /// The bytes written, as an array.
  consuming func bytes() -> [UInt8] {
    let count = count
    let base = base
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      if let target = buffer.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: count) }
      initialized = count
    }
  }

  /// The bytes written, as a string (they are UTF-8: the writer copies strings whole).
  consuming func string() -> String {
    let count = count
    let base = base
    return String(unsafeUninitializedCapacity: count) { buffer in
      if let target = buffer.baseAddress { UnsafeMutableRawPointer(target).copyMemory(from: base, byteCount: count) }
      return count
    }
  }
}
