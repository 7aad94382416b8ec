/// The client side of Singular's SKAdNetwork 4 S2S integration, as its guide describes it,
/// with the snippet's bugs fixed (see `Spec/lifecycle.md`).
///
/// A value type: feed it steps in time order with ``apply(_:)`` and read the snapshot the
/// app would forward with each session and event (LIF-2).
public struct SingularLifecycle: Sendable, Hashable {
  /// The value of the lifecycle after each step, under the guide's key names.
  public struct Snapshot: Sendable, Hashable {
    /// `skan_current_conversion_value`: the latest fine value (window 0 only).
    public var currentFine: FineValue?
    /// `prev_fine_value`: the fine value before the latest one.
    public var previousFine: FineValue?
    /// `skan_first_call_to_skadnetwork_timestamp`, T0.
    public var firstCall: Timestamp?
    /// `skan_last_call_to_skadnetwork_timestamp`: the last applied call.
    public var lastCall: Timestamp?
    /// `p0_coarse` … `p2_coarse`.
    public var coarse: [CoarseValue?] = [nil, nil, nil]
    /// `p0_prev_coarse_value` … `p2_prev_coarse_value`.
    public var previousCoarse: [CoarseValue?] = [nil, nil, nil]
    /// `p0_window_lock` … `p2_window_lock`.
    public var lockTimes: [Timestamp?] = [nil, nil, nil]
    /// `skan_total_revenue_by_currency`; `nil` before the first such revenue.
    public var totalRevenue: RevenueTotals?
    /// `skan_total_admon_revenue_by_currency`; `nil` before the first such revenue.
    public var totalAdMonetizationRevenue: RevenueTotals?
    /// `p0_total_iap_revenue` … `p2_total_iap_revenue`.
    public var windowRevenue: [RevenueTotals?] = [nil, nil, nil]
    /// `p0_total_admon_revenue` … `p2_total_admon_revenue`.
    public var windowAdMonetizationRevenue: [RevenueTotals?] = [nil, nil, nil]
  }

  /// Whether a currency is three upper-case ASCII letters (LIF-6).
  public static func isCurrencyCode(_ currency: String) -> Bool {
    RuleVariant.lifecycleAnyCurrency.isActive
      || currency.utf8.count == 3 && currency.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
  }

  /// The largest revenue amount accepted (LIF-6), so that sums stay finite.
  public static let maximumAmount = 1e15

  /// The window layout; the Singular guide uses production windows.
  public let profile: WindowProfile
  /// What the app would forward now.
  public private(set) var snapshot = Snapshot()
  private var timeline: ConversionTimeline?
  private var lastStep: Timestamp?

  /// A fresh install that has not registered yet.
  public init(profile: WindowProfile = .production) { self.profile = profile }

  /// Applies one step.
  /// - Returns: what the step did; a refused step returns ``LifecycleOutcome/rejected``
  ///   with the error, and leaves the state unchanged.
  /// - Throws: ``ModelError/Code/outOfOrder`` when the step is earlier than the one before
  ///   (LIF-11): that is a bad scenario, not a bad step.
  public mutating func apply(_ step: LifecycleStep) throws(ModelError) -> (
    outcome: LifecycleOutcome, error: ModelError?
  ) {
    if let lastStep, step.time < lastStep {
      throw ModelError(
        .outOfOrder, "step at \(step.time.milliseconds) comes before the previous one at \(lastStep.milliseconds)")
    }
    lastStep = step.time
    switch step {
    case .register(let time):
      guard timeline == nil else { return (.alreadyRegistered, nil) }
      try start(at: time)
      _ = try applyUpdate(ConversionUpdate(time: time, fine: .zero))
      return (.registered, nil)
    case .serverResponse(let time, let reply):
      return try handle(reply, at: time)
    case .revenue(let time, let amount, let currency, let adMonetization):
      return recordRevenue(amount, currency: currency, adMonetization: adMonetization, at: time)
    case .invalid(_, let error):
      return (.rejected, error)
    }
  }

  // MARK: - Server responses

  private mutating func handle(_ reply: ServerReply, at time: Timestamp) throws(ModelError) -> (
    outcome: LifecycleOutcome, error: ModelError?
  ) {
    if timeline == nil, RuleVariant.lifecycleResponsesBeforeRegisterDropped.isActive { return (.noUpdate, nil) }
    // SKN-3: the snippet checks the period before it even asks the server.
    if let timeline, case .measurementOver = try profile.position(of: time, t0: timeline.t0) {
      return (.ignoredMeasurementOver, nil)
    }
    let update: ConversionUpdate
    switch reply {
    case .noUpdate:
      return (.noUpdate, nil)
    case .failure(let reason):
      return (.rejected, ModelError(.serverError, reason ?? "Got error from server"))
    case .invalid(let error):
      return (.rejected, error)
    case .update(let fine, let coarseCode, let lock):
      do {
        let fineValue = try FineValue(validating: fine)  // LIF-4, VAL-1
        let coarse = try coarseCode.map { (code) throws(ModelError) in try CoarseValue(code: code) }  // VAL-5
        update = ConversionUpdate(time: time, fine: fineValue, coarse: coarse, lock: lock)
      } catch {
        return (.rejected, error)
      }
    }
    if timeline == nil { try start(at: time) }  // LIF-10: the first applied call registers.
    let (outcome, _) = try applyUpdate(update)
    switch outcome {
    case .applied: return (.applied, nil)
    case .ignoredLocked: return (.ignoredLocked, nil)
    case .ignoredMeasurementOver: return (.ignoredMeasurementOver, nil)
    case .rejected: return (.rejected, nil)
    }
  }

  private mutating func start(at time: Timestamp) throws(ModelError) {
    timeline = ConversionTimeline(profile: profile, t0: time)
    snapshot.firstCall = time
  }

  private mutating func applyUpdate(_ update: ConversionUpdate) throws(ModelError) -> (
    UpdateOutcome, ConversionWindow?
  ) {
    guard var timeline else { return (.ignoredMeasurementOver, nil) }
    let (outcome, window) = try timeline.apply(update)
    self.timeline = timeline
    guard outcome == .applied, let window else { return (outcome, window) }
    let slot = window.index
    if window.isFirst {
      snapshot.previousFine = snapshot.currentFine
      snapshot.currentFine = update.fine
    }
    snapshot.previousCoarse[slot] = snapshot.coarse[slot]
    snapshot.coarse[slot] = update.coarse
    if update.lock { snapshot.lockTimes[slot] = update.time }
    snapshot.lastCall = update.time
    return (outcome, window)
  }

  // MARK: - Revenue

  private mutating func recordRevenue(
    _ amount: Double, currency: String, adMonetization: Bool, at time: Timestamp
  ) -> (outcome: LifecycleOutcome, error: ModelError?) {
    guard Self.isCurrencyCode(currency) else {
      return (.rejected, ModelError(.invalidCurrency, "currency \"\(currency)\" is not three upper-case letters"))
    }
    guard amount.isFinite, abs(amount) <= Self.maximumAmount else {
      return (.rejected, ModelError(.invalidAmount, "amount \(amount) is not a finite number within ±1e15"))
    }
    if amount == 0 { return (.revenueIgnored, nil) }
    if adMonetization {
      Self.add(amount, currency, to: &snapshot.totalAdMonetizationRevenue)
    } else {
      Self.add(amount, currency, to: &snapshot.totalRevenue)
    }
    // LIF-13: revenue counts toward a window only between T0 and the end of the period.
    // Under a variant, after the period too, in the last window.
    let last = RuleVariant.lifecycleRevenueAfterPeriodInLastWindow.isActive ? ConversionWindow.all.last : nil
    if let timeline, let position = try? profile.position(of: time, t0: timeline.t0),
      let window = position.window ?? last
    {
      if adMonetization {
        Self.add(amount, currency, to: &snapshot.windowAdMonetizationRevenue[window.index])
      } else {
        Self.add(amount, currency, to: &snapshot.windowRevenue[window.index])
      }
    }
    return (.revenueRecorded, nil)
  }

  private static func add(_ amount: Double, _ currency: String, to totals: inout RevenueTotals?) {
    var updated = totals ?? RevenueTotals()
    updated.add(amount, currency: currency)
    totals = updated
  }
}
