/// The procedural sky: a pixel is a pure function of the sector seed, the line and the column.
///
/// Background noise is 0...31; about one pixel in 512 is a star of brightness 512...1535.
/// The mixing is murmur3's 32-bit finaliser, chosen because it is branch-free and vectorises.
enum StarField {
    @inline(__always)
    static func mix(_ value: UInt32) -> UInt32 {
        var h = value
        h ^= h >> 16
        h = h &* 0x85EB_CA6B
        h ^= h >> 13
        h = h &* 0xC2B2_AE35
        h ^= h >> 16
        return h
    }

    @inline(__always)
    static func lineSeed(_ seed: UInt32, line: UInt32) -> UInt32 {
        mix(seed ^ (line &* 0x27D4_EB2F))
    }

    @inline(__always)
    static func pixel(lineSeed: UInt32, x: UInt32) -> UInt32 {
        let h = mix(lineSeed ^ (x &* 0x9E37_79B1))
        let background = (h & 0xFF) >> 3
        let star: UInt32 = (h >> 23) == 0 ? 512 &+ ((h >> 8) & 0x3FF) : 0
        return background &+ star
    }
}
