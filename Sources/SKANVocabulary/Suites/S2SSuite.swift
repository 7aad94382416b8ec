extension SuiteID {
  /// Server-to-server conversion-value APIs: HMAC signing, request validation, requests and responses.
  public static let s2s = SuiteID(declaring: "s2s")
}

extension Requirement.Area {
  /// The s2s suite's requirement table, in Spec/s2s.md.
  public static let s2s = Requirement.Area(.s2s)
}

/// The `s2s` suite: server-to-server conversion-value APIs (Spec/s2s.md).
public enum S2SSuite: SuiteVocabulary {
  public static let id = SuiteID.s2s
  public static let summary =
    "Server-to-server conversion-value APIs: HMAC request signing, request validation, request building and response parsing."

  /// Its requirements (Spec/s2s.md).
  public static var requirements: [Requirement] { RequirementCatalog.s2s }

  /// The operations, named by `op`.
  public enum Operation: String, MemberName {
    case sign
    case validateRequest = "validate-request"
    case buildRequest = "build-request"
    case parseResponse = "parse-response"
  }

  /// The members of the input (of every operation).
  public enum Input: String, MemberName {
    case op, profile, timestamp
    case devKey = "dev_key"
    case appID = "app_id"
    case uid
    case knownUIDs = "known_uids"
    case busy, request, api, config, event, steps, att, body
  }

  /// The values of `api` for `build-request`.
  public enum RequestAPI: String, MemberName { case appsflyer, singular }

  /// The values of `api` for `parse-response`.
  public enum ResponseAPI: String, MemberName {
    case appsflyerV1 = "appsflyer-v1"
    case appsflyerV2 = "appsflyer-v2"
    case singular
  }

  /// The members of `validate-request`'s `request`.
  public enum Request: String, MemberName { case query, headers }

  /// The members of `build-request`'s `config` (Singular).
  public enum Config: String, MemberName {
    case apiKey = "api_key"
    case osVersion = "os_version"
    case bundleID = "bundle_id"
    case appVersion = "app_version"
    case idfv, idfa
  }

  /// The members of the output (of every operation).
  public enum Output: String, MemberName {
    case message, signature
    case status, reason, parameter
    case method, path, query, headers, url
    case apply, fine, coarse, lock
    case postbackSequenceIndex = "postback_sequence_index"
    case nextWindowTime = "next_w_time"
    case window
    case fineApplies = "fine_applies"
  }
}
