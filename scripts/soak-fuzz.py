#!/usr/bin/env python3
"""Fuzz soak: feeds mutated inputs to the real `keyform` binary for longer than
`swift test` should run, and checks every run for what must never happen.

    scripts/soak-fuzz.py [--runs N] [--seed S] [--binary PATH]

Inputs: answers (JSON and lines) for the demo forms, form files and layout
files (mutations of the shipped ones and random bytes), and odd arguments.
Each run must end with a status Keyform documents (0, 1, 2, 3, 74 — never a
crash: 132 SIGILL, 134 SIGABRT, 139 SIGSEGV, a timeout), and nothing it writes
to stderr may carry a raw control, bidi or invisible character (the terminal
would act on it). Failing inputs are kept in the work folder. Exit 1 on any.
"""
import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ALLOWED = {0, 1, 2, 3, 74}
# Unsafe on a terminal: C0 (but \n), DEL, C1, bidi controls, zero-width characters.
UNSAFE = set(range(0x00, 0x20)) - {0x0A} | set(range(0x7F, 0xA0)) | set(range(0x202A, 0x202F)) \
    | set(range(0x2066, 0x206A)) | {0x200E, 0x200F, 0x061C, 0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF}
NASTY = ["\x1b]0;pwned\x07", "\x1b[2J", "\u202e", "\u009b31m", "\x00", "\ufeff", "日本語", "👍🏽", "~", "no", "1e3",
         "-0", "9" * 30, "2026-02-30", "tomorrow", "", " ", "\t", "\r\n", "*a", "&a", "{", "[", "'", '"', ":", "- ",
         "%", "!!binary", "<<: *a", "…", "\\u0000"]


def mutate(rng, text):
    chars = list(text)
    for _ in range(rng.randint(1, 6)):
        if not chars:
            chars = list(rng.choice(NASTY))
            continue
        i = rng.randrange(len(chars))
        how = rng.random()
        if how < 0.3:
            chars[i:i] = list(rng.choice(NASTY))
        elif how < 0.5:
            del chars[i:i + rng.randint(1, 8)]
        elif how < 0.7:
            j = rng.randrange(len(chars))
            chars[i:i] = chars[j:j + rng.randint(1, 20)]
        else:
            chars[i] = chr(rng.choice([rng.randint(0, 0x7f), rng.randint(0x80, 0x3000), rng.randint(0x1F300, 0x1F64F)]))
    return "".join(chars)


def answers(rng, form):
    fields = ["text", "priority", "done", "due", "note", "stroke", "distance", "effort", "laps", "list", "tags", "place"]
    if rng.random() < 0.5:
        value = {rng.choice(fields) if rng.random() < 0.8 else mutate(rng, "field"): mutate(rng, rng.choice(NASTY + ["x"]))
                 for _ in range(rng.randint(0, 5))}
        if rng.random() < 0.3:
            value[rng.choice(fields)] = rng.choice([1, -1.5e300, True, None, [], ["a", 1], {"a": 1}])
        return ["--answers", "-"], json.dumps(value, ensure_ascii=rng.random() < 0.5) if rng.random() < 0.8 \
            else mutate(rng, json.dumps(value))
    return [], "\n".join(mutate(rng, "x") for _ in range(rng.randint(0, 6)))


def case(rng, work, sources):
    kind = rng.choice(["answers", "answers", "form", "layout", "layout-bytes", "arguments"])
    env = dict(os.environ, KEYFORM_DB=os.path.join(work, "db.sqlite"), SWIFT_BACKTRACE="enable=no", NO_COLOR="1")
    if kind == "answers":
        form = rng.choice(["demo/todo.yaml", "demo/swim.yaml", "demo/profile.yaml", "demo/vacation.yaml",
                           "demo/japanese.yaml", "demo/checklist.yaml"])
        extra, stdin = answers(rng, form)
        fmt = rng.choice(["json", "env", "template"])
        return ["run", os.path.join(ROOT, form), "--format", fmt] + extra, stdin, env, None
    if kind in ("form", "layout", "layout-bytes"):
        name = "fuzz.yaml"
        path = os.path.join(work, name)
        if kind == "layout-bytes":
            data = bytes(rng.randint(0, 255) for _ in range(rng.randint(0, 300)))
        else:
            pool = sources["forms" if kind == "form" else "layouts"]
            data = mutate(rng, rng.choice(pool)).encode("utf-8", "surrogatepass")
        with open(path, "wb") as f:
            f.write(data)
        command = rng.choice([["form", "check"], ["run", "--no-store"], ["layout", "check"], ["layout", "preview"],
                              ["layout", "fmt", "--check"], ["test"]])
        return command + [path], "", env, data
    arguments = [mutate(rng, rng.choice(["run", "records", "layout", "--format", "todo", "-x", "browse", "list"]))
                 for _ in range(rng.randint(1, 4))]
    # An argument cannot hold a NUL byte (exec ends it there).
    return [a.replace("\x00", "") for a in arguments], "", env, None


def unsafe(text):
    return [hex(ord(c)) for c in text if ord(c) in UNSAFE]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--binary", default=os.environ.get("KEYFORM_BIN", os.path.join(ROOT, ".build/debug/keyform")))
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.randrange(1 << 32)
    rng = random.Random(seed)
    read = lambda folder: [open(os.path.join(ROOT, folder, n), encoding="utf-8").read()
                           for n in sorted(os.listdir(os.path.join(ROOT, folder))) if n.endswith(".yaml")]
    sources = {"forms": read("demo"), "layouts": read("Layouts")}
    work = tempfile.mkdtemp(prefix="keyform-soak-fuzz.")
    failures, statuses, started = 0, {}, time.time()
    print(f"soak: {args.runs} fuzzed runs of {args.binary} (seed {seed}), in {work}", file=sys.stderr)
    for run in range(args.runs):
        argv, stdin, env, data = case(rng, work, sources)
        try:
            done = subprocess.run([args.binary] + argv, input=stdin.encode("utf-8", "surrogatepass"), env=env, cwd=work,
                                  capture_output=True, timeout=30)
            status, stderr = done.returncode, done.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            status, stderr = "timeout", ""
        statuses[status] = statuses.get(status, 0) + 1
        problems = []
        if status not in ALLOWED:
            problems.append(f"status {status}")
        if unsafe(stderr):
            problems.append(f"unsafe characters on stderr: {unsafe(stderr)[:5]}")
        if problems:
            failures += 1
            keep = os.path.join(work, f"failure-{run}")
            os.makedirs(keep)
            with open(os.path.join(keep, "case.json"), "w") as f:
                json.dump({"argv": argv, "stdin": stdin, "problems": problems, "stderr": stderr}, f, ensure_ascii=True)
            if data is not None:
                with open(os.path.join(keep, "input.yaml"), "wb") as f:
                    f.write(data)
            print(f"FAIL run {run}: {problems} {argv!r}", file=sys.stderr)
    seconds = time.time() - started
    print(json.dumps({"runs": args.runs, "seed": seed, "failures": failures, "seconds": round(seconds, 1),
                      "statuses": {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))}}))
    if failures:
        print(f"soak: {failures} FAILED; inputs kept in {work}", file=sys.stderr)
        return 1
    subprocess.run(["rm", "-rf", work])
    return 0


if __name__ == "__main__":
    sys.exit(main())
