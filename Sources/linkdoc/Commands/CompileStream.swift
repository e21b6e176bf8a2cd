import Foundation  // NSLock
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import LinkDocCore
import LinkDocFormats

/// `linkdoc compile --ndjson [--jobs N]`: records from standard input, one result
/// line per input line on standard output, in input order (see StreamCompiler for
/// the line formats).
///
/// The pipeline keeps two windows in flight: while the workers compile window N,
/// the main thread reads window N+1; then it starts N+1 and writes N's output. Memory
/// is therefore about two windows of input and one of output, whatever the stream's
/// length, and the output order never depends on the number of threads.
///
/// A window is cut into parts of about equal bytes, several per worker, and each worker
/// takes the next part not taken yet: documents of equal bytes do not take equal time
/// (HTML goes through libxml2), and with one part per worker the fast one would wait for
/// the slow one at the end of every window.
///
/// Each worker compiles with objects of its own (a `Worker`: its stream compiler, with a
/// compiler whose manifest and derived tables are its own copies, and its buffers), not with
/// objects that every worker uses: a use of a shared object retains and releases it, and those
/// atomic writes from two cores move the object's cache line back and forth, once or more per
/// document. What workers share per window is the window (read only, through a copy of each
/// part's bytes) and the part counter.
enum CompileStream {
    static let windowBytes = 1 << 20
    static let maxRecordBytes = 64 << 20
    /// Parts of a window per worker.
    static let partsPerJob = 32

    /// A part's result, stored once when the part is done. The parts of a window are allocated
    /// one after the other, so neighbouring parts (done by different workers) may share a cache
    /// line: a worker appends to a local buffer and writes here only at the end.
    final class Part: @unchecked Sendable {
        var output: [UInt8] = []
        var errors = 0
    }

    /// What one worker uses per document, used by no other thread while the workers compile.
    final class Worker: @unchecked Sendable {
        let stream: StreamCompiler
        /// Whether other workers run beside this one. A lone worker shares nothing with another
        /// core, so it compiles with the compiler as given and reads the window in place.
        let hasPeers: Bool
        /// With peers, the bytes of the part being compiled, copied out of the window: the record
        /// slices are then slices of this buffer, whose retains and releases no other core sees.
        var partBytes: [UInt8] = []

        init(compiler: Compiler, includeInfo: Bool, hasPeers: Bool) {
            self.hasPeers = hasPeers
            stream = StreamCompiler(defaultCompiler: hasPeers ? compiler.independentCopy() : compiler, includeInfo: includeInfo)
        }
    }

    /// The workers' states, each made by its own thread (see `run`); every slot is made before
    /// any is read (the pool's `wait` orders the accesses).
    final class Workers: @unchecked Sendable {
        private let slots: UnsafeMutablePointer<Worker>
        let count: Int

        init(count: Int) {
            self.count = count
            slots = .allocate(capacity: count)
        }

        /// Called by worker `k` only.
        func make(_ k: Int, _ worker: Worker) { (slots + k).initialize(to: worker) }

        subscript(k: Int) -> Worker { slots[k] }

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

        /// The next part no worker has taken.
        private var nextPart = 0
        private let lock = NSLock()

        init(_ window: LineWindowReader.Window, parts count: Int) {
            self.window = window
            parts = (0..<count).map { _ in Part() }
            bounds = Self.split(window, into: count)
        }

        /// Compiles parts until every part is taken (each worker calls this once).
        func compileParts(with worker: Worker) {
            while true {
                lock.lock()
                let k = nextPart
                nextPart += 1
                lock.unlock()
                guard k < parts.count else { return }
                compile(part: k, with: worker)
            }
        }

        /// Contiguous line ranges with about equal bytes each.
        static func split(_ window: LineWindowReader.Window, into count: Int) -> [Range<Int>] {
            let lines = window.lines
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

        func compile(part k: Int, with worker: Worker) {
            let lines = bounds[k], window = window
            guard !lines.isEmpty else { return }
            // The bytes the records are sliced from, and the window offset of their first byte.
            var bytes = window.bytes, base = 0
            if worker.hasPeers {
                // The part's bytes: from the first kept line's start to the last kept line's end.
                var byteRange: Range<Int>? = nil
                for index in lines {
                    if case .bytes(let r) = window.lines[index] {
                        byteRange = byteRange.map { $0.lowerBound..<r.upperBound } ?? r
                    }
                }
                worker.partBytes.removeAll(keepingCapacity: true)
                if let byteRange { worker.partBytes.append(contentsOf: window.bytes[byteRange]) }
                bytes = worker.partBytes
                base = byteRange?.lowerBound ?? 0
            }
            let stream = worker.stream
            var output: [UInt8] = []
            output.reserveCapacity(window.bytes.count / parts.count * 3)
            var errors = 0
            for index in lines {
                let number = window.firstLineNumber + index
                switch window.lines[index] {
                case .bytes(let range):
                    let line = bytes[(range.lowerBound - base)..<(range.upperBound - base)]
                    if stream.process(line: line, lineNumber: number, into: &output) { errors += 1 }
                case .tooLong:
                    stream.tooLong(lineNumber: number, limit: CompileStream.maxRecordBytes, into: &output)
                    errors += 1
                }
            }
            parts[k].output = output
            parts[k].errors = errors
            // A part with a huge record leaves no huge buffer behind in the worker.
            if worker.partBytes.capacity > CompileStream.windowBytes { worker.partBytes = [] }
        }
    }

    static func run(compiler: Compiler, jobs: Int, includeInfo: Bool, progress: ProgressLine) throws -> ExitStatus {
        let pool = WorkerPool(count: jobs)
        defer { pool.shutdown() }
        // Each worker makes its own state on its own thread, so that it comes from that thread's
        // malloc arena: made here, one worker's small objects would lie next to the other's,
        // and a cache line holding both would bounce as if the objects were shared.
        let workers = Workers(count: jobs)
        pool.run { k in workers.make(k, Worker(compiler: compiler, includeInfo: includeInfo, hasPeers: jobs > 1)) }
        pool.wait()
        var reader = LineWindowReader(fd: STDIN_FILENO, windowBytes: windowBytes, maxLineBytes: maxRecordBytes)
        var running: Batch? = nil
        var done = 0, errors = 0
        while true {
            let next: LineWindowReader.Window?
            do {
                next = try reader.next()
            } catch {
                if running != nil { pool.wait() }
                throw UsageError(message: "cannot read standard input: \(error)", suggestHelp: false)
            }
            if running != nil { pool.wait() }
            let finished = running
            running = next.map { Batch($0, parts: jobs == 1 ? 1 : jobs * partsPerJob) }
            if let batch = running {
                pool.run { k in batch.compileParts(with: workers[k]) }
            }
            if let finished {
                for part in finished.parts {
                    StandardStreams.writeOutput(bytes: part.output)
                    errors += part.errors
                }
                done += finished.window.lines.count
                progress.update(done: done, errors: errors)
            }
            if running == nil { break }
        }
        progress.finish(done: done, errors: errors)
        return errors > 0 ? .inputErrors : .success
    }
}
