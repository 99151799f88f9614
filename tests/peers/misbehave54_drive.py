#!/usr/bin/env python3
"""Drive misbehave54.py's modes (one agent process serving every mode, each mode behind its
own real `a2a-interop proxy --record --report --lossless`, started by
misbehave_drive.start_proxy on a port the proxy picks; all modes at once) with a small
JSON-RPC client of the mode's wire generation that holds a conversation, then `verify` each
recording offline and compare the rules with tests/cases/live54-predictions.json.

    python3 misbehave54_drive.py BIN OUTDIR [MODE...]

The client's steps: the card; `book` (the agent asks for a date: input-required or
auth-required); the follow-up `friday` naming the task (taskId and contextId, or the taskId
only, or the task with another contextId: the mode's `client.followup`; a Message answer is
followed up by its contextId alone); the task read; a streamed `report` in the same context
(contextId only: a new task there) and its read; then the mode's extras (a message to the
completed task and its read, referenceTaskIds naming the finished or an unknown task, a
taskId no one handed out, another new task in the context). Every send names the
extensions of `client.ask` in the generation's header (0.x X-A2A-Extensions, 1.0
A2A-Extensions); `retry-ext` sends the first message without the card's required ones and
again with them.

Writes OUTDIR/MODE.json (online / offline / stderr rules, findings, the proxy's exit, steps)
and prints one line per mode.
"""
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
import uuid

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "misbehave54.py")
PRED = os.path.join(HERE, "..", "cases", "live54-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
sys.path.insert(0, HERE)
import misbehave54 as agent_mod  # noqa: E402
import misbehave_drive  # noqa: E402


def call(url, body=None, headers=None):
    """(status, [JSON objects]: the body, or each SSE event's data) of one call."""
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data, h, method="POST" if data else "GET")
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            status, raw, ctype = r.status, r.read(), r.headers.get("Content-Type", "")
    except urllib.error.HTTPError as e:
        status, raw, ctype = e.code, e.read(), ""
    except OSError as e:
        return 0, [{"error": str(e)}]
    if "event-stream" in ctype:
        out = []
        for ln in raw.decode(errors="replace").splitlines():
            if ln.startswith("data:"):
                try:
                    out.append(json.loads(ln[5:].strip()))
                except ValueError:
                    pass
        return status, out
    try:
        return status, [json.loads(raw)]
    except ValueError:
        return status, []


def client(mode, base, log):
    v10, v02 = mode.startswith("v10-"), mode.startswith("v02-")
    o = agent_mod.opts(mode)
    c = o["client"]
    required = [u for u, r in o["exts"] if r]
    st, _ = call(base + ("/.well-known/agent.json" if v02 else "/.well-known/agent-card.json"))
    log.append(("card", st))
    n = [0]
    ext_name = c["ext_header"] or ("A2A-Extensions" if v10 else "X-A2A-Extensions")

    def rpc(step, method, params, ask=None):
        n[0] += 1
        ask = c["ask"] if ask is None else ask
        h = {"A2A-Version": "1.0"} if v10 else {}
        if ask:
            h[ext_name] = ", ".join(ask)
        st, objs = call(base + "/", {"jsonrpc": "2.0", "id": n[0], "method": method,
                                     "params": params}, h)
        log.append((step, st))
        return objs

    def message(text, tid=None, ctx=None, refs=None):
        m = {"messageId": (f"client-msg-{mode}" if c["reuse_message_id"]
                           and text in ("book", "friday") else str(uuid.uuid4())), "role": "ROLE_USER" if v10 else "user",
             "parts": [{"text": text}] if v10 else [{"kind": "text", "text": text}]}
        if not v10:
            m["kind"] = "message"
        if tid:
            m["taskId"] = tid
        if ctx:
            m["contextId"] = ctx
        if refs:
            m["referenceTaskIds"] = refs
        return m

    def ids(objs):
        """(taskId, contextId) of the first answer or event that names them."""
        for ob in objs:
            r = ob.get("result") if isinstance(ob, dict) else None
            if not isinstance(r, dict):
                continue
            if v10:
                r = r.get("task") or r.get("message") or {}
                tid = r.get("id") if "status" in r else r.get("taskId")
            else:
                tid = r.get("id") if r.get("kind") == "task" else r.get("taskId")
            return tid, r.get("contextId")
        return None, None

    send = "SendMessage" if v10 else "message/send"
    stream = "SendStreamingMessage" if v10 else "message/stream"
    get = "GetTask" if v10 else "tasks/get"
    if "retry-ext" in c["extras"]:
        first = rpc("send-book-no-ext", send, {"message": message("book")},
                    [u for u in c["ask"] if u not in required])
        if first and isinstance(first[0], dict) and "error" in first[0]:
            first = rpc("send-book", send, {"message": message("book")})
    else:
        first = rpc("send-book", stream if c["first_stream"] else send,
                    {"message": message("book")})
    tid, ctx = ids(first)
    if tid:
        f = c["followup"]
        for turn, text in enumerate(["friday", "12A"][:c["turns"] - 1]):
            last = turn == c["turns"] - 2
            rpc(f"follow-up-{turn + 1}", stream if last and c["followup_stream"] else send,
                {"message": message(
                    text, tid,
                    None if f == "task-only" else (f"ctx-{mode}-elsewhere" if f == "ctx-other"
                                                   else ctx))})
        rpc("get", get, {"id": tid})
    elif ctx:
        rpc("follow-up-ctx", send, {"message": message("friday", None, ctx)})
    s_tid, _ = ids(rpc("stream-report", stream, {"message": message("report", None, ctx)}))
    if s_tid and s_tid != tid:
        rpc("get-report", get, {"id": s_tid})
    for x in c["extras"]:
        if x == "terminal" and tid:
            rpc("send-to-completed", send, {"message": message("and saturday?", tid, ctx)})
            rpc("get-after", get, {"id": tid})
        elif x == "ref-known" and tid:
            rpc("send-ref", send, {"message": message("summary", None, ctx, [tid])})
        elif x == "ref-unknown":
            rpc("send-ref-unknown", send, {"message": message(
                "summary", None, ctx, [f"task-nobody-handed-out-{mode}"])})
        elif x == "unknown-task":
            rpc("send-unknown-task", send, {"message": message(
                "resume", f"task-never-handed-out-{mode}")})
        elif x == "ctx-new":
            rpc("send-ctx-new", send, {"message": message("thanks", None, ctx)})


def run_mode(bin_, out, mode, aport, res):
    rec, rep = os.path.join(out, f"{mode}.jsonl"), os.path.join(out, f"{mode}.report.json")
    errp = os.path.join(out, f"{mode}.proxy.stderr")
    for f in (rec, rep):
        if os.path.exists(f):
            os.unlink(f)
    try:
        proxy, ready = misbehave_drive.start_proxy(
            bin_, ["--listen", "127.0.0.1:0", "--upstream", f"http://127.0.0.1:{aport}",
                   "--record", rec, "--report", rep, "--lossless"], errp)
    except (RuntimeError, OSError) as e:
        res[mode] = {"mode": mode, "error": str(e), "online": ["NO-PROXY"], "offline": [],
                     "stderr": [], "steps": [], "findings": [], "proxy_alive": False,
                     "proxy_rc": None}
        return
    base = f"http://127.0.0.1:{ready['listen']}"
    # the card names the proxy: told to the agent on its own port (no A2A traffic)
    urllib.request.urlopen(urllib.request.Request(
        f"http://127.0.0.1:{aport}/__public", base.encode(), method="POST"), timeout=10).read()
    log = []
    try:
        client(mode, base, log)
    except Exception as e:  # noqa: BLE001  (a client crash is a result of the mode)
        log.append(("client-error", 0, repr(e)))
    alive = proxy.poll() is None
    rc = misbehave_drive.stop_proxy(proxy)
    try:
        report = json.load(open(rep))
    except (OSError, ValueError):
        report = {}
    online = misbehave_drive.rules_in(report.get("findings", report))
    stderr_rules = set(RULE.findall(open(errp).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    open(os.path.join(out, f"{mode}.verify.json"), "wb").write(v.stdout)
    try:
        offline = misbehave_drive.rules_in(json.loads(v.stdout).get("findings", []))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    res[mode] = {"mode": mode, "online": sorted(online), "offline": sorted(offline),
                 "stderr": sorted(stderr_rules), "proxy_alive": alive, "proxy_rc": rc,
                 "steps": log,
                 "findings": [{k: f.get(k) for k in ("rule", "severity", "message", "leg")}
                              for f in report.get("findings", [])]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    modes = sys.argv[3:] or list(pred)
    ag = subprocess.Popen([sys.executable, AGENT] + modes, stdout=subprocess.PIPE, text=True)
    ports = {}
    for _ in modes:
        m, p = ag.stdout.readline().split()
        ports[m] = int(p)
    ag.stdout.readline()  # ready
    res = {}
    ths = [threading.Thread(target=run_mode, args=(bin_, out, m, ports[m], res))
           for m in modes]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    ag.kill()
    ag.wait()
    for m in modes:
        r = res[m]
        p = pred.get(m, {})
        want = sorted(p.get("predict", []))
        r["predicted"] = want
        r["kind"] = p.get("kind")
        json.dump(r, open(os.path.join(out, f"{m}.json"), "w"), indent=1, default=str)
        flags = []
        if r["online"] != r["offline"]:
            flags.append(f"OFFLINE={r['offline']}")
        if r["stderr"] != r["online"]:
            flags.append(f"STDERR={r['stderr']}")
        if not r["proxy_alive"] or r["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={r['proxy_rc']} alive={r['proxy_alive']}")
        ok = r["online"] == want
        print(f"{'OK  ' if ok else 'MISS'} {m:34} pred={want} got={r['online']} "
              f"{' '.join(flags)}", flush=True)


if __name__ == "__main__":
    main()
