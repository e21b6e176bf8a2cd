import XCTest
@testable import LinkDocHTML

final class ElementNameTests: XCTestCase {
    /// `Tag.names` is written out by hand; it must name every case, in order.
    func testTagNamesMatchTheCases() {
        XCTAssertEqual(Tag.names.count, Tag.allCases.count)
        for tag in Tag.allCases {
            XCTAssertEqual(tag.name, String(describing: tag))
            XCTAssertEqual(Tag(lowercasing: tag.name.uppercased().utf8), tag)
        }
    }

    func testNamesAreLowercasedAndUnknownNamesKeepTheirBytes() {
        XCTAssertEqual(ElementName(lowercasing: "SPAN".utf8), .known(.span))
        XCTAssertEqual(ElementName(lowercasing: "X-Foo".utf8), .other(Array("x-foo".utf8)))
        XCTAssertEqual(ElementName(lowercasing: "blockquote".utf8).string, "blockquote")   // longer than 8 bytes
        XCTAssertNil(Tag(lowercasing: "spans".utf8))
        XCTAssertNil(Tag(lowercasing: "".utf8))
    }
}
