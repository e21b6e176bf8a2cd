#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A document's bytes prepared for the HTML parser, with a map back to the source.
///
/// Two things must not reach libxml2 as markup:
/// - escaped `\<` and `\&`: they become `\&lt;` and `\&amp;`, which libxml2 decodes
///   back to `\<` and `\&`, so the inline parser still sees (and removes) the escape;
/// - CommonMark autolinks `<https://…>` and `<dpo@example.com>`: their brackets become `&lt;` and
///   `&gt;`, so libxml2 gives them to the inline parser as text (which links them), not as tags;
/// - a line that holds only a `<!-- linkdoc-… -->` directive (lint suppressions):
///   it is dropped with its line break, so it leaves no empty paragraph and no
///   "comment removed" warning.
struct PreparedText: Sendable {
    let bytes: [UInt8]
    let map: OffsetMap

    init(_ source: [UInt8]) {
        // Most documents have neither a backslash nor a comment (so no directive line): then
        // nothing changes, and the source is shared as it is with the one copy run the loop
        // below would have made (two vector scans instead of a pass by lines and a copy).
        let unchanged = source.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return true }
            guard memchr(base, Int32(UInt8(ascii: "\\")), s.count) == nil else { return false }
            // Any "<!--"? From one '<' to the next by memchr (tags are few next to the text).
            var i = 0
            while i < s.count, let found = memchr(base + i, Int32(UInt8(ascii: "<")), s.count - i) {
                let k = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                if k + 4 <= s.count && s[k + 1] == UInt8(ascii: "!") && s[k + 2] == UInt8(ascii: "-") && s[k + 3] == UInt8(ascii: "-") {
                    return false
                }
                if AngleAutolink.end(s, openingAt: k) != nil { return false }
                i = k + 1
            }
            return true
        }
        if unchanged {
            // One copy run from offset 0 would map every offset to itself, as the identity map
            // does with no runs, and so no array to allocate.
            bytes = source
            map = .identity
            return
        }
        var builder = OffsetMap()
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 16)
        var copied = 0  // source bytes before this are handled
        source.withUnsafeBufferPointer { s in
            func copy(upTo end: Int) {
                guard end > copied else { return }
                builder.copy(from: copied, at: out.count)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: s[copied..<end]))
                copied = end
            }
            let n = s.count
            var i = 0
            var lineStart = true
            /// The first `byte` at or after `start`, or `n`.
            func next(_ byte: UInt8, from start: Int) -> Int {
                guard start < n, let found = memchr(s.baseAddress! + start, Int32(byte), n - start) else { return n }
                return UnsafeRawPointer(found) - UnsafeRawPointer(s.baseAddress!)
            }
            var nextBackslash = next(UInt8(ascii: "\\"), from: 0)
            var nextAngle = next(UInt8(ascii: "<"), from: 0)
            var nextLineFeed = next(0x0A, from: 0)
            while i < n {
                if lineStart, let end = Self.directiveLineEnd(s, from: i) {
                    copy(upTo: i)
                    copied = end  // dropped
                    i = end
                    continue
                }
                let b = s[i]
                lineStart = b == 0x0A
                if b == UInt8(ascii: "\\") && i + 1 < n && (s[i + 1] == UInt8(ascii: "<") || s[i + 1] == UInt8(ascii: "&")) {
                    copy(upTo: i + 1)  // the backslash stays
                    let entity = s[i + 1] == UInt8(ascii: "<") ? Self.escapedLessThan : Self.escapedAmpersand
                    builder.replace(i + 1, at: out.count)
                    out += entity
                    copied = i + 2
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "<"), let close = AngleAutolink.end(s, openingAt: i) {
                    copy(upTo: i)
                    builder.replace(i, at: out.count)
                    out += Self.escapedLessThan
                    copied = i + 1
                    copy(upTo: close)
                    builder.replace(close, at: out.count)
                    out += Self.escapedGreaterThan
                    copied = close + 1
                    i = close + 1
                    continue
                }
                i += 1
                // Inside a line only a backslash, a `<` or the next line matters: skip to it
                // with memchr (this runs over every byte of every HTML document).
                if !lineStart {
                    if nextBackslash < i { nextBackslash = next(UInt8(ascii: "\\"), from: i) }
                    if nextAngle < i { nextAngle = next(UInt8(ascii: "<"), from: i) }
                    // Each found once: a search per stop would read the rest of a long line at every `<`.
                    if nextLineFeed < i { nextLineFeed = next(0x0A, from: i) }
                    i = min(nextLineFeed, nextBackslash, nextAngle)
                }
            }
            copy(upTo: n)
        }
        bytes = out
        map = builder
    }

    private static let escapedLessThan = Array("&lt;".utf8)
    private static let escapedAmpersand = Array("&amp;".utf8)
    private static let escapedGreaterThan = Array("&gt;".utf8)
    private static let directiveOpen = Array("<!--".utf8)
    private static let directivePrefix = Array("linkdoc-".utf8)

    /// Where a line that holds only a linkdoc directive comment ends (after its LF).
    private static func directiveLineEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var i = start
        while i < s.count && (s[i] == 0x20 || s[i] == 0x09) { i += 1 }
        guard s.count - i >= directiveOpen.count + 8, s[i..<i + 4].elementsEqual(directiveOpen) else { return nil }
        var j = i + 4
        while j < s.count && s[j] == 0x20 { j += 1 }
        guard s[j..<min(s.count, j + 8)].elementsEqual(directivePrefix) else { return nil }
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
