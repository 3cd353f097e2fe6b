#!/usr/bin/env bash
# Builds a Debian package of keyform with dpkg-deb: dist/keyform_VERSION_ARCH.deb
# (ARCH: amd64 on x86-64), holding what scripts/install.sh installs under /usr
# (the stripped binary, the manual, the bash, zsh and fish completions), with
# its dependencies declared from the libraries the binary needs
# (dpkg-shlibdeps: libc6, libreadline8, libsqlite3-0, at the versions it uses).
#
#   scripts/package-deb.sh                      # builds the static release binary first (a few minutes)
#   KEYFORM_BIN=PATH scripts/package-deb.sh     # packages that binary: no Swift toolchain needed
#
# Variables: OUT (the folder for the .deb, default dist), MAINTAINER (default: the last commit's
# author), KEYFORM_BIN and SCRATCH (see install.sh).
# Needs dpkg-dev (dpkg-shlibdeps) and binutils (strip). Prints the package's path.
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
DESTDIR="$stage" PREFIX=/usr scripts/install.sh </dev/null

binary="$stage/usr/bin/keyform"
# `keyform 0.1.0 (GNU readline 8.2)` -> 0.1.0
version="$("$binary" --version | awk '{print $2}')"
architecture="$(dpkg-architecture -qDEB_HOST_ARCH)"
maintainer="${MAINTAINER:-$(git log -1 --format='%an <%ae>' 2>/dev/null || echo 'Keyform maintainers <keyform@localhost>')}"

# The dependencies, as Debian's own packages declare theirs: from the binary's
# NEEDED libraries and the symbol versions it uses. dpkg-shlibdeps reads a
# debian/control, so it gets a minimal one in a folder of its own.
mkdir -p "$work/source/debian"
printf 'Source: keyform\n\nPackage: keyform\nArchitecture: any\n' > "$work/source/debian/control"
depends="$(cd "$work/source" && dpkg-shlibdeps -O "$binary" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { say "dpkg-shlibdeps found no dependencies for $binary"; exit 1; }

# Debian's layout for a package's documents and its compressed manual.
install -d "$stage/usr/share/doc/keyform"
install -m 644 LICENSE "$stage/usr/share/doc/keyform/copyright"
gzip -9n "$stage/usr/share/man/man1/keyform.1"
# Completions of bash-completion live in /usr/share/bash-completion/completions (as installed).

install -d "$stage/DEBIAN"
cat > "$stage/DEBIAN/control" <<EOF
Package: keyform
Version: $version
Architecture: $architecture
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$stage" | awk '{print $1}')
Depends: $depends
Section: utils
Priority: optional
Description: terminal forms with custom keyboards
 Keyform asks a person for a record on the terminal and gives it to a
 script: each field of a YAML form is typed with GNU readline or picked
 from a grid of keys, checked as typed, stored in SQLite with drafts and
 history, and printed as JSON, a template or shell variables. One-line
 prompts (input, choose, confirm, date, time) need no form file.
EOF

mkdir -p "$OUT"
deb="$OUT/keyform_${version}_${architecture}.deb"
# Files owned by root whoever builds it.
dpkg-deb --root-owner-group -Zxz --build "$stage" "$deb" >&2
say "built $deb (Depends: $depends)"
printf '%s\n' "$deb"
