#!/usr/bin/env python3
"""Fuzz soak: feeds mutated inputs to the real `keyform` binary for longer than
`swift test` should run, and checks every run for what must never happen.

    scripts/soak-fuzz.py [--runs N] [--seed S] [--binary PATH]

Inputs: answers (JSON and lines) for the demo forms, form files and layout
files (mutations of the shipped ones and random bytes), odd arguments, forms
whose templates nest sections up to 5,000 deep, layouts with one string of up
to 200 KB aliased up to 20,000 times, and test files whose names, expected
values and screens hold escape sequences. Each run must end with a status
Keyform documents (0, 1, 2, 3, 74 — never a crash: 132 SIGILL, 134 SIGABRT,
139 SIGSEGV, a timeout), within MAX_RSS of memory, and nothing it writes to
stderr (nor `keyform test` to stdout) may carry a raw control, bidi or
invisible character (the terminal would act on it). Failing inputs are kept
in the work folder. Exit 1 on any.
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
MAX_RSS_KB = 512 * 1024
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


def deep_template(rng):
    """Sections nested up to 5,000 deep, of every kind, sometimes after a set-delimiter tag."""
    depth = rng.choice([rng.randint(1, 120), rng.randint(90, 110), rng.randint(100, 5000)])
    open_, close = ("{{", "}}") if rng.random() < 0.8 else ("<%", "%>")
    head = "" if open_ == "{{" else "{{=<% %>=}}"
    sigils = [rng.choice("#^$") for _ in range(depth)]
    body = "".join(f"{open_}{s}a{close}" for s in sigils) + "x" + "".join(f"{open_}/a{close}" for _ in sigils)
    if rng.random() < 0.2:
        body = mutate(rng, body)
    return head + body


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)
    return data


def case(rng, work, sources):
    kind = rng.choice(["answers", "answers", "form", "layout", "layout-bytes", "arguments", "template", "aliases", "test-output"])
    env = dict(os.environ, KEYFORM_DB=os.path.join(work, "db.sqlite"), SWIFT_BACKTRACE="enable=no", NO_COLOR="1")
    if kind == "template":
        path = os.path.join(work, "deep.yaml")
        template = deep_template(rng).replace("'", "''")
        data = write(path, f"title: Deep\nfields:\n  - id: a\n    label: A\ntemplate: '{template}'\n".encode("utf-8", "surrogatepass"))
        write(os.path.join(work, "deep.test.yaml"), b"form: deep.yaml\ntests:\n  - name: one\n    keys: \"x<Enter>\"\n")
        command = rng.choice([["form", "check", path], ["run", path, "--answers", "-", "--format", "template"],
                              ["form", "preview", path], ["form", "fmt", "--check", path], ["test", "deep.test.yaml"]])
        return command, '{"a": "x"}', env, data, kind
    if kind == "aliases":
        size, uses = rng.choice([(rng.randint(1, 200_000), rng.randint(1, 20_000)), (rng.randint(1, 2_000), rng.randint(1, 2_000))])
        keys = ", ".join(["*s"] * 10)
        rows = "".join(f"  - [{keys}]\n" for _ in range(max(1, uses // 10)))
        data = write(os.path.join(work, "aliases.yaml"), f"title: A\ns: &s \"{'x' * size}\"\nrows:\n{rows}".encode())
        return [rng.choice(["layout", "layout", "form"]), "check", "aliases.yaml"], "", env, data, kind
    if kind == "test-output":
        nasty = lambda: rng.choice(NASTY) + mutate(rng, "x")
        esc = lambda text: json.dumps(text)  # a YAML double-quoted scalar
        tests = "".join(f"  - name: {esc(nasty())}\n    keys: \"Buy<Enter>\"\n" + (f"    expect: {{text: {esc(nasty())}}}\n" if rng.random() < 0.5 else "")
                        + (f"    screen: {esc(nasty())}\n" if rng.random() < 0.5 else "") for _ in range(rng.randint(1, 4)))
        folder = os.path.join(work, rng.choice(["t", "t\x1b]0;x\x07", "t\u202e", "t\x9b"]))
        os.makedirs(folder, exist_ok=True)
        data = write(os.path.join(folder, "x.test.yaml"), f"form: {os.path.join(ROOT, 'demo/todo.yaml')}\ntests:\n{tests}".encode("utf-8", "surrogatepass"))
        return ["test", folder], "", dict(env, INPUTRC="/dev/null"), data, kind
    if kind == "answers":
        form = rng.choice(["demo/todo.yaml", "demo/swim.yaml", "demo/profile.yaml", "demo/vacation.yaml",
                           "demo/japanese.yaml", "demo/checklist.yaml"])
        extra, stdin = answers(rng, form)
        fmt = rng.choice(["json", "env", "template"])
        return ["run", os.path.join(ROOT, form), "--format", fmt] + extra, stdin, env, None, kind
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
        return command + [path], "", env, data, kind
    arguments = [mutate(rng, rng.choice(["run", "records", "layout", "--format", "todo", "-x", "browse", "list"]))
                 for _ in range(rng.randint(1, 4))]
    # An argument cannot hold a NUL byte (exec ends it there).
    return [a.replace("\x00", "") for a in arguments], "", env, None, kind


def run_one(argv, stdin, env, work):
    """Status (or "timeout"), stdout, stderr and peak RSS in KiB of one run (wait4)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as inp:
        inp.write(stdin.encode("utf-8", "surrogatepass"))
        inp.seek(0)
        child = subprocess.Popen(argv, stdin=inp, stdout=out, stderr=err, env=env, cwd=work)
        deadline = time.time() + 30
        while True:
            pid, wstatus, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                break
            if time.time() > deadline:
                child.kill()
                os.wait4(child.pid, 0)
                return "timeout", "", "", 0
            time.sleep(0.005)
        child.returncode = 0  # reaped here, not by Popen
        status = os.waitstatus_to_exitcode(wstatus)
        status = 128 - status if status < 0 else status
        out.seek(0)
        err.seek(0)
        return status, out.read().decode("utf-8", "replace"), err.read().decode("utf-8", "replace"), usage.ru_maxrss


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
    failures, statuses, kinds, started = 0, {}, {}, time.time()
    print(f"soak: {args.runs} fuzzed runs of {args.binary} (seed {seed}), in {work}", file=sys.stderr)
    for run in range(args.runs):
        argv, stdin, env, data, kind = case(rng, work, sources)
        status, stdout, stderr, peak = run_one([args.binary] + argv, stdin, env, work)
        statuses[status] = statuses.get(status, 0) + 1
        kinds[kind] = kinds.get(kind, 0) + 1
        problems = []
        if status not in ALLOWED:
            problems.append(f"status {status}")
        if peak > MAX_RSS_KB:
            problems.append(f"peak memory {peak // 1024} MiB")
        if unsafe(stderr):
            problems.append(f"unsafe characters on stderr: {unsafe(stderr)[:5]}")
        if argv[:1] == ["test"] and unsafe(stdout):
            problems.append(f"unsafe characters on stdout: {unsafe(stdout)[:5]}")
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
                      "statuses": {str(k): v for k, v in sorted(statuses.items(), key=lambda kv: str(kv[0]))},
                      "inputs": dict(sorted(kinds.items()))}))
    if failures:
        print(f"soak: {failures} FAILED; inputs kept in {work}", file=sys.stderr)
        return 1
    subprocess.run(["rm", "-rf", work])
    return 0


if __name__ == "__main__":
    sys.exit(main())
