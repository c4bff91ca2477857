/// What `/proc/cpuinfo` says that sky uses: each processor's "cpu MHz", whether the kernel runs
/// under a hypervisor (the `hypervisor` flag, which x86 guests carry), and the CPU's model.
public struct CPUInfo: Equatable, Sendable {
    public var megahertz: [Int: Double] = [:]
    public var underHypervisor = false
    /// The first processor's `model name` (x86), else its `Model` line (arm64 boards); `nil` if none.
    public var model: String?

    public init(megahertz: [Int: Double] = [:], underHypervisor: Bool = false) {
        self.megahertz = megahertz
        self.underHypervisor = underHypervisor
    }

    public init(parsing text: String) {
        var processor: Int?
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingWhitespace
            let value = String(line[line.index(after: colon)...]).trimmingWhitespace
            switch key {
            case "processor": processor = Int(value)
            case "cpu MHz": if let processor, let mhz = Double(value) { megahertz[processor] = mhz }
            case "flags": if value.split(separator: " ").contains("hypervisor") { underHypervisor = true }
            case "model name", "Model": if model == nil && !value.isEmpty { model = String(value) }
            default: break
            }
        }
    }
}
