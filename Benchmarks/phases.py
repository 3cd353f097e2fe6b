#!/usr/bin/env python3
"""phases: where the CPU time of a start goes, from firstframe.py's records.

Reads `perf script` of each DIR/SPEC-N.data (cpu-clock samples with DWARF
call graphs, the program killed at its first frame) and splits the samples
two ways: the phase of the start each belongs to (its innermost frame that
names one) and what the sample is doing (a page fault, other kernel work,
the Swift runtime's type metadata and conformance scans, YAML, SQLite, the
rest). Prints ms a start (samples / frequency / runs).

  /usr/bin/python3 phases.py --freq 4000 firstframe-data/keyform-text-*.data
"""
import argparse
import subprocess
import sys
from collections import Counter

# (phase, substrings of a frame's symbol), tried from the innermost frame out.
PHASES = [
    ("command line (DirectStart, server hand-over, ArgumentParser)",
     ["DirectStart", "ServerHandover", "ProcessArguments"]),
    ("user config (Settings.load)", ["KeyformCLI8SettingsO4load"]),
    ("the form and its layouts (read, YAML, parse)", ["loadReporting", "FormParser"]),
    ("store: draft read, opening (StoredForm.start)", ["startOnTerminal", "StoreOpener", "opening5lines"]),
    ("terminal and first frame (Runner.run, FormState.start)", ["runOnTerminalSaving", "fillAndSaveOnTerminal",
                                                                "KeyformTerminal0B6RunnerC3run"]),
    ("run: the rest of RunCommand.run", ["RunCommandV4fill", "RunCommandV3run"]),
    ("main: the rest", ["KeyformMain_main", "main"]),
    ("static initializers before main", ["_dl_init", "call_init", "__libc_start_main"]),
    ("other threads (dispatch workers: the store's read)", ["start_thread", "_dispatch_worker_thread"]),
    ("loader (ld.so: mapping, relocations)", ["_dl_start", "_dl_relocate_object", "dl_main"]),
]
# Stacks deeper than perf's copy lose their outer frames: named by a frame they keep.
TRUNCATED = [
    ("terminal and first frame (Runner.run, FormState.start)", ["KeyformCore8FormView", "15KeyformTerminal"]),
    ("YAML, stack cut short (the form, its layouts or the config)", ["4Yams"]),
    ("other threads (dispatch workers: the store's read)", ["clone3", "4GRDB", "sqlite3"]),
]
KINDS = [
    ("page faults", lambda f: any("page_fault" in s for s, _ in f)),
    ("kernel, other (exec, mmap, read, ioctl)", lambda f: f and f[0][1]),
    ("Swift conformance scans", lambda f: any("swift_conformsToProtocol" in s for s, _ in f)),
    ("Swift type metadata (by mangled name, generic)",
     lambda f: any(k in s for s, _ in f for k in ("swift_getTypeByMangled", "swift_getGenericMetadata",
                                                   "swift_getWitnessTable", "swift_getSingletonMetadata",
                                                   "swift_getCanonicalSpecializedMetadata"))),
    ("SQLite, GRDB", lambda f: any(k in s for s, _ in f for k in ("sqlite3", "4GRDB"))),
    ("YAML (Yams, libyaml)", lambda f: any(k in s for s, _ in f for k in ("yaml_", "4Yams"))),
    ("ICU", lambda f: any(k in s for s, _ in f for k in ("icu_", "ucol_", "ubrk_", "uloc_"))),
    ("the rest (Keyform, Foundation, libc, readline)", lambda f: True),
]


def samples(path):
    out = subprocess.run(["perf", "script", "-i", path, "-F", "ip,sym,dso"], capture_output=True, text=True).stdout
    for block in out.split("\n\n"):
        frames = []
        for line in block.splitlines():
            parts = line.strip().split(None, 1)
            if len(parts) < 2:
                continue
            sym, _, dso = parts[1].rpartition(" (")
            frames.append((sym, "kernel.kallsyms" in dso))
        if frames:
            yield frames


def phase(frames):
    for sym, _ in frames:
        for name, keys in PHASES:
            if any(k in sym for k in keys) and not (name.startswith("main") and sym != "KeyformMain_main"
                                                    and "main" != sym):
                return name
    for sym, _ in frames:  # a stack cut short by perf's copy: the deepest hint
        for name, keys in TRUNCATED:
            if any(k in sym for k in keys):
                return name
    return "exec (kernel, no user frame yet)" if all(k for _, k in frames) else "unknown (no known frame)"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("data", nargs="+")
    ap.add_argument("--freq", type=int, default=4000)
    cfg = ap.parse_args()
    by_phase, by_kind, cells = Counter(), Counter(), Counter()
    for path in cfg.data:
        for frames in samples(path):
            p = phase(frames)
            k = next(name for name, test in KINDS if test(frames))
            by_phase[p] += 1
            by_kind[k] += 1
            cells[p, k] += 1
    runs, total = len(cfg.data), sum(by_phase.values())

    def ms(n):
        return n * 1000.0 / cfg.freq / runs

    print(f"{runs} starts, {total} samples at {cfg.freq} Hz: {ms(total):.2f} ms of CPU a start")
    print("\nby phase:")
    for p, n in by_phase.most_common():
        top = ", ".join(f"{k} {ms(cells[p, k]):.2f}" for k, _ in KINDS if cells[p, k] * 10 >= n)
        print(f"  {ms(n):6.2f} ms {100 * n / total:5.1f}%  {p}  [{top}]")
    print("\nby what it does:")
    for k, n in by_kind.most_common():
        print(f"  {ms(n):6.2f} ms {100 * n / total:5.1f}%  {k}")


if __name__ == "__main__":
    sys.exit(main())
