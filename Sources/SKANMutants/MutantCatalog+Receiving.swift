import SKANJSON
import SKANModel
public import SKANSuites
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
    Mutant(
      "no-dedup", .receiving, "Counts every verified postback, retries and copies included (RCV-4).",
      variant: .receivingNoDeduplication),
    Mutant(
      "dedup-includes-path", .receiving,
      "Keys postbacks by path too, so a developer copy counts apart from the network's postback (RCV-4, RCV-9).",
      variant: .receivingKeyIncludesPath),
    Mutant(
      "copy-never-counted-first", .receiving,
      "Records only network postbacks' identifiers, so a developer copy arriving first does not stop the network's postback from counting (RCV-4, RCV-9).",
      variant: .receivingCopyClaimsNoKey),
    Mutant(
      "dedup-before-verify", .receiving,
      "Records the identifier before verifying, so a forged or unverifiable body claims it and the genuine postback is dropped as its duplicate (RCV-3).",
      variant: .receivingUnverifiedClaimsKey),
    Mutant(
      "dedup-across-frameworks", .receiving,
      "Keys without the framework: a transaction-id equal to a postback-identifier is one postback (RCV-5).",
      variant: .receivingKeyWithoutFramework),
    Mutant(
      "dedup-case-insensitive", .receiving, "Compares identifiers ignoring letter case (RCV-5).",
      variant: .receivingKeyIgnoresCase),
    Mutant(
      "dedup-ignores-environment", .receiving,
      "Keys without the environment, so a development postback pre-empts a production one with its identifier (RCV-5, RCV-15).",
      variant: .receivingKeyWithoutEnvironment),
    Mutant(
      "dedup-on-signature", .receiving,
      "Keys SKAdNetwork postbacks by attribution-signature, so the same postback signed twice counts twice (RCV-5).",
      variant: .receivingKeyBySignature),
    Mutant(
      "dedup-on-jws", .receiving,
      "Keys AdAttributionKit postbacks by jws-string, so two JWS with one postback-identifier count twice (RCV-5).",
      variant: .receivingKeyByJWS),
    Mutant(
      "dedup-on-body", .receiving,
      "Keys postbacks by their body (an object canonically, text as received), so a rewritten or re-serialized retry counts again (RCV-4, RCV-6).",
      variant: .receivingKeyByBody),
    Mutant(
      "dedup-ttl-24h", .receiving,
      "Forgets identifiers 24 hours after the arrival that claimed them, so a device retry on day 2 counts again (RCV-20).",
      variant: .receivingKeyKeptOneDay),
    Mutant(
      "dedup-ttl-9d", .receiving,
      "Forgets identifiers 9 days after the arrival that claimed them (kit-defined: never within a batch; RCV-20).",
      variant: .receivingKeyKeptNineDays),
    Mutant(
      "excluded-claims-key", .receiving,
      "Records the identifier of an excluded copy, so the genuine network postback after it is dropped as a duplicate (RCV-10, RCV-11).",
      variant: .receivingExcludedCopyClaimsKey),
    Mutant(
      "rejected-as-duplicate", .receiving,
      "Reports a body that fails verification as a duplicate when its identifier was counted, instead of rejected (RCV-2, RCV-3).",
      variant: .receivingUnverifiedAsDuplicate),
    Mutant(
      "last-wins", .receiving,
      "Lets a duplicate whose body differs replace the counted postback, which becomes its duplicate (RCV-6).",
      variant: .receivingLastDifferingDuplicateWins),
    Mutant(
      "duplicate-of-previous", .receiving,
      "Names, and compares against, the latest arrival with the identifier instead of the counted one (RCV-6).",
      variant: .receivingDuplicateNamesLatest),
    Mutant(
      "body-differs-bytes", .receiving,
      "Compares duplicate bodies as received: a text body, a forwarder's added members or a number written otherwise differ (RCV-6).",
      variant: .receivingBodiesComparedAsReceived),
    Mutant(
      "body-differs-jws-only", .receiving,
      "Compares only jws-string of AdAttributionKit duplicates, missing a changed conversion value or country outside the JWS (RCV-6).",
      variant: .receivingOnlyJWSCompared),
    Mutant(
      "body-differs-never", .receiving, "Never flags a duplicate whose body differs (RCV-6).",
      variant: .receivingBodiesNeverDiffer),
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
    Mutant(
      "aak-signature-unchecked", .receiving,
      "Reads an AdAttributionKit postback's JWS under its kid without checking its signature, as a receiver that trusts the device does.",
      variant: .adAttributionKitSignatureUnchecked),
    Mutant(
      "did-win-ignored", .receiving, "Takes every verified postback for a winner (RCV-16).",
      variant: .receivingDidWinIgnored),
    Mutant(
      "missing-did-win-is-loser", .receiving,
      "Reads a SKAdNetwork postback without did-win (before 3.0) as a loser (RCV-16).",
      variant: .receivingMissingDidWinIsLoser),
    Mutant(
      "window-from-arrival", .receiving,
      "Numbers a network's postbacks for an app in arrival order instead of reading postback-sequence-index (RCV-17).",
      variant: .receivingWindowFromArrivalOrder),
    Mutant(
      "legacy-window-null", .receiving,
      "Gives a postback without postback-sequence-index (before 4.0) no window (RCV-17).",
      variant: .receivingLegacyWindowNull),
    Mutant(
      "reengagement-spelling-kept", .receiving,
      "Reports an AdAttributionKit conversion-type spelled reengagement as is, not re-engagement (RCV-18, SIG-17).",
      variant: .receivingConversionTypeSpellingKept),
    Mutant(
      "redownload-ignored", .receiving,
      "Reports every SKAdNetwork postback as a download, ignoring redownload (RCV-18).",
      variant: .receivingRedownloadIgnored),
    Mutant(
      "environment-always-production", .receiving, "Counts every postback in production (RCV-13, RCV-14, RCV-15).",
      variant: .receivingEnvironmentAlwaysProduction),
    Mutant(
      "aak-environment-by-publisher", .receiving,
      "Takes an AdAttributionKit postback with publisher-item-identifier 0 for development, and any other for production, instead of reading the kid (RCV-13).",
      variant: .receivingEnvironmentByPublisher),
    Mutant(
      "skan-development-by-value-0", .receiving,
      "Takes a SKAdNetwork postback with conversion-value 0 for development, as StoreKit's test postbacks (RCV-14).",
      variant: .receivingDevelopmentByValueZero),
    Mutant(
      "totals-one-environment", .receiving, "Adds development postbacks into the production rows (RCV-15, RCV-19).",
      variant: .receivingTotalsOneEnvironment),
    Mutant(
      "totals-unsorted", .receiving, "Lists the rows in the order first seen, not sorted (RCV-19).",
      variant: .receivingTotalsUnsorted),
    Mutant(
      "loser-copy-counted", .receiving,
      "Counts a losing postback on a copy path as a loser instead of excluding it (RCV-11).",
      variant: .receivingLoserCopyCounted),
    Mutant(
      "copy-window-0-only", .receiving, "Excludes winning postbacks of windows 1 and 2 on a copy path (RCV-11).",
      variant: .receivingCopyWindowZeroOnly),
    Mutant(
      "opt-in-ignored", .receiving,
      "Counts an AdAttributionKit re-engagement copy even when the app did not opt into re-engagement copies (RCV-12).",
      variant: .receivingOptInIgnored),
    Mutant(
      "opt-in-on-network-path", .receiving,
      "Applies the re-engagement copy opt-in on network paths too, excluding the network's own re-engagement postbacks (RCV-12).",
      variant: .receivingOptInOnNetworkPaths),
    Mutant(
      "any-copy-path", .receiving, "Accepts a postback on the other framework's copy path (RCV-10).",
      variant: .receivingAnyCopyPath),
    Mutant(
      "arrivals-sorted", .receiving,
      "Sorts the arrivals by time (stable) instead of refusing an earlier time after a later one (RCV-20).",
      variant: .receivingArrivalsSortedByTime),
    Mutant(
      "arrivals-sorted-by-path", .receiving,
      "Sorts arrivals of the same millisecond by path, its own network paths before the copy paths, so a copy that came first is taken for the duplicate (RCV-6, RCV-20).",
      variant: .receivingCopiesAfterNetworkWithinMillisecond),
    Mutant(
      "checks-in-one-pass", .receiving,
      "Checks each arrival's path and then its time, arrival by arrival, so an earlier arrival out of order hides a later one's unknown path (Spec/receiving.md, order of checks; RCV-9, RCV-20).",
      variant: .receivingChecksInOnePass),
    Mutant(
      "unknown-path-as-network", .receiving,
      "Takes a request on a path the receiver does not have for a network postback instead of refusing the input (RCV-9).",
      variant: .receivingUnknownPathAsNetwork),
    Mutant(
      "missing-source-app-is-development", .receiving,
      "Reads an absent source-app-id as 0 (a decoder's default), so a web ad's or a low-tier postback is development (RCV-14).",
      variant: .receivingMissingSourceAppIsDevelopment),
    Mutant(
      "window-always-0", .receiving,
      "Routes every SKAdNetwork postback to window 0, ignoring postback-sequence-index (a SKAdNetwork 3 receiver; RCV-17).",
      variant: .receivingWindowAlwaysZero),
    Mutant(
      "empty-batch-refused", .receiving,
      "Refuses a batch with no arrivals as invalid input instead of answering zero totals and no rows (RCV-19).",
      input: { input in
        input[Input.arrivals]?.arrayValue?.isEmpty == true ? input.setting(Input.arrivals, .null) : input
      }),
    Mutant(
      "network-path-well-known-accepted", .receiving,
      "Accepts a well-known copy path among network_paths (the copy role wins) instead of refusing the receiver (RCV-9).",
      variant: .receivingCopyPathAsNetworkPathAccepted),
    Mutant(
      "foreign-kid-ignored", .receiving,
      "Ignores an aak_keys kid that is not one of Apple's three instead of refusing the input (RCV-13).",
      variant: .receivingForeignKIDIgnored),
    Mutant(
      "missing-body-null", .receiving,
      "Takes an arrival without a body for one with a null body (not JSON, rejected) instead of refusing the input (IN-1, RCV-21).",
      variant: .missingPostbackIsNull),
    Mutant(
      "unreadable-key-ignored", .receiving,
      "Falls back to Apple's keys when skadnetwork_public_key cannot be read, instead of refusing the input (RCV-1).",
      variant: .unreadableKeyIsApples),
  ]
}

extension ReceivingSuite: MutantSuite {
  /// The receiving suite's mutants: deduplication, body comparison, reading, copy paths and
  /// arrival order (MutantCatalog+Receiving.swift).
  public static var mutants: [Mutant] { MutantCatalog.receiving }
}
