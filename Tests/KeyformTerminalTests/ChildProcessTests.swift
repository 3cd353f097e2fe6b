import Glibc
import Testing

@testable import KeyformTerminal

@Suite struct ChildProcessTests {
    @Test func anArgumentIsOneElementNeverSplitOrExpanded() throws {
        let child = try ChildProcess(["printf", "%s|", "a b", "$HOME", "*", "; echo no"])
        let finished = child.finish(within: .seconds(5))
        #expect(finished.termination == .exited(0))
        #expect(String(decoding: finished.output, as: UTF8.self) == "a b|$HOME|*|; echo no|")
        #expect(finished.timedOut == false)
    }

    @Test func exitStatusAndStandardErrorAreKeptApart() throws {
        let child = try ChildProcess(["sh", "-c", "echo out; echo 'fatal: no such branch' >&2; exit 3"])
        let finished = child.finish(within: .seconds(5))
        #expect(finished.termination == .exited(3))
        #expect(finished.output == Array("out\n".utf8))
        #expect(finished.errors == Array("fatal: no such branch\n".utf8))
    }

    @Test func aProgramNotFoundIsAnErrorThatNamesIt() {
        #expect(throws: ChildProcess.SpawnError(program: "keyform-no-such-program", code: ENOENT)) {
            try ChildProcess(["keyform-no-such-program"])
        }
        let error = ChildProcess.SpawnError(program: "keyform-no-such-program", code: ENOENT)
        #expect(error.message.english == "keyform-no-such-program: command not found")
    }

    @Test func standardInputIsEmpty() throws {
        // cat would wait on an inherited terminal or pipe; /dev/null ends it at once.
        let finished = try ChildProcess(["cat"]).finish(within: .seconds(5))
        #expect(finished.termination == .exited(0))
        #expect(finished.output.isEmpty)
    }

    /// The runner blocks SIGINT, SIGTERM… to read them from a signalfd, and a
    /// blocked mask (and an ignored signal) survives exec: the child must start
    /// with neither, or a time limit's kill and a person's Ctrl-C would not end it.
    @Test func theChildStartsWithNoBlockedOrIgnoredSignals() throws {
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGTERM)
        sigaddset(&blocked, SIGINT)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        let ignored = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGQUIT, ignored)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        let finished = try ChildProcess(["sh", "-c", "grep -E '^Sig(Blk|Ign):' /proc/self/status"]).finish(
            within: .seconds(5))
        // The standard signals 1-31 (the low 31 bits); glibc keeps 32 and 33 for itself.
        let masks = String(decoding: finished.output, as: UTF8.self).split(separator: "\n")
            .compactMap { UInt64($0.split(separator: "\t").last ?? "", radix: 16) }
        #expect(masks.count == 2)
        #expect(masks.map { $0 & 0x7FFF_FFFF } == [0, 0], "blocked, then ignored: \(masks)")
    }

    @Test func itLeadsAProcessGroupOfItsOwn() throws {
        let finished = try ChildProcess(["sh", "-c", "ps -o pgid= -p $$; echo $$"]).finish(within: .seconds(5))
        let numbers = String(decoding: finished.output, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        #expect(numbers.count == 2)
        #expect(numbers.first == numbers.last, "its process group is its own pid")
        #expect(Int32(numbers[0]) != getpgrp())
    }

    /// A time limit kills the whole group: a shell's own child (sleep) holding
    /// the pipe would otherwise keep the read waiting until it ended.
    @Test func aTimeLimitKillsTheWholeGroupAndReturnsAtOnce() throws {
        let start = ContinuousClock.now
        let child = try ChildProcess(["sh", "-c", "echo started; sleep 30; echo never"])
        let finished = child.finish(within: .milliseconds(300))
        let took = ContinuousClock.now - start
        #expect(finished.timedOut)
        #expect(finished.termination == .signaled(SIGKILL))
        #expect(finished.output == Array("started\n".utf8))
        #expect(took < .seconds(5), "not the sleep's 30 s")
        // No sleep of that group is left running (a zombie waits for init to reap it).
        let left = try ChildProcess(["sh", "-c", "ps -eo pgid=,stat=,comm= | awk '$1 == \(child.pid) && $2 !~ /^Z/'"])
            .finish(within: .seconds(5))
        #expect(left.output.isEmpty, "\(String(decoding: left.output, as: UTF8.self))")
    }

    @Test func lookingInNeverWaits() throws {
        let child = try ChildProcess(["sleep", "30"])
        let start = ContinuousClock.now
        #expect(child.collect() == false)
        #expect(child.exited() == nil)
        #expect(ContinuousClock.now - start < .milliseconds(200))
        child.kill()
        let finished = child.finish(within: .seconds(5))
        #expect(finished.termination == .signaled(SIGKILL))
    }

    @Test func onlyTheThreeStandardDescriptorsReachTheChild() throws {
        // A high number, not close-on-exec (ls's own directory fd takes a low one).
        let opened = open("/dev/null", O_RDONLY)
        let fd = dup2(opened, 250)
        close(opened)
        defer { close(fd) }
        #expect(fd == 250)
        let finished = try ChildProcess(["sh", "-c", "ls /proc/self/fd"]).finish(within: .seconds(5))
        let fds = String(decoding: finished.output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(!fds.contains(Int(fd)))
    }
}
