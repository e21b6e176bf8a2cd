extension Unicode.Scalar {
    /// Whether the scalar lies in a range where no character is white space,
    /// default-ignorable, a control, a variation selector, an emoji modifier or an emoji with
    /// default emoji presentation: printable ASCII, kana, CJK ideographs, Hangul syllables,
    /// full-width forms and CJK punctuation (not U+3000, an ideographic space). The layout asks
    /// those properties of every scalar, and the standard library answers each with a table
    /// search; for the scalars of most copy this answers first, without one.
    var isPlainVisible: Bool {
        switch value {
        case 0x21...0x7E, 0x3001...0x302F, 0x3041...0x30FF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60: true
        default: false
        }
    }
}
