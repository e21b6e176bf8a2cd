internal import CLinkDocICU

/// Where a line may end, from ICU's line-break iterator: UAX #14 with ICU's tailorings for
/// Chinese and Japanese (no break before 。，」 and the like, a break between any two ideographs).
public struct LineBreakOpportunity: Hashable, Sendable {
    /// The UTF-16 offset after which the line may end.
    public var offset: Int
    /// The line must end here (after LF, U+2028, U+2029, …).
    public var isMandatory: Bool
}

public enum LineBreaker {
    /// The opportunities in `text` (UTF-16), ascending; the last is `text.count` for a non-empty text.
    /// `locale` picks ICU's rules ("" the root rules, "zh", "ja@lb=strict", …).
    public static func opportunities(in text: [UInt16], locale: String = "") -> [LineBreakOpportunity] {
        guard !text.isEmpty else { return [] }
        var capacity = text.count + 1   // at most one opportunity per code unit
        var offsets = [Int32](repeating: 0, count: capacity)
        var kinds = [UInt8](repeating: 0, count: capacity)
        var count: Int32 = 0
        let status = text.withUnsafeBufferPointer { units in
            linkdoc_line_breaks(units.baseAddress, Int32(units.count), locale, &offsets, &kinds, Int32(capacity), &count)
        }
        // ICU's data is part of the system library: if it fails, every offset is still a valid
        // (if poor) place to end a line at a grapheme boundary, which the typesetter falls back to.
        guard status == 0 else { return [LineBreakOpportunity(offset: text.count, isMandatory: false)] }
        capacity = Int(count)
        return (0..<capacity).map { LineBreakOpportunity(offset: Int(offsets[$0]), isMandatory: kinds[$0] == UInt8(LINKDOC_BREAK_HARD)) }
    }
}
