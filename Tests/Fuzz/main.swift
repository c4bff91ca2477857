#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// `sky-fuzz TARGET [ARGUMENT...]`: a fuzz target for each reader of files a user hands Sky, where
// a crash, a hang or memory that grows with the input would hit whoever runs `sky replay` or
// `sky fleet` on a file from elsewhere. `Tests/Fuzz/run` builds it with libFuzzer and runs it on
// `Tests/Fuzz/Corpus/TARGET`. Built without libFuzzer, as `swift build` does, it reads each file
// it is given through the target once: the corpus as a plain regression run.

let targets: [String: (String) -> Void] = [
    "replay": ReplayReaderTarget.read,
    "fleet": FleetReaderTarget.read,
]

var arguments = CommandLine.arguments
guard arguments.count >= 2, let target = targets[arguments[1]] else {
    let names = targets.keys.sorted().joined(separator: ", ")
    complain("sky-fuzz: error: name a target (\(names)), then libFuzzer's arguments or files\n")
    exit(64)
}
FuzzInput.target = target
arguments.remove(at: 1)
exit(FuzzInput.run(arguments))
