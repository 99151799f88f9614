"""Session-24 field cases of miner mine24a (f341-...): same helpers and output format as gen_cases.py.

Scope: A2A implementations outside the official Python/JS SDKs: Rust (zeph, aura), .NET (Microsoft
Agent Framework hosting, the Semantic Kernel sample), Java (AgentScope, Apache Camel), Go
(trpc-a2a-go, trpc-agent-go), Dart, ADK-JS, and independent agents and platforms (MindsDB,
WorldMonitor, cogDepot, sero, gptme, AgentStack, the Nacos Dify plugin): card URLs and well-known
paths, transport names, security schemes, result shapes, versions, streaming answers and error
codes. `python3 gen_cases24a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside
this file (`b24a-*` variants into ../variants).
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03

cases = {}
VAR = os.path.join(os.path.dirname(OUT), "variants")
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
def clone(o):
    return json.loads(json.dumps(o))
def card(t, body, base=A, path="/.well-known/agent-card.json", hdr=None):
    return [req(t, "GET", base + path), resp(t + 0.004, 200, body, hdr=hdr)]


# --- card URLs and well-known paths ------------------------------------------------------------------
ZEPH = {"name": "Zeph-A2A-Test", "description": "Zeph AI agent", "url": A, "version": "0.14.1",
        "capabilities": {"streaming": True, "pushNotifications": False, "stateTransitionHistory": False}}
case("f341-card-legacy-path-only-missing-protocol-version", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, "Not Found", ctype="text/plain"),
    req(0.1, "GET", A + "/.well-known/agent.json"),
    resp(0.104, 200, ZEPH),
], [("card-missing-required-field", "error")],
 "https://github.com/bug-ops/zeph/issues/1442 (the Rust agent zeph served its card at /.well-known/agent.json only, without protocolVersion; /.well-known/agent-card.json answered 404)",
 "the card names no protocolVersion and no member 0.2 added, so the verifier reads it by the 0.1.0 schema, where skills is still required (CARD-003); a 0.2.5+ reader also wants protocolVersion, defaultInputModes and defaultOutputModes. Without protocolVersion no client can tell which wire the agent speaks, and with the card at the 0.2 path only a 0.3 or 1.0 client (CARD-002: /.well-known/agent-card.json) finds no card at all")

MAF = card03("", name="RatingAgent", description="Rates books")
case("f342-v03-card-url-empty", card(0.0, MAF, path="/a2a/rating/.well-known/agent-card.json"), [("card-interface-malformed", "error")],
 "https://github.com/microsoft/agent-framework/issues/1765 (.NET app.MapA2A(name, path, agentCard) served the AgentCard without its url; A2AAgentCardExtensions.GetAIAgentAsync failed with UriFormatException: Invalid URI: The URI is empty)",
 "AgentCard.url is required (CARD-003, 0.3 §5.5): the address of the preferred transport's endpoint. An empty string names no endpoint, so a client that found the card cannot call the agent")

AGS = card03("http://192.168.3.12:8010/", name="assistant", version="1.0.0",
             additionalInterfaces=[{"transport": "JSONRPC", "url": "http://192.168.3.12:8010/"}])
case("f343-v03-card-url-missing-servlet-context-path", card(0.0, AGS, base="http://192.168.3.12:8010", path="/api/.well-known/agent-card.json") + [
    req(0.1, "POST", "http://192.168.3.12:8010/", rpc("1", "message/send", {"message": umsg03("hello", mid="m-1154")})),
    resp(0.104, 404, {"timestamp": "2026-04-07T08:00:00.000+00:00", "status": 404, "error": "Not Found", "path": "/"}),
], [("card-url-unreachable", "error")],
 "https://github.com/agentscope-ai/agentscope-java/issues/1154 (agentscope-a2a-spring-boot-starter 1.0.11 with server.servlet.context-path=/api: the card at /api/.well-known/agent-card.json advertised http://host:8010/ without the context path)",
 "the card's url must be where the agent answers its preferred transport (CARD-005, 0.3 §5.6.1); the card was served under /api, the url leaves /api out, and the JSON-RPC call there is a 404")

AST = card03(A + "/a2a/p1/", name="chat", description="AgentStack agent")
AST["security"] = [{"platform_context_token": []}, {"platform_context_token": [], "basic": []}]
AST["securitySchemes"] = {
    "platform_context_token": {"bearerFormat": "JWT", "description": "Platform context token, issued by the AgentStack server using POST /api/v1/context/{context_id}/token.", "scheme": "bearer", "type": "http"},
    "basic": {"bearerFormat": None, "description": None, "scheme": "basic", "type": "http"}}
case("f344-legal-v03-card-security-schemes-null-optionals", card(0.0, AST, path="/a2a/p1/.well-known/agent-card.json") + [
    req(0.1, "POST", A + "/a2a/p1/", rpc(1, "message/send", {"message": umsg03("hi", mid="m-1785")}), hdr={"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln"}),
    resp(0.104, 200, ok(1, task03("t-1785", "c-1785", "completed"))),
], [],
 "https://github.com/i-am-bee/agentstack/pull/1785 (AgentStack's proxy adds its auth schemes to the agent card: security [{platform_context_token: []}, {platform_context_token: [], basic: []}] and an http basic scheme written with bearerFormat: null and description: null)",
 "legal: two alternative requirements, the second an AND of two schemes, is the 0.3 security shape (AUTH-007: OR of ANDs); optional members written as null are read as absent by the SDKs' card parsers (Pydantic, Jackson, encoding/json), so the card is not flagged for them; the call carries the bearer token the first alternative needs (AUTH-002)")

ADKJS = card03(A + "/a2a", name="root_agent", description="ADK agent")
del ADKJS["preferredTransport"]
ADKJS["additionalInterfaces"] = [{"url": A + "/a2a", "transport": "jsonrpc"}, {"url": A + "/a2a/rest", "transport": "rest"}]
case("f345-v03-card-transport-names-lowercase", card(0.0, ADKJS), [("card-interface-malformed", "error"), ("card-binding-name-unknown", "warning"), ("card-preferred-transport-missing", "note")],
 "https://github.com/google/adk-js/pull/212 (ADK-JS getA2AAgentCard omitted preferredTransport and advertised its transports as 'jsonrpc' and 'rest' instead of JSONRPC and HTTP+JSON; related: google/adk-js#189)",
 "0.3 transport names are JSONRPC, GRPC and HTTP+JSON, matched exactly (an error for 'jsonrpc', a known name in the wrong case; a warning for 'rest', no name at all) (CARD-006, 0.3 §5.5.5 TransportProtocol); a client matching its supported transports against 'rest' finds none, and 'no compatible transports found' is the result. Without preferredTransport a 0.3 client assumes JSONRPC at url (note)")

# --- 1.0 result shapes and versions: cogDepot (a2a-registry #166) -------------------------------------
COG = clone(CARD10); COG["name"] = "cogDepot"
COGT = task10("t-166", "c-166", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-166", "parts": [{"text": "hi there"}]}])
case("f346-v10-send-result-bare-task", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi", mid="m-166")}), ver="1.0"),
    resp(0.104, 200, ok(1, COGT)),
], [("result-invalid-shape", "error")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (cogDepot's maintainer: SendMessage returns 200 with result.status.state = \"TASK_STATE_COMPLETED\" and one artifact)",
 "a 1.0 SendMessage result is a SendMessageResponse, {\"task\": {...}} or {\"message\": {...}} (DATA-001, 1.0 §9.4.1); result.status.state means the Task itself is the result, which a 1.0 client reads as a response with neither member")

case("f347-v10-card-0x-send-without-version-processed", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": {"role": "user", "parts": [{"text": "hi"}]}})),
    resp(0.104, 200, ok(1, COGT)),
], [("version-header-not-enforced", "error"), ("result-invalid-shape", "error"), ("request-message-invalid-shape", "error")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (curl of message/send without A2A-Version to a card declaring only JSONRPC 1.0 at /a2a: 200 with a 1.0 task, 'the v1.0 method name SendMessage behaves identically')",
 "a call without A2A-Version is a 0.3 call (VER-001), and this card offers 1.0 only: the agent must answer VersionNotSupportedError (-32009, VER-002) or apply 0.3's semantics, not serve a 1.0 task (bare, as in f346) that a 0.3 client cannot read. The client's message has no messageId (DATA-003)")

case("f348-legal-v10-jsonrpc-agent-rest-probe-501", card(0.0, COG) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-166p", "role": "ROLE_USER", "content": [{"text": "hi"}]}}),
    resp(0.104, 501, {"error": "Not Implemented", "detail": "This agent serves A2A 1.0 over JSON-RPC at /a2a only"},
         hdr={"link": "</.well-known/agent-card.json>; rel=\"describedby\", </a2a>; rel=\"service\""}),
], [],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (a registry probe of the v0.3 REST path /v1/message:send on a JSON-RPC-only 1.0 agent; the agent now answers 501 with Link headers to the card and to /a2a instead of a bare 404)",
 "legal: the card declares no HTTP+JSON interface (CARD-005), so the agent owes that path nothing; 501 with Link headers points the caller at what it does serve. The call is the registry's, to a URL the card never advertised")

case("f349-legal-v10-0x-send-refused-version-not-supported", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc(7, "message/send", {"message": umsg03("hello", mid="m-443")})),
    resp(0.104, 200, err(7, -32009, "Version not supported: 0.3", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org", "metadata": {"version": "0.3"}}])),
], [],
 "https://github.com/sero-labs/sero/issues/443 (a live @a2a-js/sdk 1.0.1 server: a 0.3-style message/send gets -32009 VersionNotSupportedError, not 'method not found')",
 "legal: without A2A-Version the call is 0.3 (VER-001), and a 1.0-only agent answers VersionNotSupportedError, -32009 (VER-002, ERR-002); that is the answer that lets a client fall back")

# --- error codes of an agent without streaming or push: WorldMonitor #4824 ----------------------------
WM = card03(A + "/a2a", name="worldmonitor", capabilities={"streaming": False, "pushNotifications": False, "stateTransitionHistory": False})
case("f350-v03-push-config-set-unsupported-operation", card(0.0, WM) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("which tool fits 'shipping delays'?", mid="m-4824")})),
    resp(0.104, 200, ok("1", amsg03("route-to-tool: get_shipping_status", mid="m-a4824", contextId="c-4824"))),
    req(0.2, "POST", A + "/a2a", rpc("2", "tasks/pushNotificationConfig/set", {"taskId": "t-4824", "pushNotificationConfig": {"url": "https://hooks.example.test/a2a"}})),
    resp(0.204, 200, err("2", -32004, "This operation is not supported")),
], [("jsonrpc-error-code-mismatch-0x", "warning")],
 "https://github.com/koala73/worldmonitor/pull/4824 (the /a2a endpoint: direct Messages only, tasks/* answer TaskNotFound (-32001), streaming and push methods -32004; the card declares pushNotifications false)",
 "an agent whose card declares no push notifications answers push config calls -32003 PushNotificationNotSupportedError (PUSH-001, ERR-002); -32004 is the generic 'not supported', and a client cannot tell it from a method this agent never had")

case("f351-legal-v03-stream-refused-unsupported-operation", card(0.0, WM) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("which tool fits 'shipping delays'?", mid="m-4824s")}), accept="text/event-stream"),
    resp(0.104, 200, err("1", -32004, "Streaming is not supported by this agent")),
    req(0.2, "POST", A + "/a2a", rpc("2", "tasks/get", {"id": "t-unknown"})),
    resp(0.204, 200, err("2", -32001, "Task not found")),
], [],
 "https://github.com/koala73/worldmonitor/pull/4824 (streaming methods answer -32004 on a card with streaming false; tasks/get of any id is -32001, as the agent keeps no tasks)",
 "legal: a card with capabilities.streaming false may refuse message/stream with UnsupportedOperationError -32004 (STREAM-001, ERR-002), as a JSON-RPC error in application/json; a task the agent never made is TaskNotFoundError (TASK-009)")

# --- a 0.3 stream answered as plain text: MindsDB #11402 ---------------------------------------------
MDB = card03(A + "/a2a", name="mindsdb", description="MindsDB agent")
case("f352-v03-stream-error-text-plain", card(0.0, MDB) + [
    req(0.1, "POST", A + "/a2a", rpc("msg-1754349751115", "message/stream", {"message": umsg03("hello", mid="msg-1754349751115-ojk1erb1w")}), accept="text/event-stream"),
    resp(0.104, 200, "Error: agent not found", ctype="text/plain"),
], [("stream-not-event-stream", "error")],
 "https://github.com/mindsdb/mindshub/issues/11402 (MindsDB's A2A server answered message/stream for a missing agent with Content-Type text/plain; the A2A inspector: Expected response header Content-Type to contain 'text/event-stream', got 'text/plain'; fixed in mindsdb/mindsdb#11606)",
 "a streaming call is answered with text/event-stream (RPC-005, STREAM-001), or, when it fails before the stream, with a JSON-RPC error in application/json; a success status with a plain-text body is neither, so the client cannot even tell which error it was (the a2a-sdk passed raise_for_status, so the status was 2xx; the body's words are the issue's paraphrase)")

# --- streams the frameworks' maintainers called right -------------------------------------------------
case("f353-legal-v10-stream-single-final-artifact", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("what's the weather in Shenzhen?", mid="m-2058")}), ver="1.0", accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("1", {"task": task10("t-2058", "c-2058", "TASK_STATE_SUBMITTED")}))),
    chunk(0.2, sse(ok("1", {"statusUpdate": {"taskId": "t-2058", "contextId": "c-2058", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}))),
    chunk(1.4, sse(ok("1", {"artifactUpdate": {"taskId": "t-2058", "contextId": "c-2058", "artifact": {"artifactId": "a-2058", "parts": [{"text": "Sunny, 31 degrees."}]}, "lastChunk": True}}))),
    chunk(1.41, sse(ok("1", {"statusUpdate": {"taskId": "t-2058", "contextId": "c-2058", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(1.42, "", close="eof"),
], [],
 "https://github.com/trpc-group/trpc-agent-go/pull/2058 (review of the a2a/v1 converter: 'a valid server can send one artifact update with LastChunk=true and the complete response'; the converter dropped it as a duplicate of earlier chunks)",
 "legal: an artifact may arrive whole in one TaskArtifactUpdateEvent with lastChunk true and no earlier chunks (STREAM-009); nothing requires append or a preceding partial update")

case("f354-legal-v03-dart-sdk-stream-kind-events", card(0.0, card03(A + "/"))+ [
    req(0.1, "POST", A + "/", rpc("request-id", "message/stream", {"message": umsg03("tell me a story", mid="m-104")}), accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("request-id", task03("t-104", "c-104", "submitted")))),
    chunk(0.3, sse(ok("request-id", {"kind": "status-update", "taskId": "t-104", "contextId": "c-104", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(0.9, sse(ok("request-id", {"kind": "artifact-update", "taskId": "t-104", "contextId": "c-104", "artifact": {"artifactId": "a-104", "parts": [{"kind": "text", "text": "Once upon a time..."}]}, "lastChunk": True}))),
    chunk(0.91, sse(ok("request-id", {"kind": "status-update", "taskId": "t-104", "contextId": "c-104", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.92, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-inspector/issues/104 (the A2A Inspector rejected the streaming events of the a2a-dart SDK and of a2a-js with Pydantic validation errors; both SDKs put each event, with its kind, in the result of a JSON-RPC response)",
 "legal: a 0.3 message/stream event is a JSON-RPC response whose result is a Task, Message, TaskStatusUpdateEvent or TaskArtifactUpdateEvent told apart by kind (RPC-005, STREAM-002); the inspector's models were wrong, not the agents")

# --- cards of Rust and Go frameworks that serve two versions / scoped security --------------------------
AURA = clone(CARD10)
AURA["name"] = "aura"
AURA["supportedInterfaces"] = [{"url": A + "/a2a/v1/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                               {"url": A + "/", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]
AURA["url"] = A + "/"; AURA["preferredTransport"] = "JSONRPC"; AURA["protocolVersion"] = "0.3.0"
case("f355-legal-v03-v10-dual-card-root-binding", card(0.0, AURA) + [
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("summarise the incident", mid="m-509")})),
    resp(0.104, 200, ok("1", task03("t-509", "c-509", "completed"))),
    req(0.2, "POST", A + "/", "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"message/send\",\"params\":{"),
    resp(0.204, 200, err(None, -32700, "Parse error")),
], [],
 "https://github.com/mezmo/aura/pull/509 (the Rust agent aura serves the v0.3 JSON-RPC binding at / beside its 1.0 mount, adds the top-level url and preferredTransport to its 1.0 card for v0.x clients such as kagent, and answers a malformed body -32700 instead of a bare HTTP 422)",
 "legal: a 1.0 card may list a 0.3 interface and carry the 0.3 members for older clients (CARD-005, VER-001: an agent may serve several versions); a 0.3 client posting message/send to the 0.3 url is served, and a body that is not JSON is -32700 with id null (JSON-RPC 2.0 §5.1)")

TRPC = clone(CARD10)
TRPC["securitySchemes"] = {"google": {"openIdConnectSecurityScheme": {"openIdConnectUrl": "https://accounts.google.com/.well-known/openid-configuration"}}}
TRPC["securityRequirements"] = [{"schemes": {"google": {"list": ["openid", "email"]}}}]
TRPC["skills"][0]["securityRequirements"] = [{"schemes": {"google": {"list": ["openid"]}}}]
case("f356-legal-v10-card-scoped-security-requirements", card(0.0, TRPC) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "GetExtendedAgentCard", {}), ver="1.0", hdr={"authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln"}),
    resp(0.104, 200, err(1, -32004, "Extended agent card is not supported", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/trpc-group/trpc-a2a-go/pull/141 (v1.0 conformance: securityRequirements serialize as {\"schemes\": {\"google\": {\"list\": [\"openid\"]}}}, AgentSkill.securityRequirements added, GetExtendedAgentCard answers UnsupportedOperationError when capabilities.extendedAgentCard is absent)",
 "legal: SecurityRequirement.schemes is map<string, StringList>, so scopes sit under list (AUTH-007, CARD-005), also per skill; with no extendedAgentCard capability GetExtendedAgentCard is -32004 UnsupportedOperationError (AUTH-005, 1.0 §3.3.4)")

GPT = clone(CARD10); GPT["name"] = "gptme"
case("f357-legal-v10-card-at-legacy-alias-too", [
    req(0.0, "GET", A + "/.well-known/agent.json"), resp(0.004, 200, GPT, hdr={"cache-control": "public, max-age=300", "etag": '"g1"'}),
    req(0.1, "GET", A + "/.well-known/agent-card.json"), resp(0.104, 200, GPT, hdr={"cache-control": "public, max-age=300", "etag": '"g1"'}),
    req(0.2, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-nope"}), ver="1.0", hdr={"authorization": "Bearer tok-2763"}),
    resp(0.204, 200, err("1", -32001, "Task not found: t-nope", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/gptme/gptme/pull/2763 (gptme's A2A 1.0 MVP: the card at /.well-known/agent-card.json with /.well-known/agent.json kept as a legacy alias; GetTask of an unknown id is TaskNotFoundError)",
 "legal: the card is at the 1.0 path (CARD-002); serving the same card at the 0.2 path as well breaks nothing. An unknown task is -32001 (TASK-009, ERR-002)")

# --- a card url that is the card document: Semantic Kernel .NET sample, Nacos Dify plugin ------------
L5 = "http://localhost:5000"
SK = {"name": "SKTravelAgent", "description": "Semantic Kernel travel agent", "url": L5 + "/.well-known/agent.json", "version": "1.0.0",
      "capabilities": {"streaming": False, "pushNotifications": False, "stateTransitionHistory": False},
      "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
      "skills": [{"id": "trip_planning", "name": "Trip planning", "description": "Plans trips", "tags": ["travel"]}]}
case("f358-v02-card-url-is-card-document", card(0.0, SK, base=L5, path="/.well-known/agent.json") + [
    req(0.1, "POST", L5 + "/.well-known/agent.json", rpc("3", "tasks/send", {"id": "t-47", "message": {"role": "user", "parts": [{"type": "text", "text": "Plan a trip to Lisbon"}]}})),
    resp(0.104, 405, ""),
], [("card-url-not-rpc-endpoint", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/47 (the Semantic Kernel agent sample of the .NET A2A library served at /.well-known/agent.json a card whose url was the card document itself; the Python client posted its task there and got 405 Method Not Allowed, the endpoint being POST /)",
 "the card's url is where the agent takes JSON-RPC calls (CARD-005, 0.2 §5.5: 'the base URL for the agent's A2A service'); the card document answers only GET, so every call a client sends to url fails")

NAC = card03("http://10.0.0.8:19780/e/7jxzabvgyw787v7d/a2a/.well-known/agent.json", name="dify-workflow", description="Dify workflow exposed over A2A")
NB = "http://10.0.0.8:19780/e/7jxzabvgyw787v7d/a2a"
case("f359-v03-card-url-is-card-document-dify", card(0.0, NAC, base=NB, path="/.well-known/agent.json") + [
    req(0.1, "POST", NB + "/.well-known/agent.json", rpc("q1", "message/send", {"message": umsg03("query: weekly sales", mid="m-33")})),
    resp(0.104, 404, {"detail": "Not Found"}),
], [("card-url-not-rpc-endpoint", "error")],
 "https://github.com/nacos-group/nacos-dify-plugins/issues/33 (the Dify A2A server plugin was configured with the public URL .../a2a/.well-known/agent.json; the card advertised it as url, the 'call A2A agent' node posted there and got 404; maintainer: configure the address without the .well-known/agent.json suffix, the client POSTs to it after fetching the card)",
 "the card's url is the JSON-RPC endpoint base (CARD-005, 0.3 §5.6.1), not the card document; a client that follows it posts message/send to a GET-only resource")

# --- a Java framework serving both bindings: Apache Camel's camel-a2a -----------------------------------
CAM = clone(CARD10)
CAM["name"] = "camel-route"
CAM["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
                              {"url": A + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]
def sse_rest(obj):
    return "data: " + json.dumps(obj, separators=(",", ":")) + "\n\n"
case("f360-legal-v10-rest-stream-and-jsonrpc-second-interface", card(0.0, CAM, hdr={"cache-control": "public, max-age=300", "etag": '"c1"'}) + [
    req(0.1, "POST", A + "/message:stream", {"message": umsg10("good morning routine", mid="m-1925")}, ver="1.0", ctype="application/a2a+json", accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse_rest({"task": task10("t-1925", "c-1925", "TASK_STATE_SUBMITTED")})),
    chunk(0.12, sse_rest({"statusUpdate": {"taskId": "t-1925", "contextId": "c-1925", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}})),
    chunk(1.62, sse_rest({"artifactUpdate": {"taskId": "t-1925", "contextId": "c-1925", "artifact": {"artifactId": "a-1925", "parts": [{"text": "Coffee is ready."}]}, "lastChunk": True}})),
    chunk(1.63, sse_rest({"statusUpdate": {"taskId": "t-1925", "contextId": "c-1925", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(1.64, "", close="eof"),
    req(2.0, "POST", A + "/rpc", rpc("r1", "GetTask", {"id": "t-1925"}), ver="1.0"),
    resp(2.004, 200, ok("r1", task10("t-1925", "c-1925", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1925", "parts": [{"text": "Coffee is ready."}]}]))),
], [],
 "https://github.com/apache/camel-spring-boot/pull/1925 (camel-a2a-starter smoke test: the card, REST POST /message:send, JSON-RPC POST on a second endpoint with protocolBinding=jsonrpc and basePath=/rpc, and POST /message:stream whose first SSE bytes arrive before the route's 1.5 s delay ends and which ends with TASK_STATE_COMPLETED)",
 "legal: a 1.0 card may declare the same agent over HTTP+JSON and JSON-RPC at different urls (CARD-005); the HTTP+JSON stream is SSE whose data are bare StreamResponses (REST-003, STREAM-003), and the task it made is there on the JSON-RPC interface too")

# --- variants of the kind fixes -------------------------------------------------------------------------
# K1 (VER-HDR-001): a 0.2/0.3 JSON-RPC call asking for 0.3 (no A2A-Version, or the header 0.3) to an
# origin whose card declares 1.0 only, served with an answer in the 1.0 form. Controls: the same call
# answered in the 0.3 form (the agent serves 0.3 without saying so), and refused with -32009.
case("b24a-K1-v10-card-0x-tasks-get-served-as-1-0", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("g1", "tasks/get", {"id": "t-k1a"})),
    resp(0.104, 200, ok("g1", {"task": task10("t-k1a", "c-k1a", "TASK_STATE_WORKING")})),
], [("version-header-not-enforced", "error"), ("result-invalid-shape", "error"), ("task-state-invalid", "error")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (kind: another 0.3 method, tasks/get without A2A-Version, answered by the 1.0-only agent with a 1.0 {\"task\"} answer)",
 "a call without A2A-Version asks for 0.3 (VER-001, 1.0 §3.6.2); the card offers 1.0 only, so the answer is -32009 (VER-002), not a 1.0 task a 0.3 client cannot read")
case("b24a-K1-v10-card-0x-send-header-0-3-message-answer", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("s1", "message/send", {"message": umsg03("hi", mid="m-k1b")}), ver="0.3"),
    resp(0.104, 200, ok("s1", {"message": amsg10("hello", mid="m-a-k1b")})),
], [("version-header-not-enforced", "error"), ("result-invalid-shape", "error"), ("version-mixed-payload", "warning")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (kind: the 0.3 call names its version in A2A-Version: 0.3 and gets a 1.0 {\"message\"} answer with ROLE_AGENT)",
 "A2A-Version 0.3 on a card that offers 1.0 only: VersionNotSupportedError (VER-002); the 1.0 message wrapper is no 0.3 answer")
case("b24a-K1-legal-v10-card-0x-send-answered-0-3-form", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("s2", "message/send", {"message": umsg03("hi", mid="m-k1c")})),
    resp(0.104, 200, ok("s2", task03("t-k1c", "c-k1c", "completed"))),
], [],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (control: the 0.3 call answered in the 0.3 form; the agent serves 0.3 beside 1.0 without declaring it)",
 "legal as to VER-002: the agent applied the requested version's semantics (kind task, lowercase state); its card not listing 0.3 is no error here")
case("b24a-K1-legal-v10-card-0x-send-refused-version", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("s3", "message/send", {"message": umsg03("hi", mid="m-k1d")})),
    resp(0.104, 200, err("s3", -32009, "Version not supported: 0.3")),
], [],
 "https://github.com/sero-labs/sero/issues/443 (control: the 1.0-only agent refuses the header-less 0.3 call with -32009)",
 "legal: VersionNotSupportedError is VER-002's answer")

case("b24a-K1-v10-card-0x-stream-served-as-1-0", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("st1", "message/stream", {"message": umsg03("hi", mid="m-k1e")}), accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("st1", {"task": task10("t-k1e", "c-k1e", "TASK_STATE_SUBMITTED")}))),
    chunk(0.2, sse(ok("st1", {"statusUpdate": {"taskId": "t-k1e", "contextId": "c-k1e", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.21, "", close="eof"),
], [("version-header-not-enforced", "error"), ("stream-event-invalid-shape", "error"), ("task-state-invalid", "error"), ("stream-final-flag-wrong", "error"), ("version-mixed-payload", "warning")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (kind: the streaming form, message/stream without A2A-Version answered by the 1.0-only agent with 1.0 StreamResponses)",
 "the call asks for 0.3 (VER-001) and the card offers 1.0 only: -32009 (VER-002); the 1.0 events (told once, at the first) are no 0.3 stream, and their shape errors follow from it")
case("b24a-K1-legal-v10-card-0x-stream-answered-0-3-form", card(0.0, COG) + [
    req(0.1, "POST", A + "/a2a", rpc("st2", "message/stream", {"message": umsg03("hi", mid="m-k1f")}), accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse(ok("st2", task03("t-k1f", "c-k1f", "submitted")))),
    chunk(0.2, sse(ok("st2", {"kind": "status-update", "taskId": "t-k1f", "contextId": "c-k1f", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.21, "", close="eof"),
], [],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (control: the 0.3 stream answered in the 0.3 form by an agent whose card lists 1.0 only)",
 "legal as to VER-002: the agent applied 0.3's semantics to the 0.3 call")

# K2 (REST-ERROR-001 false alarm): a "not served here" answer (404/405/501) on an HTTP+JSON route of an
# agent whose card declares no HTTP+JSON interface is not judged as an A2A error. Control: the same
# 501 body on an agent whose card declares HTTP+JSON is still one.
C03J = card03(A + "/a2a", name="rpc-only")
case("b24a-K2-legal-v03-jsonrpc-card-rest-probe-404-json", card(0.0, C03J) + [
    req(0.1, "GET", A + "/v1/tasks/t-k2a"),
    resp(0.104, 404, {"error": "no route", "path": "/v1/tasks/t-k2a"}),
], [],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (kind: a 0.3 JSON-RPC-only agent answers a probe of the 0.3 REST route GET /v1/tasks/{id} with its server's 404 page)",
 "legal: the card declares JSONRPC only (CARD-005, 0.3 §5.6), so the REST route is not the agent's; its 404 body is no A2A error")
case("b24a-K2-v10-jsonrpc-card-rest-probe-405-client-only", card(0.0, COG) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-k2b")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 405, {"message": "Method Not Allowed for this path"}),
], [("client-url-not-advertised", "warning")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (kind: a 1.0 JSON-RPC-only agent answers a probe of the 1.0 REST route POST /message:send with 405)",
 "the agent is right: no HTTP+JSON interface is declared (CARD-005), and the 405 is the web server's, not an A2A error (no REST-ERROR-001); the call is the client's, at a URL the card never advertised (BIND-USE-002)")
C10R = clone(CARD10); C10R["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("b24a-K2-v10-rest-card-route-501-not-a2a-error", card(0.0, C10R) + [
    req(0.1, "POST", A + "/tasks/t-k2c:cancel", {}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 501, {"error": "Not Implemented", "detail": "cancel is not supported"}),
], [("rest-error-shape", "error")],
 "https://github.com/prassanna-ravishankar/a2a-registry/issues/166 (control: the same 501 body from an agent whose card declares the HTTP+JSON interface)",
 "the card declares HTTP+JSON at this base, so an unsupported operation is UnsupportedOperationError in google.rpc.Status form (ERR-003); {error: <string>} is none")

from casewriter import write_cases
write_cases(cases, OUT, route=lambda name: VAR if name.startswith("b24a-") else OUT)
