import SKANJSON
import SKANModel
import SKANVocabulary

/// Audits stored arrivals (Spec/audit.md): each line is read and checked for shape, path and
/// order; this shard's arrivals are verified and judged on every core, then deduplicated in
/// line order (``SKANModel/ReceivingLedger``, by body fingerprints), checked for impossible
/// fields, compared with the receiver's claimed outcome, and counted.
public struct Auditor: Sendable {
  /// The receiver whose rules judge every arrival.
  public var receiver: PostbackReceiver
  /// The part of the file this audit judges.
  public var shard: AuditShard
  /// How many concurrent workers verify a batch.
  public var workers: Int
  /// How many lines are read, verified and then deduplicated at a time.
  public var batchLines: Int

  /// An auditor for `receiver`.
  public init(receiver: PostbackReceiver, shard: AuditShard = .whole, workers: Int, batchLines: Int = 4096) {
    self.receiver = receiver
    self.shard = shard
    self.workers = max(1, workers)
    self.batchLines = max(1, batchLines)
  }

  /// One line, parsed and, when it is this shard's, judged.
  struct Prepared: Sendable {
    var line: Int
    var request: ReceivedRequest
    var owned: Bool
    var postback: ReceivedPostback?
    var findings: [ReceivedFieldCheck.Finding] = []
    var sourceDigits: Int?
    var fingerprint: UInt64?
  }

  /// Audits every line of `arrivals` (named `arrivalsName`), with the receiver's outcomes
  /// line for line from `claimed` when given; `each` gets every audited arrival in line order.
  public func audit(
    arrivals: inout ArrivalLines, arrivalsName: String, claimed: inout ArrivalLines?, claimedName: String,
    listLimit: Int, each: (AuditedArrival) throws -> Void
  ) async throws -> AuditSummary {
    var summary = AuditSummary(listLimit: listLimit, claimed: claimed != nil)
    var ledger = ReceivingLedger(comparing: .fingerprints)
    var last: Int?
    // While one batch is deduplicated and counted here, in line order, the workers verify
    // the next.
    var pending = try nextBatch(&arrivals).map { batch in Task { try await prepare(batch, name: arrivalsName) } }
    defer { pending?.cancel() }
    while let task = pending {
      let prepared = try await task.value
      pending = try nextBatch(&arrivals).map { batch in Task { try await prepare(batch, name: arrivalsName) } }
      for item in prepared {
        guard receiver.role(of: item.request.path) != nil else {
          throw AuditError(
            .unknownPath,
            "\(VisibleName(arrivalsName)), line \(item.line): the path \(VisibleName(item.request.path)) is not one of the receiver's network paths or a well-known copy path (RCV-9)"
          )
        }
        let at = item.request.at.milliseconds
        if let last, at < last {
          throw AuditError(
            .outOfOrder,
            "\(VisibleName(arrivalsName)), line \(item.line): `at` \(at) is earlier than the arrival before it (\(last)); arrivals are stored in arrival order (RCV-20)"
          )
        }
        last = at
        var outcome: ClaimedOutcome?
        if claimed != nil {
          guard let next = try claimed?.next() else {
            throw AuditError(
              .claimedMismatch,
              "\(VisibleName(claimedName)) ends before the arrival on line \(item.line) of \(VisibleName(arrivalsName))"
            )
          }
          outcome = try ClaimedOutcome.parse(next.bytes, line: next.line, name: claimedName)
        }
        guard item.owned, var postback = item.postback else {
          summary.skip()
          continue
        }
        _ = ledger.admit(&postback, item.request, index: item.line, fingerprint: item.fingerprint)
        var arrival = AuditedArrival(
          line: item.line, at: at, path: item.request.path, postback: postback, findings: item.findings,
          sourceDigits: item.sourceDigits, claimed: outcome)
        if let outcome { arrival.disagreement = Disagreement.between(postback, outcome) }
        summary.add(arrival)
        try each(arrival)
      }
    }
    if let extra = try claimed?.next() {
      throw AuditError(
        .claimedMismatch,
        "\(VisibleName(claimedName)), line \(extra.line): more claimed outcomes than arrivals in \(VisibleName(arrivalsName))"
      )
    }
    return summary
  }

  /// The next ``batchLines`` lines; `nil` at the end of the file.
  func nextBatch(_ arrivals: inout ArrivalLines) throws(AuditError) -> [(line: Int, bytes: ArraySlice<UInt8>)]? {
    var batch: [(line: Int, bytes: ArraySlice<UInt8>)] = []
    batch.reserveCapacity(batchLines)
    while batch.count < batchLines, let next = try arrivals.next() { batch.append(next) }
    return batch.isEmpty ? nil : batch
  }

  /// Parses and judges `batch` on ``workers`` concurrent tasks, in line order; the first
  /// malformed line (by line) is the error.
  func prepare(_ batch: [(line: Int, bytes: ArraySlice<UInt8>)], name: String) async throws -> [Prepared] {
    // Four pieces a worker, at most `workers` at a time: a worker that finishes early takes the
    // next piece instead of waiting for the slowest.
    let pieces = workers * 4
    let slice = max(1, (batch.count + pieces - 1) / pieces)
    let parts = stride(from: 0, to: batch.count, by: slice).map { Array(batch[$0..<min($0 + slice, batch.count)]) }
    let results = await withTaskGroup(of: (Int, Result<[Prepared], AuditError>).self) { group in
      func start(_ index: Int) {
        let part = parts[index]
        group.addTask {
          do throws(AuditError) {
            return (index, .success(try part.map { line throws(AuditError) in try prepare(line, name: name) }))
          } catch {
            return (index, .failure(error))
          }
        }
      }
      var next = min(workers, parts.count)
      for index in 0..<next { start(index) }
      var results = [Result<[Prepared], AuditError>?](repeating: nil, count: parts.count)
      for await (index, result) in group {
        results[index] = result
        if next < parts.count {
          start(next)
          next += 1
        }
      }
      return results
    }
    var prepared: [Prepared] = []
    prepared.reserveCapacity(batch.count)
    for result in results {
      switch result {
      case .success(let items)?: prepared += items
      case .failure(let error)?: throw error
      case nil: continue
      }
    }
    return prepared
  }

  /// One line: its shape (an object with `at`, `path` and `body`), and its judgement when it
  /// is this shard's.
  func prepare(_ line: (line: Int, bytes: ArraySlice<UInt8>), name: String) throws(AuditError) -> Prepared {
    let at = "\(VisibleName(name)), line \(line.line)"
    let value: JSONValue
    do {
      value = try line.bytes.withUnsafeBufferPointer { buffer throws(JSONError) in try JSONParser.parse(utf8: buffer) }
    } catch {
      throw AuditError(.malformedLine, "\(at): not JSON (\(VisibleText.visible(String(describing: error))))")
    }
    guard let object = value.objectValue else {
      throw AuditError(.malformedLine, "\(at): not a JSON object but \(value.typeName)")
    }
    typealias Arrival = ReceivingSuite.Arrival
    // A time as every input gives one (WIN-7): an integral number within ±(2^53 - 1).
    guard let time = object[Arrival.at.rawValue]?.exactInteger, abs(time) <= (1 << 53) - 1 else {
      throw AuditError(
        .malformedLine, "\(at): `at` must be a time in Unix milliseconds, an integral number within ±(2^53 - 1)")
    }
    guard let path = object[Arrival.path.rawValue]?.stringValue else {
      throw AuditError(.malformedLine, "\(at): `path` must be a string")
    }
    guard var body = object[Arrival.body.rawValue] else { throw AuditError(.malformedLine, "\(at): `body` is missing") }
    // A body stored as text is parsed once here; the pipeline reads the object as it would the
    // text (SIG-8), and text that is not a JSON object stays text.
    if let text = body.stringValue, let parsed = try? JSONParser.parse(text), parsed.objectValue != nil {
      body = parsed
    }
    let request = ReceivedRequest(at: Timestamp(milliseconds: time), path: path, body: body)
    // The identifier is read (a JWS decoded) only to pick a shard.
    let owned =
      shard.count == 1
      || shard.owns(identifier: PostbackReceiver.identifier(readingUnverified: body)?.id, line: line.line)
    guard owned, receiver.role(of: path) != nil else {
      return Prepared(line: line.line, request: request, owned: owned)
    }
    let postback = receiver.judge(request)
    var prepared = Prepared(line: line.line, request: request, owned: true, postback: postback)
    guard postback.reading != nil, let members = body.objectValue, let framework = postback.framework else {
      return prepared
    }
    prepared.fingerprint = ReceivedBodyComparison.fingerprint(body, framework: framework)
    if postback.framework == .adattributionkit {
      let payload = members["jws-string"]?.stringValue.flatMap { try? CompactJWS.parse($0).get().payload } ?? [:]
      prepared.findings = ReceivedFieldCheck.adAttributionKit(payload: payload, outer: members)
      prepared.sourceDigits = payload["source-identifier"]?.stringValue?.count
    } else {
      prepared.findings = ReceivedFieldCheck.skadnetwork(members)
      prepared.sourceDigits = members["source-identifier"]?.stringValue?.count
    }
    return prepared
  }
}
