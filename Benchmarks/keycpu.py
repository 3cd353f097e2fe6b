#!/usr/bin/env python3
"""keycpu: the CPU time a program spends per key, to compare builds lever by lever.

The PTY harness (ptybench.py) times what a person sees, which includes the
harness's own parsing and the machine's scheduling; on a shared machine that
varies by more than a lever changes. This counts only the program's own CPU
(user + system, from /proc/PID/schedstat, in nanoseconds) while it takes a
long run of keys:

  type  the same 200 characters (12% non-ASCII) five times, Ctrl-U between
        (Keyform's text field; bash `read -e` as the peer)
  lines the keys of `type` in a field of several lines (`lines: 5`): the
        200 characters wrap over three rows, drawn and measured on every key
  move  1,000 Down/Up in the 15-key grid (Keyform's list form), 14 each way;
        with --grids 12,250,500 in forms/gridN.yaml, up to 100 rows each way
        (type, --fields 1,200) the same keys in the first field of a form of
        N text fields (forms/fields200.yaml; 1: text.yaml): the form's size alone
  filter  (--grids) the grid's filter: item249 (for 250) typed, then erased, 72 times

Each build runs in turn, run by run (interleaved); medians of --runs.

With --instructions each program runs under callgrind instead (valgrind; slow):
the instructions it executes per key, counted from its first frame on, each
key sent once the screen answered the one before. Instruction counts do not
move with the machine's load: compare levers with them. Each build runs as a
copy without its debug sections (`strip --strip-debug`; the symbols stay):
valgrind 3.19 cannot read a debug build's DWARF 5, and then callgrind_control
does not find the task.

  python3 Benchmarks/keycpu.py type --runs 5 bash base=/tmp/base/keyform now=.build-static/release/keyform

`bash` (type) is bash's `read -e`; `floor` is the floor program of the scenario
(floor/field.swift for type, floor/grid.swift for move: build them with
floor/build.sh), a static Swift program doing only that work.
"""
import argparse
import fcntl
import os
import pty
import random
import select
import signal
import statistics
import struct
import subprocess
import tempfile
import termios
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def cpu_seconds(pid):
    with open(f"/proc/{pid}/schedstat") as f:
        return int(f.read().split()[0]) / 1e9


def keys(scenario, grid=None):
    if scenario == "move" and grid:
        # Down and back up over as many rows as a person would scroll (turning the
        # rows shown a page at a time), never pressing into an end.
        span = min(grid - 1, 100)
        return [b"\x1b[B" if (i // span) % 2 == 0 else b"\x1b[A" for i in range(1000)]
    if scenario == "filter":
        # The grid's filter: the last item but one typed letter by letter (the first
        # letter opens it), erased (the last Backspace closes it), 72 times.
        word = f"item{grid - 1:03d}"
        return ([c.encode() for c in word] + [b"\x7f"] * len(word)) * 72
    if scenario == "move":
        return [b"\x1b[B" if (i // 14) % 2 == 0 else b"\x1b[A" for i in range(1000)]
    rng = random.Random(3)
    text = "".join(rng.choice("abcdefgh ijklmnopqrstuvwxyz" * 2 + "éüßñ日本") for _ in range(200))
    return ([c.encode() for c in text] + [b"\x15"]) * 5


def argv(binary, scenario, grid=None, fields=None):
    if binary == "bash":
        return ["/bin/bash", "--norc", "--noprofile", "-c", 'read -e x; printf %s "$x"']
    if binary == "floor":  # floor/build.sh's programs: only the work of a key (or a move), in Swift
        return [os.path.join(HERE, "floor", "swift-grid" if scenario == "move" else "swift-field")]
    if fields and fields > 1:
        return [binary, "run", os.path.join(HERE, "forms", f"fields{fields}.yaml"), "--format", "template", "--no-animation"]
    form = f"grid{grid}.yaml" if grid else {"move": "list.yaml", "lines": "lines.yaml"}.get(scenario, "text.yaml")
    return [binary, "run", os.path.join(HERE, "forms", form), "--format", "template", "--no-animation"]


def callgrind_control(option, pid):
    """Runs callgrind_control on the task; it says so on stdout (and exits 0) when it does not find it."""
    done = subprocess.run(["callgrind_control", option, str(pid)], check=True, capture_output=True, text=True)
    if "not detected" in done.stdout + done.stderr:
        os.kill(pid, signal.SIGTERM)
        raise SystemExit(f"callgrind_control {option}: no callgrind task {pid}: {done.stdout.strip()}")


def without_debug_sections(binary, tmp):
    """A copy of the build valgrind can read (see --instructions); bash and the floors as they are."""
    if not os.path.isabs(binary) and os.sep not in binary:
        return binary
    copy = os.path.join(tmp, os.path.basename(binary))
    subprocess.run(["strip", "--strip-debug", "-o", copy, binary], check=True)
    return copy


def run(binary, scenario, grid=None, fields=None, instructions=False):
    """CPU microseconds per key of one run (instructions per key with `instructions`)."""
    tmp = tempfile.mkdtemp()
    if instructions and binary not in ("bash", "floor"):
        binary = without_debug_sections(binary, tmp)
    env = dict(os.environ, INPUTRC="/dev/null", TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               KEYFORM_DB=os.path.join(tmp, "keyform.sqlite"))
    out = os.path.join(tmp, "callgrind.out")
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        args = argv(binary, scenario, grid, fields)
        if instructions:
            args = ["/usr/bin/valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={out}"] + args
        os.execve(args[0], args, env)

    def drain(timeout):
        while select.select([fd], [], [], timeout)[0]:
            try:
                os.read(fd, 65536)
            except OSError:
                return

    sent = keys(scenario, grid)
    if instructions:
        # The first frame, then idle (the store's reads after the frame done, on
        # their thread, which writes nothing): counting starts from zero there.
        select.select([fd], [], [], 60)
        drain(1.0)
        while True:
            before = cpu_seconds(pid)
            drain(0.5)
            if cpu_seconds(pid) - before < 0.005:
                break
        callgrind_control("-z", pid)
        for key in sent:
            os.write(fd, key)
            select.select([fd], [], [], 10)  # the screen's answer, so keys never arrive together
            drain(0.02)
        drain(0.5)
        callgrind_control("-d", pid)
        os.kill(pid, signal.SIGTERM)
        os.waitpid(pid, 0)
        if binary.startswith(tmp):
            os.remove(binary)
        dumps = sorted(f for f in os.listdir(tmp) if f.startswith("callgrind.out."))
        if not dumps:
            raise SystemExit(f"no callgrind dump of {binary} in {tmp}")
        with open(os.path.join(tmp, dumps[0])) as f:
            total = next(int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:")))
        return total / len(sent)
    time.sleep(0.4)
    drain(0.2)
    start = cpu_seconds(pid)
    for key in sent:
        os.write(fd, key)
        drain(0.002)
    drain(0.05)
    used = cpu_seconds(pid) - start
    os.kill(pid, signal.SIGTERM)
    os.waitpid(pid, 0)
    return used / len(sent) * 1e6


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("scenario", choices=["type", "lines", "move", "filter"])
    ap.add_argument("programs", nargs="+", help="LABEL=BINARY for a keyform build, bash (type only), or floor")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--grids", help="move or filter in forms/gridN.yaml for each N (12,250,500), each build")
    ap.add_argument("--fields", help="type into the first of N text fields (1,200: forms/fieldsN.yaml), each build")
    ap.add_argument("--instructions", action="store_true", help="instructions per key, under callgrind")
    args = ap.parse_args()
    programs = [(p, p) if p in ("bash", "floor") else tuple(p.split("=", 1)) for p in args.programs]
    grids = [int(n) for n in args.grids.split(",")] if args.grids else [None]
    if args.scenario == "filter" and not args.grids:
        ap.error("filter needs --grids")
    if args.fields and args.scenario != "type":
        ap.error("--fields is for type")
    if args.fields:
        sizes = [int(n) for n in args.fields.split(",")]
        peers = ("bash", "floor")
        programs = [(f"{label} fields{n}" if binary not in peers else label, binary, None, n)
                    for label, binary in programs for n in (sizes if binary not in peers else [1])]
    else:
        programs = [(f"{label} grid{n}" if n else label, binary, n, None) for label, binary in programs for n in grids]
    results = {label: [] for label, _, _, _ in programs}
    for _ in range(args.runs):
        for label, binary, grid, fields in programs:
            results[label].append(run(binary, args.scenario, grid, fields, args.instructions))
    first = statistics.median(results[programs[0][0]])
    unit = "instructions/key" if args.instructions else "CPU µs/key"
    print(f"| program | {unit} (median of {args.runs}) | runs | × {programs[0][0]} |")
    print("|---|---|---|---|")
    for label, _, _, _ in programs:
        median = statistics.median(results[label])
        print(f"| {label} | {median:.1f} | {' '.join(f'{x:.0f}' for x in results[label])} | {median / first:.2f} |")


if __name__ == "__main__":
    main()
