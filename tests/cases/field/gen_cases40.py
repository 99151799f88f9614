"""Session-40 field cases of miner mine40 (f898-f915): same helpers and output format as gen_cases39.py.

Scope (round forty): 1.0 adoption and version negotiation in threads of 2026 the table had
few of: a 0.3 runtime that negotiates A2A-Version 1.0 and echoes it yet refuses the 1.0
methods, the A2A-Version query parameter, a 1.0-only agent's answer to a registry's 0.3
probe, ProtoJSON's zero enum dropping a task state, send parameters beside the message, an
empty send, push delivery after the first answer only, push config calls on an agent
without push, artifact chunks stored unreduced, SubscribeToTask on a finished task, a
resubscribe that closes after one snapshot, a client-chosen task id.
`python3 gen_cases40.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]

# --- faults -------------------------------------------------------------------------------------------
P625 = ("https://github.com/a2aproject/a2a-python/issues/625 ([Bug]: A2ARESTFastAPIApplication omits state field from task status when task is rejected: the REST handler "
        "serializes the Task with MessageToDict, which drops the state because the 0.3 converter mapped rejected to the zero enum value; 2026-01-19) ; "
        "https://github.com/a2aproject/a2a-python/pull/668 (fix: map rejected task state in proto converters; 2026-02-04)")
RA = "https://rest-agent.example.test"
REJ_MSG = {"messageId": "m-a625", "role": "ROLE_AGENT", "content": [{"text": "I will not delete invoices."}], "taskId": "t-625", "contextId": "c-625"}
case("f898-v03-rest-rejected-task-without-state", get_card(0.0, card03(RA + "/", preferredTransport="HTTP+JSON"), RA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA + "/v1/message:send", {"message": {"messageId": "m-625", "role": "ROLE_USER", "content": [{"text": "delete every invoice"}]}}),
    resp(0.3, 200, {"task": {"id": "t-625", "contextId": "c-625", "status": {"message": REJ_MSG, "timestamp": "2026-01-19T09:12:00Z"}}}),
    req(1.0, "GET", RA + "/v1/tasks/t-625"),
    resp(1.02, 200, {"id": "t-625", "contextId": "c-625", "status": {"message": REJ_MSG, "timestamp": "2026-01-19T09:12:00Z"}}),
], [("result-invalid-shape", "error")],
 P625 + ". The exchanges are rebuilt from the issue's reproduction: an executor that rejects the task, served over 0.3 HTTP+JSON, whose send answer and GetTask carry a status without state",
 "a Task's status.state is REQUIRED (DATA-005; 0.3:grpc TaskStatus.state): ProtoJSON omits a field at its zero value, and the 0.3 converter turned rejected into TASK_STATE_UNSPECIFIED, so the client reads a task with no state at all instead of a rejected one")

E62 = ("https://github.com/actioncard/a2a-elixir/issues/62 (Client sends taskId/contextId only in top-level params, not on the message: \"The server mints a fresh contextId (uuidv4()) on every request, "
       "so multi-turn conversation continuity is lost\"; 2026-07-22)")
case("f899-v03-client-context-id-beside-message", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-62a", "message/send", {"message": umsg03("book a table for two", mid="m-62a")})),
    resp(0.3, 200, ok("s-62a", task03("t-62a", "c-62", "input-required", status={"state": "input-required", "timestamp": TS, "message": amsg03("For which day and time?", mid="m-a62", taskId="t-62a", contextId="c-62")}))),
    req(1.0, "POST", A + "/a2a", rpc("s-62b", "message/send", {"message": umsg03("tomorrow at 8", mid="m-62b"), "id": "t-62a", "contextId": "c-62"})),
    resp(1.3, 200, ok("s-62b", task03("t-62b", "c-99", "completed", ts="2026-03-02T10:15:01.000Z"))),
], [("client-ids-outside-message", "warning")],
 E62 + ". The exchanges are rebuilt from the issue: the Elixir client's follow-up puts the ids at params.id / params.contextId, and an a2a-js server, reading params.message, starts a new task in a new context",
 "a follow-up names its task and context on the message (0.3 MessageSendParams is {message, configuration, metadata}; Message.taskId / contextId): members beside the message are unknown fields a server ignores (DATA-003), so the input-required task never gets its answer (ID-003, ID-008)")

O368 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/368 ([Architecture] A2A-Version negotiation: read A2A-Version from the header or the query parameter, refuse unsupported versions, "
        "and set the negotiated version on the response headers: outbound_headers[\"A2A-Version\"] = negotiated; 2026-04-02)")
O386 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/386 ([Bug] add PascalCase JSON-RPC method aliases under A2A-Version=1.0: the runtime supports A2A-Version=1.0 negotiation, "
        "yet under it SendMessage, GetTask, CancelTask, GetExtendedAgentCard still return -32601; 2026-04-03)")
OC = "https://opencode.example.test"
case("f900-v03-agent-negotiates-1-0-refuses-pascal-methods", get_card(0.0, card03(OC + "/"), OC + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OC + "/", rpc("s-386", "SendMessage", {"message": umsg10("list the open sessions", mid="m-386")}), ver="1.0"),
    resp(0.11, 200, err("s-386", -32601, "Method not found"), hdr={"a2a-version": "1.0"}),
], [("unsupported-version-answered-method-not-found", "warning"), ("client-version-not-in-card", "note")],
 O386 + " ; " + O368 + ". The exchange is rebuilt from the two issues: a 1.0 client's SendMessage under A2A-Version 1.0, which the runtime negotiates (and echoes) as 1.0 and then answers -32601",
 "an agent that takes A2A-Version 1.0 (it echoes it) MUST apply 1.0 semantics, or refuse the version with -32009 VersionNotSupportedError (VER-002, 1.0 §3.6.2): -32601 tells the client SendMessage does not exist; the client's side is a note, the card declares only 0.3 (VER-005)")

A1428 = ("https://github.com/a2aproject/A2A/issues/1428 ([Bug]: at A2A-java, there is no push notifications after every updates of task while sendMessage is called by the client: "
         "DefaultRequestHandler sends the push notification only after the initial return; 2026-01-30)")
PA = "https://push-agent.example.test"
HOOK = "https://client.example.test/hook"
case("f901-v10-push-only-after-initial-return", get_card(0.0, card10(PA + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), PA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", PA + "/a2a", rpc("s-1428", "SendMessage", {"message": umsg10("render the video", mid="m-1428"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1428"}}}), ver="1.0"),
    resp(0.15, 200, ok("s-1428", {"task": task10("t-1428", "c-1428", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", HOOK, {"task": task10("t-1428", "c-1428", "TASK_STATE_SUBMITTED")}, ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1428"}),
    resp(0.21, 200, ""),
    req(90.0, "POST", PA + "/a2a", rpc("g-1428", "GetTask", {"id": "t-1428"}), ver="1.0"),
    resp(90.01, 200, ok("g-1428", task10("t-1428", "c-1428", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:25.000Z", artifacts=[{"artifactId": "a-1428", "parts": [{"url": "https://cdn.example.test/v.mp4", "mediaType": "video/mp4"}]}]))),
], [("push-terminal-state-not-delivered", "warning")],
 A1428 + ". The exchanges are rebuilt from the issue: the webhook gets the SUBMITTED task once, the task completes 25 s later, and the client learns it only by polling a minute after that",
 "1.0 push notifications deliver the task's updates to the configured webhook (PUSH-004, 1.0 §3.5, §4.3.3) through the terminal state; a webhook that saw only the first answer leaves a client that relies on push waiting forever")

R295 = ("https://github.com/a2aproject/a2a-rs/issues/295 (a2a-server: artifact updates are pushed as separate entries instead of reduced by ID: \"Hello\" followed by an append of \" world\" "
        "produces two separate artifact entries with the same ID; a blocking send_message response and get_task expose the fragments; 2026-09-22)")
RS = "https://rs-agent.example.test"
case("f902-v10-stored-task-artifact-chunks-not-reduced", get_card(0.0, card10(RS + "/a2a"), RS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RS + "/a2a", rpc("s-295", "SendStreamingMessage", {"message": umsg10("say hello", mid="m-295")}), ver="1.0", accept=SSE),
    resp(0.12, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-295", {"task": task10("t-295", "c-295", "TASK_STATE_WORKING")}))),
    chunk(0.3, sse(ok("s-295", {"artifactUpdate": {"taskId": "t-295", "contextId": "c-295", "artifact": {"artifactId": "a-295", "parts": [{"text": "Hello"}]}}}))),
    chunk(0.4, sse(ok("s-295", {"artifactUpdate": {"taskId": "t-295", "contextId": "c-295", "artifact": {"artifactId": "a-295", "parts": [{"text": " world"}]}, "append": True, "lastChunk": True}}))),
    chunk(0.5, sse(ok("s-295", su10("t-295", "c-295", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")))),
    chunk(0.51, "", close="eof"),
    req(1.0, "POST", RS + "/a2a", rpc("g-295", "GetTask", {"id": "t-295"}), ver="1.0"),
    resp(1.01, 200, ok("g-295", task10("t-295", "c-295", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z", artifacts=[{"artifactId": "a-295", "parts": [{"text": "Hello"}]}, {"artifactId": "a-295", "parts": [{"text": " world"}]}]))),
], [("result-invalid-shape", "error")],
 R295 + ". The exchanges are rebuilt from the issue's example: the live stream is right, the stored task lists the chunks as two artifacts",
 "artifactId is unique within a task (DATA-005), and an append:true chunk adds its parts to the artifact of its id (STREAM-009): GetTask owes one artifact a-295 with parts [\"Hello\", \" world\"], not two entries a client must merge itself")

R205 = ("https://github.com/a2aproject/a2a-rs/issues/181 (a2acli Tier 2 conformance, status update of 2026-09-13: \"#205 made a2a-server actually enforce the AgentCapabilities it declares - previously "
        "with_capabilities stored them and nothing read them, so a card advertising pushNotifications: false still accepted push configs\") ; https://github.com/a2aproject/a2a-rs/pull/205")
case("f903-v10-push-config-accepted-without-capability", get_card(0.0, card10(RS + "/a2a"), RS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RS + "/a2a", rpc("p-205", "CreateTaskPushNotificationConfig", {"taskId": "t-205", "url": "https://client.example.test/hook", "token": "tok-205"}), ver="1.0"),
    resp(0.11, 200, ok("p-205", {"id": "cfg-205", "taskId": "t-205", "url": "https://client.example.test/hook", "token": "tok-205"})),
], [("push-not-declared-but-accepted", "error")],
 R205 + ". The exchange is rebuilt as a2a-server answered before #205: the card says pushNotifications false, the Create succeeds",
 "an agent whose card does not declare capabilities.pushNotifications answers every push config operation with PushNotificationNotSupportedError (PUSH-001, 1.0 §3.3.4): accepting the config promises webhooks the agent never sends")

R150 = ("https://github.com/prassanna-ravishankar/a2a-registry/issues/150 (Stale health/conformance flags on \"BidMachine Ad Exchange\": \"our endpoint implemented the pre-0.3.0 method names "
        "(tasks/send / tasks/sendSubscribe) while the card advertised 0.3.0, so a message/send probe got -32601 Method not found\"; 2026-06-03)")
BM = "https://adx.example.test"
case("f904-v03-card-0-3-endpoint-pre-0-2-methods", get_card(0.0, card03(BM + "/a2a", name="ad-exchange"), BM + "/.well-known/agent-card.json") + [
    req(0.1, "POST", BM + "/a2a", rpc("s-150", "message/send", {"message": umsg03("list open auctions", mid="m-150")})),
    resp(0.11, 200, err("s-150", -32601, "Method not found: message/send")),
], [("card-version-method-mismatch", "error")],
 R150 + ". The exchange is the registry's conformance probe as the issue reports it",
 "a card with protocolVersion 0.3.0 promises the 0.3 methods (CARD-006, RPC-003): message/send is 0.3's send, and -32601 to it means the endpoint speaks another version (0.1's tasks/send) than its card declares")

O520 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/520 ([Quality] A2A 1.0 contract: fix that an empty SendMessage / empty REST body was not rejected before execution; "
        "answer the 1.0 dedicated error when push notifications are not enabled; SubscribeToTask on a terminal task returns the unsupported error as 1.0 requires; 2026-08-24)")
case("f905-v10-rest-empty-send-body-executed", get_card(0.0, card10(OC + "/", binding="HTTP+JSON"), OC + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OC + "/message:send", {}, ver="1.0", ctype=A2AJ),
    resp(2.0, 200, {"task": task10("t-520", "c-520", "TASK_STATE_FAILED")}, ctype=A2AJ),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")],
 O520 + ". The exchange is rebuilt from the issue's first point: a POST /message:send with the body {} runs the executor, which fails",
 "SendMessageRequest.message is REQUIRED (DATA-005): an empty send is InvalidParams before anything runs (HTTP 400 INVALID_ARGUMENT, ERR-006); the client's empty body is its own error")
case("f906-v10-push-disabled-wrong-error", get_card(0.0, card10(OC + "/a2a"), OC + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OC + "/a2a", rpc("p-520", "CreateTaskPushNotificationConfig", {"taskId": "t-520", "url": "https://client.example.test/hook"}), ver="1.0"),
    resp(0.11, 200, err("p-520", -32004, "This operation is not supported", ei("UNSUPPORTED_OPERATION"))),
], [("jsonrpc-error-code-mismatch", "error")],
 O520 + ". The exchange is rebuilt from the issue's second point with the SDK's answer when no push config store is configured (UnsupportedOperationError)",
 "with capabilities.pushNotifications absent, push config operations answer -32003 PushNotificationNotSupportedError (PUSH-001, ERR-002), not -32004: the client cannot tell push is off from an operation it misused")
case("f907-v10-subscribe-terminal-opens-stream", get_card(0.0, card10(OC + "/a2a"), OC + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OC + "/a2a", rpc("s-520", "SendMessage", {"message": umsg10("run the tests", mid="m-520")}), ver="1.0"),
    resp(3.0, 200, ok("s-520", {"task": task10("t-520b", "c-520", "TASK_STATE_COMPLETED")})),
    req(3.5, "POST", OC + "/a2a", rpc("sub-520", "SubscribeToTask", {"id": "t-520b"}), ver="1.0", accept=SSE),
    resp(3.51, 200, "", ctype=SSE),
    chunk(3.52, sse(ok("sub-520", {"task": task10("t-520b", "c-520", "TASK_STATE_COMPLETED")}))),
    chunk(3.53, "", close="eof"),
], [("subscribe-terminal-task-accepted", "error")],
 O520 + ". The exchange is rebuilt from the issue's third point as the 0.3 SDK answered a resubscribe to a finished task: the Task once, then the end of the stream",
 "1.0 SubscribeToTask on a terminal task answers UnsupportedOperationError (TASK-004, 1.0 §3.1.6); the 0.3 form that sends the Task and closes (DIGEST trap 6) is not 1.0's")

W185 = ("https://github.com/prassanna-ravishankar/a2a-registry/issues/185 (Conformance re-check for Whisper: \"We had implemented only the A2A 1.0 RPC names (SendMessage), and answered -32601 "
        "to the 0.3.0 slash form\"; the registry's probe sends message/send; 2026-09-18)")
WH = "https://whisper.example.test"
case("f908-v10-only-agent-answers-0-3-probe-method-not-found", get_card(0.0, card10(WH + "/a2a", name="whisper"), WH + "/.well-known/agent-card.json") + [
    req(0.1, "POST", WH + "/a2a", rpc(1, "message/send", {"message": umsg03("assess example.com", mid="m-185")})),
    resp(0.11, 200, err(1, -32601, "Method not found")),
], [("unsupported-version-answered-method-not-found", "warning"), ("client-version-not-in-card", "note")],
 W185 + ". The exchange is the registry's probe before the fix: a header-less 0.3 message/send to an agent whose card declares 1.0 only",
 "a call without A2A-Version asks for 0.3 (VER-003); an agent that does not serve 0.3 answers -32009 VersionNotSupportedError (VER-002), which tells the registry to switch to 1.0, where -32601 reads as a missing send method; the registry's own side is a note (VER-005)")
case("f909-v03-send-without-message-served", get_card(0.0, card10(WH + "/a2a", name="whisper"), WH + "/.well-known/agent-card.json") + [
    req(0.1, "POST", WH + "/a2a", rpc(1, "message/send", {"metadata": {"skill": "assess", "input": "example.com"}})),
    resp(0.4, 200, ok(1, amsg03("example.com: registered 1995, low risk", mid="m-a185", contextId="c-185"))),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")],
 W185 + " ; https://github.com/sing1ee/a2a-directory/pull/62 (the same curl example). The exchange is the issue's curl example after the fix: message/send whose params hold only metadata, answered with a result",
 "MessageSendParams.message is required (0.3:schema; DATA-005): a send without a message is -32602 InvalidParams, and the skill picked in metadata is no A2A message; the client's call is malformed (its own error), the agent's success hides that")

G3510 = ("https://github.com/golemcloud/golem/issues/3510 (Worker service: JSON-RPC handler: \"tasks/resubscribe | Call get-task. Return current state as a single-event SSE stream\" and "
         "\"task_id: from message.task_id, or generate a new UUID\"; 2026-05-20)")
GO = "https://golem.example.test"
GCARD = card03(GO + "/jsonrpc", name="golem-agents", capabilities={"streaming": True, "pushNotifications": False})
case("f910-v03-resubscribe-one-snapshot-then-close", get_card(0.0, GCARD, GO + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GO + "/jsonrpc", rpc("s-3510", "message/send", {"message": umsg03("summarise the quarter", mid="m-3510"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("s-3510", task03("t-3510", "c-3510", "working"))),
    req(0.5, "POST", GO + "/jsonrpc", rpc("r-3510", "tasks/resubscribe", {"id": "t-3510"}), accept=SSE),
    resp(0.51, 200, "", ctype=SSE),
    chunk(0.52, sse(ok("r-3510", task03("t-3510", "c-3510", "working")))),
    chunk(0.53, "", close="eof"),
    req(6.0, "POST", GO + "/jsonrpc", rpc("g-3510", "tasks/get", {"id": "t-3510"})),
    resp(6.01, 200, ok("g-3510", task03("t-3510", "c-3510", "completed", ts="2026-03-02T10:15:05.000Z"))),
], [("stream-ended-without-terminal-0x", "warning")],
 G3510 + ". The exchanges follow the issue's design: the resubscribe answers the current Task as one event and closes while the task is still working",
 "a resubscribe stream carries the task's updates until a final event (STREAM-003, STREAM-008: final true at a terminal or interrupted state); closing after one working snapshot leaves the client without the end, which only polling shows")
case("f911-v03-client-task-id-adopted", get_card(0.0, GCARD, GO + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GO + "/jsonrpc", rpc("s-3510b", "message/send", {"message": umsg03("summarise the quarter", mid="m-3510b", taskId="report-q3")})),
    resp(0.9, 200, ok("s-3510b", task03("report-q3", "c-3510b", "completed"))),
], [("task-id-not-handed-out", "note")],
 G3510 + ". The exchange follows the issue's design: a message naming a task id the agent never handed out creates a task of that id",
 "task ids are server-generated (0.3 §6.1; 1.0 ID-001: client-chosen ids cannot create tasks, an unknown taskId is TaskNotFoundError); a note, as the recording cannot prove the id was never handed out elsewhere")

# --- legal --------------------------------------------------------------------------------------------
case("f912-legal-v10-version-query-parameter", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a?A2A-Version=1.0", rpc("s-368", "SendMessage", {"message": umsg10("status of build 42", mid="m-368")})),
    resp(0.4, 200, ok("s-368", {"message": amsg10("Build 42 passed.", mid="m-a368", contextId="c-368")}), hdr={"a2a-version": "1.0"}),
], [],
 O368 + ". The request carries the version as the query parameter only, as the issue's negotiation reads it, and the answer echoes it",
 "legal: clients MAY give A2A-Version as a request parameter instead of the header (VER-001, 1.0 §3.6.1); an echoed A2A-Version response header that names the version served contradicts nothing")

C4790 = ("https://github.com/IBM/mcp-context-forge/issues/4790 ([BUG]: non-compliance in Context Forge's A2A payload: \"role\": \"ROLE_USER\" reported as non-compliant; the maintainers answer that "
         "the A2A 1.0 JSON is ProtoJSON, whose enum names are ROLE_USER / ROLE_AGENT; 2026-05-18)")
case("f913-legal-v10-role-enum-names", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-4790", "SendMessage", {"message": umsg10("summarise ticket 88", mid="m-4790")}), ver="1.0"),
    resp(0.4, 200, ok("s-4790", {"message": amsg10("Ticket 88: the printer is offline.", mid="m-a4790", contextId="c-4790")})),
], [],
 C4790 + ". The exchange is Context Forge's 1.0 call as captured in the issue",
 "legal: 1.0 JSON is ProtoJSON of a2a.proto (DATA-001), so roles are ROLE_USER / ROLE_AGENT; \"user\" is 0.3's JSON-RPC spelling")

O195 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/195 (define the A2A DataPart input policy: DataPart input is refused with an explicit error; 2026-03-18) ; "
        "https://github.com/Intelligent-Internet/opencode-a2a/pull/200 (docs: formalize DataPart input rejection policy: \"DataPart input is not supported\")")
case("f914-legal-v03-data-part-refused-as-failed-task", get_card(0.0, card03(OC + "/"), OC + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OC + "/", rpc("s-195", "message/send", {"message": {"kind": "message", "messageId": "m-195", "role": "user", "parts": [{"kind": "data", "data": {"kind": "json", "value": 1}}]}})),
    resp(0.2, 200, ok("s-195", task03("t-195", "c-195", "failed", status={"state": "failed", "timestamp": TS, "message": amsg03("request.parts[0] DataPart input is not supported; use TextPart or FilePart.", mid="m-a195", taskId="t-195", contextId="c-195")}))),
], [],
 O195 + ". The exchange is the policy's behaviour as its test asserts it: the task fails with the reason in status.message",
 "legal: an agent may decline content it cannot use by failing the task and saying why in status.message (TASK-008); a 0.3 data part is an object, the request is well-formed (DATA-004)")

W62 = ("https://github.com/sing1ee/a2a-directory/pull/62 (docs: add Whisper: \"Two card paths, deliberately\": the 1.0 card at /.well-known/agent-card.json, a 0.3.0 card at /.well-known/agent.json; "
       "one JSON-RPC endpoint accepts SendMessage and message/send; 2026-09-18)")
case("f915-legal-v10-card-and-0-3-card-one-endpoint", get_card(0.0, card10(WH + "/a2a", name="whisper"), WH + "/.well-known/agent-card.json") + get_card(0.05, card03(WH + "/a2a", name="whisper"), WH + "/.well-known/agent.json") + [
    req(0.1, "POST", WH + "/a2a", rpc(1, "message/send", {"message": umsg03("assess example.com", mid="m-62a")})),
    resp(0.4, 200, ok(1, amsg03("example.com: low risk", mid="m-a62a", contextId="c-62a"))),
    req(0.5, "POST", WH + "/a2a", rpc(2, "SendMessage", {"message": umsg10("assess example.org", mid="m-62b")}), ver="1.0"),
    resp(0.8, 200, ok(2, {"message": amsg10("example.org: low risk", mid="m-a62b", contextId="c-62b")})),
], [],
 W62 + " ; " + W185 + ". The exchanges are the fixed agent's: both cards fetched, a header-less 0.3 send and a 1.0 send, each answered in its own version",
 "legal: the 1.0 card sits at the 1.0 path (CARD-002), a 0.3 card elsewhere is only a 0.x recommendation missed, and each call is answered in the version it asks for (VER-002, VER-003); a 0.3 client reading agent-card.json meets a 1.0 card, which no rule forbids")

write_cases(cases, OUT)
