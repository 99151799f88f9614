"""Session-50 field cases of miner mine50 (f1068-...): same helpers and output format as gen_cases49.py.

Scope (round fifty): an agent card whose url is an MCP server's endpoint, so the A2A call is
refused 406 Not Acceptable (superset-sh/superset), an agent demanding an Accept header the
binding does not ask for, a 1.0 library's own wire examples and fixtures (jllopis/kairos: core
binding names in lower case, a card declaring the protocol version "v1" and no interface version,
a send whose message sits under the draft proto's `request`, stream events without task and
context ids), a 0.3 stream whose task snapshot has no `kind` (actioncard/a2a-elixir), a 1.0
stream that begins with a status update (a2a-python, through a reader's analysis), a card whose
url is empty (trpc-group/trpc-agent-python), a 1.0 task streamed without its context id (Vertex
AI Agent Engine through a2a-js's CLI), a 1.0 card without caching headers (spring-ai-ascend), and
their legal neighbours (a 406 to a request that accepts only another media type, a revalidated
card answered 304, a subscribe by the proto's GET, a well-formed 1.0 card).
`python3 gen_cases50.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
CARD_URL = A + "/.well-known/agent-card.json"
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url=CARD_URL, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]

# --- f1068: the card's url is the site's MCP endpoint; message/send there is refused 406 by the MCP transport (superset PR #5910)
SUP = ("https://github.com/superset-sh/superset/pull/5910 (feat(marketing,api,docs): agent-readiness surfaces: "
       "apps/marketing/src/app/.well-known/agent-card.json/route.ts serves a card with url: MCP_SERVER_URL, preferredTransport: "
       "\"JSONRPC\", capabilities.streaming: true; the review flags the url as the MCP server's; the MCP Streamable HTTP transport "
       "answers a POST whose Accept lacks text/event-stream with 406 {\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32000,\"message\":\"Not "
       "Acceptable: Client must accept both application/json and text/event-stream\"},\"id\":null}, as "
       "https://github.com/bh-rat/context-awesome/issues/11 records)")
SS = "https://superset.example.test"
MCP_406 = {"jsonrpc": "2.0", "error": {"code": -32000, "message": "Not Acceptable: Client must accept both application/json and text/event-stream"}, "id": None}
case("f1068-v03-card-url-mcp-endpoint-refuses-accept", get_card(0.0, card03(SS + "/api/mcp", name="superset",
        capabilities={"streaming": True, "pushNotifications": False, "stateTransitionHistory": False}), SS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SS + "/api/mcp", rpc("s-1", "message/send", {"message": umsg03("list my workspaces", mid="m-5910")})),
    resp(0.25, 406, MCP_406),
], [("accept-refused", "error"), ("jsonrpc-id-mismatch", "error")], SUP,
     "a JSON-RPC A2A call is answered with application/json (RPC-001, RPC-002) and the client's Accept: application/json admits exactly that; the server refused it 406 Not Acceptable, demanding text/event-stream as well: the url the card advertises is an MCP Streamable HTTP endpoint, not an A2A one, so no A2A client that follows the card gets an answer (CARD-005); the refusal's id null does not echo the call's id either (RPC-002)")

# --- f1069: a 1.0 card whose core binding names are written in lower case (jllopis/kairos walkthrough)
KAI = ("https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/docs/walkthrough-a2a-httpjson-jsonrpc.md "
       "(A2A HTTP+JSON and JSON-RPC Bindings: the example card is AgentCard{ProtocolVersion: \"v1\", SupportedInterfaces: "
       "[{Url: \"http://localhost:8080\", ProtocolBinding: \"http+json\"}]}; send bodies are {\"request\": {\"role\": \"ROLE_USER\", "
       "\"parts\": [...], \"contextId\", \"taskId\"}}; 'SSE events contain JSON-encoded StreamResponse values: data: "
       "{\"statusUpdate\":{\"status\":{\"state\":\"TASK_STATE_WORKING\"}}}')")
KA = "https://kairos.example.test"
KCARD = card10(KA, binding="http+json")
case("f1069-v10-card-binding-lower-case", get_card(0.0, KCARD, KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/message:send", {"message": umsg10("ping", mid="m-k-1")}, ver="1.0"),
    resp(0.3, 200, {"message": amsg10("pong", mid="a-k-1", contextId="ctx-k-1")}),
], [("card-interface-malformed", "error")], KAI,
     "protocolBinding's core values are JSONRPC, GRPC and HTTP+JSON (CARD-005, CARD-006, 1.0 §5.8: any other binding is named by a URI); 'http+json' is none of them, and a client that matches the card's binding against HTTP+JSON (the SDKs compare the strings) finds no interface it speaks")

# --- f1070: kairos's fixture card: protocolVersion "v1" at the top, a "grpc" interface with no protocolVersion
KAIF = ("https://github.com/jllopis/kairos/blob/d14252507686c4c835dad1989437ee12f7a6731f/pkg/a2a/server/testdata/agent_card.json "
        "({\"protocolVersion\": \"v1\", \"name\": \"Kairos Agent\", ..., \"supportedInterfaces\": [{\"url\": \"grpc://localhost:9030\", "
        "\"protocolBinding\": \"grpc\"}], ...}: the golden card the library's conformance test serves)")
case("f1070-v10-card-interface-without-protocol-version", get_card(0.0, {
    "protocolVersion": "v1", "name": "Kairos Agent", "description": "Agente de ejemplo.", "version": "0.1.0",
    "capabilities": {"streaming": True},
    "supportedInterfaces": [{"url": "https://kairos.example.test/a2a", "protocolBinding": "JSONRPC"}],
    "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "hello", "name": "hello", "description": "Devuelve un saludo.", "tags": ["hello"]}]}, KA + "/.well-known/agent-card.json") + [
], [("card-interface-malformed", "error"), ("version-mixed-payload", "warning")], KAIF,
     "a 1.0 AgentInterface's protocolVersion is required (CARD-005, 1.0 proto field_behavior REQUIRED): it is how a client knows which version an interface speaks; the card puts a top-level protocolVersion \"v1\" (not a 1.0 member, and no A2A version) and leaves every interface without one, so a client cannot tell a 1.0 interface from a 0.3 one")

# --- f1071: a 1.0 send whose message sits under "request" (the draft proto's field name), without a messageId (kairos walkthrough)
case("f1071-v10-rest-send-message-under-request", get_card(0.0, card10(KA, binding="HTTP+JSON"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/message:send", {"request": {"role": "ROLE_USER", "parts": [{"text": "ping"}], "contextId": "ctx-1", "taskId": "task-1"}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("task-1", "ctx-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-k-1", "parts": [{"text": "pong"}]}])}),
], [("request-message-invalid-shape", "error")], KAI,
     "a 1.0 SendMessageRequest carries the message in `message` (DATA-001, 1.0 proto SendMessageRequest.message, json name message); the walkthrough's body puts it under `request`, a pre-1.0 draft's field name that only a server built from that draft proto reads, and without the required messageId: every other 1.0 agent refuses the send (the library's own server, built from that draft, took it)")

# --- f1072: kairos's HTTP+JSON stream: statusUpdate events without taskId and contextId
case("f1072-v10-rest-stream-status-update-without-ids", get_card(0.0, card10(KA, binding="HTTP+JSON"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/message:stream", {"message": umsg10("ping", mid="m-k-2")}, ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse({"task": task10("task-k-2", "ctx-k-2", "TASK_STATE_SUBMITTED")})),
    chunk(0.3, sse({"statusUpdate": {"status": {"state": "TASK_STATE_WORKING"}}})),
    chunk(0.5, sse({"statusUpdate": {"status": {"state": "TASK_STATE_COMPLETED"}}})),
    chunk(0.51, "", close="eof"),
], [("stream-event-missing-task-id", "error")], KAI,
     "a TaskStatusUpdateEvent names its task and context (STREAM-002, 1.0 proto taskId and contextId REQUIRED); the library's events carry only the status, so a client multiplexing streams cannot tell which task went working and completed")

# --- f1073: a 0.3 stream whose opening task snapshot has no kind (a2a-elixir #96)
EL96 = ("https://github.com/actioncard/a2a-elixir/issues/96 (Streamed task snapshot is dropped by the client: 'A2A.Plug.SSE emits the "
        "opening task snapshot with no kind field': what the server sent: kind=nil keys=[contextId, history, id, status]; "
        "kind=\"artifact-update\" keys=[artifact, kind, taskId]; kind=\"status-update\" keys=[final, kind, status, taskId])")
EA = "https://elixir.example.test/a2a"
case("f1073-v03-stream-task-snapshot-without-kind", get_card(0.0, card03(EA, name="stream-agent"), "https://elixir.example.test/.well-known/agent-card.json") + [
    req(0.2, "POST", EA, rpc("st-1", "message/stream", {"message": umsg03("write a haiku", mid="m-96")}), accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("st-1", {"id": "t-96", "contextId": "c-96", "status": {"state": "working"}, "history": [umsg03("write a haiku", mid="m-96", taskId="t-96", contextId="c-96")]}))),
    chunk(0.4, sse(ok("st-1", {"kind": "artifact-update", "taskId": "t-96", "artifact": {"artifactId": "a-96", "parts": [{"kind": "text", "text": "old pond / frog leaps in"}]}}))),
    chunk(0.5, sse(ok("st-1", {"kind": "status-update", "taskId": "t-96", "status": {"state": "completed"}, "final": True}))),
    chunk(0.51, "", close="eof"),
], [("stream-event-invalid-shape", "error"), ("stream-event-missing-task-id", "error")], EL96,
     "0.3 stream results are told apart by kind (STREAM-002, 0.3 §7.2.1: Task kind \"task\", the updates \"status-update\" / \"artifact-update\"), and the update events name their contextId (required in 0.3's TaskStatusUpdateEvent and TaskArtifactUpdateEvent); the opening task has no kind, so the library's own client drops it and never learns the task id, and neither update names its context")

# --- f1074: a 1.0 message stream that begins with a status update, no Task first (a2a-python, per the blog's reading)
QY = ("https://github.com/QingyaFan/blog/issues/240 (【多智能体】A2A 协议规范剖析: '§3.1.2 requires the task lifecycle stream to \"begin with the "
      "Task object\", but a2a-python's on_message_send_stream passes include_initial_task=False ... the first event depends on what "
      "the agent publishes; its own recovery test asserts a stream of a single TaskStatusUpdateEvent', while SubscribeToTask passes "
      "include_initial_task=True)")
case("f1074-v10-stream-begins-with-status-update", get_card(0.0, card10(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc("q-1", "SendStreamingMessage", {"message": umsg10("summarise the log", mid="m-240")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("q-1", su10("task-240", "ctx-240", "TASK_STATE_WORKING")))),
    chunk(0.9, sse(ok("q-1", {"artifactUpdate": {"taskId": "task-240", "contextId": "ctx-240", "artifact": {"artifactId": "a-240", "parts": [{"text": "3 errors"}]}}}))),
    chunk(1.0, sse(ok("q-1", su10("task-240", "ctx-240", "TASK_STATE_COMPLETED")))),
    chunk(1.01, "", close="eof"),
], [("first-stream-event-not-task", "error")], QY,
     "a task lifecycle stream MUST begin with the Task object (STREAM-003, 1.0 §3.1.2); this one opens with a status update of a task the client has never seen, so the client has no Task to apply it to (no history, no initial state) and must call GetTask to build one")

# --- f1075: a 0.3 card whose url is empty (trpc-agent-python PR #299: 'the AgentCard url was always empty')
TR = ("https://github.com/trpc-group/trpc-agent-python/pull/299 (feat: 升级a2a协议版本到1.0: review thread on run_server.py's new rpc_url: "
      "'之前的版本没有注入 url，暴露的AgentCard的url都是空的' (the previous version did not inject the url; every AgentCard it exposed had an "
      "empty url); the server kept answering the old /.well-known/agent.json path)")
TA = "https://trpc.example.test"
case("f1075-v03-card-url-empty", get_card(0.0, card03("", name="weather_agent_cancel_service"), TA + "/.well-known/agent-card.json") + [
], [("card-interface-malformed", "error")], TR,
     "a 0.3 card's url is the agent's A2A endpoint, an absolute URL (CARD-005, 0.3 §5.5); an empty url gives a client nothing to call: the SDK clients resolve it against nothing and post to the card's own host root, or fail")

# --- f1076 (legal): a 1.0 HTTP+JSON stream whose Task has no contextId (Agent Engine, seen through a2a-js's sample CLI)
JS574 = ("https://github.com/a2aproject/a2a-js/pull/574 (chore(samples): add --no-agent-card and --google-auth to the client CLI: the "
         "tested run against an Agent Engine endpoint over HTTP+JSON prints 'Task Stream Event: ID: <REDACTED>, Context: , Status: "
         "TASK_STATE_SUBMITTED')")
AE = "https://engine.example.test/v1/projects/p/locations/l/reasoningEngines/42/a2a"
case("f1076-legal-v10-rest-stream-task-without-context-id", get_card(0.0, card10(AE, binding="HTTP+JSON"), AE + "/v1/card") + [
    req(0.2, "POST", AE + "/message:stream", {"message": umsg10("Hi from a2a-js, provide shortest reply possible", mid="m-574")}, ver="1.0", accept=SSE, hdr={"authorization": "Bearer ya29.test-token"}),
    resp(0.4, 200, "", ctype=SSE),
    chunk(0.41, sse({"task": {"id": "task-574", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": TS}}})),
    chunk(1.2, sse({"statusUpdate": {"taskId": "task-574", "contextId": "ctx-574", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS, "message": amsg10("Hi.", mid="a-574", contextId="ctx-574", taskId="task-574")}}})),
    chunk(1.21, "", close="eof"),
], [], JS574,
     "legal: the 1.0 proto's Task.context_id carries no REQUIRED annotation (Task.id and status do; TaskStatusUpdateEvent.context_id does), so a Task streamed before the agent minted a context may leave it out (ProtoJSON omits the empty string); the status update names the context the agent then gave the task")

# --- f1077: a 1.0 card served without Cache-Control or ETag (spring-ai-ascend #239)
SA239 = ("https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/239 ([agent-card] discovery 端点无 Cache-Control / ETag，反代与 client "
         "无法做条件 GET: AgentCardController's two GET endpoints write no response headers; fixed in PR #243 with Cache-Control: public, "
         "max-age=60 and a SHA-256 ETag answering If-None-Match with 304)")
SP = "https://hotel.example.test"
case("f1077-v10-card-without-cache-headers", get_card(0.0, card10(SP + "/a2a"), SP + "/.well-known/agent-card.json", rhdr={}) + [
], [("card-cache-headers-missing", "note")], SA239,
     "servers SHOULD send standard caching headers with the card (CARD-009, 1.0 §8.6.1: Cache-Control, ETag); without them every client and reverse proxy fetches the whole card again on each poll and cannot revalidate")

# --- f1078 (legal): the card revalidated with If-None-Match and answered 304 (spring-ai-ascend #239's fix)
case("f1078-legal-v10-card-revalidated-304", get_card(0.0, card10(SP + "/a2a"), SP + "/.well-known/agent-card.json",
        rhdr={"cache-control": "public, max-age=60", "etag": '"sha256-4f1c"'}) + [
    req(61.0, "GET", SP + "/.well-known/agent-card.json", hdr={"if-none-match": '"sha256-4f1c"'}),
    {"dir": "resp", "t": 61.01, "status": 304, "headers": {"cache-control": "public, max-age=60", "etag": '"sha256-4f1c"'}, "body": ""},
    req(61.2, "POST", SP + "/a2a", rpc("h-1", "SendMessage", {"message": umsg10("book room 12", mid="m-239")}), ver="1.0"),
    resp(61.5, 200, ok("h-1", {"message": amsg10("Booked.", mid="a-239", contextId="ctx-239")})),
], [], SA239,
     "legal: a client revalidates the card after max-age with If-None-Match and the agent answers 304 Not Modified with no body (CARD-009, RFC 9110 §15.4.5): the client keeps the card it has")

# --- f1079 (legal): SubscribeToTask over HTTP+JSON by the proto's GET (kairos routes :subscribe on GET)
KAIS = ("https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/pkg/a2a/httpjson/server.go (handleTasks: "
        "strings.HasSuffix(segments[1], \":subscribe\") with r.Method != http.MethodGet answers http.NotFound; the proto's google.api.http "
        "for SubscribeToTask is get: \"/tasks/{id=*}:subscribe\", the prose says POST)")
case("f1079-legal-v10-rest-subscribe-by-get", get_card(0.0, card10(KA, binding="HTTP+JSON"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "GET", KA + "/tasks/task-k-9:subscribe", ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse({"task": task10("task-k-9", "ctx-k-9", "TASK_STATE_WORKING")})),
    chunk(0.8, sse(su10("task-k-9", "ctx-k-9", "TASK_STATE_COMPLETED"))),
    chunk(0.81, "", close="eof"),
], [], KAIS,
     "legal: the 1.0 proto maps SubscribeToTask to GET /tasks/{id}:subscribe and the prose to POST (A2A#1574, DIGEST trap 1); an agent serving the proto's GET, first event the current Task (STREAM-004), is conformant")

# --- f1080 (legal): a 406 to a request that accepts only a media type the binding never answers with (the MCP transport's own reading, made right)
case("f1080-legal-v03-accept-html-only-refused-406", get_card(0.0, card03(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc("h-2", "message/send", {"message": umsg03("hello", mid="m-406")}), accept="text/html"),
    resp(0.21, 406, "Not Acceptable: this endpoint answers application/json", ctype="text/plain"),
    req(0.5, "POST", A + "/a2a", rpc("h-3", "message/send", {"message": umsg03("hello", mid="m-406b")})),
    resp(0.7, 200, ok("h-3", amsg03("hi", mid="a-406b", contextId="c-406"))),
], [], "https://github.com/bh-rat/context-awesome/issues/11 (the MCP transport's 406 'Client must accept both application/json and text/event-stream')",
     "legal: HTTP 406 answers a request whose Accept admits no media type the endpoint can produce (RFC 9110 §15.5.7); a JSON-RPC answer is application/json, and this request accepted only text/html; the same call with Accept: application/json was answered")

# --- f1081 (legal): a well-formed 1.0 card with the core binding names (NSHipster/sosumi.ai PR #89)
SOS = ("https://github.com/NSHipster/sosumi.ai/pull/89 (Publish A2A Agent Card for agent-to-agent discovery: the card's tests assert 'a "
       "well-formed supportedInterfaces entry, capabilities, and per-skill id/name/description/tags')")
SO = "https://sosumi.example.test"
case("f1081-legal-v10-card-core-binding-names", get_card(0.0, card10(SO + "/a2a", supportedInterfaces=[
        {"url": SO + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": SO + "/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), SO + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SO + "/a2a/rest/message:send", {"message": umsg10("swiftui list", mid="m-89")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, {"message": amsg10("See List in SwiftUI docs.", mid="a-89", contextId="ctx-89")}, ctype=A2AJ),
], [], SOS,
     "legal: JSONRPC and HTTP+JSON are the core binding names (CARD-005, CARD-006), each interface with its protocolVersion 1.0")

# --- f1082: kairos's HTTP+JSON stream: an error after the first event written as a raw problem+json body into the event stream
KAIH = ("https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/pkg/a2a/httpjson/server.go "
        "(handleSendStreamingMessage sets Content-Type: text/event-stream and streams `data: <StreamResponse>\\n\\n` events; when "
        "Handler.SendStreamingMessage returns an error it calls writeError, which writes {\"type\":\"about:blank\",\"title\":..., "
        "\"detail\":...} with json.Encoder into the same response: after the first event the head is gone, so the body goes into the "
        "event stream as a bare line)")
case("f1082-v10-rest-stream-error-written-raw", get_card(0.0, card10(KA, binding="HTTP+JSON"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/message:stream", {"message": umsg10("summarise the incident", mid="m-k-3")}, ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse({"task": task10("task-k-3", "ctx-k-3", "TASK_STATE_WORKING")})),
    chunk(4.0, json.dumps({"type": "about:blank", "title": "Internal", "detail": "executor: model call timed out"}) + "\n"),
    chunk(4.01, "", close="eof"),
], [("sse-json-without-data-field", "error"), ("stream-ended-without-terminal", "error")], KAIH,
     "everything after an SSE response head is SSE (RPC-005, REST-002): an error after the first event goes out as an event (the task's failed status update); the server wrote its problem+json error body raw into the stream, a line an SSE parser ignores as an unknown field, so the client sees the stream end at working with no word of the failure")

# --- f1083: the same on kairos's JSON-RPC binding: the JSON-RPC error response written raw into the stream, without id
KAIJ = ("https://github.com/jllopis/kairos/blob/18073301829c82175eb4b8eb5d76489a981d48af/pkg/a2a/jsonrpc/server.go "
        "(handleSendStreamingMessage: after the head and events (rpcStream.Send writes `data: {jsonrpc, id, result}`), an error from "
        "the handler goes to writeRPCError -> writeJSON, json.NewEncoder(w).Encode({\"jsonrpc\":\"2.0\",\"error\":{...}}): a bare "
        "line in the event stream, and rpcResponse's id is omitempty, so the error has no id either)")
case("f1083-v10-stream-jsonrpc-error-written-raw", get_card(0.0, card10(KA + "/rpc"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/rpc", rpc("stream-1", "SendStreamingMessage", {"message": umsg10("ping", mid="m-k-4")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("stream-1", {"task": task10("task-k-4", "ctx-k-4", "TASK_STATE_WORKING")}))),
    chunk(2.0, json.dumps({"jsonrpc": "2.0", "error": {"code": -32000, "message": "policy evaluation failed"}}, separators=(",", ":")) + "\n"),
    chunk(2.01, "", close="eof"),
], [("sse-json-without-data-field", "error"), ("stream-ended-without-terminal", "error")], KAIJ,
     "each event of a JSON-RPC stream is a JSON-RPC response with the request's id in an SSE data field (RPC-005); the server's error after the first event is a raw line without data: and without the id, which an SSE parser drops, so the client sees the stream end at working and never learns the policy refused the task")

# --- f1084: kairos's JSON-RPC errors: a task not found answered -32004 UnsupportedOperation, with no id member
case("f1084-v10-get-task-not-found-as-unsupported-no-id", get_card(0.0, card10(KA + "/rpc"), KA + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KA + "/rpc", rpc("g-1", "GetTask", {"id": "task-gone"}), ver="1.0"),
    resp(0.21, 200, {"jsonrpc": "2.0", "error": {"code": -32004, "message": "task not found"}}),
], [("jsonrpc-error-code-mismatch", "error"), ("jsonrpc-response-malformed", "error")], KAIJ.replace(
    "(handleSendStreamingMessage", "(writeRPCError maps codes.NotFound to -32004, codes.Unauthenticated to -32001 and "
    "codes.PermissionDenied to -32003; writeError builds rpcResponse{JSONRPC, Error} whose id is omitempty; and handleSendStreamingMessage"),
     "a task the agent does not know is -32001 TaskNotFoundError (ERR-002, TASK-009), and every JSON-RPC response carries the request's id (RPC-002, JSON-RPC 2.0 §5); the library maps gRPC's NotFound to -32004 UnsupportedOperationError and leaves the id out, so a client can neither match the answer to its call nor tell a missing task from a method the agent lacks")

# --- f1085 (legal): a 1.0 stream with SSE comment keep-alives between its events (a2a-go #99 / PR #100)
GO100 = ("https://github.com/a2aproject/a2a-go/pull/100 (fix: remove keep-alive messages, fixes "
         "https://github.com/a2aproject/a2a-go/issues/99: 'Although sending keep-alive messages is compliant with the SSE standard, we "
         "unfortunately have to remove this feature for now to maintain compatibility with the widely-used python-sdk'; the review "
         "keeps WriteKeepAlive with a TODO to re-enable it once https://github.com/a2aproject/a2a-python/issues/540 is fixed)")
case("f1085-legal-v10-stream-keep-alive-comments", get_card(0.0, card10(A + "/a2a")) + [
    req(0.2, "POST", A + "/a2a", rpc("k-1", "SendStreamingMessage", {"message": umsg10("run the nightly report", mid="m-99")}), ver="1.0", accept=SSE),
    resp(0.25, 200, "", ctype=SSE),
    chunk(0.26, sse(ok("k-1", {"task": task10("task-99", "ctx-99", "TASK_STATE_WORKING")}))),
    chunk(15.26, ": keep-alive\n\n"),
    chunk(30.26, ": keep-alive\n\n"),
    chunk(31.0, sse(ok("k-1", su10("task-99", "ctx-99", "TASK_STATE_COMPLETED")))),
    chunk(31.01, "", close="eof"),
], [], GO100,
     "legal: SSE comment lines (a colon first) are ignored by every conforming parser (W3C SSE 9.2.6) and keep idle proxies from closing a long stream (RPC-005 is about the events, which are all JSON-RPC responses here); a client that crashes on them is the client's bug (a2a-python #540)")

write_cases(cases, OUT)
