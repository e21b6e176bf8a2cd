/// Re-indents compact JSON for people to read (`linkdoc compile --pretty`).
/// It works on the bytes of valid JSON and keeps every string byte as it is.
/// Arrays of plain values stay on one line, so ranges read as `[3, 6]`.
@_spi(LinkDocInternal) public enum JSONFormatter {
    public static func prettyPrinted(_ json: [UInt8], indent: Int = 2) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.count * 2)
        var depth = 0
        var inString = false
        var escaped = false
        var i = 0
        func newline(_ out: inout [UInt8], _ depth: Int) {
            out.append(0x0A)
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * indent))
        }
        while i < json.count {
            let b = json[i]
            if inString {
                out.append(b)
                if escaped { escaped = false } else if b == UInt8(ascii: "\\") { escaped = true } else if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
                out.append(b)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let close: UInt8 = b == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if i + 1 < json.count && json[i + 1] == close {
                    // Keep empty containers on one line: `[]`, `{}`.
                    out.append(b); out.append(close)
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "["), let end = flatArrayEnd(json, from: i) {
                    for k in i...end {
                        out.append(json[k])
                        if json[k] == UInt8(ascii: ",") { out.append(UInt8(ascii: " ")) }
                    }
                    i = end + 1
                    continue
                }
                out.append(b)
                depth += 1
                newline(&out, depth)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline(&out, depth)
                out.append(b)
            case UInt8(ascii: ","):
                out.append(b)
                newline(&out, depth)
            case UInt8(ascii: ":"):
                out.append(b)
                out.append(UInt8(ascii: " "))
            default:
                out.append(b)
            }
            i += 1
        }
        return out
    }

    /// The index of the `]` closing the array at `start` when it holds only numbers,
    /// booleans and nulls (no strings, objects or arrays); nil otherwise.
    private static func flatArrayEnd(_ json: [UInt8], from start: Int) -> Int? {
        var i = start + 1
        while i < json.count {
            switch json[i] {
            case UInt8(ascii: "]"): return i
            case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "\""): return nil
            default: i += 1
            }
        }
        return nil
    }
}
