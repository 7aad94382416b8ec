import SKANJSON
import SKANVectors
public import SKANVocabulary

/// The vectors built into the kit, as cases for an implementation's own test target: the
/// entry point of SKANConformance.
///
/// ```swift
/// @Test(arguments: Conformance.cases(.window))
/// func conforms(_ c: ConformanceCase) throws {
///   try c.check(MySDK.answer(c.inputData))
/// }
/// ```
///
/// The vectors are the committed `Vectors/` files as they were when the kit was built,
/// checked against their manifest when first read (``VectorSet/embedded()``).
public enum Conformance {
  /// Every case of `suite`, in vector-file order. Never empty: if the vectors built into the
  /// kit cannot be read (a broken build), it is one case, `<suite>/vectors-unreadable`, whose
  /// check throws the reason.
  public static func cases(_ suite: Suite) -> [ConformanceCase] {
    switch embedded {
    case .success(let set):
      return set.cases.filter { $0.suite == suite }.map(ConformanceCase.init)
    case .failure(let error):
      return [unreadable(suite, error)]
    }
  }

  /// The case with the vector ID `id`, or `nil` when there is none (to rerun one case).
  public static func `case`(_ id: String) -> ConformanceCase? {
    guard case .success(let set) = embedded else { return nil }
    return set.cases.first { $0.id == id }.map(ConformanceCase.init)
  }

  /// The suites, in the kit's order.
  public static var suites: [Suite] { Suite.allCases }

  /// The digest of the vectors built into the kit, as `skan-conform` reports name it, or
  /// `nil` if they cannot be read.
  public static var vectorsDigest: String? { try? embedded.get().digest }

  /// The vectors built into the kit, read once.
  private static let embedded: Result<VectorSet, VectorsError> = Result { () throws(VectorsError) in
    try VectorSet.embedded()
  }

  /// The one case that stands for a suite whose vectors could not be read: every answer
  /// fails it, with the reason.
  private static func unreadable(_ suite: Suite, _ error: VectorsError) -> ConformanceCase {
    let reason = "the vectors built into the kit could not be read: \(error)"
    let vector = VectorCase(
      id: "\(suite.rawValue)/vectors-unreadable", suite: suite, description: reason, requirements: [],
      basis: .kitDefined, tags: [], input: .null, expected: .error(code: "vectors-unreadable", message: ""))
    return ConformanceCase(vector, unreadable: reason)
  }
}
