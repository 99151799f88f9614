"""Writes review28a's transcript variants (prefix b28r-): python3 tests/cases/variants/gen_b28r.py

The helpers (card, req, resp, case) are those of gen_b28p.py, copied so each script stands alone."""
import json, sys, os
# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
H = "http://agent.example.test"
def card(url=H, binding="HTTP+JSON", ver="1.0"):
    c = {"name": "Demo", "description": "Demo agent",
         "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": ver}],
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}]}
    return [{"dir": "req", "method": "GET", "url": H + "/.well-known/agent-card.json", "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": json.dumps(c), "t": 0.02}]
def req(method, url, body=None, headers=None, t=0.03):
    h = {"content-type": "application/json"} if body is not None else {}
    h.update(headers or {})
    return {"dir": "req", "method": method, "url": url, "headers": h, "body": "" if body is None else json.dumps(body), "t": t}
def resp(status, body, t=0.04, ctype="application/json", raw=None):
    return {"dir": "resp", "status": status, "headers": {"content-type": ctype}, "body": raw if raw is not None else json.dumps(body), "t": t}
V10 = {"a2a-version": "1.0"}
MSG10 = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
RPC = H + "/a2a"
def rpccard(): return card(RPC, "JSONRPC")
def call(m, p, i=1, t=0.03, hdr=V10): return req("POST", RPC, {"jsonrpc": "2.0", "id": i, "method": m, "params": p}, hdr, t)
def err(code, msg, i=1, t=0.04): return resp(200, {"jsonrpc": "2.0", "id": i, "error": {"code": code, "message": msg}}, t)
CASES = []
SRC = "review28a (session 28 review of the verifier)"
def case(name, events, findings, note):
    CASES.append(name)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": SRC, "note": note}, indent=2) + "\n")
L = [("error-text-shows-internals", "warning")]

# ---- R: AUTH-LEAK-001 false alarms on ordinary error text
NEXT404 = ('<!DOCTYPE html><html><head><meta charset="utf-8"/><title>404: This page could not be found</title>'
           '<link rel="stylesheet" href="/_next/static/css/app/layout.css"/>'
           '<script src="/_next/static/chunks/webpack-59c5c889f52620d6.js" defer=""></script>'
           "<script src='/_next/static/chunks/main-app.js' async=''></script></head>"
           '<body><h1>404</h1><h2>This page could not be found.</h2></body></html>')
case("b28r-1-v10-rest-404-html-page-with-script-assets", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10),
    resp(404, None, ctype="text/html; charset=utf-8", raw=NEXT404)], [("card-url-unreachable", "error")],
    "the route's 404 is CARD-URL-002, and nothing more: a web framework's HTML 404 page (Next.js) loads its scripts from /_next/static/chunks/*.js: an asset URL the browser fetches, not a server source file")
case("b28r-1-legal-v10-jsonrpc-prose-with-upper-case-select-from", rpccard() + [
    call("GetTask", {"id": "t9"}),
    err(-32001, "Task t9 not found. Please SELECT a task FROM the list ListTasks returns, or UPDATE your client and SET the id it was given")], [],
    "control: upper-case words in an error sentence are no SQL statement")
case("b28r-1-v10-jsonrpc-sql-statement-quoted-after-colon", rpccard() + [
    call("GetTask", {"id": "t9"}),
    err(-32603, "Query failed: SELECT id, state FROM tasks WHERE id = 't9'")], L,
    "a SQL statement quoted after a colon, with no driver name, is still told")
case("b28r-1-v10-rest-500-html-debug-page-with-source-path", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10),
    resp(500, None, ctype="text/html", raw='<html><head><script src="/static/debug.js"></script></head><body><pre>File "/srv/agent/views.py", line 12, in send</pre></body></html>')], [("rest-error-shape", "error")] + L,
    "a framework's HTML debug page: the script asset is skipped, the source path in its traceback is told")

# ---- R2/R3: a request's mix on a gateway's upstream leg: the client's when the gateway passed it
# on (one VER-MIX-002, saying so), the gateway's own (VER-MIX-001) when the client's request had none
GW = "https://gw.example.com/a/"
UP = "http://a.internal:8080/"
MSG0 = {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "go"}]}
TASK0 = {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}
TASK1 = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}
def leg(e, up):
    if up:
        e["leg"] = "upstream"
    return e
def gw(client_msg, up_method, up_msg, up_result, client_method="SendMessage"):
    return [leg(req("POST", GW, {"jsonrpc": "2.0", "id": 1, "method": client_method, "params": {"message": client_msg}}, V10, 0.01), False),
            leg(req("POST", UP, {"jsonrpc": "2.0", "id": 1, "method": up_method, "params": {"message": up_msg}}, V10, 0.02), True),
            leg(resp(200, {"jsonrpc": "2.0", "id": 1, "result": up_result}, 0.03), True),
            leg(resp(200, {"jsonrpc": "2.0", "id": 1, "result": {"task": TASK1}}, 0.04), False)]
case("b28r-2-gw-v10-client-kind-passed-on-upstream", gw(dict(MSG10, kind="message"), "SendMessage", dict(MSG10, kind="message"), {"task": TASK1}),
    [("client-version-mixed-request", "warning")],
    "the client's 1.0 message carries kind and the gateway passes it on: one VER-MIX-002 (the client's), saying the gateway passed the client's request on to the agent, not 'on to the client'")
case("b28r-2-gw-v10-gateway-adds-kind-upstream", gw(MSG10, "SendMessage", dict(MSG10, kind="message"), {"task": TASK1}),
    [("version-mixed-payload", "warning")],
    "the client's 1.0 message is clean; the gateway adds kind on its upstream request: the gateway's own mix, VER-MIX-001, counted against it")
case("b28r-2-gw-v10-gateway-translates-method-keeps-1-0-header", gw(MSG10, "message/send", MSG0, TASK0),
    [("version-mixed-payload", "warning")],
    "the gateway translates a 1.0 SendMessage into 0.3 message/send for the agent but keeps A2A-Version: 1.0: the gateway's own mix, VER-MIX-001")

# ---- R4: a request member written null (a Java/Kotlin mapper's unset member) is unset: ProtoJSON
# reads null as the default, 0.x SDKs' optional integers as unset; no DATA-PARAM-005 (client)
# and no DATA-PARAM-001 (agent "accepted" it)
def card03rpc():
    c = {"protocolVersion": "0.3.0", "name": "Demo", "description": "Demo agent", "url": RPC, "preferredTransport": "JSONRPC",
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}]}
    return [{"dir": "req", "method": "GET", "url": H + "/.well-known/agent-card.json", "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": json.dumps(c), "t": 0.02}]
def ok(r, i=1, t=0.04): return resp(200, {"jsonrpc": "2.0", "id": i, "result": r}, t)
T10 = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-01T10:00:00.000Z"}}
T03 = {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": "2026-12-01T10:00:00.000Z"}}
case("b28r-3-legal-v10-jsonrpc-send-history-length-null", rpccard() + [
    call("SendMessage", {"message": MSG10, "configuration": {"historyLength": None}}), ok({"task": T10})], [],
    "control: configuration.historyLength null is unset in ProtoJSON")
case("b28r-3-legal-v10-jsonrpc-get-task-history-length-null", rpccard() + [
    call("SendMessage", {"message": MSG10}), ok({"task": T10}),
    call("GetTask", {"id": "t1", "historyLength": None}, 2, 0.05), ok(T10, 2, 0.06)], [],
    "control: GetTask historyLength null is unset in ProtoJSON; the agent that serves it accepted nothing wrong")
case("b28r-3-legal-v10-jsonrpc-list-tasks-page-size-null", rpccard() + [
    call("ListTasks", {"pageSize": None, "historyLength": None}), ok({"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0})], [],
    "control: ListTasks pageSize and historyLength null are unset in ProtoJSON")
case("b28r-3-legal-v03-jsonrpc-get-and-send-history-length-null", card03rpc() + [
    call("message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]},
                          "configuration": {"historyLength": None, "blocking": True, "acceptedOutputModes": ["text/plain"]}}, 1, 0.03, {}), ok(T03),
    call("tasks/get", {"id": "t1", "historyLength": None}, 2, 0.05, {}), ok(T03, 2, 0.06)], [],
    "control: a 0.3 Java client's null historyLength (Jackson writes unset Integer members as null) is unset")

print(len(CASES), "cases")
