"""Variants of miner mine53 (prefix b53a-): python3 tests/cases/variants/gen_b53a.py

Each puts one of session 53's changed kinds (round fifty-three) on traffic its field case does
not hold, with controls beside it. A1-A4 and B1 were written as probes before the fix and run
on main's binary first (FIELD-CASES.md "Round fifty-three" gives their verdicts then).
A: STREAM-001 (RPC-ERROR-001 / REST-ERROR-001 widened): a 1.0 agent whose card does not
   declare streaming refuses a streaming call under another code than UnsupportedOperation
   (field case f1113, a2a-java PR #1041: InvalidRequest on every binding): an HTTP+JSON
   message:stream refused 400 with ErrorInfo INVALID_REQUEST, a JSON-RPC SubscribeToTask
   refused -32600, an HTTP+JSON subscribe refused 400 INVALID_ARGUMENT without a reason, a
   SendStreamingMessage refused -32603, a well-formed SendStreamingMessage refused -32602.
   Controls: the HTTP+JSON refusal as UNSUPPORTED_OPERATION, a SendStreamingMessage whose
   message has no parts refused -32602 (the params are wrong: the agent may say so first,
   ERR-006), a 0.3 message/stream refused -32603 (0.x leaves the code open), a streaming
   card's agent answering a stream -32603 (no refusal of a capability).
B: CARD-PATH-005 (new): a client asks for the card at a path that names the well-known card
   file but is not its URI, and is refused 4xx (field case f1120, a2a-python #799): a 0.3
   resolver's custom card path joined after the well-known one (a2a-java PR #837), a 0.2
   agent.json with a trailing slash, a base URL's trailing slash doubled before
   /.well-known/. Controls: the trailing-slash path served 200 (no failure), a card asked
   under the agent's own path (a publisher's choice, not a malformed URL).
C: HTTP-MEDIA-004 and ID-EVENT-002 widened (verify_mutants49 found both silent once this
   round's cases moved its sample): a JSON-RPC send under text/plain that the agent never
   answered; a 0.3 task stream whose Message event names another task. Controls: the same
   send under application/json; the Message naming the stream's own task.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr={"cache-control": "max-age=300", "etag": '"c1"'})]
NOS10 = {"streaming": False, "pushNotifications": False}
C10N = card10(A + "/a2a", capabilities=NOS10)
C10RN = card10(A, binding="HTTP+JSON", capabilities=NOS10)
C03N = card03(A + "/a2a", capabilities={"streaming": False})
SRC_A = "https://github.com/a2aproject/a2a-java/pull/1041"
SRC_B = "https://github.com/a2aproject/a2a-python/issues/799"
SRC_B1 = "https://github.com/a2aproject/a2a-java/pull/837"

# --- A: streaming refused under another code than UnsupportedOperation
case("b53a-A1-v10-rest-stream-refused-invalid-request-reason", get_card(0.0, C10RN) + [
    req(0.2, "POST", A + "/message:stream", {"message": umsg10("hi", mid="m-a1")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.21, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Streaming is not supported by the agent", "details": ei("INVALID_REQUEST")}}, ctype=A2AJ),
], [("rest-error-shape", "error")], SRC_A, "a 1.0 HTTP+JSON message:stream to an agent without streaming refused 400 with ErrorInfo INVALID_REQUEST, not UNSUPPORTED_OPERATION")
case("b53a-A2-v10-subscribe-refused-invalid-request", get_card(0.0, C10N) + [
    req(0.2, "POST", A + "/a2a", rpc("a2", "SendMessage", {"message": umsg10("hi", mid="m-a2"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("a2", {"task": task10("t-a2", "c-a2", "TASK_STATE_WORKING")})),
    req(0.4, "POST", A + "/a2a", rpc("a2s", "SubscribeToTask", {"id": "t-a2"}), ver="1.0", accept=SSE),
    resp(0.41, 200, err("a2s", -32600, "Streaming is not supported by the agent")),
], [("jsonrpc-error-code-mismatch", "error")], SRC_A, "a 1.0 SubscribeToTask to an agent without streaming refused -32600 InvalidRequest")
case("b53a-A3-v10-rest-subscribe-refused-invalid-argument", get_card(0.0, C10RN) + [
    req(0.2, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-a3"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.3, 200, {"task": task10("t-a3", "c-a3", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(0.4, "GET", A + "/tasks/t-a3:subscribe", ver="1.0", accept=SSE),
    resp(0.41, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Streaming is not supported by the agent"}}, ctype=A2AJ),
], [("rest-error-shape", "error")], SRC_A, "a 1.0 HTTP+JSON subscribe to an agent without streaming refused 400 INVALID_ARGUMENT without an ErrorInfo")
case("b53a-A4-v10-stream-refused-internal-error", get_card(0.0, C10N) + [
    req(0.2, "POST", A + "/a2a", rpc("a4", "SendStreamingMessage", {"message": umsg10("hi", mid="m-a4")}), ver="1.0", accept=SSE),
    resp(0.21, 200, err("a4", -32603, "Streaming is not supported by the agent")),
], [("jsonrpc-error-code-mismatch", "error")], SRC_A, "a 1.0 SendStreamingMessage to an agent without streaming refused -32603 InternalError")
case("b53a-A5-v10-stream-refused-invalid-params-well-formed", get_card(0.0, C10N) + [
    req(0.2, "POST", A + "/a2a", rpc(5, "SendStreamingMessage", {"message": umsg10("hi", mid="m-a5")}), ver="1.0", accept=SSE),
    resp(0.21, 200, err(5, -32602, "Invalid params: streaming disabled")),
], [("jsonrpc-error-code-mismatch", "error")], SRC_A, "a well-formed 1.0 SendStreamingMessage to an agent without streaming refused -32602 InvalidParams")
case("b53a-AL1-legal-v10-rest-stream-refused-unsupported-operation", get_card(0.0, C10RN) + [
    req(0.2, "POST", A + "/message:stream", {"message": umsg10("hi", mid="m-al1")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.21, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Streaming is not supported by the agent", "details": ei("UNSUPPORTED_OPERATION")}}, ctype=A2AJ),
], [], SRC_A, "control: the HTTP+JSON refusal as the fix writes it, ErrorInfo UNSUPPORTED_OPERATION")
case("b53a-AL2-v10-stream-refused-invalid-params-no-parts", get_card(0.0, C10N) + [
    req(0.2, "POST", A + "/a2a", rpc(6, "SendStreamingMessage", {"message": {"messageId": "m-al2", "role": "ROLE_USER", "parts": []}}), ver="1.0", accept=SSE),
    resp(0.21, 200, err(6, -32602, "message.parts must not be empty")),
], [("request-message-invalid-shape", "error")], SRC_A, "control: a SendStreamingMessage whose message has no parts refused -32602: the params are wrong, and an agent may refuse bad input first (ERR-006); the client's empty parts is told, the refusal's code is not")
case("b53a-AL3-v03-message-stream-refused-internal-error", get_card(0.0, C03N) + [
    req(0.2, "POST", A + "/a2a", rpc(7, "message/stream", {"message": umsg03("hi", mid="m-al3")}), accept=SSE),
    resp(0.21, 200, err(7, -32603, "Streaming is not supported by the agent")),
], [], SRC_A, "control: 0.3 says a streaming call requires capabilities.streaming without naming the refusal's error (STREAM-001 is 1.0's MUST); a 0.3 refusal under -32603 is not told as the 1.0 misfit")
case("b53a-AL4-legal-v10-streaming-card-stream-internal-error", get_card(0.0, card10(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc(8, "SendStreamingMessage", {"message": umsg10("hi", mid="m-al4")}), ver="1.0", accept=SSE),
    resp(0.21, 200, err(8, -32603, "model backend unavailable")),
], [], SRC_A, "control: an agent whose card declares streaming fails a stream with -32603: a failure of its own, no refusal of a capability")

case("b53a-A6-v10-rest-stream-refused-bare-500", get_card(0.0, C10RN) + [
    req(0.2, "POST", A + "/message:stream", {"message": umsg10("hi", mid="m-a6")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.21, 500, {"error": {"code": 500, "status": "INTERNAL", "message": "Streaming is not supported by the agent"}}, ctype=A2AJ),
], [("rest-error-shape", "error")], SRC_A, "a 1.0 HTTP+JSON message:stream to an agent without streaming refused with a bare 500 INTERNAL (no ErrorInfo)")
case("b53a-AL5-legal-v10-rest-streaming-card-stream-500", get_card(0.0, card10(A, binding="HTTP+JSON")) + [
    req(0.2, "POST", A + "/message:stream", {"message": umsg10("hi", mid="m-al5")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.21, 500, {"error": {"code": 500, "status": "INTERNAL", "message": "model backend unavailable"}}, ctype=A2AJ),
], [], SRC_A, "control: an HTTP+JSON agent whose card declares streaming fails a stream with a bare 500: a failure of its own, no refusal of a capability")

# --- B: the card asked for at a malformed well-known path
case("b53a-B1-v03-card-fetch-joined-custom-path", [
    req(0.0, "GET", A + "/spec03/.well-known/agent-card.json/custom/card.json"),
    resp(0.01, 404, "Not Found", ctype="text/plain"),
], [("card-fetch-path-malformed", "warning")], SRC_B1, "a resolver that appended a custom card path after a base URL that already named the well-known card")
case("b53a-B2-v02-agent-json-trailing-slash", [
    req(0.0, "GET", A + "/.well-known/agent.json/"),
    resp(0.01, 404, {"error": "not found"}),
    req(0.1, "GET", A + "/.well-known/agent.json"),
    resp(0.11, 200, {"name": "old", "description": "0.2 agent", "url": A + "/", "version": "1.0.0", "protocolVersion": "0.2.5",
        "capabilities": {"streaming": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "s", "name": "s", "description": "d", "tags": ["t"]}]}),
], [("card-fetch-path-malformed", "warning")], SRC_B, "a 0.2 client asking for agent.json with a trailing slash first (404), then at the well-known URI")
case("b53a-B3-v10-card-fetch-double-slash", [
    req(0.0, "GET", A + "/a2a//.well-known/agent-card.json"),
    resp(0.01, 404, {"detail": "Not Found"}),
], [("card-fetch-path-malformed", "warning")], SRC_B, "a base URL's trailing slash joined with a card path that starts with one")
case("b53a-BL1-legal-v10-card-trailing-slash-served", get_card(0.0, card10(A + "/a2a"), A + "/.well-known/agent-card.json/"), [], SRC_B,
     "control: the trailing-slash path answered 200 with the card: the client got its card, no failure to tell")
case("b53a-BL2-legal-v10-card-under-agent-path", [
    req(0.0, "GET", A + "/agents/billing/.well-known/agent-card.json"),
    resp(0.01, 404, {"detail": "Not Found"}),
] + get_card(0.1, card10(A + "/agents/billing"), A + "/.well-known/agent-card.json"), [], SRC_B,
     "control: a card asked for under the agent's own path is a publisher's choice some hosts make (one agent per path), not a malformed URL")

# --- C: two kinds verify_mutants49 found silent once round 53's cases moved its sample
# (f398's first send under text/plain, never answered; f461's message naming another task)
SRC_C = "https://github.com/a2aproject/a2a-python/issues/103"
case("b53a-C1-v10-send-text-plain-never-answered", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi", mid="m-c1")}), ver="1.0", ctype="text/plain"),
], [("client-request-not-application-json", "error")], SRC_C,
     "a JSON-RPC send under Content-Type text/plain that the agent never answered: the client's media type is its fault whether or not an answer came (RPC-001)")
case("b53a-CL1-legal-v10-send-json-never-answered", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi", mid="m-cl1")}), ver="1.0"),
], [], SRC_C, "control: the same send under application/json, never answered: nothing of the client's to tell")
STREAM_MSG = [{"rule": "stream-event-after-message-reply-0x", "reason": "the 0.3 stream carries a Message after its Task, which 0.3 clients refuse; told beside the ids, not the subject of the variant"}]
def c2(name, msg_tid, findings):
    lines = get_card(0.0, card03(A + "/a2a")) + [
        req(0.1, "POST", A + "/a2a", rpc("c2", "message/stream", {"message": umsg03("hi", mid="m-" + name)}), accept=SSE),
        resp(0.11, 200, "", ctype=SSE),
        chunk(0.12, sse(ok("c2", task03("t-c2", "c-c2", "working")))),
        chunk(0.5, sse(ok("c2", amsg03("hello", mid="a-" + name, taskId=msg_tid, contextId="c-c2")))),
        chunk(0.6, sse(ok("c2", {"kind": "status-update", "taskId": "t-c2", "contextId": "c-c2", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
        chunk(0.61, "", close="eof"),
    ]
    return lines
cases["b53a-C2-v03-stream-message-names-other-task"] = (c2("c2", "t-elsewhere", None), [("stream-event-task-mismatch", "error")], SRC_C,
    "a 0.3 task stream whose Message event names another task than the stream's (ID-006)")
cases["b53a-CL2-v03-stream-message-names-own-task"] = (c2("cl2", "t-c2", None), [], SRC_C,
    "control: the Message names the stream's own task: no mismatch (the Message after the Task is told apart, allowed here)")

write_cases(cases, HERE)
