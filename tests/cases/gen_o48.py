"""Writes the o48 transcripts (open48 item 3): a JSON-RPC task call whose params carry a
member of the call's own request message but no `id`, the REQUIRED member that names the
task. By the spec:
- 1.0: GetTaskRequest / CancelTaskRequest / SubscribeToTaskRequest `id` is REQUIRED
  (a2a.proto field_behavior, §5.7); 0.3/0.2: TaskQueryParams / TaskIdParams require `id`
  (0.3:schema). A client that sends `{"historyLength": 10}` sends GetTask with its
  REQUIRED id lost (a serializer that dropped it, an id never filled in): the client's
  fault, DATA-PARAM-003 (error, as for a push config call lacking its REQUIRED ids), in
  both generations.
- The agent's answer is judged too: -32602 InvalidParams (ERR-006, validate input first)
  or -32001 TaskNotFound for the empty id it looked up are right; a task answered is
  DATA-PARAM-004 (the agent guessed which task).
- Params that carry nothing (`{}`) or only members no request defines (`{"foo": "x"}`) are
  how conformance suites probe -32602: not the client's fault here (legal controls), nor
  is a GetTask that names its id beside historyLength.
Run from the repo root: python3 tests/cases/gen_o48.py"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "field"))
sys.path.insert(0, HERE)
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

OUT = os.path.join(HERE, "variants")
SRC = "open48 (a task call without its REQUIRED id: 1.0 GetTaskRequest.id, 0.3 TaskQueryParams.id)"
C = {}
case = case_maker(C, "o48-", SRC)


INVALID03 = lambda i: err(i, -32602, "Invalid params: id is required")


def task_then(call, answer, v1=True):
    """A send that makes task t1, then `call` (a JSON-RPC request) answered `answer`."""
    if v1:
        return (C10()
                + [RPC(1, "SendMessage", {"message": msg10("job")}), resp(ok(1, {"task": tsk("COMPLETED")}))]
                + [req(A, call, headers=V10), resp(answer)])
    return (C03()
            + [R0(1, "message/send", {"message": msg03("job")}), resp(ok(1, t03("completed")))]
            + [req(A, call, headers=J03), resp(answer)])


# faults: the client's ---------------------------------------------------------------------------
case("F1-v10-jsonrpc-get-task-history-length-without-id-refused-32602",
     lambda: task_then(rpc(2, "GetTask", {"historyLength": 10}), INVALID03(2)),
     [("DATA-PARAM-003", "error")],
     "a 1.0 client's GetTask with params {\"historyLength\": 10} and no id: GetTaskRequest.id is REQUIRED, the client lost it; the agent's -32602 is right (open48: only an agent that answered the task was told, DATA-PARAM-004)")
case("F2-v03-jsonrpc-tasks-get-history-length-without-id-refused-32602",
     lambda: task_then(rpc(2, "tasks/get", {"historyLength": 10}), INVALID03(2), v1=False),
     [("DATA-PARAM-003", "error")],
     "the same in 0.3: tasks/get {\"historyLength\": 10}, TaskQueryParams requires id (0.3 schema)")
case("F3-v10-jsonrpc-get-task-history-length-without-id-answered-with-task",
     lambda: task_then(rpc(2, "GetTask", {"historyLength": 10}), ok(2, tsk("COMPLETED"))),
     [("DATA-PARAM-003", "error"), ("DATA-PARAM-004", "warning")],
     "the client's GetTask without id (its fault) answered with task t1 (the agent's: it guessed which task instead of refusing the call with -32602): both told")
case("F4-v10-jsonrpc-cancel-task-metadata-without-id-not-found",
     lambda: task_then(rpc(2, "CancelTask", {"metadata": {"reason": "user"}}), err(2, -32001, "Task not found")),
     [("DATA-PARAM-003", "error")],
     "a 1.0 CancelTask whose params carry metadata (a CancelTaskRequest member) but no id; the agent's -32001 for the empty id it looked up is legal")
case("F5-v03-jsonrpc-tasks-resubscribe-metadata-without-id-refused",
     lambda: task_then(rpc(2, "tasks/resubscribe", {"metadata": {"k": "v"}}), INVALID03(2), v1=False),
     [("DATA-PARAM-003", "error")],
     "0.3 tasks/resubscribe with TaskIdParams metadata and no id: the client's fault")
# legal controls -----------------------------------------------------------------------------------
case("L1-legal-v10-jsonrpc-get-task-empty-params-refused-32602",
     lambda: task_then(rpc(2, "GetTask", {}), INVALID03(2)),
     [],
     "GetTask with params {}: how conformance suites probe -32602; the agent refuses it, nothing to tell")
case("L2-legal-v10-jsonrpc-get-task-foreign-member-refused-32602",
     lambda: task_then(rpc(2, "GetTask", {"foo": "bar"}), INVALID03(2)),
     [],
     "GetTask with a member no request defines and no id: a probe of -32602 too, not judged as a client that meant a task")
case("L3-legal-v10-jsonrpc-get-task-id-and-history-length",
     lambda: task_then(rpc(2, "GetTask", {"id": "t1", "historyLength": 10}), ok(2, tsk("COMPLETED"))),
     [],
     "GetTask naming its id beside historyLength: a correct call, answered with the task")
case("L4-legal-v03-jsonrpc-tasks-get-empty-params-refused-32602",
     lambda: task_then(rpc(2, "tasks/get", {}), INVALID03(2), v1=False),
     [],
     "0.3 tasks/get {} refused -32602: a probe, nothing to tell")
write_cases(C, OUT)
