"""Variants of miner mine50 (prefix b50a-): python3 tests/cases/variants/gen_b50a.py

Each puts one of session 50's changed kinds (round fifty) on traffic its field case does not
hold, with legal controls beside it:
A: HTTP-MEDIA-007 (accept-refused, new) for an A2A call refused 406 Not Acceptable although its
   Accept admits the binding's answer type (field case f1068, superset-sh/superset PR #5910):
   1.0 HTTP+JSON SendMessage with Accept: application/json refused for not asking
   application/a2a+json; a 0.3 message/stream with Accept: text/event-stream; a 1.0 JSON-RPC
   SendMessage refused because the runtime wants to stream it; a 0.3 HTTP+JSON send with no
   Accept at all; a 1.0 HTTP+JSON SubscribeToTask with Accept: */*; a public card fetch
   accepting application/json (on HTTP+JSON the plain-text 406 is also no AIP-193 error body:
   REST-ERROR-001). Controls: a card fetch accepting only text/html; a streaming call that
   accepts only application/json (the client's mistake, the agent's right 406); an Accept that
   refuses JSON with q=0 beside */*; a 1.0 HTTP+JSON call accepting application/a2a+json answered.
B: SSE-FRAME-005 (sse-json-without-data-field, new) for a JSON document written into an event
   stream without data: (field cases f1082, f1083, jllopis/kairos): a 0.3 JSON-RPC stream's
   error written raw at its end; a 1.0 HTTP+JSON SubscribeToTask stream with a raw problem+json
   line; a 0.3 HTTP+JSON stream with a raw line before its final event; a raw JSON array
   between two events of a 1.0 JSON-RPC stream. Controls: unknown SSE fields and comments that
   are no JSON; a JSON-RPC error sent as a data event; an event whose JSON is spread over
   several data: lines.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr={"cache-control": "max-age=300", "etag": '"c1"'})]
def noaccept(line):
    line = dict(line)
    line["headers"] = {k: v for k, v in line["headers"].items() if k != "accept"}
    return line
SRC_A = "https://github.com/superset-sh/superset/pull/5910"
SRC_A2 = "https://github.com/aws/agentcore-cli/pull/1051"
SRC_B = "https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/pkg/a2a/httpjson/server.go"
SRC_B2 = "https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/pkg/a2a/jsonrpc/server.go"
C10 = card10(A + "/a2a")
CR10 = card10(A, binding="HTTP+JSON")
CR03 = card03(A + "/a2a", preferredTransport="HTTP+JSON")
C03 = card03(A + "/a2a")
NA = "Not Acceptable"

# --- A: 406 to an Accept that admits the binding's answer
case("b50a-A1-v10-rest-send-406-a2a-json-demanded", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-a1")}, ver="1.0", ctype=A2AJ),
    resp(0.11, 406, "Not Acceptable: Accept must include application/a2a+json", ctype="text/plain"),
], [("accept-refused", "error"), ("rest-error-shape", "error")], SRC_A,
     "1.0 HTTP+JSON answers application/a2a+json or 1.0.0's application/json (1.0 §11.1); a client accepting application/json is refused for a type the binding itself allows")
case("b50a-A2-v03-stream-406-event-stream-accepted", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-a2", "message/stream", {"message": umsg03("go", mid="m-a2")}), accept=SSE),
    resp(0.11, 406, NA, ctype="text/plain"),
], [("accept-refused", "error")], SRC_A,
     "a 0.3 message/stream is answered text/event-stream (RPC-005), which the request's Accept names")
case("b50a-A3-v10-unary-406-wants-event-stream", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("u-a3", "SendMessage", {"message": umsg10("go", mid="m-a3")}), ver="1.0"),
    resp(0.11, 406, {"error": "Streaming response requires Accept: text/event-stream header. Please include this header in your request to receive streaming data."}),
], [("accept-refused", "error")], SRC_A2,
     "a unary SendMessage is answered application/json (RPC-001); the runtime refused it for not accepting a stream it had no business sending")
case("b50a-A4-v03-rest-send-406-no-accept", get_card(0.0, CR03) + [
    noaccept(req(0.1, "POST", A + "/a2a/v1/message:send", {"message": {"messageId": "m-a4", "role": "ROLE_USER", "content": [{"text": "go"}]}})),
    resp(0.11, 406, NA, ctype="text/plain"),
], [("accept-refused", "error"), ("rest-error-shape", "error")], SRC_A,
     "a request without Accept admits every media type (RFC 9110 §12.5.1): a 406 to it refuses nothing the client asked")
case("b50a-A5-v10-rest-subscribe-406-wildcard", get_card(0.0, CR10) + [
    req(0.1, "GET", A + "/tasks/t-a5:subscribe", ver="1.0", accept="*/*"),
    resp(0.11, 406, NA, ctype="text/plain"),
], [("accept-refused", "error"), ("rest-error-shape", "error")], SRC_A,
     "Accept: */* admits text/event-stream, the media type of a SubscribeToTask stream (REST-002)")
case("b50a-A6-v10-card-fetch-406", [
    req(0.0, "GET", CARD_URL, accept="application/json"),
    resp(0.01, 406, {"error": "Not Acceptable", "supported": ["application/ld+json"]}),
], [("accept-refused", "error")], SRC_A,
     "the Agent Card is a JSON document at its well-known path (CARD-001, CARD-002): a discovery GET accepting application/json is refused for a type the card is served as")
case("b50a-AL4-legal-v03-card-fetch-accepts-html-406", [
    req(0.0, "GET", CARD_URL, accept="text/html"),
    resp(0.01, 406, NA, ctype="text/plain"),
    req(0.2, "GET", CARD_URL),
    resp(0.21, 200, C03, hdr={"cache-control": "max-age=300", "etag": '"c1"'}),
], [], SRC_A, "legal: a browser-like Accept: text/html admits no JSON, so the card route's 406 is right; the JSON fetch is answered")
case("b50a-AL1-legal-v10-stream-accepts-json-only-406", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-al1", "SendStreamingMessage", {"message": umsg10("go", mid="m-al1")}), ver="1.0", accept="application/json"),
    resp(0.11, 406, NA, ctype="text/plain"),
], [], SRC_A,
     "legal: a streaming call is answered text/event-stream, which this request's Accept does not admit: the 406 is right (RFC 9110 §15.5.7)")
case("b50a-AL2-legal-v03-json-refused-q0-406", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("u-al2", "message/send", {"message": umsg03("go", mid="m-al2")}), accept="application/json;q=0, */*"),
    resp(0.11, 406, NA, ctype="text/plain"),
], [], SRC_A,
     "legal: q=0 marks application/json not acceptable (RFC 9110 §12.4.2), and the most specific range that matches decides over */* (§12.5.1), so the request admits no type a JSON-RPC answer has")
case("b50a-AL3-legal-v10-rest-accepts-a2a-json-answered", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-al3")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.2, 200, {"message": amsg10("hello", mid="a-al3", contextId="c-al3")}, ctype=A2AJ),
], [], SRC_A, "legal: Accept: application/a2a+json answered in that type")

# --- B: a JSON document written into an event stream without data:
case("b50a-B1-v03-stream-error-written-raw", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-b1", "message/stream", {"message": umsg03("go", mid="m-b1")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s-b1", task03("t-b1", "c-b1", "working")))),
    chunk(0.5, json.dumps({"jsonrpc": "2.0", "error": {"code": -32603, "message": "upstream model failed"}}) + "\n"),
    chunk(0.51, "", close="eof"),
], [("sse-json-without-data-field", "error"), ("stream-ended-without-terminal-0x", "warning")], SRC_B2,
     "0.3 §7.2.1: each event's data is a JSON-RPC response; the error after the first event went out without data:, so the client sees the stream end at working")
case("b50a-B2-v10-rest-subscribe-raw-problem-json", get_card(0.0, CR10) + [
    req(0.1, "GET", A + "/tasks/t-b2:subscribe", ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse({"task": task10("t-b2", "c-b2", "TASK_STATE_WORKING")})),
    chunk(0.6, json.dumps({"type": "about:blank", "title": "Unavailable", "status": 503, "detail": "task store unreachable"}) + "\n"),
    chunk(0.61, "", close="eof"),
], [("sse-json-without-data-field", "error"), ("stream-ended-without-terminal", "error")], SRC_B,
     "a 1.0 SubscribeToTask stream over HTTP+JSON carries StreamResponse events (REST-002); the problem+json body written raw is lost to the client")
case("b50a-B3-v03-rest-stream-raw-line-before-final", get_card(0.0, CR03) + [
    req(0.1, "POST", A + "/a2a/v1/message:stream", {"message": {"messageId": "m-b3", "role": "ROLE_USER", "content": [{"text": "go"}]}}, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse({"task": {"id": "t-b3", "contextId": "c-b3", "status": {"state": "TASK_STATE_WORKING"}}})),
    chunk(0.4, json.dumps({"warning": "artifact store slow", "retryAfterMs": 500}) + "\n"
               + sse({"statusUpdate": {"taskId": "t-b3", "contextId": "c-b3", "status": {"state": "TASK_STATE_COMPLETED"}, "final": True}})),
    chunk(0.41, "", close="eof"),
], [("sse-json-without-data-field", "error")], SRC_B,
     "the raw JSON line sits in the same SSE event block as the final event's data line: the parser keeps the data and drops the line")
case("b50a-B4-v10-raw-json-array-between-events", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-b4", "SendStreamingMessage", {"message": umsg10("go", mid="m-b4")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s-b4", {"task": task10("t-b4", "c-b4", "TASK_STATE_WORKING")}))),
    chunk(0.3, json.dumps([{"event": "tool_call", "name": "search"}]) + "\n\n"),
    chunk(0.5, sse(ok("s-b4", su10("t-b4", "c-b4", "TASK_STATE_COMPLETED")))),
    chunk(0.51, "", close="eof"),
], [("sse-json-without-data-field", "error")], SRC_B2,
     "a JSON array between two events, in an event block of its own with no data line: dispatched as nothing")
case("b50a-BL1-legal-v10-unknown-fields-and-comments", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-bl1", "SendStreamingMessage", {"message": umsg10("go", mid="m-bl1")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, ": stream open\nx-trace: 4bf92f35\n" + sse(ok("s-bl1", {"task": task10("t-bl1", "c-bl1", "TASK_STATE_WORKING")}))),
    chunk(0.3, ": keep-alive\n\n"),
    chunk(0.5, "event: message\n" + sse(ok("s-bl1", su10("t-bl1", "c-bl1", "TASK_STATE_COMPLETED")))),
    chunk(0.51, "", close="eof"),
], [], SRC_B2, "legal: comment lines and unknown fields that are no JSON are ignored by SSE parsers by design (W3C SSE 9.2.6)")
case("b50a-BL2-legal-v10-jsonrpc-error-as-data-event", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-bl2", "SendStreamingMessage", {"message": umsg10("go", mid="m-bl2")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s-bl2", {"task": task10("t-bl2", "c-bl2", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-bl2", su10("t-bl2", "c-bl2", "TASK_STATE_FAILED", message=amsg10("the upstream model failed", mid="a-bl2"))))),
    chunk(0.51, "", close="eof"),
], [], SRC_B2, "legal: the failure told as the stream's terminal status update, in a data event")
case("b50a-BL3-legal-v03-json-over-several-data-lines", get_card(0.0, C03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-bl3", "message/stream", {"message": umsg03("go", mid="m-bl3")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, "data: " + json.dumps(ok("s-bl3", task03("t-bl3", "c-bl3", "working")), indent=2).replace("\n", "\ndata: ") + "\n\n"),
    chunk(0.5, sse(ok("s-bl3", {"kind": "status-update", "taskId": "t-bl3", "contextId": "c-bl3", "status": {"state": "completed"}, "final": True}))),
    chunk(0.51, "", close="eof"),
], [], SRC_B2, "legal: a pretty-printed JSON document with data: in front of every line is joined by the parser (W3C SSE 9.2.6)")

write_cases(cases, HERE)
