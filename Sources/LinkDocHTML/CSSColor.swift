// CSS colour values → "#rrggbb" / "#rrggbbaa" (lowercase; alpha only when
// not fully opaque). Accepts the 148 CSS named colours, "transparent",
// #rgb, #rgba, #rrggbb, #rrggbbaa, rgb()/rgba() in comma or space syntax with
// numbers or percentages. Anything else (hsl(), currentColor, var(), junk)
// → nil: the caller then ignores the declaration.

import LinkDocBase

public enum CSSColor {
    public static func normalize(_ value: String) -> String? {
        let v = trimmedLowercased(value)
        guard !v.isEmpty else { return nil }
        if v.first == "#" { return hexColor(v.dropFirst()) }
        if v == "transparent" { return "#00000000" }
        if let rgb = namedColors[v] { return format(r: rgb >> 16, g: (rgb >> 8) & 0xFF, b: rgb & 0xFF, a: 255) }
        if v.hasPrefix("rgba(") || v.hasPrefix("rgb(") { return rgbFunction(v) }
        return nil
    }

    // MARK: - Hex

    private static func hexColor(_ digits: Substring) -> String? {
        var nibbles: [Int] = []
        for c in digits.utf8 {
            guard let n = ASCII.hexValue(c).map(Int.init) else { return nil }  // lowercased above
            nibbles.append(n)
        }
        switch nibbles.count {
        case 3, 4:
            let a = nibbles.count == 4 ? nibbles[3] * 17 : 255
            return format(r: nibbles[0] * 17, g: nibbles[1] * 17, b: nibbles[2] * 17, a: a)
        case 6, 8:
            let a = nibbles.count == 8 ? nibbles[6] * 16 + nibbles[7] : 255
            return format(r: nibbles[0] * 16 + nibbles[1], g: nibbles[2] * 16 + nibbles[3],
                          b: nibbles[4] * 16 + nibbles[5], a: a)
        default:
            return nil
        }
    }

    // MARK: - rgb() / rgba()

    /// rgb(255, 0, 0) rgba(255,0,0,0.5) rgb(100% 0% 0% / 50%) rgba(255 0 0 / .5)
    private static func rgbFunction(_ v: String) -> String? {
        guard v.hasSuffix(")"), let open = v.firstIndex(of: "(") else { return nil }
        let inner = v[v.index(after: open)..<v.index(before: v.endIndex)]
        var channelPart = Substring(inner)
        var alphaPart: Substring? = nil
        if let slash = inner.firstIndex(of: "/") {
            channelPart = inner[inner.startIndex..<slash]
            alphaPart = inner[inner.index(after: slash)...]
        }
        let separators: (Character) -> Bool = { $0 == "," || $0 == " " || $0 == "\t" }
        var parts = channelPart.split(whereSeparator: separators)
        if alphaPart == nil, parts.count == 4 { alphaPart = parts.removeLast() }
        guard parts.count == 3 else { return nil }
        // Comma syntax must not mix with "/" (rgb(1,2,3 / 0.5) is invalid, but harmless to accept).
        var channels: [Int] = []
        for p in parts {
            guard let c = channel(p) else { return nil }
            channels.append(c)
        }
        var alpha = 255
        if let alphaPart {
            let trimmed = alphaPart.split(whereSeparator: separators)
            guard trimmed.count == 1, let a = alphaValue(trimmed[0]) else { return nil }
            alpha = a
        }
        return format(r: channels[0], g: channels[1], b: channels[2], a: alpha)
    }

    private static func channel(_ s: Substring) -> Int? {
        if s.hasSuffix("%") {
            guard let p = Double(s.dropLast()), p.isFinite else { return nil }
            return clampRound(p * 255 / 100)
        }
        guard let n = Double(s), n.isFinite else { return nil }
        return clampRound(n)
    }

    private static func alphaValue(_ s: Substring) -> Int? {
        if s.hasSuffix("%") {
            guard let p = Double(s.dropLast()), p.isFinite else { return nil }
            return clampRound(p * 255 / 100)
        }
        guard let a = Double(s), a.isFinite else { return nil }
        return clampRound(a * 255)
    }

    private static func clampRound(_ x: Double) -> Int {
        Int(min(255, max(0, x)).rounded())
    }

    // MARK: - Helpers

    private static func format(r: Int, g: Int, b: Int, a: Int) -> String {
        var out = "#" + hex2(r) + hex2(g) + hex2(b)
        if a != 255 { out += hex2(a) }
        return out
    }

    private static func hex2(_ n: Int) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        return String([digits[(n >> 4) & 0xF], digits[n & 0xF]])
    }

    /// ASCII-only trim and lowercase (no Foundation here).
    static func trimmedLowercased(_ s: String) -> String {
        let bytes = Array(s.utf8)
        var lo = 0, hi = bytes.count
        while lo < hi, ASCII.isWhitespace(bytes[lo]) { lo += 1 }
        while hi > lo, ASCII.isWhitespace(bytes[hi - 1]) { hi -= 1 }
        return String(decoding: bytes[lo..<hi].map(ASCII.lower), as: UTF8.self)
    }

    static let namedColors: [String: Int] = [
        "aliceblue": 0xf0f8ff, "antiquewhite": 0xfaebd7, "aqua": 0x00ffff, "aquamarine": 0x7fffd4,
        "azure": 0xf0ffff, "beige": 0xf5f5dc, "bisque": 0xffe4c4, "black": 0x000000,
        "blanchedalmond": 0xffebcd, "blue": 0x0000ff, "blueviolet": 0x8a2be2, "brown": 0xa52a2a,
        "burlywood": 0xdeb887, "cadetblue": 0x5f9ea0, "chartreuse": 0x7fff00, "chocolate": 0xd2691e,
        "coral": 0xff7f50, "cornflowerblue": 0x6495ed, "cornsilk": 0xfff8dc, "crimson": 0xdc143c,
        "cyan": 0x00ffff, "darkblue": 0x00008b, "darkcyan": 0x008b8b, "darkgoldenrod": 0xb8860b,
        "darkgray": 0xa9a9a9, "darkgreen": 0x006400, "darkgrey": 0xa9a9a9, "darkkhaki": 0xbdb76b,
        "darkmagenta": 0x8b008b, "darkolivegreen": 0x556b2f, "darkorange": 0xff8c00,
        "darkorchid": 0x9932cc, "darkred": 0x8b0000, "darksalmon": 0xe9967a,
        "darkseagreen": 0x8fbc8f, "darkslateblue": 0x483d8b, "darkslategray": 0x2f4f4f,
        "darkslategrey": 0x2f4f4f, "darkturquoise": 0x00ced1, "darkviolet": 0x9400d3,
        "deeppink": 0xff1493, "deepskyblue": 0x00bfff, "dimgray": 0x696969, "dimgrey": 0x696969,
        "dodgerblue": 0x1e90ff, "firebrick": 0xb22222, "floralwhite": 0xfffaf0,
        "forestgreen": 0x228b22, "fuchsia": 0xff00ff, "gainsboro": 0xdcdcdc, "ghostwhite": 0xf8f8ff,
        "gold": 0xffd700, "goldenrod": 0xdaa520, "gray": 0x808080, "green": 0x008000,
        "greenyellow": 0xadff2f, "grey": 0x808080, "honeydew": 0xf0fff0, "hotpink": 0xff69b4,
        "indianred": 0xcd5c5c, "indigo": 0x4b0082, "ivory": 0xfffff0, "khaki": 0xf0e68c,
        "lavender": 0xe6e6fa, "lavenderblush": 0xfff0f5, "lawngreen": 0x7cfc00,
        "lemonchiffon": 0xfffacd, "lightblue": 0xadd8e6, "lightcoral": 0xf08080,
        "lightcyan": 0xe0ffff, "lightgoldenrodyellow": 0xfafad2, "lightgray": 0xd3d3d3,
        "lightgreen": 0x90ee90, "lightgrey": 0xd3d3d3, "lightpink": 0xffb6c1,
        "lightsalmon": 0xffa07a, "lightseagreen": 0x20b2aa, "lightskyblue": 0x87cefa,
        "lightslategray": 0x778899, "lightslategrey": 0x778899, "lightsteelblue": 0xb0c4de,
        "lightyellow": 0xffffe0, "lime": 0x00ff00, "limegreen": 0x32cd32, "linen": 0xfaf0e6,
        "magenta": 0xff00ff, "maroon": 0x800000, "mediumaquamarine": 0x66cdaa,
        "mediumblue": 0x0000cd, "mediumorchid": 0xba55d3, "mediumpurple": 0x9370db,
        "mediumseagreen": 0x3cb371, "mediumslateblue": 0x7b68ee, "mediumspringgreen": 0x00fa9a,
        "mediumturquoise": 0x48d1cc, "mediumvioletred": 0xc71585, "midnightblue": 0x191970,
        "mintcream": 0xf5fffa, "mistyrose": 0xffe4e1, "moccasin": 0xffe4b5, "navajowhite": 0xffdead,
        "navy": 0x000080, "oldlace": 0xfdf5e6, "olive": 0x808000, "olivedrab": 0x6b8e23,
        "orange": 0xffa500, "orangered": 0xff4500, "orchid": 0xda70d6, "palegoldenrod": 0xeee8aa,
        "palegreen": 0x98fb98, "paleturquoise": 0xafeeee, "palevioletred": 0xdb7093,
        "papayawhip": 0xffefd5, "peachpuff": 0xffdab9, "peru": 0xcd853f, "pink": 0xffc0cb,
        "plum": 0xdda0dd, "powderblue": 0xb0e0e6, "purple": 0x800080, "rebeccapurple": 0x663399,
        "red": 0xff0000, "rosybrown": 0xbc8f8f, "royalblue": 0x4169e1, "saddlebrown": 0x8b4513,
        "salmon": 0xfa8072, "sandybrown": 0xf4a460, "seagreen": 0x2e8b57, "seashell": 0xfff5ee,
        "sienna": 0xa0522d, "silver": 0xc0c0c0, "skyblue": 0x87ceeb, "slateblue": 0x6a5acd,
        "slategray": 0x708090, "slategrey": 0x708090, "snow": 0xfffafa, "springgreen": 0x00ff7f,
        "steelblue": 0x4682b4, "tan": 0xd2b48c, "teal": 0x008080, "thistle": 0xd8bfd8,
        "tomato": 0xff6347, "turquoise": 0x40e0d0, "violet": 0xee82ee, "wheat": 0xf5deb3,
        "white": 0xffffff, "whitesmoke": 0xf5f5f5, "yellow": 0xffff00, "yellowgreen": 0x9acd32,
    ]
}
