"""Variants of miner mine54 (prefix b54a-): python3 tests/cases/variants/gen_b54a.py

Each puts one of session 54's changed kinds (round fifty-four) on traffic its field case does
not hold, with controls beside it. A1-A4, B1-B3 were written as probes before the fix and run
on main's binary first (FIELD-CASES.md "Round fifty-four" gives their verdicts then).
A: VER-MIX-001 widened (kind_in_payload): a 1.0 object inside its oneof wrapper whose 0.x
   `kind` sits on a nested message or on an artifactUpdate's artifact (field case f1134,
   vellum-assistant PR #30925, whose push carried kind on every part): a JSON-RPC stream's
   artifactUpdate, a stream statusUpdate's status message, a send result's history message,
   a push statusUpdate's message parts, an HTTP+JSON stream's artifactUpdate, a GetTask
   result's status message. Controls: a 1.0 data part whose data holds a "kind" key (the
   agent's own JSON), a 0.3 JSON-RPC stream with kind everywhere.
B: PUSH-BODY-001 widened: the Task, Message or update of a 1.0 push StreamResponse is checked
   whole as a send result's is (field case f1134's file part): a 0.3 file {file: {uri}} in a
   pushed Task's artifact and in a pushed artifactUpdate, a lowercase role in a pushed Task's
   history, a pushed statusUpdate whose message has no parts. Controls: a 1.0 url part with
   mediaType and filename, a 0.3 push of a Task with a 0.3 file part (0.x push payload).
C: RPC-ERROR-001 (the -32600 branch now asks the terminal-task situation, as -32602 and
   -32603 did): a 1.0 call on a task this recording saw finished, refused InvalidRequest
   (xagent #1171 refused such a message outside JSON-RPC, f1128; the variants put the same
   refusal under InvalidRequest): told naming -32004 for a message and a subscribe, -32002
   for a cancel, where it said only "a request that could not be read".
   Controls: a 0.3 message/send to a finished task refused -32600 (0.x leaves the code open:
   the generic RPC-ERROR-001 error stays), an HTTP+JSON refusal as UNSUPPORTED_OPERATION.
D: ID-TASK-004 (task-id-not-handed-out, note) narrowed: a 0.3 stream whose Task event and the
   agent Message naming that task arrive in one SSE chunk (legal: W3C SSE §9.2.4) told the
   message named a task never handed out (verify_metamorphic49's re-encoding of f461, once
   this round's field cases moved its sample). Control: the same message naming another
   task id in the same chunk is still told.
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
SRC = ("https://github.com/vellum-ai/vellum-assistant/pull/30925 (A2A channel plumbing: parts { kind: \"file\", url, filename, media_type } "
       "in a task POSTed as { task } to the push URL with A2A-Version 1.0)")
HOOK = "https://caller.example.test/a2a/hook"
CP = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
FILE = "https://files.example.test/plan.pdf"
def push_send(i):
    return [req(0.2, "POST", A + "/a2a", rpc(i, "SendMessage", {"message": umsg10("send the plan", mid="m-" + i),
                "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-" + i}}}), ver="1.0"),
            resp(0.3, 200, ok(i, {"task": task10("t-" + i, "c-" + i, "TASK_STATE_SUBMITTED")}))]
def push(i, body, t=5.0):
    return [req(t, "POST", HOOK, body, ctype=A2AJ, ver="1.0", hdr={"x-a2a-notification-token": "tok-" + i}), resp(t + 0.01, 200, "")]
def stream10(i, events):
    out = get_card(0.0, CP) + [req(0.2, "POST", A + "/a2a", rpc(i, "SendStreamingMessage", {"message": umsg10("write it", mid="m-" + i)}), ver="1.0", accept=SSE),
                              resp(0.21, 200, "", ctype=SSE)]
    t = 0.3
    for e in events:
        out.append(chunk(t, sse(ok(i, e))))
        t += 0.2
    return out + [chunk(t, "", close="eof")]
def t10(i, st="TASK_STATE_WORKING", **kw):
    return {"task": task10("t-" + i, "c-" + i, st, **kw)}
DONE = lambda i: su10("t-" + i, "c-" + i, "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z")
MIX = [("version-mixed-payload", "warning")]
SHAPE = [("push-payload-invalid-shape", "error")]

case("b54a-A1-v10-stream-artifact-update-part-kind", stream10("a1", [t10("a1"),
    {"artifactUpdate": {"taskId": "t-a1", "contextId": "c-a1", "artifact": {"artifactId": "doc", "parts": [{"kind": "text", "text": "chapter one"}]}, "lastChunk": True}},
    DONE("a1")]), MIX, SRC,
     "a 1.0 artifactUpdate's artifact is ProtoJSON of a2a.proto's Artifact: its parts carry no kind (DATA-001, VER-002)")
case("b54a-A2-v10-stream-status-message-kind", stream10("a2", [t10("a2"),
    su10("t-a2", "c-a2", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z",
         message={"kind": "message", "messageId": "a-a2", "role": "ROLE_AGENT", "parts": [{"text": "done"}], "taskId": "t-a2", "contextId": "c-a2"})]), MIX, SRC,
     "a 1.0 statusUpdate's status message is a 1.0 Message: no kind member (DATA-001, VER-002)")
case("b54a-A3-v10-send-result-history-kind", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("a3", "SendMessage", {"message": umsg10("summarise", mid="m-a3")}), ver="1.0"),
    resp(1.0, 200, ok("a3", t10("a3", "TASK_STATE_COMPLETED", history=[{"kind": "message", "messageId": "m-a3", "role": "ROLE_USER", "parts": [{"text": "summarise"}], "taskId": "t-a3", "contextId": "c-a3"}],
        artifacts=[{"artifactId": "s", "parts": [{"text": "a summary"}]}]))),
], MIX, SRC, "a 1.0 Task's history messages are 1.0 Messages: no kind member (DATA-001, VER-002)")
case("b54a-A4-v10-push-status-update-message-part-kind", get_card(0.0, CP) + push_send("a4") + push("a4",
    su10("t-a4", "c-a4", "TASK_STATE_COMPLETED", message={"messageId": "a-a4", "role": "ROLE_AGENT", "parts": [{"kind": "text", "text": "plan attached"}], "taskId": "t-a4", "contextId": "c-a4"})),
    MIX, SRC, "a pushed 1.0 statusUpdate's message parts carry no kind (PUSH-004, DATA-001)")
case("b54a-A5-v10-rest-stream-artifact-update-part-kind", get_card(0.0, card10(A + "/", binding="HTTP+JSON")) + [
    req(0.2, "POST", A + "/message:stream", {"message": umsg10("write it", mid="m-a5")}, ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(t10("a5"))),
    chunk(0.5, sse({"artifactUpdate": {"taskId": "t-a5", "contextId": "c-a5", "artifact": {"artifactId": "doc", "parts": [{"kind": "text", "text": "chapter one"}]}, "lastChunk": True}})),
    chunk(0.7, sse(DONE("a5"))),
    chunk(0.71, "", close="eof"),
], MIX, SRC, "the same 0.x kind in an HTTP+JSON stream's artifactUpdate: 1.0 HTTP+JSON is ProtoJSON too (REST-003, DATA-001)")
case("b54a-A6-v10-get-task-status-message-kind", get_card(0.0, CP) + [
    req(0.2, "POST", A + "/a2a", rpc("a6", "GetTask", {"id": "t-a6"}), ver="1.0"),
    resp(0.21, 200, ok("a6", task10("t-a6", "c-a6", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": {"kind": "message", "messageId": "a-a6", "role": "ROLE_AGENT", "parts": [{"text": "which city?"}], "taskId": "t-a6", "contextId": "c-a6"}}))),
], MIX, SRC, "a 1.0 GetTask result's status message carries no kind (DATA-001, VER-002)")
case("b54a-AL1-legal-v10-push-data-part-with-kind-key", get_card(0.0, CP) + push_send("al1") + push("al1",
    t10("al1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "r", "parts": [{"data": {"kind": "invoice", "total": 42}, "mediaType": "application/json"}]}])),
    [], SRC, "control: a data part's data is the agent's own JSON (1.0 Part.data is any value); a kind key inside it is no 0.x discriminator")
case("b54a-AL2-legal-v03-stream-kind-everywhere", get_card(0.0, card03(A + "/")) + [
    req(0.2, "POST", A + "/", rpc("al2", "message/stream", {"message": umsg03("write it", mid="m-al2")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("al2", task03("t-al2", "c-al2", "working", history=[umsg03("write it", mid="m-al2", taskId="t-al2", contextId="c-al2")])))),
    chunk(0.5, sse(ok("al2", {"kind": "artifact-update", "taskId": "t-al2", "contextId": "c-al2", "artifact": {"artifactId": "doc", "parts": [{"kind": "text", "text": "chapter one"}]}, "lastChunk": True}))),
    chunk(0.7, sse(ok("al2", {"kind": "status-update", "taskId": "t-al2", "contextId": "c-al2", "final": True,
        "status": {"state": "completed", "timestamp": TS, "message": amsg03("done", mid="a-al2", taskId="t-al2", contextId="c-al2")}}))),
    chunk(0.71, "", close="eof"),
], [], SRC, "control: 0.3 JSON-RPC objects carry kind on themselves, their messages and parts (0.3 schema)")

case("b54a-B1-v10-push-task-03-file-part", get_card(0.0, CP) + push_send("b1") + push("b1",
    t10("b1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "p", "parts": [{"file": {"uri": FILE, "mimeType": "application/pdf", "name": "plan.pdf"}}]}])),
    SHAPE, SRC, "a 1.0 part sets one of text, raw, url, data (1.0 §4.1.6; PUSH-004): 0.3's file {uri} sets none, so the receiver finds no content")
case("b54a-B2-v10-push-artifact-update-03-file-part", get_card(0.0, CP) + push_send("b2") + push("b2",
    {"artifactUpdate": {"taskId": "t-b2", "contextId": "c-b2", "artifact": {"artifactId": "p", "parts": [{"file": {"uri": FILE, "mimeType": "application/pdf"}}]}, "lastChunk": True}}),
    SHAPE, SRC, "the same 0.3 file part in a pushed artifactUpdate (PUSH-004, DATA-004)")
case("b54a-B3-v10-push-task-history-lowercase-role", get_card(0.0, CP) + push_send("b3") + push("b3",
    t10("b3", "TASK_STATE_COMPLETED", history=[{"messageId": "m-b3", "role": "user", "parts": [{"text": "send the plan"}], "taskId": "t-b3", "contextId": "c-b3"}])),
    SHAPE, SRC, "a 1.0 Message's role is ROLE_USER / ROLE_AGENT in ProtoJSON (DATA-001): 0.3's user in a pushed Task's history is no 1.0 role")
case("b54a-B4-v10-push-status-message-no-parts", get_card(0.0, CP) + push_send("b4") + push("b4",
    su10("t-b4", "c-b4", "TASK_STATE_INPUT_REQUIRED", message={"messageId": "a-b4", "role": "ROLE_AGENT", "parts": [], "taskId": "t-b4", "contextId": "c-b4"})),
    SHAPE, SRC, "a 1.0 Message has at least one part (a2a.proto REQUIRED; DATA-004): a pushed input-required update whose message has none asks the client nothing")
case("b54a-BL1-legal-v10-push-task-url-part", get_card(0.0, CP) + push_send("bl1") + push("bl1",
    t10("bl1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "p", "parts": [{"text": "Here is the plan."}, {"url": FILE, "mediaType": "application/pdf", "filename": "plan.pdf"}]}],
        history=[umsg10("send the plan", mid="m-bl1", taskId="t-bl1", contextId="c-bl1")])),
    [], SRC, "control: the same push in 1.0's shape: a url part with mediaType and filename, ROLE_USER in history")
case("b54a-BL2-legal-v03-push-task-03-file-part", get_card(0.0, card03(A + "/", capabilities={"streaming": True, "pushNotifications": True})) + [
    req(0.2, "POST", A + "/", rpc("bl2", "message/send", {"message": umsg03("send the plan", mid="m-bl2"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-bl2"}}})),
    resp(0.3, 200, ok("bl2", task03("t-bl2", "c-bl2", "submitted"))),
    req(5.0, "POST", HOOK, task03("t-bl2", "c-bl2", "completed", artifacts=[{"artifactId": "p", "parts": [{"kind": "file", "file": {"uri": FILE, "mimeType": "application/pdf", "name": "plan.pdf"}}]}]), hdr={"x-a2a-notification-token": "tok-bl2"}),
    resp(5.01, 200, ""),
], [], SRC, "control: a 0.3 push carries the 0.3 Task with its 0.3 file part (the 0.x payload, PUSH-005)")

S1171 = ("https://github.com/xorbitsai/xagent/issues/1171 (the append path answers 400 \"Messages cannot be appended to a terminal A2A task\"; "
         "the variants put the same refusal under JSON-RPC's InvalidRequest)")
def finished(i, card=CP, dialect="1.0"):
    if dialect == "1.0":
        return get_card(0.0, card) + [
            req(0.2, "POST", A + "/a2a", rpc(i + "-1", "SendMessage", {"message": umsg10("draft it", mid="m-" + i)}), ver="1.0"),
            resp(1.0, 200, ok(i + "-1", {"task": task10("t-" + i, "c-" + i, "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "d", "parts": [{"text": "a draft"}]}])}))]
    return get_card(0.0, card03(A + "/")) + [
        req(0.2, "POST", A + "/", rpc(i + "-1", "message/send", {"message": umsg03("draft it", mid="m-" + i)})),
        resp(1.0, 200, ok(i + "-1", task03("t-" + i, "c-" + i, "completed", artifacts=[{"artifactId": "d", "parts": [{"kind": "text", "text": "a draft"}]}])))]
INVREQ = [("jsonrpc-error-code-mismatch", "error")]
case("b54a-C1-v10-message-to-finished-task-invalid-request", finished("c1") + [
    req(5.0, "POST", A + "/a2a", rpc("c1-2", "SendMessage", {"message": umsg10("shorter", mid="m2-c1", taskId="t-c1", contextId="c-c1")}), ver="1.0"),
    resp(5.01, 200, err("c1-2", -32600, "Task t-c1 is in terminal state: completed")),
], INVREQ, S1171, "a message to a finished task is UnsupportedOperationError, -32004 (1.0 §3.1.1, TASK-002); -32600 says the client wrote no valid request")
case("b54a-C2-v10-cancel-finished-task-invalid-request", finished("c2") + [
    req(5.0, "POST", A + "/a2a", rpc("c2-2", "CancelTask", {"id": "t-c2"}), ver="1.0"),
    resp(5.01, 200, err("c2-2", -32600, "Task already completed")),
], INVREQ, S1171, "a cancel of a completed task is TaskNotCancelableError, -32002 (1.0 §3.1.5, TASK-003)")
case("b54a-C3-v10-subscribe-finished-task-invalid-request", finished("c3") + [
    req(5.0, "POST", A + "/a2a", rpc("c3-2", "SubscribeToTask", {"id": "t-c3"}), ver="1.0", accept=SSE),
    resp(5.01, 200, err("c3-2", -32600, "Task is in a terminal state")),
], INVREQ, S1171, "a subscribe to a finished task is UnsupportedOperationError, -32004 (1.0 §3.1.6, TASK-004)")
case("b54a-CL1-v03-message-to-finished-task-invalid-request", finished("cl1", dialect="0.3") + [
    req(5.0, "POST", A + "/", rpc("cl1-2", "message/send", {"message": umsg03("shorter", mid="m2-cl1", taskId="t-cl1", contextId="c-cl1")})),
    resp(5.01, 200, err("cl1-2", -32600, "Task t-cl1 is in terminal state: completed")),
], INVREQ, S1171, "control: 0.3 leaves a finished task's refusal code open, but -32600 for a readable request still breaks JSON-RPC: the generic RPC-ERROR-001 error, naming no A2A code")
case("b54a-CL2-legal-v10-rest-message-to-finished-task-unsupported", get_card(0.0, card10(A + "/", binding="HTTP+JSON")) + [
    req(0.2, "POST", A + "/message:send", {"message": umsg10("draft it", mid="m-cl2")}, ver="1.0"),
    resp(1.0, 200, {"task": task10("t-cl2", "c-cl2", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "d", "parts": [{"text": "a draft"}]}])}),
    req(5.0, "POST", A + "/message:send", {"message": umsg10("shorter", mid="m2-cl2", taskId="t-cl2", contextId="c-cl2")}, ver="1.0"),
    resp(5.01, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task t-cl2 is in terminal state",
        "details": ei("UNSUPPORTED_OPERATION")}}),
], [], S1171, "control: the HTTP+JSON refusal as UNSUPPORTED_OPERATION")

SMET = ("https://github.com/vellum-ai/vellum-assistant/pull/30925 (no thread: verify_metamorphic49's sse-two-events-in-one-chunk re-encoding of "
        "f461, a 0.3 stream of a Task then an agent Message, drew ID-TASK-004 once this round's cases moved its sample)")
def one_chunk(i, mtid):
    task = ok(i, task03("t-" + i, "c-" + i, "working"))
    msg = ok(i, amsg03("Hello! How can I help you today?", mid="a-" + i, taskId=mtid, contextId="c-" + i))
    return get_card(0.0, card03(A + "/")) + [
        req(0.2, "POST", A + "/", rpc(i, "message/stream", {"message": umsg03("Hello", mid="m-" + i)}), accept=SSE),
        resp(0.21, 200, "", ctype=SSE),
        chunk(0.3, sse(task) + sse(msg)),
        chunk(0.31, "", close="eof"),
    ]
case("b54a-D1-v03-stream-task-and-message-one-chunk", one_chunk("d1", "t-d1"),
     [("stream-event-after-message-reply-0x", "warning"), ("stream-ended-without-terminal-0x", "warning")], SMET,
     "the Task event hands out t-d1 and the agent Message after it in the same chunk names it: no ID-TASK-004, a chunk boundary carries no meaning (W3C SSE §9.2.4); the stream's own warnings are f461's (a Message after the Task, closed at working)")
case("b54a-DL1-v03-stream-message-other-task-one-chunk", one_chunk("dl1", "t-elsewhere"), [("task-id-not-handed-out", "note"), ("stream-event-task-mismatch", "error"), ("stream-event-after-message-reply-0x", "warning"), ("stream-ended-without-terminal-0x", "warning")], SMET,
     "control: a message in the same chunk naming a task no answer handed out is still told (ID-004), and it is not the stream's task (ID-006)")

write_cases(cases, HERE)
