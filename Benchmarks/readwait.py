#!/usr/bin/env python3
"""The time a key takes in `keyform browse` while one of the list's reads waits
on the store (issue 26: a slow store never freezes the screen).

`keyform browse demo/todo.yaml` runs in tmux (a socket of its own, 80x24) on a
new PostgreSQL database (URL given) holding 250 records. KEYS times Down/Up
pairs idle (the clock runs from `tmux send-keys` until the screen shows the
highlight moved, `capture-pane` polled every 2 ms); then another session takes
`LOCK TABLE keyform._record IN ACCESS EXCLUSIVE MODE` (every read of the
records waits, as on a stalled server), End asks for the oldest page, and the
same keys are timed while that read waits (3 s at most for the first: a loop
that waits for the store answers none). Then the lock goes and the time until
the page shows is printed. Prints the medians and the load. With a SQLite
path (a new file) only the idle keys are timed: a local file's cost per key.

    psql "$URL" -c 'CREATE DATABASE rw1'
    python3 Benchmarks/readwait.py --keyform .build/debug/keyform --db "postgres://keyform@/rw1?host=…&port=…"

keyform-postgres must be beside the keyform given.
"""
import argparse
import os
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyform", default=os.path.join(ROOT, ".build/release/keyform"))
    parser.add_argument("--db", required=True, help="a new PostgreSQL database's postgres:// URL, or a SQLite path")
    parser.add_argument("--keys", type=int, default=20)
    args = parser.parse_args()
    keyform, url = os.path.abspath(args.keyform), args.db
    settings = {"KEYFORM_DB": url, "SWIFT_BACKTRACE": "enable=no", "NO_MOTION": "1", "INPUTRC": "/dev/null",
                "KEYFORM_CONFIG": "/dev/null"}
    tmux = ["tmux", "-L", f"readwait{os.getpid()}"]

    def screen():
        return subprocess.run(tmux + ["capture-pane", "-p"], capture_output=True, text=True).stdout

    def wait_for(row, limit=20.0):
        start = time.perf_counter()
        while time.perf_counter() - start < limit:
            if any(line.startswith(row) for line in screen().splitlines()):
                return (time.perf_counter() - start) * 1000
            time.sleep(0.002)
        return None

    def press(key, row, limit=20.0):
        start = time.perf_counter()
        subprocess.run(tmux + ["send-keys", key], check=True)
        return None if wait_for(row, limit) is None else (time.perf_counter() - start) * 1000

    def pairs(count, first_limit=20.0):
        times = []
        for index in range(count):
            key, row = ("Down", "› Task 249") if index % 2 == 0 else ("Up", "› Task 250")
            took = press(key, row, first_limit if index == 0 else 20.0)
            if took is None:
                return times, False
            times.append(took)
        return times, True

    records = "text\n" + "".join(f"Task {n}\n" for n in range(1, 251))
    subprocess.run([keyform, "records", "import", os.path.join(ROOT, "demo/todo.yaml"), "-"], input=records,
                   env=dict(os.environ, **settings), text=True, check=True, capture_output=True)
    command = " ".join(f"{name}='{value}'" for name, value in settings.items())
    subprocess.run(tmux + ["new-session", "-d", "-x", "80", "-y", "24",
                           f"cd {ROOT} && {command} {keyform} browse demo/todo.yaml"], check=True)
    lock = None
    try:
        wait_for("› Task 250")
        idle, _ = pairs(args.keys)
        if not url.startswith("postgres"):
            print(f"idle: median {statistics.median(idle):.1f} ms, most {max(idle):.1f} ms over {len(idle)} keys; "
                  f"load {open('/proc/loadavg').read().split()[0]}")
            return
        lock = subprocess.Popen(["psql", url, "-qAtX"], stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        lock.stdin.write("BEGIN; LOCK TABLE keyform._record IN ACCESS EXCLUSIVE MODE;\n")
        lock.stdin.flush()
        held = ("SELECT count(*) FROM pg_locks WHERE relation = 'keyform._record'::regclass "
                "AND mode = 'AccessExclusiveLock' AND granted")
        while subprocess.run(["psql", url, "-qAtX", "-c", held], capture_output=True, text=True).stdout.strip() != "1":
            time.sleep(0.02)
        subprocess.run(tmux + ["send-keys", "End"], check=True)
        time.sleep(0.3)  # End's read is on its way (or the loop waits in it)
        locked = time.perf_counter()
        waiting, answered = pairs(args.keys, first_limit=3.0)
        print(f"idle: median {statistics.median(idle):.1f} ms, most {max(idle):.1f} ms over {len(idle)} keys")
        if answered:
            print(f"a read on its way: median {statistics.median(waiting):.1f} ms, most {max(waiting):.1f} ms "
                  f"over {len(waiting)} keys; the footer: {screen().splitlines()[-1].strip()}")
        else:
            print("a read on its way: the first key was not answered within 3 s")
        lock.stdin.write("COMMIT;\n")
        lock.stdin.close()
        lock.wait()
        released = time.perf_counter()
        shown = wait_for("› Task 1")
        print(f"the lock went {released - locked:.1f} s after End's read began; the page showed "
              f"{shown or 0:.0f} ms later; load {open('/proc/loadavg').read().split()[0]}")
    finally:
        if lock and lock.poll() is None:
            lock.kill()
        subprocess.run(tmux + ["kill-server"], capture_output=True)


if __name__ == "__main__":
    main()
