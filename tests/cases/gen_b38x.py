"""Writes the b38x blind-adversary transcripts (breaker38, round eighteen), mostly on the
1.0 JSON-RPC binding where rounds 17 took HTTP+JSON: SSE framing that is legal (comments,
multi-line data, CRLF / CR / mixed line ends, a CRLF split across reads, id / retry / event
fields, a leading byte order mark) against framing faults, streams of several artifacts
with append and lastChunk, SubscribeToTask / tasks/resubscribe on terminal, interrupted and
working tasks, ListTasks over JSON-RPC (pageSize bounds, paging, status and
statusTimestampAfter filters, historyLength, includeArtifacts), GetTask historyLength
(ProtoJSON's int32 as a string, 0.3's historyLength 0), push notification config CRUD and
deliveries (1.0 JSON-RPC and 0.3), A2A-Version as header and query parameter and 0.3 / 1.0
on one host, extensions (A2A-Extensions, X-A2A-Extensions, required ones), error data
shapes, input-required / auth-required round trips and contextId-only follow-ups, the
authenticated extended card per generation, proto names and enum spellings in JSON, and
credentials in metadata; then (group K, found by hand after the four blind waves) bodies of
valid JSON beyond the parser (nested past 128 levels, a number past a 64-bit float: RFC 8259
§9, §6) in requests, answers, errors, streams, push notifications and Agent Cards, which must
be listed as not judged. Faulty ones carry the finding the verifier must report;
`-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b38x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker38 (blind adversary, round eighteen)"
from blind_helpers import *  # noqa: F401,F403
from blind_helpers import _t

C = {}
case = case_maker(C, "b38x-", SRC)

HOOK = "https://hooks.example.test/a2a/cb"
RI = {"returnImmediately": True}
EXT = "https://ext.example.test/geo/v1"
EXT2 = "https://ext.example.test/trace/v2"


def wait(s):
    """moves the transcript clock on by `s` seconds (no line): the next line is that much later."""
    _t[0] += s
    return []


def spread(lines, step=1.0):
    """the lines with each stream chunk `step` seconds after the one before (an agent that
    takes its time between events; the status timestamps of the events say so too)."""
    t0 = None
    for l in lines:
        if l["dir"] == "chunk":
            t0 = l["t"] if t0 is None else round(t0 + step, 3)
            l["t"] = t0
    return lines


def raw(obj, i=1):
    """the JSON text of a JSON-RPC response `i` carrying `obj` (one SSE data value)."""
    return json.dumps(ok(i, obj))


def work(i=1, tid="t1", ctx="c1", n=1, mid=None, h=V10):
    """SendMessage with returnImmediately answered with task `tid` working."""
    return [RPC(i, "SendMessage", {"message": msg10(mid=mid or "m%d" % i, contextId=ctx), "configuration": RI}, h=h), resp(ok(i, {"task": tsk("WORKING", n, tid=tid, ctx=ctx)}))]


def call(i, method, params, result, h=V10, url=A):
    return [RPC(i, method, params, h=h, url=url), resp(ok(i, result))]


def fail(i, method, params, code, m, reason=None, h=V10, data=None):
    return [RPC(i, method, params, h=h), resp(err(i, code, m, einfo(reason) if reason else data))]


def listed(tasks, nxt="", ps=50, total=None):
    return {"tasks": tasks, "nextPageToken": nxt, "pageSize": ps, "totalSize": len(tasks) if total is None else total}


def DONE2():
    """card, t1 completed at second 1 (c1), t2 completed at second 5 (c2)."""
    return C10() + send(tsk("COMPLETED", 1, artifacts=ART)) + \
        [RPC(2, "SendMessage", {"message": msg10("again", mid="m2")}), resp(ok(2, {"task": tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)}))]


OK_STREAM = lambda: [{"task": tsk("WORKING")}, stu("COMPLETED", 3)]

# ---------------------------------------------------------------- S: SSE framing (RPC-005, REST-002; W3C SSE)
T1, D1 = raw({"task": tsk("WORKING")}), raw(stu("COMPLETED", 3))
W2 = raw(stu("WORKING", 2))
case("S01-legal-v10-sse-comments-between-events", lambda: C10() + stream([": keep-alive\n\n", "data: " + T1 + "\n\n", ":\n\n", "data: " + D1 + "\n\n"]),
     [], "control: comment lines (': keep-alive', ':') between events are ignored")
case("S02-legal-v10-sse-multi-line-data", lambda: C10() + stream(["data: " + json.dumps(ok(1, {"task": tsk("WORKING")}), indent=1).replace("\n", "\ndata: ") + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: one pretty-printed JSON document over several data: lines (joined with LF, still one JSON document)")
case("S03-legal-v10-sse-crlf", lambda: C10() + stream(["data: " + T1 + "\r\n\r\n", "data: " + D1 + "\r\n\r\n"]),
     [], "control: CRLF line ends")
case("S04-legal-v10-sse-cr-only", lambda: C10() + stream(["data: " + T1 + "\r\r", "data: " + D1 + "\r\r"]),
     [], "control: bare CR line ends (legal in SSE)")
case("S05-legal-v10-sse-id-retry-fields", lambda: C10() + stream(["retry: 3000\nid: 1\ndata: " + T1 + "\n\n", "id: 2\ndata: " + D1 + "\n\n"]),
     [], "control: retry and id fields beside data")
case("S06-legal-v10-sse-event-message-field", lambda: C10() + stream(["event: message\ndata: " + T1 + "\n\n", "event: message\ndata: " + D1 + "\n\n"]),
     [], "control: an explicit event: message")
case("S07-legal-v10-sse-event-split-mid-json", lambda: C10() + stream(["data: " + T1[:20], T1[20:] + "\n", "\ndata: " + D1[:7], D1[7:] + "\n\n"]),
     [], "control: events cut across reads in the middle of the JSON and between the two line ends")
case("S08-legal-v10-sse-two-events-one-read", lambda: C10() + stream(["data: " + T1 + "\n\ndata: " + W2 + "\n\ndata: " + D1 + "\n\n"]),
     [], "control: three events in one read")
case("S09-legal-v10-sse-data-no-space", lambda: C10() + stream(["data:" + T1 + "\n\n", "data:" + D1 + "\n\n"]),
     [], "control: data: without the optional space")
case("S10-legal-v10-sse-leading-bom", lambda: C10() + stream(["\ufeffdata: " + T1 + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: a byte order mark at the very start of the stream (SSE strips one)")
case("S11-legal-v10-sse-unknown-field", lambda: C10() + stream(["x-trace: abc\ndata: " + T1 + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: a field SSE does not know is ignored")
case("S12-legal-v10-sse-ping-first", lambda: C10() + stream([":ok\n\n", "data: " + T1 + "\n\n", ": ping - 2026-12-02 10:00:02\r\n\r\n", "data: " + D1 + "\n\n"]),
     [], "control: a comment ping before the first event and one with CRLF between events (sse-starlette style)")
case("S13-legal-v10-sse-extra-blank-lines", lambda: C10() + stream(["data: " + T1 + "\n\n\n\n", "data: " + D1 + "\n\n\n"]),
     [], "control: extra blank lines dispatch nothing")
case("S14-legal-v10-rest-sse-crlf-comments", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [": hello\r\n\r\n", "data: " + json.dumps({"task": tsk("WORKING")}) + "\r\n\r\n", "data: " + json.dumps(stu("COMPLETED", 3)) + "\r\n\r\n"]),
     [], "control: HTTP+JSON stream with CRLF and a comment")
case("S15-legal-v03-sse-id-retry", lambda: C03() + stream03(["retry: 1000\nid: e1\ndata: " + raw(task03(state="working")) + "\n\n", "id: e2\ndata: " + raw(st03(state="completed", final=True, n=3)) + "\n\n"]),
     [], "control: 0.3 stream with id and retry fields")
case("S16-legal-v10-sse-data-two-spaces", lambda: C10() + stream(["data:  " + T1 + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: data:  with two spaces (the value keeps one leading space, JSON whitespace)")
case("S17-legal-v10-sse-empty-id", lambda: C10() + stream(["id\ndata: " + T1 + "\n\n", "id:\ndata: " + D1 + "\n\n"]),
     [], "control: an id field without a value (resets the last event id)")
case("S18-legal-v10-sse-mixed-line-ends", lambda: C10() + stream(["data: " + T1 + "\r\n\n", "data: " + W2 + "\r\r", "data: " + D1 + "\n\r\n"]),
     [], "control: CRLF, CR and LF mixed in one stream")
case("S19-legal-v10-sse-crlf-split-across-reads", lambda: C10() + stream(["data: " + T1 + "\r", "\n\r", "\ndata: " + D1 + "\r\n", "\r\n"]),
     [], "control: a CRLF split between two reads (CR ends one read, LF begins the next)")
case("S20-legal-v10-sse-trailing-final-task-no-newline-comment", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: " + D1 + "\n\n", ": bye"]),
     [], "control: an unterminated comment line before the close (no event is lost)")
case("S21-v10-sse-last-event-unterminated", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: " + D1 + "\n\n", "data: " + raw({"task": tsk("COMPLETED", 3)}) + "\n"]),
     [("SSE-FRAME-001", E)], "a repeated final Task snapshot (STREAM-007 MAY) without the blank line that ends an event")
case("S22-v10-sse-data-not-json", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: ok\n\n", "data: " + D1 + "\n\n"]),
     [("SSE-FRAME-002", E)], "data: ok between events")
case("S23-v10-sse-two-json-one-event", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: " + W2 + "\ndata: " + W2 + "\n\n", "data: " + D1 + "\n\n"]),
     [("SSE-FRAME-001", E)], "two JSON documents on two data lines of one event. Predicted SSE-FRAME-002 (W3C SSE joins them into data that is no JSON document); the verifier names the cause, a data line that starts a new JSON document without the blank line that ends the previous event: one finding for the one fault, either reading is right")
case("S24-v10-sse-empty-data", lambda: C10() + stream(["data: " + T1 + "\n\n", "data:\n\n", "data: " + D1 + "\n\n"]),
     [("SSE-FRAME-004", W)], "an event with empty data")
case("S25-v10-sse-data-capitalised", lambda: C10() + stream(["data: " + T1 + "\n\n", "Data: " + W2 + "\n\n", "data: " + D1 + "\n\n"]),
     [("SSE-FRAME-003", E)], "Data: (field names are case-sensitive): the working event is dropped")
case("S26-v10-rest-sse-jsonrpc-envelope", lambda: R10() + rstream({"message": msg10(contextId="c1")}, ["data: " + T1 + "\n\n", "data: " + D1 + "\n\n"]),
     [("STREAM-SHAPE-002", E)], "HTTP+JSON stream whose events are JSON-RPC responses (REST-002: bare StreamResponse)")
case("S27-v10-sse-jsonrpc-bare-events", lambda: C10() + stream(["data: " + json.dumps({"task": tsk("WORKING")}) + "\n\n", "data: " + json.dumps(stu("COMPLETED", 3)) + "\n\n"]),
     [("STREAM-SHAPE-002", E)], "JSON-RPC stream of bare StreamResponses (RPC-005: each a JSON-RPC response)")
case("S28-v10-sse-event-other-id", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: " + raw(stu("COMPLETED", 3), 7) + "\n\n"]),
     [("STREAM-SHAPE-002", E)], "the terminal event's JSON-RPC id is 7, the request's 1")

# ---------------------------------------------------------------- A: several artifacts in one stream (STREAM-009)
A_ = lambda evs, **kw: C10() + stream([{"task": tsk("WORKING")}] + evs + [stu("COMPLETED", 3)], **kw)
case("A01-legal-v10-two-artifacts-interleaved", lambda: A_([art10("a1", "x"), art10("a2", "y"), art10("a1", "x2", append=True), art10("a2", "y2", append=True, last=True), art10("a1", "x3", append=True, last=True)]),
     [], "control: a1 and a2 interleaved, each appended and closed by its own lastChunk")
case("A02-legal-v10-three-chunks", lambda: A_([art10("a1", "p1"), art10("a1", "p2", append=True), art10("a1", "p3", append=True, last=True)]),
     [], "control: one artifact in three chunks")
case("A03-legal-v10-two-whole-artifacts", lambda: A_([art10("a1", "x", last=True), art10("a2", "y", last=True)]),
     [], "control: two artifacts, each one whole chunk")
case("A04-legal-v10-artifact-replaced", lambda: A_([art10("a1", "draft"), art10("a1", "final", last=True)]),
     [], "control: the same artifactId without append replaces the artifact")
case("A05-legal-v03-artifact-chain", lambda: C03() + stream03([task03(state="working"), art03("a1", "x"), art03("a1", "y", append=True), art03("a1", "z", append=True, last=True), art03("a2", "w", last=True), st03(state="completed", final=True, n=3)]),
     [], "control: 0.3 artifact chain and a second artifact, then final")
case("A06-legal-v10-rest-two-artifacts", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, art10("a1", "x"), art10("a2", "y", last=True), art10("a1", "z", append=True, last=True), stu("COMPLETED", 3)]),
     [], "control: HTTP+JSON stream with two artifacts")
case("A07-legal-v10-last-chunk-false-explicit", lambda: A_([art10("a1", "x", append=False, last=False), art10("a1", "y", append=True, last=False), art10("a1", "z", append=True, last=True)]),
     [], "control: append and lastChunk written out false until the end")
case("A08-legal-v10-final-snapshot-merged", lambda: C10() + stream([{"task": tsk("WORKING")}, art10("a1", "x"), art10("a1", "y", append=True, last=True), stu("COMPLETED", 3),
                                                                     {"task": tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}, {"text": "y"}]}])}]),
     [], "control: a closing Task snapshot with the appended parts merged (STREAM-007 MAY)")
case("A09-legal-v10-name-on-first-chunk-only", lambda: A_([art10("a1", "x", name="report.md", description="the report", metadata={"k": 1}), art10("a1", "y", append=True, last=True)]),
     [], "control: name / description / metadata on the first chunk only")
case("A10-legal-v10-data-and-file-artifacts", lambda: A_([art10("a1", parts=[{"data": {"rows": [1, 2]}}], last=True),
                                                         art10("a2", parts=[{"url": "https://files.example.test/r.pdf", "mediaType": "application/pdf", "filename": "r.pdf"}], last=True)]),
     [], "control: a data artifact and a file (url) artifact")
case("A11-legal-v02-artifact-append", lambda: C02() + stream03([task03(state="working"), art03("a1", "x"), art03("a1", "y", append=True, last=True), st03(state="completed", final=True, n=3)]),
     [], "control: 0.2.5 artifact append")
case("A12-legal-v10-get-after-stream-merged", lambda: A_([art10("a1", "x"), art10("a1", "y", append=True, last=True)]) +
     GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}, {"text": "y"}]}])),
     [], "control: GetTask after the stream shows the merged artifact")
case("A13-v10-append-without-earlier-chunk", lambda: A_([art10("a1", "x", last=True), art10("a2", "y", append=True, last=True)]),
     [("STREAM-ARTIFACT-001", W)], "a2's first chunk says append:true")
case("A14-v10-chunk-after-last-chunk", lambda: A_([art10("a1", "x"), art10("a2", "y", last=True), art10("a1", "z", append=True, last=True), art10("a1", "zz", append=True)]),
     [("STREAM-ARTIFACT-002", W)], "a1 appended after its lastChunk (a2 in between)")
case("A15-v03-chunk-after-last-chunk", lambda: C03() + stream03([task03(state="working"), art03("a1", "x", last=True), art03("a1", "y", append=True, last=True), st03(state="completed", final=True, n=3)]),
     [("STREAM-ARTIFACT-002", W)], "0.3: a1 appended after lastChunk")
case("A16-v10-last-chunk-replaces-appended", lambda: A_([art10("a1", "x"), art10("a1", "y", append=True), art10("a1", "z", append=False, last=True)]),
     [("STREAM-ARTIFACT-003", N)], "the lastChunk says append false after appended chunks")
case("A17-v10-artifact-update-no-context", lambda: A_([{"artifactUpdate": {"taskId": "t1", "artifact": {"artifactId": "a1", "parts": [{"text": "x"}]}}}]),
     [("ID-EVENT-001", E)], "artifactUpdate without contextId")
case("A18-v10-artifact-update-other-task", lambda: A_([art10("a1", "x", tid="t2")]),
     [("ID-EVENT-002", E)], "artifactUpdate of task t2 in t1's stream")
case("A19-v10-artifact-empty-parts", lambda: A_([art10("a1", parts=[])]),
     [("STREAM-SHAPE-001", E)], "1.0 artifact with no parts (DATA-005: parts >= 1)")
case("A20-v10-artifact-no-id", lambda: A_([{"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"parts": [{"text": "x"}]}}}]),
     [("STREAM-SHAPE-001", E)], "artifact without artifactId")
case("A21-v10-artifact-after-terminal", lambda: C10() + stream([{"task": tsk("WORKING")}, art10("a1", "x"), stu("COMPLETED", 3), art10("a1", "late", append=True, last=True)]),
     [("STREAM-END-001", E)], "an artifact chunk after the terminal status")
case("A22-v10-rest-append-first", lambda: R10() + rstream({"message": msg10(contextId="c1")}, [{"task": tsk("WORKING")}, art10("a1", "x", append=True, last=True), stu("COMPLETED", 3)]),
     [("STREAM-ARTIFACT-001", W)], "HTTP+JSON: the only chunk says append:true")

# ---------------------------------------------------------------- T: SubscribeToTask / tasks/resubscribe by task state (TASK-004, STREAM-004, trap 6)
SUB = lambda evs, i=2, tid="t1", close="eof": stream(evs, i=i, p={"id": tid}, method="SubscribeToTask", close=close)
case("T01-legal-v10-subscribe-completed-refused", lambda: DONE() + fail(2, "SubscribeToTask", {"id": "t1"}, -32004, "Task t1 is in a terminal state", "UNSUPPORTED_OPERATION", h=S10),
     [], "control: SubscribeToTask on a completed task refused UnsupportedOperationError")
case("T02-legal-v10-rest-subscribe-completed-refused", lambda: RDONE() + [rget("/tasks/t1:subscribe", h={**RJ, "accept": "text/event-stream"}), RUNSUP()],
     [], "control: GET :subscribe on a completed task refused 400 FAILED_PRECONDITION")
case("T03-legal-v03-resubscribe-completed-task-and-close", lambda: DONE03() + stream03([t03("completed", artifacts=ART03)], i=2, p={"id": "t1"}, method="tasks/resubscribe"),
     [], "control: 0.3 tasks/resubscribe on a completed task sends the Task and closes (0.3:grpc; 0.x backfill implementation-defined)")
case("T04-legal-v03-resubscribe-completed-refused", lambda: DONE03() + [R0(2, "tasks/resubscribe", {"id": "t1"}, h=S03), resp(err(2, -32004, "Task is in a terminal state"))],
     [], "control: 0.3 tasks/resubscribe on a completed task refused -32004")
case("T05-legal-v10-subscribe-working", lambda: C10() + work() + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
     [], "control: SubscribeToTask on a working task: the Task first, then to the end")
case("T06-legal-v10-subscribe-input-required-closes", lambda: IR() + SUB([{"task": tsk("INPUT_REQUIRED", msg=ASK())}]),
     [], "control: SubscribeToTask on an input-required task: the Task, then closed at the interrupted state")
case("T07-legal-v10-subscribe-twice-second-refused", lambda: C10() + work() + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]) +
     fail(3, "SubscribeToTask", {"id": "t1"}, -32004, "Task t1 is in a terminal state", "UNSUPPORTED_OPERATION", h=S10),
     [], "control: a second SubscribeToTask after the task completed is refused")
case("T08-v10-subscribe-completed-streamed", lambda: DONE() + SUB([{"task": tsk("COMPLETED", artifacts=ART)}]),
     [("TASK-STATE-006", E)], "SubscribeToTask on a completed task opened a stream")
case("T09-v10-rest-subscribe-failed-streamed", lambda: R10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("FAILED", msg=amsg10("no", mid="r-end", taskId="t1", contextId="c1"))}) +
     rstream(None, [{"task": tsk("FAILED", msg=amsg10("no", mid="r-end", taskId="t1", contextId="c1"))}], path="/tasks/t1:subscribe", method="GET"),
     [("TASK-STATE-006", E)], "GET :subscribe on a failed task streamed it")
case("T10-v10-subscribe-completed-not-found", lambda: DONE() + fail(2, "SubscribeToTask", {"id": "t1"}, -32001, "Task not found", "TASK_NOT_FOUND", h=S10),
     [("TASK-STATE-006", E)], "SubscribeToTask on a completed task answered TaskNotFoundError although it exists")
case("T11-v10-subscribe-input-required-refused", lambda: IR() + fail(2, "SubscribeToTask", {"id": "t1"}, -32004, "Task t1 is not active", "UNSUPPORTED_OPERATION", h=S10),
     [("TASK-STATE-008", E)], "SubscribeToTask on an input-required task refused as if terminal")
case("T12-v10-subscribe-working-refused-still-working", lambda: C10() + work() + fail(2, "SubscribeToTask", {"id": "t1"}, -32004, "no", "UNSUPPORTED_OPERATION", h=S10) + GT(3, {"id": "t1"}, tsk("WORKING", 2)),
     [("TASK-STATE-013", E)], "SubscribeToTask on a working task refused, and GetTask then shows it still working")
case("T13-v10-subscribe-first-status-update", lambda: C10() + work() + SUB([stu("WORKING", 2), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "SubscribeToTask stream opens with a statusUpdate, not the Task")
case("T14-v10-subscribe-canceled-streamed", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)) + SUB([{"task": tsk("CANCELED", 2)}], i=3),
     [("TASK-STATE-006", E)], "SubscribeToTask on a task the client canceled opened a stream")
case("T15-v10-subscribe-rejected-not-found", lambda: DONE("REJECTED") + fail(2, "SubscribeToTask", {"id": "t1"}, -32001, "Task not found", "TASK_NOT_FOUND", h=S10),
     [("TASK-STATE-006", E)], "SubscribeToTask on a rejected task answered TaskNotFoundError")

# ---------------------------------------------------------------- L: ListTasks over JSON-RPC (DATA-007, DATA-006, DATA-PARAM-005)
LT2 = lambda i, p, tasks, **kw: call(i, "ListTasks", p, listed(tasks, **kw))
R1, R2 = tsk("COMPLETED", 1), tsk("COMPLETED", 5, tid="t2", ctx="c2")
case("L01-legal-v10-list-page-size-100", lambda: DONE2() + LT2(3, {"pageSize": 100}, [R2, R1], ps=100),
     [], "control: pageSize 100 (the upper bound), newest first")
case("L02-legal-v10-list-two-pages", lambda: DONE2() + LT2(3, {"pageSize": 1}, [R2], nxt="p2", ps=1, total=2) + LT2(4, {"pageSize": 1, "pageToken": "p2"}, [R1], ps=1, total=2),
     [], "control: two pages of one")
case("L03-legal-v10-list-timestamp-after", lambda: DONE2() + LT2(3, {"statusTimestampAfter": "2026-12-02T10:00:03Z"}, [R2]),
     [], "control: statusTimestampAfter leaves out t1 (second 1), keeps t2 (second 5)")
case("L04-legal-v10-list-history-zero", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(2))) + LT2(2, {"historyLength": 0}, [tsk("COMPLETED")]),
     [], "control: historyLength 0: rows without history")
case("L05-legal-v10-list-include-artifacts", lambda: DONE2() + LT2(3, {"includeArtifacts": True}, [tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART), tsk("COMPLETED", 1, artifacts=ART)]),
     [], "control: includeArtifacts true: rows with artifacts")
case("L06-legal-v10-list-status-working", lambda: C10() + send(tsk("COMPLETED", 1, artifacts=ART)) + work(2, tid="t2", ctx="c2", n=5) + LT2(3, {"status": "TASK_STATE_WORKING"}, [tsk("WORKING", 5, tid="t2", ctx="c2")]),
     [], "control: status filter WORKING lists only t2")
case("L07-legal-v10-list-page-size-101-refused", lambda: DONE2() + fail(3, "ListTasks", {"pageSize": 101}, -32602, "pageSize must be between 1 and 100"),
     [], "control: pageSize 101 refused -32602 (the client's note only)")
case("L08-legal-v10-list-page-size-zero-refused", lambda: DONE2() + fail(3, "ListTasks", {"pageSize": 0}, -32602, "pageSize must be between 1 and 100"),
     [], "control: pageSize 0 refused -32602 (proto: 0 = unset may also be read as the default; a refusal is legal either way)")
case("L09-legal-v10-list-empty", lambda: C10() + LT2(1, {}, []),
     [], "control: no tasks: tasks [], nextPageToken \"\", totalSize 0")
case("L10-legal-v10-list-tenant", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "tenant": "acme"}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))] + LT2(2, {"tenant": "acme"}, [R1]),
     [], "control: ListTasks with the interface's tenant in params (CARD-008)")
case("L11-legal-v10-list-context-filter", lambda: DONE2() + LT2(3, {"contextId": "c1"}, [R1]),
     [], "control: contextId filter")
case("L12-v10-list-page-size-exceeded", lambda: DONE2() + work(3, tid="t3", ctx="c3", n=7) + LT2(4, {"pageSize": 2}, [tsk("WORKING", 7, tid="t3", ctx="c3"), R2, R1], ps=2),
     [("DATA-LIST-003", E)], "pageSize 2 answered with three rows")
case("L13-v10-list-status-filter-ignored", lambda: C10() + send(tsk("COMPLETED", 1, artifacts=ART)) + work(2, tid="t2", ctx="c2", n=5) + LT2(3, {"status": "TASK_STATE_WORKING"}, [tsk("WORKING", 5, tid="t2", ctx="c2"), R1]),
     [("DATA-LIST-003", E)], "status WORKING answered with the completed t1 too")
case("L14-v10-list-artifacts-not-asked", lambda: DONE2() + LT2(3, {}, [tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART), tsk("COMPLETED", 1, artifacts=ART)]),
     [("DATA-LIST-001", E)], "rows with artifacts, includeArtifacts unset")
case("L15-v10-list-oldest-first", lambda: DONE2() + LT2(3, {}, [R1, R2]),
     [("DATA-LIST-002", E)], "t1 (second 1) listed before t2 (second 5)")
case("L16-v10-list-history-exceeded", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(3))) + LT2(2, {"historyLength": 1}, [tsk("COMPLETED", history=hist(3))]),
     [("DATA-HISTORY-001", E)], "historyLength 1 answered with three history messages")
case("L17-v10-list-no-next-token-total-more", lambda: DONE2() + LT2(3, {"pageSize": 1}, [R2], ps=1, total=2),
     [("DATA-LIST-004", E)], "one row of totalSize 2, nextPageToken empty")
case("L18-v10-list-page-repeats", lambda: DONE2() + LT2(3, {"pageSize": 1}, [R2], nxt="p2", ps=1, total=2) + LT2(4, {"pageSize": 1, "pageToken": "p2"}, [R2], ps=1, total=2),
     [("DATA-LIST-004", E)], "the second page repeats t2, t1 is never reached")
case("L19-v10-list-timestamp-ignored", lambda: DONE2() + LT2(3, {"statusTimestampAfter": "2026-12-02T10:00:03Z"}, [R2, R1]),
     [("DATA-LIST-003", E)], "statusTimestampAfter 10:00:03 answered with t1 stamped 10:00:01")
case("L20-v10-list-page-size-500-served", lambda: DONE2() + LT2(3, {"pageSize": 500}, [R2, R1], ps=500),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E)], "pageSize 500 accepted (1-100; ERR-006 validate first)")
case("L21-v10-list-context-filter-ignored", lambda: DONE2() + LT2(3, {"contextId": "c1"}, [R2, R1]),
     [("DATA-LIST-003", E)], "contextId c1 answered with t2 of c2")
case("L22-v10-list-history-oldest-kept", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(4))) + LT2(2, {"historyLength": 2}, [tsk("COMPLETED", history=hist(4)[:2])]),
     [("DATA-HISTORY-003", E)], "historyLength 2 kept the two oldest messages")

# ---------------------------------------------------------------- G: GetTask historyLength (DATA-006, trap 7)
HD = lambda k=4: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(k)))
case("G01-legal-v10-get-history-zero", lambda: HD() + GT(2, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", artifacts=ART)),
     [], "control: historyLength 0: no history")
case("G02-legal-v10-get-history-two-newest", lambda: HD() + GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", artifacts=ART, history=hist(4)[2:])),
     [], "control: historyLength 2 keeps the newest two")
case("G03-legal-v10-get-history-unset-full", lambda: HD() + GT(2, {"id": "t1"}, tsk("COMPLETED", artifacts=ART, history=hist(4))),
     [], "control: historyLength unset: server default (all)")
case("G04-legal-v03-get-history-zero-full", lambda: HB03() + G03(2, {"id": "t1", "historyLength": 0}, t03("completed", history=hist03(4), artifacts=ART03)),
     [], "control: 0.3 tasks/get historyLength 0 with the full history (trap 7: 0.3:grpc reads 0 as unlimited; the legal reading wins)")
case("G05-legal-v10-get-history-larger", lambda: HD(2) + GT(2, {"id": "t1", "historyLength": 10}, tsk("COMPLETED", artifacts=ART, history=hist(2))),
     [], "control: historyLength 10 of a two-message history")
case("G06-v10-get-history-exceeded", lambda: HD(3) + GT(2, {"id": "t1", "historyLength": 1}, tsk("COMPLETED", artifacts=ART, history=hist(3))),
     [("DATA-HISTORY-001", E)], "historyLength 1 answered with three")
case("G07-v10-get-history-oldest-kept", lambda: HD() + GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", artifacts=ART, history=hist(4)[:2])),
     [("DATA-HISTORY-003", E)], "historyLength 2 kept the oldest two")
case("G08-v10-get-history-zero-has-history", lambda: HD(2) + GT(2, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", artifacts=ART, history=hist(2))),
     [("DATA-HISTORY-001", E)], "historyLength 0 answered with history")
case("G09-v03-get-history-not-trimmed", lambda: HB03(3) + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(3), artifacts=ART03)),
     [("DATA-HISTORY-002", W)], "0.3 historyLength 1 answered with three")
case("G10-legal-v10-get-history-as-string", lambda: HD() + GT(2, {"id": "t1", "historyLength": "2"}, tsk("COMPLETED", artifacts=ART, history=hist(4)[2:])),
     [], "control: historyLength \"2\": ProtoJSON parsers accept an int32 written as a string")
case("G11-v10-get-other-task", lambda: DONE2() + GT(3, {"id": "t1"}, tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)),
     [("ID-TASK-003", E)], "GetTask t1 answered with t2")
case("G12-legal-v10-get-unknown-not-found", lambda: C10() + fail(1, "GetTask", {"id": "t9"}, -32001, "Task t9 not found", "TASK_NOT_FOUND"),
     [], "control: GetTask of an unknown id: TaskNotFoundError with ErrorInfo")

# ---------------------------------------------------------------- P: push notification configs and deliveries (PUSH-001..006)
CFG = lambda cid="cfg-1", tid="t1", url=HOOK, tok="tok-1": {"id": cid, "taskId": tid, "url": url, "token": tok}
NT = lambda tok="tok-1": {"content-type": "application/a2a+json", "x-a2a-notification-token": tok}
HOOKED = lambda body, h=None, method="POST": [req(HOOK, body, method=method, headers=h or NT()), resp("", status=200, headers={})]
CREATE = lambda i=2, **kw: call(i, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "token": "tok-1", **kw}, CFG())
case("P01-legal-v10-push-crud", lambda: C10() + work() + CREATE() + call(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, CFG()) +
     call(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, {"configs": [CFG()], "nextPageToken": ""}) + call(5, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}) +
     call(6, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, {"configs": [], "nextPageToken": ""}),
     [], "control: create (id assigned), get, list, delete (Empty {}), list empty")
case("P02-legal-v10-push-delete-idempotent", lambda: C10() + work() + CREATE() + call(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}) +
     call(4, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}),
     [], "control: the second delete of the same config succeeds too (PUSH-003 idempotent)")
case("P03-legal-v10-push-get-after-delete-not-found", lambda: C10() + work() + CREATE() + call(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}) +
     fail(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, -32001, "push notification config cfg-1 not found", "TASK_NOT_FOUND"),
     [], "control: Get of a deleted config fails")
case("P04-legal-v03-push-set-get-list-delete", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False}}), resp(ok(1, t03("working")))] +
     [R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}), resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}))] +
     [R0(3, "tasks/pushNotificationConfig/get", {"id": "t1", "pushNotificationConfigId": "cfg-1"}), resp(ok(3, {"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}))] +
     [R0(4, "tasks/pushNotificationConfig/list", {"id": "t1"}), resp(ok(4, [{"taskId": "t1", "pushNotificationConfig": {"id": "cfg-1", "url": HOOK, "token": "tok-1"}}]))] +
     [R0(5, "tasks/pushNotificationConfig/delete", {"id": "t1", "pushNotificationConfigId": "cfg-1"}), resp(ok(5, None))],
     [], "control: 0.3 set, get, list, delete (result null)")
case("P05-legal-v10-push-create-with-authentication", lambda: C10() + work() +
     call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}) +
     HOOKED({"statusUpdate": st10(state="COMPLETED", n=3)["statusUpdate"]}, h={"content-type": "application/a2a+json", "authorization": "Bearer hook-secret"}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: a config with Bearer authentication; the webhook gets the credentials in Authorization")
case("P06-legal-v10-push-list-paged", lambda: C10() + work() + CREATE() + call(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", url=HOOK + "2", tok="tok-2")) +
     call(4, "ListTaskPushNotificationConfigs", {"taskId": "t1", "pageSize": 1}, {"configs": [CFG()], "nextPageToken": "n2"}) +
     call(5, "ListTaskPushNotificationConfigs", {"taskId": "t1", "pageSize": 1, "pageToken": "n2"}, {"configs": [CFG("cfg-2", url=HOOK + "2", tok="tok-2")], "nextPageToken": ""}),
     [], "control: two configs listed a page at a time")
case("P07-legal-v10-push-delivered-terminal", lambda: C10() + work() + CREATE() + HOOKED(stu("COMPLETED", 3)) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: the terminal statusUpdate delivered by POST, application/a2a+json, with the token")
case("P08-legal-v10-push-not-supported-refused", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": False})) + work() +
     fail(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, -32003, "Push notifications are not supported", "PUSH_NOTIFICATION_NOT_SUPPORTED"),
     [], "control: card without push: Create refused -32003")
case("P09-legal-v10-push-inline-config", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), resp(ok(1, {"task": tsk("WORKING")}))] +
     HOOKED(stu("COMPLETED", 3)) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: an inline config (no taskId) and its delivery")
case("P10-v10-push-accepted-not-declared", lambda: getcard(card10(capabilities={"streaming": True})) + work() + CREATE(),
     [("CAP-PUSH-001", E)], "card has no pushNotifications, Create accepted")
case("P11-v10-push-create-no-url-accepted", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "token": "tok-1"}, {"id": "cfg-1", "taskId": "t1", "token": "tok-1"}),
     [("PUSH-CFG-003", E), ("DATA-PARAM-001", E)], "Create without url, accepted")
case("P12-v10-push-get-after-delete", lambda: C10() + work() + CREATE() + call(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}) +
     call(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, CFG()),
     [("PUSH-CFG-004", E)], "Get returns the deleted config")
case("P13-v10-push-get-other-config", lambda: C10() + work() + CREATE() + call(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", url=HOOK + "2", tok="tok-2")) +
     call(4, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-2"}, CFG()),
     [("PUSH-CFG-005", E)], "Get cfg-2 answered with cfg-1")
case("P14-v10-push-list-misses-config", lambda: C10() + work() + CREATE() + call(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", url=HOOK + "2", tok="tok-2")) +
     call(4, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, {"configs": [CFG("cfg-2", url=HOOK + "2", tok="tok-2")], "nextPageToken": ""}),
     [("PUSH-CFG-006", E)], "complete list leaves out cfg-1")
case("P15-v10-push-delivered-after-delete", lambda: C10() + work() + CREATE() + call(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, {}) + wait(5) + HOOKED(stu("COMPLETED", 3)),
     [("PUSH-CFG-002", E)], "delivery 5 s after its config was deleted (first written 10 ms after the delete: the verifier allows 2 s for a delivery already under way, which is fair)")
case("P16-v10-push-delivered-without-authorization", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK, "authentication": {"scheme": "Bearer"}}) +
     HOOKED(stu("COMPLETED", 3), h={"content-type": "application/a2a+json"}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("PUSH-AUTH-001", E)], "a Bearer-authenticated config, delivered without Authorization (PUSH-004)")
case("P24-legal-v10-push-token-only-not-sent", lambda: C10() + work() + CREATE() + HOOKED(stu("COMPLETED", 3), h={"content-type": "application/a2a+json"}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: a token-only 1.0 config delivered without a token header. First predicted PUSH-AUTH-001; but 1.0 names no header for TaskPushNotificationConfig.token (its §4.3.3 example carries only Authorization; the SDKs split between X-A2A-Notification-Token and A2A-Notification-Token), so no header is owed: the legal reading wins")
case("P17-v10-push-delivered-put", lambda: C10() + work() + CREATE() + HOOKED(stu("COMPLETED", 3), method="PUT") + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("PUSH-DELIV-001", E)], "delivery by PUT")
case("P18-v10-push-authentication-without-scheme", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK, "authentication": {"credentials": "s3"}}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}),
     [("PUSH-CFG-003", E)], "authentication without scheme")
case("P19-v10-push-list-page-size-exceeded", lambda: C10() + work() + CREATE() + call(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2", "token": "tok-2"}, CFG("cfg-2", url=HOOK + "2", tok="tok-2")) +
     call(4, "ListTaskPushNotificationConfigs", {"taskId": "t1", "pageSize": 1}, {"configs": [CFG(), CFG("cfg-2", url=HOOK + "2", tok="tok-2")], "nextPageToken": ""}),
     [("DATA-LIST-005", E)], "pageSize 1 answered with two configs")
case("P20-v10-push-declared-refused", lambda: C10() + work() + fail(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, -32003, "Push notifications are not supported", "PUSH_NOTIFICATION_NOT_SUPPORTED"),
     [("CAP-PUSH-002", W)], "card declares pushNotifications true, Create refused -32003")
case("P21-v10-push-create-reuses-id", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     call(3, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": HOOK + "2"}, {"id": "cfg-1", "taskId": "t1", "url": HOOK + "2"}),
     [("PUSH-CFG-001", E)], "the second Create without id got cfg-1 again (and replaced it)")
case("P22-v03-push-delivered-without-token", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), resp(ok(1, t03("working")))] +
     HOOKED(t03("completed", 3), h=J03) + G03(2, {"id": "t1"}, t03("completed", 3)),
     [("PUSH-AUTH-003", W)], "0.3 delivery without the configured token")
case("P23-legal-v03-push-delivered-task", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}}), resp(ok(1, t03("working")))] +
     HOOKED(t03("completed", 3), h={**J03, "x-a2a-notification-token": "tok-1"}) + G03(2, {"id": "t1"}, t03("completed", 3)),
     [], "control: 0.3 delivery of the Task with X-A2A-Notification-Token")

# ---------------------------------------------------------------- V: versions on one host (VER-001..005)
ONLY10 = lambda: C10()
case("V01-legal-v10-version-query-param", lambda: C10() + [req(A + "?A2A-Version=1.0", rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=J), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: A2A-Version as a query parameter on the JSON-RPC url, no header (VER-001 MAY)")
case("V02-legal-mixed-interfaces-two-urls", lambda: getcard(card10(ifaces=[{"url": H + "/v1", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": H + "/v03", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     call(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, url=H + "/v1") +
     [R0(2, "message/send", {"message": msg03("again", mid="m2", contextId="c2")}, url=H + "/v03"), resp(ok(2, t03("completed", tid="t2", ctx="c2", artifacts=ART03)))],
     [], "control: 1.0 at /v1, 0.3 at /v03 of one card")
case("V03-legal-mixed-interfaces-one-url", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     send(tsk("COMPLETED", artifacts=ART)) + [R0(2, "message/send", {"message": msg03("again", mid="m2", contextId="c2")}), resp(ok(2, t03("completed", tid="t2", ctx="c2", artifacts=ART03)))],
     [], "control: one url serving 1.0 (with A2A-Version) and 0.3 (without it) (VER-004)")
case("V04-legal-v10-version-header-case", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), h={"Content-Type": "application/json", "A2a-Version": "1.0"}),
     [], "control: header names in any letter case")
case("V05-legal-hybrid-card", lambda: getcard({**card10(), "url": A, "protocolVersion": "0.3.0", "preferredTransport": "JSONRPC"}) + send(tsk("COMPLETED", artifacts=ART)) +
     [R0(2, "message/send", {"message": msg03("again", mid="m2", contextId="c2")}), resp(ok(2, t03("completed", tid="t2", ctx="c2", artifacts=ART03)))],
     [], "control: a hybrid card (0.3 url/protocolVersion beside 1.0 supportedInterfaces), used by both versions")
case("V06-legal-v10-version-header-whitespace", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), h={**J, "a2a-version": " 1.0 "}),
     [], "control: A2A-Version with surrounding whitespace (HTTP OWS, stripped by the field parser)")
case("V07-v10-version-patch", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), h={**J, "a2a-version": "1.0.1"}),
     [("VER-HDR-003", W)], "A2A-Version 1.0.1")
case("V08-v10-version-2-processed", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), h={**J, "a2a-version": "2.0"}),
     [("VER-HDR-001", E)], "A2A-Version 2.0 processed as 1.0")
case("V09-v10-only-version-03-processed", lambda: ONLY10() + send(tsk("COMPLETED", artifacts=ART), h={**J, "a2a-version": "0.3"}),
     [("VER-HDR-005", W), ("VER-MIX-002", W)], "card offers 1.0 only; SendMessage declared 0.3 and was served as 1.0. Predicted VER-HDR-005 alone; the client's header contradicts its method too (VER-MIX-002, as b21x-B50)")
case("V10-v10-only-0x-method-served", lambda: ONLY10() + [R0(1, "message/send", {"message": msg03(contextId="c1")}, h=V10), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("VER-HDR-006", W), ("VER-MIX-002", W)], "card offers 1.0 only; message/send sent under A2A-Version 1.0 and served (first written without the header, which makes it a 0.3 call: see V17)")
case("V17-legal-v10-only-0x-method-headerless-served", lambda: ONLY10() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [], "control: message/send without A2A-Version is a 0.3 call (VER-003) and the agent served it as 0.3: an agent may serve a version its card does not list (V10 first predicted VER-HDR-006 here; that rule is for the 1.0 header)")
case("V11-v10-request-x-extensions", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT}]})) + send(tsk("COMPLETED", artifacts=ART), h={**V10, "x-a2a-extensions": EXT}),
     [("CAP-EXT-004", W)], "1.0 request names its extension in X-A2A-Extensions")
case("V12-v10-response-x-extensions", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT}]})) +
     [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, h={**V10, "a2a-extensions": EXT}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers={**J, "x-a2a-extensions": EXT})],
     [("CAP-EXT-005", W)], "1.0 response echoes the extension in X-A2A-Extensions")
case("V13-v10-version-v-prefix", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), h={**J, "a2a-version": "v1.0"}),
     [("VER-HDR-003", W), ("VER-HDR-001", E)], "A2A-Version v1.0 (not Major.Minor), processed. Predicted VER-HDR-003 alone; v1.0 is no version the agent serves, so VER-002 owes VersionNotSupportedError (as b23x-V03; unlike 1.0.1, whose patch is not negotiated)")
case("V14-v10-part-with-kind", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": {"messageId": "m1", "role": "ROLE_USER", "parts": [{"kind": "text", "text": "hi"}], "contextId": "c1"}}),
     [("VER-MIX-002", W)], "1.0 SendMessage whose part carries 0.x kind")
case("V15-legal-v03-no-header-on-10-host", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     [R0(1, "tasks/get", {"id": "t9"}), resp(err(1, -32001, "Task not found"))],
     [], "control: a 0.3 tasks/get without A2A-Version (= 0.3) on a host that also serves 0.3")
case("V16-legal-v10-version-query-and-header-agree", lambda: C10() + [req(A + "?A2A-Version=1.0", rpc(1, "GetTask", {"id": "t9"}), headers=V10), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
     [], "control: header and query parameter both say 1.0")

# ---------------------------------------------------------------- E: extensions (EXT-001..004)
XC = lambda req_=True, **kw: getcard(card10(capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT, "required": req_, "description": "geo"}, {"uri": EXT2}]}, **kw))
XC3 = lambda: getcard(card03(capabilities={"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT, "required": True}]}))
XS = lambda h, rh=None: [RPC(1, "SendMessage", {"message": msg10(contextId="c1", extensions=[EXT])}, h=h), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers=rh or J)]
case("E01-legal-v10-required-extension-activated", lambda: XC() + XS({**V10, "a2a-extensions": EXT}, {**J, "a2a-extensions": EXT}),
     [], "control: required extension requested and echoed")
case("E02-legal-v10-two-extensions-spaces", lambda: XC() + XS({**V10, "a2a-extensions": EXT + " ,  " + EXT2}, {**J, "a2a-extensions": EXT + ", " + EXT2}),
     [], "control: two URIs, comma-separated with spaces")
case("E03-legal-v10-required-missing-refused", lambda: XC() + fail(1, "SendMessage", {"message": msg10(contextId="c1")}, -32008, "Extension " + EXT + " is required", "EXTENSION_SUPPORT_REQUIRED"),
     [], "control: required extension not requested, refused -32008")
case("E04-legal-v03-x-extensions-echoed", lambda: XC3() + [R0(1, "message/send", {"message": msg03(contextId="c1")}, h={**J03, "x-a2a-extensions": EXT}), resp(ok(1, t03("completed", artifacts=ART03)), headers={**J03, "x-a2a-extensions": EXT})],
     [], "control: 0.3 X-A2A-Extensions requested and echoed")
case("E05-legal-v10-optional-extension-unused", lambda: XC(req_=False) + send(tsk("COMPLETED", artifacts=ART)),
     [], "control: optional extension not requested, served")
case("E06-legal-v10-unknown-extension-ignored", lambda: XC(req_=False) + send(tsk("COMPLETED", artifacts=ART), h={**V10, "a2a-extensions": "https://ext.example.test/unknown/v9"}),
     [], "control: an extension the agent does not know is ignored (EXT-003), not echoed")
case("E07-v10-required-extension-missing-served", lambda: XC() + send(tsk("COMPLETED", artifacts=ART)),
     [("CAP-EXT-001", E)], "required extension not requested, served")
case("E08-v10-required-extension-sent-refused", lambda: XC() + fail(1, "SendMessage", {"message": msg10(contextId="c1")}, -32008, "Extension required", "EXTENSION_SUPPORT_REQUIRED", h={**V10, "a2a-extensions": EXT}),
     [("CAP-EXT-002", E)], "client requested the required extension, refused anyway")
case("E09-v10-undeclared-extension-echoed", lambda: XC(req_=False) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers={**J, "a2a-extensions": "https://ext.example.test/other/v1"})],
     [("CAP-EXT-003", W)], "response activates an extension the card does not declare")
case("E10-v10-extension-header-singular", lambda: XC(req_=False) + send(tsk("COMPLETED", artifacts=ART), h={**V10, "a2a-extension": EXT}),
     [("CAP-EXT-006", W)], "A2A-Extension (singular)")
case("E11-v03-required-extension-missing-served", lambda: XC3() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("CAP-EXT-007", W)], "0.3 required extension not requested, served")

# ---------------------------------------------------------------- R: error data shapes (ERR-001..004)
case("R01-legal-v10-error-info-metadata", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task not found", [{**einfo("TASK_NOT_FOUND")[0], "metadata": {"taskId": "t9"}}]))],
     [], "control: ErrorInfo with metadata")
case("R02-legal-v10-error-no-data", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task not found"))],
     [], "control: data is optional (ERR-004 SHOULD in 1.0.1)")
case("R03-legal-v10-error-bad-request-detail", lambda: C10() + [RPC(1, "GetTask", {"id": "t9", "historyLength": -1}), resp(err(1, -32602, "Invalid params", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "historyLength", "description": "must be >= 0"}]}]))],
     [], "control: -32602 with a google.rpc.BadRequest detail")
case("R04-legal-v03-error-data-string", lambda: C03() + [R0(1, "tasks/get", {"id": "t9"}), resp(err(1, -32001, "Task not found", "no task t9"))],
     [], "control: 0.3 error data free-form (string)")
case("R05-legal-v03-error-data-object", lambda: C03() + [R0(1, "tasks/get", {"id": "t9"}), resp(err(1, -32001, "Task not found", {"taskId": "t9"}))],
     [], "control: 0.3 error data free-form (object)")
case("R06-v10-error-info-wrong-domain", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task not found", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a.org"}]))],
     [("RPC-ERROR-002", E)], "ErrorInfo domain a2a.org")
case("R07-v10-error-data-object", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task not found", {"reason": "TASK_NOT_FOUND"}))],
     [("RPC-ENVELOPE-001", E)], "1.0 error.data an object, not an array of @type'd details (ERR-004 MUST)")
case("R08-v10-error-no-message", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "data": einfo("TASK_NOT_FOUND")}})],
     [("RPC-ENVELOPE-001", E)], "error object without message")
case("R09-v10-cancel-completed-unsupported", lambda: DONE() + fail(2, "CancelTask", {"id": "t1"}, -32004, "Task is completed", "UNSUPPORTED_OPERATION"),
     [("RPC-ERROR-001", E)], "cancel of a completed task answered -32004 (TASK-003: -32002 TaskNotCancelableError)")
case("R10-v10-rest-error-jsonrpc-shape", lambda: R10() + [rget("/tasks/t9"), resp({"code": -32001, "message": "Task not found"}, status=404, headers=RJR)],
     [("REST-ERROR-001", E)], "HTTP+JSON 404 with a JSON-RPC-style error object (ERR-003: {error: google.rpc.Status})")
case("R11-legal-v10-rest-not-found-status", lambda: R10() + [rget("/tasks/t9"), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), status=404, headers=RJR)],
     [], "control: 404 google.rpc.Status with ErrorInfo")
case("R12-legal-v10-cancel-completed-not-cancelable", lambda: DONE() + fail(2, "CancelTask", {"id": "t1"}, -32002, "Task cannot be canceled", "TASK_NOT_CANCELABLE"),
     [], "control: cancel of a completed task refused -32002")

# ---------------------------------------------------------------- I: interrupted round trips and context-only follow-ups (TASK-006/007, ID-002/003/008)
case("I01-legal-v10-input-required-follow-up-both-ids", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c1"),
     [], "control: follow-up with taskId and contextId completes the task")
case("I02-legal-v10-input-required-follow-up-task-only", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1"),
     [], "control: follow-up with taskId only; the context is inferred (ID-003)")
case("I03-legal-v10-auth-required-then-done", lambda: AR() + FU(2, "signed in", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c1"),
     [], "control: auth-required with its explanation, then the follow-up completes it")
case("I04-legal-v10-context-only-after-completed", lambda: DONE() + FU(2, "and another", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}, contextId="c1"),
     [], "control: contextId only after a completed task: a new task t2 in c1 (ID-008)")
case("I05-legal-v10-context-only-after-input-required", lambda: IR() + FU(2, "something else", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}, contextId="c1"),
     [], "control: contextId only while t1 waits: a new task t2 in the same context")
case("I06-legal-v03-stream-input-required-final-then-follow-up", lambda: C03() + stream03([task03(state="working"), st03(state="input-required", final=True, n=2, message=AM03())]) +
     stream03([task03(state="working", n=3), st03(state="completed", final=True, n=4)], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "control: 0.3 stream ends final at input-required; a second stream continues the task")
case("I07-legal-v10-stream-input-required-follow-up-stream", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]) +
     stream([{"task": tsk("WORKING", 3)}, stu("COMPLETED", 4)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [], "control: the stream closes at input-required; a follow-up stream finishes the task")
case("I08-legal-v10-rest-input-required-follow-up", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "control: HTTP+JSON round trip")
case("I09-legal-v02-input-required-follow-up", lambda: IR02() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c1"),
     [], "control: 0.2.5 round trip")
case("I10-legal-v10-auth-required-stream-stays-open", lambda: C10() + spread(stream([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2, msg=NEED()), stu("WORKING", 3), stu("COMPLETED", 4)])),
     [], "control: auth-required inside a stream that stays open until the task completes (TASK-006 SHOULD); the events arrive a second apart as stamped (first written 10 ms apart: GW-SSE-001 rightly read three updates stamped over 2 s arriving in 20 ms as a burst)")
case("I11-v10-follow-up-task-only-other-context", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, ctx="c9", artifacts=ART)}, taskId="t1"),
     [("ID-CTX-001", E)], "taskId-only follow-up answered in context c9")
case("I12-v10-follow-up-to-completed-accepted", lambda: DONE() + FU(2, "more", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c1"),
     [("TASK-STATE-002", E)], "message to the completed t1 accepted (first written answered WORKING to a blocking send: TASK-STATE-007 and TASK-STATE-001 rightly came too; that form is I21)")
case("I21-v10-follow-up-to-completed-reopened", lambda: DONE() + [RPC(2, "SendMessage", {"message": msg10("more", mid="m2", taskId="t1", contextId="c1"), "configuration": RI}), resp(ok(2, {"task": tsk("WORKING", 2)}))],
     [("TASK-STATE-002", E), ("TASK-STATE-001", E)], "message to the completed t1 (returnImmediately) accepted and t1 back at WORKING: two faults")
case("I13-v10-auth-required-no-message", lambda: C10() + send(tsk("AUTH_REQUIRED")),
     [("TASK-AUTH-001", E)], "AUTH_REQUIRED without status.message")
case("I14-v03-auth-required-no-message", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("auth-required")))],
     [("TASK-AUTH-002", W)], "0.3 auth-required without status.message")
case("I15-v10-follow-up-context-mismatch-processed", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c2"),
     [("ID-CTX-002", E)], "follow-up with taskId t1 and contextId c2 processed (ID-003: reject)")
case("I16-v10-follow-up-other-task", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}, taskId="t1", contextId="c1"),
     [("ID-TASK-002", E)], "follow-up naming t1 answered with t2")
case("I17-v03-stream-input-required-not-final", lambda: C03() + stream03([task03(state="working"), st03(state="input-required", final=False, n=2, message=AM03())]),
     [("STREAM-FINAL-001", E)], "0.3 input-required event with final false, then the stream closes")
case("I18-v10-context-only-answered-other-context", lambda: DONE() + FU(2, "and another", {"task": tsk("COMPLETED", 2, tid="t2", ctx="c7", artifacts=ART)}, contextId="c1"),
     [("ID-CTX-002", E)], "contextId c1 given, the new task came back in c7 (ID-002: MUST NOT substitute)")
case("I19-v10-follow-up-input-required-refused", lambda: IR() + FUE(2, "Paris", -32004, "Task is not active", "UNSUPPORTED_OPERATION", taskId="t1", contextId="c1"),
     [("TASK-STATE-015", W)], "follow-up to an input-required task refused UnsupportedOperationError")
case("I20-v10-no-task-named-not-found", lambda: C10() + FUE(1, "hello", -32001, "Task not found", "TASK_NOT_FOUND", contextId="c1"),
     [("ID-TASK-005", E)], "a message naming no task answered TaskNotFoundError")

# ---------------------------------------------------------------- X: the authenticated extended card (AUTH-005)
SEC10 = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
XCAP = {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}
XK = lambda **kw: card10(capabilities=XCAP, **SEC10, **kw)
VB = {**V10, "authorization": BEARER}
SEC03 = {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "security": [{"bearer": []}]}
WWW = {**J, "www-authenticate": "Bearer realm=\"agent\""}
case("X01-legal-v10-extended-card-bearer", lambda: getcard(XK()) + call(1, "GetExtendedAgentCard", {}, XK(description="Demo agent (full)"), h=VB),
     [], "control: GetExtendedAgentCard with the card's bearer scheme")
case("X02-legal-v03-extended-card-bearer", lambda: getcard(card03(supportsAuthenticatedExtendedCard=True, **SEC03)) +
     [R0(1, "agent/getAuthenticatedExtendedCard", None, h={**J03, "authorization": BEARER}), resp(ok(1, card03(supportsAuthenticatedExtendedCard=True, description="Demo agent (full)", **SEC03)))],
     [], "control: 0.3 agent/getAuthenticatedExtendedCard with bearer")
case("X03-legal-v02-extended-card-get", lambda: getcard(card02(protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=True, **SEC03), path="/.well-known/agent.json") +
     [req(H + "/agent/authenticatedExtendedCard", method="GET", headers={"accept": "application/json", "authorization": BEARER}), resp(card02(protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=True, description="Demo agent (full)", **SEC03))],
     [], "control: 0.2.5 plain GET {url}/../agent/authenticatedExtendedCard with bearer")
case("X04-legal-v10-extended-card-401-then-bearer", lambda: getcard(XK()) + [RPC(1, "GetExtendedAgentCard", {}), resp("", status=401, headers=WWW)] + call(2, "GetExtendedAgentCard", {}, XK(description="Demo agent (full)"), h=VB),
     [], "control: without credentials 401 with a challenge; again with bearer, served")
case("X05-legal-v10-extended-card-not-declared-refused", lambda: getcard(card10(**SEC10)) + fail(1, "GetExtendedAgentCard", {}, -32004, "No extended card", "UNSUPPORTED_OPERATION", h=VB),
     [], "control: capability absent, refused UnsupportedOperationError")
case("X06-legal-v10-extended-card-not-configured", lambda: getcard(XK()) + fail(1, "GetExtendedAgentCard", {}, -32007, "Extended card not configured", "EXTENDED_AGENT_CARD_NOT_CONFIGURED", h=VB),
     [], "control: declared but not configured, -32007")
case("X07-v10-extended-card-without-credentials", lambda: getcard(XK()) + call(1, "GetExtendedAgentCard", {}, XK(description="Demo agent (full)")),
     [("AUTH-EXT-001", E)], "extended card served to a call without credentials")
case("X08-v10-extended-card-not-declared-served", lambda: getcard(card10(**SEC10)) + call(1, "GetExtendedAgentCard", {}, card10(description="Demo agent (full)", **SEC10), h=VB),
     [("CAP-CARD-001", E)], "served although capabilities.extendedAgentCard is absent")
case("X09-v03-extended-card-flag-false-served", lambda: getcard(card03(supportsAuthenticatedExtendedCard=False, **SEC03)) +
     [R0(1, "agent/getAuthenticatedExtendedCard", None, h={**J03, "authorization": BEARER}), resp(ok(1, card03(description="Demo agent (full)", **SEC03)))],
     [("CAP-CARD-002", W)], "0.3 card says supportsAuthenticatedExtendedCard false, served anyway")
case("X10-v10-extended-card-401-no-challenge", lambda: getcard(XK()) + [RPC(1, "GetExtendedAgentCard", {}), resp("", status=401, headers=J)] + call(2, "GetExtendedAgentCard", {}, XK(description="Demo agent (full)"), h=VB),
     [("AUTH-CHALLENGE-001", W)], "401 without WWW-Authenticate")
case("X11-v10-extended-card-same-signature", lambda: getcard(XK(signatures=[jws()])) + call(1, "GetExtendedAgentCard", {}, XK(description="Demo agent (full)", signatures=[jws()]), h=VB),
     [("CARD-SIG-003", E)], "public and extended card differ under the same JWS")

# ---------------------------------------------------------------- N: proto names and enum spellings in JSON (DATA-001, DATA-004)
case("N01-legal-v10-message-extensions-reference-tasks", lambda: DONE() + FU(2, "again", {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}, contextId="c1", referenceTaskIds=["t1"], extensions=[EXT]),
     [], "control: referenceTaskIds to t1 and message-level extensions")
case("N02-legal-v10-file-url-part", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"url": "https://files.example.test/r.pdf", "mediaType": "application/pdf", "filename": "r.pdf"}]}])),
     [], "control: url part with mediaType and filename")
case("N03-legal-v10-raw-part", lambda: getcard(card10(defaultInputModes=["text/plain", "image/png"])) + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", parts=[{"text": "look"}, {"raw": "iVBORw0KGgo=", "mediaType": "image/png"}])}),
     [], "control: raw (base64) part")
case("N04-legal-v10-data-part-array", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"data": [1, 2, 3]}]}])),
     [], "control: 1.0 data is google.protobuf.Value: an array is legal")
case("N05-legal-v10-data-part-string", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", parts=[{"data": "plain"}])}),
     [], "control: 1.0 data part holding a string Value")
case("N06-v10-request-message-id-snake", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": {"message_id": "m1", "role": "ROLE_USER", "parts": [{"text": "hi"}], "context_id": "c1"}}),
     [("DATA-SHAPE-002", E)], "JSON-RPC SendMessage with message_id / context_id")
case("N07-v10-answer-context-id-snake", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": {"id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}))],
     [("DATA-SHAPE-001", E)], "the answered Task with context_id")
case("N08-v10-stream-status-snake", lambda: C10() + stream([{"task": tsk("WORKING")}, {"statusUpdate": {"task_id": "t1", "context_id": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 3}}}]),
     [("STREAM-SHAPE-001", E)], "JSON-RPC stream statusUpdate with task_id / context_id")
case("N09-v10-method-camel-served", lambda: C10() + [RPC(1, "sendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("RPC-METHOD-001", E), ("RPC-REQ-003", N)], "sendMessage served as SendMessage")
case("N10-v10-state-cancelled-double-l", lambda: C10() + work() + GT(2, {"id": "t1"}, tsk("CANCELLED", 2)),
     [("TASK-STATE-005", E)], "TASK_STATE_CANCELLED (0.3 gRPC spelling) in a 1.0 answer")
case("N11-v10-part-text-and-url", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x", "url": "https://files.example.test/x"}]}])),
     [("DATA-SHAPE-001", E)], "a part with both text and url (oneof)")
case("N12-v10-role-agent-lower", lambda: C10() + send(tsk("INPUT_REQUIRED", msg={"messageId": "r1", "role": "agent", "parts": [{"text": "Which city?"}], "taskId": "t1", "contextId": "c1"})),
     [("DATA-SHAPE-001", E)], "status message role agent (0.x) in a 1.0 answer")
case("N13-legal-v10-task-metadata-and-proto-defaults", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "name": "", "parts": [{"text": "x", "metadata": {}}]}], metadata={})),
     [], "control: empty name and empty metadata objects written out")

# ---------------------------------------------------------------- M: metadata (AUTH-001)
case("M01-legal-v10-message-metadata-nested", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", metadata={"ui": {"locale": "de-DE", "tz": "Europe/Berlin"}, "trace": [1, 2]})}),
     [], "control: nested message metadata")
case("M02-legal-v10-task-artifact-metadata", lambda: C10() + send(tsk("COMPLETED", metadata={"cost": 0.02}, artifacts=[{"artifactId": "a1", "parts": [{"text": "x"}], "metadata": {"model": "m"}}])),
     [], "control: task and artifact metadata")
case("M03-legal-v10-status-update-metadata", lambda: C10() + stream([{"task": tsk("WORKING")}, {"statusUpdate": {**stu("COMPLETED", 3)["statusUpdate"], "metadata": {"step": 3}}}]),
     [], "control: statusUpdate metadata")
case("M04-v10-params-metadata-bearer", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1"), "metadata": {"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl"}}),
     [("AUTH-PAYLOAD-001", W)], "a bearer token in the request metadata")
case("M05-v10-message-metadata-api-key", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", metadata={"apiKey": "sk-live-4f9a8b7c6d5e4f3a2b1c0d9e"})}),
     [("AUTH-PAYLOAD-001", W)], "an API key in the message metadata")
case("M06-legal-v10-metadata-token-count", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1", metadata={"maxTokens": 512, "tokenizer": "cl100k"})}),
     [], "control: metadata keys that mention tokens but carry no credential")

# ================================================================ wave two (written after the first run, predicted before the second)
# ---------------------------------------------------------------- Y: ProtoJSON leniency and edges of ListTasks, sends, timestamps
def at(t, ts):
    """task or event `t` with its status timestamp replaced by `ts`."""
    st = t["statusUpdate"]["status"] if "statusUpdate" in t else t["status"]
    st["timestamp"] = ts
    return t


case("Y01-legal-v10-list-last-page-token-omitted", lambda: DONE2() + call(3, "ListTasks", {}, {"tasks": [R2, R1], "pageSize": 50, "totalSize": 2}),
     [], "control: strict ProtoJSON leaves nextPageToken \"\" out on the last page (trap 12)")
case("Y02-legal-v10-list-empty-proto-defaults", lambda: C10() + call(1, "ListTasks", {}, {"pageSize": 50}),
     [], "control: no tasks, ProtoJSON omits the empty tasks list, the empty token and totalSize 0 (trap 12)")
case("Y03-legal-v10-list-page-size-string", lambda: DONE2() + LT2(3, {"pageSize": "1"}, [R2], nxt="p2", ps=1, total=2) + LT2(4, {"pageSize": "1", "pageToken": "p2"}, [R1], ps=1, total=2),
     [], "control: pageSize \"1\": ProtoJSON parsers accept an int32 written as a string")
case("Y04-legal-v10-list-timestamp-after-equal", lambda: DONE2() + LT2(3, {"statusTimestampAfter": "2026-12-02T10:00:05.000Z"}, [R2]),
     [], "control: a task stamped exactly at statusTimestampAfter is listed (whether 'after' is strict is not said: either answer is legal)")
case("Y05-legal-v10-list-millisecond-order", lambda: C10() + send(at(tsk("COMPLETED", artifacts=ART), "2026-12-02T10:00:05.100Z")) +
     [RPC(2, "SendMessage", {"message": msg10("again", mid="m2")}), resp(ok(2, {"task": at(tsk("COMPLETED", tid="t2", ctx="c2", artifacts=ART), "2026-12-02T10:00:05.200Z")}))] +
     LT2(3, {}, [at(tsk("COMPLETED", tid="t2", ctx="c2"), "2026-12-02T10:00:05.200Z"), at(tsk("COMPLETED"), "2026-12-02T10:00:05.100Z")]),
     [], "control: tasks 100 ms apart, newest first")
case("Y06-v10-list-millisecond-order-wrong", lambda: C10() + send(at(tsk("COMPLETED", artifacts=ART), "2026-12-02T10:00:05.100Z")) +
     [RPC(2, "SendMessage", {"message": msg10("again", mid="m2")}), resp(ok(2, {"task": at(tsk("COMPLETED", tid="t2", ctx="c2", artifacts=ART), "2026-12-02T10:00:05.200Z")}))] +
     LT2(3, {}, [at(tsk("COMPLETED"), "2026-12-02T10:00:05.100Z"), at(tsk("COMPLETED", tid="t2", ctx="c2"), "2026-12-02T10:00:05.200Z")]),
     [("DATA-LIST-002", E)], "tasks 100 ms apart, oldest first")
case("Y07-v10-list-status-0x-name-accepted", lambda: DONE2() + LT2(3, {"status": "completed"}, [R2, R1]),
     [("DATA-PARAM-005", N), ("DATA-PARAM-001", E)], "JSON-RPC ListTasks status \"completed\" (0.x) accepted")
case("Y08-legal-v10-list-include-artifacts-history-zero", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(2))) + LT2(2, {"includeArtifacts": True, "historyLength": 0}, [tsk("COMPLETED", artifacts=ART)]),
     [], "control: artifacts asked, history none")
case("Y09-legal-v10-send-history-length-zero", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(contextId="c1"), "configuration": {"historyLength": 0}}),
     [], "control: SendMessage historyLength 0 answered without history")
case("Y10-v10-send-history-length-exceeded", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, history=hist(3)), p={"message": msg10(contextId="c1"), "configuration": {"historyLength": 1}}),
     [("DATA-HISTORY-001", E)], "SendMessage historyLength 1 answered with three history messages")
case("Y11-legal-v10-accepted-modes-range", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": "x", "mediaType": "text/plain"}]}]), p={"message": msg10(contextId="c1"), "configuration": {"acceptedOutputModes": ["text/*"]}}),
     [], "control: acceptedOutputModes text/* and a text/plain answer")
case("Y12-v10-accepted-modes-ignored", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"url": "https://files.example.test/r.pdf", "mediaType": "application/pdf"}]}]), p={"message": msg10(contextId="c1"), "configuration": {"acceptedOutputModes": ["text/plain"]}}),
     [("CAP-MODE-001", W)], "acceptedOutputModes text/plain answered with a PDF")
case("Y13-legal-v10-accepted-json-data-part", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"data": {"ok": True}}]}]), p={"message": msg10(contextId="c1"), "configuration": {"acceptedOutputModes": ["application/json"]}}),
     [], "control: acceptedOutputModes application/json and a data part without mediaType (data is JSON)")
case("Y14-legal-v10-timestamp-no-fraction", lambda: C10() + send(at(tsk("COMPLETED", artifacts=ART), "2026-12-02T10:00:01Z")),
     [], "control: a timestamp without fractional seconds (ms precision is a SHOULD)")
case("Y15-legal-v10-timestamp-microseconds", lambda: C10() + send(at(tsk("COMPLETED", artifacts=ART), "2026-12-02T10:00:01.123456Z")),
     [], "control: microsecond timestamp")
case("Y16-v10-timestamp-offset-zero", lambda: C10() + send(at(tsk("COMPLETED", artifacts=ART), "2026-12-02T10:00:01.000+00:00")),
     [("DATA-TIME-001", W)], "+00:00 instead of Z")
case("Y17-v10-stream-status-earlier", lambda: C10() + stream([{"task": tsk("WORKING", 3)}, stu("WORKING", 5), stu("COMPLETED", 4)]),
     [("STREAM-ORDER-001", W)], "the terminal update stamped before the one before it")
case("Y18-legal-v10-status-no-timestamp", lambda: C10() + send({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}, "artifacts": ART}),
     [], "control: status.timestamp is optional")
case("Y19-legal-v10-send-submitted-return-immediately", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI}), resp(ok(1, {"task": tsk("SUBMITTED")}))],
     [], "control: returnImmediately answered SUBMITTED")
case("Y20-v10-return-immediately-answered-terminal", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI})] + wait(12) + [resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("TASK-STATE-009", W)], "returnImmediately answered only after 12 s, completed (first written answered at once: see Y21)")
case("Y21-legal-v10-return-immediately-fast-task", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: returnImmediately answered at once with the task already completed. First predicted TASK-STATE-009; but a task that finishes before the answer is written is no blocking: the rule asks for an answer that waited (10 s), which is the fair reading")

# ---------------------------------------------------------------- Z: concurrency, cancel, stream ends, messages, push edges
def Z2(miss=False):
    s1 = {"id": "s1"}
    s2 = {"id": "s2"}
    L = C10() + [req(A, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=S10, **s1), resp("", headers=SSE, **s1), chunk(ev({"task": tsk("WORKING")}, 1), **s1)]
    L += [req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10, **s2), resp("", headers=SSE, **s2), chunk(ev({"task": tsk("WORKING")}, 2), **s2)]
    L += [chunk(ev(art10("a1", "x", last=True), 1), **s1)]
    if not miss:
        L += [chunk(ev(art10("a1", "x", last=True), 2), **s2)]
    L += [chunk(ev(stu("COMPLETED", 3), 1), **s1), chunk(ev(stu("COMPLETED", 3), 2), **s2), chunk("", close="eof", **s1), chunk("", close="eof", **s2)]
    return L


case("Z01-legal-v10-two-streams-same-events", lambda: Z2(),
     [], "control: a send stream and a SubscribeToTask stream open together get the same events (STREAM-006)")
case("Z02-v10-second-stream-misses-artifact", lambda: Z2(miss=True),
     [("STREAM-FANOUT-001", E)], "the subscribe stream misses the artifact the send stream delivered")


def ZC(after):
    s1 = {"id": "s1"}
    return C10() + [req(A, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=S10, **s1), resp("", headers=SSE, **s1), chunk(ev({"task": tsk("WORKING")}, 1), **s1)] + \
        [req(A, rpc(2, "CancelTask", {"id": "t1"}), headers=V10, id="c"), resp(ok(2, tsk("CANCELED", 2)), id="c")] + \
        [chunk(ev(e, 1), **s1) for e in after] + [chunk("", close="eof", **s1)]


case("Z03-legal-v10-cancel-during-stream", lambda: ZC([stu("CANCELED", 2)]),
     [], "control: CancelTask while a stream is open; the stream ends with CANCELED")
case("Z04-v10-stream-completes-after-cancel", lambda: ZC([stu("COMPLETED", 3)]),
     [("TASK-STATE-001", E)], "the cancel answered CANCELED, then the stream reports COMPLETED")
case("Z05-legal-v10-message-reply-then-context-follow-up", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10("hello", contextId="c1")}), resp(ok(1, {"message": amsg10("hi there", contextId="c1")}))] +
     [RPC(2, "SendMessage", {"message": msg10("and you?", mid="m2", contextId="c1")}), resp(ok(2, {"message": amsg10("fine", mid="a2", contextId="c1")}))],
     [], "control: Message replies (no task) in one context")
case("Z06-legal-v10-message-stream", lambda: C10() + stream([{"message": amsg10("hi", contextId="c1")}]),
     [], "control: a message stream: one Message, then closed (STREAM-002)")
case("Z07-v10-message-stream-continues", lambda: C10() + stream([{"message": amsg10("hi", contextId="c1")}, {"message": amsg10("more", mid="a2", contextId="c1")}]),
     [("STREAM-END-001", E)], "a second event after a 1.0 message reply")
case("Z08-v10-client-message-id-reused", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + [RPC(2, "SendMessage", {"message": msg10("something else", mid="m1", contextId="c1")}), resp(ok(2, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}))],
     [("ID-MSG-002", W)], "messageId m1 reused for another message")
case("Z09-legal-v10-client-retry-same-message", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10("hi", contextId="c1")}) + send(tsk("COMPLETED", artifacts=ART), i=2, p={"message": msg10("hi", contextId="c1")}),
     [], "control: a retry of the same message (same messageId, same parts) answered with the same task (ID-007 dedupe)")
case("Z10-v10-agent-reply-user-role", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, {"message": {"messageId": "a1", "role": "ROLE_USER", "parts": [{"text": "hi"}], "contextId": "c1"}}))],
     [("DATA-ROLE-001", W)], "the agent's reply carries ROLE_USER")
case("Z11-v10-client-agent-role", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": {"messageId": "m1", "role": "ROLE_AGENT", "parts": [{"text": "hi"}], "contextId": "c1"}}),
     [("DATA-ROLE-002", W)], "the client's message carries ROLE_AGENT")
case("Z12-v10-context-beside-message", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": msg10(), "contextId": "c1"}),
     [("DATA-SHAPE-006", W)], "contextId in params beside the message")
case("Z13-v10-media-range-in-part", lambda: C10() + send(tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"url": "https://files.example.test/p", "mediaType": "image/*"}]}])),
     [("DATA-MEDIA-001", W)], "a part's mediaType image/*")
case("Z14-v10-stream-eof-working", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("WORKING", 2)]),
     [("STREAM-END-002", E)], "the stream closes cleanly while the task works")
case("Z15-v10-stream-reset-then-polled-done", lambda: C10() + stream([{"task": tsk("WORKING")}], close="reset") + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=ART)),
     [("STREAM-END-002", E)], "the stream was reset while working; GetTask then shows it completed. Predicted STREAM-END-006, which is for a client that recovered the task by resubscribing (Z33); polling is no resubscription, so the stream's end stays an error")
case("Z33-v10-stream-reset-then-resubscribed", lambda: C10() + stream([{"task": tsk("WORKING")}], close="reset") + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
     [("STREAM-END-006", W)], "the stream was reset while working; SubscribeToTask then follows the task to its end")
case("Z16-v10-stream-open-after-terminal", lambda: held_at_end(C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 3)], close="timeout")),
     [("STREAM-END-003", E)], "the stream stays open after COMPLETED until the capture stops")
case("Z17-legal-v10-capture-stops-mid-task", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("WORKING", 2)], close="timeout"),
     [], "control: the capture stopped while the task still works (no end to judge)")
case("Z18-v10-stream-not-declared", lambda: getcard(card10(capabilities={"streaming": False, "pushNotifications": True})) + stream(OK_STREAM()),
     [("CAP-STREAM-001", E)], "card streaming false, stream served")
case("Z19-v03-final-on-working", lambda: C03() + stream03([task03(state="working"), st03(state="working", final=True, n=2)]),
     [("STREAM-FINAL-001", E)], "0.3 working event with final true")
case("Z20-v10-cancel-success-never-canceled", lambda: C10() + work() + call(2, "CancelTask", {"id": "t1"}, tsk("WORKING", 2)) + wait(5) + GT(3, {"id": "t1"}, tsk("COMPLETED", 4, artifacts=ART)),
     [("TASK-STATE-004", W)], "cancel answered success with WORKING; the task later completed instead")
case("Z21-v10-cancel-input-required-stays", lambda: IR() + call(2, "CancelTask", {"id": "t1"}, tsk("INPUT_REQUIRED", 2, msg=ASK())) + GT(3, {"id": "t1"}, tsk("INPUT_REQUIRED", 2, msg=ASK())),
     [("TASK-STATE-012", E)], "cancel of an input-required task answered success, still input-required")
case("Z22-legal-v10-cancel-input-required", lambda: IR() + call(2, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)),
     [], "control: cancel of an input-required task")
case("Z23-v10-push-other-task", lambda: C10() + work() + work(2, tid="t2", ctx="c2", mid="m2") + CREATE(3) + HOOKED(stu("COMPLETED", 3, tid="t2", ctx="c2")),
     [("PUSH-BODY-002", E)], "t2's update delivered to the webhook configured for t1")
case("Z24-legal-v10-push-json-media-type", lambda: C10() + work() + CREATE() + HOOKED(stu("COMPLETED", 3), h={"content-type": "application/json", "x-a2a-notification-token": "tok-1"}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: delivery as application/json (1.0.0's media type)")
case("Z25-legal-v10-push-retried", lambda: C10() + work() + CREATE() + [req(HOOK, stu("COMPLETED", 3), headers=NT()), resp("", status=503, headers={})] + wait(2) + HOOKED(stu("COMPLETED", 3)) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: the webhook answered 503, the agent retried (at-least-once)")
case("Z26-legal-v10-push-client-id", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "id": "my-hook", "url": HOOK, "token": "tok-1"}, CFG("my-hook")) +
     call(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "my-hook"}, CFG("my-hook")),
     [], "control: a client-chosen config id kept")
case("Z27-v10-push-private-url", lambda: C10() + work() + call(2, "CreateTaskPushNotificationConfig", {"taskId": "t1", "url": "https://10.0.0.5/hook"}, {"id": "cfg-1", "taskId": "t1", "url": "https://10.0.0.5/hook"}),
     [("PUSH-URL-001", W)], "webhook at a private address accepted")
case("Z28-legal-v10-push-task-snapshot-body", lambda: C10() + work() + CREATE() + HOOKED({"task": tsk("COMPLETED", 3, artifacts=ART)}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=ART)),
     [], "control: the delivery is a whole Task StreamResponse")
APIK = {"securitySchemes": {"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}}, "securityRequirements": [{"schemes": {"key": {"list": []}}}]}
case("Z29-legal-v10-api-key-header", lambda: getcard(card10(**APIK)) + send(tsk("COMPLETED", artifacts=ART), h={**V10, "x-api-key": "k-123"}),
     [], "control: the card's API key header sent")
case("Z30-v10-api-key-other-header", lambda: getcard(card10(**APIK)) + send(tsk("COMPLETED", artifacts=ART), h={**V10, "api-key": "k-123"}),
     [("AUTH-OPEN-001", E)], "the key under api-key, not X-API-Key, and the agent served it: the card's requirement was not met. Predicted AUTH-SCHEME-003 too; that rule is for the refused call (Z34), the served one is the agent's fault alone")
case("Z34-v10-api-key-other-header-refused", lambda: getcard(card10(**APIK)) + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, h={**V10, "api-key": "k-123"}), resp("", status=401, headers={**J, "www-authenticate": "ApiKey header=\"X-API-Key\""})],
     [("AUTH-SCHEME-003", E)], "the key under api-key, refused 401")
case("Z31-legal-v03-version-header-03", lambda: C03() + [R0(1, "message/send", {"message": msg03(contextId="c1")}, h={**J03, "a2a-version": "0.3"}), resp(ok(1, t03("completed", artifacts=ART03)))],
     [], "control: a 0.3 call that names A2A-Version 0.3")
case("Z32-legal-v10-subscribe-submitted", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI}), resp(ok(1, {"task": tsk("SUBMITTED")}))] + SUB([{"task": tsk("SUBMITTED")}, stu("WORKING", 2), stu("COMPLETED", 3)]),
     [], "control: SubscribeToTask on a submitted task")

# ================================================================ wave three (predicted before its run): SSE and shape corners
case("W01-legal-v10-sse-comment-mentions-data", lambda: C10() + stream([": data: not an event\n\n", "data: " + T1 + "\n\n", ":data: {\"jsonrpc\":\"2.0\"}\n", "data: " + D1 + "\n\n"]),
     [], "control: comment lines whose text looks like a data field")
case("W02-legal-v10-sse-bare-data-line", lambda: C10() + stream(["data\ndata: " + T1 + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: a bare `data` line adds an empty line to the buffer: the event's data is LF + JSON, still one JSON document")
case("W03-legal-v10-sse-content-type-params", lambda: C10() + [req(A, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=S10)] +
     sse(["data: " + T1 + "\n\n", "data: " + D1 + "\n\n"], headers={"content-type": "Text/Event-Stream; charset=UTF-8", "cache-control": "no-cache"}),
     [], "control: text/event-stream in other letter case with a charset parameter")
case("W04-legal-v10-sse-trailing-spaces", lambda: C10() + stream(["data: " + T1 + "   \n\n", "data: " + D1 + "\t\n\n"]),
     [], "control: trailing spaces / tab after the JSON (JSON whitespace)")
case("W05-legal-v10-stream-task-already-done", lambda: C10() + stream([{"task": tsk("COMPLETED", artifacts=ART)}]),
     [], "control: a task stream whose first Task is already completed, then closed")
case("W06-legal-v10-stream-task-input-required-only", lambda: C10() + stream([{"task": tsk("INPUT_REQUIRED", msg=ASK())}]),
     [], "control: a task stream whose first Task waits for input, then closed")
case("W07-legal-v03-stream-message-reply", lambda: C03() + stream03([AM3("hello")]),
     [], "control: 0.3 stream of one Message, then closed")
case("W08-legal-v03-stream-status-only", lambda: C03() + stream03([st03(state="working"), st03(state="completed", final=True, n=3)]),
     [], "control: 0.3 stream of status updates without a Task (Task first is a should in 0.3; the Task is never sent later)")
case("W09-v10-stream-status-first", lambda: C10() + stream([stu("WORKING", 1), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "1.0 send stream opening with a statusUpdate")
case("W10-legal-v10-content-type-charset", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}, h={"content-type": "application/json; charset=utf-8", "a2a-version": "1.0"}), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), headers={"content-type": "application/json; charset=utf-8"})],
     [], "control: application/json with charset on both sides")
case("W11-v10-delete-result-null", lambda: C10() + work() + CREATE() + call(3, "DeleteTaskPushNotificationConfig", {"taskId": "t1", "id": "cfg-1"}, None),
     [("VER-MIX-001", W)], "Delete answered result null, 0.3's delete result. Predicted legal (ProtoJSON reads a null field as its default); but the result is the whole google.protobuf.Empty message, whose ProtoJSON form is {}, and a strict parser (protobuf json_format) refuses a top-level null")
case("W12-legal-v10-push-list-token-omitted", lambda: C10() + work() + CREATE() + call(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}, {"configs": [CFG()]}),
     [], "control: ListTaskPushNotificationConfigs without nextPageToken (ProtoJSON omits \"\")")
case("W13-v10-get-task-wrapped", lambda: C10() + work() + GT(2, {"id": "t1"}, {"task": tsk("WORKING")}),
     [("DATA-SHAPE-001", E)], "GetTask answered {task: Task}: GetTask returns the Task itself")
case("W14-v10-send-bare-task", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(ok(1, tsk("COMPLETED", artifacts=ART)))],
     [("DATA-SHAPE-001", E)], "SendMessage answered with a bare Task (RPC-004: {task} or {message})")
case("W15-legal-v03-list-tasks-method-not-found", lambda: C03() + [R0(1, "tasks/list", {}), resp(err(1, -32601, "Method not found"))],
     [], "control: a 0.3 agent has no tasks/list: -32601")
case("W16-legal-v10-extended-card-no-params", lambda: getcard(XK()) + [req(A, {"jsonrpc": "2.0", "id": 1, "method": "GetExtendedAgentCard"}, headers=VB), resp(ok(1, XK(description="Demo agent (full)")))],
     [], "control: GetExtendedAgentCard without a params member (JSON-RPC: params MAY be omitted)")
TEN = lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]))
case("W17-v10-tenant-missing-on-get", lambda: TEN() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "tenant": "acme", "configuration": RI}), resp(ok(1, {"task": tsk("WORKING")}))] +
     GT(2, {"id": "t1"}, tsk("WORKING")),
     [("CARD-URL-006", E)], "GetTask without the interface's tenant")
case("W18-legal-v10-tenant-on-every-call", lambda: TEN() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "tenant": "acme", "configuration": RI}), resp(ok(1, {"task": tsk("WORKING")}))] +
     GT(2, {"id": "t1", "tenant": "acme"}, tsk("WORKING")) + call(3, "CancelTask", {"id": "t1", "tenant": "acme"}, tsk("CANCELED", 2)),
     [], "control: tenant on every call")
case("W19-legal-v03-context-only-follow-up", lambda: DONE03() + F03(2, "and another", t03("completed", 2, tid="t2", artifacts=ART03), contextId="c1"),
     [], "control: 0.3 contextId-only follow-up after a completed task: a new task in c1")
case("W20-legal-v03-follow-up-context-mismatch", lambda: IR03() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c2"),
     [], "control: 0.3 follow-up with taskId t1 and contextId c2, answered with t1 in its own c1. Predicted ID-CTX-002; but ID-003 (reject a mismatch) is a 1.0 MUST and the 0.3 text says nothing of it, and the task kept its context (as b35x-F01)")
case("W21-v02-auth-required-no-message", lambda: C02() + [R0(1, "message/send", {"message": msg03(contextId="c1")}), resp(ok(1, t03("auth-required")))],
     [("TASK-AUTH-002", W)], "0.2.5 auth-required without status.message")
case("W22-v10-push-body-bare-task", lambda: C10() + work() + CREATE() + HOOKED(tsk("COMPLETED", 3)) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("PUSH-BODY-001", E)], "1.0 delivery of a bare Task (PUSH-004: one StreamResponse)")
case("W23-v10-push-body-jsonrpc-envelope", lambda: C10() + work() + CREATE() + HOOKED(ok(1, stu("COMPLETED", 3))) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("PUSH-BODY-001", E)], "1.0 delivery wrapped in a JSON-RPC response")
case("W24-v10-0x-method-on-dual-card-with-1-0-header", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) +
     [R0(1, "message/send", {"message": msg03(contextId="c1")}, h=V10), resp(ok(1, t03("completed", artifacts=ART03)))],
     [("VER-MIX-002", W)], "message/send under A2A-Version 1.0 to a card offering 1.0 and 0.3 at one url: the client mixed; the agent that serves 0.3 there is not faulted")
case("W25-legal-v10-unknown-task-member", lambda: C10() + send(tsk("COMPLETED", artifacts=ART, createdAt="2026-12-02T10:00:00.000Z")),
     [], "control: a Task member the proto does not define (DATA-SHAPE-008 note only; DATA-003 ignore unknown fields)")
case("W26-v10-task-with-kind", lambda: C10() + send({**tsk("COMPLETED", artifacts=ART), "kind": "task"}),
     [("VER-MIX-001", W)], "1.0 Task carrying 0.x kind")
case("W27-v10-stream-error-after-terminal", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("COMPLETED", 3), "data: " + json.dumps(err(1, -32603, "Internal error")) + "\n\n"]),
     [("STREAM-END-001", E)], "a JSON-RPC error event after the terminal status")
case("W28-legal-v10-sse-retry-only-event", lambda: C10() + stream(["data: " + T1 + "\n\n", "retry: 5000\n\n", "data: " + D1 + "\n\n"]),
     [], "control: a retry-only block dispatches no event")

# ================================================================ wave four (predicted before its run): several agents, reused JSON-RPC ids, callers
H2 = "https://other.example.test"
A2 = H2 + "/a2a"
case("U01-legal-two-agents-same-task-id", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + getcard(card10(url=A2), base=H2) +
     [RPC(2, "SendMessage", {"message": msg10("book", mid="m2", contextId="c1"), "configuration": RI}, url=A2), resp(ok(2, {"task": tsk("WORKING")}))] +
     [RPC(3, "SendMessage", {"message": msg10("Paris", mid="m3", taskId="t1", contextId="c1"), "configuration": RI}, url=A2), resp(ok(3, {"task": tsk("WORKING", 2)}))],
     [], "control: two agents each hand out t1 in c1; the follow-up to the other agent's working t1 is no message to the first agent's completed t1")
case("U02-legal-v10-jsonrpc-id-reused-sequentially", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI}), resp(ok(1, {"task": tsk("WORKING")}))] +
     GT(1, {"id": "t1"}, tsk("WORKING", 2)) + call(1, "CancelTask", {"id": "t1"}, tsk("CANCELED", 3)),
     [], "control: the client gives every call id 1, one after the other (ids need only be unique among calls in flight)")
case("U03-legal-v10-answers-out-of-order", lambda: DONE2() + [req(A, rpc(3, "GetTask", {"id": "t1"}), headers=V10, id="g1"), req(A, rpc(4, "GetTask", {"id": "t2"}), headers=V10, id="g2"),
                                                              resp(ok(4, tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)), id="g2"), resp(ok(3, tsk("COMPLETED", 1, artifacts=ART)), id="g1")],
     [], "control: two GetTask calls in flight, answered in the other order")
case("U04-v10-task-id-handed-out-again", lambda: DONE() + [RPC(2, "SendMessage", {"message": msg10("new job", mid="m2"), "configuration": RI}), resp(ok(2, {"task": tsk("WORKING", 2, ctx="c5")}))],
     [("TASK-STATE-002", E)], "a new send (no taskId) answered with a task t1 again, working. Predicted TASK-STATE-001 (the completed t1 left its terminal state); the verifier reads it as the agent reusing a task id for the new message (ID-001, TASK-001) and says so under TASK-STATE-002: one finding for the one fault")
case("U05-v10-get-drops-streamed-artifact", lambda: A_([art10("a1", "x", last=True)]) + GT(2, {"id": "t1", "historyLength": 0}, tsk("COMPLETED", 3)),
     [("TASK-STATE-010", W)], "GetTask after the stream shows no artifacts although a1 was streamed (historyLength trims history, not artifacts)")


def AUTHSTREAM(second_ok=True):
    s1 = {"id": "s1"}
    L = C10() + [req(A, rpc(1, "SendStreamingMessage", {"message": msg10("pay the invoice", contextId="c1")}), headers=S10, **s1), resp("", headers=SSE, **s1),
                 chunk(ev({"task": tsk("WORKING")}, 1), **s1), chunk(ev(stu("AUTH_REQUIRED", 2, msg=NEED()), 1), **s1)]
    L += wait(3) + [req(A, rpc(2, "SendMessage", {"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1"), "configuration": RI}), headers=V10, id="f"),
                    resp(ok(2, {"task": tsk("WORKING", 5)}), id="f")]
    L += [chunk(ev(stu("WORKING", 5), 1), **s1), chunk(ev(stu("COMPLETED", 6), 1), **s1), chunk("", close="eof", **s1)]
    return L


case("U06-legal-v10-auth-required-message-while-stream-open", lambda: AUTHSTREAM(),
     [], "control: the stream stays open at AUTH_REQUIRED; a follow-up message is accepted meanwhile and the stream carries the task on (TASK-006)")
BEAR2 = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MiJ9."
SK = lambda: getcard(card10(**SEC10))
VA, VB2 = {**V10, "authorization": BEARER}, {**V10, "authorization": BEAR2}
case("U07-legal-v10-list-scoped-to-caller", lambda: SK() + send(tsk("COMPLETED", artifacts=ART), h=VA) + [RPC(2, "SendMessage", {"message": msg10("mine", mid="m2")}, h=VB2), resp(ok(2, {"task": tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)}))] +
     [RPC(3, "ListTasks", {}, h=VB2), resp(ok(3, listed([tsk("COMPLETED", 5, tid="t2", ctx="c2")])))],
     [], "control: the second caller's ListTasks lists only its own task (AUTH-006; DATA-LIST-006 is for the same caller)")
case("U08-legal-v10-other-callers-task-not-found", lambda: SK() + send(tsk("COMPLETED", artifacts=ART), h=VA) + [RPC(2, "GetTask", {"id": "t1"}, h=VB2), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
     [], "control: another caller's GetTask of t1: TaskNotFoundError (TASK-009: never reveal it)")
case("U09-v10-other-callers-task-served", lambda: SK() + send(tsk("COMPLETED", artifacts=ART), h=VA) + [RPC(2, "GetTask", {"id": "t1"}, h=VB2), resp(ok(2, tsk("COMPLETED", artifacts=ART)))],
     [("AUTH-SCOPE-003", E)], "another caller's GetTask of t1 served")
case("U10-v10-list-same-caller-leaves-task-out", lambda: SK() + send(tsk("COMPLETED", artifacts=ART), h=VA) + [RPC(2, "SendMessage", {"message": msg10("mine", mid="m2")}, h=VA), resp(ok(2, {"task": tsk("COMPLETED", 5, tid="t2", ctx="c2", artifacts=ART)}))] +
     [RPC(3, "ListTasks", {}, h=VA), resp(ok(3, listed([tsk("COMPLETED", 5, tid="t2", ctx="c2")])))],
     [("DATA-LIST-006", W)], "the same caller's complete ListTasks leaves out its t1")
case("U11-legal-v10-rest-and-jsonrpc-one-agent", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) +
     [rpost("/rest/message:send", {"message": msg10(contextId="c1"), "configuration": RI}), resp({"task": tsk("WORKING")}, headers=RJR)] + GT(2, {"id": "t1"}, tsk("WORKING", 2)) +
     [rget("/rest/tasks/t1"), resp(tsk("WORKING", 2), headers=RJR)] + call(3, "CancelTask", {"id": "t1"}, tsk("CANCELED", 3)),
     [], "control: a task made over HTTP+JSON, read over JSON-RPC and HTTP+JSON, canceled over JSON-RPC (BIND-001)")
case("U12-legal-v10-uuid-string-ids", lambda: C10() + [req(A, rpc("7b0c7a3e-2f4e-4c1b-9b8a-0d6f0e2a1c55", "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp(ok("7b0c7a3e-2f4e-4c1b-9b8a-0d6f0e2a1c55", {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: a UUID string id")
case("U13-legal-v10-push-inline-id-then-get", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"id": "inline-1", "url": HOOK, "token": "tok-1"}}}), resp(ok(1, {"task": tsk("WORKING")}))] +
     call(2, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "inline-1"}, CFG("inline-1")),
     [], "control: an inline config with an id, read back by it")
case("U14-v10-other-agent-completed-task-messaged", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + getcard(card10(url=A2), base=H2) +
     [RPC(2, "SendMessage", {"message": msg10("book", mid="m2", contextId="c1"), "configuration": RI}, url=A2), resp(ok(2, {"task": tsk("WORKING")}))] +
     [RPC(3, "SendMessage", {"message": msg10("more", mid="m3", taskId="t1", contextId="c1")}), resp(ok(3, {"task": tsk("COMPLETED", 3, artifacts=ART)}))],
     [("TASK-STATE-002", E)], "the first agent's completed t1 messaged again and accepted, while another agent's t1 works")

# ================================================================ K: bodies nested deeper than a parser reads (issue 7 robustness; RFC 8259 §9)
# Found after wave four by hand: valid JSON nested 150 levels (serde_json stops at 128).
# RFC 8259 §9 lets a parser limit nesting, so such a body is no fault of its sender; the
# verifier cannot read the call, so the exchange is listed as not fully judged (like a
# too-deep JSON-RPC answer already was), never reported as "not JSON".
def deep(n=150):
    o = "leaf"
    for _ in range(n):
        o = {"k": o}
    return o


DEEPMSG = lambda **kw: msg10(contextId="c1", metadata={"trace": deep()}, **kw)
case("K01-legal-v10-jsonrpc-request-too-deep", lambda: C10() + send(tsk("COMPLETED", artifacts=ART), p={"message": DEEPMSG()}),
     [], "control: a SendMessage whose message metadata nests 150 levels: not judged (listed so), no finding")
case("K02-legal-v10-rest-request-too-deep", lambda: R10() + rsend({"message": DEEPMSG()}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: the HTTP+JSON form. Main read the body as no JSON and failed the agent for answering 200 (REST-ERROR-001)")
case("K03-legal-v10-stream-request-too-deep", lambda: C10() + stream(OK_STREAM(), p={"message": DEEPMSG()}),
     [], "control: a SendStreamingMessage with the deep metadata")
case("K04-legal-v10-push-body-too-deep", lambda: C10() + work() + CREATE() + HOOKED({"statusUpdate": {**stu("COMPLETED", 3)["statusUpdate"], "metadata": {"trace": deep()}}}) + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: a push notification whose metadata nests 150 levels")
case("K05-legal-v10-rest-response-too-deep", lambda: R10() + rsend({"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"data": deep()}]}])}),
     [], "control: an HTTP+JSON answer whose data part nests 150 levels")
case("K06-legal-v03-rest-request-too-deep", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) +
     [req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}], "metadata": {"trace": deep()}}}, headers=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J03)],
     [], "control: the 0.3 HTTP+JSON form")
case("K07-v10-rest-request-too-deep-then-history-exceeded", lambda: R10() + rsend({"message": DEEPMSG()}, {"task": tsk("COMPLETED", artifacts=ART, history=hist(3))}) +
     [rget("/tasks/t1?historyLength=1"), resp(tsk("COMPLETED", artifacts=ART, history=hist(3)), headers=RJR)],
     [("DATA-HISTORY-001", E)], "after the unread deep send, a GetTask historyLength=1 answered with three messages is still judged")

# the same for a number beyond a 64-bit float's range (RFC 8259 §6 lets a parser limit
# range; 1e400 is valid JSON that serde_json, Go's encoding/json and Java's Jackson double
# cannot hold): not judged, never "not JSON" (found by hand after K01-K07)
BIG = lambda o: json.dumps(o).replace('"__BIG__"', "1e400")
BIGMSG = lambda: msg10(contextId="c1", metadata={"budget": "__BIG__"})
case("K08-legal-v10-jsonrpc-request-number-1e400", lambda: C10() + [req(A, BIG(rpc(1, "SendMessage", {"message": BIGMSG()})), headers=V10), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: a SendMessage whose metadata holds 1e400. Main noted the body as no JSON (DATA-SHAPE-005) and left the call unjudged without listing it")
case("K09-legal-v10-rest-request-number-1e400", lambda: R10() + [rpost("/message:send", BIG({"message": BIGMSG()})), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [], "control: the HTTP+JSON form. Main failed the agent for answering 200 to a body it read as no JSON (REST-ERROR-001)")
case("K10-legal-v10-jsonrpc-answer-number-1e400", lambda: C10() + [RPC(1, "SendMessage", {"message": msg10(contextId="c1")}), resp(BIG(ok(1, {"task": tsk("COMPLETED", artifacts=ART, metadata={"cost": "__BIG__"})})))],
     [], "control: an answer whose task metadata holds 1e400. Main failed it as a response that is no JSON (RPC-ENVELOPE-001)")
case("K11-legal-v10-stream-event-number-1e400", lambda: C10() + stream(["data: " + T1 + "\n\n", "data: " + BIG(ok(1, {"statusUpdate": {**stu("WORKING", 2)["statusUpdate"], "metadata": {"progress": "__BIG__"}}})) + "\n\n", "data: " + D1 + "\n\n"]),
     [], "control: a stream event whose metadata holds 1e400")
case("K12-legal-v10-push-body-number-1e400", lambda: C10() + work() + CREATE() + [req(HOOK, BIG({"statusUpdate": {**stu("COMPLETED", 3)["statusUpdate"], "metadata": {"cost": "__BIG__"}}}), headers=NT()), resp("", status=200, headers={})] + GT(3, {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: a push notification whose metadata holds 1e400")

# the Agent Card (found next): extension params nested past 128 levels, or 1e400, in a card
XDEEP = {"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT, "params": {"geo": deep()}}]}
XBIGP = {"streaming": True, "pushNotifications": True, "extensions": [{"uri": EXT, "params": {"maxArea": "__BIG__"}}]}


def bigcard(card):
    """getcard() whose card body has 1e400 where the card says "__BIG__"."""
    lines = getcard(card)
    lines[1]["body"] = lines[1]["body"].replace('"__BIG__"', "1e400")
    return lines


case("K13-legal-v10-card-extension-params-too-deep", lambda: getcard(card10(capabilities=XDEEP)) + send(tsk("COMPLETED", artifacts=ART)),
     [], "control: a card whose extension params nest 150 levels (a google.protobuf.Struct may). Main: CARD-SHAPE-004 'not a JSON object'")
case("K14-legal-v10-card-extension-params-1e400", lambda: bigcard(card10(capabilities=XBIGP)) + send(tsk("COMPLETED", artifacts=ART)),
     [], "control: a card whose extension params hold 1e400. Main: CARD-SHAPE-004")
case("K15-legal-v10-rest-extended-card-too-deep", lambda: getcard(card10(ifaces=RESTI, capabilities=XCAP, **SEC10)) + [rget("/extendedAgentCard", h={**RJ, "authorization": BEARER}), resp(card10(ifaces=RESTI, **SEC10, capabilities={**XCAP, "extensions": XDEEP["extensions"]}), headers=RJR)],
     [], "control: the HTTP+JSON extended card with the deep params")

# error answers (found next): a JSON-RPC error under HTTP 500 and a google.rpc.Status under
# 404 whose details nest past 128 levels were read as no error at all
DEBUG_DEEP = {"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "trace", "frames": deep()}
case("K16-legal-v10-jsonrpc-error-500-too-deep", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32603, "Internal error", [DEBUG_DEEP]), status=500)],
     [], "control: -32603 under HTTP 500 with a deep DebugInfo. Main: RPC-ENVELOPE-001 'instead of a JSON-RPC error response'")
case("K17-legal-v10-rest-not-found-too-deep", lambda: R10() + [rget("/tasks/t9"), resp(rstatus(404, "NOT_FOUND", details=einfo("TASK_NOT_FOUND") + [DEBUG_DEEP], msg="task t9 not found"), status=404, headers=RJR)],
     [], "control: 404 google.rpc.Status whose DebugInfo nests past 128 levels. Main: CARD-URL-002 (the 404 read as a missing route)")

write_cases(C, OUT)
