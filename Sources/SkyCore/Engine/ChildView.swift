/// What a scan's child saw of itself as it started: the name of the task it runs in, as
/// `Task.name` gave it, and the priority the runtime ran it at, which need not be the one it asked
/// for.
///
/// Plain bytes, with no reference inside: every scan's report travels through the task group in
/// it, and a `String` there would make each of those moves count references (a tenth of the
/// engine's speed at `--work 0`). The names Sky gives fit, so nothing is lost.
public struct ChildView: Equatable, Sendable {
    /// The longest name carried, in UTF-8 bytes: `scan 999999999` takes 14.
    public static let nameCapacity = 16

    /// The name's bytes, and how many there are; `UInt8.max` for no name.
    private var nameBytes: (UInt64, UInt64) = (0, 0)
    private var nameLength = UInt8.max
    /// The observed priority's raw value, 0 for none: `TaskPriority` comes from a resilient
    /// library, so a stored one would give the report no fixed layout (see `SlotOccupancy`).
    private var observedRaw: UInt8 = 0

    /// `taskName` is kept only if it fits in `nameCapacity` bytes.
    public init(taskName: String? = nil, observed: TaskPriority? = nil) {
        if var taskName {
            taskName.withUTF8 { utf8 in
                guard utf8.count <= Self.nameCapacity else { return }
                withUnsafeMutableBytes(of: &nameBytes) { $0.copyMemory(from: UnsafeRawBufferPointer(utf8)) }
                nameLength = UInt8(utf8.count)
            }
        }
        observedRaw = observed?.rawValue ?? 0
    }

    /// `scan N` for a child task; `serial loop` in a serial run, whose scans run inline in the
    /// loop's own task; `nil` if the child never read it (nobody records events, or the child's
    /// report was lost, as in a group that threw).
    public var taskName: String? {
        guard nameLength != .max else { return nil }
        return withUnsafeBytes(of: nameBytes) { String(decoding: $0.prefix(Int(nameLength)), as: UTF8.self) }
    }

    /// The priority the child ran at; `nil` if unknown.
    public var observed: TaskPriority? { observedRaw == 0 ? nil : TaskPriority(rawValue: observedRaw) }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.taskName == rhs.taskName && lhs.observedRaw == rhs.observedRaw
    }
}
