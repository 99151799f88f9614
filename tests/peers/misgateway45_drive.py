#!/usr/bin/env python3
"""Drive misgateway45.py (one mode or all) between the two legs of one real `a2a-interop
proxy --record --report --lossless --listener upstream@...`, in front of a real SDK agent:

    curl -> proxy client leg (P1) -> misgateway45 (G) -> proxy upstream leg (P2) -> SDK agent

then compare the findings with tests/cases/live45-predictions.json (a mode's `predict` and
the `baseline` of its agent: what the SDK agent itself draws whatever the gateway does).

    python3 misgateway45_drive.py BIN OUTDIR [MODE[@js]...]

A mode runs against the Python SDK agent (tests/peers/python/agent.py), `MODE@js` against the
JS SDK agent (tests/peers/js/agent.mjs); the predictions file names both forms. The agent
advertises P2 (where the gateway reaches it); the gateway rewrites that to P1 in the card as
its mode says. curl (misbehave_drive.curl) is the client, in A2A 1.0 (card, send, stream,
get, an unknown task, a long task canceled; `A2A-Extensions` and a bearer `Authorization` on
each) then 0.3 (message/send, message/stream, tasks/get, without `A2A-Version`). It follows
the card's 1.0 JSON-RPC url when that is on P1.

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, the proxy's exit, `untouched`: each client answer against the client-leg bytes the
proxy recorded, `upstream_untouched`: each answer the gateway read from the agent (its --log)
against the upstream-leg bytes the proxy recorded, `legs`: the recording's exchanges per leg
and whether each was closed) and
prints one line per mode: OK / MISS, predicted, got, flags.
"""
import base64
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402

GATEWAY = os.path.join(HERE, "misgateway45.py")
PRED = os.path.join(HERE, "..", "cases", "live45-predictions.json")
EXT = "https://example.com/a2a/ext/trace/v1"


def wait_port(port, secs=30):
    end = time.monotonic() + secs
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return True
        except OSError:
            time.sleep(0.1)
    return False


def own_card(port, public):
    """Whether the agent card on `port` is the one of the SDK agent started advertising
    `public` (a URL with a port of its own): a port taken by another test's agent between
    free_port() and the agent's bind answers a card too, but with its own url."""
    try:
        with urllib.request.urlopen(
                f"http://127.0.0.1:{port}/.well-known/agent-card.json", timeout=1) as r:
            body = r.read()
    except OSError:
        return None
    return b"test agent" in body and public.encode() in body


def start_agent(kind, public, env_more=None):
    """The SDK agent `kind` (py | js) on a free port advertising `public`; (process, port)."""
    for _ in range(3):
        port = d.free_port()
        env = dict(os.environ, A2A_PORT=str(port), A2A_PUBLIC_URL=public, A2A_HOST="127.0.0.1",
                   **(env_more or {}))
        if kind == "js":
            args, cwd = ["node", "agent.mjs"], os.path.join(HERE, "js")
        else:
            args, cwd = [os.path.join(HERE, ".venv", "bin", "python"), "agent.py"], \
                os.path.join(HERE, "python")
        p = subprocess.Popen(args, cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
        # the wait ends at its card (or its exit); a Python SDK agent takes 10 s and more to
        # import on 2 loaded cores, so the bound is generous
        end = time.monotonic() + 120
        while time.monotonic() < end and p.poll() is None:
            mine = own_card(port, public)
            if mine:
                return p, port
            if mine is False:
                break  # another process's server holds the port: another port
            time.sleep(0.2)
        p.kill()
        p.wait()
    raise RuntimeError(f"the {kind} SDK agent did not start")


def start_gateway(mode, upstream, public, log):
    p = subprocess.Popen([sys.executable, GATEWAY, "--mode", mode, "--upstream", upstream,
                          "--public", public, "--log", log], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    return p, int(p.stdout.readline())


def client(base):
    """curl as an A2A client: 1.0 calls, then 0.3 ones; [(step, curl result)]."""
    log = []
    r = d.curl(base + "/.well-known/agent-card.json")
    log.append(("card", r))
    url = base + "/"
    try:
        c = json.loads(d.decode(r["body"], r["headers"]))
        u = [i["url"] for i in c["supportedInterfaces"]
             if i.get("protocolBinding") == "JSONRPC" and i.get("protocolVersion") == "1.0"][0]
        if u.startswith(base):
            url = u
    except (ValueError, KeyError, IndexError, TypeError):
        pass
    n = [0]

    def call(method, params, step, v10=True):
        n[0] += 1
        h = ["A2A-Version: 1.0", f"A2A-Extensions: {EXT}",
             "Authorization: Bearer gw45-secret"] if v10 else []
        r = d.curl(url, {"jsonrpc": "2.0", "id": n[0], "method": method, "params": params}, h)
        log.append((step, r))
        return d.json_results(r)

    t1 = d.task_id(call("SendMessage", {"message": d.message(True, "task hello")}, "send"))
    call("SendStreamingMessage", {"message": d.message(True, "slow streamed")}, "stream")
    if t1:
        call("GetTask", {"id": t1}, "get")
    call("GetTask", {"id": "no-such-task"}, "get-unknown")
    t2 = d.task_id(call("SendMessage", {"message": d.message(True, "long job"),
                                        "configuration": {"returnImmediately": True}},
                        "send-long"))
    if t2:
        call("CancelTask", {"id": t2}, "cancel-working")
    t3 = d.task_id(call("message/send", {"message": d.message(False, "task in 0.3")}, "send-03",
                        v10=False))
    call("message/stream", {"message": d.message(False, "slow in 0.3")}, "stream-03", v10=False)
    if t3:
        call("tasks/get", {"id": t3}, "get-03", v10=False)
    return log


def legs(rec):
    """Per leg ('client' for events without one): exchanges, those with a request head, a
    response head and an exchange_end, and the outcomes."""
    out = {}
    seen = {}
    for ln in open(rec):
        e = json.loads(ln)
        ex = e.get("exchange")
        if not ex or e.get("type") not in ("request_head", "response_head", "exchange_end"):
            continue
        leg = e.get("leg") or "client"
        s = seen.setdefault(ex, {"leg": leg, "types": set(), "outcome": None})
        s["types"].add(e["type"])
        if e["type"] == "exchange_end":
            s["outcome"] = e.get("outcome")
    for s in seen.values():
        o = out.setdefault(s["leg"], {"exchanges": 0, "ended": 0, "answered": 0, "outcomes": {}})
        o["exchanges"] += 1
        o["ended"] += "exchange_end" in s["types"]
        o["answered"] += "response_head" in s["types"]
        o["outcomes"][s["outcome"]] = o["outcomes"].get(s["outcome"], 0) + 1
    return out


def upstream_untouched(rec, log, mode):
    """Each answer the gateway read from the agent (its --log) against the upstream leg's
    recorded response bytes, in order (the proxy's start-up OPTIONS * aside): 'same',
    'prefix' (the gateway stopped reading: sse-cut), or 'differs N/M' / 'missing'."""
    order, bodies = [], {}
    for ln in open(rec):
        e = json.loads(ln)
        if e.get("leg") != "upstream":
            continue
        if e.get("type") == "request_head" and e.get("method") != "OPTIONS":
            order.append(e["exchange"])
            bodies[e["exchange"]] = b""
        if e.get("type") == "response_chunk" and e["exchange"] in bodies:
            b = e.get("body", "")
            b = base64.b64decode(b) if e.get("encoding") == "base64" else b.encode()
            bodies[e["exchange"]] += b
    got = []
    if os.path.exists(log):
        got = [json.loads(ln) for ln in open(log)]
    got = [g for g in got if g["method"] != "OPTIONS"]
    out = []
    for i, g in enumerate(got):
        if i >= len(order):
            out.append((g["path"], "missing"))
            continue
        mine, rec_b = base64.b64decode(g["body"]), bodies[order[i]]
        if mine == rec_b:
            out.append((g["path"], "same"))
        elif mode == "sse-cut" and rec_b.startswith(mine):
            out.append((g["path"], "prefix"))
        else:
            out.append((g["path"], f"differs {len(rec_b)}/{len(mine)}"))
    if len(order) > len(got):
        out.append(("recorded-only", f"{len(order) - len(got)} more upstream exchanges"))
    return out


def client_leg_recording(rec, out):
    """The recording's client-leg events only (a file next to it), for compare_bytes."""
    with open(rec) as f, open(out, "w") as w:
        for ln in f:
            if '"leg":' not in ln:
                w.write(ln)
    return out


def run(bin_, out, name):
    mode, _, kind = name.partition("@")
    for attempt in range(1, 6):
        # the agent's card advertises the upstream listener (P2) and the gateway the
        # client leg (P1): both ports are picked before the proxy starts; one taken by
        # another process before the proxy binds it is a PortTaken (the proxy exited at
        # start), and all start again on other ports
        p1, p2 = d.free_port(), d.free_port()
        front, back = f"http://127.0.0.1:{p1}", f"http://127.0.0.1:{p2}"
        agent, aport = start_agent(kind or "py", back)
        glog = os.path.join(out, f"{name}.gateway.jsonl")
        if os.path.exists(glog):
            os.unlink(glog)
        gw, gport = start_gateway(mode, back, front, glog)
        rec, rep = os.path.join(out, f"{name}.proxy.jsonl"), os.path.join(out, f"{name}.report.json")
        for f in (rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        try:
            proxy, _ = d.start_proxy(bin_, [
                "--listen", f"127.0.0.1:{p1}", "--upstream", f"http://127.0.0.1:{gport}",
                "--listener", f"upstream@127.0.0.1:{p2}=http://127.0.0.1:{aport}",
                "--record", rec, "--report", rep, "--lossless"],
                os.path.join(out, f"{name}.proxy.stderr"))
            break
        except d.PortTaken:
            for p in (gw, agent):
                p.kill()
                p.wait()
            if attempt == 5:
                raise
    log = client(front)
    alive = proxy.poll() is None
    rc = d.stop_proxy(proxy)
    for p in (gw, agent):
        p.kill()
        p.wait()
    online = set()
    try:
        online = d.rules_in(json.load(open(rep)))
    except (OSError, ValueError):
        pass
    stderr_rules = set(d.RULE.findall(open(os.path.join(out, f"{name}.proxy.stderr")).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = d.rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    only = client_leg_recording(rec, os.path.join(out, f"{name}.client-leg.jsonl"))
    untouched = d.compare_bytes(only, log)
    os.unlink(only)
    return {"online": sorted(online), "stderr": sorted(stderr_rules), "offline": sorted(offline),
            "proxy_alive": alive, "proxy_rc": rc, "untouched": untouched, "legs": legs(rec),
            "upstream_untouched": upstream_untouched(rec, glog, mode),
            "steps": [(s, r["status"], r["rc"], [t for t, _ in r["times"]][:8]) for s, r in log]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    doc = json.load(open(PRED))
    pred, baseline = doc["modes"], doc.get("baseline", {})
    names = sys.argv[3:] or list(pred)
    for name in names:
        res = {"mode": name}
        res.update(run(bin_, out, name))
        agent = name.partition("@")[2] or "py"
        want = set(pred.get(name, {}).get("predict", [])) | set(baseline.get(agent, []))
        res["predicted"] = sorted(want)
        res["as_predicted"] = set(res["online"]) == want
        json.dump(res, open(os.path.join(out, f"{name}.json"), "w"), indent=1, default=str)
        flags = []
        if set(res["online"]) != set(res["offline"]):
            flags.append("ONLINE!=OFFLINE")
        if set(res["online"]) != set(res["stderr"]):
            flags.append("STDERR!=REPORT")
        if not res["proxy_alive"] or res["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={res['proxy_rc']} alive={res['proxy_alive']}")
        if any(u != "same" for _, u in res["untouched"]):
            flags.append("BYTES")
        if any(u not in ("same", "prefix") for _, u in res["upstream_untouched"]):
            flags.append("UPBYTES")
        if any(lg["ended"] != lg["exchanges"] for lg in res["legs"].values()):
            flags.append("UNENDED")
        up = res["legs"].get("upstream", {}).get("exchanges", 0)
        cl = res["legs"].get("client", {}).get("exchanges", 0)
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {name:22} pred={sorted(want)} "
              f"got={res['online']} legs={cl}/{up} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
