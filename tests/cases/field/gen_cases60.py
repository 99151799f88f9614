"""Session-60 field cases of miner mine60 (f1341-...): same helpers and output format as gen_cases59.py.

Scope (round sixty): the code of A2A implementations no round had cited, each repository name
grepped in FIELD-CASES.md first: a Ruby A2A SDK (traylinx/a2a-ruby: its Rack app
lib/a2a/server/apps/rack_app.rb, its DefaultRequestHandler, the older A2AMethods module, the
AgentCard type and its HTTP client) and an agent platform's 0.x JSON-RPC route
(agentarea/agentarea: core/apps/api/agentarea_api/api/v1/agents_a2a.py), with legal neighbours.
`python3 gen_cases60.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
# traylinx/a2a-ruby: a Ruby A2A SDK (0.3: JSON-RPC Rack app, request handler, client)
RB = "https://github.com/traylinx/a2a-ruby/blob/"
C_RACK = "62267d71b566aa0d6e793eab13d0a2df37c175ba"
C_DRH = "750e87f29265dc806bf4b2991ffd11f6312425d0"
C_METH = "c585d7c8b9d4c4895b2c23d70bd80dcb682d3653"
C_TYPES = "5a50cdfde1af3b83f17feabe4dbdc6ff5ff8696e"
C_CLI = "517d7b3a54279769deac01bc2b921b7683ccb56e"
SRB_STREAM = (RB + C_RACK + "/lib/a2a/server/apps/rack_app.rb (streaming_response: 'event_data = event.to_h' and "
              "'yielder << \"data: #{JSON.generate(event_data)}\\n\\n\"' for each event the handler yields, no JSON-RPC "
              "response around it, and 'ensure yielder << \"data: [DONE]\\n\\n\"') and " + RB + C_TYPES +
              "/lib/a2a/types/events.rb (TaskStatusUpdateEvent {task_id, context_id, status, metadata}: no kind, no final; "
              "TaskArtifactUpdateEvent without kind)")
SRB_SET = (RB + C_DRH + "/lib/a2a/server/default_request_handler.rb (on_set_task_push_notification_config: 'config_data = "
           "params[\"config\"] || params[:config]' and 'raise A2A::Errors::InvalidParams, \"Config is required\" unless "
           "config_data': 0.3's TaskPushNotificationConfig names the config pushNotificationConfig)")
SRB_GET = (RB + C_DRH + "/lib/a2a/server/default_request_handler.rb (on_get_task_push_notification_config: 'task_id = "
           "params[\"taskId\"] || params[:task_id]', 'config_id = params[\"configId\"] || ...', 'raise "
           "A2A::Errors::InvalidParams, \"Task ID is required\" unless task_id': 0.3's GetTaskPushNotificationConfigParams "
           "names the task id and the config pushNotificationConfigId; the list and delete handlers read the same members)")
SRB_METH = (RB + C_METH + "/lib/a2a/server/a2a_methods.rb (handle_tasks_get answers '{ task: task.to_h }', handle_message_send "
            "'{ task_id: task.id, context_id: task.context_id, result: result }' when blocking (read from params[\"blocking\"], "
            "not configuration.blocking), handle_tasks_cancel '{ task_id: task.id, status: task.status.to_h }': plain Ruby hashes, "
            "serialized with their snake_case symbol keys) and " + RB + C_TYPES + "/lib/a2a/types/task.rb (TaskStatus "
            "{state, message (a String), progress, result, error, updated_at}, camelized by BaseModel#to_h)")
SRB_CARD = (RB + C_TYPES + "/lib/a2a/types/agent_card.rb (AgentCard#initialize: '@protocol_version = protocol_version || "
            "\"1.0\"' on a card of 0.3's layout: url, preferred_transport, additional_interfaces, no supportedInterfaces) and "
            + RB + C_RACK + "/lib/a2a/server/apps/rack_app.rb (AGENT_CARD_PATH = \"/.well-known/a2a/agent-card\", RPC_PATH = "
            "\"/a2a/rpc\")")
SRB_PATH = (RB + C_RACK + "/lib/a2a/server/apps/rack_app.rb ('AGENT_CARD_PATH = \"/.well-known/a2a/agent-card\"': the card is "
            "served there only, and every other path, /.well-known/agent-card.json included, is answered not_found_response: "
            "404 {\"error\": \"Not Found\"})")
SRB_CSEND = (RB + C_CLI + "/lib/a2a/client/http_client.rb (send_sync_message: 'build_json_rpc_request(\"message/send\", "
             "message.to_h)': the Message itself is the params, with no MessageSendParams {message} around it)")
SRB_CPUSH = (RB + C_CLI + "/lib/a2a/client/http_client.rb (get_task_callback: 'params = { taskId: task_id, "
             "pushNotificationConfigId: push_notification_config_id }' for tasks/pushNotificationConfig/get, "
             "list_task_callbacks '{ taskId: task_id }', delete_task_callback the same: 0.3 names the task id in these params)")
RA = "https://ruby-agent.example.test"
RAU = RA + "/a2a/rpc"
RT = "b7e2c91a-4d3f-4a8e-9c5b-1f0e6d2a3b4c"
RC = "6a1d0e9f-2c8b-4e7a-b3f5-0d9c8e7f6a5b"
RTS = "2026-03-02T10:15:00Z"
def rb_card(**kw):
    c = card03(RAU, name="Ruby Agent", description="Answers questions")
    c.update(kw)
    return c
def rb_task(state, ts=RTS, **kw):
    t = {"id": RT, "contextId": RC, "kind": "task", "status": {"state": state, "updatedAt": ts}}
    t.update(kw)
    return t
def rb_send(i, text, mid, **kw):
    p = {"message": umsg03(text, mid=mid)}
    p.update(kw)
    return rpc(i, "message/send", p)
RB_CARD = get_card(0.0, rb_card(capabilities={"streaming": True, "pushNotifications": True}), RA + "/.well-known/agent-card.json")

# --- f1341: a message/stream whose events are bare objects, ended by "data: [DONE]"
case("f1341-v03-stream-bare-events-and-done-sentinel", RB_CARD + [
    req(0.2, "POST", RAU, rpc(7, "message/stream", {"message": umsg03("Summarise the release notes", mid="m-rb-1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive"}),
    chunk(0.22, sse(rb_task("submitted"))),
    chunk(0.3, sse({"taskId": RT, "contextId": RC, "status": {"state": "working", "updatedAt": "2026-03-02T10:15:00Z"}})),
    chunk(0.9, sse({"taskId": RT, "contextId": RC, "artifact": {"artifactId": "summary", "parts": [{"kind": "text", "text": "Release 3.1 adds SSO."}]}, "append": False})),
    chunk(1.0, sse({"taskId": RT, "contextId": RC, "status": {"state": "completed", "updatedAt": "2026-03-02T10:15:01Z"}})),
    chunk(1.01, "data: [DONE]\n\n"),
    chunk(1.02, "", close="eof"),
], [("stream-event-envelope-wrong", "error"), ("sse-data-not-json", "error"), ("stream-event-invalid-shape", "error"), ("stream-final-flag-wrong", "error")], SRB_STREAM,
     "on the JSON-RPC binding each event of a stream is a JSON-RPC response with the request's id whose result is the event "
     "(0.3 §7.2, JSON-RPC 2.0 §5; RPC-005, STREAM-002), and every SSE data is one JSON document: this server writes each "
     "event's own hash (the Task, kind-less update events without final) as the data, and closes with OpenAI's "
     "'data: [DONE]', which no A2A client parses")

# --- f1342: a 0.3 push config set refused -32602 "Config is required"
PUSH_URL = "https://hooks.client.example.test/a2a/push"
case("f1342-v03-push-config-set-refused-config-required", RB_CARD + [
    req(0.2, "POST", RAU, rb_send(1, "Render the quarterly report", "m-rb-2", configuration={"blocking": False})),
    resp(0.25, 200, ok(1, rb_task("working"))),
    req(0.4, "POST", RAU, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": RT, "pushNotificationConfig": {"url": PUSH_URL, "token": "tok-rb-2"}})),
    resp(0.41, 200, err(2, -32602, "Config is required")),
], [("jsonrpc-error-code-mismatch", "error")], SRB_SET,
     "tasks/pushNotificationConfig/set takes a TaskPushNotificationConfig {taskId, pushNotificationConfig} (0.3 §7.5; "
     "PUSH-002), and an agent refuses with InvalidParams only a request that is not valid (ERR-006): this server reads the "
     "config under params.config, a member no 0.3 request has, so every valid set is answered -32602 'Config is required'")

# --- f1343: a 0.3 push config get {id, pushNotificationConfigId} refused -32602 "Task ID is required"
case("f1343-v03-push-config-get-by-id-refused-task-id-required", RB_CARD + [
    req(0.2, "POST", RAU, rb_send(1, "Render the yearly report", "m-rb-3", configuration={"blocking": False, "pushNotificationConfig": {"id": "cfg-rb-3", "url": PUSH_URL}})),
    resp(0.25, 200, ok(1, rb_task("working"))),
    req(0.5, "POST", RAU, rpc(2, "tasks/pushNotificationConfig/get", {"id": RT, "pushNotificationConfigId": "cfg-rb-3"})),
    resp(0.51, 200, err(2, -32602, "Task ID is required")),
], [("jsonrpc-error-code-mismatch", "error")], SRB_GET,
     "tasks/pushNotificationConfig/get names the task with params.id and the config with pushNotificationConfigId (0.3 §7.6 "
     "GetTaskPushNotificationConfigParams; PUSH-002), and a valid request is not refused InvalidParams (ERR-006): this server "
     "reads params.taskId (the set's member) and configId, so a spec client's get is answered -32602 'Task ID is required'")

# --- f1344 (legal): the same set answered with the config it stored
case("f1344-legal-v03-push-config-set-answered-config", RB_CARD + [
    req(0.2, "POST", RAU, rb_send(1, "Render the monthly report", "m-rb-4", configuration={"blocking": False})),
    resp(0.25, 200, ok(1, task03(RT, RC, "working"))),
    req(0.4, "POST", RAU, rpc(2, "tasks/pushNotificationConfig/set", {"taskId": RT, "pushNotificationConfig": {"url": PUSH_URL, "token": "tok-rb-4"}})),
    resp(0.41, 200, ok(2, {"taskId": RT, "pushNotificationConfig": {"id": "cfg-rb-4", "url": PUSH_URL, "token": "tok-rb-4"}})),
    req(0.6, "POST", RAU, rpc(3, "tasks/pushNotificationConfig/get", {"id": RT, "pushNotificationConfigId": "cfg-rb-4"})),
    resp(0.61, 200, ok(3, {"taskId": RT, "pushNotificationConfig": {"id": "cfg-rb-4", "url": PUSH_URL, "token": "tok-rb-4"}})),
], [], SRB_SET,
     "legal: the set's TaskPushNotificationConfig is stored and answered, and the get by {id, pushNotificationConfigId} "
     "returns it (0.3 §7.5, §7.6)")

# --- f1345: tasks/get answered {"task": {...}}
case("f1345-v03-tasks-get-result-wrapped-under-task", RB_CARD + [
    req(0.2, "POST", RAU, rpc(1, "tasks/get", {"id": RT, "historyLength": 2})),
    resp(0.21, 200, ok(1, {"task": rb_task("completed", artifacts=[{"artifactId": "a-rb-5", "parts": [{"kind": "text", "text": "42 invoices matched."}]}])})),
], [("result-invalid-shape", "error")], SRB_METH,
     "tasks/get is answered with the Task itself as result (0.3 §7.3; TASK-004, DATA-001): this server wraps it as "
     "{\"task\": {...}} (the shape of 1.0's SendMessageResponse), so a 0.3 client reads a result without id or status")

# --- f1346: a blocking message/send answered {"task_id", "context_id", "result"}
case("f1346-v03-send-result-snake-case-task-id-and-result", RB_CARD + [
    req(0.2, "POST", RAU, rb_send(1, "How many invoices are overdue?", "m-rb-6", configuration={"blocking": True})),
    resp(1.6, 200, ok(1, {"task_id": RT, "context_id": RC, "result": "7 invoices are overdue."})),
], [("result-invalid-shape", "error")], SRB_METH,
     "message/send answers a Task or a Message (0.3 §7.1; TASK-004, DATA-001): this server answers its own hash "
     "{task_id, context_id, result} in snake_case, the agent's reply a bare string, so no A2A client reads an answer")

# --- f1347: tasks/cancel answered {"task_id", "status"}
case("f1347-v03-cancel-result-task-id-and-status", RB_CARD + [
    req(0.2, "POST", RAU, rb_send(1, "Re-index the archive", "m-rb-7", configuration={"blocking": False})),
    resp(0.25, 200, ok(1, task03(RT, RC, "working"))),
    req(0.8, "POST", RAU, rpc(2, "tasks/cancel", {"id": RT})),
    resp(0.81, 200, ok(2, {"task_id": RT, "status": {"state": "canceled", "message": "Task canceled by client", "updatedAt": "2026-03-02T10:15:00Z"}})),
], [("result-invalid-shape", "error")], SRB_METH,
     "tasks/cancel answers the canceled Task (0.3 §7.4; TASK-004, DATA-001): this server answers {task_id, status}, whose "
     "status message is a bare string, not a Message")

# --- f1348: a 0.3-layout card that declares protocolVersion "1.0" (the type's default)
RB_CARD10 = rb_card(protocolVersion="1.0", capabilities={"streaming": True, "pushNotifications": False})
case("f1348-v03-card-declares-1-0-in-0-3-layout", get_card(0.0, RB_CARD10, RA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RAU, rb_send(1, "List open invoices", "m-rb-8")),
    resp(0.9, 200, ok(1, task03(RT, RC, "completed"))),
], [("card-missing-required-field", "error")], SRB_CARD,
     "a card's protocolVersion names the version it is written in and the agent speaks (0.3 §5.5 protocolVersion; 1.0 "
     "AgentInterface.protocolVersion; CARD-004, VER-002): this SDK writes protocolVersion \"1.0\" on every card whose "
     "author sets none, in 0.3's layout (url, preferredTransport, no supportedInterfaces), and serves 0.3's message/send, so "
     "a 1.0 client finds no interface and a 0.3 client is told the agent speaks 1.0")

# --- f1356: the card's skill examples are objects {input, output}, not strings
SRB_EX = (RB + C_TYPES + "/lib/a2a/types/agent_card.rb (AgentSkill '@param examples [Array<Hash>, nil] Usage examples with "
          "input/output' and validate_examples: 'raise ArgumentError, \"examples[#{index}] must be a Hash\" unless "
          "example.is_a?(Hash)', 'must have input or description': every example the SDK lets a skill carry is an object, "
          "written as such by AgentCard#to_h)")
RB_CARDX = rb_card(capabilities={"streaming": True, "pushNotifications": False},
                   skills=[{"id": "invoices", "name": "Invoices", "description": "Finds and summarises invoices", "tags": ["finance"],
                            "examples": [{"input": "List open invoices", "output": "3 open invoices: INV-1042, INV-1043, INV-1050"},
                                         {"input": "Total due this month", "description": "Sums the open invoices"}]}])
case("f1356-v03-card-skill-examples-objects", get_card(0.0, RB_CARDX, RA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RAU, rb_send(1, "List open invoices", "m-rb-16")),
    resp(0.9, 200, ok(1, task03(RT, RC, "completed"))),
], [("card-missing-required-field", "error")], SRB_EX,
     "a skill's examples are example prompts, a list of strings (0.3 §5.5.4 AgentSkill.examples: string[]; 1.0 proto "
     "repeated string examples; CARD-003, CARD-004): this SDK refuses any example that is not a Hash and writes each as an "
     "object {input, output} or {input, description}, so a typed card reader (a2a-python's pydantic AgentCard, a2a-java, "
     "a2a-go) refuses the whole card")

# --- f1349: the card at /.well-known/a2a/agent-card, /.well-known/agent-card.json answered 404
RB_CARD03 = rb_card(capabilities={"streaming": True, "pushNotifications": False})
case("f1349-v03-card-at-well-known-a2a-agent-card-only", [
    req(0.0, "GET", RA + "/.well-known/agent-card.json"),
    resp(0.01, 404, {"error": "Not Found"}),
    req(0.1, "GET", RA + "/.well-known/a2a/agent-card"),
    resp(0.11, 200, RB_CARD03, hdr={"cache-control": "no-cache"}),
    req(0.3, "POST", RAU, rb_send(1, "List paid invoices", "m-rb-9")),
    resp(0.9, 200, ok(1, task03(RT, RC, "completed"))),
], [("card-0-3-not-at-agent-card-json", "note")], SRB_PATH,
     "an agent's card is served at /.well-known/agent-card.json (0.3 §5.3, RFC 8615; CARD-002): this server serves it at "
     "/.well-known/a2a/agent-card only, a path no A2A version names, and answers the well-known one 404, so a client that "
     "discovers the agent by its domain finds no card")

# --- f1350: the SDK's client sends the Message itself as message/send's params
SDKA = "https://sdk03-agent.example.test"
SDK_CARD = get_card(0.0, card03(SDKA + "/", name="Currency agent", description="Converts currencies"), SDKA + "/.well-known/agent-card.json")
case("f1350-v03-client-send-params-bare-message", SDK_CARD + [
    req(0.2, "POST", SDKA + "/", rpc(1, "message/send", umsg03("100 USD in EUR?", mid="m-rb-10"))),
    resp(0.21, 200, err(1, -32602, "Invalid parameters", {"message": "Field required", "loc": ["params", "message"]})),
], [("request-message-invalid-shape", "error")], SRB_CSEND,
     "message/send's params are MessageSendParams {message, configuration?, metadata?} (0.3 §7.1; DATA-005): this client "
     "sends the Message itself as params, which the SDK agent refuses -32602 (params.message missing)")

# --- f1351: the SDK's client names the task under taskId in tasks/pushNotificationConfig/get
case("f1351-v03-client-push-config-get-task-id-for-id", get_card(0.0, card03(SDKA + "/", name="Currency agent", description="Converts currencies", capabilities={"streaming": True, "pushNotifications": True}), SDKA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SDKA + "/", rpc(1, "message/send", {"message": umsg03("Rates for the next 7 days", mid="m-rb-11"), "configuration": {"blocking": False, "pushNotificationConfig": {"id": "cfg-rb-11", "url": PUSH_URL}}})),
    resp(0.25, 200, ok(1, task03("t-sdk-11", "c-sdk-11", "working"))),
    req(0.5, "POST", SDKA + "/", rpc(2, "tasks/pushNotificationConfig/get", {"taskId": "t-sdk-11", "pushNotificationConfigId": "cfg-rb-11"})),
    resp(0.51, 200, err(2, -32602, "Invalid parameters", [{"type": "missing", "loc": ["id"], "msg": "Field required"}])),
], [("client-task-call-without-id", "error")], SRB_CPUSH,
     "tasks/pushNotificationConfig/get names its task with params.id (0.3 §7.6 GetTaskPushNotificationConfigParams; "
     "PUSH-002, DATA-005): this client sends taskId (the set's member), which the SDK agent refuses -32602 'id: Field "
     "required', so the client never reads back its config")

# --- f1352 (legal): a 0.3 push config delete answered with result null
case("f1352-legal-v03-push-config-delete-result-null", get_card(0.0, card03(SDKA + "/", name="Currency agent", description="Converts currencies", capabilities={"streaming": True, "pushNotifications": True}), SDKA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SDKA + "/", rpc(1, "message/send", {"message": umsg03("Rates for the next 30 days", mid="m-rb-12"), "configuration": {"blocking": False, "pushNotificationConfig": {"id": "cfg-rb-12", "url": PUSH_URL}}})),
    resp(0.25, 200, ok(1, task03("t-sdk-12", "c-sdk-12", "working"))),
    req(0.5, "POST", SDKA + "/", rpc(2, "tasks/pushNotificationConfig/delete", {"id": "t-sdk-12", "pushNotificationConfigId": "cfg-rb-12"})),
    resp(0.51, 200, ok(2, None)),
], [], SRB_CPUSH,
     "legal: 0.3's DeleteTaskPushNotificationConfigResponse carries result: null (0.3 §7.8), unlike 1.0's empty object "
     "(field case f1336's delete without result is another matter)")

# --- f1354: the prober's marked read of an unknown task answered -32603 "Must specify either result or error"
SRB_NIL = (RB + C_DRH + "/lib/a2a/server/default_request_handler.rb (on_get_task: 'rescue A2A::Errors::TaskNotFound; nil') and "
           "https://github.com/traylinx/a2a-ruby/blob/" + C_CLI + "/lib/a2a/protocol/json_rpc.rb (build_response: 'raise ArgumentError, "
           "\"Must specify either result or error\" unless result || error'), which " + RB + C_RACK + "/lib/a2a/server/apps/"
           "rack_app.rb answers 'json_rpc_error_response(rpc_request.id, A2A::Protocol::JsonRpc::INTERNAL_ERROR, \"Internal error: "
           "#{e.message}\")': an unknown task is answered -32603, never TaskNotFoundError")
UNK = "5f0c2b7e-8d41-4a96-b3e7-2c9a0d6f1e48"
case("f1354-v03-get-unknown-task-answered-internal-error", RB_CARD + [
    req(0.2, "POST", RAU, rpc(1, "tasks/get", {"id": UNK}), hdr={"a2a-interop-probe": "unknown-task"}),
    resp(0.21, 200, err(1, -32603, "Internal error: Must specify either result or error")),
], [("unknown-task-not-task-not-found-0x", "warning")], SRB_NIL,
     "a task read naming a task no agent can know is answered TaskNotFoundError -32001 (0.3 §8.2; ERR-002): this server's "
     "handler returns nil for a task it does not hold, its JSON-RPC builder refuses a nil result, and the Rack app answers "
     "-32603 'Internal error: Must specify either result or error'")

# --- f1355: the card declares the authenticated extended card, the method is answered -32601
SRB_EXT = (RB + C_RACK + "/lib/a2a/server/apps/rack_app.rb (route_request dispatches message/*, tasks/* and "
           "tasks/pushNotificationConfig/* only, 'else raise A2A::Errors::MethodNotFound': agent/getAuthenticatedExtendedCard "
           "is answered -32601, while the card it serves from AgentCard#to_h writes supportsAuthenticatedExtendedCard and the "
           "extended card is served at GET /a2a/agent-card/extended, a route no A2A version has)")
case("f1355-v03-extended-card-declared-method-not-found", get_card(0.0, rb_card(supportsAuthenticatedExtendedCard=True, securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]), RA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RAU, rpc(1, "agent/getAuthenticatedExtendedCard", {}), hdr={"authorization": "Bearer tok-rb-15"}),
    resp(0.21, 200, err(1, -32601, "Method 'agent/getAuthenticatedExtendedCard' not found")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SRB_EXT,
     "a card that declares supportsAuthenticatedExtendedCard: true serves agent/getAuthenticatedExtendedCard to an "
     "authenticated client (0.3 §7.10; AUTH-005), or answers -32007 AuthenticatedExtendedCardNotConfiguredError when none is "
     "configured (ERR-002): this server has no such method, so the client that the card invited is told the method does not "
     "exist")

# ---------------------------------------------------------------------------------------------
# agentarea/agentarea: an agent platform's 0.x JSON-RPC route (FastAPI)
C_AA = "9ad031208174ea38cfc028b8762d895785ea9448"
SAA_STREAM = ("https://github.com/agentarea/agentarea/blob/" + C_AA + "/core/apps/api/agentarea_api/api/v1/agents_a2a.py "
              "(handle_message_stream_sse's event_stream: 'initial_event = {\"event\": \"task_created\", \"task_id\": ..., "
              "\"status\": created_task.status, ...}', then each workflow event as '{\"event\": event_type, \"task_id\": ..., "
              "\"data\": event_data}', then 'yield \"data: [DONE]\\n\\n\"': the platform's own events, no JSON-RPC response, no "
              "Task or update event)")
AA = "https://agentarea.example.test"
AAU = AA + "/v1/agents/0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b/a2a/rpc"
AAT = "3d2c1b0a-9f8e-4d7c-a6b5-4c3d2e1f0a9b"
case("f1353-v03-stream-platform-events-and-done", [
    req(0.0, "POST", AAU, rpc("s-1", "message/stream", {"message": umsg03("Draft a welcome email", mid="m-aa-1")}), accept=SSE, hdr={"authorization": "Bearer aat_3f9c2e"}),
    resp(0.2, 200, "", ctype=SSE, hdr={"cache-control": "no-cache", "connection": "keep-alive"}),
    chunk(0.21, sse({"event": "task_created", "task_id": AAT, "status": "submitted", "timestamp": "2026-03-02T10:15:00.210000+00:00",
                     "data": {"task_id": AAT, "agent_id": "0b9e8d7c-6a5f-4e3d-8c2b-1a0f9e8d7c6b", "status": "submitted",
                              "a2a_metadata": {"source": "a2a", "method": "message/stream", "request_id": "s-1"}}})),
    chunk(2.4, sse({"event": "task_completed", "task_id": AAT, "timestamp": "2026-03-02T10:15:02.400000+00:00",
                    "data": {"result": "Subject: Welcome aboard!", "a2a_metadata": {"source": "a2a", "method": "message/stream", "request_id": "s-1", "event_sequence": 2}}})),
    chunk(2.41, "data: [DONE]\n\n"),
    chunk(2.42, "", close="eof"),
], [("stream-event-envelope-wrong", "error"), ("sse-data-not-json", "error"), ("stream-event-invalid-shape", "error")], SAA_STREAM,
     "a 0.3 message/stream answers JSON-RPC responses whose result is a Task, Message or update event (0.3 §7.2; RPC-005, "
     "STREAM-002): this route streams the platform's own workflow events ({event, task_id, status, data}) and ends with "
     "'data: [DONE]', so an A2A client reads no event at all")

write_cases(cases, OUT)
