#!/usr/bin/env bash
# Builds the Debian packages of keyform with dpkg-deb, from what scripts/install.sh
# installs under /usr, each with its dependencies declared from the libraries its
# binary needs (dpkg-shlibdeps: libc6, libreadline8, libsqlite3-0, at the versions it uses):
#   dist/keyform_VERSION_ARCH.deb           keyform, the manual, the bash, zsh and fish completions
#   dist/keyform-postgres_VERSION_ARCH.deb  keyform-postgres (the PostgreSQL backend, DECISIONS 73);
#                                           Depends: keyform (= VERSION)
# (ARCH: amd64 on x86-64).
#
#   scripts/package-deb.sh                      # builds the static release binary first (a few minutes)
#   KEYFORM_BIN=PATH scripts/package-deb.sh     # packages that binary: no Swift toolchain needed
#
# Variables: OUT (the folder for the .deb, default dist), MAINTAINER (default: the last commit's
# author), KEYFORM_BIN, KEYFORM_POSTGRES_BIN and SCRATCH (see install.sh).
# Needs dpkg-dev (dpkg-shlibdeps) and binutils (strip). Prints the packages' paths, keyform's first.
# Install it with: sudo apt-get install ./dist/keyform_VERSION_amd64.deb
set -euo pipefail
cd "$(dirname "$0")/.."

OUT="${OUT:-dist}"
say() { printf 'package-deb.sh: %s\n' "$*" >&2; }
for tool in dpkg-deb dpkg-shlibdeps dpkg-architecture strip; do
    command -v "$tool" >/dev/null || { say "needs $tool (apt-get install dpkg-dev binutils)"; exit 1; }
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stage="$work/keyform"
DESTDIR="$stage" PREFIX=/usr POSTGRES=yes scripts/install.sh </dev/null

binary="$stage/usr/bin/keyform"
# keyform-postgres goes into a package of its own: a SQLite user installs none of it.
server_stage="$work/keyform-postgres"
install -d "$server_stage/usr/bin" "$server_stage/usr/share/doc/keyform-postgres"
mv "$stage/usr/bin/keyform-postgres" "$server_stage/usr/bin/keyform-postgres"
install -m 644 LICENSE "$server_stage/usr/share/doc/keyform-postgres/copyright"
# `keyform 0.1.0 (GNU readline 8.2)` -> 0.1.0
version="$("$binary" --version | awk '{print $2}')"
architecture="$(dpkg-architecture -qDEB_HOST_ARCH)"
maintainer="${MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo 'Keyform maintainers <keyform@localhost>')}"

# The dependencies, as Debian's own packages declare theirs: from the binary's
# NEEDED libraries and the symbol versions it uses. dpkg-shlibdeps reads a
# debian/control, so it gets a minimal one in a folder of its own.
mkdir -p "$work/source/debian"
printf 'Source: keyform\n\nPackage: keyform\nArchitecture: any\n' > "$work/source/debian/control"
depends_of() {
    local found
    found="$(cd "$work/source" && dpkg-shlibdeps -O "$1" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
    [ -n "$found" ] || { say "dpkg-shlibdeps found no dependencies for $1"; exit 1; }
    printf '%s' "$found"
}
depends="$(depends_of "$binary")"
server_depends="keyform (= $version), $(depends_of "$server_stage/usr/bin/keyform-postgres")"

# Debian's layout for a package's documents and its compressed manual.
install -d "$stage/usr/share/doc/keyform"
install -m 644 LICENSE "$stage/usr/share/doc/keyform/copyright"
gzip -9n "$stage/usr/share/man/man1/keyform.1"
# Completions of bash-completion live in /usr/share/bash-completion/completions (as installed).

# control STAGE PACKAGE DEPENDS DESCRIPTION: the package's DEBIAN/control.
control() {
    install -d "$1/DEBIAN"
    cat > "$1/DEBIAN/control" <<EOF
Package: $2
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$1" | awk '{print $1}')
Depends: $3
Section: utils
Priority: optional
Description: $4
EOF
}
control "$stage" keyform "$depends" "terminal forms with custom keyboards
 Keyform asks a person for a record on the terminal and gives it to a
 script: each field of a YAML form is typed with GNU readline or picked
 from a grid of keys, checked as typed, stored in SQLite with drafts and
 history, and printed as JSON, a template or shell variables. One-line
 prompts (input, choose, confirm, date, time) need no form file."
control "$server_stage" keyform-postgres "$server_depends" "terminal forms with custom keyboards: PostgreSQL team stores
 keyform-postgres is keyform with its PostgreSQL backend: keyform hands any
 command given a postgres:// database (--db, KEYFORM_DB, the config) over
 to it, so that many terminals on many machines share one database."

mkdir -p "$OUT"
deb="$OUT/keyform_${version}_${architecture}.deb"
server_deb="$OUT/keyform-postgres_${version}_${architecture}.deb"
# Files owned by root whoever builds it.
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
dpkg-deb --root-owner-group -Zxz --build "$server_stage" "$server_deb" >&2
say "built $deb (Depends: $depends)"
say "built $server_deb (Depends: $server_depends)"
printf '%s\n' "$deb" "$server_deb"
