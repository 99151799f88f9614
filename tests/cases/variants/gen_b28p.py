"""Writes q28b's transcript variants (prefix b28p-): python3 tests/cases/variants/gen_b28p.py"""
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
def card03(url=H, transport="HTTP+JSON"):
    c = {"protocolVersion": "0.3.0", "name": "Demo", "description": "Demo agent", "url": url, "preferredTransport": transport,
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
def sse(events, t=0.04):
    return {"dir": "resp", "status": 200, "headers": {"content-type": "text/event-stream"}, "body": "".join("data: " + json.dumps(e) + "\n\n" for e in events), "t": t}
V10 = {"a2a-version": "1.0"}
MSG10 = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}]}
TASK10 = {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-01T10:00:00.000Z"}}
CASES = []
def case(name, events, findings, note, source="q28b (session 28 verifier items)"):
    CASES.append(name)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for e in events:
            f.write(json.dumps(e) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": source, "note": note}, indent=2) + "\n")
W = [("client-version-mixed-request", "warning")]
# VER-HDR-005 (VER-002): the agent served the header-less call (0.3, which its card does not
# offer) with 1.0 semantics instead of refusing it; the warning beside the client's (left36)
AGENT_LENIENT = [("version-0-3-header-on-1-0-call-processed", "warning")]

# ---- item 1: header-less 1.0 HTTP+JSON calls (VER-001, VER-003)
case("b28p-1-v10-rest-headerless-send-parts", card() + [
    req("POST", H + "/message:send", {"message": MSG10}),
    resp(200, {"task": TASK10})], W + AGENT_LENIENT,
    "VER-003: no A2A-Version means 0.3, whose routes sit under /v1; POST /message:send with a 1.0 message (parts) is the 1.0 call without its header, like SendMessage without it on JSON-RPC (f259)")
case("b28p-1-v10-rest-headerless-get-task", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10),
    resp(200, {"task": TASK10}),
    req("GET", H + "/tasks/t1", None, {}, t=0.05),
    resp(200, TASK10, t=0.06)], W + AGENT_LENIENT,
    "the GET of a 1.0 route without A2A-Version (0.3 names it GET /v1/tasks/t1): the client dropped its header on the second call")
case("b28p-1-v10-rest-tenant-headerless-send-refused", card(H + "/acme") + [
    req("POST", H + "/acme/message:send", {"message": MSG10}),
    resp(400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "A2A version 0.3 is not supported",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}},
        ctype="application/a2a+json")], W,
    "the agent's refusal (400 VERSION_NOT_SUPPORTED, VER-002) is right; the warning is the client's, under a tenant base path too")
case("b28p-1-legal-v10-rest-send-with-header", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10),
    resp(200, {"task": TASK10})], [],
    "control: the same 1.0 send with A2A-Version: 1.0")
case("b28p-1-legal-v10-rest-send-version-query", card() + [
    req("POST", H + "/message:send?A2A-Version=1.0", {"message": MSG10}),
    resp(200, {"task": TASK10})], [],
    "control: the version as the A2A-Version query parameter, which VER-001 lets replace the header")
case("b28p-1-legal-v03-rest-headerless-v1-send", card03() + [
    req("POST", H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}),
    resp(200, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}})], [],
    "control: a 0.3 HTTP+JSON send (under /v1, parts in content) needs no A2A-Version (VER-005)")
print("\n".join(CASES))

# ---- item 2: request parameters of the wrong JSON type or out of range (DATA-PARAM-005)
RPC = H + "/a2a"
def rpccard(): return card(RPC, "JSONRPC")
def call(m, p, i=1, t=0.03, hdr=V10): return req("POST", RPC, {"jsonrpc": "2.0", "id": i, "method": m, "params": p}, hdr, t)
def ok(r, i=1, t=0.04): return resp(200, {"jsonrpc": "2.0", "id": i, "result": r}, t)
def err(code, msg, i=1, t=0.04): return resp(200, {"jsonrpc": "2.0", "id": i, "error": {"code": code, "message": msg}}, t)
SEND = [call("SendMessage", {"message": MSG10}), ok({"task": TASK10})]
N = [("client-request-param-invalid", "note")]
INV = {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "historyLength must be a non-negative integer",
       "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "not an integer"}]}]}}
case("b28p-2-legal-v10-jsonrpc-get-task-history-ten-refused", rpccard() + SEND + [
    call("GetTask", {"id": "t1", "historyLength": "ten"}, 2, 0.05), err(-32602, "Invalid params: historyLength", 2, 0.06)], N,
    "the client's GetTask sends historyLength \"ten\" (proto int32): its fault (DATA-PARAM-005); the agent's -32602 is right (ERR-006)")
case("b28p-2-legal-v10-jsonrpc-get-task-history-minus-one-refused", rpccard() + SEND + [
    call("GetTask", {"id": "t1", "historyLength": -1}, 2, 0.05), err(-32602, "Invalid params: historyLength", 2, 0.06)], N,
    "historyLength -1 counts no messages (DATA-006): the client's fault, rightly refused")
case("b28p-2-legal-v10-jsonrpc-list-tasks-page-size-x-refused", rpccard() + SEND + [
    call("ListTasks", {"pageSize": "x"}, 2, 0.05), err(-32602, "Invalid params: pageSize", 2, 0.06)], N,
    "pageSize \"x\" (1-100, DATA-007): the client's fault, rightly refused")
case("b28p-2-legal-v10-rest-get-task-history-ten-400", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10), resp(200, {"task": TASK10}),
    req("GET", H + "/tasks/t1?historyLength=ten", None, V10, 0.05), resp(400, INV, 0.06, ctype="application/a2a+json")], N,
    "the HTTP+JSON query parameter historyLength=ten (REST-001): the client's fault, rightly refused 400 INVALID_ARGUMENT")
case("b28p-2-legal-v10-jsonrpc-send-history-ten-refused", rpccard() + [
    call("SendMessage", {"message": MSG10, "configuration": {"historyLength": "ten"}}), err(-32602, "Invalid params: configuration.historyLength")], N,
    "a send's configuration.historyLength \"ten\": the client's fault, rightly refused")
case("b28p-2-legal-v03-jsonrpc-tasks-get-history-ten-refused", card03(RPC, "JSONRPC") + [
    call("message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}}, hdr={}),
    ok({"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}),
    call("tasks/get", {"id": "t1", "historyLength": "ten"}, 2, 0.05, hdr={}), err(-32602, "Invalid params", 2, 0.06)], N,
    "0.3 TaskQueryParams.historyLength is an integer (0.3 schema): \"ten\" is the client's fault in 0.3 too")
case("b28p-2-v10-jsonrpc-get-task-history-ten-accepted", rpccard() + SEND + [
    call("GetTask", {"id": "t1", "historyLength": "ten"}, 2, 0.05), ok(TASK10, 2, 0.06)],
    N + [("request-param-invalid-accepted", "error")],
    "the client's fault (note) and the agent's: it accepted the malformed parameter instead of refusing it (ERR-006, DATA-PARAM-001)")
case("b28p-2-legal-v10-jsonrpc-get-task-history-numeric-string", rpccard() + SEND + [
    call("GetTask", {"id": "t1", "historyLength": "10"}, 2, 0.05), ok(TASK10, 2, 0.06)], [],
    "control: ProtoJSON reads an int32 from a numeric string, so \"10\" is well formed")
case("b28p-2-legal-v03-jsonrpc-tasks-get-history-zero", card03(RPC, "JSONRPC") + [
    call("message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}}, hdr={}),
    ok({"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}),
    call("tasks/get", {"id": "t1", "historyLength": 0}, 2, 0.05, hdr={}), ok({"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}, 2, 0.06)], [],
    "control: a 0.3 integer historyLength")
case("b28p-2-legal-v10-rest-send-history-length-number", card() + [
    req("POST", H + "/message:send", {"message": MSG10, "configuration": {"historyLength": 5}}, V10), resp(200, {"task": TASK10})], [],
    "control: a 1.0 send's historyLength as a number")

# ---- item 3: internal details in error text (AUTH-LEAK-001)
L = [("error-text-shows-internals", "warning")]
PYTB = "Traceback (most recent call last):\n  File \"/srv/agent/app/handler.py\", line 42, in on_message_send\n    task = store[task_id]\nKeyError: 't9'"
JAVA = "java.lang.NullPointerException\n\tat com.foo.Bar.run(Bar.java:42)\n\tat com.foo.Main.main(Main.java:7)"
NET = "System.InvalidOperationException: Sequence contains no elements\n   at System.Linq.ThrowHelper.ThrowNoElementsException()\n   at Agent.Handler.Get() in /src/Agent/Handler.cs:line 42"
EI = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INTERNAL", "domain": "a2a-protocol.org"}]
case("b28p-3-v10-jsonrpc-internal-error-python-traceback-in-message", rpccard() + [
    call("SendMessage", {"message": MSG10}), err(-32603, PYTB)], L,
    "a Python traceback as error.message of a 1.0 JSON-RPC error whose data is absent (before: no finding at all)")
case("b28p-3-v10-jsonrpc-java-frames-in-error-info-metadata", rpccard() + [
    call("SendMessage", {"message": MSG10}),
    resp(200, {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error",
        "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INTERNAL", "domain": "a2a-protocol.org", "metadata": {"trace": JAVA}}]}})], L,
    "Java frames inside a well-formed 1.0 error.data array (ErrorInfo metadata): before, only a non-array data was told")
case("b28p-3-v03-jsonrpc-dotnet-stack-in-data-string", card03(RPC, "JSONRPC") + [
    call("message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}}, hdr={}),
    resp(200, {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Internal error", "data": NET}})], L,
    "0.3 error.data is free-form, but a .NET stack trace in it still shows the agent's internals")
case("b28p-3-v10-rest-500-sql-in-status-message", card() + [
    req("POST", H + "/message:send", {"message": MSG10}, V10),
    resp(500, {"error": {"code": 500, "status": "INTERNAL", "message": "psycopg2.errors.UndefinedTable: relation \"tasks\" does not exist\nLINE 1: SELECT id, state FROM tasks WHERE id = 't1'", "details": EI}}, ctype="application/a2a+json")], L,
    "SQL and the database driver's exception in an HTTP+JSON google.rpc.Status message")
case("b28p-3-v03-rest-500-plain-text-node-stack", card03() + [
    req("POST", H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}),
    resp(500, None, ctype="text/plain", raw="TypeError: Cannot read properties of undefined (reading 'id')\n    at handleSend (/app/dist/server.js:120:15)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)")], L + [("rest-error-shape", "error")],
    "a Node stack trace as a 0.3 HTTP+JSON 500's plain-text body")
case("b28p-3-v10-jsonrpc-stream-error-event-python-traceback", rpccard() + [
    call("SendMessage", {"message": MSG10, "configuration": {"returnImmediately": True}}), ok({"task": dict(TASK10, status={"state": "TASK_STATE_WORKING"})}),
    call("SendStreamingMessage", {"message": dict(MSG10, messageId="m2", taskId="t1")}, 2, 0.05),
    sse([{"jsonrpc": "2.0", "id": 2, "result": {"task": dict(TASK10, status={"state": "TASK_STATE_WORKING"})}},
         {"jsonrpc": "2.0", "id": 2, "error": {"code": -32603, "message": PYTB}}], 0.06)],
    L + [("stream-cut-by-error-before-terminal", "error")],
    "a traceback in a stream's error event after the Task; the -32603 also cut the 1.0 task stream before its terminal state (STREAM-END-005, left38)")
case("b28p-3-legal-v10-jsonrpc-task-not-found-plain-message", rpccard() + [
    call("GetTask", {"id": "t9"}), err(-32001, "Task not found: t9")], [],
    "control: an ordinary error message")
case("b28p-3-legal-v10-jsonrpc-invalid-params-names-field", rpccard() + [
    call("GetTask", {"id": "t1", "historyLength": -1}),
    resp(200, {"jsonrpc": "2.0", "id": 1, "error": {"code": -32602, "message": "Invalid params: historyLength must be 0 or more; see https://a2a-protocol.org/latest/specification/#gettask",
        "data": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "must be 0 or more"}]}]}})], N,
    "control: a validation error naming the field and a URL path is no internal detail")
case("b28p-3-legal-v10-rest-404-task-not-found", card() + [
    req("GET", H + "/tasks/t9", None, V10), resp(404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "Task t9 was not found; select a task from ListTasks",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}, ctype="application/a2a+json")], [],
    "control: plain English with 'select ... from' in lower case is no SQL")

# ---- item 4: the code inside an error-first stream is judged like a plain error answer's
def first_error(code, msg, i=1, t=0.04):
    return sse([{"jsonrpc": "2.0", "id": i, "error": {"code": code, "message": msg}}], t)
case("b28p-4-v10-stream-unknown-task-first-event-internal-error", rpccard() + [
    call("SendStreamingMessage", {"message": dict(MSG10, taskId="t404")}),
    first_error(-32603, "Task t404 not found")], [("jsonrpc-error-code-mismatch", "error")],
    "the error-first stream's code is judged as a plain answer's: the agent's own text says the task was not found, so -32001, not -32603 (one finding: the wrong code; STREAM-FIRST-001 folds into it)")
case("b28p-4-v03-stream-unknown-task-first-event-internal-error", card03(RPC, "JSONRPC") + [
    call("message/stream", {"message": {"kind": "message", "messageId": "m1", "role": "user", "taskId": "t404", "parts": [{"kind": "text", "text": "hi"}]}}, hdr={}),
    first_error(-32603, "Task t404 not found")], [("jsonrpc-error-code-mismatch-0x", "warning")],
    "0.3 allows the error-first stream (a2a-python 0.3), but its code is still judged: -32001 TaskNotFoundError")
case("b28p-4-v10-stream-unknown-task-first-event-task-not-found", rpccard() + [
    call("SendStreamingMessage", {"message": dict(MSG10, taskId="t404")}),
    first_error(-32001, "Task t404 not found")], [("first-stream-event-not-task", "error")],
    "the right code inside an error-first 1.0 stream: STREAM-FIRST-001 only")
case("b28p-4-legal-v03-stream-unknown-task-first-event-task-not-found", card03(RPC, "JSONRPC") + [
    call("message/stream", {"message": {"kind": "message", "messageId": "m1", "role": "user", "taskId": "t404", "parts": [{"kind": "text", "text": "hi"}]}}, hdr={}),
    first_error(-32001, "Task t404 not found")], [],
    "control: 0.3 error-first stream with the right code")
