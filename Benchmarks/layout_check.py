#!/usr/bin/env python3
"""Benchmark: `keyform layout check` over 1,000 layout files.

Generates 1,000 varied layout files (the shipped layouts, renamed and grown
with extra rows and pages), runs the release binary over the folder several
times, and prints files per second (median run) and peak RSS.

    swift build -c release && python3 Benchmarks/layout_check.py [--runs 10] [--files 1000]
"""
import argparse, os, pathlib, random, resource, shutil, statistics, subprocess, tempfile, time

root = pathlib.Path(__file__).resolve().parent.parent


def make_layouts(folder: pathlib.Path, count: int) -> None:
    rng = random.Random(1)
    shipped = sorted((root / "Layouts").glob("*.yaml"))
    words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "高", "中", "低", "Freestyle", "400m", "no", "1.10"]
    for i in range(count):
        source = shipped[i % len(shipped)]
        text = source.read_text(encoding="utf-8")
        # Sibling layouts keep their `action: layout` targets resolvable.
        (folder / f"{source.stem}-{i:04}.yaml").write_text(text, encoding="utf-8")
        if i < len(shipped):
            shutil.copy(source, folder / source.name)
    # A share of bigger generated layouts: 12 rows of 4 keys.
    for i in range(0, count, 10):
        rows = "\n".join("  - [" + ", ".join(rng.choice(words) + str(rng.randrange(100)) for _ in range(4)) + "]" for _ in range(12))
        (folder / f"{shipped[i % len(shipped)].stem}-{i:04}.yaml").write_text(f"title: Generated {i}\nrows:\n{rows}\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--binary", default=str(root / ".build/release/keyform"))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = pathlib.Path(tmp)
        make_layouts(folder, args.files)
        files = len(list(folder.glob("*.yaml")))
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = subprocess.run([args.binary, "layout", "check", str(folder)], capture_output=True, text=True)
            times.append(time.perf_counter() - start)
            if result.returncode != 0:
                raise SystemExit(f"layout check failed ({result.returncode}):\n{result.stderr[:2000]}")
        peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        median = statistics.median(times)
        print(f"layout check: {files} files, {args.runs} runs")
        print(f"  median {median * 1000:.1f} ms  (min {min(times) * 1000:.1f}, max {max(times) * 1000:.1f})")
        print(f"  {files / median:,.0f} files/s")
        print(f"  peak RSS {peak_kib / 1024:.1f} MiB")


if __name__ == "__main__":
    main()
