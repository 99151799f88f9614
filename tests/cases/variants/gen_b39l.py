"""Variants of left39 (prefix b39l-): python3 tests/cases/variants/gen_b39l.py

Session 38's leftovers on the verifier:
1. ID-MSG-003 read a status message under `update` on every binding and generation. Only
   the 0.3 proto names TaskStatus.message `update` (json_name "message"), so only a 0.3
   HTTP+JSON client's ProtoJSON parser reads a message there (dup38's Call::proto03_names).
   On 1.0 (either binding) `update` is VER-MIX-001's (a 1.0 reader sees no status.message);
   on 0.3 JSON-RPC it is a member the 0.3 schema's TaskStatus does not define (no
   additionalProperties: false, so legal), which the client ignores: in neither is it a
   message whose messageId the client keys on, so no ID-MSG-003 (before: ID-MSG-003).
2. Evidence pointers into the real body: a card served as a JSON-RPC result sits at
   /result (CAP-STREAM-002, CAP-PUSH-002, CAP-EXT-001/007 of an authenticated extended card
   fetched with GetExtendedAgentCard pointed at /capabilities/...), and a batch's call
   sits at /<i> (ID-TASK-003 of a batched GetTask pointed at /params/id). The gRPC and
   HTTP+JSON request pointers dup38 fixed are held by tests/verify_cases.rs check_file
   (every evidence pointer into a JSON body resolves, none under /params in a gRPC body).
3. STREAM-END-005 names the call as its wire does: the 1.0 operation of an HTTP+JSON route
   (SubscribeToTask), the 0.3 HTTP+JSON request line (POST /v1/message:stream), as the
   JSON-RPC wording names the method (before: "agent's streaming call stream").
4. (no variants) BIND-USE-001/002/003 and AUTH-TLS-002 say "client": they are judged on
   the client leg only (State::behind_hop skips a gateway's upstream leg, and an interop
   leg's sender is a client), so the client is always the sender they name. Judging the
   upstream leg as well would tell a fault the gateway relayed unchanged twice (the
   client's call to the gateway's root relayed to the agent's root), so it stays as is.
5. A streaming call inside a JSON-RPC batch, the agent's side (left38 judged it:
   RPC-ENVELOPE-001 for an event stream, RPC-ID-001 for an Array without the streaming
   call's answer); pinned here: a batch of one streaming call answered with an event
   stream (worded for one call: no "other calls"), an Array answering the streaming call
   once per event (a repeated id), and the 0.3 twin.
Rule names are read from docs/rules.md.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, ...)

SRC = "left39 (session 38's leftovers: the status message under update, evidence pointers, stream-end and sender wording, batched streams)"
C = {}
case = case_maker(C, "b39l-", SRC)
Q = "What is the weather in Oslo?"


def upd(t, m):
    """task `t` with its status message `m` under `update`, the 0.3 proto's field name."""
    t["status"]["update"] = m
    return t


# --- 1: the status message under `update` ---------------------------------------------------
case("1-legal-v03-rpc-status-update-member-not-a-status-message",
     lambda: C03() + F03(1, "hi", AM3("hello", mid="r1")) + F03(2, "book a flight", upd(t03("input-required"), AM03("Which city?", mid="r1")), contextId="c1"),
     [],
     "0.3 JSON-RPC: the agent's reply r1 (hello), then an input-required task whose status carries a message under update with the same messageId r1 "
     "and other parts: the 0.3 schema's TaskStatus has no update member (and allows unknown ones), so the JSON-RPC client sees no status message "
     "and no messageId to key on: no ID-MSG-003 (before: ID-MSG-003)")
case("1-v10-rpc-status-update-member-is-a-version-mix",
     lambda: C10() + FU(1, "hi", {"message": amsg10("hello", mid="r1", contextId="c1")}) + FU(2, "book a flight", {"task": upd(tsk("INPUT_REQUIRED"), ASK(mid="r1"))}, contextId="c1"),
     [("VER-MIX-001", W)],
     "1.0 JSON-RPC: the same with a 1.0 task: update is the 0.3 proto's name, VER-MIX-001 (a 1.0 reader loses the question); no ID-MSG-003 beside it (before: both)")
case("1-v10-rest-status-update-member-is-a-version-mix",
     lambda: R10() + rsend({"message": msg10("hi")}, {"message": amsg10("hello", mid="r1", contextId="c1")})
     + rsend({"message": msg10("book a flight", mid="m2", contextId="c1")}, {"task": upd(tsk("INPUT_REQUIRED"), ASK(mid="r1"))}),
     [("VER-MIX-001", W)],
     "1.0 HTTP+JSON: the same on POST /message:send: VER-MIX-001 only (before: ID-MSG-003 beside it)")
H03 = "http://agent.example.test"
CARD03R = card03(H03, preferredTransport="HTTP+JSON")


def rest03_task(tid, state, member, mid, text, t):
    """GET /v1/tasks/`tid` on 0.3 HTTP+JSON answered with the task in `state` (0.3 proto
    name), its agent status message `mid` (`text`) under `member`."""
    st = {"state": state, "timestamp": "2026-12-01T10:00:0%d.000Z" % t, member: {"messageId": mid, "role": "ROLE_AGENT", "content": [{"text": text}]}}
    return [req(H03 + "/v1/tasks/" + tid, "", method="GET", headers={}),
            resp({"id": tid, "contextId": "c1", "status": st}, headers=J)]


case("1-v03-rest-status-update-message-id-reused",
     lambda: getcard(CARD03R, base=H03) + rest03_task("t1", "TASK_STATE_INPUT_REQUIRED", "update", "a9", "Which city?", 1)
     + rest03_task("t2", "TASK_STATE_INPUT_REQUIRED", "update", "a9", "Which date?", 2),
     [("ID-MSG-003", W)],
     "control: 0.3 HTTP+JSON, where update is the status message (the 0.3 proto's field name, read by the client's ProtoJSON parser): two tasks' "
     "status messages share messageId a9 with other parts: ID-MSG-003 at /status/update/messageId as before")
case("1-v03-rpc-status-message-id-reused",
     lambda: C03() + F03(1, "hi", AM3("hello", mid="r1")) + F03(2, "book a flight", t03("input-required", msg=AM03("Which city?", mid="r1")), contextId="c1"),
     [("ID-MSG-003", W)],
     "control: 0.3 JSON-RPC with the status message under message: ID-MSG-003 as before")

# --- 2: evidence pointers into the real body ---------------------------------------------------
XC = {"capabilities": {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}}
SEC = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
AUTH = {**V10, "authorization": BEARER}
PUB = lambda **kw: card10(capabilities={"streaming": False, "pushNotifications": False, "extendedAgentCard": True}, **SEC, **kw)
FULL = lambda **kw: card10(description="Demo agent (full)", **XC, **SEC, **kw)
case("2-v10-rpc-extended-card-grants-push-refused",
     lambda: getcard(PUB()) + [RPC(1, "GetExtendedAgentCard", {}, h=AUTH), resp(ok(1, FULL()))]
     + [RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://hooks.example.test/a2a"}, h=AUTH),
        resp(err(2, -32003, "Push notifications are not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED")))],
     [("CAP-PUSH-002", W)],
     "the extended card (a JSON-RPC GetExtendedAgentCard result) declares pushNotifications: true and the agent refuses a push config with -32003: "
     "CAP-PUSH-002, its card evidence at /result/capabilities/pushNotifications of the answer, where the card is (before: /capabilities/..., no such member)")
case("2-v10-rest-extended-card-grants-streaming-refused",
     lambda: R10(capabilities={"streaming": False, "pushNotifications": False, "extendedAgentCard": True}, **SEC)
     + [rget("/extendedAgentCard", h={**RJ, "authorization": BEARER}), resp(card10(ifaces=RESTI, description="Demo agent (full)", **XC, **SEC), headers=RJR)]
     + [rpost("/message:stream", {"message": msg10(Q)}, h={**RJ, "accept": "text/event-stream", "authorization": BEARER}),
        resp(rstatus(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "streaming is not supported"), status=400, headers=RJR)],
     [("CAP-STREAM-002", W)],
     "control: HTTP+JSON GET /extendedAgentCard serves the card as the body: the evidence at /capabilities/streaming")
case("2-v10-batch-get-task-answered-other-task",
     lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + send(tsk("COMPLETED", tid="t2", artifacts=ART), i=2, p={"message": msg10("second", mid="m2", contextId="c1")})
     + [req(A, [rpc(3, "GetTask", {"id": "t1"}), rpc(4, "GetTask", {"id": "t2"})], headers=V10),
        resp([ok(3, tsk("COMPLETED", artifacts=ART)), ok(4, tsk("COMPLETED", tid="t1", artifacts=ART))])],
     [("ID-TASK-003", E)],
     "a batch of two GetTask calls; the second (t2) is answered with task t1: ID-TASK-003, its request evidence at /1/params/id, the batch element "
     "(before: /params/id, which an Array has not)")

# --- 3: STREAM-END-005 names the route ---------------------------------------------------------
case("3-v10-rest-subscribe-internal-error",
     lambda: R10() + rsend({"message": msg10(Q, contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")})
     + rstream(None, [{"task": tsk("WORKING")}, "data: " + json.dumps(rstatus(500, "INTERNAL", None, "Internal error")) + "\n\n"], path="/tasks/t1:subscribe", method="GET"),
     [("STREAM-END-005", E)],
     "1.0 HTTP+JSON GET /tasks/t1:subscribe sends the current Task (WORKING), then a google.rpc.Status INTERNAL event and closes: STREAM-END-005 "
     "naming SubscribeToTask (before: \"streaming call\")")


def rest03_stream(events):
    """POST /v1/message:stream on 0.3 HTTP+JSON and its SSE answer of `events` (texts as written)."""
    body = {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": Q}]}}
    return [req(H03 + "/v1/message:stream", body, headers={**J, "accept": "text/event-stream"})] + sse(
        [e if isinstance(e, str) else rest_ev(e) for e in events])


case("3-v03-rest-stream-error-then-task-failed",
     lambda: getcard(CARD03R, base=H03)
     + rest03_stream([{"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-12-01T10:00:01.000Z"}}},
                      "data: " + json.dumps({"error": {"code": 500, "status": "INTERNAL", "message": "model crashed"}}) + "\n\n"])
     + [req(H03 + "/v1/tasks/t1", "", method="GET", headers={}),
        resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_FAILED", "timestamp": "2026-12-01T10:00:03.000Z"}}, headers=J)],
     [("STREAM-END-008", W)],
     "0.3 HTTP+JSON POST /v1/message:stream: WORKING, then an error event and close; GET /v1/tasks/t1 shows the task FAILED: STREAM-END-005 naming "
     "the route by its request line, as 0.x HTTP+JSON findings do (before: \"streaming call\")")

# --- 5: a streaming call in a JSON-RPC batch, the agent's side -----------------------------------
SB = {**V10, "accept": "text/event-stream, application/json"}
SSM = rpc(1, "SendStreamingMessage", {"message": msg10(Q)})
case("5-v10-batch-of-one-stream-call-answered-with-sse",
     lambda: C10() + [req(A, [SSM], headers=SB)] + sse([ev({"task": tsk("WORKING")}), ev(stu("COMPLETED"))]),
     [("RPC-ENVELOPE-001", E), ("RPC-REQ-007", N)],
     "a batch holding only SendStreamingMessage, answered with an event stream: the client that sent an Array reads an Array (JSON-RPC 2.0 section 6); "
     "worded for one call (before: \"a batch of 1 calls ... the batch's other calls are never answered\")")
case("5-v10-batch-stream-call-answered-once-per-event",
     lambda: C10() + [req(A, [SSM, rpc(2, "GetTask", {"id": "t1"})], headers=SB),
                      resp([ok(1, {"task": tsk("WORKING")}), ok(1, stu("COMPLETED")), ok(2, task10())])],
     [("RPC-ID-001", E), ("RPC-REQ-007", N)],
     "the agent answers the batched streaming call in the Array once per stream event (two elements with id 1): JSON-RPC 2.0 section 6 has one "
     "Response per call, so the client cannot pair the second (RPC-ID-001)")
case("5-v03-batch-message-stream-answered-with-sse",
     lambda: C03() + [req(A, [rpc(1, "message/stream", {"message": msg03(Q)}), rpc(2, "tasks/get", {"id": "t1"})], headers=S03)]
     + sse([ev(t03("working")), ev(st03(state="completed", final=True, n=2))]),
     [("RPC-ENVELOPE-001", E), ("RPC-REQ-007", N)],
     "0.3: message/stream batched with tasks/get and the batch answered with an event stream: tasks/get is never answered")

write_cases(C, HERE)
