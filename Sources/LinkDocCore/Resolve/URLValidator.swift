import Foundation
import LinkDocURL

/// The validate stage for URLs: every URL that a link will carry passes through
/// here (WHATWG parsing, IDNA, scheme policy, homograph check, iOS-safe form:
/// `checkLinkURL`), so that nothing unusable or unsafe is emitted.
struct URLValidator: Sendable {
    let policy: LinkURLPolicy
    /// Checks of URLs known before any document (the manifest's), made once:
    /// an agreement is linked in almost every document of a privacy dialog.
    private var known = ExactStringTable<LinkURLCheck>()
    /// Checks made while compiling, shared by every thread that uses this validator.
    private let recent = BoundedCache<LinkURLCheck>()
    /// `mailto:` URLs by address (nil: the domain is not a valid host).
    private let recentMailtos = BoundedCache<String?>()

    init(allowedSchemes: [String], maxLength: Int = 32 * 1024, knownURLs: [String] = []) {
        policy = LinkURLPolicy(allowedSchemes: allowedSchemes, maxLength: maxLength)
        for url in knownURLs where known[ExactString(url)] == nil { known[ExactString(url)] = validate(url) }
    }

    func check(_ raw: String) -> LinkURLCheck {
        let key = ExactString(raw)
        if let check = known[key] { return check }
        if let check = recent.value(for: key) { return check }
        let check = validate(raw)
        recent.store(check, for: key)
        return check
    }

    private func validate(_ raw: String) -> LinkURLCheck { checkLinkURL(raw, policy: policy) }

    /// `mailto:` with the domain in IDNA ASCII form, or nil when the domain is not a valid host.
    func mailto(_ address: String) -> String? {
        let key = ExactString(address)
        if let url = recentMailtos.value(for: key) { return url }
        let url = mailtoURL(address: address)  // IDNA on the domain: worth remembering too
        recentMailtos.store(url, for: key)
        return url
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters, for URL templates.
    static func percentEncodeComponent(_ s: String) -> String {
        percentEncode(s, using: .component)
    }
}

/// Recent URL checks (and `mailto:` URLs). Copy repeats the same few URLs across thousands
/// of documents, and a check (WHATWG parsing, IDNA, the spoof check, the iOS-safe form) costs
/// far more than a lookup. A check depends only on the URL and the validator's policy, so a
/// cached one is the same bytes as a fresh one. Keyed by exact bytes (`ExactString`): two
/// canonically equivalent URLs are different URLs. Bounded: when full, it starts over.
///
/// Shared by the threads, behind a lock: a lookup holds it for one hash probe, and with
/// per-thread tables each thread would pay every first check again.
final class BoundedCache<Value: Sendable>: @unchecked Sendable {
    static var capacity: Int { 4096 }
    private let lock = NSLock()
    private var entries = ExactStringTable<Value>()

    func value(for key: ExactString) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return entries[key]
    }

    func store(_ value: Value, for key: ExactString) {
        guard key.string.utf8.count <= 2048 else { return }  // long URLs are rare and would crowd the cache
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= Self.capacity { entries.removeAll() }
        entries[key] = value
    }
}

extension String {
    /// Without leading and trailing ASCII white space and controls (as URL parsing strips them).
    func trimmingASCIIWhitespace() -> String {
        let u = Array(utf8)
        var lo = 0, hi = u.count
        while lo < hi && u[lo] <= 0x20 { lo += 1 }
        while hi > lo && u[hi - 1] <= 0x20 { hi -= 1 }
        return String(decoding: u[lo..<hi], as: UTF8.self)
    }
}
