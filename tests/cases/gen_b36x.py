"""Writes the b36x blind-adversary transcripts (breaker36, round sixteen): the JSON-RPC 2.0
envelope in 0.2, 0.3 and 1.0 (responses without or with a wrong `jsonrpc`, with both or
neither of `result` / `error`, error objects without `code` or `message` or of another JSON
type, ids echoed with another type or value or as null, ids a client may and may not send,
notifications, `params` by position or null, batches answered short, long, swapped or out
of order, HTTP statuses around JSON-RPC errors, stream events outside the envelope), and
messages and parts across the generations (0.1 `type`, 0.2 / 0.3 `kind`, the 1.0 part
oneof `text` / `raw` / `url` / `data` with `mediaType` and `filename`, empty and missing
parts, roles, `kind` on 0.x messages, messageId reuse by client and agent across a
conversation, `metadata` and `extensions` on messages, parts and artifacts). Faulty ones
carry the finding the verifier must report; `-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b36x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker36 (blind adversary, round sixteen)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, sse, stream, stream03, tsk, t03, ...)

C = {}
case = case_maker(C, "b36x-", SRC)

# ---------------------------------------------------------------- per generation: a finished task t1, a get of it, its answer
DONE10 = lambda: DONE()
BASE = {"v10": DONE10, "v03": DONE03, "v02": DONE02}
TASK = {"v10": lambda: tsk("COMPLETED", artifacts=ART), "v03": lambda: t03("completed", artifacts=ART03), "v02": lambda: t03("completed", artifacts=ART03)}
GETM = {"v10": "GetTask", "v03": "tasks/get", "v02": "tasks/get"}
HDR = {"v10": V10, "v03": J03, "v02": J03}


def get(v, i, tid="t1"):
    return req(A, rpc(i, GETM[v], {"id": tid}), headers=HDR[v])


def raw(v, body):
    """a call to the JSON-RPC endpoint whose body is `body` as given (a dict, list or text)."""
    return req(A, body, headers=HDR[v])


def nf(v, i):
    """TaskNotFoundError for call `i` in the generation's form (1.0 with its ErrorInfo)."""
    return err(i, -32001, "Task not found", einfo("TASK_NOT_FOUND") if v == "v10" else None)


def env(i, **members):
    """a response object with `members` only (besides id): a hand-built envelope."""
    o = {"jsonrpc": "2.0", "id": i}
    o.update(members)
    for k in [k for k, x in members.items() if x is ...]:
        del o[k]
    return o


def line(o):
    return "data: " + json.dumps(o) + "\n\n"


# ---------------------------------------------------------------- R: response envelopes (RPC-001, RPC-002, JSON-RPC 2.0 §5)
case("R01-v03-get-answer-without-jsonrpc", lambda: DONE03() + [get("v03", 2), resp({"id": 2, "result": TASK["v03"]()})],
     [("RPC-ENVELOPE-001", E)], "0.3 tasks/get answered without the jsonrpc member (RPC-001: jsonrpc \"2.0\" MUST)")
case("R02-v10-error-answer-without-jsonrpc", lambda: DONE10() + [get("v10", 2, "t9"), resp({"id": 2, "error": nf("v10", 2)["error"]})],
     [("RPC-ENVELOPE-001", E)], "1.0 TaskNotFoundError answer without the jsonrpc member")
case("R03-v03-result-and-error-object", lambda: DONE03() + [get("v03", 2), resp(env(2, result=TASK["v03"](), error={"code": -32603, "message": "cache miss"}))],
     [("RPC-ENVELOPE-001", E)], "0.3 answer carries both a result and an error object (RPC-002: exactly one)")
case("R04-v02-answer-neither-result-nor-error", lambda: DONE02() + [get("v02", 2), resp(env(2))],
     [("RPC-ENVELOPE-001", E)], "0.2 answer {jsonrpc, id} without result or error (RPC-002: exactly one)")
case("R05-v10-answer-neither-result-nor-error", lambda: DONE10() + [get("v10", 2), resp(env(2))],
     [("RPC-ENVELOPE-001", E)], "1.0 GetTask answered {jsonrpc, id} alone")
case("R06-v03-error-without-code", lambda: DONE03() + [get("v03", 2, "t9"), resp(env(2, error={"message": "Task not found"}))],
     [("RPC-ENVELOPE-001", E)], "0.3 error object without code (JSON-RPC 2.0 §5.1; 0.3 schema JSONRPCError requires code and message)")
case("R08-v10-error-code-fractional", lambda: DONE10() + [get("v10", 2, "t9"), resp(env(2, error={"code": -32001.5, "message": "Task not found", "data": einfo("TASK_NOT_FOUND")}))],
     [("RPC-ENVELOPE-001", E)], "error code -32001.5 is no integer (JSON-RPC 2.0 §5.1: MUST be an integer)")
case("R09-v03-error-message-number", lambda: DONE03() + [get("v03", 2, "t9"), resp(env(2, error={"code": -32001, "message": 404}))],
     [("RPC-ENVELOPE-001", E)], "error message 404 is a number, not a String")
case("R10-v10-error-is-a-string", lambda: DONE10() + [get("v10", 2, "t9"), resp(env(2, error="Task not found"))],
     [("RPC-ENVELOPE-001", E)], "error member is a string, not an error object")
case("R11-v03-error-is-an-array", lambda: DONE03() + [get("v03", 2, "t9"), resp(env(2, error=[{"code": -32001, "message": "Task not found"}]))],
     [("RPC-ENVELOPE-001", E)], "error member is a list holding the error object")
case("R14-v10-jsonrpc-number", lambda: DONE10() + [get("v10", 2), resp({"jsonrpc": 2.0, "id": 2, "result": TASK["v10"]()})],
     [("RPC-ENVELOPE-001", E)], "jsonrpc 2.0 as a JSON number, not the string \"2.0\"")
case("R15-v02-get-result-null", lambda: DONE02() + [get("v02", 2), resp(env(2, result=None))],
     [("DATA-SHAPE-001", E)], "0.2 tasks/get answered result null: the result is no Task (GetTaskSuccessResponse.result: Task)")
case("R16-v03-stream-event-without-jsonrpc", lambda: C03() + stream03([t03("working"), line({"id": 1, "result": st03(state="completed", final=True, n=3)})]),
     [("RPC-ENVELOPE-001", E)], "0.3 stream event without the jsonrpc member (RPC-005: each data is one JSON-RPC response)")
case("R17-v10-stream-event-result-and-error", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, line(env(1, result=stu("COMPLETED", 3), error={"code": -32603, "message": "late"}))]),
     [("RPC-ENVELOPE-001", E)], "a stream event with both result and error (RPC-002: exactly one)")
case("R18-v10-stream-events-other-id", lambda: C10() + stream([line(ok(2, {"task": tsk("SUBMITTED")})), line(ok(2, stu("COMPLETED", 3)))]),
     [("STREAM-SHAPE-002", E)], "SendStreamingMessage id 1, every event says id 2 (RPC-005: the request id)")
case("R19-v03-stream-events-id-as-string", lambda: C03() + stream03([line(ok("1", t03("working"))), line(ok("1", st03(state="completed", final=True, n=3)))]),
     [("STREAM-SHAPE-002", E)], "message/stream id 1 (a number), events say \"1\" (a string): ids keep their type")
case("R21-legal-v10-members-in-other-order", lambda: DONE10() + [get("v10", 2), resp('{"result": %s, "id": 2, "jsonrpc": "2.0"}' % json.dumps(TASK["v10"]()))],
     [], "members in any order: a JSON object is unordered (RFC 8259 §4)")
case("R22-legal-v02-error-data-list", lambda: DONE02() + [get("v02", 2, "t9"), resp(err(2, -32001, "Task not found", ["t9", "not in store"]))],
     [], "0.2 error data is free-form (a Primitive or Structured value, JSON-RPC 2.0 §5.1)")
case("R23-legal-v03-error-data-null", lambda: DONE03() + [get("v03", 2, "t9"), resp(env(2, error={"code": -32001, "message": "Task not found", "data": None}))],
     [], "0.3 error data null: null is one of JSON-RPC's primitives; 0.x data is free-form")
case("R24-legal-v10-error-data-errorinfo-and-badrequest", lambda: DONE10() + [req(A, rpc(2, "GetTask", {"id": "t1", "historyLength": -1}), headers=V10),
     resp(err(2, -32602, "historyLength must not be negative", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "must be >= 0"}]}]))],
     [], "1.0 error data: a list of @type'd details, a google.rpc.BadRequest (ERR-004); the client's -1 is its own fault (a note at most)")
case("R25-legal-v03-error-message-empty", lambda: DONE03() + [get("v03", 2, "t9"), resp(err(2, -32001, ""))],
     [], "an empty message is a String (JSON-RPC 2.0 §5.1 asks for a short description, not a non-empty one)")
case("R26-legal-v10-pretty-printed-answer", lambda: DONE10() + [get("v10", 2), resp(json.dumps(ok(2, TASK["v10"]()), indent=2) + "\n")],
     [], "an answer with newlines and indentation between its tokens is the same JSON")
case("R27-legal-v02-result-members-reordered-pretty", lambda: DONE02() + [get("v02", 2), resp(json.dumps({"result": TASK["v02"](), "jsonrpc": "2.0", "id": 2}, indent=1))],
     [], "0.2 answer pretty-printed, result first")
case("R28-legal-v03-push-delete-result-null", lambda: DONE03() + [
     R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": "https://hooks.example.test/cb"}}),
     resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": "https://hooks.example.test/cb"}})),
     R0(3, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "cfg-1"}), resp(ok(3, None))],
     [], "0.3 tasks/pushNotificationConfig/delete answers result null (0.3 §7.8: null): result is present")
case("R29-legal-v10-push-delete-result-empty-object", lambda: DONE10() + [
     RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://hooks.example.test/cb"}),
     resp(ok(2, {"id": "cfg-1", "taskId": "t1", "url": "https://hooks.example.test/cb"})),
     RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {}))],
     [], "1.0 Delete answers google.protobuf.Empty, {}")
case("R30-legal-v03-stream-string-id", lambda: C03() + stream03([line(ok("s-1", t03("working"))), line(ok("s-1", st03(state="completed", final=True, n=3)))], i="s-1"),
     [], "0.3 stream under the string id s-1, each event echoes it")
case("R31-legal-v10-stream-id-zero", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("COMPLETED", 3)], i=0),
     [], "request id 0 (an integer), events echo 0")

# ---------------------------------------------------------------- I: ids echoed (RPC-002)
case("I01-v03-string-id-answered-number", lambda: DONE03() + [get("v03", "2"), resp(ok(2, TASK["v03"]()))],
     [("RPC-ID-001", E)], "id \"2\" answered id 2: same digits, another type")
case("I02-v02-number-id-answered-string", lambda: DONE02() + [get("v02", 5), resp(ok("5", TASK["v02"]()))],
     [("RPC-ID-001", E)], "id 5 answered \"5\"")
case("I03-v10-string-id-answered-upper-case", lambda: DONE10() + [get("v10", "req-abc"), resp(ok("REQ-ABC", TASK["v10"]()))],
     [("RPC-ID-001", E)], "id \"req-abc\" answered \"REQ-ABC\": ids compare exactly")
case("I05-v03-error-id-null-readable-request", lambda: DONE03() + [get("v03", 2, "t9"), resp(nf("v03", None))],
     [("RPC-ID-001", E)], "tasks/get id 2 (readable) answered TaskNotFoundError with id null (RPC-002: null only when unreadable)")
case("I07-v10-id-zero-answered-null", lambda: DONE10() + [get("v10", 0), resp(ok(None, TASK["v10"]()))],
     [("RPC-ID-001", E)], "id 0 (a readable integer) answered id null")
case("I08-v10-empty-string-id-answered-null", lambda: DONE10() + [get("v10", ""), resp(ok(None, TASK["v10"]()))],
     [("RPC-ID-001", E)], "id \"\" (a readable string) answered id null")
case("I09-v03-rate-limit-429-other-id", lambda: DONE03() + [get("v03", 3), resp(err(99, -32000, "rate limited"), status=429)],
     [("RPC-ID-002", W)], "429 with a JSON-RPC error whose id 99 is not the call's 3")
case("I10-v02-unavailable-503-id-string-null", lambda: DONE02() + [get("v02", 3), resp(err("null", -32603, "service unavailable"), status=503)],
     [("RPC-ID-002", W)], "503 with a JSON-RPC error whose id is the string \"null\"")
case("I11-v10-send-id-answered-as-string", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok("1", {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("RPC-ID-001", E)], "SendMessage id 1 answered \"1\"")

case("I12-legal-v03-id-zero", lambda: DONE03() + [get("v03", 0), resp(ok(0, TASK["v03"]()))], [], "id 0 echoed 0")
case("I13-legal-v10-id-negative", lambda: DONE10() + [get("v10", -7), resp(ok(-7, TASK["v10"]()))], [], "id -7: any integer")
case("I14-legal-v10-id-empty-string", lambda: DONE10() + [get("v10", ""), resp(ok("", TASK["v10"]()))], [], "id \"\" echoed \"\": any string")
case("I15-legal-v03-id-beyond-2-53", lambda: DONE03() + [get("v03", 9007199254740993), resp(ok(9007199254740993, TASK["v03"]()))],
     [], "id 9007199254740993 (above 2^53) echoed digit for digit: an integer the request carried")
case("I16-legal-v10-id-unicode-string", lambda: DONE10() + [get("v10", "zählung-1"), resp(ok("zählung-1", TASK["v10"]()))], [], "a non-ASCII string id echoed")
case("I17-legal-v10-id-escaped-in-answer", lambda: DONE10() + [get("v10", "zählung-2"), resp('{"jsonrpc": "2.0", "id": "z\\u00e4hlung-2", "result": %s}' % json.dumps(TASK["v10"]()))],
     [], "the answer writes the id's ä as \\u00e4: the same string once decoded (RFC 8259 §7)")
case("I18-legal-v02-id-leading-zeros-string", lambda: DONE02() + [get("v02", "007"), resp(ok("007", TASK["v02"]()))], [], "string id \"007\" echoed as the string")
case("I19-legal-v10-id-int32-max-plus-one", lambda: DONE10() + [get("v10", 2147483648), resp(ok(2147483648, TASK["v10"]()))], [], "id 2^31 echoed")
case("I20-legal-v03-parse-error-id-null", lambda: DONE03() + [raw("v03", '{"jsonrpc": "2.0", "id": 4, "method": "tasks/get", "params": {"id": "t1"'), resp(err(None, -32700, "Parse error"))],
     [], "a body cut short answered -32700 with id null: the id could not be read (JSON-RPC 2.0 §5)")
case("I21-v02-request-id-object-answered-id-null", lambda: DONE02() + [raw("v02", {"jsonrpc": "2.0", "id": {"n": 4}, "method": "tasks/get", "params": {"id": "t1"}}), resp(err(None, -32600, "Invalid Request"))],
     [("RPC-REQ-001", E)], "the client's id is an object (RPC-REQ-001); the agent's -32600 with id null is right (the id is no valid id)")

# ---------------------------------------------------------------- Q: what clients send (RPC-001, RPC-002, JSON-RPC 2.0 §4)
case("Q01-v03-request-id-fractional", lambda: DONE03() + [get("v03", 2.5), resp(ok(2.5, TASK["v03"]()))],
     [("RPC-REQ-001", E)], "id 2.5: 0.3 request ids are string or integer (0.3 schema)")
case("Q02-v02-request-id-boolean", lambda: DONE02() + [get("v02", True), resp(err(None, -32600, "Invalid Request"))],
     [("RPC-REQ-001", E)], "id true")
case("Q03-v10-request-id-object", lambda: DONE10() + [get("v10", {"seq": 2}), resp(err(None, -32600, "Invalid Request", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "id", "description": "must be a string or integer"}]}]))],
     [("RPC-REQ-001", E)], "id {\"seq\": 2}")
case("Q05-v03-send-as-notification", lambda: C03() + [raw("v03", {"jsonrpc": "2.0", "method": "message/send", "params": {"message": msg03(contextId="c1")}}), resp("", status=204, headers={})],
     [("RPC-REQ-001", E)], "message/send without id: a notification, never answered (JSON-RPC 2.0 §4.1)")
case("Q06-v02-request-without-jsonrpc", lambda: DONE02() + [raw("v02", {"id": 2, "method": "tasks/get", "params": {"id": "t1"}}), resp(err(2, -32600, "Invalid Request: jsonrpc must be 2.0"))],
     [("RPC-REQ-002", E)], "0.2 call without jsonrpc, refused -32600")
case("Q07-v03-request-jsonrpc-two", lambda: DONE03() + [raw("v03", {"jsonrpc": "2", "id": 2, "method": "tasks/get", "params": {"id": "t1"}}), resp(ok(2, TASK["v03"]()))],
     [("RPC-REQ-002", E)], "jsonrpc \"2\" (MUST be exactly \"2.0\")")
case("Q08-v10-request-jsonrpc-number", lambda: DONE10() + [raw("v10", {"jsonrpc": 2.0, "id": 2, "method": "GetTask", "params": {"id": "t1"}}), resp(ok(2, TASK["v10"]()))],
     [("RPC-REQ-002", E)], "jsonrpc 2.0 as a number")
case("Q09-v03-params-by-position", lambda: DONE03() + [raw("v03", {"jsonrpc": "2.0", "id": 2, "method": "tasks/get", "params": ["t1"]}), resp(err(2, -32602, "Invalid params"))],
     [("RPC-REQ-005", E)], "params by position [\"t1\"]: A2A params are objects")
case("Q11-v10-batch-with-a-notification", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), {"jsonrpc": "2.0", "method": "SendMessage", "params": {"message": msg10("again", mid="m3", contextId="c1")}}]),
     resp([ok(2, TASK["v10"]())])],
     [("RPC-REQ-001", E)], "a batch holding SendMessage as a notification (no id): answered only for the call (JSON-RPC 2.0 §6)")
case("Q12-v03-batch-two-calls-one-id", lambda: DONE03() + [raw("v03", [rpc(7, "tasks/get", {"id": "t1"}), rpc(7, "tasks/cancel", {"id": "t1"})]),
     resp([ok(7, TASK["v03"]()), err(7, -32002, "Task cannot be canceled")])],
     [("RPC-REQ-004", W)], "tasks/get and tasks/cancel share id 7 in one batch")
case("Q13-v03-request-id-null", lambda: DONE03() + [get("v03", None), resp(ok(None, TASK["v03"]()))],
     [("RPC-REQ-001", E)], "0.3 id null (the schema: string or integer)")
case("Q15-legal-v03-id-uuid-string", lambda: DONE03() + [get("v03", "6f1c0d2e-3b7a-4c1e-9a55-0c2f3e4d5a6b"), resp(ok("6f1c0d2e-3b7a-4c1e-9a55-0c2f3e4d5a6b", TASK["v03"]()))],
     [], "a UUID string id")
case("Q16-legal-v10-list-tasks-params-empty-object", lambda: DONE10() + [RPC(2, "ListTasks", {}), resp(ok(2, {"tasks": [tsk("COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [], "ListTasks with params {} (every member optional)")
case("Q17-legal-v03-get-with-metadata", lambda: DONE03() + [R0(2, "tasks/get", {"id": "t1", "metadata": {"trace": "abc"}}), resp(ok(2, TASK["v03"]()))],
     [], "0.3 tasks/get params with metadata (TaskQueryParams.metadata)")
case("Q18-legal-v02-batch-of-one", lambda: DONE02() + [raw("v02", [rpc(2, "tasks/get", {"id": "t1"})]), resp([ok(2, TASK["v02"]())])],
     [], "0.2 batch of one call answered with an array of one")

# ---------------------------------------------------------------- B: batches (JSON-RPC 2.0 §6)
TWO10 = lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + [RPC(2, "SendMessage", {"message": msg10("second", mid="m2", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}))]
case("B01-v03-batch-of-two-answered-one", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), rpc(3, "tasks/get", {"id": "t9"})]), resp([ok(2, TASK["v03"]())])],
     [("RPC-ID-001", E)], "batch of two calls answered with one response; call 3 never gets its answer (JSON-RPC 2.0 §6; RPC-002: no response carries its id)")
case("B02-v10-batch-answered-extra-response", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"})]), resp([ok(2, TASK["v10"]()), ok(3, TASK["v10"]())])],
     [("RPC-ID-001", E)], "batch of one answered with two responses, the second for an id no call had")
case("B03-v02-batch-answered-ids-null", lambda: DONE02() + [raw("v02", [rpc(2, "tasks/get", {"id": "t1"}), rpc(3, "tasks/get", {"id": "t9"})]),
     resp([ok(None, TASK["v02"]()), nf("v02", None)])],
     [("RPC-ID-001", E)], "both answers of a batch say id null: the client cannot pair them")
case("B04-v10-batch-answers-swapped", lambda: TWO10() + [raw("v10", [rpc(3, "GetTask", {"id": "t1"}), rpc(4, "GetTask", {"id": "t2"})]),
     resp([ok(3, tsk("COMPLETED", 2, tid="t2", artifacts=ART)), ok(4, tsk("COMPLETED", artifacts=ART))])],
     [("ID-TASK-003", E)], "GetTask t1 (id 3) answered with task t2 and GetTask t2 (id 4) with t1")
case("B05-legal-v03-batch-answered-in-reverse", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), rpc(3, "tasks/get", {"id": "t9"})]), resp([nf("v03", 3), ok(2, TASK["v03"]())])],
     [], "answers in another order, paired by id")
case("B06-legal-v10-batch-of-three-in-order", lambda: TWO10() + [raw("v10", [rpc(3, "GetTask", {"id": "t1"}), rpc(4, "GetTask", {"id": "t2"}), rpc(5, "GetTask", {"id": "t9"})]),
     resp([ok(3, tsk("COMPLETED", artifacts=ART)), ok(4, tsk("COMPLETED", 2, tid="t2", artifacts=ART)), nf("v10", 5)])],
     [], "three calls, three answers")
case("B07-legal-v02-batch-of-two-in-order", lambda: DONE02() + [raw("v02", [rpc("a", "tasks/get", {"id": "t1"}), rpc("b", "tasks/get", {"id": "t9"})]), resp([ok("a", TASK["v02"]()), nf("v02", "b")])],
     [], "0.2 batch with string ids")
case("B08-legal-v10-batch-answers-reversed", lambda: TWO10() + [raw("v10", [rpc(3, "GetTask", {"id": "t1"}), rpc(4, "GetTask", {"id": "t2"})]),
     resp([ok(4, tsk("COMPLETED", 2, tid="t2", artifacts=ART)), ok(3, tsk("COMPLETED", artifacts=ART))])],
     [], "answers reversed, each with its own task: control for B04")

# ---------------------------------------------------------------- H: HTTP statuses carrying JSON-RPC errors (ERR-007)
case("H01-legal-v10-not-found-under-404", lambda: DONE10() + [get("v10", 2, "t9"), resp(nf("v10", 2), status=404)],
     [], "TaskNotFoundError under HTTP 404 (ERR-007: the HTTP status of a JSON-RPC error is free)")
case("H02-legal-v03-invalid-params-under-400", lambda: DONE03() + [R0(2, "tasks/get", {"id": "t1", "historyLength": "all"}), resp(err(2, -32602, "historyLength must be an integer"), status=400)],
     [], "the client's historyLength \"all\" refused -32602 under 400 (a note on the client at most)")
case("H03-legal-v10-internal-error-under-500", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(err(1, -32603, "model backend unavailable"), status=500)],
     [], "InternalError under 500")
case("H04-legal-v02-method-not-found-under-404", lambda: DONE02() + [R0(2, "tasks/list", {}), resp(err(2, -32601, "Method not found"), status=404)],
     [], "0.2 has no tasks/list: -32601 under 404")
case("H05-legal-v03-server-range-error-under-503", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(err(1, -32050, "quota exceeded, retry later"), status=503)],
     [], "an implementation-defined server error (-32000 to -32099, ERR-001) under 503, id echoed")

# ---------------------------------------------------------------- P: 1.0 parts (DATA-004: exactly one of text / raw / url / data, plus mediaType, filename, metadata)
MODES = ["text/plain", "text/markdown", "image/png", "application/pdf", "application/json"]
MC10 = lambda **kw: C10(defaultInputModes=MODES, defaultOutputModes=MODES, **kw)
MR10 = lambda: R10(defaultInputModes=MODES, defaultOutputModes=MODES)


def p10(where, parts):
    """1.0 traffic with `parts` at `where`: client (the sent message), result (the answer's
    artifact), stream (an artifactUpdate), rclient / rresult (the same on HTTP+JSON)."""
    done = {"task": tsk("COMPLETED", artifacts=ART)}
    if where == "client":
        return MC10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1", parts=parts)}), resp(ok(1, done))]
    if where == "result":
        return MC10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": parts}]))
    if where == "stream":
        return MC10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", parts=parts, last=True), stu("COMPLETED", 3)])
    if where == "rclient":
        return MR10() + rsend({"message": msg10(contextId="c1", parts=parts)}, done)
    return MR10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": parts}])})


RULE10 = {"client": "DATA-SHAPE-002", "rclient": "DATA-SHAPE-002", "result": "DATA-SHAPE-001", "rresult": "DATA-SHAPE-001", "stream": "STREAM-SHAPE-001"}
BAD10 = [
    ("no-content", [{"mediaType": "text/plain", "filename": "a.txt"}], "a part with mediaType and filename but none of text, raw, url, data", ("client", "result", "stream")),
    ("url-and-data", [{"url": "https://files.example.test/a.pdf", "data": {"pages": 3}}], "a part with both url and data (oneof)", ("client", "rresult")),
    ("raw-and-text", [{"raw": "aGk=", "text": "hi"}], "a part with both raw and text (oneof)", ("stream", "rclient")),
    ("filename-number", [{"raw": "aGk=", "mediaType": "text/plain", "filename": 7}], "filename 7: a string in the proto", ("result",)),
]
for n, (k, parts, what, wheres) in enumerate(BAD10):
    for j, w in enumerate(wheres):
        # mine42 (a2a-js #643, A2A #2087): the agent answered the client's malformed part
        # with a task, which DATA-PARAM-001 now judges too (ERR-006: refuse with -32602).
        accepted = [("DATA-PARAM-001", E)] if w in ("client", "rclient") else []
        case("P%02d-v10-%s-part-%s" % (n * 5 + j + 1, w, k), (lambda w=w, parts=parts: lambda: p10(w, parts))(),
             [(RULE10[w], E)] + accepted, what + " (DATA-004)")

GOOD10 = [
    ("raw-png-filename", [{"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "dot.png"}], ("client", "result", "rclient")),
    ("url-pdf-filename", [{"url": "https://files.example.test/r.pdf", "mediaType": "application/pdf", "filename": "r.pdf"}], ("client", "stream", "rresult")),
    ("data-json-metadata", [{"data": {"rows": [1, 2]}, "mediaType": "application/json", "metadata": {"schema": "v1"}}], ("result", "stream", "rclient")),
    ("text-markdown", [{"text": "# Title", "mediaType": "text/markdown"}], ("client", "result", "rresult")),
    ("all-four", [{"text": "see attached"}, {"raw": "aGk=", "mediaType": "text/plain", "filename": "a.txt"},
                  {"url": "https://files.example.test/r.pdf"}, {"data": ["x", 1, None]}], ("client", "stream", "rresult")),
]
for n, (k, parts, wheres) in enumerate(GOOD10):
    for j, w in enumerate(wheres):
        case("P%02d-legal-v10-%s-part-%s" % (30 + n * 3 + j, w, k), (lambda w=w, parts=parts: lambda: p10(w, parts))(), [], "a well-formed part: exactly one content member, optional mediaType, filename, metadata (DATA-004)")

# ---------------------------------------------------------------- K: 0.2 / 0.3 parts (kind text / file / data; file has bytes or uri; data an object)


def p0x(v, where, parts):
    """0.x traffic with `parts` at `where`: client, result (artifact) or stream (artifact-update)."""
    card = C03 if v == "v03" else C02
    done = t03("completed", artifacts=ART03)
    if where == "client":
        return card() + [R0(1, "message/send", {"message": msg03(contextId="c1", parts=parts)}), resp(ok(1, done))]
    if where == "result":
        return card() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("completed", artifacts=[{"artifactId": "a1", "parts": parts}])))]
    return card() + stream03([t03("working"), art03("a1", parts=parts, last=True), st03(state="completed", final=True, n=3)])


RULE0X = {"client": "DATA-SHAPE-002", "result": "DATA-SHAPE-001", "stream": "STREAM-SHAPE-001"}
BAD0X = [
    ("type-not-kind", [{"type": "text", "text": "hi"}], "a 0.1 part ({type: text}) in a 0.2 / 0.3 message: kind is required", (("v03", "client"), ("v03", "stream"), ("v02", "result"))),
    ("text-without-text", [{"kind": "text"}], "a text part without text", (("v03", "stream"), ("v02", "result"))),
    ("file-without-bytes-or-uri", [{"kind": "file", "file": {"name": "a.txt", "mimeType": "text/plain"}}], "a file part whose file has neither bytes nor uri", (("v03", "result"), ("v02", "client"))),
    ("unknown-kind", [{"kind": "image", "uri": "https://files.example.test/a.png"}], "kind image: not text, file or data", (("v03", "client"),)),
    ("data-list", [{"kind": "data", "data": [1, 2]}], "a 0.x data part whose data is a list (DataPart.data: an object)", (("v02", "client"),)),
]
for n, (k, parts, what, wheres) in enumerate(BAD0X):
    for j, (v, w) in enumerate(wheres):
        case("K%02d-%s-%s-part-%s" % (n * 5 + j + 1, v, w, k), (lambda v=v, w=w, parts=parts: lambda: p0x(v, w, parts))(), [(RULE0X[w], E)], what + " (DATA-004, 0.x schema)")

GOOD0X = [
    ("file-bytes-mime-name", [{"kind": "file", "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "a.txt"}}], (("v03", "client"), ("v03", "stream"), ("v02", "result"))),
    ("file-uri-only", [{"kind": "file", "file": {"uri": "https://files.example.test/a.pdf"}}], (("v03", "result"), ("v02", "client"), ("v03", "stream"))),
    ("data-object-metadata", [{"kind": "data", "data": {"a": {"b": [1]}}, "metadata": {"m": "x"}}], (("v03", "client"), ("v02", "result"), ("v03", "stream"))),
    ("text-metadata", [{"kind": "text", "text": "hi", "metadata": {"lang": "en"}}], (("v02", "client"), ("v03", "result"))),
    ("data-empty-object-and-empty-text", [{"kind": "data", "data": {}}, {"kind": "text", "text": ""}], (("v03", "client"), ("v02", "result"))),
]
for n, (k, parts, wheres) in enumerate(GOOD0X):
    for j, (v, w) in enumerate(wheres):
        case("K%02d-legal-%s-%s-part-%s" % (30 + n * 3 + j, v, w, k), (lambda v=v, w=w, parts=parts: lambda: p0x(v, w, parts))(), [], "a well-formed 0.x part (0.x schema: TextPart, FilePart with bytes or uri, DataPart with an object)")

# ---------------------------------------------------------------- E: empty and missing parts; roles; kind on 0.x messages (DATA-005)
case("E01-v10-get-history-message-parts-empty", lambda: DONE10() + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED", artifacts=ART, history=[msg10(contextId="c1", taskId="t1", parts=[])])))],
     [("DATA-SHAPE-001", E)], "a history message with parts [] (1.0: at least one part)")
case("E02-v10-reply-message-without-parts", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"message": {"messageId": "r1", "role": "ROLE_AGENT", "contextId": "c1"}}))],
     [("DATA-SHAPE-001", E)], "a reply Message without parts")
case("E03-v03-reply-message-without-parts", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, {"kind": "message", "messageId": "r1", "role": "agent", "contextId": "c1"}))],
     [("DATA-SHAPE-001", E)], "a 0.3 reply Message without parts (0.3 schema: parts required)")
case("E05-legal-v03-reply-message-parts-empty", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, {"kind": "message", "messageId": "r1", "role": "agent", "contextId": "c1", "parts": []}))],
     [], "0.3 Message.parts is a required array with no minimum (0.3 schema); 1.0's \"at least one\" is 1.0's")
case("E06-v02-client-message-without-parts", lambda: C02() + [R0(1, "message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "contextId": "c1"}}), resp(err(1, -32602, "Invalid params: message.parts is required"))],
     [("DATA-SHAPE-002", E)], "0.2 client message without parts (refused -32602, rightly)")

case("O01-v03-reply-role-assistant", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"role": "assistant"}))],
     [("DATA-SHAPE-001", E)], "0.3 role \"assistant\": the enum is agent, user")
case("O02-v02-client-role-system", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1", role="system")}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("DATA-SHAPE-002", E)], "0.2 client role \"system\"")
case("O03-v10-client-role-system", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", role="ROLE_SYSTEM")}),
     [("DATA-SHAPE-002", E)], "1.0 role ROLE_SYSTEM: the proto Role has UNSPECIFIED, USER, AGENT")
case("O04-v10-reply-role-unspecified", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"message": amsg10("hello", mid="r1", contextId="c1", role="ROLE_UNSPECIFIED")}))],
     [("DATA-SHAPE-001", E)], "a reply with ROLE_UNSPECIFIED (the proto3 zero value: no role)")
case("O05-v10-stream-status-message-without-role", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg={"messageId": "r1", "parts": [{"text": "thinking"}], "taskId": "t1", "contextId": "c1"}), stu("COMPLETED", 3)]),
     [("STREAM-SHAPE-001", E)], "a status update whose message has no role (DATA-005)")
case("O06-v02-reply-role-user", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"role": "user"}))],
     [("DATA-ROLE-001", W)], "0.2 agent reply with role user")
case("O07-v03-client-role-agent", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1", role="agent")}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("DATA-ROLE-002", W)], "0.3 client message with role agent")
case("O08-v10-rest-client-role-agent", lambda: R10() + rsend({"message": msg10(contextId="c1", role="ROLE_AGENT")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("DATA-ROLE-002", W)], "HTTP+JSON client message with ROLE_AGENT")
case("O10-legal-v03-history-both-roles", lambda: HB03(4), [], "0.3 history alternating user and agent")
case("O11-legal-v02-history-both-roles", lambda: HB02(4), [], "0.2 history alternating user and agent")
case("O12-legal-v10-status-message-agent-role", lambda: IR(), [], "1.0 input-required with the agent's question as status.message")

case("G01-v03-client-message-without-kind", lambda: C03() + [R0(1, "message/send", {"message": {"messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}], "contextId": "c1"}}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("DATA-SHAPE-002", E)], "0.3 client message without kind (0.3 schema: kind \"message\" required)")
case("G02-v02-result-task-without-kind", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, {"id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": TS % 1}, "artifacts": ART03}))],
     [("DATA-SHAPE-001", E)], "0.2 result Task without kind: the client cannot tell Task from Message")
case("G03-v03-result-message-kind-capitalised", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"kind": "Message"}))],
     [("DATA-SHAPE-001", E)], "kind \"Message\": the const is \"message\"")
# ---------------------------------------------------------------- Z: 0.1 (parts with type)
SP01B = lambda parts: {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": parts}}
case("Z01-legal-v01-text-and-data-parts", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "text", "text": "hi"}, {"type": "data", "data": {"k": "v"}}])), resp(ok(1, task01()))],
     [], "0.1 TextPart and DataPart with type (0.1 schema)")
case("Z02-legal-v01-file-part-uri", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "file", "file": {"uri": "https://files.example.test/a.pdf", "mimeType": "application/pdf"}}])), resp(ok(1, task01()))],
     [], "0.1 FilePart with uri")
case("Z03-v01-agent-artifact-part-kind", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(artifacts=[{"parts": [{"kind": "text", "text": "out"}], "index": 0}])))],
     [("DATA-SHAPE-001", E)], "0.1 artifact part with kind instead of type (0.1 TextPart requires type)")
case("Z04-v01-client-part-kind", lambda: C01() + [R01(1, "tasks/send", SP01B([{"kind": "text", "text": "hi"}])), resp(ok(1, task01()))],
     [("DATA-SHAPE-002", E)], "0.1 tasks/send message part with kind instead of type")

# ---------------------------------------------------------------- M: messageIds across a conversation (ID-007)
A10 = lambda text, mid="r1": {"message": amsg10(text, mid=mid, contextId="c1")}
case("M01-v10-agent-replies-reuse-message-id", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(ok(1, A10("hello"))),
     RPC(2, "SendMessage", {"message": msg10("what time is it", mid="m2", contextId="c1")}), resp(ok(2, A10("ten past four")))],
     [("ID-MSG-003", W)], "two replies of other text under messageId r1")
case("M02-v03-agent-replies-reuse-message-id", lambda: C03() + [R0(1, "message/send", {"message": msg03("hi", contextId="c1")}), resp(ok(1, AM3("hello"))),
     R0(2, "message/send", {"message": msg03("what time is it", mid="m2", contextId="c1")}), resp(ok(2, AM3("ten past four")))],
     [("ID-MSG-003", W)], "0.3 replies reuse r1")
case("M03-v02-agent-replies-reuse-message-id", lambda: C02() + [R0(1, "message/send", {"message": msg03("hi", contextId="c1")}), resp(ok(1, AM3("hello"))),
     R0(2, "message/send", {"message": msg03("what time is it", mid="m2", contextId="c1")}), resp(ok(2, AM3("ten past four")))],
     [("ID-MSG-003", W)], "0.2 replies reuse r1")
case("M04-v10-questions-of-two-tasks-reuse-message-id", lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK("Which city?", mid="q1")), p={"message": msg10("book a flight", contextId="c1")}) +
     send(tsk("INPUT_REQUIRED", 2, tid="t2", ctx="c2", msg=ASK("Which date?", mid="q1", tid="t2", ctx="c2")), i=2, p={"message": msg10("book a hotel", mid="m2", contextId="c2")}),
     [("ID-MSG-003", W)], "input-required questions of t1 and t2, other text, one messageId q1")
case("M05-v10-stream-status-messages-reuse-message-id", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg=amsg10("step 1", mid="r1", taskId="t1", contextId="c1")),
     stu("WORKING", 2, msg=amsg10("step 2", mid="r1", taskId="t1", contextId="c1")), stu("COMPLETED", 2)]),
     [("ID-MSG-003", W)], "two progress messages of other text under r1 in one stream")
case("M06-v10-rest-replies-reuse-message-id", lambda: R10() + rsend({"message": msg10("hi", contextId="c1")}, A10("hello")) + rsend({"message": msg10("and now?", mid="m2", contextId="c1")}, A10("still here")),
     [("ID-MSG-003", W)], "HTTP+JSON replies reuse r1")
case("M07-v03-stream-status-messages-reuse-message-id", lambda: C03() + stream03([t03("working"), st03(state="working", n=2) | {"status": {"state": "working", "timestamp": TS % 2, "message": AM03("step 1")}},
     st03(state="working", n=2) | {"status": {"state": "working", "timestamp": TS % 2, "message": AM03("step 2")}}, st03(state="completed", final=True, n=2)]),
     [("ID-MSG-003", W)], "0.3 stream: two progress messages of other text under r1")
case("M08-legal-v10-question-repeated-in-get", lambda: IR() + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("INPUT_REQUIRED", msg=ASK())))],
     [], "GetTask shows the same question (r1, same parts) the send returned")
case("M09-legal-v10-stream-message-again-in-history", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg=amsg10("step", mid="r1", taskId="t1", contextId="c1")), stu("COMPLETED", 3)]) +
     [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED", 3, history=[msg10(contextId="c1", taskId="t1"), amsg10("step", mid="r1", taskId="t1", contextId="c1")])))],
     [], "the progress message r1 appears again, unchanged, in the task's history")
case("M10-legal-v03-reply-ids-differ-in-case", lambda: C03() + [R0(1, "message/send", {"message": msg03("hi", contextId="c1")}), resp(ok(1, AM3("hello", mid="r1"))),
     R0(2, "message/send", {"message": msg03("again", mid="m2", contextId="c1")}), resp(ok(2, AM3("hello again", mid="R1")))],
     [], "r1 and R1 are different ids")
case("M11-legal-v10-retry-answered-same-reply", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(ok(1, A10("hello"))),
     RPC(2, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(ok(2, A10("hello")))],
     [], "a retry (same messageId, same message) answered with the same reply r1 (ID-007: dedupe)")
case("M12-legal-v02-history-ids-repeated-in-get", lambda: HB02(4) + [R0(2, "tasks/get", {"id": "t1"}), resp(ok(2, t03("completed", history=hist03(4), artifacts=ART03)))],
     [], "0.2 tasks/get repeats the history the send showed, the same ids")

case("M13-v03-follow-up-reuses-first-message-id", lambda: IR03() + [R0(2, "message/send", {"message": msg03("Paris", mid="m1", taskId="t1", contextId="c1")}), resp(ok(2, t03("completed", 2, artifacts=ART03)))],
     [("ID-MSG-002", W)], "the answer to the agent's question is sent under m1, the first message's id, with other text")
case("M14-v02-second-send-reuses-message-id", lambda: C02() + [R0(1, "message/send", {"message": msg03("one", contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03))),
     R0(2, "message/send", {"message": msg03("two", contextId="c1")}), resp(ok(2, t03("completed", 2, tid="t2", artifacts=ART03)))],
     [("ID-MSG-002", W)], "0.2: two messages of other text under m1")
case("M15-v10-send-reuses-stream-message-id", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("COMPLETED", 3)], p={"message": msg10("first", contextId="c1")}) +
     [RPC(2, "SendMessage", {"message": msg10("second", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", 4, tid="t2", artifacts=ART)}))],
     [("ID-MSG-002", W)], "a streamed message and a later send share m1 with other text")
case("M16-v10-batch-two-sends-one-message-id", lambda: C10() + [raw("v10", [rpc(1, "SendMessage", {"message": msg10("one", mid="m7", contextId="c1")}), rpc(2, "SendMessage", {"message": msg10("two", mid="m7", contextId="c1")})]),
     resp([ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)})])],
     [("ID-MSG-002", W)], "one batch, two messages of other text under m7")
case("M17-legal-v10-retry-after-503-same-message", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(err(1, -32603, "overloaded, retry"), status=503),
     RPC(2, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "the same message retried under its messageId after a 503")
case("M18-legal-v03-client-ids-differ-in-case", lambda: C03() + [R0(1, "message/send", {"message": msg03("one", mid="m1", contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03))),
     R0(2, "message/send", {"message": msg03("two", mid="M1", contextId="c1")}), resp(ok(2, t03("completed", 2, tid="t2", artifacts=ART03)))],
     [], "m1 and M1 are different ids")
case("M19-legal-v10-retry-metadata-keys-reordered", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1", parts=[{"text": "hi", "metadata": {"a": 1, "b": 2}}])}), resp(err(1, -32603, "timeout"), status=504),
     req(A, '{"jsonrpc": "2.0", "id": 2, "method": "SendMessage", "params": {"message": {"parts": [{"metadata": {"b": 2, "a": 1}, "text": "hi"}], "contextId": "c1", "role": "ROLE_USER", "messageId": "m1"}}}', headers=V10),
     resp(ok(2, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "the retry writes the same message with its members and metadata keys in another order: the same JSON value")
case("M20-legal-v10-retry-other-configuration", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hi", contextId="c1")}), resp(err(1, -32603, "timeout"), status=504),
     RPC(2, "SendMessage", {"message": msg10("hi", contextId="c1"), "configuration": {"acceptedOutputModes": ["text/plain"]}}), resp(ok(2, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "the retry changes the configuration, not the message")

# ---------------------------------------------------------------- X: metadata and extensions (0.x schema: metadata an object, extensions a list of URI strings; proto Struct, repeated string)
case("X01-v03-reply-message-extensions-string", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"extensions": "https://ext.example.test/geo/v1"}))],
     [("DATA-SHAPE-001", E)], "0.3 Message.extensions a string, not a list")
case("X02-v02-artifact-extensions-objects", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}),
     resp(ok(1, t03("completed", artifacts=[{"artifactId": "a1", "parts": [{"kind": "text", "text": "r"}], "extensions": [{"uri": "https://ext.example.test/geo/v1"}]}])))],
     [("DATA-SHAPE-001", E)], "0.2.5 Artifact.extensions holding objects, not URI strings")
case("X03-v10-artifact-extensions-numbers", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "r"}], "extensions": [1, 2]}])),
     [("DATA-SHAPE-001", E)], "1.0 Artifact.extensions [1, 2] (repeated string)")
case("X04-v10-stream-part-metadata-list", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", parts=[{"text": "r", "metadata": [["k", "v"]]}], last=True), stu("COMPLETED", 3)]),
     [("STREAM-SHAPE-001", E)], "a part's metadata as a list of pairs (Struct: an object)")
case("X05-v03-reply-part-metadata-string", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"parts": [{"kind": "text", "text": "hello", "metadata": "lang=en"}]}))],
     [("DATA-SHAPE-001", E)], "0.3 part metadata a string")
case("X07-v10-client-part-metadata-string", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", parts=[{"text": "hi", "metadata": "lang=en"}])}),
     [("DATA-SHAPE-002", E)], "1.0 client part metadata a string")
case("X08-v03-client-message-extensions-string", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1", extensions="https://ext.example.test/geo/v1")}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("DATA-SHAPE-002", E)], "0.3 client Message.extensions a string")
case("X10-legal-v03-message-extensions-and-metadata", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1", extensions=["https://ext.example.test/geo/v1"], metadata={"trace": "abc"})}),
     resp(ok(1, AM3("hello") | {"extensions": ["https://ext.example.test/geo/v1"], "metadata": {"https://ext.example.test/geo/v1": {"lat": 1.5}}}))],
     [], "0.3 extensions (a list of URIs) and metadata (an object) on both messages")
case("X11-legal-v02-part-metadata-object", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1", parts=[{"kind": "text", "text": "hi", "metadata": {"lang": "en"}}])}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [], "0.2 part metadata an object")
case("X12-legal-v10-artifact-every-member", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "name": "report", "description": "the report", "parts": [{"text": "r"}],
     "extensions": ["https://ext.example.test/geo/v1"], "metadata": {"pages": 1}}])),
     [], "1.0 Artifact with name, description, extensions and metadata")
case("X13-legal-v10-stream-status-metadata", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, {"statusUpdate": st10(state="WORKING", n=2)["statusUpdate"] | {"metadata": {"progress": 0.5}}}, stu("COMPLETED", 3)]),
     [], "a statusUpdate with metadata (an object)")
case("X14-legal-v10-client-message-extensions", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", extensions=["https://ext.example.test/geo/v1"])}),
     [], "1.0 Message.extensions a list of URIs")
case("X15-legal-v02-reply-extensions-list", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"extensions": ["https://ext.example.test/geo/v1"]}))],
     [], "0.2.5 Message.extensions a list of URIs")

# ---------------------------------------------------------------- L: more legal controls beside the faults above (written blind, with round one's)
JU = {"content-type": "application/json; charset=utf-8", "a2a-version": "1.0"}
case("L01-legal-v10-batch-send-and-get", lambda: DONE10() + [raw("v10", [rpc(2, "SendMessage", {"message": msg10("second", mid="m2", contextId="c1")}), rpc(3, "GetTask", {"id": "t1"})]),
     resp([ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}), ok(3, TASK["v10"]())])],
     [], "a batch of a send and a GetTask of the earlier task, answered in order")
case("L02-legal-v03-batch-two-sends", lambda: C03() + [raw("v03", [rpc(1, "message/send", {"message": msg03("one", mid="m1", contextId="c1")}), rpc(2, "message/send", {"message": msg03("two", mid="m2", contextId="c1")})]),
     resp([ok(1, t03("completed", artifacts=ART03)), ok(2, t03("completed", 2, tid="t2", artifacts=ART03))])],
     [], "0.3 batch of two sends with their own messageIds")
case("L03-legal-v10-batch-two-sends-own-ids", lambda: C10() + [raw("v10", [rpc(1, "SendMessage", {"message": msg10("one", mid="m7", contextId="c1")}), rpc(2, "SendMessage", {"message": msg10("two", mid="m8", contextId="c1")})]),
     resp([ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)})])],
     [], "control for M16: one batch, two messages, two messageIds")
case("L04-legal-v10-invalid-params-under-422", lambda: DONE10() + [RPC(2, "GetTask", {"id": "t1", "historyLength": -3}), resp(err(2, -32602, "historyLength must not be negative"), status=422)],
     [], "-32602 under HTTP 422 (ERR-007); the client's -3 is a note on the client at most")
case("L05-legal-v10-stream-question-repeated-in-closing-task", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("INPUT_REQUIRED", 2, msg=ASK()), {"task": tsk("INPUT_REQUIRED", 2, msg=ASK())}]),
     [], "the question r1 in the status update and again, unchanged, in the closing Task snapshot")
case("L06-legal-v10-reply-id-equals-artifact-id", lambda: DONE10() + [RPC(2, "SendMessage", {"message": msg10("thanks", mid="m2", contextId="c1")}), resp(ok(2, A10("you are welcome", mid="a1")))],
     [], "a reply messageId a1 that is also an artifactId: other namespaces")
case("L07-legal-v10-two-questions-same-text-own-ids", lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK("Which city?", mid="q1")), p={"message": msg10("book a flight", contextId="c1")}) +
     send(tsk("INPUT_REQUIRED", 2, tid="t2", ctx="c2", msg=ASK("Which city?", mid="q2", tid="t2", ctx="c2")), i=2, p={"message": msg10("book a hotel", mid="m2", contextId="c2")}),
     [], "control for M04: the same question in two tasks under q1 and q2")
case("L08-legal-v10-question-kept-in-history-after-answer", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART, history=[msg10("book a flight", contextId="c1", taskId="t1"), ASK(), msg10("Paris", mid="m2", taskId="t1", contextId="c1")])}, taskId="t1", contextId="c1"),
     [], "after the answer, the history carries the question r1 unchanged")
case("L09-legal-v03-stream-progress-then-final-own-ids", lambda: C03() + stream03([t03("working"), st03(state="working", n=2) | {"status": {"state": "working", "timestamp": TS % 2, "message": AM03("step 1", mid="r1")}},
     st03(state="completed", final=True, n=2) | {"status": {"state": "completed", "timestamp": TS % 2, "message": AM03("done", mid="r2")}}]),
     [], "control for M07: two status messages under r1 and r2")
case("L10-legal-v10-stream-progress-own-ids", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg=amsg10("step 1", mid="r1", taskId="t1", contextId="c1")),
     stu("WORKING", 2, msg=amsg10("step 2", mid="r2", taskId="t1", contextId="c1")), stu("COMPLETED", 2)]),
     [], "control for M05: progress messages under r1 and r2")
case("L11-legal-v03-follow-up-new-message-id", lambda: IR03() + [R0(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, t03("completed", 2, artifacts=ART03)))],
     [], "control for M13: the answer under its own messageId")
case("L12-legal-v02-two-sends-own-ids", lambda: C02() + [R0(1, "message/send", {"message": msg03("one", contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03))),
     R0(2, "message/send", {"message": msg03("two", mid="m2", contextId="c1")}), resp(ok(2, t03("completed", 2, tid="t2", artifacts=ART03)))],
     [], "control for M14")
case("L13-legal-v01-text-part-metadata", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "text", "text": "hi", "metadata": {"lang": "en"}}])), resp(ok(1, task01()))],
     [], "0.1 TextPart with metadata")
case("L14-legal-v01-get-task", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(artifacts=[{"parts": [{"type": "text", "text": "out"}], "index": 0}]))),
     R01(2, "tasks/get", {"id": "t1"}), resp(ok(2, task01(artifacts=[{"parts": [{"type": "text", "text": "out"}], "index": 0}])))],
     [], "0.1 tasks/get of the task the send created, artifacts with type parts")
case("L15-legal-v01-status-message-agent", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="input-required", status={"state": "input-required", "message": msg01("Which city?", "agent"), "timestamp": "2026-12-02T10:00:01"})))],
     [], "0.1 input-required with the agent's question (type text part, role agent)")
case("L16-legal-v10-raw-empty", lambda: p10("result", [{"raw": "", "mediaType": "application/octet-stream", "filename": "empty.bin"}]),
     [], "raw \"\" (zero bytes) is set: a oneof member keeps its presence in ProtoJSON")
case("L17-legal-v10-data-false-and-zero", lambda: p10("client", [{"data": False}, {"data": 0}]),
     [], "data false and data 0: google.protobuf.Value holds any JSON value")
case("L18-legal-v03-file-bytes-empty", lambda: p0x("v03", "result", [{"kind": "file", "file": {"bytes": "", "name": "empty.txt", "mimeType": "text/plain"}}]),
     [], "0.3 file of zero bytes")
case("L19-legal-v02-text-empty", lambda: p0x("v02", "client", [{"kind": "text", "text": ""}]),
     [], "0.2 empty text part")
case("L20-legal-v10-id-long-string", lambda: DONE10() + [get("v10", "x" * 300), resp(ok("x" * 300, TASK["v10"]()))], [], "a 300-character string id echoed")
case("L21-legal-v10-stream-string-id", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("COMPLETED", 3)], i="abc"), [], "SendStreamingMessage under the string id abc, events echo it")
case("L22-legal-v02-stream-echoes-id", lambda: C02() + stream03([t03("working"), st03(state="completed", final=True, n=3)], i=5), [], "0.2 message/stream id 5, events echo 5")
case("L23-legal-v10-answer-json-charset", lambda: DONE10() + [get("v10", 2), resp(ok(2, TASK["v10"]()), headers=JU)], [], "application/json; charset=utf-8")
case("L24-legal-v03-answer-json-charset-upper", lambda: DONE03() + [get("v03", 2), resp(ok(2, TASK["v03"]()), headers={"content-type": "application/json;charset=UTF-8"})], [], "application/json;charset=UTF-8")
case("L25-legal-v10-message-metadata-nested", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", metadata={"a": [[1, 2], {"b": None}], "c": {"d": {"e": "f"}}})}),
     [], "message metadata with nested lists, objects and null")
case("L26-legal-v03-artifact-name-description-metadata", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}),
     resp(ok(1, t03("completed", artifacts=[{"artifactId": "a1", "name": "report", "description": "the report", "metadata": {"pages": 2}, "parts": [{"kind": "text", "text": "r"}]}])))],
     [], "0.3 Artifact with name, description, metadata")
case("L27-legal-v10-reply-reference-task-ids", lambda: DONE10() + [RPC(2, "SendMessage", {"message": msg10("summarise t1", mid="m2", contextId="c1", referenceTaskIds=["t1"])}),
     resp(ok(2, {"message": amsg10("t1 booked a flight", mid="r2", contextId="c1", referenceTaskIds=["t1"], extensions=["https://ext.example.test/geo/v1"])}))],
     [], "a reply Message without taskId, with referenceTaskIds and extensions")
case("L28-legal-v03-reply-reference-task-ids", lambda: DONE03() + [R0(2, "message/send", {"message": msg03("summarise t1", mid="m2", contextId="c1", referenceTaskIds=["t1"])}),
     resp(ok(2, AM3("t1 booked a flight", mid="r2", referenceTaskIds=["t1"])))],
     [], "0.3 reply Message with referenceTaskIds")
case("L29-legal-v10-error-data-retry-info", lambda: DONE10() + [get("v10", 2, "t9"), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND") + [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "5s"}]))],
     [], "ErrorInfo and a google.rpc.RetryInfo in data (ERR-004: @type'd details)")
case("L30-legal-v02-message-to-completed-task-unsupported", lambda: DONE02() + [R0(2, "message/send", {"message": msg03("more", mid="m2", taskId="t1", contextId="c1")}), resp(err(2, -32004, "Task t1 is completed"))],
     [], "0.2: a message to a completed task refused -32004 (0.x: an error, code unspecified; TASK-001)")
case("L31-legal-v03-error-data-object", lambda: DONE03() + [get("v03", 2, "t9"), resp(err(2, -32001, "Task not found", {"taskId": "t9", "code": "E_NOTFOUND"}))],
     [], "0.3 error data an object with its own code member (free-form)")
case("L32-legal-v10-batch-notification-free-getters", lambda: TWO10() + [raw("v10", [rpc("g1", "GetTask", {"id": "t1"}), rpc("g2", "GetTask", {"id": "t2", "historyLength": 0})]),
     resp([ok("g1", tsk("COMPLETED", artifacts=ART)), ok("g2", tsk("COMPLETED", 2, tid="t2", artifacts=ART))])],
     [], "string ids in a 1.0 batch")

# ---------------------------------------------------------------- N: a third blind pass (written before the verifier's code was read): batches element by element, 0.1 parts, messageIds across streams
case("N01-v03-stream-later-event-other-id", lambda: C03() + stream03([t03("working"), line(ok(2, st03(state="completed", final=True, n=3)))]),
     [("STREAM-SHAPE-002", E)], "the second event of stream id 1 says id 2 (RPC-005)")
case("N02-v10-error-data-detail-without-type", lambda: DONE10() + [get("v10", 2, "t9"), resp(err(2, -32001, "Task not found", [{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]))],
     [("RPC-ENVELOPE-001", E)], "1.0 error data holds a detail without @type (ERR-004: each an @type'd object)")
case("N03-v10-batch-element-params-list", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), {"jsonrpc": "2.0", "id": 3, "method": "GetTask", "params": ["t1"]}]),
     resp([ok(2, TASK["v10"]()), err(3, -32602, "Invalid params")])],
     [("RPC-REQ-005", E)], "the second call of a batch passes params by position")
case("N04-v03-batch-element-without-jsonrpc", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), {"id": 3, "method": "tasks/get", "params": {"id": "t1"}}]),
     resp([ok(2, TASK["v03"]()), err(3, -32600, "Invalid Request")])],
     [("RPC-REQ-002", E)], "a batch element without jsonrpc")
case("N05-v10-batch-element-id-fractional", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), rpc(3.5, "GetTask", {"id": "t1"})]),
     resp([ok(2, TASK["v10"]()), ok(3.5, TASK["v10"]())])],
     [("RPC-REQ-001", E)], "a batch element with id 3.5")
case("N06-v10-batch-send-parts-empty", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), rpc(3, "SendMessage", {"message": msg10("x", mid="m3", contextId="c1", parts=[])})]),
     resp([ok(2, TASK["v10"]()), ok(3, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)})])],
     [("DATA-SHAPE-002", E)], "a send inside a batch whose message has parts [] (1.0: at least one part)")
case("N07-v03-batch-answer-task-without-status", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), rpc(3, "tasks/get", {"id": "t1"})]),
     resp([ok(2, TASK["v03"]()), ok(3, {"kind": "task", "id": "t1", "contextId": "c1", "artifacts": ART03})])],
     [("DATA-SHAPE-001", E)], "the second answer of a batch is a Task without status")
case("N08-v10-batch-answer-element-without-jsonrpc", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), rpc(3, "GetTask", {"id": "t9"})]),
     resp([ok(2, TASK["v10"]()), {"id": 3, "error": nf("v10", 3)["error"]}])],
     [("RPC-ENVELOPE-001", E)], "an element of the batch answer without jsonrpc")
case("N09-v03-batch-answer-error-without-code", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), rpc(3, "tasks/get", {"id": "t9"})]),
     resp([ok(2, TASK["v03"]()), env(3, error={"message": "Task not found"})])],
     [("RPC-ENVELOPE-001", E)], "an error in a batch answer without code")
case("N10-v10-batch-replies-reuse-message-id", lambda: C10() + [raw("v10", [rpc(1, "SendMessage", {"message": msg10("hi", contextId="c1")}), rpc(2, "SendMessage", {"message": msg10("the time?", mid="m2", contextId="c1")})]),
     resp([ok(1, A10("hello")), ok(2, A10("ten past four"))])],
     [("ID-MSG-003", W)], "two replies of other text under r1 in one batch answer")
case("N11-v10-batch-answer-id-other-type", lambda: DONE10() + [raw("v10", [rpc(2, "GetTask", {"id": "t1"}), rpc(3, "GetTask", {"id": "t9"})]),
     resp([ok(2, TASK["v10"]()), nf("v10", "3")])],
     [("RPC-ID-001", E)], "the batch answer says \"3\" for the call with id 3")
case("N12-v10-rest-get-status-message-without-message-id", lambda: R10() + rsend({"message": msg10("book", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK())}) +
     [rget("/tasks/t1"), resp(tsk("INPUT_REQUIRED", msg={"role": "ROLE_AGENT", "parts": [{"text": "Which city?"}], "taskId": "t1", "contextId": "c1"}), headers=RJR)],
     [("DATA-SHAPE-001", E)], "GET /tasks/t1: status.message without messageId (DATA-005)")
case("N13-v03-reply-part-in-1-0-form", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, AM3("hello") | {"parts": [{"text": "hello"}]}))],
     [("DATA-SHAPE-001", E)], "a 0.3 reply whose part is 1.0's {text} without kind")
case("N14-v02-reply-without-message-id", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, {"kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "hello"}], "contextId": "c1"}))],
     [("DATA-SHAPE-001", E)], "0.2 reply Message without messageId (required)")
case("N15-v01-reply-part-without-type", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(status={"state": "completed", "message": {"role": "agent", "parts": [{"text": "done"}]}, "timestamp": "2026-12-02T10:00:01"})))],
     [("DATA-SHAPE-001", E)], "0.1 status message part {text} without type")
case("N16-v01-client-text-part-without-text", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "text"}])), resp(ok(1, task01()))],
     [("DATA-SHAPE-002", E)], "0.1 TextPart without text")
case("N17-v01-artifact-file-without-bytes-or-uri", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(artifacts=[{"parts": [{"type": "file", "file": {"name": "a.txt"}}], "index": 0}])))],
     [("DATA-SHAPE-001", E)], "0.1 FilePart whose file has neither bytes nor uri")
case("N18-v01-client-role-proto-name", lambda: C01() + [R01(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "ROLE_USER", "parts": [{"type": "text", "text": "hi"}]}}), resp(ok(1, task01()))],
     [("DATA-SHAPE-002", E)], "0.1 role ROLE_USER: the enum is user, agent")
case("N19-legal-v01-data-part-metadata", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "data", "data": {"k": [1, 2]}, "metadata": {"m": "x"}}])), resp(ok(1, task01()))],
     [], "0.1 DataPart with metadata")
case("N20-v10-stream-status-metadata-string", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, {"statusUpdate": st10(state="WORKING", n=2)["statusUpdate"] | {"metadata": "progress=0.5"}}, stu("COMPLETED", 2)]),
     [("STREAM-SHAPE-001", E)], "statusUpdate metadata a string (Struct)")
case("N21-v03-stream-file-part-bytes-and-uri", lambda: p0x("v03", "stream", [{"kind": "file", "file": {"bytes": "aGk=", "uri": "https://files.example.test/a.txt"}}]),
     [("STREAM-SHAPE-001", E)], "0.3 artifact-update file part with bytes and uri")
case("N22-v10-two-streams-progress-messages-reuse-id", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg=amsg10("reading", mid="p1", taskId="t1", contextId="c1")), stu("COMPLETED", 2)]) +
     stream([{"task": tsk("SUBMITTED", 3, tid="t2")}, stu("WORKING", 3, tid="t2", msg=amsg10("writing", mid="p1", taskId="t2", contextId="c1")), stu("COMPLETED", 3, tid="t2")], i=2, p={"message": msg10("next", mid="m2", contextId="c1")}),
     [("ID-MSG-003", W)], "progress messages of two streams (two tasks) with other text under p1")
case("N23-legal-v10-stream-status-message-resent", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2, msg=amsg10("working", mid="r1", taskId="t1", contextId="c1")),
     stu("WORKING", 2, msg=amsg10("working", mid="r1", taskId="t1", contextId="c1")), stu("COMPLETED", 2)]),
     [], "the same progress message (r1, same parts) sent twice: a repeat, not a reuse")
case("N24-legal-v03-resubscribe-replays-status-message", lambda: C03() + stream03([t03("working"), st03(state="working", n=2) | {"status": {"state": "working", "timestamp": TS % 2, "message": AM03("step 1")}}], close=None) +
     stream03([st03(state="working", n=2) | {"status": {"state": "working", "timestamp": TS % 2, "message": AM03("step 1")}}, st03(state="completed", final=True, n=2)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [], "0.3 tasks/resubscribe beside the open stream replays the last status with its message r1 unchanged")
case("N25-v10-rest-get-status-message-reuses-reply-id", lambda: R10() + rsend({"message": msg10("hi", contextId="c1")}, A10("hello")) +
     rsend({"message": msg10("book", mid="m2", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK("Which city?", mid="r1"))}),
     [("ID-MSG-003", W)], "the question of the task reuses r1, the id of the earlier reply \"hello\"")
case("N26-legal-v03-batch-well-formed", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1", "historyLength": 1}), rpc(3, "message/send", {"message": msg03("again", mid="m3", contextId="c1")})]),
     resp([ok(2, TASK["v03"]()), ok(3, t03("completed", 2, tid="t2", artifacts=ART03))])],
     [], "0.3 batch of a get and a send, all well formed")

# ---------------------------------------------------------------- round two (after the verifier's code was read): 2+ variants and a control per kind fixed
# ID-MSG-003 for the agents' status messages (M04, M05, M07, N22, N25)
LT1 = lambda i, tasks: [RPC(i, "ListTasks", {}), resp(ok(i, {"tasks": tasks, "nextPageToken": "", "pageSize": 50, "totalSize": len(tasks)}))]
case("M21-v10-list-rows-status-messages-one-id", lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK("Which city?", mid="q1")), p={"message": msg10("book a flight", contextId="c1")}) +
     send(tsk("INPUT_REQUIRED", 2, tid="t2", ctx="c2", msg=ASK("Which city?", mid="q2", tid="t2", ctx="c2")), i=2, p={"message": msg10("book a hotel", mid="m2", contextId="c2")}) +
     LT1(3, [tsk("INPUT_REQUIRED", 2, tid="t2", ctx="c2", msg=ASK("Which date?", mid="q1", tid="t2", ctx="c2")), tsk("INPUT_REQUIRED", msg=ASK("Which city?", mid="q1"))]),
     [("ID-MSG-003", W)], "ListTasks shows t2's question under q1, t1's question's id, with other text")
case("M22-v02-status-message-reuses-reply-id", lambda: C02() + [R0(1, "message/send", {"message": msg03("hi", contextId="c1")}), resp(ok(1, AM3("hello"))),
     R0(2, "message/send", {"message": msg03("book", mid="m2", contextId="c1")}), resp(ok(2, t03("input-required", msg=AM03("Which city?", mid="r1"))))],
     [("ID-MSG-003", W)], "0.2: the task's question reuses r1, the id of the earlier reply \"hello\"")
case("M23-v03-rest-get-status-message-changed-under-one-id", lambda: C03(url=H, preferredTransport="HTTP+JSON") +
     [req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "book"}], "contextId": "c1"}}, headers=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "update": {"messageId": "q1", "role": "ROLE_AGENT", "content": [{"text": "Which city?"}], "taskId": "t1", "contextId": "c1"}, "timestamp": TS % 1}}}),
      req(H + "/v1/tasks/t1", method="GET", headers={}),
      resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "update": {"messageId": "q1", "role": "ROLE_AGENT", "content": [{"text": "Which date?"}], "taskId": "t1", "contextId": "c1"}, "timestamp": TS % 1}})],
     [("ID-MSG-003", W)], "0.3 HTTP+JSON: GET shows another question under q1 (the 0.3 proto's status.update)")
case("M24-legal-v10-status-message-echoes-client-message", lambda: C10() + send(tsk("WORKING", msg=msg10("book a flight", contextId="c1", taskId="t1")), p={"message": msg10("book a flight", contextId="c1"), "configuration": {"returnImmediately": True}}) +
     send(tsk("WORKING", 2, tid="t2", msg=msg10("book a hotel", mid="m2", contextId="c1", taskId="t2")), i=2, p={"message": msg10("book a hotel", mid="m2", contextId="c1"), "configuration": {"returnImmediately": True}}),
     [], "control: status.message echoes the client's own message (role user, the client's messageId): no agent message reuses an id")
case("M25-legal-v10-list-rows-same-question-same-id", lambda: IR() + LT1(2, [tsk("INPUT_REQUIRED", msg=ASK())]) + [RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, tsk("INPUT_REQUIRED", msg=ASK())))],
     [], "control: ListTasks and GetTask show the question r1 unchanged")

# JSON-RPC batch elements judged as calls (N04, N05, N06, M16, N10)
case("M26-v03-batch-element-jsonrpc-1-0", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), {"jsonrpc": "1.0", "id": 3, "method": "tasks/get", "params": {"id": "t1"}}]),
     resp([ok(2, TASK["v03"]()), err(3, -32600, "Invalid Request")])],
     [("RPC-REQ-002", E)], "a batch element saying jsonrpc 1.0")
case("M27-v02-batch-element-id-null", lambda: DONE02() + [raw("v02", [rpc(2, "tasks/get", {"id": "t1"}), rpc(None, "tasks/get", {"id": "t1"})]),
     resp([ok(2, TASK["v02"]()), ok(None, TASK["v02"]())])],
     [("RPC-REQ-001", E)], "a batch element with id null")
case("M28-v03-batch-send-message-without-kind", lambda: C03() + [raw("v03", [rpc(1, "message/send", {"message": {"messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}], "contextId": "c1"}})]),
     resp([ok(1, t03("completed", artifacts=ART03))])],
     [("DATA-SHAPE-002", E)], "a 0.3 send in a batch whose message has no kind")
case("M29-v03-batch-sends-one-message-id", lambda: C03() + [raw("v03", [rpc(1, "message/send", {"message": msg03("one", mid="m5", contextId="c1")}), rpc(2, "message/send", {"message": msg03("two", mid="m5", contextId="c1")})]),
     resp([ok(1, t03("completed", artifacts=ART03)), ok(2, t03("completed", 2, tid="t2", artifacts=ART03))])],
     [("ID-MSG-002", W)], "0.3 batch, two messages of other text under m5")
case("M30-v10-batch-send-reuses-earlier-message-id", lambda: DONE10() + [raw("v10", [rpc(2, "SendMessage", {"message": msg10("something else", contextId="c1")})]), resp([ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)})])],
     [("ID-MSG-002", W)], "a send in a batch reuses m1, the first send's id, with other text")
case("M31-legal-v10-batch-element-ids-integers", lambda: DONE10() + [raw("v10", [rpc(0, "GetTask", {"id": "t1"}), rpc(-4, "GetTask", {"id": "t1"}), rpc("x", "GetTask", {"id": "t1"})]),
     resp([ok(0, TASK["v10"]()), ok(-4, TASK["v10"]()), ok("x", TASK["v10"]())])],
     [], "control: batch ids 0, -4 and \"x\"")
case("M32-legal-v03-batch-retry-same-message", lambda: C03() + [R0(1, "message/send", {"message": msg03("hi", contextId="c1")}), resp(err(1, -32603, "timeout"), status=504),
     raw("v03", [rpc(2, "message/send", {"message": msg03("hi", contextId="c1")})]), resp([ok(2, t03("completed", artifacts=ART03))])],
     [], "control: the same message retried inside a batch")
case("M33-legal-v03-batch-invalid-element-answered-its-id", lambda: DONE03() + [raw("v03", [rpc(2, "tasks/get", {"id": "t1"}), {"id": 3, "method": "ping"}]),
     resp([ok(2, TASK["v03"]()), err(3, -32600, "Invalid Request")])],
     [], "control: an element that is no A2A call (ping, no jsonrpc) answered -32600 under its id 3: no A2A client fault to tell, and the answer pairs")

# 0.1 spellings the lift to 0.2 hid (Z03, Z04, N18)
case("M34-v01-status-message-part-kind", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="input-required", status={"state": "input-required", "message": {"role": "agent", "parts": [{"kind": "text", "text": "Which city?"}]}, "timestamp": "2026-12-02T10:00:01"})))],
     [("DATA-SHAPE-001", E)], "0.1 status message part with kind instead of type")
case("M35-v01-history-part-kind", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(history=[{"role": "user", "parts": [{"kind": "text", "text": "hi"}]}])))],
     [("DATA-SHAPE-001", E)], "0.1 history message part with kind instead of type")
case("M36-v01-client-file-part-kind", lambda: C01() + [R01(1, "tasks/send", SP01B([{"kind": "file", "file": {"uri": "https://files.example.test/a.pdf"}}])), resp(ok(1, task01()))],
     [("DATA-SHAPE-002", E)], "0.1 client file part with kind instead of type")
case("M37-legal-v01-part-type-and-kind", lambda: C01() + [R01(1, "tasks/send", SP01B([{"type": "text", "kind": "text", "text": "hi"}])), resp(ok(1, task01(artifacts=[{"parts": [{"type": "text", "kind": "text", "text": "out"}], "index": 0}])))],
     [], "control: parts with type (and a stray kind a reader ignores)")
case("M38-legal-v01-agent-data-part-role-agent", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(status={"state": "completed", "message": {"role": "agent", "parts": [{"type": "data", "data": {"ok": True}}]}, "timestamp": "2026-12-02T10:00:01"})))],
     [], "control: 0.1 status message role agent with a data part")

write_cases(C, OUT)
