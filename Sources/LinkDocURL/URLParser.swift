// The basic URL parser (URL Standard §4.4), without state override (linkdoc never uses setters).
//
// It runs the Standard's state machine over UTF-8 bytes and writes the URL's serialization
// directly (see URLRecord.swift): components are produced in href order, so each one is
// appended at the end of the buffer. Where the Standard appends code points to a "buffer" that
// is later copied verbatim (scheme, authority, host, port), we remember where it started in the
// input instead of copying. States that consume long runs (path, query, fragment, opaque path,
// host, authority) loop over the run in place instead of going once around the state machine
// per byte. Every step is O(1) amortized per input byte, so parsing is linear.
//
// Input in the common form (a special scheme, a plain ASCII domain, nothing to encode: see
// CommonForm.swift) takes a fast path first and never reaches the state machine.

import LinkDocBase

private let schemeFile = Array("file".utf8)

private enum State {
    case schemeStart, scheme, noScheme, specialRelativeOrAuthority, pathOrAuthority, relative
    case relativeSlash, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, authority, host
    case port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
}

// ASCII code points used by the state machine, as Int so that EOF can be -1.
private let EOF = -1
private let cSlash = 0x2F, cBackslash = 0x5C, cQuestion = 0x3F, cHash = 0x23, cColon = 0x3A
private let cAt = 0x40, cDot = 0x2E, cSpace = 0x20
private let cOpenBracket = 0x5B, cCloseBracket = 0x5D, cPlus = 0x2B, cMinus = 0x2D

enum URLParser {
    static func parse(_ input: String, base: WHATWGURL?, maxLength: Int) throws(URLValidationError) -> WHATWGURL {
        if input.utf8.count > maxLength { throw .inputTooLong }
        // The common form (CommonForm.swift) holds no C0 control, space, tab or newline, so the
        // fast path runs on the input as it is: input that would need trimming or tab/newline
        // removal is not in the common form and takes the state machine.
        if let fast = input.utf8.withContiguousStorageIfAvailable({ parseCommonForm(input, $0) }), let url = fast {
            #if DEBUG
            assert((try? parseWithStateMachine(input, base: base)) == url,
                   "parseCommonForm differs from the state machine")
            #endif
            return url
        }
        return try parseWithStateMachine(input, base: base)
    }

    /// Strips leading/trailing C0 control or space and removes ASCII tab/newline, then runs the
    /// state machine.
    static func parseWithStateMachine(_ input: String, base: WHATWGURL?) throws(URLValidationError) -> WHATWGURL {
        var text = input
        var failure = URLValidationError.missingSchemeNonRelativeURL
        let url: WHATWGURL? = text.withUTF8 { raw in
            var start = 0, end = raw.count
            while start < end, raw[start] <= 0x20 { start += 1 }
            while end > start, raw[end - 1] <= 0x20 { end -= 1 }
            let trimmed = UnsafeBufferPointer(rebasing: raw[start ..< end])
            do throws(URLValidationError) {
                var hasTabOrNewline = false
                for b in trimmed where b <= 0x0D {  // rare: one compare per byte on the common path
                    if b == 0x09 || b == 0x0A || b == 0x0D {
                        hasTabOrNewline = true
                        break
                    }
                }
                if hasTabOrNewline {
                    let cleaned = trimmed.filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
                    return try cleaned.withUnsafeBufferPointer { buffer throws(URLValidationError) in
                        var machine = StateMachine(input: buffer, base: base)
                        return try machine.run()
                    }
                }
                var machine = StateMachine(input: trimmed, base: base)
                return try machine.run()
            } catch {
                failure = error
                return nil
            }
        }
        guard let url else { throw failure }
        return url
    }
}

/// The scheme kind of input[0..<end], ASCII case-insensitively.
func classifyScheme(_ input: UnsafeBufferPointer<UInt8>, _ end: Int) -> SchemeKind {
    // Names as StaticString: comparing against their bytes needs no array (no retain, no bounds
    // check), and only the names of the input's length are compared.
    @inline(__always) func matches(_ name: StaticString) -> Bool {
        let bytes = name.utf8Start
        for i in 0 ..< end where ASCII.lower(input[i]) != bytes[i] { return false }
        return true
    }
    switch end {
    case 2 where matches("ws"): return .ws
    case 3 where matches("wss"): return .wss
    case 3 where matches("ftp"): return .ftp
    case 4 where matches("http"): return .http
    case 4 where matches("file"): return .file
    case 5 where matches("https"): return .https
    default: return .other
    }
}

// MARK: - Writing components (always at the end of the buffer, in href order)

/// A URL record while the state machine writes it: the href as growable bytes, plus the record
/// whose offsets describe them. `finish()` turns the bytes into the record's href string.
/// (Through a dynamic-member key path the state machine could write `url.schemeEnd`, but those
/// key paths are not optimized away, and this is the parser's innermost loop.)
private struct URLUnderConstruction {
    var buffer: [UInt8] = []
    var record = WHATWGURL()

    var isSpecial: Bool { record.kind.isSpecial }

    /// The record's pathEnd, measured on the bytes written so far.
    var pathEnd: Int { record.queryStart ?? record.fragmentStart ?? buffer.count }

    /// The finished record. The buffer is ASCII by construction (every byte >= 0x80 is
    /// percent-encoded, hosts are punycode).
    func finish() -> WHATWGURL {
        var url = record
        url.href = String(decoding: buffer, as: UTF8.self)
        return url
    }

    /// Appends base's href bytes in `range`.
    mutating func append(from base: WHATWGURL, _ range: Range<Int>) {
        base.withBytes { buffer.append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Sets the scheme (buffer becomes "scheme:"), ASCII-lowercasing it.
    mutating func setScheme(_ scheme: UnsafeBufferPointer<UInt8>, kind: SchemeKind) {
        buffer.removeAll(keepingCapacity: true)
        buffer.append(contentsOf: scheme)
        buffer.withUnsafeMutableBufferPointer { b in
            for i in b.indices { b[i] = ASCII.lower(b[i]) }
        }
        buffer.append(0x3A)
        record.schemeEnd = buffer.count - 1
        record.kind = kind
        record.hostKind = nil
    }

    mutating func setScheme(from base: WHATWGURL) {
        buffer.removeAll(keepingCapacity: true)
        append(from: base, 0 ..< (base.schemeEnd + 1))
        record.schemeEnd = base.schemeEnd
        record.kind = base.kind
        record.hostKind = nil
    }

    /// Starts the authority: "//", then credentials and host follow.
    mutating func beginAuthority() {
        buffer.removeSubrange((record.schemeEnd + 1)...)
        buffer.append(0x2F)
        buffer.append(0x2F)
        record.usernameEnd = buffer.count
        record.hostStart = buffer.count
        record.hostEnd = buffer.count
        record.hostKind = .empty
        record.portValue = nil
    }

    /// Sets the host to the empty host (no credentials, no port).
    mutating func setEmptyHost() {
        beginAuthority()
    }

    /// Copies username, password, host and port from `base` (same scheme, so same offsets).
    mutating func copyAuthority(from base: WHATWGURL) {
        buffer.removeSubrange((record.schemeEnd + 1)...)
        record.hostKind = base.hostKind
        guard base.hostKind != nil else { return }
        append(from: base, (base.schemeEnd + 1) ..< base.authorityEnd)
        let shift = record.schemeEnd - base.schemeEnd
        record.usernameEnd = base.usernameEnd + shift
        record.hostStart = base.hostStart + shift
        record.hostEnd = base.hostEnd + shift
        record.portValue = base.portValue
    }

    /// Marks the end of the authority / start of the path, once.
    @inline(__always)
    mutating func startPath(_ started: inout Bool) {
        if !started {
            started = true
            record.authorityEnd = buffer.count
            record.pathStart = buffer.count
        }
    }

    mutating func copyPath(from base: WHATWGURL) {
        append(from: base, base.pathRange)
        record.hasOpaquePath = base.hasOpaquePath
    }

    mutating func copyQuery(from base: WHATWGURL) {
        guard let q = base.queryStart else { return }
        record.queryStart = buffer.count
        append(from: base, q ..< base.queryEnd)
    }

    /// Sets the query to null (only ever right after it was copied, so it is at the end).
    mutating func removeQuery() {
        guard let q = record.queryStart else { return }
        buffer.removeSubrange(q...)
        record.queryStart = nil
    }

    mutating func beginQuery() {
        record.queryStart = buffer.count
        buffer.append(0x3F)
    }

    mutating func beginFragment() {
        record.fragmentStart = buffer.count
        buffer.append(0x23)
    }

    /// "Shorten a URL's path" (the path is at the end of the buffer): drop the last segment,
    /// except a lone normalized Windows drive letter of a file URL ("/C:").
    mutating func shortenPath() {
        let length = buffer.count - record.pathStart
        if record.kind == .file, length == 3, buffer[record.pathStart] == 0x2F, ASCII.isLetter(buffer[record.pathStart + 1]),
           buffer[record.pathStart + 2] == 0x3A {
            return
        }
        var i = buffer.count
        while i > record.pathStart {
            i -= 1
            if buffer[i] == 0x2F {
                buffer.removeSubrange(i...)
                return
            }
        }
    }
}

private struct StateMachine {
    let input: UnsafeBufferPointer<UInt8>
    let base: WHATWGURL?
    var url = URLUnderConstruction()

    init(input: UnsafeBufferPointer<UInt8>, base: WHATWGURL?) {
        self.input = input
        self.base = base
    }

    /// "remaining starts with a Windows drive letter": two code points, alpha then ":" or "|",
    /// followed by the end or one of / \ ? #.
    static func startsWithWindowsDriveLetter(_ input: UnsafeBufferPointer<UInt8>, _ p: Int) -> Bool {
        guard p >= 0, input.count - p >= 2, ASCII.isLetter(input[p]), input[p + 1] == 0x3A || input[p + 1] == 0x7C else {
            return false
        }
        if input.count - p == 2 { return true }
        let c = Int(input[p + 2])
        return c == cSlash || c == cBackslash || c == cQuestion || c == cHash
    }

    /// Appends input[p...] up to the first byte for which `stop` holds (or the end) to `out`,
    /// percent-encoding bytes in `set`; runs that need no encoding are copied in one go.
    /// Returns the index of the stop byte (or input.count).
    @inline(__always)
    static func appendEncodedRun(_ input: UnsafeBufferPointer<UInt8>, from start: Int, into out: inout [UInt8],
                                 _ set: PercentEncodeSet, stop: (UInt8) -> Bool) -> Int {
        var p = start
        var runStart = start
        let n = input.count
        while p < n {
            let b = input[p]
            if stop(b) { break }
            if set.contains(b) {
                if runStart < p { out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart ..< p])) }
                out.append(0x25)
                out.append(hexDigit(b >> 4))
                out.append(hexDigit(b & 0xF))
                runStart = p + 1
            }
            p += 1
        }
        if runStart < p { out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart ..< p])) }
        return p
    }

    mutating func run() throws(URLValidationError) -> WHATWGURL {
        let input = self.input
        let n = input.count
        @inline(__always) func at(_ i: Int) -> Int { i >= 0 && i < n ? Int(input[i]) : EOF }

        url.buffer.reserveCapacity(n + 16)
        var state = State.schemeStart
        var p = 0
        var atSignSeen = false, insideBrackets = false, passwordTokenSeen = false
        var bufferStart = 0          // where the current authority/host "buffer" starts in input
        var port = 0, portHasDigits = false
        var segmentStart = -1        // index in url.buffer of the open path segment, or -1
        var pathStarted = false

        while true {
            let c = at(p)
            switch state {
            case .schemeStart:
                if c != EOF, ASCII.isLetter(UInt8(c)) {
                    state = .scheme
                } else {
                    state = .noScheme
                    p -= 1
                }

            case .scheme:
                while p < n, ASCII.isLetterOrDigit(input[p]) { p += 1 }
                let c = at(p)
                if c != EOF, c == cPlus || c == cMinus || c == cDot {
                    break
                } else if c == cColon {
                    let kind = classifyScheme(input, p)
                    url.setScheme(UnsafeBufferPointer(rebasing: input[0 ..< p]), kind: kind)
                    if kind == .file {
                        state = .file
                    } else if kind.isSpecial, let base, base.kind == kind {
                        state = .specialRelativeOrAuthority
                    } else if kind.isSpecial {
                        state = .specialAuthoritySlashes
                    } else if at(p + 1) == cSlash {
                        state = .pathOrAuthority
                        p += 1
                    } else {
                        url.record.hasOpaquePath = true
                        url.startPath(&pathStarted)
                        state = .opaquePath
                    }
                } else {
                    // Not a scheme after all: start over in the no-scheme state.
                    state = .noScheme
                    p = -1
                }

            case .noScheme:
                guard let base, !(base.hasOpaquePath && c != cHash) else {
                    throw .missingSchemeNonRelativeURL
                }
                if base.hasOpaquePath {
                    url.setScheme(from: base)
                    url.startPath(&pathStarted)
                    url.copyPath(from: base)
                    url.copyQuery(from: base)
                    url.beginFragment()
                    state = .fragment
                } else if base.kind != .file {
                    state = .relative
                    p -= 1
                } else {
                    state = .file
                    p -= 1
                }

            case .specialRelativeOrAuthority:
                if c == cSlash, at(p + 1) == cSlash {
                    state = .specialAuthorityIgnoreSlashes
                    p += 1
                } else {
                    state = .relative
                    p -= 1
                }

            case .pathOrAuthority:
                if c == cSlash {
                    state = .authority
                    url.beginAuthority()
                    bufferStart = p + 1
                } else {
                    state = .path
                    p -= 1
                }

            case .relative:
                guard let base else { throw .missingSchemeNonRelativeURL }
                url.setScheme(from: base)
                if c == cSlash || (url.isSpecial && c == cBackslash) {
                    state = .relativeSlash
                } else {
                    url.copyAuthority(from: base)
                    url.startPath(&pathStarted)
                    url.copyPath(from: base)
                    url.copyQuery(from: base)
                    if c == cQuestion {
                        url.removeQuery()
                        url.beginQuery()
                        state = .query
                    } else if c == cHash {
                        url.beginFragment()
                        state = .fragment
                    } else if c != EOF {
                        url.removeQuery()
                        url.shortenPath()
                        state = .path
                        p -= 1
                    }
                }

            case .relativeSlash:
                if url.isSpecial, c == cSlash || c == cBackslash {
                    state = .specialAuthorityIgnoreSlashes
                } else if c == cSlash {
                    state = .authority
                    url.beginAuthority()
                    bufferStart = p + 1
                } else {
                    if let base { url.copyAuthority(from: base) }
                    state = .path
                    p -= 1
                }

            case .specialAuthoritySlashes:
                if c == cSlash, at(p + 1) == cSlash {
                    state = .specialAuthorityIgnoreSlashes
                    p += 1
                } else {
                    state = .specialAuthorityIgnoreSlashes
                    p -= 1
                }

            case .specialAuthorityIgnoreSlashes:
                if c != cSlash, c != cBackslash {
                    state = .authority
                    url.beginAuthority()
                    bufferStart = p
                    p -= 1
                }

            case .authority:
                // Skip ahead over ordinary code points; the buffer is input[bufferStart..<p].
                let special = url.isSpecial
                while p < n {
                    let b = Int(input[p])
                    if b == cAt || b == cSlash || b == cQuestion || b == cHash || (b == cBackslash && special) { break }
                    p += 1
                }
                if at(p) == cAt {
                    // Credentials: username, then ":" and password after the first ":".
                    if atSignSeen { url.buffer.append(contentsOf: [0x25, 0x34, 0x30]) }  // "%40"
                    atSignSeen = true
                    for i in bufferStart ..< p {
                        let b = input[i]
                        if b == 0x3A, !passwordTokenSeen {
                            passwordTokenSeen = true
                            url.record.usernameEnd = url.buffer.count
                            url.buffer.append(0x3A)
                            continue
                        }
                        url.buffer.appendPercentEncoded(b, .userinfo)
                    }
                    bufferStart = p + 1
                } else {
                    if atSignSeen, bufferStart == p { throw .hostMissing }
                    if !passwordTokenSeen {
                        url.record.usernameEnd = url.buffer.count
                    } else if url.buffer.count == url.record.usernameEnd + 1 {
                        url.buffer.removeLast()  // empty password: no ":"
                    }
                    if url.buffer.count > url.record.schemeEnd + 3 { url.buffer.append(0x40) }  // "@"
                    url.record.hostStart = url.buffer.count
                    // Re-read the buffer as the host.
                    p = bufferStart - 1
                    insideBrackets = false
                    state = .host
                }

            case .host:
                // bufferStart is where the host text starts; skip ahead over ordinary bytes.
                while p < n {
                    let b = input[p]
                    if b == 0x3A || b == 0x2F || b == 0x3F || b == 0x23 || b == 0x5C || b == 0x5B || b == 0x5D { break }
                    p += 1
                }
                let c = at(p)
                if c == cColon, !insideBrackets {
                    if bufferStart == p { throw .hostMissing }
                    url.record.hostKind = try writeHost(UnsafeBufferPointer(rebasing: input[bufferStart ..< p]),
                                                 isOpaque: !url.isSpecial, into: &url.buffer)
                    url.record.hostEnd = url.buffer.count
                    state = .port
                    port = 0
                    portHasDigits = false
                } else if c == EOF || c == cSlash || c == cQuestion || c == cHash || (url.isSpecial && c == cBackslash) {
                    if url.isSpecial, bufferStart == p { throw .hostMissing }
                    url.record.hostKind = try writeHost(UnsafeBufferPointer(rebasing: input[bufferStart ..< p]),
                                                 isOpaque: !url.isSpecial, into: &url.buffer)
                    url.record.hostEnd = url.buffer.count
                    state = .pathStart
                    p -= 1
                } else if c == cOpenBracket {
                    insideBrackets = true
                } else if c == cCloseBracket {
                    insideBrackets = false
                }

            case .port:
                if c != EOF, ASCII.isDigit(UInt8(c)) {
                    portHasDigits = true
                    port = min(port * 10 + (c - 0x30), 65536)  // saturate: any 6+ digit port is out of range
                } else if c == EOF || c == cSlash || c == cQuestion || c == cHash || (url.isSpecial && c == cBackslash) {
                    if portHasDigits {
                        if port > 65535 { throw .portOutOfRange }
                        if port != url.record.kind.defaultPort {
                            url.record.portValue = port
                            url.buffer.append(0x3A)
                            appendDecimal(port, into: &url.buffer)
                        }
                    }
                    state = .pathStart
                    p -= 1
                } else {
                    throw .portInvalid
                }

            case .file:
                schemeFile.withUnsafeBufferPointer { url.setScheme($0, kind: .file) }
                url.setEmptyHost()
                if c == cSlash || c == cBackslash {
                    state = .fileSlash
                } else if let base, base.kind == .file {
                    url.copyAuthority(from: base)
                    url.startPath(&pathStarted)
                    url.copyPath(from: base)
                    url.copyQuery(from: base)
                    if c == cQuestion {
                        url.removeQuery()
                        url.beginQuery()
                        state = .query
                    } else if c == cHash {
                        url.beginFragment()
                        state = .fragment
                    } else if c != EOF {
                        url.removeQuery()
                        if !StateMachine.startsWithWindowsDriveLetter(input, p) {
                            url.shortenPath()
                        } else {
                            url.buffer.removeSubrange(url.record.pathStart...)
                        }
                        state = .path
                        p -= 1
                    }
                } else {
                    state = .path
                    p -= 1
                }

            case .fileSlash:
                if c == cSlash || c == cBackslash {
                    state = .fileHost
                    bufferStart = p + 1
                } else {
                    if let base, base.kind == .file {
                        url.copyAuthority(from: base)
                        if !StateMachine.startsWithWindowsDriveLetter(input, p), base.firstSegmentIsNormalizedDriveLetter {
                            url.startPath(&pathStarted)
                            url.append(from: base, base.pathStart ..< (base.pathStart + 3))
                        }
                    }
                    state = .path
                    p -= 1
                }

            case .fileHost:
                if c == EOF || c == cSlash || c == cBackslash || c == cQuestion || c == cHash {
                    p -= 1
                    let length = p + 1 - bufferStart
                    if length == 2, ASCII.isLetter(input[bufferStart]),
                       input[bufferStart + 1] == 0x3A || input[bufferStart + 1] == 0x7C {
                        // Windows drive letter quirk: "file://C:/" — the buffer becomes the
                        // first path segment (normalized in the path state) and the host stays empty.
                        url.startPath(&pathStarted)
                        url.buffer.append(0x2F)
                        segmentStart = url.buffer.count
                        url.buffer.append(input[bufferStart])
                        url.buffer.append(input[bufferStart + 1])
                        state = .path
                    } else if length == 0 {
                        url.setEmptyHost()
                        state = .pathStart
                    } else {
                        url.setEmptyHost()
                        let kind = try writeHost(UnsafeBufferPointer(rebasing: input[bufferStart ... p]),
                                                 isOpaque: false, into: &url.buffer)
                        if kind == .domain, url.buffer[url.record.hostStart...].elementsEqual("localhost".utf8) {
                            url.buffer.removeSubrange(url.record.hostStart...)
                            url.record.hostKind = .empty
                        } else {
                            url.record.hostKind = kind
                        }
                        url.record.hostEnd = url.buffer.count
                        state = .pathStart
                    }
                }

            case .pathStart:
                url.startPath(&pathStarted)
                if url.isSpecial {
                    state = .path
                    if c != cSlash, c != cBackslash { p -= 1 }
                } else if c == cQuestion {
                    url.beginQuery()
                    state = .query
                } else if c == cHash {
                    url.beginFragment()
                    state = .fragment
                } else if c != EOF {
                    state = .path
                    if c != cSlash { p -= 1 }
                }

            case .path:
                url.startPath(&pathStarted)
                if segmentStart < 0 {
                    url.buffer.append(0x2F)
                    segmentStart = url.buffer.count
                }
                // Encode the run of segment code points in place.
                let special = url.isSpecial
                p = StateMachine.appendEncodedRun(input, from: p, into: &url.buffer, .path) {
                    $0 == 0x2F || $0 == 0x3F || $0 == 0x23 || (special && $0 == 0x5C)
                }
                let c = at(p)
                // End of segment.
                let slashFollows = c == cSlash || (special && c == cBackslash)
                if isDoubleDotSegment(url.buffer, segmentStart) {
                    url.buffer.removeSubrange((segmentStart - 1)...)
                    url.shortenPath()
                    if !slashFollows { url.buffer.append(0x2F) }
                } else if isSingleDotSegment(url.buffer, segmentStart) {
                    url.buffer.removeSubrange((segmentStart - 1)...)
                    if !slashFollows { url.buffer.append(0x2F) }
                } else if url.record.kind == .file, segmentStart == url.record.pathStart + 1, url.buffer.count - segmentStart == 2,
                          ASCII.isLetter(url.buffer[segmentStart]),
                          url.buffer[segmentStart + 1] == 0x3A || url.buffer[segmentStart + 1] == 0x7C {
                    url.buffer[segmentStart + 1] = 0x3A  // "C|" → "C:" as the first segment of a file URL
                }
                segmentStart = -1
                if c == cQuestion {
                    url.beginQuery()
                    state = .query
                } else if c == cHash {
                    url.beginFragment()
                    state = .fragment
                }

            case .opaquePath:
                var c = c
                while c != EOF, c != cQuestion, c != cHash {
                    if c == cSpace {
                        // A space right before "?" or "#" is encoded so it cannot become trailing.
                        let next = at(p + 1)
                        if next == cQuestion || next == cHash {
                            url.buffer.append(contentsOf: [0x25, 0x32, 0x30])
                        } else {
                            url.buffer.append(0x20)
                        }
                    } else {
                        url.buffer.appendPercentEncoded(UInt8(c), .c0Control)
                    }
                    p += 1
                    c = at(p)
                }
                if c == cQuestion {
                    url.beginQuery()
                    state = .query
                } else if c == cHash {
                    url.beginFragment()
                    state = .fragment
                }

            case .query:
                let set: PercentEncodeSet = url.isSpecial ? .specialQuery : .query
                p = StateMachine.appendEncodedRun(input, from: p, into: &url.buffer, set) { $0 == 0x23 }
                if p < n {  // stopped at "#"
                    url.beginFragment()
                    state = .fragment
                }

            case .fragment:
                p = StateMachine.appendEncodedRun(input, from: p, into: &url.buffer, .fragment) { _ in false }
            }
            if p >= n { break }
            p += 1
        }
        url.startPath(&pathStarted)
        // No host and a path starting with an empty segment: "/." keeps "//x" from being read
        // back as a host.
        if url.record.hostKind == nil, !url.record.hasOpaquePath, url.pathEnd - url.record.pathStart >= 2,
           url.buffer[url.record.pathStart] == 0x2F, url.buffer[url.record.pathStart + 1] == 0x2F {
            url.buffer.insert(contentsOf: [0x2F, 0x2E], at: url.record.pathStart)
            url.record.pathStart += 2
            url.record.queryStart = url.record.queryStart.map { $0 + 2 }
            url.record.fragmentStart = url.record.fragmentStart.map { $0 + 2 }
        }
        return url.finish()
    }
}

/// "." or "%2e" (ASCII case-insensitive), at path[start...].
private func isSingleDotSegment(_ path: [UInt8], _ start: Int) -> Bool {
    let length = path.count - start
    if length == 1 { return path[start] == 0x2E }
    if length == 3 { return isEncodedDot(path, start) }
    return false
}

/// "..", ".%2e", "%2e." or "%2e%2e" (ASCII case-insensitive), at path[start...].
private func isDoubleDotSegment(_ path: [UInt8], _ start: Int) -> Bool {
    switch path.count - start {
    case 2: return path[start] == 0x2E && path[start + 1] == 0x2E
    case 4:
        return (path[start] == 0x2E && isEncodedDot(path, start + 1))
            || (isEncodedDot(path, start) && path[start + 3] == 0x2E)
    case 6: return isEncodedDot(path, start) && isEncodedDot(path, start + 3)
    default: return false
    }
}

@inline(__always)
private func isEncodedDot(_ path: [UInt8], _ i: Int) -> Bool {
    path[i] == 0x25 && path[i + 1] == 0x32 && path[i + 2] | 0x20 == 0x65
}
