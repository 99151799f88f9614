#!/usr/bin/env python3
"""Drive misgateway47.py (one mode or all) between the two legs of one real `a2a-interop
proxy --record --report --lossless --listener upstream@...`, in front of the real Python SDK
agent (1.0 JSON-RPC under A2A-Version: 1.0, its 0.3 compat side without it):

    curl -> proxy client leg (P1) -> misgateway47 (G) -> proxy upstream leg (P2) -> SDK agent

misgateway47 forwards each JSON-RPC call in the other generation, so the 0.3 client's calls
reach the agent's 1.0 side and the 1.0 client's its 0.3 side. Then the findings are compared
with tests/cases/live47-predictions.json (a mode's `predict` plus the agent's `baseline`,
less what a mode keeps the agent from reaching: `baseline_not_reached`).

    python3 misgateway47_drive.py BIN OUTDIR [MODE...]

The client (curl, plain JSON-RPC): the card, then as a 0.3 client (no A2A-Version): send
"task hello" with a file part (uri), stream "slow streamed", get that task, get an unknown
task, send "input please" and answer it on its task, send "long job" (blocking: false) and
cancel it; then the same as a 1.0 client (A2A-Version: 1.0, the file part as raw bytes,
returnImmediately). Every mode makes the same calls (an id not given is made up).

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, `untouched`: each client answer against the client-leg bytes recorded,
`upstream_untouched`: each answer the gateway read (its --log) against the upstream-leg bytes
recorded, `legs`: exchanges per leg, `generations`: the dialect of each leg's calls as the
recording's request bodies and headers show them, `report_generations`: the report's
`dialects`) and prints one line per mode: OK / MISS, predicted, got, flags.
"""
import json
import os
import subprocess
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402
import misgateway45_drive as g45  # noqa: E402  (agent start-up, legs, byte comparisons)

GATEWAY = os.path.join(HERE, "misgateway47.py")
PRED = os.path.join(HERE, "..", "cases", "live47-predictions.json")


def msg(v10, text, task=None, file_part=False):
    m = d.message(v10, text, task)
    if file_part:
        m["parts"].append({"raw": "aGVsbG8=", "mediaType": "text/plain", "filename": "a.txt"}
                          if v10 else {"kind": "file", "file": {
                              "uri": "https://files.example.com/a.txt", "mimeType": "text/plain",
                              "name": "a.txt"}})
    return m


def client(base):
    """curl as a 0.3, then a 1.0 JSON-RPC client through the bridge; [(step, result)]."""
    log = []
    r = d.curl(base + "/.well-known/agent-card.json")
    log.append(("card", r))
    url = base + "/"
    n = [0]

    def call(method, params, step, v10):
        n[0] += 1
        h = ["A2A-Version: 1.0"] if v10 else []
        r = d.curl(url, {"jsonrpc": "2.0", "id": n[0], "method": method, "params": params}, h)
        log.append((step, r))
        return d.json_results(r)

    for v10 in (False, True):
        sfx = "-10" if v10 else "-03"
        m = {True: ("SendMessage", "SendStreamingMessage", "GetTask", "CancelTask"),
             False: ("message/send", "message/stream", "tasks/get", "tasks/cancel")}[v10]
        t1 = d.task_id(call(m[0], {"message": msg(v10, "task hello", file_part=True)},
                            "send" + sfx, v10)) or "t1-not-given"
        call(m[1], {"message": msg(v10, "slow streamed")}, "stream" + sfx, v10)
        call(m[2], {"id": t1}, "get" + sfx, v10)
        call(m[2], {"id": "no-such-task"}, "get-unknown" + sfx, v10)
        t2 = d.task_id(call(m[0], {"message": msg(v10, "input please")}, "input" + sfx, v10)) \
            or "t2-not-given"
        call(m[0], {"message": msg(v10, "more input", task=t2)}, "input-answer" + sfx, v10)
        conf = {"returnImmediately": True} if v10 else {"blocking": False}
        t3 = d.task_id(call(m[0], {"message": msg(v10, "long job"), "configuration": conf},
                            "send-long" + sfx, v10)) or "t3-not-given"
        call(m[3], {"id": t3}, "cancel" + sfx, v10)
    return log


def generations(rec):
    """Per leg: the generation of each JSON-RPC call recorded ('1.0' for PascalCase methods,
    '0.3' for slash methods) with the A2A-Version header it carried: {leg: {"1.0/hdr=1.0": n}}."""
    heads, out = {}, {}
    for ln in open(rec):
        e = json.loads(ln)
        if e.get("type") == "request_head":
            hv = [v for k, v in e.get("headers", []) if k.lower() == "a2a-version"] \
                if isinstance(e.get("headers"), list) else \
                [v for k, v in (e.get("headers") or {}).items() if k.lower() == "a2a-version"]
            heads[e["exchange"]] = (e.get("leg") or "client", hv[0] if hv else "-")
        if e.get("type") == "request_body" and e["exchange"] in heads:
            try:
                meth = json.loads(e.get("body", "")).get("method", "")
            except (ValueError, AttributeError):
                continue
            gen = "0.3" if "/" in meth else "1.0"
            leg, hv = heads[e["exchange"]]
            k = f"{gen}/hdr={hv}"
            out.setdefault(leg, {})[k] = out.setdefault(leg, {}).get(k, 0) + 1
    return out


def start_gateway(mode, upstream, public, log):
    p = subprocess.Popen([sys.executable, GATEWAY, "--mode", mode, "--upstream", upstream,
                          "--public", public, "--log", log], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    return p, int(p.stdout.readline())


def run(bin_, out, mode):
    for attempt in range(1, 6):
        # the agent's card advertises the upstream listener (P2) and the gateway the
        # client leg (P1): both ports are picked before the proxy starts; one taken by
        # another process before the proxy binds it is a PortTaken (the proxy exited at
        # start), and all start again on other ports
        p1, p2 = d.free_port(), d.free_port()
        front, back = f"http://127.0.0.1:{p1}", f"http://127.0.0.1:{p2}"
        agent, aport = g45.start_agent("py", back)
        glog = os.path.join(out, f"{mode}.gateway.jsonl")
        rec, rep = os.path.join(out, f"{mode}.proxy.jsonl"), os.path.join(out, f"{mode}.report.json")
        for f in (glog, rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        gw, gport = start_gateway(mode, back, front, glog)
        try:
            proxy, _ = d.start_proxy(bin_, [
                "--listen", f"127.0.0.1:{p1}", "--upstream", f"http://127.0.0.1:{gport}",
                "--listener", f"upstream@127.0.0.1:{p2}=http://127.0.0.1:{aport}",
                "--record", rec, "--report", rep, "--lossless"],
                os.path.join(out, f"{mode}.proxy.stderr"))
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
    online, dialects = set(), []
    try:
        r = json.load(open(rep))
        online, dialects = d.rules_in(r), r.get("dialects", [])
    except (OSError, ValueError):
        pass
    stderr_rules = set(d.RULE.findall(open(os.path.join(out, f"{mode}.proxy.stderr")).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = d.rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    only = g45.client_leg_recording(rec, os.path.join(out, f"{mode}.client-leg.{uuid.uuid4()}"))
    untouched = d.compare_bytes(only, log)
    os.unlink(only)
    return {"online": sorted(online), "stderr": sorted(stderr_rules), "offline": sorted(offline),
            "proxy_alive": alive, "proxy_rc": rc, "untouched": untouched, "legs": g45.legs(rec),
            "upstream_untouched": g45.upstream_untouched(rec, glog, mode),
            "generations": generations(rec), "report_generations": dialects,
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
        m = pred.get(name, {})
        want = set(m.get("predict", [])) | (set(baseline.get("py", []))
                                           - set(m.get("baseline_not_reached", [])))
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
        if any(u != "same" for _, u in res["upstream_untouched"]):
            flags.append("UPBYTES")
        if any(lg["ended"] != lg["exchanges"] for lg in res["legs"].values()):
            flags.append("UNENDED")
        up = res["legs"].get("upstream", {}).get("exchanges", 0)
        cl = res["legs"].get("client", {}).get("exchanges", 0)
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {name:18} pred={sorted(want)} "
              f"got={res['online']} legs={cl}/{up} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
