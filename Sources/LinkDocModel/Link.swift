/// What a link does when tapped. The raw values are the `kind` strings of the JSON.
public enum LinkKind: String, Sendable, CaseIterable {
    case agreement, mention, topic, url, email, phone, action
}

/// The typed payload of a link: what the app needs to act on a tap
/// without parsing the URL again.
public enum LinkTarget: Hashable, Sendable {
    /// A legal document named in the manifest. `id` is the manifest's id (or the title when it has none).
    case agreement(id: String, title: String)
    /// A person. `userID` is present when the manifest maps the name to a user.
    case mention(name: String, userID: String?)
    /// A Weibo-style topic. `id` is present for explicit `topic:ID` targets and topics the manifest lists.
    case topic(name: String, id: String?)
    /// A web or custom-scheme URL; the URL itself is `Link.url`.
    case url
    case email(address: String)
    /// `digits` holds only digits and an optional leading `+`.
    case phone(digits: String)
    /// An in-app action such as `expand`, handled by the app, not by a URL.
    case action(name: String)

    public var kind: LinkKind {
        switch self {
        case .agreement: .agreement
        case .mention: .mention
        case .topic: .topic
        case .url: .url
        case .email: .email
        case .phone: .phone
        case .action: .action
        }
    }
}

/// One tappable run of the display text.
public struct Link: Hashable, Sendable {
    /// The display text the link covers (a slice of `Document.text`).
    public var text: String
    public var range: TextRange
    /// An ASCII URL that every iOS version's `URL(string:)` accepts, where the link has one.
    public var url: String?
    /// Advisory text from HTML's `title` attribute (a tooltip, or an accessibility hint).
    public var tooltip: String?
    public var target: LinkTarget

    public var kind: LinkKind { target.kind }

    public init(text: String, range: TextRange, url: String?, tooltip: String? = nil, target: LinkTarget) {
        self.text = text
        self.range = range
        self.url = url
        self.tooltip = tooltip
        self.target = target
    }
}
