#!/bin/sh
# Builds the floor programs as the shipped keyform is linked (the Swift runtime and
# Foundation linked in, libstdc++ and GCC's unwinder too, lld with packed relative
# relocations, no exported symbols, stripped: Package.swift's shippedBinary and
# install.sh), so a floor differs from Keyform only in the work it does.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# A folder holding only libstdc++.a, searched before the compiler's own (DECISIONS 103).
archives=$(mktemp -d)
trap 'rm -rf "$archives"' EXIT
"$here/../../scripts/static-libstdcxx.sh" "$archives"
link="-use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs -Xlinker --no-export-dynamic"
link="$link -L $archives -Xclang-linker -static-libgcc"
for program in hello field grid; do
    # shellcheck disable=SC2086
    swiftc -O -static-stdlib $link -I "$here/CFloor" "$here/$program.swift" -o "$here/swift-$program"
    strip --strip-all "$here/swift-$program"
done
