"""Session-41 field cases of miner mine41 (f916-...): same helpers and output format as gen_cases40.py.

Scope (round forty-one): fix lines of the SDKs' 2026 releases (a2a-go 2.x, a2a-js 1.0.x,
a2a-dotnet 1.x) and the threads behind them: SubscribeToTask on an interrupted task,
stream errors framed inside a 200 SSE answer, push config list and create on HTTP+JSON,
extension echo, and the forks' own A2A servers.
`python3 gen_cases41.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
def rest_err(code, status, msg, reason):
    return {"error": {"code": code, "status": status, "message": msg, "details": ei(reason)}}

# --- faults -------------------------------------------------------------------------------------------
G439 = ("https://github.com/a2aproject/a2a-go/issues/439 ([Bug]: SubscribeToTask on an INPUT_REQUIRED task returns TASK_NOT_FOUND because localManager tears down the "
        "execution/broker on INPUT_REQUIRED: over REST the client receives a 200 SSE stream whose only frame is a TASK_NOT_FOUND error, then EOF; a2a-go v2.5.0; 2026-09-19)")
GO = "https://go-agent.example.test"
case("f916-v10-rest-subscribe-input-required-task-not-found", get_card(0.0, card10(GO, "HTTP+JSON"), GO + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GO + "/message:send", {"message": umsg10("book a table for two", mid="m-439")}, ver="1.0", ctype=A2AJ),
    resp(0.4, 200, {"task": task10("t-439", "c-439", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
         "message": amsg10("For which day?", mid="m-a439", taskId="t-439", contextId="c-439")})}, ctype=A2AJ),
    req(1.0, "GET", GO + "/tasks/t-439:subscribe", ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(rest_err(404, "NOT_FOUND", "task not found: no active execution", "TASK_NOT_FOUND"))),
    chunk(1.03, "", close="eof"),
    req(2.0, "GET", GO + "/tasks/t-439", ver="1.0"),
    resp(2.01, 200, task10("t-439", "c-439", "TASK_STATE_INPUT_REQUIRED"), ctype=A2AJ),
], [("task-id-not-resolvable", "error")],
 G439 + ". The exchanges are rebuilt from the issue: a task parked in INPUT_REQUIRED, SubscribeToTask over HTTP+JSON answered 200 text/event-stream with one TASK_NOT_FOUND frame, and GetTask still serving the task",
 "SubscribeToTask on a non-terminal task streams its current Task first (STREAM-004, 1.0 §3.1.6); TaskNotFoundError is for unknown tasks (TASK-009), and this task was handed out and is served by GetTask")

GG1073 = ("https://github.com/topcheer/ggcode/issues/1073 ([business-logic] A2A message/stream sends a hard-coded working event before checking the task: an input-required task's "
          "state is never streamed, the client waits five minutes and then gets a -32001 \"task timed out\" SSE error; fixed in commit 191b275f; 2026-08-26)")
GG = "https://ggcode.example.test"
case("f917-v03-stream-input-required-never-sent-timeout-task-not-found", get_card(0.0, card03(GG + "/a2a"), GG + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GG + "/a2a", rpc("st-1073", "message/stream", {"message": umsg03("refactor the parser", mid="m-1073")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("st-1073", {"kind": "status-update", "taskId": "t-1073", "contextId": "c-1073", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(300.2, sse(err("st-1073", -32001, "task timed out"))),
    chunk(300.21, "", close="eof"),
    req(301.0, "POST", GG + "/a2a", rpc("g-1073", "tasks/get", {"id": "t-1073"})),
    resp(301.01, 200, ok("g-1073", task03("t-1073", "c-1073", "input-required", status={"state": "input-required", "timestamp": TS,
         "message": amsg03("Which parser, the JSON or the YAML one?", mid="m-a1073", taskId="t-1073", contextId="c-1073")}))),
], [("task-id-not-resolvable", "error")],
 GG1073 + ". The exchanges are rebuilt from the issue: the stream's one working event, five minutes of silence, the -32001 error on the stream, and tasks/get showing the task waiting for input",
 "the stream named task t-1073 and then answered TaskNotFoundError (-32001) for it while tasks/get serves it as input-required: -32001 is for tasks the agent does not know (TASK-009); the input-required state belonged on the stream with final true (STREAM-008)")

G338 = ("https://github.com/a2aproject/a2a-go/pull/338 (fix: make push config listing return correct json response: ListTaskPushConfigs returned a bare []*PushConfig "
        "instead of ListTaskPushNotificationConfigsResponse{configs}; released in a2a-go 2.3.0, 2026-05-12)")
case("f918-v10-list-push-configs-bare-array", get_card(0.0, card10(GO + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), GO + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GO + "/a2a", rpc("c-338", "CreateTaskPushNotificationConfig", {"taskId": "t-338", "url": "https://hooks.example.test/a2a", "token": "tok-338"}), ver="1.0"),
    resp(0.12, 200, ok("c-338", {"id": "pc-338", "taskId": "t-338", "url": "https://hooks.example.test/a2a", "token": "tok-338"})),
    req(0.2, "POST", GO + "/a2a", rpc("l-338", "ListTaskPushNotificationConfigs", {"taskId": "t-338"}), ver="1.0"),
    resp(0.22, 200, ok("l-338", [{"id": "pc-338", "taskId": "t-338", "url": "https://hooks.example.test/a2a", "token": "tok-338"}])),
], [("result-invalid-shape", "error")],
 G338 + ". The exchanges are rebuilt from the fix's diff: the JSON-RPC handler marshalled the handler's slice as the result",
 "ListTaskPushNotificationConfigs answers ListTaskPushNotificationConfigsResponse {configs[], nextPageToken} (1.0 proto; DIGEST §2 table); a bare array is the 0.3 tasks/pushNotificationConfig/list result, which a 1.0 client cannot decode (RPC-004 kind: result shape)")

J732 = ("https://github.com/a2aproject/a2a-java/issues/732 ([Bug]: CreateTaskPushNotificationConfig on HTTP+JSON incorrectly requires the task ID in the request body: 422 for "
        "POST /tasks/{id}/pushNotificationConfigs whose body omits taskId; TCK PUSH-CREATE-001; 2026-03-12)")
JA = "https://java-agent.example.test"
case("f919-v10-rest-create-push-config-path-task-id-422", get_card(0.0, card10(JA, "HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True}), JA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JA + "/message:send", {"message": umsg10("nightly report", mid="m-732"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("t-732", "c-732", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(0.4, "POST", JA + "/tasks/t-732/pushNotificationConfigs", {"url": "https://hooks.example.test/a2a", "token": "tok-732"}, ver="1.0", ctype=A2AJ),
    resp(0.41, 422, {"error": {"code": 422, "status": "INVALID_ARGUMENT", "message": "taskId is required"}}),
], [("rest-push-config-create-body-shape", "error")],
 J732 + ". The exchanges are rebuilt from the TCK report: the task id given in the path only, as the proto's body \"*\" binding allows, refused with 422",
 "the HTTP+JSON route binds task_id from the path (POST /tasks/{task_id}/pushNotificationConfigs, body \"*\": REST-001); a body without taskId is complete, and refusing it breaks every transcoding client")

J336 = ("https://github.com/a2aproject/a2a-js/issues/336 ([Bug]: Push Configuration Config gets removed from config in rest handler: the REST transport's normalize step drops "
        "configuration.pushNotificationConfig before the request handler reads it; fixed by PR #346 and PR #352, a2a-js 0.3.12 / 0.3.13; 2026-02-18)")
JR = "https://js-rest.example.test"
case("f930-v03-rest-inline-push-config-dropped", get_card(0.0, card03(JR, preferredTransport="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True}), JR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JR + "/v1/message:send", {"message": {"messageId": "m-336", "role": "ROLE_USER", "content": [{"text": "render the quarterly report"}]},
        "configuration": {"blocking": False, "pushNotification": {"url": "https://hooks.example.test/a2a", "token": "tok-336"}}}),
    resp(0.2, 200, {"task": {"id": "t-336", "contextId": "c-336", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": "2026-02-18T09:00:00Z"}}}),
    req(0.5, "GET", JR + "/v1/tasks/t-336/pushNotificationConfigs"),
    resp(0.51, 200, {"configs": []}),
], [("push-config-list-misses-live-config", "error")],
 J336 + ". The exchanges are rebuilt from the issue: a 0.3 HTTP+JSON send carrying the push config inline, then the task's config list, empty",
 "a push config given with the send is the task's config until the task ends or the client deletes it (PUSH-002, PUSH-003); an empty list for the task right after the send shows the agent dropped it, so no notification will ever reach the webhook")

# --- the same refusal, inside the stream ---------------------------------------------------------------------------------------------
D478 = ("https://github.com/a2aproject/a2a-dotnet/issues/478 (fix: REST binding has the same pre-stream error issue as JSON-RPC: subscribing to a nonexistent or terminal task "
        "commits 200 text/event-stream before the error; fixed by PR #486; 2026-09-06) ; https://github.com/a2aproject/A2A/issues/1262 (open: how an HTTP+JSON stream reports an error is not specified)")
DN = "https://dotnet-agent.example.test"
case("f920-v10-rest-subscribe-terminal-refusal-inside-stream", get_card(0.0, card10(DN, "HTTP+JSON"), DN + "/.well-known/agent-card.json") + [
    req(0.1, "POST", DN + "/message:send", {"message": umsg10("convert the invoice", mid="m-478")}, ver="1.0", ctype=A2AJ),
    resp(0.5, 200, {"task": task10("t-478", "c-478", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
    req(1.0, "POST", DN + "/tasks/t-478:subscribe", ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(rest_err(400, "FAILED_PRECONDITION", "Task t-478 is in a terminal state and cannot be subscribed to", "UNSUPPORTED_OPERATION"))),
    chunk(1.03, "", close="eof"),
], [("subscribe-terminal-task-accepted", "error")],
 D478 + ". The exchanges are rebuilt from the issue: SubscribeToTask on a completed task, the UnsupportedOperationError sent as the stream's only frame after 200 OK",
 "SubscribeToTask on a terminal task is refused with UnsupportedOperationError (TASK-004), and 1.0 lists the operation's errors apart from its stream (§3.1.6: the stream's first event is the Task): the right error inside a committed 200 text/event-stream is a stream a client counts as accepted. A2A #1262 (how an error during an HTTP+JSON stream travels) is about errors after the first event, not this one")
D476 = ("https://github.com/a2aproject/a2a-dotnet/issues/478 (refers to PR #476, which made JSON-RPC pre-stream errors plain JSON-RPC error responses instead of SSE data frames over 200 OK; 2026-09-06)")
case("f921-v10-jsonrpc-subscribe-unknown-error-inside-stream", get_card(0.0, card10(DN + "/a2a"), DN + "/.well-known/agent-card.json") + [
    req(0.1, "POST", DN + "/a2a", rpc("sub-476", "SubscribeToTask", {"id": "t-gone"}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(err("sub-476", -32001, "Task not found", ei("TASK_NOT_FOUND")))),
    chunk(0.13, "", close="eof"),
], [("first-stream-event-not-task", "error")],
 D476 + ". The exchange is rebuilt from the issue's description of the JSON-RPC binding before PR #476",
 "the code is right (TASK-009: the task was never handed out), its place is not: a 1.0 SubscribeToTask stream's first event is the current Task (STREAM-004, 1.0 §3.1.6), and an error known before the stream starts is the call's plain JSON-RPC error response; 0.x streams may be a single error response (their schemas admit it), 1.0 streams may not")
# --- legal ---------------------------------------------------------------------------------------------
J538 = ("https://github.com/a2aproject/a2a-js/issues/538 (fix(server): preserve activated extensions in response header: the A2A-Extensions response header was never populated; "
        "fixed by PR #544; 2026-06-22) ; https://github.com/a2aproject/a2a-python/pull/984 (1.0 has no activation concept: used extensions are not echoed in headers)")
EXT = "https://example.test/ext/timestamp/v1"
JS = "https://js-agent.example.test"
case("f922-legal-v10-extension-requested-not-echoed", get_card(0.0, card10(JS + "/a2a", capabilities={"streaming": True, "pushNotifications": False,
        "extensions": [{"uri": EXT, "description": "adds timestamps", "required": False}]}), JS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JS + "/a2a", rpc("s-538", "SendMessage", {"message": umsg10("what time is it in Oslo", mid="m-538")}), ver="1.0", hdr={"a2a-extensions": EXT}),
    resp(0.3, 200, ok("s-538", {"message": amsg10("It is 10:15 in Oslo.", mid="m-a538", contextId="c-538", extensions=[EXT])})),
], [],
 J538 + ". The exchange is rebuilt from the issue: the client asks for a declared extension, the agent uses it (the reply's extensions list names it) and sends no A2A-Extensions header back",
 "legal: echoing activated extensions in A2A-Extensions is the 0.3 topics' SHOULD (EXT-004); the 1.0 specification names used extensions on Message.extensions / Artifact.extensions, which the reply does, so a missing echo is no finding")

J816 = ("https://github.com/a2aproject/a2a-java/issues/816 ([Bug]: SendMessage ignores historyLength=0, returns history when none was requested: the follow-up to an input-required task "
        "answers a task whose history holds the user's message, on all three transports; TCK CORE-HIST-003; fixed by PR #817; 2026-04-28)")
case("f923-v10-send-history-length-0-history-returned", get_card(0.0, card10(JA + "/"), JA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JA + "/", rpc("s-816a", "SendMessage", {"message": umsg10("plan a trip", mid="m-816a")}), ver="1.0"),
    resp(0.3, 200, ok("s-816a", {"task": task10("t-816", "c-816", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
         "message": amsg10("Where to?", mid="m-a816", taskId="t-816", contextId="c-816")})})),
    req(1.0, "POST", JA + "/", rpc("s-816b", "SendMessage", {"message": umsg10("Lisbon", mid="m-816b", taskId="t-816", contextId="c-816"), "configuration": {"historyLength": 0}}), ver="1.0"),
    resp(1.3, 200, ok("s-816b", {"task": task10("t-816", "c-816", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z",
         history=[umsg10("Lisbon", mid="m-816b", taskId="t-816", contextId="c-816")])})),
], [("history-length-exceeded", "error")],
 J816 + ". The exchanges are rebuilt from the issue's reproducer: a task put in input-required, then the follow-up with configuration.historyLength 0 answered with one history message",
 "historyLength 0 asks for no history (DATA-006, 1.0 §3.2.4: the history field SHOULD be omitted, and N means never more than N messages); the answer carries one")

GG73 = ("https://github.com/topcheer/ggcode/issues/73 ([code-review] A2A server SSE timeout sent as Result instead of Error: {\"jsonrpc\":\"2.0\",\"id\":...,\"result\":{\"error\":\"task timed out\"}}; "
        "clients cannot detect the timeout; 2026-08-12)")
case("f924-v03-stream-timeout-error-inside-result", get_card(0.0, card03(GG + "/a2a"), GG + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GG + "/a2a", rpc("st-73", "message/stream", {"message": umsg03("index the repository", mid="m-73")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("st-73", task03("t-73", "c-73", "working")))),
    chunk(300.2, sse(ok("st-73", {"error": "task timed out"}))),
    chunk(300.21, "", close="eof"),
], [("stream-event-invalid-shape", "error")],
 GG73 + ". The exchange is rebuilt from the issue's wire JSON: the task's working snapshot, then five minutes later the timeout as a result member",
 "each 0.3 stream event is a JSON-RPC response whose result is a Task, Message, status-update or artifact-update (0.3 SendStreamingMessageResponse; RPC-005, DATA-005); {\"error\": \"...\"} inside result is none of them, and a failure belongs in the response's error member (RPC-002)")

GC27587 = ("https://github.com/google-gemini/gemini-cli/issues/27587 (Bug: /executeCommand SSE stream omits blank-line event delimiters: res.write(`data: ${JSON.stringify(jsonRpcResponse)}\\n`), so "
           "consecutive data: lines fold into one event; 2026-05-30) ; https://github.com/google-gemini/gemini-cli/pull/27549 (the fix)")
GE = "https://gemini-cli.example.test"
def sse1(obj): return "data: " + json.dumps(obj, separators=(",", ":")) + "\n"
case("f925-v03-stream-events-without-blank-line", get_card(0.0, card03(GE + "/"), GE + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GE + "/", rpc("st-27587", "message/stream", {"message": umsg03("/init", mid="m-27587")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.2, sse1(ok("st-27587", task03("t-27587", "c-27587", "working")))),
    chunk(0.5, sse1(ok("st-27587", {"kind": "status-update", "taskId": "t-27587", "contextId": "c-27587", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.51, "", close="eof"),
], [("sse-event-not-terminated", "error")],
 GC27587 + ". The exchange is rebuilt from the issue: two JSON-RPC responses each written as one data: line ended by a single newline, then the end of the stream",
 "an SSE event is dispatched at a blank line (WHATWG SSE); without it the two data: lines are one event whose data is two JSON texts joined by a newline, which no client parses as one JSON-RPC response (RPC-005: each event one response), and the last event is never dispatched")

AX914 = ("https://github.com/api7/aisix/pull/914 (fix(a2a): announce the pinned wire version: the gateway never sent A2A-Version, so every agent pinned to 1.0 read the call as 0.3 "
         "and answered VersionNotSupportedError; 2026-08-10)")
AX = "https://aisix-upstream.example.test"
case("f927-v10-gateway-pascal-call-without-version-header", get_card(0.0, card10(AX + "/a2a"), AX + "/.well-known/agent-card.json") + [
    req(0.1, "POST", AX + "/a2a", rpc("s-914", "SendMessage", {"message": umsg10("translate the release notes", mid="m-914")})),
    resp(0.11, 200, err("s-914", -32009, "A2A version 0.3 is not supported", ei("VERSION_NOT_SUPPORTED"))),
], [("client-version-mixed-request", "warning")],
 AX914 + ". The exchange is rebuilt from the PR: the bridge's call to an agent pinned to 1.0, a 1.0 method and body without the A2A-Version header, refused as 0.3",
 "a request without A2A-Version is a 0.3 request (VER-003, 1.0 §3.6.2), and a 1.0 method with a 1.0 body under 0.3 mixes the versions (VER-001: a 1.0 client sends A2A-Version: 1.0 on every request); the agent's -32009 is the answer VER-002 asks for, so the fault is the caller's")

IB483 = ("https://github.com/inite-ai/inite-brain-service/pull/483 (feat(agents): publish an A2A agent card: one interface, protocolBinding \"MCP\", whose url carries a {companyId} placeholder "
         "because the endpoint is per tenant; 2026-09-08)")
IB = "https://brain.example.test"
case("f928-card10-interface-url-template-placeholder", [
    req(0.0, "GET", IB + "/.well-known/agent-card.json"),
    resp(0.01, 200, card10(IB + "/companies/{companyId}/mcp", "MCP")),
], [("card-url-template-placeholder", "error"), ("card-binding-name-unknown", "warning")],
 IB483 + ". The card is rebuilt from the PR's description: a 1.0 card whose only interface is an MCP endpoint URL with a literal {companyId} path segment",
 "AgentInterface.url is the URL the client calls (CARD-005, 1.0 §8.3.1: each interface declares its real URL); a {companyId} placeholder is no URL a client can call, and the card says nowhere what fills it (tenants are AgentInterface.tenant, CARD-008)")

# --- legal (2) ------------------------------------------------------------------------------------------
JS639 = ("https://github.com/a2aproject/a2a-js/pull/639 (fix: cap historyLength at 1000 and reject invalid values with RequestMalformedError, aligned with the caps of the other A2A SDKs; "
         "open; 2026-08-10)")
case("f926-legal-v10-history-length-over-cap-refused", get_card(0.0, card10(JS + "/a2a"), JS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JS + "/a2a", rpc("s-639", "SendMessage", {"message": umsg10("summarise the log", mid="m-639")}), ver="1.0"),
    resp(0.4, 200, ok("s-639", {"task": task10("t-639", "c-639", "TASK_STATE_COMPLETED")})),
    req(1.0, "POST", JS + "/a2a", rpc("g-639", "GetTask", {"id": "t-639", "historyLength": 999999999}), ver="1.0"),
    resp(1.01, 200, err("g-639", -32602, "historyLength must be at most 1000")),
], [],
 JS639 + ". The exchanges are rebuilt from the PR: GetTask asking for 999,999,999 history messages, refused as invalid params",
 "legal: 1.0 bounds historyLength only from below (DATA-006: non-negative), yet an agent may refuse a request it will not serve with InvalidParams (-32602; ERR-006 validates input first); the refusal names the bound, so no finding is invented")

SA258 = ("https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/258 ([agent-card] provider.url hard-coded to http://localhost:8080, not following the port the agent runs on: "
         "the card fetched on 127.0.0.1:13000 names its interfaces at 13000 and its provider at localhost:8080; 2026-06-14)")
SA = "http://127.0.0.1:13000"
SA_CARD = {"name": "main-plan-agent", "description": "Travel assistant planning agent over A2A",
           "provider": {"organization": "spring-ai-ascend", "url": "http://localhost:8080"}, "version": "0.1.0",
           "capabilities": {"streaming": True, "pushNotifications": True, "extendedAgentCard": False},
           "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
           "skills": [{"id": "plan", "name": "Plan a trip", "description": "Plans business trips", "tags": ["travel"]}],
           "securitySchemes": {}, "securityRequirements": [],
           "supportedInterfaces": [{"protocolBinding": "JSONRPC", "url": SA + "/a2a", "tenant": "", "protocolVersion": "1.0"}],
           "url": SA + "/a2a", "preferredTransport": "JSONRPC"}
case("f929-legal-v10-card-provider-url-localhost", [
    req(0.0, "GET", SA + "/.well-known/agent-card.json"),
    resp(0.01, 200, SA_CARD),
    req(0.1, "POST", SA + "/a2a", rpc("s-258", "SendMessage", {"message": umsg10("plan a trip to Munich", mid="m-258")}), ver="1.0"),
    resp(0.5, 200, ok("s-258", {"message": amsg10("Booked: train on Monday.", mid="m-a258", contextId="c-258")})),
], [],
 SA258 + ". The card is the issue's own (skills and description shortened, its modes \"text\" / \"artifact\" written as media types so that only provider.url is on trial), then one call to the advertised interface",
 "legal: AgentProvider.url is the provider's website or documentation (1.0 proto), not an endpoint a client calls, so a loopback provider.url breaks no call; the interface url is the port the card was fetched on (CARD-005), and the 0.3 members url / preferredTransport beside supportedInterfaces are the dual-version card SDKs serve for 0.3 clients")

write_cases(cases, OUT)
