"""Writes the b28x blind-adversary transcripts (breaker28): the 1.0 proto's JSON mapping as
real serializers produce it (numbers as strings, enum spellings, defaults written or left
out, null members, oneof parts, proto field names, Value data, bytes as base64 or
base64url), gRPC-transcoding fronts in front of HTTP+JSON (grpc-gateway error bodies,
newline-delimited streams, gRPC status headers on an HTTP+JSON answer), task lifecycle at
the edges (a streamed task polled, a task back from a terminal state, rejected vs failed,
auth-required continued, ListTasks against GetTask, a cancel racing completion), the Agent
Card's own lifecycle (an extended card that renames the agent, duplicate skill ids, an ETag
that lies), concurrency and ordering (two sends on one context, an answer for an id never
sent, one id on two HTTP requests), and sizes (long ids, deep DataPart nesting, thousands
of parts, an empty stream, an empty message, zero-length text). Faulty ones carry the
finding the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker28 (blind adversary, round eight)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)

C = {}
case = case_maker(C, "b28x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
S10 = {**V10, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJS = {**RJ, "accept": "text/event-stream"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
rget = lambda path, h=RJ: req(H + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"})
rpost = lambda path, body, h=RJ: req(H + path, body, headers=h)
rok = lambda body, status=200, h=RJ: resp(body, status=status, headers=h)


def rerr(http, status, reason, msg="failed"):
    b = {"error": {"code": http, "status": status, "message": msg, "details": einfo(reason)}}
    return resp(b, status=http, headers={"content-type": "application/json"})


def sse(events, i=1, close="eof", rest=False, headers=None, **kw):
    out = [resp("", headers=headers or SSE, **kw)]
    for e in events:
        out.append(chunk(rest_ev(e) if rest else ev(e, i), **kw))
    if close:
        out.append(chunk("", close=close, **kw))
    return out


def stream10(events, i=1, p=None, url=A, h=S10, slow=False, **kw):
    """a SendStreamingMessage call and its SSE answer; `slow`: the events arrive a second
    apart, as their status timestamps say they were made."""
    out = [req(url, rpc(i, "SendStreamingMessage", p or {"message": msg10()}), headers=h, **kw)] + sse(events, i, **kw)
    if slow:
        for n, l in enumerate(out[2:], 1):
            l["t"] = round(l["t"] + n, 3)
    return out


def with_arts(t, *arts):
    t["artifacts"] = [{"artifactId": a, "parts": [{"text": x} for x in texts]} for a, texts in arts]
    return t


W1 = lambda **kw: {"task": task10(state="WORKING", n=1, **kw)}
DONE = lambda n=5, **kw: st10(state="COMPLETED", n=n, **kw)


def send(result, i=1, p=None):
    return [RPC(i, "SendMessage", p or {"message": msg10()}), resp(ok(i, result))]


def send_w(i=1, tid="t1", ctx="c1"):
    return [RPC(i, "SendMessage", {"message": msg10(mid="m-" + tid), "configuration": {"returnImmediately": True}}),
            resp(ok(i, {"task": task10(tid, ctx, "WORKING", 1)}))]


def send_done(i=1, tid="t1", ctx="c1"):
    return [RPC(i, "SendMessage", {"message": msg10(mid="m-" + tid)}), resp(ok(i, {"task": task10(tid, ctx, "COMPLETED", 1)}))]


def tsk(**kw):
    """a completed 1.0 Task with members replaced or added."""
    t = task10()
    t.update(kw)
    return t


def amsg(**kw):
    m = amsg10()
    m.update(kw)
    return m


# ---------------------------------------------------------------- the proto's JSON mapping (P)
case("PL1-legal-v10-task-default-members-written", lambda: C10() + send(
    {"task": tsk(artifacts=[], history=[], metadata={})}),
    [], "a serializer with always-print-fields-with-no-presence writes the empty repeated members and an empty Struct")
case("PL2-legal-v10-task-null-members", lambda: C10() + send(
    {"task": tsk(artifacts=None, history=None, metadata=None)}),
    [], "null for absent members (ProtoJSON: null is the default value of any field)")
case("PL3-legal-v10-message-default-members-written", lambda: C10() + send(
    {"message": amsg(contextId="c1", taskId="", referenceTaskIds=[], extensions=[], metadata={})}),
    [], "a reply Message with taskId \"\" (proto3 default: no task), empty repeated members and an empty metadata Struct")
case("PL4-legal-v10-list-tasks-total-size-as-string", lambda: C10() + send_done() + [
    RPC(2, "ListTasks", {}), resp(ok(2, {"tasks": [task10()], "nextPageToken": "", "pageSize": "50", "totalSize": "1"}))],
    [], "int32 members written as JSON strings: ProtoJSON parsers accept a number in a string")
case("PL5-legal-v10-raw-part-base64url-unpadded", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"raw": "-_8A_w", "mediaType": "application/octet-stream"}]}])}),
    [], "bytes in base64url without padding: ProtoJSON parsers accept standard or URL-safe base64, padded or not")
case("P01-v10-raw-part-not-base64", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"raw": "hello world, not base64!", "mediaType": "text/plain"}]}])}),
    [("DATA-SHAPE-001", E)], "a raw part whose bytes are plain text, not base64: ProtoJSON parsers refuse the whole Task")
case("PL6-legal-v10-data-part-array-value", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"data": [1, 2, {"a": None}], "mediaType": "application/json"}]}])}),
    [], "Part.data is a google.protobuf.Value in 1.0: an array is a value")
case("PL7-legal-v10-data-part-string-value", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"data": "42"}]}])}),
    [], "Part.data as a JSON string (a Value)")
case("P02-v10-state-lowercase-enum-name", lambda: C10() + send(
    {"task": tsk(status={"state": "task_state_completed", "timestamp": TS % 1})}),
    [("TASK-STATE-005", E)], "enum names are case-sensitive in ProtoJSON: task_state_completed is no TaskState")
case("P03-v10-agent-role-lowercase-enum-name", lambda: C10() + send(
    {"message": amsg(role="role_agent", contextId="c1")}),
    [("DATA-SHAPE-001", E)], "the reply's role as role_agent (enum names are case-sensitive)")
case("P04-v10-part-text-and-data-both-set", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"text": "42", "data": {"answer": 42}}]}])}),
    [("DATA-SHAPE-001", E)], "an artifact part sets two members of the oneof content (text and data)")
case("PL8-legal-v10-part-oneof-other-members-null", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"text": "42", "url": None, "raw": None}]}])}),
    [], "the other oneof members (url, raw) written as null: ProtoJSON reads null as unset")
case("P14-v10-part-text-and-data-null", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"text": "42", "data": None}]}])}),
    [("DATA-SHAPE-001", E)], "text beside data: null: data is a google.protobuf.Value, for which JSON null is the value NULL_VALUE (set, not absent), so the oneof holds two members (protobuf Go/Java parsers refuse it)")
case("P05-v10-agent-status-update-snake-case", lambda: C10() + stream10([W1(),
    {"statusUpdate": {"task_id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}}]),
    [("STREAM-SHAPE-001", E)], "a status update with proto field names task_id/context_id (preserving_proto_field_name on the server's printer)")
case("P06-v10-client-message-id-empty", lambda: C10() + send(
    {"task": task10()}, p={"message": msg10(mid="")}),
    [("DATA-SHAPE-002", E)], "the client's messageId is \"\" (proto3 default, i.e. unset): messageId is required")
case("P07-v10-task-id-empty", lambda: C10() + send(
    {"task": tsk(id="")}),
    [("DATA-SHAPE-001", E)], "the agent's Task has id \"\": a task the client can never name")
case("P08-v10-client-history-length-fraction", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 1.5}), resp(ok(2, task10(history=[amsg10()])))],
    [("DATA-PARAM-001", E)], "historyLength 1.5 is no int32 (ProtoJSON refuses a fraction); the agent serves it")
case("PL9-legal-v10-history-length-exponent-integer", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 1e0}), resp(ok(2, task10(history=[amsg10()])))],
    [], "historyLength 1.0 (an integral number written as a float by a JSON encoder): ProtoJSON reads it as 1")
case("P16-v10-history-length-float-ignored", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 1e0}), resp(ok(2, task10(history=[msg10("a", mid="m1"), amsg10("b", mid="a1"), msg10("c", mid="m2")])))],
    [("DATA-HISTORY-001", E)], "historyLength 1.0 (an integral float, read as 1 by ProtoJSON parsers) answered with three history messages")
case("P09-v10-append-as-string", lambda: C10() + stream10([W1(),
    art10("r1", "a"), {"artifactUpdate": {**art10("r1", "b")["artifactUpdate"], "append": "true", "lastChunk": "true"}}, DONE(3)]),
    [("STREAM-SHAPE-001", E)], "append and lastChunk as the strings \"true\": ProtoJSON booleans are JSON true/false only")
case("P10-v10-timestamp-as-seconds-nanos-object", lambda: C10() + send(
    {"task": tsk(status={"state": "TASK_STATE_COMPLETED", "timestamp": {"seconds": 1796205601, "nanos": 0}})}),
    [("DATA-SHAPE-001", E)], "google.protobuf.Timestamp printed as its message {seconds, nanos} (a hand-rolled JSON encoder) instead of an RFC 3339 string")
case("P11-v10-card-capabilities-flag-string", lambda: getcard(card10(capabilities={"streaming": "false", "pushNotifications": False})),
    [("CARD-SHAPE-002", E)], "capabilities.streaming as the string \"false\" (truthy in a JavaScript client)")
case("PL10-legal-v10-card-default-capabilities-empty", lambda: getcard(card10(capabilities={})),
    [], "capabilities {} (every flag at its default false, omitted by the serializer)")
case("P12-v10-metadata-struct-as-list-of-pairs", lambda: C10() + send(
    {"task": tsk(metadata=[{"key": "trace", "value": "abc"}])}),
    [("DATA-SHAPE-001", E)], "metadata printed as a list of key/value pairs (a map encoder's fallback) instead of a Struct object")
case("P13-v10-state-unspecified-on-live-task", lambda: C10() + send(
    {"task": tsk(status={"state": "TASK_STATE_UNSPECIFIED", "timestamp": TS % 1})}),
    [("TASK-STATE-005", E)], "the task's state left at the enum's zero value TASK_STATE_UNSPECIFIED (an unset field printed with defaults)")
case("PL11-legal-v10-status-without-state-member-in-update-rejected-not", lambda: C10() + send(
    {"task": tsk(status={"state": "TASK_STATE_REJECTED", "timestamp": TS % 1, "message": amsg10("I do not do that", taskId="t1", contextId="c1")})}),
    [], "a rejected task with its reason in status.message")

# ---------------------------------------------------------------- gRPC-transcoding fronts (R)
case("R01-v10-rest-grpc-gateway-error-body", lambda: R10() + [
    rget("/tasks/nope"), resp({"code": 5, "message": "task nope not found", "details": []}, status=404, headers=J)],
    [("REST-ERROR-001", E)], "grpc-gateway's default error body {code: 5 (the gRPC code), message, details} instead of {error: {code: 404, status, message, details}}")
case("RL1-legal-v10-rest-transcoder-not-found", lambda: R10() + [
    rget("/tasks/nope"), rerr(404, "NOT_FOUND", "TASK_NOT_FOUND", "task nope not found")],
    [], "a transcoder maps NOT_FOUND to 404 with the google.rpc.Status body and ErrorInfo")
case("R02-v10-rest-error-code-is-grpc-code", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 5, "status": "NOT_FOUND", "message": "task nope not found", "details": einfo("TASK_NOT_FOUND")}}, status=404, headers=J)],
    [("REST-ERROR-001", E)], "error.code is the gRPC code 5, not the HTTP status 404 (ERR-003)")
case("R03-v10-rest-detail-without-type", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task nope not found",
                                         "details": [{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}, status=404, headers=J)],
    [("REST-ERROR-001", E)], "an error detail without @type (ERR-003: each detail has @type)")
case("R04-v10-rest-trailers-only-error-as-200", lambda: R10() + [
    rget("/tasks/nope"), resp("", status=200, headers={"content-type": "application/json", "grpc-status": "5", "grpc-message": "task nope not found"})],
    [("DATA-SHAPE-001", E)], "a transcoder turns a trailers-only gRPC error into HTTP 200 with an empty body and the status in grpc-status/grpc-message headers")
case("RL2-legal-v10-rest-answer-with-grpc-status-ok-header", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), resp({"task": task10()}, headers={**RJ, "grpc-status": "0"})],
    [], "an HTTP+JSON answer carrying a stray grpc-status: 0 header from the transcoder")
case("R05-v10-rest-stream-newline-delimited-json", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS),
    resp("\n".join(json.dumps({"result": e}) for e in [W1(), DONE(2)]) + "\n", headers={"content-type": "application/json"})],
    [("STREAM-HTTP-001", E)], "grpc-gateway answers the server-streaming route with newline-delimited {result: ...} objects as application/json instead of SSE")
case("R06-v10-rest-status-code-and-http-disagree", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task nope not found", "details": einfo("TASK_NOT_FOUND")}}, status=500, headers=J)],
    [("REST-ERROR-001", E)], "the body says 404 NOT_FOUND, the HTTP status line says 500")
case("R07-v10-jsonrpc-answered-by-grpc-server", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp("", status=200, headers={"content-type": "application/grpc", "grpc-status": "12", "grpc-message": "unknown service"})],
    [("RPC-ENVELOPE-001", E)], "a JSON-RPC POST lands on a gRPC server (one port for both): 200 application/grpc with grpc-status 12 and no JSON-RPC body")
case("R08-v10-rest-stream-error-event-then-task-failed", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS)] + sse([W1(), {"error": {"code": 500, "status": "INTERNAL", "message": "model crashed"}}], rest=True) + [
    rget("/tasks/t1"), rok(task10(state="FAILED", n=3))],
    [("STREAM-END-005", E)], "the HTTP+JSON stream ends with an INTERNAL error event after the task started; GetTask then shows the task FAILED, the terminal state the stream withheld")
case("RL3-v10-rest-stream-error-event-before-task", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h=RJS)] + sse([{"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message has no parts", "details": einfo("INVALID_ARGUMENT")}}], rest=True),
    [("STREAM-FIRST-001", E)], "an HTTP+JSON stream refused before any task: one error event, then the end. Was a legal control (named b28x-RL3-legal-v10-...); q29a judges it as its JSON-RPC twin is (b21q-Q3, b29q-7): 1.0 \u00a73.1.2 makes a stream begin with the Task or be one Message on every binding, and an error known before the stream starts is the call's plain error response (here HTTP 400 with the AIP-193 body); A2A #1262 (open) asks only how an error after the stream began is told")

# ---------------------------------------------------------------- task lifecycle at the edges (L)
case("LL1-legal-v10-stream-task-polled-during-stream", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**RPC(2, "GetTask", {"id": "t1"}), "id": "g"}, {**resp(ok(2, task10(state="WORKING", n=2))), "id": "g"},
    {**chunk(ev(st10(state="WORKING", n=2))), "id": "s"}, {**chunk(ev(DONE(3))), "id": "s"}, {**chunk("", close="eof"), "id": "s"},
    RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, task10(n=3)))],
    [], "GetTask while the stream runs shows it working; GetTask after the stream shows it completed")
case("L01-v10-get-task-completed-then-stream-works-on", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**RPC(2, "GetTask", {"id": "t1"}), "id": "g"}, {**resp(ok(2, task10(state="COMPLETED", n=2))), "id": "g"},
    {**chunk(ev(st10(state="WORKING", n=3))), "id": "s"}, {**chunk(ev(DONE(4))), "id": "s"}, {**chunk("", close="eof"), "id": "s"}],
    [("TASK-STATE-001", E)], "GetTask shows t1 completed while its stream then reports it working again")
case("L02-v10-rejected-task-polled-as-submitted", lambda: C10() + send({"task": task10(state="REJECTED")}) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="SUBMITTED", n=2)))],
    [("TASK-STATE-001", E)], "the task the agent rejected reads back as submitted")
case("LL2-legal-v10-auth-required-then-continued", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("book it", mid="m1")}),
    resp(ok(1, {"task": {**task10(state="AUTH_REQUIRED"), "status": {"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS % 1, "message": amsg10("Sign in to the calendar at https://cal.example.test/oauth", taskId="t1", contextId="c1")}}})),
    RPC(2, "SendMessage", {"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1")}, h={**V10, "authorization": "Bearer cal-token"}),
    resp(ok(2, {"task": task10(n=2)}))],
    [], "auth-required with its explanation, then the client continues t1 and it completes")
case("L03-v10-list-tasks-shows-completed-task-working", lambda: C10() + send_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=2))),
    RPC(3, "ListTasks", {}), resp(ok(3, {"tasks": [task10(state="WORKING", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("TASK-STATE-001", E)], "GetTask showed t1 completed; a later ListTasks (a stale index) lists it working")
case("LL3-legal-v10-list-tasks-agrees-with-get-task", lambda: C10() + send_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=2))),
    RPC(3, "ListTasks", {}), resp(ok(3, {"tasks": [task10(state="COMPLETED", n=2)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [], "ListTasks lists t1 completed, as GetTask showed it")
case("L04-v10-cancel-loses-race-answers-canceled", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**RPC(2, "CancelTask", {"id": "t1"}), "id": "c"},
    {**chunk(ev(DONE(2))), "id": "s"}, {**chunk("", close="eof"), "id": "s"},
    {**resp(ok(2, task10(state="CANCELED", n=3))), "id": "c"}],
    [("TASK-STATE-001", E)], "the cancel arrives as the task completes; the stream ends COMPLETED, the cancel answers the task CANCELED afterwards")
case("LL4-legal-v10-cancel-loses-race-not-cancelable", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**RPC(2, "CancelTask", {"id": "t1"}), "id": "c"},
    {**chunk(ev(DONE(2))), "id": "s"}, {**chunk("", close="eof"), "id": "s"},
    {**resp(err(2, -32002, "Task t1 cannot be canceled: it is completed", einfo("TASK_NOT_CANCELABLE"))), "id": "c"}],
    [], "the cancel loses the race to completion and is answered TaskNotCancelableError")
case("L05-v10-cancel-answers-completed-task-as-success", lambda: C10() + send_w() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=2)))],
    [("TASK-STATE-003", E)], "the cancel's success result is the task COMPLETED: the client reads a successful cancel of a task that finished (TaskNotCancelableError was due)")
case("L06-v10-stream-status-after-terminal", lambda: C10() + stream10([W1(), DONE(2), st10(state="WORKING", n=3)]),
    [("STREAM-END-001", E), ("TASK-STATE-001", E)], "a status update after the terminal one: the stream goes on and the task leaves its terminal state")
case("L07-v10-stream-artifact-after-failed", lambda: C10() + stream10([W1(), st10(state="FAILED", n=2), art10("r1", "partial", last=True)]),
    [("STREAM-END-001", E)], "an artifact update after the task failed")
case("LL5-legal-v10-stream-final-task-snapshot-after-terminal", lambda: C10() + stream10([W1(), art10("r1", "x", last=True), DONE(2), {"task": with_arts(task10(n=2), ("r1", ["x"]))}]),
    [], "STREAM-007: the agent MAY repeat a final task snapshot after the terminal status")
case("L08-v10-input-required-answered-in-new-context-processed", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("Berlin", mid="m2", taskId="t1", contextId="c9")}), resp(ok(2, {"task": task10(ctx="c9", n=2)}))],
    [("ID-CTX-002", E)], "the answer to input-required names t1 with a new contextId c9, and the agent moves t1 into c9")
case("LL6-legal-v10-input-required-new-context-refused", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("Berlin", mid="m2", taskId="t1", contextId="c9")}),
    resp(err(2, -32602, "task t1 belongs to context c1, not c9", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.context_id", "description": "does not match the task"}]}]))],
    [], "the agent refuses a follow-up whose contextId is not its task's")
case("L09-v10-failed-task-restarted-by-follow-up-stream", lambda: C10() + send({"task": task10(state="FAILED")}) + stream10(
    [{"task": task10(state="WORKING", n=2)}, DONE(3)], i=2, p={"message": msg10("try again", mid="m2", taskId="t1", contextId="c1")}),
    [("TASK-STATE-002", E), ("TASK-STATE-001", E)], "a streaming follow-up to the failed t1 restarts it (TASK-001: refinements are new tasks)")
case("LL7-legal-v10-stream-interrupted-then-follow-up-stream", lambda: C10() + stream10([W1(), st10(state="INPUT_REQUIRED", n=2, message=amsg10("which city?", taskId="t1", contextId="c1"))]) + stream10(
    [{"task": task10(state="WORKING", n=3)}, DONE(4)], i=2, p={"message": msg10("Berlin", mid="m2", taskId="t1", contextId="c1")}),
    [], "a stream closes at input-required; a second stream continues t1 to completion")
case("L10-v10-rest-list-tasks-status-filter-disagrees", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1"), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rget("/tasks/t1"), rok(task10(state="COMPLETED", n=2)),
    rget("/tasks?status=TASK_STATE_WORKING"), rok({"tasks": [task10(state="COMPLETED", n=2)], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [("DATA-LIST-003", E)], "ListTasks filtered on TASK_STATE_WORKING lists t1 completed")

# ---------------------------------------------------------------- the Agent Card's lifecycle (C)
EXT = {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}
XC = lambda card: [RPC(9, "GetExtendedAgentCard", {}, h={**V10, "authorization": "Bearer x"}), resp(ok(9, card))]
case("CL1-legal-v10-extended-card-adds-skills", lambda: C10(capabilities=EXT) + XC(card10(capabilities=EXT, skills=SKILLS + [{"id": "s2", "name": "admin", "description": "Admin tools", "tags": ["admin"]}])),
    [], "the extended card adds a skill for authenticated clients")
case("CL3-legal-v10-extended-card-changes-interface-url", lambda: C10(capabilities=EXT) + XC(card10(url="https://internal.example.test/a2a", capabilities=EXT)),
    [], "the extended card names another interface url than the public card (what a client then calls is the agent's choice): no rule says it must match")
case("CL2-legal-v10-skill-input-modes-differ-from-default", lambda: getcard(card10(skills=[{**SKILLS[0], "inputModes": ["image/png"], "outputModes": ["application/json"]}])),
    [], "a skill's own inputModes/outputModes override the card's defaults")
case("C03-v10-card-etag-same-content-changed", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers={**CH, "etag": "\"1.0.0\""}),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(capabilities={"streaming": False}), headers={**CH, "etag": "\"1.0.0\""})],
    [("CARD-CACHE-002", W)], "the agent derives its ETag from card.version (\"1.0.0\"); a redeploy drops streaming without a version bump, so the second fetch gives other capabilities under the same strong ETag")
case("CL5-legal-v10-card-etag-same-content-reordered", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers=CH),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(json.dumps(dict(reversed(list(card10().items()))), indent=2), headers=CH)],
    [], "the same card under the same ETag, its members in another order and pretty-printed by another replica: the same data")
case("CL6-legal-v10-card-etag-changes-with-content", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers=CH),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(capabilities={"streaming": False}), headers={**CH, "etag": "\"c2\""})],
    [], "the card changed and so did its ETag")
case("CL4-legal-v10-card-304-revalidation", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers=CH),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-none-match": "\"c1\""}), resp("", status=304, headers={"etag": "\"c1\"", "cache-control": "max-age=300"})],
    [], "a 304 revalidation")
case("C05-v10-stream-after-refetched-card-dropped-streaming", lambda: C10() + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(capabilities={"streaming": False}), headers={**CH, "etag": "\"c2\""})] +
    stream10([W1(), DONE(2)]),
    [("CAP-STREAM-001", E)], "the refetched card says streaming: false; the agent still serves a stream")
case("OL1-legal-v10-two-sends-one-context-overlap", lambda: C10() + [
    {**RPC(1, "SendMessage", {"message": msg10("a", mid="m1", contextId="c1")}), "id": "a"},
    {**RPC(2, "SendMessage", {"message": msg10("b", mid="m2", contextId="c1")}), "id": "b"},
    {**resp(ok(2, {"task": task10("t2", "c1", n=2)})), "id": "b"},
    {**resp(ok(1, {"task": task10("t1", "c1", n=3)})), "id": "a"}],
    [], "two sends on context c1 at once, answered in the other order, each with its own task")
case("OL2-legal-v10-same-jsonrpc-id-two-http-requests", lambda: C10() + [
    {**RPC(1, "SendMessage", {"message": msg10("a", mid="m1")}), "id": "a"},
    {**RPC(1, "SendMessage", {"message": msg10("b", mid="m2")}), "id": "b"},
    {**resp(ok(1, {"task": task10("t1", "c1")})), "id": "a"},
    {**resp(ok(1, {"task": task10("t2", "c2", n=2)})), "id": "b"}],
    [], "two HTTP requests in flight, both with JSON-RPC id 1: each HTTP exchange pairs its own answer (id uniqueness matters within a batch or a connection's stream, not across HTTP requests)")
case("O01-v10-answer-for-id-never-sent", lambda: C10() + [
    RPC(7, "SendMessage", {"message": msg10()}), resp(ok(8, {"task": task10()}))],
    [("RPC-ID-001", E)], "the answer names id 8; the call was id 7 (a server reusing a pooled response)")
case("O02-v10-stream-event-with-other-request-id", lambda: C10() + stream10([W1(), DONE(2)], i=3)[:3] + [chunk(ev(DONE(2), 4)), chunk("", close="eof")],
    [("STREAM-SHAPE-002", E)], "a stream event carries id 4; the stream was opened by id 3")
case("O03-v10-artifact-chunk-before-task-event", lambda: C10() + stream10([art10("r1", "x"), W1(), DONE(2)]),
    [("STREAM-FIRST-001", E)], "the first artifact chunk overtakes the Task event")
case("O04-v10-two-streams-one-task-different-ends", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10), "id": "r"}, {**resp("", headers=SSE), "id": "r"},
    {**chunk(ev({"task": task10(state="WORKING")}, 2)), "id": "r"},
    {**chunk(ev(DONE(3))), "id": "s"}, {**chunk("", close="eof"), "id": "s"},
    {**chunk(ev(st10(state="FAILED", n=3), 2)), "id": "r"}, {**chunk("", close="eof"), "id": "r"}],
    [("TASK-STATE-001", E), ("STREAM-FANOUT-001", E)], "the send stream ends t1 COMPLETED, the subscribe stream of the same task ends it FAILED")

# ---------------------------------------------------------------- sizes and limits (S)
LONG = "t-" + "x" * 8000
case("SL1-legal-v10-very-long-task-id", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(LONG, state="WORKING")})),
    RPC(2, "GetTask", {"id": LONG}), resp(ok(2, task10(LONG, n=2)))],
    [], "an 8,002-character task id, handed out and read back")
case("SL2-legal-v10-rest-very-long-task-id-in-path", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(LONG, state="WORKING")}),
    rget("/tasks/" + LONG), rok(task10(LONG, n=2))],
    [], "the same long id in the REST path")


def nest(d):
    o = {"leaf": True}
    for i in range(d):
        o = {"n": o}
    return o


case("SL3-legal-v10-data-part-nested-120-deep", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"data": nest(120)}]}])}),
    [], "a DataPart nested 120 objects deep (below serde_json's 128 and within what most parsers take)")
case("SL4-legal-v10-data-part-nested-400-deep", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"data": nest(400)}]}])}),
    [], "a DataPart nested 400 objects deep: valid JSON (RFC 8259 sets no depth), past serde_json's default recursion limit of 128; the verifier must not call the agent's answer malformed")
case("SL5-legal-v10-message-thousands-of-parts", lambda: C10() + send(
    {"task": task10()}, p={"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": "line %d" % i} for i in range(3000)]}}),
    [], "a message with 3,000 text parts")
case("SL6-legal-v10-task-thousand-artifacts", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r%d" % i, "parts": [{"text": "x"}]} for i in range(1500)])}),
    [], "a task with 1,500 artifacts")
case("SL7-legal-v10-zero-length-text-part", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"text": ""}]}])}, p={"message": msg10("")}),
    [], "zero-length text parts on both sides: proto3 leaves a text of \"\" valid")
case("SL8-legal-v03-zero-length-text-part", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03("")}), headers=J03), resp(ok(1, task03()))],
    [], "0.3: a text part with text \"\"")
case("S01-v10-empty-stream", lambda: C10() + stream10([]),
    [("STREAM-END-002", E)], "200 text/event-stream, no event at all, then EOF")
case("S02-v10-client-message-no-parts", lambda: C10() + send(
    {"task": task10()}, p={"message": {"messageId": "m1", "role": "ROLE_USER", "parts": []}}),
    [("DATA-SHAPE-002", E), ("DATA-PARAM-006", W)], "the client's message has no parts (DATA-005: parts >= 1) and the agent processes it. mine44 (a2a-python #845, field case f978): the agent's side is DATA-PARAM-006 too, a warning (1.0 §5.7: SHOULD reject a missing REQUIRED field): a message with no parts asks for nothing, as a send without a message does")
case("S03-v10-agent-reply-no-parts", lambda: C10() + send(
    {"message": amsg(parts=[], contextId="c1")}),
    [("DATA-SHAPE-001", E)], "the agent's reply Message has no parts")
case("S04-v10-empty-stream-keepalive-only", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE),
    chunk(": keep-alive\n\n"), chunk(": keep-alive\n\n"), chunk("", close="eof")],
    [("STREAM-END-002", E)], "a stream of SSE comments only, then EOF")
case("S05-v10-status-message-no-parts", lambda: C10() + send(
    {"task": tsk(status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 1, "message": amsg(parts=[], taskId="t1", contextId="c1")})}),
    [("DATA-SHAPE-001", E)], "input-required with a status.message that has no parts")
case("SL9-legal-v10-big-text-part", lambda: C10() + send(
    {"task": tsk(artifacts=[{"artifactId": "r1", "parts": [{"text": "lorem ipsum " * 5000}]}])}),
    [], "a 60,000-character text artifact")

# ---------------------------------------------------------------- round two
case("P15-v10-client-message-proto-field-names", lambda: C10() + send(
    {"task": task10()}, p={"message": {"message_id": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}], "context_id": "c1"}}),
    [("DATA-SHAPE-002", E)], "the client's message with proto field names message_id/context_id (a Python client printing with preserving_proto_field_name=True)")
case("PL12-legal-v10-list-tasks-status-filter-enum-number", lambda: C10() + send_done() + [
    RPC(2, "ListTasks", {"status": 3}), resp(ok(2, {"tasks": [task10()], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [], "ListTasks status filter as the enum number 3, TASK_STATE_COMPLETED (ProtoJSON parsers accept an enum's number in a request)")
case("PL13-legal-v10-rejected-directly", lambda: C10() + send({"task": task10(state="REJECTED")}),
    [], "a blocking send answered REJECTED at once (TASK-008: the first state is free)")
case("O05-v10-string-id-answered-as-number", lambda: C10() + [
    req(A, {"jsonrpc": "2.0", "id": "1", "method": "SendMessage", "params": {"message": msg10()}}, headers=V10), resp(ok(1, {"task": task10()}))],
    [("RPC-ID-001", E)], "the call's id is the string \"1\"; the answer's the number 1 (a server that parses ids to int)")
case("OL3-legal-v10-id-zero", lambda: C10() + [
    RPC(0, "SendMessage", {"message": msg10()}), resp(ok(0, {"task": task10()}))],
    [], "JSON-RPC id 0 (falsy in many languages) echoed as 0")
case("O06-v10-success-answer-id-null", lambda: C10() + [
    RPC(5, "SendMessage", {"message": msg10()}), resp(ok(None, {"task": task10()}))],
    [("RPC-ID-001", E)], "a success answer with id null to the call id 5")
case("O07-v10-stream-second-task-event-other-id", lambda: C10() + stream10([W1(), {"task": task10("t2", state="WORKING", n=2)}, DONE(3)]),
    [("ID-EVENT-002", E)], "a second Task event in the stream names another task t2")
case("S06-v10-send-result-empty-object", lambda: C10() + send({}),
    [("DATA-SHAPE-001", E)], "SendMessage answered with result {} (neither task nor message: an unset oneof printed by ProtoJSON)")
case("S07-v10-rest-send-empty-body-200", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), resp("", headers=RJ)],
    [("DATA-SHAPE-001", E)], "POST /message:send answered 200 with an empty body")
case("SL10-legal-v10-long-context-id", lambda: C10() + send(
    {"task": task10(ctx="ctx-" + "y" * 4000)}, p={"message": msg10(contextId="ctx-" + "y" * 4000)}),
    [], "a 4,004-character contextId chosen by the client and kept")
case("SL11-legal-v10-stream-five-hundred-appended-chunks", lambda: C10() + stream10(
    [W1(), art10("r1", "w0 ")] + [art10("r1", "w%d " % i, append=True) for i in range(1, 500)] + [art10("r1", "end", append=True, last=True), DONE(9)]),
    [], "one artifact streamed in 501 chunks, token by token")
case("C07-v10-skill-tags-empty", lambda: getcard(card10(skills=[{**SKILLS[0], "tags": []}])),
    [("CARD-SHAPE-001", E)], "a skill with tags [] (CARD-003: REQUIRED arrays non-empty)")
case("C08-v10-default-input-modes-empty", lambda: getcard(card10(defaultInputModes=[])),
    [("CARD-SHAPE-001", E)], "defaultInputModes [] (a serializer writing the empty default)")
case("RL4-legal-v10-rest-follow-up-to-terminal-400", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()}),
    rpost("/message:send", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}),
    rerr(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "task t1 is completed")],
    [], "a follow-up to the completed t1 refused 400 FAILED_PRECONDITION with reason UNSUPPORTED_OPERATION (1.0.1 mapping)")
case("R09-v10-rest-error-body-with-200", lambda: R10() + [
    rget("/tasks/nope"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task nope not found", "details": einfo("TASK_NOT_FOUND")}}, headers=RJ)],
    [("REST-ERROR-001", E)], "a transcoder answers HTTP 200 with the google.rpc.Status error body: the client reads a success and finds no Task")
case("L11-v10-stream-closed-at-working-after-auth-required-answered", lambda: C10() + stream10([W1(),
    st10(state="AUTH_REQUIRED", n=2, message=amsg10("sign in at https://idp.example.test", taskId="t1", contextId="c1")),
    st10(state="WORKING", n=3)]),
    [("STREAM-END-002", E)], "the task goes auth-required, then working again (the user signed in elsewhere), and the stream ends there without a terminal state")
case("LL8-legal-v10-stream-stays-open-through-auth-required", lambda: C10() + stream10(slow=True, events=[W1(),
    st10(state="AUTH_REQUIRED", n=2, message=amsg10("sign in at https://idp.example.test", taskId="t1", contextId="c1")),
    st10(state="WORKING", n=3), DONE(4)]),
    [], "TASK-006: the stream stays open through auth-required and ends at the terminal state")

# ---------------------------------------------------------------- round three
case("PL14-legal-v10-list-tasks-empty-defaults-omitted", lambda: C10() + [
    RPC(1, "ListTasks", {"contextId": "nothing-here"}), resp(ok(1, {}))],
    [], "an empty ListTasks page printed by a ProtoJSON writer that omits default values: {} is tasks [], nextPageToken \"\", pageSize 0, totalSize 0")
case("P17-v10-list-tasks-next-page-token-omitted-with-more", lambda: C10() + send_done(1, "t1") + send_done(2, "t2", "c2") + [
    RPC(3, "ListTasks", {"pageSize": 1}), resp(ok(3, {"tasks": [task10("t2", "c2")], "pageSize": 1, "totalSize": 2}))],
    [("DATA-LIST-004", E)], "a page of one of two tasks with nextPageToken left out: the client cannot reach the second task")
case("R10-v10-jsonrpc-answered-grpc-web", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp("", status=200, headers={"content-type": "application/grpc-web+proto", "grpc-status": "3", "grpc-message": "invalid JSON"})],
    [("RPC-ENVELOPE-001", E)], "a gRPC-web proxy (Envoy grpc_web filter) in front of the JSON-RPC url answers the POST in gRPC-web")
case("RL5-legal-v10-rest-cancel-not-cancelable-400", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()}),
    rpost("/tasks/t1:cancel", {}), rerr(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed")],
    [], "a transcoder maps FAILED_PRECONDITION to 400 (1.0.1) with reason TASK_NOT_CANCELABLE")
case("L12-v10-canceled-task-stream-goes-on", lambda: C10() + [
    {**req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), "id": "s"}, {**resp("", headers=SSE), "id": "s"},
    {**chunk(ev(W1())), "id": "s"},
    {**RPC(2, "CancelTask", {"id": "t1"}), "id": "c"}, {**resp(ok(2, task10(state="CANCELED", n=2))), "id": "c"},
    {**chunk(ev(st10(state="CANCELED", n=2))), "id": "s"},
    {**chunk(ev(art10("r1", "late result", last=True))), "id": "s"}, {**chunk("", close="eof"), "id": "s"}],
    [("STREAM-END-001", E)], "the task is canceled (the cancel's answer and the stream say so), and the stream then delivers an artifact")
case("LL9-legal-v10-get-task-history-length-zero", lambda: C10() + send_done() + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 0}), resp(ok(2, task10()))],
    [], "historyLength 0: the task without history (DATA-006)")
case("O08-v10-answers-swapped-between-requests", lambda: C10() + [
    {**RPC(1, "SendMessage", {"message": msg10("a", mid="m1")}), "id": "a"},
    {**RPC(2, "GetTask", {"id": "t9"}), "id": "b"},
    {**resp(ok(2, task10("t9", "c9", n=2))), "id": "a"},
    {**resp(ok(1, {"task": task10("t1", "c1")})), "id": "b"}],
    [("RPC-ID-001", E), ("ID-TASK-003", E), ("DATA-SHAPE-001", E)], "a gateway's connection pool mixes up two answers: each request gets the other's JSON-RPC answer")
case("SL12-legal-v10-sse-event-split-into-byte-chunks", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10), resp("", headers=SSE)] +
    [chunk(c) for c in (lambda t: [t[i:i + 7] for i in range(0, len(t), 7)])(ev(W1()) + ev(DONE(2)))] + [chunk("", close="eof")],
    [], "the stream's two events arrive cut into 7-byte reads (a slow link): SSE framing joins them")
case("SL13-legal-v10-metadata-five-hundred-keys", lambda: C10() + send(
    {"task": tsk(metadata={"k%03d" % i: i for i in range(500)})}),
    [], "a task whose metadata Struct has 500 members")
case("C09-v10-signed-card-changed-same-signature", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(signatures=[{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9", "signature": "c2lnbmF0dXJlLW9uZQ"}]), headers={**CH, "etag": "\"a\""}),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url="https://agent2.example.test/a2a", signatures=[{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9", "signature": "c2lnbmF0dXJlLW9uZQ"}]), headers={**CH, "etag": "\"b\""})],
    [("CARD-SIG-003", E)], "the card's interface url changed between two fetches and it carries the same JWS signature: one signature cannot cover both cards")
SIG1 = [{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9", "signature": "c2lnbmF0dXJlLW9uZQ"}]
SIG2 = [{"protected": "eyJhbGciOiJFUzI1NiIsImtpZCI6ImsxIiwidHlwIjoiSk9TRSJ9", "signature": "c2lnbmF0dXJlLXR3bw"}]
case("CL7-legal-v10-signed-card-changed-and-re-signed", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(signatures=SIG1), headers={**CH, "etag": "\"a\""}),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(version="1.0.1", signatures=SIG2), headers={**CH, "etag": "\"b\""})],
    [], "the card changed and was signed again: another signature")
case("CL8-legal-v10-signed-card-same-twice-reordered", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(signatures=SIG1), headers=CH),
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(json.dumps(dict(reversed(list(card10(signatures=SIG1).items())))), headers=CH)],
    [], "the same signed card twice, its members in another order (JCS orders them: the same signed content)")

# ---------------------------------------------------------------- round four
EU_PART = lambda text: {"text": text, "metadata": None, "filename": "", "mediaType": ""}
EU_MSG = lambda text, mid, role, tid="t1": {"messageId": mid, "contextId": "c1", "taskId": tid, "role": role, "parts": [EU_PART(text)],
                                          "metadata": None, "extensions": [], "referenceTaskIds": []}
case("PL15-legal-v10-go-protojson-emit-unpopulated", lambda: C10() + send(
    {"task": {"id": "t1", "contextId": "c1",
              "status": {"state": "TASK_STATE_COMPLETED", "message": None, "timestamp": None},
              "artifacts": [{"artifactId": "r1", "name": "", "description": "", "parts": [EU_PART("42")], "metadata": None, "extensions": []}],
              "history": [EU_MSG("hi", "m1", "ROLE_USER"), EU_MSG("42", "a1", "ROLE_AGENT")], "metadata": None}}),
    [], "a Go agent printing with protojson EmitUnpopulated: every unset scalar as \"\", unset messages as null, empty lists (unset oneof members stay out)")
case("PL16-legal-v10-stream-emit-unpopulated-updates", lambda: C10() + stream10([
    {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "message": None, "timestamp": None}, "artifacts": [], "history": [], "metadata": None}},
    {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "r1", "name": "", "description": "", "parts": [EU_PART("x")], "metadata": None, "extensions": []}, "append": False, "lastChunk": True, "metadata": None}},
    {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "message": None, "timestamp": None}, "metadata": None}}]),
    [], "the same printer on a stream: append false and lastChunk true written out, metadata null")
case("RL6-legal-v10-rest-error-with-grpc-status-headers", lambda: R10() + [
    rget("/tasks/nope"), {**rerr(404, "NOT_FOUND", "TASK_NOT_FOUND", "task nope not found"), "headers": {"content-type": "application/json", "grpc-status": "5", "grpc-message": "task%20nope%20not%20found"}}],
    [], "a transcoder's 404 with the google.rpc.Status body also keeps the gRPC status in grpc-status/grpc-message headers")
case("L13-v10-rejected-task-takes-follow-up", lambda: C10() + send({"task": task10(state="REJECTED")}) + [
    RPC(2, "SendMessage", {"message": msg10("please?", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": task10(state="WORKING", n=2)}))],
    [("TASK-STATE-002", E), ("TASK-STATE-001", E), ("TASK-STATE-007", E)], "the rejected t1 takes a blocking follow-up and answers it working again (rejected is terminal; a blocking send answered working is early too)")
case("SL14-legal-v10-long-history", lambda: C10() + send(
    {"task": tsk(history=[(msg10 if i % 2 == 0 else amsg10)("turn %d" % i, mid="h%d" % i) for i in range(2000)])}),
    [], "a task with 2,000 history messages and no historyLength asked")
write_cases(C, OUT)
