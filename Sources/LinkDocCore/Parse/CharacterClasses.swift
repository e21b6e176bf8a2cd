@_spi(Bytes) import LinkDocBase

/// Byte- and scalar-level character classes that the grammar is written in, beside the ASCII
/// byte classes of LinkDocBase's `ASCII` (letters, digits, white space) and its CJK letters and
/// scalar decoding (`CJKLetters`, `UTF8Scalar`), which lint shares. The scanner works on UTF-8
/// bytes and decodes a scalar only where a rule needs to look at a non-ASCII character.
enum CharClass {
    /// Middle dots, which join the parts of a mention's name (`@歌且行风长吟·`, `@山田・太郎`).
    static func isNameJoiner(_ c: UInt32) -> Bool { c == 0xB7 || c == 0x30FB }

    /// The scalars of a mention's name (Grammar/spec.md, "Mentions"): ASCII letters, digits, `_` and
    /// `-`, CJK ideographs, and the middle dots that join its parts.
    static func isMentionNameScalar(_ c: UInt32) -> Bool {
        c < 0x80 ? ASCII.isLetterOrDigit(UInt8(c)) || c == 0x5F || c == 0x2D : CJKLetters.isIdeograph(c) || isNameJoiner(c)
    }

    /// Characters of East Asian scripts and typography that end a bare URL or email
    /// domain: ideographs, kana, Hangul, CJK symbols and punctuation, full-width forms.
    static func isCJK(_ c: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(c) || (0xAC00...0xD7AF).contains(c)
            || (0xF900...0xFAFF).contains(c) || (0xFE30...0xFE4F).contains(c)
            || (0xFF00...0xFFEF).contains(c) || (0x20000...0x3FFFF).contains(c)
            || (0x1100...0x11FF).contains(c) || (0xA960...0xA97F).contains(c)
    }

    /// White space beyond ASCII: NBSP, the U+2000 spaces, ideographic space, …
    static func isUnicodeSpace(_ c: UInt32) -> Bool {
        c == 0xA0 || c == 0x1680 || (0x2000...0x200A).contains(c) || c == 0x2028 || c == 0x2029
            || c == 0x202F || c == 0x205F || c == 0x3000 || c == 0x85
    }

    /// General punctuation (“ ” ‘ ’ … — and friends) and emoji: they end a bare URL.
    static func isPunctuationOrEmoji(_ c: UInt32) -> Bool {
        isGeneralPunctuation(c) || (0x2600...0x27BF).contains(c) || (0x1F000...0x1FAFF).contains(c)
    }

    /// General punctuation: dashes, quotation marks, `…`, `‰` and friends (U+2010–U+2027, U+2030–U+205E).
    static func isGeneralPunctuation(_ c: UInt32) -> Bool {
        (0x2010...0x2027).contains(c) || (0x2030...0x205E).contains(c)
    }

    /// Invisible format characters: zero-width space, word joiner, bidi marks, embeddings,
    /// overrides and isolates, BOM. They end a URL and are never encoded into one. The zero-width
    /// (non-)joiners U+200C and U+200D are not among them: they belong to words (Malayalam,
    /// Persian) and to emoji sequences.
    static func isInvisibleFormat(_ c: UInt32) -> Bool {
        c == 0x200B || c == 0x200E || c == 0x200F || (0x202A...0x202E).contains(c) || (0x2060...0x2064).contains(c)
            || (0x2066...0x2069).contains(c) || c == 0xFEFF
    }

    /// CJK symbols and punctuation (`。`, `、`, `《`, `「`) and the full-width forms that are not
    /// letters or digits (`，`, `！`, `（`): they end a sentence's word, never belong to a name.
    static func isCJKPunctuation(_ c: UInt32) -> Bool {
        (0x3000...0x303F).contains(c) || (0xFE30...0xFE4F).contains(c) || (0xFF01...0xFF0F).contains(c)
            || (0xFF1A...0xFF20).contains(c) || (0xFF3B...0xFF40).contains(c) || (0xFF5B...0xFF65).contains(c)
    }

    /// Whether a scalar is white space in any script (ASCII included).
    static func isSpace(_ c: UInt32) -> Bool {
        c < 0x80 ? ASCII.isWhitespace(UInt8(c)) : isUnicodeSpace(c)
    }
}

/// A set of ASCII bytes as a 128-bit mask: membership costs a shift and a test, where
/// `"…".utf8.contains(b)` walks the string on every call (the parser asks for every candidate).
struct ASCIISet: Sendable {
    private let low: UInt64, high: UInt64

    init(_ members: StaticString) {
        var low: UInt64 = 0, high: UInt64 = 0
        members.withUTF8Buffer { bytes in
            for b in bytes {
                precondition(b < 0x80, "ASCIISet holds ASCII bytes only")
                if b < 64 { low |= 1 << UInt64(b) } else { high |= 1 << UInt64(b - 64) }
            }
        }
        self.low = low
        self.high = high
    }

    /// The set whose members are the bits of `low` (bytes 0–63) and `high` (bytes 64–127): a
    /// constant that the optimizer initializes statically, for a set read in a hot loop where a
    /// lazily made global would be checked at each read.
    init(low: UInt64, high: UInt64) {
        self.low = low
        self.high = high
    }

    @inline(__always) func contains(_ b: UInt8) -> Bool {
        b < 64 ? low >> UInt64(b) & 1 != 0 : b < 128 ? high >> UInt64(b - 64) & 1 != 0 : false
    }
}

/// Brackets counted in a bare URL, so that a closing one at its end is trimmed only when it
/// has no partner inside (`…/Swift_(language)` keeps its `)`, `http://example.com]` drops the `]`).
struct BracketCounts {
    private(set) var parenthesesOpen = 0, parenthesesClosed = 0
    private var squareOpen = 0, squareClosed = 0, curlyOpen = 0, curlyClosed = 0

    @inline(__always) mutating func count(_ b: UInt8) {
        switch b {
        case UInt8(ascii: "("): parenthesesOpen += 1
        case UInt8(ascii: ")"): parenthesesClosed += 1
        case UInt8(ascii: "["): squareOpen += 1
        case UInt8(ascii: "]"): squareClosed += 1
        case UInt8(ascii: "{"): curlyOpen += 1
        case UInt8(ascii: "}"): curlyClosed += 1
        default: break
        }
    }

    /// Whether `b` is a closing bracket with more of its kind than openers: then it is counted out
    /// (the caller trims it).
    mutating func dropsUnpaired(closing b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: ")") where parenthesesClosed > parenthesesOpen: parenthesesClosed -= 1
        case UInt8(ascii: "]") where squareClosed > squareOpen: squareClosed -= 1
        case UInt8(ascii: "}") where curlyClosed > curlyOpen: curlyClosed -= 1
        default: return false
        }
        return true
    }
}

/// The shape of CommonMark's autolinks, `<scheme:…>` and `<local@domain>`: the inline parser
/// links them, PreparedText keeps libxml2 from reading them as tags, and a String Catalog's
/// Markdown (LinkDocFormats) keeps them while its other `<` are literal. One definition for all.
package enum AngleAutolink {
    /// If an autolink opens at `i` (a `<`), the offset of its `>`: no white space, control or `<`
    /// in between, and the inside a scheme and colon (2 to 32 ASCII letters, digits, `+ . -`,
    /// a letter first) or an address.
    package static func end(_ s: UnsafeBufferPointer<UInt8>, openingAt i: Int) -> Int? {
        var j = i + 1
        while j < s.count {
            let b = s[j]
            if b == UInt8(ascii: ">") { break }
            if b <= 0x20 || b == 0x7F || b == UInt8(ascii: "<") { return nil }
            j += 1
        }
        guard j < s.count, j > i + 1 else { return nil }
        let inner = UnsafeBufferPointer(rebasing: s[i + 1..<j])
        return startsWithScheme(inner) || isEmail(inner) ? j : nil
    }

    /// Whether `inner` begins with a scheme and its colon: a letter, then letters, digits, `+`, `.`
    /// or `-`, 2 to 32 in all (CommonMark's autolink scheme).
    static func startsWithScheme(_ inner: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = inner.first, ASCII.isLetter(first) else { return false }
        for (k, b) in inner.enumerated().prefix(34) {
            if b == UInt8(ascii: ":") { return k >= 2 }
            guard ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "+") || b == UInt8(ascii: ".") || b == UInt8(ascii: "-")
            else { return false }
        }
        return false
    }

    /// CommonMark's address shape: one `@`, an ASCII local part of `atext`, a domain of letters,
    /// digits, `-` and `.` (non-ASCII letters too: IDNA). The domain's own rules are the parser's.
    static func isEmail(_ inner: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = inner.firstIndex(of: UInt8(ascii: "@")), at > 0, at + 1 < inner.count else { return false }
        for b in inner[..<at] where !(ASCII.isLetterOrDigit(b) || localPartSymbols.contains(b)) { return false }
        for b in inner[(at + 1)...] where !(b >= 0x80 || ASCII.isLetterOrDigit(b) || b == UInt8(ascii: "-") || b == UInt8(ascii: ".")) {
            return false
        }
        return true
    }

    private static let localPartSymbols = ASCIISet(".!#$%&'*+/=?^_`{|}~-")
}
