import Dispatch
import Foundation

/// A fixed set of threads that each run part `k` of a job; `--jobs N` makes N.
///
/// Dedicated threads rather than `concurrentPerform`, whose width follows the
/// number of cores: `--jobs` means the number of compiling threads. `run` returns
/// at once, so the caller can read the next input while the workers compile.
final class WorkerPool: @unchecked Sendable {
    let count: Int
    private let starts: [DispatchSemaphore]
    private let group = DispatchGroup()
    /// Set by `run` before the workers are signalled; the semaphore orders the accesses.
    private var job: (@Sendable (Int) -> Void)?
    private var stopping = false

    init(count: Int) {
        self.count = count
        starts = (0..<count).map { _ in DispatchSemaphore(value: 0) }
        for k in 0..<count {
            let thread = Thread { self.work(k) }  // the threads keep the pool alive until `shutdown`
            thread.stackSize = 8 << 20
            thread.name = "linkdoc-worker-\(k)"
            thread.start()
        }
    }

    private func work(_ k: Int) {
        while true {
            starts[k].wait()
            if stopping { return }
            job?(k)
            group.leave()
        }
    }

    /// Starts `job(0) … job(count - 1)`, one per worker. Call `wait` before the next `run`.
    func run(_ job: @escaping @Sendable (Int) -> Void) {
        self.job = job
        for k in 0..<count {
            group.enter()
            starts[k].signal()
        }
    }

    func wait() { group.wait() }

    /// Ends the threads (after `wait`).
    func shutdown() {
        stopping = true
        for s in starts { s.signal() }
    }
}
