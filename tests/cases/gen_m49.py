"""Writes the m49 transcripts (mutate49: the second mutation round, tests/verify_mutants49.rs):
one variant per silent fault kind that round found and fixed, and legal controls. By the spec:
- GetTask answered UnsupportedOperationError: reading a task needs no capability an agent may
  lack, so the code fits no GetTask; an unknown (or invisible) task is TaskNotFoundError
  (TASK-009, ERR-002): RPC-ERROR-001 in 1.0, RPC-ERROR-006 (a SHOULD) in 0.x, REST-ERROR-001
  on HTTP+JSON.
- A JSON-RPC batch is judged call by call as single calls are: a send with role agent
  (DATA-ROLE-002) or an empty parts list (DATA-SHAPE-002), a body or an answer under another
  media type than application/json (HTTP-MEDIA-004, RPC-ENVELOPE-001; RPC-001).
- A follow-up naming its task in the task's own context, answered in another context: the
  task changed its context (ID-006, every version; ID-CTX-002).
- A card protocolVersion no A2A release has (CARD-SHAPE-011, a warning: a newer release is
  the other reading).
Run from the repo root: python3 tests/cases/gen_m49.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "mutate49 (tests/verify_mutants49.rs: faults at the conversation, card and header levels)"
C = {}
case = case_maker(C, "m49-", SRC)

UNSUP10 = lambda i: err(i, -32004, "Unsupported operation", einfo("UNSUPPORTED_OPERATION"))
NOTFOUND10 = lambda i: err(i, -32001, "Task not found", einfo("TASK_NOT_FOUND"))


def batch(calls, answers, h=V10, ah=None):
    """One POST of the JSON-RPC calls `calls` answered by the array `answers`."""
    return [req(A, calls, headers=h), resp(answers, headers=ah or J)]


def send_call(i, text, role="ROLE_USER", parts=None, v1=True):
    m = msg10(text, mid="m%d" % i) if v1 else msg03(text, mid="m%d" % i)
    m["role"] = role if v1 else {"ROLE_USER": "user", "ROLE_AGENT": "agent"}[role]
    if parts is not None:
        m["parts"] = parts
    return rpc(i, "SendMessage" if v1 else "message/send", {"message": m})


def reply(i, v1=True, mid=None):
    if v1:
        return ok(i, {"message": amsg10("hello", mid=mid or "r%d" % i, contextId="c%d" % i)})
    return ok(i, AM3("hello", mid=mid or "r%d" % i, contextId="c%d" % i))


# faults -------------------------------------------------------------------------------------
case("F1-v10-get-task-answered-unsupported-operation",
     lambda: C10() + [RPC(1, "GetTask", {"id": "t-unknown"}), resp(UNSUP10(1))],
     [("RPC-ERROR-001", "error")],
     "a 1.0 GetTask answered -32004 UnsupportedOperationError: GetTask needs no capability and names no state to refuse; an unknown task is -32001 TaskNotFoundError (TASK-009; mutate49: silent unless the id drew -32001 elsewhere)")
case("F2-v03-tasks-get-answered-unsupported-operation",
     lambda: C03() + [R0(1, "tasks/get", {"id": "t-unknown"}), resp(err(1, -32004, "Unsupported operation"))],
     [("RPC-ERROR-006", "warning")],
     "the same in 0.3: tasks/get answered -32004; -32001 is the 0.3 spec's code for an unknown task (ERR-002: a SHOULD in 0.x)")
case("F3-v10-rest-get-task-answered-unsupported-operation",
     lambda: R10() + [rget("/tasks/t-unknown"), resp(rstatus(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "Unsupported operation"), status=400, headers=RJR)],
     [("REST-ERROR-001", "error")],
     "1.0 HTTP+JSON GET /tasks/{id} answered 400 UNSUPPORTED_OPERATION instead of 404 TaskNotFoundError")
case("F4-v10-batch-second-send-role-agent",
     lambda: C10() + batch([send_call(1, "one"), send_call(2, "two", role="ROLE_AGENT")], [reply(1), reply(2)]),
     [("DATA-ROLE-002", "warning")],
     "a batch of two 1.0 sends whose second message has role ROLE_AGENT: judged as a single send's (mutate49: silent in a batch, every element)")
case("F5-v03-batch-second-send-parts-empty",
     lambda: C03() + batch([send_call(1, "one", v1=False), send_call(2, "two", parts=[], v1=False)], [reply(1, False), reply(2, False)], h=J03),
     [("DATA-SHAPE-002", "error")],
     "a 0.3 batch whose second message/send has parts []: a message with no parts, as a single send's (mutate49)")
case("F6-v10-batch-body-text-plain",
     lambda: C10() + batch([send_call(1, "one"), send_call(2, "two")], [reply(1), reply(2)], h={"content-type": "text/plain", "a2a-version": "1.0"}),
     [("HTTP-MEDIA-004", "error")],
     "a batch of A2A calls posted as text/plain: a JSON-RPC request body is application/json (RPC-001), a batch's as a single call's (mutate49)")
case("F7-v10-batch-answer-text-html",
     lambda: C10() + batch([send_call(1, "one"), send_call(2, "two")], [reply(1), reply(2)], ah={"content-type": "text/html"}),
     [("RPC-ENVELOPE-001", "error")],
     "a batch answered as text/html: the Array of Responses is application/json, as a single call's answer (RPC-001; mutate49)")
case("F8-v03-follow-up-answered-in-another-context",
     lambda: IR03() + [R0(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}),
                       resp(ok(2, t03("completed", n=2, ctx="c-other", artifacts=ART03)))],
     [("ID-CTX-002", "error")],
     "a 0.3 follow-up naming task t1 in its context c1, answered with t1 in context c-other: a task keeps its contextId (ID-006; mutate49: 0.x was silent)")
case("F9-v10-card-protocol-version-unknown",
     lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "9.9"}])) + [RPC(1, "SendMessage", {"message": msg10()}), resp(reply(1))],
     [("CARD-SHAPE-011", "warning")],
     "a 1.0 card whose one interface declares protocolVersion 9.9, a version no A2A release has (mutate49: silent)")
case("F10-v03-card-protocol-version-0-4",
     lambda: getcard(card03(protocolVersion="0.4.0")) + [R0(1, "message/send", {"message": msg03()}), resp(reply(1, False))],
     [("CARD-SHAPE-011", "warning")],
     "a 0.x card declaring protocolVersion 0.4.0, which no release has")

# legal controls ---------------------------------------------------------------------------------
case("L1-legal-v10-get-task-unknown-answered-task-not-found",
     lambda: C10() + [RPC(1, "GetTask", {"id": "t-unknown"}), resp(NOTFOUND10(1))],
     [],
     "GetTask of an unknown id answered -32001 TaskNotFoundError, as TASK-009 asks")
case("L2-legal-v10-batch-two-sends",
     lambda: C10() + batch([send_call(1, "one"), send_call(2, "two")], [reply(1), reply(2)]),
     [],
     "a batch of two well-formed 1.0 sends, application/json both ways")
case("L3-legal-v03-follow-up-in-own-context",
     lambda: IR03() + [R0(2, "message/send", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}),
                       resp(ok(2, t03("completed", n=2, artifacts=ART03)))],
     [],
     "the 0.3 follow-up answered in the task's own context")
case("L4-legal-v03-card-protocol-version-0-3-0",
     lambda: getcard(card03(protocolVersion="0.3.0")) + [R0(1, "message/send", {"message": msg03()}), resp(reply(1, False))],
     [],
     "protocolVersion 0.3.0, a release")
write_cases(C, OUT)
