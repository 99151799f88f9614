"""Variants of miner mine54b (prefix b54b-): python3 tests/cases/variants/gen_b54b.py

Each puts one of round fifty-four (b)'s kinds on traffic its field case does not hold (another
protocol generation, binding, a stream for a unary call, other names and ids), with controls
beside it. A-G were written as probes and run on main's binary before any change; H after
DATA-HISTORY-005 was written (H4-H5 and HL5-HL7 with the TASK-STATE-010 widening), each also
run on main's binary (FIELD-CASES.md "Round fifty-four (b)" gives the verdicts).
A: a terminal task reported in another state later (f1150, a2a-java PR #1045).
B: events after the terminal status in one stream (f1151, a2a-java #1082).
C: a task state that is no TaskState (f1152, a2a-java PR #974).
D: a security scheme in the other generation's layout (f1153 a2a-java #945, f1154 A2A #1172).
E: members under the proto's field names (f1155 A2A #1083, f1156 A2A #1230).
F: a JSON-RPC answer without `jsonrpc` (f1157, A2A #1369).
G: a follow-up naming only its task answered in another context (f1158, A2A #1249).
H: DATA-HISTORY-005 (new): a GetTask answer whose history is shorter than an earlier read's
   although its historyLength asked for at least as many (f1163, a2a-dotnet #91). Controls: a
   history that grew, a smaller historyLength, a read that leaves history out, a duplicate
   message dropped. H4-H5: the same loss for a finished task's artifacts without a stream
   (TASK-STATE-010 widened: a later GetTask that lists artifacts, but not one an earlier whole
   snapshot of the finished task listed); controls: a ListTasks row without includeArtifacts
   between two full reads, a working task whose draft artifact was replaced before it
   finished, a tasks/get that leaves artifacts out altogether (not judged).
I: members written null (a2a-java #945's Jackson card): a 1.0 card's url: null is unset, not a
   url to judge; a 0.3 card's null url is its required url missing. Control: a 1.0 card whose
   0.x-only members are all null.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases["b54b-" + name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr=CACHED)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
def art03(aid, text):
    return {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}
def su03(tid, cid, state, final, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}

S1045 = "https://github.com/a2aproject/a2a-java/pull/1045 (a terminal task status overwritten by a late event: 'e.g. COMPLETED -> SUBMITTED')"
S1082 = "https://github.com/a2aproject/a2a-java/issues/1082 (addArtifact and complete each trigger 2 events: twice the artifact, twice COMPLETED)"
S974 = "https://github.com/a2aproject/a2a-java/pull/974 (TaskState.UNRECOGNIZED written on the wire where the spec has no such state)"
S945 = "https://github.com/a2aproject/a2a-java/issues/945 (a 1.0 card's security scheme written without its oneof member)"
S1172 = "https://github.com/a2aproject/A2A/issues/1172 (APIKeySecurityScheme: JSON schema `in`, proto `location`)"
S1083 = "https://github.com/a2aproject/A2A/issues/1083 (Message parts: gRPC proto `content`, JSON-RPC `parts`)"
S1230 = "https://github.com/a2aproject/A2A/issues/1230 (proto field names request/msg with json_name message)"
S1369 = "https://github.com/a2aproject/A2A/issues/1369 (jsonrpc shown optional in the JS SDK's types; JSON-RPC 2.0 requires it)"
S1249 = "https://github.com/a2aproject/A2A/issues/1249 (a message with taskId but no contextId: the context is the task's, A2A PR #1309)"

V3 = "https://v03-agent.example.test"
V1 = "https://v10-agent.example.test"
C03 = lambda: get_card(0.0, card03(V3 + "/a2a"), V3 + "/.well-known/agent-card.json")
C03R = lambda: get_card(0.0, card03(V3 + "/v1", preferredTransport="HTTP+JSON"), V3 + "/.well-known/agent-card.json")
C10 = lambda: get_card(0.0, card10(V1 + "/a2a"), V1 + "/.well-known/agent-card.json")
C10R = lambda: get_card(0.0, card10(V1 + "/rest", binding="HTTP+JSON"), V1 + "/.well-known/agent-card.json")

# --- A: terminal state changed
case("A1-v03-completed-read-back-submitted", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("sum 2 and 2", mid="m-a1")})),
    resp(0.5, 200, ok(1, task03("t-a1", "c-a1", "completed", artifacts=[art03("r", "4")]))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-a1"})),
    resp(1.01, 200, ok(2, task03("t-a1", "c-a1", "submitted", ts="2026-03-02T10:15:05.000Z"))),
], [("terminal-state-changed", "error")], S1045, "0.3 JSON-RPC: a completed task read back submitted")
case("A2-v10-rest-completed-read-back-working", C10R() + [
    req(0.2, "POST", V1 + "/rest/message:send", {"message": umsg10("sum 2 and 2", mid="m-a2")}, ver="1.0"),
    resp(0.5, 200, {"task": task10("t-a2", "c-a2", "TASK_STATE_COMPLETED", artifacts=[art10("r", "4")])}),
    req(1.0, "GET", V1 + "/rest/tasks/t-a2", ver="1.0"),
    resp(1.01, 200, task10("t-a2", "c-a2", "TASK_STATE_WORKING", ts="2026-03-02T10:15:05.000Z")),
], [("terminal-state-changed", "error")], S1045, "1.0 HTTP+JSON: a completed task read back working")
case("A3-v10-list-row-canceled-after-completed", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("a3-1", "SendMessage", {"message": umsg10("sum 2 and 2", mid="m-a3")}), ver="1.0"),
    resp(0.5, 200, ok("a3-1", {"task": task10("t-a3", "c-a3", "TASK_STATE_COMPLETED", artifacts=[art10("r", "4")])})),
    req(1.0, "POST", V1 + "/a2a", rpc("a3-2", "ListTasks", {"contextId": "c-a3"}), ver="1.0"),
    resp(1.01, 200, ok("a3-2", {"tasks": [task10("t-a3", "c-a3", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:05.000Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [("terminal-state-changed", "error")], S1045, "1.0 ListTasks: the completed task listed canceled")
case("AL1-legal-v03-completed-read-back-completed", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("sum 3 and 3", mid="m-al1")})),
    resp(0.5, 200, ok(1, task03("t-al1", "c-al1", "completed", artifacts=[art03("r", "6")]))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-al1", "historyLength": 5})),
    resp(1.01, 200, ok(2, task03("t-al1", "c-al1", "completed", artifacts=[art03("r", "6")], history=[umsg03("sum 3 and 3", mid="m-al1", taskId="t-al1", contextId="c-al1")]))),
], [], S1045, "control: the same terminal state read back, with the history asked for")

# --- B: events after the terminal status
case("B1-v03-stream-final-status-twice", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/stream", {"message": umsg03("book it", mid="m-b1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok(1, task03("t-b1", "c-b1", "working")))),
    chunk(0.6, sse(ok(1, su03("t-b1", "c-b1", "completed", True)))),
    chunk(0.61, sse(ok(1, su03("t-b1", "c-b1", "completed", True)))),
    chunk(0.62, "", close="eof"),
], [("stream-event-after-terminal", "error")], S1082, "0.3 message/stream: the final status-update sent twice")
case("B2-v10-rest-stream-completed-then-failed", C10R() + [
    req(0.2, "POST", V1 + "/rest/message:stream", {"message": umsg10("book it", mid="m-b2")}, ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse({"task": task10("t-b2", "c-b2", "TASK_STATE_WORKING")})),
    chunk(0.6, sse(su10("t-b2", "c-b2", "TASK_STATE_COMPLETED"))),
    chunk(0.61, sse(su10("t-b2", "c-b2", "TASK_STATE_FAILED", ts="2026-03-02T10:15:01.000Z"))),
    chunk(0.62, "", close="eof"),
], [("stream-event-after-terminal", "error"), ("terminal-state-changed", "error")], S1082, "1.0 HTTP+JSON stream: COMPLETED then FAILED")
case("B3-v10-subscribe-artifact-after-completed", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("b3-1", "SendMessage", {"message": umsg10("render", mid="m-b3"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("b3-1", {"task": task10("t-b3", "c-b3", "TASK_STATE_WORKING")})),
    req(0.5, "POST", V1 + "/a2a", rpc("b3-2", "SubscribeToTask", {"id": "t-b3"}), ver="1.0", accept=SSE),
    resp(0.51, 200, "", ctype=SSE),
    chunk(0.55, sse(ok("b3-2", {"task": task10("t-b3", "c-b3", "TASK_STATE_WORKING")}))),
    chunk(1.0, sse(ok("b3-2", su10("t-b3", "c-b3", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")))),
    chunk(1.01, sse(ok("b3-2", {"artifactUpdate": {"taskId": "t-b3", "contextId": "c-b3", "artifact": art10("v", "done"), "lastChunk": True}}))),
    chunk(1.02, "", close="eof"),
], [("stream-event-after-terminal", "error")], S1082, "1.0 SubscribeToTask: an artifact after COMPLETED")

# --- C: a state that is no TaskState
case("C1-v03-stream-status-unrecognized", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/stream", {"message": umsg03("go", mid="m-c1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok(1, task03("t-c1", "c-c1", "submitted")))),
    chunk(0.6, sse(ok(1, su03("t-c1", "c-c1", "UNRECOGNIZED", False)))),
    chunk(0.9, sse(ok(1, su03("t-c1", "c-c1", "completed", True, ts="2026-03-02T10:15:01.000Z")))),
    chunk(0.91, "", close="eof"),
], [("task-state-invalid", "error")], S974, "0.3 stream: a status-update at UNRECOGNIZED")
case("C2-v10-rest-get-task-unrecognized", C10R() + [
    req(0.2, "GET", V1 + "/rest/tasks/t-c2?historyLength=0", ver="1.0"),
    resp(0.21, 200, task10("t-c2", "c-c2", "UNRECOGNIZED")),
], [("task-state-invalid", "error")], S974, "1.0 HTTP+JSON GetTask: UNRECOGNIZED")
case("CL1-legal-v03-get-task-unknown", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "tasks/get", {"id": "t-cl1"})),
    resp(0.21, 200, ok(1, task03("t-cl1", "c-cl1", "unknown"))),
], [], S974, "control: 0.3's own `unknown` state")

# --- D: security schemes in the other generation's layout
case("D1-v10-card-api-key-in-not-location", get_card(0.0, card10(V1 + "/a2a",
        securitySchemes={"key": {"apiKeySecurityScheme": {"in": "header", "name": "X-API-Key"}}},
        securityRequirements=[{"schemes": {"key": {"list": []}}}]), V1 + "/.well-known/agent-card.json"),
     [("card-security-scheme-malformed", "error")], S1172, "1.0 card: apiKeySecurityScheme names OpenAPI's `in` for 1.0's `location`")
case("D2-v10-card-oauth2-flat-03-layout", get_card(0.0, card10(V1 + "/a2a",
        securitySchemes={"oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://idp.example.test/token", "scopes": {}}}}},
        securityRequirements=[{"schemes": {"oauth": {"list": []}}}]), V1 + "/.well-known/agent-card.json"),
     [("card-security-scheme-malformed", "error")], S945, "1.0 card: an OAuth2 scheme in 0.3's flat layout")
case("D3-v02-card-api-key-location", get_card(0.0, card03(V3 + "/a2a", protocolVersion="0.2.5",
        securitySchemes={"k": {"type": "apiKey", "location": "query", "name": "key"}}, security=[{"k": []}]), V3 + "/.well-known/agent.json"),
     [("card-security-scheme-malformed", "error")], S1172, "0.2 card: apiKey scheme with `location`")
case("DL1-legal-v10-card-api-key-location", get_card(0.0, card10(V1 + "/a2a",
        securitySchemes={"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}},
        securityRequirements=[{"schemes": {"key": {"list": []}}}]), V1 + "/.well-known/agent-card.json"),
     [], S1172, "control: 1.0's apiKeySecurityScheme with `location`")
case("DL2-legal-v03-card-api-key-in", get_card(0.0, card03(V3 + "/a2a",
        securitySchemes={"k": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}, security=[{"k": []}]), V3 + "/.well-known/agent-card.json"),
     [], S1172, "control: 0.3's apiKey scheme with `in`")

# --- E: members under the proto's field names
case("E1-v10-rest-send-body-request", C10R() + [
    req(0.2, "POST", V1 + "/rest/message:send", {"request": umsg10("hi", mid="m-e1")}, ver="1.0"),
    resp(0.21, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message is required", "details": ei("INVALID_ARGUMENT")}}),
], [("request-message-invalid-shape", "error")], S1230, "1.0 HTTP+JSON send body under `request`")
case("E2-v03-stream-message-content", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/stream", {"message": {"kind": "message", "messageId": "m-e2", "role": "user",
        "content": [{"kind": "text", "text": "hi"}]}}), accept=SSE),
    resp(0.21, 200, err(1, -32602, "Invalid params")),
], [("request-message-invalid-shape", "error")], S1083, "0.3 message/stream with `content`")
case("E3-v10-send-result-msg", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("e3", "SendMessage", {"message": umsg10("hi", mid="m-e3")}), ver="1.0"),
    resp(0.3, 200, ok("e3", {"msg": amsg10("hello", mid="a-e3", contextId="c-e3")})),
], [("result-invalid-shape", "error")], S1230, "1.0 SendMessage answered {msg: Message}")
case("E4-v10-stream-event-msg", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("e4", "SendStreamingMessage", {"message": umsg10("hi", mid="m-e4")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("e4", {"msg": amsg10("hello", mid="a-e4", contextId="c-e4")}))),
    chunk(0.31, "", close="eof"),
], [("stream-event-invalid-shape", "error")], S1230, "1.0 stream event {msg: Message}")
case("EL1-legal-v03-rest-send-proto-content", C03R() + [
    req(0.2, "POST", V3 + "/v1/message:send", {"message": {"messageId": "m-el1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}),
    resp(0.3, 200, {"task": {"id": "t-el1", "contextId": "c-el1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifactId": "r", "parts": [{"text": "hello"}]}]}}),
], [], S1083, "control: 0.3 HTTP+JSON speaks the 0.3 proto, whose Message names its parts `content`")

# --- F: no jsonrpc member
case("F1-v03-stream-events-without-jsonrpc", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/stream", {"message": umsg03("hi", mid="m-f1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse({"id": 1, "result": task03("t-f1", "c-f1", "working")})),
    chunk(0.6, sse({"id": 1, "result": su03("t-f1", "c-f1", "completed", True)})),
    chunk(0.61, "", close="eof"),
], [("jsonrpc-response-malformed", "error")], S1369, "0.3 stream events without jsonrpc")
case("F2-v10-error-without-jsonrpc", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("f2", "GetTask", {"id": "t-missing"}), ver="1.0"),
    resp(0.21, 200, {"id": "f2", "error": {"code": -32001, "message": "Task not found", "data": ei("TASK_NOT_FOUND")}}),
], [("jsonrpc-response-malformed", "error")], S1369, "1.0 error answer without jsonrpc")
case("F3-v02-jsonrpc-1-0-member", get_card(0.0, card03(V3 + "/a2a", protocolVersion="0.2.5"), V3 + "/.well-known/agent.json") + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("hi", mid="m-f3")})),
    resp(0.3, 200, {"jsonrpc": "1.0", "id": 1, "result": amsg03("hello", mid="a-f3")}),
], [("jsonrpc-response-malformed", "error")], S1369, "0.2 answer with jsonrpc 1.0")

# --- G: a task's follow-up answered in another context
case("G1-v03-follow-up-task-only-new-context", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("plan a trip", mid="m-g1")})),
    resp(0.5, 200, ok(1, task03("t-g1", "c-g1", "input-required"))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "message/send", {"message": umsg03("two nights", mid="m-g1b", taskId="t-g1")})),
    resp(1.5, 200, ok(2, task03("t-g1", "c-g1-new", "completed", artifacts=[art03("p", "booked")]))),
], [("context-id-not-inferred", "error")], S1249, "0.3: follow-up naming only the task answered under a new contextId")
case("G2-v10-stream-follow-up-new-context", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("g2-1", "SendMessage", {"message": umsg10("plan a trip", mid="m-g2")}), ver="1.0"),
    resp(0.5, 200, ok("g2-1", {"task": task10("t-g2", "c-g2", "TASK_STATE_INPUT_REQUIRED")})),
    req(1.0, "POST", V1 + "/a2a", rpc("g2-2", "SendStreamingMessage", {"message": umsg10("two nights", mid="m-g2b", taskId="t-g2")}), ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.1, sse(ok("g2-2", {"task": task10("t-g2", "c-g2-new", "TASK_STATE_WORKING")}))),
    chunk(1.5, sse(ok("g2-2", su10("t-g2", "c-g2-new", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")))),
    chunk(1.51, "", close="eof"),
], [("context-id-not-inferred", "error")], S1249, "1.0 stream follow-up: the task's events under a new contextId")
case("GL1-legal-v03-follow-up-task-and-context", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("plan a trip", mid="m-gl1")})),
    resp(0.5, 200, ok(1, task03("t-gl1", "c-gl1", "input-required"))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "message/send", {"message": umsg03("two nights", mid="m-gl1b", taskId="t-gl1")})),
    resp(1.5, 200, ok(2, task03("t-gl1", "c-gl1", "completed", artifacts=[art03("p", "booked")]))),
], [], S1249, "control: the follow-up answered in the task's own context")

# --- H: history messages lost between two reads (DATA-HISTORY-005)
S91 = "https://github.com/a2aproject/a2a-dotnet/issues/91 (trimming history for one read changes the stored task: 'historyLength = N, then historyLength = M where M > N, we'd lose data')"
def h10(n, t="t-h", cx="c-h"):
    out = []
    for i in range(n):
        out.append(umsg10("q%d" % i, mid="m-%s-%d" % (t, i), taskId=t, contextId=cx) if i % 2 == 0 else amsg10("r%d" % i, mid="a-%s-%d" % (t, i), taskId=t, contextId=cx))
    return out
def h03(n, t="t-h", cx="c-h"):
    out = []
    for i in range(n):
        out.append(umsg03("q%d" % i, mid="m-%s-%d" % (t, i), taskId=t, contextId=cx) if i % 2 == 0 else amsg03("r%d" % i, mid="a-%s-%d" % (t, i), taskId=t, contextId=cx))
    return out
H1H = h10(6, "t-h1", "c-h1")
case("H1-v10-rest-history-lost-after-trimmed-read", C10R() + [
    req(0.2, "GET", V1 + "/rest/tasks/t-h1?historyLength=10", ver="1.0"),
    resp(0.21, 200, task10("t-h1", "c-h1", "TASK_STATE_COMPLETED", history=H1H)),
    req(0.4, "GET", V1 + "/rest/tasks/t-h1?historyLength=2", ver="1.0"),
    resp(0.41, 200, task10("t-h1", "c-h1", "TASK_STATE_COMPLETED", history=H1H[4:])),
    req(0.6, "GET", V1 + "/rest/tasks/t-h1?historyLength=10", ver="1.0"),
    resp(0.61, 200, task10("t-h1", "c-h1", "TASK_STATE_COMPLETED", history=H1H[4:])),
], [("history-messages-lost", "warning")], S91, "1.0 HTTP+JSON: 6 messages, a read of 2, then 2 where 10 were asked")
H2H = h03(4, "t-h2", "c-h2")
case("H2-v03-history-middle-messages-lost", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "tasks/get", {"id": "t-h2", "historyLength": 8})),
    resp(0.21, 200, ok(1, task03("t-h2", "c-h2", "input-required", history=H2H))),
    req(0.6, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-h2", "historyLength": 8})),
    resp(0.61, 200, ok(2, task03("t-h2", "c-h2", "input-required", history=[H2H[0], H2H[3]]))),
], [("history-messages-lost", "warning")], S91, "0.3 JSON-RPC: the same read a second time drops the middle two messages")
H3H = h10(4, "t-h3", "c-h3")
case("H3-v10-history-asked-exactly-as-many", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("h3-1", "GetTask", {"id": "t-h3"}), ver="1.0"),
    resp(0.21, 200, ok("h3-1", task10("t-h3", "c-h3", "TASK_STATE_WORKING", history=H3H))),
    req(0.6, "POST", V1 + "/a2a", rpc("h3-2", "GetTask", {"id": "t-h3", "historyLength": 4}), ver="1.0"),
    resp(0.61, 200, ok("h3-2", task10("t-h3", "c-h3", "TASK_STATE_WORKING", history=H3H[3:]))),
], [("history-messages-lost", "warning")], S91, "1.0: a full read of 4, then historyLength 4 answered with 1")
HL = h10(4, "t-hl", "c-hl")
case("HL1-legal-v10-history-grows", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("hl1-1", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.21, 200, ok("hl1-1", task10("t-hl", "c-hl", "TASK_STATE_INPUT_REQUIRED", history=HL[:2]))),
    req(0.6, "POST", V1 + "/a2a", rpc("hl1-2", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.61, 200, ok("hl1-2", task10("t-hl", "c-hl", "TASK_STATE_COMPLETED", history=HL))),
], [], S91, "control: the history grew between the reads")
case("HL2-legal-v03-smaller-history-length", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "tasks/get", {"id": "t-hl2", "historyLength": 8})),
    resp(0.21, 200, ok(1, task03("t-hl2", "c-hl2", "completed", history=h03(4, "t-hl2", "c-hl2")))),
    req(0.6, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-hl2", "historyLength": 3})),
    resp(0.61, 200, ok(2, task03("t-hl2", "c-hl2", "completed", history=h03(4, "t-hl2", "c-hl2")[1:]))),
], [], S91, "control: historyLength 3 after a read of 4 returns the 3 most recent")
case("HL3-legal-v10-read-without-history-member", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("hl3-1", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.21, 200, ok("hl3-1", task10("t-hl", "c-hl", "TASK_STATE_COMPLETED", history=HL))),
    req(0.6, "POST", V1 + "/a2a", rpc("hl3-2", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.61, 200, ok("hl3-2", task10("t-hl", "c-hl", "TASK_STATE_COMPLETED"))),
], [], S91, "control: a read that leaves history out (not judged: an agent may not return it on reads)")
case("HL4-legal-v10-duplicate-message-dropped", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("hl4-1", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.21, 200, ok("hl4-1", task10("t-hl", "c-hl", "TASK_STATE_COMPLETED", history=HL[:2] + [HL[1]] + HL[2:]))),
    req(0.6, "POST", V1 + "/a2a", rpc("hl4-2", "GetTask", {"id": "t-hl", "historyLength": 10}), ver="1.0"),
    resp(0.61, 200, ok("hl4-2", task10("t-hl", "c-hl", "TASK_STATE_COMPLETED", history=HL))),
], [], S91, "control: the second read no longer repeats a message the first listed twice (DATA-HISTORY-004's note on the first)")

# --- H4-H5: the same loss for a finished task's artifacts, no stream (TASK-STATE-010 widened)
case("H4-v10-finished-task-artifact-lost-between-reads", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("h4-1", "GetTask", {"id": "t-h4"}), ver="1.0"),
    resp(0.21, 200, ok("h4-1", task10("t-h4", "c-h4", "TASK_STATE_COMPLETED", artifacts=[art10("summary", "3 findings"), art10("report", "full text")]))),
    req(0.6, "POST", V1 + "/a2a", rpc("h4-2", "GetTask", {"id": "t-h4"}), ver="1.0"),
    resp(0.61, 200, ok("h4-2", task10("t-h4", "c-h4", "TASK_STATE_COMPLETED", artifacts=[art10("summary", "3 findings")]))),
], [("stored-artifact-lost", "warning")], S91, "1.0: a finished task read twice, the second read without one of its artifacts")
case("H5-v03-send-result-artifact-then-get-other", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("translate it", mid="m-h5")})),
    resp(0.5, 200, ok(1, task03("t-h5", "c-h5", "completed", artifacts=[art03("translation", "bonjour"), art03("glossary", "bonjour: hello")]))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-h5"})),
    resp(1.01, 200, ok(2, task03("t-h5", "c-h5", "completed", artifacts=[art03("glossary", "bonjour: hello")]))),
], [("stored-artifact-lost", "warning")], S91, "0.3: the blocking send's completed task carried two artifacts, tasks/get of it one")
case("HL7-legal-v03-get-leaves-artifacts-out", C03() + [
    req(0.2, "POST", V3 + "/a2a", rpc(1, "message/send", {"message": umsg03("translate it", mid="m-hl7")})),
    resp(0.5, 200, ok(1, task03("t-hl7", "c-hl7", "completed", artifacts=[art03("translation", "bonjour")]))),
    req(1.0, "POST", V3 + "/a2a", rpc(2, "tasks/get", {"id": "t-hl7"})),
    resp(1.01, 200, ok(2, task03("t-hl7", "c-hl7", "completed"))),
], [], S91, "control (not judged): a tasks/get answer that leaves artifacts out altogether, a status-only read as many recorded agents answer")
case("HL5-legal-v10-finished-task-list-without-include-artifacts", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("hl5-1", "GetTask", {"id": "t-hl5"}), ver="1.0"),
    resp(0.21, 200, ok("hl5-1", task10("t-hl5", "c-hl5", "TASK_STATE_COMPLETED", artifacts=[art10("summary", "3 findings")]))),
    req(0.6, "POST", V1 + "/a2a", rpc("hl5-2", "ListTasks", {"contextId": "c-hl5"}), ver="1.0"),
    resp(0.61, 200, ok("hl5-2", {"tasks": [task10("t-hl5", "c-hl5", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
    req(0.8, "POST", V1 + "/a2a", rpc("hl5-3", "GetTask", {"id": "t-hl5"}), ver="1.0"),
    resp(0.81, 200, ok("hl5-3", task10("t-hl5", "c-hl5", "TASK_STATE_COMPLETED", artifacts=[art10("summary", "3 findings")]))),
], [], S91, "control: a ListTasks row leaves artifacts out (no includeArtifacts) and the next GetTask holds them")
case("HL6-legal-v10-working-task-artifact-replaced", C10() + [
    req(0.2, "POST", V1 + "/a2a", rpc("hl6-1", "GetTask", {"id": "t-hl6"}), ver="1.0"),
    resp(0.21, 200, ok("hl6-1", task10("t-hl6", "c-hl6", "TASK_STATE_WORKING", artifacts=[art10("draft", "v1")]))),
    req(0.6, "POST", V1 + "/a2a", rpc("hl6-2", "GetTask", {"id": "t-hl6"}), ver="1.0"),
    resp(0.61, 200, ok("hl6-2", task10("t-hl6", "c-hl6", "TASK_STATE_COMPLETED", artifacts=[art10("final", "v2")]))),
], [], S91, "control: before the task ends its artifacts are the agent's to rework; only a finished task's are fixed")

# --- I: members written null (a2a-java #945): unset in 1.0, a missing required url in 0.3
case("I1-v03-card-url-null", get_card(0.0, card03(None, name="nullurl"), V3 + "/.well-known/agent-card.json"),
     [("card-interface-malformed", "error")], S945, "0.3 card whose required url is null")
c10n = card10(V1 + "/a2a", preferredTransport=None, additionalInterfaces=None, security=None, supportsAuthenticatedExtendedCard=None)
c10n["url"] = None
c10n["capabilities"]["stateTransitionHistory"] = None
c10n["skills"][0]["security"] = None
case("IL1-legal-v10-card-0x-members-null", get_card(0.0, c10n, V1 + "/.well-known/agent-card.json"),
     [], S945, "control: a 1.0 card whose 0.x-only members are all null (unset: no VER-MIX-001, no url judged)")
c10p = card10(V1 + "/a2a", preferredTransport="JSONRPC")
c10p["url"] = None
case("I2-v10-card-url-null-preferred-transport-set", get_card(0.0, c10p, V1 + "/.well-known/agent-card.json"),
     [("version-mixed-payload", "warning")], S945, "1.0 card with url null and preferredTransport set: the 0.x member is named, the null url is not")

write_cases(cases, HERE)
