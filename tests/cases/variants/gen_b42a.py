"""Variants of miner mine42 (prefix b42a-): python3 tests/cases/variants/gen_b42a.py

Each proves a widening of session 42's round forty-two on traffic its field case does not
hold, with legal (or narrower) controls beside it:
X: REST-ERROR-001 (rest-error-shape, error) for a 1.0 HTTP+JSON stream error event whose
   error is the JSON-RPC error object {code: -32xxx, message, data} (field case f936,
   a2a-dotnet d9208f9), on message:stream and on tasks/{id}:subscribe; the stream's cut is
   judged as the JSON-RPC error it is (STREAM-END-005). Controls: the same object on a 0.3
   /v1 route (the 0.3 HTTP+JSON error form) and inside a JSON-RPC stream, where it is the
   binding's own form.
H: PUSH-CFG-008 (push-config-header-value-control-chars-accepted, warning, new) for a push
   config whose token or authentication holds CR, LF or NUL and that the agent accepted
   (field case f938, a2a-java #1053): inline in a 1.0 send, an HTTP+JSON Create, the 0.3
   tasks/pushNotificationConfig/set. Controls: the same config refused with -32602, and a
   token with a tab and non-ASCII letters (legal field-value characters).
P: DATA-PARAM-001 (request-param-invalid-accepted, error) for an accepted 1.0 send whose
   message part sets two content members or none (field case f945, a2a-js #643), on
   HTTP+JSON and in a stream; DATA-PARAM-002 quiet for a refusal that names the unknown
   member `content` of a ts-proto oneof (field case f944, A2A #2087) on HTTP+JSON.
   Controls: a part {text, data: null} and a 0.3-style nested file accepted (a lenient
   agent may read the writer's meaning: the client's DATA-SHAPE-002 only).
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
HOOK = "https://hooks.example.test/a2a"
PUSH = {"streaming": True, "pushNotifications": True}
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"

# --- X: a JSON-RPC error object inside a 1.0 HTTP+JSON stream ------------------------------------
D50 = "https://github.com/a2aproject/a2a-dotnet/commit/d9208f9 (the HTTP+JSON SSE error event written as the JSON-RPC error object {code, message, data})"
SHAPE = ("rest-error-shape", "error")
CUT = ("stream-cut-by-error-before-terminal", "error")
INTERNAL = {"error": {"code": -32603, "message": "An internal error occurred during streaming."}}
def rstream(path, body, events, t=0.1, method="POST"):
    return [req(t, method, RA + path, body, ver="1.0", ctype=A2AJ, accept=SSE), resp(t + 0.01, 200, "", ctype=SSE)] + \
           [chunk(t + 0.1 * (i + 1), sse(e)) for i, e in enumerate(events)] + [chunk(t + 0.1 * (len(events) + 1), "", close="eof")]
case("b42a-X1-v10-rest-stream-error-jsonrpc-object-with-data", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) +
     rstream("/message:stream", {"message": umsg10("summarise the quarter", mid="m-x1")}, [
         {"task": task10("t-x1", "c-x1", "TASK_STATE_WORKING")},
         {"error": {"code": -32603, "message": "model backend unavailable", "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INTERNAL", "domain": "a2a-protocol.org"}]}}]),
     [SHAPE, CUT], D50, "the JSON-RPC form with data holding an ErrorInfo, d9208f9's shape for an A2A error: still no HTTP status code and no status name, and data where the Status has details")
case("b42a-X2-v10-rest-subscribe-error-jsonrpc-object", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("render the report", mid="m-x2"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.2, 200, {"task": task10("t-x2", "c-x2", "TASK_STATE_WORKING")}, ctype=A2AJ),
] + rstream("/tasks/t-x2:subscribe", "", [{"task": task10("t-x2", "c-x2", "TASK_STATE_WORKING")}, INTERNAL], t=0.5, method="GET"),
     [SHAPE, CUT], D50, "SubscribeToTask on HTTP+JSON: the current Task, then the failure as a JSON-RPC error object")
case("b42a-X3-v03-rest-stream-error-a2a-error-object", get_card(0.0, card03(RA + "/", preferredTransport="HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/v1/message:stream", {"message": {"messageId": "m-x3", "role": "ROLE_USER", "content": [{"text": "summarise the quarter"}]}}, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse({"task": {"id": "t-x3", "contextId": "c-x3", "status": {"state": "TASK_STATE_WORKING"}}})),
    chunk(0.3, sse(INTERNAL)),
    chunk(0.31, "", close="eof"),
], [], D50, "control: on a 0.3 /v1 route the A2A error object {code: -32603, message} is the binding's own error form (REST-003); 0.x streams are not held to 1.0's close-at-terminal rule")
case("b42a-X4-v10-jsonrpc-stream-same-error-object", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-x4", "SendStreamingMessage", {"message": umsg10("summarise the quarter", mid="m-x4")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-x4", {"task": task10("t-x4", "c-x4", "TASK_STATE_WORKING")}))),
    chunk(0.3, sse(err("s-x4", -32603, "An internal error occurred during streaming."))),
    chunk(0.31, "", close="eof"),
], [CUT], D50, "control for the shape: the same error inside a JSON-RPC stream is that binding's own error response; only the cut before the terminal state is a fault")

# --- H: push config header values with CR / LF / NUL --------------------------------------------------
J1053 = "https://github.com/a2aproject/a2a-java/pull/1053 (reject CR/LF in push notification headers, CWE-113)"
HDR = [("push-config-header-value-control-chars-accepted", "warning")]
C10P = card10(A + "/a2a", capabilities=PUSH)
case("b42a-H1-v10-inline-config-token-lf", get_card(0.0, C10P) + [
    req(0.1, "POST", A + "/a2a", rpc("s-h1", "SendMessage", {"message": umsg10("render the report", mid="m-h1"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok\nX-Forwarded-For: 10.0.0.1"}}}), ver="1.0"),
    resp(0.2, 200, ok("s-h1", {"task": task10("t-h1", "c-h1", "TASK_STATE_SUBMITTED")})),
], HDR, J1053, "the config inline in a 1.0 send (configuration.taskPushNotificationConfig), its token with an LF and a second header line")
case("b42a-H2-v10-rest-create-credentials-crlf", get_card(0.0, card10(RA, "HTTP+JSON", capabilities=PUSH), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("render the report", mid="m-h2"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.2, 200, {"task": task10("t-h2", "c-h2", "TASK_STATE_SUBMITTED")}, ctype=A2AJ),
    req(0.3, "POST", RA + "/tasks/t-h2/pushNotificationConfigs", {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "abc\r\nX-Injected: 1"}}, ver="1.0", ctype=A2AJ),
    resp(0.31, 200, {"id": "pc-h2", "taskId": "t-h2", "url": HOOK, "authentication": {"scheme": "Bearer"}}, ctype=A2AJ),
], HDR, J1053, "HTTP+JSON Create whose authentication.credentials hold CR LF: 1.0 §4.3.3 sends them as Authorization: Bearer <credentials>")
case("b42a-H3-v03-set-token-crlf", get_card(0.0, card03(A + "/", capabilities=PUSH)) + [
    req(0.1, "POST", A + "/", rpc("s-h3", "message/send", {"message": umsg03("render the report", mid="m-h3"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("s-h3", task03("t-h3", "c-h3", "submitted"))),
    req(0.3, "POST", A + "/", rpc("p-h3", "tasks/pushNotificationConfig/set", {"taskId": "t-h3", "pushNotificationConfig": {"url": HOOK, "token": "t0k\r\nX-Injected: 1"}})),
    resp(0.31, 200, ok("p-h3", {"taskId": "t-h3", "pushNotificationConfig": {"id": "pc-h3", "url": HOOK, "token": "t0k\r\nX-Injected: 1"}})),
], HDR, J1053, "0.3 tasks/pushNotificationConfig/set: the token goes out as X-A2A-Notification-Token (PUSH-005)")
case("b42a-H4-legal-v10-token-crlf-refused", get_card(0.0, C10P) + [
    req(0.1, "POST", A + "/a2a", rpc("s-h4", "SendMessage", {"message": umsg10("render the report", mid="m-h4"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-h4", {"task": task10("t-h4", "c-h4", "TASK_STATE_SUBMITTED")})),
    req(0.3, "POST", A + "/a2a", rpc("p-h4", "CreateTaskPushNotificationConfig", {"taskId": "t-h4", "url": HOOK, "token": "tok\r\nX-Injected: 1"}), ver="1.0"),
    resp(0.31, 200, err("p-h4", -32602, "token must not contain CR or LF", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "token", "description": "CR/LF"}]}])),
], [], J1053, "control: the agent refuses the config with -32602 when it is set, as ERR-006 asks")
case("b42a-H5-legal-v10-token-tab-and-letters", get_card(0.0, C10P) + [
    req(0.1, "POST", A + "/a2a", rpc("s-h5", "SendMessage", {"message": umsg10("render the report", mid="m-h5"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tök\tv2", "authentication": {"scheme": "Bearer", "credentials": "a b c"}}}}), ver="1.0"),
    resp(0.2, 200, ok("s-h5", {"task": task10("t-h5", "c-h5", "TASK_STATE_SUBMITTED")})),
], [], J1053, "control: a tab, a space and non-ASCII letters are field-value characters (RFC 9110 §5.5 obs-text, HTAB, SP): nothing to inject")

# --- P: a 1.0 part with no content member or several, accepted or refused -------------------------------
J643 = "https://github.com/a2aproject/a2a-js/issues/643 (multiple content oneof arms silently accepted) ; https://github.com/a2aproject/A2A/issues/2087 (a part with no oneof arm accepted, a ts-proto {$case, value} refused for its unknown member)"
BAD = [("request-message-invalid-shape", "error"), ("request-param-invalid-accepted", "error")]
def rsend(parts, answer, status=200, t=0.1, rid="p"):
    return [req(t, "POST", RA + "/message:send", {"message": {"messageId": "m-" + rid, "role": "ROLE_USER", "parts": parts}}, ver="1.0", ctype=A2AJ),
            resp(t + 0.1, status, answer, ctype=A2AJ)]
case("b42a-P1-v10-rest-part-raw-and-url-accepted", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) +
     rsend([{"raw": "aGk=", "url": "https://files.example.test/a.pdf", "mediaType": "application/pdf"}], {"task": task10("t-p1", "c-p1", "TASK_STATE_COMPLETED")}, rid="p1"),
     BAD, J643, "HTTP+JSON message:send whose part sets raw and url, answered with a completed task")
case("b42a-P2-v10-stream-part-media-type-only-accepted", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p2", "SendStreamingMessage", {"message": {"messageId": "m-p2", "role": "ROLE_USER", "parts": [{"text": "see the file"}, {"mediaType": "application/json"}]}}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-p2", {"task": task10("t-p2", "c-p2", "TASK_STATE_WORKING")}))),
    chunk(0.3, sse(ok("s-p2", su10("t-p2", "c-p2", "TASK_STATE_COMPLETED")))),
    chunk(0.31, "", close="eof"),
], BAD, J643, "the second part of a streamed send holds mediaType alone (A2A #2087: accepted with HTTP 200)")
case("b42a-P3-v10-rest-ts-proto-oneof-refused", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) +
     rsend([{"content": {"$case": "text", "value": "hi"}}], {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Message type \"lf.a2a.v1.Part\" has no field named \"content\"", "details": []}}, status=400, rid="p3"),
     [("request-message-invalid-shape", "error")], J643, "HTTP+JSON: the ts-proto in-memory oneof refused with 400 INVALID_ARGUMENT naming the unknown member content: the refusal is right (no content member set), no DATA-PARAM-002")
case("b42a-P4-v10-part-text-and-null-data-accepted", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p4", "SendMessage", {"message": {"messageId": "m-p4", "role": "ROLE_USER", "parts": [{"text": "hello", "data": None}]}}), ver="1.0"),
    resp(0.3, 200, ok("s-p4", {"task": task10("t-p4", "c-p4", "TASK_STATE_COMPLETED")})),
], [("request-message-invalid-shape", "error")], J643, "narrower control: {text, data: null} sets two members by ProtoJSON's letter (data's null is a Value), yet the writer meant data unset, and an agent that reads it so is lenient: the client's fault only")
case("b42a-P5-v10-part-nested-file-accepted", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p5", "SendMessage", {"message": {"messageId": "m-p5", "role": "ROLE_USER", "parts": [{"file": {"uri": "https://files.example.test/a.pdf", "mimeType": "application/pdf"}}]}}), ver="1.0"),
    resp(0.3, 200, ok("s-p5", {"task": task10("t-p5", "c-p5", "TASK_STATE_COMPLETED")})),
], [("request-message-invalid-shape", "error")], J643, "narrower control: a 0.3-style nested file part in a 1.0 message; a dual-version agent may read the file as meant, so its acceptance is no finding (the client's DATA-SHAPE-002 only)")

write_cases(cases, HERE)
