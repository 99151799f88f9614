#!/usr/bin/env bash
# Fault battery (issue 7): builds the proxy binary and examples/fault_battery.rs (release),
# then runs the battery against the real binary. One PASS/FAIL line per check; exit 1 if any
# check failed. Extra arguments go to the battery (e.g. `--keep DIR` keeps the recordings).
set -euo pipefail
usage() {
    cat <<'USAGE'
usage: scripts/fault-battery.sh [--keep DIR] [--bin PATH/TO/a2a-interop]

Starts the real a2a-interop proxy binary in front of a deliberately broken agent on
loopback and throws faults at it one by one (resets, non-HTTP answers, slow loris both
ways, clients sending non-HTTP bytes or hanging up mid-request and mid-stream,
gzip/brotli/non-UTF-8 bodies, 100 MiB each way, 10,000 requests on one connection, 200
HTTP/2 streams, kill -9 mid-traffic, a single-threaded HTTP/1.1 agent, the proxy at its
open-file limit (ulimit -n 64: CPU while it holds, one stderr line, served again after),
500 idle connections (resident set growth), an unwritable
recording path, the disk filling up under --on-record-error continue and stop); after each
fault a healthy request must still be answered. The full disk is a 64 KiB tmpfs when the
user may mount one (root), else a 64 KiB file size limit (prlimit --fsize).

Time: it first builds the release binary and the battery (cargo build --release: several
minutes the first time, seconds after); the checks themselves take about 1 to 2 minutes.
Output: one "PASS  what" or "FAIL  what" line per check ("SKIP  what" for one this machine
cannot set up), then "N checks, F failed".
Exit: 0 when every check passed, 1 when one failed, 2 when it could not run (a bad
argument, no binary at --bin).
--keep DIR keeps the recordings it made in DIR (faults.jsonl, ...); else a temporary
directory is removed at the end. --bin tests another binary (only the battery is built
then).
USAGE
}
for a in "$@"; do
    case "$a" in
        -h|--help) usage; exit 0 ;;
    esac
done
cd "$(dirname "$0")/.."
target_dir="${CARGO_TARGET_DIR:-target}"
# --bin names the binary under test: only the battery itself is built then
bin="$target_dir/release/a2a-interop"
prev=""
for a in "$@"; do
    if [ "$prev" = "--bin" ]; then bin="$a"; fi
    prev="$a"
done
echo "fault-battery: building (release; the first time, minutes to most of an hour on a small machine), then about 1 to 2 minutes of checks" >&2
if [ "$bin" = "$target_dir/release/a2a-interop" ]; then
    cargo build --release --bin a2a-interop --example fault_battery
    exec "$target_dir/release/examples/fault_battery" --bin "$bin" "$@"
fi
cargo build --release --example fault_battery
exec "$target_dir/release/examples/fault_battery" "$@"
