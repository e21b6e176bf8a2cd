/// What a link does (its URL, tooltip and target), with the JSON of those members written once.
///
/// Copy links to the same few places in thousands of documents: the compiler makes one payload
/// per place it resolves (`Resolver`'s memo keeps it) and every link to that place holds a
/// reference to it. `DocumentJSON` then copies `json` for each such link instead of escaping the
/// URL and the target's strings again, and a link is one reference to retain and release, not
/// three or four strings.
public final class LinkPayload: Sendable {
    public let url: String?
    public let tooltip: String?
    public let target: LinkTarget
    /// The kind, stored: the JSON writer reads it for every link.
    public let kind: LinkKind
    /// What follows a link's `"range"` member to the end of its object, as
    /// `DocumentJSON.writeLinkPayload` writes it (starting with the comma before `"url"`, or `}`).
    let json: [UInt8]

    public init(url: String?, tooltip: String? = nil, target: LinkTarget) {
        self.url = url
        self.tooltip = tooltip
        self.target = target
        kind = target.kind
        var w = JSONWriter(reservingCapacity: 128)
        w.needsComma = true  // after the range member
        DocumentJSON.writeLinkPayload(url: url, tooltip: tooltip, target: target, to: &w)
        json = w.bytes
    }
}
