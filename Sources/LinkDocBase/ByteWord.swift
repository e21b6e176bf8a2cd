#if arch(x86_64)
import _Builtin_intrinsics.intel  // _mm_movemask_epi8
#endif

/// Tests on eight bytes at once, loaded as one 64-bit word ("SWAR"; the tricks are
/// those of "Bit Twiddling Hacks"), and the word view of sixteen-byte vectors. The byte
/// scanners of the JSON writer, the NDJSON reader, the escaper and the compiler's text passes
/// step over plain text with them; they live here because all of those modules depend on this
/// one. Public for their sake only, behind an SPI (`@_spi(Bytes) import LinkDocBase`): a
/// `package` declaration is not inlined across modules by this compiler, and out of line each
/// would be a call in a scanner's inner loop.
///
/// Each test answers with a mask: the high bit (0x80) of every byte that passes. A
/// borrow can run upwards from a byte that passes, so bytes above the lowest passing
/// byte may be flagged wrongly; the mask is exact about whether any byte passes and
/// about the lowest one (`trailingZeroBitCount / 8` of a little-endian load).
@_spi(Bytes) public enum ByteWord {
    @inlinable @inline(__always) public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable @inline(__always) public static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `pointer`, the first in the lowest byte of the word.
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// Bytes equal to `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ w: UInt64, equalTo byte: UInt8) -> UInt64 {
        let x = w ^ (ones &* UInt64(byte))
        return (x &- ones) & ~x & highs
    }

    /// Bytes below `limit` (at most 0x80).
    @inlinable @inline(__always)
    public static func bytes(_ w: UInt64, below limit: UInt8) -> UInt64 {
        (w &- ones &* UInt64(limit)) & ~w & highs
    }

    /// UTF-8 continuation bytes (10xxxxxx); exact for every byte.
    @inlinable @inline(__always)
    public static func continuationBytes(_ w: UInt64) -> UInt64 { w & ~(w << 1) & highs }

    /// Lead bytes of four-byte UTF-8 sequences (11110xxx, as in valid UTF-8); exact for every byte.
    @inlinable @inline(__always)
    public static func fourByteLeads(_ w: UInt64) -> UInt64 { w & (w << 1) & (w << 2) & (w << 3) & highs }

    /// How many bytes a mask of exact high bits flags (a multiply adds them up in the top byte).
    @inlinable @inline(__always)
    public static func count(_ mask: UInt64) -> Int { Int(truncatingIfNeeded: ((mask >> 7) &* ones) >> 56) }

    // MARK: Sixteen-byte vectors as words
    //
    // A vector scan tests its mask of lanes as two words. The standard library's `any(_:)` and
    // reductions are no substitute in a byte loop: the optimizer may leave them out of line, a
    // call for every sixteen bytes.

    /// The sixteen lanes as two words, lane 0 in the lowest byte of `low` (as `load` reads them).
    @inlinable @inline(__always)
    public static func words(_ lanes: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
        let halves = unsafeBitCast(lanes, to: SIMD2<UInt64>.self)
        return (UInt64(littleEndian: halves[0]), UInt64(littleEndian: halves[1]))
    }

    @inlinable @inline(__always)
    public static func words(_ lanes: SIMD16<Int8>) -> (low: UInt64, high: UInt64) {
        words(unsafeBitCast(lanes, to: SIMD16<UInt8>.self))
    }

    /// Whether every lane is zero.
    @inlinable @inline(__always)
    public static func isZero(_ lanes: SIMD16<UInt8>) -> Bool {
        let (low, high) = words(lanes)
        return low | high == 0
    }

    @inlinable @inline(__always)
    public static func isZero(_ lanes: SIMD16<Int8>) -> Bool { isZero(unsafeBitCast(lanes, to: SIMD16<UInt8>.self)) }

    /// A comparison's mask as lanes: 0xFF where it is set, 0 elsewhere.
    @inlinable @inline(__always)
    public static func lanes(_ mask: SIMDMask<SIMD16<Int8>>) -> SIMD16<UInt8> {
        SIMD16<UInt8>().replacing(with: SIMD16(repeating: 0xFF), where: mask)
    }

    /// Whether any lane of a comparison's mask is set.
    @inlinable @inline(__always)
    public static func any(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool { !isZero(lanes(mask)) }

    /// One bit a lane, lane `k` in bit `k`: whether its high bit is set. On x86-64 SSE2's movemask
    /// (one instruction); elsewhere `portableHighBits`.
    @inlinable @inline(__always)
    public static func highBits(_ lanes: SIMD16<UInt8>) -> UInt64 {
        #if arch(x86_64)
        UInt64(UInt16(truncatingIfNeeded: _mm_movemask_epi8(unsafeBitCast(lanes, to: __m128i.self))))
        #else
        portableHighBits(lanes)
        #endif
    }

    /// `highBits` without vector instructions: each half's high bits gathered into its top byte
    /// by one multiply ("Bit Twiddling Hacks"). What other architectures run, and on x86-64 what
    /// the tests compare `highBits` with.
    @inlinable @inline(__always)
    public static func portableHighBits(_ lanes: SIMD16<UInt8>) -> UInt64 {
        let (low, high) = words(lanes)
        @inline(__always) func gather(_ w: UInt64) -> UInt64 { ((w & highs) &>> 7 &* 0x0102_0408_1020_4080) &>> 56 }
        return gather(low) | gather(high) &<< 8
    }
}
