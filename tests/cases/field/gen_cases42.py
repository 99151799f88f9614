"""Session-42 field cases of miner mine42 (f931-...): same helpers and output format as gen_cases41.py.

Scope (round forty-two): fix commits of the SDKs since their 1.0 releases (a2a-java 1.x,
a2a-js 1.0.x, a2a-dotnet 1.x, a2a-go 2.x) read from their git history: ListTasks result
shapes, Part oneof spellings, task streams that carry messages, REST stream errors, push
config call shapes and a synthesized card's null lists.
`python3 gen_cases42.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
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
def rest_err(code, status, msg, reason):
    return {"error": {"code": code, "status": status, "message": msg, "details": ei(reason)}}
PUSH = {"streaming": True, "pushNotifications": True}
HOOK = "https://hooks.example.test/a2a"
RA = "https://rest-agent.example.test"

# --- f931: ListTasks result whose tasks are wrapped as StreamResponse members (a2a-java #843/#998)
J998 = ("https://github.com/a2aproject/a2a-java/pull/998 (fix(jsonrpc): avoid wrapping tasks in list responses; fixes #843: the Gson type-hierarchy adapter "
        "for StreamingEventKind wrapped every Task of ListTasksResult as {\"task\":{...}})")
case("f931-v10-list-tasks-tasks-wrapped", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-843", "ListTasks", {"contextId": "c-843", "pageSize": 10}), ver="1.0"),
    resp(0.11, 200, ok("l-843", {"tasks": [{"task": task10("t-843a", "c-843", "TASK_STATE_COMPLETED")}, {"task": task10("t-843b", "c-843", "TASK_STATE_WORKING")}],
                                  "nextPageToken": "", "pageSize": 10, "totalSize": 2})),
], [("result-invalid-shape", "error")], J998,
     "ListTasksResponse.tasks is repeated Task (1.0 proto; DATA-007): each element is the Task itself; the {\"task\": ...} wrapper belongs to SendMessageResponse and StreamResponse only, so a client reads two tasks without id or status (RPC-004 kind: result shape)")

# --- f932: Part emitted with every oneof member, the unset ones as "" (a2a-java #1062)
J1062 = ("https://github.com/a2aproject/a2a-java/issues/1062 ; https://github.com/a2aproject/a2a-java/pull/1061 (a producer emitting every key of the flattened Part oneof, "
         "the unset ones as \"\": {\"text\": \"\", \"raw\": \"\", \"url\": \"\", \"data\": {...}}; the Java decoder took the first non-null key and lost the payload)")
case("f932-v10-part-every-oneof-member-empty-strings", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1062", "SendMessage", {"message": umsg10("what is the answer", mid="m-1062")}), ver="1.0"),
    resp(0.4, 200, ok("s-1062", {"task": task10("t-1062", "c-1062", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-1062", "parts": [{"text": "", "raw": "", "url": "", "data": {"answer": "42"}, "mediaType": "application/json"}]}])})),
], [("result-invalid-shape", "error")], J1062,
     "Part.content is a oneof (1.0 proto; DATA-004: exactly one of text, raw, url, data): an empty string is still a set member in ProtoJSON, so this part sets four; a decoder that takes the first key (a2a-java before #1061) reads an empty text and drops the data")

# --- f933: a message-only stream answer without contextId (a2a-java #995)
J995 = ("https://github.com/a2aproject/a2a-java/issues/995 ; https://github.com/a2aproject/a2a-java/commit/6a598233 (fix(server): preserve task ids for emitted messages: "
        "AgentEmitter sent an agent's existing Message without filling its taskId/contextId)")
case("f933-v10-stream-message-without-context-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-995", "SendStreamingMessage", {"message": umsg10("hello", mid="m-995", contextId="c-995")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-995", {"message": amsg10("Hi! How can I help?", mid="m-a995")}))),
    chunk(0.21, "", close="eof"),
], [("agent-message-without-context-id", "note")], J995,
     "an agent Message answering a send carries the conversation's contextId (ID-004; ID-002: an agent that accepts the client's contextId returns it), here the c-995 the client sent; without it the client's next message starts a new conversation. The 1.0 proto marks Message.contextId optional, so this stays a note")

# --- f934: CreateTaskPushNotificationConfig params wrapped in {taskId, config} (a2a-dotnet #416)
D416 = ("https://github.com/a2aproject/a2a-dotnet/issues/416 ; https://github.com/a2aproject/a2a-dotnet/commit/2a5966c (fix: align push notification JSON-RPC wire format with spec: "
        "the Create call sent CreateTaskPushNotificationConfigRequest {taskId, config} instead of the TaskPushNotificationConfig itself)")
case("f934-v10-create-push-config-params-wrapped", get_card(0.0, card10(A + "/a2a", capabilities=PUSH)) + [
    req(0.1, "POST", A + "/a2a", rpc("s-416", "SendMessage", {"message": umsg10("render the report", mid="m-416"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-416", {"task": task10("t-416", "c-416", "TASK_STATE_SUBMITTED")})),
    req(0.3, "POST", A + "/a2a", rpc("p-416", "CreateTaskPushNotificationConfig", {"taskId": "t-416", "config": {"id": "pc-416", "url": HOOK, "token": "tok-416"}}), ver="1.0"),
    resp(0.31, 200, ok("p-416", {"id": "pc-416", "taskId": "t-416", "url": HOOK, "token": "tok-416"})),
], [("push-config-request-without-url", "error"), ("request-param-invalid-accepted", "error")], D416,
     "1.0 CreateTaskPushNotificationConfig takes the TaskPushNotificationConfig itself as params {taskId, url, id?, token?, authentication?} (1.0 proto; PUSH-002: url required); a {taskId, config:{...}} wrapper (the draft CreateTaskPushNotificationConfigRequest) leaves url unset for any other SDK")

# --- f935: DeleteTaskPushNotificationConfig answered with "result": null (a2a-dotnet #429)
D429 = ("https://github.com/a2aproject/a2a-dotnet/issues/429 ; https://github.com/a2aproject/a2a-dotnet/pull/433 (Fix DeleteTaskPushNotificationConfigAsync throwing on valid null result: "
        "the client rejected the null-result success response its own server sends)")
case("f935-v10-delete-push-config-null-result", get_card(0.0, card10(A + "/a2a", capabilities=PUSH)) + [
    req(0.1, "POST", A + "/a2a", rpc("s-429", "SendMessage", {"message": umsg10("render the report", mid="m-429"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"id": "pc-429", "url": HOOK}}}), ver="1.0"),
    resp(0.2, 200, ok("s-429", {"task": task10("t-429", "c-429", "TASK_STATE_SUBMITTED")})),
    req(0.3, "POST", A + "/a2a", rpc("d-429", "DeleteTaskPushNotificationConfig", {"taskId": "t-429", "id": "pc-429"}), ver="1.0"),
    resp(0.31, 200, ok("d-429", None)),
], [("version-mixed-payload", "warning")], D429,
     "1.0 DeleteTaskPushNotificationConfig answers google.protobuf.Empty (1.0 proto), whose ProtoJSON is {}; \"result\": null is the 0.3 tasks/pushNotificationConfig/delete result. A ProtoJSON decoder of the result (a2a-python's ParseDict) refuses null for a message, and a2a-dotnet's own client threw on it until #433: a warning, since the operation succeeded and the spec shows no JSON-RPC example")
# --- f936: HTTP+JSON stream failure written as the JSON-RPC error object (a2a-dotnet d9208f9)
D50 = ("https://github.com/a2aproject/a2a-dotnet/commit/d9208f9 (fix: align REST message validation and SSE error format with JSON-RPC: the HTTP+JSON stream's "
       "error event became {\"error\":{\"code\":-32603,\"message\":...,\"data\":[ErrorInfo]}}, the JSON-RPC error object, \"so clients get consistent errors across transports\")")
RA2 = "https://dotnet-agent.example.test"
case("f936-v10-rest-stream-error-jsonrpc-form", get_card(0.0, card10(RA2, "HTTP+JSON"), RA2 + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA2 + "/message:stream", {"message": umsg10("summarise the quarter", mid="m-b50")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse({"task": task10("t-b50", "c-b50", "TASK_STATE_WORKING")})),
    chunk(0.3, sse({"error": {"code": -32603, "message": "An internal error occurred during streaming."}})),
    chunk(0.31, "", close="eof"),
], [("rest-error-shape", "error"), ("stream-cut-by-error-before-terminal", "error")], D50,
     "an HTTP+JSON error is a google.rpc.Status {code: <HTTP status>, status, message, details} (ERR-003, 1.0 §11.6); the JSON-RPC error object (code -32603, no status) is the other binding's, and a REST client maps neither its code nor a reason from it (BIND-001: one error mapping per binding). The failure also cuts the task stream while the task is WORKING (STREAM-003: close at the terminal state; send the FAILED status instead)")

# --- f937: 1.0 timestamp with a UTC offset (a2a-js 6ddd29be)
J6dd = ("https://github.com/a2aproject/a2a-js/commit/6ddd29be (fix(types): validate RFC 3339 timestamp and normalize to UTC in codecs: "
        "offset timestamps passed through unnormalised)")
case("f937-v10-status-timestamp-with-offset", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6dd", "SendMessage", {"message": umsg10("convert the invoice", mid="m-6dd")}), ver="1.0"),
    resp(0.3, 200, ok("s-6dd", {"task": task10("t-6dd", "c-6dd", "TASK_STATE_COMPLETED", ts="2026-03-02T11:15:00.000+01:00")})),
], [("timestamp-not-utc", "warning")], J6dd,
     "1.0 timestamps are ISO 8601 in UTC with the Z designator (DATA-002, 1.0 §5.6.1; a ProtoJSON writer always emits Z); +01:00 is a form ProtoJSON parsers accept, hence a warning, but a 1.0 producer does not write it")

# --- f938: push config token with CR LF accepted (a2a-java #1053, CWE-113)
J1053 = ("https://github.com/a2aproject/a2a-java/pull/1053 (fix(server-common): reject CR/LF in push notification headers (CWE-113): the config's token and "
         "authentication credentials were concatenated into the X-A2A-Notification-Token and Authorization headers of each webhook call)")
case("f938-v10-push-config-token-crlf-accepted", get_card(0.0, card10(A + "/a2a", capabilities=PUSH)) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1053", "SendMessage", {"message": umsg10("render the report", mid="m-1053"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-1053", {"task": task10("t-1053", "c-1053", "TASK_STATE_SUBMITTED")})),
    req(0.3, "POST", A + "/a2a", rpc("p-1053", "CreateTaskPushNotificationConfig", {"taskId": "t-1053", "url": HOOK, "token": "token\r\nX-Injected: 1"}), ver="1.0"),
    resp(0.31, 200, ok("p-1053", {"id": "pc-1053", "taskId": "t-1053", "url": HOOK, "token": "token\r\nX-Injected: 1"})),
], [("push-config-header-value-control-chars-accepted", "warning")], J1053,
     "the config's token and authentication become header values of every webhook call (1.0 §4.3.3: Authorization: {scheme} {credentials}; PUSH-004, PUSH-005), and an HTTP field value holds no CR, LF or NUL (RFC 9110 §5.5): stored as is, the token either injects a header of the client's choosing into the agent's webhook calls or fails every notification; the agent validates input when it is set (ERR-006) and refuses it with -32602")

# --- f939: extended card advertised, answered UnsupportedOperationError (a2a-rs #204)
RS204 = ("https://github.com/a2aproject/a2a-rs/issues/204 ; https://github.com/a2aproject/a2a-rs/pull/212 (DefaultRequestHandler answered every GetExtendedAgentCard "
         "with UnsupportedOperationError \"extended agent card not configured\" while the public card advertised extendedAgentCard: true)")
SEC = dict(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
BEARER = {"authorization": "Bearer tok-reader"}
case("f939-v10-extended-card-advertised-unsupported-operation", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "extendedAgentCard": True}, **SEC)) + [
    req(0.1, "POST", A + "/a2a", rpc("x-204", "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.2, 200, err("x-204", -32004, "extended agent card not configured", ei("UNSUPPORTED_OPERATION"))),
], [("jsonrpc-error-code-mismatch", "error")], RS204,
     "a card with capabilities.extendedAgentCard true supports GetExtendedAgentCard (AUTH-005, 1.0 §3.3.4): an agent with no extended card configured answers -32007 ExtendedAgentCardNotConfiguredError; -32004 tells the client the operation does not exist, which contradicts the card")

# --- f940: extended card not advertised, answered ExtendedAgentCardNotConfiguredError (Agents-for-net #994)
M994 = ("https://github.com/microsoft/Agents-for-net/pull/994 ; https://github.com/a2aproject/a2a-dotnet/pull/475 (TCK CORE-CAP-003: \"Expected error code -32004 "
        "(UnsupportedOperationError), got -32007\" from an agent whose card does not advertise the extended card)")
case("f940-v10-extended-card-not-advertised-not-configured", get_card(0.0, card10(A + "/a2a", **SEC)) + [
    req(0.1, "POST", A + "/a2a", rpc("x-994", "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.2, 200, err("x-994", -32007, "Extended agent card not configured", ei("EXTENDED_AGENT_CARD_NOT_CONFIGURED"))),
], [("jsonrpc-error-code-mismatch", "error")], M994,
     "capabilities.extendedAgentCard false or absent: GetExtendedAgentCard MUST return UnsupportedOperationError (-32004; AUTH-005, 1.0 §3.3.4); -32007 is for an agent that declares the capability and has no card configured")

# --- f941: HTTP+JSON routes served under /v1 while the card advertises the bare URL (opencode-a2a #496)
OC = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/496 ; https://github.com/Intelligent-Internet/opencode-a2a/pull/498 (the server hard-coded /v1/... "
      "HTTP+JSON routes while its card advertised the bare public URL: @a2a-js/sdk resolved /message:send against it and got 404)")
OA = "https://opencode.example.test"
case("f941-v10-rest-routes-under-v1-card-bare-url", get_card(0.0, card10(OA, "HTTP+JSON"), OA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OA + "/message:send", {"message": umsg10("open the repo", mid="m-496")}, ver="1.0", ctype=A2AJ),
    resp(0.2, 404, {"detail": "Not Found"}),
], [("card-url-unreachable", "error")], OC,
     "AgentInterface.url is the base the HTTP+JSON routes are resolved against (CARD-005, 1.0 §8.3.1; REST-001: POST /message:send with no version prefix in 1.0); a 404 there means the card names an interface the agent does not serve")

# --- f942: a task state written as its enum number (a2a-js 40800de5)
J408 = ("https://github.com/a2aproject/a2a-js/commit/40800de5 (fix(types): preserve unknown enum integer values in codecs: integer enum values on the wire were "
        "mapped to UNRECOGNIZED/-1)")
case("f942-v10-task-state-enum-number", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-408", "SendMessage", {"message": umsg10("convert the invoice", mid="m-408")}), ver="1.0"),
    resp(0.3, 200, ok("s-408", {"task": {"id": "t-408", "contextId": "c-408", "status": {"state": 3, "timestamp": TS}}})),
], [("result-invalid-shape", "error")], J408,
     "1.0 JSON writes enums as their proto names (DATA-001, 1.0 §5.5: TASK_STATE_COMPLETED); a ProtoJSON parser accepts the number 3, but clients that read the name (the SDKs' TaskState checks) see no known state")

# --- f943: a 1.0 send configuration with the 0.3 member blocking (a2a-java #722)
J722 = ("https://github.com/a2aproject/a2a-java/pull/722 (fix!: Rename `blocking` to `returnImmediately` in SendMessageConfiguration: the 1.0 client still sent "
        "configuration.blocking)")
case("f943-v10-send-configuration-blocking", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-722", "SendMessage", {"message": umsg10("render the report", mid="m-722"), "configuration": {"blocking": False}}), ver="1.0"),
    resp(0.3, 200, ok("s-722", {"task": task10("t-722", "c-722", "TASK_STATE_COMPLETED")})),
], [("client-version-mixed-request", "warning")], J722,
     "1.0 SendMessageConfiguration has returnImmediately (default false: wait), not the 0.3 blocking (DIGEST trap 8: inverted); a 1.0 agent ignores the unknown member (DATA-003) and waits, so the client that asked not to block is blocked")

# --- f944: a part written as ts-proto's in-memory oneof, refused with -32602 (A2A #2087)
A2087 = ("https://github.com/a2aproject/A2A/issues/2087 (a wire-shape harness on a2a-itk: a Part {\"content\": {\"$case\": \"data\", \"value\": {...}}} refused with -32602 "
         "'has no field named \"content\"'; a part with an unknown field beside a valid arm refused the same way)")
def send_parts(rid, parts, answer):
    return [req(0.1, "POST", A + "/a2a", rpc(rid, "SendMessage", {"message": {"messageId": "m-" + rid, "role": "ROLE_USER", "parts": parts}}), ver="1.0"),
            resp(0.2, 200, answer)]
PYERR = "Message type \"lf.a2a.v1.Part\" has no field named \"%s\" at \"SendMessageRequest.message.parts[0]\". Available Fields(except extensions): \"['text', 'raw', 'url', 'data', 'metadata', 'filename', 'mediaType']\"."
case("f944-v10-part-ts-proto-oneof-refused", get_card(0.0, card10(A + "/a2a")) + send_parts("s-2087a", [{"content": {"$case": "data", "value": {"ok": True}}}],
        err("s-2087a", -32602, PYERR % "content")),
     [("request-message-invalid-shape", "error")], A2087,
     "the client wrote ts-proto's in-memory oneof {$case, value} as the Part: the part sets none of text, raw, url, data (DATA-004), so the -32602 is right although its words name the unknown field content; only the client is at fault")

# --- f945: a part with two content members accepted (a2a-js #643)
J643 = ("https://github.com/a2aproject/a2a-js/issues/643 ; https://github.com/a2aproject/a2a-js/pull/654 (multiple content oneof arms silently accepted: Part.fromJSON kept text "
        "and dropped url, where a2a-python's ParseDict refuses 'multiple \"content\" oneof fields')")
case("f945-v10-part-two-content-members-accepted", get_card(0.0, card10(A + "/a2a")) + send_parts("s-643", [{"text": "hello", "url": "https://files.example.test/x"}],
        ok("s-643", {"task": task10("t-643", "c-643", "TASK_STATE_COMPLETED")})),
     [("request-message-invalid-shape", "error"), ("request-param-invalid-accepted", "error")], J643,
     "Part.content is a oneof (DATA-004: exactly one of text, raw, url, data): the client's part sets two, and the agent worked on one of them instead of refusing the request with -32602 (ERR-006: validate input first), so the url was dropped without a word")

# --- f946: HTTP+JSON push config Create answered 201 Created (a2a-js 03246365) -- legal
J032 = ("https://github.com/a2aproject/a2a-js/commit/03246365 (Fix rest transport status code: CreateTaskPushNotificationConfig on HTTP+JSON answered 201 Created, "
        "changed to 200 to match the other SDKs in the ITK)")
case("f946-legal-v10-rest-create-push-config-201", get_card(0.0, card10(RA, "HTTP+JSON", capabilities=PUSH), RA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("render the report", mid="m-032"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.2, 200, {"task": task10("t-032", "c-032", "TASK_STATE_SUBMITTED")}, ctype=A2AJ),
    req(0.3, "POST", RA + "/tasks/t-032/pushNotificationConfigs", {"url": HOOK}, ver="1.0", ctype=A2AJ),
    resp(0.31, 201, {"id": "pc-032", "taskId": "t-032", "url": HOOK}, ctype=A2AJ),
], [], J032,
     "legal: 201 Created is a success status for a POST that creates a resource (RFC 9110 §15.3.2), and the body is the created TaskPushNotificationConfig with its id (PUSH-003); the spec names no success status for HTTP+JSON beyond the body, so a client that accepts only 200 is the one at fault")

# --- f947: a part with an unknown member beside a valid arm refused (A2A #2087)
case("f947-v10-part-unknown-member-refused", get_card(0.0, card10(A + "/a2a")) + send_parts("s-2087b", [{"text": "hi", "unknownFieldXyz": 1}],
        err("s-2087b", -32602, PYERR % "unknownFieldXyz")),
     [("unknown-request-field-rejected", "warning")], A2087,
     "the part sets text, its one content member, and an unknown member besides: 1.0 agents SHOULD ignore unknown fields (DATA-003, 1.0 §5.7), and a2a-python's strict ParseDict refuses the whole request for it")


write_cases(cases, OUT)
