import SkyCore

// Prints the figures quoted in the README's performance section. Every figure is the median of
// several interleaved runs, with the minimum and maximum, because a shared machine is noisy.
// Run it from a release build: swift run -c release sky-measure

let clock = ContinuousClock()
/// Keeps results alive so the optimiser cannot delete the work that produced them.
nonisolated(unsafe) var sink: UInt64 = 0  // written only from the main task, in sequence

struct Spread {
    var samples: [Double]
    var median: Double { samples.sorted()[samples.count / 2] }
    var text: String {
        "median \(format(median))  (min \(format(samples.min()!)), max \(format(samples.max()!)))"
    }
}

func format(_ value: Double) -> String {
    let rounded = (value * 1000).rounded() / 1000
    return String(rounded)
}

/// The same sliding window Sky uses, with children that do nothing: the floor for engine cost.
func bareWindow(total: Int, batch: Int) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        var next = 0
        while next < min(batch, total) {
            let index = next
            group.addTask { index }
            next += 1
        }
        var sum = 0
        while let value = await group.next() {
            sum &+= value
            if next < total {
                let index = next
                group.addTask { index }
                next += 1
            }
        }
        return sum
    }
}

/// The same window running the same cheapest scans, with nothing of Sky's bookkeeping around it.
func bareScanWindow(configuration: RunConfiguration) async -> UInt64 {
    await withTaskGroup(of: UInt64.self) { group in
        var next = 0
        let total = configuration.total ?? 0, batch = configuration.batch
        while next < min(batch, total) {
            let task = ScanTask(plan: configuration.plan(next))
            group.addTask { if case .success(let r) = await task.run() { r.checksum } else { 0 } }
            next += 1
        }
        var sum: UInt64 = 0
        while let value = await group.next() {
            sum ^= value
            if next < total {
                let task = ScanTask(plan: configuration.plan(next))
                group.addTask { if case .success(let r) = await task.run() { r.checksum } else { 0 } }
                next += 1
            }
        }
        return sum
    }
}

func seconds(_ body: () async -> Void) async -> Double {
    let start = clock.now
    await body()
    return (clock.now - start).seconds
}

let rounds = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 5

// 1. One default scan on one core.
var scanSeconds: [Double] = []
let plan = RunConfiguration(total: 1, batch: 1, seed: 1, failureRate: 0).plan(0)
for _ in 0..<rounds {
    scanSeconds.append(await seconds {
        if case .success(let result) = await ScanTask(plan: plan).run() { sink ^= result.checksum }
    })
}
print("one default scan (\(RunConfiguration.defaultWork) lines), one core: \(Spread(samples: scanSeconds).text) s")

// 2. Engine cost per scan with the cheapest work, against a bare sliding window.
let total = 50_000
for batch in [2, 8] {
    var bare: [Double] = []
    var engine: [Double] = []
    var ratio: [Double] = []
    var scanRatio: [Double] = []
    for round in 0..<rounds {
        let config = RunConfiguration(total: total, batch: batch, seed: 1, failureRate: 0, work: 0)
        var b = 0.0, bs = 0.0, e = 0.0
        // Alternating the order cancels any advantage of running first or last in a round.
        if round % 2 == 0 {
            b = await seconds { sink &+= UInt64(await bareWindow(total: total, batch: batch)) }
            bs = await seconds { sink ^= await bareScanWindow(configuration: config) }
            e = await seconds { sink ^= await ScanModel(configuration: config).run().snapshot.checksum }
        } else {
            e = await seconds { sink ^= await ScanModel(configuration: config).run().snapshot.checksum }
            bs = await seconds { sink ^= await bareScanWindow(configuration: config) }
            b = await seconds { sink &+= UInt64(await bareWindow(total: total, batch: batch)) }
        }
        bare.append(b / Double(total) * 1e6)
        engine.append(e / Double(total) * 1e6)
        ratio.append(e / b)
        scanRatio.append(e / bs)
    }
    print("batch \(batch), \(total) scans at --work 0:")
    print("  bare withTaskGroup window: \(Spread(samples: bare).text) µs per task")
    print("  Sky engine:                \(Spread(samples: engine).text) µs per scan")
    print("  engine / bare:             \(Spread(samples: ratio).text)")
    print("  engine / bare same scans:  \(Spread(samples: scanRatio).text)")
}
if sink == 42 { print("") }
