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


def held_at_end(lines, secs=3.0):
    """`lines` with the capture's stop (the last line) `secs` later: a stream still open then
    is held past the 2 s grace STREAM-END-003 / -009 / -010 allow (cards60)."""
    lines[-1]["t"] = round(lines[-1]["t"] + secs, 3)
    return lines


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


# the multi-turn shorthands of gen_b34x.py, shared with gen_b35x.py: 0.x JSON-RPC and stream
# headers, a 0.x call, 0.2.5 and HTTP+JSON cards, tasks, status updates, agent questions,
# sends and follow-ups, streams on both bindings, histories, GetTask / ListTasks / tasks/get
S03 = {**J03, "accept": "text/event-stream"}
RJR = {"content-type": "application/a2a+json"}
R0 = lambda i, m, p, h=J03, url=A: req(url, rpc(i, m, p), headers=h)
C02 = lambda **kw: getcard(card02(protocolVersion="0.2.5", **kw), path="/.well-known/agent.json")
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
ART = [{"artifactId": "a1", "parts": [{"text": "result"}]}]
ART03 = [{"artifactId": "a1", "parts": [{"kind": "text", "text": "result"}]}]


def tsk(state="WORKING", n=1, tid="t1", ctx="c1", msg=None, **kw):
    """a 1.0 Task in `state` (short name), stamped second `n`, with an optional status message."""
    t = task10(tid, ctx, state, n, **kw)
    if msg is not None:
        t["status"]["message"] = msg
    return t


def t03(state="completed", n=1, tid="t1", ctx="c1", msg=None, **kw):
    t = task03(tid, ctx, state, n, **kw)
    if msg is not None:
        t["status"]["message"] = msg
    return t


def stu(state="WORKING", n=2, tid="t1", ctx="c1", msg=None):
    e = st10(tid, ctx, state, n)
    if msg is not None:
        e["statusUpdate"]["status"]["message"] = msg
    return e


ASK = lambda q="Which city?", mid="r1", tid="t1", ctx="c1": amsg10(q, mid=mid, taskId=tid, contextId=ctx)
NEED = lambda tid="t1", ctx="c1": amsg10("Please sign in at https://idp.example.test/authorize", mid="r-auth", taskId=tid, contextId=ctx)
AM03 = lambda text="Which city?", mid="r1", tid="t1", ctx="c1": {"kind": "message", "messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}], "taskId": tid, "contextId": ctx}
# a 0.x agent reply Message in context c1 outside any task (gen_b35x.py, gen_b36x.py)
AM3 = lambda text="hello", mid="r1", **kw: {"kind": "message", "messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}], "contextId": "c1", **kw}
send = lambda t, i=1, p=None, h=V10: [RPC(i, "SendMessage", p or {"message": msg10(contextId="c1")}, h=h), resp(ok(i, {"task": t}))]
FU = lambda i, text, res, mid=None, h=V10, **ids: [RPC(i, "SendMessage", {"message": msg10(text, mid=mid or "m%d" % i, **ids)}, h=h), resp(ok(i, res))]
FUE = lambda i, text, code, m, reason, mid=None, **ids: [RPC(i, "SendMessage", {"message": msg10(text, mid=mid or "m%d" % i, **ids)}), resp(err(i, code, m, einfo(reason)))]


def stream(events, i=1, p=None, method="SendStreamingMessage", h=S10, url=A, close="eof"):
    """A JSON-RPC streaming call (`method`, params `p`) and its SSE answer: one event per
    StreamResponse of `events` (a text is sent as written), ended by `close` (none if falsy)."""
    return [req(url, rpc(i, method, p or {"message": msg10(contextId="c1")}), headers=h)] + sse([e if isinstance(e, str) else ev(e, i) for e in events], close=close)


def stream03(events, i=1, p=None, method="message/stream", close="eof", url=A):
    """a 0.x JSON-RPC (0.2, 0.3) streaming call and its SSE answer (texts sent as written)."""
    return [req(url, rpc(i, method, p or {"message": msg03(contextId="c1")}), headers=S03)] + sse([e if isinstance(e, str) else ev(e, i) for e in events], close=close)


def rsend(body, res, status=200, path="/message:send", h=RJ):
    return [rpost(path, body, h=h), resp(res, status=status, headers=RJR)]


def rstream(body, events, path="/message:stream", close="eof", method="POST"):
    """An HTTP+JSON streaming call (POST `body` to `path`, or GET when `method` says so) and its
    SSE answer of bare StreamResponses (a text is sent as written), ended by `close`."""
    h = {**RJ, "accept": "text/event-stream"}
    r = rpost(path, body, h=h) if method == "POST" else rget(path, h=h)
    return [r] + sse([e if isinstance(e, str) else rest_ev(e) for e in events], close=close)


def hist(k, tid="t1", ctx="c1"):
    """k alternating user/agent messages of task `tid`, oldest first (ids h0, h1, ...)."""
    return [{"messageId": "h%d" % j, "role": "ROLE_USER" if j % 2 == 0 else "ROLE_AGENT", "parts": [{"text": "turn %d" % j}], "taskId": tid, "contextId": ctx} for j in range(k)]


def hist03(k, tid="t1", ctx="c1"):
    return [{"kind": "message", "messageId": "h%d" % j, "role": "user" if j % 2 == 0 else "agent", "parts": [{"kind": "text", "text": "turn %d" % j}], "taskId": tid, "contextId": ctx} for j in range(k)]




LT = lambda i, p, tasks, h=V10: [RPC(i, "ListTasks", p, h=h), resp(ok(i, {"tasks": tasks, "nextPageToken": "", "pageSize": 50, "totalSize": len(tasks)}))]
GT = lambda i, p, t: [RPC(i, "GetTask", p), resp(ok(i, t))]
G03 = lambda i, p, t: [R0(i, "tasks/get", p), resp(ok(i, t))]

# a first call that leaves task t1 input-required, auth-required or done (1.0 JSON-RPC and
# HTTP+JSON, 0.3, 0.2.5), a 0.x follow-up, -32004 / 400 refusals, a 0.x task with history
IR = lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK()), p={"message": msg10("book a flight", contextId="c1")})
AR = lambda: C10() + send(tsk("AUTH_REQUIRED", msg=NEED()), p={"message": msg10("pay the invoice", contextId="c1")})
DONE = lambda st="COMPLETED": C10() + send(tsk(st, artifacts=ART) if st == "COMPLETED" else tsk(st, msg=amsg10("no", mid="r-end", taskId="t1", contextId="c1")))
RIR = lambda: R10() + rsend({"message": msg10("book a flight", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK())})
RDONE = lambda: R10() + rsend({"message": msg10("book a flight", contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)})
IR03 = lambda: C03() + [R0(1, "message/send", {"message": msg03("book", contextId="c1")}), resp(ok(1, t03("input-required", msg=AM03())))]
DONE03 = lambda st="completed": C03() + [R0(1, "message/send", {"message": msg03("book", contextId="c1")}), resp(ok(1, t03(st, artifacts=ART03)))]
IR02 = lambda: C02() + [R0(1, "message/send", {"message": msg03("book", contextId="c1")}), resp(ok(1, t03("input-required", msg=AM03())))]
DONE02 = lambda: C02() + [R0(1, "message/send", {"message": msg03("book", contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03)))]
F03 = lambda i, text, res, **ids: [R0(i, "message/send", {"message": msg03(text, mid="m%d" % i, **ids)}), resp(ok(i, res))]
UNSUP = lambda i: resp(err(i, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION")))
RUNSUP = lambda: resp(rstatus(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "task t1 is in a terminal state"), status=400, headers=RJR)
HB03 = lambda k=4: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03("completed", history=hist03(k), artifacts=ART03)))]
HB02 = lambda k=4: C02() + [R0(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}}), resp(ok(1, t03("completed", history=hist03(k), artifacts=ART03)))]


def art10(aid="a1", text="part", append=None, last=None, tid="t1", ctx="c1", parts=None, **kw):
    """a 1.0 artifactUpdate event of artifact `aid` (one text part, or `parts`; `kw` adds
    artifact members); `append` / `lastChunk` only when given."""
    u = {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": aid, "parts": parts if parts is not None else [{"text": text}]}}
    u["artifact"].update(kw)
    if append is not None:
        u["append"] = append
    if last is not None:
        u["lastChunk"] = last
    return {"artifactUpdate": u}


def art03(aid="a1", text="part", append=None, last=None, tid="t1", ctx="c1", **kw):
    """a 0.x artifact-update event, as [`art10`]."""
    u = {"kind": "artifact-update", "taskId": tid, "contextId": ctx,
         "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    u["artifact"].update(kw)
    if append is not None:
        u["append"] = append
    if last is not None:
        u["lastChunk"] = last
    return u


# 0.1 (gen_b29x.py, gen_b36x.py): a message with `type` parts, a Task with sessionId, a
# status event (`id` = the task), an artifact event with `index`, tasks/send params, a call, the card
C01 = lambda **kw: getcard(card01(**kw), path="/.well-known/agent.json")


def msg01(text="hi", role="user"):
    return {"role": role, "parts": [{"type": "text", "text": text}]}


def task01(tid="t1", sid="s1", state="completed", n=1, **kw):
    t = {"id": tid, "sessionId": sid, "status": {"state": state, "timestamp": "2026-12-02T10:00:0%d" % n}}
    t.update(kw)
    return t


def st01(tid="t1", state="working", final=False, n=1, **kw):
    e = {"id": tid, "status": {"state": state, "timestamp": "2026-12-02T10:00:0%d" % n}, "final": final}
    e.update(kw)
    return e


def art01(tid="t1", text="out", **kw):
    a = {"parts": [{"type": "text", "text": text}], "index": 0}
    a.update(kw)
    return {"id": tid, "artifact": a}


SP01 = {"id": "t1", "sessionId": "s1", "message": msg01()}
R01 = lambda i, m, p: req(A, rpc(i, m, p), headers=J03)
