/// Strict UTF-8 validation (RFC 3629): no overlong forms, no surrogates, nothing above U+10FFFF.
enum UTF8Validation {
    /// The offset of the first byte that does not belong to a valid sequence, or nil.
    static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { s in
            let n = s.count
            var i = 0
            while i < n {
                // Fast path: eight ASCII bytes at a time.
                while i + 8 <= n {
                    let word = UnsafeRawPointer(s.baseAddress! + i).loadUnaligned(as: UInt64.self)
                    if word & 0x8080_8080_8080_8080 != 0 { break }
                    i += 8
                }
                guard i < n else { return nil }
                let b0 = s[i]
                if b0 < 0x80 { i += 1; continue }
                let length: Int
                var lowerBound: UInt8 = 0x80, upperBound: UInt8 = 0xBF
                switch b0 {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; lowerBound = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; upperBound = 0x9F  // no surrogates
                case 0xF0: length = 4; lowerBound = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; upperBound = 0x8F  // nothing above U+10FFFF
                default: return i
                }
                guard i + 1 < n, s[i + 1] >= lowerBound, s[i + 1] <= upperBound else { return i }
                for k in 2..<length {
                    guard i + k < n, s[i + k] & 0xC0 == 0x80 else { return i }
                }
                i += length
            }
            return nil
        }
    }
}
