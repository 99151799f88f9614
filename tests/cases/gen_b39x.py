"""Writes the b39x blind-adversary transcripts (breaker39, round nineteen), mostly where
earlier rounds were thin: the 0.3 HTTP+JSON binding (`/v1` routes, the 0.3 proto's ProtoJSON:
`content`, TASK_STATE_CANCELLED, `final`, `/v1/card`), 1.0 HTTP+JSON push notification config
CRUD under a tenant and its deliveries, cancel in every binding and state (idempotent cancel,
interrupted tasks, unknown ids), historyLength on sends and HTTP+JSON GetTask / ListTasks,
gRPC-ish names inside JSON (service paths as JSON-RPC methods, proto field names, enum
numbers), error data shapes (BadRequest, RetryInfo, LocalizedMessage beside ErrorInfo; 0.x
free-form data), legal SSE framing on HTTP+JSON, 0.3 and 0.2 streams, several artifacts on
those streams, SubscribeToTask over HTTP+JSON with tenants, A2A-Version as header and query
parameter with 0.3 and 1.0 on one host, the extended card and A2A-Extensions over HTTP+JSON,
and contextId-only follow-ups. Faulty ones carry the finding the verifier must report;
`-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b39x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker39 (blind adversary, round nineteen)"
from blind_helpers import *  # noqa: F401,F403
from blind_helpers import _t

C = {}
case = case_maker(C, "b39x-", SRC)

HOOK = "https://hooks.example.test/a2a/cb"
RI = {"returnImmediately": True}
EXT = "https://ext.example.test/geo/v1"
RS = {**RJ, "accept": "text/event-stream"}
js = json.dumps


def wait(s):
    """moves the transcript clock on by `s` seconds (no line)."""
    _t[0] += s
    return []


def rx(method, path, body=None, res=None, status=200, h=RJ, rh=None):
    """one 1.0 HTTP+JSON call (GET/DELETE without body) and its JSON answer."""
    r = rget(path, h=h) if body is None and method in ("GET", "DELETE") else rpost(path, body if body is not None else {}, h=h)
    r["method"] = method
    return [r, resp(res if res is not None else "", status=status, headers=rh or RJR)]


def call(i, method, params, result, h=V10, url=A):
    return [RPC(i, method, params, h=h, url=url), resp(ok(i, result))]


def fail(i, method, params, code, m, reason=None, h=V10, data=None):
    return [RPC(i, method, params, h=h), resp(err(i, code, m, einfo(reason) if reason else data))]


def work(i=1, tid="t1", ctx="c1", n=1):
    return [RPC(i, "SendMessage", {"message": msg10(mid="m%d" % i, contextId=ctx), "configuration": RI}), resp(ok(i, {"task": tsk("WORKING", n, tid=tid, ctx=ctx)}))]


# ---------------------------------------------------------------- Q: the 0.3 HTTP+JSON binding (REST-003, 0.3:grpc ProtoJSON, trap 5)
C3R = lambda **kw: getcard(card03(url=H, preferredTransport="HTTP+JSON", **kw))
PM = lambda text="hi", mid="m1", **kw: {"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}], **kw}
AMR = lambda text="done", mid="a1", **kw: {"messageId": mid, "role": "ROLE_AGENT", "content": [{"text": text}], "contextId": "c1", **kw}
PT = lambda state="COMPLETED", n=1, tid="t1", ctx="c1", **kw: {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": TS % n}, **kw}
PART = [{"artifactId": "a1", "parts": [{"text": "result"}]}]
PSU = lambda state="WORKING", n=2, final=False, tid="t1": {"statusUpdate": {"taskId": tid, "contextId": "c1", "status": {"state": "TASK_STATE_" + state, "timestamp": TS % n}, "final": final}}
PAU = lambda aid="a1", text="x", append=False, last=False: {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": aid, "parts": [{"text": text}]}, "append": append, "lastChunk": last}}


def q(method, path, body=None, res=None, status=200):
    r = req(H + path, "" if body is None else body, method=method, headers=J03 if body is not None else {"accept": "application/json"})
    return [r, resp(res if res is not None else "", status=status, headers=J03)]


def qstream(path, body, events, close="eof", method="POST"):
    r = req(H + path, "" if body is None else body, method=method, headers={**J03, "accept": "text/event-stream"})
    return [r] + sse([e if isinstance(e, str) else rest_ev(e) for e in events], close=close)


QSEND = lambda state="COMPLETED", **kw: q("POST", "/v1/message:send", {"message": PM(contextId="c1")}, {"task": PT(state, **kw)})
case("Q01-legal-v03-rest-send-get", lambda: C3R() + QSEND(artifacts=PART) + q("GET", "/v1/tasks/t1", None, PT("COMPLETED", artifacts=PART)),
     [], "control: 0.3 HTTP+JSON send and get in the 0.3 proto's ProtoJSON (content, TASK_STATE_*)")
case("Q02-legal-v03-rest-cancel-cancelled-double-l", lambda: C3R() + QSEND("WORKING") + q("POST", "/v1/tasks/t1:cancel", {}, PT("CANCELLED", 2)),
     [], "control: 0.3 REST cancel answered TASK_STATE_CANCELLED (the 0.3 proto's double L, trap 5)")
case("Q03-legal-v03-rest-stream-final", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, [{"task": PT("WORKING")}, PAU(last=True), PSU("COMPLETED", 3, final=True)]),
     [], "control: 0.3 REST stream: task, artifactUpdate, statusUpdate with final true")
case("Q04-legal-v03-rest-card-route", lambda: C3R() + q("GET", "/v1/card", None, card03(url=H, preferredTransport="HTTP+JSON")),
     [], "control: GET /v1/card (0.3 GetAgentCard) answers the card")
case("Q05-legal-v03-rest-message-reply", lambda: C3R() + q("POST", "/v1/message:send", {"message": PM(contextId="c1")}, {"message": AMR("hello")}),
     [], "control: a Message reply in the 0.3 proto form ({\"message\": ...}, json_name of msg)")
case("Q06-legal-v03-rest-subscribe-working", lambda: C3R() + QSEND("WORKING") + qstream("/v1/tasks/t1:subscribe", None, [{"task": PT("WORKING", 2)}, PSU("COMPLETED", 3, final=True)], method="GET"),
     [], "control: GET /v1/tasks/t1:subscribe on a working task")
case("Q07-legal-v03-rest-subscribe-completed-task-returned", lambda: C3R() + QSEND(artifacts=PART) + qstream("/v1/tasks/t1:subscribe", None, [{"task": PT("COMPLETED", artifacts=PART)}], method="GET"),
     [], "control: 0.3 subscribe to a finished task returns the Task and closes (trap 6: 0.3:grpc allows it)")
case("Q08-legal-v03-rest-get-history-length", lambda: C3R() + QSEND(history=[PM("a", "h0", taskId="t1", contextId="c1"), AMR("b", "h1", taskId="t1")]) +
     q("GET", "/v1/tasks/t1?historyLength=1", None, PT("COMPLETED", history=[AMR("b", "h1", taskId="t1")])),
     [], "control: 0.3 REST get with historyLength=1 trimmed to the newest")
case("Q09-legal-v03-rest-push-create-get", lambda: C3R() + QSEND("WORKING") +
     q("POST", "/v1/tasks/t1/pushNotificationConfigs", {"name": "tasks/t1/pushNotificationConfigs/cfg-1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}},
       {"name": "tasks/t1/pushNotificationConfigs/cfg-1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}) +
     q("GET", "/v1/tasks/t1/pushNotificationConfigs/cfg-1", None, {"name": "tasks/t1/pushNotificationConfigs/cfg-1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}),
     [], "control: 0.3 REST push config create and get (resource name form). First written with the whole CreateTaskPushNotificationConfigRequest as the body, which the verifier failed (PUSH-CFG-007): rightly, the 0.3 proto maps body: \"config\", so the body is the TaskPushNotificationConfig: my misreading")
case("Q10-legal-v03-rest-file-with-uri", lambda: C3R() + q("POST", "/v1/message:send", {"message": PM(contextId="c1")},
                                                          {"task": PT(artifacts=[{"artifactId": "a1", "parts": [{"file": {"fileWithUri": "https://files.example.test/r.pdf", "mimeType": "application/pdf"}}]}])}),
     [], "control: a 0.3 proto file part (fileWithUri, mimeType)")
case("Q11-legal-v03-rest-blocking-false-working", lambda: C3R() + q("POST", "/v1/message:send", {"message": PM(contextId="c1"), "configuration": {"blocking": False}}, {"task": PT("SUBMITTED")}),
     [], "control: blocking false answered SUBMITTED")
case("Q12-legal-v03-rest-data-part", lambda: C3R() + q("POST", "/v1/message:send", {"message": {**PM(contextId="c1"), "content": [{"data": {"data": {"city": "Paris"}}}]}}, {"task": PT(artifacts=PART)}),
     [], "control: a 0.3 proto DataPart ({data: {data: Struct}})")
case("Q13-v03-rest-send-to-completed-accepted", lambda: C3R() + QSEND(artifacts=PART) + q("POST", "/v1/message:send", {"message": PM("more", "m2", taskId="t1", contextId="c1")}, {"task": PT("WORKING", 2)}),
     [("TASK-STATE-002", E), ("TASK-STATE-001", E)], "0.3 REST follow-up to a completed task accepted, the task back at WORKING. Predicted TASK-STATE-001 alone; the message accepted (TASK-STATE-002) is a second fault beside the state leaving terminal, as b38x-I21 established: my misreading")
case("Q14-v03-rest-cancel-completed-success", lambda: C3R() + QSEND(artifacts=PART) + q("POST", "/v1/tasks/t1:cancel", {}, PT("CANCELLED", 2)),
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.3 REST cancel of a completed task answered with a cancelled Task (both findings, as b22x-L04)")
case("Q15-v03-rest-stream-jsonrpc-envelope", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, ["data: " + js(ok(1, {"task": PT("WORKING")})) + "\n\n", "data: " + js(ok(1, PSU("COMPLETED", 3, final=True))) + "\n\n"]),
     [("STREAM-SHAPE-002", E)], "0.3 REST stream whose events are JSON-RPC responses")
case("Q16-v03-rest-stream-final-on-working", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, [{"task": PT("WORKING")}, PSU("WORKING", 2, final=True), PSU("COMPLETED", 3, final=True)]),
     [("STREAM-FINAL-001", E)], "0.3 REST statusUpdate WORKING with final true")
case("Q17-v03-rest-get-history-not-trimmed", lambda: C3R() + QSEND(history=[PM("a", "h0", taskId="t1", contextId="c1"), AMR("b", "h1", taskId="t1"), PM("c", "h2", taskId="t1", contextId="c1")]) +
     q("GET", "/v1/tasks/t1?historyLength=1", None, PT("COMPLETED", history=[PM("a", "h0", taskId="t1", contextId="c1"), AMR("b", "h1", taskId="t1"), PM("c", "h2", taskId="t1", contextId="c1")])),
     [("DATA-HISTORY-002", W)], "0.3 REST historyLength=1 answered with three")
case("Q18-v03-rest-state-lowercase", lambda: C3R() + q("POST", "/v1/message:send", {"message": PM(contextId="c1")}, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "completed"}}}),
     [("TASK-STATE-005", E)], "0.3 REST (ProtoJSON) answer with the JSON-RPC state spelling 'completed'")
case("Q19-v03-rest-subscribe-first-status", lambda: C3R() + QSEND("WORKING") + qstream("/v1/tasks/t1:subscribe", None, [PSU("WORKING", 2), PSU("COMPLETED", 3, final=True)], method="GET"),
     [], "control (predicted legal): 0.3 resubscribe backfill is implementation-defined (STREAM-004 note: 0.3:§7.9), so a first statusUpdate is not a fault")
case("Q20-v03-rest-stream-append-first", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, [{"task": PT("WORKING")}, PAU(append=True, last=True), PSU("COMPLETED", 3, final=True)]),
     [("STREAM-ARTIFACT-001", W)], "0.3 REST: first chunk of a1 says append")
case("Q21-v03-rest-event-other-task", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, [{"task": PT("WORKING")}, PSU("COMPLETED", 3, final=True, tid="t2")]),
     [("ID-EVENT-002", E)], "0.3 REST: statusUpdate of t2 in t1's stream")
case("Q22-v03-rest-events-after-final", lambda: C3R() + qstream("/v1/message:stream", {"message": PM(contextId="c1")}, [{"task": PT("WORKING")}, PSU("COMPLETED", 3, final=True), PAU(last=True)]),
     [("STREAM-END-001", E)], "0.3 REST: an artifactUpdate after the final completed status")
case("Q23-v03-rest-cancel-get-verb", lambda: C3R() + QSEND("WORKING") + q("GET", "/v1/tasks/t1:cancel", None, PT("CANCELLED", 2)),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "GET on the cancel route (POST): the client's wrong verb and the agent that executed it")
case("Q24-v03-rest-get-other-task", lambda: C3R() + QSEND(artifacts=PART) + q("POST", "/v1/message:send", {"message": PM("x", "m2", contextId="c2")}, {"task": PT(tid="t2", ctx="c2", n=2)}) +
     q("GET", "/v1/tasks/t1", None, PT(tid="t2", ctx="c2", n=2)),
     [("ID-TASK-003", E)], "0.3 REST get of t1 answered with t2")

# ---------------------------------------------------------------- P: 1.0 HTTP+JSON push config CRUD under a tenant, deliveries (PUSH-001..004, CARD-008)
TI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]
RT = lambda **kw: getcard(card10(ifaces=TI, **kw))
CFG = lambda cid="cfg-1", tid="t1", url=HOOK, tok="tok-1": {"id": cid, "taskId": tid, "url": url, "token": tok}
NT = lambda tok="tok-1": {"content-type": "application/a2a+json", "x-a2a-notification-token": tok}
HOOKED = lambda body, h=None, method="POST": [req(HOOK, body, method=method, headers=h or NT()), resp("", status=200, headers={})]
RW = lambda pre="/acme": rx("POST", pre + "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("WORKING")})
RC = lambda pre="/acme", cid="cfg-1", url=HOOK, tok="tok-1": rx("POST", pre + "/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": url, "token": tok}, CFG(cid, url=url, tok=tok))
case("P01-legal-v10-rest-tenant-push-crud", lambda: RT() + RW() + RC() + rx("GET", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, CFG()) +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs", None, {"configs": [CFG()], "nextPageToken": ""}) + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs", None, {"configs": [], "nextPageToken": ""}),
     [], "control: create, get, list, delete, list under /acme")
case("P02-legal-v10-rest-tenant-push-delivered", lambda: RT() + RW() + RC() + wait(1) + HOOKED(stu("COMPLETED", 3)) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [], "control: the terminal statusUpdate delivered to the webhook (same HTTP+JSON form for every binding, PUSH-004)")
case("P03-legal-v10-rest-push-list-paged", lambda: RT() + RW() + RC() + RC(cid="cfg-2", url=HOOK + "2", tok="tok-2") +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs?pageSize=1", None, {"configs": [CFG()], "nextPageToken": "n2"}) +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs?pageSize=1&pageToken=n2", None, {"configs": [CFG("cfg-2", url=HOOK + "2", tok="tok-2")], "nextPageToken": ""}),
     [], "control: two configs, a page at a time by query parameters")
case("P04-legal-v10-rest-push-delete-twice", lambda: RT() + RW() + RC() + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}),
     [], "control: Delete is idempotent (PUSH-003)")
case("P05-legal-v10-rest-push-get-deleted-404", lambda: RT() + RW() + RC() + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "push notification config cfg-1 not found"), status=404),
     [], "control: Get of a deleted config: 404")
case("P06-legal-v10-rest-push-not-supported-400", lambda: getcard(card10(ifaces=TI, capabilities={"streaming": True, "pushNotifications": False})) + RW() +
     rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK}, rstatus(400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push notifications are not supported"), status=400),
     [], "control: card without push: Create refused 400 FAILED_PRECONDITION (1.0.1)")
case("P07-legal-v10-rest-push-bearer-delivery", lambda: RT() + RW() +
     rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}) +
     HOOKED(stu("COMPLETED", 3), h={"content-type": "application/a2a+json", "authorization": "Bearer hook-secret"}) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [], "control: a Bearer config delivered with Authorization")
case("P08-legal-v10-rest-push-delivery-task-snapshot", lambda: RT() + RW() + RC() + HOOKED({"task": tsk("COMPLETED", 3, artifacts=ART)}) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3, artifacts=ART)),
     [], "control: the delivery is a StreamResponse carrying the Task")
case("P09-v10-rest-push-accepted-not-declared", lambda: getcard(card10(ifaces=TI, capabilities={"streaming": True})) + RW() + RC(),
     [("CAP-PUSH-001", E)], "card without pushNotifications, Create over HTTP+JSON accepted")
case("P10-v10-rest-push-get-after-delete", lambda: RT() + RW() + RC() + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) + rx("GET", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, CFG()),
     [("PUSH-CFG-004", E)], "Get returned the deleted config")
case("P11-v10-rest-push-list-after-delete", lambda: RT() + RW() + RC() + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs", None, {"configs": [CFG()], "nextPageToken": ""}),
     [("PUSH-CFG-004", E)], "List still shows the deleted config")
case("P12-v10-rest-push-get-other-config", lambda: RT() + RW() + RC() + RC(cid="cfg-2", url=HOOK + "2", tok="tok-2") + rx("GET", "/acme/tasks/t1/pushNotificationConfigs/cfg-2", None, CFG()),
     [("PUSH-CFG-005", E)], "Get cfg-2 answered with cfg-1")
case("P13-v10-rest-push-list-misses", lambda: RT() + RW() + RC() + RC(cid="cfg-2", url=HOOK + "2", tok="tok-2") + rx("GET", "/acme/tasks/t1/pushNotificationConfigs", None, {"configs": [CFG()], "nextPageToken": ""}),
     [("PUSH-CFG-006", E)], "complete list leaves out cfg-2")
case("P14-v10-rest-push-page-size-exceeded", lambda: RT() + RW() + RC() + RC(cid="cfg-2", url=HOOK + "2", tok="tok-2") +
     rx("GET", "/acme/tasks/t1/pushNotificationConfigs?pageSize=1", None, {"configs": [CFG(), CFG("cfg-2", url=HOOK + "2", tok="tok-2")], "nextPageToken": ""}),
     [("DATA-LIST-005", E)], "pageSize=1 answered with two configs")
case("P15-v10-rest-push-delivered-after-delete", lambda: RT() + RW() + RC() + rx("DELETE", "/acme/tasks/t1/pushNotificationConfigs/cfg-1", None, {}) + wait(5) + HOOKED(stu("COMPLETED", 3)),
     [("PUSH-CFG-002", E)], "delivery 5 s after the delete (leans on the in-flight allowance: 5 s is beyond it)")
case("P16-v10-rest-push-delivered-get", lambda: RT() + RW() + RC() + HOOKED(stu("COMPLETED", 3), method="GET") + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [("PUSH-DELIV-001", E)], "delivery by GET")
case("P24-legal-v10-rest-webhook-get-liveness", lambda: RT() + RW() + RC() + [req(HOOK, "", method="GET", headers={"accept": "*/*"}), resp("", status=200, headers={})] +
     HOOKED(stu("COMPLETED", 3)) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [], "control: a bodiless GET of the webhook (a liveness or validation check) is no delivery; the POST delivery follows")
case("P17-v10-rest-push-delivered-text-plain", lambda: RT() + RW() + RC() + HOOKED(stu("COMPLETED", 3), h={"content-type": "text/plain", "x-a2a-notification-token": "tok-1"}) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [("PUSH-DELIV-002", W)], "delivery as text/plain")
case("P18-v10-rest-push-create-no-url", lambda: RT() + RW() + rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"token": "tok-1"}, {"id": "cfg-1", "taskId": "t1", "token": "tok-1"}),
     [("PUSH-CFG-003", E), ("DATA-PARAM-001", E)], "Create without url accepted (as b38x P11 over JSON-RPC)")
case("P19-v10-rest-push-other-task-body", lambda: RT() + RW() + RC() + HOOKED(stu("COMPLETED", 3, tid="t9", ctx="c9")),
     [("PUSH-BODY-003", N)], "the webhook configured for t1 gets a notification of t9. Predicted PUSH-BODY-002; but t9 is a task the recording never saw, whose config may predate the capture, so it is a note (PUSH-BODY-003): my misreading")
case("P20-v10-rest-push-bearer-missing", lambda: RT() + RW() +
     rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}) +
     HOOKED(stu("COMPLETED", 3), h={"content-type": "application/a2a+json"}) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [("PUSH-AUTH-001", E)], "Bearer config delivered without Authorization")
case("P21-v10-rest-push-wrong-bearer", lambda: RT() + RW() +
     rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}) +
     HOOKED(stu("COMPLETED", 3), h={"content-type": "application/a2a+json", "authorization": "Bearer other"}) + rx("GET", "/acme/tasks/t1", None, tsk("COMPLETED", 3)),
     [("PUSH-AUTH-002", E)], "Bearer config delivered with another token")
case("P22-v10-rest-push-private-url", lambda: RT() + RW() + rx("POST", "/acme/tasks/t1/pushNotificationConfigs", {"url": "http://169.254.169.254/latest/meta-data"}, {"id": "cfg-1", "taskId": "t1", "url": "http://169.254.169.254/latest/meta-data"}),
     [("PUSH-URL-001", W)], "a config whose webhook is the cloud metadata address, accepted")
case("P23-v10-rest-push-tenant-missing", lambda: RT() + RW() + RC(pre=""),
     [("CARD-URL-006", E)], "Create without the interface's tenant in the path (CARD-008)")

# ---------------------------------------------------------------- K: cancel in every binding and state (TASK-003, TASK-009, ERR-002)
case("K01-legal-v10-cancel-working", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)),
     [], "control: cancel of a working task returns it canceled")
case("K02-legal-v10-cancel-twice-idempotent", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)) + call(3, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)),
     [], "control: the second cancel of a canceled task returns it again (TASK-003: cancel is idempotent)")
case("K03-legal-v10-cancel-completed-not-cancelable", lambda: DONE() + fail(2, "CancelTask", {"id": "t1"}, -32002, "Task t1 cannot be canceled", "TASK_NOT_CANCELABLE"),
     [], "control: cancel of a completed task: TaskNotCancelableError")
case("K04-legal-v10-cancel-unknown-not-found", lambda: C10() + fail(1, "CancelTask", {"id": "t9"}, -32001, "Task t9 not found", "TASK_NOT_FOUND"),
     [], "control: cancel of an unknown id: TaskNotFoundError")
case("K05-legal-v10-rest-cancel-tenant", lambda: RT() + RW() + rx("POST", "/acme/tasks/t1:cancel", {}, tsk("CANCELED", 2)) + rx("GET", "/acme/tasks/t1", None, tsk("CANCELED", 2)),
     [], "control: HTTP+JSON cancel under the tenant, then get")
case("K06-legal-v10-rest-cancel-completed-400", lambda: RDONE() + rx("POST", "/tasks/t1:cancel", {}, rstatus(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"), status=400),
     [], "control: HTTP+JSON cancel of a completed task: 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE (1.0.1)")
case("K07-legal-v10-rest-cancel-completed-409", lambda: RDONE() + rx("POST", "/tasks/t1:cancel", {}, rstatus(409, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"), status=409),
     [], "control: 1.0.0's 409 for TaskNotCancelableError (trap 2: same wire version)")
case("K08-legal-v03-cancel-working", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False}}), resp(ok(1, t03("working")))] +
     [R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("canceled", 2)))],
     [], "control: 0.3 tasks/cancel of a working task")
case("K09-legal-v03-cancel-completed-not-cancelable", lambda: DONE03() + [R0(2, "tasks/cancel", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled"))],
     [], "control: 0.3 cancel of a completed task: -32002")
case("K10-legal-v10-cancel-input-required", lambda: IR() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)) + GT(3, {"id": "t1"}, tsk("CANCELED", 2)),
     [], "control: cancel of an input-required task")
case("K11-legal-v10-cancel-with-metadata", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1", "metadata": {"reason": "user closed the tab"}}, tsk("CANCELED", 2)),
     [], "control: CancelTask with metadata (1.0 CancelTaskRequest.metadata)")
case("K12-v10-cancel-completed-success", lambda: DONE() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)),
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "cancel of a completed task returned it canceled: TASK-STATE-003 and the terminal state changing (TASK-STATE-001, marked as caused by it), as b22x-L04 established")
case("K13-v10-rest-cancel-failed-success", lambda: R10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("FAILED", msg=amsg10("no", mid="r-end", taskId="t1", contextId="c1"))}) + rx("POST", "/tasks/t1:cancel", {}, tsk("CANCELED", 2)),
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "HTTP+JSON cancel of a failed task returned it canceled (both findings, as b22x-L04)")
case("K14-v10-cancel-never-canceled", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1"}, tsk("WORKING", 2)) + wait(3) + GT(3, {"id": "t1"}, tsk("COMPLETED", 4)),
     [("TASK-STATE-004", W)], "cancel answered WORKING and the task then completed (never canceled)")
case("K15-v10-cancel-other-task", lambda: C10() + work() + work(2, tid="t2", ctx="c2") + call(3, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2, tid="t2", ctx="c2")),
     [("ID-TASK-003", E)], "CancelTask t1 answered with t2")
case("K16-v10-cancel-completed-wrong-code", lambda: DONE() + fail(2, "CancelTask", {"id": "t1"}, -32603, "Internal error"),
     [("RPC-ERROR-001", E)], "cancel of a completed task answered -32603 instead of -32002")
case("K17-v10-cancel-handed-out-not-found", lambda: C10() + work() + fail(2, "CancelTask", {"id": "t1"}, -32001, "Task t1 not found", "TASK_NOT_FOUND"),
     [("ID-TASK-001", E)], "the working task just handed out is unknown to cancel")
case("K18-v03-cancel-completed-success", lambda: DONE03() + [R0(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, t03("canceled", 2)))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "0.3 cancel of a completed task returned it canceled (both findings, as b22x-L04)")

# ---------------------------------------------------------------- H: historyLength on sends and HTTP+JSON reads (DATA-006)
RH = lambda k=4: R10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART, history=hist(k))})
case("H01-legal-v10-rest-get-history-zero", lambda: RH() + rx("GET", "/tasks/t1?historyLength=0", None, tsk("COMPLETED", artifacts=ART)),
     [], "control: historyLength=0: no history")
case("H02-legal-v10-rest-list-history-one", lambda: RH() + rx("GET", "/tasks?historyLength=1", None, {"tasks": [tsk("COMPLETED", history=hist(4)[3:])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}),
     [], "control: ListTasks historyLength=1: the newest one")
case("H03-legal-v10-send-history-length-one", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": {"historyLength": 1}}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART, history=hist(4)[3:])}))],
     [], "control: a send with historyLength 1 gets the newest message only")
case("H04-legal-v10-rest-send-history-length-zero", lambda: R10() + rsend({"message": msg10(contextId="c1"), "configuration": {"historyLength": 0}}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: historyLength 0 on an HTTP+JSON send: no history")
case("H05-legal-v02-get-history", lambda: HB02() + G03(2, {"id": "t1", "historyLength": 2}, t03("completed", history=hist03(4)[2:], artifacts=ART03)),
     [], "control: 0.2.5 tasks/get historyLength 2")
case("H06-legal-v10-rest-get-history-absent-full", lambda: RH() + rx("GET", "/tasks/t1", None, tsk("COMPLETED", artifacts=ART, history=hist(4))),
     [], "control: no historyLength: server default")
case("H07-v10-rest-get-history-exceeded", lambda: RH() + rx("GET", "/tasks/t1?historyLength=2", None, tsk("COMPLETED", artifacts=ART, history=hist(4))),
     [("DATA-HISTORY-001", E)], "historyLength=2 answered with four")
case("H08-v10-rest-get-history-oldest", lambda: RH() + rx("GET", "/tasks/t1?historyLength=2", None, tsk("COMPLETED", artifacts=ART, history=hist(4)[:2])),
     [("DATA-HISTORY-003", E)], "historyLength=2 kept the oldest two")
case("H09-v10-send-history-exceeded", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": {"historyLength": 1}}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART, history=hist(3))}))],
     [("DATA-HISTORY-001", E)], "a send with historyLength 1 answered with three")
case("H10-v10-rest-list-history-zero-has-history", lambda: RH() + rx("GET", "/tasks?historyLength=0", None, {"tasks": [tsk("COMPLETED", history=hist(2))], "nextPageToken": "", "pageSize": 50, "totalSize": 1}),
     [("DATA-HISTORY-001", E)], "ListTasks historyLength=0 answered with history")
case("H11-v02-get-history-not-trimmed", lambda: HB02() + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(4), artifacts=ART03)),
     [("DATA-HISTORY-002", W)], "0.2.5 tasks/get historyLength 1 answered with four")
case("H12-legal-v10-rest-send-history-two-unknowable", lambda: R10() + rsend({"message": msg10(contextId="c1"), "configuration": {"historyLength": 2}}, {"task": tsk("COMPLETED", artifacts=ART, history=hist(4)[:2])}),
     [], "control: a send with historyLength 2 answered with two messages. First written as DATA-HISTORY-003 (kept the oldest); but this first answer is all the recording knows of the task, so nothing shows that newer messages were dropped (G07 / H08 compare with an earlier, fuller answer): my misreading")

# ---------------------------------------------------------------- N: gRPC-ish names and proto spellings inside JSON (RPC-003, DATA-001, DATA-004)
case("N01-v10-method-grpc-path-refused", lambda: C10() + [RPC(1, "lf.a2a.v1.A2AService/SendMessage", {"message": msg10(contextId="c1")}), resp(err(1, -32601, "Method not found"))],
     [("RPC-REQ-003", N)], "the client named the gRPC service path as the JSON-RPC method; refused -32601 (the client's note)")
case("N02-v10-method-grpc-path-served", lambda: C10() + [RPC(1, "lf.a2a.v1.A2AService/SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("RPC-REQ-003", N), ("RPC-METHOD-001", E)], "the gRPC path served as SendMessage instead of -32601 (main reported nothing: fixed, the verifier now reads a gRPC method path as the JSON-RPC method it names)")
case("N03-legal-v10-grpc-path-as-rest-404", lambda: R10() + rx("POST", "/lf.a2a.v1.A2AService/GetTask", {"id": "t1"}, rstatus(404, "NOT_FOUND", msg="no route"), status=404),
     [], "predicted legal: a gRPC-style path posted to the HTTP+JSON base is not an A2A route; 404 is right (the client's mistake, which the verifier may note; no error)")
case("N04-v10-answer-enum-number", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": 3}}}))],
     [("DATA-SHAPE-001", E)], "state as the enum number 3 (ProtoJSON parsers accept numbers, but 1.0 DATA-001: enums as names)")
case("N05-v10-request-role-number", lambda: C10() + [RPC(1, "SendMessage", {"message": {"messageId": "m1", "role": 1, "parts": [{"text": "hi"}]}}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("DATA-SHAPE-002", E)], "the client's role as the enum number 1")
case("N06-v10-request-task-id-snake", lambda: C10() + call(1, "GetTask", {"id": "t1", "history_length": 2}, tsk("COMPLETED")),
     [("DATA-SHAPE-002", E)], "history_length (proto field name) in a JSON-RPC GetTask (predicted DATA-SHAPE-002 'proto field names'; might instead be DATA-PARAM-007)")
case("N07-v10-answer-artifact-id-snake", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=[{"artifact_id": "a1", "parts": [{"text": "r"}]}])}))],
     [("DATA-SHAPE-001", E)], "artifact_id in the answer")
case("N08-v10-rest-stream-last-chunk-snake", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")},
                                                                                                        {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "x"}]}, "last_chunk": True}}, stu("COMPLETED", 3)]),
     [("STREAM-SHAPE-001", E)], "last_chunk in an HTTP+JSON event")
case("N09-v10-stream-response-oneof-snake", lambda: C10() + stream([{"task": tsk("WORKING")}, {"status_update": stu("COMPLETED", 3)["statusUpdate"]}]),
     [("STREAM-SHAPE-001", E)], "the oneof member as status_update")
case("N10-legal-v10-task-metadata-snake-keys", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, metadata={"trace_id": "x-1", "source_system": "crm"})),
     [], "control: snake_case keys inside metadata (a Struct: any keys)")
case("N11-legal-v10-data-part-snake-keys", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"data": {"task_id": "mine", "message_id": 7, "kind": "row"}}]}])),
     [], "control: snake_case keys and kind inside a data part's value (any JSON)")
case("N12-legal-v10-push-config-proto-names-in-metadata", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "?task_id=t1&push_config=1"}, {"id": "cfg-1", "taskId": "t1", "url": HOOK + "?task_id=t1&push_config=1"}),
     [], "control: snake_case in the webhook url's query is just a url")
case("N13-v03-grpc-service-path-as-method", lambda: C03() + [R0(1, "a2a.v1.A2AService/SendMessage", {"message": msg03(contextId="c1")}), resp(err(1, -32601, "Method not found"))],
     [("RPC-REQ-003", N)], "0.3: the gRPC service path as a JSON-RPC method, refused -32601")
case("N14-legal-v10-unknown-method-get-agent-card-served", lambda: C10() + [RPC(1, "GetAgentCard", {}), resp(ok(1, card10()))],
     [], "control: a JSON-RPC GetAgentCard (0.3 gRPC's name; no JSON-RPC generation has it) answered with the public card. First predicted RPC-REQ-003 + RPC-METHOD-001; but no JSON-RPC method serves the public card, so nothing shows it was dispatched as an A2A operation, and extensions may add methods (1.0 §4.6): the legal reading wins")

# after the fix of N01/N02 (gRPC method paths read as the JSON-RPC method they name): its other forms
case("N15-v10-method-grpc-full-name-dotted-served", lambda: DONE() + [RPC(2, "lf.a2a.v1.A2AService.GetTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED", artifacts=ART)))],
     [("RPC-REQ-003", N), ("RPC-METHOD-001", E)], "the descriptor's full name lf.a2a.v1.A2AService.GetTask served as GetTask")
case("N16-v10-method-grpc-path-task-not-found", lambda: C10() + [RPC(1, "/lf.a2a.v1.A2AService/CancelTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", einfo("TASK_NOT_FOUND")))],
     [("RPC-REQ-003", N), ("RPC-METHOD-001", E)], "the gRPC path (leading slash) answered TaskNotFoundError: the agent dispatched it as CancelTask instead of -32601 (first written with params {taskId}, a second fault DATA-PARAM-003 rightly reported)")
case("N17-v03-method-grpc-task-subscription-streamed", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False}}), resp(ok(1, t03("working")))] +
     stream03([t03("working", 2), st03(state="completed", final=True, n=3)], i=2, p={"id": "t1"}, method="a2a.v1.A2AService/TaskSubscription"),
     [("RPC-REQ-003", N), ("RPC-METHOD-001", E)], "0.3: the gRPC path of TaskSubscription served as tasks/resubscribe")
case("N18-legal-v10-extension-method-qualified", lambda: getcard(card10(capabilities={"streaming": True, "extensions": [{"uri": EXT}]})) +
     [RPC(1, "com.example.geo.GeoService/Lookup", {"q": "Paris"}, h={**V10, "a2a-extensions": EXT}), resp(ok(1, {"lat": 48.85, "lon": 2.35}))],
     [], "control: a qualified method name of no A2AService (an extension's own method) is no A2A call")
case("N19-v10-method-grpc-service-lower-case-refused", lambda: C10() + [RPC(1, "lf.a2a.v1.a2aservice/SendMessage", {"message": msg10(contextId="c1")}), resp(err(1, -32601, "Method not found"))],
     [("RPC-REQ-003", N)], "the gRPC path with the service in lower case, refused -32601 (the client's note only)")

# ---------------------------------------------------------------- E: error data shapes (ERR-003, ERR-004)
BR = {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.parts", "description": "must not be empty"}]}
RETRY = {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2s"}
LOC = {"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "fr-FR", "message": "Tâche introuvable"}
EI = lambda reason: einfo(reason)[0]
case("E01-v10-client-empty-parts-refused-bad-request", lambda: C10() + [RPC(1, "SendMessage", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": []}}), resp(err(1, -32602, "Invalid params", [BR]))],
     [("DATA-SHAPE-002", E)], "the client's message has no parts (DATA-005); the agent's -32602 with a BadRequest detail is right, the client's send is the fault")
case("E02-legal-v10-not-found-with-localized", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", [EI("TASK_NOT_FOUND"), LOC]))],
     [], "control: ErrorInfo and a LocalizedMessage")
case("E03-legal-v10-rest-unavailable-retry-info", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"error": {"code": 503, "status": "UNAVAILABLE", "message": "overloaded", "details": [RETRY]}}, status=503),
     [], "control: 503 UNAVAILABLE with RetryInfo (no A2A error, so no ErrorInfo owed). Might draw GW-RESP-003 as a note")
case("E04-legal-v10-rest-not-found-two-details", lambda: R10() + rx("GET", "/tasks/t9", None, rstatus(404, "NOT_FOUND", details=einfo("TASK_NOT_FOUND") + [LOC], msg="task t9 not found"), status=404),
     [], "control: google.rpc.Status with ErrorInfo and LocalizedMessage")
case("E05-legal-v10-error-info-with-metadata", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", [{**EI("TASK_NOT_FOUND"), "metadata": {"taskId": "t9"}}]))],
     [], "control: ErrorInfo.metadata (map<string,string>)")
case("E06-legal-v03-error-data-array", lambda: C03() + [R0(1, "tasks/get", {"id": "t9"}), resp(err(1, -32001, "Task not found", [{"taskId": "t9"}]))],
     [], "control: 0.3 error.data is free-form (an array of plain objects)")
case("E07-legal-v02-error-data-string", lambda: C02() + [R0(1, "tasks/get", {"id": "t9"}), resp(err(1, -32001, "Task not found", "no task t9"))],
     [], "control: 0.2 error.data as a string")
case("E08-legal-v10-internal-error-no-data", lambda: C10() + [RPC(1, "GetTask", {"id": "t1"}), resp(err(1, -32603, "Internal error"))],
     [], "control: -32603 without data")
case("E09-v10-error-data-detail-without-type", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", [{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]))],
     [("RPC-ENVELOPE-001", E)], "1.0 error.data entry without @type (ERR-004: each a @type'd object)")
case("E10-v10-error-data-string", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", "no such task"))],
     [("RPC-ENVELOPE-001", E)], "1.0 error.data a string")
case("E11-v10-error-info-reason-wrong-case", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", einfo("task_not_found")))],
     [("RPC-ERROR-002", E)], "ErrorInfo reason in lower case (UPPER_SNAKE_CASE per google.rpc.ErrorInfo)")
case("E12-v10-rest-error-details-no-type", lambda: R10() + rx("GET", "/tasks/t9", None, {"error": {"code": 404, "status": "NOT_FOUND", "message": "no", "details": [{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}, status=404),
     [("REST-ERROR-001", E)], "google.rpc.Status detail without @type")
case("E13-v10-rest-error-code-string", lambda: R10() + rx("GET", "/tasks/t9", None, {"error": {"code": "NOT_FOUND", "message": "no", "details": einfo("TASK_NOT_FOUND")}}, status=404),
     [("REST-ERROR-001", E)], "google.rpc.Status code as a string (an int32 HTTP status)")
case("E14-v10-rest-status-mismatch", lambda: R10() + rx("GET", "/tasks/t9", None, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), status=500),
     [("REST-ERROR-001", E)], "body says 404 NOT_FOUND, HTTP says 500 (predicted REST-ERROR-001; maybe another ERR rule)")
case("E15-v10-reason-against-code", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", einfo("UNSUPPORTED_OPERATION")))],
     [("RPC-ERROR-001", E)], "-32001 with ErrorInfo reason UNSUPPORTED_OPERATION. Predicted RPC-ERROR-002; but that rule is for an ErrorInfo not in its shape (a wrong domain, no reason), while a code and reason that disagree is RPC-ERROR-001's 'error code does not match the situation' (my misreading)")
case("E16-v10-error-no-code", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp({"jsonrpc": "2.0", "id": 1, "error": {"message": "Task not found"}})],
     [("RPC-ENVELOPE-001", E)], "error object without code")

# ---------------------------------------------------------------- S: legal SSE framing on HTTP+JSON, 0.3 and 0.2 streams (RPC-005, REST-002)
RT1, RD1, RW2 = js({"task": tsk("WORKING")}), js(stu("COMPLETED", 3)), js(stu("WORKING", 2))
R3T, R3D = js(ok(1, task03(state="working"))), js(ok(1, st03(state="completed", final=True, n=3)))
RSTR = lambda chunks, close="eof": R10() + rstream({"message": msg10(contextId="c1")}, chunks, close=close)
S3 = lambda chunks, close="eof": C03() + stream03(chunks, close=close)
S2 = lambda chunks, close="eof": C02() + stream03(chunks, close=close)
for tag, fn, t1, d1 in (("v10-rest", RSTR, RT1, RD1), ("v03", S3, R3T, R3D), ("v02", S2, R3T, R3D)):
    pre = {"v10-rest": "S0", "v03": "S1", "v02": "S2"}[tag]
    case(pre + "1-legal-%s-sse-comments" % tag, (lambda fn=fn, t1=t1, d1=d1: fn([": ping\n\n", "data: " + t1 + "\n\n", ":\n", "\ndata: " + d1 + "\n\n"])),
         [], "control: comment pings before and between events")
    case(pre + "2-legal-%s-sse-crlf" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["data: " + t1 + "\r\n\r\n", "data: " + d1 + "\r\n\r\n"])),
         [], "control: CRLF line ends")
    case(pre + "3-legal-%s-sse-multiline-data" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["data: " + json.dumps(json.loads(t1), indent=2).replace("\n", "\ndata: ") + "\n\n", "data: " + d1 + "\n\n"])),
         [], "control: one JSON document over several data: lines")
    case(pre + "4-legal-%s-sse-id-retry-event" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["retry: 5000\nid: 1\nevent: message\ndata: " + t1 + "\n\n", "id: 2\ndata: " + d1 + "\n\n"])),
         [], "control: retry, id and event: message fields")
    case(pre + "5-legal-%s-sse-split-reads" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["da", "ta: " + t1[:9], t1[9:] + "\r", "\n\r\n", "data:" + d1 + "\n", "\n"])),
         [], "control: an event split inside the field name, the JSON and a CRLF; data: without space")
    case(pre + "6-legal-%s-sse-cr-only" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["data: " + t1 + "\r\r", "data: " + d1 + "\r\r"])),
         [], "control: bare CR line ends")
    case(pre + "7-%s-sse-unterminated-last" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["data: " + t1 + "\n\n", "data: " + d1 + "\n"])),
         [("SSE-FRAME-001", E)], "the terminal event's data line is never followed by the blank line: an SSE client drops it")
    case(pre + "8-%s-sse-data-not-json" % tag, (lambda fn=fn, t1=t1, d1=d1: fn(["data: " + t1 + "\n\n", "data: [DONE]\n\n", "data: " + d1 + "\n\n"])),
         [("SSE-FRAME-002", E)], "an OpenAI-style data: [DONE] event between A2A events")

# ---------------------------------------------------------------- A: several artifacts on HTTP+JSON, 0.3, 0.2 streams (STREAM-009, TASK-STATE-010)
RA = lambda evs: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}] + evs + [stu("COMPLETED", 3)])
case("A01-legal-v10-rest-three-artifacts-interleaved", lambda: RA([art10("a1", "x"), art10("a2", "y"), art10("a3", "z", last=True), art10("a1", "x2", append=True, last=True), art10("a2", "y2", append=True, last=True)]),
     [], "control: three artifacts interleaved, each closed by lastChunk")
case("A02-legal-v10-rest-get-after-merged", lambda: RA([art10("a1", "x"), art10("a1", "y", append=True, last=True), art10("a2", "z", last=True)]) +
     rx("GET", "/tasks/t1", None, tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}, {"text": "y"}]}, {"artifactId": "a2", "parts": [{"text": "z"}]}])),
     [], "control: GetTask after the stream has both artifacts, a1 merged")
case("A03-legal-v03-three-chunks-final-snapshot", lambda: C03() + stream03([task03(state="working"), art03("a1", "x"), art03("a1", "y", append=True), art03("a1", "z", append=True, last=True),
                                                                          st03(state="completed", final=True, n=3)]),
     [], "control: 0.3: three chunks then final")
case("A04-legal-v02-two-artifacts", lambda: C02() + stream03([task03(state="working"), art03("a1", "x", last=True), art03("a2", "y", last=True), st03(state="completed", final=True, n=3)]),
     [], "control: 0.2.5 two whole artifacts")
case("A05-legal-v10-rest-artifact-replaced-then-get", lambda: RA([art10("a1", "draft"), art10("a1", "final", last=True)]) + rx("GET", "/tasks/t1", None, tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "final"}]}])),
     [], "control: a1 replaced (no append), GetTask shows the replacement")
case("A06-legal-v10-rest-subscribe-mid-artifact", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("WORKING")}) +
     rstream(None, [{"task": tsk("WORKING", 2, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])}, art10("a1", "y", append=True, last=True), stu("COMPLETED", 3)], path="/tasks/t1:subscribe", method="GET"),
     [], "control: subscribe while a1 is half-streamed: the Task shows the first chunk, the stream appends the rest")
case("A07-v10-rest-chunk-after-last", lambda: RA([art10("a1", "x", last=True), art10("a1", "y", append=True)]),
     [("STREAM-ARTIFACT-002", W)], "HTTP+JSON: a1 appended after its lastChunk")
case("A08-v02-append-without-earlier", lambda: C02() + stream03([task03(state="working"), art03("a1", "x", append=True, last=True), st03(state="completed", final=True, n=3)]),
     [("STREAM-ARTIFACT-001", W)], "0.2.5: the only chunk says append")
case("A09-v10-rest-get-drops-artifact", lambda: RA([art10("a1", "x", last=True), art10("a2", "y", last=True)]) + rx("GET", "/tasks/t1", None, tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])),
     [("TASK-STATE-010", W)], "GetTask after the stream lost a2")
case("A10-v03-artifact-after-final", lambda: C03() + stream03([task03(state="working"), art03("a1", "x"), st03(state="completed", final=True, n=3), art03("a1", "y", append=True, last=True)]),
     [("STREAM-END-001", E)], "0.3: artifact chunk after the final event")
case("A11-v10-rest-artifact-empty-parts", lambda: RA([art10("a1", parts=[])]),
     [("STREAM-SHAPE-001", E)], "1.0 artifact with no parts")
case("A12-v03-chunk-after-last", lambda: C03() + stream03([task03(state="working"), art03("a2", "x", last=True), art03("a2", "y", append=True, last=True), st03(state="completed", final=True, n=3)]),
     [("STREAM-ARTIFACT-002", W)], "0.3: a2 appended after lastChunk")

# ---------------------------------------------------------------- T: SubscribeToTask over HTTP+JSON with a tenant (TASK-004, STREAM-004)
RTS = lambda evs, method="GET", pre="/acme": rstream(None if method == "GET" else {}, evs, path=pre + "/tasks/t1:subscribe", method=method)
RTD = lambda: RT() + rx("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)})
RTI = lambda: RT() + rx("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK())})
case("T01-legal-v10-rest-tenant-subscribe-working", lambda: RT() + RW() + RTS([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
     [], "control: GET /acme/tasks/t1:subscribe on a working task")
case("T02-legal-v10-rest-tenant-subscribe-post", lambda: RT() + RW() + RTS([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], method="POST"),
     [], "control: POST :subscribe (trap 1)")
case("T03-legal-v10-rest-tenant-subscribe-completed-refused", lambda: RTD() + [rget("/acme/tasks/t1:subscribe", h=RS), RUNSUP()],
     [], "control: subscribe to a completed task refused 400 UNSUPPORTED_OPERATION")
case("T04-legal-v10-rest-tenant-subscribe-input-required", lambda: RTI() + RTS([{"task": tsk("INPUT_REQUIRED", msg=ASK())}]),
     [], "control: subscribe to an input-required task: the Task, closed at the interrupted state")
case("T05-legal-v10-rest-subscribe-completed-501-1-0-0", lambda: RTD() + [rget("/acme/tasks/t1:subscribe", h=RS), resp(rstatus(501, "UNIMPLEMENTED", "UNSUPPORTED_OPERATION", "task t1 is completed"), status=501, headers=RJR)],
     [], "control: 1.0.0's UNIMPLEMENTED (501) for UnsupportedOperationError (trap 2)")
case("T06-v10-rest-tenant-subscribe-completed-streamed", lambda: RTD() + RTS([{"task": tsk("COMPLETED", artifacts=ART)}]),
     [("TASK-STATE-006", E)], "subscribe to a completed task streamed it")
case("T07-v10-rest-tenant-subscribe-completed-not-found", lambda: RTD() + [rget("/acme/tasks/t1:subscribe", h=RS), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t1 not found"), status=404, headers=RJR)],
     [("TASK-STATE-006", E)], "subscribe to a completed task answered TaskNotFound")
case("T08-v10-rest-tenant-subscribe-input-required-refused", lambda: RTI() + [rget("/acme/tasks/t1:subscribe", h=RS), RUNSUP()],
     [("TASK-STATE-008", E)], "subscribe to an input-required task refused as if terminal")
case("T09-v10-rest-tenant-subscribe-first-status", lambda: RT() + RW() + RTS([stu("WORKING", 2), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "the subscribe stream opens with a statusUpdate")
case("T10-v10-rest-subscribe-without-tenant", lambda: RT() + RW() + RTS([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], pre=""),
     [("CARD-URL-006", E)], "subscribe without the interface's tenant")
case("T11-v10-rest-tenant-subscribe-ends-working", lambda: RT() + RW() + RTS([{"task": tsk("WORKING", 2)}]),
     [("STREAM-END-002", E)], "the subscribe stream closes cleanly at WORKING")
case("T12-v10-rest-tenant-subscribe-answered-json", lambda: RT() + RW() + [rget("/acme/tasks/t1:subscribe", h=RS), resp(tsk("WORKING", 2), headers=RJR)],
     [("STREAM-HTTP-001", E)], "subscribe answered with one JSON body, not text/event-stream")

# ---------------------------------------------------------------- V: A2A-Version as header and query parameter; 0.3 and 1.0 on one host (VER-001..004)
DUAL = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]
DUALR = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}, {"url": H + "/v03", "protocolBinding": "HTTP+JSON", "protocolVersion": "0.3"}]
NOV = {"content-type": "application/a2a+json"}
case("V01-legal-v10-rest-version-query", lambda: R10() + [rpost("/message:send?A2A-Version=1.0", {"message": msg10(contextId="c1")}, h=NOV), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [], "control: A2A-Version as a query parameter on an HTTP+JSON send (VER-001 MAY)")
case("V02-legal-v10-jsonrpc-version-query", lambda: C10() + [req(A + "?A2A-Version=1.0", rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=J03), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: A2A-Version as a query parameter on the JSON-RPC url")
case("V03-legal-dual-jsonrpc-both-generations", lambda: getcard(card10(ifaces=DUAL)) + [req(A, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03), resp(ok(1, t03("completed", artifacts=ART03)))] +
     [RPC(2, "SendMessage", {"message": msg10("again", mid="m2", contextId="c2")}), resp(ok(2, {"task": tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART)}))],
     [], "control: one url offering 1.0 and 0.3; a 0.3 client (no header) and a 1.0 client (A2A-Version 1.0) each served in their dialect (VER-004)")
case("V04-legal-dual-rest-two-urls", lambda: getcard(card10(ifaces=DUALR)) + rsend({"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}) +
     [req(H + "/v03/v1/message:send", {"message": PM("again", "m2", contextId="c2")}, headers=J03), resp({"task": PT(tid="t2", ctx="c2", n=2)}, headers=J03)],
     [], "control: HTTP+JSON 1.0 at the root and 0.3 under /v03 (its /v1 routes)")
case("V05-legal-v10-version-header-lower-name", lambda: C10() + [req(A, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers={"content-type": "application/json", "A2A-VERSION": "1.0"}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: header name in upper case (HTTP header names are case-insensitive)")
case("V06-v10-0-3-header-1-0-method-refused-version-not-supported", lambda: C10() + [req(A, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers={**J03, "a2a-version": "0.3"}), resp(err(1, -32009, "Version 0.3 is not supported", einfo("VERSION_NOT_SUPPORTED")))],
     [("VER-MIX-002", W)], "a 1.0-only agent refusing A2A-Version 0.3 with VersionNotSupportedError, which is right. Written as a control; but the client sent the 1.0 method SendMessage under A2A-Version 0.3 (trap 3: the 1.0 spec's own examples do), and the verifier warns the client of that mix: a fault of the client I wrote without seeing it")
case("V07-v10-version-query-patch", lambda: R10() + [rpost("/message:send?A2A-Version=1.0.1", {"message": msg10(contextId="c1")}, h=NOV), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [("VER-HDR-003", W)], "A2A-Version=1.0.1 in the query (Major.Minor only)")
case("V08-v10-version-2-0-processed", lambda: C10() + [req(A, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers={**J03, "a2a-version": "2.0"}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("VER-HDR-001", E)], "A2A-Version 2.0 processed instead of VersionNotSupportedError")
case("V09-v10-only-0-3-version-processed", lambda: R10() + [rpost("/message:send", {"message": msg10(contextId="c1")}, h={**NOV, "a2a-version": "0.3"}), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [("VER-HDR-005", W)], "a 1.0-only HTTP+JSON agent processed a 1.0 route under A2A-Version 0.3")
case("V10-legal-v10-only-0x-method-headerless-served", lambda: C10() + [RPC(1, "message/send", {"message": msg03(contextId="c1")}, h=J03), resp(ok(1, t03("completed", artifacts=ART03)))],
     [], "control: a 1.0-only card, a 0.3 message/send without A2A-Version served. Predicted VER-HDR-006; but that rule is for a 0.x method sent under A2A-Version 1.0, and a header-less call is a 0.3 call (VER-003) an agent may still serve (b38x V17): my misreading")
case("V11-v10-mixed-request-kind-parts", lambda: C10() + [RPC(1, "SendMessage", {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "hi"}]}}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("VER-MIX-002", W)], "a 1.0 request whose part carries 0.x kind (predicted VER-MIX-002; may be DATA-SHAPE-002)")
case("V12-v10-answer-0x-state-under-1-0", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "completed"}}}))],
     [("TASK-STATE-005", E)], "1.0 answer with the 0.x state spelling")

# ---------------------------------------------------------------- X: extended card and A2A-Extensions over HTTP+JSON (AUTH-005, EXT-001..004)
SEC = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
XCAP = {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}
XC = lambda **kw: card10(ifaces=TI, capabilities=XCAP, **SEC, **kw)
RJB = {**RJ, "authorization": BEARER}
case("X01-legal-v10-rest-tenant-extended-card", lambda: getcard(XC()) + rx("GET", "/acme/extendedAgentCard", None, XC(description="Demo agent (full)"), h=RJB),
     [], "control: GET /acme/extendedAgentCard with a Bearer token")
case("X02-legal-v10-rest-extended-card-401-challenge", lambda: getcard(XC()) + rx("GET", "/acme/extendedAgentCard", None, rstatus(401, "UNAUTHENTICATED", msg="missing token"), status=401, rh={**RJR, "www-authenticate": "Bearer"}) +
     rx("GET", "/acme/extendedAgentCard", None, XC(description="Demo agent (full)"), h=RJB),
     [], "control: 401 with a challenge, then with the token")
case("X03-legal-v10-rest-extended-not-configured", lambda: getcard(XC()) + rx("GET", "/acme/extendedAgentCard", None, rstatus(400, "FAILED_PRECONDITION", "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "no extended card"), status=400, h=RJB),
     [], "control: 400 EXTENDED_AGENT_CARD_NOT_CONFIGURED")
case("X04-v10-rest-extended-card-no-credentials", lambda: getcard(XC()) + rx("GET", "/acme/extendedAgentCard", None, XC(description="Demo agent (full)")),
     [("AUTH-EXT-001", E)], "extended card served without credentials (the hedge that AUTH-OPEN-001 would come too was wrong: one finding for the one fault)")
case("X05-v10-rest-extended-card-not-declared", lambda: getcard(card10(ifaces=TI, **SEC)) + rx("GET", "/acme/extendedAgentCard", None, card10(ifaces=TI, **SEC, description="full"), h=RJB),
     [("CAP-CARD-001", E)], "extended card served, capabilities.extendedAgentCard absent")
case("X06-legal-v10-rest-extension-echoed", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "extensions": [{"uri": EXT}]})) +
     rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, h={**RJ, "a2a-extensions": EXT}, rh={**RJR, "a2a-extensions": EXT}),
     [], "control: the activated extension echoed (EXT-004)")
case("X07-legal-v10-rest-required-extension-refused", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "extensions": [{"uri": EXT, "required": True}]})) +
     rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rstatus(400, "FAILED_PRECONDITION", "EXTENSION_SUPPORT_REQUIRED", "extension required"), status=400),
     [], "control: required extension not requested: 400 EXTENSION_SUPPORT_REQUIRED")
case("X08-v10-rest-required-extension-served", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "extensions": [{"uri": EXT, "required": True}]})) +
     rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [("CAP-EXT-001", E)], "required extension not requested, send processed")
case("X09-v10-rest-x-extensions-request", lambda: getcard(card10(ifaces=RESTI, capabilities={"streaming": True, "extensions": [{"uri": EXT}]})) +
     rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, h={**RJ, "x-a2a-extensions": EXT}),
     [("CAP-EXT-004", W)], "1.0 request uses X-A2A-Extensions")
case("X10-v10-rest-undeclared-extension-echoed", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, h={**RJ, "a2a-extensions": EXT}, rh={**RJR, "a2a-extensions": EXT}),
     [("CAP-EXT-003", W)], "the agent activated an extension its card does not declare")

# ---------------------------------------------------------------- M: input-required / auth-required round trips, contextId-only follow-ups (TASK-006/007, ID-002/003/008)
RIRT = lambda: R10() + rsend({"message": msg10("book a flight", contextId="c1")}, {"task": tsk("INPUT_REQUIRED", msg=ASK())})
case("M01-legal-v10-rest-input-required-then-done", lambda: RIRT() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "control: HTTP+JSON follow-up to input-required with both ids")
case("M02-legal-v10-rest-context-only-new-task", lambda: RDONE() + rsend({"message": msg10("and hotels", mid="m2", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}),
     [], "control: contextId only after a completed task: a new task t2 in c1 (ID-008)")
case("M03-legal-v10-rest-task-only-follow-up", lambda: RIRT() + rsend({"message": msg10("Paris", mid="m2", taskId="t1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "control: taskId only: context inferred (ID-003)")
case("M04-legal-v10-auth-required-stream-then-done", lambda: C10() + [dict(l, id="s1") for l in stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2, msg=NEED())], close=None)] +
     [RPC(2, "SendMessage", {"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1"), "configuration": RI}), resp(ok(2, {"task": tsk("WORKING", 3)}))] +
     [chunk(ev(stu("COMPLETED", 4), 1), id="s1"), chunk("", close="eof", id="s1")],
     [], "control: the stream stays open in AUTH_REQUIRED (TASK-006 SHOULD), the client signs in, the stream ends at COMPLETED (ids pair the late chunks)")
case("M05-legal-v03-context-only-after-completed", lambda: DONE03() + F03(2, "and hotels", t03("completed", 2, tid="t2", artifacts=ART03), contextId="c1"),
     [], "control: 0.3 contextId-only follow-up starts t2 in c1")
case("M06-legal-v10-rest-message-reply-context", lambda: R10() + rsend({"message": msg10(contextId="c1")}, {"message": amsg10("hello", contextId="c1")}) +
     rsend({"message": msg10("more", mid="m2", contextId="c1")}, {"message": amsg10("sure", mid="a2", contextId="c1")}),
     [], "control: two Message replies in one context, no task")
case("M07-legal-v02-input-required-follow-up", lambda: IR02() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [], "control: 0.2.5 follow-up to input-required")
case("M08-v10-rest-follow-up-completed-accepted", lambda: RDONE() + rsend({"message": msg10("more", mid="m2", taskId="t1", contextId="c1"), "configuration": RI}, {"task": tsk("WORKING", 2)}),
     [("TASK-STATE-002", E), ("TASK-STATE-001", E)], "follow-up to a completed task (returnImmediately) answered with the task WORKING again: two faults, as Q13 and b38x-I21. First written blocking (which TASK-STATE-007 rightly also failed) and predicted TASK-STATE-001 alone")
case("M09-v10-rest-task-only-other-context", lambda: RIRT() + rsend({"message": msg10("Paris", mid="m2", taskId="t1")}, {"task": tsk("COMPLETED", 2, ctx="c9", artifacts=ART)}),
     [("ID-CTX-001", E)], "taskId-only follow-up answered with another contextId")
case("M10-v10-rest-context-mismatch-processed", lambda: RIRT() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c2")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [("ID-CTX-002", E)], "follow-up naming t1 with contextId c2 processed (ID-003: reject)")
case("M11-v10-rest-auth-required-no-message", lambda: R10() + rsend({"message": msg10("pay", contextId="c1")}, {"task": tsk("AUTH_REQUIRED")}),
     [("TASK-AUTH-001", E)], "AUTH_REQUIRED without status.message")
case("M12-v10-rest-context-only-other-context", lambda: RDONE() + rsend({"message": msg10("and hotels", mid="m2", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t2", ctx="c7", artifacts=ART)}),
     [("ID-CTX-002", E)], "contextId c1 answered with a task in c7 (the agent substituted another context)")
case("M13-v10-rest-no-task-not-found", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1")}, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task not found"), status=404),
     [("ID-TASK-005", E)], "a message naming no task answered TaskNotFound")
case("M14-v03-auth-required-no-message", lambda: C03() + [R0(1, "message/send", {"message": msg03("pay", contextId="c1")}), resp(ok(1, t03("auth-required")))],
     [("TASK-AUTH-002", W)], "0.3 auth-required without a status message")

# ---------------------------------------------------------------- L: more legal controls (ListTasks over HTTP+JSON, metadata, mixed generations on one host)
LIST = lambda tasks, nxt="", ps=50, total=None: {"tasks": tasks, "nextPageToken": nxt, "pageSize": ps, "totalSize": len(tasks) if total is None else total}
RD2 = lambda: R10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", 1, artifacts=ART)}) + rsend({"message": msg10("again", mid="m2", contextId="c2")}, {"task": tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)})
R1_, R2_ = tsk("COMPLETED", 1), tsk("COMPLETED", 5, tid="t2", ctx="c2")
case("L01-legal-v10-rest-list-timestamp-after-encoded", lambda: RD2() + rx("GET", "/tasks?statusTimestampAfter=2026-12-02T10%3A00%3A03.000Z", None, LIST([R2_])),
     [], "control: statusTimestampAfter percent-encoded in the query")
case("L02-legal-v10-rest-list-page-size-1-two-pages", lambda: RD2() + rx("GET", "/tasks?pageSize=1", None, LIST([R2_], nxt="p2", ps=1, total=2)) + rx("GET", "/tasks?pageSize=1&pageToken=p2", None, LIST([R1_], ps=1, total=2)),
     [], "control: two pages of one, newest first")
case("L03-legal-v10-rest-list-page-size-100", lambda: RD2() + rx("GET", "/tasks?pageSize=100", None, LIST([R2_, R1_], ps=100)),
     [], "control: pageSize=100 (the upper bound)")
case("L04-legal-v10-rest-list-page-size-101-refused", lambda: RD2() + rx("GET", "/tasks?pageSize=101", None, rstatus(400, "INVALID_ARGUMENT", msg="pageSize must be between 1 and 100", details=[]), status=400),
     [], "control: pageSize=101 refused 400 INVALID_ARGUMENT (may be noted for the client: DATA-PARAM-005)")
case("L05-legal-v10-rest-list-status-and-context", lambda: RD2() + rx("GET", "/tasks?status=TASK_STATE_COMPLETED&contextId=c2", None, LIST([R2_])),
     [], "control: status and contextId filters together")
case("L06-legal-v10-rest-list-include-artifacts", lambda: RD2() + rx("GET", "/tasks?includeArtifacts=true", None, LIST([tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART), tsk("COMPLETED", 1, artifacts=ART)])),
     [], "control: includeArtifacts=true")
case("L07-legal-v10-rest-list-tenant", lambda: RT() + rx("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}) + rx("GET", "/acme/tasks", None, LIST([R1_])),
     [], "control: GET /acme/tasks")
case("L08-legal-v10-metadata-everywhere", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1", metadata={"locale": "fr"}), "metadata": {"requestSource": "ui"}}),
                                                          resp(ok(1, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "r", "metadata": {"lang": "fr"}}], "metadata": {"pages": 1}}], metadata={"cost": 0.2})}))],
     [], "control: metadata on the request, message, part, artifact and task")
case("L09-legal-v10-message-extensions-field", lambda: getcard(card10(capabilities={"streaming": True, "extensions": [{"uri": EXT}]})) +
     [RPC(1, "SendMessage", {"message": msg10(contextId="c1", extensions=[EXT], metadata={EXT: {"lat": 48.85, "lon": 2.35}})}, h={**V10, "a2a-extensions": EXT}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers={**J, "a2a-extensions": EXT})],
     [], "control: Message.extensions and extension data keyed by its URI in metadata")
case("L10-legal-mixed-0-2-and-1-0-hosts", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03)))] +
     getcard(card10(url=GW + "/a2a"), base=GW) + [RPC(2, "SendMessage", {"message": msg10("again", mid="m2", contextId="c2")}, url=GW + "/a2a"), resp(ok(2, {"task": tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART)}))],
     [], "control: a 0.2.5 agent and a 1.0 agent on two hosts in one recording")
case("L11-legal-v10-rest-get-history-length-newest", lambda: RH() + rx("GET", "/tasks/t1?historyLength=2", None, tsk("COMPLETED", artifacts=ART, history=hist(4)[2:])),
     [], "control: historyLength=2 kept the newest two"),
case("L12-legal-v10-rest-send-return-immediately-then-poll", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("SUBMITTED")}) + wait(1) +
     rx("GET", "/tasks/t1", None, tsk("WORKING", 2)) + wait(1) + rx("GET", "/tasks/t1", None, tsk("COMPLETED", 3, artifacts=ART)),
     [], "control: returnImmediately, then polling to COMPLETED one second apart")
case("L13-legal-v03-jsonrpc-and-rest-one-card", lambda: getcard(card03(additionalInterfaces=[{"url": A, "transport": "JSONRPC"}, {"url": H, "transport": "HTTP+JSON"}])) +
     [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03)))] + q("GET", "/v1/tasks/t1", None, PT("COMPLETED", artifacts=PART)),
     [], "control: a 0.3 card with JSON-RPC and HTTP+JSON; send over JSON-RPC, get over REST (BIND-001: one task)")
case("L14-legal-v10-rest-cancel-then-list-canceled", lambda: R10() + rx("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": RI}, {"task": tsk("WORKING")}) +
     rx("POST", "/tasks/t1:cancel", {}, tsk("CANCELED", 2)) + rx("GET", "/tasks?status=TASK_STATE_CANCELED", None, LIST([tsk("CANCELED", 2)])),
     [], "control: cancel then list by TASK_STATE_CANCELED")

write_cases(C, OUT)
