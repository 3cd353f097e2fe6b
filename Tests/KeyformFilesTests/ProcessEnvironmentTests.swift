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
}
