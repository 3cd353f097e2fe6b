#!/usr/bin/env python3
"""ptybench: measure interactive terminal programs the way a user experiences them.

Keyform's copy of the shared harness (Benchmarks/README.md). Each program is a
JSON spec (see specs/).  The program runs in a
pseudo-terminal; its output is fed to a pyte VT100 emulator and timings are
taken when the *emulated screen* shows the expected state.

Scenarios
  startup  spawn -> marker text visible on screen (median/p90 over runs)
  type     type K characters one at a time, wait for each to be visible,
           submit, verify the program's result; per-key latency and bytes
  move     press next/prev in a list M times (ping-pong, never hits an end),
           wait for the highlight to move each time, select, verify
  rss      peak RSS (VmHWM) - recorded during type/move, reported with them

Several specs given together (or --all) are interleaved round-robin, run by
run, so that machine noise hits every program alike; compare ratios.

A spec whose cmd names {keyform} runs once per --keyform LABEL=BINARY (named
SPEC:LABEL), so that two builds of Keyform are measured in the same run; {tmp}
is a folder of that spec's own for the run (its KEYFORM_DB).
"""
import argparse
import fcntl
import glob
import json
import os
import random
import select
import shutil
import signal
import struct
import sys
import tempfile
import termios
import time

import pyte

HERE = os.path.dirname(os.path.abspath(__file__))
DECCKM = 1 << 5  # pyte stores private mode ?1 (application cursor keys) as 1<<5
ARROWS = {"up": "A", "down": "B", "right": "C", "left": "D"}
KEYS = {"enter": "\r", "tab": "\t", "esc": "\x1b", "space": " ", "ctrl-d": "\x04"}


# --------------------------------------------------------------------------
# Terminal: a child process on a PTY plus an emulated screen
# --------------------------------------------------------------------------
class _Screen(pyte.Screen):
    """pyte screen that answers terminal queries (cursor position, DA) to the
    program, like a real terminal does (prompt_toolkit needs the CPR reply)."""

    def __init__(self, cols, rows, reply):
        super().__init__(cols, rows)
        self._reply = reply

    def write_process_input(self, data):
        self._reply(data.encode())


class Term:
    def __init__(self, argv, cols=80, rows=24, env=None, fds=None):
        """Spawn argv on a new PTY (own session, PTY as controlling tty).
        fds maps child fd number -> file path opened for writing (e.g. 3 for
        dialog --output-fd 3, or 2 to send stderr to a file)."""
        self.cols, self.rows = cols, rows
        self.screen = _Screen(cols, rows, self._write)
        self.stream = pyte.ByteStream(self.screen)
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        extra = {int(k): os.open(v, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
                 for k, v in (fds or {}).items()}
        self.t_spawn = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # child
            try:
                os.setsid()
                fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
                for fd in (0, 1, 2):
                    os.dup2(slave, fd)
                for target, src in extra.items():
                    os.dup2(src, target)
                os.execvpe(argv[0], argv, env or os.environ)
            except BaseException as e:  # noqa: BLE001 - report anything, then die
                os.write(2, f"ptybench: exec {argv[0]} failed: {e}\r\n".encode())
            os._exit(127)
        os.close(slave)
        for fd in extra.values():
            os.close(fd)
        self.pid, self.fd = pid, master
        os.set_blocking(master, False)
        self.eof = False
        self.status = None     # wait status once reaped
        self.mark()

    # -- I/O -----------------------------------------------------------------
    def _write(self, data):
        os.write(self.fd, data)

    def mark(self):
        """Start a new measurement window (bytes, first byte, parse time)."""
        self.nbytes = 0
        self.t_first = None
        self.parse_s = 0.0

    def send(self, data):
        """Write keys to the program; returns the time just before the write."""
        t = time.perf_counter()
        os.write(self.fd, data)
        return t

    def key(self, name):
        """Bytes for a named key; arrows honour application-cursor mode."""
        if name in ARROWS:
            return (("\x1bO" if DECCKM in self.screen.mode else "\x1b[") + ARROWS[name]).encode()
        return KEYS.get(name, name).encode()

    def _batch(self, timeout):
        """Wait up to timeout for output, drain everything available, feed it
        to the emulator.  Returns the time the batch was read, or None."""
        if self.eof:
            return None
        r, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not r:
            return None
        t_first = time.perf_counter()
        chunks = []
        while True:
            try:
                b = os.read(self.fd, 65536)
            except BlockingIOError:
                break
            except OSError:  # EIO: slave side closed (program exited)
                b = b""
            if not b:
                self.eof = True
                break
            chunks.append(b)
        t = time.perf_counter()
        data = b"".join(chunks)
        if data:
            if self.t_first is None:
                self.t_first = t_first
            self.nbytes += len(data)
            self.stream.feed(data)
            self.parse_s += time.perf_counter() - t
        return t

    def wait_for(self, pred, timeout):
        """Read output until pred() holds after a batch; returns that batch's
        read time (the moment the screen state became visible) or None."""
        end = time.perf_counter() + timeout
        while True:
            t = self._batch(end - time.perf_counter())
            if t is None:
                if self.eof or time.perf_counter() >= end:
                    return None
                continue
            if pred():
                return t

    def settle(self, quiet, max_wait=2.0):
        """Read until no output for `quiet` seconds (program is idle)."""
        end = time.perf_counter() + max_wait
        while time.perf_counter() < end and not self.eof:
            if self._batch(quiet) is None:
                return

    # -- screen queries ---------------------------------------------------------
    def text(self):
        return "\n".join(self.screen.display)

    def _row(self, y):
        line = self.screen.buffer[y]
        return tuple(line[x] for x in range(self.cols))  # Char = text + style

    def snapshot(self):
        """Full screen state (text, colours, attributes, cursor); clears
        pyte's dirty-row set so that changed() only re-reads touched rows."""
        self.screen.dirty.clear()
        return ([self._row(y) for y in range(self.rows)], self.screen.cursor.x, self.screen.cursor.y)

    def changed(self, snap):
        """Has anything visible (text, style or cursor) changed since snap?"""
        rows, x, y = snap
        c = self.screen.cursor
        if (c.x, c.y) != (x, y):
            return True
        return any(y < self.rows and self._row(y) != rows[y] for y in self.screen.dirty)

    def left_of_cursor(self, ncells):
        """Up to ncells screen cells just before the cursor (wrapping to the
        previous rows), wide-char placeholder cells dropped."""
        c, s = self.screen.cursor, self.screen
        pos = c.y * self.cols + min(c.x, self.cols)
        out = []
        for p in range(max(0, pos - ncells), pos):
            ch = s.buffer[p // self.cols][p % self.cols].data
            out.append(ch)
        return "".join(out)

    # -- process ---------------------------------------------------------------
    def vmhwm_kb(self):
        """Peak RSS of the (exec'ed) program so far, from /proc (kB)."""
        try:
            with open(f"/proc/{self.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1])
        except OSError:
            pass
        return None

    def wait_exit(self, timeout):
        """Drain output until the program exits; returns True if it did."""
        end = time.perf_counter() + timeout
        while time.perf_counter() < end:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
                self.settle(0.01, 0.2)
                return True
            self._batch(0.01)
        return False

    def close(self):
        if self.status is None:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            _, self.status = os.waitpid(self.pid, 0)
        os.close(self.fd)


# --------------------------------------------------------------------------
# Specs
# --------------------------------------------------------------------------
ITEM_PREFIX = "item"


def item_labels(n):
    return [f"{ITEM_PREFIX}{i:03d}" for i in range(1, n + 1)]


def expand(spec, outfile, nitems):
    """Fill placeholders: {outfile} {here} {python} {nitems} {last_item};
    a cmd element "@items" becomes the item labels, "@items_pairs" becomes
    label,"-" pairs (dialog/whiptail style tag/item lists)."""
    labels = item_labels(nitems)
    subs = {"outfile": outfile, "here": HERE, "python": sys.executable,
            "nitems": str(nitems), "last_item": labels[-1]}
    subs.update(spec.get("vars", {}))

    def f(s):
        for k, v in subs.items():
            s = s.replace("{" + k + "}", v)
        return s

    argv = []
    for a in spec["cmd"]:
        if a == "@items":
            argv += labels
        elif a == "@items_pairs":
            for lab in labels:
                argv += [lab, "-"]
        else:
            argv.append(f(a))
    env = dict(os.environ)
    for k in ("COLUMNS", "LINES"):
        env.pop(k, None)
    env.update({"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"})
    env.update({k: f(v) for k, v in spec.get("env", {}).items()})
    fds = {k: f(v) for k, v in spec.get("fds", {}).items()}
    return argv, env, fds, f(spec["ready"])


def load_spec(path):
    with open(path) as fh:
        spec = json.load(fh)
    spec.setdefault("name", os.path.splitext(os.path.basename(path))[0])
    spec.setdefault("size", [80, 24])
    spec.setdefault("scenarios", {})
    return spec


def instances(spec, keyforms, tmp):
    """The spec as it runs: once per Keyform binary when its cmd names
    {keyform}, each with a {tmp} folder of its own."""
    needs = any("{keyform}" in a for a in spec["cmd"])
    if needs and not keyforms:
        sys.exit(f"ptybench: {spec['name']} needs --keyform LABEL=BINARY")
    out = []
    for label, binary in (keyforms if needs else [(None, None)]):
        s = json.loads(json.dumps(spec))
        if label:
            s["name"] = f"{spec['name']}:{label}"
            s.setdefault("vars", {})["keyform"] = binary
        folder = os.path.join(tmp, s["name"].replace("/", "_"))
        os.makedirs(folder, exist_ok=True)
        s.setdefault("vars", {})["tmp"] = folder
        out.append(s)
    return out


def supports(spec, scenario):
    return scenario == "startup" or scenario in spec["scenarios"]


def default_text(k, multibyte, ratio, seed=1):
    """Deterministic mix of ASCII and multi-byte characters, no leading /
    trailing / double spaces (some programs trim whitespace)."""
    rnd = random.Random(seed)
    ascii_ = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,-_"
    out = []
    while len(out) < k:
        if multibyte and rnd.random() < ratio:
            ch = rnd.choice(multibyte)
        elif out and out[-1] != " " and rnd.random() < 0.12 and len(out) < k - 1:
            ch = " "
        else:
            ch = rnd.choice(ascii_)
        out.append(ch)
    return "".join(out)


# --------------------------------------------------------------------------
# Scenarios: each returns one run record (dict); failures carry "error"
# --------------------------------------------------------------------------
def _start(spec, cfg, nitems=1):
    tmp = tempfile.NamedTemporaryFile(prefix="ptybench-", delete=False)
    tmp.close()
    argv, env, fds, ready = expand(spec, tmp.name, nitems)
    cols, rows = spec["size"]
    term = Term(argv, cols, rows, env, fds)
    t = term.wait_for(lambda: ready in term.text(), cfg.timeout * 5)
    return term, tmp.name, t


def _fail(rec, term, msg):
    rec["ok"] = False
    rec["error"] = msg
    rec["screen"] = term.screen.display
    return rec


def run_startup(spec, cfg):
    rec = {"ok": True}
    term, out, t = _start(spec, cfg, spec["scenarios"].get("move", {}).get("items", cfg.items))
    try:
        if t is None:
            return _fail(rec, term, "ready marker never visible")
        rec["startup_ms"] = (t - term.t_spawn) * 1e3
        return rec
    finally:
        term.close()
        os.unlink(out)


def _cursor_tail_ok(term, tail):
    """The typed tail appears just left of the cursor (spaces ignored, so
    that line wraps and padding don't matter)."""
    want = tail.replace(" ", "")
    return term.left_of_cursor(3 * len(tail) + 4).replace(" ", "").endswith(want)


def _finish(term, out, key, expected, rec, timeout):
    """Submit, wait for exit, compare the result file with expected."""
    term.send(term.key(key))
    if not term.wait_exit(timeout):
        return _fail(rec, term, "program did not exit after submit")
    with open(out, encoding="utf-8", errors="replace") as fh:
        got = fh.read()
    if got.endswith("\n"):
        got = got[:-1]
    if got != expected:
        rec["got"] = got
        return _fail(rec, term, "wrong result")
    return rec


def run_type(spec, cfg):
    sc = spec["scenarios"]["type"]
    detect = sc.get("detect", "cursor")
    rec = {"ok": True, "lat_ms": [], "first_ms": [], "bytes": [], "parse_ms": []}
    term, out, t = _start(spec, cfg)
    try:
        if t is None:
            return _fail(rec, term, "ready marker never visible")
        term.settle(0.2, 3.0)
        # A spec may type its own text and expect its own result (a grid's
        # filter: the letters narrow the grid, Enter picks the key they find).
        text = sc.get("text", cfg.text)
        for i, ch in enumerate(text):
            snap = term.snapshot()
            tail = text[max(0, i - 1):i + 1]
            if detect == "cursor":
                pred = lambda: term.changed(snap) and _cursor_tail_ok(term, tail)  # noqa: E731
            elif detect == "screen":
                pred = lambda: term.changed(snap) and tail.replace(" ", "") in term.text().replace(" ", "").replace("\n", "")  # noqa: E731
            else:  # "change"
                pred = lambda: term.changed(snap)  # noqa: E731
            term.mark()
            t_key = term.send(ch.encode())
            t = term.wait_for(pred, cfg.timeout)
            if t is None:
                return _fail(rec, term, f"char {i} {ch!r} never visible")
            term.settle(cfg.settle)
            rec["lat_ms"].append((t - t_key) * 1e3)
            rec["first_ms"].append((term.t_first - t_key) * 1e3)
            rec["bytes"].append(term.nbytes)
            rec["parse_ms"].append(term.parse_s * 1e3)
        rec["rss_kb"] = term.vmhwm_kb()
        return _finish(term, out, sc.get("submit", "enter"), sc.get("result", text), rec, cfg.timeout)
    finally:
        term.close()
        os.unlink(out)


def _highlight_ok(term, label, how):
    lines = term.screen.display
    if how == "cursor_row":
        return label in lines[term.screen.cursor.y]
    if how.startswith("pointer:"):  # label on the line that carries the pointer glyph
        ptr = how.split(":", 1)[1]
        return any(ptr in ln and label in ln for ln in lines)
    if how == "distinct":  # label's cell style (colours/bold/reverse) unique among items
        def style(y, x):
            c = term.screen.buffer[y][x]
            return (c.fg, c.bg, c.bold, c.reverse)
        styles, mine = [], None
        for y, ln in enumerate(lines):
            x = ln.find(ITEM_PREFIX)
            if x >= 0:
                styles.append(style(y, x))
                if ln.startswith(label, x):
                    mine = styles[-1]
        return mine is not None and styles.count(mine) == 1
    if how == "reverse":  # label drawn in reverse video
        for y, ln in enumerate(lines):
            x = ln.find(label)
            if x >= 0 and term.screen.buffer[y][x].reverse:
                return True
        return False
    return True  # "change": screen change alone


def run_move(spec, cfg):
    sc = spec["scenarios"]["move"]
    n = sc.get("items", cfg.items)
    labels = item_labels(n)
    nxt, prv = sc.get("next", "down"), sc.get("prev", "up")
    how = sc.get("highlight", "cursor_row")
    rec = {"ok": True, "lat_ms": [], "first_ms": [], "bytes": [], "parse_ms": []}
    term, out, t = _start(spec, cfg, n)
    try:
        if t is None:
            return _fail(rec, term, "ready marker never visible")
        term.settle(0.2, 3.0)
        pos, step = 0, 1
        for i in range(cfg.moves):
            if not 0 <= pos + step < n:  # ping-pong: never press into an end
                step = -step
            pos += step
            snap = term.snapshot()
            label = labels[pos]
            term.mark()
            t_key = term.send(term.key(nxt if step > 0 else prv))
            t = term.wait_for(lambda: term.changed(snap) and _highlight_ok(term, label, how),
                              cfg.timeout)
            if t is None:
                return _fail(rec, term, f"move {i} to {label} never visible")
            term.settle(cfg.settle)
            rec["lat_ms"].append((t - t_key) * 1e3)
            rec["first_ms"].append((term.t_first - t_key) * 1e3)
            rec["bytes"].append(term.nbytes)
            rec["parse_ms"].append(term.parse_s * 1e3)
        rec["rss_kb"] = term.vmhwm_kb()
        return _finish(term, out, sc.get("submit", "enter"), labels[pos], rec, cfg.timeout)
    finally:
        term.close()
        os.unlink(out)


SCENARIOS = {"startup": run_startup, "type": run_type, "move": run_move}


# --------------------------------------------------------------------------
# Statistics and reporting
# --------------------------------------------------------------------------
def pct(xs, p):
    """Percentile with linear interpolation (p in 0..100)."""
    if not xs:
        return None
    xs = sorted(xs)
    k = (len(xs) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def summarize(name, scenario, recs):
    ok = [r for r in recs if r["ok"]]
    s = {"program": name, "scenario": scenario, "runs": len(recs), "fail": len(recs) - len(ok)}
    if scenario == "startup":
        v = [r["startup_ms"] for r in ok]
        s.update(median_ms=pct(v, 50), tail_ms=pct(v, 90), tail="p90")
    else:
        lat = [x for r in ok for x in r["lat_ms"]]
        s.update(median_ms=pct(lat, 50), tail_ms=pct(lat, 99), tail="p99", samples=len(lat),
                 first_byte_ms=pct([x for r in ok for x in r["first_ms"]], 50),
                 bytes_per_key=pct([x for r in ok for x in r["bytes"]], 50),
                 bytes_per_key_mean=(sum(x for r in ok for x in r["bytes"]) / len(lat)) if lat else None,
                 parse_ms=pct([x for r in ok for x in r["parse_ms"]], 50),
                 rss_kb=pct([r["rss_kb"] for r in ok if r.get("rss_kb")], 50))
    return s


def fmt(v, spec=".2f"):
    return "-" if v is None else format(v, spec)


def print_table(rows, ref=None):
    refmed = {(r["scenario"]): r["median_ms"] for r in rows if r["program"] == ref}
    hdr = ["program", "scenario", "ok/N", "median ms", "tail ms", "1st byte ms",
           "bytes/key (mean)", "parse ms", "RSS MiB"] + ([f"x {ref}"] if ref else [])
    table = []
    for r in rows:
        row = [r["program"], r["scenario"], f"{r['runs'] - r['fail']}/{r['runs']}",
               fmt(r["median_ms"]), (r["tail"] + " " + fmt(r["tail_ms"])) if r["tail_ms"] is not None else "-"]
        if r["scenario"] == "startup":
            row += ["-", "-", "-", "-"]
        else:
            row += [fmt(r["first_byte_ms"]),
                    f"{fmt(r['bytes_per_key'], '.0f')} ({fmt(r['bytes_per_key_mean'], '.0f')})",
                    fmt(r["parse_ms"]), fmt(r["rss_kb"] / 1024 if r["rss_kb"] else None, ".1f")]
        if ref:
            base = refmed.get(r["scenario"])
            row.append(fmt(r["median_ms"] / base if base and r["median_ms"] else None))
        table.append(row)
    w = [max(len(str(x)) for x in col) for col in zip(hdr, *table)]
    line = lambda cells: "| " + " | ".join(str(c).ljust(n) for c, n in zip(cells, w)) + " |"  # noqa: E731
    print(line(hdr))
    print("|" + "|".join("-" * (n + 2) for n in w) + "|")
    for row in table:
        print(line(row))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--spec", action="append", default=[], help="spec JSON file (repeatable)")
    ap.add_argument("--all", action="store_true", help="every specs/*.json that supports the scenario")
    ap.add_argument("--only", help="comma-separated spec names to keep (with --all)")
    ap.add_argument("--scenario", default="startup",
                    help="startup, type, move (comma-separated list allowed)")
    ap.add_argument("--runs", type=int, help="repetitions per program (default 20 startup, 5 type/move)")
    ap.add_argument("--chars", type=int, default=200, help="characters typed (type)")
    ap.add_argument("--multibyte", default="é,ü,ß,ñ,日,本", help="comma-separated non-ASCII chars mixed in")
    ap.add_argument("--mb-ratio", type=float, default=0.12, help="share of non-ASCII chars")
    ap.add_argument("--text", help="exact text to type (overrides --chars/--multibyte)")
    ap.add_argument("--moves", type=int, default=100, help="key presses (move)")
    ap.add_argument("--items", type=int, default=15, help="list length (move; spec may override)")
    ap.add_argument("--settle-ms", type=float, default=15, help="idle time awaited after each key")
    ap.add_argument("--timeout", type=float, default=3.0, help="seconds per key before a run fails")
    ap.add_argument("--ref", help="program whose median is the ratio base")
    ap.add_argument("--json", help="raw results file (default results/<time>.json)")
    ap.add_argument("--keyform", action="append", default=[], metavar="LABEL=BINARY",
                    help="a Keyform binary for the specs that name {keyform} (repeatable)")
    cfg = ap.parse_args()
    cfg.settle = cfg.settle_ms / 1e3
    mb = [c for c in cfg.multibyte.split(",") if c]
    cfg.text = cfg.text or default_text(cfg.chars, mb, cfg.mb_ratio)

    paths = list(cfg.spec)
    if cfg.all:
        paths += sorted(glob.glob(os.path.join(HERE, "specs", "*.json")))
    keyforms = [tuple(k.split("=", 1)) for k in cfg.keyform]
    tmp = tempfile.mkdtemp(prefix="ptybench-")
    specs = [i for p in paths for i in instances(load_spec(p), keyforms, tmp)]
    if cfg.only:
        keep = set(cfg.only.split(","))
        specs = [s for s in specs if s["name"] in keep]
    if not specs:
        ap.error("no specs (use --spec FILE or --all)")

    raw, rows = {"config": {k: v for k, v in vars(cfg).items()}, "runs": []}, []
    for scenario in cfg.scenario.split(","):
        todo = [s for s in specs if supports(s, scenario)]
        runs = cfg.runs or (20 if scenario == "startup" else 5)
        recs = {s["name"]: [] for s in todo}
        for i in range(runs):  # round-robin: noise is shared alike
            for s in todo:
                rec = SCENARIOS[scenario](s, cfg)
                rec.update(program=s["name"], scenario=scenario, run=i)
                recs[s["name"]].append(rec)
                raw["runs"].append(rec)
                if not rec["ok"]:
                    print(f"  FAIL {s['name']} {scenario} run {i}: {rec['error']}"
                          + (f" got={rec.get('got')!r}" if "got" in rec else ""), file=sys.stderr)
            print(f"[{scenario}] run {i + 1}/{runs} done", file=sys.stderr)
        rows += [summarize(s["name"], scenario, recs[s["name"]]) for s in todo]

    raw["summary"] = rows
    out = cfg.json or os.path.join(HERE, "results", time.strftime("%Y%m%d-%H%M%S") + ".json")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as fh:
        json.dump(raw, fh, ensure_ascii=False, indent=1)
    print_table(rows, cfg.ref)
    print(f"\nraw results: {out}")
    shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
