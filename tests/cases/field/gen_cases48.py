"""Session-48 field cases of miner mine48 (f1036-...): same helpers and output format as gen_cases47.py.

Scope (round forty-eight): OmniRoute's `/a2a` route (a 0.3 stream whose events are JSON-RPC
notifications, tasks/cancel answered with the state "cancelled", the disabled endpoint
answering a readable call with id null, its 0.1-shaped card beside 0.3 methods), capabilities
a card declares and the agent refuses (an extended card declared and not configured, push
declared and refused: MarimerLLC/rockbot), credentials a client used for the card and left off
its calls (opencode-a2a), a client's message with the agent role (ain-adk), the 1.0 tenant (a
tenant the interface does not declare, served by the default agent: a2a-java), extensions
(a 0.3 call activating a required extension through X-A2A-Extensions, legal), and their legal
neighbours.
`python3 gen_cases48.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note, allowed=None):
    cases[name] = (lines, findings, source, note)
    if allowed:
        ALLOWED[name] = allowed
ALLOWED = {}
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None, rhdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]
def tx(s): return [{"kind": "text", "text": s}]

OR = "http://omniroute.example.test:20128"
ORCARD = card03(OR + "/a2a", name="OmniRoute", description="Intelligent AI gateway with auto-routing across 180+ LLM providers",
                skills=[{"id": "smart-routing", "name": "Smart Routing", "description": "Routes prompts through OmniRoute intelligent pipeline",
                         "tags": ["routing", "llm"]}])

# --- f1036: a 0.3 message/stream whose SSE events are JSON-RPC notifications, not responses (OmniRoute src/lib/a2a/streaming.ts)
O_STREAM = ("https://github.com/diegosouzapw/OmniRoute/blob/01e6c7204098bf1e4d17d3798d13b2018b35ae54/src/lib/a2a/streaming.ts (createA2AStream: "
            "the completion event is {jsonrpc: '2.0', method: 'message/stream', params: {task: {id, state: 'completed'}, artifacts, metadata}}, "
            "written as the only data: line of the message/stream answer; the route is src/app/a2a/route.ts of the same repository)")
case("f1036-v03-stream-events-are-jsonrpc-notifications", get_card(0.0, ORCARD, OR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OR + "/a2a", rpc("s-1", "message/stream", {"message": umsg03("write hello world in python", mid="m-or-1")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(2.8, sse({"jsonrpc": "2.0", "method": "message/stream", "params": {
        "task": {"id": "3f0c6a52-8f55-4d0e-9b77-0d6f3f8f2a11", "state": "completed"},
        "artifacts": [{"type": "text", "content": "print('hello world')"}],
        "metadata": {"routing_explanation": "Selected \"groq/llama-3.3-70b\" (cheapest healthy)"}}})),
    chunk(2.81, "", close="eof"),
], [("jsonrpc-response-malformed", "error"), ("stream-event-envelope-wrong", "error")], O_STREAM,
     "every event of a 0.3 message/stream answer is a JSON-RPC response to the client's call: {jsonrpc, id: the call's id, result: a Task, Message, status-update or artifact-update} (RPC-005, 0.3 §7.2 SendStreamingMessageResponse); the agent wrote a JSON-RPC notification instead (a method and params, no id, no result), so an SDK client finds no answer to call s-1 in the stream, and the one event it got names the task by id and state only")

# --- f1037: a 0.3 tasks/cancel answered {task: {id, state: "cancelled"}} (OmniRoute src/lib/a2a/taskManager.ts)
O_TM = ("https://github.com/diegosouzapw/OmniRoute/blob/01e6c7204098bf1e4d17d3798d13b2018b35ae54/src/lib/a2a/taskManager.ts (A2ATask.state is "
        "'pending' | 'working' | 'completed' | 'failed' | 'cancelled'; cancelTask sets 'cancelled', which the /a2a route answers as "
        "{task: {id: task.id, state: task.state}})")
case("f1037-v03-cancel-answered-cancelled-spelling", get_card(0.0, ORCARD, OR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(9, "tasks/cancel", {"id": "7d1e2b90-5a0c-4c1b-a1e3-2d9a8c0b6f42"})),
    resp(0.11, 200, ok(9, {"task": {"id": "7d1e2b90-5a0c-4c1b-a1e3-2d9a8c0b6f42", "state": "cancelled"}})),
], [("result-invalid-shape", "error")], O_TM,
     "a 0.3 tasks/cancel result is the Task itself {kind: task, id, contextId, status: {state}} (RPC-004, 0.3 §7.4), its state one of the TaskState values, whose cancelled one is spelled 'canceled' (DATA-001, 0.3 TaskState); the agent answered a {task: ...} wrapper (1.0's SendMessageResponse member, VER-MIX) holding only id and a top-level state 'cancelled', which no A2A version has, so a client cannot read that the cancel took effect")

# --- f1038: the disabled /a2a endpoint answers a readable call with id null (OmniRoute route.ts at c3a68a94, the check moved before the body is read)
O_ROUTE2 = ("https://github.com/diegosouzapw/OmniRoute/blob/c3a68a944873abe4ac776fa626bc2265a2c3cad6/src/app/a2a/route.ts (rejectIfA2ADisabled() "
            "now runs before the body is parsed and answers {jsonrpc: '2.0', id: null, error: {code: -32000, message: 'A2A endpoint is disabled. "
            "Enable it from the Endpoints page.'}} with HTTP 503; the earlier version of the file passed the request's id)")
case("f1038-v03-disabled-endpoint-answers-id-null", get_card(0.0, ORCARD, OR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(5, "message/send", {"message": umsg03("which provider has the most quota left?", mid="m-or-5")})),
    resp(0.11, 503, {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "A2A endpoint is disabled. Enable it from the Endpoints page."}}),
], [("jsonrpc-refusal-id-not-echoed", "warning")], O_ROUTE2,
     "a JSON-RPC response carries the id of the request it answers; null only when the request's id could not be read (RPC-002, JSON-RPC 2.0 §5); the request was well-formed JSON with id 5, but the endpoint answered before reading it, with id null, so a client that matches answers to calls (every SDK) has no answer to call 5 and reports a protocol error instead of the endpoint's message")

# --- f1039: OmniRoute's card: no protocolVersion, no default modes, 0.1's authentication member, served at the 0.2 path for a 0.3 route
O_CARD = ("https://github.com/diegosouzapw/OmniRoute/blob/195ccdbc30748101318ea9d3fd79120a206cb5e7/src/app/.well-known/agent.json/route.ts "
          "(the card: name, description, url .../a2a, version, capabilities {streaming, pushNotifications}, skills, authentication {schemes: "
          "['bearer'], apiKeyHeader}; no protocolVersion, defaultInputModes or defaultOutputModes; served only at /.well-known/agent.json while "
          "the /a2a route answers message/send and message/stream)")
ORCARD01 = {"name": "OmniRoute", "description": "Intelligent AI gateway with auto-routing across 180+ LLM providers", "url": OR + "/a2a",
            "version": "3.9.2", "capabilities": {"streaming": True, "pushNotifications": False},
            "skills": [{"id": "smart-routing", "name": "Smart Routing", "description": "Routes prompts through OmniRoute intelligent pipeline",
                        "tags": ["routing", "llm", "multi-provider", "cost-optimization"], "examples": ["Write a hello world in Python"]}],
            "authentication": {"schemes": ["bearer"], "apiKeyHeader": "Authorization"}}
case("f1039-v03-route-behind-0-1-shaped-card", [
    req(0.0, "GET", OR + "/.well-known/agent-card.json"), resp(0.01, 404, "<!DOCTYPE html><html><body>404: This page could not be found.</body></html>", ctype="text/html"),
] + get_card(0.1, ORCARD01, OR + "/.well-known/agent.json", rhdr={"cache-control": "public, max-age=3600"}) + [
    req(0.3, "POST", OR + "/a2a", rpc(1, "message/send", {"message": umsg03("write hello world in python", mid="m-or-9")}), hdr={"authorization": "Bearer or-key-1"}),
    resp(2.1, 200, ok(1, task03("t-or-9", "c-or-9", "completed", artifacts=[{"artifactId": "a-or-9", "parts": tx("print('hello world')")}]))),
], [("card-missing-required-field", "error")], O_CARD,
     "the card names no 0.2.5+ member (no protocolVersion) and is served only at /.well-known/agent.json, so by its shape it reads as 0.1.0 (whose authentication member it carries) or 0.2.0; the agent at its url answers message/send, a 0.2 / 0.3 method that no 0.1 client calls, so the card is read by the 0.2 schema, which requires defaultInputModes and defaultOutputModes (CARD-004): a 0.3 client (the Python SDK's pydantic AgentCard) refuses the card for the two missing lists, and a 0.1 client reading the card calls tasks/send, which the route answers -32601")

# --- f1040: a 1.0 GetExtendedAgentCard answered ExtendedAgentCardNotConfiguredError by an agent whose card declares extendedAgentCard (MarimerLLC/rockbot PR #266)
R266 = ("https://github.com/MarimerLLC/rockbot/pull/266 (Add A2A gateway streaming, ListTasks, push notifications, and extended agent card: "
        "the agent card advertises streaming, pushNotifications and extendedAgentCard; 'Known SDK limitations: push notification CRUD -> "
        "PushNotificationNotSupported (SDK has no push notification store); GetExtendedAgentCard -> ExtendedAgentCardNotConfigured (SDK has no "
        "extended card handler)')")
RB = "https://rockbot.example.test"
RBCARD = card10(RB + "/a2a", name="RockBot", capabilities={"streaming": True, "pushNotifications": True, "extendedAgentCard": True},
                securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
BEARER = {"authorization": "Bearer rb-token-266"}
case("f1040-v10-extended-card-declared-not-configured", get_card(0.0, RBCARD, RB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RB + "/a2a", rpc("x-1", "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.21, 200, err("x-1", -32007, "Extended agent card not configured", ei("EXTENDED_AGENT_CARD_NOT_CONFIGURED"))),
], [("extended-card-declared-not-configured", "note")], R266,
     "capabilities.extendedAgentCard: true tells a client that an authenticated GetExtendedAgentCard returns this agent's extended card (AUTH-005, 1.0 §3.1.11, §5.5); ExtendedAgentCardNotConfiguredError is the answer of an agent that does not offer one, so the card and the agent contradict each other: a client that called with its credentials, as the card asked, never gets the skills the extended card was declared for")

# --- f1041: a 1.0 CreateTaskPushNotificationConfig refused PushNotificationNotSupported by the same agent (MarimerLLC/rockbot PR #266)
case("f1041-v10-push-declared-refused", get_card(0.0, RBCARD, RB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RB + "/a2a", rpc("s-1", "SendMessage", {"message": umsg10("summarise my inbox", mid="m-rb-1"), "configuration": {"returnImmediately": True}}), ver="1.0", hdr=BEARER),
    resp(0.3, 200, ok("s-1", {"task": task10("t-rb-1", "c-rb-1", "TASK_STATE_WORKING")})),
    req(0.4, "POST", RB + "/a2a", rpc("p-1", "CreateTaskPushNotificationConfig", {"taskId": "t-rb-1", "url": "https://client.example.test/hooks/a2a"}), ver="1.0", hdr=BEARER),
    resp(0.41, 200, err("p-1", -32003, "Push notifications are not supported", ei("PUSH_NOTIFICATION_NOT_SUPPORTED"))),
], [("push-declared-but-refused", "warning")], R266,
     "capabilities.pushNotifications: true promises the push config operations (PUSH-001, CARD-005); PushNotificationNotSupportedError is the answer of an agent that declares false, so a client that planned on a webhook for the long task finds out only now, and has to poll")

# --- f1042: a 1.0 client fetches the card with its bearer token, then calls SendMessage without it (Intelligent-Internet/opencode-a2a #513)
OC513 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/513 ([bug] the outbound A2A client sends no configured credentials on "
         "JSON-RPC calls: with A2A_CLIENT_BEARER_TOKEN set, the Agent Card fetch carries Authorization, but SendMessage, GetTask, ... carry none, "
         "because a2a-sdk 1.1.2 reads only ClientCallContext.service_parameters, not state['headers']; every peer that requires auth answers 401)")
PEER = "https://peer.example.test"
PEERCARD = card10(PEER + "/a2a", name="peer", securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                  securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
case("f1042-v10-card-fetched-with-token-calls-without", get_card(0.0, PEERCARD, PEER + "/.well-known/agent-card.json", hdr={"authorization": "Bearer oc-peer-token"}) + [
    req(0.2, "POST", PEER + "/a2a", rpc("1", "SendMessage", {"message": umsg10("review PR 42", mid="m-oc-1")}), ver="1.0", accept=SSE),
    resp(0.21, 401, {"error": "unauthorized"}, hdr={"www-authenticate": "Bearer realm=\"peer\""}),
    req(5.0, "POST", PEER + "/a2a", rpc("2", "SendMessage", {"message": umsg10("review PR 43", mid="m-oc-2")}), ver="1.0", accept=SSE),
    resp(5.01, 401, {"error": "unauthorized"}, hdr={"www-authenticate": "Bearer realm=\"peer\""}),
], [("client-credential-missing", "warning")], OC513,
     "the card requires a bearer token (securityRequirements, AUTH-002) and the client has one: it sent it on the card fetch; its calls went out without any Authorization header, were refused 401 with the Bearer challenge (AUTH-003), and the next call went out the same way, so no call to this agent can ever succeed")

# --- f1043: a 0.3 client sends its message with role agent (ainetwork-ai/ain-adk PR #126)
AIN126 = ("https://github.com/ainetwork-ai/ain-adk/pull/126 (feat: align A2A card and protocol handling: 'updated outbound A2A messages to use "
          "role: \"agent\" with explicit agent metadata'; the agent calling another agent sends its request message with the agent role)")
case("f1043-v03-client-message-with-agent-role", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("ain-1", "message/send", {"message": {"kind": "message", "messageId": "m-ain-1", "role": "agent",
        "parts": [{"kind": "text", "text": "Find the three cheapest flights to Seoul next Friday."}],
        "metadata": {"agentId": "travel-planner", "type": "request"}}})),
    resp(1.4, 200, ok("ain-1", amsg03("Here are three options: ...", mid="am-ain-1", contextId="c-ain-1"))),
], [("client-message-with-agent-role", "warning")], AIN126,
     "a message a client sends carries role user: agent is the role of messages the agent sends (DATA-001, 0.3 Message.role; proto Role); an agent acting as a client is the user of the agent it calls, so the callee may take the request for its own earlier answer or leave it out of the conversation it answers")

# --- f1044: a 1.0 client names a tenant the interface does not declare; the agent serves it with its default agent (a2aproject/a2a-java #1108)
J1108 = ("https://github.com/a2aproject/a2a-java/issues/1108 ([Bug]: When a tenant doesn't exist, we should return a 404: 'Instead of falling back "
         "to the default agent we should return a 404 when the tenant specified doesn't exist. The default tenant should be for non specified "
         "tenant (null or empty string).')")
JT = "https://java-tenants.example.test"
JTCARD = card10(JT + "/a2a", supportedInterfaces=[{"url": JT + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])
case("f1044-v10-undeclared-tenant-served-by-default-agent", get_card(0.0, JTCARD, JT + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JT + "/a2a", rpc("1", "SendMessage", {"tenant": "globex", "message": umsg10("list my open invoices", mid="m-1108")}), ver="1.0"),
    resp(0.6, 200, ok("1", {"message": amsg10("You have no open invoices.", mid="am-1108", contextId="c-1108")})),
], [("interface-tenant-not-sent", "error")], J1108,
     "the interface declares tenant acme and a client MUST put exactly that value in every request's tenant (CARD-008, 1.0 §8.3.2); the client sent globex, which no interface of this card declares, and the agent (the issue's fault) answered with its default agent instead of refusing the unknown tenant, so the client got another tenant's answer and cannot tell")

# --- f1045 (legal): a 0.3 call activates the card's required extension through X-A2A-Extensions (a2aproject/a2a-go PR #243)
G243 = ("https://github.com/a2aproject/a2a-go/pull/243 (feat: compat header handling: 'Compat transport implementations add X- prefix to "
        "extensions header. Compat server implementations strip X- prefix from extensions header.')")
EXT = "https://a2a.example.test/ext/trace/v1"
case("f1045-legal-v03-required-extension-activated-by-x-header", get_card(0.0, card03(A + "/a2a", capabilities={"streaming": True,
        "extensions": [{"uri": EXT, "description": "W3C trace context on every message", "required": True}]})) + [
    req(0.1, "POST", A + "/a2a", rpc("g-1", "message/send", {"message": umsg03("status of order 77", mid="m-g243")}), hdr={"x-a2a-extensions": EXT}),
    resp(0.5, 200, ok("g-1", amsg03("Order 77 shipped.", mid="am-g243", contextId="c-g243")), hdr={"x-a2a-extensions": EXT}),
], [], G243,
     "legal: a 0.3 call names its extensions in X-A2A-Extensions (EXT-001: 0.x's header name), here the one the card marks required, and the agent echoes it as activated in the same header (EXT-004); the 1.0 name A2A-Extensions is not required of a 0.3 call")

# --- f1046 (legal): the same agent's 1.0 call activates the extension through A2A-Extensions (a2aproject/a2a-go PR #243)
case("f1046-legal-v10-required-extension-activated", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": False,
        "extensions": [{"uri": EXT, "description": "W3C trace context on every message", "required": True}]})) + [
    req(0.1, "POST", A + "/a2a", rpc("g-2", "SendMessage", {"message": umsg10("status of order 78", mid="m-g243b")}), ver="1.0", hdr={"a2a-extensions": EXT}),
    resp(0.5, 200, ok("g-2", {"message": amsg10("Order 78 is packed.", mid="am-g243b", contextId="c-g243b")}), hdr={"a2a-extensions": EXT}),
], [], G243,
     "legal: a 1.0 call activates the card's required extension in A2A-Extensions (EXT-001, EXT-002) and the agent echoes it there (EXT-004)")

# --- f1047: a 0.2 card (no protocolVersion, at agent.json) whose provider has no url, of an agent that speaks message/send (a2aproject/A2A PR #651)
A651 = ("https://github.com/a2aproject/A2A/pull/651 (fix(coder-agent): add required provider.url field for A2A spec compliance: the demo UI "
        "failed to load the Coder Agent at localhost:41241 with '1 validation error for AgentCard provider.url Field required [type=missing, "
        "input_value={'organization': 'A2A Samples'}]'; AgentProvider requires organization and url)")
CODER = "http://localhost:41241"
CODERCARD = {"name": "Coder Agent", "description": "An agent that generates code based on natural language instructions and streams file outputs.",
             "url": CODER + "/", "provider": {"organization": "A2A Samples"}, "version": "0.0.2",
             "capabilities": {"streaming": True, "pushNotifications": False, "stateTransitionHistory": True},
             "defaultInputModes": ["text"], "defaultOutputModes": ["text", "file"],
             "skills": [{"id": "code_generation", "name": "Code Generation", "description": "Generates code snippets or complete files based on user requests.",
                         "tags": ["code", "development", "programming"], "examples": ["Write a python function to calculate fibonacci numbers."]}]}
case("f1047-v02-card-provider-without-url", get_card(0.0, CODERCARD, CODER + "/.well-known/agent.json") + [
    req(0.1, "POST", CODER + "/", rpc("c-1", "message/send", {"message": umsg03("write a python function for fibonacci numbers", mid="m-651")})),
    resp(3.0, 200, ok("c-1", task03("t-651", "c-651", "completed", artifacts=[{"artifactId": "a-651", "name": "fib.py",
        "parts": tx("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)")}]))),
], [("card-missing-required-field", "error")], A651,
     "the card names no 0.2.5+ member (no protocolVersion) and is served at /.well-known/agent.json, so it reads as 0.1.0 and as 0.2.0 alike; the agent at its url answers message/send, a 0.2 method, so it is a 0.2 card, and the 0.2 schema's AgentProvider requires organization and url (CARD-004): a 0.2 / 0.3 client (the Python SDK's pydantic AgentCard) refuses the whole card, 'provider.url Field required', and never calls the agent")

# --- f1048: a 0.3 tasks/get answered with the route's internal task record (OmniRoute route.ts at c3a68a94)
case("f1048-v03-tasks-get-answered-internal-record", get_card(0.0, ORCARD, OR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", OR + "/a2a", rpc(3, "tasks/get", {"id": "0b5c7e1a-2f4d-4a8e-9c6b-3e1f7d2a9b40"})),
    resp(0.11, 200, ok(3, {"task": {"id": "0b5c7e1a-2f4d-4a8e-9c6b-3e1f7d2a9b40", "skill": "smart-routing",
        "messages": [{"role": "user", "content": "summarise this diff"}], "state": "completed",
        "artifacts": [{"type": "text", "content": "The diff renames two functions."}], "createdAt": 1765015200000, "updatedAt": 1765015203412}})),
], [("result-invalid-shape", "error")], O_ROUTE2,
     "a 0.3 tasks/get result is the Task itself: {kind: task, id, contextId, status: {state, timestamp}, history of Messages with parts, artifacts with artifactId and parts} (RPC-004, 0.3 §7.3); the route returned its own task record inside a {task: ...} wrapper: no contextId, no status (a top-level state), messages with role and content instead of history, artifacts of type and content, epoch-millisecond times, so no client can read the task")

# --- f1049 (legal): a 1.0 GetExtendedAgentCard to an agent whose card does not declare one, refused UnsupportedOperationError (MarimerLLC/rockbot PR #266, the card without the flag)
case("f1049-legal-v10-extended-card-not-declared-unsupported", get_card(0.0, card10(RB + "/a2a", name="RockBot",
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]),
        RB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RB + "/a2a", rpc("x-2", "GetExtendedAgentCard", {}), ver="1.0", hdr=BEARER),
    resp(0.21, 200, err("x-2", -32004, "Extended agent card is not supported", ei("UNSUPPORTED_OPERATION"))),
], [], R266,
     "legal: a card that does not declare capabilities.extendedAgentCard has no extended card, and GetExtendedAgentCard there is answered UnsupportedOperationError (1.0 §3.1.11, AUTH-005): the card and the agent agree")

# --- f1050: a 0.3 message/stream through the LiteLLM A2A gateway answered application/x-ndjson (BerriAI/litellm PR #20365)
L20365 = ("https://github.com/BerriAI/litellm/pull/20365 (fix(a2a): use text/event-stream SSE format for message/stream endpoint, fixes #20278: "
          "the A2A gateway's message/stream returned Content-Type: application/x-ndjson, one JSON document per line, and the a2a-sdk client raised "
          "'SSEError: Expected response header Content-Type to contain text/event-stream, got application/x-ndjson')")
LL = "https://litellm.example.test"
case("f1050-v03-stream-answered-ndjson", get_card(0.0, card03(LL + "/a2a/agent-7", name="hello-agent"), LL + "/a2a/agent-7/.well-known/agent-card.json") + [
    req(0.1, "POST", LL + "/a2a/agent-7", rpc("s-1", "message/stream", {"message": umsg03("hello", mid="m-20365")}),
        hdr={"authorization": "Bearer sk-litellm-1"}, accept=SSE),
    resp(0.2, 200, "", ctype="application/x-ndjson"),
    chunk(0.3, json.dumps(ok("s-1", task03("t-20365", "c-20365", "working")), separators=(",", ":")) + "\n"),
    chunk(0.9, json.dumps(ok("s-1", {"kind": "status-update", "taskId": "t-20365", "contextId": "c-20365",
        "status": {"state": "completed", "timestamp": TS}, "final": True}), separators=(",", ":")) + "\n"),
    chunk(0.91, "", close="eof"),
], [("stream-not-event-stream", "error")], L20365,
     "a message/stream answer is a Server-Sent Events stream, Content-Type text/event-stream, each JSON-RPC response a data: event (RPC-005, 0.3 §7.2); the gateway answered newline-delimited JSON under application/x-ndjson, which no A2A client reads: the SDK refuses the answer before the first event")

# --- f1051 (legal): a 0.3 message/stream refused 401 with a JSON body and its challenge (a2aproject/a2a-python #502)
P502 = ("https://github.com/a2aproject/a2a-python/issues/502 ([Bug]: A2A Client incorrectly handles HTTP error responses when using streaming mode: "
        "an authentication failure (401) to a streaming call surfaced as 'Invalid SSE response or protocol error: Expected response header "
        "Content-Type to contain text/event-stream, got application/json'; fixed in the client by https://github.com/a2aproject/a2a-python/pull/505)")
CARD03B = card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])
case("f1051-legal-v03-stream-refused-401-json", get_card(0.0, CARD03B) + [
    req(0.1, "POST", A + "/a2a", rpc("s-502", "message/stream", {"message": umsg03("hello", mid="m-502")}), accept=SSE),
    resp(0.11, 401, {"detail": "Not authenticated"}, hdr={"www-authenticate": "Bearer"}),
    req(1.0, "POST", A + "/a2a", rpc("s-503", "message/stream", {"message": umsg03("hello", mid="m-503")}), accept=SSE,
        hdr={"authorization": "Bearer good-token"}),
    resp(1.1, 200, "", ctype=SSE),
    chunk(1.11, sse(ok("s-503", task03("t-502", "c-502", "working")))),
    chunk(1.5, sse(ok("s-503", {"kind": "status-update", "taskId": "t-502", "contextId": "c-502", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(1.51, "", close="eof"),
], [], P502,
     "legal: a streaming call refused before any stream starts is an ordinary HTTP error, here 401 with its Bearer challenge and a JSON body (AUTH-003, 0.3 §4.4); only a successful answer to message/stream must be text/event-stream (RPC-005), and the client that reads the 401 as a broken SSE stream is the one at fault (the issue)")

write_cases(cases, OUT)
for n, allowed in ALLOWED.items():
    p = os.path.join(OUT, n + ".expect.json")
    if os.path.exists(p):
        d = json.load(open(p)); d["allowed_warnings"] = allowed
        with open(p, "w") as f:
            json.dump(d, f, indent=2); f.write("\n")
