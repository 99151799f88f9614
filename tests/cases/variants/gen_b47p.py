"""Variants of probe47's widened rule (prefix b47p-): python3 tests/cases/variants/gen_b47p.py

S: DATA-LIST-006 (list-tasks-misses-known-task, warning) for a 1.0 ListTasks filtered by a
   terminal state (status TASK_STATE_COMPLETED) that leaves out a task the same caller's send
   created and whose latest answer (GetTask) showed it in that state: a terminal state never
   changes (TASK-001), so the filtered listing must hold it (DATA-007, 1.0 §3.1.4). The
   prober's lifecycle.list-tasks failed this alone until session 47 (misbehave47
   rest-list-status-hides): HTTP+JSON `GET /tasks?contextId=..&status=..`, JSON-RPC
   ListTasks, and the status as its proto enum number (3) on JSON-RPC.
   Controls (legal, silent): the listing holds the task; a filter for another state than
   the task's latest (TASK_STATE_WORKING while it is completed); a filter for a state the
   task may have left unseen (TASK_STATE_INPUT_REQUIRED: not judged); a listing that pages
   on (nextPageToken), so it is not the whole listing.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, rpc, ok, task10, umsg10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card10, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

SRC = "probe47 (session 47) misbehave47 rest-list-status-hides"
MISSES = ("list-tasks-misses-known-task", "warning")
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
CARD_URL = A + "/.well-known/agent-card.json"
RCARD10 = card10(RA, binding="HTTP+JSON")
CARD10 = card10(A + "/a2a")

def rest_run(tid, ctx, state, status, listed, nxt=""):
    """Card, a send answered with task `tid` in `state`, its GetTask (same state), then GET
    /tasks by contextId and `status` answering the tasks `listed`."""
    return [req(0.0, "GET", RCARD), resp(0.01, 200, RCARD10),
            req(0.1, "POST", RA + "/message:send", {"message": umsg10("task hello", mid="m-" + tid)}, ver="1.0", ctype=A2AJ),
            resp(0.12, 200, {"task": task10(tid, ctx, state)}, ctype=A2AJ),
            req(0.2, "GET", RA + "/tasks/" + tid, ver="1.0"),
            resp(0.21, 200, task10(tid, ctx, state), ctype=A2AJ),
            req(0.3, "GET", RA + "/tasks?contextId=%s&status=%s" % (ctx, status), ver="1.0"),
            resp(0.31, 200, {"tasks": [task10(t, ctx, state) for t in listed], "nextPageToken": nxt, "pageSize": 50, "totalSize": len(listed) + (1 if nxt else 0)}, ctype=A2AJ)]

def rpc_run(tid, ctx, state, status, listed):
    """The same over JSON-RPC (SendMessage, GetTask, ListTasks)."""
    return [req(0.0, "GET", CARD_URL), resp(0.01, 200, CARD10),
            req(0.1, "POST", A + "/a2a", rpc("s1", "SendMessage", {"message": umsg10("task hello", mid="m-" + tid)}), ver="1.0"),
            resp(0.12, 200, ok("s1", {"task": task10(tid, ctx, state)})),
            req(0.2, "POST", A + "/a2a", rpc("g1", "GetTask", {"id": tid}), ver="1.0"),
            resp(0.21, 200, ok("g1", task10(tid, ctx, state))),
            req(0.3, "POST", A + "/a2a", rpc("l1", "ListTasks", {"contextId": ctx, "status": status}), ver="1.0"),
            resp(0.31, 200, ok("l1", {"tasks": [task10(t, ctx, state) for t in listed], "nextPageToken": "", "pageSize": 50, "totalSize": len(listed)}))]

NOTE = ("1.0 ListTasks by contextId and status %s, complete on one page, lists no task, yet the "
        "caller's send created task t-s%s in that context and its GetTask answered it %s, a terminal "
        "state that never changes (TASK-001): DATA-007 / 1.0 §3.1.4, the listing holds every task of "
        "the caller's that matches the filters")

case("b47p-S1-v10-rest-list-tasks-status-completed-leaves-out-completed-task",
     rest_run("t-s1", "c-s1", "TASK_STATE_COMPLETED", "TASK_STATE_COMPLETED", []),
     [MISSES], SRC, NOTE % ("TASK_STATE_COMPLETED", "1", "TASK_STATE_COMPLETED"))
case("b47p-S2-v10-list-tasks-status-completed-leaves-out-completed-task",
     rpc_run("t-s2", "c-s2", "TASK_STATE_COMPLETED", "TASK_STATE_COMPLETED", []),
     [MISSES], SRC, NOTE % ("TASK_STATE_COMPLETED", "2", "TASK_STATE_COMPLETED"))
case("b47p-S3-v10-list-tasks-status-number-leaves-out-canceled-task",
     rpc_run("t-s3", "c-s3", "TASK_STATE_CANCELED", 5, []),
     [MISSES], SRC, NOTE % ("5 (the proto enum number of TASK_STATE_CANCELED)", "3", "TASK_STATE_CANCELED"))

case("b47p-S4-legal-v10-rest-list-tasks-status-completed-lists-the-task",
     rest_run("t-s4", "c-s4", "TASK_STATE_COMPLETED", "TASK_STATE_COMPLETED", ["t-s4"]),
     [], SRC, "control: the filtered listing holds the completed task")
case("b47p-S5-legal-v10-rest-list-tasks-status-working-leaves-out-completed-task",
     rest_run("t-s5", "c-s5", "TASK_STATE_COMPLETED", "TASK_STATE_WORKING", []),
     [], SRC, "control: the filter names another state than the task's latest (completed), so leaving it out is right")
case("b47p-S6-legal-v10-list-tasks-status-input-required-leaves-out-waiting-task",
     rpc_run("t-s6", "c-s6", "TASK_STATE_INPUT_REQUIRED", "TASK_STATE_INPUT_REQUIRED", []),
     [], SRC, "control: input-required is no terminal state, the task may have moved on unseen since its GetTask, so the filter is not judged")
case("b47p-S7-legal-v10-rest-list-tasks-status-completed-pages-on",
     rest_run("t-s7", "c-s7", "TASK_STATE_COMPLETED", "TASK_STATE_COMPLETED", [], nxt="p1"),
     [], SRC, "control: the page hands out a nextPageToken, so it is not the whole listing and the task may be on the next page")

write_cases(cases, HERE)
