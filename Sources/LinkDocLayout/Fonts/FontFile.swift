/// Where a font is: a file, and the face in it for a collection (`.ttc`): `file#index`.
public struct FontFile: Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var index: Int

    public init(path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    /// Parses `PATH` or `PATH#INDEX`; nil when the index is not a number.
    public init?(parsing spec: String) {
        guard let hash = spec.lastIndex(of: "#") else {
            self.init(path: spec)
            return
        }
        guard let index = Int(spec[spec.index(after: hash)...]), (0...Self.maximumIndex).contains(index) else { return nil }
        self.init(path: String(spec[..<hash]), index: index)
    }

    /// The largest face index: FreeType reads a face index's upper 16 bits as a named instance.
    public static let maximumIndex = 0xFFFF

    public var description: String { index == 0 ? path : "\(path)#\(index)" }

    /// Debian's Noto Sans CJK (package fonts-noto-cjk): face 2 of the collection is the
    /// Simplified Chinese one, the default for copy in Chinese.
    public static let notoSansCJKSC = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc", index: 2)
    public static let notoSansCJKSCBold = FontFile(path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", index: 2)
    /// Debian's colour emoji (package fonts-noto-color-emoji).
    public static let notoColorEmoji = FontFile(path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf")
    /// Debian's DejaVu Sans (package fonts-dejavu-core): symbols, Greek, Cyrillic, …
    public static let dejaVuSans = FontFile(path: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
}

/// A font file that could not be used.
public struct FontError: Error, CustomStringConvertible, Sendable {
    public var file: FontFile
    public var reason: String

    public var description: String { "cannot use the font \(file): \(reason)" }
}
