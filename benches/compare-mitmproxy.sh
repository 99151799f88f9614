#!/usr/bin/env bash
# Throughput of the small JSON-RPC POST (keep-alive) at 1 and 32 connections:
# direct to a small agent, through `a2a-interop proxy` (record + verify), and through
# `mitmdump --mode reverse` (mitmproxy, recording off). Loopback only, bounded in time
# (DURATION seconds per cell, default 3; about 20 s in all plus start-up).
#
#   benches/compare-mitmproxy.sh                  # needs mitmdump on PATH or MITMDUMP=...
#   MITMDUMP=/tmp/venv/bin/mitmdump DURATION=5 benches/compare-mitmproxy.sh
#   A2A_INTEROP_B=/path/to/other/a2a-interop benches/compare-mitmproxy.sh   # + a row for
#                                    # another build, same minute (A/B of two builds)
#   BARE_FORWARDER=target/release/examples/bare_forwarder benches/compare-mitmproxy.sh
#                                    # + a row for the bare forwarder (the proxy's forwarding
#                                    # code, tee and recorder off) as a process of its own
#                                    # (`cargo build --release --example bare_forwarder`)
#
# Install mitmproxy outside the repo: python3 -m venv /tmp/mitm && /tmp/mitm/bin/pip install mitmproxy
# The load client and the agent are small asyncio programs (no extra tool needed); the
# "direct" row shows their own ceiling on this machine, so compare the proxy rows with it.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${DURATION:-3}"
MITMDUMP="${MITMDUMP:-$(command -v mitmdump || true)}"
[ -n "$MITMDUMP" ] || { echo "mitmdump not found: set MITMDUMP=/path/to/mitmdump" >&2; exit 2; }
BIN="${A2A_INTEROP:-${CARGO_TARGET_DIR:-target}/release/a2a-interop}"
[ -x "$BIN" ] || cargo build --release --bin a2a-interop
TMP="$(mktemp -d)"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; rm -rf "$TMP"; }
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_port() { for _ in $(seq 100); do python3 -c "import socket,sys; socket.create_connection(('127.0.0.1',$1),0.2)" 2>/dev/null && return 0; sleep 0.1; done; echo "port $1 did not open" >&2; exit 1; }

# The agent: answers every POST with a 126-byte JSON-RPC result, keep-alive.
AGENT_PORT=$(free_port)
cat > "$TMP/agent.py" <<'PY'
import asyncio, sys
BODY = b'{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m-1","role":"agent","parts":[{"kind":"text","text":"pong"}]}}'
RESP = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(BODY) + BODY
async def conn(r, w):
    buf = b""
    try:
        while True:
            while b"\r\n\r\n" not in buf:
                d = await r.read(65536)
                if not d: return
                buf += d
            head, _, rest = buf.partition(b"\r\n\r\n")
            n = 0
            for line in head.split(b"\r\n"):
                if line.lower().startswith(b"content-length:"): n = int(line.split(b":")[1])
            while len(rest) < n:
                d = await r.read(65536)
                if not d: return
                rest += d
            buf = rest[n:]
            w.write(RESP)
            await w.drain()
    except ConnectionError:
        pass
async def main():
    s = await asyncio.start_server(conn, "127.0.0.1", int(sys.argv[1]))
    async with s: await s.serve_forever()
asyncio.run(main())
PY
python3 "$TMP/agent.py" "$AGENT_PORT" & PIDS+=($!)
wait_port "$AGENT_PORT"

OURS_PORT=$(free_port)
"$BIN" proxy --listen "127.0.0.1:$OURS_PORT" --upstream "http://127.0.0.1:$AGENT_PORT" --record "$TMP/rec.jsonl" >/dev/null 2>"$TMP/ours.log" & PIDS+=($!)
wait_port "$OURS_PORT"

# Optional second build of the proxy (A2A_INTEROP_B), started the same way.
B_PORT=""; B_PID=""
if [ -n "${A2A_INTEROP_B:-}" ]; then
  B_PORT=$(free_port)
  "$A2A_INTEROP_B" proxy --listen "127.0.0.1:$B_PORT" --upstream "http://127.0.0.1:$AGENT_PORT" --record "$TMP/rec-b.jsonl" >/dev/null 2>"$TMP/ours-b.log" & PIDS+=($!)
  B_PID=$!
  wait_port "$B_PORT"
fi

# Optional bare forwarder (BARE_FORWARDER): issue 7's "<= 1.3x the bare forwarder", across
# processes as the other rows are.
BARE_PORT=""; BARE_PID=""
if [ -n "${BARE_FORWARDER:-}" ]; then
  BARE_PORT=$(free_port)
  "$BARE_FORWARDER" "127.0.0.1:$BARE_PORT" "http://127.0.0.1:$AGENT_PORT" >/dev/null 2>"$TMP/bare.log" & PIDS+=($!)
  BARE_PID=$!
  wait_port "$BARE_PORT"
fi

MITM_PORT=$(free_port)
"$MITMDUMP" -q --mode "reverse:http://127.0.0.1:$AGENT_PORT" --listen-host 127.0.0.1 -p "$MITM_PORT" >/dev/null 2>"$TMP/mitm.log" & PIDS+=($!)
wait_port "$MITM_PORT"

# The load client: C keep-alive connections, each sending the 144-byte POST back to back.
cat > "$TMP/load.py" <<'PY'
import asyncio, os, sys, time
port, conns, secs = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
BODY = b'{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u-1","role":"user","parts":[]}}}'
REQ = b"POST / HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(BODY) + BODY
done = 0; lat = []
async def one(deadline):
    global done
    r, w = await asyncio.open_connection("127.0.0.1", port)
    buf = b""
    while time.perf_counter() < deadline:
        t0 = time.perf_counter()
        w.write(REQ); await w.drain()
        while b"\r\n\r\n" not in buf:
            d = await r.read(65536)
            if not d: raise SystemExit("connection closed")
            buf += d
        head, _, rest = buf.partition(b"\r\n\r\n")
        n = 0
        for line in head.split(b"\r\n"):
            if line.lower().startswith(b"content-length:"): n = int(line.split(b":")[1])
        while len(rest) < n:
            rest += await r.read(65536)
        buf = rest[n:]
        done += 1; lat.append(time.perf_counter() - t0)
    w.close()
async def main():
    t0 = time.perf_counter(); deadline = t0 + secs
    await asyncio.gather(*(one(deadline) for _ in range(conns)))
    el = time.perf_counter() - t0
    lat.sort()
    t = os.times()
    print(f"{done/el:.0f} {lat[len(lat)//2]*1e6:.0f} {done} {(t.user + t.system)*1e6/max(done,1):.0f}")
asyncio.run(main())
PY

# CPU time of a process so far, µs (utime + stime from /proc/PID/stat, in clock ticks).
TICK_US=$((1000000 / $(getconf CLK_TCK)))
cpu_us() { awk -v t="$TICK_US" '{ sub(/^.*\) /, ""); print ($12 + $13) * t }' "/proc/$1/stat"; }
# CPU time of each thread of a process so far, one "name tid µs" row per thread
# (/proc/PID/task/TID/stat; the name is the thread's comm, e.g. a2a-verifier).
thread_cpu() {
  for f in /proc/"$1"/task/*/stat; do
    awk -v t="$TICK_US" '{ n = $0; sub(/^[^(]*\(/, "", n); sub(/\).*$/, "", n); gsub(/ /, "_", n);
      r = $0; sub(/^.*\) /, "", r); split(r, a, " "); print n, $1, (a[12] + a[13]) * t }' "$f" 2>/dev/null || true
  done
}
# The machine's CPU ticks so far: "total steal" (/proc/stat's first row; steal is time the
# hypervisor gave this VM's CPUs to others: a cell with steal ran on a slower machine).
stat_ticks() { awk 'NR == 1 { t = 0; for (i = 2; i <= NF; i++) t += $i; print t, $9 }' /proc/stat; }
# Context switches of each thread so far: "tid voluntary nonvoluntary".
thread_switches() {
  for f in /proc/"$1"/task/*/status; do
    awk '/^Pid:/ { p = $2 } /^voluntary_ctxt_switches/ { v = $2 } /^nonvoluntary_ctxt_switches/ { n = $2 } END { print p, v, n }' "$f" 2>/dev/null || true
  done
}
AGENT_PID=${PIDS[0]}; OURS_PID=${PIDS[1]}; MITM_PID=${PIDS[${#PIDS[@]}-1]}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| path | req/s (1 conn) | p50 µs (1 conn) | req/s (32 conns) | p50 µs (32 conns) | proxy CPU µs/req (32) | agent CPU µs/req (32) | client CPU µs/req (32) | steal %% (32) |\n|---|---|---|---|---|---|---|---|---|\n'
ROWS=("direct:$AGENT_PORT:")
[ -n "$BARE_PORT" ] && ROWS+=("bare forwarder (BARE_FORWARDER):$BARE_PORT:$BARE_PID")
ROWS+=("a2a-interop (record + verify):$OURS_PORT:$OURS_PID")
[ -n "$B_PORT" ] && ROWS+=("a2a-interop B (A2A_INTEROP_B):$B_PORT:$B_PID")
ROWS+=("mitmdump (reverse):$MITM_PORT:$MITM_PID")
for row in "${ROWS[@]}"; do
  name="${row%%:*}"; rest="${row#*:}"; port="${rest%%:*}"; pid="${rest#*:}"
  read -r r1 l1 _ _ < <(python3 "$TMP/load.py" "$port" 1 "$DURATION")
  read -r st0 ss0 < <(stat_ticks)
  a0=$(cpu_us "$AGENT_PID"); p0=0; [ -n "$pid" ] && p0=$(cpu_us "$pid")
  [ "$pid" = "$OURS_PID" ] && { thread_cpu "$pid" > "$TMP/threads0"; thread_switches "$pid" > "$TMP/switches0"; }
  read -r r32 l32 n32 c32 < <(python3 "$TMP/load.py" "$port" 32 "$DURATION")
  read -r st1 ss1 < <(stat_ticks)
  a1=$(cpu_us "$AGENT_PID"); p1=0; [ -n "$pid" ] && p1=$(cpu_us "$pid")
  # Our proxy records and verifies on niced threads that may lag the load: let it catch up.
  if [ -n "$pid" ] && [ "$pid" != "$MITM_PID" ]; then sleep 1; p1=$(cpu_us "$pid"); fi
  if [ "$pid" = "$OURS_PID" ]; then
    thread_cpu "$pid" > "$TMP/threads1"; thread_switches "$pid" > "$TMP/switches1"; OURS_N32=$n32
  fi
  proxy_cpu="–"; [ -n "$pid" ] && proxy_cpu=$(( (p1 - p0) / (n32 > 0 ? n32 : 1) ))
  steal=$(awk -v a="$((st1 - st0))" -v b="$((ss1 - ss0))" 'BEGIN { printf "%.1f", (a > 0 ? 100 * b / a : 0) }')
  printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$name" "$r1" "$l1" "$r32" "$l32" "$proxy_cpu" "$(( (a1 - a0) / (n32 > 0 ? n32 : 1) ))" "$c32" "$steal"
done
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"

# Where our proxy's CPU went in its 32-connection cell, by thread (summed by name: the
# tokio workers, the recorder, the verifier), with the threads' context switches per
# request; then the recorder's closing line (events written, any dropped on a full queue:
# the default mode may drop under load, and a dropped event is work not done).
if [ -n "${OURS_N32:-}" ]; then
  echo
  echo "a2a-interop by thread, 32-connection cell ($OURS_N32 requests): CPU µs/req, context switches/req (voluntary + involuntary)"
  awk -v n="$OURS_N32" '
    FNR == 1 { f++ }
    f == 1 { c0[$2] = $3 } f == 2 { name[$2] = $1; c1[$2] = $3 }
    f == 3 { v0[$1] = $2; i0[$1] = $3 } f == 4 { dv[$1] = $2 - v0[$1]; di[$1] = $3 - i0[$1] }
    END { for (t in c1) { d = c1[t] - c0[t]; cpu[name[t]] += d; sw[name[t]] += dv[t] + di[t] }
          for (k in cpu) if (cpu[k] > 0 || sw[k] > 0) printf "  %-18s %6.2f µs  %5.2f switches\n", k, cpu[k] / n, sw[k] / n }
  ' "$TMP/threads0" "$TMP/threads1" "$TMP/switches0" "$TMP/switches1" | sort
  kill -INT "$OURS_PID" 2>/dev/null || true
  for _ in $(seq 100); do kill -0 "$OURS_PID" 2>/dev/null || break; sleep 0.1; done
  grep -E "events recorded|dropped" "$TMP/ours.log" | sed 's/^/  /' || true
fi
