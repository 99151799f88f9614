"""Session-47 field cases of miner mine47 (f1018-...): same helpers and output format as gen_cases46.py.

Scope (round forty-seven): mixed wire generations (a 0.1 tasks/sendSubscribe client served
0.3 events by an agent that aliased the old method, a 0.3 message/send answered with 1.0's
{task: ...} wrapper, a 1.0 SendMessage answered with a bare Task, a 0.3 client's message/send
refused by a 1.0-only agent), 1.0 enum values no version has (a task state "UNRECOGNIZED" on
JSON-RPC streams and HTTP+JSON), the gRPC binding (UnsupportedOperationError as
FAILED_PRECONDITION without ErrorInfo), credentials refused as an invalid request, a task
lookup refused as an unknown method, a blocking send answered with a working task, 0.3
historyLength ignored by message/send and tasks/get, and their legal neighbours (a subscription to an input-required task that closes after the snapshot,
returnImmediately answered with a working task, FAILED_PRECONDITION with its ErrorInfo, a
401 with its challenge, a huge historyLength served with the whole history).
`python3 gen_cases47.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import base64, json, os, urllib.parse
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
def tx(s): return [{"kind": "text", "text": s}]

# --- f1018: a 0.1 client's tasks/sendSubscribe, aliased to message/stream, answered with 0.3 events (conductor-oss/conductor PR #1341)
C1341 = ("https://github.com/conductor-oss/conductor/pull/1341 (feat(a2a): backward compat with A2A v0.2 clients (tasks/send, /rpc alias): "
         "the a2a-cli sends tasks/send / tasks/sendSubscribe and Conductor, which speaks 0.3, aliases them to message/send / message/stream; "
         "the PR notes the CLI side still needs 'SSE events need taskId -> id mapping and JSON-RPC result unwrapping to match v0.2 event shape')")
CO = "https://conductor.example.test"
COCARD = card03(CO + "/a2a/order_flow", name="order_flow", description="Conductor workflow order_flow")
def ev03(tid, cid, state, final):
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}, "final": final}
case("f1018-v01-client-send-subscribe-answered-0-3-events", get_card(0.0, COCARD, CO + "/a2a/order_flow/.well-known/agent-card.json") + [
    req(0.1, "POST", CO + "/a2a/order_flow/rpc", rpc("cli-1", "tasks/sendSubscribe", {"id": "task-1341", "sessionId": "sess-1341",
        "message": {"role": "user", "parts": [{"type": "text", "text": "process order 8812"}]}}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("cli-1", ev03("wf-1341", "wf-ctx-1341", "working", False)))),
    chunk(0.5, sse(ok("cli-1", {"kind": "artifact-update", "taskId": "wf-1341", "contextId": "wf-ctx-1341",
        "artifact": {"artifactId": "out-1341", "parts": tx("order 8812 shipped")}, "lastChunk": True}))),
    chunk(0.6, sse(ok("cli-1", ev03("wf-1341", "wf-ctx-1341", "completed", True)))),
    chunk(0.61, "", close="eof"),
], [("unknown-task-id-accepted", "error"), ("version-mixed-payload", "warning")], C1341,
     "the client called the 0.1 method tasks/sendSubscribe (params id, sessionId, parts with type), so it reads 0.1 events: TaskStatusUpdateEvent {id, status, final} and TaskArtifactUpdateEvent {id, artifact}, parts with type; the agent answered the alias with 0.3 events (kind, taskId, contextId, parts with kind) under a task id of its own (wf-1341: in 0.1 the client names the task, ID-TASK-002), so the 0.1 client finds no id in any event and cannot match them to task-1341")

# --- f1020: a 1.0 gRPC SubscribeToTask on a completed task refused FAILED_PRECONDITION without ErrorInfo (a2aproject/a2a-rs PR #114)
R114 = ("https://github.com/a2aproject/a2a-rs/pull/114 (fix(a2a-grpc): preserve precise A2A error codes: the gRPC boundary mapped errors by "
        "tonic::Code only and the server conversion omitted the google.rpc.ErrorInfo detail, so six A2A errors that share FAILED_PRECONDITION "
        "reached clients as one; see also a2a-rs #103)")
from grpcwriter import _varint, pb_str, pb_int, frame, b64, pb_task, pb_status  # the shared protobuf writer
GRPC_HOST = "http://agent.example.test:50051"
def grpc_card():
    return card10("agent.example.test:50051", binding="GRPC")
def native(calls, card=None):
    """calls: (method, metadata dict, request message bytes, response message bytes or None, grpc-status, grpc-message, details bytes or None)."""
    out = [{"type": "recording", "format": 1, "tool": {"name": "mine47-grpcgen", "version": "1"}, "startedAt": "2026-09-20T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": GRPC_HOST}], "redacted": False},
           {"seq": 1, "t_us": 1000, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"}]
    seq = 2; t = 2000; n = 0
    def ev(**kw):
        nonlocal seq, t
        d = {"seq": seq, "t_us": t}; d.update(kw); out.append(d); seq += 1; t += 1000
    if card is not None:
        n += 1; e = "e%d" % n; body = json.dumps(card)
        ev(exchange=e, type="request_head", conn=1, method="GET", url="http://agent.example.test/.well-known/agent-card.json", version="HTTP/1.1",
           headers=[["accept", "application/json"]], upstream="http://agent.example.test/.well-known/agent-card.json")
        ev(exchange=e, type="response_head", status=200, version="HTTP/1.1", headers=[["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"card-v1"']])
        ev(exchange=e, type="response_chunk", body=body)
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
    for method, md, reqmsg, respmsg, code, gmsg, details in calls:
        n += 1; e = "e%d" % n
        url = GRPC_HOST + "/lf.a2a.v1.A2AService/" + method
        hdrs = [["content-type", "application/grpc"], ["te", "trailers"]] + [[k, v] for k, v in md.items()]
        ev(exchange=e, type="request_head", conn=1, method="POST", url=url, version="HTTP/2.0", headers=hdrs, upstream=url)
        rb = frame(reqmsg); ev(exchange=e, type="request_body", body=b64(rb), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            sb = frame(respmsg); ev(exchange=e, type="response_chunk", body=b64(sb), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None: tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out
V10 = {"a2a-version": "1.0"}
TERM = "Task t-114 is in a terminal state and cannot be subscribed to"
case("f1020-v10-grpc-subscribe-completed-task-without-error-info", native([
    ("GetTask", V10, pb_str(2, "t-114"), pb_task("t-114", "c-114", 3), 0, "", None),
    ("SubscribeToTask", V10, pb_str(2, "t-114"), None, 9, TERM, None),
], card=grpc_card()), [("grpc-error-info-missing", "error")], R114,
     "subscribing to a completed task is refused with UnsupportedOperationError (TASK-004, 1.0 §3.1.6), on gRPC FAILED_PRECONDITION with a google.rpc.ErrorInfo whose reason is UNSUPPORTED_OPERATION (ERR-002, ERR-005, 1.0 §10.6); the status carried no details, and FAILED_PRECONDITION alone is also TaskNotCancelable, PushNotificationNotSupported, ExtendedAgentCardNotConfigured, ExtensionSupportRequired and VersionNotSupported, so the client cannot tell which (a2a-rs read every one as TaskNotCancelable)")

# --- f1021: a 1.0 SendMessage answered with the bare Task instead of {task: ...} (moonklabs/sprintable PR #1954)
S1954 = ("https://github.com/moonklabs/sprintable/pull/1954 (fix(a2a): SendMessage response envelope, bare Task to the spec's {task: ...} "
         "wrapper: the official a2a-sdk failed with ParseError('SendMessageResponse has no field named \"id\"') because _handle_send_message "
         "returned the Task's fields directly in result)")
SP = "https://sprintable.example.test/api/v2/a2a/members/mb-52bb"
case("f1021-v10-send-message-answered-bare-task", get_card(0.0, card10(SP + "/rpc"), SP + "/agent-card.json") + [
    req(0.1, "POST", SP + "/rpc", rpc(1, "SendMessage", {"message": umsg10("summarise sprint 14", mid="m-1954")}), ver="1.0"),
    resp(2.4, 200, ok(1, task10("t-1954", "c-1954", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1954", "parts": [{"text": "Sprint 14: 11 of 13 stories done."}]}],
        history=[umsg10("summarise sprint 14", mid="m-1954", contextId="c-1954", taskId="t-1954")]))),
], [("result-invalid-shape", "error")], S1954,
     "a 1.0 SendMessage result is a SendMessageResponse, exactly one of {task} or {message} (RPC-004, proto SendMessageResponse); the agent put the Task's own members (id, contextId, status, artifacts, history) directly in result, which is 0.3's bare Task without its kind, so a ProtoJSON client refuses the answer ('SendMessageResponse has no field named id')")

# --- f1022: a 0.3 message/send answered with 1.0's {task: ...} wrapper (prassanna-ravishankar/a2a-registry #124)
R124 = ("https://github.com/prassanna-ravishankar/a2a-registry/issues/124 (the Lokal agent's maintainers: POST /a2a now answers message/send and "
        "tasks/send, 'Returns: result.task.status = \"completed\"'; the registry's probe sends a real A2A message/send through the SDK)")
LK = "https://lokal.example.test"
case("f1022-v03-message-send-answered-task-wrapper", get_card(0.0, card03(LK + "/a2a", name="Lokal"), LK + "/.well-known/agent-card.json") + [
    req(0.1, "POST", LK + "/a2a", rpc(1, "message/send", {"message": umsg03("melk", mid="m-124")})),
    resp(0.9, 200, ok(1, {"task": {"id": "t-124", "contextId": "c-124", "status": {"state": "completed", "timestamp": TS},
        "artifacts": [{"artifactId": "a-124", "parts": tx("3 farms near you sell raw milk")}]}})),
], [("result-invalid-shape", "error"), ("version-mixed-payload", "warning")], R124,
     "a 0.3 message/send result is the Task (or Message) itself, told apart by kind (RPC-004, 0.3 §7.1); the agent wrapped it in 1.0's {task: ...} member with 0.3's lower-case state, so a 0.3 client finds no kind and no id in result, and a 1.0 client was not the one that called")

# --- f1023: a stream's status update whose state is "UNRECOGNIZED", ts-proto's sentinel for an enum value it does not know (a2aproject/a2a-js #640)
J640 = ("https://github.com/a2aproject/a2a-js/issues/640 ([Bug]: unknown enum values become the string \"UNRECOGNIZED\", which a2a-python rejects: "
        "ts-proto maps an enum value it does not recognise to UNRECOGNIZED and toJSON emits that string; proto3 JSON keeps the integer; "
        "a2a-python: ParseError: Invalid enum value UNRECOGNIZED for enum type lf.a2a.v1.TaskState)")
JS = "https://js-agent.example.test"
case("f1023-v10-stream-status-state-unrecognized", get_card(0.0, card10(JS + "/a2a"), JS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JS + "/a2a", rpc("s-640", "SendStreamingMessage", {"message": umsg10("relay the review to the planner", mid="m-640")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-640", {"task": task10("t-640", "c-640", "TASK_STATE_WORKING")}))),
    chunk(0.9, sse(ok("s-640", {"statusUpdate": {"taskId": "t-640", "contextId": "c-640", "status": {"state": "UNRECOGNIZED", "timestamp": "2026-03-02T10:15:01.000Z"}}}))),
    chunk(0.91, "", close="eof"),
], [("task-state-invalid", "error")], J640,
     "a 1.0 TaskState is one of the TASK_STATE_* names of a2a.proto (DATA-001, ProtoJSON: an enum is its value name, or its number when the writer does not know the name); \"UNRECOGNIZED\" is ts-proto's sentinel and no TaskState, so the event carries no state at all: a2a-python refuses the whole stream event and the client never learns how the task ended")

# --- f1024 (legal): SubscribeToTask on an input-required task: the Task snapshot, then the stream closes (a2aproject/a2a-java #754)
J754 = ("https://github.com/a2aproject/a2a-java/issues/754 ([Bug]: SubscribeToTask stream closes immediately instead of staying open for state "
        "updates: TCK STREAM-SUB-002 creates a task in TASK_STATE_INPUT_REQUIRED, subscribes, gets the Task snapshot and then the stream closes; "
        "the issue quotes 1.0 §3.1.2: first a Task, then updates until the task reaches a terminal or interrupted state, at which point the stream closes)")
case("f1024-legal-v10-subscribe-input-required-task-closes-after-snapshot", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-754", "SendMessage", {"message": umsg10("book a table", mid="m-754")}), ver="1.0"),
    resp(0.3, 200, ok("s-754", {"task": task10("t-754", "c-754", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("For how many people?", mid="am-754", contextId="c-754", taskId="t-754")})})),
    req(0.5, "POST", A + "/a2a", rpc("sub-754", "SubscribeToTask", {"id": "t-754"}), ver="1.0", accept=SSE),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.61, sse(ok("sub-754", {"task": task10("t-754", "c-754", "TASK_STATE_INPUT_REQUIRED")}))),
    chunk(0.62, "", close="eof"),
], [], J754,
     "legal: the first event of a subscription is the current Task (STREAM-004), and a 1.0 stream closes at a terminal or interrupted state (1.0 §3.1.2, §11.7; DIGEST trap 4: §7.6.1 asks to keep it open only in AUTH_REQUIRED); the task is already waiting for input, so a stream that closes after its snapshot ends where the spec lets it end. The TCK's STREAM-SUB-002 reads §3.1.6 stricter")

# --- f1025: a 0.3 client's message/send refused -32601 by a 1.0-only agent (SAP/astonish PR #439)
S439 = ("https://github.com/SAP/astonish/pull/439 (feat(a2a-client): Add A2A v1.0 protocol support with auto-detection: the client was hardcoded "
        "to the v0.3 protocol (message/send), which caused -32601 Method not found errors when communicating with v1.0 servers that expect "
        "SendMessage, e.g. SAP Autonomous Operations)")
AO = "https://aops.example.test"
case("f1025-v03-client-message-send-to-1-0-only-agent", get_card(0.0, card10(AO + "/a2a/v1", name="Autonomous Operations"), AO + "/.well-known/agent-card.json") + [
    req(0.1, "POST", AO + "/a2a/v1", rpc("1", "message/send", {"message": umsg03("why did job 4411 fail?", mid="m-439")})),
    resp(0.12, 200, err("1", -32601, "Method not found: message/send")),
], [("client-version-not-in-card", "note"), ("unsupported-version-answered-method-not-found", "warning")], S439,
     "the card offers one interface, JSON-RPC at protocolVersion 1.0 (VER-004), whose send method is SendMessage with A2A-Version: 1.0 (VER-001, RPC-003); the client sent 0.3's message/send without a version header, which no interface of this card serves, so the client's call can never succeed; the agent's side is the warning: a call without A2A-Version is a 0.3 call, which a 1.0-only interface refuses with VersionNotSupportedError (VER-002, VER-003), and -32601 tells the client the method is unknown, not that the version is")

# --- f1026: a 1.0 blocking SendMessage answered with the task still working (microsoft/agent-framework #5362)
M5362 = ("https://github.com/microsoft/agent-framework/issues/5362 (.NET: [Hosting] Track and update A2A Task state after creation: A2A hosting "
         "creates a new task in Working state (if background mode is configured) and returns it, but never updates its state or content, so the "
         "task remains Working forever; fixed by https://github.com/microsoft/agent-framework/pull/7998, which waits for the stream to finish "
         "and returns the completed task unless ReturnImmediately)")
MF = "https://maf-host.example.test"
case("f1026-v10-blocking-send-answered-working", get_card(0.0, card10(MF + "/a2a/planner"), MF + "/.well-known/agent-card.json") + [
    req(0.1, "POST", MF + "/a2a/planner", rpc("1", "SendMessage", {"message": umsg10("plan the Q3 offsite", mid="m-5362")}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-5362", "c-5362", "TASK_STATE_WORKING")})),
    req(60.0, "POST", MF + "/a2a/planner", rpc("2", "GetTask", {"id": "t-5362"}), ver="1.0"),
    resp(60.01, 200, ok("2", task10("t-5362", "c-5362", "TASK_STATE_WORKING"))),
], [("blocking-send-returned-early", "error")], M5362,
     "a 1.0 SendMessage without returnImmediately is blocking: the agent answers when the task reaches a terminal or interrupted state, with its artifacts (TASK-005, 1.0 §3.2.2); the host answered at once with the task working, and a minute later it is still working, so the client that waited for the result got none")

# --- f1027: a 1.0 HTTP+JSON GetTask whose state is "UNRECOGNIZED" (a2aproject/a2a-java #958)
J958 = ("https://github.com/a2aproject/a2a-java/issues/958 ([Bug]: Update TaskState enum UNRECOGNIZED to TASK_STATE_UNSPECIFIED: the 1.1.0.Final "
        "TaskState enum still has UNRECOGNIZED, inconsistent with the protocol; fixed by https://github.com/a2aproject/a2a-java/pull/974, whose "
        "v0.3 compat mapper turned a missing 0.3 state into UNRECOGNIZED)")
JR = "https://java-agent.example.test/rest"
case("f1027-v10-rest-get-task-state-unrecognized", get_card(0.0, card10(JR, binding="HTTP+JSON"), "https://java-agent.example.test/.well-known/agent-card.json") + [
    req(0.1, "GET", JR + "/tasks/t-958", ver="1.0"),
    resp(0.11, 200, {"id": "t-958", "contextId": "c-958", "status": {"state": "UNRECOGNIZED", "timestamp": TS}}, ctype=A2AJ),
], [("task-state-invalid", "error")], J958,
     "a 1.0 Task's status.state is a TaskState name (DATA-001, DATA-005); UNRECOGNIZED is the Java enum constant for a value the SDK could not read, not a value of lf.a2a.v1.TaskState, so a ProtoJSON client refuses the task and a lenient one cannot tell whether it is running or done")

# --- f1028: a 0.3 call without credentials answered HTTP 400 with -32600 "Unauthorized" (diegosouzapw/OmniRoute #12888)
O12888 = ("https://github.com/diegosouzapw/OmniRoute/issues/12888 (A2A dashboard: 'Run message/send' fails with 'Unauthorized: missing or invalid API "
          "key', the request sent without Authorization header; src/app/a2a/route.ts answers it with jsonRpcError(null, -32600, 'Unauthorized: "
          "missing or invalid API key'), which it sends with HTTP 400)")
OR = "http://omniroute.example.test:20128"
ORCARD = card03(OR + "/a2a", name="OmniRoute", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("f1028-v03-unauthenticated-call-answered-invalid-request", get_card(0.0, ORCARD, OR + "/.well-known/agent.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(1, "message/send", {"message": umsg03("ping", mid="m1")})),
    resp(0.11, 400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Unauthorized: missing or invalid API key"}}),
], [("auth-failure-answered-as-other-error-0x", "warning"), ("jsonrpc-id-mismatch", "error"), ("jsonrpc-error-code-mismatch", "error")], O12888,
     "the card asks for a bearer token and the call carried none: that is an authentication failure, which 0.3 answers with HTTP 401 and a WWW-Authenticate challenge (AUTH-003, 0.3 §4.4; ERR-006); the agent answered 400 with JSON-RPC InvalidRequest (-32600) and id null, so a client reads a malformed request, never learns that a token is wanted, and cannot match the answer to its call 1")

# --- f1029: a 0.3 tasks/get of an unknown task answered -32601 Method not found with HTTP 404 (diegosouzapw/OmniRoute src/app/a2a/route.ts)
O_ROUTE = ("https://github.com/diegosouzapw/OmniRoute/blob/2371a4f916db4493be176df3f96fa02537aef753/src/app/a2a/route.ts (tasks/get: "
           "if (!task) return jsonRpcError(id, -32601, `Task not found: ${taskId}`); jsonRpcError sends -32601 with HTTP 404; the same file "
           "as https://github.com/diegosouzapw/OmniRoute/issues/12888)")
case("f1029-v03-tasks-get-unknown-task-method-not-found", get_card(0.0, card03(OR + "/a2a", name="OmniRoute"), OR + "/.well-known/agent.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(7, "tasks/get", {"id": "t-gone-12888"})),
    resp(0.11, 404, err(7, -32601, "Task not found: t-gone-12888")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], O_ROUTE,
     "tasks/get is a method the agent serves; a task it does not know is TaskNotFoundError, -32001 (ERR-002, 0.3 §8.2), not MethodNotFound (-32601, ERR-001; ERR-002 is a SHOULD in 0.3, so a warning), which tells the client the agent lacks tasks/get altogether, and a client that falls back on -32601 stops polling every task")

# --- f1030 (legal): returnImmediately: true answered with the task working, completed later (microsoft/agent-framework PR #7998)
M7998 = ("https://github.com/microsoft/agent-framework/pull/7998 (.NET: Track and update A2A task state: background-enabled registrations return the "
         "initial task and keep updating it when ReturnImmediately, or aggregate the stream into the completed task otherwise)")
case("f1030-legal-v10-return-immediately-answered-working", get_card(0.0, card10(MF + "/a2a/planner"), MF + "/.well-known/agent-card.json") + [
    req(0.1, "POST", MF + "/a2a/planner", rpc("1", "SendMessage", {"message": umsg10("plan the Q3 offsite", mid="m-7998"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-7998", "c-7998", "TASK_STATE_WORKING")})),
    req(20.0, "POST", MF + "/a2a/planner", rpc("2", "GetTask", {"id": "t-7998"}), ver="1.0"),
    resp(20.01, 200, ok("2", task10("t-7998", "c-7998", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:18.000Z",
        artifacts=[{"artifactId": "a-7998", "parts": [{"text": "Day 1: Lisbon, day 2: Sintra"}]}]))),
], [], M7998,
     "legal: returnImmediately: true asks for the answer right after the task is created (TASK-005, 1.0 §3.2.2), so a working task is the right answer, and GetTask later shows it completed with its artifact")

# --- f1031 (legal): the same refusal with its ErrorInfo (a2aproject/a2a-rs PR #114, the fixed server)
case("f1031-legal-v10-grpc-subscribe-completed-task-error-info", native([
    ("GetTask", V10, pb_str(2, "t-114b"), pb_task("t-114b", "c-114b", 3), 0, "", None),
    ("SubscribeToTask", V10, pb_str(2, "t-114b"), None, 9, TERM.replace("t-114", "t-114b"), pb_status(9, TERM.replace("t-114", "t-114b"), "UNSUPPORTED_OPERATION")),
], card=grpc_card()), [], R114,
     "legal: UnsupportedOperationError on gRPC is FAILED_PRECONDITION with a google.rpc.ErrorInfo, reason UNSUPPORTED_OPERATION, domain a2a-protocol.org, in grpc-status-details-bin (ERR-002, ERR-005, TASK-004): the refusal a subscription to a completed task gets")

# --- f1032 (legal): a 0.3 call without credentials answered 401 with its Bearer challenge (diegosouzapw/OmniRoute #12888, the expected answer)
case("f1032-legal-v03-unauthenticated-call-401-challenge", get_card(0.0, ORCARD, OR + "/.well-known/agent.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(1, "message/send", {"message": umsg03("ping", mid="m1")})),
    resp(0.11, 401, err(1, -32600, "Unauthorized: missing or invalid API key"), hdr={"www-authenticate": "Bearer realm=\"omniroute\""}),
    req(1.0, "POST", OR + "/a2a", rpc(2, "message/send", {"message": umsg03("ping", mid="m2")}), hdr={"authorization": "Bearer or-key-12888"}),
    resp(1.4, 200, ok(2, task03("t-12888", "c-12888", "completed", artifacts=[{"artifactId": "a-12888", "parts": tx("pong")}]))),
], [], O12888,
     "legal: the call without the card's bearer token is refused with HTTP 401 and a WWW-Authenticate challenge (AUTH-003, 0.3 §4.4), which is what the client needs to retry with its key; the JSON-RPC body beside it is extra (ERR-007: the status of a JSON-RPC error answer is not fixed), and the call with the token is served")

# --- f1033: a 0.3 message/send whose configuration.historyLength is 1 answered with the whole history (a2aproject/a2a-python #497)
P497 = ("https://github.com/a2aproject/a2a-python/issues/497 ([Bug]: historyLength configuration is ignored for message/send requests: "
        "MessageSendConfiguration.historyLength restricts the number of past messages returned for message/send; the value is ignored and the "
        "entire history is returned, while tasks/get works as expected)")
H03 = [umsg03("what is our refund policy?", mid="m-497a", contextId="c-497", taskId="t-497"),
       amsg03("Which product?", mid="am-497a", contextId="c-497", taskId="t-497"),
       umsg03("the annual plan", mid="m-497b", contextId="c-497", taskId="t-497")]
case("f1033-v03-send-history-length-ignored", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-497", "message/send", {"message": umsg03("the annual plan", mid="m-497b", contextId="c-497", taskId="t-497"),
        "configuration": {"acceptedOutputModes": ["text/plain"], "historyLength": 1}})),
    resp(1.2, 200, ok("s-497", task03("t-497", "c-497", "completed", history=H03,
        artifacts=[{"artifactId": "a-497", "parts": tx("Annual plans are refundable within 30 days.")}]))),
], [("history-length-not-applied", "warning")], P497,
     "configuration.historyLength is the number of recent messages the client wants back with the task (0.3 MessageSendConfiguration; DATA-006); the client asked for 1 and the agent returned all 3 messages of the task's history, as if no limit had been given")

# --- f1034: a tasks/get whose historyLength is 1 answered with the whole history (a2aproject/a2a-dotnet #3)
D3 = ("https://github.com/a2aproject/a2a-dotnet/issues/3 (HistoryLength parameter should be respected when provided: currently the "
      "HistoryLength parameter is ignored)")
case("f1034-v03-tasks-get-history-length-ignored", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("g-3", "tasks/get", {"id": "t-d3", "historyLength": 1})),
    resp(0.11, 200, ok("g-3", task03("t-d3", "c-d3", "input-required", history=[
        umsg03("book a flight", mid="m-d3a", contextId="c-d3", taskId="t-d3"),
        amsg03("From which city?", mid="am-d3a", contextId="c-d3", taskId="t-d3"),
        umsg03("Oslo", mid="m-d3b", contextId="c-d3", taskId="t-d3"),
        amsg03("Which day?", mid="am-d3b", contextId="c-d3", taskId="t-d3")]))),
], [("history-length-not-applied", "warning")], D3,
     "tasks/get's historyLength is the number of recent history messages to return (0.3 TaskQueryParams; DATA-006); the agent ignored it and returned all 4 messages for historyLength 1")

# --- f1035 (legal): GetTask with an absurdly large historyLength served with the whole history (a2aproject/a2a-python PR #1177)
P1177 = ("https://github.com/a2aproject/a2a-python/pull/1177 (fix: enforce upper bound on history_length: a client could send "
         "historyLength=999999999 and the server would materialize the full task history; the PR refuses values above 1000 with InvalidParamsError, "
         "'aligned with the other A2A SDKs' large value = return everything available semantics')")
case("f1035-legal-v10-get-task-huge-history-length-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-1177", "GetTask", {"id": "t-1177", "historyLength": 999999999}), ver="1.0"),
    resp(0.11, 200, ok("g-1177", task10("t-1177", "c-1177", "TASK_STATE_COMPLETED", history=[
        umsg10("draft the memo", mid="m-1177", contextId="c-1177", taskId="t-1177"),
        amsg10("Done: memo.md", mid="am-1177", contextId="c-1177", taskId="t-1177")]))),
], [], P1177,
     "legal: historyLength N means never more than N messages (DATA-006); the task has two, so a huge N returns both, which is what the SDKs did before the PR; refusing such a value with InvalidParams (the PR) is legal too")

write_cases(cases, OUT)
