"""Session-55 field cases of miner mine55 (f1172-...): same helpers and output format as gen_cases54.py.

Scope (round fifty-five): threads outside github.com/a2aproject that no round had cited, each
URL and repo#number grepped in FIELD-CASES.md first: nexent's A2A 1.0 adapter (a streamed
artifact without artifactId that carries `lastChunk` inside the artifact, parts written
`{"type": "text"}`, a status message without messageId in 0.x's lowercase role, a Task answered
without contextId; ModelEngine-Group/nexent PR #3576 and its backend/services/a2a_agent_adapter.py),
a 1.0 cancel acknowledged CANCELED that the finishing run overwrites with COMPLETED
(mezmo/aura PR #94), a task handed out by a returnImmediately send that GetTask cannot find and
CancelTask answers -32603 (The-PR-Agent/pr-agent #3165), and legal neighbours: a JSON-RPC error
answered with HTTP 400 (agentgateway/agentgateway #151; ERR-007 leaves the status open), a
0.2 authenticated extended card at its 0.2 path (a2ap/a2ago PR #3).
`python3 gen_cases55.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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

# ---------------------------------------------------------------------------------------------
# nexent's A2A 1.0 adapter (ModelEngine-Group/nexent PR #3576; backend/services/a2a_agent_adapter.py)
S3576 = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (Bugfix: ... '修复A2A Server返回消息内容不完整的问题' (the A2A server's answers were "
         "incomplete); its streaming path yields build_a2a_task_event(event_type=\"taskArtifact\", data={\"artifact\": {\"parts\": ...}, \"append\": True, "
         "\"lastChunk\": False}), and the adapter's taskProgress branch writes {\"artifactUpdate\": {taskId, contextId, \"artifact\": {\"parts\": "
         "[{\"type\": \"text\", \"text\": ...}], \"lastChunk\": is_last}, \"append\": true, \"lastChunk\": is_last}}: no artifactId; Copilot's review asks "
         "for artifact.lastChunk on the taskArtifact path too)")
S3576B = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (the same adapter, backend/services/a2a_agent_adapter.py, as the PR leaves it: "
          "build_a2a_task_event's taskStatusUpdate branch converts a status message without parts into {\"role\": message.get(\"role\", \"agent\"), "
          "\"parts\": [{\"type\": \"text\", \"text\": ...}]}: no messageId, 0.x's lowercase role)")
S3576C = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (the same adapter: build_a2a_task_response writes {\"task\": {\"id\", \"status\"}} and "
          "adds contextId only 'if context_id:'; build_a2a_message_response writes parts [{\"type\": \"text\", \"text\": ..., \"mediaType\": \"text/plain\"}])")
NX = "https://nexent.example.test"
NXE = NX + "/api/a2a/agents/7"
CARDNX = card10(NXE)

# --- f1172: a streamed artifact without artifactId, lastChunk written inside the artifact (nexent PR #3576)
case("f1172-v10-stream-artifact-without-artifact-id", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-1", "SendStreamingMessage", {"message": umsg10("summarise the incident report", mid="m-nx-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.25, sse(ok("nx-1", {"task": task10("t-nx-1", "c-nx-1", "TASK_STATE_WORKING")}))),
    chunk(0.8, sse(ok("nx-1", {"artifactUpdate": {"taskId": "t-nx-1", "contextId": "c-nx-1",
        "artifact": {"parts": [{"text": "The outage began at 09:12"}], "lastChunk": False}, "append": True, "lastChunk": False}}))),
    chunk(1.3, sse(ok("nx-1", {"artifactUpdate": {"taskId": "t-nx-1", "contextId": "c-nx-1",
        "artifact": {"parts": [{"text": " and ended at 09:40."}], "lastChunk": True}, "append": True, "lastChunk": True}}))),
    chunk(1.4, sse(ok("nx-1", su10("t-nx-1", "c-nx-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")))),
    chunk(1.41, "", close="eof"),
], [("stream-event-invalid-shape", "error")], S3576,
     "an Artifact carries its artifactId (1.0 §4.1.7, a2a.proto Artifact.artifact_id REQUIRED; DATA-005): a client appends a chunk to the artifact of the same id (append true) and seals it by lastChunk on the update, not on the artifact; this adapter streams every chunk without an id, so a client has nothing to append to and keeps only fragments (the 'incomplete answers' the PR chases)")

# --- f1173 (legal): the same stream with an artifactId and the chunk flags on the update (nexent PR #3576)
case("f1173-legal-v10-stream-artifact-chunks-with-id", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-2", "SendStreamingMessage", {"message": umsg10("summarise the incident report", mid="m-nx-2")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.25, sse(ok("nx-2", {"task": task10("t-nx-2", "c-nx-2", "TASK_STATE_WORKING")}))),
    chunk(0.8, sse(ok("nx-2", {"artifactUpdate": {"taskId": "t-nx-2", "contextId": "c-nx-2",
        "artifact": {"artifactId": "a-nx-2", "parts": [{"text": "The outage began at 09:12", "mediaType": "text/plain"}]}, "lastChunk": False}}))),
    chunk(1.3, sse(ok("nx-2", {"artifactUpdate": {"taskId": "t-nx-2", "contextId": "c-nx-2",
        "artifact": {"artifactId": "a-nx-2", "parts": [{"text": " and ended at 09:40.", "mediaType": "text/plain"}]}, "append": True, "lastChunk": True}}))),
    chunk(1.4, sse(ok("nx-2", su10("t-nx-2", "c-nx-2", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")))),
    chunk(1.41, "", close="eof"),
], [], S3576,
     "legal: the first chunk creates artifact a-nx-2 (append unset), the second appends to it and seals it with lastChunk on the update (1.0 §4.2.2); a text part may name its mediaType (1.0 §4.1.6)")

# --- f1174: a status update whose message has no messageId and 0.x's lowercase role (nexent PR #3576)
case("f1174-v10-stream-status-message-without-message-id", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-3", "SendStreamingMessage", {"message": umsg10("book the review meeting", mid="m-nx-3")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.25, sse(ok("nx-3", {"task": task10("t-nx-3", "c-nx-3", "TASK_STATE_WORKING")}))),
    chunk(0.9, sse(ok("nx-3", su10("t-nx-3", "c-nx-3", "TASK_STATE_INPUT_REQUIRED", ts="2026-03-02T10:15:01.000Z",
        message={"role": "agent", "parts": [{"type": "text", "text": "Which day suits you?"}]})))),
    chunk(0.91, "", close="eof"),
], [("stream-event-invalid-shape", "error"), ("version-mixed-payload", "warning")], S3576B,
     "a Message carries its messageId and a role of ROLE_USER or ROLE_AGENT (1.0 §4.1.4, a2a.proto Message.message_id and role REQUIRED; DATA-004): the adapter writes the status message {role: \"agent\", parts} without an id and in 0.x's role spelling, which a ProtoJSON client refuses, so the input-required question never reaches the user; its part carries the 0.1 discriminator type (VER-MIX-001)")

# --- f1175: a SendMessage answered with a Task that has no contextId (nexent PR #3576)
case("f1175-v10-send-task-without-context-id", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-4", "SendMessage", {"message": umsg10("list the open incidents", mid="m-nx-4")}), ver="1.0"),
    resp(1.5, 200, ok("nx-4", {"task": {"id": "t-nx-4", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifactId": "a-nx-4", "parts": [{"text": "INC-12, INC-19"}]}]}})),
], [("agent-message-without-context-id", "note")], S3576C,
     "a Task carries the contextId the agent assigned (1.0 §4.1.1, a2a.proto Task.context_id REQUIRED; ID-001, DATA-004): with no contextId from the client the adapter omits it from the task, so the client has no context to continue the conversation in")

# --- f1176: an agent Message whose parts are written {"type": "text", ...} (nexent PR #3576)
case("f1176-v10-send-message-parts-type-member", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-5", "SendMessage", {"message": umsg10("what is the on-call rota?", mid="m-nx-5")}), ver="1.0"),
    resp(1.1, 200, ok("nx-5", {"message": {"messageId": "msg_4be0a1c3d2f94e11", "role": "ROLE_AGENT", "contextId": "c-nx-5",
        "parts": [{"type": "text", "text": "Ana this week, Bo next week.", "mediaType": "text/plain"}]}})),
], [("version-mixed-payload", "warning")], S3576C,
     "a 1.0 Part is the oneof of text, raw, url and data, with no discriminator member (1.0 §4.1.6, a2a.proto Part; DATA-001): `type` is the 0.1 draft's discriminator (0.2 and 0.3 renamed it `kind`); a ProtoJSON client rejects the unknown member, so this agent's answer does not parse")

# ---------------------------------------------------------------------------------------------
# --- f1177: a cancel acknowledged CANCELED that the finishing run overwrites with COMPLETED (mezmo/aura PR #94)
S94 = ("https://github.com/mezmo/aura/pull/94 (feat(a2a): initial implementation; review 'Cancellation: CancelTask only updates state, doesn't stop "
       "the agent': 'when a client hits POST /a2a/v1/tasks/{id}:cancel ... 1. Flips the task's state to TaskState::Canceled in the TaskStore, 2. Calls "
       "our cancel_task(...) -- which is a no-op, 3. Broadcasts a StatusUpdate. The spawned tokio::spawn keeps running ... and when the stream eventually "
       "finishes naturally complete_task ... overwrites the Canceled state with Completed -- so the API lied to the caller')")
AU = "https://aura.example.test"
AUB = AU + "/a2a/v1"
CARDAU = card10(AUB, binding="HTTP+JSON")
case("f1177-v10-rest-canceled-task-read-back-completed", get_card(0.0, CARDAU, AU + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AUB + "/message:send", {"message": umsg10("audit the cluster logs", mid="m-au-1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-au-1", "c-au-1", "TASK_STATE_WORKING")}),
    req(4.0, "POST", AUB + "/tasks/t-au-1:cancel", {}, ver="1.0"),
    resp(4.01, 200, task10("t-au-1", "c-au-1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:04.000Z")),
    req(40.0, "GET", AUB + "/tasks/t-au-1", ver="1.0"),
    resp(40.01, 200, task10("t-au-1", "c-au-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:38.000Z",
        artifacts=[{"artifactId": "a-au-1", "parts": [{"text": "3 warnings, 0 errors"}]}])),
], [("terminal-state-changed", "error")], S94,
     "a task in a terminal state stays in it (1.0 §4.1.3 TaskState; TASK-001, TASK-004): the cancel answered CANCELED, and the same task read later is COMPLETED with an artifact, because the cancel hook was a no-op and the run, left going, wrote its own end over the cancel")

# --- f1178 (legal): the cancel stops the run; the task reads back CANCELED (mezmo/aura PR #94)
case("f1178-legal-v10-rest-canceled-task-stays-canceled", get_card(0.0, CARDAU, AU + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AUB + "/message:send", {"message": umsg10("audit the cluster logs", mid="m-au-2"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-au-2", "c-au-2", "TASK_STATE_WORKING")}),
    req(4.0, "POST", AUB + "/tasks/t-au-2:cancel", {}, ver="1.0"),
    resp(4.01, 200, task10("t-au-2", "c-au-2", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:04.000Z")),
    req(40.0, "GET", AUB + "/tasks/t-au-2", ver="1.0"),
    resp(40.01, 200, task10("t-au-2", "c-au-2", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:04.000Z")),
], [], S94,
     "legal: the cancel answers CANCELED and the task reads back CANCELED (1.0 §3.1.5, TASK-004)")

# ---------------------------------------------------------------------------------------------
# --- f1179: a task handed out, then not found by GetTask, its cancel answered -32603 (pr-agent #3165)
S3165 = ("https://github.com/The-PR-Agent/pr-agent/issues/3165 ([Bug] A2A CancelTask cannot cancel running MOSAICO tasks: 'An A2A client can start a "
         "non-terminal MOSAICO task with SendMessage(return_immediately=true) and then request cancellation ... The server-level failure is an internal "
         "A2A error (-32603 A2A 1.0 RequestContext missing task_id/context_id), and GetTask cannot retrieve the in-flight task')")
PR = "https://pr-agent.example.test"
case("f1179-v10-returned-task-not-found-cancel-internal-error", get_card(0.0, card10(PR + "/"), PR + "/.well-known/agent-card.json") + [
    req(0.2, "POST", PR + "/", rpc("pr-1", "SendMessage", {"message": umsg10("review PR 4411", mid="m-pr-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("pr-1", {"task": task10("t-pr-1", "c-pr-1", "TASK_STATE_SUBMITTED")})),
    req(2.0, "POST", PR + "/", rpc("pr-2", "GetTask", {"id": "t-pr-1"}), ver="1.0"),
    resp(2.01, 200, err("pr-2", -32001, "Task not found", ei("TASK_NOT_FOUND"))),
    req(3.0, "POST", PR + "/", rpc("pr-3", "CancelTask", {"id": "t-pr-1"}), ver="1.0"),
    resp(3.01, 200, err("pr-3", -32603, "A2A 1.0 RequestContext missing task_id/context_id")),
], [("task-id-not-resolvable", "error")], S3165,
     "a task the agent handed out can be read and canceled by its id (1.0 §3.1.3, §3.1.5; TASK-002, ID-004): the send answered task t-pr-1, but the agent stores the task only at its first artifact, so GetTask says TaskNotFound and CancelTask fails with an internal error while the work runs on")

# ---------------------------------------------------------------------------------------------
# --- f1180 (legal): a JSON-RPC error answered with HTTP 400 (agentgateway #151)
S151 = ("https://github.com/agentgateway/agentgateway/issues/151 (Error -32603: Failed to process response: HTTP error 500: the reporter's Flask agent "
        "answers a request without input with return jsonify({\"jsonrpc\": \"2.0\", \"id\": rpc_id, \"error\": {\"code\": -32602, \"message\": \"Missing or "
        "empty input\"}}), 400, and a request without id with -32600, id null, HTTP 400)")
FL = "http://flask-agent.example.test:8080"
case("f1180-legal-v03-jsonrpc-error-http-400", get_card(0.0, card03(FL + "/"), FL + "/.well-known/agent-card.json") + [
    req(0.2, "POST", FL + "/", rpc("fl-1", "message/send", {"message": umsg03("", mid="m-fl-1")})),
    resp(0.21, 400, err("fl-1", -32602, "Missing or empty input")),
    req(1.0, "POST", FL + "/", rpc("fl-2", "message/send", {"message": umsg03("what is the weather in Pune?", mid="m-fl-2")})),
    resp(2.0, 200, ok("fl-2", amsg03("32 C and humid.", mid="a-fl-2", contextId="c-fl-2"))),
], [], S151,
     "legal: the HTTP status of a JSON-RPC error reply is not fixed by A2A (ERR-007); an InvalidParams error object with the request's id, sent with HTTP 400, is a complete JSON-RPC answer (0.3 §7.1, JSON-RPC 2.0 §5.1)")

# --- f1181 (legal): a 0.2 card with supportsAuthenticatedExtendedCard, its extended card read at the 0.2 path (a2ap/a2ago PR #3)
S3 = ("https://github.com/a2ap/a2ago/pull/3 (authenticated-extended-agent-card: 'Adds a supportsAuthenticatedExtendedCard flag to the AgentCard model. "
      "Implements a new server endpoint /a2a/agent/authenticatedExtendedCard that requires an API key for access')")
AG = "https://a2ago.example.test"
CARDAG = card03(AG + "/a2a", protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=True,
                securitySchemes={"apiKey": {"type": "apiKey", "in": "header", "name": "X-API-Key"}}, security=[{"apiKey": []}])
CARDAG.pop("preferredTransport")
CARDAGX = dict(CARDAG, skills=CARDAG["skills"] + [{"id": "admin", "name": "Admin", "description": "Administrative tasks", "tags": ["admin"]}])
case("f1181-legal-v02-extended-card-at-02-path", get_card(0.0, CARDAG, AG + "/.well-known/agent.json") + [
    req(0.2, "GET", AG + "/a2a/agent/authenticatedExtendedCard", hdr={"x-api-key": "k-ag-1"}),
    resp(0.21, 200, CARDAGX),
], [], S3,
     "legal: a 0.2 card that sets supportsAuthenticatedExtendedCard serves the extended card by GET {url}/../agent/authenticatedExtendedCard (0.2 §5.5, the endpoint 0.3 replaced by agent/getAuthenticatedExtendedCard); the client authenticates with the card's API key scheme")

# --- f1182 (legal): a task's history that holds only the client's prompt, the answer in artifacts (mezmo/aura PR #508)
S508 = ("https://github.com/mezmo/aura/pull/508 (fix(a2a): include assistant turns in conversation history: 'The upstream request handler writes "
        "that field [Task::history] once, with the prompt, and never appends to it; the agent's reply is streamed out as artifacts instead ... A2A "
        "clients still see only the prompt in task.history')")
case("f1182-legal-v10-rest-history-prompt-only-answer-in-artifacts", get_card(0.0, CARDAU, AU + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AUB + "/message:send", {"message": umsg10("which pods restarted today?", mid="m-au-3", contextId="c-au-3")}, ver="1.0"),
    resp(3.0, 200, {"task": task10("t-au-3", "c-au-3", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "response", "parts": [{"text": "api-7f9 twice, worker-2c1 once"}]}])}),
    req(9.0, "GET", AUB + "/tasks/t-au-3?historyLength=10", ver="1.0"),
    resp(9.01, 200, task10("t-au-3", "c-au-3", "TASK_STATE_COMPLETED",
        history=[umsg10("which pods restarted today?", mid="m-au-3", contextId="c-au-3", taskId="t-au-3")],
        artifacts=[{"artifactId": "response", "parts": [{"text": "api-7f9 twice, worker-2c1 once"}]}])),
], [], S508,
     "legal: an agent delivers its result as artifacts (1.0 §4.1.7) and decides which of its messages enter a task's history (A2A #1252 leaves status messages in history to the agent); a history of the one user message, read with historyLength 10, is a complete answer")

# ---------------------------------------------------------------------------------------------
# nexent's server service (ModelEngine-Group/nexent, backend/services/a2a_server_service.py, as PR #3576 leaves it)
S3576D = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (backend/services/a2a_server_service.py handle_message_stream: a message without "
          "contextId or taskId gets no task (task_id None), and every event is built with task_id=task_id or \"simple\" and context_id None: the stream "
          "opens with a statusUpdate TASK_STATE_WORKING, each agent event is an artifactUpdate {artifact: {parts: [{data, mediaType}]}, append: true}, then "
          "{artifact: {parts: []}, lastChunk: true} and TASK_STATE_COMPLETED)")
S3576E = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (a2a_server_service.py handle_message_stream's except branch: build_a2a_task_event("
          "event_type=\"taskStatusUpdate\", data={\"status\": {\"state\": \"TASK_STATE_FAILED\", \"message\": str(e)}}): the status message is the "
          "exception's text)")
S3576F = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (a2a_server_service.py cancel_task returns a2a_agent_db.get_task(task_id), the "
          "database row, where get_task builds the A2A Task {id, status: {state, timestamp}, contextId?} from it)")

def nx_stream(i, t0, events):
    out = [req(t0, "POST", NXE, rpc(i, "SendStreamingMessage", {"message": umsg10("summarise today's alerts", mid="m-" + i)}), ver="1.0", accept=SSE),
           resp(t0 + 0.01, 200, "", ctype=SSE)]
    t = t0 + 0.05
    for e in events:
        out.append(chunk(t, sse(ok(i, e))))
        t += 0.3
    return out + [chunk(t, "", close="eof")]
def nx_simple_events(n):
    return [{"statusUpdate": {"taskId": "simple", "status": {"state": "TASK_STATE_WORKING"}}},
            {"artifactUpdate": {"taskId": "simple", "artifact": {"parts": [{"data": {"type": "final_answer", "content": "%d alerts, none critical" % n}, "mediaType": "application/json"}]}, "append": True, "lastChunk": False}},
            {"artifactUpdate": {"taskId": "simple", "artifact": {"parts": []}, "append": True, "lastChunk": True}},
            {"statusUpdate": {"taskId": "simple", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:0%d.000Z" % n}}}]

# --- f1183: a stream with no task: events for the placeholder task "simple" without contextId (nexent PR #3576)
case("f1183-v10-stream-placeholder-task-without-context", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + nx_stream("nx-6", 0.2, nx_simple_events(3)),
     [("stream-event-invalid-shape", "error"), ("first-stream-event-not-task", "error"), ("stream-event-missing-task-id", "error")], S3576D,
     "a status or artifact update names the task and the context it belongs to (1.0 §4.2.1, §4.2.2, a2a.proto task_id and context_id REQUIRED; ID-005), and a stream that sends updates has first sent the Task they update (1.0 §3.1.2, STREAM-004): this agent, having made no task for a message without ids, streams updates for a task \"simple\" it never created, in no context, with artifacts that have no artifactId")

# --- f1184: a FAILED status whose message is the exception's text, not a Message (nexent PR #3576)
case("f1184-v10-stream-failed-status-message-string", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + nx_stream("nx-7", 0.2, [
    {"task": task10("task_4c1d", "c-nx-7", "TASK_STATE_WORKING")},
    {"statusUpdate": {"taskId": "task_4c1d", "contextId": "c-nx-7", "status": {"state": "TASK_STATE_FAILED", "message": "RuntimeUpstreamError: status 502 from agent runtime"}}},
]), [("stream-event-invalid-shape", "error")], S3576E,
     "TaskStatus.message is a Message object {messageId, role, parts} (1.0 §4.1.2, a2a.proto TaskStatus.message; DATA-004): the agent writes the failure as a bare string, which a ProtoJSON client cannot parse, so the one event that explains the failure is the one the client drops")

# --- f1185: CancelTask answered with the database row (nexent PR #3576)
case("f1185-v10-cancel-answered-with-database-row", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NXE, rpc("nx-8", "SendMessage", {"message": umsg10("draft the postmortem", mid="m-nx-8", contextId="c-nx-8"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.4, 200, ok("nx-8", {"task": task10("task_9e2a", "c-nx-8", "TASK_STATE_WORKING")})),
    req(2.0, "POST", NXE, rpc("nx-9", "CancelTask", {"id": "task_9e2a"}), ver="1.0"),
    resp(2.01, 200, ok("nx-9", {"id": "task_9e2a", "endpoint_id": "a2a_7_3f9c2d1e", "caller_user_id": "u-118", "caller_tenant_id": "tn-1",
                               "context_id": "c-nx-8", "task_state": "TASK_STATE_CANCELED", "result": None,
                               "create_time": "2026-03-02 10:15:00.412", "update_time": "2026-03-02 10:15:02.031"})),
], [("result-invalid-shape", "error")], S3576F,
     "CancelTask answers the canceled Task (1.0 §3.1.5; TASK-004, DATA-005: Task{id, status.state}): the agent answers its database row, with task_state where status.state belongs and context_id for contextId, so the client cannot see that the cancel took")

# --- f1186: two streams, each for a new message, report the same task id; the second reopens a finished task (nexent PR #3576)
case("f1186-v10-placeholder-task-id-reused-across-streams", get_card(0.0, CARDNX, NX + "/.well-known/agent-card.json")
     + nx_stream("nx-10", 0.2, nx_simple_events(3)) + nx_stream("nx-11", 5.0, nx_simple_events(6)),
     [("message-to-terminal-task-accepted", "error"), ("first-stream-event-not-task", "error"), ("stream-event-missing-task-id", "error"), ("stream-event-invalid-shape", "error")], S3576D,
     "a task id names one task (1.0 §4.1.1 Task.id, ID-001), and a finished task stays finished (TASK-001): every message this agent takes without ids is reported under the one id \"simple\", so the second conversation's WORKING reopens a task the first one completed, and a client tracking tasks by id merges unrelated answers")

# --- f1187: the card served when no external base URL is configured (nexent PR #3576)
S3576G = ("https://github.com/ModelEngine-Group/nexent/pull/3576 (a2a_server_service.py get_agent_card: _resolve_base_url returns \"\" when "
          "NORTHBOUND_EXTERNAL_URL and base_url are unset ('A2A Agent Card: no base URL available'), and then supported_interfaces = [] and the card's "
          "url is effective_base.rstrip(\"/\") -- the empty string)")
NXEMPTY = {"name": "Ops helper", "description": "AI conversation assistant", "version": "1.0.0", "provider": {"organization": "Nexent", "url": "https://nexent.ai"},
           "capabilities": {"streaming": True, "pushNotifications": False, "extendedAgentCard": False, "stateTransitionHistory": False},
           "defaultInputModes": ["text/plain", "application/json"], "defaultOutputModes": ["text/plain", "application/json"],
           "skills": [{"id": "chat", "name": "Ops helper", "description": "AI conversation assistant", "tags": ["chat", "conversation", "assistant"], "examples": ["Hello", "Help me query"]}],
           "supportedInterfaces": [], "url": "", "securitySchemes": {}, "security": []}
case("f1187-v10-card-no-interfaces-empty-url", get_card(0.0, NXEMPTY, NX + "/a2a/a2a_7_3f9c2d1e/.well-known/agent-card.json"),
     [("card-missing-required-field", "error"), ("card-interface-malformed", "error")], S3576G,
     "an Agent Card names at least one interface a client can call (1.0 §4.4.1 supportedInterfaces, REQUIRED; CARD-003, CARD-005): with no external base URL configured the service serves supportedInterfaces [] and url \"\", a card no client can reach the agent by")

write_cases(cases, OUT)
