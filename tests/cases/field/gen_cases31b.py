"""Session-31 field cases of miner mine31b (f700-f719): same helpers and output format as gen_cases.py.

Scope (round thirty): the newest field reports, 2026-08 to 2026-12, in A2A implementations: what
1.0 adoption broke (1.0.x SDK releases, 0.3 compatibility layers and dual-version servers, the
v1.0.1 spec fixes and the open GET-vs-POST subscribe question), and legal-but-odd traffic of
the same season that a naive verifier would flag.
`python3 gen_cases31b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
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
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:16:00.000Z"
def card10(ifaces=None, **kw):
    """A 1.0 card; `ifaces` replaces supportedInterfaces; `caps` merge into capabilities."""
    c = copy.deepcopy(CARD10)
    if ifaces is not None:
        c["supportedInterfaces"] = ifaces
    caps = kw.pop("caps", None)
    if caps:
        c["capabilities"].update(caps)
    c.update(kw)
    return c
def iface(url, binding, ver="1.0", **kw):
    i = {"url": url, "protocolBinding": binding, "protocolVersion": ver}; i.update(kw); return i
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
def rest_status(code, status, msg, reason=None):
    """A 1.0 HTTP+JSON error body (google.rpc.Status), with an ErrorInfo when `reason` is given."""
    e = {"code": code, "status": status, "message": msg}
    if reason:
        e["details"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]
    return {"error": e}
def su10(tid, cid, state, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}; s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
R = A + "/a2a/rest"
RCARD = card10([iface(R, "HTTP+JSON")])

# --- faults ----------------------------------------------------------------------------------------
# a2aproject/a2a-go #380 (b): the Go REST client sends the JSON literal null as the cancel body
case("f700-v10-rest-cancel-body-json-null", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("rebuild the search index", mid="m-380a"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.2, 200, {"task": task10("t-380", "c-380", "TASK_STATE_WORKING")}),
    req(1.0, "POST", R + "/tasks/t-380:cancel", "null", ver="1.0"),
    resp(1.01, 400, rest_status(400, "INVALID_ARGUMENT", "Not a JSON Object: null")),
], [("client-params-not-object", "error")],
 "https://github.com/a2aproject/a2a-go/issues/380 (ITK resubscribe/cancel scenarios against Java: \"our REST client sends the JSON literal null as the body of POST /tasks/{id}:cancel (from json.Marshal(nil)), which Java's Vert.x parser rejects with \\\"Not a JSON Object: null\\\"\"). The exchange is rebuilt from the quote",
 "POST /tasks/{id}:cancel carries the CancelTaskRequest as its body (a2a.proto google.api.http body \"*\"; REST-001): a JSON object, {} when nothing but the path's id is sent. The JSON literal null is no request object, the same fault as JSON-RPC params: null (RPC-005's params object); the Java agent rightly refuses it with 400 INVALID_ARGUMENT (ERR-006), and the task is never canceled")

# a2aproject/a2a-go #380 (a): a POST-only :subscribe route; GET falls through to GetTask with id "t:subscribe"
case("f701-v10-rest-get-subscribe-read-as-get-task", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("watch the deploy", mid="m-380c"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.2, 200, {"task": task10("t-380b", "c-380b", "TASK_STATE_WORKING")}),
    req(0.5, "GET", R + "/tasks/t-380b:subscribe", hdr={"a2a-version": "1.0"}, accept=SSE),
    resp(0.51, 404, rest_status(404, "NOT_FOUND", "task not found: t-380b:subscribe", "TASK_NOT_FOUND")),
], [("task-id-not-resolvable", "error")],
 "https://github.com/a2aproject/a2a-go/issues/380 (\"Rust: our REST server rejects Rust's GET /tasks/{id}:subscribe (only POST is registered), so the request falls back to GET /tasks/{id} with a literal {id}:subscribe and returns \\\"task not found\\\"\"; a2a-go v2 REST server). Rebuilt on the 1.0 HTTP+JSON binding from the quote",
 "1.0 a2a.proto binds SubscribeToTask to GET /tasks/{id}:subscribe while the prose says POST (trap 1, A2A #1574 open): an agent serves both. This one matched GET against its GetTask route, read \"t-380b:subscribe\" as the id and answered TaskNotFoundError for the WORKING task t-380b it had just handed out (TASK-009)")

# a2aproject/a2a-java #1106: after a refactor the JSON-RPC-only server no longer serves the public card
case("f702-v10-jsonrpc-only-agent-card-404", [
    req(0.0, "GET", CARD_URL),
    resp(0.01, 404, {"error": "Not Found"}),
    req(0.3, "POST", A + "/", rpc("s-1106", "SendMessage", {"message": umsg10("hello", mid="m-1106")}), ver="1.0"),
    resp(0.6, 200, ok("s-1106", {"message": amsg10("Hello! How can I help?", mid="m-1106r", contextId="c-1106")})),
], [("card-not-served", "error")],
 "https://github.com/a2aproject/a2a-java/issues/1106 (\"To remove duplication I removed that handling so JSONRPC alone doesn't provide the public agent card as it used to do\"; a2a-java 1.x, 2026-08-29). The exchange is rebuilt from the description: the card path 404s while the same origin answers a 1.0 JSON-RPC call",
 "an agent makes its Agent Card available (CARD-001, MUST), for 1.0 at /.well-known/agent-card.json of its origin (CARD-002, MUST in 1.0): this origin answers SendMessage, so it is an A2A agent, and its well-known card path answers 404. Clients that discover agents by their card (every SDK's card resolver) cannot find it; only a client given the url out of band gets through")

# GoogleCloudPlatform/scion PR #1064: the A2A bridge's generated card has no supportedInterfaces
SC = card10()
del SC["supportedInterfaces"]
case("f703-v10-bridge-card-without-supported-interfaces",
     get_card(0.0, SC, url=A + "/agents/reviewer/.well-known/agent-card.json"), [("card-missing-required-field", "error")],
     "https://github.com/GoogleCloudPlatform/scion/pull/1064 (\"Adds supportedInterfaces with a JSON-RPC transport entry to GenerateAgentCard, fixing the \\\"agent card has no supported interfaces\\\" error that prevented any a2a-go SDK-based client (including a2acli) from constructing a client via agent card discovery\"; 2026-08-07). The card is rebuilt from the description",
     "a 1.0 AgentCard REQUIRES a non-empty supportedInterfaces (CARD-003; a2a.proto AgentCard.supported_interfaces REQUIRED): it is the only place a 1.0 card names its endpoints, so a card without it (and without a 0.x url) tells no client where to send anything")

# EchoYue-lp/echo-agent #35: the stream's completion overwrites a task already canceled
def tag(line, i):
    """Pairs a transcript line with its request by `id` (an open stream beside another call)."""
    line = dict(line); line["id"] = i; return line
case("f704-v10-stream-completed-after-cancel", get_card(0.0, CARD10) + [
    tag(req(0.1, "POST", A + "/a2a", rpc("s-35", "SendStreamingMessage", {"message": umsg10("summarise the incident channel", mid="m-35")}), ver="1.0", accept=SSE), "x1"),
    tag(resp(0.2, 200, "", ctype=SSE), "x1"),
    tag(chunk(0.21, sse(ok("s-35", {"task": task10("t-35", "c-35", "TASK_STATE_SUBMITTED")}))), "x1"),
    tag(chunk(0.4, sse(ok("s-35", su10("t-35", "c-35", "TASK_STATE_WORKING")))), "x1"),
    tag(req(1.0, "POST", A + "/a2a", rpc("c-35", "CancelTask", {"id": "t-35"}), ver="1.0"), "x2"),
    tag(resp(1.05, 200, ok("c-35", task10("t-35", "c-35", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z"))), "x2"),
    tag(chunk(2.3, sse(ok("s-35", su10("t-35", "c-35", "TASK_STATE_COMPLETED", ts=TS2)))), "x1"),
    tag(chunk(2.31, "", close="eof"), "x1"),
], [("terminal-state-changed", "error")],
 "https://github.com/EchoYue-lp/echo-agent/issues/35 (finding a2a-terminal-authority: \"A2AServer 维护 TaskState/task map/cancel map，直接消费 Agent stream 并自行判定 completed/failed/canceled；stream completion 还可覆盖已写入 Canceled\" - the stream's completion can overwrite a Canceled already written; 2026-09-13). The exchange is rebuilt from the finding",
 "terminal states never change (TASK-001, TASK-008): the agent answered CancelTask with the task CANCELED and then reported the same task COMPLETED on its stream; a client that saw the cancel succeed now holds a result for a task it stopped, and the two answers contradict each other (TASK-003: the cancel result is the updated Task)")

# microsoft/agent-framework #5868: one Message event per chat-client update, empty parts on the bookend chunks
MID = "chatcmpl-5868"
def amsg_parts(parts):
    return {"messageId": MID, "role": "ROLE_AGENT", "contextId": "c-5868", "parts": parts}
case("f705-v10-stream-message-per-update-empty-parts", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-5868", "SendStreamingMessage", {"message": umsg10("say hello", mid="m-5868")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-5868", {"message": amsg_parts([])}))),
    chunk(0.3, sse(ok("s-5868", {"message": amsg_parts([{"text": "Hel"}])}))),
    chunk(0.35, sse(ok("s-5868", {"message": amsg_parts([{"text": "lo!"}])}))),
    chunk(0.4, sse(ok("s-5868", {"message": amsg_parts([])}))),
    chunk(0.41, "", close="eof"),
], [("stream-event-invalid-shape", "error"), ("stream-event-after-terminal", "error"), ("agent-message-id-reused", "warning")],
 "https://github.com/microsoft/agent-framework/issues/5868 (A2AAgentHandler.HandleNewMessageStreamingAsync \"enqueues one A2A Message event for every AgentResponseUpdate\": role-only and finish-reason-only deltas give \"a Message with Parts = []\", rejected by a2a-sdk with \"Message object must have a non-empty 'parts' array\", and consecutive events share MessageId = update.ResponseId). Rebuilt from the description; the thread was opened in 2026-05 and is in this round for its 1.0 wire detail",
 "Message.parts is REQUIRED and non-empty (DATA-005; a2a.proto repeated field REQUIRED), and a message reply stream is exactly one message event, then close (STREAM-002): a streamed answer in pieces is a task with artifactUpdate chunks (STREAM-009). Four message events, two of them empty, are neither")

# assistant-ui/assistant-ui PR #5359: a 200 text/event-stream whose only event is data: {}
case("f706-v10-rest-stream-data-empty-object", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("draft a reply", mid="m-5359")}, ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, "data: {}\n\n"),
    chunk(0.22, "", close="eof"),
], [("stream-event-invalid-shape", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/5359 (\"a successful text/event-stream response containing only data: {} or malformed JSON was silently discarded\": the runtime then saw a normally completed stream with no events and marked a blank assistant turn complete; 2026-07-29). The agent side is rebuilt from the description on the 1.0 HTTP+JSON binding",
 "each data of a 1.0 HTTP+JSON stream is one StreamResponse (REST-002, RPC-005): exactly one of task / message / statusUpdate / artifactUpdate (STREAM-002, STREAM-003). {} is none of them, so the agent answered a streaming send with nothing a client can read, then closed")

# mastra-ai/mastra #24123: A2AAgent adds A2A-Version: 1.0 but keeps the 0.3 body; the v1-only remote refuses
case("f707-v10-header-with-03-payload", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("d-24123", "message/send", {"message": umsg03("find flights to Porto", mid="m-24123")}), ver="1.0"),
    resp(0.12, 200, err("d-24123", -32601, "Method not found: message/send")),
], [("client-version-mixed-request", "warning")],
 "https://github.com/mastra-ai/mastra/issues/24123 (A2AAgent \"only uses the A2A v0.3 wire format\"; \"Manually supplying the A2A-Version header is insufficient because the request and response bodies still use the v0.3 wire format\", so a Mastra agent cannot delegate to a remote that serves only A2A v1.0; 2026-09-16). The call is rebuilt from the description",
 "A2A-Version: 1.0 asks for 1.0 semantics (VER-001, VER-002), and a 1.0 JSON-RPC call is SendMessage with a 1.0 Message (RPC-003, DATA-001): this call names the 0.3 method message/send and a 0.3 message with kind and role \"user\" under the 1.0 header. The v1-only agent's -32601 is right; the client mixed the versions")

# --- legal controls --------------------------------------------------------------------------------
# chaosxingxc-orion/spring-ai-ascend #259: a 1.0-only card that still carries 0.3's top-level url / preferredTransport
UC = card10([iface("http://127.0.0.1:13000/a2a", "JSONRPC", tenant="")], url="http://127.0.0.1:13000/a2a", preferredTransport="JSONRPC")
case("f710-legal-v10-card-with-03-url-fields", get_card(0.0, UC, url="http://127.0.0.1:13000/.well-known/agent-card.json") + [
    req(0.1, "POST", "http://127.0.0.1:13000/a2a", rpc("s-259", "SendMessage", {"message": umsg10("book a room for two", mid="m-259")}), ver="1.0"),
    resp(0.5, 200, ok("s-259", {"message": amsg10("Booked: room 214, two guests.", mid="m-259r", contextId="c-259")})),
], [],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/259 (a v1.0-only runtime's /.well-known/agent-card.json \"仍吐出顶层 url 与 preferredTransport\": the card has supportedInterfaces [{protocolBinding JSONRPC, url http://127.0.0.1:13000/a2a, tenant \"\", protocolVersion 1.0}] plus top-level url and preferredTransport; 2026-06-14, open) ; https://github.com/a2aproject/a2a-python/issues/742 (the 1.0 SDK deliberately serves a card that is the union of 1.0 and 0.3 fields)",
 "legal: a 1.0 card is read from supportedInterfaces (CARD-003, CARD-005), and members the 1.0 proto does not define are ignored (DATA-003); the two 0.3 members repeat the first interface's url and binding, so they mislead no client. The 1.0 SDKs serve such union cards on purpose for 0.3 clients (a2a-python #742). Loopback and plain http are this local runtime's own address, fetched from itself")

# BerriAI/litellm #36971: the gateway answers -32603 with the Python error when a2a-sdk is not installed
LG = "https://litellm.example.test"
case("f711-legal-v03-gateway-internal-error-32603", get_card(0.0, card03(LG + "/a2a/agent-7"), url=LG + "/a2a/agent-7/.well-known/agent-card.json") + [
    req(0.1, "POST", LG + "/a2a/agent-7", rpc("1", "message/send", {"message": umsg03("ping", mid="m-36971")})),
    resp(0.15, 200, err("1", -32603, "Internal error: NoneType takes no arguments")),
], [],
 "https://github.com/BerriAI/litellm/issues/36971 (without the optional a2a-sdk a gateway call returns {\"jsonrpc\":\"2.0\",\"id\":\"1\",\"error\":{\"code\":-32603,\"message\":\"Internal error: NoneType takes no arguments\"}} instead of the gateway's own \"'a2a' package not installed\" message; 2026-08-14)",
 "legal on the wire: -32603 InternalError is the JSON-RPC code for a failure inside the server (ERR-001), echoed with the request's id (RPC-002) at HTTP 200 (ERR-007). The text is unhelpful (the issue asks for the missing package's name), but it shows no stack trace, path or SQL (AUTH-LEAK-001 stays quiet); the protocol is kept")

# langchain4j/langchain4j PR #6303: per-call tenant routing; the client sends the interface's tenant in the body
TC = card10([iface(A + "/a2a", "JSONRPC", tenant="acme")])
case("f712-legal-v10-send-with-interface-tenant", get_card(0.0, TC) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6303", "SendMessage", {"message": umsg10("list open invoices", mid="m-6303"), "tenant": "acme"}), ver="1.0"),
    resp(0.4, 200, ok("s-6303", {"task": task10("t-6303", "c-6303", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-6303", "parts": [{"text": "3 open invoices"}]}])})),
    req(0.6, "POST", A + "/a2a", rpc("g-6303", "GetTask", {"id": "t-6303", "tenant": "acme"}), ver="1.0"),
    resp(0.62, 200, ok("g-6303", task10("t-6303", "c-6303", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-6303", "parts": [{"text": "3 open invoices"}]}]))),
], [],
 "https://github.com/langchain4j/langchain4j/pull/6303 (@A2ATenantId for multi-tenant agent routing: \"Route per-call tenant via MessageSendParams; null/empty falls back to plain Message\"; A2A Java SDK 1.3.1; 2026-09-04)",
 "legal: an interface with a tenant asks the client to put that tenant in every request (CARD-008, 1.0 §8.3.2); SendMessage and GetTask carry tenant \"acme\" in their params, as the proto's tenant field allows on JSON-RPC")

# microsoft/agent-framework #7620: the next routed message answers an INPUT_REQUIRED task; a later one only references it
case("f713-legal-v10-follow-up-answers-input-required", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1", "SendMessage", {"message": umsg10("deploy build 912 to prod", mid="m-7620a")}), ver="1.0"),
    resp(0.5, 200, ok("s-1", {"task": task10("task-42", "c-7620", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("Confirm the deploy to prod?", mid="m-7620q", taskId="task-42", contextId="c-7620")})})),
    req(3.0, "POST", A + "/a2a", rpc("s-2", "SendMessage", {"message": umsg10("The release notes look fine to me.", mid="m-7620b", taskId="task-42", contextId="c-7620")}), ver="1.0"),
    resp(3.6, 200, ok("s-2", {"task": task10("task-42", "c-7620", "TASK_STATE_COMPLETED", ts=TS2,
        artifacts=[{"artifactId": "a-7620", "parts": [{"text": "Deployed build 912."}]}])})),
    req(6.0, "POST", A + "/a2a", rpc("s-3", "SendMessage", {"message": umsg10("what changed in 912?", mid="m-7620c", contextId="c-7620", referenceTaskIds=["task-42"])}), ver="1.0"),
    resp(6.4, 200, ok("s-3", {"message": amsg10("Two fixes and the new cache.", mid="m-7620r", contextId="c-7620")})),
], [],
 "https://github.com/microsoft/agent-framework/issues/7620 (A2AAgent does not pause on TASK_STATE_INPUT_REQUIRED: \"the next message routed to that participant is silently bound to the waiting task as its answer\"; verified: peer message -> task_id 'task-42', peer after completed -> task_id '' with reference_task_ids ['task-42']; 2026-08-11)",
 "legal on the wire: a message that names an INPUT_REQUIRED task continues it (TASK-007, ID-003), whatever its text, and after completion a new message in the same context MAY point at the finished task with referenceTaskIds instead of its taskId (ID-008, TASK-001). That the framework answered a human question with another agent's words is its bug, which the wire cannot show")

# strands-agents/harness-sdk PR #4304: a streaming server ends the cycle at input-required; the client raises
case("f714-legal-v03-stream-ends-input-required-final", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-4304", "message/stream", {"message": umsg03("deploy the hotfix", mid="m-4304")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-4304", task03("t-4304", "c-4304", "submitted")))),
    chunk(0.4, sse(ok("s-4304", su03("t-4304", "c-4304", "working", False)))),
    chunk(1.2, sse(ok("s-4304", su03("t-4304", "c-4304", "input-required", True,
        message=amsg03("Which environment: staging or prod?", mid="m-4304q", taskId="t-4304", contextId="c-4304"))))),
    chunk(1.21, "", close="eof"),
], [],
 "https://github.com/strands-agents/harness-sdk/pull/4304 (review of the a2a_client vended tool against a Strands A2AServer over SSE: \"input-required / auth-required / failed -> A2AClientError: Remote agent at '...' did not complete: task state is 'input-required'\", and the error drops the remote's question; 2026-09-12)",
 "legal: in 0.3 final:true marks the last event of a cycle at a terminal or input-required state, and the server closes after it (STREAM-008, trap 4); the question travels in status.message. A client that treats input-required as a failure mis-reads A2A; the agent kept the protocol")

# a2aproject/A2A PRs #2068 / #2172: GET or POST for SubscribeToTask; an agent that serves GET
case("f715-legal-v10-rest-get-subscribe", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("run the nightly report", mid="m-2068"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.2, 200, {"task": task10("t-2068", "c-2068", "TASK_STATE_WORKING")}),
    req(0.5, "GET", R + "/tasks/t-2068:subscribe", hdr={"a2a-version": "1.0"}, accept=SSE),
    resp(0.51, 200, "", ctype=SSE),
    chunk(0.52, sse({"task": task10("t-2068", "c-2068", "TASK_STATE_WORKING")})),
    chunk(2.0, sse({"artifactUpdate": {"taskId": "t-2068", "contextId": "c-2068", "artifact": {"artifactId": "a-2068", "parts": [{"text": "report ready"}]}, "lastChunk": True}})),
    chunk(2.1, sse(su10("t-2068", "c-2068", "TASK_STATE_COMPLETED", ts=TS2))),
    chunk(2.11, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/pull/2068 (docs(spec): change SubscribeToTask from POST to GET: \"The proto definition (a2a.proto) uses GET ... but the specification document had POST in two places\"; open, 2026-07/08) ; https://github.com/a2aproject/A2A/pull/2172 (the opposite direction, closed 2026-08-23 deferring to the TSC)",
 "legal: 1.0's proto binds SubscribeToTask to GET /tasks/{id}:subscribe and its prose to POST (trap 1, A2A #1574 open), so either verb is right until the TSC decides. The stream starts with the current task (STREAM-004) and closes at the terminal state (STREAM-003)")

# mastra-ai/mastra #24158: the card endpoint returns the same 0.3 card whatever A2A-Version the client sends
MC = card03(A + "/a2a/weatherAgent", name="weatherAgent", description="Answers weather questions")
case("f716-legal-v03-card-same-for-every-version-header",
     get_card(0.0, MC, url=A + "/.well-known/weatherAgent/agent-card.json", hdr={"a2a-version": "1.0"}) + [
    req(0.2, "POST", A + "/a2a/weatherAgent", rpc("w-1", "message/send", {"message": umsg03("weather in Porto?", mid="m-24158")})),
    resp(0.6, 200, ok("w-1", amsg03("18 C and sunny in Porto.", mid="m-24158r", contextId="c-24158"))),
], [],
 "https://github.com/mastra-ai/mastra/issues/24158 (\"Today the card endpoint returns the same v0.3 card regardless of the header (no Vary: A2A-Version), so a v1 client cannot discover the v1 interface even where the execution endpoint would serve it\"; 2026-09-16)",
 "legal: A2A-Version negotiates the semantics of A2A calls (VER-001, VER-002); the card is discovery and A2A defines no card selection by that header (CARD-001, CARD-002). A 0.3 card answers the question truthfully, and the client then speaks 0.3 to its url without a version header (VER-003, VER-005)")

# mastra-ai/mastra PR #23857: one card and one url serve 0.3 and 1.0, picked by the A2A-Version header
DC = card10([iface(A + "/a2a/agent", "JSONRPC", "1.0"), iface(A + "/a2a/agent", "JSONRPC", "0.3")])
case("f717-legal-v10-one-url-serves-03-and-10-by-header", get_card(0.0, DC) + [
    req(0.1, "POST", A + "/a2a/agent", rpc("n-1", "SendMessage", {"message": umsg10("convert 20 EUR to USD", mid="m-23857a")}), ver="1.0"),
    resp(0.4, 200, ok("n-1", {"message": amsg10("20 EUR is 21.60 USD.", mid="m-23857ar", contextId="c-23857a")}), hdr={"a2a-version": "1.0", "vary": "A2A-Version"}),
    req(0.8, "POST", A + "/a2a/agent", rpc("o-1", "message/send", {"message": umsg03("convert 20 EUR to GBP", mid="m-23857b")})),
    resp(1.1, 200, ok("o-1", amsg03("20 EUR is 17.10 GBP.", mid="m-23857br", contextId="c-23857b"))),
], [],
 "https://github.com/mastra-ai/mastra/pull/23857 (\"serve both 0.3 and 1.0 from the same agent card and execution URL, selected by the standard A2A-Version request header ... Card responses send Vary: A2A-Version\"; 2026-09-14)",
 "legal: one url MAY appear in several interfaces with different protocol versions, the dialect then chosen per call by A2A-Version (VER-004); a request without the header is 0.3 (VER-003), so message/send there is right, and SendMessage under A2A-Version 1.0 is too")

# a2aproject/A2A PR #1689: HTTP+JSON errors are application/json, not application/problem+json
case("f718-legal-v10-rest-error-application-json", get_card(0.0, RCARD) + [
    req(0.1, "GET", R + "/tasks/t-missing-1689", hdr={"a2a-version": "1.0"}),
    resp(0.11, 404, rest_status(404, "NOT_FOUND", "Task not found: t-missing-1689", "TASK_NOT_FOUND")),
], [],
 "https://github.com/a2aproject/A2A/pull/1689 (\"explicitly call out that the JSON-RPC and HTTP+JSON bindings use application/json for both success and error bodies per AIP-193\", fixing two samples that still showed application/problem+json; active 2026-08-03)",
 "legal: a 1.0 HTTP+JSON error is a google.rpc.Status body {error:{code,status,message,details[ErrorInfo]}} (ERR-003), sent as application/json (AIP-193; the 1.0.1 §6.4 / §6.5 problem+json samples are trap 10); TaskNotFoundError is 404 with reason TASK_NOT_FOUND (ERR-002), and the client asked for a task it was never given")

write_cases(cases, OUT)
