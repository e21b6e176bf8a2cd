// Homograph (spoofed host) detection through ICU's uspoof checker.
//
// Each label of the host is converted back to Unicode (punycode labels via ICU ToUnicode) and
// checked with USPOOF_RESTRICTION_LEVEL at MODERATELY_RESTRICTIVE plus USPOOF_MIXED_NUMBERS:
// a label may use one script, or Latin with one other script except Cyrillic, Greek and
// Cherokee (the ones that look like Latin), or the Han+Kana / Han+Hangul / Han+Bopomofo
// combinations. So "аpple" (Cyrillic а + Latin) fails, while "例子", "bücher" and "日本語"
// pass. The script data is ICU's; this file holds no tables.

internal import CLinkDocICU

/// True when some label of the (ASCII or Unicode) host mixes scripts the way homograph attacks
/// do. IP addresses and all-ASCII labels (Latin only) are never flagged.
public func hostLooksSpoofed(_ host: String) -> Bool {
    // An ASCII host without a punycode label is Latin only: nothing to ask ICU.
    if host.utf8.allSatisfy({ $0 < 0x80 }) && !containsPunycodeLabel(host) { return false }
    let unicode = domainToUnicodeBytes(Array(host.utf8))
    var start = 0
    var i = 0
    while i <= unicode.count {
        if i == unicode.count || unicode[i] == 0x2E {
            let label = unicode[start ..< i]
            if label.contains(where: { $0 >= 0x80 }) {
                let suspicious = label.withUnsafeBufferPointer { bytes in
                    bytes.withMemoryRebound(to: CChar.self) {
                        linkdoc_label_is_suspicious($0.baseAddress, Int32($0.count))
                    }
                }
                if suspicious == 1 { return true }
            }
            start = i + 1
        }
        i += 1
    }
    return false
}

/// Whether some label starts with "xn--" (any case), looking at bytes only.
private func containsPunycodeLabel(_ host: String) -> Bool {
    let bytes = Array(host.utf8)
    var labelStart = 0
    for i in 0...bytes.count where i == bytes.count || bytes[i] == 0x2E {
        if i - labelStart >= 4 && bytes[labelStart] | 0x20 == 0x78 && bytes[labelStart + 1] | 0x20 == 0x6E
            && bytes[labelStart + 2] == 0x2D && bytes[labelStart + 3] == 0x2D {
            return true
        }
        labelStart = i + 1
    }
    return false
}
