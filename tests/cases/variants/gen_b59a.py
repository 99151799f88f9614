"""Variants of miner mine59 (prefix b59a-): python3 tests/cases/variants/gen_b59a.py

Each puts one of session 59's missed kinds (round fifty-nine) on traffic its field case does
not hold, with controls beside it. All were written before the fix and run on the branch's
first binary (FIELD-CASES.md "Round fifty-nine" gives their verdicts then).
A: a 0.2 / 0.3 JSON-RPC Task written with its id under taskId (TASK-004, DATA-001, ID-001;
   field cases f1320 / f1322, aliveclaw/agos's pydantic alias): the shape is told as a Task
   named by taskId (not a status update event), and the task is still read for the lifecycle
   and the lookups: a 0.2 cancel of the completed task answered canceled, a 0.3 tasks/get of
   it answered -32603 'Task ... not found'. Control: a kind-less status update event
   {taskId, contextId, status, final} as a send result (the shape only, no task read).
B: a cancel of a task the agent reported terminal, answered TaskNotFoundError (TASK-003,
   ERR-002; field case f1323, AltairaLabs/PromptKit's task store): a 0.2 tasks/cancel -32001
   (RPC-ERROR-006), a 1.0 CancelTask -32001 with its ErrorInfo (RPC-ERROR-001). Controls: a
   cancel of a task finished over a minute before (may be purged: silent), a cancel of a
   working task answered -32001 (the lost task, ID-TASK-001, as before).
C: a client's SetTaskPushNotificationConfig, a 1.0 draft's name for
   CreateTaskPushNotificationConfig (RPC-003; field case f1334, neuroglia-io/a2a-net's
   client), refused by a 0.3 agent and by a 1.0 agent with HTTP 404. Control: an agent that
   serves the name itself (a2a-net's own server): not judged.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SA = ("https://github.com/aliveclaw/agos/blob/e3b6fc83098186574c2c0736022510b49980c931/agos/a2a/models.py "
      "(A2ATask: 'task_id: str = Field(default_factory=new_id, alias=\"taskId\")', no kind: the task named by taskId)")
SB = ("https://github.com/AltairaLabs/PromptKit/blob/187735662ad96b9c83aaa46c71acb75486e0c6b0/runtime/a2a/server.go "
      "(handleCancelTask answers every store error -32001, a task in a terminal state included)")
SC = ("https://github.com/neuroglia-io/a2a-net/blob/9465776a07fd1af4f9919e051cf38180cf2b5e37/src/A2A.Core.JsonRpc/A2AJsonRpcMethod.cs "
      "('public const string Set = \"SetTaskPushNotificationConfig\";')")
R = "https://vari59.example.test"
H = {"cache-control": "public, max-age=120", "etag": '"v59-card-1"'}
T = "task-59-a"
def card_get(card, url=R + "/.well-known/agent-card.json"):
    return [req(0.0, "GET", url), resp(0.01, 200, card, hdr=H)]
def named_by_taskid(tid, state, ts=TS, cid="ctx-59"):
    return {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": ts},
            "artifacts": [{"artifactId": "a-59", "parts": [{"kind": "text", "text": "done"}]}],
            "history": [{"kind": "message", "messageId": "m-59-h", "role": "user", "parts": [{"kind": "text", "text": "go"}]}]}
C03 = card03(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False})
C02 = dict(card03(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False}), protocolVersion="0.2.5")
C02.pop("preferredTransport")
C10 = card10(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False})

# --- A: 0.x tasks named by taskId, read for the lifecycle and the lookups
case("b59a-A1-v02-cancel-completed-task-named-by-taskid", card_get(C02) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("summarise", mid="m-59-1")})),
    resp(0.9, 200, ok(1, named_by_taskid(T, "completed"))),
    req(1.2, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(1.21, 200, ok(2, named_by_taskid(T, "canceled", ts="2026-03-02T10:15:02.000Z"))),
], [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error"), ("result-invalid-shape", "error")], SA,
     "a 0.2 send answered with a task named by taskId, completed; its cancel answered canceled: a terminal task cannot be canceled (TASK-003)")
case("b59a-A2-v03-get-task-named-by-taskid-not-found", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-59-2"), "configuration": {"blocking": False}})),
    resp(0.25, 200, ok(1, named_by_taskid(T, "working"))),
    req(1.0, "POST", R + "/a2a", rpc(2, "tasks/get", {"id": T})),
    resp(1.01, 200, err(2, -32603, "Task task-59-a not found")),
], [("task-id-not-resolvable", "error"), ("jsonrpc-error-code-mismatch-0x", "warning"), ("result-invalid-shape", "error")], SA,
     "the 0.3 task the send handed out (named by taskId) is answered 'not found' by tasks/get naming it: the agent lost its task (ID-001)")
case("b59a-AC1-control-v03-send-result-kindless-status-update", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-59-3")})),
    resp(0.25, 200, ok(1, {"taskId": T, "contextId": "ctx-59", "status": {"state": "working", "timestamp": TS}, "final": False})),
    req(1.0, "POST", R + "/a2a", rpc(2, "tasks/get", {"id": T})),
    resp(1.01, 200, err(2, -32001, "Task not found")),
], [("result-invalid-shape", "error")], SA,
     "control: a send answered with a kind-less status update event (final beside status, no artifacts or history) is no task: the shape is told, no task is read, so the later not-found is no lost task")

# --- B: a cancel of a finished task answered TaskNotFoundError
case("b59a-B1-v02-cancel-completed-answered-task-not-found", card_get(C02) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("summarise", mid="m-59-4")})),
    resp(0.9, 200, ok(1, task03(T, "ctx-59", "completed"))),
    req(1.2, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(1.21, 200, err(2, -32001, "Task not found")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SB,
     "a 0.2.5 cancel of the task it just answered completed, refused -32001: -32002 TaskNotCancelableError fits (0.2.5 §8.2, ERR-002)")
case("b59a-B2-v10-cancel-completed-answered-task-not-found", card_get(C10) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "SendMessage", {"message": umsg10("summarise", mid="m-59-5")}), ver="1.0"),
    resp(0.9, 200, ok(1, {"task": task10(T, "ctx-59", "TASK_STATE_COMPLETED")})),
    req(1.2, "POST", R + "/a2a", rpc(2, "CancelTask", {"id": T}), ver="1.0"),
    resp(1.21, 200, err(2, -32001, "Task not found", ei("TASK_NOT_FOUND"))),
], [("jsonrpc-error-code-mismatch", "error")], SB,
     "a 1.0 CancelTask of the completed task refused TaskNotFoundError: TaskNotCancelableError -32002 is due (1.0 §3.1.5, ERR-002)")
case("b59a-BC1-control-v03-cancel-long-finished-task-not-found", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("summarise", mid="m-59-6")})),
    resp(0.9, 200, ok(1, task03(T, "ctx-59", "completed"))),
    req(95.0, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(95.01, 200, err(2, -32001, "Task not found")),
], [], SB,
     "control: the task finished 94 s before the cancel and may have been purged (1.0 §3.3.2): not found is a right answer then")
case("b59a-BC2-control-v03-cancel-working-task-not-found", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-59-7"), "configuration": {"blocking": False}})),
    resp(0.25, 200, ok(1, task03(T, "ctx-59", "working"))),
    req(1.2, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(1.21, 200, err(2, -32001, "Task not found")),
], [("task-id-not-resolvable", "error")], SB,
     "control: a cancel of the task last seen working answered -32001: the agent lost a running task (ID-TASK-001, as before), no cancelable-code mismatch")

# --- C: SetTaskPushNotificationConfig
case("b59a-C1-v03-client-set-task-push-config-method", card_get(dict(C03, capabilities={"streaming": False, "pushNotifications": True})) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-59-8"), "configuration": {"blocking": False}})),
    resp(0.25, 200, ok(1, task03(T, "ctx-59", "working"))),
    req(0.4, "POST", R + "/a2a", rpc(2, "SetTaskPushNotificationConfig", {"taskId": T, "pushNotificationConfig": {"url": "https://hooks.vari59.example.test/a2a"}})),
    resp(0.41, 200, err(2, -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SC,
     "the client's SetTaskPushNotificationConfig to a 0.3 agent, which calls it tasks/pushNotificationConfig/set: -32601 (RPC-003)")
case("b59a-C2-v10-client-set-task-push-config-http-404", card_get(dict(C10, capabilities={"streaming": False, "pushNotifications": True})) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long report", mid="m-59-9"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": task10(T, "ctx-59", "TASK_STATE_WORKING")})),
    req(0.4, "POST", R + "/a2a", rpc(2, "SetTaskPushNotificationConfig", {"taskId": T, "url": "https://hooks.vari59.example.test/a2a"}), ver="1.0"),
    resp(0.41, 404, err(2, -32601, "Method not found: SetTaskPushNotificationConfig")),
], [("client-method-name-wrong-case", "note")], SC,
     "the same name to a 1.0 agent that refuses an unknown method with HTTP 404 and -32601 (RPC-003)")
case("b59a-CL1-legal-v10-agent-serves-set-task-push-config", card_get(dict(C10, capabilities={"streaming": False, "pushNotifications": True})) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long report", mid="m-59-10"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": task10(T, "ctx-59", "TASK_STATE_WORKING")})),
    req(0.4, "POST", R + "/a2a", rpc(2, "SetTaskPushNotificationConfig", {"taskId": T, "url": "https://hooks.vari59.example.test/a2a"}), ver="1.0"),
    resp(0.41, 200, ok(2, {"taskId": T, "id": "cfg-59", "url": "https://hooks.vari59.example.test/a2a"})),
], [], SC,
     "control: an agent that serves the draft name itself (a2a-net's own server) runs a method of its own; a served call is not judged")

write_cases(cases, HERE)
