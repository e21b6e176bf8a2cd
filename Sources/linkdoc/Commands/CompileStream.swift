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
enum CompileStream {
    static let windowBytes = 1 << 20
    static let maxRecordBytes = 64 << 20
    /// Parts of a window per worker.
    static let partsPerJob = 32

    final class Part: @unchecked Sendable {
        var output: [UInt8] = []
        var errors = 0
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
        func compileParts(with stream: StreamCompiler) {
            while true {
                lock.lock()
                let k = nextPart
                nextPart += 1
                lock.unlock()
                guard k < parts.count else { return }
                compile(part: k, with: stream)
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

        func compile(part k: Int, with stream: StreamCompiler) {
            let part = parts[k]
            part.output.reserveCapacity(bounds[k].isEmpty ? 0 : window.bytes.count / parts.count * 3)
            for index in bounds[k] {
                let number = window.firstLineNumber + index
                switch window.lines[index] {
                case .bytes(let range):
                    if stream.process(line: window.bytes[range], lineNumber: number, into: &part.output) { part.errors += 1 }
                case .tooLong:
                    stream.tooLong(lineNumber: number, limit: CompileStream.maxRecordBytes, into: &part.output)
                    part.errors += 1
                }
            }
        }
    }

    static func run(compiler: Compiler, jobs: Int, includeInfo: Bool, progress: ProgressLine) throws -> ExitStatus {
        let stream = StreamCompiler(defaultCompiler: compiler, includeInfo: includeInfo)
        let pool = WorkerPool(count: jobs)
        defer { pool.shutdown() }
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
                pool.run { _ in batch.compileParts(with: stream) }
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
