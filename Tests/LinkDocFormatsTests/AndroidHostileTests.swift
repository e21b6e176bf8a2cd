import Foundation
#if canImport(Glibc)
import Glibc
#endif
import LinkDocCore
import LinkDocFormats
import LinkDocModel
import XCTest

/// Android string resources that attack the reader (XXE, billion laughs) or
/// are broken: each fails safely, with diagnostics, in bounded time.
final class AndroidHostileTests: XCTestCase {
    func read(_ xml: String, name: String = "values/strings.xml") -> LocalizationFile {
        LocalizationFile.read(Array(xml.utf8), name: name, format: .androidStrings, language: "und")
    }

    func fixture(_ name: String) throws -> LocalizationFile {
        let path = "android/hostile/values/" + name
        return LocalizationFile.read(try Fixtures.bytes(path), name: path, format: .androidStrings, language: "und")
    }

    func rendered(_ file: LocalizationFile) -> [String] {
        file.diagnostics.map { "\($0.location!.line):\($0.location!.column) \($0.ruleID)" }
    }

    /// Everything a file's reading produced, as one string to search for leaks.
    func everything(_ file: LocalizationFile) -> String {
        let compiled = Fixtures.compiler.compile(file)
        return String(decoding: BundleWriter.bundle(compiled), as: UTF8.self) + compiled.diagnostics.map(\.message).joined()
    }

    func testXXEFileIsNeverRead() throws {
        let file = try fixture("xxe-file.xml")
        // The external entity and the parameter entity at their declarations, the parameter
        // entity's reference, and each reference to the external one.
        XCTAssertEqual(rendered(file), ["3:3 xml-entity", "4:3 xml-entity", "5:3 xml-entity", "8:36 xml-entity", "9:34 xml-entity"])
        XCTAssertEqual(file.value("leak"), "Your data:", "the reference stands for nothing")
        XCTAssertEqual(file.value("after"), "still read")
        XCTAssertFalse(everything(file).contains("root:"), "no /etc/passwd content")
        XCTAssert(file.diagnostics[3].message.contains("&xxe; is not expanded: it is an external entity"), file.diagnostics[3].message)
        XCTAssert(file.diagnostics[0].message.contains("never loaded"), file.diagnostics[0].message)

        // A file of our own with a marker: neither a general nor a parameter entity reads it.
        let secret = FileManager.default.temporaryDirectory.appendingPathComponent("linkdoc-secret-\(UUID().uuidString).txt")
        try Data("MARKER-7f3a9".utf8).write(to: secret)
        defer { try? FileManager.default.removeItem(at: secret) }
        let own = read("""
            <!DOCTYPE resources [<!ENTITY s SYSTEM "file://\(secret.path)"><!ENTITY % p SYSTEM "\(secret.path)"> %p;]>
            <resources><string name="a">&s;</string><string name="b" product="&s;">x</string></resources>
            """)
        XCTAssertFalse(everything(own).contains("MARKER"))
        XCTAssert(own.diagnostics.allSatisfy { $0.ruleID == RuleID.xmlEntity }, rendered(own).description)
    }

    func testXXENetworkIsNeverContacted() throws {
        // A listening socket on a free port: after reading a file whose entities
        // and DTD point at it, nobody has connected.
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        XCTAssert(bound)
        XCTAssertEqual(listen(listener, 8), 0)
        _ = fcntl(listener, F_SETFL, fcntl(listener, F_GETFL) | O_NONBLOCK)
        let port = UInt16(bigEndian: address.sin_port)

        let http = try String(decoding: Fixtures.bytes("android/hostile/values/xxe-http.xml"), as: UTF8.self)
            .replacingOccurrences(of: "127.0.0.1:9", with: "127.0.0.1:\(port)")
        let file = read(http)
        XCTAssertEqual(rendered(file), ["2:1 xml-entity", "3:3 xml-entity", "4:3 xml-entity", "5:3 xml-entity", "8:35 xml-entity"])
        XCTAssert(file.diagnostics[0].message.contains("external DTD"), file.diagnostics[0].message)
        XCTAssertEqual(file.value("fetch"), "Fetched:")
        XCTAssertEqual(file.value("after"), "still read")
        XCTAssertEqual(accept(listener, nil, nil), -1, "no connection was made")
        XCTAssertEqual(errno, EAGAIN)
    }

    func testBillionLaughsIsNotExpanded() throws {
        let start = Date()
        let file = try fixture("billion-laughs.xml")
        XCTAssertLessThan(Date().timeIntervalSince(start), 2, "bounded time: nothing expands")
        // The internal entities are declared well; &lol9; goes through ten levels of them.
        XCTAssertEqual(rendered(file), ["15:27 xml-entity"])
        XCTAssert(file.diagnostics[0].message.contains("more than 4 levels"), file.diagnostics[0].message)
        XCTAssertEqual(file.value("laughs"), "")
        XCTAssertEqual(file.value("after"), "still read")
        XCTAssertFalse(everything(file).contains("lollol"))

        // Over a million references to a one-byte entity: what the file's references add stops at
        // its bound, with one diagnostic at the first reference past it.
        let count = AndroidEntities.maxExpandedBytes + 50_000
        let prefix = "<!DOCTYPE r [<!ENTITY a \"x\">]><resources><string name=\"k\">"
        let many = read(prefix + String(repeating: "&a;", count: count) + "</string><string name=\"after\">&a;</string></resources>")
        XCTAssertEqual(many.value("k")?.utf8.count, AndroidEntities.maxExpandedBytes)
        XCTAssertEqual(many.value("after"), "", "every later reference stands for nothing")
        XCTAssertEqual(rendered(many), ["1:\(prefix.count + 3 * AndroidEntities.maxExpandedBytes + 1) xml-entity"])
        XCTAssert(many.diagnostics[0].message.contains("every later one stand for nothing"), many.diagnostics[0].message)
    }

    /// Escaped tags are paired in one pass: many that never close cost linear time, and stay text.
    func testManyUnclosedEscapedTagsStayLinear() {
        let n = 100_000
        let value = String(repeating: "&lt;b&gt;", count: n) + String(repeating: "&lt;/i&gt;", count: n) + String(repeating: "&lt;a ", count: n)
        let start = Date()
        let file = read("<resources><string name=\"k\">" + value + "</string></resources>")
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertLessThan(Date().timeIntervalSince(start), 20, "bounded time")
        XCTAssertEqual(compiled.strings.first?.document.text.count, 3 * n + 4 * n + 3 * n - 1, "all of it text (the last space trimmed)")
        XCTAssertEqual(compiled.strings.first?.document.styles, [])
    }

    func testDeepNestingStops() throws {
        let file = try fixture("deep.xml")
        XCTAssert(file.diagnostics.contains { $0.ruleID == RuleID.xmlSyntax && $0.message.contains("Excessive depth") },
                  file.diagnostics.map(\.message).description)
        XCTAssertEqual(file.value("deep"), String(repeating: "<b>", count: 255), "read up to where libxml2 stopped")
        XCTAssertNil(file.value("after"), "libxml2 does not go on after its depth limit")
    }

    func testMalformedFileRecovers() throws {
        let file = try fixture("unclosed.xml")
        XCTAssertEqual(file.strings.map(\.key), ["ok_1", "missing_end", "ok_2", "bare_amp", "mismatch", "ok_3"])
        XCTAssertEqual(file.value("missing_end"), "没有结束标签", "ended where the next <string> starts")
        XCTAssertEqual(file.value("bare_amp"), "Tom & Jerry")
        XCTAssertEqual(file.value("mismatch"), "错配")
        XCTAssertEqual(rendered(file), ["5:5 android-resource", "6:5 android-resource", "6:18 xml-syntax", "6:18 xml-syntax",
                                        "6:18 xml-syntax", "7:34 xml-syntax", "8:39 xml-syntax"])
        XCTAssertEqual(file.diagnostics[1].message, "<string> has no name attribute; it is skipped")
        XCTAssertEqual(file.diagnostics[5].message, "key \"bare_amp\" (und): malformed XML: xmlParseEntityRef: no name")
    }

    func testBadBytes() {
        // Invalid UTF-8 is repaired (invalid-encoding); NUL ends libxml2's reading.
        var bytes = Array("<resources><string name=\"a\">ok ".utf8) + [0xFF] + Array(" bad</string><string name=\"n\">x".utf8)
        bytes += [0x00] + Array("y</string><string name=\"lost\">z</string></resources>".utf8)
        let file = LocalizationFile.read(bytes, name: "values/strings.xml", format: .androidStrings, language: "und")
        XCTAssertEqual(file.value("a"), "ok \u{FFFD} bad")
        XCTAssertEqual(file.value("n"), "x")
        XCTAssertNil(file.value("lost"))
        XCTAssertEqual(rendered(file), ["1:32 invalid-encoding", "1:64 xml-syntax", "1:64 xml-syntax"], "at the NUL")
        // UTF-16 with a BOM reads like UTF-8 (the declaration's encoding is ignored).
        let units = Array("<?xml version=\"1.0\" encoding=\"utf-16\"?><resources><string name=\"a\">中文</string></resources>".utf16)
        let utf16: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        XCTAssertEqual(LocalizationFile.read(utf16, name: "values/strings.xml", format: .androidStrings, language: "und").value("a"), "中文")
    }

    func testFiveMegabyteValue() throws {
        var xml = Array("<resources><string name=\"big\">".utf8)
        xml += Array(repeating: UInt8(ascii: "a"), count: 5 << 20)
        xml += Array(" 《新条款》</string><string name=\"after\">ok</string></resources>".utf8)
        let file = LocalizationFile.read(xml, name: "values/strings.xml", format: .androidStrings, language: "und")
        XCTAssertEqual(file.strings.map(\.key), ["big", "after"])
        XCTAssertEqual(file.strings[0].value.count, (5 << 20) + 16)
        let compiled = Fixtures.compiler.compile(file)
        XCTAssertEqual(compiled.diagnostics.first?.location?.column, 31 + (5 << 20) + 1)
    }

    /// Random damage to a real file: never a crash or a hang, always the same result.
    func testMutatedFilesNeverCrash() throws {
        let original = try Fixtures.bytes(AndroidStringsTests.zhCN)
        var rng = SplitMix(seed: 42)
        for _ in 0..<300 {
            var bytes = original
            for _ in 0..<(1 + Int(rng.next() % 8)) {
                let at = Int(rng.next() % UInt64(bytes.count))
                switch rng.next() % 4 {
                case 0: bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(Array("<>&\"'\\]]>".utf8)[Int(rng.next() % 9)], at: at)
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int(rng.next() % 40)))
                }
                if bytes.isEmpty { bytes = [0x3C] }
            }
            let a = LocalizationFile.read(bytes, name: "values-zh-rCN/strings.xml", format: .androidStrings, language: "zh-CN")
            let b = LocalizationFile.read(bytes, name: "values-zh-rCN/strings.xml", format: .androidStrings, language: "zh-CN")
            XCTAssertEqual(a.strings.map(\.value), b.strings.map(\.value))
            _ = Fixtures.compiler.compile(a)
        }
    }
}

/// A small deterministic generator, so a failure can be replayed.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
