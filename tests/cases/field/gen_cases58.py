"""Session-58 field cases of miner mine58 (f1304-...): same helpers and output format as gen_cases57.py.

Scope (round fifty-eight): the code of A2A layers no round had cited, each repository name grepped
in FIELD-CASES.md first: a gateway, agentic-layer/agent-gateway-krakend (KrakenD plugins that
rewrite the agent card behind an agent gateway: go/plugin/agentcard-rw, the older typed
go/plugin/agentcard-rewriter, go/lib/models/a2a_generated.go), an agent framework's own A2A
server and client, MervinPraison/PraisonAI (src/praisonai-agents/praisonaiagents/ui/a2a/:
a2a.py, streaming.py, types.py, task_store.py, client.py, agent_card.py), and volcengine's
agent framework's A2A client, volcengine/veadk-python (veadk/a2a/remote_ve_agent.py), with
legal neighbours.
`python3 gen_cases58.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
def up(line):
    """Marks a transcript line as the hop behind the gateway (TRANSCRIPT.md `leg`)."""
    line = dict(line)
    line["leg"] = "upstream"
    return line

# ---------------------------------------------------------------------------------------------
# MervinPraison/PraisonAI: praisonaiagents.ui.a2a, an A2A server and client of the framework's own
PB = "https://github.com/MervinPraison/PraisonAI/blob/"
PD = "/src/praisonai-agents/praisonaiagents/ui/a2a/"
C_A2A = "02631d69d646bdebeb405117fed3fbd19923a8e6"
C_STREAM = "841c45d55736c8e661b997c02a7088c5971d9966"
C_TYPES = "8e6b50c11a83aedac463b557ee3c3dae22e0c367"
C_STORE = "df687d86c3b090a603ecbe531d1f83680f41a52e"
C_CLIENT = "8e6b50c11a83aedac463b557ee3c3dae22e0c367"
SSTREAM = (PB + C_STREAM + PD + "streaming.py (A2AEventEncoder.encode_event writes f\"event: {event_type}\\ndata: {json_data}\\n\\n\" with "
           "event_type 'task.status' / 'task.artifact' and json_data the bare TaskStatusUpdateEvent / TaskArtifactUpdateEvent "
           "model_dump(by_alias=True, exclude_none=True): no JSON-RPC envelope, no kind; stream_agent_response yields working, the "
           "artifact, completed and then encode_done(): \"event: done\\ndata: {}\\n\\n\"; a2a.py's _handle_message_stream returns it as "
           "the answer to message/stream)")
SCANCEL = (PB + C_STORE + PD + "task_store.py (cancel_task(task_id) returns self.update_status(task_id, TaskState.CANCELLED) whatever the "
           "task's state; types.py at " + C_TYPES + ": TaskState.CANCELLED = \"cancelled\", INPUT_REQUIRED = \"input_required\"; a2a.py at "
           + C_A2A + ": _handle_tasks_cancel answers the updated task)")
SAUTH = (PB + C_A2A + PD + "a2a.py (_verify_auth: 'raise HTTPException(status_code=401, detail=\"Authorization required\")' when "
         "auth_token is set and no Authorization header came, 'Invalid token' for another token: FastAPI answers "
         "{\"detail\": \"Authorization required\"} with HTTP 401 and no WWW-Authenticate header, to a JSON-RPC POST /a2a)")
SPUSH = (PB + C_A2A + PD + "a2a.py (_handle_push_notification: 'if not card.capabilities.push_notifications: return "
         "_jsonrpc_error(request_id, -32601, f\"Push notifications not supported: {method}\")' for every "
         "tasks/pushNotificationConfig/* method)")
SSEND = (PB + C_A2A + PD + "a2a.py (_handle_message_send answers updated_task.model_dump(by_alias=True, exclude_none=True); types.py at "
         + C_TYPES + ": Task has no kind member, TextPart is {text, metadata?} with no kind, Message has no kind, and task_store.py at "
         + C_STORE + " sets context_id = message.context_id, so a message without contextId gets a task without one)")
SBLOCK = (PB + C_A2A + PD + "a2a.py (_handle_message_send: 'return_immediately = config.get(\"return_immediately\", "
          "config.get(\"returnImmediately\", False))': 0.x's configuration.blocking is never read, so a non-blocking send is "
          "answered only when the agent's chat() returns)")
SCLIPART = (PB + C_CLIENT + PD + "client.py (A2AClient.send_message builds message {messageId, role: 'user', parts: [{'text': text}]} with "
            "no kind on the message or the part, and posts it as message/send to f\"{self.base_url}/a2a\")")
SCLIEXT = (PB + C_CLIENT + PD + "client.py (A2AClient.get_extended_card: 'return await self._jsonrpc_call(\"agent/getExtendedCard\", {})': "
           "a method no A2A release defines; 0.3 names it agent/getAuthenticatedExtendedCard, 1.0 GetExtendedAgentCard)")
SLIST = (PB + C_A2A + PD + "a2a.py (_handle_tasks_list: tasks/list with contextId answers the bare list "
         "[t.model_dump(...) for t in tasks])")
PR = "https://praison.example.test"
PRU = PR + "/a2a"
def pr_card(**kw):
    c = {"name": "Researcher", "url": PRU, "version": "1.0.0", "description": "Research Analyst. Find and summarise sources",
         "capabilities": {"streaming": True, "pushNotifications": False, "stateTransitionHistory": False, "extendedAgentCard": False},
         "skills": [{"id": "web_search", "name": "web_search", "description": "Search the web for a query", "tags": ["tool"]}],
         "provider": {"name": "PraisonAI"}}
    c.update(kw)
    return c
PR_CARD = get_card(0.0, pr_card(), PR + "/.well-known/agent.json", rhdr={})
def pr_status(tid, cid, state, final, ts=None):
    e = {"taskId": tid, "contextId": cid, "status": {"state": state}, "final": final}
    if ts:
        e["status"]["timestamp"] = ts
    return e
def named(ev, obj):
    return "event: %s\ndata: %s\n\n" % (ev, json.dumps(obj, separators=(",", ":")))
PT1 = "task-3f9c2a1b7d4e"
PC1 = "ctx-pr-7a1e"
def pr_task(tid, state, cid=PC1, history=None, artifacts=None, ts="2026-03-02T10:15:04.118302+00:00"):
    t = {"id": tid, "status": {"state": state, "timestamp": ts}}
    if cid is not None:
        t["contextId"] = cid
    if artifacts is not None:
        t["artifacts"] = artifacts
    if history is not None:
        t["history"] = history
    return t
def pr_umsg(text, mid, cid=PC1):
    m = {"messageId": mid, "role": "user", "parts": [{"text": text}]}
    if cid is not None:
        m["contextId"] = cid
    return m
def pr_amsg(text, mid, tid):
    return {"messageId": mid, "role": "agent", "parts": [{"text": text}], "taskId": tid}
def pr_art(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}

# --- f1304: message/stream answered with named SSE events whose data is the bare event, then 'done' {}
case("f1304-v0x-stream-named-events-without-jsonrpc-envelope", PR_CARD + [
    req(0.2, "POST", PRU, rpc("s-1", "message/stream", {"message": umsg03("Summarise the 2025 A2A spec changes", mid="m-pr-1", contextId=PC1)}), accept=SSE),
    resp(0.25, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive", "x-accel-buffering": "no"}),
    chunk(0.26, named("task.status", pr_status(PT1, PC1, "working", False))),
    chunk(4.1, named("task.artifact", {"taskId": PT1, "contextId": PC1, "artifact": pr_art("art-5c0d9e1f2a3b", "The 1.0 release renames the methods ..."), "append": False, "lastChunk": True})),
    chunk(4.11, named("task.status", pr_status(PT1, PC1, "completed", True))),
    chunk(4.12, "event: done\ndata: {}\n\n"),
    chunk(4.13, "", close="eof"),
], [("stream-event-envelope-wrong", "error"), ("stream-event-invalid-shape", "error"), ("card-missing-required-field", "error"), ("version-mixed-payload", "warning")], SSTREAM,
     "each event of a JSON-RPC stream carries in its data a JSON-RPC Response object with the request's id whose result is the Task, "
     "Message or update event (0.3 §7.2, 'SendStreamingMessageResponse'; JSON-RPC 2.0 §5; STREAM-002): this server writes the bare "
     "TaskStatusUpdateEvent / TaskArtifactUpdateEvent (no jsonrpc, no id, no kind) under event names of its own, and closes every "
     "stream with an event 'done' whose data is {}, so an SDK client reads no event of the stream. (The card's own faults, told in every case that fetches it: no protocolVersion "
     "and no default modes, a provider without organization, 1.0's capabilities.extendedAgentCard on a 0.x card)")

# --- f1305: a cancel of a completed task answered with the task 'cancelled'
case("f1305-v0x-cancel-completed-task-answered-cancelled", PR_CARD + [
    req(0.2, "POST", PRU, rpc(1, "message/send", {"message": umsg03("List three A2A SDKs", mid="m-pr-2", contextId=PC1)})),
    resp(3.2, 200, ok(1, pr_task(PT1, "completed", history=[pr_umsg("List three A2A SDKs", "m-pr-2"), pr_amsg("a2a-python, a2a-js, a2a-java", "msg-8b2c4d6e1f0a", PT1)],
                                 artifacts=[pr_art("art-0b1c2d3e4f5a", "a2a-python, a2a-js, a2a-java")]))),
    req(3.5, "POST", PRU, rpc(2, "tasks/cancel", {"id": PT1})),
    resp(3.51, 200, ok(2, pr_task(PT1, "cancelled", history=[pr_umsg("List three A2A SDKs", "m-pr-2"), pr_amsg("a2a-python, a2a-js, a2a-java", "msg-8b2c4d6e1f0a", PT1)],
                                  artifacts=[pr_art("art-0b1c2d3e4f5a", "a2a-python, a2a-js, a2a-java")], ts="2026-03-02T10:15:07.530114+00:00"))),
], [("cancel-terminal-task-succeeded", "error"), ("task-state-invalid", "error"), ("result-invalid-shape", "error"), ("card-missing-required-field", "error"), ("version-mixed-payload", "warning")], SCANCEL,
     "a task in a terminal state cannot be canceled: tasks/cancel of it is answered TaskNotCancelableError -32002 (0.3 §7.4, §8.2; "
     "TASK-003), and 'canceled' is spelt with one l (0.3 §6.3 TaskState; TASK-001): this server sets every task it is asked to cancel "
     "to 'cancelled', a completed one included, and answers it as a success")

# --- f1306: a JSON-RPC call without credentials refused 401 with FastAPI's {detail} and no challenge
case("f1306-v0x-jsonrpc-401-without-challenge", [
    req(0.0, "POST", PRU, rpc(1, "message/send", {"message": umsg03("hello", mid="m-pr-3")})),
    resp(0.01, 401, {"detail": "Authorization required"}),
], [("auth-challenge-missing", "warning")], SAUTH,
     "a 401 answer carries a WWW-Authenticate challenge (RFC 9110 §11.6.1, §15.5.2: 'The server generating a 401 response MUST send "
     "a WWW-Authenticate header field'; AUTH-003): this server answers a JSON-RPC call without its bearer token with FastAPI's "
     "HTTPException 401 {detail}, no challenge, so the client is not told which scheme to use")

# --- f1307: push config calls answered -32601 by an agent without push
case("f1307-v0x-push-config-refused-method-not-found", PR_CARD + [
    req(0.2, "POST", PRU, rpc(1, "message/send", {"message": umsg03("Watch the release feed", mid="m-pr-4", contextId=PC1)})),
    resp(2.4, 200, ok(1, pr_task(PT1, "completed", history=[pr_umsg("Watch the release feed", "m-pr-4"), pr_amsg("No new releases today.", "msg-1f2e3d4c5b6a", PT1)],
                                 artifacts=[pr_art("art-9a8b7c6d5e4f", "No new releases today.")]))),
    req(2.6, "POST", PRU, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": PT1, "pushNotificationConfig": {"url": "https://hooks.client.example.test/a2a", "token": "tok-pr-4"}})),
    resp(2.61, 200, err(2, -32601, "Push notifications not supported: tasks/pushNotificationConfig/set")),
], [("jsonrpc-error-code-mismatch-0x", "warning"), ("result-invalid-shape", "error"), ("card-missing-required-field", "error"), ("version-mixed-payload", "warning")], SPUSH,
     "an agent that does not support push notifications answers the push config methods with PushNotificationNotSupportedError "
     "-32003 (0.3 §8.2, §7.5; PUSH-001, ERR-002): this server answers -32601 Method not found, which tells a client the method "
     "does not exist rather than that push is not supported")

# --- f1308: a send answered with a task without kind and contextId, parts without kind
case("f1308-v0x-send-answer-task-without-kind-or-context", PR_CARD + [
    req(0.2, "POST", PRU, rpc(1, "message/send", {"message": umsg03("What is A2A?", mid="m-pr-5")})),
    resp(2.9, 200, ok(1, pr_task("task-6d5e4f3a2b1c", "completed", cid=None,
                                 history=[pr_umsg("What is A2A?", "m-pr-5", cid=None), pr_amsg("A2A is an open protocol for agents to talk to agents.", "msg-2a3b4c5d6e7f", "task-6d5e4f3a2b1c")],
                                 artifacts=[pr_art("art-3c4d5e6f7a8b", "A2A is an open protocol for agents to talk to agents.")]))),
], [("result-invalid-shape", "error"), ("card-missing-required-field", "error"), ("version-mixed-payload", "warning")], SSEND,
     "a 0.2/0.3 Task carries kind 'task' and a contextId, and every part its kind (0.3 §6.1 Task: 'contextId: string', 'kind: \"task\"'; "
     "§6.5 Part; DATA-001, TASK-004): this server answers a send whose message names no context with a task that has no contextId "
     "and no kind, and parts {text} without kind, so a 0.3 SDK client cannot read the answer")

# --- f1309: a non-blocking send answered only when the work is done
case("f1309-v0x-blocking-false-ignored", PR_CARD + [
    req(0.2, "POST", PRU, rpc(1, "message/send", {"message": umsg03("Compile a reading list on agent protocols", mid="m-pr-6", contextId=PC1), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}})),
    resp(9.4, 200, ok(1, pr_task(PT1, "completed", history=[pr_umsg("Compile a reading list on agent protocols", "m-pr-6"), pr_amsg("1. A2A spec ...", "msg-3b4c5d6e7f8a", PT1)],
                                 artifacts=[pr_art("art-4d5e6f7a8b9c", "1. A2A spec ...")]))),
], [("return-immediately-ignored", "warning"), ("result-invalid-shape", "error"), ("card-missing-required-field", "error"), ("version-mixed-payload", "warning")], SBLOCK,
     "message/send with configuration.blocking false is answered at once, with the task in whatever state it is (0.3 §7.1 "
     "MessageSendConfiguration.blocking; TASK-005): this server reads only returnImmediately (1.0's name) and return_immediately, "
     "so a 0.3 client's non-blocking send waits 9 s for the finished task")

# --- f1310: the framework's client sends parts without kind to a 0.3 SDK agent
SDKA = "https://sdk-agent.example.test"
SDK_CARD = get_card(0.0, card03(SDKA + "/a2a", name="Travel planner", supportsAuthenticatedExtendedCard=True,
                                securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]),
                    SDKA + "/.well-known/agent.json")
case("f1310-v03-client-parts-without-kind", SDK_CARD + [
    req(0.2, "POST", SDKA + "/a2a", rpc("0b6f3c0e-3e9a-4b3e-9d7c-2f1d0c9b8a71", "message/send", {"message": {"messageId": "5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6", "role": "user", "parts": [{"text": "Plan two days in Lisbon"}]}}),
        hdr={"authorization": "Bearer tok-pr-client"}),
    resp(0.21, 200, err("0b6f3c0e-3e9a-4b3e-9d7c-2f1d0c9b8a71", -32602, "Invalid parameters",
                        {"errors": [{"loc": ["params", "message", "parts", 0], "msg": "Unable to extract tag using discriminator 'kind'", "type": "union_tag_not_found"}]})),
], [("request-message-invalid-shape", "error")], SCLIPART,
     "a 0.3 Message and each of its parts carry their kind discriminator (0.3 §6.4 Message 'kind: \"message\"', §6.5 TextPart 'kind: "
     "\"text\"'; DATA-001): this client writes {text} parts (1.0's layout) into a 0.3 message/send with no kind, and a 0.3 SDK agent "
     "refuses the message -32602")

# --- f1311: the framework's client calls agent/getExtendedCard
case("f1311-v03-client-calls-agent-get-extended-card", SDK_CARD + [
    req(0.2, "POST", SDKA + "/a2a", rpc("7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f", "agent/getExtendedCard", {}), hdr={"authorization": "Bearer tok-pr-client"}),
    resp(0.21, 200, err("7c2d9e4f-1a3b-4c5d-8e6f-0a1b2c3d4e5f", -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SCLIEXT,
     "a client calls the method names its agent's version defines (0.3 §7.10 agent/getAuthenticatedExtendedCard; 1.0 §9.4 "
     "GetExtendedAgentCard; RPC-003): this client asks for the extended card under agent/getExtendedCard, a name between the two "
     "that no release has, and a 0.3 agent that declares supportsAuthenticatedExtendedCard answers -32601")

# --- f1312 (legal): the server's own tasks/list answered with a bare list
case("f1312-legal-v0x-own-tasks-list-bare-array", [
    req(0.2, "POST", PRU, rpc(1, "message/send", {"message": umsg03("What is A2A?", mid="m-pr-7", contextId=PC1)})),
    resp(2.2, 200, ok(1, dict(pr_task(PT1, "completed", artifacts=[{"kind": "artifact", "artifactId": "art-x", "parts": [{"kind": "text", "text": "An agent protocol."}]}]), kind="task"))),
    req(2.4, "POST", PRU, rpc(2, "tasks/list", {"contextId": PC1})),
    resp(2.41, 200, ok(2, [dict(pr_task(PT1, "completed", artifacts=[{"artifactId": "art-x", "parts": [{"kind": "text", "text": "An agent protocol."}]}]), kind="task")])),
], [], SLIST,
     "not judged: 0.2 and 0.3 define no task listing, so tasks/list answered with a bare list of tasks is a method of this server's "
     "own (the tool's reading since round fifty-six; f1265); the send's answer is a well-formed 0.3 task (the card, whose own faults f1304 names, is not fetched here)")

# ---------------------------------------------------------------------------------------------
# agentic-layer/agent-gateway-krakend: KrakenD plugins that rewrite agent cards behind a gateway
KB = "https://github.com/agentic-layer/agent-gateway-krakend/blob/"
C_RW = "6568ccef131bd3b86207b5d5f144708a809c9c53"
C_URLR = "28e108426fb1ea34a155bc0986281b687c4f0e16"
C_OLD = "2d262dcd2b325ad299acf7ff4f6db6ed84a89391"
C_GEN = "0dc21bb5a6bb7fe6b637d5b72e134943fbf71b70"
C_REQU = "6b3f2bb84146e8874008fefe003e40a7f278e743"
SK10 = (KB + C_URLR + "/go/plugin/agentcard-rewriter/url_replacer.go (rewriteAgentCardMap, which go/plugin/agentcard-rw/agentcard_rw.go at "
        + C_RW + " calls on every GET .../.well-known/agent-card.json, rewrites only cardMap[\"url\"] and cardMap[\"additionalInterfaces\"] "
        "when they contain '.svc.cluster.local'; a 1.0 card's supportedInterfaces are passed on as the agent wrote them)")
SKPATH = (KB + C_URLR + "/go/plugin/agentcard-rewriter/url_replacer.go (rewriteAgentCardMap replaces an internal url with "
          "constructExternalURL(gatewayURL, agentPath) = gateway origin + the path before /.well-known/agent-card.json: the agent's own "
          "path (/a2a/jsonrpc) is dropped; rewriteAdditionalInterfacesMap keeps only entries whose transport is \"http\" or \"https\", "
          "so every JSONRPC / GRPC / HTTP+JSON interface is removed and the list written as null)")
SKOLD = (KB + C_OLD + "/go/plugin/agentcard-rewriter/agentcard_rewriter.go (json.Unmarshal of the agent's card into models.AgentCard, "
         "rewriteAgentCard, json.Marshal: go/lib/models/a2a_generated.go at " + C_GEN + " is generated from the 0.3 JSON Schema, so a "
         "1.0 card loses supportedInterfaces and capabilities.extendedAgentCard and gains \"url\": \"\" and \"protocolVersion\": \"\" "
         "(required members without omitempty))")
SKHTTPS = (KB + C_OLD + "/go/plugin/agentcard-rewriter/helpers.go (getGatewayDomain: 'scheme := \"https\"' unless X-Forwarded-Proto "
           "says otherwise; the gateway reached over plain http (a port-forward, an in-cluster client) writes https://<its host:port>; "
           "request_utils.go at " + C_REQU + " the same)")
GW = "https://agents.example.test"
INT = "http://weather-agent.agents.svc.cluster.local:8000"
def wx_card03(url, ai, **kw):
    return card03(url, name="weather-agent", description="Answers weather questions", additionalInterfaces=ai,
                  skills=[{"id": "forecast", "name": "Forecast", "description": "Gives a forecast", "tags": ["weather"]}], **kw)
def wx_card10(ifaces, **kw):
    return card10(ifaces[0]["url"], name="weather-agent", description="Answers weather questions", supportedInterfaces=ifaces,
                  skills=[{"id": "forecast", "name": "Forecast", "description": "Gives a forecast", "tags": ["weather"]}], **kw)

# --- f1313: a 1.0 card's supportedInterfaces passed on with the cluster-internal host
C13 = wx_card10([{"url": INT + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])
case("f1313-v10-gw-card-supported-interfaces-internal-host", [
    req(0.0, "GET", GW + "/weather-agent/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, C13)),
    resp(0.006, 200, C13),
], [("card-url-internal-authority", "error"), ("card-over-https-advertises-http", "warning")], SK10,
     "the card's interface url is where a client sends its calls (1.0 §8.1 AgentInterface.url; CARD-005, CARD-006): the gateway "
     "rewrites cluster-internal URLs only in 0.3's url and additionalInterfaces, so a 1.0 card reaches the public client still "
     "naming weather-agent.agents.svc.cluster.local, which no client outside the cluster can resolve")

# --- f1314: a 0.3 card's url rewritten without the agent's path, its interfaces dropped
U14 = wx_card03(INT + "/a2a/jsonrpc", [{"url": INT + "/a2a/jsonrpc", "transport": "JSONRPC"}, {"url": "weather-agent.agents.svc.cluster.local:50051", "transport": "GRPC"}])
D14 = dict(U14, url=GW + "/weather-agent", additionalInterfaces=None)
case("f1314-v03-gw-card-url-loses-agent-path", [
    req(0.0, "GET", GW + "/weather-agent/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U14)),
    resp(0.006, 200, D14),
    req(0.3, "POST", GW + "/weather-agent", rpc(1, "message/send", {"message": umsg03("Weather in Berlin tomorrow?", mid="m-kd-1")})),
    up(req(0.301, "POST", INT + "/", rpc(1, "message/send", {"message": umsg03("Weather in Berlin tomorrow?", mid="m-kd-1")}))),
    up(resp(0.303, 405, {"detail": "Method Not Allowed"}, hdr={"allow": "GET"})),
    resp(0.305, 405, {"detail": "Method Not Allowed"}, hdr={"allow": "GET"}),
], [("card-url-broken-by-proxy", "error")], SKPATH,
     "the card's url is the agent's JSON-RPC endpoint (0.3 §5.5 'url: The preferred endpoint URL'; CARD-005, CARD-006): the agent "
     "serves JSON-RPC at /a2a/jsonrpc and the gateway maps /weather-agent to the agent's root, but rewrites the url to "
     "<gateway>/weather-agent with the agent's path cut off, so every call the card leads to lands on the agent's root and is "
     "refused 405 (CARD-URL-002 is not told beside it: with the forwarded copy recorded, the 405 is the agent's answer to the path the "
     "gateway chose); the rewrite also drops both additionalInterfaces entries (their transports are JSONRPC and GRPC, not the "
     "\"http\" / \"https\" the plugin keeps)")

# --- f1315: a 1.0 card through the 0.3-typed rewriter loses every interface
U15 = wx_card10([{"url": INT + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
                capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": False})
D15 = {"capabilities": {"pushNotifications": False, "streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
       "description": "Answers weather questions", "name": "weather-agent", "protocolVersion": "",
       "skills": [{"description": "Gives a forecast", "id": "forecast", "name": "Forecast", "tags": ["weather"]}], "url": "", "version": "1.0.0"}
case("f1315-v10-gw-card-typed-as-03-loses-interfaces", [
    req(0.0, "GET", GW + "/weather-agent/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U15)),
    resp(0.006, 200, D15),
], [("card-url-broken-by-proxy", "error"), ("card-interface-malformed", "error")], SKOLD,
     "a 1.0 card names its endpoints in supportedInterfaces (1.0 §8.1, REQUIRED; CARD-005): the gateway reads the card into a "
     "struct generated from the 0.3 schema and writes it back, so the public card has no supportedInterfaces, an empty url and an "
     "empty protocolVersion: a client that fetched it through the gateway finds no endpoint at all (CARD-SHAPE-003 names the empty url "
     "on the card the client got)")

# --- f1316: a card fetched over plain http through the gateway rewritten to https on the same port
U16 = wx_card03(INT + "/", [{"url": INT + "/", "transport": "JSONRPC"}])
case("f1316-v03-gw-card-url-https-on-plain-http-port", [
    req(0.0, "GET", "http://localhost:8080/weather-agent/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U16)),
    resp(0.006, 200, {k: v for k, v in dict(U16, url="https://localhost:8080/weather-agent").items() if k != "additionalInterfaces"}),
], [("card-url-https-on-plain-http-port", "warning")], SKHTTPS,
     "the card's url is one the client can use (CARD-005, CARD-006): reached over plain http on localhost:8080 (a port-forward to "
     "the gateway, no X-Forwarded-Proto), the gateway writes https://localhost:8080/weather-agent, and a client that follows the "
     "card opens TLS to a port that speaks plain HTTP")

# --- f1317 (legal): the rewrite that works: an internal root url rewritten to the gateway's agent path
U17 = wx_card03(INT + "/", [])
case("f1317-legal-v03-gw-card-internal-root-rewritten", [
    req(0.0, "GET", GW + "/weather-agent/.well-known/agent-card.json", hdr={"x-forwarded-proto": "https"}),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U17)),
    resp(0.006, 200, dict(U17, url=GW + "/weather-agent")),
    req(0.3, "POST", GW + "/weather-agent", rpc(1, "message/send", {"message": umsg03("Weather in Berlin tomorrow?", mid="m-kd-2")})),
    up(req(0.301, "POST", INT + "/", rpc(1, "message/send", {"message": umsg03("Weather in Berlin tomorrow?", mid="m-kd-2")}))),
    up(resp(0.9, 200, ok(1, task03("t-kd-2", "c-kd-2", "completed", artifacts=[{"artifactId": "a-kd-2", "parts": [{"kind": "text", "text": "Cloudy, 14 C."}]}])))),
    resp(0.902, 200, ok(1, task03("t-kd-2", "c-kd-2", "completed", artifacts=[{"artifactId": "a-kd-2", "parts": [{"kind": "text", "text": "Cloudy, 14 C."}]}]))),
], [], SKPATH,
     "legal: the agent serves JSON-RPC at its root, the gateway maps /weather-agent there and rewrites the internal url to "
     "https://agents.example.test/weather-agent (X-Forwarded-Proto https), and the call the card leads to is answered")

# ---------------------------------------------------------------------------------------------
# volcengine/veadk-python: RemoteVeAgent, the framework's A2A client
C_VE = "07427dd7da89b35660d50478c5f066c38019e8b7"
SVEQ = ("https://github.com/volcengine/veadk-python/blob/" + C_VE + "/veadk/a2a/remote_ve_agent.py (auth_method=\"querystring\": "
        "'req_params = {\"token\": auth_token}' for the card GET and 'httpx.AsyncClient(base_url=effective_url, params=req_params)' "
        "for every A2A call: the bearer token travels as ?token=... in the URL whatever the card's securitySchemes say)")
VE = "https://sd4k2m7c0a1b.apigateway-cn-beijing.volceapi.com"
VE_CARD = card03(VE + "/", name="research_agent", description="A research agent on VeFaaS",
                 securitySchemes={"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}, security=[{"bearer": []}])
VTOK = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1LTQxIn0.c2ln"
case("f1318-v03-client-bearer-token-in-query", [
    req(0.0, "GET", VE + "/.well-known/agent-card.json?token=" + VTOK),
    resp(0.01, 200, VE_CARD, hdr=CACHED),
    req(0.2, "POST", VE + "/?token=" + VTOK, rpc("ve-1", "message/send", {"message": umsg03("Find recent papers on agent protocols", mid="m-ve-1")})),
    resp(3.2, 200, ok("ve-1", task03("t-ve-1", "c-ve-1", "completed", artifacts=[{"artifactId": "a-ve-1", "parts": [{"kind": "text", "text": "Three papers ..."}]}]))),
], [("task-endpoint-without-auth", "error")], SVEQ,
     "a client presents its credentials as the card's security scheme says (0.3 §5.5 securitySchemes: an http bearer scheme is the "
     "Authorization header, RFC 6750 §2.1; AUTH-001, AUTH-002): this client puts the bearer token into the URL's query (?token=), "
     "where the card declares no scheme and where proxies and access logs record it. The agent took it: told as the agent's "
     "AUTH-OPEN-001; the client's misplacement is told (AUTH-SCHEME-003) only where an agent refuses it, f1319")

# --- f1319: the same client refused by an agent that reads only the Authorization header
case("f1319-v03-client-query-token-refused-401", [
    req(0.0, "GET", VE + "/.well-known/agent-card.json?token=" + VTOK),
    resp(0.01, 200, VE_CARD, hdr=CACHED),
    req(0.2, "POST", VE + "/?token=" + VTOK, rpc("ve-2", "message/send", {"message": umsg03("Find recent papers on agent protocols", mid="m-ve-2")})),
    resp(0.21, 401, {"detail": "Missing bearer token"}, hdr={"www-authenticate": 'Bearer realm="a2a"'}),
], [("client-credential-not-as-declared", "error")], SVEQ,
     "the same client against an agent that reads its card's bearer scheme as the Authorization header (RFC 6750 §2.1; AUTH-001, "
     "AUTH-002): the token in the query is no credential there, and the agent refuses the call 401 with a Bearer challenge")

write_cases(cases, OUT)
