import NIOCore

/// An event loop as a task executor: a task that prefers it runs its jobs on the loop's
/// thread, so that a task resumed by a reply the loop has just read goes on there without a
/// switch to the cooperative pool's threads (#31, docs/benchmarks.md).
///
/// The runner's workers then read, parse and judge each reply on the loop too, and the loop
/// reads no other response meanwhile. That work is bounded as before (the reply's size cap,
/// and the comparison's budget of the case's timeout), and it does not cost a neighbour its
/// verdict: a loop handles the connections that became readable before the deadlines that
/// passed, so a response that arrived in time is read before its deadline is acted on.
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
