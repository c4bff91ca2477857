import Foundation

// Writes a Swift file holding each lesson file's name and text as string literals.
// Usage: lesson-embedder OUTPUT LESSON.md...
let arguments = CommandLine.arguments.dropFirst()
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: lesson-embedder OUTPUT LESSON.md...\n".utf8))
    exit(64)
}

func literal(_ text: String) -> String {
    var escaped = ""
    for character in text.unicodeScalars {
        switch character {
        case "\\": escaped += "\\\\"
        case "\"": escaped += "\\\""
        case "\n": escaped += "\\n"
        case "\r": escaped += "\\r"
        case "\t": escaped += "\\t"
        default: escaped.unicodeScalars.append(character)
        }
    }
    return "\"" + escaped + "\""
}

var source = "// Generated from Assets/lessons by the EmbedLessons plugin; edit the lesson files instead.\n"
source += "let embeddedLessons: [(file: String, text: String)] = [\n"
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    let text = try String(contentsOf: url, encoding: .utf8)
    source += "    (file: \(literal(url.lastPathComponent)), text: \(literal(text))),\n"
}
source += "]\n"
try source.write(toFile: output, atomically: true, encoding: .utf8)
