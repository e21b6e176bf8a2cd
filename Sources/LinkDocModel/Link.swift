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
    /// An href that the app intercepts: `#name`, `#`, an empty href, or none (an `<a>` without
    /// href that is no named anchor). It points into no page (copy in an app has none), so it
    /// has no URL; `fragment` is what follows `#` ("" for `#`, an empty href and no href).
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

extension LinkTarget {
    /// The payload's members as a link document's JSON spells them, in order, each with its value
    /// (nil: absent, left out). With `init(kind:member:requiredMember:)`, the one place that says
    /// how a target's payload is written: the encoder and the decoder know no kind.
    @inlinable
    public func forEachMember(_ body: (_ key: StaticString, _ value: String?) -> Void) {
        switch self {
        case .agreement(let id, let title): body("id", id); body("title", title)
        case .mention(let name, let userID): body("name", name); body("userId", userID)
        case .topic(let name, let id): body("name", name); body("id", id)
        case .url: break
        case .email(let address): body("address", address)
        case .phone(let digits, let ext): body("digits", digits); body("extension", ext)
        case .action(let name): body("name", name)
        case .appFilled(let placeholder): body("placeholder", placeholder)
        case .appHandled(let fragment): body("fragment", fragment)
        }
    }

    /// The target of `kind` whose payload members `member` reads (nil: absent) and
    /// `requiredMember` reads where the kind cannot do without one (it throws when absent): the
    /// inverse of `forEachMember`.
    public init(kind: LinkKind, member: (String) throws -> String?, requiredMember: (String) throws -> String) rethrows {
        switch kind {
        case .agreement: self = .agreement(id: try requiredMember("id"), title: try requiredMember("title"))
        case .mention: self = .mention(name: try requiredMember("name"), userID: try member("userId"))
        case .topic: self = .topic(name: try requiredMember("name"), id: try member("id"))
        case .url: self = .url
        case .email: self = .email(address: try requiredMember("address"))
        case .phone: self = .phone(digits: try requiredMember("digits"), extension: try member("extension"))
        case .action: self = .action(name: try requiredMember("name"))
        case .app:
            if let placeholder = try member("placeholder") {
                self = .appFilled(placeholder: placeholder)
            } else {
                self = .appHandled(fragment: try requiredMember("fragment"))
            }
        }
    }
}

extension LinkTarget {
    /// The parts of the target's URL in the app's scheme (`LinkScheme`): the host that names the
    /// kind, the one path segment, the query's members (nil values left out); nil for a web
    /// link, whose URL is its payload.
    var schemeURLParts: (host: String, path: String, query: [(String, String?)])? {
        switch self {
        case .agreement(let id, let title): ("agreement", id, [("title", title)])
        case .mention(let name, let userID): ("mention", name, [("id", userID)])
        case .topic(let name, let id): ("topic", name, [("id", id)])
        case .action(let name): ("action", name, [])
        case .email(let address): ("email", address, [])
        case .phone(let digits, let ext): ("phone", digits, [("ext", ext)])
        case .appHandled(let fragment): ("app", fragment, [])
        case .appFilled(let placeholder): ("app-placeholder", placeholder, [])
        case .url: nil
        }
    }

    /// The inverse of `schemeURLParts`: nil for an unknown host, an empty path (but `#`'s, which
    /// is empty) or a missing query member.
    init?(schemeHost host: String, path: String, query: [String: String]) {
        if host == "app" { self = .appHandled(fragment: path); return }
        guard !path.isEmpty else { return nil }
        switch host {
        case "agreement":
            guard let title = query["title"] else { return nil }
            self = .agreement(id: path, title: title)
        case "mention": self = .mention(name: path, userID: query["id"])
        case "topic": self = .topic(name: path, id: query["id"])
        case "action": self = .action(name: path)
        case "email": self = .email(address: path)
        case "phone": self = .phone(digits: path, extension: query["ext"])
        case "app-placeholder": self = .appFilled(placeholder: path)
        default: return nil
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
