"""Variants of miner mine33b (prefix b33b-): python3 tests/cases/variants/gen_b33b.py

Each proves a widening of session 33's round thirty-three (field cases f760-f775, listing and
cancelling tasks) on traffic the field cases do not hold, with legal controls beside it:
A: DATA-LIST-006 (list-tasks-misses-known-task): a 1.0 ListTasks without a status filter (or
   with TASK_STATE_UNSPECIFIED), complete on one page, that leaves out a task the same agent
   handed out to the same caller under 10 minutes before (a2a-js #614: the absent status
   decoded as TASK_STATE_UNSPECIFIED filtered every task out) went unjudged. Quiet for tasks
   of other credentials, tasks older than the window, a status or timestamp filter, a page
   reached through a pageToken or followed by one, another contextId, 0.3 tasks, tasks first
   seen in a read (a list page) rather than a send's answer.
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
A2AJ = "application/a2a+json"
TS2 = "2026-03-02T10:16:00.000Z"
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
R = A + "/a2a/rest"
RCARD = copy.deepcopy(CARD10)
RCARD["supportedInterfaces"] = [{"url": R, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
S614 = "https://github.com/a2aproject/a2a-js/issues/614"
def send(t, rid, tid, cid, state="TASK_STATE_COMPLETED", ts=TS, hdr=None):
    return [req(t, "POST", A + "/a2a", rpc(rid, "SendMessage", {"message": umsg10("task " + rid, mid="m-" + rid)}), ver="1.0", hdr=hdr),
            resp(t + 0.05, 200, ok(rid, {"task": task10(tid, cid, state, ts=ts)}))]
def rest_send(t, tid, cid, state="TASK_STATE_COMPLETED", hdr=None):
    return [req(t, "POST", R + "/message:send", {"message": umsg10("task " + tid, mid="m-" + tid)}, ver="1.0", ctype=A2AJ, hdr=hdr),
            resp(t + 0.05, 200, {"task": task10(tid, cid, state)}, ctype=A2AJ)]
def lst(t, rid, params, tasks, nxt="", size=50, hdr=None, total=None):
    return [req(t, "POST", A + "/a2a", rpc(rid, "ListTasks", params), ver="1.0", hdr=hdr),
            resp(t + 0.01, 200, ok(rid, {"tasks": tasks, "nextPageToken": nxt, "pageSize": size, "totalSize": len(tasks) if total is None else total}))]
BOB = {"authorization": "Bearer bob-91c2"}
ALICE = {"authorization": "Bearer alice-7f3a"}

# --- A: faults -------------------------------------------------------------------------------------
case("b33b-A1-v10-rest-list-tasks-no-params-lists-none", get_card(0.0, RCARD)
    + rest_send(0.1, "t-A1a", "c-A1", hdr=BOB) + rest_send(0.3, "t-A1b", "c-A1b", state="TASK_STATE_INPUT_REQUIRED", hdr=BOB) + [
    req(2.0, "GET", R + "/tasks", ver="1.0", hdr=BOB),
    resp(2.01, 200, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}, ctype=A2AJ),
], [("list-tasks-misses-known-task", "warning")], S614,
 "HTTP+JSON GET /tasks without query parameters, the same bearer token on every call: both tasks of this caller are missing (DATA-007)")
case("b33b-A2-v10-list-tasks-unspecified-status-lists-one-of-two", get_card(0.0, CARD10)
    + send(0.1, "A2a", "t-A2a", "c-A2") + send(0.3, "A2b", "t-A2b", "c-A2", ts=TS2)
    + lst(1.0, "l-A2", {"status": "TASK_STATE_UNSPECIFIED", "pageSize": 10}, [task10("t-A2b", "c-A2", "TASK_STATE_COMPLETED", ts=TS2)], size=10),
 [("list-tasks-misses-known-task", "warning")], S614,
 "TASK_STATE_UNSPECIFIED is no filter (proto3 zero value); the complete page (1 of at most 10) leaves out t-A2a, created by the same unauthenticated caller (DATA-007)")
case("b33b-A3-v10-list-tasks-context-filter-misses-own-task", get_card(0.0, CARD10)
    + send(0.1, "A3a", "t-A3a", "c-A3", hdr=ALICE) + send(0.3, "A3b", "t-A3b", "c-A3other", hdr=ALICE)
    + lst(1.0, "l-A3", {"contextId": "c-A3"}, [], hdr=ALICE),
 [("list-tasks-misses-known-task", "warning")], S614,
 "contextId c-A3 and no status: t-A3a of that context is missing; t-A3b (another context) is rightly not listed")

# --- A: legal controls ---------------------------------------------------------------------------
case("b33b-A4-legal-v10-list-tasks-status-filter-excludes-task", get_card(0.0, CARD10)
    + send(0.1, "A4a", "t-A4a", "c-A4")
    + lst(1.0, "l-A4", {"status": "TASK_STATE_WORKING"}, []),
 [], S614, "legal: the request filters status WORKING and t-A4a is COMPLETED (DATA-007)")
case("b33b-A5-legal-v10-list-tasks-task-older-than-window", get_card(0.0, CARD10)
    + send(0.1, "A5a", "t-A5a", "c-A5")
    + lst(900.0, "l-A5", {}, []),
 [], S614, "legal as judged: the task was handed out 15 minutes before the list, and an agent may purge finished tasks (retention is the agent's)")
case("b33b-A6-legal-v10-list-tasks-page-token-page", get_card(0.0, CARD10)
    + send(0.1, "A6a", "t-A6a", "c-A6") + send(0.2, "A6b", "t-A6b", "c-A6")
    + lst(1.0, "l-A6a", {"pageSize": 1}, [task10("t-A6b", "c-A6", "TASK_STATE_COMPLETED")], nxt="tok-1", size=1, total=2)
    + [req(1.5, "POST", A + "/a2a", rpc("l-A6b", "ListTasks", {"pageSize": 1, "pageToken": "tok-1"}), ver="1.0"),
       resp(1.51, 200, ok("l-A6b", {"tasks": [task10("t-A6a", "c-A6", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 1, "totalSize": 2}))],
 [], S614, "legal: each page lists part of the tasks; the first hands out a nextPageToken, the second is reached through it (cursor paging, DATA-007)")
case("b33b-A7-legal-v10-list-tasks-other-agent-task", get_card(0.0, CARD10)
    + [req(0.1, "POST", A + "/other/a2a", rpc("A7a", "SendMessage", {"message": umsg10("task A7a", mid="m-A7a")}), ver="1.0"),
       resp(0.15, 200, ok("A7a", {"task": task10("t-A7a", "c-A7", "TASK_STATE_COMPLETED")}))]
    + lst(1.0, "l-A7", {}, []),
 [], S614, "legal: t-A7a was handed out by another JSON-RPC endpoint (another agent, RPC-001); this agent's list need not hold it")
case("b33b-A8-legal-v10-list-tasks-after-03-task", get_card(0.0, CARD10)
    + [req(0.1, "POST", A + "/a2a", rpc("A8a", "message/send", {"message": umsg03("task A8a", mid="m-A8a")})),
       resp(0.15, 200, ok("A8a", task03("t-A8a", "c-A8", "completed")))]
    + lst(1.0, "l-A8", {}, []),
 [], S614, "legal as judged: the task was created through 0.3 message/send; whether a 1.0 ListTasks lists a 0.3 task of a dual-version agent is the agent's store, not DATA-007's")

case("b33b-A9-legal-v10-list-tasks-task-first-seen-in-a-list", get_card(0.0, CARD10)
    + lst(0.1, "l-A9a", {}, [task10("t-A9a", "c-A9", "TASK_STATE_COMPLETED")])
    + lst(1.0, "l-A9b", {}, []),
 [], S614, "legal as judged: t-A9a was first seen in a ListTasks page, not handed out by a send of this caller; a later list may leave it out (purged, or the first list was the odd one: legal-b11-K18)")

write_cases(cases, HERE)
