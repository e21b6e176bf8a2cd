/// A half-open span of text, given as location and length in one unit.
public struct TextSpan: Hashable, Sendable {
    public var location: Int
    public var length: Int

    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    public var upperBound: Int { location + length }
}

/// One range of the display text, in the three units that consumers index by:
/// UTF-16 code units (`NSRange`, Java/Kotlin strings), Unicode scalars (Swift's
/// `unicodeScalars`, Python) and UTF-8 bytes (C, Rust, Go).
///
/// The compiler guarantees that all three describe the same characters and that
/// none of them splits a grapheme cluster.
public struct TextRange: Hashable, Sendable {
    public var utf16: TextSpan
    public var scalars: TextSpan
    public var utf8: TextSpan

    public init(utf16: TextSpan, scalars: TextSpan, utf8: TextSpan) {
        self.utf16 = utf16
        self.scalars = scalars
        self.utf8 = utf8
    }
}

/// A position in the display text, counted in the same three units as `TextRange`.
/// The compiler advances it as it appends text, so ranges cost no re-counting.
public struct TextPosition: Hashable, Sendable {
    public var utf16: Int
    public var scalars: Int
    public var utf8: Int

    public init(utf16: Int = 0, scalars: Int = 0, utf8: Int = 0) {
        self.utf16 = utf16
        self.scalars = scalars
        self.utf8 = utf8
    }

    public static let zero = TextPosition()

    /// The range from `self` up to `end`.
    public func range(to end: TextPosition) -> TextRange {
        TextRange(
            utf16: TextSpan(location: utf16, length: end.utf16 - utf16),
            scalars: TextSpan(location: scalars, length: end.scalars - scalars),
            utf8: TextSpan(location: utf8, length: end.utf8 - utf8))
    }
}

extension TextRange {
    public var start: TextPosition {
        TextPosition(utf16: utf16.location, scalars: scalars.location, utf8: utf8.location)
    }
    public var end: TextPosition {
        TextPosition(utf16: utf16.upperBound, scalars: scalars.upperBound, utf8: utf8.upperBound)
    }
}
