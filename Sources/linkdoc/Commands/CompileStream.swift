@_spi(LinkDocInternal) import LinkDocCore
@_spi(LinkDocInternal) import LinkDocFormats
@_spi(LinkDocInternal) import LinkDocModel  // JSONWriter

/// `linkdoc compile --ndjson [--jobs N]`: each record compiled by a StreamCompiler (see it for
/// the line formats), through the RecordStream pipeline.
enum CompileStream {
    /// What one worker uses per document, used by no other thread while the workers compile.
    final class Worker: RecordWorker, @unchecked Sendable {
        let stream: StreamCompiler
        /// The buffers the worker's compiles reuse from one record to the next.
        var workspace = StreamCompiler.Workspace()

        /// `hasPeers`: whether other workers run beside this one. A lone worker shares nothing with
        /// another core, so it compiles with the compiler as given.
        init(compiler: Compiler, includeInfo: Bool, hasPeers: Bool) {
            stream = StreamCompiler(defaultCompiler: hasPeers ? compiler.independentCopy() : compiler, includeInfo: includeInfo)
        }

        func answer(_ lines: Range<Int>, of window: LineWindowReader.Window, maxRecordBytes: Int, into output: inout JSONWriter) -> Int {
            let stream = stream
            // Out of the worker for the part: an `inout` access to a class's property is checked
            // for exclusivity at run time on every record.
            var workspace = StreamCompiler.Workspace()
            swap(&workspace, &self.workspace)
            defer { swap(&workspace, &self.workspace) }
            var errors = 0
            // The lines are lent as pointers into the window, read in place by every worker: a
            // slice of it would retain and release its buffer once per record, atomic writes that
            // would move its cache line between the cores.
            window.bytes.withUnsafeBufferPointer { bytes in
                output.withExclusiveBuffer { output in
                    for index in lines {
                        let number = window.firstLineNumber + index
                        switch window.lines[index] {
                        case .bytes(let range):
                            let line = UnsafeBufferPointer(rebasing: bytes[range])
                            if stream.process(line: line, lineNumber: number, into: &output, workspace: &workspace) { errors += 1 }
                        case .tooLong:
                            stream.tooLong(lineNumber: number, limit: maxRecordBytes, into: &output)
                            errors += 1
                        }
                    }
                }
            }
            return errors
        }
    }

    static func run(compiler: Compiler, jobs: Int, firstLine: Int = 1, includeInfo: Bool, progress: ProgressLine,
                    sizes: RecordStream.Sizes = .fromEnvironment()) throws -> ExitStatus {
        try RecordStream.run(jobs: jobs, firstLine: firstLine, progress: progress, sizes: sizes) { hasPeers in
            Worker(compiler: compiler, includeInfo: includeInfo, hasPeers: hasPeers)
        }
    }
}
