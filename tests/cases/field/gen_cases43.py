"""Session-43 field cases of miner mine43 (f948-...): same helpers and output format as gen_cases42.py.

Scope (round forty-three): threads of 2026 the table did not cite yet: a client that leaves a
stream and the agent that ends the task for it (cancel or fail with no cancel request), the
A2A-Version check on every operation, streamed artifacts that the task snapshot drops,
malformed-JSON answers, historyLength edge values, OAuth flows deprecated in 1.0, the 1.0.0
HTTP status mapping, client-chosen task ids, and a 1.0 client at a 0.3-only agent.
`python3 gen_cases43.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
def su03(tid, cid, state, final=False, msg=None, ts=TS):
    s = {"state": state, "timestamp": ts}
    if msg is not None: s["message"] = msg
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, append=False, last=False):
    return {"kind": "artifact-update", "taskId": tid, "contextId": cid, "append": append, "lastChunk": last,
            "artifact": {"artifactId": aid, "name": "response", "parts": [{"kind": "text", "text": text}]}}
T0 = "2026-03-02T10:15:00.000Z"
T1 = "2026-03-02T10:15:00.900Z"   # the instant the client leaves (0.9 s into the transcript)
T1b = "2026-03-02T10:15:01.050Z"  # 150 ms later: the abort reached the executor
T9 = "2026-03-02T10:15:09.000Z"

# --- f948: the client leaves a 0.3 stream; the agent cancels the task (gemini-cli #28316)
G28316 = ("https://github.com/google-gemini/gemini-cli/pull/28316 (fix(a2a-server): ensure task cancellation aborts execution loop: the abort "
          "of the execution loop, which the server's onSocketEnd also triggers when the client's socket closes, now moves the task to 'canceled' "
          "('Task canceled by user request.'); the review's critical finding: a socket disconnect is no cancel request and must leave the task resumable)")
case("f948-v03-stream-client-left-task-canceled", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-28316", "message/stream", {"message": umsg03("refactor the parser module", mid="m-28316")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-28316", task03("t-28316", "c-28316", "submitted", ts=T0)))),
    chunk(0.3, sse(ok("s-28316", su03("t-28316", "c-28316", "working", ts=T0)))),
    chunk(0.9, "", close="client"),
    req(5.0, "POST", A + "/", rpc("g-28316", "tasks/get", {"id": "t-28316"})),
    resp(5.01, 200, ok("g-28316", task03("t-28316", "c-28316", "canceled", ts=T1b,
        ) | {"status": {"state": "canceled", "timestamp": T1b, "message": amsg03("Task canceled by user request.", mid="m-a28316", taskId="t-28316", contextId="c-28316")}})),
], [("task-ended-by-client-disconnect", "warning")], G28316,
     "a client that leaves a stream has not asked for anything: the task goes on, and SubscribeToTask (0.3 tasks/resubscribe) exists to reconnect to it (1.0 §3.1.6, §3.5.2: closing one stream leaves the task and its other streams); only CancelTask moves a task to canceled (TASK-003). The agent canceled it although no cancel request was ever sent, so the client's reconnect meets a task it never canceled")

# --- f949: the client leaves a 0.3 stream; the agent fails the task with the abort (mastra #20505)
M20505 = ("https://github.com/mastra-ai/mastra/pull/20505 (fix(server): abort A2A streams when tasks are canceled; its review's major finding: the HTTP request's "
          "abort signal is linked to the task's, so a client disconnect rejects the agent run with an AbortError and the handler writes state failed, "
          "'Handler failed: ...', and sends a failed push for a run that was not broken)")
case("f949-v03-stream-client-left-task-failed", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-20505", "message/stream", {"message": umsg03("draft the weekly report", mid="m-20505")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-20505", task03("t-20505", "c-20505", "working", ts=T0)))),
    chunk(0.3, sse(ok("s-20505", su03("t-20505", "c-20505", "working", msg=amsg03("Collecting the numbers...", mid="m-a20505w"))))),
    chunk(0.9, "", close="client"),
    req(4.0, "POST", A + "/", rpc("g-20505", "tasks/get", {"id": "t-20505"})),
    resp(4.01, 200, ok("g-20505", task03("t-20505", "c-20505", "failed") | {"status": {"state": "failed", "timestamp": T1b,
        "message": amsg03("Handler failed: AbortError: This operation was aborted", mid="m-a20505")}})),
], [("task-ended-by-client-disconnect", "warning")], M20505,
     "the task failed 150 ms after its client left the stream, with the abort itself as the reason: the agent tied the task's run to the HTTP request, so a client that drops its connection (a network change, a page reload) ends the task for good, where it should keep running for tasks/resubscribe or tasks/get (1.0 §3.1.6, §3.5.2; TASK-003: only a cancel request stops a task)")

# --- f950 (legal): the client leaves, resubscribes, the task completes (mastra #20505's intent)
case("f950-legal-v03-stream-client-left-task-completes", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-20505b", "message/stream", {"message": umsg03("draft the weekly report", mid="m-20505b")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-20505b", task03("t-20505b", "c-20505b", "working", ts=T0)))),
    chunk(0.9, "", close="client"),
    req(2.0, "POST", A + "/", rpc("r-20505b", "tasks/resubscribe", {"id": "t-20505b"}), accept=SSE),
    resp(2.01, 200, "", ctype=SSE),
    chunk(2.1, sse(ok("r-20505b", su03("t-20505b", "c-20505b", "working", ts=T1b)))),
    chunk(2.2, sse(ok("r-20505b", au03("t-20505b", "c-20505b", "a-20505b", "Weekly report: all green", last=True)))),
    chunk(2.3, sse(ok("r-20505b", su03("t-20505b", "c-20505b", "completed", final=True, ts=T9)))),
    chunk(2.31, "", close="eof"),
], [], M20505,
     "legal: the client left the stream and the task kept running; tasks/resubscribe picked it up and it completed, the outcome mastra #20505's review asks for (a request-driven abort is not a task failure)")

# --- f951 (legal): the client leaves, then cancels explicitly (gemini-cli #28316)
case("f951-legal-v10-stream-client-left-then-canceled", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-28316b", "SendStreamingMessage", {"message": umsg10("refactor the parser module", mid="m-28316b")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-28316b", {"task": task10("t-28316b", "c-28316b", "TASK_STATE_WORKING", ts=T0)}))),
    chunk(0.9, "", close="client"),
    req(3.0, "POST", A + "/a2a", rpc("x-28316b", "CancelTask", {"id": "t-28316b"}), ver="1.0"),
    resp(3.01, 200, ok("x-28316b", task10("t-28316b", "c-28316b", "TASK_STATE_CANCELED", ts=T9))),
], [], G28316,
     "legal: the client left the stream, then asked for the cancel (CancelTask, TASK-003): the canceled task is the answer to that request, not to the disconnect")

# --- f952: A2A-Version checked on sends only: GetTask under an unsupported version served (a2a-java #1035)
J1035 = ("https://github.com/a2aproject/a2a-java/issues/1035 ([Bug]: A2A-Version is only validated on message sends, not on the other eight operations: "
         "onGetTask, onListTasks, onCancelTask, onSubscribeToTask and the push config methods served any A2A-Version)")
case("f952-v10-get-task-unsupported-version-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1035", "SendMessage", {"message": umsg10("what is the answer", mid="m-1035")}), ver="1.0"),
    resp(0.3, 200, ok("s-1035", {"task": task10("t-1035", "c-1035", "TASK_STATE_COMPLETED")})),
    req(0.4, "POST", A + "/a2a", rpc("s-1035b", "SendMessage", {"message": umsg10("and the question?", mid="m-1035b")}), ver="99.0"),
    resp(0.41, 200, err("s-1035b", -32009, "Protocol version 99.0 is not supported", ei("VERSION_NOT_SUPPORTED"))),
    req(0.5, "POST", A + "/a2a", rpc("g-1035", "GetTask", {"id": "t-1035"}), ver="99.0"),
    resp(0.51, 200, ok("g-1035", task10("t-1035", "c-1035", "TASK_STATE_COMPLETED"))),
], [("version-header-not-enforced", "error")], J1035,
     "an agent MUST process each request in the semantics of its A2A-Version and MUST answer VersionNotSupportedError (-32009) for a version its interface does not support (VER-002, 1.0 §3.6.2), on every operation: this one refused 99.0 on SendMessage and served the same header on GetTask, so the check depends on the method called")

# --- f953: streamed artifacts never reach the task snapshot (openai-agents-python #3683)
O3683 = ("https://github.com/openai/openai-agents-python/pull/3683 (Add Agent-to-Agent (A2A) protocol extension; its review's P2 finding: the artifact chunks "
         "message/stream emits are never appended to the stored task.artifacts, so tasks/get after the stream shows no deliverable output)")
case("f953-v03-stream-artifacts-not-persisted", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-3683", "message/stream", {"message": umsg03("summarise the incident", mid="m-3683")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-3683", task03("t-3683", "c-3683", "working")))),
    chunk(0.3, sse(ok("s-3683", au03("t-3683", "c-3683", "a-3683", "The outage began ")))),
    chunk(0.4, sse(ok("s-3683", au03("t-3683", "c-3683", "a-3683", "at 09:12 and ended at 09:40.", append=True, last=True)))),
    chunk(0.5, sse(ok("s-3683", su03("t-3683", "c-3683", "completed", final=True)))),
    chunk(0.51, "", close="eof"),
    req(1.0, "POST", A + "/", rpc("g-3683", "tasks/get", {"id": "t-3683"})),
    resp(1.01, 200, ok("g-3683", task03("t-3683", "c-3683", "completed"))),
], [("stored-artifact-lost", "warning")], O3683,
     "a task's artifacts are part of its state: a later Task snapshot carries what the stream delivered (STREAM-009: append adds to the artifact of that id; 1.0 §3.1.3 GetTask returns the task's artifacts). Here tasks/get returns the completed task with no artifact at all, so a client that reconnects or polls instead of streaming gets no answer")

# --- f954 (legal): a 1.0 card with the deprecated OAuth implicit flow (Azure/kars #168)
K168 = ("https://github.com/Azure/kars/pull/168 (feat(a2a): align verifier with v1.0.0 GA: reject removed OAuth flows: the card verifier rejects any card "
        "whose oauth2 flows declare implicit or password)")
case("f954-legal-v10-card-oauth-implicit-flow", get_card(0.0, card10(A + "/a2a",
        securitySchemes={"oauth": {"oauth2SecurityScheme": {"flows": {"implicit": {"authorizationUrl": "https://auth.example.test/authorize",
                                                                                    "scopes": {"a2a:invoke": "call the agent"}}}}}},
        securityRequirements=[{"schemes": {"oauth": {"list": ["a2a:invoke"]}}}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-168", "SendMessage", {"message": umsg10("what is the answer", mid="m-168")}), ver="1.0", hdr={"authorization": "Bearer tok-168"}),
    resp(0.3, 200, ok("s-168", {"task": task10("t-168", "c-168", "TASK_STATE_COMPLETED")})),
], [], K168,
     "legal: the 1.0 proto keeps implicit and password in OAuthFlows' oneof, marked deprecated (DIGEST Card: deprecated implicit/password), not removed: a 1.0 card may still declare them and a client must read it; a verifier that refuses the card refuses a valid 1.0 card")

# --- f955 (legal): HTTP+JSON cancel of a completed task answered 409, 1.0.0's mapping (a2a-rs #58)
RS58 = ("https://github.com/a2aproject/a2a-rs/pull/58 (fix: align error code mappings with upstream spec fix (A2A#1627): HTTP TASK_NOT_CANCELABLE 409 -> 400, "
        "CONTENT_TYPE_NOT_SUPPORTED 415 -> 400, gRPC UNSUPPORTED_OPERATION UNIMPLEMENTED -> FAILED_PRECONDITION)")
case("f955-legal-v10-rest-cancel-completed-409", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("convert the invoice", mid="m-58")}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-58", "c-58", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
    req(0.4, "POST", RA + "/tasks/t-58:cancel", {}, ver="1.0", ctype=A2AJ),
    resp(0.41, 409, rest_err(409, "FAILED_PRECONDITION", "Task t-58 is in a terminal state and cannot be canceled", "TASK_NOT_CANCELABLE"), ctype=A2AJ),
], [], RS58,
     "legal: TaskNotCancelableError is HTTP 400 in 1.0.1's mapping and 409 in 1.0.0's (ERR-002's table; A2A #1627 moved it), so an agent built on 1.0.0 answers 409; the ErrorInfo reason TASK_NOT_CANCELABLE names the error either way")

# --- f956: malformed JSON answered with an HTML 500 page (a2a-js #146)
J146 = ("https://github.com/a2aproject/a2a-js/issues/146 ([Bug]: Not well formatted JSON request does not return a Standard JSON-RPC Errors: express's body-parser "
        "answered a SyntaxError HTML page instead of -32700)")
HTML = ("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>Error</title>\n</head>\n<body>\n<pre>SyntaxError: Expected &#39;,&#39; or "
        "&#39;}&#39; after property value in JSON at position 305<br> &nbsp; &nbsp;at JSON.parse (&lt;anonymous&gt;)</pre>\n</body>\n</html>\n")
BAD = '{"jsonrpc":"2.0","id":"s-146","method":"message/send","params":{"message":{"kind":"message","messageId":"m-146","role":"user","parts":[{"kind":"text","text":"hi"}]}'
case("f956-v03-malformed-json-html-error-page", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", BAD),
    resp(0.11, 400, HTML, ctype="text/html; charset=utf-8"),
], [("jsonrpc-response-malformed", "error")], J146,
     "a JSON-RPC server answers a body it cannot parse with a JSON-RPC error object, code -32700 and id null (ERR-001, JSON-RPC 2.0 §5.1; 0.3 §8.1): an HTML page from the web framework's body parser is nothing an A2A client can read, so it reports a transport failure instead of the parse error the client made")

# --- f957: ListTasks historyLength 0 answered with history (a2a-go #242)
G242 = ("https://github.com/a2aproject/a2a-go/pull/242 (fix: update HistoryLength: ListTasksRequest.HistoryLength became *int and the store omits the history "
        "when it is 0; before, 0 read as unset and every listed task carried its whole history)")
HIST = [umsg10("convert the invoice", mid="m-242", taskId="t-242", contextId="c-242"), amsg10("Done: invoice.pdf", mid="m-a242", taskId="t-242", contextId="c-242")]
case("f957-v10-list-tasks-history-length-zero-history", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-242", "ListTasks", {"contextId": "c-242", "historyLength": 0}), ver="1.0"),
    resp(0.11, 200, ok("l-242", {"tasks": [task10("t-242", "c-242", "TASK_STATE_COMPLETED", history=HIST)], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [("history-length-exceeded", "error")], G242,
     "historyLength 0 means no history (DATA-006, 1.0 §3.2.4: 0 = no history, the field SHOULD be omitted; unset = the server's default): a proto3 optional int32 tells 0 from unset, and a store that read 0 as unset listed each task with its whole history")

# --- f958: a negative historyLength served (a2a-python #726)
P726 = ("https://github.com/a2aproject/a2a-python/pull/726 (fix: add history length and page size validations: a negative historyLength or an out-of-range "
        "pageSize was served; the spec's validation error example answers -32602)")
case("f958-v10-get-task-negative-history-length-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-726", "SendMessage", {"message": umsg10("convert the invoice", mid="m-726")}), ver="1.0"),
    resp(0.3, 200, ok("s-726", {"task": task10("t-726", "c-726", "TASK_STATE_COMPLETED")})),
    req(0.4, "POST", A + "/a2a", rpc("g-726", "GetTask", {"id": "t-726", "historyLength": -1}), ver="1.0"),
    resp(0.41, 200, ok("g-726", task10("t-726", "c-726", "TASK_STATE_COMPLETED", history=[umsg10("convert the invoice", mid="m-726", taskId="t-726", contextId="c-726")]))),
], [("client-request-param-invalid", "note"), ("request-param-invalid-accepted", "error")], P726,
     "historyLength is a non-negative count (DATA-006, 1.0 §3.2.4; the 1.0 validation error example: -32602 naming the field): the client sent -1 and the agent served it as 'everything' instead of refusing it with InvalidParams (ERR-006: validate input first), so the client's bug goes unnoticed")

# --- f959: SendMessage naming an unknown task id creates that task (a2a-dotnet #111)
D111 = ("https://github.com/a2aproject/a2a-dotnet/issues/111 (If TaskId is specified, it must map to an existing task: SendMessage and SendMessageStream "
        "created a new task when the client's taskId did not exist; A2A PR #926)")
case("f959-v10-send-unknown-task-id-creates-task", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-111", "SendMessage", {"message": umsg10("continue the report", mid="m-111", taskId="client-task-111")}), ver="1.0"),
    resp(0.3, 200, ok("s-111", {"task": task10("client-task-111", "c-111", "TASK_STATE_COMPLETED")})),
], [("task-id-not-handed-out", "note")], D111,
     "task ids are the server's: a taskId in a message MUST name an existing task, an unknown one is TaskNotFoundError (-32001), and client-provided ids cannot create tasks (ID-001, 1.0 §3.4.2); the agent answered with a task of the id the client invented. A note only: a recording that starts later may have missed the agent handing that id out (f130 is the error, once the agent itself answered TaskNotFoundError for the id)")

# --- f960: a 1.0 client at an agent whose card declares 0.3 only, refused with HTTP 400 (agno #10387)
AG = "https://agno.example.test"
N10387 = ("https://github.com/agno-agi/agno/issues/10387 ([Bug] A2A interface only accepts v0.3 wire format: a v1.0 SendMessage with role ROLE_USER to the "
          "card's message:send endpoint is rejected with HTTP 400; the card reports protocolVersion 0.3.0)")
case("f960-v03-card-v10-client-refused", get_card(0.0, card03(AG + "/a2a/agents/helper", preferredTransport="HTTP+JSON"), AG + "/a2a/agents/helper/.well-known/agent-card.json") + [
    req(0.1, "POST", AG + "/a2a/agents/helper/v1/message:send", {"message": umsg10("hello", mid="m-10387")}, ver="1.0"),
    resp(0.11, 400, {"detail": "Invalid A2A request: role: Input should be 'user' or 'agent'"}),
], [("client-version-not-in-card", "note")], N10387,
     "the card declares A2A 0.3.0 only (CARD-006), and the client sent a 1.0 request (A2A-Version 1.0, ROLE_USER) to it: the refusal is the agent keeping to its card; the client should speak the card's version or pick an interface that declares 1.0 (VER-005). A note: what the 1.0 client meets at a 0.3-only agent")

# --- f961: a 1.0 data part holding a JSON array refused as not an object (a2a-js #338)
J338 = ("https://github.com/a2aproject/a2a-js/issues/338 ([Bug]: DataPart should accept any type as data, not just objects with string keys: the proto's "
        "data is a google.protobuf.Value, the JS types allowed only objects with string keys)")
case("f961-v10-data-part-array-refused", get_card(0.0, card10(A + "/a2a", defaultInputModes=["text/plain", "application/json"])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-338", "SendMessage", {"message": {"messageId": "m-338", "role": "ROLE_USER", "parts": [{"text": "rank these"}, {"data": ["Apple", "Orange", "Banana"], "mediaType": "application/json"}]}}), ver="1.0"),
    resp(0.11, 200, err("s-338", -32602, "Invalid params: message.parts[1].data must be an object with string keys")),
], [("valid-request-refused-invalid-params", "warning")], J338,
     "1.0 Part.data is a google.protobuf.Value (DATA-004; A2A PR #1306 widened 0.3's Struct): a JSON array, string, number or boolean is as valid as an object, so an agent that refuses the array with InvalidParams (-32602) refuses a request A2A allows (ERR-006 is for invalid input)")

# --- f962 (legal): the same array data part accepted
case("f962-legal-v10-data-part-array-accepted", get_card(0.0, card10(A + "/a2a", defaultInputModes=["text/plain", "application/json"])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-338b", "SendMessage", {"message": {"messageId": "m-338b", "role": "ROLE_USER", "parts": [{"text": "rank these"}, {"data": ["Apple", "Orange", "Banana"], "mediaType": "application/json"}]}}), ver="1.0"),
    resp(0.3, 200, ok("s-338b", {"task": task10("t-338b", "c-338b", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-338b", "parts": [{"data": ["Banana", "Apple", "Orange"]}]}])})),
], [], J338,
     "legal: a 1.0 data part whose data is a JSON array, in the request and in the artifact (Part.data is a google.protobuf.Value, DATA-004)")

# --- f963: a 0.3 card whose url is the IPv6 wildcard listen address (docker-agent #1679)
DA1679 = ("https://github.com/docker/docker-agent/issues/1679 (A2A agent card advertises http://[::]:PORT/invoke: the IPv6 wildcard listen address, "
          "not routable from other containers; clients using the card's url fail with Connection refused)")
CA = "http://cagent:8080"
case("f963-card03-url-ipv6-wildcard", [req(0.0, "GET", CA + "/.well-known/agent-card.json"), resp(0.01, 200, card03("http://[::]:8080/invoke", name="root", description="A simple test agent"))],
     [("card-url-internal-authority", "error")], DA1679,
     "the card's url is where clients send every call (CARD-005, CARD-006; 0.3 §5.6.1): [::] is the IPv6 'any address' a server binds to, no address a client can connect to, so every client that follows the card fails before its first call; the agent must advertise the name or address it is reached at (the card was fetched from http://cagent:8080)")

# --- f964: a 0.3 stream that starts with status updates and ends with a Task (a2a-python #501)
P501 = ("https://github.com/a2aproject/a2a-python/issues/501 ([Bug]: New client code does not appear to work with streaming requests: the server sent "
        "status-update events first and a Task last, and the client's task manager raised 'Task is already set')")
case("f964-v03-stream-status-update-before-task", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-501", "message/stream", {"message": umsg03("summarise the ticket", mid="m-501")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-501", su03("t-501", "c-501", "working")))),
    chunk(0.3, sse(ok("s-501", su03("t-501", "c-501", "working", msg=amsg03("Reading the ticket...", mid="m-a501a"))))),
    chunk(0.5, sse(ok("s-501", task03("t-501", "c-501", "completed", artifacts=[{"artifactId": "a-501", "parts": [{"kind": "text", "text": "Printer on floor 3 is jammed."}]}])))),
    chunk(0.51, "", close="eof"),
], [("stream-task-after-its-update", "warning")], P501,
     "a task stream begins with the Task, then status and artifact updates (STREAM-003; 0.3: the SDKs' event queue and client task manager build the task from that first Task): a stream that opens with status updates and sends the Task last makes a client create the task from the first update and then refuse the Task as a second task ('Task is already set')")

# --- f965: the client leaves; the agent parks the task in input-required "aborted by client" (gemini-cli #28316, before)
G28316b = ("https://github.com/google-gemini/gemini-cli/pull/28316 (the code the PR replaced: when the execution loop was aborted, which the server's onSocketEnd "
           "does when the client's socket closes, the executor moved the task to 'input-required' with 'Execution aborted by client.', final)")
case("f965-v03-stream-client-left-task-input-required", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-28316c", "message/stream", {"message": umsg03("refactor the parser module", mid="m-28316c")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-28316c", task03("t-28316c", "c-28316c", "working", ts=T0)))),
    chunk(0.9, "", close="client"),
    req(4.0, "POST", A + "/", rpc("g-28316c", "tasks/get", {"id": "t-28316c"})),
    resp(4.01, 200, ok("g-28316c", task03("t-28316c", "c-28316c", "input-required") | {"status": {"state": "input-required", "timestamp": T1b,
        "message": amsg03("Execution aborted by client.", mid="m-a28316c", taskId="t-28316c", contextId="c-28316c")}})),
], [("task-ended-by-client-disconnect", "warning")], G28316b,
     "input-required asks the client a question (TASK-006, TASK-007: the client answers with a follow-up message); here the agent parked the task because the client's socket closed, with 'Execution aborted by client.' as the only words: the work stopped for a disconnect, and the client that reconnects finds a question nobody asked")

write_cases(cases, OUT)
