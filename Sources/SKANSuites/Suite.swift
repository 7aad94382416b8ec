public import SKANJSON
import SKANModel

/// The suites of the kit. The raw value is the suite's name in `Vectors/` and on the wire.
public enum Suite: String, Sendable, Hashable, CaseIterable, Comparable {
  /// Where a time falls among the conversion windows.
  case window
  /// Fine, coarse and lock values, alone and over a timeline of updates.
  case values
  /// The Singular S2S client lifecycle and its snapshot.
  case lifecycle
  /// The SDK metadata contract.
  case metadata

  /// A one-line description, for listings and the vector files.
  public var summary: String {
    switch self {
    case .window: return "Conversion windows: which window a time falls in, for production and AdAttributionKit developer mode."
    case .values: return "Fine, coarse and lock values: validation, Singular coarse codes, synthesized fine values, and a timeline of updates with locks."
    case .lifecycle: return "The Singular SKAN 4 S2S client lifecycle: registration, server responses, revenue, and the snapshot after each step."
    case .metadata: return "The SDK SKAN metadata contract: string metadata to the SKAdNetwork call and the StoreKit overlay."
    }
  }

  /// The Spec document for the suite, relative to `Spec/`.
  public var specDocument: String { "\(rawValue).md" }

  /// Runs the reference model on one input.
  ///
  /// Never traps: any input, however malformed, gives an output or an error code.
  public func evaluate(_ input: JSONValue) -> SuiteResult {
    do {
      switch self {
      case .window: return .output(try WindowSuite.evaluate(input))
      case .values: return .output(try ValuesSuite.evaluate(input))
      case .lifecycle: return .output(try LifecycleSuite.evaluate(input))
      case .metadata: return .output(try MetadataSuite.evaluate(input))
      }
    } catch {
      return .error(code: error.code.rawValue, message: error.message)
    }
  }

  /// The suite's place in `allCases`.
  var order: Int { Suite.allCases.firstIndex(of: self) ?? 0 }

  public static func < (lhs: Suite, rhs: Suite) -> Bool { lhs.order < rhs.order }
}
