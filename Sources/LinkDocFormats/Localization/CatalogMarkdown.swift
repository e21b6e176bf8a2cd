import LinkDocCore

/// SwiftUI reads String Catalog values as inline Markdown (`Text` with a `LocalizedStringKey`,
/// `AttributedString(localized:)`): `**bold**`, `*italic*` / `_italic_`, `~~struck~~`, `` `code` ``,
/// `[text](url)` and backslash escapes. This turns a value's Markdown into the linkdoc markup
/// that means the same, so that the compiler gives style runs instead of literal asterisks:
///
///     **bold**  → <b>bold</b>        *it* _it_ → <i>it</i>        ~~x~~ → <s>x</s>
///     `a<b>`    → <code>a&lt;b&gt;</code>   (code is literal: markup characters escaped)
///     \*        → *                  \[ \@ \< … stay escaped (the markup's own escapes)
///
/// `[text](url)` is already the markup's explicit link; its destination and autolinks
/// (`<https://…>`, `<dpo@example.com>`) are copied untouched. SwiftUI does not read HTML in
/// Markdown: `<b>`, `<br>`, `<think>` show as written, so every other `<` is written as the
/// markup's escape `\<`, which is literal even where the compiler reads HTML (a value with `<`
/// or `&`); `&amp;` and the other character references still decode, as CommonMark decodes
/// them. Emphasis follows CommonMark's delimiter-run rules (flanking, `_` not inside words, the
/// rule of 3; none inside a tag's `<…>`), so `5 * 3` and `snake_case_name` stay as written. No
/// link is made inside a code span (SwiftUI shows it literally): `Document.dropLinksInCode`.
///
/// Only String Catalog values are read this way: `.strings` files and Android resources are
/// not Markdown, and their HTML is read as HTML. The result keeps a `SourceMap` to the file:
/// copied bytes map to themselves, inserted tags and escapes to the character they stand for.
enum CatalogMarkdown {
    static func markup(_ value: [UInt8], map: SourceMap) -> ([UInt8], SourceMap) {
        // Most values have no Markdown and no `<` at all: nothing to rewrite.
        guard value.contains(where: { $0 == 0x2A || $0 == 0x5F || $0 == 0x7E || $0 == 0x60 || $0 == 0x5C || $0 == 0x3C }) else {
            return (value, map)
        }
        var tokenizer = Tokenizer(value)
        var tokens = tokenizer.tokens()
        Emphasis.resolve(&tokens)
        var out = Output(value: value, oldMap: map)
        for token in tokens { out.write(token) }
        return (out.bytes, out.map)
    }

    /// A piece of the value.
    enum Token {
        /// Bytes copied as they are.
        case copy(Range<Int>)
        /// A backslash escape whose backslash is dropped (`\*` → `*`): the character at the offset.
        case escaped(Int)
        /// A character that is literal in Markdown but not in the markup (a `<` that opens no
        /// autolink), written with the markup's escape: `\` and the character at the offset.
        case literal(Int)
        /// A code span: its content (escaped for the markup) between `<code>` tags.
        case code(Range<Int>, at: Int)
        /// A run of `*`, `_` or `~`; `Emphasis` decides which of its characters become tags.
        case delimiters(Run)
    }

    struct Run {
        let byte: UInt8
        let start: Int
        let count: Int
        let canOpen: Bool
        let canClose: Bool
        /// Characters still literal; matches take them from the inner side.
        var remaining: Int
        /// Characters taken by closing tags (the run's first ones).
        var closed = 0
        /// Tags that replace matched characters, in output order.
        var closers: [String] = []
        var openers: [String] = []
    }

    /// ASCII punctuation a backslash escapes in Markdown.
    static func isPunctuation(_ c: UInt8) -> Bool {
        (0x21...0x2F).contains(c) || (0x3A...0x40).contains(c) || (0x5B...0x60).contains(c) || (0x7B...0x7E).contains(c)
    }

    /// Characters the markup itself escapes with a backslash (Grammar/spec.md, Escapes): their
    /// Markdown escape is kept as written, so the markup still reads them as literal.
    static func isMarkupEscapable(_ c: UInt8) -> Bool {
        "@#[]()<>&\\".utf8.contains(c)
    }

    struct Tokenizer {
        let b: [UInt8]
        var found: [Token] = []
        var copyStart = 0
        var i = 0

        init(_ b: [UInt8]) { self.b = b }

        mutating func flush(to end: Int) {
            if end > copyStart { found.append(.copy(copyStart..<end)) }
        }

        mutating func tokens() -> [Token] {
            while i < b.count {
                let c = b[i]
                switch c {
                case UInt8(ascii: "\\") where i + 1 < b.count && CatalogMarkdown.isPunctuation(b[i + 1]):
                    if CatalogMarkdown.isMarkupEscapable(b[i + 1]) {
                        i += 2  // copied with the text around it
                    } else {
                        flush(to: i)
                        found.append(.escaped(i + 1))
                        i += 2
                        copyStart = i
                    }
                case UInt8(ascii: "`"):
                    codeSpan()
                case UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    delimiterRun()
                case UInt8(ascii: "h") where startsBareURL(at: i):
                    // A bare URL, which the compiler links: `_` and `*` in it are part of the URL
                    // (`https://e.com/_private_`), as in a GFM autolink, not emphasis.
                    while i < b.count, b[i] > 0x20, b[i] != UInt8(ascii: "<") { i += 1 }
                case UInt8(ascii: "]") where i + 1 < b.count && b[i + 1] == UInt8(ascii: "("):
                    i = endOfParenthesized(from: i + 1)  // a link destination, copied as it is
                case UInt8(ascii: "<"):
                    if let close = b.withUnsafeBufferPointer({ AngleAutolink.end($0, openingAt: i) }) {
                        i = close + 1  // an autolink, copied as it is: a link, its `_` and `*` no emphasis
                        continue
                    }
                    flush(to: i)
                    found.append(.literal(i))
                    i += 1
                    copyStart = i
                    if i < b.count && (isLetter(b[i]) || b[i] == UInt8(ascii: "/") || b[i] == UInt8(ascii: "!")) {
                        // What would be an HTML tag: shown as written, and its attribute values
                        // (which may hold `_` and `*`) are no emphasis, as in CommonMark.
                        var j = i
                        while j < b.count, b[j] != UInt8(ascii: ">"), b[j] != UInt8(ascii: "<") { j += 1 }
                        if j < b.count && b[j] == UInt8(ascii: ">") { i = j + 1 }
                    }
                default:
                    i += 1
                }
            }
            flush(to: b.count)
            return found
        }

        func isLetter(_ c: UInt8) -> Bool { c | 0x20 >= 0x61 && c | 0x20 <= 0x7A }

        /// `http://` or `https://` at `i`, not inside a word.
        func startsBareURL(at i: Int) -> Bool {
            guard i == 0 || !isLetter(b[i - 1]) else { return false }
            for scheme in ["http://", "https://"] where b.count - i >= scheme.utf8.count {
                if b[i..<i + scheme.utf8.count].elementsEqual(scheme.utf8) { return true }
            }
            return false
        }

        /// Past the `)` that closes the `(` at `open` (nested parentheses balanced), or the end.
        func endOfParenthesized(from open: Int) -> Int {
            var depth = 0, j = open
            while j < b.count {
                if b[j] == UInt8(ascii: "\\") { j += 2; continue }
                if b[j] == UInt8(ascii: "(") { depth += 1 }
                if b[j] == UInt8(ascii: ")") { depth -= 1; if depth == 0 { return j + 1 } }
                if b[j] == 0x0A { return j }
                j += 1
            }
            return b.count
        }

        /// A backtick run opens a code span when a run of the same length follows; otherwise
        /// it is literal (CommonMark).
        mutating func codeSpan() {
            let start = i
            var n = 0
            while i < b.count, b[i] == UInt8(ascii: "`") { n += 1; i += 1 }
            var j = i
            while j < b.count {
                guard b[j] == UInt8(ascii: "`") else { j += 1; continue }
                let runStart = j
                while j < b.count, b[j] == UInt8(ascii: "`") { j += 1 }
                if j - runStart == n {
                    var content = i..<runStart
                    // One space on each side is dropped when both are there and the content is not all spaces.
                    if content.count >= 2, b[content.lowerBound] == 0x20, b[content.upperBound - 1] == 0x20,
                       b[content].contains(where: { $0 != 0x20 }) {
                        content = content.lowerBound + 1..<content.upperBound - 1
                    }
                    flush(to: start)
                    found.append(.code(content, at: start))
                    i = j
                    copyStart = i
                    return
                }
            }
            // No closing run: the backticks stay, copied with the text.
        }

        mutating func delimiterRun() {
            let c = b[i], start = i
            while i < b.count, b[i] == c { i += 1 }
            let before = start > 0 ? Neighbour(b, endingAt: start) : .space
            let after = i < b.count ? Neighbour(b, startingAt: i) : .space
            let leftFlanking = after != .space && (after != .punctuation || before != .other)
            let rightFlanking = before != .space && (before != .punctuation || after != .other)
            var canOpen = leftFlanking, canClose = rightFlanking
            if c == UInt8(ascii: "_") {
                canOpen = leftFlanking && (!rightFlanking || before == .punctuation)
                canClose = rightFlanking && (!leftFlanking || after == .punctuation)
            }
            let count = i - start
            if c == UInt8(ascii: "~") && count != 2 { return }  // only `~~` strikes through
            flush(to: start)
            found.append(.delimiters(Run(byte: c, start: start, count: count, canOpen: canOpen, canClose: canClose, remaining: count)))
            copyStart = i
        }
    }

    /// What is next to a delimiter run, as CommonMark's flanking rules see it.
    enum Neighbour: Equatable {
        case space, punctuation, other

        init(_ b: [UInt8], endingAt end: Int) {
            var start = end - 1
            while start > 0 && b[start] & 0xC0 == 0x80 { start -= 1 }
            self.init(scalar: String(decoding: b[start..<end], as: UTF8.self).unicodeScalars.first)
        }

        init(_ b: [UInt8], startingAt start: Int) {
            var end = start + 1
            while end < b.count && b[end] & 0xC0 == 0x80 { end += 1 }
            self.init(scalar: String(decoding: b[start..<end], as: UTF8.self).unicodeScalars.first)
        }

        init(scalar: Unicode.Scalar?) {
            guard let s = scalar else { self = .space; return }
            if s.properties.isWhitespace { self = .space; return }
            if s.isASCII { self = CatalogMarkdown.isPunctuation(UInt8(s.value)) ? .punctuation : .other; return }
            switch s.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation,
                 .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                self = .punctuation
            default:
                self = .other
            }
        }
    }

    /// CommonMark's "process emphasis": each closer, from the left, matches the nearest opener
    /// of its character below it; runs between a matched pair stay literal. `bottom` keeps, per
    /// kind of closer, how far down a search has already failed, so a value with many unmatched
    /// delimiters costs linear time, not quadratic.
    enum Emphasis {
        static func resolve(_ tokens: inout [Token]) {
            var runs: [Run] = []
            var tokenOf: [Int] = []
            for (t, token) in tokens.enumerated() {
                if case .delimiters(let run) = token { runs.append(run); tokenOf.append(t) }
            }
            guard runs.count >= 2 else { return }
            // Openers still usable, by index in `runs`, in order.
            var stack: [Int] = []
            var bottom: [Int: Int] = [:]  // closer kind → stack count below which no opener matched
            for k in runs.indices {
                if runs[k].canClose {
                    let kind = Int(runs[k].byte) << 3 | (runs[k].canOpen ? 4 : 0) | runs[k].count % 3
                    var floor = bottom[kind] ?? 0
                    var s = stack.count - 1
                    while runs[k].remaining > 0 && s >= floor {
                        let o = stack[s]
                        guard runs[o].byte == runs[k].byte, runs[o].remaining > 0, matches(runs[o], runs[k]) else { s -= 1; continue }
                        let strike = runs[k].byte == UInt8(ascii: "~")
                        let use = strike ? 2 : (runs[o].remaining >= 2 && runs[k].remaining >= 2 ? 2 : 1)
                        if strike && (runs[o].remaining != 2 || runs[k].remaining != 2) { s -= 1; continue }
                        let tag = strike ? "s" : use == 2 ? "b" : "i"
                        runs[o].remaining -= use
                        runs[k].remaining -= use
                        runs[k].closed += use
                        runs[o].openers.append("<\(tag)>")
                        runs[k].closers.append("</\(tag)>")
                        // The openers between the pair can no longer match anything.
                        stack.removeSubrange((s + 1)...)
                        if runs[o].remaining == 0 { stack.removeLast() }
                        s = stack.count - 1
                        // A floor above the stack's top would hide openers pushed later.
                        floor = min(floor, stack.count)
                        for (key, value) in bottom where value > stack.count { bottom[key] = stack.count }
                    }
                    if runs[k].remaining > 0 { bottom[kind] = stack.count }
                }
                if runs[k].canOpen && runs[k].remaining > 0 { stack.append(k) }
            }
            for (k, t) in tokenOf.enumerated() { tokens[t] = .delimiters(runs[k]) }
        }

        /// The rule of 3: a run that can both open and close matches only if the two runs'
        /// lengths do not add up to a multiple of 3, unless both are multiples of 3.
        static func matches(_ opener: Run, _ closer: Run) -> Bool {
            guard opener.canOpen && opener.canClose || closer.canOpen && closer.canClose else { return true }
            return (opener.count + closer.count) % 3 != 0 || (opener.count % 3 == 0 && closer.count % 3 == 0)
        }
    }

    /// The rewritten value and its map.
    struct Output {
        let value: [UInt8]
        let oldMap: SourceMap
        var bytes: [UInt8] = []
        var map: SourceMap

        init(value: [UInt8], oldMap: SourceMap) {
            self.value = value
            self.oldMap = oldMap
            map = SourceMap(start: oldMap.start)
            bytes.reserveCapacity(value.count + 32)
        }

        /// Value bytes copied: each maps where it mapped before, as literally as before (a JSON
        /// escape stays an escape; runs merge in the map).
        mutating func copy(_ range: Range<Int>) {
            for offset in range {
                map.add(value: bytes.count, file: oldMap.fileOffset(ofValueOffset: offset), literal: oldMap.isLiteral(valueOffset: offset))
                bytes.append(value[offset])
            }
        }

        /// The character a Markdown backslash escapes: the escape's, so `--fix` never edits it
        /// (`\!` made `\！` would show its backslash).
        mutating func copyEscaped(_ offset: Int) {
            map.add(value: bytes.count, file: oldMap.fileOffset(ofValueOffset: offset), literal: false)
            bytes.append(value[offset])
        }

        /// Bytes that stand for the value byte at `offset` (a tag, an entity).
        mutating func insert(_ text: String, for offset: Int) {
            map.add(value: bytes.count, file: oldMap.fileOffset(ofValueOffset: offset), literal: false)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func write(_ token: Token) {
            switch token {
            case .copy(let r):
                copy(r)
            case .escaped(let offset):
                copyEscaped(offset)
            case .literal(let offset):
                insert("\\", for: offset)
                copy(offset..<offset + 1)
            case .code(let content, let at):
                insert("<code>", for: at)
                for offset in content {
                    switch value[offset] {
                    case UInt8(ascii: "<"): insert("&lt;", for: offset)
                    case UInt8(ascii: ">"): insert("&gt;", for: offset)
                    case UInt8(ascii: "&"): insert("&amp;", for: offset)
                    case 0x0A: insert(" ", for: offset)  // line breaks in code are spaces (CommonMark)
                    case let c where CatalogMarkdown.isMarkupEscapable(c):
                        insert("\\", for: offset)
                        copy(offset..<offset + 1)
                    default:
                        // 《 and 》 (three bytes each) are the markup's other escapable characters.
                        if offset + 2 < value.count, value[offset] == 0xE3, value[offset + 1] == 0x80,
                           value[offset + 2] == 0x8A || value[offset + 2] == 0x8B {
                            insert("\\", for: offset)
                        }
                        copy(offset..<offset + 1)
                    }
                }
                insert("</code>", for: content.upperBound < value.count ? content.upperBound : at)
            case .delimiters(let run):
                // Closing tags take the run's first characters, opening tags its last ones.
                for tag in run.closers { insert(tag, for: run.start) }
                copy(run.start + run.closed..<run.start + run.closed + run.remaining)
                for tag in run.openers.reversed() { insert(tag, for: run.start + run.count - 1) }
            }
        }
    }
}
