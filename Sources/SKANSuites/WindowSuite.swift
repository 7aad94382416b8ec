import SKANJSON
import SKANModel

/// The `window` suite: `{"profile", "t0", "at"}` to the window `at` falls in.
enum WindowSuite {
  static func evaluate(_ input: JSONValue) throws(ModelError) -> JSONValue {
    let reader = try InputReader(input)
    let profile = try reader.profile()
    let t0 = try reader.timestamp("t0")
    let at = try reader.timestamp("at")
    switch try profile.position(of: at, t0: t0) {
    case .window(let window, let start, let end):
      return [
        "window": .integer(window.index),
        "window_start": .integer(start.milliseconds),
        "window_end": .integer(end.milliseconds),
        "measurement_over": false,
      ]
    case .measurementOver:
      return ["window": nil, "window_start": nil, "window_end": nil, "measurement_over": true]
    }
  }
}
