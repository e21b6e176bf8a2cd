import LinkDocModel
import LinkDocURL

/// What the target of an explicit link (`[text](target)`, an `<a href>`, an angle autolink) says
/// it is, read from the target alone with the manifest's base URL and scheme policy. The resolver
/// then looks up what the manifest knows about it (an agreement's id, a topic's URL template) and
/// checks its URL; this reading reports nothing and looks nothing up.
enum ExplicitTarget: Hashable {
    /// `#faq`, `#` or an empty href: the app intercepts the tap (`LinkTarget.appHandled`).
    case appHandled(fragment: String)
    /// An href that the app fills in (`%1$s`, `https://%s/terms`, `${url}`: `LinkTarget.appFilled`).
    case appFilled(placeholder: String)
    /// An href that the app fills in, refused: why (its scheme breaks the manifest's policy, or a
    /// placeholder is inside the scheme).
    case refusedFilledScheme(String)
    case agreement(id: String)
    case user(id: String)
    case topic(id: String)
    case action(name: String)
    /// A typed target or a `tel:` whose value is malformed: why.
    case invalid(String)
    /// `//host/path`: the link of its display text when that is a mention or topic by itself, else
    /// this URL (`https:` put in front).
    case schemeRelative(url: String)
    /// A relative reference that no base URL resolves (`/n/小明`, `termsOfService`), as written.
    case relative(String)
    /// `mailto:` without a query or fragment, whose address's domain goes through IDNA; `url` is the
    /// target itself, checked as any URL when the domain is no valid host.
    case mailto(address: String, url: String)
    /// `tel:` and the number it spells, read before URL parsing percent-encodes its spaces into
    /// digits (`tel:+86 400` would give +8620400).
    case tel(TelNumber)
    /// Any other target: a URL to check, with `https://` in front of a `www.` address and a relative
    /// href resolved against the base URL.
    case url(String)

    init(_ target: String, baseURL: WHATWGURL?, policy: LinkURLPolicy) {
        if target.isEmpty {
            self = .appHandled(fragment: "")
            return
        }
        if target.utf8.first == UInt8(ascii: "#") {
            self = .appHandled(fragment: String(target.dropFirst()))
            return
        }
        if Self.hasPlaceholder(target) {
            self = Self.filledSchemeProblem(target, policy: policy).map(Self.refusedFilledScheme) ?? .appFilled(placeholder: target)
            return
        }
        // `user://…`, `topic://…`: a URL of a custom scheme that shares a typed target's name, which
        // the manifest's schemes allow or refuse like any other; never a typed target with id `//…`.
        if let (prefix, valueStart) = Self.splitAtColon(target), !target.utf8[valueStart...].starts(with: "//".utf8),
           let typed = Self.typed(prefix: prefix, value: target[valueStart...]) {
            self = typed
            return
        }
        var url = target
        if Self.hasLowercasedPrefix(target, "www.") {
            url = "https://" + target
        } else if let baseURL, case .failure = WHATWGURL.parse(target),
                  case .success(let resolved) = WHATWGURL.parse(target, base: baseURL) {
            url = resolved.href
        } else if target.hasPrefix("//") {
            // Weibo's post HTML links a topic to its search page (`<a href="//s.weibo.com/weibo?q=%23话题%23">#话题#</a>`),
            // and the text says what it is; otherwise an app has no page whose scheme it would take,
            // and the web serves such links over https.
            self = .schemeRelative(url: "https:" + target)
            return
        } else if Self.isRelativeReference(target) {
            self = .relative(target)
            return
        }
        if Self.hasLowercasedPrefix(url, "mailto:"), !url.contains("?"), !url.contains("#") {
            self = .mailto(address: String(url.dropFirst(7)), url: url)
        } else if Self.hasLowercasedPrefix(url, "tel:") {
            self = TelNumber(spelled: String(url.dropFirst(4))).map(Self.tel)
                ?? .invalid("tel: needs a phone number: digits, an optional leading +, separators (- . ( ) space) and ;ext=")
        } else {
            self = .url(url)
        }
    }

    /// The typed target that `prefix:value` is (`agreement:`, `user:`, `topic:`, `action:`), or nil
    /// for any other prefix (most targets are URLs, whose "value" is not made into a string).
    private static func typed(prefix: String, value: Substring) -> ExplicitTarget? {
        switch prefix {
        case "agreement":
            return .agreement(id: String(value))
        case "user":
            let id = String(value)
            guard isTypedTargetID(id) else {
                return .invalid("user: needs a user id of 1 to \(maxTypedTargetID) ASCII letters, digits, _, -, . and ~, as in user:u_10001")
            }
            return .user(id: id)
        case "topic":
            let id = String(value)
            guard isTypedTargetID(id) else {
                return .invalid("topic: needs a topic id of 1 to \(maxTypedTargetID) ASCII letters, digits, _, -, . and ~, as in topic:ios")
            }
            return .topic(id: id)
        case "action":
            let name = String(value)
            guard !name.isEmpty, name.utf8.allSatisfy({ ASCII.isLetterOrDigit($0) || actionPunctuation.contains($0) }) else {
                return .invalid("action: needs a name of ASCII letters, digits, _, - and ., as in action:expand")
            }
            return .action(name: name)
        default:
            return nil
        }
    }

    /// `target` split at its first ":" as `firstIndex(of: ":")` finds it, with the part before it
    /// lowercased (the typed-target prefix) and where the part after it starts. Byte by byte when
    /// that is sure to mean the same (a colon between ASCII bytes is a character of its own, and
    /// ASCII lowercases alone), else through `String` (a colon that a combining mark follows is
    /// no ":" character).
    static func splitAtColon(_ target: String) -> (prefix: String, valueStart: String.Index)? {
        var bytes = target
        enum Fast { case noColon, split(prefix: String, valueOffset: Int), undecided }
        let fast: Fast = bytes.withUTF8 { u in
            // A ":" character is the byte 0x3A (and perhaps marks after it): without that byte, none.
            guard let k = u.firstIndex(of: UInt8(ascii: ":")) else { return .noColon }
            guard k + 1 == u.count || u[k + 1] < 0x80 else { return .undecided }
            // Lowercased on the stack: a prefix of up to 15 ASCII bytes is a small string, so the
            // usual `https` costs no allocation at all.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(k, 1)) { lowered in
                for (j, b) in u[..<k].enumerated() {
                    guard b < 0x80 else { return .undecided }
                    lowered[j] = ASCII.lower(b)
                }
                return .split(prefix: String(decoding: UnsafeBufferPointer(rebasing: lowered[..<k]), as: UTF8.self), valueOffset: k + 1)
            }
        }
        switch fast {
        case .noColon: return nil
        case .split(let prefix, let valueOffset): return (prefix, target.utf8.index(target.utf8.startIndex, offsetBy: valueOffset))
        case .undecided: break
        }
        guard let colon = target.firstIndex(of: ":") else { return nil }
        return (target[..<colon].lowercased(), target.index(after: colon))
    }

    /// Why an href that the app fills (`tel:%s`, `https://%1$s/terms`) may not be a link, or nil.
    /// The scheme it spells meets the manifest's policy as a URL's does, so `javascript:%s` is
    /// refused as `javascript:x` would be; a placeholder inside the scheme (`java%script:`,
    /// `%sjavascript:`) is refused too, since a scheme completed at run time cannot be checked.
    /// Without a scheme (`%1$s`, `%s/terms`) the URL is the app's own.
    static func filledSchemeProblem(_ template: String, policy: LinkURLPolicy) -> String? {
        // Filled twice with different letters: where the scheme changes, a placeholder is in it.
        guard case .success(let filled) = WHATWGURL.parse(fillingPlaceholders(template, with: "x")) else { return nil }
        guard case .success(let other) = WHATWGURL.parse(fillingPlaceholders(template, with: "y")),
              other.scheme == filled.scheme else {
            return "the app would fill part of this link's scheme, which cannot be checked; spell the scheme out (https://…)"
        }
        return schemeProblem(filled.scheme, policy: policy)?.message
    }

    /// Whether `target` holds a placeholder that the app fills: a string placeholder of Android
    /// or iOS format strings, `%s`, `%@`, or with an argument number, `%1$s`, `%2$@` (what the
    /// app passes to `getString` or `String(format:)`), or a `${name}` of a string template its
    /// build fills (`href="${ftue_ems_url}"`). A percent-escape such as `%40` is none: it needs
    /// `$` after its digits.
    static func hasPlaceholder(_ target: String) -> Bool {
        var found = false
        forEachPlaceholder(in: target) { _ in found = true; return false }
        return found
    }

    /// `template` with each placeholder replaced by `filler`.
    static func fillingPlaceholders(_ template: String, with filler: String) -> String {
        var filled = "", copied = template.utf8.startIndex
        forEachPlaceholder(in: template) { placeholder in
            let start = template.utf8.index(template.utf8.startIndex, offsetBy: placeholder.lowerBound)
            filled += template[copied..<start] + filler
            copied = template.utf8.index(template.utf8.startIndex, offsetBy: placeholder.upperBound)
            return true
        }
        return filled + template[copied...]
    }

    /// Calls `body` with the byte range of each placeholder of `target` (`hasPlaceholder`), in
    /// order, while it returns true.
    private static func forEachPlaceholder(in target: String, _ body: (Range<Int>) -> Bool) {
        var target = target  // its bytes in place (no copy for a native string)
        target.withUTF8 { u in
            var i = 0
            // This runs over every explicit target, and most URLs have no "%" or "$" at all.
            while i < u.count {
                let start = i
                i += 1
                switch u[start] {
                case UInt8(ascii: "%"):
                    var j = i
                    while j < u.count && ASCII.isDigit(u[j]) { j += 1 }
                    if j > i {
                        guard j < u.count, u[j] == UInt8(ascii: "$") else { i = j; continue }
                        j += 1
                    }
                    guard j < u.count, u[j] == UInt8(ascii: "s") || u[j] == UInt8(ascii: "@") else { i = j; continue }
                    guard body(start..<(j + 1)) else { return }
                    i = j + 1
                case UInt8(ascii: "$"):
                    guard i < u.count, u[i] == UInt8(ascii: "{") else { continue }
                    var j = i + 1
                    while j < u.count && (ASCII.isLetterOrDigit(u[j]) || u[j] == UInt8(ascii: "_") || u[j] == UInt8(ascii: ".")) { j += 1 }
                    guard j > i + 1, j < u.count, u[j] == UInt8(ascii: "}") else { continue }
                    guard body(start..<(j + 1)) else { return }
                    i = j + 1
                default:
                    continue
                }
            }
        }
    }

    /// The punctuation an `action:` name may have besides ASCII letters and digits.
    private static let actionPunctuation = ASCIISet("_-.")

    /// The longest id of a `user:` or `topic:` target, in bytes.
    static let maxTypedTargetID = 128

    /// A `user:` or `topic:` id: 1 to `maxTypedTargetID` of RFC 3986's unreserved characters (ASCII
    /// letters, digits, `-` `.` `_` `~`), so that it goes into the manifest's URL templates as it is
    /// and cannot be a path, a query or a URL of its own.
    static func isTypedTargetID(_ id: String) -> Bool {
        (1...maxTypedTargetID).contains(id.utf8.count)
            && id.utf8.allSatisfy { ASCII.isLetterOrDigit($0) || unreservedPunctuation.contains($0) }
    }

    private static let unreservedPunctuation = ASCIISet("-._~")

    /// `s.lowercased().hasPrefix(prefix)` for a lowercase ASCII `prefix`, without lowercasing
    /// all of `s` when its first bytes decide: ASCII bytes lowercase one to one, so after
    /// matching ASCII bytes a differing ASCII byte means no; the general form is asked only
    /// when a non-ASCII byte is met on the way or right after the prefix (where a combining
    /// mark would join the prefix's last character).
    static func hasLowercasedPrefix(_ s: String, _ prefix: StaticString) -> Bool {
        let u = s.utf8
        var i = u.startIndex
        let decided: Bool? = prefix.withUTF8Buffer { p in
            for expected in p {
                guard i != u.endIndex else { return false }
                let b = u[i]
                if b >= 0x80 { return nil }
                if ASCII.lower(b) != expected { return false }
                i = u.index(after: i)
            }
            return i == u.endIndex || u[i] < 0x80 ? true : nil
        }
        return decided ?? s.lowercased().hasPrefix(prefix.description)
    }

    /// Whether a target or source is a relative reference (`/help`, `../icon.png`, `termsOfService`):
    /// no scheme, not a URL by itself, and no domain or address that merely lacks its scheme (those
    /// get a suggestion as invalid URLs). The scheme is looked for in the bytes first: most targets
    /// have one, and need no parse here.
    static func isRelativeReference(_ raw: String) -> Bool {
        var raw = raw  // its bytes in place: no copy for a native string
        guard !raw.withUTF8(AngleAutolink.startsWithScheme),
              case .failure(.missingSchemeNonRelativeURL) = WHATWGURL.parse(raw) else { return false }
        return schemeSuggestion(for: raw) == nil
    }
}
