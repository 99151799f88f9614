"""Session-22 field cases of miner mine22b (f288-...): same helpers and output format as gen_cases.py.

Scope: low-code platforms, chat UIs, clouds and coding agents that speak A2A (Langflow, Goose,
ADK on Agent Engine, Mastra, CrewAI, ...), and by topic: SubscribeToTask / tasks/resubscribe,
data parts, file parts, metadata maps, long-running tasks.
`python3 gen_cases22b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
SSE = "text/event-stream"
def su03(tid, cid, state, final, **kw):
    e = {"kind": "status-update", "taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}, "final": final}
    e.update(kw); return e
def au03(tid, cid, aid, text, **kw):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    e.update(kw); return e

# --- streams that stop short --------------------------------------------------------------------
AE = A + "/v1beta1/projects/p/locations/us-central1/reasoningEngines/42/a2a"
case("f288-v03-rest-stream-truncated-after-working", [
    req(0.0, "POST", AE + "/v1/message:stream",
        {"message": {"messageId": "m-6680", "role": "ROLE_USER", "content": [{"text": "write the quarterly business review"}]}},
        accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": {"id": "t-6680", "contextId": "c-6680", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": TS}}})),
    chunk(0.4, sse({"statusUpdate": {"taskId": "t-6680", "contextId": "c-6680", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}, "final": False}})),
    chunk(9.0, "", close="eof"),
], [("stream-ended-without-terminal-0x", "warning")],
 "https://github.com/google/adk-python/issues/6680 (A2A message:stream against a deployed Agent Engine target truncates after TASK_STATE_WORKING/TASK_STATE_SUBMITTED: sometimes 0 chunks, never a completion event, although the full answer sits in the persisted session)",
 "the 0.3 HTTP+JSON stream (REST-003; the /v1 routes and TASK_STATE_* names of the 0.3 gRPC proto) closed cleanly after a working statusUpdate: no final:true event and no terminal state, so the client cannot tell a finished task from a cut one (STREAM-008, STREAM-003). The agent had generated the whole answer; the stream just never carried it")

# iii-hq/workers PR #50: resubscribe re-attaches to a fresh bus after the task finished and waits forever
case("f289-v03-resubscribe-open-after-task-completed", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("summarise the incident", mid="m-50")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", task03("t-50", "c-50", "submitted")))),
    chunk(0.1, sse(ok("1", su03("t-50", "c-50", "working", False)))),
    req(0.5, "POST", A + "/a2a", rpc("2", "tasks/resubscribe", {"id": "t-50"}), accept=SSE),
    chunk(0.55, sse(ok("1", au03("t-50", "c-50", "a-1", "incident summary", lastChunk=True)))),
    chunk(0.56, sse(ok("1", su03("t-50", "c-50", "completed", True)))),
    chunk(0.57, "", close="eof"),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.61, sse(ok("2", su03("t-50", "c-50", "working", False)))),
    chunk(60.0, "", close="timeout"),
], [("terminal-state-changed", "error")],
 "https://github.com/iii-hq/workers/pull/50 (review: a terminal transition between load_task and subscribe makes handle_resubscribe attach to a fresh bus whose terminal flag never fires: the SSE socket stays open indefinitely after a non-final working status-update)",
 "tasks/resubscribe re-attaches the client to the task's stream (0.3 §7.9); the task completed at 0.56 s (final:true on the first stream), yet the resubscribe stream sent a working, final:false status and then stayed open until the capture stopped: the client waits forever for a final event that cannot come (STREAM-008), and the stale working state contradicts the completed task (TASK-001)")

# Langflow PR #13841: resubscribe to a terminal task answers an error and closes (a2a-sdk 0.3)
card_lf = card03(A + "/api/v1/a2a/flow-1/jsonrpc", capabilities={"streaming": True, "pushNotifications": True},
                 defaultInputModes=["application/json"], defaultOutputModes=["application/json"])
case("f290-legal-v03-resubscribe-terminal-error-event", [
    req(0.0, "GET", A + "/api/v1/a2a/flow-1/.well-known/agent-card.json"),
    resp(0.004, 200, card_lf, hdr=CACHE),
    req(0.1, "POST", A + "/api/v1/a2a/flow-1/jsonrpc", rpc("1", "message/send", {"message": umsg03("echo this", mid="m-13841")})),
    resp(0.3, 200, ok("1", task03("t-13841", "c-13841", "completed",
        artifacts=[{"artifactId": "a-1", "parts": [{"kind": "text", "text": "echo this"}]}],
        history=[umsg03("echo this", mid="m-13841", taskId="t-13841", contextId="c-13841")]))),
    req(0.5, "POST", A + "/api/v1/a2a/flow-1/jsonrpc", rpc("2", "tasks/resubscribe", {"id": "t-13841"}), accept=SSE),
    resp(0.504, 200, "", ctype=SSE),
    chunk(0.505, sse(err("2", -32602, "Task t-13841 is in terminal state: completed"))),
    chunk(0.506, "", close="eof"),
    req(0.6, "POST", A + "/api/v1/a2a/flow-1/jsonrpc", rpc("3", "tasks/get", {"id": "t-13841"})),
    resp(0.604, 200, ok("3", task03("t-13841", "c-13841", "completed",
        artifacts=[{"artifactId": "a-1", "parts": [{"kind": "text", "text": "echo this"}]}]))),
], [],
 "https://github.com/langflow-ai/langflow/pull/13841 (tasks/resubscribe to a terminal task, or one with no live queue, returns a spec error and closes; tasks/get covers terminal reads)",
 "legal on 0.3: what tasks/resubscribe does for a finished task is implementation-defined (0.3 §7.9; DIGEST trap 6: the 0.3 gRPC form returns the Task, 1.0 errors); a2a-sdk 0.3 refuses it with InvalidParamsError inside the SSE response, one JSON-RPC error event with the request id (RPC-005), and the client reads the final state with tasks/get. A stream that carries only an error is no stream cut short (STREAM-008 applies to event streams)")

# --- file and data parts ------------------------------------------------------------------------
card_ma = card03(A + "/api/a2a/weather", defaultInputModes=["text/plain", "application/pdf", "application/json"])
FILEP = {"kind": "file", "file": {"name": "forecast.pdf", "mimeType": "application/pdf", "bytes": "JVBERi0xLjQKJcfsj6IK"}}
case("f291-v03-valid-file-part-refused-invalid-params", [
    req(0.0, "GET", A + "/api/.well-known/agent-card.json"),
    resp(0.004, 200, card_ma, hdr=CACHE),
    req(0.1, "POST", A + "/api/a2a/weather", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-16508", "role": "user",
        "parts": [{"kind": "text", "text": "summarise the attached forecast"}, FILEP]}})),
    resp(0.104, 200, err("1", -32602, "Invalid params", [{"code": "invalid_value", "values": ["text"], "path": ["message", "parts", 1, "kind"],
        "message": "Invalid option: expected \"text\""}])),
], [("valid-request-refused-invalid-params", "warning")],
 "https://github.com/mastra-ai/mastra/issues/16508 (the A2A handler's messageSendParamsSchema only allows parts of kind 'text', so every FilePart and DataPart is refused with JSON-RPC -32602 before the converter, which supports them, sees it)",
 "the file part is a valid 0.3 FilePart (kind file, file with exactly one of bytes/uri, base64 bytes, DATA-004) of a media type the card lists in defaultInputModes; -32602 InvalidParams says the request is malformed (ERR-001), so the client drops a correct request. An agent that cannot take a part's kind or media type says so with ContentTypeNotSupportedError -32005 (ERR-002, a SHOULD on 0.x: hence a warning). The error data (a zod issue list) names parts[1].kind and expects \"text\"")

case("f293-legal-v10-data-part-json-values", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"messageId": "m-157", "role": "ROLE_USER", "parts": [
        {"text": "store these readings"}, {"data": [12.5, 13.1, None]}, {"data": "sensor-7"}, {"data": True}, {"data": None, "mediaType": "application/json"}]}}), ver="1.0"),
    resp(0.2, 200, ok("1", {"task": task10("t-157", "c-157", "TASK_STATE_COMPLETED", artifacts=[
        {"artifactId": "a-157", "name": "summary", "parts": [{"data": {"count": 3, "max": 13.1}, "mediaType": "application/json"}, {"data": 3}]}])})),
], [],
 "https://github.com/CognicellAI/Cognition/pull/157 (DataPart support widened from JSON objects to the whole JSON value union: arrays, strings, numbers, booleans and null survive the send result and stream paths)",
 "legal: the 1.0 Part.data is a google.protobuf.Value (DATA-004), so an array, a string, a number, a boolean and null are all data parts; ProtoJSON writes a Value holding null as \"data\": null, which still sets the oneof. Only 0.x requires DataPart.data to be an object")

# --- cards --------------------------------------------------------------------------------------
card_gs = json.loads(json.dumps(CARD10)); card_gs["supportedInterfaces"] = [{"url": "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]
case("f292-card10-interface-url-relative", [
    req(0.0, "GET", A + "/a2a/.well-known/agent-card.json"),
    resp(0.004, 200, card_gs, hdr=CACHE),
], [("card-interface-malformed", "error")],
 "https://github.com/aaif-goose/goose/pull/7737 ; https://github.com/aaif-goose/goose/pull/7735 (Codex review P1: the goose A2A route served a card whose interface url was the bare RPC path; fixed as 'Absolute RPC URL in agent card')",
 "AgentInterface.url is the URL where the interface is available (1.0 proto, CARD-005): an absolute URL, like the examples' https://... values; a path-only '/a2a' names no host, and SDK clients use it as given instead of resolving it against the card URL")

# --- ADK client: delegation to non-ADK peers; legal peer replies ---------------------------------
case("f294-legal-v10-stream-artifact-then-bare-completed", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("find flights to Lisbon", mid="m-7248")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-7248", "c-7248", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("1", {"artifactUpdate": {"taskId": "t-7248", "contextId": "c-7248",
        "artifact": {"artifactId": "a-1", "parts": [{"text": "TP1350 departs 09:05"}]}, "lastChunk": True}}))),
    chunk(0.51, sse(ok("1", {"statusUpdate": {"taskId": "t-7248", "contextId": "c-7248", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.52, "", close="eof"),
], [],
 "https://github.com/google/adk-python/issues/7248 (RemoteA2aAgent in task mode never hands control back when a non-ADK peer ends the task with an artifact and a bare TASK_STATE_COMPLETED status, since no finish_task event arrives)",
 "legal: a 1.0 task stream is task, then updates, closed at the terminal state (STREAM-003, STREAM-007); the answer may live only in an artifact, and a terminal TaskStatus needs no message (1.0 proto TaskStatus.message is optional). The hang is the client's own delegation protocol, not A2A")

# --- discovery and legacy calls ------------------------------------------------------------------
card_oa = card03(A + "/a2a", name="OpenAds", capabilities={"streaming": True, "extensions": [
    {"uri": "https://adcontextprotocol.org/extensions/adcp", "description": "AdCP", "params": {"adcp_version": "2.5"}}]})
case("f295-legal-v03-card-only-at-agent-json", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 404, {"detail": "Not Found"}),
    req(0.1, "GET", A + "/.well-known/agent.json"),
    resp(0.104, 200, card_oa, hdr=CACHE),
    req(0.2, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("list the available inventory", mid="m-316")})),
    resp(0.4, 200, ok("1", amsg03("3 placements are available", contextId="c-316"))),
], [],
 "https://github.com/adcontextprotocol/adcp-client/issues/316 (an agent in the wild publishes its card only at /.well-known/agent.json; the client, which only tried /.well-known/agent-card.json, could not discover it)",
 "legal for a 0.3 agent: the well-known location is only recommended before 1.0 (CARD-002; the 0.2 path /.well-known/agent.json is where 0.2 agents put it), and the card it serves names a working JSON-RPC endpoint. A 1.0 card must be at agent-card.json (CARD-PATH-001 tells that case); the issue's claim that the spec now uses agent.json is wrong, but the agent is not at fault")

card_oc = card03(A + "/a2a", name="openclaw")
case("f296-legal-v03-get-on-jsonrpc-url-405", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_oc, hdr=CACHE),
    req(0.1, "GET", A + "/a2a"),
    resp(0.104, 405, "Method Not Allowed", ctype="text/plain", hdr={"allow": "POST"}),
    req(0.2, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("hello", mid="m-9")})),
    resp(0.5, 200, ok("1", amsg03("hi there", contextId="c-9"))),
], [],
 "https://github.com/a2anet/openclaw-a2a-plugin/pull/9 (an outbound client fetched the agent card with GET on the configured /a2a URL and got 405; the PR made /a2a serve the card on GET, and the maintainer answered that clients should use the agent card URL instead)",
 "legal: the 0.3 card's url is the JSON-RPC endpoint, and JSON-RPC calls are POSTs (RPC-001); no binding defines a GET there, so 405 with Allow: POST is a correct answer, and the card is where CARD-002 puts it. The client that looked for the card at the endpoint is wrong, but a GET can be a mere connectivity check, so it is not judged")

card_nu = card03(A + "/", name="netutils")
case("f297-v01-client-tasks-send-to-03-agent", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, card_nu, hdr=CACHE),
    req(0.1, "POST", A + "/", rpc("c1f0", "tasks/send", {"id": "t-2373", "sessionId": "s-2373",
        "message": {"role": "user", "parts": [{"type": "text", "text": "traceroute 10.0.0.1"}]}}), hdr={"authorization": "Bearer <token>"}),
    resp(0.104, 200, err("c1f0", -32601, "Method not found")),
], [("client-version-not-in-card", "note")],
 "https://github.com/caipe-io/ai-platform-engineering/pull/2373 (review P1: the remote-agent tool posts the legacy tasks/send payload, which the A2A SDK server does not accept: 0.3 uses message/send, current A2A SendMessage, both with a message id)",
 "tasks/send with id, sessionId and type-tagged parts is the 0.1.0 form (DIGEST 0.x correction); the card declares protocolVersion 0.3.0, whose method is message/send with a messageId and kind-tagged parts (VER-005, CARD-005). The agent's -32601 is the right refusal (ERR-001); the fault is the client's, told as a note")

# google/adk-python #3794: to_a2a's stream opens with a submitted status that carries the user's own query
def su03m(state, final, msg=None):
    e = su03("t-3794", "c-3794", state, final)
    if msg: e["status"]["message"] = msg
    return e
case("f298-legal-v03-submitted-status-carries-user-message", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("what is the weather in Paris?", mid="m-3794")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", su03m("submitted", False, umsg03("what is the weather in Paris?", mid="m-3794", taskId="t-3794", contextId="c-3794"))))),
    chunk(0.1, sse(ok("1", su03m("working", False)))),
    chunk(0.8, sse(ok("1", su03m("working", False, amsg03("It is sunny, 21 C.", mid="m-a3794", taskId="t-3794", contextId="c-3794"))))),
    chunk(0.81, sse(ok("1", au03("t-3794", "c-3794", "a-3794", "It is sunny, 21 C.", lastChunk=True)))),
    chunk(0.82, sse(ok("1", su03m("completed", True)))),
    chunk(0.83, "", close="eof"),
], [],
 "https://github.com/google/adk-python/issues/3794 (ADK's to_a2a wrapper streams a submitted status-update whose message is the user's original query, then working updates, the answer both as a status message and as an artifact, then completed)",
 "legal on 0.3: TaskStatus.message is any Message (0.3 schema), so a status that records the user's query with role user is allowed, and a 0.3 stream may open with a status-update (STREAM-003 is only a should before 1.0; a2a-python's client builds the task from it). Repeating the answer as status message and artifact is redundant, not wrong; the final:true status closes the cycle (STREAM-008)")

# a2a-java #1037: the executor's sendMessage mid-task goes out as a message event; requiresInput emits no status update
def su10(tid, cid, state, msg=None):
    st = {"state": state, "timestamp": TS}
    if msg: st["message"] = msg
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": st}}
case("f299-v10-stream-message-event-mid-task", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("convert 10 EUR to GBP", mid="m-1037")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-1037", "c-1037", "TASK_STATE_SUBMITTED")}))),
    chunk(0.03, sse(ok("1", su10("t-1037", "c-1037", "TASK_STATE_WORKING")))),
    chunk(0.4, sse(ok("1", {"message": amsg10("Looking up today's rate", mid="m-a2", taskId="t-1037", contextId="c-1037")}))),
    chunk(0.9, sse(ok("1", {"artifactUpdate": {"taskId": "t-1037", "contextId": "c-1037", "artifact": {"artifactId": "a-1037", "parts": [{"text": "10 EUR = 8.52 GBP"}]}}}))),
    chunk(0.91, sse(ok("1", su10("t-1037", "c-1037", "TASK_STATE_COMPLETED", amsg10("Done", mid="m-a4", taskId="t-1037", contextId="c-1037"))))),
    chunk(0.92, "", close="eof"),
], [("message-event-in-task-stream", "error")],
 "https://github.com/a2aproject/a2a-java/issues/1037 (agentEmitter.sendMessage(a2aMessage2) after startWork reaches the client as a MessageEvent inside the task's stream, while the requiresInput(a2aMessage3) that followed produced no TaskStatusUpdateEvent, so its message was lost)",
 "a 1.0 task stream is the task, then only statusUpdate and artifactUpdate events, closed at the terminal state (STREAM-003; a message event is the whole reply of a message stream, STREAM-002). The progress text belongs in a working statusUpdate's status.message. The lost input-required update leaves no trace on the wire (nothing shows it was due), so only the message event is judged")

# microsoft/agent-framework #7367: the hosting adapter's server-side AgentRunMode decides background mode, not the caller
case("f300-v10-default-blocking-send-answered-working", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("draft the quarterly report", mid="m-7367")}), ver="1.0"),
    resp(0.08, 200, ok("1", {"task": task10("t-7367", "c-7367", "TASK_STATE_WORKING")})),
    req(20.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-7367"}), ver="1.0"),
    resp(20.01, 200, ok("2", task10("t-7367", "c-7367", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-7367", "parts": [{"text": "Q3 report draft"}]}]))),
], [("blocking-send-returned-early", "error")],
 "https://github.com/microsoft/agent-framework/issues/7367 (the .NET A2A hosting adapter decides background runs with a server-side AgentRunMode and ignores SendMessageConfiguration.return_immediately; with background allowed, a caller that asked nothing gets a running task back)",
 "the request has no configuration, so return_immediately is false and the send is blocking (TASK-005, 1.0 §3.2.2: wait until the task is terminal or interrupted; the default when configuration is absent too). The agent answered at once with a working task, so a client that trusts the default reads an unfinished task as the answer and has to start polling GetTask it never planned")

write_cases(cases, OUT)

# --- variants (tests/cases/variants/b22b-*): the other version / binding of f291's kind -----------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
M16508 = "https://github.com/mastra-ai/mastra/issues/16508"
vcase("b22b-K1-v10-rest-raw-part-refused-text-only", [
    req(0.0, "POST", A + "/message:send", {"message": {"messageId": "m-k1", "role": "ROLE_USER", "parts": [
        {"text": "what is in this picture?"}, {"raw": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "mediaType": "image/png", "filename": "cat.png"}]}},
        ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.004, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "only text parts are supported",
        "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.parts[1]", "description": "unsupported part"}]}]}},
        ctype="application/a2a+json"),
], [("valid-request-refused-invalid-params", "warning")], M16508 + " (the 1.0 HTTP+JSON form of f291)",
 "the raw part is a well-formed 1.0 Part (DATA-004: exactly one of text, raw, url, data; raw is base64); refusing it for its kind is ContentTypeNotSupportedError (ERR-002: 400 with reason CONTENT_TYPE_NOT_SUPPORTED), not INVALID_ARGUMENT, which tells the client its request is malformed")
vcase("b22b-K1-v03-data-part-refused-unsupported", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k1b", "role": "user", "parts": [
        {"kind": "text", "text": "book it"}, {"kind": "data", "data": {"from": "LIS", "to": "OPO", "date": "2026-05-01"}}]}})),
    resp(0.004, 200, err("1", -32602, "Data parts are not supported in core messages")),
], [("valid-request-refused-invalid-params", "warning")], M16508 + " (the converter's own words for a data part, reached once the schema lets it through)",
 "a 0.3 DataPart with an object is well-formed (DATA-004); an agent that reads only text says so with ContentTypeNotSupportedError -32005 (ERR-002), not -32602")
vcase("b22b-K1-legal-v03-file-part-too-large-invalid-params", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k1c", "role": "user", "parts": [
        {"kind": "text", "text": "read this"}, {"kind": "file", "file": {"name": "scan.pdf", "mimeType": "application/pdf", "bytes": "JVBERi0xLjQKJcfsj6IK"}}]}})),
    resp(0.004, 200, err("1", -32602, "Invalid params: file part exceeds the 10 MB limit")),
], [], M16508 + " (control: a limit, not a kind)",
 "legal: the agent refuses the part for its size, a value limit the spec leaves to the agent; its words do not refuse file parts as such, so -32602 is no misjudged kind")
vcase("b22b-K1-v03-file-part-malformed-refused", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k1d", "role": "user", "parts": [
        {"kind": "file", "file": {"name": "a.txt", "mimeType": "text/plain", "bytes": "aGVsbG8=", "uri": "https://files.example.test/a.txt"}}]}})),
    resp(0.004, 200, err("1", -32602, "Invalid params: unsupported file part: set exactly one of bytes, uri")),
], [("request-message-invalid-shape", "error")], M16508 + " (control: the part itself is malformed)",
 "the file part sets both bytes and uri (DATA-004: exactly one), so the client is at fault and -32602 is the right refusal; nothing is said about the agent")
R270 = "https://github.com/a2aproject/a2a-rs/issues/270 ; https://github.com/a2aproject/a2a-rs/pull/278"
card_pdf10 = json.loads(json.dumps(CARD10)); card_pdf10["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
vcase("b22b-K2-v10-rest-unlisted-media-type-invalid-argument", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_pdf10, hdr=CACHE),
    req(0.1, "POST", A + "/message:send", {"message": {"messageId": "m-k2", "role": "ROLE_USER", "parts": [
        {"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "chart.png"}]}}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "invalid request"}}, ctype="application/a2a+json"),
], [("valid-request-refused-invalid-params", "warning")], R270 + " (ACTS CORE-SEND-004: a part of an unsupported content type came back as a generic decode error, on HTTP+JSON without an A2A reason)",
 "the card's defaultInputModes list text/plain only; an image/png part is content the agent does not take, which ERR-002 names ContentTypeNotSupportedError (400 with reason CONTENT_TYPE_NOT_SUPPORTED), not INVALID_ARGUMENT for a malformed request")
card_pdf03 = card03(A + "/a2a", defaultInputModes=["text/plain", "application/pdf"])
vcase("b22b-K2-v03-unlisted-mime-type-invalid-params", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_pdf03, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k2b", "role": "user", "parts": [
        {"kind": "file", "file": {"name": "bundle.zip", "mimeType": "application/zip", "bytes": "UEsDBAoAAAAAAA=="}}]}})),
    resp(0.104, 200, err("1", -32602, "Invalid params")),
], [("valid-request-refused-invalid-params", "warning")], R270 + " (the 0.3 JSON-RPC form)",
 "application/zip is in neither defaultInputModes nor any skill's inputModes; 0.3 names ContentTypeNotSupportedError -32005 for it (ERR-002, a SHOULD on 0.x)")
vcase("b22b-K2-legal-v03-listed-mime-type-refused-other-reason", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_pdf03, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k2c", "role": "user", "parts": [
        {"kind": "file", "file": {"name": "scan.pdf", "mimeType": "application/pdf", "bytes": "JVBERi0xLjQKJcfsj6IK"}}]}})),
    resp(0.104, 200, err("1", -32602, "Invalid params: the document exceeds 200 pages")),
], [], R270 + " (control: the media type is one the card lists)",
 "legal: application/pdf is among the card's input modes, so the refusal is about something else (a limit the spec leaves to the agent), and -32602 is not judged")
vcase("b22b-K2-legal-v10-unlisted-media-type-content-type-not-supported", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_pdf10, hdr=CACHE),
    req(0.1, "POST", A + "/message:send", {"message": {"messageId": "m-k2d", "role": "ROLE_USER", "parts": [
        {"raw": "iVBORw0KGgo=", "mediaType": "image/png", "filename": "chart.png"}]}}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Content type image/png is not supported",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "CONTENT_TYPE_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}}, ctype="application/a2a+json"),
], [], R270 + " (control: the fix, PR #278)",
 "legal: the unlisted media type is refused with ContentTypeNotSupportedError (ERR-002: HTTP 400 INVALID_ARGUMENT with ErrorInfo reason CONTENT_TYPE_NOT_SUPPORTED, ERR-003)")

write_cases(var_cases, VAR)
