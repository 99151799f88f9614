"""Variants of miner mine36 (prefix b36a-): python3 tests/cases/variants/gen_b36a.py

Each proves a widening of session 36's round thirty-six (field cases f820-f839: interrupted
states, mixed 0.3 / 1.0 fleets, orchestrators and their sub-agents) on traffic the field cases
do not hold, with legal controls beside it:
I: TASK-STATE-015 (message-to-interrupted-task-refused, new): a 1.0 follow-up message naming
   a task last seen TASK_STATE_INPUT_REQUIRED or TASK_STATE_AUTH_REQUIRED refused with
   UnsupportedOperationError, the answer for a terminal task, went unjudged (ggcode #1107:
   auth-required filed among the terminal states). Now told on JSON-RPC (an error response,
   or an error event as a stream's only event) and HTTP+JSON (400 UNSUPPORTED_OPERATION).
   Quiet for a task last seen completed (the refusal is right), last seen working (an agent
   MAY refuse messages to a running task), canceled in between, and for a follow-up that
   is accepted.
V: VER-HDR-003 (client-version-not-major-minor): an A2A-Version with no digit at all (`null`,
   `undefined`, `None`, `latest`: spring-ai-alibaba PR #4822 wrote an unset protocol version
   into the header) went unjudged: only 1.x-looking values were. Now told on JSON-RPC and
   HTTP+JSON; an agent that processes such a call is VER-HDR-001 as before. Quiet for an
   empty header (read as absent, 0.3) and for Major.Minor values.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:15:04.000Z"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
C10 = card10(A + "/a2a")
R10 = card10(A + "/api", "HTTP+JSON")
GG = "https://github.com/topcheer/ggcode/issues/1107 (auth-required listed among the terminal states: continueTask rejects anything but input-required, the task can never be resumed)"
ALI = "https://github.com/alibaba/spring-ai-alibaba/pull/4822 (an unset protocol-version property written into A2A-Version)"
WARN_I = [("message-to-interrupted-task-refused", "warning")]
UNSUP = err("x", -32004, "Task is in a terminal state and cannot accept messages", ei("UNSUPPORTED_OPERATION"))
def unsup(i):
    e = dict(UNSUP); e["id"] = i; return e
def q(tid, cid, text, mid):
    return amsg10(text, mid=mid, contextId=cid, taskId=tid)

# --- I faults ----------------------------------------------------------------------------------
case("b36a-I1-v10-stream-input-required-follow-up-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("rename the staging bucket", mid="m-i1")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s1", {"task": task10("t-i1", "c-i1", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s1", su10("t-i1", "c-i1", "TASK_STATE_INPUT_REQUIRED", message=q("t-i1", "c-i1", "New name?", "m-ai1"))))),
    chunk(0.51, "", close="eof"),
    req(5.0, "POST", A + "/a2a", rpc("s2", "SendStreamingMessage", {"message": umsg10("staging-eu", mid="m-i1b", taskId="t-i1", contextId="c-i1")}), ver="1.0", accept=SSE),
    resp(5.01, 200, unsup("s2")),
], WARN_I, GG, "the streamed follow-up to an INPUT_REQUIRED task answered -32004 as a plain JSON-RPC error: the task waits for exactly this message (TASK-007)")

case("b36a-I2-v10-rest-input-required-follow-up-refused", get_card(0.0, R10) + [
    req(0.1, "POST", A + "/api/message:send", {"message": umsg10("order 20 laptops", mid="m-i2")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.4, 200, {"task": task10("t-i2", "c-i2", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": q("t-i2", "c-i2", "Which cost centre?", "m-ai2")})}, ctype=A2AJ),
    req(9.0, "POST", A + "/api/message:send", {"message": umsg10("CC-4410", mid="m-i2b", taskId="t-i2", contextId="c-i2")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(9.01, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "task t-i2 cannot accept messages", "details": ei("UNSUPPORTED_OPERATION")}}, ctype=A2AJ),
], WARN_I, GG, "HTTP+JSON: the follow-up to an INPUT_REQUIRED task refused 400 UNSUPPORTED_OPERATION")

case("b36a-I3-v10-stream-error-event-for-auth-required-follow-up", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("pull my calendar", mid="m-i3")}), ver="1.0"),
    resp(0.4, 200, ok("s1", {"task": task10("t-i3", "c-i3", "TASK_STATE_AUTH_REQUIRED", status={"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS, "message": q("t-i3", "c-i3", "Consent needed: https://auth.example.test/c?t=t-i3", "m-ai3")})})),
    req(8.0, "POST", A + "/a2a", rpc("s2", "SendStreamingMessage", {"message": umsg10("consent given", mid="m-i3b", taskId="t-i3", contextId="c-i3")}), ver="1.0", accept=SSE),
    resp(8.01, 200, "", ctype=SSE),
    chunk(8.02, sse(unsup("s2"))),
    chunk(8.03, "", close="eof"),
], WARN_I + [("first-stream-event-not-task", "error")], GG, "the follow-up to an AUTH_REQUIRED task refused by an error event as the stream's only event (which STREAM-FIRST-001 tells as well: a refusal before the stream is a plain error response)")

# --- I controls --------------------------------------------------------------------------------
case("b36a-I4-legal-v10-completed-task-follow-up-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("rename the staging bucket", mid="m-i4")}), ver="1.0"),
    resp(0.4, 200, ok("s1", {"task": task10("t-i4", "c-i4", "TASK_STATE_COMPLETED")})),
    req(5.0, "POST", A + "/a2a", rpc("s2", "SendMessage", {"message": umsg10("and the prod one", mid="m-i4b", taskId="t-i4", contextId="c-i4")}), ver="1.0"),
    resp(5.01, 200, unsup("s2")),
], [], GG, "legal: a message to a completed task is refused with UnsupportedOperationError (TASK-002)")

case("b36a-I5-legal-v10-working-task-follow-up-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("index the archive", mid="m-i5"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s1", {"task": task10("t-i5", "c-i5", "TASK_STATE_WORKING")})),
    req(2.0, "POST", A + "/a2a", rpc("s2", "SendMessage", {"message": umsg10("also the 2019 folder", mid="m-i5b", taskId="t-i5", contextId="c-i5")}), ver="1.0"),
    resp(2.01, 200, err("s2", -32004, "Task is still running and does not accept messages", ei("UNSUPPORTED_OPERATION"))),
], [], GG, "legal: non-terminal tasks MAY accept follow-ups (TASK-007); an agent that refuses one to a running task is not judged (A2A #1027)")

case("b36a-I6-legal-v10-input-required-canceled-then-follow-up-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("order 20 laptops", mid="m-i6")}), ver="1.0"),
    resp(0.4, 200, ok("s1", {"task": task10("t-i6", "c-i6", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": q("t-i6", "c-i6", "Which cost centre?", "m-ai6")})})),
    req(3.0, "POST", A + "/a2a", rpc("c1", "CancelTask", {"id": "t-i6"}), ver="1.0"),
    resp(3.01, 200, ok("c1", task10("t-i6", "c-i6", "TASK_STATE_CANCELED", ts=TS2))),
    req(6.0, "POST", A + "/a2a", rpc("s2", "SendMessage", {"message": umsg10("CC-4410", mid="m-i6b", taskId="t-i6", contextId="c-i6")}), ver="1.0"),
    resp(6.01, 200, unsup("s2")),
], [], GG, "legal: the interrupted task was canceled before the follow-up; a message to a canceled task is refused (TASK-002)")

case("b36a-I7-legal-v10-auth-required-follow-up-accepted", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("pull my calendar", mid="m-i7")}), ver="1.0"),
    resp(0.4, 200, ok("s1", {"task": task10("t-i7", "c-i7", "TASK_STATE_AUTH_REQUIRED", status={"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS, "message": q("t-i7", "c-i7", "Consent needed: https://auth.example.test/c?t=t-i7", "m-ai7")})})),
    req(8.0, "POST", A + "/a2a", rpc("s2", "SendMessage", {"message": umsg10("consent given", mid="m-i7b", taskId="t-i7", contextId="c-i7")}), ver="1.0"),
    resp(9.0, 200, ok("s2", {"task": task10("t-i7", "c-i7", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[{"artifactId": "a-i7", "parts": [{"text": "3 meetings tomorrow"}]}])})),
], [], GG, "legal: the follow-up resumes the AUTH_REQUIRED task (TASK-006, TASK-007)")

# --- V faults ----------------------------------------------------------------------------------
case("b36a-V1-v10-rest-version-undefined-refused", get_card(0.0, R10) + [
    req(0.1, "POST", A + "/api/message:send", {"message": umsg10("hello", mid="m-v1")}, ver="undefined", ctype=A2AJ, accept=A2AJ),
    resp(0.11, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "A2A version undefined is not supported", "details": ei("VERSION_NOT_SUPPORTED")}}, ctype=A2AJ),
], [("client-version-not-major-minor", "warning")], ALI, "a JavaScript client's unset version written as `undefined`; the agent's refusal is right (VER-002)")

case("b36a-V2-v10-version-none-processed", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("hello", mid="m-v2")}), ver="None"),
    resp(0.3, 200, ok("s1", {"message": amsg10("hi", mid="m-av2", contextId="c-v2")})),
], [("client-version-not-major-minor", "warning"), ("version-header-not-enforced", "error")], ALI,
 "Python's None written into the header, and an agent that processes the call anyway: the client's warning and the agent's VER-HDR-001")

case("b36a-V3-v10-version-latest-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("hello", mid="m-v3")}), ver="latest"),
    resp(0.11, 200, err("s1", -32009, "A2A version latest is not supported", ei("VERSION_NOT_SUPPORTED"))),
], [("client-version-not-major-minor", "warning")], ALI, "a word instead of a version: A2A-Version carries Major.Minor (VER-001)")

# --- V controls --------------------------------------------------------------------------------
case("b36a-V4-legal-v03-version-header-empty", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "message/send", {"message": umsg03("hello", mid="m-v4")}), hdr={"a2a-version": ""}),
    resp(0.3, 200, ok("s1", amsg03("hi", mid="m-av4", contextId="c-v4"))),
], [], ALI, "legal: an empty A2A-Version reads as absent, which asks for 0.3 (VER-001); the 0.3 agent answers in 0.3")

case("b36a-V5-legal-v10-version-major-minor", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("hello", mid="m-v5")}), ver="1.0"),
    resp(0.3, 200, ok("s1", {"message": amsg10("hi", mid="m-av5", contextId="c-v5")})),
], [], ALI, "legal: A2A-Version 1.0")

write_cases(cases, HERE)
