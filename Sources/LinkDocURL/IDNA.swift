// Domain to ASCII (URL Standard §3.3) on top of ICU's UTS #46 implementation.
//
// ICU is called through CLinkDocICU (plain C), which opens the UIDNA objects once and masks the
// ICU error bits the Standard does not want (hyphen checks always; empty labels and DNS length
// unless beStrict). No Unicode tables live in this package.

import LinkDocBase

internal import CLinkDocICU

/// The Standard's "domain to ASCII" on UTF-8 bytes (which may be invalid UTF-8: they are
/// decoded with U+FFFD replacement, and U+FFFD is disallowed by IDNA, so such input fails).
func domainToASCIIBytes(_ domain: [UInt8], beStrict: Bool) throws(URLValidationError) -> [UInt8] {
    // Current Standard (whatwg/url a8d5ca3): with beStrict false, an all-ASCII domain is just
    // ASCII-lowercased, even where ToASCII would reject it (e.g. "xn--a" stays "xn--a").
    // Forbidden code points are rejected afterwards by the host parser.
    if !beStrict, !domain.contains(where: { $0 >= 0x80 }) {
        if domain.isEmpty { throw .domainToASCII }
        return domain.map(ASCII.lower)
    }
    // Valid UTF-8 (the usual case) goes to ICU as it is; only invalid UTF-8 needs the decoding
    // with U+FFFD replacement, which makes a String (an allocation and a second validation).
    let ascii: [UInt8]?
    if isValidUTF8(domain) {
        ascii = domain.withUnsafeBufferPointer { icuToASCII($0, beStrict: beStrict) }
    } else {
        var text = String(decoding: domain, as: UTF8.self)
        ascii = text.withUTF8 { icuToASCII($0, beStrict: beStrict) }
    }
    guard let ascii, !ascii.isEmpty else { throw .domainToASCII }
    return ascii
}

/// Whether `bytes` is well-formed UTF-8 (then String(decoding:as: UTF8.self) keeps it as it is):
/// the byte sequences of table 3-7 of the Unicode Standard, checked in place (Swift's UTF8
/// decoder, used through an iterator, cost about as much as the String it saves).
private func isValidUTF8(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { s in
        let n = s.count
        var i = 0
        while i < n {
            let lead = s[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // The sequence's length and the range of its second byte; the others are 80...BF.
            let length: Int, low: UInt8, high: UInt8
            switch lead {
            case 0xC2 ... 0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)  // no overlong forms
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)  // no surrogates
            case 0xE1 ... 0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)  // no overlong forms
            case 0xF1 ... 0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)  // nothing above U+10FFFF
            default: return false  // 80...C1 and F5...FF never lead
            }
            guard n - i >= length, s[i + 1] >= low, s[i + 1] <= high else { return false }
            for k in 2 ..< length where s[i + k] & 0xC0 != 0x80 { return false }
            i += length
        }
        return true
    }
}

/// UTS #46 ToASCII through ICU; nil when the (masked) ICU errors say the domain is invalid.
private func icuToASCII(_ src: UnsafeBufferPointer<UInt8>, beStrict: Bool) -> [UInt8]? {
    var capacity = max(64, src.count * 2 + 16)
    for _ in 0 ..< 2 {
        var length: Int32 = 0
        var errors: UInt32 = 0
        // ICU writes to stack memory; the result is then copied into an array of its exact size
        // (Array(UnsafeBufferPointer) allocates through code specialized for UInt8, unlike
        // Array(repeating:count:), see CommonForm.swift).
        let (rc, out) = withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { d in
            let rc = src.withMemoryRebound(to: CChar.self) { s in
                linkdoc_domain_to_ascii(s.baseAddress, Int32(s.count), beStrict ? 1 : 0,
                                        d.baseAddress, Int32(d.count), &length, &errors)
            }
            guard rc == LINKDOC_ICU_OK else { return (rc, [UInt8]()) }
            return (rc, Array(UnsafeRawBufferPointer(start: d.baseAddress, count: Int(length))))
        }
        switch rc {
        case LINKDOC_ICU_OK:
            return out
        case LINKDOC_ICU_BUFFER_TOO_SMALL:
            capacity = Int(length) + 1
        default:
            return nil
        }
    }
    return nil
}

/// UTS #46 ToUnicode (lenient) through ICU: punycode labels back to Unicode, for display and
/// for the spoof check. Returns the input unchanged if ICU fails.
func domainToUnicodeBytes(_ domain: [UInt8]) -> [UInt8] {
    var text = String(decoding: domain, as: UTF8.self)
    return text.withUTF8 { src -> [UInt8] in
        var capacity = max(64, src.count * 4 + 16)
        for _ in 0 ..< 2 {
            var length: Int32 = 0
            var out = [UInt8](repeating: 0, count: capacity)
            let rc = src.withMemoryRebound(to: CChar.self) { s in
                out.withUnsafeMutableBufferPointer { d in
                    d.withMemoryRebound(to: CChar.self) { d in
                        linkdoc_domain_to_unicode(s.baseAddress, Int32(s.count), d.baseAddress, Int32(d.count), &length)
                    }
                }
            }
            if rc == LINKDOC_ICU_OK {
                out.removeSubrange(Int(length)...)
                return out
            }
            if rc != LINKDOC_ICU_BUFFER_TOO_SMALL { break }
            capacity = Int(length) + 1
        }
        return Array(src)
    }
}

/// The URL Standard's "domain to ASCII" (UTS #46 ToASCII with CheckHyphens=false,
/// CheckBidi=true, CheckJoiners=true, UseSTD3ASCIIRules=beStrict, Transitional=false,
/// VerifyDnsLength=beStrict, plus the all-ASCII shortcut). nil on failure. This does not apply
/// the host parser's forbidden-code-point and IPv4 rules; see `hostToASCII`.
public func domainToASCII(_ domain: String, beStrict: Bool = false) -> String? {
    guard let bytes = try? domainToASCIIBytes(Array(domain.utf8), beStrict: beStrict) else { return nil }
    return String(decoding: bytes, as: UTF8.self)
}

/// UTS #46 ToUnicode of an (ASCII or Unicode) domain, e.g. "xn--fsqu00a.xn--55qx5d" → "例子.公司".
public func domainToUnicode(_ domain: String) -> String {
    String(decoding: domainToUnicodeBytes(Array(domain.utf8)), as: UTF8.self)
}

/// The host parser for a special URL (percent-decoding, domain to ASCII, forbidden domain code
/// points, IPv4/IPv6) returning the serialized host, e.g. "Bücher.example" → "xn--bcher-kva.example",
/// "0x7f.1" → "127.0.0.1".
public func hostToASCII(_ host: String) -> Result<String, URLValidationError> {
    var text = host
    return text.withUTF8 { bytes -> Result<String, URLValidationError> in
        if bytes.isEmpty { return .failure(.hostMissing) }
        do throws(URLValidationError) {
            var out: [UInt8] = []
            _ = try writeHost(bytes, isOpaque: false, into: &out)
            return .success(String(decoding: out, as: UTF8.self))
        } catch {
            return .failure(error)
        }
    }
}
