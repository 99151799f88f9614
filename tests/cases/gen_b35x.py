"""Writes the b35x blind-adversary transcripts (breaker35, round fifteen): stream event
order and end across 0.2, 0.3 and 1.0 (status and artifact events after the terminal one,
a repeated terminal event, a closing Task snapshot, streams that close, reset or hang
without a terminal or interrupted state, 0.x `final` against the state, `append` and
`lastChunk`, Messages inside task streams, first events of SubscribeToTask and
tasks/resubscribe), 0.3 and 0.2 follow-ups whose taskId and contextId disagree, push config
Create answers without the config id, the 1.0 HTTP+JSON binding's errors (google.rpc.Status
code / status / details, ErrorInfo reason and domain, HTTP status per A2A error, unary
routes answered as streams, malformed parameters answered 500) and GetTask / ListTasks
answers against what earlier calls of the recording established (artifacts, appended
chunks, terminal states, contexts, historyLength, filters, order, paging). Faulty ones carry
the finding the verifier must report; `-legal-` ones must stay silent (but for notes).
Run from the repo root: python3 tests/cases/gen_b35x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker35 (blind adversary, round fifteen)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, sse, stream, rstream, tsk, stu, t03, ...)

C = {}
case = _case = case_maker(C, "b35x-", SRC)


def s03(state="working", n=2, final=None, tid="t1", ctx="c1", msg=None):
    """a 0.x status-update; `final` defaults to whether `state` ends the cycle (STREAM-008)."""
    if final is None:
        final = state in ("completed", "failed", "canceled", "rejected", "input-required")
    e = st03(tid, ctx, state, final, n)
    if msg is not None:
        e["status"]["message"] = msg
    return e


MSG = {"message": msg10(contextId="c1")}
AM = lambda text="hello", mid="r1", **kw: amsg10(text, mid=mid, contextId="c1", **kw)
RSTR = lambda events, close="eof": R10() + rstream(MSG, events, close=close)
JSTR = lambda events, close="eof": C10() + stream(events, close=close)
BOTH = (("v10", JSTR), ("v10-rest", RSTR))
OK_RUN = [{"task": tsk("SUBMITTED")}, stu("WORKING", 2), art10("a1", "result"), stu("COMPLETED", 3)]

# ---------------------------------------------------------------- S: 1.0 stream order and end (STREAM-003, STREAM-007, STREAM-009, STREAM-005)
# the HTTP+JSON mirror repeats the main faults and every control; the 0.2 mirror likewise
ONE_BINDING = {"S03", "S05", "S06", "S11", "S12", "X02", "X05", "X09", "X12", "S08", "S10", "S13", "S14", "S15", "S16", "S17", "S18", "X03", "X04", "X06", "X08", "X10", "X11", "X13", "X14"}


def mirrored(first):
    """`case` for a loop over bindings or versions: cases of ONE_BINDING only for `first`."""
    def c(name, lines, findings, note):
        if first or name[:3] not in ONE_BINDING:
            _case(name, lines, findings, note)
    return c


for b, mk in BOTH:
    case = mirrored(b == "v10")
    case("S01-%s-status-repeated-after-terminal" % b, lambda mk=mk: mk(OK_RUN + [stu("COMPLETED", 4)]),
         [("STREAM-END-001", E), ("GW-SSE-001", W)], "a second statusUpdate COMPLETED after the terminal one: nothing follows the terminal event but a Task snapshot (STREAM-007); the status updates are stamped 1-4 s apart and arrive within 40 ms, so GW-SSE-001 too (the lead, strict warnings); stamped 1-4 s apart, arriving within 40 ms: GW-SSE-001 too (the lead, strict warnings)")
    case("S02-%s-artifact-after-terminal" % b, lambda mk=mk: mk(OK_RUN + [art10("a2", "late")]),
         [("STREAM-END-001", E)], "an artifactUpdate after the terminal statusUpdate (STREAM-007: nothing after the terminal event)")
    case("S03-%s-working-after-completed" % b, lambda mk=mk: mk(OK_RUN + [stu("WORKING", 4), stu("COMPLETED", 5)]),
         [("STREAM-END-001", E), ("TASK-STATE-001", E), ("GW-SSE-001", W)], "WORKING after COMPLETED on one stream: events after the terminal one, and a terminal task that changed state (TASK-001); stamped 1-5 s apart, arriving within 40 ms: GW-SSE-001 too (the lead, strict warnings)")
    case("S04-%s-eof-at-working" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED")}, stu("WORKING", 2), art10("a1", "half")]),
         [("STREAM-END-002", E)], "the stream closed cleanly with the task still WORKING (STREAM-003: a task stream closes at a terminal state)")
    case("S05-%s-reset-at-working" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED")}, stu("WORKING", 2)], close="reset"),
         [("STREAM-END-002", E)], "the connection dropped with the task WORKING and nothing recovered it")
    case("S06-%s-eof-after-task-only" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED")}]),
         [("STREAM-END-002", E)], "only the opening Task (SUBMITTED), then a clean close")
    case("S07-%s-first-event-status" % b, lambda mk=mk: mk([stu("WORKING", 1), stu("COMPLETED", 2)]),
         [("STREAM-FIRST-001", E)], "the stream opens with a statusUpdate, no Task (STREAM-003: a task stream starts with the task)")
    case("S08-%s-first-event-artifact" % b, lambda mk=mk: mk([art10("a1", "x"), {"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
         [("STREAM-FIRST-001", E)], "the stream opens with an artifactUpdate, the Task comes second")
    case("S09-%s-message-after-task" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, {"message": AM("thinking...", taskId="t1")}, stu("COMPLETED", 2)]),
         [("STREAM-SHAPE-003", E)], "a message event inside a task stream (STREAM-003: task, then status and artifact updates)")
    case("S10-%s-message-reply-then-status" % b, lambda mk=mk: mk([{"message": AM()}, stu("COMPLETED", 2)]),
         [("STREAM-END-001", E)], "a message reply, then a statusUpdate: a message stream is one message event then close (STREAM-002)")
    case("S11-%s-append-without-base" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, art10("a1", "tail", append=True, last=True), stu("COMPLETED", 2)]),
         [("STREAM-ARTIFACT-001", W)], "the first chunk of a1 says append:true: nothing of a1 came before (STREAM-009)")
    case("S12-%s-chunk-after-last-chunk" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, art10("a1", "one", last=True), art10("a1", "two", append=True), stu("COMPLETED", 2)]),
         [("STREAM-ARTIFACT-002", W)], "a chunk of a1 after the chunk marked lastChunk (STREAM-009)")
    case("S13-%s-status-timestamps-backwards" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED", 1)}, stu("WORKING", 5), stu("COMPLETED", 3)]),
         [("STREAM-ORDER-001", W)], "COMPLETED stamped :03 after WORKING stamped :05 (STREAM-005: events in generation order)")
    case("S14-%s-open-after-terminal" % b, lambda mk=mk: held_at_end(mk(OK_RUN, close="timeout")),
         [("STREAM-END-003", E)], "the stream stayed open after COMPLETED until the capture stopped (STREAM-007: closure at terminal is a MUST)")
    case("S15-%s-other-task-event" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, stu("WORKING", 2, tid="t9"), stu("COMPLETED", 3)]),
         [("ID-EVENT-002", E)], "a statusUpdate of task t9 on t1's stream (ID-006)")
    case("S16-%s-second-task-other-id" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, {"task": tsk("COMPLETED", 2, tid="t2")}]),
         [("ID-EVENT-002", E)], "a second Task event naming t2 on t1's stream (ID-006)")
    case("S17-%s-failed-then-artifact" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, stu("FAILED", 2), art10("a1", "partial")]),
         [("STREAM-END-001", E)], "an artifactUpdate after FAILED")
    case("S18-%s-snapshot-after-terminal-other-state" % b, lambda mk=mk: mk(OK_RUN + [{"task": tsk("WORKING", 4)}]),
         [("STREAM-END-001", E), ("TASK-STATE-001", E)], "the closing Task snapshot says WORKING after COMPLETED: §11.7 allows a final snapshot of the task as it is, not another state")

    # legal controls
    case("S30-legal-%s-full-run" % b, lambda mk=mk: mk(OK_RUN), [], "Task, WORKING, an artifact, COMPLETED, close")
    case("S31-legal-%s-final-task-snapshot" % b, lambda mk=mk: mk(OK_RUN + [{"task": tsk("COMPLETED", 3, artifacts=[{"artifactId": "a1", "parts": [{"text": "result"}]}])}]),
         [], "after COMPLETED the agent repeats the final Task snapshot (1.0 §11.7 MAY)")
    case("S32-legal-%s-end-at-input-required" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]),
         [], "the stream closes at INPUT_REQUIRED (trap 4: §11.7 allows closing at an interrupted state)")
    case("S33-legal-%s-end-at-auth-required" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, stu("AUTH_REQUIRED", 2, msg=NEED())]),
         [], "the stream closes at AUTH_REQUIRED with the explanation (trap 4; TASK-006 SHOULD keep open)")
    case("S34-legal-%s-message-reply" % b, lambda mk=mk: mk([{"message": AM()}]), [], "one message event, then close (STREAM-002)")
    case("S35-legal-%s-append-chunks" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, art10("a1", "one"), art10("a1", "two", append=True), art10("a1", "three", append=True, last=True), stu("COMPLETED", 2)]),
         [], "a1 in three chunks: the first without append, the rest append:true, the last lastChunk:true (STREAM-009)")
    case("S36-legal-%s-two-artifacts-interleaved" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, art10("a1", "x"), art10("a2", "y"), art10("a1", "x2", append=True, last=True), art10("a2", "y2", append=True, last=True), stu("COMPLETED", 2)]),
         [], "two artifacts streamed interleaved, each closed by its own lastChunk")
    case("S37-legal-%s-first-task-terminal" % b, lambda mk=mk: mk([{"task": tsk("COMPLETED", artifacts=ART)}]),
         [], "the stream's only event is the Task already COMPLETED (TASK-008: the first observed state is free)")
    case("S38-legal-%s-rejected-at-once" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED")}, stu("REJECTED", 2, msg=AM("cannot do that", taskId="t1"))]),
         [], "SUBMITTED, then REJECTED, close")
    case("S39-legal-%s-capture-stopped-while-working" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED")}, stu("WORKING", 2)], close="timeout"),
         [], "the capture stopped while the task was still WORKING: the stream did not end, nothing to judge")
    case("S40-legal-%s-append-to-task-artifact" % b, lambda mk=mk: mk([{"task": tsk("WORKING", artifacts=[{"artifactId": "a1", "parts": [{"text": "head"}]}])}, art10("a1", "tail", append=True, last=True), stu("COMPLETED", 2)]),
         [], "append:true to artifact a1 that the opening Task already carries: the base is there (STREAM-009)")
    case("S41-legal-%s-replace-chunk" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, art10("a1", "draft"), art10("a1", "final", append=False, last=True), stu("COMPLETED", 2)]),
         [], "a second a1 chunk without append replaces the first (0.2.0: false = replace; proto: append adds): no order fault")
    case("S42-legal-%s-equal-timestamps" % b, lambda mk=mk: mk([{"task": tsk("SUBMITTED", 2)}, stu("WORKING", 2), stu("COMPLETED", 2)]),
         [], "three events stamped the same second: not backwards")
    case("S43-legal-%s-keepalive-comments" % b, lambda mk=mk: mk([{"task": tsk("WORKING")}, ": keep-alive\n\n", stu("COMPLETED", 2)]),
         [], "an SSE comment between events (W3C SSE: ignored)")

def s44():
    """the stream (line id s1) stays open at INPUT_REQUIRED; the answer goes by a returnImmediately
    SendMessage between its events; the stream then carries WORKING and COMPLETED."""
    out = C10() + [req(A, rpc(1, "SendStreamingMessage", MSG), headers=S10, id="s1"), resp("", headers=SSE, id="s1")]
    out += [chunk(ev(e), id="s1") for e in ({"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK()))]
    out += [RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1"), "configuration": {"returnImmediately": True}}), resp(ok(2, {"task": tsk("WORKING", 3)}))]
    out += [chunk(ev(e), id="s1") for e in (stu("WORKING", 3), stu("COMPLETED", 3))]
    return out + [chunk("", close="eof", id="s1")]


case("S44-legal-v10-input-required-stream-continues", s44,
     [], "the stream stays open at INPUT_REQUIRED, the answer comes by SendMessage, the stream carries the task on to COMPLETED (TASK-006 SHOULD keep open)")
case("S45-v10-stream-error-event-after-terminal", lambda: C10() + stream(OK_RUN + ["data: " + json.dumps(err(1, -32603, "internal error")) + "\n\n"]),
     [("STREAM-END-001", E)], "a JSON-RPC error event after COMPLETED: nothing follows the terminal event")
case("S46-legal-v10-cancel-ends-stream", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("CANCELED", 3)]) +
     [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 3)))],
     [], "the stream ends at CANCELED after the client's CancelTask")

case = _case

# ---------------------------------------------------------------- U: SubscribeToTask first events and ends (STREAM-004, TASK-004)
WORKING_T = lambda: C10() + send(tsk("WORKING"), p={"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}})
RWORKING_T = lambda: R10() + rsend({"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")})
SUB = lambda events, close="eof", i=2: stream(events, i=i, p={"id": "t1"}, method="SubscribeToTask", close=close)
RSUB = lambda events, close="eof", method="POST": rstream({} if method == "POST" else None, events, path="/tasks/t1:subscribe", close=close, method=method)

case("U01-v10-subscribe-first-status", lambda: WORKING_T() + SUB([stu("WORKING", 2), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "SubscribeToTask opens with a statusUpdate, not the current Task (STREAM-004 MUST)")
case("U02-v10-rest-subscribe-first-status", lambda: RWORKING_T() + RSUB([stu("WORKING", 2), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "HTTP+JSON :subscribe opens with a statusUpdate (STREAM-004)")
case("U03-v10-subscribe-first-artifact", lambda: WORKING_T() + SUB([art10("a1", "x"), stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "SubscribeToTask opens with an artifactUpdate (STREAM-004)")
case("U04-v10-subscribe-first-message", lambda: WORKING_T() + SUB([{"message": AM("still on it", taskId="t1")}, stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "SubscribeToTask opens with a message event (STREAM-004: the current task)")
case("U05-v10-subscribe-eof-at-working", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, stu("WORKING", 3)]),
     [("STREAM-END-002", E)], "the subscription closes with the task still WORKING (STREAM-003, STREAM-007)")
case("U06-v10-subscribe-event-after-terminal", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3), art10("a9", "late")]),
     [("STREAM-END-001", E)], "an artifactUpdate after COMPLETED on a subscription")
case("U07-v10-rest-subscribe-get-eof-at-working", lambda: RWORKING_T() + RSUB([{"task": tsk("WORKING", 2)}], method="GET"),
     [("STREAM-END-002", E)], "GET :subscribe (trap 1) closes with the task WORKING")
case("U08-v10-subscribe-other-task", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2, tid="t2")}, stu("COMPLETED", 3, tid="t2")]),
     [("ID-EVENT-002", E)], "SubscribeToTask t1 streamed task t2 (ID-006: the stream of the task the request names)")
case("U09-v10-subscribe-terminal-task-streamed", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + SUB([{"task": tsk("COMPLETED", artifacts=ART)}]),
     [("TASK-STATE-006", E)], "SubscribeToTask on a COMPLETED task opened a stream (TASK-004: UnsupportedOperationError)")
case("U20-legal-v10-subscribe-task-first", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, art10("a1", "r"), stu("COMPLETED", 3)]),
     [], "SubscribeToTask: the current Task, an artifact, COMPLETED, close")
case("U21-legal-v10-rest-subscribe-post", lambda: RWORKING_T() + RSUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
     [], "POST /tasks/t1:subscribe (prose), Task first")
case("U22-legal-v10-rest-subscribe-get", lambda: RWORKING_T() + RSUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], method="GET"),
     [], "GET /tasks/t1:subscribe (proto, trap 1), Task first")
case("U23-legal-v10-subscribe-input-required", lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK())) + SUB([{"task": tsk("INPUT_REQUIRED", msg=ASK())}]),
     [], "SubscribeToTask on an INPUT_REQUIRED task: the Task, then close at the interrupted state")
case("U24-legal-v10-subscribe-terminal-refused", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), UNSUP(2)],
     [], "SubscribeToTask on a COMPLETED task answered -32004 (TASK-004)")
case("U25-legal-v10-rest-subscribe-terminal-refused", lambda: RDONE() + [rpost("/tasks/t1:subscribe", {}, h={**RJ, "accept": "text/event-stream"}), RUNSUP()],
     [], "HTTP+JSON :subscribe on a COMPLETED task: 400 FAILED_PRECONDITION UNSUPPORTED_OPERATION")
case("U26-legal-v10-subscribe-snapshot-then-final-snapshot", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3), {"task": tsk("COMPLETED", 3)}]),
     [], "the subscription repeats the final Task after COMPLETED (§11.7 MAY)")

# ---------------------------------------------------------------- X: 0.3 / 0.2 streams (STREAM-008, STREAM-009, STREAM-003 as should)
C0 = {"v03": C03, "v02": C02}
RUN03 = lambda: [t03("submitted"), s03("working", 2), art03("a1", "result"), s03("completed", 3)]
for v, cardf in C0.items():
    mk = lambda evs, close="eof", cardf=cardf: cardf() + stream03(evs, close=close)
    case = mirrored(v == "v03")
    case("X01-%s-final-on-working" % v, lambda mk=mk: mk([t03("submitted"), s03("working", 2, final=True), s03("completed", 3)]),
         [("STREAM-FINAL-001", E)], "final:true on a working status-update, then more events (STREAM-008: final marks the last event)")
    case("X02-%s-final-false-on-completed" % v, lambda mk=mk: mk([t03("submitted"), s03("working", 2), s03("completed", 3, final=False)]),
         [("STREAM-FINAL-001", E)], "completed with final:false, then close (STREAM-008)")
    case("X03-%s-status-after-final" % v, lambda mk=mk: mk(RUN03() + [s03("completed", 4)]),
         [("STREAM-END-001", E), ("GW-SSE-001", W)], "a second completed status-update after final:true (0.x: nothing after final)")
    case("X04-%s-artifact-after-final" % v, lambda mk=mk: mk(RUN03() + [art03("a2", "late")]),
         [("STREAM-END-001", E)], "an artifact-update after the final:true status-update")
    case("X05-%s-eof-at-working" % v, lambda mk=mk: mk([t03("submitted"), s03("working", 2)]),
         [("STREAM-END-007", W)], "the stream closed with the task working and no final event (STREAM-003 should; 0.3:§7.2 final)")
    case("X06-%s-reset-at-working" % v, lambda mk=mk: mk([t03("submitted"), s03("working", 2)], close="reset"),
         [("STREAM-END-007", W)], "the connection dropped with the task working")
    case("X07-%s-message-reply-then-status" % v, lambda mk=mk: mk([AM3(), s03("completed", 2)]),
         [("STREAM-END-004", W)], "a Message reply, then a status-update (a Message ends the 0.x stream)")
    case("X08-%s-status-before-task" % v, lambda mk=mk: mk([s03("working", 1), t03("working", 1), s03("completed", 2)]),
         [("STREAM-FIRST-002", W)], "a status-update of t1 before the stream sends t1's Task")
    case("X09-%s-append-without-base" % v, lambda mk=mk: mk([t03("working"), art03("a1", "tail", append=True, last=True), s03("completed", 2)]),
         [("STREAM-ARTIFACT-001", W)], "the first chunk of a1 says append:true (STREAM-009)")
    case("X10-%s-chunk-after-last" % v, lambda mk=mk: mk([t03("working"), art03("a1", "one", last=True), art03("a1", "two", append=True), s03("completed", 2)]),
         [("STREAM-ARTIFACT-002", W)], "a chunk of a1 after its lastChunk (STREAM-009)")
    case("X11-%s-final-as-string" % v, lambda mk=mk: mk([t03("working"), {**s03("completed", 2), "final": "true"}]),
         [("STREAM-SHAPE-001", E), ("STREAM-FINAL-001", E)], "final is the string \"true\", not a JSON boolean (0.3:schema boolean); a typed reader sees no final on completed (bool32's decision: both)")
    case("X12-%s-input-required-final-false" % v, lambda mk=mk: mk([t03("working"), s03("input-required", 2, final=False, msg=AM03(tid="t1"))]),
         [("STREAM-FINAL-001", E)], "input-required with final:false, then close: STREAM-008 final marks terminal or input-required")
    case("X13-%s-failed-then-status" % v, lambda mk=mk: mk([t03("working"), s03("failed", 2), s03("working", 3, final=False)]),
         [("STREAM-END-001", E), ("TASK-STATE-001", E)], "working after failed final:true: an event after final, and a terminal task that changed state (TASK-001)")
    case("X14-%s-other-task-status" % v, lambda mk=mk: mk([t03("working"), s03("working", 2, tid="t9", final=False), s03("completed", 3)]),
         [("ID-EVENT-002", E)], "a status-update of t9 on t1's stream (ID-006)")

    case("X30-legal-%s-full-run" % v, lambda mk=mk: mk(RUN03()), [], "Task, working, an artifact, completed final:true, close")
    case("X31-legal-%s-input-required-final" % v, lambda mk=mk: mk([t03("working"), s03("input-required", 2, msg=AM03())]),
         [], "input-required with final:true, close (STREAM-008)")
    case("X32-legal-%s-message-reply" % v, lambda mk=mk: mk([AM3()]), [], "one Message, close")
    case("X33-legal-%s-append-chunks" % v, lambda mk=mk: mk([t03("working"), art03("a1", "one"), art03("a1", "two", append=True), art03("a1", "3", append=True, last=True), s03("completed", 2)]),
         [], "a1 in three chunks, the last lastChunk:true")
    case("X34-legal-%s-failed-final" % v, lambda mk=mk: mk([t03("working"), s03("failed", 2, msg=AM3("boom", taskId="t1"))]), [], "failed final:true, close")
    case("X35-legal-%s-open-after-final" % v, lambda mk=mk: mk(RUN03(), close="timeout"),
         [], "0.x: the stream stayed open after final:true until the capture stopped (STREAM-008: the server typically closes; no MUST)")
    case("X36-legal-%s-task-first-completed" % v, lambda mk=mk: mk([t03("completed", artifacts=ART03)]), [], "the only event is the completed Task")
    case("X37-legal-%s-append-to-task-artifact" % v, lambda mk=mk: mk([t03("working", artifacts=ART03), art03("a1", "more", append=True, last=True), s03("completed", 2)]),
         [], "append:true to a1 that the opening Task carries")

case = _case

# 0.x resubscribe: backfill implementation-defined (0.3:§7.9), so no first-event rule
RS03 = lambda events, close="eof", cardf=C03: cardf() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, t03("working")))] + stream03(events, i=2, p={"id": "t1"}, method="tasks/resubscribe", close=close)
case("X40-legal-v03-resubscribe-status-first", lambda: RS03([s03("working", 2, final=False), s03("completed", 3)]),
     [], "tasks/resubscribe opens with a status-update (0.x backfill is implementation-defined, 0.3:§7.9)")
case("X41-legal-v03-resubscribe-task-first", lambda: RS03([t03("working", 2), s03("completed", 3)]), [], "tasks/resubscribe opens with the Task")
case("X42-legal-v02-resubscribe-artifact-first", lambda: RS03([art03("a1", "r"), s03("completed", 3)], cardf=C02), [], "0.2 tasks/resubscribe opens with an artifact-update")
case("X43-v03-resubscribe-eof-at-working", lambda: RS03([s03("working", 2, final=False)]),
     [("STREAM-END-007", W)], "tasks/resubscribe closed with the task working, no final event")
case("X44-v03-resubscribe-after-final", lambda: RS03([s03("completed", 2), s03("working", 3, final=False)]),
     [("STREAM-END-001", E), ("TASK-STATE-001", E)], "tasks/resubscribe: working after completed final:true")
case("X45-v03-stream-message-after-task", lambda: C03() + stream03([t03("working"), AM3("thinking", taskId="t1"), s03("completed", 2)]),
     [("STREAM-END-004", W)], "a 0.3 task stream carries a Message after its Task (a2a-python stops reading at it)")
case("X46-legal-v03-resubscribe-completed-task-closes", lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03("completed", artifacts=ART03)))] +
     stream03([t03("completed", 2, artifacts=ART03)], i=2, p={"id": "t1"}, method="tasks/resubscribe"),
     [], "trap 6: 0.3 resubscribe to a finished task returns the Task and closes")

# ---------------------------------------------------------------- F: 0.x follow-ups whose taskId and contextId disagree; ID-006 in every version
for v, (ir, cardn) in {"v03": (IR03, "0.3"), "v02": (IR02, "0.2.5")}.items():
    case("F01-legal-%s-follow-up-other-context-task-kept" % v, lambda ir=ir: ir() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1", contextId="c2"),
         [], "%s: the follow-up names t1 with contextId c2; the agent answers t1 in its own context c1. ID-003 is a 1.0 MUST; the %s text says nothing of a mismatch, and the task kept its context (ID-006)" % (cardn, cardn))
    case("F02-%s-follow-up-other-context-task-moved" % v, lambda ir=ir: ir() + F03(2, "Paris", t03("completed", 2, ctx="c2", artifacts=ART03), taskId="t1", contextId="c2"),
         [("ID-CTX-002", E)], "%s: the follow-up names t1 with contextId c2 and the answered t1 now lives in c2: a task's contextId never changes (ID-006, all versions)" % cardn)
    case("F03-%s-follow-up-task-only-context-changed" % v, lambda ir=ir: ir() + F03(2, "Paris", t03("completed", 2, ctx="c7", artifacts=ART03), taskId="t1"),
         [("ID-CTX-001", E)], "%s: the follow-up gives only t1; the answer's t1 has context c7 (ID-006)" % cardn)
    case("F04-legal-%s-follow-up-task-only" % v, lambda ir=ir: ir() + F03(2, "Paris", t03("completed", 2, artifacts=ART03), taskId="t1"),
         [], "%s: only taskId; the task keeps c1" % cardn)
case("F05-v03-stream-follow-up-other-context-moved", lambda: IR03() + stream03([t03("working", 2, ctx="c2"), s03("completed", 3, ctx="c2")], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c2")}),
     [("ID-CTX-002", E)], "0.3 streamed follow-up naming t1 with c2; the stream's t1 lives in c2 (ID-006)")
case("F06-legal-v03-stream-follow-up-other-context-kept", lambda: IR03() + stream03([t03("working", 2), s03("completed", 3)], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c2")}),
     [], "0.3 streamed follow-up naming t1 with c2; the stream's t1 stays in c1")
case("F07-v10-follow-up-other-context-processed", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, artifacts=ART)}, taskId="t1", contextId="c2"),
     [("ID-CTX-002", E)], "1.0: a follow-up whose contextId c2 is not t1's c1 was processed (ID-003 MUST reject)")
case("F08-legal-v10-follow-up-other-context-refused", lambda: IR() + [RPC(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c2")}), resp(err(2, -32602, "contextId c2 does not match task t1"))],
     [], "1.0: the mismatch refused -32602 (ID-003)")

# ---------------------------------------------------------------- P: push config Create answers without the config id (PUSH-003)
PBASE = lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True}})
PRBASE = lambda: R10() + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")})
HOOK = "https://hooks.example.test/a2a/cb"
CREATE = lambda p, res, i=2: [RPC(i, "CreateTaskPushNotificationConfig", p), resp(ok(i, res))]
RCREATE = lambda body, res: [rpost("/tasks/t1/pushNotificationConfigs", body), resp(res, headers=RJR)]
case("P01-v10-create-answer-without-id", lambda: PBASE() + CREATE({"taskId": "t1", "url": HOOK, "token": "tok-1"}, {"taskId": "t1", "url": HOOK, "token": "tok-1"}),
     [("DATA-SHAPE-001", E)], "CreateTaskPushNotificationConfig answered the config without an id (1.0 §3.1.7: created configuration with assigned ID)")
case("P02-v10-rest-create-answer-without-id", lambda: PRBASE() + RCREATE({"url": HOOK, "token": "tok-1"}, {"taskId": "t1", "url": HOOK, "token": "tok-1"}),
     [("DATA-SHAPE-001", E)], "HTTP+JSON Create answered without an id (1.0 §3.1.7)")
case("P03-v10-create-answer-empty-id", lambda: PBASE() + CREATE({"taskId": "t1", "url": HOOK}, {"id": "", "taskId": "t1", "url": HOOK}),
     [("DATA-SHAPE-001", E)], "Create answered with id \"\": no id assigned (1.0 §3.1.7)")
case("P04-v10-create-answer-without-id-then-list", lambda: PBASE() + CREATE({"taskId": "t1", "url": HOOK}, {"taskId": "t1", "url": HOOK}) +
     [RPC(3, "ListTaskPushNotificationConfigs", {"taskId": "t1"}), resp(ok(3, {"configs": [{"id": "cfg-1", "taskId": "t1", "url": HOOK}], "nextPageToken": ""}))],
     [("DATA-SHAPE-001", E)], "Create answered without an id; the list shows it had one (cfg-1) all along")
case("P20-legal-v10-create-answer-with-id", lambda: PBASE() + CREATE({"taskId": "t1", "url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}),
     [], "Create answered with the assigned id")
case("P21-legal-v10-rest-create-client-id-kept", lambda: PRBASE() + RCREATE({"id": "mine-1", "url": HOOK}, {"id": "mine-1", "taskId": "t1", "url": HOOK}),
     [], "HTTP+JSON Create with a client-proposed id, kept")
case("P22-legal-v03-set-answer-without-id", lambda: C03() + [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), resp(ok(1, t03("working"))),
     R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}), resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"url": HOOK, "token": "tok-1"}}))],
     [], "0.3 set answered without pushNotificationConfig.id: 0.3's id is optional")
case("P23-legal-v02-set-answer-without-id", lambda: getcard(card02(protocolVersion="0.2.5", capabilities={"streaming": True, "pushNotifications": True}), path="/.well-known/agent.json") +
     [R0(1, "message/send", {"message": msg03(), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), resp(ok(1, t03("working"))),
      R0(2, "tasks/pushNotificationConfig/set", {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}), resp(ok(2, {"taskId": "t1", "pushNotificationConfig": {"url": HOOK}}))],
     [], "0.2.5 set answered without an id (optional in 0.2.5)")
case("P24-legal-v10-inline-config-no-create", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK}}}),
     [], "an inline config in the send needs no Create answer (PUSH-002)")

# ---------------------------------------------------------------- E: 1.0 HTTP+JSON errors and routes (ERR-002, ERR-003, REST-001, ERR-006)
RGET = lambda path, body, status=200, h=RJR: [rget(path), resp(body, status=status, headers=h)]
NFB = lambda **kw: rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found", **kw)
E404 = lambda body: R10() + RGET("/tasks/t9", body, 404)
case("E01-v10-rest-404-status-name-wrong", lambda: E404(rstatus(404, "FAILED_PRECONDITION", "TASK_NOT_FOUND", "task t9 not found")),
     [("REST-ERROR-001", E)], "HTTP 404 whose google.rpc.Status says FAILED_PRECONDITION: status must be the Code of 404, NOT_FOUND (ERR-003)")
case("E02-v10-rest-404-without-details", lambda: E404(rstatus(404, "NOT_FOUND", msg="task t9 not found")),
     [("REST-ERROR-001", E)], "TaskNotFoundError without the ErrorInfo detail (ERR-003: A2A errors include google.rpc.ErrorInfo)")
case("E03-v10-rest-404-errorinfo-other-domain", lambda: E404(rstatus(404, "NOT_FOUND", details=[{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "agent.example.test"}])),
     [("REST-ERROR-001", E)], "ErrorInfo with domain agent.example.test (ERR-003: domain a2a-protocol.org)")
case("E04-v10-rest-404-detail-without-type", lambda: E404(rstatus(404, "NOT_FOUND", details=[{"reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
     [("REST-ERROR-001", E)], "the detail has no @type (ERR-003: each detail has @type)")
case("E05-v10-rest-404-code-400", lambda: E404(rstatus(400, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found")),
     [("REST-ERROR-001", E)], "HTTP 404 whose Status.code says 400 (ERR-003: code is the HTTP status)")
case("E08-v10-rest-send-answered-as-stream", lambda: R10() + [rpost("/message:send", MSG)] + sse([rest_ev({"task": tsk("COMPLETED", artifacts=ART)})]),
     [("REST-HTTP-001", E)], "POST /message:send answered text/event-stream (REST-001: unary route, one JSON body)")
case("E09-v10-rest-get-answered-as-stream", lambda: RDONE() + [rget("/tasks/t1")] + sse([rest_ev(tsk("COMPLETED", artifacts=ART))]),
     [("REST-HTTP-001", E)], "GET /tasks/t1 answered text/event-stream")
case("E10-v10-rest-list-page-size-zero-500", lambda: R10() + RGET("/tasks?pageSize=0", rstatus(500, "INTERNAL", msg="index out of range"), 500),
     [("REST-HTTP-002", E)], "pageSize=0 (outside 1-100) answered 500 INTERNAL (ERR-006: validate input first, 400)")
case("E11-v10-rest-get-negative-history-500", lambda: RDONE() + RGET("/tasks/t1?historyLength=-1", rstatus(500, "INTERNAL", msg="slice bounds out of range"), 500),
     [("REST-HTTP-002", E)], "historyLength=-1 answered 500 (ERR-006)")
case("E12-v10-rest-list-bad-status-500", lambda: R10() + RGET("/tasks?status=DONE", rstatus(500, "INTERNAL", msg="unknown enum"), 500),
     [("REST-HTTP-002", E)], "status=DONE (no TASK_STATE_* name) answered 500 (ERR-006)")
case("E14-v10-rest-stream-jsonrpc-envelope", lambda: R10() + rstream(MSG, [ev({"task": tsk("WORKING")}), ev(stu("COMPLETED", 2))]),
     [("STREAM-SHAPE-002", E)], "HTTP+JSON message:stream events wrapped in JSON-RPC envelopes (REST-002: bare StreamResponse)")
case("E15-v10-rest-cancel-completed-succeeded", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp(tsk("COMPLETED", artifacts=ART), headers=RJR)],
     [("TASK-STATE-003", E)], "POST :cancel of a COMPLETED task answered 200 (TASK-003: TaskNotCancelableError)")
case("E16-v10-rest-delete-204-json", lambda: PRBASE() + RCREATE({"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     [req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp("", status=204, headers=RJR)],
     [("REST-HTTP-003", W)], "DELETE answered 204 with Content-Type application/a2a+json and no body (result Empty = {})")
case("E17-v10-rest-subscribe-completed-streamed", lambda: RDONE() + RSUB([{"task": tsk("COMPLETED", artifacts=ART)}]),
     [("TASK-STATE-006", E)], "POST :subscribe on a COMPLETED task opened a stream (TASK-004)")
case("E18-v10-rest-cancel-not-cancelable-other-reason", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp(rstatus(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "cannot cancel"), status=400, headers=RJR)],
     [("REST-ERROR-001", E)], "cancel of a COMPLETED task refused with reason UNSUPPORTED_OPERATION: the A2A error is TaskNotCancelableError, reason TASK_NOT_CANCELABLE (TASK-003, ERR-002)")
case("E19-v10-rest-404-for-existing-task", lambda: RDONE() + RGET("/tasks/t1", NFB(), 404),
     [("ID-TASK-001", E)], "GET /tasks/t1 answered 404 TASK_NOT_FOUND right after message:send handed out t1 (TASK-009 applies to unknown tasks)")
case("E20-v10-rest-error-body-framework-detail", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp({"detail": "Task t1 cannot be canceled"}, status=400, headers={"content-type": "application/json"})],
     [("REST-ERROR-001", E)], "cancel of a COMPLETED task refused 400 with a web framework's {\"detail\": ...} body: no google.rpc.Status (ERR-003)")

case("E30-legal-v10-rest-404-well-formed", lambda: E404(NFB()), [], "404 NOT_FOUND with ErrorInfo TASK_NOT_FOUND (ERR-003)")
case("E31-legal-v10-rest-cancel-not-cancelable", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp(rstatus(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"), status=400, headers=RJR)],
     [], "cancel of a COMPLETED task: 400 FAILED_PRECONDITION TASK_NOT_CANCELABLE (ERR-002 1.0.1)")
case("E32-legal-v10-rest-cancel-not-cancelable-1-0-0", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp(rstatus(409, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 is completed"), status=409, headers=RJR)],
     [], "1.0.0's 409 for TaskNotCancelableError, status FAILED_PRECONDITION as ERR-002's gRPC column (trap 2: a note at most)")
case("E33-legal-v10-rest-page-size-invalid-argument", lambda: R10() + RGET("/tasks?pageSize=0", rstatus(400, "INVALID_ARGUMENT", details=[{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "pageSize", "description": "must be 1-100"}]}], msg="pageSize must be 1-100"), 400),
     [], "pageSize=0 refused 400 INVALID_ARGUMENT with a BadRequest detail (ERR-006)")
case("E34-legal-v10-rest-version-not-supported", lambda: R10() + [rget("/tasks/t1", h={**RJ, "a2a-version": "2.0"}), resp(rstatus(400, "FAILED_PRECONDITION", "VERSION_NOT_SUPPORTED", "A2A-Version 2.0 is not supported"), status=400, headers=RJR)],
     [], "A2A-Version 2.0 refused 400 FAILED_PRECONDITION VERSION_NOT_SUPPORTED (VER-002, ERR-002)")
case("E35-legal-v10-rest-404-extra-details", lambda: E404(NFB(details=einfo("TASK_NOT_FOUND") + [{"@type": "type.googleapis.com/google.rpc.LocalizedMessage", "locale": "en-US", "message": "No such task"}])),
     [], "ErrorInfo plus a LocalizedMessage detail")
case("E36-legal-v10-rest-404-errorinfo-metadata", lambda: E404(NFB(details=[{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org", "metadata": {"taskId": "t9"}}])),
     [], "ErrorInfo with string metadata")
case("E37-legal-v10-rest-delete-200-empty-object", lambda: PRBASE() + RCREATE({"url": HOOK}, {"id": "cfg-1", "taskId": "t1", "url": HOOK}) +
     [req(H + "/tasks/t1/pushNotificationConfigs/cfg-1", method="DELETE", headers={"a2a-version": "1.0"}), resp({}, headers=RJR)],
     [], "DELETE answered 200 {}")
case("E38-legal-v10-rest-tenant-route", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])) +
     [rpost("/acme/message:send", {"message": msg10(contextId="c1"), "tenant": "acme"}), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR), rget("/acme/tasks/t1"), resp(tsk("COMPLETED", artifacts=ART), headers=RJR)],
     [], "the tenant's routes /acme/message:send and /acme/tasks/t1 (REST: each route also under /{tenant})")
case("E39-legal-v10-rest-unsupported-1-0-0-501", lambda: RDONE() + [rpost("/tasks/t1:subscribe", {}, h={**RJ, "accept": "text/event-stream"}), resp(rstatus(501, "UNIMPLEMENTED", "UNSUPPORTED_OPERATION", "task t1 is in a terminal state"), status=501, headers=RJR)],
     [], "1.0.0's 501 UNIMPLEMENTED for UnsupportedOperationError (trap 2: a note at most)")
case("E40-legal-v10-rest-page-size-100", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) + RGET("/tasks?pageSize=100", {"tasks": [tsk("COMPLETED")], "nextPageToken": "", "pageSize": 100, "totalSize": 1}),
     [], "pageSize=100 is inside 1-100")
case("E41-legal-v10-rest-error-json-content-type", lambda: R10() + RGET("/tasks/t9", NFB(), 404, h={"content-type": "application/json"}),
     [], "404 Status body under application/json (1.0.0's media type)")

# ---------------------------------------------------------------- G: GetTask / ListTasks against what the recording established
ST_DONE = lambda: C10() + stream([{"task": tsk("SUBMITTED")}, stu("WORKING", 2), art10("a1", "result"), stu("COMPLETED", 3)])
ST_APP = lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "one"), art10("a1", "two", append=True, last=True), stu("COMPLETED", 3)])
A1 = lambda *texts: [{"artifactId": "a1", "parts": [{"text": t} for t in texts]}]
LTR = lambda i, p, tasks, tok="", ps=50, total=None, h=V10: [RPC(i, "ListTasks", p, h=h), resp(ok(i, {"tasks": tasks, "nextPageToken": tok, "pageSize": ps, "totalSize": len(tasks) if total is None else total}))]
THREE = lambda: C10() + send(tsk("COMPLETED", 1, tid="t1", ctx="c1", artifacts=ART)) + FU(2, "b", {"task": tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART)}) + \
    [RPC(3, "SendMessage", {"message": msg10("c", mid="m3", contextId="c1"), "configuration": {"returnImmediately": True}}), resp(ok(3, {"task": tsk("WORKING", 3, tid="t3")}))]

case("G01-v10-get-after-stream-artifact-lost", lambda: ST_DONE() + GT(2, {"id": "t1"}, tsk("COMPLETED", 3)),
     [("TASK-STATE-010", W)], "the stream delivered artifact a1, GetTask of the COMPLETED task has no artifacts (STREAM-009, DATA-005)")
case("G02-v10-get-after-append-only-first-chunk", lambda: ST_APP() + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("one"))),
     [("TASK-STATE-010", W)], "a1 streamed as one + two (append), GetTask holds only 'one'")
case("G03-v10-get-after-stream-state-regressed", lambda: ST_DONE() + GT(2, {"id": "t1"}, tsk("WORKING", 4)),
     [("TASK-STATE-001", E), ("TASK-STATE-010", W)], "the stream ended COMPLETED, GetTask says WORKING (TASK-001); the GetTask answer also lacks the streamed artifact a1: TASK-STATE-010 too (the lead, strict warnings)")
case("G04-v10-get-context-changed", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + GT(2, {"id": "t1"}, tsk("COMPLETED", ctx="c9", artifacts=ART)),
     [("ID-CTX-002", E)], "t1 handed out in c1, GetTask says c9 (ID-006)")
case("G05-v10-get-history-exceeded", lambda: C10() + send(tsk("COMPLETED", history=hist(3), artifacts=ART)) + GT(2, {"id": "t1", "historyLength": 1}, tsk("COMPLETED", history=hist(3), artifacts=ART)),
     [("DATA-HISTORY-001", E)], "GetTask historyLength 1 answered with 3 messages (DATA-006)")
case("G06-v10-get-history-kept-oldest", lambda: C10() + send(tsk("COMPLETED", history=hist(4), artifacts=ART)) + GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", history=hist(4)[:2], artifacts=ART)),
     [("DATA-HISTORY-003", E)], "historyLength 2 kept h0, h1 of the 4 the send showed (DATA-006: the most recent)")
case("G07-v10-get-other-task", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + GT(2, {"id": "t1"}, tsk("COMPLETED", tid="t2", artifacts=ART)),
     [("ID-TASK-003", E)], "GetTask t1 answered task t2 (TASK-009)")
case("G08-v10-list-context-filter-ignored", lambda: THREE() + LTR(4, {"contextId": "c1"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)]),
     [("DATA-LIST-003", E)], "ListTasks contextId c1 lists t2 of c2 (DATA-007)")
case("G09-v10-list-not-newest-first", lambda: THREE() + LTR(4, {}, [tsk("COMPLETED", 1), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("WORKING", 3, tid="t3")]),
     [("DATA-LIST-002", E)], "ListTasks oldest first (DATA-007: newest status first)")
case("G10-v10-list-artifacts-not-requested", lambda: THREE() + LTR(4, {}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART), tsk("COMPLETED", 1, artifacts=ART)]),
     [("DATA-LIST-001", E)], "ListTasks without includeArtifacts carries artifacts (DATA-007)")
case("G11-v10-list-status-filter-ignored", lambda: THREE() + LTR(4, {"status": "TASK_STATE_COMPLETED"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)]),
     [("DATA-LIST-003", E)], "status TASK_STATE_COMPLETED lists the WORKING t3")
case("G12-v10-list-without-page-size-total", lambda: THREE() + [RPC(4, "ListTasks", {}), resp(ok(4, {"tasks": [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)], "nextPageToken": ""}))],
     [("DATA-SHAPE-001", E)], "ListTasksResponse without pageSize and totalSize (proto: REQUIRED)")
case("G13-v10-list-misses-known-task", lambda: THREE() + LTR(4, {}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 1)]),
     [("DATA-LIST-006", W)], "ListTasks without filters, one page, leaves out t2 handed out seconds before (DATA-007)")
case("G15-v10-list-completed-shown-working", lambda: ST_DONE() + LTR(2, {}, [tsk("WORKING", 4)]),
     [("TASK-STATE-001", E)], "the stream ended COMPLETED; ListTasks shows t1 WORKING (TASK-001)")
case("G17-v10-list-timestamp-filter-ignored", lambda: THREE() + LTR(4, {"statusTimestampAfter": "2026-12-02T10:00:02.500Z"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")]),
     [("DATA-LIST-003", E)], "statusTimestampAfter :02.5 lists t2 stamped :02")
case("G18-v03-get-history-not-applied", lambda: HB03(3) + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(3), artifacts=ART03)),
     [("DATA-HISTORY-002", W)], "0.3 tasks/get historyLength 1 answered with 3 messages")
case("G19-v10-rest-get-history-exceeded", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", history=hist(3), artifacts=ART)}) + RGET("/tasks/t1?historyLength=1", tsk("COMPLETED", history=hist(3), artifacts=ART)),
     [("DATA-HISTORY-001", E)], "GET /tasks/t1?historyLength=1 with 3 messages")
case("G20-v10-rest-list-artifacts-false", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) + RGET("/tasks?includeArtifacts=false", {"tasks": [tsk("COMPLETED", artifacts=ART)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}),
     [("DATA-LIST-001", E)], "GET /tasks?includeArtifacts=false lists artifacts")
case("G21-v10-rest-get-after-rest-stream-artifact-lost", lambda: R10() + rstream(MSG, [{"task": tsk("SUBMITTED")}, art10("a1", "result"), stu("COMPLETED", 3)]) + RGET("/tasks/t1", tsk("COMPLETED", 3)),
     [("TASK-STATE-010", W)], "HTTP+JSON: the stream delivered a1, GET /tasks/t1 lacks it")
case("G22-v10-get-after-canceled-working", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True}}) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] + GT(3, {"id": "t1"}, tsk("WORKING", 3)),
     [("TASK-STATE-001", E)], "CancelTask answered CANCELED, GetTask then WORKING (TASK-001)")
case("G23-v10-list-paging-repeats", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     LTR(5, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 2, tid="t2", ctx="c2")], ps=2, total=3),
     [("DATA-LIST-004", E)], "the second page repeats t2 and never lists t1 (DATA-007 cursor paging)")
case("G24-v10-subscribe-snapshot-artifact-lost", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "result"), stu("INPUT_REQUIRED", 3, msg=ASK())]) +
     SUB([{"task": tsk("INPUT_REQUIRED", 4, msg=ASK())}], i=2),
     [("TASK-STATE-010", W)], "the send stream delivered a1; the later SubscribeToTask's Task lacks it")

case("G30-legal-v10-get-after-stream-has-artifact", lambda: ST_DONE() + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("result"))), [], "GetTask carries the streamed artifact")
case("G31-legal-v10-get-after-append-joined", lambda: ST_APP() + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("one", "two"))), [], "GetTask carries a1 with both chunks' parts")
case("G32-legal-v10-get-after-append-merged-text", lambda: ST_APP() + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("onetwo"))),
     [], "GetTask carries a1 with the chunks' text joined into one part (a store may merge text parts)")
case("G33-legal-v10-get-no-history-length", lambda: C10() + send(tsk("COMPLETED", history=hist(4), artifacts=ART)) + GT(2, {"id": "t1"}, tsk("COMPLETED", history=hist(4), artifacts=ART)),
     [], "GetTask without historyLength: the whole history")
case("G34-legal-v10-get-history-newest", lambda: C10() + send(tsk("COMPLETED", history=hist(4), artifacts=ART)) + GT(2, {"id": "t1", "historyLength": 2}, tsk("COMPLETED", history=hist(4)[2:], artifacts=ART)),
     [], "historyLength 2: h2, h3")
case("G35-legal-v10-list-newest-first", lambda: THREE() + LTR(4, {}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)]), [], "all three, newest first")
case("G36-legal-v10-list-include-artifacts", lambda: THREE() + LTR(4, {"includeArtifacts": True}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART), tsk("COMPLETED", 1, artifacts=ART)]),
     [], "includeArtifacts true: artifacts listed")
case("G37-legal-v10-list-context-filter", lambda: THREE() + LTR(4, {"contextId": "c1"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 1)]), [], "contextId c1: t3 and t1")
case("G38-legal-v10-list-paged", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     LTR(5, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 1)], ps=2, total=3), [], "two pages, every task once")
case("G39-legal-v10-list-status-filter", lambda: THREE() + LTR(4, {"status": "TASK_STATE_COMPLETED"}, [tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)]), [], "status COMPLETED: t2, t1")
case("G40-legal-v10-list-empty", lambda: THREE() + LTR(4, {"contextId": "c-none"}, []), [], "no task in c-none: tasks []")
case("G41-legal-v10-list-last-page-token-omitted", lambda: THREE() + [RPC(4, "ListTasks", {}), resp(ok(4, {"tasks": [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)], "pageSize": 50, "totalSize": 3}))],
     [], "the last page omits nextPageToken: ProtoJSON drops \"\" (trap 12, lenient)")
case("G42-legal-v10-get-later-timestamp", lambda: ST_DONE() + GT(2, {"id": "t1"}, tsk("COMPLETED", 5, artifacts=A1("result"))), [], "GetTask with a later status timestamp than the stream's")
case("G43-legal-v10-list-timestamp-filter", lambda: THREE() + LTR(4, {"statusTimestampAfter": "2026-12-02T10:00:02.500Z"}, [tsk("WORKING", 3, tid="t3")]), [], "statusTimestampAfter :02.5: only t3")
case("G44-legal-v03-get-history-applied", lambda: HB03(3) + G03(2, {"id": "t1", "historyLength": 1}, t03("completed", history=hist03(3)[2:], artifacts=ART03)), [], "0.3 tasks/get historyLength 1: the newest")
case("G45-legal-v10-rest-list-include-artifacts", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) + RGET("/tasks?includeArtifacts=true", {"tasks": [tsk("COMPLETED", artifacts=ART)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}),
     [], "GET /tasks?includeArtifacts=true lists artifacts")
case("G46-legal-v10-get-after-replace-chunk", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "draft"), art10("a1", "final", last=True), stu("COMPLETED", 3)]) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("final"))),
     [], "a1 replaced by its second chunk (no append): GetTask holds only 'final'")
case("G47-legal-v10-get-after-canceled", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True}}) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] + GT(3, {"id": "t1"}, tsk("CANCELED", 2)),
     [], "CancelTask CANCELED, GetTask CANCELED")
case("G48-legal-v10-subscribe-snapshot-keeps-artifact", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "result"), stu("INPUT_REQUIRED", 3, msg=ASK())]) +
     SUB([{"task": tsk("INPUT_REQUIRED", 4, msg=ASK(), artifacts=A1("result"))}], i=2), [], "the SubscribeToTask Task carries a1")

# ---------------------------------------------------------------- K: harder mixes of the above

def k15(miss):
    """a send stream (line id s1) and a SubscribeToTask (line id s2) open at once on t1;
    `miss`: the subscription lacks the artifact."""
    out = C10() + [req(A, rpc(1, "SendStreamingMessage", MSG), headers=S10, id="s1"), resp("", headers=SSE, id="s1"), chunk(ev({"task": tsk("WORKING")}), id="s1"),
                   req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers=S10, id="s2"), resp("", headers=SSE, id="s2"), chunk(ev({"task": tsk("WORKING")}, 2), id="s2")]
    for e in (art10("a1", "result"), stu("COMPLETED", 2)):
        out.append(chunk(ev(e), id="s1"))
        if not (miss and "artifactUpdate" in e):
            out.append(chunk(ev(e, 2), id="s2"))
    return out + [chunk("", close="eof", id="s1"), chunk("", close="eof", id="s2")]


case("K01-v10-artifact-restarted-after-last-chunk", lambda: JSTR([{"task": tsk("WORKING")}, art10("a1", "v1", last=True), art10("a1", "v2", append=False, last=True), stu("COMPLETED", 2)]),
     [("STREAM-ARTIFACT-002", W)], "a1 ended with lastChunk, then a new a1 chunk (append false) replaced it: nothing after lastChunk for that id (STREAM-009)")
case("K02-legal-v10-reset-after-terminal", lambda: JSTR(OK_RUN, close="reset"), [], "the connection dropped after COMPLETED: the task's outcome was delivered")
case("K03-legal-v10-message-reply-reset", lambda: JSTR([{"message": AM()}], close="reset"), [], "a message reply, then the connection dropped: the reply was whole")
case("K04-v03-stream-final-missing-on-completed", lambda: C03() + stream03([t03("working"), {k: v for k, v in s03("completed", 2).items() if k != "final"}]),
     [("STREAM-FINAL-001", E)], "0.3 completed status-update without final: 0.3:schema requires final, and a reader takes it as false (STREAM-008; trap 14 spares 0.2.0 prose only)")
case("K05-v03-stream-append-string", lambda: C03() + stream03([t03("working"), art03("a1", "one"), {**art03("a1", "two"), "append": "true"}, s03("completed", 2)]),
     [("STREAM-SHAPE-001", E)], "append is the string \"true\" (0.3:schema boolean)")
case("K06-v10-send-stream-timestamps-before-task", lambda: JSTR([{"task": tsk("WORKING", 5)}, stu("WORKING", 3), stu("COMPLETED", 6)]),
     [("STREAM-ORDER-001", W)], "the first statusUpdate is stamped :03, before the opening Task's :05 (STREAM-005)")
case("K07-v10-follow-up-stream-starts-with-status", lambda: C10() + stream([{"task": tsk("WORKING")}, stu("INPUT_REQUIRED", 2, msg=ASK())]) +
     stream([stu("WORKING", 3), stu("COMPLETED", 4)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
     [("STREAM-FIRST-001", E)], "the follow-up's stream opens with a statusUpdate: every task stream starts with the task (STREAM-003)")
case("K08-v10-get-after-stream-second-artifact-lost", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "x"), art10("a2", "y"), stu("COMPLETED", 3)]) + GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("x"))),
     [("TASK-STATE-010", W)], "the stream delivered a1 and a2; GetTask carries a1 only")
case("K09-v10-rest-get-history-zero-query", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", history=hist(2), artifacts=ART)}) + RGET("/tasks/t1?historyLength=0", tsk("COMPLETED", history=hist(2), artifacts=ART)),
     [("DATA-HISTORY-001", E)], "GET /tasks/t1?historyLength=0 with 2 messages (DATA-006: 0 = none)")
case("K10-v10-rest-list-two-filters", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) + rsend({"message": msg10("b", mid="m2", contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING", 2, tid="t2")}) +
     RGET("/tasks?contextId=c1&status=TASK_STATE_WORKING", {"tasks": [tsk("WORKING", 2, tid="t2"), tsk("COMPLETED", 1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}),
     [("DATA-LIST-003", E)], "GET /tasks?contextId=c1&status=TASK_STATE_WORKING lists the COMPLETED t1")
case("K11-v10-list-last-page-short-of-total", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="", ps=2, total=3),
     [("DATA-LIST-004", E)], "totalSize 3, two tasks listed, nextPageToken \"\": t1 cannot be reached (DATA-007)")
case("K12-v10-rest-404-reason-with-400", lambda: R10() + RGET("/tasks/t9", rstatus(400, "INVALID_ARGUMENT", "TASK_NOT_FOUND", "task t9 not found"), 400),
     [("REST-ERROR-001", E)], "TASK_NOT_FOUND under HTTP 400 INVALID_ARGUMENT: ERR-002 gives TaskNotFoundError 404 NOT_FOUND")
case("K13-legal-v10-rest-create-201", lambda: PRBASE() + [rpost("/tasks/t1/pushNotificationConfigs", {"url": HOOK}), resp({"id": "cfg-1", "taskId": "t1", "url": HOOK}, status=201, headers=RJR)],
     [], "Create answered 201 Created with the config and its id (any 2xx is success)")
case("K14-v10-jsonrpc-error-data-object", lambda: C10() + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task t9 not found", {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}))],
     [("RPC-ENVELOPE-001", E)], "1.0 error.data is one ErrorInfo object, not an array of them (ERR-004 MUST: an array of @type'd objects; the envelope rule judges data's shape)")
case("K15-legal-v10-subscribe-beside-send-stream", lambda: k15(False), [], "SubscribeToTask opened while the send stream runs; both carry the same events (STREAM-006)")
case("K16-v10-subscribe-beside-send-stream-missed", lambda: k15(True), [("STREAM-FANOUT-001", E)], "the SubscribeToTask stream, open beside the send stream, missed the artifact the send stream delivered (STREAM-006)")
case("K17-legal-v03-stream-times-out-working", lambda: C03() + stream03([t03("working"), s03("working", 2, final=False)], close="timeout"), [], "the capture stopped with the 0.3 stream still open at working")
case("K18-legal-v02-message-reply", lambda: C02() + stream03([AM3()]), [], "0.2.5: one Message, close")
case("K19-v10-subscribe-input-required-task-refused", lambda: C10() + send(tsk("INPUT_REQUIRED", msg=ASK())) + [RPC(2, "SubscribeToTask", {"id": "t1"}, h=S10), UNSUP(2)],
     [("TASK-STATE-008", E)], "SubscribeToTask on an INPUT_REQUIRED task refused -32004 (TASK-004: only terminal tasks)")
case("K20-v10-rest-subscribe-404-existing-task", lambda: RDONE() + [rpost("/tasks/t1:subscribe", {}, h={**RJ, "accept": "text/event-stream"}), resp(NFB(), status=404, headers=RJR)],
     [("TASK-STATE-006", E)], "subscribe to the COMPLETED t1 answered 404 TASK_NOT_FOUND although the task exists (TASK-004: UnsupportedOperationError)")
case("K21-legal-v10-stream-artifact-then-input-required-then-close", lambda: JSTR([{"task": tsk("WORKING")}, art10("a1", "draft", last=True), stu("INPUT_REQUIRED", 2, msg=ASK())]),
     [], "an artifact, then INPUT_REQUIRED, close")
case("K22-legal-v10-rest-stream-final-snapshot", lambda: RSTR(OK_RUN + [{"task": tsk("COMPLETED", 3, artifacts=A1("result"))}]), [], "HTTP+JSON: the final Task snapshot after COMPLETED (§11.7)")
case("K23-v03-resubscribe-other-task", lambda: RS03([t03("working", 2, tid="t2"), s03("completed", 3, tid="t2")]),
     [("ID-EVENT-002", E)], "tasks/resubscribe t1 streamed task t2 (ID-006)")
case("K24-legal-v10-get-append-chunks-as-parts", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "one"), art10("a1", "two", append=True), art10("a1", "three", append=True, last=True), stu("COMPLETED", 3)]) +
     GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("one", "two", "three"))), [], "GetTask: a1 with the three chunks' parts")


# ---------------------------------------------------------------- M: round two, variants and controls of the kinds fixed
# 0.x follow-up naming its task with another contextId, answered in the task's own context:
# no 0.x text asks for a rejection (ID-003 is 1.0 §3.4.3)
R03 = lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON"))
case("M01-legal-v03-rest-follow-up-other-context-task-kept", lambda: R03() +
     [rpost("/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "book"}], "contextId": "c1"}}, h=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS % 1}}}),
      rpost("/v1/message:send", {"message": {"messageId": "m2", "role": "ROLE_USER", "content": [{"text": "Paris"}], "taskId": "t1", "contextId": "c2"}}, h=J03),
      resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}, "artifacts": [{"artifactId": "a1", "parts": [{"text": "ok"}]}]}})],
     [], "0.3 HTTP+JSON: the follow-up names t1 with contextId c2, answered in t1's own context c1 (no 0.3 text asks for a rejection)")
case("M02-legal-v02-stream-follow-up-other-context-task-kept", lambda: IR02() + stream03([t03("working", 2), s03("completed", 3)], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c2")}),
     [], "0.2.5 streamed follow-up naming t1 with c2; the stream's t1 stays in c1")
case("M03-legal-v03-follow-up-other-context-blocking-input-required-again", lambda: IR03() + F03(2, "Paris?", t03("input-required", 2, msg=AM03("Which Paris?", mid="r2")), taskId="t1", contextId="c9"),
     [], "0.3: the follow-up names t1 with c9; the task, still in c1, asks again")
case("M04-v10-rest-follow-up-other-context-processed", lambda: RIR() + rsend({"message": msg10("Paris", mid="m2", taskId="t1", contextId="c2")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [("ID-CTX-002", E)], "control: 1.0 HTTP+JSON follow-up with another contextId processed: ID-003 MUST reject")
case("M05-v10-stream-follow-up-other-context-processed", lambda: IR() + stream([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], i=2, p={"message": msg10("Paris", mid="m2", taskId="t1", contextId="c2")}),
     [("ID-CTX-002", E)], "control: 1.0 streamed follow-up with another contextId processed (ID-003)")
case("M06-v02-follow-up-other-context-stream-moved", lambda: IR02() + stream03([t03("working", 2, ctx="c2"), s03("completed", 3, ctx="c2")], i=2, p={"message": msg03("Paris", mid="m2", taskId="t1", contextId="c2")}),
     [("ID-CTX-002", E)], "control: 0.2.5 stream moves t1 into the client's c2 (ID-006 in every version)")

# an error event after the terminal event (STREAM-007; 0.x after final: true)
case("M10-v10-rest-error-event-after-terminal", lambda: RSTR(OK_RUN + [rest_ev(rstatus(500, "INTERNAL", msg="executor crashed"))]),
     [("STREAM-END-001", E)], "HTTP+JSON: a google.rpc.Status error event after COMPLETED")
case("M11-v03-error-after-final", lambda: C03() + stream03(RUN03() + ["data: " + json.dumps(err(1, -32603, "Internal error")) + "\n\n"]),
     [("STREAM-END-001", E)], "0.3: a JSON-RPC error after the final:true completed status-update")
case("M12-v10-subscribe-error-after-terminal", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3), "data: " + json.dumps(err(2, -32001, "Task t1 not found", einfo("TASK_NOT_FOUND"))) + "\n\n"]),
     [("STREAM-END-001", E), ("ID-TASK-001", E)], "SubscribeToTask: -32001 after COMPLETED (the store dropped the task as the stream ended); the -32001 is also wrong for a task the same stream carried (TASK-009)")
case("M13-v03-error-after-input-required-final", lambda: C03() + stream03([t03("working"), s03("input-required", 2, msg=AM03()), "data: " + json.dumps(err(1, -32603, "queue closed")) + "\n\n"]),
     [("STREAM-END-001", E)], "0.3: an error after input-required final:true (the cycle's last event)")
case("M14-legal-v03-stream-only-error-unknown-task", lambda: C03() + stream03(["data: " + json.dumps(err(1, -32001, "Task t-x not found")) + "\n\n"], p={"message": msg03(taskId="t-x")}),
     [], "control: a 0.3 stream whose one event is -32001 for a task the recording never saw")
case("M15-legal-v02-stream-only-error-unsupported", lambda: C02() + stream03(["data: " + json.dumps(err(1, -32004, "streaming is disabled for this skill")) + "\n\n"]),
     [], "control: a 0.2.5 stream whose one event is -32004")

# a 1.0 SubscribeToTask that opens with a message (STREAM-004)
case("M20-v10-rest-subscribe-first-message", lambda: RWORKING_T() + RSUB([{"message": AM("still on it", taskId="t1")}, stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "HTTP+JSON :subscribe opens with a message event")
case("M21-v10-rest-subscribe-get-only-message", lambda: RWORKING_T() + RSUB([{"message": AM("still on it", taskId="t1")}], method="GET"),
     [("STREAM-FIRST-001", E)], "GET :subscribe whose one event is a message, then close")
case("M22-v10-subscribe-message-then-task", lambda: WORKING_T() + SUB([{"message": AM("resuming", taskId="t1")}, {"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)]),
     [("STREAM-FIRST-001", E)], "SubscribeToTask opens with a message, the Task second")
case("M23-v10-subscribe-task-then-message", lambda: WORKING_T() + SUB([{"task": tsk("WORKING", 2)}, {"message": AM("progress", taskId="t1")}, stu("COMPLETED", 3)]),
     [("STREAM-SHAPE-003", E)], "control: the Task first, a message after it (a message inside a task stream)")
case("M24-legal-v10-send-stream-message-reply", lambda: C10() + stream([{"message": AM("hi there")}], p={"message": msg10("hello")}),
     [], "control: a send stream's one message event is a reply")

# ---------------------------------------------------------------- N: a third blind pass (written before reading the verifier's REST, list, history and push code)
CFG1 = {"id": "cfg-1", "taskId": "t1", "url": HOOK}
PR = lambda: R10(capabilities={"streaming": True, "pushNotifications": False})
case("N01-v10-get-after-stream-other-terminal", lambda: ST_DONE() + GT(2, {"id": "t1"}, tsk("FAILED", 4, artifacts=A1("result"))),
     [("TASK-STATE-001", E)], "the stream ended COMPLETED, GetTask says FAILED: a terminal state never changes (TASK-001)")
case("N02-v10-list-row-context-changed", lambda: C10() + send(tsk("COMPLETED", artifacts=ART)) + LTR(2, {}, [tsk("COMPLETED", ctx="c9")]),
     [("ID-CTX-002", E)], "t1 handed out in c1, its ListTasks row says c9 (ID-006)")
case("N03-v10-get-after-cancel-completed", lambda: C10() + send(tsk("WORKING"), p={"message": msg10(), "configuration": {"returnImmediately": True}}) + [RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, tsk("CANCELED", 2)))] + GT(3, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=ART)),
     [("TASK-STATE-001", E)], "CancelTask answered CANCELED, GetTask then COMPLETED (TASK-001)")
case("N04-v10-list-include-artifacts-lost", lambda: ST_DONE() + LTR(2, {"includeArtifacts": True}, [tsk("COMPLETED", 3)]),
     [("TASK-STATE-010", W)], "ListTasks includeArtifacts true; the row of t1 lacks the artifact its stream delivered")
case("N05-legal-v10-list-without-include-artifacts-omits", lambda: ST_DONE() + LTR(2, {}, [tsk("COMPLETED", 3)]),
     [], "ListTasks without includeArtifacts omits the artifacts (DATA-007): nothing was lost")
case("N06-v10-list-second-page-total-shrinks", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     LTR(5, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 1)], ps=2, total=1),
     [("DATA-LIST-004", E)], "the second page's totalSize counts only the task after the token (1 instead of 3)")
case("N07-v10-list-page-returns-own-token", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     LTR(5, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 1)], tok="p2", ps=2, total=3),
     [("DATA-LIST-004", E)], "the page fetched with p2 hands back p2 as its nextPageToken: a loop")
case("N08-v10-rest-history-not-a-number-500", lambda: RDONE() + RGET("/tasks/t1?historyLength=abc", rstatus(500, "INTERNAL", msg="strconv.Atoi: parsing \"abc\""), 500),
     [("REST-HTTP-002", E)], "historyLength=abc answered 500 (ERR-006: 400 INVALID_ARGUMENT)")
case("N09-v10-rest-page-size-101-500", lambda: R10() + RGET("/tasks?pageSize=101", rstatus(500, "INTERNAL", msg="page too large"), 500),
     [("REST-HTTP-002", E)], "pageSize=101 answered 500")
case("N10-v10-rest-cancel-not-found-moments-after-end", lambda: RDONE() + [rpost("/tasks/t1:cancel", {}), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t1 not found"), status=404, headers=RJR)],
     [("ID-TASK-001", E)], "cancel of the task completed 10 ms before answered 404: TASK-003 MAY give TaskNotFoundError after a purge, but one not found moments after it ended was never stored (mine29c f610: a minute's grace)")
case("N11-v10-rest-push-get-other-config", lambda: PRBASE() + RCREATE({"url": HOOK}, CFG1) + RCREATE({"url": HOOK + "2"}, {"id": "cfg-2", "taskId": "t1", "url": HOOK + "2"}) +
     RGET("/tasks/t1/pushNotificationConfigs/cfg-1", {"id": "cfg-2", "taskId": "t1", "url": HOOK + "2"}),
     [("PUSH-CFG-005", E)], "GET .../pushNotificationConfigs/cfg-1 answered cfg-2 (PUSH-003)")
case("N12-v10-rest-push-create-not-declared-served", lambda: PR() + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) + RCREATE({"url": HOOK}, CFG1),
     [("CAP-PUSH-001", E)], "the card declares pushNotifications false; Create answered the config (PUSH-001)")
case("N13-legal-v10-rest-push-create-not-supported", lambda: PR() + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) +
     [rpost("/tasks/t1/pushNotificationConfigs", {"url": HOOK}), resp(rstatus(400, "FAILED_PRECONDITION", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push notifications are not supported"), status=400, headers=RJR)],
     [], "push not declared, Create refused 400 FAILED_PRECONDITION PUSH_NOTIFICATION_NOT_SUPPORTED (PUSH-001, ERR-002)")
case("N14-legal-v10-rest-push-create-not-supported-1-0-0", lambda: PR() + rsend({"message": msg10(), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) +
     [rpost("/tasks/t1/pushNotificationConfigs", {"url": HOOK}), resp(rstatus(501, "UNIMPLEMENTED", "PUSH_NOTIFICATION_NOT_SUPPORTED", "push notifications are not supported"), status=501, headers=RJR)],
     [], "1.0.0's 501 UNIMPLEMENTED for PushNotificationNotSupportedError (trap 2: a note at most)")
case("N15-legal-v10-list-timestamp-filter-inclusive", lambda: THREE() + LTR(4, {"statusTimestampAfter": "2026-12-02T10:00:02.000Z"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")]),
     [], "statusTimestampAfter :02 lists t2 stamped exactly :02 (\"not before\")")
case("N16-legal-v10-list-status-unspecified-no-filter", lambda: THREE() + LTR(4, {"status": "TASK_STATE_UNSPECIFIED"}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)]),
     [], "status TASK_STATE_UNSPECIFIED, the proto3 zero value, filters nothing")
case("N17-v10-get-history-after-follow-up-kept-oldest", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, history=hist(4), artifacts=ART)}, taskId="t1", contextId="c1") +
     GT(3, {"id": "t1", "historyLength": 1}, tsk("COMPLETED", 2, history=hist(4)[:1], artifacts=ART)),
     [("DATA-HISTORY-003", E)], "historyLength 1 answered with h0, the oldest of the four the send showed")
case("N18-legal-v10-get-history-one-newest", lambda: IR() + FU(2, "Paris", {"task": tsk("COMPLETED", 2, history=hist(4), artifacts=ART)}, taskId="t1", contextId="c1") +
     GT(3, {"id": "t1", "historyLength": 1}, tsk("COMPLETED", 2, history=hist(4)[3:], artifacts=ART)),
     [], "historyLength 1 answered with h3, the newest")
case("N19-v10-rest-list-other-context-row", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) + rsend({"message": msg10("b", mid="m2", contextId="c2")}, {"task": tsk("COMPLETED", 2, tid="t2", ctx="c2", artifacts=ART)}) +
     RGET("/tasks?contextId=c2", {"tasks": [tsk("COMPLETED", 2, tid="t2", ctx="c2"), tsk("COMPLETED", 1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}),
     [("DATA-LIST-003", E)], "GET /tasks?contextId=c2 lists t1 of c1")
case("N20-v10-get-terminal-task-artifact-appended-lost", lambda: C10() + stream([{"task": tsk("SUBMITTED")}, art10("a1", "one"), art10("a1", "two", append=True), art10("a1", "three", append=True, last=True), stu("COMPLETED", 3)]) +
     GT(2, {"id": "t1"}, tsk("COMPLETED", 3, artifacts=A1("one", "two"))),
     [("TASK-STATE-010", W)], "a1 streamed in three chunks; GetTask lacks the third")

# a last ListTasks page whose totalSize counts only its own tasks (proto total_size: before pagination)
case("M30-v10-rest-list-second-page-total-shrinks", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) +
     rsend({"message": msg10("b", mid="m2", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}) +
     rsend({"message": msg10("c", mid="m3", contextId="c1")}, {"task": tsk("COMPLETED", 3, tid="t3", artifacts=ART)}) +
     RGET("/tasks?pageSize=2", {"tasks": [tsk("COMPLETED", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2")], "nextPageToken": "p2", "pageSize": 2, "totalSize": 3}) +
     RGET("/tasks?pageSize=2&pageToken=p2", {"tasks": [tsk("COMPLETED", 1)], "nextPageToken": "", "pageSize": 2, "totalSize": 1}),
     [("DATA-LIST-004", E)], "HTTP+JSON: the second page says totalSize 1 after the first said 3")
case("M31-v10-list-three-pages-last-total-one", lambda: THREE() + LTR(4, {"pageSize": 1}, [tsk("WORKING", 3, tid="t3")], tok="p2", ps=1, total=3) +
     LTR(5, {"pageSize": 1, "pageToken": "p2"}, [tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p3", ps=1, total=3) +
     LTR(6, {"pageSize": 1, "pageToken": "p3"}, [tsk("COMPLETED", 1)], ps=1, total=1),
     [("DATA-LIST-004", E)], "pages of one: totals 3, 3, then 1 on the last page")
case("M32-legal-v10-list-task-purged-between-pages", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     LTR(5, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 1)], ps=2, total=2),
     [], "control: the second page says totalSize 2 with one row: a task was purged between the pages, not counted after the token")
case("M33-legal-v10-list-task-added-between-pages", lambda: THREE() + LTR(4, {"pageSize": 2}, [tsk("WORKING", 3, tid="t3"), tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p2", ps=2, total=3) +
     [RPC(5, "SendMessage", {"message": msg10("d", mid="m5", contextId="c1"), "configuration": {"returnImmediately": True}}), resp(ok(5, {"task": tsk("WORKING", 4, tid="t4")}))] +
     LTR(6, {"pageSize": 2, "pageToken": "p2"}, [tsk("COMPLETED", 1)], ps=2, total=4),
     [], "control: a send between the pages created t4 (newest, before the cursor); the last page says totalSize 4")
case("M34-legal-v10-rest-list-task-added-between-pages", lambda: R10() + rsend(MSG, {"task": tsk("COMPLETED", artifacts=ART)}) +
     rsend({"message": msg10("b", mid="m2", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t2", artifacts=ART)}) +
     RGET("/tasks?pageSize=1", {"tasks": [tsk("COMPLETED", 2, tid="t2")], "nextPageToken": "p2", "pageSize": 1, "totalSize": 2}) +
     rsend({"message": msg10("c", mid="m3", contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING", 3, tid="t3")}) +
     RGET("/tasks?pageSize=1&pageToken=p2", {"tasks": [tsk("COMPLETED", 1)], "nextPageToken": "", "pageSize": 1, "totalSize": 3}),
     [], "control: HTTP+JSON, t3 created between the pages; the last page says totalSize 3 after both original tasks were listed")
case("M35-legal-v10-list-pages-of-one-total-grows", lambda: THREE() + LTR(4, {"pageSize": 1}, [tsk("WORKING", 3, tid="t3")], tok="p2", ps=1, total=3) +
     LTR(5, {"pageSize": 1, "pageToken": "p2"}, [tsk("COMPLETED", 2, tid="t2", ctx="c2")], tok="p3", ps=1, total=4) +
     LTR(6, {"pageSize": 1, "pageToken": "p3"}, [tsk("COMPLETED", 1)], ps=1, total=4),
     [], "control: totalSize grows 3 to 4 while the client pages (another client's task); the three it started with are all listed")
case("M36-v10-list-total-grows-yet-listing-short", lambda: THREE() + LTR(4, {"pageSize": 1}, [tsk("WORKING", 3, tid="t3")], tok="p2", ps=1, total=3) +
     LTR(5, {"pageSize": 1, "pageToken": "p2"}, [tsk("COMPLETED", 2, tid="t2", ctx="c2")], ps=1, total=4),
     [("DATA-LIST-004", E)], "control: totalSize grew 3 to 4, yet the listing ends after 2 of the 3 it started with")

write_cases(C, OUT)
