import ArgumentParser
import Foundation
import SKANRunner
import SKANVectors

/// Where the vectors come from.
struct VectorSourceOptions: ParsableArguments {
  @Option(
    name: .customLong("vectors"),
    help: ArgumentHelp(
      "A Vectors/ directory to read and check, a directory of loose vector files without a manifest (such as fuzz-failures/), or one vector file. Default: ./Vectors when it exists, else the vectors built into this binary.",
      valueName: "path"))
  var directory: String?

  /// The default vectors (./Vectors when it has a manifest, else the built-in copy), read
  /// ahead from the start of the process for the commands named in `commands`
  /// (``startPrefetch(arguments:)``).
  nonisolated(unsafe) private static var prefetch: VectorPrefetch?

  /// The commands whose start-up is most of their time and that load the default vectors
  /// unless `--vectors` is given: their vectors are read while the command line is parsed.
  static let prefetchingCommands: Set<String> = ["run", "list"]

  /// Starts reading the default vectors when `arguments` (the process's, the executable
  /// first) name one of ``prefetchingCommands`` without `--vectors` or a request for help.
  /// Called first thing in `main`, right after a `run` has spawned its implementation
  /// (``ImplementationPrelaunch``): the files are read on two threads, the load being what the
  /// first request waits for once the implementation's exec is done (docs/benchmarks.md).
  static func startPrefetch(arguments: [String]) {
    guard arguments.count >= 2, prefetchingCommands.contains(arguments[1]) else { return }
    let rest = arguments.dropFirst(2)
    guard
      !rest.contains(where: { $0 == "--vectors" || $0.hasPrefix("--vectors=") || $0 == "-h" || $0 == "--help" })
    else { return }
    prefetch = VectorPrefetch(
      FileManager.default.fileExists(atPath: "Vectors/manifest.json") ? .directory("Vectors") : .embedded,
      threads: 2)
  }

  /// Returns once the read-ahead of the default vectors, if one was started, has ended: an
  /// async command awaits this before ``load()``, so that no thread of the cooperative pool
  /// blocks on the read.
  static func prefetchFinished() async {
    await prefetch?.finished()
  }

  /// The one large vector file `--vectors` names, opened so that a run sends its cases as it
  /// is read (``VectorStream``); `nil` for any other source, or a file not to stream (the
  /// caller then loads the vectors with ``load()``, which says what is wrong with them).
  func stream() -> VectorStream? {
    var isDirectory: ObjCBool = false
    guard let directory, FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
      !isDirectory.boolValue
    else { return nil }
    return VectorStream.open(file: directory)
  }

  /// Loads the vectors, turning every problem into a message and exit code 4. A vector file
  /// is text from outside the kit: its file name, case IDs, requirement IDs and suite name
  /// reach the message only through ``DisplayText``, as one line.
  func load() throws -> VectorSet {
    do {
      if let directory {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) else {
          printError("error: invalid vectors: \(DisplayText(directory)) does not exist")
          throw KitExit.invalidVectors
        }
        if !isDirectory.boolValue { return try VectorLoader.load(files: [directory]) }
        if FileManager.default.fileExists(atPath: directory + "/manifest.json") {
          return try VectorLoader.load(directory: directory)
        }
        // Loose files, as `skan-conform fuzz` writes them: no manifest to check against.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        // A Vectors/ directory (it has retired-ids.json) that lost its manifest is not loose
        // files: say what is missing rather than fail on retired-ids.json as a vector file.
        if names.contains("retired-ids.json") {
          printError(
            "error: invalid vectors: \(DisplayText(directory))/manifest.json is missing (a Vectors/ directory needs its manifest; restore it, or run `skan-conform vectors generate`)"
          )
          throw KitExit.invalidVectors
        }
        return try VectorLoader.load(
          files: names.filter { $0.hasSuffix(".json") }.sorted().map { directory + "/" + $0 })
      }
      if FileManager.default.fileExists(atPath: "Vectors/manifest.json") {
        let set =
          try Self.prefetch?.take(.directory("Vectors")) ?? VectorLoader.load(directory: "Vectors")
        // A folder of that name in the user's own repository is read instead of the built-in
        // set; say so when they differ, so that it never happens unnoticed.
        if let builtIn = VectorSet.embeddedDigest(), builtIn != set.digest {
          printError(
            "note: reading ./Vectors (digest \(set.digest.prefix(12))), not the vectors built into this binary (digest \(builtIn.prefix(12))); pass --vectors to choose"
          )
        }
        return set
      }
    } catch let exit as ExitCode {
      throw exit
    } catch {
      printError("error: invalid vectors: \(DisplayText(String(describing: error)))")
      throw KitExit.invalidVectors
    }
    do {
      return try Self.prefetch?.take(.embedded) ?? VectorSet.embedded()
    } catch {
      printError(
        "error: invalid vectors built into this binary: \(DisplayText(String(describing: error))) (it was built from a Vectors/ directory that does not check out; rebuild it from a clean checkout)"
      )
      throw KitExit.invalidVectors
    }
  }
}
