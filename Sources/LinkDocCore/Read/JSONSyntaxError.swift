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
}
