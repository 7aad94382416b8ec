/// What an SDK does with one ad's SKAdNetwork metadata.
public struct MetadataDecision: Sendable, Hashable {
  /// The conversion-value call to make, or `nil` for none.
  public var skanCall: SKANCall?
  /// The StoreKit overlay to show, or `nil` for none.
  public var overlay: OverlayRequest?
  /// The IDFA forwarded alongside the metadata, or `nil` for none (ATT-1).
  public var idfa: AdvertisingIdentifier?

  /// Creates a decision.
  public init(skanCall: SKANCall?, overlay: OverlayRequest?, idfa: AdvertisingIdentifier? = nil) {
    self.skanCall = skanCall
    self.overlay = overlay
    self.idfa = idfa
  }
}

/// A conversion-value call (META-6, META-12).
public struct SKANCall: Sendable, Hashable {
  /// The method.
  public var api: SKANAPI
  /// The fine value passed.
  public var fine: FineValue
  /// The coarse value passed; only the iOS 16.1+ method takes one.
  public var coarse: CoarseValue?
  /// The lock flag passed; only the iOS 16.1+ method takes one, so `nil` for the others.
  public var lock: Bool?

  /// Creates a call.
  public init(api: SKANAPI, fine: FineValue, coarse: CoarseValue?, lock: Bool?) {
    self.api = api
    self.fine = fine
    self.coarse = coarse
    self.lock = lock
  }
}

/// An `SKOverlay` to present (META-7).
public struct OverlayRequest: Sendable, Hashable {
  /// Where the overlay sits, as `SKOverlay.Position` names it.
  public enum Position: String, Sendable, Hashable, CaseIterable {
    /// `.bottom`, the default.
    case bottom
    /// `.bottomRaised`.
    case bottomRaised
  }

  /// The App Store item ID, decimal digits.
  public var appID: String
  /// The position.
  public var position: Position
  /// Whether the user may dismiss it.
  public var dismissible: Bool

  /// Creates an overlay request.
  public init(appID: String, position: Position, dismissible: Bool) {
    self.appID = appID
    self.position = position
    self.dismissible = dismissible
  }
}
