@_spi(Bytes) import LinkDocBase
#if canImport(Glibc)
import Glibc  // memcmp
#elseif canImport(Darwin)
import Darwin
#endif

/// The parse stage: turns the bytes of a document into display text and link syntax.
///
/// Precedence (Grammar/linkdoc.ebnf, "Precedence"): HTML `<a>` elements, then
/// explicit links `[text](target)`, are found first and are never split or nested;
/// nothing inside them is parsed. In the text between them the
/// parser moves left to right and the construct that starts first wins; nothing
/// that starts in that text may reach into an explicit link. Constructs start
/// with different characters, so no two can start at the same place, except that
/// an email's local part is found by looking back from its `@`.
///
/// Every loop below either advances or stops at a line break, a limit, or a
/// bounded length, so parsing is linear in the input.
public struct ParseOptions: Sendable {
    /// Titles that the manifest knows; any other `《title》` stays text. Kept as UTF-8
    /// bytes: titles match exactly, and byte comparison skips Unicode normalization.
    public var agreementTitles: Set<[UInt8]> {
        didSet { titleTable = ByteStringTable(agreementTitles.map { ($0, nil) }) }
    }
    /// `agreementTitles` for lookups by a slice of the input (no array, no hashing per byte), with
    /// the manifest's agreement of each title when the compiler made the options (`CompilerContext`):
    /// the parser's lookup is then the only one, and the resolver takes the agreement from the syntax.
    var titleTable: ByteStringTable<ManifestIndex.Entry?>
    public var maxTopicLength: Int
    public var maxMentionLength: Int
    /// Which detectors run. `known` is decided by the resolver (it looks the name up anyway):
    /// the parser finds every mention and topic that is not `off`.
    public var detectors: Detectors

    public init(agreementTitles: Set<String> = [], maxTopicLength: Int = 64, maxMentionLength: Int = 30,
                detectors: Detectors = Detectors()) {
        let titles = Set(agreementTitles.map { Array($0.utf8) })
        self.agreementTitles = titles
        self.titleTable = ByteStringTable(titles.map { ($0, nil) })
        self.maxTopicLength = maxTopicLength
        self.maxMentionLength = maxMentionLength
        self.detectors = detectors
    }
}

/// Noncopyable for the reason `Resolver` is: one parser per document, built in place.
struct InlineParser: ~Copyable {
    let s: UnsafeBufferPointer<UInt8>
    /// What the parser reads of its `ParseOptions`. Not the options themselves: a copy of those
    /// would retain (and the parser's end release) the set of titles too, once per document.
    private struct Settings {
        let titleTable: ByteStringTable<ManifestIndex.Entry?>
        let maxTopicLength: Int
        let maxMentionLength: Int
        let detectors: Detectors
    }
    private let options: Settings
    /// The work meter: every loop over `s` ticks it once per byte it examines, so that
    /// tests can assert that parsing stays linear by counting work rather than timing it
    /// (Tests/LinkDocCoreTests/WorkGrowthTests.swift). A pointer, not a stored counter,
    /// so that the non-mutating helpers can tick too; one add per byte costs next to nothing.
    private let meter: UnsafeMutablePointer<Int>
    private(set) var inlines: [Inline] = []
    private(set) var links: [LinkSyntax] = []
    private(set) var bookTitles: [BookTitle] = []
    private(set) var notes: [ParseNote] = []
    /// Start of the display text that is not emitted yet.
    private var pendingStart = 0
    /// Matching `)` for each `(` that has one on its line; built on first use.
    private var closingParen: [Int: Int]? = nil

    /// Parses `bytes` into `parsed`, whose pieces and links arrays are lent empty by the caller
    /// (the compile workspace's buffers), with room for a typical document's; the bytes examined
    /// are added to `work`. `skimming: false` leaves every document to the parser (tests compare
    /// the two).
    static func parse(_ bytes: [UInt8], options: ParseOptions, anchors: [AnchorSpan] = [],
                      into parsed: inout ParsedDocument, work: inout Int, skimming: Bool = true) {
        // Text without anchors and without `[` (so without opaque spans) is skimmed here up to the
        // first byte that may start a construct or an escape. When there is none (a sentence
        // without links: most short records), the document is one text piece and no parser is made,
        // whose set-up and end cost more than such a document's parse; else the parser goes on from
        // there. Counted as the parser counts the search for `[` and a plain run.
        let n = bytes.count
        let plainOpening: Int? = !skimming || !anchors.isEmpty ? nil : bytes.withUnsafeBufferPointer { s in
            guard let base = s.baseAddress else { return 0 }
            guard memchr(base, Int32(UInt8(ascii: "[")), n) == nil else { return nil }
            return plainStep.withUnsafeBufferPointer { plainRunEnd(s, from: 0, limit: n, table: $0) }
        }
        if plainOpening != nil && n > 0 { work &+= 1 &+ n }
        if plainOpening == n {
            if n > 0 {
                parsed.inlines.append(.text(0..<n))
                work &+= 1 &+ n
            }
            return
        }
        withUnsafeMutablePointer(to: &work) { meter in bytes.withUnsafeBufferPointer { s in
            var parser = InlineParser(s: s, options: options, anchors: anchors, meter: meter)
            // Swapped in and out, not passed to the initializer, so that the parser holds the only
            // reference (a shared buffer would be copied on the first append), and its end then
            // releases empty arrays only.
            swap(&parser.inlines, &parsed.inlines)
            swap(&parser.links, &parsed.links)
            parser.run(plainOpening: plainOpening)
            swap(&parser.inlines, &parsed.inlines)
            swap(&parser.links, &parsed.links)
            swap(&parser.bookTitles, &parsed.bookTitles)
            swap(&parser.notes, &parsed.notes)
        } }
    }

    /// Counts `n` bytes examined (see `meter`).
    @inline(__always) private func tick(_ n: Int = 1) { meter.pointee &+= n }

    /// `<a>` elements, sorted, not overlapping.
    private let anchors: [AnchorSpan]
    private var nextAnchor = 0

    private init(s: UnsafeBufferPointer<UInt8>, options: ParseOptions, anchors: [AnchorSpan],
                 meter: UnsafeMutablePointer<Int>) {
        self.s = s
        self.options = Settings(titleTable: options.titleTable, maxTopicLength: options.maxTopicLength,
                                maxMentionLength: options.maxMentionLength, detectors: options.detectors)
        self.anchors = anchors
        self.meter = meter
    }

    // MARK: The main loop

    /// For each byte: 0 when a construct or an escape may start at it, else how far the plain-text
    /// scan may step (the length of the UTF-8 sequence it leads, 1 for any other byte). Stepping
    /// over a whole sequence matters for CJK copy, where most bytes are the second and third of a
    /// character: one table look-up a character, not three. Continuation bytes start nothing, so
    /// the step skips nothing that a byte-by-byte scan would have stopped at.
    private static let plainStep: [UInt8] = {
        var table = [UInt8](repeating: 1, count: 256)
        for b in 0xC0...0xFF { table[b] = UInt8(UTF8Scalar.sequenceLength(UInt8(b))) }
        for c in "\\#@+(<hHwW0123456789" { table[Int(c.asciiValue!)] = 0 }
        table[0xE3] = 0  // 《 is E3 80 8A
        table[0xEF] = 0  // （ and ＋ are EF BC 88 and EF BC 8B
        return table
    }()

    /// `plainOpening`: where the plain text at the start ends, when the caller skimmed it and found
    /// no opaque span in the text (`parse`).
    private mutating func run(plainOpening: Int? = nil) {
        let n = s.count
        var nextExplicit = plainOpening == nil ? findOpaqueSpan(from: 0) : nil
        var skimmedEnd = plainOpening
        // Where the next opaque span starts (n when there is none): the loop reads this Int, and
        // takes the span out of `nextExplicit` only when it gets there (binding it each time
        // would copy the whole syntax, retaining every string and slice array in it).
        var limit = nextExplicit?.source.lowerBound ?? n
        var i = 0
        Self.plainStep.withUnsafeBufferPointer { table in
            while i < n {
                tick()
                if i == limit, let explicit = nextExplicit.take() {
                    let end = explicit.source.upperBound
                    if case .htmlAnchor = explicit.kind, explicit.display.isEmpty {
                        flushText(upTo: i)  // an anchor around nothing: no link, nothing to show
                    } else {
                        emit(consume explicit)
                    }
                    i = end
                    pendingStart = max(pendingStart, i)
                    nextExplicit = findOpaqueSpan(from: i)
                    limit = nextExplicit?.source.lowerBound ?? n
                    continue
                }
                // Skip plain text quickly; most bytes start nothing (one tick for the run).
                let runStart = i
                i = skimmedEnd.take() ?? Self.plainRunEnd(s, from: i, limit: limit, table: table)
                tick(i - runStart)
                guard i < limit else { continue }
                if s[i] == UInt8(ascii: "\\") {
                    if let length = escapedLength(at: i + 1, limit: limit) {
                        // Drop the backslash: the next text run starts at the escaped character.
                        flushText(upTo: i)
                        pendingStart = i + 1
                        i += 1 + length
                    } else {
                        i += 1
                    }
                    continue
                }
                if let link = construct(at: i, limit: limit) {
                    i = link.source.upperBound
                    emit(link)
                } else {
                    i += UTF8Scalar.sequenceLength(s[i])
                }
            }
        }
        flushText(upTo: n)
    }

    /// Where the plain text from `start` ends, by `limit`: the first byte at which a construct or an
    /// escape may start. `table` is `plainStep`.
    private static func plainRunEnd(_ s: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int,
                                    table: UnsafeBufferPointer<UInt8>) -> Int {
        var i = start
        while i < limit {
            let step = Int(table[Int(s[i])])
            if step == 0 {
                let b = s[i]
                if b >= 0xE3 {
                    // E3 and EF lead most CJK punctuation (、。「」，：；！？), which starts nothing.
                    guard i &+ 2 < limit, isInertCJKPunctuation(b, s[i &+ 1], s[i &+ 2]) else { break }
                    i &+= 3
                    continue
                }
                guard i > 0, continuesWord(b, after: s[i &- 1]) else { break }
                i &+= 1
                continue
            }
            i &+= step  // no overflow: `i` is below the count, a step at most 4
        }
        // A sequence cut short by the limit (only in text that is not valid UTF-8) ends there.
        return min(i, limit)
    }

    /// Whether `b`, one of the bytes that may start a bare URL (`h`, `w`) or a phone number (a
    /// digit), only goes on a word or a number: after an ASCII letter or digit neither starts
    /// (`bareURL`, `PhoneNumberMatcher.match`), and most `h`, `w` and digits in copy are there
    /// (`the`, `show`, `2026`). `construct(at:limit:)` returns nil wherever this holds
    /// (Tests/LinkDocCoreTests/FastPathTests.swift).
    @inline(__always)
    static func continuesWord(_ b: UInt8, after previous: UInt8) -> Bool {
        let lower = b | 0x20
        return (lower == UInt8(ascii: "h") || lower == UInt8(ascii: "w") || b &- UInt8(ascii: "0") < 10)
            && ASCII.isLetterOrDigit(previous)
    }

    /// Whether the three-byte sequence `b0 b1 b2` led by E3 or EF is one that no construct starts
    /// with: all but 《 (E3 80 8A, an agreement) and the full-width （ ＋ and digits ０–９ (EF BC 88,
    /// 8B, 90–99, where a phone number may start). `construct(at:limit:)` returns nil at every
    /// sequence this accepts (Tests/LinkDocCoreTests/FastPathTests.swift checks all of them).
    static func isInertCJKPunctuation(_ b0: UInt8, _ b1: UInt8, _ b2: UInt8) -> Bool {
        switch b0 {
        case 0xE3: return !(b1 == 0x80 && b2 == 0x8A)
        case 0xEF: return !(b1 == 0xBC && (b2 == 0x88 || b2 == 0x8B || (0x90...0x99).contains(b2)))
        default: return false
        }
    }

    /// Whether a construct starts at offset `i` of `bytes` (tests: the scan's shortcuts against it).
    static func constructStarts(in bytes: [UInt8], at i: Int, options: ParseOptions) -> Bool {
        var work = 0
        return withUnsafeMutablePointer(to: &work) { meter in
            bytes.withUnsafeBufferPointer { s in
                var parser = InlineParser(s: s, options: options, anchors: [], meter: meter)
                return parser.construct(at: i, limit: s.count) != nil
            }
        }
    }

    private mutating func construct(at i: Int, limit: Int) -> LinkSyntax? {
        switch s[i] {
        case 0xE3: return agreement(at: i, limit: limit)
        case UInt8(ascii: "#"): return options.detectors.topics != .off ? topic(at: i, limit: limit) : nil
        case UInt8(ascii: "@"): return mentionOrEmail(at: i, limit: limit)
        case UInt8(ascii: "<"): return angleAutolink(at: i, limit: limit)
        case UInt8(ascii: "h"), UInt8(ascii: "H"), UInt8(ascii: "w"), UInt8(ascii: "W"):
            return options.detectors.urls ? bareURL(at: i, limit: limit) : nil
        default:
            return options.detectors.phones ? phone(at: i, limit: limit) : nil
        }
    }

    private mutating func flushText(upTo end: Int) {
        if end > pendingStart { inlines.append(.text(pendingStart..<end)) }
        pendingStart = max(pendingStart, end)
    }

    /// Consumes `link`: it moves into `links` (a copy would retain its strings and slices, and
    /// destroying the original release them again).
    private mutating func emit(_ link: consuming LinkSyntax) {
        let source = link.source
        flushText(upTo: source.lowerBound)
        inlines.append(.link(index: links.count))
        links.append(link)
        pendingStart = source.upperBound
    }

    /// Whether the last link found is of `kind` and ends at `i`: a mention may follow a mention right
    /// away (`@刘哲bj001@果壳`), and a topic a topic (`#双十一##购物节#`), where an `@` or `#` after a
    /// letter or a `#` would start nothing. (Read in place: the link is not copied.)
    private func lastLinkEnds(at i: Int, kind: LinkSyntaxKind) -> Bool {
        let n = links.count
        return n > 0 && links[n - 1].source.upperBound == i && links[n - 1].kind == kind
    }

    // MARK: Escapes

    /// If the character at `i` may be escaped, its length in bytes.
    /// Escapable: 《 》 @ # [ ] ( ) < > & \
    private func escapedLength(at i: Int, limit: Int) -> Int? {
        guard i < limit else { return nil }
        switch s[i] {
        case UInt8(ascii: "@"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "("),
             UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "\\"):
            return 1
        case 0xE3 where i + 2 < limit && s[i + 1] == 0x80 && (s[i + 2] == 0x8A || s[i + 2] == 0x8B):
            return 3
        default:
            return nil
        }
    }

    /// The slices of `range` without the backslashes of its escapes.
    private func slicesRemovingEscapes(_ range: Range<Int>) -> TextSlices {
        var slices = TextSlices()
        var start = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            tick()
            if s[i] == UInt8(ascii: "\\"), let length = escapedLength(at: i + 1, limit: range.upperBound) {
                if i > start { slices.append(start..<i) }
                start = i + 1
                i += 1 + length
            } else {
                i += 1
            }
        }
        if range.upperBound > start { slices.append(start..<range.upperBound) }
        return slices
    }

    private func string(_ slices: TextSlices) -> String {
        if let slice = slices.single { return string(slice) }  // no byte array in between
        var bytes: [UInt8] = []
        for slice in slices { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: s[slice])) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: s[range]), as: UTF8.self)
    }

    // MARK: Opaque spans: <a> elements and explicit links

    /// The next `<a>` element or explicit link at or after `start`. Anchors come
    /// first: an explicit link is looked for only in the text before the next anchor.
    private mutating func findOpaqueSpan(from start: Int) -> LinkSyntax? {
        while nextAnchor < anchors.count && anchors[nextAnchor].range.lowerBound < start { nextAnchor += 1 }
        let anchor = nextAnchor < anchors.count ? anchors[nextAnchor] : nil
        if let explicit = findExplicitLink(from: start, limit: anchor?.range.lowerBound ?? s.count) { return explicit }
        guard let anchor else { return nil }
        nextAnchor += 1
        return LinkSyntax(kind: .htmlAnchor(href: anchor.href, title: anchor.title, tagOffset: anchor.tagOffset),
                          display: slicesRemovingEscapes(anchor.range), source: anchor.range)
    }

    // MARK: Explicit links: [display](target)

    /// The first explicit link that starts at or after `start` and ends by `limit`.
    private mutating func findExplicitLink(from start: Int, limit: Int) -> LinkSyntax? {
        var j = start
        while j < limit {
            tick()
            guard let open = index(of: UInt8(ascii: "["), from: j, before: limit) else { return nil }
            if !isEscaped(open, floor: start), let link = explicitLink(at: open), link.source.upperBound <= limit { return link }
            j = open + 1
        }
        return nil
    }

    /// The first `byte` in `start..<limit`, by `memchr` (explicit links are looked for in all
    /// text, and most of it holds no `[`; memchr reads it a vector at a time). The meter counts
    /// the bytes the search went over.
    private func index(of byte: UInt8, from start: Int, before limit: Int? = nil) -> Int? {
        let end = limit ?? s.count
        guard start < end, let p = s.baseAddress else { return nil }
        let found = memchr(p + start, Int32(byte), end - start).map { start + (UnsafeRawPointer($0) - UnsafeRawPointer(p + start)) }
        tick((found ?? end) - start)
        return found
    }

    /// Whether the byte at `i` is escaped: preceded by an odd number of backslashes.
    private func isEscaped(_ i: Int, floor: Int) -> Bool {
        var count = 0
        var j = i - 1
        while j >= floor && s[j] == UInt8(ascii: "\\") { count += 1; j -= 1; tick() }
        return count % 2 == 1
    }

    private mutating func explicitLink(at open: Int) -> LinkSyntax? {
        let n = s.count
        var j = open + 1
        while j < n {
            tick()
            let b = s[j]
            if b == UInt8(ascii: "\\"), let length = escapedLength(at: j + 1, limit: n) { j += 1 + length; continue }
            if b == 0x0A || b == UInt8(ascii: "[") { return nil }
            if b == UInt8(ascii: "]") { break }
            j += 1
        }
        guard j + 1 < n, s[j] == UInt8(ascii: "]"), s[j + 1] == UInt8(ascii: "(") else { return nil }
        guard let close = matchingParen(j + 1) else { return nil }
        // `![alt](src)` is a Markdown image, which linkdoc does not show: it stays text, what is
        // inside read as any text (its address may link), with no empty-link note for `![](src)`.
        if open > 0 && s[open - 1] == UInt8(ascii: "!") && !isEscaped(open - 1, floor: 0) { return nil }
        let display = slicesRemovingEscapes(open + 1..<j)
        var targetRange = trimmed(j + 2..<close)
        if display.allSatisfy({ isBlank($0) }) {
            notes.append(ParseNote(kind: .emptyLinkText, source: open..<close + 1))
            return nil
        }
        let title = splitTitle(&targetRange)
        let target = string(slicesRemovingEscapes(targetRange))
        return LinkSyntax(kind: .explicit(target: target, targetRange: targetRange, title: title),
                          display: display, source: open..<close + 1)
    }

    /// CommonMark's link title after the destination, `[x](url "title")`, `'title'` or `(title)`:
    /// cut from `target` (then only the destination) and returned, escapes removed. A target
    /// whose part after its first white space is no such title stays whole (and fails as a URL).
    private mutating func splitTitle(_ target: inout Range<Int>) -> String? {
        guard let last = target.last.map({ s[$0] }),
              last == UInt8(ascii: "\"") || last == UInt8(ascii: "'") || last == UInt8(ascii: ")"),
              let space = target.first(where: { ASCII.isWhitespace(s[$0]) }) else { return nil }
        tick(target.count)
        let quoted = trimmed(space..<target.upperBound)
        let opener = last == UInt8(ascii: ")") ? UInt8(ascii: "(") : last
        guard quoted.count >= 2, s[quoted.lowerBound] == opener else { return nil }
        let inner = quoted.lowerBound + 1..<quoted.upperBound - 1
        // The closing quote may appear inside only escaped.
        var k = inner.lowerBound
        while k < inner.upperBound {
            if s[k] == UInt8(ascii: "\\") { k += 2; continue }
            if s[k] == last || (opener == UInt8(ascii: "(") && s[k] == opener) { return nil }
            k += 1
        }
        target = target.lowerBound..<space
        // The markup's escapes, and `\"` (`\'`, `\)`) for the quote itself.
        let title = string(slicesRemovingEscapes(inner))
        let quote = Character(Unicode.Scalar(last))
        return title.contains("\\") ? title.replacingOccurrences(of: "\\\(quote)", with: String(quote)) : title
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound
        while i < range.upperBound {
            tick()
            let (c, length) = UTF8Scalar.decode(s, at: i)
            if !CharClass.isSpace(c) { return false }
            i += length
        }
        return true
    }

    private func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lo = range.lowerBound, hi = range.upperBound
        while lo < hi && ASCII.isWhitespace(s[lo]) { lo += 1; tick() }
        while hi > lo && ASCII.isWhitespace(s[hi - 1]) { hi -= 1; tick() }
        return lo..<hi
    }

    /// The `)` that closes the `(` at `open` on the same line, parentheses balanced.
    /// One pass over the document pairs them all, so no target is scanned twice.
    private mutating func matchingParen(_ open: Int) -> Int? {
        if closingParen == nil {
            var pairs: [Int: Int] = [:]
            var stack: [Int] = []
            var i = 0
            while i < s.count {
                tick()
                switch s[i] {
                case UInt8(ascii: "\\"):
                    if let length = escapedLength(at: i + 1, limit: s.count) { i += length }
                case UInt8(ascii: "("): stack.append(i)
                case UInt8(ascii: ")"): if let o = stack.popLast() { pairs[o] = i }
                case 0x0A: stack.removeAll(keepingCapacity: true)
                default: break
                }
                i += 1
            }
            closingParen = pairs
        }
        return closingParen?[open]
    }

    // MARK: Agreements: 《title》

    private mutating func agreement(at i: Int, limit: Int) -> LinkSyntax? {
        guard i + 2 < limit, s[i + 1] == 0x80, s[i + 2] == 0x8A else { return nil }
        let titleStart = i + 3
        var j = titleStart
        // The title is mostly CJK: step over whole sequences (what ends the search is ASCII or
        // the lead byte E3, never a continuation byte). The meter counts the bytes stepped over.
        defer { tick(min(j, limit) - titleStart) }
        while j < limit {
            let b = s[j]
            if b == 0x0A || b == UInt8(ascii: "\\") { return nil }
            if b == 0xE3 && j + 2 < limit && s[j + 1] == 0x80 {
                if s[j + 2] == 0x8B { break }
                if s[j + 2] == 0x8A { return nil }  // another 《: that one may open
            }
            j += b < 0xC0 ? 1 : UTF8Scalar.sequenceLength(b)
        }
        if j > limit { j = limit }  // a sequence cut short by the limit (only in text that is not UTF-8)
        guard j < limit, j > titleStart else { return nil }
        let source = i..<j + 3
        guard let agreement = options.titleTable[UnsafeBufferPointer(rebasing: s[i + 3..<j])] else {
            bookTitles.append(BookTitle(title: string(i + 3..<j), source: source))
            return nil
        }
        return LinkSyntax(kind: .agreement(agreement), display: TextSlices(source), source: source)
    }

    // MARK: Topics: #name#

    private mutating func topic(at i: Int, limit: Int) -> LinkSyntax? {
        // `C#` and `a#b#`: a hash right after an ASCII letter or digit opens nothing, nor one after
        // `*`: dialer codes (`*#06#`, `*#*#4636#*#*`).
        // A hash after a hash opens nothing either, unless that one closed a topic: decorative runs
        // (`###标题###`) hold no topic, adjacent topics (`#双十一##购物节#`) are two.
        if i > 0 && (ASCII.isLetterOrDigit(s[i - 1]) || s[i - 1] == UInt8(ascii: "*")
                     || (s[i - 1] == UInt8(ascii: "#") && !lastLinkEnds(at: i, kind: .topic))) { return nil }
        if startsHexColor(at: i + 1, limit: limit) { return nil }
        var j = i + 1
        var count = 0
        // A name of digits and symbols only (`#4636#`, `#*#` in the dialer code `*#*#4636#*#*`) is no topic.
        var hasLetter = false
        // Brackets opened in the name: one that closes what the name did not open means the hashes
        // belong to two pieces of text (`（#a）、设置（#`), not to one topic.
        var brackets = 0
        while j < limit {
            tick()
            let b = s[j]
            if b == UInt8(ascii: "#") { break }
            if b == 0x0A || b == UInt8(ascii: "@") { return nil }
            if b == UInt8(ascii: "(") || b == UInt8(ascii: "[") { brackets += 1 }
            if b == UInt8(ascii: ")") || b == UInt8(ascii: "]") { brackets -= 1; if brackets < 0 { return nil } }
            if b == 0xEF && j + 2 < limit && s[j + 1] == 0xBC {  // （ ） are EF BC 88 and EF BC 89
                if s[j + 2] == 0x88 { brackets += 1 }
                if s[j + 2] == 0x89 { brackets -= 1; if brackets < 0 { return nil } }
            }
            if b == UInt8(ascii: "\\"), let length = escapedLength(at: j + 1, limit: limit) {
                j += 1 + length
            } else {
                if b >= 0x80 || ASCII.isLetter(b) { hasLetter = true }
                j += UTF8Scalar.sequenceLength(b)
            }
            count += 1
            if count > options.maxTopicLength {
                // Only worth a note when a closing hash would have made it a topic.
                // The distance check first: the two scans are then bounded too.
                // Not between two Twitter-style tags in a sentence (`#welcome to … #ioi2017`): a run with
                // a space in it is words, not a topic.
                if let close = index(of: UInt8(ascii: "#"), from: j), close < limit, close - j < 4096,
                   !s[i..<close].contains(0x0A), !s[i..<close].contains(UInt8(ascii: "@")), !s[i..<close].contains(0x20) {
                    notes.append(ParseNote(kind: .topicTooLong(limit: options.maxTopicLength), source: i..<close + 1))
                }
                return nil
            }
        }
        guard j < limit, count > 0, hasLetter else { return nil }
        let first = UTF8Scalar.decode(s, at: i + 1).scalar
        let last = UTF8Scalar.decode(s, at: UTF8Scalar.previousScalarStart(s, before: j)).scalar
        guard !CharClass.isSpace(first), !CharClass.isSpace(last) else { return nil }
        // `#pizza#amici`: Twitter tags run together; a topic of ASCII only is none when a letter or a
        // digit goes on right after its closing hash.
        if j + 1 < limit && ASCII.isLetterOrDigit(s[j + 1]) && !s[i + 1..<j].contains(where: { $0 >= 0x80 }) { return nil }
        // `#%s#`, `#%1$@#`: the app fills in a topic there (at most as long as a placeholder: one look).
        if j - i <= 16 && FormatPlaceholder.isWhole(UnsafeBufferPointer(rebasing: s[i + 1..<j])) { return nil }
        // Most names hold no backslash: then the name and the display are one slice each. (Looked
        // for in every byte: in text that is not UTF-8 the scan above may have stepped over one.)
        if index(of: UInt8(ascii: "\\"), from: i + 1, before: j) == nil {
            return LinkSyntax(kind: .topic, display: TextSlices(i..<j + 1), source: i..<j + 1)
        }
        return LinkSyntax(kind: .topic, display: slicesRemovingEscapes(i..<j + 1), source: i..<j + 1)
    }

    /// Whether a CSS colour (`#4caf50;`, `#fff}`) starts at `start`: 3, 4, 6 or 8 hex digits, then
    /// the end of the text or a byte that ends a CSS value. Its hash opens no topic.
    private func startsHexColor(at start: Int, limit: Int) -> Bool {
        var j = start
        while j < limit && j - start <= 8 && ASCII.isHexDigit(s[j]) { j += 1 }
        tick(j - start)
        guard [3, 4, 6, 8].contains(j - start) else { return false }
        guard j < limit else { return true }
        switch s[j] {
        case UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: " "), UInt8(ascii: "!"), 0x09, 0x0A: return true
        default: return false
        }
    }

    // MARK: Mentions: @name, and emails found from their @

    /// An email's local part lies before its `@`, so an `@` is first asked whether it ends one
    /// (`客服@example.com`); only then may it start a mention.
    @inline(__always) private mutating func mentionOrEmail(at i: Int, limit: Int) -> LinkSyntax? {
        if options.detectors.emails, i > pendingStart, mayStartDomain(after: i, limit: limit), let email = email(at: i, limit: limit) {
            return email
        }
        guard options.detectors.mentions != .off else { return nil }
        return mention(at: i, limit: limit)
    }

    /// Whether a dot follows the `@` at `at` before white space or another `@`: without one no domain
    /// does, and most `@` in copy start names (`@小明 你好`), for which the look-back of `email` is
    /// saved. Bytes only, bounded by a domain's length.
    private func mayStartDomain(after at: Int, limit: Int) -> Bool {
        // Only a local part's character can come before an address's `@` (`和 @小明` is no address).
        let previous = s[at - 1]
        guard previous >= 0x80 || Self.isLocalPartByte(previous) else { return false }
        // The dot ends the first label, which has at most 63 bytes; a label holds no ASCII but letters,
        // digits and `-`, and no CJK punctuation (`。`, `，`: E3 80 …, EF BC …). Whole sequences at a step.
        var j = at + 1
        let end = min(limit, at + 1 + 64)
        while j < end {
            let b = s[j]
            if b < 0x80 {
                if b == UInt8(ascii: ".") { tick(j - at); return true }
                guard ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "-") else { break }
                j += 1
            } else {
                if (b == 0xE3 || b == 0xEF) && j + 1 < end && (s[j + 1] == 0x80 || s[j + 1] == 0xBC) { break }
                j += UTF8Scalar.sequenceLength(b)
            }
        }
        tick(min(j, end) - at)
        return false
    }

    /// When `@` starts a mention (Grammar/spec.md, "Mentions"). Not after an address's local part
    /// or a format placeholder; not when what follows is a domain, an Android resource reference
    /// or a Matrix ID; not for a pronoun or particle; `@user@host` is one handle or nothing.
    private mutating func mention(at i: Int, limit: Int) -> LinkSyntax? {
        if i > 0 && !lastLinkEnds(at: i, kind: .mention) {
            let previous = s[i - 1]
            if ASCII.isLetterOrDigit(previous) || Self.startsNoMentionAfter(previous) { return nil }
            if followsFormatPlaceholder(i) { return nil }
        }
        var j = i + 1
        var count = 0
        var asciiOnly = true
        var hasLetterOrDigit = false  // `@_@` is a face, not a name
        while j < limit {
            tick()
            let b = s[j]
            if b < 0x80 {
                if ASCII.isLetterOrDigit(b) {
                    hasLetterOrDigit = true
                } else {
                    guard b == UInt8(ascii: "_") || b == UInt8(ascii: "-") else { break }
                }
                j += 1
            } else {
                let (c, length) = UTF8Scalar.decode(s, at: j)
                // Middle dots join the parts of a name (`@歌且行风长吟·`, `@·三重雪·`, `@山田・太郎`).
                if CharClass.isNameJoiner(c) {
                    asciiOnly = false
                } else {
                    guard CJKLetters.isIdeograph(c) else { break }
                    asciiOnly = false
                    hasLetterOrDigit = true
                }
                j += length
            }
            count += 1
            if count > options.maxMentionLength {
                notes.append(ParseNote(kind: .mentionTooLong(limit: options.maxMentionLength), source: i..<j))
                return nil
            }
        }
        guard count > 0, hasLetterOrDigit else { return nil }
        var end = j
        if j < limit {
            switch s[j] {
            case UInt8(ascii: "."):
                // `@example.com`: a domain, not a name (and `javascript:alert(1)@example.com` no mention).
                if domainEnd(from: i + 1, limit: limit) != nil { return nil }
            case UInt8(ascii: "/"):
                if asciiOnly && Self.androidResourceTypes.contains(UnsafeBufferPointer(rebasing: s[i + 1..<j])) { return nil }
            case UInt8(ascii: ":"):
                // `@android:string/x` (a resource of a package), Matrix IDs `@user:server.org` and
                // `@http://…`; a colon before text (`//@央视新闻:转发`) ends a Weibo mention.
                // A Weibo repost by someone who added nothing reads `//@a://@b:`: `://@` goes on with the chain.
                let schemeSlashes = j + 2 < limit && s[j + 1] == UInt8(ascii: "/") && s[j + 2] == UInt8(ascii: "/")
                    && !(j + 3 < limit && s[j + 3] == UInt8(ascii: "@"))
                if asciiOnly && (isResourceReference(from: j + 1, limit: limit) || domainEnd(from: j + 1, limit: limit) != nil
                                 || schemeSlashes) {
                    return nil
                }
            case UInt8(ascii: "@"):
                // A fediverse handle `@user@host` is one mention; without a host after it, the next `@`
                // starts the next mention of a chain (`@a@b@c`, Weibo's way of naming several people).
                if let hostEnd = domainEnd(from: j + 1, limit: limit) { end = hostEnd }
            case 0xC3...0xCB, 0xCE...0xD4:
                // A Latin, Greek or Cyrillic letter goes on with the word (`@aliceìnheiro`): no name cut
                // from it. (Combining marks, CC and CD, join the name's last letter: the grapheme rule.)
                if asciiOnly { return nil }
            default:
                break
            }
        }
        if isLabel(i + 1..<j) { return nil }
        return LinkSyntax(kind: .mention, display: TextSlices(i..<end), source: i..<end)
    }

    /// `@` right after these starts no mention: an address's local part (`_`, `.`), another `@`
    /// (`f@@kn`), or a symbol that glues it to a word (`f!@kn`, `f&@kn`, `f*@kn`).
    @inline(__always) private static func startsNoMentionAfter(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "&"), UInt8(ascii: "*"): true
        default: false
        }
    }

    /// Resource types of Android references (`@string/app_name`, `@drawable/ic`), as UTF-8 names.
    private static let androidResourceTypes = ByteStringTable<Void>(members: Set([
        "anim", "animator", "array", "attr", "bool", "color", "dimen", "drawable", "font", "fraction", "id", "integer",
        "interpolator", "layout", "menu", "mipmap", "navigation", "plurals", "raw", "string", "style", "styleable",
        "transition", "xml",
    ].map { Array($0.utf8) }))

    /// Whether `type/name` of a package's resource reference (`@android:string/ok`) starts at `start`.
    private func isResourceReference(from start: Int, limit: Int) -> Bool {
        var j = start
        while j < limit && j - start < 16 && ASCII.isLetter(s[j]) { j += 1; tick() }
        return j < limit && s[j] == UInt8(ascii: "/")
            && Self.androidResourceTypes.contains(UnsafeBufferPointer(rebasing: s[start..<j]))
    }

    /// Whether the `@` at `at` follows a format placeholder of localized copy: `%@`, `%1$@`,
    /// `%#@files@`, or a counted placeholder and its counter word (`%d条@消息`, `%s 条@评论`,
    /// `[%1$d人@我]`), where the `@` is a label of the count, not a name.
    @inline(__always) private func followsFormatPlaceholder(_ at: Int) -> Bool {
        let previous = s[at - 1]
        if previous == UInt8(ascii: "%") || previous == UInt8(ascii: "$") { return true }
        if previous == UInt8(ascii: "#") { return at >= 2 && s[at - 2] == UInt8(ascii: "%") }
        // Back over spaces, one ideograph (the counter word) and spaces to the placeholder's end. The
        // placeholder is looked for first: before most `@` (`恭喜@`) there is none, and no decoding is then needed.
        var k = at
        while k > 0 && s[k - 1] == 0x20 { k -= 1 }
        guard k > 0, s[k - 1] >= 0x80 else { return k < at && placeholderEnds(at: k) }
        let counter = UTF8Scalar.previousScalarStart(s, before: k)
        var end = counter
        while end > 0 && s[end - 1] == 0x20 { end -= 1 }
        return placeholderEnds(at: end) && CJKLetters.isIdeograph(UTF8Scalar.decode(s, at: counter).scalar)
    }

    /// Whether a printf-style placeholder (`%d`, `%s`, `%@`, `%1$d`, `%lld`) ends just before `end`.
    private func placeholderEnds(at end: Int) -> Bool {
        guard end >= 2, ASCII.isLetter(s[end - 1]) || s[end - 1] == UInt8(ascii: "@") else { return false }
        var k = end - 2
        while k >= 0 && end - k < 10 {
            tick()
            let b = s[k]
            if b == UInt8(ascii: "%") { return true }
            guard ASCII.isDigit(b) || b == UInt8(ascii: "$") || b == UInt8(ascii: "l") || b == UInt8(ascii: "h")
                || b == UInt8(ascii: ".") else { return false }
            k -= 1
        }
        return false
    }

    /// Whether a mention name is UI copy's label rather than someone's name (Grammar/spec.md,
    /// "Mentions"): a pronoun (`@我`, `@TA`, `@你们`) or a pronoun's possessive of an app's word (`@我的评论`);
    /// `的` first (`被@的消息`), or another particle before a pronoun or `的` (`@了你`, `@到的用户`); `或`
    /// first, or a conjunction before a word of an action (`@或私信`, `@和评论`): the `@` is the word
    /// "mention" in a list of actions. Longer names that begin the same way are names (`@我的世界`,
    /// `@了不起的盖茨比`, `@得到`, `@和菜头`).
    private func isLabel(_ name: Range<Int>) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: s[name])
        if bytes.count == 2 && (bytes[0] | 0x20) == UInt8(ascii: "t") && (bytes[1] | 0x20) == UInt8(ascii: "a") { return true }
        guard bytes.first.map({ $0 >= 0x80 }) == true else { return false }
        // Most names begin with none of the words a label begins with: one scalar tells.
        let head = UTF8Scalar.decode(s, at: name.lowerBound).scalar
        guard head == 0x7684 || head == 0x6216 || Self.isParticle(head) || Self.isConjunction(head) || Self.isPronoun(head)
        else { return false }
        // Labels are a few ideographs: decoded only this far.
        var scalars: [UInt32] = []
        var k = name.lowerBound
        while k < name.upperBound && scalars.count < 6 {
            let (c, length) = UTF8Scalar.decode(s, at: k)
            scalars.append(c)
            k += length
        }
        let whole = k == name.upperBound
        let first = scalars[0]
        if first == 0x7684 { return true }  // 的
        if Self.isParticle(first) {
            return scalars.count == 1 || Self.isPronoun(scalars[1]) || scalars[1] == 0x7684
        }
        if first == 0x6216 { return true }  // 或
        if Self.isConjunction(first) {
            return scalars.count >= 3 && Self.actionWords.contains(UInt64(scalars[1]) << 32 | UInt64(scalars[2]))
        }
        guard Self.isPronoun(first) else { return false }
        var rest = scalars.dropFirst()
        if rest.first == 0x4EEC { rest = rest.dropFirst() }  // 们
        if rest.isEmpty { return whole }
        guard rest.first == 0x7684 else { return false }  // 的
        rest = rest.dropFirst()
        return whole && (rest.isEmpty || Self.isAppWord(rest))
    }

    /// 我 你 您 他 她 它 咱 俺 (a switch: no hashing for every mention).
    private static func isPronoun(_ c: UInt32) -> Bool {
        switch c {
        case 0x6211, 0x4F60, 0x60A8, 0x4ED6, 0x5979, 0x5B83, 0x54B1, 0x4FFA: true
        default: false
        }
    }

    /// 了 到 过 着 得 (的 is told apart: it never begins a name).
    private static func isParticle(_ c: UInt32) -> Bool {
        switch c {
        case 0x4E86, 0x5230, 0x8FC7, 0x7740, 0x5F97: true
        default: false
        }
    }

    /// 和 与 及 并 跟.
    private static func isConjunction(_ c: UInt32) -> Bool {
        switch c {
        case 0x548C, 0x4E0E, 0x53CA, 0x5E76, 0x8DDF: true
        default: false
        }
    }

    /// What an app's "mentions of me" label is about, after 我的 / 你的 …: 评论 消息 微博 动态 回复 帖子
    /// 粉丝 关注 通知 提及 私信 好友 收藏 主页 作品 视频 文章 笔记 内容, and 人.
    private static func isAppWord(_ word: ArraySlice<UInt32>) -> Bool {
        if word.count == 1 { return word.first == 0x4EBA }  // 人
        guard word.count == 2 else { return false }
        return appWords.contains(UInt64(word[word.startIndex]) << 32 | UInt64(word[word.startIndex + 1]))
    }

    private static let appWords: [UInt64] = pairs(["评论", "消息", "微博", "动态", "回复", "帖子", "粉丝", "关注", "通知", "提及", "私信",
                                                   "好友", "收藏", "主页", "作品", "视频", "文章", "笔记", "内容"])

    /// Actions listed beside `@` (`点赞、@和评论`): 评论 私信 转发 点赞 回复 关注 分享 收藏.
    private static let actionWords: [UInt64] = pairs(["评论", "私信", "转发", "点赞", "回复", "关注", "分享", "收藏"])

    /// Two-character words as their two scalars in one number.
    private static func pairs(_ words: [String]) -> [UInt64] {
        words.map { word in word.unicodeScalars.reduce(UInt64(0)) { $0 << 32 | UInt64($1.value) } }
    }

    @inline(__always) private static func isLocalPartByte(_ b: UInt8) -> Bool {
        ASCII.isLetterOrDigit(b) || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "%")
            || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: "'")
    }

    /// A non-ASCII character of an internationalized local part (RFC 6531): letters, CJK, emoji;
    /// not white space, punctuation or invisible format characters.
    private static func isLocalPartScalar(_ c: UInt32) -> Bool {
        !CharClass.isUnicodeSpace(c) && !CharClass.isGeneralPunctuation(c) && !CharClass.isInvisibleFormat(c)
            && !CharClass.isCJKPunctuation(c)
    }

    private func email(at: Int, limit: Int) -> LinkSyntax? {
        // The local part lies in text not emitted yet; RFC 5321 caps it at 64 bytes. It is CJK letters
        // (`客服@`) or has none (`smiley☺@`): `联系privacy@` starts at `privacy`.
        var start = at
        var cjk: Bool? = nil
        var tooLong = false
        while start > pendingStart {
            tick()
            let p = UTF8Scalar.previousScalarStart(s, before: start)
            let isCJK: Bool
            if s[p] < 0x80 {
                guard Self.isLocalPartByte(s[p]) else { break }
                isCJK = false
            } else {
                let c = UTF8Scalar.decode(s, at: p).scalar
                guard Self.isLocalPartScalar(c) else { break }
                isCJK = CJKLetters.isLetter(c)
            }
            if let cjk, cjk != isCJK { break }
            cjk = isCJK
            // A longer run is not an address (and looking further back would not be linear).
            if at - p > 64 { tooLong = true; break }
            start = p
        }
        guard !tooLong else { return nil }
        // `@user@host`: the part before this `@` is a fediverse handle's user, not a local part.
        if start > pendingStart && s[start - 1] == UInt8(ascii: "@") { return nil }
        // A local part neither starts nor ends with a dot; one that would (`test."foo".bar@`, `.a@`) is
        // not cut into an address.
        guard start < at, s[start] != UInt8(ascii: "."), s[at - 1] != UInt8(ascii: "."),
              let end = domainEnd(from: at + 1, limit: limit) else { return nil }
        // The domain ends in a top-level domain that exists: `your@e-mail.address` is a sample of
        // what to type, not an address.
        var dot = end - 1
        while dot > at && s[dot] != UInt8(ascii: ".") { dot -= 1 }
        guard TopLevelDomains.contains(UnsafeBufferPointer(rebasing: s[dot + 1..<end])) else { return nil }
        return LinkSyntax(kind: .email, display: TextSlices(start..<end), source: start..<end)
    }

    /// The end of a domain name starting at `start`: two or more labels separated by
    /// dots, the last one a top-level domain. An ASCII label ends at a CJK letter, so
    /// `example.com获取` ends after `com`; a label of CJK letters (`例子.公司`) may go on.
    /// A label has at most 63 bytes (RFC 1035), the name at most 255 (RFC 5321).
    private func domainEnd(from start: Int, limit: Int) -> Int? {
        var j = start
        // Only how many labels there are and the last one matter: no array of them.
        var labelCount = 0
        var lastLabel = start..<start
        while j < limit && j - start < 255 {
            let labelStart = j
            var cjkLabel: Bool? = nil
            while j < limit {
                tick()
                let b = s[j]
                if b < 0x80 {
                    guard (ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "-")) && cjkLabel != true else { break }
                    cjkLabel = false
                    j += 1
                    continue
                }
                let (c, length) = UTF8Scalar.decode(s, at: j)
                if CJKLetters.isLetter(c) {
                    if cjkLabel == false { break }
                    cjkLabel = true
                } else if CharClass.isCJK(c) || CharClass.isSpace(c) || CharClass.isPunctuationOrEmoji(c)
                            || CharClass.isInvisibleFormat(c) || c < 0xC0 {
                    break
                } else if cjkLabel == nil {
                    cjkLabel = false
                }
                j += length
            }
            guard j > labelStart, j - labelStart <= 63, s[labelStart] != UInt8(ascii: "-"), s[j - 1] != UInt8(ascii: "-")
            else { return nil }
            labelCount += 1
            lastLabel = labelStart..<j
            guard j + 1 < limit, s[j] == UInt8(ascii: "."), s[j + 1] != UInt8(ascii: "."),
                  s[j + 1] != UInt8(ascii: "-") else { break }
            let next = s[j + 1]
            if next < 0x80 && !ASCII.isLetterOrDigit(next) { break }
            if next >= 0x80 {
                let c = UTF8Scalar.decode(s, at: j + 1).scalar
                if CharClass.isSpace(c) || CharClass.isPunctuationOrEmoji(c) || (CharClass.isCJK(c) && !CJKLetters.isLetter(c)) { break }
            }
            j += 1
        }
        guard labelCount >= 2, lastLabel.upperBound - start <= 255 else { return nil }
        let tld = lastLabel
        // An ASCII top-level domain is letters only (or an IDNA `xn--` label).
        if s[tld.lowerBound] < 0x80 {
            let text = UnsafeBufferPointer(rebasing: s[tld])
            let isPunycode = text.count > 4 && (text[0] | 0x20) == UInt8(ascii: "x") && (text[1] | 0x20) == UInt8(ascii: "n")
                && text[2] == UInt8(ascii: "-") && text[3] == UInt8(ascii: "-")
            guard isPunycode || (text.count >= 2 && text.allSatisfy { $0 >= 0x80 || ASCII.isLetter($0) })
            else { return nil }
        }
        return tld.upperBound
    }

    // MARK: Angle autolinks: <scheme:…> and <address@domain>

    /// CommonMark's autolinks: `<https://example.com>` and `<dpo@example.com>` link their text
    /// without the brackets. Written by hand, so not a detector: they link with any detector off.
    /// (In HTML documents PreparedText passes them to the parser as text, not as tags.)
    private func angleAutolink(at i: Int, limit: Int) -> LinkSyntax? {
        guard let close = AngleAutolink.end(UnsafeBufferPointer(rebasing: s[..<limit]), openingAt: i) else { return nil }
        tick(close - i)
        let inner = i + 1..<close
        if AngleAutolink.isEmail(UnsafeBufferPointer(rebasing: s[inner])) {
            // The same domain rules as a bare address: `<a@b>` is text.
            guard let end = domainEnd(from: index(of: UInt8(ascii: "@"), from: i + 1, before: close)! + 1, limit: close),
                  end == close else { return nil }
            return LinkSyntax(kind: .email, display: TextSlices(inner), source: i..<close + 1)
        }
        return LinkSyntax(kind: .angleAutolink, display: TextSlices(inner), source: i..<close + 1)
    }

    // MARK: Bare URLs: http://, https://, www.

    /// Path characters after which a run of CJK letters is a path segment (`/wiki/北京`,
    /// `Wikipedia:关于`), not the sentence going on as after a letter (`/help了解更多`).
    private static let pathSegmentStart = ASCIISet("/:=#?&-_~")

    private func bareURL(at i: Int, limit: Int) -> LinkSyntax? {
        // Most `h` and `w` in copy start words (`the`, `with`): the second letter rules them out
        // first. The prefixes are compared byte by byte: letters in either case (`x | 0x20` is `t`
        // only for `t` and `T`, and so for each letter), `:`, `/` and `.` exactly.
        guard i + 4 <= limit else { return nil }
        let isWWW: Bool
        let bodyStart: Int
        if s[i] | 0x20 == UInt8(ascii: "h") {
            guard s[i + 1] | 0x20 == UInt8(ascii: "t"), s[i + 2] | 0x20 == UInt8(ascii: "t"),
                  s[i + 3] | 0x20 == UInt8(ascii: "p") else { return nil }
            var k = i + 4
            if k < limit && s[k] | 0x20 == UInt8(ascii: "s") { k += 1 }
            guard k + 3 <= limit, s[k] == UInt8(ascii: ":"), s[k + 1] == UInt8(ascii: "/"), s[k + 2] == UInt8(ascii: "/")
            else { return nil }
            isWWW = false; bodyStart = k + 3
        } else {
            guard s[i + 1] | 0x20 == UInt8(ascii: "w"), s[i + 2] | 0x20 == UInt8(ascii: "w"), s[i + 3] == UInt8(ascii: ".")
            else { return nil }
            isWWW = true; bodyStart = i + 4
        }
        if i > 0 {
            // Inside a word, a path or an address no URL starts. After `.` or `-` a scheme may
            // (`[doge].http://t.cn/…`), but `www.` there is a host going on (`cdn.www.example.com`).
            let previous = s[i - 1]
            if ASCII.isLetterOrDigit(previous) || previous == UInt8(ascii: "_") || previous == UInt8(ascii: "/")
                || previous == UInt8(ascii: "@") { return nil }
            if isWWW && (previous == UInt8(ascii: ".") || previous == UInt8(ascii: "-")) { return nil }
        }
        var j = bodyStart
        var brackets = BracketCounts()
        // Until the first `/`, `?` or `#`: the host, which is never cut. Its labels are ASCII or CJK
        // letters (`例子.公司`, `twitter.中国`); an ASCII label ends at a CJK letter (`example.com了解`).
        var inHost = true
        var cjkLabel: Bool? = nil
        var stoppedAtCJK = false
        while j < limit {
            // Runs that change nothing but the position are stepped over first (the meter counts
            // them as the byte-by-byte steps below would): a host label's letters and digits, and
            // in the path the bytes that neither end the URL nor are brackets.
            let runStart = j
            if !inHost {
                while j < limit && Self.isPlainPathByte(s[j]) { j += 1 }
            } else if cjkLabel != true {
                while j < limit && (ASCII.isLetterOrDigit(s[j]) || s[j] == UInt8(ascii: "_")) { j += 1 }
                if j > runStart { cjkLabel = false }
            }
            tick(j - runStart)
            guard j < limit else { break }
            tick()
            let b = s[j]
            if b < 0x80 {
                if Self.endsURL(b) { break }
                if inHost {
                    if b == UInt8(ascii: "/") || b == UInt8(ascii: "?") || b == UInt8(ascii: "#") {
                        inHost = false
                    } else if ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "_") {
                        if cjkLabel == true { break }
                        cjkLabel = false
                    } else if b != UInt8(ascii: "-") {  // a hyphen joins labels of either kind (`あ-あ.com`)
                        cjkLabel = nil  // `.`, and the `:` of a port or `@` of user info
                    }
                }
                brackets.count(b)
                j += 1
                continue
            }
            let (c, length) = UTF8Scalar.decode(s, at: j)
            if CharClass.isSpace(c) || CharClass.isPunctuationOrEmoji(c) || CharClass.isInvisibleFormat(c) {
                // A host is never cut: a symbol inside one (`http://x🍄.ga/`) makes no link at all.
                if inHost && !CharClass.isSpace(c) && (Self.continuesHost(s[j - 1]) || (j + length < limit && Self.continuesHost(s[j + length]))) {
                    return nil
                }
                break
            }
            if CharClass.isCJK(c) {
                guard inHost, CJKLetters.isLetter(c) else { stoppedAtCJK = true; break }
                if cjkLabel == false {
                    // An ASCII label that goes on in CJK letters and then a dot (`example日本語.com`) is one
                    // label; one that ends in them (`example.com了解`) ends the host.
                    guard let labelEnd = mixedLabelEnd(from: j, limit: limit) else { stoppedAtCJK = true; break }
                    j = labelEnd
                    cjkLabel = nil
                    continue
                }
                cjkLabel = true
            } else if inHost && cjkLabel == nil {
                cjkLabel = false
            }
            j += length
        }
        if stoppedAtCJK, let whole = cjkPathEnd(urlStart: i, from: j, limit: limit, brackets: &brackets) { j = whole }
        let end = trimmedURLEnd(bodyStart: bodyStart, end: j, brackets: brackets)
        guard end > bodyStart, ASCII.isLetterOrDigit(s[bodyStart]) || s[bodyStart] >= 0x80 || s[bodyStart] == UInt8(ascii: "[")
        else { return nil }
        return LinkSyntax(kind: isWWW ? .bareWWW : .bareURL, display: TextSlices(i..<end), source: i..<end)
    }

    /// Bytes that go on with a host's label next to a symbol: then the symbol is inside the host.
    @inline(__always) private static func continuesHost(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
    }

    /// Where a label of ASCII and CJK letters that starts CJK letters at `from` ends, when a dot and
    /// more labels follow it that end in a top-level domain that exists (so it is inside the host:
    /// `example日本語.com`); nil when the letters end the host (`example.comだよね.comtest`).
    private func mixedLabelEnd(from: Int, limit: Int) -> Int? {
        var k = from
        while k < limit {
            tick()
            let b = s[k]
            if b < 0x80 {
                guard ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "-") else { break }
                k += 1
                continue
            }
            let (c, length) = UTF8Scalar.decode(s, at: k)
            guard CJKLetters.isLetter(c) else { break }
            k += length
        }
        guard k + 1 < limit, s[k] == UInt8(ascii: ".") else { return nil }
        let next = s[k + 1]
        guard ASCII.isLetterOrDigit(next) || (next >= 0x80 && CJKLetters.isLetter(UTF8Scalar.decode(s, at: k + 1).scalar))
        else { return nil }
        // The rest of the host, to its last label.
        var lastLabel = k + 1
        var j = k + 1
        while j < limit && j - k <= 255 {
            tick()
            let b = s[j]
            if b < 0x80 {
                if b == UInt8(ascii: ".") { lastLabel = j + 1 } else if !(ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "-")) { break }
                j += 1
                continue
            }
            let (c, length) = UTF8Scalar.decode(s, at: j)
            guard CJKLetters.isLetter(c) else { break }
            j += length
        }
        guard j > lastLabel, TopLevelDomains.contains(UnsafeBufferPointer(rebasing: s[lastLabel..<j])) else { return nil }
        return k
    }

    /// Printable ASCII but `<`, `>`, `"`, `` ` `` (which end a URL) and `( ) [ ] { }` (which
    /// `BracketCounts` counts): the bytes in a URL's path after which nothing changes but the
    /// position. Given by its masks, so that it is a constant, not a lazy global
    /// (Tests/LinkDocCoreTests/FastPathTests.swift checks them against that definition).
    private static let plainPathBytes = ASCIISet(low: 0xAFFF_FCFA_0000_0000, high: 0x57FF_FFFE_D7FF_FFFF)

    @inline(__always) static func isPlainPathByte(_ b: UInt8) -> Bool { plainPathBytes.contains(b) }

    @inline(__always) private static func endsURL(_ b: UInt8) -> Bool {
        b <= 0x20 || b == 0x7F || b == UInt8(ascii: "<") || b == UInt8(ascii: ">") || b == UInt8(ascii: "\"")
            || b == UInt8(ascii: "`")
    }

    /// Where a URL whose path goes on in CJK letters at `from` ends, when that is not ambiguous:
    /// the URL stands between white space or the ends of the text (`见 https://zh.wikipedia.org/wiki/北京 了解`),
    /// and the CJK letters start a path segment. Trailing CJK punctuation stays outside (`…/北京。`);
    /// CJK punctuation inside, or an end in the middle of text, leaves the end ambiguous: nil.
    private func cjkPathEnd(urlStart: Int, from: Int, limit: Int, brackets: inout BracketCounts) -> Int? {
        guard Self.pathSegmentStart.contains(s[from - 1]) else { return nil }
        if urlStart > 0 {
            let before = UTF8Scalar.previousScalarStart(s, before: urlStart)
            guard CharClass.isSpace(UTF8Scalar.decode(s, at: before).scalar) else { return nil }
        }
        var j = from
        var wordEnd = from  // after the last character that is not CJK punctuation
        var counts = brackets
        var punctuationSeen = false
        while j < limit {
            tick()
            let b = s[j]
            if b < 0x80 {
                if ASCII.isWhitespace(b) { break }
                if Self.endsURL(b) || punctuationSeen { return nil }
                counts.count(b)
                j += 1
                wordEnd = j
                continue
            }
            let (c, length) = UTF8Scalar.decode(s, at: j)
            if CharClass.isSpace(c) { break }
            if CharClass.isPunctuationOrEmoji(c) || CharClass.isInvisibleFormat(c) { return nil }
            if CharClass.isCJK(c) && !CJKLetters.isLetter(c) {
                punctuationSeen = true
            } else {
                if punctuationSeen { return nil }
                wordEnd = j + length
            }
            j += length
        }
        // The text's end or white space must follow; an explicit link right after is not an end.
        guard j < limit || limit == s.count else { return nil }
        brackets = counts
        return wordEnd
    }

    /// Trailing punctuation belongs to the sentence; a closing `)`, `]` or `}` only when it has no
    /// partner inside the URL. An opening `(` without a partner ends the URL before it.
    private func trimmedURLEnd(bodyStart: Int, end j: Int, brackets: BracketCounts) -> Int {
        var counts = brackets
        var end = j
        while end > bodyStart {
            tick()
            let last = s[end - 1]
            if last == UInt8(ascii: ";"), let entity = entityStart(before: end - 1, floor: bodyStart) {
                end = entity  // what looks like an entity reference, `…?q=x&hl;` (as GFM)
            } else if Self.sentencePunctuation.contains(last) || counts.dropsUnpaired(closing: last) {
                end -= 1
            } else if (last | 0x20) == UInt8(ascii: "s") && end - 2 > bodyStart && s[end - 2] == UInt8(ascii: "'") {
                end -= 2  // a possessive: `http://t.co/abc's page`
            } else {
                break
            }
        }
        guard counts.parenthesesOpen > counts.parenthesesClosed else { return end }
        // The first `(` that nothing closes.
        var depth = 0
        var unclosed: Int? = nil
        for k in bodyStart..<end {
            tick()
            if s[k] == UInt8(ascii: "(") {
                if depth == 0 { unclosed = k }
                depth += 1
            } else if s[k] == UInt8(ascii: ")") && depth > 0 {
                depth -= 1
                if depth == 0 { unclosed = nil }
            }
        }
        guard let unclosed else { return end }
        end = unclosed
        while end > bodyStart && Self.sentencePunctuation.contains(s[end - 1]) { end -= 1; tick() }
        return end
    }

    /// Trailing characters that belong to the text after the URL rather than to it.
    private static let sentencePunctuation = ASCIISet("?!.,:;*_~'\"@=")

    /// The `&` of `&name` that ends just before `semicolon`, if any.
    private func entityStart(before semicolon: Int, floor: Int) -> Int? {
        var k = semicolon
        while k > floor && ASCII.isLetterOrDigit(s[k - 1]) { k -= 1; tick() }
        return k < semicolon && k > floor && s[k - 1] == UInt8(ascii: "&") ? k - 1 : nil
    }

    // MARK: Phone numbers

    private func phone(at i: Int, limit: Int) -> LinkSyntax? {
        guard let match = PhoneNumberMatcher(s: s, limit: limit, meter: meter, floor: pendingStart).match(at: i) else { return nil }
        return LinkSyntax(kind: .phone(match.number), display: TextSlices(i..<match.end), source: i..<match.end)
    }
}
