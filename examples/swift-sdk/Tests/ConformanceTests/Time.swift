import WindowKit

/// A time in a case's input: an integral JSON number within ±(2^53 - 1), however it is
/// written (`1700003600123.0` is `1700003600123`).
struct Time: Decodable {
  var milliseconds: Int64

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let integer = try? container.decode(Int64.self) {
      milliseconds = integer
    } else {
      let number = try container.decode(Double.self)
      guard number.rounded(.towardZero) == number, let integer = Int64(exactly: number) else {
        throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an integral number")
      }
      milliseconds = integer
    }
    guard milliseconds.magnitude <= ConversionWindows.maximumTime.magnitude else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "beyond ±(2^53 - 1)")
    }
  }
}
