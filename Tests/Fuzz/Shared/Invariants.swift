// Shared by the fuzz harnesses: the manifests they compile with, and the invariants that
// every compiled document must satisfy whatever the input. A violation traps (fatalError),
// which libFuzzer reports as a crash and saves the input as crash-<sha1>.
import LinkDocCore
import LinkDocModel

enum FuzzManifests {
    /// Knows two agreements and a mention, allows a custom scheme and URL templates, so that
    /// every kind of link can be produced.
    static let rich: Manifest = {
        var options = Manifest.Options()
        options.mentionURL = "myapp://user/{id}"
        options.topicURL = "myapp://topic/{name}"
        return Manifest(
            agreements: ["用户协议": .init(title: "用户协议", id: "terms", url: "https://example.com/legal/terms"),
                         "隐私政策": .init(title: "隐私政策", id: "privacy", url: "https://example.com/privacy?v=2")],
            mentions: ["小明": "u_10001", "bob": "u 2"],
            schemes: ["https", "http", "mailto", "tel", "myapp"], options: options)
    }()

    /// Tiny limits, so the limit paths (too many links, too deep HTML, brackets outside) run too.
    static let tight: Manifest = {
        var m = rich
        m.options.includeAgreementBrackets = false
        m.options.maxLinks = 3
        m.options.maxHTMLDepth = 3
        m.options.maxTopicLength = 4
        m.options.maxMentionLength = 3
        m.options.maxURLLength = 40
        return m
    }()
}

/// Traps with the input's document when `condition` is false.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String, _ document: Document) {
    if !condition() { fatalError("invariant violated: \(message())\ntext: \(document.text.debugDescription)") }
}

/// The slice of `text` that `span` covers in one unit, nil when the span is out of bounds
/// or splits a character of that unit's encoding.
private func slice<C: Collection>(_ view: C, _ span: TextSpan) -> C.SubSequence? where C.Index == String.Index {
    guard span.location >= 0, span.length >= 0, span.upperBound <= view.count else { return nil }
    let lo = view.index(view.startIndex, offsetBy: span.location)
    let hi = view.index(lo, offsetBy: span.length)
    return view[lo..<hi]
}

/// The text a range covers, checked to be the same in all three units.
func checkedText(of range: TextRange, in document: Document, what: String) -> String {
    let text = document.text
    guard let u8 = slice(text.utf8, range.utf8), let s8 = String(u8) else {
        fatalError("invariant violated: \(what): utf8 \(range.utf8) is outside the text or splits a character\ntext: \(text.debugDescription)")
    }
    guard let u16 = slice(text.utf16, range.utf16), let s16 = String(u16) else {
        fatalError("invariant violated: \(what): utf16 \(range.utf16) is outside the text or splits a surrogate pair\ntext: \(text.debugDescription)")
    }
    guard let us = slice(text.unicodeScalars, range.scalars) else {
        fatalError("invariant violated: \(what): scalars \(range.scalars) is outside the text\ntext: \(text.debugDescription)")
    }
    let ss = String(String.UnicodeScalarView(us))
    require(s8 == s16 && s16 == ss && s8.utf8.elementsEqual(u8), "\(what): the three ranges disagree: \(s8.debugDescription) \(s16.debugDescription) \(ss.debugDescription)", document)
    return s8
}

private let forbiddenSchemes: Set<String> = ["javascript", "data", "vbscript", "file"]

/// Every invariant that `Document` promises (see Sources/LinkDocModel/Document.swift and the
/// README): links sorted, not overlapping, their ranges consistent and equal to their text,
/// their URLs ASCII and never of a dangerous scheme; the other ranges inside the text.
func checkDocumentInvariants(_ document: Document) {
    var previousEnd: TextPosition? = nil
    for (k, link) in document.links.enumerated() {
        let covered = checkedText(of: link.range, in: document, what: "link \(k)")
        require(covered == link.text, "link \(k): text \(link.text.debugDescription) but the range covers \(covered.debugDescription)", document)
        require(!link.text.isEmpty, "link \(k) is empty", document)
        if let end = previousEnd {
            require(link.range.utf8.location >= end.utf8 && link.range.utf16.location >= end.utf16
                        && link.range.scalars.location >= end.scalars,
                    "link \(k) starts before link \(k - 1) ends (unsorted or overlapping)", document)
        }
        previousEnd = link.range.end
        if let url = link.url {
            require(url.utf8.allSatisfy { $0 < 0x80 }, "link \(k): URL \(url.debugDescription) is not ASCII", document)
            // Browsers ignore tabs/newlines and leading C0/space when they read a scheme.
            let cleaned = url.utf8.filter { $0 > 0x20 }
            let scheme = String(decoding: cleaned.prefix { $0 != UInt8(ascii: ":") }, as: UTF8.self).lowercased()
            require(!forbiddenSchemes.contains(scheme), "link \(k): URL \(url.debugDescription) has a forbidden scheme", document)
        }
    }
    for (k, style) in document.styles.enumerated() { _ = checkedText(of: style.range, in: document, what: "style \(k)") }
    for (k, p) in document.paragraphs.enumerated() { _ = checkedText(of: p.range, in: document, what: "paragraph \(k)") }
    for (k, a) in document.attachments.enumerated() {
        let covered = checkedText(of: a.range, in: document, what: "attachment \(k)")
        // One U+FFFC; widened to the whole grapheme cluster when combining marks follow it
        // (ranges never split a cluster, see TextRange).
        require(covered.unicodeScalars.first == "\u{FFFC}" && covered.count == 1,
                "attachment \(k) covers \(covered.debugDescription), not one U+FFFC cluster", document)
        if let url = a.url { require(url.utf8.allSatisfy { $0 < 0x80 }, "attachment \(k): URL not ASCII", document) }
    }
}
