"""Writes the b25x blind-adversary transcripts (breaker25): artifact streaming (append /
lastChunk misuse, final snapshots that disagree with the stream), push notifications end
to end per generation (config CRUD, the webhook POST's body, token and task), input- and
auth-required flows, several agents behind one origin, HTTP details (429/503, redirects,
HEAD/OPTIONS, media-type spellings), 0.2 shapes against other generations, and extension
headers. Faulty ones carry the finding the verifier must report; `-legal-` ones must stay
silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker25 (blind adversary, round five)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b25x-" + name] = (lines(), findings, SRC, note)


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
S10 = {**V10, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
R03 = lambda **kw: getcard(card03(url=H, preferredTransport="HTTP+JSON", **kw))
rget = lambda path, h=RJ: req(H + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"})
rpost = lambda path, body, h=RJ: req(H + path, body, headers=h)
rok = lambda body, status=200: resp(body, status=status, headers=RJ)
HOOK = "https://client.example.test/hooks/a2a"
OK = {"content-type": "text/plain"}


def sse(events, i=1, close="eof", rest=False, headers=None):
    out = [resp("", headers=headers or SSE)]
    for e in events:
        out.append(chunk(rest_ev(e) if rest else ev(e, i)))
    if close:
        out.append(chunk("", close=close))
    return out


def stream10(events, i=1, p=None, url=A, h=S10):
    return [req(url, rpc(i, "SendStreamingMessage", p or {"message": msg10()}), headers=h)] + sse(events, i)


def stream03(events, i=1, p=None, url=A):
    return [req(url, rpc(i, "message/stream", p or {"message": msg03()}), headers=S03)] + sse(events, i)


def rstream10(events, p=None):
    return [rpost("/message:stream", p or {"message": msg10()}, h={**RJ, "accept": "text/event-stream"})] + sse(events, rest=True)


def with_arts(t, *arts):
    t["artifacts"] = [{"artifactId": a, "parts": [{"text": x} for x in texts]} for a, texts in arts]
    return t


def with_arts03(t, *arts):
    t["artifacts"] = [{"artifactId": a, "parts": [{"kind": "text", "text": x} for x in texts]} for a, texts in arts]
    return t


def m03r(text="hi", mid="m1"):
    """a 0.3 HTTP+JSON (ProtoJSON of the 0.3 proto) user message."""
    return {"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}]}


def t03r(state, tid="t1", ctx="c1", n=1):
    return {"id": tid, "contextId": ctx, "status": {"state": state, "timestamp": TS % n}}


W1 = lambda **kw: {"task": task10(state="WORKING", n=1, **kw)}
DONE = lambda n=5: st10(state="COMPLETED", n=n)
W03 = lambda: task03(state="working", n=1)
DONE03 = lambda n=5: st03(state="completed", final=True, n=n)


def send_task_w(i=1, tid="t1", ctx="c1", url=A, h=V10):
    """a 1.0 JSON-RPC SendMessage (returnImmediately) answered with task tid still working."""
    return [req(url, rpc(i, "SendMessage", {"message": msg10(mid="m-" + tid), "configuration": {"returnImmediately": True}}), headers=h),
            resp(ok(i, {"task": task10(tid, ctx, "WORKING", 1)}))]


def send03_w(i=1, tid="t1", ctx="c1", url=A):
    return [req(url, rpc(i, "message/send", {"message": msg03(mid="m-" + tid), "configuration": {"blocking": False}}), headers=J03),
            resp(ok(i, task03(tid, ctx, "working", 1)))]

# ---------------------------------------------------------------- artifact streaming (A)
case("A01-v10-rest-stream-append-to-artifact-never-started", lambda: R10() + rstream10([
    W1(), art10("a1", "Hello ", append=False), art10("a2", "world", append=True, last=True), DONE()]),
    [("artifact-append-without-base", W)],
    "REST stream: chunk 2 appends to artifactId a2, which no earlier chunk started (the agent minted a fresh id per chunk; STREAM-009)")
case("A02-v03-stream-append-to-artifact-never-started", lambda: C03() + stream03([
    W03(), art03("a-body", "part two", append=True), DONE03()]),
    [("artifact-append-without-base", W)],
    "0.3 stream: the only chunk of a-body says append:true (STREAM-009)")
case("A03-v10-chunk-after-last-chunk", lambda: C10() + stream10([
    W1(), art10("a1", "Hello ", last=False), art10("a1", "world", append=True, last=True),
    art10("a1", "!", append=True, last=True), DONE()]),
    [("artifact-chunk-after-last", W)],
    "a third chunk appended to a1 after the chunk that said lastChunk:true (STREAM-009)")
case("A04-v03-rest-chunk-after-last-chunk", lambda: R03() + [
    req(H + "/v1/message:stream", {"message": m03r()}, headers=S03)] + sse([
        {"task": t03r("TASK_STATE_WORKING")}, art10("a1", "one", last=True), art10("a1", "two", append=True, last=True),
        {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 5}, "final": True}}], rest=True),
    [("artifact-chunk-after-last", W)],
    "0.3 HTTP+JSON stream: a chunk for a1 after a1's lastChunk (STREAM-009)")
case("A05-v10-artifact-id-reused-for-another-artifact", lambda: C10() + stream10([
    W1(), art10("out", "report body", last=True, name="report.txt"),
    art10("out", "summary body", append=False, last=True, name="summary.txt"), DONE()]),
    [("artifact-chunk-after-last", W)],
    "artifactId out closed with lastChunk, then reused for a second artifact (summary.txt) (STREAM-009; DATA-005 artifactId unique per task)")
case("A06-v10-parts-split-across-two-ids", lambda: C10() + stream10([
    W1(), art10("a-1", "first half ", append=False, last=False), art10("a-2", "second half", append=True, last=True), DONE()]),
    [("artifact-append-without-base", W)],
    "one artifact's two chunks carry two artifactIds, the second with append:true (STREAM-009)")
case("A07-v10-get-task-lacks-streamed-artifact", lambda: C10() + stream10([
    W1(), art10("a1", "draft", last=True), art10("a2", "final", last=True), DONE()]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("a2", ["final"]))))],
    [("stored-artifact-lost", W)],
    "the stream delivered a1 and a2; GetTask of the completed task holds only a2 (STREAM-009, TASK-005)")
case("A08-v10-final-task-snapshot-in-stream-lacks-artifact", lambda: C10() + stream10([
    W1(), art10("a1", "the answer", last=True), DONE(), {"task": with_arts(task10(n=5), )}]),
    [("stored-artifact-lost", W)],
    "the stream repeats a final Task snapshot before closing (STREAM-007 MAY) with no artifacts, though it streamed a1")
case("A09-v03-tasks-get-loses-appended-chunk", lambda: C03() + stream03([
    W03(), art03("a1", "Hello "), art03("a1", "world", append=True, last=True), DONE03()]) + [
    req(A, rpc(2, "tasks/get", {"id": "t1"}), headers=J03),
    resp(ok(2, with_arts03(task03(n=5), ("a1", ["Hello "]))))],
    [("stored-artifact-lost", W)],
    "0.3: tasks/get keeps only the first chunk of a1 (STREAM-009)")
case("A10-v10-rest-subscribe-task-lacks-streamed-artifact", lambda: R10() + rstream10([
    W1(), art10("a1", "x", last=True), st10(state="INPUT_REQUIRED", n=3)]) + [
    rget("/tasks/t1:subscribe")] + sse([{"task": task10(state="INPUT_REQUIRED", n=3)}], rest=True, close="timeout"),
    [("stored-artifact-lost", W)],
    "SubscribeToTask's first Task of an input-required task has no artifacts, though the send stream delivered a1")
case("AL1-legal-v10-two-artifacts-interleaved", lambda: C10() + stream10([
    W1(), art10("a1", "A-1 "), art10("a2", "B-1 "), art10("a1", "A-2", append=True, last=True),
    art10("a2", "B-2", append=True, last=True), DONE()]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("a1", ["A-1 ", "A-2"]), ("a2", ["B-1 ", "B-2"]))))],
    [], "two artifacts streamed interleaved, each appended and closed; GetTask holds both whole")
case("AL2-legal-v03-append-chain-then-get", lambda: C03() + stream03([
    W03(), art03("a1", "Hello ", append=False, last=False), art03("a1", "world", append=True, last=False),
    art03("a1", "!", append=True, last=True), DONE03()]) + [
    req(A, rpc(2, "tasks/get", {"id": "t1"}), headers=J03),
    resp(ok(2, with_arts03(task03(n=5), ("a1", ["Hello ", "world", "!"]))))],
    [], "0.3 append chain closed by lastChunk; tasks/get holds every chunk")
case("AL3-legal-v10-rest-last-chunk-then-new-artifact", lambda: R10() + rstream10([
    W1(), art10("a1", "one", last=True), art10("a2", "two", last=True), DONE()]),
    [], "a1 closed by lastChunk, then a second artifact a2 starts")
case("AL4-legal-v10-single-chunk-artifact-no-flags", lambda: C10() + stream10([
    W1(), art10("a1", "all at once"), DONE()]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("a1", ["all at once"]))))],
    [], "an artifact sent whole, neither append nor lastChunk set")
case("AL5-legal-v10-final-snapshot-carries-artifacts", lambda: C10() + stream10([
    W1(), art10("a1", "Hello "), art10("a1", "world", append=True, last=True), DONE(),
    {"task": with_arts(task10(n=5), ("a1", ["Hello ", "world"]))}]),
    [], "a final Task snapshot repeated before closing (STREAM-007 MAY) carries the assembled artifact")
case("AL6-legal-v10-replace-chunk-without-append", lambda: C10() + stream10([
    W1(), art10("a1", "draft 1"), art10("a1", "draft 2", append=False, last=True), DONE()]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("a1", ["draft 2"]))))],
    [], "a chunk with append false replaces the artifact's earlier content (STREAM-009); GetTask holds the replacement")

# ---------------------------------------------------------------- push notifications (B)
P02 = {"url": HOOK, "token": "tok-02"}


def card02p(push):
    return getcard(card02(capabilities={"streaming": True, "pushNotifications": push}), path="/.well-known/agent.json")


def send02(i=1, tid="t1", state="working"):
    return [req(A, rpc(i, "tasks/send", {"id": tid, "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=J03),
            resp(ok(i, {"id": tid, "sessionId": "s1", "status": {"state": state, "timestamp": "2026-12-02T10:00:01.000Z"}}))]


def task02(tid="t1", state="completed"):
    return {"id": tid, "sessionId": "s1", "status": {"state": state, "timestamp": "2026-12-02T10:00:05.000Z"}}


case("B01-v02-push-set-accepted-card-declares-false", lambda: card02p(False) + send02() + [
    req(A, rpc(2, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": P02}), headers=J03),
    resp(ok(2, {"id": "t1", "pushNotificationConfig": P02}))],
    [("push-not-declared-but-accepted", E)],
    "0.2 tasks/pushNotification/set accepted by an agent whose card says pushNotifications: false (PUSH-001)")
case("B02-v03-push-config-set-accepted-card-declares-false", lambda: C03(capabilities={"streaming": True, "pushNotifications": False}) + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), headers=J03),
    resp(ok(1, task03(state="working"))),
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-03"}}), headers=J03),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}}))],
    [("push-not-declared-but-accepted", E)],
    "0.3 tasks/pushNotificationConfig/set accepted although the card declares pushNotifications: false (PUSH-001)")
case("B03-v10-rest-push-config-created-card-declares-false", lambda: R10(capabilities={"streaming": True, "pushNotifications": False}) + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rpost("/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": HOOK}),
    rok({"id": "p1", "taskId": "t1", "url": HOOK})],
    [("push-not-declared-but-accepted", E)],
    "POST /tasks/t1/pushNotificationConfigs answered 200 with the config although the card says pushNotifications: false (PUSH-001)")
case("B04-v10-push-config-created-capability-absent", lambda: C10(capabilities={"streaming": True}) + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK}))],
    [("push-not-declared-but-accepted", E)],
    "capabilities has no pushNotifications member (absent = false) yet Create succeeded (PUSH-001)")
case("B05-v03-webhook-without-token", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-03"}}), headers=J03),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}})),
    req(HOOK, task03(n=5), headers=J03), resp("", status=200, headers=OK)],
    [("push-delivery-without-token-0x", W)],
    "0.3 agent POSTs the Task to the webhook with no X-A2A-Notification-Token although the config set token tok-03 (PUSH-005)")
case("B06-v02-webhook-wrong-token", lambda: card02p(True) + send02() + [
    req(A, rpc(2, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": P02}), headers=J03),
    resp(ok(2, {"id": "t1", "pushNotificationConfig": P02})),
    req(HOOK, task02(), headers={**J03, "x-a2a-notification-token": "tok-other"}), resp("", status=200, headers=OK)],
    [("push-delivery-wrong-credentials", E)],
    "0.2 webhook delivery carries X-A2A-Notification-Token tok-other, the config said tok-02 (PUSH-005)")
case("B07-v10-webhook-delivery-for-task-not-configured", lambda: C10() + send_task_w(1, "t1") + send_task_w(2, "t2", "c2") + [
    RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "/t1", "token": "k1"}),
    resp(ok(3, {"id": "p1", "taskId": "t1", "url": HOOK + "/t1", "token": "k1"})),
    req(HOOK + "/t1", {"statusUpdate": {"taskId": "t2", "contextId": "c2", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 5}}},
        headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [("push-payload-other-task", E)],
    "the webhook configured for t1 receives t2's completion (PUSH-004 receiver validates task id; AUTH-006)")
case("B08-v10-webhook-body-in-0-3-task-shape", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, task03(n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [("push-payload-invalid-shape", E), ("task-state-invalid", E), ("version-mixed-payload", W)],
    "a 1.0 agent half-migrated from 0.3 posts a 0.3 Task (kind, lowercase state) to the webhook instead of a StreamResponse (PUSH-004)")
case("B09-v10-webhook-body-json-rpc-envelope", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, {"jsonrpc": "2.0", "method": "TaskStatusUpdate", "params": st10(state="COMPLETED", n=5)},
        headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [("push-payload-invalid-shape", E)],
    "the webhook body is a JSON-RPC notification wrapping the event; PUSH-004 says the HTTP+JSON form (a bare StreamResponse) for every binding")
case("B10-v10-webhook-delivered-with-put", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, st10(state="COMPLETED", n=5), method="PUT", headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}),
    resp("", status=204, headers={})],
    [("push-delivery-not-post", E)],
    "webhook delivery with PUT (PUSH-004: POST)")
case("B11-v10-webhook-basic-where-bearer-configured", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-77"}}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret-77"}})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "authorization": "Basic aG9vay1zZWNyZXQtNzc="}),
    resp("", status=401, headers={})],
    [("push-delivery-wrong-credentials", E)],
    "the config says Bearer hook-secret-77; the agent sends Basic (base64 of the secret) and the webhook refuses (PUSH-004)")
case("B12-v03-webhook-bearer-missing-token-sent", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {
        "url": HOOK, "token": "tok-03", "authentication": {"schemes": ["Bearer"], "credentials": "jwt-abc"}}}), headers=J03),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03", "authentication": {"schemes": ["Bearer"], "credentials": "jwt-abc"}}})),
    req(HOOK, task03(n=5), headers={**J03, "x-a2a-notification-token": "tok-03"}), resp("", status=401, headers=OK)],
    [("push-delivery-without-credentials", E)],
    "0.3 config with Bearer credentials: the agent sends only the token header, no Authorization (PUSH-005: authenticate as configured)")
case("B13-v10-inline-config-webhook-without-authorization", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {
        "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "inline-secret"}}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json"}), resp("", status=401, headers={})],
    [("push-delivery-without-credentials", E)],
    "inline push config (configuration.taskPushNotificationConfig) with Bearer credentials; the delivery has no Authorization (PUSH-004)")
case("BL8-legal-v10-inline-config-token-only-no-header", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "inline-tok"}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json"}), resp("", status=204, headers={})],
    [], "a 1.0 config's token alone asks for no header (PUSH-004 names only authentication; 1.0 defines no token header)")
case("B14-v10-inline-config-accepted-card-declares-false", lambda: C10(capabilities={"streaming": True, "pushNotifications": False}) + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "k"}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k"}), resp("", status=204, headers={})],
    [("push-not-declared-but-accepted", E)],
    "card says pushNotifications: false, the send's inline push config is taken and the webhook is called (PUSH-001)")
case("B15-v03-rest-push-config-accepted-card-declares-false", lambda: R03(capabilities={"streaming": True, "pushNotifications": False}) + [
    req(H + "/v1/message:send", {"request": m03r(), "configuration": {"blocking": False}}, headers=J03), resp({"task": t03r("TASK_STATE_WORKING")}),
    req(H + "/v1/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}, headers=J03),
    resp({"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK}})],
    [("push-not-declared-but-accepted", E)],
    "0.3 HTTP+JSON POST /v1/tasks/t1/pushNotificationConfigs accepted with pushNotifications: false (PUSH-001)")
case("B16-v02-webhook-body-other-task", lambda: card02p(True) + send02(1, "t1") + send02(2, "t2") + [
    req(A, rpc(3, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": HOOK + "?task=t1", "token": "tok-02"}}), headers=J03),
    resp(ok(3, {"id": "t1", "pushNotificationConfig": {"url": HOOK + "?task=t1", "token": "tok-02"}})),
    req(HOOK + "?task=t1", task02("t2"), headers={**J03, "x-a2a-notification-token": "tok-02"}), resp("", status=200, headers=OK)],
    [("push-payload-other-task", E)],
    "0.2: the webhook set for t1 receives t2's Task")
case("BL1-legal-v02-push-set-get-delivery", lambda: card02p(True) + send02() + [
    req(A, rpc(2, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": P02}), headers=J03),
    resp(ok(2, {"id": "t1", "pushNotificationConfig": P02})),
    req(A, rpc(3, "tasks/pushNotification/get", {"id": "t1"}), headers=J03),
    resp(ok(3, {"id": "t1", "pushNotificationConfig": P02})),
    req(HOOK, task02(), headers={**J03, "x-a2a-notification-token": "tok-02"}), resp("", status=200, headers=OK)],
    [], "0.2 set / get and a delivery of the Task with the configured token")
case("BL2-legal-v03-push-config-crud-and-delivery", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-03"}}), headers=J03),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}})),
    req(A, rpc(3, "tasks/pushNotificationConfig/get", {"id": "t1", "pushNotificationConfigId": "p1"}), headers=J03),
    resp(ok(3, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}})),
    req(A, rpc(4, "tasks/pushNotificationConfig/list", {"id": "t1"}), headers=J03),
    resp(ok(4, [{"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}}])),
    req(HOOK, task03(n=5), headers={**J03, "x-a2a-notification-token": "tok-03"}), resp("", status=200, headers=OK),
    req(A, rpc(5, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "p1"}), headers=J03),
    resp(ok(5, None))],
    [], "0.3 set / get / list, a delivery with the token, then delete (result null)")
case("BL3-legal-v10-rest-push-crud-and-delivery", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rpost("/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}),
    rok({"id": "p1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}),
    rget("/tasks/t1/pushNotificationConfigs/p1"), rok({"id": "p1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}),
    rget("/tasks/t1/pushNotificationConfigs"), rok({"configs": [{"id": "p1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}]}),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "authorization": "Bearer hook-secret"}), resp("", status=204, headers={}),
    req(H + "/tasks/t1/pushNotificationConfigs/p1", method="DELETE", headers={"a2a-version": "1.0"}), rok({})],
    [], "1.0 REST create / get / list / delete and a delivery with the Bearer credentials")
case("BL4-legal-v10-push-refused-card-declares-false", lambda: C10(capabilities={"streaming": True, "pushNotifications": False}) + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}),
    resp(err(2, -32003, "Push notifications not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED")))],
    [], "push not declared, Create refused with PushNotificationNotSupportedError")
case("BL5-legal-v10-webhook-task-snapshot-body", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, {"task": task10(n=5)}, headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=200, headers={})],
    [], "a 1.0 delivery whose StreamResponse is a task snapshot")
case("BL6-legal-v03-push-set-refused-card-declares-false", lambda: C03(capabilities={"streaming": True, "pushNotifications": False}) + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}), headers=J03),
    resp(err(2, -32003, "Push Notification is not supported"))],
    [], "0.3 set refused with -32003")
case("BL7-legal-v10-two-configs-two-webhooks", lambda: C10() + send_task_w(1, "t1") + send_task_w(2, "t2", "c2") + [
    RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "/t1", "token": "k1"}),
    resp(ok(3, {"id": "p1", "taskId": "t1", "url": HOOK + "/t1", "token": "k1"})),
    RPC(4, "CreateTaskPushNotificationConfig", {"taskId": "t2", "url": HOOK + "/t2", "token": "k2"}),
    resp(ok(4, {"id": "p2", "taskId": "t2", "url": HOOK + "/t2", "token": "k2"})),
    req(HOOK + "/t2", st10("t2", "c2", state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k2"}), resp("", status=204, headers={}),
    req(HOOK + "/t1", st10("t1", "c1", state="COMPLETED", n=6), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [], "two tasks, two webhooks, each delivery to its own webhook with its own token")

# ---------------------------------------------------------------- input- / auth-required (C)
def ask(tid="t1", ctx="c1", n=2, state="INPUT_REQUIRED"):
    t = task10(tid, ctx, state, n)
    t["status"]["message"] = amsg10("which city?" if state == "INPUT_REQUIRED" else "sign in at https://idp.example.test/device", taskId=tid, contextId=ctx)
    return t


def ask03(tid="t1", ctx="c1", n=2):
    t = task03(tid, ctx, "input-required", n)
    t["status"]["message"] = {"kind": "message", "messageId": "q1", "role": "agent", "parts": [{"kind": "text", "text": "which city?"}], "taskId": tid, "contextId": ctx}
    return t


first_ask = lambda: [RPC(1, "SendMessage", {"message": msg10("book a table", mid="m1")}), resp(ok(1, {"task": ask()}))]
case("C01-v10-resume-answered-with-new-task", lambda: C10() + first_ask() + [
    RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
    resp(ok(2, {"task": task10("t2", "c1", n=3)}))],
    [("unknown-task-id-accepted", E)],
    "the answer to t1's question (taskId t1) comes back as a new task t2: the agent started over instead of continuing (ID-001, TASK-007)")
case("C02-v03-resume-answered-with-new-task", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03("book a table")}), headers=J03), resp(ok(1, ask03())),
    req(A, rpc(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), headers=J03),
    resp(ok(2, task03("t2", "c1", n=3)))],
    [("unknown-task-id-accepted", E)],
    "0.3: the reply to input-required task t1 is answered with a new task t2")
case("C03-v10-rest-resume-answered-with-new-task", lambda: R10() + [
    rpost("/message:send", {"message": msg10("book a table", mid="m1")}), rok({"task": ask()}),
    rpost("/message:send", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), rok({"task": task10("t9", "c1", n=3)})],
    [("unknown-task-id-accepted", E)],
    "HTTP+JSON: the follow-up naming t1 is answered with task t9")
case("C04-v10-stream-resume-opens-new-task", lambda: C10() + first_ask() + stream10([
    {"task": task10("t2", "c1", "WORKING", 3)}, st10("t2", "c1", state="COMPLETED", n=4)], i=2,
    p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
    [("unknown-task-id-accepted", E)],
    "SendStreamingMessage resuming t1 opens a stream of a new task t2")
case("C05-v03-rest-stream-ends-input-required-final-false", lambda: R03() + [
    req(H + "/v1/message:stream", {"message": m03r()}, headers=S03)] + sse([
        {"task": t03r("TASK_STATE_WORKING")},
        {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 2}, "final": False}}], rest=True),
    [("stream-final-flag-wrong", E)],
    "0.3 HTTP+JSON stream ends on input-required with final false (STREAM-008: final marks the last event at input-required)")
case("C06-v03-resume-refused-task-not-found", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03("book a table")}), headers=J03), resp(ok(1, ask03())),
    req(A, rpc(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), headers=J03),
    resp(err(2, -32001, "Task not found"))],
    [("task-id-not-resolvable", E)],
    "the agent that asked a question on t1 answers the reply with TaskNotFoundError (a restart lost its in-memory store)")
case("C07-v10-resume-task-context-changed", lambda: C10() + first_ask() + [
    RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1")}),
    resp(ok(2, {"task": task10("t1", "c-new", n=3)}))],
    [("context-id-not-inferred", E)],
    "the follow-up names only taskId t1; the task comes back under another contextId (ID-003)")
case("C08-v10-auth-required-no-message", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("read my calendar")}), resp(ok(1, {"task": task10(state="AUTH_REQUIRED", n=2)}))],
    [("auth-required-without-message", E)],
    "AUTH_REQUIRED with no status.message: the client cannot tell what to authorize (TASK-006)")
case("C09-v02-sendsubscribe-input-required-final-absent", lambda: getcard(card02(), path="/.well-known/agent.json") + [
    req(A, rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=J03),
    resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}, "final": False})),
    chunk(ev({"id": "t1", "status": {"state": "input-required", "timestamp": "2026-12-02T10:00:02",
                                    "message": {"role": "agent", "parts": [{"type": "text", "text": "which city?"}]}}})),
    chunk("", close="eof")],
    [("stream-final-flag-wrong", E)],
    "0.2 sendSubscribe ends on input-required with no final member (STREAM-008)")
case("CL6-legal-v02-sendsubscribe-final-omitted-until-last", lambda: getcard(card02(), path="/.well-known/agent.json") + [
    req(A, rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=J03),
    resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}})),
    chunk(ev({"id": "t1", "artifact": {"parts": [{"type": "text", "text": "answer"}], "index": 0}})),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": True})),
    chunk("", close="eof")],
    [], "0.2.0 prose: final is optional, default false; the agent sets it only on the last event")
case("CL1-legal-v10-resume-same-task", lambda: C10() + first_ask() + [
    RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": task10("t1", "c1", n=3)}))],
    [], "the answer names t1 and t1 completes")
case("CL2-legal-v10-stream-closes-at-input-required-then-resumed", lambda: C10() + stream10([
    W1(), {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 2,
        "message": amsg10("which city?", taskId="t1", contextId="c1")}}}]) + stream10([
    {"task": task10("t1", "c1", "WORKING", 3)}, st10(state="COMPLETED", n=4)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1")}),
    [], "a 1.0 stream closes at INPUT_REQUIRED (allowed, STREAM-007); the answer reopens the same task in a new stream")
case("CL3-legal-v03-stream-input-required-final-then-resume", lambda: C03() + stream03([
    W03(), st03(state="input-required", final=True, n=2)]) + [
    req(A, rpc(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), headers=J03),
    resp(ok(2, task03("t1", "c1", n=3)))],
    [], "0.3 stream ends on input-required with final true; message/send with taskId continues t1")
case("CL4-legal-v10-auth-required-for-third-party-card-without-security", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("read my calendar")}), resp(ok(1, {"task": ask(state="AUTH_REQUIRED")})),
    RPC(2, "SendMessage", {"message": msg10("done", mid="m2", taskId="t1")}), resp(ok(2, {"task": task10("t1", "c1", n=3)}))],
    [], "auth-required for a downstream service (status.message says where to sign in); the card itself declares no security, which is fine")
case("CL5-legal-v10-answer-without-task-id-starts-new-task-in-context", lambda: C10() + first_ask() + [
    RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", contextId="c1")}), resp(ok(2, {"task": task10("t2", "c1", n=3)}))],
    [], "the client answers with contextId only: a new task in that context (ID-008) is the agent's right, even if the client meant t1")

# ---------------------------------------------------------------- several agents behind one origin (D)
AA, AB = H + "/agents/a", H + "/agents/b"


def cardA(**kw):
    return getcard(card10(url=AA, name="Alpha", **kw), path="/agents/a/.well-known/agent-card.json")


def cardB(**kw):
    return getcard(card10(url=AB, name="Beta", **kw), path="/agents/b/.well-known/agent-card.json")


NOSTREAM = {"streaming": False, "pushNotifications": False}
case("D01-v10-two-agents-stream-served-by-non-streaming-agent", lambda: cardA() + cardB(capabilities=NOSTREAM) +
    stream10([{"task": task10(state="WORKING")}, DONE()], url=AB),
    [("streaming-not-declared-but-served", E)],
    "agent b (streaming: false) serves a stream; agent a on the same origin streams, b does not (STREAM-001)")
case("D02-v10-two-agents-cards-fetched-other-order", lambda: cardB(capabilities=NOSTREAM) + cardA() +
    stream10([{"task": task10(state="WORKING")}, DONE()], url=AB),
    [("streaming-not-declared-but-served", E)],
    "as D01 with b's card fetched first and a's last: b's call is judged by b's card")
case("D03-v10-two-agents-push-accepted-by-agent-without-push", lambda: cardA() + cardB(capabilities=NOSTREAM) +
    send_task_w(1, "t1", url=AB) + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, url=AB),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK}))],
    [("push-not-declared-but-accepted", E)],
    "agent b declares no push notifications but accepts a config; a (fetched first) does (PUSH-001)")
case("D04-v10-two-agents-task-id-of-a-used-at-b", lambda: cardA() + cardB() + send_task_w(1, "t-a1", url=AA) + [
    RPC(2, "GetTask", {"id": "t-a1"}, url=AB), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("client-task-id-from-other-agent", W)],
    "the client asks agent b for t-a1, a task agent a handed out (ID-001)")
case("D05-v10-two-agents-required-extension-of-a-not-enforced", lambda: cardB() + cardA(capabilities={
        "streaming": True, "pushNotifications": True, "extensions": [{"uri": "https://ext.example.test/geo/v1", "required": True}]}) + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AA), resp(ok(1, {"task": task10()}))],
    [("required-extension-not-enforced", E)],
    "agent a requires the geo extension; a call to a without A2A-Extensions is processed (EXT-002)")
case("D06-v10-two-agents-security-of-a-not-enforced", lambda: cardB() + cardA(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AA), resp(ok(1, {"task": task10()}))],
    [("task-endpoint-without-auth", E)],
    "agent a declares Bearer security; a call to a with no credentials succeeds (AUTH-002)")
case("D07-v10-two-agents-0-3-call-served-by-1-0-agent", lambda: cardA() + getcard(card03(url=AB, name="Beta"), path="/agents/b/.well-known/agent-card.json") + [
    req(AA, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, {"task": task10()}))],
    [("version-header-not-enforced", E), ("result-invalid-shape", E), ("task-state-invalid", E), ("version-mixed-payload", W)],
    "a 0.3 client calls agent a (1.0 only) without A2A-Version, meaning 0.3; a answers in the 1.0 form; b next door is the 0.3 agent (VER-002/VER-003)")
case("DL1-legal-v10-two-agents-each-by-own-card", lambda: cardA() + cardB(capabilities=NOSTREAM) +
    stream10([{"task": task10(state="WORKING")}, DONE()], url=AA) + send_task_w(2, "t2", url=AB) + [
    RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t2", "url": HOOK}, url=AB),
    resp(err(3, -32003, "Push notifications not supported", einfo("PUSH_NOTIFICATION_NOT_SUPPORTED"))),
    RPC(4, "SendStreamingMessage", {"message": msg10(mid="m9")}, h=S10, url=AB),
    resp(err(4, -32004, "Streaming is not supported", einfo("UNSUPPORTED_OPERATION")))],
    [], "a streams; b (no streaming, no push) refuses both as its card says")
case("DL2-legal-v10-two-agents-extension-only-at-a", lambda: cardA(capabilities={
        "streaming": True, "pushNotifications": True, "extensions": [{"uri": "https://ext.example.test/geo/v1", "required": True}]}) + cardB() + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AB), resp(ok(1, {"task": task10()})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2")}, h={**V10, "a2a-extensions": "https://ext.example.test/geo/v1"}, url=AA),
    resp(ok(2, {"task": task10("t2", "c2")}), headers={**J, "a2a-extensions": "https://ext.example.test/geo/v1"})],
    [], "b requires nothing and serves a call without extensions; a gets its required extension")
case("DL3-legal-v10-two-agents-security-only-at-a", lambda: cardA(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + cardB() + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AB), resp(ok(1, {"task": task10()})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2")}, h={**V10, "authorization": "Bearer eyJhbGciOi"}, url=AA), resp(ok(2, {"task": task10("t2", "c2")}))],
    [], "b is open, a gets its Bearer token")
case("DL4-legal-two-agents-0-3-call-at-0-3-agent", lambda: cardA() + getcard(card03(url=AB, name="Beta"), path="/agents/b/.well-known/agent-card.json") + [
    req(AB, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03())),
    RPC(2, "SendMessage", {"message": msg10()}, url=AA), resp(ok(2, {"task": task10("t2", "c2")}))],
    [], "0.3 call at the 0.3 agent b, 1.0 call at agent a: each in its own version")
case("DL5-legal-v10-two-agents-same-task-id-each-own", lambda: cardA() + cardB() + send_task_w(1, "t1", url=AA) + send_task_w(2, "t1", url=AB) + [
    RPC(3, "GetTask", {"id": "t1"}, url=AB), resp(ok(3, {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 2}}))],
    [], "both agents hand out t1 (their own counters); GetTask t1 at b is b's own task")

# ---------------------------------------------------------------- HTTP details (E)
RA = {"content-type": "application/json", "retry-after": "2"}
case("E01-v10-rest-send-redirected-307-to-other-path", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}),
    resp("", status=307, headers={"location": H + "/v2/message:send"}),
    req(H + "/v2/message:send", {"message": msg10()}, headers=RJ), rok({"task": task10()})],
    [("card-url-redirects", W)],
    "the card's HTTP+JSON interface answers POST /message:send with 307 to /v2/message:send: every call costs a round trip and clients that do not follow 307 on POST fail (CARD-005)")
case("E02-v10-jsonrpc-endpoint-308-to-new-path", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp("", status=308, headers={"location": H + "/api/v1/a2a"}),
    RPC(1, "SendMessage", {"message": msg10()}, url=H + "/api/v1/a2a"), resp(ok(1, {"task": task10()}))],
    [("card-url-redirects", W)],
    "the JSON-RPC interface URL answers 308 to /api/v1/a2a: the card advertises a URL the agent moved away from (CARD-005)")
case("E03-v10-card-308-to-other-path", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("", status=308, headers={"location": H + "/static/agent-card.json"}),
    req(H + "/static/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers=CH),
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [("card-path-redirects", W)],
    "the well-known card path answers 308 to a static file (CARD-002: the card is at the well-known path)")
case("E04-v10-stream-answered-as-ndjson", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers=S10),
    resp("", headers={"content-type": "application/x-ndjson"}),
    chunk(json.dumps(ok(1, {"task": task10(state="WORKING")})) + "\n"),
    chunk(json.dumps(ok(1, st10(state="COMPLETED", n=5))) + "\n"), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "a streaming call answered as newline-delimited JSON (application/x-ndjson) instead of text/event-stream (RPC-005)")
case("E05-v10-rest-stream-answered-text-plain", lambda: R10() + [
    rpost("/message:stream", {"message": msg10()}, h={**RJ, "accept": "text/event-stream"}),
    resp("", headers={"content-type": "text/plain; charset=utf-8"}),
    chunk(rest_ev({"task": task10(state="WORKING")})), chunk(rest_ev(st10(state="COMPLETED", n=5))), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "a proxy rewrote the stream's Content-Type to text/plain (REST-002, RPC-005: text/event-stream)")
case("E06-v03-stream-answered-application-json-sse-body", lambda: C03() + [
    req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03),
    resp("", headers={"content-type": "application/json"}),
    chunk(ev(W03())), chunk(ev(DONE03())), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "0.3 message/stream answered with SSE frames under Content-Type application/json (RPC-005)")
case("EL1-legal-v10-jsonrpc-429-retry-after-then-ok", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp({"error": "rate limited"}, status=429, headers=RA),
    RPC(2, "SendMessage", {"message": msg10()}), resp(ok(2, {"task": task10()}))],
    [], "a 429 with Retry-After, then the same message (same messageId) retried and answered")
case("EL2-legal-v10-rest-429-resource-exhausted", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}),
    resp({"error": {"code": 429, "status": "RESOURCE_EXHAUSTED", "message": "quota exceeded", "details": [
        {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "2s"}]}}, status=429, headers={**RJ, "retry-after": "2"}),
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [], "HTTP+JSON 429 RESOURCE_EXHAUSTED with RetryInfo and Retry-After, then the retry succeeds")
case("EL3-legal-v10-rest-503-unavailable-retry-after", lambda: R10() + [
    rget("/tasks/t0"),
    resp({"error": {"code": 503, "status": "UNAVAILABLE", "message": "draining"}}, status=503, headers={**RJ, "retry-after": "Wed, 02 Dec 2026 10:01:00 GMT"}),
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [], "an agent draining for deploy answers 503 UNAVAILABLE with an HTTP-date Retry-After")
case("EL4-legal-v03-jsonrpc-503-no-retry-after", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp("<html><body>503 Service Temporarily Unavailable</body></html>", status=503, headers={"content-type": "text/html"}),
    req(A, rpc(2, "message/send", {"message": msg03()}), headers=J03), resp(ok(2, task03()))],
    [], "a load balancer's 503 page (no backend up), then the retry reaches the agent")
case("EL5-legal-v10-card-revalidated-304", lambda: C10() + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-none-match": "\"c1\""}),
    resp("", status=304, headers={"etag": "\"c1\"", "cache-control": "max-age=300"}),
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "card re-fetched with If-None-Match and answered 304: the cached card stays in force")
case("EL6-legal-v10-cors-preflight-and-head", lambda: C10() + [
    req(A, method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST",
                                      "access-control-request-headers": "content-type, a2a-version"}),
    resp("", status=204, headers={"access-control-allow-origin": "https://app.example.test", "access-control-allow-methods": "POST",
                                  "access-control-allow-headers": "content-type, a2a-version, a2a-extensions"}),
    req(A, method="HEAD", headers={}), resp("", status=405, headers={"allow": "POST"}),
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "origin": "https://app.example.test"}),
    resp(ok(1, {"task": task10()}), headers={**J, "access-control-allow-origin": "https://app.example.test"})],
    [], "a browser's CORS preflight, a HEAD answered 405, then the POST")
case("EL7-legal-v10-media-type-spellings", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}, h={"Content-Type": "Application/JSON; Charset=\"utf-8\"", "A2A-Version": "1.0"}),
    resp(ok(1, {"task": task10()}), headers={"Content-Type": "application/json;charset=UTF-8"}),
    req(A, rpc(2, "SendStreamingMessage", {"message": msg10(mid="m2")}), headers=S10)] + sse(
        [{"task": task10("t2", "c2", "WORKING", 2)}, st10("t2", "c2", state="COMPLETED", n=3)], i=2,
        headers={"content-type": "text/event-stream;charset=utf-8"}) + [
    req(A, rpc(3, "SendStreamingMessage", {"message": msg10(mid="m3")}), headers=S10)] + sse(
        [{"task": task10("t3", "c3", "WORKING", 4)}, st10("t3", "c3", state="COMPLETED", n=5)], i=3,
        headers={"Content-Type": "Text/Event-Stream; charset=UTF-8"}),
    [], "media types in other letter case and with charset parameters (RFC 9110 §8.3.1: case-insensitive)")
# ---------------------------------------------------------------- 0.2 shapes across generations (F)
C02 = lambda **kw: getcard(card02(**kw), path="/.well-known/agent.json")
send02b = lambda i=1, tid="t1": {"id": tid, "sessionId": "s1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}
case("F01-v02-sendsubscribe-completed-final-false", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03), resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}, "final": False})),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": False})),
    chunk("", close="eof")],
    [("stream-final-flag-wrong", E)],
    "0.2 sendSubscribe's completed event says final false (STREAM-008)")
case("F02-v02-status-after-final-completed", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03), resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": True})),
    chunk(ev({"id": "t1", "artifact": {"parts": [{"type": "text", "text": "late"}], "index": 0}})),
    chunk("", close="eof")],
    [("stream-event-after-terminal", E)],
    "0.2: an artifact event after the completed final event (STREAM-008, TASK-001)")
case("F03-v02-client-tasks-send-served-in-1-0-form", lambda: C10() + [
    req(A, rpc(1, "tasks/send", send02b()), headers=J03), resp(ok(1, {"task": task10(ctx="s1")}))],
    [("result-invalid-shape", E), ("task-state-invalid", E), ("version-header-not-enforced", E), ("version-mixed-payload", W)],
    "a 0.2 client's tasks/send at a 1.0-only agent answered with a 1.0 SendMessageResponse the 0.2 client cannot read (RPC-003: -32601 for a method 1.0 does not have)")
case("F04-v02-agent-answers-1-0-state", lambda: C02() + [
    req(A, rpc(1, "tasks/send", send02b()), headers=J03),
    resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:02"}}))],
    [("task-state-invalid", E)],
    "a 0.2 agent whose task store was migrated to 1.0 answers tasks/send with TASK_STATE_COMPLETED (0.2 states are lowercase)")
case("F05-v02-sendsubscribe-streams-1-0-events", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03), resp("", headers=SSE),
    chunk(ev({"statusUpdate": {"taskId": "t1", "contextId": "s1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 1}}})),
    chunk(ev({"statusUpdate": {"taskId": "t1", "contextId": "s1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}})),
    chunk("", close="eof")],
    [("stream-event-invalid-shape", E), ("task-state-invalid", E), ("stream-final-flag-wrong", E), ("version-mixed-payload", W)],
    "a 0.2 sendSubscribe answered with 1.0 statusUpdate events a 0.2 client cannot read")
case("F06-v03-client-to-0-2-agent-message-send-served", lambda: C02() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}}))],
    [("result-invalid-shape", E)],
    "a 0.3 client's message/send at a 0.2 agent answered with a 0.2 Task without kind: the 0.3 client finds no kind (DATA-005)")
case("FL1-legal-v02-sendsubscribe-final-true", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03), resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}, "final": False})),
    chunk(ev({"id": "t1", "artifact": {"parts": [{"type": "text", "text": "hello"}], "index": 0, "lastChunk": True}})),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": True})),
    chunk("", close="eof")],
    [], "0.2 sendSubscribe: working, one artifact, completed final true")
case("FL2-legal-v02-resubscribe-after-input-required", lambda: C02() + [
    req(A, rpc(1, "tasks/send", send02b()), headers=J03),
    resp(ok(1, {"id": "t1", "sessionId": "s1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}})),
    req(A, rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=J03), resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:03"}, "final": True}, i=2)),
    chunk("", close="eof")],
    [], "0.2 tasks/resubscribe to a working task streams until completed final true")
case("FL3-legal-v02-client-refused-by-1-0-agent", lambda: C10() + [
    req(A, rpc(1, "tasks/send", send02b()), headers=J03), resp(err(1, -32601, "Method not found"))],
    [], "a 0.2 client at a 1.0-only agent: tasks/send refused with -32601")
case("FL4-legal-v10-client-refused-by-0-2-agent", lambda: C02() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(err(1, -32601, "Method not found"))],
    [], "a 1.0 client at a 0.2 agent: SendMessage refused with -32601")

# ---------------------------------------------------------------- extensions (G)
GEO = "https://ext.example.test/geo/v1"
TRACE = "https://ext.example.test/trace/v2"
EXT = lambda req_=False: {"streaming": True, "pushNotifications": True, "extensions": [
    {"uri": GEO, "description": "geo", "required": req_}, {"uri": TRACE, "description": "tracing"}]}
case("G01-v10-rest-required-extension-not-enforced", lambda: R10(capabilities=EXT(True)) + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [("required-extension-not-enforced", E)],
    "HTTP+JSON send without A2A-Extensions processed although the card marks geo required (EXT-002)")
case("G02-v10-echo-extension-not-in-card", lambda: C10(capabilities=EXT()) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": GEO + ", https://ext.example.test/other/v1"}),
    resp(ok(1, {"task": task10()}), headers={**J, "a2a-extensions": GEO + ", https://ext.example.test/other/v1"})],
    [("extension-activated-not-declared", W)],
    "the agent echoes other/v1 as activated, an extension its card does not declare (EXT-004)")
case("G03-v10-echo-extension-not-requested", lambda: C10(capabilities=EXT()) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": GEO}),
    resp(ok(1, {"task": task10()}), headers={**J, "a2a-extensions": GEO + "," + TRACE})],
    [("extension-activated-not-declared", W)],
    "the client asked for geo only; the agent reports trace activated too (EXT-004: activated = requested and supported)")
case("G04-v10-rest-client-x-a2a-extensions", lambda: R10(capabilities=EXT()) + [
    rpost("/message:send", {"message": msg10()}, h={**RJ, "x-a2a-extensions": GEO}), rok({"task": task10()})],
    [("extension-header-0x-name", W)],
    "a half-migrated 1.0 client sends its extensions in the 0.x header X-A2A-Extensions (EXT-001)")
case("G05-v03-required-extension-requested-but-refused", lambda: C03(capabilities={"streaming": True, "extensions": [{"uri": GEO, "required": True}]}) + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "x-a2a-extensions": GEO}),
    resp(err(1, -32600, "Extension https://ext.example.test/geo/v1 is required"))],
    [("extension-required-error-although-activated-0x", W), ("jsonrpc-error-code-mismatch", E)],
    "0.3 client names the required geo extension in X-A2A-Extensions; the agent still refuses for it (CAP-EXT-008: EXT-002 is 1.0's, a warning on 0.3; sev44b)")
case("G06-v10-stream-required-extension-not-enforced", lambda: C10(capabilities=EXT(True)) + stream10([
    {"task": task10(state="WORKING")}, DONE()]),
    [("required-extension-not-enforced", E)],
    "SendStreamingMessage without A2A-Extensions served although geo is required (EXT-002)")
case("GL1-legal-v10-two-requested-one-activated", lambda: C10(capabilities=EXT()) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": " " + GEO + " ,  " + TRACE + " "}),
    resp(ok(1, {"task": task10()}), headers={**J, "a2a-extensions": GEO})],
    [], "two extensions requested with spaces around the commas; the agent activates one")
case("GL2-legal-v10-required-extension-refused-when-missing", lambda: C10(capabilities=EXT(True)) + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(err(1, -32008, "Extension support required", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
         "reason": "EXTENSION_SUPPORT_REQUIRED", "domain": "a2a-protocol.org", "metadata": {"uri": GEO}}])),
    RPC(2, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": GEO}),
    resp(ok(2, {"task": task10()}), headers={**J, "a2a-extensions": GEO})],
    [], "the required extension missing: ExtensionSupportRequiredError; asked again with it: served and echoed")
case("GL3-legal-v03-stream-x-a2a-extensions-echo", lambda: C03(capabilities={"streaming": True, "extensions": [{"uri": GEO}]}) + [
    req(A, rpc(1, "message/stream", {"message": msg03()}), headers={**S03, "x-a2a-extensions": GEO})] +
    sse([W03(), DONE03()], headers={**SSE, "x-a2a-extensions": GEO}),
    [], "0.3 stream with X-A2A-Extensions requested and echoed")
case("GL4-legal-v10-unknown-extension-requested-ignored", lambda: C10(capabilities=EXT()) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": "https://ext.example.test/unknown/v9"}),
    resp(ok(1, {"task": task10()}))],
    [], "the client asks for an extension the agent does not know: ignored, nothing echoed (EXT-003)")

# ---------------------------------------------------------------- several agents, more (D, second part)
case("DL6-legal-v10-two-agents-push-delivery-for-agent-with-push", lambda: cardA() + cardB(capabilities=NOSTREAM) +
    send_task_w(1, "t1", url=AA) + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}, url=AA),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}),
    resp("", status=204, headers={})],
    [], "agent a (push notifications) delivers to the webhook configured with it; b's card (no push), fetched last, is not a's")
case("DL7-legal-v10-two-agents-extension-echo-declared-by-b-only", lambda: cardB(capabilities=EXT()) + cardA() + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": GEO}, url=AB),
    resp(ok(1, {"task": task10()}), headers={**J, "a2a-extensions": GEO})],
    [], "agent b declares geo and echoes it; a's card (fetched last, no extensions) does not judge b's call")
case("D08-v10-two-agents-extension-echo-declared-only-by-other-agent", lambda: cardB(capabilities=EXT()) + cardA(capabilities={
        "streaming": True, "pushNotifications": True, "extensions": [{"uri": TRACE}]}) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": GEO}, url=AA),
    resp(ok(1, {"task": task10()}), headers={**J, "a2a-extensions": GEO})],
    [("extension-activated-not-declared", W)],
    "agent a (its card declares trace only) echoes geo as activated; only b's card declares geo (EXT-004)")
case("D09-v10-two-agents-push-delivery-from-agent-without-push", lambda: cardA() + cardB(capabilities=NOSTREAM) +
    send_task_w(1, "t1", url=AB) + [
    RPC(2, "SendMessage", {"message": msg10(mid="m2", taskId="t1"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "k1"}}}, url=AB),
    resp(ok(2, {"task": task10("t1", "c1", "WORKING", 2)})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}),
    resp("", status=204, headers={})],
    [("push-not-declared-but-accepted", E)],
    "agent b (no push notifications) takes an inline push config and calls the webhook; a next door has push")

# ---------------------------------------------------------------- second batch
case("AL7-legal-v10-get-task-joins-appended-text", lambda: C10() + stream10([
    W1(), art10("a1", "Hello "), art10("a1", "world", append=True, last=True), DONE()]) + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, with_arts(task10(n=5), ("a1", ["Hello world"]))))],
    [], "the store joins appended text chunks into one text part: the same content, fewer parts")
case("A11-v02-sendsubscribe-first-artifact-chunk-appends", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03), resp("", headers=SSE),
    chunk(ev({"id": "t1", "status": {"state": "working", "timestamp": "2026-12-02T10:00:01"}, "final": False})),
    chunk(ev({"id": "t1", "artifact": {"parts": [{"type": "text", "text": "tail"}], "index": 0, "append": True, "lastChunk": True}})),
    chunk(ev({"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": True})),
    chunk("", close="eof")],
    [("artifact-append-without-base", W)],
    "0.2: the only chunk of artifact index 0 says append true (STREAM-009)")
case("D10-v10-two-agents-root-and-sub-path-sub-agent-streams", lambda: getcard(card10(name="Root")) + cardB(capabilities=NOSTREAM) +
    stream10([{"task": task10(state="WORKING")}, DONE()], url=AB),
    [("streaming-not-declared-but-served", E)],
    "the root agent (card at /.well-known, interface /a2a) streams; agent b under /agents/b does not, yet serves a stream")
case("DL8-legal-v10-two-agents-root-agent-streams-sub-agent-fetched-last", lambda: getcard(card10(name="Root")) + cardB(capabilities=NOSTREAM) +
    stream10([{"task": task10(state="WORKING")}, DONE()]),
    [], "the root agent's stream at /a2a is judged by the root card, not by b's (fetched last)")
case("DL9-legal-v10-two-agents-interface-outside-card-path", lambda: cardA(capabilities=NOSTREAM) +
    getcard(card10(url=H + "/rpc/b", name="Beta"), path="/agents/b/.well-known/agent-card.json") +
    stream10([{"task": task10(state="WORKING")}, DONE()], url=H + "/rpc/b") + [
    RPC(2, "SendMessage", {"message": msg10(mid="m2")}, url=AA), resp(ok(2, {"task": task10("t2", "c2")}))],
    [], "b's card (fetched under /agents/b) names its interface /rpc/b, which streams; a (no streaming) only answers sends")
case("D11-v10-two-agents-rest-agent-answers-json-rpc", lambda: getcard(card10(ifaces=[{"url": AA, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], name="Alpha"),
        path="/agents/a/.well-known/agent-card.json") + cardB() + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AA), resp(ok(1, {"task": task10()}))],
    [("card-url-binding-mislabelled", W)],
    "a's card says HTTP+JSON at /agents/a, b's says JSON-RPC at /agents/b; a JSON-RPC call to /agents/a is answered: the card mislabels a's binding (CARD-005)")
case("DL10-legal-v10-two-agents-each-binding", lambda: getcard(card10(ifaces=[{"url": AA, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], name="Alpha"),
        path="/agents/a/.well-known/agent-card.json") + cardB() + [
    req(AA + "/message:send", {"message": msg10()}, headers=RJ), rok({"task": task10()}),
    RPC(2, "SendMessage", {"message": msg10(mid="m2")}, url=AB), resp(ok(2, {"task": task10("t2", "c2")}))],
    [], "REST at a, JSON-RPC at b, as their cards say")
case("E07-v10-rest-error-body-with-http-200", lambda: R10() + [
    rget("/tasks/t404"),
    rok({"error": {"code": 404, "status": "NOT_FOUND", "message": "task t404 not found", "details": [
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}})],
    [("rest-error-shape", E)],
    "an HTTP+JSON error body (NOT_FOUND) sent with HTTP 200: clients that branch on the status read it as a Task (ERR-003, REST-001)")
case("F07-v02-sendsubscribe-answered-as-single-json", lambda: C02() + [
    req(A, rpc(1, "tasks/sendSubscribe", send02b()), headers=J03),
    resp(ok(1, {"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:02"}, "final": True}))],
    [("stream-not-event-stream", E)],
    "0.2 tasks/sendSubscribe answered with one JSON body instead of an event stream (RPC-005)")
case("GL5-legal-v10-other-version-of-required-extension-refused", lambda: C10(capabilities=EXT(True)) + [
    RPC(1, "SendMessage", {"message": msg10()}, h={**V10, "a2a-extensions": "https://ext.example.test/geo/v2"}),
    resp(err(1, -32008, "Extension support required", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
         "reason": "EXTENSION_SUPPORT_REQUIRED", "domain": "a2a-protocol.org", "metadata": {"uri": GEO}}]))],
    [], "the client asks for geo/v2, the card requires geo/v1: refused, no fallback (EXT-003)")
case("GL6-legal-v10-rest-extension-required-failed-precondition", lambda: R10(capabilities=EXT(True)) + [
    rpost("/message:send", {"message": msg10()}),
    resp({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "extension required", "details": [
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENSION_SUPPORT_REQUIRED", "domain": "a2a-protocol.org"}]}}, status=400, headers=RJ)],
    [], "HTTP+JSON refusal for a missing required extension: 400 FAILED_PRECONDITION with reason EXTENSION_SUPPORT_REQUIRED")
case("CL7-legal-v10-stream-input-required-then-agent-resumes-itself", lambda: C10() + stream10([
    W1(), {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 2,
        "message": amsg10("confirm?", taskId="t1", contextId="c1")}}},
    st10(state="WORKING", n=2), DONE(2)]),
    [], "the agent asks, then (a timeout default) carries on without an answer: non-terminal to non-terminal is allowed (TASK-008)")
case("BL9-legal-v10-delivery-with-token-and-bearer", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1", "authentication": {"scheme": "Bearer", "credentials": "s3cr3t"}}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1", "authentication": {"scheme": "Bearer", "credentials": "s3cr3t"}})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "authorization": "Bearer s3cr3t", "x-a2a-notification-token": "k1"}),
    resp("", status=204, headers={})],
    [], "a delivery carrying both the Bearer credentials and the token")
case("B17-v03-webhook-task-of-other-agent-config", lambda: C03() + send03_w(1, "t1") + send03_w(2, "t2", "c2") + [
    req(A, rpc(3, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}), headers=J03),
    resp(ok(3, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-1"}})),
    req(HOOK, task03("t2", "c2", n=5), headers={**J03, "x-a2a-notification-token": "tok-1"}), resp("", status=200, headers=OK)],
    [("push-payload-other-task", E)],
    "0.3: the webhook set for t1 (token tok-1) receives t2's Task with t1's token")

# ---------------------------------------------------------------- third batch
BEARER_A = dict(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
case("D12-v10-two-agents-open-agent-demands-auth", lambda: cardB() + cardA(**BEARER_A) + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AB),
    resp({"error": "unauthorized"}, status=401, headers={**J, "www-authenticate": "Bearer"})],
    [("auth-demanded-but-card-declares-none", W)],
    "agent b declares no security yet answers 401; a (fetched last) declares Bearer, which is not b's card")
case("DL11-legal-v10-two-agents-secured-agent-demands-auth", lambda: cardA(**BEARER_A) + cardB() + [
    RPC(1, "SendMessage", {"message": msg10()}, url=AA),
    resp({"error": "unauthorized"}, status=401, headers={**J, "www-authenticate": "Bearer realm=\"alpha\""})],
    [], "agent a declares Bearer and answers a call without credentials 401 with a challenge; b (fetched last) is open")
case("A12-v10-artifact-chunk-without-parts", lambda: C10() + stream10([
    W1(), {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": []}, "lastChunk": True}}, DONE()]),
    [("stream-event-invalid-shape", E)],
    "a 1.0 artifact update whose artifact has no parts (DATA-005: Artifact.parts has at least one Part)")
case("A13-v10-artifact-chunk-without-artifact-id", lambda: C10() + stream10([
    W1(), {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"name": "out.txt", "parts": [{"text": "x"}]}}}, DONE()]),
    [("stream-event-invalid-shape", E)],
    "a 1.0 artifact update whose artifact has no artifactId (DATA-005), so no later chunk can append to it")
case("CL8-legal-v10-stream-closes-at-auth-required", lambda: C10() + stream10([
    W1(), {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS % 2,
        "message": amsg10("sign in at https://idp.example.test/device", taskId="t1", contextId="c1")}}}]),
    [], "a 1.0 stream closes at AUTH_REQUIRED: a SHOULD to stay open (TASK-006), closing at an interrupted state is allowed (STREAM-007)")
case("E08-v10-jsonrpc-answer-text-html", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()}), headers={"content-type": "text/html; charset=utf-8"})],
    [("jsonrpc-response-malformed", E)], "a JSON-RPC answer labelled text/html by a framework default (RPC-001: application/json)")
case("EL9-v10-jsonrpc-429-rate-limiter-error-id-null", lambda: C10() + [
    RPC(7, "SendMessage", {"message": msg10()}),
    resp(err(None, -32000, "rate limited"), status=429, headers=RA)],
    [("jsonrpc-refusal-id-not-echoed", W)], "a rate-limit front answers 429 before reading the call, with a JSON-RPC error of id null: the 429 is a fair refusal (ERR-007: HTTP status of JSON-RPC errors is not enforced), but a JSON-RPC error object's id must echo the call's readable id 7 (JSON-RPC 2.0 §5, RPC-002; q26b: RPC-ID-002, a warning, as for 401/403/503 fronts)")

# ---------------------------------------------------------------- fourth batch
case("E10-v10-card-304-to-unconditional-get", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("", status=304, headers={"etag": "\"c1\"", "cache-control": "max-age=300"})],
    [("card-not-json", E)], "a CDN answers a first, unconditional card GET with 304 (RFC 9110 §15.4.5: only for a conditional request): the client has no card (CARD-001, CARD-002)")
case("EL10-legal-v03-card-revalidated-if-modified-since-304", lambda: C03() + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-modified-since": "Wed, 02 Dec 2026 09:00:00 GMT"}),
    resp("", status=304, headers={"last-modified": "Wed, 02 Dec 2026 08:00:00 GMT"}),
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03()))],
    [], "a card revalidated with If-Modified-Since alone and answered 304")
case("HL1-legal-v03-client-sends-1-0-header-to-0-3-agent", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers={**J03, "a2a-version": "0.3"}), resp(ok(1, task03()))],
    [], "a 0.3 call with A2A-Version 0.3 to a 0.3 agent, which knows no header")

# ---------------------------------------------------------------- fifth batch (push CRUD per generation)
CFG03 = lambda pid, url=HOOK: {"taskId": "t1", "pushNotificationConfig": {"id": pid, "url": url, "token": "tok-" + pid}}
case("B18-v03-push-config-get-answers-other-config", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK + "/1", "token": "tok-p1"}}), headers=J03),
    resp(ok(2, CFG03("p1", HOOK + "/1"))),
    req(A, rpc(3, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "p2", "url": HOOK + "/2", "token": "tok-p2"}}), headers=J03),
    resp(ok(3, CFG03("p2", HOOK + "/2"))),
    req(A, rpc(4, "tasks/pushNotificationConfig/get", {"id": "t1", "pushNotificationConfigId": "p1"}), headers=J03),
    resp(ok(4, CFG03("p2", HOOK + "/2")))],
    [("push-config-get-answered-other-config", E)],
    "0.3 get of config p1 answered with p2 (the store keeps one config per task and returns the last)")
case("B19-v03-push-config-listed-after-delete", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-p1"}}), headers=J03),
    resp(ok(2, CFG03("p1"))),
    req(A, rpc(3, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "p1"}), headers=J03), resp(ok(3, None)),
    req(A, rpc(4, "tasks/pushNotificationConfig/list", {"id": "t1"}), headers=J03), resp(ok(4, [CFG03("p1")]))],
    [("push-config-returned-after-delete", E)],
    "0.3 list still returns config p1 after its delete succeeded (PUSH-003)")
case("BL10-legal-v10-completion-delivered-twice", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=503, headers={}),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [], "the webhook answered 503; the agent retried the same completion (PUSH-004: at-least-once, retries MAY)")
case("B20-v10-push-delivery-other-context", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, st10("t1", "c-other", state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [("context-id-changed", E)], "a push about t1 names contextId c-other; t1 lives in c1 (ID-006)")

# ---------------------------------------------------------------- sixth batch (probes)
case("BL11-legal-v10-token-sent-as-bearer", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "authorization": "Bearer k1"}), resp("", status=204, headers={})],
    [], "a 1.0 config with only a token; the agent sends it as a Bearer credential (1.0 defines no token header, so any carriage is the agent's choice)")
case("BL12-legal-v02-bearer-lowercase-scheme", lambda: card02p(True) + send02() + [
    req(A, rpc(2, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": HOOK, "authentication": {"schemes": ["bearer"], "credentials": "cred-9"}}}), headers=J03),
    resp(ok(2, {"id": "t1", "pushNotificationConfig": {"url": HOOK, "authentication": {"schemes": ["bearer"], "credentials": "cred-9"}}})),
    req(HOOK, task02(), headers={**J03, "authorization": "bearer cred-9"}), resp("", status=200, headers=OK)],
    [], "0.2 config with scheme \"bearer\" in lower case; the delivery's Authorization uses it as given (auth schemes are case-insensitive, RFC 9110 §11.1)")
case("H02-v10-get-task-result-wrapped", lambda: C10() + send_task_w() + [
    RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, {"task": task10(n=5)}))],
    [("result-invalid-shape", E)], "a half-migrated agent wraps the GetTask result in {\"task\"} like a send result (1.0 GetTask returns the Task)")
case("H03-v10-cancel-result-wrapped", lambda: C10() + send_task_w() + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, {"task": task10(state="CANCELED", n=5)}))],
    [("result-invalid-shape", E)], "CancelTask result wrapped in {\"task\"} (1.0 CancelTask returns the Task)")
case("H04-v10-rest-get-task-wrapped", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rget("/tasks/t1"), rok({"task": task10(n=5)})],
    [("result-invalid-shape", E)], "HTTP+JSON GET /tasks/t1 answered {\"task\": ...} instead of the Task")
case("H05-v10-create-push-config-answered-0-3-shape", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK}}))],
    [("result-invalid-shape", E)], "1.0 Create answered with the 0.3 nested {taskId, pushNotificationConfig} shape")
case("H06-v10-list-tasks-bare-array", lambda: C10() + send_task_w() + [
    RPC(2, "ListTasks", {}), resp(ok(2, [task10(state="WORKING")]))],
    [("result-invalid-shape", E)], "ListTasks answered with a bare array of tasks instead of ListTasksResponse (DATA-007): no tasks member, no nextPageToken")
case("H07-v10-rest-resume-stream-first-event-status", lambda: R10() + [
    rpost("/message:send", {"message": msg10("book")}), rok({"task": ask()})] + [
    rpost("/message:stream", {"message": msg10("Paris", mid="m2", taskId="t1")}, h={**RJ, "accept": "text/event-stream"})] + sse([
        st10(state="WORKING", n=3), st10(state="COMPLETED", n=4)], rest=True),
    [("first-stream-event-not-task", E)], "REST: the stream resuming input-required t1 opens with a statusUpdate instead of the Task (STREAM-003)")

# ---------------------------------------------------------------- seventh batch (probes)
case("PL5-legal-v03-webhook-status-update-body", lambda: C03() + send03_w() + [
    req(A, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-03"}}), headers=J03),
    resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "p1", "url": HOOK, "token": "tok-03"}})),
    req(HOOK, st03(state="completed", final=True, n=5), headers={**J03, "x-a2a-notification-token": "tok-03"}), resp("", status=200, headers=OK)],
    [], "0.3 delivery whose body is a status-update event (PUSH-005: the payload is not fixed)")
case("PL6-legal-v10-webhook-artifact-update-body", lambda: C10() + send_task_w() + [
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "k1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK, "token": "k1"})),
    req(HOOK, art10("a1", "result", last=True), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={}),
    req(HOOK, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k1"}), resp("", status=204, headers={})],
    [], "1.0 deliveries of an artifactUpdate and the completion")

# ---------------------------------------------------------------- eighth batch (probes)
case("F08-v02-client-tasks-send-served-by-0-3-agent", lambda: C03() + [
    req(A, rpc(1, "tasks/send", send02b()), headers=J03), resp(ok(1, task03(ctx="c-new")))],
    [("context-id-changed", E)], "a 0.2 client's tasks/send (session s1) served by a 0.3 agent with a Task of contextId c-new: the client's session is not kept (and tasks/send is no 0.3 method: -32601 was due)")
case("FL5-legal-v10-client-refused-by-0-3-agent", lambda: C03() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(err(1, -32601, "Method not found"))],
    [], "a 1.0 client at a 0.3 agent: SendMessage refused with -32601")
case("F09-v10-client-served-by-0-3-agent-in-0-3-form", lambda: C03() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, task03()))],
    [("result-invalid-shape", E), ("task-state-invalid", E)], "a 1.0 client's SendMessage served by a 0.3-only agent in the 0.3 form the 1.0 client cannot read (refusing with -32601 is the legal answer, FL5)")
case("EL11-legal-v10-rest-options-404-then-post", lambda: R10() + [
    req(H + "/message:send", method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST"}),
    resp("Not Found", status=404, headers={"content-type": "text/plain"}),
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [], "a browser preflight to a REST route answered 404 by an agent without CORS support; the POST itself works (OPTIONS is no A2A call)")

# ---------------------------------------------------------------- two live configs, one left out (P)
def two_configs(deliver_to, delete_a=False):
    out = C10() + send_task_w() + [
        RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "/a", "token": "ka"}),
        resp(ok(2, {"id": "pa", "taskId": "t1", "url": HOOK + "/a", "token": "ka"})),
        RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "/b", "token": "kb"}),
        resp(ok(3, {"id": "pb", "taskId": "t1", "url": HOOK + "/b", "token": "kb"}))]
    if delete_a:
        out += [RPC(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "pa"}), resp(ok(4, {}))]
    for w in deliver_to:
        out += [req(HOOK + "/" + w, st10(state="COMPLETED", n=5), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "k" + w}),
                resp("", status=204, headers={})]
    # the recording goes on well past the task's end (PUSH-DELIV-003 waits 30 s)
    out += [RPC(9, "GetTask", {"id": "t1"}, h=V10), resp(ok(9, task10(n=5)))]
    out[-2]["t"] = 45.0
    out[-1]["t"] = 45.01
    return out


case("P01-v10-two-configs-completion-pushed-to-one", lambda: two_configs(["b"]),
    [("push-terminal-state-not-delivered", W)],
    "two live configs of t1 (webhooks /a and /b); the completion goes to /b only: an agent that keeps one config per task (the last created) drops /a (PUSH-004 per config, PUSH-003)")
case("PL1-legal-v10-two-configs-completion-pushed-to-both", lambda: two_configs(["b", "a"]),
    [], "two live configs, the completion delivered to both webhooks")
case("PL2-legal-v10-two-configs-one-deleted-completion-to-other", lambda: two_configs(["b"], delete_a=True),
    [], "config pa deleted before the end; the completion goes to the remaining pb only")

# ---------------------------------------------------------------- ninth batch
case("G07-v10-stream-echo-extension-not-requested", lambda: C10(capabilities=EXT()) + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**S10, "a2a-extensions": GEO})] +
    sse([{"task": task10(state="WORKING")}, DONE()], headers={**SSE, "a2a-extensions": GEO + ", " + TRACE}),
    [("extension-activated-not-declared", W)],
    "stream answer's A2A-Extensions adds trace, which the client did not request (EXT-004)")
RB = lambda push: getcard(card10(ifaces=[{"url": AB, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], name="Beta",
                                 capabilities={"streaming": True, "pushNotifications": push}), path="/agents/b/.well-known/agent-card.json")
RA_ = lambda: getcard(card10(ifaces=[{"url": AA, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], name="Alpha"),
                      path="/agents/a/.well-known/agent.json")
case("D13-v10-two-rest-agents-push-config-at-agent-without-push", lambda: RB(False) + RA_() + [
    req(AB + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), rok({"task": task10(state="WORKING")}),
    req(AB + "/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": HOOK}, headers=RJ), rok({"id": "p1", "taskId": "t1", "url": HOOK})],
    [("push-not-declared-but-accepted", E)],
    "two HTTP+JSON agents; b (no push) creates a config; a's card, fetched last at the 0.2 path /agents/a/.well-known/agent.json, declares push")
case("DL12-legal-v10-two-rest-agents-push-config-at-agent-with-push", lambda: RB(False) + RA_() + [
    req(AA + "/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}, headers=RJ), rok({"task": task10(state="WORKING")}),
    req(AA + "/tasks/t1/pushNotificationConfigs", {"taskId": "t1", "url": HOOK}, headers=RJ), rok({"id": "p1", "taskId": "t1", "url": HOOK})],
    [], "the same at agent a, which declares push notifications")
write_cases(C, OUT)
