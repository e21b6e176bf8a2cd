@_spi(Bytes) import LinkDocBase

/// The read stage: a document's bytes, checked and normalized, with a line table
/// for turning byte offsets into the 1-based line and column of diagnostics.
///
/// Normalization only removes a leading BOM, turns CRLF and CR into LF and, in a file,
/// drops the line ending that ends it, so a line number and a column within a line are
/// the same in the original file and in `bytes`; diagnostics therefore point at what the
/// user sees in an editor.
public struct SourceText: Sendable {
    /// The name shown in diagnostics (a path, or `<stdin>`).
    public let name: String
    /// Valid UTF-8, LF line endings, no BOM.
    public let bytes: [UInt8]
    /// Byte offset of the first byte of each line, and the Unicode scalars before each block of
    /// `checkpointStride` bytes after the first, so that the column of a diagnostic costs at most
    /// one block of counting, not the whole line: a document with one long line and a diagnostic
    /// per construct would otherwise be quadratic (found by WorkGrowthTests: 100k unknown
    /// 《titles》 on one line took minutes and gigabytes).
    let lines: LineTable
    private static let checkpointStride = 512
    /// Lines longer than this (in bytes) are shown as an excerpt around the diagnostic.
    static let maxExcerptBytes = 512

    /// Why a document could not be read.
    public struct InvalidUTF8: Error, Sendable {
        /// Byte offset of the first invalid byte in the original input.
        public let byteOffset: Int
        public let location: SourceLocation
    }

    /// `isFile`: the bytes are a whole copy file (read from a file or standard input), whose one
    /// final line ending (LF, CRLF or CR) ends the file and is not text (Grammar/spec.md, "The end
    /// of a file"). A string of a localization file and the text of an NDJSON record are values,
    /// read whole.
    public init(name: String, bytes: [UInt8], isFile: Bool = false) throws(InvalidUTF8) {
        self.name = name
        let raw = isFile ? Self.droppingFinalLineEnding(bytes) : bytes
        let scan = raw.withUnsafeBufferPointer { TextScan($0, checkpointStride: Self.checkpointStride) }
        if let bad = scan.invalidOffset {
            throw InvalidUTF8(byteOffset: bad, location: Self.location(ofRawOffset: bad, in: raw))
        }
        let hasBOM = raw.count >= 3 && raw[0] == 0xEF && raw[1] == 0xBB && raw[2] == 0xBF
        guard scan.hasCR || hasBOM else {
            // Already normalized (the common case): share the bytes and what the scan found.
            self.bytes = raw
            self.lines = scan.lines
            return
        }
        // Offsets move when the BOM and CRs go: scan the normalized bytes again (rare).
        let normalized = Self.normalize(raw, droppingBOM: hasBOM)
        let again = normalized.withUnsafeBufferPointer { TextScan($0, checkpointStride: Self.checkpointStride) }
        self.bytes = normalized
        self.lines = again.lines
    }

    /// Unicode scalars in `bytes[0..<offset]`, counting at most one checkpoint block.
    private func scalarCount(before offset: Int) -> Int {
        // At the very end of a text whose length is a multiple of the stride there is no
        // checkpoint for `offset`'s block: count on from the last one. Block 0 starts with
        // no scalars before it and has no checkpoint stored (TextScan.checkpoints).
        let block = min(offset / Self.checkpointStride, lines.checkpointCount)
        let before = block == 0 ? 0 : lines.checkpoint(block - 1)
        return before + Self.scalarCount(bytes, block * Self.checkpointStride..<offset)
    }

    /// Unicode scalars in `bytes[range]` (valid UTF-8): the bytes that are no continuation
    /// bytes (every diagnostic counts up to a block of them, twice).
    static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes.withUnsafeBufferPointer { range.count - UTF8Census.count($0, from: range.lowerBound, to: range.upperBound).continuations }
    }

    /// `bytes` without its last line ending, if it ends in one. Only one: a file that ends in two
    /// keeps the first, an empty line its author wrote.
    static func droppingFinalLineEnding(_ bytes: [UInt8]) -> [UInt8] {
        guard let last = bytes.last, last == 0x0A || last == 0x0D else { return bytes }
        let isCRLF = last == 0x0A && bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D
        return Array(bytes.dropLast(isCRLF ? 2 : 1))
    }

    /// Drops a leading BOM and turns CRLF and CR into LF.
    private static func normalize(_ raw: [UInt8], droppingBOM: Bool) -> [UInt8] {
        let start = droppingBOM ? 3 : 0
        var out: [UInt8] = []
        out.reserveCapacity(raw.count - start)
        raw.withUnsafeBufferPointer { s in
            var i = start
            var runStart = start
            while i < s.count {
                if s[i] == 0x0D {
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<i]))
                    out.append(0x0A)
                    if i + 1 < s.count && s[i + 1] == 0x0A { i += 1 }
                    runStart = i + 1
                }
                i += 1
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: s[runStart..<s.count]))
        }
        return out
    }

    /// The 1-based line and column (in Unicode scalars) of a byte offset in `bytes`.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(0, offset), bytes.count)
        // The last line start at or before `offset`.
        var lo = 0, hi = lines.lineCount - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lines.lineStart(mid) <= offset { lo = mid } else { hi = mid - 1 }
        }
        let lineStart = lines.lineStart(lo)
        // A column within a block's length of its line start is counted from the line start (one
        // count of the bytes between); further on, from the checkpoints (at most two blocks).
        let before = offset - lineStart <= Self.checkpointStride
            ? Self.scalarCount(bytes, lineStart..<offset)
            : scalarCount(before: offset) - scalarCount(before: lineStart)
        return SourceLocation(line: lo + 1, column: before + 1, offset: offset)
    }

    /// The line that holds `offset`, for the excerpt under a diagnostic, and the column of
    /// `offset` in that text. A line longer than `maxExcerptBytes` is cut to a window around
    /// `offset` with "…" at the cut ends, so that every diagnostic holds and prints a bounded
    /// amount of text however long the line (one copy of a 1 MB line per diagnostic is not).
    public func excerpt(around offset: Int) -> (line: String, column: Int) {
        excerpt(at: location(ofOffset: offset))
    }

    /// `excerpt(around:)` for a location found already.
    func excerpt(at location: SourceLocation) -> (line: String, column: Int) {
        let start = lines.lineStart(location.line - 1)
        var end = location.line < lines.lineCount ? lines.lineStart(location.line) - 1 : bytes.count
        if end < start { end = start }
        guard end - start > Self.maxExcerptBytes else {
            return (String(decoding: bytes[start..<end], as: UTF8.self), location.column)
        }
        let half = Self.maxExcerptBytes / 2
        var lo = max(start, location.offset - half), hi = min(end, location.offset + half)
        while lo < location.offset && UTF8Scalar.isContinuation(bytes[lo]) { lo += 1 }
        while hi < end && UTF8Scalar.isContinuation(bytes[hi]) { hi += 1 }
        let prefix = lo > start ? "…" : "", suffix = hi < end ? "…" : ""
        let column = (lo > start ? 1 : 0) + scalarCount(before: location.offset) - scalarCount(before: lo) + 1
        return (prefix + String(decoding: bytes[lo..<hi], as: UTF8.self) + suffix, column)
    }

    /// Location of a byte in input that failed validation (counted on the raw bytes,
    /// decoding what precedes it, which is valid).
    static func location(ofRawOffset offset: Int, in raw: [UInt8]) -> SourceLocation {
        var line = 1, column = 1
        var i = raw.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while i < offset {
            let b = raw[i]
            if b == 0x0A || (b == 0x0D && (i + 1 >= raw.count || raw[i + 1] != 0x0A)) {
                line += 1
                column = 1
            } else if !UTF8Scalar.isContinuation(b) && b != 0x0D {
                column += 1
            }
            i += 1
        }
        return SourceLocation(line: line, column: column, offset: offset)
    }
}

/// A 1-based line and column (columns count Unicode scalars), plus the byte offset.
public struct SourceLocation: Hashable, Sendable, Comparable {
    public let line: Int
    public let column: Int
    public let offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool { a.offset < b.offset }
}

/// A text's line starts and scalar checkpoints (see `SourceText.lines`) in one array: the line
/// count, the line starts, the checkpoints. One reference, so that a `SourceText` is four words,
/// which Swift copies and destroys field by field in line; a larger struct goes through its
/// type's value witnesses, out of line, each time a document copies it.
struct LineTable: Sendable {
    private var storage: [Int]

    /// One line from offset 0, no checkpoints: shared, as most documents are one short line.
    static let oneLine = LineTable(storage: [1, 0])

    private init(storage: [Int]) { self.storage = storage }

    var lineCount: Int { storage[0] }
    /// The offset where line `k` (from 0) starts.
    func lineStart(_ k: Int) -> Int { storage[1 &+ k] }
    var checkpointCount: Int { storage.count &- 1 &- storage[0] }
    /// The scalars before offset `(k + 1) * stride`.
    func checkpoint(_ k: Int) -> Int { storage[1 &+ storage[0] &+ k] }

    /// Adds a line start (after those there are, before any checkpoint).
    mutating func appendLine(_ start: Int) {
        precondition(checkpointCount == 0, "line starts come before the checkpoints")
        if storage.count == 2 && storage.capacity < 8 { storage.reserveCapacity(8) }  // the shared one, or as small
        storage.append(start)
        storage[0] &+= 1
    }

    /// Whether a line of a text of `textLength` bytes is longer than `length` (with its line break).
    func hasLine(longerThan length: Int, textLength: Int) -> Bool {
        var start = 0
        for k in 1..<lineCount {
            let next = lineStart(k)
            if next &- start > length { return true }
            start = next
        }
        return textLength &- start > length
    }

    mutating func reserveCheckpoints(_ count: Int) { storage.reserveCapacity(storage.count + count) }

    mutating func appendCheckpoint(_ scalars: Int) { storage.append(scalars) }
}
