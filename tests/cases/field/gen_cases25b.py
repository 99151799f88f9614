"""Session-25 field cases of miner mine25b (f401-f420): same helpers and output format as gen_cases.py.

Scope: tasks that outlive one call, from any public tracker: push notifications (inline configs on a
non-streaming send, webhook bodies and Authorization), resubscribe / SubscribeToTask after a dropped
stream (refused for a live task, a snapshot that closes the stream, a stream that hangs after the
task ended), input-required and auth-required round trips, cancel racing completion, artifact
chunks, task stores that forget a task, and long tasks behind reply timeouts.
`python3 gen_cases25b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b25b-*` variants into ../variants).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
HOOK = "https://client.example.test/a2a/webhook"
def sid(line, i):
    """Pairs a line with its exchange (`id`, docs/transcript-format.md): a stream left open
    while another call is answered on the same leg needs it on its later lines."""
    line["id"] = i
    return line
def einfo(reason):
    return {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}
def su10(tid, cid, state, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
def au10(tid, cid, aid, text, **kw):
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}
    e.update(kw)
    return {"artifactUpdate": e}
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, **kw):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    e.update(kw)
    return e

# --- resubscribe / SubscribeToTask after a dropped stream -------------------------------------------
# a2a-js #540: SubscribeToTask on a live task whose event bus is gone answered UnsupportedOperationError
case("f401-v10-subscribe-working-task-unsupported-op", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("index the repository", mid="m-540")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-540", "c-540", "TASK_STATE_WORKING")}))),
    chunk(20.0, "", close="reset"),
    req(25.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-540"}), ver="1.0", accept=SSE),
    resp(25.004, 200, err("2", -32004, "Unsupported operation: no active event queue for task t-540", [einfo("UNSUPPORTED_OPERATION")])),
    req(26.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-540"}), ver="1.0"),
    resp(26.004, 200, ok("3", task10("t-540", "c-540", "TASK_STATE_WORKING"))),
], [("stream-ended-without-terminal", "error"), ("subscribe-active-task-refused", "error")],
 "https://github.com/a2aproject/a2a-js/issues/540 ; https://github.com/a2aproject/a2a-js/pull/542 (resubscribe on a non-terminal task with no active event bus threw UnsupportedOperationError, which made reconnecting to a long-running task impossible after a server restart or an executor pause)",
 "UnsupportedOperationError on SubscribeToTask is for a task in a terminal state (TASK-004); t-540 is WORKING, as GetTask shows a second later, so the client is told it can never follow the task it was given. SubscribeToTask on a live task starts with the current Task (STREAM-004). (The first stream's cut, which made the client resubscribe, is flagged too: STREAM-003)")

# a2a-js PR #542 (the fix): the snapshot is yielded and the stream closed at once, the task still WORKING
case("f402-v10-rest-subscribe-working-snapshot-then-close", [
    req(0.0, "POST", A + "/tasks/t-542:subscribe", "", ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse({"task": task10("t-542", "c-542", "TASK_STATE_WORKING")})),
    chunk(0.03, "", close="eof"),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/a2aproject/a2a-js/pull/542 (fix for #540: when resubscribe is called on a non-terminal task with no active event bus, yield the Task snapshot from the store and close the stream, after a server restart, an executor pause or an INPUT_REQUIRED bus-sleep)",
 "a subscription stream starts with the current Task (STREAM-004) and closes at a terminal state (STREAM-003), or may close at an interrupted one (STREAM-007); this one closed cleanly at WORKING, so the client cannot tell a finished subscription from a cut one and the later events of the task reach nobody. For an INPUT_REQUIRED task the same close is right (f414)")

# a2a-dotnet #340: reconnecting to an in-progress task, the subscription never ends
case("f403-v10-subscribe-hangs-after-task-completed", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("write the release notes", mid="m-340")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-340", "c-340", "TASK_STATE_WORKING")}))),
    chunk(0.5, "", close="timeout"),
    sid(req(1.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-340"}), ver="1.0", accept=SSE), "sub"),
    sid(resp(1.01, 200, "", ctype=SSE), "sub"),
    sid(chunk(1.02, sse(ok("2", {"task": task10("t-340", "c-340", "TASK_STATE_WORKING")}))), "sub"),
    req(40.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-340"}), ver="1.0"),
    resp(40.004, 200, ok("3", task10("t-340", "c-340", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-340", "parts": [{"text": "notes"}]}]))),
    sid(chunk(120.0, "", close="timeout"), "sub"),
], [("stream-open-after-terminal", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/340 ; https://github.com/a2aproject/a2a-dotnet/pull/342 (after a dropped stream, SubscribeToTaskAsync to the in-progress task never completes: the await foreach hangs even after the task finished on the server)",
 "a subscription delivers the task's later events and closes at the terminal state (STREAM-003, STREAM-006); GetTask shows t-340 COMPLETED at 40 s while its subscription, open since 1 s, carried no event and stayed open until the client gave up 80 s later")

# --- input-required and auth-required round trips --------------------------------------------------
# tomtom215/a2a-rust #66: the continuation of an input-required task is answered with a fresh task id
case("f404-v10-input-required-continuation-new-task-id", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("book a table", mid="m-66a")}), ver="1.0"),
    resp(0.3, 200, ok("1", {"task": task10("t-66", "c-66", "TASK_STATE_INPUT_REQUIRED",
        ts=TS)})),
    req(5.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("for four, at 8pm", mid="m-66b", taskId="t-66", contextId="c-66")}), ver="1.0"),
    resp(5.4, 200, ok("2", {"task": task10("b8a3e1f0-66c2-4a5e-9d0b-7f2e1c9a4d66", "c-66", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-66", "parts": [{"text": "booked"}]}])})),
], [("unknown-task-id-accepted", "error")],
 "https://github.com/tomtom215/a2a-rust/issues/66 (a2a-protocol-server 0.3.1: on_send_message always generates a new task_id, even when the client's task_id matches the stored input-required task; the returned task has another id and later turns fail 'message task_id does not match task found for context')",
 "a message with taskId continues that task (TASK-007, 1.0 §3.4.3): the answer is the same task, moved on. The agent answered with a task it minted for the occasion, so t-66 stays INPUT_REQUIRED forever and the client follows an id it never asked about (ID-001, ID-006)")

# agntcy/shadi #279: an auth-required task is handed out but never stored
case("f405-v03-auth-required-task-unknown-to-get", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("deploy build 1432 to staging", mid="m-279")})),
    resp(0.2, 200, ok("1", task03("t-279", "c-279", "auth-required",
        status={"state": "auth-required", "timestamp": TS, "message": amsg03("Re-prove your agent identity to continue.", mid="m-a279", taskId="t-279", contextId="c-279")}))),
    req(2.0, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-279"})),
    resp(2.004, 200, err("2", -32001, "Task not found")),
], [("task-id-not-resolvable", "error")],
 "https://github.com/agntcy/shadi/issues/279 (send_message returns a synthesized auth-required Task without going through the SDK, so the task store never learns the id: get_task on the parked id returns TaskNotFoundError for a task the server itself just handed the client)",
 "auth-required is an interrupted state (TASK lifecycle): the client resumes by sending to the same taskId, and meanwhile may read the task. tasks/get answers TaskNotFoundError for t-279, which this agent handed out 2 s earlier (TASK-009 is for unknown ids), so the parked task can be neither read nor resumed")

# espennilsen/pi PR #90: the executor acknowledges with working + final:true and finishes the stream
case("f406-v03-stream-ack-working-final-true", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("run the nightly build", mid="m-90")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-90", "c-90", "submitted")))),
    chunk(0.03, sse(ok("s1", su03("t-90", "c-90", "working", True)))),
    chunk(0.04, "", close="eof"),
    req(300.0, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-90"})),
    resp(300.004, 200, ok("2", task03("t-90", "c-90", "working"))),
], [("stream-final-flag-wrong", "error")],
 "https://github.com/espennilsen/pi/pull/90 (to avoid sender timeouts, the executor immediately publishes a working status with final: true and finishes the event bus; the result is later sent back to the sender as a new outbound A2A message, so the task itself never completes)",
 "in 0.3 final:true marks the last event of the stream, at a terminal or input-required state (STREAM-008); a working status with final:true ends the stream at a state that promises more, and the task stays working (tasks/get at 300 s). An agent that must not hold the connection answers message/send with blocking false or uses push, and completes the task")

# --- cancel racing completion ----------------------------------------------------------------------
# a2a-rs PR #126: a completed task is overwritten to CANCELED by a cancel
case("f407-v10-cancel-completed-task-returns-canceled", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("summarise the thread", mid="m-126")}), ver="1.0"),
    resp(0.5, 200, ok("1", {"task": task10("t-126", "c-126", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-126", "parts": [{"text": "summary"}]}])})),
    req(0.6, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-126"}), ver="1.0"),
    resp(0.604, 200, ok("2", task10("t-126", "c-126", "TASK_STATE_CANCELED", artifacts=[{"artifactId": "a-126", "parts": [{"text": "summary"}]}]))),
], [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error")],
 "https://github.com/a2aproject/a2a-rs/pull/126 (InMemoryTaskStore::update wrote whatever state arrived: a COMPLETED task could be overwritten to CANCELED by a racing cancel; cancel was check-then-act)",
 "a terminal task never changes state (TASK-001) and cancelling it is refused with TaskNotCancelableError (TASK-003); the agent answered the cancel of a completed task with the task CANCELED, so the client throws away a finished result")

# future-agi PR #1902: a stale completion overwrites the canceled state
case("f408-v10-rest-stale-completion-overwrites-canceled", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("crawl the docs site", mid="m-1902"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.02, 200, {"task": task10("t-1902", "c-1902", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(2.0, "POST", A + "/tasks/t-1902:cancel", "", ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(2.01, 200, task10("t-1902", "c-1902", "TASK_STATE_CANCELED"), ctype=A2AJ),
    req(9.0, "GET", A + "/tasks/t-1902", ver="1.0", accept=A2AJ),
    resp(9.004, 200, task10("t-1902", "c-1902", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1902", "parts": [{"text": "42 pages"}]}]), ctype=A2AJ),
], [("terminal-state-changed", "error")],
 "https://github.com/future-agi/future-agi/pull/1902 (returnImmediately tasks shared one *Task between the background worker, the store, tasks/get and tasks/cancel, so a stale completion from the worker could overwrite the canceled state)",
 "a canceled task is terminal (TASK-001): the cancel answered CANCELED, and 7 s later GetTask answers COMPLETED, so the client that stopped the work sees it finish anyway and cannot trust either answer")

# google/adk-python PR #4161 (review): a task both completed and canceled
case("f409-v03-stream-completed-then-canceled", [
    sid(req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("draft the reply", mid="m-4161")}), accept=SSE), "st"),
    sid(resp(0.01, 200, "", ctype=SSE), "st"),
    sid(chunk(0.02, sse(ok("s1", task03("t-4161", "c-4161", "working")))), "st"),
    req(1.0, "POST", A + "/", rpc("2", "tasks/cancel", {"id": "t-4161"})),
    sid(chunk(1.001, sse(ok("s1", au03("t-4161", "c-4161", "a-4161", "Dear team, ...", lastChunk=True)))), "st"),
    sid(chunk(1.002, sse(ok("s1", su03("t-4161", "c-4161", "completed", True)))), "st"),
    sid(chunk(1.003, sse(ok("s1", su03("t-4161", "c-4161", "canceled", True, message=amsg03("Task was cancelled", mid="m-a4161", taskId="t-4161", contextId="c-4161"))))), "st"),
    resp(1.004, 200, ok("2", task03("t-4161", "c-4161", "canceled"))),
    sid(chunk(1.01, "", close="eof"), "st"),
], [("stream-event-after-terminal", "error"), ("terminal-state-changed", "error")],
 "https://github.com/google/adk-python/pull/4161 (review of A2aAgentExecutor.cancel(): the task can finish between the done() check and task.cancel(), so a completed event is published and then the cancel path publishes 'Task was cancelled' for the same task)",
 "completed is terminal (TASK-001): nothing follows the final:true completed event (STREAM-008), and the cancel, which reached the agent while the task was still working, is answered with the task canceled after the stream had delivered it completed (TASK-001); once the task completed, the cancel's right answer was TaskNotCancelableError (TASK-003)")

# --- long tasks, reply timeouts and task stores ----------------------------------------------------
# hermes-agent #91687: returnImmediately ignored; the send blocks until the 300 s reply timeout
case("f410-v10-return-immediately-blocks-until-reply-timeout", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("run the FPGA synthesis", mid="m-91687"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(300.0, 200, ok("1", {"task": task10("task-592f93028ef24f67", "c-91687", "TASK_STATE_FAILED",
        ts="2026-03-02T10:20:00.000Z")})),
], [("return-immediately-ignored", "warning")],
 "https://github.com/NousResearch/hermes-agent/issues/91687 (SendMessage always waits until the agent finishes or A2A_REPLY_TIMEOUT (300 s) hits; configuration.returnImmediately is not honoured, and the server then marks the task failed even if the agent finishes later)",
 "returnImmediately:true asks for the task right after creation (TASK-005) so the caller can poll GetTask; this agent held the call for 300 s and answered a FAILED task, so a caller with a shorter socket timeout never even learns the task id")

# Molecule-AI/molecule-core #176: the in-memory task store forgets every task on a restart
case("f411-v03-task-lost-after-restart", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("audit the workspace secrets", mid="m-176"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("1", task03("t-176", "c-176", "working"))),
    req(90.0, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-176"})),
    resp(90.004, 200, err("2", -32001, "Task not found")),
    req(91.0, "POST", A + "/", rpc("3", "tasks/resubscribe", {"id": "t-176"}), accept=SSE),
    resp(91.004, 200, err("3", -32001, "Task not found")),
], [("task-id-not-resolvable", "error")],
 "https://github.com/Molecule-AI/molecule-core/issues/176 (InMemoryTaskStore loses all task state on restart, and the platform restarts workspace containers often: tasks/get and resubscribe with the original task_id answer not found)",
 "the agent handed out t-176 as working; 90 s later tasks/get and tasks/resubscribe answer TaskNotFoundError, an answer for ids that never existed (TASK-009), so the client cannot tell a lost task from a typo. A store that survives restarts, or a failed task explaining the restart, keeps the task readable")

# a2a-python #1205: a message to a completed task is refused with InvalidParams
case("f412-v10-send-to-completed-task-invalid-params", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("translate the memo", mid="m-1205a")}), ver="1.0"),
    resp(0.5, 200, ok("1", {"task": task10("t-1205", "c-1205", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1205", "parts": [{"text": "memo"}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("and into German", mid="m-1205b", taskId="t-1205", contextId="c-1205")}), ver="1.0"),
    resp(1.004, 200, err("2", -32602, "Task t-1205 is in terminal state: TASK_STATE_COMPLETED")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1205 ; https://github.com/a2aproject/a2a-python/pull/1207 (on_message_send raises InvalidParamsError 'Task ... is in terminal state' where 1.0 §3.1.1 requires UnsupportedOperationError)",
 "a message to a terminal task is answered UnsupportedOperationError -32004 in 1.0 (TASK-002, ERR-002); -32602 tells the client its parameters are malformed, so it cannot tell 'start a new task in this context' from 'fix your request'")

# --- push notifications ------------------------------------------------------------------------------
# a2a-java PR #483: an inline push config on a non-streaming send was never stored
CARDP03 = card03(A + "/", capabilities={"streaming": True, "pushNotifications": True})
case("f413-v03-inline-push-config-non-streaming-never-delivered", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARDP03),
    sid(req(0.1, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("generate the Q4 sales report", mid="m-483a"),
        "configuration": {"pushNotificationConfig": {"url": HOOK, "token": "tok-483a"}}}), accept=SSE), "st"),
    sid(resp(0.11, 200, "", ctype=SSE), "st"),
    sid(chunk(0.12, sse(ok("s1", task03("t-483a", "c-483a", "working")))), "st"),
    req(1.0, "POST", HOOK, task03("t-483a", "c-483a", "working"), hdr={"x-a2a-notification-token": "tok-483a"}),
    resp(1.004, 200, ""),
    sid(chunk(5.0, sse(ok("s1", dict(su03("t-483a", "c-483a", "completed", True), status={"state": "completed", "timestamp": "2026-03-02T10:15:04.000Z"})))), "st"),
    sid(chunk(5.01, "", close="eof"), "st"),
    req(5.1, "POST", HOOK, task03("t-483a", "c-483a", "completed", ts="2026-03-02T10:15:04.000Z", artifacts=[{"artifactId": "a-483a", "parts": [{"kind": "text", "text": "Q4 report"}]}]), hdr={"x-a2a-notification-token": "tok-483a"}),
    resp(5.104, 200, ""),
    req(10.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("generate the Q1 sales report", mid="m-483b"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-483b"}}})),
    resp(10.05, 200, ok("1", task03("t-483b", "c-483b", "submitted", ts="2026-03-02T10:15:09.000Z"))),
    req(60.0, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-483b"})),
    resp(60.004, 200, ok("2", task03("t-483b", "c-483b", "completed", ts="2026-03-02T10:15:50.000Z", artifacts=[{"artifactId": "a-483b", "parts": [{"kind": "text", "text": "Q1 report"}]}]))),
    req(120.0, "POST", A + "/", rpc("3", "tasks/get", {"id": "t-483b"})),
    resp(120.004, 200, ok("3", task03("t-483b", "c-483b", "completed", ts="2026-03-02T10:15:50.000Z", artifacts=[{"artifactId": "a-483b", "parts": [{"kind": "text", "text": "Q1 report"}]}]))),
], [("push-terminal-state-not-delivered", "warning")],
 "https://github.com/a2aproject/a2a-java/pull/483 (fix: store the push notification config for newly created tasks; this was missing in the non-streaming message sends); https://github.com/a2aproject/a2a-python/issues/218 (push notifications only work in streaming mode: send_notification is only called from on_message_send_stream)",
 "the client gave the same webhook inline on a message/stream and on a message/send (blocking false); the streamed task's notifications reached it, the sent task's never did, although it completed (tasks/get at 60 s and 120 s). A config given with a send is the task's config (PUSH-002), and the agent notifies it of the task's updates through the terminal state (PUSH-004), whatever call created the task")

# --- legal controls ------------------------------------------------------------------------------------
case("f414-legal-v10-subscribe-input-required-snapshot-close", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("plan the offsite", mid="m-542b")}), ver="1.0"),
    resp(0.3, 200, ok("1", {"task": task10("t-542b", "c-542b", "TASK_STATE_INPUT_REQUIRED")})),
    req(5.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-542b"}), ver="1.0", accept=SSE),
    resp(5.01, 200, "", ctype=SSE),
    chunk(5.02, sse(ok("2", {"task": task10("t-542b", "c-542b", "TASK_STATE_INPUT_REQUIRED")}))),
    chunk(5.03, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-js/pull/542 (the same fix for an INPUT_REQUIRED task whose event bus sleeps: yield the Task snapshot and close the stream)",
 "legal: SubscribeToTask starts with the current Task (STREAM-004), and a stream may close at an interrupted state (STREAM-007); the client answers the question with a message naming t-542b")

case("f415-legal-v10-cancel-race-not-cancelable", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("crawl the docs site", mid="m-406"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-406", "c-406", "TASK_STATE_WORKING")})),
    req(4.0, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-406"}), ver="1.0"),
    resp(4.004, 200, err("2", -32002, "Task cannot be canceled: it is in state TASK_STATE_COMPLETED", [einfo("TASK_NOT_CANCELABLE")])),
    req(4.1, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-406"}), ver="1.0"),
    resp(4.104, 200, ok("3", task10("t-406", "c-406", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-406", "parts": [{"text": "42 pages"}]}]))),
], [],
 "https://github.com/a2aproject/a2a-go/pull/406 (proposal, closed unmerged: make CancelTask return the stored task when it completed while the cancel was in flight instead of ErrTaskNotCancelable, called a spurious error)",
 "legal: the task completed between the client's last look and its cancel, and a task in a terminal state is not cancelable (TASK-003: TaskNotCancelableError -32002); GetTask then shows the result, which is how the client learns it")

case("f416-legal-v10-subscribe-completed-unsupported-then-get", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("summarise the incident", mid="m-5275")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-5275", "c-5275", "TASK_STATE_WORKING")}))),
    chunk(0.1, "", close="timeout"),
    req(10.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-5275"}), ver="1.0", accept=SSE),
    resp(10.004, 200, err("2", -32004, "Task t-5275 is in a terminal state and cannot be subscribed to", [einfo("UNSUPPORTED_OPERATION")])),
    req(10.1, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-5275"}), ver="1.0"),
    resp(10.104, 200, ok("3", task10("t-5275", "c-5275", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-5275", "parts": [{"text": "root cause: expired cert"}]}]))),
], [],
 "https://github.com/microsoft/agent-framework/pull/5275 (reconnecting to a completed task via SubscribeToTask: the server returns UnsupportedOperation per spec §3.3.2, so A2AAgent falls back to GetTask)",
 "legal: SubscribeToTask on a terminal task is refused with UnsupportedOperationError (TASK-004), and GetTask gives the final state and artifacts; the client gave up on its first stream itself")

case("f417-legal-v03-auth-required-resumed-same-task", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("approve the refund for order 7781", mid="m-20708a")})),
    resp(0.3, 200, ok("1", task03("t-20708", "c-20708", "auth-required",
        status={"state": "auth-required", "timestamp": TS, "message": amsg03("A manager approval is required.", mid="m-a20708", taskId="t-20708", contextId="c-20708")}))),
    req(0.5, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-20708"})),
    resp(0.504, 200, ok("2", task03("t-20708", "c-20708", "auth-required",
        status={"state": "auth-required", "timestamp": TS, "message": amsg03("A manager approval is required.", mid="m-a20708", taskId="t-20708", contextId="c-20708")}))),
    req(30.0, "POST", A + "/", rpc("3", "message/send", {"message": {"kind": "message", "messageId": "m-20708b", "role": "user",
        "parts": [{"kind": "data", "data": {"approved": True}}], "taskId": "t-20708", "contextId": "c-20708"}})),
    resp(30.4, 200, ok("3", task03("t-20708", "c-20708", "completed", artifacts=[{"artifactId": "a-20708", "parts": [{"kind": "text", "text": "refund issued"}]}]))),
], [],
 "https://github.com/mastra-ai/mastra/pull/20708 (A2A v0.3 human-in-the-loop: suspended runs are reported as input-required or auth-required, and A2AAgent resumes them through the original task id with structured data parts)",
 "legal: auth-required is an interrupted state with an explaining status message; the task stays readable and the client resumes it with the same taskId and contextId (TASK-007), after which it completes")

case("f418-legal-v03-artifact-chunks-append-then-last", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("greet the world", mid="m-7477")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-7477", "c-7477", "working")))),
    chunk(0.1, sse(ok("s1", au03("t-7477", "c-7477", "a-7477", "Hel", append=False, lastChunk=False)))),
    chunk(0.2, sse(ok("s1", au03("t-7477", "c-7477", "a-7477", "lo, ", append=True, lastChunk=False)))),
    chunk(0.3, sse(ok("s1", au03("t-7477", "c-7477", "a-7477", "wor", append=True, lastChunk=False)))),
    chunk(0.4, sse(ok("s1", au03("t-7477", "c-7477", "a-7477", "ld!", append=True, lastChunk=True)))),
    chunk(0.5, sse(ok("s1", su03("t-7477", "c-7477", "completed", True)))),
    chunk(0.51, "", close="eof"),
], [],
 "https://github.com/crewAIInc/crewAI/pull/7477 (the client joined every appended chunk with a space, turning ['Hel','lo, ','wor','ld!'] into 'Hel lo,  wor ld !'; the server's stream was right)",
 "legal: the first chunk creates artifact a-7477 (append false), the rest append to it and the last one says lastChunk (STREAM-009); chunk boundaries carry no meaning, so the client concatenates them as they are")

def ev02(tid, **kw):
    e = {"id": tid}; e.update(kw); return e
def art02(text, **kw):
    a = {"parts": [{"type": "text", "text": text}], "index": 0}; a.update(kw); return a
case("f419-legal-v01-sendsubscribe-resubscribe-no-replay", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/sendSubscribe", {"id": "t-1635", "sessionId": "s-1635", "message": {"role": "user", "parts": [{"type": "text", "text": "transcode the lecture"}]}}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok(1, ev02("t-1635", status={"state": "working", "timestamp": TS}, final=False)))),
    chunk(1.0, sse(ok(1, ev02("t-1635", artifact=art02("segment 1", append=False, lastChunk=False))))),
    chunk(2.0, "", close="timeout"),
    req(12.0, "POST", A + "/", rpc(2, "tasks/resubscribe", {"id": "t-1635"}), accept=SSE),
    resp(12.01, 200, "", ctype=SSE),
    chunk(12.02, sse(ok(2, ev02("t-1635", status={"state": "working", "timestamp": TS}, final=False)))),
    chunk(14.0, sse(ok(2, ev02("t-1635", artifact=art02("segment 4", append=True, lastChunk=True))))),
    chunk(14.1, sse(ok(2, ev02("t-1635", status={"state": "completed", "timestamp": TS}, final=True)))),
    chunk(14.2, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/1635 (tasks/sendSubscribe through a server that restarts: events the agent generated while the SSE connection was down are not replayed by tasks/resubscribe, which continues from the current state); https://github.com/a2aproject/A2A/issues/1410",
 "legal: the client's first stream was still open when the recording (its side) stopped, and 0.x leaves what tasks/resubscribe backfills to the implementation (STREAM-004's 0.x note, 0.3 §7.9): continuing from the current state, an append to the artifact the first stream started (STREAM-009) and a final completed status, is within it. Segments 2 and 3 are lost to this client; a replay needs a resume point the protocol does not define (A2A #1410). Read the task (tasks/get) after reconnecting to reconcile")

case("f420-legal-v10-push-status-updates-then-task", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("build the media plan", mid="m-280"), "configuration": {"returnImmediately": True,
        "taskPushNotificationConfig": {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "tok-280"}}}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-280", "c-280", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", HOOK, su10("t-280", "c-280", "TASK_STATE_WORKING"), ctype="application/json", hdr={"authorization": "Bearer tok-280"}),
    resp(1.004, 200, ""),
    req(5.0, "POST", HOOK, su10("t-280", "c-280", "TASK_STATE_INPUT_REQUIRED", message=amsg10("Which flight dates?", mid="m-a280", taskId="t-280", contextId="c-280")), ctype="application/json", hdr={"authorization": "Bearer tok-280"}),
    resp(5.004, 200, ""),
    req(20.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("10 to 24 June", mid="m-280b", taskId="t-280", contextId="c-280"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(20.02, 200, ok("2", {"task": task10("t-280", "c-280", "TASK_STATE_WORKING")})),
    req(30.0, "POST", HOOK, {"task": task10("t-280", "c-280", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-280", "parts": [{"data": {"lineItems": 12}}]}])},
        ctype="application/json", hdr={"authorization": "Bearer tok-280"}),
    resp(30.004, 200, ""),
], [],
 "https://github.com/adcontextprotocol/adcp/pull/280 (webhook payloads: interim statuses such as working and input-required come as statusUpdate with the data in status.message, completed and failed as a Task with the data in its artifacts); https://github.com/a2aproject/a2a-js/pull/413",
 "legal: a 1.0 webhook body is a StreamResponse holding exactly one of task, message, statusUpdate or artifactUpdate (PUSH-004), so mixing statusUpdate and task deliveries is fine; each POST carries the configured Bearer credentials (PUSH-005) and the task reaches its terminal state")

write_cases(cases, OUT)

# --- variants (tests/cases/variants/b25b-*) -------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
def rest_err(status, code, msg, reason):
    return {"error": {"code": code, "status": status, "message": msg, "details": [einfo(reason)]}}

# K1: SubscribeToTask refused with UnsupportedOperationError for a task still running (TASK-STATE-013)
R540 = "https://github.com/a2aproject/a2a-js/issues/540"
vcase("b25b-K1-v10-rest-subscribe-submitted-refused-400", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("render the video", mid="m-k1a"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.02, 200, {"task": task10("t-k1a", "c-k1a", "TASK_STATE_SUBMITTED")}, ctype=A2AJ),
    req(3.0, "POST", A + "/tasks/t-k1a:subscribe", "", ver="1.0", ctype=A2AJ, accept=SSE),
    resp(3.004, 400, rest_err("FAILED_PRECONDITION", 400, "Task t-k1a has no active execution", "UNSUPPORTED_OPERATION"), ctype=A2AJ),
    req(4.0, "GET", A + "/tasks/t-k1a", ver="1.0", accept=A2AJ),
    resp(4.004, 200, task10("t-k1a", "c-k1a", "TASK_STATE_WORKING"), ctype=A2AJ),
], [("subscribe-active-task-refused", "error")], R540 + " (the HTTP+JSON form: POST /tasks/{id}:subscribe answered 400 FAILED_PRECONDITION / UNSUPPORTED_OPERATION for a task that GetTask then shows working)",
 "UnsupportedOperationError is SubscribeToTask's answer for a terminal task (TASK-004); t-k1a was submitted before and working after the refusal")
vcase("b25b-K1-v10-subscribe-refused-then-retry-opens-working", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("render the video", mid="m-k1b"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-k1b", "c-k1b", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-k1b"}), ver="1.0", accept=SSE),
    resp(3.004, 200, err("2", -32004, "Unsupported operation", [einfo("UNSUPPORTED_OPERATION")])),
    req(8.0, "POST", A + "/a2a", rpc("3", "SubscribeToTask", {"id": "t-k1b"}), ver="1.0", accept=SSE),
    resp(8.01, 200, "", ctype=SSE),
    chunk(8.02, sse(ok("3", {"task": task10("t-k1b", "c-k1b", "TASK_STATE_WORKING")}))),
    chunk(9.0, sse(ok("3", su10("t-k1b", "c-k1b", "TASK_STATE_COMPLETED")))),
    chunk(9.01, "", close="eof"),
], [("subscribe-active-task-refused", "error")], R540 + " (the later answer is the client's retry: the same subscription, 5 s on, opens with the task working)",
 "the refusal said the task could not be followed; the retry's first event shows it still WORKING, so UnsupportedOperationError was wrong (TASK-004, STREAM-004)")
vcase("b25b-K1-legal-v10-subscribe-refused-task-completed-meanwhile", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("render the video", mid="m-k1c"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-k1c", "c-k1c", "TASK_STATE_WORKING")})),
    req(30.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-k1c"}), ver="1.0", accept=SSE),
    resp(30.004, 200, err("2", -32004, "Task t-k1c is in a terminal state", [einfo("UNSUPPORTED_OPERATION")])),
    req(30.1, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-k1c"}), ver="1.0"),
    resp(30.104, 200, ok("3", task10("t-k1c", "c-k1c", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-k1c", "parts": [{"text": "done"}]}]))),
], [], R540 + " (control: the task finished before the subscription, as GetTask shows)",
 "legal: last seen working 30 s earlier, the task completed in between; UnsupportedOperationError is right for a terminal task (TASK-004)")
vcase("b25b-K1-legal-v10-subscribe-refused-no-later-read", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("render the video", mid="m-k1d"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-k1d", "c-k1d", "TASK_STATE_WORKING")})),
    req(30.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-k1d"}), ver="1.0", accept=SSE),
    resp(30.004, 200, err("2", -32004, "Unsupported operation", [einfo("UNSUPPORTED_OPERATION")])),
], [], R540 + " (control: nothing after the refusal shows the task's state)",
 "not judged: a task last seen working may have ended before the subscription, and the recording never shows it again")
CARD10NS = json.loads(json.dumps(CARD10)); CARD10NS["capabilities"]["streaming"] = False
vcase("b25b-K1-legal-v10-subscribe-refused-streaming-not-declared", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD10NS),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("render the video", mid="m-k1e"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.12, 200, ok("1", {"task": task10("t-k1e", "c-k1e", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-k1e"}), ver="1.0", accept=SSE),
    resp(3.004, 200, err("2", -32004, "Streaming is not supported", [einfo("UNSUPPORTED_OPERATION")])),
    req(4.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-k1e"}), ver="1.0"),
    resp(4.004, 200, ok("3", task10("t-k1e", "c-k1e", "TASK_STATE_WORKING"))),
], [], R540 + " (control: the card declares streaming false, so every streaming call is refused so)",
 "legal: without capabilities.streaming the streaming operations answer UnsupportedOperationError (STREAM-001), whatever the task's state")

# K2: no push notification at all for a task whose webhook the recording shows receiving others' (PUSH-DELIV-003)
R483 = "https://github.com/a2aproject/a2a-java/pull/483"
def ts_at(sec):
    return "2026-03-02T10:15:%02d.000Z" % sec
BEARER = {"authorization": "Bearer tok-k2"}
AUTH10 = {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "tok-k2"}}
vcase("b25b-K2-v10-rest-push-only-for-streamed-task", [
    sid(req(0.0, "POST", A + "/message:stream", {"message": umsg10("plan sprint 14", mid="m-k2a"), "configuration": {"taskPushNotificationConfig": AUTH10}}, ver="1.0", ctype=A2AJ, accept=SSE), "st"),
    sid(resp(0.01, 200, "", ctype=SSE), "st"),
    sid(chunk(0.02, sse({"task": task10("t-k2a", "c-k2a", "TASK_STATE_WORKING", ts=ts_at(0))})), "st"),
    req(0.5, "POST", HOOK, su10("t-k2a", "c-k2a", "TASK_STATE_WORKING", ts=ts_at(0)), ctype=A2AJ, hdr=BEARER),
    resp(0.504, 200, ""),
    sid(chunk(3.0, sse(su10("t-k2a", "c-k2a", "TASK_STATE_COMPLETED", ts=ts_at(3)))), "st"),
    sid(chunk(3.01, "", close="eof"), "st"),
    req(3.5, "POST", HOOK, su10("t-k2a", "c-k2a", "TASK_STATE_COMPLETED", ts=ts_at(3)), ctype=A2AJ, hdr=BEARER),
    resp(3.504, 200, ""),
    req(5.0, "POST", A + "/message:send", {"message": umsg10("plan sprint 15", mid="m-k2b"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH10}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(5.02, 200, {"task": task10("t-k2b", "c-k2b", "TASK_STATE_SUBMITTED", ts=ts_at(5))}, ctype=A2AJ),
    req(20.0, "GET", A + "/tasks/t-k2b", ver="1.0", accept=A2AJ),
    resp(20.004, 200, task10("t-k2b", "c-k2b", "TASK_STATE_COMPLETED", ts=ts_at(12), artifacts=[{"artifactId": "a-k2b", "parts": [{"text": "plan"}]}]), ctype=A2AJ),
    req(59.0, "GET", A + "/tasks/t-k2b", ver="1.0", accept=A2AJ),
    resp(59.004, 200, task10("t-k2b", "c-k2b", "TASK_STATE_COMPLETED", ts=ts_at(12), artifacts=[{"artifactId": "a-k2b", "parts": [{"text": "plan"}]}]), ctype=A2AJ),
], [("push-terminal-state-not-delivered", "warning")], R483 + " (the 1.0 HTTP+JSON form: the streamed task is notified, the sent one never)",
 "both sends give the webhook inline (PUSH-002); t-k2b completed by 12 s on the agent's clock and the webhook, which got t-k2a's notifications, got nothing of t-k2b by 59 s (PUSH-004)")
vcase("b25b-K2-v03-push-config-set-never-used", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("export the ledger", mid="m-k2c"), "configuration": {"blocking": False}})),
    resp(0.02, 200, ok("1", task03("t-k2c", "c-k2c", "submitted", ts=ts_at(0)))),
    req(0.1, "POST", A + "/", rpc("2", "tasks/pushNotificationConfig/set", {"taskId": "t-k2c", "pushNotificationConfig": {"url": HOOK, "token": "tok-k2c"}})),
    resp(0.104, 200, ok("2", {"taskId": "t-k2c", "pushNotificationConfig": {"id": "cfg-k2c", "url": HOOK, "token": "tok-k2c"}})),
    req(2.0, "POST", HOOK, task03("t-k2c", "c-k2c", "completed", ts=ts_at(2)), hdr={"x-a2a-notification-token": "tok-k2c"}),
    resp(2.004, 200, ""),
    req(3.0, "POST", A + "/", rpc("3", "message/send", {"message": umsg03("export the journal", mid="m-k2d"), "configuration": {"blocking": False}})),
    resp(3.02, 200, ok("3", task03("t-k2d", "c-k2d", "submitted", ts=ts_at(3)))),
    req(3.1, "POST", A + "/", rpc("4", "tasks/pushNotificationConfig/set", {"taskId": "t-k2d", "pushNotificationConfig": {"url": HOOK, "token": "tok-k2d"}})),
    resp(3.104, 200, ok("4", {"taskId": "t-k2d", "pushNotificationConfig": {"id": "cfg-k2d", "url": HOOK, "token": "tok-k2d"}})),
    req(15.0, "POST", A + "/", rpc("5", "tasks/get", {"id": "t-k2d"})),
    resp(15.004, 200, ok("5", task03("t-k2d", "c-k2d", "completed", ts=ts_at(9)))),
    req(50.0, "POST", A + "/", rpc("6", "tasks/get", {"id": "t-k2d"})),
    resp(50.004, 200, ok("6", task03("t-k2d", "c-k2d", "completed", ts=ts_at(9)))),
], [("push-terminal-state-not-delivered", "warning")], R483 + " (the 0.3 form with tasks/pushNotificationConfig/set: the second task's config is acknowledged and never used)",
 "the agent acknowledged t-k2d's config and delivered t-k2c's completion to the same webhook, but nothing of t-k2d, which completed at 9 s (PUSH-003, PUSH-004)")
OTHER = "https://other-agent.example.test"
vcase("b25b-K2-legal-v10-webhook-shared-with-other-agent", [
    req(0.0, "POST", OTHER + "/a2a", rpc("1", "SendMessage", {"message": umsg10("plan sprint 14", mid="m-k2e"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH10}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-k2e", "c-k2e", "TASK_STATE_SUBMITTED", ts=ts_at(0))})),
    req(2.0, "POST", HOOK, su10("t-k2e", "c-k2e", "TASK_STATE_COMPLETED", ts=ts_at(2)), ctype=A2AJ, hdr=BEARER),
    resp(2.004, 200, ""),
    req(3.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("plan sprint 15", mid="m-k2f"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH10}}), ver="1.0"),
    resp(3.02, 200, ok("2", {"task": task10("t-k2f", "c-k2f", "TASK_STATE_SUBMITTED", ts=ts_at(3))})),
    req(20.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-k2f"}), ver="1.0"),
    resp(20.004, 200, ok("3", task10("t-k2f", "c-k2f", "TASK_STATE_COMPLETED", ts=ts_at(10)))),
    req(59.0, "POST", A + "/a2a", rpc("4", "GetTask", {"id": "t-k2f"}), ver="1.0"),
    resp(59.004, 200, ok("4", task10("t-k2f", "c-k2f", "TASK_STATE_COMPLETED", ts=ts_at(10)))),
], [], R483 + " (control: the webhook's recorded deliveries come from another agent)",
 "not judged: the recording shows another agent's deliveries to that webhook, not this agent's path to it, so a delivery of t-k2f may have gone around the recorder")
vcase("b25b-K2-legal-v03-config-deleted-before-end", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("export the ledger", mid="m-k2g"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-k2g"}}})),
    resp(0.02, 200, ok("1", task03("t-k2g", "c-k2g", "submitted", ts=ts_at(0)))),
    req(2.0, "POST", HOOK, task03("t-k2g", "c-k2g", "completed", ts=ts_at(2)), hdr={"x-a2a-notification-token": "tok-k2g"}),
    resp(2.004, 200, ""),
    req(3.0, "POST", A + "/", rpc("2", "message/send", {"message": umsg03("export the journal", mid="m-k2h"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-k2h"}}})),
    resp(3.02, 200, ok("2", task03("t-k2h", "c-k2h", "submitted", ts=ts_at(3)))),
    req(3.5, "POST", A + "/", rpc("3", "tasks/pushNotificationConfig/delete", {"id": "t-k2h", "pushNotificationConfigId": "t-k2h"})),
    resp(3.504, 200, ok("3", None)),
    req(15.0, "POST", A + "/", rpc("4", "tasks/get", {"id": "t-k2h"})),
    resp(15.004, 200, ok("4", task03("t-k2h", "c-k2h", "completed", ts=ts_at(9)))),
    req(50.0, "POST", A + "/", rpc("5", "tasks/get", {"id": "t-k2h"})),
    resp(50.004, 200, ok("5", task03("t-k2h", "c-k2h", "completed", ts=ts_at(9)))),
], [], R483 + " (control: the client deleted the second task's config before it ended)",
 "legal: a deleted config gets no more notifications (PUSH-003); the first task's, still live, got its completion")
vcase("b25b-K2-legal-v10-recording-ends-within-grace", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("plan sprint 14", mid="m-k2i"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH10}}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-k2i", "c-k2i", "TASK_STATE_SUBMITTED", ts=ts_at(0))})),
    req(2.0, "POST", HOOK, su10("t-k2i", "c-k2i", "TASK_STATE_COMPLETED", ts=ts_at(2)), ctype=A2AJ, hdr=BEARER),
    resp(2.004, 200, ""),
    req(3.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("plan sprint 15", mid="m-k2j"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH10}}), ver="1.0"),
    resp(3.02, 200, ok("2", {"task": task10("t-k2j", "c-k2j", "TASK_STATE_SUBMITTED", ts=ts_at(3))})),
    req(12.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-k2j"}), ver="1.0"),
    resp(12.004, 200, ok("3", task10("t-k2j", "c-k2j", "TASK_STATE_COMPLETED", ts=ts_at(10)))),
], [], R483 + " (control: the recording stops 2 s after the task's end, before a late delivery is overdue)",
 "not judged: deliveries may lag the task's end (retries, queues); the recording ends 30 s too soon to say none came")
write_cases(var_cases, VAR)

# K3: tasks/resubscribe at an origin that speaks 0.1 (tasks/send*) is a 0.1 call (A2A #1635)
R1635 = "https://github.com/a2aproject/A2A/issues/1635"
var_cases.clear()
vcase("b25b-K3-v01-resubscribe-state-invalid", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/sendSubscribe", {"id": "t-k3a", "sessionId": "s-k3a", "message": {"role": "user", "parts": [{"type": "text", "text": "transcode"}]}}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok(1, ev02("t-k3a", status={"state": "working", "timestamp": TS}, final=False)))),
    chunk(2.0, "", close="timeout"),
    req(12.0, "POST", A + "/", rpc(2, "tasks/resubscribe", {"id": "t-k3a"}), accept=SSE),
    resp(12.01, 200, "", ctype=SSE),
    chunk(12.02, sse(ok(2, ev02("t-k3a", status={"state": "input_required", "timestamp": TS}, final=True)))),
    chunk(12.03, "", close="eof"),
], [("task-state-invalid", "error")], R1635 + " (the 0.1 resubscription still judged: a state no version defines)",
 "the resubscription's events are 0.1 events (the origin speaks tasks/send*), and input_required is no state of any version (0.1: input-required)")
vcase("b25b-K3-v03-resubscribe-events-without-kind", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("transcode", mid="m-k3b")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-k3b", "c-k3b", "working")))),
    chunk(2.0, "", close="timeout"),
    req(12.0, "POST", A + "/", rpc("s2", "tasks/resubscribe", {"id": "t-k3b"}), accept=SSE),
    resp(12.01, 200, "", ctype=SSE),
    chunk(12.02, sse(ok("s2", {"taskId": "t-k3b", "contextId": "c-k3b", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(12.03, "", close="eof"),
], [("stream-event-invalid-shape", "error")], R1635 + " (control: at a 0.3 origin, tasks/resubscribe stays a 0.3 call, whose events need kind)",
 "a 0.3 status-update carries kind: status-update (0.3 schema); the origin took message/stream, not 0.1 calls")
vcase("b25b-K3-legal-v01-resubscribe-after-completion-final-task", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/sendSubscribe", {"id": "t-k3c", "sessionId": "s-k3c", "message": {"role": "user", "parts": [{"type": "text", "text": "transcode"}]}}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok(1, ev02("t-k3c", status={"state": "working", "timestamp": TS}, final=False)))),
    chunk(2.0, "", close="timeout"),
    req(12.0, "POST", A + "/", rpc(2, "tasks/resubscribe", {"id": "t-k3c", "historyLength": 0})),
    resp(12.01, 200, "", ctype=SSE),
    chunk(12.02, sse(ok(2, ev02("t-k3c", status={"state": "completed", "timestamp": TS}, final=True)))),
    chunk(12.03, "", close="eof"),
    req(12.5, "POST", A + "/", rpc(3, "tasks/get", {"id": "t-k3c"})),
    resp(12.504, 200, ok(3, {"id": "t-k3c", "sessionId": "s-k3c", "status": {"state": "completed", "timestamp": TS},
        "artifacts": [{"parts": [{"type": "text", "text": "done"}], "index": 0}]})),
], [], R1635 + " (control: a 0.1 agent's resubscription that reports the end it reached meanwhile)",
 "legal: the 0.1 resubscription sends the task's current, final status (final: true) and closes; tasks/get gives the artifacts (0.1 Task: id, sessionId, status, artifacts)")
write_cases(var_cases, VAR)
