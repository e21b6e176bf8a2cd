import XCTest
@_spi(Bytes) import LinkDocBase

/// `KeptBuffers.take` empties a buffer by popping a few elements and by `removeAll` past that;
/// both must hand out an empty buffer with its capacity kept, and leave a copy held elsewhere
/// (a result still in use) as it was.
final class KeptBuffersTests: XCTestCase {
    private final class Element { let value: Int; init(_ value: Int) { self.value = value } }

    func testTakenBuffersAreEmptyWithTheirCapacityAndCopiesStayWhole() {
        let buffers = KeptBuffers(maxKeptBytes: 1 << 16)
        for count in 0...12 {
            for shared in [false, true] {
                for minimum in [0, count, 64] {
                    var slot = (0..<count).map(Element.init)
                    slot.reserveCapacity(32)
                    let capacity = slot.capacity
                    let copy = shared ? slot : []
                    let first = WeakReference(slot.first)
                    let taken = buffers.take(&slot, minimumCapacity: minimum)
                    let label = "\(count) elements, shared \(shared), minimum \(minimum)"
                    XCTAssertTrue(taken.isEmpty, label)
                    XCTAssertTrue(slot.isEmpty, label)
                    XCTAssertGreaterThanOrEqual(taken.capacity, minimum, label)
                    if !shared && minimum <= capacity { XCTAssertEqual(taken.capacity, capacity, label) }
                    if shared {
                        XCTAssertEqual(copy.map(\.value), Array(0..<count), label)
                    } else {
                        XCTAssertNil(first.object, label)  // the elements taken out were released
                    }
                }
            }
        }
    }

    func testTakenBuffersOfPlainValuesAreEmptied() {
        let buffers = KeptBuffers(maxKeptBytes: 1 << 16)
        for count in 0...12 {
            var slot = Array(0..<count)
            let taken = buffers.take(&slot)
            XCTAssertTrue(taken.isEmpty, "\(count)")
            XCTAssertGreaterThanOrEqual(taken.capacity, count, "\(count)")
        }
    }
}

/// A reference that does not keep its object alive (a `weak var` that is never assigned again
/// warns, and `weak let` needs Swift 6.2).
private struct WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object?) { self.object = object }
}
