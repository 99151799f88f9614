"""Session-51 field cases of miner mine51 (f1086-...): same helpers and output format as gen_cases50.py.

Scope (round fifty-one): LangGraph Agent Server's A2A endpoint as its changelog records it (a 1.0
SendMessage answered in 0.3's shapes, a card url written http behind a TLS front, a `context`
member beside the message, a card mounted under the assistant's path, the final answer carried
in the terminal status message), Mastra's 1.0 endpoint that refuses the 1.0 method names
(mastra #24156), a client sending the 0.3 configuration under snake_case names (agent-zero's
FastA2A client), a 1.0 JSON-RPC peer that sends and answers application/a2a+json (ggcode PR
#2515), a ListTasks status filter written as the spec's lower-case example (A2A #1802), a
client that posts to its own guess of the endpoint (a2a-cli #6, strands-agents/tools #253), a
FastA2A card only at the 0.2 path (agent-zero PR #1075), and their legal neighbours.
`python3 gen_cases51.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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

LGC = ("https://github.com/langchain-ai/docs/blob/00d95f37175fdaa4c40aa8188b7fc7f0332f3eeb/src/langsmith/agent-server-changelog.mdx "
       "(LangSmith Agent Server, langgraph-api, changelog: ")
LG = "https://lg.example.test"
ASST = "a1b2c3d4-0000-4000-8000-00000000a2a1"

# --- f1086: LangGraph answers a 1.0 SendMessage with 0.3 shapes (kind, lower-case state and role)
case("f1086-v10-send-answered-in-0x-shapes", get_card(0.0, card10(LG + "/a2a/" + ASST, name="research-assistant"),
        LG + "/a2a/" + ASST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LG + "/a2a/" + ASST, rpc("lg-1", "SendMessage", {"message": umsg10("summarise the paper", mid="m-lg-1")}), ver="1.0"),
    resp(1.5, 200, ok("lg-1", {"kind": "task", "id": "t-lg-1", "contextId": "c-lg-1",
        "status": {"state": "completed", "timestamp": TS},
        "artifacts": [{"artifactId": "a-lg-1", "name": "Assistant Response", "parts": [{"kind": "text", "text": "The paper shows..."}]}],
        "history": [{"kind": "message", "role": "user", "messageId": "m-lg-1", "parts": [{"kind": "text", "text": "summarise the paper"}], "taskId": "t-lg-1", "contextId": "c-lg-1"}]})),
], [("result-invalid-shape", "error"), ("task-state-invalid", "error")], LGC + "v0.7.71 'Added A2A 1.0 `kind` discriminators to response objects, removed `{\"task\": ...}` wrapper'; "
    "v0.7.82 'Ensured A2A protocol compliance by preserving `kind` discriminators and using lowercase states/roles in responses for all client method name formats')",
     "a 1.0 SendMessage is answered with SendMessageResponse, the Task under `task` (1.0 §9.4, proto SendMessageResponse oneof), its state a TASK_STATE_* name and roles ROLE_* (DATA-001: enums as proto names, no kind); the server answers every method name, 1.0's SendMessage included, with a bare 0.3 Task (kind task, state completed, role user, kind text parts), which a 1.0 client's ProtoJSON parser refuses")

# --- f1087: Mastra refuses the 1.0 SendMessage with 400 'Invalid request body' listing 0.3 method names (mastra #24156)
MA = ("https://github.com/mastra-ai/mastra/issues/24156 ([FEATURE] [A2A] A2A v1 server execution endpoint should accept spec-compliant "
      "JSON-RPC method names: with A2A-Version: 1.0, `{\"jsonrpc\":\"2.0\",\"id\":\"1\",\"method\":\"SendMessage\",...}` -> 400, the error lists "
      "accepted values as 'message/send' | 'message/stream' | 'tasks/get' | ... (all v0.3 names); `message/send` -> 200, v1-shaped task)")
MS = "https://mastra.example.test"
case("f1087-v10-send-method-refused-400-invalid-body", get_card(0.0, card10(MS + "/a2a/weatherAgent", name="weatherAgent"),
        MS + "/.well-known/weatherAgent/agent-card.json") + [
    req(0.2, "POST", MS + "/a2a/weatherAgent", rpc("1", "SendMessage", {"message": umsg10("weather in Paris?", mid="m-ma-1")}), ver="1.0"),
    resp(0.21, 400, {"error": "Invalid request body", "issues": [{"field": "method", "message": "Invalid option: expected one of \"message/send\"|\"message/stream\"|\"tasks/get\"|\"tasks/cancel\"|\"tasks/pushNotificationConfig/set\"|\"tasks/pushNotificationConfig/get\"|\"tasks/resubscribe\"|\"agent/getAuthenticatedExtendedCard\""}]}),
], [("jsonrpc-response-malformed", "error")], MA,
     "an agent whose card declares a 1.0 JSONRPC interface serves 1.0's method names (1.0 §9.4: SendMessage, GetTask, ...; VER-001), and a JSON-RPC call is answered by a JSON-RPC response (RPC-002); the server refuses SendMessage with HTTP 400 and a framework body (error, issues) naming only 0.3's method names, so a 1.0 client gets neither an answer nor a JSON-RPC error")

# --- f1088: the same server takes a 0.3 method name under A2A-Version 1.0 and answers 1.0 shapes (mastra #24156)
case("f1088-v10-header-on-0x-method-answered", get_card(0.0, card10(MS + "/a2a/weatherAgent", name="weatherAgent"),
        MS + "/.well-known/weatherAgent/agent-card.json") + [
    req(0.2, "POST", MS + "/a2a/weatherAgent", rpc("1", "message/send", {"message": umsg10("weather in Paris?", mid="m-ma-2")}), ver="1.0"),
    resp(0.9, 200, ok("1", {"task": task10("t-ma-2", "c-ma-2", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-ma-2", "parts": [{"text": "18C, clear"}]}])})),
], [("version-1-0-header-on-0x-method-processed", "warning"), ("client-version-mixed-request", "warning")], MA,
     "a request naming A2A-Version 1.0 is a 1.0 call, and 1.0's JSON-RPC method is SendMessage (VER-001, 1.0 §9.4); the agent runs the 0.3 method name message/send under the 1.0 header and answers 1.0 shapes, so a client cannot tell which version it is speaking")

# --- f1089: a 1.0 ListTasks whose status filter is the spec prose's lower-case example (A2A #1802)
S1802 = ("https://github.com/a2aproject/A2A/issues/1802 ([Bug]: Old TaskState values in the specification documentation: 'The protocol "
         "specification references old TaskState values like completed instead of TASK_STATE_COMPLETED', e.g. §11.5 "
         "`GET /tasks?contextId=uuid&status=working&pageSize=50&pageToken=cursor`)")
RA = "https://rest.example.test"
case("f1089-v10-rest-list-tasks-status-lower-case", get_card(0.0, card10(RA, binding="HTTP+JSON"), RA + "/.well-known/agent-card.json") + [
    req(0.2, "GET", RA + "/tasks?contextId=ctx-1802&status=working&pageSize=50", ver="1.0", accept=A2AJ),
    resp(0.21, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "invalid value for enum field status: \"working\"",
        "details": ei("INVALID_PARAMS")[:0] + [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "status", "description": "unknown TaskState"}]}]}}, ctype=A2AJ),
], [("client-request-param-invalid", "note")], S1802,
     "ListTasksRequest.status is a TaskState, written by its proto name in JSON and in an HTTP+JSON query string (DATA-001, 1.0 §11.5 query parameter naming): TASK_STATE_WORKING; the client copied the spec prose's pre-1.0 value `working`, which a ProtoJSON agent refuses 400 INVALID_ARGUMENT (right) and a lenient one ignores, listing every task")

# --- f1090: a 0.3 client that sends the send configuration under snake_case names (agent-zero's FastA2A client)
AZ = ("https://github.com/agent0ai/agent-zero/blob/566648b0c7a220c709a53343bf417cba9f168687/python/helpers/fasta2a_client.py "
      "(AgentConnection.send_message: a2a_message = {'role': 'user', 'parts': parts, 'kind': 'message', 'messageId': ...} with the comment "
      "'A2A wire format uses camelCase', then send_message(message=..., configuration={'accepted_output_modes': ['application/json', "
      "'text/plain'], 'blocking': True}); https://github.com/agent0ai/agent-zero/pull/1075 'Use camelCase wire format (messageId, contextId)')")
ZA = "https://zero.example.test"
case("f1090-v03-send-configuration-snake-case", get_card(0.0, card03(ZA + "/a2a", name="agent-zero"), ZA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ZA + "/a2a", rpc("az-1", "message/send", {"message": umsg03("check the build log", mid="m-az-1"),
        "configuration": {"accepted_output_modes": ["application/json", "text/plain"], "blocking": True}})),
    resp(4.4, 200, ok("az-1", task03("t-az-1", "c-az-1", "completed", artifacts=[{"artifactId": "a-az-1", "parts": [{"kind": "text", "text": "2 failing tests"}]}]))),
], [("request-message-invalid-shape", "error")], AZ,
     "0.3 JSON members are camelCase (MessageSendConfiguration.acceptedOutputModes, 0.3 §6.x schema); the client writes accepted_output_modes, which a 0.3 agent does not read: it runs the send with no output-mode limit, and the client's blocking: true beside it is read while the modes are dropped")

# --- f1091: a 1.0 JSON-RPC peer that posts application/a2a+json and answers in it (ggcode PR #2515)
GG = ("https://github.com/topcheer/ggcode/pull/2515 (feat(a2a): A2A v1.0 compatibility - ProtoJSON enums, well-known fallback, a2a+json media "
      "type: internal/a2a/client.go 'when the card declares a 1.x protocol version the POST body switches to a2a+json'; internal/a2a/server.go "
      "'handleRPC negotiates the response media type from the request (a2a+json -> a2a+json, legacy -> application/json)')")
GA = "https://ggcode.example.test"
case("f1091-v10-jsonrpc-in-a2a-json-media-type", get_card(0.0, card10(GA + "/a2a"), GA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", GA + "/a2a", rpc("gg-1", "SendMessage", {"message": umsg10("review the diff", mid="m-gg-1")}), ver="1.0", ctype=A2AJ, accept=A2AJ + ", application/json"),
    resp(0.9, 200, ok("gg-1", {"task": task10("t-gg-1", "c-gg-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-gg-1", "parts": [{"text": "LGTM"}]}])}), ctype=A2AJ),
], [("client-request-not-application-json", "error"), ("answer-not-application-json", "error")], GG,
     "JSON-RPC requests and responses are application/json (RPC-001, 1.0 §9.1); application/a2a+json is the HTTP+JSON binding's media type (1.0 §11), so a JSON-RPC agent's content check refuses the request (415) and a client that checks the response media type refuses the answer")

# --- f1092: LangGraph's card url written http:// behind a TLS front (v0.7.38)
case("f1092-v03-card-url-http-behind-tls-front", get_card(0.0, card03("http://lg.example.test/a2a/" + ASST, name="research-assistant"),
        LG + "/.well-known/agent-card.json?assistant_id=" + ASST) + [
], [("card-url-plain-http-on-https-host", "warning")], LGC + "v0.7.38 'Ensured accurate display of the `https` protocol in agent cards using the "
    "x-forwarded-proto header for proper A2A client functionality')",
     "a card served over https on a host names that host's endpoint with the scheme it serves (CARD-005, 0.3 §5.6.1): behind a TLS-terminating front the agent built its url from the plain-http hop, so a client following the card posts to http:// and meets a redirect or a closed port")

# --- f1093 (legal): a send whose params carry a `context` member beside the message (LangGraph v0.7.35)
case("f1093-legal-v03-send-params-extra-context-member", get_card(0.0, card03(LG + "/a2a/" + ASST, name="research-assistant"),
        LG + "/a2a/" + ASST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LG + "/a2a/" + ASST, rpc("lg-2", "message/send", {"message": umsg03("summarise the paper", mid="m-lg-2"), "context": {"user_tier": "pro"}})),
    resp(1.2, 200, ok("lg-2", task03("t-lg-2", "c-lg-2", "completed", artifacts=[{"artifactId": "a-lg-2", "parts": [{"kind": "text", "text": "The paper shows..."}]}]))),
], [], LGC + "v0.7.35 'Added an optional `context` parameter to MCP `tools/call` and A2A `message/send` and `message/stream` endpoints, enabling "
    "middleware to inject runtime context from headers')",
     "legal: a member MessageSendParams does not define is ignored by agents that do not know it (JSON-RPC params are an object; 1.0 DATA-003 makes ignoring unknown members the rule); the send is otherwise well-formed and answered")

# --- f1094 (legal): the card mounted under the assistant's own path (LangGraph v0.7.5)
case("f1094-legal-v03-card-under-assistant-path", get_card(0.0, card03(LG + "/a2a/" + ASST, name="research-assistant"),
        LG + "/a2a/" + ASST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LG + "/a2a/" + ASST, rpc("lg-3", "message/send", {"message": umsg03("hello", mid="m-lg-3")})),
    resp(0.8, 200, ok("lg-3", amsg03("hello, how can I help?", mid="a-lg-3", contextId="c-lg-3"))),
], [], LGC + "v0.7.5 'Mounted `.well-known/agent-card.json` under `/a2a/{assistant_id}/` for A2A agent discovery')",
     "legal: a client given the card's URL may fetch it there (A2A names the well-known path as one discovery way among others, CARD-001); the card's url is the endpoint the client then calls")

# --- f1095 (legal): a 1.0 stream whose answer arrives in the terminal status message, no artifact (LangGraph before v0.12.0rc10)
case("f1095-legal-v10-stream-answer-in-final-status-message", get_card(0.0, card10(LG + "/a2a/" + ASST, name="research-assistant"),
        LG + "/a2a/" + ASST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LG + "/a2a/" + ASST, rpc("lg-4", "SendStreamingMessage", {"message": umsg10("what is A2A?", mid="m-lg-4")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("lg-4", {"task": task10("t-lg-4", "c-lg-4", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("lg-4", su10("t-lg-4", "c-lg-4", "TASK_STATE_WORKING")))),
    chunk(2.0, sse(ok("lg-4", su10("t-lg-4", "c-lg-4", "TASK_STATE_COMPLETED", message=amsg10("A2A is an open protocol for agents.", mid="a-lg-4", taskId="t-lg-4", contextId="c-lg-4"))))),
    chunk(2.01, "", close="eof"),
], [], LGC + "v0.12.0rc10 'Fix A2A streaming to return final outputs as Artifacts before terminal status and restrict task history to public "
    "client and agent conversation turns')",
     "legal: an agent may answer in the status message of the terminal update (TaskStatus.message, 1.0 §4.1.2); artifacts are for task outputs an agent chooses to publish as such, and a stream that ends at TASK_STATE_COMPLETED is complete")

# --- f1096: the helloworld sample's card names the bind-all address as its url (a2a-samples #129)
S129 = ("https://github.com/a2aproject/a2a-samples/issues/129 (Helloworld Sample Server Invalid URL: test_client.py fetches the card from "
        "http://localhost:9999/.well-known/agent.json: {'capabilities': {'streaming': True}, 'defaultInputModes': ['text'], ... 'name': "
        "'Hello World Agent', ..., 'supportsAuthenticatedExtendedCard': True, 'url': 'http://0.0.0.0:9999/', 'version': '1.0.0'}, then "
        "message/send fails: the client posts to 0.0.0.0, which Windows does not connect to)")
HW = "http://localhost:9999"
case("f1096-v02-card-url-bind-all-address", get_card(0.0, {"capabilities": {"streaming": True}, "defaultInputModes": ["text"],
        "defaultOutputModes": ["text"], "description": "Just a hello world agent", "name": "Hello World Agent",
        "skills": [{"description": "just returns hello world", "examples": ["hi", "hello world"], "id": "hello_world", "name": "Returns hello world", "tags": ["hello world"]}],
        "supportsAuthenticatedExtendedCard": True, "url": "http://0.0.0.0:9999/", "version": "1.0.0"}, HW + "/.well-known/agent.json", rhdr=None) + [
], [("card-url-bind-all-address", "warning")], S129,
     "the card's url is where clients send their calls (CARD-005, 0.2 §5.5: the endpoint URL); 0.0.0.0 is the server's listen-on-every-interface address, no address a client can connect to (RFC 1122 §3.2.1.3: 0.0.0.0 is a source address only): the sample binds to it and writes it into the card")

# --- f1097: a 0.3-only client (Mastra's A2AAgent) sends message/send to a remote whose card lists 1.0 only (mastra #23851)
M23851 = ("https://github.com/mastra-ai/mastra/issues/23851 ([FEATURE] A2A Protocol v1.0 support alongside v0.3: 'A2AAgentOptions has no "
          "protocolVersion field, and a2a-agent.ts imports only @a2a-js/sdk-v0_3, so every delegated request goes out as v0.3. A Mastra agent "
          "therefore cannot delegate to a remote that serves only A2A v1.0 - the v0.3 request gets rejected', with a repro against a v1-only stub)")
V1 = "https://v1only.example.test"
case("f1097-v10-card-0x-send-from-client", get_card(0.0, card10(V1 + "/a2a", name="v1-only-remote"), V1 + "/.well-known/agent-card.json") + [
    req(0.2, "POST", V1 + "/a2a", rpc("ma-3", "message/send", {"message": umsg03("delegate: draft the release notes", mid="m-ma-3")})),
    resp(0.21, 200, err("ma-3", -32009, "A2A version 0.3 is not supported by this agent; supported: 1.0", ei("VERSION_NOT_SUPPORTED"))),
], [("client-version-not-in-card", "note")], M23851,
     "a client speaks a version the agent's card lists (VER-001, 1.0 §3.6: the card's supportedInterfaces name each interface's protocolVersion); the card lists only 1.0, and the client sends 0.3's message/send without A2A-Version (read as 0.3), which the agent refuses with VersionNotSupportedError: every delegated call fails")

# --- f1098: a 1.0 HTTP+JSON GetTask answered with the spec examples' lower-case states (A2A #1408)
S1408 = ("https://github.com/a2aproject/A2A/issues/1408 ([Bug]: Inconsistent definition of TaskState: '§4.1.3 TaskState is defined in all caps "
         "using the TASK_ prefix, which breaks compatibility with version 0.3.0. However, the examples at §6 Common Workflows & Examples all "
         "show the state in the lower kebab case, just like it was in v0.3.0')")
case("f1098-v10-rest-get-task-kebab-case-state", get_card(0.0, card10(RA, binding="HTTP+JSON"), RA + "/.well-known/agent-card.json") + [
    req(0.2, "GET", RA + "/tasks/t-1408", ver="1.0", accept=A2AJ),
    resp(0.21, 200, {"id": "t-1408", "contextId": "c-1408", "status": {"state": "input-required", "timestamp": TS,
        "message": {"messageId": "a-1408", "role": "ROLE_AGENT", "parts": [{"text": "Which account should I use?"}]}}}, ctype=A2AJ),
], [("task-state-invalid", "error")], S1408,
     "1.0 JSON writes enums by their proto names (DATA-001, 1.0 §5.5): TASK_STATE_INPUT_REQUIRED; the server copied the §6 examples' 0.3 spelling input-required, which a 1.0 client's ProtoJSON parser refuses, or maps to TASK_STATE_UNSPECIFIED and never asks its user for the input")

# --- f1099: LangGraph's A2A error answer names its database server (v0.7.32)
case("f1099-v10-error-names-database-server", get_card(0.0, card10(LG + "/a2a/" + ASST, name="research-assistant"),
        LG + "/a2a/" + ASST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LG + "/a2a/" + ASST, rpc("lg-5", "SendMessage", {"message": umsg10("summarise the paper", mid="m-lg-5")}), ver="1.0"),
    resp(0.4, 200, err("lg-5", -32603, "Internal error: connection failed: connection to server at \"10.12.4.7\", port 5432 failed: FATAL:  password authentication failed for user \"langgraph\"",
        ei("INTERNAL"))),
], [("error-text-shows-internals", "warning")], LGC + "v0.7.32 'Sanitized error messages in streams and A2A responses to protect sensitive "
    "information like database connection strings and internal hostnames')",
     "errors tell the client what it can do without leaking sensitive information (1.0 §3.3.2, §13; CWE-209): the answer quotes the database driver's connection failure, the server's internal address, port and database user, which the client can do nothing with and an attacker can")

write_cases(cases, OUT)
