// swift-tools-version: 6.1
import PackageDescription

// A strategy of your own on Sky's whole front end: `swift run sky-growing --strategy growing`.
let package = Package(
    name: "GrowingWindow",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Sky itself, two folders up; from your own package, its path or its Git address.
        .package(name: "Sky", path: "../.."),
    ],
    targets: [
        .executableTarget(
            name: "sky-growing",
            // Sky's products, by name: the Strategy API and the front end that runs it.
            dependencies: [.product(name: "SkyCore", package: "Sky"), .product(name: "SkyFrontEnd", package: "Sky")],
            path: "Sources/GrowingWindow"
        ),
    ],
    swiftLanguageModes: [.v6]
)
