import Dispatch
import Foundation  // NSLock, NSCondition
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@_spi(LinkDocInternal) import LinkDocModel  // JSONWriter

/// What a stream's thread does with the lines of a window.
protocol RecordWorker: AnyObject {
    /// Writes the result line of each of `lines` of `window`, in order, one per line (a line the
    /// reader found longer than `maxRecordBytes` too), to `output`; returns how many report an error.
    /// Called by one thread at a time, the worker's own.
    func answer(_ lines: Range<Int>, of window: LineWindowReader.Window, maxRecordBytes: Int, into output: inout JSONWriter) -> Int
}

/// The pipeline of `linkdoc compile --ndjson` and `linkdoc layout --ndjson` (`--jobs N`):
/// records from standard input, one result line per input line on standard output, in input
/// order; a `RecordWorker` answers each line (CompileStream, LayoutStream).
///
/// The pipeline keeps two windows in flight: while the workers compile window N,
/// the main thread reads window N+1; then it queues N+1 (a worker done with N goes on
/// with it) and writes N's output once N is compiled. Memory is therefore about two
/// windows of input and one of output, whatever the stream's length, and the output
/// order never depends on the number of threads.
///
/// A window is cut into parts of about equal bytes, several per worker, and each worker
/// takes the next part not taken yet: documents of equal bytes do not take equal time
/// (HTML goes through libxml2), and with one part per worker the fast one would wait for
/// the slow one at the end of every window.
///
/// Each worker answers with objects of its own (a `RecordWorker`, for example its stream
/// compiler, with a compiler whose manifest and derived tables are its own copies, and its
/// buffers), not with objects that every worker uses: a use of a shared object retains and releases it, and those
/// atomic writes from two cores move the object's cache line back and forth, once or more per
/// document. What workers share per window is the window (read in place through a pointer, never
/// retained per record) and the part counter.
enum RecordStream {
    static let windowBytes = 1 << 20
    static let maxRecordBytes = 64 << 20

    /// The window and record sizes. Tests and the stream fuzz harness (Tests/Fuzz/stream) shrink
    /// them through `LINKDOC_NDJSON_WINDOW_BYTES` and `LINKDOC_NDJSON_MAX_RECORD_BYTES`, so that
    /// records straddle windows, parts and reads, and the too-long path runs, with small inputs;
    /// the output must not depend on them.
    struct Sizes {
        var windowBytes = RecordStream.windowBytes
        var maxRecordBytes = RecordStream.maxRecordBytes

        static func fromEnvironment() -> Sizes {
            var sizes = Sizes()
            if let value = variable("LINKDOC_NDJSON_WINDOW_BYTES"), value >= 1 { sizes.windowBytes = value }
            if let value = variable("LINKDOC_NDJSON_MAX_RECORD_BYTES"), value >= 1 { sizes.maxRecordBytes = value }
            return sizes
        }

        /// An environment variable's value as a number, by `getenv`: `ProcessInfo`'s environment
        /// is a dictionary of every variable, made at start-up for two look-ups.
        private static func variable(_ name: String) -> Int? {
            getenv(name).flatMap { Int(String(cString: $0)) }
        }
    }
    /// Parts of a window per worker.
    static let partsPerJob = 32

    /// A part's result, stored once when the part is done. The parts of a window are allocated
    /// one after the other, so neighbouring parts (done by different workers) may share a cache
    /// line: a worker appends to a local buffer and writes here only at the end.
    final class Part: @unchecked Sendable {
        var output = JSONWriter(reservingCapacity: 0)
        var errors = 0
    }

    /// The workers' states, each made by its own thread (see `run`); every slot is made before
    /// any is read (the pool's `wait` orders the accesses).
    final class Workers: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<any RecordWorker>
        let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
        }

        /// Called by worker `k` only.
        func make(_ k: Int, _ worker: any RecordWorker) { (slots + k).initialize(to: worker) }

        subscript(k: Int) -> any RecordWorker { slots[k] }

        deinit {
            slots.deinitialize(count: count)
            slots.deallocate()
        }
    }

    /// A window and the output of its parts; each worker writes only its own part.
    final class Batch: @unchecked Sendable {
        let window: LineWindowReader.Window
        let parts: [Part]
        /// Line index bounds of each part.
        let bounds: [Range<Int>]

        /// The next part no worker has taken (guarded by the queue's lock).
        fileprivate var nextPart = 0
        /// Parts not answered yet; `compiled` is signalled when none is left.
        private var remaining: Int
        private let lock = NSLock()
        private let compiled = DispatchSemaphore(value: 0)

        let sizes: Sizes

        init(_ window: LineWindowReader.Window, parts count: Int, sizes: Sizes) {
            self.window = window
            self.sizes = sizes
            parts = (0..<count).map { _ in Part() }
            bounds = Self.split(window, into: count)
            remaining = count
        }

        /// Called by a worker when it has compiled a part.
        func partDone() {
            lock.lock()
            remaining -= 1
            let last = remaining == 0
            lock.unlock()
            if last { compiled.signal() }
        }

        /// Returns when every part is compiled (called once).
        func waitUntilCompiled() { compiled.wait() }

        /// Contiguous line ranges with about equal bytes each.
        static func split(_ window: LineWindowReader.Window, into count: Int) -> [Range<Int>] {
            let lines = window.lines
            // One part (one job) is the whole window: its lines need not be measured.
            guard count > 1 else { return [0..<lines.count] }
            func size(_ line: LineWindowReader.Line) -> Int { if case .bytes(let r) = line { r.count + 1 } else { 1 } }
            let total = lines.reduce(0) { $0 + size($1) }
            var bounds: [Range<Int>] = []
            var start = 0, accumulated = 0
            for k in 0..<count {
                let target = total * (k + 1) / count
                var end = start
                while end < lines.count && (k == count - 1 || accumulated < target) {
                    accumulated += size(lines[end])
                    end += 1
                }
                bounds.append(start..<end)
                start = end
            }
            return bounds
        }

        func answer(part k: Int, with worker: any RecordWorker) {
            let lines = bounds[k]
            guard !lines.isEmpty else { return }
            // Room for about three bytes a byte of text, and the fixed text of a short record's line.
            var output = JSONWriter(reservingCapacity: window.bytes.count / parts.count * 3 + lines.count * 160)
            let errors = worker.answer(lines, of: window, maxRecordBytes: sizes.maxRecordBytes, into: &output)
            parts[k].output = output
            parts[k].errors = errors
        }
    }

    /// The parts of the windows handed to the workers, in stream order. A worker that runs out of
    /// parts of one window goes on with the next window's (which the main thread queues as soon as
    /// it is read), instead of waiting for the other workers, the main thread and a wake-up at
    /// every window.
    final class PartQueue: @unchecked Sendable {
        private let condition = NSCondition()
        /// Batches with parts not taken yet, oldest first.
        private var batches: [Batch] = []
        private var closed = false

        func push(_ batch: Batch) {
            condition.lock()
            batches.append(batch)
            condition.broadcast()
            condition.unlock()
        }

        /// No more batches: `next` returns nil once the queued parts are taken.
        func close() {
            condition.lock()
            closed = true
            condition.broadcast()
            condition.unlock()
        }

        /// The oldest part not taken, waiting for one when none is queued; nil after `close`.
        func next() -> (batch: Batch, part: Int)? {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let batch = batches.first {
                    let k = batch.nextPart
                    batch.nextPart += 1
                    if batch.nextPart == batch.parts.count { batches.removeFirst() }
                    return (batch, k)
                }
                if closed { return nil }
                condition.wait()
            }
        }
    }

    /// `makeWorker(hasPeers)` makes one worker's state, on that worker's thread; `hasPeers`: other
    /// workers run beside it.
    static func run(jobs: Int, firstLine: Int = 1, progress: ProgressLine, sizes: Sizes = .fromEnvironment(),
                    makeWorker: @escaping @Sendable (_ hasPeers: Bool) -> any RecordWorker) throws -> ExitStatus {
        let pool = WorkerPool(count: jobs)
        defer { pool.shutdown() }
        // Each worker makes its own state on its own thread, so that it comes from that thread's
        // malloc arena: made here, one worker's small objects would lie next to the other's,
        // and a cache line holding both would bounce as if the objects were shared.
        let workers = Workers(count: jobs)
        pool.run { k in workers.make(k, makeWorker(jobs > 1)) }
        pool.wait()
        let queue = PartQueue()
        pool.run { k in
            let worker = workers[k]
            while let (batch, part) = queue.next() {
                batch.answer(part: part, with: worker)
                batch.partDone()
            }
        }
        defer {  // before the pool's shutdown (defers run last first)
            queue.close()
            pool.wait()
        }
        var reader = LineWindowReader(fd: STDIN_FILENO, windowBytes: sizes.windowBytes, maxLineBytes: sizes.maxRecordBytes,
                                      firstLineNumber: firstLine)
        // The batch queued before the one being read: written once compiled.
        var pending: Batch? = nil
        var done = 0, errors = 0
        while true {
            let next: LineWindowReader.Window?
            do {
                next = try reader.next()
            } catch {
                throw UsageError(message: "cannot read standard input: \(error)", suggestHelp: false)
            }
            let batch = next.map { Batch($0, parts: jobs == 1 ? 1 : jobs * partsPerJob, sizes: sizes) }
            if let batch { queue.push(batch) }
            if let finished = pending {
                finished.waitUntilCompiled()
                for part in finished.parts {
                    part.output.withBytes { StandardStreams.writeOutput(bytes: UnsafeRawBufferPointer($0)) }
                    errors += part.errors
                }
                done += finished.window.lines.count
                progress.update(done: done, errors: errors)
                // Nobody reads the results any more (a closed pipe, a full disk): stop reading
                // records instead of compiling the rest of the stream for nothing (exit code 2).
                if StandardStreams.outputError != nil { break }
            }
            pending = batch
            if batch == nil { break }
        }
        progress.finish(done: done, errors: errors)
        return errors > 0 ? .inputErrors : .success
    }
}
