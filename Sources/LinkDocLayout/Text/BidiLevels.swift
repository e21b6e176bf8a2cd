internal import CLinkDocICU

/// The text's bidi embedding levels (UAX #9, resolved by ICU's ubidi), paragraph by paragraph: a
/// paragraph ends at a line feed, as the document's paragraphs do.
struct BidiLevels: Sendable {
    /// `levels[i]`: the embedding level of UTF-16 unit i (even: left to right, odd: right to left).
    let levels: [UInt8]
    /// `kinds[i]`: LINKDOC_BIDI_WHITESPACE or _SEGMENT where rule L1 resets unit i at a line's end.
    let kinds: [UInt8]
    /// The base level (0 or 1) of each paragraph, by paragraph index.
    let paragraphLevels: [UInt8]

    /// The kinds of `kinds`.
    static let whitespace = UInt8(LINKDOC_BIDI_WHITESPACE), segmentSeparator = UInt8(LINKDOC_BIDI_SEGMENT)

    init(_ text: LayoutText, direction: BaseDirection) {
        var levels = [UInt8](repeating: 0, count: text.count)
        var kinds = [UInt8](repeating: UInt8(LINKDOC_BIDI_OTHER), count: text.count)
        var paragraphLevels: [UInt8] = []
        let requested: Int32 = switch direction {
        case .natural: LINKDOC_BIDI_AUTO
        case .leftToRight: LINKDOC_BIDI_LTR
        case .rightToLeft: LINKDOC_BIDI_RTL
        }
        var start = 0
        while start <= text.count {
            var end = start
            // A paragraph with no right-to-left character and no directional control is level 0
            // throughout in a left-to-right or natural request: it needs no ICU.
            var mayBeBidi = direction == .rightToLeft
            while end < text.count && text.utf16[end] != 0x0A {
                if Self.mayBeRightToLeft(text.utf16[end]) { mayBeBidi = true }
                end += 1
            }
            var level: UInt8 = 0
            if mayBeBidi && end > start {
                let resolved = text.utf16.withUnsafeBufferPointer { units in
                    levels.withUnsafeMutableBufferPointer { levels in
                        kinds.withUnsafeMutableBufferPointer { kinds in
                            linkdoc_bidi_levels(units.baseAddress! + start, Int32(end - start), requested,
                                                levels.baseAddress! + start, kinds.baseAddress! + start)
                        }
                    }
                }
                // ICU's data is part of the system library; should it fail, the paragraph is laid
                // out left to right in the requested direction rather than not at all.
                if resolved < 0 {
                    for i in start..<end { levels[i] = direction == .rightToLeft ? 1 : 0 }
                    level = direction == .rightToLeft ? 1 : 0
                } else {
                    level = UInt8(resolved)
                }
            } else if direction == .rightToLeft {
                level = 1
            }
            // The line feed that ends the paragraph takes its level (it is never drawn).
            if end < text.count { levels[end] = level }
            paragraphLevels.append(level)
            if end >= text.count { break }
            start = end + 1
        }
        self.levels = levels
        self.kinds = kinds
        self.paragraphLevels = paragraphLevels
    }

    /// Whether a UTF-16 unit may be (part of) a right-to-left character (bidi class R, AL or AN)
    /// or a directional control: the blocks of Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan,
    /// Mandaic and their presentation forms, the embedding, override and isolate controls and the
    /// marks, and the lead surrogates of U+10800–U+10FFF and U+1E800–U+1EFFF.
    private static func mayBeRightToLeft(_ unit: UInt16) -> Bool {
        switch unit {
        case 0x0590...0x08FF, 0x200E...0x200F, 0x202A...0x202E, 0x2066...0x2069, 0xFB1D...0xFDFF, 0xFE70...0xFEFF,
             0xD802...0xD803, 0xD83A...0xD83B: true
        default: false
        }
    }

    /// The visual order of runs with `runLevels` (rule L2): the index of the run shown first from
    /// the left, then the next.
    static func visualOrder(_ runLevels: [UInt8]) -> [Int] {
        guard runLevels.count > 1, runLevels.contains(where: { $0 != runLevels[0] }) else {
            return runLevels.first.map { $0 & 1 == 1 ? Array((0..<runLevels.count).reversed()) : Array(0..<runLevels.count) } ?? []
        }
        var order = [Int32](repeating: 0, count: runLevels.count)
        let status = runLevels.withUnsafeBufferPointer { levels in
            order.withUnsafeMutableBufferPointer { linkdoc_bidi_reorder(levels.baseAddress, Int32(levels.count), $0.baseAddress) }
        }
        guard status == 0 else { return Array(0..<runLevels.count) }
        return order.map(Int.init)
    }
}
