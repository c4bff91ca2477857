import Foundation
import PackagePlugin

/// Builds the lesson texts under Assets/lessons into the `sky` binary, so `sky lesson` works from
/// any directory and with the binary copied anywhere. The files stay the single source.
@main
struct EmbedLessons: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Assets/lessons")
        let lessons = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedLessons.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(lessons.count) lessons",
                executable: try context.tool(named: "lesson-embedder").url,
                arguments: [output.path] + lessons.map(\.path),
                inputFiles: lessons,
                outputFiles: [output])
        ]
    }
}
