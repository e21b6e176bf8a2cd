@_spi(Bytes) import LinkDocBase  // ByteWord
import LinkDocCore  // CompileOptions, DetectorSettings

/// One record of `linkdoc compile --ndjson`: `{"id": "…", "text": "…", "manifest": {…}}`, and optionally
/// what the text is and which detectors run for it: `"kind": "localization"` (default `"copy"`),
/// `"detect": {"mentions": "known", "phones": false}` (over the manifest's `options.detect`).
///
/// Records are read by this small parser rather than `JSONSerialization`, which
/// would build a dictionary of bridged objects for every line: here the text is
/// copied straight into the bytes the compiler reads (one copy, none at all for
/// the escapes-free common case beyond that), and the manifest is kept as the raw
/// bytes of its JSON, which are also the key of the compiler cache.
///
/// Members other than `id`, `text`, `manifest`, `kind` and `detect` are skipped (they must still be
/// valid JSON), so producers may add their own.
struct NDJSONRecord {
    var id: String?
    var text: [UInt8]
    var manifest: ArraySlice<UInt8>?
    /// `kind` and `detect`, as the compiler takes them.
    var options = CompileOptions()

    struct Failure: Error {
        var message: String
        /// Byte offset in the line.
        var offset: Int
        /// The id, when it was read before the problem was found.
        var id: String?
    }

    static let maxDepth = 128

    static func parse(_ line: ArraySlice<UInt8>) throws(Failure) -> NDJSONRecord {
        var storage: [UInt8] = []
        return try parse(line, textStorage: &storage)
    }

    /// `parse(_:)` with the text decoded into `textStorage`, whose capacity is reused when no
    /// earlier record holds it any more: a stream then allocates no array per record for its text.
    static func parse(_ line: ArraySlice<UInt8>, textStorage: inout [UInt8]) throws(Failure) -> NDJSONRecord {
        var p = Parser(b: line, i: line.startIndex)
        swap(&p.text, &textStorage)
        defer { swap(&p.text, &textStorage) }
        do {
            return try p.record()
        } catch {
            var failure = error
            failure.offset -= line.startIndex
            failure.id = p.id
            throw failure
        }
    }

    private struct Parser {
        /// The member names read (arrays compare by count first, then bytes).
        static let idName = Array("id".utf8), textName = Array("text".utf8), manifestName = Array("manifest".utf8)
        static let kindName = Array("kind".utf8), detectName = Array("detect".utf8)

        let b: ArraySlice<UInt8>
        var i: Int
        var id: String? = nil
        /// The decoded text, once read.
        var text: [UInt8] = []

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? i, id: nil)
        }

        mutating func skipWhitespace() {
            while i < b.endIndex, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D || b[i] == 0x0A { i += 1 }
        }

        func found() -> String {
            guard i < b.endIndex else { return "the end of the line" }
            let c = b[i]
            return c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
        }

        mutating func record() throws(Failure) -> NDJSONRecord {
            skipWhitespace()
            guard i < b.endIndex, b[i] == UInt8(ascii: "{") else { throw fail("a record must be a JSON object, found \(found())") }
            i += 1
            var sawText = false
            var manifest: ArraySlice<UInt8>? = nil
            var options = CompileOptions()
            var sawID = false
            skipWhitespace()
            if i < b.endIndex, b[i] == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipWhitespace()
                    guard i < b.endIndex, b[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes, found \(found())") }
                    let nameStart = i
                    let name = try stringSlice()
                    skipWhitespace()
                    guard i < b.endIndex, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
                    i += 1
                    skipWhitespace()
                    let valueStart = i
                    if Self.matches(name, Self.idName) {
                        guard !sawID else { throw fail("the record has two \"id\" members", at: nameStart) }
                        sawID = true
                        guard i < b.endIndex, b[i] == UInt8(ascii: "\"") else {
                            try skipValue()
                            throw fail("\"id\" must be a string", at: valueStart)
                        }
                        let bytes = try stringSlice()
                        // ASCII ids (the usual ones) need no validation, and `String(validating:)`
                        // costs more than the rest of reading the record.
                        let decoded = bytes.allSatisfy { $0 < 0x80 } ? String(decoding: bytes, as: UTF8.self)
                            : String(validating: bytes, as: UTF8.self)
                        guard let decoded else { throw fail("\"id\" is not valid UTF-8", at: valueStart) }
                        id = decoded
                    } else if Self.matches(name, Self.textName) {
                        guard !sawText else { throw fail("the record has two \"text\" members", at: nameStart) }
                        guard i < b.endIndex, b[i] == UInt8(ascii: "\"") else { throw fail("\"text\" must be a string", at: valueStart) }
                        sawText = true
                        var storage: [UInt8] = []
                        swap(&storage, &text)  // out of `self` while `self` appends to it
                        defer { swap(&storage, &text) }
                        storage.removeAll(keepingCapacity: true)
                        try appendString(to: &storage)
                    } else if Self.matches(name, Self.manifestName) {
                        guard manifest == nil else { throw fail("the record has two \"manifest\" members", at: nameStart) }
                        guard i < b.endIndex, b[i] == UInt8(ascii: "{") else { throw fail("\"manifest\" must be an object", at: valueStart) }
                        try skipValue()
                        manifest = b[valueStart..<i]
                    } else if Self.matches(name, Self.kindName) {
                        let kind = i < b.endIndex && b[i] == UInt8(ascii: "\"") ? try string() : []
                        guard let inputKind = InputKind(rawValue: String(decoding: kind, as: UTF8.self)) else {
                            throw fail("\"kind\" must be \"copy\" or \"localization\"", at: valueStart)
                        }
                        options.inputKind = inputKind
                    } else if Self.matches(name, Self.detectName) {
                        options.detect = try detectorSettings()
                    } else {
                        try skipValue()
                    }
                    skipWhitespace()
                    guard i < b.endIndex else { throw fail("unterminated record (no closing '}')") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "}") { i += 1; break }
                    throw fail("expected ',' or '}' in the record, found \(found())")
                }
            }
            skipWhitespace()
            guard i == b.endIndex else { throw fail("unexpected text after the record, found \(found())") }
            guard sawText else { throw fail("the record has no \"text\" member", at: b.startIndex) }
            return NDJSONRecord(id: id, text: text, manifest: manifest, options: options)
        }

        /// Counts first, then the bytes by index: `elementsEqual` between a slice and an array is
        /// not specialized here and costs about a hundred instructions a name.
        static func matches(_ name: ArraySlice<UInt8>, _ known: [UInt8]) -> Bool {
            guard name.count == known.count else { return false }
            var k = 0
            for byte in name {
                if byte != known[k] { return false }
                k += 1
            }
            return true
        }

        /// A JSON string at `i`, decoded to UTF-8 bytes (not validated: the
        /// compiler validates the text and reports where it is broken).
        /// A JSON string at `i` that is only looked at, such as a member name or the id: the slice
        /// of the line between its quotes when it has no escape (always, in practice), so that no
        /// array is made just to compare or decode it.
        mutating func stringSlice() throws(Failure) -> ArraySlice<UInt8> {
            let j = plainRunEnd(from: i + 1)
            if j < b.endIndex, b[j] == UInt8(ascii: "\"") {
                defer { i = j + 1 }
                return b[i + 1..<j]
            }
            return ArraySlice(try string())
        }

        /// `{"mentions": "known", "phones": false, …}`: each detector `"on"`, `"off"`, `"known"`
        /// (mentions and topics) or a boolean, as in the manifest's `options.detect`.
        mutating func detectorSettings() throws(Failure) -> DetectorSettings {
            guard i < b.endIndex, b[i] == UInt8(ascii: "{") else { throw fail("\"detect\" must be an object") }
            i += 1
            var settings = DetectorSettings()
            skipWhitespace()
            if i < b.endIndex, b[i] == UInt8(ascii: "}") { i += 1; return settings }
            while true {
                skipWhitespace()
                let nameStart = i
                guard i < b.endIndex, b[i] == UInt8(ascii: "\"") else { throw fail("expected a detector name in quotes, found \(found())") }
                let name = String(decoding: try stringSlice(), as: UTF8.self)
                guard DetectorSettings.names.contains(name) else {
                    throw fail("\"detect\": unknown detector \"\(name)\" (known: \(DetectorSettings.names.joined(separator: ", ")))", at: nameStart)
                }
                skipWhitespace()
                guard i < b.endIndex, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
                i += 1
                skipWhitespace()
                let valueStart = i
                if i < b.endIndex, b[i] == UInt8(ascii: "\"") {
                    if let problem = settings.set(name, string: String(decoding: try string(), as: UTF8.self)) {
                        throw fail("\"detect\": " + problem, at: valueStart)
                    }
                } else if i < b.endIndex, b[i] == UInt8(ascii: "t") {
                    try word("true")
                    settings.set(name, bool: true)
                } else if i < b.endIndex, b[i] == UInt8(ascii: "f") {
                    try word("false")
                    settings.set(name, bool: false)
                } else {
                    throw fail("\"detect\": \(name) must be \"on\", \"off\", \"known\", true or false", at: valueStart)
                }
                skipWhitespace()
                guard i < b.endIndex else { throw fail("unterminated \"detect\" (no closing '}')") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return settings }
                throw fail("expected ',' or '}' in \"detect\", found \(found())")
            }
        }

        mutating func string() throws(Failure) -> [UInt8] {
            var out: [UInt8] = []
            try appendString(to: &out)
            return out
        }

        /// `string()`, appended to `out`.
        mutating func appendString(to out: inout [UInt8]) throws(Failure) {
            let open = i
            i += 1
            // Fast path: no escapes, one copy.
            let j = plainRunEnd(from: i)
            if j < b.endIndex, b[j] == UInt8(ascii: "\"") {
                out.append(contentsOf: b[i..<j])
                i = j + 1
                return
            }
            // The string is at most the rest of the line: no regrowth however many escapes.
            out.reserveCapacity(out.count + b.endIndex - i)
            out.append(contentsOf: b[i..<j])
            i = j
            while i < b.endIndex {
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return }
                if c < 0x20 { throw fail("a control character inside a string must be escaped") }
                // `c` is a backslash: plain runs are copied whole below.
                let escape = i
                guard i + 1 < b.endIndex else { break }
                let e = b[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var unit = try hex4(escape)
                    if (0xD800...0xDBFF).contains(unit) {
                        guard i + 1 < b.endIndex, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired surrogate in a \\u escape", at: escape)
                        }
                        i += 2
                        let low = try hex4(escape)
                        guard (0xDC00...0xDFFF).contains(low) else { throw fail("unpaired surrogate in a \\u escape", at: escape) }
                        unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw fail("unpaired surrogate in a \\u escape", at: escape)
                    }
                    out.append(contentsOf: Unicode.Scalar(unit)!.utf8)
                default:
                    throw fail("invalid escape in a string", at: escape)
                }
                let runEnd = plainRunEnd(from: i)
                out.append(contentsOf: b[i..<runEnd])
                i = runEnd
            }
            throw fail("unterminated string", at: open)
        }

        /// The end of the run of string bytes from `start` that are copied as they are: no
        /// quote, no backslash, no control character. Sixteen bytes a time with vector compares,
        /// then eight with the word tests: records are long texts with few escapes, and this scan
        /// is most of reading them. The first stop byte is taken from the mask of the test that
        /// found it (most strings are short: member names, ids), not searched for again.
        func plainRunEnd(from start: Int) -> Int {
            b.withUnsafeBufferPointer { s in
                var j = start - b.startIndex
                if let p = s.baseAddress {
                    let quote16 = SIMD16<UInt8>(repeating: 0x22), backslash16 = SIMD16<UInt8>(repeating: 0x5C)
                    let space16 = SIMD16<UInt8>(repeating: 0x20)
                    while j + 16 <= s.count {
                        let v = UnsafeRawPointer(p + j).loadUnaligned(as: SIMD16<UInt8>.self)
                        let stops = (v .== quote16) .| (v .== backslash16) .| (v .< space16)
                        // The mask as two words (0xFF for each stop byte): `any(stops)` would be a
                        // call to a lane-by-lane reduction.
                        let words = unsafeBitCast(SIMD16<UInt8>().replacing(with: SIMD16(repeating: 0xFF), where: stops),
                                                  to: SIMD2<UInt64>.self)
                        if words[0] != 0 { return j + words[0].littleEndian.trailingZeroBitCount / 8 + b.startIndex }
                        if words[1] != 0 { return j + 8 + words[1].littleEndian.trailingZeroBitCount / 8 + b.startIndex }
                        j += 16
                    }
                    while j + 8 <= s.count {
                        let w = ByteWord.load(p + j)
                        let stops = ByteWord.bytes(w, equalTo: 0x22) | ByteWord.bytes(w, equalTo: 0x5C) | ByteWord.bytes(w, below: 0x20)
                        // Exact about the lowest stop byte (ByteWord).
                        if stops != 0 { return j + stops.trailingZeroBitCount / 8 + b.startIndex }
                        j += 8
                    }
                }
                while j < s.count, s[j] != UInt8(ascii: "\""), s[j] != UInt8(ascii: "\\"), s[j] >= 0x20 { j += 1 }
                return j + b.startIndex
            }
        }

        mutating func hex4(_ escape: Int) throws(Failure) -> UInt32 {
            guard let value = HexDigits.value4(b, at: i) else { throw fail("'\\u' must be followed by 4 hex digits", at: escape) }
            i += 4
            return value
        }

        /// Skips one JSON value, checking its syntax, without recursion (a nesting
        /// counter, limited to `maxDepth`).
        mutating func skipValue() throws(Failure) {
            var stack: [UInt8] = []  // the closing bracket of each open container
            var expectValue = true
            while true {
                skipWhitespace()
                guard i < b.endIndex else { throw fail("unexpected end of the line inside a value") }
                if expectValue {
                    let c = b[i]
                    switch c {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard stack.count < NDJSONRecord.maxDepth else { throw fail("the value is nested more than \(NDJSONRecord.maxDepth) levels deep") }
                        stack.append(c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        i += 1
                        skipWhitespace()
                        if i < b.endIndex, b[i] == stack.last! { i += 1; stack.removeLast(); expectValue = false; break }
                        if c == UInt8(ascii: "{") { try memberName() }
                        continue
                    case UInt8(ascii: "\""): _ = try string()
                    case UInt8(ascii: "t"): try word("true")
                    case UInt8(ascii: "f"): try word("false")
                    case UInt8(ascii: "n"): try word("null")
                    case UInt8(ascii: "-"), 0x30...0x39:
                        let start = i
                        i += 1
                        while i < b.endIndex, (0x30...0x39).contains(b[i]) || b[i] == UInt8(ascii: ".") || b[i] | 0x20 == UInt8(ascii: "e")
                            || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                        if b[i - 1] == UInt8(ascii: "-") || b[i - 1] == UInt8(ascii: ".") { throw fail("invalid number", at: start) }
                    default:
                        throw fail("expected a value, found \(found())")
                    }
                    expectValue = false
                }
                guard let close = stack.last else { return }
                skipWhitespace()
                guard i < b.endIndex else { throw fail("unexpected end of the line inside a value") }
                if b[i] == UInt8(ascii: ",") {
                    i += 1
                    if close == UInt8(ascii: "}") { try memberName() }
                    expectValue = true
                } else if b[i] == close {
                    i += 1
                    stack.removeLast()
                    if stack.isEmpty { return }
                } else {
                    throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))', found \(found())")
                }
            }
        }

        /// `"name":` inside an object being skipped.
        mutating func memberName() throws(Failure) {
            skipWhitespace()
            guard i < b.endIndex, b[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes, found \(found())") }
            _ = try string()
            skipWhitespace()
            guard i < b.endIndex, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
            i += 1
        }

        mutating func word(_ w: StaticString) throws(Failure) {
            let n = w.utf8CodeUnitCount
            let ok = w.withUTF8Buffer { wb in i + n <= b.endIndex && b[i..<i + n].elementsEqual(wb) }
            guard ok else { throw fail("expected a value, found \(found())") }
            i += n
        }
    }
}
