import Foundation  // memchr
import LinkDocModel

/// The emit stage: turns the resolved display text and link drafts into an
/// `AssembledDocument`, counting every range in UTF-16, Unicode scalars and UTF-8,
/// and widening any link edge that would split a grapheme cluster.
enum DocumentAssembler {
    /// The emit stage's working arrays, lent empty by the caller, who takes them back after: the
    /// line starts, and (for a document with styles or images) their sorted edges and the
    /// positions of those.
    struct Scratch {
        var lineStarts: [Int] = []
        var offsets: [Int] = []
        var positions: [TextPosition] = []
    }

    /// Styles and attachments come with their byte ranges in the display text, and are widened in
    /// place. The document's links are written into `places` and its paragraphs into `paragraphs`,
    /// buffers the caller lends empty (`places` with room for every draft) and takes back from the
    /// document when done with it (`CompileWorkspace.reclaim`). The bytes counted are added to `work`.
    static func assemble(text bytes: consuming [UInt8], links drafts: consuming [LinkDraft], styles: inout [StyleSpan],
                         attachments: inout [AttachmentSpan], places: consuming [AssembledDocument.LinkPlace],
                         paragraphs: consuming [TextRange], scratch: inout Scratch, work: inout Int) -> AssembledDocument {
        lineStarts(bytes, into: &scratch.lineStarts)
        if !bytes.isEmpty && paragraphs.capacity <= scratch.lineStarts.count { paragraphs.reserveCapacity(scratch.lineStarts.count + 1) }
        guard !drafts.isEmpty || !styles.isEmpty || !attachments.isEmpty else {
            // Only paragraphs: no edges to round, nothing to place.
            countPositions(bytes, scratch.lineStarts, into: &paragraphs, links: UnsafeMutableBufferPointer(start: nil, count: 0))
            work &+= 2 &* bytes.count
            return AssembledDocument(text: bytes, drafts: drafts, links: places, styles: [], paragraphs: paragraphs, attachments: [])
        }
        // Strings of the text only around edges that may split a cluster.
        var text = GraphemeAlignment.Segmenter(bytes: copy bytes)
        // Widening may make neighbours touch or overlap; the earlier link keeps the cluster.
        // The links start with their UTF-8 spans only; the other units are filled in below,
        // once one pass has counted them.
        var links = places
        for (k, draft) in drafts.enumerated() {
            let range = GraphemeAlignment.widen(draft.utf8, in: &text)
            if let last = links.last, range.lowerBound < last.range.utf8.upperBound { continue }
            let utf8 = TextSpan(location: range.lowerBound, length: range.count)
            links.append(.init(draft: k, range: TextRange(utf16: utf8, scalars: utf8, utf8: utf8)))
        }
        for k in styles.indices { styles[k].range = GraphemeAlignment.widen(styles[k].range, in: &text) }
        for k in attachments.indices { attachments[k].range = GraphemeAlignment.widen(attachments[k].range, in: &text) }
        links.withUnsafeMutableBufferPointer { countPositions(bytes, scratch.lineStarts, into: &paragraphs, links: $0) }
        // Work: the bytes counted and searched for line breaks, and the grapheme stretches decoded.
        work &+= 2 &* bytes.count &+ text.decodedBytes

        // Styles and attachments (HTML) may come in any order: their edges, sorted, get a table
        // of positions, counted in a pass of its own.
        var documentStyles: [Style] = [], documentAttachments: [Attachment] = []
        if !styles.isEmpty || !attachments.isEmpty {
            var offsets: [Int] = []
            swap(&offsets, &scratch.offsets)
            offsets.reserveCapacity(2 * (styles.count + attachments.count))
            for k in styles.indices { offsets.append(styles[k].range.lowerBound); offsets.append(styles[k].range.upperBound) }
            for k in attachments.indices { offsets.append(attachments[k].range.lowerBound); offsets.append(attachments[k].range.upperBound) }
            offsets.sort()
            let counted = offsets.last!
            var buffer: [TextPosition] = []
            swap(&buffer, &scratch.positions)
            // Consumed: the table then holds the only references, and its buffers go back unshared.
            var positions = PositionTable(bytes: copy bytes, ascending: consume offsets, buffer: consume buffer)
            func textRange(_ r: Range<Int>) -> TextRange { positions.range(r.lowerBound, r.upperBound) }
            if !styles.isEmpty { documentStyles.reserveCapacity(styles.count) }
            for k in styles.indices { documentStyles.append(Style(range: textRange(styles[k].range), attributes: styles[k].style)) }
            if !attachments.isEmpty { documentAttachments.reserveCapacity(attachments.count) }
            for k in attachments.indices {
                let span = attachments[k]
                documentAttachments.append(Attachment(range: textRange(span.range), url: span.url, alt: span.alt,
                                                      width: span.width, height: span.height))
            }
            // Work: the bytes this table counted, and the steps of its lookups.
            work &+= counted &+ positions.steps
            (scratch.offsets, scratch.positions) = positions.removeBuffers()
        }
        return AssembledDocument(text: bytes, drafts: drafts, links: links, styles: documentStyles,
                                 paragraphs: paragraphs, attachments: documentAttachments)
    }

    /// Appends the paragraphs that `breaks` (line starts) cut the text into, and fills in the
    /// positions of `links` (UTF-8 spans only so far, ascending and apart): the edges of both
    /// ascend, so they are counted in one merged pass, with no table of positions and no lookups.
    private static func countPositions(_ bytes: [UInt8], _ breaks: [Int], into paragraphs: inout [TextRange],
                                       links: UnsafeMutableBufferPointer<AssembledDocument.LinkPlace>) {
        bytes.withUnsafeBufferPointer { s in
            breaks.withUnsafeBufferPointer { breaks in
                var pass = ParagraphPass()
                for k in links.indices {
                    let utf8 = links[k].range.utf8
                    let start = pass.position(of: utf8.location, in: s, breaks: breaks, paragraphs: &paragraphs)
                    links[k].range = start.range(to: pass.position(of: utf8.upperBound, in: s, breaks: breaks,
                                                                      paragraphs: &paragraphs))
                }
                pass.finish(in: s, breaks: breaks, paragraphs: &paragraphs)
            }
        }
    }

    /// The offsets just after each LF: where paragraphs end.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts: [Int] = []
        lineStarts(bytes, into: &starts)
        return starts
    }

    /// Appends the offsets just after each LF to `starts`.
    static func lineStarts(_ bytes: [UInt8], into starts: inout [Int]) {
        bytes.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return }
            var i = 0
            // libc's memchr skips the (usually long) runs without a line break many bytes at a time.
            while i < s.count, let found = memchr(base + i, 0x0A, s.count - i) {
                i = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                starts.append(i)
            }
        }
    }
}

/// The paragraphs of a text cut at its line starts, their edges counted in one ascending pass
/// with the offsets asked for between them (a document's link edges, which ascend too).
struct ParagraphPass {
    private var counter = PositionCounter()
    private var nextBreak = 0
    private var paragraphStart = TextPosition.zero

    /// The position of `offset` (not before the one asked for last, and at the start of a scalar),
    /// once the paragraphs that end at or before it are appended.
    @inline(__always)
    mutating func position(of offset: Int, in s: UnsafeBufferPointer<UInt8>, breaks: UnsafeBufferPointer<Int>,
                           paragraphs: inout [TextRange]) -> TextPosition {
        while nextBreak < breaks.count && breaks[nextBreak] <= offset {
            let end = counter.position(of: breaks[nextBreak], in: s)
            paragraphs.append(paragraphStart.range(to: end))
            paragraphStart = end
            nextBreak &+= 1
        }
        return counter.position(of: offset, in: s)
    }

    /// Appends the paragraphs left: up to the last line start, and the last one unless the text
    /// ends with its line break.
    mutating func finish(in s: UnsafeBufferPointer<UInt8>, breaks: UnsafeBufferPointer<Int>, paragraphs: inout [TextRange]) {
        let end = position(of: s.count, in: s, breaks: breaks, paragraphs: &paragraphs)
        if paragraphStart.utf8 < s.count { paragraphs.append(paragraphStart.range(to: end)) }
    }
}

/// The positions of ascending UTF-8 offsets of a text, each counted on from the one before.
struct PositionCounter {
    private var last = TextPosition.zero

    /// The position of `offset` (not before the one asked for last, and at the start of a scalar).
    @inline(__always)
    mutating func position(of offset: Int, in s: UnsafeBufferPointer<UInt8>) -> TextPosition {
        // Scalars are the bytes but continuation bytes; UTF-16 has one more unit for each
        // four-byte sequence. (No count here can overflow: they are at most the text's length.)
        let (continuations, fourByteLeads) = UTF8Census.count(s, from: last.utf8, to: offset)
        let scalars = offset &- last.utf8 &- continuations
        last.scalars &+= scalars
        last.utf16 &+= scalars &+ fourByteLeads
        last.utf8 = offset
        return last
    }
}

/// UTF-8 offsets translated to full positions in one pass over the text.
struct PositionTable {
    private var offsets: [Int]
    private var positions: [TextPosition]

    /// `offsets` ascending (repeats allowed); each must start a scalar. The positions are
    /// written into `buffer` (emptied), so that a reused one needs no allocation.
    init(bytes: [UInt8], ascending offsets: [Int], buffer: [TextPosition] = []) {
        var positions = buffer
        if !positions.isEmpty { positions.removeAll(keepingCapacity: true) }
        positions.reserveCapacity(offsets.count)
        bytes.withUnsafeBufferPointer { s in
            var counter = PositionCounter()
            for offset in offsets { positions.append(counter.position(of: offset, in: s)) }
        }
        self.offsets = offsets
        self.positions = positions
    }

    /// Moves the offsets and positions out, for their owner to keep; the table is empty after.
    mutating func removeBuffers() -> (offsets: [Int], positions: [TextPosition]) {
        var removed: (offsets: [Int], positions: [TextPosition]) = ([], [])
        swap(&removed.offsets, &offsets)
        swap(&removed.positions, &positions)
        last = 0
        return removed
    }

    /// Where the last lookup found its offset: lookups mostly ascend (links, then
    /// paragraphs), so the next one is usually found a step or two further on.
    private var last = 0
    /// Entries the lookups stepped over or bisected (the emit stage's work meter).
    private(set) var steps = 0

    /// The range between two offsets that were asked for.
    mutating func range(_ lower: Int, _ upper: Int) -> TextRange {
        let start = self[lower]
        return start.range(to: self[upper])
    }

    subscript(offset: Int) -> TextPosition {
        mutating get {
            var i = last
            if offsets[i] <= offset {
                while i + 1 < offsets.count && offsets[i] < offset { i += 1; steps &+= 1 }
            } else {
                // Back to an earlier offset (a style or attachment): bisect.
                var hi = i
                i = 0
                while i < hi {
                    steps &+= 1
                    let mid = (i + hi) / 2
                    if offsets[mid] < offset { i = mid + 1 } else { hi = mid }
                }
            }
            precondition(offsets[i] == offset, "position of an offset that was not asked for")
            last = i
            return positions[i]
        }
    }
}

/// Link edges must not fall inside a grapheme cluster (a flag, a family emoji,
/// a letter with a combining mark), or a layout would tint half a character.
enum GraphemeAlignment {
    /// Rounds offsets of the display text to grapheme cluster boundaries. The standard
    /// library's segmentation needs a `String`; rather than validating the whole text
    /// into one (most documents never need it), each rounding decodes just the stretch
    /// around its offset, from the nearest safe boundary before it to the nearest after
    /// it (`isSafeBoundary`). Both are boundaries of the whole text, and nothing before
    /// a pair of plain characters bears on the segmentation after it: the rules that
    /// look further back (emoji ZWJ sequences, regional-indicator pairs, Indic conjuncts)
    /// chain through characters that are never plain. So the stretch segments as the
    /// whole text does. Stretches are bounded (`reach`), and once they have decoded as
    /// many bytes as the text has, the whole text is decoded once and used from then
    /// on: a long text of other scripts with many links decodes at most about twice
    /// its length, never once per link.
    struct Segmenter {
        let bytes: [UInt8]
        private var whole: String?
        private var decoded = 0
        /// The bytes decoded so far, the whole text counted once (the emit stage's work meter).
        var decodedBytes: Int { whole == nil ? decoded : decoded + bytes.count }
        /// How far a stretch may reach on each side of its offset before the whole text is used.
        static let reach = 256

        init(bytes: [UInt8]) { self.bytes = bytes }

        /// The text around `offset` (which starts a scalar) and where it starts in the display text.
        private mutating func stretch(around offset: Int) -> (text: String, start: Int) {
            if let whole { return (whole, 0) }
            var start = offset, end = offset
            repeat {
                start = GraphemeAlignment.previousStart(start, bytes)
            } while offset - start <= Self.reach && !GraphemeAlignment.isSafeBoundary(start, bytes)
            repeat {
                end = GraphemeAlignment.nextStart(end, bytes)
            } while end - offset <= Self.reach && !GraphemeAlignment.isSafeBoundary(end, bytes)
            decoded += end - start
            guard GraphemeAlignment.isSafeBoundary(start, bytes) && GraphemeAlignment.isSafeBoundary(end, bytes)
                    && decoded <= bytes.count else {
                let string = String(decoding: bytes, as: UTF8.self)
                whole = string
                return (string, 0)
            }
            let text = bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<end]), as: UTF8.self) }
            return (text, start)
        }

        mutating func roundDown(_ offset: Int) -> Int {
            let (text, start) = stretch(around: offset)
            return start + GraphemeAlignment.roundDown(offset - start, in: text)
        }

        mutating func roundUp(_ offset: Int) -> Int {
            let (text, start) = stretch(around: offset)
            return start + GraphemeAlignment.roundUp(offset - start, in: text)
        }
    }

    static func widen(_ range: Range<Int>, in text: inout Segmenter) -> Range<Int> {
        // Most edges lie between plain characters: decided here, without the segmenter.
        let (lowerKept, upperKept) = text.bytes.withUnsafeBufferPointer { s in
            (isBoundary(range.lowerBound, s), isBoundary(range.upperBound, s))
        }
        var lower = range.lowerBound, upper = range.upperBound
        if !lowerKept { lower = text.roundDown(lower) }
        if !upperKept { upper = text.roundUp(upper) }
        return lower..<upper
    }

    /// Whether `offset` (which starts a scalar) is sure to be a cluster boundary: a safe one, or
    /// a plain character followed by an emoticon (U+1F600–U+1F64F, which are neither Extend nor
    /// SpacingMark): only a ZWJ (GB11) or a Prepend (GB9b) before one joins it, and neither is
    /// plain. (An emoticon may take an Extend or a ZWJ after it, so the edge after one is asked.)
    /// `false`: the segmenter decides.
    @inline(__always)
    static func isBoundary(_ offset: Int, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if offset == 0 || offset == s.count { return true }
        guard isPlain(scalarStarting: previousStart(offset, s), s) else { return false }
        if isPlain(scalarStarting: offset, s) { return true }
        // U+1F600–U+1F64F: F0 9F 98 80 through F0 9F 99 8F.
        return offset + 3 < s.count && s[offset] == 0xF0 && s[offset + 1] == 0x9F
            && (s[offset + 2] == 0x98 || (s[offset + 2] == 0x99 && s[offset + 3] < 0x90))
    }

    /// Between two characters that are each ASCII (no CR here: text is LF-normalized)
    /// or CJK (ideographs, CJK symbols and punctuation, full-width forms) there is
    /// always a boundary: neither is Extend, ZWJ, SpacingMark, Prepend, Hangul or a
    /// regional indicator, and neither follows a ZWJ. Elsewhere ask the standard
    /// library, which implements the Unicode segmentation rules.
    static func isSafeBoundary(_ offset: Int, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { isSafeBoundary(offset, $0) }
    }

    @inline(__always)
    static func isSafeBoundary(_ offset: Int, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        if offset == 0 || offset == s.count { return true }
        return isPlain(scalarStarting: offset, s) && isPlain(scalarStarting: previousStart(offset, s), s)
    }

    static func previousStart(_ offset: Int, _ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { previousStart(offset, $0) }
    }

    @inline(__always)
    static func previousStart(_ offset: Int, _ s: UnsafeBufferPointer<UInt8>) -> Int {
        var i = offset - 1
        while i > 0 && s[i] & 0xC0 == 0x80 { i -= 1 }
        return i
    }

    static func nextStart(_ offset: Int, _ bytes: [UInt8]) -> Int {
        var i = offset + 1
        while i < bytes.count && bytes[i] & 0xC0 == 0x80 { i += 1 }
        return i
    }

    @inline(__always)
    private static func isPlain(scalarStarting i: Int, _ s: UnsafeBufferPointer<UInt8>) -> Bool {
        let b0 = s[i]
        if b0 < 0x80 { return b0 != 0x0D }
        if b0 >= 0xC2 && b0 < 0xCC && i + 1 < s.count {
            // U+0080–U+02FF: Latin-1 and Latin Extended letters, before the combining marks.
            return true
        }
        guard b0 >= 0xE0 && b0 < 0xF0 && i + 2 < s.count else { return false }
        let c = UInt32(b0 & 0x0F) << 12 | UInt32(s[i + 1] & 0x3F) << 6 | UInt32(s[i + 2] & 0x3F)
        // The lead byte gives the 4,096 scalars `c` lies among, so each case tests its own ranges:
        // ideographs (U+3400–U+4DBF, U+4E00–U+9FFF), CJK symbols and punctuation (U+3000–U+3029,
        // U+3031–U+303C), full-width forms (U+FF01–U+FF60), general punctuation (U+2010–U+2027,
        // U+2030–U+205E).
        switch b0 {
        case 0xE4...0xE9: return c >= 0x4E00 || c <= 0x4DBF
        case 0xE3: return c >= 0x3400 || c <= 0x3029 || (0x3031...0x303C).contains(c)
        case 0xEF: return (0xFF01...0xFF60).contains(c)
        case 0xE2: return (0x2010...0x2027).contains(c) || (0x2030...0x205E).contains(c)
        default: return false
        }
    }

    private static func index(_ offset: Int, in text: String) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    /// The end of the cluster that `offset` lies in (`offset` itself on a boundary).
    static func roundUp(_ offset: Int, in text: String) -> Int {
        let i = index(offset, in: text)
        if i.samePosition(in: text) != nil { return offset }
        let up = text.index(after: i)  // rounds down to the cluster start, then steps over it
        return text.utf8.distance(from: text.utf8.startIndex, to: up)
    }

    /// The start of the cluster that `offset` lies in.
    static func roundDown(_ offset: Int, in text: String) -> Int {
        let i = index(offset, in: text)
        if i.samePosition(in: text) != nil { return offset }
        let down = text.index(before: text.index(after: i))
        return text.utf8.distance(from: text.utf8.startIndex, to: down)
    }
}
