#!/usr/bin/env python3
"""left60: the l60-* variants (tests/cases/variants), one function per leftover of round 59.

Run from the repository root: python3 tests/cases/gen_l60.py. Writes each .jsonl and its
.expect.json (the prediction, written before the fix). Reuses gen_l59.py's builders."""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from gen_l59 import (HOST, batch, card03, card10, card_lines, msg03, msg10, ok, resp, rest, rpc,  # noqa: E402
                     task03, task10, write)


def exp(findings, note, legal_warnings=None):
    e = {"findings": [{"rule": r, "severity": s} for r, s in findings], "source": "left60", "note": note}
    if legal_warnings:
        e["allowed_warnings"] = legal_warnings
    return e


# ---- 1: a 501 with a JSON page body to a handed-out task's HTTP+JSON call ---------------------

PAGE = {"detail": "Not Implemented"}


def item1():
    # 1.0: the routes answered the send; the cancel of working task t1 answered 501 {"detail": ...}
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(9.0, "POST", "/api/tasks/t1:cancel", {}),
              resp(9.01, PAGE, 501)]
    write("l60-1-v10-rest-cancel-working-task-501-json-page", lines, exp(
        [("rest-error-shape", "error")],
        "left60 item 1 (round 59's leftover): POST /api/tasks/t1:cancel of working task t1 refused 501 with a JSON "
        "page body {\"detail\": \"Not Implemented\"} (a framework's default, FastAPI's): the route is there (t1 is the "
        "agent's), and the refusal lacks the A2A error in the binding's shape; REST-ERROR-001's words name the error "
        "owed (TaskNotCancelableError / UnsupportedOperationError as 400 FAILED_PRECONDITION + ErrorInfo, ERR-002, "
        "ERR-003, TASK-003) as they do for a text page (l59-1), not the generic AIP-193 words"))
    # 0.3: /v1 routes; the 0.3 A2A error object is owed
    lines = card_lines(card03("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/v1/message:send", {"message": msg03("m1"), "configuration": {"blocking": False}}, v10=False),
              resp(0.3, task03()),
              rest(9.0, "POST", "/api/v1/tasks/t1:cancel", None, v10=False),
              resp(9.01, PAGE, 501)]
    write("l60-1-v03-rest-cancel-working-task-501-json-page", lines, exp(
        [("rest-error-shape", "error")],
        "left60 item 1: the 0.3 route POST /api/v1/tasks/t1:cancel of working task t1 refused 501 "
        "{\"detail\": \"Not Implemented\"}: the 0.3 A2A error object {code: -32002 or -32004, message} under its HTTP "
        "status is owed (REST-003, TASK-003), and REST-ERROR-001's words say so"))
    # 1.0 GetTask of the handed-out task answered 501 {"detail": ...}: UnsupportedOperationError named
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(5.0, "GET", "/api/tasks/t1/pushNotificationConfigs"),
              resp(5.01, PAGE, 501)]
    write("l60-1-v10-rest-list-push-configs-501-json-page", lines, exp(
        [("rest-error-shape", "error")],
        "left60 item 1: GET /api/tasks/t1/pushNotificationConfigs of the handed-out task t1 refused 501 "
        "{\"detail\": \"Not Implemented\"} by an agent whose card says no push: PushNotificationNotSupportedError "
        "or UnsupportedOperationError in the google.rpc.Status shape is owed (ERR-002, ERR-003), and the words "
        "name it"))
    # legal neighbour: the cancel refused in shape
    lines = card_lines(card10("HTTP+JSON", HOST + "/api"))
    lines += [rest(0.2, "POST", "/api/message:send", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              resp(0.3, {"task": task10()}),
              rest(9.0, "POST", "/api/tasks/t1:cancel", {}),
              resp(9.01, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "cancel is not supported",
                                    "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                                 "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}},
                   400)]
    write("l60-1-legal-v10-rest-cancel-unsupported-operation", lines, exp(
        [], "left60 item 1, legal neighbour: the same cancel refused 400 FAILED_PRECONDITION with ErrorInfo "
            "UNSUPPORTED_OPERATION (an agent that cancels no task, ERR-002)"))


# ---- 2: evidence over two JSON-RPC batches, the batch suffix -----------------------------------

INTERNAL = {"code": -32603, "message": "Internal error"}
NF = {"code": -32001, "message": "Task not found",
      "data": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND",
                "domain": "a2a-protocol.org"}]}


def item2():
    # member 2 of a first batch answered -32603 (answer element 2), member 1 of a second batch -32001
    # for the same id (answer element 0: the agent answers in another order)
    lines = card_lines(card10())
    lines += [batch(1.0, [("GetTask", {"id": "t-gone-60a"}), ("GetTask", {"id": "t-gone-60b"}),
                          ("GetTask", {"id": "t-gone-60c"})]),
              resp(1.01, [{"jsonrpc": "2.0", "id": "b0", "error": NF}, {"jsonrpc": "2.0", "id": "b1", "error": NF},
                          {"jsonrpc": "2.0", "id": "b2", "error": INTERNAL}]),
              batch(2.0, [("GetTask", {"id": "t-gone-60d"}), ("GetTask", {"id": "t-gone-60c"})], "c"),
              resp(2.01, [{"jsonrpc": "2.0", "id": "c1", "error": NF}, {"jsonrpc": "2.0", "id": "c0", "error": NF}])]
    write("l60-2-v10-two-batches-internal-then-task-not-found", lines, exp(
        [("jsonrpc-error-code-mismatch", "error")],
        "left60 item 2 (round 59's leftover): member 2 of a first batch (GetTask t-gone-60c) answered -32603, "
        "member 1 of a second batch (answered as its element 0) -32001 for the same id: RPC-ERROR-001 pairs them; "
        "its words name both batches' members (the first batch's call element 2 / answer element 2, the second's "
        "call element 1 / answer element 0), not only the second's"))
    # one batch alone: the suffix names its member as before
    lines = card_lines(card10())
    lines += [batch(1.0, [("GetTask", {"id": "t-gone-60e"}), ("GetTask", {"id": "t-gone-60f"})]),
              resp(1.01, [{"jsonrpc": "2.0", "id": "b0", "error": NF}, {"jsonrpc": "2.0", "id": "b1", "error": INTERNAL}]),
              rpc(2.0, "GetTask", {"id": "t-gone-60f"}), resp(2.01, {"jsonrpc": "2.0", "id": "r2.0", "error": NF})]
    write("l60-2-v10-batch-internal-then-single-task-not-found", lines, exp(
        [("jsonrpc-error-code-mismatch", "error")],
        "left60 item 2, neighbour: member 1 of a batch answered -32603, the same id answered -32001 by a call sent "
        "alone: the pairing is told at the single call, whose words carry no batch suffix (the evidence points at "
        "/1/error/code of the batch, left59 item 6)"))


# ---- 3: f1322, a lookup that reads another member than the spec's id --------------------------

def item3():
    # 0.3: the f1322 shape at another agent: tasks/get {id} answered -32001 'Task not found: ' (an empty id)
    send = {"message": {"kind": "message", "messageId": "m1", "role": "user",
                        "parts": [{"kind": "text", "text": "draft the notes"}]}}
    task = {"kind": "task", "id": "t-60-1", "contextId": "c1",
            "status": {"state": "working", "timestamp": "2026-03-02T10:15:00.000Z"}}
    lines = card_lines(card03())
    lines += [rpc(0.2, "message/send", send, v10=False), ok(0.3, "r0.2", task),
              rpc(2.0, "tasks/get", {"id": "t-60-1"}, v10=False),
              resp(2.01, {"jsonrpc": "2.0", "id": "r2.0", "error": {"code": -32001, "message": "Task not found: "}})]
    write("l60-3-v03-get-answered-not-found-naming-no-id", lines, exp(
        [("task-id-not-resolvable", "error")],
        "left60 item 3 (f1322's kind): tasks/get {id: t-60-1} of the task the send just handed out answered "
        "-32001 'Task not found: ' naming no id: the agent's own words show it looked up an empty id, so it did "
        "not read params.id (0.3 TaskQueryParams.id, TASK-004); ID-TASK-001's words say that, not the guesses "
        "about a task stored only once finished or a load balancer"))
    # 1.0: GetTask {id} answered 'task None not found' (Python's None: the member it read is absent)
    lines = card_lines(card10())
    lines += [rpc(0.2, "SendMessage", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              ok(0.3, "r0.2", {"task": task10("t-60-2")}),
              rpc(2.0, "GetTask", {"id": "t-60-2"}),
              resp(2.01, {"jsonrpc": "2.0", "id": "r2.0", "error": dict(NF, message="task None not found")})]
    write("l60-3-v10-get-answered-not-found-naming-none", lines, exp(
        [("task-id-not-resolvable", "error")],
        "left60 item 3: GetTask {id: t-60-2} answered -32001 'task None not found': the agent looked up None, "
        "not the id the client sent, so it reads the id from another member than params.id (TASK-004); the words "
        "say so"))
    # neighbour: the agent's words name the very id sent: the lost task's words stay
    lines = card_lines(card10())
    lines += [rpc(0.2, "SendMessage", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
              ok(0.3, "r0.2", {"task": task10("t-60-3")}),
              rpc(2.0, "GetTask", {"id": "t-60-3"}),
              resp(2.01, {"jsonrpc": "2.0", "id": "r2.0", "error": dict(NF, message="task t-60-3 not found")})]
    write("l60-3-v10-get-answered-not-found-naming-the-id", lines, exp(
        [("task-id-not-resolvable", "error")],
        "left60 item 3, neighbour: the not-found words name t-60-3, the id the client sent: the agent read it and "
        "lost the task (ID-001), and ID-TASK-001's words stay the lost task's"))


# ---- part 1's false positive: "Field is required." read as a member named Field --------------

def item4():
    # a2a-python 1.3.0's refusal of a malformed HTTP+JSON send (the probe's marked negative test,
    # message a string): 400 INVALID_ARGUMENT, ErrorInfo metadata and BadRequest naming the fields
    # in "Field is required." words (its metadata value a list: REST-ERROR-001, a real SDK fault)
    violations = [{"field": "message.message_id", "message": "Field is required."},
                  {"field": "message.role", "message": "Field is required."}]
    body = {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Validation failed", "details": [
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_PARAMS",
         "domain": "a2a-protocol.org", "metadata": {"errors": json.dumps(violations)}},
        {"@type": "type.googleapis.com/google.rpc.BadRequest",
         "fieldViolations": [{"field": v["field"], "description": v["message"]} for v in violations]}]}}
    req = rest(0.2, "POST", "/api/message:send", {"message": "not a message"})
    req["headers"]["a2a-interop-probe"] = "negative-test"
    lines = card_lines(card10("HTTP+JSON", HOST + "/api")) + [req, resp(0.3, body, 400)]
    write("l60-4-legal-v10-rest-malformed-send-field-is-required", lines, exp(
        [], "left60 (part 1, a2a-python's answer to the probe's malformed send): a 400 INVALID_ARGUMENT whose "
            "violations say \"Field is required.\" for message.message_id and message.role, A2A's own members: "
            "the refusal is right (ERR-006). Before left60 RPC-ERROR-003 read the English word Field, after the "
            "JSON string's opening quote, as a quoted member name: \"it requires Field, a member no A2A request of "
            "this version defines\" (DATA-004)"))


# ---- part 1's false positive: ListTasks paging while a task runs ------------------------------

def item5():
    def listing(first_state):
        ts = "2026-03-02T10:15:0{}.000Z"
        lines = card_lines(card10())
        lines += [rpc(0.1, "SendMessage", {"message": msg10("m1"), "configuration": {"returnImmediately": True}}),
                  ok(0.2, "r0.1", {"task": task10("t-60-run", first_state)})]
        for n, t in ((2, 0.3), (3, 0.5)):
            lines += [rpc(t, "SendMessage", {"message": msg10(f"m{n}")}),
                      ok(t + 0.1, f"r{t}", {"task": task10(f"t-60-{n}", "TASK_STATE_COMPLETED",
                                                           status={"state": "TASK_STATE_COMPLETED",
                                                                   "timestamp": ts.format(n)})})]
        # page 1 (newest status first): t-60-3, t-60-2; the running task's status then changes
        # on the agent and it sorts first, before the cursor: page 2 is empty and last
        lines += [rpc(1.0, "ListTasks", {"pageSize": 2}),
                  ok(1.1, "r1.0", {"tasks": [task10("t-60-3", "TASK_STATE_COMPLETED",
                                                    status={"state": "TASK_STATE_COMPLETED", "timestamp": ts.format(3)}),
                                             task10("t-60-2", "TASK_STATE_COMPLETED",
                                                    status={"state": "TASK_STATE_COMPLETED", "timestamp": ts.format(2)})],
                                   "nextPageToken": "cursor-2", "pageSize": 2, "totalSize": 3}),
                  rpc(1.2, "ListTasks", {"pageSize": 2, "pageToken": "cursor-2"}),
                  ok(1.3, "r1.2", {"tasks": [], "nextPageToken": "", "pageSize": 2, "totalSize": 3})]
        return lines
    write("l60-5-legal-v10-list-paging-while-a-task-runs", listing("TASK_STATE_WORKING"), exp(
        [], "left60 (part 1, a2a-python agent with a task still working while an SDK client paged ListTasks): "
            "the working task t-60-run changed status during the paging and newest-status-first order (DATA-007) "
            "put it before the cursor, so the pages list 2 of totalSize 3: legal. Before left60 DATA-LIST-004 "
            "(\"the client cannot fetch the other 1\")"))
    write("l60-5-v10-list-paging-loses-a-finished-task", listing("TASK_STATE_COMPLETED"), exp(
        [("list-tasks-paging-broken", "error")],
        "left60, neighbour: the same paging when every task had finished before it (none can move): the last page "
        "ends with 2 of totalSize 3 listed, DATA-LIST-004 as before"))


if __name__ == "__main__":
    item1()
    item2()
    item3()
    item4()
    item5()
