"""Session-30 field cases of miner mine30a (f620-f639): same helpers and output format as gen_cases.py.

Scope (round twenty-six): multi-turn conversations. contextId reuse across tasks (client-chosen
vs server-generated), referenceTaskIds, input-required and auth-required continuations (the
follow-up carrying taskId and contextId), follow-ups to a terminal or a working task, history
in answers (the status message in history), messageIds across turns, and one conversation
spread over several agents.
`python3 gen_cases30a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b30a-*` variants into ../variants).
"""
import copy, json, os
OUT = os.path.dirname(os.path.abspath(__file__))
VAR = os.path.join(os.path.dirname(OUT), "variants")
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
RPC_URL = A + "/a2a"
B = "https://billing.example.test"
C = "https://travel.example.test"
def js(o):
    return json.dumps(o, separators=(",", ":"))
def ts(sec):
    """An ISO 8601 UTC timestamp `sec` seconds after 10:15:00 on the transcripts' day."""
    m, s = divmod(int(sec), 60)
    h, m = divmod(15 + m, 60)
    return "2026-03-02T%02d:%02d:%02d.000Z" % (10 + h, m, s)
def card10(url=RPC_URL, binding="JSONRPC", **kw):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    caps = kw.pop("caps", None)
    if caps:
        c["capabilities"].update(caps)
    c.update(kw)
    return c
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def jreq(t, i, method, params, url=RPC_URL, **kw):
    """A 1.0 JSON-RPC call (A2A-Version: 1.0)."""
    return req(t, "POST", url, rpc(i, method, params), ver="1.0", **kw)
def jok(t, i, result):
    return resp(t, 200, ok(i, result))
def jerr(t, i, code, msg, data=None):
    return resp(t, 200, err(i, code, msg, data))
def rest_req(t, method, url, body="", hdr=None):
    return req(t, method, url, body, ver="1.0", ctype=AJ, accept=AJ, hdr=hdr)
def rest_resp(t, status, body, hdr=None):
    h = {"a2a-version": "1.0"}
    if hdr: h.update(hdr)
    return resp(t, status, body, ctype=AJ, hdr=h)
def tag(line, xid):
    """`line` paired by transcript `id` (TRANSCRIPT.md) with the other lines of that exchange."""
    line["id"] = xid
    return line
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def sse_rpc(i, result):
    return "data: " + js(ok(i, result)) + "\n\n"
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
def art03(aid, text):
    return {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}
def ask10(text, tid, cid, mid):
    """The agent's question in status.message of a 1.0 task."""
    return amsg10(text, mid=mid, taskId=tid, contextId=cid)

# === faults ==========================================================================================

# a2aproject/a2a-java #766: the status message of the answer carries taskId "" and contextId ""
R766 = "https://github.com/a2aproject/a2a-java/issues/766"
t620 = task10("t-620", "c-620", "TASK_STATE_INPUT_REQUIRED", ts=ts(1))
t620["status"]["message"] = amsg10("For which day do you want the forecast?", mid="m-620q", taskId="", contextId="")
t620b = task10("t-620", "c-620", "TASK_STATE_COMPLETED", ts=ts(4), artifacts=[art10("a-620", "Lisbon tomorrow: 24 C, sunny")])
t620b["status"]["message"] = amsg10("Here is tomorrow's forecast.", mid="m-620r", taskId="", contextId="")
case("f620-legal-v10-status-message-empty-ids-proto-default", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("what is the weather in Lisbon?", mid="m-620a")}),
    jok(0.9, "1", {"task": t620}),
    jreq(3.0, "2", "SendMessage", {"message": umsg10("tomorrow", mid="m-620b", taskId="t-620", contextId="c-620")}),
    jok(4.0, "2", {"task": t620b}),
], [],
 R766 + " (the a2a-java TCK run, besides the adoption of an unknown taskId: 'the status message in the response contains empty contextId and taskId fields, which should either be omitted or populated')",
 "legal: 1.0 Message.task_id and context_id are proto3 strings whose unset value is \"\" (1.0 proto Message: 'Optional ... If set'), and ProtoJSON reads \"\" as unset: a status message with taskId \"\" and contextId \"\" is one that names no ids, which a message kept in a task may be, since the task carries them (ID-004, ID-006 judge a message naming other ids). The TCK's complaint asks for tidier output than the proto requires; the follow-up names the task and context the task itself gave (1.0 §3.4.3). Rebuilt from the issue's description (it gives no bytes)")

# a2aproject/a2a-java #741 / PR #760: SendMessage to a completed task accepted on every transport (HTTP+JSON shown)
R741 = "https://github.com/a2aproject/a2a-java/issues/741 ; https://github.com/a2aproject/a2a-java/pull/760 ; https://github.com/a2aproject/a2a-java/pull/746"
RESTCARD = card10(url=A, binding="HTTP+JSON")
case("f621-v10-rest-message-to-completed-task-accepted", get_card(0.0, RESTCARD) + [
    rest_req(0.1, "POST", A + "/message:send", {"message": umsg10("convert 100 USD to EUR", mid="m-621a")}),
    rest_resp(0.8, 200, {"task": task10("t-621", "c-621", "TASK_STATE_COMPLETED", ts=ts(1), artifacts=[art10("a-621", "100 USD = 92.10 EUR")])}),
    rest_req(5.0, "POST", A + "/message:send", {"message": umsg10("and to GBP?", mid="m-621b", taskId="t-621", contextId="c-621")}),
    rest_resp(5.9, 200, {"task": task10("t-621", "c-621", "TASK_STATE_COMPLETED", ts=ts(6), artifacts=[art10("a-621", "100 USD = 92.10 EUR"), art10("a-621-gbp", "100 USD = 78.40 GBP")])}),
], [("message-to-terminal-task-accepted", "error")],
 R741 + " (the TCK's CORE-SEND-002: 'SendMessage to a task in a terminal state (e.g., completed) succeeds instead of returning UnsupportedOperationError. Fails on all three transports'; the executor processed the follow-up as if the task were still active; PR #760 added the isFinal() guard in initMessageSend)",
 "a message to a task in a terminal state must be refused with UnsupportedOperationError, HTTP 400 FAILED_PRECONDITION in the HTTP+JSON binding (1.0 §3.1.1, TASK-002); a completed task is not restarted, a refinement is a new task in the same context (TASK-001). Here the completed t-621 took the follow-up and grew an artifact. Shape rebuilt from the issue (HTTP+JSON chosen of its three transports)")

# a2aproject/a2a-python #1206 / PR #1208: taskId without contextId: the v2 handler made a new context
R1206 = "https://github.com/a2aproject/a2a-python/issues/1206 ; https://github.com/a2aproject/a2a-python/pull/1208"
t622q = task10("t-622", "c-622", "TASK_STATE_INPUT_REQUIRED", ts=ts(1))
t622q["status"]["message"] = ask10("Which city should I book the hotel in?", "t-622", "c-622", "m-622q")
case("f622-v10-task-id-only-follow-up-gets-new-context", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("book a hotel for two nights", mid="m-622a")}),
    jok(0.8, "1", {"task": t622q}),
    jreq(4.0, "2", "SendMessage", {"message": umsg10("Porto", mid="m-622b", taskId="t-622")}),
    jok(5.0, "2", {"task": task10("t-622", "c-5b1f0e7a", "TASK_STATE_COMPLETED", ts=ts(5), artifacts=[art10("a-622", "Booked: Hotel Ribeira, 2 nights")])}),
], [("context-id-not-inferred", "error")],
 R1206 + " ('Spec: Agents MUST infer contextId from the task if only taskId is provided'; the request handler built the request context with context_id None and then generated a fresh UUID; the PR carries the stored task's context id into the request context: 'Pre-fix regression failed because a generated UUID replaced stored_context')",
 "a follow-up naming only taskId continues the task in the task's own context: the agent must infer contextId from the task (1.0 §3.4.3, ID-003) and a task's contextId never changes (ID-006). The answer names t-622 under a freshly generated context. Shape rebuilt from the issue and the PR's regression test")

# a2aproject/A2A PR #1588 (and #1317): an agent that cannot take a client's contextId must refuse, not substitute
R1588 = "https://github.com/a2aproject/A2A/pull/1588 ; https://github.com/a2aproject/A2A/issues/1317"
case("f623-v10-client-context-id-replaced-by-agent", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("summarise ticket INC-4411", mid="m-623a", contextId="sess-orchestrator-77")}),
    jok(1.2, "1", {"task": task10("t-623", "ctx-9d2c41", "TASK_STATE_COMPLETED", ts=ts(1), artifacts=[art10("a-623", "INC-4411: login outage, fixed by rollback")])}),
], [("context-id-changed", "error")],
 R1588 + " (the clarification PR: 'if server cannot accept client side context id it MUST respond with an error (i.e. it SHOULD not respond with a task with a different context id?)'; #1317 is the multi-agent case where an orchestrator has to keep its own context id across agents)",
 "the client chose contextId sess-orchestrator-77; the agent answered a task in another context it generated. An agent MAY accept a client's contextId; if it cannot, it MUST reject the request with an error and MUST NOT generate a new contextId (1.0 §3.4.1, ID-002). Shape rebuilt from the PR's description")

# a2aproject/a2a-dotnet PR #124 review ("what about empty?"): taskId "" looked up and answered TaskNotFound
R124 = "https://github.com/a2aproject/a2a-dotnet/pull/124 ; https://github.com/a2aproject/A2A/issues/1406"
case("f624-v10-empty-task-id-answered-task-not-found", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("list my open invoices", mid="m-624a", taskId="", contextId="")}),
    jerr(0.15, "1", -32001, "Task not found."),
], [("task-not-found-for-message-without-task", "error")],
 R124 + " (the TaskManager tested `messageSendParams.Message.TaskId != null` and then looked the id up, throwing A2AException(\"Task not found.\", TaskNotFound); the review asked 'what about empty?' and the check became IsNullOrWhiteSpace. Clients that serialise every proto field (ProtoJSON with defaults) send taskId \"\" on a first message; A2A #1406 asked the spec to say what an empty or absent taskId means)",
 "taskId \"\" is the proto3 default of an unset string: the message names no task and starts a new one (1.0 proto Message.task_id, §3.4.2). TaskNotFoundError is for a taskId that does not correspond to an existing task (ID-001); the first message of a conversation was refused. Shape rebuilt from the review thread")

# EmilLindfors/a2a-rs #51: SendMessage refuses a message without taskId (server-generated ids)
R51 = "https://github.com/EmilLindfors/a2a-rs/issues/51"
case("f625-v10-send-without-task-id-invalid-params", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("translate 'good morning' to Finnish", mid="m-625a")}),
    jerr(0.12, "1", -32602, "Invalid params: message.taskId is required"),
], [("valid-request-refused-invalid-params", "warning")],
 R51 + " ('According to the official A2A v1.0.0 Specification (a2a.proto): for client-sent messages, Message.task_id is optional'; the server rejected requests with an omitted or empty taskId, so no conversation could start)",
 "Message.taskId is optional (1.0 proto: only messageId, role and parts are REQUIRED, DATA-005) and task ids are server-generated (1.0 §3.4.2, ID-001): a first message has no task to name. InvalidParams for its absence refuses a request A2A allows (ERR-006). Shape rebuilt from the issue")

# mycelium-io/mycelium #737: the A2A bridge sends every turn under the constant messageId "mycelium-seat"
R737 = "https://github.com/mycelium-io/mycelium/issues/737"
CARD03 = card03(RPC_URL)
case("f626-v03-every-turn-same-message-id", get_card(0.0, CARD03) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("what changed in the deploy pipeline this week?", mid="mycelium-seat")})),
    resp(1.5, 200, ok("1", task03("t-626a", "c-626", "completed", ts=ts(1), artifacts=[art03("a-626a", "Two changes: canary stage added, cache warmed")]))),
    req(30.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("who approved the canary stage?", mid="mycelium-seat", contextId="c-626")})),
    resp(31.0, 200, ok("2", task03("t-626b", "c-626", "completed", ts=ts(31), artifacts=[art03("a-626b", "Approved by the release owner")]))),
], [("client-message-id-reused", "warning")],
 R737 + " ('Constant outbound message_id=\"mycelium-seat\" (a2a_bridge.py send_to_a2a). A2A treats message_id as unique per message; a spec-compliant remote that dedups on it drops turn 2+')",
 "a messageId is created by the message's sender and identifies one message; an agent MAY dedupe retries on it (1.0 §3.3.1, ID-007), so a second turn with other text under the first turn's id may be dropped as a retry. Here the agent answered both, which the client cannot count on. Shape rebuilt from the issue")

# === legal ===========================================================================================

# a2aproject/A2A #1252 / #1991: the status message also the last entry of history (a2a-js appends at once)
R1252 = "https://github.com/a2aproject/A2A/issues/1252 ; https://github.com/a2aproject/A2A/issues/1991"
q627 = ask10("Which account should the refund go to?", "t-627", "c-627", "m-627q")
t627 = task10("t-627", "c-627", "TASK_STATE_INPUT_REQUIRED", ts=ts(1), history=[umsg10("refund order 5521", mid="m-627a", taskId="t-627", contextId="c-627"), q627])
t627["status"]["message"] = q627
t627b = task10("t-627", "c-627", "TASK_STATE_COMPLETED", ts=ts(6), artifacts=[art10("a-627", "Refund of 42.00 EUR sent to the card ending 1881")],
               history=[umsg10("refund order 5521", mid="m-627a", taskId="t-627", contextId="c-627"), q627,
                        umsg10("the original card", mid="m-627b", taskId="t-627", contextId="c-627")])
case("f627-legal-v10-status-message-also-in-history", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("refund order 5521", mid="m-627a")}),
    jok(0.9, "1", {"task": t627}),
    jreq(5.0, "2", "SendMessage", {"message": umsg10("the original card", mid="m-627b", taskId="t-627", contextId="c-627")}),
    jok(6.0, "2", {"task": t627b}),
], [],
 R1252 + " (#1252 asks whether agents may decide to put TaskStatus messages in history; the #1991 survey of the five SDKs: 'JS appends immediately (present in status.message and history); Python/Java/Go/.NET defer', all spec-conformant since the agent determines which Messages are persisted)",
 "legal: the agent's question is both status.message and the last history entry of the input-required task; that is one message in two places, not a message listed twice in history (DATA-HISTORY-004 is for the same messageId twice in history). Which messages history keeps is the agent's (1.0 §3.7); the follow-up names the task and its context (1.0 §3.4.3) and the final history lists both turns in order")

# microsoft/agent-framework #5938 / PR #5980: a refinement after a completed task: contextId + referenceTaskIds, new task
R5938 = "https://github.com/microsoft/agent-framework/issues/5938 ; https://github.com/microsoft/agent-framework/pull/5980 ; https://github.com/a2aproject/A2A/pull/608"
case("f628-legal-v10-refinement-reference-task-ids-new-task", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("draft a tweet announcing v2.0", mid="m-628a")}),
    jok(1.5, "1", {"task": task10("t-628a", "c-628", "TASK_STATE_COMPLETED", ts=ts(1), artifacts=[art10("a-628a", "v2.0 is out: faster sync, offline mode.")])}),
    jreq(20.0, "2", "SendMessage", {"message": umsg10("make it shorter and add an emoji", mid="m-628b", contextId="c-628", referenceTaskIds=["t-628a"])}),
    jok(21.2, "2", {"task": task10("t-628b", "c-628", "TASK_STATE_COMPLETED", ts=ts(21), artifacts=[art10("a-628b", "v2.0: faster, offline. \U0001F680")])}),
], [],
 R5938 + " (the Python A2AAgent never set reference_task_ids, so follow-up turns were not linked to the completed task; the .NET agent sets referenceTaskIds to the session's task id 'only when the prior task is not in InputRequired'; A2A PR #608 is the design: a refinement is a new task in the same contextId, terminal tasks do not restart)",
 "legal: a refinement of a completed task is a new task in the same context (TASK-001, topics/life-of-a-task.md); the client names the earlier task in referenceTaskIds, as 1.0 §3.4.3 says it SHOULD, and reuses the contextId (ID-008). The new task t-628b is no reply to t-628a and no follow-up to a terminal task")

# a2aproject/A2A #1027 / #1992: a follow-up to a WORKING task refused with UnsupportedOperationError
R1027 = "https://github.com/a2aproject/A2A/issues/1027 ; https://github.com/a2aproject/A2A/issues/1992"
case("f629-legal-v10-follow-up-to-working-task-refused", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("index the docs repository", mid="m-629a"), "configuration": {"returnImmediately": True}}),
    jok(0.3, "1", {"task": task10("t-629", "c-629", "TASK_STATE_WORKING", ts=ts(0))}),
    jreq(4.0, "2", "SendMessage", {"message": umsg10("also include the wiki", mid="m-629b", taskId="t-629", contextId="c-629")}),
    jerr(4.05, "2", -32004, "Task not accepting input", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]),
    jreq(30.0, "3", "GetTask", {"id": "t-629"}),
    jok(30.01, "3", task10("t-629", "c-629", "TASK_STATE_COMPLETED", ts=ts(25), artifacts=[art10("a-629", "indexed 412 pages")])),
], [],
 R1027 + " (#1027 proposes that a follow-up MUST only be accepted in input-required and that messages to submitted, working or auth-required tasks get UnsupportedOperationError -32004 'Task not accepting input'; the #1992 epic lists it beside #1022, which proposes the opposite, mid-execution steering of a WORKING task, as an open TSC question)",
 "legal: 1.0 lets a non-terminal task accept follow-up messages (1.0 §3.4.3 'can', TASK-007 MAY) but sets no rule for which states must accept one; refusing a message to a WORKING task with UnsupportedOperationError ('the requested operation or a specific aspect of it is not supported', 1.0 §3.3.2) is the agent's choice, and the task goes on to complete. Only a terminal task's follow-up has a required answer (TASK-002)")

# a2aproject/A2A #1022 (via #1992): a follow-up to a WORKING task accepted (mid-execution steering)
R1022 = "https://github.com/a2aproject/A2A/issues/1992 ; https://github.com/a2aproject/A2A/issues/1022"
case("f630-legal-v10-follow-up-steers-working-task", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("refactor the payment module", mid="m-630a"), "configuration": {"returnImmediately": True}}),
    jok(0.3, "1", {"task": task10("t-630", "c-630", "TASK_STATE_WORKING", ts=ts(0))}),
    jreq(8.0, "2", "SendMessage", {"message": umsg10("keep the public API unchanged", mid="m-630b", taskId="t-630", contextId="c-630"), "configuration": {"returnImmediately": True}}),
    jok(8.2, "2", {"task": task10("t-630", "c-630", "TASK_STATE_WORKING", ts=ts(8))}),
    jreq(60.0, "3", "GetTask", {"id": "t-630", "historyLength": 10}),
    jok(60.01, "3", task10("t-630", "c-630", "TASK_STATE_COMPLETED", ts=ts(55), artifacts=[art10("a-630", "payment module refactored; API unchanged")],
                           history=[umsg10("refactor the payment module", mid="m-630a", taskId="t-630", contextId="c-630"),
                                    umsg10("keep the public API unchanged", mid="m-630b", taskId="t-630", contextId="c-630")])),
], [],
 R1022 + " (#1022 asks that agents be able to take messages while actively WORKING, as long agentic loops steer mid-execution; the #1992 epic: the spec 'does not define whether sending to a WORKING or SUBMITTED task is valid or an error')",
 "legal: a message naming a non-terminal task continues it (1.0 §3.4.3, TASK-007 MAY); a task in WORKING that takes a second user message and then completes is no terminal-state violation, and both user messages are in its history in order")

# a2aproject/A2A #1317 / microsoft/agent-framework #2694: one client contextId used at two agents
R1317 = "https://github.com/a2aproject/A2A/issues/1317 ; https://github.com/microsoft/agent-framework/issues/2694"
CARD_B = card10(url=B + "/a2a")
CARD_C = card10(url=C + "/a2a")
case("f631-legal-v10-one-context-id-at-two-agents", get_card(0.0, CARD_B, B + "/.well-known/agent-card.json") + get_card(0.05, CARD_C, C + "/.well-known/agent-card.json") + [
    jreq(0.2, "1", "SendMessage", {"message": umsg10("estimate the cost of ticket TRIP-88", mid="m-631a", contextId="orch-session-631")}, url=B + "/a2a"),
    jok(1.1, "1", {"task": task10("t-631b", "orch-session-631", "TASK_STATE_COMPLETED", ts=ts(1), artifacts=[art10("a-631b", "estimate: 1,240 EUR")])}),
    jreq(1.3, "1", "SendMessage", {"message": umsg10("book TRIP-88 within 1,240 EUR", mid="m-631c", contextId="orch-session-631")}, url=C + "/a2a"),
    jok(2.4, "1", {"task": task10("t-631c", "orch-session-631", "TASK_STATE_COMPLETED", ts=ts(2), artifacts=[art10("a-631c", "booked: flight + 2 nights")])}),
    jreq(9.0, "2", "SendMessage", {"message": umsg10("what did the booking cost in the end?", mid="m-631d", contextId="orch-session-631", referenceTaskIds=["t-631c"])}, url=B + "/a2a"),
    jok(9.8, "2", {"task": task10("t-631d", "orch-session-631", "TASK_STATE_COMPLETED", ts=ts(9), artifacts=[art10("a-631d", "1,180 EUR")])}),
], [],
 R1317 + " (#1317: 'if we want to keep the same context in calls to D it is overly complex and in some cases impossible' when contextIds are server-generated, so it asks for client-generated ones; agent-framework #2694 asks that an orchestrator's thread ContextId flow to every A2A agent it calls as a tool)",
 "legal: agents MAY accept and preserve a client-provided contextId (1.0 §3.4.1, ID-002), and each agent's tasks live in its own store: the same contextId at two agents names two conversations that the client chose to key alike. The orchestrator's later message to the first agent names the second agent's task only in referenceTaskIds, a context hint (1.0 proto Message.reference_task_ids), not a taskId to resolve, so no agent is asked for a task it never had")

# a2aproject/A2A #1406 / PR #1407; a2a-dotnet PR #124: taskId "" and contextId "" on a first message start a new task
R1406 = "https://github.com/a2aproject/A2A/issues/1406 ; https://github.com/a2aproject/A2A/pull/1407 ; https://github.com/a2aproject/a2a-dotnet/pull/124"
case("f632-legal-v10-empty-string-ids-start-new-task", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("check the status of order 7781", mid="m-632a", taskId="", contextId="")}),
    jok(0.9, "1", {"task": task10("t-632", "c-632", "TASK_STATE_COMPLETED", ts=ts(1), artifacts=[art10("a-632", "order 7781: shipped")])}),
    jreq(6.0, "2", "SendMessage", {"message": umsg10("and order 7782?", mid="m-632b", taskId="", contextId="c-632")}),
    jok(6.7, "2", {"task": task10("t-632b", "c-632", "TASK_STATE_COMPLETED", ts=ts(6), artifacts=[art10("a-632b", "order 7782: in transit")])}),
], [],
 R1406 + " (#1406 found Message payloads underspecified on server-generated task ids and their errors; the .NET TaskManager's review asked 'what about empty?' and treats a blank TaskId as none; clients that emit proto defaults send \"\")",
 "legal: \"\" is the proto3 default of an unset string field, so taskId \"\" and contextId \"\" name no task and no context (1.0 proto Message); the agent generated both and returned them (1.0 §3.4.1, §3.4.2: MAY generate a contextId when the message has none, MUST return it). This is no substitution of a client-chosen contextId (ID-002) and no adoption of a client task id (ID-001); the second turn reuses the context with a new task (ID-008)")

# a2aproject/a2a-inspector #63: 0.3 input-required with final:false; the stream stays open and carries the continuation
R63 = "https://github.com/a2aproject/a2a-inspector/issues/63"
CARD03S = card03(RPC_URL)
case("f633-legal-v03-input-required-open-stream-carries-continuation", get_card(0.0, CARD03S) + [
    tag(req(0.1, "POST", RPC_URL, rpc("1", "message/stream", {"message": umsg03("convert from gbp to eur", mid="msg-633a")}), accept=SSE), "s"),
    tag(resp(0.2, 200, "", ctype=SSE), "s"),
    tag(chunk(0.3, sse_rpc("1", task03("t-633", "c-633", "submitted"))), "s"),
    tag(chunk(0.5, sse_rpc("1", su03("t-633", "c-633", "input-required", False, message=amsg03("Please confirm (Y/N)", mid="m-633q", taskId="t-633", contextId="c-633")))), "s"),
    tag(req(6.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("Y", mid="msg-633b", taskId="t-633", contextId="c-633")})), "f"),
    tag(chunk(6.2, sse_rpc("1", su03("t-633", "c-633", "working", False, ts=ts(6)))), "s"),
    tag(resp(6.9, 200, ok("2", task03("t-633", "c-633", "completed", ts=ts(7), artifacts=[art03("a-633", "100 GBP = 117.40 EUR")]))), "f"),
    tag(chunk(6.91, sse_rpc("1", {"kind": "artifact-update", "taskId": "t-633", "contextId": "c-633", "artifact": art03("a-633", "100 GBP = 117.40 EUR"), "lastChunk": True})), "s"),
    tag(chunk(6.92, sse_rpc("1", su03("t-633", "c-633", "completed", True, ts=ts(7)))), "s"),
    tag(chunk(6.93, "", close="eof"), "s"),
], [],
 R63 + " (the inspector's multi-turn run: the agent's status-update for input-required 'Please confirm (Y/N)' carried final: false, and the client answered 'Y' with the contextId; the thread asks the inspector to support the continuation)",
 "legal: 0.3 final:true marks the last event of a stream (STREAM-008), and an agent may keep the stream open at input-required instead (final: false), so the continuation's events arrive on the same stream: the follow-up message/send names the task and its context (0.3 §7.1, TASK-007), the open stream then reports working, the artifact and completed with final: true, and closes. The follow-up's own answer is the completed task")

# agntcy/shadi #184 (with A2A §7.6.2): AUTH_REQUIRED passed up a chain of tasks, resumed by a follow-up
R184 = "https://github.com/agntcy/shadi/issues/184"
CARD_A = card10()
tb = task10("t-634b", "c-634b", "TASK_STATE_AUTH_REQUIRED", ts=ts(1))
tb["status"]["message"] = amsg10("Sign in to the calendar service: https://auth.example.test/device?code=QX7", mid="m-634bq", taskId="t-634b", contextId="c-634b")
ta = task10("t-634a", "c-634a", "TASK_STATE_AUTH_REQUIRED", ts=ts(1))
ta["status"]["message"] = amsg10("The scheduling agent needs calendar access: sign in at https://auth.example.test/device?code=QX7", mid="m-634aq", taskId="t-634a", contextId="c-634a")
case("f634-legal-v10-auth-required-chained-through-orchestrator", get_card(0.0, CARD_A) + get_card(0.02, CARD_B, B + "/.well-known/agent-card.json") + [
    tag(jreq(0.1, "1", "SendMessage", {"message": umsg10("schedule a review with the billing team next week", mid="m-634a")}), "x1"),
    tag(jreq(0.3, "o1", "SendMessage", {"message": umsg10("find a 1h slot next week for the billing team", mid="m-634o1")}, url=B + "/a2a"), "xo1"),
    tag(jok(1.0, "o1", {"task": tb}), "xo1"),
    tag(jok(1.1, "1", {"task": ta}), "x1"),
    tag(jreq(40.0, "2", "SendMessage", {"message": umsg10("done, I signed in", mid="m-634b", taskId="t-634a", contextId="c-634a")}), "x2"),
    tag(jreq(40.2, "o2", "SendMessage", {"message": umsg10("the user signed in", mid="m-634o2", taskId="t-634b", contextId="c-634b")}, url=B + "/a2a"), "xo2"),
    tag(jok(41.0, "o2", {"task": task10("t-634b", "c-634b", "TASK_STATE_COMPLETED", ts=ts(41), artifacts=[art10("a-634b", "Tuesday 14:00-15:00")])}), "xo2"),
    tag(jok(41.3, "2", {"task": task10("t-634a", "c-634a", "TASK_STATE_COMPLETED", ts=ts(41), artifacts=[art10("a-634a", "Review booked Tuesday 14:00")])}), "x2"),
], [],
 R184 + " (agentbridge, the client that answers a remote task parked in TASK_STATE_AUTH_REQUIRED, had no handling for the state and the task stalled; the issue lays out re-prove, block or escalate, and passing the challenge up to a human)",
 "legal: an agent that is itself the client of another agent may pass an AUTH_REQUIRED up by moving its own task to AUTH_REQUIRED with a status message that explains it (1.0 §7.6.2, TASK-006), forming a chain; agents SHOULD take messages for a task in AUTH_REQUIRED (1.0 §7.6.1), and each follow-up names its own task and context (1.0 §3.4.3). Both tasks resume and complete; no credential travels in a payload (AUTH-001)")

# a2aproject/a2a-java #1037: requiresInput() sent no status update; a Message event in the 1.0 task stream instead
R1037 = "https://github.com/a2aproject/a2a-java/issues/1037"
def sse10(i, result):
    return "data: " + js(ok(i, result)) + "\n\n"
case("f635-v10-task-stream-carries-message-input-required-lost", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendStreamingMessage", {"message": umsg10("plan the team offsite", mid="m-635a")}, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, sse10("1", {"task": task10("t-635", "c-635", "TASK_STATE_SUBMITTED")})),
    chunk(0.4, sse10("1", {"statusUpdate": {"taskId": "t-635", "contextId": "c-635", "status": {"state": "TASK_STATE_WORKING", "timestamp": ts(0)}}})),
    chunk(2.0, sse10("1", {"message": amsg10("I found three venues near Lyon.", mid="m-635m2", taskId="t-635", contextId="c-635")})),
    chunk(4.0, sse10("1", {"artifactUpdate": {"taskId": "t-635", "contextId": "c-635", "artifact": art10("a-635", "Venue shortlist: A, B, C")}})),
    chunk(4.1, sse10("1", {"statusUpdate": {"taskId": "t-635", "contextId": "c-635", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": ts(4), "message": amsg10("Done.", mid="m-635m4", taskId="t-635", contextId="c-635")}}})),
    chunk(4.2, "", close="eof"),
], [("message-event-in-task-stream", "error")],
 R1037 + " (a2a-java 1.2.0.Final: the executor called agentEmitter.sendMessage(a2aMessage2), then requiresInput(a2aMessage3), addArtifact and complete(a2aMessage4); the client received a2aMessage2 as a MessageEvent, never a TaskStatusUpdateEvent for TASK_STATE_INPUT_REQUIRED, so a2aMessage3, the question the user had to answer, was lost)",
 "a 1.0 task stream is the Task, then statusUpdate and artifactUpdate events until a terminal state (1.0 §3.1.2, STREAM-003); a message event after the task is outside that shape, and SDK clients stop reading the task's updates at it. The input-required question the executor raised never reached the wire as a status update, so the client could not answer it (TASK-007). Shape rebuilt from the issue's step list")

# microsoft/agent-framework PR #2101: the completed task's answer is only the last history message, no artifact
R2101 = "https://github.com/microsoft/agent-framework/pull/2101"
case("f636-legal-v03-completed-task-answer-only-in-history", get_card(0.0, CARD03) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("what is my balance?", mid="m-636a")})),
    resp(2.0, 200, ok("1", task03("t-636", "c-636", "completed", ts=ts(2),
        history=[umsg03("what is my balance?", mid="m-636a", taskId="t-636", contextId="c-636"),
                 amsg03("Your balance is 1,204.50 EUR.", mid="m-636r", taskId="t-636", contextId="c-636")]))),
    req(8.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("and last month?", mid="m-636b", contextId="c-636")})),
    resp(9.5, 200, ok("2", task03("t-636b", "c-636", "completed", ts=ts(9),
        history=[umsg03("and last month?", mid="m-636b", taskId="t-636b", contextId="c-636"),
                 amsg03("Last month it was 987.10 EUR.", mid="m-636s", taskId="t-636b", contextId="c-636")]))),
], [],
 R2101 + " (testing with the a2a-samples azureaifoundry_sdk agent the framework saw empty responses: 'The actual response is in the last message of the history and not in the artifacts'; the PR reads the last history entry when a task has no artifacts)",
 "legal: Task.artifacts is optional and a task's history holds its messages, the agent's too (0.3 schema Task; 1.0 proto Task.history 'if there are multiple turns for a task, these are stored in history'); an agent that answers in a history message rather than an artifact completes its task lawfully. The second turn reuses the context with a new task whose history is its own (ID-008): history is per task, not per context")

# a2aproject/a2a-js PR #434 (review): the contextId-mismatch check ran after the message was saved into the task
R434 = "https://github.com/a2aproject/a2a-js/pull/434 ; https://github.com/a2aproject/a2a-rs/pull/249"
q637 = ask10("Which date should the meeting be on?", "t-637", "c-637", "m-637q")
t637 = task10("t-637", "c-637", "TASK_STATE_INPUT_REQUIRED", ts=ts(1), history=[umsg10("set up a meeting with Dana", mid="m-637a", taskId="t-637", contextId="c-637"), q637])
t637["status"]["message"] = q637
t637g = copy.deepcopy(t637)
t637g["history"].append(umsg10("next Friday", mid="m-637b", taskId="t-637", contextId="c-637-stale"))
case("f637-v10-refused-context-mismatch-message-kept-in-history", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("set up a meeting with Dana", mid="m-637a")}),
    jok(0.8, "1", {"task": t637}),
    jreq(5.0, "2", "SendMessage", {"message": umsg10("next Friday", mid="m-637b", taskId="t-637", contextId="c-637-stale")}),
    jerr(5.05, "2", -32602, "contextId mismatch: message contextId 'c-637-stale' does not match task 't-637' contextId 'c-637'"),
    jreq(7.0, "3", "GetTask", {"id": "t-637"}),
    jok(7.01, "3", t637g),
], [("context-id-changed", "error"), ("task-message-ids-mismatch", "warning")],
 R434 + " (the PR makes the JS request handler throw RequestMalformedError on a contextId mismatch, as 1.0 §3.4.3 requires; the review: 'The validation for contextId mismatch is performed after the task has already been modified and saved to the store ... the task's history is updated with the incoming message and persisted. If this validation subsequently fails ... the task in the store will remain in a corrupted state, containing a message that was technically rejected'; a2a-rs PR #249 chose INVALID_PARAMS for the same mismatch, following the Go SDK)",
 "a message naming a task with another contextId must be rejected (1.0 §3.4.3, ID-003), and the agent did answer InvalidParams; but GetTask then lists the rejected message in the task's history, under the other context: the agent stored the turn it refused (ID-006: a task's messages belong to its context), so the conversation it continues from holds a message the client was told was not taken, and a client that resends it with the right contextId gets it twice. The history entry naming another context is ID-CTX-003's as well. Rebuilt from the review comment (no bytes in the thread)")

# a2aproject/a2a-python #1113: a follow-up answered with a Message associated with the task (the SDK refuses to send it)
R1113 = "https://github.com/a2aproject/a2a-python/issues/1113 ; https://github.com/a2aproject/a2a-go/issues/195"
t638 = task10("t-638", "c-638", "TASK_STATE_INPUT_REQUIRED", ts=ts(1))
t638["status"]["message"] = ask10("Which city should the hotel be in?", "t-638", "c-638", "m-638q")
case("f638-legal-v10-follow-up-answered-with-task-message", get_card(0.0, card10()) + [
    jreq(0.1, "1", "SendMessage", {"message": umsg10("book a hotel for Friday", mid="m-638a")}),
    jok(0.8, "1", {"task": t638}),
    jreq(4.0, "2", "SendMessage", {"message": umsg10("Porto", mid="m-638b", taskId="t-638", contextId="c-638")}),
    jok(5.2, "2", {"message": amsg10("Booked: Hotel Ribeira, Friday night.", mid="m-638r", taskId="t-638", contextId="c-638")}),
    jreq(9.0, "3", "GetTask", {"id": "t-638"}),
    jok(9.01, "3", task10("t-638", "c-638", "TASK_STATE_COMPLETED", ts=ts(5), artifacts=[art10("a-638", "Hotel Ribeira, Fri 1 night")])),
], [],
 R1113 + " (a2a-python 1.x raises InvalidAgentResponseError 'Received Message object in task mode. Use TaskStatusUpdateEvent or TaskArtifactUpdateEvent instead.' when an executor answers a task's turn with a Message carrying the task id; the reporter: 'into specification we can associate a task with message'; a2a-go #195 adds the same validation to its executor; the thread's answer: associating a message with a task is spec-valid, the SDK's rule is its event contract)",
 "legal: a SendMessage answer is a Task or a Message (1.0 proto SendMessageResponse) and a Message may name the task it belongs to (1.0 proto Message.task_id: 'If set, the message will be associated with the given task'; ID-004: taskId only when a task exists, and t-638 does). The follow-up named the task and its context (1.0 §3.4.3); the reply names the same ids, and GetTask shows the task completed. That the Python and Go SDKs refuse to emit this shape is their executor contract, not a wire rule")

# a2aproject/a2a-rs PR #249: a mismatching contextId/taskId pair refused with INVALID_PARAMS (HTTP 400), following the Go SDK
R249 = "https://github.com/a2aproject/a2a-rs/pull/249"
t639 = task10("t-639", "c-639", "TASK_STATE_INPUT_REQUIRED", ts=ts(1))
t639["status"]["message"] = ask10("Which size, S, M or L?", "t-639", "c-639", "m-639q")
case("f639-legal-v10-rest-context-mismatch-refused-invalid-argument", get_card(0.0, RESTCARD) + [
    rest_req(0.1, "POST", A + "/message:send", {"message": umsg10("order the team shirt", mid="m-639a")}),
    rest_resp(0.7, 200, {"task": t639}),
    rest_req(3.0, "POST", A + "/message:send", {"message": umsg10("M", mid="m-639b", taskId="t-639", contextId="c-rpc-push")}),
    rest_resp(3.02, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message contextId c-rpc-push does not match task t-639 contextId c-639",
        "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.contextId", "description": "does not match the task's context"}]}]}}),
    rest_req(4.0, "POST", A + "/message:send", {"message": umsg10("M", mid="m-639c", taskId="t-639", contextId="c-639")}),
    rest_resp(4.9, 200, {"task": task10("t-639", "c-639", "TASK_STATE_COMPLETED", ts=ts(5), artifacts=[art10("a-639", "ordered: 1 shirt, size M")])}),
], [],
 R249 + " (before the PR a mismatching contextId/taskId pair was accepted, 'the stored context silently winning'; now INVALID_PARAMS naming both ids, mapped to 400 on HTTP+JSON: 'Error choices follow the Go SDK for interop (a2asrv/agentexec.go) ... ErrInvalidParams for a context mismatch'; the e2e tests had declared genuinely mismatching pairs that the old code ignored)",
 "legal: a message whose contextId differs from its task's MUST be rejected (1.0 §3.4.3, ID-003) and the spec names no error, so InvalidParams (HTTP 400 INVALID_ARGUMENT) is a lawful rejection: the request is malformed in the agent's eyes (ERR-006), and the task is untouched. The client's next follow-up with the task's own context completes it. This is no refusal of a follow-up naming the task and context the agent handed out (RPC-ERROR-003)")

write_cases(cases, OUT)
