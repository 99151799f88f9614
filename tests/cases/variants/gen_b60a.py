"""Variants of miner mine60 (prefix b60a-): python3 tests/cases/variants/gen_b60a.py

Each puts one of session 60's kinds (round sixty) on traffic its field case does not hold,
with controls beside it. All were written before the fix and run on the branch's first binary
(FIELD-CASES.md "Round sixty" gives their verdicts then).
A: a push config call refused InvalidParams because the agent reads its params under names its
   version does not use (ERR-006, PUSH-002; field cases f1342 / f1343, traylinx/a2a-ruby's
   request handlers): a 0.3 list {id} refused "Task ID is required", a 0.3 delete refused
   "Task ID and config ID are required", the older module's set refused "Missing required
   parameters: config", a 1.0 GetTaskPushNotificationConfig {taskId, id} refused in words that
   ask for pushNotificationConfigId. Controls: a set that really lacks its config, a get that
   really lacks its id (the refusal is right), and an agent that asks for a member the request
   carries under a name the agent spells otherwise but the version also uses (id).
B: an agent card served only at a well-known path no A2A version names, the well-known
   /.well-known/agent-card.json answered 404 (CARD-002; field case f1349, the Ruby SDK's
   /.well-known/a2a/agent-card): a 1.0 card there (CARD-PATH-001), a 0.3 card at
   /.well-known/agent-card without .json (CARD-PATH-003). Controls: the card served at both
   paths, and a card fetched from a registry path outside /.well-known/ (not judged).
C: a client's 0.3 push config get / list / delete that names the task under taskId where its
   version names it id, refused InvalidParams (PUSH-002, DATA-005; field case f1351, the Ruby
   SDK's client): list and delete. Controls: a set {taskId, pushNotificationConfig} (taskId
   is the set's member), and a get {id, pushNotificationConfigId} served.
D: a card that declares the authenticated extended card whose method is answered -32601
   MethodNotFound (AUTH-005, ERR-002; field case f1355, the Ruby SDK's Rack app, which serves
   the extended card at a REST path of its own): 1.0 GetExtendedAgentCard, 0.3
   agent/getAuthenticatedExtendedCard under HTTP 404. Controls: a card that declares none
   (-32601 is fair), and the declared card answered -32007 (not configured).
E: a card whose skill examples are no strings (CARD-003, CARD-004; field case f1356, the Ruby
   SDK's AgentSkill takes only objects {input, output}): a 1.0 card, a 0.3 card mixing a number
   and an object. Controls: strings, and an empty list.
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
SA = ("https://github.com/traylinx/a2a-ruby/blob/750e87f29265dc806bf4b2991ffd11f6312425d0/lib/a2a/server/default_request_handler.rb "
      "(the push config handlers read params[\"taskId\"], params[\"configId\"] and params[\"config\"]: 'raise A2A::Errors::InvalidParams, "
      "\"Task ID is required\" unless task_id')")
SA2 = ("https://github.com/traylinx/a2a-ruby/blob/c585d7c8b9d4c4895b2c23d70bd80dcb682d3653/lib/a2a/server/a2a_methods.rb "
       "(handle_push_notification_config_set: 'validate_required_params(params, %w[taskId config])')")
SB = ("https://github.com/traylinx/a2a-ruby/blob/62267d71b566aa0d6e793eab13d0a2df37c175ba/lib/a2a/server/apps/rack_app.rb "
      "('AGENT_CARD_PATH = \"/.well-known/a2a/agent-card\"')")
SC = ("https://github.com/traylinx/a2a-ruby/blob/517d7b3a54279769deac01bc2b921b7683ccb56e/lib/a2a/client/http_client.rb "
      "(list_task_callbacks: '{ taskId: task_id }'; delete_task_callback: '{ taskId: ..., pushNotificationConfigId: ... }')")
R = "https://vari60.example.test"
H = {"cache-control": "public, max-age=120", "etag": '"v60-card-1"'}
T = "task-60-a"
HOOK = "https://hooks.vari60.example.test/a2a"
def card_get(card, url=R + "/.well-known/agent-card.json"):
    return [req(0.0, "GET", url), resp(0.01, 200, card, hdr=H)]
C03 = card03(R + "/a2a", capabilities={"streaming": False, "pushNotifications": True})
C10 = card10(R + "/a2a", capabilities={"streaming": False, "pushNotifications": True})
def send03(i, text, mid):
    return rpc(i, "message/send", {"message": umsg03(text, mid=mid), "configuration": {"blocking": False, "pushNotificationConfig": {"id": "cfg-60", "url": HOOK}}})
WORKING03 = ok(1, task03(T, "ctx-60", "working"))

# --- A: push config calls refused for names the agent reads
case("b60a-A1-v03-push-config-list-refused-task-id-required", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-1")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/list", {"id": T})),
    resp(0.51, 200, err(2, -32602, "Task ID is required")),
], [("jsonrpc-error-code-mismatch", "error")], SA,
     "a 0.3 list {id} refused -32602 'Task ID is required': the agent reads params.taskId, 0.3 names the task id (ERR-006)")
case("b60a-A2-v03-push-config-delete-refused-ids-required", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-2")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/delete", {"id": T, "pushNotificationConfigId": "cfg-60"})),
    resp(0.51, 200, err(2, -32602, "Task ID and config ID are required")),
], [("jsonrpc-error-code-mismatch", "error")], SA,
     "a 0.3 delete {id, pushNotificationConfigId} refused -32602: the agent reads taskId and configId (ERR-006)")
case("b60a-A3-v03-push-config-set-refused-missing-config", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-3")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"url": HOOK}})),
    resp(0.51, 200, err(2, -32602, "Missing required parameters: config")),
], [("jsonrpc-error-code-mismatch", "error")], SA2,
     "a 0.3 set {taskId, pushNotificationConfig} refused -32602 'Missing required parameters: config' (ERR-006)")
case("b60a-A4-v10-get-push-config-refused-for-0-3-member", card_get(C10) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long report", mid="m-60-4"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.25, 200, ok(1, {"task": task10(T, "ctx-60", "TASK_STATE_WORKING")})),
    req(0.4, "POST", R + "/a2a", rpc(2, "CreateTaskPushNotificationConfig", {"taskId": T, "url": HOOK}), ver="1.0"),
    resp(0.41, 200, ok(2, {"taskId": T, "id": "cfg-60", "url": HOOK})),
    req(0.6, "POST", R + "/a2a", rpc(3, "GetTaskPushNotificationConfig", {"taskId": T, "id": "cfg-60"}), ver="1.0"),
    resp(0.61, 200, err(3, -32602, "'pushNotificationConfigId' is a required property")),
], [("jsonrpc-error-code-mismatch", "error")], SA,
     "a 1.0 GetTaskPushNotificationConfig {taskId, id} refused for 0.3's pushNotificationConfigId (ERR-006, PUSH-002)")
case("b60a-AC1-control-v03-push-config-set-without-config", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-5")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T})),
    resp(0.51, 200, err(2, -32602, "Config is required")),
], [], SA,
     "control: the set really lacks its pushNotificationConfig: -32602 is right")
case("b60a-AC2-control-v03-push-config-get-without-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-6")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/get", {"pushNotificationConfigId": "cfg-60"})),
    resp(0.51, 200, err(2, -32602, "Task ID is required")),
], [("client-task-call-without-id", "error")], SA,
     "control: the get names no task at all: -32602 is right, whatever the agent calls the member (the client's missing id is DATA-PARAM-003's)")
case("b60a-AC3-control-v03-push-config-get-refused-naming-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-7")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/get", {"id": T, "pushNotificationConfigId": ""})),
    resp(0.51, 200, err(2, -32602, "pushNotificationConfigId is required")),
], [], SA,
     "control: the agent asks for pushNotificationConfigId, the version's own member (the request's is empty): not judged here")

# --- B: the card at a well-known path no version names
CARD10 = card10(R + "/a2a")
case("b60a-B1-v10-card-at-well-known-a2a-agent-card", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 404, {"error": "Not Found"}),
    req(0.1, "GET", R + "/.well-known/a2a/agent-card"), resp(0.11, 200, CARD10, hdr=H),
    req(0.3, "POST", R + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hello", mid="m-60-8")}), ver="1.0"),
    resp(0.5, 200, ok(1, {"task": task10(T, "ctx-60", "TASK_STATE_COMPLETED")})),
], [("card-not-at-agent-card-json", "error")], SB,
     "a 1.0 card served at /.well-known/a2a/agent-card, the well-known /.well-known/agent-card.json answered 404 (CARD-002)")
case("b60a-B2-v03-card-at-well-known-agent-card-without-json", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 404, {"detail": "Not Found"}),
    req(0.1, "GET", R + "/.well-known/agent-card"), resp(0.11, 200, C03, hdr=H),
], [("card-0-3-not-at-agent-card-json", "note")], SB,
     "a 0.3 card served at /.well-known/agent-card (no .json), the well-known path answered 404 (CARD-002)")
case("b60a-BC1-control-v03-card-at-both-paths", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, C03, hdr=H),
    req(0.1, "GET", R + "/.well-known/a2a/agent-card"), resp(0.11, 200, C03, hdr=H),
], [], SB,
     "control: the card is served at the well-known path too")
case("b60a-BC2-control-v03-card-from-registry-path", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 404, {"detail": "Not Found"}),
    req(0.1, "GET", R + "/registry/agents/ruby-agent/card"), resp(0.11, 200, C03, hdr=H),
], [], SB,
     "control: a card read from a registry's path outside /.well-known/ (a curated discovery) is not judged against CARD-002")

# --- C: the client's taskId where 0.3 names the task id
case("b60a-C1-v03-client-push-config-list-task-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-9")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/list", {"taskId": T})),
    resp(0.51, 200, err(2, -32602, "Invalid parameters", [{"type": "missing", "loc": ["id"], "msg": "Field required"}])),
], [("client-task-call-without-id", "error")], SC,
     "the client's 0.3 list {taskId}, refused -32602: 0.3 names the task id (PUSH-002)")
case("b60a-C2-v03-client-push-config-delete-task-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-10")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/delete", {"taskId": T, "pushNotificationConfigId": "cfg-60"})),
    resp(0.51, 200, err(2, -32602, "Invalid params")),
], [("client-task-call-without-id", "error")], SC,
     "the client's 0.3 delete {taskId, pushNotificationConfigId}, refused -32602 (PUSH-002)")
case("b60a-CC1-control-v03-client-push-config-set-task-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-11")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"url": HOOK}})),
    resp(0.51, 200, ok(2, {"taskId": T, "pushNotificationConfig": {"id": "cfg-60b", "url": HOOK}})),
], [], SC,
     "control: the set names its task taskId, as 0.3's TaskPushNotificationConfig does")
case("b60a-CC2-control-v03-client-push-config-get-by-id", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", send03(1, "long report", "m-60-12")), resp(0.25, 200, WORKING03),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/get", {"id": T, "pushNotificationConfigId": "cfg-60"})),
    resp(0.51, 200, ok(2, {"taskId": T, "pushNotificationConfig": {"id": "cfg-60", "url": HOOK}})),
], [], SC,
     "control: the get names its task id, as 0.3's GetTaskPushNotificationConfigParams does, and is served")

# --- D: the card declares the extended card, its method is answered -32601
SD = ("https://github.com/traylinx/a2a-ruby/blob/62267d71b566aa0d6e793eab13d0a2df37c175ba/lib/a2a/server/apps/rack_app.rb "
      "(route_request has no agent/getAuthenticatedExtendedCard: 'else raise A2A::Errors::MethodNotFound')")
BEARER = {"authorization": "Bearer tok-60"}
C10X = card10(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False, "extendedAgentCard": True},
              securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
              securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
case("b60a-D1-v10-extended-card-declared-method-not-found", card_get(C10X) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.21, 200, err(1, -32601, "Method not found")),
], [("jsonrpc-error-code-mismatch", "error")], SD,
     "a 1.0 card with capabilities.extendedAgentCard: true, GetExtendedAgentCard answered -32601: the method exists "
     "(-32007 ExtendedAgentCardNotConfiguredError when none is configured; AUTH-005, ERR-002)")
case("b60a-D2-v03-extended-card-declared-method-not-found-404", card_get(dict(C03, supportsAuthenticatedExtendedCard=True)) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "agent/getAuthenticatedExtendedCard", {}), hdr=BEARER),
    resp(0.21, 404, err(1, -32601, "Method not found: agent/getAuthenticatedExtendedCard")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SD,
     "a 0.3 card with supportsAuthenticatedExtendedCard: true, the method refused HTTP 404 -32601 (0.3 §7.10; -32007 fits)")
case("b60a-DC1-control-v03-extended-card-not-declared-method-not-found", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "agent/getAuthenticatedExtendedCard", {}), hdr=BEARER),
    resp(0.21, 200, err(1, -32601, "Method not found")),
], [], SD,
     "control: a card that declares no extended card; the agent has no such method: -32601 is a fair answer")
case("b60a-DC2-control-v10-extended-card-declared-not-configured", card_get(C10X) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.21, 200, err(1, -32007, "Extended agent card not configured", ei("EXTENDED_AGENT_CARD_NOT_CONFIGURED"))),
], [], SD,
     "control: the declared extended card not configured, answered -32007 (CAP-CARD-003's note only)")

# --- E: skill examples that are no strings
SE = ("https://github.com/traylinx/a2a-ruby/blob/5a50cdfde1af3b83f17feabe4dbdc6ff5ff8696e/lib/a2a/types/agent_card.rb "
      "(validate_examples: 'examples[#{index}] must be a Hash')")
def skill(examples):
    return [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"], "examples": examples}]
case("b60a-E1-v10-card-skill-examples-objects", card_get(card10(R + "/a2a", skills=skill([{"input": "What is A2A?", "output": "A protocol."}]))), [("card-missing-required-field", "error")], SE,
     "a 1.0 card whose skill examples are objects: 1.0 AgentSkill.examples is repeated string (CARD-003)")
case("b60a-E2-v03-card-skill-examples-numbers-and-object", card_get(dict(C03, skills=skill(["What is A2A?", 42, {"prompt": "Explain JSON-RPC"}]))), [("card-missing-required-field", "error")], SE,
     "a 0.3 card whose skill examples mix a string, a number and an object: 0.3 AgentSkill.examples is string[] (CARD-003)")
case("b60a-EC1-control-v03-card-skill-examples-strings", card_get(dict(C03, skills=skill(["What is A2A?", "Explain JSON-RPC"]))), [], SE,
     "control: examples as a list of strings")
case("b60a-EC2-control-v10-card-skill-examples-empty", card_get(card10(R + "/a2a", skills=skill([]))), [], SE,
     "control: an empty examples list (optional, may be empty)")

write_cases(cases, HERE)
