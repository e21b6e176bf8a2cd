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
/// line starts, the checkpoints), which cost more than parsing the document. Plain ASCII goes
/// eight bytes a time; a run of multi-byte sequences is validated sequence by sequence (the
/// common three-byte CJK form first), and a line break, which is ASCII, ends such a run.
struct TextScan {
    /// The offset of the first byte that does not belong to a valid sequence; the other
    /// fields are then incomplete.
    var invalidOffset: Int? = nil
    var hasCR = false
    /// Offset of the first byte of each line (0, and one past each LF).
    var lineStarts: [Int]
    /// Unicode scalars before offset `k * checkpointStride`, for each such offset from the
    /// stride (k ≥ 1) below the count: the one at offset 0 is always 0 and is not stored, so a
    /// document shorter than the stride has no array to allocate.
    var checkpoints: [Int] = []

    /// The bits a run of three-byte sequences fixes in each of 15 bytes (`1110xxxx 10xxxxxx
    /// 10xxxxxx` five times), the values of those bits, which bytes of 16 are looked at, and the
    /// two leads the run leaves to the general case. One stored tuple: each static `let` costs a
    /// `swift_once` call per document that reads it.
    private static let vectors = (
        threeByteMask: SIMD16<UInt8>(0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0xF0, 0xC0, 0xC0, 0),
        threeBytePattern: SIMD16<UInt8>(0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0xE0, 0x80, 0x80, 0),
        first15: SIMD16<UInt8>(0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0),
        e0: SIMD16<UInt8>(repeating: 0xE0), ed: SIMD16<UInt8>(repeating: 0xED))

    /// The line starts of a text without LF, shared: most documents are one line, and an
    /// array of their own would be an allocation each.
    private static let oneLine = [0]

    /// `stride` is at least 4, so that one sequence passes at most one checkpoint.
    init(_ s: UnsafeBufferPointer<UInt8>, checkpointStride stride: Int) {
        precondition(stride >= 4)
        let n = s.count
        lineStarts = Self.oneLine
        guard n > 0, let p = s.baseAddress else { return }
        if stride < n { checkpoints.reserveCapacity(n / stride) }

        let (threeByteMask, threeBytePattern, first15, e0, ed) = Self.vectors
        var i = 0
        var scalars = 0  // scalars (lead bytes) before `i`
        var nextCheckpoint = min(stride, n)
        while i < n {
            // A multi-byte step may pass a checkpoint by up to three bytes: the bytes it
            // passes are continuations, so the count before the checkpoint is `scalars`.
            if i >= nextCheckpoint {
                checkpoints.append(scalars)
                nextCheckpoint = stride > n ? n : nextCheckpoint + stride
            }
            // ASCII without line breaks, eight bytes a time, up to the next checkpoint. The word
            // that stops it still steps over its plain bytes before the first stop byte (the mask
            // is exact about the lowest one): in mixed text the ASCII between two CJK runs is
            // mostly a few bytes, which one by one below cost a pass of this loop each.
            let wordsEnd = min(n, nextCheckpoint) - 8
            while i <= wordsEnd {
                let w = ByteWord.load(p + i)
                let stops = w & ByteWord.highs | ByteWord.bytes(w, equalTo: 0x0A) | ByteWord.bytes(w, equalTo: 0x0D)
                if stops != 0 {
                    let plain = stops.trailingZeroBitCount / 8
                    i += plain
                    scalars += plain
                    break
                }
                i += 8
                scalars += 8
            }
            guard i < n else { break }
            if i >= nextCheckpoint { continue }  // the words reached it: record it first
            let b = p[i]
            if b < 0x80 {
                if b == 0x0A {
                    addLine(at: i + 1)
                } else if b == 0x0D {
                    hasCR = true
                }
                i += 1
                scalars += 1
                continue
            }
            // A run of multi-byte sequences; it ends at the next ASCII byte.
            while i < n && p[i] >= 0x80 {
                if i >= nextCheckpoint {
                    checkpoints.append(scalars)
                    nextCheckpoint += stride
                }
                // The common case, CJK text: three-byte sequences for U+1000…U+CFFF and
                // U+E000…U+FFFF (leads E1…EC, EE, EF), tested four bytes a time (one load; the
                // fourth byte is not looked at), without bounds or checkpoint tests up to `end`.
                let end = min(n - 3, nextCheckpoint)
                let runStart = i
                // Five such sequences (15 bytes) a test first, with vector compares: leads E1…EF but
                // ED at 0, 3, 6, 9, 12, continuation bytes between; the sixteenth byte loaded is
                // not looked at. The last of the five starts before the checkpoint, as above.
                while i + 16 <= n && i + 12 < nextCheckpoint {
                    let v = UnsafeRawPointer(p + i).loadUnaligned(as: SIMD16<UInt8>.self) & first15
                    guard all(v & threeByteMask .== threeBytePattern), !any((v .== e0) .| (v .== ed)) else { break }
                    i += 15
                }
                while i < end {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self).littleEndian
                    let b0 = w & 0xFF
                    guard w & 0xC0C0F0 == 0x8080E0, b0 != 0xE0, b0 != 0xED else { break }
                    i += 3
                }
                scalars += (i - runStart) / 3
                if i != runStart { continue }
                let b0 = p[i]
                if b0 & 0xF0 == 0xE0 && b0 != 0xE0 && b0 != 0xED && i + 2 < n
                    && p[i + 1] & 0xC0 == 0x80 && p[i + 2] & 0xC0 == 0x80 {
                    i += 3
                    scalars += 1
                    continue
                }
                // Four-byte sequences led by F0 (U+10000…U+3FFFF: the emoji), one load, before
                // the general case below costs them a switch and a loop each.
                if i + 3 < n {
                    let w = UnsafeRawPointer(p + i).loadUnaligned(as: UInt32.self).littleEndian
                    // The second byte is 90…BF: a continuation byte with one of its bits 0x30 set.
                    if w & 0xC0C0_C0FF == 0x8080_80F0 && w & 0x3000 != 0 {
                        i += 4
                        scalars += 1
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
                i += length
                scalars += 1
            }
        }
        while nextCheckpoint < n {  // passed at the very end by a multi-byte step
            checkpoints.append(scalars)
            nextCheckpoint += stride
        }
    }

    private mutating func addLine(at start: Int) {
        if lineStarts.count == 1 {  // the shared one: an array of its own, with room for a few lines
            var starts: [Int] = []
            starts.reserveCapacity(8)
            starts.append(0)
            lineStarts = starts
        }
        lineStarts.append(start)
    }
}
