import Foundation
import SKANRunner
import Testing

@Suite("Report timestamps agree with ISO8601DateFormatter")
struct UTCTimeTests {
  @Test(
    "whole seconds in UTC, leap years and negative times included",
    arguments: [
      0, 59, 86_399, 86_400, 951_782_400, 951_868_799, 1_700_000_000.75, 4_107_542_399, -1, -86_401,
      -2_208_988_800, 253_402_300_799,
    ] as [Double])
  func agrees(seconds: Double) {
    let date = Date(timeIntervalSince1970: seconds)
    #expect(UTCTime.iso8601(date) == ISO8601DateFormatter().string(from: date), "\(seconds)")
  }

  @Test("every day of a leap year and its neighbours")
  func everyDay() {
    let formatter = ISO8601DateFormatter()
    for day in stride(from: 11_000, to: 11_800, by: 1) {
      let date = Date(timeIntervalSince1970: Double(day) * 86_400 + 45_296)
      #expect(UTCTime.iso8601(date) == formatter.string(from: date), "day \(day)")
    }
  }
}
