import Foundation

/// Values the process keeps until it exits instead of freeing them: a run's vectors and
/// reports are hundreds of thousands of small allocations, and freeing them one by one just
/// before the process ends costs milliseconds of every run and gains nothing (compilers skip
/// the same work with `-disable-free`).
enum ProcessLifetime {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var kept: [Any] = []

  /// Keeps `values` alive until the process exits.
  static func keep(_ values: Any...) {
    lock.lock()
    defer { lock.unlock() }
    kept.append(contentsOf: values)
  }
}
