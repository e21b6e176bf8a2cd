import LinkDocCore
import LinkDocXML

/// Reads `.strings` files written as XML property lists, which Xcode reads as well as the old-style
/// text (tools that export translations write them):
///
///     <?xml version="1.0" encoding="UTF-8"?>
///     <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
///     <plist version="1.0">
///       <dict>
///         <key>privacy_dialog</key>
///         <string>请阅读《用户协议》</string>
///       </dict>
///     </plist>
///
/// The top `<dict>`'s `<key>`s and their `<string>` values are the table; character references
/// and CDATA decode as XML says. Parsed by libxml2 as Android resources are (`XMLEventParser`:
/// nothing is loaded, the DTD the DOCTYPE names included); a value that is not a `<string>` is
/// no string of a table, and says so.
enum PlistStringsReader {
    /// Whether a `.strings` file's text is XML: its first character (after white space) is `<`.
    static func isXML(_ bytes: [UInt8]) -> Bool {
        bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D } == UInt8(ascii: "<")
    }

    static func read(_ text: LocalizationText, language: String) -> (strings: [LocalizedString], diagnostics: [Diagnostic]) {
        let b = text.bytes
        var strings: [LocalizedString] = []
        var diagnostics: [Diagnostic] = []
        var firstDefinition: [String: Int] = [:]
        // Open elements (name, where their content starts, whether they are empty), and the key waiting
        // for its value.
        var open: [(name: String, contentStart: Int, isEmpty: Bool)] = []
        var key: (name: String, at: Int)? = nil
        for event in XMLEventParser.parse(b) {
            switch event.kind {
            case .start(let name, _):
                let content = XMLElementContent.start(cursor: event.cursor, in: b)
                open.append((name.qualified, content.offset, content.isEmpty))
            case .end:
                guard let element = open.popLast() else { continue }
                // An empty element (`<string/>`) ends where it starts.
                let contentEnd = element.isEmpty ? element.contentStart : max(element.contentStart, XMLElementContent.end(cursor: event.cursor, in: b))
                let content = element.contentStart..<contentEnd
                // Only the top dict's children are the table's entries: plist > dict > key/value.
                guard open.count == 2, open[0].name == "plist", open[1].name == "dict" else { continue }
                if element.name == "key" {
                    key = (String(decoding: decode(content, of: b).bytes, as: UTF8.self), content.lowerBound)
                    continue
                }
                guard let (name, keyAt) = key else { continue }
                key = nil
                guard element.name == "string" else {
                    diagnostics.append(text.diagnostic(.warning, "the value of key \"\(name)\" is a <\(element.name)>, not a <string>: no string of the table",
                                                       rule: RuleID.stringsSyntax, at: element.contentStart))
                    continue
                }
                if let first = firstDefinition[name] {
                    diagnostics.append(text.diagnostic(.warning, "duplicate key \"\(name)\" (first defined on line \(text.location(of: first).line)); the later value is used",
                                                       rule: RuleID.duplicateKey, at: keyAt))
                    strings.removeAll { $0.key == name }
                } else {
                    firstDefinition[name] = keyAt
                }
                let value = decode(content, of: b)
                strings.append(LocalizedString(key: name, language: language, variation: "", value: value.bytes, map: value.map))
            case .problem(let problem):
                guard !problem.isWarning else { continue }
                diagnostics.append(text.diagnostic(.error, "not a valid property list: \(problem.message)", rule: RuleID.stringsSyntax,
                                                   at: min(event.cursor, b.count)))
            case .doctype, .entityDeclaration, .endOfInput:
                break
            }
        }
        return (strings, diagnostics)
    }

    /// Character data with its references decoded (CDATA taken as it is), mapped to the file.
    private static func decode(_ content: Range<Int>, of b: [UInt8]) -> ValueBuilder {
        var value = ValueBuilder(start: content.lowerBound)
        for piece in XMLContent(b: b, xliffPrefixes: []).pieces(content) {
            switch piece {
            case .text(let run): value.appendLiteral(b[run], at: run.lowerBound)
            case .reference(let scalar?, let run): value.appendEscaped(scalar, at: run.lowerBound)
            case .reference(nil, let run), .tag(let run): value.appendLiteral(b[run], at: run.lowerBound)
            }
        }
        return value
    }
}
