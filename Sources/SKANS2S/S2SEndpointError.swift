/// A problem with the reference endpoint's configuration.
public struct S2SEndpointError: Error, CustomStringConvertible {
  /// What is wrong.
  public let description: String
  init(_ description: String) { self.description = description }
}
