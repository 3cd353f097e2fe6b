#!/usr/bin/env bash
# Keystroke benchmark: Keyform next to its peers in the shared ptybench harness
# (startup, per-key latency, bytes written per key, peak RSS), interleaved run by run.
#   bash Benchmarks/keystrokes.sh [startup|type|move|all] [RUNS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
bench=${PTYBENCH:-$root/../shared/bench}
scenario=${1:-all}
runs=${2:-10}
python3 -c 'import pyte' 2>/dev/null || python3 -m pip install -q pyte
(cd "$root" && swift build -c release >/dev/null)
binary="$root/.build/release/keyform"
specs=$(mktemp -d)
trap 'rm -rf "$specs"' EXIT
cat > "$specs/keyform-text.json" <<JSON
{"name": "keyform-text",
 "cmd": ["$binary", "run", "$here/forms/text.yaml", "--format", "template", "--no-animation"],
 "fds": {"1": "{outfile}"},
 "env": {"INPUTRC": "/dev/null"},
 "ready": "Bench text",
 "scenarios": {"type": {"submit": "enter", "detect": "cursor"}}}
JSON
cat > "$specs/keyform-list.json" <<JSON
{"name": "keyform-list",
 "cmd": ["$binary", "run", "$here/forms/list.yaml", "--format", "template", "--no-animation"],
 "fds": {"1": "{outfile}"},
 "env": {"INPUTRC": "/dev/null"},
 "ready": "item015",
 "scenarios": {"move": {"next": "down", "prev": "up", "items": 15, "highlight": "reverse", "submit": "enter"}}}
JSON
run() {  # scenario, reference, specs...
    local name=$1 ref=$2; shift 2
    local args=()
    for spec in "$@"; do args+=(--spec "$spec"); done
    python3 "$bench/ptybench.py" "${args[@]}" --scenario "$name" --runs "$runs" --ref "$ref" --json "$specs/$name.json"
}
peers="$bench/specs"
if [[ $scenario == startup || $scenario == all ]]; then
    run startup bash-readline "$specs/keyform-text.json" "$peers/bash-readline.json" "$peers/dialog-inputbox.json" "$peers/floor-cooked.json"
fi
if [[ $scenario == type || $scenario == all ]]; then
    run type bash-readline "$specs/keyform-text.json" "$peers/bash-readline.json" "$peers/dialog-inputbox.json" "$peers/whiptail-inputbox.json"
fi
if [[ $scenario == move || $scenario == all ]]; then
    run move whiptail-menu "$specs/keyform-list.json" "$peers/whiptail-menu.json" "$peers/dialog-menu.json"
fi
