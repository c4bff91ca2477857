#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which machine this is, as an operator tells one report from another: its name, its kernel's
/// release and its CPU's model. Each is `nil` where the system does not say.
public struct HostDescription: Equatable, Sendable {
    public var name: String?
    /// `/proc/sys/kernel/osrelease`, e.g. `6.1.0-28-amd64`.
    public var kernel: String?
    /// `/proc/cpuinfo`'s first `model name`, e.g. `AMD EPYC 7B13`.
    public var cpuModel: String?

    public init(name: String?, kernel: String?, cpuModel: String?) {
        self.name = name
        self.kernel = kernel
        self.cpuModel = cpuModel
    }

    /// This machine, its files read under `root`.
    public static func current(root: HostRoot = .fromEnvironment()) -> HostDescription {
        HostDescription(
            name: currentName,
            kernel: root.read("/proc/sys/kernel/osrelease").map { String($0.trimmingWhitespace) }.flatMap { $0.isEmpty ? nil : $0 },
            cpuModel: root.read("/proc/cpuinfo").map(CPUInfo.init(parsing:))?.model)
    }

    /// The variable that names the host instead of `gethostname`: a pod's own name says nothing of
    /// the machine, so the Job sets it to the node's name.
    public static let nameVariable = "SKY_HOST"

    /// `SKY_HOST` if set, else `gethostname`.
    public static var currentName: String? {
        if let given = getenv(nameVariable).map({ String(cString: $0) }), !given.isEmpty { return given }
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return nil }
        let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.isEmpty ? nil : name
    }
}
