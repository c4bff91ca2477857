import SkyFleet

/// What `sky fleet FILE` does with a file: finds every summary in it, merges them, and prints the
/// table, the JSON, and a line for what it skipped.
enum FleetReaderTarget {
    static func read(_ path: String) {
        let fleet = Fleet(FleetInput.read([path]))
        ShownSafely.check(FleetTable.format(fleet), "the fleet table")
        // JSON escapes what it holds; encoding it must not trap on any figure a file gave.
        _ = FleetJSON(fleet, exitStatus: 0).encoded()
    }
}
