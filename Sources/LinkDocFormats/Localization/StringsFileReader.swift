import LinkDocCore

/// Reads old-style `.strings` files (the strings-table subset of the OpenStep
/// property list syntax):
///
///     /* Privacy dialog */
///     "privacy_dialog" = "请阅读《用户协议》\n联系 @小明";
///     // A line comment
///     unquoted_key = unquoted.value;
///     "key_only";                       (the value is the key)
///
/// Escapes in quoted strings: `\"` `\'` `\\` `\n` `\t` `\r` `\a` `\b` `\f` `\v`,
/// octal `\012`, and `\U1234` / `\u1234` (4 hex digits; two in a row make a
/// surrogate pair). An optional `{ … }` around the entries is accepted, as in
/// a property list.
///
/// Errors are reported with the file's line and column and the reader then
/// resynchronizes at the next line, so one typo does not lose the whole table.
/// A `.strings` file that is an XML property list is `PlistStringsReader`'s.
///
/// A file of `Base.lproj` (language `Base`) is the development language's: its language is
/// the bundle's `sourceLanguage`, the one every lookup falls back to.
enum StringsFileReader {
    static func read(_ raw: [UInt8], name: String, language: String) -> LocalizationFile {
        let text = LocalizationText(name: name, bytes: raw)
        let sourceLanguage: String? = language == "Base" ? language : nil
        if PlistStringsReader.isXML(text.bytes) {
            let (strings, diagnostics) = PlistStringsReader.read(text, language: language)
            return LocalizationFile(format: .strings, text: text, sourceLanguage: sourceLanguage, strings: strings,
                                    diagnostics: text.diagnostics + diagnostics)
        }
        var reader = Reader(text: text, language: language)
        reader.readEntries()
        return LocalizationFile(format: .strings, text: text, sourceLanguage: sourceLanguage,
                                strings: reader.strings, diagnostics: text.diagnostics + reader.diagnostics)
    }

    struct Reader {
        let text: LocalizationText
        let b: [UInt8]
        let language: String
        var i = 0
        var strings: [LocalizedString] = []
        var diagnostics: [Diagnostic] = []
        /// First definition of each key (by its UTF-8 bytes: keys that differ only
        /// in Unicode normalization are different keys to the runtime).
        var seen: [[UInt8]: Int] = [:]

        init(text: LocalizationText, language: String) {
            self.text = text
            self.b = text.bytes
            self.language = language
        }

        /// A syntax error: report it and skip to the start of the next line.
        struct SyntaxError: Error { let message: String; let offset: Int; var resumeAt: Int? = nil }

        mutating func error(_ e: SyntaxError) {
            diagnostics.append(text.diagnostic(.error, e.message, rule: RuleID.stringsSyntax, at: e.offset))
            i = e.resumeAt ?? nextLineStart(after: e.offset)
        }

        func nextLineStart(after offset: Int) -> Int {
            var j = offset
            while j < b.count && b[j] != 0x0A { j += 1 }
            return min(j + 1, b.count)
        }

        mutating func readEntries() {
            var braced = false
            do {
                try skipTrivia()
                if i < b.count && b[i] == UInt8(ascii: "{") { braced = true; i += 1 }
            } catch let e as SyntaxError { error(e) } catch {}
            while true {
                do {
                    try skipTrivia()
                    guard i < b.count else {
                        if braced { diagnostics.append(text.diagnostic(.error, "missing '}' at the end of the file", rule: RuleID.stringsSyntax, at: b.count)) }
                        return
                    }
                    if braced && b[i] == UInt8(ascii: "}") {
                        i += 1
                        try skipTrivia()
                        if i < b.count { throw SyntaxError(message: "unexpected text after the closing '}'", offset: i, resumeAt: b.count) }
                        return
                    }
                    try readEntry()
                } catch let e as SyntaxError {
                    error(e)
                } catch {}
            }
        }

        mutating func readEntry() throws {
            let keyStart = i
            let key = try readString(what: "a key")
            try skipTrivia()
            var value: ValueBuilder
            var spelling = LocalizedString.Spelling.value
            var valueStart = keyStart
            if i < b.count && b[i] == UInt8(ascii: "=") {
                i += 1
                try skipTrivia()
                guard i < b.count else { throw SyntaxError(message: "expected a value after '=' for key \"\(key.string)\"", offset: i) }
                valueStart = i
                value = try readString(what: "a value").builder
            } else {
                value = key.builder  // `"key";` means "key" = "key"
                spelling = .key
            }
            let afterEntry = i
            try skipTrivia()
            guard i < b.count, b[i] == UInt8(ascii: ";") else {
                let found = i < b.count ? "'\(String(decoding: scalarBytes(at: i), as: UTF8.self))'" : "the end of the file"
                // A forgotten ';' at the end of a line: the next line is the next
                // entry, so resume there rather than skipping it too.
                // A string that ran over a line break into something that is not
                // ';' most likely lost its closing quote: it ended at the next
                // entry's opening quote. Say so, and resume on the following line.
                if b[valueStart] == UInt8(ascii: "\"") && b[valueStart..<afterEntry].contains(0x0A) {
                    throw SyntaxError(message: "unterminated string (no closing '\"' on its line)", offset: valueStart,
                                      resumeAt: nextLineStart(after: valueStart))
                }
                let nextLine = b[afterEntry..<i].contains(0x0A)
                throw SyntaxError(message: "expected ';' after the entry for key \"\(key.string)\", found \(found)",
                                  offset: afterEntry, resumeAt: nextLine ? i : nil)
            }
            i += 1
            let keyBytes = key.builder.bytes
            if let first = seen[keyBytes] {
                let line = text.location(of: first).line
                diagnostics.append(text.diagnostic(.warning, "duplicate key \"\(key.string)\" (first defined on line \(line)); the later value is used",
                                                   rule: RuleID.duplicateKey, at: keyStart))
                strings.removeAll { Array($0.key.utf8) == keyBytes }
            } else {
                seen[keyBytes] = keyStart
            }
            strings.append(LocalizedString(key: key.string, language: language, variation: "",
                                           value: value.bytes, map: value.map, spelling: spelling))
        }

        // MARK: Strings

        struct ReadString { var builder: ValueBuilder; var string: String { String(decoding: builder.bytes, as: UTF8.self) } }

        static func isUnquotedByte(_ c: UInt8) -> Bool {
            (c >= 0x30 && c <= 0x39) || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7A)
                || c == UInt8(ascii: "_") || c == UInt8(ascii: "$") || c == UInt8(ascii: "+")
                || c == UInt8(ascii: "/") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".") || c == UInt8(ascii: "-")
        }

        mutating func readString(what: String) throws -> ReadString {
            guard i < b.count else { throw SyntaxError(message: "expected \(what), found the end of the file", offset: i) }
            let c = b[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return try readQuoted(quote: c) }
            guard Self.isUnquotedByte(c) else {
                throw SyntaxError(message: "expected \(what) (a quoted string), found '\(String(decoding: scalarBytes(at: i), as: UTF8.self))'", offset: i)
            }
            let start = i
            while i < b.count && Self.isUnquotedByte(b[i]) { i += 1 }
            var builder = ValueBuilder(start: start)
            builder.appendLiteral(b[start..<i], at: start)
            return ReadString(builder: builder)
        }

        func scalarBytes(at j: Int) -> ArraySlice<UInt8> {
            var end = j + 1
            while end < b.count && b[end] & 0xC0 == 0x80 { end += 1 }
            return b[j..<end]
        }

        mutating func readQuoted(quote: UInt8) throws -> ReadString {
            let open = i
            i += 1
            var builder = ValueBuilder(start: open)
            while true {
                builder.appendLiteralRun(of: b, from: &i) { $0 == quote || $0 == UInt8(ascii: "\\") }
                guard i < b.count else { break }
                if b[i] == quote {
                    i += 1
                    return ReadString(builder: builder)
                }
                try readEscape(into: &builder)
            }
            // No closing quote before the end of the file. Strings may span lines, so
            // where it should have ended is unknown: resume on the line after the
            // opening quote, which recovers the common case of a forgotten quote.
            throw SyntaxError(message: "unterminated string (no closing \(quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""))",
                              offset: open, resumeAt: nextLineStart(after: open))
        }

        mutating func readEscape(into builder: inout ValueBuilder) throws {
            let start = i
            i += 1  // the backslash
            guard i < b.count else { throw SyntaxError(message: "a backslash ends the file", offset: start, resumeAt: b.count) }
            let c = b[i]
            i += 1
            let simple: Unicode.Scalar?
            switch c {
            case UInt8(ascii: "n"): simple = "\n"
            case UInt8(ascii: "t"): simple = "\t"
            case UInt8(ascii: "r"): simple = "\r"
            case UInt8(ascii: "a"): simple = "\u{07}"
            case UInt8(ascii: "b"): simple = "\u{08}"
            case UInt8(ascii: "f"): simple = "\u{0C}"
            case UInt8(ascii: "v"): simple = "\u{0B}"
            case UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "\\"): simple = Unicode.Scalar(c)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(c - 0x30)
                var digits = 1
                while digits < 3, i < b.count, b[i] >= 0x30, b[i] <= 0x37 {
                    value = value * 8 + UInt32(b[i] - 0x30)
                    i += 1
                    digits += 1
                }
                simple = Unicode.Scalar(value)  // at most \377: always a scalar
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                try readUnicodeEscape(from: start, into: &builder)
                return
            case 0x0A, 0x0D:
                // A backslash before a line break continues the value on the next line, the
                // break kept (as Foundation reads it): valid, and common in long values.
                // Mapped as escaped, not literal: a fix there would land after the backslash.
                i -= 1
                let bytes = scalarBytes(at: i)
                i = bytes.endIndex
                builder.appendEscaped("\n", at: start)
                return
            default:
                // As Foundation does, keep the character; but say so, since it is
                // usually a typo or a markup escape missing its second backslash.
                let bytes = scalarBytes(at: i - 1)
                i = bytes.endIndex
                let shown = String(decoding: bytes, as: UTF8.self)
                var hint = ""
                if "《》@#[]".contains(shown) {
                    hint = "; to escape linkdoc markup in a .strings file write \\\\\(shown)"
                }
                diagnostics.append(text.diagnostic(.warning, "unknown escape '\\\(shown)'; it stands for '\(shown)'\(hint)",
                                                   rule: RuleID.stringsEscape, at: start))
                // The character is the escape's, not text of its own: `--fix` must not edit it
                // (an edit would land after the backslash, which would then escape something else).
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars { builder.appendEscaped(scalar, at: start) }
                return
            }
            builder.appendEscaped(simple!, at: start)
        }

        /// `\UXXXX`; a high surrogate followed by `\UXXXX` with a low one is one scalar.
        mutating func readUnicodeEscape(from start: Int, into builder: inout ValueBuilder) throws {
            guard let unit = readHex4() else {
                diagnostics.append(text.diagnostic(.error, "'\\\(String(UnicodeScalar(b[start + 1])))' must be followed by 4 hex digits; U+FFFD was used",
                                                   rule: RuleID.stringsEscape, at: start))
                builder.appendEscaped("\u{FFFD}", at: start)
                return
            }
            if (0xD800...0xDBFF).contains(unit), i + 1 < b.count, b[i] == UInt8(ascii: "\\"),
               b[i + 1] == UInt8(ascii: "U") || b[i + 1] == UInt8(ascii: "u") {
                let save = i
                i += 2
                if let low = readHex4(), (0xDC00...0xDFFF).contains(low) {
                    let value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    builder.appendEscaped(Unicode.Scalar(value)!, at: start)
                    return
                }
                i = save
            }
            guard let scalar = Unicode.Scalar(unit) else {
                diagnostics.append(text.diagnostic(.error, "unpaired surrogate \\U\(String(unit, radix: 16, uppercase: true)); U+FFFD was used",
                                                   rule: RuleID.stringsEscape, at: start))
                builder.appendEscaped("\u{FFFD}", at: start)
                return
            }
            builder.appendEscaped(scalar, at: start)
        }

        mutating func readHex4() -> UInt32? {
            guard let value = HexDigits.value4(b, at: i) else { return nil }
            i += 4
            return value
        }

        // MARK: Whitespace and comments

        mutating func skipTrivia() throws {
            while i < b.count {
                let c = b[i]
                if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0B || c == 0x0C {
                    i += 1
                } else if c == 0xE2, i + 2 < b.count, b[i + 1] == 0x80, b[i + 2] == 0xA8 || b[i + 2] == 0xA9 {
                    i += 3  // U+2028, U+2029
                } else if c == UInt8(ascii: "/") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "*") {
                    let open = i
                    i += 2
                    while i + 1 < b.count && !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                    guard i + 1 < b.count else { throw SyntaxError(message: "unterminated comment (no closing '*/')", offset: open, resumeAt: b.count) }
                    i += 2
                } else if c == UInt8(ascii: "/") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "/") {
                    i = nextLineStart(after: i)
                } else {
                    return
                }
            }
        }
    }
}
