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
    /// The length of the display text so far. The text itself is written at the end (`finish`),
    /// from `copiedRuns`: adjacent pieces of the input (a sentence, the link in it, the rest) are
    /// one run, so a document's text is a copy or two, not one append per piece.
    private var textCount: Int
    private(set) var links: [LinkDraft]
    /// What is reported, at offsets of the source: made into diagnostics (line, column, excerpt)
    /// in source order by `finish`, the only step that needs the source text.
    private var reports: [(report: LinkMeaningMemo.Report, offset: Int)]
    private var reportedLinkLimit: Bool
    /// Where each run of `input` lands in the display text: (input offset, text offset, length). Not a
    /// LinkDocBase `OffsetMap`: that maps a derived text back to its source, a replaced byte to the
    /// start of what it replaces; this maps the other way (input → display text), and an input
    /// offset in removed markup goes forward to where the next kept text begins.
    private(set) var copiedRuns: [(input: Int, output: Int, length: Int)]
    /// Bytes copied and looked at, and lookup steps (see `CompileWorkspace.work`).
    private var work: Int
    /// While a link's meaning is resolved for the memo: what it reports.
    private var recording: [LinkMeaningMemo.Report]?

    /// Whether diagnostics get the excerpt of their line (see `Compiler.compile`).
    let excerpts: Bool
    /// The document's detectors: a mention or topic of a `known` detector links only when the
    /// manifest lists its name (the parser found it; the name is looked up here anyway).
    let detectors: Detectors

    /// The link drafts and copied runs are written into buffers of `workspace` (and, at the end,
    /// the display text).
    init(input: [UInt8], inputToSource: InputOffsets, context: CompilerContext,
         detectors: Detectors, excerpts: Bool = true, workspace: inout CompileWorkspace) {
        // Room for the whole text and a typical document's links and runs without regrowing. Taken
        // before any property is set: taken between, the half-built resolver was copied whole.
        let b = CompileWorkspace.buffers
        let links = b.take(&workspace.drafts, minimumCapacity: 8)
        let copiedRuns = b.take(&workspace.runs, minimumCapacity: 16)
        self.excerpts = excerpts
        self.detectors = detectors
        self.input = input
        self.inputOffsets = inputToSource
        self.context = context
        textCount = 0
        self.links = links
        self.copiedRuns = copiedRuns
        recording = nil
        reports = []
        reportedLinkLimit = false
        work = 0
    }

    /// The reports as diagnostics of `source`, in source order (a stable sort by offset, left out
    /// for reports in order already: most documents report in order, or nothing).
    private mutating func diagnostics(of source: SourceText) -> [Diagnostic] {
        guard !reports.isEmpty else { return [] }
        if zip(reports, reports.dropFirst()).contains(where: { $0.offset > $1.offset }) {
            reports.sort { $0.offset < $1.offset }
        }
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(reports.count)
        for (report, offset) in reports {
            diagnostics.append(Diagnostic(severity: report.severity, escapedMessage: report.message, ruleID: report.rule,
                                          file: source.name, at: offset, in: source, excerpt: excerpts))
        }
        return diagnostics
    }

    /// What the resolver made: the display text (written now, from the copied runs, into a buffer
    /// of `workspace`), the link drafts (for the emit stage) and the diagnostics in source order.
    /// The copied runs go back to `workspace`, and the work done to its meter.
    /// The text and drafts are moved out, not copied; call it once, at the end.
    mutating func finish(source: SourceText, workspace: inout CompileWorkspace) -> (text: [UInt8], links: [LinkDraft], diagnostics: [Diagnostic]) {
        workspace.work &+= work
        work = 0
        let diagnostics = diagnostics(of: source)
        var text = CompileWorkspace.buffers.take(&workspace.text, minimumCapacity: textCount)
        input.withUnsafeBufferPointer { input in
            for run in copiedRuns { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run.input..<run.input + run.length])) }
        }
        CompileWorkspace.buffers.giveBack(&copiedRuns, to: &workspace.runs)
        let output = (text, links, diagnostics)
        links = []  // the caller's array stays unshared
        return output
    }

    /// Reports the HTML layer's findings.
    mutating func report(_ findings: some Sequence<HTMLFragment.Finding>) {
        for f in findings { report(f.severity, f.message, f.ruleID, atSource: f.sourceOffset) }
    }

    /// Places an HTML document's styles and images in the display text (once it is resolved), in
    /// buffers of `workspace` that the emit stage gives back; image URLs are checked and their
    /// problems reported at the tag.
    mutating func place(_ decorations: HTMLDecorations, workspace: inout CompileWorkspace)
        -> (styles: [StyleSpan], attachments: [AttachmentSpan]) {
        let b = CompileWorkspace.buffers
        var styles = b.take(&workspace.styles), attachments = b.take(&workspace.attachments)
        // Read through the buffer, fewer elements are copied and none destroyed here (2 MB bench
        // corpus: 3,493 copies, against 5,431 copies and 1,938 destroys for a `for in`).
        let elements = decorations.elements
        elements.withUnsafeBufferPointer { elements in
            for element in elements.indices {
                switch elements[element].kind {
                case .style(let style):
                    let range = outputRange(ofInput: elements[element].range)
                    guard !range.isEmpty, !style.isEmpty else { continue }
                    styles.append(StyleSpan(range: range, style: style))
                case .image(let src, let alt, let width, let height):
                    let range = outputRange(ofInput: elements[element].range)
                    guard !range.isEmpty else { continue }
                    let url = src.flatMap { resourceURL($0, atSource: decorations.sourceOffset(of: elements[element])) }
                    attachments.append(AttachmentSpan(range: range, url: url, alt: alt, width: width, height: height))
                case .anchor, .paragraph:
                    continue
                }
            }
        }
        return (styles, attachments)
    }

    private mutating func outputRange(ofInput range: Range<Int>) -> Range<Int> {
        outputOffset(ofInput: range.lowerBound)..<outputOffset(ofInput: range.upperBound)
    }

    /// The offset in the display text of an offset in `input`; a position inside removed
    /// markup maps to where the next kept text begins.
    mutating func outputOffset(ofInput offset: Int) -> Int {
        var lo = 0, hi = copiedRuns.count
        while lo < hi {  // the first run that ends after `offset`
            work &+= 1
            let mid = (lo + hi) / 2
            if copiedRuns[mid].input + copiedRuns[mid].length <= offset { lo = mid + 1 } else { hi = mid }
        }
        guard lo < copiedRuns.count else { return textCount }
        let run = copiedRuns[lo]
        return offset <= run.input ? run.output : run.output + (offset - run.input)
    }

    /// Consumes `parsed`: its pieces and links go back to `workspace` at the end.
    /// The workspace's memo (`CompileWorkspace.meanings`) gives the meanings of links resolved before.
    mutating func resolve(_ parsed: consuming ParsedDocument, workspace: inout CompileWorkspace) {
        workspace.meanings.use(for: context)
        defer {
            CompileWorkspace.buffers.giveBack(&parsed.inlines, to: &workspace.inlines)
            CompileWorkspace.buffers.giveBack(&parsed.links, to: &workspace.links)
        }
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
            reportUnknown(title: title.title, at: inputOffsets.sourceOffset(title.source.lowerBound), memo: &workspace.meanings)
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
        // Each link is moved out of the consumed document, a payload-free placeholder left in its
        // place: an element read from the array is a copy, which retains its strings and entry and
        // releases them again, and the buffer releases them once more when it is next emptied.
        parsed.links.withUnsafeMutableBufferPointer { links in
            for inline in parsed.inlines {
                switch inline {
                case .text(let range): append(range)
                case .link(let index):
                    var link = LinkSyntax(kind: .bareURL, display: TextSlices(), source: 0..<0)
                    swap(&link, &links[index])
                    resolve(link, memo: &workspace.meanings)
                }
            }
        }
    }

    /// Warns that the manifest has no agreement titled `title`, when the title reads as an agreement
    /// (`AgreementTitles`). The verdict is its title's alone: it is made once (with its message,
    /// which costs more than the rest of the warning), then the memo replays it, under a key of
    /// `unknownTitleTag` and the title's bytes.
    private mutating func reportUnknown(title: String, at: Int, memo: inout LinkMeaningMemo) {
        func warn(_ r: inout Resolver) {
            guard case .agreement(let near) = r.context.agreementTitles.classify(title) else { return }
            r.report(.warning, r.context.agreementTitles.unknownTitleMessage(title, near: near), RuleID.unknownAgreement, at: at)
        }
        var title = title  // its bytes in place (no copy for a native string)
        guard title.utf8.count < LinkMeaningMemo.maxKeyBytes else { return warn(&self) }
        title.withUTF8 { t in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + t.count) { buffer in
                buffer[0] = Self.unknownTitleTag
                if let base = t.baseAddress { (buffer.baseAddress! + 1).initialize(from: base, count: t.count) }
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
        let start = textCount
        for slice in syntax.display { append(slice) }
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
        var range = start..<textCount
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
            for slice in display {
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
        guard !range.isEmpty else { return }
        if let last = copiedRuns.last, last.input + last.length == range.lowerBound, last.output + last.length == textCount {
            copiedRuns[copiedRuns.count - 1].length += range.count
        } else {
            copiedRuns.append((range.lowerBound, textCount, range.count))
        }
        textCount += range.count
    }

    /// The display text of a document that `parsed.isPlainText` (its text pieces), in a buffer of
    /// `workspace`, with the work counted: what a resolver's `finish` would give, with no links and
    /// no diagnostics, without making one (its set-up and its end cost more than the rest of a short
    /// document's compile). Consumes `parsed`, as `resolve` does.
    static func plainText(_ parsed: consuming ParsedDocument, input: [UInt8], workspace: inout CompileWorkspace) -> [UInt8] {
        var text = CompileWorkspace.buffers.take(&workspace.text, minimumCapacity: input.count)
        var work = 0
        input.withUnsafeBufferPointer { input in
            var run = 0..<0  // adjacent pieces, copied as one
            for case .text(let range) in parsed.inlines {
                work &+= range.count
                if range.lowerBound == run.upperBound {
                    run = run.lowerBound..<range.upperBound
                } else {
                    if !run.isEmpty { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run])) }
                    run = range
                }
            }
            if !run.isEmpty { text.append(contentsOf: UnsafeBufferPointer(rebasing: input[run])) }
        }
        workspace.work &+= work
        CompileWorkspace.buffers.giveBack(&parsed.inlines, to: &workspace.inlines)
        CompileWorkspace.buffers.giveBack(&parsed.links, to: &workspace.links)
        return text
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
        guard let (tag, target) = memoKind(syntax.kind) else { return payload(resolvedMeaning(of: syntax, at: at)) }
        var targetBytes = target  // its bytes in place (no copy for a native string)
        let displayCount = syntax.display.reduce(0) { $0 + $1.count }
        let keyCount = 1 + 4 + targetBytes.utf8.count + displayCount
        guard keyCount <= LinkMeaningMemo.maxKeyBytes else { return payload(resolvedMeaning(of: syntax, at: at)) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: keyCount) { buffer in
            // The kind, the target's length and bytes, the display text's bytes.
            buffer[0] = tag
            let targetCount = UInt32(targetBytes.utf8.count)
            for k in 0..<4 { buffer[1 + k] = UInt8(truncatingIfNeeded: targetCount >> (8 * k)) }
            var end = 5
            targetBytes.withUTF8 { t in
                if let base = t.baseAddress { (buffer.baseAddress! + end).initialize(from: base, count: t.count) }
                end += t.count
            }
            input.withUnsafeBufferPointer { bytes in
                for slice in syntax.display where !slice.isEmpty {
                    (buffer.baseAddress! + end).initialize(from: bytes.baseAddress! + slice.lowerBound, count: slice.count)
                    end += slice.count
                }
            }
            let key = UnsafeBufferPointer(buffer)
            let hash = ByteKeyHash.hash(key)
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
    /// hits, and the call cost 0.5 M instructions on the 2 MB bench corpus.
    @inline(__always)
    private mutating func recall(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, at: Int, in memo: borrowing LinkMeaningMemo) -> Int? {
        guard let slot = memo.slot(of: key, hash: hash) else {
            recording = []
            return nil
        }
        for r in memo.reports(at: slot) { replay(r, at: at) }
        return slot
    }

    /// Stores `meaning` under `key` with the reports recorded since the memo missed it, and stops
    /// recording.
    private mutating func memorize(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, meaning: LinkPayload?, in memo: inout LinkMeaningMemo) {
        memo.store(key: key, hash: hash, meaning: meaning, reports: recording ?? [])
        recording = nil
    }

    /// For a URL-like link, a phone number, a mention or a topic, what its memo key starts with: a
    /// byte for its kind (and for a mention or topic, whether its detector links only the names
    /// the manifest lists) and its target as written (empty for the kinds whose target is their
    /// display text, a number's digits, a mention's or topic's name); nil for the other kinds.
    private func memoKind(_ kind: LinkSyntaxKind) -> (tag: UInt8, target: String)? {
        switch kind {
        case .bareURL: (1, "")
        case .bareWWW: (2, "")
        case .angleAutolink: (3, "")
        case .email: (4, "")
        case .explicit(let target, _, _): (5, target)
        case .htmlAnchor(let href?, _, _): (6, href)
        // A number's meaning is its digits' (its URL made from them); with an extension, which
        // is not in the key, it is not memoized (few numbers have one).
        case .phone(let number) where number.extension == nil: (7, number.digits)
        // A name is its display text's (`name(of:)`), which the key holds.
        case .mention: (detectors.mentions == .known ? 10 : 9, "")
        case .topic: (detectors.topics == .known ? 12 : 11, "")
        default: nil
        }
    }

    /// The memo key's kind byte for a 《title》 that the manifest does not know (`reportUnknown`).
    private static let unknownTitleTag: UInt8 = 8

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
    /// `user:`, `topic:`, `action:`) or a URL.
    private mutating func explicitTarget(_ target: String, display: String, at: Int) -> (url: String?, target: LinkTarget)? {
        if let appTarget = Self.appTarget(target) {
            if case .appFilled = appTarget, let problem = filledSchemeProblem(target) {
                report(.error, problem, RuleID.disallowedScheme, at: at)
                return nil
            }
            return (nil, appTarget)
        }
        // `user://…`, `topic://…`: a URL of a custom scheme that shares a typed target's name, which
        // the manifest's schemes allow or refuse like any other; never a typed target with id `//…`.
        if let (prefix, valueStart) = Self.splitAtColon(target), !target.utf8[valueStart...].starts(with: "//".utf8) {
            // Made only for the typed prefixes: most targets are URLs, whose "value" is unused.
            lazy var value = String(target[valueStart...])
            switch prefix {
            case "agreement":
                guard let entry = index.agreement(id: value) else {
                    report(.warning, "unknown agreement id \"\(value)\": the manifest has no agreement with this id, so the link stays text",
                           RuleID.unknownAgreement, at: at)
                    return nil
                }
                reportURLProblems(of: entry, at: at)
                return (entry.payload.url, entry.payload.target)
            case "user":
                guard Self.isTypedTargetID(value) else {
                    return invalidTarget("user: needs a user id of 1 to \(Self.maxTypedTargetID) ASCII letters, digits, _, -, . and ~, as in user:u_10001", at: at)
                }
                let name = display.hasPrefix("@") ? String(display.dropFirst()) : display
                return mention(name: name, userID: value, at: at)
            case "topic":
                guard Self.isTypedTargetID(value) else {
                    return invalidTarget("topic: needs a topic id of 1 to \(Self.maxTypedTargetID) ASCII letters, digits, _, -, . and ~, as in topic:ios", at: at)
                }
                var name = Substring(display)
                if name.count >= 2 && name.hasPrefix("#") && name.hasSuffix("#") { name = name.dropFirst().dropLast() }
                return (templateURL(manifest.options.topicURL, id: value, name: String(name), at: at),
                        .topic(name: String(name), id: value))
            case "action":
                guard !value.isEmpty, value.utf8.allSatisfy({ ASCII.isLetterOrDigit($0) || Self.actionPunctuation.contains($0) }) else {
                    return invalidTarget("action: needs a name of ASCII letters, digits, _, - and ., as in action:expand", at: at)
                }
                return (nil, .action(name: value))
            default:
                break
            }
        }
        var target = target
        if Self.hasLowercasedPrefix(target, "www.") {
            target = "https://" + target
        } else if let base = context.baseURL, case .failure = WHATWGURL.parse(target),
                  case .success(let resolved) = WHATWGURL.parse(target, base: base) {
            // A relative href (`/status/1`, `faq.html`): the manifest's base URL completes it.
            target = resolved.href
        } else if target.hasPrefix("//") {
            // A scheme-relative href: Weibo's post HTML links a topic to its search page
            // (`<a href="//s.weibo.com/weibo?q=%23话题%23">#话题#</a>`), and the text says what it is;
            // otherwise an app has no page whose scheme it would take, and the web serves such links over https.
            if let construct = textConstruct(display, at: at) { return construct }
            target = "https:" + target
        } else if Self.isRelativeReference(target) {
            return relativeTarget(target, display: display, at: at)
        }
        // mailto:address without a query: the domain goes through IDNA, as for bare emails.
        if Self.hasLowercasedPrefix(target, "mailto:"), !target.contains("?"), !target.contains("#") {
            let address = String(target.dropFirst(7))
            if let url = urls.mailto(address) {
                let check = urls.check(url)
                reportURLProblems(check.problems.filter { $0.severity != .info }, at: at)
                if check.url != nil { return (url, .email(address: address)) }
                return nil
            }
        }
        if Self.hasLowercasedPrefix(target, "tel:") {
            // Read as the number it spells, before URL parsing percent-encodes its spaces into
            // digits ("tel:+86 400" would give +8620400).
            guard let number = TelNumber(spelled: String(target.dropFirst(4))) else {
                return invalidTarget("tel: needs a phone number: digits, an optional leading +, separators (- . ( ) space) and ;ext=", at: at)
            }
            guard let (checked, _) = webURL(number.url, at: at), let url = checked else { return nil }
            return (url, .phone(digits: number.digits, extension: number.extension))
        }
        guard let (checked, _) = webURL(target, at: at), let url = checked else { return nil }
        if url.hasPrefix("mailto:") {
            return (url, .email(address: String(target.drop(while: { $0 != ":" }).dropFirst())))
        }
        return (url, .url)
    }

    /// `target` split at its first ":" as `firstIndex(of: ":")` finds it, with the part before it
    /// lowercased (the typed-target prefix) and where the part after it starts. Byte by byte when
    /// that is sure to mean the same (a colon between ASCII bytes is a character of its own, and
    /// ASCII lowercases alone), else through `String` (a colon that a combining mark follows is
    /// no ":" character).
    static func splitAtColon(_ target: String) -> (prefix: String, valueStart: String.Index)? {
        var bytes = target
        enum Fast { case noColon, split(prefix: String, valueOffset: Int), undecided }
        let fast: Fast = bytes.withUTF8 { u in
            // A ":" character is the byte 0x3A (and perhaps marks after it): without that byte, none.
            guard let k = u.firstIndex(of: UInt8(ascii: ":")) else { return .noColon }
            guard k + 1 == u.count || u[k + 1] < 0x80 else { return .undecided }
            // Lowercased on the stack: a prefix of up to 15 ASCII bytes is a small string, so the
            // usual `https` costs no allocation at all.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(k, 1)) { lowered in
                for (j, b) in u[..<k].enumerated() {
                    guard b < 0x80 else { return .undecided }
                    lowered[j] = ASCII.lower(b)
                }
                return .split(prefix: String(decoding: UnsafeBufferPointer(rebasing: lowered[..<k]), as: UTF8.self), valueOffset: k + 1)
            }
        }
        switch fast {
        case .noColon: return nil
        case .split(let prefix, let valueOffset): return (prefix, target.utf8.index(target.utf8.startIndex, offsetBy: valueOffset))
        case .undecided: break
        }
        guard let colon = target.firstIndex(of: ":") else { return nil }
        return (target[..<colon].lowercased(), target.index(after: colon))
    }

    /// An href that the app fills in (`%1$s`: `LinkTarget.appFilled`) or intercepts (`#faq`, `#`,
    /// an empty href: `LinkTarget.appHandled`), or nil for any other target.
    static func appTarget(_ target: String) -> LinkTarget? {
        if target.isEmpty { return .appHandled(fragment: "") }
        if target.utf8.first == UInt8(ascii: "#") { return .appHandled(fragment: String(target.dropFirst())) }
        if hasPlaceholder(target) { return .appFilled(placeholder: target) }
        return nil
    }

    /// Why an href that the app fills (`tel:%s`, `https://%1$s/terms`) may not be a link, or nil.
    /// The scheme it spells meets the manifest's policy as a URL's does, so `javascript:%s` is
    /// refused as `javascript:x` would be; a placeholder inside the scheme (`java%script:`,
    /// `%sjavascript:`) is refused too, since a scheme completed at run time cannot be checked.
    /// Without a scheme (`%1$s`, `%s/terms`) the URL is the app's own.
    private func filledSchemeProblem(_ template: String) -> String? {
        // Filled twice with different letters: where the scheme changes, a placeholder is in it.
        guard case .success(let filled) = WHATWGURL.parse(Self.fillingPlaceholders(template, with: "x")) else { return nil }
        guard case .success(let other) = WHATWGURL.parse(Self.fillingPlaceholders(template, with: "y")),
              other.scheme == filled.scheme else {
            return "the app would fill part of this link's scheme, which cannot be checked; spell the scheme out (https://…)"
        }
        return schemeProblem(filled.scheme, policy: urls.policy)?.message
    }

    /// Whether `target` holds a placeholder that the app fills: a string placeholder of Android
    /// or iOS format strings, `%s`, `%@`, or with an argument number, `%1$s`, `%2$@` (what the
    /// app passes to `getString` or `String(format:)`), or a `${name}` of a string template its
    /// build fills (`href="${ftue_ems_url}"`). A percent-escape such as `%40` is none: it needs
    /// `$` after its digits.
    static func hasPlaceholder(_ target: String) -> Bool {
        var found = false
        forEachPlaceholder(in: target) { _ in found = true; return false }
        return found
    }

    /// `template` with each placeholder replaced by `filler`.
    static func fillingPlaceholders(_ template: String, with filler: String) -> String {
        var filled = "", copied = template.utf8.startIndex
        forEachPlaceholder(in: template) { placeholder in
            let start = template.utf8.index(template.utf8.startIndex, offsetBy: placeholder.lowerBound)
            filled += template[copied..<start] + filler
            copied = template.utf8.index(template.utf8.startIndex, offsetBy: placeholder.upperBound)
            return true
        }
        return filled + template[copied...]
    }

    /// Calls `body` with the byte range of each placeholder of `target` (`hasPlaceholder`), in
    /// order, while it returns true.
    private static func forEachPlaceholder(in target: String, _ body: (Range<Int>) -> Bool) {
        var target = target  // its bytes in place (no copy for a native string)
        target.withUTF8 { u in
            var i = 0
            // This runs over every explicit target, and most URLs have no "%" or "$" at all.
            while i < u.count {
                let start = i
                i += 1
                switch u[start] {
                case UInt8(ascii: "%"):
                    var j = i
                    while j < u.count && ASCII.isDigit(u[j]) { j += 1 }
                    if j > i {
                        guard j < u.count, u[j] == UInt8(ascii: "$") else { i = j; continue }
                        j += 1
                    }
                    guard j < u.count, u[j] == UInt8(ascii: "s") || u[j] == UInt8(ascii: "@") else { i = j; continue }
                    guard body(start..<(j + 1)) else { return }
                    i = j + 1
                case UInt8(ascii: "$"):
                    guard i < u.count, u[i] == UInt8(ascii: "{") else { continue }
                    var j = i + 1
                    while j < u.count && (ASCII.isLetterOrDigit(u[j]) || u[j] == UInt8(ascii: "_") || u[j] == UInt8(ascii: ".")) { j += 1 }
                    guard j > i + 1, j < u.count, u[j] == UInt8(ascii: "}") else { continue }
                    guard body(start..<(j + 1)) else { return }
                    i = j + 1
                default:
                    continue
                }
            }
        }
    }

    /// The punctuation an `action:` name may have besides ASCII letters and digits.
    private static let actionPunctuation = ASCIISet("_-.")

    /// The longest id of a `user:` or `topic:` target, in bytes.
    static let maxTypedTargetID = 128

    /// A `user:` or `topic:` id: 1 to `maxTypedTargetID` of RFC 3986's unreserved characters (ASCII
    /// letters, digits, `-` `.` `_` `~`), so that it goes into the manifest's URL templates as it is
    /// and cannot be a path, a query or a URL of its own.
    static func isTypedTargetID(_ id: String) -> Bool {
        (1...maxTypedTargetID).contains(id.utf8.count)
            && id.utf8.allSatisfy { ASCII.isLetterOrDigit($0) || unreservedPunctuation.contains($0) }
    }

    private static let unreservedPunctuation = ASCIISet("-._~")

    /// `s.lowercased().hasPrefix(prefix)` for a lowercase ASCII `prefix`, without lowercasing
    /// all of `s` when its first bytes decide: ASCII bytes lowercase one to one, so after
    /// matching ASCII bytes a differing ASCII byte means no; the general form is asked only
    /// when a non-ASCII byte is met on the way or right after the prefix (where a combining
    /// mark would join the prefix's last character).
    static func hasLowercasedPrefix(_ s: String, _ prefix: StaticString) -> Bool {
        let u = s.utf8
        var i = u.startIndex
        let decided: Bool? = prefix.withUTF8Buffer { p in
            for expected in p {
                guard i != u.endIndex else { return false }
                let b = u[i]
                if b >= 0x80 { return nil }
                if ASCII.lower(b) != expected { return false }
                i = u.index(after: i)
            }
            return i == u.endIndex || u[i] < 0x80 ? true : nil
        }
        return decided ?? s.lowercased().hasPrefix(prefix.description)
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

    /// Whether a target or source is a relative reference (`/help`, `../icon.png`, `termsOfService`):
    /// no scheme, not a URL by itself, and no domain or address that merely lacks its scheme (those
    /// get a suggestion as invalid URLs). The scheme is looked for in the bytes first: most targets
    /// have one, and need no parse here.
    private static func isRelativeReference(_ raw: String) -> Bool {
        var raw = raw  // its bytes in place: no copy for a native string
        guard !raw.withUTF8(AngleAutolink.startsWithScheme),
              case .failure(.missingSchemeNonRelativeURL) = WHATWGURL.parse(raw) else { return false }
        return schemeSuggestion(for: raw) == nil
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
    mutating func report(_ severity: Severity, _ message: String, _ rule: RuleID, at offset: Int) {
        report(severity, message, rule, atSource: offset)
    }

    /// Reports at an offset of `source.bytes`.
    mutating func report(_ severity: Severity, _ message: String, _ rule: RuleID, atSource offset: Int) {
        let report = LinkMeaningMemo.Report(severity: severity, message: Escaping.swiftEscaped(message, quotes: false), rule: rule)
        recording?.append(report)
        reports.append((report, offset))
    }

    /// Reports again what the memo recorded, at an offset of `source.bytes`.
    private mutating func replay(_ r: LinkMeaningMemo.Report, at offset: Int) {
        reports.append((r, offset))
    }

    /// A URL for an image or other resource: usable, or nil with the reason reported.
    mutating func resourceURL(_ raw: String, atSource offset: Int) -> String? {
        // A scheme-relative source (`//h5.sinaimg.cn/…`) takes https:, as a scheme-relative href does.
        if context.baseURL == nil && raw.hasPrefix("//") { return resourceURL("https:" + raw, atSource: offset) }
        // A page's own files (`../icon.png`): the image stays, without a URL, unless a base resolves it.
        if context.baseURL == nil && Self.isRelativeReference(raw) {
            report(.info, "the relative image source \"\(raw)\" has no URL without options.baseURL in the manifest",
                   RuleID.relativeHref, atSource: offset)
            return nil
        }
        let check = urls.check(raw)
        for problem in check.problems { report(problem.severity, problem.message, problem.ruleID, atSource: offset) }
        return check.url
    }
}

