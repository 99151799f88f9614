"""Variants of left38 (prefix b38l-): python3 tests/cases/variants/gen_b38l.py

Session 37's leftovers on the verifier:
I: a 1.0 task stream cut by a plain INTERNAL error (JSON-RPC -32603, an HTTP+JSON
   google.rpc.Status INTERNAL / 500 event) after the agent started the task and before its
   terminal or interrupted state. 1.0 closes a task stream at the terminal (or interrupted)
   state (STREAM-003, STREAM-007) and its StreamResponse has no error member; INTERNAL is
   the agent's own failure by name (JSON-RPC 2.0 -32603 "Internal error", AIP-193 INTERNAL),
   so the stream withheld the task's outcome: STREAM-END-005 at once (before: held until a
   later read showed the task FAILED, silent otherwise). 0.x keeps the error end legal
   (0.3 section 3.3.1, 7.2: SendStreamingMessageResponse admits a JSON-RPC error response),
   and so do other 1.0 codes, held as before until a read shows the task FAILED.
S: who sent a request, in the last hand-written "client's ..." wordings (left37 routed the
   rest through State::sender): DATA-SHAPE-002 (a malformed message in a send) and VER-MIX-002
   (a part's media type under the other generation's member name). `-direct` (no gateway:
   "client") and `-gateway` (the client's call is clean; the gateway's own upstream request
   carries the fault: "gateway").
U: a JSON POST to a URL nothing names as A2A (no card, no JSON-RPC answer there) whose body
   is JSON but not JSON-RPC (no top-level jsonrpc or method): an order API's call, not a
   JSON-RPC one, so no JSON-RPC finding on its answer (before: RPC-ENVELOPE-001 when answered
   400 / 500 or with a `result` member). Controls: the same body to the card's JSON-RPC URL,
   and a body with jsonrpc and method but no card, stay judged as JSON-RPC.
B: a streaming call inside a JSON-RPC batch (b23x-BL4 left it unjudged). A batch is answered
   by one JSON Array (JSON-RPC 2.0 section 6) and a streaming call by an event stream
   (RPC-005): no answer carries both, so the client that batched it gets no stream whatever
   the agent does: RPC-REQ-007 (the client's; a note, since JSON-RPC 2.0 lets a client batch any
   call and A2A says nothing on batches). The agent's answer is judged apart:
   an error or one JSON result for the element in the Array is right; dropping the element
   (RPC-ID-001) or answering the whole batch with an event stream (RPC-ENVELOPE-001, b23x-B04)
   is the agent's fault.
Rule names are read from docs/rules.md.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, ...)

SRC = "left38 (session 37's leftovers: INTERNAL stream ends, live held verdicts, sender wording, dialect guess, batches, ListTasks filters)"
C = {}
case = case_maker(C, "b38l-", SRC)
Q = "What is the weather in Oslo?"


def err_ev(e):
    """an SSE event carrying `e` as written (a JSON-RPC error response, an AIP-193 error)."""
    return "data: " + json.dumps(e) + "\n\n"


# --- I: a 1.0 task stream cut by a plain INTERNAL error -------------------------------------
case("I1-v10-stream-internal-error-after-working",
     lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING"), err_ev(err(1, -32603, "Internal error"))]),
     [("STREAM-END-005", E)],
     "1.0: SendStreamingMessage sends the Task and a WORKING update, then -32603 Internal error and closes: the task stream ended before "
     "the task's terminal or interrupted state (STREAM-003, STREAM-007) with the agent's own internal failure; the client never learns the outcome")
case("I2-v10-subscribe-internal-error-after-working",
     lambda: C10() + send(tsk("WORKING"), p={"message": msg10(Q, contextId="c1"), "configuration": {"returnImmediately": True}}) + stream([{"task": tsk("WORKING")}, err_ev(err(2, -32603, "Internal error", einfo("INTERNAL")))], i=2, method="SubscribeToTask", p={"id": "t1"}),
     [("STREAM-END-005", E)],
     "1.0: SubscribeToTask sends the current Task (WORKING), then -32603 with an ErrorInfo and closes: the same cut on a subscription")
case("I3-v10-rest-stream-internal-status-event",
     lambda: R10() + rstream({"message": msg10(Q)}, [{"task": tsk("SUBMITTED")}, stu("WORKING"), err_ev(rstatus(500, "INTERNAL", None, "Internal error"))]),
     [("STREAM-END-005", E)],
     "1.0 HTTP+JSON: POST /message:stream sends the Task and a WORKING update, then an AIP-193 google.rpc.Status INTERNAL (500) event and closes")
case("I4-legal-v03-stream-internal-error-after-working",
     lambda: C03() + stream03([t03("submitted"), st03(state="working", n=2), err_ev(err(1, -32603, "Internal error"))]),
     [],
     "control: 0.3 message/stream ends the same way: each SSE event is a SendStreamingMessageResponse, which the 0.3 schema lets be a "
     "JSON-RPC error response (0.3 section 3.3.1, 7.2): legal until a later read shows the task FAILED (breaker17b V5)")
case("I5-legal-v10-stream-internal-error-after-input-required",
     lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("INPUT_REQUIRED", msg=ASK()), err_ev(err(1, -32603, "Internal error"))]),
     [],
     "control: the error comes after INPUT_REQUIRED, where a 1.0 stream may close (1.0 section 11.7, STREAM-007): the client has the state")
# --- S: the sender of a request, named by leg ----------------------------------------------
GA = GW + "/a2a"
UPH = {"via": "1.1 gw"}
SEND = lambda i, m: rpc(i, "SendMessage", {"message": m})


def up(line):
    """`line` on the gateway's upstream leg (gateway to agent)."""
    line["leg"] = "upstream"
    return line


def gw_cards():
    """The gateway's card to the client (its own URL) and the agent's card fetched upstream."""
    return getcard(card10(GA), base=GW) + [up(l) for l in getcard(card10(A))]


def gw_call(client_body, up_body, answer, status=200):
    """One call through the gateway: the client's request, the gateway's upstream request,
    the agent's answer to it and the gateway's answer to the client."""
    return [req(GA, client_body, headers=V10), up(req(A, up_body, headers={**V10, **UPH})),
            up(resp(answer, status=status)), resp(answer, status=status)]


def pair(key, what, bad, good, answer, findings, note, status=200, gw_findings=None, body=None):
    """`-direct-` (the client sends `bad`) and `-gateway-` (the client sends `good`, the
    gateway `bad`); `body(x)` makes the request body of `x` (by default a SendMessage of
    message `x`)."""
    body = body or (lambda m: SEND(1, m))
    case(key + "-direct-" + what, lambda: C10() + [req(A, body(bad), headers=V10), resp(answer, status=status)], findings,
         "no gateway: the finding names the client as the sender. " + note)
    case(key + "-gateway-" + what, lambda: gw_cards() + gw_call(body(good), body(bad), answer, status=status),
         findings if gw_findings is None else gw_findings,
         "the client's call is clean; the gateway's own upstream request carries the fault, so the finding names the gateway as the sender. " + note)


NOPARTS = {"messageId": "m1", "role": "ROLE_USER", "parts": []}
INVALID = err(1, -32602, "Invalid params: message.parts must not be empty", einfo("INVALID_ARGUMENT"))
pair("S1", "message-without-parts", NOPARTS, msg10(Q), INVALID, [("DATA-SHAPE-002", E)],
     "a SendMessage whose message has an empty parts list (DATA-005: parts >= 1), refused -32602 rightly")
MIME = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": Q}, {"url": "https://files.example.test/map.png", "mimeType": "image/png"}]}
URL = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": Q}, {"url": "https://files.example.test/map.png", "mediaType": "image/png"}]}
pair("S2", "part-media-type-0x-member", MIME, URL, ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), [("VER-MIX-002", W)],
     "a 1.0 part names its media type with the 0.x member mimeType (1.0: mediaType); the agent ignores it (DIGEST section 1, parts); "
     "the gateway's own mix is VER-MIX-001, as every payload the gateway itself writes", gw_findings=[("VER-MIX-001", W)])
pair("S3", "params-by-position", "bad", "good", err(1, -32602, "Invalid params", einfo("INVALID_ARGUMENT")), [("RPC-REQ-005", E)],
     "a SendMessage whose params are an array (by position): A2A methods take a params object (RPC-001), refused -32602 rightly",
     body=lambda k: {"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": [{"message": msg10(Q)}]} if k == "bad" else SEND(1, msg10(Q)))
pair("S4", "batch-element-jsonrpc-1.0", "bad", "good", [ok(1, {"task": tsk("COMPLETED", artifacts=ART)})], [("RPC-REQ-002", E)],
     "a JSON-RPC batch whose one element says \"jsonrpc\": \"1.0\": no JSON-RPC 2.0 request (RPC-001); the agent answered it all the same",
     body=lambda k: [dict(SEND(1, msg10(Q)), jsonrpc="1.0") if k == "bad" else SEND(1, msg10(Q))])
# the client's fault passed on unchanged: one finding, in the gateway's words, saying the client's request carried it first
case("P1-gateway-passes-on-message-without-parts",
     lambda: gw_cards() + gw_call(SEND(1, NOPARTS), SEND(1, NOPARTS), INVALID),
     [("DATA-SHAPE-002", E)],
     "the client's message without parts passed on unchanged: one DATA-SHAPE-002, told once")

# --- U: plain JSON to a URL nothing names as A2A ------------------------------------------
ORDERS = H + "/api/orders"
ORDER = {"item": "book", "qty": 2}
case("U1-legal-no-card-json-post-answered-400",
     lambda: [req(ORDERS, ORDER, headers=J), resp({"error": "qty too large"}, status=400)],
     [], "no card anywhere, POST /api/orders {item, qty} under application/json answered 400 {error}: no JSON-RPC call, nothing to judge "
     "(before: RPC-ENVELOPE-001, 'not a valid JSON-RPC request answered HTTP 400 ... instead of a JSON-RPC error response')")
case("U2-legal-no-card-json-post-answered-500-html",
     lambda: [req(ORDERS, ORDER, headers=J), resp("<html><body>Internal Server Error</body></html>", status=500, headers={"content-type": "text/html"})],
     [], "the same call answered 500 with an HTML page: an order API's failure, no JSON-RPC fault (before: RPC-ENVELOPE-001)")
case("U3-legal-no-card-json-post-answered-result-member",
     lambda: [req(H + "/api/search", {"query": "oslo weather"}, headers=J), resp({"result": {"rows": []}})],
     [], "POST /api/search {query} answered {result: ...}: a result member is no JSON-RPC response without a JSON-RPC request (before: RPC-ENVELOPE-001 'jsonrpc member is missing')")
case("U4-v10-card-url-json-post-answered-400",
     lambda: C10() + [req(A, ORDER, headers=J), resp({"error": "bad request"}, status=400)],
     [("RPC-ENVELOPE-001", E)], "control: the same body posted to the card's JSON-RPC interface URL is a malformed call there, still judged")
case("U5-no-card-jsonrpc-body-answered-without-jsonrpc",
     lambda: [req(ORDERS, SEND(1, msg10(Q)), headers=V10), resp({"id": 1, "result": {"task": tsk("COMPLETED", artifacts=ART)}})],
     [("RPC-ENVELOPE-001", E)], "control: no card, but the body is a JSON-RPC request (jsonrpc, method) and its answer lacks the jsonrpc member: judged as JSON-RPC as before")

# --- B: a streaming call inside a JSON-RPC batch -------------------------------------------
SB = {**V10, "accept": "text/event-stream, application/json"}
BATCH = lambda first: [first, rpc(2, "GetTask", {"id": "t1"})]
SSM = rpc(1, "SendStreamingMessage", {"message": msg10(Q)})
case("B1-v10-batch-stream-call-refused-in-array",
     lambda: C10() + [req(A, BATCH(SSM), headers=SB), resp([err(1, -32600, "Streaming methods cannot be batched"), ok(2, task10())])],
     [("RPC-REQ-007", N)],
     "the client batches SendStreamingMessage with a GetTask; the agent answers one Array, an error for the streaming call: the agent is right, the client gets no stream")
case("B2-v10-batch-stream-call-answered-one-result",
     lambda: C10() + [req(A, BATCH(SSM), headers=SB), resp([ok(1, {"task": tsk("WORKING")}), ok(2, task10())])],
     [("RPC-REQ-007", N)],
     "the agent answers the batched streaming call with one JSON result in the Array (the Task, WORKING): one Response per call, as JSON-RPC 2.0 section 6 asks; "
     "the client gets the first event only, the stream it asked for cannot come in a batch")
case("B3-v10-batch-stream-call-dropped-from-answer",
     lambda: C10() + [req(A, BATCH(SSM), headers=SB), resp([ok(2, task10())])],
     [("RPC-REQ-007", N), ("RPC-ID-001", E)],
     "the agent leaves the streaming call out of the Array: JSON-RPC 2.0 section 6 answers every call that is no notification (the agent's fault), beside the client's")
case("B4-v10-batch-subscribe-refused-unsupported",
     lambda: C10() + send(tsk("WORKING"), p={"message": msg10(Q, contextId="c1"), "configuration": {"returnImmediately": True}})
     + [req(A, BATCH(rpc(1, "SubscribeToTask", {"id": "t1"})), headers=SB), resp([err(1, -32004, "Streaming methods cannot be batched", einfo("UNSUPPORTED_OPERATION")), ok(2, tsk("WORKING"))])],
     [("RPC-REQ-007", N)],
     "SubscribeToTask in a batch refused with UnsupportedOperationError in the Array: no TASK-STATE-013 (the task is running, but the refusal is of the batch, not of the subscription)")
case("B5-v03-batch-message-stream-refused-in-array",
     lambda: C03() + [req(A, [rpc(1, "message/stream", {"message": msg03(Q)}), rpc(2, "tasks/get", {"id": "t1"})], headers=S03),
                      resp([err(1, -32600, "Streaming methods cannot be batched"), ok(2, task03())])],
     [("RPC-REQ-007", N)],
     "0.3: message/stream batched with tasks/get, the same")
case("B6-legal-v10-batch-of-unary-calls",
     lambda: C10() + [req(A, [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10), resp([ok(1, task10()), ok(2, task10("t2"))])],
     [], "control: a batch of unary calls, answered in one Array")

write_cases(C, HERE)
