/// The summaries of the last elements of a summarized array, read apart from the rest of the
/// document (``JSONParser/summarizeElements(bytes:from:summarizing:stop:)``), to be taken over
/// by the parse of the whole (``JSONParser/parse(bytes:summarizing:within:tail:)``).
public struct SummarizedElements: Sendable {
  /// One summary per element, from the first read to the array's last.
  public let summaries: ObjectSummaries
  /// The position after the array's closing bracket.
  public let end: Int

  /// The summaries of elements read from the first one on, and where the array ends.
  public init(summaries: ObjectSummaries, end: Int) {
    self.summaries = summaries
    self.end = end
  }
}
