import NIOCore

/// An event loop as a task executor: a task that prefers it runs its jobs on the loop's
/// thread, so that a task resumed by a reply the loop has just read goes on there without a
/// switch to the cooperative pool's threads (#31, docs/benchmarks.md).
///
/// The runner's workers then read, parse and judge each reply on the loop too, and the loop
/// reads no other response meanwhile. That work is bounded as before (the reply's size cap,
/// and the comparison's budget of the case's timeout), but not apart from the neighbours: NIO
/// runs every task that is due before it reads its sockets again, so a comparison that takes
/// longer than what is left of a neighbour's deadline lets that deadline fire before the
/// neighbour's response, already received, is read, and the neighbour is charged a timeout.
/// Only a reply that is slow to compare (seconds, in a release build) can do it, and it can
/// only add failures, never a pass; judging off the loop unless the reply is the expected
/// value itself would remove it (known, #31's closing note).
final class EventLoopTaskExecutor: TaskExecutor {
  private let loop: any EventLoop

  /// An executor running its jobs on `loop`.
  init(loop: any EventLoop) { self.loop = loop }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    loop.execute { job.runSynchronously(on: executor) }
  }
}
