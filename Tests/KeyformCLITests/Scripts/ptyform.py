#!/usr/bin/env python3
"""Drives the interactive `keyform run` on a pseudo-terminal, as a person would,
and kills it with SIGKILL at random moments: the store's kill -9 fault test.

    ptyform.py kill9   --binary KEYFORM --work DIR [--trials N] [--seed S] [--human] [--report FILE]

Every other interactive test runs in tmux through the one Swift test driver
(Tests/KeyformTestSupport: Tmux, FormRun). This one stays here because it
writes keys straight into the terminal and kills between them after a random
delay of microseconds, hundreds of times a run (and 1000 in
scripts/soak.sh): a tmux `send-keys` process per key would make those
moments coarse and the trials slow.

kill9: the fault test of the store (issue 5). Each trial starts `keyform run` on
a pty, types a small form (text fields, a key grid, an integer) and kills the
process with SIGKILL at a random moment: a random step of the typing script,
plus a random delay after it (the only sleep; everything else waits on what
the program wrote to the screen). Then it checks that every field whose commit
was seen on the screen (focus moved on to the next field) is in the draft with
the typed value, that a record whose Done was pressed in time is stored and
left no draft, and that the database passes PRAGMA integrity_check. Trials
alternate between one database shared by all of them (opened after every
earlier kill) and a new file each (killed while being created, too); a file
killed at creation must open again in keyform. One trial in four resumes the
draft headless (--resume) and checks that the committed fields come back.

It prints one JSON object per trial on stdout; a line
with "problems" not empty is a failure. The exit status is 1 when any line has
problems. Needs only the Python standard library (pty, sqlite3).
"""
import argparse
import codecs
import fcntl
import json
import os
import pty
import random
import select
import signal
import sqlite3
import struct
import subprocess
import sys
import termios
import time
import unicodedata

ROWS, COLS = 24, 80
FORM_NAME = "killtest"
# The form typed into, shared with the Swift tests (StoreCLISupport.swift, KillTestForm).
with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "killtest.yaml"), encoding="utf-8") as _file:
    FORM = _file.read()
LABELS = ["Alpha", "Bravo", "Level", "Charlie", "Delta"]
LEVELS = {"h": "High", "m": "Medium", "l": "Low"}
# Seconds to wait for the program to show something before calling it stuck.
PATIENCE = 15.0


class Stuck(Exception):
    pass


class Screen:
    """Just enough of a VT100 for what keyform's ScreenWriter writes: CUP, CUU,
    CUD, CUF, CUB, CHA, DCH, ICH, EL, ED, CR, LF and text; SGR and private modes
    are ignored."""

    def __init__(self):
        self.cells = [[" "] * COLS for _ in range(ROWS)]
        self.row = self.col = 0
        self.decoder = codecs.getincrementaldecoder("utf-8")("replace")
        self.state = "text"
        self.params = ""
        self.raw = b""

    def feed(self, data):
        self.raw += data
        for ch in self.decoder.decode(data):
            if self.state == "esc":
                self.state = "csi" if ch == "[" else "text"
                self.params = ""
            elif self.state == "csi":
                if "\x40" <= ch <= "\x7e":
                    self.csi(self.params, ch)
                    self.state = "text"
                else:
                    self.params += ch
            elif ch == "\x1b":
                self.state = "esc"
            elif ch == "\r":
                self.col = 0
            elif ch == "\n":
                self.row = min(ROWS - 1, self.row + 1)
            elif ch == "\b":
                self.col = max(0, self.col - 1)
            elif ch < " " or ch == "\x7f":
                pass
            else:
                self.put(ch)

    def put(self, ch):
        wide = unicodedata.east_asian_width(ch) in ("W", "F")
        if unicodedata.combining(ch) and self.col > 0:
            self.cells[self.row][self.col - 1] += ch
            return
        if self.col < COLS:
            self.cells[self.row][self.col] = ch
            if wide and self.col + 1 < COLS:
                self.cells[self.row][self.col + 1] = ""
        self.col = min(COLS, self.col + (2 if wide else 1))

    def csi(self, params, final):
        if params.startswith("?"):
            return
        numbers = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else []
        first = numbers[0] if numbers else 0
        if final == "H":
            self.row = max(1, first) - 1 if numbers else 0
            self.col = max(1, numbers[1]) - 1 if len(numbers) > 1 else 0
            self.row, self.col = min(self.row, ROWS - 1), min(self.col, COLS - 1)
        elif final in "AB":
            step = max(1, first)
            self.row = max(0, self.row - step) if final == "A" else min(ROWS - 1, self.row + step)
        elif final == "G":
            self.col = min(COLS - 1, max(1, first) - 1)
        elif final in "P@":
            # DCH / ICH: the rest of the line moves left / right, blanks come in.
            n = min(max(1, first), COLS - self.col)
            row = self.cells[self.row]
            if final == "P":
                self.cells[self.row] = row[:self.col] + row[self.col + n:] + [" "] * n
            else:
                self.cells[self.row] = row[:self.col] + [" "] * n + row[self.col:COLS - n]
        elif final == "C":
            self.col = min(COLS - 1, self.col + max(1, first))
        elif final == "D":
            self.col = max(0, self.col - max(1, first))
        elif final == "K":
            for c in range(self.col, COLS):
                self.cells[self.row][c] = " "
        elif final == "J" and first == 2:
            self.cells = [[" "] * COLS for _ in range(ROWS)]

    def lines(self):
        return ["".join(row).rstrip() for row in self.cells]

    def text(self):
        return "\n".join(self.lines())

    def focused(self):
        """(label, value) of the focused field's row, or None."""
        for line in self.lines():
            for label in LABELS:
                if line == "› " + label or line.startswith("› " + label + " "):
                    return label, line[VALUE_COLUMN:] if len(line) > VALUE_COLUMN else ""
        return None

    def shows(self, label, typed):
        """The focused field is `label`, it holds `typed`, and the cursor is after it
        (which tells a typed trailing space from none)."""
        return (self.focused() == (label, typed.rstrip(" "))
                and (self.row, self.col) == (self.focused_row(), VALUE_COLUMN + len(typed)))

    def focused_row(self):
        for row, line in enumerate(self.lines()):
            if line.startswith("› "):
                return row
        return None

    def value(self, label):
        for line in self.lines():
            if line[2:].startswith(label + " ") or line[2:] == label:
                return line[VALUE_COLUMN:] if len(line) > VALUE_COLUMN else ""
        return None


# Where values start: "› " + the widest label + 2 spaces (FormView's label column).
VALUE_COLUMN = 2 + max(len(label) for label in LABELS) + 2


class Run:
    """One `keyform run` on a pty: the screen it draws, keys in, its exit status."""

    def __init__(self, argv, cwd, env):
        self.screen = Screen()
        self.status = None
        self.closed = False
        pid, fd = pty.fork()
        if pid == 0:
            try:
                fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLS, 0, 0))
                os.chdir(cwd)
                os.execve(argv[0], argv, env)
            finally:
                os._exit(127)
        self.pid, self.fd = pid, fd

    def pump(self, timeout):
        """Reads what the program wrote within `timeout` seconds; False at the end of output."""
        if self.closed:
            return False
        ready, _, _ = select.select([self.fd], [], [], max(0.0, timeout))
        if not ready:
            return True
        try:
            data = os.read(self.fd, 65536)
        except OSError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.screen.feed(data)
        return True

    def wait_for(self, what, predicate, deadline=None):
        """Waits until predicate(screen) holds. Returns "seen", "deadline" (the kill
        moment came first) or "eof" (the program closed the terminal)."""
        give_up = time.monotonic() + PATIENCE
        while True:
            if predicate(self.screen):
                return "seen"
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                return "deadline"
            if now >= give_up:
                raise Stuck(f"waited {PATIENCE:.0f} s for {what}; the screen:\n{self.screen.text()}")
            limit = give_up if deadline is None else min(give_up, deadline)
            if not self.pump(limit - now):
                if predicate(self.screen):
                    return "seen"
                return "eof"

    def write(self, data):
        try:
            os.write(self.fd, data)
        except OSError:
            pass

    def kill(self, sig):
        try:
            os.kill(self.pid, sig)
        except ProcessLookupError:
            pass

    def reap(self):
        """Waits for the program to end, reading what it writes; its status (the
        terminal stays open, so that its mode can be read afterwards)."""
        give_up = time.monotonic() + PATIENCE
        while self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = -os.WTERMSIG(status) if os.WIFSIGNALED(status) else os.WEXITSTATUS(status)
            elif time.monotonic() > give_up:
                self.kill(signal.SIGKILL)
                raise Stuck(f"the program did not end within {PATIENCE:.0f} s; the screen:\n{self.screen.text()}")
            elif not self.pump(0.01):
                time.sleep(0.002)  # the terminal is closed: poll for the exit
        return self.status

    def wait(self):
        """Drains the terminal until the program is gone; its exit status, or -SIGNAL."""
        self.reap()
        while self.pump(0):
            pass
        self.close()
        return self.status

    def close(self):
        if self.fd is not None:
            try:
                os.close(self.fd)
            except OSError:
                pass
            self.fd = None
            self.closed = True


def environment(tmp):
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": tmp,
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "INPUTRC": "/dev/null",
        "SWIFT_BACKTRACE": "enable=no",
        "NO_MOTION": "1",
        "TMPDIR": tmp,
    }
    return env


def read_database(path):
    """(integrity, draft values or None, draft focus, newest record data or None); 
    integrity is "missing" when there is no file."""
    if not os.path.exists(path):
        return "missing", None, None, None
    connection = sqlite3.connect(f"file:{path}?mode=rw", uri=True, timeout=10)
    try:
        integrity = "; ".join(row[0] for row in connection.execute("PRAGMA integrity_check"))
        tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        draft = focus = record = None
        if "_draft" in tables:
            row = connection.execute("SELECT data, focus FROM _draft WHERE form = ?", (FORM_NAME,)).fetchone()
            if row:
                draft, focus = json.loads(row[0]), row[1]
        if "_record" in tables:
            row = connection.execute(
                "SELECT data FROM _record WHERE form = ? ORDER BY id DESC LIMIT 1", (FORM_NAME,)).fetchone()
            if row:
                record = json.loads(row[0])
        return integrity, draft, focus, record
    finally:
        connection.close()


def random_text(rng):
    letters = "abcdefghijklmnopqrstuvwxyz"
    length = rng.randint(2, 9)
    text = "".join(rng.choice(letters) for _ in range(length))
    if rng.random() < 0.3:
        spot = rng.randint(1, length - 1)
        text = text[:spot] + rng.choice([" ", "é", "ß"]) + text[spot:]
    return text


def chunks(rng, text):
    """The text cut into pieces of 1 to 3 characters: what one read may bring."""
    pieces = []
    while text:
        n = rng.randint(1, 3)
        pieces.append(text[:n])
        text = text[n:]
    return pieces


def plan(rng, trial):
    """The values typed in this trial and the steps that type them.

    A step is (bytes, what, predicate, commits): after writing the bytes, the
    person waits until predicate(screen) holds; commits is the field whose commit
    that sight proves (or None)."""
    values = {
        "alpha": f"t{trial}{random_text(rng)}",
        "bravo": random_text(rng),
        "level": rng.choice("hml"),
        "charlie": random_text(rng),
        "delta": str(rng.randint(0, 99999)),
    }
    steps = []

    def typing(field, label):
        typed = ""
        for piece in chunks(rng, values[field]):
            typed += piece
            steps.append((piece.encode(), f"{label} showing {typed!r}",
                          lambda s, label=label, typed=typed: s.shows(label, typed), None))

    def focus(label):
        return lambda s: s.focused() is not None and s.focused()[0] == label

    typing("alpha", "Alpha")
    steps.append((b"\r", "Bravo focused", focus("Bravo"), "alpha"))
    typing("bravo", "Bravo")
    steps.append((b"\r", "Level focused", focus("Level"), "bravo"))
    steps.append((values["level"].encode(), "Charlie focused",
                  lambda s: focus("Charlie")(s) and s.value("Level") == LEVELS[values["level"]], "level"))
    typing("charlie", "Charlie")
    steps.append((b"\r", "Delta focused", focus("Delta"), "charlie"))
    typing("delta", "Delta")
    # Done: the record is printed after it is stored, once the terminal is given back.
    steps.append((b"\r", "the record on stdout", lambda s: b'"alpha":' in s.raw.split(b"\x1b[?1049l")[-1]
                  and b"\x1b[?1049l" in s.raw, "delta"))
    return values, steps


def expected_record(values):
    record = dict(values)
    record["level"] = LEVELS[values["level"]]
    record["delta"] = int(values["delta"])
    return record


CATCHABLE = ["TERM", "HUP", "INT", "QUIT"]


def kill9_trial(args, rng, trial, shared_db, estimate):
    tmp = os.path.join(args.work, f"trial-{trial}")
    os.makedirs(tmp, exist_ok=True)
    form = os.path.join(args.work, "killtest.yaml")
    new_file = trial % 2 == 1
    db = os.path.join(tmp, "new", "keyform.sqlite") if new_file else shared_db
    values, steps = plan(rng, trial)
    # The kill: after a random step (0: as the program starts), plus a random delay.
    # About one trial in twelve is never killed: the form is submitted.
    kill_step = rng.randint(0, len(steps)) if rng.random() > 1 / 12 else None
    if kill_step == 0:
        delay = rng.uniform(0, estimate)  # start-up: creating or opening the database, the first draw
    else:
        delay = rng.choice([rng.uniform(0, 0.002), rng.uniform(0, 0.010), rng.uniform(0, 0.040)])

    result = {"trial": trial, "file": "new" if new_file else "shared", "kill_step": kill_step,
              "steps": len(steps), "delay_ms": round(delay * 1000, 2), "problems": []}
    problems = result["problems"]
    started = time.monotonic()
    # The signal: SIGKILL, or (--signal) a catchable one, which must end the run
    # with its status, the terminal given back and the draft kept.
    sig = getattr(signal, "SIG" + (rng.choice(CATCHABLE) if args.signal == "random" else args.signal))
    result["signal"] = signal.Signals(sig).name
    run = Run([args.binary, "run", form, "--db", db, "--fresh", "--no-animation"], args.work, environment(tmp))
    deadline = started + delay if kill_step == 0 else None
    committed = {}
    submitted = False
    outcome = run.wait_for("the form", lambda s: s.focused() == ("Alpha", ""), deadline)
    shown = outcome == "seen"
    step = 0
    while outcome == "seen" and step < len(steps):
        data, what, predicate, commits = steps[step]
        step += 1
        run.write(data)
        if step == kill_step:
            deadline = time.monotonic() + delay
        outcome = run.wait_for(what, predicate, deadline)
        if outcome == "seen" and commits:
            # As the field shows it, and so as the draft holds it: a grid key's text.
            committed[commits] = LEVELS[values[commits]] if commits == "level" else values[commits]
            submitted = step == len(steps)
    expected = 130 if sig == signal.SIGINT else 128 + sig
    if outcome == "deadline":
        run.kill(sig)
        status = run.reap()
        if sig != signal.SIGKILL and shown:
            # Caught in the loop: its own status, and the terminal cooked again. Once
            # the form has ended (Done) the signal takes its default action: the
            # shell's status is the same (128 + N), and what was typed is in the
            # draft, which the checks below hold it to.
            # 0: the form was submitted before the signal landed (the record must be stored).
            if status not in (expected, -sig, 0):
                problems.append(f"{result['signal']}: exit status {status}, expected {expected}")
            elif status == expected and not run.closed:
                mode = termios.tcgetattr(run.fd)[3]
                if not (mode & termios.ICANON and mode & termios.ECHO):
                    problems.append(f"{result['signal']}: the terminal was left raw")
    status = run.wait()
    result["typing_s"] = round(time.monotonic() - started, 3)
    result["killed"] = status in (-sig, expected) and outcome == "deadline"
    result["committed"] = sorted(committed)
    result["submitted"] = submitted
    if outcome == "eof" and not submitted and status != 0:
        problems.append(f"the program ended by itself (status {status}) before the record was seen; "
                        f"screen:\n{run.screen.text()}")
    if not result["killed"] and status != 0:
        problems.append(f"exit status {status}")

    integrity, draft, focus, record = read_database(db)
    result["integrity"] = integrity
    result["draft"] = draft
    if integrity not in ("ok", "missing"):
        problems.append(f"integrity_check: {integrity}")
    if integrity == "missing" and committed:
        problems.append("no database file, yet fields were committed")
    # Every committed field is in the draft, or in the stored record if Done was
    # pressed before the kill (the record on stdout may not have been seen yet).
    stored = record == expected_record(values)
    result["stored"] = stored
    if status == 0 and not stored:
        problems.append(f"exit status 0, yet the record is not stored: newest {record}, typed {values}")
    if submitted and not stored:
        problems.append(f"the record seen on stdout is not stored: newest {record}, typed {values}")
    if stored:
        if draft is not None:
            problems.append(f"a submitted form left a draft: {draft}")
    elif committed:
        if draft is None:
            problems.append(f"no draft, yet {sorted(committed)} were committed")
        else:
            for field, value in committed.items():
                if draft.get(field) != value:
                    problems.append(f"draft[{field}] = {draft.get(field)!r}, committed {value!r}")
            order = ["alpha", "bravo", "level", "charlie", "delta"]
            last = max(order.index(field) for field in committed)
            if focus not in order or order.index(focus) < min(last + 1, len(order) - 1):
                problems.append(f"draft focus {focus!r}, yet {order[last]} was committed")

    # A file killed while it was being created opens again, in keyform itself.
    if new_file and integrity != "missing" and not problems:
        listed = subprocess.run([args.binary, "records", "list", form, "--db", db, "--format", "json"],
                                cwd=args.work, env=environment(tmp), capture_output=True, timeout=60)
        if listed.returncode != 0:
            problems.append(f"records list after the kill: status {listed.returncode}: {listed.stderr.decode()}")
    # Resuming headless brings the committed fields back (one trial in four).
    if committed and not stored and not problems and rng.random() < 0.25:
        resumed = subprocess.run([args.binary, "run", form, "--db", db, "--resume", "--answers", "-"],
                                 input=b"{}", cwd=args.work, env=environment(tmp), capture_output=True, timeout=60)
        result["resumed"] = True
        if resumed.returncode != 0:
            problems.append(f"--resume: status {resumed.returncode}: {resumed.stderr.decode()}")
        else:
            record = json.loads(resumed.stdout)
            for field, value in committed.items():
                if str(record.get(field)) != str(expected_record(values)[field]):
                    problems.append(f"--resume gave {field} = {record.get(field)!r}, committed {value!r}")
            if read_database(db)[1] is not None:
                problems.append("--resume submitted, yet the draft is still there")
    return result


def kill9(args):
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    os.makedirs(args.work, exist_ok=True)
    with open(os.path.join(args.work, "killtest.yaml"), "w") as f:
        f.write(FORM)
    shared_db = os.path.join(args.work, "shared", "keyform.sqlite")
    failed = 0
    estimate = 0.3  # seconds a whole run takes here; updated from the trials
    counts = {"killed": 0, "before any commit": 0, "mid-form": 0, "stored": 0, "resumed": 0}
    report = open(args.report, "w") if args.report else None
    began = time.monotonic()
    for trial in range(args.trials):
        try:
            result = kill9_trial(args, rng, trial, shared_db, estimate)
        except Stuck as stuck:
            result = {"trial": trial, "problems": [str(stuck)]}
        if result.get("submitted") and not result.get("killed"):
            estimate = 0.7 * estimate + 0.3 * result["typing_s"]
        result["seed"] = seed
        failed += bool(result["problems"])
        killed, committed = result.get("killed"), result.get("committed")
        counts["killed"] += bool(killed)
        counts["before any commit"] += bool(killed and not committed)
        counts["mid-form"] += bool(killed and committed and not result.get("stored"))
        counts["stored"] += bool(result.get("stored"))
        counts["resumed"] += bool(result.get("resumed"))
        line = json.dumps(result, ensure_ascii=False)
        if report:
            print(line, file=report, flush=True)
        if not args.human:
            print(line, flush=True)
        elif result["problems"]:
            print(f"FAILED trial {trial} (seed {seed}):", *result["problems"], sep="\n  ", flush=True)
        elif (trial + 1) % 100 == 0:
            print(f"{trial + 1} trials, {failed} failed, {time.monotonic() - began:.0f} s", flush=True)
    integrity = read_database(shared_db)[0]
    summary = {"summary": True, "seed": seed, "trials": args.trials, "failed": failed,
               "seconds": round(time.monotonic() - began, 2), "shared_integrity": integrity, "counts": counts,
               "problems": [] if integrity in ("ok", "missing") else [f"shared file: {integrity}"]}
    if report:
        print(json.dumps(summary), file=report, flush=True)
    if args.human:
        print(f"seed {seed}: {args.trials} trials in {summary['seconds']} s, {failed} failed; "
              f"shared file: {integrity}; " + ", ".join(f"{name}: {n}" for name, n in counts.items()))
    else:
        print(json.dumps(summary), flush=True)
    return 1 if failed or summary["problems"] else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=["kill9"])
    parser.add_argument("--binary", required=True, help="the keyform binary")
    parser.add_argument("--work", required=True, help="a folder for the forms and databases")
    parser.add_argument("--trials", type=int, default=60)
    parser.add_argument("--seed", type=int)
    parser.add_argument("--human", action="store_true", help="kill9: failures and a summary, not JSON lines")
    parser.add_argument("--report", help="kill9: also write the JSON lines to this file")
    parser.add_argument("--signal", default="KILL", choices=["KILL", "random"] + CATCHABLE,
                        help="the signal sent at the random moment (random: one of the catchable ones each trial)")
    args = parser.parse_args()
    args.binary = os.path.abspath(args.binary)
    args.work = os.path.abspath(args.work)
    sys.exit(kill9(args))


if __name__ == "__main__":
    main()
