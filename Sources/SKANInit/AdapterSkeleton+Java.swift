import SKANVocabulary

extension AdapterSkeleton {
  /// `Adapter.java`: Java 11 or later, the JDK only, one file (`javac -d classes Adapter.java`,
  /// then `java -cp classes Adapter`). The JDK has no JSON, so the file carries a small strict
  /// JSON reader and writer.
  static func java(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
          /**
           * Suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument). {@code input} is the case's input
           * object: JSON objects are Maps, arrays Lists, numbers Long (BigInteger beyond a long) or
           * Double, and JSON null is null. Return output(value), error(code, message) or
           * skipped(reason); an exception is answered invalid-input.
           */
          static Map<String, Object> run\#(capitalized(suite))(Map<String, Object> input) throws Exception {
              return skipped(NOT_IMPLEMENTED);
          }
      """#
    }
    let table = request.suites.map { "        SUITES.put(\"\($0.rawValue)\", Adapter::run\(capitalized($0)));" }
    return #"""
      \#(comment(header(request), prefix: "// "))

      import java.io.BufferedOutputStream;
      import java.io.BufferedReader;
      import java.io.FileDescriptor;
      import java.io.FileOutputStream;
      import java.io.IOException;
      import java.io.InputStreamReader;
      import java.io.PrintStream;
      import java.math.BigInteger;
      import java.nio.charset.StandardCharsets;
      import java.util.ArrayList;
      import java.util.LinkedHashMap;
      import java.util.List;
      import java.util.Map;

      public class Adapter {
          static final String NAME = "\#(request.name)";
          static final String VERSION = "0.0.0";
          static final String LANGUAGE = "java"; // the language of the implementation you wrap, if not Java
          static final String NOT_IMPLEMENTED = "\#(notImplementedReason)";

          /** The answer to an accepted input, in the shape the suite's Spec chapter gives. */
          static Map<String, Object> output(Object value) {
              return object("output", value);
          }

          /** The input refused, with an error code of Spec/README.md ("Error codes"). */
          static Map<String, Object> error(String code, String message) {
              return object("error", object("code", code, "message", message));
          }

          static Map<String, Object> error(String code) {
              return error(code, "");
          }

          /** The case declined: the implementation cannot express it (yet). */
          static Map<String, Object> skipped(String reason) {
              return object("skipped", object("reason", reason));
          }

          /** A JSON object of keys and values, in order: {@code object("answer", 42, "ok", true)}. */
          static Map<String, Object> object(Object... keysAndValues) {
              if (keysAndValues.length % 2 != 0) {
                  throw new IllegalArgumentException("object(...) takes keys and values in pairs");
              }
              Map<String, Object> map = new LinkedHashMap<>();
              for (int i = 0; i < keysAndValues.length; i += 2) {
                  map.put((String) keysAndValues[i], keysAndValues[i + 1]);
              }
              return map;
          }

      \#(functions.joined(separator: "\n\n"))

          /** The function of a suite. */
          interface Suite {
              Map<String, Object> run(Map<String, Object> input) throws Exception;
          }

          /** The suites this adapter declares in its hello reply, and the function of each. */
          static final Map<String, Suite> SUITES = new LinkedHashMap<>();

          static {
      \#(table.joined(separator: "\n"))
          }

          /** The reply to one run message: exactly one of output, error, skipped, with its seq. */
          static Map<String, Object> answer(Map<String, Object> message) {
              Map<String, Object> reply = object("seq", message.get("seq"));
              Object suite = message.get("suite");
              Suite handler = suite instanceof String ? SUITES.get(suite) : null;
              Object input = message.get("input");
              if (handler == null) {
                  reply.putAll(skipped("suite not declared by this adapter"));
              } else if (!(input instanceof Map)) {
                  reply.putAll(error("invalid-input", "the input is not an object"));
              } else {
                  try {
                      @SuppressWarnings("unchecked")
                      Map<String, Object> object = (Map<String, Object>) input;
                      reply.putAll(handler.run(object));
                  } catch (Exception exc) { // an exception of the implementation must not end the adapter
                      reply = object("seq", message.get("seq"));
                      reply.putAll(error("invalid-input", exc.toString()));
                  }
              }
              return reply;
          }

          /** Standard output, kept for replies: from main on, System.out is standard error. */
          static final PrintStream REPLIES =
                  new PrintStream(new BufferedOutputStream(new FileOutputStream(FileDescriptor.out)), false, StandardCharsets.UTF_8);

          /** One reply: one line of strict JSON on standard output, flushed at once. */
          static void send(Map<String, Object> reply) {
              String line;
              try {
                  line = Json.write(reply);
              } catch (IllegalArgumentException exc) { // NaN, or a value JSON cannot hold
                  Map<String, Object> fallback = object("seq", reply.get("seq"));
                  fallback.putAll(error("invalid-input", "unwritable reply: " + exc.getMessage()));
                  line = Json.write(fallback);
              }
              REPLIES.print(line + "\n");
              REPLIES.flush();
          }

          static void log(String text) {
              System.err.println("adapter: " + text);
          }

          public static void main(String[] args) throws IOException {
              System.setOut(System.err); // a stray System.out.println must not break the protocol
              BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
              for (String line = in.readLine(); line != null; line = in.readLine()) {
                  if (line.isBlank()) {
                      continue;
                  }
                  Object parsed;
                  try {
                      parsed = Json.parse(line);
                  } catch (IllegalArgumentException exc) {
                      log("ignoring a line that is not JSON: " + exc.getMessage());
                      continue;
                  }
                  if (!(parsed instanceof Map)) {
                      log("ignoring a message that is not an object");
                      continue;
                  }
                  @SuppressWarnings("unchecked")
                  Map<String, Object> message = (Map<String, Object>) parsed;
                  Object cmd = message.get("cmd");
                  if ("stop".equals(cmd)) {
                      break;
                  } else if ("hello".equals(cmd)) {
                      send(object(
                              "protocol", 1,
                              "implementation", object("name", NAME, "version", VERSION, "language", LANGUAGE),
                              "suites", new ArrayList<>(SUITES.keySet())));
                  } else if ("run".equals(cmd)) {
                      send(answer(message));
                  } else if (message.containsKey("seq")) {
                      Map<String, Object> reply = object("seq", message.get("seq"));
                      reply.putAll(error("invalid-input", "unknown cmd"));
                      send(reply);
                  }
              }
              // stop, or end of input: exit 0, even if the implementation left threads running.
              System.exit(0);
          }

          /**
           * Strict JSON (RFC 8259) in and out. Objects are LinkedHashMaps (key order kept, duplicate keys
           * refused), arrays ArrayLists, numbers Long, BigInteger (integers beyond a long) or Double.
           * Errors are IllegalArgumentExceptions.
           */
          static final class Json {
              static final int MAX_DEPTH = 1000;
              private final String text;
              private int at;
              private int depth;

              private Json(String text) {
                  this.text = text;
              }

              /** The one JSON value {@code text} holds. */
              static Object parse(String text) {
                  Json reader = new Json(text);
                  Object value = reader.value();
                  reader.space();
                  if (reader.at < text.length()) {
                      throw reader.fail("text after the value");
                  }
                  return value;
              }

              /** {@code value} as compact JSON. */
              static String write(Object value) {
                  StringBuilder out = new StringBuilder();
                  write(value, out, 0);
                  return out.toString();
              }

              private IllegalArgumentException fail(String what) {
                  return new IllegalArgumentException(what + " at offset " + at);
              }

              private void space() {
                  while (at < text.length() && " \t\r\n".indexOf(text.charAt(at)) >= 0) {
                      at++;
                  }
              }

              private boolean take(char c) {
                  space();
                  if (at < text.length() && text.charAt(at) == c) {
                      at++;
                      return true;
                  }
                  return false;
              }

              private void expect(char c) {
                  if (!take(c)) {
                      throw fail("expected '" + c + "'");
                  }
              }

              private Object value() {
                  space();
                  if (at >= text.length()) {
                      throw fail("unexpected end");
                  }
                  char c = text.charAt(at);
                  if (c == '{' || c == '[') {
                      if (++depth > MAX_DEPTH) {
                          throw fail("nesting too deep");
                      }
                      at++;
                      Object value = c == '{' ? object() : array();
                      depth--;
                      return value;
                  }
                  if (c == '"') {
                      return string();
                  }
                  for (String word : new String[] {"true", "false", "null"}) {
                      if (text.startsWith(word, at)) {
                          at += word.length();
                          return word.equals("null") ? null : Boolean.valueOf(word);
                      }
                  }
                  return number();
              }

              private Map<String, Object> object() {
                  Map<String, Object> map = new LinkedHashMap<>();
                  if (take('}')) {
                      return map;
                  }
                  do {
                      space();
                      if (at >= text.length() || text.charAt(at) != '"') {
                          throw fail("expected a key");
                      }
                      String key = string();
                      if (map.containsKey(key)) {
                          throw fail("duplicate key");
                      }
                      expect(':');
                      map.put(key, value());
                  } while (take(','));
                  expect('}');
                  return map;
              }

              private List<Object> array() {
                  List<Object> list = new ArrayList<>();
                  if (take(']')) {
                      return list;
                  }
                  do {
                      list.add(value());
                  } while (take(','));
                  expect(']');
                  return list;
              }

              private String string() {
                  at++; // the opening quote
                  StringBuilder out = new StringBuilder();
                  while (true) {
                      if (at >= text.length()) {
                          throw fail("unterminated string");
                      }
                      char c = text.charAt(at++);
                      if (c == '"') {
                          break;
                      } else if (c < 0x20) {
                          throw fail("control character in a string");
                      } else if (c != '\\') {
                          out.append(c);
                          continue;
                      }
                      char escape = at < text.length() ? text.charAt(at++) : 0;
                      int index = "\"\\/bfnrt".indexOf(escape);
                      if (escape == 'u' && at + 4 <= text.length()) {
                          int code = 0;
                          for (int end = at + 4; at < end; at++) {
                              int digit = Character.digit(text.charAt(at), 16);
                              if (digit < 0 || text.charAt(at) > 'f') { // ASCII hex digits only
                                  throw fail("invalid hex digit");
                              }
                              code = code * 16 + digit;
                          }
                          out.append((char) code); // a surrogate pair arrives as two escapes, in order
                      } else if (index >= 0) {
                          out.append("\"\\/\b\f\n\r\t".charAt(index));
                      } else {
                          throw fail("invalid escape");
                      }
                  }
                  String value = out.toString();
                  if (!wellFormed(value)) {
                      throw fail("lone surrogate");
                  }
                  return value;
              }

              private Object number() {
                  int start = at;
                  if (at < text.length() && text.charAt(at) == '-') {
                      at++;
                  }
                  if (at < text.length() && text.charAt(at) == '0') {
                      at++; // no leading zeros: what follows a 0 ends the number
                  } else if (digits() == 0) {
                      throw fail("not a JSON value");
                  }
                  boolean integer = true;
                  if (at < text.length() && text.charAt(at) == '.') {
                      at++;
                      integer = false;
                      if (digits() == 0) {
                          throw fail("digits expected");
                      }
                  }
                  if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
                      at++;
                      integer = false;
                      if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                          at++;
                      }
                      if (digits() == 0) {
                          throw fail("digits expected");
                      }
                  }
                  String literal = text.substring(start, at);
                  if (!integer) {
                      return Double.parseDouble(literal);
                  }
                  BigInteger big = new BigInteger(literal);
                  return big.bitLength() < 64 ? (Object) big.longValue() : big;
              }

              private int digits() {
                  int start = at;
                  while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
                      at++;
                  }
                  return at - start;
              }

              /** Whether {@code s} has no lone UTF-16 surrogate, which JSON text cannot hold. */
              private static boolean wellFormed(String s) {
                  for (int i = 0; i < s.length(); i++) {
                      char c = s.charAt(i);
                      if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                          i++;
                      } else if (Character.isSurrogate(c)) {
                          return false;
                      }
                  }
                  return true;
              }

              private static void write(Object value, StringBuilder out, int depth) {
                  if (depth > MAX_DEPTH) {
                      throw new IllegalArgumentException("nesting too deep (a cycle?)");
                  }
                  if (value == null || value instanceof Boolean) {
                      out.append(value);
                  } else if (value instanceof String) {
                      quote((String) value, out);
                  } else if (value instanceof Double || value instanceof Float) {
                      double number = ((Number) value).doubleValue();
                      if (Double.isNaN(number) || Double.isInfinite(number)) {
                          throw new IllegalArgumentException("a number JSON cannot hold: " + value);
                      }
                      out.append(value);
                  } else if (value instanceof Number) {
                      out.append(value);
                  } else if (value instanceof Map) {
                      out.append('{');
                      String separator = "";
                      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                          if (!(entry.getKey() instanceof String)) {
                              throw new IllegalArgumentException("a key that is not a string: " + entry.getKey());
                          }
                          out.append(separator);
                          separator = ",";
                          quote((String) entry.getKey(), out);
                          out.append(':');
                          write(entry.getValue(), out, depth + 1);
                      }
                      out.append('}');
                  } else if (value instanceof Iterable) {
                      out.append('[');
                      String separator = "";
                      for (Object element : (Iterable<?>) value) {
                          out.append(separator);
                          separator = ",";
                          write(element, out, depth + 1);
                      }
                      out.append(']');
                  } else {
                      throw new IllegalArgumentException("a value JSON cannot hold: " + value.getClass().getName());
                  }
              }

              private static void quote(String s, StringBuilder out) {
                  if (!wellFormed(s)) {
                      throw new IllegalArgumentException("a string with a lone surrogate");
                  }
                  out.append('"');
                  for (int i = 0; i < s.length(); i++) {
                      char c = s.charAt(i);
                      int index = "\"\\\b\f\n\r\t".indexOf(c);
                      if (index >= 0) {
                          out.append('\\').append("\"\\bfnrt".charAt(index));
                      } else if (c < 0x20) {
                          out.append(String.format("\\u%04x", (int) c));
                      } else {
                          out.append(c);
                      }
                  }
                  out.append('"');
              }
          }
      }

      """#
  }
}
