import XCTest
import LinkDocTestSupport
@_spi(Bytes) import LinkDocBase

/// ByteWord's masks against the byte-by-byte definitions they stand for: whether any
/// byte passes and which is the lowest (exact), and exact counts where promised.
final class ByteWordTests: XCTestCase {
    private func words() -> [[UInt8]] {
        var generator = SeededGenerator(seed: 2026)
        func next(_ bound: Int) -> Int { generator.next(bound) }
        var out: [[UInt8]] = []
        let interesting: [UInt8] = [0x00, 0x01, 0x0A, 0x0D, 0x1F, 0x20, 0x21, 0x22, 0x5C, 0x7F, 0x80, 0xBF, 0xC0,
                                    0xE2, 0xEF, 0xF0, 0xF4, 0xFF]
        for _ in 0 ..< 20_000 {
            out.append((0 ..< 8).map { _ in next(2) == 0 ? interesting[next(interesting.count)] : UInt8(next(256)) })
        }
        // Every byte value alone at every position in a word of otherwise plain letters.
        for value in 0 ... 255 {
            for position in 0 ..< 8 {
                var w = [UInt8](repeating: 0x61, count: 8)
                w[position] = UInt8(value)
                out.append(w)
            }
        }
        return out
    }

    private func load(_ bytes: [UInt8]) -> UInt64 { bytes.withUnsafeBufferPointer { ByteWord.load($0.baseAddress!) } }

    /// The lowest flagged byte of a mask, or nil.
    private func lowest(_ mask: UInt64) -> Int? { mask == 0 ? nil : mask.trailingZeroBitCount / 8 }

    func testEqualToAndBelowFindTheFirstMatchingByte() {
        for bytes in words() {
            let w = load(bytes)
            for target: UInt8 in [0x00, 0x0A, 0x0D, 0x22, 0x5C, 0x7F, 0xE2] {
                XCTAssertEqual(lowest(ByteWord.bytes(w, equalTo: target)), bytes.firstIndex(of: target), "\(bytes) == \(target)")
            }
            for limit: UInt8 in [0x01, 0x20, 0x80] {
                XCTAssertEqual(lowest(ByteWord.bytes(w, below: limit)), bytes.firstIndex { $0 < limit }, "\(bytes) < \(limit)")
            }
        }
    }

    func testUTF8ClassesAreCountedExactly() {
        for bytes in words() {
            let w = load(bytes)
            XCTAssertEqual(ByteWord.count(ByteWord.continuationBytes(w)), bytes.filter { $0 & 0xC0 == 0x80 }.count, "\(bytes)")
            XCTAssertEqual(ByteWord.count(ByteWord.fourByteLeads(w)), bytes.filter { $0 & 0xF0 == 0xF0 }.count, "\(bytes)")
            XCTAssertEqual(ByteWord.count(w & ByteWord.highs), bytes.filter { $0 >= 0x80 }.count, "\(bytes)")
        }
    }

    /// The vector helpers against the lanes one by one: two words of random bytes make a vector.
    func testVectorsAsWordsKeepLaneOrderAndTestLikeAnyLane() {
        let all = words()
        for k in 0 ..< all.count - 1 {
            let bytes = all[k] + all[k + 1]
            let v = bytes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!).loadUnaligned(as: SIMD16<UInt8>.self) }
            let (low, high) = ByteWord.words(v)
            XCTAssertEqual(low, load(all[k]))
            XCTAssertEqual(high, load(all[k + 1]))
            XCTAssertEqual(ByteWord.words(unsafeBitCast(v, to: SIMD16<Int8>.self)).low, low)
            XCTAssertEqual(ByteWord.isZero(v), bytes.allSatisfy { $0 == 0 }, "\(bytes)")
            for target: UInt8 in [0x00, 0x22, 0x7F, 0xE2] {
                let mask = v .== SIMD16(repeating: target)
                XCTAssertEqual(ByteWord.any(mask), bytes.contains(target), "\(bytes) == \(target)")
                let lanes = ByteWord.lanes(mask)
                XCTAssertEqual((0 ..< 16).map { lanes[$0] }, bytes.map { $0 == target ? 0xFF : 0 }, "\(bytes) == \(target)")
            }
        }
        XCTAssertTrue(ByteWord.isZero(SIMD16<UInt8>()))
        XCTAssertTrue(ByteWord.isZero(SIMD16<Int8>()))
        for lane in 0 ..< 16 {
            var v = SIMD16<Int8>()
            v[lane] = -128
            XCTAssertFalse(ByteWord.isZero(v), "lane \(lane)")
        }
    }

    /// `highBits` (a movemask on x86-64) and `portableHighBits` (what other architectures run)
    /// against the definition, lane by lane: any byte values, not only the 0x00/0xFF of a mask.
    func testHighBitsGiveEachLaneHighBitInItsOwnBit() {
        let all = words()
        for k in stride(from: 0, to: all.count - 1, by: 2) {
            let bytes = all[k] + all[k + 1]
            let v = bytes.withUnsafeBytes { $0.loadUnaligned(as: SIMD16<UInt8>.self) }
            var expected: UInt64 = 0
            for (lane, byte) in bytes.enumerated() where byte >= 0x80 { expected |= 1 << UInt64(lane) }
            XCTAssertEqual(ByteWord.highBits(v), expected, "\(bytes)")
            XCTAssertEqual(ByteWord.portableHighBits(v), expected, "\(bytes)")
        }
        XCTAssertEqual(ByteWord.highBits(SIMD16<UInt8>(repeating: 0xFF)), 0xFFFF)
        XCTAssertEqual(ByteWord.portableHighBits(SIMD16<UInt8>(repeating: 0x80)), 0xFFFF)
    }
}
