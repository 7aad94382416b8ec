import SKANVocabulary

extension AdapterSkeleton {
  /// `adapter.go`: Go, standard library only, one file (`go build -o adapter adapter.go`).
  static func go(_ request: SkeletonRequest) -> String {
    let functions = request.suites.map { suite in
      #"""
      // run\#(capitalized(suite)) answers a case of suite \#(suite.rawValue): the rules are in Spec/\#(suite.specDocument).
      // input is the case's input object (numbers are json.Number). Return output(value),
      // errorReply(code, message) or skipped(reason).
      func run\#(capitalized(suite))(input map[string]any) reply {
      	return skipped(notImplemented)
      }
      """#
    }
    let table = request.suites.map { "\t{\"\($0.rawValue)\", run\(capitalized($0))}," }
    return #"""
      \#(comment(header(request), prefix: "// "))

      package main

      import (
      	"bufio"
      	"bytes"
      	"encoding/json"
      	"errors"
      	"fmt"
      	"io"
      	"os"
      )

      const (
      	name           = "\#(request.name)"
      	version        = "0.0.0"
      	language       = "go" // the language of the implementation you wrap, if not Go
      	notImplemented = "\#(notImplementedReason)"
      )

      // reply is the body of a run reply: exactly one of "output", "error", "skipped".
      type reply map[string]any

      // output is the answer to an accepted input, in the shape the suite's Spec chapter gives.
      func output(value any) reply { return reply{"output": value} }

      // errorReply refuses the input with an error code of Spec/README.md ("Error codes").
      func errorReply(code, message string) reply {
      	return reply{"error": map[string]string{"code": code, "message": message}}
      }

      // skipped declines the case: the implementation cannot express it (yet).
      func skipped(reason string) reply { return reply{"skipped": map[string]string{"reason": reason}} }

      \#(functions.joined(separator: "\n\n"))

      // suites are the suites this adapter declares in its hello reply, and the function of each.
      var suites = []struct {
      	name string
      	run  func(map[string]any) reply
      }{
      \#(table.joined(separator: "\n"))
      }

      // answer is the reply to one run message: exactly one of output, error, skipped, with its seq.
      func answer(message map[string]any) (result reply) {
      	seq := message["seq"]
      	suite, _ := message["suite"].(string)
      	var handler func(map[string]any) reply
      	for _, s := range suites {
      		if s.name == suite {
      			handler = s.run
      		}
      	}
      	if handler == nil {
      		result = skipped("suite not declared by this adapter")
      	} else if input, ok := message["input"].(map[string]any); !ok {
      		result = errorReply("invalid-input", "the input is not an object")
      	} else {
      		// A panic of the implementation must not end the adapter.
      		defer func() {
      			if p := recover(); p != nil {
      				result = errorReply("invalid-input", fmt.Sprint(p))
      				result["seq"] = seq
      			}
      		}()
      		result = reply{}
      		for key, value := range handler(input) {
      			result[key] = value
      		}
      	}
      	result["seq"] = seq
      	return result
      }

      // send writes one reply: one line of JSON on standard output, flushed at once.
      func send(out *bufio.Writer, r reply) {
      	line, err := json.Marshal(r)
      	if err != nil { // NaN, or a value JSON cannot hold
      		fallback := errorReply("invalid-input", "unwritable reply: "+err.Error())
      		fallback["seq"] = r["seq"]
      		line, _ = json.Marshal(fallback)
      	}
      	out.Write(line)
      	out.WriteByte('\n')
      	out.Flush()
      }

      func main() {
      	in := bufio.NewReader(os.Stdin)
      	out := bufio.NewWriter(os.Stdout)
      	for {
      		line, readErr := in.ReadBytes('\n')
      		if len(bytes.TrimSpace(line)) > 0 {
      			var message map[string]any
      			decoder := json.NewDecoder(bytes.NewReader(line))
      			decoder.UseNumber() // keep numbers exact: seq goes back as it came
      			if err := decoder.Decode(&message); err != nil || message == nil {
      				fmt.Fprintln(os.Stderr, "adapter: ignoring a line that is not a JSON object:", err)
      			} else {
      				switch message["cmd"] {
      				case "stop":
      					os.Exit(0)
      				case "hello":
      					names := []string{}
      					for _, s := range suites {
      						names = append(names, s.name)
      					}
      					send(out, reply{
      						"protocol":       1,
      						"implementation": map[string]string{"name": name, "version": version, "language": language},
      						"suites":         names,
      					})
      				case "run":
      					send(out, answer(message))
      				default:
      					if seq, ok := message["seq"]; ok {
      						r := errorReply("invalid-input", "unknown cmd")
      						r["seq"] = seq
      						send(out, r)
      					}
      				}
      			}
      		}
      		if readErr != nil {
      			if !errors.Is(readErr, io.EOF) {
      				fmt.Fprintln(os.Stderr, "adapter: reading standard input:", readErr)
      			}
      			os.Exit(0) // end of input means stop
      		}
      	}
      }

      """#
  }
}
