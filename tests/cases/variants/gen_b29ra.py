"""Writes helper review29a's transcript variants (prefix b29r-): python3 tests/cases/variants/gen_b29ra.py tests/cases/variants

Review of session 29's verifier work. A1-A5: the purge grace of ID-TASK-001 (mine29c f610)
held only for GetTask / CancelTask; 1.0 §3.3.2 defines TaskNotFoundError for a task that is
"invalid, expired, or already completed and purged", whatever the call."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import blind_helpers as bh
from blind_helpers import H, V10, J, req, resp, rpc, ok, err, getcard, card03, card10, msg03, msg10, task03, task10

OUT = sys.argv[1]
CASES = []


def at(line, t):
    line["t"] = t
    return line


def case(name, lines, findings, source, note):
    CASES.append(name)
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps({"findings": [{"rule": r, "severity": s} for r, s in findings],
                            "source": source, "note": note}, indent=2) + "\n")


PURGE = "review29a: ID-TASK-001's purge grace (mine29c f610) applied to GetTask / CancelTask only; A2A 1.0.1 §3.3.2 TaskNotFoundError: 'invalid, expired, or already completed and purged'"
SSEH = {"content-type": "application/json", "accept": "text/event-stream"}


def completed03():
    bh._t[0] = 0.0
    return [*getcard(card03()),
            req(H + "/a2a", rpc(1, "message/send", {"message": msg03("go")})),
            resp(ok(1, task03(state="completed")))]


def completed10():
    bh._t[0] = 0.0
    return [*getcard(card10()),
            req(H + "/a2a", rpc(1, "SendMessage", {"message": msg10("go")}), headers=V10),
            resp(ok(1, {"task": task10(state="COMPLETED")}))]


# A1: 0.3 tasks/resubscribe an hour after the task completed: purged, not found is right.
case("b29r-A1-legal-v03-resubscribe-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=SSEH), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "the task completed an hour before the resubscribe; an agent MAY purge an ended task (TaskNotFoundError: 'already completed and purged'), so not found is no lost task (the old code: ID-TASK-001 error)")

# A2: 0.3 follow-up message naming a task that completed an hour earlier.
case("b29r-A2-legal-v03-followup-to-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "message/send", {"message": msg03("more", mid="m2", taskId="t1", contextId="c1")})), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "a message continuing a task that completed an hour before: the agent may have purged it, and not found is the answer for a purged task (the old code: ID-TASK-001 'a finished task still exists')")

# A3: 1.0 SubscribeToTask an hour after the task completed.
case("b29r-A3-legal-v10-subscribe-completed-task-an-hour-later",
     completed10() + [at(req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [], PURGE, "TASK-004's UnsupportedOperationError is for a terminal task that still exists; one completed an hour before may be purged, and then TaskNotFoundError is right (the old code: TASK-STATE-006 error)")

# A4: control: the same resubscribe two seconds after the end: the agent never kept the task.
case("b29r-A4-v03-resubscribe-completed-task-seconds-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "tasks/resubscribe", {"id": "t1"}), headers=SSEH), 2.0),
                      at(resp(err(2, -32001, "Task not found")), 2.01)],
     [("task-id-not-resolvable", "error")], PURGE, "control: not found two seconds after the task completed is no purge (the grace is a minute): still ID-TASK-001")

# A5: control: 1.0 SubscribeToTask seconds after the end stays TASK-STATE-006.
case("b29r-A5-v10-subscribe-completed-task-seconds-later",
     completed10() + [at(req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}), 2.0),
                      at(resp(err(2, -32001, "Task not found")), 2.01)],
     [("subscribe-terminal-task-accepted", "error")], PURGE, "control: a subscription two seconds after the end is answered for a task that still exists: UnsupportedOperationError due (TASK-004)")

# A6: control: a message that only refers to the old task (referenceTaskIds) starts a new one.
case("b29r-A6-v03-reference-to-completed-task-an-hour-later",
     completed03() + [at(req(H + "/a2a", rpc(2, "message/send", {"message": msg03("more", mid="m2", contextId="c1", referenceTaskIds=["t1"])})), 3605.0),
                      at(resp(err(2, -32001, "Task not found")), 3605.01)],
     [("task-id-not-resolvable", "error")], PURGE, "control: a message naming the old task only in referenceTaskIds starts a new task; refusing it for a reference stays ID-TASK-001 (breaker27 X05), purge or not")

# B1-B3: CAP-STREAM-003 (mine29b) fired on every non-stream answer to a streaming call to a
# card without streaming, calling it "the agent's refusal", also for a success in one JSON
# body and for refusals that have nothing to do with streaming.
CAPS = "review29a: CAP-STREAM-003 (mine29b, litellm #28577) named any non-stream answer 'the agent's refusal'"
STREAMH = {"content-type": "application/json", "accept": "text/event-stream"}


def nostream03():
    bh._t[0] = 0.0
    return [*getcard(card03(capabilities={}))]


case("b29r-B1-v03-stream-to-card-without-streaming-answered-json-result",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp(ok(1, task03(state="completed")))],
     [("stream-not-event-stream", "error")], CAPS,
     "the agent answered message/stream with a task in one JSON body: no refusal, so CAP-STREAM-003's 'the agent's refusal is expected' does not apply; STREAM-HTTP-001 stays (the old code added the note)")

case("b29r-B2-v03-stream-to-card-without-streaming-refused-401",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp({"error": "unauthorized"}, status=401)],
     [("auth-challenge-missing", "warning"), ("auth-demanded-but-card-declares-none", "warning")], CAPS,
     "a 401 refuses the call for its credentials, not for streaming: no CAP-STREAM-003 (the old code added the note)")

case("b29r-B3-v03-stream-to-card-without-streaming-refused-32004",
     nostream03() + [req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("go")}), headers=STREAMH),
                     resp(err(1, -32004, "Streaming is not supported"))],
     [("client-streaming-not-declared", "note")], CAPS,
     "control: the refusal STREAM-001 asks for (UnsupportedOperationError) to a client that streamed anyway: CAP-STREAM-003 stays")

print(len(CASES), "cases")
