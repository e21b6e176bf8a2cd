/// A document's bytes prepared for the HTML parser, with a map back to the source.
///
/// Two things must not reach libxml2 as markup:
/// - escaped `\<` and `\&`: they become `\&lt;` and `\&amp;`, which libxml2 decodes
///   back to `\<` and `\&`, so the inline parser still sees (and removes) the escape;
/// - a line that holds only a `<!-- linkdoc-… -->` directive (lint suppressions):
///   it is dropped with its line break, so it leaves no empty paragraph and no
///   "comment removed" warning.
struct PreparedText: Sendable {
    let bytes: [UInt8]
    let map: OffsetMap

    init(_ source: [UInt8]) {
        var builder = OffsetMap.Builder()
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 16)
        var copied = 0  // source bytes before this are handled
        var i = 0
        var lineStart = true
        func copy(upTo end: Int) {
            guard end > copied else { return }
            builder.copy(source: copied, length: end - copied, at: out.count)
            out += source[copied..<end]
            copied = end
        }
        let n = source.count
        while i < n {
            if lineStart, let end = Self.directiveLineEnd(source, from: i) {
                copy(upTo: i)
                copied = end  // dropped
                i = end
                continue
            }
            lineStart = false
            // Only a line break or a backslash needs a look: skip to the next one.
            i = Self.nextLineBreakOrBackslash(source, from: i)
            guard i < n else { break }
            if source[i] == 0x0A {
                lineStart = true
                i += 1
                continue
            }
            if i + 1 < n && (source[i + 1] == UInt8(ascii: "<") || source[i + 1] == UInt8(ascii: "&")) {
                copy(upTo: i + 1)  // the backslash stays
                let entity = source[i + 1] == UInt8(ascii: "<") ? Array("&lt;".utf8) : Array("&amp;".utf8)
                builder.replace(source: i + 1, length: 1, at: out.count, outputLength: entity.count)
                out += entity
                copied = i + 2
                i += 2
                continue
            }
            i += 1
        }
        copy(upTo: source.count)
        bytes = out
        map = builder.map
    }

    /// The first LF or backslash at or after `start`, or the count; eight bytes a time, as
    /// most text has neither.
    private static func nextLineBreakOrBackslash(_ s: [UInt8], from start: Int) -> Int {
        s.withUnsafeBufferPointer { s in
            guard let p = s.baseAddress else { return start }
            let ones: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
            let lf = ones &* 0x0A, backslash = ones &* 0x5C
            var i = start
            while i + 8 <= s.count {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
                let a = w ^ lf, b = w ^ backslash
                if ((a &- ones) & ~a | (b &- ones) & ~b) & high != 0 { break }  // a zero byte: a match
                i += 8
            }
            while i < s.count && s[i] != 0x0A && s[i] != UInt8(ascii: "\\") { i += 1 }
            return i
        }
    }

    /// Where a line that holds only a linkdoc directive comment ends (after its LF).
    private static func directiveLineEnd(_ s: [UInt8], from start: Int) -> Int? {
        var i = start
        while i < s.count && (s[i] == 0x20 || s[i] == 0x09) { i += 1 }
        guard s.count - i >= 4 + 8, s[i] == UInt8(ascii: "<"), s[i + 1] == UInt8(ascii: "!"),
              s[i + 2] == UInt8(ascii: "-"), s[i + 3] == UInt8(ascii: "-") else { return nil }
        var j = i + 4
        while j < s.count && s[j] == 0x20 { j += 1 }
        guard s[j..<min(s.count, j + 8)].elementsEqual("linkdoc-".utf8) else { return nil }
        var k = j
        while k + 2 < s.count && !(s[k] == UInt8(ascii: "-") && s[k + 1] == UInt8(ascii: "-") && s[k + 2] == UInt8(ascii: ">")) {
            if s[k] == 0x0A { return nil }
            k += 1
        }
        guard k + 2 < s.count else { return nil }
        var end = k + 3
        while end < s.count && (s[end] == 0x20 || s[end] == 0x09) { end += 1 }
        if end == s.count { return end }
        guard s[end] == 0x0A else { return nil }
        return end + 1
    }

    func sourceOffset(_ preparedOffset: Int) -> Int { map.sourceOffset(preparedOffset) }
}

/// A monotone map from offsets in a derived text back to offsets in its source,
/// made of copied runs; bytes that replaced or were inserted for source bytes map
/// to the start of what they replaced.
struct OffsetMap: Sendable {
    private struct Run: Sendable {
        var derivedStart: Int
        var sourceStart: Int
        var length: Int
        /// Whether offsets inside map one to one (a copy) or all to `sourceStart` (a replacement).
        var isCopy: Bool
    }

    /// One array of runs (not one array per field): one allocation per document.
    private var runs: [Run] = []

    struct Builder {
        var map = OffsetMap()
        mutating func copy(source: Int, length: Int, at derived: Int) {
            map.runs.append(Run(derivedStart: derived, sourceStart: source, length: length, isCopy: true))
        }
        mutating func replace(source: Int, length: Int, at derived: Int, outputLength: Int) {
            map.runs.append(Run(derivedStart: derived, sourceStart: source, length: outputLength, isCopy: false))
        }
    }

    /// The identity map.
    static let identity = OffsetMap()

    func sourceOffset(_ derived: Int) -> Int {
        guard let first = runs.first else { return derived }
        // The last run that starts at or before `derived`.
        var lo = 0, hi = runs.count - 1
        if derived < first.derivedStart { return first.sourceStart }
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if runs[mid].derivedStart <= derived { lo = mid } else { hi = mid - 1 }
        }
        let run = runs[lo]
        return run.isCopy ? run.sourceStart + (derived - run.derivedStart) : run.sourceStart
    }
}
