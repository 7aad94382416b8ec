/// A Singular conversion-value response, after its JSON types were checked.
///
/// The ranges are checked by the model, so that one place owns VAL-1 and VAL-5.
public enum ServerReply: Sendable, Hashable {
  /// `conversion_value` was present: an update to apply (LIF-2).
  /// - Parameters:
  ///   - fine: `conversion_value`, not yet range-checked.
  ///   - coarseCode: `skan_updated_coarse_value`, not yet range-checked.
  ///   - lock: `skan_updated_lock_window_value`, false when absent.
  case update(fine: Int, coarseCode: Int?, lock: Bool)
  /// No `conversion_value` and `status` is `"ok"`: nothing to do (LIF-3).
  case noUpdate
  /// No `conversion_value` and `status` is not `"ok"`: the server failed (LIF-3).
  case failure(reason: String?)
  /// The response's JSON types were wrong (a string `conversion_value`, say): rejected with
  /// this error, after the measurement-period check (LIF-4).
  case invalid(ModelError)
}
