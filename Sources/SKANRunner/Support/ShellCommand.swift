import Foundation
import Subprocess

#if canImport(System)
  import System
#else
  import SystemPackage
#endif

/// One run of a shell command to its end, for a command whose whole standard output is read
/// at once (`probe postbacks --report-command`).
///
/// Started as ``StdioProcess`` starts an implementation: `/bin/sh -c` by its path, in a
/// process group of its own, so that a kill reaches whatever the shell started. It gets no
/// standard input; at most `outputLimit` bytes of its standard output are kept and the last
/// `errorLimit` bytes of its standard error; and it is killed with its whole group (SIGKILL)
/// at `timeout`, or as soon as its output passes the limit, without waiting for the rest.
/// The run ends when the shell does: whatever it left running in its group is killed then.
/// Every byte it prints is the command's: show it only through ``DisplayText``.
public enum ShellCommand {
  /// How a run ended.
  public enum Ending: Sendable, Equatable {
    /// It exited by itself with this status.
    case exited(Int32)
    /// A signal the kit did not send ended it.
    case signaled(Int32)
    /// It had not ended at the timeout, and was killed with its group.
    case timedOut
    /// Its standard output passed the limit, and it was killed with its group.
    case outputOverLimit
    /// `/bin/sh` could not be started (the reason, in the kit's words).
    case cannotStart(String)
  }

  /// What one run gave.
  public struct Run: Sendable {
    /// How it ended.
    public var ending: Ending
    /// Its standard output: all of it when it exited, at most the limit.
    public var output: [UInt8]
    /// The last bytes of its standard error, as the command wrote them: untrusted text.
    public var standardErrorTail: String
    /// Seconds from its start to its end.
    public var seconds: Double
  }

  /// Runs `command` through `/bin/sh -c` to its end, or until `timeout` seconds or
  /// `outputLimit` bytes of standard output.
  public static func run(_ command: String, timeout: Double, outputLimit: Int, errorLimit: Int = 2048) async -> Run {
    StdioProcess.ignoreBrokenPipes()
    let clock = ContinuousClock()
    let started = clock.now
    let pidBox = PIDBox()
    let errorTail = TailBuffer(capacity: errorLimit)
    let kills = KillReason()
    let options = ownProcessGroup
    let finished: Result<(TerminationStatus, [UInt8]), any Error> = await withTaskCancellationHandler {
      await withTaskGroup(of: Step.self) { group in
        group.addTask {
          do {
            let result = try await Subprocess.run(
              shell, arguments: ["-c", command], platformOptions: options, input: .none,
              output: .sequence, error: .sequence
            ) { execution -> [UInt8] in
              let pid = execution.processIdentifier.value
              // A kill asked for before the child had a pid (the deadline, a cancelled run)
              // reaches it now.
              if pidBox.started(pid) { StdioProcess.killGroup(pid) }
              return await withTaskGroup(of: [UInt8].self) { streams in
                streams.addTask {
                  var bytes: [UInt8] = []
                  do {
                    for try await buffer in execution.standardOutput {
                      buffer.withUnsafeBytes { bytes.append(contentsOf: $0.prefix(outputLimit + 1 - bytes.count)) }
                      if bytes.count > outputLimit {
                        kills.set(.outputOverLimit)
                        if let pid = pidBox.killRequested() { StdioProcess.killGroup(pid) }
                        break
                      }
                    }
                  } catch {}
                  return bytes
                }
                streams.addTask {
                  // Drained so that a flood cannot block the command; only the tail is kept.
                  do {
                    for try await buffer in execution.standardError { buffer.withUnsafeBytes { errorTail.append($0) } }
                  } catch {}
                  return []
                }
                var output: [UInt8] = []
                for await bytes in streams { output += bytes }
                return output
              }
            }
            return .finished(.success((result.terminationStatus, result.closureResult)))
          } catch {
            return .finished(.failure(error))
          }
        }
        group.addTask {
          try? await Task.sleep(for: .seconds(timeout))
          return .deadline
        }
        var finished: Result<(TerminationStatus, [UInt8]), any Error>?
        while let step = await group.next() {
          switch step {
          case .deadline:
            // Cancelled once the command has ended; otherwise the command is late.
            guard finished == nil else { continue }
            kills.set(.timedOut)
            if let pid = pidBox.killRequested() { StdioProcess.killGroup(pid) }
          case .finished(let result):
            finished = result
            group.cancelAll()
          }
        }
        return finished ?? .failure(CancellationError())
      }
    } onCancel: {
      if let pid = pidBox.killRequested() { StdioProcess.killGroup(pid) }
    }
    // What the command left running in its group (`sleep 30 &`) ends with it.
    if let pid = pidBox.killRequested() { StdioProcess.killGroup(pid) }
    let seconds = (clock.now - started) / .seconds(1)
    let errorText = errorTail.text
    switch finished {
    case .failure(let error):
      return Run(ending: .cannotStart("\(error)"), output: [], standardErrorTail: errorText, seconds: seconds)
    case .success(let (status, output)):
      let ending: Ending
      if let killed = kills.get() {
        ending = killed
      } else {
        switch status {
        case .exited(let code): ending = .exited(Int32(code))
        case .signaled(let signal): ending = .signaled(Int32(signal))
        }
      }
      return Run(
        ending: ending, output: Array(output.prefix(outputLimit)), standardErrorTail: errorText, seconds: seconds)
    }
  }

  /// `/bin/sh`, by its path (POSIX puts it there, on macOS too): `.name("sh")` makes
  /// swift-subprocess try an exec in every PATH entry before the one that has it.
  private static let shell = Executable.path(FilePath(PipedChild.shell))

  /// A process group of its own for the command, so that a kill reaches whatever it started.
  private static var ownProcessGroup: PlatformOptions {
    var options = PlatformOptions()
    options.processGroupID = 0
    return options
  }

  /// What the race between the command and its deadline gives first.
  private enum Step: Sendable {
    case finished(Result<(TerminationStatus, [UInt8]), any Error>)
    case deadline
  }

  /// Why the kit killed the command, if it did: the first reason wins.
  /// `@unchecked Sendable`: `reason` is read and written under `lock`.
  private final class KillReason: @unchecked Sendable {
    private let lock = NSLock()
    private var reason: Ending?
    func set(_ value: Ending) { lock.withLock { if reason == nil { reason = value } } }
    func get() -> Ending? { lock.withLock { reason } }
  }
}
