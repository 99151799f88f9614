#!/usr/bin/env python3
"""Drive misgateway48.py (one mode or all) between the two legs of one real `a2a-interop
proxy --record --report --lossless --listener upstream@...`, in front of the real Python SDK
agent (JSON-RPC at /, HTTP+JSON 1.0 under /rest):

    curl -> proxy client leg (P1) -> misgateway48 (G) -> proxy upstream leg (P2) -> SDK agent

misgateway48 forwards each call in the other BINDING: the JSON-RPC client's calls reach the
agent's HTTP+JSON routes, the HTTP+JSON client's calls its JSON-RPC endpoint. Then the
findings are compared with tests/cases/live48-predictions.json (a mode's `predict` plus the
agent's `baseline`, less what a mode keeps the agent from reaching: `baseline_not_reached`).

    python3 misgateway48_drive.py BIN OUTDIR [MODE...]

The clients (curl): the card, then for each binding the card lists at the front (JSON-RPC
1.0, HTTP+JSON 1.0; and a 0.3 JSON-RPC client in modes whose prediction says `client03`):
send "task hello", stream "slow streamed", get that task (historyLength 0; 0.3: 1), get an unknown
task, send "input please" and answer it naming only its task, send "long job"
(returnImmediately) and cancel it, send "slow background" (returnImmediately) and subscribe
to it. An id not given is made up, so every mode makes the same calls.

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, `untouched`: each client answer against the client-leg bytes recorded,
`upstream_untouched`: each answer the gateway read (its --log) against the upstream-leg bytes
recorded, `legs`: exchanges per leg, `bindings`: the binding of each leg's calls as the
recording shows them) and prints one line per mode: OK / MISS, predicted, got, flags.
"""
import json
import os
import subprocess
import sys
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402  (curl, JSON results, rule ids, byte comparison)
import misgateway45_drive as g45  # noqa: E402  (agent start-up, legs, byte comparisons)
import misgateway46_drive as g46  # noqa: E402  (curl with a chosen Content-Type)

GATEWAY = os.path.join(HERE, "misgateway48.py")
PRED = os.path.join(HERE, "..", "cases", "live48-predictions.json")
A2A_JSON = "application/a2a+json"


def rest_curl(url, body=None, headers=(), method=None):
    """d.curl with an HTTP+JSON 1.0 request (application/a2a+json body, A2A-Version 1.0)."""
    return g46.curl(url, body, ["A2A-Version: 1.0"] + list(headers), method, A2A_JSON)


def any_task_id(objs):
    """A task id of JSON-RPC answers (d.task_id) or of bare REST answers."""
    t = d.task_id(objs)
    if t:
        return t
    for o in objs:
        if isinstance(o, dict):
            x = o.get("task", o)
            if isinstance(x, dict) and isinstance(x.get("id"), str) and "status" in x:
                return x["id"]
    return None


def rpc_client(log, url, v10):
    n = [0]
    sfx = "-rpc" if v10 else "-rpc03"
    names = ("SendMessage", "SendStreamingMessage", "GetTask", "CancelTask", "SubscribeToTask") \
        if v10 else ("message/send", "message/stream", "tasks/get", "tasks/cancel",
                     "tasks/resubscribe")

    def call(i, params, step):
        n[0] += 1
        h = ["A2A-Version: 1.0"] if v10 else []
        r = d.curl(url, {"jsonrpc": "2.0", "id": n[0], "method": names[i], "params": params}, h)
        log.append((step + sfx, r))
        return d.json_results(r)

    def m(text, task=None):
        return d.message(v10, text, task)

    conf = {"returnImmediately": True} if v10 else {"blocking": False}
    t1 = any_task_id(call(0, {"message": m("task hello")}, "send")) or "t1-not-given"
    call(1, {"message": m("slow streamed")}, "stream")
    call(2, {"id": t1, "historyLength": 0 if v10 else 1}, "get")
    call(2, {"id": "no-such-task"}, "get-unknown")
    t2 = any_task_id(call(0, {"message": m("input please")}, "input")) or "t2-not-given"
    call(0, {"message": m("more input", task=t2)}, "input-answer")
    t3 = any_task_id(call(0, {"message": m("long job"), "configuration": conf}, "send-long")) \
        or "t3-not-given"
    call(3, {"id": t3}, "cancel")
    t4 = any_task_id(call(0, {"message": m("slow background"), "configuration": conf},
                          "send-bg")) or "t4-not-given"
    call(4, {"id": t4}, "subscribe")


def rest_client(log, base):
    def call(step, url, body=None, method=None, extra=()):
        r = rest_curl(url, body, extra, method)
        log.append((step + "-rest", r))
        return d.json_results(r)

    def m(text, task=None):
        return d.message(True, text, task)

    conf = {"returnImmediately": True}
    t1 = any_task_id(call("send", base + "/message:send", {"message": m("task hello")})) \
        or "t1-not-given"
    call("stream", base + "/message:stream", {"message": m("slow streamed")},
         extra=["Accept: text/event-stream"])
    call("get", f"{base}/tasks/{t1}?historyLength=0")
    call("get-unknown", base + "/tasks/no-such-task")
    t2 = any_task_id(call("input", base + "/message:send", {"message": m("input please")})) \
        or "t2-not-given"
    call("input-answer", base + "/message:send", {"message": m("more input", task=t2)})
    t3 = any_task_id(call("send-long", base + "/message:send",
                          {"message": m("long job"), "configuration": conf})) or "t3-not-given"
    call("cancel", f"{base}/tasks/{t3}:cancel", {})
    t4 = any_task_id(call("send-bg", base + "/message:send",
                          {"message": m("slow background"), "configuration": conf})) \
        or "t4-not-given"
    call("subscribe", f"{base}/tasks/{t4}:subscribe", {}, extra=["Accept: text/event-stream"])


def client(front, client03):
    """The card, then a client of each binding the card lists at the front."""
    log = []
    r = d.curl(front + "/.well-known/agent-card.json")
    log.append(("card", r))
    rpc, rest = None, None
    try:
        for i in json.loads(d.decode(r["body"], r["headers"]))["supportedInterfaces"]:
            if i.get("protocolVersion") != "1.0" or not i["url"].startswith(front):
                continue
            if i.get("protocolBinding") == "JSONRPC" and rpc is None:
                rpc = i["url"]
            if i.get("protocolBinding") == "HTTP+JSON" and rest is None:
                rest = i["url"].rstrip("/")
    except (ValueError, KeyError, TypeError):
        pass
    if rpc:
        rpc_client(log, rpc, True)
    if rest:
        rest_client(log, rest)
    if rpc and client03:
        rpc_client(log, rpc, False)
    return log


def bindings(rec):
    """Per leg: the binding of each A2A call recorded ('JSONRPC' for a JSON-RPC body,
    'HTTP+JSON' for a /rest route, the card aside): {leg: {"JSONRPC": n, "HTTP+JSON": n}}."""
    heads, out = {}, {}
    for ln in open(rec):
        e = json.loads(ln)
        if e.get("type") == "request_head":
            path = e.get("path") or e.get("url") or ""
            if "agent-card.json" in path or e.get("method") == "OPTIONS":
                continue
            leg = e.get("leg") or "client"
            heads[e["exchange"]] = leg
            if "/rest/" in path:
                out.setdefault(leg, {})["HTTP+JSON"] = out.setdefault(leg, {}).get("HTTP+JSON", 0) + 1
                heads[e["exchange"]] = None
        if e.get("type") == "request_body" and heads.get(e["exchange"]):
            leg = heads.pop(e["exchange"])
            if '"jsonrpc"' in e.get("body", ""):
                out.setdefault(leg, {})["JSONRPC"] = out.setdefault(leg, {}).get("JSONRPC", 0) + 1
    return out


def start_gateway(mode, upstream, public, log):
    p = subprocess.Popen([sys.executable, GATEWAY, "--mode", mode, "--upstream", upstream,
                          "--public", public, "--log", log], stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    return p, int(p.stdout.readline())


def run(bin_, out, mode, client03):
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
    log = client(front, client03)
    alive = proxy.poll() is None
    rc = d.stop_proxy(proxy)
    for p in (gw, agent):
        p.kill()
        p.wait()
    online, legs_v = set(), None
    try:
        r = json.load(open(rep))
        online, legs_v = d.rules_in(r), r.get("legs")
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
            "bindings": bindings(rec), "report_legs": legs_v,
            "steps": [(s, r["status"], r["rc"], [t for t, _ in r["times"]][:8]) for s, r in log]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    doc = json.load(open(PRED))
    pred, baseline = doc["modes"], doc.get("baseline", {})
    names = sys.argv[3:] or list(pred)
    for name in names:
        m = pred.get(name, {})
        res = {"mode": name}
        res.update(run(bin_, out, name, m.get("client03", False)))
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
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {name:20} pred={sorted(want)} "
              f"got={res['online']} legs={cl}/{up} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
