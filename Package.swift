// swift-tools-version: 6.2
// skan-conform: a conformance kit and reference specification for SKAdNetwork 4 and AdAttributionKit.

import PackageDescription

/// Settings every target of the kit builds with.
let strictSettings: [SwiftSetting] = [
  .swiftLanguageMode(.v6),
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
]

/// The trait that builds the kit itself (the command line, its runner, transports and
/// reference servers), on by default. A package that depends on this one for the in-process
/// library alone (`SKANConformance`) turns it off with `traits: []`: SwiftPM then leaves every
/// package below out of its graph, and resolves and fetches swift-crypto alone.
let kitTrait = "Kit"

/// A product that only the kit itself uses: part of the graph when ``kitTrait`` is on.
func kitOnly(_ product: String, _ package: String) -> Target.Dependency {
  .product(name: product, package: package, condition: .when(traits: [kitTrait]))
}

let package = Package(
  name: "skan-conform",
  // Apple platforms: SKANConformance and the pure modules under it build for each (an SDK's
  // test target on a simulator); the command-line kit runs on macOS and Linux.
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
  products: [
    .executable(name: "skan-conform", targets: ["skan-conform"]),
    .library(name: "SKANModel", targets: ["SKANModel"]),
    .library(name: "SKANVectors", targets: ["SKANVectors"]),
    // In-process conformance for an SDK's own test target (XCTest or Swift Testing, on a
    // simulator): the embedded vectors as test arguments and the kit's comparison.
    .library(name: "SKANConformance", targets: ["SKANConformance"]),
  ],
  traits: [
    .trait(
      name: kitTrait,
      description:
        "The command-line kit, its runner, transports and reference servers; off for an SDK's test target that uses SKANConformance alone."
    ),
    .default(enabledTraits: [kitTrait]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
    .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
    .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/attaswift/BigInt", from: "6.0.1"),
  ],
  targets: [
    // JSON values, a strict parser and the canonical writer shared by every layer.
    .target(name: "SKANJSON", swiftSettings: strictSettings),
    // The kit's vocabulary: suites, an implementation's answer, requirement IDs and the
    // requirement catalog. What the runner, vectors, reporting and HTTP layers name instead of
    // the model, so that none of them can reach the reference.
    .target(name: "SKANVocabulary", dependencies: ["SKANJSON"], swiftSettings: strictSettings),
    // The reference model: every rule of the Spec. Pure, deterministic, no I/O, time passed in as
    // a value; cryptographic primitives passed in (`SignatureCrypto`).
    .target(name: "SKANModel", dependencies: ["SKANJSON", "SKANVocabulary"], swiftSettings: strictSettings),
    // The primitives the model's signature rules use: swift-crypto's, and a P-192 ECDSA
    // verification on BigInt (`P192Key`, the only hand-written cryptography: public data only).
    .target(
      name: "SKANSignatures",
      dependencies: [
        "SKANModel", .product(name: "Crypto", package: "swift-crypto"), kitOnly("BigInt", "BigInt"),
      ],
      swiftSettings: strictSettings
    ),
    // Each suite's codec, the reference on the wire: input JSON -> model -> output JSON or
    // error code.
    .target(
      name: "SKANSuiteCodecs", dependencies: ["SKANJSON", "SKANModel", "SKANSignatures"], swiftSettings: strictSettings,
      plugins: ["SuiteRegistries"]),
    // Vector files as data: their format, the loader, the manifest, the copy built into the
    // binary, case selection. Knows nothing of the reference: the runner needs only this.
    .target(
      name: "SKANVectors",
      dependencies: ["SKANJSON", "SKANVocabulary", .product(name: "Crypto", package: "swift-crypto")],
      swiftSettings: strictSettings,
      plugins: ["EmbedVectors"]
    ),
    // Where vectors come from: the scenarios of each suite, run through the reference model, the
    // Spec's generated tables and the drift check (`skan-conform vectors generate`).
    .target(
      name: "SKANVectorGeneration",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSignatures", "SKANSuiteCodecs", "SKANVectors", "SKANVerdicts", "SKANVocabulary",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictSettings,
      plugins: ["SuiteRegistries"]
    ),
    // Lists every registered suite as each module's part of it (`ReferenceSuites.all`,
    // `ScenarioSuites.all`, `FuzzSuites.all`, `MutantSuites.all`) from `SuiteRegistry.all`: a
    // suite that lacks a part does not compile.
    .plugin(name: "SuiteRegistries", capability: .buildTool(), dependencies: ["skan-suite-registries"]),
    .executableTarget(
      name: "skan-suite-registries", path: "Plugins/SuiteRegistriesTool", swiftSettings: strictSettings),
    // Builds the committed Vectors/ files into SKANVectors as data (`VectorSet.embedded()`).
    .plugin(name: "EmbedVectors", capability: .buildTool(), dependencies: ["skan-embed-vectors"]),
    .executableTarget(name: "skan-embed-vectors", path: "Plugins/EmbedVectorsTool", swiftSettings: strictSettings),
    // The verdict on one answer: the kit's comparison of a reply with a vector (`Verdict`,
    // `CaseResult`, `CaseStatus`; the comparison itself in Comparison/: `AnswerMismatch`,
    // `DiagnosticAgreement`). Pure: no processes, no I/O, so it builds for iOS too.
    .target(
      name: "SKANVerdicts", dependencies: ["SKANJSON", "SKANVocabulary", "SKANVectors"], swiftSettings: strictSettings),
    // The vectors as cases for an implementation's own test target, checked in process by the
    // kit's comparison. Pure modules only, so it builds for iOS, tvOS and visionOS: no process
    // spawning, no NIO, no argument parser (SKANConformanceTests checks the closure).
    .target(
      name: "SKANConformance", dependencies: ["SKANJSON", "SKANVocabulary", "SKANVectors", "SKANVerdicts"],
      swiftSettings: strictSettings),
    // Runs vectors against an implementation over its adapter protocol and decides verdicts. Knows
    // only the protocol and the vocabulary: it cannot import the model, so no reference evaluation.
    .target(
      name: "SKANRunner",
      dependencies: [
        "SKANJSON", "SKANVocabulary", "SKANVectors", "SKANVerdicts",
        kitOnly("Subprocess", "swift-subprocess"),
        kitOnly("DequeModule", "swift-collections"),
      ],
      swiftSettings: strictSettings
    ),
    // The reference model as an implementation: the adapter behind `skan-conform reference`
    // and the in-process transport of the kit's own tests and `fuzz --mutant`.
    .target(
      name: "SKANReference", dependencies: ["SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANRunner", "SKANVerdicts"],
      swiftSettings: strictSettings),
    // HTTP for the adapter protocol: the client transport and a loopback server. With SKANS2S,
    // the only modules that import AsyncHTTPClient and NIO.
    .target(
      name: "SKANHTTP",
      dependencies: [
        "SKANJSON", "SKANRunner", "SKANVerdicts",
        kitOnly("AsyncHTTPClient", "async-http-client"),
        kitOnly("NIOCore", "swift-nio"),
        kitOnly("NIOPosix", "swift-nio"),
        kitOnly("NIOHTTP1", "swift-nio"),
        kitOnly("NIOSSL", "swift-nio-ssl"),
      ],
      swiftSettings: strictSettings
    ),
    // Server-to-server HTTP: the S2S conversion-value API's probe (`probe s2s`) and reference
    // endpoint (`reference s2s`), and the postback probe (`probe postbacks`, which plays the
    // device against a receiver and checks its count with the receiving codec of SKANSuiteCodecs).
    .target(
      name: "SKANS2S",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANRunner", "SKANSignatures", "SKANSuiteCodecs", "SKANHTTP", "SKANVectors",
        "SKANVerdicts", "SKANFuzz", kitOnly("AsyncHTTPClient", "async-http-client"),
        kitOnly("NIOCore", "swift-nio"),
        kitOnly("NIOHTTP1", "swift-nio"),
      ],
      swiftSettings: strictSettings
    ),
    // `skan-conform audit`: a receiver's stored arrivals judged by the receiving model, streamed,
    // verified on every core, sharded and merged.
    .target(
      name: "SKANAudit", dependencies: ["SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANReporting", "SKANVocabulary"],
      swiftSettings: strictSettings),
    // Deliberately broken copies of the reference, to prove the vectors (`skan-conform selfcheck`).
    .target(
      name: "SKANMutants",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSignatures", "SKANSuiteCodecs", "SKANVectors", "SKANVerdicts", "SKANVocabulary",
        .product(name: "Crypto", package: "swift-crypto"),
      ],
      swiftSettings: strictSettings,
      plugins: ["SuiteRegistries"]
    ),
    // Differential fuzzing with shrinking (`skan-conform fuzz`).
    .target(
      name: "SKANFuzz",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANRunner", "SKANVerdicts", "SKANVocabulary",
      ],
      swiftSettings: strictSettings,
      plugins: ["SuiteRegistries"]
    ),
    // Adapter skeletons for Python, Node.js, Go, Swift, PHP and Java, and their writer (`skan-conform init`).
    .target(name: "SKANInit", dependencies: ["SKANVocabulary"], swiftSettings: strictSettings),
    // Console, JSON, JUnit and Markdown reports of a run.
    .target(
      name: "SKANReporting", dependencies: ["SKANJSON", "SKANVocabulary", "SKANRunner", "SKANVectors", "SKANVerdicts"],
      swiftSettings: strictSettings),
    .executableTarget(
      name: "skan-conform",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANVectorGeneration", "SKANRunner",
        "SKANReference", "SKANReporting", "SKANHTTP", "SKANS2S", "SKANMutants", "SKANFuzz", "SKANInit", "SKANVerdicts",
        "SKANAudit",
        kitOnly("ArgumentParser", "swift-argument-parser"),
      ],
      swiftSettings: strictSettings
    ),
    // Shared by the tests: repository paths, fixtures, the kit's executable.
    .target(
      name: "SKANTestSupport", dependencies: ["SKANJSON", kitOnly("Subprocess", "swift-subprocess")],
      path: "Tests/SKANTestSupport", swiftSettings: strictSettings),
    .testTarget(name: "SKANJSONTests", dependencies: ["SKANJSON"], swiftSettings: strictSettings),
    .testTarget(
      name: "SKANVerdictsTests", dependencies: ["SKANJSON", "SKANVectors", "SKANVerdicts", "SKANVocabulary"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANAuditTests",
      dependencies: [
        "SKANAudit", "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANTestSupport", "SKANVectors", "SKANVocabulary",
      ],
      swiftSettings: strictSettings),
    .testTarget(name: "SKANModelTests", dependencies: ["SKANJSON", "SKANModel"], swiftSettings: strictSettings),
    .testTarget(
      name: "SKANSignaturesTests",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSignatures", "SKANSuiteCodecs", "SKANHTTP", "SKANRunner", "SKANTestSupport",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANRunnerTests",
      dependencies: [
        // The executable too: the fault-attribution tests run `skan-conform reference --stdio`.
        "skan-conform",
        "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANRunner", "SKANReference", "SKANReporting",
        "SKANHTTP",
        "SKANTestSupport", "SKANVerdicts",
        kitOnly("Subprocess", "swift-subprocess"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANVocabularyTests", dependencies: ["SKANJSON", "SKANVocabulary", "SKANTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANSuiteCodecsTests",
      dependencies: ["SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANVectorGenerationTests",
      dependencies: ["SKANVectorGeneration", "SKANVectors", "SKANTestSupport"], swiftSettings: strictSettings),
    .testTarget(
      name: "SKANReferenceTests",
      dependencies: ["SKANJSON", "SKANReference", "SKANSuiteCodecs", "SKANVectors", "SKANVocabulary"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANReportingTests",
      dependencies: ["SKANJSON", "SKANModel", "SKANReporting", "SKANRunner", "SKANSuiteCodecs", "SKANVectors"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANHTTPTests",
      dependencies: [
        "SKANHTTP", "SKANJSON", "SKANModel", "SKANReference", "SKANRunner", "SKANSuiteCodecs", "SKANVectors",
        "SKANTestSupport", kitOnly("Subprocess", "swift-subprocess"),
      ],
      swiftSettings: strictSettings),
    // The command line as a user types it: the kit's executable run in a shell.
    .testTarget(
      name: "skan-conformTests",
      dependencies: [
        "skan-conform", "SKANHTTP", "SKANJSON", "SKANModel", "SKANReference", "SKANReporting", "SKANRunner",
        "SKANTestSupport",
        "SKANVectors", kitOnly("Subprocess", "swift-subprocess"),
      ],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANFuzzTests",
      dependencies: [
        "skan-conform", "SKANFuzz", "SKANJSON", "SKANModel", "SKANMutants", "SKANReference", "SKANRunner",
        "SKANSuiteCodecs", "SKANVectors", "SKANTestSupport", "SKANVerdicts",
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANInitTests",
      dependencies: [
        "SKANInit", "SKANRunner", "SKANVectors", "SKANVocabulary", "SKANTestSupport",
        kitOnly("Subprocess", "swift-subprocess"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANConformanceTests",
      dependencies: ["SKANConformance", "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANTestSupport"],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANMutantsTests",
      dependencies: ["SKANModel", "SKANMutants", "SKANSuiteCodecs", "SKANVectors", "SKANTestSupport"],
      swiftSettings: strictSettings),
    .testTarget(
      name: "SKANS2STests",
      dependencies: [
        "SKANHTTP", "SKANJSON", "SKANModel", "SKANReference", "SKANReporting", "SKANRunner", "SKANS2S",
        "SKANSignatures", "SKANSuiteCodecs", "SKANVectors", "SKANVerdicts", "SKANTestSupport",
        kitOnly("Subprocess", "swift-subprocess"),
      ],
      swiftSettings: strictSettings
    ),
    .testTarget(
      name: "SKANVectorsTests",
      dependencies: [
        "SKANJSON", "SKANModel", "SKANSuiteCodecs", "SKANVectors", "SKANVectorGeneration", "SKANVocabulary",
        "SKANTestSupport",
      ],
      swiftSettings: strictSettings
    ),
  ]
)
