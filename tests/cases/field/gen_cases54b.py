"""Session-54 field cases of miner mine54b (f1150-...): same helpers and output format as gen_cases53.py.

Scope (round fifty-four, b): threads under github.com/a2aproject only (the spec repo and the
official SDKs, TCK and samples) that no round had cited, each URL grepped in FIELD-CASES.md
first: a terminal task rewritten to another state (a2aproject/a2a-java PR #1045), a stream
that sends its artifact and its terminal status twice (a2aproject/a2a-java #1082), the Java
enum's UNRECOGNIZED written as a task state (a2aproject/a2a-java PR #974), a 1.0 card whose
security scheme is written without its oneof member (a2aproject/a2a-java #945), a 0.3 card's
API-key scheme naming the proto's `location` for `in` (a2aproject/A2A #1172), a 0.3 message
whose parts travel as the gRPC proto's `content` (a2aproject/A2A #1083), a 1.0 send whose
message travels under the proto field name `request` (a2aproject/A2A #1230), a JSON-RPC
answer without `jsonrpc` (a2aproject/A2A #1369), a follow-up naming only the task answered in
another context (a2aproject/A2A #1249), and legal neighbours: the same follow-up answered in
the task's own context (A2A PR #1309), a synchronous agent whose tasks never pass WORKING
(a2aproject/a2a-tck #146), an SSE event whose JSON is split over several `data:` lines
(a2aproject/a2a-java #839), an interrupted task resumed to completion (a2a-java PR #1045's
allowed transitions).
`python3 gen_cases54b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}

# --- f1150: a COMPLETED task read back FAILED (a2a-java PR #1045)
S1045 = ("https://github.com/a2aproject/a2a-java/pull/1045 (fix: enforce task state-machine transitions and serialize cancels: "
         "'TaskManager.saveTaskEvent/process overwrote the persisted task status with whatever state the event carried, with no transition "
         "validation. A task in a terminal state (COMPLETED/FAILED/CANCELED/REJECTED) could be silently rewritten to a different state (e.g. "
         "COMPLETED -> SUBMITTED) by a late, stale, or malformed event'; review: 'Before this PR, it would silently overwrite COMPLETED with FAILED')")
JA = "https://java-agent.example.test"
case("f1150-v10-completed-task-read-back-failed", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JA + "/", rpc("ja-1", "SendMessage", {"message": umsg10("summarise the quarterly report", mid="m-ja-1")}), ver="1.0"),
    resp(1.1, 200, ok("ja-1", {"task": task10("t-ja-1", "c-ja-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z",
        artifacts=[art10("a-ja-1", "Revenue up 4 %.")])})),
    req(3.0, "POST", JA + "/", rpc("ja-2", "GetTask", {"id": "t-ja-1"}), ver="1.0"),
    resp(3.01, 200, ok("ja-2", task10("t-ja-1", "c-ja-1", "TASK_STATE_FAILED", ts="2026-03-02T10:15:02.000Z",
        artifacts=[art10("a-ja-1", "Revenue up 4 %.")]))),
], [("terminal-state-changed", "error")], S1045,
     "a task that reached a terminal state never changes state again (1.0 §4.1.3 TaskState, §3.1.1; TASK-001, TASK-008): the agent answered the blocking send COMPLETED with its artifact, then a late event from the executor's error path overwrote the stored status, so GetTask reads the same task back FAILED and a client that polls cannot tell which answer holds")

# --- f1151: a stream that sends the artifact and the COMPLETED status twice (a2a-java #1082)
S1082 = ("https://github.com/a2aproject/a2a-java/issues/1082 (agentEmitter.addArtifact(message) and agentEmitter.complete(message) trigger 2 "
         "events each: turn two, 'client agent sends the second message with the contextId and TaskId from the first turn. Server Agent does "
         "agentEmitter.addArtifact(Parts); agentEmitter.complete(message4); the client agent received twice taskArtifactUpdateEvent with the "
         "artifact, twice taskStatusUpdateEvent for TaskState.TASK_STATE_COMPLETED with message4')")
case("f1151-v10-stream-completed-sent-twice", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JA + "/", rpc("jb-1", "SendMessage", {"message": umsg10("book a table for two", mid="m-jb-1")}), ver="1.0"),
    resp(0.9, 200, ok("jb-1", {"task": task10("t-jb-1", "c-jb-1", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("Which evening?", mid="a-jb-1", taskId="t-jb-1", contextId="c-jb-1")})})),
    req(2.0, "POST", JA + "/", rpc("jb-2", "SendStreamingMessage", {"message": umsg10("Friday at eight", mid="m-jb-2", taskId="t-jb-1", contextId="c-jb-1")}), ver="1.0", accept=SSE),
    resp(2.01, 200, "", ctype=SSE),
    chunk(2.05, sse(ok("jb-2", {"task": task10("t-jb-1", "c-jb-1", "TASK_STATE_WORKING", ts="2026-03-02T10:15:02.000Z")}))),
    chunk(2.6, sse(ok("jb-2", {"artifactUpdate": {"taskId": "t-jb-1", "contextId": "c-jb-1", "artifact": art10("booking", "Table for two, Friday 20:00"), "lastChunk": True}}))),
    chunk(2.61, sse(ok("jb-2", {"artifactUpdate": {"taskId": "t-jb-1", "contextId": "c-jb-1", "artifact": art10("booking", "Table for two, Friday 20:00"), "lastChunk": True}}))),
    chunk(2.7, sse(ok("jb-2", su10("t-jb-1", "c-jb-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z", message=amsg10("Booked.", mid="a-jb-4", taskId="t-jb-1", contextId="c-jb-1"))))),
    chunk(2.71, sse(ok("jb-2", su10("t-jb-1", "c-jb-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z", message=amsg10("Booked.", mid="a-jb-4", taskId="t-jb-1", contextId="c-jb-1"))))),
    chunk(2.72, "", close="eof"),
], [("stream-event-after-terminal", "error"), ("artifact-chunk-after-last", "warning")], S1082,
     "a 1.0 stream ends with the task's terminal status: the server closes it after the status update that carries a terminal state (1.0 §3.1.2, §4.2.1; STREAM-002, TASK-001), so nothing follows TASK_STATE_COMPLETED; this agent's emitter enqueued each event twice on the second turn, and the client sees the artifact, then a second COMPLETED after the task had ended")

# --- f1152: a task state written as the Java enum's UNRECOGNIZED (a2a-java PR #974)
S974 = ("https://github.com/a2aproject/a2a-java/pull/974 (fix!: TaskState.UNRECOGNIZED is called TASK_STATE_UNSPECIFIED in spec; PR #660 had made "
        "the enum names the wire names: 'Use the protobuf names for the TaskState enums ... Rename UNKNOWN to UNRECOGNIZED ... the same textual "
        "representation for the task state on the wire and the DB')")
case("f1152-v10-task-state-unrecognized", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JA + "/", rpc("jc-1", "GetTask", {"id": "t-jc-legacy"}), ver="1.0"),
    resp(0.21, 200, ok("jc-1", task10("t-jc-legacy", "c-jc-1", "UNRECOGNIZED"))),
], [("task-state-invalid", "error")], S974,
     "a 1.0 TaskState is one of the TASK_STATE_* names of the proto (1.0 §4.1.3, §5.5 ProtoJSON enum names; DATA-001, TASK-008); UNRECOGNIZED is the Java protobuf runtime's placeholder for a value it could not read, not a state, and the SDK wrote it onto the wire for a task it had stored under an older state name")

# --- f1153: a 1.0 card whose OpenID Connect scheme lacks its oneof member (a2a-java #945)
S945 = ("https://github.com/a2aproject/a2a-java/issues/945 (AgentCard Producer generates wrong Agent Card Json: '\"securitySchemes\": {\"oidc\": "
        "{\"openIdConnectUrl\": \"https://keycloak.tst/realms/wanaku/.well-known/openid-configuration\", \"description\": \"OIDC authentication\"}}' "
        "'it should be \"oidc\": {\"openIdConnectSecurityScheme\": {\"openIdConnectUrl\": ...}}'; also 'tenant': null, 'signatures': null, 'url': null, "
        "'preferredTransport' in the card)")
QK = "https://quarkus-wanaku.example.test"
card945 = card10(QK + "/binance", securitySchemes={"oidc": {"openIdConnectUrl": "https://keycloak.example.test/realms/wanaku/.well-known/openid-configuration",
                                                              "description": "OIDC authentication"}},
                 securityRequirements=[{"schemes": {"oidc": {"list": []}}}])
case("f1153-v10-card-security-scheme-without-oneof-member", get_card(0.0, card945, QK + "/binance/.well-known/agent-card.json"),
     [("card-security-scheme-malformed", "error")], S945,
     "a 1.0 SecurityScheme is a oneof written as one member naming its kind, {\"openIdConnectSecurityScheme\": {\"openIdConnectUrl\": ...}} (1.0 §4.5 SecurityScheme, §5.5; CARD-003, AUTH-001); this card writes the OpenID Connect fields bare under the scheme's name, 0.3's layout without its `type`, so a 1.0 client finds no scheme it knows and cannot tell how to authenticate")

# --- f1154: a 0.3 card's API-key scheme naming `location` for `in` (A2A #1172)
S1172 = ("https://github.com/a2aproject/A2A/issues/1172 ([Bug]: APIKeySecurityScheme field name inconsistency between JSON schema and gRPC proto: "
         "'JSON Schema (a2a.json): Uses field name \"in\" (following OpenAPI 3.0 standard); gRPC Proto (a2a.proto): Uses field name \"location\"'; "
         "'Proto serializes to JSON as \"location\", violating the JSON schema')")
GP = "https://grpc-bridge.example.test"
case("f1154-v03-card-api-key-scheme-location", get_card(0.0, card03(GP + "/a2a", name="ledger",
        securitySchemes={"apiKey": {"type": "apiKey", "location": "header", "name": "X-API-Key"}}, security=[{"apiKey": []}]),
        GP + "/.well-known/agent-card.json"),
     [("card-security-scheme-malformed", "error")], S1172,
     "a 0.3 APIKeySecurityScheme names where the key goes in `in` (header, query or cookie), as OpenAPI does (0.3 §5.5 SecurityScheme, JSON schema required [in, name, type]; CARD-003, AUTH-001); a card written from the 0.3 gRPC proto calls it `location`, so a JSON-RPC client reading the card finds no `in` and cannot place the key")

# --- f1155: a 0.3 message whose parts travel as the proto's `content` (A2A #1083)
S1083 = ("https://github.com/a2aproject/A2A/issues/1083 ([Bug]: Inconsistent property name between gRPC and JSON-RPC in message object: 'The gRPC "
         "tab (generated from a2a.proto) specifies the name content: repeated Part content = 5; whereas the JSON-RPC tab (generated from types.ts) "
         "specifies the name parts'; maintainer: 'was a mistake and should be corrected in the next release')")
case("f1155-v03-send-message-content-not-parts", get_card(0.0, card03(GP + "/a2a", name="ledger"), GP + "/.well-known/agent-card.json") + [
    req(0.2, "POST", GP + "/a2a", rpc("gp-1", "message/send", {"message": {"kind": "message", "messageId": "m-gp-1", "role": "user",
        "content": [{"kind": "text", "text": "balance of account 42"}]}})),
    resp(0.21, 200, err("gp-1", -32602, "Invalid params", {"message.parts": "Field required"})),
], [("request-message-invalid-shape", "error")], S1083,
     "a 0.3 Message carries its content in `parts` (0.3 §6.4 Message, JSON schema required [kind, messageId, parts, role]; DATA-005); the client copied the 0.3 gRPC proto's field name `content`, so the JSON-RPC agent sees a message with no parts and refuses it")

# --- f1156: a 1.0 SendMessage whose message travels under the proto field name `request` (A2A #1230)
S1230 = ("https://github.com/a2aproject/A2A/issues/1230 ([Bug] Inconsistent field naming for Message type (request/msg/message): 'message "
         "SendMessageRequest { Message request = 1 [(google.api.field_behavior) = REQUIRED, json_name = \"message\"]; }' 'Field name: request, "
         "JSON name: message'; fixed by A2A PR #1302, which renamed the fields to message)")
PX = "https://proto-agent.example.test"
case("f1156-v10-send-message-under-request", get_card(0.0, card10(PX + "/a2a"), PX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", PX + "/a2a", rpc("px-1", "SendMessage", {"request": umsg10("translate 'good morning' to Welsh", mid="m-px-1")}), ver="1.0"),
    resp(0.21, 200, err("px-1", -32602, "Invalid params: message is required", ei("INVALID_ARGUMENT"))),
], [("request-message-invalid-shape", "error")], S1230,
     "a 1.0 SendMessageRequest names its message `message` in JSON (1.0 §3.1.1, §9.4, proto json_name; DATA-005, DATA-001); a client that serialized the draft proto with its field names wrote `request`, which a 1.0 agent does not read, so the send is refused as a request without a message")

# --- f1157: a JSON-RPC answer without the `jsonrpc` member (A2A #1369)
S1369 = ("https://github.com/a2aproject/A2A/issues/1369 ([Docs]: JavaScript SDK shows 'jsonrpc' as optional (should be required): 'TypeScript "
         "interfaces show jsonrpc?: \"2.0\" (optional) ... JSON-RPC 2.0 specification states it MUST be present and MUST be exactly \"2.0\"'; "
         "'Strict Validators Reject Requests')")
TSA = "https://ts-agent.example.test"
case("f1157-v03-response-without-jsonrpc-member", get_card(0.0, card03(TSA + "/", name="movie-agent"), TSA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", TSA + "/", rpc("ts-1", "message/send", {"message": umsg03("what is playing tonight?", mid="m-ts-1")})),
    resp(0.8, 200, {"id": "ts-1", "result": task03("t-ts-1", "c-ts-1", "completed",
        artifacts=[{"artifactId": "a-ts-1", "parts": [{"kind": "text", "text": "Three films at 20:00."}]}])}),
], [("jsonrpc-response-malformed", "error")], S1369,
     "every JSON-RPC 2.0 Response carries jsonrpc: \"2.0\" (JSON-RPC 2.0 §5; 0.3 §6.11, RPC-002); a server built on types that mark the member optional leaves it out, and a strict JSON-RPC client library refuses the answer as no response at all")

# --- f1158: a follow-up naming only its task answered in another context (A2A #1249)
S1249 = ("https://github.com/a2aproject/A2A/issues/1249 ([Bug]: Clarify contextId behavior when message is sent with taskId but without "
         "contextId: 'If a message is sent without a contextId but with a taskId, is the contextId implied?'; answered by A2A PR #1309: the "
         "agent infers the contextId from the task)")
CX = "https://ctx-agent.example.test"
case("f1158-v10-task-follow-up-answered-in-new-context", get_card(0.0, card10(CX + "/a2a"), CX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", CX + "/a2a", rpc("cx-1", "SendMessage", {"message": umsg10("plan a trip to Lisbon", mid="m-cx-1")}), ver="1.0"),
    resp(0.9, 200, ok("cx-1", {"task": task10("t-cx-1", "c-cx-1", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("For how many nights?", mid="a-cx-1", taskId="t-cx-1", contextId="c-cx-1")})})),
    req(2.0, "POST", CX + "/a2a", rpc("cx-2", "SendMessage", {"message": umsg10("four nights", mid="m-cx-2", taskId="t-cx-1")}), ver="1.0"),
    resp(2.9, 200, ok("cx-2", {"task": task10("t-cx-1", "c-cx-9f3e", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z",
        artifacts=[art10("a-cx-1", "Four nights in Lisbon, 12-16 May.")])})),
], [("context-id-not-inferred", "error")], S1249,
     "a task belongs to one context for its whole life (1.0 §3.4.1, §4.1.1 Task.contextId; ID-003, CTX-001): a follow-up that names the task but no contextId continues the task in its own context (A2A PR #1309), so the same task id answered under a fresh contextId splits the conversation's history in two")

# --- f1159 (legal): the same follow-up answered in the task's own context (A2A PR #1309)
S1309 = ("https://github.com/a2aproject/A2A/pull/1309 (fix(spec): Clarify contextId behavior when message is sent with taskId but without "
         "contextId; Fixes #1249)")
case("f1159-legal-v10-task-follow-up-without-context-id", get_card(0.0, card10(CX + "/a2a"), CX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", CX + "/a2a", rpc("cy-1", "SendMessage", {"message": umsg10("plan a trip to Porto", mid="m-cy-1")}), ver="1.0"),
    resp(0.9, 200, ok("cy-1", {"task": task10("t-cy-1", "c-cy-1", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("For how many nights?", mid="a-cy-1", taskId="t-cy-1", contextId="c-cy-1")})})),
    req(2.0, "POST", CX + "/a2a", rpc("cy-2", "SendMessage", {"message": umsg10("two nights", mid="m-cy-2", taskId="t-cy-1")}), ver="1.0"),
    resp(2.9, 200, ok("cy-2", {"task": task10("t-cy-1", "c-cy-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z",
        artifacts=[art10("a-cy-1", "Two nights in Porto, 3-5 June.")])})),
], [], S1309,
     "legal: a follow-up may name only the task; the agent infers the context from it and answers in the task's own contextId (1.0 §3.4.1; A2A PR #1309)")

# --- f1160 (legal): a synchronous agent whose tasks go straight from SUBMITTED to COMPLETED (a2a-tck #146)
S146 = ("https://github.com/a2aproject/a2a-tck/issues/146 (create_test_task helper requires WORKING state: 'If the SUT agent processes tasks "
        "synchronously (SUBMITTED -> COMPLETED in one shot), the task never passes through WORKING'; 'Synchronous agents are completely valid per "
        "spec. The spec says nothing about when a task must be in WORKING state.')")
SY = "https://sync-agent.example.test"
case("f1160-legal-v10-synchronous-task-never-working", get_card(0.0, card10(SY + "/a2a", capabilities={"streaming": False, "pushNotifications": False}),
        SY + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SY + "/a2a", rpc("sy-1", "SendMessage", {"message": umsg10("convert 20 EUR to GBP", mid="m-sy-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok("sy-1", {"task": task10("t-sy-1", "c-sy-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-sy-1", "17.10 GBP")])})),
    req(0.4, "POST", SY + "/a2a", rpc("sy-2", "GetTask", {"id": "t-sy-1"}), ver="1.0"),
    resp(0.41, 200, ok("sy-2", task10("t-sy-1", "c-sy-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-sy-1", "17.10 GBP")]))),
    req(0.6, "POST", SY + "/a2a", rpc("sy-3", "ListTasks", {"contextId": "c-sy-1"}), ver="1.0"),
    resp(0.61, 200, ok("sy-3", {"tasks": [task10("t-sy-1", "c-sy-1", "TASK_STATE_COMPLETED")],
        "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [], S146,
     "legal: no state is owed between SUBMITTED and a terminal one; an agent that finishes within the call answers COMPLETED even under returnImmediately (1.0 §3.2.2: the agent MAY return a task already in a terminal state), and reads and lists the task so (the list leaves artifacts out, as includeArtifacts was not set)")

# --- f1161 (legal): an SSE event whose JSON is split over several data: lines (a2a-java #839)
S839 = ("https://github.com/a2aproject/a2a-java/issues/839 (Improve SSE implementation: 'The current SSE implementation incorrectly dispatches "
        "each line starting with data: as a separate message. According to the SSE specification, multiple data: lines should be buffered and "
        "concatenated (with newlines) until an empty line is encountered ... This will cause JSON parsing failures for any multi-line payloads.')")
ML = "https://multiline-agent.example.test"
def sse_ml(obj):
    """One SSE event whose pretty-printed JSON goes out as one `data:` line per JSON line."""
    return "".join("data: " + l + "\n" for l in json.dumps(obj, indent=2).split("\n")) + "\n"
case("f1161-legal-v10-stream-event-multi-line-data", get_card(0.0, card10(ML + "/a2a"), ML + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ML + "/a2a", rpc("ml-1", "SendStreamingMessage", {"message": umsg10("write a haiku about rain", mid="m-ml-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse_ml(ok("ml-1", {"task": task10("t-ml-1", "c-ml-1", "TASK_STATE_WORKING")}))),
    chunk(1.2, sse_ml(ok("ml-1", {"artifactUpdate": {"taskId": "t-ml-1", "contextId": "c-ml-1", "artifact": art10("haiku", "Soft rain on the roof\nthe gutter hums its one note\nnight keeps the time slow"), "lastChunk": True}}))),
    chunk(1.3, sse_ml(ok("ml-1", su10("t-ml-1", "c-ml-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")))),
    chunk(1.31, "", close="eof"),
], [], S839,
     "legal: an SSE event may carry its data over several `data:` lines, which the client joins with newlines before it reads the JSON (WHATWG HTML §9.2.6; 1.0 §9.4.2 names SSE framing, not one line per event); a client that parses each data: line alone breaks on it, the agent does not")

# --- f1162 (legal): an interrupted task resumed and completed (a2a-java PR #1045's allowed transitions)
case("f1162-legal-v10-input-required-resumed-to-completed", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JA + "/", rpc("jd-1", "SendMessage", {"message": umsg10("order printer paper", mid="m-jd-1")}), ver="1.0"),
    resp(0.9, 200, ok("jd-1", {"task": task10("t-jd-1", "c-jd-1", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("A4 or Letter?", mid="a-jd-1", taskId="t-jd-1", contextId="c-jd-1")})})),
    req(2.0, "POST", JA + "/", rpc("jd-2", "SendMessage", {"message": umsg10("A4", mid="m-jd-2", taskId="t-jd-1", contextId="c-jd-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(2.1, 200, ok("jd-2", {"task": task10("t-jd-1", "c-jd-1", "TASK_STATE_WORKING", ts="2026-03-02T10:15:02.000Z")})),
    req(4.0, "POST", JA + "/", rpc("jd-3", "GetTask", {"id": "t-jd-1"}), ver="1.0"),
    resp(4.01, 200, ok("jd-3", task10("t-jd-1", "c-jd-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z", artifacts=[art10("order", "5 reams A4 ordered")]))),
    req(6.0, "POST", JA + "/", rpc("jd-4", "GetTask", {"id": "t-jd-1"}), ver="1.0"),
    resp(6.01, 200, ok("jd-4", task10("t-jd-1", "c-jd-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:03.000Z", artifacts=[art10("order", "5 reams A4 ordered")]))),
], [], S1045,
     "legal: an interrupted task moves on (INPUT_REQUIRED -> WORKING -> COMPLETED) and a terminal state read twice is the same state (1.0 §4.1.3; the transitions a2a-java PR #1045 keeps allowed)")

# --- f1163: a history trimmed for one read and written back to the stored task (a2a-dotnet #91)
S91 = ("https://github.com/a2aproject/a2a-dotnet/issues/91 (Bug: Trimming history augments *actual* task data: 'The task's history should just be "
       "trimmed for the client's request when historyLength is populated as part of the request for a task. The task itself shouldn't be changed. "
       "In the case where a user asks for historyLength = N, then historyLength = M where M > N, we'd lose data.')")
DN = "https://dotnet-agent.example.test"
H91 = [umsg03("convert 100 USD", mid="m-dn-1", taskId="t-dn-1", contextId="c-dn-1"),
       amsg03("To which currency?", mid="a-dn-1", taskId="t-dn-1", contextId="c-dn-1"),
       umsg03("to EUR", mid="m-dn-2", taskId="t-dn-1", contextId="c-dn-1"),
       amsg03("100 USD is 92.40 EUR.", mid="a-dn-2", taskId="t-dn-1", contextId="c-dn-1")]
ART91 = [{"artifactId": "a-dn-fx", "parts": [{"kind": "text", "text": "92.40 EUR"}]}]
case("f1163-v02-history-trim-written-back", get_card(0.0, card03(DN + "/", name="currency", protocolVersion="0.2.5"), DN + "/.well-known/agent.json") + [
    req(0.2, "POST", DN + "/", rpc("dn-1", "tasks/get", {"id": "t-dn-1", "historyLength": 10})),
    resp(0.21, 200, ok("dn-1", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91))),
    req(0.5, "POST", DN + "/", rpc("dn-2", "tasks/get", {"id": "t-dn-1", "historyLength": 1})),
    resp(0.51, 200, ok("dn-2", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91[3:]))),
    req(0.8, "POST", DN + "/", rpc("dn-3", "tasks/get", {"id": "t-dn-1", "historyLength": 10})),
    resp(0.81, 200, ok("dn-3", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91[3:]))),
], [("history-messages-lost", "warning")], S91,
     "historyLength limits what one answer carries, the N most recent messages (0.2 §7.3 TaskQueryParams.historyLength; DATA-006), and a task's history only grows (ID-006): the SDK trimmed the stored task itself for the historyLength 1 read, so the next read asking for 10 messages of a finished task that had returned 4 gets 1, and the conversation before the answer is gone")

# --- f1164 (legal): the same reads on a store that trims a copy (a2a-dotnet #91's fix)
case("f1164-legal-v02-history-trim-on-copy", get_card(0.0, card03(DN + "/", name="currency", protocolVersion="0.2.5"), DN + "/.well-known/agent.json") + [
    req(0.2, "POST", DN + "/", rpc("dn-4", "tasks/get", {"id": "t-dn-1", "historyLength": 10})),
    resp(0.21, 200, ok("dn-4", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91))),
    req(0.5, "POST", DN + "/", rpc("dn-5", "tasks/get", {"id": "t-dn-1", "historyLength": 1})),
    resp(0.51, 200, ok("dn-5", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91[3:]))),
    req(0.7, "POST", DN + "/", rpc("dn-6", "tasks/get", {"id": "t-dn-1", "historyLength": 2})),
    resp(0.71, 200, ok("dn-6", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91[2:]))),
    req(0.8, "POST", DN + "/", rpc("dn-7", "tasks/get", {"id": "t-dn-1", "historyLength": 10})),
    resp(0.81, 200, ok("dn-7", task03("t-dn-1", "c-dn-1", "completed", artifacts=ART91, history=H91))),
], [], S91,
     "legal: each read is trimmed to its own historyLength (1, then 2: fewer than an earlier read, as asked) and the store keeps the whole history, so historyLength 10 returns all four messages again (0.2 §7.3; DATA-006)")

# --- f1165 (legal): a read without historyLength answered with the server's shorter default
case("f1165-legal-v10-history-server-default-shorter", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JA + "/", rpc("je-1", "GetTask", {"id": "t-je-1", "historyLength": 4}), ver="1.0"),
    resp(0.21, 200, ok("je-1", task10("t-je-1", "c-je-1", "TASK_STATE_COMPLETED", history=[
        umsg10("q1", mid="m-je-1", taskId="t-je-1", contextId="c-je-1"), amsg10("r1", mid="a-je-1", taskId="t-je-1", contextId="c-je-1"),
        umsg10("q2", mid="m-je-2", taskId="t-je-1", contextId="c-je-1"), amsg10("r2", mid="a-je-2", taskId="t-je-1", contextId="c-je-1")]))),
    req(0.5, "POST", JA + "/", rpc("je-2", "GetTask", {"id": "t-je-1"}), ver="1.0"),
    resp(0.51, 200, ok("je-2", task10("t-je-1", "c-je-1", "TASK_STATE_COMPLETED", history=[
        umsg10("q2", mid="m-je-2", taskId="t-je-1", contextId="c-je-1"), amsg10("r2", mid="a-je-2", taskId="t-je-1", contextId="c-je-1")]))),
], [], S91,
     "legal: without historyLength the server applies its own default (1.0 §3.2.4: unset means the server's default), which may be shorter than an earlier explicit read; nothing says a message was lost")

# --- f1166 (legal): a 1.0 card that writes its unset members as null (a2a-java #945's Jackson card)
QN = "https://quarkus-github.example.test"
card945n = card10(QN + "/", iconUrl=None, provider=None, securitySchemes=None, securityRequirements=None, signatures=None,
                  additionalInterfaces=None, documentationUrl="https://quarkus-github.example.test/docs")
card945n["url"] = None
card945n["supportedInterfaces"][0]["tenant"] = None
card945n["skills"][0].update({"inputModes": None, "outputModes": None, "securityRequirements": None, "examples": None})
case("f1166-legal-v10-card-unset-members-null", get_card(0.0, card945n, QN + "/.well-known/agent-card.json") + [
    req(0.2, "POST", QN + "/", rpc("qn-1", "SendMessage", {"message": umsg10("list my open pull requests", mid="m-qn-1")}), ver="1.0"),
    resp(0.9, 200, ok("qn-1", {"message": amsg10("You have 2 open pull requests.", mid="a-qn-1", contextId="c-qn-1")})),
], [], S945,
     "legal: ProtoJSON reads null as a field's default (1.0 §5.5; DATA-003), so a card whose serializer writes every unset member as null (url, tenant, signatures, securitySchemes) says nothing more than one that leaves them out; the 1.0 card has no url member, and url: null is no url to judge")

write_cases(cases, OUT)
