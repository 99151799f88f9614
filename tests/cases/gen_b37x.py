"""Writes the b37x blind-adversary transcripts (breaker37, round seventeen): the 1.0 HTTP+JSON
binding to the letter (every route of the proto's google.api.http annotations with and
without a tenant, HTTP methods per route, custom verbs, GetTask / ListTasks query parameters,
camelCase against proto field names in requests and answers, enum values as names, the
google.rpc.Status each A2A error maps to, content types, SSE on message:stream and
:subscribe), what an Agent Card's interfaces promise and the calls that use them (1.0
supportedInterfaces by binding, version and tenant, the preferred interface, JSON-RPC to an
HTTP+JSON url and HTTP+JSON routes under a JSON-RPC url, relative, trailing-slash, doubled,
internal and gateway-rewritten urls; 0.3 url / preferredTransport / additionalInterfaces),
round sixteen's leftovers (error codes and follow-up rules per call inside a JSON-RPC batch;
0.1 tasks/sendSubscribe events whose parts carry 0.2's `kind`). Faulty ones carry the finding
the verifier must report; `-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b37x.py [NAME...]"""
import os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker37 (blind adversary, round seventeen)"
from blind_helpers import *  # noqa: F401,F403

C = {}
case = case_maker(C, "b37x-", SRC)

HOOK = "https://hooks.example.test/a2a/cb"
TI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]
RT = lambda **kw: getcard(card10(ifaces=TI, **kw))
XCARD = lambda ifaces=None, **kw: card10(ifaces=ifaces or RESTI, capabilities={"streaming": True, "pushNotifications": True, "extendedAgentCard": True},
                                         securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                                         securityRequirements=[{"schemes": {"bearer": {"list": []}}}], **kw)
RJB = {**RJ, "authorization": BEARER}
CFG = lambda cid="cfg-1", tid="t1": {"id": cid, "taskId": tid, "url": HOOK, "token": "tok-1"}
RI = {"returnImmediately": True}


def rx(method, path, body=None, res=None, status=200, h=RJ, rh=None):
    """an HTTP+JSON call (`method` on `path` below H; a body only when given) and its JSON answer."""
    hh = dict(h) if body is not None else {k: v for k, v in h.items() if k != "content-type"}
    return [req(H + path, "" if body is None else body, method=method, headers=hh), resp("" if res is None else res, status=status, headers=rh or RJR)]


def rwork(pre="", tid="t1", ctx="c1", mid="m1"):
    """POST {pre}/message:send with returnImmediately, answered with task `tid` working."""
    return rx("POST", pre + "/message:send", {"message": msg10(mid=mid, contextId=ctx), "configuration": RI}, {"task": tsk("WORKING", tid=tid, ctx=ctx)})


def rdone(pre="", hist_k=0, n=1):
    t = tsk("COMPLETED", n, artifacts=ART, **({"history": hist(hist_k)} if hist_k else {}))
    return rx("POST", pre + "/message:send", {"message": msg10("book a flight", contextId="c1")}, {"task": t})


def rst(http, status, reason, msg="failed"):
    return rstatus(http, status, reason, msg)


LIST = lambda tasks, nxt="", ps=50, total=None: {"tasks": tasks, "nextPageToken": nxt, "pageSize": ps, "totalSize": len(tasks) if total is None else total}
RS = {**RJ, "accept": "text/event-stream"}

# ---------------------------------------------------------------- R: every route and its HTTP method, with and without a tenant (REST-001, 1.0 proto google.api.http)
for pre, card, tag in (("", R10, "plain"), ("/acme", RT, "tenant")):
    case("R%02d-legal-v10-rest-all-unary-routes-%s" % (1 if pre == "" else 2, tag), (lambda pre=pre, card=card: card() + rwork(pre) +
         rx("GET", pre + "/tasks/t1", None, tsk("WORKING")) +
         rx("POST", pre + "/tasks/t1/pushNotificationConfigs", {"url": HOOK, "token": "tok-1"}, CFG()) +
         rx("GET", pre + "/tasks/t1/pushNotificationConfigs/cfg-1", None, CFG()) +
         rx("GET", pre + "/tasks/t1/pushNotificationConfigs", None, {"configs": [CFG()], "nextPageToken": ""}) +
         rx("DELETE", pre + "/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) +
         rx("POST", pre + "/tasks/t1:cancel", {}, tsk("CANCELED", 2)) +
         rx("GET", pre + "/tasks?contextId=c1", None, LIST([tsk("CANCELED", 2)]))),
         [], "control: send, get, push config create / get / list / delete, cancel and list, each on its proto route and verb (%s)" % tag)
case("R03-legal-v10-rest-stream-and-subscribe-get-tenant", lambda: RT() + rstream({"message": msg10(mid="m2", contextId="c2")}, [{"task": tsk("WORKING", tid="t2", ctx="c2")}, stu("COMPLETED", 3, tid="t2", ctx="c2")], path="/acme/message:stream") +
     rwork("/acme") + rstream(None, [{"task": tsk("WORKING")}, stu("COMPLETED", 3)], path="/acme/tasks/t1:subscribe", method="GET"),
     [], "control: a whole message:stream under the tenant, then GET /acme/tasks/t1:subscribe on a working task to its end")
case("R04-legal-v10-rest-subscribe-post-tenant", lambda: RT() + rwork("/acme") + rstream({}, [{"task": tsk("WORKING")}, stu("COMPLETED", 3)], path="/acme/tasks/t1:subscribe"),
     [], "control: POST :subscribe (1.0 prose; trap 1) under the tenant")
case("R05-legal-v10-rest-extended-card-tenant", lambda: getcard(XCARD(ifaces=TI)) + rx("GET", "/acme/extendedAgentCard", None, XCARD(ifaces=TI, description="Demo agent (full)"), h=RJB),
     [], "control: GET /acme/extendedAgentCard with the card's bearer scheme")
# methods the routes are not defined with, served
case("R06-v10-rest-push-config-put-served", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK, "token": "tok-1"}, CFG()) +
     rx("PUT", "/tasks/t1/pushNotificationConfigs/cfg-1", {"url": HOOK, "token": "tok-2"}, {**CFG(), "token": "tok-2"}),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "PUT on a push config: no update route exists (GET / DELETE only)")
case("R08-v10-rest-extended-card-post-served", lambda: getcard(XCARD()) + rx("POST", "/extendedAgentCard", {}, XCARD(description="Demo agent (full)"), h=RJB),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "POST /extendedAgentCard executed: the route is GET")
case("R09-v10-rest-push-list-delete-served", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     rx("DELETE", "/tasks/t1/pushNotificationConfigs", None, {}),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "DELETE on the config list route (delete all): only GET / POST exist there")
case("R10-v10-rest-push-get-posted-served", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     rx("POST", "/tasks/t1/pushNotificationConfigs/cfg-1", {}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "POST on one config's route answered with it: Get is GET")
case("R13-v10-rest-subscribe-put-served", lambda: R10() + rwork() +
     [req(H + "/tasks/t1:subscribe", "{}", method="PUT", headers=RS)] + sse([rest_ev({"task": tsk("WORKING")}), rest_ev(stu("COMPLETED", 3))]),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "PUT :subscribe streamed: GET (proto) or POST (prose) only")
# refused
case("R15-v10-rest-extended-card-post-refused-405", lambda: getcard(XCARD()) + rx("POST", "/extendedAgentCard", {}, rst(405, "UNIMPLEMENTED", None, "method not allowed"), status=405, h=RJB),
     [("REST-VERB-001", E)], "POST /extendedAgentCard refused 405")
case("R16-legal-v10-rest-cancel-empty-body-tenant", lambda: RT() + rwork("/acme") + rx("POST", "/acme/tasks/t1:cancel", "", tsk("CANCELED", 2)),
     [], "control: POST :cancel with an empty body (the id is in the path)")
case("R17-legal-v10-rest-cancel-with-metadata", lambda: R10() + rwork() + rx("POST", "/tasks/t1:cancel", {"metadata": {"reason": "user"}}, tsk("CANCELED", 2)),
     [], "control: POST :cancel carrying CancelTaskRequest.metadata")
# routes that do not exist (custom verb as a segment, JSON-RPC names) answered 404: the client's note, no url fault
case("R18-v10-rest-subscribe-as-segment-404", lambda: R10() + rwork() + rx("GET", "/tasks/t1/subscribe", None, rst(404, "NOT_FOUND", None, "no route"), status=404),
     [("REST-ROUTE-001", N)], "GET /tasks/t1/subscribe: the custom verb is :subscribe; the 404 is the route's, not the interface url's")
case("R20-v10-rest-message-slash-stream-404", lambda: R10() + rx("POST", "/message/stream", {"message": msg10(contextId="c1")}, rst(404, "NOT_FOUND", None, "no route"), status=404, h=RS),
     [("REST-ROUTE-001", N)], "POST /message/stream (the JSON-RPC name as a path)")
case("R22-v10-rest-extended-card-lower-case-served", lambda: getcard(XCARD()) + rx("GET", "/extendedagentcard", None, XCARD(description="Demo agent (full)"), h=RJB),
     [("REST-ROUTE-001", N), ("REST-ROUTE-002", W)], "GET /extendedagentcard served: the route is /extendedAgentCard")
case("R23-v10-rest-tenant-send-verb-capital-served", lambda: RT() + rx("POST", "/acme/message:Send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("REST-ROUTE-001", N), ("REST-ROUTE-002", W)], "message:Send served under the tenant")
case("R25-legal-v10-rest-tenant-upper-case-data", lambda: getcard(card10(ifaces=[{**TI[0], "tenant": "ACME-Prod"}])) + rwork("/ACME-Prod") + rx("GET", "/ACME-Prod/tasks/t1", None, tsk("WORKING")),
     [], "control: the tenant segment keeps its own case (data, not a route word)")
case("R26-legal-v10-rest-task-id-with-colon-encoded", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("WORKING", tid="job:42")}) +
     rx("POST", "/tasks/job%3A42:cancel", {}, tsk("CANCELED", 2, tid="job:42")),
     [], "control: a task id with a colon, escaped in the path before the :cancel verb")

# ---------------------------------------------------------------- Q: GetTask / ListTasks query parameters (REST-001 §11.5; DATA-006, DATA-007)
case("Q01-v10-rest-get-negative-history-served", lambda: R10() + rdone(hist_k=2) + rx("GET", "/tasks/t1?historyLength=-1", None, tsk("COMPLETED", artifacts=ART, history=hist(2))),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E)], "historyLength=-1 accepted (ERR-006: validate first)")
case("Q02-legal-v10-rest-get-negative-history-refused", lambda: R10() + rdone() + rx("GET", "/tasks/t1?historyLength=-1", None, rst(400, "INVALID_ARGUMENT", None, "historyLength must be >= 0"), status=400),
     [("DATA-PARAM-005", N)], "control: refused 400 INVALID_ARGUMENT (the client's note only)")
case("Q03-v10-rest-list-status-0x-name-served", lambda: R10() + rwork() + rx("GET", "/tasks?status=working", None, LIST([tsk("WORKING")])),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E)], "status=working (0.x name) accepted: 1.0 enums are TASK_STATE_* names")
case("Q05-v10-rest-list-epoch-timestamp-served", lambda: R10() + rwork() + rx("GET", "/tasks?statusTimestampAfter=1764669600", None, LIST([tsk("WORKING")])),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E)], "statusTimestampAfter as epoch seconds accepted (RFC 3339 only)")
case("Q06-legal-v10-rest-list-timestamp-z", lambda: R10() + rwork() + rx("GET", "/tasks?statusTimestampAfter=2026-12-02T09:00:00Z", None, LIST([tsk("WORKING")])),
     [], "control: RFC 3339 UTC")
case("Q07-legal-v10-rest-list-timestamp-offset-encoded", lambda: R10() + rwork() + rx("GET", "/tasks?statusTimestampAfter=2026-12-02T10%3A00%3A00.000%2B01%3A00", None, LIST([tsk("WORKING")])),
     [], "control: an offset timestamp, percent-encoded (09:00Z, before the task)")
case("Q08-v10-rest-list-include-artifacts-yes-served", lambda: R10() + rdone() + rx("GET", "/tasks?includeArtifacts=yes", None, LIST([tsk("COMPLETED", artifacts=ART)])),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E), ("DATA-LIST-001", E)], "includeArtifacts=yes accepted, rows with artifacts (no readable true asked for them)")
case("Q10-legal-v10-rest-list-page-size-zero-refused", lambda: R10() + rwork() + rx("GET", "/tasks?pageSize=0", None, rst(400, "INVALID_ARGUMENT", None, "pageSize must be 1-100"), status=400),
     [("DATA-PARAM-005", N)], "control: pageSize=0 refused")
case("Q11-legal-v10-rest-list-two-pages-tenant", lambda: RT() + rwork("/acme") + rwork("/acme", tid="t2", ctx="c2", mid="m2") +
     rx("GET", "/acme/tasks?pageSize=1", None, LIST([tsk("WORKING", tid="t2", ctx="c2")], nxt="p2", ps=1, total=2)) +
     rx("GET", "/acme/tasks?pageSize=1&pageToken=p2", None, LIST([tsk("WORKING")], ps=1, total=2)),
     [], "control: two pages of one under the tenant (t2 and t1 both stamped second 1: equal, either order)")
case("Q12-v10-rest-tenant-list-history-exceeded", lambda: RT() + rdone("/acme", hist_k=3) + rx("GET", "/acme/tasks?historyLength=1", None, LIST([tsk("COMPLETED", history=hist(3))])),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength=1 answered with three history messages")
case("Q16-v10-rest-list-include-artifacts-false-has-them", lambda: R10() + rdone() + rx("GET", "/tasks?includeArtifacts=false", None, LIST([tsk("COMPLETED", artifacts=ART)])),
     [("DATA-LIST-001", E)], "includeArtifacts=false answered with artifacts")
case("Q17-legal-v10-rest-list-include-artifacts-true", lambda: R10() + rdone() + rx("GET", "/tasks?includeArtifacts=true&historyLength=0", None, LIST([tsk("COMPLETED", artifacts=ART)])),
     [], "control: includeArtifacts=true with artifacts")
case("Q18-legal-v10-rest-get-version-query-only", lambda: R10() + rwork() + rx("GET", "/tasks/t1?A2A-Version=1.0", None, tsk("WORKING"), h={"accept": "application/a2a+json"}),
     [], "control: A2A-Version as a query parameter instead of the header (VER-001 MAY)")
case("Q19-v10-rest-get-version-query-patch", lambda: R10() + rwork() + rx("GET", "/tasks/t1?A2A-Version=1.0.1", None, tsk("WORKING"), h={"accept": "application/a2a+json"}),
     [("VER-HDR-003", W)], "A2A-Version=1.0.1 in the query: Major.Minor only")
case("Q20-legal-v10-rest-list-all-filters", lambda: R10() + rdone() + rx("GET", "/tasks?contextId=c1&status=TASK_STATE_COMPLETED&pageSize=5&historyLength=0&includeArtifacts=false&statusTimestampAfter=2026-12-02T09%3A00%3A00Z", None, LIST([tsk("COMPLETED")], ps=5)),
     [], "control: every ListTasks parameter at once, answered by the filters")
case("Q21-legal-v10-rest-get-history-two-newest", lambda: R10() + rdone(hist_k=4) + rx("GET", "/tasks/t1?historyLength=2", None, tsk("COMPLETED", artifacts=ART, history=hist(4)[2:])),
     [], "control: historyLength=2 keeps the newest two")
case("Q23-legal-v10-rest-list-status-unspecified", lambda: R10() + rwork() + rx("GET", "/tasks?status=TASK_STATE_UNSPECIFIED", None, LIST([tsk("WORKING")])),
     [], "control: TASK_STATE_UNSPECIFIED means no status filter")

# ---------------------------------------------------------------- J: camelCase against proto names, enums as names (DATA-001, 1.0 §5.5)
case("J01-v10-rest-send-message-id-snake", lambda: R10() + rx("POST", "/message:send", {"message": {"message_id": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}], "context_id": "c1"}}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("DATA-SHAPE-002", E)], "message_id / context_id instead of messageId / contextId")
case("J04-v10-rest-push-create-task-id-snake", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"task_id": "t1", "url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}),
     [("DATA-SHAPE-002", E)], "push config body with task_id")
case("J05-v10-rest-get-answer-context-id-snake", lambda: R10() + rwork() + rx("GET", "/tasks/t1", None, {"id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 1}}),
     [("DATA-SHAPE-001", E)], "the agent's Task with context_id")
case("J07-v10-rest-stream-status-update-snake", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, {"statusUpdate": {"task_id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}}}]),
     [("STREAM-SHAPE-001", E)], "statusUpdate with task_id / context_id (STREAM-SHAPE-001 names the taskId a reader misses)")
case("J08-v10-rest-get-state-as-number", lambda: R10() + rwork() + rx("GET", "/tasks/t1", None, {"id": "t1", "contextId": "c1", "status": {"state": 2, "timestamp": TS % 1}}),
     [("DATA-SHAPE-001", E)], "state 2 (the enum number) instead of TASK_STATE_WORKING")
case("J11-v10-rest-send-role-0x-name", lambda: R10() + rx("POST", "/message:send", {"message": {"messageId": "m1", "role": "user", "parts": [{"text": "hi"}], "contextId": "c1"}}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("DATA-SHAPE-002", E)], "client role user (0.x) on 1.0")
case("J14-legal-v10-rest-event-defaults-explicit", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, art10(append=False, last=True), stu("COMPLETED", 3)]),
     [], "control: append false and lastChunk true written out")
case("J15-v10-rest-get-state-lower-case-prefixed", lambda: R10() + rwork() + rx("GET", "/tasks/t1", None, {"id": "t1", "contextId": "c1", "status": {"state": "task_state_working", "timestamp": TS % 1}}),
     [("TASK-STATE-005", E)], "task_state_working in lower case")
case("J16-legal-v10-rest-push-create-body-without-task-id", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "tok"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}),
     [], "control: body \"*\" without taskId (the path names it)")
case("J18-v10-rest-stream-role-0x-name", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 3, msg={"messageId": "r1", "role": "agent", "parts": [{"text": "Which city?"}], "taskId": "t1", "contextId": "c1"})]),
     [("STREAM-SHAPE-001", E)], "a status message with role agent (0.x) on a 1.0 stream")

# ---------------------------------------------------------------- E: each A2A error's google.rpc.Status (ERR-002, ERR-003) and content types
NOPUSH = lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "pushNotifications": False}))
NOSTREAM = lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": False, "pushNotifications": True}))
REQX = "https://ext.example.test/geo/v1"
EXTC = lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": REQX, "required": True}]}))
PNG = {"message": msg10(contextId="c1", parts=[{"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "a.png"}])}
case("E01-legal-v10-rest-tenant-task-not-found", lambda: RT() + rx("GET", "/acme/tasks/t9", None, rst(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), status=404),
     [], "control: 404 NOT_FOUND TASK_NOT_FOUND")
case("E02-legal-v10-rest-tenant-not-cancelable", lambda: RT() + rdone("/acme") + rx("POST", "/acme/tasks/t1:cancel", {}, rst(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"), status=400),
     [], "control: 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE")
case("E03-legal-v10-rest-push-not-supported", lambda: NOPUSH() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK}, rst(400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push not supported"), status=400),
     [], "control: 400 FAILED_PRECONDITION PUSH_NOTIFICATION_NOT_SUPPORTED")
case("E04-legal-v10-rest-stream-unsupported", lambda: NOSTREAM() + rx("POST", "/message:stream", {"message": msg10(contextId="c1")}, rst(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "streaming is not supported"), status=400, h=RS),
     [], "control: message:stream to a card without streaming, 400 UNSUPPORTED_OPERATION (STREAM-001)")
case("E05-legal-v10-rest-content-type-not-supported", lambda: R10() + rx("POST", "/message:send", PNG, rst(400, "INVALID_ARGUMENT", "CONTENT_TYPE_NOT_SUPPORTED", "image/png is not supported"), status=400),
     [], "control: 400 INVALID_ARGUMENT CONTENT_TYPE_NOT_SUPPORTED")
case("E06-legal-v10-rest-invalid-agent-response", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rst(500, "INTERNAL", "INVALID_AGENT_RESPONSE", "the downstream agent answered garbage"), status=500),
     [], "control: 500 INTERNAL INVALID_AGENT_RESPONSE")
case("E07-legal-v10-rest-extended-card-not-configured-tenant", lambda: getcard(XCARD(ifaces=TI)) + rx("GET", "/acme/extendedAgentCard", None, rst(400, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "no extended card"), status=400, h=RJB),
     [], "control: 400 FAILED_PRECONDITION EXTENDED_AGENT_CARD_NOT_CONFIGURED")
case("E08-legal-v10-rest-extension-required", lambda: EXTC() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rst(400, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED", "activate " + REQX), status=400),
     [], "control: 400 FAILED_PRECONDITION EXTENSION_SUPPORT_REQUIRED")
case("E09-legal-v10-rest-version-not-supported", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rst(400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED", "version 2.0 is not supported"), status=400, h={**RJ, "a2a-version": "2.0"}),
     [], "control: A2A-Version 2.0 refused 400 VERSION_NOT_SUPPORTED")
case("E10-v10-rest-push-not-supported-under-404", lambda: NOPUSH() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK}, rst(404, "NOT_FOUND", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push not supported"), status=404),
     [("REST-ERROR-001", E)], "PUSH_NOTIFICATION_NOT_SUPPORTED under 404 NOT_FOUND (400 FAILED_PRECONDITION)")
case("E13-legal-v10-rest-version-not-supported-501-1-0-0", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rst(501, "UNIMPLEMENTED", "VERSION_NOT_SUPPORTED", "version 2.0 is not supported"), status=501, h={**RJ, "a2a-version": "2.0"}),
     [("REST-ERROR-002", N)], "control: 1.0.0's 501 UNIMPLEMENTED (a note)")
case("E14-v10-rest-extension-required-invalid-argument", lambda: EXTC() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rst(400, "INVALID_ARGUMENT", "EXTENSION_SUPPORT_REQUIRED", "activate " + REQX), status=400),
     [("REST-ERROR-001", E)], "EXTENSION_SUPPORT_REQUIRED with INVALID_ARGUMENT (FAILED_PRECONDITION)")
case("E17-legal-v10-rest-error-info-metadata-strings", lambda: R10() + rx("GET", "/tasks/t9", None, rstatus(404, "NOT_FOUND", msg="task t9 not found", details=[{**einfo("TASK_NOT_FOUND")[0], "metadata": {"taskId": "t9"}}]), status=404),
     [], "control: ErrorInfo.metadata of strings")
case("E18-v10-rest-error-html-body", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, "<html><body>Internal error</body></html>", status=500, rh={"content-type": "text/html"}),
     [("REST-ERROR-001", E)], "an HTML 500 page from the send route, an A2A route the agent serves")
case("E19-legal-v10-rest-success-application-json", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, rh=J),
     [], "control: success answered application/json (1.0.0)")
case("E20-legal-v10-rest-request-a2a-json-charset", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, h={**RJ, "content-type": "application/a2a+json; charset=utf-8"}),
     [], "control: application/a2a+json with a charset")
case("E21-v10-rest-request-form-urlencoded", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, h={**RJ, "content-type": "application/x-www-form-urlencoded"}),
     [("HTTP-MEDIA-003", W)], "curl -d: a JSON body under application/x-www-form-urlencoded")
case("E23-v03-rest-request-a2a-json", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}], "contextId": "c1"}}, headers={"content-type": "application/a2a+json"}),
     resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J)],
     [("HTTP-MEDIA-004", E)], "0.3 HTTP+JSON body sent as application/a2a+json (0.3: application/json MUST)")
case("E24-legal-v10-rest-error-a2a-json", lambda: R10() + rx("GET", "/tasks/t9", None, rst(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), status=404, rh={"content-type": "application/a2a+json; charset=utf-8"}),
     [], "control: the error body as application/a2a+json with a charset")
case("E25-v10-rest-not-cancelable-reason-unsupported", lambda: R10() + rdone() + rx("POST", "/tasks/t1:cancel", {}, rst(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "task t1 is completed"), status=400),
     [("REST-ERROR-001", E)], "cancel of a completed task answered UNSUPPORTED_OPERATION: TASK-003 names TaskNotCancelableError")

# ---------------------------------------------------------------- S: SSE on message:stream and :subscribe (REST-002, RPC-005)
case("S01-legal-v10-rest-tenant-stream-full", lambda: RT() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, stu("WORKING", 2), art10(), stu("COMPLETED", 3)], path="/acme/message:stream"),
     [], "control: a whole task stream under the tenant")
case("S02-v10-rest-stream-answered-json", lambda: R10() + [rpost("/message:stream", {"message": msg10(contextId="c1")}, h=RS), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [("STREAM-HTTP-001", E)], "message:stream answered with one application/a2a+json body")
case("S04-v10-rest-stream-result-wrapper", lambda: R10() + rstream({"message": msg10(contextId="c1")}, ["data: %s\n\n" % d({"result": {"task": tsk("WORKING")}}), "data: %s\n\n" % d({"result": stu("COMPLETED", 3)})]),
     [("STREAM-SHAPE-001", E)], "events wrapped in {\"result\": ...}: no StreamResponse member (half a JSON-RPC envelope)")
case("S06-legal-v10-rest-stream-event-field", lambda: R10() + rstream({"message": msg10(contextId="c1")}, ["event: task\ndata: %s\n\n" % d({"task": tsk("WORKING")}), "event: statusUpdate\ndata: %s\n\n" % d(stu("COMPLETED", 3))]),
     [], "control: SSE event: lines beside bare StreamResponses")
case("S07-v10-rest-stream-error-before-terminal", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, rst(500, "INTERNAL", "INVALID_AGENT_RESPONSE", "executor published an event out of order")]),
     [("STREAM-END-005", E)], "a google.rpc.Status event INVALID_AGENT_RESPONSE cuts the stream at working (the error blames the agent)")
case("S08-legal-v10-rest-subscribe-sse-charset", lambda: R10() + rwork() + [rget("/tasks/t1:subscribe", h=RS)] + sse([rest_ev({"task": tsk("WORKING")}), rest_ev(stu("COMPLETED", 3))], headers={"content-type": "text/event-stream; charset=utf-8"}),
     [], "control: text/event-stream; charset=utf-8")
case("S09-v10-rest-subscribe-first-event-status", lambda: R10() + rwork() + rstream(None, [stu("WORKING", 2), stu("COMPLETED", 3)], path="/tasks/t1:subscribe", method="GET"),
     [("STREAM-FIRST-001", E)], "GET :subscribe opens with a statusUpdate, not the Task (STREAM-004)")
case("S10-v10-rest-stream-0x-kind-event", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, {"kind": "status-update", "taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}, "final": True}]),
     [("STREAM-SHAPE-001", E)], "a 0.x status-update (kind, final) on a 1.0 REST stream")

# ---------------------------------------------------------------- I: 1.0 supportedInterfaces and the calls that use them (CARD-005, CARD-008, §8.3)
JI = lambda url=A, v="1.0", **kw: {"url": url, "protocolBinding": "JSONRPC", "protocolVersion": v, **kw}
RI_ = lambda url=H + "/api", v="1.0", **kw: {"url": url, "protocolBinding": "HTTP+JSON", "protocolVersion": v, **kw}
GI = lambda url="https://agent.example.test:50051", **kw: {"url": url, "protocolBinding": "GRPC", "protocolVersion": "1.0", **kw}
CI = lambda *ifs, base=H, **kw: getcard(card10(ifaces=list(ifs), **kw), base=base)
SEND = lambda i=1, url=A, h=V10, tenant=None: [RPC(i, "SendMessage", {"message": msg10(mid="m%d" % i, contextId="c1"), **({"tenant": tenant} if tenant else {})}, h=h, url=url), resp(ok(i, {"task": tsk("COMPLETED", artifacts=ART, tid="t%d" % i)}))]
NF404 = lambda: resp(rst(404, "NOT_FOUND", None, "not found"), status=404, headers=RJR)
case("I01-legal-v10-card-both-bindings-each-used", lambda: CI(JI(), RI_()) + SEND() + rx("GET", "/api/tasks/t1", None, tsk("COMPLETED", artifacts=ART)),
     [], "control: JSON-RPC at /a2a, HTTP+JSON at /api, each used in its binding")
case("I02-legal-v10-card-grpc-first-jsonrpc-used", lambda: CI(GI(), JI()) + SEND(),
     [], "control: a gRPC interface first; the JSON-RPC client uses the first interface of its binding")
case("I03-v10-card-second-jsonrpc-used", lambda: CI(JI(H + "/a2a/v1"), JI(H + "/a2a/v2")) + SEND(url=H + "/a2a/v2"),
     [("BIND-USE-003", W)], "two JSON-RPC 1.0 interfaces; the client calls the second and never the first")
case("I04-legal-v10-card-second-jsonrpc-after-first-failed", lambda: CI(JI(H + "/a2a/v1"), JI("https://backup.example.test/a2a")) +
     [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, url=H + "/a2a/v1"), resp("upstream unavailable", status=503, headers={"content-type": "text/plain"})] + SEND(2, url="https://backup.example.test/a2a"),
     [], "control: the first interface failed (503), the client falls back to the second")
case("I05-legal-v10-card-0-3-first-1-0-second", lambda: CI(JI(H + "/a2a/v03", "0.3"), JI(H + "/a2a/v1")) + SEND(url=H + "/a2a/v1"),
     [], "control: the 1.0 client picks the first interface of its version")
case("I06-legal-v10-card-two-tenants-second-used", lambda: CI(RI_(H, tenant="a"), RI_(H, tenant="b")) + rx("POST", "/b/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: two tenants at one url; the client works in tenant b")
case("I07-v10-card-second-rest-used", lambda: CI(RI_(H + "/api"), RI_(H + "/rest")) + rx("POST", "/rest/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("BIND-USE-003", W)], "two HTTP+JSON 1.0 interfaces; the client calls routes under the second")
case("I08-v10-jsonrpc-to-rest-url-served", lambda: CI(RI_(H + "/api")) + SEND(url=H + "/api"),
     [("CARD-URL-010", W)], "JSON-RPC POSTed to the HTTP+JSON url and answered: the card mislabels it")
case("I09-v10-jsonrpc-to-rest-url-404", lambda: CI(RI_(H + "/api")) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, url=H + "/api"), NF404()],
     [("BIND-USE-001", W)], "JSON-RPC POSTed to the HTTP+JSON url, refused 404")
case("I10-v10-rest-route-under-jsonrpc-url-404", lambda: CI(JI()) + [rpost("/a2a/message:send", {"message": msg10(contextId="c1")}), NF404()],
     [("BIND-USE-001", W)], "an HTTP+JSON route below the JSON-RPC url, refused 404")
case("I12-v10-card-interface-url-relative", lambda: CI(JI("/a2a")),
     [("CARD-SHAPE-003", E)], "supportedInterfaces[0].url is relative (AgentInterface.url: an absolute URL)")
case("I15-legal-v10-card-jsonrpc-url-trailing-slash", lambda: CI(JI(H + "/a2a/")) + SEND(url=H + "/a2a/"),
     [], "control: the url ends with /, the client posts there")
case("I16-legal-v10-card-rest-url-trailing-slash", lambda: CI(RI_(H + "/api/")) + rx("POST", "/api/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: an HTTP+JSON base ending with /, routes joined without a double slash")
case("I17-v10-card-url-doubled-404", lambda: CI(JI(H + "/a2a/a2a")) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, url=H + "/a2a/a2a"), NF404()],
     [("CARD-URL-001", E), ("CARD-URL-002", E)], "the url repeats /a2a and answers 404 when used")
case("I18-legal-v10-card-url-repeated-segment-works", lambda: CI(JI(H + "/agents/agents")) + SEND(url=H + "/agents/agents"),
     [], "control: a url whose segments repeat but that answers the call: the agent's real path")
case("I19-v10-card-url-cluster-internal", lambda: CI(JI("https://a2a-svc.default.svc.cluster.local/a2a")),
     [("CARD-URL-003", E)], "a cluster-internal host on a card fetched from the public host")
case("I21-legal-v10-card-localhost-on-localhost", lambda: CI(JI("http://localhost:9999/a2a"), base="http://localhost:9999") + SEND(url="http://localhost:9999/a2a"),
     [], "control: a loopback url on a card fetched from that loopback host (local development)")
case("I22-legal-gw-v10-card-url-rewritten-public", lambda: getcard(card10(url="http://10.0.0.5:8080/a2a"), base="http://10.0.0.5:8080", leg="upstream") + getcard(card10(url=GW + "/a2a"), base=GW) + SEND(url=GW + "/a2a"),
     [], "control: the gateway rewrote the agent's internal url to its public one, and the client calls the gateway")
case("I23-gw-v10-card-internal-url-passed-on", lambda: getcard(card10(url="http://10.0.0.5:8080/a2a"), base="http://10.0.0.5:8080", leg="upstream") + getcard(card10(url="http://10.0.0.5:8080/a2a"), base=GW),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "the gateway passes the agent's internal plain-http url on to public clients")
case("I24-v10-card-protocol-version-patch", lambda: CI(JI(v="1.0.1")) + SEND(),
     [("CARD-SHAPE-005", W)], "protocolVersion 1.0.1 (CARD-007)")
case("I25-v10-card-interface-without-version", lambda: CI({"url": A, "protocolBinding": "JSONRPC"}),
     [("CARD-SHAPE-003", E)], "an interface without protocolVersion (REQUIRED)")
case("I27-v10-card-binding-json-rpc-hyphen", lambda: CI({"url": A, "protocolBinding": "JSON-RPC", "protocolVersion": "1.0"}),
     [("CARD-SHAPE-007", W)], "protocolBinding JSON-RPC (core name JSONRPC)")
case("I29-legal-v10-card-binding-uri-custom-scheme", lambda: CI(JI(), {"url": "slim://agents.example.test/demo", "protocolBinding": "https://slim.example.test/a2a-binding/v1", "protocolVersion": "1.0"}) + SEND(),
     [], "control: a custom binding named by a URI, its own url scheme")
case("I30-v10-card-interfaces-empty", lambda: getcard(card10(supportedInterfaces=[])),
     [("CARD-SHAPE-001", E)], "supportedInterfaces [] (REQUIRED, non-empty)")
case("I31-v10-card-url-is-card-document", lambda: CI(JI(H + "/.well-known/agent-card.json")),
     [("CARD-URL-004", E)], "the interface url is the card's own path")
case("I33-v10-jsonrpc-tenant-other-than-declared", lambda: CI(JI(tenant="acme")) + SEND(tenant="other"),
     [("CARD-URL-006", E)], "params.tenant other instead of the interface's acme (CARD-008)")
case("I34-legal-v10-jsonrpc-tenant-declared", lambda: CI(JI(tenant="acme")) + SEND(tenant="acme"),
     [], "control: params.tenant acme as declared")
case("I35-legal-v10-card-0x-client-refused", lambda: CI(JI()) + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(err(1, -32009, "Version 0.3 is not supported", einfo("VERSION_NOT_SUPPORTED")))],
     [("VER-CARD-002", N)], "control: a 0.3 client (no A2A-Version) refused by a 1.0-only agent with -32009 (VER-002; its note)")
case("I36-v10-card-plain-http-same-host", lambda: CI(JI("http://agent.example.test/a2a")),
     [("CARD-URL-008", W)], "the card fetched over https names its own host over http")
case("I37-legal-v10-card-same-host-other-port", lambda: CI(JI("https://agent.example.test:8443/a2a")) + SEND(url="https://agent.example.test:8443/a2a"),
     [], "control: the agent serves its API on another port of its host and no front is recorded (CARD-URL-009 is for a front clients go around)")
case("I38-legal-v10-card-interface-other-public-host", lambda: CI(JI("https://api.example.test/a2a")) + SEND(url="https://api.example.test/a2a"),
     [], "control: the interface on another public host")
case("I39-legal-v10-jsonrpc-url-without-trailing-slash", lambda: CI(JI(H + "/a2a/")) + SEND(url=A),
     [], "control: the card says /a2a/, the client posts /a2a and is served")
case("I40-v10-call-root-not-advertised-404", lambda: CI(JI()) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, url=H + "/"), NF404()],
     [("BIND-USE-002", W)], "JSON-RPC posted to / (the card names /a2a), refused 404")
case("I41-v10-jsonrpc-to-grpc-url-404", lambda: CI(GI(H + "/grpc"), JI()) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, url=H + "/grpc"), NF404()] + SEND(2),
     [("BIND-USE-001", W)], "JSON-RPC POSTed to the gRPC interface's url")
case("I42-legal-v10-card-three-bindings-rest-used", lambda: CI(GI(), JI(), RI_()) + rx("POST", "/api/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: an HTTP+JSON client uses the only HTTP+JSON interface, listed third")
case("I44-legal-v10-two-versions-one-url", lambda: CI(JI(A, "1.0"), JI(A, "0.3")) + SEND() + [R0(2, "message/send", {"message": msg03(mid="m2", contextId="c1")}), resp(ok(2, t03("completed", tid="t2", artifacts=ART03)))],
     [], "control: one url serving 1.0 and 0.3 (VER-004: per url and header)")

# ---------------------------------------------------------------- K: 0.3 url / preferredTransport / additionalInterfaces (CARD-006, 0.3 §5.6)
AI = lambda url, t: {"url": url, "transport": t}
K3 = lambda **kw: getcard(card03(**kw))
RS03 = lambda path="/rest/v1/message:send": [req(H + path, {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}], "contextId": "c1"}}, headers=J03),
                                            resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J)]
S03_ = lambda i=1, url=A: [R0(i, "message/send", {"message": msg03(mid="m%d" % i, contextId="c1")}, url=url), resp(ok(i, t03("completed", tid="t%d" % i, artifacts=ART03)))]
case("K01-legal-v03-additional-rest-used", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/rest", "HTTP+JSON")]) + RS03(),
     [], "control: the 0.3 client uses the HTTP+JSON additional interface")
case("K02-v03-url-two-transports", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(A, "GRPC")]),
     [("CARD-SHAPE-003", E)], "one url declared JSONRPC and GRPC (0.3 §5.6: no conflicting transports)")
case("K03-v03-jsonrpc-to-preferred-rest-url-served", lambda: K3(preferredTransport="HTTP+JSON") + S03_(),
     [("CARD-URL-010", W)], "url declared HTTP+JSON answers JSON-RPC")
case("K05-legal-v03-no-preferred-transport", lambda: getcard({k: v for k, v in card03().items() if k != "preferredTransport"}) + S03_(),
     [("CARD-SHAPE-008", N)], "control: preferredTransport absent (defaults to JSONRPC; a note)")
case("K07-legal-v03-additional-without-main-pair", lambda: K3(additionalInterfaces=[AI(H + "/rest", "HTTP+JSON")]) + S03_(),
     [], "control: additionalInterfaces without the main pair (SHOULD repeat it; the main url still serves)")
case("K12-v03-jsonrpc-to-additional-rest-404", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/rest", "HTTP+JSON")]) + [R0(1, "message/send", {"message": msg03(contextId="c1")}, url=H + "/rest"), NF404()] + S03_(2),
     [("BIND-USE-001", W)], "JSON-RPC posted to the HTTP+JSON additional url first")
case("K13-legal-v03-hybrid-card-1-0-interface-used", lambda: K3(supportedInterfaces=[JI(H + "/v1rpc")]) + SEND(url=H + "/v1rpc"),
     [], "control: a 0.3 card with supportedInterfaces; the 1.0 client uses the 1.0 interface")
case("K14-v03-url-doubled-404", lambda: K3(url=H + "/a2a/a2a") + [R0(1, "message/send", {"message": msg03(contextId="c1")}, url=H + "/a2a/a2a"), NF404()],
     [("CARD-URL-001", E), ("CARD-URL-002", E)], "the 0.3 url repeats /a2a and answers 404 when used")
case("K15-legal-v02-card-additional-interfaces", lambda: getcard(card02(protocolVersion="0.2.5", preferredTransport="JSONRPC", additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/rest", "HTTP+JSON")]), path="/.well-known/agent.json") + S03_(),
     [], "control: 0.2.5 card with preferredTransport and additionalInterfaces (0.2.4+)")
case("K17-legal-v03-additional-grpc-host-port", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI("agent.example.test:50051", "GRPC")]) + S03_(),
     [], "control: a gRPC additional interface as host:port")
case("K18-v03-rest-route-under-jsonrpc-url-404", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/rest", "HTTP+JSON")]) + [req(H + "/a2a/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03), resp("Not Found", status=404, headers={"content-type": "text/plain"})],
     [("BIND-USE-001", W)], "0.3 HTTP+JSON route under the JSON-RPC url, refused")
case("K19-legal-v03-url-trailing-slash-post", lambda: K3(url=H + "/a2a/") + S03_(url=H + "/a2a/"),
     [], "control: the 0.3 url ends with / and is posted to as written")
case("K20-v03-rest-preferred-url-internal-gateway", lambda: getcard(card03(url="http://agent-0.agents.svc.cluster.local:9000/", preferredTransport="HTTP+JSON"), base=GW),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "a card served through the gateway with the pod's url")

# ---------------------------------------------------------------- B: error codes and follow-up rules per call inside a JSON-RPC batch (round sixteen's leftover)
def batch(v, calls, answers):
    return [req(A, calls, headers=V10 if v == "v10" else J03), resp(answers)]


GETP = lambda **kw: {"id": "t1", **kw}
case("B01-v10-batch-cancel-completed-unsupported-operation", lambda: DONE() + batch("v10", [rpc(2, "CancelTask", GETP())], [err(2, -32004, "not supported", einfo("UNSUPPORTED_OPERATION"))]),
     [("RPC-ERROR-001", E)], "in a batch: cancel of a completed task answered -32004 (TASK-003: TaskNotCancelableError -32002)")
case("B02-v03-batch-cancel-completed-task-not-found", lambda: DONE03() + batch("v03", [rpc(2, "tasks/cancel", GETP())], [err(2, -32001, "Task not found")]),
     [("RPC-ERROR-006", W)], "in a batch: cancel of t1, which the agent answered completed, answered -32001 (TASK-003: -32002 TaskNotCancelableError; mine59 reads it as the wrong code, not a lost task, ID-TASK-001 before)")
case("B03-v10-batch-send-to-completed-not-cancelable", lambda: DONE() + batch("v10", [rpc(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")})], [err(2, -32002, "Task not cancelable", einfo("TASK_NOT_CANCELABLE"))]),
     [("RPC-ERROR-001", E)], "in a batch: a message to a completed task refused -32002 (TASK-002: -32004)")
case("B04-v10-batch-send-to-completed-accepted", lambda: DONE() + batch("v10", [rpc(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")})], [ok(2, {"task": tsk("COMPLETED", 2, artifacts=ART)})]),
     [("TASK-STATE-002", E)], "in a batch: a message to a completed task answered with the task")
case("B07-v10-batch-send-without-task-not-found", lambda: C10() + batch("v10", [rpc(1, "SendMessage", {"message": msg10(contextId="c1")})], [err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND"))]),
     [("ID-TASK-005", E)], "in a batch: a message naming no task answered TaskNotFoundError")
case("B08-v10-batch-get-history-exceeded", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(3))) + batch("v10", [rpc(2, "GetTask", GETP(historyLength=1))], [ok(2, tsk("COMPLETED", artifacts=ART, history=hist(3)))]),
     [("DATA-HISTORY-001", E)], "in a batch: GetTask historyLength 1 answered with three")
case("B10-v10-batch-push-create-not-declared", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": False})) + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": RI}) +
     batch("v10", [rpc(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK})], [ok(2, {"id": "cfg-1", "taskId": "t1", "url": HOOK})]),
     [("CAP-PUSH-001", E)], "in a batch: a push config accepted by a card without push")
case("B12-v10-batch-get-working-task-not-found", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": RI}) + batch("v10", [rpc(2, "GetTask", GETP())], [err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))]),
     [("ID-TASK-001", E)], "in a batch: GetTask of a working task handed out just before answered -32001")
case("B14-v03-batch-send-to-completed-accepted", lambda: DONE03() + batch("v03", [rpc(2, "message/send", {"message": msg03("again", mid="m2", taskId="t1", contextId="c1")})], [ok(2, t03("completed", 2, artifacts=ART03))]),
     [("TASK-STATE-002", E)], "0.3 batch: a message to a completed task answered with the task")
case("B16-v10-batch-two-calls-second-wrong-code", lambda: DONE() + batch("v10", [rpc(2, "GetTask", GETP()), rpc(3, "CancelTask", GETP())],
     [ok(2, tsk("COMPLETED", artifacts=ART)), err(3, -32603, "cannot cancel", einfo("TASK_NOT_CANCELABLE"))]),
     [("RPC-ERROR-001", E)], "in a batch of two: the cancel answered -32603 with reason TASK_NOT_CANCELABLE (-32002)")
case("B17-v10-batch-reason-against-code", lambda: C10() + batch("v10", [rpc(1, "GetTask", {"id": "t9"})], [err(1, -32001, "Task not found", einfo("TASK_NOT_CANCELABLE"))]),
     [("RPC-ERROR-001", E)], "in a batch: -32001 with ErrorInfo reason TASK_NOT_CANCELABLE")
# controls
case("B21-legal-v10-batch-cancel-completed-not-cancelable", lambda: DONE() + batch("v10", [rpc(2, "CancelTask", GETP())], [err(2, -32002, "Task not cancelable", einfo("TASK_NOT_CANCELABLE"))]),
     [], "control: -32002 with its ErrorInfo in a batch")
case("B22-legal-v10-batch-send-to-completed-refused", lambda: DONE() + batch("v10", [rpc(2, "SendMessage", {"message": msg10("again", mid="m2", taskId="t1", contextId="c1")})], [err(2, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION"))]),
     [], "control: -32004 to a message to a completed task in a batch")
case("B23-legal-v10-batch-get-history-one", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(3))) + batch("v10", [rpc(2, "GetTask", GETP(historyLength=1))], [ok(2, tsk("COMPLETED", artifacts=ART, history=hist(3)[2:]))]),
     [], "control: historyLength 1 in a batch, newest kept")
case("B24-legal-v10-batch-list-one-of-two", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + send(tsk("COMPLETED", 2, tid="t2", artifacts=ART), i=2, p={"message": msg10("two", mid="m2", contextId="c1")}) +
     batch("v10", [rpc(3, "ListTasks", {"pageSize": 1})], [ok(3, LIST([tsk("COMPLETED", 2, tid="t2")], nxt="p2", ps=1, total=2))]),
     [], "control: ListTasks pageSize 1 in a batch")
case("B25-legal-v10-batch-push-not-supported", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": False})) + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": RI}) +
     batch("v10", [rpc(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK})], [err(2, -32003, "Push notifications are not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED"))]),
     [], "control: -32003 in a batch")
case("B26-legal-v03-batch-cancel-completed-refused", lambda: DONE03() + batch("v03", [rpc(2, "tasks/cancel", GETP())], [err(2, -32002, "Task cannot be canceled")]),
     [], "control: 0.3 -32002 in a batch")
case("B27-legal-v10-batch-get-unknown", lambda: C10() + batch("v10", [rpc(1, "GetTask", {"id": "t9"})], [err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND"))]),
     [], "control: -32001 for a task never handed out")
case("B28-legal-v10-batch-get-and-cancel-working", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": RI}) +
     batch("v10", [rpc(2, "GetTask", GETP()), rpc(3, "CancelTask", GETP())], [ok(2, tsk("WORKING")), ok(3, tsk("CANCELED", 2))]),
     [], "control: get and cancel of a working task in one batch")
case("B29-legal-v10-batch-subscribe-completed-refused", lambda: DONE() + batch("v10", [rpc(2, "SubscribeToTask", GETP())], [err(2, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION"))]),
     [], "control: SubscribeToTask of a completed task refused -32004 in a batch")

# ---------------------------------------------------------------- Z: 0.1 tasks/sendSubscribe events (round sixteen's leftover: kind for type)
SS01 = lambda events, p=None: C01() + [R01(1, "tasks/sendSubscribe", p or SP01)] + sse([ev(e, 1) for e in events])
KIND = lambda text="out": [{"kind": "text", "text": text}]
case("Z01-v01-stream-artifact-part-kind", lambda: SS01([st01(), art01(parts=KIND()), st01(state="completed", final=True, n=2)]),
     [("STREAM-SHAPE-001", E)], "0.1 artifact event part with kind instead of type")
case("Z02-v01-stream-status-message-part-kind", lambda: SS01([st01(state="input-required", final=True, status={"state": "input-required", "message": {"role": "agent", "parts": KIND("Which city?")}, "timestamp": "2026-12-02T10:00:01"})]),
     [("STREAM-SHAPE-001", E)], "0.1 status event message part with kind")
case("Z03-legal-v01-stream-type-parts", lambda: SS01([st01(), art01(), st01(state="completed", final=True, n=2)]),
     [], "control: 0.1 parts with type")
case("Z04-legal-v01-stream-type-and-kind", lambda: SS01([st01(), art01(parts=[{"type": "text", "kind": "text", "text": "out"}]), st01(state="completed", final=True, n=2)]),
     [], "control: type beside a stray kind")
case("Z05-legal-v01-stream-file-part", lambda: SS01([st01(), art01(parts=[{"type": "file", "file": {"uri": "https://files.example.test/a.pdf", "mimeType": "application/pdf"}}]), st01(state="completed", final=True, n=2)]),
     [], "control: a 0.1 file part by uri")
case("Z06-v01-stream-status-role-1-0", lambda: SS01([st01(state="input-required", final=True, status={"state": "input-required", "message": {"role": "ROLE_AGENT", "parts": [{"type": "text", "text": "Which city?"}]}, "timestamp": "2026-12-02T10:00:01"})]),
     [("STREAM-SHAPE-001", E)], "0.1 status message role ROLE_AGENT")
case("Z07-v01-stream-data-part-kind", lambda: SS01([st01(), art01(parts=[{"kind": "data", "data": {"ok": True}}]), st01(state="completed", final=True, n=2)]),
     [("STREAM-SHAPE-001", E)], "0.1 data part with kind")
case("Z08-v01-client-stream-part-kind", lambda: SS01([st01(), st01(state="completed", final=True, n=2)], p={"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": KIND("hi")}}),
     [("DATA-SHAPE-002", E)], "0.1 tasks/sendSubscribe whose message part has kind")
case("Z09-legal-v01-stream-status-message-type", lambda: SS01([st01(state="input-required", final=True, status={"state": "input-required", "message": {"role": "agent", "parts": [{"type": "text", "text": "Which city?"}]}, "timestamp": "2026-12-02T10:00:01"})]),
     [], "control: 0.1 input-required question with type")
# ---------------------------------------------------------------- L: legal controls of round one's areas, written from the spec after main's run
case("L01-legal-v10-rest-list-no-params-empty", lambda: R10() + rx("GET", "/tasks", None, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}),
     [], "control: ListTasks with no parameters and no tasks")
case("L02-legal-v10-rest-list-defaults-omitted", lambda: R10() + rx("GET", "/tasks", None, {"pageSize": 50}),
     [], "control: ProtoJSON drops the empty list, \"\" and 0 (trap 12)")
case("L03-legal-v10-rest-get-history-length-above-history", lambda: R10() + rdone(hist_k=2) + rx("GET", "/tasks/t1?historyLength=10", None, tsk("COMPLETED", artifacts=ART, history=hist(2))),
     [], "control: historyLength 10 for a task of two messages")
case("L04-legal-v10-rest-push-create-client-id", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"id": "mine", "url": HOOK, "token": "tok-1"}, {**CFG("mine")}),
     [], "control: the client proposes the config id and gets it")
case("L05-legal-v10-rest-push-list-empty", lambda: R10() + rwork() + rx("GET", "/tasks/t1/pushNotificationConfigs", None, {"configs": [], "nextPageToken": ""}),
     [], "control: a task without configs lists none")
case("L06-legal-v10-rest-send-inline-push-config", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}, {"task": tsk("WORKING")}),
     [], "control: an inline push config without taskId (PUSH-002)")
case("L07-legal-v10-rest-send-accepted-output-modes", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": {"acceptedOutputModes": ["text/plain"]}}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: acceptedOutputModes text/plain answered with text")
case("L08-legal-v10-rest-send-message-reply", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"message": amsg10("hello", contextId="c1")}),
     [], "control: a direct Message reply, no task")
case("L09-legal-v10-rest-stream-message-reply", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"message": amsg10("hello", contextId="c1")}]),
     [], "control: message:stream answered with one message event, then closed (STREAM-002)")
case("L10-legal-v10-rest-tenant-in-path-and-body", lambda: RT() + rx("POST", "/acme/message:send", {"message": msg10(contextId="c1"), "tenant": "acme"}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: the tenant in the path and in the body, the same")
case("L11-legal-v10-card-0-3-client-uses-0-3-url", lambda: CI(JI(H + "/a2a/v1"), JI(H + "/a2a/v03", "0.3")) + S03_(url=H + "/a2a/v03"),
     [], "control: a 0.3 client (no A2A-Version) uses the card's 0.3 JSON-RPC interface")
case("L12-legal-v10-rest-base-ending-in-v1", lambda: CI(RI_(H + "/a2a/rest/v1")) + rx("POST", "/a2a/rest/v1/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: a 1.0 HTTP+JSON base that ends in /v1")
case("L13-legal-v10-rest-extension-activated-echoed", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": REQX}]})) +
     [rpost("/message:send", {"message": msg10(contextId="c1")}, h={**RJ, "a2a-extensions": REQX}), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers={**RJR, "a2a-extensions": REQX})],
     [], "control: A2A-Extensions on an HTTP+JSON send, echoed (EXT-001, EXT-004)")
case("L14-legal-v10-rest-accept-json-answered-a2a-json", lambda: R10() + rwork() + rx("GET", "/tasks/t1", None, tsk("WORKING"), h={"accept": "application/json", "a2a-version": "1.0"}),
     [], "control: Accept application/json, answered application/a2a+json (both JSON)")
case("L15-legal-v10-rest-page-token-percent-encoded", lambda: R10() + rwork() + rwork(tid="t2", ctx="c2", mid="m2") +
     rx("GET", "/tasks?pageSize=1", None, LIST([tsk("WORKING", tid="t2", ctx="c2")], nxt="cGFnZTI=", ps=1, total=2)) +
     rx("GET", "/tasks?pageSize=1&pageToken=cGFnZTI%3D", None, LIST([tsk("WORKING")], ps=1, total=2)),
     [], "control: the page token's = percent-encoded in the query")
case("L16-legal-v10-rest-task-id-with-space", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("WORKING", tid="t 1")}) + rx("GET", "/tasks/t%201", None, tsk("WORKING", tid="t 1")),
     [], "control: a task id with a space, percent-encoded in the path")
case("L17-legal-v10-rest-tenant-cancel-then-get", lambda: RT() + rwork("/acme") + rx("POST", "/acme/tasks/t1:cancel", {}, tsk("CANCELED", 2)) + rx("GET", "/acme/tasks/t1", None, tsk("CANCELED", 2)),
     [], "control: cancel then read back canceled under the tenant")
case("L18-legal-v03-rest-additional-interface-get", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/rest", "HTTP+JSON")]) + RS03() +
     [req(H + "/rest/v1/tasks/t1", method="GET", headers={"accept": "application/json"}), resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}, headers=J)],
     [], "control: a 0.3 HTTP+JSON send and get on the additional interface")
case("L19-legal-v10-rest-stream-crlf", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [rest_ev({"task": tsk("WORKING")}, "\r\n"), rest_ev(stu("COMPLETED", 3), "\r\n")]),
     [], "control: CRLF line endings on an HTTP+JSON stream")
case("L20-legal-v10-card-rest-1-0-and-0-3-one-url", lambda: CI(RI_(H + "/api"), RI_(H + "/api", "0.3")) + rx("POST", "/api/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: one HTTP+JSON url offering 1.0 and 0.3; the 1.0 client sends A2A-Version 1.0 (VER-004)")
case("L21-legal-v10-rest-get-push-config-tenant", lambda: RT() + rwork("/acme") + rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK, "token": "tok-1"}, CFG()) + rx("GET", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, CFG()),
     [], "control: create then get a config under the tenant")
case("L22-legal-v10-rest-subscribe-input-required", lambda: R10() + rx("POST", "/message:send", {"message": msg10("book a flight", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK())}) +
     rstream(None, [{"task": tsk("INPUT_REQUIRED", msg=ASK())}], path="/tasks/t1:subscribe", method="GET", close="timeout"),
     [], "control: GET :subscribe to an input-required task, open until the capture stopped (STREAM-007, trap 4)")
case("L23-legal-v10-rest-get-artifacts-after-stream", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, art10(text="a"), art10(text="b", append=True, last=True), stu("COMPLETED", 3)]) +
     rx("GET", "/tasks/t1", None, tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "a"}, {"text": "b"}]}])),
     [], "control: GetTask after a stream shows the appended artifact whole")
case("L24-legal-v10-jsonrpc-two-tenants-one-url", lambda: CI(JI(tenant="a"), JI(tenant="b")) + SEND(tenant="b"),
     [], "control: one JSON-RPC url, two tenants; the client works in tenant b (params.tenant)")
case("L25-legal-v03-card-url-repeated-in-additional", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI("agent.example.test:50051", "GRPC"), AI(H + "/rest", "HTTP+JSON")]) + S03_() + RS03(),
     [], "control: the 0.3 client uses the main JSON-RPC url and the HTTP+JSON one")
case("L26-legal-v10-batch-two-calls-right", lambda: DONE() + batch("v10", [rpc(2, "GetTask", GETP(historyLength=0)), rpc(3, "ListTasks", {"contextId": "c1"})],
     [ok(2, tsk("COMPLETED", artifacts=ART)), ok(3, LIST([tsk("COMPLETED")]))]),
     [], "control: GetTask and ListTasks in one batch, both right")

# ---------------------------------------------------------------- round two (after the verifier's code was read): 2+ variants and a control per kind fixed
# batch elements judged as their calls (B01-B04, B07, B10, B12, B14, B16, B17)
SECB = lambda: getcard(card10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]))
case("M01-v03-batch-second-send-to-canceled-accepted", lambda: DONE03("canceled") + batch("v03", [rpc(2, "tasks/get", GETP()), rpc(3, "message/send", {"message": msg03("again", mid="m3", taskId="t1", contextId="c1")})],
     [ok(2, t03("canceled", artifacts=ART03)), ok(3, t03("canceled", 2, artifacts=ART03))]),
     [("TASK-STATE-002", E)], "0.3 batch: its second call, a message to a canceled task, accepted")
case("M02-v10-batch-second-cancel-reason-wrong", lambda: DONE() + batch("v10", [rpc(2, "GetTask", GETP()), rpc(3, "CancelTask", GETP())],
     [ok(2, tsk("COMPLETED", artifacts=ART)), err(3, -32002, "Task not cancelable", einfo("UNSUPPORTED_OPERATION"))]),
     [("RPC-ERROR-001", E)], "in a batch: -32002 for the cancel with ErrorInfo reason UNSUPPORTED_OPERATION")
case("M03-v02-batch-send-unknown-context-task-not-found", lambda: C02() + batch("v02", [rpc(1, "message/send", {"message": msg03(contextId="c1")})], [err(1, -32001, "Task not found")]),
     [("ID-TASK-009", W)], "0.2 batch: a message naming no task answered TaskNotFoundError")
case("M04-legal-v10-batch-bearer-secured-card", lambda: SECB() + [req(A, [rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), rpc(2, "GetTask", {"id": "t9"})], headers={**V10, "authorization": BEARER}),
     resp([ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))])],
     [], "control: a batch with the card's bearer credential: its calls are authenticated (no AUTH-OPEN-001)")
case("M05-legal-v10-batch-stream-call-refused", lambda: DONE() + batch("v10", [rpc(2, "SubscribeToTask", GETP()), rpc(3, "GetTask", GETP())],
     [err(2, -32600, "Streaming methods cannot be batched"), ok(3, tsk("COMPLETED", artifacts=ART))]),
     [], "control: a streaming call refused inside a batch (it has no place there)")
case("M06-legal-v03-batch-errors-right", lambda: DONE03() + batch("v03", [rpc(2, "tasks/cancel", GETP()), rpc(3, "tasks/get", {"id": "t9"}), rpc(4, "message/send", {"message": msg03("again", mid="m4", taskId="t1", contextId="c1")})],
     [err(2, -32002, "Task cannot be canceled"), err(3, -32001, "Task not found"), err(4, -32004, "Task is in a terminal state")]),
     [], "control: three 0.3 refusals, each with its code")
# 0.1 stream events with kind (Z01, Z02, Z07)
case("M07-v01-stream-working-message-part-kind", lambda: SS01([st01(status={"state": "working", "message": {"role": "agent", "parts": KIND("thinking")}, "timestamp": "2026-12-02T10:00:01"}), st01(state="completed", final=True, n=2)]),
     [("STREAM-SHAPE-001", E)], "0.1 working status event's message part with kind")
case("M08-v01-stream-second-part-kind", lambda: SS01([st01(), art01(parts=[{"type": "text", "text": "a"}, {"kind": "text", "text": "b"}]), st01(state="completed", final=True, n=2)]),
     [("STREAM-SHAPE-001", E)], "0.1 artifact event whose second part has kind")
case("M09-legal-v01-stream-metadata-kind-key", lambda: SS01([st01(), art01(parts=[{"type": "data", "data": {"kind": "invoice"}, "metadata": {"kind": "x"}}]), st01(state="completed", final=True, n=2)]),
     [], "control: a data part whose data and metadata have a key named kind")
# REST verbs of the push config paths (R09, R10)
case("M10-v10-rest-tenant-push-list-delete-refused", lambda: RT() + rwork("/acme") + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs", None, rst(405, "UNIMPLEMENTED", None, "method not allowed"), status=405),
     [("REST-VERB-001", E)], "DELETE on the list path refused 405")
case("M11-v10-rest-tenant-push-config-posted-served", lambda: RT() + rwork("/acme") + rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     rx("POST", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", {"url": HOOK + "2"}, {"id": "cfg-1", "taskId": "t1", "url": HOOK + "2"}),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "POST on one config's path (a write) served")
case("M12-legal-v10-rest-delete-one-then-list", lambda: R10() + rwork() + rx("POST", "/tasks/t1/pushNotificationConfigs", {"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     rx("DELETE", "/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) + rx("GET", "/tasks/t1/pushNotificationConfigs", None, {"configs": [], "nextPageToken": ""}),
     [], "control: delete one config on its path, the list is empty")
# extendedAgentCard in other letter case (R22)
case("M13-v10-rest-tenant-extended-card-capital-served", lambda: getcard(XCARD(ifaces=TI)) + rx("GET", "/acme/ExtendedAgentCard", None, XCARD(ifaces=TI, description="Demo agent (full)"), h=RJB),
     [("REST-ROUTE-001", N), ("REST-ROUTE-002", W)], "GET /acme/ExtendedAgentCard served")
case("M14-v10-rest-extended-card-lower-case-404", lambda: getcard(XCARD()) + rx("GET", "/extendedagentcard", None, rst(404, "NOT_FOUND", None, "no route"), status=404, h=RJB),
     [("REST-ROUTE-001", N)], "GET /extendedagentcard refused 404: the client's note alone")
case("M15-legal-v10-rest-extended-card-tenant-upper-case", lambda: getcard(XCARD(ifaces=[{**TI[0], "tenant": "ACME"}])) + rx("GET", "/ACME/extendedAgentCard", None, XCARD(ifaces=[{**TI[0], "tenant": "ACME"}], description="Demo agent (full)"), h=RJB),
     [], "control: the tenant segment in capitals, the route as spelled")
# JSON-RPC at a gRPC interface's url (I41)
case("M16-v03-jsonrpc-to-additional-grpc-url-405", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI(H + "/grpc", "GRPC")]) + [R0(1, "message/send", {"message": msg03(contextId="c1")}, url=H + "/grpc"), resp("", status=405, headers={})] + S03_(2),
     [("BIND-USE-001", W)], "0.3: JSON-RPC posted to the gRPC additional interface's url, 405")
case("M17-v10-jsonrpc-to-grpc-url-served", lambda: CI(GI(H + "/grpc"), JI()) + SEND(url=H + "/grpc"),
     [("BIND-USE-001", W)], "JSON-RPC posted to the gRPC url and answered: the card offers only gRPC there")
case("M18-legal-v10-rest-below-grpc-root-declared-elsewhere", lambda: CI(GI(H), RI_()) + rx("POST", "/api/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: gRPC at the root, HTTP+JSON at /api; routes below /api")
# custom bindings' own url schemes (I29)
case("M19-legal-v10-card-custom-binding-nats-no-port", lambda: CI(JI(), {"url": "nats://bus.example.test/agents/demo", "protocolBinding": "urn:example:a2a:binding:nats", "protocolVersion": "1.0"}) + SEND(),
     [], "control: a URN-named custom binding at nats:// without a port")
case("M20-legal-v03-custom-transport-slim-no-port", lambda: K3(additionalInterfaces=[AI(A, "JSONRPC"), AI("slim://slim.example.test/agents/helper", "https://agntcy.example.test/a2a/transports/slimrpc")]) + S03_(),
     [], "control: 0.3 additional interface of a URI-named transport at slim:// without a port")
case("M21-v10-card-custom-binding-relative-url", lambda: CI(JI(), {"url": "/slim/agents/demo", "protocolBinding": "https://slim.example.test/a2a-binding/v1", "protocolVersion": "1.0"}),
     [("CARD-SHAPE-003", E)], "a custom binding's url that is a relative path")
case("M22-v10-card-jsonrpc-nats-url", lambda: CI({"url": "nats://bus.example.test/agents/demo", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}),
     [("CARD-SHAPE-003", E)], "JSONRPC at a nats:// url: a core binding runs over HTTP")

write_cases(C, OUT)
