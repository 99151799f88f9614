"""Session-54 field cases of miner mine54 (f1128-...): same helpers and output format as gen_cases53.py.

Scope (round fifty-four): threads outside github.com/a2aproject that no round had cited, each
URL and repo#number grepped in FIELD-CASES.md first: an agent that answers a send to a finished
task with its web framework's HTTP 400 (xorbitsai/xagent #1171), an agent that mints a new
contextId although the client named one (rossoctl/rossoctl PR #1481), a cancel answered with the
task still working (Molecule-AI/molecule-core #173), a 1.0 push notification written with proto
field names and 0.3's part kind (vellum-ai/vellum-assistant PR #30925), a push notification sent
without the configured Authorization (Terminal-Research/aion-python-sdk PR #144), a 0.2 server
that does not know message/send (pydantic/pydantic-ai #1795), a 0.2 card without capabilities
(pydantic/pydantic-ai #1717), a request whose id is an object
answered with a bare 500 (supervaize/supervaizer PR #47), and legal neighbours: an unknown key
in message metadata (chaosxingxc-orion/spring-ai-ascend #312), a 0.3 artifact streamed in
append chunks (strands-agents/harness-sdk PR #1401), a second task of a busy context ended
failed (NousResearch/hermes-agent PR #64982).
`python3 gen_cases54.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]

# --- f1128: a 1.0 send naming a completed task answered with the framework's HTTP 400 (xagent #1171)
S1171 = ("https://github.com/xorbitsai/xagent/issues/1171 (a2a: no way to continue a conversation after a turn completes: 'taskId is rejected after "
         "completion ... _TERMINAL_STATUSES = {COMPLETED, FAILED} ... and the append path answers 400 \"Messages cannot be appended to a terminal A2A task\"'; "
         "'contextId is written but never read')")
XA = "https://xagent.example.test"
case("f1128-v10-send-to-terminal-task-http-400-detail", get_card(0.0, card10(XA + "/api/a2a"), XA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", XA + "/api/a2a", rpc("xa-1", "SendMessage", {"message": umsg10("draft the release notes", mid="m-xa-1")}), ver="1.0"),
    resp(2.0, 200, ok("xa-1", {"task": task10("t-xa-1", "c-xa-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-xa-1", "parts": [{"text": "v2.1: faster sync"}]}])})),
    req(9.0, "POST", XA + "/api/a2a", rpc("xa-2", "SendMessage", {"message": umsg10("now shorten them", mid="m-xa-2", taskId="t-xa-1", contextId="c-xa-1")}), ver="1.0"),
    resp(9.01, 400, {"detail": "Messages cannot be appended to a terminal A2A task"}),
], [("jsonrpc-response-malformed", "error")], S1171,
     "a message sent to a task in a terminal state is refused with UnsupportedOperationError, -32004 with ErrorInfo UNSUPPORTED_OPERATION, in a JSON-RPC error object (1.0 §3.1.1, ERR-002; RPC-002): the agent's web framework answers HTTP 400 {detail} instead, which a JSON-RPC client reads as a transport failure with no code, so it cannot tell 'start a new task in the context' from a broken endpoint")

# --- f1129 (legal): the same follow-up refused with UnsupportedOperationError, then a new task in the context (xagent #1171)
case("f1129-legal-v10-send-to-terminal-task-unsupported-operation", get_card(0.0, card10(XA + "/api/a2a"), XA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", XA + "/api/a2a", rpc("xb-1", "SendMessage", {"message": umsg10("draft the release notes", mid="m-xb-1")}), ver="1.0"),
    resp(2.0, 200, ok("xb-1", {"task": task10("t-xb-1", "c-xb-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-xb-1", "parts": [{"text": "v2.1: faster sync"}]}])})),
    req(9.0, "POST", XA + "/api/a2a", rpc("xb-2", "SendMessage", {"message": umsg10("now shorten them", mid="m-xb-2", taskId="t-xb-1", contextId="c-xb-1")}), ver="1.0"),
    resp(9.01, 200, err("xb-2", -32004, "Task t-xb-1 is in terminal state TASK_STATE_COMPLETED", ei("UNSUPPORTED_OPERATION"))),
    req(9.5, "POST", XA + "/api/a2a", rpc("xb-3", "SendMessage", {"message": umsg10("now shorten them", mid="m-xb-3", contextId="c-xb-1")}), ver="1.0"),
    resp(11.0, 200, ok("xb-3", {"task": task10("t-xb-2", "c-xb-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-xb-2", "parts": [{"text": "v2.1: sync"}]}])})),
], [], S1171,
     "legal: a send naming a terminal task is refused with UnsupportedOperationError (1.0 §3.1.1), and the client continues the conversation with a new task in the same contextId (1.0 §3.4.1)")

# --- f1130: a 0.3 agent that mints a fresh contextId although the client named one (rossoctl PR #1481)
S1481 = ("https://github.com/rossoctl/rossoctl/pull/1481 (fix(chat): Forward A2A contextId on every turn, adopt once: 'Some A2A SDKs mint a fresh "
         "contextId on every response even when the client supplied one -- adopting that every turn was churning the UI's session_id state and causing "
         "telemetry to split across a new bucket per message')")
RC = "https://weather-agent.example.test"
case("f1130-v03-client-context-id-replaced", get_card(0.0, card03(RC + "/"), RC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RC + "/", rpc("rc-1", "message/send", {"message": umsg03("weather in Oslo?", mid="m-rc-1", contextId="sess-ui-7")})),
    resp(1.0, 200, ok("rc-1", task03("t-rc-1", "0b6f1c2e-4d7a-4e59-9f0e-2a1d3c4b5e61", "completed", artifacts=[{"artifactId": "a-rc-1", "parts": [{"kind": "text", "text": "4 C, rain"}]}]))),
    req(5.0, "POST", RC + "/", rpc("rc-2", "message/send", {"message": umsg03("and tomorrow?", mid="m-rc-2", contextId="sess-ui-7")})),
    resp(5.8, 200, ok("rc-2", task03("t-rc-2", "7c2d9e41-0a3b-4f6c-8d5e-1f2a3b4c5d6e", "completed", artifacts=[{"artifactId": "a-rc-2", "parts": [{"kind": "text", "text": "which city?"}]}]))),
], [("context-id-changed", "error")], S1481,
     "a message that names a contextId continues that context: the task the agent creates for it carries the client's contextId (0.3 §6.4 Message.contextId, §7.1; ID-002, ID-003); the agent answers each turn in a context of its own, so the second turn has no history and a client that adopts the answer's id splits one conversation into many")

# --- f1131 (legal): the agent keeps the client's contextId and starts a new task per turn (rossoctl PR #1481)
case("f1131-legal-v03-client-context-id-kept-new-task", get_card(0.0, card03(RC + "/"), RC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RC + "/", rpc("rd-1", "message/send", {"message": umsg03("weather in Oslo?", mid="m-rd-1", contextId="sess-ui-8")})),
    resp(1.0, 200, ok("rd-1", task03("t-rd-1", "sess-ui-8", "completed", artifacts=[{"artifactId": "a-rd-1", "parts": [{"kind": "text", "text": "4 C, rain"}]}]))),
    req(5.0, "POST", RC + "/", rpc("rd-2", "message/send", {"message": umsg03("and tomorrow?", mid="m-rd-2", contextId="sess-ui-8")})),
    resp(5.8, 200, ok("rd-2", task03("t-rd-2", "sess-ui-8", "completed", artifacts=[{"artifactId": "a-rd-2", "parts": [{"kind": "text", "text": "6 C, sun"}]}]))),
], [], S1481,
     "legal: each turn of a conversation may be a new task (a finished task takes no more messages) in the client's contextId, which the agent keeps (0.3 §6.4, ID-003)")

# --- f1132: a 0.3 tasks/cancel answered 200 with the task still working; it completes later (Molecule-AI #173)
S173 = ("https://github.com/Molecule-AI/molecule-core/issues/173 (compatibility(a2a): cancel() is a no-op stub -- tasks/cancel returns 200 without actually "
        "cancelling (protocol violation): 'The DefaultRequestHandler.on_cancel_task will succeed (200 OK) but the underlying LangGraph agent continues "
        "running. The task is never marked canceled')")
MC = "https://workspace.example.test"
case("f1132-v03-cancel-answered-still-working", get_card(0.0, card03(MC + "/"), MC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", MC + "/", rpc("mc-1", "message/send", {"message": umsg03("research the market", mid="m-mc-1"), "configuration": {"blocking": False}})),
    resp(0.3, 200, ok("mc-1", task03("t-mc-1", "c-mc-1", "working"))),
    req(3.0, "POST", MC + "/", rpc("mc-2", "tasks/cancel", {"id": "t-mc-1"})),
    resp(3.01, 200, ok("mc-2", task03("t-mc-1", "c-mc-1", "working"))),
    req(60.0, "POST", MC + "/", rpc("mc-3", "tasks/get", {"id": "t-mc-1"})),
    resp(60.01, 200, ok("mc-3", task03("t-mc-1", "c-mc-1", "completed", ts="2026-03-02T10:16:00.000Z", artifacts=[{"artifactId": "a-mc-1", "parts": [{"kind": "text", "text": "the report"}]}]))),
], [("cancel-not-effective", "warning")], S173,
     "tasks/cancel answers the task as it is after the cancel (0.3 §7.4; TASK-004): a success with the task still working, which then completes, says the agent acknowledged a cancel it never applied (its executor's cancel is a no-op); the agent answers TaskNotCancelableError (-32002) when it cannot stop the work, so the client does not abandon a task that keeps running and billing")

# --- f1133 (legal): the cancel answered with the task canceled (Molecule-AI #173, agent-framework's executor as the issue describes it)
case("f1133-legal-v03-cancel-answered-canceled", get_card(0.0, card03(MC + "/"), MC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", MC + "/", rpc("md-1", "message/send", {"message": umsg03("research the market", mid="m-md-1"), "configuration": {"blocking": False}})),
    resp(0.3, 200, ok("md-1", task03("t-md-1", "c-md-1", "working"))),
    req(3.0, "POST", MC + "/", rpc("md-2", "tasks/cancel", {"id": "t-md-1"})),
    resp(3.2, 200, ok("md-2", task03("t-md-1", "c-md-1", "canceled", ts="2026-03-02T10:15:03.000Z"))),
    req(60.0, "POST", MC + "/", rpc("md-3", "tasks/get", {"id": "t-md-1"})),
    resp(60.01, 200, ok("md-3", task03("t-md-1", "c-md-1", "canceled", ts="2026-03-02T10:15:03.000Z"))),
], [], S173,
     "legal: tasks/cancel answers the task in state canceled (0.3 §7.4, TASK-004), and the task stays canceled")

# --- f1134: a 1.0 push notification written with proto field names and 0.3's part kind (vellum-assistant PR #30925)
S30925 = ("https://github.com/vellum-ai/vellum-assistant/pull/30925 (A2A channel plumbing: deliverA2AReply builds parts "
          "{ kind: \"file\", url, filename, media_type } and completes the task with [{ artifact_id, parts }], then POSTs { task: completedTask } to the push URL "
          "with Content-Type A2A_CONTENT_TYPE and A2A-Version; its 1.0 type definitions, PR #30905, name members context_id, message_id)")
VA = "https://assistant.example.test"
HOOK = "https://caller.example.test/a2a/push"
CARDP = card10(VA + "/a2a", capabilities={"streaming": False, "pushNotifications": True})
case("f1134-v10-push-body-proto-field-names", get_card(0.0, CARDP, VA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", VA + "/a2a", rpc("va-1", "SendMessage", {"message": umsg10("send me the floor plan", mid="m-va-1"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-va-1"}}}), ver="1.0"),
    resp(0.3, 200, ok("va-1", {"task": task10("t-va-1", "c-va-1", "TASK_STATE_SUBMITTED")})),
    req(20.0, "POST", HOOK, {"task": {"id": "t-va-1", "context_id": "c-va-1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifact_id": "a-va-1", "parts": [{"kind": "text", "text": "Here is the plan."},
                                                          {"kind": "file", "url": "https://files.example.test/plan.pdf", "filename": "plan.pdf", "media_type": "application/pdf"}]}]}},
        ctype=A2AJ, ver="1.0", hdr={"x-a2a-notification-token": "tok-va-1"}),
    resp(20.01, 200, ""),
], [("push-payload-invalid-shape", "error"), ("version-mixed-payload", "warning")], S30925,
     "a 1.0 push notification is one StreamResponse in ProtoJSON of a2a.proto (PUSH-004, DATA-001): lowerCamelCase JSON names (contextId, artifactId), parts that set one of text, raw, url, data with mediaType and filename, and no kind; this one carries the proto field names context_id, artifact_id and media_type and 0.3's kind on every part, so a receiver reading contextId finds nothing and a ProtoJSON parser with default options rejects the notification")

# --- f1135: a push notification sent without the Authorization the config asks for (aion-python-sdk PR #144)
S144 = ("https://github.com/Terminal-Research/aion-python-sdk/pull/144 (fix(auth,push): authenticate webhooks ...: 'add AuthenticatedPushNotificationSender: "
        "sends PushNotificationConfig.authentication as an Authorization header'; before it the SDK's sender posted webhooks without it)")
AI = "https://aion-agent.example.test"
CARDQ = card03(AI + "/", capabilities={"streaming": True, "pushNotifications": True})
case("f1135-v03-push-without-authorization", get_card(0.0, CARDQ, AI + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AI + "/", rpc("ai-1", "message/send", {"message": umsg03("summarise the thread", mid="m-ai-1"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "authentication": {"schemes": ["Bearer"], "credentials": "hook-cred-144"}}}})),
    resp(0.3, 200, ok("ai-1", task03("t-ai-1", "c-ai-1", "submitted"))),
    req(8.0, "POST", HOOK, task03("t-ai-1", "c-ai-1", "completed", artifacts=[{"artifactId": "a-ai-1", "parts": [{"kind": "text", "text": "a summary"}]}])),
    resp(8.01, 401, {"detail": "Not authenticated"}, hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")], S144,
     "the push config's authentication names the scheme and credentials the webhook requires; the agent MUST present them on every notification (0.3 §9.5 push security, PUSH-005); it posts the task without an Authorization header and the webhook refuses it, so the client never learns the task ended")

# --- f1136: a 0.2 server that implements tasks/send but not message/send (pydantic-ai #1795)
S1795 = ("https://github.com/pydantic/pydantic-ai/issues/1795 (A2A - \"message/send\" and \"message/stream\" RPC methods are not implemented and they seem "
         "to be core of A2A concept: 'in FastA2A seems that \"tasks/send\" is the main RPC method'; the maintainer: 'Yeah, they are just not implemented yet')")
FA = "http://localhost:8000"
CARD02 = {"name": "Agent", "description": "fasta2a agent", "url": FA, "version": "1.0.0", "protocolVersion": "0.2.5",
          "capabilities": {"streaming": False, "pushNotifications": False, "stateTransitionHistory": False},
          "defaultInputModes": ["application/json"], "defaultOutputModes": ["application/json"],
          "skills": [{"id": "chat", "name": "chat", "description": "chat", "tags": []}]}
case("f1136-v02-message-send-method-not-found", get_card(0.0, CARD02, FA + "/.well-known/agent.json") + [
    req(0.2, "POST", FA + "/", rpc("fa-1", "message/send", {"message": umsg03("hello", mid="m-fa-1")})),
    resp(0.21, 200, err("fa-1", -32601, "Method not found")),
], [("card-version-method-mismatch", "error")], S1795,
     "a 0.2 agent answers message/send, 0.2's send method (0.2 §7.1; VER-001, CARD-005): this card says protocolVersion 0.2.5, yet the server implements only the 0.1 method tasks/send and answers -32601 Method not found, so every 0.2 client fails on its first call")

# --- f1137: a request whose id is an object answered with a bare 500 (supervaizer PR #47)
S47 = ("https://github.com/supervaize/supervaizer/pull/47 (supervaizer-v2-mvp-contracts: review: 'When request-envelope validation fails, this branch "
       "forwards body.get(\"id\") directly into _json_rpc_error. If a client sends an invalid id type (for example an object/array), constructing "
       "JsonRpcResponse fails validation ... so the endpoint raises and returns a server error instead of a JSON-RPC error')")
SV = "https://supervaizer.example.test"
case("f1137-v03-invalid-id-type-answered-500", get_card(0.0, card03(SV + "/a2a"), SV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SV + "/a2a", {"jsonrpc": "2.0", "id": {"seq": 1}, "method": "message/send", "params": {"message": umsg03("run the job", mid="m-sv-1")}}),
    resp(0.21, 500, "Internal Server Error", ctype="text/plain; charset=utf-8"),
], [("client-request-without-id", "error"), ("jsonrpc-response-malformed", "error")], S47,
     "a JSON-RPC id is a string, number or null (JSON-RPC 2.0 §4; RPC-002), so the client's object id is an Invalid Request; the agent answers it with a JSON-RPC error, -32600 with id null (JSON-RPC 2.0 §5.1), but its handler fails building that error around the object id and the framework answers a bare text/plain 500, which no JSON-RPC client can read")

# --- f1138 (legal): an unknown key in message metadata is the agent's own contract (spring-ai-ascend #312)
S312 = ("https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/312 (POST /a2a with metadata.agentId 'nonexistent-agent-id' is not refused and "
        "answers normally; expected: an error or a FAILED terminal state)")
SA = "http://ascend.example.test:8080"
case("f1138-legal-v10-unknown-metadata-agent-id", get_card(0.0, card10(SA + "/a2a"), SA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SA + "/a2a", rpc("test4-msg-3", "SendMessage", {"message": umsg10("test", mid="msg-test4-003", contextId="test4c",
        metadata={"userId": "test-user", "agentId": "nonexistent-agent-id", "sessionId": "test4c"})}), ver="1.0"),
    resp(1.2, 200, ok("test4-msg-3", {"task": task10("t-as-1", "test4c", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-as-1", "parts": [{"text": "test received"}]}])})),
], [], S312,
     "legal: message metadata is free-form (1.0 §4.1.4 Message.metadata); A2A gives no member of it a meaning, so an agent that ignores an agentId it does not know and answers the message breaks no requirement (rejecting it would be the agent's own contract too)")

# --- f1139 (legal): a 0.3 artifact streamed in chunks, the first creating it, the rest appended (strands harness-sdk PR #1401)
S1401 = ("https://github.com/strands-agents/harness-sdk/pull/1401 (fix(a2a): use a2a artifact update event: 'Intermediate chunks are best represented by "
         "artifact updates with append set to true, not task status updates'; behind the enable_a2a_compliant_streaming flag)")
ST = "https://strands-agent.example.test"
case("f1139-legal-v03-stream-artifact-append-chunks", get_card(0.0, card03(ST + "/"), ST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ST + "/", rpc("st-1", "message/stream", {"message": umsg03("write a haiku", mid="m-st-1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.25, sse(ok("st-1", task03("t-st-1", "c-st-1", "submitted", history=[umsg03("write a haiku", mid="m-st-1", taskId="t-st-1", contextId="c-st-1")])))),
    chunk(0.3, sse(ok("st-1", {"kind": "status-update", "taskId": "t-st-1", "contextId": "c-st-1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(0.5, sse(ok("st-1", {"kind": "artifact-update", "taskId": "t-st-1", "contextId": "c-st-1", "append": False, "lastChunk": False, "artifact": {"artifactId": "agent_response", "parts": [{"kind": "text", "text": "Old pond, "}]}}))),
    chunk(0.7, sse(ok("st-1", {"kind": "artifact-update", "taskId": "t-st-1", "contextId": "c-st-1", "append": True, "lastChunk": False, "artifact": {"artifactId": "agent_response", "parts": [{"kind": "text", "text": "a frog jumps in, "}]}}))),
    chunk(0.9, sse(ok("st-1", {"kind": "artifact-update", "taskId": "t-st-1", "contextId": "c-st-1", "append": True, "lastChunk": True, "artifact": {"artifactId": "agent_response", "parts": [{"kind": "text", "text": "the sound of water."}]}}))),
    chunk(1.0, sse(ok("st-1", {"kind": "status-update", "taskId": "t-st-1", "contextId": "c-st-1", "status": {"state": "completed", "timestamp": "2026-03-02T10:15:01.000Z"}, "final": True}))),
    chunk(1.01, "", close="eof"),
], [], S1401,
     "legal: a streamed artifact's first chunk creates it (append false) and later chunks append parts to the same artifactId, the last marked lastChunk (0.3 §7.2.3 TaskArtifactUpdateEvent); the stream ends with the final completed status")

# --- f1140 (legal): a second send to a busy context answered with a task ended failed (hermes-agent PR #64982)
S64982 = ("https://github.com/NousResearch/hermes-agent/pull/64982 (feat(a2a): multi-turn conversation support with context persistence: 'Concurrent-call "
          "guard - One in-flight task per contextId - rejects follow-up calls while agent is processing - Returns STATE_FAILED with a clear message')")
HA = "https://hermes.example.test"
case("f1140-legal-v10-busy-context-new-task-failed", get_card(0.0, card10(HA + "/a2a"), HA + "/.well-known/agent-card.json") + [
    tag(req(0.2, "POST", HA + "/a2a", rpc("ha-1", "SendMessage", {"message": umsg10("plan my trip to Kyoto", mid="m-ha-1", contextId="ctx-ha")}), ver="1.0"), 1),
    tag(req(0.5, "POST", HA + "/a2a", rpc("ha-2", "SendMessage", {"message": umsg10("also book the hotel", mid="m-ha-2", contextId="ctx-ha")}), ver="1.0"), 2),
    tag(resp(0.6, 200, ok("ha-2", {"task": task10("t-ha-2", "ctx-ha", "TASK_STATE_FAILED",
        **{"status": {"state": "TASK_STATE_FAILED", "timestamp": TS, "message": amsg10("Another request in this conversation is still running; retry when it finishes.", mid="a-ha-2", taskId="t-ha-2", contextId="ctx-ha")}})})), 2),
    tag(resp(14.0, 200, ok("ha-1", {"task": task10("t-ha-1", "ctx-ha", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-ha-1", "parts": [{"text": "3 days in Kyoto"}]}])})), 1),
], [], S64982,
     "legal: an agent decides what a context can run at once; ending the second task failed with its reason in status.message (1.0 §4.1.2, §4.1.3) is an answer a client can read, in the client's contextId")

# --- f1141: a 0.2 card written by fasta2a's to_a2a without capabilities (pydantic-ai #1717)
S1717 = ("https://github.com/pydantic/pydantic-ai/issues/1717 (Agent.to_a2a() Missing Capabilities Field Causes ValidationError: 'the capabilities field "
         "required by the AgentCard model is neither provided by default nor accepted as an argument. This results in a ValidationError when attempting "
         "to register the agent at CLI or UI A2A'; fixed in pydantic-ai commit 65de55c)")
PA = "http://localhost:8000"
CARD1717 = {"name": "fun_agent", "description": "This is Fun Agent, your friendly assistant for humor!", "url": PA, "version": "1.0.0",
            "protocolVersion": "0.2.5", "defaultInputModes": ["application/json"], "defaultOutputModes": ["application/json"],
            "skills": [{"id": "tell_joke", "name": "Joke Telling Tool", "description": "Tells a random joke to the user.", "tags": []}]}
case("f1141-v02-card-without-capabilities", get_card(0.0, CARD1717, PA + "/.well-known/agent.json"), [("card-missing-required-field", "error")], S1717,
     "an AgentCard carries capabilities, an AgentCapabilities object whose members are all optional (0.2 §5.5, CARD-003: required in the 0.2 schema); fasta2a's to_a2a left it out, so the A2A CLI and UI, validating the card against the schema, refuse to register the agent")

# --- f1142 (legal): the same card with an empty capabilities object, as the fix writes it (pydantic-ai #1717)
CARD1717B = dict(CARD1717, capabilities={"streaming": False, "pushNotifications": False, "stateTransitionHistory": False})
case("f1142-legal-v02-card-capabilities-all-false", get_card(0.0, CARD1717B, PA + "/.well-known/agent.json") + [
    req(0.2, "POST", PA + "/", rpc("pa-1", "message/send", {"message": umsg03("tell me a joke", mid="m-pa-1")})),
    resp(1.5, 200, ok("pa-1", task03("t-pa-1", "c-pa-1", "completed", artifacts=[{"artifactId": "a-pa-1", "parts": [{"kind": "text", "text": "Why did the chicken..."}]}]))),
], [], S1717,
     "legal: capabilities present with every flag false (0.2 §5.5.2: each member optional) is a complete card; the agent then answers message/send without streaming")

write_cases(cases, OUT)
