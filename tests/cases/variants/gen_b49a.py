"""Variants of miner mine49 (prefix b49a-): python3 tests/cases/variants/gen_b49a.py

Each puts one of session 49's changed kinds (round forty-nine) on traffic its field case does not
hold, with legal controls beside it:
L: DATA-LIST-008 (list-tasks-artifacts-written-empty, new) for ListTasks rows whose artifacts member is
   written empty or null without includeArtifacts (field cases f1052, f1053, a2a-python #1211 /
   PR #1212): 1.0 JSON-RPC rows with artifacts: null, 1.0 HTTP+JSON with includeArtifacts=false
   spelled out and one row of three written empty. Controls: includeArtifacts=true on HTTP+JSON
   with an empty list; rows that leave the member out.
D: DATA-SHAPE-001 / -002, STREAM-SHAPE-001 for a 0.3 HTTP+JSON data part written in 1.0's flat
   form (field case f1055, impalasys/talon PR #51): the client's request, a stream's artifact
   update, a GetTask answer's history. Controls: 1.0 HTTP+JSON's flat data part (that version's
   form); a 0.3 JSON-RPC data part; an empty 0.3 DataPart.
M: ID-TASK-006 (client-task-id-from-other-agent) for a task call naming the messageId of the
   client's own send (field case f1062, adcp-client #963 / PR #968): 1.0 JSON-RPC GetTask, 1.0
   HTTP+JSON GET /tasks/{id}, 0.3 tasks/cancel. Controls: an agent whose task id is the
   messageId (served); an unknown id answered not found.
R: TASK-STATE-009 (return-immediately-ignored) now from 2 s (field case f1060, a2a-tck PR #217):
   0.3 blocking: false answered completed after 3 s, 1.0 HTTP+JSON returnImmediately answered
   input-required after 2.5 s. Controls: returnImmediately answered working after 4 s (a slow
   start, no wait for the task); a blocking send answered completed after 5 s.
E: CAP-EXT-009 (extension-echo-missing-on-one-send-kind, new) for an activated extension echoed
   on one kind of send and not on the other (field case f1066, a2a-js #710): 0.3 message/send
   with X-A2A-Extensions echoed and message/stream without it; the stream answered first and the
   unary one after it; 1.0 HTTP+JSON message:send and message:stream. Controls: an agent that
   never echoes (a2a-python PR #984's reading); one unary answer echoing and another not.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr={"cache-control": "max-age=300", "etag": '"c1"'})]
SRC_L = "https://github.com/a2aproject/a2a-python/issues/1211"
SRC_L2 = "https://github.com/a2aproject/a2a-python/pull/1212"
SRC_D = "https://github.com/impalasys/talon/pull/51"
SRC_M = "https://github.com/adcontextprotocol/adcp-client/pull/968"
SRC_R = "https://github.com/a2aproject/a2a-tck/pull/217"
TS2 = "2026-03-02T10:14:00.000Z"
TS3 = "2026-03-02T10:13:00.000Z"
C10 = card10(A + "/a2a")
CR10 = card10(A, binding="HTTP+JSON")
CR03 = card03(A + "/a2a", preferredTransport="HTTP+JSON")
C03 = card03(A + "/a2a")

# --- L: empty or null artifacts on listed tasks
case("b49a-L1-v10-list-tasks-artifacts-null", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "ListTasks", {"status": "TASK_STATE_COMPLETED"}), ver="1.0"),
    resp(0.12, 200, ok(1, {"tasks": [task10("t-l1", "c-l1", "TASK_STATE_COMPLETED", artifacts=None)],
                           "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [("list-tasks-artifacts-written-empty", "warning")], SRC_L,
     "1.0 §3.1.4: without includeArtifacts the member is omitted entirely, not null")
case("b49a-L2-v10-rest-include-artifacts-false-one-row-empty", get_card(0.0, CR10) + [
    req(0.1, "GET", A + "/tasks?contextId=c-l2&includeArtifacts=false&pageSize=3", ver="1.0"),
    resp(0.12, 200, {"tasks": [task10("t-l2c", "c-l2", "TASK_STATE_WORKING"),
                               task10("t-l2b", "c-l2", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[]),
                               task10("t-l2a", "c-l2", "TASK_STATE_COMPLETED", ts=TS3)],
                     "nextPageToken": "", "pageSize": 3, "totalSize": 3}, ctype=A2AJ),
], [("list-tasks-artifacts-written-empty", "warning")], SRC_L2,
     "includeArtifacts=false spelled out: the second row's artifacts: [] is the fault, the others leave the member out")
case("b49a-LL1-legal-v10-rest-include-artifacts-true-empty", get_card(0.0, CR10) + [
    req(0.1, "GET", A + "/tasks?includeArtifacts=true", ver="1.0"),
    resp(0.12, 200, {"tasks": [task10("t-ll1", "c-ll1", "TASK_STATE_WORKING", artifacts=[])],
                     "nextPageToken": "", "pageSize": 50, "totalSize": 1}, ctype=A2AJ),
], [], SRC_L2, "legal: with includeArtifacts=true an empty artifacts list is the task's actual content")
case("b49a-LL2-legal-v10-list-tasks-artifacts-left-out", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc(2, "ListTasks", {}), ver="1.0"),
    resp(0.12, 200, ok(2, {"tasks": [task10("t-ll2b", "c-ll2", "TASK_STATE_WORKING"), task10("t-ll2a", "c-ll2", "TASK_STATE_COMPLETED", ts=TS2)],
                           "nextPageToken": "", "pageSize": 50, "totalSize": 2})),
], [], SRC_L, "legal: the rows leave artifacts out")

# --- D: 0.3 HTTP+JSON data parts written flat
case("b49a-D1-v03-rest-client-data-part-flat", get_card(0.0, CR03) + [
    req(0.1, "POST", A + "/a2a/v1/message:send", {"message": {"messageId": "m-d1", "role": "ROLE_USER",
        "content": [{"text": "book it"}, {"data": {"flight": "LH 401", "seats": 2}}]}}),
    resp(0.2, 200, {"message": {"messageId": "a-d1", "contextId": "c-d1", "role": "ROLE_AGENT", "content": [{"text": "booked"}]}}),
], [("request-message-invalid-shape", "error")], SRC_D,
     "the client's 0.3 HTTP+JSON data part is written flat; the 0.3 proto's DataPart wraps the Struct in data")
case("b49a-D2-v03-rest-stream-artifact-data-part-flat", get_card(0.0, CR03) + [
    req(0.1, "POST", A + "/a2a/v1/message:stream", {"message": {"messageId": "m-d2", "role": "ROLE_USER", "content": [{"text": "price it"}]}}, accept=SSE),
    resp(0.15, 200, "", ctype=SSE),
    chunk(0.16, sse({"task": {"id": "t-d2", "contextId": "c-d2", "status": {"state": "TASK_STATE_WORKING"}}})),
    chunk(0.5, sse({"artifactUpdate": {"taskId": "t-d2", "contextId": "c-d2", "artifact": {"artifactId": "q", "parts": [{"data": {"total": 812.4, "currency": "EUR"}}]}, "lastChunk": True}})),
    chunk(0.6, sse({"statusUpdate": {"taskId": "t-d2", "contextId": "c-d2", "status": {"state": "TASK_STATE_COMPLETED"}, "final": True}})),
    chunk(0.61, "", close="eof"),
], [("stream-event-invalid-shape", "error")], SRC_D,
     "a 0.3 HTTP+JSON stream's artifact update with a flat data part")
case("b49a-D3-v03-rest-get-task-history-data-part-flat", get_card(0.0, CR03) + [
    req(0.1, "GET", A + "/a2a/v1/tasks/t-d3?historyLength=2"),
    resp(0.12, 200, {"id": "t-d3", "contextId": "c-d3", "status": {"state": "TASK_STATE_COMPLETED"},
        "history": [{"messageId": "m-d3", "contextId": "c-d3", "taskId": "t-d3", "role": "ROLE_AGENT", "content": [{"data": {"ok": True}}]}]}),
], [("result-invalid-shape", "error")], SRC_D,
     "a 0.3 GetTask answer whose history message holds a flat data part")
case("b49a-DL1-legal-v10-rest-data-part-flat", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("price it", mid="m-dl1")}, ver="1.0", ctype=A2AJ),
    resp(0.2, 200, {"message": amsg10("x", mid="a-dl1", contextId="c-dl1", parts=[{"data": {"total": 812.4}, "mediaType": "application/json"}])}, ctype=A2AJ),
], [], SRC_D, "legal: 1.0's data part is the flat {data: <any JSON>}")
case("b49a-DL2-legal-v03-rpc-data-part", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc(3, "message/send", {"message": umsg03("price it", mid="m-dl2")})),
    resp(0.2, 200, ok(3, amsg03("x", mid="a-dl2", contextId="c-dl2", parts=[{"kind": "data", "data": {"total": 812.4}}]))),
], [], SRC_D, "legal: 0.3 JSON-RPC's DataPart is {kind: data, data: {...}}")
case("b49a-DL3-legal-v03-rest-empty-data-part", get_card(0.0, CR03) + [
    req(0.1, "POST", A + "/a2a/v1/message:send", {"message": {"messageId": "m-dl3", "role": "ROLE_USER", "content": [{"text": "ping"}]}}),
    resp(0.2, 200, {"message": {"messageId": "a-dl3", "contextId": "c-dl3", "role": "ROLE_AGENT", "content": [{"data": {}}]}}),
], [], SRC_D, "legal: {data: {}} is an empty DataPart (its Struct unset), readable either way")

# --- M: a task call naming the client's own messageId
MID1 = "5a0e2f7c-3b9d-4c61-8e2a-7d4f1b6c9a03"
case("b49a-M1-v10-get-task-by-own-message-id", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s", "SendMessage", {"message": umsg10("run the report", mid=MID1), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s", {"task": task10("tsk-m1", "ctx-m1", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("g", "GetTask", {"id": MID1}), ver="1.0"),
    resp(3.01, 200, err("g", -32001, "Task not found", ei("TASK_NOT_FOUND"))),
], [("client-task-id-from-other-agent", "warning")], SRC_M, "1.0 GetTask names the messageId, not tsk-m1")
MID2 = "c3d1a9e8-77f0-4b2e-b1c5-0a6e2d9f4b17"
case("b49a-M2-v10-rest-get-task-by-own-message-id", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("run the report", mid=MID2), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.2, 200, {"task": task10("tsk-m2", "ctx-m2", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(3.0, "GET", A + "/tasks/" + MID2, ver="1.0"),
    resp(3.01, 404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "Task not found", "details": ei("TASK_NOT_FOUND")}}, ctype=A2AJ),
], [("client-task-id-from-other-agent", "warning")], SRC_M, "1.0 HTTP+JSON GET /tasks/{messageId}")
MID3 = "msg-2026-03-02-0007"
case("b49a-M3-v03-cancel-by-own-message-id", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("long job", mid=MID3), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok(1, task03("t-m3", "c-m3", "working"))),
    req(2.0, "POST", A + "/a2a", rpc(2, "tasks/cancel", {"id": MID3})),
    resp(2.01, 200, err(2, -32001, "Task not found")),
], [("client-task-id-from-other-agent", "warning")], SRC_M, "0.3 tasks/cancel names the messageId")
MID4 = "6e1f0c2a-9b8d-4a37-bc21-5f3e7d0a8c44"
case("b49a-ML1-legal-v10-task-id-is-message-id", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s", "SendMessage", {"message": umsg10("run the report", mid=MID4), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s", {"task": task10(MID4, "ctx-ml1", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("g", "GetTask", {"id": MID4}), ver="1.0"),
    resp(3.01, 200, ok("g", task10(MID4, "ctx-ml1", "TASK_STATE_COMPLETED"))),
], [], SRC_M, "legal: an agent may mint its task id equal to the messageId; the client names the id the answer carried")
case("b49a-ML2-legal-v10-get-unknown-task", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s", "SendMessage", {"message": umsg10("run the report", mid="m-ml2"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s", {"task": task10("tsk-ml2", "ctx-ml2", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("g", "GetTask", {"id": "tsk-gone"}), ver="1.0"),
    resp(3.01, 200, err("g", -32001, "Task not found", ei("TASK_NOT_FOUND"))),
], [], SRC_M, "legal: an id that is neither a task nor one of the client's messageIds answered not found")

# --- R: TASK-STATE-009 from 2 s
case("b49a-R1-v03-blocking-false-answered-completed-after-3s", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("summarise", mid="m-r1"), "configuration": {"blocking": False}})),
    resp(3.2, 200, ok(1, task03("t-r1", "c-r1", "completed"))),
], [("return-immediately-ignored", "warning")], SRC_R, "0.3 blocking: false answered after 3 s with the task completed")
case("b49a-R2-v10-rest-return-immediately-input-required-after-2-5s", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("book a table", mid="m-r2"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(2.6, 200, {"task": task10("t-r2", "c-r2", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
        "message": amsg10("For how many people?", mid="a-r2", contextId="c-r2", taskId="t-r2")})}, ctype=A2AJ),
], [("return-immediately-ignored", "warning")], SRC_R, "1.0 HTTP+JSON returnImmediately answered input-required after 2.5 s")
case("b49a-RL1-legal-v10-return-immediately-working-after-4s", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("summarise", mid="m-rl1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(4.1, 200, ok(1, {"task": task10("t-rl1", "c-rl1", "TASK_STATE_WORKING")})),
], [], SRC_R, "legal: a slow start (4 s) but the answer is the task just created, working: the agent did not wait for it")
case("b49a-RL2-legal-v10-blocking-default-completed-after-5s", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("summarise", mid="m-rl2")}), ver="1.0"),
    resp(5.1, 200, ok(1, {"task": task10("t-rl2", "c-rl2", "TASK_STATE_COMPLETED")})),
], [], SRC_R, "legal: without returnImmediately the send waits, and completed after 5 s is its answer")

# --- E: the activated-extension echo on one kind of send only
SRC_E = "https://github.com/a2aproject/a2a-js/issues/710"
EXT = "https://ext.example.test/trace/v1"
EXTS = [{"uri": EXT, "description": "trace ids", "required": False}]
CE03 = card03(A + "/a2a", capabilities={"streaming": True, "extensions": EXTS})
CE10 = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": False, "extensions": EXTS})
CER10 = card10(A, binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": False, "extensions": EXTS})
X0 = {"x-a2a-extensions": EXT}
X1 = {"a2a-extensions": EXT}
case("b49a-E1-v03-x-extensions-echo-missing-on-stream", get_card(0.0, CE03) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("hi", mid="m-e1a")}), hdr=X0),
    resp(0.2, 200, ok(1, amsg03("hello", mid="a-e1a", contextId="c-e1a")), hdr=X0),
    req(0.3, "POST", A + "/a2a", rpc(2, "message/stream", {"message": umsg03("hi", mid="m-e1b")}), hdr=X0, accept=SSE),
    resp(0.35, 200, "", ctype=SSE),
    chunk(0.36, sse(ok(2, amsg03("hello", mid="a-e1b", contextId="c-e1b")))),
    chunk(0.37, "", close="eof"),
], [("extension-echo-missing-on-one-send-kind", "warning")], SRC_E, "0.3: X-A2A-Extensions echoed on message/send, not on message/stream")
case("b49a-E2-v10-stream-first-then-unary-echo", get_card(0.0, CE10) + [
    req(0.1, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("hi", mid="m-e2a")}), ver="1.0", hdr=X1, accept=SSE),
    resp(0.15, 200, "", ctype=SSE),
    chunk(0.16, sse(ok("s", {"message": amsg10("hello", mid="a-e2a", contextId="c-e2a")}))),
    chunk(0.17, "", close="eof"),
    req(0.3, "POST", A + "/a2a", rpc("u", "SendMessage", {"message": umsg10("hi", mid="m-e2b")}), ver="1.0", hdr=X1),
    resp(0.4, 200, ok("u", {"message": amsg10("hello", mid="a-e2b", contextId="c-e2b")}), hdr=X1),
], [("extension-echo-missing-on-one-send-kind", "warning")], SRC_E, "the stream came first; the unary answer's echo shows what the stream's head left out")
case("b49a-E3-v10-rest-extension-echo-missing-on-stream", get_card(0.0, CER10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-e3a")}, ver="1.0", ctype=A2AJ, hdr=X1),
    resp(0.2, 200, {"message": amsg10("hello", mid="a-e3a", contextId="c-e3a")}, ctype=A2AJ, hdr=X1),
    req(0.3, "POST", A + "/message:stream", {"message": umsg10("hi", mid="m-e3b")}, ver="1.0", ctype=A2AJ, hdr=X1, accept=SSE),
    resp(0.35, 200, "", ctype=SSE),
    chunk(0.36, sse({"message": amsg10("hello", mid="a-e3b", contextId="c-e3b")})),
    chunk(0.37, "", close="eof"),
], [("extension-echo-missing-on-one-send-kind", "warning")], SRC_E, "1.0 HTTP+JSON message:send echoes, message:stream does not")
case("b49a-EL1-legal-v10-extension-never-echoed", get_card(0.0, CE10) + [
    req(0.1, "POST", A + "/a2a", rpc("u", "SendMessage", {"message": umsg10("hi", mid="m-el1a")}), ver="1.0", hdr=X1),
    resp(0.2, 200, ok("u", {"message": amsg10("hello", mid="a-el1a", contextId="c-el1a", extensions=[EXT])})),
    req(0.3, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("hi", mid="m-el1b")}), ver="1.0", hdr=X1, accept=SSE),
    resp(0.35, 200, "", ctype=SSE),
    chunk(0.36, sse(ok("s", {"message": amsg10("hello", mid="a-el1b", contextId="c-el1b", extensions=[EXT])}))),
    chunk(0.37, "", close="eof"),
], [], "https://github.com/a2aproject/a2a-js/issues/710",
     "legal here: an agent that never echoes (used extensions listed in message.extensions, the 1.0 SDK's reading) is consistent; no echo to compare with")
case("b49a-EL2-legal-v10-unary-echo-once-not-twice", get_card(0.0, CE10) + [
    req(0.1, "POST", A + "/a2a", rpc("u1", "SendMessage", {"message": umsg10("hi", mid="m-el2a")}), ver="1.0", hdr=X1),
    resp(0.2, 200, ok("u1", {"message": amsg10("hello", mid="a-el2a", contextId="c-el2a")}), hdr=X1),
    req(0.3, "POST", A + "/a2a", rpc("u2", "SendMessage", {"message": umsg10("bye", mid="m-el2b")}), ver="1.0", hdr=X1),
    resp(0.4, 200, ok("u2", {"message": amsg10("bye", mid="a-el2b", contextId="c-el2b")})),
], [], SRC_E, "legal: two unary answers, one echoing and one not: the extension may not have applied to the second request")

write_cases(cases, HERE)
