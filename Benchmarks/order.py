#!/usr/bin/env python3
"""order: the functions a real session runs, in the order it first runs them,
written as lld's symbol ordering file for the shipped build (scripts/keyform.order).

lld lays the functions named in the file first in `.text`, in the file's order
(scripts/install.sh links with `--symbol-ordering-file`): the code the start,
typing, a grid move and saving run together then sits on few pages, instead of
being spread over the whole binary's text, and the first frame faults fewer pages
in (each fault also maps its neighbours: they are then code that runs too).

Each session runs the build under callgrind in an 80x24 pseudo-terminal
(ptybench's Term), with a dump every --bbs basic blocks and one at the end of each
phase: the functions first seen in an earlier dump come first. The phases, each
over every session before the next phase:

  start  the command line to the first frame (the form read, the config, the
         draft's read from the store, the terminal's set-up)
  type   text typed into the first field (non-ASCII too), Backspace, Ctrl-U, Left
  move   Enter (the field committed: the grid of the next field), Down, Up, Tab
         to the keyboard and Tab back
  save   Enter on the grid's key: the last field committed, Done, the record
         saved, the terminal given back, the exit

Sessions: forms/session.yaml (a text field, then a field of the 15-key grid)
with a new store (the database made), then with the store it made (as a user's
later runs), and with --no-store; forms/list.yaml (the grid as the first frame)
with its store.
Only symbols the binary defines (`nm`) are written; names are mangled
(lld matches them so). A list made from an older build only costs speed: a
function it lacks lands after the listed ones (lld's --no-warn-symbol-ordering).

  /usr/bin/python3 Benchmarks/order.py --keyform .build-static/release/keyform --out scripts/keyform.order

The build must keep its symbols (install.sh's, before it strips the copy it
installs); valgrind reads it without its DWARF (a copy made by strip --strip-debug).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import ptybench  # noqa: E402

PHASES = ["start", "type", "move", "save"]
TYPED = "Añil 日本 éclair ready"


def session_keys(term, form):
    """Each phase's keys for a form: bytes to send, one key at a time."""
    down, up, left = term.key("down"), term.key("up"), term.key("left")
    typed = [c.encode() for c in TYPED] + [b"\x7f", b"\x7f", left, b"\x15"] + [c.encode() for c in "Ada"]
    if form == "list.yaml":
        return {"type": [], "move": [down, down, down, up, b"\t", b"\t"], "save": [b"\r"]}
    return {"type": typed, "move": [b"\r", down, down, up, b"\t", b"\t"], "save": [b"\r"]}


def dumps(folder):
    """The callgrind dumps written so far, oldest first (the one at exit has no number)."""
    found = []
    for name in os.listdir(folder):
        m = re.fullmatch(r"cg\.out(?:\.(\d+))?", name)
        if m:
            found.append((int(m.group(1)) if m.group(1) else 10**9, os.path.join(folder, name)))
    return [path for _, path in sorted(found)]


def callgrind_dump(pid):
    done = subprocess.run(["callgrind_control", "-d", str(pid)], capture_output=True, text=True, check=True)
    if "not detected" in done.stdout + done.stderr:
        raise SystemExit(f"callgrind_control: no callgrind task {pid}: {done.stdout.strip()}")


def functions_in(path):
    """The functions with a cost in one dump, in the dump's order; callgrind's
    recursion marks ('2) dropped."""
    names = []
    with open(path, errors="replace") as f:
        for line in f:
            if line.startswith("fn="):
                names.append(re.sub(r"'\d+$", "", line[3:].strip()))
    return names


def run_session(binary, form, args, db, bbs, work):
    """One session under callgrind: {phase: [function, ...]} in first-use order."""
    folder = tempfile.mkdtemp(dir=work)
    env = dict(os.environ, INPUTRC="/dev/null", TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8",
               KEYFORM_DB=db, SWIFT_BACKTRACE="enable=no")
    argv = ["valgrind", "-q", "--tool=callgrind", f"--callgrind-out-file={folder}/cg.out", "--dump-instr=no",
            "--compress-strings=no", "--demangle=no", f"--dump-every-bb={bbs}",
            binary, "run", os.path.join(HERE, "forms", form), "--format", "template", "--no-animation"] + args
    term = ptybench.Term(argv, 80, 24, env, {"1": os.devnull})
    seen, phases = 0, {}

    def close_phase(phase):
        nonlocal seen
        files = dumps(folder)
        phases[phase] = [fn for path in files[seen:] for fn in functions_in(path)]
        seen = len(files)

    try:
        ready = "item015" if form == "list.yaml" else "Bench session"
        if term.wait_for(lambda: ready in term.text(), 300) is None:
            raise SystemExit(f"{form}: the first frame never came:\n{term.text()}")
        term.settle(1.0, 20)  # the store's reads after the frame, on their thread
        callgrind_dump(term.pid)
        close_phase("start")
        keys = session_keys(term, form)
        for phase in ("type", "move", "save"):
            for key in keys[phase]:
                snap = term.snapshot()
                term.send(key)
                term.wait_for(lambda: term.changed(snap) or term.eof, 60)
                term.settle(0.2, 5)
            if phase == "save":
                if not term.wait_exit(300):
                    raise SystemExit(f"{form}: no exit after Done:\n{term.text()}")
                if os.WEXITSTATUS(term.status) != 0:
                    raise SystemExit(f"{form}: exit status {os.WEXITSTATUS(term.status)} after Done")
            else:
                callgrind_dump(term.pid)
            close_phase(phase)
    finally:
        term.close()
    return phases


def defined_functions(binary):
    out = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    return {parts[2] for parts in (line.split() for line in out.splitlines()) if len(parts) == 3 and parts[1] in "tTwW"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--keyform", default=os.path.join(HERE, "..", ".build-static", "release", "keyform"),
                    help="an unstripped static release build (default: install.sh's, .build-static)")
    ap.add_argument("--out", default=os.path.join(HERE, "..", "scripts", "keyform.order"))
    ap.add_argument("--bbs", type=int, default=20000, help="basic blocks between dumps: the order's grain")
    cfg = ap.parse_args()
    work = tempfile.mkdtemp(prefix="order-")
    binary = os.path.join(work, "keyform")
    subprocess.run(["strip", "--strip-debug", "-o", binary, cfg.keyform], check=True)
    known = defined_functions(binary)
    db = os.path.join(work, "keyform.sqlite")
    # The first session makes the store (its tables made after the first frame); the
    # others open it, as a user's later runs do.
    sessions = [("session.yaml", []), ("session.yaml", []), ("session.yaml", ["--no-store"]), ("list.yaml", [])]
    runs = []
    for form, args in sessions:
        print(f"order.py: {form} {' '.join(args)} under callgrind", file=sys.stderr)
        runs.append(run_session(binary, form, args, db, cfg.bbs, work))
    order, placed = [], set()
    counts = {}
    for phase in PHASES:
        for phases in runs:
            for fn in phases.get(phase, []):
                if fn in known and fn not in placed:
                    placed.add(fn)
                    order.append(fn)
                    counts[phase] = counts.get(phase, 0) + 1
    with open(cfg.out, "w") as f:
        f.write("# lld --symbol-ordering-file for the shipped keyform (scripts/install.sh): the functions a\n"
                "# session runs, in first-use order. Made by Benchmarks/order.py; regenerate with:\n"
                "#   /usr/bin/python3 Benchmarks/order.py --keyform .build-static/release/keyform\n")
        for fn in order:
            f.write(fn + "\n")
    summary = ", ".join(f"{phase} {counts.get(phase, 0)}" for phase in PHASES)
    print(f"order.py: {len(order)} functions ({summary}) into {cfg.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
