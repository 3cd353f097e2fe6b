#!/usr/bin/env python3
"""How soon an idle `keyform browse` list shows a record another process stored
(issue 26: two terminals on one store see each other's changes within 1 s).

`keyform browse demo/todo.yaml` runs in tmux (a socket of its own, 80x24) on
the store given; CHANGES times, `keyform run demo/todo.yaml --answers -` stores
a record from another process, and the clock runs from that process's exit (its
commit returned) until the list shows the record, `tmux capture-pane` polled
every 5 ms. Prints each delay, then the median, least and most.

    python3 Benchmarks/refresh.py --keyform .build/release/keyform --db /tmp/r.sqlite
    python3 Benchmarks/refresh.py --keyform ... --db "$(scripts/test-postgres.sh url)"

The store should be a new one (the script seeds one record); a PostgreSQL URL
is used as given (a new database: `createdb`, or the tests' server's).

With `--records N`, N more records are imported first and the list scrolls to
its end (PageDown until the oldest shows: every row loaded, as a person who
read the whole list has it), then goes Home: each change is then taken by a
list of N+1 rows, and the clock stops when the title counts the new record
(in a list that long, the highlighted row keeps its line and the new one is
just above the screen). The changes start 12 s after the import: a list asks
for the records edited from 10 s before its last look, so the first looks
after a bulk import read it again (StoredFormRun.changeLookBack). Also printed: the CPU time (user + system) the browse
process spent per change, from /proc.

    python3 Benchmarks/refresh.py --keyform ... --db /tmp/r.sqlite --records 10000
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORM = os.path.join(ROOT, "demo/todo.yaml")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyform", default=os.path.join(ROOT, ".build/release/keyform"))
    parser.add_argument("--db", required=True, help="a SQLite path or a postgres:// URL")
    parser.add_argument("--changes", type=int, default=10)
    parser.add_argument("--records", type=int, default=0, help="records imported first, every one loaded in the list")
    args = parser.parse_args()
    keyform = os.path.abspath(args.keyform)
    env = dict(os.environ, KEYFORM_DB=args.db, SWIFT_BACKTRACE="enable=no", NO_MOTION="1")

    def store(text):
        out = subprocess.run([keyform, "run", FORM, "--answers", "-"], input=json.dumps({"text": text}), env=env,
                             capture_output=True, text=True)
        if out.returncode != 0:
            sys.exit(f"keyform run: exit {out.returncode}: {out.stderr}")

    if args.records:
        seed = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"refresh-seed-{os.getpid()}.json")
        with open(seed, "w") as f:
            json.dump([{"text": f"seed {index:05d}"} for index in range(args.records)], f)
        out = subprocess.run([keyform, "records", "import", FORM, seed], env=env, capture_output=True, text=True)
        os.remove(seed)
        if out.returncode != 0:
            sys.exit(f"keyform records import: exit {out.returncode}: {out.stderr}")
        imported = time.perf_counter()
    store("first")
    socket = f"refresh-{os.getpid()}"
    tmux = ["tmux", "-L", socket]
    command = " ".join(f"'{part}'" for part in [keyform, "browse", FORM])
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24", "-e", f"KEYFORM_DB={args.db}",
                           "-e", "NO_MOTION=1", "-e", "SWIFT_BACKTRACE=enable=no", command], check=True)

    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout

    def wait_for(text, limit=10.0):
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline:
            if text in screen():
                return time.perf_counter()
            time.sleep(0.005)
        sys.exit(f"'{text}' did not show within {limit} s:\n{screen()}")

    def cpu():
        pid = subprocess.run(tmux + ["display-message", "-p", "#{pane_pid}"], capture_output=True,
                             text=True).stdout.strip()
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK") * 1000

    try:
        wait_for("› first")
        if args.records:
            # Down the whole list (it reads 500 rows at a time as it nears their end), then back to the top.
            oldest = "seed 00000"
            while f"› {oldest}" not in screen():
                subprocess.run(tmux + ["send-keys", "-N", "100", "PageDown"], check=True)
                time.sleep(0.05)
            subprocess.run(tmux + ["send-keys", "Home"], check=True)
            wait_for("› first", limit=60)
            time.sleep(max(0.0, imported + 12 - time.perf_counter()))
        delays = []
        spent = cpu()
        for index in range(args.changes):
            text = f"change {index}"
            store(text)
            stored = time.perf_counter()
            shown = f"· {args.records + 2 + index} records" if args.records else text
            delays.append((wait_for(shown) - stored) * 1000)
            print(f"{text}: {delays[-1]:.0f} ms", flush=True)
        spent = cpu() - spent
        print(f"median {statistics.median(delays):.0f} ms, least {min(delays):.0f} ms, most {max(delays):.0f} ms "
              f"over {len(delays)} changes, {args.records + 1} rows before them; browse CPU {spent / len(delays):.1f} ms "
              f"a change; load {os.getloadavg()[0]:.1f}")
    finally:
        subprocess.run(tmux + ["kill-server"], capture_output=True)


if __name__ == "__main__":
    main()
