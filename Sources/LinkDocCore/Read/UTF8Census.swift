@_spi(Bytes) import LinkDocBase  // ByteWord

/// Counts the UTF-8 continuation bytes (10xxxxxx) and four-byte lead bytes (11110xxx, as in
/// valid UTF-8) of a stretch of text, sixteen bytes at a time: a vector compare per class and an
/// add into per-lane counters, added up once at the end of the stretch (and every 255 blocks,
/// before a lane can overflow). Counting eight bytes at a time with word tricks cost several times
/// more.
///
/// Continuation bytes (0x80–0xBF) are the bytes below -64 as signed bytes (one compare); four-byte
/// leads (0xF0–0xF7) are those at or above 0xF0 unsigned. Every constant is a whole vector: a
/// vector compared with a scalar, or a mask turned into numbers with a scalar, compiles lane by
/// lane.
///
/// Most stretches the emit stage counts (from one link edge to the next) are shorter than a block,
/// so the last few bytes are the common case: they are the top lanes of the block that ends with
/// the stretch, selected by comparing the lanes' indices with a splat of where they start.
enum UTF8Census {
    @inline(__always)
    static func count(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (continuations: Int, fourByteLeads: Int) {
        guard start < end, end >= 16, let base = s.baseAddress else { return countByBytes(s, from: start, to: end) }
        let zero = SIMD16<Int8>(), one = SIMD16<Int8>(repeating: 1)
        let continuationLimit = SIMD16<Int8>(repeating: -64), leadFloor = SIMD16<UInt8>(repeating: 0xF0)
        var continuationCount = 0, leadCount = 0
        var laneContinuations = zero, laneLeads = zero
        @inline(__always) func add(_ v: SIMD16<Int8>, in lanes: SIMDMask<SIMD16<Int8>>) {
            laneContinuations &+= zero.replacing(with: one, where: (v .< continuationLimit) .& lanes)
            laneLeads &+= zero.replacing(with: one, where: (unsafeBitCast(v, to: SIMD16<UInt8>.self) .>= leadFloor) .& lanes)
        }
        @inline(__always) func load(_ offset: Int) -> SIMD16<Int8> {
            UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<Int8>.self)
        }
        let all = zero .== zero
        var i = start
        var blocksUntilFull = 255
        let lastBlockStart = end &- 16
        while i <= lastBlockStart {
            add(load(i), in: all)
            i &+= 16
            blocksUntilFull &-= 1
            if blocksUntilFull == 0 {
                continuationCount &+= sum(laneContinuations)
                leadCount &+= sum(laneLeads)
                laneContinuations = zero
                laneLeads = zero
                blocksUntilFull = 255
            }
        }
        // The last bytes, fewer than sixteen: the top lanes of the block that ends at `end`,
        // those from `i` on (the lanes before are counted already, or before `start`). Each lane
        // holds at most 254 here, so the block's ones fit.
        let laneIndices = SIMD16<Int8>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        add(load(lastBlockStart), in: laneIndices .>= SIMD16(repeating: Int8(truncatingIfNeeded: i &- lastBlockStart)))
        continuationCount &+= sum(laneContinuations)
        // Most text has no four-byte sequence.
        if !ByteWord.isZero(laneLeads) { leadCount &+= sum(laneLeads) }
        return (continuationCount, leadCount)
    }

    /// The lanes added up, each an unsigned byte: pairs of bytes added into sixteen-bit fields
    /// (at most 4 × 510), and the fields by a multiply into the top field (at most 4080). The
    /// standard library's `wrappedSum` on widened lanes is a call and three times as long.
    @inline(__always)
    private static func sum(_ lanes: SIMD16<Int8>) -> Int {
        let (low, high) = ByteWord.words(lanes)
        let evenBytes: UInt64 = 0x00FF_00FF_00FF_00FF
        let pairs = (low & evenBytes) &+ ((low >> 8) & evenBytes) &+ (high & evenBytes) &+ ((high >> 8) & evenBytes)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }

    /// The same counts a byte at a time: for stretches that end within the first block of the text,
    /// and for the tests.
    static func countByBytes(_ s: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> (continuations: Int, fourByteLeads: Int) {
        var continuations = 0, fourByteLeads = 0
        for k in start ..< max(start, end) {
            if s[k] & 0xC0 == 0x80 { continuations += 1 }
            if s[k] >= 0xF0 { fourByteLeads += 1 }
        }
        return (continuations, fourByteLeads)
    }
}
