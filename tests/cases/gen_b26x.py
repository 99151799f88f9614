"""Writes the b26x blind-adversary transcripts (breaker26): A2A errors across bindings
(JSON-RPC codes, 1.0 HTTP+JSON google.rpc.Status with ErrorInfo, 0.3 HTTP+JSON error
objects, errors inside SSE streams, HTTP 500 carrying a JSON-RPC error, error.data shapes),
JSON-RPC envelope details (id types, notifications, jsonrpc member, result and error,
stream events under another id), concurrency on one task (two streams, cancel during a
stream, replays, follow-ups while working), card details (protocolVersion against the
interfaces, extended card per generation, card media type, output modes), messages and
history (messageId reuse, roles per generation, the user's message echoed as the agent's)
and encoding (BOM, duplicate keys, numbers as strings, long lines, NUL). Faulty ones carry
the finding the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker26 (blind adversary, round six)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)

C = {}
case = case_maker(C, "b26x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
S10 = {**V10, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
R03 = lambda **kw: getcard(card03(url=H + "/v1", preferredTransport="HTTP+JSON", **kw))
rget = lambda path, h=RJ: req(H + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"})
rpost = lambda path, body, h=RJ: req(H + path, body, headers=h)
rok = lambda body, status=200: resp(body, status=status, headers=RJ)
GS = {400: "FAILED_PRECONDITION", 404: "NOT_FOUND", 409: "FAILED_PRECONDITION", 415: "INVALID_ARGUMENT",
      500: "INTERNAL", 501: "UNIMPLEMENTED", 502: "INTERNAL"}


def rerr(http, reason, msg="failed", status=None):
    """a 1.0 HTTP+JSON error answer: google.rpc.Status with an A2A ErrorInfo."""
    b = {"error": {"code": http, "status": status or GS[http], "message": msg, "details": einfo(reason)}}
    return resp(b, status=http, headers={"content-type": "application/json"})


def sse(events, i=1, close="eof", rest=False, headers=None, raw=None):
    out = [resp("", headers=headers or SSE)]
    for e in events:
        out.append(chunk(rest_ev(e) if rest else ev(e, i)))
    if close:
        out.append(chunk("", close=close))
    return out


def stream10(events, i=1, p=None, url=A, h=S10):
    return [req(url, rpc(i, "SendStreamingMessage", p or {"message": msg10()}), headers=h)] + sse(events, i)


def stream03(events, i=1, p=None, url=A):
    return [req(url, rpc(i, "message/stream", p or {"message": msg03()}), headers=S03)] + sse(events, i)


W1 = lambda **kw: {"task": task10(state="WORKING", n=1, **kw)}
DONE = lambda n=5: st10(state="COMPLETED", n=n)
W03 = lambda: task03(state="working", n=1)
DONE03 = lambda n=5: st03(state="completed", final=True, n=n)


def send_done(i=1, tid="t1", ctx="c1", url=A, h=V10):
    """a 1.0 JSON-RPC SendMessage answered with task tid completed."""
    return [req(url, rpc(i, "SendMessage", {"message": msg10(mid="m-" + tid)}), headers=h),
            resp(ok(i, {"task": task10(tid, ctx, "COMPLETED", 1)}))]


def send_w(i=1, tid="t1", ctx="c1", url=A, h=V10):
    return [req(url, rpc(i, "SendMessage", {"message": msg10(mid="m-" + tid), "configuration": {"returnImmediately": True}}), headers=h),
            resp(ok(i, {"task": task10(tid, ctx, "WORKING", 1)}))]


def send03_done(i=1, tid="t1", ctx="c1"):
    return [req(A, rpc(i, "message/send", {"message": msg03(mid="m-" + tid)}), headers=J03),
            resp(ok(i, task03(tid, ctx, "completed", 1)))]


def rsend_done(tid="t1"):
    return [rpost("/message:send", {"message": msg10(mid="m-" + tid)}), rok({"task": task10(tid, state="COMPLETED")})]


# ---------------------------------------------------------------- A2A errors per binding (E)
case("E01-v10-cancel-completed-answered-unsupported-operation", lambda: C10() + send_done() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32004, "Unsupported operation", einfo("UNSUPPORTED_OPERATION")))],
    [("RPC-ERROR-001", E)],
    "cancel of a completed task is TaskNotCancelableError -32002 (TASK-003, ERR-002), not -32004")
case("EL1-legal-v10-cancel-completed-not-cancelable", lambda: C10() + send_done() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled", einfo("TASK_NOT_CANCELABLE")))],
    [], "cancel of a completed task answered -32002 with its ErrorInfo")
case("E02-v10-rest-cancel-completed-answered-404", lambda: R10() + rsend_done() + [
    rpost("/tasks/t1:cancel", {}), rerr(404, "TASK_NOT_FOUND", "task t1 not found")],
    [("ID-TASK-001", E)],
    "REST cancel of a task the agent just handed out answered 404 TASK_NOT_FOUND (TASK-003 wants TaskNotCancelable; the task exists, TASK-009)")
case("EL2-legal-v10-rest-cancel-completed-409-1-0-0", lambda: R10() + rsend_done() + [
    rpost("/tasks/t1:cancel", {}), rerr(409, "TASK_NOT_CANCELABLE", "task t1 is completed")],
    [], "1.0.0 maps TaskNotCancelableError to HTTP 409 (ERR-002 trap 2)")
case("EL3-legal-v10-rest-cancel-completed-400-1-0-1", lambda: R10() + rsend_done() + [
    rpost("/tasks/t1:cancel", {}), rerr(400, "TASK_NOT_CANCELABLE", "task t1 is completed")],
    [], "1.0.1 maps TaskNotCancelableError to HTTP 400 FAILED_PRECONDITION")
case("E03-v10-rest-error-status-name-contradicts-code", lambda: R10() + [
    rget("/tasks/nope"), rerr(404, "TASK_NOT_FOUND", "task nope not found", status="FAILED_PRECONDITION")],
    [("REST-ERROR-001", E)],
    "google.rpc.Status with code 404 but status FAILED_PRECONDITION: code and status name disagree (ERR-003)")
case("E04-v10-rest-task-not-found-reason-under-400", lambda: R10() + [
    rget("/tasks/nope"), rerr(400, "TASK_NOT_FOUND", "task nope not found")],
    [("REST-ERROR-001", E)],
    "ErrorInfo reason TASK_NOT_FOUND answered HTTP 400: TaskNotFoundError is 404 NOT_FOUND (ERR-002)")
case("EL4-legal-v10-rest-get-unknown-404", lambda: R10() + [
    rget("/tasks/nope"), rerr(404, "TASK_NOT_FOUND", "task nope not found")],
    [], "GET of an unknown task: 404 NOT_FOUND with TASK_NOT_FOUND")
case("E05-v10-jsonrpc-error-data-free-form-object", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", {"taskId": "nope"}))],
    [("RPC-ENVELOPE-001", E)],
    "1.0 error.data is an object (0.3 free-form habit); ERR-004 wants an array of @type'd details")
case("EL5-legal-v03-jsonrpc-error-data-free-form-object", lambda: C03() + [
    req(A, rpc(1, "tasks/get", {"id": "nope"}), headers=J03), resp(err(1, -32001, "Task not found", {"taskId": "nope"}))],
    [], "0.3 error.data is free-form (ERR-004)")
case("E06-v10-extended-card-not-declared-answered-not-configured", lambda: C10(capabilities={"streaming": True, "extendedAgentCard": False}) + [
    RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}),
    resp(err(1, -32007, "Extended card not configured", einfo("EXTENDED_AGENT_CARD_NOT_CONFIGURED")))],
    [("RPC-ERROR-001", E)],
    "card does not declare extendedAgentCard: GetExtendedAgentCard is UnsupportedOperationError -32004 (AUTH-005), not -32007")
case("EL6-legal-v10-extended-card-not-declared-unsupported", lambda: C10(capabilities={"streaming": True, "extendedAgentCard": False}) + [
    RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}),
    resp(err(1, -32004, "Unsupported operation", einfo("UNSUPPORTED_OPERATION")))],
    [], "extended card not declared: -32004")
case("E07-v10-rest-version-unsupported-answered-invalid-argument", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={**RJ, "a2a-version": "2.0"}),
    resp({"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "bad version",
                    "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": []}]}}, status=400)],
    [("REST-ERROR-001", E)],
    "A2A-Version 2.0 refused as INVALID_ARGUMENT without VERSION_NOT_SUPPORTED (VER-002, ERR-002)")
case("EL7-legal-v10-rest-version-unsupported-400-reason", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}, h={**RJ, "a2a-version": "2.0"}),
    rerr(400, "VERSION_NOT_SUPPORTED", "A2A-Version 2.0 is not supported")],
    [], "A2A-Version 2.0 refused 400 FAILED_PRECONDITION VERSION_NOT_SUPPORTED")
case("E08-v10-push-unsupported-answered-method-not-found", lambda: C10(capabilities={"streaming": True, "pushNotifications": False}) + send_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://client.example.test/hook"}),
    resp(err(2, -32601, "Method not found"))],
    [("RPC-ERROR-001", E)],
    "agent without push answers CreateTaskPushNotificationConfig -32601; PUSH-001 wants PushNotificationNotSupportedError -32003")
case("EL8-legal-v10-push-unsupported-answered-32003", lambda: C10(capabilities={"streaming": True, "pushNotifications": False}) + send_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://client.example.test/hook"}),
    resp(err(2, -32003, "Push notifications not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED")))],
    [], "agent without push answers -32003")
case("E09-v10-jsonrpc-error-code-http-status-number", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp(err(1, 404, "Task not found"))],
    [("RPC-ERROR-001", E)],
    "JSON-RPC error code 404 (an HTTP status) for an unknown task: TaskNotFoundError is -32001 (ERR-002)")
case("E10-v10-jsonrpc-error-code-as-string", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": "-32001", "message": "Task not found"}})],
    [("RPC-ENVELOPE-001", E)],
    "error.code is the string \"-32001\": JSON-RPC 2.0 §5.1 requires an integer")
case("E11-v10-jsonrpc-error-without-message", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001}})],
    [("RPC-ENVELOPE-001", E)],
    "error object without message (JSON-RPC 2.0 §5.1)")
case("E12-v10-follow-up-to-completed-answered-internal", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("more", mid="m2", taskId="t1", contextId="c1")}),
    resp(err(2, -32603, "Internal error: task t1 is in terminal state completed"))],
    [("RPC-ERROR-001", E)],
    "a follow-up to a completed task refused -32603; TASK-002 wants UnsupportedOperationError -32004")
case("E18-v10-stream-follow-up-to-completed-error-as-first-event", lambda: C10() + send_done() + [
    req(A, rpc(2, "SendStreamingMessage", {"message": msg10(mid="m2", taskId="t1", contextId="c1")}), headers=S10)] + [
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32004, "task t1 is terminal", einfo("UNSUPPORTED_OPERATION"))) + "\n\n"), chunk("", close="eof")],
    [("STREAM-FIRST-001", E)],
    "1.0: an error known before the stream (follow-up to a terminal task) is the call's plain JSON-RPC error, not 200 text/event-stream with one error event (a2a-dotnet #476)")
case("EL9-legal-v03-stream-follow-up-to-completed-error-event", lambda: C03() + send03_done() + [
    req(A, rpc(2, "message/stream", {"message": msg03(mid="m2", taskId="t1", contextId="c1")}), headers=S03)] + [
    resp("", headers=SSE), chunk("data: " + json.dumps(err(2, -32004, "task t1 is terminal")) + "\n\n"), chunk("", close="eof")],
    [], "0.3: the schema's SendStreamingMessageResponse admits a JSON-RPC error event (a2a-python 0.3 sends it)")
case("EL13-legal-v10-stream-error-after-first-event", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10)] + [
    resp("", headers=SSE), chunk(ev(W1())), chunk(ev(st10(state="FAILED", n=2, message=amsg10("model quota exhausted", mid="a-f", taskId="t1", contextId="c1")))), chunk("", close="eof")],
    [], "a task that fails mid-stream ends with a FAILED status update carrying the reason")
case("E13-v10-http-500-jsonrpc-task-not-found-for-known-task", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND")), status=500)],
    [("ID-TASK-001", E)],
    "HTTP 500 carrying -32001 for the task the agent just handed out (ERR-007 leaves the status free; the lost task is ID-001)")
case("EL10-legal-v10-http-404-jsonrpc-task-not-found", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), status=404)],
    [], "HTTP status of a JSON-RPC error is unspecified (ERR-007): 404 with -32001 for an unknown task")
case("EL11-legal-v03-rest-error-object", lambda: R03() + [
    req(H + "/v1/tasks/nope", method="GET", headers={"accept": "application/json"}),
    resp({"code": -32001, "message": "Task not found"}, status=404)],
    [], "0.3 HTTP+JSON error: {code, message} under 404")
case("E15-v10-rest-task-not-found-flat-body", lambda: R10() + [
    rget("/tasks/nope"), resp({"code": 404, "message": "task not found"}, status=404)],
    [("REST-ERROR-001", E)],
    "1.0 HTTP+JSON error body flat {code,message} (the 0.3 form) instead of {error:{...}} (ERR-003)")
case("E16-v10-send-content-type-answered-internal", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"raw": "iVBORw0KGgo=", "mediaType": "image/png"}])}),
    resp(err(1, -32603, "Unsupported content type image/png"))],
    [("RPC-ERROR-001", E)],
    "an image part the text-only agent cannot take refused -32603 with a message naming the content type; ERR-002 has ContentTypeNotSupportedError -32005")
case("EL12-legal-v10-send-content-type-not-supported", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"raw": "iVBORw0KGgo=", "mediaType": "image/png"}])}),
    resp(err(1, -32005, "Unsupported content type image/png", einfo("CONTENT_TYPE_NOT_SUPPORTED")))],
    [], "an image part refused with -32005 ContentTypeNotSupportedError")
case("R01-v10-answer-id-string-for-number", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp(err("1", -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-ID-001", E)], "request id 1 (a number) answered with id \"1\" (a string): RPC-002 wants the same id")
case("RL1-legal-v10-string-id-echoed", lambda: C10() + [
    RPC("req-7f3a", "GetTask", {"id": "nope"}), resp(err("req-7f3a", -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [], "a string id echoed")
case("RL2-legal-v10-id-zero", lambda: C10() + [
    RPC(0, "GetTask", {"id": "nope"}), resp(err(0, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [], "id 0 is an id like any other")
case("RL3-legal-v10-large-integer-id", lambda: C10() + [
    RPC(9007199254740993, "GetTask", {"id": "nope"}), resp(err(9007199254740993, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [], "an integer id past 2^53 echoed exactly")
case("R02-v10-large-integer-id-rounded", lambda: C10() + [
    RPC(9007199254740993, "GetTask", {"id": "nope"}), resp(err(9007199254740992, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-ID-001", E)], "an id past 2^53 answered rounded through a double (a JavaScript agent): not the request id (RPC-002)")
case("R03-v10-result-and-error-both", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "2.0", "id": 1, "result": None, "error": {"code": -32001, "message": "Task not found"}})],
    [("RPC-ENVELOPE-001", E)], "result: null beside error: exactly one of them (RPC-002)")
case("R04-v10-answer-jsonrpc-1-0", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "1.0", "id": 1, "error": {"code": -32001, "message": "Task not found"}})],
    [("RPC-ENVELOPE-001", E)], "answer says jsonrpc 1.0")
case("R05-v10-answer-without-jsonrpc", lambda: C10() + send_done(i=1)[:1] + [
    resp({"id": 1, "result": {"task": task10()}})],
    [("RPC-ENVELOPE-001", E)], "answer without the jsonrpc member (RPC-001)")
case("R06-v10-client-null-id", lambda: C10() + [
    RPC(None, "SendMessage", {"message": msg10()}), resp(ok(None, {"task": task10()}))],
    [("RPC-REQ-001", E)], "client sends id null: JSON-RPC 2.0 discourages it and A2A pairs answers by id (RPC-002)")
case("R07-v10-client-notification-answered", lambda: C10() + [
    req(A, {"jsonrpc": "2.0", "method": "SendMessage", "params": {"message": msg10()}}, headers=V10),
    resp({"jsonrpc": "2.0", "id": None, "result": {"task": task10()}})],
    [("RPC-REQ-001", E), ("RPC-ERROR-001", E)], "a SendMessage sent as a notification (no id), answered with a result instead of -32600")
case("R08-v10-stream-event-other-id", lambda: C10() + [
    req(A, rpc(7, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(ev(W1(), 7)), chunk(ev(DONE(), 1)), chunk("", close="eof")],
    [("STREAM-SHAPE-002", E)], "second event of stream 7 carries id 1 (RPC-005: each event carries the request id)")
case("RL4-legal-v10-stream-string-id", lambda: C10() + [
    req(A, rpc("s-1", "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(ev(W1(), "s-1")), chunk(ev(DONE(), "s-1")), chunk("", close="eof")],
    [], "stream under a string id, every event carrying it")
case("R09-v03-stream-event-id-null", lambda: C03() + [
    req(A, rpc(3, "message/stream", {"message": msg03()}), headers=S03), resp("", headers=SSE),
    chunk(ev(W03(), 3)), chunk(ev(DONE03(), None)), chunk("", close="eof")],
    [("STREAM-SHAPE-002", E)], "0.3 stream: the final event carries id null instead of 3")
case("R10-v10-client-jsonrpc-missing", lambda: C10() + [
    req(A, {"id": 1, "method": "GetTask", "params": {"id": "nope"}}, headers=V10),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-REQ-002", E), ("RPC-ERROR-001", E)], "client request without jsonrpc (RPC-001), answered as a GetTask instead of -32600")
case("R11-v10-error-id-null-for-readable-request", lambda: C10() + [
    RPC(4, "GetTask", {"id": "nope"}), resp(err(None, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-ID-001", E)], "error answer with id null to a readable request with id 4 (null only if the id could not be read, RPC-002)")
case("RL5-legal-v10-parse-error-id-null", lambda: C10() + [
    req(A, '{"jsonrpc":"2.0","id":4,"method":"GetTask","params":{"id":', headers=V10),
    resp(err(None, -32700, "Parse error"))],
    [], "a cut-short request answered -32700 with id null")
case("R12-v10-fractional-id-client", lambda: C10() + [
    RPC(1.5, "GetTask", {"id": "nope"}), resp(err(1.5, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-REQ-001", E)], "client id 1.5: JSON-RPC ids SHOULD NOT have fractional parts")

# ---------------------------------------------------------------- concurrency on one task (C)
def sub10(i, events, close="eof", tid="t1"):
    return [req(A, rpc(i, "SubscribeToTask", {"id": tid}), headers=S10)] + sse(events, i, close=close)


case("C01-v10-cancel-during-stream-stream-goes-on-working", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id=1), resp("", headers=SSE, id=1),
    chunk(ev(W1(), 1), id=1),
    req(A, rpc(2, "CancelTask", {"id": "t1"}), headers=V10, id=2), resp(ok(2, task10(state="CANCELED", n=3)), id=2),
    chunk(ev(st10(state="WORKING", n=4), 1), id=1), chunk(ev(DONE(6), 1), id=1), chunk("", close="eof", id=1)],
    [("TASK-STATE-001", E)],
    "CancelTask answered CANCELED while the send stream was open; the stream then reports WORKING and COMPLETED: a canceled task never changes (TASK-001)")
case("CL1-legal-v10-cancel-during-stream-stream-ends-canceled", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id=1), resp("", headers=SSE, id=1),
    chunk(ev(W1(), 1), id=1),
    req(A, rpc(2, "CancelTask", {"id": "t1"}), headers=V10, id=2), resp(ok(2, task10(state="CANCELED", n=3)), id=2),
    chunk(ev(st10(state="CANCELED", n=3), 1), id=1), chunk("", close="eof", id=1)],
    [], "the open stream reports the cancel and closes")
case("C02-v10-two-streams-one-misses-progress-update", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id=1), resp("", headers=SSE, id=1),
    chunk(ev(W1(), 1), id=1),
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10, id=2), resp("", headers=SSE, id=2),
    chunk(ev({"task": task10(state="WORKING", n=1)}, 2), id=2),
    chunk(ev(st10(state="WORKING", n=3, message=amsg10("step 1", mid="a-s1", taskId="t1", contextId="c1")), 1), id=1),
    chunk(ev(DONE(6), 1), id=1), chunk("", close="eof", id=1),
    chunk(ev(DONE(6), 2), id=2), chunk("", close="eof", id=2)],
    [("STREAM-FANOUT-001", E)],
    "second stream of t1 (SubscribeToTask) misses the WORKING step event that the send stream delivered while both were open (STREAM-006)")
case("CL2-legal-v10-two-streams-same-events", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id=1), resp("", headers=SSE, id=1),
    chunk(ev(W1(), 1), id=1),
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10, id=2), resp("", headers=SSE, id=2),
    chunk(ev({"task": task10(state="WORKING", n=1)}, 2), id=2),
    chunk(ev(st10(state="WORKING", n=3), 1), id=1), chunk(ev(st10(state="WORKING", n=3), 2), id=2),
    chunk(ev(DONE(6), 1), id=1), chunk("", close="eof", id=1),
    chunk(ev(DONE(6), 2), id=2), chunk("", close="eof", id=2)],
    [], "two streams of t1 get the same events")
case("C03-v10-subscribe-replays-events-out-of-order", lambda: C10() + send_w() + sub10(2, [
    {"task": task10(state="WORKING", n=1)}, st10(state="WORKING", n=4), st10(state="WORKING", n=3), DONE(6)]),
    [("STREAM-ORDER-001", W)],
    "SubscribeToTask replays two status updates newest first (STREAM-005: generation order)")
case("CL3-legal-v10-follow-up-while-working", lambda: C10() + send_w() + [
    RPC(2, "SendMessage", {"message": msg10("also this", mid="m2", taskId="t1", contextId="c1"), "configuration": {"returnImmediately": True}}),
    resp(ok(2, {"task": task10(state="WORKING", n=2)})),
    RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, task10(state="COMPLETED", n=5)))],
    [], "a follow-up to a working task is accepted (TASK-007 MAY)")
case("C04-v10-second-client-sees-completed-then-working", lambda: C10() + send_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=3))),
    RPC(3, "GetTask", {"id": "t1"}, h={**V10, "authorization": "Bearer other"}), resp(ok(3, task10(state="WORKING", n=4)))],
    [("TASK-STATE-001", E)],
    "two clients read t1: COMPLETED, then WORKING (one replica behind a load balancer serves a stale task; TASK-001)")
case("C05-v03-resubscribe-replays-final-then-working", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), headers=J03),
    resp(ok(1, task03(state="working", n=1))),
    req(A, rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=S03)] + sse([
        st03(state="completed", final=True, n=5), st03(state="working", n=2)], i=2),
    [("STREAM-END-001", E), ("TASK-STATE-001", E), ("STREAM-ORDER-001", W)],
    "0.3 resubscribe sends the final completed event, then an older working event (STREAM-008)")
case("C06-v10-duplicate-terminal-event", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10)] + sse([W1(), DONE(5), DONE(5)]),
    [("STREAM-END-001", E)],
    "the COMPLETED status update sent twice (a retry in the agent's event queue): nothing follows the terminal event (STREAM-007)")
case("CL4-legal-v10-duplicate-working-event", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10)] + sse([W1(), st10(state="WORKING", n=1), st10(state="WORKING", n=1), DONE(1)]),
    [], "a WORKING status update repeated: odd, harmless")

# ---------------------------------------------------------------- card details (K)
case("KL1-legal-v10-card-two-versions-one-url", lambda: getcard(card10(ifaces=[
    {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) + send_done() + send03_done(2, tid="t2"),
    [], "one URL serves JSON-RPC 1.0 and 0.3 (VER-004); each call in its own version")
case("K02-v10-extended-card-served-capability-false", lambda: C10(capabilities={"streaming": True, "extendedAgentCard": False},
    securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + [
    RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}), resp(ok(1, card10(name="Demo (extended)")))],
    [("CAP-CARD-001", E)], "GetExtendedAgentCard served though capabilities.extendedAgentCard is false (AUTH-005)")
case("K03-v03-extended-card-served-flag-false", lambda: C03(supportsAuthenticatedExtendedCard=False) + [
    req(A, rpc(1, "agent/getAuthenticatedExtendedCard", {}), headers={**J03, "authorization": "Bearer x"}),
    resp(ok(1, card03(name="Demo (extended)")))],
    [("CAP-CARD-002", W)], "0.3 agent served agent/getAuthenticatedExtendedCard though supportsAuthenticatedExtendedCard is false")
case("KL2-legal-v10-card-json-charset", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(), headers={"content-type": "application/json; charset=utf-8", "cache-control": "max-age=60", "etag": "\"x\""})],
    [], "application/json; charset=utf-8")
case("K05-v10-output-mode-text-returns-data", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["text/plain"]}}),
    resp(ok(1, {"message": amsg10(parts=[{"data": {"x": 1}, "mediaType": "application/json"}], contextId="c1")}))],
    [("CAP-MODE-001", W)], "acceptedOutputModes text/plain; the reply is an application/json data part (DATA-004)")
case("KL3-legal-v10-output-mode-wildcard", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["text/*"]}}),
    resp(ok(1, {"message": amsg10(parts=[{"text": "# hi", "mediaType": "text/markdown"}], contextId="c1")}))],
    [], "acceptedOutputModes text/* admits text/markdown")
case("KL4-legal-v10-output-mode-any", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["*/*"]}}),
    resp(ok(1, {"message": amsg10(parts=[{"url": "https://agent.example.test/f.png", "mediaType": "image/png"}], contextId="c1")}))],
    [], "acceptedOutputModes */* admits anything")
case("K06-v03-output-mode-json-returns-text", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["application/json"]}}), headers=J03),
    resp(ok(1, {"kind": "message", "messageId": "a1", "role": "agent", "contextId": "c1", "parts": [{"kind": "text", "text": "plain words"}]}))],
    [("CAP-MODE-001", W)], "0.3: acceptedOutputModes application/json; the reply is a text part")

# ---------------------------------------------------------------- messages and history (M)
case("M01-v10-history-user-message-as-agent", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("question?")}),
    resp(ok(1, {"task": task10(history=[{"messageId": "m1", "role": "ROLE_AGENT", "parts": [{"text": "question?"}], "taskId": "t1", "contextId": "c1"}])}))],
    [("DATA-ROLE-001", W)], "the task history lists the user's message m1 with role ROLE_AGENT (the agent echoed the user's message as its own)")
case("ML1-legal-v10-history-user-then-agent", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("question?")}),
    resp(ok(1, {"task": task10(history=[msg10("question?", taskId="t1", contextId="c1"), amsg10("answer", taskId="t1", contextId="c1")])}))],
    [], "history: the user's message, then the agent's")
case("M02-v03-client-role-proto-name", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": {**msg03(), "role": "ROLE_USER"}}), headers=J03),
    resp(ok(1, task03()))],
    [("DATA-SHAPE-002", E)], "0.3 JSON-RPC message with role ROLE_USER (the 1.0 enum name); 0.3 role is user")
case("M03-v10-client-role-lowercase", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {**msg10(), "role": "user"}}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "1.0 message with role user (the 0.3 spelling); ProtoJSON enum names are ROLE_USER")
case("M04-v10-agent-reply-role-agent-lowercase", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"message": {**amsg10(contextId="c1"), "role": "agent"}}))],
    [("DATA-SHAPE-001", E)], "1.0 reply message role agent (0.3 spelling)")
case("M05-v10-client-message-id-reused-other-text", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("another question", mid="m-t1")}), resp(ok(2, {"task": task10("t2", "c2")}))],
    [("ID-MSG-002", W)], "the client's second message reuses messageId m-t1 for other text (ID-007)")
case("ML2-legal-v10-retry-same-message-id-same-text", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10(mid="m-t1")}), resp(ok(2, {"task": task10("t1", "c1")}))],
    [], "the client retries m-t1 unchanged; the agent dedupes and returns t1 (ID-007)")
case("M06-v10-client-message-without-message-id", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {"role": "ROLE_USER", "parts": [{"text": "hi"}]}}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "messageId missing on the client's message (DATA-005)")
case("M07-v10-agent-message-empty-parts", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"message": amsg10(parts=[], contextId="c1")}))],
    [("DATA-SHAPE-001", E)], "reply message with no parts (DATA-005 parts >= 1)")
case("ML3-legal-v10-reference-task-ids", lambda: C10() + send_done() + [
    RPC(2, "SendMessage", {"message": msg10("again", mid="m2", referenceTaskIds=["t1"])}), resp(ok(2, {"task": task10("t2", "c1")}))],
    [], "a new message referencing the finished t1")

# ---------------------------------------------------------------- encoding (N)
BOM = "\ufeff"
case("N01-v10-stream-bom-mid-stream", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(ev(W1())), chunk(BOM + ev(DONE())), chunk("", close="eof")],
    [("SSE-FRAME-003", E)], "a second BOM before the second event: the data line is ignored (SSE: a BOM only at the start)")
case("NL1-legal-v10-stream-bom-at-start", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(BOM + ev(W1())), chunk(ev(DONE())), chunk("", close="eof")],
    [], "one BOM at the start of the stream is stripped (W3C SSE)")
case("NL2-legal-v10-history-length-as-string", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": "2"}), resp(ok(2, task10()))],
    [], "ProtoJSON accepts an int32 as a decimal string")
case("N03-v10-timestamp-as-number", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": 1796205600}}}))],
    [("DATA-SHAPE-001", E)], "status.timestamp as Unix seconds: ProtoJSON Timestamp is an RFC 3339 string (DATA-002)")
case("NL3-legal-v10-text-with-nul", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("a\u0000b")}), resp(ok(1, {"message": amsg10("got a\u0000b", contextId="c1")}))],
    [], "a NUL inside a JSON string is legal (escaped \\u0000)")
case("NL4-legal-v10-stream-very-long-line", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10)] + sse([
        W1(), {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "x" * 200000}]}}}, DONE()]),
    [], "a 200 kB data line")
case("NL5-legal-v10-total-size-as-string", lambda: C10() + send_done() + [
    RPC(2, "ListTasks", {}), resp(ok(2, {"tasks": [task10()], "nextPageToken": "", "pageSize": 50, "totalSize": "1"}))],
    [], "ProtoJSON int32 totalSize as a string")
case("NL6-legal-v10-request-bom-agent-ignores-it", lambda: C10() + [
    req(A, "\ufeff" + json.dumps(rpc(1, "GetTask", {"id": "nope"})), headers={"content-type": "application/json; charset=utf-16", "a2a-version": "1.0"}),
    resp(err(1, -32001, "x", einfo("TASK_NOT_FOUND")))],
    [], "the client's body starts with a UTF-8 BOM (its DATA-SHAPE-005 note); the agent ignores it as RFC 8259 §8.1 lets a parser do and answers the call")

# ---------------------------------------------------------------- second batch
case("E19-v10-rest-extended-card-not-declared-not-configured", lambda: R10(capabilities={"streaming": True, "extendedAgentCard": False}) + [
    req(H + "/extendedAgentCard", method="GET", headers={"a2a-version": "1.0", "authorization": "Bearer x"}),
    rerr(400, "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "extended card not configured")],
    [("REST-ERROR-001", E)],
    "HTTP+JSON: the card does not declare extendedAgentCard, so GET /extendedAgentCard is UnsupportedOperationError (AUTH-005), not EXTENDED_AGENT_CARD_NOT_CONFIGURED")
case("EL14-legal-v10-extended-card-declared-not-configured", lambda: C10(capabilities={"streaming": True, "extendedAgentCard": True}) + [
    RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}),
    resp(err(1, -32007, "Extended card not configured", einfo("EXTENDED_AGENT_CARD_NOT_CONFIGURED")))],
    [], "declared but not configured: -32007 (AUTH-005)")
case("E20-v03-cancel-completed-returns-task", lambda: C03() + send03_done() + [
    req(A, rpc(2, "tasks/cancel", {"id": "t1"}), headers=J03), resp(ok(2, task03(state="canceled", n=3)))],
    [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.3 tasks/cancel of a completed task returned the task canceled (TASK-003, TASK-001)")
case("EL15-legal-v03-cancel-completed-not-cancelable", lambda: C03() + send03_done() + [
    req(A, rpc(2, "tasks/cancel", {"id": "t1"}), headers=J03), resp(err(2, -32002, "Task cannot be canceled"))],
    [], "0.3 tasks/cancel of a completed task: -32002")
case("E21-v10-jsonrpc-generic-server-error-for-unknown-task", lambda: C10() + [
    RPC(1, "GetTask", {"id": "t-9"}), resp(err(1, -32000, "Task t-9 not found"))],
    [("RPC-ERROR-001", E)], "a generic -32000 server error whose message says the task is missing: TaskNotFoundError is -32001 (ERR-002)")
case("E22-v10-stream-error-event-after-working", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(ev(W1())), chunk("data: " + json.dumps(err(1, -32603, "model backend unavailable")) + "\n\n"), chunk("", close="eof"),
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="FAILED", n=3)))],
    [("STREAM-END-005", E)], "the stream of working t1 ends with a JSON-RPC error event, and GetTask then shows t1 FAILED: the stream withheld the terminal state (STREAM-003)")
case("EL16-legal-v10-rest-push-create-at-push-agent", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rpost("/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": "https://client.example.test/hook"}),
    rok({"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook"})],
    [], "push config created at an agent that declares push")
case("E23-v10-rest-get-unknown-200-with-error-body", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task nope not found", "details": einfo("TASK_NOT_FOUND")}}, status=200, headers=RJ)],
    [("REST-ERROR-001", E)], "GET /tasks/nope answered HTTP 200 with a google.rpc.Status body: a client reads 200 as the Task (ERR-003 errors carry their HTTP status)")
case("RL6-legal-v10-negative-id", lambda: C10() + [
    RPC(-5, "GetTask", {"id": "nope"}), resp(err(-5, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [], "a negative integer id echoed")
case("R13-v10-string-id-leading-zero-answered-number", lambda: C10() + [
    RPC("01", "GetTask", {"id": "nope"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("RPC-ID-001", E)], "request id \"01\" answered with id 1 (an agent that parsed the id as a number)")
case("R14-v03-batch-of-one-answered-bare", lambda: C03() + [
    req(A, [rpc(1, "tasks/get", {"id": "nope"})], headers=J03), resp(err(1, -32001, "Task not found"))],
    [("RPC-ENVELOPE-001", E)], "a batch of one call answered with a bare response object instead of an array of one (JSON-RPC 2.0 §6)")
case("CL5-legal-v10-cancel-working-not-cancelable", lambda: C10() + send_w() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32002, "Task t1 cannot be canceled now", einfo("TASK_NOT_CANCELABLE")))],
    [], "an agent may refuse to cancel a working task it cannot stop (TASK-003)")
case("CL6-legal-v10-two-clients-poll-same-task", lambda: C10() + send_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="WORKING", n=2))),
    RPC(3, "GetTask", {"id": "t1"}, h={**V10, "authorization": "Bearer other"}), resp(ok(3, task10(state="WORKING", n=2))),
    RPC(4, "GetTask", {"id": "t1"}), resp(ok(4, task10(state="COMPLETED", n=5)))],
    [], "two clients poll one task")
case("K07-v10-card-extended-declared-call-unsupported", lambda: C10(capabilities={"streaming": True, "extendedAgentCard": True}) + [
    RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}),
    resp(err(1, -32004, "Unsupported operation", einfo("UNSUPPORTED_OPERATION")))],
    [("RPC-ERROR-001", E)], "the card declares extendedAgentCard, yet GetExtendedAgentCard is refused as unsupported (AUTH-005: -32007 if not configured)")
case("M08-v03-history-user-message-as-agent", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03("question?")}), headers=J03),
    resp(ok(1, task03(history=[{**msg03("question?"), "role": "agent", "taskId": "t1", "contextId": "c1"}])))],
    [("DATA-ROLE-001", W)], "0.3: the task history lists the user's message m1 with role agent")
case("M09-v10-get-task-history-user-message-as-agent", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 5}),
    resp(ok(2, task10(history=[{**msg10(mid="m-t1"), "role": "ROLE_AGENT", "taskId": "t1", "contextId": "c1"}, amsg10(taskId="t1", contextId="c1")])))],
    [("DATA-ROLE-001", W)], "GetTask: history lists the client's message m-t1 as ROLE_AGENT, then the agent's answer")
case("ML4-legal-v10-agent-reply-other-text-same-history", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 5}),
    resp(ok(2, task10(history=[msg10(mid="m-t1", taskId="t1", contextId="c1"), amsg10("hi", mid="a9", taskId="t1", contextId="c1")])))],
    [], "history: the client's message as ROLE_USER, the agent's reply with the same text under its own id")
case("M10-v03-client-message-without-message-id", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": {"kind": "message", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}}), headers=J03),
    resp(ok(1, task03()))],
    [("DATA-SHAPE-002", E)], "0.3 message without messageId (DATA-005)")
case("M11-v10-client-part-text-and-data", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"text": "hi", "data": {"x": 1}}])}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E), ("DATA-PARAM-001", E)], "a 1.0 part with both text and data: Part is exactly one of text|raw|url|data (DATA-004); the agent accepted it instead of refusing it with -32602 (ERR-006, mine42)")
case("N05-v10-task-id-number", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": {"id": 123, "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}))],
    [("DATA-SHAPE-001", E)], "task id is the number 123: Task.id is a string")
case("NL7-legal-v10-escaped-member-names", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp('{"jsonrpc":"2.0","id":1,"result":{"\\u0074ask":{"id":"t1","contextId":"c1","\\u0073tatus":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-02T10:00:01.000Z"}}}}')],
    [], "member names written with \\u escapes are the same names")
case("NL8-legal-v03-crlf-stream", lambda: C03() + [
    req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03), resp("", headers=SSE),
    chunk(ev(W03(), 1, nl="\r\n")), chunk(ev(DONE03(), 1, nl="\r\n")), chunk("", close="eof")],
    [], "0.3 stream with CRLF line endings")

# ---------------------------------------------------------------- third batch
case("ML5-legal-v10-reference-unknown-task-not-found", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("again", referenceTaskIds=["t-gone"])}),
    resp(err(1, -32001, "Referenced task t-gone not found", einfo("TASK_NOT_FOUND")))],
    [], "a message whose referenceTaskIds names a purged task refused TaskNotFound (the message names a task; ID-001)")
case("M12-v10-rest-client-role-lowercase", lambda: R10() + [
    rpost("/message:send", {"message": {**msg10(), "role": "user"}}), rok({"task": task10()})],
    [("DATA-SHAPE-002", E)], "1.0 HTTP+JSON message role user (0.3 spelling) processed")
case("ML6-legal-v03-rest-client-role-proto-name", lambda: R03() + [
    req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
    resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J03)],
    [], "0.3 HTTP+JSON is ProtoJSON of the 0.3 proto: ROLE_USER is its spelling")
case("K08-v10-rest-extended-card-served-capability-false", lambda: R10(capabilities={"streaming": True, "extendedAgentCard": False},
    securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + [
    req(H + "/extendedAgentCard", method="GET", headers={"a2a-version": "1.0", "authorization": "Bearer x"}),
    resp(card10(ifaces=RESTI, name="Demo (extended)"), headers=RJ)],
    [("CAP-CARD-001", E)], "HTTP+JSON GET /extendedAgentCard served though the card does not declare extendedAgentCard (AUTH-005)")
case("K09-v10-stream-artifact-output-mode-not-accepted", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["text/plain"]}}), headers=S10)] + sse([
        W1(), {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"url": "https://agent.example.test/r.png", "mediaType": "image/png"}]}}}, DONE()]),
    [("CAP-MODE-001", W)], "streamed artifact part image/png where the client accepts text/plain only (DATA-004)")
case("NL9-legal-v10-stream-multiline-data", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk("data: " + json.dumps(ok(1, W1()), indent=1).replace("\n", "\ndata: ") + "\n\n"), chunk(ev(DONE())), chunk("", close="eof")],
    [], "a pretty-printed event split over several data: lines (W3C SSE joins them with newlines)")
case("NL10-legal-v10-list-page-size-as-string", lambda: C10() + send_done() + [
    RPC(2, "ListTasks", {"pageSize": "10"}), resp(ok(2, {"tasks": [task10()], "nextPageToken": "", "pageSize": 10, "totalSize": 1}))],
    [], "ProtoJSON accepts the int32 pageSize as a string")

# ---------------------------------------------------------------- fourth batch
def ev_raw(obj, i=1):
    """an SSE event whose JSON keeps non-ASCII characters raw (no \\u escapes)."""
    return "data: " + json.dumps(ok(i, obj), ensure_ascii=False) + "\n\n"


case("NL11-legal-v10-stream-raw-line-separator-in-text", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(ev_raw(W1())), chunk(ev_raw(st10(state="WORKING", n=1, message=amsg10("line one\u2028line two\u0085line three", mid="a-p", taskId="t1", contextId="c1")))),
    chunk(ev_raw(DONE(1))), chunk("", close="eof")],
    [], "raw U+2028 and U+0085 inside an event's JSON: SSE ends lines at CR and LF only")
case("NL12-legal-v10-unicode-ids", lambda: C10() + [
    RPC("réq-😀", "SendMessage", {"message": msg10(mid="m-ü")}), resp(ok("réq-😀", {"task": task10("t-ü", "ctx-😀")})),
    RPC("réq-2", "GetTask", {"id": "t-ü"}), resp(ok("réq-2", task10("t-ü", "ctx-😀")))],
    [], "non-ASCII request ids, task and context ids")
case("EL17-legal-v10-rest-error-with-debug-info", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task nope not found",
        "details": einfo("TASK_NOT_FOUND") + [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "lookup in shard 3"}]}}, status=404, headers=RJ)],
    [], "1.0 HTTP+JSON error with ErrorInfo and a DebugInfo detail")
case("CL7-legal-v10-one-of-two-streams-left-by-its-client", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10, id=1), resp("", headers=SSE, id=1),
    chunk(ev(W1(), 1), id=1),
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10, id=2), resp("", headers=SSE, id=2),
    chunk(ev({"task": task10(state="WORKING", n=1)}, 2), id=2), chunk("", close="client", id=2),
    chunk(ev(st10(state="WORKING", n=1), 1), id=1), chunk(ev(DONE(1), 1), id=1), chunk("", close="eof", id=1)],
    [], "the subscriber leaves; the send stream goes on to the end (STREAM-006: closing one leaves the rest)")
case("R15-v10-client-jsonrpc-number", lambda: C10() + [
    req(A, {"jsonrpc": 2.0, "id": 1, "method": "GetTask", "params": {"id": "nope"}}, headers=V10),
    resp(err(1, -32600, "Invalid Request"))],
    [("RPC-REQ-002", E)], "client sends jsonrpc as the number 2.0 (RPC-001: the string \"2.0\")")
case("R16-v10-answer-jsonrpc-with-space", lambda: C10() + [
    RPC(1, "GetTask", {"id": "nope"}), resp({"jsonrpc": "2.0 ", "id": 1, "error": {"code": -32001, "message": "Task not found"}})],
    [("RPC-ENVELOPE-001", E)], "answer's jsonrpc is \"2.0 \" (a trailing space)")

# ---------------------------------------------------------------- duplicate members (N02)
case("N02-v10-result-duplicate-key-state", lambda: C10() + send_w()[:1] + [
    resp('{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING","state":"TASK_STATE_COMPLETED","timestamp":"2026-12-02T10:00:01.000Z"}}}}')],
    [("DATA-SHAPE-001", E)], "status carries state twice with two values: serde and Python keep COMPLETED, first-wins parsers WORKING (RFC 8259 §4: names SHOULD be unique)")
case("N06-v10-rest-task-duplicate-context-id", lambda: R10() + rsend_done() + [
    rget("/tasks/t1"), resp('{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-02T10:00:01.000Z"},"contextId":"c-other"}', headers=RJ)],
    [("DATA-SHAPE-001", E), ("ID-CTX-002", E)], "GetTask's Task names contextId twice (c1, then c-other); read as the last, the task's context changed")
case("NL13-legal-v10-duplicate-key-same-value", lambda: C10() + send_w()[:1] + [
    resp('{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","id":"t1","contextId":"c1","status":{"state":"TASK_STATE_WORKING","timestamp":"2026-12-02T10:00:01.000Z"}}}}')],
    [], "a member repeated with the same value: every parser reads the same task")
case("M13-v10-client-role-unspecified", lambda: C10() + [
    RPC(1, "SendMessage", {"message": {**msg10(), "role": "ROLE_UNSPECIFIED"}}), resp(ok(1, {"task": task10()}))],
    [("DATA-SHAPE-002", E)], "1.0 client message role ROLE_UNSPECIFIED (the unset proto default; role is REQUIRED, DATA-005)")
case("E17-v10-get-task-negative-history-invalid-agent-response", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": -1}),
    resp(err(2, -32006, "Invalid agent response", einfo("INVALID_AGENT_RESPONSE")))],
    [("RPC-ERROR-001", E)],
    "a negative historyLength is the client's malformed input: ERR-006 wants -32602, not InvalidAgentResponseError (which says the agent failed)")
case("EL18-legal-v10-get-task-negative-history-invalid-params", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": -1}),
    resp(err(2, -32602, "historyLength must be >= 0"))],
    [], "a negative historyLength refused -32602 (ERR-006)")
write_cases(C, OUT)
