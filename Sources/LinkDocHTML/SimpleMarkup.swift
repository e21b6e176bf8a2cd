// SAX events for markup that needs no HTML parser.
//
// Most copy that goes through the HTML layer holds only a few inline tags
// (`<b>…</b>`, `<a href="…">…</a>`) and ampersands (`&amp;`, or a bare `&` in a
// URL), and for those libxml2's tokenizer cost more than the rest of compiling
// the document. This reader recognizes such documents and hands the Flattener
// exactly the events libxml2 would have given it for them, the table below
// says with which cursors (see SAXParser.swift for what a cursor means per
// callback). The Flattener recovers where a SAX event's text or tag starts from
// its cursor and the source; this reader knows, and hands it the positions
// instead (`Flattener.simpleText` and on), which the Flattener then treats as
// always. Anything else (another tag or attribute, a
// comment, a `<` that starts no tag, a character reference, an unknown entity,
// a control character, a text run long enough for libxml2 to flush it in
// pieces) and the document goes to libxml2, before any event was sent.
//
// What is accepted, and what libxml2 reports for it (HTML_PARSE_NOIMPLIED):
//   text without `<`, `&`, C0 controls but tab and LF, U+FFFE, U+FFFF, and in
//   runs under 1000 bytes  -> characters(text), cursor just past it (libxml2
//                             invents a <p> around top-level text first, which
//                             the Flattener ignores: no "<p" in the source)
//   <b> <i> <u> <s> <em> <strong>, lowercase, no attributes
//                          -> startElement(name), cursor at the '>'
//   <a href="V"> with V non-empty, of spaces and printable characters but quotes,
//   '<', '>' and any '&' that starts no "&amp;"
//                          -> startElement("a", href=V with "&amp;" decoded),
//                             cursor at the '>'
//   </name> of those names -> the Flattener reads end tags from the source, so
//                             an endElement with the cursor just past it
//                             (libxml2 reports one there, or none for a stray
//                             end tag, which the next event's gap finds alike)
//   &amp; &lt; &gt; &quot; -> characters(decoded), cursor just past the ';'
//   '&' before ASCII that starts no name (space, '=', a digit, …)
//                          -> characters("&"), cursor just past the '&'
//   '&' + ASCII name + ASCII that is neither a name character nor ';'
//                          -> characters("&") and characters(name), both with
//                             the cursor just past the name (libxml2's output
//                             for an entity reference without its ';')
//
// Tests/LinkDocHTMLTests/SimpleMarkupTests.swift compares every flattened result
// with libxml2's for the same input.

enum SimpleMarkup {
    /// More start tags than this and libxml2 reads the document: its element stack
    /// then never comes near a limit of its own.
    static let maxStartTags = 32
    /// libxml2 flushes a text run in pieces from this length on, with other cursors.
    static let maxTextRun = 999

    /// What the Flattener is told, with where it lies in the source: the SAX events' cursors
    /// only say where libxml2 stopped reading, and the Flattener recovers the rest from the
    /// source, which for these tokens is known already (see `Flattener.simpleText` and on).
    private enum Token {
        case text(Range<Int>)
        /// The tag runs from `start` (its `<`) to `close` (its `>`).
        case startTag(Tag, start: Int, href: Range<Int>?, close: Int)
        case endTag(Tag, start: Int, end: Int)
        /// `&amp;` and the like: the byte it stands for, and the reference.
        case character(UInt8, reference: Range<Int>)
        case ampersandThenName(Range<Int>)
    }

    /// Reads `input` (valid UTF-8 without NUL) if it is simple markup, sending its events to
    /// `flattener`; false, with nothing sent, if libxml2 must read it.
    static func parse(_ input: [UInt8], flattener: UnsafeMutablePointer<Flattener>) -> Bool {
        input.withUnsafeBufferPointer { s in
            // One reading, its tokens kept until the whole document has proved simple; a document
            // of more tokens than the buffer holds is read a second time to send them.
            withUnsafeTemporaryAllocation(of: Token.self, capacity: maxKeptTokens) { kept in
                var count = 0
                let simple = read(s) { token in
                    if count < kept.count { kept.initializeElement(at: count, to: token) }
                    count += 1
                }
                guard simple else { return false }
                flattener.pointee.simpleMarkupRead(s.count)
                if count <= kept.count {
                    for k in 0..<count { send(kept[k], s, to: flattener) }
                } else {
                    _ = read(s) { send($0, s, to: flattener) }
                }
                return true
            }
        }
    }

    /// Tokens kept from the reading that decides whether a document is simple (most documents
    /// have a handful): as many as fit in 1 KB, the most a temporary allocation always takes
    /// from the stack (a larger one asks the runtime, and on a worker thread got a malloc).
    static var maxKeptTokens: Int { 1024 / MemoryLayout<Token>.stride }

    /// Sends one token to the flattener: what libxml2's events would have told it, with the
    /// positions it would have recovered from their cursors.
    private static func send(_ token: Token, _ s: UnsafeBufferPointer<UInt8>, to flattener: UnsafeMutablePointer<Flattener>) {
        switch token {
        case .text(let range):
            flattener.pointee.simpleText(UnsafeBufferPointer(rebasing: s[range]), at: range.lowerBound)
        case .startTag(let tag, let start, let href, let close):
            guard let href else {
                flattener.pointee.simpleStartTag(tag, at: start, close: close, href: nil)
                return
            }
            withDecodedValue(s, href) { value in
                flattener.pointee.simpleStartTag(tag, at: start, close: close, href: value)
            }
        case .endTag(let tag, let start, let end):
            flattener.pointee.simpleEndTag(tag, at: start, end: end)
        case .character(let byte, let reference):
            withUnsafePointer(to: byte) { one in
                flattener.pointee.simpleReference(UnsafeBufferPointer(start: one, count: 1), source: reference)
            }
        case .ampersandThenName(let name):
            // libxml2 reports "&" and then the name, both at the reference's place.
            let reference = (name.lowerBound - 1)..<name.upperBound
            flattener.pointee.simpleReference(UnsafeBufferPointer(rebasing: s[reference.lowerBound..<name.lowerBound]), source: reference)
            flattener.pointee.simpleReference(UnsafeBufferPointer(rebasing: s[name]), source: reference)
        }
    }

    /// Whether `parse` reads `input` itself.
    static func isSimple(_ input: [UInt8]) -> Bool {
        input.withUnsafeBufferPointer { read($0, { _ in }) }
    }

    /// For each byte: whether it may end a text run (`<`, `&`, a C0 control but tab and LF,
    /// and 0xEF, which leads U+FFFE and U+FFFF and is looked at more closely).
    private static let stopsText: [Bool] = (0...255).map { b in
        (b < 0x20 && b != 0x09 && b != 0x0A) || b == 0x3C || b == 0x26 || b == 0xEF
    }

    /// Calls `emit` for each token of `s` in order; false at the first thing that is not simple
    /// markup (the tokens emitted until then are to be ignored).
    private static func read(_ s: UnsafeBufferPointer<UInt8>, _ emit: (Token) -> Void) -> Bool {
        let n = s.count
        var i = 0
        var startTags = 0
        let space16 = SIMD16<UInt8>(repeating: 0x20), lessThan16 = SIMD16<UInt8>(repeating: 0x3C)
        let ampersand16 = SIMD16<UInt8>(repeating: 0x26), ef16 = SIMD16<UInt8>(repeating: 0xEF)
        let bf16 = SIMD16<UInt8>(repeating: 0xBF)
        guard let base = s.baseAddress else { return true }
        return stopsText.withUnsafeBufferPointer { stops in
            while i < n {
                // A text run: sixteen bytes a time while none of them may end it (most copy has
                // few tags), then byte by byte through the block where one may. The vector test
                // flags every C0 control (the byte loop lets tab and LF through: few blocks of
                // copy hold one), and of what 0xEF leads only U+FFC0 to U+FFFF (EF BF ..), rare in
                // copy, not the fullwidth punctuation of CJK text (EF BC .., EF BD ..).
                let runStart = i
                scan: while i < n {
                    while i &+ 17 <= n {
                        let v = UnsafeRawPointer(base + i).loadUnaligned(as: SIMD16<UInt8>.self)
                        let next = UnsafeRawPointer(base + i + 1).loadUnaligned(as: SIMD16<UInt8>.self)
                        let specials = (v .== ef16) .& (next .== bf16)
                        if any((v .< space16) .| (v .== lessThan16) .| (v .== ampersand16) .| specials) { break }
                        i &+= 16
                    }
                    let blockEnd = min(n, i + 16)
                    while i < blockEnd {
                        let b = s[i]
                        if stops[Int(b)] {
                            // What 0xEF leads is text but U+FFFE and U+FFFF (EF BF BE, EF BF BF),
                            // which are no XML characters.
                            guard b == 0xEF, !(i + 2 < n && s[i + 1] == 0xBF && s[i + 2] >= 0xBE) else { break scan }
                        }
                        i += 1
                    }
                }
                if i > runStart {
                    guard i - runStart <= maxTextRun else { return false }
                    emit(.text(runStart..<i))
                }
                guard i < n else { break }
                switch s[i] {
                case UInt8(ascii: "<"):
                    if i + 1 < n && s[i + 1] == UInt8(ascii: "/") {
                        guard let (tag, nameEnd) = tagName(s, from: i + 2), nameEnd < n, s[nameEnd] == UInt8(ascii: ">")
                        else { return false }
                        emit(.endTag(tag, start: i, end: nameEnd + 1))
                        i = nameEnd + 1
                    } else {
                        guard let (tag, nameEnd) = tagName(s, from: i + 1), nameEnd < n else { return false }
                        startTags += 1
                        guard startTags <= maxStartTags else { return false }
                        if s[nameEnd] == UInt8(ascii: ">") {
                            guard tag != .a else { return false }
                            emit(.startTag(tag, start: i, href: nil, close: nameEnd))
                            i = nameEnd + 1
                        } else {
                            guard tag == .a, let (href, close) = hrefAttribute(s, from: nameEnd) else { return false }
                            emit(.startTag(tag, start: i, href: href, close: close))
                            i = close + 1
                        }
                    }
                case UInt8(ascii: "&"):
                    guard let end = reference(s, at: i, emit) else { return false }
                    i = end
                default:
                    return false  // a control character, U+FFFE or U+FFFF
                }
            }
            return true
        }
    }

    /// The tag of one of the accepted names at `start`, lowercase as written, and where the name ends.
    private static func tagName(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> (Tag, end: Int)? {
        var j = start
        while j < s.count && j - start < 7 && s[j] >= UInt8(ascii: "a") && s[j] <= UInt8(ascii: "z") { j += 1 }
        let name = UnsafeBufferPointer(rebasing: s[start..<j])
        let tag: Tag? = switch name.count {
        case 1:
            switch name[0] {
            case UInt8(ascii: "a"): .a
            case UInt8(ascii: "b"): .b
            case UInt8(ascii: "i"): .i
            case UInt8(ascii: "u"): .u
            case UInt8(ascii: "s"): .s
            default: nil
            }
        case 2: name[0] == UInt8(ascii: "e") && name[1] == UInt8(ascii: "m") ? .em : nil
        case 6: name.elementsEqual("strong".utf8) ? .strong : nil
        default: nil
        }
        return tag.map { ($0, j) }
    }

    /// ` href="V">` at `start`: the value's range and the offset of the '>'.
    private static func hrefAttribute(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> (Range<Int>, Int)? {
        let prefix: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0x20, 0x68, 0x72, 0x65, 0x66, 0x3D, 0x22)  // ` href="`
        guard s.count - start > 7, s[start] == prefix.0, s[start + 1] == prefix.1, s[start + 2] == prefix.2,
              s[start + 3] == prefix.3, s[start + 4] == prefix.4, s[start + 5] == prefix.5, s[start + 6] == prefix.6
        else { return nil }
        let valueStart = start + 7
        var j = valueStart
        let end: Int? = hrefBytes.withUnsafeBufferPointer { kinds in
            while j < s.count {
                switch kinds[Int(s[j])] {
                case HrefByte.text: j += 1
                case HrefByte.quote: return j
                case HrefByte.ampersand:
                    guard isAmpersandEntity(s, at: j) else { return nil }
                    j += 5
                default: return nil
                }
            }
            return nil
        }
        guard let end, end > valueStart, end + 1 < s.count, s[end + 1] == UInt8(ascii: ">") else { return nil }
        return (valueStart..<end, end + 1)
    }

    /// What a byte is in an href value `hrefAttribute` accepts: spaces and printable characters
    /// but quotes, `<`, `>` and an `&` that starts no `&amp;`; the closing `"` ends it.
    private enum HrefByte {
        static let text: UInt8 = 0, quote: UInt8 = 1, ampersand: UInt8 = 2, refused: UInt8 = 3
    }

    private static let hrefBytes: [UInt8] = (0...255).map { b in
        switch b {
        case 0x22: HrefByte.quote
        case 0x26: HrefByte.ampersand
        case 0..<0x20, 0x7F, 0x27, 0x3C, 0x3E: HrefByte.refused
        default: HrefByte.text
        }
    }

    /// Whether `&amp;` is at `i`.
    private static func isAmpersandEntity(_ s: UnsafeBufferPointer<UInt8>, at i: Int) -> Bool {
        i + 5 <= s.count && s[i + 1] == UInt8(ascii: "a") && s[i + 2] == UInt8(ascii: "m") && s[i + 3] == UInt8(ascii: "p")
            && s[i + 4] == UInt8(ascii: ";")
    }

    /// Calls `body` with an attribute value as libxml2 reports it: each `&amp;` (the only
    /// reference `hrefAttribute` lets through) decoded.
    private static func withDecodedValue(_ s: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                         _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let value = UnsafeBufferPointer(rebasing: s[range])
        guard value.contains(UInt8(ascii: "&")) else { return body(value) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: range.count) { decoded in
            var count = 0, i = range.lowerBound
            while i < range.upperBound {
                decoded[count] = s[i]
                count += 1
                i += s[i] == UInt8(ascii: "&") ? 5 : 1
            }
            body(UnsafeBufferPointer(rebasing: decoded[0..<count]))
        }
    }

    private static let entities: [(name: [UInt8], value: UInt8)] = [
        (Array("amp;".utf8), UInt8(ascii: "&")), (Array("lt;".utf8), UInt8(ascii: "<")),
        (Array("gt;".utf8), UInt8(ascii: ">")), (Array("quot;".utf8), UInt8(ascii: "\"")),
    ]

    /// The `&` at `amp`: emits what libxml2 reports for it and returns where reading goes on.
    private static func reference(_ s: UnsafeBufferPointer<UInt8>, at amp: Int, _ emit: (Token) -> Void) -> Int? {
        let n = s.count
        guard amp + 1 < n else { return nil }
        let first = s[amp + 1]
        if first >= 0x80 || first == UInt8(ascii: "#") || first == UInt8(ascii: "_") || first == UInt8(ascii: ":") { return nil }
        guard isLetter(first) else {
            // libxml2 reports the "&" as text, as it is in the source.
            emit(.text(amp..<amp + 1))
            return amp + 1
        }
        var j = amp + 1
        while j < n && (isLetter(s[j]) || (s[j] >= 0x30 && s[j] <= 0x39) || s[j] == UInt8(ascii: ".")
                        || s[j] == UInt8(ascii: "-") || s[j] == UInt8(ascii: "_") || s[j] == UInt8(ascii: ":")) {
            j += 1
        }
        guard j < n, s[j] < 0x80 else { return nil }
        if s[j] == UInt8(ascii: ";") {
            let name = UnsafeBufferPointer(rebasing: s[amp + 1...j])
            guard let entity = entities.first(where: { name.elementsEqual($0.name) }) else { return nil }
            emit(.character(entity.value, reference: amp..<j + 1))
            return j + 1
        }
        emit(.ampersandThenName(amp + 1..<j))
        return j
    }

    private static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
}
