"""Writes helper q29a's transcript variants (prefix b29q-): python3 tests/cases/variants/gen_b29q.py

Verifier leftovers of session 28 (review28a R5-R7, review28b R3, breaker28, mine28a, q28b).
The helpers (card, req, resp, case) are those of gen_b28r.py, copied so each script stands alone."""
import json, sys, os
# the directory to write into: the first argument, else the script's own (tests/cases/variants)
OUT = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
H = "http://agent.example.test"
SKILL = {"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"]}
def card_doc(url=H, binding="HTTP+JSON", ver="1.0", skills=None):
    return {"name": "Demo", "description": "Demo agent",
            "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": ver}],
            "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": skills if skills is not None else [SKILL]}
def serve_card(c, path="/.well-known/agent-card.json"):
    return [{"dir": "req", "method": "GET", "url": H + path, "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
            {"dir": "resp", "status": 200, "headers": {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": "\"c1\""}, "body": json.dumps(c), "t": 0.02}]
def card(url=H, binding="HTTP+JSON", ver="1.0"):
    return serve_card(card_doc(url, binding, ver))
def req(method, url, body=None, headers=None, t=0.03, xid=None):
    h = {"content-type": "application/json"} if body is not None else {}
    h.update(headers or {})
    e = {"dir": "req", "method": method, "url": url, "headers": h, "body": "" if body is None else json.dumps(body), "t": t}
    if xid:
        e["id"] = xid
    return e
def resp(status, body, t=0.04, ctype="application/json", raw=None, xid=None):
    e = {"dir": "resp", "status": status, "headers": {"content-type": ctype}, "body": raw if raw is not None else json.dumps(body), "t": t}
    if xid:
        e["id"] = xid
    return e
def chunk(data, t, xid=None, close=None):
    e = {"dir": "chunk", "t": t, "body": data}
    if close:
        e["close"] = close
    if xid:
        e["id"] = xid
    return e
def sse(obj):
    return "data: " + json.dumps(obj) + "\n\n"
V10 = {"a2a-version": "1.0"}
MSG10 = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
RPC = H + "/a2a"
def rpccard(): return card(RPC, "JSONRPC")
def call(m, p, i=1, t=0.03, hdr=V10, xid=None): return req("POST", RPC, {"jsonrpc": "2.0", "id": i, "method": m, "params": p}, hdr, t, xid)
def err(code, msg, i=1, t=0.04, xid=None): return resp(200, {"jsonrpc": "2.0", "id": i, "error": {"code": code, "message": msg}}, t, xid=xid)
def ok(r, i=1, t=0.04, xid=None): return resp(200, {"jsonrpc": "2.0", "id": i, "result": r}, t, xid=xid)
CASES = []
SRC = {
    1: "review28a R5 (live VER-MIX-002 line for a gateway's own mix, VER-MIX-001 in the report)",
    2: "review28a R6 (AUTH-LEAK-001 on a file path the client itself sent)",
    3: "review28a R7 (TASK-STATE-014 on a coincidence between two unrelated conversations)",
    4: "review28b R3 (control characters quoted Rust-style in findings)",
    5: "breaker28 (duplicate skill ids in an Agent Card: a2a.proto AgentSkill.id 'A unique identifier for the agent's skill')",
    6: "mine28a (DATA-SHAPE-001 names only the first shape problem of a result)",
    7: "q28b; https://github.com/a2aproject/A2A/issues/1262 (errors in HTTP+JSON streams)",
}
def case(name, events, findings, note):
    CASES.append(name)
    item = int(name.split("-")[1])
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": SRC[item], "note": note}, indent=2) + "\n")

# ---- 1: a gateway's own version mix: VER-MIX-001 live and in the report (tests/verify_q29a.rs
# feeds these event by event and compares the live findings with the report)
GW = "https://gw.example.com/a/"
UP = "http://a.internal:8080/"
TASK1 = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}
TASK2 = {"id": "t2", "contextId": "c2", "status": {"state": "TASK_STATE_COMPLETED"}}
def leg(e, up):
    if up:
        e["leg"] = "upstream"
    return e
def gw(client_msg, up_method, up_msg, up_result, t0=0.0, i=1, task=TASK1):
    return [leg(req("POST", GW, {"jsonrpc": "2.0", "id": i, "method": "SendMessage", "params": {"message": client_msg}}, V10, t0 + 0.01), False),
            leg(req("POST", UP, {"jsonrpc": "2.0", "id": i, "method": up_method, "params": {"message": up_msg}}, V10, t0 + 0.02), True),
            leg(resp(200, {"jsonrpc": "2.0", "id": i, "result": up_result}, t0 + 0.03), True),
            leg(resp(200, {"jsonrpc": "2.0", "id": i, "result": {"task": task}}, t0 + 0.04), False)]
case("b29q-1-gw-v10-gateway-adds-kind-then-client-passes-kind",
     gw(MSG10, "SendMessage", dict(MSG10, kind="message"), {"task": TASK1})
     + gw(dict(MSG10, kind="message", messageId="m2"), "SendMessage", dict(MSG10, kind="message", messageId="m2"), {"task": TASK2}, 1.0, 2, TASK2),
     [("version-mixed-payload", "warning"), ("client-version-mixed-request", "warning")],
     "first call: the client's 1.0 message is clean and the gateway adds kind upstream (the gateway's own mix, VER-MIX-001); second call: the client's message carries kind and the gateway passes it on (the client's, VER-MIX-002). The live lines say the same as the report")

# ---- 2: AUTH-LEAK-001 and the client's own data
def send_rest(text, t=0.03):
    return req("POST", H + "/message:send", {"message": dict(MSG10, parts=[{"text": text}])}, V10, t)
def rest_err(status, code_name, msg, t=0.04):
    return resp(status, {"error": {"code": status, "status": code_name, "message": msg}}, t)
L = [("error-text-shows-internals", "warning")]
case("b29q-2-legal-v10-rpc-error-quotes-client-source-file", rpccard() + [
    call("SendMessage", {"message": dict(MSG10, parts=[{"text": "review /home/ana/notes/main.go please"}])}),
    err(-32602, "cannot read /home/ana/notes/main.go: file is not shared with the agent")], [],
    "the error quotes the path of the user's own file, which the client's message named: no internal detail of the agent")
case("b29q-2-legal-v10-rest-error-resolves-client-relative-path", card() + [
    send_rest("summarize reports/q3/report.py"),
    rest_err(400, "INVALID_ARGUMENT", "no such file: /srv/uploads/u42/reports/q3/report.py")], [],
    "the agent resolved the relative path the client sent (reports/q3/report.py) under its upload folder: the file is the user's; only the folder before it is the agent's, and that alone is no source file")
case("b29q-2-v10-rest-error-shows-other-source-file", card() + [
    send_rest("summarize reports/q3/report.py"),
    rest_err(500, "INTERNAL", "unhandled error in /srv/agent/handlers/summarize.py while reading the upload")], L,
    "control: the server's own source file, which the client never named, is still a leak")
case("b29q-2-v10-rpc-error-sql-not-sent-by-client", rpccard() + [
    call("SendMessage", {"message": dict(MSG10, parts=[{"text": "list my open orders"}])}),
    err(-32603, "Query failed: SELECT id, total FROM orders WHERE owner = 'ana'")], L,
    "control: SQL the client never sent, quoted in the error, is the agent's query")
case("b29q-2-legal-v10-rpc-error-echoes-client-sql", rpccard() + [
    call("SendMessage", {"message": dict(MSG10, parts=[{"text": "run SELECT id, total FROM orders WHERE owner = 'ana'"}])}),
    err(-32602, "refusing to run the statement: SELECT id, total FROM orders WHERE owner = 'ana' (read-only statements are not enabled for this skill)")], [],
    "the statement in the error is the one the user's message asked to run: echoed, not leaked")

# ---- 3: TASK-STATE-014 only for the orchestrator's own delegate call
CG = "https://concierge.example.test/a2a"
PAY = "https://payments.example.test/a2a"
def send10(url, text, mid, i, t, xid, hdr=None):
    h = {"accept": "application/json"}
    h.update(V10)
    h.update(hdr or {})
    return req("POST", url, {"jsonrpc": "2.0", "id": i, "method": "SendMessage", "params": {"message": {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}}}, h, t, xid)
def rejected(tid, text, i, t, xid):
    return ok({"task": {"id": tid, "contextId": "c-" + tid, "status": {"state": "TASK_STATE_REJECTED", "timestamp": "2026-03-02T10:15:00.000Z",
              "message": {"messageId": "m-" + tid, "role": "ROLE_AGENT", "parts": [{"text": text}], "taskId": tid, "contextId": "c-" + tid}}}}, i, t, xid)
def completed(tid, text, i, t, xid):
    return ok({"task": {"id": tid, "contextId": "c-" + tid, "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z"},
              "artifacts": [{"artifactId": "a-" + tid, "parts": [{"text": text}]}]}}, i, t, xid)
SAME = "Service temporarily unavailable, please try again later."
case("b29q-3-legal-v10-two-conversations-same-words", [
    send10(CG, "What is on my calendar tomorrow?", "m-a", "1", 0.0, "a"),
    send10(PAY, "Transfer 500 EUR from acct-ana to acct-bo", "m-b", "2", 0.2, "b"),
    rejected("t-pay", SAME, "2", 0.6, "b"),
    completed("t-cal", SAME, "1", 1.0, "a")], [],
    "two clients, two conversations: the calendar agent's answer and the payment agent's refusal say the same stock sentence, and the payment call lies inside the calendar call's time; the payment call asks nothing of the calendar request, so it is no delegate call of the calendar agent")
case("b29q-3-legal-v10-trace-ids-differ", [
    send10(CG, "Move 500 EUR from Ana's account to mine", "m-c", "1", 0.0, "a", {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}),
    send10(PAY, "Transfer 500 EUR from acct-ana to acct-bo", "m-d", "2", 0.2, "b", {"traceparent": "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"}),
    rejected("t-pay", "I can't move money between accounts of different owners.", "2", 0.6, "b"),
    completed("t-cg", "I can't move money between accounts of different owners.", "1", 1.0, "a")], [],
    "both calls carry W3C trace context and their trace ids differ: the payment call belongs to another trace, not to the concierge's call, however alike the asks")
case("b29q-3-v10-delegate-tied-by-trace-id", [
    send10(CG, "Handle ticket 88", "m-e", "1", 0.0, "a", {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01"}),
    send10(PAY, "Issue the customer's refund", "m-f", "2", 0.2, "b", {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01"}),
    rejected("t-pay", "Refunds above 200 EUR need a supervisor's approval.", "2", 0.6, "b"),
    completed("t-cg", "Refunds above 200 EUR need a supervisor's approval.", "1", 1.0, "a")], [("delegate-outcome-relayed-as-completed", "warning")],
    "the asks share no words, but the payment call carries the concierge call's trace id: it is the concierge's delegate call, and its refusal came back as the concierge's completed result")

# ---- 4: control characters quoted as a user expects (\u0001), not Rust's \u{1}
case("b29q-4-v10-rpc-task-state-with-control-character", rpccard() + [
    call("GetTask", {"id": "t1"}),
    ok({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED\u0001", "timestamp": "2026-03-02T10:15:00.000Z"}})],
    [("task-state-invalid", "error")],
    "the state carries a control character; the finding quotes it JSON-style (\\u0001) in every report format")

# ---- 5: duplicate skill ids
def sk(i, name): return {"id": i, "name": name, "description": name + " things", "tags": [name]}
case("b29q-5-v10-card-two-skills-one-id", serve_card(card_doc(skills=[sk("search", "search"), sk("search", "summarize")])) + [
    send_rest("hi"), resp(200, {"message": {"messageId": "r1", "role": "ROLE_AGENT", "parts": [{"text": "hello"}], "contextId": "c1"}})],
    [("card-skill-id-duplicate", "warning")],
    "two skills share the id search: a client (or an orchestrator's router) that picks a skill by id gets one of them, and the other is unreachable by id")
def card03(skills):
    return {"protocolVersion": "0.3.0", "name": "Demo", "description": "Demo agent", "url": RPC, "preferredTransport": "JSONRPC",
            "version": "1.0.0", "capabilities": {"streaming": False, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": skills}
case("b29q-5-v03-card-three-skills-two-ids-repeated", serve_card(card03([sk("a", "alpha"), sk("b", "beta"), sk("a", "alpha2"), sk("b", "beta2"), sk("c", "gamma")])),
    [("card-skill-id-duplicate", "warning")],
    "0.3 card: ids a and b each name two skills; one finding names both ids")
case("b29q-5-legal-v10-card-skill-ids-differ-in-case", serve_card(card_doc(skills=[sk("search", "search"), sk("Search", "search2")])), [],
    "control: ids are compared exactly (proto strings): search and Search are two ids")

# ---- 6: DATA-SHAPE-001 names every problem of a result (tests/verify_q29a.rs reads the message)
case("b29q-6-v10-rpc-send-result-task-three-problems", rpccard() + [
    call("SendMessage", {"message": MSG10}),
    ok({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:00.000Z",
                 "message": {"messageId": "s1", "role": "agent", "parts": [{"text": "done"}]}},
                 "history": [{"messageId": "h1", "role": "ROLE_USER", "parts": []}],
                 "artifacts": [{"parts": [{"text": "x"}]}]}})],
    [("result-invalid-shape", "error")],
    "three shape problems in one result task (status.message role \"agent\", a history message without parts, an artifact without artifactId): one finding that names all three")

# ---- 7: a stream that fails before its first event, judged alike on both bindings
def stream_rest(t=0.03):
    return req("POST", H + "/message:stream", {"message": MSG10}, dict(V10, accept="text/event-stream"), t)
ERR_STATUS = {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "no model configured for this skill"}}
case("b29q-7-v10-rest-stream-error-before-first-event", card() + [
    stream_rest(), resp(200, None, 0.04, "text/event-stream", ""),
    chunk(sse(ERR_STATUS), 0.05), chunk("", 0.06, close="eof")],
    [("first-stream-event-not-task", "error")],
    "an HTTP+JSON SendStreamingMessage answered 200 text/event-stream whose only event is an AIP-193 error: the error was known before the stream began (1.0 §3.1.2: the stream begins with the Task or is one Message), as on JSON-RPC; answer it as the plain HTTP error response")
case("b29q-7-v10-rpc-stream-error-before-first-event", rpccard() + [
    call("SendStreamingMessage", {"message": MSG10}, 1, 0.03, dict(V10, accept="text/event-stream")), resp(200, None, 0.04, "text/event-stream", ""),
    chunk(sse({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "no model configured for this skill"}}), 0.05), chunk("", 0.06, close="eof")],
    [("first-stream-event-not-task", "error")],
    "the same failure on JSON-RPC: the same rule, the same requirement")
case("b29q-7-v10-rest-subscribe-error-before-first-event", card() + [
    req("POST", H + "/message:send", {"message": MSG10, "configuration": {"returnImmediately": True}}, V10, 0.03),
    resp(200, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.000Z"}}}, 0.04),
    req("GET", H + "/tasks/t1:subscribe", None, dict(V10, accept="text/event-stream"), 0.05), resp(200, None, 0.06, "text/event-stream", ""),
    chunk(sse({"error": {"code": 503, "status": "UNAVAILABLE", "message": "event store unavailable"}}), 0.07), chunk("", 0.08, close="eof")],
    [("first-stream-event-not-task", "error")],
    "an HTTP+JSON SubscribeToTask of a working task whose only event is an error: a subscription's first event is the current Task (1.0 §3.1.6)")
case("b29q-7-legal-v10-rest-stream-error-after-task", card() + [
    stream_rest(), resp(200, None, 0.04, "text/event-stream", ""),
    chunk(sse({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.000Z"}}}), 0.05),
    chunk(sse({"error": {"code": 503, "status": "UNAVAILABLE", "message": "model backend unavailable"}}), 0.4), chunk("", 0.41, close="eof")], [],
    "control: an error after the first event (A2A #1262's reading, mirroring JSON-RPC) stays legal on HTTP+JSON")
case("b29q-7-legal-v03-rest-stream-error-before-first-event", [
    req("POST", H + "/v1/message:stream", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, {"accept": "text/event-stream"}, 0.03),
    resp(200, None, 0.04, "text/event-stream", ""),
    chunk(sse(ERR_STATUS), 0.05), chunk("", 0.06, close="eof")], [],
    "control: 0.x error-first streams are not judged on either binding (the 0.3 schema's SendStreamingMessageResponse admits an error response)")

print(len(CASES), "cases")
