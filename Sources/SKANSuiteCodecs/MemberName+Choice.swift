import SKANModel
import SKANVocabulary

extension MemberName {
  /// The name spelled `text`; any other text is `invalid-input`,
  /// `<path> "<text>" is not a, b or c` (the names in declaration order).
  static func choice(_ text: String, at path: String) throws(ModelError) -> Self {
    guard let name = Self(rawValue: text) else {
      throw ModelError(.invalidInput, "\(path) \"\(text)\" is not \(choiceList)")
    }
    return name
  }
}
