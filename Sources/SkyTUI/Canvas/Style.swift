/// What a cell means, not which colour it is: the terminal adapter maps tints to colours, and
/// with `NO_COLOR` every tint draws plain.
public enum Tint: Int, CaseIterable, Sendable {
    case plain
    /// The title bar.
    case title
    /// Section titles and figures worth a glance.
    case accent
    case good
    case bad
    case warn
    /// Free slots, scales and hints.
    case muted
    case high
    case medium
    case low
}

/// How a cell is drawn. Bold and reverse survive `NO_COLOR`, so state still shows without colour.
public struct Style: Hashable, Sendable {
    public var tint: Tint
    public var bold: Bool
    public var reverse: Bool

    public init(_ tint: Tint = .plain, bold: Bool = false, reverse: Bool = false) {
        self.tint = tint
        self.bold = bold
        self.reverse = reverse
    }

    public static let plain = Style()
}
