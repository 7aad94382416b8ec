import Foundation
import SKANFuzz
import SKANJSON
import SKANModel
import SKANVocabulary

/// The postbacks one run of `probe postbacks` sends, drawn from a seed: which of Apple's
/// published postbacks, how many device retries and of which, the developer copies, a
/// rewritten duplicate, SKAdNetwork and AdAttributionKit forgeries, and the order. The same
/// seed and options give the same batch (`--seed` reproduces a run); another seed gives
/// another, so a receiver that serves a report captured once cannot pass.
package struct ProbeBatch: Sendable {
  /// One postback the probe sends.
  package struct Step: Sendable {
    /// The check's name in the report, unique in the batch: position and kind.
    package var id: String
    package var requirements: [String]
    package var path: String
    package var body: String
    /// AdAttributionKit devices resend only after a 500; StoreKit after anything but 200.
    package var adAttributionKit: Bool
  }

  /// The seed the batch was drawn from.
  package let seed: UInt64
  /// The postbacks, in the order sent.
  package let steps: [Step]

  /// The largest seed a run draws: 2^53 - 1, which every JSON reader keeps exact.
  package static let maximumSeed: UInt64 = (1 << 53) - 1

  /// Draws the batch for `seed`; `networkPath` `nil` sends to the copy paths only.
  package init(seed: UInt64, networkPath: String?, copies: Bool) {
    self.seed = seed
    var random = SeededRandom(seed: seed)
    let examples = ApplePostbackExamples.self
    let skanCopy = PostbackReceiver.skadnetworkCopyPath
    let aakCopy = PostbackReceiver.adAttributionKitCopyPath
    typealias Draft = (kind: String, requirements: [String], path: String, body: String, aak: Bool)

    // The genuine postbacks, each sent once: two to five of Apple's SKAdNetwork ones (a winner
    // always among them, for the copies and the rewritten duplicate) and the AdAttributionKit one.
    let winners: [(String, String)] = [("winner-4-0", examples.winner), ("coarse-4-0", examples.second)]
    let others: [(String, String)] = [
      ("loser-3-0", examples.loser), ("winner-3-0", examples.winner3), ("postback-2-2", examples.winner22),
    ]
    var skan = [winners[Int.random(in: 0...1, using: &random)]]
    let extra = (winners + others).filter { $0.0 != skan[0].0 }.shuffled(using: &random)
    skan += extra.prefix(Int.random(in: 1...4, using: &random))
    var firsts: [Draft] = skan.map { name, body in
      let loser = name.hasPrefix("loser")
      return (
        name, loser ? ["RCV-16", "RCV-7"] : ["RCV-7"], networkPath ?? skanCopy, body, false
      )
    }
    firsts.append(("aak-postback", ["RCV-13", "RCV-7"], networkPath ?? aakCopy, examples.adAttributionKit, true))
    firsts.shuffle(using: &random)

    // What follows a first sending: retries, copies, a rewritten duplicate.
    var followers: [(after: Int, draft: Draft)] = []
    for _ in 0..<Int.random(in: 1...2, using: &random) {
      let index = Int.random(in: 0...(firsts.count - 1), using: &random)
      let first = firsts[index]
      followers.append((index, ("device-retry", ["RCV-4", "RCV-7"], first.path, first.body, first.aak)))
    }
    if copies && networkPath != nil {
      if let index = firsts.firstIndex(where: { $0.kind == skan[0].0 }) {
        followers.append((index, ("skadnetwork-copy", ["RCV-9"], skanCopy, firsts[index].body, false)))
      }
      if let index = firsts.firstIndex(where: { $0.aak }) {
        followers.append((index, ("aak-copy", ["RCV-9", "RCV-12"], aakCopy, firsts[index].body, true)))
      }
    }
    if let index = firsts.firstIndex(where: { !$0.aak }) {
      // An unsigned member added: the same postback, a differing body (RCV-6, SIG-19).
      let first = firsts[index]
      let rewritten =
        "{\"country-code\":\"\(["FR", "JP", "BR"].randomElement(using: &random) ?? "FR")\"," + first.body.dropFirst()
      followers.append((index, ("rewritten-duplicate", ["RCV-6"], first.path, rewritten, false)))
    }

    // Forgeries, anywhere in the batch: one SKAdNetwork, one or two AdAttributionKit.
    let forgedSKAN =
      [
        examples.forged,
        examples.winner3.replacingOccurrences(of: "\"campaign-id\":42", with: "\"campaign-id\":43"),
        examples.second.replacingOccurrences(of: "\"app-id\":525463029", with: "\"app-id\":525463030"),
      ].randomElement(using: &random) ?? examples.forged
    var forgeries: [Draft] = [("forged", ["RCV-2", "RCV-7"], networkPath ?? skanCopy, forgedSKAN, false)]
    let parts = JWSForgery.Part.allCases.shuffled(using: &random).prefix(
      Int.random(in: 1...2, using: &random))
    for part in parts {
      forgeries.append(
        (
          "aak-forged-\(part.name)", ["RCV-2", "RCV-7"], networkPath ?? aakCopy,
          Self.forge(examples.adAttributionKit, part: part), true
        ))
    }

    // The order: firsts in their shuffled order, each follower somewhere after its first,
    // each forgery anywhere.
    var order: [Draft] = firsts
    for follower in followers {
      let first = order.firstIndex { $0.kind == firsts[follower.after].kind } ?? 0
      order.insert(follower.draft, at: Int.random(in: (first + 1)...order.count, using: &random))
    }
    for forgery in forgeries { order.insert(forgery, at: Int.random(in: 0...order.count, using: &random)) }
    steps = order.enumerated().map { index, draft in
      let position = index + 1 < 10 ? "0\(index + 1)" : "\(index + 1)"
      return Step(
        id: "\(position)-\(draft.kind)", requirements: draft.requirements, path: draft.path, body: draft.body,
        adAttributionKit: draft.aak)
    }
  }

  /// An AdAttributionKit postback with one part of its JWS altered (``JWSForgery``), the
  /// outer members kept.
  static func forge(_ body: String, part: JWSForgery.Part) -> String {
    let member = SignatureSuite.AAKPostback.jwsString.rawValue
    guard let object = try? JSONParser.parse(body), let jws = object[member]?.stringValue else { return body }
    return CanonicalJSON.compact(object.setting(member, .string(JWSForgery.altered(jws, part))))
  }
}
