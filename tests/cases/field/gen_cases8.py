"""Session-8 field cases (f89-...): same helpers and output format as gen_cases.py.

`python3 gen_cases8.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

def art10(aid, parts): return {"artifactId": aid, "parts": parts}
def art03(aid, parts): return {"artifactId": aid, "parts": parts}

# --- ListTasks (1.0) pagination members -----------------------------------------------------
case("f89-v10-list-tasks-missing-page-fields", [
    req(0.0, "POST", A + "/a2a", rpc("1", "ListTasks", {}), ver="1.0"),
    resp(0.004, 200, ok("1", {"tasks": [task10("t-p1", "c-p1", "TASK_STATE_COMPLETED")]})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-python/issues/872 (InMemoryTaskStore.list_tasks() returned only {tasks}); https://github.com/a2aproject/a2a-python/pull/710",
 "ListTasksResponse.pageSize and totalSize are REQUIRED (1.0 proto, DATA-007, RPC-004); ProtoJSON may omit a zero, but here pageSize is the page size used (default 50) and totalSize is 1, so their absence is a missing member, not a default")

case("f90-v10-list-tasks-page-size-over-100-accepted", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"pageSize": 500}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [task10("t-q1", "c-q1", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 500, "totalSize": 1})),
], [("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/pull/122 (any positive pageSize was honoured: unbounded responses); https://github.com/a2aproject/a2a-java/pull/460 (pageSize must be between 1 and 100 -> InvalidParamsError)",
 "ListTasksRequest.page_size must be between 1 and 100 (1.0 proto, 1.0 §3.1.4); an out-of-range value is invalid input and is refused with -32602 (ERR-006), not served")

case("f91-v10-rest-list-tasks-bad-status-filter-ignored", [
    req(0.0, "GET", A + "/tasks?status=invalid&pageSize=10", ver="1.0"),
    resp(0.004, 200, {"tasks": [task10("t-s1", "c-s1", "TASK_STATE_COMPLETED"), task10("t-s2", "c-s2", "TASK_STATE_WORKING", ts="2026-03-02T10:14:00.000Z")], "nextPageToken": "", "pageSize": 10, "totalSize": 2}),
], [("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/pull/122 (an unparseable ?status= was dropped and every task returned)",
 "status is a TaskState enum name on the query string (REST-001); an unknown value is invalid input (ERR-006: validate first, 400 INVALID_ARGUMENT); silently listing every task answers a question the client did not ask")

case("f92-v10-negative-history-length-accepted", [
    req(0.0, "POST", A + "/a2a", rpc(1, "GetTask", {"id": "t-h1", "historyLength": -1}), ver="1.0"),
    resp(0.004, 200, ok(1, task10("t-h1", "c-h1", "TASK_STATE_COMPLETED", history=[umsg10("q1"), amsg10("a1", contextId="c-h1", taskId="t-h1")]))),
], [("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/pull/122 (historyLength -1 wrapped to usize::MAX: full history disclosed); https://github.com/a2aproject/a2a-java/pull/460 (historyLength must be non-negative)",
 "historyLength is a non-negative count (1.0 §3.2.4, DATA-006); a negative value is invalid input and must be refused with -32602 (ERR-006) rather than read as 'everything'")

# --- timestamps ------------------------------------------------------------------------------
case("f93-v10-status-timestamp-without-zone", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-z1", "c-z1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:00.123456")})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/641 / https://github.com/a2aproject/a2a-js/pull/656 (TaskStatus.timestamp must be RFC 3339; malformed values must be rejected)",
 "TaskStatus.timestamp is a google.protobuf.Timestamp: ProtoJSON writes RFC 3339 with a zone ('Z'), DATA-002; a naive Python isoformat() string has no zone and strict ProtoJSON readers refuse the whole Task")

case("f94-legal-v03-status-timestamp-naive", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("hi")})),
    resp(0.004, 200, ok(1, task03("t-z2", "c-z2", "completed", ts="2026-03-02T10:15:00.123456"))),
], [],
 "https://github.com/a2aproject/A2A/issues/192 (maintainer's 0.x example answer carries \"timestamp\": \"2025-04-16T13:38:21.503444\")",
 "0.x TaskStatus.timestamp is a free string (0.3 schema: 'ISO 8601'); the 0.x examples use naive times (DIGEST DATA-002 note). DATA-002 is a 1.0 rule: silent")

case("f95-legal-v10-status-without-timestamp", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": {"id": "t-z3", "contextId": "c-z3", "status": {"state": "TASK_STATE_COMPLETED"}}})),
], [],
 "https://github.com/a2aproject/a2a-rs/issues/274 (ACTS DM-SERIAL-001 wants task.status.timestamp always present)",
 "TaskStatus.timestamp is not REQUIRED in the 1.0 proto (only state is, DATA-005); a conformance kit may ask for it, the spec does not: legal")

# --- DataPart payloads -------------------------------------------------------------------------
case("f96-v03-data-part-array", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("list fruit")})),
    resp(0.004, 200, ok(1, task03("t-d1", "c-d1", "completed", artifacts=[art03("a-1", [{"kind": "data", "data": ["Apple", "Orange", "Banana"]}])]))),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/A2A/issues/1088 (why must DataPart.data be an object? agents sent lists)",
 "0.x DataPart.data is an object (0.3 schema: {type: object}, DATA-004); a JSON array fails 0.3 validation in every SDK client. 1.0 changed data to google.protobuf.Value (A2A PR #1306/#1411)")

case("f97-legal-v10-data-part-array", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("list fruit")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-d2", "c-d2", "TASK_STATE_COMPLETED", artifacts=[art10("a-1", [{"data": ["Apple", "Orange", "Banana"], "mediaType": "application/json"}])])})),
], [],
 "https://github.com/a2aproject/A2A/pull/1411 (Part.data became google.protobuf.Value; resolves https://github.com/a2aproject/A2A/issues/1088)",
 "a 1.0 Part.data is any JSON value (1.0 proto Part.content.data: google.protobuf.Value, DATA-004): an array is legal")

# --- 1.0 Part oneof -----------------------------------------------------------------------------
case("f98-v10-part-text-and-url", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("render it")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-o1", "c-o1", "TASK_STATE_COMPLETED", artifacts=[art10("a-1", [{"text": "chart of Q1", "url": "https://files.example.test/q1.png", "mediaType": "image/png"}])])})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/A2A/issues/1069 (maintainer: since 1.0 Part is a proto oneof, only one of text, url, raw or data may be set)",
 "a 1.0 Part is exactly one of text|raw|url|data (DATA-004, proto oneof content); ProtoJSON parsers reject a second member of a oneof, so the whole Task fails to decode")

# --- 1.0 final flag ----------------------------------------------------------------------------
case("f99-v10-stream-status-final-flag", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("hi")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"task": task10("t-f1", "c-f1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.2, sse(ok(1, {"statusUpdate": {"taskId": "t-f1", "contextId": "c-f1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "final": True}}))),
    chunk(0.21, "", close="eof"),
], [("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/A2A/pull/1308 (final removed from TaskStatusUpdateEvent in 1.0); https://github.com/a2aproject/A2A/pull/1482 (1.0 examples still showed final)",
 "1.0 has no final flag (STREAM-007, DATA-001): the stream's close ends it; a 1.0 statusUpdate carrying final is the 0.3 shape copied from an outdated example")

# --- task without state (proto default) ------------------------------------------------------
case("f100-v10-stream-task-state-unspecified", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("hi")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"task": {"id": "t-u1", "contextId": "c-u1", "status": {}}}))),
    chunk(0.006, "", close="eof"),
], [("stream-event-invalid-shape", "error"), ("stream-ended-without-terminal", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1214 / https://github.com/a2aproject/a2a-python/pull/1217 (a Task enqueued without status counted as final: the stream closed before WORKING/COMPLETED)",
 "TaskStatus.state is REQUIRED (DATA-005); an omitted state is TASK_STATE_UNSPECIFIED, no state of a live task (TASK-008), and the stream closed on it without a terminal state (STREAM-003)")

# --- artifact replace ----------------------------------------------------------------------------
case("f101-legal-v10-artifact-replace-same-id", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("draft it")}, ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse({"task": task10("t-r1", "c-r1", "TASK_STATE_WORKING")})),
    chunk(0.1, sse({"artifactUpdate": {"taskId": "t-r1", "contextId": "c-r1", "artifact": art10("a-draft", [{"text": "first draft"}])}})),
    chunk(0.2, sse({"artifactUpdate": {"taskId": "t-r1", "contextId": "c-r1", "artifact": art10("a-draft", [{"text": "second draft, replaces the first"}]), "lastChunk": True}})),
    chunk(0.3, sse({"statusUpdate": {"taskId": "t-r1", "contextId": "c-r1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(0.31, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/1231 (append=false replaces the artifact with the same artifactId) / https://github.com/a2aproject/A2A/pull/2173",
 "append unset means the update creates or fully replaces the artifact with that artifactId (STREAM-009; 0.2.0: false = replace); sending the same id twice before lastChunk is legal")

# --- 0.3 historyLength 0 ---------------------------------------------------------------------
case("f102-legal-v03-history-length-0-full", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/get", {"id": "t-h2", "historyLength": 0})),
    resp(0.004, 200, ok(1, task03("t-h2", "c-h2", "completed", history=[umsg03("q1", taskId="t-h2", contextId="c-h2"), amsg03("a1", taskId="t-h2", contextId="c-h2")]))),
], [],
 "https://github.com/a2aproject/a2a-python/pull/537 (0.3: history_length 0 means unlimited per the 0.3 proto) vs https://github.com/a2aproject/a2a-python/issues/573",
 "0.3 is split on historyLength 0 (DIGEST trap 7: 0.3 gRPC proto says unlimited; 1.0 says none); on a 0.3 wire the full history is a legal answer")

# --- extended card over HTTP+JSON when not declared -------------------------------------------
card_noext = json.loads(json.dumps(CARD10)); card_noext["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
card_noext["capabilities"]["extendedAgentCard"] = False
case("f103-v10-rest-extended-card-not-declared-not-configured", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_noext),
    req(0.1, "GET", A + "/extendedAgentCard", ver="1.0", hdr={"authorization": "Bearer [REDACTED]"}),
    resp(0.104, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Extended agent card not configured", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "domain": "a2a-protocol.org"}]}}),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-java/issues/733 (all transports answered ExtendedAgentCardNotConfigured although the card declares extendedAgentCard false), fixed by https://github.com/a2aproject/a2a-java/pull/736",
 "with capabilities.extendedAgentCard false GetExtendedAgentCard MUST fail with UnsupportedOperationError (AUTH-005, 1.0 §3.3.4): on HTTP+JSON reason UNSUPPORTED_OPERATION (ERR-002, ERR-003), not EXTENDED_AGENT_CARD_NOT_CONFIGURED; judged as REST-ERROR-001 like the other HTTP+JSON errors that do not fit the situation")

case("f109-legal-v10-rest-extended-card-unsupported-501", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_noext),
    req(0.1, "GET", A + "/extendedAgentCard", ver="1.0", hdr={"authorization": "Bearer [REDACTED]"}),
    resp(0.104, 501, {"error": {"code": 501, "status": "UNIMPLEMENTED", "message": "Extended agent card is not supported", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}}),
], [],
 "https://github.com/a2aproject/a2a-java/pull/736 (capability false: UnsupportedOperationError as 501/UNIMPLEMENTED on HTTP+JSON)",
 "UnsupportedOperationError is the right error (AUTH-005); 501 UNIMPLEMENTED is its 1.0.0 mapping, 1.0.1 moved it to 400 FAILED_PRECONDITION (ERR-002 table, DIGEST trap 2): both are accepted")

# --- history contents ------------------------------------------------------------------------
case("f104-legal-v03-history-current-turn-only", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("convert 10 USD")})),
    resp(0.004, 200, ok(1, task03("t-y1", "c-y1", "input-required", history=[umsg03("convert 10 USD", taskId="t-y1", contextId="c-y1"), amsg03("to which currency?", taskId="t-y1", contextId="c-y1")]))),
    req(0.5, "POST", A + "/", rpc(2, "message/send", {"message": umsg03("EUR", mid="msg-0002", taskId="t-y1", contextId="c-y1")})),
    resp(0.504, 200, ok(2, task03("t-y1", "c-y1", "completed", history=[umsg03("EUR", mid="msg-0002", taskId="t-y1", contextId="c-y1"), amsg03("9.2 EUR", mid="msg-a002", taskId="t-y1", contextId="c-y1")]))),
], [],
 "https://github.com/a2aproject/a2a-js/issues/136 (Task.history only holds the current turn: user1/agent1 vanish on the second message)",
 "an unset historyLength returns the server's default amount of history (DATA-006, 1.0 §3.2.4) and N means at most N: no version says how much the default is, so a history holding only the last turn is legal (odd, and the SDK called it a bug)")

case("f105-v03-history-message-other-context", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("hello")})),
    resp(0.004, 200, ok(1, task03("t-x1", "c-task", "completed", history=[umsg03("hello", taskId="t-x1", contextId="c-msg"), amsg03("hi there", taskId="t-x1", contextId="c-task")]))),
], [("task-message-ids-mismatch", "warning")],
 "https://github.com/a2aproject/a2a-js/issues/41 (_createRequestContext minted one contextId for the task and another for the incoming message, which went into history; maintainer: a bug)",
 "a task's contextId never changes and the messages of its history and status carry the task's own ids (ID-006, ID-004): a history message in context c-msg inside task t-x1 of context c-task sends a client that files messages by context to a conversation that does not exist")

case("f106-v10-status-message-other-task", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a table")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-w1", "c-w1", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("for how many people?", taskId="t-w0", contextId="c-w1")})})),
], [("task-message-ids-mismatch", "warning")],
 "https://github.com/a2aproject/a2a-js/issues/41 (ids stamped on a message differ from its task's), 1.0 form on status.message",
 "status.message belongs to its task: its taskId and contextId, when set, are the task's (ID-004, ID-006); a client that answers the question with taskId t-w0 reaches no task")

# --- 1.0 file part, client side ------------------------------------------------------------------
case("f107-v10-client-nested-file-part", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": {"messageId": "msg-0001", "role": "ROLE_USER", "parts": [{"file": {"name": "test.txt", "mediaType": "text/plain", "fileWithUri": "https://files.example.test/test.txt"}}]}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"message": amsg10("got it", contextId="c-v1")})),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-tck/issues/144 (the TCK sent the 0.3 {file:{...}} part to 1.0 agents)",
 "a 1.0 Part is exactly one of text|raw|url|data with filename/mediaType beside it (DATA-004, A2A PR #1411); the nested 0.3 file object decodes as an empty part on 1.0 agents")

# --- part payload encodings and roles ---------------------------------------------------------
case("f110-v03-client-file-bytes-plain-text", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": {"kind": "message", "messageId": "msg-0001", "role": "user", "parts": [{"kind": "text", "text": "run this"}, {"kind": "file", "file": {"name": "hello.py", "mimeType": "text/x-python", "bytes": "print('hello world')"}}]}})),
    resp(0.004, 200, ok(1, task03("t-b1", "c-b1", "completed"))),
], [("request-message-invalid-shape", "error")],
 "https://github.com/pydantic/pydantic-ai/pull/4247 (fixes #4176: fasta2a read FileWithBytes.bytes as plain text, and its tests sent plain text there)",
 "0.x FileWithBytes.bytes is base64-encoded content (0.3 schema, DATA-004); plain text there is decoded to garbage or refused by every spec-following agent")

case("f111-v10-agent-message-role-unspecified", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"message": {"messageId": "msg-a001", "contextId": "c-r1", "role": "ROLE_UNSPECIFIED", "parts": [{"text": "hello"}]}})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-java/pull/662 (a missing role is mapped to ROLE_UNSPECIFIED and serialised); https://github.com/a2aproject/A2A/issues/1318 (maintainer: ROLE_UNSPECIFIED is a protobuf artifact, not a role)",
 "Message.role is REQUIRED (1.0 proto, DATA-005); ROLE_UNSPECIFIED is the enum's unset default, so the reply has no sender and clients that file agent replies by role drop it")

# --- stream bodies and stream errors -------------------------------------------------------------
case("f112-v10-stream-error-bare-json-under-sse", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-e1", "c-e1", "TASK_STATE_WORKING")})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-e1"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, json.dumps(err(2, -32004, "streaming is not enabled for this agent")), ctype="text/event-stream"),
], [("stream-not-event-stream", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/197 (a response declaring text/event-stream whose body is not SSE ends as an empty, successful stream); https://github.com/a2aproject/a2a-rs/issues/134",
 "a streaming reply is text/event-stream with each data: line one JSON-RPC response (RPC-005); a bare JSON-RPC error under that media type has no data: line, so every SSE client reads zero events and the error is lost. Send it as application/json before the stream starts, or as a data: event")

case("f113-legal-v10-rest-stream-error-event", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("summarise")}, ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse({"task": task10("t-e2", "c-e2", "TASK_STATE_WORKING")})),
    chunk(0.4, sse({"error": {"code": 503, "status": "UNAVAILABLE", "message": "model backend unavailable"}})),
    chunk(0.41, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/1262 (open: how an HTTP+JSON stream reports an error is not specified; JSON-RPC sends a data: line with the error)",
 "1.0 §11.7 defines no error event for HTTP+JSON streams; an AIP-193 {error} object as the last event, mirroring the JSON-RPC binding, is the reading the open issue proposes. Spec silent: legal, and the stream's end after it is not judged")

case("f114-legal-v03-stream-error-http-code", [
    req(0.0, "POST", A + "/a2a/my-agent", rpc(1, "message/stream", {"message": umsg03("long job")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.8, sse(err(1, 502, "Bad Gateway"))),
    chunk(0.81, "", close="eof"),
], [],
 "https://github.com/BerriAI/litellm/pull/29566 (review: the gateway put the upstream HTTP status into error.code of the SSE error)",
 "odd but legal: JSON-RPC 2.0 §5.1 leaves every code outside -32768..-32000 to the application, and 0.x A2A errors do not forbid other codes (ERR-001); the envelope and id are right")

case("f115-legal-v10-stream-closed-at-auth-required", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("read my calendar")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"task": task10("t-a1", "c-a1", "TASK_STATE_WORKING")}))),
    chunk(0.2, sse(ok(1, {"statusUpdate": {"taskId": "t-a1", "contextId": "c-a1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS, "message": amsg10("sign in to the calendar first", taskId="t-a1", contextId="c-a1")}}}))),
    chunk(0.21, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-js/pull/523 (the JS server closed streams at AUTH_REQUIRED like at INPUT_REQUIRED)",
 "§7.6.1 asks (SHOULD) to keep the stream open in AUTH_REQUIRED, §11.7 lets a stream close at any interrupted state (DIGEST trap 4, STREAM-007): the texts disagree, so closing here is legal")

# --- error codes the agent's own message names -------------------------------------------------
case("f116-v10-list-tasks-bad-page-token-internal-error", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"pageSize": 10, "pageToken": "not-a-cursor"}), ver="1.0"),
    resp(0.004, 200, err(1, -32603, "Internal error: Invalid page token: not-a-cursor")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/a2aproject/a2a-python/pull/814 (malformed or invalid pagination tokens raised a generic ValueError, answered -32603, instead of InvalidParamsError)",
 "a page token the client sent is request input: a bad one is refused with -32602 InvalidParamsError (ERR-006: validate input first); -32603 tells the client the agent broke and invites a retry of the same token")

case("f117-v10-unsupported-output-mode-invalid-params", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("draw the chart"), "configuration": {"acceptedOutputModes": ["image/png"]}}), ver="1.0"),
    resp(0.004, 200, err(1, -32602, "Unsupported output mode: image/png (agent produces text/plain)")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/270 (ContentTypeNotSupportedError was never constructed: media-type refusals came back as generic errors; ACTS CORE-SEND-004)",
 "a media type the agent cannot give or take is ContentTypeNotSupportedError -32005 (ERR-002, 1.0 §3.3.2); -32602 makes clients fix their parameters instead of their acceptedOutputModes")

# --- legal but odd client and agent habits -------------------------------------------------------
case("f118-legal-v10-reference-task-ids-instead-of-task-id", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a table for tonight")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-i1", "c-i1", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("for how many people?", taskId="t-i1", contextId="c-i1")})})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("four", mid="msg-0002", contextId="c-i1", referenceTaskIds=["t-i1"])}), ver="1.0"),
    resp(0.504, 200, ok(2, {"task": task10("t-i2", "c-i1", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("four what? please tell me what to book", mid="msg-a002", taskId="t-i2", contextId="c-i1")})})),
], [],
 "https://github.com/microsoft/agent-framework/issues/5417 / https://github.com/microsoft/agent-framework/pull/5465 (A2AAgent put the session's task id into referenceTaskIds instead of taskId, so follow-ups never reached the waiting task)",
 "referenceTaskIds is a context hint (1.0 proto Message.reference_task_ids) and a message with contextId but no taskId starts a new task in that context (ID-008): every message on the wire is legal; the fault is the client's intent, which the traffic cannot show. Silent")

case("f119-legal-v03-final-at-input-required", [
    req(0.0, "POST", A + "/", rpc(1, "message/stream", {"message": umsg03("convert 10 USD")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, task03("t-n1", "c-n1", "submitted")))),
    chunk(0.1, sse(ok(1, {"kind": "status-update", "taskId": "t-n1", "contextId": "c-n1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(0.2, sse(ok(1, {"kind": "status-update", "taskId": "t-n1", "contextId": "c-n1", "status": {"state": "input-required", "timestamp": TS, "message": amsg03("to which currency?", taskId="t-n1", contextId="c-n1")}, "final": True}))),
    chunk(0.21, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/373 (tutorial agent ends the SSE cycle with final=True at INPUT_REQUIRED; the issue is the server's stale get_task, not the stream)",
 "0.x final:true marks the last event of the cycle at a terminal state or at input-required (STREAM-008, 0.2.0 §7.2.2); the stream then closes: legal")

# --- push config ids on create ---------------------------------------------------------------------
def pcreate(i, url, tid="t-p1"):
    return req(0.1 * i, "POST", A + "/a2a", rpc(i, "CreateTaskPushNotificationConfig", {"taskId": tid, "url": url}), ver="1.0")
def pcfg(i, url, cid, tid="t-p1"):
    return resp(0.1 * i + 0.004, 200, ok(i, {"id": cid, "taskId": tid, "url": url}))
case("f120-v10-push-config-create-overwrites", [
    req(0.0, "POST", A + "/a2a", rpc(0, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(0, {"task": task10("t-p1", "c-p1", "TASK_STATE_WORKING")})),
    pcreate(1, "https://hooks.example.test/audit"), pcfg(1, "https://hooks.example.test/audit", "t-p1"),
    pcreate(2, "https://hooks.example.test/pager"), pcfg(2, "https://hooks.example.test/pager", "t-p1"),
], [("push-config-replaced-on-create", "error")],
 "https://github.com/a2aproject/a2a-js/issues/541 / https://github.com/a2aproject/a2a-js/pull/543 (the store's id ||= taskId fallback made every id-less create a destructive upsert); https://github.com/a2aproject/a2a-java/pull/1092",
 "Create assigns the config its id and the config lives until the task ends or it is deleted (PUSH-003, 1.0 §3.1.7); a second id-less create answered with the first config's id (the task id) has overwritten it, so the audit webhook silently stops receiving notifications")

case("f121-legal-v10-push-config-recreated-after-delete", [
    req(0.0, "POST", A + "/a2a", rpc(0, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(0, {"task": task10("t-p1", "c-p1", "TASK_STATE_WORKING")})),
    pcreate(1, "https://hooks.example.test/audit"), pcfg(1, "https://hooks.example.test/audit", "t-p1"),
    req(0.2, "POST", A + "/a2a", rpc(2, "DeleteTaskPushNotificationConfig", {"taskId": "t-p1", "id": "t-p1"}), ver="1.0"),
    resp(0.204, 200, ok(2, {})),
    pcreate(3, "https://hooks.example.test/pager"), pcfg(3, "https://hooks.example.test/pager", "t-p1"),
], [],
 "https://github.com/a2aproject/a2a-java/pull/1092 (an omitted config id defaults to the task id; a second id-less create is refused unless the first was deleted)",
 "a config id may be reused once its config is deleted (PUSH-003: Delete ends the config); a default id derived from the task is odd but legal when it overwrites nothing")

# --- ListTasks totalSize across pages --------------------------------------------------------------
case("f108-v10-list-tasks-total-size-after-paging", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"pageSize": 2}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [task10("t-3", "c-3", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z"), task10("t-2", "c-2", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")], "nextPageToken": "MTc3MjQ0NjEwMjAwMA==", "pageSize": 2, "totalSize": 2})),
    req(0.1, "POST", A + "/a2a", rpc(2, "ListTasks", {"pageSize": 2, "pageToken": "MTc3MjQ0NjEwMjAwMA=="}), ver="1.0"),
    resp(0.104, 200, ok(2, {"tasks": [task10("t-1", "c-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")], "nextPageToken": "", "pageSize": 2, "totalSize": 1})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/pull/383 (review: totalSize was computed after the pageToken filter and page cut, not before pagination)",
 "ListTasksResponse.total_size is the number of tasks available before pagination (1.0 proto, DATA-007): a page that announces a next page holds fewer tasks than the total, so totalSize equal to the page's own count with a nextPageToken is wrong")

from casewriter import write_cases
write_cases(cases, OUT)
