import SKANJSON

/// A file name or other text from outside the kit, shown with every hazardous character
/// written visibly (``SKANJSON/VisibleText``).
struct VisibleName: CustomStringConvertible {
  var raw: String

  init(_ raw: String) { self.raw = raw }

  var description: String { VisibleText.visible(raw) }
}
