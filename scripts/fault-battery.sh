#!/usr/bin/env bash
# Fault battery (issue 7): builds the proxy binary and examples/fault_battery.rs (release),
# then runs the battery against the real binary. One PASS/FAIL line per check; exit 1 if any
# check failed. Extra arguments go to the battery (e.g. `--keep DIR` keeps the recordings).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --bin a2a-interop --example fault_battery
target_dir="${CARGO_TARGET_DIR:-target}"
exec "$target_dir/release/examples/fault_battery" --bin "$target_dir/release/a2a-interop" "$@"
