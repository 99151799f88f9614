"""Session-57 field cases of miner mine57 (f1260-...): same helpers and output format as gen_cases56.py.

Scope (round fifty-seven): threads and files outside github.com/a2aproject that no round had cited,
each URL and repo#number grepped in FIELD-CASES.md first: neuron-core/a2a, a framework-agnostic PHP
A2A server (Laravel integration) whose JSON-RPC handler, models and request parser write and read
their own shapes under A2A's names (src/Server/A2AServer.php, src/Server/RequestParser.php,
src/Http/A2AHttpHandler.php, src/Model/*, src/Enum/TaskState.php, examples/a2a.php), epoxa/a2a-php's
streaming server (src/Streaming/SSEStreamer.php, StreamingServer.php), and legal neighbours.
`python3 gen_cases57.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
# neuron-core/a2a: a PHP A2A server (0.3 protocolVersion, JSON-RPC)
NCB = "https://github.com/neuron-core/a2a/blob/main/"
SCARD = (NCB + "src/Model/AgentCard/AgentCard.php (AgentCard::toArray writes protocolVersion, name, description, url, "
         "preferredTransport, version, provider, skills, additionalInterfaces and then 'streaming', 'pushNotifications', "
         "'stateTransitionHistory' as top-level members; there is no capabilities object and no defaultInputModes / "
         "defaultOutputModes; src/Http/A2AHttpHandler.php serves it at /.well-known/agent-card.json)")
STASK = (NCB + "src/Model/Artifact.php (Artifact::toArray writes {'id': ..., 'parts': [...]}: the artifact's id under 'id', "
         "not 'artifactId'; examples/a2a.php's handler answers every message with one artifact uniqid('artifact_', true))")
SSTAT = (NCB + "src/Model/TaskStatus.php (TaskStatus holds a PartInterface $message and writes 'message' => $this->message->toArray(), "
         "a bare {kind: text, text} part; examples/a2a.php sets new TaskStatus(state: TaskState::COMPLETED, message: new TextPart('Task "
         "completed successfully')))")
SGET = (NCB + "src/Server/A2AServer.php (handleTasksGet and handleTasksCancel read $params['taskId'] ?? throw new "
        "\\InvalidArgumentException('taskId is required'), and handleRequest answers every InvalidArgumentException with "
        "code -32601 and the exception's message: a tasks/get or tasks/cancel naming the task under 'id' is answered Method not found)")
SJSON = (NCB + "src/Http/A2AHttpHandler.php (a body json_decode cannot read is answered sendError($response, 400, 'Invalid JSON: ' . "
         "$e->getMessage()), the body {\"error\": \"Invalid JSON: Syntax error\"}, with no JSON-RPC envelope; an empty body 400 'Empty request body')")
SLIST = (NCB + "src/Server/A2AServer.php and src/Model/Response/ListTasksResult.php (tasks/list, a method of this server's own on a "
         "0.3 card, reads contextId, limit, offset and answers {tasks, total})")
SSTATE = (NCB + "src/Enum/TaskState.php (enum TaskState: string { case QUEUED = 'queued'; case RUNNING = 'running'; case "
          "INPUT_REQUIRED = 'input-required'; ... }: 'queued' and 'running' where A2A names 'submitted' and 'working'; "
          "src/Server/A2AServer.php creates every new task in TaskState::QUEUED and a handler returns RUNNING for work in progress)")
NC = "https://php-agent.example.test"
NCU = NC + "/a2a"
def nc_card(**kw):
    c = {"protocolVersion": "0.3.0", "name": "Example A2A Agent", "description": "A simple example agent that echoes messages",
         "url": NCU, "preferredTransport": "JSONRPC", "version": "1.0.0",
         "provider": {"organization": "Example Organization", "url": "https://example.com"},
         "skills": [{"id": "echo", "name": "Echo Skill", "description": "Echoes back user messages", "tags": ["communication", "example"],
                     "examples": ["Say hello", "Echo my message"], "inputModes": ["text/plain"], "outputModes": ["text/plain"]}],
         "additionalInterfaces": [], "streaming": False, "pushNotifications": False, "stateTransitionHistory": False}
    c.update(kw)
    return c
GOOD_CARD = card03(NCU, name="Example A2A Agent", capabilities={"streaming": False, "pushNotifications": False})
def nc_task(tid, state="completed", status_msg=None, artifacts=None, history=None, **kw):
    t = {"kind": "task", "id": tid, "contextId": "ctx_6569d1e0a3f2b", "status": {"state": state}}
    if status_msg is not None:
        t["status"]["message"] = status_msg
    if history is not None:
        t["history"] = history
    if artifacts is not None:
        t["artifacts"] = artifacts
    t.update(kw)
    return t
def amsg_ok(text, mid):
    return {"kind": "message", "messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}], "contextId": "ctx_6569d1e0a3f2b", "taskId": "task_6569d1e0a3f1a"}
def send(t, i, text, mid):
    return req(t, "POST", NCU, rpc(i, "message/send", {"message": umsg03(text, mid=mid)}))
TID = "task_6569d1e0a3f1a"

# --- f1260: a 0.3 card with its capability flags at top level and no default modes
case("f1260-v03-card-capability-flags-at-top-level", get_card(0.0, nc_card(), NC + "/.well-known/agent-card.json") + [
    send(0.2, 1, "Hello, AI Agent!", "m-nc-1"),
    resp(0.3, 200, ok(1, nc_task(TID, artifacts=[{"artifactId": "artifact_1", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
], [("card-missing-required-field", "error")], SCARD,
     "a 0.3 card carries capabilities (an AgentCapabilities object), defaultInputModes and defaultOutputModes (0.3 §5.5, all REQUIRED; "
     "CARD-003): this card writes streaming, pushNotifications and stateTransitionHistory as top-level members and has neither "
     "capabilities nor the default modes, so a client reading card.capabilities.streaming finds nothing and an SDK that validates "
     "the card refuses it")

# --- f1261: a task's artifact whose id is written as 'id'
case("f1261-v03-artifact-id-under-id", [
    send(0.0, 1, "Hello, AI Agent!", "m-nc-2"),
    resp(0.1, 200, ok(1, nc_task(TID, artifacts=[{"id": "artifact_6569d1e0a3f3c.41287350", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
], [("result-invalid-shape", "error")], STASK,
     "an Artifact names itself with artifactId (0.3 §6.7, REQUIRED; 1.0 Artifact.artifact_id; TASK-004): this server writes the "
     "artifact's id under 'id', so a client that keys artifacts by artifactId (appending chunks, replacing on a later update) "
     "finds none and a validating SDK refuses the task")

# --- f1262: status.message a bare text part instead of a Message
case("f1262-v03-status-message-bare-part", [
    send(0.0, 1, "Hello, AI Agent!", "m-nc-3"),
    resp(0.1, 200, ok(1, nc_task(TID, status_msg={"kind": "text", "text": "Task completed successfully"},
                                 artifacts=[{"artifactId": "artifact_2", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
], [("result-invalid-shape", "error")], SSTAT,
     "TaskStatus.message is a Message (0.3 §6.2: 'message?: Message'; 1.0 TaskStatus.message; TASK-002): this server writes a "
     "bare text part {kind: text, text} there, with no role, no parts and no messageId, so a client reading "
     "status.message.parts gets nothing and a validating SDK refuses the task")

# --- f1263: tasks/get naming the task under 'id' answered -32601
case("f1263-v03-tasks-get-id-answered-method-not-found", [
    send(0.0, 1, "Hello, AI Agent!", "m-nc-5"),
    resp(0.1, 200, ok(1, nc_task(TID, artifacts=[{"artifactId": "artifact_4", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
    req(0.5, "POST", NCU, rpc(2, "tasks/get", {"id": TID})),
    resp(0.51, 200, err(2, -32601, "taskId is required")),
], [("jsonrpc-error-code-mismatch", "error")], SGET,
     "tasks/get takes TaskQueryParams {id, historyLength?} (0.3 §7.3) and the server answers with the task or a JSON-RPC error of "
     "the right kind (RPC-004, ERR-001): this server reads 'taskId', and answers the standard call for the task it just returned "
     "with -32601 Method not found, though it serves tasks/get; a missing or wrong parameter is -32602 Invalid params, and the "
     "client, told the method does not exist, gives up on polling altogether")

# --- f1264: a body the server cannot parse answered HTTP 400 without JSON-RPC
case("f1264-v03-parse-error-answered-http-400", get_card(0.0, GOOD_CARD, NC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NCU, '{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":'),
    resp(0.21, 400, {"error": "Invalid JSON: Syntax error"}),
], [("jsonrpc-response-malformed", "error")], SJSON,
     "a JSON-RPC server answers a body it cannot parse with a Response object whose error is -32700 Parse error and id null "
     "(JSON-RPC 2.0 §5.1; 0.3 §8.1; RPC-005): this server answers HTTP 400 with its own {error: ...} body, which a JSON-RPC "
     "client cannot read as a response")

# --- f1265 (legal): the server's own tasks/list on a 0.3 card
case("f1265-legal-v03-own-tasks-list-limit-total", get_card(0.0, GOOD_CARD, NC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NCU, rpc(2, "tasks/list", {"limit": 10})),
    resp(0.25, 200, ok(2, {"tasks": [nc_task(TID, artifacts=[{"artifactId": "artifact_6", "parts": [{"kind": "text", "text": "Response to: hi"}]}])], "total": 1})),
], [], SLIST,
     "not judged: 0.3 defines no task listing, so tasks/list with limit / offset and a {tasks, total} result is a method of this "
     "server's own (the tool's reading since round fifty-six: an agent that serves such a name runs its own method); 1.0's "
     "ListTasks is a different method with pageSize / pageToken and totalSize")

# --- f1266: a task in progress reported as 'running'
case("f1266-v03-task-state-running", [
    send(0.0, 1, "Summarise the quarterly report", "m-nc-7"),
    resp(0.1, 200, ok(1, nc_task(TID, state="running", status_msg={"kind": "message", "messageId": "m-nc-s7", "role": "agent", "parts": [{"kind": "text", "text": "Working on it"}]}))),
], [("task-state-invalid", "error")], SSTATE,
     "TaskState is one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required, unknown "
     "(0.3 §6.3; TASK-001): this library's enum names work in progress 'running' (and a new task 'queued'), values no client "
     "knows, so a client cannot tell whether to poll, answer or stop")

# --- f1267 (legal): the 0.3 shapes this library's fixed model would write
case("f1267-legal-v03-task-with-artifact-id-and-status-message", get_card(0.0, GOOD_CARD, NC + "/.well-known/agent-card.json") + [
    send(0.2, 1, "Hello, AI Agent!", "m-nc-8"),
    resp(0.3, 200, ok(1, nc_task(TID, status_msg=amsg_ok("Task completed successfully", "m-nc-s8"),
                                 history=[umsg03("Hello, AI Agent!", mid="m-nc-8"), amsg_ok("Hello! You said: Hello, AI Agent!", "m-nc-a8")],
                                 artifacts=[{"artifactId": "artifact_6569d1e0a3f3c.41287350", "name": "response", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
    req(0.6, "POST", NCU, rpc(2, "tasks/get", {"id": TID, "historyLength": 1})),
    resp(0.61, 200, ok(2, nc_task(TID, status_msg=amsg_ok("Task completed successfully", "m-nc-s8"),
                                  history=[amsg_ok("Hello! You said: Hello, AI Agent!", "m-nc-a8")],
                                  artifacts=[{"artifactId": "artifact_6569d1e0a3f3c.41287350", "name": "response", "parts": [{"kind": "text", "text": "Response to: Hello, AI Agent!"}]}]))),
], [], STASK,
     "legal: the artifact is named by artifactId (any string, here with a dot), the status message is an agent Message, the "
     "status has no timestamp (optional in 0.3 §6.2), and tasks/get with historyLength 1 returns only the newest message")

# ---------------------------------------------------------------------------------------------
# epoxa/a2a-php: the streaming server closes every stream with an empty named event
SEPX = ("https://github.com/epoxa/a2a-php/blob/main/src/Streaming/SSEStreamer.php (endStream() writes \"event: close\\ndata: \\n\\n\" "
        "and src/Streaming/StreamingServer.php calls it in the finally of every message/stream: after the JSON-RPC events, one "
        "more SSE event named 'close' whose data is empty)")
EP = "https://php-stream.example.test"
EPU = EP + "/"
def ep_su(i, tid, state, final):
    return ok(i, {"kind": "status-update", "taskId": tid, "contextId": "c-ep-1", "status": {"state": state, "timestamp": TS}, "final": final})
case("f1268-v03-stream-ends-with-empty-close-event", get_card(0.0, card03(EPU, name="PHP stream agent"), EP + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EPU, rpc("s-1", "message/stream", {"message": umsg03("stream me a haiku", mid="m-ep-1")}), accept=SSE),
    resp(0.25, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive"}),
    chunk(0.26, sse(ok("s-1", task03("t-ep-1", "c-ep-1", "submitted")))),
    chunk(0.4, sse(ep_su("s-1", "t-ep-1", "working", False))),
    chunk(0.9, sse(ok("s-1", {"kind": "artifact-update", "taskId": "t-ep-1", "contextId": "c-ep-1", "artifact": {"artifactId": "a-ep-1", "parts": [{"kind": "text", "text": "autumn wind / ..."}]}, "lastChunk": True}))),
    chunk(1.0, sse(ep_su("s-1", "t-ep-1", "completed", True))),
    chunk(1.01, "event: close\ndata: \n\n"),
    chunk(1.02, "", close="eof"),
], [("sse-event-empty-data", "warning")], SEPX,
     "every event of a JSON-RPC stream carries a JSON-RPC Response object in its data (0.3 §7.2, §3.3: 'each event's data field "
     "contains a SendStreamingMessageResponse'; STREAM-002): after the final status update this server sends one more event, "
     "named 'close', whose data is empty; an SDK client that parses each event's data as JSON fails on the empty string after the "
     "task had completed")

# --- f1269 (legal): the same stream ended by closing the connection, with a comment keep-alive
case("f1269-legal-v03-stream-comment-keepalive-then-eof", get_card(0.0, card03(EPU, name="PHP stream agent"), EP + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EPU, rpc("s-2", "message/stream", {"message": umsg03("stream me a haiku", mid="m-ep-2")}), accept=SSE),
    resp(0.25, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive"}),
    chunk(0.26, sse(ok("s-2", task03("t-ep-2", "c-ep-1", "submitted")))),
    chunk(0.5, ": keep-alive\n\n"),
    chunk(1.0, sse(ep_su("s-2", "t-ep-2", "completed", True))),
    chunk(1.02, "", close="eof"),
], [], SEPX,
     "legal: an SSE comment line (': keep-alive') is no event (WHATWG HTML §9.2.6: a line starting with a colon is ignored), and "
     "the server ends the stream by closing the connection after the final event")

# ---------------------------------------------------------------------------------------------
# win4r/openclaw-a2a-gateway PR #38: push notifications for long-running tasks
S38 = ("https://github.com/win4r/openclaw-a2a-gateway/pull/38 (feat: push notifications for long-running tasks: 'Fire-and-forget "
       "webhook POST on task terminal states (completed/failed/canceled)', 'optional Bearer auth', 'Agent Card now declares "
       "capabilities.pushNotifications: true', 'REST endpoints: POST /a2a/push/register'; src/push-notifications.ts sends "
       "body JSON.stringify({ taskId, state, task }) with 'Authorization: Bearer ${config.token}')")
OCG = "https://claw.example.test"
HOOK = "https://hooks.client.example.test/a2a/task-done"
def oc_push_card():
    return card03(OCG + "/a2a/jsonrpc", name="OpenClaw A2A Gateway", description="A2A bridge for OpenClaw agents",
                  capabilities={"streaming": True, "pushNotifications": True, "stateTransitionHistory": False})
T38 = task03("t-oc-38", "c-oc-38", "completed", artifacts=[{"artifactId": "a-oc-38", "parts": [{"kind": "text", "text": "Report ready: 14 findings"}]}],
             history=[umsg03("audit the repo", mid="m-oc-38")])
case("f1270-v03-webhook-body-wrapped-task", get_card(0.0, oc_push_card(), OCG + "/.well-known/agent-card.json") + [
    req(0.2, "POST", OCG + "/a2a/jsonrpc", rpc("oc-38", "message/send", {"message": umsg03("audit the repo", mid="m-oc-38"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "hook-secret-38"}}})),
    resp(0.3, 200, ok("oc-38", task03("t-oc-38", "c-oc-38", "submitted"))),
    req(30.0, "POST", HOOK, {"taskId": "t-oc-38", "state": "completed", "task": T38}, hdr={"authorization": "Bearer hook-secret-38"}),
    resp(30.05, 200, {"ok": True}),
], [("push-payload-invalid-shape", "error")], S38,
     "(the recording registers the webhook inline in message/send, A2A's way; the gateway's own POST /a2a/push/register "
     "{taskId, url, token} leads to the same delivery) a 0.3 push notification's body is the Task (0.3 §9.5, the SDKs' senders post the task object; 1.0 §4.3.3: a StreamResponse "
     "{task | message | statusUpdate | artifactUpdate}; PUSH-003): this gateway posts its own wrapper {taskId, state, task}, which "
     "neither generation's receiver reads: the task is one level down and 'state' sits where no A2A object has it")

# ---------------------------------------------------------------------------------------------
# epoxa/a2a-php: a PHP A2A 0.3 server (A2AProtocol_v030.php); at commit 18e937e its A2A error codes were each one off
EPB = "https://github.com/epoxa/a2a-php/blob/"
C18 = "18e937eca60a5a3922424a21e6269bc139b9742d"
SOFF = (EPB + C18 + "/src/Exceptions/A2AErrorCodes.php (TASK_NOT_FOUND = -32000, TASK_NOT_CANCELABLE = -32001, "
        "PUSH_NOTIFICATION_NOT_SUPPORTED = -32002, UNSUPPORTED_OPERATION = -32003, CONTENT_TYPE_NOT_SUPPORTED = -32004, "
        "INVALID_AGENT_RESPONSE = -32005: every A2A code one below 0.3's; src/TaskManager.php answers a cancel of an unknown task "
        "createError(null, 'Task not found', TASK_NOT_FOUND) and of a finished one 'Task cannot be canceled', TASK_NOT_CANCELABLE; "
        "the later commit 998b3ee puts them at -32001..-32006)")
SMISS = (EPB + "main/src/A2AProtocol_v030.php (handleGetTask and handleCancelTask: 'if (!$taskId) { return "
         "$jsonRpc->createError($requestId, \"Missing task ID\", A2AErrorCodes::INVALID_AGENT_RESPONSE); }': a request without params.id "
         "is answered -32006 InvalidAgentResponseError)")
SLISTP = (EPB + "main/src/A2AProtocol_v030.php (handleListPushConfig calls $this->pushNotificationManager->listConfigs($taskId), and "
          "src/PushNotificationManager.php's listConfigs() takes no argument and returns $this->storage->listPushConfigs(): every task's "
          "config, each {taskId, pushNotificationConfig}, whichever task the list names)")
SFOLLOW = (EPB + "main/src/A2AProtocol_v030.php (handleMessage: $task = $this->taskManager->getTask($taskId) for message.taskId, then "
           "'$task->addToHistory($message); $task->setStatus(new TaskStatus(TaskState::WORKING));' with no check of the task's state: a "
           "message to a completed task runs it again and answers it completed anew)")
SEXT = (EPB + "main/src/A2AProtocol_v030.php (handleGetAuthenticatedExtendedCard: without an Authorization or X-API-Key header it sets "
        "'WWW-Authenticate: Bearer realm=\"A2A\"' and returns createError($requestId, 'Authentication required for authenticated "
        "extended card', AUTHENTICATED_EXTENDED_CARD_NOT_CONFIGURED) in an HTTP 200 answer)")
EPA = "https://php-a2a.example.test"
EPAU = EPA + "/a2a"
def ep_card(**kw):
    return card03(EPAU, name="PHP A2A Agent", capabilities={"streaming": True, "pushNotifications": True, "stateTransitionHistory": False}, **kw)
def ep_task(tid, state, cid="c-epa-1", **kw):
    return task03(tid, cid, state, **kw)
T1 = "6f1c2a4e-8d3b-4b1e-9a7c-1e2f3a4b5c6d"
def epa_send(t, i, text, mid, **mkw):
    return req(t, "POST", EPAU, rpc(i, "message/send", {"message": umsg03(text, mid=mid, **mkw)}))
ART = [{"artifactId": "a-epa-1", "parts": [{"kind": "text", "text": "echo: hello"}]}]
CARD_GET = get_card(0.0, ep_card(), EPA + "/.well-known/agent-card.json")

# --- f1271: an unknown task answered -32000 (TaskNotFound one off)
case("f1271-v03-task-not-found-code-one-off", CARD_GET + [
    req(0.2, "POST", EPAU, rpc(1, "tasks/get", {"id": "0b9d4c1e-0000-4000-8000-000000000000"})),
    resp(0.21, 200, err(1, -32000, "Task not found")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SOFF,
     "an unknown task is TaskNotFoundError -32001 (0.3 §8.2; ERR-002): this server's table puts every A2A code one below, so the "
     "task's absence is answered -32000, a server-defined code a client cannot read as 'not found'")

# --- f1272: a finished task's cancel answered -32001 (TaskNotFound's code) with 'cannot be canceled'
case("f1272-v03-not-cancelable-answered-task-not-found-code", CARD_GET + [
    epa_send(0.2, 1, "hello", "m-epa-2"),
    resp(0.4, 200, ok(1, ep_task(T1, "completed", artifacts=ART))),
    req(0.8, "POST", EPAU, rpc(2, "tasks/cancel", {"id": T1})),
    resp(0.81, 200, err(2, -32001, "Task cannot be canceled")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SOFF,
     "a cancel of a finished task is TaskNotCancelableError -32002 (0.3 §8.2, §7.4; ERR-002): this server answers -32001, "
     "TaskNotFoundError's code, for a task it has just handed out, so a client drops a task that exists")

# --- f1273: a missing task id answered -32006 InvalidAgentResponse
case("f1273-v03-missing-param-answered-invalid-agent-response", CARD_GET + [
    epa_send(0.2, 1, "hello", "m-epa-3"),
    resp(0.4, 200, ok(1, ep_task(T1, "completed", artifacts=ART))),
    req(0.8, "POST", EPAU, rpc(2, "tasks/get", {"taskId": T1})),
    resp(0.81, 200, err(2, -32006, "Missing task ID")),
], [("jsonrpc-error-code-mismatch", "error"), ("client-task-call-without-id", "error")], SMISS,
     "a request without the required params.id is -32602 Invalid params (JSON-RPC 2.0 §5.1; 0.3 §7.3; ERR-001); -32006 "
     "InvalidAgentResponseError is what a client reports about an agent's answer (0.3 §8.2) and says nothing about the request. "
     "(The client's own fault, params.taskId, is beside the point here: a server answering its mistake must name it)")

# --- f1274: the push config list of one task holds another task's config
HOOK_A = "https://hooks.alpha.example.test/a2a"
HOOK_B = "https://hooks.beta.example.test/a2a"
T2 = "7a2b3c4d-5e6f-4a1b-8c2d-3e4f5a6b7c8d"
case("f1274-v03-push-config-list-holds-other-task", CARD_GET + [
    epa_send(0.2, 1, "long job one", "m-epa-4"),
    resp(0.3, 200, ok(1, ep_task(T1, "working"))),
    epa_send(0.4, 2, "long job two", "m-epa-5", contextId="c-epa-2"),
    resp(0.5, 200, ok(2, ep_task(T2, "working", cid="c-epa-2"))),
    req(0.6, "POST", EPAU, rpc(3, "tasks/pushNotificationConfig/set", {"taskId": T1, "pushNotificationConfig": {"id": "cfg-a", "url": HOOK_A, "token": "tok-a"}})),
    resp(0.61, 200, ok(3, {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": "cfg-a", "token": "tok-a", "authentication": []}})),
    req(0.7, "POST", EPAU, rpc(4, "tasks/pushNotificationConfig/set", {"taskId": T2, "pushNotificationConfig": {"id": "cfg-b", "url": HOOK_B, "token": "tok-b"}})),
    resp(0.71, 200, ok(4, {"taskId": T2, "pushNotificationConfig": {"url": HOOK_B, "id": "cfg-b", "token": "tok-b", "authentication": []}})),
    req(0.9, "POST", EPAU, rpc(5, "tasks/pushNotificationConfig/list", {"id": T1})),
    resp(0.91, 200, ok(5, [{"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": "cfg-a", "token": "tok-a", "authentication": []}},
                           {"taskId": T2, "pushNotificationConfig": {"url": HOOK_B, "id": "cfg-b", "token": "tok-b", "authentication": []}}])),
], [("task-call-answered-other-task", "error"), ("result-invalid-shape", "error")], SLISTP,
     "tasks/pushNotificationConfig/list returns the configs of the task it names (0.3 §7.7: ListTaskPushNotificationConfigParams "
     "{id}; PUSH-CFG-002): this server returns every task's config, so the list for one task hands out another task's webhook "
     "URL and token to whoever asks")

# --- f1275: a follow-up to a completed task runs it again
case("f1275-v03-completed-task-runs-again", CARD_GET + [
    epa_send(0.2, 1, "hello", "m-epa-6"),
    resp(0.4, 200, ok(1, ep_task(T1, "completed", artifacts=ART))),
    epa_send(0.8, 2, "and again", "m-epa-7", taskId=T1, contextId="c-epa-1"),
    resp(1.0, 200, ok(2, ep_task(T1, "completed", artifacts=ART + [{"artifactId": "a-epa-2", "parts": [{"kind": "text", "text": "echo: and again"}]}],
                                  history=[umsg03("hello", mid="m-epa-6", taskId=T1, contextId="c-epa-1"), umsg03("and again", mid="m-epa-7", taskId=T1, contextId="c-epa-1")]))),
], [("message-to-terminal-task-accepted", "error")], SFOLLOW,
     "a task in a terminal state cannot be restarted (0.3 §6.3 TaskState, 'terminal'; a follow-up names a new task in the same "
     "context; TASK-003): this server adds the message to the completed task, sets it working and answers it completed again with "
     "a second artifact")

# --- f1276: the extended card without credentials answered HTTP 200 with -32007 and a challenge
case("f1276-v03-extended-card-no-credentials-200-with-challenge", get_card(0.0, ep_card(supportsAuthenticatedExtendedCard=True,
        securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]), EPA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EPAU, rpc(1, "agent/getAuthenticatedExtendedCard", {})),
    resp(0.21, 200, err(1, -32007, "Authentication required for authenticated extended card"), hdr={"www-authenticate": 'Bearer realm="A2A"'}),
], [("auth-failure-answered-as-other-error-0x", "warning")], SEXT,
     "a request without the credentials the card's security requires is refused as an authentication failure: HTTP 401 with "
     "WWW-Authenticate (0.3 §4.4: 'servers MUST ... respond with 401 Unauthorized'; AUTH-002, ERR-006): this server sends the "
     "challenge header on an HTTP 200 whose JSON-RPC error is -32007 AuthenticatedExtendedCardNotConfigured, telling the client "
     "the agent has no extended card instead of asking for credentials")

# --- f1277: epoxa/a2a-php's client sends its config with "authentication": [] (PHP's empty array)
SCLI = (EPB + C18 + "/src/A2AClient.php (setPushNotificationConfig sends tasks/pushNotificationConfig/set with params "
        "{taskId, pushNotificationConfig: $config->toArray()}, and src/Models/PushNotificationConfig.php's toArray() writes "
        "{url, id, token, authentication} with authentication = [] by default: json_encode writes the empty PHP array as the "
        "JSON list [], and the unset id and token as null)")
case("f1277-v03-client-push-config-authentication-empty-list", CARD_GET + [
    epa_send(0.2, 1, "long job", "m-epa-10"),
    resp(0.3, 200, ok(1, ep_task(T1, "working"))),
    req(0.5, "POST", EPAU, rpc(1, "tasks/pushNotificationConfig/set", {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": None, "token": None, "authentication": []}})),
    resp(0.51, 200, err(1, -32602, "Invalid parameters", {"errors": [{"loc": ["params", "pushNotificationConfig", "authentication"], "msg": "Input should be a valid dictionary or instance of PushNotificationAuthenticationInfo", "type": "model_type"}]})),
], [("push-config-request-without-url", "error")], SCLI,
     "PushNotificationConfig.authentication is a PushNotificationAuthenticationInfo object {schemes, credentials?} (0.3 §6.8, "
     "§6.9; PUSH-002); this client writes its unset authentication as [] (PHP's json_encode turns an empty array into a JSON "
     "list), and a validating agent refuses the whole config -32602: the client never gets its notifications. (The null id and "
     "token are read as unset, DATA-003)")

# --- f1278: epoxa/a2a-php's server echoes every stored config with "authentication": []
SSET = (EPB + "main/src/A2AProtocol_v030.php (handleSetPushConfig stores PushNotificationConfig::fromArray($configData) and answers "
        "createResponse($requestId, ['taskId' => $taskId, 'pushNotificationConfig' => $config->toArray()]); "
        "src/Models/PushNotificationConfig.php fills a missing authentication with [] and writes it back as the JSON list [])")
case("f1278-v03-push-config-result-authentication-empty-list", CARD_GET + [
    epa_send(0.2, 1, "long job", "m-epa-11"),
    resp(0.3, 200, ok(1, ep_task(T1, "working"))),
    req(0.5, "POST", EPAU, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T1, "pushNotificationConfig": {"id": "cfg-11", "url": HOOK_A, "token": "tok-11"}})),
    resp(0.51, 200, ok(2, {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": "cfg-11", "token": "tok-11", "authentication": []}})),
    req(0.7, "POST", EPAU, rpc(3, "tasks/pushNotificationConfig/get", {"id": T1})),
    resp(0.71, 200, ok(3, {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": "cfg-11", "token": "tok-11", "authentication": []}})),
], [("result-invalid-shape", "error")], SSET,
     "a TaskPushNotificationConfig's pushNotificationConfig.authentication, when present, is a PushNotificationAuthenticationInfo "
     "object (0.3 §6.8, §6.9; PUSH-002, DATA-005): the client sent no authentication, and this server answers set and get with "
     "authentication [] (its default empty PHP array), a list where an object belongs, which a typed client (pydantic, Jackson, "
     "serde) refuses as the answer")

# --- f1279: epoxa/a2a-php's client calls message/send as 'send_message'
SSNAKE = (EPB + C18 + "/src/A2AClient.php (sendMessage builds $jsonRpc->createRequest('send_message', ['from' => ..., 'message' "
          "=> $message->toProtocolArray()], 1): the SDK's function name as the JSON-RPC method; getAgentCard posts 'get_agent_card')")
case("f1279-v03-client-calls-send-message-snake-case", get_card(0.0, card03(NCU, name="Example A2A Agent"), NC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NCU, rpc(1, "send_message", {"from": "php-client", "message": umsg03("Hello, AI Agent!", mid="m-epa-12")})),
    resp(0.21, 200, err(1, -32601, "Method not found: send_message")),
], [("client-method-name-wrong-case", "note")], SSNAKE,
     "a client calls the method names its agent's version defines (0.3 §7.1 message/send; 1.0 §9.4 SendMessage; RPC-003): this "
     "client sends 'send_message', the operation in snake_case, which no A2A release has, so every A2A agent answers -32601 and "
     "the message is never delivered")

# --- f1280 (legal): a 0.3 push config with null optional members and an authentication object
case("f1280-legal-v03-push-config-null-optionals-authentication-object", CARD_GET + [
    epa_send(0.2, 1, "long job", "m-epa-13"),
    resp(0.3, 200, ok(1, ep_task(T1, "working"))),
    req(0.5, "POST", EPAU, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": None, "token": None, "authentication": {"schemes": ["Bearer"], "credentials": "hook-cred-13"}}})),
    resp(0.51, 200, ok(2, {"taskId": T1, "pushNotificationConfig": {"url": HOOK_A, "id": "cfg-13", "token": None, "authentication": {"schemes": ["Bearer"]}}})),
], [], SSET,
     "legal: null for the optional id and token reads as unset (the tool's reading since round 42, DATA-003), authentication is "
     "an object with its schemes list, and the answer leaves the credentials out and names the id the server assigned")

# --- f1281 (legal): the server's own ping and get_agent_card methods, served
SOWN = (EPB + "main/src/A2AProtocol_v030.php (handleRequest serves 'ping' with {status: pong} and 'get_agent_card' with the card "
        "beside the A2A methods: methods of the server's own)")
case("f1281-legal-v03-own-ping-and-get-agent-card-served", CARD_GET + [
    req(0.2, "POST", EPAU, rpc(1, "ping", {})),
    resp(0.21, 200, ok(1, {"status": "pong"})),
    req(0.3, "POST", EPAU, rpc(2, "get_agent_card", {})),
    resp(0.31, 200, ok(2, ep_card())),
], [], SOWN,
     "not judged: a JSON-RPC server may serve methods of its own beside A2A's (an extension may add methods), and snake_case "
     "names are judged only when the agent refuses them (a refused one can never work; a served one is the agent's own)")

write_cases(cases, OUT)
