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
    /// Where the id's UTF-8 (validated) is, when the record has one: kept as bytes, as the result
    /// line writes bytes, and making a `String` of it costs more than the rest of reading the record.
    var id: Place?
    /// The manifest's JSON, as offsets in the line.
    var manifest: Range<Int>?
    /// `kind` and `detect`, as the compiler takes them.
    var options = CompileOptions()

    /// Where a value's bytes are: between its quotes in the line (offsets from the line's start)
    /// when it has no escape, the usual case; decoded into the storage otherwise.
    enum Place {
        case line(Range<Int>)
        case storage
    }

    /// The buffers a record's decoded strings go to, their capacity reused from record to record:
    /// a stream then allocates no array per record for its text. The record itself holds only
    /// offsets, so that making and dropping one retains and releases nothing.
    struct Storage {
        /// The decoded text.
        var text: [UInt8] = []
        /// The decoded id, when it has escapes.
        var id: [UInt8] = []
    }

    /// The id's bytes (`line` and `storage` those the record was read from and into).
    func withID<R>(line: UnsafeBufferPointer<UInt8>, storage: Storage, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R? {
        switch id {
        case nil: nil
        case .line(let r): body(UnsafeBufferPointer(rebasing: line[r]))
        case .storage: storage.id.withUnsafeBufferPointer(body)
        }
    }

    func idString(line: UnsafeBufferPointer<UInt8>, storage: Storage) -> String? {
        withID(line: line, storage: storage) { String(decoding: $0, as: UTF8.self) }
    }

    /// The manifest's JSON, in `line`. Inlined: for a record without one (most) it is a test, and
    /// a call costs more.
    @inline(__always)
    func manifest(line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        manifest.map { UnsafeBufferPointer(rebasing: line[$0]) }
    }

    struct Failure: Error {
        var message: String
        /// Byte offset in the line.
        var offset: Int
        /// The id, when it was read before the problem was found.
        var id: String?
    }

    static let maxDepth = 128

    /// A record's values as values of their own (the stream reads them in place instead).
    struct Values {
        var id: String?
        var text: [UInt8]
        var manifest: [UInt8]?
        var options: CompileOptions
    }

    static func parse(_ line: ArraySlice<UInt8>) throws(Failure) -> Values {
        try line.withUnsafeBufferPointer { line throws(Failure) -> Values in
            var storage = Storage()
            let record = try parse(line, into: &storage)
            return Values(id: record.idString(line: line, storage: storage), text: storage.text,
                          manifest: record.manifest(line: line).map(Array.init), options: record.options)
        }
    }

    /// The record of `line`, its text (and an escaped id) decoded into `storage`.
    ///
    /// The line is read through a buffer pointer: slices of it would retain and release its storage
    /// for every member name and string read, and a slice of the line itself once per record.
    static func parse(_ line: UnsafeBufferPointer<UInt8>, into storage: inout Storage) throws(Failure) -> NDJSONRecord {
        var p = Parser(b: line)
        do throws(Failure) {
            try p.record(into: &storage)
        } catch {
            var failure = error
            failure.id = NDJSONRecord(id: p.id).idString(line: line, storage: storage)
            throw failure
        }
        return NDJSONRecord(id: p.id, manifest: p.manifest, options: p.options)
    }

    /// Where a string value is: between its quotes in the line (offsets from the line's start)
    /// when it has no escape, or decoded.
    private enum StringValue {
        case inLine(Range<Int>)
        case decoded([UInt8])
    }

    /// The member names a record gives a meaning to.
    private enum MemberName {
        case id, text, manifest, kind, detect, other

        /// Inlined: a call costs about as much as the compares.
        @inline(__always)
        init(_ name: UnsafeBufferPointer<UInt8>) {
            switch name.count {
            case 2: self = Self.bytes(name, are: "id") ? .id : .other
            case 4: self = Self.bytes(name, are: "text") ? .text : Self.bytes(name, are: "kind") ? .kind : .other
            case 6: self = Self.bytes(name, are: "detect") ? .detect : .other
            case 8: self = Self.bytes(name, are: "manifest") ? .manifest : .other
            default: self = .other
            }
        }

        /// Whether `name` has the bytes of `known` (of the same count): by index, as
        /// `elementsEqual` is not specialized here and costs about a hundred instructions a name.
        @inline(__always)
        private static func bytes(_ name: UnsafeBufferPointer<UInt8>, are known: StaticString) -> Bool {
            let k = known.utf8Start
            for n in 0..<name.count where name[n] != k[n] { return false }
            return true
        }
    }

    /// Reads a line at offsets `0..<b.count` (failure offsets are therefore the line's).
    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        var i = 0
        /// Where the id's bytes are, once read. The parser holds no reference: it is not made
        /// nor destroyed at any cost.
        var id: Place? = nil
        var manifest: Range<Int>? = nil
        var options = CompileOptions()

        init(b: UnsafeBufferPointer<UInt8>) { self.b = b }

        var end: Int { b.count }

        func fail(_ message: String, at offset: Int? = nil) -> Failure {
            Failure(message: message, offset: offset ?? i, id: nil)
        }

        mutating func skipWhitespace() {
            while i < end, b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0D || b[i] == 0x0A { i += 1 }
        }

        func found() -> String {
            guard i < end else { return "the end of the line" }
            let c = b[i]
            return c >= 0x20 && c < 0x7F ? "'\(Character(Unicode.Scalar(c)))'" : "byte 0x\(String(c, radix: 16))"
        }

        /// The record, its text (and an escaped id) decoded into `storage`.
        mutating func record(into storage: inout Storage) throws(Failure) {
            skipWhitespace()
            guard i < end, b[i] == UInt8(ascii: "{") else { throw fail("a record must be a JSON object, found \(found())") }
            i += 1
            var sawText = false
            skipWhitespace()
            if i < end, b[i] == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipWhitespace()
                    guard i < end, b[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes, found \(found())") }
                    let nameStart = i
                    let name: MemberName
                    switch try stringValue() {
                    case .inLine(let r): name = MemberName(UnsafeBufferPointer(rebasing: b[r]))
                    case .decoded(let bytes): name = bytes.withUnsafeBufferPointer { MemberName($0) }
                    }
                    skipWhitespace()
                    guard i < end, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
                    i += 1
                    skipWhitespace()
                    let valueStart = i
                    switch name {
                    case .id:
                        guard id == nil else { throw fail("the record has two \"id\" members", at: nameStart) }
                        guard i < end, b[i] == UInt8(ascii: "\"") else {
                            try skipValue()
                            throw fail("\"id\" must be a string", at: valueStart)
                        }
                        switch try stringValue() {
                        case .inLine(let r):
                            guard Self.isUTF8(UnsafeBufferPointer(rebasing: b[r])) else { throw fail("\"id\" is not valid UTF-8", at: valueStart) }
                            id = .line(r)
                        case .decoded(let bytes):
                            guard bytes.withUnsafeBufferPointer(Self.isUTF8) else { throw fail("\"id\" is not valid UTF-8", at: valueStart) }
                            storage.id = bytes
                            id = .storage
                        }
                    case .text:
                        guard !sawText else { throw fail("the record has two \"text\" members", at: nameStart) }
                        guard i < end, b[i] == UInt8(ascii: "\"") else { throw fail("\"text\" must be a string", at: valueStart) }
                        sawText = true
                        try replaceWithString(&storage.text)
                    case .manifest:
                        guard manifest == nil else { throw fail("the record has two \"manifest\" members", at: nameStart) }
                        guard i < end, b[i] == UInt8(ascii: "{") else { throw fail("\"manifest\" must be an object", at: valueStart) }
                        try skipValue()
                        manifest = valueStart..<i
                    case .kind:
                        let kind = i < end && b[i] == UInt8(ascii: "\"") ? try string() : []
                        guard let inputKind = InputKind(rawValue: String(decoding: kind, as: UTF8.self)) else {
                            throw fail("\"kind\" must be \"copy\" or \"localization\"", at: valueStart)
                        }
                        options.inputKind = inputKind
                    case .detect:
                        options.detect = try detectorSettings()
                    case .other:
                        try skipValue()
                    }
                    skipWhitespace()
                    guard i < end else { throw fail("unterminated record (no closing '}')") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    if b[i] == UInt8(ascii: "}") { i += 1; break }
                    throw fail("expected ',' or '}' in the record, found \(found())")
                }
            }
            skipWhitespace()
            guard i == end else { throw fail("unexpected text after the record, found \(found())") }
            guard sawText else { throw fail("the record has no \"text\" member", at: 0) }
        }

        /// Whether `bytes` are valid UTF-8; ASCII without `String(validating:)`, which costs
        /// more than the rest of reading the record.
        static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            var k = 0
            var ascii = true
            if let p = bytes.baseAddress {
                while ascii && k + 8 <= bytes.count {
                    ascii = ByteWord.load(p + k) & ByteWord.highs == 0
                    k += 8
                }
            }
            while ascii && k < bytes.count {
                ascii = bytes[k] < 0x80
                k += 1
            }
            return ascii || String(validating: bytes, as: UTF8.self) != nil
        }

        /// A JSON string at `i` that is only looked at, such as a member name or the id: where it
        /// lies in the line when it has no escape (always, in practice), so that no array is made
        /// just to compare or decode it.
        mutating func stringValue() throws(Failure) -> StringValue {
            let j = Self.shortRunEnd(b, from: i + 1)
            if j < end, b[j] == UInt8(ascii: "\"") {
                defer { i = j + 1 }
                return .inLine(i + 1..<j)
            }
            return .decoded(try string())
        }

        /// The string at `i` decoded into `out`, replacing what `out` held (its capacity kept).
        mutating func replaceWithString(_ out: inout [UInt8]) throws(Failure) {
            // Fast path: no escapes, one copy (`replaceSubrange` empties and fills in one call).
            let j = plainRunEnd(from: i + 1)
            if j < end, b[j] == UInt8(ascii: "\"") {
                out.replaceSubrange(0..<out.count, with: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]))
                i = j + 1
                return
            }
            out.removeAll(keepingCapacity: true)
            try appendEscapedString(to: &out, plainRunEnd: j)
        }

        /// `{"mentions": "known", "phones": false, …}`: each detector `"on"`, `"off"`, `"known"`
        /// (mentions and topics) or a boolean, as in the manifest's `options.detect`.
        mutating func detectorSettings() throws(Failure) -> DetectorSettings {
            guard i < end, b[i] == UInt8(ascii: "{") else { throw fail("\"detect\" must be an object") }
            i += 1
            var settings = DetectorSettings()
            skipWhitespace()
            if i < end, b[i] == UInt8(ascii: "}") { i += 1; return settings }
            while true {
                skipWhitespace()
                let nameStart = i
                guard i < end, b[i] == UInt8(ascii: "\"") else { throw fail("expected a detector name in quotes, found \(found())") }
                let name: String
                switch try stringValue() {
                case .inLine(let r): name = String(decoding: UnsafeBufferPointer(rebasing: b[r]), as: UTF8.self)
                case .decoded(let bytes): name = String(decoding: bytes, as: UTF8.self)
                }
                guard DetectorSettings.names.contains(name) else {
                    throw fail("\"detect\": unknown detector \"\(name)\" (known: \(DetectorSettings.names.joined(separator: ", ")))", at: nameStart)
                }
                skipWhitespace()
                guard i < end, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
                i += 1
                skipWhitespace()
                let valueStart = i
                if i < end, b[i] == UInt8(ascii: "\"") {
                    if let problem = settings.set(name, string: String(decoding: try string(), as: UTF8.self)) {
                        throw fail("\"detect\": " + problem, at: valueStart)
                    }
                } else if i < end, b[i] == UInt8(ascii: "t") {
                    try word("true")
                    settings.set(name, bool: true)
                } else if i < end, b[i] == UInt8(ascii: "f") {
                    try word("false")
                    settings.set(name, bool: false)
                } else {
                    throw fail("\"detect\": \(name) must be \"on\", \"off\", \"known\", true or false", at: valueStart)
                }
                skipWhitespace()
                guard i < end else { throw fail("unterminated \"detect\" (no closing '}')") }
                if b[i] == UInt8(ascii: ",") { i += 1; continue }
                if b[i] == UInt8(ascii: "}") { i += 1; return settings }
                throw fail("expected ',' or '}' in \"detect\", found \(found())")
            }
        }

        /// A JSON string at `i`, decoded to UTF-8 bytes (not validated: the
        /// compiler validates the text and reports where it is broken).
        mutating func string() throws(Failure) -> [UInt8] {
            var out: [UInt8] = []
            try appendString(to: &out)
            return out
        }

        /// `string()`, appended to `out`.
        mutating func appendString(to out: inout [UInt8]) throws(Failure) {
            // Fast path: no escapes, one copy.
            let j = plainRunEnd(from: i + 1)
            if j < end, b[j] == UInt8(ascii: "\"") {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[(i + 1)..<j]))
                i = j + 1
                return
            }
            try appendEscapedString(to: &out, plainRunEnd: j)
        }

        /// `appendString` for a string whose first plain run, scanned already, ends at `j` with
        /// something other than its closing quote.
        mutating func appendEscapedString(to out: inout [UInt8], plainRunEnd j: Int) throws(Failure) {
            let open = i
            i += 1
            // The string is at most the rest of the line: no regrowth however many escapes.
            out.reserveCapacity(out.count + end - i)
            out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<j]))
            i = j
            while i < end {
                let c = b[i]
                if c == UInt8(ascii: "\"") { i += 1; return }
                if c < 0x20 { throw fail("a control character inside a string must be escaped") }
                // `c` is a backslash: plain runs are copied whole below.
                let escape = i
                do {
                    let (scalar, next) = try JSONEscape.read(b, at: escape)
                    if scalar.isASCII { out.append(UInt8(truncatingIfNeeded: scalar.value)) } else { out.append(contentsOf: scalar.utf8) }
                    i = next
                } catch {
                    switch error {
                    case .truncated: throw fail("unterminated string", at: open)
                    case .notHex: throw fail("'\\u' must be followed by 4 hex digits", at: escape)
                    case .unpairedSurrogate: throw fail("unpaired surrogate in a \\u escape", at: escape)
                    case .unknown: throw fail("invalid escape in a string", at: escape)
                    }
                }
                let runEnd = plainRunEnd(from: i)
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<runEnd]))
                i = runEnd
            }
            throw fail("unterminated string", at: open)
        }

        /// The end of the run of string bytes from `start` that are copied as they are: no
        /// quote, no backslash, no control character. Thirty-two bytes a test with vector
        /// compares, whose mask of lanes says where the first stop byte is; the last bytes of the
        /// line as the 32 that end it, seen from where the loop stopped. Records are long texts
        /// with few escapes, and this scan is most of reading them. Strings that end less than
        /// 32 bytes before the line does (the last member) go sixteen, then eight bytes a test.
        func plainRunEnd(from start: Int) -> Int { Self.plainRunEnd(b, from: start) }

        /// `plainRunEnd(from:)` as a function of the bytes alone: a method would copy the parser
        /// to the stack for every call.
        static func plainRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            let end = b.count
            var j = start
            if let p = b.baseAddress {
                if end &- start >= 32 {
                    while j &+ 32 <= end {
                        let stops = ByteWord.highBits(stopLanes(p + j)) | ByteWord.highBits(stopLanes(p + j + 16)) &<< 16
                        if stops != 0 { return j &+ stops.trailingZeroBitCount }
                        j &+= 32
                    }
                    let last = end &- 32
                    let stops = (ByteWord.highBits(stopLanes(p + last)) | ByteWord.highBits(stopLanes(p + last + 16)) &<< 16) &>> UInt64(truncatingIfNeeded: j &- last)  // j > last
                    return stops != 0 ? j &+ stops.trailingZeroBitCount : end
                }
                while j + 16 <= end {
                    let stops = ByteWord.highBits(stopLanes(p + j))
                    if stops != 0 { return j &+ stops.trailingZeroBitCount }
                    j += 16
                }
                while j + 8 <= end {
                    let w = ByteWord.load(p + j)
                    let stops = ByteWord.bytes(w, equalTo: 0x22) | ByteWord.bytes(w, equalTo: 0x5C) | ByteWord.bytes(w, below: 0x20)
                    // Exact about the lowest stop byte (ByteWord).
                    if stops != 0 { return j + stops.trailingZeroBitCount / 8 }
                    j += 8
                }
            }
            while j < end, b[j] != UInt8(ascii: "\""), b[j] != UInt8(ascii: "\\"), b[j] >= 0x20 { j += 1 }
            return j
        }

        /// The stop bytes of the 16 at `p` (0xFF for one, else 0). `"` is 0x22: flipping bit 1
        /// makes it 0x20 and leaves the controls below 0x20, and no other byte at or below 0x20,
        /// so one unsigned compare finds both.
        @inline(__always)
        private static func stopLanes(_ p: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
            let v = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
            return ByteWord.lanes(((v ^ SIMD16<UInt8>(repeating: 0x02)) .<= SIMD16<UInt8>(repeating: 0x20))
                .| (v .== SIMD16<UInt8>(repeating: 0x5C)))
        }

        /// `plainRunEnd` for a string that is likely short (a member name): one word is tested
        /// first, as the vector loops cost more to enter than the name takes.
        static func shortRunEnd(_ b: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
            guard start + 8 <= b.count, let p = b.baseAddress else { return plainRunEnd(b, from: start) }
            let w = ByteWord.load(p + start)
            let stops = ByteWord.bytes(w, equalTo: 0x22) | ByteWord.bytes(w, equalTo: 0x5C) | ByteWord.bytes(w, below: 0x20)
            // Exact about the lowest stop byte (ByteWord).
            return stops != 0 ? start + stops.trailingZeroBitCount / 8 : plainRunEnd(b, from: start + 8)
        }

        /// Skips one JSON value, checking its syntax, without recursion (a nesting
        /// counter, limited to `maxDepth`).
        mutating func skipValue() throws(Failure) {
            var stack: [UInt8] = []  // the closing bracket of each open container
            var expectValue = true
            while true {
                skipWhitespace()
                guard i < end else { throw fail("unexpected end of the line inside a value") }
                if expectValue {
                    let c = b[i]
                    switch c {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        guard stack.count < NDJSONRecord.maxDepth else { throw fail("the value is nested more than \(NDJSONRecord.maxDepth) levels deep") }
                        stack.append(c == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        i += 1
                        skipWhitespace()
                        if i < end, b[i] == stack.last! { i += 1; stack.removeLast(); expectValue = false; break }
                        if c == UInt8(ascii: "{") { try memberName() }
                        continue
                    case UInt8(ascii: "\""): _ = try string()
                    case UInt8(ascii: "t"): try word("true")
                    case UInt8(ascii: "f"): try word("false")
                    case UInt8(ascii: "n"): try word("null")
                    case UInt8(ascii: "-"), 0x30...0x39:
                        let start = i
                        i += 1
                        while i < end, (0x30...0x39).contains(b[i]) || b[i] == UInt8(ascii: ".") || b[i] | 0x20 == UInt8(ascii: "e")
                            || b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                        if b[i - 1] == UInt8(ascii: "-") || b[i - 1] == UInt8(ascii: ".") { throw fail("invalid number", at: start) }
                    default:
                        throw fail("expected a value, found \(found())")
                    }
                    expectValue = false
                }
                guard let close = stack.last else { return }
                skipWhitespace()
                guard i < end else { throw fail("unexpected end of the line inside a value") }
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
            guard i < end, b[i] == UInt8(ascii: "\"") else { throw fail("expected a member name in quotes, found \(found())") }
            _ = try string()
            skipWhitespace()
            guard i < end, b[i] == UInt8(ascii: ":") else { throw fail("expected ':' after a member name, found \(found())") }
            i += 1
        }

        mutating func word(_ w: StaticString) throws(Failure) {
            let n = w.utf8CodeUnitCount
            let ok = w.withUTF8Buffer { wb in i + n <= end && UnsafeBufferPointer(rebasing: b[i..<i + n]).elementsEqual(wb) }
            guard ok else { throw fail("expected a value, found \(found())") }
            i += n
        }
    }
}
