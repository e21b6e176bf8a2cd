internal import CLibPNG

/// An RGBA image, 8 bits per channel, rows top to bottom, and its PNG form (libpng's
/// simplified API, which reports failures in a message rather than by longjmp).
public struct PNGImage: Sendable {
    public let width: Int, height: Int
    /// width × height × 4 bytes: red, green, blue, alpha (not premultiplied).
    public var pixels: [UInt8]

    public init(width: Int, height: Int, fill: (r: UInt8, g: UInt8, b: UInt8)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 255, count: width * height * 4)
        for p in stride(from: 0, to: pixels.count, by: 4) { (pixels[p], pixels[p + 1], pixels[p + 2]) = fill }
    }

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The pixel at (x, y) as (r, g, b, a).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let p = (y * width + x) * 4
        return (pixels[p], pixels[p + 1], pixels[p + 2], pixels[p + 3])
    }

    /// Paints `color` over (x, y) with `coverage` (0...1) as its opacity.
    mutating func blend(x: Int, y: Int, _ color: (r: UInt8, g: UInt8, b: UInt8), coverage: Double) {
        guard x >= 0, y >= 0, x < width, y < height, coverage > 0 else { return }
        let a = min(coverage, 1), p = (y * width + x) * 4
        func mix(_ under: UInt8, _ over: UInt8) -> UInt8 { UInt8((Double(under) * (1 - a) + Double(over) * a).rounded()) }
        pixels[p] = mix(pixels[p], color.r)
        pixels[p + 1] = mix(pixels[p + 1], color.g)
        pixels[p + 2] = mix(pixels[p + 2], color.b)
    }

    /// The image as a PNG file's bytes.
    public func pngData() throws -> [UInt8] {
        var image = Self.header(width: width, height: height)
        var size: png_alloc_size_t = 0
        let stride = Int32(width * 4)
        guard png_image_write_to_memory(&image, nil, &size, 0, pixels, stride, nil) != 0 else { throw Self.failure(&image) }
        var out = [UInt8](repeating: 0, count: Int(size))
        let written = out.withUnsafeMutableBytes { buffer in
            png_image_write_to_memory(&image, buffer.baseAddress, &size, 0, pixels, stride, nil)
        }
        guard written != 0 else { throw Self.failure(&image) }
        return Array(out[..<Int(size)])
    }

    /// Reads a PNG file's bytes (any colour type) as RGBA.
    public init(pngData bytes: [UInt8]) throws {
        var image = Self.header(width: 0, height: 0)
        let begun = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        guard begun != 0 else { throw Self.failure(&image) }
        image.format = linkdoc_png_format_rgba
        var pixels = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 4)
        let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, Int32(image.width * 4), nil) }
        guard finished != 0 else { throw Self.failure(&image) }
        self.init(width: Int(image.width), height: Int(image.height), pixels: pixels)
    }

    private static func header(width: Int, height: Int) -> png_image {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = linkdoc_png_format_rgba
        return image
    }

    private static func failure(_ image: inout png_image) -> Failure {
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        png_image_free(&image)
        return Failure(description: "libpng: \(message)")
    }
}

extension PNGImage {
    /// Paints a premultiplied colour (a colour-emoji bitmap's pixel) over (x, y).
    mutating func composite(x: Int, y: Int, premultiplied r: UInt8, _ g: UInt8, _ b: UInt8, alpha: UInt8) {
        guard x >= 0, y >= 0, x < width, y < height, alpha > 0 else { return }
        let p = (y * width + x) * 4, keep = 1 - Double(alpha) / 255
        pixels[p] = UInt8(min(255, (Double(r) + Double(pixels[p]) * keep).rounded()))
        pixels[p + 1] = UInt8(min(255, (Double(g) + Double(pixels[p + 1]) * keep).rounded()))
        pixels[p + 2] = UInt8(min(255, (Double(b) + Double(pixels[p + 2]) * keep).rounded()))
    }
}
