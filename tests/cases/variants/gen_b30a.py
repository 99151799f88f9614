"""Writes miner mine30a's transcript variants (prefix b30a-): python3 tests/cases/variants/gen_b30a.py

Round twenty-six (multi-turn conversations) widened or narrowed three kinds; each group
proves the whole kind, with controls:
E: a message's taskId / contextId "" is the proto3 default of an unset string: it names no
   task (a new task is no adoption of a client task id) and no context (a taskId-only
   follow-up, whose context the agent must infer) (f632, a2a-dotnet PR #124).
R: a follow-up the agent refused (contextId of another context, ID-003; a terminal task,
   TASK-002) that a later read lists in the task's history (f637, a2a-js PR #434).
N: TaskNotFoundError for a follow-up naming its task with another contextId is the
   rejection ID-003 asks for, not a lost task (ID-TASK-001).
"""
import copy, json, os
HERE = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(HERE, "..", "field", "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, rpc, ok, err, task10, ...
OUT = HERE

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
AJ = "application/a2a+json"
RPC_URL = A + "/a2a"
CARD_URL = A + "/.well-known/agent-card.json"
def js(o):
    return json.dumps(o, separators=(",", ":"))
def card10(url=RPC_URL, binding="JSONRPC"):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    return c
def card03():
    return {"protocolVersion": "0.3.0", "name": "assistant", "description": "AI assistant", "url": RPC_URL,
            "preferredTransport": "JSONRPC", "version": "1.0.0", "capabilities": {"streaming": True},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}
def get_card(card):
    return [req(0.0, "GET", CARD_URL), resp(0.01, 200, card)]
def jreq(t, i, method, params, **kw):
    return req(t, "POST", RPC_URL, rpc(i, method, params), ver="1.0", **kw)
def jok(t, i, result):
    return resp(t, 200, ok(i, result))
def jerr(t, i, code, msg):
    return resp(t, 200, err(i, code, msg))
def rest_req(t, method, url, body=""):
    return req(t, method, url, body, ver="1.0", ctype=AJ, accept=AJ)
def rest_resp(t, status, body):
    return resp(t, status, body, ctype=AJ, hdr={"a2a-version": "1.0"})
def sse_rpc(i, result):
    return "data: " + js(ok(i, result)) + "\n\n"
def art(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
def interrupted(tid, cid, question, history=None):
    """A 1.0 INPUT_REQUIRED task asking `question` (status.message), with `history`."""
    q = amsg10(question, mid="q-" + tid, taskId=tid, contextId=cid)
    t = task10(tid, cid, "TASK_STATE_INPUT_REQUIRED")
    t["status"]["message"] = q
    if history is not None:
        t["history"] = history + [q]
    return t
EMPTY = "mine30a f632 / f624: taskId and contextId \"\" are the proto3 default of an unset string (1.0 proto Message; a2a-dotnet PR #124 'what about empty?')"
REFUSED = "mine30a f637: a follow-up the agent refused, later listed in the task's history (a2a-js PR #434 review: the check ran after the message was saved)"
NOTFOUND = "mine30a: a follow-up naming its task with another contextId must be rejected (1.0 §3.4.3, ID-003), in no set error"

# --- E: "" ids ---------------------------------------------------------------------------------------
RC = card10(url=A, binding="HTTP+JSON")
case("b30a-E1-legal-v10-rest-follow-up-empty-task-id-new-task", get_card(RC) + [
    rest_req(0.1, "POST", A + "/message:send", {"message": umsg10("list open invoices", mid="m-e1a")}),
    rest_resp(0.8, 200, {"task": task10("t-e1", "c-e1", "TASK_STATE_COMPLETED", artifacts=[art("a-e1", "3 open")])}),
    rest_req(3.0, "POST", A + "/message:send", {"message": umsg10("and paid ones?", mid="m-e1b", taskId="", contextId="c-e1")}),
    rest_resp(3.7, 200, {"task": task10("t-e1b", "c-e1", "TASK_STATE_COMPLETED", artifacts=[art("a-e1b", "12 paid")])}),
], [], EMPTY + " (HTTP+JSON form)",
 "legal: taskId \"\" names no task, so the send starts a new task in the client's context (ID-008, 1.0 §3.4.2); no unknown task id was adopted")
case("b30a-E2-legal-v03-empty-task-id-new-task", get_card(card03()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("hello", mid="m-e2a", taskId="", contextId="")})),
    resp(0.6, 200, ok("1", task03("t-e2", "c-e2", "completed", artifacts=[{"artifactId": "a-e2", "parts": [{"kind": "text", "text": "hi"}]}]))),
], [], EMPTY + " (0.3 JSON-RPC form)",
 "legal: a 0.3 message with taskId \"\" and contextId \"\" names neither; the agent's new task and context are its own (0.3 §7.1)")
case("b30a-E3-legal-v10-stream-empty-task-id-new-task", get_card(card10()) + [
    jreq(0.1, "1", "SendStreamingMessage", {"message": umsg10("summarise the log", mid="m-e3a", taskId="")}, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, sse_rpc("1", {"task": task10("t-e3", "c-e3", "TASK_STATE_SUBMITTED")})),
    chunk(0.5, sse_rpc("1", {"statusUpdate": {"taskId": "t-e3", "contextId": "c-e3", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(0.6, "", close="eof"),
], [], EMPTY + " (streaming form)",
 "legal: a stream for a message with taskId \"\" is a new task's stream, opening with its Task (STREAM-003)")
case("b30a-E4-v10-empty-context-id-follow-up-new-context", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("book a table", mid="m-e4a")}),
    jok(0.6, "1", {"task": interrupted("t-e4", "c-e4", "For how many people?")}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("four", mid="m-e4b", taskId="t-e4", contextId="")}),
    jok(3.8, "2", {"task": task10("t-e4", "c-e4-new", "TASK_STATE_COMPLETED")}),
], [("context-id-not-inferred", "error")], EMPTY + " (a taskId-only follow-up: contextId \"\")",
 "contextId \"\" names no context, so the follow-up names only its task, and the agent must infer the task's context (1.0 §3.4.3, ID-003); it answered t-e4 in a new context")
case("b30a-E5-v10-unknown-nonempty-task-id-adopted", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("hello", mid="m-e5a", taskId="t-made-up")}),
    jok(0.6, "1", {"task": task10("t-made-up", "c-e5", "TASK_STATE_COMPLETED")}),
], [("task-id-not-handed-out", "note")], EMPTY + " (control: a non-empty task id the recording never saw handed out)",
 "control: a non-empty taskId is a task id; the agent answering a task of that id, unseen before, keeps ID-TASK-004's note")

# --- R: refused follow-ups kept in history -----------------------------------------------------------
done_r1 = task10("t-r1", "c-r1", "TASK_STATE_COMPLETED", artifacts=[art("a-r1", "report ready")],
                 history=[umsg10("build the report", mid="m-r1a", taskId="t-r1", contextId="c-r1")])
kept_r1 = copy.deepcopy(done_r1)
kept_r1["history"].append(umsg10("add the Q4 numbers", mid="m-r1b", taskId="t-r1", contextId="c-r1"))
case("b30a-R1-v10-rest-refused-terminal-follow-up-kept-in-history", get_card(RC) + [
    rest_req(0.1, "POST", A + "/message:send", {"message": umsg10("build the report", mid="m-r1a")}),
    rest_resp(1.0, 200, {"task": done_r1}),
    rest_req(4.0, "POST", A + "/message:send", {"message": umsg10("add the Q4 numbers", mid="m-r1b", taskId="t-r1", contextId="c-r1")}),
    rest_resp(4.05, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task t-r1 is in a terminal state",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}}),
    rest_req(6.0, "GET", A + "/tasks/t-r1"),
    rest_resp(6.01, 200, kept_r1),
], [("message-to-terminal-task-accepted", "error")], REFUSED + " (a terminal task, HTTP+JSON)",
 "the follow-up to the completed task was refused as TASK-002 asks, yet GetTask lists it in the task's history: the finished task took the message in (TASK-001)")
t_r2 = interrupted("t-r2", "c-r2", "Which day?", [umsg10("schedule the call", mid="m-r2a", taskId="t-r2", contextId="c-r2")])
t_r2_done = task10("t-r2", "c-r2", "TASK_STATE_COMPLETED", history=t_r2["history"] + [umsg10("Monday", mid="m-r2b", taskId="t-r2", contextId="c-r2")])
case("b30a-R2-legal-v10-refused-mismatch-then-resent-right-context", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("schedule the call", mid="m-r2a")}),
    jok(0.6, "1", {"task": t_r2}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("Monday", mid="m-r2b", taskId="t-r2", contextId="c-old")}),
    jerr(3.05, "2", -32602, "contextId does not match the task's context"),
    jreq(4.0, "3", "SendMessage", {"message": umsg10("Monday", mid="m-r2b", taskId="t-r2", contextId="c-r2")}),
    jok(4.6, "3", {"task": t_r2_done}),
    jreq(6.0, "4", "GetTask", {"id": "t-r2"}),
    jok(6.01, "4", t_r2_done),
], [], REFUSED + " (control: the client resent the refused message with the task's context and it was accepted)",
 "legal: the message in the history is the accepted resend (same messageId, ID-007), not the refused one")
t_r3 = interrupted("t-r3", "c-r3", "Which day?", [umsg10("schedule the call", mid="m-r3a", taskId="t-r3", contextId="c-r3")])
case("b30a-R3-legal-v10-refused-mismatch-not-stored", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("schedule the call", mid="m-r3a")}),
    jok(0.6, "1", {"task": t_r3}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("Monday", mid="m-r3b", taskId="t-r3", contextId="c-old")}),
    jerr(3.05, "2", -32602, "contextId does not match the task's context"),
    jreq(6.0, "3", "GetTask", {"id": "t-r3"}),
    jok(6.01, "3", t_r3),
], [], REFUSED + " (control: the refused message is not in the history)",
 "legal: the mismatching follow-up was rejected (ID-003) and left no trace in the task")
q_r4 = amsg03("Which day?", mid="q-r4", taskId="t-r4", contextId="c-r4")
t_r4 = task03("t-r4", "c-r4", "input-required", history=[umsg03("schedule the call", mid="m-r4a", taskId="t-r4", contextId="c-r4"), q_r4])
t_r4["status"]["message"] = q_r4
t_r4s = task03("t-r4", "c-r4", "working", history=t_r4["history"] + [
    umsg03("Monday", mid="m-r4b", taskId="t-r4", contextId="c-r4"), umsg03("Tuesday then", mid="m-r4c", taskId="t-r4", contextId="c-r4")])
case("b30a-R4-v03-refused-mismatch-kept-in-stream-task", get_card(card03()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("schedule the call", mid="m-r4a")})),
    resp(0.6, 200, ok("1", t_r4)),
    req(3.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("Monday", mid="m-r4b", taskId="t-r4", contextId="c-old")})),
    resp(3.05, 200, err("2", -32602, "contextId mismatch")),
    req(5.0, "POST", RPC_URL, rpc("3", "message/stream", {"message": umsg03("Tuesday then", mid="m-r4c", taskId="t-r4", contextId="c-r4")}), accept=SSE),
    resp(5.1, 200, "", ctype=SSE),
    chunk(5.2, sse_rpc("3", t_r4s)),
    chunk(5.5, sse_rpc("3", {"kind": "status-update", "taskId": "t-r4", "contextId": "c-r4", "status": {"state": "completed", "timestamp": TS}, "final": True})),
    chunk(5.6, "", close="eof"),
], [("context-id-changed", "error")], REFUSED + " (0.3, seen in the next stream's task event, the message re-stamped with the task's context)",
 "the refused message (messageId m-r4b) shows up in the task's history when the next follow-up's stream opens: the agent kept the turn it rejected for naming another context (ID-003, ID-006)")

# --- N: TaskNotFoundError for a mismatching context --------------------------------------------------
t_n = interrupted("t-n1", "c-n1", "Which size?")
case("b30a-N1-legal-v10-mismatch-refused-task-not-found", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("order a shirt", mid="m-n1a")}),
    jok(0.6, "1", {"task": t_n}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("M", mid="m-n1b", taskId="t-n1", contextId="c-other")}),
    jerr(3.05, "2", -32001, "Task not found"),
    jreq(5.0, "3", "GetTask", {"id": "t-n1"}),
    jok(5.01, "3", t_n),
], [], NOTFOUND,
 "legal: the message named t-n1 with a context other than the task's, which must be rejected (ID-003); TaskNotFoundError (no such task in that context) is a rejection, and GetTask shows the task kept")
t_n2 = interrupted("t-n2", "c-n2", "Which size?")
case("b30a-N2-v10-own-context-follow-up-task-not-found", get_card(card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("order a shirt", mid="m-n2a")}),
    jok(0.6, "1", {"task": t_n2}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("M", mid="m-n2b", taskId="t-n2", contextId="c-n2")}),
    jerr(3.05, "2", -32001, "Task not found"),
], [("task-id-not-resolvable", "error")], NOTFOUND + " (control: the task's own context)",
 "control: the follow-up named the task in its own context; TaskNotFoundError for an input-required task handed out 3 s before is a lost task (ID-001, TASK-009)")
t_n3 = interrupted("t-n3", "c-n3", "Which size?")
case("b30a-N3-legal-v10-rest-mismatch-refused-404", get_card(RC) + [
    rest_req(0.1, "POST", A + "/message:send", {"message": umsg10("order a shirt", mid="m-n3a")}),
    rest_resp(0.6, 200, {"task": t_n3}),
    rest_req(3.0, "POST", A + "/message:send", {"message": umsg10("M", mid="m-n3b", taskId="t-n3", contextId="c-other")}),
    rest_resp(3.05, 404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "task t-n3 not found in context c-other",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}),
], [], NOTFOUND + " (HTTP+JSON form)",
 "legal: HTTP 404 TASK_NOT_FOUND for a follow-up naming its task with another context is the rejection ID-003 asks for")

only = set(__import__("sys").argv[1:])
for name, (lines, findings, source, note) in cases.items():
    if only and name not in only:
        continue
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        json.dump({"findings": [{"rule": r, "severity": s} for r, s in findings], "source": source, "note": note}, f, indent=2)
        f.write("\n")
print(len(cases))
