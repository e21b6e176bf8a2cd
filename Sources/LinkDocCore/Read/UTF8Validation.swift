@_spi(Bytes) import LinkDocBase  // ByteWord

/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    /// The offset of the first byte that does not belong to a valid sequence, or nil.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { TextScan($0, checkpointStride: Int.max).invalidOffset }
    }
}

/// One pass over a document's bytes that finds everything the read stage needs: whether the
/// bytes are valid UTF-8 (and where not), whether there is a CR to normalize, where lines
/// start, and the scalar count at every `checkpointStride` bytes (for diagnostic columns).
///
/// Why one pass: these were four loops over every byte (validation, a search for CR, the
/// line starts, the checkpoints), which cost more than parsing the document. The scan reads
/// 64-byte windows (`Window`) and takes, with bit masks, the longest prefix of one that is
/// printable ASCII and the common three-byte sequences (all CJK text), whatever their mix: in
/// mixed text no branch a run, where a loop for ASCII and one for CJK took turns every few
/// bytes. At anything else (a control character, another sequence, an invalid byte) it takes
/// one character by the general rules, then reads windows again.
struct TextScan {
    /// The offset of the first byte that does not belong to a valid sequence; the other
    /// fields are then incomplete.
    var invalidOffset: Int? = nil
    var hasCR = false
    /// Offset of the first byte of each line (0, and one past each LF), and the Unicode scalars
    /// before offset `k * checkpointStride` for each such offset from the stride (k ≥ 1) below
    /// the count: the one at offset 0 is always 0 and is not stored, so a one-line document
    /// shorter than the stride shares one table and allocates none.
    var lines = LineTable.oneLine

    /// `stride` is at least 4.
    init(_ s: UnsafeBufferPointer<UInt8>, checkpointStride stride: Int) {
        precondition(stride >= 4)
        let n = s.count
        guard n > 0, let p = s.baseAddress else { return }
        if n >= Window.size {
            scan(p, windows: p, count: n)
        } else {
            // A text shorter than a window is read from a copy padded with NULs, which the
            // window leaves out (it is cut at the text's end).
            var padded = (SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>(), SIMD16<UInt8>())
            withUnsafeMutableBytes(of: &padded) { buffer in
                buffer.copyMemory(from: UnsafeRawBufferPointer(s))
                scan(p, windows: UnsafePointer(buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)), count: n)
            }
        }
        // The checkpoints of valid text, a block a count (most texts are shorter than a block,
        // so the scan itself counts nothing). Only a line longer than a block needs them: a column
        // within a block of its line start is counted from there (`SourceText.location`), and so
        // is an excerpt's (lines up to `SourceText.maxExcerptBytes`, no longer than a block).
        guard invalidOffset == nil, stride < n, lines.hasLine(longerThan: stride, textLength: n) else { return }
        lines.reserveCheckpoints(n / stride)
        var scalars = 0, blockStart = 0
        while stride < n &- blockStart {
            scalars &+= stride &- UTF8Census.count(s, from: blockStart, to: blockStart &+ stride).continuations
            lines.appendCheckpoint(scalars)
            blockStart &+= stride
        }
    }

    /// Validation, CRs and line starts of the `n` bytes at `p`, whose windows are read at `q`:
    /// `p` itself, or a copy of at least `Window.size` bytes.
    private mutating func scan(_ p: UnsafePointer<UInt8>, windows q: UnsafePointer<UInt8>, count n: Int) {
        // Near the end, the window is the last `Window.size` bytes at `q`, read from `i` on.
        let lastWindow = max(n, Window.size) &- Window.size
        var i = 0
        while i < n {
            // The longest prefix of whole sequences of the fast forms (`Window`), and whether
            // something else stopped it (rather than the window's or the text's end).
            let (taken, stopped) = i &+ Window.size <= n
                ? Window.prefix(q + i, shift: 0, available: Window.size)
                : Window.prefix(q + lastWindow, shift: i &- lastWindow, available: n &- i)
            i &+= taken
            if taken > 0 && !stopped { continue }
            // The character at `i` by the general rules.
            let b0 = p[i]
            if b0 < 0x80 {
                if b0 == 0x0A {
                    addLine(at: i &+ 1)
                } else if b0 == 0x0D {
                    hasCR = true
                }
                i &+= 1
                continue
            }
            // Four-byte sequences led by F0 (U+10000…U+3FFFF: the emoji), one load, before the
            // general case below costs them a switch and a loop each.
            if b0 == 0xF0 && i &+ 3 < n {
                let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self).littleEndian
                // The second byte is 90…BF: a continuation byte with one of its bits 0x30 set.
                if w & 0xC0C0_C0FF == 0x8080_80F0 && w & 0x3000 != 0 {
                    i &+= 4
                    continue
                }
            }
            let length: Int
            var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
            switch b0 {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowerBound = 0xA0  // no overlong forms
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; upperBound = 0x9F  // no surrogates
            case 0xF0: length = 4; lowerBound = 0x90  // no overlong forms
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; upperBound = 0x8F  // nothing above U+10FFFF
            default: invalidOffset = i; return
            }
            guard i + 1 < n, p[i + 1] >= lowerBound, p[i + 1] <= upperBound else { invalidOffset = i; return }
            for k in 2..<length {
                guard i + k < n, p[i + k] & 0xC0 == 0x80 else { invalidOffset = i; return }
            }
            i &+= length
        }
    }

    private mutating func addLine(at start: Int) { lines.appendLine(start) }

    /// 64 bytes from a sequence boundary `i`, as one bit a byte (byte `i + k` in bit `k`) of
    /// each class that matters, and the longest prefix of them that is whole sequences of the
    /// fast forms: printable ASCII (no control character: line breaks are counted one by one), and three-byte
    /// sequences led by E1…EC, EE, EF (U+1000…U+CFFF, U+E000…U+FFFF, which need no check beyond
    /// their continuation bytes). Anything else, valid or not, ends the prefix.
    ///
    /// The prefix is found without a branch a byte: its continuation bytes must be exactly the
    /// two bytes after each lead, so the first byte where the continuation mask and the leads
    /// shifted by one and two disagree, or that is of no fast class, is where the fast forms
    /// stop; the prefix ends at the last sequence end before that byte.
    enum Window {
        static let size = 64

        /// The prefix of the window at `p`, from its byte `shift` on (near the text's end the
        /// window is the text's last bytes) and of `available` bytes from there, and whether
        /// a byte the fast forms do not take ends it (else the end of what is available does,
        /// or a sequence that crosses it).
        @_transparent
        static func prefix(_ p: UnsafePointer<UInt8>, shift: Int, available: Int) -> (bytes: Int, stopped: Bool) {
            let m0 = classes(UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self))
            let m1 = classes(UnsafeRawPointer(p + 16).loadUnaligned(as: SIMD16<UInt8>.self))
            let m2 = classes(UnsafeRawPointer(p + 32).loadUnaligned(as: SIMD16<UInt8>.self))
            let m3 = classes(UnsafeRawPointer(p + 48).loadUnaligned(as: SIMD16<UInt8>.self))
            let bits = UInt64(truncatingIfNeeded: shift)
            func join(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64) -> UInt64 {
                (a | b &<< 16 | c &<< 32 | d &<< 48) &>> bits
            }
            let ascii = join(m0.ascii, m1.ascii, m2.ascii, m3.ascii)
            let continuations = join(m0.continuations, m1.continuations, m2.continuations, m3.continuations)
            let leads = join(m0.leads, m1.leads, m2.leads, m3.leads)
            // The first byte the fast forms do not explain: of no fast class, or a continuation
            // byte where none is due, or none where one is. The bytes shifted in past the text's
            // end are of no class; 64 when all bytes are explained (the count of an empty mask).
            let unexplained = ~(ascii | continuations | leads) | ((leads &<< 1 | leads &<< 2) ^ continuations)
            let first = unexplained.trailingZeroBitCount
            // Bit k: a sequence ends after byte k (an ASCII byte, or the last of three), below `first`.
            let ends = (ascii | leads &<< 2) & ~(UInt64.max << UInt64(truncatingIfNeeded: first))
            return (64 &- ends.leadingZeroBitCount, first < available)
        }

        /// The fast classes of 16 bytes as bit masks: printable ASCII, continuation bytes, and
        /// the leads of the three-byte sequences the window takes.
        @_transparent
        static func classes(_ v: SIMD16<UInt8>) -> (ascii: UInt64, continuations: UInt64, leads: UInt64) {
            // As signed bytes, printable ASCII (and DEL) is 32…127, continuation bytes are -128…-65.
            let signed = unsafeBitCast(v, to: SIMD16<Int8>.self)
            let ascii = signed .> SIMD16<Int8>(repeating: 0x1F)
            let continuations = signed .< SIMD16<Int8>(repeating: -64)
            // E0 and ED lead sequences whose second byte has a narrower range.
            let leads = (v & SIMD16<UInt8>(repeating: 0xF0) .== SIMD16<UInt8>(repeating: 0xE0))
                .& .!((v .== SIMD16<UInt8>(repeating: 0xE0)) .| (v .== SIMD16<UInt8>(repeating: 0xED)))
            return (highBits(ascii), highBits(continuations), highBits(leads))
        }

        @_transparent
        static func highBits(_ mask: SIMDMask<SIMD16<Int8>>) -> UInt64 { ByteWord.highBits(ByteWord.lanes(mask)) }
    }
}
