#!/usr/bin/env python3
"""Drive misrouter49.py (one mode or all) between the legs of one real `a2a-interop proxy
--record --report --lossless`, in front of TWO real Python SDK agents (tenant alpha's and
tenant beta's, told apart by A2A_NAME), each behind its own `--listener upstream@...`:

    curl -> proxy client leg (P1) -> misrouter49 (R) -+-> proxy upstream leg (P2) -> agent alpha
                                                      +-> proxy upstream leg (P3) -> agent beta

The clients (curl): each tenant's card (`/{tenant}/.well-known/agent-card.json`), then for
each binding the cards list (JSON-RPC 1.0, then HTTP+JSON 1.0), each step once under tenant
alpha and once under tenant beta (interleaved, as two clients of two tenants would): send
"task hello", stream "slow streamed", get that task (historyLength 0), get the streamed task,
send "long job" (returnImmediately) and cancel it, send "slow background" (returnImmediately)
and subscribe to it at once (the one step not interleaved: the slow task completes about 1 s
after the send), create a push notification config on the first task, list its configs,
list the tasks; then, under tenant beta, get tenant alpha's first task (a cross-tenant read:
TaskNotFound from a router that keeps tenants apart). The tenant goes where each card's
interface says (JSON-RPC params.tenant; the HTTP+JSON `/{tenant}` segment after the
interface url), or nowhere when the card declares none. An id not given is made up, so every
mode makes the same calls.

    python3 misrouter49_drive.py BIN OUTDIR [MODE...]

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, `untouched`: each client answer against the client-leg bytes recorded,
`upstream_untouched`: each answer the router read (its --log) against the upstream-leg bytes
recorded, `legs`: exchanges per leg, `agents`: upstream exchanges per agent authority) and
prints one line per mode: OK / MISS, predicted, got, flags.
"""
import json
import os
import subprocess
import sys
import urllib.parse
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402  (curl, JSON results, rule ids, byte comparison)
import misgateway45_drive as g45  # noqa: E402  (ports, legs, byte comparisons)
import misgateway46_drive as g46  # noqa: E402  (curl with a chosen Content-Type)

ROUTER = os.path.join(HERE, "misrouter49.py")
PRED = os.path.join(HERE, "..", "cases", "live49-predictions.json")
TENANTS = ("alpha", "beta")
HOOK = "https://hooks.example.com/a2a49"


def start_agent(tenant, public):
    """The Python SDK agent of `tenant` (A2A_NAME '<tenant> test agent', push on) on a free
    port advertising `public`; (process, port)."""
    return g45.start_agent("py", public, {"A2A_NAME": f"{tenant} test agent", "A2A_PUSH": "1"})


def any_task_id(objs):
    t = d.task_id(objs)
    if t:
        return t
    for o in objs:
        if isinstance(o, dict):
            x = o.get("task", o)
            if isinstance(x, dict) and isinstance(x.get("id"), str) and "status" in x:
                return x["id"]
    return None


def rpc_calls(log, ifs):
    """JSON-RPC 1.0: each step under each tenant; ifs = {tenant: (url, tenant or None)}."""
    n = [0]

    def call(t, method, params, step):
        n[0] += 1
        url, tn = ifs[t]
        if tn:
            params = dict(params, tenant=tn)
        r = d.curl(url, {"jsonrpc": "2.0", "id": n[0], "method": method, "params": params},
                   ["A2A-Version: 1.0"])
        log.append((f"{step}-rpc-{t}", r))
        return d.json_results(r)

    ids = {t: {} for t in TENANTS}
    conf = {"returnImmediately": True}
    for t in TENANTS:
        ids[t]["t1"] = any_task_id(call(t, "SendMessage", {"message": d.message(True, "task hello")}, "send")) or "t1-not-given"
    for t in TENANTS:
        ids[t]["s"] = any_task_id(call(t, "SendStreamingMessage", {"message": d.message(True, "slow streamed")}, "stream")) or "s-not-given"
    for t in TENANTS:
        call(t, "GetTask", {"id": ids[t]["t1"], "historyLength": 0}, "get")
    for t in TENANTS:
        call(t, "GetTask", {"id": ids[t]["s"]}, "get-stream")
    for t in TENANTS:
        ids[t]["t3"] = any_task_id(call(t, "SendMessage", {"message": d.message(True, "long job"), "configuration": conf}, "send-long")) or "t3-not-given"
    for t in TENANTS:
        call(t, "CancelTask", {"id": ids[t]["t3"]}, "cancel")
    for t in TENANTS:
        # subscribed at once: the slow skill completes about 1 s after the send
        ids[t]["t4"] = any_task_id(call(t, "SendMessage", {"message": d.message(True, "slow background"), "configuration": conf}, "send-bg")) or "t4-not-given"
        call(t, "SubscribeToTask", {"id": ids[t]["t4"]}, "subscribe")
    for t in TENANTS:
        call(t, "CreateTaskPushNotificationConfig", {"taskId": ids[t]["t1"], "url": HOOK}, "push-create")
    for t in TENANTS:
        call(t, "ListTaskPushNotificationConfigs", {"taskId": ids[t]["t1"]}, "push-list")
    for t in TENANTS:
        call(t, "ListTasks", {"pageSize": 20}, "list")
    call("beta", "GetTask", {"id": ids["alpha"]["t1"]}, "get-cross")


def rest_calls(log, ifs):
    """HTTP+JSON 1.0: each step under each tenant; ifs = {tenant: (url, tenant or None)}."""
    def call(t, step, route, body=None, method=None, extra=()):
        url, tn = ifs[t]
        base = url.rstrip("/") + (f"/{tn}" if tn else "")
        r = g46.curl(base + route, body, ["A2A-Version: 1.0"] + list(extra), method,
                     "application/a2a+json")
        log.append((f"{step}-rest-{t}", r))
        return d.json_results(r)

    ids = {t: {} for t in TENANTS}
    conf = {"returnImmediately": True}
    sse = ["Accept: text/event-stream"]
    for t in TENANTS:
        ids[t]["t1"] = any_task_id(call(t, "send", "/message:send", {"message": d.message(True, "task hello")})) or "t1-not-given"
    for t in TENANTS:
        ids[t]["s"] = any_task_id(call(t, "stream", "/message:stream", {"message": d.message(True, "slow streamed")}, extra=sse)) or "s-not-given"
    for t in TENANTS:
        call(t, "get", f"/tasks/{ids[t]['t1']}?historyLength=0")
    for t in TENANTS:
        call(t, "get-stream", f"/tasks/{ids[t]['s']}")
    for t in TENANTS:
        ids[t]["t3"] = any_task_id(call(t, "send-long", "/message:send", {"message": d.message(True, "long job"), "configuration": conf})) or "t3-not-given"
    for t in TENANTS:
        call(t, "cancel", f"/tasks/{ids[t]['t3']}:cancel", {})
    for t in TENANTS:
        # subscribed at once: the slow skill completes about 1 s after the send
        ids[t]["t4"] = any_task_id(call(t, "send-bg", "/message:send", {"message": d.message(True, "slow background"), "configuration": conf})) or "t4-not-given"
        call(t, "subscribe", f"/tasks/{ids[t]['t4']}:subscribe", {}, extra=sse)
    for t in TENANTS:
        call(t, "push-create", f"/tasks/{ids[t]['t1']}/pushNotificationConfigs", {"url": HOOK})
    for t in TENANTS:
        call(t, "push-list", f"/tasks/{ids[t]['t1']}/pushNotificationConfigs")
    for t in TENANTS:
        call(t, "list", "/tasks?pageSize=20")
    call("beta", "get-cross", f"/tasks/{ids['alpha']['t1']}")


def client(front):
    """Each tenant's card, then a client of each binding the cards list."""
    log, rpc, rest = [], {}, {}
    for t in TENANTS:
        r = d.curl(f"{front}/{t}/.well-known/agent-card.json")
        log.append((f"card-{t}", r))
        try:
            for i in json.loads(d.decode(r["body"], r["headers"]))["supportedInterfaces"]:
                if i.get("protocolVersion") != "1.0":
                    continue
                pair = (i["url"], i.get("tenant"))
                if i.get("protocolBinding") == "JSONRPC":
                    rpc.setdefault(t, pair)
                if i.get("protocolBinding") == "HTTP+JSON":
                    rest.setdefault(t, pair)
        except (ValueError, KeyError, TypeError):
            pass
    if len(rpc) == 2:
        rpc_calls(log, rpc)
    if len(rest) == 2:
        rest_calls(log, rest)
    return log


def agents_hit(rec, agents):
    """Upstream-leg exchanges per tenant's agent (`agents`: tenant -> its listener's
    authority), read from each request head's URL: {tenant: {"cards": n, "calls": n}}."""
    out = {t: {"cards": 0, "calls": 0} for t in agents}
    for ln in open(rec):
        e = json.loads(ln)
        if e.get("type") != "request_head" or e.get("leg") != "upstream" \
                or e.get("method") == "OPTIONS":
            continue
        auth = urllib.parse.urlsplit(e.get("url", "")).netloc
        for t, a in agents.items():
            if a == auth:
                out[t]["cards" if "agent-card" in e["url"] else "calls"] += 1
    return out


def run(bin_, out, mode):
    for attempt in range(1, 6):
        # the agents' cards advertise their listeners (P2, P3) and the router the client leg
        # (P1): the three ports are picked before the proxy starts; one taken by another
        # process before the proxy binds it is a PortTaken (the proxy exited at start: CI 146,
        # where the port wait then saw that other test's listener), and all start again on
        # other ports
        p1, p2, p3 = d.free_port(), d.free_port(), d.free_port()
        front = f"http://127.0.0.1:{p1}"
        a, aport = start_agent("alpha", f"http://127.0.0.1:{p2}")
        b, bport = start_agent("beta", f"http://127.0.0.1:{p3}")
        glog = os.path.join(out, f"{mode}.router.jsonl")
        rec = os.path.join(out, f"{mode}.proxy.jsonl")
        rep = os.path.join(out, f"{mode}.report.json")
        for f in (glog, rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        rt = subprocess.Popen([sys.executable, ROUTER, "--mode", mode,
                               "--agent", f"alpha=http://127.0.0.1:{p2}",
                               "--agent", f"beta=http://127.0.0.1:{p3}",
                               "--public", front, "--log", glog], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
        rport = int(rt.stdout.readline())
        try:
            proxy, _ = d.start_proxy(bin_, [
                "--listen", f"127.0.0.1:{p1}", "--upstream", f"http://127.0.0.1:{rport}",
                "--listener", f"upstream@127.0.0.1:{p2}=http://127.0.0.1:{aport}",
                "--listener", f"upstream@127.0.0.1:{p3}=http://127.0.0.1:{bport}",
                "--record", rec, "--report", rep, "--lossless"],
                os.path.join(out, f"{mode}.proxy.stderr"))
            break
        except d.PortTaken:
            for p in (rt, a, b):
                p.kill()
                p.wait()
            if attempt == 5:
                raise
    log = client(front)
    alive = proxy.poll() is None
    rc = d.stop_proxy(proxy)
    for p in (rt, a, b):
        p.kill()
        p.wait()
    online, report = set(), {}
    try:
        report = json.load(open(rep))
        online = d.rules_in(report)
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
            "agents": {"alpha": f"127.0.0.1:{p2}", "beta": f"127.0.0.1:{p3}"},
            "agents_hit": agents_hit(rec, {"alpha": f"127.0.0.1:{p2}",
                                           "beta": f"127.0.0.1:{p3}"}),
            "findings": [{"rule": f.get("rule"), "leg": f.get("leg"), "message": f.get("message"),
                          "seen": f.get("seen", 1)} for f in report.get("findings", [])],
            "steps": [(s, r["status"], r["rc"]) for s, r in log]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    doc = json.load(open(PRED))
    pred, baseline = doc["modes"], doc.get("baseline", [])
    names = sys.argv[3:] or list(pred)
    for name in names:
        m = pred.get(name, {})
        res = {"mode": name}
        res.update(run(bin_, out, name))
        want = set(m.get("predict", [])) | (set(baseline) - set(m.get("baseline_not_reached", [])))
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
