import Foundation
import SKANConformance
import ValuesKit
import WindowKit

/// The glue between the kit's `values` cases and ValuesKit: reads a case's input into
/// ValuesKit's types, calls it, and checks its answer in the shape of Spec/values.md.
enum ValuesAdapter {
  /// Runs `conformanceCase` through ValuesKit and checks the answer.
  /// - Throws: `ConformanceError` naming the case when ValuesKit's answer does not conform.
  static func check(_ conformanceCase: ConformanceCase) throws {
    guard let operation = try? conformanceCase.decodeInput(Operation.self).op else {
      return try conformanceCase.check(errorCode: "invalid-input")
    }
    do {
      try check(operation, conformanceCase)
    } catch let error as ValueError {
      try conformanceCase.check(errorCode: code(error))
    }
  }

  /// Runs one operation; a value that cannot be read throws its ``ValueError``.
  private static func check(_ operation: Operation.Name, _ conformanceCase: ConformanceCase) throws {
    switch operation {
    case .fine:
      let fine = try conformanceCase.decodeInput(Operand<FineValue>.self).value
      try conformanceCase.check(output: FineOutput(fine: try fine.orThrow(.fineNotInteger).value))
    case .coarse:
      let coarse = try conformanceCase.decodeInput(Operand<CoarseValue>.self).value
      try conformanceCase.check(output: CoarseOutput(try coarse.orThrow(.coarseUnknown)))
    case .coarseCode:
      let code = try conformanceCase.decodeInput(Operand<CoarseValue.SingularCode>.self).value
      try conformanceCase.check(output: CoarseOutput(try code.orThrow(.coarseCodeNotInteger).coarse))
    case .synthesizeFine:
      let coarse = try conformanceCase.decodeInput(CoarseOperand.self).coarse
      let fine = FineValue(synthesizedFrom: try coarse.orThrow(.coarseUnknown))
      try conformanceCase.check(output: FineOutput(fine: fine.value))
    case .lock:
      let lock = try conformanceCase.decodeInput(Operand<LockFlag>.self).value
      try conformanceCase.check(output: LockOutput(lock: lock?.locks ?? false))
    case .timeline:
      try checkTimeline(conformanceCase)
    }
  }

  /// Replays the updates of a `timeline` case, in order: the first update that cannot be read
  /// or recorded decides the whole answer.
  private static func checkTimeline(_ conformanceCase: ConformanceCase) throws {
    guard let input = try? conformanceCase.decodeInput(TimelineInput.self) else {
      return try conformanceCase.check(errorCode: "invalid-input")
    }
    var timeline = ConversionTimeline(t0: input.t0.milliseconds, profile: input.profile)
    var outcomes: [UpdateOutput] = []
    for update in input.updates {
      guard case .update(let at, let values) = update else {
        return try conformanceCase.check(errorCode: "invalid-input")
      }
      do {
        outcomes.append(UpdateOutput(try timeline.record(values, at: at.milliseconds)))
      } catch .outOfOrder {
        return try conformanceCase.check(errorCode: "out-of-order")
      } catch .timeBeforeT0 {
        return try conformanceCase.check(errorCode: "time-before-t0")
      }
    }
    let windows = timeline.windows.enumerated().map { WindowOutput(index: $0.offset, $0.element) }
    try conformanceCase.check(output: TimelineOutput(updates: outcomes, windows: windows))
  }

  /// The Spec's code for `error`.
  static func code(_ error: ValueError) -> String {
    switch error {
    case .fineNotInteger: return "fine-not-integer"
    case .fineOutOfRange: return "fine-out-of-range"
    case .coarseUnknown: return "coarse-unknown"
    case .coarseCodeNotInteger: return "coarse-code-not-integer"
    case .coarseCodeOutOfRange: return "coarse-code-out-of-range"
    case .lockNotBoolean: return "lock-not-boolean"
    }
  }

  /// The member every input has: `op`, one of the suite's operations.
  struct Operation: Decodable {
    enum Name: String, Decodable {
      case fine, coarse, lock, timeline
      case coarseCode = "coarse-code"
      case synthesizeFine = "synthesize-fine"
    }
    var op: Name
  }

  /// The input of `fine`, `coarse`, `coarse-code` and `lock`: `value`, `nil` when it is absent
  /// or `null`.
  struct Operand<Value: Decodable>: Decodable {
    var value: Value?
  }

  /// The input of `synthesize-fine`: `coarse`, `nil` when it is absent or `null`.
  struct CoarseOperand: Decodable {
    var coarse: CoarseValue?
  }

  /// The input of `timeline`: `profile` (absent or `null`: production), `t0`, `updates`.
  struct TimelineInput: Decodable {
    var profile: ConversionWindows.Profile
    var t0: Time
    var updates: [Update]

    enum CodingKeys: String, CodingKey { case profile, t0, updates }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      let name = try container.decodeIfPresent(String.self, forKey: .profile) ?? "production"
      guard let profile = ConversionWindows.Profile(rawValue: name) else {
        throw DecodingError.dataCorruptedError(forKey: .profile, in: container, debugDescription: "unknown profile")
      }
      self.profile = profile
      t0 = try container.decode(Time.self, forKey: .t0)
      updates = try container.decode([Update].self, forKey: .updates)
    }
  }

  /// One update of a timeline: its time and its values, read as ValuesKit reads them; or
  /// `malformed`, an update that is not an object or has no time, which makes the whole input
  /// invalid once the updates before it are recorded.
  enum Update: Decodable {
    case update(at: Time, values: Result<ConversionValue, ValueError>)
    case malformed

    enum CodingKeys: String, CodingKey { case at }

    init(from decoder: any Decoder) {
      guard let container = try? decoder.container(keyedBy: CodingKeys.self),
        let at = try? container.decode(Time.self, forKey: .at)
      else {
        self = .malformed
        return
      }
      do {
        self = .update(at: at, values: .success(try ConversionValue(from: decoder)))
      } catch let error as ValueError {
        self = .update(at: at, values: .failure(error))
      } catch {
        self = .malformed
      }
    }
  }

  /// The output of `fine` and `synthesize-fine`.
  struct FineOutput: Encodable {
    var fine: Int
  }

  /// The output of `coarse` and `coarse-code`: the value and its Singular code.
  struct CoarseOutput: Encodable {
    var coarse: String
    var code: Int

    init(_ value: CoarseValue) {
      coarse = value.rawValue
      code = value.singularCode
    }
  }

  /// The output of `lock`.
  struct LockOutput: Encodable {
    var lock: Bool
  }

  /// The output of `timeline`: one result per update, and the three windows.
  struct TimelineOutput: Encodable {
    var updates: [UpdateOutput]
    var windows: [WindowOutput]
  }

  /// What became of one update: all three members, always.
  struct UpdateOutput: Encodable {
    var outcome: String
    @Nullable var window: Int?
    @Nullable var error: String?

    init(_ outcome: ConversionTimeline.Outcome) {
      switch outcome {
      case .applied(let window): (self.outcome, self.window) = ("applied", window)
      case .ignoredLocked(let window): (self.outcome, self.window) = ("ignored-locked", window)
      case .ignoredMeasurementOver: self.outcome = "ignored-measurement-over"
      case .rejected(let window, let error):
        (self.outcome, self.window, self.error) = ("rejected", window, ValuesAdapter.code(error))
      }
    }
  }

  /// What one window holds: all six members, always.
  struct WindowOutput: Encodable {
    var window: Int
    @Nullable var fine: Int?
    @Nullable var coarse: String?
    @Nullable var lockedAt: Int64?
    @Nullable var lastUpdateAt: Int64?
    var updatesApplied: Int

    enum CodingKeys: String, CodingKey {
      case window, fine, coarse
      case lockedAt = "locked_at"
      case lastUpdateAt = "last_update_at"
      case updatesApplied = "updates_applied"
    }

    init(index: Int, _ values: ConversionTimeline.WindowValues) {
      window = index
      fine = values.fine?.value
      coarse = values.coarse?.rawValue
      lockedAt = values.lockedAt
      lastUpdateAt = values.lastUpdateAt
      updatesApplied = values.updatesApplied
    }
  }
}

extension Optional {
  /// The value, or `error` when there is none.
  fileprivate func orThrow(_ error: ValueError) throws(ValueError) -> Wrapped {
    guard let self else { throw error }
    return self
  }
}
