import SKANVocabulary

extension AdapterSkeleton {
  /// `adapter.py`: Python 3, standard library only.
  static func python(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
      def run_\#(suite.rawValue)(inp):
          """Suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument). `inp` is the case's input (a dict).

          Return output(value), error(code, message) or skipped(reason).
          """
          return skipped(NOT_IMPLEMENTED)
      """#
    }
    let table = request.suites.map { "    \"\($0.rawValue)\": run_\($0.rawValue)," }
    return #"""
      #!/usr/bin/env python3
      \#(comment(header(request), prefix: "# "))
      import json
      import sys

      NAME = "\#(request.name)"
      VERSION = "0.0.0"
      LANGUAGE = "python"  # the language of the implementation you wrap, if not Python
      NOT_IMPLEMENTED = "\#(notImplementedReason)"


      def output(value):
          """The answer to an accepted input, in the shape the suite's Spec chapter gives."""
          return {"output": value}


      def error(code, message=""):
          """The input refused, with an error code of Spec/README.md ("Error codes")."""
          return {"error": {"code": code, "message": message}}


      def skipped(reason):
          """The case declined: the implementation cannot express it (yet)."""
          return {"skipped": {"reason": reason}}


      \#(functions.joined(separator: "\n\n\n"))


      # The suites this adapter declares in its hello reply, and the function of each.
      SUITES = {
      \#(table.joined(separator: "\n"))
      }


      def answer(message):
          """The reply to one run message: exactly one of output, error, skipped, with its seq."""
          seq = message.get("seq")
          suite = message.get("suite")
          handler = SUITES.get(suite) if isinstance(suite, str) else None
          if handler is None:
              return {"seq": seq, **skipped("suite not declared by this adapter")}
          inp = message.get("input")
          if not isinstance(inp, dict):
              return {"seq": seq, **error("invalid-input", "the input is not an object")}
          try:
              reply = handler(inp)
          except Exception as exc:  # an exception of the implementation must not end the adapter
              reply = error("invalid-input", f"{type(exc).__name__}: {exc}")
          return {"seq": seq, **reply}


      def send(reply):
          """One reply: one line of strict JSON on standard output, flushed at once."""
          try:
              line = json.dumps(reply, separators=(",", ":"), allow_nan=False)
          except (TypeError, ValueError) as exc:  # NaN, or a value JSON cannot hold
              line = json.dumps({"seq": reply.get("seq"), **error("invalid-input", f"unwritable reply: {exc}")})
          sys.stdout.write(line + "\n")
          sys.stdout.flush()


      def main():
          sys.stdin.reconfigure(encoding="utf-8")
          for line in sys.stdin:
              if not line.strip():
                  continue
              try:
                  message = json.loads(line)
              except ValueError as exc:
                  print(f"adapter: ignoring a line that is not JSON: {exc}", file=sys.stderr)
                  continue
              if not isinstance(message, dict):
                  print("adapter: ignoring a message that is not an object", file=sys.stderr)
                  continue
              cmd = message.get("cmd")
              if cmd == "stop":
                  return 0
              if cmd == "hello":
                  send({"protocol": 1, "implementation": {"name": NAME, "version": VERSION, "language": LANGUAGE},
                        "suites": list(SUITES)})
              elif cmd == "run":
                  send(answer(message))
              elif "seq" in message:
                  send({"seq": message["seq"], **error("invalid-input", "unknown cmd")})
          return 0  # end of input means stop


      if __name__ == "__main__":
          sys.exit(main())

      """#
  }
}
