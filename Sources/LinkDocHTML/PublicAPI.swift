// The public surface of LinkDocHTML. Nothing here mentions libxml2: the
// module imports CLibXML2 with `internal import`, so clients (which may import
// Foundation) never see the system ICU headers that libxml2 pulls in.

import LinkDocBase

/// Knobs for `HTMLFlattener.flatten`.
public struct HTMLOptions: Sendable {
    /// Elements nested deeper than this are not reported as `HTMLElement`s
    /// (their text is still kept) and an `html-depth-limit` error is emitted.
    public var maxDepth: Int = 64

    /// The caller guarantees the input is valid UTF-8 (as strict as RFC 3629:
    /// the compiler's `SourceText` validates it). Then flattening only has to
    /// look for NUL bytes before libxml2 sees the input, not validate it again.
    package var inputIsValidUTF8 = false

    /// Whether markup that needs no HTML parser (a few inline tags and ampersands) is read
    /// without libxml2, to the same result (SimpleMarkup.swift); off only to compare the two.
    package var readsSimpleMarkup = true

    public init(maxDepth: Int = 64) {
        self.maxDepth = maxDepth
    }
}

public struct HTMLDiagnostic: Sendable, Equatable {
    /// UTF-8 byte offset in the ORIGINAL input of the offending tag (its `<`)
    /// or attribute (its name).
    public let sourceOffset: Int
    public let severity: Severity
    public let message: String
    /// `.htmlSanitized`, `.htmlUnknownElement`, `.htmlMalformed` or `.htmlDepthLimit`.
    public let ruleID: RuleID

    public init(sourceOffset: Int, severity: Severity, message: String, ruleID: RuleID) {
        self.sourceOffset = sourceOffset
        self.severity = severity
        self.message = message
        self.ruleID = ruleID
    }
}

public enum HTMLElementKind: Sendable, Equatable {
    /// `<a>`: attribute values entity-decoded by libxml2, NOT validated here
    /// (the compiler validates URLs).
    case anchor(href: String?, title: String?)
    /// b strong i em u ins s del strike sup sub code (and the like), span style=…, font color=…;
    /// a heading (bold) and a block's style attribute over the block's text.
    case style(TextStyle)
    /// `<img>`: occupies exactly one U+FFFC in the flat text.
    case image(src: String?, alt: String?, width: Int?, height: Int?)
    /// `<p>`
    case paragraph
}

public struct HTMLElement: Sendable, Equatable {
    public let kind: HTMLElementKind
    /// Byte range in `FlatHTML.text` (set by the flattener when the element closes).
    public internal(set) var range: Range<Int>
    /// Byte offset of its start tag's `<` in the original input.
    public let sourceOffset: Int

    public init(kind: HTMLElementKind, range: Range<Int>, sourceOffset: Int) {
        self.kind = kind
        self.range = range
        self.sourceOffset = sourceOffset
    }
}

public struct FlatHTML: Sendable {
    /// UTF-8; entities decoded, tags removed, `<br>` → "\n", `<img>` → U+FFFC,
    /// "\n" between paragraphs and other blocks, "\t" between a table row's cells; a page's
    /// white space collapsed as a browser shows it.
    public let text: [UInt8]
    /// In document order of their start tags.
    public let elements: [HTMLElement]
    /// Sorted by `sourceOffset`.
    public let diagnostics: [HTMLDiagnostic]

    let offsetMap: FlatOffsetMap
    /// Source bytes the flattener's own scans examined (libxml2's work is not counted):
    /// a deterministic measure for the tests that check flattening stays linear.
    package internal(set) var work: Int

    init(text: [UInt8], elements: [HTMLElement], diagnostics: [HTMLDiagnostic], offsetMap: FlatOffsetMap, work: Int = 0) {
        self.text = text
        self.elements = elements
        self.diagnostics = diagnostics
        self.offsetMap = offsetMap
        self.work = work
    }

    /// Maps a byte offset in `text` to a byte offset in the original input
    /// (for diagnostics). Monotone; offsets outside `0...text.count` are clamped.
    public func sourceOffset(forFlatOffset flatOffset: Int) -> Int {
        offsetMap.sourceOffset(forFlatOffset: flatOffset)
    }

    /// A cursor for many `sourceOffset(forFlatOffset:)` lookups in nearly ascending order.
    public func offsetCursor() -> FlatOffsetCursor { FlatOffsetCursor(map: offsetMap) }

    /// `text` as a Swift string (convenience for callers and tests).
    public var string: String { String(decoding: text, as: UTF8.self) }
}

public enum HTMLFlattener {
    /// Flattens an HTML fragment (UTF-8 bytes of the whole document) into text
    /// plus element ranges. Never traps; runs in linear time with bounded
    /// recursion; safe to call from several threads at once, each with a workspace of its own.
    /// The result's arrays go back to `workspace` through `HTMLWorkspace.recycle`.
    public static func flatten(_ utf8: [UInt8], options: HTMLOptions = .init(), workspace: inout HTMLWorkspace) -> FlatHTML {
        Flattener.run(source: utf8, options: options, workspace: &workspace)
    }

    /// Flattens with a workspace of its own (for a single document).
    public static func flatten(_ utf8: [UInt8], options: HTMLOptions = .init()) -> FlatHTML {
        var workspace = HTMLWorkspace()
        return flatten(utf8, options: options, workspace: &workspace)
    }
}
