/// A named view profile of the manifest's `views`: the geometry of a view that copy is shown in,
/// and which copy it shows. Plain values: the compiler does not lay out text; `linkdoc layout
/// --view` and the lint rules fits-lines and small-tap-target turn it into a layout request.
///
///     "views": {"privacy-dialog": {"width": 270, "size": 15, "sizes": [15, 17, 19], "maxLines": 3,
///                                  "insets": [8, 0, 8, 0], "padding": 5, "paths": ["Copy/privacy*.txt"],
///                                  "keys": ["privacy_*"], "minTapHeight": 24}}
public struct ManifestView: Hashable, Sendable {
    public var name: String
    /// The view's width in points, insets included.
    public var width: Double
    /// The font file (`FILE` or `FILE#INDEX`, relative to the manifest's folder); nil for the layout core's default.
    public var font: String?
    public var boldFont: String?
    /// The text size in points.
    public var size: Double
    /// Every text size the copy must fit at (Dynamic Type's content-size categories); `size` when not given.
    public var sizes: [Double]
    /// At most this many lines; 0 for no limit.
    public var maxLines: Int
    /// "textview" (UITextView) or "label" (UILabel).
    public var profile: String?
    /// top, left, bottom, right; nil for the profile's default.
    public var insets: [Double]?
    public var padding: Double?
    public var lineSpacing: Double
    public var paragraphSpacing: Double
    /// Globs of copy files (relative to the manifest's folder, or matched against the path's end)
    /// and of localization keys that this view shows.
    public var paths: [String]
    public var keys: [String]
    /// The smallest tappable rectangle of a link (small-tap-target), tolerance included.
    public var minTapHeight: Double
    public var minTapWidth: Double

    public static let defaultMinTapHeight: Double = 24
    public static let defaultMinTapWidth: Double = 24

    public init(name: String, width: Double, size: Double) {
        self.name = name
        self.width = width
        self.size = size
        font = nil
        boldFont = nil
        sizes = [size]
        maxLines = 0
        profile = nil
        insets = nil
        padding = nil
        lineSpacing = 0
        paragraphSpacing = 0
        paths = []
        keys = []
        minTapHeight = Self.defaultMinTapHeight
        minTapWidth = Self.defaultMinTapWidth
    }
}

extension ManifestFile {
    struct ViewEntry: Decodable {
        let view: ManifestView

        static let known = ["width", "font", "boldFont", "size", "sizes", "maxLines", "profile", "insets", "padding",
                            "lineSpacing", "paragraphSpacing", "paths", "keys", "minTapHeight", "minTapWidth"]

        init(from decoder: Decoder) throws {
            let name = decoder.codingPath.last?.stringValue ?? ""
            let path = "views." + name
            guard !name.isEmpty else { throw Problem(message: "views: a view name is empty") }
            let c = try decoder.container(keyedBy: AnyKey.self)
            try ManifestFile.rejectUnknownKeys(c, known: Self.known, at: path)
            func positive(_ key: String) throws -> Double? {
                guard let n = try c.decodeIfPresent(Double.self, forKey: AnyKey(key)) else { return nil }
                guard n.isFinite, n > 0 else { throw Problem(message: "\(path).\(key): must be a number above 0") }
                return n
            }
            func nonNegative(_ key: String) throws -> Double? {
                guard let n = try c.decodeIfPresent(Double.self, forKey: AnyKey(key)) else { return nil }
                guard n.isFinite, n >= 0 else { throw Problem(message: "\(path).\(key): must be a number ≥ 0") }
                return n
            }
            guard let width = try positive("width") else { throw Problem(message: "\(path): missing \"width\"") }
            guard let size = try positive("size") else { throw Problem(message: "\(path): missing \"size\"") }
            var v = ManifestView(name: name, width: width, size: size)
            v.font = try c.decodeIfPresent(String.self, forKey: AnyKey("font"))
            v.boldFont = try c.decodeIfPresent(String.self, forKey: AnyKey("boldFont"))
            if let sizes = try c.decodeIfPresent([Double].self, forKey: AnyKey("sizes")) {
                guard !sizes.isEmpty, sizes.allSatisfy({ $0.isFinite && $0 > 0 }) else {
                    throw Problem(message: "\(path).sizes: must be a non-empty array of numbers above 0")
                }
                v.sizes = sizes
            }
            if let maxLines = try c.decodeIfPresent(Int.self, forKey: AnyKey("maxLines")) {
                guard maxLines >= 0 else { throw Problem(message: "\(path).maxLines: must be a whole number ≥ 0") }
                v.maxLines = maxLines
            }
            if let profile = try c.decodeIfPresent(String.self, forKey: AnyKey("profile")) {
                guard ["textview", "label"].contains(profile) else { throw Problem(message: "\(path).profile: must be \"textview\" or \"label\"") }
                v.profile = profile
            }
            if let insets = try c.decodeIfPresent([Double].self, forKey: AnyKey("insets")) {
                guard insets.count == 4, insets.allSatisfy({ $0.isFinite && $0 >= 0 }) else {
                    throw Problem(message: "\(path).insets: must be four numbers ≥ 0 (top, left, bottom, right)")
                }
                v.insets = insets
            }
            v.padding = try nonNegative("padding")
            v.lineSpacing = try nonNegative("lineSpacing") ?? 0
            v.paragraphSpacing = try nonNegative("paragraphSpacing") ?? 0
            v.paths = try c.decodeIfPresent([String].self, forKey: AnyKey("paths")) ?? []
            v.keys = try c.decodeIfPresent([String].self, forKey: AnyKey("keys")) ?? []
            v.minTapHeight = try nonNegative("minTapHeight") ?? ManifestView.defaultMinTapHeight
            v.minTapWidth = try nonNegative("minTapWidth") ?? ManifestView.defaultMinTapWidth
            view = v
        }
    }
}
