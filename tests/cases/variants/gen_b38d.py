"""Writes the session-38 drift transcripts (dup38, `b38d-*`): checks the verifier wrote once
per binding or generation whose copies disagreed, each shown on the binding where a copy
drifted. Faulty ones carry the finding the verifier must report; `-legal-` ones must stay
silent (but for notes). tests/verify_cases.rs (`dup38_*`) also pins what drifted (the
evidence's JSON Pointer).
Run from the repo root: python3 tests/cases/variants/gen_b38d.py [NAME...]

1. The request's JSON Pointer base: a gRPC request message, like an HTTP+JSON body, holds
   the A2A params at its root (`/message/messageId`), a JSON-RPC request under `/params`.
   ID-MSG-002 and ID-CTX-002 wrote `/params/...` for every binding but HTTP+JSON, so a gRPC
   finding pointed at a member the request does not have.
2. The status message's member: the 0.3 proto names TaskStatus.message `update` (JSON name
   `message`), and a ProtoJSON parser (a 0.3 HTTP+JSON client) reads either. ID-MSG-003
   read both names, TASK-AUTH-002 and DATA-ROLE-001 only `message`: a 0.3 HTTP+JSON
   auth-required task whose status carries its message under `update` was told it had
   none, and a user-role status message under `update` went unseen.
"""
import json, os, sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
sys.path.insert(0, os.path.join(HERE, ".."))
from casewriter import write_cases
from gen_b28q import native, pb_str, pb_msg, pb_task, pb_int

C = {}
W, E = "warning", "error"


def case(name, src, lines, findings, note):
    C["b38d-" + name] = (lines, findings, src, note)


def send(msg, answer):
    """A gRPC SendMessage of `msg` (a v1 Message) answered with `answer` (a
    SendMessageResponse), status OK."""
    return ("SendMessage", pb_str(2, msg), answer, 0, "", None)


def task_answer(tid, cid):
    return pb_str(1, pb_task(tid, cid, 3))


def agent_msg(text, mid, cid):
    """A v1 agent Message (role 2 AGENT) in contextId `cid`."""
    return pb_str(1, mid) + pb_str(2, cid) + pb_int(4, 2) + pb_str(5, pb_str(1, text))


# ------------------------------------------------ 1: the request's pointer base on gRPC
S1 = "dup38 (drift between copies of the request's JSON Pointer base; ID-007, ID-003, GRPC-001: a gRPC request message holds the params at its root)"
case("1-v10-grpc-send-message-id-reused", S1, native([
    send(pb_msg("hi", "m1", cid="c1"), task_answer("t1", "c1")),
    send(pb_msg("something else", "m1", cid="c2"), task_answer("t2", "c2"))]),
    [("client-message-id-reused", W)],
    "two gRPC SendMessage requests carry messageId m1 with other parts: ID-MSG-002, its evidence at /message/messageId of the second request (not /params/...)")
case("1-legal-v10-grpc-send-message-id-retried", S1, native([
    send(pb_msg("hi", "m1", cid="c1"), task_answer("t1", "c1")),
    send(pb_msg("hi", "m1", cid="c1"), task_answer("t1", "c1"))]),
    [], "the same message sent again under its messageId is a retry (ID-007): silent")
case("1-v10-grpc-send-reply-context-substituted", S1, native([
    send(pb_msg("hi", "m1", cid="c1"), pb_str(2, agent_msg("hello", "a1", "c9")))]),
    [("context-id-changed", E)],
    "gRPC SendMessage names contextId c1 and the agent's reply Message has contextId c9: ID-CTX-002, its evidence at /message/contextId of the request")
case("1-v10-grpc-get-task-answered-other-task", S1, native([
    send(pb_msg("hi", "m1", cid="c1"), task_answer("t1", "c1")),
    ("GetTask", pb_str(2, "t1"), pb_task("t2", "c1", 3), 0, "", None)]),
    [("task-call-answered-other-task", E)],
    "gRPC GetTask names t1 (handed out by the send) and the agent answers task t2: ID-TASK-003, its evidence at /id of the GetTaskRequest")


# ------------------------------------------------ 2: the status message under `update`
S2 = "dup38 (drift between the status-message readings; DATA-005, TASK-006, GRPC-001: the 0.3 proto's TaskStatus field `update` has JSON name `message`, and ProtoJSON parsers accept both)"
H03 = "http://agent.example.test"
CARD03 = {"protocolVersion": "0.3.0", "name": "Demo", "description": "Demo agent", "url": H03,
          "preferredTransport": "HTTP+JSON", "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
          "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
          "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}


def rest03_get_task(state, member=None, role="ROLE_AGENT", text="which city?"):
    """A 0.3 HTTP+JSON card fetch and GET /v1/tasks/t1 answered with task t1 in `state`
    (a 0.3 proto TaskState name), its status message under `member` (none when None)."""
    st = {"state": state, "timestamp": "2026-12-01T10:00:00.000Z"}
    if member:
        st[member] = {"messageId": "a9", "role": role, "content": [{"text": text}]}
    task = {"id": "t1", "contextId": "c1", "status": st}
    return [
        {"dir": "req", "method": "GET", "url": H03 + "/.well-known/agent-card.json", "headers": {"accept": "application/json"}, "body": "", "t": 0.01},
        {"dir": "resp", "status": 200, "headers": {"content-type": "application/json"}, "body": json.dumps(CARD03), "t": 0.02},
        {"dir": "req", "method": "GET", "url": H03 + "/v1/tasks/t1", "headers": {}, "body": "", "t": 0.03},
        {"dir": "resp", "status": 200, "headers": {"content-type": "application/json"}, "body": json.dumps(task), "t": 0.04},
    ]


case("2-legal-v03-rest-get-task-auth-required-message-under-update", S2,
     rest03_get_task("TASK_STATE_AUTH_REQUIRED", "update", text="sign in at https://idp.example.test first"),
     [], "the auth-required status carries its message under update, the 0.3 proto's field name, which the 0.3 HTTP+JSON client's ProtoJSON parser reads: the client is told (no TASK-AUTH-002)")
case("2-v03-rest-get-task-auth-required-without-message", S2,
     rest03_get_task("TASK_STATE_AUTH_REQUIRED"),
     [("auth-required-without-message-0x", W)], "no status message under either name: TASK-AUTH-002 as before")
case("2-v03-rest-get-task-status-update-user-role", S2,
     rest03_get_task("TASK_STATE_INPUT_REQUIRED", "update", role="ROLE_USER"),
     [("agent-reply-with-user-role", W)],
     "the input-required question under update (read as status.message by the 0.3 HTTP+JSON client) has role ROLE_USER: DATA-ROLE-001 at /status/update/role")

if __name__ == "__main__":
    write_cases(C, HERE)
