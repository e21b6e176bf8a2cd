import Foundation

/// Why and where JSON does not parse, for messages with a line and column.
///
/// `JSONDecoder` says only "The given data was not valid JSON."; `JSONSerialization`
/// names the byte offset ("Invalid value around character 18.") or the end of the file.
public struct JSONSyntaxError: Sendable {
    /// What is wrong, e.g. "invalid value" or "unexpected end of file".
    public let reason: String
    /// The line and column in the file as given (BOM and CRLF included); nil when Foundation names no place.
    public let location: SourceLocation?

    /// The first syntax error in `data`, or nil when it parses.
    public static func find(in data: Data) -> JSONSyntaxError? {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return nil
        } catch {
            var text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            var offset: Int? = nil
            if let around = text.range(of: " around character ") {
                offset = Int(text[around.upperBound...].prefix { $0.isNumber })
                text = String(text[..<around.lowerBound])
            } else if text.localizedCaseInsensitiveContains("end of file") {
                offset = data.count
                text = "unexpected end of file"
            }
            if text.hasSuffix(".") { text.removeLast() }
            let reason = text.prefix(1).lowercased() + text.dropFirst()
            let bytes = [UInt8](data)
            return JSONSyntaxError(reason: reason,
                                   location: offset.map { SourceText.location(ofRawOffset: min($0, bytes.count), in: bytes) })
        }
    }

    /// The first comma before a closing brace or bracket (outside strings). JSON has none, but
    /// Foundation's parsers accept one, so a manifest that jq, Python or Xcode refuse would pass
    /// here and break elsewhere; every reader of the project's JSON files asks this first.
    public static func trailingComma(in data: Data) -> JSONSyntaxError? {
        let bytes = [UInt8](data)
        var inString = false, escaped = false, comma: Int? = nil
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true; comma = nil
            case UInt8(ascii: ","): comma = i
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if let comma {
                    return JSONSyntaxError(reason: "a comma before \(byte == UInt8(ascii: "}") ? "}" : "]") (JSON allows none)",
                                           location: SourceText.location(ofRawOffset: comma, in: bytes))
                }
            case 0x20, 0x09, 0x0A, 0x0D: break
            default: comma = nil
            }
        }
        return nil
    }
}
