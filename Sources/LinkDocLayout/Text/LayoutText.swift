/// The display text as the layout engine indexes it: UTF-16 code units (the unit of every range
/// TextKit and the link document give), where its grapheme clusters start, and the conversions
/// from UTF-16 offsets to Unicode scalar and UTF-8 offsets for output.
struct LayoutText: Sendable {
    let string: String
    let utf16: [UInt16]
    /// `isClusterStart[i]`: a grapheme cluster starts at UTF-16 offset i (and at `count`).
    /// Nothing ever breaks, cuts or truncates elsewhere: emoji with modifiers, ZWJ sequences,
    /// flags and combining marks stay whole.
    let isClusterStart: [Bool]
    /// Scalar and UTF-8 offsets of each UTF-16 offset (meaningful at scalar boundaries).
    private let scalarOffsets: [Int32]
    private let utf8Offsets: [Int32]
    /// `visibleEnds[i]`: where the text before offset i ends once the hanging spaces right before
    /// i are left out (i itself when the unit before i does not hang).
    private let visibleEnds: [Int32]

    init(_ string: String) {
        self.string = string
        utf16 = Array(string.utf16)
        var starts = [Bool](repeating: false, count: utf16.count + 1)
        var at = 0
        for character in string {
            starts[at] = true
            at += character.utf16.count
        }
        starts[utf16.count] = true
        isClusterStart = starts
        var scalars = [Int32](repeating: 0, count: utf16.count + 1)
        var bytes = [Int32](repeating: 0, count: utf16.count + 1)
        var u16 = 0, s = 0, u8 = 0
        for scalar in string.unicodeScalars {
            scalars[u16] = Int32(s)
            bytes[u16] = Int32(u8)
            let width = scalar.utf16.count
            if width == 2 { scalars[u16 + 1] = Int32(s); bytes[u16 + 1] = Int32(u8) }
            u16 += width
            s += 1
            u8 += scalar.utf8.count
        }
        scalars[u16] = Int32(s)
        bytes[u16] = Int32(u8)
        scalarOffsets = scalars
        utf8Offsets = bytes
        var visible = [Int32](repeating: 0, count: utf16.count + 1)
        for i in 1..<max(visible.count, 1) {
            visible[i] = Self.hangs(utf16[i - 1]) ? visible[i - 1] : Int32(i)
        }
        visibleEnds = visible
    }

    var count: Int { utf16.count }

    func scalarOffset(_ utf16Offset: Int) -> Int { Int(scalarOffsets[utf16Offset]) }
    func utf8Offset(_ utf16Offset: Int) -> Int { Int(utf8Offsets[utf16Offset]) }

    /// The scalar starting at `offset` (a lone surrogate reads as U+FFFD).
    func scalar(at offset: Int) -> Unicode.Scalar {
        let unit = utf16[offset]
        if UTF16.isLeadSurrogate(unit), offset + 1 < utf16.count, UTF16.isTrailSurrogate(utf16[offset + 1]) {
            return Unicode.Scalar(UInt32(unit - 0xD800) << 10 + UInt32(utf16[offset + 1] - 0xDC00) + 0x10000)!
        }
        return Unicode.Scalar(UInt32(unit)) ?? "\u{FFFD}"
    }

    func scalarWidth(at offset: Int) -> Int {
        UTF16.isLeadSurrogate(utf16[offset]) && offset + 1 < utf16.count && UTF16.isTrailSurrogate(utf16[offset + 1]) ? 2 : 1
    }

    /// The end of the grapheme cluster starting at `offset`.
    func clusterEnd(after offset: Int) -> Int {
        var end = offset + 1
        while end < count && !isClusterStart[end] { end += 1 }
        return end
    }

    /// Whether the unit at `offset` is white space that hangs past the line's end instead of
    /// counting towards its width (TextKit and Pango alike let trailing spaces overflow).
    func isHangingSpace(at offset: Int) -> Bool { Self.hangs(utf16[offset]) }

    private static func hangs(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x20, 0x09, 0x0A, 0x0D, 0x3000, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Where the visible text of `start..<end` ends: before the spaces that hang at its end.
    func visibleEnd(from start: Int, to end: Int) -> Int { max(start, Int(visibleEnds[end])) }
}
