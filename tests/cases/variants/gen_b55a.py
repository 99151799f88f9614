"""Variants of miner mine55 (prefix b55a-): python3 tests/cases/variants/gen_b55a.py

Each puts one of session 55's kinds (round fifty-five) on traffic its field case does not
hold, with controls beside it. All were written as probes before the fix and run on the
branch's first binary (FIELD-CASES.md "Round fifty-five" gives their verdicts then).
A: VER-MIX-001 widened (kind_in_payload): a 1.0 part that carries the 0.1 draft's
   discriminator `type` ("text", "file", "data"; 0.2 and 0.3 renamed it `kind`) instead of
   none (field case f1176, nexent's adapter writes {"type": "text", "text": ...}): a
   JSON-RPC stream's artifactUpdate, an HTTP+JSON GetTask's status message, a ListTasks row's
   history message, a pushed Task's artifact. Controls: a 1.0 data part whose data holds a
   "type" key (the agent's own JSON), a 1.0 part whose metadata names a type.
B: ID-MSG-001 widened (agent-message-without-context-id, note): a 1.0 Task answering a send
   or opening a stream without contextId (field case f1175, nexent's adapter adds contextId
   only when it has one): a JSON-RPC returnImmediately send answered {"task": ...}, an
   HTTP+JSON send answered {"task": ...}. Controls: the same answer with a contextId (silent),
   a stream whose Task event has no contextId and whose updates name it (f1076's legal
   reading: silent), a 0.3 JSON-RPC Task without contextId (0.x requires it:
   DATA-SHAPE-001's error, unchanged, not the note).
C: status.message that is no Message object (DATA-004, DATA-005; field case f1184, nexent's
   adapter writes a failure as {"state": "TASK_STATE_FAILED", "message": str(e)}): a 0.3
   JSON-RPC tasks/get, a 1.0 HTTP+JSON send answer, a pushed 1.0 statusUpdate (its message a
   list of parts). Control: a status message written null (unset, DATA-003).
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
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr=CACHED)]
SRC = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (nexent's A2A 1.0 adapter, backend/services/a2a_agent_adapter.py: parts written "
       "{\"type\": \"text\", \"text\": ...}; build_a2a_task_response adds contextId to the task only 'if context_id:')")
HOOK = "https://caller.example.test/a2a/hook"
CP = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
REST = A + "/v1"
CR = card10(REST, binding="HTTP+JSON")
def stream10(i, events, t0=0.3):
    out = get_card(0.0, CP) + [req(0.2, "POST", A + "/a2a", rpc(i, "SendStreamingMessage", {"message": umsg10("write it", mid="m-" + i)}), ver="1.0", accept=SSE),
                              resp(0.21, 200, "", ctype=SSE)]
    t = t0
    for e in events:
        out.append(chunk(t, sse(ok(i, e))))
        t += 0.2
    return out + [chunk(t, "", close="eof")]
def t10(i, st="TASK_STATE_WORKING", **kw):
    return {"task": task10("t-" + i, "c-" + i, st, **kw)}
DONE = lambda i: su10("t-" + i, "c-" + i, "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z")
MIX = [("version-mixed-payload", "warning")]
NOCTX = [("agent-message-without-context-id", "note")]

# --- A: the 0.1 `type` discriminator on a 1.0 part
case("b55a-A1-v10-stream-artifact-update-part-type", stream10("a1", [t10("a1"),
    {"artifactUpdate": {"taskId": "t-a1", "contextId": "c-a1", "artifact": {"artifactId": "doc", "parts": [{"type": "text", "text": "chapter one"}]}, "lastChunk": True}},
    DONE("a1")]), MIX, SRC,
     "a 1.0 artifactUpdate's artifact parts are ProtoJSON of a2a.proto's Part, the oneof of text, raw, url and data: no discriminator member, neither 0.3's kind nor 0.1's type (DATA-001, VER-002)")
case("b55a-A2-v10-rest-get-task-status-message-part-type", get_card(0.0, CR) + [
    req(0.2, "GET", REST + "/tasks/t-a2", ver="1.0"),
    resp(0.21, 200, task10("t-a2", "c-a2", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
                "message": {"messageId": "a-a2", "role": "ROLE_AGENT", "taskId": "t-a2", "contextId": "c-a2", "parts": [{"type": "text", "text": "Which account?"}]}})),
], MIX, SRC, "an HTTP+JSON GetTask answer's status message parts carry no discriminator (1.0 §4.1.6; DATA-001)")
case("b55a-A3-v10-list-tasks-history-part-type", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("a3", "ListTasks", {"contextId": "c-a3", "historyLength": 2}), ver="1.0"),
    resp(0.21, 200, ok("a3", {"tasks": [task10("t-a3", "c-a3", "TASK_STATE_COMPLETED",
        history=[umsg10("sum these", mid="m-a3", taskId="t-a3", contextId="c-a3"),
                 {"messageId": "a-a3", "role": "ROLE_AGENT", "taskId": "t-a3", "contextId": "c-a3", "parts": [{"type": "data", "data": {"sum": 42}}]}])],
        "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], MIX, SRC, "a ListTasks row's history message is a 1.0 Message: its data part is {data}, not {type: \"data\", data} (DATA-001)")
case("b55a-A4-v10-push-task-artifact-part-type", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("a4", "SendMessage", {"message": umsg10("send the plan", mid="m-a4"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-a4"}}}), ver="1.0"),
    resp(0.3, 200, ok("a4", {"task": task10("t-a4", "c-a4", "TASK_STATE_SUBMITTED")})),
    req(5.0, "POST", HOOK, {"task": task10("t-a4", "c-a4", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "plan", "parts": [{"type": "file", "url": "https://files.example.test/plan.pdf", "mediaType": "application/pdf"}]}])},
        ctype=A2AJ, ver="1.0", hdr={"x-a2a-notification-token": "tok-a4"}),
    resp(5.01, 200, ""),
], MIX, SRC, "a pushed 1.0 Task's artifact parts carry no discriminator: a url part is {url, mediaType} (PUSH-004, DATA-001)")
case("b55a-AL1-legal-v10-data-part-with-type-key", stream10("al1", [t10("al1"),
    {"artifactUpdate": {"taskId": "t-al1", "contextId": "c-al1", "artifact": {"artifactId": "doc", "parts": [{"data": {"type": "text", "value": "chapter one"}}]}, "lastChunk": True}},
    DONE("al1")]), [], SRC,
     "legal: a data part's data is the agent's own JSON object; a \"type\" key inside it is not the part's discriminator")
case("b55a-AL2-legal-v10-part-metadata-type", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("al2", "SendMessage", {"message": umsg10("hello", mid="m-al2")}), ver="1.0"),
    resp(0.9, 200, ok("al2", {"message": amsg10("hi there", mid="a-al2", contextId="c-al2") | {"parts": [{"text": "hi there", "metadata": {"type": "text"}}]}})),
], [], SRC, "legal: a part's metadata is a free Struct; a \"type\" key in it is the agent's own")

# --- B: a 1.0 Task answering a send or opening a stream without contextId
case("b55a-B1-v10-send-return-immediately-task-without-context-id", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("b1", "SendMessage", {"message": umsg10("write it", mid="m-b1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("b1", {"task": {"id": "t-b1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}})),
], NOCTX, SRC,
     "a 1.0 JSON-RPC send answered (returnImmediately) with a Task without contextId (the proto leaves Task.context_id optional, so advice: 1.0 §3.4.1 asks an agent that mints one to return it; ID-002, ID-004)")
case("b55a-B2-v10-rest-send-task-without-context-id", get_card(0.0, CR) + [
    req(0.2, "POST", REST + "/message:send", {"message": umsg10("list the incidents", mid="m-b2")}, ver="1.0"),
    resp(1.0, 200, {"task": {"id": "t-b2", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "artifacts": [{"artifactId": "a-b2", "parts": [{"text": "INC-12"}]}]}}),
], NOCTX, SRC, "an HTTP+JSON send answered with a Task without contextId (advice, as B1)")
case("b55a-BL1-legal-v10-send-task-with-context-id", get_card(0.0, CR) + [
    req(0.2, "POST", REST + "/message:send", {"message": umsg10("list the incidents", mid="m-bl1")}, ver="1.0"),
    resp(1.0, 200, {"task": task10("t-bl1", "c-bl1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-bl1", "parts": [{"text": "INC-12"}]}])}),
], [], SRC, "legal: the Task names the context the agent minted (1.0 §3.4.1)")
case("b55a-BL3-legal-v10-stream-task-without-context-updates-name-it", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("bl3", "SendStreamingMessage", {"message": umsg10("write it", mid="m-bl3")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("bl3", {"task": {"id": "t-bl3", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": TS}}}))),
    chunk(0.5, sse(ok("bl3", {"artifactUpdate": {"taskId": "t-bl3", "contextId": "c-bl3", "artifact": {"artifactId": "doc", "parts": [{"text": "done"}]}, "lastChunk": True}}))),
    chunk(0.7, sse(ok("bl3", su10("t-bl3", "c-bl3", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z")))),
    chunk(0.71, "", close="eof"),
], [], SRC,
     "legal (f1076's reading): a stream's Task event may precede the context the agent mints; the updates, which must name the context (ID-005), give it")
case("b55a-BL2-v03-send-task-without-context-id", get_card(0.0, card03(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc("bl2", "message/send", {"message": umsg03("list the incidents", mid="m-bl2")})),
    resp(1.0, 200, ok("bl2", {"kind": "task", "id": "t-bl2", "status": {"state": "completed", "timestamp": TS}})),
], [("result-invalid-shape", "error")], SRC,
     "control: a 0.3 JSON-RPC Task requires contextId (0.3 schema; DATA-005): DATA-SHAPE-001's error, not the 1.0 note")

# --- C: status.message that is no Message object
case("b55a-C1-v03-get-task-status-message-string", get_card(0.0, card03(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc("c1", "tasks/get", {"id": "t-c1"})),
    resp(0.21, 200, ok("c1", task03("t-c1", "c-c1", "failed", status={"state": "failed", "timestamp": TS, "message": "upstream timed out"}))),
], [("result-invalid-shape", "error")], SRC, "a 0.3 TaskStatus.message is a Message object (0.3 schema TaskStatus; DATA-005): a string is none")
case("b55a-C2-v10-rest-send-task-status-message-string", get_card(0.0, CR) + [
    req(0.2, "POST", REST + "/message:send", {"message": umsg10("list the incidents", mid="m-c2")}, ver="1.0"),
    resp(1.0, 200, {"task": task10("t-c2", "c-c2", "TASK_STATE_FAILED", status={"state": "TASK_STATE_FAILED", "timestamp": TS, "message": "Error: quota exceeded"})}),
], [("result-invalid-shape", "error")], SRC, "a 1.0 HTTP+JSON send answer whose failed task's status.message is a string (1.0 §4.1.2; DATA-004)")
case("b55a-C3-v10-push-status-update-message-list", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("c3", "SendMessage", {"message": umsg10("send the plan", mid="m-c3"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-c3"}}}), ver="1.0"),
    resp(0.3, 200, ok("c3", {"task": task10("t-c3", "c-c3", "TASK_STATE_SUBMITTED")})),
    req(5.0, "POST", HOOK, su10("t-c3", "c-c3", "TASK_STATE_INPUT_REQUIRED", message=[{"text": "Which format?"}]),
        ctype=A2AJ, ver="1.0", hdr={"x-a2a-notification-token": "tok-c3"}),
    resp(5.01, 200, ""),
], [("push-payload-invalid-shape", "error")], SRC, "a pushed 1.0 statusUpdate whose status.message is the parts list, not a Message (PUSH-004, DATA-004)")
case("b55a-CL1-legal-v10-stream-status-message-null", stream10("cl1", [t10("cl1"),
    su10("t-cl1", "c-cl1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z", message=None)]), [], SRC,
     "legal: a status message written null is unset (ProtoJSON reads null as the default; DATA-003)")

write_cases(cases, HERE)
