// Host parsing (URL Standard §3.5): IPv6 literals, opaque hosts (non-special URLs), domains
// (percent-decode, domain to ASCII, forbidden code points) and IPv4 addresses, including the
// "ends in a number" rule that turns "0x7f.1" into 127.0.0.1.

import LinkDocBase

/// Forbidden host code points: NUL, TAB, LF, CR, space, # / : < > ? @ [ \ ] ^ |
@inline(__always)
func isForbiddenHostCodePoint(_ b: UInt8) -> Bool {
    switch b {
    case 0x00, 0x09, 0x0A, 0x0D, 0x20, 0x23, 0x2F, 0x3A, 0x3C, 0x3E, 0x3F, 0x40, 0x5B, 0x5C, 0x5D, 0x5E, 0x7C:
        return true
    default:
        return false
    }
}

/// Forbidden domain code points: forbidden host code points, C0 controls, "%" and DEL.
@inline(__always)
func isForbiddenDomainCodePoint(_ b: UInt8) -> Bool {
    b < 0x20 || b == 0x25 || b == 0x7F || isForbiddenHostCodePoint(b)
}

/// The host parser, writing the serialized host to the end of `out`. `input` is the raw host
/// text from the URL (may hold percent-escapes and UTF-8); `isOpaque` is "url is not special".
func writeHost(_ input: UnsafeBufferPointer<UInt8>, isOpaque: Bool, into out: inout [UInt8]) throws(URLValidationError) -> HostKind {
    if input.first == 0x5B {  // "["
        guard input.count >= 2, input[input.count - 1] == 0x5D else { throw .ipv6Unclosed }
        let address = try parseIPv6(UnsafeBufferPointer(rebasing: input[1 ..< input.count - 1]))
        out.append(0x5B)
        serializeIPv6(address, into: &out)
        out.append(0x5D)
        return .ipv6
    }
    if isOpaque {
        // The opaque-host parser: reject forbidden host code points, C0-control-percent-encode the rest.
        for b in input {
            if isForbiddenHostCodePoint(b) { throw .hostInvalidCodePoint }
            out.appendPercentEncoded(b, .c0Control)
        }
        return input.isEmpty ? .empty : .opaque
    }

    // domain = UTF-8 decode without BOM (invalid sequences become U+FFFD) of the percent-decoding,
    // then domain to ASCII, then the forbidden domain code point check.
    let start = out.count
    if input.allSatisfy({ $0 < 0x80 && $0 != 0x25 }) {
        // Fast path for the common case, same result: nothing to decode, and an all-ASCII
        // domain is just ASCII-lowercased (see domainToASCIIBytes).
        out.append(contentsOf: input)
        let forbidden = out.withUnsafeMutableBufferPointer { b -> Bool in
            var forbidden = false
            for i in start ..< b.count {
                forbidden = forbidden || isForbiddenDomainCodePoint(b[i])
                b[i] = ASCII.lower(b[i])
            }
            return forbidden
        }
        if forbidden { throw .domainInvalidCodePoint }
    } else {
        // Without "%" the percent-decoding is a plain copy.
        let decoded = input.contains(0x25) ? percentDecode(input) : Array(input)
        let ascii = try domainToASCIIBytes(decoded, beStrict: false)
        if ascii.contains(where: isForbiddenDomainCodePoint) { throw .domainInvalidCodePoint }
        out.append(contentsOf: ascii)
    }
    if endsInANumber(out[start...]) {
        let address = try parseIPv4(out[start...])
        out.removeSubrange(start...)
        serializeIPv4(address, into: &out)
        return .ipv4
    }
    return .domain
}

// MARK: - IPv4

/// "Ends in a number": the last non-empty dot-separated label is all digits or a valid IPv4
/// number ("0x", "0x1F", "017").
func endsInANumber(_ s: ArraySlice<UInt8>) -> Bool {
    var end = s.endIndex
    if end == s.startIndex { return false }
    if s[end - 1] == 0x2E { end -= 1 }  // a trailing dot is ignored (the empty last part)
    var start = end
    while start > s.startIndex, s[start - 1] != 0x2E { start -= 1 }
    if start == end { return false }
    let last = s[start ..< end]
    if last.allSatisfy(ASCII.isDigit) { return true }
    return parseIPv4Number(last) != nil
}

/// The IPv4 number parser: decimal, "0x" hex or "0"-prefixed octal. Values saturate above
/// 2^32 (anything that large is out of range anyway), so huge inputs cannot overflow.
/// Returns nil on failure.
func parseIPv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
    if part.isEmpty { return nil }
    var digits = part
    var radix: UInt64 = 10
    if digits.count >= 2, digits.first == 0x30, let second = digits.dropFirst().first, second | 0x20 == 0x78 {
        digits = digits.dropFirst(2)
        radix = 16
    } else if digits.count >= 2, digits.first == 0x30 {
        digits = digits.dropFirst()
        radix = 8
    }
    var value: UInt64 = 0
    for b in digits {
        let d: UInt64
        switch radix {
        case 10:
            guard ASCII.isDigit(b) else { return nil }
            d = UInt64(b &- 0x30)
        case 8:
            guard b &- 0x30 < 8 else { return nil }
            d = UInt64(b &- 0x30)
        default:
            guard let h = ASCII.hexValue(b) else { return nil }
            d = UInt64(h)
        }
        value = min(value &* radix &+ d, 1 << 40)
    }
    return value
}

/// The IPv4 parser, on an ASCII domain that ends in a number.
func parseIPv4(_ s: ArraySlice<UInt8>) throws(URLValidationError) -> UInt32 {
    var end = s.endIndex
    // A trailing empty part ("1.2.3.4.") is removed; s always holds a dot then, so there are
    // at least two parts.
    if end > s.startIndex, s[end - 1] == 0x2E { end -= 1 }
    var dots = 0
    for b in s[s.startIndex ..< end] where b == 0x2E { dots += 1 }
    if dots >= 4 { throw .ipv4TooManyParts }
    var numbers: [UInt64] = []
    numbers.reserveCapacity(4)
    var start = s.startIndex
    var i = s.startIndex
    while true {
        if i == end || s[i] == 0x2E {
            if numbers.count == 4 { throw .ipv4TooManyParts }
            guard let n = parseIPv4Number(s[start ..< i]) else { throw .ipv4NonNumericPart }
            numbers.append(n)
            if i == end { break }
            start = i + 1
        }
        i += 1
    }
    for n in numbers.dropLast() where n > 255 { throw .ipv4OutOfRangePart }
    let last = numbers[numbers.count - 1]
    if last >= UInt64(1) << (8 * UInt64(5 - numbers.count)) { throw .ipv4OutOfRangePart }
    var ipv4 = last
    for (counter, n) in numbers.dropLast().enumerated() {
        ipv4 += n << (8 * UInt64(3 - counter))
    }
    return UInt32(truncatingIfNeeded: ipv4)
}

// MARK: - IPv6

/// The IPv6 parser (input without the brackets), including the embedded-IPv4 form "::1.2.3.4".
func parseIPv6(_ input: UnsafeBufferPointer<UInt8>) throws(URLValidationError) -> SIMD8<UInt16> {
    var address = SIMD8<UInt16>(repeating: 0)
    var pieceIndex = 0
    var compress: Int? = nil
    var p = 0
    let n = input.count
    @inline(__always) func at(_ i: Int) -> Int { i < n ? Int(input[i]) : -1 }

    if at(p) == 0x3A {
        guard at(p + 1) == 0x3A else { throw .ipv6InvalidCompression }
        p += 2
        pieceIndex += 1
        compress = pieceIndex
    }
    while at(p) != -1 {
        if pieceIndex == 8 { throw .ipv6TooManyPieces }
        if at(p) == 0x3A {
            if compress != nil { throw .ipv6MultipleCompression }
            p += 1
            pieceIndex += 1
            compress = pieceIndex
            continue
        }
        var value = 0
        var length = 0
        while length < 4, p < n, let h = ASCII.hexValue(input[p]) {
            value = value * 0x10 + Int(h)
            p += 1
            length += 1
        }
        if at(p) == 0x2E {
            if length == 0 { throw .ipv4InIPv6InvalidCodePoint }
            p -= length
            if pieceIndex > 6 { throw .ipv4InIPv6TooManyPieces }
            var numbersSeen = 0
            while at(p) != -1 {
                var ipv4Piece: Int? = nil
                if numbersSeen > 0 {
                    if at(p) == 0x2E, numbersSeen < 4 {
                        p += 1
                    } else {
                        throw .ipv4InIPv6InvalidCodePoint
                    }
                }
                guard p < n, ASCII.isDigit(input[p]) else { throw .ipv4InIPv6InvalidCodePoint }
                while p < n, ASCII.isDigit(input[p]) {
                    let number = Int(input[p] &- 0x30)
                    if let piece = ipv4Piece {
                        if piece == 0 { throw .ipv4InIPv6InvalidCodePoint }
                        ipv4Piece = piece * 10 + number
                    } else {
                        ipv4Piece = number
                    }
                    if let piece = ipv4Piece, piece > 255 { throw .ipv4InIPv6OutOfRangePart }
                    p += 1
                }
                address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(ipv4Piece ?? 0)
                numbersSeen += 1
                if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
            }
            if numbersSeen != 4 { throw .ipv4InIPv6TooFewParts }
            break
        } else if at(p) == 0x3A {
            p += 1
            if at(p) == -1 { throw .ipv6InvalidCodePoint }
        } else if at(p) != -1 {
            throw .ipv6InvalidCodePoint
        }
        address[pieceIndex] = UInt16(value)
        pieceIndex += 1
    }
    if let compress {
        var swaps = pieceIndex - compress
        pieceIndex = 7
        while pieceIndex != 0, swaps > 0 {
            let tmp = address[pieceIndex]
            address[pieceIndex] = address[compress + swaps - 1]
            address[compress + swaps - 1] = tmp
            pieceIndex -= 1
            swaps -= 1
        }
    } else if pieceIndex != 8 {
        throw .ipv6TooFewPieces
    }
    return address
}
