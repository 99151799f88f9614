"""Writes the b34x blind-adversary transcripts (breaker34, round fourteen): credentials
under another scheme than the card's that the agent served (Bearer for Basic, an API key
under another name or place), multi-turn traffic (follow-ups to input-required,
auth-required, working and terminal tasks in 1.0 JSON-RPC, HTTP+JSON, streams, 0.3 and 0.2;
a taskId with another contextId; context-only sends into an old context; referenceTaskIds
to unknown tasks; task ids the client makes up), push notification configs across their
whole life (create / set, get, list, delete, ids, tokens, authentication in the 0.2, 0.3
and 1.0 shapes, deliveries), and historyLength on GetTask, ListTasks and sends. Faulty ones
carry the finding the verifier must report; `-legal-` ones must stay silent (but for
notes). Run from the repo root: python3 tests/cases/gen_b34x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker34 (blind adversary, round fourteen)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, sse, rget, rpost, rstatus, case_maker, ...)

C = {}
case = case_maker(C, "b34x-", SRC)

HOOK = "https://hooks.example.test/a2a/cb"
BASIC = "Basic dTE6cHc="


# ---------------------------------------------------------------- A: a credential the card does not declare, served (AUTH-002, AUTH-007, AUTH-001)
BEAR = {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}
BAS = {"httpAuthSecurityScheme": {"scheme": "Basic"}}
KEYH = {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}
KEYQ = {"apiKeySecurityScheme": {"location": "query", "name": "api_key"}}
KEYC = {"apiKeySecurityScheme": {"location": "cookie", "name": "sid"}}
OA = {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/token", "scopes": {}}}}}
OIDC = {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://auth.example.test/.well-known/openid-configuration"}}
MTLS = {"mtlsSecurityScheme": {"description": "client certificate"}}
REQ = lambda *names: {"schemes": {n: {"list": []} for n in names}}
SEC = lambda schemes, reqs=None, **kw: card10(securitySchemes=schemes, securityRequirements=reqs if reqs is not None else [REQ(n) for n in schemes], **kw)
AK = lambda **h: {**V10, **h}
Q03B = {"type": "http", "scheme": "bearer"}
Q03BA = {"type": "http", "scheme": "basic"}
Q03K = {"type": "apiKey", "in": "header", "name": "X-API-Key"}
SEC03 = lambda schemes, sec=None: card03(securitySchemes=schemes, security=sec if sec is not None else [{n: []} for n in schemes])
done = lambda i=1: resp(ok(i, {"task": tsk("COMPLETED")}))

for n, (name, schemes, reqs, url, hdr, why) in enumerate([
    ("basic-card-bearer", {"basic": BAS}, None, A, AK(authorization=BEARER), "the card asks for HTTP Basic; a Bearer token came"),
    ("bearer-card-basic", {"bearer": BEAR}, None, A, AK(authorization=BASIC), "the card asks for a Bearer token; Basic credentials came"),
    ("bearer-card-custom-scheme", {"bearer": BEAR}, None, A, AK(authorization="Token abc123"), "the card asks for Bearer; an Authorization header under the scheme 'Token' came"),
    ("bearer-card-bare-token", {"bearer": BEAR}, None, A, AK(authorization="abc.def.ghi"), "the card asks for Bearer; a bare token without an auth-scheme came (RFC 9110 §11.4 credentials = auth-scheme ...)"),
    ("header-key-card-authorization", {"key": KEYH}, None, A, AK(authorization="Bearer k-1"), "the card puts the API key in X-API-Key; it came as an Authorization Bearer header"),
    ("header-key-card-other-name", {"key": KEYH}, None, A, AK(**{"x-api-token": "k-1"}), "the card names the header X-API-Key; the key came as X-Api-Token"),
    ("query-key-card-header", {"key": KEYQ}, None, A, AK(**{"api_key": "k-1"}), "the card puts the key in the query parameter api_key; it came as a header of that name"),
    ("cookie-key-card-header", {"key": KEYC}, None, A, AK(**{"sid": "s-1"}), "the card puts the key in the cookie sid; it came as a header of that name"),
    ("header-key-card-query", {"key": KEYH}, None, A + "?X-API-Key=k-1", V10, "the card puts the key in the X-API-Key header; it came as a query parameter"),
    ("basic-or-key-card-bearer", {"basic": BAS, "key": KEYH}, None, A, AK(authorization=BEARER), "Basic OR API key; a Bearer token meets neither alternative"),
], 1):
    case("A%02d-v10-%s-served" % (n, name), (lambda s=schemes, q=reqs, u=url, h=hdr: getcard(SEC(s, q)) + [req(u, rpc(1, "SendMessage", {"message": msg10()}), headers=h), done()]),
         [("AUTH-OPEN-001", E)], why + ", and the agent served the call: no credential of the card's schemes was presented (AUTH-002, AUTH-007)")

case("A11-v10-stream-basic-card-bearer-served", lambda: getcard(SEC({"basic": BAS})) + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 2)], h={**S10, "authorization": BEARER}),
     [("AUTH-OPEN-001", E)], "Basic-only card, a streaming call with a Bearer token served (AUTH-002)")
case("A12-v10-rest-basic-card-bearer-served", lambda: getcard(SEC({"basic": BAS}, ifaces=RESTI)) + [rget("/tasks/t1", h={**RJ, "authorization": BEARER}), resp(tsk("COMPLETED"), headers=RJR)],
     [("AUTH-OPEN-001", E)], "HTTP+JSON GetTask with a Bearer token on a Basic-only card, served (AUTH-002)")
case("A13-v03-basic-card-bearer-served", lambda: getcard(SEC03({"basic": Q03BA})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BEARER}), resp(ok(1, t03()))],
     [("AUTH-OPEN-001", E)], "0.3 http basic scheme, a Bearer token served (0.3 §4.4)")
case("A14-v03-bearer-card-basic-served", lambda: getcard(SEC03({"bearer": Q03B})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BASIC}), resp(ok(1, t03()))],
     [("AUTH-OPEN-001", E)], "0.3 http bearer scheme, Basic credentials served (0.3 §4.4)")
case("A15-v03-header-key-card-bearer-served", lambda: getcard(SEC03({"key": Q03K})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BEARER}), resp(ok(1, t03()))],
     [("AUTH-OPEN-001", E)], "0.3 apiKey in header X-API-Key, an Authorization Bearer header served")
case("A16-v10-cancel-basic-card-bearer-served", lambda: getcard(SEC({"basic": BAS})) + [RPC(1, "CancelTask", {"id": "t1"}, h=AK(authorization=BEARER)), resp(ok(1, tsk("CANCELED")))],
     [("AUTH-OPEN-001", E)], "CancelTask with a Bearer token on a Basic-only card, served")

for n, (name, schemes, reqs, url, hdr, why) in enumerate([
    ("bearer-upper-case", {"bearer": BEAR}, None, A, AK(authorization="BEARER abc.def.ghi"), "'BEARER': auth-scheme names are case-insensitive (RFC 9110 §11.1)"),
    ("basic-lower-case", {"basic": BAS}, None, A, AK(authorization="basic dTE6cHc="), "'basic': case-insensitive"),
    ("basic-or-bearer-basic-sent", {"basic": BAS, "bearer": BEAR}, None, A, AK(authorization=BASIC), "Basic OR Bearer: Basic meets the first alternative"),
    ("oauth2-dpop", {"oauth": OA}, None, A, AK(authorization="DPoP abc.def.ghi", dpop="eyJ0eXAiOiJkcG9wK2p3dCJ9.e30.sig"), "an OAuth 2.0 access token under DPoP (RFC 9449)"),
    ("oidc-bearer", {"oidc": OIDC}, None, A, AK(authorization=BEARER), "an OpenID Connect ID token as Bearer"),
    ("optional-security-bearer-for-basic", {"basic": BAS}, [{"schemes": {}}, REQ("basic")], A, AK(authorization=BEARER), "an empty requirement makes security optional: whatever header came, the call may be served"),
    ("no-requirements", {"basic": BAS}, [], A, AK(authorization=BEARER), "schemes defined, no requirement: nothing is required"),
    ("mtls-card-bearer", {"mtls": MTLS}, None, A, AK(authorization=BEARER), "mTLS only: the credential is the client certificate the recording cannot see; an extra header is harmless"),
    ("bearer-two-spaces", {"bearer": BEAR}, None, A, AK(authorization="Bearer  abc.def.ghi"), "'Bearer' and two spaces: RFC 9110 §11.4 allows 1*SP"),
    ("key-and-extra-bearer", {"key": KEYH}, None, A, AK(authorization=BEARER, **{"x-api-key": "k-1"}), "the declared X-API-Key came; an extra Authorization header beside it does no harm"),
    ("no-security-bearer", {}, [], A, AK(authorization=BEARER), "the card declares no security: any credential is extra, nothing is required"),
    ("and-bearer-key-lower-case", {"bearer": BEAR, "key": KEYH}, [REQ("bearer", "key")], A, AK(authorization="bearer x.y.z", **{"X-Api-Key": "k-1"}), "Bearer AND API key, both sent (letter case of scheme and header name free)"),
], 1):
    case("A%02d-legal-v10-%s" % (n + 20, name), (lambda s=schemes, q=reqs, u=url, h=hdr: getcard(SEC(s, q)) + [req(u, rpc(1, "SendMessage", {"message": msg10()}), headers=h), done()]), [], why + " (AUTH-002, AUTH-007)")
case("A33-legal-v03-basic-card-basic-served", lambda: getcard(SEC03({"basic": Q03BA})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BASIC}), resp(ok(1, t03()))],
     [], "0.3 basic scheme, Basic sent")
case("A34-legal-v03-schemes-without-security", lambda: getcard(card03(securitySchemes={"basic": Q03BA})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BEARER}), resp(ok(1, t03()))],
     [], "0.3 securitySchemes without `security`: nothing required (0.3:ts)")

# ---------------------------------------------------------------- C: multi-turn and context (TASK-001/002/007, ID-001..003, ID-008)

# legal round trips
case("C01-legal-v10-input-required-follow-up", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c1"),
     [], "input-required, the follow-up names the task and its context, the task completes (TASK-007, ID-003)")
case("C02-legal-v10-input-required-follow-up-task-only", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1"),
     [], "only taskId: the agent infers the context c1 (ID-003)")
case("C03-legal-v10-auth-required-follow-up", lambda: AR() + FU(2, "signed in", {"task": tsk("COMPLETED", 2, artifacts=ART)}, h=AK(authorization=BEARER), taskId="t1", contextId="c1"),
     [], "auth-required, the client signs in and sends a follow-up (TASK-006)")
case("C04-legal-v10-rest-input-required-follow-up", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "HTTP+JSON input-required round trip")
case("C05-legal-v10-stream-input-required-follow-up-stream", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]) +
     stream([{"task": tsk("WORKING", 3)}, stu("COMPLETED", 4)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "a stream ends at input-required (trap 4), the follow-up stream continues t1 to completion")
case("C06-legal-v03-input-required-follow-up", lambda: IR03() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [], "0.3 input-required round trip")
case("C07-legal-v02-input-required-follow-up", lambda: IR02() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [], "0.2.5 input-required round trip")
case("C08-legal-v10-working-follow-up-accepted", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}}) +
     FU(2, "also add a hotel", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c1"),
     [], "a follow-up to a working task (TASK-007: non-terminal tasks MAY accept messages)")
case("C09-legal-v10-working-follow-up-refused", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}}) +
     [RPC(2, "SendMessage", {"message": msg10("more", mid="m2", taskId="t1", contextId="c1")}), resp(err(2, -32004, "task t1 is busy", einfo("UNSUPPORTED_OPERATION")))],
     [], "a follow-up to a working task refused: accepting is a MAY (TASK-007)")
case("C10-legal-v10-completed-follow-up-refused", lambda: DONE() + [RPC(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}), UNSUP(2)],
     [], "a message to a completed task refused -32004 (TASK-002)")
case("C11-legal-v10-rest-completed-follow-up-refused", lambda: RDONE() + [rpost("/message:send", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}), RUNSUP()],
     [], "HTTP+JSON: 400 FAILED_PRECONDITION UNSUPPORTED_OPERATION (TASK-002, ERR-002 1.0.1)")
case("C12-legal-v10-refinement-new-task-same-context", lambda: DONE() + FU(2, "make it shorter", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=[{"artifactId": "a2", "parts": [{"text": "short"}]}])}, contextId="c1", referenceTaskIds=["t1"]),
     [], "a refinement: a new task t2 in context c1 referencing t1 (TASK-001, ID-008)")
case("C13-legal-v10-context-only-new-task", lambda: IR() + FU(2, "and a car", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}, contextId="c1"),
     [], "contextId without taskId starts a new task in that context (ID-008)")
case("C14-legal-v10-reference-unknown-task-accepted", lambda: C10() + FU(1, "see the earlier one", {"task": tsk("COMPLETED", artifacts=ART)}, referenceTaskIds=["t-gone"]),
     [], "referenceTaskIds naming a task the agent does not know: no spec text requires an error")
case("C15-legal-v10-reference-unknown-task-refused", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("see t-gone", referenceTaskIds=["t-gone"])}), resp(err(1, -32001, "Task t-gone not found", einfo("TASK_NOT_FOUND")))],
     [], "referenceTaskIds naming an unknown task refused -32001: the message names that task (ID-TASK-005 excludes referenceTaskIds)")
case("C16-legal-v10-client-context-kept", lambda: C10() + FU(1, "hi", {"task": tsk("COMPLETED", ctx="my-ctx-7", artifacts=ART)}, contextId="my-ctx-7"),
     [], "a contextId the client made up, accepted and kept (ID-002 MAY accept)")
case("C17-legal-v10-client-context-refused", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="my-ctx-7")}), resp(err(1, -32602, "unknown contextId my-ctx-7"))],
     [], "a contextId the client made up, refused with an error (ID-002: if it refuses it MUST error)")
case("C18-legal-v10-unknown-task-id-refused", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-mine")}), resp(err(1, -32001, "Task t-mine not found", einfo("TASK_NOT_FOUND")))],
     [], "a taskId the client made up: TaskNotFoundError (ID-001)")
case("C19-legal-v10-rest-unknown-task-id-refused", lambda: R10() + [rpost("/message:send", {"message": msg10(taskId="t-mine")}), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t-mine not found"), status=404, headers=RJR)],
     [], "HTTP+JSON: a made-up taskId answered 404 NOT_FOUND (ID-001)")
case("C20-legal-v03-completed-follow-up-refused", lambda: DONE03() + [R0(2, "message/send", {"message": msg03("again", mid="m2", taskId="t1", contextId="c1")}), resp(err(2, -32004, "Task is in a terminal state"))],
     [], "0.3: a message to a completed task answered with an error (0.3 names no code)")
case("C21-legal-v10-two-rounds-rest", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", 2, msg=ASK("Which date?", mid="r2"))}) +
     rsend({"message": msg10("Friday", mid="m3", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 3, artifacts=ART)}),
     [], "HTTP+JSON: two questions, two answers, completed")
case("C22-legal-v10-auth-required-stream-follow-up", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2, msg=NEED())]) +
     FU(2, "signed in", {"task": tsk("COMPLETED", 3, artifacts=ART)}, h=AK(authorization=BEARER), taskId="t1"),
     [], "the stream closes at auth-required (trap 4), a blocking follow-up completes the task")
case("C23-legal-v10-message-reply-then-task", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hello", contextId="c1")}), resp(ok(1, {"message": amsg10("Hi! What can I do?", contextId="c1")}))] +
     FU(2, "book a flight", {"task": tsk("COMPLETED", 2, artifacts=ART)}, contextId="c1"),
     [], "a Message reply (no task), then a task in the same context (ID-004, ID-008)")
case("C24-legal-v02-completed-follow-up-refused", lambda: DONE02() + [R0(2, "message/send", {"message": msg03("again", mid="m2", taskId="t1", contextId="c1")}), resp(err(2, -32004, "task already completed"))],
     [], "0.2: an error for a message to a terminal task (TASK-002: 0.x names no code; -32004 UnsupportedOperationError is in 0.2's -32001..-32006)")
case("C25-legal-v10-subscribe-then-follow-up", lambda: IR() + [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10)] + sse([ev({"task": tsk("INPUT_REQUIRED", 1, msg=ASK())}, 2)], close="timeout") +
     FU(3, "Paris", {"task": tsk("COMPLETED", 3, artifacts=ART)}, taskId="t1", contextId="c1"),
     [], "subscribe to an input-required task (allowed), then answer it")

# faults: a message to a terminal task accepted (TASK-002)
for n, (name, pre, st) in enumerate([("failed", "FAILED", "FAILED"), ("canceled", "CANCELED", "CANCELED"), ("rejected", "REJECTED", "REJECTED")], 30):
    case("C%02d-v10-%s-follow-up-accepted" % (n, name), (lambda st=st: DONE(st) + FU(2, "try again", {"task": tsk(st, 2, msg=amsg10("still no", mid="r2", taskId="t1", contextId="c1"))}, taskId="t1", contextId="c1")),
         [("TASK-STATE-002", E)], "a message to a %s task answered with the task instead of -32004 UnsupportedOperationError (TASK-002)" % name)
case("C33-v10-rest-completed-follow-up-accepted", lambda: RDONE() + rsend({"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [("TASK-STATE-002", E)], "HTTP+JSON: a message to a completed task answered 200 with the task (TASK-002)")
case("C34-v10-stream-completed-follow-up-accepted", lambda: DONE() + stream([{"task": tsk("COMPLETED", 2, artifacts=ART)}], i=2, p={"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}),
     [("TASK-STATE-002", E)], "SendStreamingMessage to a completed task opened a stream (TASK-002)")
case("C35-v03-completed-follow-up-accepted", lambda: DONE03() + F03(2, "again", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [("TASK-STATE-002", E)], "0.3: a message to a completed task answered with the task (TASK-001: can't be restarted; TASK-002 0.x: an error)")
case("C36-v02-completed-follow-up-accepted", lambda: DONE02() + F03(2, "again", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [("TASK-STATE-002", E)], "0.2.5: a message to a completed task answered with the task")
case("C37-v10-rest-stream-completed-follow-up-accepted", lambda: RDONE() + rstream({"message": msg10("again", mid="m2", taskId="t1", contextId="c1")}, [{"task": tsk("COMPLETED", 2, artifacts=ART)}]),
     [("TASK-STATE-002", E)], "HTTP+JSON message:stream to a completed task opened a stream")

# faults: taskId with another contextId processed (ID-003)
case("C40-v10-rest-follow-up-other-context-processed", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c9")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [("ID-CTX-002", E)], "HTTP+JSON follow-up naming t1 with contextId c9 (t1 is in c1) processed instead of rejected (ID-003)")
case("C41-v10-stream-follow-up-other-context-processed", lambda: IR() + stream([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c9")}),
     [("ID-CTX-002", E)], "streaming follow-up naming t1 with contextId c9 processed (ID-003)")
case("C42-v10-auth-required-follow-up-other-context-processed", lambda: AR() + FU(2, "signed in", {"task": tsk("COMPLETED", 2, artifacts=ART)}, h=AK(authorization=BEARER), taskId="t1", contextId="c-other"),
     [("ID-CTX-002", E)], "auth-required follow-up naming t1 with contextId c-other processed (ID-003)")
case("C43-legal-v10-rest-follow-up-other-context-refused", lambda: RIR() + [rpost("/message:send", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c9")}), resp(rstatus(400, "INVALID_ARGUMENT", None, "contextId c9 does not match task t1"), status=400, headers=RJR)],
     [], "HTTP+JSON: the mismatched follow-up rejected 400 (ID-003)")

# faults: only taskId, another context in the answer (ID-003 infer)
case("C44-v10-rest-follow-up-context-not-inferred", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1")}, {"task": tsk("COMPLETED", 2, ctx="c-new", artifacts=ART)}),
     [("ID-CTX-001", E)], "HTTP+JSON follow-up with taskId only answered with t1 in context c-new (ID-003: infer c1)")
case("C45-v10-stream-follow-up-context-not-inferred", lambda: IR() + stream([{"task": tsk("WORKING", 2, ctx="c-new")}, stu("COMPLETED", 3, ctx="c-new")], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1")}),
     [("ID-CTX-001", E)], "streaming follow-up with taskId only: the stream's t1 is in c-new (ID-003)")
case("C46-v02-follow-up-context-not-inferred", lambda: IR02() + F03(2, "Paris", t03("completed", 2, ctx="c-new", artifacts=ART03), taskId="t1"),
     [("ID-CTX-001", E)], "0.2.5 follow-up with taskId only answered with t1 in c-new (a task's contextId never changes, ID-006)")

# faults: a follow-up answered by another task (ID-TASK-002)
case("C47-v10-rest-follow-up-answered-by-new-task", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t7", artifacts=ART)}),
     [("ID-TASK-002", E)], "HTTP+JSON follow-up to t1 answered with a new task t7 (continue t1, ID-001)")
case("C48-v03-follow-up-answered-by-new-task", lambda: IR03() + F03(2, "Paris", t03("completed", 2, tid="t7", artifacts=ART03), taskId="t1", contextId="c1"),
     [("ID-TASK-002", E)], "0.3 follow-up to t1 answered with t7")
case("C49-v10-stream-follow-up-answered-by-new-task", lambda: IR() + stream([{"task": tsk("WORKING", 2, tid="t7")}, stu("COMPLETED", 3, tid="t7")], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [("ID-TASK-002", E)], "streaming follow-up to t1 answered with a stream of t7")
case("C50-v10-made-up-task-id-answered-by-new-task", lambda: C10() + FU(1, "continue", {"task": tsk("COMPLETED", tid="t-agent", artifacts=ART)}, taskId="t-mine"),
     [("ID-TASK-002", E)], "a made-up taskId t-mine answered with a new task t-agent instead of TaskNotFoundError (ID-001)")
case("C51-v10-rest-made-up-task-id-answered-by-new-task", lambda: R10() + rsend({"message": msg10(taskId="t-mine")}, {"task": tsk("COMPLETED", tid="t-agent", artifacts=ART)}),
     [("ID-TASK-002", E)], "HTTP+JSON: made-up taskId answered with another task")
case("C52-v10-made-up-task-id-created-after-not-found", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-mine")}), resp(err(1, -32001, "Task t-mine not found", einfo("TASK_NOT_FOUND")))] +
     FU(2, "hi again", {"task": tsk("COMPLETED", 2, tid="t-mine", artifacts=ART)}, taskId="t-mine"),
     [("ID-TASK-002", E)], "t-mine not found, then a task t-mine created for the next message: client-chosen ids cannot create tasks (ID-001)")
case("C53-v10-rest-made-up-task-id-created-after-not-found", lambda: R10() + [rpost("/message:send", {"message": msg10(taskId="t-mine")}), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t-mine not found"), status=404, headers=RJR)] +
     rsend({"message": msg10("hi again", mid="m2", taskId="t-mine")}, {"task": tsk("COMPLETED", 2, tid="t-mine", artifacts=ART)}),
     [("ID-TASK-002", E)], "HTTP+JSON: the same after 404")

# faults: context substituted (ID-002)
case("C54-v10-rest-client-context-substituted", lambda: R10() + rsend({"message": msg10(contextId="my-ctx-7")}, {"task": tsk("COMPLETED", ctx="ctx-agent", artifacts=ART)}),
     [("ID-CTX-002", E)], "HTTP+JSON: the client's contextId my-ctx-7 replaced by ctx-agent (ID-002: MUST NOT substitute)")
case("C55-v10-stream-client-context-substituted", lambda: C10() + stream([{"task": tsk("WORKING", ctx="ctx-agent")}, stu("COMPLETED", 2, ctx="ctx-agent")], p={"message": msg10(contextId="my-ctx-7")}),
     [("ID-CTX-002", E)], "streaming send with contextId my-ctx-7 answered with a task in ctx-agent (ID-002)")
case("C56-v10-old-context-new-task-substituted", lambda: DONE() + FU(2, "and another", {"task": tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART)}, contextId="c1"),
     [("ID-CTX-002", E)], "a new message in the old context c1 started t2 in context c2 (ID-002, ID-008)")

# faults: context-only message answered TaskNotFoundError (ID-TASK-005)
case("C57-v10-rest-context-only-task-not-found", lambda: RDONE() + [rpost("/message:send", {"message": msg10("and another", mid="m2", contextId="c1")}), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task not found"), status=404, headers=RJR)],
     [("ID-TASK-005", E)], "HTTP+JSON: a context-only message (no task named) answered TASK_NOT_FOUND")
case("C58-v10-stream-context-only-task-not-found", lambda: DONE() + [RPC(2, "SendStreamingMessage", {"message": msg10("and another", mid="m2", contextId="c1")}, h=S10), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
     [("ID-TASK-005", E)], "a streaming context-only message answered -32001")

# faults: follow-up to an interrupted task refused with InvalidParams (RPC-ERROR-003)
case("C59-v10-rest-input-required-follow-up-invalid-argument", lambda: RIR() + [rpost("/message:send", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), resp(rstatus(400, "INVALID_ARGUMENT", None, "taskId must not be set"), status=400, headers=RJR)],
     [("RPC-ERROR-003", W)], "HTTP+JSON follow-up naming the input-required task and its context refused INVALID_ARGUMENT (TASK-007, ID-003)")
case("C60-v10-auth-required-follow-up-invalid-params", lambda: AR() + [RPC(2, "SendMessage", {"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1")}, h=AK(authorization=BEARER)), resp(err(2, -32602, "Invalid params: taskId"))],
     [("RPC-ERROR-003", W)], "the follow-up to the auth-required task refused -32602 (TASK-006: SHOULD accept messages meanwhile)")

# faults: messages kept in the task name another task or context (ID-CTX-003)
case("C61-v10-follow-up-history-other-context", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART, history=[msg10("book a flight", mid="m1", taskId="t1", contextId="c1"), ASK(), msg10("Paris", mid="m2", taskId="t1", contextId="c9")])}, taskId="t1", contextId="c1"),
     [("ID-CTX-003", W)], "the task's history keeps the follow-up under contextId c9 (ID-006)")
case("C62-v10-rest-status-message-other-task", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", 2, msg=ASK("Which date?", mid="r2", tid="t2"))}),
     [("ID-CTX-003", W)], "HTTP+JSON: the status message of t1 names taskId t2")

# ---------------------------------------------------------------- P: push notification configs across their life (PUSH-001..006)
CPC = lambda i, p, cfg: [RPC(i, "CreateTaskPushNotificationConfig", p), resp(ok(i, cfg))]
CFG = lambda cid="cfg-1", url=HOOK, tok="tok-1", tid="t1", **kw: {"id": cid, "taskId": tid, "url": url, **({"token": tok} if tok else {}), **kw}
BASE = lambda **kw: C10(**kw) + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True}})
RBASE = lambda: R10() + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")})
RCP = lambda body, cfg, tid="t1": [rpost("/tasks/%s/pushNotificationConfigs" % tid, body), resp(cfg, headers=RJR)]
DEL = lambda tok="tok-1", h=None, **kw: {"content-type": "application/a2a+json", **({"x-a2a-notification-token": tok} if tok else {}), **(h or {})}
DELIV = lambda body, tok="tok-1", h=None, url=HOOK: [req(url, body, headers=DEL(tok, h)), resp("", headers={})]
later = lambda lines, dt: [{**l, "t": round(l["t"] + dt, 3)} for l in lines]
B03 = lambda **kw: C03(**kw) + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, t03("working")))]
B02 = lambda **kw: getcard(card02(protocolVersion="0.2.5", capabilities={"streaming": True, "pushNotifications": True}, **kw), path="/.well-known/agent.json") + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), resp(ok(1, t03("working")))]
PC03 = lambda cid="cfg-1", url=HOOK, tok="tok-1", **kw: {"id": cid, "url": url, **({"token": tok} if tok else {}), **kw}
SET03 = lambda i, cfg, echo=None: [R0(i, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": cfg}), resp(ok(i, {"taskId": "t1", "pushNotificationConfig": echo or cfg}))]
GET03 = lambda i, cid, echo: [R0(i, "tasks/pushNotificationConfig/get", {"id": "t1", "pushNotificationConfigId": cid}), resp(ok(i, echo))]
LIST03 = lambda i, cfgs: [R0(i, "tasks/pushNotificationConfig/list", {"id": "t1"}), resp(ok(i, [{"taskId": "t1", "pushNotificationConfig": c} for c in cfgs]))]
DEL03 = lambda i, cid: [R0(i, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": cid}), resp(ok(i, None))]
W03 = lambda st="completed", n=4, tok="tok-1", h=None: [req(HOOK, t03(st, n), headers={"content-type": "application/json", **({"x-a2a-notification-token": tok} if tok else {}), **(h or {})}), resp("", headers={})]

# legal lives
case("P01-legal-v10-rest-push-crud", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) +
     [rget("/tasks/t1/pushNotificationConfigs/cfg-1"), resp(CFG(), headers=RJR), rget("/tasks/t1/pushNotificationConfigs"), resp({"configs": [CFG()], "nextPageToken": ""}, headers=RJR),
      req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJR)],
     [], "HTTP+JSON create (body without taskId: the path names it), get, list, delete (PUSH-003, 1.0 §11)")
case("P02-legal-v10-client-proposed-config-id", lambda: BASE() + CPC(2, {"taskId": "t1", "id": "my-hook", "url": HOOK, "token": "tok-1"}, CFG("my-hook")) +
     [RPC(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "my-hook"}), resp(ok(3, CFG("my-hook")))],
     [], "the client proposes the config id my-hook and the agent keeps it (proto: id optional on create)")
case("P03-legal-v10-bearer-authentication-delivery", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, CFG(tok=None, authentication={"scheme": "Bearer", "credentials": "hook-secret"})) +
     DELIV(stu("COMPLETED", 4), tok=None, h={"authorization": "Bearer hook-secret"}),
     [], "authentication Bearer with credentials, the delivery carries Authorization: Bearer hook-secret (PUSH-004)")
case("P04-legal-v10-two-configs-listed-then-one-deleted", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + CPC(3, {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [RPC(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(4, {})),
      RPC(5, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(5, {"configs": [CFG("cfg-2", HOOK + "2", "tok-2")], "nextPageToken": ""}))],
     [], "two configs, one deleted, the list shows the other (PUSH-003)")
case("P05-legal-v10-list-paged", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + CPC(3, {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [RPC(4, "ListTaskPushNotificationConfigs", {"taskId": "t1", "pageSize": 1}), resp(ok(4, {"configs": [CFG()], "nextPageToken": "p2"})),
      RPC(5, "ListTaskPushNotificationConfigs", {"taskId": "t1", "pageSize": 1, "pageToken": "p2"}), resp(ok(5, {"configs": [CFG("cfg-2", HOOK + "2", "tok-2")], "nextPageToken": ""}))],
     [], "a list of two configs in pages of one")
case("P06-legal-v10-get-after-delete-not-found", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {})),
      RPC(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(err(4, -32001, "push config cfg-1 not found", einfo("TASK_NOT_FOUND")))],
     [], "Get after Delete fails (PUSH-003: Get fails for a missing config)")
case("P07-legal-v10-delete-twice", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {})), RPC(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(4, {}))],
     [], "Delete is idempotent (PUSH-003)")
case("P08-legal-v10-deliveries-stop-after-delete", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("WORKING", 3)) +
     [RPC(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(4, {}))] + later(send(tsk("COMPLETED", 5, tid="t2", ctx="c2"), i=5, p={"message": msg10("other", mid="m5")}), 2.0),
     [], "a delivery before the delete, none after")
case("P09-legal-v03-set-get-without-config-id", lambda: B03() + SET03(2, PC03()) + [R0(3, "tasks/pushNotificationConfig/get", {"id": "t1"}), resp(ok(3, {"taskId": "t1", "pushNotificationConfig": PC03()}))],
     [], "0.3 get without pushNotificationConfigId returns the task's one config (0.3: pushNotificationConfigId optional)")
case("P10-legal-v03-full-life-with-delivery", lambda: B03() + SET03(2, PC03(authentication={"schemes": ["Bearer"], "credentials": "hook-secret"})) + W03(h={"authorization": "Bearer hook-secret"}) +
     LIST03(3, [PC03(authentication={"schemes": ["Bearer"], "credentials": "hook-secret"})]) + DEL03(4, "cfg-1"),
     [], "0.3 set with authentication schemes [Bearer], a delivery with the bearer and the token, list, delete")
case("P11-legal-v02-set-get-list-delete", lambda: B02() + SET03(2, PC03()) + GET03(3, "cfg-1", {"taskId": "t1", "pushNotificationConfig": PC03()}) + LIST03(4, [PC03()]) + DEL03(5, "cfg-1"),
     [], "0.2.5 set / get / list / delete (list and delete are 0.2.5+)")
case("P12-legal-v01-push-set-get", lambda: getcard(card01(capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") +
     [R0(1, "tasks/send", {"id": "t-01", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
      resp(ok(1, {"id": "t-01", "sessionId": "s1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}})),
      R0(2, "tasks/pushNotification/set", {"id": "t-01", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}), resp(ok(2, {"id": "t-01", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}})),
      R0(3, "tasks/pushNotification/get", {"id": "t-01"}), resp(ok(3, {"id": "t-01", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}))],
     [], "0.1 tasks/pushNotification/set and get (0.1: the config is keyed by the task id)")
case("P13-legal-v10-inline-config-then-list", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}) +
     [RPC(2, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(2, {"configs": [CFG("cfg-auto")], "nextPageToken": ""}))],
     [], "a config given inline at send is listed with the id the agent assigned")
case("P14-legal-v10-tenant-push-crud", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) +
     rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}, path="/acme/message:send") +
     [rpost("/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK, "token": "tok-1"}), resp(CFG(), headers=RJR),
      rget("/acme/tasks/t1/pushNotificationConfigs/cfg-1"), resp(CFG(), headers=RJR)],
     [], "the tenant's routes for create and get (CARD-008)")
case("P15-legal-v10-push-refused-not-declared-rest", lambda: R10(capabilities={"streaming": True}) + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) +
     [rpost("/tasks/t1/pushNotificationConfigs", {"url": HOOK}), resp(rstatus(400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push not supported"), status=400, headers=RJR)],
     [], "HTTP+JSON: push not declared, Create refused (PUSH-001)")
case("P16-legal-v10-delivery-after-task-end-none", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("COMPLETED", 4)) +
     [RPC(5, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(err(5, -32001, "not found", einfo("TASK_NOT_FOUND")))],
     [], "the config lives until the task ends (PUSH-003): after COMPLETED a Get may fail")
case("P17-legal-v10-create-for-unknown-task-refused", lambda: C10() + [RPC(1, "CreateTaskPushNotificationConfig", {"taskId": "t-none", "url": HOOK}), resp(err(1, -32001, "Task t-none not found", einfo("TASK_NOT_FOUND")))],
     [], "Create for a task that does not exist: TaskNotFoundError (TASK-009)")
case("P18-legal-v03-delivery-without-token-when-none-set", lambda: B03() + SET03(2, PC03(tok=None)) + W03(tok=None),
     [], "0.3 config without token: the delivery has no token header")

# faults: shapes of the client's config (PUSH-002)
case("P20-v10-authentication-schemes-list", lambda: BASE() + [RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"schemes": ["Bearer"], "credentials": "s"}}), resp(err(2, -32602, "authentication.scheme is required"))],
     [("PUSH-CFG-003", E)], "1.0 Create with 0.x authentication {schemes: [...]}: 1.0 AuthenticationInfo needs `scheme` (PUSH-002)")
case("P21-v03-authentication-scheme-string", lambda: B03() + [R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "s"}}}), resp(err(2, -32602, "Invalid params"))],
     [("PUSH-CFG-003", E)], "0.3 set with 1.0's authentication {scheme}: 0.3 PushNotificationAuthenticationInfo requires `schemes`")
case("P22-v02-set-without-url", lambda: B02() + [R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"token": "tok-1"}}), resp(err(2, -32602, "url required"))],
     [("PUSH-CFG-003", E)], "0.2.5 set without url (PUSH-002)")
case("P23-v10-rest-create-without-url", lambda: RBASE() + [rpost("/tasks/t1/pushNotificationConfigs", {"token": "tok-1"}), resp(rstatus(400, "INVALID_ARGUMENT", None, "url is required"), status=400, headers=RJR)],
     [("PUSH-CFG-003", E)], "HTTP+JSON create without url (PUSH-002)")
case("P24-v10-rest-inline-config-without-url", lambda: R10() + [rpost("/message:send", {"message": msg10(), "configuration": {"taskPushNotificationConfig": {"token": "tok-1"}}}), resp(rstatus(400, "INVALID_ARGUMENT", None, "url is required"), status=400, headers=RJR)],
     [("PUSH-CFG-003", E)], "HTTP+JSON send with an inline config without url")
case("P25-v10-authentication-without-scheme", lambda: BASE() + [RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"credentials": "s"}}), resp(err(2, -32602, "authentication.scheme is required"))],
     [("PUSH-CFG-003", E)], "1.0 authentication with credentials but no scheme")
case("P26-v03-inline-config-without-url", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"token": "tok-1"}}}), resp(err(1, -32602, "url required"))],
     [("PUSH-CFG-003", E)], "0.3 inline pushNotificationConfig without url")

# faults: the agent's side of the life (PUSH-003)
case("P30-v10-rest-create-replaces-earlier", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) + RCP({"url": HOOK + "2", "token": "tok-2"}, CFG("cfg-1", HOOK + "2", "tok-2")),
     [("PUSH-CFG-001", E)], "HTTP+JSON: a second create without id got cfg-1 back, replacing the first config (PUSH-003: Create assigns an id)")
case("P31-v10-rest-get-after-delete", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) +
     [req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJR), rget("/tasks/t1/pushNotificationConfigs/cfg-1"), resp(CFG(), headers=RJR)],
     [("PUSH-CFG-004", E)], "HTTP+JSON Get after Delete still returns the config")
case("P32-v10-list-after-delete", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {})), RPC(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(4, {"configs": [CFG()], "nextPageToken": ""}))],
     [("PUSH-CFG-004", E)], "List after Delete still lists the config")
case("P33-v03-get-after-delete", lambda: B03() + SET03(2, PC03()) + DEL03(3, "cfg-1") + GET03(4, "cfg-1", {"taskId": "t1", "pushNotificationConfig": PC03()}),
     [("PUSH-CFG-004", E)], "0.3 get after delete still returns the config")
case("P34-v02-list-after-delete", lambda: B02() + SET03(2, PC03()) + DEL03(3, "cfg-1") + LIST03(4, [PC03()]),
     [("PUSH-CFG-004", E)], "0.2.5 list after delete still lists the config")
case("P35-v10-rest-list-misses-config", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) + [rget("/tasks/t1/pushNotificationConfigs"), resp({"configs": [], "nextPageToken": ""}, headers=RJR)],
     [("PUSH-CFG-006", E)], "HTTP+JSON list right after create is empty")
case("P36-v02-list-misses-config", lambda: B02() + SET03(2, PC03()) + LIST03(3, []),
     [("PUSH-CFG-006", E)], "0.2.5 list right after set is empty")
case("P37-v10-list-misses-second-config", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + CPC(3, {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [RPC(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(4, {"configs": [CFG("cfg-2", HOOK + "2", "tok-2")], "nextPageToken": ""}))],
     [("PUSH-CFG-006", E)], "two configs created, the complete list shows only the second")
case("P38-v10-rest-get-other-config", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) + RCP({"url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [rget("/tasks/t1/pushNotificationConfigs/cfg-2"), resp(CFG(), headers=RJR)],
     [("PUSH-CFG-005", E)], "HTTP+JSON Get cfg-2 answered with cfg-1")
case("P39-v03-get-other-config", lambda: B03() + SET03(2, PC03()) + SET03(3, PC03("cfg-2", HOOK + "2", "tok-2")) + GET03(4, "cfg-2", {"taskId": "t1", "pushNotificationConfig": PC03()}),
     [("PUSH-CFG-005", E)], "0.3 get cfg-2 answered with cfg-1")
case("P40-v10-rest-delivery-after-delete", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) +
     [req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJR)] + later(DELIV(stu("COMPLETED", 9)), 5.0),
     [("PUSH-CFG-002", E)], "HTTP+JSON: a delivery 5 s after the config was deleted")
case("P41-v02-delivery-after-delete", lambda: B02() + SET03(2, PC03()) + DEL03(3, "cfg-1") + later(W03(), 5.0),
     [("PUSH-CFG-002", E)], "0.2.5: a delivery after delete")
case("P42-v10-rest-delivery-without-authentication", lambda: RBASE() + RCP({"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, CFG(tok=None, authentication={"scheme": "Bearer", "credentials": "hook-secret"})) + DELIV(stu("COMPLETED", 4), tok=None),
     [("PUSH-AUTH-001", E)], "HTTP+JSON-created config with Bearer credentials, the delivery carries no Authorization (PUSH-004)")
case("P43-v03-delivery-without-authentication", lambda: B03() + SET03(2, PC03(tok=None, authentication={"schemes": ["Bearer"], "credentials": "hook-secret"})) + W03(tok=None),
     [("PUSH-AUTH-001", E)], "0.3 config with Bearer credentials, the delivery carries none (PUSH-005: MUST authenticate as configured)")
case("P44-v03-delivery-wrong-token", lambda: B03() + SET03(2, PC03()) + W03(tok="tok-9"),
     [("PUSH-AUTH-002", E)], "0.3 delivery with token tok-9, the config set tok-1")
case("P45-v10-delivery-wrong-bearer", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, CFG(tok=None, authentication={"scheme": "Bearer", "credentials": "hook-secret"})) +
     DELIV(stu("COMPLETED", 4), tok=None, h={"authorization": "Bearer other-secret"}),
     [("PUSH-AUTH-002", E)], "the delivery's bearer is not the configured credentials")
case("P46-v10-rest-push-not-declared-accepted", lambda: R10(capabilities={"streaming": True, "pushNotifications": False}) + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) + RCP({"url": HOOK}, CFG(tok=None)),
     [("CAP-PUSH-001", E)], "HTTP+JSON: pushNotifications false, yet Create answered with a config (PUSH-001)")
case("P47-v03-push-not-declared-accepted", lambda: B03(capabilities={"streaming": True, "pushNotifications": False}) + SET03(2, PC03()),
     [("CAP-PUSH-001", E)], "0.3: pushNotifications false, yet set answered with the config")
case("P48-v10-rest-delivery-other-task", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) + rsend({"message": msg10("other", mid="m2"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING", tid="t2", ctx="c2")}) + DELIV(stu("COMPLETED", 4, tid="t2", ctx="c2")),
     [("PUSH-BODY-002", E)], "t1's webhook and token receive t2's status (PUSH-004)")
case("P49-v10-rest-delivery-url-private", lambda: RBASE() + RCP({"url": "http://10.0.0.7/hook"}, CFG(url="http://10.0.0.7/hook", tok=None)),
     [("PUSH-URL-001", W)], "a webhook URL on a private address accepted (PUSH-006)")

# ---------------------------------------------------------------- H: historyLength (DATA-006, trap 7)
HB = lambda k=4: C10() + send(tsk("COMPLETED", history=hist(k), artifacts=ART))

case("H01-legal-v10-list-history-trimmed-newest", lambda: HB() + LT(2, {"historyLength": 2}, [tsk("COMPLETED", history=hist(4)[2:])]),
     [], "ListTasks historyLength 2: each task keeps its 2 newest messages (DATA-006)")
case("H02-legal-v10-list-history-zero-omitted", lambda: HB() + LT(2, {"historyLength": 0}, [tsk("COMPLETED")]),
     [], "ListTasks historyLength 0: no history")
case("H03-legal-v10-get-history-larger-than-history", lambda: HB(3) + GT(2, {"id": "t1", "historyLength": 10}, tsk("COMPLETED", history=hist(3), artifacts=ART)),
     [], "historyLength 10 with 3 messages: all 3")
case("H04-legal-v10-cancel-returns-full-history", lambda: C10() + send(tsk("WORKING", history=hist(3)), p={"message": msg10(), "configuration": {"returnImmediately": True}}) + GT(2, {"id": "t1", "historyLength": 1}, tsk("WORKING", history=hist(3)[2:])) +
     [RPC(3, "CancelTask", {"id": "t1"}), resp(ok(3, tsk("CANCELED", 3, history=hist(3))))],
     [], "CancelTask takes no historyLength: its answer may carry the whole history")
case("H05-legal-v10-send-history-length-one", lambda: C10() + send(tsk("COMPLETED", history=hist(3)[2:], artifacts=ART), p={"message": msg10(), "configuration": {"historyLength": 1}}),
     [], "a send's configuration.historyLength 1 applied to the returned task")
case("H06-legal-v10-rest-list-history-query", lambda: R10() + rsend({"message": msg10()}, {"task": tsk("COMPLETED", history=hist(4), artifacts=ART)}) +
     [rget("/tasks?historyLength=1"), resp({"tasks": [tsk("COMPLETED", history=hist(4)[3:])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [], "HTTP+JSON GET /tasks?historyLength=1 keeps the newest message")
case("H07-legal-v10-get-history-omitted-when-fewer", lambda: HB() + GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", artifacts=ART)),
     [], "historyLength 2 answered without history: never more than N (DATA-006), fewer is allowed")
case("H08-legal-v03-history-zero-full", lambda: HB03() + G03(2, {"id": "t1", "historyLength": 0}, t03("completed", history=hist03(4), artifacts=ART03)),
     [], "0.3 historyLength 0 with the whole history: 0.3 grpc reads 0 as no limit (trap 7)")
case("H09-legal-v03-history-trimmed", lambda: HB03() + G03(2, {"id": "t1", "historyLength": 2}, t03("completed", history=hist03(4)[2:], artifacts=ART03)),
     [], "0.3 historyLength 2: the 2 newest")
case("H10-legal-v10-history-absent-server-default", lambda: HB(8) + GT(2, {"id": "t1"}, tsk("COMPLETED", history=hist(8)[3:], artifacts=ART)),
     [], "no historyLength: the server's default (5 here) (DATA-006)")
case("H11-legal-v10-subscribe-after-get-full-history", lambda: C10() + send(tsk("WORKING", history=hist(3)), p={"message": msg10(), "configuration": {"returnImmediately": True}}) + GT(2, {"id": "t1", "historyLength": 0}, tsk("WORKING")) +
     [RPC(3, "SubscribeToTask", {"id": "t1"}, h=S10)] + sse([ev({"task": tsk("WORKING", 2, history=hist(3))}, 3), ev(stu("COMPLETED", 3), 3)]),
     [], "SubscribeToTask has no historyLength: its first Task may carry the whole history")
case("H12-legal-v02-history-trimmed", lambda: HB02() + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(4)[3:], artifacts=ART03)),
     [], "0.2.5 historyLength 1: the newest message")

case("H20-v10-list-history-exceeded", lambda: HB() + LT(2, {"historyLength": 1}, [tsk("COMPLETED", history=hist(4))]),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength 1, a task listed with 4 messages (DATA-006)")
case("H21-v10-list-history-zero-not-omitted", lambda: HB() + LT(2, {"historyLength": 0}, [tsk("COMPLETED", history=hist(4))]),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength 0, history listed anyway (DATA-006: 0 omits history)")
case("H22-v10-rest-list-history-exceeded", lambda: R10() + rsend({"message": msg10()}, {"task": tsk("COMPLETED", history=hist(4), artifacts=ART)}) +
     [rget("/tasks?historyLength=2"), resp({"tasks": [tsk("COMPLETED", history=hist(4))], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [("DATA-HISTORY-001", E)], "HTTP+JSON GET /tasks?historyLength=2, 4 messages listed")
case("H23-v10-rest-send-history-exceeded", lambda: R10() + rsend({"message": msg10(), "configuration": {"historyLength": 1}}, {"task": tsk("COMPLETED", history=hist(3), artifacts=ART)}),
     [("DATA-HISTORY-001", E)], "HTTP+JSON send with configuration.historyLength 1 answered with 3 messages")
case("H24-v10-list-history-kept-oldest", lambda: HB() + LT(2, {"historyLength": 2}, [tsk("COMPLETED", history=hist(4)[:2])]),
     [("DATA-HISTORY-003", E)], "ListTasks historyLength 2 kept the 2 oldest (h0, h1) instead of the newest")
case("H25-v10-rest-get-history-kept-oldest", lambda: R10() + rsend({"message": msg10()}, {"task": tsk("COMPLETED", history=hist(4), artifacts=ART)}) +
     [rget("/tasks/t1?historyLength=1"), resp(tsk("COMPLETED", history=hist(4)[:1], artifacts=ART), headers=RJR)],
     [("DATA-HISTORY-003", E)], "HTTP+JSON GetTask historyLength 1 kept h0, the oldest")
case("H26-v03-get-history-not-applied", lambda: HB03() + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(4), artifacts=ART03)),
     [("DATA-HISTORY-002", W)], "0.3 tasks/get historyLength 1 answered with 4 messages")
case("H27-v02-get-history-not-applied", lambda: HB02() + G03(2, {"id": "t1", "historyLength": 2}, t03("completed", history=hist03(4), artifacts=ART03)),
     [("DATA-HISTORY-002", W)], "0.2.5 tasks/get historyLength 2 answered with 4 messages")
case("H28-v03-send-history-not-applied", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"historyLength": 1}}), resp(ok(1, t03("completed", history=hist03(3), artifacts=ART03)))],
     [("DATA-HISTORY-002", W)], "0.3 message/send with configuration.historyLength 1 answered with 3 messages")
case("H29-v10-stream-send-history-exceeded", lambda: C10() + stream([{"task": tsk("WORKING", history=hist(3))}, stu("COMPLETED", 2)], p={"message": msg10(), "configuration": {"historyLength": 1}}),
     [("DATA-HISTORY-001", E)], "a streaming send with historyLength 1 whose first Task carries 3 messages (the configuration applies to the task the call returns)")
case("H30-v10-list-second-task-exceeded", lambda: HB() + send(tsk("COMPLETED", 2, tid="t2", ctx="c2", history=hist(3, "t2", "c2"), artifacts=ART), i=2, p={"message": msg10("other", mid="m2")}) +
     LT(3, {"historyLength": 1}, [tsk("COMPLETED", 2, tid="t2", ctx="c2", history=hist(3, "t2", "c2")[2:]), tsk("COMPLETED", history=hist(4)[2:])]),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength 1: the second listed task carries 2 messages")

# ---------------------------------------------------------------- M: round two, variants and controls of the kinds round one found
# the Authorization header under another scheme than the card's http scheme, served (AUTH-002)
NF = lambda i, tid="t-mine": resp(err(i, -32001, "Task %s not found" % tid, einfo("TASK_NOT_FOUND")))
case("M01-v10-basic-card-digest-served", lambda: getcard(SEC({"basic": BAS})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization='Digest username="u1", realm="a2a", response="0f"')), done()],
     [("AUTH-OPEN-001", E)], "Basic-only card; an Authorization header under Digest came and the call was served (AUTH-002)")
case("M02-v10-list-tasks-bearer-card-basic-served", lambda: getcard(SEC({"bearer": BEAR})) + [RPC(1, "ListTasks", {}, h=AK(authorization=BASIC)), resp(ok(1, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}))],
     [("AUTH-OPEN-001", E)], "ListTasks with Basic credentials on a Bearer-only card, served")
case("M03-v10-rest-send-basic-card-bearer-served", lambda: getcard(SEC({"basic": BAS}, ifaces=RESTI)) + rsend({"message": msg10()}, {"task": tsk("COMPLETED")}, h={**RJ, "authorization": BEARER}),
     [("AUTH-OPEN-001", E)], "HTTP+JSON message:send with a Bearer token on a Basic-only card, served")
case("M04-v02-bearer-card-basic-served", lambda: C02(securitySchemes={"bearer": Q03B}, security=[{"bearer": []}]) + [R0(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}}, h={**J03, "authorization": BASIC}), resp(ok(1, t03()))],
     [("AUTH-OPEN-001", E)], "0.2.5 http bearer scheme, Basic credentials served")
case("M05-v10-and-basic-key-bearer-and-key-served", lambda: getcard(SEC({"basic": BAS, "key": KEYH}, [REQ("basic", "key")])) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization=BEARER, **{"x-api-key": "k-1"})), done()],
     [("AUTH-OPEN-001", E)], "Basic AND API key required; the key and a Bearer token came (no Basic) and the call was served (AUTH-007)")
case("M06-v10-push-create-bearer-card-basic-served", lambda: getcard(SEC({"bearer": BEAR})) + [RPC(1, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, h=AK(authorization=BASIC)), resp(ok(1, CFG(tok=None)))],
     [("AUTH-OPEN-001", E)], "push config Create with Basic credentials on a Bearer-only card, served")
case("M07-v03-stream-basic-card-bearer-served", lambda: getcard(SEC03({"basic": Q03BA})) + [R0(1, "message/stream", {"message": msg03()}, h={**S03, "authorization": BEARER})] +
     sse([ev(t03("working"), 1), ev(st03(state="completed", final=True, n=2), 1)]),
     [("AUTH-OPEN-001", E)], "0.3 message/stream with a Bearer token on a Basic-only card, served")
case("M10-legal-v10-basic-card-basic-get-task", lambda: getcard(SEC({"basic": BAS})) + [RPC(1, "GetTask", {"id": "t1"}, h=AK(authorization=BASIC)), resp(ok(1, tsk("COMPLETED")))],
     [], "control: Basic for a Basic card on GetTask")
case("M11-legal-v10-bearer-mixed-case", lambda: getcard(SEC({"bearer": BEAR})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization="bEaReR abc.def.ghi")), done()],
     [], "control: 'bEaReR': auth-scheme names compare case-insensitively (RFC 9110 §11.1)")
case("M12-legal-v10-bearer-or-oauth-dpop", lambda: getcard(SEC({"bearer": BEAR, "oauth": OA})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization="DPoP abc.def.ghi", dpop="eyJ0eXAiOiJkcG9wK2p3dCJ9.e30.sig")), done()],
     [], "control: Bearer OR OAuth 2.0; a DPoP-bound OAuth token meets the second alternative")
case("M13-legal-v03-oauth2-card-bearer", lambda: getcard(SEC03({"oauth": {"type": "oauth2", "flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/token", "scopes": {}}}}})) +
     [R0(1, "message/send", {"message": msg03()}, h={**J03, "authorization": BEARER}), resp(ok(1, t03()))],
     [], "control: a 0.3 OAuth 2.0 card, an access token as Bearer")
case("M14-legal-v10-basic-card-cookie-session-and-basic", lambda: getcard(SEC({"basic": BAS})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization=BASIC, cookie="session=s-1")), done()],
     [], "control: Basic plus an unrelated session cookie")
case("M15-legal-v10-rest-bearer-card-bearer", lambda: getcard(SEC({"bearer": BEAR}, ifaces=RESTI)) + rsend({"message": msg10()}, {"task": tsk("COMPLETED")}, h={**RJ, "authorization": BEARER}),
     [], "control: HTTP+JSON with the Bearer token the card asks for")
case("M16-legal-v10-basic-card-bearer-refused-then-basic", lambda: getcard(SEC({"basic": BAS})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization=BASIC)), done(),
     RPC(2, "GetTask", {"id": "t1"}, h=AK(authorization=BASIC)), resp(ok(2, tsk("COMPLETED")))],
     [], "control: two calls, both with Basic")

# a task id the agent said it did not know, created for the client's next message (ID-001)
case("M20-v10-stream-made-up-task-id-created-after-not-found", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-mine")}), NF(1)] +
     stream([{"task": tsk("WORKING", 2, tid="t-mine")}, stu("COMPLETED", 3, tid="t-mine")], i=2, p={"message": msg10("hi again", mid="m2", taskId="t-mine")}),
     [("ID-TASK-002", E)], "t-mine not found for SendMessage, then SendStreamingMessage naming t-mine streamed a new task t-mine (ID-001)")
case("M21-v10-rest-stream-made-up-task-id-created-after-not-found", lambda: R10() + [rpost("/message:send", {"message": msg10(taskId="t-mine")}), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t-mine not found"), status=404, headers=RJR)] +
     rstream({"message": msg10("hi again", mid="m2", taskId="t-mine")}, [{"task": tsk("WORKING", 2, tid="t-mine")}, stu("COMPLETED", 3, tid="t-mine")]),
     [("ID-TASK-002", E)], "HTTP+JSON: 404 for t-mine on message:send, then message:stream created t-mine")
case("M22-v10-stream-not-found-then-send-created", lambda: C10() + [RPC(1, "SendStreamingMessage", {"message": msg10(taskId="t-mine")}, h=S10), NF(1)] +
     FU(2, "hi again", {"task": tsk("COMPLETED", 2, tid="t-mine", artifacts=ART)}, taskId="t-mine"),
     [("ID-TASK-002", E)], "the streaming send naming t-mine answered -32001, then SendMessage naming t-mine answered with a task t-mine")
case("M23-v10-get-not-found-then-send-created", lambda: C10() + [RPC(1, "GetTask", {"id": "t-mine"}), NF(1)] + FU(2, "hi", {"task": tsk("COMPLETED", 2, tid="t-mine", artifacts=ART)}, taskId="t-mine"),
     [("ID-TASK-002", E)], "GetTask t-mine answered -32001, then a message naming t-mine created it")
case("M24-legal-v10-not-found-then-agent-picks-same-id", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-mine")}), NF(1)] + FU(2, "start over", {"task": tsk("COMPLETED", 2, tid="t-mine", artifacts=ART)}),
     [], "control: after the -32001 the client sends without taskId and the agent hands out a task that happens to be called t-mine: the agent chose it")
case("M25-legal-v10-not-found-twice", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-mine")}), NF(1), RPC(2, "GetTask", {"id": "t-mine"}), NF(2)],
     [], "control: t-mine unknown to the send and to GetTask alike")
case("M26-legal-v10-not-found-other-id-then-created", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(taskId="t-x")}), NF(1, "t-x")] + FU(2, "hi", {"task": tsk("COMPLETED", 2, artifacts=ART)}) + FU(3, "more", {"task": tsk("COMPLETED", 3, tid="t2", artifacts=ART)}, contextId="c1"),
     [], "control: t-x unknown; the tasks that follow have the agent's own ids")
case("M27-legal-v10-reference-not-found-then-task", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(referenceTaskIds=["t-ref"])}), NF(1, "t-ref")] + FU(2, "hi", {"task": tsk("COMPLETED", 2, tid="t-ref", artifacts=ART)}),
     [], "control: a referenceTaskIds entry refused -32001, then a send without taskId answered with a task of that name: the agent handed it out")

# historyLength of a streaming send (proto SendMessageConfiguration.history_length: "in the response")
case("M30-v10-rest-stream-history-zero-not-omitted", lambda: R10() + rstream({"message": msg10(), "configuration": {"historyLength": 0}}, [{"task": tsk("WORKING", history=hist(2))}, stu("COMPLETED", 2)]),
     [("DATA-HISTORY-001", E)], "HTTP+JSON message:stream with historyLength 0 whose first Task carries 2 messages")
case("M31-v10-stream-follow-up-history-exceeded", lambda: IR() + stream([{"task": tsk("WORKING", 2, history=hist(4))}, stu("COMPLETED", 3)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1"), "configuration": {"historyLength": 2}}),
     [("DATA-HISTORY-001", E)], "a streaming follow-up with historyLength 2 whose Task carries 4 messages")
case("M32-legal-v10-stream-history-within", lambda: C10() + stream([{"task": tsk("WORKING", history=hist(3)[2:])}, stu("COMPLETED", 2)], p={"message": msg10(), "configuration": {"historyLength": 1}}),
     [], "control: historyLength 1, the stream's Task carries one message")
case("M33-legal-v10-stream-no-history-length", lambda: C10() + stream([{"task": tsk("WORKING", history=hist(4))}, stu("COMPLETED", 2)]),
     [], "control: no historyLength: the stream's Task may carry the whole history")
case("M34-legal-v10-subscribe-history-after-limited-send", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True, "historyLength": 0}}) +
     [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10)] + sse([ev({"task": tsk("WORKING", 2, history=hist(3))}, 2), ev(stu("COMPLETED", 3), 2)]),
     [], "control: the send's historyLength does not bind a later SubscribeToTask")
case("M35-legal-v10-stream-history-zero-empty", lambda: C10() + stream([{"task": tsk("WORKING", history=[])}, stu("COMPLETED", 2)], p={"message": msg10(), "configuration": {"historyLength": 0}}),
     [], "control: historyLength 0 and an empty history list")

# more lifecycle controls and faults
case("M40-legal-v10-rest-auth-required-follow-up", lambda: R10() + rsend({"message": msg10("pay", contextId="c1")}, {"task": tsk("AUTH_REQUIRED", msg=NEED())}) +
     rsend({"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}, h={**RJ, "authorization": BEARER}),
     [], "HTTP+JSON auth-required round trip")
case("M41-legal-v10-rest-push-list-paged", lambda: RBASE() + RCP({"url": HOOK, "token": "tok-1"}, CFG()) + RCP({"url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [rget("/tasks/t1/pushNotificationConfigs?pageSize=1"), resp({"configs": [CFG()], "nextPageToken": "p2"}, headers=RJR),
      rget("/tasks/t1/pushNotificationConfigs?pageSize=1&pageToken=p2"), resp({"configs": [CFG("cfg-2", HOOK + "2", "tok-2")], "nextPageToken": ""}, headers=RJR)],
     [], "HTTP+JSON push config list in pages of one")
case("M42-legal-v03-set-without-id-assigned", lambda: B03() + SET03(2, {"url": HOOK, "token": "tok-1"}, PC03("cfg-new")) + GET03(3, "cfg-new", {"taskId": "t1", "pushNotificationConfig": PC03("cfg-new")}),
     [], "0.3 set without id: the agent assigns cfg-new (0.3: id optional)")
case("M43-legal-v10-get-history-exact", lambda: HB() + GT(2, {"id": "t1", "historyLength": 4}, tsk("COMPLETED", history=hist(4), artifacts=ART)),
     [], "historyLength 4 with 4 messages")
case("M44-legal-v10-rest-get-history-zero", lambda: R10() + rsend({"message": msg10()}, {"task": tsk("COMPLETED", history=hist(2), artifacts=ART)}) + [rget("/tasks/t1?historyLength=0"), resp(tsk("COMPLETED", artifacts=ART), headers=RJR)],
     [], "HTTP+JSON historyLength=0: no history")
case("M45-legal-v10-get-history-zero-empty-list", lambda: HB() + GT(2, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", history=[], artifacts=ART)),
     [], "historyLength 0 answered with history []: no message")
case("M46-v10-rest-cancel-terminal-follow-up-accepted", lambda: R10() + rsend({"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) +
     [rpost("/tasks/t1:cancel", {}), resp(tsk("CANCELED", 2), headers=RJR)] + rsend({"message": msg10("resume", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("CANCELED", 3)}),
     [("TASK-STATE-002", E)], "HTTP+JSON: after the cancel, a message to the canceled task answered 200 with the task (TASK-002)")
case("M47-v10-input-required-follow-up-answered-by-sibling-rest-stream", lambda: RIR() + rstream({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, [{"task": tsk("WORKING", 2, tid="t7")}, stu("COMPLETED", 3, tid="t7")]),
     [("ID-TASK-002", E)], "HTTP+JSON message:stream follow-up to t1 streamed another task t7")
case("M48-legal-v10-rest-follow-up-task-only", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "HTTP+JSON follow-up with taskId only; the context c1 inferred")
case("M49-legal-v03-follow-up-task-only", lambda: IR03() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1"),
     [], "0.3 follow-up with taskId only; the task keeps c1")

case("M50-legal-v10-rest-stream-history-within", lambda: R10() + rstream({"message": msg10(), "configuration": {"historyLength": 2}}, [{"task": tsk("WORKING", history=hist(4)[2:])}, stu("COMPLETED", 2)]),
     [], "control: HTTP+JSON message:stream with historyLength 2 and the 2 newest messages")
case("M51-legal-v10-stream-follow-up-no-history-length", lambda: IR() + stream([{"task": tsk("WORKING", 2, history=hist(4))}, stu("COMPLETED", 3)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "control: a streaming follow-up without historyLength, the whole history")
case("M52-v10-stream-follow-up-history-kept-oldest", lambda:
     IR() + GT(2, {"id": "t1"}, tsk("INPUT_REQUIRED", history=hist(4), msg=ASK())) + stream([{"task": tsk("WORKING", 2, history=hist(4)[:2])}, stu("COMPLETED", 3)], i=3, p={"message": msg10("Paris", mid="m3", taskId="t1", contextId="c1"), "configuration": {"historyLength": 2}}),
     [("DATA-HISTORY-003", E)], "a streaming follow-up with historyLength 2 whose Task kept the 2 oldest messages (h0, h1) of the 4 GetTask showed")
case("M53-legal-v10-basic-or-bearer-bearer", lambda: getcard(SEC({"basic": BAS, "bearer": BEAR})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(authorization=BEARER)), done()],
     [], "control: Basic OR Bearer; the Bearer token meets the second alternative")
case("M54-v10-oidc-card-api-key-served", lambda: getcard(SEC({"oidc": OIDC})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(**{"x-api-key": "k-1"})), done()],
     [("AUTH-OPEN-001", E)], "an OpenID Connect card; only an X-API-Key header came and the call was served (AUTH-002)")
case("M55-legal-v10-key-card-key-lower-case", lambda: getcard(SEC({"key": KEYH})) + [RPC(1, "SendMessage", {"message": msg10()}, h=AK(**{"x-api-key": "k-1"})), done()],
     [], "control: the X-API-Key header the card names, written in lower case")
case("M56-v10-bearer-card-api-key-served", lambda: getcard(SEC({"bearer": BEAR})) + [RPC(1, "GetTask", {"id": "t1"}, h=AK(**{"x-api-key": "k-1"})), resp(ok(1, tsk("COMPLETED")))],
     [("AUTH-OPEN-001", E)], "a Bearer-only card; GetTask with an X-API-Key header only, served")
case("M57-legal-v03-api-key-card-key", lambda: getcard(SEC03({"key": Q03K})) + [R0(1, "message/send", {"message": msg03()}, h={**J03, "X-API-Key": "k-1"}), resp(ok(1, t03()))],
     [], "control: 0.3 apiKey header card, the key in X-API-Key")

write_cases(C, OUT)
