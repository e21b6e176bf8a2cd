import LinkDocCore

/// A localization file's text, decoded to UTF-8 with normalized line breaks, and
/// the means to turn offsets in it into the file's lines and columns.
///
/// `.strings` files come in UTF-8 or UTF-16 (Xcode used to write UTF-16 LE with a
/// BOM); the reader transcodes UTF-16 to UTF-8 first. Lines and columns (columns
/// count Unicode scalars) are the same in both encodings, so positions found in
/// the UTF-8 text are the positions the user sees in the original file.
public struct LocalizationText: Sendable {
    public let source: SourceText
    /// Problems with the bytes themselves (invalid UTF-8 or UTF-16), already
    /// repaired with U+FFFD so that the rest of the file can still be read.
    public let diagnostics: [Diagnostic]

    public var bytes: [UInt8] { source.bytes }
    /// Whether invalid bytes were replaced: the text is then not what the file holds, and
    /// writing it back would lose the bytes for good.
    public var isRepaired: Bool { !diagnostics.isEmpty }
    /// Whether the file is UTF-16, which the reader transcoded to UTF-8.
    public let isUTF16: Bool
    public var name: String { source.name }

    public init(name: String, bytes raw: [UInt8]) {
        var diagnostics: [Diagnostic] = []
        var utf8: [UInt8]
        let encoding = Self.detectEncoding(raw)
        if case .utf16 = encoding { isUTF16 = true } else { isUTF16 = false }
        switch encoding {
        case .utf16(let bigEndian, let skip):
            let (decoded, badUnit) = Self.transcodeUTF16(raw, from: skip, bigEndian: bigEndian)
            utf8 = decoded.utf8
            if let badUnit {
                diagnostics.append(Diagnostic(
                    severity: .error,
                    message: "the UTF-16 text has an unpaired surrogate (byte offset \(badUnit)); it was replaced with U+FFFD",
                    ruleID: RuleID.invalidEncoding, file: name, location: decoded.locationOfFirstBad))
            }
        case .utf8:
            utf8 = raw
        }
        var source: SourceText
        do {
            source = try SourceText(name: name, bytes: utf8)
        } catch {
            diagnostics.append(Diagnostic(
                severity: .error,
                message: "the file is not valid UTF-8 (byte offset \(error.byteOffset)); invalid bytes were replaced with U+FFFD",
                ruleID: RuleID.invalidEncoding, file: name, location: error.location))
            utf8 = Array(String(decoding: utf8, as: UTF8.self).utf8)
            // After the repair the bytes are valid, so this cannot fail.
            source = (try? SourceText(name: name, bytes: utf8)) ?? (try! SourceText(name: name, bytes: []))
        }
        self.source = source
        self.diagnostics = diagnostics
    }

    /// The line and column of a byte offset in `bytes`.
    public func location(of offset: Int) -> SourceLocation {
        source.location(ofOffset: offset)
    }

    public func diagnostic(_ severity: Severity, _ message: String, rule: RuleID, at offset: Int) -> Diagnostic {
        Diagnostic(severity: severity, message: message, ruleID: rule, file: name, at: offset, in: source)
    }

    /// A diagnostic about a string's value (from compiling or linting it), moved to where the
    /// value is written in this file, with the file's excerpt, and naming the string's key.
    public func place(_ d: Diagnostic, of string: LocalizedString) -> Diagnostic {
        // The compiler drops a leading BOM from what it reads; its offsets then start 3 bytes later.
        let shift = string.value.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let offset = string.map.fileOffset(ofValueOffset: (d.location?.offset ?? 0) + shift)
        return Diagnostic(severity: d.severity, message: "\(string.label): " + d.message, ruleID: d.ruleID,
                          file: name, at: offset, in: source)
    }

    // MARK: Encodings

    enum Encoding { case utf8, utf16(bigEndian: Bool, skip: Int) }

    /// A BOM decides; without one, a first character that is ASCII in UTF-16
    /// (`"`, `/`, a letter: a zero byte beside a non-zero one) is recognized too,
    /// since files written by old tools sometimes lack the BOM.
    static func detectEncoding(_ raw: [UInt8]) -> Encoding {
        if raw.count >= 2 {
            if raw[0] == 0xFF && raw[1] == 0xFE { return .utf16(bigEndian: false, skip: 2) }
            if raw[0] == 0xFE && raw[1] == 0xFF { return .utf16(bigEndian: true, skip: 2) }
            if raw.count % 2 == 0 {
                if raw[0] == 0 && raw[1] != 0 && raw[1] < 0x80 { return .utf16(bigEndian: true, skip: 0) }
                if raw[0] != 0 && raw[0] < 0x80 && raw[1] == 0 { return .utf16(bigEndian: false, skip: 0) }
            }
        }
        return .utf8
    }

    struct Transcoded {
        var utf8: [UInt8] = []
        var locationOfFirstBad: SourceLocation? = nil
    }

    /// UTF-16 to UTF-8; unpaired surrogates (and an odd trailing byte) become U+FFFD.
    /// Returns the raw byte offset of the first bad unit, if any.
    static func transcodeUTF16(_ raw: [UInt8], from start: Int, bigEndian: Bool) -> (Transcoded, Int?) {
        var out = Transcoded()
        out.utf8.reserveCapacity(raw.count)
        var firstBad: Int? = nil
        var line = 1, column = 1
        func unit(_ i: Int) -> UInt16 {
            bigEndian ? UInt16(raw[i]) << 8 | UInt16(raw[i + 1]) : UInt16(raw[i + 1]) << 8 | UInt16(raw[i])
        }
        func emit(_ scalar: Unicode.Scalar, _ out: inout Transcoded) {
            out.utf8.append(contentsOf: scalar.utf8)
            if scalar == "\n" { line += 1; column = 1 } else if scalar != "\r" { column += 1 }
        }
        func bad(_ at: Int, _ out: inout Transcoded) {
            if firstBad == nil {
                firstBad = at
                out.locationOfFirstBad = SourceLocation(line: line, column: column, offset: out.utf8.count)
            }
            emit("\u{FFFD}", &out)
        }
        var i = start
        while i + 1 < raw.count {
            let u = unit(i)
            if u < 0xD800 || u > 0xDFFF {
                emit(Unicode.Scalar(u)!, &out)
                i += 2
            } else if u <= 0xDBFF, i + 3 < raw.count, (0xDC00...0xDFFF).contains(unit(i + 2)) {
                let value = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(unit(i + 2) - 0xDC00)
                emit(Unicode.Scalar(value)!, &out)
                i += 4
            } else {
                bad(i, &out)
                i += 2
            }
        }
        if i < raw.count { bad(i, &out) }  // an odd number of bytes
        return (out, firstBad)
    }
}
