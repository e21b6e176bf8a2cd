import Foundation
@_spi(LinkDocInternal) import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel

/// Compiles NDJSON records into result lines; shared by the worker threads of
/// `linkdoc compile --ndjson`. Each record gives exactly one line:
///
///     {"id":"a1","document":{…},"diagnostics":[{"line":1,"column":4,"severity":"warning","message":"…","rule":"unknown-agreement"}]}
///
/// and a record that cannot be read gives an error line with its line number in
/// the stream (its diagnostic's line and column are then those of the stream):
///
///     {"id":null,"line":17,"document":null,"diagnostics":[{"line":17,"column":9,"severity":"error","message":"…","rule":"ndjson-record"}]}
///
/// An empty line gives a warning line of the same shape (`ndjson-empty-line`), so
/// that output line N always answers input line N.
public final class StreamCompiler: @unchecked Sendable {
    private let defaultCompiler: Compiler
    private let includeInfo: Bool

    /// Compilers for inline manifests, by the manifest's JSON bytes. Bounded: when
    /// full it is emptied, so a stream with a new manifest on every line costs
    /// parse time but not memory.
    private let lock = NSLock()
    private var compilers: [[UInt8]: Result<Compiler, ManifestError>] = [:]
    static let maxCachedManifests = 64

    public init(defaultCompiler: Compiler, includeInfo: Bool = false) {
        self.defaultCompiler = defaultCompiler
        self.includeInfo = includeInfo
    }

    /// What a thread that processes one line after another keeps from line to line: the
    /// compiler's buffers and those the record is decoded into.
    public struct Workspace {
        var compile = CompileWorkspace()
        /// Where the record's text is decoded (see `NDJSONRecord.parse(_:into:)`).
        var record = NDJSONRecord.Storage()
        public init() {}
    }

    /// A text storage larger than this is not kept for the next record (a stream's records are
    /// seldom that long, and one huge record should not hold its memory to the end).
    static let maxKeptTextBytes = 1 << 20

    /// Writes the result line (with its `\n`) for one input line (without its line break) to `w`,
    /// which holds whole lines (the lines before, or none). Written straight to the output of many
    /// lines, not to a buffer of its own first: copying a short record's line costs more than its
    /// document's structure. Returns whether the line reports an error.
    @discardableResult
    @_spi(LinkDocInternal) public func process(line: UnsafeBufferPointer<UInt8>, lineNumber: Int, into w: inout JSONWriter, workspace: inout Workspace) -> Bool {
        var isError = false
        // The buffer made unique once per line rather than checked at each of its values; nothing
        // below copies the writer.
        w.withExclusiveBuffer { w in
            if StreamLine.isEmpty(line) {
                StreamLine.emptyLine(into: &w, lineNumber: lineNumber, result: "document")
            } else {
                do throws(NDJSONRecord.Failure) {
                    let record = try NDJSONRecord.parse(line, into: &workspace.record)
                    isError = compile(record, line: line, lineNumber: lineNumber, into: &w, workspace: &workspace)
                } catch {
                    isError = true
                    StreamLine.problem(into: &w, id: error.id, lineNumber: lineNumber,
                                       column: Self.column(of: error.offset, in: line),
                                       severity: .error, message: error.message, rule: RuleID.ndjsonRecord, result: "document")
                }
            }
        }
        if workspace.record.text.capacity > Self.maxKeptTextBytes { workspace.record.text = [] }
        return isError
    }

    /// The result line of a record longer than the reader accepts, written to `w` as `process` writes one.
    @_spi(LinkDocInternal) public func tooLong(lineNumber: Int, limit: Int, into w: inout JSONWriter) {
        StreamLine.tooLong(into: &w, lineNumber: lineNumber, limit: limit, result: "document")
    }

    /// Appends the result line of one line to `out`, with a workspace of its own.
    @discardableResult
    @_spi(LinkDocInternal) public func process(line: ArraySlice<UInt8>, lineNumber: Int, into out: inout [UInt8]) -> Bool {
        var workspace = Workspace()
        var w = JSONWriter()
        let isError = line.withUnsafeBufferPointer { process(line: $0, lineNumber: lineNumber, into: &w, workspace: &workspace) }
        w.withBytes { out.append(contentsOf: $0) }
        return isError
    }

    /// `record`, read from `line` into `workspace.record`. The workspace is lent whole, its record
    /// storage not passed on its own: a copy of the storage would retain and release both its arrays.
    private func compile(_ record: NDJSONRecord, line: UnsafeBufferPointer<UInt8>, lineNumber: Int,
                         into w: inout JSONWriter, workspace: inout Workspace) -> Bool {
        // The default compiler is lent, not copied into a variable (a retain and a release).
        guard let manifest = record.manifest(line: line) else {
            return compile(record, line: line, with: defaultCompiler, into: &w, workspace: &workspace)
        }
        switch cachedCompiler(for: manifest) {
        case .success(let compiler):
            return compile(record, line: line, with: compiler, into: &w, workspace: &workspace)
        case .failure(let error):
            StreamLine.problem(into: &w, id: record.idString(line: line, storage: workspace.record), lineNumber: lineNumber, column: 1,
                               severity: .error, message: "invalid manifest: \(error.message)", rule: RuleID.ndjsonRecord, result: "document")
            return true
        }
    }

    private func compile(_ record: NDJSONRecord, line: UnsafeBufferPointer<UInt8>, with compiler: Compiler,
                         into w: inout JSONWriter, workspace: inout Workspace) -> Bool {
        w.fixed(#"{"id":"#)
        if record.withID(line: line, storage: workspace.record, { w.string(utf8: $0) }) == nil { w.null() }
        w.fixed(#","document":"#)
        // Written as it is compiled: the stream never builds the model, nor keeps a result.
        // No excerpts: result lines carry line and column only. Nor do they carry the diagnostics'
        // file, which is all the name is for: a fixed one spares making a string of every id.
        let diagnostics = compiler.compile(workspace.record.text, name: "<record>", excerpts: false, options: record.options,
                                           workspace: &workspace.compile, writingJSONTo: &w)
        w.fixed(#","diagnostics":["#)
        var isError = false
        for d in diagnostics {
            if d.severity == .error { isError = true }
            if d.severity != .info || includeInfo {
                StreamLine.diagnostic(line: d.location?.line ?? 1, column: d.location?.column ?? 1, severity: d.severity,
                                message: d.message, rule: d.ruleID, into: &w)
            }
        }
        w.fixed("]}\n")
        return isError
    }

    private func cachedCompiler(for manifest: UnsafeBufferPointer<UInt8>) -> Result<Compiler, ManifestError> {
        let manifest = Array(manifest)
        lock.lock()
        if let cached = compilers[manifest] { lock.unlock(); return cached }
        lock.unlock()
        // Parsed outside the lock: two threads may parse the same manifest once
        // each, which is cheaper than making every other thread wait.
        let result: Result<Compiler, ManifestError>
        do {
            result = .success(Compiler(manifest: try Manifest.parse(Data(manifest), file: "<manifest>")))
        } catch {
            result = .failure(error)
        }
        lock.lock()
        if compilers.count >= Self.maxCachedManifests { compilers.removeAll(keepingCapacity: true) }
        compilers[manifest] = result
        lock.unlock()
        return result
    }

    /// The 1-based column (in scalars; a byte that starts no valid sequence
    /// counts as one) of a byte offset in a line.
    static func column(of offset: Int, in line: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        var i = line.startIndex
        let end = min(line.startIndex + offset, line.endIndex)
        while i < end {
            if line[i] & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return column
    }
}
