@_spi(Bytes) import LinkDocBase  // ByteWord

/// A small, deterministic JSON writer that appends UTF-8 bytes.
///
/// Why not `JSONEncoder`: the output is a cache key for build systems, so key order
/// and number formatting are fixed here by hand, and the compiler's hot path
/// writes straight into one byte buffer without intermediate dictionaries.
///
/// Every value is written with one capacity check and plain stores or `memcpy`
/// into `JSONByteBuffer` (an `[UInt8]` checks uniqueness and capacity per appended
/// byte, which made the writer a tenth of a whole compile).
///
/// The structure, key and optional-member writers are inlinable: the document
/// writer (`DocumentJSON.write`) is specialized in the compiler's module, and a
/// key written there should fold to stores as it does here.
@_spi(LinkDocInternal) public struct JSONWriter: Sendable {
    @usableFromInline var buffer: JSONByteBuffer
    /// How many bytes of `buffer` are written.
    @usableFromInline var count = 0
    /// Whether a value was written at the current nesting level (decides on commas).
    @usableFromInline var needsComma = false
    /// Whether the buffer is known to be this writer's alone, so that `reserve` need not ask the
    /// runtime at every write: true only inside `withExclusiveBuffer`.
    @usableFromInline var bufferIsExclusive = false

    public init(reservingCapacity capacity: Int = 256) {
        buffer = JSONByteBuffer(capacity: capacity)
    }

    /// Empties the writer for the next value, keeping its block unless that grew past
    /// `maxKeptCapacity` (a writer that writes one value after another, such as a stream worker's,
    /// then allocates no block per value and holds little after a huge one).
    public mutating func removeAll() {
        if buffer.capacity > Self.maxKeptCapacity { buffer = JSONByteBuffer(capacity: 256) }
        count = 0
        needsComma = false
    }

    /// The largest block `removeAll` keeps, in bytes.
    public static let maxKeptCapacity = 64 << 10

    /// The JSON written so far (a copy; `withBytes` reads it in place).
    public var bytes: [UInt8] { withBytes { Array($0) } }

    /// Reads the JSON written so far without copying it, e.g. to append it to an output buffer.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: buffer.base, count: count))
    }

    // MARK: Structure

    // Always inlined: left to itself, the optimizer calls them (a call costs more than the write).
    @inlinable @inline(__always) public mutating func beginObject() { punctuation(UInt8(ascii: "{")); needsComma = false }
    @inlinable @inline(__always) public mutating func endObject() { closing(UInt8(ascii: "}")) }
    @inlinable @inline(__always) public mutating func beginArray() { punctuation(UInt8(ascii: "[")); needsComma = false }
    @inlinable @inline(__always) public mutating func endArray() { closing(UInt8(ascii: "]")) }

    /// Writes `"name":`; the next value written belongs to it. String literals come
    /// here (the `String` overload is disfavoured): a plain ASCII name is copied as
    /// it is, without the escaping scan; any other is escaped like a string.
    /// Inlined so that the check folds away for a literal name.
    @inlinable @inline(__always)
    public mutating func key(_ name: StaticString) {
        guard name.hasPointerRepresentation else { return key(name.description) }
        let count = name.utf8CodeUnitCount
        var p = reserve(count + 4)
        if needsComma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.pointee = UInt8(ascii: "\"")
        let source = name.utf8Start
        for k in 0..<count {
            let b = source[k]
            // Printable ASCII but `"` and `\`; anything else takes the escaping path.
            guard b &- 0x20 < 0x7F - 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") else {
                return key(name.description)
            }
            p[1 + k] = b
        }
        p[count + 1] = UInt8(ascii: "\"")
        p[count + 2] = UInt8(ascii: ":")
        commit(upTo: p + count + 3)
        needsComma = false
    }

    /// Appends `json`, fixed JSON text in printable ASCII (a string literal such as `],"styles":[`),
    /// as the structure and key writes it stands for would: with a comma before it when it begins a
    /// member or a value after another (its first byte is `{`, `[` or `"`), none otherwise (a text
    /// that begins with `,` or a closing bracket has what it needs); and the value written next
    /// takes no comma when the text ends with `{`, `[`, `:` or a line break (which starts a new line
    /// of JSON lines). One capacity check for what would be several writes. Inlined so that the
    /// tests of its first and last bytes fold away for a literal.
    @inlinable @inline(__always)
    public mutating func fixed(_ json: StaticString) {
        let n = json.utf8CodeUnitCount
        let source = json.utf8Start
        let first = source[0], last = source[n - 1]
        var p = reserve(n + 1)
        if needsComma && (first == UInt8(ascii: "{") || first == UInt8(ascii: "[") || first == UInt8(ascii: "\"")) {
            p.pointee = UInt8(ascii: ",")
            p += 1
        }
        p.initialize(from: source, count: n)
        commit(upTo: p + n)
        needsComma = !(last == UInt8(ascii: "{") || last == UInt8(ascii: "[") || last == UInt8(ascii: ":") || last == 0x0A)
    }

    /// Writes a key that is only known at run time (escaped like any string).
    @_disfavoredOverload
    public mutating func key(_ name: String) {
        string(name)
        reserve(1).pointee = UInt8(ascii: ":")
        count += 1
        needsComma = false
    }

    // MARK: Values

    public mutating func string(_ value: String) {
        // Native and small strings give their UTF-8 in place; only others (bridged
        // from Objective-C, say) are copied into contiguous storage first.
        if value.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) == nil {
            var contiguous = value
            contiguous.withUTF8 { string(utf8: $0) }
        }
    }

    /// Writes a string given as UTF-8 bytes (assumed valid UTF-8).
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        appendEscaped(value)
        needsComma = true
    }

    public mutating func int(_ value: Int) {
        appendDecimal(value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        appendASCII(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        appendASCII("null")
        needsComma = true
    }

    /// Appends bytes that are already valid JSON (a nested document, say).
    public mutating func raw(_ json: [UInt8]) {
        json.withUnsafeBufferPointer { json in
            var p = reserve(json.count + 1)
            if needsComma { p.pointee = UInt8(ascii: ","); p += 1 }
            if let source = json.baseAddress { p.initialize(from: source, count: json.count) }
            commit(upTo: p + json.count)
        }
        needsComma = true
    }

    // MARK: Convenience for optional members

    @inlinable
    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ value: Int?) {
        guard let value else { return }
        key(name)
        int(value)
    }

    @inlinable
    public mutating func member(_ name: StaticString, _ value: Bool?) {
        guard let value else { return }
        key(name)
        bool(value)
    }

    // MARK: Internals

    /// Runs `body` on this writer with its buffer made unique once, instead of checked at every
    /// write (a document writes several values per link, each asking the runtime). While `body` holds
    /// the writer inout, nothing else can copy it, and a buffer that grows is a new one of its own;
    /// `body` must not copy the writer itself (a copy would write into the same block).
    /// Public for writers of many values in a row, such as a stream's result line.
    @inlinable
    public mutating func withExclusiveBuffer(_ body: (inout JSONWriter) -> Void) {
        // Inside another `withExclusiveBuffer` (a document inside a stream's result line): unique already.
        if bufferIsExclusive { return body(&self) }
        if !isKnownUniquelyReferenced(&buffer) {
            buffer = JSONByteBuffer(copying: buffer, count: count, capacity: buffer.capacity)
        }
        bufferIsExclusive = true
        body(&self)
        bufferIsExclusive = false
    }

    /// Room for `count` more bytes (a comma included by the caller), returned as the
    /// address to write at; `commit(upTo:)` then says how far was written.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        // A copy of the writer shares the buffer; writing must not show in the copy.
        if (!bufferIsExclusive && !isKnownUniquelyReferenced(&buffer)) || buffer.capacity - count < extra {
            replaceBuffer(reserving: extra)
        }
        return buffer.base + count
    }

    /// A new buffer of the writer's own with room for `extra` more bytes: out of line, so that a
    /// write inlined where it is made holds only the test.
    @usableFromInline @inline(never)
    mutating func replaceBuffer(reserving extra: Int) {
        buffer = JSONByteBuffer(copying: buffer, count: count, capacity: max(buffer.capacity * 2, count + extra))
    }

    @inlinable @inline(__always)
    mutating func commit(upTo end: UnsafeMutablePointer<UInt8>) {
        count = end - buffer.base
    }

    /// An opening bracket, after a comma where a value came before. Inlined, as `closing` is: a
    /// document writes several, and a call costs more than the write.
    @inlinable @inline(__always)
    mutating func punctuation(_ byte: UInt8) {
        var p = reserve(2)
        if needsComma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.pointee = byte
        commit(upTo: p + 1)
    }

    @inlinable @inline(__always)
    mutating func closing(_ byte: UInt8) {
        reserve(1).pointee = byte
        count += 1
        needsComma = true
    }

    private mutating func appendASCII(_ s: StaticString) {
        value(reserving: s.utf8CodeUnitCount) { $0.ascii(s) }
    }

    private mutating func appendDecimal(_ value: Int) {
        self.value(reserving: Cursor.maxDecimalLength) { $0.int(value) }
    }

    /// Writes one value made of fixed ASCII and numbers under a single capacity
    /// check, e.g. a whole `TextRange`: `body` may write at most `maxLength` bytes
    /// through the cursor. The comma before it is the writer's business.
    @inline(__always)
    mutating func value(reserving maxLength: Int, _ body: (inout Cursor) -> Void) {
        var cursor = Cursor(at: reserve(maxLength + 1))
        if needsComma { cursor.byte(UInt8(ascii: ",")) }
        body(&cursor)
        commit(upTo: cursor.position)
        needsComma = true
    }

    /// `head` (fixed text that needs no escape), `s` as a string and what `tail` writes through
    /// the cursor (at most `tailLength` bytes), as one value under one capacity check, when `s`
    /// is at most `maxShortPlain` bytes that need no escape (`appendShortPlain`); false, with nothing
    /// written, otherwise. A link's object is mostly that: its opening, a short text, its range
    /// and its payload.
    @inline(__always)
    mutating func value(_ head: StaticString, shortString s: UnsafeBufferPointer<UInt8>, tailLength: Int,
                        _ tail: (inout Cursor) -> Void) -> Bool {
        let n = s.count
        guard n <= Self.maxShortPlain, let base = s.baseAddress else { return false }
        var p = reserve(head.utf8CodeUnitCount + Self.maxShortPlain + 3 + tailLength)
        if needsComma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.initialize(from: head.utf8Start, count: head.utf8CodeUnitCount)
        p += head.utf8CodeUnitCount
        p.pointee = UInt8(ascii: "\"")
        guard Self.appendShortPlain(base, count: n, at: p + 1) else { return false }
        var cursor = Cursor(at: p + n + 2)
        tail(&cursor)
        commit(upTo: cursor.position)
        needsComma = true
        return true
    }

    /// Like `value(reserving:_:)`, for fixed text that ends with a key (`…,"name":`):
    /// the value written next belongs to that key and takes no comma.
    @inline(__always)
    mutating func opening(reserving maxLength: Int, _ body: (inout Cursor) -> Void) {
        value(reserving: maxLength, body)
        needsComma = false
    }

    /// Writes into room that `value(reserving:_:)` made; it checks nothing itself.
    struct Cursor {
        /// The longest `int(_:)`: a minus sign and 19 digits (`Int.min`).
        static let maxDecimalLength = 20
        fileprivate(set) var position: UnsafeMutablePointer<UInt8>

        fileprivate init(at position: UnsafeMutablePointer<UInt8>) { self.position = position }

        @inline(__always)
        mutating func byte(_ b: UInt8) {
            position.pointee = b
            position += 1
        }

        /// ASCII that needs no escaping: punctuation and the names of keys.
        @inline(__always)
        mutating func ascii(_ s: StaticString) {
            position.initialize(from: s.utf8Start, count: s.utf8CodeUnitCount)
            position += s.utf8CodeUnitCount
        }

        /// Bytes that need no escaping, copied as they are.
        @inline(__always)
        mutating func ascii(_ s: UnsafeBufferPointer<UInt8>) {
            if let base = s.baseAddress { position.initialize(from: base, count: s.count) }
            position += s.count
        }

        /// Inlined for the numbers below 100 (most lengths and many offsets; a range
        /// writes six numbers): those take neither a call nor a division.
        @inline(__always)
        mutating func int(_ value: Int) {
            if UInt(bitPattern: value) < 10 {
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            } else if UInt(bitPattern: value) < 100 {
                twoDigits(value)
            } else {
                largeInt(value)
            }
        }

        mutating func largeInt(_ value: Int) {
            if value < 0 { byte(UInt8(ascii: "-")) }
            // The magnitude as unsigned, so that Int.min needs no special case.
            var v = value.magnitude
            if v < 100 {
                // Negative numbers only.
                if v < 10 { byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v)) } else { twoDigits(Int(truncatingIfNeeded: v)) }
                return
            }
            if v < 10_000 {
                // Most offsets in a document: two pairs of digits, the first perhaps one digit.
                let high = Int(truncatingIfNeeded: v / 100), low = Int(truncatingIfNeeded: v % 100)
                if high < 10 { byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)) } else { twoDigits(high) }
                twoDigits(low)
                return
            }
            var digits = 1
            var power: UInt = 10
            while v >= power {
                digits += 1
                if digits == 19 { break }  // the most an Int's magnitude has (10^19 > Int.max)
                power &*= 10
            }
            // Digits fill from the end, two at a time.
            let end = position + digits
            position = end
            while v >= 100 {
                position -= 2
                twoDigits(Int(truncatingIfNeeded: v % 100))
                position -= 2
                v /= 100
            }
            if v >= 10 {
                position -= 2
                twoDigits(Int(truncatingIfNeeded: v))
            } else {
                position -= 1
                byte(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: v))
            }
            position = end
        }

        /// The two digits of `value` (0...99), a leading zero included, copied from a table
        /// rather than divided out.
        @inline(__always)
        private mutating func twoDigits(_ value: Int) {
            let pairs = Cursor.digitPairs.utf8Start + 2 &* value
            position[0] = pairs[0]
            position[1] = pairs[1]
            position += 2
        }

        /// "00", "01" … "99".
        private static var digitPairs: StaticString {
            "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
        }
    }

    private static let hex: StaticString = "0123456789abcdef"

    /// The bytes of the word that are below 0x20 or equal `"`, `\`, 0x7F or 0xE2
    /// (0xE2 starts U+2028/U+2029), as a `ByteWord` mask: the lowest flagged byte is a hit.
    @inline(__always)
    private static func escapeCandidates(_ w: UInt64) -> UInt64 {
        ByteWord.bytes(w, below: 0x20) | ByteWord.bytes(w, equalTo: 0x22) | ByteWord.bytes(w, equalTo: 0x5C)
            | ByteWord.bytes(w, equalTo: 0x7F) | ByteWord.bytes(w, equalTo: 0xE2)
    }

    /// 0xFF in each lane whose byte may need an escape (see `escapeCandidates`), 0 elsewhere: a few
    /// vector compares for a block.
    @inline(__always)
    private static func candidateLanes(_ v: SIMD16<UInt8>) -> SIMD16<UInt8> {
        let space = SIMD16<UInt8>(repeating: 0x20), quote = SIMD16<UInt8>(repeating: 0x22)
        let backslash = SIMD16<UInt8>(repeating: 0x5C), delete = SIMD16<UInt8>(repeating: 0x7F)
        let e2 = SIMD16<UInt8>(repeating: 0xE2)
        return ByteWord.lanes((v .< space) .| (v .== quote) .| (v .== backslash) .| (v .== delete) .| (v .== e2))
    }

    /// Whether any of the sixteen bytes may need an escape (see `escapeCandidates`).
    @inline(__always)
    private static func hasCandidate(_ v: SIMD16<UInt8>) -> Bool { !ByteWord.isZero(candidateLanes(v)) }

    @inline(__always)
    private static func isCandidate(_ b: UInt8) -> Bool {
        b < 0x20 || b == 0x22 || b == 0x5C || b == 0x7F || b == 0xE2
    }

    /// The index of the first byte at or after `start` that may need an escape
    /// (see `escapeCandidates`), or `s.count`. Sixteen bytes at a time; then the last few
    /// with one more vector test, byte by byte only if it finds one.
    private static func nextCandidate(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = s.baseAddress else { return 0 }
        let n = s.count
        var i = start
        func block(at offset: Int) -> SIMD16<UInt8> { UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self) }
        /// The first candidate of a block that has one, found by the word tests.
        func firstCandidate(inBlockAt offset: Int) -> Int {
            let low = escapeCandidates(ByteWord.load(base + offset))
            if low != 0 { return offset + low.trailingZeroBitCount / 8 }
            return offset + 8 + escapeCandidates(ByteWord.load(base + offset + 8)).trailingZeroBitCount / 8
        }
        // Two blocks a step, under one test: most text has no candidate for many blocks.
        while i <= n &- 32 {
            let first = candidateLanes(block(at: i))
            if !ByteWord.isZero(first | candidateLanes(block(at: i &+ 16))) {
                return firstCandidate(inBlockAt: ByteWord.isZero(first) ? i &+ 16 : i)
            }
            i &+= 32
        }
        if i <= n &- 16 {
            if hasCandidate(block(at: i)) { return firstCandidate(inBlockAt: i) }
            i &+= 16
        }
        let rest = n &- i
        guard rest > 0 else { return n }
        // The last bytes, loaded so that every lane holds one of them or a byte before `i` (which
        // holds no candidate or one handled already: a hit there only sends the search on byte by
        // byte). Most strings end without a candidate.
        if rest >= 4 {
            let tail: SIMD16<UInt8>
            if n >= 16 {
                tail = block(at: n &- 16)
            } else if rest >= 8 {
                // Two words that overlap in the middle.
                tail = unsafeBitCast(SIMD2<UInt64>(ByteWord.load(base + i), ByteWord.load(base + (n &- 8))), to: SIMD16<UInt8>.self)
            } else {
                let first = UnsafeRawPointer(base + i).loadUnaligned(as: UInt32.self)
                let last = UnsafeRawPointer(base + (n &- 4)).loadUnaligned(as: UInt32.self)
                let word = UInt64(first) | UInt64(last) << 32
                tail = unsafeBitCast(SIMD2<UInt64>(word, word), to: SIMD16<UInt8>.self)
            }
            if !hasCandidate(tail) { return n }
        }
        while i < n {
            if isCandidate(base[i]) { return i }
            i &+= 1
        }
        return n
    }

    /// The index of the first byte at or after `start` that needs an escape, or `s.count`:
    /// a candidate, unless it is a 0xE2 that starts another character than U+2028/U+2029
    /// (“, ”, …, common in Chinese copy), which is passed over here, without a return to the
    /// caller's loop.
    @inline(__always)
    private static func nextEscape(in s: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let n = s.count
        var i = nextCandidate(in: s, from: start)
        while i < n && s[i] == 0xE2 && !(i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9)) {
            i = nextCandidate(in: s, from: i + 1)
        }
        return i
    }

    /// The longest string `appendShortPlain` takes: two blocks.
    static let maxShortPlain = 32

    /// Copies a string of at most `maxShortPlain` bytes and its closing quote to `p` when none of
    /// its bytes may need an escape (see `escapeCandidates`), and says whether it did: ids, link
    /// texts and URLs are mostly that short (a CJK title of nine characters is 27 bytes), and the
    /// search's call and a `memcpy` cost more than they do. Sixteen bytes or more are loaded as two
    /// blocks, four or more as two words, that overlap in the middle (every byte of the string in
    /// one of them, none outside it), tested as one vector and stored as they were loaded.
    @inline(__always)
    private static func appendShortPlain(_ base: UnsafePointer<UInt8>, count n: Int, at p: UnsafeMutablePointer<UInt8>) -> Bool {
        if n >= 16 {
            let first = UnsafeRawPointer(base).loadUnaligned(as: SIMD16<UInt8>.self)
            let last = UnsafeRawPointer(base + (n &- 16)).loadUnaligned(as: SIMD16<UInt8>.self)
            guard ByteWord.isZero(candidateLanes(first) | candidateLanes(last)) else { return false }
            UnsafeMutableRawPointer(p).storeBytes(of: first, as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(p + (n &- 16)).storeBytes(of: last, as: SIMD16<UInt8>.self)
        } else if n >= 8 {
            let first = UnsafeRawPointer(base).loadUnaligned(as: UInt64.self)
            let last = UnsafeRawPointer(base + (n &- 8)).loadUnaligned(as: UInt64.self)
            guard !hasCandidate(unsafeBitCast(SIMD2<UInt64>(first, last), to: SIMD16<UInt8>.self)) else { return false }
            UnsafeMutableRawPointer(p).storeBytes(of: first, as: UInt64.self)
            UnsafeMutableRawPointer(p + (n &- 8)).storeBytes(of: last, as: UInt64.self)
        } else if n >= 4 {
            let first = UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)
            let last = UnsafeRawPointer(base + (n &- 4)).loadUnaligned(as: UInt32.self)
            let both = unsafeBitCast(SIMD4<UInt32>(first, last, first, last), to: SIMD16<UInt8>.self)
            guard !hasCandidate(both) else { return false }
            UnsafeMutableRawPointer(p).storeBytes(of: first, as: UInt32.self)
            UnsafeMutableRawPointer(p + (n &- 4)).storeBytes(of: last, as: UInt32.self)
        } else {
            for k in 0..<n where isCandidate(base[k]) { return false }
            for k in 0..<n { p[k] = base[k] }
        }
        p[n] = UInt8(ascii: "\"")
        return true
    }

    /// Escapes `"`, `\`, control characters, and U+2028/U+2029 (which older
    /// JavaScript engines reject inside string literals). Everything else is copied
    /// as UTF-8, so output is compact and readable for CJK text. Runs without an
    /// escape are copied whole.
    private mutating func appendEscaped(_ s: UnsafeBufferPointer<UInt8>) {
        let n = s.count
        // Room for the unescaped text; each escape reserves what it adds.
        var p = reserve(n + 3)
        if needsComma { p.pointee = UInt8(ascii: ","); p += 1 }
        p.pointee = UInt8(ascii: "\"")
        p += 1
        if n <= Self.maxShortPlain, let base = s.baseAddress, Self.appendShortPlain(base, count: n, at: p) {
            commit(upTo: p + n + 1)
            return
        }
        var runStart = 0
        var i = 0
        while true {
            i = Self.nextEscape(in: s, from: i)
            guard i < n else { break }
            let b = s[i]
            var escape: (UInt8, UInt8) = (0, 0)
            var unicodeEscape: UInt16? = nil
            switch b {
            case UInt8(ascii: "\""): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): escape = (UInt8(ascii: "\\"), UInt8(ascii: "\\"))
            case 0x0A: escape = (UInt8(ascii: "\\"), UInt8(ascii: "n"))
            case 0x0D: escape = (UInt8(ascii: "\\"), UInt8(ascii: "r"))
            case 0x09: escape = (UInt8(ascii: "\\"), UInt8(ascii: "t"))
            case 0x08: escape = (UInt8(ascii: "\\"), UInt8(ascii: "b"))
            case 0x0C: escape = (UInt8(ascii: "\\"), UInt8(ascii: "f"))
            case 0x00..<0x20, 0x7F: unicodeEscape = UInt16(b)
            case 0xE2 where i + 2 < n && s[i + 1] == 0x80 && (s[i + 2] == 0xA8 || s[i + 2] == 0xA9):
                unicodeEscape = s[i + 2] == 0xA8 ? 0x2028 : 0x2029
            default:
                // Any other character starting with 0xE2 (“, ”, …): part of the run.
                i += 1
                continue
            }
            let run = i - runStart
            p.initialize(from: s.baseAddress! + runStart, count: run)
            p += run
            commit(upTo: p)
            // The escape (at most six bytes), the rest unescaped, and the closing quote.
            p = reserve(6 + (n - i) + 1)
            if let u = unicodeEscape {
                Self.hex.withUTF8Buffer { hex in
                    p[0] = UInt8(ascii: "\\"); p[1] = UInt8(ascii: "u")
                    p[2] = hex[Int(u >> 12) & 0xF]; p[3] = hex[Int(u >> 8) & 0xF]
                    p[4] = hex[Int(u >> 4) & 0xF]; p[5] = hex[Int(u) & 0xF]
                }
                p += 6
                i += u > 0xFF ? 3 : 1
            } else {
                p[0] = escape.0; p[1] = escape.1
                p += 2
                i += 1
            }
            runStart = i
        }
        let run = n - runStart
        if run > 0 { p.initialize(from: s.baseAddress! + runStart, count: run) }
        p[run] = UInt8(ascii: "\"")
        commit(upTo: p + run + 1)
    }
}

/// The writer's output: one malloc'ed block. Growing replaces it by a larger one,
/// so its members are constants (no exclusivity checks on the hot path) and the
/// writer keeps the count.
///
/// A class so that `JSONWriter` stays a value type: the writer replaces it before
/// writing whenever another writer shares it (`isKnownUniquelyReferenced`), so it
/// is never written while shared and may be `@unchecked Sendable`.
@usableFromInline
final class JSONByteBuffer: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    @usableFromInline let capacity: Int

    @usableFromInline
    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    /// A new block holding the first `count` bytes of `other`.
    @usableFromInline
    convenience init(copying other: JSONByteBuffer, count: Int, capacity: Int) {
        self.init(capacity: capacity)
        base.initialize(from: other.base, count: count)
    }

    deinit { base.deallocate() }
}
