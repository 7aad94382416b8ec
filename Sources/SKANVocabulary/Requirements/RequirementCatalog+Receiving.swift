extension RequirementCatalog {
  /// Requirements of `Spec/receiving.md`: what a server that receives postbacks (an ad
  /// network's endpoint, an MMP's ingestion service) does with them. RCV-22 of the design
  /// (docs/design/receiving-suite.md) is folded into RCV-7 and RCV-9: `probe postbacks`
  /// checks their wire side.
  static let receiving: [Requirement] = [
    Requirement(
      "RCV-1", .must, .kitDefined, area: .receiving,
      "Every received postback is verified as the `signature` suite verifies it (`verify-postback`, `verify-aak-postback`), with the batch's keys; its verdict and reason are that suite's.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback and adattributionkit/verifying-a-postback say to verify a postback's signature before counting it (RCV-2 is that rule); that a receiver's verdict is the signature suite's, under the keys the batch gives, is the kit's.",
      alternative:
        "A receiver with its own pinned key set, or its own verdicts for shapes the signature suite reads (SIG-25): every vector such an implementation fails lists RCV-1."
    ),
    Requirement(
      "RCV-2", .must, .apple, area: .receiving,
      "Only a `verified` postback counts; a `rejected` or `unverifiable` one is never counted.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback (\"Count only unique postbacks with signatures you verify\"; \"consider the postback message invalid. Don’t use it to count a conversion.\")"
    ),
    Requirement(
      "RCV-3", .must, .kitDefined, area: .receiving,
      "Deduplication is among verified postbacks only: a postback that is not verified is never a duplicate and never claims its identifier, so a later verified postback with that identifier counts.",
      source: "Apple orders verification before counting but does not say it of deduplication.",
      alternative:
        "deduplicate on the identifier read from the raw body first; then a forged body carrying a victim's `transaction-id` suppresses the genuine postback."
    ),
    Requirement(
      "RCV-4", .must, .apple, area: .receiving,
      "A verified postback whose identifier (`transaction-id` for SKAdNetwork, `postback-identifier` for AdAttributionKit) was already counted is a `duplicate` of the first one and is not counted.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback (\"Count unique messages only\")"
    ),
    Requirement(
      "RCV-5", .must, .kitDefined, area: .receiving,
      "The deduplication key is the framework, the environment (RCV-13, RCV-14) and the identifier, compared as exact strings (their UTF-8 bytes, never Unicode canonical equivalence); nothing else (not the path, the ad network, the signature or the body).",
      source: "Apple names only the identifier.",
      alternative:
        "one namespace for both frameworks; case-insensitive UUIDs; environment left out (a development postback then suppresses a production one); the path or the body in the key (a developer copy then counts as a second install)."
    ),
    Requirement(
      "RCV-6", .must, .kitDefined, area: .receiving,
      "The first verified arrival of a key is counted; each later one is a `duplicate_of` that first arrival, also when its body differs; `body_differs` says whether it does, comparing the members Apple defines for the framework by the Spec's JSON rules; members Apple does not define are ignored. Between arrivals at the same millisecond, input order decides.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback say only \"discard the duplicate report\" / \"message\", not which copy is kept or what a differing one means.",
      alternative: "last wins (a later body updates the counted values), or a differing body counts as a new postback."),
    Requirement(
      "RCV-7", .must, .apple, area: .receiving,
      "The receiver answers HTTP 200 to every postback it receives, verified or not, new or duplicate (`response` 200). On the wire (`probe postbacks`), a POST of a postback is answered 200, never a redirect or a 500, retries and copies included.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback (\"When you receive a postback, respond with … 200\"); the response is step 2, before verification."
    ),
    Requirement(
      "RCV-8", .should, .kitDefined, area: .receiving,
      "The receiver answers 200 also to a body that is not a JSON object (verdict `rejected`, `malformed-json`).",
      source: "Apple's devices never send one; answering 400 harms no device.",
      alternative: "400, recorded in an expectations file."),
    Requirement(
      "RCV-9", .must, .apple, area: .receiving,
      "Developer copies arrive on `/.well-known/skadnetwork/report-attribution/` (SKAdNetwork, `NSAdvertisingAttributionReportEndpoint`) and `/.well-known/appattribution/report-attribution/` (AdAttributionKit, `AttributionCopyEndpoint`); a copy is verified and deduplicated like the network's postback, so a network postback and its copy count once. On the wire (`probe postbacks`), a copy path answers a POST like a network path.",
      source:
        "Apple: storekit/configuring-an-advertised-app; Apple: adattributionkit/configuring-an-advertised-app; both receiving pages (\"an exact copy of the winning … postback\")"
    ),
    Requirement(
      "RCV-10", .must, .kitDefined, area: .receiving,
      "A verified postback on the other framework's copy path is `excluded` (`wrong-copy-path`).",
      source: "The device sends each framework's copies to its own path.",
      alternative: "accept either framework on either path."),
    Requirement(
      "RCV-11", .must, .kitDefined, area: .receiving,
      "Only winning postbacks are copied: a verified postback with `did-win` `false` on a copy path is `excluded` (`loser-on-copy-path`), counted neither as winner nor loser; a winning postback of any window is accepted on a copy path.",
      source: "Apple copies \"the winning postback\".",
      alternative: "count such a loser as a loser; or accept only window 0 on copy paths."),
    Requirement(
      "RCV-12", .must, .kitDefined, area: .receiving,
      "An AdAttributionKit re-engagement postback on the AdAttributionKit copy path of a receiver whose app has not opted in (`reengagement_copies` `false`) is `excluded` (`reengagement-copy-without-opt-in`); the opt-in plays no part on a network path.",
      source:
        "Apple: adattributionkit/configuring-an-advertised-app (\"To receive copies of winning reengagement postbacks, you need to add an additional key\"); the Info.plist key `EligibleForAdAttributionKitReengagementPostbackCopies` (\"Use this key to opt in to receive copies of reengagement postbacks\"). That a copy arriving without the opt-in is excluded is the kit's reading: Apple says only that the app must opt in to receive copies.",
      alternative:
        "Count it, since it verifies: Apple's developer settings (adattributionkit/creating-postbacks-in-developer-settings) generate postbacks of every conversion type and \"the full postback copy URL that the app's information property list specifies\", and mention no opt-in, so a receiver tested that way sees re-engagement copies without one. `receiving/reengagement-copy-without-opt-in` fails it."
    ),
    Requirement(
      "RCV-13", .must, .apple, area: .receiving,
      "An AdAttributionKit postback verified under `apple-development-identifier/0` or `apple-development-identifier/1` is `development`; under `apple-cas-identifier/0`, `production`.",
      source:
        "Apple: adattributionkit/verifying-a-postback (\"To validate production postbacks\": `apple-cas-identifier/0`; \"To validate development postbacks the system creates from end-to-end flows\": `apple-development-identifier/0`; \"… from developer settings\": `apple-development-identifier/1`; \"For production flows, always use the production key to validate that Apple generated the postbacks. Ignore postbacks that don't pass signature validation in production flows.\"); Apple: adattributionkit/testing-adattributionkit-with-developer-mode (\"a different private key … to help distinguish them\"). A receiver of production flows alone verifies under the production key only: it gives `aak_keys` with `apple-cas-identifier/0` alone, and a development postback is then `unverifiable` (`unknown-kid`), counted nowhere (`receiving/production-keys-only`)."
    ),
    Requirement(
      "RCV-14", .must, .kitDefined, area: .receiving,
      "A verified SKAdNetwork postback with `source-app-id` 0 is `development`; any other, with no source app or a web ad's `source-domain` included, is `production`.",
      source:
        "Apple: storekit/verifying-an-install-validation-postback (\"test scenarios … `source-app-id` … `0`\"); a development web ad carries no marker. A development postback is at the highest tier (PB-22), so a winning first postback of a source app of 0 always carries `source-app-id` 0; its second and third postbacks and its losing postbacks carry no source app, Apple gives them no marker, and they are read as production.",
      alternative:
        "also `conversion-value` 0 as a marker (the StoreKit test rule, which PB-19 does not follow), or no SKAdNetwork classification."
    ),
    Requirement(
      "RCV-15", .must, .kitDefined, area: .receiving,
      "Development postbacks are counted apart from production ones: never in a production total, never deduplicated against one.",
      source:
        "Apple separates the keys \"to help distinguish them\" and advises a separate test URL; adattributionkit/verifying-a-postback: \"For production flows, always use the production key\" and \"You can also validate postback signatures in development environments\".",
      alternative:
        "Production flows only: verify under the production key alone and ignore the rest, which the input expresses as `aak_keys` with the production kid alone (`receiving/production-keys-only`); or drop development postbacks altogether, counted nowhere: every vector that lists RCV-15 fails that."
    ),
    Requirement(
      "RCV-16", .must, .kitDefined, area: .receiving,
      "A verified postback is a winner when `did-win` is `true` and a loser when `false`; a postback without `did-win` (before 3.0) is a winner. `did-win` is read only where it is signed (from 3.0): an unsigned `did-win` added to an older body changes nothing.",
      source:
        "Apple: storekit/receiving-ad-attributions-and-postbacks (\"SKAdNetwork 1 through 2.2, devices send a single, winning postback\"); Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback (`did-win`). That a `did-win` is read only where it is signed is the kit's.",
      alternative:
        "Honour `did-win` wherever it appears, so an unsigned `did-win` false makes an older postback a loser."
    ),
    Requirement(
      "RCV-17", .must, .kitDefined, area: .receiving,
      "A verified postback belongs to window `postback-sequence-index` (0, 1, 2); one without (before 4.0) to window 0.",
      source:
        "Apple: storekit/receiving-postbacks-in-multiple-conversion-windows; Apple: adattributionkit/receiving-postbacks-in-multiple-conversion-windows (the sequence index names the window); for a postback before 4.0 Apple says only \"you receive only one winning postback\": window 0 is the kit's mapping.",
      alternative: "No window for a postback before 4.0 (`null`): `receiving/legacy-window-zero` fails it."
    ),
    Requirement(
      "RCV-18", .must, .kitDefined, area: .receiving,
      "Its conversion type is AdAttributionKit's `conversion-type` (`reengagement`, where accepted, reported as `re-engagement`: SIG-24), or for SKAdNetwork `redownload` when `redownload` is `true`, else `download`.",
      source: "Apple has no conversion type in SKAdNetwork postbacks.",
      alternative: "report SKAdNetwork postbacks without a conversion type."),
    Requirement(
      "RCV-19", .must, .kitDefined, area: .receiving,
      "The totals count the counted postbacks by environment, framework, ad network ID, conversion type, window and `did-win`, one row per combination that occurs, in a fixed order; plus the number of arrivals of each status.",
      source: "A dashboard's numbers.",
      alternative: "none needed; the order is the kit's so that answers compare."),
    Requirement(
      "RCV-20", .must, .kitDefined, area: .receiving,
      "Arrivals are in arrival order (an earlier time after a later one is `out-of-order`); a duplicate is recognized however late it comes: a device may resend for up to 9 days, and the model keeps every key for the whole batch.",
      source:
        "Apple bounds the retries (Apple: storekit/verifying-an-install-validation-postback; Apple: adattributionkit/verifying-a-postback: \"up to nine times over a maximum of 9 days\") but says nothing of how long to remember identifiers.",
      alternative:
        "forget keys after a retention period, which must then be longer than 9 days (a 24-hour store double counts a retry on day 2)."
    ),
    Requirement(
      "RCV-21", .must, .kitDefined, area: .receiving,
      "The framework of a received body is AdAttributionKit when it is a JSON object with a `jws-string` member, SKAdNetwork when it is an object without one; a body that is not a JSON object has no framework and is `rejected`, `malformed-json`.",
      source: "A network path receives both frameworks; the body is all a server sees.",
      alternative: "take the framework from the path (impossible on a network path)."),
    Requirement(
      "RCV-22", .may, .kitDefined, area: .receiving,
      "A receiver may count, by the kit's key and reading, arrivals Apple's devices never send: one identifier in both environments, in both frameworks, or in two letter cases (counted apart, RCV-5); a copy of a postback more than 9 days after the first (a duplicate, RCV-20); a production-kid postback with publisher 0 (production: the kid decides, RCV-13).",
      source:
        "Apple: \"If you receive more than one postback with the same `postback-identifier`, discard the duplicate report\" (adattributionkit/verifying-a-postback; StoreKit's page likewise for `transaction-id`); identifiers are random UUIDs, devices retry \"up to nine times over a maximum of 9 days\", and a publisher of 0 is a development impression, signed under a development kid (adattributionkit/testing-adattributionkit-with-developer-mode). A receiver that keys on the identifier alone, compares UUIDs case-insensitively, forgets keys after 9 days or classifies by publisher 0 follows Apple as well, so these cases are MAY.",
      alternative:
        "The identifier alone as the key (one namespace), UUIDs compared case-insensitively (a `uuid` column), a 9-day key store, the environment by publisher 0: every vector that lists RCV-22 may differ, a MAY difference that an expectations file states."
    ),
  ]
}
