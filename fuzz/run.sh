#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 60), one after another, with debug
# assertions on. Needs a nightly toolchain and cargo-fuzz (`cargo install cargo-fuzz`).
# Each target starts from fuzz/corpus/<target>/ and adds what it finds there (only the
# committed seed-* files are tracked); a failure stops the run and leaves its input in
# fuzz/artifacts/<target>/.
#
# Usage: fuzz/run.sh [SECONDS] [TARGET...]
set -euo pipefail
cd "$(dirname "$0")"
seconds="${1:-60}"
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    mapfile -t targets < <(cargo +nightly fuzz list)
fi
for target in "${targets[@]}"; do
    echo "== $target: ${seconds}s"
    mkdir -p "corpus/$target"
    cargo +nightly fuzz run --debug-assertions "$target" -- \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 -print_final_stats=1
done
