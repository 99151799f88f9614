#!/usr/bin/env python3
"""Issue 7, "flat in memory": the RSS of `a2a-interop proxy --record` over a long run.

    python3 benches/long-run-memory.py BIN N [--fresh-ok]

Starts `BIN demo --agent-only` and `BIN proxy --record` in front of it on free loopback
ports, sends N JSON-RPC 0.3 `message/send` calls on one keep-alive connection, each a new
task whose message lacks its REQUIRED messageId (one finding per call; `--fresh-ok` sends
the id: no finding), and prints the proxy's VmRSS (MiB) every N/10 calls, then the number of
`finding` events in the recording and the proxy's last stderr lines. A proxy whose memory
is flat in run length levels off once the verifier's task table is full (10,000 tasks);
docs/performance.md, session 43. Linux only (/proc).
"""
import http.client, json, os, socket, subprocess, sys, time, tempfile
BIN, N = sys.argv[1], int(sys.argv[2])
ok = "--fresh-ok" in sys.argv
def port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p
ap, pp = port(), port()
tmp = tempfile.mkdtemp()
agent = subprocess.Popen([BIN, "demo", "--agent-only", "--listen", f"127.0.0.1:{ap}"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1.5)
proxy = subprocess.Popen([BIN, "proxy", "--listen", f"127.0.0.1:{pp}", "--upstream", f"http://127.0.0.1:{ap}", "--record", f"{tmp}/r.jsonl", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
time.sleep(2)
def rss(pid):
    for l in open(f"/proc/{pid}/status"):
        if l.startswith("VmRSS"): return int(l.split()[1]) // 1024
c = http.client.HTTPConnection("127.0.0.1", pp)
t0 = time.time()
print(f"0 calls: {rss(proxy.pid)} MiB", flush=True)
for i in range(1, N + 1):
    msg = {"role": "user", "parts": [{"kind": "text", "text": f"hello {i}"}], "kind": "message"}
    if ok:
        msg["messageId"] = f"m-{i}"
    body = json.dumps({"jsonrpc": "2.0", "id": i, "method": "message/send", "params": {"message": msg}})
    c.request("POST", "/", body, {"content-type": "application/json"})
    r = c.getresponse(); r.read()
    if i % (N // 10) == 0:
        print(f"{i} calls: {rss(proxy.pid)} MiB ({time.time()-t0:.0f} s)", flush=True)
proxy.terminate(); err = proxy.communicate(timeout=60)[1].decode(errors="replace")
agent.terminate(); agent.wait()
print("findings events in recording:", sum(1 for l in open(f"{tmp}/r.jsonl") if '"type":"finding"' in l))
print(err.strip().splitlines()[-3:] if err.strip() else "")
