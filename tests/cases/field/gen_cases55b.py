"""Session-55 field cases of miner mine55b (f1194-...): same helpers and output format as gen_cases54b.py.

Scope (round fifty-five, b): threads under github.com/a2aproject only (the spec repo, the
official SDKs, the TCK, samples and inspector) that no round had cited, each URL grepped in
FIELD-CASES.md first: a 1.0 REST client asking for the extended card at 0.3's `/v1/card`
(a2aproject/a2a-js PR #401, fixing #326-#328), a 1.0 server that serves its HTTP+JSON routes
under 0.3's `/v1` prefix (a2aproject/a2a-python PR #765), token
chunks streamed as status updates under one messageId (a2aproject/a2a-inspector #85), a 1.0
client that sends `tasks/get` because the 1.0 prose still names it (a2aproject/A2A #1267),
an agent card answered with the serializer's exception text (a2aproject/a2a-dotnet #203 /
PR #215), a REST error written as a JSON string under 404 (a2aproject/a2a-python PR #297's
review), a terminal task's subscription answered with an event stream carrying the error
(a2aproject/a2a-java PR #784), a 0.3 card without preferredTransport (a2aproject/a2a-dotnet
PR #189), a ListTasks answer without its pagination members (a2aproject/a2a-tck #141), a
stream that sends a status update before its task (a2aproject/a2a-samples PR #523), and
legal neighbours: the extended card at 1.0's `/extendedAgentCard`, a tenant in
the REST path (a2aproject/a2a-go #89), a cancel answered with the task's old status while
the store already holds it canceled (a2aproject/a2a-dotnet #277: f332's reading, legal on the
wire) and one answered CANCELED, progress status updates
with their own message ids and the answer in an artifact (a2aproject/a2a-js PR #297), a 1.0
REST error in google.rpc.Status form (a2aproject/a2a-python #722 / PR #838).
`python3 gen_cases55b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
BEARER = {"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2lnbmF0dXJl"}
SEC10 = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}},
         "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}

# --- f1194: a 1.0 REST client asks for the extended card at 0.3's /v1/card (a2a-js PR #401)
S401 = ("https://github.com/a2aproject/a2a-js/pull/401 (feat: Align transport method names with 1.0 spec; fixes #326, #327, #328: "
        "RestTransport.getExtendedAgentCard sent 'GET', '/v1/card'; review: \"`v1` was removed from the path for REST in 1.0 spec (yeah... "
        "v1 remove in v1)\", the route became '/extendedAgentCard')")
JR = "https://js-rest-agent.example.test"
cardjr = card10(JR + "/a2a", binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}, **SEC10)
case("f1194-v10-rest-client-extended-card-at-03-route", get_card(0.0, cardjr, JR + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JR + "/a2a/message:send", {"message": umsg10("which regions do you cover?", mid="m-jr-1")}, ver="1.0", hdr=BEARER),
    resp(0.6, 200, {"message": amsg10("EU and UK.", mid="a-jr-1", contextId="c-jr-1")}),
    req(0.8, "GET", JR + "/a2a/v1/card", ver="1.0", hdr=BEARER),
    resp(0.81, 404, "Cannot GET /a2a/v1/card", ctype="text/html; charset=utf-8"),
], [("client-url-not-advertised", "warning")], S401,
     "the 1.0 HTTP+JSON binding has no version segment in its routes: the extended card is GET {url}/extendedAgentCard (1.0 §5.3 method mapping, §11.3; BIND-002, VER-002); a 1.0 client (A2A-Version 1.0) that still asks for 0.3's /v1/card (0.3's authenticated card route) gets 404 from a 1.0 agent and never sees the skills the card promises behind authentication")

# --- f1195 (legal): the same client at 1.0's /extendedAgentCard
case("f1195-legal-v10-rest-extended-card-route", get_card(0.0, cardjr, JR + "/.well-known/agent-card.json") + [
    req(0.8, "GET", JR + "/a2a/extendedAgentCard", ver="1.0", hdr=BEARER),
    resp(0.81, 200, dict(cardjr, skills=cardjr["skills"] + [{"id": "quote", "name": "Quotes", "description": "Prices a shipment", "tags": ["pricing"]}])),
], [], S401,
     "legal: a 1.0 REST client fetches the extended card at {url}/extendedAgentCard with the credentials the card declares (1.0 §3.1.11, §11.3), and gets the card with one more skill")

# --- f1196: a 1.0 server that serves its HTTP+JSON routes under 0.3's /v1 (a2a-python PR #765)
S765 = ("https://github.com/a2aproject/a2a-python/pull/765 (fix: remove v1 from HTTP+REST/JSON paths: 'This was removed in "
        "https://github.com/a2aproject/A2A/pull/1269 for a2a.proto and does not exist in [5.3. Method Mapping Reference]'; the 1.0 REST "
        "routes had been registered as /v1/message:send, /v1/tasks/{id}, ...)")
PY = "https://py-rest-agent.example.test"
cardpy = card10(PY + "/", binding="HTTP+JSON")
case("f1196-v10-rest-routes-under-03-prefix", get_card(0.0, cardpy, PY + "/.well-known/agent-card.json") + [
    req(0.2, "POST", PY + "/message:send", {"message": umsg10("convert 40 EUR to JPY", mid="m-py-1")}, ver="1.0"),
    resp(0.21, 404, {"detail": "Not Found"}),
    req(0.4, "POST", PY + "/v1/message:send", {"message": umsg10("convert 40 EUR to JPY", mid="m-py-2")}, ver="1.0"),
    resp(0.9, 200, {"task": task10("t-py-1", "c-py-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-py-1", "6,480 JPY")])}),
], [("card-url-unreachable", "error"), ("card-version-method-mismatch", "error")], S765,
     "a 1.0 HTTP+JSON interface's operations live at the interface url plus the method's route, POST {url}/message:send (1.0 §5.3, §11.3; CARD-006, BIND-002): this agent answers that route 404 and serves the 1.0 send under 0.3's /v1/message:send instead, so a client that follows its card reaches nothing; the card declares 1.0 HTTP+JSON there while the server serves 0.3's route form, VER-CARD-001")

# --- f1197 (legal): a tenant in the REST path (a2a-go #89)
S89 = ("https://github.com/a2aproject/a2a-go/issues/89 (REST transport for 1.0: 'it needs to register every endpoint twice to account for the "
       "new tenant field: mux.HandleFunc(\"POST /message:send\", ...) mux.HandleFunc(\"POST /{tenant}/message:send\", ...) Also note that "
       "version (v1) was removed from paths.')")
GT = "https://go-rest-agent.example.test"
cardgt = card10(GT + "/", binding="HTTP+JSON", supportedInterfaces=[{"url": GT + "/", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}])
case("f1197-legal-v10-rest-tenant-path", get_card(0.0, cardgt, GT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", GT + "/acme/message:send", {"message": umsg10("status of order 5521", mid="m-gt-1")}, ver="1.0"),
    resp(0.6, 200, {"task": task10("t-gt-1", "c-gt-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-gt-1", "Order 5521 shipped.")])}),
    req(0.8, "GET", GT + "/acme/tasks/t-gt-1", ver="1.0"),
    resp(0.81, 200, task10("t-gt-1", "c-gt-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-gt-1", "Order 5521 shipped.")])),
], [], S89,
     "legal: an interface that names a tenant takes it as the first path segment of every 1.0 HTTP+JSON route, POST {url}/{tenant}/message:send (1.0 §11.3; the proto's /{tenant}/... bindings), with no version segment")

# --- f1198 (legal): a cancel answered with the task's old status (a2a-dotnet #277)
S277 = ("https://github.com/a2aproject/a2a-dotnet/issues/277 ([Bug]: TaskManager.CancelTaskAsync does not update AgentTask.Status: 'CancelTaskAsync "
        "gets an AgentTask, then performs an ITaskStore.UpdateStatusAsync, and returns the original AgentTask. This results in the store being "
        "corrected, but the wrong status for the returned AgentTask'; fixed by PR #282)")
DN = "https://dotnet-agent.example.test"
case("f1198-legal-v03-cancel-answered-old-status", get_card(0.0, card03(DN + "/a2a", name="report-writer"), DN + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DN + "/a2a", rpc("dc-1", "message/send", {"message": umsg03("draft the Q3 board report", mid="m-dc-1"), "configuration": {"blocking": False}})),
    resp(0.3, 200, ok("dc-1", task03("t-dc-1", "c-dc-1", "working"))),
    req(1.0, "POST", DN + "/a2a", rpc("dc-2", "tasks/cancel", {"id": "t-dc-1"})),
    resp(1.01, 200, ok("dc-2", task03("t-dc-1", "c-dc-1", "working"))),
    req(1.2, "POST", DN + "/a2a", rpc("dc-3", "tasks/get", {"id": "t-dc-1"})),
    resp(1.21, 200, ok("dc-3", task03("t-dc-1", "c-dc-1", "canceled", ts="2026-03-02T10:15:01.000Z"))),
], [], S277,
     "legal on the wire, though the SDK called it a bug (f332 / f600's reading of a2a-js #157, kept): tasks/cancel 'attempts to cancel' the task and returns it after the attempt, 'success is not guaranteed' (0.3 §7.4, 1.0 §3.1.5; TASK-003), and an agent that cancels asynchronously may still answer working and reach canceled a moment later; this server's stale object (the task read before its store update) looks the same from outside. A cancel acknowledged and never applied stays TASK-STATE-004 / TASK-STATE-012's")

# --- f1199 (legal): the same cancel answered canceled, over 1.0 REST
case("f1199-legal-v10-rest-cancel-answered-canceled", get_card(0.0, card10(DN + "/rest", binding="HTTP+JSON"), DN + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DN + "/rest/message:send", {"message": umsg10("draft the Q4 board report", mid="m-dd-1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-dd-1", "c-dd-1", "TASK_STATE_WORKING")}),
    req(1.0, "POST", DN + "/rest/tasks/t-dd-1:cancel", {}, ver="1.0"),
    resp(1.01, 200, task10("t-dd-1", "c-dd-1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")),
    req(1.2, "GET", DN + "/rest/tasks/t-dd-1", ver="1.0"),
    resp(1.21, 200, task10("t-dd-1", "c-dd-1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")),
], [], S277,
     "legal: CancelTask answers the task canceled, and a read right after agrees (1.0 §3.1.5; the fixed TaskManager of a2a-dotnet PR #282)")

# --- f1200: token chunks streamed as status updates under one messageId (a2a-inspector #85)
S85 = ("https://github.com/a2aproject/a2a-inspector/issues/85 ([Feat]: Streaming mode append msg: 'the agent's return value is split into N "
       "parts'; comments: 'Is it spec compliant to emit tokens as they stream via status-update? ... streaming should be done via the artifact "
       "update event'; 'if using stream mode for A2A agent. Can two events have same message ID? ... does each \"event\" represent a new message?')")
ST = "https://strands-like-agent.example.test"
def tok(i, text, mid="a-st-stream"):
    return chunk(0.4 + i * 0.1, sse(ok("st-1", su10("t-st-1", "c-st-1", "TASK_STATE_WORKING", ts="2026-03-02T10:15:0%d.000Z" % i,
                                                     message=amsg10(text, mid=mid, taskId="t-st-1", contextId="c-st-1")))))
case("f1200-v10-stream-status-chunks-one-message-id", get_card(0.0, card10(ST + "/a2a"), ST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ST + "/a2a", rpc("st-1", "SendStreamingMessage", {"message": umsg10("what is the capital of France?", mid="m-st-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("st-1", {"task": task10("t-st-1", "c-st-1", "TASK_STATE_SUBMITTED")}))),
    tok(1, "The capital"),
    tok(2, " of France"),
    tok(3, " is Paris."),
    chunk(0.9, sse(ok("st-1", su10("t-st-1", "c-st-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:04.000Z")))),
    chunk(0.91, "", close="eof"),
], [("agent-message-id-reused", "warning")], S85,
     "a Message is one message, named by its own messageId (1.0 §4.1.4 Message.messageId, unique per message; ID-005): this agent streams its answer token by token as WORKING status updates and writes each chunk as a message under the same messageId with other text, so a client that keys messages by id keeps only one chunk, and one that shows each status message shows the answer in pieces")

# --- f1201 (legal): progress in status updates with their own ids, the answer in an artifact (a2a-js PR #297)
S297 = ("https://github.com/a2aproject/a2a-js/pull/297 (docs: use artifact to deliver execution result in sample-agent: 'do not use "
        "TaskStatusUpdateEvent's to deliver agent execution results, use TaskArtifactUpdateEvent's instead', after A2A #822)")
case("f1201-legal-v10-stream-progress-then-artifact-chunks", get_card(0.0, card10(ST + "/a2a"), ST + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ST + "/a2a", rpc("su-1", "SendStreamingMessage", {"message": umsg10("what is the capital of Italy?", mid="m-su-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("su-1", {"task": task10("t-su-1", "c-su-1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.4, sse(ok("su-1", su10("t-su-1", "c-su-1", "TASK_STATE_WORKING", ts="2026-03-02T10:15:01.000Z",
                                   message=amsg10("Looking it up...", mid="a-su-p1", taskId="t-su-1", contextId="c-su-1"))))),
    chunk(0.5, sse(ok("su-1", {"artifactUpdate": {"taskId": "t-su-1", "contextId": "c-su-1", "artifact": art10("answer", "The capital"), "append": False}}))),
    chunk(0.6, sse(ok("su-1", {"artifactUpdate": {"taskId": "t-su-1", "contextId": "c-su-1", "artifact": art10("answer", " of Italy is Rome."), "append": True, "lastChunk": True}}))),
    chunk(0.7, sse(ok("su-1", su10("t-su-1", "c-su-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")))),
    chunk(0.71, "", close="eof"),
], [], S297,
     "legal: a progress note in a WORKING status update under its own messageId, the answer streamed as one artifact in two chunks (append false, then append true with lastChunk), then COMPLETED (1.0 §3.1.2, §4.2.2)")

# --- f1202: a 1.0 client that sends tasks/get, as the 1.0 prose still named it (A2A #1267)
S1267 = ("https://github.com/a2aproject/A2A/issues/1267 ([Bug]: 3.1.3 GetTask still references `tasks/get` (and others in other places): "
         "'Represents a request for the `tasks/get` method.' 'the table in 5.3 ... no longer contains this'; '3.1.5 mentions tasks/cancel')")
JV = "https://v10-jsonrpc-agent.example.test"
case("f1202-v10-client-sends-03-method-name", get_card(0.0, card10(JV + "/a2a"), JV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JV + "/a2a", rpc("jv-1", "SendMessage", {"message": umsg10("summarise ticket 881", mid="m-jv-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("jv-1", {"task": task10("t-jv-1", "c-jv-1", "TASK_STATE_WORKING")})),
    req(2.0, "POST", JV + "/a2a", rpc("jv-2", "tasks/get", {"id": "t-jv-1"}), ver="1.0"),
    resp(2.01, 200, err("jv-2", -32601, "Method not found: tasks/get")),
], [("client-version-mixed-request", "warning")], S1267,
     "under A2A-Version 1.0 the JSON-RPC method is GetTask (1.0 §5.3, §9.4.3; VER-002, RPC-003): a client written from the 1.0 prose that still said `tasks/get` sends 0.3's name with the 1.0 header, and a 1.0-only agent rightly answers -32601, so the client cannot poll the task it started")

# --- f1203: the agent card answered with the serializer's exception (a2a-dotnet #203)
S203 = ("https://github.com/a2aproject/a2a-dotnet/issues/203 ([Bug]: JsonTypeInfo metadata for type 'A2A.PushNotificationConfig' was not "
        "provided by TypeInfoResolver; MapWellKnownAgentCard(taskManager, \"/echo\"); fixed by PR #215: 'When retrieving an AgentCard or "
        "serializing push notification configurations, the following error occurred: System.NotSupportedException: ...')")
EC = "http://localhost:5080"
case("f1203-v03-card-answered-serializer-exception", [
    req(0.0, "GET", EC + "/echo/.well-known/agent-card.json"),
    resp(0.02, 500, "System.NotSupportedException: JsonTypeInfo metadata for type 'A2A.PushNotificationConfig' was not provided by "
         "TypeInfoResolver of type 'A2A.A2AJsonUtilities+JsonContext'. If using source generation, ensure that all root types passed to the "
         "serializer have been annotated with 'JsonSerializableAttribute', along with any types that might be serialized polymorphically.\n"
         "   at System.Text.Json.ThrowHelper.ThrowNotSupportedException_NoMetadataForType(Type type, IJsonTypeInfoResolver resolver)\n"
         "   at A2A.AspNetCore.A2ARouteBuilderExtensions.<>c__DisplayClass2_0.<<MapWellKnownAgentCard>b__0>d.MoveNext() in "
         "/_/src/A2A.AspNetCore/A2ARouteBuilderExtensions.cs:line 64\n", ctype="text/plain; charset=utf-8"),
], [("card-not-json", "error"), ("error-text-shows-internals", "warning")], S203,
     "an agent publishes its card at /.well-known/agent-card.json (0.3 §5.3; CARD-001): this server fails to serialize the card's push configuration type and answers 500 with the .NET exception and stack frames (type names, source paths, line numbers) as the body, so no client can discover it and every caller reads its internals (SEC-004)")

# --- f1204: a REST error written as a JSON string under 404 (a2a-python PR #297 review)
S297P = ("https://github.com/a2aproject/a2a-python/pull/297 (feat: Adding stand-alone support for RESTful API serving; review of rest_app.py: "
         "\"return JSONResponse('{\\\"message\\\": ' + error.message + '}', status_code=404,\" -> 'This would not be 404. Default value would be "
         "500. But we should check for error and attach 4XX or 5XX HTTP error codes.')")
PR = "https://py-rest-early.example.test"
cardpr = card03(PR + "/", name="travel", preferredTransport="HTTP+JSON")
case("f1204-v03-rest-error-json-string-404", get_card(0.0, cardpr, PR + "/.well-known/agent-card.json") + [
    req(0.2, "POST", PR + "/v1/message:send", {"message": {"messageId": "m-pr-1", "role": "ROLE_USER", "content": []}}),
    resp(0.21, 404, json.dumps('{"message": Message must have at least one part}')),
], [("request-message-invalid-shape", "error"), ("rest-error-shape", "error")], S297P,
     "an HTTP+JSON error is a JSON object that says what failed (0.3 §3.2.3, §8; ERR-001): this server wrote its error text into a hand-built string and serialized that string again, so the body is a JSON string literal with unquoted text inside, not an object, and it answered a refused request body 404 as if the route did not exist; the client's message itself has no parts (its content list is empty), which the agent rightly refused")

# --- f1205 (legal): a 1.0 REST error in google.rpc.Status form (a2a-python #722 / PR #838)
S722 = ("https://github.com/a2aproject/a2a-python/issues/722 ([Task]: Use google.rpc.Status formatted JSON objects for error response bodies in "
        "HTTP+JSON mapping; New format: A2A PR #1600) and https://github.com/a2aproject/a2a-python/pull/838 (errors wrapped in an "
        "{'error': {...}} envelope with the HTTP code, gRPC status, message and a details array holding google.rpc.ErrorInfo)")
case("f1205-legal-v10-rest-error-google-rpc-status", get_card(0.0, card10(PY + "/", binding="HTTP+JSON"), PY + "/.well-known/agent-card.json") + [
    req(0.2, "GET", PY + "/tasks/t-py-missing", ver="1.0"),
    resp(0.21, 404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "Task t-py-missing not found",
                               "details": ei("TASK_NOT_FOUND")}}),
], [], S722,
     "legal: a 1.0 HTTP+JSON error is google.rpc.Status in ProtoJSON under `error` (code, status, message, details with an ErrorInfo of reason TASK_NOT_FOUND in the a2a-protocol.org domain) with the mapped HTTP status, 404 for TaskNotFoundError (1.0 §11.6, §5.4)")

# --- f1206: SubscribeToTask on a finished task answered with an event stream carrying the error (a2a-java PR #784)
S784 = ("https://github.com/a2aproject/a2a-java/pull/784 (fix: return UnsupportedOperationError when subscribing to terminal tasks: 'For "
        "streaming endpoints (subscribeToTask), immediate errors must be wrapped in SSE format so the client's SSE parser can process them'; "
        "'Wrap all immediate errors in SSE format for JSON-RPC routing layer')")
JS = "https://java-sse-agent.example.test"
case("f1206-v10-subscribe-finished-task-error-as-event-stream", get_card(0.0, card10(JS + "/"), JS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JS + "/", rpc("js-1", "SendMessage", {"message": umsg10("rotate the API keys", mid="m-js-1")}), ver="1.0"),
    resp(0.9, 200, ok("js-1", {"task": task10("t-js-1", "c-js-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-js-1", "Keys rotated.")])})),
    req(1.5, "POST", JS + "/", rpc("js-2", "SubscribeToTask", {"id": "t-js-1"}), ver="1.0", accept=SSE),
    resp(1.51, 200, "", ctype=SSE),
    chunk(1.52, sse(err("js-2", -32004, "Task t-js-1 is in a terminal state", ei("UNSUPPORTED_OPERATION")))),
    chunk(1.53, "", close="eof"),
], [("subscribe-terminal-task-accepted", "error")], S784,
     "SubscribeToTask on a task in a terminal state is refused with UnsupportedOperationError (1.0 §3.1.6, §9.4.6; TASK-004): the agent knows up front the task is finished, yet it opens a 200 event stream and sends the error as its one event, so a streaming client reads an accepted subscription that ends at once (f65's kind, a2a-java #791; PR #784 wrapped the error in SSE on purpose)")

# --- f1207: a 0.3 card without preferredTransport (a2a-dotnet PR #189)
S189 = ("https://github.com/a2aproject/a2a-dotnet/pull/189 (fix: Agent card PreferredTransport MUST list supported transports: 'Many TCK tests "
        "failing for 3.4.2 Transport Selection and Negotiation: Agents MUST declare all supported transports in their AgentCard using the "
        "preferredTransport and additionalInterfaces fields'; PreferredTransport became a required JSON property)")
DT = "https://dotnet-03-agent.example.test"
c189 = card03(DT + "/echo", name="echo")
del c189["preferredTransport"]
case("f1207-v03-card-without-preferred-transport", get_card(0.0, c189, DT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DT + "/echo", rpc("dt-1", "message/send", {"message": umsg03("ping", mid="m-dt-1")})),
    resp(0.4, 200, ok("dt-1", amsg03("pong", mid="a-dt-1", contextId="c-dt-1"))),
], [("card-preferred-transport-missing", "note")], S189,
     "a 0.3 card declares the transport of its main url in preferredTransport (0.3 §5.6.1, §3.4.2: agents MUST declare all supported transports through preferredTransport and additionalInterfaces; CARD-006): this .NET card leaves it out, the schema's JSONRPC default is not applied by every client, and the TCK's transport tests fail")

# --- f1208: a 1.0 ListTasks answer without its pagination members (a2a-tck #141)
S141 = ("https://github.com/a2aproject/a2a-tck/issues/141 (TCK mandatory tests: 12 ListTasks tests fail because ListTasksResponse requires "
        "pagination fields missing from v1.0 SDK: 'the v1.0 Python SDK (InMemoryTaskStore) returns only: {\"result\": {\"tasks\": [...]}}'; "
        "'message ListTasksResponse { repeated Task tasks = 1 [REQUIRED]; string next_page_token = 2 [REQUIRED]; int32 page_size = 3 [REQUIRED]; "
        "int32 total_size = 4 [REQUIRED]; }')")
LT = "https://py-list-agent.example.test"
case("f1208-v10-list-tasks-without-pagination-members", get_card(0.0, card10(LT + "/"), LT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LT + "/", rpc("lt-1", "SendMessage", {"message": umsg10("summarise inbox", mid="m-lt-1")}), ver="1.0"),
    resp(0.8, 200, ok("lt-1", {"task": task10("t-lt-1", "c-lt-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-lt-1", "3 unread.")])})),
    req(1.0, "POST", LT + "/", rpc("lt-2", "ListTasks", {}), ver="1.0"),
    resp(1.01, 200, ok("lt-2", {"tasks": [task10("t-lt-1", "c-lt-1", "TASK_STATE_COMPLETED")]})),
], [("result-invalid-shape", "error")], S141,
     "a 1.0 ListTasksResponse carries tasks, nextPageToken, pageSize and totalSize, all REQUIRED (1.0 §3.1.4, proto field_behavior; DATA-007): this server writes only tasks (ProtoJSON leaves defaults out unless told to print them), so a client cannot tell the last page from a missing token or read the total")

# --- f1209: a stream that opens with a status update before the task exists (a2a-samples PR #523)
S523 = ("https://github.com/a2aproject/a2a-samples/pull/523 (fix: Fix task status update before create: the sample agent published a "
        "TaskStatusUpdateEvent before enqueuing the Task it belongs to)")
SM = "https://sample-agent.example.test"
case("f1209-v03-stream-status-update-before-task", get_card(0.0, card03(SM + "/", name="currency"), SM + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SM + "/", rpc("sm-1", "message/stream", {"message": umsg03("100 USD in GBP?", mid="m-sm-1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.3, sse(ok("sm-1", {"kind": "status-update", "taskId": "t-sm-1", "contextId": "c-sm-1", "final": False,
                              "status": {"state": "working", "timestamp": TS}}))),
    chunk(0.35, sse(ok("sm-1", task03("t-sm-1", "c-sm-1", "submitted")))),
    chunk(0.9, sse(ok("sm-1", {"kind": "artifact-update", "taskId": "t-sm-1", "contextId": "c-sm-1",
                              "artifact": {"artifactId": "a-sm-1", "parts": [{"kind": "text", "text": "78.90 GBP"}]}, "lastChunk": True}))),
    chunk(1.0, sse(ok("sm-1", {"kind": "status-update", "taskId": "t-sm-1", "contextId": "c-sm-1", "final": True,
                              "status": {"state": "completed", "timestamp": "2026-03-02T10:15:01.000Z"}}))),
    chunk(1.01, "", close="eof"),
], [("stream-task-after-its-update", "warning")], S523,
     "a 0.3 message/stream that creates a task sends the Task first (0.3 §7.2: the stream carries the Task, then its updates; STREAM-005): this sample published a working status update for a task it had not created yet, then the Task in submitted, so the client sees an update for an unknown task and a state that goes back")

write_cases(cases, OUT)
