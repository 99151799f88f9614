"""Session-7 field cases (f62-...): same helpers and output format as gen_cases.py.

`python3 gen_cases7.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

CARD03 = {"protocolVersion": "0.3.0", "name": "Helper", "description": "Answers questions", "url": A + "/", "preferredTransport": "JSONRPC", "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}

# --- JSON-RPC id echo -------------------------------------------------------------
case("f62-v03-numeric-id-echoed-as-string", [
    req(0.0, "POST", A + "/", rpc(7, "message/send", {"message": umsg03("hi")})),
    resp(0.004, 200, {"jsonrpc": "2.0", "id": "7", "result": amsg03("hello", contextId="c-n1")}),
], [("jsonrpc-id-mismatch", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/113 (a numeric request id comes back as a string)",
 "the response id MUST be the request id, same type and value (RPC-002, JSON-RPC 2.0 §5); clients that key pending calls by 7 never match \"7\"")

case("f63-v03-gateway-integer-id-500", [
    req(0.0, "POST", A + "/a2a/my-agent", rpc(42, "message/send", {"message": umsg03("hi")})),
    resp(0.004, 500, {"error": {"code": -32603, "message": "Internal error: 1 validation error for LiteLLMSendMessageResponse\nid\n  Input should be a valid string"}}),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/BerriAI/litellm/pull/37704 (gateway's A2A response model required a string id: integer ids got HTTP 500)",
 "the gateway answered a valid JSON-RPC call (integer id, JSON-RPC 2.0 §4) with an error object without jsonrpc and id (RPC-001, RPC-002); a JSON-RPC client cannot correlate it")

# --- subscribe / resubscribe to a terminal task ----------------------------------------
done10 = task10("t-d1", "c-d1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1", "parts": [{"text": "done"}]}])
case("f64-v10-subscribe-terminal-task-not-found", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("quick job")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": done10})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-d1"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, err(2, -32001, "Task not found: t-d1")),
], [("subscribe-terminal-task-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/269 / https://github.com/a2aproject/a2a-rs/pull/277 (ACTS STREAM-SUB-003)",
 "the task was seen COMPLETED; SubscribeToTask on a terminal task MUST fail with -32004 UnsupportedOperationError (TASK-004); -32001 says the agent forgot a finished task it still has to answer for (the agent dropped finished executions from the table the subscriber looks in): TASK-STATE-006 names TASK-004 (breaker15a Q21), not ID-TASK-001, whose help (one task id everywhere) sends the implementer after an id bug")

case("f65-v10-subscribe-terminal-error-inside-stream", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("quick job")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": done10})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-d1"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, "", ctype="text/event-stream"),
    chunk(0.505, sse(err(2, -32004, "Task t-d1 is in a terminal state and cannot be subscribed to"))),
    chunk(0.506, "", close="eof"),
], [("subscribe-terminal-task-accepted", "error")],
 "https://github.com/a2aproject/a2a-java/issues/791 (SubscribeToTask on a terminal task opens a stream and sends the error inside it)",
 "the agent knows up front the task is terminal: TASK-004 wants UnsupportedOperationError as the answer (1.0 §3.1.6, §9.4.6), not a 200 event stream; streaming clients treat the open stream as an accepted subscription")

case("f66-legal-v03-resubscribe-completed-snapshot", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("quick job")})),
    resp(0.004, 200, ok(1, task03("t-r1", "c-r1", "completed"))),
    req(0.5, "POST", A + "/", rpc(2, "tasks/resubscribe", {"id": "t-r1"}), accept="text/event-stream"),
    resp(0.504, 200, "", ctype="text/event-stream"),
    chunk(0.505, sse(ok(2, {"kind": "status-update", "taskId": "t-r1", "contextId": "c-r1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.506, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/174 (how does a server answer an SSE request for a completed task?)",
 "0.x leaves resubscribe to a finished task to the implementation (0.3 §7.9; DIGEST trap 6: 0.3 gRPC returns the task and closes); a final:true status event then close is legal. TASK-004 is a 1.0 rule")

# --- message / cancel on terminal tasks ---------------------------------------------------
case("f67-v10-rest-send-to-completed-task-accepted", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("summarise")}, ver="1.0"),
    resp(0.004, 200, {"task": task10("t-m1", "c-m1", "TASK_STATE_COMPLETED")}),
    req(0.5, "POST", A + "/message:send", {"message": umsg10("and again", mid="msg-0002", taskId="t-m1", contextId="c-m1")}, ver="1.0"),
    resp(0.504, 200, {"task": task10("t-m1", "c-m1", "TASK_STATE_COMPLETED")}),
], [("message-to-terminal-task-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/268 / https://github.com/a2aproject/a2a-rs/pull/276 (ACTS CORE-SEND-002: HTTP 200 with the stale completed task)",
 "a message naming a terminal task MUST be refused with UnsupportedOperationError (TASK-002, HTTP 400 on HTTP+JSON); answering 200 with the old task silently drops the follow-up")

canceled = task10("t-k1", "c-k1", "TASK_STATE_CANCELED")
case("f68-legal-v10-cancel-twice-idempotent", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-k1", "c-k1", "TASK_STATE_WORKING")})),
    req(0.2, "POST", A + "/a2a", rpc(2, "CancelTask", {"id": "t-k1"}), ver="1.0"),
    resp(0.204, 200, ok(2, canceled)),
    req(0.4, "POST", A + "/a2a", rpc(3, "CancelTask", {"id": "t-k1"}), ver="1.0"),
    resp(0.404, 200, ok(3, canceled)),
], [],
 "https://github.com/a2aproject/a2a-js/issues/539 / https://github.com/a2aproject/a2a-js/pull/545 (a second cancel of a canceled task returns the snapshot)",
 "cancel is idempotent (TASK-003, 1.0 §3.3.1): a repeated CancelTask on a task that is already CANCELED returns the canceled task; that is not a cancel of a terminal task 'succeeding'")

case("f69-v10-cancel-twice-not-cancelable", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-k2", "c-k2", "TASK_STATE_WORKING")})),
    req(0.2, "POST", A + "/a2a", rpc(2, "CancelTask", {"id": "t-k2"}), ver="1.0"),
    resp(0.204, 200, ok(2, task10("t-k2", "c-k2", "TASK_STATE_CANCELED"))),
    req(0.4, "POST", A + "/a2a", rpc(3, "CancelTask", {"id": "t-k2"}), ver="1.0"),
    resp(0.404, 200, err(3, -32002, "Task cannot be canceled - current state: canceled")),
], [],
 "https://github.com/a2aproject/a2a-js/issues/539 (cancelTask throws TaskNotCancelableError for an already-canceled task)",
 "legal (breaker12 L3): 1.0.1 \u00a73.1.5 lists TaskNotCancelableError for a task 'already completed, failed, or canceled', and \u00a73.3.1's idempotence ('multiple cancellation requests have the same effect') holds: the task stays canceled. a2a-js answers the canceled task (PR #545), a2a-python 1.3.0 answers -32002; both fit TASK-003")

# --- SSE framing the tool must accept --------------------------------------------------
def sse_crlf(obj): return "data: " + json.dumps(obj, separators=(",", ":")) + "\r\n\r\n"
def sse_cr(obj): return "data: " + json.dumps(obj, separators=(",", ":")) + "\r\r"
case("f70-legal-v03-stream-keepalive-comments", [
    req(0.0, "POST", A + "/", rpc(1, "message/stream", {"message": umsg03("long job")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, task03("t-p1", "c-p1", "submitted")))),
    chunk(15.0, ": keep-alive\n\n"),
    chunk(30.0, ":\n\n"),
    chunk(31.0, sse(ok(1, {"kind": "status-update", "taskId": "t-p1", "contextId": "c-p1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(45.0, ": ping 2026-03-02T10:15:45Z\n\n"),
    chunk(46.0, sse(ok(1, {"kind": "status-update", "taskId": "t-p1", "contextId": "c-p1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(46.01, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-python/issues/540 (SSE comments crashed the client; a2a-go sends keep-alive comments, a2a-go issue #99)",
 "lines starting with ':' are SSE comments and are ignored (WHATWG SSE; RPC-005 only constrains data); keep-alive comments between events are legal")

case("f71-legal-v10-rest-stream-crlf", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("summarise")}, ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse_crlf({"task": task10("t-l1", "c-l1", "TASK_STATE_SUBMITTED")})),
    chunk(0.2, "event: message\r\n" + sse_crlf({"artifactUpdate": {"taskId": "t-l1", "contextId": "c-l1", "artifact": {"artifactId": "a-1", "parts": [{"text": "The summary"}]}, "lastChunk": True}})),
    chunk(0.3, sse_crlf({"statusUpdate": {"taskId": "t-l1", "contextId": "c-l1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(0.31, "", close="eof"),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/4819 (A2A client only split events on \\n\\n; sse-starlette servers send \\r\\n)",
 "SSE lines may end in CRLF, LF or CR (WHATWG SSE); a CRLF-framed HTTP+JSON stream of bare StreamResponses is legal (REST-002)")

case("f72-legal-v10-stream-cr-only", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("summarise")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse_cr(ok(1, {"task": task10("t-c1", "c-c1", "TASK_STATE_WORKING")}))),
    chunk(0.3, sse_cr(ok(1, {"statusUpdate": {"taskId": "t-c1", "contextId": "c-c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.31, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-js/issues/714 (JSON-RPC and HTTP+JSON clients silently drop events framed with standalone CR)",
 "a lone CR is a valid SSE line ending (WHATWG SSE); each event here is one well-formed JSON-RPC response (RPC-005)")

# --- 1.0 card security requirements -----------------------------------------------------------
card_sec = json.loads(json.dumps(CARD10))
card_sec["securitySchemes"] = {"google": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://accounts.google.com/.well-known/openid-configuration"}}}
card_sec["security"] = [{"google": ["openid", "profile", "email"]}]
case("f73-card10-security-03-member", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_sec),
], [("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/A2A/issues/2044 / https://github.com/a2aproject/A2A/pull/2046 (the 1.0 sample card used the 0.3 security member)",
 "a 1.0 card names its requirements securityRequirements:[{schemes:{name:{list:[scopes]}}}] (DATA-001, 1.0 proto AgentCard field 9); the 0.3 member security is unknown to 1.0 parsers, so the agent looks open (AUTH-002)")

card_req = json.loads(json.dumps(CARD10))
card_req["securitySchemes"] = {"google": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://accounts.google.com/.well-known/openid-configuration"}}}
card_req["securityRequirements"] = [{"schemes": {"google": ["openid", "profile", "email"]}}]
case("f74-card10-security-requirement-no-list", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_req),
], [("card-security-scheme-malformed", "error")],
 "https://github.com/a2aproject/A2A/issues/2044 (proposed {schemes:{google:[...]}}) corrected by https://github.com/a2aproject/A2A/pull/2046 ({schemes:{google:{list:[...]}}})",
 "SecurityRequirement.schemes is map<string, StringList> and StringList is a message: ProtoJSON writes {\"list\":[...]} (1.0 proto, DATA-001, CARD-003); a bare scope array does not parse in strict ProtoJSON readers")

# --- 1.0 push config list result ----------------------------------------------------------------
card_push = json.loads(json.dumps(CARD10)); card_push["capabilities"]["pushNotifications"] = True
cfg = {"id": "cfg-1", "taskId": "t-q1", "url": "https://client.example.test/hook", "token": "tok-abc"}
case("f75-v10-list-push-configs-bare-array", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_push),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.104, 200, ok(1, {"task": task10("t-q1", "c-q1", "TASK_STATE_WORKING")})),
    req(0.2, "POST", A + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", {"taskId": "t-q1", "url": "https://client.example.test/hook", "token": "tok-abc"}), ver="1.0"),
    resp(0.204, 200, ok(2, cfg)),
    req(0.3, "POST", A + "/a2a", rpc(3, "ListTaskPushNotificationConfigs", {"taskId": "t-q1"}), ver="1.0"),
    resp(0.304, 200, ok(3, [cfg])),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-java/issues/535 (ListTaskPushNotificationConfig returned the list itself, not {configs, nextPageToken})",
 "a 1.0 ListTaskPushNotificationConfigs result is ListTaskPushNotificationConfigsResponse {configs:[...], nextPageToken} (1.0 proto; A2A PR #1486); a bare array is the 0.3 tasks/pushNotificationConfig/list shape")

# --- card url at an operation path ------------------------------------------------------------
card_op = json.loads(json.dumps(CARD03)); card_op["url"] = A + "/a2a/agents/support/v1/message:stream"; del card_op["preferredTransport"]
case("f76-card03-url-operation-path", [
    req(0.0, "GET", A + "/a2a/agents/support/.well-known/agent-card.json"),
    resp(0.004, 200, card_op),
    req(0.1, "POST", A + "/a2a/agents/support/v1/message:stream", rpc(1, "message/send", {"message": umsg03("hi")})),
    resp(0.104, 400, {"detail": "Invalid request body"}),
], [("card-url-not-rpc-endpoint", "error")],
 "https://github.com/agno-agi/agno/issues/10165 (AgentOS card url is the message:stream operation path; stock a2a-sdk clients get HTTP 400)",
 "the 0.3 card url serves preferredTransport (default JSONRPC) for every method (CARD-006, 0.3 §5.6.1, §7); an operation route is no JSON-RPC endpoint")

# --- 1.0 stream events carrying the wrong objects ---------------------------------------------
case("f77-v10-stream-update-wraps-task", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("summarise")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"task": task10("t-w1", "c-w1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.1, sse(ok(1, {"statusUpdate": task10("t-w1", "c-w1", "TASK_STATE_WORKING")}))),
    chunk(0.2, sse(ok(1, {"artifactUpdate": {"artifactId": "a-1", "parts": [{"text": "The summary"}]}}))),
    chunk(0.3, sse(ok(1, {"statusUpdate": {"taskId": "t-w1", "contextId": "c-w1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.31, "", close="eof"),
], [("stream-event-missing-task-id", "error"), ("stream-event-invalid-shape", "error")],
 "https://github.com/bacnh85/pi-extensions/pull/37 (statusUpdate carried the whole Task and artifactUpdate the bare Artifact; spec-built clients decoded taskId \"\" and artifact null)",
 "TaskStatusUpdateEvent is {taskId, contextId, status} and TaskArtifactUpdateEvent {taskId, contextId, artifact} (ID-005, 1.0 proto); a Task in statusUpdate has id, not taskId, and a bare Artifact has no task at all")

# --- 0.3 REST request in the JSON-RPC shapes ----------------------------------------------------
case("f78-v03-rest-send-jsonrpc-shapes", [
    req(0.0, "POST", A + "/v1/message:send", {"message": umsg03("hello"), "configuration": {"blocking": True}}),
    resp(0.004, 400, {"code": 400, "message": "Invalid value for enum field role: \"user\""}),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/291 (@a2a-js/sdk 0.3.7 HTTP+JSON sent kind/role \"user\"; ADK/Agent Engine answered 400)",
 "0.3 HTTP+JSON bodies are the ProtoJSON of the 0.3 gRPC proto (REST-003, GRPC-001; DIGEST 0.1): role ROLE_USER, parts in content, no kind; the JSON-RPC shapes are refused by proto-JSON servers")

# --- malformed JSON-RPC body answered by the web framework ------------------------------------
case("f79-v10-malformed-body-framework-400", [
    req(0.0, "POST", A + "/a2a", '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":', ver="1.0"),
    resp(0.004, 400, "Failed to parse the request body as JSON: EOF while parsing an object at line 1 column 63", ctype="text/plain; charset=utf-8"),
    req(0.2, "POST", A + "/a2a", '{"jsonrpc":"2.0","id":2,"method":"SendMessage","params":"oops"}', ver="1.0"),
    resp(0.204, 422, "Failed to deserialize the JSON body into the target type: params: invalid type: string \"oops\", expected struct SendMessageRequest", ctype="text/plain; charset=utf-8"),
], [("jsonrpc-response-malformed", "error"), ("client-params-not-object", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/272 (malformed JSON-RPC bodies got axum's own 422/400 instead of a JSON-RPC error envelope; ACTS CORE-ERR-006, JSONRPC-ERR-002)",
 "a JSON-RPC server answers an unparseable body with a Response whose error is -32700 and id null, and an invalid one with -32600/-32602 (RPC-001, ERR-001, JSON-RPC 2.0 §5.1); a framework's text/plain 400/422 gives the client no error object; the second call's params \"oops\" (a string, JSON-RPC 2.0 §4.2) is also the client's fault (RPC-REQ-005, breaker11 K22)")

case("f80-legal-v10-list-tasks-no-next-page-token", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"contextId": "c-n1", "pageSize": 10}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [task10("t-n1", "c-n1", "TASK_STATE_COMPLETED")], "pageSize": 10, "totalSize": 1})),
], [],
 "https://github.com/a2aproject/a2a-rs/issues/273 (ListTasks omits nextPageToken; ACTS CORE-LIST-003)",
 "the prose wants nextPageToken present (\"\" on the last page, DATA-007) but strict ProtoJSON omits an empty string (DIGEST trap 12): on the last page the omission is legal")

case("f81-v03-resubscribe-ends-without-final", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("long job"), "configuration": {"blocking": False}})),
    resp(0.004, 200, ok(1, task03("t-g1", "c-g1", "working"))),
    req(1.0, "POST", A + "/", rpc(2, "tasks/resubscribe", {"id": "t-g1"}), accept="text/event-stream"),
    resp(1.004, 200, "", ctype="text/event-stream"),
    chunk(1.005, sse(ok(2, {"kind": "status-update", "taskId": "t-g1", "contextId": "c-g1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(1.006, "", close="eof"),
], [("stream-ended-without-terminal-0x", "warning")],
 "https://github.com/topcheer/ggcode/issues/1088 (tasks/resubscribe raced task completion and returned without artifacts or the final:true event)",
 "the resubscribe stream closed cleanly after a working event: no final:true status event, so the client thinks the subscription was cut (STREAM-008, STREAM-003)")

# --- the same terminal-task answers on HTTP+JSON --------------------------------------------------
def status_err(code, status, reason, msg):
    return {"error": {"code": code, "status": status, "message": msg, "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}}
case("f82-v10-rest-subscribe-terminal-task-404", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("quick job")}, ver="1.0"),
    resp(0.004, 200, {"task": done10}),
    req(0.5, "GET", A + "/tasks/t-d1:subscribe", ver="1.0", accept="text/event-stream"),
    resp(0.504, 404, status_err(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t-d1 not found")),
], [("subscribe-terminal-task-accepted", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/275 (ACTS STREAM-SUB-003 failed on HTTP+JSON too: #269's TaskNotFoundError for a terminal task)",
 "SubscribeToTask on a terminal task is UnsupportedOperationError (TASK-004): HTTP 400 with ErrorInfo UNSUPPORTED_OPERATION (ERR-002, ERR-003); 404 TASK_NOT_FOUND for a task seen COMPLETED is TASK-STATE-006 (TASK-004; breaker15a Q21), judged as on JSON-RPC")

case("f83-legal-v10-subscribe-completed-unsupported", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("quick job")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": done10})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-d1"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, err(2, -32004, "Task t-d1 is in a terminal state and cannot be subscribed to", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
    req(0.6, "POST", A + "/a2a", rpc(3, "GetTask", {"id": "t-d1"}), ver="1.0"),
    resp(0.604, 200, ok(3, done10)),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/341 (client asked for a snapshot instead of UnsupportedOperation when reconnecting to a completed task)",
 "the agent does what TASK-004 says: UnsupportedOperationError for a subscribe to a terminal task, before any stream; the client then reads the final state with GetTask")

# --- required extensions ---------------------------------------------------------------------
EXT = "https://example.test/extensions/signed-messages/v1"
card_ext03 = json.loads(json.dumps(CARD03)); card_ext03["capabilities"]["extensions"] = [{"uri": EXT, "description": "messages are signed", "required": True}]
case("f84-v03-required-extension-invalid-request", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext03),
    req(0.1, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("hi")})),
    resp(0.104, 200, err(1, -32600, "Invalid request: required extensions are not active", {"missing_required_extensions": [EXT]})),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/datalayer/fasta2a/pull/61 (a send that leaves a required extension inactive is refused with -32600 and data.missing_required_extensions)",
 "the request object is valid JSON-RPC, so -32600 Invalid Request misleads the client (ERR-001, JSON-RPC 2.0 §5.1); 1.0 names ExtensionSupportRequiredError -32008 for it (EXT-002), 0.3 has no dedicated code")

card_ext10 = json.loads(json.dumps(CARD10)); card_ext10["capabilities"]["extensions"] = [{"uri": EXT, "description": "messages are signed", "required": True}]
case("f85-legal-v10-required-extension-refused", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext10),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.104, 200, err(1, -32008, "Extension support required: " + EXT, [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENSION_SUPPORT_REQUIRED", "domain": "a2a-protocol.org", "metadata": {"extensions": EXT}}])),
    req(0.2, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("hi", mid="msg-0002")}), ver="1.0", hdr={"a2a-extensions": EXT}),
    resp(0.204, 200, ok(2, {"message": amsg10("hello", contextId="c-x1", extensions=[EXT])}), hdr={"a2a-extensions": EXT}),
], [],
 "https://github.com/a2aproject/a2a-tck/pull/197 (SUTs enforcing required extensions answered ExtensionSupportRequiredError to a TCK that did not send A2A-Extensions)",
 "a required extension the client did not request is refused with -32008 ExtensionSupportRequiredError (EXT-002, 1.0 §3.3.4); with A2A-Extensions naming it the call succeeds: nothing to flag")

case("f86-v10-required-extension-not-enforced", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext10),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.104, 200, ok(1, {"message": amsg10("hello", contextId="c-x2")})),
], [("required-extension-not-enforced", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/23 (no A2A-Extensions handling anywhere on the server: a card's required extension is never checked)",
 "the card marks the extension required; a request whose A2A-Extensions does not name it MUST be refused with -32008 ExtensionSupportRequiredError (EXT-002, 1.0 §3.3.4); serving it silently drops what the extension guarantees")

# --- 1.0 push config create without an id ------------------------------------------------------
case("f87-v10-create-push-config-no-id", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_push),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long job"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.104, 200, ok(1, {"task": task10("t-q2", "c-q2", "TASK_STATE_WORKING")})),
    req(0.2, "POST", A + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", {"taskId": "t-q2", "url": "https://client.example.test/hook", "token": "tok-abc"}), ver="1.0"),
    resp(0.204, 200, ok(2, {"taskId": "t-q2", "url": "https://client.example.test/hook", "token": "tok-abc"})),
    req(0.3, "POST", A + "/a2a", rpc(3, "GetTaskPushNotificationConfig", {"taskId": "t-q2", "id": ""}), ver="1.0"),
    resp(0.304, 200, err(3, -32602, "Validation failed")),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1237 / https://github.com/a2aproject/a2a-python/pull/1236 (create returned the request object: no id on database-backed stores)",
 "CreateTaskPushNotificationConfig returns the created configuration with its assigned id (PUSH-003, 1.0 §3.1.7); without it the client cannot get or delete the config")

# --- 1.0 interface tenant not sent ---------------------------------------------------------------
card_ten = json.loads(json.dumps(CARD10)); card_ten["supportedInterfaces"][0]["tenant"] = "acme"
case("f88-v10-interface-tenant-not-sent", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ten),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.104, 200, err(1, -32602, "tenant is required")),
    req(0.2, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("hi", mid="msg-0002"), "tenant": "acme"}), ver="1.0"),
    resp(0.204, 200, ok(2, {"message": amsg10("hello", contextId="c-t1")})),
], [("interface-tenant-not-sent", "error")],
 "https://github.com/a2aproject/a2a-java/issues/663 (the client API to send a message had no tenant parameter)",
 "an interface that declares tenant gets it in every request (CARD-008, 1.0 §8.3.2); the first SendMessage omits it (a client fault: the agent rightly refuses it), the second carries it")

from casewriter import write_cases
write_cases(cases, OUT)
