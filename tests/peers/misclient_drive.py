#!/usr/bin/env python3
"""Drive misclient.py (every mode, or the ones named) through the real `a2a-interop proxy`
in front of correct agents, and compare the findings with the predictions.

    python3 misclient_drive.py BIN OUTDIR [MODE[@AGENT]...]

Agents (started once each, on free loopback ports, only when a mode needs them): ref =
`BIN demo --agent-only`, py = tests/peers/python/agent.py, js = tests/peers/js/agent.mjs
(needs tests/peers/.venv and tests/peers/js/node_modules).

For each mode: misclient.py straight at the agent (the direct answers), then a fresh
`BIN proxy --record --report --lossless` in front of it and misclient.py through it; while
the mode runs, a card fetch on another connection (side), after it another (alive); then
SIGTERM, the --report's findings (online), `verify` of the recording (offline), each body
the client sent against the recording's request bodies (the agent got them as sent), and
the exchanges' outcomes. Writes OUTDIR/MODE.json and prints one line per mode; the
predictions are tests/cases/live42-predictions.json's (rule ids, any severity;
CARD-URL-005, how these runs put the agent behind the proxy, is left out).
"""
import base64
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = os.path.join(HERE, "misclient.py")
PRED = os.path.join(HERE, "..", "cases", "live42-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
SETUP_NOTE = "CARD-URL-005"
LISTENING = "a2a-interop proxy listening on http://"


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


OWN_CARD = {"py": b"a2a-interop Python test agent", "js": b"a2a-interop JS test agent"}


def wait_own_card(port, proc, own, secs=60):
    """Until the card on `port` is the agent's own (its name `own`): True; False when the
    agent `proc` exited first (its port was taken by another process after free_port() let
    it go: start it again on another). A card of another agent on that port (it took the
    port first) is not this agent's: waited past, never driven. SystemExit after `secs`."""
    end = time.time() + secs
    while time.time() < end:
        if proc.poll() is not None:
            return False
        try:
            s = socket.create_connection(("127.0.0.1", port), timeout=2)
            s.sendall(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\n"
                      b"Connection: close\r\n\r\n")
            d = b""
            while True:
                x = s.recv(65536)
                if not x:
                    break
                d += x
            s.close()
            if d.startswith(b"HTTP/1.1 200") and own in d:
                return True
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the agent on {port} served no card of its own after {secs} s")


def start_agent(bin_, which):
    if which == "ref":
        # port 0: the port it bound is in its banner (no free_port() another process can take)
        p = subprocess.Popen([bin_, "demo", "--agent-only", "--listen", "127.0.0.1:0"],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             start_new_session=True)
        for line in p.stderr:
            if "reference agent on " in line:
                url = line.split("reference agent on ", 1)[1].split()[0].rstrip("/")
                threading.Thread(target=lambda: [None for _ in p.stderr], daemon=True).start()
                return p, url
        raise SystemExit(f"the reference agent exited {p.wait()} before its banner")
    if which == "py":
        args, cwd = [os.path.join(HERE, ".venv", "bin", "python"), "agent.py"], os.path.join(HERE, "python")
    else:
        args, cwd = ["node", "agent.mjs"], os.path.join(HERE, "js")
    # The SDK agents take their port from A2A_PORT (and put it in their card), so it is
    # picked here: another process can take it before the agent binds it. Then the agent
    # exits at start, or another agent answers there; either way it is started again on
    # another port (until round 55 a port wait saw any listener and drove it).
    for attempt in range(1, 6):
        port = free_port()
        envv = dict(os.environ, A2A_PORT=str(port))
        envv.pop("A2A_PUBLIC_URL", None)
        envv.pop("A2A_NAME", None)
        p = subprocess.Popen(args, cwd=cwd, env=envv, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL, start_new_session=True)
        if wait_own_card(port, p, OWN_CARD[which]):
            return p, f"http://127.0.0.1:{port}"
        print(f"the {which} agent exited at start on port {port} ({p.returncode}); "
              "starting it again on another port", file=sys.stderr, flush=True)
    raise SystemExit(f"the {which} agent could not start in 5 attempts")


def card(addr):
    """Status of GET /.well-known/agent-card.json on a new connection, or 'none'."""
    try:
        s = socket.create_connection(addr, timeout=5)
        s.sendall(b"GET /.well-known/agent-card.json HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        d = b""
        while True:
            x = s.recv(65536)
            if not x:
                break
            d += x
        s.close()
        return int(d.split(b" ", 2)[1])
    except Exception:
        return "none"


def client(mode, url):
    return subprocess.Popen([sys.executable, CLIENT, "--mode", mode, url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def out_of(p):
    o, e = p.communicate(timeout=60)
    try:
        return json.loads(o.strip().splitlines()[-1])
    except Exception:
        return {"error": f"no output: {e[-400:]}"}


def rules_of(report):
    out = set()
    for f in report.get("findings", []):
        if RULE.fullmatch(f.get("rule", "")):
            out.add(f["rule"])
    out.discard(SETUP_NOTE)
    return sorted(out)


def recorded(rec):
    """Per exchange: its request body bytes (joined) and its exchange_end (outcome, error)."""
    bodies, ends = {}, {}
    with open(rec, encoding="utf-8") as f:
        for line in f:
            try:
                ev = json.loads(line)
            except ValueError:
                continue
            x = ev.get("exchange")
            if ev.get("type") == "request_body":
                b = ev.get("body", "")
                b = base64.b64decode(b) if ev.get("encoding") == "base64" else b.encode()
                bodies[x] = bodies.get(x, b"") + b
            elif ev.get("type") == "exchange_end":
                ends[x] = [ev.get("outcome"), (ev.get("error") or "")[:160]]
    return bodies, ends


def wait_first_request(rec, c, limit=20.0):
    """Until `rec` holds a request head or the client process `c` ended (at most `limit` s)."""
    end = time.monotonic() + limit
    while time.monotonic() < end and c.poll() is None:
        try:
            with open(rec, "rb") as f:
                if b'"type":"request_head"' in f.read():
                    return
        except OSError:
            pass
        time.sleep(0.05)


def run_mode(bin_, out, key, pred, agents):
    mode, _, which = key.partition("@")
    which = which or pred["agent"]
    if which not in agents:
        agents[which] = start_agent(bin_, which)
    url = agents[which][1]
    direct = out_of(client(mode, url))
    d = os.path.join(out, key)
    os.makedirs(d, exist_ok=True)
    rec, rep = os.path.join(d, "rec.jsonl"), os.path.join(d, "report.json")
    args = [bin_, "proxy", "--listen", "127.0.0.1:0", "--upstream", url, "--record", rec,
            "--report", rep, "--lossless"]
    if mode == "half-close":
        args.append("--half-close")
    errf = open(os.path.join(d, "stderr.txt"), "w+")
    proxy = subprocess.Popen(args, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
    addr = None
    for line in proxy.stderr:
        errf.write(line)
        if line.startswith(LISTENING):
            h, _, p = line[len(LISTENING):].strip().rstrip("/").rpartition(":")
            addr = (h, int(p))
            break
    if addr is None:
        raise SystemExit(f"{key}: proxy did not start")
    t = threading.Thread(target=lambda: [errf.write(l) for l in proxy.stderr], daemon=True)
    t.start()
    c = client(mode, f"http://{addr[0]}:{addr[1]}")
    # The side fetch comes after the client's first request head is recorded, so that the
    # client's exchange is e1 however slowly its interpreter starts (a fixed 0.5 s was too
    # short on a loaded machine, and the card fetch became e1).
    wait_first_request(rec, c)
    time.sleep(0.2)
    side = card(addr)
    proxied = out_of(c)
    time.sleep(0.3)
    alive = proxy.poll() is None and card(addr) == 200
    proxy.send_signal(signal.SIGTERM)
    try:
        rc = proxy.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proxy.kill()
        rc = proxy.wait()
    t.join(timeout=5)
    errf.close()
    try:
        online = rules_of(json.load(open(rep)))
    except Exception as e:
        online = [f"no report: {e}"]
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True, text=True)
    try:
        offline = rules_of(json.loads(v.stdout))
    except Exception:
        offline = [f"verify failed: {v.stderr[-300:]}"]
    bodies, ends = recorded(rec)
    got = set(bodies.values())
    untouched = [[i, "same" if b.encode() in got else "differs"]
                 for i, b in enumerate(proxied.get("sent", []))]
    r = {
        "mode": key, "agent": which, "kind": pred["kind"], "predicted": sorted(pred["predict"]),
        "online": online, "offline": offline, "proxy_alive": alive, "proxy_rc": rc,
        "side": side, "direct": direct.get("answers"), "proxied": proxied.get("answers"),
        "client_error": proxied.get("error"), "untouched": untouched,
        "ends": ends,
    }
    json.dump(r, open(os.path.join(out, key + ".json"), "w"), indent=1)
    ok = r["online"] == r["predicted"] and r["offline"] == r["online"]
    print(f"{'OK  ' if ok else 'MISS'} {key:28} online={online} offline={'=' if offline == online else offline}"
          f" predicted={r['predicted']} alive={alive} side={side} direct={r['direct']} proxied={r['proxied']}"
          f" bytes={'same' if all(u[1] == 'same' for u in untouched) else untouched}", flush=True)
    return ok


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    keys = sys.argv[3:] or list(pred)
    agents = {}
    n = 0
    try:
        for k in keys:
            n += run_mode(bin_, out, k, pred[k], agents)
    finally:
        for p, _ in agents.values():
            try:
                os.killpg(p.pid, signal.SIGTERM)
            except OSError:
                pass
            p.wait()
    print(f"{n}/{len(keys)} modes judged as predicted")
    return 0


if __name__ == "__main__":
    sys.exit(main())
