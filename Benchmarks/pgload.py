#!/usr/bin/env python3
"""The store under load (issue 26): WORKERS processes at once, each running
`keyform run FORM --answers -` RECORDS times one after another (one process per
record, as a script at a shop's tills would), on a PostgreSQL server and on a
SQLite file, then every record counted: none lost, none doubled.

With --restart, the PostgreSQL server is restarted (pg_ctl restart -m fast)
when half the records are stored: a run that meets the restart is refused
(exit 3) and its record is rescued to a file, which is imported with
`keyform records import` once the server is back (what a person would do);
each record is then in the store exactly once.

    python3 Benchmarks/pgload.py --keyform .build/release/keyform            # 20 x 500, both stores
    python3 Benchmarks/pgload.py --keyform ... --workers 4 --records 50     # a quick look
    python3 Benchmarks/pgload.py --keyform ... --only postgres --restart

The server is the tests' private one (scripts/test-postgres.sh) in a folder and
port of its own (KEYFORM_PG_DIR=/tmp/keyform-pgload, port 54339) with fsync on:
a record is on disk when the run exits 0, as SQLite's synchronous=FULL.
Prints per store: wall time, records per second, ms per record (wall time x
workers / records: what each record cost its process), the median and 95th
percentile of one run's time, runs rescued, and the count check.
"""
import argparse
import concurrent.futures
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FORM = """name: tally
fields:
  - id: till
  - id: item
  - id: amount
    type: number
"""


def server(command, env):
    out = subprocess.run(["bash", os.path.join(ROOT, "scripts/test-postgres.sh"), command],
                         env=env, capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"test-postgres.sh {command}: {out.stderr}")
    return out.stdout.strip()


def psql(url, sql):
    return subprocess.run(["psql", url, "-qAtX", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          capture_output=True, text=True, check=True).stdout.strip()


def run_store(name, location, args, folder, restart=None):
    form = os.path.join(folder, "tally.yaml")
    with open(form, "w") as f:
        f.write(FORM)
    total = args.workers * args.records
    done = [0]
    lock = threading.Lock()
    restarted = threading.Event()
    durations = []
    rescued = []

    def worker(index):
        rescue_folder = os.path.join(folder, f"rescue-{index}")
        os.makedirs(rescue_folder, exist_ok=True)
        env = dict(os.environ, KEYFORM_DB=location, TMPDIR=rescue_folder, SWIFT_BACKTRACE="enable=no",
                   KEYFORM_AUTHOR=f"till{index}")
        mine = []
        for record in range(args.records):
            answers = json.dumps({"till": f"till{index}", "item": f"w{index:02d}-r{record:04d}", "amount": 1.5})
            start = time.perf_counter()
            out = subprocess.run([args.keyform, "run", form, "--answers", "-"], input=answers, env=env,
                                 capture_output=True, text=True)
            mine.append(time.perf_counter() - start)
            if out.returncode == 3:
                with lock:
                    rescued.append(out.stderr.strip().splitlines()[0][:200])
            elif out.returncode != 0:
                sys.exit(f"{name}: worker {index} record {record}: exit {out.returncode}: {out.stderr}")
            with lock:
                done[0] += 1
                if restart and not restarted.is_set() and done[0] >= total // 2:
                    restarted.set()
                    threading.Thread(target=restart).start()
        return mine

    start = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(args.workers) as pool:
        for times in pool.map(worker, range(args.workers)):
            durations += times
    wall = time.perf_counter() - start

    # What was rescued goes in with records import, as a person would put it in.
    files = sorted(glob.glob(os.path.join(folder, "rescue-*", "keyform-rescued-*.json")))
    for path in files:
        out = subprocess.run([args.keyform, "records", "import", form, path, "--db", location],
                             capture_output=True, text=True, env=dict(os.environ, SWIFT_BACKTRACE="enable=no"))
        if out.returncode != 0:
            sys.exit(f"{name}: import {path}: {out.stderr}")

    listed = subprocess.run([args.keyform, "records", "export", form, "--format", "json", "--db", location],
                            capture_output=True, text=True, check=True).stdout
    items = [record["item"] for record in json.loads(listed)]
    expected = {f"w{w:02d}-r{r:04d}" for w in range(args.workers) for r in range(args.records)}
    lost = len(expected - set(items))
    doubled = len(items) - len(set(items))
    durations.sort()
    return {
        "store": name,
        "records": len(items),
        "lost": lost,
        "doubled": doubled,
        "rescued runs": len(files),
        "wall s": round(wall, 1),
        "records/s": round(total / wall, 1),
        "ms per record": round(wall * args.workers / total * 1000, 1),
        "run median ms": round(statistics.median(durations) * 1000, 1),
        "run p95 ms": round(durations[int(len(durations) * 0.95)] * 1000, 1),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--keyform", default=os.path.join(ROOT, ".build/release/keyform"))
    parser.add_argument("--workers", type=int, default=20)
    parser.add_argument("--records", type=int, default=500)
    parser.add_argument("--only", choices=["postgres", "sqlite"])
    parser.add_argument("--restart", action="store_true", help="restart the server when half the records are stored")
    args = parser.parse_args()
    args.keyform = os.path.abspath(args.keyform)

    env = dict(os.environ, KEYFORM_PG_DIR="/tmp/keyform-pgload", KEYFORM_PG_PORT="54339", KEYFORM_PG_DURABLE="1")
    results = []
    if args.only != "sqlite":
        base = server("start", env)
        try:
            database = f"load_{os.getpid()}"
            psql(base, f"CREATE DATABASE {database}")
            url = base.replace("/keyform?", f"/{database}?")

            def restart():
                bin_dir = sorted(glob.glob("/usr/lib/postgresql/*/bin"))[-1]
                as_server = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
                subprocess.run(as_server + [f"{bin_dir}/pg_ctl", "-D", "/tmp/keyform-pgload/data", "-m", "fast", "-w",
                                            "restart"], capture_output=True, check=True)

            with tempfile.TemporaryDirectory() as folder:
                results.append(run_store("postgres" + (" (restarted)" if args.restart else ""), url, args, folder,
                                         restart if args.restart else None))
        finally:
            server("stop", env)
    if args.only != "postgres":
        with tempfile.TemporaryDirectory() as folder:
            results.append(run_store("sqlite", os.path.join(folder, "load.sqlite"), args, folder))

    print(f"{args.workers} processes x {args.records} records, load {os.getloadavg()[0]:.1f} at the end")
    keys = list(results[0].keys())
    print(" | ".join(keys))
    for result in results:
        print(" | ".join(str(result[key]) for key in keys))
    if any(result["lost"] or result["doubled"] or result["records"] != args.workers * args.records for result in results):
        sys.exit("records were lost or doubled")


if __name__ == "__main__":
    main()
