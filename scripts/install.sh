#!/usr/bin/env bash
# Builds keyform as a portable release binary (the Swift runtime linked in) and
# installs it with its man page and its bash, zsh and fish completions; and
# beside it keyform-postgres, the same commands with the PostgreSQL backend, to
# which keyform hands a postgres:// location over (docs/store.md).
#
#   scripts/install.sh                        # into /usr/local (run as root, or with sudo)
#   PREFIX=~/.local scripts/install.sh        # into your home: ~/.local/bin/keyform
#   DESTDIR=/tmp/stage scripts/install.sh     # staged, for packaging
#
# Variables: PREFIX (default /usr/local), DESTDIR (default empty), SCRATCH (the
# build folder, default .build-static, apart from the debug .build), and
# KEYFORM_BIN (install this already built binary instead of building one: then no
# Swift toolchain is needed, only coreutils and, to strip it, binutils' strip; the
# keyform-postgres beside it is installed too, else KEYFORM_POSTGRES_BIN), and
# POSTGRES=no (neither build nor install keyform-postgres: SQLite stores only).
# Installs:
#   PREFIX/bin/keyform
#   PREFIX/bin/keyform-postgres (unless POSTGRES=no)
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

POSTGRES="${POSTGRES:-yes}"
server_binary=""
if [ -n "${KEYFORM_BIN:-}" ]; then
    binary="$KEYFORM_BIN"
    if [ "$POSTGRES" != no ]; then
        server_binary="${KEYFORM_POSTGRES_BIN:-$(dirname "$binary")/keyform-postgres}"
        [ -x "$server_binary" ] || { say "no keyform-postgres at $server_binary: give KEYFORM_POSTGRES_BIN, or POSTGRES=no"; exit 1; }
    fi
else
    # --static-swift-stdlib: the Swift runtime and Foundation go into the binary, so it
    # needs only the system's libraries (libc, readline, sqlite) wherever it is copied.
    # --disable-local-rpath: no $ORIGIN run path, so the loader does not look for those
    # libraries in the binary's own folder first (42 failed lookups a start).
    # -disable-concrete-type-metadata-mangled-name-accessors: every module (GRDB, Yams and
    # ArgumentParser too) asks for a generic type's metadata through its accessor, handing over
    # the conformances it knows, instead of a mangled name the runtime decodes and checks by
    # scanning every conformance record of the binary (DECISIONS 93).
    # -function-sections (Swift) and -ffunction-sections (C: libyaml) give each function a
    # section of its own, which lld lays out in scripts/keyform.order's order: the code a
    # session runs together (its start, typing, a grid move, saving) on few pages, which
    # the first frame faults in and keeps resident (DECISIONS 98; Benchmarks/order.py
    # writes the list). A function the list lacks only lands after the listed ones.
    # Benchmarks/keystrokes.sh builds the same way.
    build=(swift build -c release --static-swift-stdlib --disable-local-rpath
        -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
        -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
        -Xlinker "--symbol-ordering-file=$PWD/scripts/keyform.order" -Xlinker --no-warn-symbol-ordering
        --scratch-path "$SCRATCH")
    # libstdc++ is linked in too, not loaded (DECISIONS 103): scripts/static-libstdcxx.sh.
    scripts/static-libstdcxx.sh "$("${build[@]}" --show-bin-path)"
    say "building keyform (release, Swift runtime linked in) in $SCRATCH; this takes a few minutes"
    "${build[@]}" --product keyform >&2
    if [ "$POSTGRES" != no ]; then
        say "building keyform-postgres (the same, with the PostgreSQL backend)"
        "${build[@]}" --product keyform-postgres >&2
        server_binary="$("${build[@]}" --show-bin-path)/keyform-postgres"
    fi
    binary="$("${build[@]}" --show-bin-path)/keyform"
fi
[ -x "$binary" ] || { say "no keyform binary at $binary"; exit 1; }

say "installing into $root"
install -d "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
    "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
install -m 755 "$binary" "$root/bin/keyform"
[ -z "$server_binary" ] || install -m 755 "$server_binary" "$root/bin/keyform-postgres"
# Stripped: the symbols are a third of the file (99.8 MB -> 66 MB static) and no start reads them.
for installed in "$root/bin/keyform" ${server_binary:+"$root/bin/keyform-postgres"}; do
    if command -v "${STRIP:-strip}" >/dev/null; then
        "${STRIP:-strip}" --strip-all "$installed"
    else
        say "no strip (binutils) here: $(basename "$installed") installed with its symbols"
    fi
done
# The manual is written from the commands' own help and committed (scripts/generate-manual.py).
install -m 644 docs/man/keyform.1 "$root/share/man/man1/keyform.1"
"$binary" --generate-completion-script bash > "$root/share/bash-completion/completions/keyform"
"$binary" --generate-completion-script zsh > "$root/share/zsh/site-functions/_keyform"
"$binary" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/keyform.fish"
chmod 644 "$root/share/bash-completion/completions/keyform" "$root/share/zsh/site-functions/_keyform" \
    "$root/share/fish/vendor_completions.d/keyform.fish"
say "installed: $PREFIX/bin/keyform${server_binary:+ and keyform-postgres}, its manual (man keyform) and completions for bash, zsh and fish"
