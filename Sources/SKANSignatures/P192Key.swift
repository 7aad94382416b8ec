import BigInt
import Crypto
public import SKANModel

/// A P-192 (secp192r1, NIST FIPS 186-4 D.1.2.1) public key that verifies ECDSA signatures
/// over SHA-256: Apple's key for SKAdNetwork 1.0 and 2.0 postbacks (SIG-6).
///
/// swift-crypto offers no P-192, so this is the kit's one piece of hand-written
/// cryptography, and it only *verifies*: every input (key, message, signature) is public, so
/// there is no secret to leak and no constant-time concern. It follows SEC 1 v2 section 4.1.4
/// (ECDSA verification) with the digest truncated to the order's 192 bits. The field
/// arithmetic modulo p = 2^192 - 2^64 - 1 works on three 64-bit limbs with the curve's fast
/// reduction (FIPS 186-4 D.2.1); the few operations modulo the order n use BigInt. Proven by
/// `Tests/Fixtures/p192-kat.json` (signatures made by Python `cryptography`), which CI also
/// re-checks with that library (`.ci/p192_crosscheck.py`).
public struct P192Key: ECDSAPublicKey {
  /// The DER of a P-192 SubjectPublicKeyInfo up to the uncompressed point's X‖Y: the
  /// algorithm `id-ecPublicKey` with the curve `secp192r1`, a 50-byte BIT STRING, the `04` tag.
  static let spkiPrefix: [UInt8] = [
    0x30, 0x49, 0x30, 0x13, 0x06, 0x07, 0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01, 0x06, 0x08, 0x2A, 0x86, 0x48,
    0xCE, 0x3D, 0x03, 0x01, 0x01, 0x03, 0x32, 0x00, 0x04,
  ]

  /// The public point.
  private let point: P192Point

  /// The key of a DER SubjectPublicKeyInfo holding an uncompressed point; `nil` when the
  /// bytes are not one, or the point is not on the curve (SEC 1 v2 section 3.2.2.1).
  public init?(spkiDER der: [UInt8]) {
    guard der.count == Self.spkiPrefix.count + 48, der.starts(with: Self.spkiPrefix) else { return nil }
    let start = Self.spkiPrefix.count
    guard let x = P192Field(bigEndian: der[start..<start + 24]),
      let y = P192Field(bigEndian: der[start + 24..<start + 48])
    else { return nil }
    // y^2 = x^3 - 3x + b
    guard y * y == x * x * x - x - x - x + P192Field.b else { return nil }
    point = P192Point(x: x, y: y, z: .one)
  }

  public func isValidSignature(der: [UInt8], message: [UInt8]) -> Bool? {
    guard let (r, s) = Self.integers(der: der) else { return nil }
    let n = P192Curve.order
    guard r >= 1, r < n, s >= 1, s < n, let w = s.inverse(n) else { return false }
    let e = BigUInt(bigEndian: Array(SHA256.hash(data: message)).prefix(24))
    let u1 = (e * w) % n
    let u2 = (r * w) % n
    let sum = P192Point.sum(u1, times: P192Point.generator, plus: u2, times: point)
    guard !sum.isInfinity else { return false }
    // x(sum) mod n == r, without an inversion: x = X / Z^2, and x < p < 2n, so x is r or r + n.
    let zz = sum.z * sum.z
    for candidate in [r, r + n] where candidate < P192Curve.prime {
      if let value = P192Field(candidate), value * zz == sum.x { return true }
    }
    return false
  }

  /// r and s of a strict DER `SEQUENCE { INTEGER r, INTEGER s }`: definite minimal lengths,
  /// minimal non-negative integers, nothing after the sequence; `nil` otherwise.
  static func integers(der: [UInt8]) -> (BigUInt, BigUInt)? {
    var reader = DERReader(bytes: der)
    guard let sequence = reader.element(tag: 0x30), reader.isAtEnd else { return nil }
    var inner = DERReader(bytes: sequence)
    guard let r = inner.unsignedInteger(), let s = inner.unsignedInteger(), inner.isAtEnd else { return nil }
    return (r, s)
  }
}

/// The curve's constants beyond the field's.
private enum P192Curve {
  /// p = 2^192 - 2^64 - 1 (64-bit words, least significant first).
  static let prime = BigUInt(words: [0xFFFF_FFFF_FFFF_FFFF, 0xFFFF_FFFF_FFFF_FFFE, 0xFFFF_FFFF_FFFF_FFFF])
  /// The order n of the base point.
  static let order = BigUInt(words: [0x146B_C9B1_B4D2_2831, 0xFFFF_FFFF_99DE_F836, 0xFFFF_FFFF_FFFF_FFFF])
}

/// A strict DER reader over a byte array (X.690 section 10: definite, minimal lengths).
private struct DERReader {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) { self.bytes = bytes }

  var isAtEnd: Bool { index == bytes.count }

  /// The contents of the next element if its tag is `tag`.
  mutating func element(tag: UInt8) -> [UInt8]? {
    guard index + 2 <= bytes.count, bytes[index] == tag else { return nil }
    var length = Int(bytes[index + 1])
    index += 2
    if length >= 0x80 {
      // Long form: 1 or 2 length bytes, no leading zero, and only for lengths over 127.
      let count = length - 0x80
      guard count >= 1, count <= 2, index + count <= bytes.count, bytes[index] != 0 else { return nil }
      length = bytes[index..<index + count].reduce(0) { $0 << 8 | Int($1) }
      index += count
      guard length >= 0x80 else { return nil }
    }
    guard length <= bytes.count - index else { return nil }
    defer { index += length }
    return Array(bytes[index..<index + length])
  }

  /// The next INTEGER, which must be non-negative and minimally encoded.
  mutating func unsignedInteger() -> BigUInt? {
    guard let content = element(tag: 0x02), let first = content.first, first & 0x80 == 0 else { return nil }
    if content.count > 1 && first == 0 && content[1] & 0x80 == 0 { return nil }
    return BigUInt(bigEndian: content)
  }
}

/// A point in Jacobian coordinates (x = X/Z^2, y = Y/Z^3); Z = 0 is the point at infinity.
private struct P192Point {
  var x: P192Field
  var y: P192Field
  var z: P192Field

  static let infinity = P192Point(x: .one, y: .one, z: .zero)

  /// The base point G.
  static let generator = P192Point(
    x: P192Field(0x188D_A80E_B030_90F6, 0x7CBF_20EB_43A1_8800, 0xF4FF_0AFD_82FF_1012),
    y: P192Field(0x0719_2B95_FFC8_DA78, 0x6310_11ED_6B24_CDD5, 0x73F9_77A1_1E79_4811),
    z: .one)

  var isInfinity: Bool { z == .zero }

  /// 2P with a = -3 ("dbl-2001-b", Bernstein and Lange's Explicit-Formulas Database).
  func doubled() -> P192Point {
    if isInfinity { return self }
    let delta = z * z
    let gamma = y * y
    let beta = x * gamma
    let alpha3 = (x - delta) * (x + delta)
    let alpha = alpha3 + alpha3 + alpha3
    let beta4 = (beta + beta) + (beta + beta)
    let x3 = alpha * alpha - (beta4 + beta4)
    let yz = y + z
    let z3 = yz * yz - gamma - delta
    let gamma2 = gamma * gamma
    let gamma4 = (gamma2 + gamma2) + (gamma2 + gamma2)
    let y3 = alpha * (beta4 - x3) - (gamma4 + gamma4)
    return P192Point(x: x3, y: y3, z: z3)
  }

  /// P + Q, for any two points (the general Jacobian addition, falling back to doubling).
  func adding(_ other: P192Point) -> P192Point {
    if isInfinity { return other }
    if other.isInfinity { return self }
    // With Z2 = 1 (G and the key, as read) the terms in Z2 drop out: a mixed addition.
    let affine = other.z == .one
    let z1z1 = z * z
    let z2z2 = affine ? .one : other.z * other.z
    let u1 = affine ? x : x * z2z2
    let u2 = other.x * z1z1
    let s1 = affine ? y : y * other.z * z2z2
    let s2 = other.y * z * z1z1
    let h = u2 - u1
    let r = s2 - s1
    if h == .zero { return r == .zero ? doubled() : .infinity }
    let hh = h * h
    let hhh = h * hh
    let v = u1 * hh
    let x3 = r * r - hhh - (v + v)
    let y3 = r * (v - x3) - s1 * hhh
    let z3 = affine ? z * h : z * other.z * h
    return P192Point(x: x3, y: y3, z: z3)
  }

  /// a·P + b·Q by Shamir's trick: one pass over the bits of both scalars (each below 2^192).
  static func sum(_ a: BigUInt, times p: P192Point, plus b: BigUInt, times q: P192Point) -> P192Point {
    let both = p.adding(q)
    let aWords = a.words.map { UInt64($0) } + [0, 0, 0]
    let bWords = b.words.map { UInt64($0) } + [0, 0, 0]
    var result = P192Point.infinity
    for bit in stride(from: 191, through: 0, by: -1) {
      result = result.doubled()
      let aBit = (aWords[bit / 64] >> UInt64(bit % 64)) & 1 == 1
      let bBit = (bWords[bit / 64] >> UInt64(bit % 64)) & 1 == 1
      switch (aBit, bBit) {
      case (true, true): result = result.adding(both)
      case (true, false): result = result.adding(p)
      case (false, true): result = result.adding(q)
      case (false, false): break
      }
    }
    return result
  }
}

/// An element of the field of integers modulo p = 2^192 - 2^64 - 1, on three 64-bit limbs
/// (least significant first), always fully reduced.
private struct P192Field: Equatable {
  var l0: UInt64
  var l1: UInt64
  var l2: UInt64

  static let zero = P192Field(l0: 0, l1: 0, l2: 0)
  static let one = P192Field(l0: 1, l1: 0, l2: 0)
  /// p, as limbs.
  static let p = P192Field(l0: .max, l1: .max - 1, l2: .max)
  /// The curve's coefficient b.
  static let b = P192Field(0x6421_0519_E59C_80E7, 0x0FA7_E9AB_7224_3049, 0xFEB8_DEEC_C146_B9B1)

  init(l0: UInt64, l1: UInt64, l2: UInt64) {
    self.l0 = l0
    self.l1 = l1
    self.l2 = l2
  }

  /// A constant below p, most significant limb first.
  init(_ high: UInt64, _ middle: UInt64, _ low: UInt64) { self.init(l0: low, l1: middle, l2: high) }

  /// 24 big-endian bytes, `nil` unless their value is below p.
  init?(bigEndian bytes: ArraySlice<UInt8>) {
    guard bytes.count == 24 else { return nil }
    let limbs = stride(from: bytes.startIndex, to: bytes.endIndex, by: 8).map { start in
      bytes[start..<start + 8].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }
    self.init(l0: limbs[2], l1: limbs[1], l2: limbs[0])
    guard !isAtLeastP else { return nil }
  }

  /// A value, `nil` unless it is below p.
  init?(_ value: BigUInt) {
    guard value < P192Curve.prime else { return nil }
    let words = value.words.map { UInt64($0) } + [0, 0, 0]
    self.init(l0: words[0], l1: words[1], l2: words[2])
  }

  var isAtLeastP: Bool {
    if l2 != Self.p.l2 { return l2 > Self.p.l2 }
    if l1 != Self.p.l1 { return l1 > Self.p.l1 }
    return l0 >= Self.p.l0
  }

  /// `self - p` modulo 2^192: the reduced value when `self` (plus a carry of 2^192) lies in
  /// [p, 2p).
  func minusP() -> P192Field { Self.subtractLimbs(self, Self.p).value }

  static func subtractLimbs(_ a: P192Field, _ b: P192Field) -> (value: P192Field, borrow: Bool) {
    let (d0, b0) = a.l0.subtractingReportingOverflow(b.l0)
    let (t1, b1a) = a.l1.subtractingReportingOverflow(b.l1)
    let (d1, b1b) = t1.subtractingReportingOverflow(b0 ? 1 : 0)
    let (t2, b2a) = a.l2.subtractingReportingOverflow(b.l2)
    let (d2, b2b) = t2.subtractingReportingOverflow(b1a || b1b ? 1 : 0)
    return (P192Field(l0: d0, l1: d1, l2: d2), b2a || b2b)
  }

  static func addLimbs(_ a: P192Field, _ b: P192Field) -> (value: P192Field, carry: Bool) {
    let (s0, c0) = a.l0.addingReportingOverflow(b.l0)
    let (t1, c1a) = a.l1.addingReportingOverflow(b.l1)
    let (s1, c1b) = t1.addingReportingOverflow(c0 ? 1 : 0)
    let (t2, c2a) = a.l2.addingReportingOverflow(b.l2)
    let (s2, c2b) = t2.addingReportingOverflow(c1a || c1b ? 1 : 0)
    return (P192Field(l0: s0, l1: s1, l2: s2), c2a || c2b)
  }

  static func + (a: P192Field, b: P192Field) -> P192Field {
    let (sum, carry) = addLimbs(a, b)
    return carry || sum.isAtLeastP ? sum.minusP() : sum
  }

  static func - (a: P192Field, b: P192Field) -> P192Field {
    let (difference, borrow) = subtractLimbs(a, b)
    return borrow ? addLimbs(difference, p).value : difference
  }

  static func * (a: P192Field, b: P192Field) -> P192Field {
    // Schoolbook 3x3 limbs into six: each step a*b + c + d < 2^128.
    func step(_ x: UInt64, _ y: UInt64, _ c: UInt64, _ d: UInt64) -> (low: UInt64, high: UInt64) {
      let (high, low) = x.multipliedFullWidth(by: y)
      let (low1, carry1) = low.addingReportingOverflow(c)
      let (low2, carry2) = low1.addingReportingOverflow(d)
      return (low2, high &+ (carry1 ? 1 : 0) &+ (carry2 ? 1 : 0))
    }
    var t0: UInt64
    var t1: UInt64
    var t2: UInt64
    var t3: UInt64
    var t4: UInt64
    var t5: UInt64
    var carry: UInt64
    (t0, carry) = step(a.l0, b.l0, 0, 0)
    (t1, carry) = step(a.l0, b.l1, carry, 0)
    (t2, t3) = step(a.l0, b.l2, carry, 0)
    (t1, carry) = step(a.l1, b.l0, t1, 0)
    (t2, carry) = step(a.l1, b.l1, t2, carry)
    (t3, t4) = step(a.l1, b.l2, t3, carry)
    (t2, carry) = step(a.l2, b.l0, t2, 0)
    (t3, carry) = step(a.l2, b.l1, t3, carry)
    (t4, t5) = step(a.l2, b.l2, t4, carry)
    return reduce(t0, t1, t2, t3, t4, t5)
  }

  /// c5..c0 (64-bit words) modulo p, with 2^192 ≡ 2^64 + 1 (FIPS 186-4 D.2.1):
  /// (c2,c1,c0) + (0,c3,c3) + (c4,c4,0) + (c5,c5,c5).
  static func reduce(
    _ c0: UInt64, _ c1: UInt64, _ c2: UInt64, _ c3: UInt64, _ c4: UInt64, _ c5: UInt64
  ) -> P192Field {
    // Each column: a sum of 64-bit words, its low word and what it carries to the next.
    func column(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> (low: UInt64, carry: UInt64) {
      let (s1, o1) = a.addingReportingOverflow(b)
      let (s2, o2) = s1.addingReportingOverflow(c)
      let (s3, o3) = s2.addingReportingOverflow(d)
      return (s3, (o1 ? 1 : 0) + (o2 ? 1 : 0) + (o3 ? 1 : 0))
    }
    let column0 = column(c0, c3, c5, 0)
    let (partial1, extra1) = c1.addingReportingOverflow(column0.carry)
    let column1 = column(partial1, c3, c4, c5)
    let (partial2, extra2) = c2.addingReportingOverflow(column1.carry + (extra1 ? 1 : 0))
    let column2 = column(partial2, c4, c5, 0)
    var value = P192Field(l0: column0.low, l1: column1.low, l2: column2.low)
    // What overflowed 2^192 (at most 3) is folded back as carry·(2^64 + 1).
    var carry = column2.carry + (extra2 ? 1 : 0)
    while carry != 0 {
      let folded = addLimbs(value, P192Field(l0: carry, l1: carry, l2: 0))
      value = folded.value
      carry = folded.carry ? 1 : 0
    }
    while value.isAtLeastP { value = value.minusP() }
    return value
  }
}

extension BigUInt {
  /// The value of big-endian bytes.
  fileprivate init<Bytes: Collection<UInt8>>(bigEndian bytes: Bytes) {
    self.init(words: bytes.reversed().chunked8().map { Word($0) })
  }
}

extension Collection<UInt8> {
  /// Little-endian bytes grouped into 64-bit values (the last group zero-padded).
  fileprivate func chunked8() -> [UInt64] {
    var result: [UInt64] = []
    var current: UInt64 = 0
    var shift: UInt64 = 0
    for byte in self {
      current |= UInt64(byte) << shift
      shift += 8
      if shift == 64 {
        result.append(current)
        current = 0
        shift = 0
      }
    }
    if shift > 0 { result.append(current) }
    return result
  }
}
