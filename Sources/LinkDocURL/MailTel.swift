// Building mailto: and tel: links from the plain address/number an author writes in copy.

/// Characters kept literally in a mailto: local part: RFC 3986 unreserved plus the sub-delims
/// RFC 6068 allows there ("!$'()*+,;:"). Everything else, including "%", "&", "=", "?", "#",
/// space and non-ASCII (UTF-8), is percent-encoded.
private func isMailtoLocalPartLiteral(_ b: UInt8) -> Bool {
    if isASCIIAlphanumeric(b) { return true }
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

/// "+86 138-0013-8000" → "tel:+8613800138000": keeps decimal digits (any script's decimal digits
/// become ASCII, e.g. full-width "１３８") and a "+" that comes before the first digit. nil when
/// there are no digits.
public func telURL(_ raw: String) -> String? {
    var out = "tel:"
    var sawDigit = false
    var sawPlus = false
    for scalar in raw.unicodeScalars {
        if scalar == "+", !sawDigit, !sawPlus {
            sawPlus = true
            out.append("+")
        } else if scalar.properties.numericType == .decimal, let value = scalar.properties.numericValue {
            sawDigit = true
            out.append(Character(Unicode.Scalar(UInt8(value) + 0x30)))
        }
    }
    return sawDigit ? out : nil
}

extension Array where Element == UInt8 {
    fileprivate func trimmingASCIIWhitespace() -> ArraySlice<UInt8> {
        var slice = self[...]
        while let f = slice.first, f <= 0x20 { slice = slice.dropFirst() }
        while let l = slice.last, l <= 0x20 { slice = slice.dropLast() }
        return slice
    }
}
