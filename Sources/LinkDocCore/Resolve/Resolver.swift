import Foundation
import LinkDocHTML
import LinkDocModel
import LinkDocURL

/// A link whose display text is placed in the output, before ranges are counted.
struct LinkDraft: Sendable {
    /// Byte range in the display text.
    var utf8: Range<Int>
    /// What the link does: shared by the links to the same place (see `LinkPayload`).
    var payload: LinkPayload
    /// The link's whole construct in the source (byte offsets), for diagnostics about it.
    var source: Range<Int>
}

/// An HTML style placed in the display text (byte range).
struct StyleSpan: Sendable {
    var range: Range<Int>
    var style: TextStyle
}

/// An HTML image placed in the display text (byte range), its URL checked.
struct AttachmentSpan: Sendable {
    var range: Range<Int>
    var url: String?
    var alt: String?
    var width: Int?
    var height: Int?
}

/// The resolve stage: gives the parsed syntax its meaning through the manifest
/// (agreement URLs and ids, user ids, allowed schemes), validates every URL, and
/// writes the display text. Syntax that cannot become a link stays as text, and
/// a diagnostic says why.
///
/// The resolver itself turns each link's syntax into a draft and its meaning; the display text
/// (`DisplayText`), what is reported (`ReportLog`), the memo of meanings (`LinkMeaningMemo`), what
/// an explicit target says it is (`ExplicitTarget`) and the placing of HTML styles and images
/// (`DecorationPlacement`) are each a type of their own.
///
/// Noncopyable: a document's resolver is built in place and lives until `finish`; as a copyable
/// value, its initializer's result was copied whole (each of its references retained and released).
struct Resolver: ~Copyable {
    /// What the parser read: the source's bytes, or the flattened text of an HTML document.
    let input: [UInt8]
    /// From offsets in `input` to offsets in `source.bytes`, for diagnostics and link sources.
    private var inputOffsets: InputOffsets
    /// The compiler's manifest and what it derived from it (one shared reference).
    let context: CompilerContext
    var manifest: Manifest { context.manifest }
    var index: ManifestIndex { context.index }
    var urls: URLValidator { context.urls }
    private var display: DisplayText
    private(set) var links: [LinkDraft]
    private var reports = ReportLog()
    private var reportedLinkLimit: Bool
    /// Bytes copied and looked at, and lookup steps (see `CompileWorkspace.work`).
    private var work: Int

    /// Whether diagnostics get the excerpt of their line (see `Compiler.compile`).
    let excerpts: Bool
    /// The document's detectors: a mention or topic of a `known` detector links only when the
    /// manifest lists its name (the parser found it; the name is looked up here anyway).
    let detectors: Detectors

    /// The link drafts are appended to `links` and the display text's runs to `runs`: buffers the
    /// caller lends empty, with room for a typical document's.
    init(input: [UInt8], inputToSource: InputOffsets, context: CompilerContext, detectors: Detectors, excerpts: Bool = true,
         links: consuming [LinkDraft], runs: consuming [DisplayText.Run]) {
        self.input = input
        self.inputOffsets = inputToSource
        self.context = context
        display = DisplayText(runs: runs)
        self.links = links
        self.excerpts = excerpts
        self.detectors = detectors
        reportedLinkLimit = false
        work = 0
    }

    /// What the resolver made: the display text (its runs of `input`: the caller writes its bytes),
    /// the link drafts (for the emit stage) and the diagnostics in source order; the work done is
    /// added to `work`. Moved out, not copied; call it once, at the end.
    mutating func finish(source: SourceText, work: inout Int) -> (display: DisplayText, links: [LinkDraft], diagnostics: [Diagnostic]) {
        work &+= self.work
        self.work = 0
        let diagnostics = reports.diagnostics(of: source, excerpts: excerpts)
        var display = DisplayText(runs: [])
        swap(&display, &self.display)
        let output = (display, links, diagnostics)
        links = []  // the caller's array stays unshared
        return output
    }

    /// Reports the HTML layer's findings.
    mutating func report(_ findings: some Sequence<HTMLFragment.Finding>) {
        for f in findings { reports.report(f.severity, f.message, f.ruleID, atSource: f.sourceOffset) }
    }

    /// Places an HTML document's styles and images in the display text (once it is resolved),
    /// appended to `styles` and `attachments`; image URLs are checked and their problems reported
    /// at the tag.
    mutating func place(_ decorations: HTMLDecorations, styles: inout [StyleSpan], attachments: inout [AttachmentSpan]) {
        DecorationPlacement.place(decorations, in: display, context: context, styles: &styles, attachments: &attachments,
                                  reports: &reports, steps: &work)
    }

    /// Resolves `parsed`, whose links are moved out (the caller recycles its arrays). `memo` gives
    /// the meanings of links resolved before (`CompileWorkspace.meanings`).
    mutating func resolve(_ parsed: inout ParsedDocument, memo: inout LinkMeaningMemo) {
        memo.use(for: context)
        // Where the last title that names another document ends: a title joined to it (`该页面的《用户协议》和
        // 《隐私政策》`) is the same party's.
        var anotherDocumentEnd = -1
        for title in parsed.bookTitles {
            // Decided by the words around the title, so before the memo, which knows titles only.
            let namesAnother = input.withUnsafeBufferPointer { text in
                (anotherDocumentEnd >= 0 && title.source.lowerBound - anotherDocumentEnd <= 6
                    && AgreementTitles.joinsTitles(text[anotherDocumentEnd..<title.source.lowerBound]))
                    || AgreementTitles.namesAnotherDocument(in: text, at: title.source)
            }
            if namesAnother {
                anotherDocumentEnd = title.source.upperBound
                continue
            }
            reportUnknown(title: title.title, at: inputOffsets.sourceOffset(title.source.lowerBound), memo: &memo)
        }
        for note in parsed.notes {
            let at = inputOffsets.sourceOffset(note.source.lowerBound)
            switch note.kind {
            case .emptyLinkText:
                report(.warning, "a link needs display text; this one stays text", RuleID.emptyLinkText, at: at)
            case .mentionTooLong(let limit):
                report(.warning, "a mention name has at most \(limit) characters; this one stays text",
                       RuleID.mentionTooLong, at: at)
            case .topicTooLong(let limit):
                report(.warning, "a topic has at most \(limit) characters (options.maxTopicLength); this one stays text",
                       RuleID.topicTooLong, at: at)
            }
        }
        // Each link is moved out of the document, a payload-free placeholder left in its
        // place: an element read from the array is a copy, which retains its strings and entry and
        // releases them again, and the buffer releases them once more when it is next emptied.
        parsed.links.withUnsafeMutableBufferPointer { links in
            for inline in parsed.inlines {
                switch inline {
                case .text(let range): append(range)
                case .link(let index):
                    var link = LinkSyntax(kind: .bareURL, display: TextSlices(), source: 0..<0)
                    swap(&link, &links[index])
                    resolve(link, memo: &memo)
                }
            }
        }
    }

    /// Warns that the manifest has no agreement titled `title`, when the title reads as an agreement
    /// (`AgreementTitles`). The verdict is its title's alone: it is made once (with its message,
    /// which costs more than the rest of the warning), then the memo replays it.
    private mutating func reportUnknown(title: String, at: Int, memo: inout LinkMeaningMemo) {
        func warn(_ r: inout Resolver) {
            guard case .agreement(let near) = r.context.agreementTitles.classify(title) else { return }
            r.report(.warning, r.context.agreementTitles.unknownTitleMessage(title, near: near), RuleID.unknownAgreement, at: at)
        }
        var title = title  // its bytes in place (no copy for a native string)
        guard title.utf8.count < LinkMeaningMemo.maxKeyBytes else { return warn(&self) }
        title.withUTF8 { t in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + t.count) { buffer in
                LinkMeaningMemo.writeKey(unknownTitle: t, into: buffer)
                let key = UnsafeBufferPointer(buffer), hash = ByteKeyHash.hash(key)
                guard recall(key, hash: hash, at: at, in: memo) == nil else { return }
                warn(&self)
                memorize(key, hash: hash, meaning: nil, in: &memo)
            }
        }
    }

    /// Places a link's display text and, when it means something, the link.
    private mutating func resolve(_ syntax: LinkSyntax, memo: inout LinkMeaningMemo) {
        work &+= syntax.source.count
        let start = display.count
        syntax.display.forEachSlice { append($0) }
        guard links.count < manifest.options.maxLinks else {
            if links.count == manifest.options.maxLinks && !reportedLinkLimit {
                reportedLinkLimit = true
                report(.error, "more than \(manifest.options.maxLinks) links in one document (options.maxLinks); the rest stay text",
                       RuleID.tooManyLinks, at: inputOffsets.sourceOffset(syntax.source.lowerBound))
            }
            return
        }
        // Where the link starts in the source: its draft's start and, for most kinds, where its
        // meaning's problems are reported (looked up once: in an HTML document, a lookup walks maps).
        let sourceStart = inputOffsets.sourceOffset(syntax.source.lowerBound)
        guard var payload = meaning(of: syntax, sourceStart: sourceStart, memo: &memo) else { return }
        if Self.textMayHoldControls(syntax.kind), let control = firstBidiControl(in: syntax.display) {
            report(.error, "the link's text holds the bidirectional control U+\(String(control, radix: 16, uppercase: true)), which reorders what it shows (an override, or an embedding or isolate left open): a link can read as one address and open another",
                   RuleID.bidiControl, at: sourceStart)
        }
        var range = start..<display.count
        if case .agreement = syntax.kind, !manifest.options.includeAgreementBrackets {
            range = range.lowerBound + 3..<range.upperBound - 3  // 《 and 》 are three bytes each
        }
        switch syntax.kind {
        case .htmlAnchor(_, let title?, _), .explicit(_, _, let title?):
            // The meaning is the place's; a tooltip is the link's own (few links have one).
            payload = LinkPayload(url: payload.url, tooltip: title, target: payload.target)
        default: break
        }
        let sourceRange = sourceStart..<inputOffsets.sourceOffset(syntax.source.upperBound)
        links.append(LinkDraft(utf8: range, payload: payload, source: sourceRange))
    }

    /// Whether a link of this kind may show a bidi control: a mention's name, a URL, an address and a
    /// number end before one, and an agreement's title is the manifest's.
    private static func textMayHoldControls(_ kind: LinkSyntaxKind) -> Bool {
        switch kind {
        case .explicit, .htmlAnchor, .angleAutolink, .topic: true
        case .agreement, .mention, .bareURL, .bareWWW, .email, .phone: false
        }
    }

    /// The first unsafe bidi control (`BidiControls`) in a link's display text, which would make it
    /// show another text than it is (`[‮moc.doog](https://evil.example)`). Link texts hold none: they
    /// are looked at only where a control's bytes are (E2 80 AA–AE, E2 81 A6–A9), found by `memchr`.
    private func firstBidiControl(in display: TextSlices) -> UInt32? {
        var scalars: [(offset: Int, value: UInt32)] = []
        input.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return }
            display.forEachSlice { slice in
                var i = slice.lowerBound
                while i + 2 < slice.upperBound, let hit = memchr(base + i, 0xE2, slice.upperBound - 2 - i) {
                    i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                    let (b1, b2) = (bytes[i + 1], bytes[i + 2])
                    let v = 0x2000 | UInt32(b1 & 0x0F) << 6 | UInt32(b2 & 0x3F)
                    if (b1 == 0x80 || b1 == 0x81) && BidiControls.isControl(v) { scalars.append((i, v)) }
                    i += 1
                }
            }
        }
        return scalars.isEmpty ? nil : BidiControls.unsafe(scalars).first?.value
    }

    private mutating func append(_ range: Range<Int>) {
        work &+= range.count
        display.append(range)
    }

    private func displayString(_ syntax: LinkSyntax) -> String {
        if let slice = syntax.display.single {  // the usual case: no byte array in between
            return input.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[slice]), as: UTF8.self) }
        }
        var bytes: [UInt8] = []
        for slice in syntax.display { bytes.append(contentsOf: input[slice]) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What a link points to, or nil when it cannot be a link (a diagnostic says why). An
    /// agreement gets its manifest entry's payload; a link of a kind the memo keeps (`memoKind`)
    /// whose kind, target and display text were resolved before gets the same payload and the
    /// same reports from the memo.
    private mutating func meaning(of syntax: LinkSyntax, sourceStart: Int, memo: inout LinkMeaningMemo) -> LinkPayload? {
        let at = reportOffset(of: syntax, sourceStart: sourceStart)
        if case .agreement(let found) = syntax.kind {
            // The manifest's agreement, made once for every link to it (its URL's problems reported).
            guard let entry = found else { return nil }
            reportURLProblems(of: entry, at: at)
            return entry.payload
        }
        guard let (kind, target) = memoKind(syntax.kind) else { return payload(resolvedMeaning(of: syntax, at: at)) }
        var targetBytes = target  // its bytes in place (no copy for a native string)
        let keyCount = LinkMeaningMemo.keyCount(targetCount: targetBytes.utf8.count, display: syntax.display)
        guard keyCount <= LinkMeaningMemo.maxKeyBytes else { return payload(resolvedMeaning(of: syntax, at: at)) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keyCount) { buffer in
            targetBytes.withUTF8 { t in
                input.withUnsafeBufferPointer { LinkMeaningMemo.writeKey(kind, target: t, display: syntax.display, of: $0, into: buffer) }
            }
            let key = UnsafeBufferPointer(buffer), hash = ByteKeyHash.hash(key)
            if let slot = recall(key, hash: hash, at: at, in: memo) { return memo.meaning(at: slot) }
            let meaning = payload(resolvedMeaning(of: syntax, at: at))
            memorize(key, hash: hash, meaning: meaning, in: &memo)
            return meaning
        }
    }

    private func payload(_ meaning: (url: String?, target: LinkTarget)?) -> LinkPayload? {
        meaning.map { LinkPayload(url: $0.url, target: $0.target) }
    }

    /// The memo's slot for `key`, its reports replayed at `at`; nil when the memo does not hold it,
    /// and then what is reported from now on is recorded for `memorize`. Inlined: most links are
    /// hits.
    @inline(__always)
    private mutating func recall(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, at: Int, in memo: borrowing LinkMeaningMemo) -> Int? {
        guard let slot = memo.slot(of: key, hash: hash) else {
            reports.startRecording()
            return nil
        }
        if !memo.reportsNothing(at: slot) { reports.replay(memo.reports(at: slot), atSource: at) }
        return slot
    }

    /// Stores `meaning` under `key` with the reports recorded since the memo missed it, and stops
    /// recording.
    private mutating func memorize(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, meaning: LinkPayload?, in memo: inout LinkMeaningMemo) {
        memo.store(key: key, hash: hash, meaning: meaning, reports: reports.stopRecording())
    }

    /// For a URL-like link, a phone number, a mention or a topic, the memo's kind for it (for a
    /// mention or topic, by whether its detector links only the names the manifest lists) and its
    /// target as written (empty for the kinds whose target is their display text, a number's
    /// digits, a mention's or topic's name); nil for the kinds whose meaning is not memoized.
    /// Every kind is named, so that a new one is decided here.
    private func memoKind(_ kind: LinkSyntaxKind) -> (kind: LinkMeaningMemo.Kind, target: String)? {
        switch kind {
        case .bareURL: (.bareURL, "")
        case .bareWWW: (.bareWWW, "")
        case .angleAutolink: (.angleAutolink, "")
        case .email: (.email, "")
        case .explicit(let target, _, _): (.explicitLink, target)
        case .htmlAnchor(let href?, _, _): (.htmlAnchor, href)
        // An <a> without href: rare, and its meaning is the app's (`explicitTarget` of "").
        case .htmlAnchor(nil, _, _): nil
        // A number's meaning is its digits' (its URL made from them); with an extension, which
        // is not in the key, it is not memoized (few numbers have one).
        case .phone(let number): number.extension == nil ? (.phone, number.digits) : nil
        // A name is its display text's (`name(of:)`), which the key holds.
        case .mention: (detectors.mentions == .known ? .knownMention : .mention, "")
        case .topic: (detectors.topics == .known ? .knownTopic : .topic, "")
        // Its manifest entry's payload, made once (`meaning(of:)`).
        case .agreement: nil
        }
    }

    /// Where what `meaning(of:)` finds about a link is reported: an explicit link's target, an
    /// anchor's start tag, else the link's construct (which starts at `sourceStart`).
    private mutating func reportOffset(of syntax: LinkSyntax, sourceStart: Int) -> Int {
        switch syntax.kind {
        case .explicit(_, let targetRange, _): inputOffsets.sourceOffset(targetRange.lowerBound)
        case .htmlAnchor(_, _, let tagOffset): tagOffset
        default: sourceStart
        }
    }

    /// `meaning(of:)` worked out, every report at `at`.
    private mutating func resolvedMeaning(of syntax: LinkSyntax, at: Int) -> (url: String?, target: LinkTarget)? {
        switch syntax.kind {
        case .agreement:
            preconditionFailure("an agreement's meaning is its manifest entry's (meaning(of:))")
        case .mention:
            let name = name(of: syntax)
            let userID = index.userID(mention: name)
            if detectors.mentions == .known && userID == nil { return nil }
            return mention(name: name, userID: userID, at: at)
        case .topic:
            let name = name(of: syntax)
            let id = context.index.topicID(name: name)
            if detectors.topics == .known && id == nil { return nil }
            return (templateURL(manifest.options.topicURL, id: id, name: name, at: at), .topic(name: name, id: id))
        case .bareURL:
            return webURL(displayString(syntax), at: at)
        case .bareWWW:
            return webURL("https://" + displayString(syntax), at: at)
        case .angleAutolink:
            let target = displayString(syntax)
            return explicitTarget(target, display: target, at: at)
        case .email:
            let address = displayString(syntax)
            guard let url = urls.mailto(address) else {
                report(.warning, "\(address) looks like an email address but its domain is not valid; it stays text",
                       RuleID.invalidURL, at: at)
                return nil
            }
            return (url, .email(address: address))
        case .phone(let number):
            return (number.url, .phone(digits: number.digits, extension: number.extension))
        case .explicit(let target, _, _):
            return explicitTarget(target, display: displayString(syntax), at: at)
        case .htmlAnchor(let href, _, _):
            // An <a> without href (a named anchor never gets here: the flattener keeps its
            // text as text) is the app's to make tappable, as `<a href="">` is. Problems with
            // the href are reported at the tag.
            return explicitTarget(href?.trimmingASCIIWhitespace() ?? "", display: displayString(syntax), at: at)
        }
    }

    /// A mention's name, its display text after the `@`; a topic's, between the `#`s.
    private func name(of syntax: LinkSyntax) -> String {
        var bytes: [UInt8] = []
        for slice in syntax.display { bytes.append(contentsOf: input[slice]) }
        let name = if case .topic = syntax.kind { bytes.dropFirst().dropLast() } else { bytes.dropFirst() }
        return String(decoding: name, as: UTF8.self)
    }

    private mutating func mention(name: String, userID: String?, at: Int) -> (url: String?, target: LinkTarget) {
        (templateURL(manifest.options.mentionURL, id: userID, name: name, at: at), .mention(name: name, userID: userID))
    }

    /// `[display](target)`: an href the app fills or intercepts, a typed target (`agreement:`,
    /// `user:`, `topic:`, `action:`) or a URL (`ExplicitTarget`), looked up and checked.
    private mutating func explicitTarget(_ target: String, display: String, at: Int) -> (url: String?, target: LinkTarget)? {
        switch ExplicitTarget(target, baseURL: context.baseURL, policy: urls.policy) {
        case .appHandled(let fragment):
            return (nil, .appHandled(fragment: fragment))
        case .appFilled(let placeholder):
            return (nil, .appFilled(placeholder: placeholder))
        case .refusedFilledScheme(let problem):
            report(.error, problem, RuleID.disallowedScheme, at: at)
            return nil
        case .agreement(let id):
            guard let entry = index.agreement(id: id) else {
                report(.warning, "unknown agreement id \"\(id)\": the manifest has no agreement with this id, so the link stays text",
                       RuleID.unknownAgreement, at: at)
                return nil
            }
            reportURLProblems(of: entry, at: at)
            return (entry.payload.url, entry.payload.target)
        case .user(let id):
            let name = display.hasPrefix("@") ? String(display.dropFirst()) : display
            return mention(name: name, userID: id, at: at)
        case .topic(let id):
            var name = Substring(display)
            if name.count >= 2 && name.hasPrefix("#") && name.hasSuffix("#") { name = name.dropFirst().dropLast() }
            return (templateURL(manifest.options.topicURL, id: id, name: String(name), at: at), .topic(name: String(name), id: id))
        case .action(let name):
            return (nil, .action(name: name))
        case .invalid(let why):
            return invalidTarget(why, at: at)
        case .schemeRelative(let url):
            if let construct = textConstruct(display, at: at) { return construct }
            return urlTarget(url, at: at)
        case .relative(let target):
            return relativeTarget(target, display: display, at: at)
        case .mailto(let address, let url):
            guard let mailto = urls.mailto(address) else { return urlTarget(url, at: at) }
            let check = urls.check(mailto)
            reportURLProblems(check.problems.filter { $0.severity != .info }, at: at)
            return check.url != nil ? (mailto, .email(address: address)) : nil
        case .tel(let number):
            guard let (checked, _) = webURL(number.url, at: at), let url = checked else { return nil }
            return (url, .phone(digits: number.digits, extension: number.extension))
        case .url(let url):
            return urlTarget(url, at: at)
        }
    }

    /// An explicit target that is a URL: checked, and an email link when it is a `mailto:` URL.
    private mutating func urlTarget(_ target: String, at: Int) -> (url: String?, target: LinkTarget)? {
        guard let (checked, _) = webURL(target, at: at), let url = checked else { return nil }
        if url.hasPrefix("mailto:") {
            return (url, .email(address: String(target.drop(while: { $0 != ":" }).dropFirst())))
        }
        return (url, .url)
    }

    private mutating func invalidTarget(_ message: String, at: Int) -> (url: String?, target: LinkTarget)? {
        report(.error, message + "; the link stays text", RuleID.invalidTarget, at: at)
        return nil
    }

    /// What a relative target (`/n/小明`, `termsOfService`, `docs/faq.md`) means when no
    /// `options.baseURL` resolves it: the link of its text, when the text is one (Weibo's post HTML
    /// writes `<a href="/n/小明">@小明</a>` and `<a href="/k/话题">#话题#</a>`); else no link, and a
    /// `relative-href` info (the app may handle such targets itself).
    private mutating func relativeTarget(_ target: String, display: String, at: Int) -> (url: String?, target: LinkTarget)? {
        if let construct = textConstruct(display, at: at) { return construct }
        report(.info, "the relative target \"\(target)\" links nowhere without options.baseURL in the manifest; the link stays text (write a full URL, or set baseURL)",
               RuleID.relativeHref, at: at)
        return nil
    }

    /// The mention or topic that a link's text is by itself (`@小明`, `#话题#`), or nil.
    private mutating func textConstruct(_ display: String, at: Int) -> (url: String?, target: LinkTarget)? {
        let scalars = display.unicodeScalars
        if scalars.count >= 2, scalars.first == "@", scalars.dropFirst().allSatisfy({ CharClass.isMentionNameScalar($0.value) }) {
            return mention(name: String(display.dropFirst()), userID: nil, at: at)
        }
        if scalars.count >= 3, scalars.first == "#", scalars.last == "#", !scalars.dropFirst().dropLast().contains("#") {
            let name = String(display.dropFirst().dropLast())
            let id = context.index.topicID(name: name)
            return (templateURL(manifest.options.topicURL, id: id, name: name, at: at), .topic(name: name, id: id))
        }
        return nil
    }

    /// A URL that must be usable for the link to exist.
    private mutating func webURL(_ raw: String, at: Int) -> (url: String?, target: LinkTarget)? {
        if URLTemplate.isTemplate(raw) { return nil }
        let check = urls.check(raw)
        reportURLProblems(check.problems, at: at)
        guard let url = check.url else { return nil }
        return (url, .url)
    }

    /// Reports the problems of the manifest's URL for `entry` at a link to it.
    private mutating func reportURLProblems(of entry: ManifestIndex.Entry, at: Int) {
        for problem in entry.check.problems where problem.severity != .info {
            report(problem.severity, "the manifest's URL for 《\(entry.agreement.title)》: \(problem.message)", problem.ruleID, at: at)
        }
    }

    /// Fills `{id}` and `{name}` of a manifest URL template, percent-encoded.
    private mutating func templateURL(_ template: String?, id: String?, name: String, at: Int) -> String? {
        guard let template else { return nil }
        if template.contains("{id}") && id == nil { return nil }
        let filled = template
            .replacingOccurrences(of: "{id}", with: URLValidator.percentEncodeComponent(id ?? ""))
            .replacingOccurrences(of: "{name}", with: URLValidator.percentEncodeComponent(name))
        let check = urls.check(filled)
        reportURLProblems(check.problems.filter { $0.severity != .info }, at: at)
        return check.url
    }

    private mutating func reportURLProblems(_ problems: [Problem], at: Int) {
        for problem in problems { report(problem.severity, problem.message, problem.ruleID, at: at) }
    }

    /// Reports at an offset of `source.bytes` (every `at:` in this type is one).
    private mutating func report(_ severity: Severity, _ message: String, _ rule: RuleID, at offset: Int) {
        reports.report(severity, message, rule, atSource: offset)
    }
}
