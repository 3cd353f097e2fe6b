#!/usr/bin/env python3
"""firstframe: what a program does up to its first frame, run by run.

Each run starts a ptybench spec in an 80x24 pseudo-terminal, waits for its
ready marker on the screen and kills the program there (SIGKILL: nothing of
its exit is counted). Modes:

  stat    perf stat of each run: user and kernel instructions, task-clock,
          page faults; medians.
  record  perf record of each run (cpu-clock, DWARF call graphs) into
          DIR/SPEC-N.data, for phases.py.
  callgrind  valgrind --tool=callgrind, dumped at the first frame
          (callgrind_control -d) into DIR/SPEC-N.callgrind: instructions.
  rss     /proc/PID/smaps of the program at its first frame, summed by what
          each mapping is (the binary's text, its read-only data, its data,
          the heap, anonymous maps, the C libraries, the stack); medians.
  pages   the binary's resident pages at the first frame (/proc/PID/pagemap):
          text by the module owning each page (nm of an unstripped build),
          data by section; medians.

  /usr/bin/python3 firstframe.py stat --runs 100 specs/keyform-text.json=K specs/floor-swift-field-store.json

Two builds of one spec, interleaved: specs/keyform-text.json=before=K1 specs/keyform-text.json=after=K2.
"""
import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ptybench  # noqa: E402


def load(arg, tmp):
    path, _, keyform = arg.partition("=")
    spec = ptybench.load_spec(path)
    if "=" in keyform:  # SPEC.json=LABEL=BINARY: builds side by side, each under its own name
        label, _, keyform = keyform.partition("=")
        spec["name"] += ":" + label
    folder = os.path.join(tmp, spec["name"])
    os.makedirs(folder, exist_ok=True)
    spec.setdefault("vars", {})["tmp"] = folder
    if keyform:
        spec["vars"]["keyform"] = os.path.abspath(keyform)
    return spec


def child_of(pid):
    """The program a tool (perf) started: its first child that has exec'ed."""
    for _ in range(2000):
        try:
            kids = open(f"/proc/{pid}/task/{pid}/children").read().split()
        except OSError:
            kids = []
        if kids:
            return int(kids[0])
        time.sleep(0.001)
    return None


def run(spec, prefix, at_ready, forks=True):
    argv, env, fds, ready = ptybench.expand(spec, os.devnull, 1)
    cols, rows = spec["size"]
    term = ptybench.Term(prefix + argv, cols, rows, env, fds)
    try:
        target = child_of(term.pid) if prefix and forks else term.pid
        if term.wait_for(lambda: ready in term.text(), 120) is None:
            raise SystemExit(f"{spec['name']}: ready marker never visible:\n{term.text()}")
        result = at_ready(target)
        os.kill(target, signal.SIGKILL)
        term.wait_exit(30)
        return result
    finally:
        term.close()


SMAPS_HEAD = re.compile(r"^[0-9a-f]+-[0-9a-f]+ (\S+) \S+ \S+ \S+\s*(.*)$")


def smaps(pid, binary):
    """kB of RSS by kind of mapping."""
    kinds, kind = {}, None
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            m = SMAPS_HEAD.match(line)
            if m:
                perms, name = m.groups()
                if name == binary:
                    kind = {"r-xp": "binary text", "r--p": "binary read-only (rodata, relro)",
                            "rw-p": "binary data"}.get(perms, "binary " + perms)
                elif name == "[heap]":
                    kind = "heap (brk)"
                elif name == "":
                    kind = "anonymous (malloc arenas, mmap)"
                elif name.startswith("[stack"):
                    kind = "stack"
                elif name.startswith("["):
                    kind = name
                else:
                    kind = "lib " + os.path.basename(name).split(".so")[0]
            elif line.startswith("Rss:") and kind:
                kinds[kind] = kinds.get(kind, 0) + int(line.split()[1])
    return kinds


def resident_pages(pid, binary):
    """The binary's resident pages at this moment, as (address in the ELF file's
    layout, permissions), from /proc/PID/pagemap (root only)."""
    maps = [line.split() for line in open(f"/proc/{pid}/maps")]
    mine = [m for m in maps if len(m) > 5 and m[5] == binary]
    base = min(int(m[0].split("-")[0], 16) - int(m[2], 16) for m in mine)
    pages = []
    with open(f"/proc/{pid}/pagemap", "rb") as pm:
        for m in mine:
            lo, hi = (int(x, 16) for x in m[0].split("-"))
            pm.seek(lo // 4096 * 8)
            data = pm.read((hi - lo) // 4096 * 8)
            for i in range(0, len(data), 8):
                if int.from_bytes(data[i:i + 8], "little") >> 63:
                    pages.append((lo + i // 8 * 4096 - base, m[1]))
    return pages


MODULES = [("Keyform", ["$s7Keyform", "$s8Keyform", "$s9Keyform", "$s10Keyform", "$s11Keyform", "$s12Keyform",
                        "$s13Keyform", "$s14Keyform", "$s15Keyform", "$s16Keyform", "$s17Keyform", "$s18Keyform",
                        "$s19Keyform", "$s20Keyform", "Keyform"]),
           ("Yams, libyaml", ["$s4Yams", "yaml_"]), ("GRDB", ["$s4GRDB"]),
           ("ArgumentParser", ["$s14ArgumentParser"]),
           ("Foundation (Essentials, Internationalization, Foundation)", ["$s20FoundationEssentials",
            "$s33FoundationInternationalization", "$s10Foundation"]),
           ("ICU (FoundationICU)", ["icu_", "$s13FoundationICU", "u_", "ucol", "uloc", "ubrk", "ures", "udata"]),
           ("Dispatch", ["_dispatch", "dispatch_", "$s8Dispatch"]),
           ("Swift standard library", ["$ss", "$sS"]),
           ("Swift runtime (C++)", ["swift", "_swift", "__swift", "_ZN5swift", "_ZN12_GLOBAL__N_1", "_ZL"])]


def module_of(name):
    if "icu_" in name:  # ICU's C++ names: _ZN6icu_74...
        return "ICU (FoundationICU)"
    if "5swift" in name:  # the runtime's C++ names: _ZN5swift...
        return "Swift runtime (C++)"
    for module, prefixes in MODULES:
        if any(name.startswith(p) for p in prefixes):
            return module
    return "other"


def by_module(binary, pages):
    """kB of the resident text by the module its symbols belong to (a page
    counts for the module owning most of its bytes), data by section."""
    import bisect
    syms, icu = [], (0, 0)
    for line in subprocess.run(["nm", "-n", "-S", "--defined-only", binary], capture_output=True,
                               text=True).stdout.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[3].startswith("icudt"):  # ICU's data, in .rodata
            icu = (int(parts[0], 16), int(parts[0], 16) + int(parts[1], 16))
        if len(parts) >= 3 and parts[-2] in "tTwW":
            syms.append((int(parts[0], 16), parts[-1]))
    addrs = [a for a, _ in syms]
    sections = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True).stdout.splitlines():
        parts = line.replace("[ ", "[").split()
        if len(parts) > 5 and parts[0].startswith("[") and parts[0] != "[Nr]":
            sections.append((int(parts[3], 16), int(parts[5], 16), parts[1]))
    out = {}
    for page, perms in pages:
        if "x" in perms:
            weights = {}
            i = max(0, bisect.bisect_right(addrs, page) - 1)
            while i < len(syms) and syms[i][0] < page + 4096:
                lo = max(page, syms[i][0])
                hi = min(page + 4096, syms[i + 1][0] if i + 1 < len(syms) else page + 4096)
                mod = module_of(syms[i][1])
                weights[mod] = weights.get(mod, 0) + max(0, hi - lo)
                i += 1
            key = "text: " + (max(weights, key=weights.get) if weights else "other")
        elif icu[0] <= page < icu[1]:
            key = f"{perms}: ICU data (icudt, in .rodata)"
        else:
            names = [n for a, size, n in sections if a and size and a <= page + 4095 and page < a + size]
            key = f"{perms}: " + ("+".join(names[:3]) if names else "?")
        out[key] = out.get(key, 0) + 4
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["stat", "record", "callgrind", "rss", "pages"])
    ap.add_argument("specs", nargs="+", help="SPEC.json or SPEC.json=KEYFORM_BINARY")
    ap.add_argument("--runs", type=int, default=20)
    ap.add_argument("--dir", default="firstframe-data", help="record: where the perf data goes")
    ap.add_argument("--freq", type=int, default=4000, help="record: samples a second")
    cfg = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="firstframe-")
    specs = [load(s, tmp) for s in cfg.specs]
    for spec in specs:  # a first run creates the store: the runs measured open it
        run(spec, [], lambda pid: None)
    results = {s["name"]: [] for s in specs}
    if cfg.mode in ("record", "callgrind"):
        os.makedirs(cfg.dir, exist_ok=True)
    for i in range(cfg.runs):
        for spec in specs:  # interleaved, run by run
            name = spec["name"]
            if cfg.mode == "stat":
                out = os.path.join(tmp, "stat.csv")
                events = "instructions:u,instructions:k,task-clock,page-faults"
                run(spec, ["perf", "stat", "-x,", "-e", events, "-o", out, "--"], lambda pid: None)
                row = {}
                for line in open(out):
                    parts = line.strip().split(",")
                    if len(parts) > 2 and parts[0] and parts[0][0].isdigit():
                        row[parts[2]] = float(parts[0])
                results[name].append(row)
            elif cfg.mode == "record":
                out = os.path.join(cfg.dir, f"{name}-{i:03d}.data")
                run(spec, ["perf", "record", "-q", "-e", "cpu-clock", "-F", str(cfg.freq), "-m", "1024",
                           "--call-graph", "dwarf,16384", "-o", out, "--"], lambda pid: None)
            elif cfg.mode == "callgrind":
                out = os.path.join(cfg.dir, f"{name}-{i:03d}.callgrind")
                run(spec, ["valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={out}"],
                    lambda pid: subprocess.run(["callgrind_control", "-d", str(pid)], check=True,
                                               stdout=subprocess.DEVNULL), forks=False)
            elif cfg.mode == "pages":
                binary = os.path.realpath(ptybench.expand(spec, os.devnull, 1)[0][0])
                results[name].append(by_module(binary, run(spec, [], lambda pid: resident_pages(pid, binary))))
            else:
                binary = os.path.realpath(ptybench.expand(spec, os.devnull, 1)[0][0])
                results[name].append(run(spec, [], lambda pid: smaps(pid, binary)))
    for name, rows in results.items():
        if not rows:
            continue
        print(f"{name} ({len(rows)} runs, medians)")
        keys = sorted({k for r in rows for k in r}, key=lambda k: -statistics.median(r.get(k, 0) for r in rows))
        for k in keys:
            v = statistics.median(r.get(k, 0) for r in rows)
            unit = " kB" if cfg.mode in ("rss", "pages") else ""
            print(f"  {k:40s} {v:14,.1f}{unit}")
        if cfg.mode in ("rss", "pages"):
            print(f"  {'total':40s} {statistics.median(sum(r.values()) for r in rows):14,.1f} kB")


if __name__ == "__main__":
    main()
