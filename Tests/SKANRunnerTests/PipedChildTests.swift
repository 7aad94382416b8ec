import Foundation
import Testing

@testable import SKANRunner

/// How an implementation's command is started: as `/bin/sh -c` would run it, the shell's own
/// start left out when it would only split the command at blanks.
@Suite("Starting an implementation's command")
struct PipedChildTests {
  @Test(
    "a command of plain words is run directly, split at blanks",
    arguments: [
      ("python3 adapter.py", ["python3", "adapter.py"]),
      ("./adapter", ["./adapter"]),
      ("/usr/bin/node  adapter.js\t--depth=3", ["/usr/bin/node", "adapter.js", "--depth=3"]),
      ("java -cp build/classes:lib/x.jar skan.Adapter", ["java", "-cp", "build/classes:lib/x.jar", "skan.Adapter"]),
      ("/tmp/skan-conform reference --stdio", ["/tmp/skan-conform", "reference", "--stdio"]),
    ])
  func plain(_ command: String, _ words: [String]) {
    #expect(PipedChild.plainWords(command) == words, "\(command)")
  }

  @Test(
    "a command the shell would do more with goes through the shell",
    arguments: [
      "", "   ", "exec java -jar adapter.jar", "FOO=1 ./adapter", "./adapter > log", "./adapter 2>/dev/null",
      "python3 'my adapter.py'", #"python3 my\ adapter.py"#, "./adapter $HOME", "~/bin/adapter", "./adapter # note",
      "./a; ./b", "./a && ./b", "./a | tee x", "./adapter *.json", "cd dir", "echo hi", "true", "if", "./a\n./b",
      "./a &", "(./adapter)", "./adapter `pwd`", "./adapter \"x\"", "./adäpter",
    ])
  func shell(_ command: String) {
    #expect(PipedChild.plainWords(command) == nil, "\(command)")
  }

  #if os(Linux)
    @Test("the child holds its three pipes and no other descriptor of the kit's, close-on-exec or not")
    func nothingInherited() throws {
      // Opened without close-on-exec, as some libraries open their sockets.
      let stray = open("/dev/null", O_RDONLY)
      try #require(stray > 2)
      defer { close(stray) }
      for command in ["/bin/sleep 30", "/bin/sleep 30; true"] {
        try Self.withChild(command) { child in
          // The exec may still be under way when the spawn returns: the descriptors are the
          // new program's once /proc names it.
          var open: [String] = []
          for _ in 0..<200 {
            open = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(child.pid)/fd").sorted()
            if open == ["0", "1", "2"] { break }
            usleep(5000)
          }
          #expect(open == ["0", "1", "2"], "\(command): \(open)")
        }
      }
    }

    @Test("a plain command's process is the program itself; any other is the shell's")
    func whoRuns() throws {
      for (command, direct) in [("/bin/sleep 30", true), ("/bin/sleep 30; true", false)] {
        try Self.withChild(command) { child in
          // The program the process runs (its name and arguments may not be set yet: the spawn
          // returns as the exec replaces the process image).
          let program = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(child.pid)/exe")
          #expect(program.hasSuffix("/sleep") == direct, "\(command): \(program)")
        }
      }
    }

    /// Starts `command`, calls `body` with the child, then kills its group and reaps it.
    static func withChild(_ command: String, _ body: (PipedChild) throws -> Void) throws {
      let child = try PipedChild.start(shellCommand: command).get()
      defer {
        StdioProcess.killGroup(child.pid)
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
        for descriptor in [child.input, child.output, child.error] { close(descriptor) }
      }
      try body(child)
    }
  #endif
}
