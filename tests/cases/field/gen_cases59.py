"""Session-59 field cases of miner mine59 (f1320-...): same helpers and output format as gen_cases58.py.

Scope (round fifty-nine): the code of A2A implementations no round had cited, each repository
name grepped in FIELD-CASES.md first: an agent OS's own 0.3 JSON-RPC server (aliveclaw/agos:
agos/a2a/server.py, models.py), a prompt framework's own A2A server and client
(AltairaLabs/PromptKit: runtime/a2a/server.go, server_stream.go, task_store.go, types.go,
client.go, version.go), a .NET A2A 1.0 SDK outside a2aproject (neuroglia-io/a2a-net:
A2AProtocolServer.cs, A2AJsonRpcServerTransport.cs, A2AHttpServerTransport.cs, TaskState.cs,
A2AJsonRpcMethod.cs) and Semantic Kernel's A2A host agent (microsoft/semantic-kernel:
dotnet/src/Agents/A2A/A2AHostAgent.cs), with legal neighbours.
`python3 gen_cases59.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
# aliveclaw/agos: an agent OS's own 0.3 JSON-RPC server (pydantic models, FastAPI routes)
AB = "https://github.com/aliveclaw/agos/blob/"
C_AS = "282c8000db96210101a5fe1e32cdb4566ceff1c1"
C_AM = "e3b6fc83098186574c2c0736022510b49980c931"
SAGOS_TASK = (AB + C_AM + "/agos/a2a/models.py (A2ATask: 'task_id: str = Field(default_factory=new_id, alias=\"taskId\")', "
              "'messages: list[A2AMessage]', no kind; A2AMessage and A2APart without kind (A2APart dumps data: null, metadata: {}); "
              "TaskStatus.timestamp 'datetime.utcnow' (no offset); JsonRpcResponse {jsonrpc, id, result: Any = None, error: dict | None = None}) "
              "and " + AB + C_AS + "/agos/a2a/server.py (a2a_rpc answers JSONResponse(resp.model_dump(mode=\"json\")): every "
              "member written, so a success carries \"error\": null and an error \"result\": null; _handle_message_send answers "
              "task.model_dump(by_alias=True, mode=\"json\"))")
SAGOS_GET = (AB + C_AS + "/agos/a2a/server.py (_handle_tasks_get: 'task_id = params.get(\"taskId\") or params.get(\"task_id\", \"\")': "
             "0.3's TaskQueryParams.id is never read, so tasks/get {id} raises ValueError(f\"Task not found: {task_id}\") and handle_rpc "
             "answers 'JsonRpcResponse.err(request.id, -32000, str(e))'; _handle_tasks_cancel reads the same members)")
SAGOS_CARD = (AB + C_AS + "/agos/a2a/server.py (build_agent_card: 'url=self._base_url', the dashboard's base URL, while the "
              "JSON-RPC route is '@router.post(\"/a2a\")'; card.model_dump(by_alias=True)) and " + AB + C_AM + "/agos/a2a/models.py "
              "(AgentCapabilities: 'push_notifications: bool = False', 'state_transition_history: bool = False' with no alias, so the card "
              "writes them in snake_case; AgentCard has no protocolVersion and no preferredTransport; AgentProvider url defaults to \"\")")
AG = "https://agos.example.test"
AGU = AG + "/a2a"
AT1 = "9c1e4a7b2f60"
AC1 = "5d2b8e0f4a13"
def agos_task(tid, cid, state, text, mid, ts="2026-03-02T10:15:04.118302", artifacts=None, smsg=None):
    return {"taskId": tid, "contextId": cid,
            "status": {"state": state, "message": smsg, "timestamp": ts},
            "messages": [{"role": "user", "parts": [{"kind": "text", "text": text, "data": None, "metadata": {}}], "messageId": mid}],
            "artifacts": artifacts or []}
def agos_ok(i, result):
    return {"jsonrpc": "2.0", "id": i, "result": result, "error": None}
def agos_err(i, code, msg):
    return {"jsonrpc": "2.0", "id": i, "result": None, "error": {"code": code, "message": msg}}
AGOS_CARD = {"name": "AGOS", "description": "Agentic Operating System \u2014 manages agents like an OS manages processes. Send any task and AGOS will find or create the right agent to handle it.",
             "url": AG, "version": "0.1.0", "provider": {"organization": "AGOS", "url": ""},
             "capabilities": {"streaming": False, "push_notifications": False, "state_transition_history": False},
             "skills": [{"id": "os_agent", "name": "General Purpose OS Agent", "description": "Can execute any task: run code, install software, manage files, call APIs, analyze data, build projects.",
                         "tags": ["general", "code", "shell", "files", "http", "python"], "examples": ["Write a Python script that...", "Analyze this CSV data"],
                         "inputModes": ["text/plain"], "outputModes": ["text/plain"]}],
             "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"]}

# --- f1320: a send answered with a task whose id is under taskId, beside "error": null
case("f1320-v03-send-task-id-under-taskid-and-null-error", [
    req(0.0, "POST", AGU, rpc(1, "message/send", {"message": umsg03("Install nginx and serve ./site on port 8080", mid="m-ag-1")})),
    resp(0.04, 200, agos_ok(1, agos_task(AT1, AC1, "working", "Install nginx and serve ./site on port 8080", "a41f0c9e2d7b"))),
], [("result-invalid-shape", "error"), ("jsonrpc-response-malformed", "error")], SAGOS_TASK,
     "a 0.3 Task names itself with id and carries kind 'task' (0.3 §6.1; TASK-004, DATA-001), and a JSON-RPC success carries no "
     "error member (JSON-RPC 2.0 §5: error 'MUST NOT exist if there was no error'; RPC-002): this server's task is "
     "{taskId, contextId, status, messages, artifacts} (pydantic's alias for task_id, 'messages' for history, no kind, parts with "
     "data: null and metadata: {}), in an envelope that also writes \"error\": null, so an SDK client reads neither the task nor "
     "the answer")

# --- f1321: the card names the dashboard's origin, where POST is refused, and writes capabilities in snake_case
case("f1321-v03-card-url-origin-and-snake-case-capabilities", get_card(0.0, AGOS_CARD, AG + "/.well-known/agent-card.json", rhdr={}) + [
    req(0.3, "POST", AG, rpc("c-1", "message/send", {"message": umsg03("Analyze this CSV data", mid="m-ag-2")})),
    resp(0.31, 405, {"detail": "Method Not Allowed"}, hdr={"allow": "GET"}),
], [("card-url-unreachable", "error"), ("card-missing-required-field", "error"), ("card-member-misspelt-0x", "warning")], SAGOS_CARD,
     "the card's url is the agent's JSON-RPC endpoint (0.3 §5.5 'url: The preferred endpoint URL'; CARD-005, CARD-006) and its members "
     "are spelt as the schema names them (0.3 §5.5.2 AgentCapabilities: pushNotifications, stateTransitionHistory; CARD-001): this "
     "server names the dashboard's origin as url while it serves JSON-RPC only at /a2a, so a client's message/send to the card's url "
     "is refused 405, and it writes push_notifications / state_transition_history, which a 0.3 client does not read (and the card "
     "has no protocolVersion)")

# --- f1322: tasks/get {id} of the task it handed out answered -32000 'Task not found'
case("f1322-v03-tasks-get-by-id-answered-32000-not-found", [
    req(0.0, "POST", AGU, rpc(1, "message/send", {"message": umsg03("Build a REST API with FastAPI", mid="m-ag-3")})),
    resp(0.05, 200, agos_ok(1, agos_task(AT1, AC1, "working", "Build a REST API with FastAPI", "b52e1d0a3c8f"))),
    req(2.0, "POST", AGU, rpc(2, "tasks/get", {"id": AT1})),
    resp(2.01, 200, agos_err(2, -32000, "Task not found: ")),
], [("task-id-not-resolvable", "error"), ("jsonrpc-error-code-mismatch-0x", "warning"), ("result-invalid-shape", "error"), ("jsonrpc-response-malformed", "error")], SAGOS_GET,
     "tasks/get names the task with params.id (0.3 §7.3 TaskQueryParams.id; TASK-004) and an agent finds the task it handed out "
     "(ID-001): this server reads only taskId / task_id, so the client's tasks/get of the task the send just returned is answered "
     "-32000 'Task not found: ' (an empty id in its words), the client's task is lost to it")

# ---------------------------------------------------------------------------------------------
# AltairaLabs/PromptKit: a prompt framework's own A2A server and client (Go)
PB = "https://github.com/AltairaLabs/PromptKit/blob/"
C_PSRV = "187735662ad96b9c83aaa46c71acb75486e0c6b0"
C_PSTORE = "d0b3632d5435f2f35c5dbfe41c92381cec69e22e"
C_PSTREAM = "96bc5337b5ff98cae0b1272ac62020d18c48eda8"
C_PCLI = "0622c462112920c100d40474637ea1e4dd43d102"
SPK_CANCEL = (PB + C_PSTORE + "/runtime/a2a/task_store.go (InMemoryTaskStore.Cancel: 'if terminalStates[task.Status.State] { return "
              "fmt.Errorf(\"%w: cannot cancel task in terminal state %q\", ErrTaskTerminal, ...) }') and " + PB + C_PSRV +
              "/runtime/a2a/server.go (handleCancelTask: 'writeRPCError(w, req.ID, -32001, fmt.Sprintf(\"Cancel failed: %v\", err))' "
              "for every store error: a task in a terminal state is answered TaskNotFoundError; types.go at the same commit: Task and "
              "Part without kind)")
SPK_STREAM = (PB + C_PSTREAM + "/runtime/a2a/server_stream.go (handleStreamMessage emits TaskStatusUpdateEvent{working} first, then "
              "processChunks writes each text chunk as a TaskArtifactUpdateEvent with a fresh ArtifactID fmt.Sprintf(\"artifact-%d\", "
              "artifactIdx) and 'Append: true', then the completed status update; types.go at " + C_PSRV + ": TaskStatusUpdateEvent "
              "{taskId, contextId, status, metadata} has no kind and no final, Part {text} no kind)")
SPK_FALLBACK = (PB + C_PCLI + "/runtime/a2a/client.go (withVersionFallback: the client speaks 1.0 until the agent answers, and "
                "'if !canFallBack || !isVersionMismatch(err)' ... 'call(ProtocolVersion03)': an agent that answers SendMessage -32601 "
                "gets the call again as message/send; newRPCRequest sets A2A-Version to the version spoken)")
PK = "https://promptkit-agent.example.test"
PKU = PK + "/a2a"
PT = "3f6a0c2e9b1d4e7f8a5c6b2d1e0f9a8b"
PC = "7e2d9a4c1b0f3e6d5c8b7a9f0e1d2c3b"
def pk_task(state, ts, artifacts=None):
    t = {"id": PT, "contextId": PC, "status": {"state": state, "timestamp": ts}}
    if artifacts:
        t["artifacts"] = artifacts
    return t
PK_ART = [{"artifactId": "artifact-0", "parts": [{"text": "Q3 revenue grew 12% on subscription sales."}]}]

# --- f1323: a cancel of a completed task answered -32001 TaskNotFoundError
case("f1323-v03-cancel-completed-answered-task-not-found", [
    req(0.0, "POST", PKU, rpc(1, "message/send", {"message": umsg03("Summarise the Q3 report", mid="m-pk-1"), "configuration": {"blocking": True}})),
    resp(2.4, 200, ok(1, pk_task("completed", "2026-03-02T10:15:02.4Z", PK_ART))),
    req(3.0, "POST", PKU, rpc(2, "tasks/cancel", {"id": PT})),
    resp(3.01, 200, err(2, -32001, "Cancel failed: a2a: task is in a terminal state: cannot cancel task in terminal state \"completed\"")),
], [("jsonrpc-error-code-mismatch-0x", "warning"), ("result-invalid-shape", "error")], SPK_CANCEL,
     "a task in a terminal state is not cancelable: tasks/cancel of it is answered TaskNotCancelableError -32002 (0.3 §7.4, §8.2; "
     "TASK-003, ERR-002): this server answers every cancel its store refuses with -32001 TaskNotFoundError, so a client is told "
     "that the completed task it just read does not exist (and the task has no kind)")

# --- f1324: a message stream of kind-less events, each text chunk a new artifact sent with append: true
case("f1324-v03-stream-kindless-events-append-to-new-artifacts", [
    req(0.0, "POST", PKU, rpc(7, "message/stream", {"message": umsg03("Draft a release note", mid="m-pk-2")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive"}),
    chunk(0.02, sse(ok(7, {"taskId": PT, "contextId": PC, "status": {"state": "working"}}))),
    chunk(0.6, sse(ok(7, {"taskId": PT, "contextId": PC, "artifact": {"artifactId": "artifact-0", "parts": [{"text": "Release 2.4 "}]}, "append": True}))),
    chunk(0.7, sse(ok(7, {"taskId": PT, "contextId": PC, "artifact": {"artifactId": "artifact-1", "parts": [{"text": "adds SSO login."}]}, "append": True}))),
    chunk(0.8, sse(ok(7, {"taskId": PT, "contextId": PC, "status": {"state": "completed"}}))),
    chunk(0.81, "", close="eof"),
], [("stream-event-invalid-shape", "error"), ("stream-final-flag-wrong", "error"), ("artifact-append-without-base", "warning")], SPK_STREAM,
     "each 0.3 stream event carries its kind ('status-update', 'artifact-update') and the last status update final: true (0.3 "
     "§7.2.2, §7.2.3; STREAM-002), and the first chunk of an artifact is sent with append false (STREAM-009): this server's "
     "events have no kind and no final, and every text chunk is a new artifact (artifact-0, artifact-1, ...) sent with "
     "append: true, which a client appends to an artifact it never got")

# --- f1325 (legal): the client speaks 1.0 first and falls back to 0.3 after -32601
PKS = "https://sdk03-agent.example.test"
case("f1325-legal-v03-client-version-fallback-after-method-not-found", [
    req(0.0, "POST", PKS + "/a2a", rpc(1, "SendMessage", {"message": umsg10("Translate 'good morning' to French", mid="m-pk-3")}), ver="1.0"),
    resp(0.01, 200, err(1, -32601, "Method not found")),
    req(0.05, "POST", PKS + "/a2a", rpc(2, "message/send", {"message": umsg03("Translate 'good morning' to French", mid="m-pk-3")}), ver="0.3"),
    resp(0.9, 200, ok(2, task03("t-pk-3", "c-pk-3", "completed", artifacts=[{"artifactId": "a-pk-3", "parts": [{"kind": "text", "text": "Bonjour"}]}]))),
], [], SPK_FALLBACK,
     "legal: a client that does not know the agent's version tries 1.0's SendMessage, gets -32601 from a 0.3 agent (which has no "
     "such method and predates VersionNotSupportedError), and sends the same message again as 0.3's message/send")

# ---------------------------------------------------------------------------------------------
# neuroglia-io/a2a-net: a .NET A2A 1.0 SDK outside a2aproject
NB = "https://github.com/neuroglia-io/a2a-net/blob/"
C_NSRV = "10b824f84bba7d240a9768f295c063c1f35a65a7"
C_NRPC = "9465776a07fd1af4f9919e051cf38180cf2b5e37"
C_NHTTP = "682b1f4d1acaf689f4a8b83d9267ec3f60aaecd5"
SN_RPCSTREAM = (NB + C_NRPC + "/src/A2A.Server.Transports.JsonRpc/A2AJsonRpcServerTransport.cs (SendStreamingMessageAsync: 'var stream = "
                "server.SendStreamingMessageAsync(parameters!, cancellationToken); return Results.ServerSentEvents(stream);': each "
                "StreamResponse is written as the SSE data as it is, with no JSON-RPC response around it and no id)")
SN_CTX = (NB + C_NSRV + "/src/A2A.Server/Services/A2AProtocolServer.cs (ExecuteTaskAsync: 'await StreamTaskEventAsync(new "
          "TaskStatusUpdateEvent() { TaskId = task.Id, ContextId = task.Id, Status = task.Status }' for the submitted and working "
          "updates, and the same for the final state: the task's id written as its contextId) and " + NB + C_NHTTP +
          "/src/A2A.Server.Transports.Http/A2AHttpServerTransport.cs ('\"/v1/message:stream\" => SendStreamingMessageAsync', "
          "Results.ServerSentEvents(stream))")
SN_CANCEL = (NB + C_NSRV + "/src/A2A.Server/Services/A2AProtocolServer.cs (CancelTaskAsync: 'if (task.Status.State is not not "
             "TaskState.AuthRequired and not TaskState.InputRequired and not TaskState.Submitted and not TaskState.Unspecified and not "
             "TaskState.Working)' throws TaskNotCancelable: the doubled 'not' refuses exactly the cancelable states and cancels the "
             "terminal ones, 'State = TaskState.Cancelled'; src/A2A.Core/TaskState.cs at the same commit: 'public const string "
             "Cancelled = \"TASK_STATE_CANCELLED\"')")
SN_PARSE = (NB + C_NRPC + "/src/A2A.Server.Transports.JsonRpc/A2AJsonRpcServerTransport.cs (GetTaskAsync: 'parameters = "
            "JsonSerializer.Deserialize(rpcRequest.Params, ...GetTaskMethodParameters)' and 'catch (JsonException ex) { ... Code = "
            "JsonRpcErrorCode.ParseError, Message = ex.Message }': params that System.Text.Json cannot bind (a ProtoJSON int32 sent as a "
            "string, \"historyLength\": \"5\") are answered -32700 with the serializer's message, in every method)")
SN_SUB = (NB + C_NSRV + "/src/A2A.Server/Services/A2AProtocolServer.cs (SubscribeToTaskAsync: 'if (task.Status.State != "
          "TaskState.Working) yield break;' before any event, and " + NB + C_NRPC + "/src/A2A.Server.Transports.JsonRpc/"
          "A2AJsonRpcServerTransport.cs returns Results.ServerSentEvents(stream): a task in any state but working, input-required or "
          "completed, gets a 200 event stream with no event)")
SN_CLIENT = (NB + C_NRPC + "/src/A2A.Core.JsonRpc/A2AJsonRpcMethod.cs (the client's method names: 'public const string Set = "
             "\"SetTaskPushNotificationConfig\";', 'List = \"ListTaskPushNotificationConfig\";': 1.0 names them "
             "CreateTaskPushNotificationConfig and ListTaskPushNotificationConfigs)")
SN_DELETE = (NB + C_NRPC + "/src/A2A.Server.Transports.JsonRpc/A2AJsonRpcServerTransport.cs (DeletePushNotificationConfigAsync answers "
             "'new JsonRpcResponse() { Id = rpcRequest.Id, Version = rpcRequest.Version }' with no Result; the JSON contexts write "
             "'DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull', so the success is {jsonrpc, id} alone)")
NA = "https://dotnet-agent.example.test"
NT = "0f3c9a2e-6b1d-4c8e-9a7f-2d5e8b1c4a60"
NC = "c7a1e5d9-3b2f-4e6a-8c0d-9f1b2a3e4d5c"
def n_card(binding="JSONRPC", url=NA + "/a2a", push=False):
    return card10(url, binding, name="Invoice agent", description="Reads invoices",
                  capabilities={"streaming": True, "pushNotifications": push})
def n_send(i, text, mid, ri=True):
    p = {"message": umsg10(text, mid=mid)}
    if ri:
        p["configuration"] = {"returnImmediately": True}
    return rpc(i, "SendMessage", p)
def n_task(state, cid=NC, ts="2026-03-02T10:15:00.000Z", **kw):
    t = {"id": NT, "contextId": cid, "status": {"state": state, "timestamp": ts}}
    t.update(kw)
    return t
N_ART = {"artifactId": "a-inv-1", "name": "totals", "parts": [{"text": "Total due: 1,240.00 EUR"}]}

# --- f1326: a JSON-RPC stream whose events are bare StreamResponse objects
case("f1326-v10-jsonrpc-stream-events-without-envelope", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", rpc("s-1", "SendStreamingMessage", {"message": umsg10("Read invoice INV-1042", mid="m-n-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(0.22, sse({"task": n_task("TASK_STATE_SUBMITTED")})),
    chunk(0.3, sse({"statusUpdate": {"taskId": NT, "contextId": NC, "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.300Z"}}})),
    chunk(1.1, sse({"artifactUpdate": {"taskId": NT, "contextId": NC, "artifact": N_ART, "lastChunk": True}})),
    chunk(1.2, sse({"statusUpdate": {"taskId": NT, "contextId": NC, "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:01.200Z"}}})),
    chunk(1.21, "", close="eof"),
], [("stream-event-envelope-wrong", "error")], SN_RPCSTREAM,
     "on the JSON-RPC binding each event of a stream is a JSON-RPC response with the request's id whose result is the "
     "StreamResponse (1.0 §9.4.2 SendStreamingMessage; JSON-RPC 2.0 §5; STREAM-002): this server writes the bare StreamResponse "
     "(HTTP+JSON's event shape) on its JSON-RPC route, so a JSON-RPC client reads no event")

# --- f1327: HTTP+JSON stream whose status updates name the task's id as contextId
NH = NA + "/v1"
case("f1327-v10-rest-stream-status-update-context-id-is-task-id", get_card(0.0, n_card("HTTP+JSON", NH), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NH + "/message:stream", {"message": umsg10("Read invoice INV-1043", mid="m-n-2")}, ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(0.22, sse({"task": n_task("TASK_STATE_SUBMITTED")})),
    chunk(0.3, sse({"statusUpdate": {"taskId": NT, "contextId": NT, "status": {"state": "TASK_STATE_WORKING", "timestamp": "2026-03-02T10:15:00.300Z"}}})),
    chunk(1.1, sse({"artifactUpdate": {"taskId": NT, "contextId": NC, "artifact": N_ART, "lastChunk": True}})),
    chunk(1.2, sse({"statusUpdate": {"taskId": NT, "contextId": NT, "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-02T10:15:01.200Z"}}})),
    chunk(1.21, "", close="eof"),
], [("context-id-changed", "error"), ("stream-event-task-mismatch", "error")], SN_CTX,
     "a task lives in one context, and every update event of it names that context (1.0 §4.2.1 TaskStatusUpdateEvent.context_id; "
     "ID-002, ID-003): this server writes the task's own id as contextId on the status updates it makes itself, so the stream "
     "names the task in two contexts")

# --- f1328: a cancel of a completed task succeeds, as TASK_STATE_CANCELLED
case("f1328-v10-cancel-completed-task-answered-cancelled", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Read invoice INV-1044", "m-n-3", ri=False), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(2.0, "POST", NA + "/a2a", rpc(2, "GetTask", {"id": NT}), ver="1.0"),
    resp(2.01, 200, ok(2, n_task("TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.700Z", artifacts=[N_ART]))),
    req(2.5, "POST", NA + "/a2a", rpc(3, "CancelTask", {"id": NT}), ver="1.0"),
    resp(2.51, 200, ok(3, n_task("TASK_STATE_CANCELLED", ts="2026-03-02T10:15:02.510Z", artifacts=[N_ART]))),
], [("cancel-terminal-task-succeeded", "error"), ("task-state-invalid", "error"), ("terminal-state-changed", "error"), ("blocking-send-returned-early", "error")], SN_CANCEL,
     "a task in a terminal state cannot be canceled: CancelTask of it is answered TaskNotCancelableError (1.0 §3.1.5; TASK-003), "
     "and the state is TASK_STATE_CANCELED (1.0 TaskState; TASK-001): this server's doubled 'not' cancels exactly the finished "
     "tasks, and writes TASK_STATE_CANCELLED, which no 1.0 client parses (and, the send being "
     "blocking, SendMessage answers the task submitted: the server never waits, TASK-005)")

# --- f1329 (legal): the same inverted check refuses a working task's cancel with TaskNotCancelableError
case("f1329-legal-v10-cancel-working-task-not-cancelable", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Read invoice INV-1045", "m-n-4"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(0.5, "POST", NA + "/a2a", rpc(2, "CancelTask", {"id": NT}), ver="1.0"),
    resp(0.51, 200, err(2, -32002, "Failed to cancel the task with id '" + NT + "' because it is in an unexpected state", ei("TASK_NOT_CANCELABLE"))),
], [], SN_CANCEL,
     "legal on the wire: an agent may decline to cancel a task it cannot stop, with TaskNotCancelableError and its ErrorInfo "
     "(1.0 §3.1.5; TASK-003): the reason here is the same inverted check as f1328's, but no client can tell a refusal from a choice")

# --- f1330: a GetTask whose historyLength is a ProtoJSON string answered -32700 Parse error
case("f1330-v10-get-task-int-as-string-answered-parse-error", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Read invoice INV-1046", "m-n-5"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", NA + "/a2a", rpc(2, "GetTask", {"id": NT, "historyLength": "5"}), ver="1.0"),
    resp(1.01, 200, err(2, -32700, "The JSON value could not be converted to System.Nullable`1[System.UInt32]. Path: $.historyLength | LineNumber: 0 | BytePositionInLine: 60.")),
], [("jsonrpc-error-code-mismatch", "error")], SN_PARSE,
     "1.0's JSON is ProtoJSON, where an int32 is written as a number or a string (\"5\") and either is accepted (1.0 §5.5; "
     "ProtoJSON; DATA-001), and a request whose body parses is never answered -32700 Parse error (JSON-RPC 2.0 §5.1; ERR-001): "
     "this server binds params with System.Text.Json, which refuses a string for a number, and answers any bind failure -32700, "
     "so a valid GetTask is refused as unparsable")

# --- f1331 (legal): the same GetTask with historyLength a number is answered
case("f1331-legal-v10-get-task-history-length-number", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Read invoice INV-1047", "m-n-6"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", NA + "/a2a", rpc(2, "GetTask", {"id": NT, "historyLength": 5}), ver="1.0"),
    resp(1.01, 200, ok(2, n_task("TASK_STATE_WORKING", ts="2026-03-02T10:15:00.900Z"))),
], [], SN_PARSE,
     "legal: historyLength as a number binds, and the task is answered")

# --- f1332: SubscribeToTask of a task waiting for input answered by a stream with no event
case("f1332-v10-subscribe-input-required-task-empty-stream", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Pay invoice INV-1048", "m-n-7"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", NA + "/a2a", rpc(2, "GetTask", {"id": NT}), ver="1.0"),
    resp(1.01, 200, ok(2, n_task("TASK_STATE_INPUT_REQUIRED", ts="2026-03-02T10:15:00.800Z",
                                 status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": "2026-03-02T10:15:00.800Z",
                                         "message": amsg10("Which account should pay it?", mid="m-n-a7", taskId=NT, contextId=NC)}))),
    req(1.5, "POST", NA + "/a2a", rpc("sub-1", "SubscribeToTask", {"id": NT}), ver="1.0", accept=SSE),
    resp(1.51, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(1.52, "", close="eof"),
], [("stream-ended-without-terminal", "error")], SN_SUB,
     "SubscribeToTask of a task that is not terminal opens a stream whose first event is the Task (1.0 §3.1.6: 'the first event "
     "... MUST be a Task object representing the current state'; STREAM-001): this server ends the stream before any event for "
     "every task that is not working, so a client subscribing to a task that waits for its input gets an empty 200 stream")

# --- f1333 (legal): the same subscription answered with the Task, which ends the stream (interrupted state)
case("f1333-legal-v10-subscribe-input-required-task-sends-task", get_card(0.0, n_card(), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Pay invoice INV-1049", "m-n-8"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(1.5, "POST", NA + "/a2a", rpc("sub-2", "SubscribeToTask", {"id": NT}), ver="1.0", accept=SSE),
    resp(1.51, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(1.52, sse(ok("sub-2", {"task": n_task("TASK_STATE_INPUT_REQUIRED", ts="2026-03-02T10:15:00.800Z")}))),
    chunk(1.53, "", close="eof"),
], [], SN_SUB,
     "legal: the subscription's first event is the Task in its current (interrupted) state, after which the stream ends")

# --- f1334: the SDK's client calls SetTaskPushNotificationConfig, a name 1.0 does not have
S10 = "https://sdk10-agent.example.test"
S10_CARD = get_card(0.0, card10(S10 + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), S10 + "/.well-known/agent-card.json")
case("f1334-v10-client-set-task-push-config-method", S10_CARD + [
    req(0.2, "POST", S10 + "/a2a", rpc(1, "SendMessage", {"message": umsg10("Convert report.docx to PDF", mid="m-n-9"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": task10("t-sdk-1", "c-sdk-1", "TASK_STATE_WORKING")})),
    req(0.4, "POST", S10 + "/a2a", rpc(2, "SetTaskPushNotificationConfig", {"taskId": "t-sdk-1", "url": "https://hooks.client.example.test/a2a", "token": "tok-n-9"}), ver="1.0"),
    resp(0.41, 200, err(2, -32601, "Method not found: SetTaskPushNotificationConfig")),
], [("client-method-name-wrong-case", "note")], SN_CLIENT,
     "1.0 names the push config methods CreateTaskPushNotificationConfig, GetTaskPushNotificationConfig, "
     "ListTaskPushNotificationConfigs and DeleteTaskPushNotificationConfig (1.0 §9.4; RPC-003): this client sends "
     "SetTaskPushNotificationConfig (a 1.0 draft's name), which a 1.0 agent answers -32601")

# --- f1335: the same client's ListTaskPushNotificationConfig (without the s)
case("f1335-v10-client-list-task-push-configs-singular", S10_CARD + [
    req(0.2, "POST", S10 + "/a2a", rpc(1, "SendMessage", {"message": umsg10("Convert slides.pptx to PDF", mid="m-n-10"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": task10("t-sdk-2", "c-sdk-2", "TASK_STATE_WORKING")})),
    req(0.4, "POST", S10 + "/a2a", rpc(2, "ListTaskPushNotificationConfig", {"taskId": "t-sdk-2"}), ver="1.0"),
    resp(0.41, 200, err(2, -32601, "Method not found: ListTaskPushNotificationConfig")),
], [("client-method-name-wrong-case", "note")], SN_CLIENT,
     "1.0's method is ListTaskPushNotificationConfigs (1.0 §9.4.6; RPC-003): this client sends the 0.3 gRPC name without the s")

# --- f1336: a push config delete answered with neither result nor error
case("f1336-v10-delete-push-config-success-without-result", get_card(0.0, n_card(push=True), NA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NA + "/a2a", n_send(1, "Read invoice INV-1050", "m-n-11"), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": n_task("TASK_STATE_SUBMITTED")})),
    req(0.4, "POST", NA + "/a2a", rpc(2, "DeleteTaskPushNotificationConfig", {"taskId": NT, "id": "cfg-1"}), ver="1.0"),
    resp(0.41, 200, {"jsonrpc": "2.0", "id": 2}),
], [("jsonrpc-response-malformed", "error")], SN_DELETE,
     "a JSON-RPC success carries result, {} for a method that returns google.protobuf.Empty (JSON-RPC 2.0 §5: 'result: This "
     "member is REQUIRED on success'; 1.0 §9.4.7; RPC-002): this server answers a delete with {jsonrpc, id} alone")

# ---------------------------------------------------------------------------------------------
# microsoft/semantic-kernel: the A2A host agent (on SharpA2A's TaskManager)
C_SK = "08af8066538b8533edf96f3d934b03529b5ec7f3"
SSK = ("https://github.com/microsoft/semantic-kernel/blob/" + C_SK + "/dotnet/src/Agents/A2A/A2AHostAgent.cs (Attach: "
       "'taskManager.OnTaskCreated = this.ExecuteAgentTaskAsync; taskManager.OnTaskUpdated = this.ExecuteAgentTaskAsync;' and "
       "ExecuteAgentTaskAsync starts with 'UpdateStatusAsync(task.Id, TaskState.Working)' whatever the task's state, then adds a new "
       "artifact and sets Completed: a message naming a completed task runs the agent on it again)")
SK = "https://sk-travel-agent.example.test"
SKT = "a7c2e9d4-1b3f-4e5a-8c6d-0f9e2b1a3c4d"
SKC = "e1d2c3b4-a5f6-4789-8a0b-1c2d3e4f5a6b"
def sk_task(state, arts, hist, ts):
    return {"kind": "task", "id": SKT, "contextId": SKC, "status": {"state": state, "timestamp": ts}, "artifacts": arts, "history": hist}
SK_A1 = {"artifactId": "6b1f0c2e-9a3d-4c5e-8f7a-2d1e0b9c8a7f", "parts": [{"kind": "text", "text": "Flights to Tokyo from 640 EUR."}]}
SK_A2 = {"artifactId": "0e9d8c7b-6a5f-4e3d-2c1b-0a9f8e7d6c5b", "parts": [{"kind": "text", "text": "Hotels near Shibuya from 95 EUR a night."}]}
SK_U1 = umsg03("Plan a trip to Tokyo in May", mid="m-sk-1", contextId=SKC, taskId=SKT)
SK_U2 = umsg03("And hotels?", mid="m-sk-2", contextId=SKC, taskId=SKT)
case("f1337-v03-follow-up-to-completed-task-run-again", get_card(0.0, card03(SK + "/", name="TravelAgent", description="Plans trips"), SK + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SK + "/", rpc(1, "message/send", {"message": umsg03("Plan a trip to Tokyo in May", mid="m-sk-1")})),
    resp(3.1, 200, ok(1, sk_task("completed", [SK_A1], [SK_U1], "2026-03-02T10:15:03.100Z"))),
    req(4.0, "POST", SK + "/", rpc(2, "message/send", {"message": SK_U2})),
    resp(6.6, 200, ok(2, sk_task("completed", [SK_A1, SK_A2], [SK_U1, SK_U2], "2026-03-02T10:15:06.600Z"))),
], [("message-to-terminal-task-accepted", "error")], SSK,
     "a task in a terminal state accepts no further message (0.3 §6.3: 'Once a task reaches a terminal state ... it cannot be "
     "restarted'; TASK-003): this host agent runs its agent again on a message that names the completed task and answers the "
     "task, moved back through working to completed with a second artifact")

# ---------------------------------------------------------------------------------------------
# david-engelmann/maidan: a team-chat server's own A2A 1.0 JSON-RPC ingress (Rust, axum)
MB = "https://github.com/david-engelmann/maidan/blob/"
C_MAG = "0088b68d188ba5f5b26a3c67780cf0e8d9d01b68"
C_MPR = "090fd9bca6b791fb6de404d82b6a8926f7312f30"
SM_SUB = (MB + C_MAG + "/crates/maidan-server/src/a2a_agent.rs ('const ERR_UNSUPPORTED: i32 = -32005;' and dispatch_subscribe_to_task: "
          "'if is_terminal_task_state(&task.status.state) { return Json(JsonRpcResponse::error(id, ERR_UNSUPPORTED, \"task is in a "
          "terminal state\")) }': -32005 is ContentTypeNotSupportedError; dispatch_tasks_cancel answers a terminal task the same) and "
          + MB + C_MPR + "/crates/maidan-a2a/src/protocol.rs (TextPart '#[serde(rename = \"type\")] pub kind', A2aMessage {role, parts, "
          "metadata} with no messageId: the task's status message)")
SM_GET = (MB + C_MAG + "/crates/maidan-server/src/a2a_agent.rs (dispatch_get_task: 'load_task(state, &req.id).await.map_err(|_| "
          "JsonRpcResponse::error(id.clone(), ERR_PARAMS, \"task not found\"))': an unknown task is answered -32602 InvalidParams)")
MD = "https://maidan.example.test"
MDU = MD + "/a2a/v1/rpc"
MT = "5b0e7d2c-9a41-4f3e-8c6b-1d2a3f4e5b6c"
MC = "2f9c1e7a-3b5d-4a8c-9e0f-6d1b2c3a4e5f"
MAUTH = {"authorization": "Bearer mdn_tok_7f3a9c"}
def m_task(state):
    return {"id": MT, "contextId": MC, "status": {"state": state, "message": {"role": "agent", "parts": [{"type": "text", "text": "Posted to #release-notes."}]}},
            "metadata": {"maidan": {"messageId": "8e1f2a3b-4c5d-4e6f-8a9b-0c1d2e3f4a5b"}}}

# --- f1338: SubscribeToTask of a completed task answered -32005 ContentTypeNotSupportedError
case("f1338-v10-subscribe-terminal-task-answered-32005", [
    req(0.0, "POST", MDU, rpc(1, "GetTask", {"id": MT}), ver="1.0", hdr=MAUTH),
    resp(0.01, 200, ok(1, m_task("TASK_STATE_COMPLETED"))),
    req(0.2, "POST", MDU, rpc(2, "SubscribeToTask", {"id": MT}), ver="1.0", hdr=MAUTH, accept=SSE),
    resp(0.21, 200, err(2, -32005, "task is in a terminal state")),
], [("jsonrpc-error-code-mismatch", "error"), ("result-invalid-shape", "error"), ("version-mixed-payload", "warning")], SM_SUB,
     "SubscribeToTask of a task in a terminal state is refused with UnsupportedOperationError -32004 (1.0 §3.1.6: 'The operation "
     "MUST return an UnsupportedOperationError if the task is in a terminal state'; ERR-002): this server answers -32005, "
     "ContentTypeNotSupportedError's code, which tells the client a part's media type was refused (and the task's status message "
     "has no messageId, a 0.3 role and parts with a 'type' member)")

# --- f1339: GetTask of an unknown task answered -32602 InvalidParams
case("f1339-v10-get-unknown-task-answered-invalid-params", [
    req(0.0, "POST", MDU, rpc(1, "GetTask", {"id": "0d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a"}), ver="1.0", hdr=MAUTH),
    resp(0.01, 200, err(1, -32602, "task not found")),
], [("jsonrpc-error-code-mismatch", "error")], SM_GET,
     "GetTask of a task the agent does not know is answered TaskNotFoundError -32001 (1.0 §3.1.3, ERR-002: a MUST in 1.0): this "
     "server answers -32602 InvalidParams with the words 'task not found'")

# ---------------------------------------------------------------------------------------------
# AltairaLabs/PromptKit's client: every JSON-RPC call posted to baseURL + /a2a
SPK_PATH = (PB + C_PCLI + "/runtime/a2a/client.go (newRPCRequest: 'http.NewRequestWithContext(ctx, http.MethodPost, c.baseURL+\"/a2a\", "
            "...)' for every call, after Discover fetched the card from baseURL + /.well-known/agent-card.json: the card's url is "
            "read only for its protocol version)")
SDK3 = "https://sdk03-root-agent.example.test"
case("f1340-v03-client-posts-to-fixed-a2a-path", get_card(0.0, card03(SDK3 + "/", name="Currency agent", description="Converts currencies"), SDK3 + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SDK3 + "/a2a", rpc(1, "message/send", {"message": umsg03("100 USD in EUR?", mid="m-pk-4")}), ver="0.3"),
    resp(0.21, 404, {"detail": "Not Found"}),
], [("client-url-not-advertised", "warning")], SPK_PATH,
     "a client sends its calls to the url the agent card names (0.3 §5.5 url; CARD-005): this client fetched the card, which "
     "names the agent's root, and posted to baseURL + /a2a anyway, where the SDK agent answers 404")

write_cases(cases, OUT)

# f1324's second and third faults (append: true on a new artifact; the completed status
# update without final: true) are told since the kind-less 0.x stream events are read as
# update events (streams59's change of this round, merged): expected, no longer allowed.
