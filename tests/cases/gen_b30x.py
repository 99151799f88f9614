"""Writes the b30x blind-adversary transcripts (breaker30): timestamps (RFC 3339 / ISO 8601
forms, fractional seconds of every length, offsets, naive times per generation, status
ordering where text order and time order disagree, ListTasks statusTimestampAfter with
offsets), the rarer task states end to end (rejected, auth-required, TASK_STATE_UNSPECIFIED,
unknown) in 0.1, 0.2, 0.3 and 1.0, artifacts resumed across a reconnection (SubscribeToTask,
tasks/resubscribe, the HTTP+JSON :subscribe), JSON-RPC ids at the edges (beyond 2^53 and
2^64, zero, negative, floats, Unicode, string against integer), Unicode everywhere (emoji,
surrogate-pair escapes, a lone surrogate, ids in paths percent-encoded, tenants), 1.0
parameters (historyLength 0 / absent / huge, includeArtifacts, page tokens, tenants),
metadata and extension members, long interleaved recordings and HTTP/2-shaped headers.
Faulty ones carry the finding the verifier must report; `-legal-` ones must stay silent
(but for notes). Run from the repo root: python3 tests/cases/gen_b30x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker30 (blind adversary, round ten)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)

C = {}
case = case_maker(C, "b30x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
HOOK = "https://hooks.example.test/a2a/cb"
S10 = {**V10, "accept": "text/event-stream"}
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RJG = {"accept": "application/a2a+json", "a2a-version": "1.0"}
RJR = {"content-type": "application/a2a+json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
R0 = lambda i, m, p, url=A: req(url, rpc(i, m, p), headers=J03)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
C02 = lambda **kw: getcard(card02(**kw), path="/.well-known/agent.json")
C01 = lambda **kw: getcard(card01(**kw), path="/.well-known/agent.json")
P1 = {"message": msg10()}


def js(o):
    return json.dumps(o)


def jsu(o):
    return json.dumps(o, ensure_ascii=False)


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


def tsk(state="WORKING", ts="2026-12-02T10:00:01.000Z", tid="t1", ctx="c1", **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state}}
    if ts is not None:
        t["status"]["timestamp"] = ts
    t.update(kw)
    return t


def stu(state="WORKING", ts="2026-12-02T10:00:02.000Z", tid="t1", ctx="c1", msg=None):
    s = {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state}}
    if ts is not None:
        s["status"]["timestamp"] = ts
    if msg is not None:
        s["status"]["message"] = msg
    return {"statusUpdate": s}


def art(aid="a1", text="part", append=False, last=False, tid="t1", ctx="c1"):
    return {"artifactUpdate": {"taskId": tid, "contextId": ctx, "artifact": {"artifactId": aid, "parts": [{"text": text}]},
                               "append": append, "lastChunk": last}}


def st03x(state, ts="2026-12-02T10:00:02.000Z", final=False, tid="t1", ctx="c1", msg=None):
    s = {"kind": "status-update", "taskId": tid, "contextId": ctx, "status": {"state": state, "timestamp": ts}, "final": final}
    if msg is not None:
        s["status"]["message"] = msg
    return s


def art03(aid="a1", text="part", append=False, last=False, tid="t1", ctx="c1"):
    return {"kind": "artifact-update", "taskId": tid, "contextId": ctx,
            "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}, "append": append, "lastChunk": last}


def ts_stream(*stamps, state_last="COMPLETED"):
    """A 1.0 send stream: the Task stamped stamps[0], then one statusUpdate per further stamp
    (WORKING, the last one `state_last`)."""
    ev = [{"task": tsk("WORKING", stamps[0])}]
    for k, s in enumerate(stamps[1:]):
        ev.append(stu(state_last if k == len(stamps) - 2 else "WORKING", s))
    return C10() + stream(ev)


def paced(lines, step=1.0):
    """Restamps the lines' `t`: stream chunks `step` seconds apart (as an agent that works
    between its events sends them), other lines 10 ms apart."""
    cur = 0.0
    for l in lines:
        cur += step if l["dir"] == "chunk" else 0.01
        l["t"] = round(cur, 3)
    return lines


def send_task(t, i=1, p=None):
    return [RPC(i, "SendMessage", p or P1), resp(ok(i, {"task": t}))]


# ---------------------------------------------------------------- T: timestamps (DATA-002, STREAM-005)
case("T01-legal-v10-ts-whole-seconds", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01Z")),
     [], "a timestamp with no fraction: ProtoJSON writes Timestamp with 0, 3, 6 or 9 fractional digits; ms precision is only a SHOULD (DATA-002)")
case("T02-legal-v10-ts-nanoseconds", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01.123456789Z")),
     [], "nine fractional digits (Go/Java ProtoJSON of a nanosecond Timestamp) in UTC with Z (DATA-002)")
case("T03-legal-v10-ts-microseconds", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01.123456Z")),
     [], "six fractional digits (Python datetime.isoformat) with Z (DATA-002)")
case("T04-legal-v10-stream-ts-whole-then-fraction", lambda: ts_stream("2026-12-02T10:00:05Z", "2026-12-02T10:00:05.250Z", "2026-12-02T10:00:05.900Z"),
     [], "10:00:05Z then 10:00:05.250Z then .900Z go forwards in time although '.' sorts before 'Z' as text (STREAM-005)")
case("T05-v10-stream-ts-fraction-then-whole-backwards", lambda: ts_stream("2026-12-02T10:00:05.500Z", "2026-12-02T10:00:05Z", "2026-12-02T10:00:06Z"),
     [("STREAM-ORDER-001", W)], "10:00:05.500Z then 10:00:05Z goes back half a second (text order says forwards: '.' < 'Z'); events in generation order (STREAM-005)")
case("T06-legal-v10-stream-ts-equal", lambda: ts_stream("2026-12-02T10:00:05.000Z", "2026-12-02T10:00:05.000Z", "2026-12-02T10:00:05.000Z"),
     [], "several status updates within one millisecond carry equal timestamps: not backwards (STREAM-005)")
case("T07-v10-ts-offset-plus-zero", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01.000+00:00")),
     [("DATA-TIME-001", W)], "+00:00 instead of Z (Python isoformat of an aware UTC datetime): 1.0 wants UTC written with Z (DATA-002)")
case("T08-v10-ts-no-zone", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01.000")),
     [("DATA-SHAPE-001", E)], "a naive 1.0 timestamp with no zone designator at all (Python datetime.utcnow().isoformat()): no RFC 3339 date-time, so ProtoJSON parsers refuse the whole Task (DATA-002, DATA-005)")
case("T09-v10-ts-stream-offset-east", lambda: ts_stream("2026-12-02T10:00:01.000Z", "2026-12-02T11:00:02.000+01:00", "2026-12-02T10:00:03.000Z"),
     [("DATA-TIME-001", W)], "a statusUpdate stamped in local time +01:00 (same instant order, wrong form): DATA-002 wants Z")
case("T10-legal-v03-ts-naive", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, task03(status={"state": "completed", "timestamp": "2026-12-02T10:00:01.123456"})))],
     [], "0.3 timestamps: the 0.x schemas only say ISO 8601 and the examples use naive times (DATA-002 is 1.0)")
case("T11-legal-v03-ts-offset", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, task03(status={"state": "completed", "timestamp": "2026-12-02T10:00:01.123456+00:00"})))],
     [], "0.3 timestamp with +00:00 (a2a-python 0.3 datetime.now(timezone.utc).isoformat()): ISO 8601, and DATA-002 binds 1.0 only")
case("T12-v10-stream-ts-backwards-across-offsets", lambda: ts_stream("2026-12-02T10:00:05.000Z", "2026-12-02T11:00:03.000+01:00", "2026-12-02T10:00:06.000Z"),
     [("DATA-TIME-001", W), ("STREAM-ORDER-001", W)], "11:00:03+01:00 is 10:00:03Z, two seconds before the Task's 10:00:05Z (text order says later): backwards (STREAM-005) and not Z (DATA-002)")
case("T13-legal-v10-stream-ts-across-new-year", lambda: ts_stream("2026-12-31T23:59:59.900Z", "2027-01-01T00:00:00.100Z", "2027-01-01T00:00:00.200Z"),
     [], "a stream that runs across midnight and the new year goes forwards (STREAM-005)")
case("T14-v10-stream-status-epoch", lambda: ts_stream("2026-12-02T10:00:01.000Z", "1970-01-01T00:00:00Z", "2026-12-02T10:00:03.000Z"),
     [("DATA-TIME-002", W)], "a statusUpdate stamped with the Unix epoch: a zero Timestamp the agent never set (DATA-002; proto TaskStatus.timestamp)")
case("T15-v10-push-ts-offset", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}),
     resp(ok(1, {"task": tsk("WORKING")})),
     req(HOOK, stu("COMPLETED", "2026-12-02T12:00:03.000+02:00"), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "tok-1"}), resp("", headers={})],
     [("DATA-TIME-001", W)], "the webhook's StreamResponse stamps the status +02:00 instead of Z (DATA-002; PUSH-004: the body is a 1.0 StreamResponse)")
case("T16-v10-listtasks-ts-offset", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "c1"}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:01.000-05:00")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [("DATA-TIME-001", W)], "a ListTasks task stamped -05:00: 1.0 timestamps are UTC with Z wherever a Task appears (DATA-002)")
case("T17-v10-rest-stream-ts-backwards", lambda: R10c() + rstream([{"task": tsk("WORKING", "2026-12-02T10:00:05.000Z")}, stu("WORKING", "2026-12-02T10:00:04.000Z"), stu("COMPLETED", "2026-12-02T10:00:06.000Z")]),
     [("STREAM-ORDER-001", W)], "HTTP+JSON stream whose first statusUpdate is stamped a second before the Task (STREAM-005)")
case("T18-legal-v10-listtasks-filter-offset", lambda: C10() + [
    RPC(1, "ListTasks", {"statusTimestampAfter": "2026-12-02T12:00:00+02:00"}),
    resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:02.000Z", tid="t2"), tsk("COMPLETED", "2026-12-02T10:00:01.000Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
     [], "statusTimestampAfter 12:00+02:00 is 10:00:00Z; tasks at 10:00:01Z and later match (ListTasksRequest: ISO 8601, >=)")
case("T19-v10-listtasks-filter-offset-not-applied", lambda: C10() + [
    RPC(1, "ListTasks", {"statusTimestampAfter": "2026-12-02T09:00:05-01:00"}),
    resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:06.000Z", tid="t2"), tsk("COMPLETED", "2026-12-02T10:00:01.000Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
     [("DATA-LIST-003", E)], "09:00:05-01:00 is 10:00:05Z: the task stamped 10:00:01Z is older and must not be listed (DATA-007)")
case("T20-legal-v10-listtasks-filter-equal", lambda: C10() + [
    RPC(1, "ListTasks", {"statusTimestampAfter": "2026-12-02T10:00:01.000Z"}),
    resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:01.000Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [], "a task stamped exactly at statusTimestampAfter matches: the proto says greater than or equal (ListTasksRequest.status_timestamp_after)")
case("T21-legal-v10-listtasks-filter-fraction", lambda: C10() + [
    RPC(1, "ListTasks", {"statusTimestampAfter": "2026-12-02T10:00:05Z"}),
    resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:05.500Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [], "10:00:05.500Z is after 10:00:05Z although it sorts before it as text (DATA-007)")
case("T22-legal-v10-rest-listtasks-filter-offset-encoded", lambda: R10c() + [
    req(H + "/tasks?statusTimestampAfter=2026-12-02T12%3A00%3A00%2B02%3A00", method="GET", headers=RJG),
    resp({"tasks": [tsk("COMPLETED", "2026-12-02T10:00:01.000Z")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [], "HTTP+JSON query statusTimestampAfter with a URL-encoded +02:00 offset (REST-001: ISO 8601, URL-encoded): 10:00:00Z, the 10:00:01Z task matches")

# ---------------------------------------------------------------- S: the rarer states (TASK-001, TASK-008)
RJM = lambda t: amsg10(t, mid="r1", taskId="t1", contextId="c1")
case("S01-legal-v10-rejected-blocking-send", lambda: C10() + send_task({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_REJECTED", "message": RJM("I cannot do that"), "timestamp": "2026-12-02T10:00:01.000Z"}}),
     [], "a blocking send answered REJECTED directly: the first observed state is free and REJECTED is terminal (TASK-005, TASK-008)")
case("S02-legal-v10-stream-rejected-closes", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("REJECTED")]),
     [], "a stream that ends with REJECTED, a terminal state, and closes (STREAM-003)")
case("S03-v10-stream-event-after-rejected", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("REJECTED"), stu("WORKING", "2026-12-02T10:00:03.000Z")]),
     [("STREAM-END-001", E), ("TASK-STATE-001", E)], "a statusUpdate after REJECTED: nothing after the terminal event (STREAM-007) and a terminal task never changes state (TASK-001)")
case("S04-v10-rejected-then-working-in-gettask", lambda: C10() + send_task(tsk("REJECTED")) + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("WORKING", "2026-12-02T10:00:05.000Z")))],
     [("TASK-STATE-001", E)], "REJECTED is terminal; a later GetTask shows the task WORKING again (TASK-001)")
case("S05-v10-unspecified-state-in-send", lambda: C10() + send_task(tsk("UNSPECIFIED")),
     [("TASK-STATE-005", E)], "TASK_STATE_UNSPECIFIED on a live task handed to the client (TASK-008: *_UNSPECIFIED should not appear)")
case("S06-v10-state-unknown-name", lambda: C10() + send_task(tsk("UNKNOWN")),
     [("TASK-STATE-005", E)], "TASK_STATE_UNKNOWN is no TaskState of the 1.0 proto (0.x had 'unknown'; 1.0 dropped it)")
case("S07-v10-stream-status-unspecified", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("UNSPECIFIED"), stu("COMPLETED", "2026-12-02T10:00:03.000Z")]),
     [("TASK-STATE-005", E)], "a statusUpdate with TASK_STATE_UNSPECIFIED mid-stream (TASK-008)")
case("S08-legal-v10-auth-required-stream-resumes", lambda: paced(C10() + stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", msg=amsg10("Sign in at https://idp.example.test/device", mid="r1", taskId="t1", contextId="c1")),
                                                                         stu("WORKING", "2026-12-02T10:00:03.000Z"), stu("COMPLETED", "2026-12-02T10:00:04.000Z")])),
     [], "AUTH_REQUIRED explained in status.message, the stream kept open, then WORKING and COMPLETED once the client authorised out of band (TASK-006)")
case("S09-v10-auth-required-stream-without-message", lambda: paced(C10() + stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED"), stu("WORKING", "2026-12-02T10:00:03.000Z"), stu("COMPLETED", "2026-12-02T10:00:04.000Z")])),
     [("TASK-AUTH-001", E)], "AUTH_REQUIRED with no status.message saying what authorization is needed (TASK-006)")
case("S10-v03-auth-required-stream-without-message", lambda: C03() + stream03([task03(state="working"), st03x("auth-required", final=True)]),
     [("TASK-AUTH-002", W)], "0.3 auth-required without a status.message (0.3 §4.5 SHOULD)")
case("S11-legal-v03-rejected-final", lambda: C03() + stream03([task03(state="submitted"), st03x("rejected", final=True)]),
     [], "0.3 stream ends with rejected and final:true (STREAM-008)")
case("S12-v03-rejected-final-false-last", lambda: C03() + stream03([task03(state="submitted"), st03x("rejected", final=False)]),
     [("STREAM-FINAL-001", E)], "0.3 rejected (terminal) sent with final:false as the stream's last event (STREAM-008)")
case("S13-legal-v03-unknown-state-get", lambda: C03() + [R0(1, "tasks/get", {"id": "t9"}), resp(ok(1, task03(tid="t9", ctx="c9", state="unknown")))],
     [], "0.3 'unknown' is in the 0.3 TaskState enum (0.3:schema); the spec does not say when to use it: legal reading")
case("S14-v01-rejected-state", lambda: C01() + [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
     resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "rejected", "timestamp": "2026-12-02T10:00:01"}}))],
     [("TASK-STATE-005", E)], "0.1 has no 'rejected' state (digest §1: 0.1 lacks rejected/auth-required)")
case("S15-v01-auth-required-state", lambda: C01() + [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
     resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "auth-required", "message": {"role": "agent", "parts": [{"type": "text", "text": "Sign in"}]}, "timestamp": "2026-12-02T10:00:01"}}))],
     [("TASK-STATE-005", E)], "0.1 has no 'auth-required' state (digest §1)")
case("S16-legal-v01-unknown-state", lambda: C01() + [R0(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}),
     resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "unknown", "timestamp": "2026-12-02T10:00:01"}}))],
     [], "0.1 lists 'unknown' among its task states")
case("S17-legal-v02-rejected", lambda: C02() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, task03(state="rejected")))],
     [], "0.2 has 'rejected' (0.2.0 TaskState)")
case("S18-v10-message-to-rejected-task-accepted", lambda: C10() + send_task(tsk("REJECTED")) + [
    RPC(2, "SendMessage", {"message": msg10("please", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", "2026-12-02T10:00:05.000Z")}))],
     [("TASK-STATE-002", E), ("TASK-STATE-001", E)], "a message to the REJECTED task accepted and the task carried on to COMPLETED (TASK-002: UnsupportedOperationError; TASK-001)")
case("S19-legal-v10-rejected-then-new-task-same-context", lambda: C10() + send_task(tsk("REJECTED")) + [
    RPC(2, "SendMessage", {"message": msg10("please", mid="m2", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", "2026-12-02T10:00:05.000Z", tid="t2")}))],
     [], "after a rejection, a new message in the same context (no taskId) starts a new task there (ID-008, TASK-001 refinements)")
case("S20-v10-cancel-rejected-succeeded", lambda: C10() + send_task(tsk("REJECTED")) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", "2026-12-02T10:00:05.000Z")))],
     [("TASK-STATE-003", E), ("TASK-STATE-001", E)], "cancel of a REJECTED (terminal) task answered with a CANCELED task (TASK-003: TaskNotCancelableError)")
case("S21-legal-v10-cancel-rejected-not-cancelable", lambda: C10() + send_task(tsk("REJECTED")) + [RPC(2, "CancelTask", {"id": "t1"}),
     resp(err(2, -32002, "Task not cancelable", einfo("TASK_NOT_CANCELABLE")))],
     [], "cancel of a REJECTED task refused -32002 (TASK-003)")
case("S22-v10-subscribe-rejected-accepted", lambda: C10() + send_task(tsk("REJECTED")) + stream([{"task": tsk("REJECTED")}], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("TASK-STATE-006", E)], "SubscribeToTask on a REJECTED task opened a stream (TASK-004: UnsupportedOperationError)")
case("S23-legal-v10-subscribe-auth-required", lambda: C10() + send_task({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "message": RJM("Sign in first"), "timestamp": "2026-12-02T10:00:01.000Z"}}) +
     stream([{"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "message": RJM("Sign in first"), "timestamp": "2026-12-02T10:00:01.000Z"}}},
             stu("WORKING", "2026-12-02T10:00:04.000Z"), stu("COMPLETED", "2026-12-02T10:00:05.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [], "SubscribeToTask on an AUTH_REQUIRED task: current task first, then on to COMPLETED (TASK-004 applies to terminal tasks only; STREAM-004)")
case("S24-v10-subscribe-auth-required-refused", lambda: C10() + send_task({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "message": RJM("Sign in first"), "timestamp": "2026-12-02T10:00:01.000Z"}}) + [
    RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), resp(err(2, -32004, "Unsupported operation", einfo("UNSUPPORTED_OPERATION")))],
     [("TASK-STATE-008", E)], "SubscribeToTask refused for an AUTH_REQUIRED task, which is interrupted, not terminal (TASK-004; TASK-006 SHOULD keep streams open)")
case("S25-legal-v10-rest-list-auth-required", lambda: R10c() + [req(H + "/tasks?status=TASK_STATE_AUTH_REQUIRED", method="GET", headers=RJG),
     resp({"tasks": [{"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "message": RJM("Sign in first"), "timestamp": "2026-12-02T10:00:01.000Z"}}], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [], "HTTP+JSON ListTasks filtered by TASK_STATE_AUTH_REQUIRED lists an AUTH_REQUIRED task (DATA-007)")
case("S26-v10-rest-list-rejected-filter-ignored", lambda: R10c() + [req(H + "/tasks?status=TASK_STATE_REJECTED", method="GET", headers=RJG),
     resp({"tasks": [tsk("REJECTED", "2026-12-02T10:00:02.000Z", tid="t2"), tsk("COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 2}, headers=RJR)],
     [("DATA-LIST-003", E)], "ListTasks status=TASK_STATE_REJECTED also lists a COMPLETED task (DATA-007)")
case("S27-legal-v02-auth-required-with-message", lambda: C02() + [R0(1, "message/send", {"message": msg03()}),
     resp(ok(1, task03(status={"state": "auth-required", "message": {"kind": "message", "messageId": "r1", "role": "agent", "parts": [{"kind": "text", "text": "Sign in"}]}, "timestamp": "2026-12-02T10:00:01"})))],
     [], "0.2 auth-required with its explanation (0.2 has auth-required)")

# ---------------------------------------------------------------- A: artifacts across a reconnection (STREAM-009, STREAM-004)
A1_PART = lambda: {"task": tsk("WORKING", "2026-12-02T10:00:03.000Z", artifacts=[{"artifactId": "a1", "parts": [{"text": "Hello, "}]}])}
case("A01-v10-reset-then-artifact-resumed", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello, ")], close="reset") +
     stream([A1_PART(), art("a1", "world", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("STREAM-END-006", W)], "the reset mid-task is the agent side's (STREAM-003); after it the stream dropped after a1's first chunk; SubscribeToTask opens with the Task holding a1 so far, then appends the rest (STREAM-004, STREAM-009)")
case("A02-v10-reset-then-subscribe-snapshot-lost-artifact", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello, ")], close="reset") +
     stream([{"task": tsk("WORKING", "2026-12-02T10:00:03.000Z")}, art("a1", "world", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("STREAM-END-006", W), ("TASK-STATE-010", W)], "the reset mid-task (STREAM-003); SubscribeToTask's Task lacks a1 although the first stream delivered it (STREAM-004: the current task); the append itself has its base: the resumed stream appends to a1, whose first chunk the client got on the dropped stream of the same task: the base exists (STREAM-009)")
case("A03-v10-artifact-append-unknown-after-reconnect", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello, ", last=True)], close="reset") +
     stream([{"task": tsk("WORKING", "2026-12-02T10:00:03.000Z", artifacts=[{"artifactId": "a1", "parts": [{"text": "Hello, "}]}])}, art("a9", "world", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("STREAM-ARTIFACT-001", W), ("STREAM-END-006", W)], "the reset mid-task (STREAM-003); the resumed stream appends to a9, which no stream and no Task of the task ever carried (STREAM-009 derived)")
case("A04-v10-artifact-chunk-after-last-across-reconnect", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello", last=True)], close="reset") +
     stream([{"task": tsk("WORKING", "2026-12-02T10:00:03.000Z", artifacts=[{"artifactId": "a1", "parts": [{"text": "Hello"}]}])}, art("a1", " again", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("STREAM-ARTIFACT-002", W), ("STREAM-END-006", W)], "the reset mid-task (STREAM-003); a1 was finished (lastChunk) on the first stream; the resumed stream appends to it again (STREAM-009 derived)")
case("A05-v03-reset-then-artifact-resumed-resubscribe", lambda: C03() + stream03([task03(state="working"), art03("a1", "Hello, ")], close="reset") +
     stream03([art03("a1", "world", append=True, last=True), st03x("completed", final=True)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [("STREAM-END-006", W)], "the reset mid-task (STREAM-003 as should); then 0.3 tasks/resubscribe resumes with the rest of a1 (backfill is implementation-defined, 0.3 §7.9; STREAM-009)")
case("A06-v10-reset-then-artifact-resumed-rest-subscribe", lambda: R10c() + rstream([{"task": tsk("WORKING")}, art("a1", "Hello, ")], close="reset") +
     rstream([A1_PART(), art("a1", "world", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], path="/tasks/t1:subscribe", body="", method="GET"),
     [("STREAM-END-006", W)], "HTTP+JSON: the stream reset mid-task (STREAM-003), GET /tasks/t1:subscribe resumes a1 (trap 1: GET or POST)")
case("A07-legal-v10-two-artifacts-interleaved", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "x"), art("a2", "y"), art("a1", "x2", append=True), art("a2", "y2", append=True, last=True),
                                                                          art("a1", "x3", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")]),
     [], "two artifacts streamed interleaved, each appended to and finished on its own (STREAM-009)")
case("A08-v10-reset-then-gettask-then-artifact-resumed", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello, ")], close="reset") +
     [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, A1_PART()["task"]))] +
     stream([A1_PART(), art("a1", "world", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=3, p={"id": "t1"}, method="SubscribeToTask"),
     [("STREAM-END-006", W)], "after the reset mid-task (STREAM-003) the client polls GetTask (a1 so far) and then resubscribes; the rest of a1 is appended (STREAM-009)")
case("A09-v02-reset-then-resubscribe-append", lambda: C02() + stream03([task03(state="working"), art03("a1", "Hello, ")], close="reset") +
     stream03([art03("a1", "world", append=True, last=True), st03x("completed", final=True)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [("STREAM-END-006", W)], "the reset mid-task; 0.2 tasks/resubscribe resumes a1 (0.2.0 §7.2.3 append)")
case("A10-v10-subscribe-artifact-other-task", lambda: C10() + stream([{"task": tsk("WORKING")}, art("a1", "Hello, ")], close="reset") +
     stream([A1_PART(), art("a1", "world", append=True, last=True, tid="t2"), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2, p={"id": "t1"}, method="SubscribeToTask"),
     [("ID-EVENT-002", E), ("STREAM-END-006", W)], "the reset mid-task (STREAM-003); the resumed stream of t1 carries an artifactUpdate for t2 (ID-006)")

# ---------------------------------------------------------------- I: JSON-RPC ids at the edges (RPC-002)
def idcase(rid, aid=None):
    aid = rid if aid is None else aid
    return lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":%s,"method":"SendMessage","params":%s}' % (rid, js(P1)), headers=V10),
                            resp('{"jsonrpc":"2.0","id":%s,"result":%s}' % (aid, js({"task": tsk("COMPLETED")})))]


case("I01-legal-v10-id-beyond-2-53", idcase("9007199254740993"), [], "id 2^53+1 echoed digit for digit: JSON-RPC ids are any integer (RPC-002)")
case("I02-v10-id-beyond-2-53-rounded", idcase("9007199254740993", "9007199254740992"),
     [("RPC-ID-001", E)], "id 2^53+1 echoed as 2^53: the agent parsed it as a double and answered another id (RPC-002)")
case("I03-legal-v10-id-zero", idcase("0"), [], "id 0 is an integer id (RPC-002)")
case("I04-legal-v10-id-negative", idcase("-7"), [], "a negative integer id (RPC-002)")
case("I05-v10-id-float", idcase("1.5"), [("RPC-REQ-001", E)], "a fractional id: the digest's RPC-002 allows string or integer ids (JSON-RPC 2.0: SHOULD NOT contain fractional parts)")
case("I06-legal-v10-id-unicode-string", idcase(js("请求-①-😀")), [], "a Unicode string id with an astral character, escaped as a surrogate pair (RPC-002)")
case("I07-legal-v10-id-empty-string", idcase('""'), [], "the empty string is a string id (RPC-002)")
case("I08-v10-id-int-answered-as-string", idcase("7", '"7"'), [("RPC-ID-001", E)], "integer id 7 answered with the string \"7\" (RPC-002: the same id)")
case("I09-v10-id-string-answered-as-int", idcase('"7"', "7"), [("RPC-ID-001", E)], "string id \"7\" answered with the integer 7 (RPC-002)")
case("I10-legal-v10-id-i64-max", idcase("9223372036854775807"), [], "id 2^63-1 echoed exactly (RPC-002)")
case("I11-legal-v10-id-beyond-u64", idcase("18446744073709551617"), [], "id 2^64+1 echoed exactly: JSON numbers have no range limit (RPC-002)")
case("I12-v10-id-beyond-u64-rounded", idcase("18446744073709551617", "18446744073709551616"),
     [("RPC-ID-001", E)], "id 2^64+1 echoed as 2^64: another id (RPC-002); equal only after both are rounded to doubles")
case("I13-v10-stream-id-rounded", lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":9007199254740993,"method":"SendStreamingMessage","params":%s}' % js(P1), headers=S10)] + sse(
    ['data: {"jsonrpc":"2.0","id":9007199254740992,"result":%s}\n\n' % js(e) for e in ({"task": tsk("WORKING")}, stu("COMPLETED"))]),
     [("STREAM-SHAPE-002", E)], "every stream event carries 2^53 for the request's 2^53+1 (RPC-005: each data is a JSON-RPC response with the request id)")
case("I14-v03-id-float", lambda: C03() + [req(A, '{"jsonrpc":"2.0","id":2.5,"method":"message/send","params":%s}' % js({"message": msg03()}), headers=J03),
     resp('{"jsonrpc":"2.0","id":2.5,"result":%s}' % js(task03()))],
     [("RPC-REQ-001", E)], "0.3 call with a fractional id (0.3 §6.11: id string or integer)")
case("I15-legal-v10-ids-1-and-string-1", lambda: C10() + [req(A, rpc(1, "SendMessage", P1), headers=V10), resp(ok(1, {"task": tsk("COMPLETED")})),
     req(A, rpc("1", "GetTask", {"id": "t1"}), headers=V10), resp(ok("1", tsk("COMPLETED")))],
     [], "id 1 and id \"1\" on two calls, each echoed in its own type (RPC-002)")
case("I16-legal-v10-id-i64-min", idcase("-9223372036854775808"), [], "id -2^63 echoed exactly (RPC-002)")

case("I17-legal-v10-stream-wide-id-echoed", lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":340282366920938463463374607431768211455,"method":"SendStreamingMessage","params":%s}' % js(P1), headers=S10)] + sse(
    ['data: {"jsonrpc":"2.0","id":340282366920938463463374607431768211455,"result":%s}\n\n' % js(e) for e in ({"task": tsk("WORKING")}, stu("COMPLETED"))]),
     [], "a 128-bit id (uuid4().int) echoed digit for digit on every stream event (RPC-002, RPC-005)")
case("I18-v10-stream-wide-id-rounded", lambda: C10() + [req(A, '{"jsonrpc":"2.0","id":340282366920938463463374607431768211455,"method":"SendStreamingMessage","params":%s}' % js(P1), headers=S10)] + sse(
    ['data: {"jsonrpc":"2.0","id":340282366920938463463374607431768211456,"result":%s}\n\n' % js(e) for e in ({"task": tsk("WORKING")}, stu("COMPLETED"))]),
     [("STREAM-SHAPE-002", E)], "a 128-bit id echoed as 2^128 on every stream event: another id, equal only as doubles (RPC-005)")
case("I19-legal-v10-wide-negative-id", idcase("-340282366920938463463374607431768211455"), [], "a negative 128-bit id echoed exactly (RPC-002)")

# ---------------------------------------------------------------- U: Unicode
EMO = "hi 👋🏽 family 👨‍👩‍👧 flags 🇺🇦🇯🇵 math 𝔸𝟚𝔸"
case("U01-legal-v10-emoji-raw-utf8", lambda: C10() + [req(A, jsu(rpc(1, "SendMessage", {"message": msg10(EMO)})), headers=V10),
     resp(jsu(ok(1, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": EMO[::-1]}]}])})))],
     [], "emoji (ZWJ sequences, skin tones, flags, astral letters) as raw UTF-8 in text parts, and reversed (split grapheme clusters) in the answer")
case("U02-legal-v10-emoji-surrogate-escapes", lambda: C10() + [req(A, rpc(1, "SendMessage", {"message": msg10(EMO)}), headers=V10),
     resp(ok(1, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": EMO}]}])}))],
     [], "the same text with every astral character written as a \\uD83D\\uDC4B surrogate-pair escape (RFC 8259 §7)")
case("U03-legal-v10-unicode-ids", lambda: C10() + [req(A, jsu(rpc(1, "SendStreamingMessage", {"message": msg10(mid="m-😀-ü")})), headers=S10)] + sse(
    ["data: %s\n\n" % jsu(ok(1, e)) for e in ({"task": tsk("WORKING", tid="タスク-１", ctx="ctx-ñ-ü")}, stu("COMPLETED", tid="タスク-１", ctx="ctx-ñ-ü"))]) + [
    req(A, jsu(rpc(2, "GetTask", {"id": "タスク-１"})), headers=V10), resp(jsu(ok(2, tsk("COMPLETED", "2026-12-02T10:00:03.000Z", tid="タスク-１", ctx="ctx-ñ-ü"))))],
     [], "task, context and message ids in Japanese, fullwidth digits, accents and emoji, raw UTF-8 throughout (ids are opaque strings)")
case("U04-legal-v10-unicode-skills", lambda: getcard(card10(name="助手 🤖", description="Агент для перевода",
     skills=[{"id": "écho", "name": "ترجمة", "description": "翻訳します", "tags": ["翻訳", "ترجمة", "😀"], "examples": ["Übersetze 'hello' ins Deutsche"]}])) + [
    RPC(1, "SendMessage", P1), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [], "a card whose name, skills, tags and examples are Chinese, Russian, Arabic, German and emoji (AgentSkill strings are free text)")
case("U05-legal-v10-lone-surrogate-in-text", lambda: C10() + [RPC(1, "SendMessage", P1),
     resp('{"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED","timestamp":"2026-12-02T10:00:01.000Z"},"artifacts":[{"artifactId":"a1","parts":[{"text":"cut emoji \\ud83d here"}]}]}}}')],
     [], "a text part that ends a truncated emoji with a lone \\ud83d escape: the JSON grammar allows it (RFC 8259 §8.2 leaves its meaning to the receiver); the verifier must still read the answer: legal reading")
case("U06-legal-v10-rest-unicode-task-id-in-path", lambda: R10c() + [req(H + "/message:send", jsu({"message": msg10(), "configuration": {"returnImmediately": True}}), headers=RJ),
     resp(jsu({"task": tsk("WORKING", tid="タスク-1")}), headers=RJR),
     req(H + "/tasks/%E3%82%BF%E3%82%B9%E3%82%AF-1", method="GET", headers=RJG), resp(jsu(tsk("COMPLETED", "2026-12-02T10:00:03.000Z", tid="タスク-1")), headers=RJR)],
     [], "GET /tasks/{id} with the Unicode task id percent-encoded as UTF-8 (REST-001: URL-encoded); the answer is that task")
case("U07-legal-v10-rest-task-id-with-space-and-slash", lambda: R10c() + [req(H + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ),
     resp({"task": tsk("WORKING", tid="job 7/a")}, headers=RJR),
     req(H + "/tasks/job%207%2Fa:cancel", {}, headers=RJ), resp(tsk("CANCELED", "2026-12-02T10:00:03.000Z", tid="job 7/a"), headers=RJR)],
     [], "a task id with a space and a slash, percent-encoded in the :cancel path (REST-001)")
case("U08-v10-unicode-task-id-answered-other", lambda: C10() + [req(A, jsu(rpc(1, "SendMessage", {**P1, "configuration": {"returnImmediately": True}})), headers=V10), resp(jsu(ok(1, {"task": tsk("WORKING", tid="タスク-1")}))),
     req(A, jsu(rpc(2, "SendMessage", {"message": msg10(mid="m2"), "configuration": {"returnImmediately": True}})), headers=V10), resp(jsu(ok(2, {"task": tsk("WORKING", tid="タスク-2", ctx="c2")}))),
     req(A, jsu(rpc(3, "GetTask", {"id": "タスク-1"})), headers=V10), resp(jsu(ok(3, tsk("COMPLETED", "2026-12-02T10:00:03.000Z", tid="タスク-2", ctx="c2"))))],
     [("ID-TASK-003", E)], "GetTask for タスク-1 answered with タスク-2 (TASK-009; ID-TASK-003)")
case("U09-legal-v10-rest-unicode-tenant", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "café"}])) + [
    req(H + "/caf%C3%A9/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [], "the interface's tenant café sent percent-encoded as the path's first segment (1.0 §11: /{tenant}/...; REST-001)")
case("U10-legal-v10-jsonrpc-unicode-tenant", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "東京"}])) + [
    req(A, jsu(rpc(1, "SendMessage", {"message": msg10(), "tenant": "東京"})), headers=V10), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [], "the JSON-RPC params carry the interface's Unicode tenant, raw UTF-8 (SendMessageRequest.tenant)")
case("U11-legal-v03-unicode-data-part", lambda: C03() + [R0(1, "message/send", {"message": msg03(parts=[{"kind": "data", "data": {"名前": "😀", "ключ": ["ü", "\u0000x"]}}])}),
     resp(ok(1, task03()))],
     [], "a 0.3 data part with Unicode keys and values (DATA-004: data is an object)")
case("U12-legal-v10-nfc-nfd-distinct-contexts", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="caf\u00e9")}), resp(ok(1, {"task": tsk("COMPLETED", ctx="caf\u00e9")})),
     RPC(2, "SendMessage", {"message": msg10(mid="m2", contextId="cafe\u0301")}), resp(ok(2, {"task": tsk("COMPLETED", tid="t2", ctx="cafe\u0301")}))],
     [], "contextIds café (NFC) and café (NFD) are two different strings, each kept as the client sent it (ID-002)")

# ---------------------------------------------------------------- P: 1.0 parameters (DATA-006, DATA-007, tenants)
H3 = lambda: [msg10("one", mid="m1", taskId="t1", contextId="c1"), amsg10("two", mid="a1", taskId="t1", contextId="c1"), msg10("three", mid="m2", taskId="t1", contextId="c1")]
case("P01-legal-v10-gettask-history-zero", lambda: C10() + send_task(tsk("COMPLETED")) + [RPC(2, "GetTask", {"id": "t1", "historyLength": 0}), resp(ok(2, tsk("COMPLETED")))],
     [], "historyLength 0: no history member (DATA-006)")
case("P02-v10-send-history-zero-history-present", lambda: C10() + send_task(tsk("COMPLETED", history=H3()), p={"message": msg10(), "configuration": {"historyLength": 0}}),
     [("DATA-HISTORY-001", E)], "SendMessage configuration.historyLength 0 answered with three history messages (DATA-006: 0 = omit history)")
case("P03-legal-v10-history-length-huge", lambda: C10() + send_task(tsk("COMPLETED")) + [RPC(2, "GetTask", {"id": "t1", "historyLength": 2147483647}), resp(ok(2, tsk("COMPLETED", history=H3())))],
     [], "historyLength 2^31-1 (int32 max): the whole history (DATA-006)")
case("P04-legal-v10-history-length-absent", lambda: C10() + send_task(tsk("COMPLETED")) + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED", history=H3() * 1)))],
     [], "no historyLength: the server's default, any length (DATA-006)")
case("P05-v10-rest-gettask-history-query-exceeded", lambda: R10c() + [req(H + "/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
     req(H + "/tasks/t1?historyLength=1", method="GET", headers=RJG), resp(tsk("COMPLETED", history=H3()), headers=RJR)],
     [("DATA-HISTORY-001", E)], "GET /tasks/t1?historyLength=1 answered with three history messages (DATA-006)")
case("P06-legal-v10-rest-gettask-history-query-zero", lambda: R10c() + [req(H + "/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
     req(H + "/tasks/t1?historyLength=0", method="GET", headers=RJG), resp(tsk("COMPLETED"), headers=RJR)],
     [], "GET /tasks/t1?historyLength=0: no history (DATA-006)")
case("P07-v10-listtasks-history-exceeded", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "c1", "historyLength": 1}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", history=H3())], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [("DATA-HISTORY-001", E)], "ListTasks historyLength 1 answered with a task carrying three history messages (ListTasksRequest.history_length; DATA-006)")
case("P08-legal-v10-listtasks-include-artifacts", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "c1", "includeArtifacts": True}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [], "includeArtifacts true: artifacts listed (DATA-007)")
case("P09-v10-listtasks-include-artifacts-false", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "c1", "includeArtifacts": False}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
     [("DATA-LIST-001", E)], "includeArtifacts explicitly false, artifacts listed anyway (DATA-007)")
case("P10-v10-rest-listtasks-include-artifacts-query-false", lambda: R10c() + [req(H + "/tasks?contextId=c1&includeArtifacts=false", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [("DATA-LIST-001", E)], "HTTP+JSON ?includeArtifacts=false, artifacts listed anyway (DATA-007)")
case("P11-legal-v10-rest-listtasks-include-artifacts-query-true", lambda: R10c() + [req(H + "/tasks?contextId=c1&includeArtifacts=true", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}]}])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}, headers=RJR)],
     [], "HTTP+JSON ?includeArtifacts=true: artifacts listed (DATA-007)")
case("P12-legal-v10-listtasks-page-chain", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "c1", "pageSize": 2}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:03.000Z", tid="t3"), tsk("COMPLETED", "2026-12-02T10:00:02.000Z", tid="t2")], "nextPageToken": "cGFnZTI=", "pageSize": 2, "totalSize": 3})),
     RPC(2, "ListTasks", {"contextId": "c1", "pageSize": 2, "pageToken": "cGFnZTI="}),
     resp(ok(2, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:01.000Z")], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
     [], "two pages of two, the second's nextPageToken empty (DATA-007)")
case("P13-legal-v10-listtasks-empty", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "nothing-here"}), resp(ok(1, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}))],
     [], "an empty listing (trap 12: tasks [] is the only honest answer)")
case("P14-legal-v10-listtasks-protojson-defaults-omitted", lambda: C10() + [RPC(1, "ListTasks", {"contextId": "nothing-here"}), resp(ok(1, {}))],
     [], "an empty listing as strict ProtoJSON writes it: every member at its default is left out (trap 12: handle leniently)")
TEN1 = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]
case("P15-legal-v10-tenant-in-params", lambda: getcard(card10(ifaces=TEN1)) + [RPC(1, "SendMessage", {"message": msg10(), "tenant": "acme"}), resp(ok(1, {"task": tsk("COMPLETED")})),
     RPC(2, "GetTask", {"id": "t1", "tenant": "acme", "historyLength": 0}), resp(ok(2, tsk("COMPLETED")))],
     [], "JSON-RPC params carry the interface's tenant on every call (SendMessageRequest.tenant, GetTaskRequest.tenant)")
case("P16-v10-tenant-missing-on-gettask", lambda: getcard(card10(ifaces=TEN1)) + [RPC(1, "SendMessage", {"message": msg10(), "tenant": "acme"}), resp(ok(1, {"task": tsk("COMPLETED")})),
     RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, tsk("COMPLETED")))],
     [("CARD-URL-006", E)], "the GetTask leaves out the tenant its interface declares (proto: must match the interface's tenant when set)")
case("P17-legal-v10-listtasks-page-size-100", lambda: C10() + [RPC(1, "ListTasks", {"pageSize": 100, "status": "TASK_STATE_COMPLETED"}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:%02d.000Z" % (59 - k), tid="t%d" % k, ctx="c%d" % k) for k in range(60)], "nextPageToken": "", "pageSize": 100, "totalSize": 60}))],
     [], "pageSize 100 (the maximum) answered with 60 tasks, newest first (DATA-007)")
case("P18-v10-listtasks-page-size-exceeded", lambda: C10() + [RPC(1, "ListTasks", {"pageSize": 2}),
     resp(ok(1, {"tasks": [tsk("COMPLETED", "2026-12-02T10:00:0%d.000Z" % (5 - k), tid="t%d" % k) for k in range(3)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
     [("DATA-LIST-003", E)], "pageSize 2 answered with three tasks (DATA-007)")
case("P19-legal-v10-send-history-zero-message-result", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(), "configuration": {"historyLength": 0}}), resp(ok(1, {"message": amsg10(contextId="c1")}))],
     [], "historyLength 0 on a send answered with a Message: nothing to trim (DATA-006)")
case("P20-legal-v10-return-immediately-false-explicit", lambda: C10() + send_task(tsk("COMPLETED"), p={"message": msg10(), "configuration": {"returnImmediately": False, "historyLength": 10}}),
     [], "returnImmediately false written out (the default) and a completed task (TASK-005)")
case("P21-legal-v10-rest-listtasks-page-token-url-encoded", lambda: R10c() + [req(H + "/tasks?pageSize=1", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED", "2026-12-02T10:00:02.000Z", tid="t2")], "nextPageToken": "a+b/c==", "pageSize": 1, "totalSize": 2}, headers=RJR),
     req(H + "/tasks?pageSize=1&pageToken=a%2Bb%2Fc%3D%3D", method="GET", headers=RJG),
     resp({"tasks": [tsk("COMPLETED")], "nextPageToken": "", "pageSize": 1, "totalSize": 2}, headers=RJR)],
     [], "a base64 page token with + / = sent back URL-encoded in the query (REST-001): the same token, a new page")
case("P22-v10-rest-tenant-path-missing", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) + [
    req(H + "/acme/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING")}, headers=RJR),
    req(H + "/tasks/t1", method="GET", headers=RJG), resp(tsk("COMPLETED", "2026-12-02T10:00:03.000Z"), headers=RJR)],
     [("CARD-URL-006", E)], "HTTP+JSON GetTask without the /acme tenant prefix its interface declares (1.0 §11)")

# ---------------------------------------------------------------- M: metadata and extension members
EXT = "https://ext.example.test/citations/v1"
MD = {"trace": {"id": "abc", "spans": [1, 2.5, None, True]}, EXT: {"style": "apa"}}
case("M01-legal-v10-metadata-everywhere", lambda: C10() + [RPC(1, "SendStreamingMessage", {"message": msg10(metadata=MD, parts=[{"text": "hi", "metadata": MD}]), "metadata": MD, "configuration": {"acceptedOutputModes": ["text/plain"]}}, h=S10)] + sse(
    ["data: %s\n\n" % js(ok(1, e)) for e in ({"task": tsk("WORKING", metadata=MD)},
                                            {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "x", "metadata": MD}], "metadata": MD}, "metadata": MD}},
                                            {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:03.000Z"}, "metadata": MD}})]),
     [], "metadata (google.protobuf.Struct) on the request, message, part, task, artifact and both update events, with nested arrays, null and an extension URI key (1.0 proto)")
case("M02-legal-v10-extensions-on-message-and-artifact", lambda: C10(capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT, "description": "citations"}]}) + [
    req(A, rpc(1, "SendMessage", {"message": msg10(extensions=[EXT])}), headers={**V10, "a2a-extensions": EXT}),
    resp(ok(1, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}], "extensions": [EXT]}])}), headers={**J, "a2a-extensions": EXT})],
     [], "Message.extensions and Artifact.extensions list the declared, requested and echoed extension (proto Message.extensions, Artifact.extensions; EXT-004)")
case("M03-legal-v03-metadata-everywhere", lambda: C03() + stream03([task03(state="working", metadata=MD),
     dict(art03("a1", "x", last=True), metadata=MD), dict(st03x("completed", final=True), metadata=MD)], p={"message": msg03(metadata=MD), "metadata": MD}),
     [], "0.3 metadata on params, message, task and both update events (0.3:ts)")
case("M04-legal-v10-metadata-empty-and-null-values", lambda: C10() + send_task(tsk("COMPLETED", metadata={}, artifacts=[{"artifactId": "a1", "parts": [{"text": "x", "metadata": {"k": None}}], "metadata": {}}])),
     [], "empty metadata objects and a null Struct value (google.protobuf.Value null_value)")
case("M05-v10-credential-in-part-metadata", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(parts=[{"text": "hi", "metadata": {"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sgnT2Zc"}}])}),
     resp(ok(1, {"task": tsk("COMPLETED")}))],
     [("AUTH-PAYLOAD-001", W)], "a bearer token inside a part's metadata (AUTH-001: credentials in headers, never in A2A payloads)")
case("M06-legal-v10-status-message-metadata-and-extensions", lambda: C10() + send_task({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED",
     "message": amsg10("Which one?", mid="r1", taskId="t1", contextId="c1", metadata=MD, extensions=[EXT]), "timestamp": "2026-12-02T10:00:01.000Z"}, "metadata": MD}),
     [], "status.message with its own metadata and extensions (proto Message)")
case("M07-legal-v10-push-config-metadata-free-request", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": tsk("WORKING")})),
     RPC(2, "CancelTask", {"id": "t1", "metadata": MD}), resp(ok(2, tsk("CANCELED", "2026-12-02T10:00:03.000Z")))],
     [], "CancelTask with request metadata (CancelTaskRequest.metadata)")

# ---------------------------------------------------------------- L: long interleaved recordings
def interleaved(n=30, bad=None):
    out = C10()
    for k in range(n):
        out.append(req(A, rpc(k + 1, "SendStreamingMessage", {"message": msg10("q%d" % k, mid="m%d" % k)}), headers=S10, id="s%d" % k))
    for k in range(n):
        out.append(resp("", headers=SSE, id="s%d" % k))
    for step in range(3):
        for k in range(n):
            tid, ctx = "t%d" % k, "c%d" % k
            if step == 0:
                e = {"task": tsk("WORKING", "2026-12-02T10:00:01.000Z", tid=tid, ctx=ctx)}
            elif step == 1:
                e = art("a1", "ans %d" % k, last=True, tid=("t%d" % (k + 1) if bad == k else tid), ctx=("c%d" % (k + 1) if bad == k else ctx))
            else:
                e = stu("COMPLETED", "2026-12-02T10:00:03.000Z", tid=tid, ctx=ctx)
            out.append(chunk("data: %s\n\n" % js(ok(k + 1, e)), id="s%d" % k))
    for k in range(n):
        out.append(chunk("", close="eof", id="s%d" % k))
    return out


case("L01-legal-v10-30-interleaved-streams", lambda: interleaved(), [], "thirty streams open at once, their events interleaved round-robin on the wire (STREAM-005 holds per stream)")
case("L02-v10-interleaved-foreign-event", lambda: interleaved(bad=17), [("ID-EVENT-002", E)], "among thirty interleaved streams, stream 18 carries an artifactUpdate of task t18 (ID-006)")


def sequential(n=20, turns=10, swap=None):
    out = C10()
    i = 0
    for c in range(n):
        for t in range(turns):
            i += 1
            ctx, tid = "ctx-%d" % c, "task-%d" % c
            m = msg10("turn %d" % t, mid="m-%d-%d" % (c, t), contextId=ctx, **({"taskId": tid} if t else {}))
            st = "COMPLETED" if t == turns - 1 else "INPUT_REQUIRED"
            tk = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + st, "timestamp": "2026-12-02T10:%02d:%02d.000Z" % (c, t),
                                                          **({"message": amsg10("more?", mid="r-%d-%d" % (c, t), taskId=tid, contextId=ctx)} if st != "COMPLETED" else {})}}
            out.append(req(A, rpc(i, "SendMessage", {"message": m}), headers=V10))
            out.append(resp(ok(i + 1 if swap == i else i, {"task": tk})))
    return out


case("L03-legal-v10-200-turns-20-contexts", lambda: sequential(), [], "two hundred sends: twenty conversations of ten turns each, INPUT_REQUIRED until the last (TASK-007, ID-008)")
case("L04-v10-long-recording-answer-wrong-id", lambda: sequential(swap=137), [("RPC-ID-001", E)], "call 137 of 200 answered with id 138 (RPC-002)")


def out_of_order(n=10, mix=False):
    out = C10()
    for k in range(n):
        out.append(req(A, rpc(k + 1, "SendMessage", {"message": msg10("q%d" % k, mid="m%d" % k)}), headers=V10, id="r%d" % k))
    for k in reversed(range(n)):
        out.append(resp(ok(k + 1, {"task": tsk("COMPLETED", tid="t%d" % k, ctx="c%d" % k)}), id="r%d" % k))
    return out


case("L05-legal-v10-answers-in-reverse-order", lambda: out_of_order(), [], "ten concurrent calls answered in reverse order, each with its own id (RPC-002)")


def interleaved03(n=8):
    out = C03()
    for k in range(n):
        out.append(req(A, rpc("s-%d" % k, "message/stream", {"message": msg03("q", mid="m%d" % k)}), headers=S03, id="s%d" % k))
        out.append(resp("", headers=SSE, id="s%d" % k))
    for step in range(2):
        for k in range(n):
            e = task03(tid="t%d" % k, ctx="c%d" % k, state="working") if step == 0 else st03x("completed", final=True, tid="t%d" % k, ctx="c%d" % k)
            out.append(chunk("data: %s\n\n" % js(ok("s-%d" % k, e)), id="s%d" % k))
    for k in range(n):
        out.append(chunk("", close="eof", id="s%d" % k))
    return out


case("L06-legal-v03-interleaved-streams", lambda: interleaved03(), [], "eight 0.3 streams with string ids, interleaved (STREAM-008 per stream)")

# ---------------------------------------------------------------- H: tenants on one host, HTTP/2 shapes
TEN2 = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "blue"},
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "green"}]
case("H01-legal-v10-two-tenants-one-url", lambda: getcard(card10(ifaces=TEN2)) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "blue"}), resp(ok(1, {"task": tsk("COMPLETED")})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2"), "tenant": "green"}), resp(ok(2, {"task": tsk("COMPLETED", tid="t2", ctx="c2")}))],
     [], "two tenants behind one URL, each call naming one of them (AgentInterface.tenant)")
case("H02-v10-task-served-across-tenants", lambda: getcard(card10(ifaces=TEN2)) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "blue"}), resp(ok(1, {"task": tsk("COMPLETED")})),
    RPC(2, "GetTask", {"id": "t1", "tenant": "green"}), resp(ok(2, tsk("COMPLETED")))],
     [("AUTH-SCOPE-002", E)], "blue's task served to a GetTask under tenant green (AUTH-006, TASK-009)")
case("H03-legal-v10-same-task-id-two-tenants", lambda: getcard(card10(ifaces=TEN2)) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "blue", "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": tsk("WORKING", ctx="c-blue")})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2"), "tenant": "green", "configuration": {"returnImmediately": True}}), resp(ok(2, {"task": tsk("WORKING", ctx="c-green")})),
    RPC(3, "GetTask", {"id": "t1", "tenant": "blue"}), resp(ok(3, tsk("COMPLETED", "2026-12-02T10:00:05.000Z", ctx="c-blue"))),
    RPC(4, "GetTask", {"id": "t1", "tenant": "green"}), resp(ok(4, tsk("FAILED", "2026-12-02T10:00:06.000Z", ctx="c-green")))],
     [], "each tenant numbers its own tasks: t1 of blue and t1 of green are two tasks with their own contexts and fates (tenants are separate namespaces)")
H2REQ = {":method": "POST", ":scheme": "https", ":authority": "agent.example.test", ":path": "/a2a", **V10, "te": "trailers"}
case("H04-legal-v10-h2-pseudo-headers", lambda: [req(H + "/.well-known/agent-card.json", method="GET", headers={":method": "GET", ":scheme": "https", ":authority": "agent.example.test", ":path": "/.well-known/agent-card.json", "accept": "application/json"}),
     resp(card10(), headers={":status": "200", **CH})] + [
    req(A, rpc(1, "SendMessage", P1), headers=H2REQ), resp(ok(1, {"task": tsk("COMPLETED")}), headers={":status": "200", **J})],
     [], "an HTTP/2 capture keeps the pseudo-headers (:method, :path, :authority, :status) and te: trailers among the headers (RFC 9113 §8.3)")
case("H05-legal-v10-h2-stream-pseudo-headers", lambda: C10() + [req(A, rpc(1, "SendStreamingMessage", P1), headers={**H2REQ, "accept": "text/event-stream"})] + sse(
    ["data: %s\n\n" % js(ok(1, e)) for e in ({"task": tsk("WORKING")}, stu("COMPLETED"))], headers={":status": "200", "content-type": "text/event-stream", "cache-control": "no-cache"}),
     [], "an HTTP/2 stream: :status beside text/event-stream, no Transfer-Encoding, no Connection (RFC 9113 §8.2.2)")
case("H06-v10-h2-stream-missing-terminal", lambda: C10() + [req(A, rpc(1, "SendStreamingMessage", P1), headers={**H2REQ, "accept": "text/event-stream"})] + sse(
    ["data: %s\n\n" % js(ok(1, e)) for e in ({"task": tsk("WORKING")}, stu("WORKING"))], headers={":status": "200", "content-type": "text/event-stream"}),
     [("STREAM-END-002", E)], "an HTTP/2 stream (END_STREAM) closed while the task still works (STREAM-003)")
case("H07-legal-v10-h2-card-authority-only", lambda: [req("/.well-known/agent-card.json", method="GET", headers={":authority": "agent.example.test", ":scheme": "https", "accept": "application/json"}),
     resp(card10(), headers={":status": "200", **CH}), req("/a2a", rpc(1, "SendMessage", P1), headers={":authority": "agent.example.test", ":scheme": "https", **V10}),
     resp(ok(1, {"task": tsk("COMPLETED")}), headers={":status": "200", **J})],
     [], "request urls recorded as paths with the host in :authority (HTTP/2 has no Host header): the card's interface https://agent.example.test/a2a is the one called")

# ---------------------------------------------------------------- round two (after the first fixes): listing order by time, tenants on HTTP+JSON, 0.3 ProtoJSON states, numbers as strings
LT = lambda tasks, i=1, **kw: [RPC(i, "ListTasks", kw or {"contextId": "c1"}), resp(ok(i, {"tasks": tasks, "nextPageToken": "", "pageSize": 50, "totalSize": len(tasks)}))]
case("B01-legal-v10-list-newest-first-fraction-vs-whole", lambda: C10() + LT([tsk("COMPLETED", "2026-12-02T10:00:05.500Z", tid="t3"), tsk("COMPLETED", "2026-12-02T10:00:05Z", tid="t2"),
                                                                             tsk("COMPLETED", "2026-12-02T10:00:04.999999Z")]),
     [], "10:00:05.500Z, 10:00:05Z, 10:00:04.999999Z is newest first in time, though not as text ('.' sorts before 'Z') (DATA-007)")
case("B02-v10-list-oldest-first-hidden-by-text-order", lambda: C10() + LT([tsk("COMPLETED", "2026-12-02T10:00:05Z", tid="t2"), tsk("COMPLETED", "2026-12-02T10:00:05.500Z")]),
     [("DATA-LIST-002", E)], "10:00:05Z listed before 10:00:05.500Z: older first, though the text sorts descending (DATA-007: newest status first)")
case("B03-legal-v10-list-newest-first-mixed-precision", lambda: C10() + LT([tsk("COMPLETED", "2026-12-02T10:00:05.123456789Z", tid="t3"), tsk("COMPLETED", "2026-12-02T10:00:05.123Z", tid="t2"),
                                                                           tsk("COMPLETED", "2026-12-02T10:00:05.12Z")]),
     [], "nanosecond, millisecond and centisecond stamps of one second, newest first (DATA-007)")
RT2 = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}, {"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "globex"}]
case("B04-legal-v10-rest-same-task-id-two-tenants", lambda: getcard(card10(ifaces=RT2)) + [
    req(H + "/acme/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING", ctx="c-acme")}, headers=RJR),
    req(H + "/globex/message:send", {"message": msg10(mid="m2"), "configuration": {"returnImmediately": True}}, headers=RJ), resp({"task": tsk("WORKING", ctx="c-globex")}, headers=RJR),
    req(H + "/acme/tasks/t1", method="GET", headers=RJG), resp(tsk("COMPLETED", "2026-12-02T10:00:05.000Z", ctx="c-acme"), headers=RJR),
    req(H + "/globex/tasks/t1", method="GET", headers=RJG), resp(tsk("REJECTED", "2026-12-02T10:00:06.000Z", ctx="c-globex"), headers=RJR)],
     [], "HTTP+JSON: each tenant path numbers its own tasks; /acme/tasks/t1 and /globex/tasks/t1 are two tasks (1.0 §11: /{tenant}/...)")
case("B05-v10-rest-task-served-across-tenants", lambda: getcard(card10(ifaces=RT2)) + [
    req(H + "/acme/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
    req(H + "/globex/tasks/t1", method="GET", headers=RJG), resp(tsk("COMPLETED"), headers=RJR)],
     [("AUTH-SCOPE-002", E)], "HTTP+JSON: acme's task served under /globex/tasks/t1 (AUTH-006, TASK-009)")
V03R = {"content-type": "application/json"}
C03R = lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON"))
case("B06-legal-v03-rest-rejected", lambda: C03R() + [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=V03R),
     resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_REJECTED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=V03R)],
     [], "0.3 HTTP+JSON (ProtoJSON of 0.3:grpc) answers TASK_STATE_REJECTED, a 0.3 gRPC state")
case("B07-v03-rest-unspecified", lambda: C03R() + [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=V03R),
     resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_UNSPECIFIED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=V03R)],
     [("TASK-STATE-005", E)], "0.3 HTTP+JSON task in TASK_STATE_UNSPECIFIED, the proto's unset value (TASK-008)")
case("B08-legal-v03-stream-offsets-forwards", lambda: C03() + stream03([task03(state="working", status={"state": "working", "timestamp": "2026-12-02T11:00:01+01:00"}),
     st03x("working", ts="2026-12-02T10:00:02Z"), st03x("completed", ts="2026-12-02T12:00:03+02:00", final=True)]),
     [], "0.3 stamps in three zones that go forwards in time (11:00:01+01:00, 10:00:02Z, 12:00:03+02:00 = 10:00:01Z, :02Z, :03Z); DATA-002 binds 1.0 only")
case("B09-legal-v10-history-length-as-string", lambda: C10() + send_task(tsk("COMPLETED")) + [RPC(2, "GetTask", {"id": "t1", "historyLength": "2"}),
     resp(ok(2, tsk("COMPLETED", history=H3()[1:])))],
     [], "historyLength \"2\": ProtoJSON accepts an int32 written as a string; two messages kept (DATA-006)")
case("B10-v10-history-length-as-string-exceeded", lambda: C10() + send_task(tsk("COMPLETED")) + [RPC(2, "GetTask", {"id": "t1", "historyLength": "1"}),
     resp(ok(2, tsk("COMPLETED", history=H3())))],
     [("DATA-HISTORY-001", E)], "historyLength \"1\" (ProtoJSON string form) answered with three messages (DATA-006)")
case("B11-legal-v10-list-filter-nanos-equal", lambda: C10() + LT([tsk("COMPLETED", "2026-12-02T10:00:05.123Z")], statusTimestampAfter="2026-12-02T10:00:05.123000000Z"),
     [], "statusTimestampAfter with nine digits equal to the task's millisecond stamp: >= holds (ListTasksRequest.status_timestamp_after)")
case("B12-legal-v10-stream-no-timestamps", lambda: C10() + stream([{"task": tsk("WORKING", None)}, stu("WORKING", None), stu("COMPLETED", None)]),
     [], "TaskStatus.timestamp is optional in the proto: a stream that stamps nothing")
case("B13-legal-v10-stream-stamp-then-none", lambda: C10() + stream([{"task": tsk("WORKING", "2026-12-02T10:00:05.000Z")}, stu("WORKING", None), stu("COMPLETED", "2026-12-02T10:00:06.000Z")]),
     [], "one status update without a timestamp between stamped ones orders nothing (TaskStatus.timestamp optional)")
case("B14-legal-v10-extensions-header-two-uris-unicode-percent", lambda: C10(capabilities={"streaming": True, "pushNotifications": True, "extensions": [
    {"uri": EXT}, {"uri": "https://ext.example.test/caf%C3%A9/v1"}]}) + [
    req(A, rpc(1, "SendMessage", P1), headers={**V10, "a2a-extensions": EXT + ", https://ext.example.test/caf%C3%A9/v1"}),
    resp(ok(1, {"task": tsk("COMPLETED")}), headers={**J, "a2a-extensions": "https://ext.example.test/caf%C3%A9/v1," + EXT})],
     [], "two extensions requested and echoed (in another order, other spacing), one URI with a percent-encoded UTF-8 segment (EXT-001, EXT-004)")
case("B15-legal-v10-fifty-chunk-artifact", lambda: C10() + stream([{"task": tsk("WORKING")}] + [art("a1", "w%d " % k, append=k > 0, last=k == 49) for k in range(50)] + [stu("COMPLETED", "2026-12-02T10:00:03.000Z")]),
     [], "one artifact in fifty chunks, append from the second, lastChunk on the fiftieth (STREAM-009)")
case("B16-legal-v10-rest-tenant-history-zero", lambda: getcard(card10(ifaces=RT2)) + [
    req(H + "/acme/message:send", {"message": msg10()}, headers=RJ), resp({"task": tsk("COMPLETED")}, headers=RJR),
    req(H + "/acme/tasks/t1?historyLength=0", method="GET", headers=RJG), resp(tsk("COMPLETED"), headers=RJR)],
     [], "GET /acme/tasks/t1?historyLength=0 under the tenant that made the task: no history (DATA-006)")
case("B17-legal-v10-list-across-new-year-newest-first", lambda: C10() + LT([tsk("COMPLETED", "2027-01-01T00:00:00.100Z", tid="t2"), tsk("COMPLETED", "2026-12-31T23:59:59.900Z")]),
     [], "newest first across a year boundary (DATA-007)")

# ---------------------------------------------------------------- round three: header forms, message ids, timestamp spellings, 0.3 backfill
case("C01-legal-v10-version-header-padded", lambda: C10() + [req(A, rpc(1, "SendMessage", P1), headers={"content-type": "application/json", "a2a-version": " 1.0 "}), resp(ok(1, {"task": tsk("COMPLETED")}))],
     [], "A2A-Version ' 1.0 ': optional whitespace around a field value is not part of it (RFC 9110 §5.5)")
case("C02-legal-v10-content-type-charset-upper", lambda: C10() + [req(A, rpc(1, "SendMessage", P1), headers={"Content-Type": "application/json; charset=UTF-8", "A2A-Version": "1.0"}),
     resp(ok(1, {"task": tsk("COMPLETED")}), headers={"Content-Type": "Application/JSON;charset=utf-8"})],
     [], "header names and media types in other letter case, with a charset parameter (RFC 9110 §5.1, §8.3.1)")
case("C03-legal-v10-message-ids-nfc-nfd-distinct", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("one", mid="m-caf\u00e9")}), resp(ok(1, {"task": tsk("COMPLETED")})),
     RPC(2, "SendMessage", {"message": msg10("two", mid="m-cafe\u0301")}), resp(ok(2, {"task": tsk("COMPLETED", tid="t2", ctx="c2")}))],
     [], "messageIds m-café (NFC) and m-café (NFD) are two ids: no reuse (ID-007)")
case("C04-v10-ts-space-separator", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02 10:00:01.000Z")),
     [("DATA-SHAPE-001", E)], "a space instead of T (RFC 3339 §5.6 NOTE allows it, ProtoJSON's Timestamp and ISO 8601 do not): 1.0 parsers refuse the whole Task, as with T08's missing zone (DATA-002, DATA-005)")
case("C05-v10-ts-unknown-offset", lambda: C10() + send_task(tsk("COMPLETED", "2026-12-02T10:00:01.000-00:00")),
     [("DATA-TIME-001", W)], "-00:00, RFC 3339's 'UTC, local offset unknown': not Z (DATA-002)")
case("C06-v03-reset-then-resubscribe-append-unseen", lambda: C03() + stream03([task03(state="working"), art03("a1", "Hello, ", last=True)], close="reset") +
     stream03([art03("a2", "more", append=True, last=True), st03x("completed", final=True)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [("STREAM-END-006", W)], "the reset mid-task (STREAM-003 as should); the 0.3 resubscribe opens with no Task and appends to a2, whose first chunk the agent may have sent while no client listened (0.3 §7.9: backfill is implementation-defined): no STREAM-ARTIFACT-001")
case("C07-legal-v10-second-turn-stream-appends-to-first-turn-artifact", lambda: C10() + stream([{"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "message": RJM("More?"), "timestamp": "2026-12-02T10:00:01.000Z"}}}, art("a1", "draft ")]) +
     stream([{"task": tsk("WORKING", "2026-12-02T10:00:03.000Z", artifacts=[{"artifactId": "a1", "parts": [{"text": "draft "}]}])}, art("a1", "final", append=True, last=True), stu("COMPLETED", "2026-12-02T10:00:04.000Z")], i=2,
            p={"message": msg10("yes", mid="m2", taskId="t1", contextId="c1")}),
     [], "the second turn's stream continues the artifact the first turn's stream began (STREAM-009; TASK-007)")
case("C08-legal-v10-jsonrpc-list-status-as-enum-number", lambda: C10() + LT([tsk("WORKING", tid="t2")], status=2),
     [], "ListTasks status 2 (TASK_STATE_WORKING's number) from the client: ProtoJSON parsers accept an enum's integer value (proto3 JSON mapping; ADR-001), so the agent filters by it; the client's form is at most a note (DATA-001 asks writers for names)")
case("C09-v10-jsonrpc-list-status-number-filter-ignored", lambda: C10() + LT([tsk("WORKING", tid="t2"), tsk("COMPLETED")], status=2),
     [("DATA-LIST-003", E)], "ListTasks status 2 (TASK_STATE_WORKING) also lists a COMPLETED task (DATA-007)")
case("C10-v10-result-state-as-enum-number", lambda: C10() + send_task({"id": "t1", "contextId": "c1", "status": {"state": 3, "timestamp": "2026-12-02T10:00:01.000Z"}}),
     [("DATA-SHAPE-001", E)], "a Task whose status.state is 3: ProtoJSON parsers would read it, but 1.0 writes enums as their names (DATA-001, 1.0 §5.5 MUST), so the agent's answer is malformed (a JSON-RPC client without a proto parser reads no state)")
case("M08-v10-rest-api-key-nested-in-metadata", lambda: R10c() + [req(H + "/message:send", {"message": msg10(metadata={"forwarded": {"headers": {"X-API-Key": "sk-live-7f3a9c2e5b1d"}}})}, headers=RJ),
     resp({"task": tsk("COMPLETED")}, headers=RJR)],
     [("AUTH-PAYLOAD-001", W)], "an HTTP+JSON send forwarding the caller's headers, API key included, inside the message metadata (AUTH-001)")
case("M09-v03-rest-token-in-content-part-metadata", lambda: C03R() + [req(H + "/v1/message:send", {"request": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi", "metadata": {"access_token": "ya29.a0AfH6SMBx"}}]}}, headers=V03R),
     resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:01Z"}}}, headers=V03R)],
     [("AUTH-PAYLOAD-001", W)], "a 0.3 HTTP+JSON send (ProtoJSON: request.content) with an OAuth access token in a part's metadata (AUTH-001)")

write_cases(C, OUT)
