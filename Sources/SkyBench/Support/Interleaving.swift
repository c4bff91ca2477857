/// How a measurement interleaves what it compares: every round runs each variant once, so that a
/// shared machine's drift hits every side of a ratio alike.
enum Interleaving {
    /// `variants` in the order round `round` runs them: turned by one each round, so that none
    /// always goes first, on a machine warmed or cooled by the one before.
    static func turned<Variant>(_ variants: [Variant], round: Int) -> [Variant] {
        let turn = round % variants.count
        return Array(variants[turn...] + variants[..<turn])
    }
}
