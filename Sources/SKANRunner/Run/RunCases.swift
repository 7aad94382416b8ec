public import SKANVectors

/// The cases a run sends, in order: cases chosen from a set already loaded, or every case of
/// one vector file as the file is read (``VectorStream``), the first ones sent while the rest
/// are built.
public enum RunCases: Sendable {
  /// `cases`, chosen from `vectors`.
  case loaded(vectors: VectorSet, cases: [VectorCase])
  /// Every case of the file `stream` reads; the set is the one ``VectorStream/finish()`` gives.
  case streamed(VectorStream)

  /// Calls `body` with where the case at `index` is, so that it reads the case in place: a
  /// copy of a case retains and releases each of its members, and a case handed to a closure
  /// as a value (even `borrowing`) is copied for the call. A streamed case must be available
  /// (``VectorStream/available(through:)``); the address holds during `body`.
  func withCase<Result>(_ index: Int, _ body: (UnsafePointer<VectorCase>) -> Result) -> Result {
    switch self {
    case .loaded(_, let cases):
      return cases.withUnsafeBufferPointer { buffer in
        guard let base = buffer.baseAddress, buffer.indices.contains(index) else {
          preconditionFailure("case \(index) of \(buffer.count)")
        }
        return body(base + index)
      }
    case .streamed(let stream): return body(stream.casePointer(index))
    }
  }

  /// The problem of a streamed file, once it is read (``VectorStream/finish()``): `nil` for
  /// cases already loaded, or a file without one. What fails before the run (the
  /// implementation's start, an expectations file) is named after it, as a load before them
  /// would have been.
  public func problem() async -> VectorsError? {
    guard case .streamed(let stream) = self else { return nil }
    do throws(VectorsError) {
      _ = try await stream.finish()
      return nil
    } catch {
      return error
    }
  }
}
