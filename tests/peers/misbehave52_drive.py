#!/usr/bin/env python3
"""Drive misbehave52.py's modes (all of them in one agent process, each behind its own real
`a2a-interop proxy --record --report --lossless` with a recorded webhook listener, all modes
at once) with a small JSON-RPC client of the mode's wire generation, then `verify` each
recording offline and compare the rules with tests/cases/live52-predictions.json.

    python3 misbehave52_drive.py BIN OUTDIR [MODE...]

The client (a bearer token on every call but the first extended-card call): the card; a
blocking send `hello` with acceptedOutputModes [text/plain]; a send `job` that returns at
once (1.0 with historyLength 0; the job completes JOB_SECONDS later); two push configs of the job (webhooks /hook/a
and /hook/b on the proxy's webhook listener, tokens tok-a / tok-b, 1.0 also a Bearer
authentication); a get of config A; the list; a delete of config B, a get of it and (1.0) the delete again; a
subscribe (tasks/resubscribe) to the job until its end; GetTask historyLength 1; 1.0 ListTasks
pageSize 1 historyLength 1 and its next page; the extended card without and then (twice in
1.0) with the bearer token.
The webhook behind the listener answers 200 {} (503 to the first delivery to a path with
`retry` in it: v10-push-retry's).

Writes OUTDIR/MODE.json (online / offline / stderr rules, the findings, the proxy's exit,
the webhook's deliveries) and prints one line per mode: OK or MISS, predicted, got, flags.
"""
import json
import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import misbehave_drive as d  # noqa: E402  (start_proxy, stop_proxy, free_port)

AGENT = os.path.join(HERE, "misbehave52.py")
PRED = os.path.join(HERE, "..", "cases", "live52-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
TOKEN = "Bearer good-token-52"
# modes whose client polls (GetTask after the job's end) instead of subscribing: the end
# reaches the client only by a read, so a push it never got is judged (PUSH-DELIV-003)
POLL_MODES = ("v10-push-no-terminal", "v03-push-no-terminal",
              "v10-push-artifact-after-polled-end")
TAIL_MODES = ("v10-push-no-terminal", "v03-push-no-terminal")
JOB_WAIT = 5.5  # misbehave52.JOB_SECONDS and 1.5 s: the first poll's delay
POLL_EVERY = 0.5  # then the client polls again until it reads the end
POLL_MAX = 120
TAIL = 30.5


def free_ports(n):
    """`n` distinct free loopback ports and their bound sockets, to be closed once the agent
    has its own ports (no two proxies, nor the agent, are handed the same port)."""
    socks = []
    for _ in range(n):
        s = socket.socket()
        s.bind(("127.0.0.1", 0))
        socks.append(s)
    return [s.getsockname()[1] for s in socks], socks


def rules_in(obj, out=None):
    out = set() if out is None else out
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("rule", "ruleId", "rule_id") and isinstance(v, str) and RULE.fullmatch(v):
                out.add(v)
            else:
                rules_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            rules_in(v, out)
    return out


HOOKS = []  # (path, headers, body) of every delivery the webhook got
HOOK_LOCK = threading.Lock()


class Hook(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def answer(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        with HOOK_LOCK:
            first = not any(p == self.path for _, p, _, _ in HOOKS)
            HOOKS.append((self.command, self.path, dict(self.headers), body.decode(errors="replace")))
        if "retry" in self.path and first:
            self.send_response(503)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    do_POST = do_PUT = answer


def call(url, body=None, headers=None, method=None):
    """(status, [JSON objects]) of one call: one JSON body or each SSE event's data."""
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"
    req = urllib.request.Request(url, data, h, method=method or ("POST" if data else "GET"))
    try:
        with urllib.request.urlopen(req, timeout=20) as r:
            status, raw = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    except OSError as e:
        return 0, [{"error": str(e)}]
    try:
        return status, [json.loads(raw)]
    except ValueError:
        pass
    out = []
    for block in re.split(rb"\r?\n\r?\n", raw):
        d = b"\n".join(ln[5:].strip() for ln in block.splitlines() if ln.startswith(b"data:"))
        if d:
            try:
                out.append(json.loads(d))
            except ValueError:
                pass
    return status, out


def result(objs):
    for o in objs:
        if isinstance(o, dict) and isinstance(o.get("result"), dict):
            r = o["result"]
            return r.get("task", r)
    return {}


def ended(task):
    """The task (a GetTask result) shows it completed."""
    return (task.get("status") or {}).get("state") in ("TASK_STATE_COMPLETED", "completed")


def control(agent_base, verb, tid):
    """The agent's control path `/_drive/VERB/TID` (on the agent's own port: in no
    recording): its JSON answer, {} when it failed."""
    st, objs = call(f"{agent_base}/_drive/{verb}/{tid}",
                    method="POST" if verb == "polled" else "GET")
    return objs[0] if st == 200 and objs and isinstance(objs[0], dict) else {}


def client(mode, base, hook_base, agent_base, log):
    v10, v02 = mode.startswith("v10-"), mode.startswith("v02-")
    tenant = {"tenant": "acme"} if mode == "v10-tenant" else {}
    # v10-tenant-client-omits: the card declares tenant acme; this client sends none
    auth = {"Authorization": TOKEN}
    hdr = dict(auth, **({"A2A-Version": "1.0"} if v10 else {}))
    n = [0]

    def rpc(step, method, params, h=None):
        n[0] += 1
        st, objs = call(base + "/", {"jsonrpc": "2.0", "id": n[0], "method": method,
                                     "params": dict(params, **tenant) if v10 else params},
                        hdr if h is None else h)
        log.append((step, st))
        return objs

    def message(text):
        m = {"messageId": str(uuid.uuid4()), "role": "ROLE_USER" if v10 else "user",
             "parts": [{"text": text}] if v10 else [{"kind": "text", "text": text}]}
        if not v10:
            m["kind"] = "message"
        return m

    st, _ = call(base + ("/.well-known/agent.json" if v02 else "/.well-known/agent-card.json"))
    log.append(("card", st))
    rpc("send-hello", "SendMessage" if v10 else "message/send",
        {"message": message("hello"), "configuration": {"acceptedOutputModes": ["text/plain"]}})
    cfg = {"returnImmediately": True, "historyLength": 0} if v10 else \
        {"blocking": False, "acceptedOutputModes": ["text/plain"]}
    if mode == "v10-push-inline":
        cfg["taskPushNotificationConfig"] = {
            "url": f"{hook_base}/hook/c", "token": "tok-c",
            "authentication": {"scheme": "Bearer", "credentials": "cred-c"}}
    if mode == "v03-push-inline":
        cfg["pushNotificationConfig"] = {"url": f"{hook_base}/hook/c", "token": "tok-c"}
    t = result(rpc("send-job", "SendMessage" if v10 else "message/send",
                   {"message": message("job"), "configuration": cfg})).get("id")
    if not t:
        return
    ids = {}
    for name in ("a", "b"):
        url = f"{hook_base}/hook/{name}"
        if mode == "v10-push-retry":
            url += f"/retry/{mode}"
        if v10:
            p = {"taskId": t, "url": url, "token": f"tok-{name}",
                 "authentication": {"scheme": "Bearer", "credentials": f"cred-{name}"}}
            r = result(rpc(f"push-create-{name}", "CreateTaskPushNotificationConfig", p))
            ids[name] = r.get("id")
        else:
            p = {"taskId": t, "pushNotificationConfig": {"url": url, "token": f"tok-{name}"}}
            if mode.startswith("v03-push-auth-creds"):
                p["pushNotificationConfig"]["authentication"] = {
                    "schemes": ["Bearer"], "credentials": f"cred-{name}"}
            r = result(rpc(f"push-set-{name}", "tasks/pushNotificationConfig/set", p))
            ids[name] = (r.get("pushNotificationConfig") or {}).get("id")
    if v10:
        rpc("push-get-a", "GetTaskPushNotificationConfig", {"taskId": t, "id": ids["a"]})
        rpc("push-list", "ListTaskPushNotificationConfigs", {"taskId": t})
        rpc("push-delete-b", "DeleteTaskPushNotificationConfig", {"taskId": t, "id": ids["b"]})
        rpc("push-get-b", "GetTaskPushNotificationConfig", {"taskId": t, "id": ids["b"]})
        rpc("push-delete-b-again", "DeleteTaskPushNotificationConfig",
            {"taskId": t, "id": ids["b"]})
        if mode in POLL_MODES:
            # no stream: the client polls until it reads the end (the job ends
            # misbehave52.JOB_SECONDS after its send, later on a loaded machine)
            time.sleep(JOB_WAIT)
            for _ in range(POLL_MAX):
                if ended(result(rpc("get", "GetTask", {"id": t, "historyLength": 1}))):
                    break
                time.sleep(POLL_EVERY)
        else:
            rpc("subscribe", "SubscribeToTask", {"id": t})
            rpc("get", "GetTask", {"id": t, "historyLength": 1})
        r = result(rpc("list-1", "ListTasks", {"pageSize": 1, "historyLength": 1}))
        if r.get("nextPageToken"):
            rpc("list-2", "ListTasks", {"pageSize": 1, "historyLength": 1,
                                        "pageToken": r["nextPageToken"]})
        rpc("ext-anon", "GetExtendedAgentCard", {}, {"A2A-Version": "1.0"})
        rpc("ext", "GetExtendedAgentCard", {})
        rpc("ext-again", "GetExtendedAgentCard", {})
    else:
        rpc("push-get-a", "tasks/pushNotificationConfig/get",
            {"id": t} if mode == "v03-push-get-by-task" else
            {"id": t, "pushNotificationConfigId": ids["a"]})
        rpc("push-list", "tasks/pushNotificationConfig/list", {"id": t})
        rpc("push-delete-b", "tasks/pushNotificationConfig/delete",
            {"id": t, "pushNotificationConfigId": ids["b"]})
        rpc("push-get-b", "tasks/pushNotificationConfig/get",
            {"id": t, "pushNotificationConfigId": ids["b"]})
        if mode in POLL_MODES:
            time.sleep(JOB_WAIT)
            for _ in range(POLL_MAX):
                if ended(result(rpc("get", "tasks/get", {"id": t, "historyLength": 1}))):
                    break
                time.sleep(POLL_EVERY)
        else:
            rpc("resubscribe", "tasks/resubscribe", {"id": t})
            rpc("get", "tasks/get", {"id": t, "historyLength": 1})
        if v02:
            st, _ = call(base + "/agent/authenticatedExtendedCard")
            log.append(("ext-anon", st))
            st, _ = call(base + "/agent/authenticatedExtendedCard", None, auth)
            log.append(("ext", st))
        else:
            rpc("ext-anon", "agent/getAuthenticatedExtendedCard", {}, {})
            rpc("ext", "agent/getAuthenticatedExtendedCard", {})
    if mode == "v10-push-artifact-after-polled-end":
        # the client has read the poll that showed the job ended (its answer is in the
        # recording): only now may the agent push its late artifact, so the push always
        # comes after the polled end (a 3 s sleep in the agent raced the client's poll on
        # a loaded machine: the delivery was recorded 0.7 ms before the answer)
        log.append(("polled", 200 if control(agent_base, "polled", t).get("polled") else 0))
    # the last pushes land: the agent's job and its deliveries have all been answered
    log.append(("settled", 200 if control(agent_base, "settled", t).get("settled") else 0))
    if mode in TAIL_MODES:
        # PUSH-DELIV-003 judges a missing terminal push once the recording reaches 30 s
        # (PUSH-004's delivery timeout) past the task's end: one call after that ends it
        time.sleep(TAIL)
        st, _ = call(base + ("/.well-known/agent.json" if v02 else
                             "/.well-known/agent-card.json"))
        log.append(("card-again", st))


def start_agents(modes_publics):
    """misbehave52.py serving each (mode, public URL): (process, {mode: port}) once it says
    ready."""
    agent = subprocess.Popen([sys.executable, AGENT] + [f"{m}={u}" for m, u in modes_publics],
                             stdout=subprocess.PIPE, text=True)
    aports = {}
    while True:
        ln = agent.stdout.readline().split()
        if not ln or ln == ["ready"]:
            break
        aports[ln[0]] = int(ln[1])
    return agent, aports


def run_mode(bin_, out, mode, pport, aport, hook_port, res):
    rec, rep = os.path.join(out, f"{mode}.jsonl"), os.path.join(out, f"{mode}.report.json")
    errp = os.path.join(out, f"{mode}.proxy.stderr")
    own_agent = None
    for attempt in range(1, 6):
        for f in (rec, rep):
            if os.path.exists(f):
                os.unlink(f)
        try:
            # the webhook listener on port 0 (the client learns it from the ready line); the
            # proxy's own port was picked first: the agent's card advertises it
            proxy, ready = d.start_proxy(
                bin_, ["--listen", f"127.0.0.1:{pport}", "--upstream",
                       f"http://127.0.0.1:{aport}", "--listener",
                       f"webhook@127.0.0.1:0=http://127.0.0.1:{hook_port}",
                       "--record", rec, "--report", rep, "--lossless"], errp)
            break
        except d.PortTaken:
            # taken by another process after free_ports() let it go: an agent of this mode
            # advertising another port
            if own_agent:
                own_agent.kill()
                own_agent.wait()
            if attempt == 5:
                raise
            pport = d.free_port()
            own_agent, ports = start_agents([(mode, f"http://127.0.0.1:{pport}")])
            aport = ports[mode]
    base = f"http://127.0.0.1:{pport}"
    wport = ready["listeners"][0][1]
    log = []
    client(mode, base, f"http://127.0.0.1:{wport}", f"http://127.0.0.1:{aport}", log)
    alive = proxy.poll() is None
    rc = d.stop_proxy(proxy)
    if own_agent:
        own_agent.kill()
        own_agent.wait()
    try:
        report = json.load(open(rep))
    except (OSError, ValueError):
        report = {}
    online = rules_in(report.get("findings", report))
    stderr_rules = set(RULE.findall(open(errp).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    try:
        offline = rules_in(json.loads(v.stdout).get("findings", []))
    except ValueError:
        offline = {"VERIFY-FAILED"}
    legs = {}
    try:
        for ln in open(rec):
            e = json.loads(ln)
            if e.get("type") == "request_head":
                leg = e.get("leg") or "client"
                legs[leg] = legs.get(leg, 0) + 1
    except (OSError, ValueError):
        pass
    res[mode] = {"mode": mode, "online": sorted(online), "offline": sorted(offline),
                 "stderr": sorted(stderr_rules), "proxy_alive": alive, "proxy_rc": rc,
                 "steps": log, "legs": legs,
                 "findings": [{k: f.get(k) for k in ("rule", "severity", "message", "leg",
                                                      "seen")}
                              for f in report.get("findings", [])]}


def main():
    bin_, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    pred = json.load(open(PRED))["modes"]
    modes = sys.argv[3:] or list(pred)
    hook = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    ports, held = free_ports(len(modes))
    pports = {m: ports[i] for i, m in enumerate(modes)}
    agent, aports = start_agents([(m, f"http://127.0.0.1:{pports[m]}") for m in modes])
    for h in held:
        h.close()
    res = {}
    ths = [threading.Thread(target=run_mode, args=(bin_, out, m, pports[m], aports[m],
                                                   hook.server_address[1], res))
           for m in modes]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    agent.kill()
    agent.wait()
    hook.shutdown()
    bad = 0
    for m in modes:
        r = res[m]
        want = sorted(pred.get(m, {}).get("predict", []))
        r["predicted"] = want
        r["kind"] = pred.get(m, {}).get("kind")
        json.dump(r, open(os.path.join(out, f"{m}.json"), "w"), indent=1, default=str)
        flags = []
        if r["online"] != r["offline"]:
            flags.append(f"OFFLINE={r['offline']}")
        if r["stderr"] != r["online"]:
            flags.append(f"STDERR={r['stderr']}")
        if not r["proxy_alive"] or r["proxy_rc"] not in (0, 1):
            flags.append(f"PROXY rc={r['proxy_rc']} alive={r['proxy_alive']}")
        ok = r["online"] == want
        bad += not ok
        print(f"{'OK  ' if ok else 'MISS'} {m:26} pred={want} got={r['online']} "
              f"{' '.join(flags)}", flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()
