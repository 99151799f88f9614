#!/usr/bin/env python3
"""Drive misgateway46.py (one mode or all) between the two legs of one real `a2a-interop
proxy --record --report --lossless --listener upstream@...`, in front of the real Python SDK
agent's HTTP+JSON binding:

    curl -> proxy client leg (P1) -> misgateway46 (G) -> proxy upstream leg (P2) -> SDK agent

then compare the findings with tests/cases/live46-predictions.json (a mode's `predict` and
the `baseline` of the agent: what the SDK agent itself draws whatever the gateway does).

    python3 misgateway46_drive.py BIN OUTDIR [MODE...]

The agent advertises P2 (where the gateway reaches it); the gateway rewrites that to P1 in
the card as its mode says. curl is the client, over HTTP+JSON only: the card, then A2A 1.0
(POST /message:send, POST /message:stream, GET /tasks/{id}?historyLength=0, GET
/tasks?pageSize=1, an unknown task, a long task canceled; A2A-Version: 1.0, A2A-Extensions,
application/a2a+json bodies), then 0.3 (/v1/message:send, /v1/message:stream,
/v1/tasks/{id}?historyLength=1, an unknown task; application/json, no A2A-Version). It calls
the card's HTTP+JSON urls when they are on P1, else P1 + /rest. The cors-preflight mode sends
a CORS preflight before the first send. Every mode makes the same number of calls (an id the
answers did not give is replaced by a made-up one).

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, the proxy's exit, `untouched`: each client answer against the client-leg bytes the
proxy recorded, `upstream_untouched`: each answer the gateway read from the agent (its --log)
against the upstream-leg bytes the proxy recorded, `legs`: the recording's exchanges per leg
and whether each was closed) and prints one line per mode: OK / MISS, predicted, got, flags.
"""
import json
import os
import subprocess
import sys
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402
import misgateway45_drive as g45  # noqa: E402  (agent start-up, legs, byte comparisons)

GATEWAY = os.path.join(HERE, "misgateway46.py")
PRED = os.path.join(HERE, "..", "cases", "live46-predictions.json")
EXT = "https://example.com/a2a/ext/trace/v1"
A2A_JSON = "application/a2a+json"


def curl(url, body=None, headers=(), method=None, ctype=None, timeout=15):
    """(status, headers dict, body bytes, [(t, line)]) of one call: `body` (a JSON value) sent
    as `ctype`; transfer decoding by curl, content encoding kept."""
    hfile = f"/tmp/breaker46-h-{uuid.uuid4()}"
    args = ["curl", "-sS", "-N", "-D", hfile, "--max-time", str(timeout)]
    if method:
        args += ["-X", method]
    for h in headers:
        args += ["-H", h]
    if body is not None:
        args += ["-H", f"Content-Type: {ctype}", "--data-binary", json.dumps(body)]
    args.append(url)
    t0 = time.monotonic()
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    data, times = b"", []
    while True:
        line = p.stdout.readline()
        if not line:
            break
        data += line
        times.append((round(time.monotonic() - t0, 3), line))
    err = p.stderr.read().decode(errors="replace")
    p.wait()
    status, hdrs = 0, {}
    try:
        with open(hfile, "rb") as f:
            for ln in f.read().decode("latin-1").split("\r\n"):
                if ln.startswith("HTTP/"):
                    status, hdrs = int(ln.split()[1]), {}
                elif ":" in ln:
                    k, v = ln.split(":", 1)
                    hdrs[k.strip().lower()] = v.strip()
        os.unlink(hfile)
    except (OSError, ValueError, IndexError):
        pass
    return {"status": status, "headers": hdrs, "body": data, "times": times, "err": err,
            "rc": p.returncode}


def rest_task_id(r):
    """The task id of a REST answer: a Task, {"task": Task}, or the first stream event's."""
    for o in d.json_results(r):
        if not isinstance(o, dict):
            continue
        t = o.get("task", o)
        if isinstance(t, dict) and isinstance(t.get("id"), str):
            return t["id"]
    return None


def msg(v10, text):
    return {"role": "ROLE_USER", "messageId": str(uuid.uuid4()),
            ("parts" if v10 else "content"): [{"text": text}]}


def client(base, mode):
    """curl as an A2A HTTP+JSON client: 1.0 calls, then 0.3 ones; [(step, curl result)]."""
    log = []
    r = curl(base + "/.well-known/agent-card.json")
    log.append(("card", r))
    rest10, rest03 = base + "/rest", base + "/rest"
    try:
        c = json.loads(r["body"])
        for i in c["supportedInterfaces"]:
            if i.get("protocolBinding") == "HTTP+JSON" and i["url"].startswith(base):
                if i.get("protocolVersion") == "1.0":
                    rest10 = i["url"].rstrip("/")
                elif i.get("protocolVersion") == "0.3":
                    rest03 = i["url"].rstrip("/")
    except (ValueError, KeyError, TypeError):
        pass
    rest03 += "/v1"
    h10 = ["A2A-Version: 1.0", f"A2A-Extensions: {EXT}"]

    def call(step, url, body=None, v10=True, method=None, extra=()):
        r = curl(url, body, (h10 if v10 else []) + list(extra), method,
                 A2A_JSON if v10 else "application/json")
        log.append((step, r))
        return r

    if mode == "cors-preflight":
        log.append(("preflight", curl(rest10 + "/message:send", method="OPTIONS", headers=[
            "Origin: https://app.example.com", "Access-Control-Request-Method: POST",
            "Access-Control-Request-Headers: content-type, a2a-version, a2a-extensions"])))
    origin = ["Origin: https://app.example.com"] if mode == "cors-preflight" else []
    t1 = rest_task_id(call("send", rest10 + "/message:send", {"message": msg(True, "task hello")},
                           extra=origin)) or "t1-not-given"
    call("stream", rest10 + "/message:stream", {"message": msg(True, "slow streamed")},
         extra=["Accept: text/event-stream"] + origin)
    call("get", f"{rest10}/tasks/{t1}?historyLength=0")
    call("list", f"{rest10}/tasks?pageSize=1")
    call("get-unknown", rest10 + "/tasks/no-such-task")
    t2 = rest_task_id(call("send-long", rest10 + "/message:send",
                           {"message": msg(True, "long job"),
                            "configuration": {"returnImmediately": True}})) or "t2-not-given"
    call("cancel", f"{rest10}/tasks/{t2}:cancel", {})
    t3 = rest_task_id(call("send-03", rest03 + "/message:send", {"message": msg(False, "task in 0.3")},
                           v10=False)) or "t3-not-given"
    call("stream-03", rest03 + "/message:stream", {"message": msg(False, "slow in 0.3")}, v10=False,
         extra=["Accept: text/event-stream"])
    call("get-03", f"{rest03}/tasks/{t3}?historyLength=1", v10=False)
    call("get-unknown-03", rest03 + "/tasks/no-such-task", v10=False)
    return log


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
        if os.path.exists(glog):
            os.unlink(glog)
        gw, gport = start_gateway(mode, back, front, glog)
        rec, rep = os.path.join(out, f"{mode}.proxy.jsonl"), os.path.join(out, f"{mode}.report.json")
        for f in (rec, rep):
            if os.path.exists(f):
                os.unlink(f)
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
    log = client(front, mode)
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
    stderr_rules = set(d.RULE.findall(open(os.path.join(out, f"{mode}.proxy.stderr")).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = d.rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    only = g45.client_leg_recording(rec, os.path.join(out, f"{mode}.client-leg.jsonl"))
    untouched = d.compare_bytes(only, log)
    os.unlink(only)
    return {"online": sorted(online), "stderr": sorted(stderr_rules), "offline": sorted(offline),
            "proxy_alive": alive, "proxy_rc": rc, "untouched": untouched, "legs": g45.legs(rec),
            "upstream_untouched": g45.upstream_untouched(rec, glog, mode),
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
        if any(u not in ("same", "prefix") for _, u in res["upstream_untouched"]):
            flags.append("UPBYTES")
        if any(lg["ended"] != lg["exchanges"] for lg in res["legs"].values()):
            flags.append("UNENDED")
        up = res["legs"].get("upstream", {}).get("exchanges", 0)
        cl = res["legs"].get("client", {}).get("exchanges", 0)
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {name:20} pred={sorted(want)} "
              f"got={res['online']} legs={cl}/{up} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
