import SKANVocabulary

extension AdapterSkeleton {
  /// `adapter.swift`: Swift, Foundation only, one file (`swiftc -O -o adapter adapter.swift`,
  /// or `swift adapter.swift`).
  static func swift(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
      /// Suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument). `input` is the case's input object
      /// (JSONSerialization's: numbers are NSNumber). Return output(value), errorReply(code, message)
      /// or skipped(reason); a thrown error is answered invalid-input.
      func run\#(capitalized(suite))(_ input: [String: Any]) throws -> Reply {
        skipped(Implementation.notImplemented)
      }
      """#
    }
    let cases = request.suites.map { "  case \"\($0.rawValue)\": return try run\(capitalized($0))(input)" }
    let names = request.suites.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
    return #"""
      \#(comment(header(request), prefix: "// "))
      import Foundation

      enum Implementation {
        static let name = "\#(request.name)"
        static let version = "0.0.0"
        static let language = "swift"  // the language of the implementation you wrap, if not Swift
        static let notImplemented = "\#(notImplementedReason)"
        /// The suites this adapter declares in its hello reply; `answer(suite:input:)` has a case for each.
        static let suites = [\#(names)]
      }

      /// The body of a run reply: exactly one of "output", "error", "skipped".
      typealias Reply = [String: Any]

      /// The answer to an accepted input, in the shape the suite's Spec chapter gives.
      func output(_ value: Any) -> Reply { ["output": value] }

      /// The input refused, with an error code of Spec/README.md ("Error codes").
      func errorReply(_ code: String, _ message: String = "") -> Reply { ["error": ["code": code, "message": message]] }

      /// The case declined: the implementation cannot express it (yet).
      func skipped(_ reason: String) -> Reply { ["skipped": ["reason": reason]] }

      \#(functions.joined(separator: "\n\n"))

      /// The function of each declared suite; nil for a suite this adapter does not declare.
      func answer(suite: String, input: [String: Any]) throws -> Reply? {
        switch suite {
      \#(cases.joined(separator: "\n"))
        default: return nil
        }
      }

      /// The reply to one run message: exactly one of output, error, skipped, with its seq.
      func answer(_ message: [String: Any]) -> Reply {
        var reply: Reply
        let suite = message["suite"] as? String ?? ""
        if !Implementation.suites.contains(suite) {
          reply = skipped("suite not declared by this adapter")
        } else if let input = message["input"] as? [String: Any] {
          do {
            reply = try answer(suite: suite, input: input) ?? skipped("suite not declared by this adapter")
          } catch {
            reply = errorReply("invalid-input", "\(error)")
          }
        } else {
          reply = errorReply("invalid-input", "the input is not an object")
        }
        reply["seq"] = message["seq"] ?? NSNull()
        return reply
      }

      /// One reply: one line of JSON on standard output, written unbuffered (nothing to flush).
      func send(_ reply: Reply) {
        var reply = reply
        if !JSONSerialization.isValidJSONObject(reply) {  // NaN, or a value JSON cannot hold
          let seq = reply["seq"] ?? NSNull()
          reply = errorReply("invalid-input", "unwritable reply")
          reply["seq"] = seq
        }
        guard var data = try? JSONSerialization.data(withJSONObject: reply, options: [.withoutEscapingSlashes]) else {
          return
        }
        data.append(0x0A)
        FileHandle.standardOutput.write(data)
      }

      func log(_ text: String) { FileHandle.standardError.write(Data(("adapter: " + text + "\n").utf8)) }

      while let line = readLine() {
        if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
        guard let parsed = try? JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed]) else {
          log("ignoring a line that is not JSON")
          continue
        }
        guard let message = parsed as? [String: Any] else {
          log("ignoring a message that is not an object")
          continue
        }
        switch message["cmd"] as? String {
        case "stop":
          exit(0)
        case "hello":
          send([
            "protocol": 1, "suites": Implementation.suites,
            "implementation": [
              "name": Implementation.name, "version": Implementation.version, "language": Implementation.language,
            ],
          ])
        case "run":
          send(answer(message))
        default:
          if let seq = message["seq"] {
            var reply = errorReply("invalid-input", "unknown cmd")
            reply["seq"] = seq
            send(reply)
          }
        }
      }
      exit(0)  // end of input means stop

      """#
  }
}
