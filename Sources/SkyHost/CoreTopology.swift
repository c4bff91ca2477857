/// Where each CPU sits: its physical package (socket) and its core within the package, from
/// `/sys/devices/system/cpu/cpuN/topology`. Two hyperthreads of one core share both. Read once:
/// it does not change while sky runs.
public struct CoreTopology: Equatable, Sendable {
    public struct Place: Equatable, Hashable, Sendable {
        public var package: Int
        public var core: Int
    }

    /// By CPU number; a CPU without topology files is taken to be its own core of package 0.
    public var places: [Int: Place]

    static func read(_ root: HostRoot, cpus: [Int]) -> CoreTopology {
        var places: [Int: Place] = [:]
        for cpu in cpus {
            let folder = "/sys/devices/system/cpu/cpu\(cpu)/topology/"
            places[cpu] = Place(package: root.integer(folder + "physical_package_id") ?? 0, core: root.integer(folder + "core_id") ?? cpu)
        }
        return CoreTopology(places: places)
    }

    /// The packages, in order.
    var packages: [Int] { Set(places.values.map(\.package)).sorted() }

    /// The lowest-numbered CPU of each package: where a package-wide file is read once.
    var firstCPUOfEachPackage: [Int] {
        var first: [Int: Int] = [:]
        for (cpu, place) in places where first[place.package].map({ cpu < $0 }) ?? true { first[place.package] = cpu }
        return first.values.sorted()
    }
}
