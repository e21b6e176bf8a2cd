// Byte-level helpers over the (sanitized) source.
//
// libxml2 reports *what* it parsed but not *where* it started; it only tells
// how far it has consumed. These helpers recover start positions from the
// source bytes, find what libxml2 consumed silently, and lex attribute names
// (for diagnostics that point at an attribute). All scans are bounded by the
// range given, so the total work stays linear in the input size.

import LinkDocBase
#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

extension ASCII {
    static let lessThan: UInt8 = 0x3C       // <
    static let greaterThan: UInt8 = 0x3E    // >
    static let slash: UInt8 = 0x2F          // /
    static let ampersand: UInt8 = 0x26      // &
    static let semicolon: UInt8 = 0x3B      // ;
    static let hash: UInt8 = 0x23           // #
    static let bang: UInt8 = 0x21           // !
    static let question: UInt8 = 0x3F       // ?
    static let equals: UInt8 = 0x3D         // =
    static let dash: UInt8 = 0x2D           // -
    static let newline: UInt8 = 0x0A
    static let tab: UInt8 = 0x09
    static let quote: UInt8 = 0x22
    static let apostrophe: UInt8 = 0x27

    /// Characters that may continue a tag name as libxml2 reads it.
    static func isTagNameChar(_ b: UInt8) -> Bool { isLetter(b) || isDigit(b) || b == 0x3A || b == 0x5F || b == 0x2E || b == dash }
    /// C0 controls libxml2 drops from text (not XML "Char"s).
    static func isDroppedControl(_ b: UInt8) -> Bool { b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D }
}

struct SourceScanner {
    let bytes: [UInt8]
    /// The work meter: scans tick it once per source byte they examine, so that tests can
    /// check that flattening stays linear by counting work, not by timing
    /// (`FlatHTML.work`). Owned by the Flattener; a pointer so non-mutating scans can tick.
    let meter: UnsafeMutablePointer<Int>

    @inline(__always) func tick(_ n: Int = 1) { meter.pointee &+= n }

    var count: Int { bytes.count }

    /// Lowercased tag name starting at `start` (which must be a letter).
    func tagName(at start: Int, limit: Int) -> (name: ElementName, end: Int) {
        var i = start
        while i < limit, ASCII.isTagNameChar(bytes[i]) { i += 1 }
        tick(i - start)
        return (ElementName(lowercasing: bytes[start..<i]), i)
    }

    /// Position of the `<` of the start tag `<name…` within `range`, where
    /// `name` is the (lowercased) name libxml2 reported. nil when libxml2
    /// invented the element (its implied <p>): then no such tag is there.
    func findStartTag(named name: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> Int? {
        guard !name.isEmpty, range.lowerBound < range.upperBound else { return nil }
        return bytes.withUnsafeBufferPointer { source in
            var i = range.lowerBound
            defer { tick(min(i + 1, range.upperBound) - range.lowerBound) }
            // From one "<" to the next with memchr (the range holds the whole tag).
            while i < range.upperBound,
                  let found = memchr(source.baseAddress! + i, Int32(ASCII.lessThan), range.upperBound - i) {
                i = UnsafeRawPointer(found) - UnsafeRawPointer(source.baseAddress!)
                if Self.matchesName(name, in: source, at: i + 1) { return i }
                i += 1
            }
            i = range.upperBound
            return nil
        }
    }

    private static func matchesName(_ name: UnsafeBufferPointer<UInt8>, in source: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start + name.count <= source.count else { return false }
        for k in 0..<name.count where ASCII.lower(source[start + k]) != name[k] {
            return false
        }
        let after = start + name.count
        return after == source.count || !ASCII.isTagNameChar(source[after])
    }

    /// First occurrence of `needle` within `range`.
    func find(_ needle: [UInt8], in range: Range<Int>) -> Int? {
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        var i = range.lowerBound
        let last = range.upperBound - needle.count
        while i <= last {
            tick()
            if bytes[i] == needle[0] {
                var k = 1
                while k < needle.count, bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    /// If `range` ends with a character reference libxml2 just parsed
    /// (`&name`, `&name;`, `&#123;`, `&#x1F;`, with or without `;`), its `&`.
    func referenceStart(endingIn range: Range<Int>) -> Int? {
        guard range.count >= 2 else { return nil }
        // Known entity names are at most 32 bytes, but libxml2 reports an unknown one
        // ("&" then the name as text) with the cursor after the whole name, however long,
        // so look back over the whole range. Still linear: the caller consumes it.
        // Called for every text chunk, so the look-back stops at the first byte no
        // reference can contain (what follows the `&` must be a name, "#" digits
        // or "#x" hex digits, then an optional ";"): the answer is nil then anyway.
        let floor = range.lowerBound
        let amp: Int? = bytes.withUnsafeBufferPointer { source in
            // Most text has no "&" at all: one memchr says so.
            guard memchr(source.baseAddress! + floor, Int32(ASCII.ampersand), range.count) != nil else {
                tick(range.count)
                return nil
            }
            var k = range.upperBound - 1
            if source[k] == ASCII.semicolon { k -= 1 }
            defer { tick(range.upperBound - 1 - max(k, floor - 1)) }
            while k >= floor {
                let b = source[k]
                if b == ASCII.ampersand { return k }
                guard ASCII.isTagNameChar(b) || b >= 0x80 || b == ASCII.hash else { return nil }
                k -= 1
            }
            return nil
        }
        guard let amp else { return nil }
        var body = bytes[(amp + 1)..<range.upperBound]
        if body.last == ASCII.semicolon { body = body.dropLast() }
        guard let first = body.first else { return nil }
        if first == ASCII.hash {
            let digits = body.dropFirst()
            if let x = digits.first, x | 0x20 == 0x78 {   // x / X
                let hex = digits.dropFirst()
                return !hex.isEmpty && hex.allSatisfy(ASCII.isHexDigit) ? amp : nil
            }
            return !digits.isEmpty && digits.allSatisfy(ASCII.isDigit) ? amp : nil
        }
        // libxml2 names: start with a letter, '_', ':' or non-ASCII.
        guard ASCII.isLetter(first) || first == 0x5F || first == 0x3A || first >= 0x80 else { return nil }
        let ok = body.allSatisfy { ASCII.isTagNameChar($0) || $0 >= 0x80 }
        return ok ? amp : nil
    }

    /// Finds where a text chunk reported by libxml2 sits in the source: the
    /// chunk must end at `end` and start at or after `floor`. Characters
    /// libxml2 drops (C0 controls) may be interleaved. Returns the start and
    /// whether the chunk is a verbatim copy of the source there.
    func alignText(_ text: UnsafeBufferPointer<UInt8>, endingAt end: Int, floor: Int) -> (start: Int, verbatim: Bool)? {
        guard end <= bytes.count, end >= floor else { return nil }
        return bytes.withUnsafeBufferPointer { source in
            // The usual case, one memcmp: the chunk is the source right before `end`.
            let start = end - text.count
            if start >= floor, text.count > 0,
               memcmp(source.baseAddress! + start, text.baseAddress!, text.count) == 0 {
                tick(text.count)
                return (start, true)
            }
            // Otherwise match from the end, skipping the characters libxml2 dropped.
            var i = text.count - 1
            var j = end - 1
            var verbatim = true
            var examined = 0
            defer { tick(examined) }
            while i >= 0 {
                examined += 1
                guard j >= floor else { return nil }
                if source[j] == text[i] {
                    i -= 1
                    j -= 1
                } else if ASCII.isDroppedControl(source[j]) || source[j] == 0x0D {
                    verbatim = false
                    j -= 1
                } else {
                    return nil
                }
            }
            return (j + 1, verbatim)
        }
    }

    /// Byte length of the last UTF-8 character in `text`.
    static func lastCharacterLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        var k = text.count - 1
        while k > 0, text[k] & 0xC0 == 0x80, text.count - k < 4 { k -= 1 }
        return text.count - k
    }

    /// The offsets of the character references to U+0000 (`&#0;`, `&#x00`, with or without `;`)
    /// in `start..<end`: libxml2 ends an attribute value at one.
    func nulCharacterReferences(from start: Int, to end: Int) -> [Int] {
        var found: [Int] = []
        var i = start
        // Most tags hold no "&": memchr reads them a vector at a time.
        while i + 2 < end, let ampersand = bytes.withUnsafeBufferPointer({ b in
            memchr(b.baseAddress! + i, Int32(ASCII.ampersand), end - i).map { UnsafeRawPointer($0) - UnsafeRawPointer(b.baseAddress!) }
        }) {
            i = ampersand
            guard i + 2 < end, bytes[i + 1] == UInt8(ascii: "#") else { i += 1; continue }
            var j = i + 2
            let hex = bytes[j] | 0x20 == UInt8(ascii: "x")
            if hex { j += 1 }
            let digitsStart = j
            while j < end, bytes[j] == UInt8(ascii: "0") { j += 1 }
            let isDigit: (UInt8) -> Bool = { b in
                (0x30...0x39).contains(b) || (hex && (0x61...0x66).contains(b | 0x20))
            }
            if j > digitsStart && (j == end || !isDigit(bytes[j])) { found.append(i) }
            i = j
        }
        return found
    }

    /// Attribute names and their positions inside a start tag
    /// `bytes[tagStart..<end]` (quotes respected). Names are lowercased, as libxml2
    /// reports them, unless `lowercased` is false (the source's spelling).
    func attributeNames(tagStart: Int, end: Int, lowercased: Bool = true) -> [(name: String, offset: Int)] {
        var result: [(name: String, offset: Int)] = []
        var i = tagStart + 1
        while i < end, ASCII.isTagNameChar(bytes[i]) { i += 1 }   // the tag name
        while i < end {
            while i < end, ASCII.isWhitespace(bytes[i]) || bytes[i] == ASCII.slash { i += 1 }
            guard i < end, bytes[i] != ASCII.greaterThan else { break }
            let nameStart = i
            var name: [UInt8] = []
            while i < end, !ASCII.isWhitespace(bytes[i]), bytes[i] != ASCII.equals,
                  bytes[i] != ASCII.greaterThan, bytes[i] != ASCII.slash {
                name.append(lowercased ? ASCII.lower(bytes[i]) : bytes[i])
                i += 1
            }
            if name.isEmpty { i += 1; continue }   // stray '=' or similar
            result.append((String(decoding: name, as: UTF8.self), nameStart))
            while i < end, ASCII.isWhitespace(bytes[i]) { i += 1 }
            guard i < end, bytes[i] == ASCII.equals else { continue }
            i += 1
            while i < end, ASCII.isWhitespace(bytes[i]) { i += 1 }
            guard i < end else { break }
            if bytes[i] == ASCII.quote || bytes[i] == ASCII.apostrophe {
                let q = bytes[i]
                i += 1
                while i < end, bytes[i] != q { i += 1 }
                i += 1
            } else {
                while i < end, !ASCII.isWhitespace(bytes[i]), bytes[i] != ASCII.greaterThan { i += 1 }
            }
        }
        return result
    }
}

/// libxml2 switches the whole rest of a document to ISO-8859-1 when it meets
/// one invalid UTF-8 sequence, and treats NUL as end of input in places. The
/// compiler promises valid UTF-8, but to never misparse we replace each
/// offending byte with "?" -- one byte for one byte, so offsets still match
/// the original input.
enum InputSanitizer {
    /// `input` with each offending byte replaced. With `knownValidUTF8` (the
    /// caller validated it) only NUL bytes are looked for, with memchr.
    static func sanitize(_ input: [UInt8], knownValidUTF8: Bool = false) -> [UInt8] {
        // Valid input (the compiler's always is) comes back as it is, uncopied.
        guard let firstBad = input.withUnsafeBufferPointer({
            knownValidUTF8 ? firstNUL(in: $0, from: 0) : firstInvalidByte(in: $0, from: 0)
        })
        else { return input }
        var output = input
        output.withUnsafeMutableBufferPointer { buffer in
            var i: Int? = firstBad
            while let bad = i {
                buffer[bad] = ASCII.question
                let rest = UnsafeBufferPointer(buffer)
                i = knownValidUTF8 ? firstNUL(in: rest, from: bad + 1) : firstInvalidByte(in: rest, from: bad + 1)
            }
        }
        return output
    }

    /// The offsets of the NUL bytes in `input`, ascending (`sanitize` makes each a `?`).
    static func nulOffsets(in input: [UInt8]) -> [Int] {
        input.withUnsafeBufferPointer { s in
            var offsets: [Int] = []
            var next = firstNUL(in: s, from: 0)
            while let i = next {
                offsets.append(i)
                next = firstNUL(in: s, from: i + 1)
            }
            return offsets
        }
    }

    private static func firstNUL(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < s.count, let found = memchr(s.baseAddress! + start, 0, s.count - start) else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(s.baseAddress!)
    }

    /// Offset of the first byte at or after `start` that is NUL or not part of
    /// a valid UTF-8 sequence, or nil.
    private static func firstInvalidByte(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let n = s.count
        var i = start
        while i < n {
            let b = s[i]
            if b >= 0x01 && b < 0x80 { i += 1; continue }
            let length = validSequenceLength(s, at: i)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    /// Length of the valid UTF-8 sequence at `i` (no overlongs, surrogates or
    /// values above U+10FFFF), or 0 (also for NUL).
    @inline(__always)
    private static func validSequenceLength(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        let b0 = s[i]
        @inline(__always) func isContinuation(_ k: Int) -> Bool { i + k < s.count && s[i + k] & 0xC0 == 0x80 }
        switch b0 {
        case 0xC2...0xDF:
            return isContinuation(1) ? 2 : 0
        case 0xE0...0xEF:
            guard isContinuation(1), isContinuation(2) else { return 0 }
            let b1 = s[i + 1]
            if b0 == 0xE0 && b1 < 0xA0 { return 0 }   // overlong
            if b0 == 0xED && b1 > 0x9F { return 0 }   // surrogate
            return 3
        case 0xF0...0xF4:
            guard isContinuation(1), isContinuation(2), isContinuation(3) else { return 0 }
            let b1 = s[i + 1]
            if b0 == 0xF0 && b1 < 0x90 { return 0 }
            if b0 == 0xF4 && b1 > 0x8F { return 0 }
            return 4
        default:
            return 0
        }
    }
}
