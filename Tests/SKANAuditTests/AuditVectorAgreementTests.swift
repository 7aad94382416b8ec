import Foundation
import SKANAudit
import SKANJSON
import SKANModel
import SKANTestSupport
import SKANVectors
import SKANVocabulary
import Testing

/// The audit judges each arrival as the receiving suite's vectors expect: for every `receiving`
/// vector with an output, its arrivals stored one a line and audited give each arrival's
/// members (`duplicate_of` as the line of the counted one) and the totals the vector expects.
@Suite("Audit against the receiving vectors")
struct AuditVectorAgreementTests {
  @Test("every receiving vector's arrivals audit to its expected outcome")
  func agree() async throws {
    let set = try VectorLoader.load(directory: RepositoryPaths.vectors)
    var compared = 0
    for vector in set.cases where vector.id.hasPrefix("receiving/") {
      guard case .output(let output) = vector.expected, let input = vector.input.objectValue,
        let arrivals = input["arrivals"]?.arrayValue, !arrivals.isEmpty
      else { continue }
      var configuration = input
      configuration["arrivals"] = nil
      let receiver = ScratchFiles.write(CanonicalJSON.compact(.object(configuration)), suffix: ".json")
      let file = AuditHarness.file(arrivals.map { CanonicalJSON.compact($0) + "\n" }.joined())
      let (summary, records) = try await AuditHarness.audit(arrivals: file, receiver: receiver, batchLines: 3)
      let expected = output["arrivals"]?.arrayValue ?? []
      #expect(records.count == expected.count, "vector \(vector.id)")
      for (index, (record, want)) in zip(records, expected).enumerated() {
        for (member, value) in want.objectValue ?? [:] where member != "response" {
          let got = member == "duplicate_of" ? record["duplicate_of_line"] : record[member]
          let wanted = member == "duplicate_of" ? value.exactInteger.map { JSONValue.integer($0 + 1) } ?? .null : value
          #expect(got == wanted, "vector \(vector.id), arrival \(index): \(member)")
        }
      }
      let totals = AuditHarness.report(summary).json["totals"]
      #expect(totals == output["totals"], "vector \(vector.id): totals")
      compared += 1
    }
    #expect(compared > 40, "vectors compared: \(compared)")
  }
}
