import Foundation
import Testing

/// The docs stay light and their links lead somewhere: each page under docs/ is at most 20 KB (the
/// generated reference, docs/cli.md, excepted), and every relative link in README.md and docs/
/// names a file that exists and, with `#anchor`, a heading of that file.
@Suite struct DocsTests {
    static let root = SkyBinary.packageRoot

    /// README.md and every Markdown page under docs/, as paths from the package's top folder.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: root + "/" + path, encoding: .utf8)
    }

    /// The lines of a Markdown text outside its fenced code blocks.
    static func prose(_ text: String) -> [Substring] {
        var inFence = false
        return text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") { inFence.toggle(); return false }
            return !inFence
        }
    }

    /// GitHub's anchor for a heading: lowercase, punctuation dropped, spaces made hyphens.
    static func anchor(_ heading: Substring) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    /// The anchors of a page's headings, with GitHub's `-1`, `-2` for a repeated one.
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var result: Set<String> = []
        for line in prose(text) {
            guard let heading = line.firstMatch(of: /^#{1,6} (.+)$/)?.1 else { continue }
            let base = anchor(heading)
            let count = seen[base, default: 0]
            result.insert(count == 0 ? base : "\(base)-\(count)")
            seen[base] = count + 1
        }
        return result
    }

    @Test("GitHub's anchors: lowercase, punctuation dropped, spaces to hyphens")
    func anchorRule() {
        #expect(Self.anchor("`sky compare`") == "sky-compare")
        #expect(Self.anchor("Native builds (opt-in)") == "native-builds-opt-in")
        #expect(Self.anchors("# A\n## Exit status\n```\n# not a heading\n```\n## Exit status\n") == ["a", "exit-status", "exit-status-1"])
    }

    @Test("Every page under docs/ but the generated docs/cli.md is at most 20 KB; README.md under 12 KB")
    func sizes() throws {
        for page in try Self.pages() where page != "docs/cli.md" {
            let size = try Self.text(page).utf8.count
            #expect(size <= (page == "README.md" ? 12 : 20) * 1024, "\(page) is \(size) bytes")
        }
    }

    @Test("Every relative link in README.md and docs/ leads to a file, and its #anchor to a heading there")
    func links() throws {
        for page in try Self.pages() {
            let folder = URL(fileURLWithPath: Self.root + "/" + page).deletingLastPathComponent()
            for line in Self.prose(try Self.text(page)) {
                for match in line.matches(of: /\]\(([^)\s]+)\)/) {
                    let target = String(match.1)
                    guard !target.contains("://"), !target.hasPrefix("mailto:") else { continue }
                    let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let file = parts[0].isEmpty ? Self.root + "/" + page : folder.appendingPathComponent(String(parts[0])).standardizedFileURL.path
                    let exists = FileManager.default.fileExists(atPath: file)
                    #expect(exists, "\(page) links to \(target): no such file")
                    guard exists, parts.count == 2, file.hasSuffix(".md") else { continue }
                    let headings = Self.anchors(try String(contentsOfFile: file, encoding: .utf8))
                    #expect(headings.contains(String(parts[1])), "\(page) links to \(target): no such heading")
                }
            }
        }
    }
}
