import SKANVocabulary

extension AdapterSkeleton {
  /// `adapter.php`: PHP 8, no extensions beyond the bundled JSON one, run with `php adapter.php`.
  static func php(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
      /**
       * Suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument). $input is the case's input object as an
       * associative array (every JSON object is one, so {} arrives as []).
       * Return output($value), error($code, $message) or skipped($reason); a thrown exception, or a
       * warning, is answered invalid-input.
       */
      function run\#(capitalized(suite))(array $input): array
      {
          return skipped(NOT_IMPLEMENTED);
      }
      """#
    }
    let table = request.suites.map { "    \"\($0.rawValue)\" => \"run\(capitalized($0))\"," }
    return #"""
      #!/usr/bin/env php
      <?php
      \#(comment(header(request), prefix: "// "))

      declare(strict_types=1);

      const NAME = "\#(request.name)";
      const VERSION = "0.0.0";
      const LANGUAGE = "php"; // the language of the implementation you wrap, if not PHP
      const NOT_IMPLEMENTED = "\#(notImplementedReason)";

      // Standard output is for replies only: PHP's own messages go to standard error, and a
      // warning or notice (an undefined array key, say) is thrown as an ErrorException, so the
      // case is answered invalid-input instead of going on with a null. Floats are written in
      // their shortest exact form.
      ini_set("display_errors", "stderr");
      ini_set("serialize_precision", "-1");
      set_error_handler(function (int $severity, string $message, string $file, int $line): bool {
          if (!(error_reporting() & $severity)) {
              return false;
          }
          throw new ErrorException($message, 0, $severity, $file, $line);
      });

      /**
       * The answer to an accepted input, in the shape the suite's Spec chapter gives. A PHP array
       * with keys 0, 1, … is written as a JSON array, any other as an object; write an empty
       * JSON object as new stdClass().
       */
      function output($value): array
      {
          return ["output" => $value];
      }

      /** The input refused, with an error code of Spec/README.md ("Error codes"). */
      function error(string $code, string $message = ""): array
      {
          return ["error" => ["code" => $code, "message" => $message]];
      }

      /** The case declined: the implementation cannot express it (yet). */
      function skipped(string $reason): array
      {
          return ["skipped" => ["reason" => $reason]];
      }

      \#(functions.joined(separator: "\n\n"))

      // The suites this adapter declares in its hello reply, and the function of each.
      const SUITES = [
      \#(table.joined(separator: "\n"))
      ];

      /** $value with every JSON object (a stdClass from json_decode) turned into an associative array. */
      function plain($value)
      {
          if ($value instanceof stdClass) {
              $value = get_object_vars($value);
          }
          return is_array($value) ? array_map("plain", $value) : $value;
      }

      /** The reply to one run message: exactly one of output, error, skipped, with its seq. */
      function answer(stdClass $message): array
      {
          $seq = $message->seq ?? null;
          $suite = $message->suite ?? null;
          $handler = is_string($suite) ? (SUITES[$suite] ?? null) : null;
          if ($handler === null) {
              return ["seq" => $seq] + skipped("suite not declared by this adapter");
          }
          $input = $message->input ?? null;
          if (!($input instanceof stdClass)) {
              return ["seq" => $seq] + error("invalid-input", "the input is not an object");
          }
          try {
              return ["seq" => $seq] + $handler(plain($input));
          } catch (Throwable $exc) { // an exception of the implementation must not end the adapter
              return ["seq" => $seq] + error("invalid-input", get_class($exc) . ": " . $exc->getMessage());
          }
      }

      /** One reply: one line of strict JSON on standard output, flushed at once. */
      function send(array $reply): void
      {
          $flags = JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION;
          $line = json_encode($reply, $flags);
          if ($line === false) { // NaN, invalid UTF-8, or a value JSON cannot hold
              $fallback = ["seq" => $reply["seq"] ?? null]
                  + error("invalid-input", "unwritable reply: " . json_last_error_msg());
              $line = json_encode($fallback, $flags);
          }
          fwrite(STDOUT, $line . "\n");
          fflush(STDOUT);
      }

      while (($line = fgets(STDIN)) !== false) {
          if (trim($line) === "") {
              continue;
          }
          // Objects are decoded as stdClass, so {} and [] stay apart; integers stay integers.
          // The depth leaves room for an input nested as deep as JSON the kit accepts.
          $message = json_decode($line, false, 1024);
          if (json_last_error() !== JSON_ERROR_NONE) {
              fwrite(STDERR, "adapter: ignoring a line that is not JSON: " . json_last_error_msg() . "\n");
              continue;
          }
          if (!($message instanceof stdClass)) {
              fwrite(STDERR, "adapter: ignoring a message that is not an object\n");
              continue;
          }
          $cmd = $message->cmd ?? null;
          if ($cmd === "stop") {
              exit(0);
          }
          if ($cmd === "hello") {
              send([
                  "protocol" => 1,
                  "implementation" => ["name" => NAME, "version" => VERSION, "language" => LANGUAGE],
                  "suites" => array_keys(SUITES),
              ]);
          } elseif ($cmd === "run") {
              send(answer($message));
          } elseif (property_exists($message, "seq")) {
              send(["seq" => $message->seq] + error("invalid-input", "unknown cmd"));
          }
      }
      exit(0); // end of input means stop

      """#
  }
}
