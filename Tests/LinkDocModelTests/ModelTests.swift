import Foundation
@_spi(LinkDocInternal) import LinkDocModel
import XCTest

final class JSONWriterTests: XCTestCase {
    func testEscapesQuotesBackslashesAndControlCharacters() {
        var w = JSONWriter()
        w.string("a\"b\\c\nd\te\u{1}f\u{7F}\u{2028}中")
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #""a\"b\\c\nd\te\u0001f\u007f\u2028中""#)
    }

    func testObjectsArraysAndNumbers() {
        var w = JSONWriter()
        w.beginObject()
        w.key("a"); w.int(-12)
        w.key("b"); w.beginArray(); w.int(0); w.bool(true); w.null(); w.endArray()
        w.member("c", nil as String?)
        w.member("d", "x")
        w.endObject()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"{"a":-12,"b":[0,true,null],"d":"x"}"#)
    }

    func testPrettyPrintingKeepsStringsAndFlatArrays() {
        let compact = Array(#"{"a":[1,2],"b":{"c":"x,{y}:\"z\""},"e":[]}"#.utf8)
        let pretty = String(decoding: JSONFormatter.prettyPrinted(compact), as: UTF8.self)
        XCTAssertEqual(pretty, "{\n  \"a\": [1, 2],\n  \"b\": {\n    \"c\": \"x,{y}:\\\"z\\\"\"\n  },\n  \"e\": []\n}")
    }
}

/// The writer scans eight bytes at a time and copies whole runs into its own
/// buffer; these compare it with a byte-by-byte reference on the edges of that.
final class JSONWriterEscapingTests: XCTestCase {
    /// The escaping as specified, one byte (or U+2028/U+2029) at a time.
    static func reference(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [UInt8(ascii: "\"")]
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case 0x0A: out += Array(#"\n"#.utf8)
            case 0x0D: out += Array(#"\r"#.utf8)
            case 0x09: out += Array(#"\t"#.utf8)
            case 0x08: out += Array(#"\b"#.utf8)
            case 0x0C: out += Array(#"\f"#.utf8)
            case 0x00..<0x20, 0x7F: out += Array(String(format: "\\u%04x", Int(b)).utf8)
            case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                out += Array((bytes[i + 2] == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                i += 3
                continue
            default: out.append(b)
            }
            i += 1
        }
        out.append(UInt8(ascii: "\""))
        return out
    }

    static func written(_ value: String) -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 0)
        w.string(value)
        return w.bytes
    }

    func testEveryControlByteAtEveryPositionOfTwoWords() {
        let filler = Array("abcdefghijklmnopqr".utf8)
        for b in Array(UInt8(0)..<0x20) + [0x22, 0x5C, 0x7F] {
            for position in 0...filler.count {
                var bytes = filler
                bytes.insert(b, at: position)
                XCTAssertEqual(Self.written(String(decoding: bytes, as: UTF8.self)), Self.reference(bytes),
                               "byte \(b) at \(position)")
            }
        }
    }

    /// Strings of every length around the vector tests (two blocks of sixteen, one, the overlapping words
    /// and half-words of shorter tails), with one byte or sequence that ends a run at every
    /// position, on plain ASCII and on Chinese filler; given as bytes, so that invalid and cut-off
    /// sequences are written as they are.
    func testEveryShortLengthWithAnEscapeAtEveryPosition() {
        let inserts: [[UInt8]] = [[0x00], [0x0A], [0x1F], [0x22], [0x5C], [0x7F], [0x80], [0xF0], [0xFF], [0xE2],
                                  [0xE2, 0x80], [0xE2, 0x80, 0xA8], [0xE2, 0x80, 0xA9], [0xE2, 0x80, 0x9C], [0xE2, 0x80, 0xA7]]
        for filler in [Array(String(repeating: "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH", count: 2).utf8),
                       Array(String(repeating: "中文的说明文字", count: 4).utf8)] {
            for length in 0 ... 80 {
                let base = Array(filler.prefix(length))
                var cases: [[UInt8]] = [base]
                for insert in inserts {
                    for position in 0 ... base.count { cases.append(Array(base[..<position]) + insert + base[position...]) }
                }
                for bytes in cases {
                    var w = JSONWriter(reservingCapacity: 0)
                    bytes.withUnsafeBufferPointer { w.string(utf8: $0) }
                    XCTAssertEqual(w.bytes, Self.reference(bytes), "\(bytes)")
                }
            }
        }
    }

    func testRandomMixesMatchTheReference() {
        // Characters that end runs or look as if they might (0xE2 leads “, …, U+2028).
        let alphabet = ["a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "é", "中", "“", "”",
                        "…", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "😀", "👨‍👩‍👧", "《", "》", "\u{80}", "\u{FFFF}"]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<3000 {
            let length = Int.random(in: 0...40, using: &generator)
            let value = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            XCTAssertEqual(Self.written(value), Self.reference(Array(value.utf8)), value.debugDescription)
        }
    }

    func testU2028AndU2029AtWordEdgesAndTruncatedLeadBytes() {
        for prefix in 0..<10 {
            let head = String(repeating: "x", count: prefix)
            for tail in ["\u{2028}", "\u{2029}", "\u{2028}\u{2029}", "“\u{2028}", "\u{2028}y"] {
                let value = head + tail
                XCTAssertEqual(Self.written(value), Self.reference(Array(value.utf8)), value.debugDescription)
            }
        }
        // `string(utf8:)` takes bytes as they are: a lead byte at the end must not be read past.
        for bytes: [UInt8] in [[0xE2], [0x61, 0xE2, 0x80], [0xE2, 0x80, 0xA8], Array(repeating: 0x61, count: 7) + [0xE2, 0x80]] {
            var w = JSONWriter()
            bytes.withUnsafeBufferPointer { w.string(utf8: $0) }
            XCTAssertEqual(w.bytes, Self.reference(bytes))
        }
    }

    func testLongStringsGrowTheBufferAcrossEscapes() {
        var value = ""
        for k in 0..<20_000 { value += k % 97 == 0 ? "\"\n\u{2028}" : (k % 3 == 0 ? "中" : "ab") }
        var w = JSONWriter(reservingCapacity: 1)
        w.beginArray()
        w.string(value)
        w.string(value)
        w.endArray()
        let one = Self.reference(Array(value.utf8))
        XCTAssertEqual(w.bytes, [UInt8(ascii: "[")] + one + [UInt8(ascii: ",")] + one + [UInt8(ascii: "]")])
    }

    func testStringsOfEveryStorage() {
        let long = "请阅读《用户协议》和“隐私政策”\n第二行"
        let values: [String] = [
            "",                                       // empty
            "short \"q\"",                             // small (inline) string
            long,                                     // native heap string
            String(long.dropFirst(3)),                // from a Substring
            String(Substring(long.utf8.dropLast(3))),  // from a slice of its UTF-8
            NSString(string: long) as String,         // through Foundation
            String(describing: NSString(string: "ns\t\u{2029}")),
        ]
        for value in values {
            XCTAssertEqual(Self.written(value), Self.reference(Array(value.utf8)), value.debugDescription)
        }
    }

    func testLiteralKeysNeedingEscapesAreEscaped() {
        var w = JSONWriter()
        w.beginObject()
        w.key("plain"); w.int(1)
        w.key("q\"b\\"); w.int(2)
        w.key("名前"); w.int(3)
        let runtime = "tab\t"
        w.key(runtime); w.int(4)
        w.endObject()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"{"plain":1,"q\"b\\":2,"名前":3,"tab\t":4}"#)
    }

    func testIntegersAtEveryLength() {
        var expected: [String] = []
        var w = JSONWriter(reservingCapacity: 0)
        w.beginArray()
        var values: [Int] = [0, -1, Int.min, Int.max, Int.min + 1]
        var power = 1
        for _ in 0..<19 {
            values += [power, power - 1, -power, power &* 10 - 1]
            power = power.multipliedReportingOverflow(by: 10).overflow ? power : power * 10
        }
        for value in values {
            w.int(value)
            expected.append(String(value))
        }
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[" + expected.joined(separator: ",") + "]")
    }

    /// Every number that the digit-pair paths write (one, two, three and four digits, either sign)
    /// and the first ones past them.
    func testEveryIntegerUpToFiveDigits() {
        var w = JSONWriter(reservingCapacity: 0)
        w.beginArray()
        for value in -10_100 ... 10_100 { w.int(value) }
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), "[" + (-10_100 ... 10_100).map(String.init).joined(separator: ",") + "]")
    }

    func testCopiesOfAWriterAreIndependent() {
        var a = JSONWriter(reservingCapacity: 4)
        a.beginArray()
        var b = a
        b.int(1)
        a.int(2)
        a.string("more than four bytes")
        b.endArray()
        a.endArray()
        XCTAssertEqual(String(decoding: a.bytes, as: UTF8.self), #"[2,"more than four bytes"]"#)
        XCTAssertEqual(String(decoding: b.bytes, as: UTF8.self), "[1]")
        XCTAssertEqual(a.withBytes { Array($0) }, a.bytes)
    }

    func testRawJSONIsSeparatedLikeAValue() {
        var w = JSONWriter()
        w.beginArray()
        w.raw(Array(#"{"a":1}"#.utf8))
        w.raw([])
        w.bool(false)
        w.endArray()
        XCTAssertEqual(String(decoding: w.bytes, as: UTF8.self), #"[{"a":1},,false]"#)
    }
}

final class DocumentTests: XCTestCase {
    static func range(_ u16: Int, _ u16len: Int, _ sc: Int, _ sclen: Int, _ u8: Int, _ u8len: Int) -> TextRange {
        TextRange(utf16: TextSpan(location: u16, length: u16len), scalars: TextSpan(location: sc, length: sclen),
                  utf8: TextSpan(location: u8, length: u8len))
    }

    /// A document with every kind of link and member.
    static let sample = Document(
        text: "😀请阅读《用户协议》@小明",
        links: [
            Link(text: "《用户协议》", range: range(5, 6, 4, 6, 13, 18), url: "https://example.com/terms",
                 target: .agreement(id: "terms", title: "用户协议")),
            Link(text: "@小明", range: range(11, 3, 10, 3, 31, 7), url: nil, target: .mention(name: "小明", userID: "u_1")),
        ],
        styles: [Style(range: range(0, 2, 0, 1, 0, 4), bold: true, color: "#ff0000")],
        paragraphs: [Paragraph(range: range(0, 14, 0, 13, 0, 38))],
        attachments: [Attachment(range: range(0, 2, 0, 1, 0, 4), url: "https://example.com/a.png", alt: "a", width: 10, height: nil)])

    func testJSONRoundTripIsByteIdentical() throws {
        let bytes = Self.sample.jsonBytes()
        let decoded = try Document(jsonData: Data(bytes))
        XCTAssertEqual(decoded, Self.sample)
        XCTAssertEqual(decoded.jsonBytes(), bytes)
    }

    func testEveryLinkKindRoundTrips() throws {
        let targets: [LinkTarget] = [.agreement(id: "a", title: "t"), .mention(name: "n", userID: nil),
                                     .mention(name: "n", userID: "u"), .topic(name: "t", id: nil), .topic(name: "t", id: "i"),
                                     .url, .email(address: "a@b.cn"), .phone(digits: "+8613800138000"),
                                     .phone(digits: "02112345678", extension: "801"), .action(name: "expand"),
                                     .appFilled(placeholder: "%1$s"), .appHandled(fragment: "faq"), .appHandled(fragment: "")]
        for target in targets {
            let doc = Document(text: "x", links: [Link(text: "x", range: Self.range(0, 1, 0, 1, 0, 1),
                                                       url: target == .url ? "https://e.com" : nil, target: target)])
            let decoded = try Document(jsonData: Data(doc.jsonBytes()))
            XCTAssertEqual(decoded, doc, "\(target)")
            XCTAssertEqual(decoded.links.first?.kind, target.kind)
        }
    }

    /// Links open with their kind under one capacity check and without the escaping
    /// scan (`DocumentJSON.writeLinkOpening`): every kind name must be a plain word.
    func testKindNamesNeedNoEscaping() {
        for kind in LinkKind.allCases {
            XCTAssert(!kind.rawValue.isEmpty && kind.rawValue.utf8.allSatisfy { (0x61...0x7A).contains($0) }, kind.rawValue)
        }
        let two = Document(text: "ab", links: [
            Link(text: "a", range: Self.range(0, 1, 0, 1, 0, 1), url: "https://e.com", target: .url),
            Link(text: "b", range: Self.range(1, 1, 1, 1, 1, 1), url: nil, target: .action(name: "go")),
        ])
        XCTAssert(String(decoding: two.jsonBytes(), as: UTF8.self).contains(
            #""url":"https://e.com"},{"kind":"action","text":"b","range""#))
        // The writer spells each kind's name out: it must be the raw value.
        for kind in LinkKind.allCases {
            let target = LinkTarget(kind: kind, member: { _ in nil }, requiredMember: { _ in "x" })
            let json = Document(text: "x", links: [Link(text: "x", range: Self.range(0, 1, 0, 1, 0, 1), url: nil, target: target)]).jsonBytes()
            XCTAssert(String(decoding: json, as: UTF8.self).contains(#"{"kind":"\#(kind.rawValue)","text":"x","range""#), kind.rawValue)
        }
    }

    func testRejectsAnotherVersion() {
        let json = #"{"version":2,"text":"","links":[],"styles":[],"paragraphs":[]}"#
        XCTAssertThrowsError(try Document(jsonData: Data(json.utf8))) { error in
            XCTAssert("\(error)".contains("version 2"), "\(error)")
        }
    }

    func testEmptyDocumentJSON() {
        XCTAssertEqual(String(decoding: Document.empty.jsonBytes(), as: UTF8.self),
                       #"{"version":1,"text":"","links":[],"styles":[],"paragraphs":[]}"#)
    }

    func testAttributedStringCarriesLinksAndPayloads() {
        let attributed = Self.sample.attributedString()
        XCTAssertEqual(String(attributed.characters), Self.sample.text)
        var linkedTexts: [String] = []
        var urls: [URL?] = []
        var kinds: [LinkKind] = []
        var targets: [LinkTarget] = []
        for run in attributed.runs {
            guard let kind = run[LinkDocAttributes.LinkKindKey.self] else { continue }
            linkedTexts.append(String(attributed[run.range].characters))
            urls.append(run.link)
            kinds.append(kind)
            if let target = run[LinkDocAttributes.LinkTargetKey.self] { targets.append(target) }
        }
        XCTAssertEqual(linkedTexts, ["《用户协议》", "@小明"])
        XCTAssertEqual(urls, [URL(string: "https://example.com/terms"), nil], "a link without a URL has no link attribute")
        XCTAssertEqual(kinds, [.agreement, .mention])
        XCTAssertEqual(targets, [.agreement(id: "terms", title: "用户协议"), .mention(name: "小明", userID: "u_1")])

        let first = attributed.runs.first!
        XCTAssertEqual(String(attributed[first.range].characters), "😀")
        XCTAssertEqual(first[LinkDocAttributes.StyleKey.self]?.bold, true)
        XCTAssertEqual(first[LinkDocAttributes.StyleKey.self]?.color, "#ff0000")
        XCTAssertEqual(first[LinkDocAttributes.AttachmentKey.self]?.alt, "a")
    }

    func testScopeIsReachableByDynamicMember() {
        var attributed = AttributedString("x")
        attributed.linkDoc.linkKind = .topic
        XCTAssertEqual(attributed.runs.first?[LinkDocAttributes.LinkKindKey.self], .topic)
    }
}
