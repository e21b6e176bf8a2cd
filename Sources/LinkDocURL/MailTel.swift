// Building mailto: and tel: links from the plain address/number an author writes in copy.

import LinkDocBase

/// Characters kept literally in a mailto: local part: RFC 3986 unreserved plus the sub-delims
/// RFC 6068 allows there ("!$'()*+,;:"). Everything else, including "%", "&", "=", "?", "#",
/// space and non-ASCII (UTF-8), is percent-encoded.
private func isMailtoLocalPartLiteral(_ b: UInt8) -> Bool {
    if ASCII.isLetterOrDigit(b) { return true }
    switch b {
    case 0x2D, 0x2E, 0x5F, 0x7E,  // - . _ ~
         0x21, 0x24, 0x27, 0x28, 0x29, 0x2A, 0x2B, 0x2C, 0x3B, 0x3A:  // ! $ ' ( ) * + , ; :
        return true
    default:
        return false
    }
}

/// "dpo@例子.公司" → "mailto:dpo@xn--fsqu00a.xn--55qx5d": the local part percent-encoded as
/// needed, the domain through the URL host parser (IDNA). nil when there is no "@", either side
/// is empty, or the domain is not a valid host.
public func mailtoURL(address: String) -> String? {
    let trimmed = Array(address.utf8).trimmingASCIIWhitespace()
    guard let at = trimmed.lastIndex(of: 0x40) else { return nil }
    let local = trimmed[..<at]
    let domain = trimmed[(at + 1)...]
    guard !local.isEmpty, !domain.isEmpty else { return nil }
    guard case .success(let host) = hostToASCII(String(decoding: domain, as: UTF8.self)) else { return nil }
    var out = Array("mailto:".utf8)
    for b in local {
        if isMailtoLocalPartLiteral(b) {
            out.append(b)
        } else {
            out.append(0x25)
            out.append(hexDigit(b >> 4))
            out.append(hexDigit(b & 0xF))
        }
    }
    out.append(0x40)
    out.append(contentsOf: host.utf8)
    return String(decoding: out, as: UTF8.self)
}

/// A phone number as a `tel:` URL spells it (RFC 3966): an optional leading `+`, decimal digits
/// and the visual separators `-` `.` `(` `)` and spaces, then parameters after `;`, of which
/// `ext=` (the extension) is kept. Read from the text the author wrote, percent-decoded first:
/// `tel:+86 400 820 8820` and `tel:%2B86-400-820-8820` are both `+864008208820`. Digits of any
/// script (full-width `４００`) become ASCII; full-width `＋ － （ ）`, the Unicode dashes and
/// no-break spaces count as the separators they look like.
public struct TelNumber: Hashable, Sendable {
    /// Digits and an optional leading `+`.
    public var digits: String
    /// Digits only; nil without an `ext=` parameter.
    public var `extension`: String?

    public init(digits: String, extension: String? = nil) {
        self.digits = digits
        self.extension = `extension`
    }

    /// `tel:DIGITS` or `tel:DIGITS;ext=EXT`.
    public var url: String { "tel:" + digits + (self.extension.map { ";ext=" + $0 } ?? "") }

    /// The number `spelled` writes (the part of a `tel:` URL after the scheme, or a number
    /// as copy writes it), or nil when it holds anything but a number: a letter, a `+` after
    /// a digit, an empty or non-digit `ext=`, or no digit at all.
    public init?(spelled: String) {
        let decoded = String(decoding: percentDecode(spelled), as: UTF8.self)
        var parts = decoded.split(separator: ";", omittingEmptySubsequences: false).makeIterator()
        guard let number = parts.next(), let digits = Self.digits(of: number, plusAllowed: true) else { return nil }
        var ext: String? = nil
        while let parameter = parts.next() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair[0].lowercased() == "ext" else { continue }  // phone-context, isub: nothing to dial
            guard pair.count == 2, let value = Self.digits(of: pair[1], plusAllowed: false) else { return nil }
            ext = value
        }
        self.init(digits: digits, extension: ext)
    }

    /// The digits of `text` (with a leading `+` when allowed), or nil when it holds anything
    /// but digits and visual separators.
    private static func digits(of text: Substring, plusAllowed: Bool) -> String? {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
                out.unicodeScalars.append(Unicode.Scalar(UInt8(value) + 0x30))
            } else if (scalar == "+" || scalar == "\u{FF0B}") && plusAllowed && out.isEmpty {
                out = "+"
            } else if !isVisualSeparator(scalar) {
                return nil
            }
        }
        return out.isEmpty || out == "+" ? nil : out
    }

    /// RFC 3966's visual separators, their full-width forms, the Unicode dashes and spaces.
    private static func isVisualSeparator(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "-", ".", "(", ")", " ", "\u{00A0}", "\u{3000}", "\u{FF0D}", "\u{FF0E}", "\u{FF08}", "\u{FF09}",
             "\u{2010}"..."\u{2015}", "\u{2212}":
            return true
        default:
            return false
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func trimmingASCIIWhitespace() -> ArraySlice<UInt8> {
        var slice = self[...]
        while let f = slice.first, f <= 0x20 { slice = slice.dropFirst() }
        while let l = slice.last, l <= 0x20 { slice = slice.dropLast() }
        return slice
    }
}
