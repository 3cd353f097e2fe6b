import Foundation
import Testing

@testable import KeyformFiles

/// `ProcessEnvironment` reads the C library's environment as it is now: what
/// Foundation's `ProcessInfo` reads, and a variable set, changed or unset
/// since the last read is seen by the next (it decodes again only then).
@Suite(.serialized) struct ProcessEnvironmentTests {
    @Test func itIsWhatProcessInfoReadsAndFollowsEveryChange() {
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
        let name = "KEYFORM_ENVIRONMENT_TEST_\(getpid())"
        setenv(name, "one=1", 1)
        #expect(ProcessEnvironment.current()[name] == "one=1", "split at its first =")
        setenv(name, "two", 1)
        #expect(ProcessEnvironment.current()[name] == "two")
        unsetenv(name)
        #expect(ProcessEnvironment.current()[name] == nil)
        #expect(ProcessEnvironment.current() == ProcessInfo.processInfo.environment)
    }

    /// Entries are split as bytes and each side decoded (DECISIONS 104): the
    /// same names and values as decoding each entry whole and splitting it, for
    /// values of invalid UTF-8, cut sequences before and after an `=`, and
    /// characters of several bytes.
    @Test func anEntryOfAnyBytesReadsAsDecodingItWholeDid() {
        let name = "KEYFORM_ENVIRONMENT_BYTES_\(getpid())"
        let values: [[UInt8]] = [
            [0xC3, 0x3D, 0xFF], [0xE6, 0x97, 0x3D, 0xA5], Array("日本=é=".utf8), [0x3D], [], [0xF0, 0x9F, 0x99],
            [0x80, 0x3D, 0x80, 0xC3, 0xA9],
        ]
        for value in values {
            let entry = Array(name.utf8) + [UInt8(ascii: "=")] + value
            let whole = String(decoding: entry, as: UTF8.self)
            let equals = whole.utf8.firstIndex(of: UInt8(ascii: "="))!
            let expected = String(whole[whole.index(after: equals)...])
            (value + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { _ = setenv(name, $0.baseAddress!, 1) }
            }
            #expect(ProcessEnvironment.current()[name] == expected, "\(value)")
        }
        unsetenv(name)
        #expect(ProcessEnvironment.current()[name] == nil)
    }
}
