#!/usr/bin/env python3
"""Drive misbehave53.py's modes (one agent process per mode, each behind its own real
`a2a-interop proxy --record --report --lossless`, the push modes with a recorded webhook
listener; all modes at once) with a small JSON-RPC client of the mode's wire generation that
sends the credentials the card asks for, then `verify` each recording offline, compare the
rules with tests/cases/live53-predictions.json, and look for every credential the client
sent (and the push token and credentials it configured) in the recording, the report and the
proxy's stderr: none may be there (the recording is redacted by default).

    python3 misbehave53_drive.py BIN OUTDIR [MODE...]

The client reads the card's security requirements (0.x `security`, 1.0
`securityRequirements`; the first requirement, or the one the mode's CLIENT_REQ names) and
sends each of its schemes' credential as declared: Bearer (an opaque token, or a JWT naming
alice in the jwt modes), Basic, an API key in its header, query parameter or cookie. Steps:
the card; `hello` without credentials; `hello` with them; `job` (with an inline push config
in the push modes: token, 1.0 also Bearer credentials); its tasks/get; a tasks/get with a
wrong credential in the declared place; the extended card without and with credentials; and
the mode's extra steps (EXTRA).

Writes OUTDIR/MODE.json (online / offline / stderr rules, findings, the proxy's exit, steps,
`leaks`: each secret found in the recording, report or stderr) and prints one line per mode.
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
import urllib.error
import urllib.parse
import urllib.request
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HERE = os.path.dirname(os.path.abspath(__file__))
AGENT = os.path.join(HERE, "misbehave53.py")
PRED = os.path.join(HERE, "..", "cases", "live53-predictions.json")
RULE = re.compile(r"\b[A-Z]+-[A-Z]+-\d{3}\b")
sys.path.insert(0, HERE)
import misbehave53 as agent_mod  # noqa: E402  (the modes' JWT helper and options)

CLIENT_REQ = {m: agent_mod.opts(m).get("client_req", 0) for m in agent_mod.MODES}


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


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


HOOKED = {}  # path -> deliveries the webhook answered
HOOK_CV = threading.Condition()
PUSH_WAIT = 60.0  # the most the driver waits for a delivery (a liveness bound)


class Hook(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")
        self.wfile.flush()
        with HOOK_CV:
            HOOKED[self.path] = HOOKED.get(self.path, 0) + 1
            HOOK_CV.notify_all()


def pushed(path):
    """True once the webhook has answered a delivery to `path` (False after PUSH_WAIT s)."""
    with HOOK_CV:
        return HOOK_CV.wait_for(lambda: HOOKED.get(path, 0) > 0, PUSH_WAIT)


def call(url, body=None, headers=None, method=None):
    """(status, JSON body or None) of one call; redirects are not followed."""
    h = dict(headers or {})
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        h["Content-Type"] = "application/json"

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *a, **k):
            return None

    opener = urllib.request.build_opener(NoRedirect)
    req = urllib.request.Request(url, data, h, method=method or ("POST" if data else "GET"))
    try:
        with opener.open(req, timeout=20) as r:
            status, raw = r.status, r.read()
    except urllib.error.HTTPError as e:
        status, raw = e.code, e.read()
    except OSError as e:
        return 0, {"error": str(e)}
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, None


def secrets(mode):
    """Every credential value the client of `mode` sends or configures."""
    pw = f"pw-{mode}-53"
    basic = base64.b64encode(f"alice:{pw}".encode()).decode()
    return {"bearer": f"tok-{mode}-53", "key": f"key-{mode}-53", "wrong": f"wrong-{mode}-53",
            "basic": basic, "password": pw, "alice": agent_mod.jwt(f"alice-{mode}"),
            "bob": agent_mod.jwt(f"bob-{mode}"), "ptok": f"ptok-{mode}-53",
            "pcred": f"pcred-{mode}-53"}


def creds_for(card, mode, wrong=False, who="alice"):
    """(headers, query) carrying the credentials of the card's chosen requirement."""
    sec = secrets(mode)
    v10 = mode.startswith("v10-")
    schemes = card.get("securitySchemes") or {}
    reqs = card.get("securityRequirements" if v10 else "security") or []
    if v10:
        reqs = [list((r.get("schemes") or {}).keys()) for r in reqs]
    else:
        reqs = [list(r.keys()) for r in reqs]
    h, q = {}, {}
    if not reqs:
        return h, q
    req = reqs[min(CLIENT_REQ.get(mode, 0), len(reqs) - 1)]
    for name in req:
        s = schemes.get(name) or {}
        if v10:
            kind = next(iter(s), "")
            inner = s.get(kind) or {}
        else:
            kind, inner = s.get("type", ""), s
        if kind in ("apiKeySecurityScheme", "apiKey"):
            place = inner.get("location" if v10 else "in")
            val = sec["wrong"] if wrong else sec["key"]
            if place == "header":
                h[inner["name"]] = val
            elif place == "query":
                q[inner["name"]] = val
            elif place == "cookie":
                h["Cookie"] = f"{inner['name']}={val}"
        elif kind in ("httpAuthSecurityScheme", "http") and \
                str(inner.get("scheme", "")).lower() == "basic":
            h["Authorization"] = "Basic " + (
                base64.b64encode(f"alice:{sec['wrong']}".encode()).decode() if wrong
                else sec["basic"])
        elif kind in ("mtlsSecurityScheme", "mutualTLS"):
            continue
        else:
            tok = sec["wrong"] if wrong else (
                sec[who] if agent_mod.opts(mode)["jwt"] else sec["bearer"])
            h["Authorization"] = "Bearer " + tok
    return h, q


def client(mode, base, hook_base, log):
    v10, v02 = mode.startswith("v10-"), mode.startswith("v02-")
    o = agent_mod.opts(mode)
    sec = secrets(mode)
    n = [0]
    st, card = call(base + ("/.well-known/agent.json" if v02 else "/.well-known/agent-card.json"))
    log.append(("card", st))
    card = card if isinstance(card, dict) else {}
    good_h, good_q = creds_for(card, mode)
    wrong_h, wrong_q = creds_for(card, mode, wrong=True)
    ver = {"A2A-Version": "1.0"} if v10 else {}

    def rpc(step, method, params, h=None, q=None):
        n[0] += 1
        url = base + "/"
        if q:
            url += "?" + urllib.parse.urlencode(q)
        st, body = call(url, {"jsonrpc": "2.0", "id": n[0], "method": method, "params": params},
                        dict(ver, **(h or {})))
        log.append((step, st))
        return body if isinstance(body, dict) else {}

    def message(text):
        m = {"messageId": str(uuid.uuid4()), "role": "ROLE_USER" if v10 else "user",
             "parts": [{"text": text}] if v10 else [{"kind": "text", "text": text}]}
        if not v10:
            m["kind"] = "message"
        return m

    send = "SendMessage" if v10 else "message/send"
    get = "GetTask" if v10 else "tasks/get"
    rpc("send-anon", send, {"message": message("hello")})
    if mode == "v03-client-key-in-query":
        # the client puts the header key of the card into the query: refused
        rpc("send-key-in-query", send, {"message": message("hello")}, {},
            {"X-Caller-Ref": sec["key"]})
    rpc("send", send, {"message": message("hello")}, good_h, good_q)
    if mode == "v10-key-query-only":
        # refused as declared: the client tries the query, which this agent reads
        rpc("send-key-in-query", send, {"message": message("hello")}, {},
            {"X-Caller-Ref": sec["key"]})
    cfg = {}
    if o["push"]:
        pc = {"url": f"{hook_base}/hook/{mode}", "token": sec["ptok"]}
        if v10:
            pc["authentication"] = {"scheme": "Bearer", "credentials": sec["pcred"]}
            cfg = {"taskPushNotificationConfig": pc, "returnImmediately": True}
        else:
            cfg = {"pushNotificationConfig": pc, "blocking": False}
    r = rpc("send-job", send, {"message": message("job"), "configuration": cfg} if cfg
            else {"message": message("job")},
            good_h, good_q if mode != "v10-key-query-only" else {"X-Caller-Ref": sec["key"]})
    r = r.get("result") or {}
    tid = (r.get("task") or r).get("id")
    if o["push"]:
        # the job completes 0.3 s after its send and is pushed: the client goes on once
        # the webhook answered that delivery (an 0.8 s sleep stood here)
        log.append(("pushed", 200 if pushed(f"/hook/{mode}") else 0))
    gh, gq = (good_h, good_q) if mode != "v10-key-query-only" else ({}, {"X-Caller-Ref":
                                                                           sec["key"]})
    if tid:
        rpc("get", get, {"id": tid}, gh, gq)
        rpc("get-wrong", get, {"id": tid}, wrong_h, wrong_q)
        if mode == "v10-basic-for-bearer":
            rpc("get-basic", get, {"id": tid}, {"Authorization": "Basic " + sec["basic"]})
        if mode == "v10-and-partial":
            rpc("get-bearer-only", get, {"id": tid},
                {"Authorization": good_h.get("Authorization", "")})
        if o["jwt"]:
            bh, _ = creds_for(card, mode, who="bob")
            rpc("get-bob", get, {"id": tid}, bh)
    if v02:
        st, _ = call(base + "/agent/authenticatedExtendedCard")
        log.append(("ext-anon", st))
        u = base + "/agent/authenticatedExtendedCard"
        if good_q:
            u += "?" + urllib.parse.urlencode(good_q)
        st, _ = call(u, None, good_h)
        log.append(("ext", st))
    else:
        ext = "GetExtendedAgentCard" if v10 else "agent/getAuthenticatedExtendedCard"
        rpc("ext-anon", ext, {})
        rpc("ext", ext, {}, gh, gq)


def proxy_up(proxy, errpath, secs=30):
    """Whether the proxy bound every address: its banner's last line is in its stderr
    before it exits (a free_port() taken by another test between the probe and the bind makes
    the proxy exit at start; misrouter49_drive)."""
    end = time.monotonic() + secs
    while time.monotonic() < end:
        if "ends the run" in open(errpath).read():
            return True
        if proxy.poll() is not None:
            return False
        time.sleep(0.05)
    return False


def start(bin_, out, mode, hook_port, attempt=1):
    """Starts the mode's agent and proxy on fresh ports, again on others (at most 3 times)
    when the proxy cannot bind; returns (agent, proxy, stderr file, base url, webhook url)."""
    push = agent_mod.opts(mode)["push"]
    pport = free_port()
    wport = free_port() if push else None
    ag = subprocess.Popen([sys.executable, AGENT, f"{mode}=http://127.0.0.1:{pport}"],
                          stdout=subprocess.PIPE, text=True)
    aport = int(ag.stdout.readline().split()[1])
    ag.stdout.readline()  # ready
    rec, rep = os.path.join(out, f"{mode}.jsonl"), os.path.join(out, f"{mode}.report.json")
    for f in (rec, rep):
        if os.path.exists(f):
            os.unlink(f)
    errp = os.path.join(out, f"{mode}.proxy.stderr")
    errf = open(errp, "w")
    args = [bin_, "proxy", "--listen", f"127.0.0.1:{pport}", "--upstream",
            f"http://127.0.0.1:{aport}", "--record", rec, "--report", rep, "--lossless"]
    if push:
        args += ["--listener", f"webhook@127.0.0.1:{wport}=http://127.0.0.1:{hook_port}"]
    proxy = subprocess.Popen(args, stderr=errf, stdout=subprocess.DEVNULL,
                             env=dict(os.environ, NO_COLOR="1"))
    if not proxy_up(proxy, errp):
        proxy.kill()
        proxy.wait()
        errf.close()
        ag.kill()
        ag.wait()
        if attempt < 3:
            return start(bin_, out, mode, hook_port, attempt + 1)
        raise RuntimeError(f"{mode}: the proxy did not start")
    return ag, proxy, errf, f"http://127.0.0.1:{pport}", f"http://127.0.0.1:{wport}"


def leaks(mode, paths):
    """[(secret name, file)] of every secret of `mode` written in one of `paths`, as sent or
    percent-encoded."""
    found = []
    for name, val in secrets(mode).items():
        forms = {val, urllib.parse.quote(val, safe=""), urllib.parse.quote_plus(val)}
        if name in ("alice", "bob"):
            forms = {val.split(".")[1]}  # the JWT's claims segment
        for p in paths:
            try:
                data = open(p, encoding="utf-8", errors="replace").read()
            except OSError:
                continue
            if any(f in data for f in forms):
                found.append((name, os.path.basename(p)))
    return found


def run_mode(bin_, out, mode, hook_port, res):
    try:
        ag, proxy, errf, base, hook_base = start(bin_, out, mode, hook_port)
    except (RuntimeError, OSError, IndexError, ValueError) as e:
        res[mode] = {"mode": mode, "error": str(e), "online": ["NO-PROXY"], "offline": [],
                     "stderr": [], "steps": [], "findings": [], "leaks": [],
                     "proxy_alive": False, "proxy_rc": None}
        return
    rec, rep = os.path.join(out, f"{mode}.jsonl"), os.path.join(out, f"{mode}.report.json")
    errp = os.path.join(out, f"{mode}.proxy.stderr")
    log = []
    client(mode, base, hook_base, log)
    alive = proxy.poll() is None
    proxy.send_signal(signal.SIGTERM)
    try:
        rc = proxy.wait(60)
    except subprocess.TimeoutExpired:
        proxy.kill()
        rc = "hung"
    errf.close()
    ag.kill()
    ag.wait()
    try:
        report = json.load(open(rep))
    except (OSError, ValueError):
        report = {}
    online = rules_in(report.get("findings", report))
    stderr_rules = set(RULE.findall(open(errp).read()))
    v = subprocess.run([bin_, "verify", rec, "--format", "json", "--fail-on", "never"],
                       capture_output=True)
    vout = os.path.join(out, f"{mode}.verify.json")
    open(vout, "wb").write(v.stdout)
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
                 "steps": log, "legs": legs, "leaks": leaks(mode, [rec, rep, errp, vout]),
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
    res = {}
    ths = [threading.Thread(target=run_mode, args=(bin_, out, m, hook.server_address[1], res))
           for m in modes]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    hook.shutdown()
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
        if r["leaks"]:
            flags.append(f"LEAKS={r['leaks']}")
        ok = r["online"] == want
        print(f"{'OK  ' if ok else 'MISS'} {m:26} pred={want} got={r['online']} "
              f"{' '.join(flags)}", flush=True)
    sys.exit(0)


if __name__ == "__main__":
    main()
