import SKANJSON

/// A compact JWS with one part altered and the others kept: what the kit's vectors and its
/// postback probe send as AdAttributionKit forgeries (RCV-2). Each one reads as a JWS and
/// fails its signature. Package access: the model never forges; the vector generator and the
/// probe do.
package enum JWSForgery {
  /// The part a forgery alters.
  package enum Part: CaseIterable, Sendable {
    /// The signed payload's `source-identifier` changed, as an ad network that inflates a
    /// campaign would.
    case payload
    /// One byte of the signature changed: still 64 bytes, so the JWS reads and fails.
    case sealBytes
    /// The header's kid made the production one: the header is signed too.
    case header

    /// The part in a check's or a vector's name.
    package var name: String {
      switch self {
      case .payload: return "in-payload"
      case .sealBytes: return "in-signature"
      case .header: return "in-header"
      }
    }
  }

  /// `jws` with `part` altered; `jws` itself when it is not three parts.
  package static func altered(_ jws: String, _ part: Part) -> String {
    var parts = jws.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count == 3 else { return jws }
    switch part {
    case .payload:
      let payload = Base64Codec.decodeURL(parts[1]).flatMap { try? JSONParser.parse(bytes: $0) }
      let altered = payload.map { $0.setting("source-identifier", .string("1235")) } ?? .null
      parts[1] = Base64Codec.encodeURL(CanonicalJSON.compactBytes(altered))
    case .sealBytes:
      var bytes = Base64Codec.decodeURL(parts[2]) ?? []
      if !bytes.isEmpty { bytes[bytes.count / 2] ^= 0x01 }
      parts[2] = Base64Codec.encodeURL(bytes)
    case .header:
      parts[0] = Base64Codec.encodeURL(Array(#"{"kid":"apple-cas-identifier/0","alg":"ES256"}"#.utf8))
    }
    return parts.joined(separator: ".")
  }
}
