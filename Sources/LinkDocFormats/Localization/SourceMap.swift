import LinkDocBase

/// Maps byte offsets in a decoded string value back to byte offsets in the
/// localization file that spelled it, so that a diagnostic about the value
/// points at the line and column that the translator sees in their editor.
///
/// A value is made of literal runs (copied byte for byte from the file) and
/// escapes (`\n`, `\u4E2D`, …). The map keeps one anchor per run and per escape
/// rather than one entry per byte: a 10 MB value without escapes costs one anchor.
public struct SourceMap: Sendable {
    /// Value offsets to file offsets: literal runs are copies, an escape is a replacement of
    /// its backslash.
    private(set) var offsets = OffsetMap()
    /// The file offset of the value's opening quote (or first byte when unquoted),
    /// used for an empty value and as the fallback.
    public let start: Int

    public init(start: Int) { self.start = start }

    mutating func add(value: Int, file: Int, literal: Bool) {
        if literal { offsets.copy(from: file, at: value) } else { offsets.replace(file, at: value) }
    }

    /// The file bytes that spell the value bytes `range` (of a value `valueCount` bytes long),
    /// when they are copied literally, in one run: an edit of those value bytes is the same edit
    /// of the file. Nil where an escape or a jump (collapsed whitespace, an entity) lies in or
    /// at the range, whose file spelling differs from the value.
    public func literalFileRange(ofValueRange range: Range<Int>, valueCount: Int) -> Range<Int>? {
        guard let run = offsets.copiedRun(at: range.lowerBound) else { return nil }
        let runEnd = run.derivedEnd ?? valueCount
        // An insertion may sit at the end of a run; anything else lies inside it.
        guard range.upperBound <= runEnd, range.isEmpty || range.lowerBound < runEnd else { return nil }
        return (run.sourceStart + (range.lowerBound - run.derivedStart))..<(run.sourceStart + (range.upperBound - run.derivedStart))
    }

    /// Whether the value byte at `offset` is copied from the file as it is (not an escape's).
    func isLiteral(valueOffset offset: Int) -> Bool { offsets.copiedRun(at: offset) != nil }

    /// The file offset of the value byte at `offset`.
    public func fileOffset(ofValueOffset offset: Int) -> Int {
        offsets.isEmpty ? start : offsets.sourceOffset(offset)
    }
}

/// Builds a decoded value and its `SourceMap` together.
///
/// Carriage returns are turned into line feeds here (and CRLF into one LF),
/// because the compiler normalizes line breaks the same way: doing it first keeps
/// the compiler's offsets equal to the offsets of this value.
struct ValueBuilder {
    private(set) var bytes: [UInt8] = []
    private(set) var map: SourceMap
    private var lastWasCR = false

    init(start: Int) { map = SourceMap(start: start) }

    /// Appends bytes copied from the file, starting at `fileOffset` (the file's
    /// text has already had its line breaks normalized, so it holds no CR).
    mutating func appendLiteral(_ run: ArraySlice<UInt8>, at fileOffset: Int) {
        guard !run.isEmpty else { return }
        var run = run
        var fileOffset = fileOffset
        if lastWasCR && run.first == 0x0A {
            run = run.dropFirst()
            fileOffset += 1
            if run.isEmpty { lastWasCR = false; return }
        }
        map.add(value: bytes.count, file: fileOffset, literal: true)
        bytes.append(contentsOf: run)
        lastWasCR = false
    }

    /// Appends the bytes of `file` from `i` up to the first one that `stops` (a closing quote, a
    /// backslash) as a literal run, and moves `i` to that byte (`file.count` when none does):
    /// the scan of a quoted value between its escapes, which the reader then decodes.
    mutating func appendLiteralRun(of file: [UInt8], from i: inout Int, until stops: (UInt8) -> Bool) {
        let start = i
        while i < file.count && !stops(file[i]) { i += 1 }
        appendLiteral(file[start..<i], at: start)
    }

    /// Appends bytes that stand for what is at `fileOffset` without being spelled there (an
    /// entity's text, for its reference): they all map to it, never as a copy of the file.
    mutating func appendReplacement(_ run: ArraySlice<UInt8>, at fileOffset: Int) {
        guard !run.isEmpty else { return }
        // A carriage return (from `&#13;` in the entity's value) is a line feed, as everywhere.
        guard !run.contains(0x0D) && !(lastWasCR && run.first == 0x0A) else {
            for scalar in String(decoding: run, as: UTF8.self).unicodeScalars { appendEscaped(scalar, at: fileOffset) }
            return
        }
        map.add(value: bytes.count, file: fileOffset, literal: false)
        bytes.append(contentsOf: run)
        lastWasCR = false
    }

    /// Appends one decoded scalar that an escape sequence at `fileOffset` stands for.
    mutating func appendEscaped(_ scalar: Unicode.Scalar, at fileOffset: Int) {
        if scalar == "\n" && lastWasCR { lastWasCR = false; return }
        map.add(value: bytes.count, file: fileOffset, literal: false)
        if scalar == "\r" {
            bytes.append(0x0A)
            lastWasCR = true
            return
        }
        lastWasCR = false
        var utf8 = scalar.utf8.makeIterator()
        while let b = utf8.next() { bytes.append(b) }
    }
}
