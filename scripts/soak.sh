#!/usr/bin/env bash
# The fault soaks, for longer than `swift test` runs them (docs/RELIABILITY.md):
#
#   scripts/soak.sh kill9   [N] [--seed S]   kill -9 at a random moment while a person types (default 1000)
#   scripts/soak.sh signals [N] [--seed S]   SIGTERM, SIGHUP, SIGINT or SIGQUIT at a random moment (default 1000)
#   scripts/soak.sh fuzz    [N] [--seed S]   mutated answers, forms, layouts and arguments, deep templates,
#                                            aliases by size, hostile test files (default 5000)
#   scripts/soak.sh all     [N]              the three, N each
#
# kill9 and signals type into the interactive `keyform run` on a pseudo-terminal
# (Tests/KeyformCLITests/Scripts/ptyform.py) and check that every committed field
# is in the draft (or the record stored), that the file passes PRAGMA
# integrity_check, and, for the catchable signals, the exit status and that the
# terminal is given back. fuzz runs scripts/soak-fuzz.py: every status one
# Keyform documents, at most 512 MiB a run, nothing raw on stderr (nor on
# keyform test's stdout). It builds the debug binary first;
# KEYFORM_BIN=PATH soaks another one (a release build). Failing trials are
# printed in full and their work folders kept. Exit 1 on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=${1:-}
shift || true
case "$mode" in kill9 | signals | fuzz | all) ;; *) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;; esac
count=""
if [ $# -gt 0 ] && [ "${1#-}" = "$1" ]; then count=$1; shift; fi
export SWIFT_BACKTRACE=enable=no
binary=${KEYFORM_BIN:-}
if [ -z "$binary" ]; then
    swift build --product keyform >&2
    binary=.build/debug/keyform
fi

pty_soak() {  # SIGNAL TRIALS [ARGS...]
    local sig=$1 trials=$2; shift 2
    local work
    work=$(mktemp -d "${TMPDIR:-/tmp}/keyform-soak-$sig.XXXXXX")
    echo "soak: $trials trials of $sig on $binary, in $work" >&2
    if python3 Tests/KeyformCLITests/Scripts/ptyform.py kill9 --human --report "$work/report.jsonl" \
        --binary "$binary" --work "$work" --trials "$trials" --signal "$sig" "$@"; then
        rm -rf "$work"
    else
        echo "soak: FAILED; the databases and report.jsonl are in $work" >&2
        return 1
    fi
}

case "$mode" in
    kill9) pty_soak KILL "${count:-1000}" "$@" ;;
    signals) pty_soak random "${count:-1000}" "$@" ;;
    fuzz) python3 scripts/soak-fuzz.py --binary "$binary" --runs "${count:-5000}" "$@" ;;
    all)
        status=0
        pty_soak KILL "${count:-1000}" "$@" || status=1
        pty_soak random "${count:-1000}" "$@" || status=1
        python3 scripts/soak-fuzz.py --binary "$binary" --runs "${count:-5000}" "$@" || status=1
        exit $status ;;
esac
