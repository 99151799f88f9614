"""Variants of probe48's narrowed rule (prefix b48p-): python3 tests/cases/variants/gen_b48p.py

A: ID-TASK-001 (task-id-not-resolvable, error) no longer judges TaskNotFoundError to a call
   that carries none of the credentials of a card requiring authentication: an
   unauthenticated caller must not learn that a task exists (TASK-009, AUTH-002, 1.0 §3.3.2,
   §13.1), so not found is a right answer to it. The prober's auth.rejects-anonymous reads
   and cancels its lifecycle task without credentials, and an agent that answered those
   TaskNotFoundError (which the probe counts as closed) drew ID-TASK-001 until session 48
   (misbehave48 rest-auth-other).
   Faults kept: the same GetTask with the creator's credentials answered not found; a card
   that requires no authentication answering a GetTask without credentials not found.
   Controls (legal, silent): GetTask over HTTP+JSON without credentials answered 404
   TaskNotFoundError; GetTask and CancelTask over JSON-RPC without credentials answered
   -32001.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, rpc, ok, err, task10, umsg10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card10, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

SRC = "probe48 (session 48) misbehave48 rest-auth-other"
LOST = ("task-id-not-resolvable", "error")
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
CARD_URL = A + "/.well-known/agent-card.json"
SECURITY = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
            "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
AUTH = {"authorization": "Bearer secret-b48p"}
NOT_FOUND = {"error": {"code": 404, "status": "NOT_FOUND", "message": "task not found",
                       "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                    "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}
RPC_NOT_FOUND = {"code": -32001, "message": "task not found",
                 "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                           "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}

def rest_run(tid, secured, get_hdr):
    """A 1.0 HTTP+JSON card (`secured`: a bearer requirement), a send with credentials
    answered with task `tid`, then its GetTask with headers `get_hdr`, answered 404
    TaskNotFoundError."""
    card = card10(RA, binding="HTTP+JSON", **(SECURITY if secured else {}))
    return [req(0.0, "GET", RCARD), resp(0.01, 200, card),
            req(0.1, "POST", RA + "/message:send", {"message": umsg10("task hello", mid="m-" + tid)}, hdr=AUTH if secured else None, ver="1.0", ctype=A2AJ),
            resp(0.12, 200, {"task": task10(tid, "c-" + tid, "TASK_STATE_COMPLETED")}, ctype=A2AJ),
            req(0.2, "GET", RA + "/tasks/" + tid, hdr=get_hdr, ver="1.0"),
            resp(0.21, 404, NOT_FOUND, ctype=A2AJ)]

def rpc_run(tid):
    """The same over JSON-RPC with a bearer requirement: GetTask and CancelTask of the task
    without credentials, each answered -32001."""
    card = card10(A + "/a2a", **SECURITY)
    return [req(0.0, "GET", CARD_URL), resp(0.01, 200, card),
            req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("task hello", mid="m-" + tid)}), hdr=AUTH, ver="1.0"),
            resp(0.12, 200, ok("s1", {"task": task10(tid, "c-" + tid, "TASK_STATE_COMPLETED")})),
            req(0.2, "POST", A + "/a2a", rpc("g1", "GetTask", {"id": tid}), ver="1.0"),
            resp(0.21, 200, err("g1", -32001, "task not found", RPC_NOT_FOUND["data"])),
            req(0.3, "POST", A + "/a2a", rpc("c1", "CancelTask", {"id": tid}), ver="1.0"),
            resp(0.31, 200, err("c1", -32001, "task not found", RPC_NOT_FOUND["data"]))]

case("b48p-A1-v10-rest-get-with-credentials-not-found",
     rest_run("t-a1", True, AUTH),
     [LOST], SRC, "fault kept: the GetTask carries the credentials the task was handed out to, and the agent answered not found for the task it made (ID-001, TASK-009)")
case("b48p-A2-legal-v10-rest-get-without-credentials-not-found",
     rest_run("t-a2", True, None),
     [], SRC, "control: the card requires a bearer token and the GetTask carries none: an unauthenticated caller must not learn the task exists, so TaskNotFoundError is right (TASK-009, AUTH-002)")
case("b48p-A3-legal-v10-get-and-cancel-without-credentials-not-found",
     rpc_run("t-a3"),
     [], SRC, "control: JSON-RPC GetTask and CancelTask without the card's bearer token answered -32001 TaskNotFoundError, which hides the task from an unauthenticated caller (TASK-009, AUTH-002)")
case("b48p-A4-v10-rest-open-card-get-not-found",
     rest_run("t-a4", False, None),
     [LOST], SRC, "fault kept: the card requires no authentication, so a GetTask without credentials is any caller's, and not found for the task the agent made is a lost task (ID-001)")

write_cases(cases, HERE)
