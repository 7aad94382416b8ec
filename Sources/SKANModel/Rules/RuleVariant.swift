/// A named departure from one of the model's rules: the reading a plausible implementation
/// takes instead of the kit's. The model follows the kit's rules unless a variant is in
/// effect through ``RuleVariant/active``; only the kit's mutants set one, to prove that the
/// vectors catch that reading. Package access: no user of the model can change its answers.
package enum RuleVariant: String, Sendable, Hashable, CaseIterable {
  // MARK: Attribution

  /// AT-23's alternative: a network entry's `ignoreInteractionType` also filters the
  /// impressions of a re-engagement.
  case ignoreInteractionForReengagements
  /// AT-25's alternative: the cooldowns, AdAttributionKit settings, gate a conversion only when
  /// an AdAttributionKit impression competes for it.
  case cooldownsOnlyWithAdAttributionKit
  /// AT-4's alternative: among clicks (or views) the oldest ranks first.
  case attributionOldestFirst
  /// AT-4's alternative: views rank before clicks.
  case attributionViewsBeforeClicks
  /// AT-4's alternative: AdAttributionKit impressions rank before SKAdNetwork ones.
  case attributionPrefersAdAttributionKit
  /// AT-4's alternative: SKAdNetwork impressions rank before AdAttributionKit ones.
  case attributionPrefersSKAdNetwork
  /// AT-7's alternative: five impressions are considered.
  case attributionFiveConsidered
  /// AT-7's alternative: seven impressions are considered, and six networks lose.
  case attributionSevenConsidered
  /// AT-5's alternative: any production impression, even an ineligible one, outranks the
  /// development ones.
  case attributionProductionFirstBeforeEligibility
  /// AT-1's alternative: a view the configuration names no window for has a click's default
  /// window, 30 days.
  case attributionClickWindowForViews
  /// AT-1's alternative: a click the configuration names no window for has a view's default
  /// window, 24 hours.
  case attributionViewWindowForClicks
  /// AT-1's alternative: a click the configuration names no window for never expires.
  case attributionNoDefaultClickWindow
  /// AT-2's alternative: `global` is not read, nor checked.
  case attributionGlobalWindowsIgnored
  /// AT-2's alternative: `global`'s windows override a network's own.
  case attributionGlobalOverNetwork
  /// AT-2's alternative: a configured window outside Apple's range, or a cooldown outside
  /// 0 to 720 hours, is clamped into it instead of `invalid-input`.
  case attributionConfigurationClamped
  /// AT-3's alternative: `global`'s `ignoreInteractionType` applies to every network, over a
  /// network's own.
  case attributionGlobalIgnoreApplied
  /// AT-4's alternative: recency alone ranks the impressions: a view ranks as a click.
  case attributionRecencyOnly
  /// AT-5's (and AT-20's) alternative: development impressions are taken for production ones.
  case attributionEnvironmentIgnored
  /// AT-6's alternative: no view-through impression is dropped.
  case attributionNoViewLimit
  /// AT-6's alternative: a source app's views of both frameworks count in one pool.
  case attributionViewLimitAcrossFrameworks
  /// AT-7's alternative: every considered impression but the winner gets a losing postback.
  case attributionLoserPerImpression
  /// AT-8's alternative: whichever cooldown is configured follows both kinds of conversion.
  case attributionOneCooldownForBoth
  /// AT-8's alternative: the cooldown is the new event's kind's, not the previous conversion's.
  case attributionCooldownByNewEvent
  /// AT-9's alternative: a re-engagement's losing networks get a postback too.
  case attributionReengagementLosers
  /// AT-9's alternative: a view can re-engage.
  case attributionViewReengagement
  /// AT-9's alternative: any AdAttributionKit click can re-engage, eligible or not.
  case attributionReengagementFlagIgnored
  /// AT-10's alternative: a first update is in time whenever it comes.
  case attributionNoUpdateDeadline
  /// AT-10's alternative: an install's first update must come within 2 days too.
  case attributionReengagementDeadlineForInstalls
  /// AT-11's alternative: an impression exactly at its window's end is still eligible.
  case attributionInclusiveTimeLimits
  /// AT-11's alternative: a conversion exactly at the end of a cooldown is blocked.
  case attributionInclusiveCooldown
  /// AT-11's alternative: an impression's age and the delay of the first update are counted
  /// in started hours.
  case attributionStartedHours
  /// AT-11's alternative: an impression's age and the delay of the first update are rounded
  /// to the nearest second.
  case attributionWholeSeconds
  /// AT-11's alternative: the time since the previous conversion is rounded to the nearest second.
  case attributionCooldownWholeSeconds
  /// AT-12's alternative: the configured windows and `ignoreInteractionType` apply to
  /// SKAdNetwork impressions too.
  case attributionConfigurationForSKAdNetwork
  /// AT-13's alternative: at equal rank and time the earlier registered impression wins (and
  /// outlives the later ones under AT-6's limit).
  case attributionEarlierWinsTies
  /// AT-14's alternative: an impression's time is not compared with the event's.
  case attributionAfterEventNotChecked
  /// AT-14's alternative: an impression at the event's own millisecond is after it.
  case attributionEventMillisecondIsAfter
  /// AT-14's alternative: impression IDs are not checked for duplicates.
  case attributionDuplicateIDsAccepted
  /// AT-18's alternative: SKAdNetwork clicks re-engage like AdAttributionKit ones.
  case attributionSKAdNetworkReengages
  /// AT-23's alternative: the configured windows apply to re-engagements too.
  case attributionConfigurationForReengagement
  /// AT-24's alternative: a network's entry is taken as a whole: a window it leaves out is the
  /// default, not `global`'s.
  case attributionNetworkEntryReplacesGlobal

  // MARK: Values

  /// VAL-1's alternative: fine values run from 1 to 63.
  case fineFromOne
  /// VAL-1's (and META-1's) alternative: fine values run from 0 to 62 (`fine < 63`).
  case fineBelow63
  /// VAL-2's alternative: every invalid fine value is `fine-out-of-range`, a number or not.
  case fineOneErrorCode
  /// VAL-4's alternative: Singular's coarse codes run from 1: low 1, medium 2, high 3.
  case coarseCodesFromOne
  /// VAL-5's alternative: a coarse code above 2 is high.
  case coarseCodeClamped
  /// VAL-6's (and META-3's) alternative: medium synthesizes 31.
  case synthesizedMediumIs31
  /// VAL-6's alternative: the top of each third of 0 to 63: low 21, medium 42, high 63.
  case synthesizedThirdsUpper
  /// VAL-6's (and META-3's) alternative: 32 times the coarse code: low 0, medium 32, high 64.
  case synthesizedCodeTimes32
  /// VAL-7's alternative: a lock flag is always false, whatever its value.
  case lockIgnored
  /// VAL-7's alternative: a non-empty string and a non-zero integer are true, the others false.
  case lockTruthy
  /// SKN-1's alternative: windows 1 and 2 keep the fine value too.
  case fineKeptAfterFirstWindow
  /// SKN-4's alternative: an update without a coarse value keeps the window's previous one.
  case coarseCarriedOver
  /// Every window starts at coarse low, and window 0 at fine 0, instead of empty.
  case windowsPrefilled
  /// TML-5's alternative: an update with an invalid coarse value is applied without one.
  case invalidCoarseDropped
  /// TML-5's alternative: an invalid update after the measurement period is ignored, not
  /// rejected (the period is checked before the values).
  case measurementOverBeforeValues
  /// WIN-6's alternative: a time before T0 falls in the first window.
  case beforeT0InFirstWindow

  // MARK: Metadata

  /// META-1's alternative: a fine value too large for 64 bits is `fine-not-integer`.
  case fineOverflowNotInteger
  /// META-3's alternative: the fine value synthesized from a coarse value replaces a given one.
  case metadataSynthesisOverridesFine
  /// META-5's alternative: an absent lock is passed as `null`, not false.
  case metadataLockNullWhenAbsent
  /// META-6's alternative: the fine-coarse-lock call only above iOS 16.1, not on it.
  case fineCoarseLockAbove16Dot1
  /// META-6's alternative: the fine-coarse-lock call on iOS 16 only; later majors get fine-only.
  case fineCoarseLockOnIOS16Only
  /// META-6's alternative: the fine-only call from iOS 15.0, not 15.4.
  case fineOnlyFromIOS15
  /// META-6's alternative: the legacy call only above iOS 14.0, not on it.
  case legacyAbove14Dot0
  /// META-6's alternative: the legacy call below iOS 14.0 too.
  case legacyBelow14
  /// META-7's alternative: an overlay is not dismissible unless the metadata says so.
  case metadataNotDismissibleByDefault
  /// META-9's alternative: the iOS version is checked after every other input.
  case metadataIOSVersionCheckedLast
  /// META-9's alternative: the fine value is checked after every other input but the version.
  case metadataFineCheckedLast
  /// META-9's alternative: the coarse value is checked after every other input but the version.
  case metadataCoarseCheckedLast
  /// META-10's alternative: a fine value of 0, given or synthesized, makes no call.
  case metadataZeroIsNoValue
  /// META-10's alternative: a lock alone makes a fine-coarse-lock call with fine 0, whatever
  /// the iOS version.
  case metadataLockAloneCalls
  /// META-10's alternative: with neither value, the fine-coarse-lock call is made with fine 0.
  case metadataNoValueCallsWithZero
  /// META-12's alternative: with a fine value given, the coarse value is dropped.
  case metadataCoarseDroppedWithFine
  /// META-12's alternative: the fine-only call is passed the coarse value too.
  case metadataCoarseOnFineOnlyCall
  /// META-12's alternative: the older calls are passed a given lock too.
  case metadataLockOnOlderCalls

  // MARK: S2S

  /// S2S-1's alternative: a client signs uid before app_id.
  case s2sSignsUIDBeforeAppID
  /// S2S-5's alternative: a timestamp of any number of digits is accepted.
  case s2sTimestampAnyDigits
  /// S2S-5's alternative: a timestamp is parsed as a number, so `1700000000123.0` is accepted.
  case s2sTimestampParsedAsNumber
  /// S2S-6's alternative: any signature is accepted.
  case s2sSignatureUnchecked
  /// S2S-6's alternative: an unknown uid is accepted (200).
  case s2sUnknownUIDAccepted
  /// S2S-7's alternative: a missing app_id is not checked, so the signature check answers 401.
  case s2sAppIDNotRequired
  /// S2S-7's alternative: the signature is checked before app_id and uid, a missing one
  /// signed as empty text.
  case s2sSignatureBeforeParameters
  /// S2S-7's alternative: a missing or empty uid is looked up, and is unknown (404).
  case s2sMissingUIDLookedUp
  /// S2S-7's alternative: an empty uid is present, looked up, and unknown (404).
  case s2sEmptyUIDPresent
  /// S2S-7's alternative: a missing Af-Timestamp or Authorization header is 401, a failed signature.
  case s2sMissingHeaderIsBadSignature
  /// S2S-8's alternative: a server requires `sdk_version` in the query.
  case s2sSDKVersionRequired
  /// S2S-9's alternative: the signature is compared as text, so upper-case hex and malformed
  /// signatures are 401.
  case s2sSignatureComparedAsText
  /// S2S-12's alternative: a `next_w_time` of 0 is taken as absent.
  case s2sZeroWindowTimeAbsent
  /// S2S-14's alternative: a Singular response without a value applies fine 0.
  case singularNoValueIsZero
  /// S2S-15's alternative: the fine value applies whatever window is named.
  case s2sFineAppliesInEveryWindow
  /// S2S-15's alternative: an absent or null `postback_sequence_index` is window 0.
  case s2sMissingIndexIsWindow0
  /// S2S-15's alternative: the fine value never applies when a window is named.
  case s2sFineIgnoredWithIndex

  // MARK: Postbacks

  /// PB-2's alternative: the second and third postbacks are sent at tier 0 too.
  case postbackLaterAtTier0
  /// PB-3's alternative: a tier-1 first postback carries the fine value instead of the coarse one.
  case postbackTier1CarriesFine
  /// PB-3's alternative: a winner's first postback carries the source app at tier 2 too.
  case postbackSourceAppAtTier2
  /// PB-5's alternative: a shorter source identifier keeps the leftmost digits.
  case postbackLeftmostDigits
  /// PB-5's alternative: an identifier below 1000 is not zero-padded before it is cut.
  case postbackNoZeroPadding
  /// PB-4's alternative: a source identifier above 9999 keeps its last four digits instead of
  /// being refused.
  case sourceIdentifierLastFourDigits
  /// PB-7's alternative: a losing postback carries the first window's fine value.
  case postbackLoserCarriesValue
  /// PB-7's alternative: a losing postback carries `country-code` too.
  case postbackCountryCodeOnLoser
  /// PB-8's alternative: every postback is sent 24 to 48 hours after it is final.
  case postbackSameDelayForAll
  /// PB-9's alternative: the losing networks of a re-engagement get a postback.
  case postbackReengagementLosers
  /// PB-11's alternative: `marketplace-identifier` only at tier 3.
  case postbackMarketplaceOnlyTier3
  /// PB-12's alternative: a postback with the fine value carries the coarse one too.
  case postbackFineAndCoarse
  /// PB-17's alternative: under the `aak-developer` profile every ad is a development ad.
  case postbackDeveloperModeForProductionAds
  /// PB-18's alternative: a SKAdNetwork postback never carries `country-code`.
  case postbackSKAdNetworkNoCountryCode
  /// PB-19's alternative: a SKAdNetwork development ad's postbacks carry `conversion-value` 0.
  case postbackDevelopmentValueZeroed

  /// PB-23's alternative: Developer Mode shortens the first postback's delay only; the second
  /// and third keep their production delay of 24 to 144 hours.
  case developerModeShortensFirstDelayOnly
  /// PB-22's alternative: a development postback keeps the tiers given.
  case developmentPostbacksAtGivenTier

  // MARK: Signatures

  /// A receiver's bug: an AdAttributionKit postback's JWS is read under its kid without its
  /// signature being checked (RCV-2).
  case adAttributionKitSignatureUnchecked

  // MARK: Signatures: the inputs a verifier or an impression signer reads (SIG-4 to SIG-12)

  /// IN-1's alternative: an unknown `op` that begins with `verify` verifies a postback.
  case signatureOperationByPrefix
  /// SIG-6's alternative: 1.0 and 2.0 postbacks are verified under the P-256 key.
  case legacyPostbacksUnderP256
  /// SIG-6's alternative: with no P-192 key, a 1.0 or 2.0 postback whose signed string could
  /// be built is unverifiable.
  case legacyPostbacksUnverifiable
  /// SIG-6's alternative: a `public_key` is read as P-256 only.
  case postbackKeyP256Only
  /// SIG-23's alternative: a postback without `version` is rejected, `missing-field`.
  case missingVersionMissingField
  /// SIG-23's alternative: a postback without `version` is unverifiable, `unknown-version`.
  case missingVersionUnknown
  /// SIG-23's alternative: a postback without `version` that lacks a 1.0 field is read as a
  /// 4.0 postback, `version` 4.0.
  case missingVersionRetriedAs4_0
  /// SIG-8's alternative: a postback that is not a JSON object is `invalid-input`.
  case postbackNotObjectThrown
  /// IN-1's alternative: an absent postback is read as `null`, so `malformed-json`.
  case missingPostbackIsNull
  /// SIG-4's alternative: a signed field of any JSON type signs its JavaScript text, and a
  /// `version` that is not a string is read as that text.
  case signedFieldsAsJavaScriptText
  /// SIG-4's alternative: a boolean field of another JSON type signs its truthiness.
  case signedBooleansByTruthiness
  /// SIG-4's alternative: an integer field is read as Python's `int()` reads it: a fraction
  /// truncated, a digit string parsed, a boolean 0 or 1.
  case signedIntegersByPythonInt
  /// SIG-3 and SIG-4's alternative: a postback missing a signed field or
  /// `attribution-signature`, or with one of the wrong type, is `invalid-input`; a `null`
  /// source field is absent.
  case postbackTypedDecoder
  /// SIG-20's alternative: a 4.0 postback with both source fields signs its `source-domain`.
  case sourceDomainPreferred
  /// A `public_key` that cannot be read is replaced by Apple's P-256 key, not refused.
  case unreadableKeyIsApples
  /// SIG-5, SIG-12 and SIG-14's alternative: the ECDSA check's answer is dropped, so every
  /// well-formed signature verifies.
  case signatureCheckIgnored
  /// SIG-5 and SIG-14's alternative: a signature that cannot be decoded is `invalid-input`.
  case malformedSignatureThrown
  /// SIG-9's alternative: an impression is verified over its timestamp in seconds.
  case impressionVerifiedInSeconds
  /// SIG-9's alternative: every impression has fidelity-type 1, view-through included.
  case impressionFidelityAlwaysOne
  /// SIG-11's alternative: an impression's nonce is not checked.
  case impressionNonceUnchecked
  /// SIG-11's alternative: an impression's source-identifier is not checked.
  case impressionSourceIdentifierUnchecked
  /// SIG-9's alternative: an impression's integers may be digit strings.
  case impressionIntegersFromText
  /// SIG-9's alternative: an impression's integer written with a fraction signs as written,
  /// `1234567890.0`.
  case impressionFractionSignedAsWritten
  /// SIG-10's alternative: a web impression without `source-domain` signs its
  /// `source-app-id`.
  case impressionSourceAppIDForWeb
  /// IN-1's alternative: an impression of an unknown kind is signed as a StoreKit-rendered one.
  case impressionKindUnchecked

  // MARK: Signatures: AdAttributionKit's JWS, its keys and its payload (SIG-13 to SIG-18)

  /// SIG-16's alternative: the postback payload's `impression-type` is never checked.
  case aakIgnoresImpressionType
  /// SIG-16's alternative: the postback payload's `ad-network-identifier` is never checked.
  case aakIgnoresAdNetworkIdentifier
  /// SIG-16's alternative: the postback payload's `source-identifier` is never checked.
  case aakIgnoresSourceIdentifier
  /// SIG-16's alternative: the postback payload's `advertised-item-identifier` is never checked.
  case aakIgnoresAdvertisedItemIdentifier
  /// SIG-16 and SIG-17's alternative: the postback payload's `conversion-type` is never
  /// checked, and reported as given.
  case aakIgnoresConversionType
  /// SIG-16's alternative: the postback payload's `postback-identifier` is never checked.
  case aakIgnoresPostbackIdentifier
  /// SIG-16's alternative: the postback payload's `did-win` is never checked.
  case aakIgnoresDidWin
  /// SIG-16 and SIG-17's alternative: the postback payload's `postback-sequence-index` is
  /// never checked.
  case aakIgnoresPostbackSequenceIndex
  /// SIG-16's alternative: the postback payload's `marketplace-identifier` is never checked.
  case aakIgnoresMarketplaceIdentifier
  /// SIG-16's alternative: the postback payload's `publisher-item-identifier` is never checked.
  case aakIgnoresPublisherItemIdentifier
  /// SIG-16's alternative: the postback payload's fields must be present, of any JSON type.
  case aakPayloadTypesUnchecked
  /// SIG-17's alternative: a `postback-sequence-index` below 0 is accepted.
  case aakNegativeSequenceIndexAccepted
  /// SIG-17's alternative: any `conversion-type` string is accepted, and reported as given.
  case aakAnyConversionType
  /// SIG-16's alternative: the postback payload is checked before the signature.
  case aakPayloadBeforeSignature
  /// SIG-16's alternative: the postback payload is checked before the key lookup and the
  /// signature.
  case aakPayloadBeforeKeyLookup
  /// SIG-16's alternative: a missing or non-string `jws-string` is `invalid-input`.
  case aakJWSStringTyped
  /// SIG-16 and SIG-17's alternative: a postback payload with a field missing or of the wrong
  /// type, or an unknown `conversion-type`, is `invalid-input`, whatever the key and the
  /// signature.
  case aakPayloadTypedDecoder
  /// IN-1's alternative: only the key for the JWS's kid is read; a malformed one under
  /// another kid is dropped.
  case aakUnusedKeysUnchecked
  /// SIG-14's alternative: a JWS that cannot be split or decoded is `invalid-input`.
  case aakMalformedJWSThrown
  /// SIG-14's alternative: a JWS's parts are decoded leniently: `=` padding and the standard
  /// alphabet's `+` and `/` pass.
  case aakLenientBase64URL
  /// SIG-14's alternative: a JWS's signature may be DER as well as the raw `R‖S`.
  case aakDERSignatureAccepted
  /// SIG-15's alternative: a kid with no key is tried under every key, the verified answer
  /// first.
  case aakTriesEveryKey
  /// SIG-15's alternative: Apple's kids are verified under Apple's keys, whatever keys are given.
  case aakBuiltInKeys
  /// SIG-14's alternative: a JWS with `alg` `none` is unsigned: no key, no signature.
  case aakUnsignedAccepted
  /// SIG-14 and SIG-18's alternative: an impression header's `alg` is never checked.
  case aakImpressionAlgorithmUnchecked
  /// SIG-18's alternative: an impression's signing input is in standard base64, padded.
  case aakSigningInputPadded
  /// SIG-18's alternative: an impression's header and payload are written again, members in
  /// a fixed order (`alg` then `kid`; the payload in its field table's order), before
  /// signing or verifying.
  case aakImpressionReserialized
  /// SIG-18's alternative: an impression's `source-identifier` may be a digit string.
  case aakImpressionSourceIdentifierEitherType
  /// SIG-18's alternative: an impression payload's `timestamp` is never checked.
  case aakImpressionIgnoresTimestamp

  // MARK: Receiving: checks of the input (RCV-9, RCV-13, RCV-20)

  /// Each request's path and then its time, request by request, instead of every path first.
  case receivingChecksInOnePass
  /// A request on a path the receiver does not have is taken for a network postback (RCV-9).
  case receivingUnknownPathAsNetwork
  /// A well-known copy path among `network_paths` is accepted (the copy role wins) (RCV-9).
  case receivingCopyPathAsNetworkPathAccepted
  /// An `aak_keys` kid that is not one of Apple's three is dropped, not refused (RCV-13).
  case receivingForeignKIDIgnored

  // MARK: Receiving: the reading of a verified postback (RCV-13 to RCV-18)

  /// Every verified postback is a winner (RCV-16).
  case receivingDidWinIgnored
  /// A SKAdNetwork postback without `did-win` is a loser (RCV-16).
  case receivingMissingDidWinIsLoser
  /// A SKAdNetwork postback without `postback-sequence-index` has no window (RCV-17).
  case receivingLegacyWindowNull
  /// Every SKAdNetwork postback is in window 0 (RCV-17).
  case receivingWindowAlwaysZero
  /// The window is the number of earlier counted postbacks of the network and app (RCV-17).
  case receivingWindowFromArrivalOrder
  /// Every SKAdNetwork postback is a download, `redownload` ignored (RCV-18).
  case receivingRedownloadIgnored
  /// Every postback is a production one (RCV-13, RCV-14).
  case receivingEnvironmentAlwaysProduction
  /// An AdAttributionKit postback is development when `publisher-item-identifier` is 0,
  /// production otherwise, whatever its kid (RCV-13).
  case receivingEnvironmentByPublisher
  /// A SKAdNetwork postback with `conversion-value` 0 is development (RCV-14).
  case receivingDevelopmentByValueZero
  /// A SKAdNetwork postback without `source-app-id` is development (RCV-14).
  case receivingMissingSourceAppIsDevelopment

  // MARK: Receiving: copy paths (RCV-10 to RCV-12)

  /// A postback on the other framework's copy path is accepted (RCV-10).
  case receivingAnyCopyPath
  /// A loser on a copy path is counted (RCV-11).
  case receivingLoserCopyCounted
  /// Winners of windows 1 and 2 on a copy path are excluded as losers (RCV-11).
  case receivingCopyWindowZeroOnly
  /// An AdAttributionKit re-engagement copy counts without the opt-in (RCV-12).
  case receivingOptInIgnored
  /// The re-engagement copy opt-in also excludes network postbacks (RCV-12).
  case receivingOptInOnNetworkPaths

  // MARK: Receiving: deduplication (RCV-3 to RCV-6, RCV-20)

  /// No postback is a duplicate (RCV-4).
  case receivingNoDeduplication
  /// The key has the path too (RCV-4, RCV-9).
  case receivingKeyIncludesPath
  /// The key lacks the framework (RCV-5).
  case receivingKeyWithoutFramework
  /// The key lacks the environment (RCV-5, RCV-15).
  case receivingKeyWithoutEnvironment
  /// Identifiers compare ignoring letter case (RCV-5).
  case receivingKeyIgnoresCase
  /// A SKAdNetwork postback's key is its `attribution-signature` (RCV-5).
  case receivingKeyBySignature
  /// An AdAttributionKit postback's key is its `jws-string` (RCV-5).
  case receivingKeyByJWS
  /// The key is the body: an object canonically, text as received (RCV-4, RCV-6).
  case receivingKeyByBody
  /// A key is forgotten 24 hours after the postback that claimed it (RCV-20).
  case receivingKeyKeptOneDay
  /// A key is forgotten 9 days after the postback that claimed it (RCV-20).
  case receivingKeyKeptNineDays
  /// A counted copy can be a duplicate but claims no key (RCV-4, RCV-9).
  case receivingCopyClaimsNoKey
  /// An excluded copy claims its key (RCV-10, RCV-11).
  case receivingExcludedCopyClaimsKey
  /// A body that is not verified claims the key read from it unverified (RCV-3).
  case receivingUnverifiedClaimsKey
  /// A body that is not verified is a duplicate when the key read from it unverified was
  /// claimed (RCV-2, RCV-3).
  case receivingUnverifiedAsDuplicate
  /// Requests of one millisecond are deduplicated network paths first, copy paths after
  /// (RCV-6, RCV-20).
  case receivingCopiesAfterNetworkWithinMillisecond
  /// A duplicate whose body differs replaces the counted postback, which becomes its
  /// duplicate (RCV-6).
  case receivingLastDifferingDuplicateWins
  /// A duplicate names, and is compared with, the latest postback with its key (RCV-6).
  case receivingDuplicateNamesLatest

  // MARK: Receiving: body comparison and totals (RCV-6, RCV-15, RCV-19)

  /// Bodies compare as received: text, added members and number spellings differ (RCV-6).
  case receivingBodiesComparedAsReceived
  /// Only `jws-string` of AdAttributionKit bodies is compared (RCV-6).
  case receivingOnlyJWSCompared
  /// No duplicate's body differs (RCV-6).
  case receivingBodiesNeverDiffer
  /// The totals' rows add development postbacks into production (RCV-15, RCV-19).
  case receivingTotalsOneEnvironment
  /// The totals' rows are in the order first counted, not sorted (RCV-19).
  case receivingTotalsUnsorted

  // MARK: Tracking: the ATT state, the IDFA and the gate between them (ATT-1 to ATT-7)

  /// ATT-2's alternative: the IDFA is forwarded whenever consent is given, whatever the status.
  case attStatusIgnored
  /// ATT-1's alternative: an authorized status forwards the IDFA, the consent flag unread.
  case attConsentIgnored
  /// ATT-5's alternative: with no ATT state, the IDFA is forwarded as if authorized with consent.
  case attUnknownStateForwards
  /// ATT-1's alternative: the IDFA is never forwarded: the consent flag is not read, and
  /// consent is taken as never given.
  case attNeverForwards
  /// ATT-4's alternative: the IDFA is checked only when the gate would forward it.
  case idfaCheckedOnlyWhenForwarded
  /// IN-1's alternative: an ATT status that is not one of the four names is `denied`.
  case attUnknownStatusDenied
  /// ATT-3's alternative: the all-zero UUID is forwarded like any other identifier.
  case zeroIDFAForwarded
  /// ATT-3's alternative: with no IDFA read, the all-zero UUID is forwarded.
  case missingIDFAForwardedAsZero
  /// ATT-6's alternative: no conversion-value call is made unless the gate would forward
  /// the IDFA.
  case attGatesSKANCall
  /// ATT-2's alternative: a status may be its raw value, 0 to 3 (3 is authorized).
  case attStatusRawValue
  /// ATT-2's alternative: a status name matches in any letter case.
  case attStatusAnyCase
  /// IN-1's alternative: a missing consent flag is true.
  case attConsentAssumed
  /// IN-1's alternative: the strings `"true"` and `"false"` are a consent flag.
  case attConsentFromString
  /// IN-1's alternative: the ATT state may be a bare status, consent assumed.
  case attBareStatus
  /// ATT-4's alternative: an IDFA is read leniently: braces stripped, dashes optional.
  case idfaReadLeniently
  /// META-9 and ATT-4's alternative: the IDFA is checked before the metadata values (after
  /// the iOS version).
  case idfaCheckedFirst
  /// ATT-7's alternative: a withheld IDFA is sent as the all-zero UUID.
  case zeroIDFASentWhenWithheld
  /// ATT-7's alternative: the configured IDFA is sent whatever the ATT state.
  case configuredIDFAAlwaysSent

  // MARK: Lifecycle: Singular's client steps (LIF-1 to LIF-14)

  /// VAL-5's alternative in a server response, the snippet's `> 2 && < 0`: a coarse code
  /// outside 0 to 2 is dropped, not rejected.
  case lifecycleCoarseRangeUnchecked
  /// LIF-12's alternative, the snippet's `floatValue`: revenue is summed in 32-bit floats.
  case lifecycleFloat32Revenue
  /// LIF-10's alternative, the snippet's `isSkanWindowOver` bug: a server response before
  /// registration is `no-update`.
  case lifecycleResponsesBeforeRegisterDropped
  /// LIF-2 and LIF-3's alternative: a response whose `status` is not `"ok"` is a server
  /// error even with a `conversion_value`.
  case lifecycleStatusCheckedWithValue
  /// LIF-6's alternative: any currency string is accepted.
  case lifecycleAnyCurrency
  /// LIF-6's alternative: the amount's type is checked before the currency's form.
  case lifecycleAmountTypeFirst
  /// LIF-6's alternative: a currency that is not a string is a shape error, `invalid-input`
  /// for the whole input.
  case lifecycleCurrencyTypeAsShape
  /// IN-1's alternative: a number currency is ISO 4217's numeric code, 840 for USD.
  case lifecycleNumericCurrencyCode
  /// LCK-1's alternative: a response's lock flag is never read, so no window is locked.
  case lifecycleLockIgnored
  /// LIF-13's alternative: revenue after the measurement period counts in the last window.
  case lifecycleRevenueAfterPeriodInLastWindow
  /// LIF-11's alternative: the steps are applied in time order, not refused out of order.
  case lifecycleStepsSorted
  /// IN-1's alternative: a step with an unknown `op` is rejected alone, `invalid-input`,
  /// not the whole input.
  case lifecycleUnknownStepRejectedAlone

  // MARK: Legacy postbacks: ads signed before SKAdNetwork 4.0 (PB-1, PB-10, PB-14 to PB-17)
  //
  // The six variants of the 24-hour timer (legacyAcceptsDecrease to legacyDefaultZero) are a
  // timer run over all of an install's updates: a re-engagement that closes the conversion
  // (PB-20) is unknown to it.

  /// PB-14 to PB-16's alternative: an ad signed before 4.0 is valued and timed as an ad
  /// signed 4.0's first postback.
  case legacyTimedAsSKAdNetwork4
  /// PB-16's alternative: a losing network's postback of an ad signed before 4.0 is valued
  /// and timed as an ad signed 4.0's first postback.
  case legacyLoserTimedAsSKAdNetwork4
  /// PB-17's alternative: Developer Mode's windows and delays apply to an ad signed before
  /// 4.0, valued and timed as an ad signed 4.0's first postback.
  case legacyDeveloperModeApplied
  /// PB-16's alternative: a lower value replaces the current one; only a greater one
  /// restarts the timer.
  case legacyAcceptsDecrease
  /// PB-14's alternative: the first applied update starts the 24-hour timer for good.
  case legacyTimerFixedAtFirstUpdate
  /// PB-16's alternative: every update restarts the timer, a lower or equal value included.
  case legacyAnyCallRestartsTimer
  /// PB-16's alternative: an update made exactly when the timer expires still counts.
  case legacyInclusiveExpiry
  /// PB-16's alternative: updates from the end of SKAdNetwork 4's measurement period on are
  /// ignored.
  case legacyEndsWithMeasurementPeriod
  /// PB-16's alternative: the registration's fine value 0 is the current value before any
  /// update.
  case legacyDefaultZero
  /// PB-15's alternative: sent 24 to 48 hours after the timer expires, as an ad signed 4.0's
  /// first postback.
  case legacySentAsSKAdNetwork4
  /// PB-10's alternative: a losing network gets a postback for an ad signed 2.1 or 2.2 too.
  case legacyLoserBefore3_0
  /// PB-1's alternative: an ad version the model does not know is the default, 4.0.
  case unknownAdVersionIsDefault
  /// PB-1's alternative: an ad signed before 4.0 takes a campaign ID up to 9999, not 1 to 100.
  case legacyCampaignUnchecked
  // MARK: Re-engagement limits (AT-19, AT-20)

  /// AT-19's alternative: an event's `reengagement_limits` is never read.
  case reengagementLimitsIgnored
  /// AT-19's alternative: only the app's monthly limit is checked, not the device's yearly one.
  case reengagementDeviceYearLimitIgnored
  /// AT-19's alternative: a limit blocks only when more is used (`used > limit`).
  case reengagementLimitExclusive
  /// AT-19's alternative: a limit blocks when one less is used (`used >= limit - 1`).
  case reengagementLimitOneEarly
  /// AT-19's alternative: a limit absent or `null` is 0.
  case reengagementMissingLimitIsZero
  /// AT-19's (and IN-1's) alternative: a negative count or limit is read as 0.
  case reengagementNegativeCountIsZero
  /// AT-19's (and IN-1's) alternative: a fractional count or limit is truncated.
  case reengagementFractionTruncated
  /// AT-19's alternative: the limits block installs too.
  case reengagementLimitsOnInstalls
  /// AT-20's alternative: the limits block development re-engagements too.
  case reengagementLimitsOnDevelopment
  /// AT-19's alternative: the limits are checked before the cooldown (AT-8).
  case reengagementLimitBeforeCooldown
  /// AT-19's alternative: the first conversion-value update (AT-10) is checked before the limits.
  case reengagementUpdateCheckBeforeLimit

  // MARK: Postbacks: a conversion closed by a later re-engagement (PB-20)

  /// PB-20's alternative: `closed_at` is ignored; postbacks keep their windows' ends.
  case closeIgnored
  /// PB-20's alternative: only AdAttributionKit-attributed conversions are closed.
  case closeAdAttributionKitOnly
  /// PB-20's alternative: an ad signed before 4.0 keeps its 24-hour timer (PB-15) after the close.
  case closeLegacyTimerKept
  /// PB-20's alternative: a losing network's conversion is not closed.
  case closeWinnerOnly
  /// PB-20's alternative: updates made at or after the close still apply.
  case closeKeepsLaterUpdates
  /// PB-20's alternative: a postback made final by the close is dropped.
  case closeDropsOpenWindow
  /// PB-20's alternative: every postback is final at the close, even one already final.
  case closeRetimesFinalWindows
  /// PB-20's (and PB-8's) alternative: a closed postback's send delay counts from its window's end.
  case closeDelayFromWindowEnd
  /// PB-20's (and PB-17's) alternative: a closed postback takes the production delays.
  case closeProductionDelays
  /// PB-20's (and PB-1's) alternative: a close before T0 is read as T0.
  case closeBeforeT0AtT0

  // MARK: Windows (WIN-1 to WIN-7)

  /// WIN-3's alternative: a time exactly on a window's end is still in that window.
  case windowEdgesInclusive
  /// WIN-7's alternative: the time from T0 is rounded to the nearest second before comparing.
  case windowTimesRoundedToSeconds
  /// WIN-5's alternative: the developer profile has the production windows.
  case windowDeveloperProfileIgnored
  /// WIN-2's alternative: the measurement period runs to the end of day 35: window 2 of the
  /// production profile ends at 864 hours.
  case measurementEndsDay36
  /// WIN-2's alternative: a time after the measurement period is taken modulo it.
  case windowWrapsAround
  /// WIN-7's alternative: a time written as a string of digits is read as that number.
  case timeDigitStringsAccepted
  /// IN-1's alternative: an unknown profile is read as production.
  case unknownProfileAsProduction
  /// WIN-4's (and IN-1's) alternative: a T0 of 0 (the Unix epoch) is read as missing.
  case zeroT0Missing
  /// IN-1's alternative: a missing time is read as T0 itself.
  case missingTimeIsT0

  // MARK: Attribution: SKAdNetwork calls mirrored into AdAttributionKit (AT-21, AT-22)

  /// AT-21's alternative: a SKAdNetwork call reaches no conversion, and is not checked.
  case skadnetworkCallsIgnored
  /// AT-21's alternative: every conversion is AdAttributionKit's, whatever its framework.
  case conversionFrameworkIgnored
  /// AT-21's alternative: a SKAdNetwork call's `lockWindow` is dropped.
  case mirrorLockDropped
  /// AT-21's alternative: SKAdNetwork calls reach no conversion once the app also calls
  /// AdAttributionKit.
  case mirrorDroppedWithDirectCalls
  /// AT-21's (and IN-1's) alternative: a re-engagement attributed to SKAdNetwork is read as
  /// AdAttributionKit's.
  case skadnetworkReengagementAccepted
  /// AT-21's (and IN-1's) alternative: a SKAdNetwork call's conversion types and tag are
  /// ignored.
  case skadnetworkCallTypesIgnored

  // MARK: Signatures: real postback verifiers' readings (SIG-2 to SIG-7, SIG-20, SIG-22)

  /// SIG-7's alternative: an unknown minor version is verified with the nearest known layout
  /// of its major version (4.1 with 4.0's, 2.3 with 2.2's), its own label signed.
  case unknownMinorVersionNearestLayout
  /// SIG-7's alternative: an unknown version is verified with the 4.0 layout, its own label
  /// signed.
  case unknownVersionAs4_0
  /// SIG-20's alternative: a 4.0 postback with both source fields signs both,
  /// `source-app-id` first.
  case bothSourcesSigned
  /// SIG-20's alternative: a 4.0 postback with both source fields signs both,
  /// `source-domain` first.
  case bothSourcesSignedDomainFirst
  /// SIG-2's alternative: a `source-app-id` of 0 in 3.0 and 4.0 is absent.
  case sourceAppIDZeroDropped
  /// SIG-3's alternative: a 2.2 postback is signed with the 2.1 layout, without fidelity-type.
  case v2_2SignedAs2_1
  /// SIG-2's alternative: a 2.x postback without `source-app-id` is `missing-field`.
  case sourceAppIDRequiredBelow3
  /// SIG-2's alternative: a 4.0 postback with neither source field is `missing-field`.
  case sourceSlotRequired4_0
  /// SIG-4's alternative: an integer written with a fraction, `1.0`, is the wrong type.
  case integralDoubleWrongType
  /// SIG-4's alternative: an integer written with a fraction signs as written, `1.0`.
  case integralDoubleSignedAsWritten
  /// SIG-22's alternative: every character of a signature outside the base64 alphabet is
  /// skipped.
  case base64JunkSkipped

  // MARK: Values and metadata: further readings

  /// VAL-1's alternative: fine values run from 0 to 64.
  case fineUpTo64
  /// VAL-1's alternative: fine values run from 0 to 255, a byte's range.
  case fineByteRange
  /// VAL-1's alternative: only `fine <= 63` is checked, so a negative fine value is accepted.
  case fineNoLowerBound
  /// VAL-1's (and META-1's) alternative: a fine value outside 0 to 63 is clamped into it.
  case fineClamped
  /// VAL-2's alternative: a string of decimal digits is read as the fine value it spells.
  case fineDigitStringRead
  /// VAL-2's alternative: a fine value with a fraction is truncated toward zero.
  case fineFractionTruncated
  /// VAL-2's alternative: negative zero, `-0.0`, is a negative fine value, out of range.
  case fineNegativeZeroOutOfRange
  /// VAL-2's alternative: a fine value is read into a 32-bit integer that wraps.
  case fineInt32Wraps
  /// VAL-2's alternative: an absent fine value is 0.
  case fineAbsentIsZero
  /// VAL-2's (and VAL-5's) alternative: a number written with a fraction, `12.0`, is not an
  /// integer.
  case integralDoubleNotInteger
  /// VAL-2's (and VAL-5's) alternative: fine values and coarse codes are read as JavaScript's
  /// `Number()` reads them: `null`, `""` and `[]` are 0, booleans 0 or 1, a numeric string or
  /// a one-element array its number.
  case javaScriptNumbers
  /// VAL-3's (and META-2's) alternative: a coarse value matches in any letter case.
  case coarseAnyCase
  /// VAL-3's alternative: white space around a coarse value is trimmed.
  case coarseTrimmed
  /// VAL-3's alternative: a coarse value matches the first name it begins, so `""` is low.
  case coarsePrefixMatch
  /// VAL-3's alternative: a string that is not a coarse value is low.
  case coarseUnknownIsLow
  /// VAL-3's alternative: the names of Apple's constants, `SKAdNetworkCoarseConversionValueHigh`,
  /// are read as the values they name.
  case coarseConstantNames
  /// VAL-3's (and META-2's) alternative: a Singular code, 0 to 2, is read as its coarse value.
  case coarseCodesAsValues
  /// VAL-3's alternative: an absent or `null` coarse value is low.
  case coarseMissingIsLow
  /// VAL-4's alternative: a coarse value's name is read as its Singular code.
  case coarseCodeNamesRead
  /// VAL-5's alternative: a coarse code from -3 to -1 counts from the end: -1 is high.
  case coarseCodeNegativeIndex
  /// VAL-5's alternative: a coarse code with a fraction is truncated toward zero.
  case coarseCodeFractionTruncated
  /// VAL-7's alternative: a lock member that is present, `null` included, is true.
  case lockPresenceIsTrue
  /// VAL-7's alternative: an absent or `null` lock is true.
  case lockMissingIsTrue
  /// SKN-2's alternative: in the first window a fine value lower than the window's is not
  /// kept, and the window is left as it is.
  case fineIncreasesOnlyInFirstWindow
  /// META-6's alternative: the iOS version is compared as text with the first version of each
  /// method, so `"9.3"` comes after `"16.1"`.
  case iosVersionComparedAsText
  /// META-9's alternative: the values are not checked where no call is made (below iOS 14).
  case metadataValuesUncheckedWithoutCall
  /// PB-21's alternative: any `country_code` string is accepted and passed on.
  case countryCodeUnchecked
  /// META-4's alternative: `yes` is not true.
  case booleanYesRejected
  /// META-4's alternative: a boolean matches in lower case only.
  case booleanLowerCaseOnly
  /// META-4's alternative: `on` is true and `off` false.
  case booleanOnOff
  /// META-4's alternative: any non-empty text is true, as JavaScript's `Boolean("false")` is.
  case booleanTruthyText
  /// META-4's alternative: `1` and `0` are not booleans.
  case booleanWordsOnly
  /// META-4's alternative: a boolean is read as Python's `strtobool` reads it: `y`, `t`, `n`
  /// and `f` count too.
  case booleanStrtobool
  /// META-4's alternative: any integer is a boolean, non-zero true.
  case booleanNonZeroInteger
  /// META-11's alternative: a version is read as a decimal number, its minor version the first
  /// digit after the point, rounded (`15.10` is 15.1).
  case iosVersionAsDecimal
  /// META-11's alternative: a version is read from the text's leading groups of digits, the
  /// rest ignored (`iOS 16.1` is 16.1, `v16` 16, no digits 0).
  case iosVersionLeadingNumbers
  /// META-1's alternative: a fine value written with a point is read as a number and truncated.
  case fineFloatTruncated
  /// META-1's alternative: a leading `+` is accepted, as Swift's `Int("+12")` does.
  case finePlusAccepted
  /// META-1's alternative: the fine value is read as C's `strtol` in base 0 reads it: `0x1F`
  /// is hexadecimal, `012` octal.
  case fineBasePrefixes
  /// META-1's alternative: a fine value that is no number is ignored.
  case metadataFineTextIgnored
  /// META-7's alternative: the overlay position matches in any letter case.
  case overlayPositionAnyCase
  /// META-7's alternative: an unknown overlay position is the default, bottom.
  case overlayPositionFallsBack
  /// META-7's alternative: the overlay position is checked even without an app ID.
  case overlayPositionCheckedWithoutApp
  /// TML-6's alternative: the updates are sorted by time instead of refused out of order.
  case timelineUpdatesSorted
  /// TML-6's alternative: the updates are sorted by time with an unstable sort, so updates
  /// at one millisecond swap.
  case timelineUpdatesSortedUnstably
  /// WIN-7's alternative: an update's time written with a fraction, `1700007200123.0`, is not
  /// a time.
  case updateTimeIntegralDoubleRejected
  /// IN-1's alternative: an unknown `op` of the values suite is `fine`.
  case unknownValuesOperationIsFine
  /// META-8's alternative: metadata with a key the contract does not name is `invalid-input`.
  case metadataUnknownKeysRejected
  /// IN-1's alternative: a metadata number or boolean is read as its text.
  case metadataNonStringsAsText

  // MARK: S2S, signing and receiving: further readings

  /// S2S-13's alternative: an AppsFlyer `coarse_value` may be a Singular code, 0 to 2 (VAL-4).
  case s2sCoarseCodeAsName
  /// S2S-13's alternative: an integral `postback_sequence_index` above 2 is window 2.
  case s2sSequenceIndexAbove2IsWindow2
  /// S2S-13's alternative: a `postback_sequence_index` written as a string of digits is that
  /// number.
  case s2sSequenceIndexFromText
  /// S2S-13's alternative: an AppsFlyer `coarse_value` matches in any letter case.
  case s2sCoarseNameAnyCase
  /// S2S-13's alternative: an AppsFlyer `lock` of "YES", "yes" or 1 is true, as Objective-C's
  /// `boolValue` reads it.
  case s2sLockYESOrOne
  /// S2S-13's alternative: any number is a `next_w_time`, a fraction truncated and a negative
  /// one read as 0.
  case s2sWindowTimeUnchecked
  /// S2S-13's alternative: an absent AppsFlyer v2 `value` is 0.
  case s2sAbsentValueIsZero
  /// S2S-13's alternative: an AppsFlyer `value` written as a string of digits is that number,
  /// as Objective-C's `intValue` reads it.
  case s2sValueFromText
  /// S2S-13's alternative: a fractional AppsFlyer `value` is truncated.
  case s2sValueTruncated
  /// S2S-13's alternative: an AppsFlyer `value` outside 0 to 63 is clamped into it.
  case s2sValueClamped
  /// S2S-14's alternative: Singular's lock must be a JSON boolean; 0 and 1 are refused.
  case singularLockBooleanOnly
  /// S2S-14's alternative: a fractional Singular coarse code is truncated.
  case singularCoarseTruncated
  /// S2S-7's alternative: of two headers whose names differ only in letter case, the first in
  /// code-point order is taken instead of refused.
  case s2sFirstDuplicateHeaderWins
  /// S2S-8's alternative: a header given as a JSON integer is read as its decimal text.
  case s2sHeaderNumberAsText
  /// S2S-8's alternative: header names are matched case-sensitively.
  case s2sHeadersCaseSensitive
  /// S2S-8's alternative: a negative request time is written as 0.
  case s2sNegativeTimeAsZero
  /// S2S-5's alternative: a timestamp given as a JSON integer is signed as its decimal text.
  case s2sNumericTimestampSigned
  /// IN-1's alternative: a signing profile the kit does not know is the default one.
  case s2sUnknownProfileIsDefault
  /// IN-1's alternative: an absent response body is read as `null`, so `malformed-response`.
  case s2sMissingBodyIsNull
  /// IN-1's alternative: a response body that is not a JSON object is read as an empty one.
  case s2sNonObjectBodyEmpty
  /// S2S-14's alternative: Singular's `status` is never read: every reply is `"ok"`.
  case singularStatusIgnored
  /// IN-1's alternative: an `op` the s2s suite does not know signs.
  case s2sUnknownOpSigns
  /// IN-1's alternative: a request of an `api` the kit does not know is built as AppsFlyer's.
  case s2sUnknownAPIIsAppsFlyer
  /// IN-1's alternative: a response of an `api` the kit does not know is read as AppsFlyer v1's.
  case s2sUnknownParseAPIIsV1
  /// IN-1's alternative: a missing member of a Singular request's configuration is empty text,
  /// and a missing IDFA the all-zero UUID.
  case s2sMissingConfigEmpty
  /// SIG-2's alternative: a postback without a source field signs an empty source slot.
  case sourceSlotKeptEmpty
  /// SIG-4's alternative: booleans sign as Python's `str` writes them, `True` and `False`.
  case signedBooleansCapitalized
  /// SIG-1's alternative: the unsigned `conversion-value` is signed too, after the signed
  /// fields.
  case conversionValueSigned
  /// SIG-15's alternative: every AdAttributionKit postback is verified under the production
  /// kid's key, whatever its own kid.
  case aakProductionKeyForEveryKID
  /// SIG-9's alternative: an impression's nonce is signed in its own letter case.
  case impressionNonceCaseKept
  /// SIG-9's alternative: an impression is signed over its timestamp in seconds.
  case impressionSignedInSeconds
  /// RCV-18's alternative: an AdAttributionKit conversion type is reported as its payload
  /// spells it, `reengagement` included.
  case receivingConversionTypeSpellingKept
  /// RCV-20's alternative: the requests are sorted by time, stably, instead of refused when one
  /// is earlier than the one before it.
  case receivingArrivalsSortedByTime

  // MARK: Attribution, postbacks and lifecycle: further readings

  /// PB-3's alternative: a tier outside 0 to 3 is clamped into that range.
  case postbackTiersClamped
  /// PB-1's alternative: a tiers list shorter than three is filled with its last tier.
  case postbackShortTiersPadded
  /// PB-1's alternative: an update whose fine value is out of range is skipped.
  case postbackInvalidFineSkipped
  /// PB-9's alternative: a re-engagement from a view is accepted.
  case postbackViewReengagementAccepted
  /// PB-1's alternative: a SKAdNetwork re-engagement is read as a `redownload`.
  case postbackSKAdNetworkReengagementAsRedownload
  /// PB-1's alternative: an ad with a source app and a source domain keeps the app.
  case postbackAppAndDomainKeepsApp
  /// PB-1's alternative: a view-through ad signed 2.1 is accepted.
  case postbackViewSigned2_1Accepted
  /// TML-6's alternative: updates are applied in time order, equal times as given, instead of
  /// `out-of-order`.
  case attributionUpdatesSorted
  /// AT-8's alternative: the previous conversion is not read, so no cooldown applies.
  case attributionCooldownIgnored
  /// AT-8's alternative: a previous conversion without a kind is of the new event's kind.
  case attributionPreviousKindDefaultsToEvent
  /// AT-8's alternative: an unknown previous kind finds no cooldown: no previous conversion.
  case attributionUnknownPreviousKindIgnored
  /// AT-8's alternative: `last_conversion_kind` is read only with `last_conversion_at`.
  case attributionPreviousKindWithoutTimeIgnored
  /// IN-1's alternative: `app_installed` is read only for a re-engagement.
  case attributionAppInstalledReadForReengagementOnly
  /// AT-6's alternative: source app 0 is no source app.
  case attributionSourceApp0IsNone
  /// AT-6's alternative: a negative source app is `invalid-input`.
  case attributionNegativeSourceAppRefused
  /// IN-1's alternative: an unknown impression framework is AdAttributionKit.
  case attributionUnknownFrameworkIsAdAttributionKit
  /// IN-1's alternative: a `null` entry of `attribution_windows` is no entry.
  case attributionNullWindowsEntryIgnored
  /// AT-15's alternative: an install after the first is a re-engagement.
  case attributionSecondInstallIsReengagement
  /// AT-16's alternative: an update with a conversion tag reaches re-engagements only.
  case attributionTagExcludesInstall
  /// IN-1's alternative: the spelling `reengagement` is unknown: only `re-engagement` is read.
  case attributionReengagementSpellingRejected
  /// AT-15's alternative: absent conversion types are an empty list: the update reaches
  /// nothing.
  case attributionAbsentTypesReachNothing
  /// PB-6's alternative: every window has a postback, with or without an applied update.
  case postbackValuelessWindowsSent
  /// AT-22's alternative: a mirrored SKAdNetwork call keeps its coarse value.
  case mirrorKeepsCoarse
  /// AT-21's alternative: a SKAdNetwork call is mirrored into the AdAttributionKit install
  /// only.
  case mirrorInstallOnly
  /// WIN-3's alternative: every window ends a second late.
  case windowEdgesOneSecondLate
  /// WIN-4's alternative: window bounds are written relative to T0.
  case windowBoundsRelativeToT0
  /// WIN-7's alternative: a fractional time is truncated, and one outside ±(2^53 - 1) is
  /// clamped to that range.
  case timeTruncatedIntoRange

  /// AT-3's alternative: a network's `ignore_interaction_type` is honoured only when it is
  /// `view`; ignored clicks still count.
  case attributionIgnoresViewsOnly

  /// META-7's alternative: an app ID's leading zeros are dropped before it is checked.
  case overlayAppIDLeadingZerosDropped
  /// IN-1's alternative: every metadata value is read with the white space around it trimmed.
  case metadataValuesTrimmed
  /// IN-1's alternative: an integer given as the IDFA is read as its text.
  case idfaNumberAsText
  /// S2S-13's alternative: an AppsFlyer `value` of 64 is a fine value (VAL-1's range read as
  /// 0 to 64 there only).
  case s2sValueUpTo64
  /// S2S-12's alternative: a Singular `conversion_value` of 64 is a fine value (VAL-1's range
  /// read as 0 to 64 there only).
  case singularValueUpTo64

  /// META-7's alternative: an `id` prefix (as App Store URLs write it, `id123`) is dropped
  /// from the app ID before it is checked.
  case overlayAppIDPrefixDropped
  /// LIF-7's alternative: snapshot times are written in milliseconds, not Unix seconds.
  case lifecycleTimesInMilliseconds

  /// The variants in effect for the current task: none, unless a mutant runs the model.
  @TaskLocal package static var active: Set<RuleVariant> = []

  /// What `body` gives with `variant` in effect as well: one rule's other reading applied at
  /// one site only (a site's own variant lends it another rule's).
  package static func applying<Value>(
    _ variant: RuleVariant, _ body: () throws(ModelError) -> Value
  ) throws(ModelError) -> Value {
    try $active.withValue(active.union([variant])) { Result { () throws(ModelError) in try body() } }.get()
  }

  /// Whether this variant is in effect.
  package var isActive: Bool { Self.active.contains(self) }
}
