/// Whether a vector set is the official one of this kit version or another (a copy with
/// cases removed or edited, loose files such as `fuzz-failures/`, an older or newer kit's).
///
/// A run is certified only against the official set: whoever runs the kit is the party that
/// wants a green certificate, so a set they prepared (say, a copy of `Vectors/` without its
/// manifest and without the cases their implementation fails) must never read like the
/// kit's. Every report says which it was, and a custom set never earns a conformance level.
public enum VectorProvenance: String, Sendable, Hashable, CaseIterable {
  /// The digest equals the one of the manifest built into this binary: the kit's own vectors.
  case official
  /// Any other set.
  case custom

  /// The provenance of a set with this digest, for this binary.
  public static func of(digest: String) -> VectorProvenance {
    digest == VectorSet.officialDigest ? .official : .custom
  }
}
