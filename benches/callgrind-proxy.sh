#!/usr/bin/env bash
# Instructions per proxied request, by thread, load-independent (valgrind's callgrind counts
# user-space instructions; the load of a shared machine does not move them).
#
#   benches/callgrind-proxy.sh                      # builds the proxy bench, N1=500 N2=2500
#   N1=1000 N2=5000 PATHS="bare lossless" benches/callgrind-proxy.sh
#   BENCH=target/release/deps/proxy-HASH benches/callgrind-proxy.sh   # a given bench binary
#
# For each path (direct, bare forwarder, proxy lossless) the proxy bench runs in count mode
# (`A2A_BENCH_COUNT=PATH:N`: 50 warm-up requests, then exactly N small JSON-RPC POSTs over
# PROXY_BENCH_CONNS=8 keep-alive connections, then the pipeline drained and finished) under
# `valgrind --tool=callgrind --separate-threads=yes`, once with N1 and once with N2 requests.
# Instructions per request = (count at N2 - count at N1) / (N2 - N1): start-up, warm-up and
# shutdown cancel out. Threads are told apart by what they run: tokio workers
# (`multi_thread::worker::run`), the recorder (`record::writer::Writer::run`, `::emit` or `::write_out`,
# whichever the inliner kept), the verifier
# (`verify::engine::State::feed`), other (the main thread, the blocking pool).
#
# What this does not count: the kernel (syscalls: socket reads and writes, futex wake-ups,
# the recording's file writes) and the cost of cache misses (memory written on one core and
# read on another: every event crosses from a worker to the recorder). Valgrind runs the
# threads one at a time, so the recorder's rounds hold a different number of events than on
# two real cores; the counts compare builds, they are not a CPU time.
set -euo pipefail
cd "$(dirname "$0")/.."
N1="${N1:-500}"
N2="${N2:-2500}"
PATHS="${PATHS:-direct bare lossless}"
if [ -z "${BENCH:-}" ]; then
  BENCH="$(cargo bench --bench proxy --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m.get("target", {}).get("name") == "proxy" and m.get("executable"):
        print(m["executable"])')"
fi
[ -x "$BENCH" ] || { echo "no bench binary: $BENCH" >&2; exit 2; }
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT

# Prints "workers recorder verifier other" instruction totals of one run.
run() {
  local path="$1" n="$2" dir="$TMP/$1-$2"
  mkdir -p "$dir"
  A2A_BENCH_COUNT="$path:$n" valgrind --tool=callgrind --separate-threads=yes \
    --callgrind-out-file="$dir/cg.%p" "$BENCH" --bench >"$dir/out" 2>"$dir/err"
  local w=0 r=0 v=0 o=0 f t
  for f in "$dir"/cg.*-*; do
    t="$(sed -n 's/^totals: //p' "$f")"
    if grep -q 'multi_thread::worker::run$' "$f"; then w=$((w + t))
    elif grep -q 'record::writer::Writer::\(run\|emit\|write_out\)$' "$f"; then r=$((r + t))
    elif grep -q 'verify::engine::State::feed$' "$f"; then v=$((v + t))
    else o=$((o + t)); fi
  done
  echo "$w $r $v $o"
}

echo "bench: $BENCH"
echo "requests: $N2 - $N1 = $((N2 - N1)), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg) (does not matter here)"
echo
echo "| path | instructions/request | tokio workers | a2a-recorder | a2a-verifier | other |"
echo "|---|---|---|---|---|---|"
for p in $PATHS; do
  read -r w1 r1 v1 o1 < <(run "$p" "$N1")
  read -r w2 r2 v2 o2 < <(run "$p" "$N2")
  python3 - "$p" "$((N2 - N1))" "$w1" "$r1" "$v1" "$o1" "$w2" "$r2" "$v2" "$o2" <<'EOF'
import sys
p, dn = sys.argv[1], int(sys.argv[2])
a = list(map(int, sys.argv[3:7])); b = list(map(int, sys.argv[7:11]))
d = [(y - x) / dn for x, y in zip(a, b)]
print(f"| {p} | {sum(d):,.0f} | {d[0]:,.0f} | {d[1]:,.0f} | {d[2]:,.0f} | {d[3]:,.0f} |")
EOF
done
