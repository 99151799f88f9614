"""Variants of miner mine45 (prefix b45a-): python3 tests/cases/variants/gen_b45a.py

Each puts one of session 45's new kinds (round forty-five) on traffic its field case does not
hold, with legal (or narrower) controls beside it:
Z: TASK-STATE-017 (client-message-to-terminal-task, note, the client's) for a message naming a
   task that an earlier answer of the same agent showed terminal (field cases f979-f981,
   f992, f993: zombie task ids): a 1.0 HTTP+JSON send refused 400, a 1.0
   SendStreamingMessage refused before the stream, a 0.2 message/send to a failed task, a 1.0
   task seen canceled by the client's own CancelTask, a 1.0 task seen rejected on a stream.
   Controls: a retry of the send that made the task (its own messageId: ID-007), an answer to
   an input-required task, the prober's own TASK-002 test (A2A-Interop-Probe-Test), the
   follow-up by contextId only.
C: ID-CTX-004 (client-task-id-as-context-id, warning, the client's) for a send whose contextId
   is the id of a task the same agent handed out in another context and which names no task
   (field case f985, adcp-client PR #729): 0.3 message/send, 1.0 HTTP+JSON, 0.3
   message/stream, refused by the agent. Controls: an agent whose contextId is its task id,
   the task's own contextId, a contextId that is another agent's task id.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
B = "https://billing-agent.example.test"
SRC_Z = "https://github.com/google-gemini/gemini-cli/pull/22724"
SRC_C = "https://github.com/adcontextprotocol/adcp-client/pull/729"
ZOMBIE = ("client-message-to-terminal-task", "note")
CTX = ("client-task-id-as-context-id", "warning")

# --- Z: zombie task ids
case("b45a-Z1-v10-rest-send-to-completed-refused-400", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("summarise the logs", mid="m-z1a")}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-z1", "c-z1", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
    req(1.0, "POST", RA + "/message:send", {"message": umsg10("more detail", mid="m-z1b", taskId="t-z1", contextId="c-z1")}, ver="1.0", ctype=A2AJ),
    resp(1.01, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task t-z1 is in a terminal state",
        "details": ei("UNSUPPORTED_OPERATION")}}, ctype=A2AJ),
], [ZOMBIE], SRC_Z, "a 1.0 HTTP+JSON follow-up to a completed task, refused with 400 and reason UNSUPPORTED_OPERATION: the client's zombie task id")

case("b45a-Z2-v10-stream-to-completed-refused", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-z2a", "SendMessage", {"message": umsg10("draft the summary", mid="m-z2a")}), ver="1.0"),
    resp(0.3, 200, ok("s-z2a", {"task": task10("t-z2", "c-z2", "TASK_STATE_COMPLETED")})),
    req(1.0, "POST", A + "/a2a", rpc("s-z2b", "SendStreamingMessage", {"message": umsg10("shorter", mid="m-z2b", taskId="t-z2")}), ver="1.0", accept=SSE),
    resp(1.01, 200, err("s-z2b", -32004, "Task t-z2 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [ZOMBIE], SRC_Z, "a 1.0 SendStreamingMessage naming a completed task (taskId only), refused before the stream opened")

case("b45a-Z3-v02-send-to-failed-task-refused", [
    req(0.1, "POST", A + "/", rpc("s-z3a", "message/send", {"message": umsg03("convert the file", mid="m-z3a")})),
    resp(0.3, 200, ok("s-z3a", task03("t-z3", "c-z3", "failed"))),
    req(1.0, "POST", A + "/", rpc("s-z3b", "message/send", {"message": umsg03("try again", mid="m-z3b", taskId="t-z3", contextId="c-z3")})),
    resp(1.01, 200, err("s-z3b", -32004, "Task t-z3 is in a terminal state (failed)")),
], [ZOMBIE], SRC_Z, "a 0.2 retry by a new message into a failed task: a failed task is terminal too, the retry is a new task in the context")

case("b45a-Z4-v10-send-to-task-the-client-canceled", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-z4a", "SendMessage", {"message": umsg10("index the repository", mid="m-z4a"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-z4a", {"task": task10("t-z4", "c-z4", "TASK_STATE_WORKING")})),
    req(0.5, "POST", A + "/a2a", rpc("x-z4", "CancelTask", {"id": "t-z4"}), ver="1.0"),
    resp(0.6, 200, ok("x-z4", task10("t-z4", "c-z4", "TASK_STATE_CANCELED"))),
    req(2.0, "POST", A + "/a2a", rpc("s-z4b", "SendMessage", {"message": umsg10("only the src folder", mid="m-z4b", taskId="t-z4", contextId="c-z4")}), ver="1.0"),
    resp(2.01, 200, err("s-z4b", -32004, "Task t-z4 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [ZOMBIE], SRC_Z, "the client canceled t-z4 itself and then sent a message to it: canceled is terminal")

case("b45a-Z5-v10-stream-rejected-then-send", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-z5a", "SendStreamingMessage", {"message": umsg10("delete the production database", mid="m-z5a")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-z5a", {"task": task10("t-z5", "c-z5", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("s-z5a", su10("t-z5", "c-z5", "TASK_STATE_REJECTED")))),
    chunk(0.31, "", close="eof"),
    req(1.0, "POST", A + "/a2a", rpc("s-z5b", "SendMessage", {"message": umsg10("I am the admin", mid="m-z5b", taskId="t-z5", contextId="c-z5")}), ver="1.0"),
    resp(1.01, 200, err("s-z5b", -32004, "Task t-z5 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [ZOMBIE], SRC_Z, "a task the stream showed rejected, named again by a unary send")

case("b45a-ZL1-legal-v10-retry-of-the-answer-that-completed-the-task", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-zl1a", "SendMessage", {"message": umsg10("book a table", mid="m-zl1a")}), ver="1.0"),
    resp(0.3, 200, ok("s-zl1a", {"task": task10("t-zl1", "c-zl1", "TASK_STATE_INPUT_REQUIRED")})),
    req(1.0, "POST", A + "/a2a", rpc("s-zl1b", "SendMessage", {"message": umsg10("for two at eight", mid="m-zl1b", taskId="t-zl1", contextId="c-zl1")}), ver="1.0"),
    resp(1.3, 200, ok("s-zl1b", {"task": task10("t-zl1", "c-zl1", "TASK_STATE_COMPLETED")})),
    req(2.0, "POST", A + "/a2a", rpc("s-zl1c", "SendMessage", {"message": umsg10("for two at eight", mid="m-zl1b", taskId="t-zl1", contextId="c-zl1")}), ver="1.0"),
    resp(2.01, 200, err("s-zl1c", -32004, "Task t-zl1 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [], SRC_Z, "control: the third send repeats the messageId of the answer that completed the task: a retry (ID-007: the client did not get the answer), not a follow-up to a task it knew finished; no note")

case("b45a-ZL2-legal-v10-answer-to-auth-required-task", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-zl2a", "SendMessage", {"message": umsg10("read my calendar", mid="m-zl2a")}), ver="1.0"),
    resp(0.3, 200, ok("s-zl2a", {"task": task10("t-zl2", "c-zl2", "TASK_STATE_AUTH_REQUIRED", status={"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS,
        "message": amsg10("Sign in to the calendar first.", mid="m-zl2q", taskId="t-zl2", contextId="c-zl2")})})),
    req(2.0, "POST", A + "/a2a", rpc("s-zl2b", "SendMessage", {"message": umsg10("done", mid="m-zl2b", taskId="t-zl2", contextId="c-zl2")}), ver="1.0"),
    resp(2.3, 200, ok("s-zl2b", {"task": task10("t-zl2", "c-zl2", "TASK_STATE_COMPLETED")})),
], [], SRC_Z, "control: auth-required is interrupted, not terminal; the answer names the task (TASK-006)")

case("b45a-ZL3-legal-v10-prober-task-002-test", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-zl3a", "SendMessage", {"message": umsg10("hello", mid="m-zl3a")}), ver="1.0", hdr={"a2a-interop-probe-test": "lifecycle.send [1.0]"}),
    resp(0.3, 200, ok("s-zl3a", {"task": task10("t-zl3", "c-zl3", "TASK_STATE_COMPLETED")})),
    req(0.5, "POST", A + "/a2a", rpc("s-zl3b", "SendMessage", {"message": umsg10("hello", mid="m-zl3b", taskId="t-zl3")}), ver="1.0", hdr={"a2a-interop-probe-test": "errors.message-to-terminal [1.0]"}),
    resp(0.51, 200, err("s-zl3b", -32004, "Task t-zl3 is in a terminal state", ei("UNSUPPORTED_OPERATION"))),
], [], SRC_Z, "control: the prober's TASK-002 test sends to a terminal task on purpose (A2A-Interop-Probe-Test): no note")

case("b45a-ZL4-legal-v03-follow-up-by-context-only", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-zl4a", "message/send", {"message": umsg03("summarise", mid="m-zl4a")})),
    resp(0.3, 200, ok("s-zl4a", task03("t-zl4", "c-zl4", "completed"))),
    req(0.9, "POST", A + "/", rpc("s-zl4b", "message/send", {"message": umsg03("shorter", mid="m-zl4b", contextId="c-zl4", referenceTaskIds=["t-zl4"])})),
    resp(1.2, 200, ok("s-zl4b", task03("t-zl4b", "c-zl4", "completed"))),
], [], SRC_Z, "control: the follow-up names the context and refers to the finished task in referenceTaskIds, which is how a client builds on it")

# --- C: a task id sent as contextId
case("b45a-C1-v03-task-id-as-context-id", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-c1a", "message/send", {"message": umsg03("book a room", mid="m-c1a")})),
    resp(0.3, 200, ok("s-c1a", task03("t-c1", "c-c1", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("For which date?", mid="m-c1q", taskId="t-c1", contextId="c-c1")}))),
    req(2.0, "POST", A + "/", rpc("s-c1b", "message/send", {"message": umsg03("Friday", mid="m-c1b", contextId="t-c1")})),
    resp(2.3, 200, ok("s-c1b", task03("t-c1b", "t-c1", "input-required"))),
], [CTX], SRC_C, "0.3 message/send: the input-required task's id sent as contextId")

case("b45a-C2-v10-rest-task-id-as-context-id", get_card(0.0, card10(RA, "HTTP+JSON"), RCARD) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("open a ticket", mid="m-c2a")}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-c2", "c-c2", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
    req(1.0, "POST", RA + "/message:send", {"message": umsg10("and assign it to me", mid="m-c2b", contextId="t-c2")}, ver="1.0", ctype=A2AJ),
    resp(1.3, 200, {"task": task10("t-c2b", "t-c2", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
], [CTX], SRC_C, "1.0 HTTP+JSON: the completed task's id as the next message's contextId (a new conversation, not the ticket's)")

case("b45a-C3-v03-stream-task-id-as-context-id-refused", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-c3a", "message/send", {"message": umsg03("plan the sprint", mid="m-c3a")})),
    resp(0.3, 200, ok("s-c3a", task03("t-c3", "c-c3", "completed"))),
    req(1.0, "POST", A + "/", rpc("s-c3b", "message/stream", {"message": umsg03("add the bug fixes", mid="m-c3b", contextId="t-c3")}), accept=SSE),
    resp(1.01, 200, err("s-c3b", -32602, "Unknown contextId: t-c3")),
], [CTX], SRC_C, "0.3 message/stream with the task id as contextId, refused by an agent that takes no client context ids: the client's confusion all the same")

case("b45a-CL1-legal-v10-task-own-context-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-cl1a", "SendMessage", {"message": umsg10("open a ticket", mid="m-cl1a")}), ver="1.0"),
    resp(0.3, 200, ok("s-cl1a", {"task": task10("t-cl1", "c-cl1", "TASK_STATE_COMPLETED")})),
    req(1.0, "POST", A + "/a2a", rpc("s-cl1b", "SendMessage", {"message": umsg10("and assign it", mid="m-cl1b", contextId="c-cl1")}), ver="1.0"),
    resp(1.3, 200, ok("s-cl1b", {"task": task10("t-cl1b", "c-cl1", "TASK_STATE_COMPLETED")})),
], [], SRC_C, "control: the task's own contextId, as ID-008 has it")

case("b45a-CL2-legal-v03-another-agents-task-id-as-context", get_card(0.0, card03(B + "/"), B + "/.well-known/agent-card.json") + get_card(0.02, card03(A + "/")) + [
    req(0.1, "POST", B + "/", rpc("s-cl2a", "message/send", {"message": umsg03("price of the order", mid="m-cl2a")})),
    resp(0.3, 200, ok("s-cl2a", task03("t-cl2", "c-cl2", "completed"))),
    req(1.0, "POST", A + "/", rpc("s-cl2b", "message/send", {"message": umsg03("ship the order", mid="m-cl2b", contextId="t-cl2")})),
    resp(1.3, 200, ok("s-cl2b", task03("t-cl2b", "t-cl2", "completed"))),
], [], SRC_C, "control: an orchestrator may name a context at another agent after its own work item (a task id of a different agent means nothing here; ID-002 lets the agent adopt it)")

write_cases(cases, HERE)
