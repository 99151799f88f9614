#!/usr/bin/env python3
"""Drive misorch50.py (one mode or all): a real SDK ORCHESTRATOR delegating to the real Python
SDK agent, both hops through one `a2a-interop proxy --record --report --lossless`:

    curl -> proxy client leg (P1) -> misorch50 (O) -> proxy leg `delegate` (P2) -> SDK agent

The client (curl, JSON-RPC 1.0, `Authorization: Bearer client-secret-50` on every call): the
orchestrator's card; send "task hello" and get it (historyLength 0); stream "slow streamed"
and get it; send "long job" (returnImmediately), wait until the orchestrator says the delegate
answered the long job's call (its first answer on the delegate leg was read: the delegate's
task linked to the own one), cancel it; send "input please",
then the follow-up "more details" on the task and context the answer named; send "fail now";
a 0.3 `message/send` "task hello 03". An id not given is made up, so every mode makes the
same 11 calls. Before it stops the proxy the driver waits until every exchange in the
recording has ended and the orchestrator has logged every delegate answer (the long job's
stream closes after the cancel): events, not time.

    python3 misorch50_drive.py BIN OUTDIR [MODE[@LEG]...]

`MODE@LEG` names the proxy's delegate hop LEG instead of `delegate` (`legal@upstream`: the
same orchestrator recorded as if it were a gateway, the hop behind it named `upstream`;
depth51), its files OUTDIR/MODE@LEG.*, judged against MODE's predictions.

Writes OUTDIR/MODE.json (online = the --report's rule ids, stderr, offline = `verify` of the
recording, `untouched`: each client answer against the client-leg bytes recorded,
`delegate_untouched`: each answer the orchestrator read (its --log) against the delegate
leg's recorded bytes, `legs`: exchanges per leg, `findings` with their leg) and prints one
line per mode: OK / MISS, predicted, got, flags.
"""
import base64
import json
import os
import subprocess
import sys
import threading
import time
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402  (curl, JSON results, rule ids, byte comparison)
import misgateway45_drive as g45  # noqa: E402  (ports, legs)

ORCH = os.path.join(HERE, "misorch50.py")
PRED = os.path.join(HERE, "..", "cases", "live50-predictions.json")
AUTH = "Authorization: Bearer client-secret-50"


def start_delegate(public):
    """The Python SDK agent (A2A_NAME 'delegate test agent') on a free port advertising
    `public`; (process, port), once its card (not another test's agent on a port taken in
    between) answers."""
    return g45.start_agent("py", public, {"A2A_NAME": "delegate test agent"})


def task_of(objs):
    """(task id, context id) of the first task an answer or stream names."""
    for o in objs:
        r = o.get("result") if isinstance(o, dict) else None
        if not isinstance(r, dict):
            continue
        x = r.get("task") if isinstance(r.get("task"), dict) else r
        if isinstance(x.get("id"), str) and ("status" in x or x.get("kind") == "task"):
            return x["id"], x.get("contextId")
    return None, None


WAIT = 60.0  # the most the driver waits for an event of a peer before it goes on


class Linked:
    """The orchestrator's `delegated OWN DELEGATE` stdout lines, read on a thread."""

    def __init__(self, out):
        self.ids, self.cv = set(), threading.Condition()
        threading.Thread(target=self.read, args=(out,), daemon=True).start()

    def read(self, out):
        for ln in out:
            w = ln.split()
            if len(w) == 3 and w[0] == "delegated":
                with self.cv:
                    self.ids.update(x for x in w[1:] if x != "-")
                    self.cv.notify_all()

    def wait(self, tid):
        """True once a delegate call of the task `tid` (the own id or, relay-task, the
        delegate's the client was given) had its first answer; False after WAIT s."""
        with self.cv:
            return self.cv.wait_for(lambda: tid in self.ids, WAIT)


def settled(rec, olog, leg):
    """True once every exchange of the recording `rec` has its exchange_end and the
    orchestrator's log `olog` holds an answer for each delegate-leg exchange (it logs a
    stream when it closes it); False after WAIT s. Read as the proxy writes (a partial last
    line is skipped)."""
    end = time.monotonic() + WAIT
    while True:
        opened, ended, delegate = set(), set(), 0
        try:
            for ln in open(rec):
                try:
                    e = json.loads(ln)
                except ValueError:
                    continue
                if e.get("type") == "request_head":
                    opened.add(e.get("exchange"))
                    delegate += e.get("leg") == leg and e.get("method") != "OPTIONS"
                elif e.get("type") == "exchange_end":
                    ended.add(e.get("exchange"))
            logged = sum(1 for _ in open(olog)) if os.path.exists(olog) else 0
        except OSError:
            opened, logged = {None}, 0
        if opened <= ended and logged >= delegate:
            return True
        if time.monotonic() > end:
            return False
        time.sleep(0.05)


def client(front, linked):
    """The client's 11 steps through the proxy's front `front`: (log, whether the long job
    had its first answer from the delegate before its cancel)."""
    log = []
    n = [0]

    def call(step, method, params, v10=True):
        n[0] += 1
        hs = [AUTH] + (["A2A-Version: 1.0"] if v10 else [])
        r = d.curl(front + "/", {"jsonrpc": "2.0", "id": n[0], "method": method, "params": params},
                   hs, timeout=30)
        log.append((step, r))
        return d.json_results(r)

    log.append(("card", d.curl(front + "/.well-known/agent-card.json", None, [AUTH])))
    t1, _ = task_of(call("send", "SendMessage", {"message": d.message(True, "task hello")}))
    call("get", "GetTask", {"id": t1 or "t1-not-given", "historyLength": 0})
    s, _ = task_of(call("stream", "SendStreamingMessage", {"message": d.message(True, "slow streamed")}))
    call("get-stream", "GetTask", {"id": s or "s-not-given"})
    t3, _ = task_of(call("send-long", "SendMessage", {"message": d.message(True, "long job"),
                                                      "configuration": {"returnImmediately": True}}))
    # the cancel comes once the long job reached the delegate and the orchestrator read its
    # first answer (linked it; caller-ids: refused), not after a 1 s sleep, which could
    # come before that answer on a loaded machine
    was_linked = bool(t3) and linked.wait(t3)
    call("cancel", "CancelTask", {"id": t3 or "t3-not-given"})
    ti, ci = task_of(call("send-input", "SendMessage", {"message": d.message(True, "input please")}))
    m = d.message(True, "more details", ti or "ti-not-given")
    if ci:
        m["contextId"] = ci
    call("follow-up", "SendMessage", {"message": m})
    call("send-fail", "SendMessage", {"message": d.message(True, "fail now")})
    call("send-03", "message/send", {"message": d.message(False, "task hello 03")}, v10=False)
    return log, was_linked


def delegate_untouched(rec, log, leg="delegate"):
    """Each answer the orchestrator read from the delegate (its --log) against the delegate
    leg's recorded response bytes, in order: 'same', 'prefix' (the orchestrator left the
    stream), 'differs N/M' or 'missing'."""
    order, bodies = [], {}
    for ln in open(rec):
        e = json.loads(ln)
        if e.get("leg") != leg:
            continue
        if e.get("type") == "request_head" and e.get("method") != "OPTIONS":
            order.append(e["exchange"])
            bodies[e["exchange"]] = b""
        if e.get("type") == "response_chunk" and e["exchange"] in bodies:
            b = e.get("body", "")
            b = base64.b64decode(b) if e.get("encoding") == "base64" else b.encode()
            bodies[e["exchange"]] += b
    got = [json.loads(ln) for ln in open(log)] if os.path.exists(log) else []
    # matched by content, not by order: the orchestrator logs an answer when it closes it,
    # and a stream it keeps (the long job's) closes after later calls
    left = list(order)
    out = []
    for g in got:
        mine = base64.b64decode(g["body"])
        hit = next((x for x in left if bodies[x] == mine), None) or \
            next((x for x in left if bodies[x].startswith(mine)), None)
        if hit is None:
            out.append((g["path"], "missing" if not left else "differs"))
            continue
        left.remove(hit)
        out.append((g["path"], "same" if bodies[hit] == mine else "prefix"))
    if len(order) > len(got):
        out.append(("recorded-only", f"{len(order) - len(got)} more delegate exchanges"))
    return out


def run(bin_, out, mode, leg="delegate", tag=None):
    tag = tag or mode
    for attempt in range(1, 6):
        # the delegate's card advertises its listener (P2) and the orchestrator the client
        # leg (P1): both ports are picked before the proxy starts; one taken by another
        # process before the proxy binds it is a PortTaken (the proxy exited at start), and
        # all start again on other ports
        p1, p2 = d.free_port(), d.free_port()
        front = f"http://127.0.0.1:{p1}"
        a, aport = start_delegate(f"http://127.0.0.1:{p2}")
        olog = os.path.join(out, f"{tag}.orch.jsonl")
        rec, rep = os.path.join(out, f"{tag}.proxy.jsonl"), os.path.join(out, f"{tag}.report.json")
        for f in (olog, rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        orch = subprocess.Popen([os.path.join(HERE, ".venv", "bin", "python"), ORCH, "--mode",
                                 mode, "--delegate", f"http://127.0.0.1:{p2}", "--public", front,
                                 "--log", olog], stdout=subprocess.PIPE,
                                stderr=open(os.path.join(out, f"{tag}.orch.stderr"), "w"),
                                text=True)
        oport = int(orch.stdout.readline())
        linked = Linked(orch.stdout)
        try:
            proxy, _ = d.start_proxy(bin_, [
                "--listen", f"127.0.0.1:{p1}", "--upstream", f"http://127.0.0.1:{oport}",
                "--listener", f"{leg}@127.0.0.1:{p2}=http://127.0.0.1:{aport}",
                "--record", rec, "--report", rep, "--lossless"],
                os.path.join(out, f"{tag}.proxy.stderr"))
            break
        except d.PortTaken:
            for p in (orch, a):
                p.kill()
                p.wait()
            if attempt == 5:
                raise
    log, was_linked = client(front, linked)
    # the proxy is stopped once what the test reads is there: every exchange ended in the
    # recording, every delegate answer in the orchestrator's log (a 0.5 s sleep raced the
    # long job's stream closing after its cancel)
    is_settled = settled(rec, olog, leg)
    alive = proxy.poll() is None
    rc = d.stop_proxy(proxy)
    for p in (orch, a):
        p.kill()
        p.wait()
    online, report = set(), {}
    try:
        report = json.load(open(rep))
        online = d.rules_in(report)
    except (OSError, ValueError):
        pass
    stderr_rules = set(d.RULE.findall(open(os.path.join(out, f"{tag}.proxy.stderr")).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = d.rules_in(json.loads(v.stdout))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    only = g45.client_leg_recording(rec, os.path.join(out, f"{tag}.client-leg.{uuid.uuid4()}"))
    untouched = d.compare_bytes(only, log)
    os.unlink(only)
    return {"online": sorted(online), "stderr": sorted(stderr_rules), "offline": sorted(offline),
            "proxy_alive": alive, "proxy_rc": rc, "untouched": untouched, "legs": g45.legs(rec),
            "delegate_untouched": delegate_untouched(rec, olog, leg),
            "orchestrator": f"127.0.0.1:{p1}", "delegate": f"127.0.0.1:{p2}",
            "findings": [{"rule": f.get("rule"), "leg": f.get("leg"), "message": f.get("message"),
                          "seen": f.get("seen", 1)} for f in report.get("findings", [])],
            "delegated": was_linked, "settled": is_settled, "steps": [(s, r["status"], r["rc"]) for s, r in log]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    doc = json.load(open(PRED))
    pred, baseline = doc["modes"], doc.get("baseline", [])
    names = sys.argv[3:] or list(pred)
    for name in names:
        mode, _, leg = name.partition("@")
        m = pred.get(mode, {})
        res = {"mode": name}
        res.update(run(bin_, out, mode, leg or "delegate", name))
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
        if any(u not in ("same", "prefix") for _, u in res["delegate_untouched"]):
            flags.append("DELBYTES")
        if any(lg["ended"] != lg["exchanges"] for lg in res["legs"].values()):
            flags.append("UNENDED")
        if not res["delegated"]:
            flags.append("UNDELEGATED")
        if not res["settled"]:
            flags.append("UNSETTLED")
        dl = res["legs"].get(leg or "delegate", {}).get("exchanges", 0)
        cl = res["legs"].get("client", {}).get("exchanges", 0)
        print(f"{'OK  ' if res['as_predicted'] else 'MISS'} {name:20} pred={sorted(want)} "
              f"got={res['online']} legs={cl}/{dl} {' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
