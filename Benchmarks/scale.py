#!/usr/bin/env python3
"""Scale benchmark: Keyform on 100,000 stored records and 1,000 layout files.

    python3 Benchmarks/scale.py --keyform static=.build-static/release/keyform \\
        [--keyform dynamic=.build-release/release/keyform] [--runs 5] [--records 100000] [--files 1000]

records  `keyform records list --format json|csv` over N records of one form,
         next to the sqlite3 CLI printing the same rows as JSON (`sqlite3 -json`):
         wall time and peak RSS of each process (wait4's ru_maxrss, per child;
         it cannot read below this script's own RSS, about 10 MiB, the floor
         it had at fork).
import   `keyform records import` of those N records (the JSON that `records
         list` printed) into a new database each run: one transaction.
         With `stdin` in --only, also piped in (`cat FILE | keyform records import FORM -`).
layouts  `keyform layout check FOLDER` over the 1,000 generated layout files of
         layout_check.py.
browse   `keyform browse` over those N records in an 80x24 pseudo-terminal
         (ptybench's emulated screen, pyte): the first screen (spawn to the
         newest record shown), then End: from the key to the screen showing
         the oldest record (the list reads the rest first). Needs pyte.

Every program runs once per round, round after round (interleaved), and the
table gives medians and the ratio to the reference (sqlite3 for records).
"""
import argparse, json, os, pathlib, random, shutil, sqlite3, statistics, subprocess, sys, tempfile, time

here = pathlib.Path(__file__).resolve().parent
root = here.parent
sys.path.insert(0, str(here))
from layout_check import make_layouts  # noqa: E402

FORM = """title: Bench records
name: bench
fields:
  - id: text
    label: Text
  - id: priority
    label: Priority
  - id: laps
    label: Laps
    type: integer
  - id: done
    label: Done
    type: boolean
  - id: due
    label: Due
    type: date
template: "{{text}}"
"""


def timed(argv, env=None, check=True):
    """Runs argv with stdout to /dev/null; returns (seconds, peak RSS MiB), or
    None when it fails and `check` is false."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        process = subprocess.Popen(argv, stdout=null, stderr=subprocess.PIPE, env=env)
        _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        if not check:
            return None
        raise SystemExit(f"{argv[0]} failed ({process.returncode}): {process.stderr.read().decode()[:2000]}")
    return seconds, usage.ru_maxrss / 1024


def make_records(keyform, folder, count):
    """A database of `count` records made by keyform itself (one record run,
    then the rest inserted as keyform stores them)."""
    form = folder / "bench.yaml"
    form.write_text(FORM)
    db = folder / "records.sqlite"
    answers = json.dumps({"text": "first", "priority": "High", "laps": 1, "done": False, "due": "2026-11-24"})
    subprocess.run([keyform, "run", str(form), "--answers", "-", "--db", str(db)], input=answers.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    # In a process of its own: this one stays small, since a child's peak RSS
    # (wait4) starts from the parent's at fork.
    subprocess.run([sys.executable, __file__, "--fill", str(db), str(count - 1)], check=True)
    return form, db


def fill(db, count):
    """Inserts `count` records as keyform stores them."""
    rng = random.Random(1)
    words = ["Buy milk", "Swim 400m", "Call Ada", "Write the report", "Fix the bike", "日本語 note", "Café"]
    with sqlite3.connect(db) as connection:
        created = connection.execute("SELECT created FROM _record").fetchone()[0]
        rows = []
        for n in range(count):
            data = {"text": f"{rng.choice(words)} {n}", "priority": rng.choice(["Low", "Medium", "High"]),
                    "laps": rng.randrange(100), "done": rng.random() < 0.5, "due": f"2026-{rng.randrange(1, 13):02}-{rng.randrange(1, 29):02}"}
            rows.append(("bench", created, created, json.dumps(data, ensure_ascii=False)))
        connection.executemany("INSERT INTO _record (form, created, updated, data) VALUES (?, ?, ?, ?)", rows)


SQLITE_JSON = """SELECT id AS _id, created AS _created, json_extract(data, '$.text') AS text,
 json_extract(data, '$.priority') AS priority, json_extract(data, '$.laps') AS laps,
 json(CASE json_type(data, '$.done') WHEN 'true' THEN 'true' WHEN 'false' THEN 'false' END) AS done,
 json_extract(data, '$.due') AS due FROM _record WHERE form = 'bench' ORDER BY id DESC"""


def browse_end(binary, form, db, count, env):
    """Seconds to the first screen and from End to the oldest record shown, and
    the peak RSS (MiB), of one `keyform browse` over `count` records; None when
    a screen did not come within 60 s."""
    from ptybench import Term  # pyte: only this part needs it
    term = Term([binary, "browse", str(form), "--db", str(db)], env=dict(env, TERM="xterm-256color"))
    try:
        # The newest record (fill's last) is shown; then the list is idle.
        shown = term.wait_for(lambda: f" {count - 2}" in term.text(), 60)
        if shown is None:
            return None
        first = shown - term.t_spawn
        term.settle(0.3)
        pressed = term.send(b"\x1b[F")
        # make_records's record made by `keyform run` is the oldest: "first".
        end = term.wait_for(lambda: "first" in term.text(), 60)
        if end is None:
            return None
        with open(f"/proc/{term.pid}/status") as status:
            peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:")) / 1024
        return first, end - pressed, peak
    finally:
        try:
            os.kill(term.pid, 15)
            os.waitpid(term.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass
        os.close(term.fd)


def table(title, rows, ref):
    print(f"\n{title}")
    base = statistics.median(rows[ref]["s"]) if ref in rows else None
    print("| program | median ms | min ms | peak RSS MiB | × " + (ref or "-") + " |")
    print("|---|---|---|---|---|")
    for name, r in rows.items():
        if not r["s"]:
            print(f"| {name} | failed | | | |")
            continue
        median = statistics.median(r["s"])
        ratio = f"{median / base:.2f}" if base else "-"
        print(f"| {name} | {median * 1000:.0f} | {min(r['s']) * 1000:.0f} | {statistics.median(r['rss']):.1f} | {ratio} |")


def main():
    if sys.argv[1:2] == ["--fill"]:
        return fill(sys.argv[2], int(sys.argv[3]))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyform", action="append", default=[], metavar="LABEL=BINARY")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--only", default="records,import,layouts", help="any of records,import,stdin,layouts,browse (stdin: import piped too)")
    args = parser.parse_args()
    keyforms = [tuple(k.split("=", 1)) for k in args.keyform] or [("static", str(root / ".build-static/release/keyform"))]
    keyforms = [(label, str((root / path).resolve()) if not os.path.isabs(path) else path) for label, path in keyforms]
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        if "records" in args.only:
            form, db = make_records(keyforms[0][1], folder, args.records)
            programs = {}
            for label, binary in keyforms:
                for fmt in ("json", "csv"):
                    programs[f"keyform:{label} records list --format {fmt}"] = [binary, "records", "list", str(form), "--format", fmt, "--db", str(db)]
            if shutil.which("sqlite3"):
                programs["sqlite3 -json (same rows)"] = ["sqlite3", "-json", str(db), SQLITE_JSON]
            rows = {name: {"s": [], "rss": []} for name in programs}
            for _ in range(args.runs):
                for name, argv in programs.items():
                    seconds, rss = timed(argv, env)
                    rows[name]["s"].append(seconds)
                    rows[name]["rss"].append(rss)
            table(f"records list, {args.records:,} records ({args.runs} runs, interleaved)", rows,
                  "sqlite3 -json (same rows)" if shutil.which("sqlite3") else None)
        if "import" in args.only:
            form, db = make_records(keyforms[0][1], folder, args.records) if "records" not in args.only else (form, db)
            exported = folder / "records.json"
            with open(exported, "wb") as out:
                subprocess.run([keyforms[0][1], "records", "list", str(form), "--format", "json", "--db", str(db)],
                               stdout=out, check=True)
            ways = {"": None}
            if "stdin" in args.only:
                # Piped, as `producer | keyform records import FORM -`: the shell waits for both, and
                # wait4's peak RSS is the largest of the shell's children (cat's is ~2 MiB).
                ways[" from stdin"] = "cat"
            rows = {f"keyform:{label} records import{way}": {"s": [], "rss": []} for label, _ in keyforms for way in ways}
            for run in range(args.runs):
                for label, binary in keyforms:
                    for way, producer in ways.items():
                        target = folder / f"import-{label}-{run}.sqlite"
                        argv = [binary, "records", "import", str(form), str(exported), "--db", str(target)]
                        if producer:
                            argv = ["sh", "-c", 'cat "$1" | "$2" records import "$3" - --db "$4"', "sh",
                                    str(exported), binary, str(form), str(target)]
                        # A build that cannot import it (main before issue 15 cut files at 1 MiB) shows "failed".
                        result = timed(argv, env, check=False)
                        for leftover in folder.glob(f"import-{label}-{run}.sqlite*"):
                            leftover.unlink()
                        if result:
                            rows[f"keyform:{label} records import{way}"]["s"].append(result[0])
                            rows[f"keyform:{label} records import{way}"]["rss"].append(result[1])
            table(f"records import, {args.records:,} records from JSON ({args.runs} runs, interleaved)", rows, None)
        if "browse" in args.only:
            if "records" not in args.only and "import" not in args.only:
                form, db = make_records(keyforms[0][1], folder, args.records)
            rows = {}
            for label, _ in keyforms:
                rows[f"keyform:{label} browse, first screen"] = {"s": [], "rss": []}
                rows[f"keyform:{label} browse, End to the oldest record"] = {"s": [], "rss": []}
            for _ in range(args.runs):
                for label, binary in keyforms:
                    result = browse_end(binary, form, db, args.records, env)
                    if result:
                        rows[f"keyform:{label} browse, first screen"]["s"].append(result[0])
                        rows[f"keyform:{label} browse, End to the oldest record"]["s"].append(result[1])
                        for name in ("first screen", "End to the oldest record"):
                            rows[f"keyform:{label} browse, {name}"]["rss"].append(result[2])
            table(f"browse, {args.records:,} records, 80x24 ({args.runs} runs, interleaved; RSS: the peak after End)",
                  rows, None)
        if "layouts" in args.only:
            layouts = folder / "layouts"
            layouts.mkdir()
            make_layouts(layouts, args.files)
            count = len(list(layouts.glob("*.yaml")))
            rows = {f"keyform:{label} layout check": {"s": [], "rss": []} for label, _ in keyforms}
            for _ in range(args.runs):
                for label, binary in keyforms:
                    seconds, rss = timed([binary, "layout", "check", str(layouts)], env)
                    rows[f"keyform:{label} layout check"]["s"].append(seconds)
                    rows[f"keyform:{label} layout check"]["rss"].append(rss)
            table(f"layout check, {count:,} files ({args.runs} runs, interleaved)", rows, None)
            for name, r in rows.items():
                print(f"  {name}: {count / statistics.median(r['s']):,.0f} files/s")


if __name__ == "__main__":
    main()
