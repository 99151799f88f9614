"""Variants of miner mine43 (prefix b43a-): python3 tests/cases/variants/gen_b43a.py

Each proves a widening of session 43's round forty-three on traffic its field case does not
hold, with legal (or narrower) controls beside it:
K: TASK-STATE-016 (task-ended-by-client-disconnect, warning, new) for a task whose stream
   the client left while the task was live, later seen canceled with no cancel request, or
   failed with a status message naming the abort (field cases f948, f949: gemini-cli
   PR #28316, mastra PR #20505), or parked in input-required with the abort as its words
   (f965): 1.0 JSON-RPC, 1.0 HTTP+JSON, a 0.3 resubscribe stream that
   shows the end, a SubscribeToTask stream left, 0.3 HTTP+JSON, Go's "context canceled" and
   .NET's "The operation was canceled.". Controls: a real failure after the client left, a
   cancel requested after leaving or before it, a task that went on to complete, a task left
   while input-required and later canceled (an interrupted task waits for its client anyway).
D: RPC-ERROR-003 (valid-request-refused-invalid-params, warning) widened to a 1.0 data part
   whose data is a JSON array, string, number or boolean, refused in words that ask for an
   object (field case f961, a2a-js #338): HTTP+JSON, a stream. Controls: the 0.3 form (0.3
   DataPart data is an object: the client's fault), a 1.0 array accepted on HTTP+JSON.
M: VER-CARD-002 (client-version-not-in-card, note) in place of REST-ERROR-001 for a 1.0
   HTTP+JSON call refused with a non-A2A 4xx body by an agent whose card declares 0.3 only
   (field case f960, agno #10387). Control: the same body from an agent whose card declares
   1.0 stays REST-ERROR-001.
"""
import os, sys
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
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
T0 = "2026-03-02T10:15:00.000Z"
T1 = "2026-03-02T10:15:01.050Z"

# --- K: a task ended because its client left a stream ------------------------------------------------
SRC_K = ("https://github.com/google-gemini/gemini-cli/pull/28316 (a socket end turned into a cancel) ; "
         "https://github.com/mastra-ai/mastra/pull/20505 (the request's abort signal fails the run: 'Handler failed: AbortError')")
LEFT = ("task-ended-by-client-disconnect", "warning")
def msg10(text, mid="m-a"):
    return amsg10(text, mid=mid)
def st10(tid, cid, state, text=None, ts=T1):
    t = task10(tid, cid, state, ts=ts)
    if text is not None:
        t["status"]["message"] = msg10(text, mid="m-s-" + tid)
    return t
def rpc10_stream_left(tid, cid, t=0.1, state="TASK_STATE_WORKING"):
    return [req(t, "POST", A + "/a2a", rpc("s-" + tid, "SendStreamingMessage", {"message": umsg10("run the nightly job", mid="m-" + tid)}), ver="1.0", accept=SSE),
            resp(t + 0.01, 200, "", ctype=SSE),
            chunk(t + 0.1, sse(ok("s-" + tid, {"task": task10(tid, cid, state, ts=T0)}))),
            chunk(t + 0.8, "", close="client")]
def rpc10_get(tid, answer, t=3.0):
    return [req(t, "POST", A + "/a2a", rpc("g-" + tid, "GetTask", {"id": tid}), ver="1.0"), resp(t + 0.01, 200, ok("g-" + tid, answer))]

case("b43a-K1-v10-rpc-left-then-canceled-without-request", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-k1", "c-k1") +
     rpc10_get("t-k1", st10("t-k1", "c-k1", "TASK_STATE_CANCELED")),
     [LEFT], SRC_K, "1.0 JSON-RPC: SendStreamingMessage left by the client at WORKING; GetTask shows TASK_STATE_CANCELED and no CancelTask was sent")
case("b43a-K2-v10-rest-left-then-failed-context-canceled", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:stream", {"message": umsg10("run the nightly job", mid="m-k2")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse({"task": task10("t-k2", "c-k2", "TASK_STATE_WORKING", ts=T0)})),
    chunk(0.9, "", close="client"),
    req(3.0, "GET", RA + "/tasks/t-k2", ver="1.0"),
    resp(3.01, 200, st10("t-k2", "c-k2", "TASK_STATE_FAILED", "failed to call model: context canceled"), ctype=A2AJ),
], [LEFT], SRC_K, "1.0 HTTP+JSON: message:stream left by the client; GET /tasks/{id} shows the task failed with Go's request-context error (kubernaut #1298's words)")
case("b43a-K3-v03-left-then-resubscribe-shows-canceled", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-k3", "message/stream", {"message": umsg03("run the nightly job", mid="m-k3")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-k3", {"kind": "task", "id": "t-k3", "contextId": "c-k3", "status": {"state": "working", "timestamp": T0}}))),
    chunk(0.9, "", close="client"),
    req(2.0, "POST", A + "/", rpc("r-k3", "tasks/resubscribe", {"id": "t-k3"}), accept=SSE),
    resp(2.01, 200, "", ctype=SSE),
    chunk(2.1, sse(ok("r-k3", {"kind": "status-update", "taskId": "t-k3", "contextId": "c-k3", "status": {"state": "canceled", "timestamp": T1}, "final": True}))),
    chunk(2.11, "", close="eof"),
], [LEFT], SRC_K, "0.3: the client reconnects with tasks/resubscribe and the stream's only news is canceled, final: the disconnect had canceled it")
case("b43a-K4-v10-subscribe-left-then-failed-operation-canceled", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-k4", "SendMessage", {"message": umsg10("run the nightly job", mid="m-k4"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-k4", {"task": task10("t-k4", "c-k4", "TASK_STATE_SUBMITTED", ts=T0)})),
    req(0.3, "POST", A + "/a2a", rpc("r-k4", "SubscribeToTask", {"id": "t-k4"}), ver="1.0", accept=SSE),
    resp(0.31, 200, "", ctype=SSE),
    chunk(0.4, sse(ok("r-k4", {"task": task10("t-k4", "c-k4", "TASK_STATE_WORKING", ts=T0)}))),
    chunk(0.9, "", close="client"),
] + rpc10_get("t-k4", st10("t-k4", "c-k4", "TASK_STATE_FAILED", "The operation was canceled.")),
     [LEFT], SRC_K, "1.0: the stream left is a SubscribeToTask, not the send; the task then failed with .NET's OperationCanceledException text")
case("b43a-K5-v03-rest-left-then-cancelled", get_card(0.0, card03(RA + "/", preferredTransport="HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/v1/message:stream", {"message": {"messageId": "m-k5", "role": "ROLE_USER", "content": [{"text": "run the nightly job"}]}}, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse({"task": {"id": "t-k5", "contextId": "c-k5", "status": {"state": "TASK_STATE_WORKING", "timestamp": T0}}})),
    chunk(0.9, "", close="client"),
    req(3.0, "GET", RA + "/v1/tasks/t-k5"),
    resp(3.01, 200, {"id": "t-k5", "contextId": "c-k5", "status": {"state": "TASK_STATE_CANCELLED", "timestamp": T1}}),
], [LEFT], SRC_K, "0.3 HTTP+JSON: the ProtoJSON TASK_STATE_CANCELLED (double L) after the client left /v1/message:stream, no :cancel sent")

case("b43a-KL1-legal-v10-left-then-real-failure", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-kl1", "c-kl1") +
     rpc10_get("t-kl1", st10("t-kl1", "c-kl1", "TASK_STATE_FAILED", "model quota exceeded for project nightly")),
     [], SRC_K, "legal: the task failed after the client left, for a reason of its own (a quota): nothing ties the end to the disconnect")
case("b43a-KL2-legal-v03-left-then-cancel-requested", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-kl2", "message/stream", {"message": umsg03("run the nightly job", mid="m-kl2")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-kl2", {"kind": "task", "id": "t-kl2", "contextId": "c-kl2", "status": {"state": "working", "timestamp": T0}}))),
    chunk(0.9, "", close="client"),
    req(1.5, "POST", A + "/", rpc("x-kl2", "tasks/cancel", {"id": "t-kl2"})),
    resp(1.51, 200, ok("x-kl2", {"kind": "task", "id": "t-kl2", "contextId": "c-kl2", "status": {"state": "canceled", "timestamp": T1}})),
    req(3.0, "POST", A + "/", rpc("g-kl2", "tasks/get", {"id": "t-kl2"})),
    resp(3.01, 200, ok("g-kl2", {"kind": "task", "id": "t-kl2", "contextId": "c-kl2", "status": {"state": "canceled", "timestamp": T1}})),
], [], SRC_K, "legal: the client left, then asked for the cancel with tasks/cancel; the canceled task answers that request")
case("b43a-KL3-legal-v10-cancel-then-left", get_card(0.0, card10(A + "/a2a")) + [
    tag(req(0.1, "POST", A + "/a2a", rpc("s-kl3", "SendStreamingMessage", {"message": umsg10("run the nightly job", mid="m-kl3")}), ver="1.0", accept=SSE), "s"),
    tag(resp(0.11, 200, "", ctype=SSE), "s"),
    tag(chunk(0.2, sse(ok("s-kl3", {"task": task10("t-kl3", "c-kl3", "TASK_STATE_WORKING", ts=T0)}))), "s"),
    tag(req(0.5, "POST", A + "/a2a", rpc("x-kl3", "CancelTask", {"id": "t-kl3"}), ver="1.0"), "x"),
    tag(resp(0.51, 200, ok("x-kl3", task10("t-kl3", "c-kl3", "TASK_STATE_CANCELED", ts=T1))), "x"),
    tag(chunk(0.9, "", close="client"), "s"),
] + rpc10_get("t-kl3", st10("t-kl3", "c-kl3", "TASK_STATE_CANCELED")),
     [], SRC_K, "legal: CancelTask was sent while the stream was open, then the client dropped the stream: the canceled state is the cancel's")
case("b43a-KL4-legal-v10-left-then-completed", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-kl4", "c-kl4") +
     rpc10_get("t-kl4", st10("t-kl4", "c-kl4", "TASK_STATE_COMPLETED") | {"artifacts": [{"artifactId": "a-kl4", "parts": [{"text": "nightly job done"}]}]}),
     [], SRC_K, "legal: the task ran on after the client left and completed; GetTask finds it done")
case("b43a-KL5-legal-v10-left-input-required-then-canceled", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-kl5", "c-kl5", state="TASK_STATE_INPUT_REQUIRED") +
     rpc10_get("t-kl5", st10("t-kl5", "c-kl5", "TASK_STATE_CANCELED", "no answer within 24 h")),
     [], SRC_K, "legal (narrower): the stream was left while the task waited for its client (input-required, so the stream could end there anyway); a later expiry cancel is the agent's policy, not the disconnect's")

# --- M: a 1.0 HTTP+JSON call refused by an agent whose card declares 0.3 only --------------------------
SRC_M = "https://github.com/agno-agi/agno/issues/10387 (a 0.3-only A2A interface answers a v1.0 SendMessage with HTTP 400)"
AG = "https://agno.example.test"
ACARD = AG + "/.well-known/agent-card.json"
case("b43a-M1-v10-call-0-3-card-fastapi-422", get_card(0.0, card03(AG + "/", preferredTransport="HTTP+JSON"), ACARD) + [
    req(0.1, "POST", AG + "/v1/message:send", {"message": umsg10("hello", mid="m-m1")}, ver="1.0"),
    resp(0.11, 422, {"detail": [{"loc": ["body", "message", "role"], "msg": "Input should be 'user' or 'agent'", "type": "literal_error"}]}),
], [("client-version-not-in-card", "note")], SRC_M, "FastAPI's 422 validation page for a 1.0 role at a 0.3-only agent: the client's note, no 1.0 error-shape finding against the agent")
case("b43a-M2-v10-call-0-3-card-plain-error-string", get_card(0.0, card03(AG + "/", preferredTransport="HTTP+JSON"), ACARD) + [
    req(0.1, "POST", AG + "/v1/message:send", {"message": umsg10("hello", mid="m-m2")}, ver="1.0"),
    resp(0.11, 400, {"error": "Invalid A2A request"}),
], [("client-version-not-in-card", "note")], SRC_M, "a bare {\"error\": string} 400 from a 0.3-only agent to a 1.0 call")
case("b43a-M3-v10-call-1-0-card-plain-400-still-judged", get_card(0.0, card10(AG, "HTTP+JSON"), ACARD) + [
    req(0.1, "POST", AG + "/message:send", {"message": umsg10("hello", mid="m-m3")}, ver="1.0", ctype=A2AJ),
    resp(0.11, 400, {"detail": "Invalid A2A request"}),
], [("rest-error-shape", "error")], SRC_M, "control: the same kind of body from an agent whose card declares 1.0 is still REST-ERROR-001 (ERR-003 binds it)")

case("b43a-K6-v10-left-then-input-required-aborted", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-k6", "c-k6") +
     rpc10_get("t-k6", st10("t-k6", "c-k6", "TASK_STATE_INPUT_REQUIRED", "Execution aborted by client.")),
     [LEFT], SRC_K, "1.0: the task parked in TASK_STATE_INPUT_REQUIRED with the abort as its only words (gemini-cli's a2a-server before PR #28316)")
case("b43a-KL6-legal-v10-left-then-input-required-question", get_card(0.0, card10(A + "/a2a")) + rpc10_stream_left("t-kl6", "c-kl6") +
     rpc10_get("t-kl6", st10("t-kl6", "c-kl6", "TASK_STATE_INPUT_REQUIRED", "Which branch should the nightly job run on?")),
     [], SRC_K, "legal: after the client left, the task reached a real question for it (input-required); the client finds it with GetTask and answers")

# --- D: a 1.0 data part that is no JSON object, refused --------------------------------------------
SRC_D = "https://github.com/a2aproject/a2a-js/issues/338 (DataPart should accept any type as data: 1.0 Part.data is a google.protobuf.Value)"
REFUSED = ("valid-request-refused-invalid-params", "warning")
IN_JSON = dict(defaultInputModes=["text/plain", "application/json"])
def dparts(data):
    return [{"text": "use this"}, {"data": data, "mediaType": "application/json"}]
case("b43a-D1-v10-rest-data-string-refused", get_card(0.0, card10(RA, "HTTP+JSON", **IN_JSON), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": {"messageId": "m-d1", "role": "ROLE_USER", "parts": dparts("2026-Q3")}}, ver="1.0", ctype=A2AJ),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message.parts[1].data: expected object, received string", "details": []}}, ctype=A2AJ),
], [REFUSED], SRC_D, "HTTP+JSON: a data part holding a JSON string refused with 400 INVALID_ARGUMENT asking for an object")
case("b43a-D2-v10-stream-data-number-refused", get_card(0.0, card10(A + "/a2a", **IN_JSON)) + [
    req(0.1, "POST", A + "/a2a", rpc("s-d2", "SendStreamingMessage", {"message": {"messageId": "m-d2", "role": "ROLE_USER", "parts": dparts(42)}}), ver="1.0", accept=SSE),
    resp(0.11, 200, err("s-d2", -32602, "Invalid params: Part.data is not a valid Struct")),
], [REFUSED], SRC_D, "a streamed send whose data part holds the number 42, refused with -32602 before the stream opens")
case("b43a-DL1-v03-data-array-refused-is-clients", get_card(0.0, card03(A + "/", defaultInputModes=["text/plain", "application/json"])) + [
    req(0.1, "POST", A + "/", rpc("s-dl1", "message/send", {"message": {"kind": "message", "messageId": "m-dl1", "role": "user", "parts": [{"kind": "text", "text": "use this"}, {"kind": "data", "data": ["a", "b"]}]}})),
    resp(0.11, 200, err("s-dl1", -32602, "Invalid params: data must be an object")),
], [("request-message-invalid-shape", "error")], SRC_D, "control: 0.3 DataPart.data is an object (0.3 schema), so the array is the client's fault and the refusal is right")
case("b43a-DL2-legal-v10-rest-data-array-accepted", get_card(0.0, card10(RA, "HTTP+JSON", **IN_JSON), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": {"messageId": "m-dl2", "role": "ROLE_USER", "parts": dparts([1, 2, 3])}}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-dl2", "c-dl2", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
], [], SRC_D, "legal: a 1.0 data part holding a JSON array, taken")

write_cases(cases, HERE)
