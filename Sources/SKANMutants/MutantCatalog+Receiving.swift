import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias Input = ReceivingSuite.Input
private typealias Output = ReceivingSuite.Output
private typealias Answer = ReceivingSuite.Answer

extension MutantCatalog {
  /// Mutants of the `receiving` suite (docs/design/receiving-suite.md, 5.1, and one for each
  /// vector those leave idle): each one a receiver with one plausible bug in verifying,
  /// deduplicating, routing or counting. Most are the model under a ``RuleVariant``; the rest
  /// change the input or the answer's encoding.
  static let receiving: [Mutant] = [
    receiver(
      "no-dedup", .receivingNoDeduplication, "Counts every verified postback, retries and copies included (RCV-4)."),
    receiver(
      "dedup-includes-path", .receivingKeyIncludesPath,
      "Keys postbacks by path too, so a developer copy counts apart from the network's postback (RCV-4, RCV-9)."),
    receiver(
      "copy-never-counted-first", .receivingCopyClaimsNoKey,
      "Records only network postbacks' identifiers, so a developer copy arriving first does not stop the network's postback from counting (RCV-4, RCV-9)."
    ),
    receiver(
      "dedup-before-verify", .receivingUnverifiedClaimsKey,
      "Records the identifier before verifying, so a forged or unverifiable body claims it and the genuine postback is dropped as its duplicate (RCV-3)."
    ),
    receiver(
      "dedup-across-frameworks", .receivingKeyWithoutFramework,
      "Keys without the framework: a transaction-id equal to a postback-identifier is one postback (RCV-5)."),
    receiver("dedup-case-insensitive", .receivingKeyIgnoresCase, "Compares identifiers ignoring letter case (RCV-5)."),
    receiver(
      "dedup-ignores-environment", .receivingKeyWithoutEnvironment,
      "Keys without the environment, so a development postback pre-empts a production one with its identifier (RCV-5, RCV-15)."
    ),
    receiver(
      "dedup-on-signature", .receivingKeyBySignature,
      "Keys SKAdNetwork postbacks by attribution-signature, so the same postback signed twice counts twice (RCV-5)."),
    receiver(
      "dedup-on-jws", .receivingKeyByJWS,
      "Keys AdAttributionKit postbacks by jws-string, so two JWS with one postback-identifier count twice (RCV-5)."),
    receiver(
      "dedup-on-body", .receivingKeyByBody,
      "Keys postbacks by their body (an object canonically, text as received), so a rewritten or re-serialized retry counts again (RCV-4, RCV-6)."
    ),
    receiver(
      "dedup-ttl-24h", .receivingKeyKeptOneDay,
      "Forgets identifiers 24 hours after the arrival that claimed them, so a device retry on day 2 counts again (RCV-20)."
    ),
    receiver(
      "dedup-ttl-9d", .receivingKeyKeptNineDays,
      "Forgets identifiers 9 days after the arrival that claimed them (kit-defined: never within a batch; RCV-20)."),
    receiver(
      "excluded-claims-key", .receivingExcludedCopyClaimsKey,
      "Records the identifier of an excluded copy, so the genuine network postback after it is dropped as a duplicate (RCV-10, RCV-11)."
    ),
    receiver(
      "rejected-as-duplicate", .receivingUnverifiedAsDuplicate,
      "Reports a body that fails verification as a duplicate when its identifier was counted, instead of rejected (RCV-2, RCV-3)."
    ),
    receiver(
      "last-wins", .receivingLastDifferingDuplicateWins,
      "Lets a duplicate whose body differs replace the counted postback, which becomes its duplicate (RCV-6)."),
    receiver(
      "duplicate-of-previous", .receivingDuplicateNamesLatest,
      "Names, and compares against, the latest arrival with the identifier instead of the counted one (RCV-6)."),
    receiver(
      "body-differs-bytes", .receivingBodiesComparedAsReceived,
      "Compares duplicate bodies as received: a text body, a forwarder's added members or a number written otherwise differ (RCV-6)."
    ),
    receiver(
      "body-differs-jws-only", .receivingOnlyJWSCompared,
      "Compares only jws-string of AdAttributionKit duplicates, missing a changed conversion value or country outside the JWS (RCV-6)."
    ),
    receiver("body-differs-never", .receivingBodiesNeverDiffer, "Never flags a duplicate whose body differs (RCV-6)."),
    Mutant(
      "rejected-answered-400", .receiving,
      "Answers 400 to a postback that is not verified, so the device resends it (RCV-7, RCV-8).",
      output: { output, _ in
        output.updating(Output.arrivals) { arrivals in
          arrivals.mapElements { answer in
            answer[Answer.verdict]?.stringValue == PostbackVerdict.Verdict.verified.rawValue
              ? answer : answer.setting(Answer.response, 400)
          }
        }
      }),
    receiver(
      "aak-signature-unchecked", .adAttributionKitSignatureUnchecked,
      "Reads an AdAttributionKit postback's JWS under its kid without checking its signature, as a receiver that trusts the device does."
    ),
    receiver("did-win-ignored", .receivingDidWinIgnored, "Takes every verified postback for a winner (RCV-16)."),
    receiver(
      "missing-did-win-is-loser", .receivingMissingDidWinIsLoser,
      "Reads a SKAdNetwork postback without did-win (before 3.0) as a loser (RCV-16)."),
    receiver(
      "window-from-arrival", .receivingWindowFromArrivalOrder,
      "Numbers a network's postbacks for an app in arrival order instead of reading postback-sequence-index (RCV-17)."),
    receiver(
      "legacy-window-null", .receivingLegacyWindowNull,
      "Gives a postback without postback-sequence-index (before 4.0) no window (RCV-17)."),
    receiver(
      "reengagement-spelling-kept", .receivingConversionTypeSpellingKept,
      "Reports an AdAttributionKit conversion-type spelled reengagement as is, not re-engagement (RCV-18, SIG-17)."),
    receiver(
      "redownload-ignored", .receivingRedownloadIgnored,
      "Reports every SKAdNetwork postback as a download, ignoring redownload (RCV-18)."),
    receiver(
      "environment-always-production", .receivingEnvironmentAlwaysProduction,
      "Counts every postback in production (RCV-13, RCV-14, RCV-15)."),
    receiver(
      "aak-environment-by-publisher", .receivingEnvironmentByPublisher,
      "Takes an AdAttributionKit postback with publisher-item-identifier 0 for development, and any other for production, instead of reading the kid (RCV-13)."
    ),
    receiver(
      "skan-development-by-value-0", .receivingDevelopmentByValueZero,
      "Takes a SKAdNetwork postback with conversion-value 0 for development, as StoreKit's test postbacks (RCV-14)."),
    receiver(
      "totals-one-environment", .receivingTotalsOneEnvironment,
      "Adds development postbacks into the production rows (RCV-15, RCV-19)."),
    receiver(
      "totals-unsorted", .receivingTotalsUnsorted, "Lists the rows in the order first seen, not sorted (RCV-19)."),
    receiver(
      "loser-copy-counted", .receivingLoserCopyCounted,
      "Counts a losing postback on a copy path as a loser instead of excluding it (RCV-11)."),
    receiver(
      "copy-window-0-only", .receivingCopyWindowZeroOnly,
      "Excludes winning postbacks of windows 1 and 2 on a copy path (RCV-11)."),
    receiver(
      "opt-in-ignored", .receivingOptInIgnored,
      "Counts an AdAttributionKit re-engagement copy even when the app did not opt into re-engagement copies (RCV-12)."),
    receiver(
      "opt-in-on-network-path", .receivingOptInOnNetworkPaths,
      "Applies the re-engagement copy opt-in on network paths too, excluding the network's own re-engagement postbacks (RCV-12)."
    ),
    receiver("any-copy-path", .receivingAnyCopyPath, "Accepts a postback on the other framework's copy path (RCV-10)."),
    receiver(
      "arrivals-sorted", .receivingArrivalsSortedByTime,
      "Sorts the arrivals by time (stable) instead of refusing an earlier time after a later one (RCV-20)."),
    receiver(
      "arrivals-sorted-by-path", .receivingCopiesAfterNetworkWithinMillisecond,
      "Sorts arrivals of the same millisecond by path, its own network paths before the copy paths, so a copy that came first is taken for the duplicate (RCV-6, RCV-20)."
    ),
    receiver(
      "checks-in-one-pass", .receivingChecksInOnePass,
      "Checks each arrival's path and then its time, arrival by arrival, so an earlier arrival out of order hides a later one's unknown path (Spec/receiving.md, order of checks; RCV-9, RCV-20)."
    ),
    receiver(
      "unknown-path-as-network", .receivingUnknownPathAsNetwork,
      "Takes a request on a path the receiver does not have for a network postback instead of refusing the input (RCV-9)."
    ),
    receiver(
      "missing-source-app-is-development", .receivingMissingSourceAppIsDevelopment,
      "Reads an absent source-app-id as 0 (a decoder's default), so a web ad's or a low-tier postback is development (RCV-14)."
    ),
    receiver(
      "window-always-0", .receivingWindowAlwaysZero,
      "Routes every SKAdNetwork postback to window 0, ignoring postback-sequence-index (a SKAdNetwork 3 receiver; RCV-17)."
    ),
    Mutant(
      "empty-batch-refused", .receiving,
      "Refuses a batch with no arrivals as invalid input instead of answering zero totals and no rows (RCV-19).",
      input: { input in
        input[Input.arrivals]?.arrayValue?.isEmpty == true ? input.setting(Input.arrivals, .null) : input
      }),
    receiver(
      "network-path-well-known-accepted", .receivingCopyPathAsNetworkPathAccepted,
      "Accepts a well-known copy path among network_paths (the copy role wins) instead of refusing the receiver (RCV-9)."
    ),
    receiver(
      "foreign-kid-ignored", .receivingForeignKIDIgnored,
      "Ignores an aak_keys kid that is not one of Apple's three instead of refusing the input (RCV-13)."),
    receiver(
      "missing-body-null", .missingPostbackIsNull,
      "Takes an arrival without a body for one with a null body (not JSON, rejected) instead of refusing the input (IN-1, RCV-21)."
    ),
    receiver(
      "unreadable-key-ignored", .unreadableKeyIsApples,
      "Falls back to Apple's keys when skadnetwork_public_key cannot be read, instead of refusing the input (RCV-1)."),
  ]

  /// A mutant of the `receiving` suite that runs the model under `variant`; `summary` is its bug.
  private static func receiver(_ id: String, _ variant: RuleVariant, _ summary: String) -> Mutant {
    Mutant(id, .receiving, summary, variant: variant)
  }
}

extension ReceivingSuite: MutantSuite {
  /// The receiving suite's mutants: deduplication, body comparison, reading, copy paths and
  /// arrival order (MutantCatalog+Receiving.swift).
  public static var mutants: [Mutant] { MutantCatalog.receiving }
}
