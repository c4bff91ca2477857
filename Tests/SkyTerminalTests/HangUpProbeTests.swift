#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Testing
@testable import SkyTerminal

/// After a read gave nothing: a terminal that has gone must not pass for a quiet one, or the
/// dashboard spins reading it; and a quiet or busy one must not pass for gone, or a run stops.
@Suite("Telling a terminal that has gone from a quiet one")
struct HangUpProbeTests {
    @Test("What poll reports, and the bytes waiting, decide it",
          arguments: [
              (POLLHUP, nil, true), (POLLERR, 0, true), (POLLNVAL, nil, true),
              // A hang-up wins over keys typed just before it: nobody is there to answer them.
              (POLLIN | POLLHUP, 3, true),
              // Readable with nothing to read: a read gives end of file, or fails with EIO.
              (POLLIN, 0, true), (POLLIN, nil, true),
              // Keys ncurses has not taken yet, or nothing at all: the terminal is there.
              (POLLIN, 3, false), (0, nil, false), (0, 0, false), (POLLOUT, nil, false),
          ] as [(Int32, Int?, Bool)])
    func verdict(events: Int32, waiting: Int?, hungUp: Bool) {
        #expect(HangUpProbe.isHungUp(events: Int16(events), waiting: waiting) == hungUp)
    }

    @Test("A pipe: quiet while empty, input with a byte in it, gone once its writer has closed")
    func pipeEnds() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(!HangUpProbe.isHungUp(ends[0]))
        var byte: UInt8 = 0x71
        #expect(write(ends[1], &byte, 1) == 1)
        #expect(!HangUpProbe.isHungUp(ends[0]))
        close(ends[1])
        #expect(HangUpProbe.isHungUp(ends[0]))
    }

    @Test("/dev/null, always at its end, and a descriptor that is not open, are gone")
    func endAndNothing() throws {
        let null = open("/dev/null", O_RDONLY)
        try #require(null >= 0)
        defer { close(null) }
        #expect(HangUpProbe.isHungUp(null))
        // Far above any descriptor this process has, so no other test can have it open.
        #expect(HangUpProbe.isHungUp(999_999))
    }

    @Test("A pseudo-terminal: there while its other side is open, typed on or not; gone once that closes")
    func pseudoTerminal() throws {
        var path = [CChar](repeating: 0, count: 64)
        let controller = sky_open_pseudo_terminal(&path, Int32(path.count))
        try #require(controller >= 0)
        let terminal = open(path, O_RDWR | O_NOCTTY)
        try #require(terminal >= 0)
        defer { close(terminal) }
        #expect(!HangUpProbe.isHungUp(terminal))
        // A whole line: the terminal side is in line mode, where only a line is readable.
        let line: [UInt8] = Array("q\n".utf8)
        #expect(write(controller, line, line.count) == line.count)
        #expect(!HangUpProbe.isHungUp(terminal))
        close(controller)
        #expect(HangUpProbe.isHungUp(terminal))
    }
}
