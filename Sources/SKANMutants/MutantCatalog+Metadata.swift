import Foundation
import SKANJSON
import SKANModel
public import SKANSuites
public import SKANVocabulary

private typealias Input = MetadataSuite.Input

extension MutantCatalog {
  static func metadata(_ input: JSONValue, _ transform: ([String: JSONValue]) -> [String: JSONValue]) -> JSONValue {
    guard let members = input[Input.metadata]?.objectValue else { return input }
    return input.setting(Input.metadata, .object(transform(members)))
  }

  static let metadataBooleanKeys = [MetadataContract.lockKey, MetadataContract.overlayDismissibleKey]

  /// The keys the contract names (``MetadataContract``).
  static let contractKeys: Set<String> = [
    MetadataContract.fineKey, MetadataContract.coarseKey, MetadataContract.lockKey, MetadataContract.overlayAppIDKey,
    MetadataContract.overlayPositionKey, MetadataContract.overlayDismissibleKey,
  ]

  /// The input with each metadata boolean's text replaced where `replacement` gives one.
  static func booleans(_ input: JSONValue, _ replacement: @escaping (String) -> String?) -> JSONValue {
    metadata(input) { members in
      var result = members
      for key in metadataBooleanKeys {
        if let text = members[key]?.stringValue, let replaced = replacement(text) { result[key] = .string(replaced) }
      }
      return result
    }
  }

  /// Mutants of the `metadata` suite: the model under a ``RuleVariant`` where the bug is in
  /// the call it decides, an input or answer changed where it is in reading the metadata.
  static let metadata: [Mutant] = [
    Mutant(
      "yes-not-true", .metadata, "Does not accept \"yes\" as true.",
      input: { input in booleans(input) { $0.lowercased() == "yes" ? "nope" : nil } }),
    Mutant(
      "booleans-lower-case-only", .metadata, "Accepts booleans in lower case only.",
      input: { input in booleans(input) { $0 != $0.lowercased() ? "nope" : nil } }),
    Mutant(
      "on-is-true", .metadata, "Accepts on/off as booleans.",
      input: { input in booleans(input) { $0 == "on" ? "true" : $0 == "off" ? "false" : nil } }),
    Mutant(
      "ios-as-decimal", .metadata, "Compares iOS versions as decimals (15.10 as 15.1).",
      input: { input in
        input.updating(Input.iosVersion) { version in
          guard let text = version.stringValue, let number = Double(text) else { return version }
          let major = Int(number)
          let minor = Int(((number - Double(major)) * 10).rounded())
          return .string("\(major).\(minor)")
        }
      }),
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
      input: { input in
        metadata(input) { members in
          members.mapValues { $0 }.merging(
            members.keys.filter { !contractKeys.contains($0) }.map { ($0, JSONValue.integer(0)) }
          ) { $1 }
        }
      }),
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
      input: { input in
        input.updating(Input.iosVersion) { value in
          guard let text = value.stringValue, (try? IOSVersion(parsing: text)) == nil else { return value }
          let groups = text.split(whereSeparator: { !$0.isASCII || !$0.isNumber }).prefix(3).map(String.init)
          return .string(groups.isEmpty ? "0" : groups.map { String($0.prefix(4)) }.joined(separator: "."))
        }
      }),
    Mutant(
      "ios-checked-last", .metadata, "Checks the iOS version after the metadata values.",
      variant: .metadataIOSVersionCheckedLast),
    Mutant(
      "lock-ignored", .metadata, "Ignores skan_lock_window: the lock is always false.",
      input: { input in metadata(input) { $0.filter { $0.key != MetadataContract.lockKey } } }),
    Mutant(
      "booleans-truthy-text", .metadata,
      "Reads any non-empty boolean text as true, as JavaScript's `Boolean(\"false\")` does.",
      input: { input in booleans(input) { $0.isEmpty ? nil : "true" } }),
    Mutant(
      "booleans-words-only", .metadata, "Accepts true/false and yes/no but not 1/0.",
      input: { input in booleans(input) { $0 == "1" || $0 == "0" ? "nope" : nil } }),
    Mutant(
      "empty-values-absent", .metadata, "Treats any empty metadata value as absent.",
      input: { input in metadata(input) { $0.filter { $0.value != "" } } }),
    Mutant(
      "values-trimmed", .metadata, "Trims white space from every metadata value before reading it.",
      input: { input in
        metadata(input) { members in
          members.mapValues { value in
            value.stringValue.map { .string($0.trimmingCharacters(in: .whitespaces)) } ?? value
          }
        }
      }),
    Mutant(
      "booleans-strtobool", .metadata, "Reads booleans as Python's strtobool does: y/n and t/f count too.",
      input: { input in
        booleans(input) { text in
          switch text.lowercased() {
          case "y", "t": return "true"
          case "n", "f": return "false"
          default: return nil
          }
        }
      }),
    Mutant(
      "booleans-nonzero-true", .metadata, "Reads any integer as a boolean, non-zero as true.",
      input: { input in booleans(input) { text in Int(text).map { $0 != 0 ? "true" : "false" } } }),
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
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.fineKey]?.stringValue, Double(text) == nil,
            !text.hasPrefix("0x"), !text.isEmpty
          else { return members }
          return members.filter { $0.key != MetadataContract.fineKey }
        }
      }),
    Mutant(
      "fine-float-truncated", .metadata, "Parses the fine value as a number and truncates it (`12.0` is 12).",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.fineKey]?.stringValue, text.contains("."), let number = Double(text)
          else { return members }
          var result = members
          result[MetadataContract.fineKey] = .string(String(Int(number)))
          return result
        }
      }),
    Mutant(
      "fine-plus-accepted", .metadata, "Accepts a leading `+`, as Swift's `Int(\"+12\")` does.",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.fineKey]?.stringValue, text.hasPrefix("+") else { return members }
          var result = members
          result[MetadataContract.fineKey] = .string(String(text.dropFirst()))
          return result
        }
      }),
    Mutant(
      "fine-base-prefixes", .metadata,
      "Parses the fine value with C's strtol in base 0: `0x1F` is hexadecimal, `012` octal.",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.fineKey]?.stringValue else { return members }
          var result = members
          if text.lowercased().hasPrefix("0x"), let number = Int(text.dropFirst(2), radix: 16) {
            result[MetadataContract.fineKey] = .string(String(number))
          } else if text.count > 1, text.hasPrefix("0"), let number = Int(text.dropFirst(), radix: 8) {
            result[MetadataContract.fineKey] = .string(String(number))
          }
          return result
        }
      }),
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
      input: { input in
        metadata(input) { members in
          members.mapValues { value in
            if let number = value.exactInteger { return .string(String(number)) }
            if let flag = value.boolValue { return .string(flag ? "true" : "false") }
            return value
          }
        }
      }),
    Mutant(
      "position-any-case", .metadata, "Matches the overlay position in any letter case.",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.overlayPositionKey]?.stringValue,
            let match = OverlayRequest.Position.allCases.first(where: { $0.rawValue.lowercased() == text.lowercased() })
          else { return members }
          return members.merging([MetadataContract.overlayPositionKey: .string(match.rawValue)]) { $1 }
        }
      }),
    Mutant(
      "position-falls-back", .metadata, "Shows the overlay at the bottom when the position is unknown.",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.overlayPositionKey]?.stringValue,
            OverlayRequest.Position(rawValue: text) == nil
          else { return members }
          return members.filter { $0.key != MetadataContract.overlayPositionKey }
        }
      }),
    Mutant(
      "dismissible-ignored", .metadata, "Ignores skoverlay_dismissible: overlays are always dismissible.",
      input: { input in metadata(input) { $0.filter { $0.key != MetadataContract.overlayDismissibleKey } } }),
    Mutant(
      "app-id-id-prefix", .metadata, "Strips an `id` prefix from the app ID, as App Store URLs write it (`id123`).",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.overlayAppIDKey]?.stringValue, text.hasPrefix("id") else {
            return members
          }
          return members.merging([MetadataContract.overlayAppIDKey: .string(String(text.dropFirst(2)))]) { $1 }
        }
      }),
    Mutant(
      "app-id-leading-zero", .metadata, "Accepts an app ID with leading zeros.",
      input: { input in
        metadata(input) { members in
          guard let text = members[MetadataContract.overlayAppIDKey]?.stringValue, text.count > 1, text.hasPrefix("0")
          else {
            return members
          }
          return members.merging([MetadataContract.overlayAppIDKey: .string(String(text.drop { $0 == "0" }))]) { $1 }
        }
      }),
    Mutant(
      "position-checked-without-app", .metadata, "Checks skoverlay_position even without an app ID.",
      input: { input in
        metadata(input) { members in
          guard members[MetadataContract.overlayAppIDKey] == nil,
            let text = members[MetadataContract.overlayPositionKey]?.stringValue,
            OverlayRequest.Position(rawValue: text) == nil
          else { return members }
          return members.merging([MetadataContract.overlayAppIDKey: "1"]) { $1 }
        }
      }),
  ]
}

extension MetadataSuite: MutantSuite {
  /// The metadata suite's mutants: the contract's and the ATT gate's (MutantCatalog+Metadata.swift, MutantCatalog+Tracking.swift).
  public static var mutants: [Mutant] { MutantCatalog.metadata + MutantCatalog.tracking(in: id) }
}
