"""Writes the b43 transcripts (breaker43, live round twenty-three: tests/peers/misbehave43.py
behind the proxy, tests/cases/live43-predictions.json): one per verifier bug the round
found, with the legal neighbours each fix must leave silent.

- `rest-no-errorinfo` (REST-ERROR-001, ERR-003): 1.0 HTTP+JSON A2A errors as google.rpc.Status
  without details. Only the 404 TaskNotFoundError of a task route was told; the 400
  FAILED_PRECONDITION answers to a cancel of a completed task, a message to it and a
  subscribe to it (TaskNotCancelable, UnsupportedOperation) drew nothing, though 1.0 §5.4
  maps no standard error to FAILED_PRECONDITION: it is always one of A2A's six, and without
  the ErrorInfo a client cannot tell which.
- `rest-status-mismatch` (REST-ERROR-001, ERR-002): an unknown task answered HTTP 500 with a
  consistent 404 NOT_FOUND / TASK_NOT_FOUND body whose message says the task was not found
  drew two REST-ERROR-001 on the one answer (the status against the agent's own words, and
  "error.code 404 differs from the HTTP status 500"): one root cause, the status, now one
  finding (the count is tests/live_breaker43.rs's; a case here holds the rule).
Run from the repo root: python3 tests/cases/gen_b43.py"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "breaker43 (live: misbehave43.py --mode rest-no-errorinfo; only the 404 lacking its ErrorInfo was told)"
C = {}
case = case_maker(C, "b43-", SRC)
DONE = task10("t1", "c1", "COMPLETED", artifacts=ART)
RE = {"content-type": "application/a2a+json"}


def sent():
    return R10() + [rpost("/message:send", {"message": msg10()}), resp({"task": DONE}, headers=RE)]


def refused(path, body, http, status, details, verb="POST"):
    e = {"code": http, "status": status, "message": "refused"}
    if details is not None:
        e["details"] = details
    call = rpost(path, body) if verb == "POST" else rget(path)
    return [call, resp({"error": e}, status=http, headers=RE)]


CANCEL = ("/tasks/t1:cancel", {})
FOLLOW = ("/message:send", {"message": msg10("again", "m2", taskId="t1")})

# ---------------------------------------------------------------- A: findings
case("A01-cancel-completed-failed-precondition-no-details",
     lambda: sent() + refused(*CANCEL, 400, "FAILED_PRECONDITION", None),
     [("REST-ERROR-001", E)], "cancel of the completed task answered 400 FAILED_PRECONDITION with no details: TaskNotCancelableError without its ErrorInfo")
case("A02-followup-terminal-failed-precondition-empty-details",
     lambda: sent() + refused(*FOLLOW, 400, "FAILED_PRECONDITION", []),
     [("REST-ERROR-001", E)], "a message to the completed task answered 400 FAILED_PRECONDITION with details []: UnsupportedOperationError without its ErrorInfo")
case("A03-subscribe-terminal-failed-precondition-other-detail",
     lambda: sent() + refused("/tasks/t1:subscribe", {}, 400, "FAILED_PRECONDITION",
                              [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "task is terminal"}]),
     [("REST-ERROR-001", E)], "subscribe to the completed task: FAILED_PRECONDITION whose only detail is a DebugInfo, no ErrorInfo")
case("A04-push-config-failed-precondition-no-details",
     lambda: sent() + refused("/tasks/t1/pushNotificationConfigs", {"url": "https://hooks.example.test/a2a"}, 400, "FAILED_PRECONDITION", None),
     [("REST-ERROR-001", E)], "a push config create on an agent whose card declares push answered FAILED_PRECONDITION without ErrorInfo (no situation needed: the status alone is A2A's)")

case("A05-unknown-task-500-with-consistent-404-body",
     lambda: sent() + [rget("/tasks/t9"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "task t9 not found", "details": einfo("TASK_NOT_FOUND")}}, status=500, headers=RE)],
     [("REST-ERROR-001", E)], "GetTask of an unknown task: HTTP 500 under a 404 NOT_FOUND TASK_NOT_FOUND body saying so; told once, as the status")
case("A06-unknown-task-500-body-404-no-self-report",
     lambda: sent() + [rget("/tasks/t9"), resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "lookup failed", "details": einfo("TASK_NOT_FOUND")}}, status=500, headers=RE)],
     [("REST-ERROR-001", E)], "the same without the agent's own words: the body's code against the status is still told")

# ---------------------------------------------------------------- legal neighbours
case("L01-legal-failed-precondition-with-errorinfo",
     lambda: sent() + refused(*CANCEL, 400, "FAILED_PRECONDITION", einfo("TASK_NOT_CANCELABLE")),
     [], "control: the same answer with ErrorInfo TASK_NOT_CANCELABLE")
case("L02-legal-invalid-argument-no-details",
     lambda: sent() + refused("/tasks/t1?historyLength=-1", None, 400, "INVALID_ARGUMENT", None, verb="GET"),
     [("DATA-PARAM-005", N)], "control: a standard error (InvalidParams, INVALID_ARGUMENT, to a negative historyLength) needs no ErrorInfo; the client's parameter keeps its own note")
case("L03-legal-internal-no-details",
     lambda: sent() + [rget("/tasks/t1"), resp({"error": {"code": 500, "status": "INTERNAL", "message": "database down"}}, status=500, headers=RE)],
     [], "control: INTERNAL without details is a standard error")
case("L04-legal-failed-precondition-1-0-0-status-with-errorinfo",
     lambda: sent() + refused(*CANCEL, 409, "FAILED_PRECONDITION", einfo("TASK_NOT_CANCELABLE")),
     [("REST-ERROR-002", N)], "control of the fix: 1.0.0's 409 with its ErrorInfo keeps only REST-ERROR-002's note, no REST-ERROR-001")

write_cases(C, OUT)
