import NIOCore

/// An event loop as a task executor: a task that prefers it runs its jobs on the loop's
/// thread, so that a task resumed by a reply the loop has just read goes on there without a
/// switch to the cooperative pool's threads (docs/benchmarks.md).
///
/// The runner's workers then read and judge most replies on the loop too, and the loop reads
/// no other response meanwhile. NIO runs every task that is due before it reads its sockets
/// again, so work on the loop that lasts longer than what is left of a neighbour's deadline
/// would let that deadline fire before the neighbour's response, already received, is read.
/// So only work that is cheap whatever the implementation sent is done here: a body over
/// ``HTTPTransport/inPlaceBodyBytes`` is parsed, and a reply that is neither small nor the
/// expected value itself is judged, on the cooperative pool (``Runner``).
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
