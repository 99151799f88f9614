"""Helpers shared by the blind-adversary transcript writers (gen_b22x.py ... gen_b33x.py):
a transcript line per call (`req`, `resp`, `chunk`, with a running clock `T`), JSON-RPC
envelopes (`rpc`, `ok`, `err`), Agent Cards (`card10`, `card03`, `getcard`) and SSE bodies
(`ev`, `rest_ev`, `stream10`, `sse`), 1.0 HTTP+JSON lines and errors (`rget`, `rpost`,
`rstatus`) and card signatures (`b64u`, `jws`). The clock restarts per case (`_t[0] = 0.0`)."""
import json

H = "https://agent.example.test"
GW = "https://gw.example.test"
J = {"content-type": "application/json"}
V10 = {"content-type": "application/json", "a2a-version": "1.0"}
SSE = {"content-type": "text/event-stream"}
SKILLS = [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}]
TS = "2026-12-02T10:00:0%d.000Z"
_t = [0.0]


def T():
    _t[0] += 0.01
    return round(_t[0], 3)


def d(o):
    return o if isinstance(o, str) else json.dumps(o)


def req(url, body="", method="POST", headers=None, **kw):
    l = {"dir": "req", "method": method, "url": url, "headers": dict(J if headers is None else headers), "body": d(body), "t": T()}
    l.update(kw)
    return l


def resp(body="", status=200, headers=None, **kw):
    l = {"dir": "resp", "status": status, "headers": dict(J if headers is None else headers), "body": d(body), "t": T()}
    l.update(kw)
    return l


def chunk(body, close=None, **kw):
    l = {"dir": "chunk", "body": body, "t": T()}
    if close:
        l["close"] = close
    l.update(kw)
    return l


def card10(url=H + "/a2a", ifaces=None, **kw):
    c = {"name": "Demo", "description": "Demo agent",
         "supportedInterfaces": ifaces or [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": True},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": SKILLS}
    c.update(kw)
    return c


def card03(url=H + "/a2a", **kw):
    c = {"protocolVersion": "0.3.0", "name": "Demo", "description": "Demo agent", "url": url,
         "preferredTransport": "JSONRPC", "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": True},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": SKILLS}
    c.update(kw)
    return c


def card02(url=H + "/a2a", **kw):
    c = {"name": "Demo", "description": "Demo agent", "url": url, "version": "1.0.0",
         "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": SKILLS}
    c.update(kw)
    return c


def card01(url=H + "/a2a", **kw):
    c = {"name": "Demo", "description": "Demo agent", "url": url, "version": "1.0.0",
         "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
         "skills": [{"id": "s1", "name": "echo", "description": "Echo"}]}
    c.update(kw)
    return c


CH = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c1\""}


def getcard(card, base=H, path="/.well-known/agent-card.json", **kw):
    return [req(base + path, method="GET", headers={"accept": "application/json"}, **kw), resp(card, headers=CH, **kw)]


def rpc(i, method, params, v=None):
    return {"jsonrpc": "2.0", "id": i, "method": method, "params": params}


def ok(i, result):
    return {"jsonrpc": "2.0", "id": i, "result": result}


def err(i, code, msg, data=None):
    e = {"code": code, "message": msg}
    if data is not None:
        e["data"] = data
    return {"jsonrpc": "2.0", "id": i, "error": e}


def einfo(reason):
    return [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]


def msg10(text="hi", mid="m1", **kw):
    m = {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}
    m.update(kw)
    return m


def amsg10(text="done", mid="a1", **kw):
    m = {"messageId": mid, "role": "ROLE_AGENT", "parts": [{"text": text}]}
    m.update(kw)
    return m


def task10(tid="t1", ctx="c1", state="COMPLETED", n=1, **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": TS % n}}
    t.update(kw)
    return t


def st10(tid="t1", ctx="c1", state="WORKING", n=1, **kw):
    s = {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": TS % n}}
    s["status"].update(kw)
    return {"statusUpdate": s}


def msg03(text="hi", mid="m1", **kw):
    m = {"kind": "message", "messageId": mid, "role": "user", "parts": [{"kind": "text", "text": text}]}
    m.update(kw)
    return m


def task03(tid="t1", ctx="c1", state="completed", n=1, **kw):
    t = {"kind": "task", "id": tid, "contextId": ctx, "status": {"state": state, "timestamp": TS % n}}
    t.update(kw)
    return t


def st03(tid="t1", ctx="c1", state="working", final=False, n=1, **kw):
    s = {"kind": "status-update", "taskId": tid, "contextId": ctx, "status": {"state": state, "timestamp": TS % n}, "final": final}
    s["status"].update(kw)
    return s


def ev(obj, i=1, nl="\n"):
    return "data: " + json.dumps(ok(i, obj)) + nl + nl


def rest_ev(obj, nl="\n"):
    return "data: " + json.dumps(obj) + nl + nl


def stream10(events, i=1, close="eof", nl="\n"):
    out = [resp("", headers=SSE)]
    for e in events:
        out.append(chunk(ev(e, i, nl)))
    if close:
        out.append(chunk("", close=close))
    return out


def sse(chunks, close="eof", headers=None, **kw):
    """An SSE answer: the response head, one `chunk` line per text in `chunks` (sent as
    written: framing faults are the caller's), then an empty closing chunk (`close`, or none
    when `close` is falsy); `kw` (leg, id) goes on every line."""
    out = [resp("", headers=headers or SSE, **kw)]
    out += [chunk(c, **kw) for c in chunks]
    if close:
        out.append(chunk("", close=close, **kw))
    return out


# 1.0 HTTP+JSON: an interface at H, its card, GET/POST lines and a google.rpc.Status error (ERR-003)
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]


def rget(path, h=RJ, base=H, **kw):
    return req(base + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"}, **kw)


def rpost(path, body, h=RJ, base=H, **kw):
    return req(base + path, body, headers=h, **kw)


def rstatus(http, status, reason=None, msg="failed", details=None):
    """`{"error": google.rpc.Status}` with an A2A ErrorInfo of `reason` (or `details` as given)."""
    e = {"code": http, "status": status, "message": msg}
    if details is not None or reason is not None:
        e["details"] = details if details is not None else einfo(reason)
    return {"error": e}


def b64u(o):
    """base64url without padding (RFC 7515 §2) of `o` (bytes, text, or JSON compacted)."""
    import base64
    raw = o if isinstance(o, bytes) else (o if isinstance(o, str) else json.dumps(o, separators=(",", ":"))).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def jws(hdr=None, sig=None, **kw):
    """An AgentCardSignature: `protected` = b64u of the header (default ES256, kid, typ JOSE),
    `signature` a base64url string (default 64 bytes); `kw` adds members (header) or replaces them."""
    h = {"alg": "ES256", "kid": "key-1", "typ": "JOSE"} if hdr is None else hdr
    s = {"protected": h if isinstance(h, str) else b64u(h), "signature": b64u(bytes(range(64))) if sig is None else sig}
    s.update(kw)
    return s


# shorthands of the round writers (gen_b33x.py, gen_b34x.py): severities, the JSON-RPC
# interface, a bearer token, stream and 0.x headers, a 1.0 JSON-RPC call, cards served
E, W, N = "error", "warning", "note"
A = H + "/a2a"
BEARER = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."
S10 = {**V10, "accept": "text/event-stream"}
J03 = {"content-type": "application/json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))


def case_maker(cases, prefix, source):
    """`case(name, lines, findings, note)` for a writer: stores `prefix + name` in `cases` as
    casewriter's `(lines, findings, source, note)`, `lines()` run on a fresh clock and each
    finding's rule ID (`AUTH-TLS-001`) turned into the name docs/rules.md gives it."""
    import os, re
    rules_md = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "docs", "rules.md")
    names = dict(re.findall(r"^\| \[`([A-Z]+(?:-[A-Z]+)*-\d{3})`\]\([^)]*\) \| ([a-z0-9-]+) \|", open(rules_md).read(), re.M))

    def case(name, lines, findings, note):
        _t[0] = 0.0
        cases[prefix + name] = (lines(), [(names[r], s) for r, s in findings], source, note)
    return case
