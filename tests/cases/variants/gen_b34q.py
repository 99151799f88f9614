"""Variants of review34 (prefix b34q-): python3 tests/cases/variants/gen_b34q.py

The verifier's leftovers of session 33, each kind with its faults and the legal traffic
beside it (`-legal-` ones must stay silent but for notes):
P: ListTasks `pageSize: 0` sent explicitly. The 1.0 proto's `optional int32 page_size`
   keeps presence ("If unspecified, at most 50 tasks"; "The minimum value is 1"), so an
   explicit 0 is a value below the minimum, not the unset field: a2a-python
   (`HasField` then `validate_page_size`), a2a-js (`pageSize must be between 1 and 100`)
   and a2a-java (`ListTasksParamsMapper`: `hasPageSize()` "to distinguish unset (null)
   from explicit 0 (validation error)") refuse it; a2a-go's struct has no presence and
   reads it as 50. DATA-PARAM-001 names an agent that serves it; DATA-LIST-003 no longer
   reads it as the default 50 ("sets no pageSize").
R: an HTTP+JSON call with a verb its route does not have (`PUT /tasks/{id}`), refused 404
   with a google.rpc.Status NOT_FOUND body (a framework's "no such route"): REST-VERB-001
   only, not GetTask's TaskNotFoundError (ID-TASK-001) nor its error shape
   (REST-ERROR-001).
A: an `Authorization` header under another registered authentication scheme than every
   http scheme the card names (Bearer for Basic, Basic for Bearer), served 200:
   AUTH-OPEN-001 alone (the agent took a credential its card does not declare, 1.0 §7.4;
   breaker34 judged the same kind blind, and the lead kept one finding: AUTH-SCHEME-003
   stays the refused case's).
Rule names are read from docs/rules.md.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, rget, rstatus, case_maker, ...)

SRC = "review34 (the verifier's leftovers of session 33)"
C = {}
case = case_maker(C, "b34q-", SRC)
E, W, N = "error", "warning", "note"
A = H + "/a2a"
RJR = {"content-type": "application/a2a+json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
P1 = {"message": msg10()}
RC = lambda: getcard(card10(ifaces=RESTI))
RSEND = lambda: [rpost("/message:send", P1), resp({"task": task10()}, headers=RJR)]


def listed(n, size=50):
    """A whole ListTasks page of `n` tasks (t0 ... t(n-1)), the page size it says it used."""
    return {"tasks": [task10("t%d" % i) for i in range(n)], "nextPageToken": "", "pageSize": size, "totalSize": n}


# --- P: ListTasks pageSize 0 ----------------------------------------------------------------
case("P1-v10-list-tasks-page-size-zero-served-51",
     lambda: getcard(card10()) + [RPC(1, "ListTasks", {"pageSize": 0}), resp(ok(1, listed(51)))],
     [("DATA-PARAM-001", E)],
     "pageSize 0 sent and served with 51 tasks: the agent accepted a page size below the minimum of 1 (1.0 proto: optional page_size, 1-100; ERR-006); "
     "before, DATA-LIST-003 also said the request 'sets no pageSize, which defaults to 50' although it sets 0")
case("P2-v10-rest-list-tasks-page-size-zero-served",
     lambda: RC() + [rget("/tasks?pageSize=0"), resp(listed(3), headers=RJR)],
     [("DATA-PARAM-001", E)],
     "GET /tasks?pageSize=0 served: 0 is below page_size's minimum of 1, and a2a-python, a2a-js and a2a-java answer 400 INVALID_ARGUMENT")
case("P3-v10-list-tasks-page-size-zero-string-served",
     lambda: getcard(card10()) + [RPC(1, "ListTasks", {"pageSize": "0"}), resp(ok(1, listed(2)))],
     [("DATA-PARAM-001", E)],
     "ProtoJSON takes int32 as a string too: \"0\" is the same explicit 0")
case("P4-v10-list-tasks-no-page-size-lists-51",
     lambda: getcard(card10()) + [RPC(1, "ListTasks", {}), resp(ok(1, listed(51)))],
     [("DATA-LIST-003", E)],
     "control that keeps its finding: no pageSize asks for the default page of 50 (1.0 proto: 'If unspecified, at most 50 tasks')")
case("P5-legal-v10-rest-list-tasks-page-size-zero-refused",
     lambda: RC() + [rget("/tasks?pageSize=0"), resp(rstatus(400, "INVALID_ARGUMENT", msg="pageSize must be between 1 and 100"), status=400, headers=RJR)],
     [],
     "control: the agent refuses pageSize 0 with 400 INVALID_ARGUMENT, the right answer (the client's DATA-PARAM-005 is a note)")
case("P6-legal-v10-list-tasks-no-page-size-lists-50",
     lambda: getcard(card10()) + [RPC(1, "ListTasks", {}), resp(ok(1, listed(50)))],
     [],
     "control: no pageSize, 50 tasks on the page")

# --- R: a wrong-verb route refused 404 with a google.rpc.Status body --------------------------
NF = lambda: resp(rstatus(404, "NOT_FOUND", msg="Not Found"), status=404, headers={"content-type": "application/json"})
NFT = lambda: resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", msg="task t1 not found"), status=404, headers=RJR)
case("R1-v10-rest-put-task-refused-404-status",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1", {"id": "t1"}, method="PUT", headers=RJ), NF()],
     [("REST-VERB-001", E)],
     "PUT /tasks/t1 (no such route: /tasks/{id} is GET only, REST-001) refused 404 with a google.rpc.Status NOT_FOUND body; "
     "before, also ID-TASK-001 (the 404 read as GetTask's TaskNotFoundError for a task the agent handed out) and REST-ERROR-001 (its body lacked the TASK_NOT_FOUND ErrorInfo)")
case("R2-v10-rest-post-task-refused-404-task-not-found",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1", {"id": "t1"}, method="POST", headers=RJ), NFT()],
     [("REST-VERB-001", E)],
     "POST /tasks/t1 refused 404 with a TASK_NOT_FOUND ErrorInfo: the route does not exist, which says nothing of task t1 (before: ID-TASK-001)")
case("R3-v10-rest-patch-task-refused-404-status",
     lambda: RC() + RSEND() + [req(H + "/tasks/t1", {"id": "t1"}, method="PATCH", headers=RJ), NF()],
     [("REST-VERB-001", E)],
     "PATCH /tasks/t1 refused 404 (before: ID-TASK-001 and REST-ERROR-001)")
case("R4-v10-rest-get-cancel-refused-404-status",
     lambda: RC() + RSEND() + [rget("/tasks/t1:cancel"), NF()],
     [("REST-VERB-001", E)],
     "GET /tasks/t1:cancel (cancel is POST) refused 404 with a google.rpc.Status body: the route, not the task")
case("R5-v10-rest-get-handed-out-task-404",
     lambda: RC() + RSEND() + [rget("/tasks/t1"), NFT()],
     [("ID-TASK-001", E)],
     "control that keeps its finding: GET /tasks/t1, the right verb, answered TaskNotFoundError for a task the agent handed out (ID-001)")
case("R6-legal-v10-rest-get-unknown-task-404",
     lambda: RC() + RSEND() + [rget("/tasks/t9"), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", msg="task t9 not found"), status=404, headers=RJR)],
     [],
     "control: GET of a task id nobody handed out answered TaskNotFoundError, the right answer (TASK-009)")

# --- A: an Authorization header under another scheme than the card's, served ------------------
BASIC = {"basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}}
BEAR = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}
BEARER = "Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."


def sec10(schemes, reqs=None):
    return card10(securitySchemes=schemes, securityRequirements=reqs if reqs is not None else [{"schemes": {n: {"list": []}} for n in schemes}])


def sec03(schemes):
    return card03(securitySchemes=schemes, security=[{n: []} for n in schemes])


SENT = lambda auth: [RPC(1, "SendMessage", P1, h={**V10, "authorization": auth}), resp(ok(1, {"task": task10()}))]
case("A1-v10-basic-card-bearer-served",
     lambda: getcard(sec10(BASIC)) + SENT(BEARER),
     [("AUTH-OPEN-001", E)],
     "the card's only scheme is HTTP Basic; the client sent a Bearer token and the agent served the call: the client did not send what the card asks (1.0 §7.3), the agent took a credential its card does not declare (§7.4); before: silent")
case("A2-v10-bearer-card-basic-served",
     lambda: getcard(sec10(BEAR)) + SENT("Basic dTE6cHc="),
     [("AUTH-OPEN-001", E)],
     "Basic credentials to a Bearer-only card, served (before: silent)")
case("A3-v03-basic-card-bearer-served",
     lambda: getcard(sec03({"basic": {"type": "http", "scheme": "basic"}})) + [req(A, rpc(1, "message/send", {"message": {"kind": "message", "messageId": "m1", "role": "user", "parts": [{"kind": "text", "text": "hi"}]}}), headers={**J, "authorization": BEARER}),
                                                                               resp(ok(1, {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "completed"}}))],
     [("AUTH-OPEN-001", E)],
     "0.3: an http basic scheme, a Bearer token sent and served (before: silent)")
case("A4-legal-v10-bearer-card-lower-case-bearer-served",
     lambda: getcard(sec10(BEAR)) + SENT("bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9."),
     [],
     "control: authentication scheme names compare case-insensitively (RFC 9110 §11.1)")
case("A5-legal-v10-basic-or-oauth2-card-bearer-served",
     lambda: getcard(sec10({**BASIC, "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/token", "scopes": {}}}}}})) + SENT(BEARER),
     [],
     "control: the card's requirements are Basic OR OAuth 2.0; a Bearer token is an OAuth 2.0 access token")
case("A6-v10-jwt-named-scheme-bearer-served",
     lambda: getcard(sec10({"jwt": {"httpAuthSecurityScheme": {"scheme": "JWT"}}})) + SENT(BEARER),
     [("AUTH-OPEN-001", E)],
     "the card names an authentication scheme no registry knows (\"JWT\", meant as Bearer with bearerFormat JWT) and the agent serves Bearer: the card does not say how the agent authenticates (AUTH-002); nothing is said of the client. Was a -legal- control of review34's (AUTH-SCHEME-003 judged the client only); with breaker34's AUTH-OPEN-001 kept for the served case, the agent's card is what to fix")
case("A7-legal-v10-basic-card-basic-served",
     lambda: getcard(sec10(BASIC)) + SENT("Basic dTE6cHc="),
     [],
     "control: Basic sent as the card asks, served")

write_cases(C, HERE)
