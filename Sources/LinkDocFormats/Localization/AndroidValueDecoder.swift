import LinkDocCore

/// Turns the content of one Android value element (`<string>`, an `<item>` of a
/// `<string-array>` or `<plurals>`) into the text the app gets, with a
/// `SourceMap` back to the file. The bytes are taken from the file itself,
/// between the end of the start tag and the start of the end tag (libxml2 has
/// checked the structure; see `AndroidStringsReader`), in two passes:
///
/// 1. XML (`pieces`): character data; `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` and
///    `&#NN;`/`&#xNN;` decoded; a reference to an internal entity of the file's
///    DOCTYPE replaced by its text (`AndroidEntities`, within its bounds), any
///    other never expanded (it contributes nothing, and libxml2 or the entities
///    have reported it); `<![CDATA[…]]>` contents as plain text (so `<a href>`
///    inside CDATA reaches linkdoc as HTML); comments and processing
///    instructions dropped; `<xliff:g>` tags dropped with
///    their content kept; every other element's start and end tags (`<b>`, `<i>`,
///    `<u>`, `<a href="…">`, Android's styled strings) kept byte for byte, so
///    linkdoc's HTML layer reads them.
/// 2. Android, as aapt2 does it (ResourceParser + ResourceUtils::StringBuilder):
///    - when the value has no inline tags, leading and trailing whitespace is
///      dropped (before escapes, so a trailing `\n` stays);
///    - outside double quotes, each run of ASCII whitespace (space, tab, line
///      breaks) becomes one space; an unescaped `"` opens or closes such a
///      quoted stretch and is itself dropped; inside it whitespace is kept as is;
///    - escapes: `\n` `\t` `\'` `\"` `\\` `\@` `\?` `\#` and `\uXXXX` (two in a
///      row make a surrogate pair); any other `\x` stands for `x` (warned);
///    - an unescaped `'` outside quotes is an error (aapt2 fails the build); it
///      is kept;
///    - an inline tag ends a quoted stretch and a whitespace run (aapt2 resets its
///      state at spans); escapes do not continue across it.
///    A `<` or `&` written as a reference (`&lt;`, `&amp;`, `&#60;`) is kept as
///    written, so the HTML layer shows it as text rather than markup, as Android
///    does (`getString` gives `<not set>`): decoded here, `&lt;not set&gt;` reached
///    the compiler as the tag `<not set>` and vanished. One exception, in a value
///    without inline tags: a `&lt;` that begins a tag of the HTML Android's
///    `Html.fromHtml` reads (`&lt;a href=…&gt;`, `&lt;b&gt;`, `&lt;/a&gt;`,
///    `&lt;br/&gt;`) and that closes is escaped HTML, the usual way to put links in a
///    string that the app passes to `Html.fromHtml`, and is decoded, so its links and
///    styles are kept (Wikipedia's app has 61 such strings in one file). A tag closes
///    when it is void (`br`, `img`) or self-closing (`/&gt;`), or when it is a start
///    tag and its end tag follows in the value (each end tag closes the nearest open
///    start tag of its name): "the `&lt;a&gt;` element" names a tag and shows `<a>`.
///
/// Literal runs map byte for byte to the file; decoded references and escapes
/// map to their first byte (`&`, `\`), and an entity's text to its reference's `&`.
struct AndroidValueDecoder {
    let text: LocalizationText
    /// The bytes the value is read from: the file's, or, when the value refers to entities of the
    /// file, its content with each reference replaced by the entity's text (`expandEntities`).
    private(set) var b: [UInt8]
    /// Where entity text stands in `b`, each with the offset of its reference's `&` in the file,
    /// in order; empty while `b` is the file's bytes.
    private var expansions: [(range: Range<Int>, reference: Int)] = []
    /// `b`'s offsets in the file (the identity while `b` is the file's bytes).
    private var fileMap = OffsetMap.identity
    /// Namespace prefixes bound to XLIFF in the file (always `xliff`).
    let xliffPrefixes: Set<[UInt8]>
    /// `key "name" (language, variation)`, for messages.
    let label: String

    var builder: ValueBuilder
    var diagnostics: [Diagnostic] = []

    init(text: LocalizationText, xliffPrefixes: Set<[UInt8]>, label: String, start: Int) {
        self.text = text
        self.b = text.bytes
        self.xliffPrefixes = xliffPrefixes
        self.label = label
        self.builder = ValueBuilder(start: start)
    }

    /// The file offset of offset `offset` of `b`.
    func fileOffset(_ offset: Int) -> Int { fileMap.sourceOffset(offset) }

    // MARK: Pass 1: XML

    enum Piece: Equatable {
        /// Bytes of `b` taken literally: character data, or a CDATA section's contents.
        case text(Range<Int>)
        /// A character or entity reference; nil for an entity that is never expanded.
        case reference(Unicode.Scalar?, Range<Int>)
        /// An inline element's start or end tag, kept as HTML.
        case tag(Range<Int>)
    }

    /// The pieces of `content`, the references to the file's internal entities (`entities`)
    /// replaced by their text: then the pieces are those of `b`, a copy of the content with the
    /// text in place of each reference.
    mutating func pieces(_ content: Range<Int>, entities: inout AndroidEntities) -> [Piece] {
        let found = XMLContent(b: b, xliffPrefixes: xliffPrefixes).pieces(content)
        guard !entities.isEmpty else { return found }
        let references = XMLContent(b: b, xliffPrefixes: xliffPrefixes).entityReferences(in: found) {
            entities.isDeclared($0)
        }
        guard !references.isEmpty else { return found }
        expandEntities(references, in: content, entities: &entities)
        return XMLContent(b: b, xliffPrefixes: xliffPrefixes).pieces(0..<b.count)
    }

    /// Makes `b` the content with each of `references` replaced by its entity's text (nothing,
    /// with an error, for an entity that is refused or past the file's budget).
    private mutating func expandEntities(_ references: [XMLContent.EntityReference], in content: Range<Int>,
                                         entities: inout AndroidEntities) {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var map = OffsetMap()
        var copied = content.lowerBound
        for reference in references {
            map.copy(from: copied, at: out.count)
            out += b[copied..<reference.range.lowerBound]
            copied = reference.range.upperBound
            switch entities.use(reference.name) {
            case .text(let text):
                let start = out.count
                map.replace(reference.range.lowerBound, at: start)
                out += reference.inTag ? AndroidEntities.attributeEscaped(text) : text
                expansions.append((start..<out.count, reference.range.lowerBound))
            case .nothing(let report?):
                self.report(.error, report, rule: RuleID.xmlEntity, at: reference.range.lowerBound)
            case .nothing(nil):
                break
            }
        }
        map.copy(from: copied, at: out.count)
        out += b[copied..<content.upperBound]
        b = out
        fileMap = map
    }

    /// Appends `b[r]` as it is: copied from the file, or the text of an entity (mapped to its reference).
    private mutating func appendSource(_ r: Range<Int>) {
        guard !expansions.isEmpty else { return builder.appendLiteral(b[r], at: r.lowerBound) }
        // The first expansion that ends after r starts (binary search: a value may hold many).
        var lo = 0, hi = expansions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if expansions[mid].range.upperBound <= r.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var i = r.lowerBound
        while i < r.upperBound {
            if lo < expansions.count, expansions[lo].range.lowerBound <= i {
                let end = min(expansions[lo].range.upperBound, r.upperBound)
                builder.appendReplacement(b[i..<end], at: expansions[lo].reference)
                i = end
                lo += 1
            } else {
                let end = min(lo < expansions.count ? expansions[lo].range.lowerBound : r.upperBound, r.upperBound)
                builder.appendLiteral(b[i..<end], at: fileOffset(i))
                i = end
            }
        }
    }

    /// Appends one decoded scalar for the escape or reference at `offset` of `b`.
    private mutating func appendEscaped(_ scalar: Unicode.Scalar, at offset: Int) {
        builder.appendEscaped(scalar, at: fileOffset(offset))
    }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || (c >= 0x09 && c <= 0x0D) }

    private static func isSpace(_ s: Unicode.Scalar?) -> Bool { s.map { $0.isASCII && isSpace(UInt8($0.value)) } ?? false }

    /// Drops leading and trailing whitespace (and never-expanded references
    /// there, which stand for nothing), as aapt2 does for values without spans.
    static func trimmed(_ pieces: [Piece], bytes b: [UInt8]) -> [Piece] {
        var pieces = pieces[...]
        while let first = pieces.first {
            if case .text(var r) = first {
                while !r.isEmpty && isSpace(b[r.lowerBound]) { r = r.lowerBound + 1..<r.upperBound }
                if !r.isEmpty { pieces[pieces.startIndex] = .text(r); break }
            } else if case .reference(let s, _) = first, s != nil && !isSpace(s) {
                break
            }
            pieces = pieces.dropFirst()
        }
        while let last = pieces.last {
            if case .text(var r) = last {
                while !r.isEmpty && isSpace(b[r.upperBound - 1]) { r = r.lowerBound..<r.upperBound - 1 }
                if !r.isEmpty { pieces[pieces.endIndex - 1] = .text(r); break }
            } else if case .reference(let s, _) = last, s != nil && !isSpace(s) {
                break
            }
            pieces = pieces.dropLast()
        }
        return Array(pieces)
    }

    // MARK: Pass 2: Android

    enum Escape { case none, backslash(at: Int), unicode(at: Int, value: UInt32, digits: Int) }

    private var quoted = false
    private var lastWasSpace = false
    private var escape = Escape.none
    /// A `\uD8xx` waiting for its `\uDCxx`.
    private var highSurrogate: (value: UInt32, at: Int)? = nil
    private var apostropheReported = false

    /// The elements `Html.fromHtml` reads (Android's `HtmlToSpannedConverter`).
    static let fromHtmlTags: Set<String> = [
        "a", "b", "big", "blockquote", "br", "cite", "del", "dfn", "div", "em", "font", "h1", "h2", "h3", "h4", "h5", "h6",
        "i", "img", "li", "p", "s", "small", "span", "strike", "strong", "sub", "sup", "tt", "u", "ul",
    ]

    /// The elements of `fromHtmlTags` that have no end tag.
    static let fromHtmlVoidTags: Set<String> = ["br", "img"]

    /// An escaped tag that the `&lt;` reference at `r` begins: the file's bytes after it are an
    /// optional `/`, a name of `fromHtmlTags`, then a space, `/`, `>` or `&gt;`, and the tag ends
    /// (`>` or `&gt;`) before the next `<` or `&lt;` and before `end`.
    private func escapedTag(at r: Range<Int>, end: Int) -> (name: String, isEnd: Bool, closesItself: Bool)? {
        var i = r.upperBound
        let isEnd = i < end && b[i] == UInt8(ascii: "/")
        if isEnd { i += 1 }
        let nameStart = i
        while i < end, i - nameStart <= 10, (b[i] | 0x20 >= 0x61 && b[i] | 0x20 <= 0x7A) || (b[i] >= 0x30 && b[i] <= 0x39) { i += 1 }
        let nameEnd = i
        let name = String(decoding: b[nameStart..<i].map { $0 | 0x20 }, as: UTF8.self)
        guard i > nameStart, i < end, Self.fromHtmlTags.contains(name),
              b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == UInt8(ascii: "/") || b[i] == UInt8(ascii: ">")
                || b[i..<end].starts(with: "&gt;".utf8) else { return nil }
        // Where the tag ends; a `<` or `&lt;` first means the `&lt;` began no tag (and the scan
        // stops there, so that the value's bytes are read once however many `&lt;` it holds).
        while i < end {
            if b[i] == UInt8(ascii: ">") || b[i..<end].starts(with: "&gt;".utf8) {
                // `/>` closes the tag when the slash stands alone (`<br/>`, `<b />`, `<b x="1"/>`), not
                // when it ends an unquoted value (`<a href=https://example.com/wiki/>`).
                let selfClosing = i > nameStart && b[i - 1] == UInt8(ascii: "/")
                    && (i - 1 == nameEnd || [0x20, 0x09, 0x0A, 0x22, 0x27].contains(b[i - 2]))
                return (name, isEnd, !isEnd && (selfClosing || Self.fromHtmlVoidTags.contains(name)))
            }
            if b[i] == UInt8(ascii: "<") || b[i..<end].starts(with: "&lt;".utf8) { return nil }
            i += 1
        }
        return nil
    }

    /// The offsets of the `&lt;` references in `pieces` that begin escaped tags that close (see
    /// the top): each end tag closes the nearest open start tag of its name, and the start tags
    /// left open, like end tags that close nothing, stay text.
    private func closingEscapedTags(_ pieces: [Piece]) -> Set<Int> {
        guard let end = pieces.last.map({ piece -> Int in
            switch piece { case .text(let r), .reference(_, let r), .tag(let r): r.upperBound }
        }) else { return [] }
        var read: Set<Int> = []
        /// The open start tags of each name, innermost last.
        var open: [String: [Int]] = [:]
        for case .reference("<"?, let r) in pieces {
            guard let tag = escapedTag(at: r, end: end) else { continue }
            if tag.closesItself {
                read.insert(r.lowerBound)
            } else if !tag.isEnd {
                open[tag.name, default: []].append(r.lowerBound)
            } else if let start = open[tag.name]?.popLast() {
                read.insert(start)
                read.insert(r.lowerBound)
            }
        }
        return read
    }

    /// Decodes `pieces` (trimmed by the caller when they hold no tag) into `builder`.
    mutating func decode(_ pieces: [Piece]) {
        let hasTags = pieces.contains { if case .tag = $0 { true } else { false } }
        let escapedTags = hasTags ? [] : closingEscapedTags(pieces)
        for piece in pieces {
            switch piece {
            case .text(let r):
                text(r)
            case .reference(let scalar?, let r):
                if case .none = escape, scalar == "&" || (scalar == "<" && !escapedTags.contains(r.lowerBound)) {
                    flushHighSurrogate()
                    lastWasSpace = false
                    appendSource(r)  // stays escaped for the HTML layer
                } else {
                    character(scalar, at: r.lowerBound, literal: nil)
                }
            case .reference(nil, _):
                break
            case .tag(let r):
                finishEscape()
                appendSource(r)
                quoted = false
                lastWasSpace = false
            }
        }
        finishEscape()
    }

    /// A literal run: plain bytes go out in one piece; the few that matter one by one.
    private mutating func text(_ r: Range<Int>) {
        var i = r.lowerBound
        while i < r.upperBound {
            if case .none = escape, highSurrogate == nil {
                var j = i
                while j < r.upperBound, !Self.isSpecial(b[j]) { j += 1 }
                if j > i {
                    appendSource(i..<j)
                    lastWasSpace = false
                    i = j
                    continue
                }
            }
            // One scalar (escapes may take any character).
            var n = 1
            while i + n < r.upperBound && b[i + n] & 0xC0 == 0x80 { n += 1 }
            let scalar = String(decoding: b[i..<i + n], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
            character(scalar, at: i, literal: i..<i + n)
            i += n
        }
    }

    private static func isSpecial(_ c: UInt8) -> Bool {
        isSpace(c) || c == UInt8(ascii: "\\") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "'")
    }

    /// One character of the text. `literal` is where its bytes are in `b` when it was
    /// written as itself (nil when it came from a reference).
    private mutating func character(_ c: Unicode.Scalar, at offset: Int, literal: Range<Int>?) {
        switch escape {
        case .backslash(let start):
            escape = .none
            if c == "u" {
                escape = .unicode(at: start, value: 0, digits: 0)
                return
            }
            flushHighSurrogate()
            let out: Unicode.Scalar
            switch c {
            case "n": out = "\n"
            case "t": out = "\t"
            case "'", "\"", "\\", "@", "?", "#": out = c
            // Typographic quotes escaped out of the habit of escaping ' and " (`couldn\’t`): Android
            // shows them as meant, so nothing is worth a warning.
            case "\u{2018}", "\u{2019}", "\u{201C}", "\u{201D}": out = c
            default:
                out = c
                var hint = ""
                if "《》[]".unicodeScalars.contains(c) { hint = "; to escape linkdoc markup in an Android string write \\\\\(c)" }
                report(.warning, "unknown escape '\\\(c)'; Android reads it as '\(c)'\(hint)",
                       rule: RuleID.androidUnknownEscape, at: start)
            }
            appendEscaped(out, at: start)
            return
        case .unicode(let start, let value, let digits):
            if c.isASCII, let d = XMLContent.digit(UInt8(c.value), hex: true) {
                let value = value << 4 | d
                if digits < 3 {
                    escape = .unicode(at: start, value: value, digits: digits + 1)
                } else {
                    escape = .none
                    unicodeEscape(value, at: start)
                }
                return
            }
            escape = .none
            report(.error, "'\\u' must be followed by 4 hex digits (aapt2 rejects it); U+FFFD was used", rule: RuleID.androidEscape, at: start)
            flushHighSurrogate()
            appendEscaped("\u{FFFD}", at: start)
            // and `c` is read as usual below
        case .none:
            break
        }
        // A pending high surrogate may still meet its low half in the next `\u`.
        if c != "\\" { flushHighSurrogate() }
        if c.isASCII && Self.isSpace(UInt8(c.value)) && !quoted {
            if !lastWasSpace {
                if c == " ", let literal { appendSource(literal) } else { appendEscaped(" ", at: offset) }
                lastWasSpace = true
            }
            return
        }
        lastWasSpace = false
        switch c {
        case "\\":
            escape = .backslash(at: offset)
        case "\"":
            quoted.toggle()
        case "'" where !quoted:
            if !apostropheReported {
                apostropheReported = true
                report(.error, "unescaped apostrophe: aapt2 rejects it; write \\' or put the value in double quotes",
                       rule: RuleID.androidEscape, at: offset)
            }
            append(c, at: offset, literal: literal)
        default:
            append(c, at: offset, literal: literal)
        }
    }

    private mutating func append(_ c: Unicode.Scalar, at offset: Int, literal: Range<Int>?) {
        if let literal { appendSource(literal) } else { appendEscaped(c, at: offset) }
    }

    private mutating func unicodeEscape(_ value: UInt32, at start: Int) {
        if let high = highSurrogate {
            highSurrogate = nil
            if (0xDC00...0xDFFF).contains(value) {
                appendEscaped(Unicode.Scalar(0x10000 + ((high.value - 0xD800) << 10) + (value - 0xDC00))!, at: high.at)
                return
            }
            unpairedSurrogate(high.value, at: high.at)
        }
        if (0xD800...0xDBFF).contains(value) {
            highSurrogate = (value, start)
        } else if let scalar = Unicode.Scalar(value) {
            appendEscaped(scalar, at: start)
        } else {
            unpairedSurrogate(value, at: start)
        }
    }

    private mutating func flushHighSurrogate() {
        if let high = highSurrogate {
            highSurrogate = nil
            unpairedSurrogate(high.value, at: high.at)
        }
    }

    private mutating func unpairedSurrogate(_ value: UInt32, at offset: Int) {
        report(.error, "unpaired surrogate \\u\(String(value, radix: 16, uppercase: true)); U+FFFD was used",
               rule: RuleID.androidEscape, at: offset)
        appendEscaped("\u{FFFD}", at: offset)
    }

    /// At an inline tag and at the end: an escape cannot continue past them.
    private mutating func finishEscape() {
        switch escape {
        case .backslash(let start):
            report(.warning, "a backslash at the end of a text run escapes nothing; Android drops it",
                   rule: RuleID.androidUnknownEscape, at: start)
        case .unicode(let start, _, _):
            report(.error, "'\\u' must be followed by 4 hex digits (aapt2 rejects it); U+FFFD was used", rule: RuleID.androidEscape, at: start)
            appendEscaped("\u{FFFD}", at: start)
        case .none:
            break
        }
        escape = .none
        flushHighSurrogate()
    }

    private mutating func report(_ severity: Severity, _ message: String, rule: RuleID, at offset: Int) {
        diagnostics.append(text.diagnostic(severity, "\(label): \(message)", rule: rule, at: fileOffset(offset)))
    }
}

/// Pass 1 of `AndroidValueDecoder` over some bytes: a value's XML content (the file's, or an
/// entity's text).
struct XMLContent {
    let b: [UInt8]
    let xliffPrefixes: Set<[UInt8]>
    typealias Piece = AndroidValueDecoder.Piece

    /// The pieces of `content`. Total on any bytes: an unterminated construct runs to the end.
    func pieces(_ content: Range<Int>) -> [Piece] {
        var out: [Piece] = []
        var i = content.lowerBound, runStart = i
        let end = content.upperBound
        func flush(_ upTo: Int) { if upTo > runStart { out.append(.text(runStart..<upTo)) } }
        while i < end {
            let c = b[i]
            if c == UInt8(ascii: "<") {
                flush(i)
                if has("<!--", at: i, end) {
                    i = after("-->", from: i + 4, end)
                } else if has("<![CDATA[", at: i, end) {
                    let close = find("]]>", from: i + 9, end)
                    if close > i + 9 { out.append(.text(i + 9..<close)) }
                    i = min(close + 3, end)
                } else if has("<?", at: i, end) {
                    i = after("?>", from: i + 2, end)
                } else if has("<!", at: i, end) {
                    i = after(">", from: i + 2, end)
                } else {
                    let tagEnd = endOfTag(from: i, end)
                    if !isXLIFF(tagAt: i, end: tagEnd) { out.append(.tag(i..<tagEnd)) }
                    i = tagEnd
                }
                runStart = i
            } else if c == UInt8(ascii: "&"), let (scalar, refEnd) = reference(at: i, end) {
                flush(i)
                out.append(.reference(scalar, i..<refEnd))
                i = refEnd
                runStart = i
            } else {
                i += 1
            }
        }
        flush(end)
        return out
    }

    private func has(_ s: StaticString, at i: Int, _ end: Int) -> Bool {
        let n = s.utf8CodeUnitCount
        guard i + n <= end else { return false }
        return s.withUTF8Buffer { p in (0..<n).allSatisfy { b[i + $0] == p[$0] } }
    }

    /// The offset of `s` at or after `from`, or `end`.
    private func find(_ s: StaticString, from: Int, _ end: Int) -> Int {
        var j = from
        while j < end && !has(s, at: j, end) { j += 1 }
        return j
    }

    private func after(_ s: StaticString, from: Int, _ end: Int) -> Int {
        min(find(s, from: from, end) + s.utf8CodeUnitCount, end)
    }

    /// Just past the `>` of the tag at `start`, skipping `>` inside quoted attribute values.
    private func endOfTag(from start: Int, _ end: Int) -> Int {
        var j = start + 1
        var quote: UInt8? = nil
        while j < end {
            let c = b[j]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                quote = c
            } else if c == UInt8(ascii: ">") {
                return j + 1
            }
            j += 1
        }
        return end
    }

    private func isXLIFF(tagAt start: Int, end: Int) -> Bool {
        var j = start + 1
        if j < end && b[j] == UInt8(ascii: "/") { j += 1 }
        let nameStart = j
        while j < end && b[j] != UInt8(ascii: ":") && !Self.endsName(b[j]) { j += 1 }
        return j < end && b[j] == UInt8(ascii: ":") && xliffPrefixes.contains(Array(b[nameStart..<j]))
    }

    private static func endsName(_ c: UInt8) -> Bool {
        c == 0x20 || c == 0x09 || c == 0x0A || c == UInt8(ascii: "/") || c == UInt8(ascii: ">")
    }

    /// `&name;` or `&#NN;`/`&#xNN;` at `i`: its character (nil for an entity that is
    /// not predefined) and where it ends. Nil when the `&` starts no reference
    /// (libxml2 reported it; the `&` is then text).
    private func reference(at i: Int, _ end: Int) -> (Unicode.Scalar?, Int)? {
        var j = i + 1
        if j < end && b[j] == UInt8(ascii: "#") {
            j += 1
            let hex = j < end && (b[j] == UInt8(ascii: "x") || b[j] == UInt8(ascii: "X"))
            if hex { j += 1 }
            var value: UInt32 = 0
            let digitsStart = j
            while j < end, j - digitsStart < 8, let d = Self.digit(b[j], hex: hex) {
                value = value * (hex ? 16 : 10) + d
                j += 1
            }
            guard j > digitsStart, j < end, b[j] == UInt8(ascii: ";") else { return nil }
            // libxml2 reports invalid characters (&#0;, surrogates); U+FFFD stands in.
            let valid = Unicode.Scalar(value).flatMap { $0.value == 0 ? nil : $0 }
            return (valid ?? "\u{FFFD}", j + 1)
        }
        let nameStart = j
        while j < end, j - nameStart < 256, !Self.endsName(b[j]), b[j] != UInt8(ascii: ";"), b[j] != UInt8(ascii: "&"), b[j] != UInt8(ascii: "<") { j += 1 }
        guard j > nameStart, j < end, b[j] == UInt8(ascii: ";") else { return nil }
        let scalar: Unicode.Scalar?
        switch String(decoding: b[nameStart..<j], as: UTF8.self) {
        case "amp": scalar = "&"
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "quot": scalar = "\""
        case "apos": scalar = "'"
        default: scalar = nil  // an entity: the file's internal ones are AndroidEntities' to expand
        }
        return (scalar, j + 1)
    }

    static func digit(_ c: UInt8, hex: Bool) -> UInt32? {
        hex ? ASCII.hexValue(c).map(UInt32.init) : (0x30...0x39).contains(c) ? UInt32(c - 0x30) : nil
    }

    /// A reference to a general entity (`&name;`, no character reference) where the XML
    /// content has one: a `.reference` piece the pieces do not decode, or one in a tag's
    /// attribute values (`<a href="&url;">`, where `inTag`).
    struct EntityReference {
        let name: String
        let range: Range<Int>
        let inTag: Bool
    }

    /// The references of `pieces` (of `b`) to the entities `isDeclared` names, in order.
    func entityReferences(in pieces: [Piece], isDeclared: (String) -> Bool) -> [EntityReference] {
        var found: [EntityReference] = []
        for piece in pieces {
            switch piece {
            case .reference(nil, let r):
                let name = String(decoding: b[r.lowerBound + 1..<r.upperBound - 1], as: UTF8.self)
                if isDeclared(name) { found.append(EntityReference(name: name, range: r, inTag: false)) }
            case .tag(let r):
                var i = r.lowerBound
                while let amp = b[i..<r.upperBound].firstIndex(of: UInt8(ascii: "&")) {
                    i = amp + 1
                    guard let (scalar, end) = reference(at: amp, r.upperBound), scalar == nil else { continue }
                    let name = String(decoding: b[amp + 1..<end - 1], as: UTF8.self)
                    if isDeclared(name) { found.append(EntityReference(name: name, range: amp..<end, inTag: true)) }
                    i = end
                }
            default:
                break
            }
        }
        return found
    }
}
