public import Foundation

/// Report timestamps, in UTC, without `ISO8601DateFormatter`: on Linux its first use loads
/// ICU and the time zone database, a few milliseconds of a run's start-up for one string.
public enum UTCTime {
  /// `date` as `YYYY-MM-DDThh:mm:ssZ` (RFC 3339, UTC, whole seconds), the form
  /// `ISO8601DateFormatter` writes with its default options.
  public static func iso8601(_ date: Date) -> String {
    let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
    let (days, secondOfDay) = seconds.quotientAndRemainder(dividingBy: 86_400)
    let day = secondOfDay < 0 ? days - 1 : days
    let second = secondOfDay < 0 ? secondOfDay + 86_400 : secondOfDay
    let (year, month, dayOfMonth) = civil(fromDays: day)
    func padded(_ value: Int64, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(dayOfMonth, 2))T\(padded(second / 3600, 2)):"
      + "\(padded(second % 3600 / 60, 2)):\(padded(second % 60, 2))Z"
  }

  /// The proleptic Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's
  /// `civil_from_days`).
  static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
