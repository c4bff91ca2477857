import Foundation

/// Probes of what the runtime's thread pool does with priorities when every core is busy. Each
/// probe holds the pool's threads, so it needs the pool to itself: it runs in a process of its own
/// (`Tests/SkyCoreTests/RuntimePriorityTests.swift` starts it), since in the tests' process other
/// tests hold pool threads of their own. What it measured is what docs/concurrency.md says.
///
/// Prints one line of JSON, and exits 0 even when the runtime behaved otherwise: the caller judges.
@main
enum PriorityProbe {
    static func main() {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        switch CommandLine.arguments.dropFirst().first {
        case "other-priorities":
            let started = OtherPriorities.probe(cores: cores)
            print(#"{"cores":\#(cores),"started_while_held":[\#(started.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
        case "saturated-order":
            let order = SaturatedOrder.probe(cores: cores)
            print(#"{"cores":\#(cores),"order":[\#(order.map { "\"\($0)\"" }.joined(separator: ","))]}"#)
        case "one-priority":
            print(#"{"cores":\#(cores),"most_at_once":\#(OnePriority.probe(cores: cores))}"#)
        default:
            FileHandle.standardError.write(Data("usage: priority-probe other-priorities|saturated-order|one-priority\n".utf8))
            exit(64)
        }
    }
}
