import ArgumentParser
import Foundation
import SKANJSON
import SKANReporting
import SKANRunner
import SKANVectors

/// `skan-conform report verify REPORT.json`: whether a report stands against the vectors, and
/// what it proves.
struct ReportVerifyCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "verify",
    abstract: "Judge a JSON report again from the vectors and say what it proves.",
    discussion: """
      For a customer holding a certificate. The report must come from this kit version and \
      the vectors given (--vectors, default as for `run`: the digest and the vector set it \
      names), hold one result for each case its selection (and shard) chooses, in vector \
      order, and every result must stand when judged again: its recorded reply (actual) \
      earns its status at the run's level, its expectation is the one the expectations file \
      (--expectations, the run's) states. The summary, unexpected counts and footer must be \
      what the results give. It then prints what the report proves (vectors, implementation, \
      selection, level) and what it cannot: a pass records no reply, and whoever holds the \
      file can write replies of their own. With --attestation, the in-toto Statement the run \
      wrote (--attestation of `run` or `report merge`, signed in CI; check its signature \
      first with the tool that signed it) must name this file's SHA-256 and state what the \
      report holds. Exit codes: 0 the report stands and the run succeeded; 1 it stands and \
      the run did not succeed; 2 it does not stand (each problem named), or a usage error.
      """)

  @Argument(
    help: ArgumentHelp("The JSON report (--report-json of `run`, or of `report merge`).", valueName: "report.json"))
  var file: String

  @Option(
    help: ArgumentHelp(
      "The in-toto Statement written with the report (--attestation): it must be about this file.",
      valueName: "file"))
  var attestation: String?

  @Option(help: ArgumentHelp("The expectations file the run was given, if any.", valueName: "file"))
  var expectations: String?

  @OptionGroup var source: VectorSourceOptions

  /// The largest report or Statement read: a report of 200,000 cases with every reply kept
  /// stays well under it.
  static let maximumBytes = 1 << 30

  func run() throws {
    let bytes = try Self.read(file, what: "report")
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes: bytes)
    } catch {
      printError("error: \(DisplayText(file)) is not JSON: \(DisplayText(String(describing: error)))")
      throw KitExit.usage
    }
    let vectors = try source.load()
    let known = try expectations.map(ExpectationsFile.load)
    var verification: ReportVerification
    do {
      verification = try ReportVerification.verify(
        document: document, file: file, vectors: vectors, kitVersion: Manifest.kitVersion, expectations: known)
    } catch {
      printError(
        "error: \(DisplayText(file)) is not a JSON report from `skan-conform run --report-json`: \(DisplayText(String(describing: error)))"
      )
      throw KitExit.usage
    }
    if let attestation {
      let statementBytes = try Self.read(attestation, what: "attestation")
      let digest = bytes.withUnsafeBytes { Manifest.sha256(bytes: $0) }
      do {
        let statement = try JSONParser.parse(bytes: statementBytes)
        verification.problems += Attestation.problems(
          statement: statement, report: verification.report, reportSHA256: digest)
      } catch {
        verification.problems.append(
          "\(DisplayText(attestation)) is not JSON: \(DisplayText(String(describing: error)))")
      }
    }
    guard verification.stands else {
      printError("\(DisplayText(file)) does NOT stand:")
      for problem in verification.problems { printError("  - \(problem)") }
      throw KitExit.usage
    }
    print("\(DisplayText(file)) stands\(attestation == nil ? "" : ", and the attestation is about it").")
    print("It proves:")
    for line in verification.proves { print("  - \(line)") }
    print("It cannot prove:")
    for line in verification.limits { print("  - \(line)") }
    if attestation == nil {
      print("  - no attestation was given: nothing here ties the file to a run in CI")
    }
    if !verification.report.succeeded() { throw KitExit.unexpected }
  }

  /// The bytes of `path`, at most ``maximumBytes``; a usage error naming the file otherwise.
  private static func read(_ path: String, what: String) throws -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      printError("error: the \(what) \(DisplayText(path)) does not exist or cannot be read")
      throw KitExit.usage
    }
    defer { try? handle.close() }
    let data = (try? handle.read(upToCount: maximumBytes + 1)) ?? nil ?? Data()
    guard data.count <= maximumBytes else {
      printError("error: the \(what) \(DisplayText(path)) is larger than \(maximumBytes >> 20) MiB")
      throw KitExit.usage
    }
    return Array(data)
  }
}
