"""Writes the b31x blind-adversary transcripts (breaker31): task lifecycles over many calls
(non-blocking sends then GetTask polling with historyLength, blocking follow-ups, cancel races
against an open stream, SubscribeToTask before and after the terminal state), push-notification
config CRUD and deliveries (1.0 JSON-RPC, 0.3 set/get/list/delete), HTTP+JSON routes (tenants,
percent-encoded ids, query parameters, verbs, A2A-Version as a query parameter), errors in each
binding (JSON-RPC codes and ErrorInfo, google.rpc.Status over HTTP+JSON), SSE framing (CRLF, CR,
BOM, comments, retry/id/event fields, multi-line data, events split across reads), two clients
of different generations on one agent, numbers at the edges (pageSize, historyLength as a
string, huge integers, deep nesting). Faulty ones carry the finding the verifier must report;
`-legal-` ones must stay silent (but for notes). Run from the repo root:
python3 tests/cases/gen_b31x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker31 (blind adversary, round eleven)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)

C = {}
case = case_maker(C, "b31x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
HOOK = "https://hooks.example.test/a2a/cb"
S10 = {**V10, "accept": "text/event-stream"}
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJG = {"accept": "application/a2a+json", "a2a-version": "1.0"}
RJR = {"content-type": "application/a2a+json"}
PJ = {"content-type": "application/a2a+json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
R0 = lambda i, m, p, url=A: req(url, rpc(i, m, p), headers=J03)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
P1 = {"message": msg10()}
RI = {"message": msg10(), "configuration": {"returnImmediately": True}}
js = json.dumps


def sse(chunks, close="eof", headers=None):
    out = [resp("", headers=headers or SSE)]
    out += [chunk(c) for c in chunks]
    if close:
        out.append(chunk("", close=close))
    return out


def stream(events, i=1, close="eof", p=None, method="SendStreamingMessage", h=S10, url=A):
    return [RPC(i, method, p or P1, h=h, url=url)] + sse(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


def rstream(events, path="/message:stream", body=None, method="POST", close="eof"):
    r = req(H + path, body if body is not None else {"message": msg10()}, method=method,
            headers={**RJ, "accept": "text/event-stream"} if method == "POST" else {**RJG, "accept": "text/event-stream"})
    return [r] + sse(["data: %s\n\n" % js(e) for e in events], close)


def stream03(events, i=1, close="eof", method="message/stream", p=None):
    return [req(A, rpc(i, method, p or {"message": msg03()}), headers=S03)] + sse(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


R10c = lambda **kw: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], **kw))


def tsk(state="WORKING", n=1, tid="t1", ctx="c1", **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}}
    t.update(kw)
    return t


def stu(state="WORKING", n=2, tid="t1", ctx="c1", msg=None):
    s = {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}}
    if msg is not None:
        s["status"]["message"] = msg
    return {"statusUpdate": s}


def art(aid="a1", text="part", append=False, last=False, tid="t1", ctx="c1"):
    return {"artifactUpdate": {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": aid, "parts": [{"text": text}]},
                               "append": append, "lastChunk": last}}


def st03x(state, n=2, final=False, tid="t1", ctx="c1"):
    return {"kind": "status-update", "taskId": tid, "contextId": ctx, "status": {"state": state, "timestamp": "2026-12-02T10:00:%02d.000Z" % n}, "final": final}


def paced(lines, step=1.0):
    cur = 0.0
    for l in lines:
        cur += step if l["dir"] == "chunk" else 0.01
        l["t"] = round(cur, 3)
    return lines


def later(lines, dt):
    """Shifts the lines' `t` by dt seconds (something that happens a while after the rest)."""
    for l in lines:
        l["t"] = round(l["t"] + dt, 3)
    return lines


def send_task(t, i=1, p=None):
    return [RPC(i, "SendMessage", p or P1), resp(ok(i, {"task": t}))]


def hist(k, tid="t1", ctx="c1"):
    """k alternating user/agent messages of task tid (oldest first)."""
    out = []
    for j in range(k):
        if j % 2 == 0:
            out.append(msg10("q%d" % j, mid="h%d" % j, taskId=tid, contextId=ctx))
        else:
            out.append(amsg10("a%d" % j, mid="h%d" % j, taskId=tid, contextId=ctx))
    return out


ART = [{"artifactId": "a1", "parts": [{"text": "result"}]}]
GT = lambda i, p, t: [RPC(i, "GetTask", p), resp(ok(i, t))]

# ---------------------------------------------------------------- L: lifecycles over many calls (TASK-*, DATA-006)
case("L01-legal-v10-nonblocking-then-poll-to-completed", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) +
     GT(2, {"id": "t1"}, tsk("WORKING", 2)) + GT(3, {"id": "t1"}, tsk("WORKING", 3)) +
     GT(4, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", 4, artifacts=ART)),
     [], "returnImmediately:true answered SUBMITTED, then polling GetTask sees WORKING twice and COMPLETED; historyLength 0 and no history returned (TASK-005, DATA-006)")
case("L02-v10-gettask-history-length-exceeded", lambda: C10() + send_task(tsk("COMPLETED", history=hist(2))) +
     GT(2, {"id": "t1", "historyLength": 1}, tsk("COMPLETED", history=hist(3))),
     [("DATA-HISTORY-001", E)], "GetTask historyLength 1 answered with three history messages (DATA-006: never more than N)")
case("L03-legal-v10-gettask-history-length-kept-newest", lambda: C10() + send_task(tsk("COMPLETED", history=hist(4))) +
     GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", history=hist(4)[2:])),
     [], "GetTask historyLength 2 answered with the newest two of four messages (DATA-006)")
case("L04-v10-poll-completed-then-working", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) +
     GT(2, {"id": "t1"}, tsk("COMPLETED", 3)) + GT(3, {"id": "t1"}, tsk("WORKING", 4)),
     [("TASK-STATE-001", E)], "a poll saw COMPLETED, the next poll WORKING: terminal tasks never change state (TASK-001)")
case("L05-v10-blocking-follow-up-answered-working", lambda: C10() + send_task(tsk("INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": amsg10("Which city?", mid="r1", taskId="t1", contextId="c1"), "timestamp": "2026-12-02T10:00:01.000Z"})) +
     send_task(tsk("WORKING", 3), i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [("TASK-STATE-007", E)], "the follow-up message (no returnImmediately: blocking by default) answered while the task is still WORKING (TASK-005)")
case("L06-legal-v10-nonblocking-then-subscribe", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) +
     paced(stream([{"task": tsk("WORKING", 2)}, art("a1", "result", last=True), stu("COMPLETED", 4)], i=2, p={"id": "t1"}, method="SubscribeToTask")) +
     GT(3, {"id": "t1"}, tsk("COMPLETED", 4, artifacts=ART)),
     [], "non-blocking send, then SubscribeToTask (current task first) to COMPLETED, then GetTask with the artifact (STREAM-004, TASK-005)")
case("L07-v10-subscribe-after-polled-completed", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3)) +
     stream([{"task": tsk("COMPLETED", 3)}], i=3, p={"id": "t1"}, method="SubscribeToTask"),
     [("TASK-STATE-006", E)], "SubscribeToTask on a task a poll already saw COMPLETED opened a stream (TASK-004: UnsupportedOperationError)")
case("L08-legal-v10-subscribe-after-completed-refused", lambda: C10() + send_task(tsk("SUBMITTED"), p=RI) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3)) +
     [RPC(3, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(3, -32004, "Task t1 is completed", einfo("UNSUPPORTED_OPERATION")))],
     [], "SubscribeToTask on a completed task refused -32004 with ErrorInfo (TASK-004, ERR-004)")
case("L09-v10-cancel-canceled-then-poll-completed", lambda: C10() + send_task(tsk("WORKING"), p=RI) +
     [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("TASK-STATE-001", E)], "cancel answered CANCELED, a later poll shows COMPLETED: the canceled (terminal) task changed state (TASK-001)")
case("L10-legal-v10-cancel-lost-race-not-cancelable", lambda: C10() + send_task(tsk("WORKING"), p=RI) +
     [RPC(2, "CancelTask", {"id": "t1"}), resp(err(2, -32002, "Task t1 already completed", einfo("TASK_NOT_CANCELABLE")))] + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "the task finished before the cancel arrived: -32002 TaskNotCancelableError, GetTask shows COMPLETED (TASK-003)")
case("L11-legal-v10-cancel-during-stream", lambda: C10() + [{**RPC(1, "SendStreamingMessage", P1, h=S10), "id": 1}, resp("", headers=SSE, id=1, t=0.02),
     chunk("data: %s\n\n" % js(ok(1, {"task": tsk("WORKING")})), id=1, t=0.03),
     {**RPC(2, "CancelTask", {"id": "t1"}), "id": 2, "t": 0.5}, {**resp(ok(2, tsk("CANCELED", 2))), "id": 2, "t": 0.52},
     chunk("data: %s\n\n" % js(ok(1, stu("CANCELED", 2))), id=1, t=0.53), chunk("", close="eof", id=1, t=0.54)],
     [], "a second call cancels the task a stream is following: the cancel answers CANCELED and the stream ends with CANCELED (TASK-003, STREAM-003)")
case("L12-v10-cancel-during-stream-then-completed", lambda: C10() + [{**RPC(1, "SendStreamingMessage", P1, h=S10), "id": 1}, resp("", headers=SSE, id=1, t=0.02),
     chunk("data: %s\n\n" % js(ok(1, {"task": tsk("WORKING")})), id=1, t=0.03),
     {**RPC(2, "CancelTask", {"id": "t1"}), "id": 2, "t": 0.5}, {**resp(ok(2, tsk("CANCELED", 2))), "id": 2, "t": 0.52},
     chunk("data: %s\n\n" % js(ok(1, stu("COMPLETED", 3))), id=1, t=0.9), chunk("", close="eof", id=1, t=0.91)],
     [("TASK-STATE-001", E)], "the cancel answered CANCELED, yet the stream then reports COMPLETED: a terminal task changed state (TASK-001)")
case("L13-legal-v10-multi-turn-blocking", lambda: C10() + send_task(tsk("INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": amsg10("Which city?", mid="r1", taskId="t1", contextId="c1"), "timestamp": "2026-12-02T10:00:01.000Z"})) +
     send_task(tsk("COMPLETED", 3, artifacts=ART), i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "blocking send stops at INPUT_REQUIRED, the follow-up (same taskId) completes it (TASK-005, TASK-007)")
case("L14-v10-follow-up-to-completed-accepted", lambda: C10() + send_task(tsk("COMPLETED")) +
     send_task(tsk("COMPLETED", 3), i=2, p={"message": msg10("and again", mid="m2", taskId="t1", contextId="c1")}),
     [("TASK-STATE-002", E)], "a message to the completed task t1 accepted (TASK-002: UnsupportedOperationError)")
case("L15-legal-v10-follow-up-to-completed-refused", lambda: C10() + send_task(tsk("COMPLETED")) +
     [RPC(2, "SendMessage", {"message": msg10("and again", mid="m2", taskId="t1", contextId="c1")}), resp(err(2, -32004, "Task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION")))],
     [], "a message to a completed task refused -32004 (TASK-002)")
case("L16-v10-gettask-unknown-id-served", lambda: C10() + send_task(tsk("COMPLETED")) + GT(2, {"id": "t-nope"}, tsk("COMPLETED", tid="t1")),
     [("ID-TASK-003", E)], "GetTask for t-nope answered with task t1 (TASK-009: TaskNotFoundError; the answer is another task)")
case("L17-legal-v10-gettask-history-string-number", lambda: C10() + send_task(tsk("COMPLETED", history=hist(4))) +
     GT(2, {"id": "t1", "historyLength": "2"}, tsk("COMPLETED", history=hist(4)[2:])),
     [], "historyLength sent as the string \"2\": ProtoJSON parsers accept int32 as a JSON string; two messages back (DATA-006)")
case("L18-v10-gettask-history-string-number-exceeded", lambda: C10() + send_task(tsk("COMPLETED", history=hist(4))) +
     GT(2, {"id": "t1", "historyLength": "1"}, tsk("COMPLETED", history=hist(4))),
     [("DATA-HISTORY-001", E)], "historyLength \"1\" (string form, ProtoJSON) answered with four messages (DATA-006)")
case("L19-v10-send-history-length-zero-ignored", lambda: C10() + send_task(tsk("COMPLETED", history=hist(2)), p={"message": msg10(), "configuration": {"historyLength": 0}}),
     [("DATA-HISTORY-001", E)], "SendMessage configuration.historyLength 0 answered with history (DATA-006: 0 = omit history)")
case("L20-legal-v10-send-history-length-one", lambda: C10() + send_task(tsk("COMPLETED", history=hist(2)[1:]), p={"message": msg10(), "configuration": {"historyLength": 1}}),
     [], "SendMessage historyLength 1 answered with one history message (DATA-006)")

# ---------------------------------------------------------------- T: ListTasks (DATA-007)
LT = lambda tasks, i=1, nxt="", ps=50, total=None, **kw: [RPC(i, "ListTasks", kw), resp(ok(i, {"tasks": tasks, "nextPageToken": nxt, "pageSize": ps, "totalSize": len(tasks) if total is None else total}))]
case("T01-v10-list-artifacts-not-requested", lambda: C10() + LT([tsk("COMPLETED", artifacts=ART)], contextId="c1"),
     [("DATA-LIST-001", E)], "ListTasks without includeArtifacts returned artifacts (DATA-007)")
case("T02-legal-v10-list-artifacts-requested", lambda: C10() + LT([tsk("COMPLETED", artifacts=ART)], contextId="c1", includeArtifacts=True),
     [], "includeArtifacts:true and artifacts listed (DATA-007)")
case("T03-legal-v10-list-two-pages", lambda: C10() + LT([tsk("COMPLETED", 5, tid="t2")], nxt="cGFnZTI=", ps=1, total=2, pageSize=1) +
     LT([tsk("COMPLETED", 3)], i=2, nxt="", ps=1, total=2, pageSize=1, pageToken="cGFnZTI="),
     [], "pageSize 1: page one with a token, page two with \"\" (DATA-007 cursor paging)")
case("T04-v10-list-page-size-exceeded", lambda: C10() + LT([tsk("COMPLETED", 5, tid="t3"), tsk("COMPLETED", 4, tid="t2"), tsk("COMPLETED", 3)], ps=2, pageSize=2),
     [("DATA-LIST-003", E)], "pageSize 2 answered with three tasks (DATA-007)")
case("T05-v10-list-oldest-first", lambda: C10() + LT([tsk("COMPLETED", 3), tsk("COMPLETED", 5, tid="t2")]),
     [("DATA-LIST-002", E)], "ListTasks oldest status first (DATA-007: newest first)")
case("T06-v10-list-context-filter-ignored", lambda: C10() + LT([tsk("COMPLETED", 5, tid="t2", ctx="c2"), tsk("COMPLETED", 3)], contextId="c1"),
     [("DATA-LIST-003", E)], "contextId c1 filter, a c2 task listed (DATA-007)")
case("T07-v10-list-page-size-101-accepted", lambda: C10() + LT([tsk("COMPLETED", 3)], ps=101, pageSize=101),
     [("DATA-PARAM-001", E)], "pageSize 101 (1.0: 1-100) accepted instead of refused -32602 (ERR-006 validate input)")
case("T08-legal-v10-list-page-size-100", lambda: C10() + LT([tsk("COMPLETED", 3)], ps=100, pageSize=100),
     [], "pageSize 100, the largest allowed (DATA-007)")
case("T09-legal-v10-list-page-size-101-refused", lambda: C10() + [RPC(1, "ListTasks", {"pageSize": 101}), resp(err(1, -32602, "pageSize must be between 1 and 100"))],
     [], "pageSize 101 refused -32602 (ERR-006)")
case("T10-legal-v10-list-empty", lambda: C10() + LT([], contextId="c-none"),
     [], "no task in that context: tasks [] and nextPageToken \"\" (digest trap 12: an empty list is legal)")
case("T11-v10-rest-list-status-filter-ignored", lambda: R10c() + [req(H + "/tasks?status=TASK_STATE_WORKING", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", 5, tid="t2"), tsk("WORKING", 3)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}, headers=RJR)],
     [("DATA-LIST-003", E)], "HTTP+JSON status=TASK_STATE_WORKING lists a COMPLETED task (DATA-007)")
case("T12-legal-v10-rest-list-query-repeated-and-encoded", lambda: R10c() + [req(H + "/tasks?contextId=c%201&pageSize=10&includeArtifacts=true", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", 3, ctx="c 1", artifacts=ART)], "nextPageToken": "", "pageSize": 10, "totalSize": 1}, headers=RJR)],
     [], "contextId c%201 is 'c 1' once decoded; includeArtifacts=true lets artifacts through (REST-001)")

# ---------------------------------------------------------------- P: push configs and deliveries (PUSH-*)
CPC = lambda i, p, cfg: [RPC(i, "CreateTaskPushNotificationConfig", p), resp(ok(i, cfg))]
CFG = lambda cid="cfg-1", url=HOOK, tok="tok-1", tid="t1": {"id": cid, "taskId": tid, "url": url, "token": tok}
BASE = lambda: C10() + send_task(tsk("WORKING"), p=RI)
DELIV = lambda body, tok="tok-1", method="POST", ct="application/a2a+json": [req(HOOK, body, method=method, headers={"content-type": ct, **({"x-a2a-notification-token": tok} if tok else {})}), resp("", headers={})]
case("P01-legal-v10-push-crud", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, CFG())),
      RPC(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(4, {"configs": [CFG()], "nextPageToken": ""})),
      RPC(5, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(5, {}))],
     [], "create (id assigned), get, list, delete (PUSH-003)")
case("P02-v10-push-create-without-url-accepted", lambda: BASE() + CPC(2, {"taskId": "t1", "token": "tok-1"}, {"id": "cfg-1", "taskId": "t1", "token": "tok-1"}),
     [("PUSH-CFG-003", E), ("DATA-PARAM-001", E)], "Create without url (the client's fault, PUSH-002: url required) and the agent accepted it instead of refusing -32602 (ERR-006)")
case("P03-v10-push-delivery-after-delete", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {}))] + later(DELIV(stu("COMPLETED", 9)), 5.0),
     [("PUSH-CFG-002", E)], "a delivery to the webhook 5 s after its config was deleted (PUSH-003)")
case("P04-v10-push-list-misses-config", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(3, {"configs": [], "nextPageToken": ""}))],
     [("PUSH-CFG-006", E)], "List right after Create does not show the live config (PUSH-003)")
case("P05-v10-push-get-after-delete", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {})),
      RPC(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(4, CFG()))],
     [("PUSH-CFG-004", E)], "Get after Delete still returns the config (PUSH-003)")
case("P06-v10-push-get-other-config", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     CPC(3, {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [RPC(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-2"}), resp(ok(4, CFG()))],
     [("PUSH-CFG-005", E)], "Get cfg-2 answered with cfg-1 (PUSH-003)")
case("P07-v10-push-delivery-without-authentication", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-1"}},
     {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-1"}}) + DELIV(stu("COMPLETED", 4), tok=None),
     [("PUSH-AUTH-001", E)], "the config has authentication Bearer credentials, the delivery carries no Authorization (PUSH-004)")
case("P07b-legal-v10-push-token-only-no-header", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("COMPLETED", 4), tok=None),
     [], "a 1.0 config with a token only: 1.0 defines no header for it (PUSH-004 names authentication's credentials), so a delivery without one is legal")
case("P08-v10-push-delivery-wrong-token", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("COMPLETED", 4), tok="tok-9"),
     [("PUSH-AUTH-002", E)], "the delivery carries tok-9, the config said tok-1 (PUSH-004)")
case("P09-v10-push-delivery-get", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("COMPLETED", 4), method="PUT"),
     [("PUSH-DELIV-001", E)], "the webhook called with PUT (PUSH-004: HTTP POST)")
case("P10-v10-push-delivery-bare-task", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(tsk("COMPLETED", 4)),
     [("PUSH-BODY-001", E)], "a 1.0 delivery body that is a bare Task, not a StreamResponse {task:...} (PUSH-004)")
case("P11-legal-v10-push-delivery-task-wrapper", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV({"task": tsk("COMPLETED", 4, artifacts=ART)}),
     [], "a delivery whose StreamResponse is the whole task (PUSH-004)")
case("P12-v10-push-delivery-other-task", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + send_task(tsk("WORKING", tid="t2", ctx="c2"), i=3, p=RI) + DELIV(stu("COMPLETED", 4, tid="t2", ctx="c2")),
     [("PUSH-BODY-002", E)], "t1's webhook (token tok-1) receives t2's status (PUSH-004: the receiver validates the task id)")
case("P13-v10-push-not-declared-accepted", lambda: C10(capabilities={"streaming": True, "pushNotifications": False}) + send_task(tsk("WORKING"), p=RI) +
     CPC(2, {"taskId": "t1", "url": HOOK}, CFG(tok=None)),
     [("CAP-PUSH-001", E)], "pushNotifications false, yet Create answered with a config (PUSH-001)")
case("P14-legal-v10-push-not-declared-refused", lambda: C10(capabilities={"streaming": True}) + send_task(tsk("WORKING"), p=RI) +
     [RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}), resp(err(2, -32003, "Push notifications not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED")))],
     [], "pushNotifications absent, Create refused -32003 (PUSH-001)")
case("P15-v10-push-delivery-text-plain", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + DELIV(stu("COMPLETED", 4), ct="text/plain"),
     [("PUSH-DELIV-002", W)], "a delivery labelled text/plain (PUSH-004: application/a2a+json)")
case("P16-v10-push-url-metadata-address", lambda: BASE() + CPC(2, {"taskId": "t1", "url": "http://169.254.169.254/latest/meta-data/"}, CFG(url="http://169.254.169.254/latest/meta-data/", tok=None)),
     [("PUSH-URL-001", W)], "a webhook URL at the cloud metadata address accepted (PUSH-006: SSRF)")
case("P17-legal-v10-push-bearer-authentication", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-1"}},
     {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-1"}}) +
     [req(HOOK, stu("COMPLETED", 4), headers={"content-type": "application/a2a+json", "authorization": "Bearer hook-secret-1"}), resp("", headers={})],
     [], "authentication scheme Bearer: the delivery authenticates with Authorization: Bearer (PUSH-004)")
case("P18-legal-v10-push-inline-then-deliveries", lambda: C10() + send_task(tsk("SUBMITTED"), p={"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}) +
     DELIV(stu("WORKING", 2)) + DELIV(art("a1", "result", last=True)) + DELIV(stu("COMPLETED", 4)),
     [], "inline config at send, three deliveries in order: working, the artifact, completed (PUSH-002, PUSH-004)")
case("P19-legal-v03-push-set-get-list-delete", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, task03(state="working"))),
     R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}),
     resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}})),
     R0(3, "tasks/pushNotificationConfig/get", {"id": "t1", "pushNotificationConfigId": "cfg-1"}),
     resp(ok(3, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}})),
     R0(4, "tasks/pushNotificationConfig/list", {"id": "t1"}),
     resp(ok(4, [{"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}])),
     R0(5, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "cfg-1"}), resp(ok(5, None))],
     [], "0.3 set/get/list/delete (0.3 §7.5-7.8)")
case("P20-v03-push-list-misses-config", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, task03(state="working"))),
     R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}),
     resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}})),
     R0(3, "tasks/pushNotificationConfig/list", {"id": "t1"}), resp(ok(3, []))],
     [("PUSH-CFG-006", E)], "0.3 list right after set shows nothing (PUSH-003 by analogy: a config lives until the task ends)")
case("P21-v03-push-delivery-after-delete", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, task03(state="working"))),
     R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}),
     resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}})),
     R0(3, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "cfg-1"}), resp(ok(3, None)),
     *later([req(HOOK, task03(state="completed", n=9), headers={"content-type": "application/json", "x-a2a-notification-token": "tok-1"}), resp("", headers={})], 5.0)],
     [("PUSH-CFG-002", E)], "0.3: the webhook still called 5 s after delete")

# ---------------------------------------------------------------- R: HTTP+JSON routes and errors (REST-*, ERR-003)
def rget(path, out, status=200, method="GET", body="", h=None):
    return [req(H + path, body, method=method, headers=h or (RJG if method in ("GET", "DELETE") else RJ)), resp(out, status=status, headers=RJR)]
RSEND = lambda t: rget("/message:send", {"task": t}, method="POST", body={"message": msg10()})
RERR = lambda code, st, msg, reason: {"error": {"code": code, "status": st, "message": msg, "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}}
case("R01-legal-v10-rest-get-history-zero", lambda: R10c() + RSEND(tsk("COMPLETED", history=hist(2))) + rget("/tasks/t1?historyLength=0", tsk("COMPLETED")),
     [], "GET /tasks/t1?historyLength=0 answered without history (DATA-006, REST-001)")
case("R02-v10-rest-get-history-exceeded", lambda: R10c() + RSEND(tsk("COMPLETED", history=hist(3))) + rget("/tasks/t1?historyLength=1", tsk("COMPLETED", history=hist(3))),
     [("DATA-HISTORY-001", E)], "GET /tasks/t1?historyLength=1 answered with three messages (DATA-006)")
TEN = lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]))
case("R03-legal-v10-rest-tenant-route", lambda: TEN() + [req(H + "/acme/message:send", {"message": msg10(), "tenant": "acme"}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR)] +
     rget("/acme/tasks/t1", tsk("COMPLETED")),
     [], "the interface's tenant acme as the first path segment of every call (CARD-008, 1.0 §11)")
case("R04-v10-rest-tenant-missing", lambda: TEN() + [req(H + "/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [("CARD-URL-006", E)], "the card's interface has tenant acme, the client calls /message:send without it (CARD-008)")
case("R05-legal-v10-rest-percent-encoded-task-id", lambda: R10c() + RSEND(tsk("COMPLETED", tid="t/1:x")) + rget("/tasks/t%2F1%3Ax", tsk("COMPLETED", tid="t/1:x")),
     [], "a task id with '/' and ':' percent-encoded in the path (REST-001: URL-encoded)")
case("R06-legal-v10-rest-subscribe-get", lambda: R10c() + RSEND(tsk("INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": amsg10("More?", mid="r1", taskId="t1", contextId="c1"), "timestamp": "2026-12-02T10:00:01.000Z"})) +
     rstream([{"task": tsk("INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": amsg10("More?", mid="r1", taskId="t1", contextId="c1"), "timestamp": "2026-12-02T10:00:01.000Z"})}], path="/tasks/t1:subscribe", method="GET"),
     [], "GET /tasks/t1:subscribe (proto verb; digest trap 1) on an interrupted task: the current task, then close at the interrupted state (STREAM-004, trap 4)")
case("R07-v10-rest-get-route-posted", lambda: R10c() + RSEND(tsk("COMPLETED")) + rget("/tasks/t1", tsk("COMPLETED"), method="POST", body="{}"),
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "POST /tasks/t1 (GetTask is GET) and the agent served it (REST-001)")
case("R08-legal-v10-rest-version-query-param", lambda: R10c() + [req(H + "/message:send?A2A-Version=1.0", {"message": msg10()}, headers={"content-type": "application/a2a+json"}), resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [], "A2A-Version given as a query parameter instead of the header (VER-001: MAY)")
case("R09-v10-rest-error-jsonrpc-shape", lambda: R10c() + rget("/tasks/t9", {"code": -32001, "message": "Task not found"}, status=404),
     [("REST-ERROR-001", E)], "a 1.0 HTTP+JSON 404 whose body is a JSON-RPC error object, not google.rpc.Status (ERR-003)")
case("R10-legal-v10-rest-error-status", lambda: R10c() + rget("/tasks/t9", RERR(404, "NOT_FOUND", "Task t9 not found", "TASK_NOT_FOUND"), status=404),
     [], "1.0 HTTP+JSON 404 {error:{code,status,message,details:[ErrorInfo]}} (ERR-003)")
case("R11-v10-rest-error-status-mismatch", lambda: R10c() + rget("/tasks/t9", RERR(404, "NOT_FOUND", "Task t9 not found", "TASK_NOT_FOUND"), status=400),
     [("REST-ERROR-001", E)], "the HTTP status is 400 while the body says code 404 NOT_FOUND / TASK_NOT_FOUND (ERR-002, ERR-003)")
case("R12-v10-rest-cancel-409-1-0-0", lambda: R10c() + RSEND(tsk("COMPLETED")) + rget("/tasks/t1:cancel", RERR(409, "FAILED_PRECONDITION", "Task t1 is not cancelable", "TASK_NOT_CANCELABLE"), status=409, method="POST", body=""),
     [("REST-ERROR-002", N)], "TaskNotCancelable answered 409 (1.0.0's status; 1.0.1 says 400 FAILED_PRECONDITION) (ERR-002)")
case("R13-v10-rest-stream-enveloped", lambda: R10c() + [req(H + "/message:stream", {"message": msg10()}, headers={**RJ, "accept": "text/event-stream"})] +
     sse(["data: %s\n\n" % js(ok(1, e)) for e in [{"task": tsk("WORKING")}, stu("COMPLETED", 2)]]),
     [("STREAM-SHAPE-002", E)], "an HTTP+JSON stream whose events carry JSON-RPC envelopes (REST-002: bare StreamResponse)")
case("R14-legal-v03-rest-cancel-cancelled", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) +
     [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}, "configuration": {"blocking": False}}, headers=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=J03),
      req(H + "/v1/tasks/t1:cancel", "", headers=J03), resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_CANCELLED", "timestamp": "2026-12-02T10:00:02Z"}}, headers=J03)],
     [], "0.3 HTTP+JSON cancel answered TASK_STATE_CANCELLED (0.3 gRPC spelling, digest trap 5)")
case("R15-v10-rest-cancelled-double-l", lambda: R10c() +
     [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR)] +
     rget("/tasks/t1:cancel", {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_CANCELLED", "timestamp": "2026-12-02T10:00:02.000Z"}}, method="POST", body=""),
     [("TASK-STATE-005", E)], "a 1.0 agent answers TASK_STATE_CANCELLED (0.3 gRPC spelling; 1.0 is TASK_STATE_CANCELED; trap 5)")
XC = lambda ext=True: card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}],
                             capabilities={"streaming": True, "pushNotifications": True, **({"extendedAgentCard": True} if ext else {})},
                             securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
XH = {**RJG, "authorization": "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."}
case("R16-legal-v10-rest-extended-card", lambda: getcard(XC()) + [req(H + "/extendedAgentCard", method="GET", headers=XH), resp({**XC(), "description": "Demo agent (full)"}, headers=RJR)],
     [], "GET /extendedAgentCard with a bearer token, capabilities.extendedAgentCard true (AUTH-005)")
case("R17-v10-rest-extended-card-without-auth", lambda: getcard(XC()) + [req(H + "/extendedAgentCard", method="GET", headers=RJG), resp({**XC(), "description": "Demo agent (full)"}, headers=RJR)],
     [("AUTH-EXT-001", E)], "the extended card served to a caller with no credentials (AUTH-005)")
case("R18-v10-rest-extended-card-not-declared", lambda: getcard(XC(False)) + [req(H + "/extendedAgentCard", method="GET", headers=XH), resp({**XC(False), "description": "Demo agent (full)"}, headers=RJR)],
     [("CAP-CARD-001", E)], "capabilities.extendedAgentCard absent, yet GET /extendedAgentCard served a card (AUTH-005: UnsupportedOperationError)")
case("R19-legal-v10-rest-delete-push-config-empty-body", lambda: R10c() + [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR)] +
     rget("/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": HOOK, "id": "cfg-1", "token": "tok-1"}, method="POST", body={"taskId": "t1", "url": HOOK, "token": "tok-1"}) +
     rget("/tasks/t1/pushNotificationConfigs/cfg-1", {}, method="DELETE"),
     [], "HTTP+JSON create then DELETE answered 200 {} (google.protobuf.Empty) (PUSH-003)")
case("R20-legal-v10-rest-list-tenant-query", lambda: TEN() + rget("/acme/tasks?pageSize=5&historyLength=0", {"tasks": [tsk("COMPLETED", 3)], "nextPageToken": "", "pageSize": 5, "totalSize": 1}),
     [], "tenant path with list query parameters (REST-001, CARD-008)")

# ---------------------------------------------------------------- E: JSON-RPC errors (ERR-*, RPC-*)
case("E01-v10-gettask-unknown-answered-invalid-params", lambda: C10() + [RPC(1, "GetTask", {"id": "t-missing"}), resp(err(1, -32602, "invalid task id"))],
     [("RPC-ERROR-001", E)], "GetTask of an unknown (well-formed) id answered -32602 instead of -32001 TaskNotFoundError (TASK-009)")
case("E02-v10-error-data-object", lambda: C10() + [RPC(1, "GetTask", {"id": "t-missing"}), resp(err(1, -32001, "Task not found", {"taskId": "t-missing"}))],
     [("RPC-ENVELOPE-001", E)], "error.data an object, not an array of @type'd objects (ERR-004)")
case("E03-legal-v10-error-data-errorinfo", lambda: C10() + [RPC(1, "GetTask", {"id": "t-missing"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
     [], "-32001 with ErrorInfo TASK_NOT_FOUND (ERR-004)")
case("E04-v10-error-reason-mismatch", lambda: C10() + [RPC(1, "GetTask", {"id": "t-missing"}), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_CANCELABLE")))],
     [("RPC-ERROR-001", E)], "-32001 whose ErrorInfo reason says TASK_NOT_CANCELABLE (ERR-002's reason column)")
case("E05-v10-result-and-error", lambda: C10() + [RPC(1, "SendMessage", P1), resp({"jsonrpc": "2.0", "id": 1, "result": {"task": tsk("COMPLETED")}, "error": {"code": -32603, "message": "x"}})],
     [("RPC-ENVELOPE-001", E)], "both result and error (RPC-002)")
case("E06-v10-id-mismatch", lambda: C10() + [RPC(7, "SendMessage", P1), resp(ok(8, {"task": tsk("COMPLETED")}))],
     [("RPC-ID-001", E)], "response id 8 for request 7 (RPC-002)")
case("E07-legal-v10-parse-error-null-id", lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{', headers=V10), resp({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}})],
     [], "unparsable request body answered -32700 with id null (RPC-002: null only if unreadable)")
case("E08-v10-wrong-case-method-accepted", lambda: C10() + [RPC(1, "sendMessage", P1), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [("RPC-METHOD-001", E)], "method sendMessage (camelCase) accepted (RPC-003: exact names, unknown -> -32601)")
case("E09-legal-v10-wrong-case-method-refused", lambda: C10() + [RPC(1, "sendMessage", P1), resp(err(1, -32601, "Method not found"))],
     [], "method sendMessage refused -32601 (RPC-003); the client's spelling is at most a note")
case("E10-legal-v10-cancel-unseen-task-not-cancelable", lambda: C10() + [RPC(1, "CancelTask", {"id": "t-missing"}), resp(err(1, -32002, "Task not cancelable", einfo("TASK_NOT_CANCELABLE")))],
     [], "cancel of a task the recording never saw, answered -32002: the task may predate the recording, so not-cancelable cannot be judged (TASK-003)")
case("E11-legal-v03-error-data-free-form", lambda: C03() + [R0(1, "tasks/get", {"id": "t-missing"}), resp(err(1, -32001, "Task not found", {"taskId": "t-missing", "hint": "expired"}))],
     [], "0.3 error.data is free-form (ERR-004 binds 1.0)")
case("E12-legal-v10-batch-two-calls", lambda: C10() + [req(A, [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
     resp([err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))])],
     [], "a JSON-RPC 2.0 batch of two GetTask calls, both answered TaskNotFound in one array (JSON-RPC 2.0 §6)")
case("E13-v10-batch-answer-id-mismatch", lambda: C10() + [req(A, [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
     resp([err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), err(3, -32001, "Task not found", einfo("TASK_NOT_FOUND"))])],
     [("RPC-ID-001", E)], "a batch of ids 1 and 2 answered with ids 1 and 3 (RPC-002)")

# ---------------------------------------------------------------- F: SSE framing (RPC-005, STREAM-*)
EV = [{"task": tsk("WORKING")}, art("a1", "result", last=True), stu("COMPLETED", 3)]
D = lambda e, i=1: js(ok(i, e))
SS = lambda chunks, close="eof", headers=None: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10)] + sse(chunks, close, headers)
case("F01-legal-v10-sse-crlf", lambda: SS(["data: %s\r\n\r\n" % D(e) for e in EV]), [], "CRLF line endings (W3C SSE accepts CRLF, LF, CR)")
case("F02-legal-v10-sse-cr-only", lambda: SS(["data: %s\r\r" % D(e) for e in EV]), [], "CR-only line endings (W3C SSE)")
case("F03-legal-v10-sse-comments-retry-id-event", lambda: SS([": keep-alive\n\n", "retry: 3000\n\n"] + ["id: %d\nevent: message\ndata: %s\n\n" % (k, D(e)) for k, e in enumerate(EV)] + [": bye\n\n"]),
     [], "comments, a retry field, id and event fields (W3C SSE; RPC-005 concerns data only)")
case("F04-legal-v10-sse-multi-line-data", lambda: SS(["data: %s,\ndata: %s\n\n" % tuple(D(e).split(", ", 1)) for e in EV]),
     [], "each JSON split over two data: lines, joined with a newline (W3C SSE; the digest's RPC-005 note)")
case("F05-legal-v10-sse-event-split-across-reads", lambda: SS([x for e in EV for x in ("data: " + D(e)[:13], D(e)[13:] + "\n", "\n")]),
     [], "every event split across three reads mid-line (TRANSCRIPT.md keeps read boundaries)")
case("F06-legal-v10-sse-bom", lambda: SS(["\ufeffdata: %s\n\n" % D(EV[0])] + ["data: %s\n\n" % D(e) for e in EV[1:]]), [], "a leading U+FEFF BOM on the stream (W3C SSE strips one)")
case("F07-legal-v10-sse-no-space-after-colon", lambda: SS(["data:%s\n\n" % D(e) for e in EV]), [], "data:{...} without the optional space (W3C SSE)")
case("F08-v10-sse-last-event-unterminated", lambda: SS(["data: %s\n\n" % D(e) for e in EV[:2]] + ["data: %s" % D(EV[2])]),
     [("SSE-FRAME-001", E)], "the COMPLETED event has no blank line before EOF: W3C SSE drops it")
case("F09-v10-sse-data-not-json", lambda: SS(["data: %s\n\n" % D(EV[0]), "data: {task: working}\n\n", "data: %s\n\n" % D(EV[2])]),
     [("SSE-FRAME-002", E)], "an event whose data is not JSON (RPC-005)")
case("F10-v10-sse-field-misspelled", lambda: SS(["data: %s\n\n" % D(EV[0]), "date: %s\n\n" % D(EV[1]), "data: %s\n\n" % D(EV[2])]),
     [("SSE-FRAME-003", E)], "'date:' instead of 'data:': the artifact event is ignored by every SSE parser")
case("F11-v10-sse-empty-data", lambda: SS(["data: %s\n\n" % D(EV[0]), "data:\n\n", "data: %s\n\n" % D(EV[2])]),
     [("SSE-FRAME-004", W)], "an event with empty data (RPC-005: each data = one JSON-RPC response)")
case("F12-v10-stream-as-json-body", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [("STREAM-HTTP-001", E)], "SendStreamingMessage answered application/json with one body (RPC-005: text/event-stream)")
case("F13-legal-v10-sse-charset", lambda: SS(["data: %s\n\n" % D(e) for e in EV], headers={"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}),
     [], "text/event-stream; charset=utf-8 (RFC 9110 parameters)")
case("F14-v10-message-event-in-task-stream", lambda: SS(["data: %s\n\n" % D(e) for e in [EV[0], {"message": amsg10("thinking...", taskId="t1", contextId="c1")}, EV[2]]]),
     [("STREAM-SHAPE-003", E)], "a bare message event inside a task stream (STREAM-003: status/artifact updates only after the task)")
case("F15-v10-stream-first-status-update", lambda: SS(["data: %s\n\n" % D(e) for e in [stu("WORKING", 1), EV[2]]]),
     [("STREAM-FIRST-001", E)], "the first event is a statusUpdate, not the task (STREAM-003)")
case("F16-legal-v10-stream-message-only", lambda: SS(["data: %s\n\n" % D({"message": amsg10("hello", contextId="c1")})]),
     [], "a message reply stream: one message, then close (STREAM-002)")
case("F17-v10-stream-after-message-reply", lambda: SS(["data: %s\n\n" % D(e) for e in [{"message": amsg10("hello", contextId="c1")}, {"message": amsg10("again", mid="a2", contextId="c1")}]]),
     [("STREAM-END-001", E)], "a second message after the message reply (STREAM-002: one message event then close)")
case("F18-legal-v03-sse-crlf-bom", lambda: C03() + [req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03)] +
     sse(["\ufeffdata: %s\r\n\r\n" % js(ok(1, task03(state="working"))), "data: %s\r\n\r\n" % js(ok(1, st03x("completed", final=True)))]),
     [], "0.3 stream with a BOM and CRLF endings (W3C SSE)")
case("F19-v10-sse-two-objects-one-line", lambda: SS(["data: %s\n\n" % D(EV[0]), "data: %s%s\n\n" % (D(EV[1]), D(EV[2]))]),
     [("SSE-FRAME-002", E)], "two JSON objects on one data line: not one JSON value (RPC-005)")
case("F20-legal-v10-sse-two-events-one-read", lambda: SS(["".join("data: %s\n\n" % D(e) for e in EV)]), [], "all three events in one read (TRANSCRIPT.md)")
case("F21-legal-v10-sse-trailing-comment-before-close", lambda: SS(["data: %s\n\n" % D(e) for e in EV] + [":\n\n"]), [], "an empty comment line after the last event (W3C SSE)")
case("F22-v10-sse-event-after-completed-in-same-read", lambda: SS(["data: %s\n\n" % D(EV[0]), "data: %s\n\ndata: %s\n\n" % (D(EV[2]), D(stu("WORKING", 4)))]),
     [("STREAM-END-001", E), ("TASK-STATE-001", E)], "a WORKING update after COMPLETED, both in one read (STREAM-007, TASK-001)")

# ---------------------------------------------------------------- G: two clients, two generations, one agent (VER-*, BIND-001)
DUAL = lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A + "/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]))
A03 = A + "/v03"
case("G01-legal-two-clients-two-versions", lambda: DUAL() + send_task(tsk("COMPLETED")) +
     [R0(1, "message/send", {"message": msg03()}, url=A03), resp(ok(1, task03(tid="t2", ctx="c2")))],
     [], "a 1.0 client at the 1.0 interface, a 0.3 client at the 0.3 interface of the same agent (VER-004)")
case("G02-legal-same-task-read-in-both-dialects", lambda: DUAL() + send_task(tsk("COMPLETED")) +
     [R0(2, "tasks/get", {"id": "t1"}, url=A03), resp(ok(2, task03(state="completed")))],
     [], "the 0.3 client reads the 1.0 client's task in 0.3 shape (BIND-001, VER-004)")
case("G03-v10-and-v03-task-state-changed", lambda: DUAL() + send_task(tsk("COMPLETED")) +
     [R0(2, "tasks/get", {"id": "t1"}, url=A03), resp(ok(2, task03(state="working", n=5)))],
     [("TASK-STATE-001", E)], "the 1.0 reply said COMPLETED, the 0.3 read of the same task says working (TASK-001)")
case("G04-v10-send-answered-in-0-3-shape", lambda: DUAL() + [RPC(1, "SendMessage", P1), resp(ok(1, task03()))],
     [("DATA-SHAPE-001", E), ("TASK-STATE-005", E)], "a 1.0 SendMessage answered with a 0.3 Task (kind, lowercase state) (VER-002)")
case("G05-legal-v03-no-header-at-v03-url", lambda: DUAL() + [R0(1, "message/stream", {"message": msg03()}, url=A03)] + sse(["data: %s\n\n" % js(ok(1, e)) for e in [task03(state="working"), st03x("completed", final=True)]]),
     [], "the 0.3 client streams at the 0.3 interface, no A2A-Version (VER-003)")
case("G06-v03-client-at-v10-url", lambda: DUAL() + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=V10), resp(ok(1, task03()))],
     [("VER-MIX-002", W)], "a 0.3 method with A2A-Version 1.0 (VER-001, VER-002)")
case("G07-legal-v02-and-v10-agents-one-recording", lambda: getcard(card02(url="https://old.example.test/rpc"), base="https://old.example.test", path="/.well-known/agent.json") +
     [req("https://old.example.test/rpc", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03(tid="o1", ctx="oc1")))] + C10() + send_task(tsk("COMPLETED")),
     [], "one recording, two agents: a 0.2 agent (agent.json) and a 1.0 agent (CARD-002 per version)")
case("G08-legal-v10-two-clients-interleaved-streams", lambda: C10() + [
     {**RPC(1, "SendStreamingMessage", P1, h=S10), "id": 1}, {**RPC(1, "SendStreamingMessage", {"message": msg10("other", mid="m9")}, h=S10), "id": 2},
     {**resp("", headers=SSE), "id": 1}, {**resp("", headers=SSE), "id": 2},
     chunk("data: %s\n\n" % D({"task": tsk("WORKING")}), id=1), chunk("data: %s\n\n" % D({"task": tsk("WORKING", tid="t2", ctx="c2")}), id=2),
     chunk("data: %s\n\n" % D(stu("COMPLETED", 3, tid="t2", ctx="c2")), id=2), chunk("data: %s\n\n" % D(stu("COMPLETED", 3)), id=1),
     chunk("", close="eof", id=2), chunk("", close="eof", id=1)],
     [], "two clients' streams (both JSON-RPC id 1) interleaved: each stream is its own (RPC-005)")
case("G09-v10-interleaved-streams-crossed-event", lambda: C10() + [
     {**RPC(1, "SendStreamingMessage", P1, h=S10), "id": 1}, {**RPC(1, "SendStreamingMessage", {"message": msg10("other", mid="m9")}, h=S10), "id": 2},
     {**resp("", headers=SSE), "id": 1}, {**resp("", headers=SSE), "id": 2},
     chunk("data: %s\n\n" % D({"task": tsk("WORKING")}), id=1), chunk("data: %s\n\n" % D({"task": tsk("WORKING", tid="t2", ctx="c2")}), id=2),
     chunk("data: %s\n\n" % D(stu("COMPLETED", 3, tid="t2", ctx="c2")), id=1), chunk("data: %s\n\n" % D(stu("COMPLETED", 3, tid="t2", ctx="c2")), id=2),
     chunk("data: %s\n\n" % D(stu("COMPLETED", 3)), id=1), chunk("", close="eof", id=2), chunk("", close="eof", id=1)],
     [("ID-EVENT-002", E)], "t2's update delivered on t1's stream (ID-006)")

# ---------------------------------------------------------------- N: numbers and size at the edges
def nest(k):
    o = {"leaf": 1}
    for _ in range(k):
        o = {"n": o}
    return o
def nest_list(k):
    o = [1]
    for _ in range(k):
        o = [o]
    return o
DP = lambda data: {"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"data": data}]}}
case("N01-legal-v10-data-part-nested-200", lambda: C10() + send_task(tsk("COMPLETED"), p=DP(nest(200))),
     [], "a data part nested 200 objects deep (Part.data is any JSON; no depth limit in the spec)")
case("N02-legal-v10-result-artifact-nested-300-arrays", lambda: C10() + send_task(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"data": nest_list(300)}]}])),
     [], "an artifact's data part with arrays nested 300 deep in the agent's answer (DATA-004)")
case("N03-legal-v10-big-text-part", lambda: C10() + send_task(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x" * 300000}]}])),
     [], "a 300 kB text artifact")
case("N04-legal-v10-data-huge-numbers", lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"messageId":"m1","role":"ROLE_USER","parts":[{"data":{"big":123456789012345678901234567890,"tiny":1e-400,"huge":1.7e308,"neg0":-0,"exp":1.0E+2}}]}}}', headers=V10),
              resp(ok(1, {"task": tsk("COMPLETED")}))],
     [], "a data part with a 30-digit integer, 1e-400, 1.7e308, -0 and 1.0E+2 (RFC 8259 numbers; Part.data is a Value)")
case("N05-v10-gettask-history-negative-accepted", lambda: C10() + send_task(tsk("COMPLETED", history=hist(2))) + GT(2, {"id": "t1", "historyLength": -1}, tsk("COMPLETED", history=hist(2))),
     [("DATA-PARAM-001", E)], "historyLength -1 accepted instead of refused -32602 (ERR-006; DATA-006)")
case("N06-legal-v10-history-length-int32-max", lambda: C10() + send_task(tsk("COMPLETED", history=hist(2))) + GT(2, {"id": "t1", "historyLength": 2147483647}, tsk("COMPLETED", history=hist(2))),
     [], "historyLength 2^31-1: all history (DATA-006)")
case("N07-legal-v10-jsonrpc-id-zero-and-string", lambda: C10() + [RPC(0, "SendMessage", P1), resp(ok(0, {"task": tsk("COMPLETED")})),
     RPC("0", "GetTask", {"id": "t1"}), resp(ok("0", tsk("COMPLETED")))],
     [], "ids 0 and \"0\" are distinct and both echoed (RPC-002)")
case("N08-legal-v10-text-with-nul-and-controls", lambda: C10() + send_task(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "a\u0000b\u0007c\u001fd"}]}])),
     [], "a text part with NUL and control characters, escaped (RFC 8259 §7)")
case("N09-legal-v10-page-size-as-string", lambda: C10() + LT([tsk("COMPLETED", 3)], ps=5, pageSize="5"),
     [], "pageSize \"5\" as a JSON string (ProtoJSON int32 accepts it)")
case("N10-legal-v10-deep-metadata", lambda: C10() + send_task(tsk("COMPLETED"), p={"message": msg10(metadata=nest(150))}),
     [], "message metadata (a Struct) 150 levels deep")

# ---------------------------------------------------------------- K1: an SSE field name one typo from `data` carrying the JSON (SSE-FRAME-003)
RS = lambda chunks: R10c() + [req(H + "/message:stream", {"message": msg10()}, headers={**RJ, "accept": "text/event-stream"})] + sse(chunks)
case("F23-v10-sse-field-dat", lambda: SS(["data: %s\n\n" % D(EV[0]), "dat: %s\n\n" % D(EV[1]), "data: %s\n\n" % D(EV[2])]),
     [("SSE-FRAME-003", E)], "'dat:' (a letter dropped): the parser ignores the unknown field, the artifact event is lost (RPC-005)")
case("F24-v10-sse-field-daat", lambda: SS(["data: %s\n\n" % D(EV[0]), "daat: %s\n\n" % D(EV[1]), "data: %s\n\n" % D(EV[2])]),
     [("SSE-FRAME-003", E)], "'daat:' (a letter doubled) carrying the artifact event's JSON (RPC-005)")
case("F25-v10-rest-sse-field-dtaa", lambda: RS(["data: %s\n\n" % js({"task": tsk("WORKING")}), "dtaa: %s\n\n" % js(art("a1", "result", last=True)), "data: %s\n\n" % js(stu("COMPLETED", 3))]),
     [("SSE-FRAME-003", E)], "HTTP+JSON stream: 'dtaa:' (two letters swapped) carrying the artifact update (REST-002)")
case("F26-v03-sse-field-dara", lambda: C03() + [req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03)] +
     sse(["data: %s\n\n" % js(ok(1, task03(state="working"))), "dara: %s\n\n" % js(ok(1, st03x("completed", final=True)))]),
     [("SSE-FRAME-003", E)], "0.3: 'dara:' carrying the final status update: the client never sees completed (RPC-005)")
case("F27-legal-v10-sse-custom-date-field", lambda: SS(["date: 2026-12-02T10:00:00Z\ndata: %s\n\n" % D(EV[0])] + ["data: %s\n\n" % D(e) for e in EV[1:]]),
     [], "a custom 'date:' field with a timestamp beside the data line: unknown fields are ignored, nothing is lost (W3C SSE)")
case("F28-legal-v10-sse-custom-json-field-far-from-data", lambda: SS(["meta: {\"trace\": \"abc\"}\ndata: %s\n\n" % D(EV[0])] + ["data: %s\n\n" % D(e) for e in EV[1:]]),
     [], "a custom 'meta:' field with JSON beside the data line: unknown fields are ignored (W3C SSE)")

# ---------------------------------------------------------------- K2: another task's terminal event on a stream does not end it (ID-006, STREAM-007)
def crossed(events_a, events_b, stray, h=S10):
    out = C10() + [{**RPC(1, "SendStreamingMessage", P1, h=h), "id": 1}, {**RPC(1, "SendStreamingMessage", {"message": msg10("other", mid="m9")}, h=h), "id": 2},
                   {**resp("", headers=SSE), "id": 1}, {**resp("", headers=SSE), "id": 2}]
    out += [chunk("data: %s\n\n" % D(e), id=1) for e in events_a[:1]] + [chunk("data: %s\n\n" % D(e), id=2) for e in events_b]
    out += [chunk("data: %s\n\n" % D(stray), id=1)] + [chunk("data: %s\n\n" % D(e), id=1) for e in events_a[1:]]
    return out + [chunk("", close="eof", id=2), chunk("", close="eof", id=1)]
case("G10-v10-crossed-failed-event-then-own-working", lambda: crossed([{"task": tsk("WORKING")}, stu("WORKING", 4), stu("COMPLETED", 5)],
                                                                       [{"task": tsk("WORKING", tid="t2", ctx="c2")}, stu("FAILED", 3, tid="t2", ctx="c2")], stu("FAILED", 3, tid="t2", ctx="c2")),
     [("ID-EVENT-002", E), ("GW-SSE-001", W)], "t2's FAILED delivered on t1's stream; t1's own updates go on to COMPLETED: the stray event is ID-006, t1's stream never ended (STREAM-007 not broken)")
case("G11-v10-crossed-artifact-and-status-then-own", lambda: crossed([{"task": tsk("WORKING")}, art("a1", "mine", last=True), stu("COMPLETED", 5)],
                                                                     [{"task": tsk("WORKING", tid="t2", ctx="c2")}, stu("CANCELED", 3, tid="t2", ctx="c2")], stu("CANCELED", 3, tid="t2", ctx="c2")),
     [("ID-EVENT-002", E)], "t2's CANCELED on t1's stream, then t1's artifact and COMPLETED (ID-006 only)")
case("G12-v03-crossed-final-event", lambda: C03() + [{**req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03), "id": 1}, {**req(A, rpc(1, "message/stream", {"message": msg03("other", mid="m9")}), headers=S03), "id": 2},
     {**resp("", headers=SSE), "id": 1}, {**resp("", headers=SSE), "id": 2},
     chunk("data: %s\n\n" % js(ok(1, task03(state="working"))), id=1), chunk("data: %s\n\n" % js(ok(1, task03(tid="t2", ctx="c2", state="working"))), id=2),
     chunk("data: %s\n\n" % js(ok(1, st03x("completed", final=True, tid="t2", ctx="c2"))), id=2),
     chunk("data: %s\n\n" % js(ok(1, st03x("completed", final=True, tid="t2", ctx="c2"))), id=1),
     chunk("data: %s\n\n" % js(ok(1, st03x("completed", n=4, final=True))), id=1), chunk("", close="eof", id=2), chunk("", close="eof", id=1)],
     [("ID-EVENT-002", E)], "0.3: t2's final completed also on t1's stream, then t1's own final (ID-006)")
case("G13-legal-v10-two-streams-own-events", lambda: crossed([{"task": tsk("WORKING")}, stu("COMPLETED", 5)],
                                                              [{"task": tsk("WORKING", tid="t2", ctx="c2")}, stu("FAILED", 3, tid="t2", ctx="c2")], stu("WORKING", 4)),
     [], "control: the same two streams, each carrying only its own task's events")

# ---------------------------------------------------------------- K3: GET routes requested with POST or PUT (REST-VERB-001/002)
case("R21-v10-rest-get-route-put-refused", lambda: R10c() + RSEND(tsk("COMPLETED")) + [req(H + "/tasks/t1", "{}", method="PUT", headers=RJ), resp(RERR(405, "UNIMPLEMENTED", "Method not allowed", "METHOD_NOT_ALLOWED"), status=405, headers=RJR)],
     [("REST-VERB-001", E)], "PUT /tasks/t1: the client's verb is wrong (GetTask is GET); the agent refused it with 405, the right answer (REST-001)")
case("R22-v03-rest-get-route-posted", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) +
     [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=J03),
      req(H + "/v1/tasks/t1", "", headers=J03), resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01Z"}}, headers=J03)],
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "0.3: POST /v1/tasks/t1 (GetTask is GET /v1/tasks/{id}) served by the agent (REST-003)")
case("R23-v10-rest-list-posted", lambda: R10c() + [req(H + "/tasks", {"contextId": "c1"}, headers=RJ), resp({"tasks": [tsk("COMPLETED", 3)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [("REST-VERB-001", E), ("REST-VERB-002", W)], "POST /tasks with the filter as a body (ListTasks is GET /tasks?contextId=...) served by the agent (REST-001)")
case("R24-legal-v10-rest-get-route-get", lambda: R10c() + RSEND(tsk("COMPLETED")) + rget("/tasks/t1?historyLength=5", tsk("COMPLETED")),
     [], "control: GET /tasks/t1 (REST-001)")
case("R25-legal-v10-rest-cancel-colon-encoded", lambda: R10c() + [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR)] +
     rget("/tasks/t1%3Acancel", tsk("CANCELED", 2), method="POST", body=""),
     [], "control: POST /tasks/t1%3Acancel is the cancel route with its colon percent-encoded (RFC 3986 §2.1), no GetTask under POST")

# ---------------------------------------------------------------- more legal controls
case("X01-legal-v10-rest-trailing-slash-list", lambda: R10c() + rget("/tasks/?pageSize=5", {"tasks": [tsk("COMPLETED", 3)], "nextPageToken": "", "pageSize": 5, "totalSize": 1}),
     [], "GET /tasks/ with a trailing slash and a query: the same collection (REST-001)")
case("X02-legal-v10-rest-cancel-then-get", lambda: R10c() + [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR)] +
     rget("/tasks/t1:cancel", tsk("CANCELED", 2), method="POST", body="") + rget("/tasks/t1", tsk("CANCELED", 2)),
     [], "HTTP+JSON cancel then GET shows CANCELED (TASK-003)")
case("X03-legal-v10-rest-subscribe-post-working", lambda: R10c() + [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR)] +
     rstream([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], path="/tasks/t1:subscribe"),
     [], "POST /tasks/t1:subscribe (prose verb; trap 1) on a working task to COMPLETED (STREAM-004)")
case("X04-legal-v10-push-list-two-configs", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) + CPC(3, {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", HOOK + "2", "tok-2")) +
     [RPC(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(4, {"configs": [CFG(), CFG("cfg-2", HOOK + "2", "tok-2")], "nextPageToken": ""}))],
     [], "two configs for one task, both listed (PUSH-003)")
case("X05-legal-v10-push-delete-idempotent", lambda: BASE() + CPC(2, {"taskId": "t1", "url": HOOK, "token": "tok-1"}, CFG()) +
     [RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(3, {})), RPC(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}), resp(ok(4, {}))],
     [], "deleting the same config twice succeeds twice (PUSH-003: Delete idempotent)")
case("X06-legal-v10-gettask-history-absent-full", lambda: C10() + send_task(tsk("COMPLETED", history=hist(6))) + GT(2, {"id": "t1"}, tsk("COMPLETED", history=hist(6))),
     [], "GetTask without historyLength: the server's default, here all six (DATA-006)")
case("X07-legal-v10-sse-crlf-split-between-reads", lambda: SS([x for e in EV for x in ("data: %s\r" % D(e), "\n\r\n")]),
     [], "a CRLF pair split across two reads (W3C SSE: CR then LF is one line ending)")
case("X08-legal-v10-sse-id-and-retry-per-event", lambda: SS(["id: ev-%d\nretry: 1500\ndata: %s\n\n" % (k, D(e)) for k, e in enumerate(EV)]),
     [], "id and retry on every event (W3C SSE)")
case("X09-legal-v10-cancel-idempotent", lambda: C10() + send_task(tsk("WORKING"), p=RI) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2))),
     RPC(3, "CancelTask", {"id": "t1"}), resp(ok(3, tsk("CANCELED", 2)))],
     [], "a second cancel of the canceled task answers the same CANCELED task (TASK-003: cancel idempotent)")
case("X10-legal-v03-blocking-false-then-get", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), resp(ok(1, task03(state="submitted"))),
     R0(2, "tasks/get", {"id": "t1", "historyLength": 1}), resp(ok(2, task03(state="completed", n=3, history=[msg03(taskId="t1", contextId="c1")])))],
     [], "0.3 blocking:false answered submitted, then tasks/get with historyLength 1 (one message)")

write_cases(C, OUT)
