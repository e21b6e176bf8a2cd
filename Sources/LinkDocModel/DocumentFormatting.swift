import Foundation

/// A value for a placeholder of `Document.formatted(_:)`.
public enum FormatArgument: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral {
    /// Text for `%@`.
    case string(String)
    /// A link document for `%@` (a user name that is a mention): its text, and its links,
    /// styles and attachments moved to where it lands.
    case document(Document)
    /// An integer for `%d`, `%i`, `%ld`, `%lld`, `%u`, `%x`, `%o`, … (and `%@`, as its decimal digits).
    case int(Int)
    /// A floating-point number for `%f`, `%e`, `%g`, `%a`, ….
    case double(Double)

    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
}

/// A value for a `%@` placeholder that the generated accessors take: text, or a link document
/// whose links come along (`.document`).
public protocol FormatText: Sendable {
    var formatArgument: FormatArgument { get }
}

extension String: FormatText {
    public var formatArgument: FormatArgument { .string(self) }
}

extension Document: FormatText {
    public var formatArgument: FormatArgument { .document(self) }
}

/// What a placeholder takes, as `Document.argumentKinds(of:)` reads a format string.
public enum FormatArgumentKind: Sendable, Hashable {
    /// `%@`: a `FormatText`.
    case text
    /// `%d`, `%lld`, `%u`, `%x`, …: an `Int`.
    case integer
    /// `%f`, `%e`, `%g`, …: a `Double`.
    case floatingPoint
}

/// Why `Document.formatted(_:)` gave no document.
public enum FormatError: Error, Equatable, CustomStringConvertible, Sendable {
    /// A placeholder it does not fill (`%s`, `%#@count@`, `%5@`), at its UTF-16 offset in the text.
    case unsupportedPlaceholder(String, utf16Offset: Int)
    /// A placeholder with no argument (the 1-based argument number).
    case missingArgument(Int)
    /// An argument of the wrong type for its placeholder.
    case wrongType(placeholder: String, argument: Int)
    /// Numbered (`%1$@`) and unnumbered (`%@`) placeholders in one text: String(format:) leaves that undefined.
    case mixedNumbering
    /// A document argument with links where a link of the text already covers it: links never nest.
    case nestedLink(argument: Int)
    /// An argument whose first character joins the character before it (a combining mark) or the
    /// like, so a link or style edge would fall inside a character.
    case splitsCharacter(argument: Int)
    /// Two placeholders numbered for one argument that take different kinds (`%1$@ … %1$d`).
    case conflictingPlaceholders(argument: Int)
    /// No placeholder takes this argument though a later one is numbered (`%1$@ %3$@`).
    case unusedArgument(Int)

    public var description: String {
        switch self {
        case .unsupportedPlaceholder(let p, let offset): "the placeholder \(p) at UTF-16 offset \(offset) is not one formatted(_:) fills"
        case .missingArgument(let n): "no argument \(n) for its placeholder"
        case .wrongType(let p, let n): "argument \(n) does not fit the placeholder \(p)"
        case .mixedNumbering: "numbered (%1$@) and unnumbered (%@) placeholders in one text"
        case .nestedLink(let n): "argument \(n) has links but lands inside a link of the text; links cannot nest"
        case .splitsCharacter(let n): "argument \(n) joins a neighbouring character, so a link or style edge would split it"
        case .conflictingPlaceholders(let n): "the placeholders of argument \(n) take different kinds of value"
        case .unusedArgument(let n): "no placeholder takes argument \(n), though a later argument's does"
        }
    }
}

extension Document {
    /// The kind of each argument that `text`'s placeholders take, in argument order: what
    /// `formatted(_:)` needs, and what the generated accessors' parameters are
    /// (`"%2$@ 有 %1$lld 条消息"` → `[.integer, .text]`).
    public static func argumentKinds(of text: String) throws(FormatError) -> [FormatArgumentKind] {
        let arguments = try FormatPlaceholder.scan(text).filter { $0.conversion != "%" }
        if arguments.contains(where: { $0.position != nil }) && arguments.contains(where: { $0.position == nil }) {
            throw FormatError.mixedNumbering
        }
        var kinds: [Int: FormatArgumentKind] = [:]
        for (n, placeholder) in arguments.enumerated() {
            let number = placeholder.position ?? n + 1
            let kind: FormatArgumentKind = placeholder.conversion == "@" ? .text
                : FormatPlaceholder.integers.contains(placeholder.conversion) ? .integer : .floatingPoint
            if let other = kinds[number], other != kind { throw FormatError.conflictingPlaceholders(argument: number) }
            kinds[number] = kind
        }
        return try (0..<(kinds.keys.max() ?? 0)).map { (i: Int) throws(FormatError) -> FormatArgumentKind in
            guard let kind = kinds[i + 1] else { throw FormatError.unusedArgument(i + 1) }
            return kind
        }
    }

    /// The document with its placeholders filled as `String(format:)` fills them (`%@`, `%1$@`,
    /// `%d`, `%lld`, `%5.2f`, `%%`, …), and every link, style, paragraph and attachment range
    /// moved so that it still covers the same text, in UTF-16 units, scalars and UTF-8 bytes.
    ///
    /// A placeholder inside a link or style (`[%@的主页](action:profile)`) widens it to the
    /// filled text. A `.document` argument brings its own links, styles and attachments; line
    /// breaks in arguments start paragraphs. Numbers are formatted by `String(format:)` itself,
    /// one placeholder at a time, so the digits are exactly its own.
    public func formatted(_ arguments: [FormatArgument]) throws -> Document {
        let placeholders = try FormatPlaceholder.scan(text)
        if placeholders.contains(where: { $0.position != nil }) && placeholders.contains(where: { $0.position == nil && $0.conversion != "%" }) {
            throw FormatError.mixedNumbering
        }

        // The output text, and where each placeholder's replacement landed.
        struct Filled { var placeholder: FormatPlaceholder; var start: TextPosition; var end: TextPosition; var argument: Int? }
        var out = ""
        var position = TextPosition.zero
        var filled: [Filled] = []
        var copied = text.unicodeScalars.startIndex
        var next = 0
        func append(_ s: Substring.UnicodeScalarView) {
            for scalar in s {
                position.utf16 += UTF16.width(scalar)
                position.scalars += 1
                position.utf8 += UTF8.width(scalar)
            }
            out.unicodeScalars.append(contentsOf: s)
        }
        for placeholder in placeholders {
            append(Substring(text)[copied..<placeholder.range.lowerBound].unicodeScalars)
            copied = placeholder.range.upperBound
            let start = position
            var argument: Int? = nil
            if placeholder.conversion == "%" {
                append(Substring("%").unicodeScalars)
            } else {
                let n = placeholder.position ?? next + 1
                next = n
                guard n <= arguments.count else { throw FormatError.missingArgument(n) }
                argument = n
                append(Substring(try placeholder.fill(arguments[n - 1], number: n)).unicodeScalars)
            }
            filled.append(Filled(placeholder: placeholder, start: start, end: position, argument: argument))
        }
        append(Substring(text)[copied...].unicodeScalars)

        // A template position after formatting: before, at or after each placeholder. An edge
        // inside a placeholder moves to the replacement's start (a start) or end (an end).
        func map(_ p: TextPosition, isEnd: Bool) -> TextPosition {
            var shift = TextPosition.zero
            for f in filled {
                let s = f.placeholder.start, e = f.placeholder.end
                if p.utf16 <= s.utf16 { break }
                if p.utf16 < e.utf16 { return isEnd ? f.end : f.start }
                shift = TextPosition(utf16: f.end.utf16 - e.utf16, scalars: f.end.scalars - e.scalars, utf8: f.end.utf8 - e.utf8)
            }
            return TextPosition(utf16: p.utf16 + shift.utf16, scalars: p.scalars + shift.scalars, utf8: p.utf8 + shift.utf8)
        }
        func map(_ r: TextRange) -> TextRange { map(r.start, isEnd: false).range(to: map(r.end, isEnd: true)) }
        func offset(_ r: TextRange, by base: TextPosition) -> TextRange {
            TextPosition(utf16: base.utf16 + r.utf16.location, scalars: base.scalars + r.scalars.location, utf8: base.utf8 + r.utf8.location)
                .range(to: TextPosition(utf16: base.utf16 + r.utf16.upperBound, scalars: base.scalars + r.scalars.upperBound,
                                        utf8: base.utf8 + r.utf8.upperBound))
        }

        let result = out
        let utf8 = Array(result.utf8)
        func slice(_ r: TextRange) -> String {
            String(decoding: utf8[r.utf8.location..<r.utf8.upperBound], as: UTF8.self)
        }
        var links = self.links.map { link in
            var moved = link
            moved.range = map(link.range)
            moved.text = slice(moved.range)
            return moved
        }
        var styles = self.styles.map { style in var s = style; s.range = map(style.range); return s }
        var attachments = self.attachments.map { a in var m = a; m.range = map(a.range); return m }
        var breaks: [Int] = []  // UTF-16 offsets just after a line break an argument brought
        for f in filled {
            guard let n = f.argument else { continue }
            var text = ""
            if case .document(let inner) = arguments[n - 1] {
                if !inner.links.isEmpty && links.contains(where: { $0.range.utf16.location <= f.start.utf16 && f.end.utf16 <= $0.range.utf16.upperBound && $0.range.utf16.length > 0 }) {
                    throw FormatError.nestedLink(argument: n)
                }
                links += inner.links.map { var l = $0; l.range = offset($0.range, by: f.start); return l }
                styles += inner.styles.map { var s = $0; s.range = offset($0.range, by: f.start); return s }
                attachments += inner.attachments.map { var a = $0; a.range = offset($0.range, by: f.start); return a }
                text = inner.text
            } else if case .string(let s) = arguments[n - 1] {
                text = s
            }
            var u16 = f.start.utf16
            for unit in text.utf16 {
                u16 += 1
                if unit == 0x0A { breaks.append(u16) }
            }
        }
        links.sort { $0.range.utf16.location < $1.range.utf16.location }
        // Outer styles before the ones they enclose, as the compiler orders them, so nested styles merge the same way.
        styles.sort { ($0.range.utf16.location, -$0.range.utf16.length) < ($1.range.utf16.location, -$1.range.utf16.length) }
        attachments.sort { $0.range.utf16.location < $1.range.utf16.location }

        // Paragraphs: the text's own, moved, each cut after a line break that an argument brought.
        let positions = TextPositions(result)
        var paragraphs: [Paragraph] = []
        for paragraph in self.paragraphs.map({ map($0.range) }) {
            var start = paragraph.start
            for cut in breaks where start.utf16 < cut && cut < paragraph.end.utf16 {
                let end = positions.position(atUTF16: cut)
                paragraphs.append(Paragraph(range: start.range(to: end)))
                start = end
            }
            paragraphs.append(Paragraph(range: start.range(to: paragraph.end)))
        }

        // An argument that starts with a combining mark (or ends before one) would put an edge inside a character.
        let edges = Set(links.flatMap { [$0.range.utf16.location, $0.range.utf16.upperBound] }
                        + styles.flatMap { [$0.range.utf16.location, $0.range.utf16.upperBound] }
                        + attachments.flatMap { [$0.range.utf16.location, $0.range.utf16.upperBound] })
        for f in filled {
            guard let n = f.argument else { continue }
            for edge in [f.start.utf16, f.end.utf16] where edges.contains(edge) && !positions.isCharacterBoundary(utf16: edge) {
                throw FormatError.splitsCharacter(argument: n)
            }
            for edge in edges where f.start.utf16 < edge && edge < f.end.utf16 && !positions.isCharacterBoundary(utf16: edge) {
                throw FormatError.splitsCharacter(argument: n)
            }
        }
        return Document(text: result, links: links, styles: styles, paragraphs: paragraphs, attachments: attachments)
    }
}

/// One `%…` of a format string.
struct FormatPlaceholder {
    /// Where it is in the text, and its start and end in the three units.
    var range: Range<String.UnicodeScalarView.Index>
    var start: TextPosition
    var end: TextPosition
    /// The placeholder as written (`%1$lld`).
    var spelling: String
    /// `n` of `%n$…`.
    var position: Int?
    /// The placeholder without its `n$` (what String(format:) is given for a number: `%05lld`).
    var specifier: String
    /// The conversion character: `@`, `d`, `f`, `%`, ….
    var conversion: Character

    static let integers: Set<Character> = ["d", "i", "u", "x", "X", "o", "c"]
    static let doubles: Set<Character> = ["f", "F", "e", "E", "g", "G", "a", "A"]

    /// Every placeholder of `text`, in order.
    static func scan(_ text: String) throws(FormatError) -> [FormatPlaceholder] {
        let scalars = text.unicodeScalars
        var found: [FormatPlaceholder] = []
        var position = TextPosition.zero
        var i = scalars.startIndex
        func advance(_ scalar: Unicode.Scalar, _ p: inout TextPosition) {
            p.utf16 += UTF16.width(scalar); p.scalars += 1; p.utf8 += UTF8.width(scalar)
        }
        while i < scalars.endIndex {
            guard scalars[i] == "%" else { advance(scalars[i], &position); i = scalars.index(after: i); continue }
            let start = position
            var j = scalars.index(after: i)
            var spec = "%"
            var end = position
            advance("%", &end)
            func take() { spec.unicodeScalars.append(scalars[j]); advance(scalars[j], &end); j = scalars.index(after: j) }
            func isDigit(_ k: String.UnicodeScalarView.Index) -> Bool { k < scalars.endIndex && ("0"..."9").contains(scalars[k]) }
            // `n$`
            var number: Int? = nil
            var k = j, digits = ""
            while isDigit(k) { digits.unicodeScalars.append(scalars[k]); k = scalars.index(after: k) }
            if !digits.isEmpty, k < scalars.endIndex, scalars[k] == "$", let n = Int(digits), n > 0 {
                number = n
                while j <= k { advance(scalars[j], &end); j = scalars.index(after: j) }
            }
            let afterNumber = spec.count
            while j < scalars.endIndex, "-+ #0'".unicodeScalars.contains(scalars[j]) { take() }
            while isDigit(j) { take() }
            if j < scalars.endIndex, scalars[j] == "." { take(); while isDigit(j) { take() } }
            while j < scalars.endIndex, "hlqLzjt".unicodeScalars.contains(scalars[j]) { take() }
            guard j < scalars.endIndex else {
                throw FormatError.unsupportedPlaceholder(String(String.UnicodeScalarView(scalars[i...])), utf16Offset: start.utf16)
            }
            let conversion = Character(scalars[j])
            let modifiers = spec.dropFirst(afterNumber)
            take()
            let spelling = String(String.UnicodeScalarView(scalars[i..<j]))
            let supported: Bool
            switch conversion {
            case "%": supported = modifiers.isEmpty && number == nil
            case "@": supported = modifiers.isEmpty
            default: supported = integers.contains(conversion) || doubles.contains(conversion)
            }
            guard supported else { throw FormatError.unsupportedPlaceholder(spelling, utf16Offset: start.utf16) }
            found.append(FormatPlaceholder(range: i..<j, start: start, end: end, spelling: spelling, position: number,
                                           specifier: spec, conversion: conversion))
            position = end
            i = j
        }
        return found
    }

    /// The text that `argument` (number `n`) fills in.
    func fill(_ argument: FormatArgument, number n: Int) throws -> String {
        switch (conversion, argument) {
        case ("@", .string(let s)): return s
        case ("@", .document(let d)): return d.text
        case ("@", .int(let i)): return String(i)
        case (let c, .int(let i)) where Self.integers.contains(c): return String(format: specifier, i)
        case (let c, .double(let d)) where Self.doubles.contains(c): return String(format: specifier, d)
        default: throw FormatError.wrongType(placeholder: spelling, argument: n)
        }
    }
}

/// UTF-16 offsets of a text as positions in the three units, and its character boundaries.
struct TextPositions {
    private var byUTF16: [Int: TextPosition] = [:]
    private var boundaries: Set<Int> = [0]

    init(_ text: String) {
        var p = TextPosition.zero
        byUTF16[0] = p
        for scalar in text.unicodeScalars {
            p.utf16 += UTF16.width(scalar); p.scalars += 1; p.utf8 += UTF8.width(scalar)
            byUTF16[p.utf16] = p
        }
        var u16 = 0
        for character in text {
            u16 += character.utf16.count
            boundaries.insert(u16)
        }
    }

    func position(atUTF16 offset: Int) -> TextPosition { byUTF16[offset]! }
    func isCharacterBoundary(utf16 offset: Int) -> Bool { boundaries.contains(offset) }
}
