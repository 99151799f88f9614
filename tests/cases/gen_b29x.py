"""Writes the b29x blind-adversary transcripts (breaker29): 0.1 and 0.2 JSON-RPC traffic end
to end (tasks/send, tasks/sendSubscribe, tasks/resubscribe, tasks/pushNotification/set, the
0.1 card and its 0.1 shapes: sessionId, part `type`, events keyed by `id`), the 0.3 HTTP+JSON
binding (`/v1/message:send`, `/v1/tasks/{id}:cancel`, `/v1/card`, ProtoJSON bodies with
`content` and `TASK_STATE_CANCELLED`), push delivery as the webhook sees it (the POST's
method, media type, credentials, the 1.0 StreamResponse body against the 0.3 Task body,
retries), HTTP around the agent (HEAD, OPTIONS and CORS preflight, redirects, 304
revalidation, 405 / 415, Content-Type parameters, compressed bodies), SSE framing (CRLF and
CR line ends, comments, `retry:`, `id:`, `event:`, a byte order mark, multi-line data, blank
events, long lines) and several protocol versions inside one recording. Faulty ones carry
the finding the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker29 (blind adversary, round nine)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}
case = case_maker(C, "b29x-", SRC)  # rule IDs -> docs/rules.md names, a fresh clock per case


E, W, N = "error", "warning", "note"
A = H + "/a2a"
HOOK = "https://hooks.example.test/a2a/cb"
S10 = {**V10, "accept": "text/event-stream"}
J03 = {"content-type": "application/json"}
S03 = {**J03, "accept": "text/event-stream"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
C02 = lambda **kw: getcard(card02(**kw), path="/.well-known/agent.json")


def sse_raw(chunks, close="eof", headers=None):
    out = [resp("", headers=headers or SSE)]
    out += [chunk(c) for c in chunks]
    if close:
        out.append(chunk("", close=close))
    return out


def js(o):
    return json.dumps(o)


def R10c(**kw):
    return getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], **kw))


# ---------------------------------------------------------------- SSE framing (F), 1.0 JSON-RPC
P1 = {"message": msg10()}
EV_T = lambda: ok(1, {"task": task10(state="WORKING", n=1)})
EV_W = lambda: ok(1, st10(state="WORKING", n=2))
EV_D = lambda: ok(1, st10(state="COMPLETED", n=3))


def sstream(chunks, close="eof", headers=None, p=None):
    return C10() + [RPC(1, "SendStreamingMessage", p or P1, h=S10)] + sse_raw(chunks, close, headers)


case("F01-legal-v10-sse-crlf", lambda: sstream(["data: %s\r\n\r\n" % js(e()) for e in (EV_T, EV_W, EV_D)]),
     [], "CRLF line ends: W3C SSE accepts CRLF, LF and CR (RPC-005)")
case("F02-legal-v10-sse-cr-only", lambda: sstream(["data: %s\r\r" % js(e()) for e in (EV_T, EV_W, EV_D)]),
     [], "bare CR line ends (old Mac style) are line ends in W3C SSE (RPC-005)")
case("F03-legal-v10-sse-comment-keepalives", lambda: sstream(
    [": connected\n\n", "data: %s\n\n" % js(EV_T()), ": ping\n\n", ":\n\n", "data: %s\n\n" % js(EV_W()), ": ping\n\n", "data: %s\n\n" % js(EV_D())]),
     [], "comment lines (':' prefix) and comment-only blocks dispatch nothing (W3C SSE; RPC-005)")
case("F04-legal-v10-sse-retry-and-id", lambda: sstream(
    ["retry: 3000\n\n", "id: 1\ndata: %s\n\n" % js(EV_T()), "id: 2\ndata: %s\n\n" % js(EV_W()), "id: 3\nretry: 5000\ndata: %s\n\n" % js(EV_D())]),
     [], "retry: and id: fields beside data: are plain SSE (RPC-005 only constrains data)")
case("F05-legal-v10-sse-leading-bom", lambda: sstream(
    ["\ufeffdata: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [], "one byte order mark at the very start of the stream is stripped by W3C SSE decoding (RPC-005)")
case("F06-legal-v10-sse-multiline-data-json-split", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), 'data: {"jsonrpc": "2.0", "id": 1,\ndata:  "result": %s}\n\n' % js(st10(state="WORKING", n=2)),
     "data: %s\n\n" % js(EV_D())]),
     [], "one JSON document spread over two data: lines, joined with LF (JSON whitespace) per W3C SSE (RPC-005 note)")
case("F07-legal-v10-sse-extra-blank-lines", lambda: sstream(
    ["\n\n", "data: %s\n\n\n\n" % js(EV_T()), "\n", "data: %s\n\n" % js(EV_W()), "data: %s\n\n\n" % js(EV_D())]),
     [], "extra blank lines with no field dispatch nothing (W3C SSE: empty data buffer, no event)")
case("F08-legal-v10-sse-very-long-line", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(ok(1, st10(state="WORKING", n=2, message=amsg10("x" * 300000, taskId="t1", contextId="c1")))),
     "data: %s\n\n" % js(EV_D())]),
     [], "a 300 kB data line: SSE has no line length limit (RPC-005)")
case("F09-legal-v10-sse-event-names", lambda: sstream(
    ["event: task\ndata: %s\n\n" % js(EV_T()), "event: status-update\ndata: %s\n\n" % js(EV_W()), "event: status-update\ndata: %s\n\n" % js(EV_D())]),
     [], "event: names beside data: are allowed; A2A constrains only the data (RPC-005)")
case("F10-legal-v10-sse-data-without-space", lambda: sstream(["data:%s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)]),
     [], "'data:' with no space before the value is the same field (W3C SSE strips one optional space)")
case("F11-legal-v10-sse-event-split-mid-line", lambda: (lambda s: sstream([s[:37], s[37:120], s[120:]]))(
    "".join("data: %s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D))),
     [], "events split across reads in the middle of a line: chunk boundaries carry no meaning (RPC-005)")
case("F12-legal-v10-sse-crlf-split-between-cr-and-lf", lambda: (lambda s: sstream([s[:s.index("\r") + 1], s[s.index("\r") + 1:]]))(
    "".join("data: %s\r\n\r\n" % js(e()) for e in (EV_T, EV_W, EV_D))),
     [], "a CRLF pair split across two reads is still one line end (W3C SSE)")
case("F13-legal-v10-sse-mixed-line-ends", lambda: sstream(
    ["data: %s\r\n\r\n" % js(EV_T()), "data: %s\n\n" % js(EV_W()), "data: %s\r\r" % js(EV_D())]),
     [], "CRLF, LF and CR line ends mixed in one stream are all line ends (W3C SSE)")
case("F14-legal-v10-sse-trailing-empty-data-line", lambda: sstream(
    ["data: %s\ndata:\n\n" % js(EV_T()), "data: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [], "an empty second data: line adds a trailing LF to the data: still one JSON document (RPC-005)")
case("F15-legal-v10-sse-padding-comment-2k", lambda: sstream(
    [":" + " " * 2048 + "\n\n", "data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [], "a 2 kB comment padding block sent first to defeat proxy buffering dispatches nothing")
case("F16-legal-v10-sse-charset-param", lambda: sstream(["data: %s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)],
                                                         headers={"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}),
     [], "text/event-stream with a charset parameter is text/event-stream (RFC 9110 media type parameters; RPC-005)")
case("F17-v10-sse-string-split-over-data-lines", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), 'data: {"jsonrpc": "2.0", "id": 1, "result": {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "message": {"messageId": "a9", "role": "ROLE_AGENT", "parts": [{"text": "hal\ndata: f done"}]}}}}}\n\n',
     "data: %s\n\n" % js(EV_D())]),
     [("SSE-FRAME-002", E)], "a JSON string broken over two data: lines: the joined data holds a raw LF inside a string, which is not JSON (RPC-005)")
case("F18-v10-sse-two-json-docs-in-one-event", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), "data: %s\ndata: %s\n\n" % (js(EV_W()), js(EV_D()))]),
     [("SSE-FRAME-001", E)], "two JSON-RPC responses as two data: lines of one event (NDJSON habit): the blank line that ends the first event is missing, so the event's data is two JSON documents joined by LF (RPC-005)")
case("F19-v10-sse-field-name-space-before-colon", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), "data : %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [("SSE-FRAME-003", E)], "'data :' names the field 'data ' which W3C SSE ignores: the working update is lost (RPC-005)")
case("F20-v10-sse-empty-data-event-mid-stream", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), "data:\n\n", "data: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [("SSE-FRAME-004", W)], "a keep-alive written as an empty data: event dispatches data \"\" which no client can parse (RPC-005)")
case("F21-legal-v10-sse-rest-crlf-comments", lambda: R10c() + [req(H + "/message:stream", js({"message": msg10()}), headers={**RJ, "accept": "text/event-stream"})] + sse_raw(
    [": hi\r\n\r\n"] + ["data: %s\r\n\r\n" % js(e) for e in ({"task": task10(state="WORKING")}, st10(state="COMPLETED", n=3))]),
     [], "1.0 HTTP+JSON stream with CRLF ends and a comment: bare StreamResponse per event (REST-002)")
case("F22-legal-v03-sse-crlf-and-ids", lambda: C03() + [req(A, rpc(1, "message/stream", {"message": msg03()}), headers=S03)] + sse_raw(
    ["id: e1\r\ndata: %s\r\n\r\n" % js(ok(1, task03(state="working"))), "id: e2\r\ndata: %s\r\n\r\n" % js(ok(1, st03(state="completed", final=True, n=3)))]),
     [], "0.3 message/stream with CRLF line ends and id: fields (RPC-005)")


# ---------------------------------------------------------------- 0.1 JSON-RPC (A)
def s01(events, i=1, p=None, method="tasks/sendSubscribe", close="eof"):
    return [req(A, rpc(i, method, p or SP01), headers=S03)] + sse_raw(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


case("A01-legal-v01-tasks-send-completed", lambda: C01() + [R01(1, "tasks/send", SP01),
     resp(ok(1, task01(status={"state": "completed", "message": msg01("hello", "agent"), "timestamp": "2026-12-02T10:00:01"},
                       artifacts=[{"parts": [{"type": "text", "text": "hello"}], "index": 0}])))],
     [], "0.1.0 tasks/send: client-chosen task id and sessionId, parts with type, artifacts with index, naive timestamps (0.1 schema)")
case("A02-legal-v01-send-subscribe", lambda: C01() + s01(
    [st01(state="working"), art01(), st01(state="completed", final=True, n=2)]),
     [], "0.1.0 tasks/sendSubscribe: events keyed by id (no taskId/contextId in 0.1), final on the last status (0.1 schema; ID-005 is 0.2+)")
case("A03-legal-v01-final-omitted-on-working", lambda: C01() + s01(
    [{"id": "t1", "status": {"state": "working"}}, st01(state="completed", final=True, n=2)]),
     [], "0.1 final has default false and is not required (0.1 schema; STREAM-008 trap 14)")
case("A04-v01-state-rejected", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="rejected")))],
     [("TASK-STATE-005", E)], "0.1.0 TaskState has no rejected (submitted, working, input-required, completed, canceled, failed, unknown; TASK-008, DATA-005)")
case("A05-v01-final-false-at-completed", lambda: C01() + s01(
    [st01(state="working"), st01(state="completed", final=False, n=2)]),
     [("STREAM-FINAL-001", E)], "the completed status event says final:false and the stream closes (STREAM-008)")
case("A06-v01-artifact-after-final", lambda: C01() + s01(
    [st01(state="working"), st01(state="completed", final=True, n=2), art01(text="late")]),
     [("STREAM-END-001", E)], "an artifact event after the final completed status (STREAM-008, TASK-001)")
case("A07-legal-v01-get-with-history", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01())),
     R01(2, "tasks/get", {"id": "t1", "historyLength": 1}), resp(ok(2, task01(history=[msg01()])))],
     [], "0.1 tasks/get with historyLength (TaskQueryParams) answered with one history message")
case("A08-legal-v01-push-set", lambda: getcard(card01(capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") + [
    R01(1, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok"}}),
    resp(ok(1, {"id": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok"}}))],
     [], "0.1 tasks/pushNotification/set {id, pushNotificationConfig} (0.1 schema TaskPushNotificationConfig)")
case("A09-legal-v01-cancel-working", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="working"))),
     R01(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, task01(state="canceled", n=2)))],
     [], "0.1 tasks/cancel of a working task answered canceled")
case("A10-v01-cancel-completed-succeeds", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01())),
     R01(2, "tasks/cancel", {"id": "t1"}), resp(ok(2, task01(n=2)))],
     [("TASK-STATE-003", E)], "cancel of a completed task answered with success instead of TaskNotCancelableError (-32002 exists in 0.1; TASK-001)")
case("A11-legal-v01-file-part", lambda: C01() + [R01(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": {"role": "user", "parts": [
    {"type": "file", "file": {"name": "a.txt", "mimeType": "text/plain", "bytes": "aGk="}}]}}), resp(ok(1, task01()))],
     [], "0.1 FilePart {type:file, file:{name,mimeType,bytes}} (0.1 schema)")
case("A12-legal-v01-resubscribe", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="working")))] + s01(
    [st01(state="working", n=2), st01(state="completed", final=True, n=3)], i=2, p={"id": "t1"}, method="tasks/resubscribe"),
     [], "0.1 tasks/resubscribe {id} of a working task: status events then final (0.1 schema TaskResubscriptionRequest)")
case("A13-v01-completed-then-working-in-stream", lambda: C01() + s01(
    [st01(state="working"), st01(state="completed", final=False), st01(state="working"), st01(state="completed", final=True)]),
     [("STREAM-END-001", E), ("TASK-STATE-001", E), ("STREAM-FINAL-001", E)], "events after the completed status (TASK-001, STREAM-008: the task left completed inside the stream); that completed event also says final:false (STREAM-008)")
case("A14-legal-v01-input-required-final", lambda: C01() + s01(
    [st01(state="working"), st01(state="input-required", final=True, n=2, )]),
     [], "0.1 stream ends at input-required with final:true (STREAM-008)")

# ---------------------------------------------------------------- 0.2 JSON-RPC (B)
def s02(events, i=1, method="message/stream", p=None, close="eof", card=None):
    return [req(A, rpc(i, method, p or {"message": msg03()}), headers=S03)] + sse_raw(["data: %s\n\n" % js(ok(i, e)) for e in events], close)


BEARER = {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "security": [{"bearer": []}]}
case("B01-legal-v02-send-task", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))],
     [], "0.2 card at /.well-known/agent.json (no protocolVersion before 0.2.5), message/send answered with a kind:task")
case("B02-legal-v02-stream-input-required-final", lambda: C02() + s02(
    [task03(state="working"), st03(state="input-required", final=True, n=2)]),
     [], "0.2 stream ends at input-required with final:true (STREAM-008)")
case("B03-legal-v02-resubscribe", lambda: C02() + [R01(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"], "blocking": False}}),
     resp(ok(1, task03(state="working")))] + s02([st03(state="working", n=2), st03(state="completed", final=True, n=3)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [], "0.2 tasks/resubscribe {id} of a working task (0.2 schema)")
case("B04-legal-v02-extended-card-http-get", lambda: getcard(card02(supportsAuthenticatedExtendedCard=True, **BEARER), path="/.well-known/agent.json") + [
    req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json", "authorization": "Bearer abc"}),
    resp(card02(supportsAuthenticatedExtendedCard=True, skills=SKILLS + [{"id": "s2", "name": "x", "description": "X", "tags": ["x"]}], **BEARER))],
     [], "0.2.1+ extended card by authenticated HTTP GET {url}/../agent/authenticatedExtendedCard (0.2.5:§7.10)")
case("B05-v02-extended-card-without-credentials", lambda: getcard(card02(supportsAuthenticatedExtendedCard=True, **BEARER), path="/.well-known/agent.json") + [
    req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json"}),
    resp(card02(supportsAuthenticatedExtendedCard=True, skills=SKILLS + [{"id": "s2", "name": "x", "description": "X", "tags": ["x"]}], **BEARER))],
     [("AUTH-EXT-001", E)], "the 0.2 authenticated extended card served to a GET without credentials (AUTH-005, AUTH-002)")
case("B06-v02-stream-served-streaming-false", lambda: C02(capabilities={"streaming": False}) + s02(
    [task03(state="working"), st03(state="completed", final=True, n=2)]),
     [("CAP-STREAM-001", E)], "0.2 card declares streaming false; the agent streams anyway (STREAM-001)")
case("B07-v02-status-event-without-context", lambda: C02() + s02(
    [task03(state="working"), {k: v for k, v in st03(state="completed", final=True, n=2).items() if k != "contextId"}]),
     [("ID-EVENT-001", E)], "0.2 status-update without contextId (ID-005)")
case("B08-v02-task-without-context", lambda: C02() + [R01(1, "message/send", {"message": msg03()}),
     resp(ok(1, {k: v for k, v in task03().items() if k != "contextId"}))],
     [("DATA-SHAPE-001", E)], "0.2 Task requires contextId (DATA-005; 0.2 schema)")
case("B09-legal-v02-push-config-set", lambda: C02(capabilities={"streaming": True, "pushNotifications": True}) + [
    R01(1, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok", "authentication": {"schemes": ["Bearer"]}}}),
    resp(ok(1, {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok", "authentication": {"schemes": ["Bearer"]}}}))],
     [], "0.2 push config set with authentication.schemes[] (PUSH-002)")
case("B10-v02-push-set-accepted-push-false", lambda: C02() + [
    R01(1, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}),
    resp(ok(1, {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}))],
     [("CAP-PUSH-001", E)], "0.2 card declares pushNotifications false; the agent accepted a config (PUSH-001)")
case("B11-legal-v02-error-data-string", lambda: C02() + [R01(1, "tasks/get", {"id": "nope"}), resp(err(1, -32001, "Task not found", "no task nope"))],
     [], "0.x error.data is free-form (ERR-004 is 1.0 only)")
case("B12-v02-response-without-jsonrpc", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp({"id": 1, "result": task03()})],
     [("RPC-ENVELOPE-001", E)], "response lacks jsonrpc:\"2.0\" (RPC-001)")
case("B13-legal-v025-card-protocol-version", lambda: getcard(card02(protocolVersion="0.2.5", preferredTransport="JSONRPC"), path="/.well-known/agent.json") + [
    R01(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}}), resp(ok(1, msg03("done", "a1", role="agent")))],
     [], "a 0.2.5 card with protocolVersion and preferredTransport, answered with a Message")
case("B14-v02-stream-event-after-final", lambda: C02() + s02(
    [task03(state="working"), st03(state="completed", final=True, n=2),
     {"kind": "artifact-update", "taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "x", "parts": [{"kind": "text", "text": "late"}]}}]),
     [("STREAM-END-001", E)], "0.2 artifact-update after the final completed status (STREAM-008, TASK-001)")
case("B15-legal-v02-resubscribe-backfill-task-first", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03(state="working")))] + s02(
    [task03(state="working", n=2), st03(state="completed", final=True, n=3)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [], "0.x resubscribe backfill is implementation-defined: a Task first is fine (STREAM-004 note)")

# ---------------------------------------------------------------- 0.3 HTTP+JSON (C)
RC03 = lambda **kw: getcard(card03(url=H, preferredTransport="HTTP+JSON", **kw))
m03r = lambda text="hi", mid="m1": {"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}]}
t03r = lambda tid="t1", state="TASK_STATE_COMPLETED", n=1, **kw: dict({"id": tid, "contextId": "c1", "status": {"state": state, "timestamp": TS % n}}, **kw)
rpost = lambda path, body, h=J03: req(H + path, js(body), headers=h)
rget = lambda path, h=None: req(H + path, method="GET", headers=h or {"accept": "application/json"})
rok = lambda body, status=200: resp(body, status=status, headers=J03)

case("C01-legal-v03-rest-send", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r()})],
     [], "0.3 HTTP+JSON send: ProtoJSON of a2a.v1 (content, ROLE_USER, TASK_STATE_*) under /v1 (REST-003)")
case("C02-legal-v03-rest-cancel-cancelled", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r(state="TASK_STATE_WORKING")}),
     rpost("/v1/tasks/t1:cancel", {}), rok(t03r(state="TASK_STATE_CANCELLED", n=2))],
     [], "0.3 REST cancel answered TASK_STATE_CANCELLED, the 0.3 proto's spelling (trap 5)")
case("C03-legal-v03-rest-get-history", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r()}),
     rget("/v1/tasks/t1?historyLength=1"), rok(t03r(history=[m03r()]))],
     [], "0.3 REST GET /v1/tasks/{id}?historyLength=1")
case("C04-legal-v03-rest-get-card", lambda: RC03() + [rget("/v1/card"), rok(card03(url=H, preferredTransport="HTTP+JSON"))],
     [], "0.3 REST GET /v1/card (0.3:grpc GetAgentCard)")
case("C05-legal-v03-rest-stream", lambda: RC03() + [rpost("/v1/message:stream", {"message": m03r()}, h=S03)] + sse_raw(
    ["data: %s\n\n" % js({"task": t03r(state="TASK_STATE_WORKING")}),
     "data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}, "final": True}})]),
     [], "0.3 REST stream: bare StreamResponse events, statusUpdate with final (0.3:grpc)")
case("C06-v03-rest-cancel-1-0-spelling", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r(state="TASK_STATE_WORKING")}),
     rpost("/v1/tasks/t1:cancel", {}), rok(t03r(state="TASK_STATE_CANCELED", n=2))],
     [("TASK-STATE-005", E)], "0.3 a2a.v1 TaskState has TASK_STATE_CANCELLED (double L); TASK_STATE_CANCELED is no value of the 0.3 enum (trap 5, TASK-008)")
case("C07-v03-rest-send-by-get", lambda: RC03() + [rget("/v1/message:send"), resp({"error": "method not allowed"}, status=405)],
     [("REST-VERB-001", E)], "client called POST /v1/message:send with GET (REST-001, REST-003)")
case("C08-v03-rest-send-text-plain", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}, h={"content-type": "text/plain"}), resp("unsupported media type", status=415, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-004", E)], "client posted the JSON body as text/plain; 0.3 REST requires application/json (REST-003)")
case("C09-v03-rest-415-on-json", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), resp("unsupported media type", status=415, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-001", E), ("REST-ERROR-001", E)], "0.3 REST agent refuses application/json, the media type 0.3 requires (REST-003), and its refusal is no JSON error body (REST-003 error format; as b11 K20)")
case("C10-legal-v03-rest-json-charset", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}, h={"content-type": "application/json; charset=utf-8"}),
     resp({"task": t03r()}, headers={"content-type": "application/json; charset=utf-8"})],
     [], "application/json with a charset parameter is application/json (RFC 9110 §8.3.1)")
case("C11-legal-v03-rest-subscribe-get", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r(state="TASK_STATE_WORKING")}),
     req(H + "/v1/tasks/t1:subscribe", method="GET", headers={"accept": "text/event-stream"})] + sse_raw(
    ["data: %s\n\n" % js({"task": t03r(state="TASK_STATE_WORKING", n=2)}),
     "data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}, "final": True}})]),
     [], "0.3 REST subscribe by GET (proto) (trap 1)")
case("C12-legal-v03-rest-subscribe-post", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}), rok({"task": t03r(state="TASK_STATE_WORKING")}),
     rpost("/v1/tasks/t1:subscribe", {}, h=S03)] + sse_raw(
    ["data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}, "final": True}})]),
     [], "0.3 REST subscribe by POST (prose) (trap 1)")
case("C13-v03-rest-push-create-push-false", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": False})) + [
    rpost("/v1/tasks/t1/pushNotificationConfigs", {"name": "tasks/t1/pushNotificationConfigs/p1", "pushNotificationConfig": {"url": HOOK}}),
    rok({"name": "tasks/t1/pushNotificationConfigs/p1", "pushNotificationConfig": {"id": "p1", "url": HOOK}})],
     [("CAP-PUSH-001", E)], "0.3 REST push config accepted although the card declares pushNotifications false (PUSH-001)")
case("C14-legal-v03-rest-message-reply", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}),
     rok({"message": {"messageId": "a1", "contextId": "c1", "role": "ROLE_AGENT", "content": [{"text": "done"}]}})],
     [], "0.3 REST send answered with a Message (SendMessageResponse.msg, json_name message)")
case("C15-v03-rest-task-without-state-field-json-rpc-shape", lambda: RC03() + [rpost("/v1/message:send", {"message": m03r()}),
     rok({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_SUBMARINE", "timestamp": TS % 1}}})],
     [("TASK-STATE-005", E)], "a state no version defines (TASK-008)")

# ---------------------------------------------------------------- push delivery at the webhook (D)
PCARD10 = lambda: C10()
CFG10 = {"url": HOOK, "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "sekret"}}


def setup10(cfg=None):
    return PCARD10() + [RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": cfg or CFG10}}),
                        resp(ok(1, {"task": task10(state="WORKING")}))]


def hook(body, method="POST", headers=None, status=200, rbody=""):
    h = {"content-type": "application/a2a+json", "authorization": "Bearer sekret", "x-a2a-notification-token": "tok-1"} if headers is None else headers
    return [req(HOOK, body if isinstance(body, str) else js(body), method=method, headers=h), resp(rbody, status=status, headers={})]


DONE10 = lambda n=3, **kw: st10(state="COMPLETED", n=n, **kw)
case("D01-legal-v10-push-status-update", lambda: setup10() + hook(DONE10()),
     [], "1.0 webhook POST: StreamResponse body, application/a2a+json, Authorization from authentication (PUSH-004; 1.0:§4.3.3 example)")
case("D02-v10-push-bare-task-body", lambda: setup10() + hook(task10(state="COMPLETED", n=3)),
     [("PUSH-BODY-001", E)], "1.0 webhook body is a bare Task (the 0.x habit), not a StreamResponse (PUSH-004)")
case("D03-v10-push-put", lambda: setup10() + hook(DONE10(), method="PUT"),
     [("PUSH-DELIV-001", E)], "1.0 push delivered with PUT (PUSH-004: HTTP POST)")
case("D04-v10-push-text-plain", lambda: setup10() + hook(DONE10(), headers={"content-type": "text/plain", "authorization": "Bearer sekret"}),
     [("PUSH-DELIV-002", W)], "1.0 push delivered as text/plain (PUSH-004)")
case("D05-v10-push-without-authorization", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/a2a+json"}),
     [("PUSH-AUTH-001", E)], "configured Bearer credentials not sent to the webhook (PUSH-004 MUST)")
case("D06-v10-push-wrong-bearer", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/a2a+json", "authorization": "Bearer other"}),
     [("PUSH-AUTH-002", E)], "webhook got other credentials than configured (PUSH-004)")
case("D07-legal-v10-push-retried-after-503", lambda: setup10() + hook(DONE10(), status=503) + hook(DONE10()),
     [], "at-least-once delivery: the agent retries after the webhook's 503 with the same body (PUSH-004: retries MAY, receivers dedupe)")
case("D08-legal-v10-push-application-json", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/json", "authorization": "Bearer sekret"}),
     [], "1.0.0's application/json for the webhook body is accepted (PUSH-DELIV-002 names it)")
case("D09-legal-v03-push-task-body-token", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-3"}}}), headers=J03),
    resp(ok(1, task03(state="working")))] + hook(task03(n=3), headers={"content-type": "application/json", "x-a2a-notification-token": "tok-3"}),
     [], "0.3 webhook POST of the Task with X-A2A-Notification-Token (PUSH-005; topics/streaming-and-async.md)")
case("D10-v03-push-without-configured-credentials", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "authentication": {"schemes": ["Bearer"], "credentials": "sek3"}}}}), headers=J03),
    resp(ok(1, task03(state="working")))] + hook(task03(n=3), headers={"content-type": "application/json"}),
     [("PUSH-AUTH-001", E)], "0.3: the server MUST authenticate to the webhook as configured (PUSH-005)")
case("D11-v10-push-other-task", lambda: setup10() + [RPC(2, "SendMessage", {"message": msg10(mid="m2"), "configuration": {"returnImmediately": True}}), resp(ok(2, {"task": task10(tid="t2", ctx="c2", state="WORKING")}))]
     + hook(DONE10(tid="t2", ctx="c2")),
     [("PUSH-BODY-002", E)], "the webhook configured for t1 gets a push about t2, a task of the recording sent without any push config (PUSH-004, AUTH-006)")
case("D21-legal-v10-push-unrecorded-task", lambda: setup10() + hook(DONE10(tid="t9", ctx="c9")),
     [("PUSH-BODY-003", N)], "a push about t9, a task the recording never saw: its config may have been made outside the recording, so only a note (PUSH-004)")
case("D12-legal-v10-push-charset", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/a2a+json; charset=utf-8", "authorization": "Bearer sekret"}),
     [], "application/a2a+json with a charset parameter is application/a2a+json")
case("D13-v10-push-jsonrpc-envelope", lambda: setup10() + hook(ok(1, DONE10())),
     [("PUSH-BODY-001", E)], "webhook body wrapped in a JSON-RPC response: webhooks use the HTTP+JSON form for every binding (PUSH-004; 1.0:§4.3.3)")
case("D14-legal-v10-push-204", lambda: setup10() + hook(DONE10(), status=204),
     [], "the webhook acknowledges with 204 (any 2xx; PUSH-004)")
case("D15-legal-v10-push-task-snapshot", lambda: setup10() + hook({"task": task10(state="COMPLETED", n=3)}),
     [], "a {task} StreamResponse is a valid webhook body (PUSH-004)")
case("D16-v10-push-artifact-after-terminal", lambda: setup10() + hook(DONE10()) + hook(
    {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "x", "parts": [{"text": "late"}]}}}),
     [("STREAM-END-001", E)], "an artifact pushed after the terminal state (TASK-001, PUSH-004)")
case("D17-legal-v10-push-two-deliveries-working-then-done", lambda: setup10() + hook(st10(state="WORKING", n=2)) + hook(DONE10()),
     [], "a working then a completed push, both with credentials")
case("D18-v10-push-metadata-ip-config", lambda: C10() + [RPC(1, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "http://169.254.169.254/latest/meta-data/"}),
     resp(ok(1, {"id": "p1", "taskId": "t1", "url": "http://169.254.169.254/latest/meta-data/"}))],
     [("PUSH-URL-001", W)], "webhook url at the cloud metadata address (PUSH-006 SSRF)")
case("D19-legal-v10-push-basic-auth", lambda: setup10({"url": HOOK, "authentication": {"scheme": "Basic", "credentials": "dTpw"}}) + hook(
    DONE10(), headers={"content-type": "application/a2a+json", "authorization": "Basic dTpw"}),
     [], "Basic scheme credentials sent as configured (PUSH-004)")
case("D20-legal-v02-push-task-body-with-bearer", lambda: C02(capabilities={"streaming": True, "pushNotifications": True}) + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"], "blocking": False,
                                                                          "pushNotificationConfig": {"url": HOOK, "authentication": {"schemes": ["Bearer"], "credentials": "b2"}}}}), headers=J03),
    resp(ok(1, task03(state="working")))] + hook(task03(n=3), headers={"content-type": "application/json", "authorization": "Bearer b2"}),
     [], "0.2 webhook POST of the Task with the configured Bearer credentials (PUSH-005)")

# ---------------------------------------------------------------- HTTP around the agent (E)
SEND10 = lambda i=1: [RPC(i, "SendMessage", P1), resp(ok(i, {"task": task10()}))]
case("E01-legal-v10-head-card", lambda: [req(H + "/.well-known/agent-card.json", method="HEAD", headers={}), resp("", headers=CH)] + C10() + SEND10(),
     [], "HEAD on the card: 200 with no body is right for HEAD (RFC 9110 §9.3.2)")
case("E02-legal-v10-cors-preflight", lambda: C10() + [
    req(A, method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST", "access-control-request-headers": "content-type,a2a-version"}),
    resp("", status=204, headers={"access-control-allow-origin": "https://app.example.test", "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type,a2a-version"})] + SEND10(),
     [], "a browser's CORS preflight OPTIONS before the POST is no A2A call")
case("E03-legal-v10-card-304-revalidated", lambda: C10() + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-none-match": "\"c1\""}),
    resp("", status=304, headers={"etag": "\"c1\"", "cache-control": "max-age=300"})] + SEND10(),
     [], "a 304 Not Modified on the card revalidation has no body by definition (RFC 9110 §15.4.5; CARD-009)")
case("E04-v10-card-301", lambda: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
     resp("", status=301, headers={"location": "https://agent.example.test/agent-card.json"}),
     req(H + "/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(), headers=CH)] + SEND10(),
     [("CARD-PATH-002", W)], "the well-known card path redirects (CARD-002)")
case("E05-v10-call-307", lambda: C10() + [RPC(1, "SendMessage", P1), resp("", status=307, headers={"location": H + "/v2/a2a"}),
     RPC(1, "SendMessage", P1, url=H + "/v2/a2a"), resp(ok(1, {"task": task10()}))],
     [("CARD-URL-007", W)], "the interface url answers a 307 to another URL (CARD-005)")
case("E06-legal-v10-json-charset", lambda: C10() + [RPC(1, "SendMessage", P1, h={"content-type": "application/json; charset=utf-8", "a2a-version": "1.0"}),
     resp(ok(1, {"task": task10()}), headers={"content-type": "application/json; charset=UTF-8"})],
     [], "application/json with charset parameters on request and response (RFC 9110 §8.3.1; RPC-001)")
case("E07-v10-415-on-json-with-charset", lambda: C10() + [RPC(1, "SendMessage", P1, h={"content-type": "application/json; charset=utf-8", "a2a-version": "1.0"}),
     resp("Unsupported Media Type", status=415, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-001", E)], "a parameter does not change the media type: application/json; charset=utf-8 is application/json (RPC-001)")
case("E08-legal-v10-gzip-response", lambda: C10() + [RPC(1, "SendMessage", P1, h={**V10, "accept-encoding": "gzip"}),
     resp(ok(1, {"task": task10()}), headers={"content-type": "application/json", "content-encoding": "gzip", "vary": "accept-encoding"})],
     [], "a gzip-coded answer recorded decoded: content coding is transparent to A2A")
case("E09-legal-v10-get-on-jsonrpc-405", lambda: C10() + [req(A, method="GET", headers={"accept": "text/html"}), resp("Method Not Allowed", status=405, headers={"content-type": "text/plain", "allow": "POST"})] + SEND10(),
     [], "a browser GET on the JSON-RPC endpoint answered 405 Allow: POST is right: JSON-RPC is POST only (1.0:§9); the url serves POSTs")
case("E10-legal-v10-head-on-jsonrpc-405", lambda: C10() + SEND10() + [req(A, method="HEAD", headers={}), resp("", status=405, headers={"allow": "POST"})],
     [], "a health checker's HEAD on the JSON-RPC endpoint answered 405 (no A2A call)")
case("E11-legal-v10-rest-options-preflight", lambda: R10c() + [
    req(H + "/message:send", method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST"}),
    resp("", status=204, headers={"access-control-allow-origin": "*", "access-control-allow-methods": "GET, POST, DELETE"}),
    req(H + "/message:send", js({"message": msg10()}), headers=RJ), resp({"task": task10()}, headers=RJ)],
     [], "a CORS preflight OPTIONS on an HTTP+JSON route is no A2A call in the wrong verb")
case("E12-legal-v10-rest-a2a-json-charset", lambda: R10c() + [
    req(H + "/message:send", js({"message": msg10()}), headers={**RJ, "content-type": "application/a2a+json; charset=utf-8"}),
    resp({"task": task10()}, headers={"content-type": "application/a2a+json; charset=utf-8"})],
     [], "application/a2a+json with a charset parameter (REST-001)")
case("E13-v10-rest-415-on-a2a-json-charset", lambda: R10c() + [
    req(H + "/message:send", js({"message": msg10()}), headers={**RJ, "content-type": "application/a2a+json; charset=utf-8"}),
    resp({"error": {"code": 415, "status": "INVALID_ARGUMENT", "message": "unsupported media type"}}, status=415, headers=J03)],
     [("HTTP-MEDIA-002", W)], "a 1.0 REST agent refuses application/a2a+json with a charset parameter (REST-001)")
case("E14-legal-v10-card-weak-etag-public", lambda: getcard(card10()) [:1] + [resp(card10(), headers={"content-type": "application/json; charset=utf-8", "cache-control": "public, max-age=3600", "etag": "W/\"c1\""})] + SEND10(),
     [], "a weak ETag and Cache-Control with several directives satisfy CARD-009")
case("E15-legal-v10-card-content-type-uppercase", lambda: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
     resp(card10(), headers={"Content-Type": "Application/JSON", "Cache-Control": "max-age=60", "ETag": "\"c2\""})] + SEND10(),
     [], "media type and header names are case-insensitive (RFC 9110 §8.3.1, §5.1)")
case("E16-v10-card-etag-same-after-change", lambda: C10() + [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
     resp(card10(version="2.0.0"), headers=CH)],
     [("CARD-CACHE-002", W)], "second card fetch changes the card under the same strong ETag (CARD-009)")
case("E17-legal-v10-card-etag-new-after-change", lambda: C10() + [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
     resp(card10(version="2.0.0"), headers={**CH, "etag": "\"c2\""})],
     [], "the changed card comes with a new ETag (CARD-009)")
case("E18-legal-v10-304-with-if-modified-since", lambda: C10() + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-modified-since": "Wed, 02 Dec 2026 10:00:00 GMT"}),
    resp("", status=304, headers={"cache-control": "max-age=300"})] + SEND10(),
     [], "304 to If-Modified-Since revalidation (RFC 9110 §13.1.3; CARD-009 MAY Last-Modified)")
case("E19-legal-v10-card-redirect-308-0-2-path", lambda: [req(H + "/.well-known/agent.json", method="GET", headers={"accept": "application/json"}),
     resp("", status=308, headers={"location": H + "/.well-known/agent-card.json"})] + C10() + SEND10(),
     [], "the 0.2 path /.well-known/agent.json redirecting to the 1.0 path helps 0.2 clients; CARD-002 asks the card of 1.0 at agent-card.json, which serves it")
case("E20-legal-v10-jsonrpc-200-charset-sse", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10)] + sse_raw(
    ["data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(EV_D())], headers={"content-type": "Text/Event-Stream;charset=UTF-8"}),
     [], "text/event-stream in other letter case with a parameter (RFC 9110 §8.3.1)")

# ---------------------------------------------------------------- several versions in one recording (G)
DUAL = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": H + "/a2a/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]
case("G01-legal-dual-card-both-versions", lambda: C10(ifaces=DUAL) + SEND10() + [
    req(H + "/a2a/v03", rpc(2, "message/send", {"message": msg03(mid="m2")}), headers=J03), resp(ok(2, task03(tid="t2", ctx="c2")))],
     [], "one card offering 1.0 and 0.3 interfaces, each called in its own version (VER-004)")
case("G02-legal-two-agents-two-generations", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))] + [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(url=GW + "/a2a"), headers=CH), req(GW + "/a2a", rpc(2, "SendMessage", {"message": msg10(mid="m2")}), headers=V10),
    resp(ok(2, {"task": task10(tid="t2", ctx="c2")}))],
     [], "a 0.2 agent and a 1.0 agent on two hosts in one recording: each judged by its own card")
case("G03-legal-dual-card-0-3-with-header", lambda: C10(ifaces=DUAL) + [
    req(H + "/a2a/v03", rpc(1, "message/send", {"message": msg03()}), headers={**J03, "a2a-version": "0.3"}), resp(ok(1, task03()))],
     [], "a 0.3 call with an explicit A2A-Version: 0.3 at the 0.3 interface")
case("G04-v10-stream-event-in-0-3-shape", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10)] + sse_raw(
    ["data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(ok(1, st03(state="completed", final=True, n=2)))]),
     [("STREAM-SHAPE-001", E), ("TASK-STATE-005", E)], "a 0.3 status-update (kind, final, lowercase state) inside a 1.0 stream is no StreamResponse (STREAM-003, DATA-001), and its state \"completed\" is no 1.0 state a 1.0 client parses (TASK-008)")
case("G05-legal-card-upgraded-0-2-to-0-3", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))] + C03() + [
    R01(2, "message/send", {"message": msg03(mid="m2")}), resp(ok(2, task03(tid="t2", ctx="c2")))],
     [], "the agent redeployed from 0.2 to 0.3 during the recording: both cards and their calls are consistent")
case("G06-legal-0-1-and-1-0-on-two-hosts", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01()))] + [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}), resp(card10(url=GW + "/a2a"), headers=CH),
    req(GW + "/a2a", rpc(2, "SendMessage", {"message": msg10(mid="m2")}), headers=V10), resp(ok(2, {"task": task10(tid="t2", ctx="c2")}))],
     [], "a 0.1 agent and a 1.0 agent side by side")
case("G07-dual-card-0-3-answer-in-1-0-form", lambda: C10(ifaces=DUAL) + [
    req(H + "/a2a/v03", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, {"task": task10()}))],
     [("DATA-SHAPE-001", E), ("TASK-STATE-005", E), ("VER-MIX-001", W)], "a 0.3 call (no A2A-Version = 0.3, VER-003) at the interface the card declares for 0.3 answered in the 1.0 form: not VER-HDR-001, the card offers 0.3 there; the result is no 0.3 Task (DATA-005), its state no 0.3 state (TASK-008), its wrapper 1.0 (VER-002), as b26q-5 for a 1.0-only card")
case("G08-legal-v01-card-and-0-2-path", lambda: C01() + [R01(1, "tasks/get", {"id": "t1"}), resp(err(1, -32001, "Task not found"))],
     [], "0.1 tasks/get of an unknown task answered -32001 (0.1 TaskNotFoundError)")

# ---------------------------------------------------------------- round two (written after the first run)
# SSE framing (F)
case("F23-v10-sse-done-sentinel", lambda: sstream(["data: %s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)] + ["data: [DONE]\n\n"]),
     [("SSE-FRAME-002", E)], "an OpenAI-style data: [DONE] sentinel after the last event: its data is not JSON, no JSON-RPC response (RPC-005)")
case("F24-v10-sse-empty-object-heartbeat", lambda: sstream(["data: %s\n\n" % js(EV_T()), "event: ping\ndata: {}\n\n", "data: %s\n\n" % js(EV_D())]),
     [("STREAM-SHAPE-002", E), ("STREAM-SHAPE-001", E)], "a heartbeat event whose data is {}: JSON, but no JSON-RPC response with the request id (RPC-005) and no StreamResponse (STREAM-003); both, as for f186's data: {} done-frame")
case("F25-legal-v10-sse-retry-not-a-number", lambda: sstream(["retry: soon\n\n"] + ["data: %s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)]),
     [], "retry: with a value that is not digits is ignored (W3C SSE 9.2.6)")
case("F26-legal-v10-sse-comment-inside-event", lambda: sstream(
    ["data: %s\n\n" % js(EV_T()), 'data: {"jsonrpc": "2.0", "id": 1,\n: still working\ndata: "result": %s}\n\n' % js(st10(state="WORKING", n=2)), "data: %s\n\n" % js(EV_D())]),
     [], "a comment line between two data: lines of one event is skipped; the data lines join into one JSON document (W3C SSE)")
case("F27-legal-v10-sse-bare-data-field-name", lambda: sstream(["data: %s\n\n" % js(EV_T()), "data\ndata: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [], "a line 'data' with no colon is the field data with an empty value: the event's data is LF + the JSON, still one JSON document (W3C SSE 9.2.6)")
case("F28-v10-sse-bom-mid-stream", lambda: sstream(["data: %s\n\n" % js(EV_T()), "\ufeffdata: %s\n\n" % js(EV_W()), "data: %s\n\n" % js(EV_D())]),
     [("SSE-FRAME-003", E)], "a byte order mark in front of a later event's data: line: only one at the very start is stripped, so the field is named BOM+data and ignored (W3C SSE)")
case("F29-legal-v03-sse-rest-final-omitted-on-working", lambda: RC03() + [rpost("/v1/message:stream", {"message": m03r()}, h=S03)] + sse_raw(
    ["data: %s\n\n" % js({"task": t03r(state="TASK_STATE_WORKING")}),
     "data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 2}}}),
     "data: %s\n\n" % js({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}, "final": True}})]),
     [], "0.3 HTTP+JSON is ProtoJSON of the 0.3 proto: final false is a default value and may be left out (0.3:grpc TaskStatusUpdateEvent.final)")
case("F30-v10-sse-jsonrpc-error-event-mid-task", lambda: sstream(["data: %s\n\n" % js(EV_T()), "event: error\ndata: %s\n\n" % js(err(1, -32603, "internal error"))]),
     [("STREAM-END-005", E)], "a 1.0 task stream cut by -32603 before the task's terminal state (was a legal control citing 0.3:§7.2; left38): a 1.0 task stream closes only at the terminal or interrupted state (STREAM-003, STREAM-007) and INTERNAL is the agent's own failure, so the stream withheld the task's outcome; the JSON-RPC error event itself is a legal vehicle (RPC-005)")
case("F32-v10-sse-error-end-then-get-failed", lambda: sstream(["data: %s\n\n" % js(EV_T()), "event: error\ndata: %s\n\n" % js(err(1, -32603, "internal error"))])
     + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="FAILED", n=3)))],
     [("STREAM-END-005", E)], "the stream ended with an error while the task was working, and GetTask shows the agent held it FAILED: the stream withheld the terminal state (STREAM-003, STREAM-007)")
case("F31-legal-v10-sse-id-and-retry-only-blocks", lambda: sstream(["id: 0\n\n", "data: %s\n\n" % js(EV_T()), "retry: 1000\nid: 7\n\n", "data: %s\n\n" % js(EV_D())]),
     [], "blocks with only id: or retry: fields dispatch no event (empty data buffer, W3C SSE)")

# 0.1 (A)
case("A15-legal-v01-client-chosen-task-id", lambda: C01() + [R01(1, "tasks/send", {"id": "my-own-id-42", "sessionId": "s1", "message": msg01()}),
     resp(ok(1, task01(tid="my-own-id-42")))],
     [], "0.1.0 tasks/send: the client chooses the task id (TaskSendParams.id is required); ID-001 (server-generated ids) is 1.0")
case("A16-legal-v01-input-required-continued", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="input-required", status={"state": "input-required", "message": msg01("which city?", "agent")}))),
     R01(2, "tasks/send", {"id": "t1", "sessionId": "s1", "message": msg01("Paris")}), resp(ok(2, task01(n=2)))],
     [], "0.1 multi-turn: the client answers input-required with tasks/send under the same task id")
case("A17-v01-session-id-changed", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="working"))),
     R01(2, "tasks/get", {"id": "t1"}), resp(ok(2, task01(sid="s2", n=2)))],
     [("ID-CTX-002", E)], "the task's sessionId (0.1's contextId) changes between answers (ID-006)")
case("A18-legal-v01-cancel-completed-refused", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01())),
     R01(2, "tasks/cancel", {"id": "t1"}), resp(err(2, -32002, "Task cannot be canceled"))],
     [], "0.1 TaskNotCancelableError -32002 for a completed task (0.1 schema)")
case("A19-legal-v01-artifact-chunks-index-append", lambda: C01() + s01(
    [st01(state="working"), art01(text="Hel", append=False, lastChunk=False), art01(text="lo", append=True, lastChunk=True), st01(state="completed", final=True)]),
     [], "0.1 artifact chunks identified by index with append/lastChunk (0.1 schema Artifact)")
case("A20-legal-v01-push-delivery-task-body", lambda: getcard(card01(capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") + [
    R01(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": msg01(), "pushNotification": {"url": HOOK, "token": "tok-1"}}), resp(ok(1, task01(state="working")))]
     + hook(task01(n=3), headers={"content-type": "application/json", "authorization": "Bearer tok-1"}),
     [], "0.1 push: the Task POSTed to the webhook; 0.1 leaves the payload and the token's carriage open (PUSH-005)")
case("A21-legal-v01-unknown-state-on-failure", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(state="unknown")))],
     [], "0.1 TaskState has unknown (0.1 schema); TASK-008 only says it should not appear on live tasks, no MUST")

# 0.2 (B)
case("B16-v02-extended-card-declared-false-served", lambda: getcard(card02(supportsAuthenticatedExtendedCard=False, **BEARER), path="/.well-known/agent.json") + [
    req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json", "authorization": "Bearer abc"}),
    resp(card02(supportsAuthenticatedExtendedCard=False, **BEARER))],
     [("CAP-CARD-002", W)], "the card says supportsAuthenticatedExtendedCard: false, yet the extended card is served (AUTH-005)")
case("B17-v02-client-1-0-header-on-0-2-method", lambda: C02() + [req(A, rpc(1, "message/send", {"message": msg03()}), headers=V10), resp(ok(1, task03()))],
     [("VER-MIX-002", W)], "the client sends A2A-Version: 1.0 with a 0.x method and message (VER-002); the 0.2 agent answers in 0.2 form")
case("B18-legal-v02-tasks-send-refused-method-not-found", lambda: C02() + [R01(1, "tasks/send", SP01), resp(err(1, -32601, "Method not found"))],
     [], "a 0.1 client's tasks/send to a 0.2 agent: -32601 is right (0.2 has no tasks/send)")

# 0.3 HTTP+JSON (C)
case("C16-legal-v03-rest-push-list", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [
    rget("/v1/tasks/t1/pushNotificationConfigs"), rok({"configs": [{"name": "tasks/t1/pushNotificationConfigs/p1", "pushNotificationConfig": {"id": "p1", "url": HOOK}}]})],
     [], "0.3 REST list of push configs")
case("C17-legal-v03-rest-push-delete-204", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [
    req(H + "/v1/tasks/t1/pushNotificationConfigs/p1", method="DELETE", headers={"accept": "application/json"}), resp("", status=204, headers={})],
     [], "0.3 REST delete answered 204 with no body and no Content-Type")
case("C18-legal-v03-rest-get-task-404-json", lambda: RC03() + [rget("/v1/tasks/nope"), resp({"code": -32001, "message": "Task not found"}, status=404, headers=J03)],
     [], "0.3 REST unknown task: 404 with a JSON error object (REST-003)")

# push at the webhook (D)
case("D22-legal-v10-push-token-only-not-sent", lambda: setup10({"url": HOOK, "token": "tok-1"}) + hook(DONE10(), headers={"content-type": "application/a2a+json"}),
     [], "1.0 config with a token and no authentication: 1.0 §4.3.3 requires the authentication credentials in headers and says nothing of how a token travels, so a push without it breaks no MUST (legal reading)")
case("D23-legal-v10-push-bearer-lowercase-scheme", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/a2a+json", "authorization": "bearer sekret"}),
     [], "the authentication scheme name is case-insensitive (RFC 9110 §11.1): bearer sekret is Bearer sekret")
case("D24-legal-v03-push-stream-response-body", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-3"}}}), headers=J03),
    resp(ok(1, task03(state="working")))] + hook(task03(n=3), headers={"content-type": "application/json", "x-a2a-notification-token": "tok-3"})
    + hook(task03(n=3), headers={"content-type": "application/json", "x-a2a-notification-token": "tok-3"}),
     [], "0.3 delivery of the same Task twice (at-least-once; receivers dedupe, PUSH-004/005)")
case("D25-legal-v10-webhook-validation-get", lambda: setup10() + [req(HOOK + "?validationToken=v-123", method="GET", headers={}), resp("v-123", headers={"content-type": "text/plain"})] + hook(DONE10()),
     [], "a GET with no body to the webhook (the validationToken URL check of A2A's push notification guide) is no delivery; the delivery itself is a POST (PUSH-004)")
case("D26-v10-push-basic-wrong-credentials", lambda: setup10({"url": HOOK, "authentication": {"scheme": "Basic", "credentials": "dTpw"}}) + hook(
    DONE10(), headers={"content-type": "application/a2a+json", "authorization": "Bearer dTpw"}),
     [("PUSH-AUTH-002", E)], "configured Basic credentials delivered under the Bearer scheme (PUSH-004)")
case("D27-v10-push-statusupdate-without-context", lambda: setup10() + hook({"statusUpdate": {"taskId": "t1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}}}),
     [("PUSH-BODY-001", E)], "webhook statusUpdate without contextId (ID-005, PUSH-004)")

# HTTP (E)
case("E21-legal-v10-card-head-404-get-200", lambda: [req(H + "/.well-known/agent-card.json", method="HEAD", headers={}), resp("", status=404, headers={})] + C10() + SEND10(),
     [], "a server that does not route HEAD answers 404 to it and serves the card to GET: CARD-002 is about what GET returns")
case("E22-legal-v10-card-options-405", lambda: C10() + [req(H + "/.well-known/agent-card.json", method="OPTIONS", headers={"origin": "https://app.example.test"}), resp("", status=405, headers={"allow": "GET, HEAD"})] + SEND10(),
     [], "OPTIONS on the card answered 405: no A2A operation")
case("E23-legal-v10-card-brotli", lambda: [req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "accept-encoding": "br"}),
     resp(card10(), headers={**CH, "content-encoding": "br", "vary": "Accept-Encoding"})] + SEND10(),
     [], "a br-coded card recorded decoded: content coding is transparent")
case("E24-legal-v10-jsonrpc-accept-both", lambda: C10() + [RPC(1, "SendMessage", P1, h={**V10, "accept": "application/json, text/event-stream"}), resp(ok(1, {"task": task10()}))],
     [], "a unary call with Accept listing both types answered with application/json")

# versions (G)
SAME = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]
case("G09-legal-one-url-two-versions", lambda: C10(ifaces=SAME) + SEND10() + [
    req(A, rpc(2, "message/send", {"message": msg03(mid="m2")}), headers=J03), resp(ok(2, task03(tid="t2", ctx="c2")))],
     [], "one URL declared for 1.0 and 0.3: the header picks the version (VER-004); the header-less call is 0.3 and answered so")
case("G10-legal-v03-card-hybrid-1-0-interfaces", lambda: C03(supportedInterfaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]) + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03())), RPC(2, "SendMessage", {"message": msg10(mid="m2")}), resp(ok(2, {"task": task10(tid="t2", ctx="c2")}))],
     [], "a hybrid card (0.3 fields plus supportedInterfaces with 1.0) serving both generations at one URL")
case("G11-v10-stream-then-0-3-get-same-task", lambda: C10(ifaces=DUAL) + SEND10() + [
    req(H + "/a2a/v03", rpc(2, "tasks/get", {"id": "t1"}), headers=J03), resp(ok(2, task03(state="working", n=2)))],
     [("TASK-STATE-001", E)], "the task completed over 1.0 is reported working through the 0.3 interface: one task, one lifecycle across bindings (BIND-001, TASK-001)")

# ---------------------------------------------------------------- round three
RGET = lambda path, extra=None: req(H + path, method="GET", headers={"accept": "application/a2a+json", "a2a-version": "1.0", **(extra or {})})
case("A22-v01-send-answered-other-task-id", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01(tid="srv-9")))],
     [("ID-TASK-002", E)], "0.1 tasks/send names task t1 (the client chooses the id in 0.1) and the agent answers with task srv-9 (ID-001, TASK-009)")
case("A23-v01-get-answered-other-task", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01())), R01(2, "tasks/send", {"id": "t2", "sessionId": "s1", "message": msg01()}), resp(ok(2, task01(tid="t2"))),
     R01(3, "tasks/get", {"id": "t1"}), resp(ok(3, task01(tid="t2")))],
     [("ID-TASK-003", E)], "0.1 tasks/get of t1 answered with task t2 (TASK-009)")
case("A24-legal-v01-push-get", lambda: getcard(card01(capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") + [
    R01(1, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": HOOK}}), resp(ok(1, {"id": "t1", "pushNotificationConfig": {"url": HOOK}})),
    R01(2, "tasks/pushNotification/get", {"id": "t1"}), resp(ok(2, {"id": "t1", "pushNotificationConfig": {"url": HOOK}}))],
     [], "0.1 tasks/pushNotification/get {id} (0.1 schema)")
case("F33-legal-v10-sse-tab-after-colon", lambda: sstream(["data:\t%s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)]),
     [], "W3C SSE strips one space after the colon, not a tab: the data starts with a tab, which is JSON whitespace: still one JSON document")
case("F34-v10-sse-last-event-unterminated", lambda: sstream(["data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(EV_W()), "data: %s\n" % js(EV_D())]),
     [("SSE-FRAME-001", E)], "the completed event has no blank line after it and the stream closes: W3C SSE discards an unfinished event at end of stream (RPC-005)")
case("E25-legal-v10-rest-get-task-304", lambda: R10c() + [req(H + "/message:send", js({"message": msg10()}), headers=RJ), resp({"task": task10()}, headers={**RJ, "etag": "\"t1-1\""}),
     RGET("/tasks/t1"), resp(task10(), headers={**RJ, "etag": "\"t1-1\""}), RGET("/tasks/t1", {"if-none-match": "\"t1-1\""}), resp("", status=304, headers={"etag": "\"t1-1\""})],
     [], "a conditional GetTask (If-None-Match) answered 304 Not Modified: HTTP semantics the client asked for (RFC 9110 §13.1.2); no A2A error, no body by definition")
case("E26-legal-v10-rest-head-task", lambda: R10c() + [req(H + "/message:send", js({"message": msg10()}), headers=RJ), resp({"task": task10()}, headers=RJ),
     req(H + "/tasks/t1", method="HEAD", headers={"a2a-version": "1.0"}), resp("", headers=RJ)],
     [], "HEAD on the GetTask route: a GET without the body (RFC 9110 §9.3.2: servers SHOULD support HEAD where they support GET)")
case("E27-legal-v10-rest-response-application-json", lambda: R10c() + [req(H + "/message:send", js({"message": msg10()}), headers=RJ), resp({"task": task10()}, headers={"content-type": "application/json"})],
     [], "a 1.0 HTTP+JSON answer as application/json (1.0.0's type) is the same protocol version")
case("E28-legal-v10-version-query-param", lambda: C10() + [req(A + "?A2A-Version=1.0", rpc(1, "SendMessage", P1), headers=J03), resp(ok(1, {"task": task10()}))],
     [], "A2A-Version as a query parameter instead of the header (VER-001 MAY)")
case("D28-legal-v10-push-message-body", lambda: setup10() + hook({"message": amsg10("done", contextId="c1", taskId="t1")}),
     [], "a {message} StreamResponse is a valid webhook body (1.0:§4.3.3 lists message)")
case("D29-legal-v10-push-gzip-body", lambda: setup10() + hook(DONE10(), headers={"content-type": "application/a2a+json", "content-encoding": "gzip", "authorization": "Bearer sekret"}),
     [], "a gzip-coded delivery recorded decoded: content coding is transparent")
case("D30-legal-v10-two-webhooks-both-delivered", lambda: C10() + SEND10()[:0] + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}), resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK})),
    RPC(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2"}), resp(ok(3, {"id": "p2", "taskId": "t1", "url": HOOK + "2"}))]
    + hook(DONE10(), headers={"content-type": "application/a2a+json"}) + [req(HOOK + "2", js(DONE10()), headers={"content-type": "application/a2a+json"}), resp("", headers={})],
     [], "two configs of one task, each webhook gets the terminal state (PUSH-003, PUSH-004)")
case("G12-v10-push-config-1-0-delivery-0-3-task", lambda: setup10() + hook(task03(state="completed", n=3)),
     [("PUSH-BODY-001", E), ("TASK-STATE-005", E), ("VER-MIX-001", W)], "a config made by a 1.0 call gets a 0.3 Task with kind: no 1.0 StreamResponse (PUSH-004), its state in the 0.x spelling (TASK-008), its kind 0.x (VER-002); the three as in f228 and b13-M11")
case("G13-legal-v03-jsonrpc-then-v03-rest-same-agent", lambda: getcard(card03(additionalInterfaces=[{"url": A, "transport": "JSONRPC"}, {"url": H, "transport": "HTTP+JSON"}])) + [
    R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03(state="working"))),
    rget("/v1/tasks/t1"), rok(t03r(state="TASK_STATE_COMPLETED", n=2))],
     [], "one 0.3 agent, its task read over both bindings in each binding's own JSON (BIND-001; trap 5)")

# ---------------------------------------------------------------- round four: 0.1 / 0.2 capabilities and auth
AUTH01 = {"authentication": {"schemes": ["Bearer"]}}
case("A25-v01-card-auth-call-without-credentials", lambda: C01(**AUTH01) + [R01(1, "tasks/send", SP01), resp(ok(1, task01()))],
     [("AUTH-OPEN-001", E)], "the 0.1 card declares authentication schemes [Bearer] (0.1's security) and a tasks/send without credentials succeeds (AUTH-002)")
case("A26-legal-v01-card-auth-call-with-bearer", lambda: C01(**AUTH01) + [req(A, rpc(1, "tasks/send", SP01), headers={**J03, "authorization": "Bearer abc"}), resp(ok(1, task01()))],
     [], "the same call with a Bearer token")
case("A27-v01-stream-served-streaming-false", lambda: C01(capabilities={"streaming": False, "pushNotifications": False}) + s01([st01(state="working"), st01(state="completed", final=True)]),
     [("CAP-STREAM-001", E)], "the 0.1 card declares streaming false; tasks/sendSubscribe is served as a stream (STREAM-001)")
case("A28-v01-push-set-accepted-push-false", lambda: C01() + [
    R01(1, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": HOOK}}), resp(ok(1, {"id": "t1", "pushNotificationConfig": {"url": HOOK}}))],
     [("CAP-PUSH-001", E)], "the 0.1 card declares pushNotifications false; tasks/pushNotification/set is accepted (PUSH-001)")
case("A29-legal-v01-stream-artifact-first", lambda: C01() + s01([art01(text="partial"), st01(state="completed", final=True)]),
     [], "0.1 has no Task-first rule for sendSubscribe: an artifact event may come first (0.1 schema; STREAM-003 is 1.0)")
case("B19-v02-401-without-challenge", lambda: getcard(card02(**BEARER), path="/.well-known/agent.json") + [R01(1, "message/send", {"message": msg03()}),
     resp(err(1, -32600, "unauthorized"), status=401)],
     [("AUTH-CHALLENGE-001", W)], "0.2 401 without WWW-Authenticate (AUTH-003: 401 includes the challenge)")
case("B20-legal-v02-resubscribe-finished-task", lambda: C02() + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))] + s02(
    [st03(state="completed", final=True, n=1)], i=2, method="tasks/resubscribe", p={"id": "t1"}),
     [], "0.x resubscribe to a finished task: replaying its final status and closing is implementation-defined (0.3:§7.9, trap 6)")
case("B21-legal-v02-final-at-auth-required", lambda: C02() + s02([task03(state="working"), st03(state="auth-required", final=True, message={"kind": "message", "messageId": "a1", "role": "agent", "parts": [{"kind": "text", "text": "sign in"}]})]),
     [], "final:true at auth-required, an interrupted state like input-required (0.3:ts final = last event of this interaction; legal reading of STREAM-008)")
case("B22-legal-v02-blocking-send-working-note", lambda: C02() + [R01(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"], "blocking": True}}), resp(ok(1, task03(state="working")))],
     [("TASK-STATE-011", N)], "0.x blocking:true answered with a working task: a note (0.3 lets the server refuse to block, TASK-005)")
case("G14-legal-v03-card-0-2-5-at-new-path", lambda: getcard(card03(protocolVersion="0.2.5")) + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))],
     [], "a 0.2.5 card served at agent-card.json: the 0.2 path is recommended, not required (CARD-002)")
case("G15-legal-v03-card-protocol-version-major-minor", lambda: getcard(card03(protocolVersion="0.3")) + [R01(1, "message/send", {"message": msg03()}), resp(ok(1, task03()))],
     [], "protocolVersion \"0.3\" without a patch number")

case("A30-legal-v01-card-auth-public", lambda: C01(authentication={"schemes": ["public"]}) + [R01(1, "tasks/send", SP01), resp(ok(1, task01()))],
     [], "the 0.1 samples' authentication schemes [\"public\"] asks for no credentials")
case("A31-v01-card-auth-refused-without-challenge", lambda: C01(**AUTH01) + [R01(1, "tasks/send", SP01), resp(err(1, -32600, "unauthorized"), status=401)],
     [("AUTH-CHALLENGE-001", W)], "the 0.1 card asks for Bearer; the client sends none and gets a 401 without WWW-Authenticate (AUTH-003); not AUTH-SCHEME-002: the card does declare a scheme, in 0.1's authentication member")

# ---------------------------------------------------------------- round five: 0.1 artifacts, history, ids
case("A32-v01-artifact-chunk-after-last", lambda: C01() + s01(
    [st01(state="working"), art01(text="Hel", index=0, append=False, lastChunk=True), art01(text="lo", index=0, append=True, lastChunk=True), st01(state="completed", final=True)]),
     [("STREAM-ARTIFACT-002", W)], "0.1 artifact index 0 marked lastChunk, then another chunk of index 0 (STREAM-009; 0.1 artifacts are keyed by index)")
case("A33-v01-artifact-append-without-base", lambda: C01() + s01(
    [st01(state="working"), art01(text="lo", index=3, append=True, lastChunk=True), st01(state="completed", final=True)]),
     [("STREAM-ARTIFACT-001", W)], "0.1 chunk with append:true for index 3, which no earlier chunk opened (STREAM-009)")
case("A34-legal-v01-two-artifacts-by-index", lambda: C01() + s01(
    [st01(state="working"), art01(text="a", index=0, lastChunk=True), art01(text="b", index=1, lastChunk=True), st01(state="completed", final=True)]),
     [], "two 0.1 artifacts told apart by index, each with its lastChunk")
case("A35-v01-stream-event-other-task", lambda: C01() + s01([st01(state="working"), st01(tid="t2", state="completed", final=True)]),
     [("ID-EVENT-002", E)], "the stream of task t1 carries a status event of t2 (ID-006)")
case("A36-legal-v01-task-without-session-id", lambda: C01() + [R01(1, "tasks/send", {"id": "t1", "message": msg01()}),
     resp(ok(1, {"id": "t1", "status": {"state": "completed", "timestamp": "2026-12-02T10:00:01"}}))],
     [], "0.1 Task requires only id and status (0.1 schema); sessionId is optional there")
case("A37-v01-history-not-trimmed", lambda: C01() + [R01(1, "tasks/send", SP01), resp(ok(1, task01())),
     R01(2, "tasks/get", {"id": "t1", "historyLength": 1}), resp(ok(2, task01(history=[msg01("a"), msg01("b", "agent"), msg01("c")])))],
     [("DATA-HISTORY-002", W)], "0.1 tasks/get with historyLength 1 answered with three history messages (DATA-006)")

# ---------------------------------------------------------------- round six: push lifecycle, empty answers
def later(secs, lines):
    """`lines` moved `secs` seconds later, and the clock with them."""
    for l in lines:
        l["t"] = round(l["t"] + secs, 3)
    _t[0] += secs
    return lines


case("D31-v10-push-terminal-not-delivered", lambda: setup10() + hook(st10(state="WORKING", n=2)) + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=3)))]
     + later(120, [RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, task10(state="COMPLETED", n=3)))]),
     [("PUSH-DELIV-003", W)], "the task with a live push config completed (GetTask) and the webhook, which got the working push, never got the terminal state (PUSH-004 at-least-once)")
case("D32-legal-v10-push-terminal-as-task-snapshot", lambda: setup10() + hook(st10(state="WORKING", n=2)) + hook({"task": task10(state="COMPLETED", n=3)}) + [RPC(2, "GetTask", {"id": "t1"}), resp(ok(2, task10(state="COMPLETED", n=3)))],
     [], "the terminal state delivered as a {task} snapshot (PUSH-004)")
case("D33-v10-push-after-config-deleted", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    RPC(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}), resp(ok(2, {"id": "p1", "taskId": "t1", "url": HOOK})),
    RPC(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "p1"}), resp(ok(3, {}))] + later(30, hook(DONE10(), headers={"content-type": "application/a2a+json"})),
     [("PUSH-CFG-002", E)], "a push for t1 after its only config for that webhook was deleted (PUSH-003: no further notifications after deletion)")
case("D34-legal-v03-push-token-in-authorization", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-3"}}}), headers=J03),
    resp(ok(1, task03(state="working")))] + hook(task03(n=3), headers={"content-type": "application/json", "authorization": "Bearer tok-3"}),
     [], "0.3 token sent as a Bearer credential: PUSH-005 names X-A2A-Notification-Token only as an example (legal reading)")
case("D35-legal-v10-push-redelivered", lambda: setup10() + hook(DONE10()) + hook(DONE10()),
     [], "the terminal push delivered twice: at-least-once, receivers dedupe (PUSH-004)")
case("E29-v10-jsonrpc-200-empty-body", lambda: C10() + [RPC(1, "SendMessage", P1), resp("", headers=J03)],
     [("RPC-ENVELOPE-001", E)], "a JSON-RPC call with an id answered HTTP 200 with no body: no response object at all (RPC-002)")

# ---------------------------------------------------------------- round seven: HTTP answers, odd characters, version refusals
case("E30-v10-call-redirected-to-login", lambda: C10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]) + [
    RPC(1, "SendMessage", P1), resp("", status=302, headers={"location": "https://login.example.test/authorize?next=/a2a"})],
     [("AUTH-CHALLENGE-001", W)], "an API call without credentials redirected to a login page instead of a 401 with a challenge (AUTH-003, ERR-006)")
case("E31-legal-v03-http-500-with-jsonrpc-error", lambda: C03() + [R01(1, "message/send", {"message": msg03()}), resp(err(1, -32603, "Internal error"), status=500)],
     [], "a JSON-RPC error under HTTP 500 with the request's id: the HTTP status of JSON-RPC errors is unspecified (ERR-007)")
case("E32-legal-v10-stream-recorded-as-one-body", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h=S10),
     resp("".join("data: %s\n\n" % js(e()) for e in (EV_T, EV_W, EV_D)), headers=SSE)],
     [], "a whole event stream recorded as the response body with no chunks (TRANSCRIPT.md: resp holds the whole body unless chunks follow)")
case("E33-legal-v10-429-retry-after-id-echoed", lambda: C10() + [RPC(1, "SendMessage", P1), resp(err(1, -32000, "rate limited"), status=429, headers={**J03, "retry-after": "2"}),
     RPC(1, "SendMessage", P1), resp(ok(1, {"task": task10()}))],
     [], "a 429 with Retry-After whose JSON-RPC error echoes the id, then the same call (same messageId) retried and answered")
case("F35-legal-v10-sse-unicode-line-separators", lambda: sstream(["data: %s\n\n" % js(EV_T()),
     "data: %s\n\n" % json.dumps(ok(1, st10(state="WORKING", n=2, message=amsg10("a\u2028b\u2029c\u0085d", taskId="t1", contextId="c1"))), ensure_ascii=False),
     "data: %s\n\n" % js(EV_D())]),
     [], "U+2028, U+2029 and U+0085 inside a JSON string: SSE ends lines only at CR and LF (W3C SSE 9.2.5)")
case("G16-v10-client-1-0-to-0-2-agent-refused", lambda: C02() + [RPC(1, "SendMessage", P1), resp(err(1, -32601, "Method not found"))],
     [("VER-CARD-002", N)], "a 1.0 client calls a 0.2 agent in 1.0 and is refused: the client's note (VER-005, CARD-005); the agent is right")
case("G17-legal-v03-call-to-1-0-agent-version-not-supported", lambda: C10() + [R01(1, "message/send", {"message": msg03()}),
     resp(err(1, -32009, "Version not supported", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]))],
     [("VER-CARD-002", N)], "a header-less message/send (0.3, VER-003) to a 1.0-only agent answered -32009 VersionNotSupportedError: the agent's right answer (VER-002); the client's note")

case("G18-legal-v02-call-to-card-without-version-refused", lambda: C01() + [R01(1, "message/send", {"message": msg03()}), resp(err(1, -32601, "Method not found"))],
     [], "a 0.2 message/send refused -32601 by an agent whose card (url, no protocolVersion, nothing 0.2 added) reads as 0.1.0 and as 0.2.0 alike: the client cannot be told it spoke a version the card does not declare")

# ---------------------------------------------------------------- round eight
case("E34-legal-v10-stream-406-for-json-only-accept", lambda: C10() + [RPC(1, "SendStreamingMessage", P1, h={**V10, "accept": "application/json"}),
     resp("Not Acceptable: this endpoint streams text/event-stream", status=406, headers={"content-type": "text/plain"})],
     [], "a streaming call whose Accept names only application/json refused 406 Not Acceptable (RFC 9110 §15.5.7): the agent honours the client's own Accept")
case("G19-legal-v10-header-at-0-3-url-of-dual-card", lambda: C10(ifaces=DUAL) + [RPC(1, "SendMessage", P1, url=H + "/a2a/v03"), resp(ok(1, {"task": task10()}))],
     [], "A2A-Version 1.0 at the URL the card lists for 0.3, answered in 1.0: one server behind both URLs honours the header (VER-004: the version is per URL and header)")
case("G20-v10-stream-status-with-final-flag", lambda: sstream(["data: %s\n\n" % js(EV_T()), "data: %s\n\n" % js(ok(1, {"statusUpdate": dict(st10(state="COMPLETED", n=3)["statusUpdate"], final=True)}))]),
     [("VER-MIX-001", W)], "a 1.0 statusUpdate carrying the 0.x final flag (STREAM-007: 1.0 has no final; DATA-001)")

write_cases(C, OUT)
