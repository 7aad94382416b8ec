import Foundation
import SKANJSON
import SKANTestSupport
import Testing

/// SKANConformance builds in an iOS test target: its dependency closure, read from the
/// manifest as SwiftPM resolves it (`swift package dump-package`), holds no process spawning,
/// no NIO, no HTTP client, no argument parser and none of the kit's modules built on them;
/// and the manifest declares the Apple platforms.
struct PortabilityTests {
  /// The library product an SDK's test target adds.
  static let product = "SKANConformance"
  /// The kit's modules that spawn processes or serve HTTP, or depend on a module that does.
  static let forbiddenTargets: Set<String> = [
    "SKANRunner", "SKANHTTP", "SKANS2S", "SKANReference", "SKANReporting", "SKANFuzz", "skan-conform",
  ]
  /// The products that do not build for iOS, or that an SDK test target cannot use.
  static func isForbidden(product: String) -> Bool {
    product == "Subprocess" || product.hasPrefix("NIO") || product == "AsyncHTTPClient" || product == "ArgumentParser"
  }
  /// The external products the closure may hold, each known to build for every Apple platform.
  static let allowedProducts: Set<String> = ["Crypto"]

  @Test(.timeLimit(.minutes(5)))
  func closureBuildsForApplePlatforms() throws {
    let manifest = try Self.dumpPackage()
    let closure = try Self.closure(of: Self.product, in: manifest)
    #expect(closure.targets.contains("SKANVectors"), "closure: \(closure.targets.sorted())")
    #expect(Self.violations(closure).isEmpty, "\(Self.violations(closure).joined(separator: "; "))")
    let platforms = Dictionary(
      uniqueKeysWithValues: (manifest["platforms"]?.arrayValue ?? []).compactMap { platform in
        platform["platformName"]?.stringValue.map { ($0, platform["version"]?.stringValue ?? "") }
      })
    #expect(platforms["macos"] == "15.0", "\(platforms)")
    #expect(platforms["ios"] == "18.0", "\(platforms)")
    #expect(platforms["tvos"] == "18.0", "\(platforms)")
    #expect(platforms["visionos"] == "2.0", "\(platforms)")
  }

  /// With the default trait off (`traits: []`, as an SDK's package line writes it), no target
  /// uses any package but swift-crypto, so SwiftPM resolves and fetches no other: every other
  /// product any target names is guarded by the `Kit` trait, which is on by default.
  @Test(.timeLimit(.minutes(5)))
  func everyOtherPackageIsBehindTheKitTrait() throws {
    let manifest = try Self.dumpPackage()
    let traits = manifest["traits"]?.arrayValue ?? []
    #expect(
      traits.contains { $0["name"] == "default" && $0["enabledTraits"] == ["Kit"] }, "traits: \(traits)")
    var unguarded: [String] = []
    for target in manifest["targets"]?.arrayValue ?? [] {
      for dependency in target["dependencies"]?.arrayValue ?? [] {
        guard let product = dependency["product"]?.arrayValue, product.count == 4,
          let package = product[1].stringValue, package != "swift-crypto"
        else { continue }
        if product[3]["traits"] != ["Kit"] {
          unguarded.append("\(target["name"]?.stringValue ?? "?") uses \(product[0].stringValue ?? "?") of \(package)")
        }
      }
    }
    #expect(unguarded.isEmpty, "not behind the Kit trait: \(unguarded)")
  }

  /// The closure is transitive: a forbidden product two targets down is found, and named
  /// with the path that reaches it.
  @Test func forbiddenDependencyDeepInTheClosureIsFound() throws {
    let manifest = try JSONParser.parse(
      #"""
      {"products": [{"name": "SKANConformance", "targets": ["A"]}],
       "targets": [
         {"name": "A", "dependencies": [{"byName": ["B", null]}, {"product": ["Crypto", "swift-crypto", null, null]}]},
         {"name": "B", "dependencies": [{"target": ["C", null]}]},
         {"name": "C", "dependencies": [{"product": ["NIOCore", "swift-nio", null, null]}, {"byName": ["SKANRunner", null]}]},
         {"name": "SKANRunner", "dependencies": []},
         {"name": "Unrelated", "dependencies": [{"product": ["ArgumentParser", "swift-argument-parser", null, null]}]}
       ]}
      """#)
    let closure = try Self.closure(of: "SKANConformance", in: manifest)
    #expect(closure.targets == ["A", "B", "C", "SKANRunner"])
    #expect(
      Self.violations(closure) == [
        "product NIOCore (package swift-nio), reached by A -> B -> C", "target SKANRunner, reached by A -> B -> C",
      ])
  }

  /// The dependency closure of a product: the package's targets it reaches and the external
  /// products they use, each with the chain of targets that reaches it.
  struct Closure {
    var targets: Set<String> = []
    var products: [(name: String, package: String, via: [String])] = []
    var targetPaths: [String: [String]] = [:]
  }

  /// The violations in `closure`, sorted: forbidden targets, forbidden products and products
  /// not on the allowed list.
  static func violations(_ closure: Closure) -> [String] {
    var found: [String] = []
    for target in closure.targets where forbiddenTargets.contains(target) {
      found.append("target \(target), reached by \((closure.targetPaths[target] ?? []).joined(separator: " -> "))")
    }
    for product in closure.products where isForbidden(product: product.name) || !allowedProducts.contains(product.name)
    {
      found.append(
        "product \(product.name) (package \(product.package)), reached by \(product.via.joined(separator: " -> "))")
    }
    return found.sorted()
  }

  /// Walks the manifest's targets from `product`'s.
  static func closure(of product: String, in manifest: JSONValue) throws -> Closure {
    let targets = Dictionary(
      uniqueKeysWithValues: (manifest["targets"]?.arrayValue ?? []).compactMap { target in
        target["name"]?.stringValue.map { ($0, target["dependencies"]?.arrayValue ?? []) }
      })
    let roots = try #require(
      manifest["products"]?.arrayValue?.first { $0["name"]?.stringValue == product }?["targets"]?.arrayValue,
      "no product \(product) in the manifest")
    var closure = Closure()
    var queue: [(name: String, path: [String])] = roots.compactMap(\.stringValue).map { ($0, []) }
    while !queue.isEmpty {
      let (name, path) = queue.removeFirst()
      guard !closure.targets.contains(name) else { continue }
      closure.targets.insert(name)
      closure.targetPaths[name] = path
      for dependency in targets[name] ?? [] {
        if let product = dependency["product"]?.arrayValue, let productName = product.first?.stringValue {
          let package = product.count > 1 ? product[1].stringValue ?? "" : ""
          closure.products.append((productName, package, path + [name]))
        } else if let byName = (dependency["byName"] ?? dependency["target"])?.arrayValue?.first?.stringValue {
          if targets[byName] != nil {
            queue.append((byName, path + [name]))
          } else {
            closure.products.append((byName, "", path + [name]))
          }
        }
      }
    }
    return closure
  }

  /// The repository's manifest as SwiftPM reads it: `swift package dump-package`, in a
  /// scratch folder of its own so that it never waits for the `.build` lock of the running
  /// `swift test`.
  static func dumpPackage() throws -> JSONValue {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("skan-conform-dump-package-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "swift", "package", "--package-path", RepositoryPaths.root, "--scratch-path", scratch.path, "dump-package",
    ]
    // Standard error to a file: only standard output is read while the process runs.
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    let errorsFile = scratch.appendingPathComponent("stderr.txt")
    _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let errorData = FileManager.default.contents(atPath: errorsFile.path) ?? Data()
    try #require(
      process.terminationStatus == 0,
      "swift package dump-package exited with \(process.terminationStatus): \(String(decoding: errorData, as: UTF8.self))"
    )
    return try JSONParser.parse(bytes: [UInt8](data))
  }
}
