#!/usr/bin/env bash
# The store's kill -9 fault test, for longer than `swift test` runs it:
#
#   scripts/soak-kill9.sh [TRIALS] [--seed S]      (default: 1000 trials)
#
# Each trial types into the interactive `keyform run` on a pseudo-terminal and
# kills it with SIGKILL at a random moment, then checks that every committed
# field is in the draft and that the file passes PRAGMA integrity_check (see
# Tests/KeyformCLITests/Scripts/ptyform.py and docs/store.md). It builds the
# debug binary first; KEYFORM_BIN=PATH tests another one (a release build).
# Prints each failing trial in full and a summary; keeps the work folder (the
# databases and a JSON line per trial) when a trial fails. Exit 1 on a failure.
set -euo pipefail
cd "$(dirname "$0")/.."

trials=1000
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then trials=$1; shift; fi
export SWIFT_BACKTRACE=enable=no
binary=${KEYFORM_BIN:-}
if [ -z "$binary" ]; then
    swift build --product keyform >&2
    binary=.build/debug/keyform
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/keyform-soak-kill9.XXXXXX")
echo "soak: $trials trials of kill -9 on $binary, in $work" >&2

if python3 Tests/KeyformCLITests/Scripts/ptyform.py kill9 --human --report "$work/report.jsonl" \
    --binary "$binary" --work "$work" --trials "$trials" "$@"; then
    rm -rf "$work"
else
    echo "soak: FAILED; the databases and report.jsonl are in $work" >&2
    exit 1
fi
