// swift-tools-version: 6.2
// An SDK's own package checking itself against skan-conform in its test target: WindowKit
// places times in SKAdNetwork / AdAttributionKit conversion windows (the kit's `window` suite),
// ValuesKit reads conversion values and records a timeline of updates over those windows (the
// `values` suite), both written in plain Swift from the Spec, and its tests run every `window`
// and `values` vector in process.

import Foundation
import PackageDescription

/// The kit, by path: this folder sits at `examples/swift-sdk` of the kit's repository. An SDK
/// would write `.package(url: "https://github.com/<owner>/skan-conform", from: "<version>",
/// traits: [])` and name the package `skan-conform`. `traits: []` leaves out the kit's own
/// tools, and with them every package but swift-crypto (docs/guides/swift-sdks.md).
let kitPath = "../.."
/// SwiftPM names a package added by path after its folder, and a clone may sit in a folder of
/// any name.
let kitPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent(kitPath).standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
  name: "swift-sdk-example",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .visionOS(.v2)],
  products: [
    .library(name: "WindowKit", targets: ["WindowKit"]),
    .library(name: "ValuesKit", targets: ["ValuesKit"]),
  ],
  dependencies: [.package(path: kitPath, traits: [])],
  targets: [
    // The SDK: no dependency on the kit.
    .target(name: "WindowKit", swiftSettings: [.swiftLanguageMode(.v6)]),
    .target(name: "ValuesKit", dependencies: ["WindowKit"], swiftSettings: [.swiftLanguageMode(.v6)]),
    // Its tests: the kit's library only, as an iOS test target would add it.
    .testTarget(
      name: "ConformanceTests",
      dependencies: ["WindowKit", "ValuesKit", .product(name: "SKANConformance", package: kitPackage)],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
