import Foundation
import Testing
@testable import SkyBench

@Suite("sky bench --save: the saved file")
struct BenchRecordTests {
    /// A folder of its own for each test, removed at the end.
    final class Folder {
        let path: String
        init() throws {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("sky-record-\(UInt32.random(in: 0...UInt32.max))").path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static func record() -> BenchRecord {
        var figures = Scenes.figures(kernelRatio: 0.95, efficiency: 0.97, engineRatio: 0.7, dashboardRatio: 0.99)
        figures.engine.engineScansPerSecond = Spread([400_000, 410_000.5, 390_000.25])
        return BenchRecord(
            figures: figures, sky: "0.1.0", host: HostIdentity(name: "node-1", cores: 2, cpuModel: "AMD EPYC"),
            date: Date(timeIntervalSince1970: 1_795_000_000))
    }

    @Test("Written and read back: the same record, every sample of every compared row, and nothing left beside it")
    func roundTrip() throws {
        let folder = try Folder()
        let path = folder.path + "/bench.json"
        let record = Self.record()
        try record.write(to: path)
        let read = try BenchRecord.load(path)
        #expect(read == record)
        #expect(read.rows.first { $0.key == "engine.engine_scans_per_second" }?.samples == [400_000, 410_000.5, 390_000.25])
        #expect(read.rows.count == BenchRow.rows(of: try #require(record.figures)).count)
        #expect(read.rows.allSatisfy { $0.samples.count == 3 })
        #expect(read.date == "2026-11-18T11:06:40Z")
        #expect(read.host.cpuModel == "AMD EPYC")
        // Written again over itself: replaced, with no temporary file left in the folder.
        try record.write(to: path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["bench.json"])
        // The figures' own JSON (--format json) stays a summary: samples only in the saved file.
        #expect(record.figures?.json().contains("samples") == false)
        #expect(record.json().contains("\"samples\""))
    }

    @Test("Figures this sky cannot read (another sky's) leave the rows, which are all a comparison needs")
    func foreignFigures() throws {
        let folder = try Folder()
        let path = folder.path + "/older.json"
        let text = Self.record().json().replacingOccurrences(of: "\"cpu_cost_ratio\"", with: "\"cost_ratio_of_old\"")
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let read = try BenchRecord.load(path)
        #expect(read.figures == nil)
        #expect(read.rows == Self.record().rows)
    }

    @Test("The machine is described: the cores asked for, and a CPU model where /proc/cpuinfo has one")
    func host() {
        let host = HostIdentity.current(cores: 3)
        #expect(host.cores == 3)
        #expect(!host.name.isEmpty)
        if FileManager.default.fileExists(atPath: "/proc/cpuinfo") { #expect(host.cpuModel?.isEmpty == false) }
        #expect(host.differences(from: host).isEmpty)
    }

    /// The record's file with each row's samples replaced, by the row's index.
    static func record(samples: (Int) -> [Double]) -> String {
        var record = Self.record()
        for index in record.rows.indices { record.rows[index].samples = samples(index) }
        return record.json()
    }

    @Test("A missing, broken or foreign baseline is refused in one clause naming the file")
    func unreadable() throws {
        let folder = try Folder()
        let cases: [(String, String?, String)] = [
            ("missing.json", nil, "cannot be read: No such file or directory"),
            ("empty.json", "", "is not a file saved by sky bench --save (not JSON)"),
            ("half.json", String(Self.record().json().prefix(200)), "is not a file saved by sky bench --save (not JSON)"),
            ("figures.json", Self.record().figures!.json(), "is not a file saved by sky bench --save (no 'kind' in the top level)"),
            ("later.json", #"{"kind":"sky bench samples","version":2}"#, "is 'sky bench samples' version 2; this sky reads 'sky bench samples' version 1"),
            ("other.json", #"{"kind":"something","version":1}"#, "is 'something' version 1"),
            ("rows.json", Self.record().json().replacingOccurrences(of: "\"samples\"", with: "\"sample\""), "(no 'samples' in rows.[0])"),
            // Nothing to compare, which --fail-on-regression once passed as "no row is worse".
            ("zeros.json", Self.record(samples: { _ in [0, 0, 0] }), "has no row to compare against"),
            ("none.json", Self.record(samples: { _ in [] }), "has no row to compare against"),
            // Comparing is quadratic in the samples: 100 000 a row took minutes.
            ("crowded.json", Self.record(samples: { [Double](repeating: 1, count: $0 == 0 ? 1_001 : 3) }), "samples in its row"),
            ("huge.json", String(repeating: " ", count: (4 << 20) + 1), "is larger than 4 MiB"),
        ]
        for (name, text, problem) in cases {
            let path = folder.path + "/" + name
            if let text { try text.write(toFile: path, atomically: false, encoding: .utf8) }
            #expect(throws: BenchRecord.FileError.self) { try BenchRecord.load(path) }
            do {
                _ = try BenchRecord.load(path)
            } catch {
                #expect(error.description.hasPrefix("'\(path)' "), "\(error)")
                #expect(error.description.contains(problem), "\(error)")
                #expect(!error.description.contains("\n"))
            }
        }
        do {
            _ = try BenchRecord.load(folder.path)
        } catch {
            #expect(error.description == "'\(folder.path)' is a directory, not a file saved by sky bench --save")
        }
    }

    @Test("Saving onto a directory or a FIFO is refused and leaves it as it was")
    func refusals() throws {
        let folder = try Folder()
        let fifo = folder.path + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, what) in [(folder.path, "a directory"), (fifo, "a FIFO")] {
            do {
                try Self.record().write(to: path)
                Issue.record("wrote over \(what)")
            } catch {
                #expect(error.description.contains("is \(what), not a regular file"), "\(error)")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["fifo"])
    }
}
