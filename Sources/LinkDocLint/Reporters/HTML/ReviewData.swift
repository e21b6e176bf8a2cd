import Foundation
import LinkDocCore
@_spi(LinkDocInternal) import LinkDocModel

/// The review page's data: one JSON value, embedded once in the page and rendered on demand by its
/// script (`ReviewPageScript`). Strings are grouped into entries, one per key of a table (the
/// same table in several `*.lproj` or `values-*` folders is one table, so its languages stand side
/// by side) or one per copy file. Deterministic: the same reports give the same bytes.
///
/// Shape (short member names: a large project has tens of thousands of strings):
/// `{"lang", "words": {word: text}, "languages": [...], "kinds": [...], "rules": [[id, meaning]],
///   "counts": {...}, "groups": [{"name", "findings": [finding]}],
///   "entries": [{"g": group, "k": key|null, "s": [{"l", "v", "a": anchor, "t": text, "at",
///                "links": [{"k", "s", "n", "at", "p": [[member, value]], "url"}],
///                "st": [[start, length, flags, color|null, background|null]],
///                "d": [finding], "p": [preview]}]}]}`
/// with finding `{"s": severity, "r": rule, "m": message, "e": English detail, "at", "b": before, "f": after}`.
struct ReviewData {
    let page: ReviewPage

    /// A table's files, and the name and anchor stem the page shows for it.
    private struct Group {
        var name: String
        var stem: String
        var reports: [Int] = []
    }

    func json() -> [UInt8] {
        var w = JSONWriter(reservingCapacity: 1 << 20)
        let language = page.language
        w.beginObject()
        w.key("lang"); w.string(language.rawValue)
        w.key("words"); w.beginObject()
        for word in PageWord.allCases {
            w.key(word.rawValue); w.string(MessageCatalogue.word(word, in: language))
        }
        w.endObject()

        let groups = Self.groups(page.reports)
        var languages = Set<String>(), kinds = Set<String>(), ruleIDs = Set<RuleID>()
        for report in page.reports {
            for string in report.strings {
                if let l = string.language { languages.insert(l) }
                for link in string.document?.links ?? [] { kinds.insert(link.kind.rawValue) }
            }
            for d in report.diagnostics { ruleIDs.insert(d.diagnostic.ruleID) }
        }
        w.key("languages"); w.beginArray(); for l in languages.sorted() { w.string(l) }; w.endArray()
        w.key("kinds"); w.beginArray(); for k in LinkKind.allCases where kinds.contains(k.rawValue) { w.string(k.rawValue) }; w.endArray()
        let summaries = Dictionary(page.rules.map { ($0.id, $0.summary) }, uniquingKeysWith: { a, _ in a })
        w.key("rules"); w.beginArray()
        for id in ruleIDs.sorted() {
            w.beginArray(); w.string(id.rawValue)
            w.string(MessageCatalogue.headline(for: id, in: language) ?? summaries[id] ?? id.rawValue); w.endArray()
        }
        w.endArray()
        let tally = Tally(page.reports)
        w.key("counts"); w.beginObject()
        w.key("files"); w.int(page.reports.count)
        w.key("strings"); w.int(page.reports.reduce(0) { $0 + $1.strings.count })
        w.key("error"); w.int(tally.errors)
        w.key("warning"); w.int(tally.warnings)
        w.key("info"); w.int(tally.infos)
        w.endObject()

        w.key("groups"); w.beginArray()
        for group in groups {
            w.beginObject()
            w.key("name"); w.string(group.name)
            w.key("findings"); w.beginArray()
            for r in group.reports {
                let report = page.reports[r]
                for d in report.diagnostics where d.string == nil { write(d, of: report, to: &w) }
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()

        w.key("entries"); w.beginArray()
        var anchors = Set<String>()
        func unique(_ anchor: String) -> String {
            var candidate = anchor, n = 1
            while !anchors.insert(candidate).inserted { n += 1; candidate = anchor + "~\(n)" }
            return candidate
        }
        for (g, group) in groups.enumerated() {
            // Keys in the order the table's files first write them; each key's strings by language.
            var order: [String?] = [], byKey: [String?: [(report: Int, string: Int)]] = [:]
            for r in group.reports {
                for (s, string) in page.reports[r].strings.enumerated() {
                    if byKey[string.key] == nil { order.append(string.key) }
                    byKey[string.key, default: []].append((r, s))
                }
            }
            for key in order {
                let members = byKey[key]!.enumerated().sorted { a, b in
                    let x = page.reports[a.element.report].strings[a.element.string], y = page.reports[b.element.report].strings[b.element.string]
                    return (x.language ?? "", a.offset) < (y.language ?? "", b.offset)
                }.map(\.element)
                w.beginObject()
                w.key("g"); w.int(g)
                w.key("k"); if let key { w.string(key) } else { w.null() }
                w.key("s"); w.beginArray()
                for (r, s) in members {
                    let report = page.reports[r], string = report.strings[s]
                    var anchor = group.stem
                    if let key { anchor += "/" + key }
                    if let l = string.language, key != nil { anchor += "/" + l }
                    if !string.variation.isEmpty { anchor += "/" + string.variation }
                    write(string, anchor: unique(anchor), id: ReviewStringID(file: r, string: s), of: report, to: &w)
                }
                w.endArray()
                w.endObject()
            }
        }
        w.endArray()
        w.endObject()
        return Self.scriptSafe(w.bytes)
    }

    private func write(_ string: LintedString, anchor: String, id: ReviewStringID, of report: LintFileReport, to w: inout JSONWriter) {
        w.beginObject()
        w.key("l"); if let l = string.language { w.string(l) } else { w.null() }
        w.key("v"); w.string(string.variation)
        w.key("a"); w.string(anchor)
        w.key("at"); w.string(Self.place(report.file, string.location))
        w.key("t"); if let text = string.document?.text { w.string(text) } else { w.null() }
        w.key("links"); w.beginArray()
        for (k, link) in (string.document?.links ?? []).enumerated() {
            w.beginObject()
            w.key("k"); w.string(link.kind.rawValue)
            w.key("s"); w.int(link.range.utf16.location)
            w.key("n"); w.int(link.range.utf16.length)
            w.member("url", link.url)
            w.key("at"); w.string(Self.place(report.file, k < string.linkLocations.count ? string.linkLocations[k] : nil))
            w.key("p"); w.beginArray()
            link.target.forEachMember { name, value in
                guard let value else { return }
                w.beginArray(); w.string("\(name)"); w.string(value); w.endArray()
            }
            w.endArray()
            w.endObject()
        }
        w.endArray()
        w.key("st"); w.beginArray()
        for style in string.document?.styles ?? [] {
            let a = style.attributes
            // Flags: bold, italic, underline, strikethrough, code, superscript, subscript.
            var flags = ""
            for (on, flag) in [(a.bold, "b"), (a.italic, "i"), (a.underline, "u"), (a.strikethrough, "s"), (a.code, "c")] where on == true {
                flags += flag
            }
            if let baseline = a.baseline { flags += baseline == .superscript ? "^" : "_" }
            guard !flags.isEmpty || a.color != nil || a.backgroundColor != nil else { continue }
            w.beginArray()
            w.int(style.range.utf16.location); w.int(style.range.utf16.length); w.string(flags)
            if let color = a.color { w.string(color) } else { w.null() }
            if let background = a.backgroundColor { w.string(background) } else { w.null() }
            w.endArray()
        }
        w.endArray()
        w.key("d"); w.beginArray()
        for d in report.diagnostics where d.string == id.string { write(d, of: report, beside: string, to: &w) }
        w.endArray()
        w.key("p"); w.beginArray()
        for preview in page.previews[id] ?? [] {
            w.beginObject()
            w.key("view"); w.string(preview.view)
            w.key("size"); w.string(Self.number(preview.size))
            w.key("width"); w.string(Self.number(preview.width))
            w.key("lines"); w.int(preview.lines)
            w.key("max"); w.int(preview.maxLines)
            w.member("tap", preview.tapAreasLargeEnough)
            w.key("png"); w.string("data:image/png;base64," + Data(preview.marked).base64EncodedString())
            w.key("clean"); w.string("data:image/png;base64," + Data(preview.clean).base64EncodedString())
            w.endObject()
        }
        w.endArray()
        w.endObject()
    }

    /// A finding; `beside` the string it stands by, whose name it then need not repeat.
    private func write(_ d: LintDiagnostic, of report: LintFileReport, beside string: LintedString? = nil, to w: inout JSONWriter) {
        var diagnostic = d.diagnostic
        if let label = string?.label, diagnostic.message.hasPrefix(label + ": ") {
            diagnostic.message = String(diagnostic.message.dropFirst(label.count + 2))
        }
        w.beginObject()
        w.key("s"); w.string(diagnostic.severity.rawValue)
        w.key("r"); w.string(diagnostic.ruleID.rawValue)
        if let headline = MessageCatalogue.headline(for: diagnostic.ruleID, in: page.language) {
            w.key("m"); w.string(headline)
            w.key("e"); w.string(diagnostic.message)
        } else {
            w.key("m"); w.string(diagnostic.message)
        }
        w.key("at"); w.string(Self.place(report.file, diagnostic.location))
        if let fix = d.fix, let source = report.source, let change = FixPreview(fix, in: source.bytes) {
            w.key("b"); w.string(change.before)
            w.key("f"); w.string(change.after)
        }
        w.endObject()
    }

    /// `file:line:column`, or the file alone.
    static func place(_ file: String, _ location: SourceLocation?) -> String {
        location.map { "\(file):\($0.line):\($0.column)" } ?? file
    }

    static func number(_ x: Double) -> String {
        x.isFinite && x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : x.isFinite ? String(x) : "0"
    }

    /// Tables by where their files are: `X/en.lproj/T.strings` and `X/zh-Hans.lproj/T.strings` are
    /// the table `X/T.strings`, `res/values/strings.xml` and `res/values-ja/strings.xml` the table
    /// `res/strings.xml`; any other file is its own. In the order the reports come.
    private static func groups(_ reports: [LintFileReport]) -> [Group] {
        var groups: [Group] = [], index: [String: Int] = [:]
        for (r, report) in reports.enumerated() {
            let path = report.file
            let components = path.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            var name = path
            if components.count >= 2 {
                let folder = components[components.count - 2]
                if (folder.hasSuffix(".lproj") || folder == "values" || folder.hasPrefix("values-")) && !report.strings.isEmpty
                    && report.strings.contains(where: { $0.key != nil }) {
                    name = (components.dropLast(2) + [components.last!]).joined(separator: "/")
                }
            }
            if let g = index[name] {
                groups[g].reports.append(r)
            } else {
                let file = components.last ?? path
                let stem = file.contains(".") && !file.hasPrefix(".") ? String(file[..<file.lastIndex(of: ".")!]) : file
                index[name] = groups.count
                groups.append(Group(name: name, stem: stem.isEmpty ? file : stem, reports: [r]))
            }
        }
        return groups
    }

    /// JSON that can stand inside `<script>`: `<`, `>` and `&` (which could close the element or
    /// start a comment) and U+2028/U+2029 as `\u` escapes. They only occur inside JSON strings.
    static func scriptSafe(_ json: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 64)
        var i = 0
        while i < json.count {
            let b = json[i]
            switch b {
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            case 0xE2 where i + 2 < json.count && json[i + 1] == 0x80 && (json[i + 2] == 0xA8 || json[i + 2] == 0xA9):
                out += Array((json[i + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        return out
    }
}

/// A fix as the words it changes: the text around the edits before and after them, with
/// invisible characters spelled out (a fix that removes a zero-width space would otherwise show
/// the same words twice).
struct FixPreview {
    let before: String
    let after: String
    /// How many characters of context each side of the edits, within their line.
    static let context = 12

    init?(_ edits: [TextEdit], in bytes: [UInt8]) {
        guard let low = edits.map(\.range.lowerBound).min(), let high = edits.map(\.range.upperBound).max(),
              low >= 0, high <= bytes.count else { return nil }
        func isBoundary(_ i: Int) -> Bool { i <= 0 || i >= bytes.count || bytes[i] & 0xC0 != 0x80 }
        var start = low, taken = 0
        while start > 0 && bytes[start - 1] != 0x0A && taken < Self.context {
            start -= 1
            while !isBoundary(start) { start -= 1 }
            taken += 1
        }
        var end = high
        taken = 0
        while end < bytes.count && bytes[end] != 0x0A && taken < Self.context {
            end += 1
            while !isBoundary(end) { end += 1 }
            taken += 1
        }
        let window = Array(bytes[start..<end])
        let shifted = edits.map { edit -> TextEdit in
            var edit = edit
            edit.range = (edit.range.lowerBound - start)..<(edit.range.upperBound - start)
            return edit
        }
        before = Self.visible(String(decoding: window, as: UTF8.self))
        after = Self.visible(String(decoding: Fixer.apply(shifted, to: window), as: UTF8.self))
    }

    /// Format, control and unusual space characters as `⟨U+200B⟩`.
    static func visible(_ text: String) -> String {
        Escaping.replacingScalars(text) { scalar in
            let category = scalar.properties.generalCategory
            let invisible = category == .format || category == .control || category == .lineSeparator || category == .paragraphSeparator
                || (category == .spaceSeparator && scalar != " ")
            guard invisible else { return nil }
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "⟨U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "⟩"
        }
    }
}
