/// One thing that happens to the app in the Singular S2S lifecycle.
public enum LifecycleStep: Sendable, Hashable {
  /// `registerAppForAdNetworkAttribution` on first launch (LIF-1).
  case register(at: Timestamp)
  /// The app reported a session or event and the server answered (LIF-2, LIF-3).
  case serverResponse(at: Timestamp, reply: ServerReply)
  /// `updateRevenue:andCurrency:isAdMonetization:` (LIF-5).
  case revenue(at: Timestamp, amount: Double, currency: String, adMonetization: Bool)
  /// A step whose input had the wrong JSON types: rejected with this error; it still counts
  /// for time order (LIF-11).
  case invalid(at: Timestamp, error: ModelError)

  /// When the step happens.
  public var time: Timestamp {
    switch self {
    case .register(let time), .serverResponse(let time, _), .revenue(let time, _, _, _),
      .invalid(let time, _):
      return time
    }
  }
}
