import Foundation
public import SKANVocabulary

/// What `skan-conform init` is asked for: a language, the suites to declare, and the
/// implementation's name in the hello reply.
public struct SkeletonRequest: Sendable, Equatable {
  /// The language of the skeleton.
  public var language: AdapterLanguage
  /// The suites the skeleton declares, in the kit's order, each once.
  public var suites: [Suite]
  /// `implementation.name` in the hello reply.
  public var name: String

  /// The name a skeleton uses when none is given.
  public static let defaultName = "my-implementation"

  /// A request, checked.
  /// - Throws: ``InitError/noSuite`` for no suite, ``InitError/invalidName(_:)`` for a name
  ///   that is not 1 to 64 of `A-Z a-z 0-9 . _ -` starting with a letter or digit (it is
  ///   written into a string literal of every skeleton's language, so nothing there needs escaping).
  public init(language: AdapterLanguage, suites: [Suite], name: String = SkeletonRequest.defaultName)
    throws(InitError)
  {
    guard !suites.isEmpty else { throw .noSuite }
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    guard (1...64).contains(name.count), name.allSatisfy(allowed.contains),
      let first = name.first, first.isLetter || first.isNumber
    else { throw .invalidName(name) }
    self.language = language
    self.suites = Suite.allCases.filter(suites.contains)
    self.name = name
  }

  /// The suites named by `--suite` values: each value a comma-separated list of suite names
  /// (spaces around a name are ignored), `all` for every suite of the kit.
  /// - Throws: ``InitError/emptySuiteName`` for an empty entry anywhere (`window,`, `,`,
  ///   an empty value), as `run --suite` refuses it; ``InitError/unknownSuite(_:)`` naming the
  ///   first unknown name; ``InitError/noSuite`` when no value is given.
  public static func suites(parsing arguments: [String]) throws(InitError) -> [Suite] {
    var suites: [Suite] = []
    for argument in arguments {
      for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
        let name = part.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw .emptySuiteName }
        if name == "all" {
          suites += Suite.allCases
        } else if let suite = Suite(rawValue: name) {
          suites.append(suite)
        } else {
          throw .unknownSuite(name)
        }
      }
    }
    guard !suites.isEmpty else { throw .noSuite }
    return Suite.allCases.filter(suites.contains)
  }

  /// The kit's suite names, for messages.
  static var suiteNames: String { Suite.allCases.map(\.rawValue).joined(separator: ", ") }
}
