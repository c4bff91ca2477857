/// Where a temperature is read, and the CPUs it stands for.
public struct TemperatureSource: Equatable, Sendable {
    public enum Scope: Equatable, Sendable {
        /// One core's sensor (coretemp's `Core N`): both of its hyperthreads.
        case core
        /// A whole package (coretemp's `Package id P`, k10temp's `Tctl`, a thermal zone).
        case package
    }

    /// The `_input` or `temp` file, in millidegrees Celsius.
    public var file: String
    public var scope: Scope
    public var cpus: [Int]
}

/// Finds the host's temperature sensors once, and reads them at each sample.
///
/// - hwmon (`/sys/class/hwmon/hwmon*`): `coretemp` (Intel) labels `Core N`, mapped to the CPUs whose
///   `topology/core_id` is N in the package of the same instance (one instance per package, in
///   order), and `Package id P`; `k10temp` and `zenpower` (AMD) give `Tctl` or `Tdie`, one per
///   package, in order.
/// - Otherwise thermal zones (`/sys/class/thermal/thermal_zone*`): `x86_pkg_temp` zones, one per
///   package, or else the hottest zone for every CPU.
///
/// A CPU takes its core's sensor where there is one, else its package's.
public enum Temperatures {
    static let coreDrivers: Set<String> = ["coretemp"]
    static let packageDrivers: Set<String> = ["k10temp", "zenpower"]

    static func discover(_ root: HostRoot, topology: CoreTopology) -> [TemperatureSource] {
        let packages = topology.packages
        func cpus(inPackage index: Int) -> [Int] {
            guard index < packages.count else { return [] }
            return topology.places.filter { $0.value.package == packages[index] }.map(\.key).sorted()
        }
        var sources: [TemperatureSource] = []
        var coretempSeen = 0
        var packageDriverSeen = 0
        for device in root.entries("/sys/class/hwmon") {
            let folder = "/sys/class/hwmon/\(device)/"
            guard let name = root.read(folder + "name").map({ String($0.trimmingWhitespace) }) else { continue }
            let isCore = coreDrivers.contains(name)
            guard isCore || packageDrivers.contains(name) else { continue }
            let packageIndex = isCore ? coretempSeen : packageDriverSeen
            if isCore { coretempSeen += 1 } else { packageDriverSeen += 1 }
            let inPackage = cpus(inPackage: packageIndex)
            // AMD's Tdie, where there is one, is the die's temperature; Tctl may carry an offset.
            var packageInput: (file: String, die: Bool)?
            for entry in root.entries(folder) where entry.hasPrefix("temp") && entry.hasSuffix("_label") {
                let stem = entry.dropLast("_label".count)
                guard let label = root.read(folder + entry).map({ String($0.trimmingWhitespace) }) else { continue }
                let input = folder + stem + "_input"
                if isCore, label.hasPrefix("Core "), let core = Int(label.dropFirst(5)) {
                    let covered = inPackage.filter { topology.places[$0]?.core == core }
                    if !covered.isEmpty { sources.append(TemperatureSource(file: input, scope: .core, cpus: covered)) }
                } else if isCore, label.hasPrefix("Package id "), let id = Int(label.dropFirst(11)) {
                    let covered = topology.places.filter { $0.value.package == id }.map(\.key).sorted()
                    sources.append(TemperatureSource(file: input, scope: .package, cpus: covered))
                } else if !isCore, label == "Tdie" || (label == "Tctl" && packageInput?.die != true) {
                    packageInput = (input, label == "Tdie")
                }
            }
            if let packageInput, !inPackage.isEmpty {
                sources.append(TemperatureSource(file: packageInput.file, scope: .package, cpus: inPackage))
            }
        }
        if !sources.isEmpty { return sources }
        let all = topology.places.keys.sorted()
        var zones: [(file: String, type: String)] = []
        for zone in root.entries("/sys/class/thermal") where zone.hasPrefix("thermal_zone") {
            let folder = "/sys/class/thermal/\(zone)/"
            guard root.exists(folder + "temp") else { continue }
            zones.append((folder + "temp", root.read(folder + "type").map { String($0.trimmingWhitespace) } ?? ""))
        }
        let packageZones = zones.filter { $0.type == "x86_pkg_temp" }
        if !packageZones.isEmpty {
            return packageZones.enumerated().map { TemperatureSource(file: $0.element.file, scope: .package, cpus: cpus(inPackage: $0.offset)) }
        }
        // Zones of unknown placement: each stands for every CPU, and the hottest wins.
        return zones.map { TemperatureSource(file: $0.file, scope: .package, cpus: all) }
    }

    /// Degrees Celsius by CPU: each source read once.
    static func read(_ root: HostRoot, sources: [TemperatureSource]) -> [Int: Double] {
        var core: [Int: Double] = [:]
        var package: [Int: Double] = [:]
        for source in sources {
            guard let milli = root.integer(source.file) else { continue }
            let celsius = Double(milli) / 1000
            for cpu in source.cpus {
                switch source.scope {
                case .core: core[cpu] = max(core[cpu] ?? celsius, celsius)
                case .package: package[cpu] = max(package[cpu] ?? celsius, celsius)
                }
            }
        }
        return package.merging(core) { _, core in core }
    }
}
