/// What a link does when tapped. The raw values are the `kind` strings of the JSON.
public enum LinkKind: String, Sendable, CaseIterable {
    case agreement, mention, topic, url, email, phone, action, app
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
    /// `digits` holds only digits and an optional leading `+`; `extension` (digits only) is the
    /// extension to dial once the call connects (`021-12345678-801`, `转8001`, `ext. 123`), also in
    /// the URL as RFC 3966's `;ext=`.
    case phone(digits: String, extension: String? = nil)
    /// An in-app action such as `expand`, handled by the app, not by a URL.
    case action(name: String)
    /// An href that the app fills in at run time: exactly one format placeholder (`%1$s`, `%s`,
    /// `%@`, `%2$@`), as Android and iOS copy writes `<a href="%1$s">` for a URL passed to
    /// `getString`/`String(format:)`. The link has no URL; `placeholder` is the href as written.
    case appFilled(placeholder: String)
    /// An href that the app intercepts: `#name`, `#` or an empty href. It points into no page
    /// (copy in an app has none), so it has no URL; `fragment` is what follows `#` ("" for
    /// `#` and for an empty href).
    case appHandled(fragment: String)

    public var kind: LinkKind {
        switch self {
        case .agreement: .agreement
        case .mention: .mention
        case .topic: .topic
        case .url: .url
        case .email: .email
        case .phone: .phone
        case .action: .action
        case .appFilled, .appHandled: .app
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
