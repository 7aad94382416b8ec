import Foundation
import SKANJSON
import SKANModel
public import SKANSuiteCodecs
public import SKANVocabulary

private typealias Input = MetadataSuite.Input

extension MutantCatalog {
  /// The input with its metadata members as `transform` rewrites them.
  static func metadata(_ input: JSONValue, _ transform: ([String: JSONValue]) -> [String: JSONValue]) -> JSONValue {
    guard let members = input[Input.metadata]?.objectValue else { return input }
    return input.setting(Input.metadata, .object(transform(members)))
  }

  /// Mutants of the `metadata` suite: the model under a ``RuleVariant`` for its rules' other
  /// readings, a renamed, dropped or rewritten metadata member for the rest.
  static let metadata: [Mutant] = [
    Mutant("yes-not-true", .metadata, "Does not accept \"yes\" as true.", variant: .booleanYesRejected),
    Mutant(
      "booleans-lower-case-only", .metadata, "Accepts booleans in lower case only.", variant: .booleanLowerCaseOnly),
    Mutant("on-is-true", .metadata, "Accepts on/off as booleans.", variant: .booleanOnOff),
    Mutant(
      "ios-as-decimal", .metadata, "Compares iOS versions as decimals (15.10 as 15.1).", variant: .iosVersionAsDecimal),
    Mutant(
      "ios-16-1-exclusive", .metadata, "Uses the fine/coarse/lock call only above 16.1.",
      variant: .fineCoarseLockAbove16Dot1),
    Mutant(
      "prose-key-alias", .metadata, "Accepts the contract's prose names overlay_position and overlay_dismissible.",
      input: { input in
        metadata(input) { members in
          var result = members
          if let value = members["overlay_position"], members[MetadataContract.overlayPositionKey] == nil {
            result[MetadataContract.overlayPositionKey] = value
          }
          if let value = members["overlay_dismissible"], members[MetadataContract.overlayDismissibleKey] == nil {
            result[MetadataContract.overlayDismissibleKey] = value
          }
          return result
        }
      }),
    Mutant(
      "empty-fine-absent", .metadata, "Treats an empty fine value as absent.",
      input: { input in
        metadata(input) { members in
          members[MetadataContract.fineKey] == "" ? members.filter { $0.key != MetadataContract.fineKey } : members
        }
      }),
    Mutant(
      "dismissible-default-false", .metadata, "Makes overlays non-dismissible by default.",
      variant: .metadataNotDismissibleByDefault),
    Mutant(
      "coarse-below-16-1", .metadata, "Passes the coarse value to the iOS 15.4 fine-only call.",
      variant: .metadataCoarseOnFineOnlyCall),
    Mutant("medium-is-31", .metadata, "Synthesizes 31 for a coarse-only medium.", variant: .synthesizedMediumIs31),
    Mutant(
      "lock-call-without-values", .metadata, "Makes a call with fine 0 when only a lock is given.",
      variant: .metadataLockAloneCalls),
    Mutant(
      "fine-zero-is-no-value", .metadata,
      "Tests the fine value for truth, so 0 (given or synthesized from low) makes no call.",
      variant: .metadataZeroIsNoValue),
    Mutant(
      "high-is-64", .metadata, "Synthesizes a coarse-only value as 32 × its rank, so high is 64.",
      variant: .synthesizedCodeTimes32),
    Mutant(
      "synthesis-overrides-fine", .metadata,
      "Sends the fine value synthesized from the coarse value even when a fine value is given.",
      variant: .metadataSynthesisOverridesFine),
    Mutant(
      "coarse-dropped-with-fine", .metadata, "Drops the coarse value when a fine value is given.",
      variant: .metadataCoarseDroppedWithFine),
    Mutant(
      "lock-null-when-absent", .metadata,
      "Passes `null` for the lock when skan_lock_window is absent, instead of false.",
      variant: .metadataLockNullWhenAbsent),
    Mutant(
      "fine-defaults-to-zero", .metadata, "Calls with fine 0 when the metadata has neither a fine nor a coarse value.",
      variant: .metadataNoValueCallsWithZero),
    Mutant(
      "unknown-keys-rejected", .metadata, "Rejects metadata with a key the contract does not name as `invalid-input`.",
      variant: .metadataUnknownKeysRejected),
    Mutant(
      "fine-only-from-15-0", .metadata, "Uses the fine-only call from iOS 15.0 instead of 15.4.",
      variant: .fineOnlyFromIOS15),
    Mutant(
      "legacy-above-14-0", .metadata, "Uses updateConversionValue(_:) only above 14.0, so 14.0 itself gets no call.",
      variant: .legacyAbove14Dot0),
    Mutant(
      "legacy-below-14", .metadata, "Calls updateConversionValue(_:) on every version below 15.4, even below 14.0.",
      variant: .legacyBelow14),
    Mutant(
      "ios-compared-as-text", .metadata, "Compares iOS versions as text, so \"9.3\" sorts after \"16.1\".",
      variant: .iosVersionComparedAsText),
    Mutant(
      "new-call-on-16-only", .metadata,
      "Checks `major == 16 && minor >= 1` for the fine/coarse/lock call, forgetting later majors.",
      variant: .fineCoarseLockOnIOS16Only),
    Mutant(
      "ios-lenient-prefix", .metadata,
      "Reads the iOS version's leading number groups and ignores the rest (`iOS 16.1` is 16.1, `v16` is 16, no digits is 0).",
      variant: .iosVersionLeadingNumbers),
    Mutant(
      "ios-checked-last", .metadata, "Checks the iOS version after the metadata values.",
      variant: .metadataIOSVersionCheckedLast),
    Mutant(
      "lock-ignored", .metadata, "Ignores skan_lock_window: the lock is always false.",
      input: { input in metadata(input) { $0.filter { $0.key != MetadataContract.lockKey } } }),
    Mutant(
      "booleans-truthy-text", .metadata,
      "Reads any non-empty boolean text as true, as JavaScript's `Boolean(\"false\")` does.",
      variant: .booleanTruthyText),
    Mutant(
      "booleans-words-only", .metadata, "Accepts true/false and yes/no but not 1/0.", variant: .booleanWordsOnly),
    Mutant(
      "empty-values-absent", .metadata, "Treats any empty metadata value as absent.",
      input: { input in metadata(input) { $0.filter { $0.value != "" } } }),
    Mutant(
      "values-trimmed", .metadata, "Trims white space from every metadata value before reading it.",
      variant: .metadataValuesTrimmed),
    Mutant(
      "booleans-strtobool", .metadata, "Reads booleans as Python's strtobool does: y/n and t/f count too.",
      variant: .booleanStrtobool),
    Mutant(
      "booleans-nonzero-true", .metadata, "Reads any integer as a boolean, non-zero as true.",
      variant: .booleanNonZeroInteger),
    Mutant(
      "lock-below-16-1", .metadata, "Passes the lock to the older methods too.", variant: .metadataLockOnOlderCalls),
    Mutant(
      "fine-clamped", .metadata, "Clamps a fine value outside 0...63 into range instead of refusing it.",
      variant: .fineClamped),
    Mutant(
      "fine-overflow-not-integer", .metadata, "Reports a fine value too large for 64 bits as `fine-not-integer`.",
      variant: .fineOverflowNotInteger),
    Mutant(
      "fine-text-ignored", .metadata, "Ignores a fine value that is not a number instead of refusing it.",
      variant: .metadataFineTextIgnored),
    Mutant(
      "fine-float-truncated", .metadata, "Parses the fine value as a number and truncates it (`12.0` is 12).",
      variant: .fineFloatTruncated),
    Mutant(
      "fine-plus-accepted", .metadata, "Accepts a leading `+`, as Swift's `Int(\"+12\")` does.",
      variant: .finePlusAccepted),
    Mutant(
      "fine-base-prefixes", .metadata,
      "Parses the fine value with C's strtol in base 0: `0x1F` is hexadecimal, `012` octal.",
      variant: .fineBasePrefixes),
    Mutant("fine-63-exclusive", .metadata, "Accepts fine values below 63 only.", variant: .fineBelow63),
    Mutant(
      "coarse-any-case", .metadata, "Matches the metadata's coarse value in any letter case.", variant: .coarseAnyCase),
    Mutant(
      "coarse-codes-accepted", .metadata, "Accepts Singular's coarse codes 0, 1, 2 as coarse values.",
      variant: .coarseCodesAsValues),
    Mutant(
      "coarse-checked-before-fine", .metadata, "Checks the coarse value before the fine value.",
      variant: .metadataFineCheckedLast),
    Mutant(
      "lock-checked-before-coarse", .metadata, "Checks the lock before the coarse value.",
      variant: .metadataCoarseCheckedLast),
    Mutant(
      "values-unchecked-below-14", .metadata, "Skips the value checks where no call is made (below iOS 14).",
      variant: .metadataValuesUncheckedWithoutCall),
    Mutant(
      "non-string-as-text", .metadata, "Reads a metadata number or boolean as its text.",
      variant: .metadataNonStringsAsText),
    Mutant(
      "position-any-case", .metadata, "Matches the overlay position in any letter case.",
      variant: .overlayPositionAnyCase),
    Mutant(
      "position-falls-back", .metadata, "Shows the overlay at the bottom when the position is unknown.",
      variant: .overlayPositionFallsBack),
    Mutant(
      "dismissible-ignored", .metadata, "Ignores skoverlay_dismissible: overlays are always dismissible.",
      input: { input in metadata(input) { $0.filter { $0.key != MetadataContract.overlayDismissibleKey } } }),
    Mutant(
      "app-id-id-prefix", .metadata, "Strips an `id` prefix from the app ID, as App Store URLs write it (`id123`).",
      variant: .overlayAppIDPrefixDropped),
    Mutant(
      "app-id-leading-zero", .metadata, "Accepts an app ID with leading zeros.",
      variant: .overlayAppIDLeadingZerosDropped),
    Mutant(
      "position-checked-without-app", .metadata, "Checks skoverlay_position even without an app ID.",
      variant: .overlayPositionCheckedWithoutApp),
  ]
}

extension MetadataSuite: MutantSuite {
  /// The metadata suite's mutants: the contract's and the ATT gate's (MutantCatalog+Metadata.swift, MutantCatalog+Tracking.swift).
  public static var mutants: [Mutant] { MutantCatalog.metadata + MutantCatalog.tracking(in: id) }
}
