#!/usr/bin/env python3
"""Issue 7, "flat in memory": the RSS of `a2a-interop proxy --record` over a long run.

    python3 benches/long-run-memory.py BIN N [--fresh-ok] [--report] [--pipeline K]

Starts `BIN demo --agent-only` and `BIN proxy --record` in front of it on free loopback
ports, sends N JSON-RPC 0.3 `message/send` calls on one keep-alive connection, each a new
task whose message lacks its REQUIRED messageId (one finding per call; `--fresh-ok` sends
the id: no finding), and prints the proxy's VmRSS (MiB) every N/10 calls, then the number of
`finding` events in the recording and the proxy's last stderr lines. A proxy whose memory
is flat in run length levels off once the verifier's task table is full (10,000 tasks);
docs/performance.md, session 43. Linux only (/proc).

`--report`: the proxy also gets `--report r.json` (written at the stop from the recording);
the stop's wall time, the proxy's peak RSS (VmHWM) and CPU seconds are printed (attack57).
`--pipeline K`: K requests written before their K answers are read (HTTP/1.1 pipelining,
RFC 9112 §9.3.2), for runs of a million calls on a shared machine; default 1.
`--sample SECS`: also every SECS seconds (and through the stop) one line with the calls
answered, VmRSS, and the `finding` events in the recording so far; each call makes one
finding (without `--fresh-ok`), written once the online verifier judged the call, so
`calls - findings` is the verifier's queue in calls (handed over, not yet judged; calls in
rounds skipped at the backlog bound never get one) (attack58). Each sample also says which
queue lost what so far: `dropped` = body events the recorder's queue dropped (the `gap`
events' counts in the recording), `skip` = the online verifier's "behind" warning seen on
stderr (its hand-over skipped rounds), and per background thread (`rec` = a2a-recorder,
`ver` = a2a-verifier) its CPU seconds, the seconds it waited runnable for a core
(/proc/PID/task/TID/schedstat) and its nice (perfproxy59).
`--lossless`: the proxy also gets `--lossless` (producers wait, nothing is dropped).
`--batch-recorder`: once the proxy runs, its a2a-recorder thread is set from outside to
SCHED_BATCH at the proxy's own nice (what a build since perfproxy59 does itself; a build
from before runs it at nice +10): the same binary compared both ways in one load window.
`--batch-verifier`: the same for its a2a-verifier thread (no build does that; measured to
see what the online verifier needs to keep up). Lowering a thread's nice needs root or
CAP_SYS_NICE.
At the end every proxy stderr line that is not a finding is printed (the warnings).
`--help`: this text.
"""
import json, os, re, shutil, socket, subprocess, sys, time, tempfile, threading
if "--help" in sys.argv or len(sys.argv) < 3:
    print(__doc__)
    sys.exit(0 if "--help" in sys.argv else 2)
BIN, N = sys.argv[1], int(sys.argv[2])
lossless = "--lossless" in sys.argv
batch_recorder = "--batch-recorder" in sys.argv
batch_verifier = "--batch-verifier" in sys.argv
ok = "--fresh-ok" in sys.argv
report = "--report" in sys.argv
K = int(sys.argv[sys.argv.index("--pipeline") + 1]) if "--pipeline" in sys.argv else 1
SAMPLE = float(sys.argv[sys.argv.index("--sample") + 1]) if "--sample" in sys.argv else 0
def port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
ap, pp = port(), port()
tmp = tempfile.mkdtemp()
agent = subprocess.Popen([BIN, "demo", "--agent-only", "--listen", f"127.0.0.1:{ap}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1.5)
args = [BIN, "proxy", "--listen", f"127.0.0.1:{pp}", "--upstream", f"http://127.0.0.1:{ap}", "--record", f"{tmp}/r.jsonl", "-q"]
if report:
    args += ["--report", f"{tmp}/r.json"]
if lossless:
    args += ["--lossless"]
proxy = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
# stderr read as it comes (a pipe left unread would stall the proxy's warnings), kept whole
err_lines = []
def read_err():
    for l in proxy.stderr:
        err_lines.append(l.decode(errors="replace").rstrip("\n"))
threading.Thread(target=read_err, daemon=True).start()
def batch(pid, name):
    """The thread `name` of `pid` as SCHED_BATCH at the process's nice."""
    base = os.getpriority(os.PRIO_PROCESS, pid)
    for t in os.listdir(f"/proc/{pid}/task"):
        if open(f"/proc/{pid}/task/{t}/comm").read().strip() == name:
            os.sched_setscheduler(int(t), os.SCHED_BATCH, os.sched_param(0))
            os.setpriority(os.PRIO_PROCESS, int(t), base)
            print(f"{name} thread {t}: SCHED_BATCH, nice {base}", flush=True)
time.sleep(2)
if batch_recorder:
    batch(proxy.pid, "a2a-recorder")
if batch_verifier:
    batch(proxy.pid, "a2a-verifier")
def status(pid, key):
    for l in open(f"/proc/{pid}/status"):
        if l.startswith(key): return int(l.split()[1]) // 1024
def rss(pid): return status(pid, "VmRSS")
def cpu(pid):
    f = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")
def threads(pid):
    """{comm: (cpu s, runnable-waiting s, nice)} of the proxy's recorder and verifier."""
    out = {}
    for t in os.listdir(f"/proc/{pid}/task"):
        try:
            comm = open(f"/proc/{pid}/task/{t}/comm").read().strip()
            if comm not in ("a2a-recorder", "a2a-verifier"):
                continue
            run_ns, wait_ns = [int(x) for x in open(f"/proc/{pid}/task/{t}/schedstat").read().split()[:2]]
            f = open(f"/proc/{pid}/task/{t}/stat").read().rsplit(")", 1)[1].split()
            out[comm] = (run_ns / 1e9, wait_ns / 1e9, int(f[16]))
        except Exception:
            pass
    return out
def call(i):
    msg = {"role": "user", "parts": [{"kind": "text", "text": f"hello {i}"}], "kind": "message"}
    if ok:
        msg["messageId"] = f"m-{i}"
    body = json.dumps({"jsonrpc": "2.0", "id": i, "method": "message/send", "params": {"message": msg}}).encode()
    return b"POST / HTTP/1.1\r\nHost: a\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s" % (len(body), body)
s = socket.create_connection(("127.0.0.1", pp))
buf = b""
def read_answer():
    global buf
    while b"\r\n\r\n" not in buf:
        buf += s.recv(1 << 16)
    head, rest = buf.split(b"\r\n\r\n", 1)
    n = int([l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")][0].split(b":")[1])
    while len(rest) < n:
        rest += s.recv(1 << 16)
    buf = rest[n:]
    assert head.startswith(b"HTTP/1.1 200"), head
t0 = time.time()
print(f"0 calls: {rss(proxy.pid)} MiB", flush=True)
i = 0
if SAMPLE:
    def sampler():
        # the recording read as it grows: `finding` lines counted in whole lines, and the
        # `gap` lines' dropped events summed
        findings, dropped, rest, pos = 0, 0, b"", 0
        while proxy.poll() is None:
            try:
                with open(f"{tmp}/r.jsonl", "rb") as f:
                    f.seek(pos)
                    chunk = f.read()
                pos += len(chunk)
                data = rest + chunk
                cut = data.rfind(b"\n") + 1
                findings += data[:cut].count(b'"type":"finding"')
                dropped += sum(int(n) for n in re.findall(rb'"type":"gap"[^\n]*?"dropped_events":(\d+)', data[:cut]))
                rest = data[cut:]
                r, h = rss(proxy.pid), status(proxy.pid, "VmHWM")
                th = threads(proxy.pid)
            except Exception:
                break
            skip = any("online verifier is" in l and "behind" in l for l in err_lines)
            ts = "; ".join(f"{n[4:7]} cpu {c:.1f} s wait {w:.1f} s nice {ni}" for n, (c, w, ni) in sorted(th.items()))
            print(f"sample {time.time()-t0:.0f} s: {i} calls, {findings} findings, queue {i - findings} calls; {r} MiB (peak {h}); dropped {dropped}{' skip' if skip else ''}; {ts}; load {os.getloadavg()[0]:.1f}", flush=True)
            time.sleep(SAMPLE)
    threading.Thread(target=sampler, daemon=True).start()
step = max(N // 10, 1)
while i < N:
    k = min(K, N - i)
    s.sendall(b"".join(call(i + j + 1) for j in range(k)))
    for _ in range(k):
        read_answer()
    before = i
    i += k
    if i // step != before // step:
        print(f"{i} calls: {rss(proxy.pid)} MiB, peak {status(proxy.pid, 'VmHWM')} MiB, proxy CPU {cpu(proxy.pid):.0f} s ({time.time()-t0:.0f} s)", flush=True)
s.close()
hwm_run, cpu_run = status(proxy.pid, "VmHWM"), cpu(proxy.pid)
t1 = time.time()
proxy.terminate()
hwm, cpus = hwm_run, cpu_run
while proxy.poll() is None:
    try:
        hwm, cpus = status(proxy.pid, "VmHWM"), cpu(proxy.pid)
    except Exception:
        pass
    time.sleep(0.2)
time.sleep(0.5)
err = "\n".join(err_lines)
agent.terminate(); agent.wait()
print(f"stop: {time.time()-t1:.1f} s; peak RSS during the run {hwm_run} MiB, with the stop {hwm} MiB; proxy CPU {cpu_run:.0f} s run, {cpus:.0f} s with the stop")
print("recording:", os.path.getsize(f"{tmp}/r.jsonl") // (1 << 20), "MiB;", "findings events:", sum(1 for l in open(f"{tmp}/r.jsonl") if '"type":"finding"' in l))
if report:
    print("report:", os.path.getsize(f"{tmp}/r.json"), "bytes")
for l in err.strip().splitlines():
    if not re.match(r"^(error|warning|note)\[", l):
        print("proxy:", l)
shutil.rmtree(tmp)
