#!/usr/bin/env python3
"""Writes tests/golden/<RULE-ID>-{fail,pass}/input.jsonl (transcripts; one native
recording for CARD-URL-005). Run it after changing a golden input, then bless the
expectations: BLESS=1 cargo test --test suite verify_golden::."""
import json, os, shutil
OUT = os.path.dirname(os.path.abspath(__file__))
H = "https://agent.example.test"
def j(o): return json.dumps(o, separators=(",", ":"))
class T:
    def __init__(s): s.lines=[]; s.t=0.0
    def _add(s, d, dt):
        s.t = round(s.t + dt, 3); d = dict(d); d["t"] = s.t; s.lines.append(d); return s
    def req(s, method, url, body="", headers=None, leg=None, dt=0.01):
        h = {"content-type": "application/json"} if body else {}
        h.update(headers or {})
        d = {"dir": "req", "method": method, "url": url, "headers": h, "body": body if isinstance(body, str) else j(body)}
        if leg: d["leg"] = leg
        return s._add(d, dt)
    def resp(s, status=200, body="", headers=None, leg=None, dt=0.01, ct="application/json"):
        h = {"content-type": ct} if ct else {}
        last = s.lines[-1] if s.lines else {}
        if status == 200 and last.get("dir") == "req" and last.get("method") == "GET" and last.get("url", "").split("?")[0].endswith(("/.well-known/agent-card.json", "/.well-known/agent.json")):
            # a well-behaved agent's card caching headers (CARD-009); None in headers drops one
            h.update(CARD_CACHE)
        h.update(headers or {})
        h = {k: v for k, v in h.items() if v is not None}
        d = {"dir": "resp", "status": status, "headers": h, "body": body if isinstance(body, str) else j(body)}
        if leg: d["leg"] = leg
        return s._add(d, dt)
    def chunk(s, body, close=None, leg=None, dt=0.01):
        d = {"dir": "chunk", "body": body}
        if close: d["close"] = close
        if leg: d["leg"] = leg
        return s._add(d, dt)
    def text(s): return "\n".join(j(l) for l in s.lines) + "\n"

V1 = {"a2a-version": "1.0"}
CARD_CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def rpc(i, m, p): return {"jsonrpc": "2.0", "id": i, "method": m, "params": p}
def res(i, r): return {"jsonrpc": "2.0", "id": i, "result": r}
def err(i, c, m): return {"jsonrpc": "2.0", "id": i, "error": {"code": c, "message": m}}
def msg1(text, **kw):
    m = {"messageId": "msg-" + text.replace(" ", "-")[:12], "role": "ROLE_USER", "parts": [{"text": text}]}; m.update(kw); return m
def msg03(text, **kw):
    m = {"kind": "message", "messageId": "msg-" + text.replace(" ", "-")[:12], "role": "user", "parts": [{"kind": "text", "text": text}]}; m.update(kw); return m
def task1(tid="task-1", ctx="ctx-1", st="TASK_STATE_COMPLETED", **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": st}}; t.update(kw); return t
def task03(tid="task-1", ctx="ctx-1", st="completed"):
    return {"kind": "task", "id": tid, "contextId": ctx, "status": {"state": st}}
def su1(st, tid="task-1", ctx="ctx-1", **kw):
    d = {"taskId": tid, "contextId": ctx, "status": {"state": st}}; d.update(kw); return {"statusUpdate": d}
def au1(aid="art-1", text="x", tid="task-1", ctx="ctx-1", **kw):
    d = {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}; d.update(kw); return {"artifactUpdate": d}
def sse(o): return "data: " + (o if isinstance(o, str) else j(o)) + "\n\n"
def card1(url=H + "/a2a", **kw):
    c = {"name": "golden", "description": "golden agent", "supportedInterfaces": [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text/plain"],
         "defaultOutputModes": ["text/plain"], "skills": [{"id": "s", "name": "s", "description": "d", "tags": ["t"]}]}
    for k, v in kw.items():
        if v is None: c.pop(k, None)
        else: c[k] = v
    return c
def card03(url=H + "/", **kw):
    c = {"protocolVersion": "0.3.0", "name": "golden", "description": "golden agent", "url": url, "preferredTransport": "JSONRPC", "version": "1.0.0",
         "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "s", "name": "s", "description": "d", "tags": ["t"]}]}
    c.update(kw); return c
def fetch_card(t, card, base=H, path="/.well-known/agent-card.json"):
    return t.req("GET", base + path, headers={"accept": "application/json"}).resp(200, card)
def stream1(t, events, url=H + "/a2a", method="SendStreamingMessage", params=None, close="eof", i=1, hdr=V1, wrap=True):
    t.req("POST", url, rpc(i, method, params if params is not None else {"message": msg1("go")}), headers=dict(hdr, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    for e in events:
        t.chunk(sse(res(i, e)) if wrap else sse(e))
    if close:
        t.chunk("", close=close)
    return t
def send1(t, result, i=1, params=None, url=H + "/a2a", hdr=V1, method="SendMessage"):
    if params is None:
        params = {"message": msg1("hi")}
        st = result.get("task", {}).get("status", {}).get("state", "") if isinstance(result, dict) else ""
        if st in ("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"):
            params["configuration"] = {"returnImmediately": True}
    return t.req("POST", url, rpc(i, method, params), headers=hdr).resp(200, res(i, result))

G = {}
def case(rule, fail, pas): G[rule] = (fail, pas)
def cp(name): return open(os.path.join(OUT, "..", "cases", name)).read()

# ---- auth
bearer = {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "security": [{"bearer": []}], "supportsAuthenticatedExtendedCard": True}
def ext(auth):
    t = T(); fetch_card(t, card03(**bearer))
    t.req("GET", H + "/agent/authenticatedExtendedCard", headers=dict({"accept": "application/json"}, **({"authorization": "Bearer <redacted>"} if auth else {}))).resp(200, card03(name="golden extended"))
    return t.text()
case("AUTH-EXT-001", ext(False), ext(True))
def ext_public():
    t = T(); fetch_card(t, card03(**bearer))
    t.req("GET", H + "/agent/authenticatedExtendedCard", headers={"accept": "application/json"}).resp(200, card03(**bearer))
    return t.text()
case("AUTH-EXT-002", ext_public(), ext(True))
sec1 = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
def openep(auth):
    t = T(); fetch_card(t, card1(**sec1))
    send1(t, {"task": task1()}, hdr=dict(V1, **({"authorization": "Bearer <redacted>"} if auth else {})))
    return t.text()
case("AUTH-OPEN-001", openep(False), openep(True))
def otherscaller(status):
    t = T(); fetch_card(t, card1(**sec1))
    send1(t, {"task": task1()}, hdr=dict(V1, authorization="Bearer alice"))
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": "task-1"}), headers=dict(V1, authorization="Bearer mallory"))
    if status == 403:
        t.resp(403, {"error": "forbidden: task-1 belongs to another user"})
    else:
        t.resp(200, err(2, -32001, "Task not found"))
    return t.text()
case("AUTH-SCOPE-001", otherscaller(403), otherscaller(200))
def othertenant(served):
    ifs = [{"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": t} for t in ("acme", "globex")]
    t = T(); fetch_card(t, card1(supportedInterfaces=ifs))
    send1(t, {"task": task1()}, params={"message": msg1("hi"), "tenant": "globex"})
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": "task-1", "tenant": "acme"}), headers=V1)
    if served:
        t.resp(200, res(2, task1()))
    else:
        t.resp(200, {"jsonrpc": "2.0", "id": 2, "error": {"code": -32001, "message": "Task not found", "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}})
    return t.text()
case("AUTH-SCOPE-002", othertenant(True), othertenant(False))
# ---- capabilities
def pushcap(declared):
    t = T(); fetch_card(t, card1(capabilities={"streaming": True, "pushNotifications": declared}))
    send1(t, {"task": task1(st="TASK_STATE_WORKING")})
    p = {"taskId": "task-1", "url": "https://client.example.test/hook"}
    t.req("POST", H + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", p), headers=V1).resp(200, res(2, dict(p, id="cfg-1")))
    return t.text()
case("CAP-PUSH-001", pushcap(False), pushcap(True))
def streamcap(declared):
    t = T(); fetch_card(t, card1(capabilities={"streaming": declared}))
    stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, su1("TASK_STATE_COMPLETED")])
    return t.text()
case("CAP-STREAM-001", streamcap(False), streamcap(True))
def pushrefused(declared):
    t = T(); fetch_card(t, card1(capabilities={"streaming": True, "pushNotifications": declared}))
    send1(t, {"task": task1(st="TASK_STATE_WORKING")})
    p = {"taskId": "task-1", "url": "https://client.example.test/hook"}
    t.req("POST", H + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", p), headers=V1).resp(200, err(2, -32003, "Push notifications not supported"))
    return t.text()
case("CAP-PUSH-002", pushrefused(True), pushrefused(False))
def streamrefused(declared):
    t = T(); fetch_card(t, card1(capabilities={"streaming": declared}))
    t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, err(1, -32004, "Streaming is not supported"))
    return t.text()
case("CAP-STREAM-002", streamrefused(True), streamrefused(False))
# ---- card shape
def cardonly(card, base=H, path="/.well-known/agent-card.json", raw=None):
    t = T(); t.req("GET", base + path, headers={"accept": "application/json"})
    t.resp(200, raw if raw is not None else card, ct="text/html" if raw else "application/json"); return t.text()
case("CARD-SHAPE-001", cardonly(card1(skills=None)), cardonly(card1()))
case("CARD-SHAPE-002", cardonly(card1(capabilities={"streaming": "true"})), cardonly(card1(capabilities={"streaming": True})))
case("CARD-SHAPE-003", cardonly(card1(supportedInterfaces=[{"url": H + "/a2a", "protocolVersion": "1.0"}])), cardonly(card1()))
case("CARD-SHAPE-004", cardonly(None, raw="<html><body>agent</body></html>"), cardonly(card1()))
case("CARD-SHAPE-005", cardonly(card1(supportedInterfaces=[{"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0.1"}])), cardonly(card1()))
# ---- card urls
case("CARD-URL-001", cardonly(card1(url=H + "/api/a2a/api/a2a/lab/agent"), path="/api/a2a/lab/agent/.well-known/agent-card.json"),
     cardonly(card1(url=H + "/api/a2a/lab/agent"), path="/api/a2a/lab/agent/.well-known/agent-card.json"))
def unreach(ok):
    t = T(); fetch_card(t, card1())
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1)
    if ok: t.resp(200, res(1, {"task": task1()}))
    else: t.resp(404, "Not Found", ct="text/plain")
    return t.text()
case("CARD-URL-002", unreach(False), unreach(True))
case("CARD-URL-003", cardonly(card1(url="http://10.0.3.7:8080/a2a")), cardonly(card1(url="http://127.0.0.1:8080/a2a"), base="http://127.0.0.1:8080"))
case("CARD-URL-004", cardonly(card1(url=H + "/a2a/message:send")), cardonly(card1(url=H + "/a2a")))
def bypass(url):
    hdr = {"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"}, "startedAt": "2026-01-01T00:00:00.000Z",
           "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": "http://127.0.0.1:9001"}]}
    evs = [{"seq": 1, "t_us": 0, "exchange": "e1", "type": "request_head", "method": "GET", "url": "http://127.0.0.1:8080/.well-known/agent-card.json", "headers": [["accept", "application/json"]], "upstream": "http://127.0.0.1:9001/.well-known/agent-card.json"},
           {"seq": 2, "t_us": 900, "exchange": "e1", "type": "response_head", "status": 200, "headers": [["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"card-v1"']]},
           {"seq": 3, "t_us": 950, "exchange": "e1", "type": "response_chunk", "body": j(card1(url=url))},
           {"seq": 4, "t_us": 1000, "exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": 0, "response_bytes": 10}]
    return "\n".join(j(x) for x in [hdr] + evs) + "\n"
case("CARD-URL-005", bypass("http://127.0.0.1:9001/"), bypass("http://127.0.0.1:8080/"))
# CARD-URL-009: the card names the same host at another port than the one it was fetched at
# (the agent's own listener behind a gateway / TLS or auth front; breaker16b T2, T4)
case("CARD-URL-009", cardonly(card1(url="http://127.0.0.1:9001/a2a"), base="http://127.0.0.1:8080"),
     cardonly(card1(url="http://127.0.0.1:8080/a2a"), base="http://127.0.0.1:8080"))
# ---- gRPC binding (native recordings: binary bodies as base64; protobuf hand-encoded here,
# independent of the tool's own encoder)
import base64
def pb_len(field, b): 
    b = b.encode() if isinstance(b, str) else b
    n = len(b); v = b""
    while True:
        x = n & 0x7f; n >>= 7
        v += bytes([x | (0x80 if n else 0)])
        if not n: break
    return bytes([(field << 3) | 2]) + v + b
def pb_var(field, n): return bytes([field << 3, n])
def gframe(b): return b"\x00" + len(b).to_bytes(4, "big") + b
def b64(b): return base64.b64encode(b).decode()
def rpc_status(code, message, reason=None):
    st = pb_var(1, code) + pb_len(2, message)
    if reason:
        info = pb_len(1, reason) + pb_len(2, "a2a-protocol.org")
        st += pb_len(3, pb_len(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_len(2, info))
    return base64.b64encode(st).decode().rstrip("=")
def grpc_rec(method, req, resp_body, resp_headers, trailers, req_raw=None):
    hdr = {"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"}, "startedAt": "2026-01-01T00:00:00.000Z",
           "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": "http://127.0.0.1:9001"}]}
    url = "http://127.0.0.1:8080/lf.a2a.v1.A2AService/" + method
    evs = [{"seq": 1, "t_us": 0, "exchange": "e1", "type": "request_head", "method": "POST", "url": url, "version": "HTTP/2.0",
            "headers": [["content-type", "application/grpc"], ["te", "trailers"], ["a2a-version", "1.0"]], "upstream": url.replace("8080", "9001")},
           {"seq": 2, "t_us": 100, "exchange": "e1", "type": "request_body", "body": b64(gframe(req) if req_raw is None else req_raw), "encoding": "base64"},
           {"seq": 3, "t_us": 900, "exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/2.0",
            "headers": [["content-type", "application/grpc"]] + resp_headers}]
    seq = 4
    if resp_body:
        evs.append({"seq": seq, "t_us": 950, "exchange": "e1", "type": "response_chunk", "body": b64(resp_body), "encoding": "base64"}); seq += 1
    end = {"seq": seq, "t_us": 1000, "exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": 5 + len(req) if req_raw is None else len(req_raw), "response_bytes": len(resp_body)}
    if trailers: end["trailers"] = trailers
    evs.append(end)
    return "\n".join(j(x) for x in [hdr] + evs) + "\n"
G_SEND = pb_len(2, pb_len(1, "msg-grpc") + pb_var(4, 1) + pb_len(5, pb_len(1, "hello")))
G_REPLY = pb_len(2, pb_len(1, "msg-reply") + pb_len(2, "ctx-1") + pb_var(4, 2) + pb_len(5, pb_len(1, "echo: hello")))
def grpc_frame(ok):
    body = gframe(G_REPLY)
    # fail: the prefix announces the whole message, the body stops 4 bytes short
    return grpc_rec("SendMessage", G_SEND, body if ok else body[:-4], [], [["grpc-status", "0"], ["grpc-message", ""]])
case("GRPC-FRAME-001", grpc_frame(False), grpc_frame(True))
def grpc_request_frame(ok):
    # fail: the client's request message announces its whole length, the body (and the
    # client's stream) stops 4 bytes short; the agent answers INVALID_ARGUMENT
    if ok:
        return grpc_frame(True)
    return grpc_rec("SendMessage", G_SEND, b"", [["grpc-status", "3"], ["grpc-message", "incomplete request message"]], None,
                    req_raw=gframe(G_SEND)[:-4])
case("GRPC-FRAME-002", grpc_request_frame(False), grpc_request_frame(True))
def grpc_code(ok):
    code = 9 if ok else 5
    return grpc_rec("CancelTask", pb_len(2, "task-1"), b"",
                    [["grpc-status", str(code)], ["grpc-message", "Task cannot be canceled"],
                     ["grpc-status-details-bin", rpc_status(code, "Task cannot be canceled", "TASK_NOT_CANCELABLE")]], None)
case("GRPC-ERROR-001", grpc_code(False), grpc_code(True))
def grpc_info(ok):
    hs = [["grpc-status", "5"], ["grpc-message", "Task not found"]]
    if ok: hs.append(["grpc-status-details-bin", rpc_status(5, "Task not found", "TASK_NOT_FOUND")])
    return grpc_rec("GetTask", pb_len(2, "task-404"), b"", hs, None)
case("GRPC-ERROR-002", grpc_info(False), grpc_info(True))
# ---- data shape
def shape(ok):
    t = T(); tk = task1(); 
    if not ok: tk.pop("id")
    send1(t, {"task": tk}); return t.text()
case("DATA-SHAPE-001", shape(False), shape(True))
# ---- gateway buffering
def gw(buffered):
    t = T(); url_c = H + "/message:stream"; url_u = "http://backend.example.test:8000/message:stream"
    body = j({"message": msg1("plan")})
    t.req("POST", url_c, body, headers=dict(V1, accept="text/event-stream"))
    t.req("POST", url_u, body, headers=dict(V1, accept="text/event-stream"), leg="upstream")
    t.resp(200, "", ct="text/event-stream", leg="upstream")
    evs = [{"task": task1(st="TASK_STATE_SUBMITTED")}, su1("TASK_STATE_WORKING"), au1(text="plan", lastChunk=True), su1("TASK_STATE_COMPLETED")]
    if buffered:
        for e in evs: t.chunk(sse(e), leg="upstream", dt=5.0)
        t.chunk("", close="eof", leg="upstream")
        t.resp(200, "", ct="text/event-stream")
        t.chunk("".join(sse(e) for e in evs), dt=0.002); t.chunk("", close="eof")
    else:
        t.resp(200, "", ct="text/event-stream")
        for e in evs:
            t.chunk(sse(e), leg="upstream", dt=5.0); t.chunk(sse(e), dt=0.002)
        t.chunk("", close="eof", leg="upstream"); t.chunk("", close="eof")
    return t.text()
case("GW-SSE-001", gw(True), gw(False))
# ---- ids
def followup(req_ctx, res_ctx):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_INPUT_REQUIRED")})
    m = msg1("four", taskId="task-1", **({"contextId": req_ctx} if req_ctx else {}))
    send1(t, {"task": task1(ctx=res_ctx)}, i=2, params={"message": m}); return t.text()
case("ID-CTX-001", followup(None, "ctx-2"), followup(None, "ctx-1"))
case("ID-CTX-002", followup("ctx-1", "ctx-9"), followup("ctx-1", "ctx-1"))
def histids(ok):
    t = T(); h = [msg1("four", taskId="task-1", contextId="ctx-1" if ok else "ctx-7")]
    send1(t, {"task": task1(history=h)}); return t.text()
case("ID-CTX-003", histids(False), histids(True))
def evmissing(ok):
    t = T(); d = su1("TASK_STATE_COMPLETED")
    if not ok: d["statusUpdate"].pop("contextId")
    stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, d]); return t.text()
case("ID-EVENT-001", evmissing(False), evmissing(True))
def evmismatch(ok):
    t = T(); stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, su1("TASK_STATE_COMPLETED", tid="task-1" if ok else "task-2")]); return t.text()
case("ID-EVENT-002", evmismatch(False), evmismatch(True))
def resolv(ok):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_WORKING")})
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": "task-1"}), headers=V1)
    t.resp(200, res(2, task1()) if ok else err(2, -32001, "Task not found")); return t.text()
case("ID-TASK-001", resolv(False), resolv(True))
def unknowntask(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("resume", taskId="task-zz")}), headers=V1)
    t.resp(200, err(1, -32001, "Task not found") if ok else res(1, {"task": task1(tid="task-new")})); return t.text()
case("ID-TASK-002", unknowntask(False), unknowntask(True))
# ---- push url
def pushurl(url):
    t = T(); p = {"message": msg1("long job"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": url}}}
    send1(t, {"task": task1(st="TASK_STATE_SUBMITTED")}, params=p); return t.text()
case("PUSH-URL-001", pushurl("http://169.254.169.254/latest/meta-data"), pushurl("https://client.example.test/hook"))
# ---- rest error
def resterr(ok):
    t = T(); t.req("GET", H + "/tasks/task-x", headers=V1)
    body = {"error": {"code": 404, "status": "NOT_FOUND", "message": "Task not found", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}} if ok else {"code": -32001, "message": "Task not found"}
    t.resp(404, body); return t.text()
case("REST-ERROR-001", resterr(False), resterr(True))
def rest100(ok):
    # a2a-java #765: 1.0.0's 501 + RFC 9457 problem details for a message to a terminal task
    t = T(); t.req("POST", H + "/message:send", {"message": msg1("hi")}, headers=V1).resp(200, {"task": task1()})
    t.req("POST", H + "/message:send", {"message": msg1("again", taskId="task-1", contextId="ctx-1")}, headers=V1)
    if ok: t.resp(400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "task is terminal", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}})
    else: t.resp(501, {"title": "task is terminal", "status": 501, "type": "https://a2a-protocol.org/errors/unsupported-operation"}, ct="application/problem+json")
    return t.text()
case("REST-ERROR-002", rest100(False), rest100(True))
# ---- json-rpc
def env(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1"}), headers=V1)
    r = res(1, task1());
    if not ok: r["jsonrpc"] = "1.0"
    t.resp(200, r); return t.text()
case("RPC-ENVELOPE-001", env(False), env(True))
def code(ok):
    t = T(); t.req("POST", H + "/a2a", '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":', headers=V1)
    t.resp(200, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700 if ok else -32603, "message": "Parse error" if ok else "Internal error"}}); return t.text()
case("RPC-ERROR-001", code(False), code(True))
def rid(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(7, "GetTask", {"id": "task-1"}), headers=V1)
    t.resp(200, res(7 if ok else "7", task1())); return t.text()
case("RPC-ID-001", rid(False), rid(True))
def refusal_id(ok):
    # a rate limiter's 429 with a JSON-RPC error object: its id must echo the call's (RPC-002)
    t = T(); t.req("POST", H + "/a2a", rpc(7, "GetTask", {"id": "task-1"}), headers=V1)
    t.resp(429, err(7 if ok else None, -32000, "rate limited"), headers={"retry-after": "2"}); return t.text()
case("RPC-ID-002", refusal_id(False), refusal_id(True))
def einfo(ok):
    # a2a-python 1.0 puts its validation errors (a list) into ErrorInfo.metadata
    meta = {"errors": "message.parts: Field must contain at least one element."} if ok else {"errors": [{"field": "message.parts", "message": "Field must contain at least one element."}]}
    t = T(); t.req("POST", H + "/a2a", rpc(8, "SendMessage", {"message": msg1("hi", parts=[])}), headers=V1)
    e = err(8, -32602, "Invalid params")
    e["error"]["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_PARAMS", "domain": "a2a-protocol.org", "metadata": meta}]
    t.resp(200, e); return t.text()
case("RPC-ERROR-002", einfo(False), einfo(True))
def validrefused(ok):
    # EmilLindfors/a2a-rs #51: a first SendMessage without taskId refused "taskId is required"
    t = T(); t.req("POST", H + "/a2a", rpc(9, "SendMessage", {"message": msg1("hello")}), headers=V1)
    t.resp(200, res(9, {"task": task1()}) if ok else err(9, -32602, "Invalid params: message.taskId is required")); return t.text()
case("RPC-ERROR-003", validrefused(False), validrefused(True))
def code0x(ok):
    # a2a-sdk's 0.3 compat adapter (prebid/salesagent #1670): a 0.3 tasks/get of an unknown id
    # answered -32603 "Task not found": 0.3 recommends -32001 (ERR-002 SHOULD in 0.x)
    t = T(); t.req("POST", H + "/", rpc(1, "tasks/get", {"id": "task-gone"}))
    t.resp(200, err(1, -32001 if ok else -32603, "Task not found: task-gone")); return t.text()
case("RPC-ERROR-006", code0x(False), code0x(True))
# ---- sse framing
def frame(ok):
    t = T(); sep = "\n\n" if ok else "\n"
    t.req("POST", H + "/", rpc(1, "message/stream", {"message": msg03("go")}), headers={"accept": "text/event-stream"})
    t.resp(200, "", ct="text/event-stream")
    for e in [task03(st="working"), {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "completed"}, "final": True}]:
        t.chunk("data: " + j(res(1, e)) + sep)
    t.chunk("", close="eof"); return t.text()
case("SSE-FRAME-001", frame(False), frame(True))
def notjson(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, {"task": task1(st="TASK_STATE_WORKING")})) if ok else "data: {task: working}\n\n")
    t.chunk(sse(res(1, su1("TASK_STATE_COMPLETED")))); t.chunk("", close="eof"); return t.text()
case("SSE-FRAME-002", notjson(False), notjson(True))
def bomlater(ok):
    # breaker9b F26: a BOM before every event (a .NET StreamWriter per write); only the
    # stream's first one is stripped, the later data line is an unknown field.
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=V1)
    t.resp(200, "", ct="text/event-stream")
    t.chunk("\ufeff" + sse(res(1, {"task": task1(st="TASK_STATE_WORKING")})))
    t.chunk(("" if ok else "\ufeff") + sse(res(1, su1("TASK_STATE_COMPLETED")))); t.chunk("", close="eof"); return t.text()
case("SSE-FRAME-003", bomlater(False), bomlater(True))
# ---- HTTP framing (RFC 9112 §6.2, §6.3; breaker8 G8, G13)
def framed(ok):
    t = T(); body = j(res(1, {"task": task1()}))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("go")}), headers=V1)
    t.resp(200, body, headers={"transfer-encoding": "chunked"} if ok else {"transfer-encoding": "chunked", "content-length": "5"})
    return t.text()
case("HTTP-FRAME-001", framed(False), framed(True))
def cutshort(ok):
    t = T(); body = j(res(1, {"task": task1()}))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("go")}), headers=V1)
    t.resp(200, "", headers={"content-length": str(len(body))})
    t.chunk(body if ok else body[:40], close="eof" if ok else "reset"); return t.text()
case("HTTP-FRAME-002", cutshort(False), cutshort(True))
# HTTP-FRAME-003: the proxy's server reset the client's h2 stream as malformed (breaker18b X13)
def refusedreq(ok):
    t = T(); body = j(res(1, {"task": task1()}))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("go")}), headers=V1)
    t.resp(200, "", headers={"content-length": str(len(body))})
    t.chunk(body, close="eof" if ok else "refused"); return t.text()
case("HTTP-FRAME-003", refusedreq(False), refusedreq(True))
# ---- DATA-ROLE-001: the agent's reply carries its own role
def agentrole(ok):
    t = T(); reply = {"messageId": "r1", "role": "ROLE_AGENT" if ok else "ROLE_USER", "parts": [{"text": "hello"}], "contextId": "ctx-1"}
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1).resp(200, res(1, {"message": reply}))
    return t.text()
case("DATA-ROLE-001", agentrole(False), agentrole(True))
# ---- DATA-ROLE-002: the client's message carries the user role (breaker9b F18)
def clientrole(ok):
    t = T(); send1(t, {"task": task1()}, params={"message": msg1("hi", role="ROLE_USER" if ok else "ROLE_AGENT")}); return t.text()
case("DATA-ROLE-002", clientrole(False), clientrole(True))
# ---- DATA-TIME-001: 1.0 status timestamps in UTC with Z (breaker9b F16)
def utcstamp(ok):
    t = T(); send1(t, {"task": task1(status={"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z" if ok else "2026-03-02T12:15:00+02:00"})}); return t.text()
case("DATA-TIME-001", utcstamp(False), utcstamp(True))
# ---- RPC-REQ-001: every A2A JSON-RPC call has an id (breaker9b F13)
def reqid(ok):
    t = T(); call = rpc(1, "GetTask", {"id": "task-1"})
    if not ok: del call["id"]
    t.req("POST", H + "/a2a", call, headers=V1)
    t.resp(200, res(1, task1()) if ok else {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request: id is required"}}); return t.text()
case("RPC-REQ-001", reqid(False), reqid(True))
# ---- VER-HDR-003: A2A-Version is Major.Minor (breaker9b F19)
def vmm(ok):
    t = T(); send1(t, {"task": task1()}, hdr={"a2a-version": "1.0" if ok else "1.0.1"}); return t.text()
case("VER-HDR-003", vmm(False), vmm(True))
# ---- VER-HDR-004: a 1.0 agent answers a requested unsupported version -32009, not -32601 (breaker17b V15)
def vnf(ok):
    t = T(); fetch_card(t, card1())
    t.req("POST", H + "/a2a", rpc(1, "message/send", {"message": msg03("hi")}), headers={"a2a-version": "0.3"})
    t.resp(200, err(1, -32009 if ok else -32601, "Version not supported" if ok else "Method not found")); return t.text()
case("VER-HDR-004", vnf(False), vnf(True))
# ---- streams
def append(ok):
    t = T(); evs = [{"task": task1(st="TASK_STATE_WORKING")}]
    if ok: evs.append(au1(text="The "))
    evs += [au1(text="fox.", append=True, lastChunk=True), su1("TASK_STATE_COMPLETED")]
    stream1(t, evs); return t.text()
case("STREAM-ARTIFACT-001", append(False), append(True))
def lastc(ok):
    t = T(); evs = [{"task": task1(st="TASK_STATE_WORKING")}, au1(text="The ", lastChunk=not ok), au1(text="fox.", append=True, lastChunk=True), su1("TASK_STATE_COMPLETED")]
    stream1(t, evs); return t.text()
case("STREAM-ARTIFACT-002", lastc(False), lastc(True))
def lastrep(ok):
    # The lastChunk drops append after appended chunks: it replaces them (adk-python #6686).
    t = T(); evs = [{"task": task1(st="TASK_STATE_WORKING")}, au1(text="The "), au1(text="quick ", append=True), au1(text="fox.", append=True, lastChunk=True) if ok else au1(text="fox.", lastChunk=True), su1("TASK_STATE_COMPLETED")]
    stream1(t, evs); return t.text()
case("STREAM-ARTIFACT-003", lastrep(False), lastrep(True))
# ---- TASK-STATE-010: the stored task keeps the chunks its stream appended (breaker15a Q12, STREAM-009)
def appendlost(ok):
    t = T(); fetch_card(t, card1())
    stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, au1(text="The "), au1(text="fox.", append=True, lastChunk=True), su1("TASK_STATE_COMPLETED")])
    parts = [{"text": "The "}, {"text": "fox."}] if ok else [{"text": "The "}]
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": "task-1"}), headers=V1).resp(200, res(2, task1(artifacts=[{"artifactId": "art-1", "parts": parts}])))
    return t.text()
case("TASK-STATE-010", appendlost(False), appendlost(True))
def blocktrue(ok):
    # BerriAI/litellm #28577: fasta2a < 0.6 answered a 0.3 blocking send while still submitted
    t = T(); t.req("POST", H + "/a2a", rpc(1, "message/send", {"message": msg03("summarise"), "configuration": {"blocking": True}}))
    t.resp(200, res(1, task03(st="completed" if ok else "submitted")), dt=2 if ok else 0.01); return t.text()
case("TASK-STATE-011", blocktrue(False), blocktrue(True))
def after(ok):
    t = T(); evs = [{"task": task1(st="TASK_STATE_WORKING")}]
    if ok: evs += [au1(text="late"), su1("TASK_STATE_COMPLETED")]
    else: evs += [su1("TASK_STATE_COMPLETED"), au1(text="late")]
    stream1(t, evs); return t.text()
case("STREAM-END-001", after(False), after(True))
def noterm(ok):
    t = T(); stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}] + ([su1("TASK_STATE_COMPLETED")] if ok else [])); return t.text()
case("STREAM-END-002", noterm(False), noterm(True))
# cards60: the capture stops 3 s after the terminal event (past the 2 s grace STREAM-END-003
# shares with -009 and -010); within it the open end is not judged
def openafter(ok):
    t = T(); stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, su1("TASK_STATE_COMPLETED")], close=None if not ok else "eof")
    if not ok:
        t.chunk("", close="timeout", dt=3.0)
    return t.text()
case("STREAM-END-003", openafter(False), openafter(True))
# grpc58: the client closed the stream 3 s after the terminal event (the agent held it
# open), against a client that closed it 0.5 s after (within the 2 s grace)
def heldopen(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, {"task": task1(st="TASK_STATE_WORKING")})))
    t.chunk(sse(res(1, su1("TASK_STATE_COMPLETED"))))
    t.chunk("", close="client", dt=0.5 if ok else 3.0); return t.text()
case("STREAM-END-009", heldopen(False), heldopen(True))
def heldopen03(ok):
    t = T(); t.req("POST", H + "/", rpc(1, "message/stream", {"message": msg03("go")}), headers={"accept": "text/event-stream"})
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, task03(st="submitted"))))
    t.chunk(sse(res(1, {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "completed"}, "final": True})))
    t.chunk("", close="client", dt=0.5 if ok else 3.0); return t.text()
case("STREAM-END-010", heldopen03(False), heldopen03(True))
def final(ok):
    t = T(); t.req("POST", H + "/", rpc(1, "message/stream", {"message": msg03("go")}), headers={"accept": "text/event-stream"})
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, task03(st="submitted"))))
    t.chunk(sse(res(1, {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "working"}, "final": not ok})))
    t.chunk(sse(res(1, {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "completed"}, "final": True})))
    t.chunk("", close="eof"); return t.text()
case("STREAM-FINAL-001", final(False), final(True))
case("STREAM-FIRST-001", cp("CASE-08.jsonl"), cp("CASE-25.jsonl"))
def notsse(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(4, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, err(4, -32004, "Streaming is not supported") if ok else res(4, {"task": task1()})); return t.text()
case("STREAM-HTTP-001", notsse(False), notsse(True))
def evshape(ok):
    t = T(); stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, su1("TASK_STATE_COMPLETED") if ok else {"progress": 100}]); return t.text()
case("STREAM-SHAPE-001", evshape(False), evshape(True))
def evenv(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, {"task": task1(st="TASK_STATE_WORKING")})))
    t.chunk(sse(res(1 if ok else 99, su1("TASK_STATE_COMPLETED")))); t.chunk("", close="eof"); return t.text()
case("STREAM-SHAPE-002", evenv(False), evenv(True))
def msgintask(ok):
    mid = {"message": {"messageId": "msg-a2", "role": "ROLE_AGENT", "parts": [{"text": "checking"}], "taskId": "task-1", "contextId": "ctx-1"}}
    prog = su1("TASK_STATE_WORKING", status={"state": "TASK_STATE_WORKING", "message": mid["message"]})
    t = T(); stream1(t, [{"task": task1(st="TASK_STATE_SUBMITTED")}, prog if ok else mid, su1("TASK_STATE_COMPLETED")]); return t.text()
case("STREAM-SHAPE-003", msgintask(False), msgintask(True))
# ---- task states
case("TASK-STATE-001", cp("CASE-10.jsonl"), cp("CASE-25.jsonl"))
def msgterm(ok):
    t = T(); send1(t, {"task": task1()})
    t.req("POST", H + "/a2a", rpc(2, "SendMessage", {"message": msg1("more", taskId="task-1", contextId="ctx-1")}), headers=V1)
    t.resp(200, err(2, -32004, "Task is in a terminal state") if ok else res(2, {"task": task1()})); return t.text()
case("TASK-STATE-002", msgterm(False), msgterm(True))
def cancelterm(ok):
    t = T(); send1(t, {"task": task1()})
    t.req("POST", H + "/a2a", rpc(2, "CancelTask", {"id": "task-1"}), headers=V1)
    t.resp(200, err(2, -32002, "Task cannot be canceled") if ok else res(2, task1(st="TASK_STATE_CANCELED"))); return t.text()
case("TASK-STATE-003", cancelterm(False), cancelterm(True))
def cancelineff(ok):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_SUBMITTED")}, params={"message": msg1("cancel me"), "configuration": {"returnImmediately": True}})
    t.req("POST", H + "/a2a", rpc(2, "CancelTask", {"id": "task-1"}), headers=V1).resp(200, res(2, task1(st="TASK_STATE_CANCELED" if ok else "TASK_STATE_WORKING")))
    t.req("POST", H + "/a2a", rpc(3, "GetTask", {"id": "task-1"}), headers=V1).resp(200, res(3, task1(st="TASK_STATE_CANCELED" if ok else "TASK_STATE_WORKING")))
    return t.text()
case("TASK-STATE-004", cancelineff(False), cancelineff(True))
def cancelnoop(ok):
    # a2a-python #1170: cancel of an input-required task answered success, a later read unchanged
    t = T(); send1(t, {"task": task1(st="TASK_STATE_INPUT_REQUIRED")})
    t.req("POST", H + "/a2a", rpc(2, "CancelTask", {"id": "task-1"}), headers=V1).resp(200, res(2, task1(st="TASK_STATE_CANCELED" if ok else "TASK_STATE_INPUT_REQUIRED")))
    t.req("POST", H + "/a2a", rpc(3, "GetTask", {"id": "task-1"}), headers=V1, dt=20).resp(200, res(3, task1(st="TASK_STATE_CANCELED" if ok else "TASK_STATE_INPUT_REQUIRED")))
    return t.text()
case("TASK-STATE-012", cancelnoop(False), cancelnoop(True))
def stinv(ok):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_COMPLETED" if ok else "TASK_STATE_DONE")}); return t.text()
case("TASK-STATE-005", stinv(False), stinv(True))
def subterm(ok):
    t = T(); send1(t, {"task": task1()})
    if ok:
        t.req("POST", H + "/a2a", rpc(2, "SubscribeToTask", {"id": "task-1"}), headers=dict(V1, accept="text/event-stream")).resp(200, err(2, -32004, "Task is in a terminal state"))
    else:
        stream1(t, [{"task": task1()}], method="SubscribeToTask", params={"id": "task-1"}, i=2)
    return t.text()
case("TASK-STATE-006", subterm(False), subterm(True))
# ---- versions
def cardmeth(ok):
    t = T(); fetch_card(t, card03())
    t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("status")}))
    t.resp(200, res(1, task03()) if ok else err(1, -32601, "method not found: message/send")); return t.text()
case("VER-CARD-001", cardmeth(False), cardmeth(True))
def vhdr(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("ping")}), headers={"a2a-version": "99.0"})
    t.resp(200, err(1, -32009, "A2A version 99.0 is not supported") if ok else res(1, {"task": task1()})); return t.text()
case("VER-HDR-001", vhdr(False), vhdr(True))
def strip(ok):
    t = T(); body = j(rpc(1, "SendMessage", {"message": msg1("open invoices?")}))
    t.req("POST", "https://gateway.example.test/a2a/billing", body, headers=V1)
    t.req("POST", "https://billing.example.test/a2a", body, headers=V1 if ok else {}, leg="upstream")
    r = res(1, {"task": task1()}) if ok else err(1, -32009, "version 0.3 not supported")
    t.resp(200, r, leg="upstream"); t.resp(200, r); return t.text()
case("VER-HDR-002", strip(False), strip(True))
def mix(ok):
    t = T(); p = {"message": msg1("long job"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/webhook"}}}
    send1(t, {"task": task1(st="TASK_STATE_SUBMITTED")}, params=p)
    d = su1("TASK_STATE_COMPLETED")
    if not ok: d["statusUpdate"]["final"] = True
    t.req("POST", "https://client.example.test/webhook", d, headers={"content-type": "application/a2a+json"}, dt=2.0).resp(200, "", ct=None)
    return t.text()
case("VER-MIX-001", mix(False), mix(True))
def reqmix(ok):
    # A half-migrated client: a 1.0 SendMessage whose configuration still says 0.3's
    # blocking; the agent answers in 1.0 and is not at fault (VER-MIX-002 is the client's).
    t = T(); cfg = {"returnImmediately": False} if ok else {"blocking": True}
    send1(t, {"task": task1()}, params={"message": msg1("quarterly totals"), "configuration": cfg})
    return t.text()
case("VER-MIX-002", reqmix(False), reqmix(True))

def hook(ok_shape=True, with_cred=True):
    t = T(); p = {"message": msg1("long job"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/webhook", "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "<webhook-credential>"}}}}
    send1(t, {"task": task1(st="TASK_STATE_SUBMITTED")}, params=p)
    body = su1("TASK_STATE_COMPLETED") if ok_shape else {"taskId": "task-1", "state": "done"}
    h = {"content-type": "application/a2a+json"}
    if with_cred: h["authorization"] = "Bearer <webhook-credential>"
    t.req("POST", "https://client.example.test/webhook", body, headers=h, dt=2.0).resp(200, "", ct=None)
    return t.text()
case("PUSH-BODY-001", hook(ok_shape=False), hook())
case("PUSH-AUTH-001", hook(with_cred=False), hook())

def gwlost(lost):
    t = T(); url_c = H + "/message:stream"; url_u = "http://backend.example.test:8000/message:stream"
    body = j({"message": msg1("plan")})
    t.req("POST", url_c, body, headers=dict(V1, accept="text/event-stream"))
    t.req("POST", url_u, body, headers=dict(V1, accept="text/event-stream"), leg="upstream")
    t.resp(200, "", ct="text/event-stream", leg="upstream")
    t.resp(200, "", ct="text/event-stream")
    evs = [{"task": task1(st="TASK_STATE_SUBMITTED")}, su1("TASK_STATE_WORKING"), au1(text="plan", lastChunk=True), su1("TASK_STATE_COMPLETED")]
    for i, e in enumerate(evs):
        t.chunk(sse(e), leg="upstream", dt=0.5)
        if not (lost and i == 2): t.chunk(sse(e), dt=0.002)
    t.chunk("", close="eof", leg="upstream"); t.chunk("", close="eof")
    return t.text()
case("GW-SSE-002", gwlost(True), gwlost(False))
def gwext(ok):
    t = T(); body = j(rpc(1, "SendMessage", {"message": msg1("trace me")}))
    ext = {"a2a-extensions": "https://ext.example.test/traceability/v1"}
    t.req("POST", "https://gateway.example.test/a2a", body, headers=dict(V1, **ext))
    t.req("POST", "https://billing.example.test/a2a", body, headers=dict(V1, **ext) if ok else V1, leg="upstream")
    r = res(1, {"task": task1()})
    t.resp(200, r, leg="upstream"); t.resp(200, r); return t.text()
case("GW-HDR-001", gwext(False), gwext(True))
def gwauth(ok):
    t = T(); body = j(rpc(1, "SendMessage", {"message": msg1("hello")}))
    auth = {"authorization": "Bearer <redacted>"}
    t.req("POST", "https://gateway.example.test/a2a", body, headers=dict(V1, **auth))
    t.req("POST", "https://billing.example.test/a2a", body, headers=dict(V1, **auth) if ok else V1, leg="upstream")
    if ok:
        r = res(1, {"task": task1()}); t.resp(200, r, leg="upstream"); t.resp(200, r)
    else:
        h = {"www-authenticate": 'Bearer realm="a2a"', "content-length": "0"}
        t.resp(401, "", ct=None, headers=h, leg="upstream"); t.resp(401, "", ct=None, headers=h)
    return t.text()
case("GW-HDR-002", gwauth(False), gwauth(True))
def gwtimeout(ok):
    t = T(); body = j(rpc(1, "message/send", {"message": msg03("slow report")}))
    t.req("POST", "https://gateway.example.test/a2a", body)
    t.req("POST", "https://billing.example.test/a2a", body, leg="upstream")
    r = res(1, task03())
    if ok:
        t.resp(200, r, leg="upstream", dt=45.0); t.resp(200, r)
    else:
        t.resp(504, "<html><body><h1>504 Gateway Time-out</h1></body></html>", ct="text/html", dt=30.0)
        t.resp(200, r, leg="upstream", dt=15.0)
    return t.text()
case("GW-RESP-001", gwtimeout(False), gwtimeout(True))
def gwid(ok):
    t = T()
    t.req("POST", "https://gateway.example.test/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1)
    t.req("POST", "https://billing.example.test/a2a", rpc("gw-77", "SendMessage", {"message": msg1("hi")}), headers=V1, leg="upstream")
    t.resp(200, res("gw-77", {"task": task1()}), leg="upstream")
    t.resp(200, res(1 if ok else "gw-77", {"task": task1()})); return t.text()
case("GW-RESP-002", gwid(False), gwid(True))
def gwunseen(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("slow job")}), headers=V1)
    if ok:
        t.resp(200, res(1, {"task": task1()}))
    else:
        t.resp(504, "<html><body><h1>504 Gateway Time-out</h1></body></html>", headers={"server": "nginx"}, ct="text/html")
    return t.text()
case("GW-RESP-003", gwunseen(False), gwunseen(True))
def gwaffinity(ok):
    t = T(); sb = rpc(1, "SendMessage", {"message": msg1("hi"), "configuration": {"returnImmediately": True}})
    r = res(1, {"task": task1(st="TASK_STATE_WORKING")})
    t.req("POST", "https://lb.example.test/a2a", sb, headers=V1)
    t.req("POST", "http://10.0.0.1:8000/a2a", sb, headers=V1, leg="r0")
    t.resp(200, r, leg="r0"); t.resp(200, r)
    gb = rpc(2, "GetTask", {"id": "task-1"})
    t.req("POST", "https://lb.example.test/a2a", gb, headers=V1)
    leg = "r0" if ok else "r1"
    t.req("POST", "http://10.0.0.%d:8000/a2a" % (1 if ok else 2), gb, headers=V1, leg=leg)
    a = res(2, task1(st="TASK_STATE_WORKING")) if ok else err(2, -32001, "task not found: task-1")
    t.resp(200, a, leg=leg); t.resp(200, a)
    return t.text()
case("GW-RESP-005", gwaffinity(False), gwaffinity(True))
# GW-RESP-006: the recording proxy's own 502 for a call the upstream closed unanswered
# (native recording: `synthetic`, `upstream_error`; breaker16b T5)
def proxyanswered(ok):
    hdr = {"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"}, "startedAt": "2026-01-01T00:00:00.000Z",
           "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": "http://127.0.0.1:9001"}]}
    body = j(rpc(1, "SendMessage", {"message": msg1("hi")}))
    evs = [{"seq": 1, "t_us": 0, "exchange": "e1", "type": "request_head", "method": "POST", "url": "http://127.0.0.1:8080/", "headers": [["content-type", "application/json"], ["a2a-version", "1.0"]], "upstream": "http://127.0.0.1:9001/"},
           {"seq": 2, "t_us": 100, "exchange": "e1", "type": "request_body", "body": body}]
    if ok:
        answer = j(res(1, {"task": task1()}))
        evs += [{"seq": 3, "t_us": 900, "exchange": "e1", "type": "response_head", "status": 200, "headers": [["content-type", "application/json"]]},
                {"seq": 4, "t_us": 950, "exchange": "e1", "type": "response_chunk", "body": answer},
                {"seq": 5, "t_us": 1000, "exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": len(body), "response_bytes": len(answer)}]
    else:
        cause = "upstream http://127.0.0.1:9001/ answered no valid HTTP response: client error (SendRequest): connection closed before message completed"
        text = "a2a-interop proxy: " + cause + "\n"
        evs += [{"seq": 3, "t_us": 900, "exchange": "e1", "type": "response_head", "status": 502, "headers": [["content-type", "text/plain; charset=utf-8"], ["content-length", str(len(text))]], "synthetic": True},
                {"seq": 4, "t_us": 950, "exchange": "e1", "type": "response_chunk", "body": text},
                {"seq": 5, "t_us": 1000, "exchange": "e1", "type": "exchange_end", "outcome": "upstream_error", "error": cause, "request_bytes": len(body), "response_bytes": len(text)}]
    return "\n".join(j(x) for x in [hdr] + evs) + "\n"
case("GW-RESP-006", proxyanswered(False), proxyanswered(True))
def gwretry(ok):
    t = T(); body = rpc(1, "SendMessage", {"message": msg1("transfer 100 EUR")})
    t.req("POST", "https://gateway.example.test/a2a", body, headers=V1)
    t.req("POST", "https://billing.example.test/a2a", body, headers=V1, leg="upstream")
    t.resp(200, res(1, {"task": task1()}), leg="upstream", dt=16)
    if not ok:
        t.req("POST", "https://billing.example.test/a2a", body, headers=V1, leg="upstream")
        t.resp(200, res(1, {"task": task1()}), leg="upstream", dt=16)
    t.resp(200, res(1, {"task": task1()})); return t.text()
case("GW-REQ-001", gwretry(False), gwretry(True))
def gwroute(ok):
    # breaker15a Q1: the gateway forwards /tasks/t1:cancel upstream as /tasks/t1/cancel
    # (fail); breaker46: the agent published under a public base path the gateway strips
    # (/a2a/rest -> /rest), the same route (pass; the percent-encoded colon this pass case
    # was is GW-REQ-002 since breaker46, RFC 3986 §2.2)
    name = ("b46-GL1-legal-gw-v10-rest-public-prefix-stripped.jsonl" if ok
            else "b15-Q1-gw-v10-cancel-colon-route-to-slash.jsonl")
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "cases", "variants", name)) as f:
        return f.read()
case("GW-REQ-002", gwroute(False), gwroute(True))
def variant_file(name):
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "cases", "variants", name)) as f:
        return f.read()
# mine24b K1 (LiteLLM PR #28664): the gateway drops the follow-up's taskId upstream (fail) or
# only renumbers the JSON-RPC id and adds a trace header (pass)
case("GW-REQ-003", variant_file("b24b-K1-v10-gw-drops-task-id-on-follow-up.jsonl"),
     variant_file("b24b-K1-legal-v03-gw-renumbers-id-only.jsonl"))
def legacy_card_path(ok):
    t = T()
    if ok:
        fetch_card(t, card1())
    else:
        t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"}).resp(404, "Not Found", ct="text/plain")
        fetch_card(t, card1(), path="/.well-known/agent.json")
    return t.text()
case("CARD-PATH-001", legacy_card_path(False), legacy_card_path(True))
def legacy_card_path03(ok):
    # mine27b f480 (agentscope-java #1455): a 0.3 card only at the 0.2 path, 404 at agent-card.json
    t = T()
    if ok:
        fetch_card(t, card03())
    else:
        t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"}).resp(404, "Not Found", ct="text/plain")
        fetch_card(t, card03(), path="/.well-known/agent.json")
    return t.text()
case("CARD-PATH-003", legacy_card_path03(False), legacy_card_path03(True))
def redirected(ok):
    t = T(); fetch_card(t, card1(url=H + "/a2a" + ("/" if ok else "")))
    body = rpc(1, "SendMessage", {"message": msg1("hi")})
    if not ok:
        t.req("POST", H + "/a2a", body, headers=V1).resp(307, "", headers={"location": H + "/a2a/"}, ct=None)
    t.req("POST", H + "/a2a/", body, headers=V1).resp(200, res(1, {"task": task1()}))
    return t.text()
case("CARD-URL-007", redirected(False), redirected(True))
# breaker16a S10: a card served over https naming plain http on the same host
case("CARD-URL-008", cardonly(card1(url="http://agent.example.test/a2a")), cardonly(card1(url=H + "/a2a")))
def gwcard(ok):
    # breaker16a S13 (agentgateway #3500): the gateway rewrites the agent's card to its
    # in-cluster data-plane host instead of its public listener
    t = T(); t.req("GET", "https://gw.example.test/.well-known/agent-card.json", headers={"accept": "application/json"})
    t.req("GET", "http://agent.internal.example.test/.well-known/agent-card.json", headers={"accept": "application/json"}, leg="upstream")
    t.resp(200, card1(url="http://agent.internal.example.test/a2a"), leg="upstream")
    t.resp(200, card1(url="https://gw.example.test/a2a" if ok else "http://gateway.gw-system.svc.cluster.local:8080/a2a"), headers=CARD_CACHE)
    return t.text()
case("GW-RESP-004", gwcard(False), gwcard(True))
def gwsigned(ok):
    # mine20b B2 (agentgateway #2701): the gateway rewrites a signed card's interface url and
    # passes the agent's signature on; pass: it re-signs the rewritten card with its own key
    sig = lambda kid, s: [{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6Ik" + kid + "IiwidHlwIjoiSk9TRSJ9", "signature": s}]
    agent_sig = sig("FnZW50", "c2lnbmVkLWJ5LXRoZS1hZ2VudA")
    t = T(); t.req("GET", "https://gw.example.test/.well-known/agent-card.json", headers={"accept": "application/json"})
    t.req("GET", "http://agent.internal.example.test/.well-known/agent-card.json", headers={"accept": "application/json"}, leg="upstream")
    t.resp(200, card1(url="http://agent.internal.example.test/a2a", signatures=agent_sig), leg="upstream")
    t.resp(200, card1(url="https://gw.example.test/a2a", signatures=sig("d3", "c2lnbmVkLWJ5LXRoZS1nYXRld2F5") if ok else agent_sig), headers=CARD_CACHE)
    return t.text()
case("GW-RESP-007", gwsigned(False), gwsigned(True))
def ids_beside(ok):
    # breaker16a S11 (a2a-elixir #63): the follow-up's ids beside the message, not on it
    t = T(); send1(t, {"task": task1()})
    m = msg1("and tomorrow?", contextId="ctx-1") if ok else msg1("and tomorrow?")
    p = {"message": m} if ok else {"message": m, "contextId": "ctx-1"}
    send1(t, {"task": task1(tid="task-2")}, i=2, params=p)
    return t.text()
case("DATA-SHAPE-006", ids_beside(False), ids_beside(True))
def art_no_parts(ok):
    # breaker17a U5 (strands-agents #1640): a 0.3 task artifact with parts: []
    t = T(); t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("go")}))
    tk = task03(); tk["artifacts"] = [{"artifactId": "art-1", "parts": [{"kind": "text", "text": ""}] if ok else []}]
    t.resp(200, res(1, tk)); return t.text()
case("DATA-SHAPE-007", art_no_parts(False), art_no_parts(True))
def task_outside_proto(ok):
    # breaker18a W7: a 1.0 Task with createdAt / lastModified (not in a2a.proto's Task)
    t = T(); fetch_card(t, card1())
    if ok:
        send1(t, {"task": task1(metadata={"createdAt": "2026-12-02T03:00:00Z"})})
    else:
        send1(t, {"task": task1(createdAt="2026-12-02T03:00:00Z", lastModified="2026-12-02T03:00:01Z")})
    return t.text()
case("DATA-SHAPE-008", task_outside_proto(False), task_outside_proto(True))
def part_url_internal(ok):
    # breaker23 U01: an artifact's file url on a cluster-internal host, answered at a public host
    t = T(); fetch_card(t, card1())
    url = "https://files.example.test/r.pdf" if ok else "http://files.default.svc.cluster.local/r.pdf"
    send1(t, {"task": task1(artifacts=[{"artifactId": "a1", "parts": [{"url": url, "mediaType": "application/pdf"}]}])})
    return t.text()
case("DATA-URL-001", part_url_internal(False), part_url_internal(True))
def part_media(ok):
    # mine26b (assistant-ui PR #5036): an artifact's file part labelled with a media range
    t = T(); fetch_card(t, card1())
    send1(t, {"task": task1(artifacts=[{"artifactId": "a1", "parts": [{"url": "https://files.example.test/r.png", "mediaType": "image/png" if ok else "image/*"}]}])})
    return t.text()
case("DATA-MEDIA-001", part_media(False), part_media(True))
def card_path_redirect(ok):
    # the card path answers 302 to another path; the client follows it
    t = T()
    if not ok:
        t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"})
        t.resp(302, "", headers={"location": "/static/agent-card.json"}, ct=None)
        fetch_card(t, card1(), path="/static/agent-card.json")
    else:
        fetch_card(t, card1())
    send1(t, {"task": task1()})
    return t.text()
case("CARD-PATH-002", card_path_redirect(False), card_path_redirect(True))
def client_ver(ok):
    t = T(); fetch_card(t, card03())
    if ok:
        t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("hi")})).resp(200, res(1, task03()))
    else:
        t.req("POST", H + "/", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1).resp(200, err(1, -32601, "Method not found"))
    return t.text()
case("VER-CARD-002", client_ver(False), client_ver(True))
def bind_use(ok):
    t = T(); fetch_card(t, card1())
    if ok:
        t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1).resp(200, res(1, {"task": task1()}))
    else:
        t.req("POST", H + "/a2a/message:send", {"message": msg1("hi")}, headers=V1).resp(404, "Not Found", ct="text/plain")
    return t.text()
case("BIND-USE-001", bind_use(False), bind_use(True))
def bind_url(ok):
    t = T(); fetch_card(t, card1())
    if ok:
        t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1).resp(200, res(1, {"task": task1()}))
    else:
        t.req("POST", H + "/", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1).resp(404, "Not Found", ct="text/plain")
    return t.text()
case("BIND-USE-002", bind_url(False), bind_url(True))

def chal(ok):
    t = T(); fetch_card(t, card03(**bearer))
    t.req("GET", H + "/agent/authenticatedExtendedCard", headers={"accept": "application/json"})
    t.resp(401, {"detail": "authentication required"}, headers={"www-authenticate": "Bearer"} if ok else {})
    return t.text()
case("AUTH-CHALLENGE-001", chal(False), chal(True))

def blocking(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("slow job")}), headers=V1)
    t.resp(200, res(1, {"task": task1(st="TASK_STATE_COMPLETED" if ok else "TASK_STATE_WORKING")}))
    return t.text()
case("TASK-STATE-007", blocking(False), blocking(True))

def subinterrupted(ok):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_INPUT_REQUIRED")})
    if ok:
        stream1(t, [{"task": task1(st="TASK_STATE_INPUT_REQUIRED")}], method="SubscribeToTask", params={"id": "task-1"}, i=2)
    else:
        t.req("POST", H + "/a2a", rpc(2, "SubscribeToTask", {"id": "task-1"}), headers=dict(V1, accept="text/event-stream")).resp(200, err(2, -32004, "Task is not running"))
    return t.text()
case("TASK-STATE-008", subinterrupted(False), subinterrupted(True))

def subactive(ok):
    # a2a-js #540: a live task's reconnect refused; the later GetTask shows it still working
    t = T(); send1(t, {"task": task1(st="TASK_STATE_WORKING")})
    if ok:
        stream1(t, [{"task": task1(st="TASK_STATE_WORKING")}, su1("TASK_STATE_COMPLETED")], method="SubscribeToTask", params={"id": "task-1"}, i=2)
    else:
        t.req("POST", H + "/a2a", rpc(2, "SubscribeToTask", {"id": "task-1"}), headers=dict(V1, accept="text/event-stream")).resp(200, err(2, -32004, "No active execution for task"))
        t.req("POST", H + "/a2a", rpc(3, "GetTask", {"id": "task-1"}), headers=V1).resp(200, res(3, task1(st="TASK_STATE_WORKING")))
    return t.text()
case("TASK-STATE-013", subactive(False), subactive(True))

def retimm(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("slow job"), "configuration": {"returnImmediately": True}}), headers=V1)
    t.resp(200, res(1, {"task": task1(st="TASK_STATE_WORKING" if ok else "TASK_STATE_COMPLETED")}), dt=20)
    return t.text()
case("TASK-STATE-009", retimm(False), retimm(True))

def relayed(ok):
    # mine28b K1 (adk-python PR #6713): an orchestrator asked to refund calls a payments
    # agent inside its own call; that task fails, and the orchestrator completes with the
    # failure text as its result (pass: its own task fails with the reason).
    why = "Refund service unavailable (HTTP 503 from refunds-api)"
    def failed(tid, ctx):
        return task1(tid, ctx, "TASK_STATE_FAILED", status={"state": "TASK_STATE_FAILED", "message": {"messageId": "m-" + tid, "role": "ROLE_AGENT", "parts": [{"text": why}]}})
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("refund order 7781")}), headers=V1); t.lines[-1]["id"] = "up"
    t.req("POST", "https://payments.example.test/a2a", rpc("w1", "SendMessage", {"message": msg1("refund order 7781")}), headers=V1); t.lines[-1]["id"] = "down"
    t.resp(200, res("w1", {"task": failed("task-w", "ctx-w")})); t.lines[-1]["id"] = "down"
    mine = failed("task-1", "ctx-1") if ok else task1(artifacts=[{"artifactId": "art-1", "parts": [{"text": why}]}])
    t.resp(200, res(1, {"task": mine})); t.lines[-1]["id"] = "up"
    return t.text()
case("TASK-STATE-014", relayed(False), relayed(True))

def unkfield(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1", "clientHints": {"locale": "fr"}}), headers=V1)
    t.resp(200, res(1, task1()) if ok else {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": 'proto: unknown field "clientHints"'}})
    return t.text()
case("DATA-PARAM-002", unkfield(False), unkfield(True))

def taskidmember(ok):
    # breaker18a W1/W5: GetTask names its task as taskId (the push config calls' member);
    # the agent answers TaskNotFound for the id it did not get.
    t = T(); t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1"} if ok else {"taskId": "task-1"}), headers=V1)
    t.resp(200, res(1, task1()) if ok else err(1, -32001, "Task not found"))
    return t.text()
case("DATA-PARAM-003", taskidmember(False), taskidmember(True))

def pushidaccepted(ok):
    # breaker19b Z2: a 1.0 push config Get whose params name no task and no config ({}:
    # the client side is not judged for empty params) answered with a config; the pass
    # input names both.
    t = T(); p = {"taskId": "task-1", "id": "cfg-1"} if ok else {}
    t.req("POST", H + "/a2a", rpc(1, "GetTaskPushNotificationConfig", p), headers=V1)
    t.resp(200, res(1, {"id": "cfg-1", "taskId": "task-1", "url": "https://client.example.test/hook"}))
    return t.text()
case("DATA-PARAM-004", pushidaccepted(False), pushidaccepted(True))

def reqshape(ok):
    t = T(); m = msg1("hi")
    if not ok: m.pop("messageId")
    send1(t, {"task": task1()}, params={"message": m}); return t.text()
case("DATA-SHAPE-002", reqshape(False), reqshape(True))

def reqjson(ok):
    # The client's JSON-RPC body cut short (not JSON): the agent rightly answers -32700.
    t = T(); body = j(rpc(1, "SendMessage", {"message": msg1("hi")}))
    t.req("POST", H + "/a2a", body if ok else body[:60], headers=V1)
    t.resp(200, res(1, {"task": task1()}) if ok else err(None, -32700, "Parse error"))
    # then the whole call, answered with the task (both inputs do A2A work)
    t.req("POST", H + "/a2a", rpc(2, "SendMessage", {"message": msg1("hi")}), headers=V1)
    t.resp(200, res(2, {"task": task1()}))
    return t.text()
case("DATA-SHAPE-005", reqjson(False), reqjson(True))

def hist1(ok):
    t = T(); h = [msg1("first"), msg1("second", role="ROLE_AGENT"), msg1("third")]
    t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1", "historyLength": 2}), headers=V1)
    t.resp(200, res(1, task1(history=h[1:] if ok else h)))
    return t.text()
case("DATA-HISTORY-001", hist1(False), hist1(True))

def hist2(ok):
    # 0.x: a limit N > 0 not applied (1.0, including historyLength 0, is DATA-HISTORY-001).
    t = T(); h = [msg03("first", taskId="task-1", contextId="ctx-1"), msg03("second", taskId="task-1", contextId="ctx-1")]
    tk = dict(task03(st="input-required"), history=h[1:] if ok else h)
    t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("second"), "configuration": {"historyLength": 1, "blocking": True}}))
    t.resp(200, res(1, tk))
    return t.text()
case("DATA-HISTORY-002", hist2(False), hist2(True))
def histold(ok):
    t = T(); hist = [msg1("a") | {"messageId": "h1"}, msg1("b") | {"messageId": "h2"}, msg1("c") | {"messageId": "h3"}]
    t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1"}), headers=V1).resp(200, res(1, task1(history=hist)))
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": "task-1", "historyLength": 1}), headers=V1).resp(200, res(2, task1(history=hist[-1:] if ok else hist[:1])))
    return t.text()
case("DATA-HISTORY-003", histold(False), histold(True))
def histrep(ok):
    # A follow-up task of the context carries the first task's artifact beside its own (a2a-rust #130).
    t = T(); a1 = {"artifactId": "art-1", "parts": [{"text": "report"}]}; a2 = {"artifactId": "art-2", "parts": [{"text": "summary"}]}
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("report")}), headers=V1).resp(200, res(1, {"task": task1(artifacts=[a1])}))
    t.req("POST", H + "/a2a", rpc(2, "SendMessage", {"message": msg1("summary", contextId="ctx-1")}), headers=V1).resp(200, res(2, {"task": task1("task-2", artifacts=[a2] if ok else [a1, a2])}))
    return t.text()
case("DATA-HISTORY-004", histrep(False), histrep(True))

def listarts(ok):
    t = T(); a = [{"artifactId": "art-1", "parts": [{"text": "report"}]}]
    t.req("POST", H + "/a2a", rpc(1, "ListTasks", {"contextId": "ctx-1", **({"includeArtifacts": True} if ok else {})}), headers=V1)
    t.resp(200, res(1, {"tasks": [task1(artifacts=a)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))
    return t.text()
case("DATA-LIST-001", listarts(False), listarts(True))

def listorder(ok):
    t = T()
    old = task1("task-1", st="TASK_STATE_COMPLETED"); old["status"]["timestamp"] = "2026-03-02T09:00:00.000Z"
    new = task1("task-2", st="TASK_STATE_WORKING"); new["status"]["timestamp"] = "2026-03-02T11:00:00.000Z"
    t.req("GET", H + "/tasks?pageSize=10", headers=dict(V1, accept="application/json"))
    t.resp(200, {"tasks": [new, old] if ok else [old, new], "nextPageToken": "", "pageSize": 10, "totalSize": 2})
    return t.text()
case("DATA-LIST-002", listorder(False), listorder(True))

def listpaging(ok):
    # breaker9d D3: the first page ends the listing although totalSize counts more tasks.
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "ListTasks", {"pageSize": 1}), headers=V1)
    t.resp(200, res(1, {"tasks": [task1("task-2")], **({"nextPageToken": "p2"} if ok else {}), "pageSize": 1, "totalSize": 2}))
    return t.text()
case("DATA-LIST-004", listpaging(False), listpaging(True))
def listrepeat(ok):
    # breaker9d D3: pageToken p2 lists task-2 again (totalSize unchanged).
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "ListTasks", {"pageSize": 1}), headers=V1)
    t.resp(200, res(1, {"tasks": [task1("task-2")], "nextPageToken": "p2", "pageSize": 1, "totalSize": 2}))
    t.req("POST", H + "/a2a", rpc(2, "ListTasks", {"pageSize": 1, "pageToken": "p2"}), headers=V1)
    t.resp(200, res(2, {"tasks": [task1("task-1" if ok else "task-2")], "nextPageToken": "", "pageSize": 1, "totalSize": 2}))
    return t.text()

def authmsg(ok, v03=False):
    # breaker9d D2: AUTH_REQUIRED explained in status.message (TASK-006).
    t = T()
    if v03:
        tk = task03(st="auth-required")
        if ok: tk["status"]["message"] = msg03("sign in at https://login.example.test", role="agent", taskId="task-1", contextId="ctx-1")
        t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("read my calendar")})).resp(200, res(1, tk))
        return t.text()
    tk = task1(st="TASK_STATE_AUTH_REQUIRED")
    if ok: tk["status"]["message"] = msg1("sign in at https://login.example.test", role="ROLE_AGENT", taskId="task-1", contextId="ctx-1")
    send1(t, {"task": tk}); return t.text()
case("TASK-AUTH-001", authmsg(False), authmsg(True))
case("TASK-AUTH-002", authmsg(False, True), authmsg(True, True))

def emptydata(ok):
    # breaker9d D8: a keep-alive as an empty data: event instead of a comment line.
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, {"task": task1(st="TASK_STATE_WORKING")})))
    t.chunk(": keep-alive\n\n" if ok else "data:\n\n")
    t.chunk(sse(res(1, su1("TASK_STATE_COMPLETED")))); t.chunk("", close="eof"); return t.text()
case("SSE-FRAME-004", emptydata(False), emptydata(True))

def cardsig(hdr):
    # breaker9d D5: the JWS protected header of a 1.0 card signature (CARD-010).
    import base64
    prot = base64.urlsafe_b64encode(j(hdr).encode()).decode().rstrip("=")
    return cardonly(card1(signatures=[{"protected": prot, "signature": "c2lnbmF0dXJl"}]))
case("CARD-SIG-001", cardsig({"alg": "ES256", "typ": "JOSE"}), cardsig({"alg": "ES256", "typ": "JOSE", "kid": "key-1"}))
# CARD-CACHE-001 (CARD-009): the public 1.0 card's Cache-Control max-age and ETag
def cardcache(headers, card=None):
    t = T(); t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"})
    t.resp(200, card if card is not None else card1(), headers=headers); return t.text()
NOCACHE = {"cache-control": None, "etag": None}
case("CARD-CACHE-001", cardcache(NOCACHE), cardcache({}))
# CARD-CACHE-002 (CARD-009, RFC 9110 §8.8.3; breaker28 C03): a card changed under its strong ETag
def cardetag(second):
    t = T()
    for c in (card1(), second):
        t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"})
        t.resp(200, c, headers={"etag": '"1.0.0"'})
    return t.text()
case("CARD-CACHE-002", cardetag(card1(capabilities={"streaming": False, "pushNotifications": False})),
     cardetag(dict(reversed(list(card1().items())))))
# CARD-SIG-003 (CARD-010; breaker28 C09): a card changed at one URL under the same JWS signature
def cardsigtwice(second):
    t = T()
    sig = [{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9", "signature": "c2lnbmF0dXJl"}]
    for n, c in enumerate((card1(signatures=sig), dict(second, signatures=sig))):
        t.req("GET", H + "/.well-known/agent-card.json", headers={"accept": "application/json"})
        t.resp(200, c, headers={"etag": '"v%d"' % n})
    return t.text()
case("CARD-SIG-003", cardsigtwice(card1(url="https://other.example.test/a2a")), cardsigtwice(card1()))
case("CARD-SIG-002", cardsig({"alg": "ES256", "kid": "key-1"}), cardsig({"alg": "ES256", "typ": "JOSE", "kid": "key-1"}))

def listparam(ok):
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "ListTasks", {"statusTimestampAfter": "2026-03-02T09:00:00Z" if ok else 1772442000, "pageSize": 10}), headers=V1)
    t.resp(200, res(1, {"tasks": [], "nextPageToken": "", "pageSize": 10, "totalSize": 0}))
    return t.text()
case("DATA-PARAM-001", listparam(False), listparam(True))
# DATA-PARAM-005 (q28b 2): the client's GetTask historyLength of the wrong JSON type,
# refused -32602 (the agent is right); "10" is a well-formed ProtoJSON int32
def historyparam(ok):
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1", "historyLength": "10" if ok else "ten"}), headers=V1)
    t.resp(200, res(1, task1()) if ok else err(1, -32602, "Invalid params: historyLength"))
    return t.text()
case("DATA-PARAM-005", historyparam(False), historyparam(True))
# AUTH-LEAK-001 (q28b 3): a Python traceback as a JSON-RPC error's message
def leak(ok):
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1"}), headers=V1)
    m = "Internal error" if ok else "Traceback (most recent call last):\n  File \"/srv/agent/store.py\", line 42, in get\nZeroDivisionError: division by zero"
    t.resp(200, err(1, -32603, m))
    return t.text()
case("AUTH-LEAK-001", leak(False), leak(True))

def secscheme(ok):
    sch = {"httpAuthSecurityScheme": {"scheme": "Bearer"}} if ok else {"type": "http", "scheme": "bearer"}
    return cardonly(card1(securitySchemes={"bearer": sch}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]))
case("CARD-SHAPE-006", secscheme(False), secscheme(True))

def tenant(ok):
    t = T()
    c = card1(); c["supportedInterfaces"][0]["tenant"] = "acme"
    t.req("GET", H + "/.well-known/agent-card.json", headers=V1)
    t.resp(200, c)
    p = {"message": msg1("hi")}
    if ok: p["tenant"] = "acme"
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", p), headers=V1)
    t.resp(200, res(1, {"message": {"messageId": "msg-a1", "role": "ROLE_AGENT", "contextId": "ctx-1", "parts": [{"text": "hello"}]}}))
    return t.text()
case("CARD-URL-006", tenant(False), tenant(True))

EXTU = "https://ext.example.test/trace/v1"
def extcard(required=True):
    return card1(capabilities={"streaming": True, "extensions": [{"uri": EXTU, "description": "trace", "required": required}]})
def extcall(req_hdr, resp_body, resp_hdr=None, required=True):
    t = T(); fetch_card(t, extcard(required))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=dict(V1, **req_hdr)).resp(200, resp_body, headers=resp_hdr)
    return t.text()
extneed = err(1, -32008, "extension required")
case("CAP-EXT-001", extcall({}, res(1, {"task": task1()})), extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"a2a-extensions": EXTU}))
case("CAP-EXT-002", extcall({"a2a-extensions": EXTU}, extneed), extcall({}, extneed))
case("CAP-EXT-003", extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"a2a-extensions": EXTU + ", https://ext.example.test/other/v1"}, False),
     extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"a2a-extensions": EXTU}, False))
case("CAP-EXT-004", extcall({"x-a2a-extensions": EXTU}, res(1, {"task": task1()}), None, False), extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), None, False))
# breaker12 L12: the agent's echo under the 0.x name only
case("CAP-EXT-005", extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"x-a2a-extensions": EXTU}, False),
     extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"a2a-extensions": EXTU, "x-a2a-extensions": EXTU}, False))
# mine23b (A2A #1238): the singular A2A-Extension of an old sample is no header an agent reads
case("CAP-EXT-006", extcall({"a2a-extension": EXTU}, extneed), extcall({"a2a-extensions": EXTU}, res(1, {"task": task1()}), {"a2a-extensions": EXTU}))
# ---- CAP-EXT-008: CAP-EXT-002 on 0.3 (a2a-go #345), a warning: EXT-002 is 1.0's (sev44b)
def extcall03(req_hdr):
    t = T(); fetch_card(t, card03(capabilities={"streaming": True, "extensions": [{"uri": EXTU, "description": "trace", "required": True}]}))
    t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("hi")}), headers=req_hdr).resp(200, err(1, -32602, "extension support required: " + EXTU))
    return t.text()
case("CAP-EXT-008", extcall03({"x-a2a-extensions": EXTU}), extcall03({}))
# ---- CAP-MODE-001: acceptedOutputModes (breaker12 L13)
def modes(accepted):
    t = T(); fetch_card(t, card1())
    art = {"artifactId": "art-1", "parts": [{"raw": "iVBORw0KGgo=", "mediaType": "image/png"}]}
    send1(t, {"task": task1(artifacts=[art])}, params={"message": msg1("draw"), "configuration": {"acceptedOutputModes": accepted}})
    return t.text()
case("CAP-MODE-001", modes(["text/plain"]), modes(["text/plain", "image/*"]))

def hook2(cred="<webhook-credential>", token="tok-1", method="POST", about="task-1", other=None, ct="application/a2a+json"):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_WORKING")}, params={"message": msg1("long job"), "configuration": {"returnImmediately": True}})
    if other:  # a second task of this recording, created without a push config
        send1(t, {"task": task1(tid=other, st="TASK_STATE_WORKING")}, i=5, params={"message": msg1("other job"), "configuration": {"returnImmediately": True}})
    cfg = {"url": "https://client.example.test/webhook", "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "<webhook-credential>"}}
    t.req("POST", H + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", dict(cfg, taskId="task-1")), headers=V1).resp(200, res(2, dict(cfg, taskId="task-1", id="cfg-1")))
    h = {"content-type": ct, "authorization": "Bearer " + cred, "x-a2a-notification-token": token}
    t.req(method, "https://client.example.test/webhook", su1("TASK_STATE_COMPLETED", tid=about), headers=h, dt=2.0).resp(200, "", ct=None)
    return t.text()
case("PUSH-AUTH-002", hook2(token="tok-of-another-config"), hook2())
def hook03(with_token):
    # a 0.3 config with a token and no authentication (a2a-python #284): the token is a SHOULD
    t = T(); cfg = {"url": "https://client.example.test/webhook", "token": "tok-03"}
    t.req("POST", H + "/", rpc(1, "message/send", {"message": msg03("long job"), "configuration": {"blocking": False, "pushNotificationConfig": cfg}}))
    t.resp(200, res(1, task03(st="working")))
    h = {"content-type": "application/json"}
    if with_token: h["x-a2a-notification-token"] = "tok-03"
    t.req("POST", "https://client.example.test/webhook", task03(st="completed"), headers=h, dt=2.0).resp(200, "", ct=None)
    return t.text()
case("PUSH-AUTH-003", hook03(False), hook03(True))
case("PUSH-DELIV-001", hook2(method="PUT"), hook2())
case("PUSH-BODY-002", hook2(about="task-9", other="task-9"), hook2(other="task-9"))
# breaker10n N7: a task the recording never saw (its config made before the recording or
# past the proxy, or another client's task) is a note, not PUSH-BODY-002
case("PUSH-BODY-003", hook2(about="task-9"), hook2())
# ---- PUSH-DELIV-002: a 1.0 webhook request is application/a2a+json (breaker10 E22)
case("PUSH-DELIV-002", hook2(ct="text/plain"), hook2(ct="application/json"))
case("PUSH-DELIV-003", cp("variants/b16-S2-v10-push-only-initial-state-completion-never-pushed.jsonl"), cp("variants/b16-S2-legal-v10-push-initial-and-completed-delivered.jsonl"))
def pushcreate2(second_id):
    t = T(); send1(t, {"task": task1(st="TASK_STATE_WORKING")})
    for i, (hook, cid) in enumerate([("audit", "task-1"), ("pager", second_id)], start=2):
        u = "https://hooks.example.test/" + hook
        send1(t, {"id": cid, "taskId": "task-1", "url": u}, i=i, params={"taskId": "task-1", "url": u}, method="CreateTaskPushNotificationConfig")
    return t.text()
case("PUSH-CFG-001", pushcreate2("task-1"), pushcreate2("cfg-2"))
# ---- PUSH-CFG-002: no delivery after the config was deleted (breaker9b F4)
def pushdel(ok):
    t = T(); u = "https://client.example.test/webhook"
    send1(t, {"id": "cfg-1", "taskId": "task-1", "url": u, "token": "tok-1"}, params={"taskId": "task-1", "url": u, "token": "tok-1"}, method="CreateTaskPushNotificationConfig")
    h = {"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}
    if ok: t.req("POST", u, su1("TASK_STATE_COMPLETED"), headers=h, dt=1.0).resp(200, "", ct=None)
    send1(t, {}, i=2, params={"taskId": "task-1", "id": "cfg-1"}, method="DeleteTaskPushNotificationConfig")
    if not ok: t.req("POST", u, su1("TASK_STATE_COMPLETED"), headers=h, dt=5.0).resp(200, "", ct=None)
    return t.text()
case("PUSH-CFG-002", pushdel(False), pushdel(True))
# ---- PUSH-CFG-003: a push config carries its url (breaker9b F28)
def pushnourl(ok):
    t = T(); u = "https://client.example.test/webhook"
    p = {"taskId": "task-1", "token": "tok-1"}
    if ok: p["url"] = u
    t.req("POST", H + "/a2a", rpc(1, "CreateTaskPushNotificationConfig", p), headers=V1)
    t.resp(200, res(1, dict(p, id="cfg-1")) if ok else err(1, -32602, "url is required")); return t.text()
case("PUSH-CFG-003", pushnourl(False), pushnourl(True))
# ---- PUSH-CFG-004: Get / List leave a deleted config out (breaker10 E8)
def pushgone(ok):
    t = T(); u = "https://client.example.test/webhook"
    cfg = {"id": "cfg-1", "taskId": "task-1", "url": u}
    send1(t, cfg, params={"taskId": "task-1", "url": u}, method="CreateTaskPushNotificationConfig")
    send1(t, {}, i=2, params={"taskId": "task-1", "id": "cfg-1"}, method="DeleteTaskPushNotificationConfig")
    send1(t, {"configs": [] if ok else [cfg], "nextPageToken": ""}, i=3, params={"taskId": "task-1"}, method="ListTaskPushNotificationConfigs")
    return t.text()
case("PUSH-CFG-004", pushgone(False), pushgone(True))
# ---- PUSH-CFG-005: Get answers the config it names (breaker15a Q7)
def pushgetother(ok):
    t = T(); u = "https://client.example.test/webhook"
    c1 = {"id": "cfg-1", "taskId": "task-1", "url": u + "/1"}; c2 = {"id": "cfg-2", "taskId": "task-1", "url": u + "/2"}
    send1(t, c1, params={"taskId": "task-1", "id": "cfg-1", "url": u + "/1"}, method="CreateTaskPushNotificationConfig")
    send1(t, c2, i=2, params={"taskId": "task-1", "id": "cfg-2", "url": u + "/2"}, method="CreateTaskPushNotificationConfig")
    send1(t, c1 if ok else c2, i=3, params={"taskId": "task-1", "id": "cfg-1"}, method="GetTaskPushNotificationConfig")
    return t.text()
case("PUSH-CFG-005", pushgetother(False), pushgetother(True))
# ---- PUSH-CFG-006: a complete List holds every live config (breaker15a Q9)
def pushlistmiss(ok):
    t = T(); u = "https://client.example.test/webhook"
    c1 = {"id": "cfg-1", "taskId": "task-1", "url": u + "/1"}; c2 = {"id": "cfg-2", "taskId": "task-1", "url": u + "/2"}
    send1(t, c1, params={"taskId": "task-1", "url": u + "/1"}, method="CreateTaskPushNotificationConfig")
    send1(t, c2, i=2, params={"taskId": "task-1", "url": u + "/2"}, method="CreateTaskPushNotificationConfig")
    send1(t, {"configs": [c1, c2] if ok else [c2]}, i=3, params={"taskId": "task-1"}, method="ListTaskPushNotificationConfigs")
    return t.text()
case("PUSH-CFG-006", pushlistmiss(False), pushlistmiss(True))
# ---- PUSH-CFG-007: a 0.3 HTTP+JSON Create body is the TaskPushNotificationConfig (body: "config") (breaker17b V1)
def rest03push(ok):
    t = T(); u = "https://client.example.test/webhook"
    t.req("POST", H + "/v1/message:send", {"request": {"messageId": "m-1", "role": "ROLE_USER", "content": [{"text": "go"}]}, "configuration": {"blocking": False}})
    t.resp(200, {"task": {"id": "task-1", "contextId": "ctx-1", "status": {"state": "TASK_STATE_WORKING"}}})
    cfg = {"name": "tasks/task-1/pushNotificationConfigs/cfg-1", "pushNotificationConfig": {"url": u}}
    t.req("POST", H + "/v1/tasks/task-1/pushNotificationConfigs", cfg if ok else {"parent": "tasks/task-1", "config": cfg})
    t.resp(200, {"name": "tasks/task-1/pushNotificationConfigs/cfg-1", "pushNotificationConfig": {"id": "cfg-1", "url": u}}); return t.text()
case("PUSH-CFG-007", rest03push(False), rest03push(True))
# ---- DATA-LIST-005: a push config List page holds at most pageSize configs (breaker15a Q10)
def pushlistsize(ok):
    t = T(); u = "https://client.example.test/webhook"
    c1 = {"id": "cfg-1", "taskId": "task-1", "url": u + "/1"}; c2 = {"id": "cfg-2", "taskId": "task-1", "url": u + "/2"}
    send1(t, c1, params={"taskId": "task-1", "url": u + "/1"}, method="CreateTaskPushNotificationConfig")
    send1(t, c2, i=2, params={"taskId": "task-1", "url": u + "/2"}, method="CreateTaskPushNotificationConfig")
    send1(t, {"configs": [c1], "nextPageToken": "p2"} if ok else {"configs": [c1, c2]}, i=3, params={"taskId": "task-1", "pageSize": 1}, method="ListTaskPushNotificationConfigs")
    return t.text()
case("DATA-LIST-005", pushlistsize(False), pushlistsize(True))
# ---- DATA-SHAPE-003: an inline push config leaves taskId empty (breaker15a Q15)
def inlinetask(ok):
    t = T(); cfg = {"url": "https://client.example.test/webhook"}
    if not ok: cfg["taskId"] = "task-9"
    send1(t, {"task": task1(st="TASK_STATE_WORKING")}, params={"message": msg1("hi"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": cfg}})
    return t.text()
case("DATA-SHAPE-003", inlinetask(False), inlinetask(True))
# ---- RPC-REQ-002: every request carries "jsonrpc": "2.0" (breaker10 E15)
def reqver(ok):
    t = T(); call = rpc(1, "GetTask", {"id": "task-1"})
    if not ok: del call["jsonrpc"]
    t.req("POST", H + "/a2a", call, headers=V1)
    t.resp(200, res(1, task1())); return t.text()
case("RPC-REQ-002", reqver(False), reqver(True))
# ---- RPC-REQ-004: each call of a batch has its own id (breaker11 K28)
def batchdup(ok):
    t = T(); calls = [rpc(1, "GetTask", {"id": "task-1"}), rpc(2 if ok else 1, "GetTask", {"id": "task-2"})]
    t.req("POST", H + "/a2a", calls, headers=V1)
    t.resp(200, [res(calls[1]["id"], task1("task-2")), res(1, task1())]); return t.text()
case("RPC-REQ-004", batchdup(False), batchdup(True))
# ---- AUTH-PAYLOAD-001: credentials in headers, never in the payload (breaker11 K32)
def credpayload(ok):
    t = T(); meta = {"traceId": "tr-1"} if ok else {"traceId": "tr-1", "authorization": "Bearer <redacted-token>"}
    send1(t, {"task": task1()}, params={"message": msg1("hi", metadata=meta)}); return t.text()
case("AUTH-PAYLOAD-001", credpayload(False), credpayload(True))
# ---- ID-MSG-002: a messageId names one message; retries resend it (breaker10 E20)
def midreuse(ok):
    t = T(); send1(t, {"task": task1()}, params={"message": msg1("book table", messageId="m-1")})
    send1(t, {"task": task1("task-2")}, i=2, params={"message": msg1("book table" if ok else "cancel flight", messageId="m-1")})
    return t.text()
case("ID-MSG-002", midreuse(False), midreuse(True))
def agentmid(reused):
    t = T(); fetch_card(t, card1())
    for i, text in ((1, "ping"), (2, "again")):
        mid = "reply" if reused else "reply-%d" % i
        reply = {"messageId": mid, "role": "ROLE_AGENT", "parts": [{"text": "pong " + text}], "contextId": "ctx-1"}
        send1(t, {"message": reply}, i=i, params={"message": msg1(text)})
    return t.text()
case("ID-MSG-003", agentmid(True), agentmid(False))
# ---- STREAM-ORDER-001: status updates in generation order (breaker10 E14)
def stamps(ok):
    ts = lambda s: {"state": "TASK_STATE_WORKING", "timestamp": "2026-01-01T00:00:00.%d00Z" % s}
    order = [1, 2, 3] if ok else [2, 1, 3]
    evs = [{"task": task1(st="TASK_STATE_WORKING")}] + [su1("TASK_STATE_WORKING", status=ts(s)) for s in order]
    evs.append(su1("TASK_STATE_COMPLETED", status={"state": "TASK_STATE_COMPLETED", "timestamp": "2026-01-01T00:00:00.400Z"}))
    t = T(); stream1(t, evs); return t.text()
case("STREAM-ORDER-001", stamps(False), stamps(True))
# ---- STREAM-FANOUT-001: concurrent streams of a task get the same events (breaker10 E7)
def fanout(ok):
    t = T()
    t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.lines[-1]["id"] = "A"; t.resp(200, "", ct="text/event-stream"); t.lines[-1]["id"] = "A"
    t.chunk(sse(res(1, {"task": task1(st="TASK_STATE_WORKING")}))); t.lines[-1]["id"] = "A"
    t.req("POST", H + "/a2a", rpc(2, "SubscribeToTask", {"id": "task-1"}), headers=dict(V1, accept="text/event-stream"))
    t.lines[-1]["id"] = "B"; t.resp(200, "", ct="text/event-stream"); t.lines[-1]["id"] = "B"
    t.chunk(sse(res(2, {"task": task1(st="TASK_STATE_WORKING")}))); t.lines[-1]["id"] = "B"
    t.chunk(sse(res(1, au1(lastChunk=True)))); t.lines[-1]["id"] = "A"
    if ok: t.chunk(sse(res(2, au1(lastChunk=True)))); t.lines[-1]["id"] = "B"
    for i, x in ((1, "A"), (2, "B")):
        t.chunk(sse(res(i, su1("TASK_STATE_COMPLETED")))); t.lines[-1]["id"] = x
    for x in ("A", "B"):
        t.chunk("", close="eof"); t.lines[-1]["id"] = x
    return t.text()
case("STREAM-FANOUT-001", fanout(False), fanout(True))
# ---- RPC-METHOD-001 / RPC-REQ-003: method names are exact; another case is -32601 (breaker10 E18)
def mcase(ok):
    t = T(); send1(t, {"task": task1()}, method="SendMessage" if ok else "sendMessage"); return t.text()
case("RPC-METHOD-001", mcase(False), mcase(True))
def mcasecl(ok):
    t = T(); t.req("POST", H + "/a2a", rpc(1, "SendMessage" if ok else "sendMessage", {"message": msg1("hi")}), headers=V1)
    t.resp(200, res(1, {"task": task1()}) if ok else err(1, -32601, "Method not found")); return t.text()
case("RPC-REQ-003", mcasecl(False), mcasecl(True))
# ---- STREAM-END-004: a 0.3 Message reply ends the stream (breaker10 E25)
def msgthen(ok):
    t = T(); t.req("POST", H + "/", rpc(1, "message/stream", {"message": msg03("go")}), headers={"accept": "text/event-stream"})
    t.resp(200, "", ct="text/event-stream")
    t.chunk(sse(res(1, dict(msg03("on it"), role="agent", messageId="msg-a1", contextId="ctx-1"))))
    if not ok: t.chunk(sse(res(1, {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "completed"}, "final": True})))
    t.chunk("", close="eof"); return t.text()
case("STREAM-END-004", msgthen(False), msgthen(True))
# ---- STREAM-END-005: the SDK refuses its executor's event and cuts the stream (breaker17b V5, STREAM-003)
def errcut(ok):
    t = T(); evs = [{"task": task1(st="TASK_STATE_SUBMITTED")}, su1("TASK_STATE_WORKING")]
    if ok: evs.append(su1("TASK_STATE_FAILED"))
    t.req("POST", H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg1("go")}), headers=dict(V1, accept="text/event-stream"))
    t.resp(200, "", ct="text/event-stream")
    for e in evs: t.chunk(sse(res(1, e)))
    if not ok: t.chunk("event: error\n" + sse({"jsonrpc": "2.0", "id": 1, "error": {"code": -32006, "message": "Received Message object in task mode."}}))
    t.chunk("", close="eof"); return t.text()
case("STREAM-END-005", errcut(False), errcut(True))
# ---- STREAM-END-007 / -008: STREAM-END-002 / -005 on a 0.3 stream, warnings: STREAM-003
# is a SHOULD in 0.3 (sev44b)
def su03(st, final):
    return {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": st}, "final": final}
def noterm03(ok):
    t = T(); evs = [task03(st="working")] + ([su03("completed", True)] if ok else [])
    stream1(t, evs, url=H + "/", method="message/stream", params={"message": msg03("go")}, hdr={}); return t.text()
case("STREAM-END-007", noterm03(False), noterm03(True))
def errcut03(ok):
    t = T(); evs = [task03(st="submitted"), su03("working", False)]
    if ok: evs.append(su03("failed", True))
    t.req("POST", H + "/", rpc(1, "message/stream", {"message": msg03("go")}), headers={"accept": "text/event-stream"})
    t.resp(200, "", ct="text/event-stream")
    for e in evs: t.chunk(sse(res(1, e)))
    if not ok: t.chunk("event: error\n" + sse({"jsonrpc": "2.0", "id": 1, "error": {"code": -32006, "message": "Received Message object in task mode."}}))
    t.chunk("", close="eof"); return t.text()
case("STREAM-END-008", errcut03(False), errcut03(True))
# ---- CARD-SECRET-001: no credential in a public card (breaker10 E21)
def cardkey(ok):
    t = T(); url = H + "/a2a" + ("" if ok else "?api_key=sk-live-51HkQ2f9d8c7b6a5")
    fetch_card(t, card1(url=url)); send1(t, {"task": task1()}, url=url); return t.text()
case("CARD-SECRET-001", cardkey(False), cardkey(True))
def cardecho(ok):
    t = T(); key = "sk-live-51HkQ2f9d8c7b6a5"
    desc = "send your key in X-API-Key" if ok else "use X-API-Key: " + key
    c = card1(securitySchemes={"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key", "description": desc}}},
              securityRequirements=[{"schemes": {"key": {"list": []}}}])
    fetch_card(t, c); send1(t, {"task": task1()}, hdr=dict(V1, **{"x-api-key": key})); return t.text()
EXTRA_E21 = {"CARD-SECRET-001-fail-scheme-description": cardecho(False), "CARD-SECRET-001-pass-scheme-description": cardecho(True)}

# ---- REST-VERB-001 / REST-VERB-002: HTTP+JSON routes under their own method (breaker11 K17)
def restverb(ok):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
    t.req("POST", H + "/message:send", {"message": msg1("go"), "configuration": {"returnImmediately": True}}, headers=V1).resp(200, {"task": task1(st="TASK_STATE_WORKING")})
    t.req("POST" if ok else "GET", H + "/tasks/task-1:cancel", headers=V1).resp(200, task1(st="TASK_STATE_CANCELED"))
    return t.text()
case("REST-VERB-001", restverb(False), restverb(True))
case("REST-VERB-002", restverb(False), restverb(True))
# ---- REST-HTTP-002: a malformed query parameter refused with 400, not crashed on with 500 (breaker15a Q14, ERR-006)
def restbadparam(ok):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
    t.req("GET", H + "/tasks/task-1?historyLength=-1", headers=V1)
    if ok: t.resp(400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "historyLength must be >= 0"}})
    else: t.resp(500, {"error": {"code": 500, "status": "INTERNAL", "message": "negative slice index"}})
    return t.text()
case("REST-HTTP-002", restbadparam(False), restbadparam(True))
# ---- REST-HTTP-003: DeleteTaskPushNotificationConfig answers google.protobuf.Empty as 200 {} (breaker17b V7, REST-001)
def restdelete(ok):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
    t.req("DELETE", H + "/tasks/task-1/pushNotificationConfigs/cfg-1", headers=V1)
    if ok: t.resp(200, "{}", ct="application/a2a+json")
    else: t.resp(204, "", ct="application/a2a+json")
    return t.text()
case("REST-HTTP-003", restdelete(False), restdelete(True))
# ---- REST-ROUTE-001 / -002: HTTP+JSON paths are case-sensitive (breaker12 item 1, RFC 3986 §6.2.2.1)
def routecase(ok, served=True):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
    t.req("POST", H + ("/message:send" if ok else "/Message:send"), {"message": msg1("go")}, headers=V1)
    if served: t.resp(200, {"task": task1()})
    else: t.resp(404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "Not Found"}})
    return t.text()
case("REST-ROUTE-001", routecase(False, served=False), routecase(True))
case("REST-ROUTE-002", routecase(False), routecase(True))
# ---- GRPC-METHOD-001 / -002: gRPC method paths are the proto's, exactly (breaker12 item 1)
G_TASK = pb_len(1, "task-1") + pb_len(2, "ctx-1") + pb_len(3, pb_var(1, 3))
def grpccase(ok, served=True):
    m = "GetTask" if ok else "getTask"
    if served: return grpc_rec(m, pb_len(2, "task-1"), gframe(G_TASK), [], [["grpc-status", "0"], ["grpc-message", ""]])
    return grpc_rec(m, pb_len(2, "task-1"), b"", [["grpc-status", "12"], ["grpc-message", "unknown method getTask"]], None)
case("GRPC-METHOD-001", grpccase(False, served=False), grpccase(True))
case("GRPC-METHOD-002", grpccase(False), grpccase(True))
# ---- HTTP-MEDIA-001 / -002: the binding's media type is not refused (breaker11 K20)
def media(ok, rest):
    t = T()
    if rest:
        fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
        t.req("POST", H + "/message:send", {"message": msg1("go")}, headers=V1)
    else:
        fetch_card(t, card1())
        t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("go")}), headers=V1)
    if ok:
        t.resp(200, {"task": task1()} if rest else res(1, {"task": task1()}))
    elif rest:
        t.resp(415, {"error": {"code": 415, "status": "INVALID_ARGUMENT", "message": "Unsupported Media Type",
                               "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_REQUEST", "domain": "a2a-protocol.org"}]}})
    else:
        t.resp(415, "Unsupported Media Type", ct="text/plain")
    return t.text()
case("HTTP-MEDIA-001", media(False, False), media(True, False))
case("HTTP-MEDIA-002", media(False, True), media(True, True))
# ---- RPC-REQ-005: A2A params are named objects (breaker11 K22)
def posparams(ok):
    t = T(); fetch_card(t, card1())
    # The named-params call is answered with the task: -32602 to a well-formed GetTask of
    # an unknown task is RPC-ERROR-001 (TaskNotFoundError is due, breaker19b Z1).
    t.req("POST", H + "/a2a", rpc(1, "GetTask", {"id": "task-1"} if ok else ["task-1"]), headers=V1).resp(200, res(1, task1()) if ok else err(1, -32602, "Invalid params"))
    return t.text()
case("RPC-REQ-005", posparams(False), posparams(True))
# ---- RPC-REQ-006: a JSON-RPC batch holds at least one call (breaker11 K24, JSON-RPC 2.0 §6)
def emptybatch(ok):
    t = T(); fetch_card(t, card1())
    if ok: t.req("POST", H + "/a2a", [rpc(1, "GetTask", {"id": "task-1"})], headers=V1).resp(200, [res(1, task1())])
    else: t.req("POST", H + "/a2a", "[]", headers=dict(V1, **{"content-type": "application/json"})).resp(200, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}})
    return t.text()
case("RPC-REQ-006", emptybatch(False), emptybatch(True))
# ---- CAP-CARD-002: a 0.x extended card served although declared false (breaker11 K23)
def ext0x(flag):
    t = T(); fetch_card(t, card03(**dict(bearer, supportsAuthenticatedExtendedCard=flag)))
    t.req("POST", H + "/", rpc(1, "agent/getAuthenticatedExtendedCard", {}), headers={"authorization": "Bearer <redacted>"})
    t.resp(200, res(1, card03(name="golden extended", **dict(bearer, supportsAuthenticatedExtendedCard=flag))))
    return t.text()
case("CAP-CARD-002", ext0x(False), ext0x(True))
# ---- STREAM-FIRST-002: a 0.x stream sends the task before its updates (breaker11 K25)
def taskafter(ok):
    upd = {"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "working"}, "final": False}
    evs = [task03(st="submitted"), upd] if ok else [upd, task03(st="submitted")]
    evs.append({"kind": "status-update", "taskId": "task-1", "contextId": "ctx-1", "status": {"state": "completed"}, "final": True})
    t = T(); fetch_card(t, card03())
    stream1(t, evs, url=H + "/", method="message/stream", params={"message": msg03("go")}, hdr={})
    return t.text()
case("STREAM-FIRST-002", taskafter(False), taskafter(True))
def oauthcard(flows=None, req="oauth", tls=True):
    h = "https" if tls else "http"
    flows = flows or {"authorizationCode": {"authorizationUrl": "https://login.example.test/authorize", "tokenUrl": h + "://login.example.test/token", "scopes": {"a2a": "use the agent"}, "pkceRequired": True}}
    sk = {"id": "s", "name": "s", "description": "d", "tags": ["t"], "securityRequirements": [{"schemes": {req: {"list": ["a2a"]}}}]}
    return cardonly(card1(securitySchemes={"oauth": {"oauth2SecurityScheme": {"flows": flows}}}, securityRequirements=[{"schemes": {req: {"list": ["a2a"]}}}], skills=[sk]))
case("AUTH-SCHEME-001", oauthcard(req="oauth2"), oauthcard())
case("AUTH-TLS-001", oauthcard(tls=False), oauthcard())
# ---- PUSH-BODY-004: an orchestrator passes its client's webhook and token on (breaker13 M2)
def relay(fwd):
    t = T(); O = "https://orch.example.test"; B = "https://b.example.test"
    ccfg = {"url": "https://client.example.test/webhook", "token": "tok-client"}
    ocfg = ccfg if fwd else {"url": O + "/internal/webhook", "token": "tok-orch"}
    fetch_card(t, card1(url=O + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), base=O)
    fetch_card(t, card1(url=B + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), base=B)
    t._add({"dir": "req", "method": "POST", "url": O + "/a2a", "id": "a", "headers": dict(V1, **{"content-type": "application/json"}),
            "body": j(rpc(1, "SendMessage", {"message": msg1("plan"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": ccfg}}))}, 0.01)
    t._add({"dir": "req", "method": "POST", "url": B + "/a2a", "id": "b", "headers": dict(V1, **{"content-type": "application/json"}),
            "body": j(rpc("o-1", "SendMessage", {"message": msg1("step"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": ocfg}}))}, 0.01)
    t._add({"dir": "resp", "status": 200, "id": "b", "headers": {"content-type": "application/json"}, "body": j(res("o-1", {"task": task1(tid="task-b", ctx="ctx-b", st="TASK_STATE_SUBMITTED")}))}, 0.01)
    t._add({"dir": "resp", "status": 200, "id": "a", "headers": {"content-type": "application/json"}, "body": j(res(1, {"task": task1(st="TASK_STATE_SUBMITTED")}))}, 0.01)
    return t.text()
case("PUSH-BODY-004", relay(True), relay(False))
# ---- ID-TASK-005: TaskNotFoundError to a message that names no task (breaker13 M4)
def tnf_fresh(named):
    t = T(); p = {"message": msg1("hi", taskId="task-9") if named else msg1("hi")}
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", p), headers=V1).resp(200, err(1, -32001, "Task not found"))
    return t.text()
case("ID-TASK-005", tnf_fresh(False), tnf_fresh(True))
# ---- ID-TASK-009: the same on 0.3, where TaskNotFoundError's meaning is ERR-002's SHOULD
def tnf_fresh03(named):
    t = T(); p = {"message": msg03("hi", taskId="task-9") if named else msg03("hi")}
    t.req("POST", H + "/", rpc(1, "message/send", p)).resp(200, err(1, -32001, "Task not found"))
    return t.text()
case("ID-TASK-009", tnf_fresh03(False), tnf_fresh03(True))
# mine24b K2 (a2a-samples PR #305): the host asks one agent for a task another agent handed
# out (fail); one agent's task read back from it, an id nobody handed out refused (pass)
case("ID-TASK-006", variant_file("b24b-K2-v10-gettask-at-other-agent.jsonl"),
     variant_file("b24b-K2-legal-v03-same-agent-before-and-after-card.jsonl"))
# ---- AUTH-TLS-002/003: an A2A call over http to an https-only card interface (breaker13 M3)
def downgrade(scheme, answered=True):
    t = T(); fetch_card(t, card1())
    url = scheme + "://agent.example.test/a2a"
    t.req("POST", url, rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1)
    if answered: t.resp(200, res(1, {"task": task1()}))
    else: t.resp(403, "plain http is not served", ct="text/plain")
    return t.text()
case("AUTH-TLS-002", downgrade("http", answered=False), downgrade("https", answered=False))
case("AUTH-TLS-003", downgrade("http"), downgrade("https"))
# AUTH-TLS-004: a card served over https names a plain-http interface (breaker16b T2, T4)
case("AUTH-TLS-004", cardonly(card1(url="http://api.agent.example.test/a2a")), cardonly(card1(url="https://api.agent.example.test/a2a")))
# AUTH-SCHEME-002: a call refused 401 + Bearer challenge; the card declares no scheme (breaker16b T11)
def undeclared(declared):
    kw = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]} if declared else {}
    t = T(); fetch_card(t, card1(**kw))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1)
    t.resp(401, {"error": "invalid_token"}, headers={"www-authenticate": 'Bearer realm="agent", error="invalid_token"'})
    return t.text()
case("AUTH-SCHEME-002", undeclared(False), undeclared(True))
# AUTH-SCHEME-003: the client sent its API key in a header the card's apiKey scheme does not name (ggcode #1458)
def misplaced(ok):
    kw = {"securitySchemes": {"gkey": {"apiKeySecurityScheme": {"location": "header", "name": "X-Goog-Api-Key"}}},
          "securityRequirements": [{"schemes": {"gkey": {"list": []}}}]}
    t = T(); fetch_card(t, card1(**kw))
    hdr = "x-goog-api-key" if ok else "x-api-key"
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=dict(V1, **{hdr: "AIzaSy-example-key"}))
    t.resp(401, {"error": "invalid api key"}, headers={"www-authenticate": 'ApiKey header="X-Goog-Api-Key"'})
    return t.text()
case("AUTH-SCHEME-003", misplaced(False), misplaced(True))
# AUTH-SCHEME-004: the client sent the bearer token with SendMessage and none with GetTask (molecule-core PR #401)
def missing(ok):
    kw = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
    t = T(); fetch_card(t, card1(**kw))
    auth = {"authorization": "Bearer <redacted>"}
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi"), "configuration": {"returnImmediately": True}}), headers=dict(V1, **auth)).resp(200, res(1, {"task": task1(status={"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.000Z"})}))
    t.req("POST", H + "/a2a", rpc(2, "GetTask", {"id": task1()["id"]}), headers=dict(V1, **({} if not ok else auth)))
    if ok:
        t.resp(200, res(2, task1()))
    else:
        t.resp(401, {"error": "unauthorized"}, headers={"www-authenticate": 'Bearer realm="a2a"'})
    return t.text()
case("AUTH-SCHEME-004", missing(False), missing(True))
# ---- DATA-TIME-002: a status timestamp never set (breaker13 M9)
def unsetstamp(ok):
    t = T(); send1(t, {"task": task1(status={"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z" if ok else "0001-01-01T00:00:00Z"})}); return t.text()
case("DATA-TIME-002", unsetstamp(False), unsetstamp(True))
# ---- CARD-SHAPE-007: a binding name that is no core name and no URI (breaker19a Y6)
case("CARD-SHAPE-007", cardonly(card03(url=H + "/a2a", additionalInterfaces=[{"url": H + "/a2a", "transport": "JSONRPC"}, {"url": H + "/rest", "transport": "REST"}])),
     cardonly(card03(url=H + "/a2a", additionalInterfaces=[{"url": H + "/a2a", "transport": "JSONRPC"}, {"url": H + "/ws", "transport": "https://example.test/bindings/ws"}])))
# ---- CARD-SHAPE-008: a 0.3 card without preferredTransport (breaker19a Y10)
_c03 = card03(url=H + "/a2a"); _c03.pop("preferredTransport")
case("CARD-SHAPE-008", cardonly(_c03), cardonly(card03(url=H + "/a2a")))
# ---- CARD-SHAPE-012: a 0.3 card's capability in snake_case, read as absent (cards60, f1321)
case("CARD-SHAPE-012", cardonly(card03(url=H + "/a2a", capabilities={"streaming": True, "push_notifications": True})),
     cardonly(card03(url=H + "/a2a")))
# mine26b (spring-ai-ascend #233): a 1.0 card whose output modes are the words text and artifact
case("CARD-SHAPE-009", cardonly(card1(defaultOutputModes=["text", "artifact"])), cardonly(card1(defaultOutputModes=["text/plain", "image/*"])))
# ---- CARD-URL-010: JSON-RPC served at a url the card declares HTTP+JSON (breaker19a Y11)
def mislabel(ok):
    t = T(); fetch_card(t, card03(url=H + "/a2a", preferredTransport="JSONRPC" if ok else "HTTP+JSON"))
    t.req("POST", H + "/a2a", rpc(1, "message/send", {"message": msg03("hi")})).resp(200, res(1, task03()))
    return t.text()
case("CARD-URL-010", mislabel(False), mislabel(True))
# ---- HTTP-MEDIA-003: the client's body under a non-JSON media type (breaker19a Y7)
def clientmedia(ok):
    t = T(); fetch_card(t, card1())
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("go")}),
          headers=dict(V1, **{"content-type": "application/json" if ok else "application/x-www-form-urlencoded"})).resp(200, res(1, {"task": task1()}))
    return t.text()
case("HTTP-MEDIA-003", clientmedia(False), clientmedia(True))
EXTRA = {
    "CARD-SHAPE-006-fail-oauth-two-flows": oauthcard(flows={"authorizationCode": {"authorizationUrl": "https://login.example.test/authorize", "tokenUrl": "https://login.example.test/token", "scopes": {}},
                                                             "clientCredentials": {"tokenUrl": "https://login.example.test/token", "scopes": {}}}),
    "CARD-SHAPE-006-fail-oauth-no-token-url": oauthcard(flows={"authorizationCode": {"authorizationUrl": "https://login.example.test/authorize", "scopes": {}}}),
    "CARD-SHAPE-006-pass-oauth-device-code": oauthcard(flows={"deviceCode": {"deviceAuthorizationUrl": "https://login.example.test/device", "tokenUrl": "https://login.example.test/token", "scopes": {}}}),
}
# the Python SDK (a2a-sdk 1.3.0): a weak ETag, no Cache-Control
EXTRA["CARD-CACHE-001-fail-etag-without-cache-control"] = cardcache({"cache-control": None, "etag": 'W/"ffd092a0"'})
EXTRA["CARD-CACHE-001-fail-cache-control-without-max-age"] = cardcache({"cache-control": "public", "etag": None, "last-modified": "Mon, 30 Nov 2026 05:12:24 GMT"})
# a deliberate no-cache (always revalidate) with an ETag is a caching decision, not an omission
EXTRA["CARD-CACHE-001-pass-no-cache-with-etag"] = cardcache({"cache-control": "no-cache", "etag": '"card-v1"'})
# CARD-009 is a 1.0 requirement: a 0.3 card without caching headers is not charged
EXTRA["CARD-CACHE-001-pass-0-3-card"] = cardcache(NOCACHE, card03())
def vhdr_card(answer, hdr="0.2", method="SendMessage", msg=None):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]))
    t.req("POST", H + "/a2a", rpc(1, method, {"message": msg or msg1("ping")}), headers={"a2a-version": hdr}).resp(200, answer)
    return t.text()
EXTRA["VER-HDR-001-fail-version-not-in-card"] = vhdr_card(res(1, {"task": task1()}))
EXTRA["VER-HDR-001-pass-version-not-in-card-refused"] = vhdr_card(err(1, -32009, "A2A version 0.2 is not supported"))
EXTRA["VER-HDR-001-pass-offered-0x-version"] = vhdr_card(res(1, task03()), hdr="0.3", method="message/send", msg=msg03("ping"))
# trap 3: a 0.3 header on a 1.0 method, to an agent whose card offers 1.0 only
def trap3(ok):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]))
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("ping")}), headers={"a2a-version": "0.3"})
    t.resp(200, err(1, -32009, "A2A version 0.3 is not supported") if ok else res(1, {"task": task1()})); return t.text()
case("VER-HDR-005", trap3(False), trap3(True))
EXTRA["DATA-LIST-004-fail-page-repeated"] = listrepeat(False)
EXTRA["DATA-LIST-004-pass-page-continues"] = listrepeat(True)
EXTRA.update(EXTRA_E21)
# breaker19a Y2, Y3, Y9: a route that is none of the binding's, the 0.3 prefix on a 1.0
# interface, an intermediary's 413
def slip(path, ok_path):
    out = []
    for p in (path, ok_path):
        t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
        t.req("POST", H + p, headers=V1).resp(404 if p == path else 200, {"detail": "Not Found"} if p == path else task1(st="TASK_STATE_CANCELED"))
        out.append(t.text())
    return out
EXTRA["REST-ROUTE-001-fail-slash-verb"], EXTRA["REST-ROUTE-001-pass-colon-verb"] = slip("/tasks/task-1/cancel", "/tasks/task-1:cancel")
def v1prefix(ok):
    t = T(); fetch_card(t, card1(supportedInterfaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]))
    t.req("POST", H + ("/message:send" if ok else "/v1/message:send"), {"message": msg1("hi")}, headers=V1)
    if ok: t.resp(200, {"task": task1()})
    else: t.resp(404, {"detail": "Not Found"})
    return t.text()
EXTRA["BIND-USE-002-fail-v1-prefix-on-1-0-rest"] = v1prefix(False)
EXTRA["BIND-USE-002-pass-1-0-rest-route"] = v1prefix(True)
def big(ok):
    t = T(); fetch_card(t, card1())
    t.req("POST", H + "/a2a", rpc(1, "SendMessage", {"message": msg1("hi")}), headers=V1)
    if ok: t.resp(200, res(1, {"task": task1()}))
    else: t.resp(413, "<html><head><title>413 Request Entity Too Large</title></head><body><center><h1>413 Request Entity Too Large</h1></center><hr><center>nginx</center></body></html>", headers={"server": "nginx"}, ct="text/html")
    return t.text()
EXTRA["GW-RESP-003-fail-413-html"] = big(False)
EXTRA["GW-RESP-003-pass-413-answered"] = big(True)
for name, text in EXTRA.items():
    d = os.path.join(OUT, name); os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "input.jsonl"), "w").write(text)

for rule, (f, p) in G.items():
    for kind, text in (("fail", f), ("pass", p)):
        d = os.path.join(OUT, f"{rule}-{kind}"); os.makedirs(d, exist_ok=True)
        open(os.path.join(d, "input.jsonl"), "w").write(text)
print(len(G), "rules")
