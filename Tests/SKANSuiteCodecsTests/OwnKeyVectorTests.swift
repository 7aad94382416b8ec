import SKANJSON
import SKANModel
import SKANSuiteCodecs
import SKANTestSupport
import SKANVectors
import Testing

/// The signature vectors that need a key of their own: every AdAttributionKit
/// payload check is signed under one of Apple's kids, so a library that knows only Apple's
/// kids reaches the payload once its adapter gives it the vector's key; and every case a
/// library with only Apple's built-in keys cannot answer carries the tag `own-key`, in the
/// signature and receiving suites.
@Suite("Own-key signature vectors")
struct OwnKeyVectorTests {
  /// Apple's AdAttributionKit keys as a `keys` object.
  static let appleKeys: JSONValue = .object(AppleKeys.aakByKID.mapValues { .string($0) })

  /// Whether the answer of `vector` depends on a key other than Apple's built-in ones, or on
  /// Apple's keys being withheld: the rule of the tag, written again from Spec/README.md.
  static func needsOwnKey(_ vector: VectorCase) -> Bool {
    guard vector.expected.outputValue != nil else { return false }
    if vector.suite == .receiving {
      // The same keys under the receiving suite's names (Spec/receiving.md, "Test keys").
      if let key = vector.input["skadnetwork_public_key"], key != .null, key != .string(AppleKeys.skanP256) {
        return true
      }
      guard let keys = vector.input["aak_keys"], keys != .null else { return false }
      return keys != appleKeys
    }
    guard vector.suite == .signature else { return false }
    switch vector.input["op"]?.stringValue {
    case "verify-postback":
      guard let key = vector.input["public_key"], key != .null else { return false }
      // Apple signs 1.0 (no `version`) and 2.0 with its P-192 key, every later version with
      // its P-256 key; a library with both built in picks by version.
      var postback = vector.input["postback"]
      if let text = postback?.stringValue { postback = try? JSONParser.parse(text) }
      let version = postback?["version"]
      let p192 = version == nil || version == .null || version == "1.0" || version == "2.0"
      return key != .string(p192 ? AppleKeys.skanP192 : AppleKeys.skanP256)
    case "verify-aak-postback":
      guard let keys = vector.input["keys"], keys != .null else { return false }
      return keys != appleKeys
    default: return false
    }
  }

  @Test("every AdAttributionKit postback that reaches the payload checks is signed under one of Apple's kids")
  func payloadChecksUnderAppleKids() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var overridden = 0
    for vector in set.cases where vector.input["op"] == "verify-aak-postback" {
      // Steps 6 to 8 answer `ok`, `missing-field`, `wrong-type` or `invalid-value` with a
      // signing input; the same reasons without one are about `jws-string` (step 1).
      guard let output = vector.expected.outputValue, output["signing_input"]?.stringValue != nil,
        let reason = output["reason"]?.stringValue,
        ["ok", "missing-field", "wrong-type", "invalid-value"].contains(reason)
      else { continue }
      let kid = try #require(output["kid"]?.stringValue, "vector \(vector.id): no kid in the expected output")
      #expect(
        AppleKeys.aakByKID[kid] != nil,
        "vector \(vector.id) reaches the payload checks under kid \(kid), which is not one of Apple's: a library that knows only Apple's kids answers unverifiable and never reads the payload"
      )
      guard let keys = vector.input["keys"], keys != .null else { continue }
      let key = try #require(keys[kid]?.stringValue, "vector \(vector.id): keys has no key for its kid \(kid)")
      if key != AppleKeys.aakByKID[kid] { overridden += 1 }
    }
    // 21 payload rejections and 3 verified test-key postbacks, each with `keys` mapping an
    // Apple kid to the kit's test key; fewer means some went back to a kid of their own.
    #expect(overridden >= 24, "only \(overridden) vectors give an Apple kid the test key")
  }

  @Test("a vector carries own-key exactly when a library with only Apple's built-in keys cannot answer it")
  func ownKeyTag() throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var tagged = 0
    for vector in set.cases {
      let needs = Self.needsOwnKey(vector)
      let has = vector.tags.contains("own-key")
      #expect(
        needs == has,
        "vector \(vector.id): \(needs ? "needs a key Apple's built-in ones are not, but is not tagged own-key" : "is tagged own-key, but Apple's built-in keys answer it")"
      )
      if has { tagged += 1 }
    }
    #expect(tagged >= 50, "only \(tagged) vectors are tagged own-key")
  }
}
