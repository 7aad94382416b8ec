import SKANVocabulary

extension AdapterSkeleton {
  /// `adapter.js`: Node.js, no packages.
  static func node(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
      // Suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument). `input` is the case's input (an object).
      // Return output(value), error(code, message) or skipped(reason).
      function run\#(capitalized(suite))(input) {
        return skipped(NOT_IMPLEMENTED);
      }
      """#
    }
    let table = request.suites.map { "  [\"\($0.rawValue)\", run\(capitalized($0))]," }
    return #"""
      #!/usr/bin/env node
      \#(comment(header(request), prefix: "// "))
      "use strict";
      const readline = require("node:readline");

      const NAME = "\#(request.name)";
      const VERSION = "0.0.0";
      const LANGUAGE = "javascript"; // the language of the implementation you wrap, if not JavaScript
      const NOT_IMPLEMENTED = "\#(notImplementedReason)";

      // The answer to an accepted input, in the shape the suite's Spec chapter gives.
      function output(value) {
        return { output: value };
      }

      // The input refused, with an error code of Spec/README.md ("Error codes").
      function error(code, message = "") {
        return { error: { code, message } };
      }

      // The case declined: the implementation cannot express it (yet).
      function skipped(reason) {
        return { skipped: { reason } };
      }

      \#(functions.joined(separator: "\n\n"))

      // The suites this adapter declares in its hello reply, and the function of each.
      const SUITES = new Map([
      \#(table.joined(separator: "\n"))
      ]);

      // The reply to one run message: exactly one of output, error, skipped, with its seq.
      function answer(message) {
        const seq = message.seq;
        const handler = typeof message.suite === "string" ? SUITES.get(message.suite) : undefined;
        if (handler === undefined) {
          return { seq, ...skipped("suite not declared by this adapter") };
        }
        const input = message.input;
        if (input === null || typeof input !== "object" || Array.isArray(input)) {
          return { seq, ...error("invalid-input", "the input is not an object") };
        }
        try {
          return { seq, ...handler(input) };
        } catch (exc) {
          // An exception of the implementation must not end the adapter.
          return { seq, ...error("invalid-input", String(exc)) };
        }
      }

      // One reply: one line of JSON on standard output.
      function send(reply) {
        let line;
        try {
          line = JSON.stringify(reply);
        } catch (exc) {
          line = JSON.stringify({ seq: reply.seq, ...error("invalid-input", `unwritable reply: ${exc}`) });
        }
        process.stdout.write(line + "\n");
      }

      // Exit 0 once everything written has been handed to the system.
      let stopping = false;
      function stop() {
        if (stopping) return;
        stopping = true;
        process.stdout.write("", () => process.exit(0));
      }

      const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
      lines.on("line", (line) => {
        if (stopping || line.trim() === "") return;
        let message;
        try {
          message = JSON.parse(line);
        } catch (exc) {
          console.error(`adapter: ignoring a line that is not JSON: ${exc}`);
          return;
        }
        if (message === null || typeof message !== "object" || Array.isArray(message)) {
          console.error("adapter: ignoring a message that is not an object");
          return;
        }
        if (message.cmd === "stop") {
          stop();
        } else if (message.cmd === "hello") {
          send({
            protocol: 1,
            implementation: { name: NAME, version: VERSION, language: LANGUAGE },
            suites: [...SUITES.keys()],
          });
        } else if (message.cmd === "run") {
          send(answer(message));
        } else if ("seq" in message) {
          send({ seq: message.seq, ...error("invalid-input", "unknown cmd") });
        }
      });
      lines.on("close", stop); // end of input means stop

      """#
  }
}
