"""Session-52 field cases of miner mine52 (f1100-...): same helpers and output format as gen_cases51.py.

Scope (round fifty-two): A2A servers and clients whose threads no round had cited, each URL
grepped in FIELD-CASES.md first: iFlytek Astron Agent's first A2A adapter as its review
lists it (iflytek/astron-agent PR #1404: a card whose capabilities is a list and which has no
skills, a message:send that requires the workflow's own flowId), OpenClaw's standard A2A
plugin (openclaw/openclaw PR #99612: the bearer token carried in params.auth), the spec's own
version-failure example in RFC 7807 form (a2aproject/A2A #1643), 1.0.0's 409 for
TaskNotCancelable (a2aproject/a2a-rs #57), a stream a front door closes mid-task
(a2aproject/A2A #1503), and legal neighbours: an interface on another host than the card
(google/agents-cli #46), a completed task whose data part carries a domain status
(adcontextprotocol/adcp-client PR #2015), a 0.3 HTTP+JSON error body of the agent's own form
(a2aproject/A2A #1105), an API key header named by the card (pnnl/BEM-AI PR #154).
`python3 gen_cases52.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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

AST = ("https://github.com/iflytek/astron-agent/pull/1404 (feat: add basic A2A workflow adapter; review 2026-06-15: 'this PR borrows the A2A "
       "naming (agent-card.json, message:send, protocolVersion 0.3.0) but the actual schemas do not conform to the A2A spec': 1. AgentCard "
       "capabilities has the wrong type, modeled as List[A2ACapability{name, description}]; 2. missing the required skills field; 3. "
       "message:send request body mixes the A2A message with workflow-private fields (flowId (required), uid, chatId, version, parameters, ...)")
AS = "https://astron.example.test"

# --- f1100: a 0.3 card whose capabilities is a list of named capabilities, and no skills (astron-agent PR #1404)
case("f1100-v03-card-capabilities-list-no-skills", get_card(0.0, {
        "protocolVersion": "0.3.0", "name": "astron-workflow", "description": "Astron workflow agent",
        "url": AS + "/workflow/v1/a2a", "preferredTransport": "HTTP+JSON", "version": "1.0.0",
        "capabilities": [{"name": "workflow", "description": "Runs an Astron workflow"}],
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"]},
        AS + "/.well-known/agent-card.json"), [("card-missing-required-field", "error")], AST,
     "a 0.3 AgentCard's capabilities is an AgentCapabilities object of boolean flags (streaming, pushNotifications, stateTransitionHistory) and skills a required array of AgentSkill (0.3 §5.5, CARD-003, CARD-004); the card writes capabilities as a list of named entries and has no skills, so a client that validates the card fails at discovery")

# --- f1101: the same agent refuses a spec-shaped 0.3 HTTP+JSON send for want of its private flowId (astron-agent PR #1404)
case("f1101-v03-rest-send-refused-private-member-required", get_card(0.0, card03(AS + "/workflow/v1/a2a", preferredTransport="HTTP+JSON"),
        AS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AS + "/workflow/v1/a2a/v1/message:send", {"message": {"messageId": "m-as-1", "role": "ROLE_USER", "content": [{"text": "plan a 3-day trip"}]}}),
    resp(0.21, 422, {"detail": [{"type": "missing", "loc": ["body", "flowId"], "msg": "Field required", "input": {"message": {"messageId": "m-as-1"}}}]}),
], [("rest-error-shape", "error"), ("valid-request-refused-invalid-params", "warning")], AST,
     "a 0.3 HTTP+JSON message:send carries a MessageSendParams {message, configuration?, metadata?} (0.3 §3.2.3, §7.1; DATA-004); the agent's request validator requires flowId, a workflow-private member no A2A version defines, and refuses the spec-shaped send with 422 in FastAPI's own body (no A2A error object either), so no A2A client that follows the card can use the agent")

# --- f1102: a client carries its bearer token in the JSON-RPC params (openclaw PR #99612)
OC = ("https://github.com/openclaw/openclaw/pull/99612 (feat(a2a): Standard A2A protocol plugin: Agent Card discovery at /.well-known/agent.json, "
      "JSON-RPC endpoint at /a2a/tasks/send; reference server: 'Dual-format inbound: tasks/send (standard) + message/send (Hermes dialect)', "
      "'Outbound forwarding: params.target proxies to remote agents', 'Bearer token auth via params.auth')")
OCH = "https://claw.example.test"
case("f1102-v03-send-bearer-token-in-params", get_card(0.0, card03(OCH + "/a2a/tasks/send", name="openclaw",
        securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}]),
        OCH + "/.well-known/agent-card.json") + [
    req(0.2, "POST", OCH + "/a2a/tasks/send", rpc("oc-1", "message/send", {"message": umsg03("summarise today's inbox", mid="m-oc-1"),
        "auth": "Bearer oc_live_7f3a9c2e41b8d6f0a5e3"}), hdr={"authorization": "Bearer oc_live_7f3a9c2e41b8d6f0a5e3"}),
    resp(0.9, 200, ok("oc-1", task03("t-oc-1", "c-oc-1", "completed", artifacts=[{"artifactId": "a-oc-1", "parts": [{"kind": "text", "text": "3 new mails"}]}]))),
], [("credential-in-payload", "warning")], OC,
     "credentials travel in HTTP headers (Authorization, as the card's bearer scheme says), never in A2A payloads (AUTH-001; 0.3 §4.3): the client also puts its bearer token into params.auth, a member MessageSendParams does not define, so an agent that stores or forwards the request (task history, logs, params.target proxying) keeps the secret")

# --- f1103: a 1.0 HTTP+JSON version refusal written as the spec's own §6.4 example, RFC 7807 (A2A #1643)
S1643 = ("https://github.com/a2aproject/A2A/issues/1643 ([Bug]: Section 6 error examples use RFC 7807 format but Section 11.6 mandates AIP-193: "
         "§6.4 Version Negotiation Failure: HTTP/1.1 400 Bad Request, Content-Type: application/problem+json, {\"type\": \"https://a2a-protocol.org/errors/version-not-supported\", "
         "\"title\": \"Protocol Version Not Supported\", \"status\": 400, \"detail\": \"The requested A2A protocol version 0.5 is not supported by this agent\", \"supportedVersions\": [\"0.3\"]})")
RB = "https://rest.example.test"
case("f1103-v10-rest-version-refusal-problem-json", get_card(0.0, card10(RB, binding="HTTP+JSON"), RB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RB + "/message:send", {"message": umsg10("hello", mid="m-1643")}, ver="2.0", ctype=A2AJ, accept=A2AJ),
    resp(0.21, 400, {"type": "https://a2a-protocol.org/errors/version-not-supported", "title": "Protocol Version Not Supported", "status": 400,
        "detail": "The requested A2A protocol version 2.0 is not supported by this agent", "supportedVersions": ["1.0"]}, ctype="application/problem+json"),
], [("rest-error-in-1-0-0-form", "note")], S1643,
     "a 1.0.1 HTTP+JSON error is a google.rpc.Status {error: {code, status, message, details}} with a google.rpc.ErrorInfo reason VERSION_NOT_SUPPORTED (1.0 §11.6, ERR-003); the agent copied §6.4's example, an RFC 9457 problem+json body, which 1.0.0 named and 1.0.1 replaced: a 1.0.1 client finds no ErrorInfo and cannot tell the version refusal from any other 400")

# --- f1104: a 1.0 HTTP+JSON CancelTask of a completed task refused 409, 1.0.0's status (a2a-rs #57)
S57 = ("https://github.com/a2aproject/a2a-rs/issues/57 (Update error code mappings to match spec fix (a2aproject/A2A#1627): HTTP Status Code "
       "Mapping: TASK_NOT_CANCELABLE current 409, required 400; CONTENT_TYPE_NOT_SUPPORTED current 415, required 400)")
case("f1104-v10-rest-cancel-terminal-task-409", get_card(0.0, card10(RB, binding="HTTP+JSON"), RB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RB + "/message:send", {"message": umsg10("hello", mid="m-57")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, {"task": task10("t-57", "c-57", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-57", "parts": [{"text": "hi"}]}])}, ctype=A2AJ),
    req(0.7, "POST", RB + "/tasks/t-57:cancel", {}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.71, 409, {"error": {"code": 409, "status": "FAILED_PRECONDITION", "message": "task t-57 is in a terminal state",
        "details": ei("TASK_NOT_CANCELABLE")}}, ctype=A2AJ),
], [("rest-error-in-1-0-0-form", "note")], S57,
     "TaskNotCancelableError maps to HTTP 400 in 1.0.1 (1.0 §5.4 as fixed by A2A #1627, ERR-002), 409 in 1.0.0; both are the same wire version, so a client keys on the ErrorInfo reason TASK_NOT_CANCELABLE (present here) and the 409 is told as a note of the replaced form, not as an error")

# --- f1105: a front door closes a 1.0 stream after the first status update (A2A #1503)
S1503 = ("https://github.com/a2aproject/A2A/issues/1503 ([Question]: Removal of final field in TaskStatusUpdateEvent and server-side errors: "
         "'a long-running request may be forcibly closed by the server/front-door by timeout (even if events and/or pings are being streamed) ... "
         "the initial response comes with the HTTP status 200, and there is no way to reliably detect why the stream was closed'; answer: 'If the last "
         "state the client has seen was not one of these states, then you know that the Task was not completed and you can restart the stream')")
case("f1105-v10-stream-closed-by-front-door-mid-task", get_card(0.0, card10(A + "/a2a"), A + "/.well-known/agent-card.json") + [
    req(0.2, "POST", A + "/a2a", rpc("s-1503", "SendStreamingMessage", {"message": umsg10("write the quarterly report", mid="m-1503")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("s-1503", {"task": task10("t-1503", "c-1503", "TASK_STATE_SUBMITTED")}))),
    chunk(0.4, sse(ok("s-1503", su10("t-1503", "c-1503", "TASK_STATE_WORKING")))),
    chunk(15.0, ": ping\n\n"),
    chunk(30.0, ": ping\n\n"),
    chunk(60.0, "", close="eof"),
], [("stream-ended-without-terminal", "error")], S1503,
     "a 1.0 task stream closes when the task reaches a terminal or interrupted state (STREAM-003, STREAM-007: no final flag, closure ends the stream); this one is closed at TASK_STATE_WORKING after 60 s although keep-alive comments flowed (a front door's idle or request timeout), so the client cannot tell the end from a cut and must resubscribe")

# --- f1106 (legal): the card names an interface on another host, and the client's bearer token goes there (agents-cli #46)
S46 = ("https://github.com/google/agents-cli/issues/46 (run --mode a2a: agent-card transport endpoint is not pinned to --url; bearer token can be "
       "sent to a card-specified host; maintainers: 'grab the agent card yourself and check if it has any additional interfaces pointing to a "
       "different host')")
CR = "https://agent-card.example.test"
RUN = "https://agent-run.example.test"
case("f1106-legal-v10-interface-on-other-host-gets-token", get_card(0.0, card10(RUN + "/a2a",
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}]),
        CR + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RUN + "/a2a", rpc("ac-1", "SendMessage", {"message": umsg10("hello", mid="m-ac-1")}), ver="1.0",
        hdr={"authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.e30.c2ln"}),
    resp(0.6, 200, ok("ac-1", {"message": amsg10("hi there", mid="a-ac-1", contextId="c-ac-1")})),
], [], S46,
     "legal: an AgentInterface url may name any host (1.0 §8.3.1, CARD-005: each interface declares its real URL), and a client authenticates every call to it with the card's scheme (AUTH-002); whether to trust a card that points elsewhere than where it was fetched is the client's policy, not a protocol fault")

# --- f1107 (legal): a completed task whose data part carries a business status 'canceled' (adcp-client PR #2015)
S2015 = ("https://github.com/adcontextprotocol/adcp-client/pull/2015 (fix: handle A2A artifact domain statuses: 'The A2A parser trusted "
         "artifact.parts[0].data.status as task lifecycle status. Some domain responses also use status for business state, so a completed "
         "update_media_buy response with media-buy status canceled was interpreted as task cancellation')")
AD = "https://seller.example.test"
case("f1107-legal-v03-completed-task-data-status-canceled", get_card(0.0, card03(AD + "/a2a", name="sales-agent"), AD + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AD + "/a2a", rpc("ad-1", "message/send", {"message": umsg03("cancel media buy mb-77", mid="m-ad-1",
        parts=[{"kind": "data", "data": {"skill": "update_media_buy", "media_buy_id": "mb-77", "status": "canceled"}}])})),
    resp(0.8, 200, ok("ad-1", task03("t-ad-1", "c-ad-1", "completed", artifacts=[{"artifactId": "a-ad-1", "name": "update_media_buy",
        "parts": [{"kind": "data", "data": {"media_buy_id": "mb-77", "status": "canceled", "adcp_task_id": "adcp-551"}}]}]))),
], [], S2015,
     "legal: a data part's value is the application's own JSON (0.3 DataPart.data, DATA-004); a member named status inside it says nothing about the A2A task, whose state is status.state (completed here), and an agent may report a business object's cancellation as the completed outcome of the task")

# --- f1108 (legal): a 0.3 HTTP+JSON error in the agent's own JSON form (A2A #1105)
S1105 = ("https://github.com/a2aproject/A2A/issues/1105 ([Bug]: Ambiguity in HTTP error response structure: 'This is based on the 0.3.0 version "
         "... There is considerable ambiguity in what the payload for requests and responses (success and error) should be under the HTTP+JSON/REST "
         "transport. This has led to incompatible behavior in some SDKs such as ADK and .NET A2A.')")
R3 = "https://rest03.example.test"
case("f1108-legal-v03-rest-error-own-json-form", get_card(0.0, card03(R3, preferredTransport="HTTP+JSON"), R3 + "/.well-known/agent-card.json") + [
    req(0.2, "GET", R3 + "/v1/tasks/t-unknown-1105"),
    resp(0.21, 404, {"code": -32001, "message": "Task not found", "data": {"taskId": "t-unknown-1105"}}),
], [], S1105,
     "legal: 0.3 names no HTTP+JSON error body of its own (0.3 §3.2.3 asks for HTTP statuses that match the A2A errors and structurally equivalent JSON; §7.1 says the error response for all transports is the JSON-RPC error object; google.rpc.Status is 1.0's, §11.6), so a 404 whose JSON body is the error object {code -32001, message, data} is the 0.3 form; the ambiguity the thread reports is between such bodies and SDK-specific ones")

# --- f1109 (legal): the client sends the API key in the header the card's apiKey scheme names (BEM-AI PR #154)
S154 = ("https://github.com/pnnl/BEM-AI/pull/154 (feat(a2a): support card-derived and custom subagent auth headers: 'Supports card-derived "
        "API-key authentication through subagents[].auth': the A2A API-key scheme must use location 'header' and declare a header name, the client "
        "sends {header_name: api_key})")
BE = "https://automa.example.test"
case("f1109-legal-v03-api-key-header-named-by-card", get_card(0.0, card03(BE + "/a2a", name="energy-model-agent",
        securitySchemes={"agentKey": {"type": "apiKey", "in": "header", "name": "X-Automa-Key"}}, security=[{"agentKey": []}]),
        BE + "/.well-known/agent-card.json") + [
    req(0.2, "POST", BE + "/a2a", rpc("be-1", "message/send", {"message": umsg03("simulate building 12", mid="m-be-1")}),
        hdr={"x-automa-key": "ak_3c9e1f7a2b"}),
    resp(1.2, 200, ok("be-1", task03("t-be-1", "c-be-1", "completed", artifacts=[{"artifactId": "a-be-1", "parts": [{"kind": "text", "text": "EUI 112"}]}]))),
], [], S154,
     "legal: an apiKey scheme names where its key goes (0.3 APIKeySecurityScheme in/name); a client that reads the header name from the card and sends the key there is authenticating as the card asks (AUTH-002)")

# --- f1110: a task whose artifact holds several text parts is never answered; the front returns 503 (a2a-python #112)
S112 = ("https://github.com/a2aproject/a2a-python/issues/112 ([Bug]: A2A Server (Starlette) Fails with HTTP 503/ReadTimeout when Task Artifact "
        "Contains Multiple TextParts: the AgentExecutor calls TaskUpdater.add_artifact() with several TextParts and complete(); 'the A2A server ... "
        "fails to send a successful response to the client. Clients experience an httpx.ReadTimeout or an HTTP 503 error'; one TextPart works)")
PY = "https://adk-agent.example.test"
case("f1110-v02-send-multi-part-artifact-answered-503", get_card(0.0, card03(PY + "/", name="code-agent", protocolVersion="0.2.5"),
        PY + "/.well-known/agent.json") + [
    req(0.2, "POST", PY + "/", rpc("py-112", "message/send", {"message": umsg03("write and run fizzbuzz", mid="m-py-112")})),
    resp(60.2, 503, "Service Unavailable", ctype="text/plain"),
], [("intermediary-error-without-answer", "note")], S112,
     "a JSON-RPC call is answered by a JSON-RPC response, the task or a JSON-RPC error (RPC-002, ERR-001: -32603 for a failure of the agent's own): serializing a completed task whose artifact has three text parts fails inside the server, and after a minute the client gets a plain-text 503 with no id, no result and no error object; with one leg recorded the 503 may be the front's (a load balancer's timeout) or the agent's, so it is told as a note that names both")

# --- f1111 (legal): a 1.0 stream sends an artifact, then stops at INPUT_REQUIRED with the question in the status message (strands PR #3923)
S3923 = ("https://github.com/strands-agents/harness-sdk/pull/3923 (refactor(a2a)!: migrate A2A SDK from v0.3 to v1.1; review: 'A terminal status "
         "message is silently dropped whenever any artifact content exists: [artifact(\"partial answer\"), status_update(INPUT_REQUIRED, msg=\"...need approval\")] "
         "-> stop_reason=interrupt content=[{text: partial answer}] # prompt gone')")
ST = "https://strands.example.test"
case("f1111-legal-v10-stream-artifact-then-input-required-question", get_card(0.0, card10(ST + "/"), ST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ST + "/", rpc("st-1", "SendStreamingMessage", {"message": umsg10("deploy release 4.2", mid="m-st-1")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("st-1", {"task": task10("t-st-1", "c-st-1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("st-1", {"artifactUpdate": {"taskId": "t-st-1", "contextId": "c-st-1", "artifact": {"artifactId": "plan", "parts": [{"text": "partial answer: 3 services to restart"}]}, "lastChunk": True}}))),
    chunk(0.9, sse(ok("st-1", su10("t-st-1", "c-st-1", "TASK_STATE_INPUT_REQUIRED", message=amsg10("Restarting billing needs approval. Proceed?", mid="a-st-1", taskId="t-st-1", contextId="c-st-1"))))),
    chunk(0.91, "", close="eof"),
], [], S3923,
     "legal: a task may publish an artifact and then stop at an interrupted state whose status message asks the question (TaskStatus.message, 1.0 §4.1.2; STREAM-007: the stream may close at INPUT_REQUIRED); the client must read both, the artifact does not replace the prompt")

# --- f1112: GetTask of an unknown id answered TaskNotFound, CancelTask of the same id InternalError (salesagent PR #1648)
S1648 = ("https://github.com/prebid/salesagent/pull/1648 (fix(a2a): return TaskNotFoundError (-32001) for an unknown task id; review 2026-07-15: "
         "'Fix applied here but not to the identical sibling on_cancel_task two methods below, which does the same self.tasks.get(task_id) lookup and "
         "still return task (i.e. None) on a miss, so tasks/cancel on an unknown id keeps emitting the generic internal error this PR just declared "
         "wrong for tasks/get')")
SA = "https://sales.example.test"
case("f1112-v03-cancel-unknown-task-internal-error", get_card(0.0, card03(SA + "/a2a", name="sales-agent"), SA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SA + "/a2a", rpc(1, "tasks/get", {"id": "task_does_not_exist"})),
    resp(0.21, 200, err(1, -32001, "Task not found: task_does_not_exist")),
    req(0.4, "POST", SA + "/a2a", rpc(2, "tasks/cancel", {"id": "task_does_not_exist"})),
    resp(0.41, 200, err(2, -32603, "Internal error")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], S1648,
     "a cancel of a task the agent does not have is TaskNotFoundError, -32001 (TASK-003; ERR-002, a SHOULD in 0.3, §7.4), as the agent's own answer to tasks/get of the same id says; the cancel handler returns nothing and the SDK turns that into -32603 Internal error, so the client cannot tell a missing task from a broken server and retries")

write_cases(cases, OUT)
