/// A JSON reader that remembers where every value is in the file.
///
/// `JSONSerialization` gives values but no positions, and a diagnostic about a
/// string in a String Catalog must point at that string's line and column. So the
/// catalog is read here, on its UTF-8 bytes, into a small tree whose strings carry
/// a `SourceMap` (escapes like `\n` or `\u4e2d` included).
///
/// It accepts exactly RFC 8259 JSON, with a nesting limit so that a hostile file
/// cannot exhaust the stack.
indirect enum JSONNode: Sendable {
    case object([Member], offset: Int)
    case array([JSONNode], offset: Int)
    case string(JSONString)
    /// Numbers, booleans and null are not needed by the catalog reader beyond their place.
    case scalar(offset: Int)

    struct Member: Sendable {
        var key: JSONString
        var value: JSONNode
    }

    var offset: Int {
        switch self {
        case .object(_, let o), .array(_, let o), .scalar(let o): o
        case .string(let s): s.map.start
        }
    }

    var kindName: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .scalar: "a number, boolean or null"
        }
    }

    /// The members of an object, nil for other values.
    var members: [Member]? { if case .object(let m, _) = self { m } else { nil } }

    /// The last member named `name` (JSON parsers commonly let the last one win).
    func member(_ name: String) -> JSONNode? {
        members?.last { $0.key.string == name }?.value
    }
}

struct JSONString: Sendable {
    var bytes: [UInt8]
    var map: SourceMap
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

struct PositionedJSONParser {
    struct Failure: Error { let message: String; let offset: Int }

    static let maxDepth = 200

    private let b: [UInt8]
    private var i = 0

    private init(_ bytes: [UInt8]) { b = bytes }

    /// Parses a whole document (`bytes` is valid UTF-8 without a BOM).
    static func parse(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
        var p = PositionedJSONParser(bytes)
        p.skipWhitespace()
        let value = try p.parseValue(depth: 0)
        p.skipWhitespace()
        guard p.i == bytes.count else { throw Failure(message: "unexpected text after the JSON value", offset: p.i) }
        return value
    }

    private mutating func skipWhitespace() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x09 || b[i] == 0x0D { i += 1 }
    }

    private func describe(_ j: Int) -> String {
        guard j < b.count else { return "the end of the file" }
        var end = j + 1
        while end < b.count && b[end] & 0xC0 == 0x80 { end += 1 }
        return "'" + String(decoding: b[j..<end], as: UTF8.self) + "'"
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONNode {
        guard i < b.count else { throw Failure(message: "expected a value, found the end of the file", offset: i) }
        switch b[i] {
        case UInt8(ascii: "{"):
            guard depth < Self.maxDepth else { throw Failure(message: "the JSON is nested more than \(Self.maxDepth) levels deep", offset: i) }
            return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw Failure(message: "the JSON is nested more than \(Self.maxDepth) levels deep", offset: i) }
            return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"): return try literal("true")
        case UInt8(ascii: "f"): return try literal("false")
        case UInt8(ascii: "n"): return try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw Failure(message: "expected a value, found \(describe(i))", offset: i)
        }
    }

    private mutating func literal(_ word: StaticString) throws(Failure) -> JSONNode {
        let start = i
        let n = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { w in i + n <= b.count && b[i..<i + n].elementsEqual(w) }
        guard matches else { throw Failure(message: "expected a value, found \(describe(i))", offset: i) }
        i += n
        return .scalar(offset: start)
    }

    private mutating func parseNumber() throws(Failure) -> JSONNode {
        let start = i
        if b[i] == UInt8(ascii: "-") { i += 1 }
        func digits(_ p: inout PositionedJSONParser) -> Int {
            let s = p.i
            while p.i < p.b.count, p.b[p.i] >= 0x30, p.b[p.i] <= 0x39 { p.i += 1 }
            return p.i - s
        }
        guard i < b.count, b[i] >= 0x30, b[i] <= 0x39 else { throw Failure(message: "invalid number", offset: start) }
        if b[i] == 0x30 { i += 1 } else { _ = digits(&self) }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(&self) > 0 else { throw Failure(message: "invalid number", offset: start) }
        }
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            guard digits(&self) > 0 else { throw Failure(message: "invalid number", offset: start) }
        }
        return .scalar(offset: start)
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONNode {
        let start = i
        i += 1
        var members: [JSONNode.Member] = []
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object([], offset: start) }
        while true {
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: "\"") else {
                throw Failure(message: "expected a member name in quotes, found \(describe(i))", offset: i)
            }
            let key = try parseString()
            skipWhitespace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { throw Failure(message: "expected ':' after a member name, found \(describe(i))", offset: i) }
            i += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONNode.Member(key: key, value: value))
            skipWhitespace()
            guard i < b.count else { throw Failure(message: "unterminated object (no closing '}')", offset: start) }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { i += 1; return .object(members, offset: start) }
            throw Failure(message: "expected ',' or '}' in an object, found \(describe(i))", offset: i)
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONNode {
        let start = i
        i += 1
        var items: [JSONNode] = []
        skipWhitespace()
        if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array([], offset: start) }
        while true {
            skipWhitespace()
            items.append(try parseValue(depth: depth))
            skipWhitespace()
            guard i < b.count else { throw Failure(message: "unterminated array (no closing ']')", offset: start) }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "]") { i += 1; return .array(items, offset: start) }
            throw Failure(message: "expected ',' or ']' in an array, found \(describe(i))", offset: i)
        }
    }

    private mutating func parseString() throws(Failure) -> JSONString {
        let open = i
        i += 1
        var builder = ValueBuilder(start: open)
        while true {
            builder.appendLiteralRun(of: b, from: &i) { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 < 0x20 }
            guard i < b.count else { break }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                return JSONString(bytes: builder.bytes, map: builder.map)
            }
            if c < 0x20 {
                throw Failure(message: c == 0x0A ? "unterminated string (a line break inside a string must be written \\n)"
                                                 : "a control character inside a string must be escaped", offset: c == 0x0A ? open : i)
            }
            try parseEscape(into: &builder)
        }
        throw Failure(message: "unterminated string", offset: open)
    }

    private mutating func parseEscape(into builder: inout ValueBuilder) throws(Failure) {
        let start = i
        do {
            let (scalar, next) = try JSONEscape.read(b, at: start)
            builder.appendEscaped(scalar, at: start)
            i = next
        } catch {
            switch error {
            case .truncated: throw Failure(message: "unterminated string", offset: start)
            case .notHex(let escape): throw Failure(message: "'\\u' must be followed by 4 hex digits", offset: escape)
            case .unpairedSurrogate(let unit):
                throw Failure(message: "unpaired surrogate \\u\(String(unit, radix: 16)) in a string", offset: start)
            case .unknown(let letter):
                throw Failure(message: "invalid escape '\\\(String(decoding: [letter], as: UTF8.self))' in a string", offset: start)
            }
        }
    }
}
