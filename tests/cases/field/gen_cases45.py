"""Session-45 field cases of miner mine45 (f979-...): same helpers and output format as gen_cases44.py.

Scope (round forty-five): multi-turn and multi-agent flows and the 1.0 push shapes: a client
that keeps the task id of a finished task and sends its next message to it (a "zombie" task id,
refused by the agent with an error), an orchestrator whose own task id, or another delegate's,
leaks into the message it sends a delegate, a client that writes a task id into contextId, a
1.0 send whose push config carries 0.3's member name, a 1.0 push delivered under the header the
spec's old example showed, 0.3 file parts by the names of a 1.0 draft, and their legal
neighbours (a follow-up in the same context without the finished task's id, one contextId
given to two agents, the 1.0 push config member, a 0.3 file part with bytes and mimeType).
`python3 gen_cases45.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
B = "https://billing-agent.example.test"
C = "https://currency-agent.example.test"
WEBHOOK = "https://client.example.test/a2a/webhook"
ZOMBIE = ("client-message-to-terminal-task", "note")

# --- f979: a 0.3 client sends its follow-up to the task it saw complete; the hub answers -32600 (espennilsen/pi #116)
PI116 = ("https://github.com/espennilsen/pi/pull/116 (fix(pi-a2a): auto-retry send when remote task is in terminal state: conversationContexts kept "
         "the last {contextId, taskId} per agent and reused it on the next a2a_send; the hub answered 'JSON-RPC error: Task ed401f7a-... is in a "
         "terminal state (completed) and cannot be modified. (Code: -32600)')")
case("f979-v03-follow-up-to-completed-task-invalid-request", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-116a", "message/send", {"message": umsg03("summarise the open incidents", mid="m-116a")})),
    resp(0.6, 200, ok("s-116a", task03("ed401f7a-116", "c-116", "completed", artifacts=[{"artifactId": "a-116", "parts": [{"kind": "text", "text": "Two incidents are open."}]}]))),
    req(5.0, "POST", A + "/", rpc("s-116b", "message/send", {"message": umsg03("and which one is older?", mid="m-116b", taskId="ed401f7a-116", contextId="c-116")})),
    resp(5.01, 200, err("s-116b", -32600, "Task ed401f7a-116 is in a terminal state (completed) and cannot be modified.")),
], [ZOMBIE, ("jsonrpc-error-code-mismatch", "error")], PI116,
     "the client saw task ed401f7a-116 complete and sent its next message to it: a terminal task cannot be restarted (TASK-001), a follow-up in the conversation is a new task in the same context (contextId without taskId, ID-008); the agent was right to refuse, but -32600 says the JSON-RPC request object could not be read (JSON-RPC 2.0 §5.1), which it could: 0.3's UnsupportedOperationError (-32004) names what happened")

# --- f980: a 1.0 client reuses taskId and contextId of a task the agent completed (langchain4j #6371)
L6371 = ("https://github.com/langchain4j/langchain4j/issues/6371 ([BUG] Semantic issue with repeated invocations of the same A2A agent: the A2A agent "
         "reuses the same taskId and contextId when the same agent is invoked again; the server completed the task during the first invocation, "
         "so the second is refused)")
case("f980-v10-second-invocation-reuses-completed-task-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6371a", "SendMessage", {"message": umsg10("message", mid="m-6371a")}), ver="1.0"),
    resp(0.3, 200, ok("s-6371a", {"task": task10("t-6371", "c-6371", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-6371", "parts": [{"text": "message"}]}])})),
    req(0.5, "POST", A + "/a2a", rpc("s-6371b", "SendMessage", {"message": umsg10("message", mid="m-6371b", taskId="t-6371", contextId="c-6371")}), ver="1.0"),
    resp(0.51, 200, err("s-6371b", -32004, "Task t-6371 is in a terminal state: TASK_STATE_COMPLETED", ei("UNSUPPORTED_OPERATION"))),
], [ZOMBIE], L6371,
     "the agent answered the first call with task t-6371 completed, and the second invocation named that task again: a message to a terminal task is refused with UnsupportedOperationError (TASK-002), which this agent did; the client should have sent contextId c-6371 without the taskId to start the next task in the same conversation (ID-008, TASK-001)")

# --- f981: a 0.3 streaming client restores a finished task id (gemini-cli #22724)
G22724 = ("https://github.com/google-gemini/gemini-cli/pull/22724 (fix(core): preserve a2a contextId and reset zombie taskIds in remote invocation: "
          "RemoteAgentInvocation kept the taskId of a task that had reached a terminal state and sent it on the next turn; the remote agent "
          "rejects a message to a terminal task)")
case("f981-v03-stream-zombie-task-id", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-22724a", "message/stream", {"message": umsg03("list the failing tests", mid="m-22724a")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-22724a", task03("t-22724", "c-22724", "submitted")))),
    chunk(0.5, sse(ok("s-22724a", {"kind": "artifact-update", "taskId": "t-22724", "contextId": "c-22724", "artifact": {"artifactId": "a-22724", "parts": [{"kind": "text", "text": "test_login fails"}]}, "lastChunk": True}))),
    chunk(0.6, sse(ok("s-22724a", {"kind": "status-update", "taskId": "t-22724", "contextId": "c-22724", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.61, "", close="eof"),
    req(3.0, "POST", A + "/", rpc("s-22724b", "message/stream", {"message": umsg03("fix it", mid="m-22724b", taskId="t-22724", contextId="c-22724")}), accept=SSE),
    resp(3.01, 200, err("s-22724b", -32004, "Task t-22724 is in a terminal state (completed) and cannot be modified.")),
], [ZOMBIE], G22724,
     "the stream ended with task t-22724 completed (final: true), and the client's next turn named that task: a terminal task accepts no message (0.3 §6.1, TASK-001), the agent refused it; the conversation continues with contextId c-22724 and no taskId")

# --- f982: an orchestrator forwards its own task id to a child agent (a2a-samples #693)
S693 = ("https://github.com/a2aproject/a2a-samples/pull/693 (fix: use child task IDs in a2a_mcp workflows: WorkflowNode.run_node forwarded the "
        "orchestrator's task ID to child agents; A2A interprets that ID as an existing task on the receiving agent, so the first child request "
        "failed with TaskNotFoundError)")
case("f982-v10-orchestrator-task-id-sent-to-child", get_card(0.0, card10(A + "/a2a")) + get_card(0.02, card10(B + "/a2a"), url=B + "/.well-known/agent-card.json") + [
    tag(req(0.1, "POST", A + "/a2a", rpc("s-693a", "SendStreamingMessage", {"message": umsg10("plan a trip to Lisbon and book the flight", mid="m-693a")}), ver="1.0", accept=SSE), 1),
    tag(resp(0.2, 200, "", ctype=SSE), 1),
    tag(chunk(0.21, sse(ok("s-693a", {"task": task10("t-orch-693", "c-693", "TASK_STATE_WORKING")}))), 1),
    req(0.4, "POST", B + "/a2a", rpc("s-693b", "SendMessage", {"message": umsg10("book a flight to Lisbon on 12 May", mid="m-693b", taskId="t-orch-693", contextId="c-693")}), ver="1.0"),
    resp(0.41, 200, err("s-693b", -32001, "Task not found: t-orch-693", ei("TASK_NOT_FOUND"))),
    tag(chunk(0.6, sse(ok("s-693a", su10("t-orch-693", "c-693", "TASK_STATE_FAILED", message=amsg10("the flight agent failed", mid="m-693c", taskId="t-orch-693", contextId="c-693"))))), 1),
    tag(chunk(0.61, "", close="eof"), 1),
], [("client-task-id-from-other-agent", "warning")], S693,
     "t-orch-693 is the orchestrator's own task (handed out at agent.example.test) and the orchestrator, as a client, named it in its first message to the flight agent: a taskId names a task of the agent it is sent to (ID-001), so the child answered TaskNotFoundError; a delegate's first message carries no taskId, and a later one the child's own")

# --- f983: a 0.3 host agent sends the first remote agent's task id to the second one (a2a-samples #310)
S310 = ("https://github.com/a2aproject/a2a-samples/issues/310 (TaskNotFoundError when 'multiagent' sample code sends non-null task_id to a remote "
        "agent running on a separate task store: host_agent.send_message set task_id from state on every call after the first, so the second "
        "and third remote agents got the task id the first one made)")
case("f983-v03-host-sends-first-agents-task-id-to-second", get_card(0.0, card03(B + "/"), url=B + "/.well-known/agent-card.json") + get_card(0.02, card03(C + "/"), url=C + "/.well-known/agent-card.json") + [
    req(0.1, "POST", B + "/", rpc("s-310a", "message/send", {"message": umsg03("what is 2*3?", mid="m-310a")})),
    resp(0.3, 200, ok("s-310a", task03("t-310-mul", "c-310-mul", "completed", artifacts=[{"artifactId": "a-310", "parts": [{"kind": "text", "text": "6"}]}]))),
    req(0.5, "POST", C + "/", rpc("s-310b", "message/send", {"message": umsg03("what is 1+6?", mid="m-310b", taskId="t-310-mul", contextId="c-310-mul")})),
    resp(0.51, 200, err("s-310b", -32001, "Task not found")),
], [("client-task-id-from-other-agent", "warning")], S310,
     "t-310-mul was handed out by billing-agent.example.test, and the host named it to currency-agent.example.test, whose task store never held it: a task id is valid only at the agent that made it (ID-001), so the second agent answered TaskNotFoundError and the host's plan failed at its second step")

# --- f984 (legal): one contextId given to two agents (a2a-samples #310, the per-agent fix in PR #305)
case("f984-legal-v03-one-context-id-for-two-agents", get_card(0.0, card03(B + "/"), url=B + "/.well-known/agent-card.json") + get_card(0.02, card03(C + "/"), url=C + "/.well-known/agent-card.json") + [
    req(0.1, "POST", B + "/", rpc("s-310c", "message/send", {"message": umsg03("what is 2*3?", mid="m-310c")})),
    resp(0.3, 200, ok("s-310c", task03("t-310-mul2", "c-310-shared", "completed"))),
    req(0.5, "POST", C + "/", rpc("s-310d", "message/send", {"message": umsg03("what is 1+6?", mid="m-310d", contextId="c-310-shared")})),
    resp(0.7, 200, ok("s-310d", task03("t-310-add", "c-310-shared", "completed"))),
], [], S310,
     "legal: a contextId carries no task, and an agent may adopt a context id its client brings (ID-002, 1.0 §3.4.1; 0.3 leaves it to the agent): the host gave the second agent the conversation's context and no task id, so the second agent made a task of its own")

# --- f985: a client writes the task id into contextId (adcontextprotocol/adcp-client #729)
ADCP729 = ("https://github.com/adcontextprotocol/adcp-client/pull/729 (fix(a2a): retain contextId + pendingTaskId across multi-turn calls: AgentClient "
           "wrote result.metadata.taskId into its currentContextId field on every success, conflating the per-task correlation id with the "
           "conversation id, and never put contextId / taskId on the outgoing Message, so HITL flows orphaned the server-side task)")
case("f985-v10-task-id-sent-as-context-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-729a", "SendMessage", {"message": umsg10("create a media buy for the spring campaign", mid="m-729a")}), ver="1.0"),
    resp(0.4, 200, ok("s-729a", {"task": task10("t-729", "c-729", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
        "message": amsg10("Approve a budget of 20000 EUR?", mid="m-729q", taskId="t-729", contextId="c-729")})})),
    req(3.0, "POST", A + "/a2a", rpc("s-729b", "SendMessage", {"message": umsg10("approved", mid="m-729b", contextId="t-729")}), ver="1.0"),
    resp(3.3, 200, ok("s-729b", {"task": task10("t-729b", "t-729", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-729b", "parts": [{"text": "What would you like approved?"}]}])})),
], [("client-task-id-as-context-id", "warning")], ADCP729,
     "t-729 is the id of the task the agent left input-required in context c-729; the client sent its answer with contextId \"t-729\" and no taskId, so the agent, which may adopt a client's context id (ID-002), opened a new context of that name and a new task, and the waiting task t-729 never got its answer: a task id in contextId is the client's conflation of the two ids (ID-003, ID-008: the answer to an input-required task names its taskId)")

# --- f986: a 1.0 send whose push config carries 0.3's member name (a2a-dotnet PR #418)
D418 = ("https://github.com/a2aproject/a2a-dotnet/pull/418 (fix: flatten TaskPushNotificationConfig to match v1 spec: the client set "
        "SendMessageConfiguration.PushNotificationConfig, 0.3's nested PushNotificationConfig, where 1.0 defines taskPushNotificationConfig, a flat "
        "TaskPushNotificationConfig; a2a-tck #145 is the same shape in CreateTaskPushNotificationConfig)")
CARDP = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
case("f986-v10-send-push-config-0-3-member-name", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-418", "SendMessage", {"message": umsg10("render the monthly report", mid="m-418"),
        "configuration": {"returnImmediately": True, "pushNotificationConfig": {"url": WEBHOOK, "token": "tok-418"}}}), ver="1.0"),
    resp(0.12, 200, ok("s-418", {"task": task10("t-418", "c-418", "TASK_STATE_SUBMITTED")})),
], [("client-version-mixed-request", "warning")], D418,
     "1.0's SendMessageConfiguration names the push config taskPushNotificationConfig, a flat TaskPushNotificationConfig (url, token, authentication); pushNotificationConfig is 0.3's member, which a 1.0 agent does not read: the agent took the task with no push config, and the client waits for a webhook call that never comes")

# --- f987 (legal): the 1.0 member taskPushNotificationConfig in a send (a2a-tck PR #172)
T172 = ("https://github.com/a2aproject/a2a-tck/pull/172 (feat: add push notification delivery tests with webhook receiver: a review proposed "
        "configuration.pushNotificationConfig; the author: the field name is taskPushNotificationConfig according to the JSON schema of the 1.0 definitions)")
case("f987-legal-v10-send-task-push-notification-config", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-172", "SendMessage", {"message": umsg10("TCK prerequisite task creation", mid="m-172"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WEBHOOK, "token": "tok-172"}}}), ver="1.0"),
    resp(0.12, 200, ok("s-172", {"task": task10("t-172", "c-172", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", WEBHOOK, {"statusUpdate": {"taskId": "t-172", "contextId": "c-172", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        ctype=A2AJ, hdr={"a2a-notification-token": "tok-172"}),
    resp(1.01, 200, ""),
], [], T172,
     "legal: configuration.taskPushNotificationConfig is 1.0's member (a flat TaskPushNotificationConfig; the task id comes from the send), and the agent delivered the terminal state to its url")

# --- f988: a 1.0 push delivered under X-A2A-Notification-Token instead of the configured Authorization (A2A PR #1793)
A1793 = ("https://github.com/a2aproject/A2A/pull/1793 (docs(fix): align push notification auth examples with protocol behavior: the authentication "
         "field has scheme and credentials, and the request POSTed to the webhook passes them in the Authorization header; the example's "
         "X-A2A-Notification-Token header is not defined in the spec; fixes https://github.com/a2aproject/A2A/issues/1594)")
case("f988-v10-push-token-header-instead-of-authorization", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1793", "SendMessage", {"message": umsg10("transcode the video", mid="m-1793"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WEBHOOK, "authentication": {"scheme": "Bearer", "credentials": "cred-1793"}}}}), ver="1.0"),
    resp(0.12, 200, ok("s-1793", {"task": task10("t-1793", "c-1793", "TASK_STATE_SUBMITTED")})),
    req(4.0, "POST", WEBHOOK, {"statusUpdate": {"taskId": "t-1793", "contextId": "c-1793", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        ctype=A2AJ, hdr={"x-a2a-notification-token": "cred-1793"}),
    resp(4.01, 401, "", hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")], A1793,
     "the config's authentication asks for Authorization: Bearer cred-1793 (PUSH-005); the agent followed the spec's old example and put the credential in X-A2A-Notification-Token, a header no version defines for it, so the webhook refused the notification")

# --- f989 (legal): a 0.3 file part with bytes and mimeType (a2a-dotnet #269)
D269 = ("https://github.com/a2aproject/a2a-dotnet/issues/269 ([Bug]: FileWithBytes and FileWithUri use non-compliant field names (bytes/uri/mimeType "
        "instead of fileWithBytes/fileWithUri/mediaType): the issue read a 1.0 draft's FilePart table against the 0.3 package; 0.3 names them bytes, "
        "uri and mimeType, 1.0 final raw, url and mediaType on the Part)")
PDF = "JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+PgpzdHJlYW0K"
case("f989-legal-v03-file-part-bytes-and-mime-type", get_card(0.0, card03(A + "/", defaultInputModes=["text/plain", "application/pdf"])) + [
    req(0.1, "POST", A + "/", rpc("s-269a", "message/send", {"message": umsg03("summarise the attached invoice", mid="m-269a") | {"parts": [
        {"kind": "text", "text": "summarise the attached invoice"},
        {"kind": "file", "file": {"name": "invoice.pdf", "mimeType": "application/pdf", "bytes": PDF}}]}})),
    resp(0.5, 200, ok("s-269a", task03("t-269a", "c-269a", "completed", artifacts=[{"artifactId": "a-269a", "parts": [{"kind": "text", "text": "One invoice of 420 EUR."}]}]))),
], [], D269,
     "legal: a 0.3 FilePart's file is FileWithBytes {bytes, mimeType?, name?} or FileWithUri {uri, ...} (0.3 schema §6.6): the names the issue called non-compliant are 0.3's own")

# --- f990: a 0.3 file part by a 1.0 draft's names, served (a2a-dotnet #269)
case("f990-v03-file-part-draft-member-names-served", get_card(0.0, card03(A + "/", defaultInputModes=["text/plain", "application/pdf"])) + [
    req(0.1, "POST", A + "/", rpc("s-269b", "message/send", {"message": umsg03("summarise the attached invoice", mid="m-269b") | {"parts": [
        {"kind": "text", "text": "summarise the attached invoice"},
        {"kind": "file", "file": {"name": "invoice.pdf", "mediaType": "application/pdf", "fileWithBytes": PDF}}]}})),
    resp(0.5, 200, ok("s-269b", task03("t-269b", "c-269b", "completed", artifacts=[{"artifactId": "a-269b", "parts": [{"kind": "text", "text": "I see no attachment."}]}]))),
], [("request-message-invalid-shape", "error"), ("client-version-mixed-request", "warning")], D269,
     "the client wrote the file by the names the issue proposed (fileWithBytes, mediaType): a 0.3 file holds bytes or uri (0.3 schema §6.6), so this file has no content the agent can read, and the agent answered without it; mediaType is 1.0's name for 0.3's mimeType (VER-MIX-002)")

# --- f991: a task seen completed is later read back working (a2a-dotnet PR #453)
D453 = ("https://github.com/a2aproject/a2a-dotnet/pull/453 (fix: enforce terminal state transitions and serialize cancel check-then-act: terminal "
        "states are final, a completed/canceled/failed/rejected task must not be overwritten by a later status update; review: an agent can "
        "emit a terminal status and then enqueue a replacement task in Submitted/Working, which the projection persists)")
case("f991-v10-completed-task-replaced-by-working-snapshot", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-453", "SendMessage", {"message": umsg10("translate the release notes", mid="m-453")}), ver="1.0"),
    resp(0.5, 200, ok("s-453", {"task": task10("t-453", "c-453", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-453", "parts": [{"text": "Notes de version"}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("g-453", "GetTask", {"id": "t-453"}), ver="1.0"),
    resp(1.01, 200, ok("g-453", task10("t-453", "c-453", "TASK_STATE_WORKING", ts="2026-03-02T10:15:01.000Z"))),
], [("terminal-state-changed", "error")], D453,
     "the agent answered the send with t-453 completed and, read back, the task is working again: a terminal state is final (TASK-001); a replacement Task enqueued after the terminal status overwrote the stored one")
# --- f992: a 0.2 agent accepts a message to a completed task (a2a-js PR #29)
JS29 = ("https://github.com/a2aproject/a2a-js/pull/29 (feat: reject sendMessage for tasks in terminal states: the server's DefaultRequestHandler "
        "loaded the task the message named and ran the executor on it whatever its state; now a message to a completed, failed, canceled or "
        "rejected task is refused)")
case("f992-v02-message-to-completed-task-accepted", [
    req(0.1, "POST", A + "/", rpc("s-29a", "message/send", {"message": umsg03("draft the release announcement", mid="m-29a")})),
    resp(0.4, 200, ok("s-29a", task03("t-29", "c-29", "completed", artifacts=[{"artifactId": "a-29", "parts": [{"kind": "text", "text": "We are happy to announce"}]}]))),
    req(2.0, "POST", A + "/", rpc("s-29b", "message/send", {"message": umsg03("make it shorter", mid="m-29b", taskId="t-29", contextId="c-29")})),
    resp(2.4, 200, ok("s-29b", task03("t-29", "c-29", "working"))),
], [("message-to-terminal-task-accepted", "error"), ("terminal-state-changed", "error"), ZOMBIE], JS29,
     "t-29 was completed, and the agent took the client's next message into it and moved the task back to working: a task in a terminal state can't be restarted and a message to it gets an error (0.2 §6.1, TASK-001 / TASK-002); the client's follow-up should have opened a new task in context c-29 (the note on the client beside the agent's error)")

# --- f993: a late stream event restores a finished task id; the refusal comes as a stream error (gemini-cli PR #20091)
G20091 = ("https://github.com/google-gemini/gemini-cli/pull/20091 (feat(core): implement robust A2A streaming reassembly and fix task continuity: "
          "a finished taskId could be accidentally restored by late-arriving chunks, so the next turn named the finished task; the session's "
          "task id is now cleared when a terminal state or the final flag is seen)")
case("f993-v03-late-event-restores-finished-task-id", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-20091a", "message/stream", {"message": umsg03("review the diff", mid="m-20091a")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-20091a", task03("t-20091", "c-20091", "working")))),
    chunk(0.8, sse(ok("s-20091a", {"kind": "status-update", "taskId": "t-20091", "contextId": "c-20091", "status": {"state": "completed", "timestamp": TS,
        "message": amsg03("Looks good to me.", mid="m-20091r", taskId="t-20091", contextId="c-20091")}, "final": True}))),
    chunk(0.81, "", close="eof"),
    req(4.0, "POST", A + "/", rpc("s-20091b", "message/stream", {"message": umsg03("and the tests?", mid="m-20091b", taskId="t-20091", contextId="c-20091")}), accept=SSE),
    resp(4.01, 200, "", ctype=SSE),
    chunk(4.02, sse(err("s-20091b", -32004, "Task t-20091 is in a terminal state (completed) and cannot be modified."))),
    chunk(4.03, "", close="eof"),
], [ZOMBIE], G20091,
     "the stream closed with t-20091 completed (final: true), and the next turn still named the task: a terminal task accepts no message (0.3 §6.1), so the agent refused it with an error event; the follow-up belongs in a new task of context c-20091")

# --- f994 (legal): the next invocation after a completed task, by contextId only (langchain4j #6371)
case("f994-legal-v10-next-invocation-by-context-only", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6371c", "SendMessage", {"message": umsg10("message", mid="m-6371c")}), ver="1.0"),
    resp(0.3, 200, ok("s-6371c", {"task": task10("t-6371c", "c-6371c", "TASK_STATE_COMPLETED")})),
    req(0.5, "POST", A + "/a2a", rpc("s-6371d", "SendMessage", {"message": umsg10("message", mid="m-6371d", contextId="c-6371c")}), ver="1.0"),
    resp(0.7, 200, ok("s-6371d", {"task": task10("t-6371d", "c-6371c", "TASK_STATE_COMPLETED")})),
], [], L6371,
     "legal: after t-6371c completed, the second invocation sent the context only, and the agent started task t-6371d in the same context (1.0 §3.4.3, ID-008): what the issue asks the client to do")

# --- f995 (legal): an answer to an input-required task with its taskId (gemini-cli PR #22724)
case("f995-legal-v03-answer-to-input-required-task", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-22724c", "message/send", {"message": umsg03("deploy to staging", mid="m-22724c")})),
    resp(0.3, 200, ok("s-22724c", task03("t-22724c", "c-22724c", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Which branch?", mid="m-22724q", taskId="t-22724c", contextId="c-22724c")}))),
    req(2.0, "POST", A + "/", rpc("s-22724d", "message/send", {"message": umsg03("main", mid="m-22724d", taskId="t-22724c", contextId="c-22724c")})),
    resp(2.5, 200, ok("s-22724d", task03("t-22724c", "c-22724c", "completed"))),
], [], G22724,
     "legal: an interrupted task (input-required) waits for its client, and the answer names the task (0.3 §6.3, TASK-007): the task id is a zombie only once the task is terminal")

# --- f996 (legal): an agent whose context id is its task id, continued by contextId (adcp-client PR #729)
case("f996-legal-v10-context-id-equal-to-task-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-729c", "SendMessage", {"message": umsg10("list the active campaigns", mid="m-729c")}), ver="1.0"),
    resp(0.3, 200, ok("s-729c", {"task": task10("t-729c", "t-729c", "TASK_STATE_COMPLETED")})),
    req(1.0, "POST", A + "/a2a", rpc("s-729d", "SendMessage", {"message": umsg10("and the paused ones?", mid="m-729d", contextId="t-729c")}), ver="1.0"),
    resp(1.3, 200, ok("s-729d", {"task": task10("t-729d", "t-729c", "TASK_STATE_COMPLETED")})),
], [], ADCP729,
     "legal: this agent names each conversation after its first task (contextId t-729c on task t-729c), so contextId t-729c is the context the agent handed out, and the next task joins it (ID-008)")

# --- f997: ListTasks ordered by task id, not by status time (a2a-java PR #455)
J455 = ("https://github.com/a2aproject/a2a-java/pull/455 (feat: add list tasks functionality: InMemoryTaskStore sorted the filtered tasks by task "
        "id and used the last task id of a page as the page token (review: 'Since allFilteredTasks is sorted by task ID'); ListTasks orders tasks "
        "by their last status update, newest first)")
case("f997-v10-list-tasks-sorted-by-task-id", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-455", "ListTasks", {"contextId": "c-455"}), ver="1.0"),
    resp(0.11, 200, ok("l-455", {"tasks": [
        task10("t-455-a", "c-455", "TASK_STATE_COMPLETED", ts="2026-03-02T09:00:00.000Z"),
        task10("t-455-b", "c-455", "TASK_STATE_COMPLETED", ts="2026-03-02T11:30:00.000Z"),
        task10("t-455-c", "c-455", "TASK_STATE_WORKING", ts="2026-03-02T10:15:00.000Z")],
        "nextPageToken": "", "pageSize": 50, "totalSize": 3})),
], [("list-tasks-not-newest-first", "error")], J455,
     "ListTasks answers tasks newest status first (1.0 §3.1.4, DATA-007): this page is in task-id order (09:00, 11:30, 10:15), so a client that stops at the first task older than what it has seen misses t-455-b; a page token that is the last task id only works while the order is the id's")

write_cases(cases, OUT)
