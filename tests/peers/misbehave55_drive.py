#!/usr/bin/env python3
"""Drive misbehave55.py's modes (one agent process serving every mode, each mode behind its
own real `a2a-interop proxy --record --report --lossless`, started by
misbehave_drive.start_proxy on a port the proxy picks; all modes at once) with a small client
of the mode's binding and generation (JSON-RPC 1.0 / 0.3 / 0.2, HTTP+JSON 1.0 / 0.3 written
by hand), then `verify` each recording offline and compare the rules with
tests/cases/live55-predictions.json.

    python3 misbehave55_drive.py BIN OUTDIR [MODE...]

The client's steps: the card; five real sends that make the tasks (`quick` T1 completed,
`quick` T2 and `long` T3 (working) in T1's context, `quick` T4 in a context of its own,
`book` T5 (input-required) in T1's context; the `long` sends ask not to wait: 1.0
returnImmediately, 0.x blocking: false); GetTask T1 with historyLength; on 1.0 ListTasks
pages of `page_size` (following nextPageToken, at most six pages), the contextId filter, the
status filter, historyLength 1 with includeArtifacts in T4's context (and, in `ts_filter`
modes, statusTimestampAfter a millisecond after T1's status timestamp); a subscription to T5
in the middle of its conversation, the follow-up that completes it and its read; a
subscription to the working T3 (the agent runs it to completion) and its read; a cancel of
the completed T1, of a task no one handed out, of a new working task T6 (then its read, and
in `cancel_again` modes a second cancel); a subscription to the finished T1; then a new
working task T7 and its push notification configs: create cfg-1, create one without id, get
cfg-1, list, delete cfg-1 (twice in `delete_twice` modes), get cfg-1 again, list again.
HTTP+JSON cancels are POSTed with `{}` (no body in `cancel_body: False` modes, GET in
`cancel_verb: GET` ones); subscriptions use GET (POST in `sub_verb: POST` modes).

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
import urllib.parse
import urllib.request
import uuid
from datetime import datetime, timedelta

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "misbehave55.py")
PRED = os.path.join(HERE, "..", "cases", "live55-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
sys.path.insert(0, HERE)
import misbehave55 as agent_mod  # noqa: E402
import misbehave_drive  # noqa: E402


def call(url, body=None, headers=None, method=None):
    """(status, [JSON objects]: the body, or each SSE event's data) of one call."""
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data, h, method=method or ("POST" if data else "GET"))
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


class Client:
    """One mode's client: the calls of its binding and generation, each logged as a step."""

    def __init__(self, mode, base, log, aport=None):
        self.mode, self.base, self.log = mode, base, log
        # the agent's own port, for control posts the proxy never sees
        self.aport = aport
        self.gen = mode[1:3]
        self.v10 = self.gen == "10"
        self.rest = mode.startswith("r")
        self.pre = base + ("" if self.v10 else "/v1")
        self.n = 0
        self.c = agent_mod.opts(mode)["client"]

    def headers(self):
        return {"A2A-Version": "1.0"} if self.v10 else {}

    def rpc(self, step, method, params):
        self.n += 1
        st, objs = call(self.base + "/", {"jsonrpc": "2.0", "id": self.n, "method": method,
                                          "params": params}, self.headers())
        self.log.append((step, st))
        out = []
        for ob in objs:
            if isinstance(ob, dict) and "result" in ob:
                out.append(ob["result"])
            elif isinstance(ob, dict) and "error" in ob:
                out.append({"__error__": ob["error"]})
        return out

    def http(self, step, method, path, body=None, query=None):
        url = self.pre + path
        if query:
            url += "?" + urllib.parse.urlencode(query)
        st, objs = call(url, body, self.headers(), method)
        self.log.append((step, st))
        return [o for o in objs if isinstance(o, dict)]

    # ---- operations ----------------------------------------------------------------------
    def message(self, text, tid=None, ctx=None):
        if self.v10 or self.rest:
            m = {"messageId": str(uuid.uuid4()), "role": "ROLE_USER",
                 ("parts" if self.v10 else "content"): [{"text": text}]}
        else:
            m = {"kind": "message", "messageId": str(uuid.uuid4()), "role": "user",
                 "parts": [{"kind": "text", "text": text}]}
        if tid:
            m["taskId"] = tid
        if ctx:
            m["contextId"] = ctx
        return m

    def task_of(self, objs):
        """(id, contextId) of the first task in objs."""
        for r in objs:
            if not isinstance(r, dict):
                continue
            t = r.get("task") if isinstance(r.get("task"), dict) else r
            if "id" in t and "status" in t:
                return t["id"], t.get("contextId")
        return None, None

    def send(self, step, text, tid=None, ctx=None):
        m = self.message(text, tid, ctx)
        p = {"message": m}
        if text.startswith("long"):
            # a task meant to stay working: 1.0 sends block until a terminal or interrupted
            # state unless returnImmediately (TASK-005); 0.x asks with blocking: false
            p["configuration"] = ({"returnImmediately": True} if self.v10
                                  else {"blocking": False})
            if not self.rest and not self.v10:
                p["configuration"]["acceptedOutputModes"] = ["text/plain"]
        if self.rest:
            return self.task_of(self.http(step, "POST", "/message:send", p))
        meth = "SendMessage" if self.v10 else "message/send"
        return self.task_of(self.rpc(step, meth, p))

    def get(self, step, tid, history=None):
        if self.rest:
            q = {} if history is None else {"historyLength": history}
            return self.http(step, "GET", f"/tasks/{tid}", query=q)
        p = {"id": tid}
        if history is not None:
            p["historyLength"] = history
        return self.rpc(step, "GetTask" if self.v10 else "tasks/get", p)

    def list(self, step, q):
        if self.rest:
            return self.http(step, "GET", "/tasks", query=q)
        return self.rpc(step, "ListTasks", q)

    def cancel(self, step, tid):
        if self.rest:
            verb = self.c["cancel_verb"]
            body = {} if verb == "POST" and self.c["cancel_body"] else None
            return self.http(step, verb, f"/tasks/{tid}:cancel", body)
        return self.rpc(step, "CancelTask" if self.v10 else "tasks/cancel", {"id": tid})

    def subscribe(self, step, tid):
        if self.rest:
            verb = self.c["sub_verb"]
            return self.http(step, verb, f"/tasks/{tid}:subscribe",
                             {} if verb == "POST" else None)
        return self.rpc(step, "SubscribeToTask" if self.v10 else "tasks/resubscribe",
                        {"id": tid})

    def tell_answered(self, tid):
        """`POST /__answered` (task id) on the agent's own port: the client holds the answer
        to its follow-up on task tid (Agent.after_wait waits for it)."""
        urllib.request.urlopen(urllib.request.Request(
            f"http://127.0.0.1:{self.aport}/__answered", tid.encode(), method="POST"),
            timeout=10).read()

    def subscribe_held(self, step, tid, then):
        """A subscription to task tid read event by event: `then()` runs once its first
        event has arrived (the stream is open at the agent), then the rest is read."""
        if self.rest:
            url, body = f"{self.pre}/tasks/{tid}:subscribe", None
        else:
            self.n += 1
            url = self.base + "/"
            body = json.dumps({"jsonrpc": "2.0", "id": self.n,
                               "method": "SubscribeToTask" if self.v10 else
                               "tasks/resubscribe", "params": {"id": tid}}).encode()
        h = self.headers()
        if body is not None:
            h["Content-Type"] = "application/json"
        req = urllib.request.Request(url, body, h, method="POST" if body else "GET")
        try:
            with urllib.request.urlopen(req, timeout=20) as r:
                while True:
                    ln = r.readline()
                    if not ln or ln.startswith(b"data:"):
                        break
                then()
                r.read()
                self.log.append((step, r.status))
        except OSError as e:
            self.log.append((step, 0, str(e)))

    def push_create(self, step, tid, cid):
        url = f"{agent_mod.HOOK}/{cid or 'second'}"
        tok = f"client-token-{cid or 'second'}"
        if self.v10:
            c = {"taskId": tid, "url": url, "token": tok}
            if cid:
                c["id"] = cid
            if self.rest:
                return self.http(step, "POST", f"/tasks/{tid}/pushNotificationConfigs", c)
            return self.rpc(step, "CreateTaskPushNotificationConfig", c)
        c = {"url": url, "token": tok}
        if cid:
            c["id"] = cid
        if self.rest:
            body = {"name": f"tasks/{tid}/pushNotificationConfigs/{cid or ''}".rstrip("/"),
                    "pushNotificationConfig": c}
            return self.http(step, "POST", f"/tasks/{tid}/pushNotificationConfigs", body)
        return self.rpc(step, "tasks/pushNotificationConfig/set",
                        {"taskId": tid, "pushNotificationConfig": c})

    def push_get(self, step, tid, cid):
        if self.rest:
            return self.http(step, "GET", f"/tasks/{tid}/pushNotificationConfigs/{cid}")
        if self.v10:
            return self.rpc(step, "GetTaskPushNotificationConfig", {"taskId": tid, "id": cid})
        return self.rpc(step, "tasks/pushNotificationConfig/get",
                        {"id": tid, "pushNotificationConfigId": cid})

    def push_list(self, step, tid):
        if self.rest:
            return self.http(step, "GET", f"/tasks/{tid}/pushNotificationConfigs")
        if self.v10:
            return self.rpc(step, "ListTaskPushNotificationConfigs", {"taskId": tid})
        return self.rpc(step, "tasks/pushNotificationConfig/list", {"id": tid})

    def push_delete(self, step, tid, cid):
        if self.rest:
            return self.http(step, "DELETE", f"/tasks/{tid}/pushNotificationConfigs/{cid}")
        if self.v10:
            return self.rpc(step, "DeleteTaskPushNotificationConfig", {"taskId": tid, "id": cid})
        return self.rpc(step, "tasks/pushNotificationConfig/delete",
                        {"id": tid, "pushNotificationConfigId": cid})

    # ---- the round -----------------------------------------------------------------------
    def run(self):
        c = self.c
        st, _ = call(self.base + ("/.well-known/agent.json" if self.gen == "02"
                                  else "/.well-known/agent-card.json"))
        self.log.append(("card", st))
        t1, c1 = self.send("send-quick-1", "quick one")
        self.send("send-quick-2", "quick two", ctx=c1)
        t3, _ = self.send("send-long", "long job", ctx=c1)
        t4, c2 = self.send("send-quick-other-ctx", "quick elsewhere")
        t5, _ = self.send("send-book", "book a seat", ctx=c1)
        got = self.get("get-t1", t1, c["history"])
        if self.v10:
            q = {} if c["page_size"] is None else {"pageSize": c["page_size"]}
            for i in range(6):
                page = self.list(f"list-page-{i + 1}", q)
                tok = page[0].get("nextPageToken") if page and isinstance(page[0], dict) else ""
                if not tok:
                    break
                q = dict(q, pageToken=tok)
            self.list("list-ctx", {"contextId": c1})
            self.list("list-status", {"status": c["status_filter"]})
            self.list("list-history", {"contextId": c2, "historyLength": 1,
                                       "includeArtifacts": True if not self.rest else "true"})
            stamp = ((got[0] or {}).get("status") or {}).get("timestamp") if got else None
            if c["ts_filter"] and stamp:
                # a millisecond after T1's status timestamp: every task but T1 qualifies
                # (the filter keeps timestamps >= the value, proto ListTasksRequest)
                t = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%S.%fZ") + timedelta(milliseconds=1)
                after = t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"
                self.list("list-after", {"statusTimestampAfter": after})
        if c["hold_sub"]:
            # the subscription stays open while the follow-up, on another connection,
            # completes the task: sent once the stream's first event has arrived
            # then tells the agent, on its own port, that the follow-up's answer has
            # arrived: the held stream's later events come after it in the recording
            # (CI 157: under load they were written, and recorded, first)
            def follow_up():
                self.send("follow-up", "friday", tid=t5, ctx=c1)
                self.tell_answered(t5)
            self.subscribe_held("sub-interrupted", t5, follow_up)
        else:
            self.subscribe("sub-interrupted", t5)
            self.send("follow-up", "friday", tid=t5, ctx=c1)
        self.get("get-t5", t5)
        self.subscribe("sub-working", t3)
        self.get("get-t3", t3)
        self.cancel("cancel-completed", t1)
        self.cancel("cancel-unknown", f"task-no-one-handed-out-{self.mode}")
        t6, _ = self.send("send-long-2", "long job two", ctx=c1)
        self.cancel("cancel-working", t6)
        self.get("get-t6", t6)
        if c["cancel_again"]:
            self.cancel("cancel-again", t6)
        self.subscribe("sub-finished", t1)
        t7, _ = self.send("send-long-3", "long job three", ctx=c2)
        self.push_create("push-create-cfg1", t7, "cfg-1")
        self.push_create("push-create-noid", t7, None)
        self.push_get("push-get-cfg1", t7, "cfg-1")
        self.push_list("push-list", t7)
        self.push_delete("push-delete-cfg1", t7, "cfg-1")
        if c["delete_twice"]:
            self.push_delete("push-delete-again", t7, "cfg-1")
        self.push_get("push-get-deleted", t7, "cfg-1")
        self.push_list("push-list-after", t7)
        del t4


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
        Client(mode, base, log, aport).run()
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
