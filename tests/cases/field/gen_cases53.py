"""Session-53 field cases of miner mine53 (f1113-...): same helpers and output format as gen_cases52.py.

Scope (round fifty-three): A2A SDKs, hosts and clients whose threads no round had cited, each
URL grepped in FIELD-CASES.md first: a2a-java's streaming refusal written as InvalidRequest
(a2aproject/a2a-java PR #1041), a2a-dotnet's streamed errors flattened to -32603
(a2aproject/a2a-dotnet PR #337), a 1.0 card without supportedInterfaces
(escapeboy/agent-fleet-o PR #126), .NET hosting that serves a card whose url misses the
agent's path (microsoft/agent-framework #1097), a task read answered with the host's own run
record (tya5/reyn PR #1948), a 1.0 SubscribeToTask stream that starts with a status update
(a2aproject/a2a-js #323), a card resolver that asks for the card with a trailing slash
(a2aproject/a2a-python #799), a 1.0 send answered with the Task as the whole result
(a2aproject/A2A #1240), a 0.3 card written at agent.json for an orchestrator that asks for
agent-card.json (googlecodelabs/feedback #1958), and legal neighbours: a 0.3 stream that opens
with a status update (a2aproject/a2a-python #409), the same streaming refusal as
UnsupportedOperationError (a2a-java PR #1041's fix), a failed task with no artifacts
(langchain4j/langchain4j #5470), a 1.0 agent that serves only agent-card.json
(prebid/salesagent #1440), a non-blocking 0.3 send answered at submitted (a2aproject/a2a-python
PR #952), a blocking 1.0 send answered at AUTH_REQUIRED (a2aproject/A2A PR #1403).
`python3 gen_cases53.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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

# --- f1113: a 1.0 agent without streaming refuses SendStreamingMessage with -32600 InvalidRequest (a2a-java PR #1041)
S1041 = ("https://github.com/a2aproject/a2a-java/pull/1041 (fix: return UnsupportedOperationError (-32004) when streaming is not supported: "
         "'When the agent card does not advertise streaming() capability, the JSON-RPC, gRPC, and REST handlers rejected streaming calls with "
         "InvalidRequestError (code -32600, \"invalid request\"), while other SDKs return UnsupportedOperationError (code -32004) ... -32600 is the "
         "wrong semantic for a valid-but-unavailable operation'; onMessageSendStream and onSubscribeToTask now emit UnsupportedOperationError)")
JV = "https://quarkus-agent.example.test"
NOSTREAM = {"streaming": False, "pushNotifications": False}
case("f1113-v10-stream-refused-invalid-request", get_card(0.0, card10(JV + "/", capabilities=NOSTREAM), JV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JV + "/", rpc("jv-1", "SendStreamingMessage", {"message": umsg10("stream me the weather", mid="m-jv-1")}), ver="1.0", accept=SSE),
    resp(0.21, 200, err("jv-1", -32600, "Streaming is not supported by the agent")),
], [("jsonrpc-error-code-mismatch", "error")], S1041,
     "an operation the agent's card does not offer (capabilities.streaming false) is refused with UnsupportedOperationError, -32004 with ErrorInfo UNSUPPORTED_OPERATION (1.0 §3.3.4, ERR-002; STREAM-001): the request is a valid JSON-RPC Request object, so -32600 InvalidRequest says the client wrote a malformed envelope and a client that falls back to SendMessage on -32004 does not")

# --- f1114 (legal): the same refusal as the fix writes it (a2a-java PR #1041)
case("f1114-legal-v10-stream-refused-unsupported-operation", get_card(0.0, card10(JV + "/", capabilities=NOSTREAM), JV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JV + "/", rpc("jv-2", "SendStreamingMessage", {"message": umsg10("stream me the weather", mid="m-jv-2")}), ver="1.0", accept=SSE),
    resp(0.21, 200, err("jv-2", -32004, "Streaming is not supported by the agent", ei("UNSUPPORTED_OPERATION"))),
    req(0.4, "POST", JV + "/", rpc("jv-3", "SendMessage", {"message": umsg10("the weather, then", mid="m-jv-3")}), ver="1.0"),
    resp(0.9, 200, ok("jv-3", {"task": task10("t-jv-3", "c-jv-3", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-jv-3", "parts": [{"text": "sunny, 21 C"}]}])})),
], [], S1041,
     "legal: a streaming call to an agent whose card sets capabilities.streaming false is answered UnsupportedOperationError, -32004 with ErrorInfo UNSUPPORTED_OPERATION (1.0 §3.3.4, ERR-002), and the client falls back to SendMessage")

# --- f1115: a 0.3 resubscribe to an unknown task answered in the stream as -32603 Internal error (a2a-dotnet PR #337)
S337 = ("https://github.com/a2aproject/a2a-dotnet/pull/337 (fix: preserve A2AException error code in JsonRpcStreamedResult streaming: 'the catch "
        "(Exception ex) block unconditionally called JsonRpcResponse.InternalErrorResponse(...), which hardcodes error code -32603. This meant that "
        "any A2AException thrown during streaming lost its specific error code'; 'the SSE error event now carries the correct JSON-RPC error code')")
DN = "https://dotnet-agent.example.test"
case("f1115-v03-resubscribe-unknown-task-stream-internal-error", get_card(0.0, card03(DN + "/a2a", name="sydney"), DN + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DN + "/a2a", rpc("dn-1", "tasks/resubscribe", {"id": "t-dn-gone"}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.22, sse(err("dn-1", -32603, "Task not found: t-dn-gone"))),
    chunk(0.23, "", close="eof"),
], [("jsonrpc-error-code-mismatch-0x", "warning")], S337,
     "a resubscribe to a task the agent does not have is TaskNotFoundError, -32001 (0.3 §7.9, §8.2; TASK-003, ERR-002); the SDK's stream writer turns every exception into -32603 Internal error, so the error event says 'Task not found' under the code of a server fault and a client that keys on -32001 retries instead of giving up")

# --- f1116: a card claiming 1.0 written in 0.3's layout, without supportedInterfaces (agent-fleet-o PR #126)
S126 = ("https://github.com/escapeboy/agent-fleet-o/pull/126 (feat(discovery): add agent-readiness discovery surface: 'Fixes the A2A agent card, "
        "which was being rejected as invalid for a missing supportedInterfaces field')")
AF = "https://fleet.example.test"
case("f1116-v10-card-without-supported-interfaces", get_card(0.0, {
        "protocolVersion": "1.0", "name": "FleetQ", "description": "Agent fleet orchestration", "url": AF + "/api/a2a",
        "preferredTransport": "JSONRPC", "version": "2.4.0", "capabilities": {"streaming": False, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "run-experiment", "name": "Run experiment", "description": "Starts an experiment", "tags": ["fleet"]}]},
        AF + "/.well-known/agent-card.json"), [("card-missing-required-field", "error")], S126,
     "a 1.0 AgentCard names its endpoints in supportedInterfaces, each an AgentInterface {url, protocolBinding, protocolVersion} (1.0 §4.4.1, §8.3; CARD-003, CARD-005); this card says protocolVersion 1.0 but carries 0.3's top-level url and preferredTransport and no supportedInterfaces, so a 1.0 client finds no interface to call (the scanner the PR names rejected it)")

# --- f1117: .NET hosting at /agent serves a card whose url is the site root; the client's send goes to / and 404s (agent-framework #1097)
S1097 = ("https://github.com/microsoft/agent-framework/issues/1097 (.NET A2A Hosting does not handle custom path: app.MapA2A(taskManager, \"/agent\"); "
         "'the card resolver will find the agent but fail to invoke it on the correct path, resulting in a 404')")
NH = "http://localhost:5180"
case("f1117-v03-card-url-misses-agent-path", get_card(0.0, card03(NH + "/", name="a2a-agent", protocolVersion="0.3.0"),
        NH + "/agent/.well-known/agent-card.json") + [
    req(0.2, "POST", NH + "/", rpc("nh-1", "message/send", {"message": umsg03("who is the knave?", mid="m-nh-1")})),
    resp(0.21, 404, "", ctype="text/plain"),
], [("card-url-unreachable", "error")], S1097,
     "a card's url is the endpoint that accepts the agent's JSON-RPC calls (0.3 §5.5 AgentCard.url, CARD-005); the host maps the agent at /agent but the card, served from /agent/.well-known/agent-card.json, names the site root, so a client that follows the card POSTs to / and gets 404")

# --- f1118: tasks/get answered with the host's own run record (reyn PR #1948)
S1948 = ("https://github.com/tya5/reyn/pull/1948 (feat(#1811): A2A Task envelope + reyn-status->TaskState map (GetTask + ListTasks): 'GetTask and "
         "ListTasks now return spec-shaped A2A Task objects (§4.1.1) instead of the flat RunEntry dict'; 'All three task-emitting sites ... returned "
         "non-spec envelopes with raw reyn status strings'; map running/in-progress->working, cancelled->canceled (spelling fix), timeout->failed)")
RY = "https://reyn.example.test"
case("f1118-v03-tasks-get-run-record", get_card(0.0, card03(RY + "/a2a", name="reyn"), RY + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RY + "/a2a", rpc("ry-1", "message/send", {"message": umsg03("index the repo", mid="m-ry-1"), "configuration": {"blocking": False}})),
    resp(0.3, 200, ok("ry-1", task03("run-ry-7", "c-ry-7", "working"))),
    req(2.0, "POST", RY + "/a2a", rpc("ry-2", "tasks/get", {"id": "run-ry-7"})),
    resp(2.01, 200, ok("ry-2", {"run_id": "run-ry-7", "status": "running", "skill": "index", "started_at": "2026-06-20T08:00:00Z", "output": None})),
], [("result-invalid-shape", "error")], S1948,
     "tasks/get returns the Task (0.3 §7.3; TASK-001, DATA-001: kind task, id, contextId, status {state}); the agent returns its own run record, run_id and a free-form status string 'running' that is no TaskState, so the client that polls the task it was handed cannot read the state")

# --- f1119: a 1.0 SubscribeToTask stream whose first event is a status update (a2a-js #323)
S323 = ("https://github.com/a2aproject/a2a-js/issues/323 ([Task]: 1.0: Send current task state as a first event on \"Subscribe to Task\": '1.0 introduced "
        "a new requirement ... The operation MUST return a Task object as the first event in the stream, representing the current state of the task "
        "at the time of subscription')")
JS = "https://js-agent.example.test"
case("f1119-v10-subscribe-first-event-status-update", get_card(0.0, card10(JS + "/a2a"), JS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JS + "/a2a", rpc("js-1", "SendMessage", {"message": umsg10("render the video", mid="m-js-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("js-1", {"task": task10("t-js-1", "c-js-1", "TASK_STATE_WORKING")})),
    req(1.0, "POST", JS + "/a2a", rpc("js-2", "SubscribeToTask", {"id": "t-js-1"}), ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.5, sse(ok("js-2", su10("t-js-1", "c-js-1", "TASK_STATE_WORKING", ts="2026-03-02T10:15:01.000Z")))),
    chunk(4.0, sse(ok("js-2", {"artifactUpdate": {"taskId": "t-js-1", "contextId": "c-js-1", "artifact": {"artifactId": "v", "parts": [{"url": "https://cdn.example.test/v.mp4", "mediaType": "video/mp4"}]}, "lastChunk": True}}))),
    chunk(4.1, sse(ok("js-2", su10("t-js-1", "c-js-1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:04.000Z")))),
    chunk(4.11, "", close="eof"),
], [("first-stream-event-not-task", "error")], S323,
     "a 1.0 SubscribeToTask stream MUST start with the Task as it stands at subscription (1.0 §3.1.6; STREAM-009); this one starts with a status update, so a client that joined late has no snapshot of the artifacts and history produced before it subscribed")

# --- f1120: a card resolver asks for the card with a trailing slash (a2a-python #799)
S799 = ("https://github.com/a2aproject/a2a-python/issues/799 ([Bug]: A2ACardResolver.get_agent_card makes bad URLs when agent_card_path empty: "
        "'yields a URL with a slash on the end, which may be benign, but sometimes is not, if it looks like "
        "https://host/some/path/.well-known/agent-card.json/ for example')")
PH = "https://tenant.example.test"
case("f1120-v03-client-card-fetch-trailing-slash", [
    req(0.0, "GET", PH + "/agents/support/.well-known/agent-card.json/"),
    resp(0.01, 404, {"detail": "Not Found"}),
], [("card-fetch-path-malformed", "warning")], S799,
     "an agent card is fetched at the URL the publisher gives, the well-known URI /.well-known/agent-card.json (RFC 8615; 0.3 §5.3, CARD-001) or a configured card URL; the client's resolver joins an empty card path and asks for .../agent-card.json/, a path no agent publishes, and reads the 404 as 'no agent here'")

# --- f1121 (legal): a failed task with no artifacts, the reason in the status message (langchain4j #5470)
S5470 = ("https://github.com/langchain4j/langchain4j/issues/5470 ([BUG] A2A: failed remote tasks are delivered as empty success in "
         "DefaultA2AClientBuilder: 'a remote A2A Task in a terminal failure state (TASK_STATE_FAILED, TASK_STATE_CANCELED, TASK_STATE_REJECTED) with no "
         "artifacts falls through to messageResponse.complete(\"\")'; expected: 'including ... the failure reason from task.status().message() when present')")
LJ = "https://remote-agent.example.test"
case("f1121-legal-v10-failed-task-no-artifacts", get_card(0.0, card10(LJ + "/"), LJ + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LJ + "/", rpc("lj-1", "SendMessage", {"message": umsg10("book a car for Friday", mid="m-lj-1")}), ver="1.0"),
    resp(1.4, 200, ok("lj-1", {"task": task10("t-lj-1", "c-lj-1", "TASK_STATE_FAILED",
        **{"status": {"state": "TASK_STATE_FAILED", "timestamp": TS, "message": amsg10("No cars available on Friday.", mid="a-lj-1", taskId="t-lj-1", contextId="c-lj-1")}})})),
], [], S5470,
     "legal: a task may end FAILED with no artifacts and its reason in status.message (1.0 §4.1.2 TaskStatus.message, §4.1.3); reading an empty artifact list as success is the client's fault the thread fixes, not the agent's")

# --- f1122 (legal): a 1.0 agent serves its card only at agent-card.json; the old agent.json path is 404 (salesagent #1440)
S1440 = ("https://github.com/prebid/salesagent/issues/1440 (fix(a2a): agent-card discovery serves only one non-canonical path and never dual-emits for "
         "v0.3 clients: '/.well-known/agent.json -> 404, /.well-known/agent-card.json -> 200 top-level url=None supportedInterfaces=1'; 'The served card "
         "is A2A-1.0-only')")
SL = "https://sales.example.test"
case("f1122-legal-v10-card-only-at-agent-card-json", [
    req(0.0, "GET", SL + "/.well-known/agent.json"),
    resp(0.01, 404, {"detail": "Not Found"}),
] + get_card(0.1, card10(SL + "/a2a", name="sales-agent"), SL + "/.well-known/agent-card.json") + [
    req(0.3, "POST", SL + "/a2a", rpc("sl-1", "SendMessage", {"message": umsg10("list products", mid="m-sl-1")}), ver="1.0"),
    resp(0.8, 200, ok("sl-1", {"message": amsg10("3 products", mid="a-sl-1", contextId="c-sl-1")})),
], [], S1440,
     "legal: a 1.0 agent publishes its card at /.well-known/agent-card.json (1.0 §8.2, CARD-001) with its endpoints in supportedInterfaces; 0.2's agent.json path need not exist, and a card without 0.3's top-level url is a complete 1.0 card (serving 0.3 clients too is the agent's choice)")

# --- f1123 (legal): a non-blocking 0.3 send answered at once with the submitted task (a2a-python PR #952)
S952 = ("https://github.com/a2aproject/a2a-python/pull/952 (fix: return task immediately when blocking=False in on_message_send: 'Return the task in "
        "submitted state immediately'; 'Spawn a background task that consumes events and sends push notifications'; 'reduced HTTP response times from "
        "5-7s to ~3ms')")
NB = "https://nb-agent.example.test"
case("f1123-legal-v03-nonblocking-send-answered-submitted", get_card(0.0, card03(NB + "/"), NB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", NB + "/", rpc("nb-1", "message/send", {"message": umsg03("crawl the site", mid="m-nb-1"), "configuration": {"blocking": False}})),
    resp(0.203, 200, ok("nb-1", task03("t-nb-1", "c-nb-1", "submitted", history=[umsg03("crawl the site", mid="m-nb-1", taskId="t-nb-1", contextId="c-nb-1")]))),
    req(5.0, "POST", NB + "/", rpc("nb-2", "tasks/get", {"id": "t-nb-1"})),
    resp(5.01, 200, ok("nb-2", task03("t-nb-1", "c-nb-1", "completed", ts="2026-03-02T10:15:04.000Z", artifacts=[{"artifactId": "a-nb-1", "parts": [{"kind": "text", "text": "42 pages"}]}]))),
], [], S952,
     "legal: with configuration.blocking false the agent may answer a send with the task as soon as it exists, in state submitted (0.3 §7.1 MessageSendConfiguration.blocking, TASK-001), and the client polls tasks/get until a terminal state")

# --- f1124 (legal): a blocking 1.0 send returns when the task reaches AUTH_REQUIRED (A2A PR #1403)
S1403 = ("https://github.com/a2aproject/A2A/pull/1403 (fix: Clarify blocking calls return on interrupted states: 'blocking SendMessage calls must return "
         "when tasks reach interrupted states (input_required, auth_required) in addition to terminal states'; 'Fixed AUTH_REQUIRED classification to "
         "be an \"interrupted state\"')")
AU = "https://calendar-agent.example.test"
case("f1124-legal-v10-blocking-send-answered-auth-required", get_card(0.0, card10(AU + "/a2a"), AU + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AU + "/a2a", rpc("au-1", "SendMessage", {"message": umsg10("move my 3pm to 4pm", mid="m-au-1")}), ver="1.0"),
    resp(1.1, 200, ok("au-1", {"task": task10("t-au-1", "c-au-1", "TASK_STATE_AUTH_REQUIRED",
        **{"status": {"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS, "message": amsg10("Sign in to your calendar to continue.", mid="a-au-1", taskId="t-au-1", contextId="c-au-1")}})})),
], [], S1403,
     "legal: a blocking send (returnImmediately unset) returns when the task reaches a terminal or interrupted state, and TASK_STATE_AUTH_REQUIRED is an interrupted state (1.0 §3.2.2, §4.1.3); the client authenticates and continues the task")

# --- f1125: a 1.0 SendMessage answered with the Task itself as result, not under `task` (A2A #1240)
S1240 = ("https://github.com/a2aproject/A2A/issues/1240 ([Bug]: JSON-RPC protocol Bindings for SendMessage Response is confusing: 'the Response format "
         "to the SendMessage operation ... states: {\"jsonrpc\": \"2.0\", \"id\": 1, \"result\": { /* Task or Message object */ }} while there is no way to be "
         "aware of the kind of the payload. The expected format should follow the SendMessageResponse type in the a2a.proto')")
BT = "https://bare-task.example.test"
case("f1125-v10-send-result-bare-task", get_card(0.0, card10(BT + "/a2a"), BT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", BT + "/a2a", rpc(1, "SendMessage", {"message": umsg10("summarise the doc", mid="m-bt-1")}), ver="1.0"),
    resp(0.9, 200, ok(1, task10("t-bt-1", "c-bt-1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-bt-1", "parts": [{"text": "a summary"}]}]))),
], [("result-invalid-shape", "error")], S1240,
     "a 1.0 SendMessage result is a SendMessageResponse, a oneof written {\"task\": Task} or {\"message\": Message} (1.0 §3.2.1, §9.4; DATA-001): the spec's early prose showed the Task as the whole result, and an agent that copied it answers with no member telling a task from a message, which a 1.0 client's decoder refuses")

# --- f1126: a 0.3 stream that opens with TaskUpdater.start_work's status update, no Task (a2a-python #409)
S409 = ("https://github.com/a2aproject/a2a-python/issues/409 ([Bug]: TaskUpdater's start_work publishes TaskStatusUpdateEvent instead of Task: "
        "'start_work in TaskUpdater uses the update_status method, which publishes a TaskStatusUpdateEvent. However, from the 9.3. Streaming Task "
        "Execution (SSE) example in the specifications, when a task is started, it should be a Task event')")
SW = "https://sw-agent.example.test"
case("f1126-legal-v03-stream-opens-with-status-update", get_card(0.0, card03(SW + "/"), SW + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SW + "/", rpc("sw-1", "message/stream", {"message": umsg03("draft the release notes", mid="m-sw-1")}), accept=SSE),
    resp(0.21, 200, "", ctype=SSE),
    chunk(0.25, sse(ok("sw-1", {"kind": "status-update", "taskId": "t-sw-1", "contextId": "c-sw-1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(1.5, sse(ok("sw-1", {"kind": "artifact-update", "taskId": "t-sw-1", "contextId": "c-sw-1", "artifact": {"artifactId": "notes", "parts": [{"kind": "text", "text": "v2.1: faster sync"}]}, "lastChunk": True}))),
    chunk(1.6, sse(ok("sw-1", {"kind": "status-update", "taskId": "t-sw-1", "contextId": "c-sw-1", "status": {"state": "completed", "timestamp": "2026-03-02T10:15:02.000Z"}, "final": True}))),
    chunk(1.61, "", close="eof"),
], [], S409,
     "legal: 0.3 lists a status or artifact update among a message/stream's events without ordering them (0.3 §7.2 SendStreamingMessageResponse; the §9.3 example opens with the Task, and 1.0 §3.1.2 makes that a MUST, STREAM-FIRST-001): an update that carries taskId and contextId first lets a 0.3 client build the task from it, as a2a-python's own client does; the same stream under 1.0 is f1074's fault")

# --- f1127: the card written at agent.json, the orchestrator asking for agent-card.json (googlecodelabs/feedback #1958)
S1958 = ("https://github.com/googlecodelabs/feedback/issues/1958 (building-multi-agent-system wrong agent card file name: 'The a2a_app file creates "
         "agent card in the files ..../agent.json but the orchestrator looks for files ..../agent-card.json')")
CL = "https://codelab-agent.example.test"
case("f1127-v03-card-at-agent-json-orchestrator-asks-agent-card-json", [
    req(0.0, "GET", CL + "/.well-known/agent-card.json"),
    resp(0.01, 404, {"detail": "Not Found"}),
] + get_card(0.1, card03(CL + "/", name="researcher"), CL + "/.well-known/agent.json"), [], S1958,
     "PROBE")

write_cases(cases, OUT)
