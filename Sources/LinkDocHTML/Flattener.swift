// Turns libxml2's SAX events into flat text + element ranges + diagnostics.
//
// Division of labour:
//  - libxml2 tokenizes: it finds start tags and their (entity-decoded)
//    attributes, decodes text and character references, and treats
//    <script>/<style> content as raw text.
//  - We own the element structure. libxml2's HTML 4 tree rules (a <p> closes
//    an open <b>, top-level text gets an invented <p>, stray end tags vanish)
//    are not what copy authors expect, so we ignore its endElement decisions
//    and instead read every end tag from the source ourselves: all bytes libxml2
//    consumed without reporting them ("gaps") are scanned for end tags, text
//    libxml2 swallowed (a "</" that starts no tag, a malformed "&#x…;") and
//    leading whitespace it skipped. Our own stack then applies simple rules:
//    an end tag closes the nearest open element of that name (anything opened
//    inside it is closed too, reported as malformed); an end tag with no open
//    element is reported and ignored; a block closes an open <p>, a list item,
//    cell or row the one before it (Sanitizer.impliedEnd); a new <a> closes an
//    open <a>. Text is never reordered or lost.
//
// Everything is iterative (no recursion) and linear in the input size.
//
// A struct, not a class: libxml2's callbacks reach it through a pointer (see
// SAXParser.swift), so its fields are updated in place with no reference
// counting and no run-time exclusivity check per access.

import LinkDocBase

struct Flattener {
    private let scanner: SourceScanner
    private let options: HTMLOptions

    // Output.
    private var text: [UInt8]
    private var offsetMap: FlatOffsetMap
    /// In start-tag order: each is appended when its start tag is read, its range set when it
    /// closes.
    private var elements: [HTMLElement]
    private var diagnostics = DiagnosticCollector()

    // Source bookkeeping: everything before `processed` has been handled.
    private var processed = 0
    /// Where the last text chunk's source started; a chunk that consumes no
    /// new source (libxml2's "&" + "name" for an unknown entity) maps there.
    private var lastTextSource = 0
    /// Cursor after the last character reference, to recognize that tail.
    private var lastReferenceCursor = -1
    /// The source of the last text a gap gave (`emitGapText`).
    private var lastGapText = 0..<0

    // Open elements.
    struct OpenElement {
        let name: ElementName
        /// What `pop` needs of the element's role.
        let isDropped: Bool
        /// What separates a block's text from what follows ("\n", or "\t" after a table cell);
        /// 0 for an inline element.
        let separator: UInt8
        /// Its index in `elements`, or -1: not reported (unwrapped, unknown, too deep, dropped).
        let slot: Int
        /// A <p>'s style (from its `style` attribute), reported beside it: its index in
        /// `elements`, or -1.
        let styleSlot: Int
        let sourceOffset: Int
        var flatStart: Int
        let sequence: Int
        /// Stack index of the next open element with the same name below, or -1.
        let sameNameBelow: Int
    }
    private var stack: [OpenElement]
    /// Stack index of the topmost open element per name (-1: none), by
    /// `Tag.rawValue` for the known names; with `OpenElement.sameNameBelow` a
    /// list per name: O(1) lookup of "is a <b> open, and where", without an
    /// array per name and without hashing for the known names.
    private var topmostKnown: [Int]
    private var topmostOther: [[UInt8]: Int] = [:]
    /// Number of open dropped elements, and the stack index of the outermost.
    private var droppedDepth = 0
    private var droppedBase = 0
    private var depthLimitReported = false
    private var sequence = 0
    /// Where the source has NUL bytes (the scanner's copy has `?` there), ascending; nearly always
    /// empty.
    private let nulOffsets: [Int]

    // Paragraph separation and block whitespace.
    private enum Boundary { case none, documentStart, paragraph }
    private var lastBoundary = Boundary.documentStart
    /// Whitespace-only text seen right after a boundary; dropped if the next
    /// thing is a paragraph boundary too, emitted otherwise.
    private var heldWhitespace: [(bytes: [UInt8], source: Int, sourceEnd: Int, identity: Bool)] = []
    /// A block ended: the next content needs this separator before it ("\n", "\t" after a
    /// table cell); 0 when none.
    private var pendingSeparator: UInt8 = 0
    /// Elements opened after the last paragraph boundary (sequence greater
    /// than this) must start after a separator inserted later.
    private var boundarySequence = 0
    /// The input is a page (it has a DOCTYPE, <html> or <body>), authored for a browser: its
    /// white space is laid out as a browser lays it out (`emitCollapsed`), not kept as written.
    private var isPage = false

    /// Flattens `source`. The flattener is used once; its arrays come from `workspace` and go
    /// back to it (the result's text, offset map and elements when the caller recycles it).
    static func run(source: [UInt8], options: HTMLOptions, workspace: inout HTMLWorkspace) -> FlatHTML {
        let nulOffsets = InputSanitizer.nulOffsets(in: source)
        // Valid UTF-8 needs only its NUL bytes replaced: without any it is its own sanitized copy.
        let sanitized = nulOffsets.isEmpty && options.inputIsValidUTF8
            ? source : InputSanitizer.sanitize(source, knownValidUTF8: options.inputIsValidUTF8)
        var parser = workspace.parser.take()
        // A copy of the workspace (a struct) shares its context, which two parses must never use at
        // once: only an unshared one is reused.
        if parser != nil && !isKnownUniquelyReferenced(&parser) { parser = nil }
        // The meter lives on the stack for the run (a pointer the scanner shares, not a malloc).
        var work = 0
        var flat = withUnsafeMutablePointer(to: &work) { meter in
            // No element open, for every name: as the last run left it (`finish` closes all), so
            // only a workspace's first run fills it.
            var known: [Int] = []
            swap(&known, &workspace.topmostKnown)
            if known.count != Self.tagCount { known = Array(repeating: -1, count: Self.tagCount) }
            // The flat text is at most about as long as the source: one allocation, if any.
            let (text, stack, elements, offsets) = workspace.lend(textCapacity: sanitized.count + 16)
            // Consumed into a flattener made with every field at once: a buffer still referenced
            // here would be copied on the flattener's first write, and mutating a field of the
            // new flattener after its initializer made the compiler copy the whole struct.
            var flattener = Flattener(scanner: SourceScanner(bytes: sanitized, meter: meter), options: options,
                                      nulOffsets: nulOffsets, text: consume text,
                                      stack: consume stack, elements: consume elements, topmostKnown: consume known,
                                      offsets: consume offsets)
            return flattener.run(parser: &parser, workspace: &workspace)
        }
        flat.work = work
        if let parser, parser.isWorthKeeping { workspace.parser = parser }
        return flat
    }

    /// `Tag.allCases.count` (which makes the array of all cases each time it is asked).
    private static let tagCount = Tag.allCases.count

    private init(scanner: SourceScanner, options: HTMLOptions, nulOffsets: [Int], text: [UInt8], stack: [OpenElement],
                 elements: [HTMLElement], topmostKnown: [Int], offsets: OffsetMap) {
        self.scanner = scanner
        self.options = options
        self.nulOffsets = nulOffsets
        self.stack = stack
        self.elements = elements
        self.topmostKnown = topmostKnown
        self.text = text
        offsetMap = FlatOffsetMap(storage: offsets)
    }

    private mutating func run(parser: inout ParserContext?, workspace: inout HTMLWorkspace) -> FlatHTML {
        let source = scanner.bytes
        if !source.isEmpty {
            let simpleMarkup = options.readsSimpleMarkup
            withUnsafeMutablePointer(to: &self) { SAXParser.parse(source, flattener: $0, simpleMarkup: simpleMarkup, context: &parser) }
        }
        finish()
        let flat = FlatHTML(
            text: text,
            elements: elements,
            diagnostics: diagnostics.sorted(),
            offsetMap: offsetMap
        )
        workspace.takeBack(stack: &stack)
        // Given back with its entries, which `finish` left at -1 (75 of them: far under the cap).
        swap(&topmostKnown, &workspace.topmostKnown)
        return flat
    }

    // MARK: - SAX events

    mutating func startElement(name: UnsafeBufferPointer<UInt8>, attributes: SAXAttributes, cursor: Int) {
        // The tag's "<" lies between what we processed and the cursor; if it
        // is not there, libxml2 invented the element (its implied <p>).
        guard let tagStart = scanner.findStartTag(named: name, in: processed..<cursor) else { return }
        processGap(processed..<tagStart)
        var tagEnd = cursor
        var selfClosing = false
        let bytes = scanner.bytes
        if cursor < bytes.count, bytes[cursor] == ASCII.greaterThan {
            tagEnd = cursor + 1
        } else if cursor + 1 < bytes.count, bytes[cursor] == ASCII.slash, bytes[cursor + 1] == ASCII.greaterThan {
            tagEnd = cursor + 2
            selfClosing = true
        }
        processed = max(processed, tagEnd)
        let tagName = ElementName(lowercasing: name)
        handleStartTag(tagName, attributes: attributes, tagStart: tagStart, tagEnd: tagEnd, attributesEnd: cursor)
        if selfClosing, !Sanitizer.isVoid(tagName) {
            // libxml2 closes "<b/>" at once; so do we.
            handleEndTag(tagName, at: tagStart, selfClosed: true)
        }
    }

    mutating func endElement(cursor: Int) {
        // The end tag (if any) is in the bytes libxml2 consumed since the last
        // event; processGap finds and applies it.
        processGap(processed..<cursor)
        processed = max(processed, cursor)
    }

    mutating func characters(_ chunk: UnsafeBufferPointer<UInt8>, cursor: Int) {
        if cursor == lastReferenceCursor, cursor <= processed {
            // No new source consumed: the tail of libxml2's "&" + "name" output
            // for an unknown entity. Map it with the chunk before.
            emitText(chunk, source: lastTextSource, sourceEnd: processed, identity: false)
            return
        }
        // libxml2 may report a cursor behind what was already processed (an unknown entity
        // whose name spans its input-buffer refill, found by fuzzing); then there is no
        // reference to look for, and the text is mapped by the paths below.
        if processed <= cursor, let amp = scanner.referenceStart(endingIn: processed..<cursor) {
            // A character or entity reference just parsed: "&amp;" → "&".
            processGap(processed..<amp)
            lastTextSource = amp
            lastReferenceCursor = cursor
            processed = cursor
            emitText(chunk, source: amp, sourceEnd: cursor, identity: false)
            return
        }
        // Plain text. Chunks libxml2 flushes mid-run (>= 1000 bytes) are
        // reported with the cursor before their last character, and so is a
        // literal "<" that starts no tag (cursor still on it).
        let lag = SourceScanner.lastCharacterLength(chunk)
        let likelyEnd = chunk.count >= 1000 ? cursor + lag : cursor
        let otherEnd = chunk.count >= 1000 ? cursor : cursor + lag
        if emitAligned(chunk, endingAt: likelyEnd) || emitAligned(chunk, endingAt: otherEnd) { return }
        // libxml2 ends an element that text may not stand in (a <head>) before it reports that
        // text, so the end event's gap gave the text already.
        if cursor <= lastGapText.upperBound, scanner.alignText(chunk, endingAt: cursor, floor: lastGapText.lowerBound) != nil {
            return
        }
        // Should not happen; keep the text, mapped to the consumed range.
        lastTextSource = processed
        emitText(chunk, source: processed, sourceEnd: max(processed, cursor), identity: false)
        processed = max(processed, cursor)
    }

    /// Emits `chunk` if it sits in the source right before `end` (see
    /// `SourceScanner.alignText`), with the source before it.
    private mutating func emitAligned(_ chunk: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> Bool {
        guard let (start, verbatim) = scanner.alignText(chunk, endingAt: end, floor: processed) else { return false }
        processGap(processed..<start)
        lastTextSource = start
        processed = end
        emitText(chunk, source: start, sourceEnd: end, identity: verbatim)
        return true
    }

    mutating func rawText(cursor: Int) {
        // <script>/<style> content: skip it unread (it may contain "</b>").
        processed = max(processed, cursor)
    }

    mutating func comment(cursor: Int) {
        // A comment is never shown: dropping it loses nothing (an unterminated one, which swallows
        // the rest, is reported where it is found).
        remove(opening: Self.commentOpen, cursor: cursor, saying: nil)
    }

    mutating func processingInstruction(cursor: Int) {
        remove(opening: Self.processingInstructionOpen, cursor: cursor, saying: "processing instruction removed")
    }

    mutating func doctype(cursor: Int) {
        // <!DOCTYPE …> says the input is a page; it has no text, and is dropped silently.
        isPage = true
        remove(opening: Self.doctypeOpen, cursor: cursor, saying: nil)
    }

    /// Markup that is dropped with what it holds, from its `opening` up to `cursor`; `message`
    /// is reported at it unless it lies inside removed content.
    private mutating func remove(opening: [UInt8], cursor: Int, saying message: String?) {
        let start = scanner.find(opening, in: processed..<cursor) ?? processed
        processGap(processed..<start)
        processed = max(processed, cursor)
        if let message, droppedDepth == 0 {
            diagnostics.add(start, .warning, RuleID.htmlSanitized, message)
        }
    }

    // MARK: - Tokens from SimpleMarkup
    //
    // What the SAX events above do for the same input, given the positions they recover from
    // libxml2's cursors: SimpleMarkup's tokens tile the source, so each starts where the last
    // one ended (`processed`), and their gaps are empty.

    /// Text as in the source at `start`: `characters` when `alignText` finds it verbatim there.
    mutating func simpleText(_ chunk: UnsafeBufferPointer<UInt8>, at start: Int) {
        processGap(upTo: start)
        lastTextSource = start
        processed = start + chunk.count
        emitText(chunk, source: start, sourceEnd: processed, identity: true)
    }

    /// What a character or entity reference at `source` decodes to: `characters` when
    /// `referenceStart` finds the reference (and, for the second chunk libxml2 reports for one,
    /// when the cursor has not moved).
    mutating func simpleReference(_ decoded: UnsafeBufferPointer<UInt8>, source: Range<Int>) {
        processGap(upTo: source.lowerBound)
        lastTextSource = source.lowerBound
        lastReferenceCursor = source.upperBound
        processed = max(processed, source.upperBound)
        emitText(decoded, source: source.lowerBound, sourceEnd: processed, identity: false)
    }

    /// The start tag `<tag…>` from `tagStart` to its `>` at `close`, with an `href` or no
    /// attribute: `startElement`.
    mutating func simpleStartTag(_ tag: Tag, at tagStart: Int, close: Int, href: UnsafeBufferPointer<UInt8>?) {
        processGap(upTo: tagStart)
        processed = max(processed, close + 1)
        // What handleStartTag does for SimpleMarkup's tags outside removed content, without
        // reading attributes by name: an href is the only one, no event handler, and it holds no
        // NUL when the source has none (SimpleMarkup lets no "&#" into it).
        if droppedDepth == 0, nulOffsets.isEmpty, Self.hasSimpleKind(tag) {
            touchInline()
            if tag == .a, let a = topmost(.known(.a)) { closeElements(downTo: a, reason: "<a>") }
            // The kind is made in the element's place, not copied there.
            let slot = reportedSlot(sourceOffset: tagStart)
            if slot >= 0 {
                elements.append(HTMLElement(kind: Self.simpleKind(tag, href: href), range: text.count..<text.count, sourceOffset: tagStart))
            }
            push(.known(tag), isDropped: false, separator: 0, slot: slot, sourceOffset: tagStart)
            return
        }
        var attributes = SAXAttributes(pairs: nil)
        attributes.href = href
        handleStartTag(.known(tag), attributes: attributes, tagStart: tagStart, tagEnd: close + 1, attributesEnd: close)
    }

    /// Whether `simpleKind` knows the tag.
    private static func hasSimpleKind(_ tag: Tag) -> Bool {
        switch tag {
        case .a, .b, .strong, .i, .em, .u, .s: true
        default: false
        }
    }

    /// The element a start tag SimpleMarkup reads makes (`Sanitizer.role`).
    private static func simpleKind(_ tag: Tag, href: UnsafeBufferPointer<UInt8>?) -> HTMLElementKind {
        switch tag {
        case .a: .anchor(href: KnownAttributes.string(href), title: nil)
        case .b, .strong: SimpleStyle.bold
        case .i, .em: SimpleStyle.italic
        case .u: SimpleStyle.underline
        default: SimpleStyle.strikethrough
        }
    }

    /// The kinds of the fixed-style tags SimpleMarkup reads, made once.
    private enum SimpleStyle {
        static let bold = HTMLElementKind.style(TextStyle(bold: true))
        static let italic = HTMLElementKind.style(TextStyle(italic: true))
        static let underline = HTMLElementKind.style(TextStyle(underline: true))
        static let strikethrough = HTMLElementKind.style(TextStyle(strikethrough: true))
    }

    /// The end tag `</tag>` from `tagStart` to `end`: `endElement`, whose gap holds it.
    mutating func simpleEndTag(_ tag: Tag, at tagStart: Int, end: Int) {
        processGap(upTo: tagStart)
        handleEndTag(.known(tag), at: tagStart, selfClosed: false)
        processed = max(processed, end)
    }

    /// The gap before a token (empty: see above).
    private mutating func processGap(upTo start: Int) {
        if processed < start { processGap(processed..<start) }
    }

    /// SimpleMarkup read `count` bytes to find its tokens (the flattener's own scan: metered).
    mutating func simpleMarkupRead(_ count: Int) { scanner.tick(count) }

    private static let commentOpen = Array("<!--".utf8)
    private static let processingInstructionOpen = Array("<?".utf8)
    private static let doctypeOpen = Array("<!".utf8)

    // MARK: - Gaps: source libxml2 consumed without telling us

    /// Applies end tags found in `range`, restores literal text libxml2
    /// swallowed, and skips tags libxml2 discarded (duplicate <html>/<body>)
    /// and an unterminated comment.
    private mutating func processGap(_ range: Range<Int>) {
        guard range.lowerBound < range.upperBound else { return }
        let bytes = scanner.bytes
        let end = range.upperBound
        var i = range.lowerBound
        var textStart = i
        while i < end {
            scanner.tick()
            guard bytes[i] == ASCII.lessThan, i + 1 < end else { i += 1; continue }
            let next = bytes[i + 1]
            if next == ASCII.slash, i + 2 < end, ASCII.isLetter(bytes[i + 2]) {
                emitGapText(textStart..<i)
                let (name, nameEnd) = scanner.tagName(at: i + 2, limit: end)
                handleEndTag(name, at: i, selfClosed: false)
                i = skipPast(ASCII.greaterThan, from: nameEnd, limit: end)
                textStart = i
            } else if ASCII.isLetter(next) {
                emitGapText(textStart..<i)
                let (name, nameEnd) = scanner.tagName(at: i + 1, limit: end)
                let tagEnd = skipPast(ASCII.greaterThan, from: nameEnd, limit: end)
                if name == .known(.head) {
                    // libxml2 discards a <head> outside <html>; what it holds is still the page's
                    // metadata, not copy.
                    handleStartTag(name, attributes: SAXAttributes(pairs: nil), tagStart: i, tagEnd: tagEnd, attributesEnd: tagEnd)
                } else if droppedDepth == 0, !Sanitizer.isTransparentWrapper(name) {
                    diagnostics.add(i, .warning, RuleID.htmlMalformed, "<\(name.string)> could not be parsed and was removed")
                }
                i = tagEnd
                textStart = i
            } else if next == ASCII.bang, i + 3 < end, bytes[i + 2] == ASCII.dash, bytes[i + 3] == ASCII.dash {
                emitGapText(textStart..<i)
                if droppedDepth == 0 {
                    diagnostics.add(i, .warning, RuleID.htmlSanitized, "unterminated HTML comment removed up to the end of input")
                }
                i = end
                textStart = i
            } else {
                i += 1
            }
        }
        emitGapText(textStart..<end)
    }

    private mutating func skipPast(_ byte: UInt8, from start: Int, limit: Int) -> Int {
        var i = start
        while i < limit, scanner.bytes[i] != byte { i += 1; scanner.tick() }
        return min(i + 1, limit)
    }

    /// Literal text restored from a gap. Drops the C0 controls libxml2 drops
    /// everywhere else, for consistency.
    private mutating func emitGapText(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        lastGapText = range
        let slice = scanner.bytes[range]
        if slice.contains(where: ASCII.isDroppedControl) {
            let kept = slice.filter { !ASCII.isDroppedControl($0) }
            kept.withUnsafeBufferPointer {
                emitText($0, source: range.lowerBound, sourceEnd: range.upperBound, identity: false)
            }
        } else {
            slice.withUnsafeBufferPointer {
                emitText($0, source: range.lowerBound, sourceEnd: range.upperBound, identity: true)
            }
        }
    }

    // MARK: - Structure

    private mutating func handleStartTag(_ name: ElementName, attributes: SAXAttributes,
                                tagStart: Int, tagEnd: Int, attributesEnd: Int) {
        let role = Sanitizer.role(of: name)
        let isVoid = Sanitizer.isVoid(name)

        if droppedDepth > 0 {
            // Inside removed content: only track nesting.
            if !isVoid { push(name, role: role, kind: nil, sourceOffset: tagStart, record: false) }
            return
        }

        // A <head> whose end tag is left out ends where the body's content starts.
        if let head = topmost(.known(.head)), !Sanitizer.belongsInHead(name) {
            closeElements(downTo: head, reason: "<\(name.string)>")
        }

        if role == .dropped {
            if let severity = Sanitizer.droppedSeverity(name) {
                diagnostics.add(tagStart, severity, RuleID.htmlSanitized, "<\(name.string)> removed with its content")
            }
            if !isVoid { push(name, role: role, kind: nil, sourceOffset: tagStart, record: false) }
            return
        }
        if role == .metadata {
            // In <head> it is the page's, not copy; elsewhere a <title> has text that goes.
            if name == .known(.title), topmost(.known(.head)) == nil {
                diagnostics.add(tagStart, .info, RuleID.htmlSanitized, "<title> names a page and is not copy: removed with its text")
            }
            if !isVoid { push(name, role: role, kind: nil, sourceOffset: tagStart, record: false) }
            return
        }

        let attrs = checkedAttributes(attributes, tagStart: tagStart, attributesEnd: attributesEnd)

        switch role {
        case .lineBreak:
            // A page's space before a line break is not shown.
            if isPage { heldWhitespace.removeAll() }
            touchInline()
            appendContent(Self.lineBreak, source: tagStart, sourceEnd: tagEnd, identity: false, isText: false)
        case .image:
            touchInline()
            appendContent(Self.objectReplacement, source: tagStart, sourceEnd: tagEnd, identity: false, isText: false)
            if stack.count + 1 <= options.maxDepth {
                let kind = HTMLElementKind.image(
                    src: KnownAttributes.string(attrs.src), alt: KnownAttributes.string(attrs.alt),
                    width: attrs.width.flatMap(Self.dimension), height: attrs.height.flatMap(Self.dimension))
                elements.append(HTMLElement(kind: kind, range: (text.count - 3)..<text.count, sourceOffset: tagStart))
            } else {
                reportDepthLimit(at: tagStart)
            }
        case .paragraph, .block, .heading, .cell:
            closeImpliedElements(before: name)
            heldWhitespace.removeAll()
            // A cell right after another cell of its row follows it after a tab.
            let separator = role == .cell && pendingSeparator == ASCII.tab ? ASCII.tab : ASCII.newline
            pendingSeparator = 0
            if !text.isEmpty, text.last != ASCII.newline {
                insertSeparator(separator, source: tagStart)
            }
            // <hr>, a block with nothing in it, is the line break before it.
            if !isVoid {
                // A heading is bold; any block may have a style attribute (`<p style="color: …">`).
                var style = role == .heading ? TextStyle(bold: true) : TextStyle()
                if let declared = KnownAttributes.string(attrs.style) { style = style.merging(InlineStyle.parse(declared)) }
                if role == .paragraph {
                    push(name, role: role, kind: .paragraph, style: style.isEmpty ? nil : style, sourceOffset: tagStart, record: true)
                } else {
                    push(name, role: role, kind: style.isEmpty ? nil : .style(style), sourceOffset: tagStart, record: !style.isEmpty)
                }
            }
            markBoundary()
        case .anchor:
            touchInline()
            if let a = topmost(.known(.a)) { closeElements(downTo: a, reason: "<a>") }
            // Without href, a `name` or `id` makes the <a> a place that links jump to, not a
            // link: its text stays text, and the document has nowhere to keep the place.
            let isNamedAnchor = attrs.href == nil && !attrs.hrefDropped && (attrs.name != nil || attrs.id != nil)
            if isNamedAnchor {
                diagnostics.add(tagStart, .info, RuleID.htmlUnknownElement,
                                "<a> with \(attrs.name != nil ? "name" : "id") and no href is a named anchor (a place links jump to), not a link: its text stays text")
            }
            // An href dropped (reported) takes the link with it: no link the app would make of nothing.
            let isLink = !isNamedAnchor && !attrs.hrefDropped
            push(name, role: role, kind: isLink ? .anchor(href: KnownAttributes.string(attrs.href), title: KnownAttributes.string(attrs.title)) : nil,
                 sourceOffset: tagStart, record: isLink)
        case .fixedStyle(let style):
            touchInline()
            let combined = KnownAttributes.string(attrs.style).map { style.merging(InlineStyle.parse($0)) } ?? style
            push(name, role: role, kind: .style(combined), sourceOffset: tagStart, record: true)
        case .annotation:
            touchInline()
            let style = TextStyle(annotation: annotationAttributes(attributes, tagStart: tagStart, attributesEnd: attributesEnd))
            push(name, role: role, kind: .style(style), sourceOffset: tagStart, record: true)
        case .attributeStyle:
            touchInline()
            var style = KnownAttributes.string(attrs.style).map(InlineStyle.parse) ?? TextStyle()
            if name == .known(.font), let color = KnownAttributes.string(attrs.color) {
                style = InlineStyle.fontColor(color).merging(style)
            }
            let kind: HTMLElementKind? = style.isEmpty ? nil : .style(style)
            push(name, role: role, kind: kind, sourceOffset: tagStart, record: kind != nil)
        case .unwrapped:
            if Sanitizer.isTransparentWrapper(name) {
                if name != .known(.head) { isPage = true }
            } else {
                touchInline()
            }
            if !isVoid { push(name, role: role, kind: nil, sourceOffset: tagStart, record: false) }
        case .unknown:
            touchInline()
            diagnostics.add(tagStart, .warning, RuleID.htmlUnknownElement,
                            "unsupported element <\(name.string)>: tags removed, text kept")
            if !isVoid { push(name, role: role, kind: nil, sourceOffset: tagStart, record: false) }
        case .dropped, .metadata:
            break   // handled above
        }
    }

    private static let lineBreak: [UInt8] = [ASCII.newline]
    private static let space: [UInt8] = [0x20]
    private static let objectReplacement: [UInt8] = [0xEF, 0xBF, 0xBC]   // U+FFFC

    /// The attribute values linkdoc reads (each element uses a few of them), where the start
    /// tag's event has them (valid only during it): a record of pointers costs no retain or
    /// release when made, copied or dropped, and only the values an element keeps become Strings.
    private struct KnownAttributes {
        typealias Value = UnsafeBufferPointer<UInt8>
        var href, title, src, alt, width, height, style, color: Value?
        /// Read only for whether they are there (an <a> with one and no href is a named anchor).
        var name, id: Value?
        /// The href was there but dropped (`drop`).
        var hrefDropped = false

        /// A value as a String (a kind or a style keeps it).
        static func string(_ value: Value?) -> String? { value.map { String(decoding: $0, as: UTF8.self) } }

        /// Keeps `value` if `name` is one we read and was not seen before
        /// (libxml2 keeps the first of duplicates).
        mutating func record(_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>?) {
            // packedKey lowercases; the names libxml2 reports are lowercase already,
            // so compare exactly as a lookup by name would.
            guard let key = ElementName.packedKey(lowercasing: name),
                  !name.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) else { return }
            func keep(_ slot: inout Value?) {
                // An attribute without "=value" has the empty value.
                if slot == nil { slot = value ?? Value(start: nil, count: 0) }
            }
            switch key {
            case Self.hrefKey: keep(&href)
            case Self.titleKey: keep(&title)
            case Self.srcKey: keep(&src)
            case Self.altKey: keep(&alt)
            case Self.widthKey: keep(&width)
            case Self.heightKey: keep(&height)
            case Self.styleKey: keep(&style)
            case Self.colorKey: keep(&color)
            case Self.nameKey: keep(&self.name)
            case Self.idKey: keep(&id)
            default: return
            }
        }

        var hasValue: Bool {
            href != nil || title != nil || src != nil || alt != nil || width != nil || height != nil || style != nil || color != nil
        }

        /// Forgets the value of the attribute `name` (lowercase); whether it was one we read.
        mutating func drop(_ name: String) -> Bool {
            switch name {
            case "href": href = nil; hrefDropped = true
            case "title": title = nil
            case "src": src = nil
            case "alt": alt = nil
            case "width": width = nil
            case "height": height = nil
            case "style": style = nil
            case "color": color = nil
            default: return false
            }
            return true
        }

        private static let hrefKey = ElementName.packedKey(lowercasing: "href".utf8)
        private static let titleKey = ElementName.packedKey(lowercasing: "title".utf8)
        private static let srcKey = ElementName.packedKey(lowercasing: "src".utf8)
        private static let altKey = ElementName.packedKey(lowercasing: "alt".utf8)
        private static let widthKey = ElementName.packedKey(lowercasing: "width".utf8)
        private static let heightKey = ElementName.packedKey(lowercasing: "height".utf8)
        private static let styleKey = ElementName.packedKey(lowercasing: "style".utf8)
        private static let colorKey = ElementName.packedKey(lowercasing: "color".utf8)
        private static let nameKey = ElementName.packedKey(lowercasing: "name".utf8)
        private static let idKey = ElementName.packedKey(lowercasing: "id".utf8)
    }

    /// Drops event-handler attributes (with a warning pointing at each) and
    /// returns the values linkdoc reads.
    private mutating func checkedAttributes(_ attributes: SAXAttributes, tagStart: Int, attributesEnd: Int) -> KnownAttributes {
        var result = KnownAttributes()
        var positions: [(name: String, offset: Int)]? = nil
        attributes.forEach { name, value in
            guard Sanitizer.isEventHandlerAttribute(name) else {
                result.record(name, value)
                return
            }
            let nameString = String(decoding: name, as: UTF8.self)
            if positions == nil { positions = scanner.attributeNames(tagStart: tagStart, end: attributesEnd) }
            var offset = tagStart
            if let k = positions!.firstIndex(where: { $0.name == nameString }) {
                offset = positions![k].offset
                positions!.remove(at: k)
            }
            diagnostics.add(offset, .warning, RuleID.htmlSanitized, "event handler attribute \(nameString) removed")
        }
        if result.hasValue { dropValuesWithNUL(&result, tagStart: tagStart, attributesEnd: attributesEnd) }
        return result
    }

    /// Drops each value we read that holds a NUL: a NUL byte or a character reference to U+0000
    /// (`&#0;`, `&#x00;`). libxml2 cuts a value at it and the scanner's copy has `?` for a NUL
    /// byte, so `https://evil.example&#0;.ok.example/` would link `https://evil.example/`: neither
    /// is what the author wrote, and a browser (U+FFFD) differs again. An error, not a warning:
    /// the link's target cannot be known, the author must fix the markup, and a build should stop.
    private mutating func dropValuesWithNUL(_ attributes: inout KnownAttributes, tagStart: Int, attributesEnd: Int) {
        var positions: [Int] = []
        if let first = nulOffsets.firstIndex(where: { $0 >= tagStart }) {
            positions += nulOffsets[first...].prefix { $0 < attributesEnd }
        }
        positions += scanner.nulCharacterReferences(from: tagStart, to: attributesEnd)
        guard !positions.isEmpty else { return }
        let names = scanner.attributeNames(tagStart: tagStart, end: attributesEnd)
        var reported = Set<Int>()
        for position in positions {
            guard let attribute = names.last(where: { $0.offset < position }), !reported.contains(attribute.offset),
                  attributes.drop(attribute.name) else { continue }
            reported.insert(attribute.offset)
            diagnostics.add(attribute.offset, .error, RuleID.htmlMalformed,
                            "the \(attribute.name) attribute holds a NUL character (a NUL byte or &#0;), which would cut it short; it is dropped"
                                + (attribute.name == "href" ? ", and the link with it" : ""))
        }
    }

    /// Every attribute of an `<annotation>` (event handlers were reported and are left out),
    /// named as the source spells it: libxml2 lowercases HTML attribute names, and an app
    /// looks its annotation keys up exactly (`Annotation.getKey()`).
    private func annotationAttributes(_ attributes: SAXAttributes, tagStart: Int, attributesEnd: Int) -> [String: String] {
        var spelled: [String: String] = [:]
        for (name, _) in scanner.attributeNames(tagStart: tagStart, end: attributesEnd, lowercased: false) {
            let lower = String(decoding: name.utf8.map(ASCII.lower), as: UTF8.self)
            if spelled[lower] == nil { spelled[lower] = name }
        }
        var result: [String: String] = [:]
        attributes.forEach { name, value in
            guard !Sanitizer.isEventHandlerAttribute(name) else { return }
            let lower = String(decoding: name, as: UTF8.self)
            result[spelled[lower] ?? lower] = value.map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return result
    }

    /// HTML dimension attribute: leading digits ("120", "120px" → 120).
    private static func dimension(_ value: UnsafeBufferPointer<UInt8>) -> Int? {
        var n = 0
        var any = false
        for b in value.drop(while: ASCII.isWhitespace) {
            guard ASCII.isDigit(b) else { break }
            any = true
            n = n * 10 + Int(b - 0x30)
            if n > 1_000_000 { return nil }
        }
        return any ? n : nil
    }

    /// Closes what a block's start tag ends when its end tag is left out (`Sanitizer.impliedEnd`):
    /// an open <p>, and a list item, definition, cell, row or row group before one of its kind.
    private mutating func closeImpliedElements(before name: ElementName) {
        var index: Int? = nil
        if let p = topmost(.known(.p)), !Sanitizer.paragraphScope.contains(where: { (topmost(.known($0)) ?? -1) > p }) {
            index = p
        }
        if let tag = name.tag, let (closes, unlessInside) = Sanitizer.impliedEnd(of: tag),
           let open = closes.compactMap({ topmost(.known($0)) }).max(),
           !unlessInside.contains(where: { (topmost(.known($0)) ?? -1) > open }) {
            index = min(index ?? open, open)
        }
        if let index { closeElements(downTo: index, reason: "<\(name.string)>") }
    }

    private mutating func handleEndTag(_ name: ElementName, at offset: Int, selfClosed: Bool) {
        guard let index = topmost(name), droppedDepth == 0 || index >= droppedBase else {
            // Nothing to close. Inside removed content (e.g. "</b>" in a
            // script) an end tag may not close anything outside it.
            if droppedDepth == 0, !Sanitizer.isTransparentWrapper(name) {
                diagnostics.add(offset, .warning, RuleID.htmlMalformed,
                                "end tag </\(name.string)> has no matching start tag; ignored")
            }
            return
        }
        if stack.count > index + 1 {
            closeElements(downTo: index + 1, reason: "</\(name.string)>")
        }
        pop(implicit: false, reason: "")
    }

    /// Stack index of the topmost open element named `name`.
    private mutating func topmost(_ name: ElementName) -> Int? {
        let index: Int
        switch name {
        case .known(let tag): index = topmostKnown[Int(tag.rawValue)]
        case .other(let bytes): index = topmostOther[bytes] ?? -1
        }
        return index >= 0 ? index : nil
    }

    private mutating func setTopmost(_ name: ElementName, _ index: Int) {
        switch name {
        case .known(let tag): topmostKnown[Int(tag.rawValue)] = index
        case .other(let bytes): topmostOther[bytes] = index >= 0 ? index : nil
        }
    }

    /// Closes (implicitly) every open element at stack index >= `index`.
    private mutating func closeElements(downTo index: Int, reason: @autoclosure () -> String) {
        guard stack.count > index else { return }
        let reason = reason()
        while stack.count > index {
            pop(implicit: true, reason: reason)
        }
    }

    /// Opens an element, reported as `kind` when `record` (and, for a <p>, its `style` beside it).
    private mutating func push(_ name: ElementName, role: ElementRole, kind: HTMLElementKind?, style: TextStyle? = nil,
                               sourceOffset: Int, record: Bool) {
        let isDropped = role == .dropped || role == .metadata
        let separator = role == .cell ? ASCII.tab : role.isBlock ? ASCII.newline : 0
        var slot = -1, styleSlot = -1
        if record, let kind, droppedDepth == 0 {
            slot = reportedSlot(sourceOffset: sourceOffset)
            if slot >= 0 {
                elements.append(HTMLElement(kind: kind, range: text.count..<text.count, sourceOffset: sourceOffset))
                if let style {
                    styleSlot = elements.count
                    elements.append(HTMLElement(kind: .style(style), range: text.count..<text.count, sourceOffset: sourceOffset))
                }
            }
        }
        push(name, isDropped: isDropped, separator: separator, slot: slot, styleSlot: styleSlot, sourceOffset: sourceOffset)
    }

    /// Where an element about to be opened goes in `elements` (its range is set when it closes,
    /// in `pop`), or -1 when it would be nested too deep (reported).
    private mutating func reportedSlot(sourceOffset: Int) -> Int {
        guard stack.count + 1 <= options.maxDepth else {
            reportDepthLimit(at: sourceOffset)
            return -1
        }
        return elements.count
    }

    /// Opens an element, whose slot in `elements` (or -1) the caller filled.
    private mutating func push(_ name: ElementName, isDropped: Bool, separator: UInt8, slot: Int, styleSlot: Int = -1, sourceOffset: Int) {
        sequence += 1
        if isDropped {
            if droppedDepth == 0 { droppedBase = stack.count }
            droppedDepth += 1
        }
        let below = topmost(name) ?? -1
        setTopmost(name, stack.count)
        stack.append(OpenElement(name: name, isDropped: isDropped, separator: separator,
                                 slot: slot, styleSlot: styleSlot,
                                 sourceOffset: sourceOffset, flatStart: text.count, sequence: sequence,
                                 sameNameBelow: below))
    }

    private mutating func pop(implicit: Bool, reason: String) {
        guard let element = stack.popLast() else { return }
        setTopmost(element.name, element.sameNameBelow)
        if element.isDropped { droppedDepth -= 1 }
        if droppedDepth > 0 { return }   // closing something inside removed content
        if element.isDropped {
            if implicit {
                diagnostics.add(element.sourceOffset, .warning, RuleID.htmlMalformed,
                                "<\(element.name.string)> is not closed; it was removed with everything up to \(reason)")
            }
            return
        }

        if implicit, !Sanitizer.hasOptionalEndTag(element.name) {
            diagnostics.add(element.sourceOffset, .warning, RuleID.htmlMalformed,
                            "<\(element.name.string)> is not closed properly; closed at \(reason)")
        }
        if element.slot >= 0 {
            elements[element.slot].range = element.flatStart..<max(element.flatStart, text.count)
        }
        if element.styleSlot >= 0 {
            elements[element.styleSlot].range = element.flatStart..<max(element.flatStart, text.count)
        }
        if element.separator != 0 {
            heldWhitespace.removeAll()
            pendingSeparator = text.isEmpty ? 0 : element.separator
            markBoundary()
        } else if !Sanitizer.isTransparentWrapper(element.name) {
            touchInline()
        }
    }

    private mutating func reportDepthLimit(at offset: Int) {
        guard !depthLimitReported else { return }
        depthLimitReported = true
        diagnostics.add(offset, .error, RuleID.htmlDepthLimit,
                        "elements nested deeper than \(options.maxDepth) levels are ignored; their text is kept")
    }

    private mutating func finish() {
        processGap(processed..<scanner.count)
        processed = scanner.count
        closeElements(downTo: 0, reason: "the end of the input")
        assert(topmostKnown.allSatisfy { $0 < 0 } && topmostOther.isEmpty, "an element is still recorded as open")
        // White space at the end of a page is its layout's.
        if lastBoundary != .paragraph && !isPage { flushHeldWhitespace() }
        heldWhitespace.removeAll()
    }

    // MARK: - Text emission

    /// Text (decoded or literal) in document order. `bytes` is only read
    /// during the call (it may be libxml2's buffer).
    private mutating func emitText(_ bytes: UnsafeBufferPointer<UInt8>, source: Int, sourceEnd: Int, identity: Bool) {
        guard droppedDepth == 0, !bytes.isEmpty else { return }
        if let head = topmost(.known(.head)) {
            // White space between a page's metadata is none of its copy; other text starts the
            // body, as in HTML.
            if bytes.allSatisfy(ASCII.isWhitespace) { return }
            closeElements(downTo: head, reason: "text")
        }
        if isPage, topmost(.known(.pre)) == nil, topmost(.known(.listing)) == nil {
            emitCollapsed(bytes, source: source, sourceEnd: sourceEnd, identity: identity)
            return
        }
        if lastBoundary != .none, bytes.allSatisfy(ASCII.isWhitespace) {
            heldWhitespace.append((Array(bytes), source, sourceEnd, identity))
            return
        }
        flushHeldWhitespace()
        appendContent(bytes, source: source, sourceEnd: sourceEnd, identity: identity, isText: true)
    }

    /// A page's text as a browser shows it (CSS `white-space: normal`): each run of white space
    /// is one space, none at the start or end of a line or block, and none after another. The
    /// space is held until text follows (or an inline element starts or ends, as whitespace
    /// after a boundary is), so one at the end of a block never shows.
    private mutating func emitCollapsed(_ bytes: UnsafeBufferPointer<UInt8>, source: Int, sourceEnd: Int, identity: Bool) {
        var i = 0
        while i < bytes.count {
            var j = i
            let isSpace = ASCII.isWhitespace(bytes[i])
            while j < bytes.count, ASCII.isWhitespace(bytes[j]) == isSpace { j += 1 }
            let start = identity ? source + i : source, end = identity ? source + j : sourceEnd
            if !isSpace {
                flushHeldWhitespace()
                appendContent(UnsafeBufferPointer(rebasing: bytes[i..<j]), source: start, sourceEnd: end, identity: identity, isText: true)
            } else if heldWhitespace.isEmpty, lastBoundary == .none, pendingSeparator == 0,
                      let last = text.last, !ASCII.isWhitespace(last) {
                heldWhitespace.append((Self.space, start, end, false))
            }
            i = j
        }
    }

    /// Something inline happens: whitespace held after a block boundary is
    /// real content after all.
    private mutating func touchInline() {
        flushHeldWhitespace()
        lastBoundary = .none
    }

    /// Called for every piece of text and inline tag; whitespace is seldom held.
    @inline(__always)
    private mutating func flushHeldWhitespace() {
        lastBoundary = .none
        if !heldWhitespace.isEmpty { appendHeldWhitespace() }
    }

    private mutating func appendHeldWhitespace() {
        let held = heldWhitespace
        heldWhitespace.removeAll()
        for piece in held {
            appendContent(piece.bytes, source: piece.source, sourceEnd: piece.sourceEnd,
                          identity: piece.identity, isText: true)
        }
    }

    private mutating func markBoundary() {
        lastBoundary = .paragraph
        boundarySequence = sequence
    }

    private mutating func appendContent(_ bytes: [UInt8], source: Int, sourceEnd: Int, identity: Bool, isText: Bool) {
        bytes.withUnsafeBufferPointer {
            appendContent($0, source: source, sourceEnd: sourceEnd, identity: identity, isText: isText)
        }
    }

    private mutating func appendContent(_ bytes: UnsafeBufferPointer<UInt8>, source: Int, sourceEnd: Int, identity: Bool, isText: Bool) {
        if pendingSeparator != 0 {
            let separator = pendingSeparator
            pendingSeparator = 0
            // Text that starts with its own newline already separates.
            if !(isText && bytes.first == ASCII.newline) {
                insertSeparator(separator, source: source)
            }
        }
        let start = text.count
        text.append(contentsOf: bytes)
        offsetMap.append(flatStart: start, sourceStart: source, length: bytes.count,
                         identity: identity, sourceEnd: sourceEnd)
    }

    /// The "\n" between blocks (or a block and surrounding text), or the "\t" between table
    /// cells. Elements opened since the last boundary start after it.
    private mutating func insertSeparator(_ separator: UInt8, source: Int) {
        let position = text.count
        text.append(separator)
        offsetMap.append(flatStart: position, sourceStart: source, length: 1, identity: false, sourceEnd: source)
        var k = stack.count - 1
        while k >= 0, stack[k].flatStart == position, stack[k].sequence > boundarySequence {
            stack[k].flatStart = position + 1
            k -= 1
        }
    }
}
