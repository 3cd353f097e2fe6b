#!/usr/bin/env bash
# Builds keyform as a portable release binary (the Swift runtime linked in) and
# installs it with its man page and its bash, zsh and fish completions.
#
#   scripts/install.sh                        # into /usr/local (run as root, or with sudo)
#   PREFIX=~/.local scripts/install.sh        # into your home: ~/.local/bin/keyform
#   DESTDIR=/tmp/stage scripts/install.sh     # staged, for packaging
#
# Variables: PREFIX (default /usr/local), DESTDIR (default empty), SCRATCH (the
# build folder, default .build-static, apart from the debug .build), and
# KEYFORM_BIN (install this already built binary instead of building one: then no
# Swift toolchain is needed, only coreutils and, to strip it, binutils' strip).
# Installs:
#   PREFIX/bin/keyform
#   PREFIX/share/man/man1/keyform.1 (every subcommand on one page)
#   PREFIX/share/bash-completion/completions/keyform
#   PREFIX/share/zsh/site-functions/_keyform
#   PREFIX/share/fish/vendor_completions.d/keyform.fish
set -euo pipefail
cd "$(dirname "$0")/.."

PREFIX="${PREFIX:-/usr/local}"
DESTDIR="${DESTDIR:-}"
SCRATCH="${SCRATCH:-.build-static}"
case "$PREFIX" in
    /*) ;;
    *) echo "install.sh: PREFIX must be an absolute path, got '$PREFIX'" >&2; exit 2 ;;
esac
root="$DESTDIR$PREFIX"

say() { printf 'install.sh: %s\n' "$*" >&2; }

if [ -n "${KEYFORM_BIN:-}" ]; then
    binary="$KEYFORM_BIN"
else
    # --static-swift-stdlib: the Swift runtime and Foundation go into the binary, so it
    # needs only the system's libraries (libc, readline, sqlite) wherever it is copied.
    # --disable-local-rpath: no $ORIGIN run path, so the loader does not look for those
    # libraries in the binary's own folder first (42 failed lookups a start).
    say "building keyform (release, Swift runtime linked in) in $SCRATCH; this takes a few minutes"
    swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$SCRATCH" --product keyform >&2
    binary="$(swift build -c release --static-swift-stdlib --disable-local-rpath --scratch-path "$SCRATCH" --show-bin-path)/keyform"
fi
[ -x "$binary" ] || { say "no keyform binary at $binary"; exit 1; }

say "installing into $root"
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/bin/keyform"
# Stripped: the symbols are a third of the file (99.8 MB -> 66 MB static) and no start reads them.
if command -v "${STRIP:-strip}" >/dev/null; then
    "${STRIP:-strip}" --strip-all "$root/bin/keyform"
else
    say "no strip (binutils) here: keyform installed with its symbols"
fi
# The manual is written from the commands' own help and committed (scripts/generate-manual.py).
install -m 644 docs/man/keyform.1 "$root/share/man/man1/keyform.1"
"$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/keyform"
"$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_keyform"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/keyform.fish"
chmod 644 "$root/share/bash-completion/completions/keyform" "$root/share/zsh/site-functions/_keyform" \
    "$root/share/fish/vendor_completions.d/keyform.fish"
say "installed: $PREFIX/bin/keyform, its manual (man keyform) and completions for bash, zsh and fish"
