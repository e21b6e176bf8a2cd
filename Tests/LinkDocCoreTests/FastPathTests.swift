@testable import LinkDocCore
@testable import LinkDocBase
import LinkDocModel
import XCTest
import LinkDocTestSupport

/// The byte-level fast paths of the parse and resolve stages against the general forms they
/// stand for, on the inputs where the two could part: combining marks after a colon or a
/// prefix, case, non-ASCII letters that lowercase to ASCII, canonically equivalent strings.
final class FastPathTests: XCTestCase {
    /// `count` texts of fewer than `limit` pieces drawn from `pieces` (the same ones for a seed),
    /// each with its source text.
    private static func sources(of pieces: [String], fewerThan limit: Int, count: Int, seed: UInt64) -> [(String, SourceText)] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let text = (0..<generator.next(limit)).map { _ in pieces[generator.next(pieces.count)] }.joined()
            return (text, try! SourceText(name: "t", bytes: Array(text.utf8)))
        }
    }

    private let targets = [
        "agreement:terms", "AGREEMENT:terms", "User:u_1", "topic:ios", "action:expand", "https://a.example/x:y",
        "a:\u{301}b", ":x", "x:", "", "nocolon", "\u{212A}:x", "İ:x", "用户:1", "user\u{301}:1", "user:\u{301}",
        "www.example.com", "WWW.example.com", "www.\u{301}x", "ww", "MAILTO:a@b.example", "mailto:", "mailto",
        "mailto:\u{308}a@b.example", "Mai\u{212A}lto:x", "MAİLTO:x", "wWw.", "www:x", "a:b:c", "\u{301}:a",
    ]

    func testDirectiveSearchIsTheStringSearch() {
        let pieces = ["<", "<!--", "<!-", "-->", " ", "\n", "linkdoc-disable-next-line", "linkdoc-disable-next-lin", "l", "<b>",
                      "用户", "a", "!--", "<<!--", "--", ",", "\t"]
        for (text, source) in Self.sources(of: pieces, fewerThan: 8, count: 4000, seed: 32) {
            // Some comment whose first word is the marker (the lines' own reading takes the first
            // comment of a line only: this is the wider condition the search stands for).
            let expected = text.components(separatedBy: "<!--").dropFirst().contains {
                $0.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" }).first?.hasPrefix("linkdoc-disable-next-line") ?? false
            }
            XCTAssertEqual(Suppressions.mayHoldDirective(source.bytes), expected, text.debugDescription)
        }
    }

    func testSliceWalkIsTheIteration() {
        var generator = SystemRandomNumberGenerator()
        for count in 0..<6 {
            for _ in 0..<20 {
                var slices = TextSlices()
                for _ in 0..<count {
                    let start = Int.random(in: 0..<100, using: &generator)
                    slices.append(start..<start + Int.random(in: 0..<8, using: &generator))
                }
                var walked: [Range<Int>] = []
                slices.forEachSlice { walked.append($0) }
                XCTAssertEqual(walked, Array(slices))
                XCTAssertEqual(slices.byteCount, slices.reduce(0) { $0 + $1.count })
            }
        }
    }

    func testTypedTargetSplitMatchesTheStringForm() {
        for target in targets {
            let expected = target.firstIndex(of: ":").map {
                (target[..<$0].lowercased(), String(target[target.index(after: $0)...]))
            }
            let got = ExplicitTarget.splitAtColon(target)
            XCTAssertEqual(got?.prefix, expected?.0, target.debugDescription)
            XCTAssertEqual(got.map { String(target[$0.valueStart...]) }, expected?.1, target.debugDescription)
        }
    }

    func testLowercasedPrefixMatchesTheStringForm() {
        for target in targets {
            XCTAssertEqual(ExplicitTarget.hasLowercasedPrefix(target, "www."), target.lowercased().hasPrefix("www."), target.debugDescription)
            XCTAssertEqual(ExplicitTarget.hasLowercasedPrefix(target, "mailto:"), target.lowercased().hasPrefix("mailto:"),
                           target.debugDescription)
        }
    }

    func testExactStringKeysAreBytesNotCanonicalEquivalence() {
        let composed = "caf\u{E9}", decomposed = "cafe\u{301}"
        XCTAssertEqual(composed, decomposed)  // as String: canonically equivalent
        XCTAssertNotEqual(ExactString(composed), ExactString(decomposed))
        var table: [ExactString: Int] = [ExactString(composed): 1]
        XCTAssertNil(table[ExactString(decomposed)])
        table[ExactString(decomposed)] = 2
        XCTAssertEqual(table.count, 2)
        XCTAssertEqual(table[ExactString(String(decoding: Array(composed.utf8), as: UTF8.self))], 1)
        // Small (inline) and large strings, and a substring made a string, hash alike.
        for s in ["", "a", "用户协议", String(repeating: "隐私政策", count: 20)] {
            XCTAssertEqual(ExactString(s), ExactString(String(("x" + s).dropFirst())))
            XCTAssertEqual(ExactString(s).hashValue, ExactString(String(("x" + s).dropFirst())).hashValue)
        }
    }

    func testURLChecksAreTheSameCachedOrNot() {
        let validator = URLValidator(allowedSchemes: ["https", "http", "mailto"], knownURLs: ["https://example.com/terms"])
        for url in ["https://example.com/terms", "https://例子.公司/隐私 政策", "javascript:alert(1)", "http://insecure.example",
                    "https://e\u{301}.example", "https://\u{E9}.example"] {
            let first = validator.check(url), second = validator.check(url)
            XCTAssertEqual(first.url, second.url, url)
            XCTAssertEqual(first.problems, second.problems, url)
            let fresh = URLValidator(allowedSchemes: ["https", "http", "mailto"]).check(url)
            XCTAssertEqual(first.url, fresh.url, url)
            XCTAssertEqual(first.problems, fresh.problems, url)
        }
        // Canonically equivalent URLs are checked as the bytes they are.
        let composed = validator.check("https://\u{E9}.example/a"), decomposed = validator.check("https://e\u{301}.example/a")
        let freshDecomposed = URLValidator(allowedSchemes: ["https"]).check("https://e\u{301}.example/a")
        XCTAssertEqual(decomposed.url, freshDecomposed.url)
        XCTAssertEqual(decomposed.problems, freshDecomposed.problems)
        _ = composed
    }

    func testMailtoURLsAreTheSameCachedOrNot() {
        let validator = URLValidator(allowedSchemes: ["mailto"])
        for address in ["dpo@example.com", "a@例子.公司", "a@-bad-.example", "a@e\u{301}.example", "a@\u{E9}.example"] {
            let first = validator.mailto(address), second = validator.mailto(address)
            XCTAssertEqual(first, second, address)
            XCTAssertEqual(first, URLValidator(allowedSchemes: ["mailto"]).mailto(address), address)
        }
    }

    /// Without excerpts a document's diagnostics are the same but for `sourceLine`.
    func testCompilingWithoutExcerptsChangesOnlyTheExcerpts() {
        let compiler = Compiler(manifest: Manifest(agreements: ["用户协议": .init(title: "用户协议", id: "terms", url: "https://example.com/t")]))
        let text = "请阅读《新条款》和《用户协议》\n[点我](javascript:alert(1)) http://insecure.example <b>x</b><blink>y</blink>"
        let full = compiler.compile(Array(text.utf8), name: "t"), bare = compiler.compile(Array(text.utf8), name: "t", excerpts: false)
        XCTAssertEqual(full.document, bare.document)
        XCTAssertFalse(full.diagnostics.isEmpty)
        XCTAssertEqual(full.diagnostics.map { d -> Diagnostic in
            var d = d
            d.sourceLine = nil
            d.sourceLineColumn = nil
            return d
        }, bare.diagnostics)
        XCTAssert(full.diagnostics.allSatisfy { $0.sourceLine != nil })
    }

    func testByteStringTableHoldsExactlyItsMembers() {
        let members: Set<[UInt8]> = Set(["用户协议", "隐私政策", "a", "ab", "ba", "用户协议 ", "e\u{301}"].map { Array($0.utf8) })
        let table = ByteStringTable(members: members)
        for probe in ["用户协议", "隐私政策", "a", "ab", "ba", "用户协议 ", "e\u{301}", "\u{E9}", "", "b", "用户", "用户协议用户协议", "aab"] {
            let bytes = Array(probe.utf8)
            XCTAssertEqual(bytes.withUnsafeBufferPointer { table.contains($0) }, members.contains(bytes), probe)
        }
        XCTAssertFalse(Array("x".utf8).withUnsafeBufferPointer { ByteStringTable(members: []).contains($0) })
        // With values: each key finds its own, among many that share buckets.
        let pairs = (0..<100).map { (Array("标题\($0)".utf8), $0) }
        let values = ByteStringTable(pairs)
        for (key, value) in pairs { XCTAssertEqual(key.withUnsafeBufferPointer { values[$0] }, value) }
        XCTAssertNil(Array("标题100".utf8).withUnsafeBufferPointer { values[$0] })
    }

    /// The tables' hash reads every byte and the length: keys one byte apart, one zero byte longer,
    /// or of every length up to past two words, all hash apart, and spread over a table's slots.
    func testByteKeyHashSeparatesNearKeysAndSpreadsThem() {
        var keys: Set<[UInt8]> = []
        let base = Array("https://example.com/help/中文?q=1".utf8)
        for length in 0...base.count {
            let key = Array(base.prefix(length))
            keys.insert(key)
            keys.insert(key + [0])
            keys.insert(key + [0, 0])
            for position in 0..<length {
                for delta: UInt8 in [1, 0x80] {
                    var changed = key
                    changed[position] &+= delta
                    keys.insert(changed)
                }
            }
        }
        let hashes = keys.map { key in key.withUnsafeBufferPointer { ByteKeyHash.hash($0) } }
        XCTAssertEqual(Set(hashes).count, keys.count, "two of \(keys.count) near keys hash alike")
        // 1,024 keys that differ in their last digits, in a table of 1,024 slots: a hash that ignored
        // some bytes would crowd them into a few.
        let slots = Set((0..<1024).map { k in
            Array("https://example.com/a/\(k)".utf8).withUnsafeBufferPointer { ByteKeyHash.slot(ByteKeyHash.hash($0), mask: 1023) }
        })
        XCTAssertGreaterThan(slots.count, 550)
    }

    func testASCIISetHoldsExactlyItsMembers() {
        let set = ASCIISet("+-./:_@#%&=$?!~\u{7F}\0")
        let members = Set("+-./:_@#%&=$?!~\u{7F}\0".utf8)
        for b in 0...255 { XCTAssertEqual(set.contains(UInt8(b)), members.contains(UInt8(b)), "\(b)") }
    }

    /// `ExactStringTable` (open addressing by `ByteKeyHash`) against a `Dictionary` keyed by
    /// `ExactString`, through inserts, overwrites, removals, growth and emptying.
    func testExactStringTableAgreesWithADictionary() {
        var generator = SystemRandomNumberGenerator()
        let keys = (0..<300).map { "k\($0)" } + ["é", "e\u{301}", "", "用户", "https://a.example/x"]
        var table = ExactStringTable<Int>()
        var reference: [ExactString: Int] = [:]
        for step in 0..<20_000 {
            let key = ExactString(keys.randomElement(using: &generator)!)
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<6: table[key] = step; reference[key] = step
            case 6..<9: table[key] = nil; reference[key] = nil
            default: if step % 97 == 0 { table.removeAll(); reference.removeAll() }
            }
            XCTAssertEqual(table[key], reference[key], key.string)
            XCTAssertEqual(table.count, reference.count)
        }
        for key in keys.map(ExactString.init) { XCTAssertEqual(table[key], reference[key], key.string) }
    }

    /// The resolver reports book titles and notes first, links next and HTML images last, and
    /// sorts only when that order is not the source order: either way the result is in order.
    func testDiagnosticsComeInSourceOrder() {
        for text in ["[x](javascript:1) 《会员协议》 [](a) [y](ftp://b) 《服务条款》",
                     "<b>a</b> [x](javascript:1) <img src=\"javascript:2\"> 《会员协议》 <blink>b</blink>",
                     "《会员协议》 [x](javascript:1)", "plain"] {
            let result = Compiler().compile(text)
            let offsets = result.diagnostics.map { $0.location?.offset ?? 0 }
            XCTAssertEqual(offsets, offsets.sorted(), text)
            if text != "plain" { XCTAssertGreaterThan(offsets.count, 1, text) }
        }
    }

    /// The plain-text scan steps over the CJK punctuation that `InlineParser.isInertCJKPunctuation`
    /// accepts without asking `construct`: at every such sequence, in contexts where a number, a
    /// title or a link could follow, no construct starts.
    func testInertCJKPunctuationStartsNoConstruct() {
        let options = ParseOptions(agreementTitles: ["用户协议"])
        let prefixes: [[UInt8]] = [[], Array("电话".utf8), Array(" ".utf8)]
        let suffixes: [[UInt8]] = [Array("13800138000".utf8), Array("010）12345678".utf8), Array("86 138 0013 8000".utf8),
                                   Array("用户协议》".utf8), Array("https://example.com".utf8), []]
        var inert = 0
        for b0: UInt8 in [0xE3, 0xEF] {
            for b1: UInt8 in 0x80...0xBF {
                for b2: UInt8 in 0x80...0xBF where InlineParser.isInertCJKPunctuation(b0, b1, b2) {
                    inert += 1
                    for prefix in prefixes {
                        for suffix in suffixes {
                            let bytes = prefix + [b0, b1, b2] + suffix
                            XCTAssertFalse(InlineParser.constructStarts(in: bytes, at: prefix.count, options: options),
                                           String(decoding: bytes, as: UTF8.self))
                        }
                    }
                }
            }
        }
        XCTAssertEqual(inert, 2 * 64 * 64 - 1 - 12)
        // The sequences it leaves to `construct` do start one.
        for (text, at) in [("《用户协议》", 0), ("（010）12345678", 0), ("＋86 138 0013 8000", 0), ("０１０-12345678", 0)] {
            XCTAssertTrue(InlineParser.constructStarts(in: Array(text.utf8), at: at, options: options), text)
        }
        XCTAssertFalse(InlineParser.isInertCJKPunctuation(UInt8(ascii: "a"), 0x80, 0x80))
    }

    /// The plain-text scan steps over an `h`, `w` or digit inside a word or a number without asking
    /// `construct` (`InlineParser.continuesWord`): at every such byte, before whatever could make
    /// it a URL or a phone number, no construct starts.
    func testBytesThatContinueAWordStartNoConstruct() {
        let options = ParseOptions(agreementTitles: ["用户协议"])
        let suffixes: [[UInt8]] = [Array("ttp://example.com".utf8), Array("ttps://example.com/a".utf8), Array("ww.example.com".utf8),
                                   Array("13800138000".utf8), Array("3800138000".utf8), Array("0-12345678".utf8),
                                   Array(" 138 0013 8000".utf8), Array("://example.com".utf8), []]
        var continuing = 0
        for previous: UInt8 in 0...127 {
            for b: UInt8 in 0...255 where InlineParser.continuesWord(b, after: previous) {
                continuing += 1
                for prefix in [[previous], Array("电话".utf8) + [previous], Array(" +8".utf8) + [previous]] {
                    for suffix in suffixes {
                        let bytes = prefix + [b] + suffix
                        XCTAssertFalse(InlineParser.constructStarts(in: bytes, at: prefix.count, options: options),
                                       String(decoding: bytes, as: UTF8.self))
                    }
                }
            }
        }
        XCTAssertEqual(continuing, 62 * 14)
        // After anything else, the same bytes do start one.
        for text in [" https://example.com", "。www.example.com", " 13800138000", "-https://example.com"] {
            XCTAssertTrue(InlineParser.constructStarts(in: Array(text.utf8), at: text.utf8.count - text.drop { !$0.isLetter && !$0.isNumber }.utf8.count,
                                                       options: options), text)
        }
    }

    /// The vector test of `Escaping.mayNeedSwiftEscaping` against its byte-by-byte form, with each
    /// candidate byte at each position of strings around the vector width.
    func testSwiftEscapingCandidatesMatchTheBytewiseForm() {
        let candidates: [UInt8] = [0x00, 0x0A, 0x1F, 0x20, 0x22, 0x5C, 0x7E, 0x7F, 0x80, 0xC2, 0xD8, 0xE2, 0xE3]
        for length in [0, 1, 15, 16, 17, 31, 32, 33, 48] {
            for position in 0..<max(length, 1) {
                for candidate in candidates {
                    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    if length > 0 { bytes[position] = candidate }
                    // Lone lead and continuation bytes would be repaired into U+FFFD (EF BF BD): the
                    // string's own bytes are what both forms read.
                    let text = String(decoding: bytes, as: UTF8.self)
                    for quotes in [false, true] {
                        let expected = Array(text.utf8).withUnsafeBufferPointer {
                            Escaping.bytewiseMayNeedSwiftEscaping($0, quotes: quotes)
                        }
                        XCTAssertEqual(Escaping.mayNeedSwiftEscaping(text, quotes: quotes), expected,
                                       "\(length) \(position) \(candidate) \(quotes)")
                    }
                }
            }
        }
        XCTAssertFalse(Escaping.mayNeedSwiftEscaping(String(repeating: "用户协议 and more", count: 4), quotes: true))
        XCTAssertTrue(Escaping.mayNeedSwiftEscaping(String(repeating: "用户协议 and more", count: 4) + "\u{2028}", quotes: false))
        // The bidi controls, whose lead bytes are 0xE2 and (U+061C) 0xD8, in the vector part and after it.
        for control in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"] {
            for text in [control + String(repeating: "a", count: 40), String(repeating: "a", count: 40) + control] {
                XCTAssertTrue(Escaping.mayNeedSwiftEscaping(text, quotes: false), text.unicodeScalars.map(\.value).description)
            }
        }
        XCTAssertEqual(Escaping.swiftEscaped("访问\u{202E}moc.elpmaxe\u{202C}", quotes: false), "访问\\u{202E}moc.elpmaxe\\u{202C}")
        XCTAssertEqual(Escaping.swiftEscaped("مرحبا\u{061C}", quotes: false), "مرحبا\\u{61C}")
    }

    /// A topic's display (its name is the display between the hashes), which skips the escape
    /// scans when the name holds no backslash, against the plain form: the topic's bytes with
    /// the backslash of each escape removed. The names mix escapes, lone backslashes and bytes that are not UTF-8 (over which
    /// the topic scan steps as over a whole sequence).
    func testTopicNamesMatchThePlainEscapeRemoval() {
        let pieces: [[UInt8]] = [Array("a".utf8), Array("话题".utf8), Array("\\#".utf8), Array("\\@".utf8), Array("\\\\".utf8),
                                 Array("\\".utf8), Array("\\x".utf8), Array("\\《".utf8), Array(" ".utf8), [0xE4], [0xF0], [0xC3]]
        let escapable = Set("@#[]()<>&\\".utf8)
        func plain(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            var out: [UInt8] = []
            var i = bytes.startIndex
            while i < bytes.endIndex {
                if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.endIndex {
                    let next = bytes[i + 1]
                    if escapable.contains(next) { out.append(next); i += 2; continue }
                    if next == 0xE3, i + 3 < bytes.endIndex, bytes[i + 2] == 0x80, bytes[i + 3] == 0x8A || bytes[i + 3] == 0x8B {
                        i += 1
                        continue
                    }
                }
                out.append(bytes[i])
                i += 1
            }
            return out
        }
        var generator = SeededGenerator(seed: 23)
        var topics = 0, escaped = 0
        for _ in 0..<3000 {
            var bytes = Array("x #".utf8)
            for _ in 0..<(1 + generator.nextBits() % 5) { bytes += pieces[generator.nextBits() % pieces.count] }
            bytes += Array("# y".utf8)
            var workspace = CompileWorkspace()
            let parsed = workspace.parse(bytes, options: ParseOptions())
            for link in parsed.links {
                guard case .topic = link.kind else { continue }
                topics += 1
                let source = link.source
                if bytes[source].contains(UInt8(ascii: "\\")) { escaped += 1 }
                XCTAssertEqual(link.display.flatMap { bytes[$0] }, plain(bytes[source]), "\(bytes)")
            }
        }
        XCTAssertGreaterThan(topics, 500)
        XCTAssertGreaterThan(escaped, 100)
    }

    /// A bare URL is ruled out by its second letter before its prefix is compared: wherever an `h`
    /// or `w` starts one of `http://`, `https://` or `www.` (in any case) and a host follows, a URL
    /// starts there; anywhere else none does.
    func testBareURLStartsExactlyAtItsPrefixes() {
        let pieces = ["h", "H", "t", "T", "tp", "tP", "http", "HTTP", "hTtPs", "s", "S", ":", "/", "//", "://", ":/",
                      "w", "W", "ww", "www", "WwW", ".", "x", " ",
                      "http://", "hTTps://", "www.", "Www."].map { Array($0.utf8) }
        var generator = SeededGenerator(seed: 31)
        var urls = 0
        for _ in 0..<4000 {
            var bytes: [UInt8] = [0x20]
            for _ in 0..<(1 + generator.nextBits() % 4) { bytes += pieces[generator.nextBits() % pieces.count] }
            if generator.nextBits() % 2 == 0 { bytes += Array("example.com".utf8) }
            let lowered = bytes.map { ASCII.lower($0) }
            for i in bytes.indices where "hHwW".utf8.contains(bytes[i]) {
                let rest = lowered[i...]
                let hasPrefix = ["https://", "http://", "www."].contains { rest.starts(with: $0.utf8) }
                let starts = InlineParser.constructStarts(in: bytes, at: i, options: ParseOptions())
                if !hasPrefix { XCTAssertFalse(starts, "\(String(decoding: bytes, as: UTF8.self)) at \(i)") }
                // After a space and before a host, a prefix starts a URL.
                let prefixLength = rest.starts(with: "https://".utf8) ? 8 : rest.starts(with: "http://".utf8) ? 7 : 4
                if hasPrefix && bytes[i - 1] == 0x20 && rest.dropFirst(prefixLength).starts(with: "example.com".utf8) {
                    XCTAssertTrue(starts, "\(String(decoding: bytes, as: UTF8.self)) at \(i)")
                    urls += 1
                }
            }
        }
        XCTAssertGreaterThan(urls, 50)
    }

    /// The masks of `InlineParser.isPlainPathByte` against the bytes they stand for.
    func testPlainPathBytesAreThePrintableASCIIThatEndNoURLAndAreNoBracket() {
        let excluded = Set("<>\"`()[]{}".utf8)
        for b in 0...255 {
            let byte = UInt8(b)
            XCTAssertEqual(InlineParser.isPlainPathByte(byte), (0x21...0x7E).contains(byte) && !excluded.contains(byte), "\(b)")
        }
    }

    /// A document in which the parser finds nothing to resolve skips the resolver
    /// (`CompileWorkspace.plainText`): the same display text and work as a resolver's, with no links and
    /// no diagnostics, on texts of escapes, near-constructs, line breaks and other scripts.
    func testPlainTextIsWhatTheResolverMakes() {
        let pieces = ["a", " ", "\n", "\\", "\\#", "\\@", "\\[", "[", "]", "(", ")", "[x]", "#", "@", "+", "《", "》",
                      "用户", "😀", "e\u{301}", "\u{1F1E8}\u{1F1F3}", "<", ">", "h", "www", "http", "0", "12",
                      "[a](", "#x#", "@bob", "https://e.example", "《用户协议》", "a@b.example"]
        let context = CompilerContext(.empty)
        var plain = 0, other = 0
        for (text, source) in Self.sources(of: pieces, fewerThan: 8, count: 3000, seed: 41) {
            var fast = CompileWorkspace(), general = CompileWorkspace()
            let parsed = fast.parse(source.bytes, options: context.copyParseOptions)
            guard parsed.isPlainText else { other += 1; continue }
            plain += 1
            let workBefore = fast.work
            let got = fast.plainText(parsed, input: source.bytes)

            var reparsed = general.parse(source.bytes, options: context.copyParseOptions)
            let generalBefore = general.work
            var resolver = general.resolver(input: source.bytes, inputToSource: .identity, context: context,
                                            detectors: context.copyParseOptions.detectors)
            resolver.resolve(&reparsed, memo: &general.meanings)
            let expected = general.finish(&resolver, source: source)
            XCTAssertEqual(got, expected.text, text.debugDescription)
            XCTAssertTrue(expected.links.isEmpty, text.debugDescription)
            XCTAssertTrue(expected.diagnostics.isEmpty, text.debugDescription)
            XCTAssertEqual(fast.work - workBefore, general.work - generalBefore, text.debugDescription)
        }
        XCTAssertGreaterThan(plain, 500)
        XCTAssertGreaterThan(other, 500)
    }

    /// A document without links, styles or images counts its paragraphs' positions on the way
    /// (`PositionCounter`), with no table: the same ranges as a `PositionTable` of every edge.
    func testParagraphsWithoutLinksAreTheTablesPositions() {
        let pieces = ["a", " ", "\n", "\n\n", "é", "中", "😀", "👨‍👩‍👧", "e\u{301}", "\u{10FFFF}", "《"]
        var generator = SeededGenerator(seed: 43)
        for _ in 0..<2000 {
            let bytes = Array((0..<generator.next(12)).map { _ in pieces[generator.next(pieces.count)] }.joined().utf8)
            var workspace = CompileWorkspace()
            let document = workspace.assemble(text: bytes, links: [])

            let breaks = DocumentAssembler.lineStarts(bytes)
            var table = PositionTable(bytes: bytes, ascending: [0] + breaks + [bytes.count])
            var expected: [TextRange] = []
            var start = 0
            for end in breaks + [bytes.count] where end > start {
                expected.append(table.range(start, end))
                start = end
            }
            XCTAssertEqual(document.paragraphs, expected, "\(bytes)")
            XCTAssertTrue(document.links.isEmpty && document.styles.isEmpty && document.attachments.isEmpty)
            XCTAssertEqual(document.text, bytes)
        }
    }

    /// Link edges and line starts are counted in one merged pass (`ParagraphPass`), with no table,
    /// and styles get a table of their own: the links and paragraphs must be those of the plain
    /// path, each draft widened and kept unless it overlaps the one before, and every edge looked
    /// up in a `PositionTable` of all of them. The texts have line breaks inside and between links,
    /// other scripts, and link edges inside clusters (widened, and a link dropped when it then
    /// overlaps the one before); each is assembled without a style and with one.
    func testLinksAndParagraphsAreTheTablesPositions() {
        let pieces = ["a", " ", "\n", "\n\n", "中", "é", "😀", "👨‍👩‍👧", "\u{301}", "[x](https://e.example)", "[\n](https://e.example)",
                      "[中文](https://e.example)", "[😀](https://e.example)", "[e\u{301}](https://e.example)",
                      "[\u{301}y](https://e.example)", "[a\nb](https://e.example)", "https://e.example", "\u{10FFFF}"]
        let context = CompilerContext(.empty)
        var withLinks = 0, dropped = 0
        for (text, source) in Self.sources(of: pieces, fewerThan: 10, count: 2000, seed: 59) {
            var workspace = CompileWorkspace()
            var parsed = workspace.parse(source.bytes, options: context.copyParseOptions)
            var resolver = workspace.resolver(input: source.bytes, inputToSource: .identity, context: context,
                                              detectors: context.copyParseOptions.detectors)
            resolver.resolve(&parsed, memo: &workspace.meanings)
            let output = workspace.finish(&resolver, source: source)
            let bytes = output.text

            var segmenter = GraphemeAlignment.Segmenter(bytes: bytes)
            var kept: [(draft: Int, range: Range<Int>)] = []
            for (k, draft) in output.links.enumerated() {
                let range = GraphemeAlignment.widen(draft.utf8, in: &segmenter)
                if let last = kept.last, range.lowerBound < last.range.upperBound { continue }
                kept.append((k, range))
            }
            let breaks = DocumentAssembler.lineStarts(bytes)
            let edges = [0, bytes.count] + breaks + kept.flatMap { [$0.range.lowerBound, $0.range.upperBound] }
            var table = PositionTable(bytes: bytes, ascending: edges.sorted())
            let links = kept.map { table.range($0.range.lowerBound, $0.range.upperBound) }
            var paragraphs: [TextRange] = []
            var start = 0
            for end in breaks + [bytes.count] where end > start {
                paragraphs.append(table.range(start, end))
                start = end
            }
            if !kept.isEmpty { withLinks += 1 }
            if kept.count < output.links.count { dropped += 1 }

            for styled in [false, true] {
                var workspace = CompileWorkspace()
                let styles = styled ? [StyleSpan(range: 0..<bytes.count, style: TextStyle(bold: true))] : []
                let document = workspace.assemble(text: bytes, links: output.links, styles: styles)
                let label = "\(text.debugDescription), styled: \(styled)"
                XCTAssertEqual(document.links.map(\.draft), kept.map(\.draft), label)
                XCTAssertEqual(document.links.map(\.range), links, label)
                XCTAssertEqual(document.paragraphs, paragraphs, label)
                XCTAssertEqual(document.styles.map(\.range), styled ? [table.range(0, bytes.count)] : [], label)
                XCTAssertEqual(document.text, bytes, label)
            }
        }
        XCTAssertGreaterThan(withLinks, 1000)
        XCTAssertGreaterThan(dropped, 20)
    }

    /// Text without anchors or `[` is skimmed before a parser is made (`InlineParser.parse`): a
    /// document with nothing to parse is one piece without a parser, and any other is parsed on
    /// from where the skim stopped. Both must give what the parser alone gives, and count the same
    /// work, on texts of plain runs, CJK punctuation, escapes, constructs and brackets.
    func testSkimmedDocumentsParseAsTheParserAloneParsesThem() {
        let pieces = ["a", "xyz", " ", "\n", "。", "，", "「」", "用户", "😀", "é", "\\", "\\#", "[", "]", "[x](https://e.example)",
                      "#", "#t#", "@", "@bob", "h", "https://e.example", "www.e.example", "0", "12", "+", "(", "（", "＋", "０",
                      "《", "《用户协议》", "<", "<https://e.example>", "a@b.example", "\u{301}"]
        let options = CompilerContext(.empty).copyParseOptions
        var generator = SeededGenerator(seed: 47)
        var whole = 0, skimmedPart = 0
        for _ in 0..<4000 {
            let bytes = Array((0..<generator.next(9)).map { _ in pieces[generator.next(pieces.count)] }.joined().utf8)
            var skimmed = CompileWorkspace(), alone = CompileWorkspace()
            let got = skimmed.parse(bytes, options: options)
            let expected = alone.parse(bytes, options: options, skimming: false)
            let label = String(decoding: bytes, as: UTF8.self).debugDescription
            XCTAssertEqual(got.inlines, expected.inlines, label)
            XCTAssertEqual(got.links, expected.links, label)
            XCTAssertEqual(got.bookTitles, expected.bookTitles, label)
            XCTAssertEqual(got.notes, expected.notes, label)
            XCTAssertEqual(skimmed.work, alone.work, label)
            if !bytes.contains(UInt8(ascii: "[")) { if expected.isPlainText { whole += 1 } else { skimmedPart += 1 } }
        }
        XCTAssertGreaterThan(whole, 300)
        XCTAssertGreaterThan(skimmedPart, 300)
    }
}
