"""Session-29 field cases of miner mine29b (f580-f599): same helpers and output format as gen_cases.py.

Scope (round twenty-four): hosted agent platforms and frameworks on the wire: Vertex AI Agent
Engine, Bedrock AgentCore, Pydantic AI (fasta2a) behind LiteLLM's bridge, Mastra, AG2, Spring AI
(spring-ai-ascend on a2a-java), BeeAI Agent Stack, Google ADK, Microsoft Agents SDK, LangChain4j.
`python3 gen_cases29b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b29b-*` variants into ../variants).
"""
import copy, json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
CARD_URL = A + "/.well-known/agent-card.json"
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def card10(url=A + "/a2a", binding="JSONRPC", ver="1.0", **kw):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": ver}]
    c.update(kw)
    return c
def fasta2a_card():
    """The card Pydantic AI's `agent.to_a2a()` (fasta2a) serves: no streaming, no push."""
    return card03(A + "/", name="invoice-agent", description="Pydantic AI agent",
                  capabilities={"streaming": False, "pushNotifications": False, "stateTransitionHistory": False},
                  defaultInputModes=["application/json"], defaultOutputModes=["application/json"],
                  skills=[])

# --- faults ------------------------------------------------------------------------------------------
# BerriAI/litellm #28577: LiteLLM's OpenAI->A2A bridge against a fasta2a (Pydantic AI) agent
R28577 = "https://github.com/BerriAI/litellm/issues/28577"
msg28577 = {"role": "user", "parts": [{"kind": "text", "text": "extract the totals from invoice INV-204"}], "messageId": "m-28577"}
case("f580-v03-bridge-message-without-kind-agent-500", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, fasta2a_card()),
    req(0.1, "POST", A + "/", rpc("req-28577", "message/send", {"message": msg28577})),
    resp(0.12, 500, "Internal Server Error", ctype="text/plain; charset=utf-8"),
], [("request-message-invalid-shape", "error"), ("jsonrpc-response-malformed", "error")],
 R28577 + " (failure 1 of 4: the bridge built its A2A message without `kind`; fasta2a validates the whole request with a pydantic TypeAdapter (`a2a_request_ta.validate_json`) outside any try, so the ValidationError escapes to Starlette, which answers 500 `Internal Server Error` as text/plain; LiteLLM bubbled up a 500. Shape rebuilt from the report and fasta2a's applications.py)",
 "two faults: the client's 0.3 Message lacks the required `kind: \"message\"` discriminator (0.3:schema Message required [kind, messageId, parts, role], DATA-005), and the agent answers a JSON-RPC POST with a bare HTTP 500 page instead of a JSON-RPC error response: a request whose params fail the method's schema gets -32602 Invalid params with the request's id (JSON-RPC 2.0 §5, RPC-001, ERR-001)")

case("f581-v03-bridge-streams-to-agent-without-streaming", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, fasta2a_card()),
    req(0.1, "POST", A + "/", rpc("req-28577s", "message/stream", {"message": umsg03("extract the totals from invoice INV-205", mid="m-28577s")}), accept=SSE),
    resp(0.11, 500, "Internal Server Error", ctype="text/plain; charset=utf-8"),
], [("client-streaming-not-declared", "note"), ("jsonrpc-response-malformed", "error")],
 R28577 + " (failure 4 of 4: `stream=true` on /v1/chat/completions became `message/stream`, which fasta2a does not implement; its endpoint raises NotImplementedError('Method message/stream not implemented.') and Starlette answers 500 text/plain. The card fasta2a serves says capabilities.streaming false. Shape rebuilt from the report and fasta2a's applications.py)",
 "two faults: the client called message/stream on an agent whose card declares capabilities.streaming false (STREAM-001: a client uses streaming only with an agent that declares it), and the agent answers a JSON-RPC call it does not serve with an HTTP 500 page instead of a JSON-RPC error (-32004 UnsupportedOperationError, or -32601; RPC-001, ERR-001)")

# mastra-ai/mastra PR #13593: the client-js A2A client posts requests without jsonrpc and id
R13593 = "https://github.com/mastra-ai/mastra/pull/13593"
case("f582-v03-mastra-client-request-without-envelope", [
    req(0.0, "POST", A + "/a2a/weatherAgent", {"method": "message/send", "params": {"message": umsg03("what is the weather in Lisbon?", mid="m-13593")}}),
    resp(0.01, 400, err(None, -32600, "Invalid request: missing jsonrpc version or id")),
], [("client-request-jsonrpc-member-wrong", "error")],
 R13593 + " (`@mastra/client-js`'s A2A sendMessage, sendStreamingMessage, getTask and cancelTask posted `{method, params}` without `jsonrpc: '2.0'` and `id`, and the Mastra server's schema validation refused them; the fix adds the JSON-RPC 2.0 envelope. The server's answer is rebuilt from the description)",
 "every A2A JSON-RPC request carries `jsonrpc: \"2.0\"` and an `id` (JSON-RPC 2.0 §4, RPC-001); without an id the object is a notification, to which no answer may be sent, so the client cannot get its result. The server's -32600 with id null is the right answer to a request whose id it cannot read")

# ag2ai/ag2 #2904 / PR #2935: AG2's 1.0 client opened a session with a 0.3 agent
R2904 = "https://github.com/ag2ai/ag2/issues/2904 ; https://github.com/ag2ai/ag2/pull/2935"
case("f583-v10-framework-client-sendmessage-to-v03-card", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03(A + "/", name="currency-agent")),
    req(0.1, "POST", A + "/", rpc("1", "SendMessage", {"message": umsg10("convert 100 USD to EUR", mid="m-2904")}), ver="1.0"),
    resp(0.11, 200, err("1", -32601, "Method not found")),
], [("client-version-not-in-card", "note")],
 R2904 + " (AG2's beta A2A client (a2a-sdk 1.x) connected to an agent whose card declares protocolVersion 0.3 and sent 1.0 calls; the incompatibility surfaced later as opaque RPC-level errors, so PR #2935 refuses at connect time when the selected interface's protocol_version is 0.x)",
 "the card declares 0.3 only (CARD-005), so the 1.0 SendMessage is a call in a version the agent never offered (VER-005); the 0.3 agent's -32601 is the expected refusal. The fault is the client's: it did not read the version from the card before calling")

# chaosxingxc-orion/spring-ai-ascend #226: JSON-RPC error response the controller cannot write
R226 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/226"
case("f584-v10-spring-error-not-writable-500-empty", [
    req(0.0, "POST", A + "/a2a", rpc("req-226", "SendMessage", {"message": umsg10("book a table for two at 8pm", mid="m-226")}), ver="1.0"),
    resp(0.03, 500, "", ctype="application/json"),
], [("jsonrpc-response-malformed", "error")],
 R226 + " (with no default-tenant-id configured and no X-Tenant-Id header, the controller's handler returns an A2AErrorResponse from a method typed Object; Spring finds no converter for it (HttpMessageNotWritableException, preset Content-Type null) and the client gets HTTP 500 with an empty body instead of the JSON-RPC error)",
 "every JSON-RPC request with an id gets a JSON-RPC response object: a result or an error with the request's id (JSON-RPC 2.0 §5, RPC-001, ERR-001); an empty 500 tells the client neither why nor whether to retry")

# chaosxingxc-orion/spring-ai-ascend PR #175: protocol faults answered HTTP 200 {}
R175 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/pull/175"
case("f585-v10-spring-unknown-method-200-empty-object", [
    req(0.0, "POST", A + "/a2a", rpc("req-175", "GetTaskPushNotificationConfig", {"taskId": "t-175", "id": "cfg-1"}), ver="1.0"),
    resp(0.01, 200, {}),
], [("jsonrpc-response-malformed", "error")],
 R175 + " (before the PR, A2aJsonRpcController answered a malformed body, an unknown method, invalid params and internal faults with a silent HTTP 200 `{}`; the caller could see no error at all)",
 "a JSON-RPC response carries jsonrpc \"2.0\", the request's id and exactly one of result or error (JSON-RPC 2.0 §5, RPC-001); `{}` has none of them, so the client cannot tell success from failure. A method the agent does not serve gets -32601 (or UnsupportedOperationError) with the id")

# i-am-bee/agentstack #1497: the platform's error during proxy start-up reaches an SSE client without an id
R1497 = "https://github.com/i-am-bee/agentstack/issues/1497"
case("f586-v03-platform-stream-error-event-without-id", [
    req(0.0, "POST", A + "/api/v1/a2a/chat-agent/", rpc(1, "message/stream", {"message": umsg03("summarise the meeting notes", mid="m-1497")}), accept=SSE),
    resp(0.02, 200, "", ctype=SSE),
    chunk(0.03, sse({"jsonrpc": "2.0", "error": {"code": -32603, "message": "Agent provider is not ready"}})),
    chunk(0.031, "", close="eof"),
], [("stream-event-envelope-wrong", "error")],
 R1497 + " (while the Agent Stack server is still starting the agent's provider, its A2A proxy answers with errors of its own; the a2a-js client reported `SSE Event's JSON-RPC response ID mismatch. Client request ID: 1, event response ID: undefined`. The event's bytes are rebuilt from that message)",
 "every event of a 0.3 JSON-RPC stream is a JSON-RPC response carrying the request's id (0.3 §7.2, RPC-002, RPC-005); an error event without an id belongs to no request, and the a2a-js client refuses it. One fault, one error (q30a, mine29b): STREAM-SHAPE-002, whose RPC-005 names the request id of every stream event, not also RPC-ENVELOPE-001")

# a2aproject/a2a-go #269: a 1.0 HTTP+JSON client against Agent Engine's 0.3 HTTP+JSON interface
R269 = "https://github.com/a2aproject/a2a-go/issues/269"
VX = "https://us-central1-aiplatform.example.test/v1beta1/projects/p-269/locations/us-central1/reasoningEngines/re-269/a2a"
card269 = card03(VX, name="adk-agent", preferredTransport="HTTP+JSON")
case("f587-v10-rest-client-to-v03-rest-agent", [
    req(0.0, "GET", VX + "/v1/card", hdr={"authorization": "Bearer tok-269"}),
    resp(0.02, 200, card269),
    req(0.1, "POST", VX + "/message:send", {"message": umsg10("what is the status of order 42?", mid="m-269")}, ver="1.0", hdr={"authorization": "Bearer tok-269"}),
    resp(0.12, 404, {"error": {"code": 404, "message": "Requested entity was not found.", "status": "NOT_FOUND"}}),
], [("client-version-not-in-card", "note")],
 R269 + " (Google's Agent Engine and google-adk serve only HTTP+JSON A2A 0.3; a2a-go's 1.0 REST client speaks 1.0's routes (`/message:send`, no `/v1`) and a2acompat covered only JSON-RPC, so an a2a-go 1.0 client cannot call an Agent Engine deployment. Shape rebuilt from the description)",
 "the card declares protocolVersion 0.3.0 over HTTP+JSON (CARD-005), whose send route is `/v1/message:send` (0.3 §3.2.3); the client called 1.0's `/message:send` with A2A-Version 1.0, a version the card never offered (VER-005), and got the platform's 404. The fault is the client's")

# --- legal controls ----------------------------------------------------------------------------------
# google/adk-python #4770 / #4776: Agent Engine writes its own url into the served card
R4770 = "https://github.com/google/adk-python/issues/4770 ; https://github.com/google/adk-python/issues/4776"
VX2 = "https://us-central1-aiplatform.example.test/v1beta1/projects/p-4770/locations/us-central1/reasoningEngines/re-4770/a2a"
card4770 = card03(VX2, name="agent-name", description="A helpful assistant agent that can answer questions.", preferredTransport="HTTP+JSON")
case("f588-legal-v03-platform-card-url-is-platform-endpoint", [
    req(0.0, "GET", VX2 + "/v1/card", hdr={"authorization": "Bearer tok-4770"}),
    resp(0.03, 200, card4770),
    req(0.2, "POST", VX2 + "/v1/message:send", {"message": {"messageId": "m-4770", "role": "ROLE_USER", "content": [{"text": "what can you do?"}]}}, hdr={"authorization": "Bearer tok-4770"}),
    resp(1.4, 200, {"task": {"id": "t-4770", "contextId": "c-4770", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
                             "artifacts": [{"artifactId": "a-4770", "parts": [{"text": "I answer questions about your orders."}]}]}}),
], [],
 R4770 + " (the deployer set AgentCard(url='https://custom.url.com/'); Agent Engine overwrites it with f'{base_url}/{api_version}/{resource_name}/a2a' and serves the card at .../a2a/v1/card, not at a well-known path; the reporters asked for their own url)",
 "legal: the card's url is where the agent's interface really is (CARD-005), and here the platform's endpoint answers the 0.3 HTTP+JSON send at `{url}/v1/message:send`; a card may be served at a path the platform documents, the well-known URI being only one way to find it (CARD-001, CARD-002). A url that names the hosted endpoint rather than the deployer's own domain is no fault")

# microsoft/agent-framework #1404: an AgentCore-hosted card with an encoded ARN in its url and skills with no tags
R1404 = "https://github.com/microsoft/agent-framework/issues/1404"
AC = "https://bedrock-agentcore.us-east-1.example.test/runtimes/arn%3Aaws%3Abedrock-agentcore%3Aus-east-1%3A123456789012%3Aruntime%2Fcity_info-AbCdEf1234/invocations/"
card1404 = card03(AC, name="City_Information_System", description="Provides weather and events information for cities worldwide",
                  version="0.0.1", defaultInputModes=["text"], defaultOutputModes=["text"],
                  skills=[{"id": "weather_assistant", "name": "weather_assistant", "description": "Process and respond to weather-related queries.\n\nArgs:\n    query: A weather related question requiring factual information\n\nReturns:\n    A detailed weather answer with citations", "tags": []},
                          {"id": "events_search_assistant", "name": "events_search_assistant", "description": "Process and respond to events-related queries.\n\nArgs:\n    query: A events related question requiring factual information\n\nReturns:\n    A detailed events list with citations", "tags": []}])
SESS = {"authorization": "Bearer tok-1404", "x-amzn-bedrock-agentcore-runtime-session-id": "sess-1404-0123456789abcdef0123456789"}
case("f589-legal-v03-agentcore-card-encoded-arn-url-empty-tags", [
    req(0.0, "GET", AC + ".well-known/agent-card.json", hdr=SESS),
    resp(0.2, 200, card1404),
    req(0.5, "POST", AC, rpc("req-1404", "message/send", {"message": umsg03("what is the weather in Seattle tomorrow?", mid="m-1404")}), hdr=SESS),
    resp(3.1, 200, ok("req-1404", amsg03("Tomorrow in Seattle: 14 C and light rain.", mid="m-a1404", contextId="c-1404"))),
], [],
 R1404 + " (an A2A server on Bedrock AgentCore Runtime: the card's url is the runtime's invocations URL with the runtime ARN percent-encoded as one path segment and a trailing slash, and each skill has `tags: []`; the report was only that Agent Framework's client turned the whole agent, not each skill, into one tool)",
 "legal: a url whose path carries a percent-encoded ARN is one absolute URL (RFC 3986 §2.1), and the send to it is answered (CARD-005); AgentSkill.tags is a required array that may be empty (0.3:schema AgentSkill), and input modes `text` are strings the card may use (CARD-005 names no media-type syntax for 0.3)")

# BerriAI/litellm #28577 failure 2: a Message whose only part is a data part
case("f590-legal-v03-structured-output-data-part-only", [
    req(0.0, "POST", A + "/", rpc("req-28577d", "tasks/get", {"id": "t-28577d"})),
    resp(0.01, 200, ok("req-28577d", task03("t-28577d", "c-28577d", "completed",
         artifacts=[{"artifactId": "a-28577d", "name": "result", "parts": [{"kind": "data", "data": {"result": {"invoice": "INV-204", "total": 1240.5, "currency": "EUR"}}}]}]))),
], [],
 R28577 + " (failure 2 of 4: a Pydantic AI agent with output_type=... answers with a `kind: \"data\"` part only; LiteLLM's bridge kept only text parts, so the chat completion came back 200 with empty content)",
 "legal: an artifact of data parts only is a well-formed result (0.3:schema DataPart, Artifact parts minItems 1; DATA-004, DATA-005); a client that reads only text parts loses the answer, the agent does not")

case("f591-legal-v03-send-returns-submitted-then-poll", [
    req(0.0, "POST", A + "/", rpc("req-28577p", "message/send", {"message": umsg03("extract the totals from invoice INV-206", mid="m-28577p")})),
    resp(0.02, 200, ok("req-28577p", task03("t-28577p", "c-28577p", "submitted"))),
    req(1.0, "POST", A + "/", rpc("req-28577q", "tasks/get", {"id": "t-28577p"})),
    resp(1.01, 200, ok("req-28577q", task03("t-28577p", "c-28577p", "working"))),
    req(3.0, "POST", A + "/", rpc("req-28577r", "tasks/get", {"id": "t-28577p"})),
    resp(3.01, 200, ok("req-28577r", task03("t-28577p", "c-28577p", "completed",
         artifacts=[{"artifactId": "a-28577p", "name": "result", "parts": [{"kind": "text", "text": "Total: 980.00 EUR"}]}]))),
], [],
 R28577 + " (failure 3 of 4: fasta2a always answers message/send with a `submitted` task, never `completed` (its docstring: 'The server will always either send a \"submitted\" or a \"failed\" on message/send'); LiteLLM's bridge never polled tasks/get, so the artifacts never arrived)",
 "legal: without configuration.blocking the 0.3 agent may answer a send with a task that is not yet terminal (0.3 §7.1 message/send returns Task | Message; TASK-001), and the client follows it with tasks/get (TASK-004)")

# chaosxingxc-orion/spring-ai-ascend #382: GET on the JSON-RPC endpoint answered 405 text/plain
R382 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/382"
case("f592-legal-v10-get-on-jsonrpc-endpoint-405-plain", [
    req(0.0, "GET", A + "/a2a"),
    resp(0.003, 405, "Method Not Allowed", ctype="text/plain", hdr={"allow": "POST"}),
    req(0.1, "POST", A + "/a2a", rpc("req-382", "SendMessage", {"message": umsg10("plan the EDP report", mid="m-382")}), ver="1.0"),
    resp(0.9, 200, ok("req-382", {"task": task10("t-382", "c-382", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-382", "parts": [{"text": "Report planned."}]}])})),
], [],
 R382 + " (a test suite expected `GET /a2a` to be answered with a JSON-RPC error -32600 and filed the plain-text 405 with Allow: POST as a bug; POSTs to the same endpoint get JSON-RPC errors)",
 "legal: the JSON-RPC binding is JSON-RPC 2.0 requests POSTed to the interface url (1.0 §9, RPC-001); a GET is no JSON-RPC request, so no JSON-RPC response is owed, and 405 with Allow: POST is the HTTP answer (RFC 9110 §15.5.6)")

# google/adk-python #4676: a final answer that also carries a thought part marked in part metadata
R4676 = "https://github.com/google/adk-python/issues/4676"
case("f593-legal-v03-thought-part-marked-in-metadata", [
    req(0.0, "POST", A + "/", rpc("req-4676", "message/send", {"message": umsg03("which city is bigger, Porto or Braga?", mid="m-4676")})),
    resp(2.2, 200, ok("req-4676", task03("t-4676", "c-4676", "completed",
         history=[umsg03("which city is bigger, Porto or Braga?", mid="m-4676", taskId="t-4676", contextId="c-4676")],
         artifacts=[{"artifactId": "a-4676", "parts": [
             {"kind": "text", "text": "Comparing municipal populations first.", "metadata": {"adk_thought": True}},
             {"kind": "text", "text": "Porto is bigger than Braga."}]}]))),
], [],
 R4676 + " (an ADK A2A server returns the model's thought as a text part with `metadata.adk_thought: true` next to the answer; ADK's own RemoteA2aAgent client rendered both to the user)",
 "legal: Part.metadata is an open object for extension data (0.3:schema TextPart metadata, DATA-004); marking a part as a thought there is the agent's convention, and a client that does not know it shows the part as text. Nothing in the wire breaks")

# microsoft/Agents-for-net PR #391: a streamed data part describing itself in metadata
R391 = "https://github.com/microsoft/Agents-for-net/pull/391"
dp391 = {"kind": "data", "data": {"messages": ["-multi", "end"]},
         "metadata": {"mimeType": "application/json", "type": "object", "schema": {"type": "object", "properties": {"messages": {"type": ["array", "null"], "items": {"type": "string"}}}}}}
case("f594-legal-v03-stream-data-part-with-schema-metadata", [
    req(0.0, "POST", A + "/a2a", rpc("5c5c-391", "message/stream", {"message": umsg03("-multi", mid="m-391")}), accept=SSE),
    resp(0.02, 200, "", ctype=SSE),
    chunk(0.03, sse(ok("5c5c-391", task03("t-391", "c-391", "submitted")))),
    chunk(0.05, sse(ok("5c5c-391", su03("t-391", "c-391", "working", False)))),
    chunk(0.4, sse(ok("5c5c-391", {"kind": "artifact-update", "taskId": "t-391", "contextId": "c-391",
                                    "artifact": {"artifactId": "a-391", "name": "Result", "description": "Task completion result", "parts": [dp391]}}))),
    chunk(0.41, sse(ok("5c5c-391", su03("t-391", "c-391", "completed", True)))),
    chunk(0.42, "", close="eof"),
], [],
 R391 + " (Microsoft 365 Agents SDK's A2A hosting streams an Activity's value as an artifact whose data part carries its media type and JSON Schema in part metadata)",
 "legal: a DataPart's metadata is free-form (0.3:schema DataPart metadata, DATA-004); the stream opens with the task, updates it and ends with a final completed status (STREAM-001, STREAM-003)")

# langchain4j/langchain4j #3754: the agent answers a send with a Message, the framework expected a Task
R3754 = "https://github.com/langchain4j/langchain4j/issues/3754"
case("f595-legal-v03-send-answered-with-message", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03(A + "/", name="greeter", capabilities={"streaming": False})),
    req(0.1, "POST", A + "/", rpc("req-3754", "message/send", {"message": umsg03("say hello to the team", mid="m-3754")})),
    resp(0.3, 200, ok("req-3754", amsg03("Hello, team!", mid="m-a3754", contextId="c-3754"))),
], [],
 R3754 + " (LangChain4j's agentic A2A client supported only the `task` response type; agents that answer with a `message`, which the issue calls very common, could not be used)",
 "legal: message/send answers with a Task or a Message (0.3 §7.1, RPC-003); a Message is the whole answer of a call that needs no task (TASK-001)")
# google/adk-python #4127: ADK's A2aAgentExecutor.cancel() raises NotImplementedError
R4127 = "https://github.com/google/adk-python/issues/4127"
case("f596-v03-framework-cancel-not-implemented-internal-error", [
    req(0.0, "POST", A + "/", rpc("c-1", "message/send", {"message": umsg03("compile the weekly sales digest", mid="m-4127"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("c-1", task03("t-4127", "c-4127", "working"))),
    req(2.0, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-4127"})),
    resp(2.01, 200, err("c-2", -32603, "Internal error")),
    req(5.0, "POST", A + "/", rpc("c-3", "tasks/get", {"id": "t-4127"})),
    resp(5.01, 200, ok("c-3", task03("t-4127", "c-4127", "working"))),
], [("jsonrpc-error-code-mismatch-0x", "warning")],
 R4127 + " (ADK's A2aAgentExecutor did not implement the abstract cancel() of a2a-sdk's AgentExecutor, so every tasks/cancel raised NotImplementedError, which the SDK's handler turns into -32603; fixed in ADK 2.6.0 by publishing a terminal canceled status. The error's bytes are rebuilt from the description)",
 "a task the agent will not cancel is answered -32002 TaskNotCancelableError (0.3 §8.2, ERR-002; TASK-006), or -32004 UnsupportedOperationError when the agent does not support cancelation; -32603 Internal error tells the client the server broke, and the task it asked to stop runs on (the later tasks/get shows it working)")

# strands-agents/harness-sdk PR #2245: before it, Strands' A2A executor refused every cancel
# with UnsupportedOperationError
R2245 = "https://github.com/strands-agents/harness-sdk/pull/2245"
case("f597-legal-v03-cancel-refused-unsupported-operation", [
    req(0.0, "POST", A + "/", rpc("c-1", "message/send", {"message": umsg03("scan the repository for leaked keys", mid="m-2245"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("c-1", task03("t-2245", "c-2245", "working"))),
    req(1.5, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-2245"})),
    resp(1.51, 200, err("c-2", -32004, "This operation is not supported")),
    req(9.0, "POST", A + "/", rpc("c-3", "tasks/get", {"id": "t-2245"})),
    resp(9.01, 200, ok("c-3", task03("t-2245", "c-2245", "completed", artifacts=[{"artifactId": "a-2245", "parts": [{"kind": "text", "text": "No leaked keys found."}]}]))),
], [],
 R2245 + " (Strands' StrandsA2AExecutor.cancel raised ServerError(UnsupportedOperationError) with the log 'Cancellation requested but not supported'; the PR added real cancelation with a terminal-state check)",
 "legal: an agent that cancels no task may refuse every cancel with -32004 UnsupportedOperationError (0.3 §8.2: the operation is not supported; ERR-002), and the task then runs to its end; only success without canceling, or an internal error, would mislead the client")

# --- variants b29b-* (kind fixes) ---------------------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)

# K1: a client in 1.0's HTTP+JSON route form below a 0.3 HTTP+JSON interface (f587): the
# agent's 404 is right; the client's version (VER-CARD-002) or its dropped /v1 (BIND-USE-002)
# is the fault, not the card's url (CARD-URL-002 before).
VK = A + "/a2a"
cardK = card03(VK, preferredTransport="HTTP+JSON")
def k1(tid, lines):
    return [req(0.0, "GET", CARD_URL), resp(0.004, 200, cardK)] + lines
msgK = lambda mid: {"message": {"messageId": mid, "role": "ROLE_USER", "content": [{"text": "what is the status of order 42?"}]}}
vcase("b29b-K1-v10-rest-get-task-1x-route-on-v03-interface", k1("t-k1a", [
    req(0.1, "GET", VK + "/tasks/t-k1a", ver="1.0"),
    resp(0.11, 404, "Not Found", ctype="text/plain"),
]), [("client-version-not-in-card", "note")], R269 + " (GetTask in 1.0's route form with A2A-Version 1.0 on a 0.3 HTTP+JSON interface)",
 "the 0.3 card declares HTTP+JSON 0.3 only, whose routes sit below {url}/v1 (0.3 §3.2.3); a 1.0 GetTask (VER-005) gets the agent's right 404, and the card's url is not what is wrong")
vcase("b29b-K1-v03-rest-client-drops-v1-prefix", k1("t-k1b", [
    req(0.1, "POST", VK + "/message:send", msgK("m-k1b")),
    resp(0.11, 404, {"detail": "Not Found"}),
]), [("client-url-not-advertised", "warning")], R269 + " (a 0.3 HTTP+JSON send without the route prefix /v1 and without A2A-Version)",
 "0.3's HTTP+JSON send is POST {url}/v1/message:send (0.3 §3.2.3, CARD-005); the client left out /v1 and got the router's 404: the client did not follow the card, the card's url is right")
vcase("b29b-K1-legal-v03-rest-client-uses-v1-routes", k1("t-k1c", [
    req(0.1, "POST", VK + "/v1/message:send", msgK("m-k1c")),
    resp(0.3, 200, {"task": {"id": "t-k1c", "contextId": "c-k1c", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
                            "artifacts": [{"artifactId": "a-k1c", "parts": [{"text": "Order 42 shipped."}]}]}}),
]), [], R269 + " (control: the 0.3 route below the card's url)",
 "legal: POST {url}/v1/message:send is the 0.3 HTTP+JSON send (0.3 §3.2.3), answered with a Task")
vcase("b29b-K1-v03-rest-agent-v1-route-404", k1("t-k1d", [
    req(0.1, "POST", VK + "/v1/message:send", msgK("m-k1d")),
    resp(0.11, 404, {"detail": "Not Found"}),
]), [("card-url-unreachable", "error")], R269 + " (control: the 0.3 route the card defines answered 404)",
 "the client called the card's 0.3 route exactly as 0.3 defines it (0.3 §3.2.3) and got 404: the advertised interface does not answer there (CARD-005, CARD-006), the agent's fault as before")

vcase("b29b-K1-v03-control-card-fetched-below-rest-url-404", k1("t-k1e", [
    req(0.1, "GET", VK + "/.well-known/agent-card.json"),
    resp(0.11, 404, {"detail": "Not Found"}),
    req(0.2, "POST", VK + "/v1/message:send", msgK("m-k1e")),
    resp(0.4, 200, {"task": {"id": "t-k1e", "contextId": "c-k1e", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}),
]), [], R269 + " (control: a client looking for the card below the interface url, then the 0.3 send)",
 "a card looked for below the interface url is discovery, no operation route: its 404 says nothing about the route form (not BIND-USE-002), and the 0.3 send at {url}/v1/message:send works")

# K2: a streaming call to an agent whose card declares no streaming (f581), the client's half
# of STREAM-001 (CAP-STREAM-003, new).
def k2card03(**caps):
    return card03(A + "/", capabilities=caps)
vcase("b29b-K2-v03-resubscribe-card-without-streaming", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, k2card03(pushNotifications=False)),
    req(0.1, "POST", A + "/", rpc("s-k2a", "message/send", {"message": umsg03("render the quarterly chart", mid="m-k2a"), "configuration": {"blocking": False}})),
    resp(0.12, 200, ok("s-k2a", task03("t-k2a", "c-k2a", "working"))),
    req(1.0, "POST", A + "/", rpc("s-k2b", "tasks/resubscribe", {"id": "t-k2a"}), accept=SSE),
    resp(1.01, 200, err("s-k2b", -32004, "This operation is not supported")),
], [("client-streaming-not-declared", "note")], R28577 + " (tasks/resubscribe, the other 0.3 streaming call, to an agent whose card leaves streaming out)",
 "tasks/resubscribe is a streaming call and, like message/stream, needs capabilities.streaming true (0.3 §7.9, STREAM-001); the card leaves it out, so -32004 is the expected refusal and the client should poll tasks/get")
vcase("b29b-K2-v10-send-streaming-card-streaming-false", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(capabilities={"streaming": False})),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("draft the release notes", mid="m-k2c")}), ver="1.0", accept=SSE),
    resp(0.11, 200, err("1", -32004, "Streaming is not supported", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
], [("client-streaming-not-declared", "note")], R28577 + " (the 1.0 form: SendStreamingMessage to a card with streaming false)",
 "1.0 §3.3.4 (STREAM-001): with capabilities.streaming false the agent answers streaming operations with UnsupportedOperationError, as here; the client should not have streamed")
vcase("b29b-K2-v03-card-streaming-false-but-served", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, k2card03(streaming=False)),
    req(0.1, "POST", A + "/", rpc("s-k2d", "message/stream", {"message": umsg03("draft the release notes", mid="m-k2d")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s-k2d", task03("t-k2d", "c-k2d", "working")))),
    chunk(0.5, sse(ok("s-k2d", su03("t-k2d", "c-k2d", "completed", True)))),
    chunk(0.51, "", close="eof"),
], [("streaming-not-declared-but-served", "error")], R28577 + " (control: the agent served the stream its card denies)",
 "the agent serving a stream while its card says streaming false is the agent's fault (STREAM-001, CAP-STREAM-001); the client got its stream, so its call is not judged")
vcase("b29b-K2-legal-v03-stream-card-declares-streaming", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, k2card03(streaming=True)),
    req(0.1, "POST", A + "/", rpc("s-k2e", "message/stream", {"message": umsg03("draft the release notes", mid="m-k2e")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s-k2e", task03("t-k2e", "c-k2e", "working")))),
    chunk(0.5, sse(ok("s-k2e", su03("t-k2e", "c-k2e", "completed", True)))),
    chunk(0.51, "", close="eof"),
], [], R28577 + " (control: message/stream to a card declaring streaming)",
 "legal: the card declares capabilities.streaming true, so message/stream is offered (STREAM-001) and served")

# K3: a cancel of a live task the agent handed out, refused -32603 InternalError (f596):
# TaskNotCancelableError was due (TASK-003).
vcase("b29b-K3-v10-cancel-live-task-internal-error", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("compile the weekly sales digest", mid="m-k3a"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-k3a", "c-k3a", "TASK_STATE_WORKING")})),
    req(2.0, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-k3a"}), ver="1.0"),
    resp(2.01, 200, err("2", -32603, "NotImplementedError")),
], [("jsonrpc-error-code-mismatch", "error")], R4127 + " (the 1.0 form: CancelTask of a working task answered -32603)",
 "the task is live and the agent's own; a cancel it does not carry out is TaskNotCancelableError (TASK-003, ERR-002), not InternalError")
vcase("b29b-K3-v03-cancel-submitted-task-internal-error", [
    req(0.0, "POST", A + "/", rpc("c-1", "message/send", {"message": umsg03("compile the weekly sales digest", mid="m-k3b"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("c-1", task03("t-k3b", "c-k3b", "submitted"))),
    req(0.5, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-k3b"})),
    resp(0.51, 200, err("c-2", -32603, "")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], R4127 + " (a submitted task, an error with an empty message: str(NotImplementedError()))",
 "a submitted task is live (TASK-001); refusing its cancel is TaskNotCancelableError (TASK-003, ERR-002)")
vcase("b29b-K3-legal-v03-cancel-live-task-not-cancelable", [
    req(0.0, "POST", A + "/", rpc("c-1", "message/send", {"message": umsg03("compile the weekly sales digest", mid="m-k3c"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("c-1", task03("t-k3c", "c-k3c", "working"))),
    req(2.0, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-k3c"})),
    resp(2.01, 200, err("c-2", -32002, "Task cannot be canceled")),
], [], R4127 + " (control: the same refusal with TaskNotCancelableError)",
 "legal: an agent may decline to cancel a live task, and says so with -32002 TaskNotCancelableError (TASK-003)")
vcase("b29b-K3-v03-control-cancel-unseen-task-internal-error", [
    req(0.0, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-k3d"})),
    resp(0.01, 200, err("c-2", -32603, "Internal error")),
], [], R4127 + " (control: a cancel of a task this recording never showed)",
 "not judged by this situation: the recording does not show that task t-k3d exists or is live, so it cannot tell which error was due (TaskNotFound or TaskNotCancelable); -32603 may be a real fault of the server")

write_cases(cases, OUT)
write_cases(var_cases, VAR)
