// Fuzz target `layout`: random documents × random requests × mutated font files, through the
// layout core as `linkdoc layout` and `layout --ndjson` drive it. Whatever the bytes: no crash, no
// hang; a request or document outside the documented bounds is refused with LayoutInputError
// (never laid out with nan or inf); a layout's numbers are finite, its lines cover the text in
// order without splitting a grapheme cluster, the token stays inside the view, a tap outside the
// view hits nothing, and its JSON parses and holds no nan or inf.
// Build and run: see Tests/Fuzz/README.md.
import Foundation
import LinkDocCore
import LinkDocLayout
import LinkDocModel

/// Reads the fuzz input from the front, one decision at a time; the rest is the text.
private struct Decisions {
    var bytes: ArraySlice<UInt8>
    mutating func byte() -> UInt8 { bytes.popFirst() ?? 0 }
    mutating func pick<T>(_ choices: [T]) -> T { choices[Int(byte()) % choices.count] }
    mutating func u16() -> Int { Int(byte()) << 8 | Int(byte()) }
}

private let fontFiles: [FontFile] = [.notoSansCJKSC, .notoColorEmoji, .dejaVuSans]
private let fonts: [OpenTypeFont] = fontFiles.compactMap { try? OpenTypeFont($0) }
private let dejaVuBytes: [UInt8] = (try? [UInt8](Data(contentsOf: URL(fileURLWithPath: FontFile.dejaVuSans.path)))) ?? []
private let mutatedFontPath = NSTemporaryDirectory() + "linkdoc-fuzz-layout-\(getpid()).ttf"
private let compiler = Compiler(manifest: FuzzManifests.rich)

/// DejaVu Sans with a few bytes of its tables (head, hhea, hmtx, cmap, maxp, OS/2, GSUB, GPOS…)
/// changed as the input says: the font's own numbers at their bounds.
private func mutatedFont(_ d: inout Decisions) -> OpenTypeFont? {
    guard dejaVuBytes.count > 12 else { return nil }
    var bytes = dejaVuBytes
    let tables = Int(bytes[4]) << 8 | Int(bytes[5])
    for _ in 0..<(1 + Int(d.byte() % 8)) {
        let table = Int(d.byte()) % max(tables, 1)
        let entry = 12 + 16 * table
        guard entry + 16 <= bytes.count else { continue }
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        let offset = u32(entry + 8), length = u32(entry + 12)
        guard length > 0, offset < bytes.count else { continue }
        let at = offset + d.u16() % min(length, 4096)
        guard at + 1 < bytes.count else { continue }
        let random = [d.byte(), d.byte()]
        let value: [UInt8] = d.pick([[0x80, 0x00], [0x7F, 0xFF], [0x00, 0x00], [0xFF, 0xFF], random])
        bytes[at] = value[0]
        bytes[at + 1] = value[1]
    }
    guard FileManager.default.createFile(atPath: mutatedFontPath, contents: Data(bytes)) else { return nil }
    return try? OpenTypeFont(FontFile(path: mutatedFontPath))
}

/// A number that is usually sensible and now and then at or past a bound.
private func number(_ d: inout Decisions, typical: [Double]) -> Double {
    d.pick(typical + [0, -1, .nan, .infinity, -.infinity, 1e308, 100_000, 100_000.5, 1e-300])
}

/// A document from the text: compiled from markup, or the text with links and styles at the
/// ranges the input gives (some outside the text).
private func document(_ text: String, _ d: inout Decisions) -> Document {
    if d.byte() % 2 == 0, let compiled = compiler.compile(Array(text.utf8), name: "fuzz", excerpts: false).document {
        return compiled
    }
    let count = text.utf16.count
    func range() -> TextRange {
        let location = d.byte() == 0xFF ? -1 : Int(d.byte()) % (count + 2)
        let length = d.byte() == 0xFE ? -3 : Int(d.byte()) % (count + 2)
        let span = TextSpan(location: location, length: length)
        return TextRange(utf16: span, scalars: span, utf8: span)
    }
    var links: [Link] = [], styles: [Style] = []
    for _ in 0..<Int(d.byte() % 6) { links.append(Link(text: "x", range: range(), url: "https://example.com", target: .url)) }
    for _ in 0..<Int(d.byte() % 4) { styles.append(Style(range: range(), bold: true)) }
    return Document(text: text, links: links, styles: styles)
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ text: String) {
    if !condition { fatalError("\(message()) — text \(text.debugDescription)") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLayout(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard !fonts.isEmpty else { fatalError("layout fuzz target: no font of \(fontFiles.map(\.path)) could be opened") }
    var d = Decisions(bytes: ArraySlice(UnsafeBufferPointer(start: data, count: size)))
    let fontChoice = d.byte()
    var set = FontSet(regular: fonts[Int(fontChoice) % fonts.count], bold: nil, fallbacks: Array(fonts.dropFirst()))
    if fontChoice % 4 == 3, let mutated = mutatedFont(&d) {
        set = FontSet(regular: mutated, bold: nil, fallbacks: d.byte() % 2 == 0 ? [] : fonts)
    }
    let width = number(&d, typical: [40, 120, 270, 375, 3]), size = number(&d, typical: [16, 13, 6, 40])
    var request = LayoutRequest(width: width, fonts: set, size: size)
    request.profile = d.pick([ViewProfile.label, .textView])
    request.baseDirection = d.pick(BaseDirection.allCases)
    request.alignment = d.pick(Alignment.allCases)
    request.lineBreakStrategy = d.pick([nil, LineBreakStrategy.none, .standard, .pushOut, .hangulWordPriority])
    request.maximumLines = d.pick([0, 0, 1, 2, 3, -1, Int.max])
    request.lineSpacing = number(&d, typical: [0, 0, 4])
    request.paragraphSpacing = number(&d, typical: [0, 0, 8])
    request.lineHeightMultiple = number(&d, typical: [0, 0, 1.5])
    if d.byte() % 8 == 0 {
        let top = number(&d, typical: [8]), right = number(&d, typical: [12])
        request.insets = EdgeInsets(top: top, left: 0, bottom: 0, right: right)
    }
    request.language = d.pick(["zh-Hans", "en", "ar", "he", "th", "ko", "ja", ""])
    request.truncationToken = TruncationToken(text: d.pick(["…", "…展开", "…more", "…📖", String(repeating: "展", count: 40), ""]), action: "expand")
    let text = String(decoding: d.bytes, as: UTF8.self)
    let document = document(text, &d)

    let layout: TextLayout
    do {
        layout = try Typesetter.layout(document, request)
    } catch {
        check(!error.name.isEmpty && !error.message.isEmpty, "an unnamed refusal", text)
        return 0
    }
    // What was laid out: the document's text (markup compiled away), not the input's.
    let shown = document.text
    let units = Array(shown.utf16)
    check(layout.height.isFinite && layout.height >= 0, "height \(layout.height)", text)
    var starts = Set<Int>([units.count]), offset = 0
    for character in shown { starts.insert(offset); offset += character.utf16.count }
    var expected = 0
    for line in layout.lines {
        check(line.range.lowerBound == expected, "lines not contiguous at \(line.range)", text)
        check(starts.contains(line.range.lowerBound) && starts.contains(line.range.upperBound), "line \(line.range) splits a cluster", text)
        check([line.rect.x, line.rect.y, line.rect.width, line.rect.height, line.baseline].allSatisfy(\.isFinite), "line \(line)", text)
        expected = line.range.upperBound
    }
    if !layout.isTruncated && request.maximumLines == 0 && !layout.lines.isEmpty {
        check(expected == units.count, "the lines end at \(expected) of \(units.count)", text)
    }
    if let token = layout.token {
        check(token.rect.x >= -1e-6 && token.rect.maxX <= request.width + 1e-6, "token \(token.rect) outside the view \(request.width)", text)
    }
    for geometry in layout.links {
        for rect in geometry.rects { check([rect.x, rect.y, rect.width, rect.height].allSatisfy(\.isFinite) && rect.width >= 0, "link rect \(rect)", text) }
    }
    for point in [Point(x: -0.5, y: 5), Point(x: request.width + 0.5, y: 5), Point(x: 5, y: layout.height + 0.5)] {
        check(layout.hitTest(point, tolerance: 10) == nil, "a tap outside the view at \(point) hit", text)
    }
    var hits: [Point] = []
    for _ in 0..<Int(d.byte() % 4) { hits.append(Point(x: Double(d.u16()) / 100, y: Double(d.u16()) / 100)) }
    guard let json = try? LayoutJSON.write(layout, document: document, request: request, hits: hits, tolerance: 2) else {
        fatalError("the JSON of a layout with in-bounds hits was refused — text \(text.debugDescription)")
    }
    let written = String(decoding: json, as: UTF8.self)
    check(!written.contains("nan") && !written.contains("inf"), "non-finite JSON: \(written)", text)
    check((try? JSONSerialization.jsonObject(with: Data(json))) != nil, "invalid JSON: \(written)", text)
    if fontChoice % 16 == 1, layout.height * 2 < 4000, request.width * 2 < 4000 {
        _ = try? PreviewRenderer.render(layout, document: document, request: request, scale: 2).pngData()
    }
    if fontChoice % 8 == 5 {  // determinism: the same input, the same bytes
        let again = try? LayoutJSON.write(try Typesetter.layout(document, request), document: document, request: request, hits: hits, tolerance: 2)
        check(again == json, "a second layout of the same input differs", text)
    }
    return 0
}
