/// What `/proc/cpuinfo` says that sky uses: each processor's "cpu MHz", and whether the kernel
/// runs under a hypervisor (the `hypervisor` flag, which x86 guests carry).
public struct CPUInfo: Equatable, Sendable {
    public var megahertz: [Int: Double] = [:]
    public var underHypervisor = false

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
            default: break
            }
        }
    }
}
