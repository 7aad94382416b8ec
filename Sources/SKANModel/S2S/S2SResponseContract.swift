public import SKANJSON

/// What a client does with a conversion-value response body (S2S-12 to S2S-16).
public enum S2SResponseContract {
  /// The APIs whose responses the kit reads.
  public enum API: String, Sendable, Hashable, CaseIterable {
    /// AppsFlyer's v1 response: `value` only.
    case appsFlyerV1 = "appsflyer-v1"
    /// AppsFlyer's v2 response: `value`, `coarse_value`, `lock`, `next_w_time`,
    /// `postback_sequence_index`.
    case appsFlyerV2 = "appsflyer-v2"
    /// Singular's response, read as the lifecycle reads it.
    case singular
  }

  /// The update a client applies after `body`.
  /// - Throws: `malformed-response` when the body is not a JSON object; otherwise the first
  ///   invalid field's error.
  public static func update(api: API, body: JSONValue) throws(ModelError) -> S2SUpdate {
    // A variant reads a body that is not an object as an empty one.
    let empty: [String: JSONValue]? = RuleVariant.s2sNonObjectBodyEmpty.isActive ? [:] : nil
    guard let members = body.objectValue ?? empty else {
      throw ModelError(.malformedResponse, "the response body must be a JSON object, not \(body.typeName)")
    }
    switch api {
    case .appsFlyerV1: return try appsFlyer(members, v2: false)
    case .appsFlyerV2: return try appsFlyer(members, v2: true)
    case .singular: return try singular(members)
    }
  }

  /// AppsFlyer: `value` (v1, v2); `coarse_value`, `lock`, `next_w_time`,
  /// `postback_sequence_index` (v2), checked in that order (S2S-12, S2S-13).
  private static func appsFlyer(_ members: [String: JSONValue], v2: Bool) throws(ModelError) -> S2SUpdate {
    let value = appsFlyerValue(members["value"], v2: v2)
    let fine =
      RuleVariant.s2sValueUpTo64.isActive
      ? try RuleVariant.applying(.fineUpTo64) { () throws(ModelError) in try ValueReader.fine(value) }
      : try ValueReader.fine(value)
    guard v2 else { return S2SUpdate(apply: true, fine: fine, coarse: nil, lock: false) }
    var coarse: CoarseValue?
    // A variant takes a Singular coarse code for a name.
    if RuleVariant.s2sCoarseCodeAsName.isActive, let code = members["coarse_value"]?.exactInteger {
      coarse = try? CoarseValue(code: code)
    }
    // A variant matches a coarse name in any letter case.
    if RuleVariant.s2sCoarseNameAnyCase.isActive, let text = members["coarse_value"]?.stringValue {
      coarse = try CoarseValue(parsing: text.lowercased())
    }
    if coarse == nil { coarse = try ValueReader.coarse(members["coarse_value"]) }
    // A variant reads `lock` as Objective-C's `boolValue` does: "YES", "yes" and 1 are true.
    let truthy = RuleVariant.s2sLockYESOrOne.isActive && members["lock"].map { ["YES", "yes", 1].contains($0) } == true
    let lock = try truthy ? true : ValueReader.lock(members["lock"])
    var nextTime: Int?
    if let value = members["next_w_time"], !value.isNull {
      // A variant reads any number, a fraction truncated and a negative one as 0.
      let anyNumber = RuleVariant.s2sWindowTimeUnchecked.isActive ? value.numberValue : nil
      let read = anyNumber.flatMap { $0.isFinite && abs($0) < 1e15 ? max(0, Int($0)) : nil }
      guard let number = read ?? value.exactInteger, number >= 0, number <= Timestamp.maximumMagnitude else {
        throw ModelError(.invalidWindowTime, "next_w_time must be a non-negative integer, not \(value)")
      }
      nextTime = number == 0 && RuleVariant.s2sZeroWindowTimeAbsent.isActive ? nil : number
    }
    var index: Int?
    if let value = members["postback_sequence_index"], !value.isNull {
      // Variants read a digit string as its number, and an index above 2 as window 2.
      let text = RuleVariant.s2sSequenceIndexFromText.isActive ? value.stringValue.flatMap { Int($0) } : nil
      guard let number = value.exactInteger ?? text,
        (0...2).contains(number) || (number > 2 && RuleVariant.s2sSequenceIndexAbove2IsWindow2.isActive)
      else {
        throw ModelError(.invalidSequenceIndex, "postback_sequence_index must be 0, 1 or 2, not \(value)")
      }
      index = min(number, 2)
    } else if RuleVariant.s2sMissingIndexIsWindow0.isActive {
      index = 0
    }
    return S2SUpdate(
      apply: true, fine: fine, coarse: coarse, lock: lock, postbackSequenceIndex: index, nextWindowTime: nextTime)
  }

  /// AppsFlyer's `value` as VAL-1 and VAL-2 read it, or as variants read it first: an absent
  /// v2 value 0, a digit string its number, a fraction truncated, an integer clamped into
  /// 0...63.
  private static func appsFlyerValue(_ given: JSONValue?, v2: Bool) -> JSONValue? {
    var value = given
    if value == nil, v2, RuleVariant.s2sAbsentValueIsZero.isActive { value = 0 }
    if RuleVariant.s2sValueFromText.isActive, let number = value?.stringValue.flatMap({ Int($0) }) {
      value = .integer(number)
    }
    if RuleVariant.s2sValueTruncated.isActive, case .double(let number)? = value, number.isFinite, abs(number) < 1e6 {
      value = .integer(Int(number))
    }
    if RuleVariant.s2sValueClamped.isActive, let number = value?.exactInteger {
      value = .integer(max(FineValue.minimum, min(FineValue.maximum, number)))
    }
    return value
  }

  /// Singular: as the lifecycle reads a server response (S2S-14, LIF-3, LIF-4); a reply
  /// without a value and without `status: "ok"` is `server-error`, and the server's `reason`
  /// goes into the error's message only, never into the answer (S2S-16).
  private static func singular(_ members: [String: JSONValue]) throws(ModelError) -> S2SUpdate {
    switch try ServerReply(reading: members) {
    case .noUpdate:
      if RuleVariant.singularNoValueIsZero.isActive {
        return S2SUpdate(apply: true, fine: .zero, coarse: nil, lock: false)
      }
      return S2SUpdate(apply: false, fine: nil, coarse: nil, lock: false)
    case .invalid(let error):
      throw error
    case .failure(let reason):
      throw ModelError(.serverError, "the server answered without a value: \(reason ?? "no reason given")")
    case .update(let fine, let code, let lock):
      var coarse: CoarseValue?
      if let code { coarse = try CoarseValue(code: code) }
      let value =
        RuleVariant.singularValueUpTo64.isActive
        ? try RuleVariant.applying(.fineUpTo64) { () throws(ModelError) in try FineValue(validating: fine) }
        : try FineValue(validating: fine)
      return S2SUpdate(apply: true, fine: value, coarse: coarse, lock: lock)
    }
  }
}
