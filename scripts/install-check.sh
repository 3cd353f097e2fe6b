#!/usr/bin/env bash
# Issue 16's "Done means", as CI runs it: build the portable release binary,
# install it with scripts/install.sh into a temporary PREFIX, then, in an empty
# folder with PATH holding only PREFIX/bin and /usr/bin (no toolchain) and a
# fresh HOME, check `keyform --version`, `keyform run todo` (the form copied into
# the per-user folder, answers on stdin), `man -M PREFIX/share/man keyform`, and
# bash completion of a form name. Needs no terminal and no stdin.
#
#   scripts/install-check.sh        (KEYFORM_BIN=PATH skips the build and checks that binary)
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
prefix="$work/prefix"
home="$work/home"
empty="$work/empty"
mkdir -p "$home/.config/keyform/forms" "$empty"

failures=0
pass() { printf 'ok: %s\n' "$1"; }
fail() { printf 'FAILED: %s\n' "$1"; failures=$((failures + 1)); }

PREFIX="$prefix" scripts/install.sh </dev/null
bin="$prefix/bin/keyform"

# Only the system's libraries: nothing of the Swift toolchain (runtime, Foundation, dispatch).
libraries="$(ldd "$bin")"
if grep -Eiq 'swift|Foundation|dispatch|BlocksRuntime|not found' <<<"$libraries"; then
    fail "ldd shows toolchain or missing libraries:"; printf '%s\n' "$libraries"
else
    pass "ldd shows only system libraries: $(awk '{print $1}' <<<"$libraries" | tr '\n' ' ')"
fi

if ! readelf -S "$bin" | grep -q '\.symtab'; then pass "the installed binary is stripped ($(du -h "$bin" | cut -f1))"; else fail "the installed binary has its symbol table"; fi

cp demo/todo.yaml "$home/.config/keyform/forms/todo.yaml"

# Everything below runs as a user elsewhere would: an empty folder, no toolchain
# on PATH, a HOME of its own, no terminal.
in_empty() {
    (cd "$empty" && env -i HOME="$home" PATH="$prefix/bin:/usr/bin" LANG=C.UTF-8 LC_ALL=C.UTF-8 \
        INPUTRC=/dev/null TERM=dumb "$@")
}

version="$(in_empty keyform --version </dev/null)" || true
if [[ "$version" == keyform\ * ]]; then pass "keyform --version: $version"; else fail "keyform --version printed '$version'"; fi

record="$(printf '%s\n' '{"text": "Buy milk", "priority": "High", "due": "2026/11/21"}' \
    | in_empty keyform run todo --answers - --format json)" || true
if grep -q '"text" *: *"Buy milk"' <<<"$record" && grep -q '"due" *: *"2026-11-21"' <<<"$record"; then
    pass "keyform run todo (from the per-user folder, answers on stdin) stored and printed the record"
else
    fail "keyform run todo printed '$record'"
fi
listed="$(in_empty keyform records list todo --format csv </dev/null)" || true
if grep -q 'Buy milk' <<<"$listed"; then pass "keyform records list todo shows the stored record"; else fail "records list printed '$listed'"; fi

manual="$(in_empty env MANWIDTH=80 MANPAGER=cat PAGER=cat man -M "$prefix/share/man" keyform </dev/null 2>&1)" || true
if grep -q 'KEYFORM(1)' <<<"$manual" && grep -q 'records' <<<"$manual"; then
    pass "man -M PREFIX/share/man keyform shows the manual ($(wc -l <<<"$manual") lines)"
else
    fail "man -M PREFIX/share/man keyform printed: $(head -5 <<<"$manual")"
fi

# Bash completes as it would at a prompt: the installed script's function, called
# as `complete -F` calls it (command, current word, previous word).
completion="$prefix/share/bash-completion/completions/keyform"
completed="$(in_empty bash -c '
    source "$1"
    COMP_WORDS=(keyform run to); COMP_CWORD=2; COMP_LINE="keyform run to"; COMP_POINT=${#COMP_LINE}
    COMPREPLY=()
    _keyform keyform to run
    printf "%s\n" "${COMPREPLY[@]}"' check "$completion" </dev/null)" || true
if [ "$completed" = "todo" ]; then pass "bash completes 'keyform run to' to 'todo'"; else fail "bash completion of 'keyform run to' gave '$completed'"; fi
for file in "$prefix/share/zsh/site-functions/_keyform" "$prefix/share/fish/vendor_completions.d/keyform.fish"; do
    if [ -s "$file" ]; then pass "installed ${file#"$prefix"/}"; else fail "no ${file#"$prefix"/}"; fi
done

# keyform-postgres is installed beside keyform, stripped, and keyform hands it a
# server's location: a server that is not there is said by the PostgreSQL backend.
server_bin="$prefix/bin/keyform-postgres"
if [ -x "$server_bin" ] && ! readelf -S "$server_bin" | grep -q '\.symtab'; then
    pass "keyform-postgres installed and stripped ($(du -h "$server_bin" | cut -f1))"
else
    fail "no stripped keyform-postgres at $server_bin"
fi
handed="$(in_empty keyform records list todo --db 'postgres://nobody@127.0.0.1:1/keyform?sslmode=disable' </dev/null 2>&1)" || true
if grep -q 'cannot reach the database server' <<<"$handed"; then
    pass "keyform hands a postgres:// location over to keyform-postgres"
else
    fail "keyform given a postgres:// location said '$handed'"
fi

checks=11
echo "install-check: $((checks - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
