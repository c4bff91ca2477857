import Foundation
import PackagePlugin

/// Builds text files into a target as string literals, so the binary carries them wherever it is
/// copied, and the files stay the single source:
/// - `SkyLessons`: the lessons under Assets/lessons, for `sky lesson`;
/// - `SkyTUI`: the strategies under Sources/SkyCore/Strategies, for the dashboard's code panel,
///   which can then never show other lines than the ones that run.
@main
struct EmbedTexts: BuildToolPlugin {
    /// For each target: the folder, the files' extension, and the name of the array they become.
    static let embedded: [String: (folder: String, fileExtension: String, name: String)] = [
        "SkyLessons": ("Assets/lessons", "md", "embeddedLessons"),
        "SkyTUI": ("Sources/SkyCore/Strategies", "swift", "embeddedStrategySources"),
    ]

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let texts = Self.embedded[target.name] else { return [] }
        let folder = context.package.directoryURL.appending(path: texts.folder)
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == texts.fileExtension }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) files of \(texts.folder)",
                executable: try context.tool(named: "text-embedder").url,
                arguments: [output.path, texts.name] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
