"""Session-27 field cases of miner mine27b (f480-f499): same helpers and output format as gen_cases.py.

Scope: what agents say when things go wrong, and how agents are found: A2A error codes and
their JSON-RPC / HTTP+JSON forms (1.0 error.data as typed details), auth failures answered as
JSON-RPC errors or as failed tasks, failed and rejected tasks with and without a status message,
card paths (agent-card.json vs the 0.2 agent.json), cards behind gateways, card fields clients
validate, card caching, and the A2A-Version header refused by an older agent.
`python3 gen_cases27b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b27b-*` variants into ../variants).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
ERRINFO = "type.googleapis.com/google.rpc.ErrorInfo"
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def card_get(url, card, t=0.0, hdr=None):
    return [req(t, "GET", url), resp(t + 0.004, 200, card, hdr=hdr)]
BEARER03 = {"securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}, "security": [{"bearer": []}]}

# --- faults ----------------------------------------------------------------------------------------
# agentscope-ai/agentscope-java #1455: the server serves /.well-known/agent.json, the client asks agent-card.json
CARD1455 = card03(A + "/a2a", name="travel-planner", description="Plans trips")
case("f480-v03-card-only-at-legacy-path", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.003, 404, {"timestamp": "2026-05-21T08:12:40.118+00:00", "status": 404, "error": "Not Found", "path": "/.well-known/agent-card.json"}),
    req(0.5, "GET", A + "/.well-known/agent.json"),
    resp(0.504, 200, CARD1455),
], [("card-0-3-not-at-agent-card-json", "note")],
 "https://github.com/agentscope-ai/agentscope-java/issues/1455 (agentscope 1.0.12: the A2A server exposes /.well-known/agent.json while the a2a client requests /.well-known/agent-card.json, so discovery fails with 404)",
 "0.3 §5.3 recommends /.well-known/agent-card.json for a 0.3 card (CARD-002: a recommendation before 1.0, so f295's agent at the 0.2 path is legal); every 0.3 SDK client (a2a-python, a2a-js, a2a-java A2ACardResolver) fetches only there, so a card that declares protocolVersion 0.3.0 at /.well-known/agent.json alone is found by none of them: a note that names why discovery failed")

# a2aproject/a2a-go #167 (ToJSONRPCError puts the root cause in data) with a2a-python #1027: 1.0 error.data is a typed-details array
case("f481-v10-error-data-object", [
    req(0.0, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-167"}), ver="1.0"),
    resp(0.03, 200, err("1", -32603, "internal error", {"error": "failed to load task t-167: context deadline exceeded"})),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/a2aproject/a2a-go/issues/167 ; https://github.com/a2aproject/a2a-python/issues/1027 (a2a-go's ToJSONRPCError answers an internal error with data {\"error\": err.Error()} on its 1.0 JSON-RPC server; the 1.0 hot-fix, A2A PR #1627, makes error.data an array of typed details, which a2a-python PR #1058 and a2a-go PR #327 then emit)",
 "1.0 JSON-RPC error.data, when present, is an array of objects each carrying @type (ERR-004, 1.0 §9.5); an object is no detail list, so a 1.0 client that decodes data as google.protobuf.Any values (Go protojson, Java JsonFormat, a2a-python after #1058) fails on the whole error and loses its code too")

# a2aproject/a2a-python PR #1183: the exception text as error.data
case("f482-v10-invalid-params-data-exception-text", [
    req(0.0, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-1183", "historyLength": "ten"}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "Invalid params", "Failed to parse GetTaskRequest: invalid value for int32 field historyLength: \"ten\" (File \"/app/.venv/lib/python3.12/site-packages/google/protobuf/json_format.py\", line 688)")),
], [("jsonrpc-response-malformed", "error"), ("error-text-shows-internals", "warning")],
 "https://github.com/a2aproject/a2a-python/pull/1183 (the JSON-RPC dispatcher embedded the raw exception text in client-visible errors: InvalidRequestError(data=str(e)), InvalidParamsError(data=str(e)), InternalError(message=str(e)), leaking internal paths and library versions; the PR returns the generic error and logs the exception)",
 "historyLength \"ten\" is no int32, so -32602 is the right code (ERR-006), but 1.0 error.data is an array of @type'd details (ERR-004): a string there is neither, and this one carries the server's file paths; the server file path in it is AUTH-LEAK-001 (q28b: internal details in error text are told in every generation and binding, not only where 1.0 error.data is no array)")

# prebid/salesagent PR #122 (after): a missing bearer token answered -32600 Invalid Request
CARD122 = card03(A + "/a2a", name="sales-agent", description="AdCP sales agent", **BEARER03)
case("f483-v03-missing-token-invalid-request", [
    *card_get(A + "/.well-known/agent-card.json", CARD122),
    req(0.2, "POST", A + "/a2a", rpc(1756982523227, "message/send", {"message": umsg03("list the available products", mid="m-122a")})),
    resp(0.21, 200, err(1756982523227, -32600, "Missing authentication token - Bearer token required in Authorization header")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/prebid/salesagent/pull/122 (after the PR: authentication failures raise ServerError(InvalidRequestError), answered as JSON-RPC -32600 \"Missing authentication token - Bearer token required in Authorization header\")",
 "the request is a well-formed JSON-RPC call; a missing credential is answered at the HTTP layer, 401 with WWW-Authenticate (AUTH-002, AUTH-003), and -32600 Invalid Request tells the client its JSON-RPC object is broken (ERR-001), so it cannot tell an auth failure from a bug of its own")

# prebid/salesagent PR #122 (before): the same failure as a 200 result, a failed task with an error artifact
case("f484-v03-missing-token-failed-task-artifact", [
    *card_get(A + "/.well-known/agent-card.json", CARD122),
    req(0.2, "POST", A + "/a2a", rpc(1756982523227, "message/send", {"message": umsg03("list the available products", mid="m-122b")})),
    resp(0.21, 200, ok(1756982523227, task03("t-122", "c-122", "failed", artifacts=[{"artifactId": "a-122", "parts": [{"kind": "text", "text": "Missing authentication token - Bearer token required in Authorization header"}]}]))),
], [("task-endpoint-without-auth", "error")],
 "https://github.com/prebid/salesagent/pull/122 (before the PR: authentication errors and invalid requests were returned as successful responses, a Task with status failed and an artifact carrying the error text)",
 "the card requires a bearer token (AUTH-002: every request is authenticated against the declared schemes); the agent took the unauthenticated message/send, created a task for it and answered 200, so the refusal is a task's artifact no client reads as an auth error (AUTH-003: 401 with a challenge)")

# pydantic/pydantic-ai #1747: FastA2A's card with snake_case mode names and no capabilities
case("f485-card01-snake-case-modes-no-capabilities", card_get(A + "/.well-known/agent.json", {
    "name": "BJ llm agent", "description": "An llm agent", "url": "https://www.test.com", "version": "1.0.0",
    "skills": [{"id": "chat", "name": "Chat", "description": "Chats", "tags": ["chat"]}],
    "default_input_modes": ["application/json"], "default_output_modes": ["application/json"]}),
 [("card-missing-required-field", "error"), ("card-member-misspelt-0x", "warning")],
 "https://github.com/pydantic/pydantic-ai/issues/1747 (Google's A2A sample client failed on FastA2A's agent card: 4 validation errors, capabilities and authentication required, defaultInputModes / defaultOutputModes missing because FastA2A wrote default_input_modes / default_output_modes)",
 "served at the 0.2 path with no member 0.2 added, the card is judged by the 0.1 schema, which requires capabilities (CARD-004): it has none. The snake_case default_input_modes / default_output_modes are unknown members a camelCase reader ignores (0.1 leaves the default modes optional, so only their names are wrong)")

# assistant-ui/assistant-ui PR #5115: HTTP 200 with {} accepted as an agent card
case("f486-card10-empty-object", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, {}),
], [("card-missing-required-field", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/5115 (react-a2a accepted an endpoint returning HTTP 200 with {} as an A2AAgentCard; the PR validates the required top-level, interface and skill fields)",
 "a 1.0 AgentCard requires name, description, supportedInterfaces, version, capabilities, default modes and skills (CARD-003); {} has none, so a client that reads it as a card decides capabilities from undefined")

# Apicurio/apicurio-registry #8731: an interface url that is no URL passes the registry's validation
CARD8731 = json.loads(json.dumps(CARD10))
CARD8731["supportedInterfaces"] = [{"url": "not-a-url", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("f487-card10-interface-url-not-a-url", card_get(A + "/.well-known/agent-card.json", CARD8731),
 [("card-interface-malformed", "error")],
 "https://github.com/Apicurio/apicurio-registry/issues/8731 (AgentCardContentValidator checks that supportedInterfaces[].url exists and is a string, so a card with \"url\": \"not-a-url\" passes FULL validation and is stored; clients then fail to connect at run time)",
 "AgentInterface.url is the absolute URL where the interface is served (CARD-005); not-a-url names no endpoint a client can call")

# agentgateway/agentgateway PR #1760: the card of an agent under a sub-path keeps its backend url
case("f488-v03-card-backend-url-through-gateway", [
    req(0.0, "GET", "https://gw.example.test/agent1/.well-known/agent-card.json"),
    resp(0.01, 200, card03("http://internal.backend/agents/agent1/", name="agent1", description="Answers questions")),
], [("card-over-https-advertises-http", "warning")],
 "https://github.com/agentgateway/agentgateway/pull/1760 (the A2A policy matched the card path exactly, so for an agent living under http://internal.backend/agents/agent1/ behind the route /agent1/* the response rewrite was skipped and the card returned to the client still advertised the internal backend URL)",
 "the card fetched over https from gw.example.test names http://internal.backend/agents/agent1/ as the agent's url (CARD-006): a client that follows it leaves the gateway and drops TLS (AUTH-004). That internal.backend resolves only inside the gateway's network is not in the recording: the name has no suffix a private network reserves (.internal, .local, .svc), so only the plain-http downgrade is judged")

# a2aproject/a2a-java #749: a 1.0 card without Cache-Control and ETag
case("f489-card10-no-cache-headers", card_get(A + "/.well-known/agent-card.json", CARD10, hdr={"content-type": "application/json;charset=UTF-8"}),
 [("card-cache-headers-missing", "note")],
 "https://github.com/a2aproject/a2a-java/issues/749 (the Agent Card response at /.well-known/agent-card.json carries no Cache-Control, ETag or Last-Modified; fixed by a2a-java PR #761)",
 "1.0 card responses SHOULD send Cache-Control with max-age and an ETag (CARD-009, 1.0 §8.6) so clients can cache and revalidate; without them every client refetches or caches by guesswork")

# espennilsen/pi PR #63: a 0.3 agent refuses A2A-Version 1.0 with HTTP 400 and id null
CARD63 = card03(A + "/", name="pi", description="Coding agent")
case("f490-v03-version-refusal-id-null", [
    *card_get(A + "/.well-known/agent-card.json", CARD63),
    req(0.2, "POST", A + "/", rpc("req-63", "SendMessage", {"message": umsg10("run the tests", mid="m-63")}), ver="1.0"),
    resp(0.21, 400, {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Unsupported A2A version: 1.0. This agent supports 0.x."}, "id": None}),
], [("jsonrpc-id-mismatch", "error"), ("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/espennilsen/pi/pull/63 (pi-a2a's server validates A2A-Version: a header that does not start with 0. is answered HTTP 400 with {jsonrpc: \"2.0\", error: {code: -32600, message: \"Unsupported A2A version: ...\"}, id: null})",
 "refusing a version the 0.3 agent does not serve is its right (the card declares 0.3.0; VersionNotSupportedError, -32009, is a 1.0 error), but the refusal breaks JSON-RPC twice: the call's id was readable (req-63), so the answer must echo it (JSON-RPC 2.0 §5: null only when the id could not be detected; RPC-002), and -32600 Invalid Request says the request object was unreadable (ERR-001), which it was not")

# --- legal controls ------------------------------------------------------------------------------
# google/adk-python #4309 / #6708: a failed task whose status message carries the error
case("f491-legal-v03-stream-failed-with-status-message", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("book the flight", mid="m-4309")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-4309", "c-4309", "submitted")))),
    chunk(0.3, sse(ok("s1", su03("t-4309", "c-4309", "working", False)))),
    chunk(2.0, sse(ok("s1", su03("t-4309", "c-4309", "failed", True, message=amsg03("Flight search failed: upstream booking API returned 503", mid="m-a4309", taskId="t-4309", contextId="c-4309"))))),
    chunk(2.01, "", close="eof"),
], [],
 "https://github.com/google/adk-python/issues/4309 ; https://github.com/google/adk-python/issues/6708 (RemoteA2aAgent turns a failed A2A task's status message into regular conversation content: convert_a2a_task_to_event never reads status.state, so the error text reaches the history as if it were an answer)",
 "legal on the wire: a task may end failed with a status message that says why (0.3 TaskStatus.message is optional and any agent message); that the client files the text as content is the client's own bug")

# a2aproject/A2A #1226: a failed task without any status message
case("f492-legal-v10-get-task-failed-without-message", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("reconcile the invoices", mid="m-1226"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-1226", "c-1226", "TASK_STATE_WORKING")})),
    req(5.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-1226"}), ver="1.0"),
    resp(5.01, 200, ok("2", task10("t-1226", "c-1226", "TASK_STATE_WORKING"))),
    req(10.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-1226"}), ver="1.0"),
    resp(10.01, 200, ok("3", task10("t-1226", "c-1226", "TASK_STATE_FAILED"))),
], [],
 "https://github.com/a2aproject/A2A/issues/1226 (feature request: a task that goes failed during asynchronous handling gives the client no visibility into the root cause; the spec defines error structures only for synchronous responses)",
 "legal: TaskStatus.message is optional in 1.0, so TASK_STATE_FAILED with no message is a well-formed terminal status (TASK-008); the missing cause is a gap the issue asks the spec to fill, not a rule broken")

# lightspeed-core/lightspeed-stack PR #2162 and kubernetes-sigs/devops-bench PR #159: rejected with a reason
case("f493-legal-v03-rejected-with-status-message", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("delete the production namespace", mid="m-2162")})),
    resp(0.4, 200, ok("1", task03("t-2162", "c-2162", "rejected", status={"state": "rejected", "timestamp": TS,
        "message": amsg03("I can't run destructive operations on production clusters.", mid="m-a2162", taskId="t-2162", contextId="c-2162")}))),
], [],
 "https://github.com/lightspeed-core/lightspeed-stack/pull/2162 ; https://github.com/kubernetes-sigs/devops-bench/pull/159 (A2A clients that read only failed as a failure: review comments ask that rejected and canceled be handled too, and that a failure state's message not be taken as the answer)",
 "legal: rejected is a terminal 0.3 state an agent may return directly (TASK-008: the first observed state is free), and its status message says why")

# Nasiko-Labs/nasiko PR #176: a 1.0 card has no root url, protocolVersion or preferredTransport
CARD176 = json.loads(json.dumps(CARD10))
CARD176["supportedInterfaces"] = [{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
                                  {"url": A + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("f494-legal-card10-no-root-url", [
    *card_get(A + "/.well-known/agent-card.json", CARD176),
    req(0.2, "POST", A + "/rest/message:send", {"message": umsg10("hello", mid="m-176")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.6, 200, {"message": amsg10("Hello! How can I help?", mid="m-a176", contextId="c-176")}, ctype=A2AJ),
], [],
 "https://github.com/Nasiko-Labs/nasiko/pull/176 (nasiko validate rejected a spec-correct 1.0 AgentCard: \"missing fields: url, protocolVersion, preferredTransport\", because it only looked at the card root; 1.0 moved them into supportedInterfaces[])",
 "legal: a 1.0 card names its endpoints in supportedInterfaces (url, protocolBinding, protocolVersion; CARD-005) and has no root url; the client called the HTTP+JSON interface it lists")

# a2aproject/A2A PR #1479 and a2a-js PR #435: a card revalidated with If-None-Match, answered 304
ETAG = "\"9f86d081884c7d65\""
case("f495-legal-v10-card-revalidated-304", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD10, hdr={"cache-control": "public, max-age=3600", "etag": ETAG}),
    req(3700.0, "GET", A + "/.well-known/agent-card.json", hdr={"if-none-match": ETAG}),
    resp(3700.003, 304, "", hdr={"cache-control": "public, max-age=3600", "etag": ETAG}),
    req(3700.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("status of order 4711?", mid="m-1479")}), ver="1.0"),
    resp(3700.5, 200, ok("1", {"message": amsg10("Order 4711 shipped yesterday.", mid="m-a1479", contextId="c-1479")})),
], [],
 "https://github.com/a2aproject/A2A/pull/1479 ; https://github.com/a2aproject/a2a-js/pull/435 (spec §8.6 caching: card responses carry Cache-Control and ETag, clients revalidate with If-None-Match; the a2a-js card handler answers a matching If-None-Match with 304 and no body)",
 "legal: a conditional GET whose ETag matches is answered 304 Not Modified with no body (RFC 9110 §15.4.5), and the client keeps using the card it has (CARD-009)")

# a2aproject/A2A PR #1627 / a2a-python PR #1058 (after): typed details in error.data
case("f496-legal-v10-error-data-typed-details", [
    req(0.0, "POST", A + "/a2a", rpc("1", "CancelTask", {"id": "t-1058"}), ver="1.0"),
    resp(0.01, 200, err("1", -32001, "Task not found", [{"@type": ERRINFO, "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org", "metadata": {"taskId": "t-1058"}}])),
], [],
 "https://github.com/a2aproject/a2a-python/pull/1058 (after the 1.0 hot-fix, A2A PR #1627: error.data is an array of typed details led by a google.rpc.ErrorInfo with the canonical reason, the error's own data moving into its metadata)",
 "legal: -32001 TaskNotFoundError with error.data [ErrorInfo{reason TASK_NOT_FOUND, domain a2a-protocol.org, metadata string map}] is the 1.0 form (ERR-002, ERR-004); the id was never handed out in this recording, so not-found is what the agent knows")

# a2aproject/a2a-rs PR #79: a streaming call refused before the stream, as a plain JSON-RPC error
case("f497-legal-v10-subscribe-terminal-refused-plain-json", [
    req(0.0, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-79"}), ver="1.0"),
    resp(0.01, 200, ok("1", task10("t-79", "c-79", "TASK_STATE_COMPLETED"))),
    req(0.5, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-79"}), ver="1.0", accept=SSE),
    resp(0.51, 200, err("2", -32004, "Task t-79 is in a terminal state and cannot be subscribed to",
        [{"@type": ERRINFO, "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/a2aproject/a2a-rs/pull/79 (a2a-server answers a streaming call it refuses before the stream starts, -32004 from SubscribeToTask on a terminal task, as a plain JSON-RPC error with Content-Type application/json and no SSE framing; the a2a-rs client read that as an empty, successfully closed stream until this PR)",
 "legal: SubscribeToTask on a terminal task MUST fail with UnsupportedOperationError (TASK-004), and an error known before any event is the call's ordinary JSON-RPC error response, not a stream (1.0 §3.1.2); a client that asked for text/event-stream must read an application/json answer as the error it is")

# topcheer/ggcode #446: message/stream refused with HTTP 200 application/json before the stream
CARD446 = card03(A + "/", name="ggcode", description="Coding agent", defaultOutputModes=["text/plain"])
case("f498-legal-v03-stream-refused-plain-json", [
    *card_get(A + "/.well-known/agent-card.json", CARD446),
    req(0.2, "POST", A + "/", rpc("1", "message/stream", {"message": umsg03("render the diagram as a PDF", mid="m-446"),
        "configuration": {"acceptedOutputModes": ["application/pdf"]}}), accept=SSE),
    resp(0.21, 200, err("1", -32005, "Incompatible content types: agent produces text/plain")),
], [],
 "https://github.com/topcheer/ggcode/issues/446 (the server's handleMessageStream answers a params error, an unsupported output mode or a handler error with HTTP 200 application/json before any SSE header; the client parsed the JSON error as SSE, found no data: line and returned an empty stream with a nil error)",
 "legal on the wire: the client accepted only application/pdf and the card's only output mode is text/plain, so -32005 ContentTypeNotSupportedError is the right refusal (ERR-002), answered before the stream as an ordinary JSON-RPC error; the empty stream was the client's misreading")

# a2aproject/a2a-java PR #448: a failure recorded in the task, which is returned
case("f499-legal-v10-rest-send-returns-failed-task", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("translate the contract to German", mid="m-448")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(1.5, 200, {"task": task10("t-448", "c-448", "TASK_STATE_FAILED", status={"state": "TASK_STATE_FAILED", "timestamp": TS,
        "message": amsg10("Translation model unavailable, please retry later.", mid="m-a448", contextId="c-448", taskId="t-448")})}, ctype=A2AJ),
], [],
 "https://github.com/a2aproject/a2a-java/pull/448 (onSendMessage records an agent failure in the Task, unless it is already final, and returns the Task to the caller as before, instead of turning it into an error response)",
 "legal: an agent failure during the work is a task state, TASK_STATE_FAILED with a status message (TASK-008), returned by the send; an A2A error response is for a request that cannot be served")

write_cases(cases, OUT)

# --- variants: the kind fixed in this round ----------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R1455 = "https://github.com/agentscope-ai/agentscope-java/issues/1455"
R86 = "https://github.com/a2aproject/a2a-inspector/issues/86"
NF = {"detail": "Not Found"}

# K1: a 0.3 card served only at the 0.2 path (CARD-PATH-003, note)
vcase("b27b-K1-v03-legacy-card-first-then-404", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, card03(A + "/", protocolVersion="0.3")),
    req(0.3, "GET", A + "/.well-known/agent-card.json"),
    resp(0.304, 404, NF),
], [("card-0-3-not-at-agent-card-json", "note")], R1455 + " (the two fetches the other way round; protocolVersion \"0.3\" without a patch)",
 "the order of the fetches does not matter: the agent has a 0.3 card, and not where 0.3 clients look (CARD-002)")
vcase("b27b-K1-v03-rest-card-cloud-run", [
    req(0.0, "GET", "https://planner-agent.example.test/.well-known/agent-card.json"),
    resp(0.05, 404, NF),
    req(0.4, "GET", "https://planner-agent.example.test/.well-known/agent.json"),
    resp(0.45, 200, card03("https://planner-agent.example.test/", name="planner_agent", description="Plans trips", preferredTransport="HTTP+JSON")),
], [("card-0-3-not-at-agent-card-json", "note")], R86 + " (an ADK A2A server exposing its 0.3 card at /.well-known/agent.json; a2a-inspector fetches agent-card.json and gets 404)",
 "the same for a 0.3 HTTP+JSON agent: the inspector, a 0.3 client, finds no card (CARD-002)")
c = json.loads(json.dumps(CARD10))
c.update({"url": A + "/a2a", "protocolVersion": "0.3.0", "preferredTransport": "JSONRPC"})
c["supportedInterfaces"].append({"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"})
vcase("b27b-K1-hybrid-card-legacy-path-is-card-path-001", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.1, "GET", A + "/.well-known/agent.json"),
    resp(0.104, 200, c, hdr={"cache-control": "max-age=300", "etag": "\"h1\""}),
], [("card-not-at-agent-card-json", "error")], R1455 + " (a card that declares 1.0 and 0.3: the 1.0 MUST is the finding, once)",
 "a card that offers 1.0 belongs at agent-card.json (CARD-002 MUST in 1.0): CARD-PATH-001, and not a second note for its 0.3 interface")
vcase("b27b-K1-legal-v02-card-legacy-path", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.1, "GET", A + "/.well-known/agent.json"),
    resp(0.104, 200, {"name": "currency", "description": "Converts currencies", "url": A + "/", "version": "0.1.0",
        "capabilities": {"streaming": False}, "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
        "skills": [{"id": "convert", "name": "Convert", "description": "Converts", "tags": ["fx"]}]}),
], [], R1455 + " (control: a card that declares no protocol version, a 0.2 card, is where 0.2 puts it)",
 "legal: /.well-known/agent.json is the 0.2 location (CARD-002), and the card names no later version")
vcase("b27b-K1-legal-v03-card-at-both-paths", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, card03(A + "/")),
    req(0.1, "GET", A + "/.well-known/agent-card.json"),
    resp(0.104, 200, card03(A + "/")),
], [], R1455 + " (control: the 0.3 card at both paths, the 0.2 one kept for old clients)",
 "legal: agent-card.json serves the card; an extra copy at the 0.2 path helps 0.2 clients")
vcase("b27b-K1-legal-v03-card-legacy-path-never-asked", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, card03(A + "/")),
    req(0.2, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("hello", mid="m-k1f")})),
    resp(0.5, 200, ok("1", amsg03("Hello!", mid="m-ak1f", contextId="c-k1f"))),
], [], R1455 + " (control: agent-card.json was never asked for, so nothing says it is missing)",
 "not judged: the recording shows a 0.3 card at the 0.2 path and nothing about agent-card.json")
write_cases(var_cases, VAR)

# K2: the card paths of one host are paired per agent (the path before /.well-known/)
var_cases.clear()
R21 = "https://github.com/neuroglia-io/a2a-net/issues/21"
C21_03 = card03(A + "/agents/currency/", name="currency", description="Converts currencies")
C21_10 = json.loads(json.dumps(CARD10))
C21_10["supportedInterfaces"][0]["url"] = A + "/agents/currency/a2a"
CACHE = {"cache-control": "public, max-age=300", "etag": "\"c21\""}
vcase("b27b-K2-legal-v03-root-404-agent-under-path", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.2, "GET", A + "/agents/currency/.well-known/agent.json"),
    resp(0.204, 200, C21_03),
], [], R21 + " (an agent hosted under a path: the client first asked the host's root, which has no card, then the agent's own path)",
 "not judged: the 404 at the host's root is no agent's card path; the agent under /agents/currency/ was never asked for its agent-card.json")
vcase("b27b-K2-legal-v10-root-404-agent-under-path", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.2, "GET", A + "/agents/currency/.well-known/agent.json"),
    resp(0.204, 200, C21_10, hdr=CACHE),
], [], R21 + " (the same with a 1.0 card: the host's root has no card, the agent lives under its path)",
 "not judged: CARD-PATH-001 is about one agent's two paths; the root 404 is not this agent's agent-card.json")
vcase("b27b-K2-legal-v10-other-agent-404", [
    req(0.0, "GET", A + "/agents/weather/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.2, "GET", A + "/agents/currency/.well-known/agent.json"),
    resp(0.204, 200, C21_10, hdr=CACHE),
], [], R21 + " (two agents on one host: the weather agent's card is missing, the currency agent's 1.0 card is at its 0.2 path)",
 "not paired: a 404 for one agent and another agent's card say nothing about either agent's agent-card.json")
vcase("b27b-K2-v10-agent-under-path-legacy-only", [
    req(0.0, "GET", A + "/agents/currency/.well-known/agent-card.json"),
    resp(0.004, 404, NF),
    req(0.2, "GET", A + "/agents/currency/.well-known/agent.json"),
    resp(0.204, 200, C21_10, hdr=CACHE),
], [("card-not-at-agent-card-json", "error")], R21 + " (one agent under a path: its agent-card.json answers 404 and its 1.0 card is at its 0.2 path)",
 "the same agent: a 1.0 card belongs at agent-card.json under the agent's path (CARD-002), and the finding names the URLs with that path")
vcase("b27b-K2-v03-agent-under-path-legacy-only", [
    req(0.0, "GET", A + "/agents/currency/.well-known/agent.json"),
    resp(0.004, 200, C21_03),
    req(0.2, "GET", A + "/agents/currency/.well-known/agent-card.json"),
    resp(0.204, 404, NF),
], [("card-0-3-not-at-agent-card-json", "note")], R21 + " (the 0.3 card of an agent under a path, only at its 0.2 path)",
 "the same agent's two paths: a note, as at the root (CARD-002)")
write_cases(var_cases, VAR)
