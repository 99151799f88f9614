"""Variants of left37 (prefix b37l-): python3 tests/cases/variants/gen_b37l.py

Session 36's leftovers on the verifier:
S: who sent a request. On a gateway's upstream leg the gateway calls the agent, yet the
   findings about the request said "client sent" (HTTP-MEDIA-003 in b22x-X02) where
   VER-HDR-003 said "gateway sent the agent". Each request finding that names its sender
   comes twice: `-direct` (no gateway: "client sent") and `-gateway` (the client's call is
   clean and the gateway's own upstream request carries the fault: "gateway sent the
   agent"); `P*` pass a client's fault through unchanged: one finding, in the gateway's
   words, that says the client's request carried it first (the legs' two wordings are still
   read as one fault).
E: an error event as a streamed call's only event. 0.x: legal for every code (the 0.x
   schemas' SendStreamingMessageResponse is a JSON-RPC response, error responses included;
   0.3 section 3.3.1, 7.2.1, 7.9). 1.0: STREAM-FIRST-001 for every code (1.0 section 3.1.2,
   3.1.6, 9.4.2: the operation's errors come before the stream, whose first event is the
   Task or its one Message); a refusal of 1.0 itself on a 1.0 card is VER-CARD-001 as in a
   plain answer.
R: a refusal (UnsupportedOperationError) of a follow-up (TASK-STATE-015) or a subscription
   (TASK-STATE-008) to a task last seen INPUT_REQUIRED / AUTH_REQUIRED is held until a later
   read of the task settles it: still waiting, told with that read; terminal, dropped (the
   agent may have failed or canceled the task unseen before it refused); no later read,
   told at the end, saying that nothing confirmed it.
Rule names are read from docs/rules.md.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, ...)

SRC = "left37 (session 36's leftovers: leg-aware sender wording, error-only streams)"
C = {}
case = case_maker(C, "b37l-", SRC)
GA = GW + "/a2a"
UPH = {"via": "1.1 gw"}
TEXT = {"content-type": "text/plain; charset=utf-8", "a2a-version": "1.0"}
Q = "What is the weather in Oslo?"


def up(line):
    """`line` on the gateway's upstream leg (gateway to agent)."""
    line["leg"] = "upstream"
    return line


def gw_cards():
    """The gateway's card to the client (its own URL) and the agent's card fetched upstream."""
    return getcard(card10(GA), base=GW) + [up(l) for l in getcard(card10(A))]


def gw_call(client_body, up_body, answer, up_answer=None, ch=V10, uh=V10, status=200, up_status=None):
    """One call through the gateway: the client's request, the gateway's upstream request,
    the agent's answer to it and the gateway's answer to the client."""
    up_answer = answer if up_answer is None else up_answer
    return [req(GA, client_body, headers=ch),
            up(req(A, up_body, headers={**uh, **UPH})),
            up(resp(up_answer, status=up_status or status)),
            resp(answer, status=status)]


def direct_call(body, answer, h=V10, status=200):
    return [req(A, body, headers=h), resp(answer, status=status)]


def pair(key, what, direct, gateway, findings_direct, findings_gateway, note):
    case(key + "-direct-" + what, lambda: C10() + direct(), findings_direct,
         "no gateway: the finding names the client as the sender. " + note)
    case(key + "-gateway-" + what, lambda: gw_cards() + gateway(), findings_gateway,
         "the client's call is clean; the gateway's own upstream request carries the fault, "
         "so the finding names the gateway as the sender (it called the agent). " + note)


SEND = lambda i, m: rpc(i, "SendMessage", {"message": m})
TASK = lambda tid="t1", **kw: {"task": task10(tid=tid, **kw)}

# --- S1: HTTP-MEDIA-003, a body under text/plain ------------------------------------------
pair("S1", "media-type-text-plain",
     lambda: direct_call(SEND(1, msg10(Q)), {"detail": "Unsupported Media Type"}, h=TEXT, status=415),
     lambda: gw_call(SEND(1, msg10(Q)), SEND(1, msg10(Q)), {"detail": "Unsupported Media Type"}, uh=TEXT, status=415),
     [("HTTP-MEDIA-004", E)], [("HTTP-MEDIA-004", E), ("HTTP-MEDIA-001", E)],
     "A JSON-RPC body under text/plain, refused 415 rightly (RPC-001); through the gateway the client's application/json got the 415 (HTTP-MEDIA-001)")

# --- S2: ID-MSG-002, a messageId used again for other parts --------------------------------
pair("S2", "message-id-reused",
     lambda: direct_call(SEND(1, msg10(Q, mid="m1")), ok(1, TASK("t1"))) + direct_call(SEND(2, msg10("And in Bergen?", mid="m1")), ok(2, TASK("t2"))),
     lambda: gw_call(SEND(1, msg10(Q, mid="m1")), SEND(1, msg10(Q, mid="m1")), ok(1, TASK("t1")))
     + gw_call(SEND(2, msg10("And in Bergen?", mid="m2")), SEND(2, msg10("And in Bergen?", mid="m1")), ok(2, TASK("t2"))),
     [("ID-MSG-002", W)], [("ID-MSG-002", W)],
     "the second send names messageId m1 again with other text (ID-007)")

# --- S3: ID-MSG-002 inside one JSON-RPC batch -----------------------------------------------
pair("S3", "batch-message-id-reused",
     lambda: direct_call([SEND(1, msg10(Q, mid="m1")), SEND(2, msg10("And in Bergen?", mid="m1"))], [ok(1, TASK("t1")), ok(2, TASK("t2"))]),
     lambda: gw_call([SEND(1, msg10(Q, mid="m1")), SEND(2, msg10("And in Bergen?", mid="m2"))],
                     [SEND(1, msg10(Q, mid="m1")), SEND(2, msg10("And in Bergen?", mid="m1"))], [ok(1, TASK("t1")), ok(2, TASK("t2"))]),
     [("ID-MSG-002", W)], [("ID-MSG-002", W)],
     "two sends of one batch under messageId m1 with other text (ID-007)")

# --- S4: RPC-REQ-006, an empty batch ---------------------------------------------------------
pair("S4", "empty-batch",
     lambda: direct_call([], err(None, -32600, "Invalid Request")),
     lambda: gw_call([rpc(1, "GetTask", {"id": "t1"})], [], err(None, -32600, "Invalid Request")),
     [("RPC-REQ-006", N)], [("RPC-REQ-006", N)],
     "an empty batch [] is an Invalid Request (JSON-RPC 2.0 section 6); the gateway dropped the one call it could not route")

# --- S5: DATA-ROLE-002, the client's message in the agent's role -----------------------------
pair("S5", "message-role-agent",
     lambda: direct_call(SEND(1, msg10(Q, role="ROLE_AGENT")), ok(1, TASK("t1"))),
     lambda: gw_call(SEND(1, msg10(Q)), SEND(1, msg10(Q, role="ROLE_AGENT")), ok(1, TASK("t1"))),
     [("DATA-ROLE-002", W)], [("DATA-ROLE-002", W)],
     "a send whose message has role ROLE_AGENT (proto Role: the client is ROLE_USER)")

# --- S6: AUTH-SCHEME-003, a credential where the card puts none ------------------------------
BEARER_CARD = dict(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                   securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
DENY = {"error": "unauthorized"}
WWW = {"content-type": "application/json", "www-authenticate": "Bearer"}
case("S6-direct-credential-misplaced",
     lambda: C10(**BEARER_CARD) + [req(A, SEND(1, msg10(Q)), headers={**V10, "x-api-key": "k-2291"}), resp(DENY, status=401, headers=WWW)],
     [("AUTH-SCHEME-003", E)],
     "no gateway: the finding names the client as the sender. The card asks for a Bearer token; the call carries an X-API-Key and is refused 401 (AUTH-002)")
case("S6-gateway-credential-misplaced",
     lambda: getcard(card10(GA, **BEARER_CARD), base=GW) + [up(l) for l in getcard(card10(A, **BEARER_CARD))] + [
         req(GA, SEND(1, msg10(Q)), headers={**V10, "authorization": BEARER}),
         up(req(A, SEND(1, msg10(Q)), headers={**V10, **UPH, "x-api-key": "k-2291"})),
         up(resp(DENY, status=401, headers=WWW)), resp(DENY, status=401, headers=WWW)],
     [("AUTH-SCHEME-003", E)],
     "the client's call is clean; the gateway's own upstream request carries the fault, so the finding names the gateway as the sender (it called the agent). "
     "The gateway swapped the client's Bearer token for an X-API-Key the card does not name; the agent refused it 401 (AUTH-002)")

# --- S7: RPC-ERROR-001, a part's media type refused with -32603 ------------------------------
PNG = {"messageId": "m1", "role": "ROLE_USER", "parts": [{"text": Q}, {"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "map.png"}]}
NOPNG = err(1, -32603, "Unsupported content type image/png")
pair("S7", "part-media-type-refused-internal-error",
     lambda: direct_call(SEND(1, PNG), NOPNG),
     lambda: gw_call(SEND(1, PNG), SEND(1, PNG), NOPNG),
     [("RPC-ERROR-001", E)], [("RPC-ERROR-001", E)],
     "the agent refuses the image/png part with -32603 and says so: ContentTypeNotSupportedError -32005 is the code (ERR-002); "
     "through a pass-through gateway the one finding is the agent's, told in the upstream leg's words")

# --- P: pass-through, the client's fault relayed unchanged ----------------------------------
case("P1-gateway-passes-on-message-id-reused",
     lambda: gw_cards() + gw_call(SEND(1, msg10(Q, mid="m1")), SEND(1, msg10(Q, mid="m1")), ok(1, TASK("t1")))
     + gw_call(SEND(2, msg10("And in Bergen?", mid="m1")), SEND(2, msg10("And in Bergen?", mid="m1")), ok(2, TASK("t2"))),
     [("ID-MSG-002", W)],
     "the client reuses messageId m1 and the gateway passes both sends on unchanged: one ID-MSG-002, the gateway's words plus 'the client's request carried it first'")
case("P2-gateway-passes-on-text-plain",
     lambda: gw_cards() + gw_call(SEND(1, msg10(Q)), SEND(1, msg10(Q)), {"detail": "Unsupported Media Type"}, ch=TEXT, uh=TEXT, status=415),
     [("HTTP-MEDIA-004", E)],
     "the client's text/plain body passed on unchanged and refused 415: one HTTP-MEDIA-003, told once")

# --- E: an error event as a streamed call's only event ---------------------------------------
def only_event(e):
    return [resp("", headers=SSE), chunk("data: " + json.dumps(e) + "\n\n"), chunk("", close="eof")]


S03H = {"content-type": "application/json", "accept": "text/event-stream"}
E03 = [(-32001, "Task not found"), (-32004, "This operation is not supported"), (-32005, "Incompatible content types"),
       (-32602, "Invalid params"), (-32603, "Internal error")]
for n, (k, m) in enumerate(E03, 1):
    case("E0%d-legal-v03-stream-only-event-%d" % (n, -k),
         lambda k=k, m=m: C03() + [req(A, rpc(1, "message/stream", {"message": msg03(Q, taskId="t9") if k == -32001 else msg03(Q)}), headers=S03H)] + only_event(err(1, k, m)),
         [],
         "0.3: a message/stream answered HTTP 200 text/event-stream whose only event is a %d error response; each SSE event is a SendStreamingMessageResponse, "
         "which the 0.3 schema lets be a JSONRPCErrorResponse (0.3 section 3.3.1, 7.2.1): legal for every code" % k)
case("E06-legal-v03-resubscribe-only-event-task-not-found",
     lambda: C03() + [req(A, rpc(1, "tasks/resubscribe", {"id": "t9"}), headers=S03H)] + only_event(err(1, -32001, "Task not found")),
     [],
     "0.3: tasks/resubscribe for a task the agent does not know, answered by a stream whose only event is -32001 (0.3 section 7.9: the same SendStreamingMessageResponse)")
case("E07-legal-v02-stream-only-event-unsupported",
     lambda: C02() + [req(A, rpc(1, "message/stream", {"message": msg03(Q)}), headers=S03H)] + only_event(err(1, -32004, "This operation is not supported")),
     [],
     "0.2.5: the same for -32004 (the 0.2 schema's SendStreamingMessageResponse admits a JSONRPCErrorResponse too)")
E10 = [(-32001, "Task not found", {"message": msg10(Q, taskId="t9")}), (-32005, "Incompatible content types", {"message": msg10(Q)}),
       (-32600, "Invalid Request", {"message": msg10(Q)}), (-32602, "Invalid params", {"message": msg10(Q)}),
       (-32603, "Internal error", {"message": msg10(Q)})]
for n, (k, m, p) in enumerate(E10, 1):
    case("E2%d-v10-stream-only-event-%d" % (n, -k),
         lambda k=k, m=m, p=p: C10() + [RPC(1, "SendStreamingMessage", p, h=S10)] + only_event(err(1, k, m, einfo("X"))),
         [("STREAM-FIRST-001", E)],
         "1.0: SendStreamingMessage answered HTTP 200 text/event-stream whose only event is a %d error: the operation's errors come before its stream, "
         "whose first event is the Task or its one Message (1.0 section 3.1.2, 9.4.2): the plain JSON-RPC error response is the answer, for every code" % k)
case("E40-v10-subscribe-only-event-task-not-found",
     lambda: C10() + [RPC(1, "SubscribeToTask", {"id": "t9"}, h=S10)] + only_event(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND"))),
     [("STREAM-FIRST-001", E)],
     "1.0: SubscribeToTask for an unknown task, answered by a stream whose only event is -32001 (1.0 section 3.1.6: the first event is the current Task)")
case("E41-v10-stream-only-event-refuses-declared-version",
     lambda: C10() + [RPC(1, "SendStreamingMessage", {"message": msg10(Q)}, h=S10)] + only_event(err(1, -32009, "Version not supported", einfo("VERSION_NOT_SUPPORTED"))),
     [("VER-CARD-001", E)],
     "1.0: A2A-Version 1.0, which the card declares on this URL, refused by -32009 as the stream's only event: VER-CARD-001 as in a plain answer "
     "(before: silent; a refused version was left out of STREAM-FIRST-001 whatever the version)")
case("E42-legal-v10-stream-only-event-refuses-unknown-version",
     lambda: C10() + [RPC(1, "SendStreamingMessage", {"message": msg10(Q)}, h={**S10, "a2a-version": "2.0"})] + only_event(err(1, -32009, "Version not supported", einfo("VERSION_NOT_SUPPORTED"))),
     [],
     "control: A2A-Version 2.0, which A2A does not have, refused by -32009 as the stream's only event: no 1.0 call, so 1.0's stream shape does not bind it, and the code is right (VER-002)")

# --- R: a refusal of a task last seen interrupted, with and without a later read -------------
FOLLOW = lambda i=2: FUE(i, "Oslo, please", -32004, "Task t1 is in a terminal state", "UNSUPPORTED_OPERATION", taskId="t1", contextId="c1")
SUBSCRIBE = lambda i=2: [RPC(i, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(i, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION")))]
FAILED = lambda: tsk("FAILED", msg=amsg10("No answer within 30 minutes: the booking was dropped", mid="r-to", taskId="t1", contextId="c1"))
case("R1-v10-follow-up-refused-no-later-read",
     lambda: IR() + FOLLOW(),
     [("TASK-STATE-015", W)],
     "the follow-up to an INPUT_REQUIRED task refused with -32004 and the task never read again: still TASK-STATE-015 (the task waits for its client), "
     "and the finding says that no later read confirms it (the agent may have failed the task unseen after waiting too long)")
case("R2-v10-follow-up-refused-later-read-still-waiting",
     lambda: IR() + FOLLOW() + GT(3, {"id": "t1"}, tsk("INPUT_REQUIRED", msg=ASK())),
     [("TASK-STATE-015", W)],
     "the same refusal, and a GetTask after it still shows INPUT_REQUIRED: the task had not ended, the finding names the read")
case("R3-legal-v10-follow-up-refused-later-read-failed",
     lambda: IR() + FOLLOW() + GT(3, {"id": "t1"}, FAILED()),
     [],
     "the agent gave up waiting and failed the task before the follow-up came (no stream was open to show it); a GetTask after the refusal shows FAILED: "
     "UnsupportedOperationError was right for a terminal task (TASK-002; before: TASK-STATE-015)")
case("R4-v10-follow-up-refused-later-list-still-waiting",
     lambda: IR() + FOLLOW() + LT(3, {"contextId": "c1"}, [tsk("INPUT_REQUIRED", msg=ASK())]),
     [("TASK-STATE-015", W)],
     "a ListTasks row after the refusal still shows the task INPUT_REQUIRED: the same confirmation as a GetTask")
case("R5-v10-follow-up-refused-earlier-read-only",
     lambda: IR() + GT(2, {"id": "t1"}, tsk("INPUT_REQUIRED", msg=ASK())) + FOLLOW(3),
     [("TASK-STATE-015", W)],
     "the other order: a GetTask before the follow-up shows INPUT_REQUIRED (the state last seen), none after the refusal: told as not confirmed")
case("R6-v10-subscribe-refused-later-read-still-waiting",
     lambda: IR() + SUBSCRIBE() + GT(3, {"id": "t1"}, tsk("INPUT_REQUIRED", msg=ASK())),
     [("TASK-STATE-008", E)],
     "SubscribeToTask on an INPUT_REQUIRED task refused with -32004, and a GetTask after it still shows the task waiting (TASK-004, STREAM-004)")
case("R7-legal-v10-subscribe-refused-later-read-canceled",
     lambda: IR() + SUBSCRIBE() + GT(3, {"id": "t1"}, tsk("CANCELED", msg=amsg10("Canceled after 30 minutes without an answer", mid="r-cx", taskId="t1", contextId="c1"))),
     [],
     "the agent canceled the waiting task before the subscription came; the GetTask after the refusal shows CANCELED: the refusal was right (TASK-004; before: TASK-STATE-008)")
case("R8-v10-subscribe-refused-no-later-read",
     lambda: IR() + SUBSCRIBE(),
     [("TASK-STATE-008", E)],
     "SubscribeToTask on an INPUT_REQUIRED task refused, the task never read again: still TASK-STATE-008, saying that no later read confirms it")

write_cases(C, HERE)
