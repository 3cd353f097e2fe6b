#!/usr/bin/env bash
# Has the shipped build link GNU libstdc++ into the binary instead of loading
# libstdc++.so (DECISIONS 103): the Swift runtime's static libraries ask for
# `-lstdc++`, and the shared library costs a start 1.1 MiB resident (its symbol
# tables, read by the loader, and its code around what runs), where the few of
# its functions a session runs come in at 0.1 MiB, laid out with the rest by
# scripts/keyform.order.
#
#   scripts/static-libstdcxx.sh BIN_PATH     (the build's --show-bin-path)
#
# SwiftPM hands the linker its products' folder (BIN_PATH) before the compiler's
# own, where libstdc++.so would be found first: the archive put there is taken
# instead. (`-Xlinker -L` comes after the compiler's folders, and `-Xswiftc -L`
# changes every compile command.) GCC's runtime library exception allows this.
set -euo pipefail
bin_path="$1"
archive="$(clang -print-file-name=libstdc++.a 2>/dev/null || true)"
[ -f "$archive" ] || archive="$(gcc -print-file-name=libstdc++.a 2>/dev/null || true)"
if [ ! -f "$archive" ]; then
    echo "static-libstdcxx.sh: no libstdc++.a (apt-get install libstdc++-12-dev)" >&2
    exit 1
fi
mkdir -p "$bin_path"
ln -sf "$archive" "$bin_path/libstdc++.a"
