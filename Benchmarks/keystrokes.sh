#!/usr/bin/env bash
# Keystroke benchmark: Keyform next to its peers (bash `read -e`, dialog, whiptail)
# in the PTY harness of this folder (ptybench.py): time to first frame, per-key and
# per-move latency and bytes, peak RSS; every program interleaved run by run.
#
#   bash Benchmarks/keystrokes.sh [startup|type|move|all] [RUNS]
#
# Keyform is the static release build (`--static-swift-stdlib`, built as the one that ships),
# built into .build-static. To put other builds in the same run, name them:
#   KEYFORM_BINARIES="static=.build-static/release/keyform dynamic=.build-release/release/keyform" \
#     bash Benchmarks/keystrokes.sh all 10
# (KEYFORM_BINARIES set: nothing is built). Each build gets a database of its own
# (KEYFORM_DB in a temporary folder), as a user has one.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
scenario=${1:-all}
runs=${2:-10}

# A Python with pyte (Debian: apt-get install python3-pyte; else pip install pyte).
python=""
for candidate in python3 /usr/bin/python3; do
    if command -v "$candidate" >/dev/null && "$candidate" -c 'import pyte' 2>/dev/null; then python=$candidate; break; fi
done
if [[ -z $python ]]; then
    python3 -m pip install -q pyte
    python=python3
fi
for peer in dialog whiptail; do
    command -v "$peer" >/dev/null || echo "keystrokes.sh: $peer is not installed (apt-get install $peer); its rows will fail" >&2
done

if [[ -z ${KEYFORM_BINARIES:-} ]]; then
    # As scripts/install.sh builds it (DECISIONS 93: metadata through accessors, not mangled names;
    # DECISIONS 98: the functions laid out in scripts/keyform.order's order; DECISIONS 103: libstdc++ linked in).
    "$root/scripts/static-libstdcxx.sh" "$(cd "$root" && swift build -c release --static-swift-stdlib \
        --scratch-path .build-static --show-bin-path)"
    (cd "$root" && swift build -c release --product keyform --static-swift-stdlib --disable-local-rpath \
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
        -Xlinker "--symbol-ordering-file=$root/scripts/keyform.order" -Xlinker --no-warn-symbol-ordering \
        --scratch-path .build-static >/dev/null)
    KEYFORM_BINARIES="static=$root/.build-static/release/keyform"
fi
keyforms=()
for pair in $KEYFORM_BINARIES; do
    label=${pair%%=*}
    binary=${pair#*=}
    [[ $binary == /* ]] || binary=$root/$binary
    [[ -x $binary ]] || { echo "keystrokes.sh: no binary at $binary" >&2; exit 1; }
    keyforms+=(--keyform "$label=$binary")
done

results=$here/results
mkdir -p "$results"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
specs=$here/specs
run() {  # scenario, reference, specs...
    local name=$1 ref=$2; shift 2
    local args=()
    for spec in "$@"; do args+=(--spec "$specs/$spec.json"); done
    "$python" "$here/ptybench.py" "${args[@]}" "${keyforms[@]}" --scenario "$name" --runs "$runs" --ref "$ref" \
        --json "$results/$stamp-$name.json"
}
if [[ $scenario == startup || $scenario == all ]]; then
    run startup bash-readline keyform-text bash-readline dialog-inputbox whiptail-inputbox floor-cooked
fi
if [[ $scenario == type || $scenario == all ]]; then
    run type bash-readline keyform-text bash-readline dialog-inputbox whiptail-inputbox
fi
if [[ $scenario == move || $scenario == all ]]; then
    run move whiptail-menu keyform-list whiptail-menu dialog-menu
fi
