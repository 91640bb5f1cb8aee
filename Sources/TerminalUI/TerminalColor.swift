/// A colour a terminal cell can be drawn in.
///
/// Colours are stored as the screen asked for them and downgraded to what the
/// terminal supports only when a frame is turned into bytes (see
/// ``ColorCapability`` and ``FrameRenderer``).
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// One of the 16 basic colours (0–7 normal, 8–15 bright). Values above 15 are treated as `value % 16`.
    case ansi(UInt8)
    /// One of the 256 colours of the xterm palette.
    case indexed(UInt8)
    /// A 24-bit colour.
    case rgb(UInt8, UInt8, UInt8)

    /// Returns the closest colour that a terminal with `capability` can show.
    ///
    /// `rgb` becomes the nearest entry of the 256-colour cube or grey ramp, which
    /// in turn becomes the nearest of the 16 basic colours. With ``ColorCapability/none``
    /// every colour becomes ``default``.
    ///
    /// - Parameter capability: What the terminal supports.
    /// - Returns: A colour representable with `capability`.
    public func downgraded(to capability: ColorCapability) -> TerminalColor {
        switch (self, capability) {
        case (.default, _):
            return .default
        case (_, .none):
            return .default
        case (.ansi(let n), _):
            return .ansi(n % 16)
        case (.indexed, .trueColor), (.indexed, .indexed256), (.rgb, .trueColor):
            return self
        case (.indexed(let n), .ansi16):
            return .ansi(Self.nearestBasic(toIndexed: n))
        case (.rgb(let r, let g, let b), .indexed256):
            return .indexed(Self.nearestIndexed(r, g, b))
        case (.rgb(let r, let g, let b), .ansi16):
            return .ansi(Self.nearestBasic(r, g, b))
        }
    }

    // MARK: - Palette arithmetic

    /// The channel values of the six steps of the xterm colour cube.
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The usual xterm values of the 16 basic colours.
    static let basicPalette: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0),
        (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0),
        (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The RGB value of an entry of the 256-colour palette.
    static func rgbValue(ofIndexed n: UInt8) -> (Int, Int, Int) {
        switch n {
        case 0..<16:
            return basicPalette[Int(n)]
        case 16..<232:
            let i = Int(n) - 16
            return (cubeLevels[i / 36], cubeLevels[(i / 6) % 6], cubeLevels[i % 6])
        default:
            let v = 8 + (Int(n) - 232) * 10
            return (v, v, v)
        }
    }

    /// Squared distance between two colours, weighted roughly by perceived brightness.
    static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let dr = a.0 - b.0
        let dg = a.1 - b.1
        let db = a.2 - b.2
        return 3 * dr * dr + 4 * dg * dg + 2 * db * db
    }

    /// The index of the cube step nearest to a channel value.
    static func cubeStep(_ v: Int) -> Int {
        if v < 48 { return 0 }
        if v < 115 { return 1 }
        return min(5, (v - 35) / 40)
    }

    /// The 256-colour index (16–255) nearest to an RGB colour.
    static func nearestIndexed(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let rgb = (Int(r), Int(g), Int(b))
        let (ri, gi, bi) = (cubeStep(rgb.0), cubeStep(rgb.1), cubeStep(rgb.2))
        let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let cubeIndex = 16 + 36 * ri + 6 * gi + bi
        let average = (rgb.0 + rgb.1 + rgb.2) / 3
        let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
        let greyValue = 8 + greyStep * 10
        let grey = (greyValue, greyValue, greyValue)
        if distance(grey, rgb) < distance(cube, rgb) {
            return UInt8(232 + greyStep)
        }
        return UInt8(cubeIndex)
    }

    /// The basic colour (0–15) nearest to an RGB colour.
    static func nearestBasic(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let rgb = (Int(r), Int(g), Int(b))
        var best = 0
        var bestDistance = Int.max
        for (index, entry) in basicPalette.enumerated() {
            let d = distance(entry, rgb)
            if d < bestDistance {
                bestDistance = d
                best = index
            }
        }
        return UInt8(best)
    }

    /// The basic colour (0–15) nearest to an entry of the 256-colour palette.
    static func nearestBasic(toIndexed n: UInt8) -> UInt8 {
        if n < 16 { return n }
        let (r, g, b) = rgbValue(ofIndexed: n)
        return nearestBasic(UInt8(r), UInt8(g), UInt8(b))
    }
}
