/// Which automatic detectors run, and how (Grammar/spec.md, "Detectors").
///
/// Mentions and topics are names, so they can be limited to the names the manifest lists
/// (`known`); URLs, emails and phone numbers are not names the manifest lists, so they are
/// only on or off.
public enum DetectorMode: String, Sendable, Hashable, CaseIterable {
    case on
    case off
    /// Only names that the manifest lists (`mentions`, `topics`); any other stays text.
    case known
}

/// What kind of input a document comes from; it decides the detectors' defaults.
public enum InputKind: String, Sendable, Hashable, CaseIterable {
    /// Posts and plain copy (a copy file, an NDJSON record): Weibo behaviour, every detector on.
    case copy
    /// A string of a localization file (`.strings`, `.xcstrings`, Android `strings.xml`): UI copy,
    /// where `@` is mostly a label (`[有人@我]`, `@所有人`), so mentions are known names only.
    case localization
}

/// The detectors' modes for one document, every one decided.
public struct Detectors: Sendable, Hashable {
    public var mentions: DetectorMode
    public var topics: DetectorMode
    public var urls: Bool
    public var emails: Bool
    public var phones: Bool

    public init(mentions: DetectorMode = .on, topics: DetectorMode = .on, urls: Bool = true, emails: Bool = true,
                phones: Bool = true) {
        self.mentions = mentions
        self.topics = topics
        self.urls = urls
        self.emails = emails
        self.phones = phones
    }

    /// The defaults for an input kind (a manifest's or a record's settings override them one by one).
    public static func defaults(for kind: InputKind) -> Detectors {
        switch kind {
        case .copy: Detectors()
        case .localization: Detectors(mentions: .known)
        }
    }
}

/// Detector settings as a manifest or an NDJSON record gives them: nil leaves the input kind's default.
public struct DetectorSettings: Sendable, Hashable {
    public var mentions: DetectorMode? = nil
    public var topics: DetectorMode? = nil
    public var urls: Bool? = nil
    public var emails: Bool? = nil
    public var phones: Bool? = nil

    public init() {}

    public var isEmpty: Bool { self == DetectorSettings() }

    /// The detectors for `kind`: these settings where given, the kind's defaults elsewhere.
    public func resolved(for kind: InputKind) -> Detectors {
        var d = Detectors.defaults(for: kind)
        if let mentions { d.mentions = mentions }
        if let topics { d.topics = topics }
        if let urls { d.urls = urls }
        if let emails { d.emails = emails }
        if let phones { d.phones = phones }
        return d
    }

    /// `other`'s settings where it gives them, these elsewhere (a record's over its manifest's).
    public func overridden(by other: DetectorSettings) -> DetectorSettings {
        var s = self
        if let v = other.mentions { s.mentions = v }
        if let v = other.topics { s.topics = v }
        if let v = other.urls { s.urls = v }
        if let v = other.emails { s.emails = v }
        if let v = other.phones { s.phones = v }
        return s
    }

    /// The detector names, as in `options.detect` and an NDJSON record's `detect`.
    public static let names = ["mentions", "topics", "urls", "emails", "phones"]

    /// Sets one detector from its JSON value: `"on"`, `"off"`, `"known"` (mentions and topics),
    /// or `true`/`false`. Returns a message when the value is not allowed.
    public mutating func set(_ name: String, string value: String) -> String? {
        guard let mode = DetectorMode(rawValue: value) else {
            return "\(name): expected \"on\", \"off\"\(Self.acceptsKnown(name) ? " or \"known\"" : ""), found \"\(value)\""
        }
        switch name {
        case "mentions": mentions = mode
        case "topics": topics = mode
        default:
            guard mode != .known else {
                return "\(name): \"known\" applies to mentions and topics only (the manifest lists no \(name)); use \"on\" or \"off\""
            }
            set(name, bool: mode == .on)
        }
        return nil
    }

    public mutating func set(_ name: String, bool value: Bool) {
        switch name {
        case "mentions": mentions = value ? .on : .off
        case "topics": topics = value ? .on : .off
        case "urls": urls = value
        case "emails": emails = value
        default: phones = value
        }
    }

    static func acceptsKnown(_ name: String) -> Bool { name == "mentions" || name == "topics" }
}
