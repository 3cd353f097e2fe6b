#!/usr/bin/env bash
# Issue 27's package test, as CI runs it: the Debian package installed with
# apt-get into a clean Debian 12 root (debootstrap --variant=minbase, which has
# neither readline nor SQLite), so that only its declared dependencies bring
# what it needs; then, in that root, `keyform --version`, a form run with its
# answers on stdin and stored, `records list`, and the files in place. Then the
# keyform-postgres package: without it a postgres:// location is refused naming
# it; with it, keyform hands the location over (a server that is not there is said).
#
#   scripts/deb-check.sh                 # builds the packages (scripts/package-deb.sh) first
#   scripts/deb-check.sh dist/keyform_0.1.0_amd64.deb dist/keyform-postgres_0.1.0_amd64.deb
#
# Needs root (debootstrap, chroot) and Debian's mirror: without either it says
# SKIPPED and why, and exits 0. Variables: DEB_MIRROR (default
# http://deb.debian.org/debian), DEB_TARBALL (a `debootstrap --make-tarball`
# file of bookworm's minbase packages, to build the root without downloading them).
set -euo pipefail
cd "$(dirname "$0")/.."
repo="$PWD"
mirror="${DEB_MIRROR:-http://deb.debian.org/debian}"

skip() { printf 'SKIPPED: deb-check: %s\n' "$*"; exit 0; }
[ "$(id -u)" -eq 0 ] || skip "needs root (debootstrap and chroot)"
command -v debootstrap >/dev/null || skip "no debootstrap (apt-get install debootstrap)"
host="$(sed -E 's#^[a-z]+://([^/:]+).*#\1#' <<<"$mirror")"
timeout 20 bash -c "exec 3<>/dev/tcp/$host/80" 2>/dev/null || skip "cannot reach $host (Debian's mirror) on port 80"

deb="${1:-}"
server_deb="${2:-}"
if [ -z "$deb" ]; then
    built="$(scripts/package-deb.sh </dev/null)"
    deb="$(sed -n 1p <<<"$built")"
    server_deb="$(sed -n 2p <<<"$built")"
fi
for package in "$deb" "$server_deb"; do
    [ -f "$package" ] || { echo "FAILED: deb-check: no package at '$package'"; exit 1; }
done

root="$(mktemp -d)"
chmod 755 "$root"  # apt-get downloads as _apt inside it
cleanup() {
    umount "$root/proc" 2>/dev/null || true
    rm -rf "$root"
}
trap cleanup EXIT

echo "deb-check: a clean Debian 12 root (debootstrap minbase) in $root"
bootstrap=(debootstrap --variant=minbase)
[ -n "${DEB_TARBALL:-}" ] && [ -f "$DEB_TARBALL" ] && bootstrap+=("--unpack-tarball=$(realpath "$DEB_TARBALL")")
"${bootstrap[@]}" bookworm "$root" "$mirror" >"$root.log" 2>&1 \
    || { tail -5 "$root.log"; rm -f "$root.log"; echo "FAILED: deb-check: debootstrap"; exit 1; }
rm -f "$root.log"
# Swift programs read their arguments from /proc (keyform reads them from the C library, but Foundation wants /proc).
mount -t proc proc "$root/proc"
cp "$deb" "$root/tmp/keyform.deb"
cp "$server_deb" "$root/tmp/keyform-postgres.deb"
cp "$repo/demo/todo.yaml" "$root/tmp/todo.yaml"

in_root() { chroot "$root" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 TERM=dumb \
    DEBIAN_FRONTEND=noninteractive "$@"; }

failures=0
pass() { printf 'ok: %s\n' "$1"; }
fail() { printf 'FAILED: %s\n' "$1"; failures=$((failures + 1)); }

if in_root dpkg -s libreadline8 >/dev/null 2>&1 || in_root dpkg -s libsqlite3-0 >/dev/null 2>&1; then
    fail "the clean root already has readline or SQLite: the dependencies would go untested"
fi
if in_root apt-get update -q >/dev/null && in_root apt-get install -y -q --no-install-recommends /tmp/keyform.deb >"$root/tmp/apt.log" 2>&1; then
    pass "apt-get installed $(basename "$deb") with its dependencies: $(in_root dpkg-query -W -f='${Depends}' keyform)"
else
    tail -5 "$root/tmp/apt.log"; fail "apt-get install of the package"
fi

version="$(in_root keyform --version 2>&1)" || true
if [[ "$version" == keyform\ * ]]; then pass "keyform --version: $version"; else fail "keyform --version printed '$version'"; fi

record="$(printf '%s\n' '{"text": "Buy milk", "priority": "High", "due": "2026/11/21"}' \
    | in_root keyform run /tmp/todo.yaml --answers - --format json 2>&1)" || true
if grep -q '"text" *: *"Buy milk"' <<<"$record"; then pass "keyform run stored and printed a record"; else fail "keyform run printed '$record'"; fi
listed="$(in_root keyform records list todo --format csv 2>&1)" || true
if grep -q 'Buy milk' <<<"$listed"; then pass "keyform records list shows it"; else fail "records list printed '$listed'"; fi

for file in /usr/bin/keyform /usr/share/man/man1/keyform.1.gz /usr/share/bash-completion/completions/keyform \
    /usr/share/zsh/site-functions/_keyform /usr/share/fish/vendor_completions.d/keyform.fish /usr/share/doc/keyform/copyright; do
    if [ -s "$root$file" ]; then pass "installed $file"; else fail "no $file"; fi
done
if ! readelf -S "$root/usr/bin/keyform" | grep -q '\.symtab'; then
    pass "the installed binary is stripped ($(du -h "$root/usr/bin/keyform" | cut -f1))"
else
    fail "the installed binary has its symbol table"
fi

server="postgres://nobody@127.0.0.1:1/keyform?sslmode=disable"
refused="$(in_root keyform records list todo --db "$server" 2>&1)" || true
if grep -q 'keyform-postgres' <<<"$refused"; then pass "without keyform-postgres a server is refused, naming it"; else fail "a server without keyform-postgres: '$refused'"; fi
if in_root apt-get install -y -q --no-install-recommends /tmp/keyform-postgres.deb >"$root/tmp/apt.log" 2>&1; then
    pass "apt-get installed $(basename "$server_deb"): $(in_root dpkg-query -W -f='${Depends}' keyform-postgres)"
else
    tail -5 "$root/tmp/apt.log"; fail "apt-get install of the keyform-postgres package"
fi
handed="$(in_root keyform records list todo --db "$server" 2>&1)" || true
if grep -q 'cannot reach the database server' <<<"$handed"; then
    pass "keyform hands a server over to keyform-postgres: $handed"
else
    fail "keyform with keyform-postgres installed said '$handed'"
fi
if ! readelf -S "$root/usr/bin/keyform-postgres" | grep -q '\.symtab'; then
    pass "keyform-postgres is stripped ($(du -h "$root/usr/bin/keyform-postgres" | cut -f1))"
else
    fail "keyform-postgres has its symbol table"
fi
echo "deb-check: $failures failed"
[ "$failures" -eq 0 ]
