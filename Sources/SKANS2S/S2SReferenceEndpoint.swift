import Foundation
public import SKANHTTP
public import SKANJSON
public import SKANModel
import SKANSignatures

/// The reference AppsFlyer-style conversion-value endpoint (Spec/s2s.md, "The reference
/// endpoint"): `GET /api/v2.0/conversion-value`, validated per S2S-5 to S2S-9, answering
/// each known uid with its configured body.
///
/// The dev key is held only to check signatures; it never appears in a response or an error.
public struct S2SReferenceEndpoint: Sendable {
  private let validator: S2SRequestValidator
  private let values: [String: JSONValue]

  /// Creates the endpoint.
  /// - Parameters:
  ///   - devKey: the secret dev key.
  ///   - profile: the signing profile (S2S-1, S2S-2).
  ///   - values: the response body for each known uid.
  public init(devKey: String, profile: S2SSignatureProfile = .default, values: [String: JSONValue]) {
    validator = S2SRequestValidator(profile: profile, devKey: devKey, crypto: SwiftCrypto())
    self.values = values
  }

  /// Reads a `--values` file: a JSON object mapping each uid to its response body.
  /// - Throws: a message naming what is wrong (never the dev key).
  public static func values(fromFile path: String) throws -> [String: JSONValue] {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw S2SEndpointError("the file does not exist or cannot be read")
    }
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes: Array(data))
    } catch {
      throw S2SEndpointError("not JSON: \(error)")
    }
    guard let members = value.objectValue else {
      throw S2SEndpointError("the values file must hold a JSON object mapping uids to response bodies")
    }
    return members
  }

  /// Answers one request.
  public func respond(_ request: LoopbackHTTPServer.Request) -> LoopbackHTTPServer.Response {
    let (path, query) = S2SQuery.split(request.uri)
    let answer = validator.validate(
      method: request.method, path: path, query: query, headers: request.headers, isKnownUID: { values[$0] != nil },
      busy: false)
    guard answer.reason == .ok, let uid = query[S2SRequestShape.uid], let body = values[uid] else {
      return Self.error(answer.status, reason: answer.reason.rawValue, parameter: answer.parameter)
    }
    return LoopbackHTTPServer.Response(status: 200, body: CanonicalJSON.compactBytes(body))
  }

  private static func error(_ status: Int, reason: String, parameter: String?) -> LoopbackHTTPServer.Response {
    var body: [String: JSONValue] = ["reason": .string(reason)]
    if let parameter { body["parameter"] = .string(parameter) }
    return LoopbackHTTPServer.Response(status: status, body: CanonicalJSON.compactBytes(.object(body)))
  }
}
