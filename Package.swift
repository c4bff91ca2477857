// swift-tools-version: 6.1
import PackageDescription

// Every target of ours builds in Swift 6 language mode, so complete concurrency checking is on.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
    name: "Sky",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "sky", targets: ["sky"]),
        // The engine and the Strategy API, which a package's own strategy is written against.
        .library(name: "SkyCore", targets: ["SkyCore"]),
        // The whole front end, which a package starts with its own strategies (Examples/GrowingWindow).
        .library(name: "SkyFrontEnd", targets: ["SkyFrontEnd"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
    ],
    targets: [
        // sched_getcpu and gettid, which Swift's Glibc module leaves out (it is built without _GNU_SOURCE).
        .systemLibrary(name: "CSkySystem", path: "Sources/CSkySystem"),
        // The engine: kernel, scheduling, the ScanModel actor, metrics and events. No terminal code.
        .target(
            name: "SkyCore",
            dependencies: [
                "CSkySystem",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ],
            swiftSettings: strictSettings
        ),
        // Reads the host's /proc and /sys: per-CPU utilisation, clock, temperature and throttle
        // counts, and which of them the host does not give, and why.
        .target(name: "SkyHost", swiftSettings: strictSettings),
        // How reports write figures and text: fixed point, clocks, checksums, UTC times, one-line JSON, a file's text made safe.
        .target(name: "SkyFormat", dependencies: ["SkyCore"], swiftSettings: strictSettings),
        // The soak's watch and verdict: intervals, throttling, the host's CPUs and load, lost output, and PASS, FAIL or UNTRUSTWORTHY.
        .target(name: "SkySoak", dependencies: ["SkyCore", "SkyHost", "SkyFormat"], swiftSettings: strictSettings),
        // `sky compare`'s model: the runs side by side, whether their checksums agree, and their table.
        .target(name: "SkyCompare", dependencies: ["SkyCore", "SkyFormat", "SkySoak"], swiftSettings: strictSettings),
        // Headless reporters: status line, text and JSON summaries, interval lines, events, trace and metrics files, output paths.
        .target(
            name: "SkyReport",
            dependencies: ["SkyCore", "SkyHost", "SkyFormat", "SkySoak", "SkyCompare"],
            swiftSettings: strictSettings
        ),
        // `sky fleet`: many hosts' soak summaries read, merged and judged, as a table and as JSON.
        .target(name: "SkyFleet", dependencies: ["SkyFormat", "SkyReport"], swiftSettings: strictSettings),
        // `sky replay`'s reader: an events file read back a line at a time and played through the run book.
        .target(name: "SkyReplay", dependencies: ["SkyCore", "SkyFormat"], swiftSettings: strictSettings),
        // ncurses (the wide-character build), reached through a module map and a small shim.
        .systemLibrary(name: "CNcurses", path: "Sources/CNcurses"),
        // The dashboard as pure functions: state + message -> state; state -> a grid of cells.
        .target(
            name: "SkyTUI",
            dependencies: ["SkyCore", "SkyHost", "SkyFormat", "SkySoak", "SkyCompare"],
            swiftSettings: strictSettings,
            // The strategies' source files, for the code panel.
            plugins: ["EmbedTexts"]
        ),
        // The only code that touches ncurses: draws grids, reads keys, restores the terminal.
        .target(
            name: "SkyTerminal",
            dependencies: ["CNcurses", "SkyTUI"],
            swiftSettings: strictSettings
        ),
        // The guided lessons: their texts, read from Assets/lessons (built in by the plugin), and
        // the answers each computes from its runs' events.
        .target(
            name: "SkyLessons",
            dependencies: ["SkyCore", "SkyFormat", "SkySoak"],
            swiftSettings: strictSettings,
            plugins: ["EmbedTexts"]
        ),
        // The front end: the commands and their options, the dashboard's and the headless runs,
        // compare, replay, lessons, soak and bench, wired to the engine and the reporters.
        .target(
            name: "SkyFrontEnd",
            dependencies: [
                "SkyCore",
                "SkyHost",
                "SkyFormat",
                "SkySoak",
                "SkyCompare",
                "SkyReport",
                "SkyFleet",
                "SkyReplay",
                "SkyTUI",
                "SkyTerminal",
                "SkyBench",
                "SkyLessons",
                .product(name: "Histogram", package: "hdrhistogram-swift"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The `sky` executable: the front end with Sky's own strategies.
        .executableTarget(name: "sky", dependencies: ["SkyFrontEnd"], swiftSettings: strictSettings),
        // What the runtime's pool does with priorities when every core is busy: probes that need the
        // pool to themselves, so the tests run them in a process of their own.
        .executableTarget(name: "priority-probe", path: "Sources/PriorityProbe", swiftSettings: strictSettings),
        .plugin(name: "EmbedTexts", capability: .buildTool(), dependencies: ["text-embedder"]),
        // Turns text files into Swift string literals for the plugin above.
        .executableTarget(name: "text-embedder", path: "Sources/TextEmbedder", swiftSettings: strictSettings),
        // The C reference of the scan kernel, used only by `sky bench` to compare the Swift kernel
        // with. -O3 as the comparison asks, and no -march: the same default instruction set as the
        // Swift code (README, Performance, for the opt-in to native builds).
        .target(name: "CSkyKernel", cSettings: [.unsafeFlags(["-O3"])]),
        // `sky bench`: the measurements (kernel against C, scaling, engine overhead, dashboard
        // cost, load) and their table and JSON.
        .target(
            name: "SkyBench",
            dependencies: ["SkyCore", "SkyHost", "SkyFormat", "SkySoak", "SkyReport", "CSkyKernel"],
            swiftSettings: strictSettings
        ),
        // Fuzz targets for the readers of files a user hands Sky (`Tests/Fuzz/run` fuzzes them;
        // a plain build reads its corpus through once).
        .executableTarget(
            name: "sky-fuzz", dependencies: ["SkyCore", "SkyReport", "SkyFleet", "SkyReplay"], path: "Tests/Fuzz", exclude: ["Corpus", "run"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SkyCoreTests", dependencies: ["SkyCore", "priority-probe", .product(name: "Histogram", package: "hdrhistogram-swift")],
            swiftSettings: strictSettings),
        .testTarget(name: "SkyBenchTests", dependencies: ["SkyBench", "SkyCore", "CSkyKernel"], swiftSettings: strictSettings),
        // Fake /proc and /sys trees, built in a temporary folder, stand for hosts of 2 to 256 cores.
        .target(name: "SkyHostFixtures", path: "Tests/SkyHostFixtures", swiftSettings: strictSettings),
        .testTarget(name: "SkyHostTests", dependencies: ["SkyHost", "SkyHostFixtures"], swiftSettings: strictSettings),
        .testTarget(
            name: "SkyReportTests", dependencies: ["SkyReport", "SkySoak", "SkyFormat", "SkyCore", "SkyHost", "SkyHostFixtures"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "SkyCompareTests", dependencies: ["SkyCompare", "SkyReport", "SkySoak", "SkyFormat", "SkyCore"], swiftSettings: strictSettings),
        .testTarget(name: "SkyFleetTests", dependencies: ["SkyFleet", "SkyFormat"], swiftSettings: strictSettings),
        .testTarget(name: "SkyReplayTests", dependencies: ["SkyReplay", "SkyReport", "SkyFormat", "SkyCore"], swiftSettings: strictSettings),
        // SkyFrontEnd: each part's command is read as `sky lesson` reads it, to find its strategy's file.
        .testTarget(
            name: "SkyLessonsTests", dependencies: ["SkyLessons", "SkySoak", "SkyCore", "SkyFrontEnd", "SkyTUI"], swiftSettings: strictSettings),
        // Golden frames are read from the source tree by path, not bundled.
        .testTarget(
            name: "SkyTUITests", dependencies: ["SkyTUI", "SkyCompare", "SkySoak", "SkyCore", "SkyHost", "SkyHostFixtures"], exclude: ["Golden"], swiftSettings: strictSettings),
        // The terminal adapter against real descriptors: pipes, /dev/null, pseudo-terminals.
        .testTarget(name: "SkyTerminalTests", dependencies: ["SkyTerminal", "CNcurses"], swiftSettings: strictSettings),
        // Runs the built `sky` binary, so it depends on the executable to get it built first.
        .testTarget(name: "SkyEndToEndTests", dependencies: ["sky", "SkyHostFixtures"], swiftSettings: strictSettings),
    ],
    swiftLanguageModes: [.v6]
)
