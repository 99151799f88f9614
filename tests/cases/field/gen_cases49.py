"""Session-49 field cases of miner mine49 (f1052-...): same helpers and output format as gen_cases48.py.

Scope (round forty-nine): ListTasks rows that carry an empty artifacts list the request did not
ask for (a2a-python), the TCK's own ListTasks and send requests (a member ListTasksRequest does
not define, snake_case proto names, returnImmediately tested by a task that completes two
seconds later), a 1.0 send with 0.x `blocking` refused, a 0.3 HTTP+JSON gateway (impalasys/talon)
whose data parts are written in 1.0's flat form and whose queued stream ends `final` at
submitted, a client polling tasks/get with its own message's id (adcp-client), and their legal
neighbours (an empty artifacts list that was asked for, a fast task answered completed under
returnImmediately, a 0.3 file part with a name, a 0.3 data part in the proto's DataPart, a
plaintext card inside a service mesh).
`python3 gen_cases49.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note, allowed=None):
    cases[name] = (lines, findings, source, note)
    if allowed:
        ALLOWED[name] = allowed
ALLOWED = {}
CARD_URL = A + "/.well-known/agent-card.json"
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url=CARD_URL, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]

TS2 = "2026-03-02T10:14:00.000Z"
TS3 = "2026-03-02T10:13:00.000Z"

# --- f1052: a 1.0 ListTasks whose rows carry "artifacts": [] although includeArtifacts was not asked (a2a-python #1211)
P1211 = ("https://github.com/a2aproject/a2a-python/issues/1211 ([Bug]: ListTasks breaks the includeArtifacts=false spec 'MUST omit' "
         "requirement: MessageToDict(..., always_print_fields_with_no_presence=True) writes artifacts: [] on every listed task; fixed by "
         "https://github.com/a2aproject/a2a-python/pull/1212, which serializes ListTasks for REST and JSON-RPC without the key unless "
         "includeArtifacts is true)")
C10 = card10(A + "/a2a")
case("f1052-v10-list-tasks-empty-artifacts-not-omitted", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-1", "ListTasks", {"contextId": "ctx-1211", "pageSize": 10}), ver="1.0"),
    resp(0.12, 200, ok("l-1", {"tasks": [
        task10("task-2", "ctx-1211", "TASK_STATE_WORKING", artifacts=[], history=[]),
        task10("task-1", "ctx-1211", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[], history=[]),
    ], "nextPageToken": "", "pageSize": 10, "totalSize": 2})),
], [("list-tasks-artifacts-written-empty", "warning")], P1211,
     "when includeArtifacts is false or unset the artifacts field MUST be omitted entirely from each listed Task, 'not present as an empty array or null value' (DATA-007, 1.0 §3.1.4); the agent wrote artifacts: [] on every row, so a client cannot tell a task that produced nothing from a listing that left artifacts out, and reads the completed task as having no result (nothing leaks, and a ProtoJSON reader takes [] for unset: a warning, beside DATA-LIST-001's error for artifacts really listed)")

# --- f1053: the same over HTTP+JSON: GET /tasks rows with "artifacts": [] (a2a-python PR #1212 fixed both bindings)
P1212 = ("https://github.com/a2aproject/a2a-python/pull/1212 (fix: omit artifacts from list tasks responses: 'JSON serialization with "
         "default fields enabled emitted artifacts: []'; the change centralizes ListTasks wire serialization for REST and JSON-RPC and "
         "removes the key unless the request explicitly enables it; 'When enabled, the field remains present with its actual content, "
         "including an empty array for tasks without artifacts')")
CR10 = card10(A, binding="HTTP+JSON")
case("f1053-v10-rest-list-tasks-empty-artifacts-not-omitted", get_card(0.0, CR10) + [
    req(0.1, "GET", A + "/tasks?status=TASK_STATE_COMPLETED&pageSize=5", ver="1.0"),
    resp(0.12, 200, {"tasks": [task10("task-9", "ctx-9", "TASK_STATE_COMPLETED", artifacts=[])],
                     "nextPageToken": "", "pageSize": 5, "totalSize": 1}, ctype=A2AJ),
], [("list-tasks-artifacts-written-empty", "warning")], P1212,
     "GET /tasks without includeArtifacts=true lists tasks without the artifacts member (DATA-007, 1.0 §3.1.4: omitted entirely, not an empty array); the agent wrote artifacts: [] on the completed task, which reads as a task that completed with no deliverable")

# --- f1054 (legal): includeArtifacts: true and a task without artifacts listed with artifacts: [] (a2a-python PR #1212)
case("f1054-legal-v10-list-tasks-include-artifacts-empty-list", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-2", "ListTasks", {"includeArtifacts": True, "pageSize": 10}), ver="1.0"),
    resp(0.12, 200, ok("l-2", {"tasks": [
        task10("task-4", "ctx-4", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-4", "name": "answer", "parts": [{"text": "42"}]}]),
        task10("task-3", "ctx-4", "TASK_STATE_WORKING", ts=TS2, artifacts=[]),
    ], "nextPageToken": "", "pageSize": 10, "totalSize": 2})),
], [], P1212,
     "legal: with includeArtifacts: true the artifacts field is included with its actual content, 'which may be an empty array if the task has no artifacts' (DATA-007, 1.0 §3.1.4)")

# --- f1055: 0.3 HTTP+JSON answers whose data parts are written flat, 1.0's form, not the 0.3 proto's DataPart (impalasys/talon PR #51)
TALON51 = ("https://github.com/impalasys/talon/pull/51 (Refactor A2A REST routing modules: rest_v1_part_value, which wrapped a part's data "
           "as {\"data\": {\"data\": ...}} for the /v1 routes, was changed in review to keep it flat, {\"data\": ...}, after a review citing "
           "the 1.0 Part; the /v1 routes write 0.3 proto JSON: message parts under content, ROLE_AGENT, TASK_STATE_*; the merged "
           "src/gateway/rest/a2a/handlers.rs at 5a230e69844862e404c276100adbc9c75f768706)")
TL = "https://talon.example.test/a2a/ops/planner"
TLCARD = card03(TL, name="planner", preferredTransport="HTTP+JSON")
case("f1055-v03-rest-data-part-flat", get_card(0.0, TLCARD, "https://talon.example.test/a2a/ops/planner/.well-known/agent-card.json") + [
    req(0.1, "POST", TL + "/v1/message:send", {"message": {"messageId": "m-tl-1", "role": "ROLE_USER", "content": [{"text": "plan the rollout"}]}}),
    resp(1.2, 200, {"task": {"id": "t-tl-1", "contextId": "c-tl-1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifactId": "plan", "name": "plan", "parts": [{"data": {"steps": ["drain", "deploy", "verify"], "risk": "low"}}]}],
        "history": [{"messageId": "m-tl-1", "contextId": "c-tl-1", "taskId": "t-tl-1", "role": "ROLE_USER", "content": [{"text": "plan the rollout"}]}]}}),
], [("result-invalid-shape", "error")], TALON51,
     "0.3 HTTP+JSON bodies are the ProtoJSON of the 0.3 proto (REST-003, DIGEST §0.1), whose Part is a oneof of text, file and data, data being a DataPart message {data: Struct}: a data part is {\"data\": {\"data\": {...}}}; the gateway wrote 1.0's flat {\"data\": {...}}, so a 0.3 ProtoJSON reader (the SDKs' REST transports) finds the DataPart members steps and risk, which it does not define, and refuses the answer, or drops them and reads an empty data part")

# --- f1056: a 0.3 HTTP+JSON stream of a queued message: the task submitted, then a status update submitted with final: true (talon)
TALON_Q = ("https://github.com/impalasys/talon/blob/d866e2676c6ad8439768f8bf6d49c55453380d49/src/gateway/rest/a2a/handlers.rs "
           "(queued_a2a_stream_response: when the session is busy and the message is queued, /v1/message:stream answers "
           "{task: {status: {state: TASK_STATE_SUBMITTED}}} then {statusUpdate: {status: {state: TASK_STATE_SUBMITTED}, final: true}} "
           "and closes)")
case("f1056-v03-rest-queued-stream-final-at-submitted", get_card(0.0, TLCARD, "https://talon.example.test/a2a/ops/planner/.well-known/agent-card.json") + [
    req(0.1, "POST", TL + "/v1/message:stream", {"message": {"messageId": "m-tl-2", "contextId": "c-tl-1", "role": "ROLE_USER", "content": [{"text": "also roll back eu-west"}]}}, accept=SSE),
    resp(0.15, 200, "", ctype="text/event-stream; charset=utf-8"),
    chunk(0.16, sse({"task": {"id": "t-tl-2", "contextId": "c-tl-1", "status": {"state": "TASK_STATE_SUBMITTED"}}})),
    chunk(0.17, sse({"statusUpdate": {"taskId": "t-tl-2", "contextId": "c-tl-1", "status": {"state": "TASK_STATE_SUBMITTED"}, "final": True}})),
    chunk(0.18, "", close="eof"),
], [("stream-final-flag-wrong", "error")], TALON_Q,
     "final: true marks the last event of the interaction, at a terminal or input-required state (STREAM-008, 0.3 TaskStatusUpdateEvent.final); the gateway ends the stream of a queued message with final: true at submitted, so the client stops listening for a task that has not started, and is never told when it runs or what it produces")

# --- f1057: the TCK's ListTasks names lastUpdatedAfter, which ListTasksRequest does not define (a2a-tck PR #93)
TCK93 = ("https://github.com/a2aproject/a2a-tck/pull/93 (feat: tasks/list tests: tck/transport/jsonrpc_client.py builds the ListTasks "
         "params with pageSize, pageToken, historyLength, lastUpdatedAfter and includeArtifacts; the review notes the spec references "
         "are out of date)")
case("f1057-v10-list-tasks-last-updated-after", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("tck-list-7", "ListTasks", {"pageSize": 2, "lastUpdatedAfter": 1767225600000, "includeArtifacts": False}), ver="1.0"),
    resp(0.12, 200, ok("tck-list-7", {"tasks": [task10("task-t2", "ctx-t", "TASK_STATE_COMPLETED"), task10("task-t1", "ctx-t", "TASK_STATE_COMPLETED", ts=TS2)],
                                     "nextPageToken": "tok-2", "pageSize": 2, "totalSize": 5})),
], [("client-request-unknown-member", "warning")], TCK93,
     "ListTasksRequest's time filter is statusTimestampAfter, an RFC 3339 timestamp (DATA-007, 1.0 §3.1.4); the suite sends lastUpdatedAfter (a draft's name, in epoch milliseconds), which the agent ignores as an unknown member (DATA-003), so the test that filters by time gets every task and judges the agent for the suite's own mistake")

# --- f1058: the TCK's REST client sends the configuration under the proto's snake_case names (a2a-tck PR #136)
TCK136 = ("https://github.com/a2aproject/a2a-tck/pull/136 (fix!: Rename blocking to return_immediately per upstream a2a.proto: the REST "
          "client's payload carries \"accepted_output_modes\", \"history_length\" and \"return_immediately\"; the review: 'JSON field names "
          "must use camelCase. The key return_immediately in the expected payload should be returnImmediately')")
case("f1058-v10-rest-send-config-snake-case", get_card(0.0, CR10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("tck: complete task", mid="tck-m-136"),
        "configuration": {"accepted_output_modes": ["text", "json"], "history_length": 5, "return_immediately": False}}, ver="1.0", ctype=A2AJ),
    resp(0.3, 200, {"task": task10("task-136", "ctx-136", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
], [("request-message-invalid-shape", "error")], TCK136,
     "1.0 JSON members are the proto fields' camelCase names (DATA-001, 1.0 §5.5): acceptedOutputModes, historyLength, returnImmediately; only a ProtoJSON parser also accepts the proto names, so an agent on any other JSON binding ignores the three members and runs a send with no history limit and no output modes")

# --- f1059: a 1.0 SendMessage with the 0.x member configuration.blocking, refused InvalidParams (a2a-python #874)
P874 = ("https://github.com/a2aproject/a2a-python/issues/874 (SDK SendMessageConfiguration uses 'return_immediately' but spec v1.0 defines "
        "'blocking': a client that sends blocking: true 'will receive a -32602 Invalid params error from the SDK'; the released proto "
        "names the member returnImmediately, and the issue was closed)")
case("f1059-v10-send-config-blocking-refused", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("874", "SendMessage", {"message": umsg10("What is 2+3?", mid="m-874"), "configuration": {"blocking": True}}), ver="1.0"),
    resp(0.11, 200, err("874", -32602, "Invalid params")),
], [("client-version-mixed-request", "warning")], P874,
     "1.0's SendMessageConfiguration has returnImmediately (false, the default, waits), not 0.3's blocking (VER-002, DATA-001); the client's blocking: true asks for what the default already does, but the agent's ProtoJSON parser refuses the unknown member, so every send of this client fails")

# --- f1060: returnImmediately: true answered two seconds later with the task completed (a2a-tck PR #217, tck-delayed-complete)
TCK217 = ("https://github.com/a2aproject/a2a-tck/pull/217 (test: verify blocking vs non-blocking sendMessage behaviour: 'Both requirements "
          "used the tck-complete-task scenario, which completes the task immediately, so a server that ignores returnImmediately returns "
          "completed either way and passes'; the new tck-delayed-complete scenario goes to working, waits one streaming-timeout unit (2s), "
          "then completes, so a blocking and a non-blocking send produce observably different responses; before a2a-java#327 the Java "
          "SDK ignored blocking and still passed)")
case("f1060-v10-return-immediately-answered-completed-after-2s", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("tck-ri-2", "SendMessage", {"message": umsg10("tck-delayed-complete", mid="m-tck-ri-2"),
        "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(2.14, 200, ok("tck-ri-2", {"task": task10("task-ri-2", "ctx-ri-2", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-ri-2", "parts": [{"text": "done"}]}])})),
], [("return-immediately-ignored", "warning")], TCK217,
     "returnImmediately: true asks the agent to answer right after creating the task (TASK-005, 1.0 §3.2.2); the task's own work took two seconds, and the agent answered only after it, with the task completed: it waited as for a blocking send, so a caller that asked not to wait (its timeout, its gateway) waits anyway")

# --- f1061 (legal): returnImmediately: true and a task that completes at once, answered completed at once (a2a-tck PR #217, tck-complete-task)
case("f1061-legal-v10-return-immediately-fast-task-completed", get_card(0.0, C10) + [
    req(0.1, "POST", A + "/a2a", rpc("tck-ri-1", "SendMessage", {"message": umsg10("tck-complete-task", mid="m-tck-ri-1"),
        "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.13, 200, ok("tck-ri-1", {"task": task10("task-ri-1", "ctx-ri-1", "TASK_STATE_COMPLETED")})),
], [], TCK217,
     "legal: a task that completes as it is created may already be completed in the answer of a non-blocking send (TASK-005 asks for the answer right after creation, not for a given state); the answer came 30 ms after the request")

# --- f1062: a client polls tasks/get with the messageId of its own send, not the task id the agent answered (adcp-client #963 / PR #968)
ADCP968 = ("https://github.com/adcontextprotocol/adcp-client/pull/968 (fix(protocols): use native A2A tasks/get JSON-RPC for polling (#963): "
           "'the polling closures in setupSubmittedTask used the client-minted correlation UUID as the task ID, but tasks/get requires the "
           "server-assigned Task.id from the message/send response'; tracked on as https://github.com/adcontextprotocol/adcp-client/issues/966, "
           "'Wrong identifier: SDK passes local UUID to the polling cycle instead of the server-assigned ID')")
AD = "https://seller.example.test/a2a"
ADCARD = card03(AD, name="seller")
MID = "0b8f3c1e-6d2a-4f7b-9e55-1c4a7d2e9f30"
case("f1062-v03-tasks-get-by-own-message-id", get_card(0.0, ADCARD, "https://seller.example.test/.well-known/agent-card.json") + [
    req(0.1, "POST", AD, rpc("b-1", "message/send", {"message": {"kind": "message", "messageId": MID, "role": "user",
        "parts": [{"kind": "data", "data": {"skill": "create_media_buy", "input": {"budget": 5000}}}]}})),
    resp(0.6, 200, ok("b-1", task03("a2a-task-51c0", "ctx-51c0", "working"))),
    req(5.6, "POST", AD, rpc("b-2", "tasks/get", {"id": MID})),
    resp(5.61, 200, err("b-2", -32001, "Task not found")),
    req(10.6, "POST", AD, rpc("b-3", "tasks/get", {"id": MID})),
    resp(10.61, 200, err("b-3", -32001, "Task not found")),
], [("client-task-id-from-other-agent", "warning")], ADCP968,
     "task ids are the server's: a client polls tasks/get with the id of the Task the agent answered (ID-001, TASK-009), here a2a-task-51c0; the client asked for the messageId it minted for its own message, which names no task, so every poll is TaskNotFound and the work the agent is doing is never read")

# --- f1063 (legal): a 0.3 HTTP+JSON file part with a name (a2a-java PR #1091)
J1091 = ("https://github.com/a2aproject/a2a-java/pull/1091 (fix: Add optional name to FilePart: 'Despite the v0.3 proto in the spec not having "
         "this, the spec text mentions this field ... we have added this for leniency'; the field was added to the proto by "
         "https://github.com/a2aproject/A2A/pull/983; fixes a2a-java #1083)")
CRJ = card03(A + "/a2a", preferredTransport="HTTP+JSON")
case("f1063-legal-v03-rest-file-part-with-name", get_card(0.0, CRJ) + [
    req(0.1, "POST", A + "/a2a/v1/message:send", {"message": {"messageId": "m-1091", "role": "ROLE_USER", "content": [
        {"text": "summarise the attached contract"},
        {"file": {"fileWithUri": "https://files.example.test/contract-7.pdf", "mimeType": "application/pdf", "name": "contract-7.pdf"}}]}}),
    resp(1.0, 200, {"message": {"messageId": "a-1091", "contextId": "c-1091", "role": "ROLE_AGENT", "content": [{"text": "Twelve-month term, 30-day notice."}]}}),
], [], J1091,
     "legal: a 0.3 HTTP+JSON file part is {file: {fileWithUri | fileWithBytes, mimeType, name}} (DATA-004, 0.3 proto FilePart with the name field A2A PR #983 added to match the JSON-RPC FileWithUri.name)")

# --- f1064 (legal): a 0.3 HTTP+JSON data part in the proto's DataPart form (the shape talon dropped in PR #51)
case("f1064-legal-v03-rest-data-part-wrapped", get_card(0.0, TLCARD, "https://talon.example.test/a2a/ops/planner/.well-known/agent-card.json") + [
    req(0.1, "POST", TL + "/v1/message:send", {"message": {"messageId": "m-tl-3", "role": "ROLE_USER", "content": [{"text": "plan the rollout"}]}}),
    resp(1.2, 200, {"task": {"id": "t-tl-3", "contextId": "c-tl-3", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifactId": "plan", "name": "plan", "parts": [{"data": {"data": {"steps": ["drain", "deploy", "verify"], "risk": "low"}}}]}]}}),
], [], TALON51,
     "legal: the 0.3 proto's data part is Part.data, a DataPart message whose one field data holds the Struct, so its ProtoJSON is {\"data\": {\"data\": {...}}} (DATA-004, 0.3 proto); this is the form rest_v1_part_value wrote before the review")

# --- f1065 (legal): a 0.3 card served over plain http inside a service mesh (google/adk-python #7139)
ADK7139 = ("https://github.com/google/adk-python/issues/7139 (RemoteA2aAgent enforces HTTPS for agent cards, blocking plaintext A2A inside a "
           "service mesh (mTLS): 'Agent card URL must use https, or http on a loopback host: "
           "http://research.agents.svc.cluster.local/a2a/app/.well-known/agent-card.json'; the sidecars wrap the plaintext call in mTLS)")
RS = "http://research.agents.svc.cluster.local/a2a/app"
case("f1065-legal-v03-card-cluster-internal-http-in-mesh", get_card(0.0, card03(RS, name="research"), RS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RS, rpc("r-1", "message/send", {"message": umsg03("Summarise the incident timeline", mid="m-7139")})),
    resp(2.2, 200, ok("r-1", task03("t-7139", "c-7139", "completed", artifacts=[{"artifactId": "a-7139", "parts": [{"kind": "text", "text": "09:02 alert, 09:10 rollback"}]}]))),
], [], ADK7139,
     "legal: a card fetched from a cluster-internal host may advertise that host (CARD-005: the URL its clients, inside the cluster, reach); plaintext http there is the mesh's business, whose sidecars add mTLS (AUTH-004 asks for TLS in production, which the mesh gives)")

# --- f1066: the activated extension echoed on SendMessage, not on SendStreamingMessage (a2a-js #710)
JS710 = ("https://github.com/a2aproject/a2a-js/issues/710 ([Bug]: JSON-RPC streaming responses omit activated extension headers: "
         "'SendMessage: A2A-Extensions: https://example.test/ext/stream; SendStreamingMessage: no A2A-Extensions response header', the agent "
         "activating the requested extension in its executor before publishing the first stream event)")
EXT = "https://example.test/ext/stream"
CEXT = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": False,
    "extensions": [{"uri": EXT, "description": "per-request test extension", "required": False}]})
XH = {"a2a-extensions": EXT}
case("f1066-v10-extension-echo-missing-on-stream", get_card(0.0, CEXT) + [
    req(0.1, "POST", A + "/a2a", rpc("u-1", "SendMessage", {"message": umsg10("hello", mid="m-710-1")}), ver="1.0", hdr=XH),
    resp(0.2, 200, ok("u-1", {"message": amsg10("hello back", mid="a-710-1", contextId="c-710-1", extensions=[EXT])}), hdr=XH),
    req(0.5, "POST", A + "/a2a", rpc("s-1", "SendStreamingMessage", {"message": umsg10("hello", mid="m-710-2")}), ver="1.0", hdr=XH, accept=SSE),
    resp(0.55, 200, "", ctype=SSE),
    chunk(0.6, sse(ok("s-1", {"message": amsg10("hello back", mid="a-710-2", contextId="c-710-2", extensions=[EXT])}))),
    chunk(0.61, "", close="eof"),
], [("extension-echo-missing-on-one-send-kind", "warning")], JS710,
     "an agent echoes the extensions it activated for a request in the A2A-Extensions response header (EXT-004, topics/extensions.md), and every binding and call of one agent behaves alike (BIND-001); this agent echoed the extension on SendMessage and, for the same request header, sent its SSE head without it, because it decides the activation in the executor after the head is written: a streaming client reads the extension as not activated and ignores the data it carries")

# --- f1067 (legal): the echo on both kinds of send (actioncard/a2a-elixir PR #39)
EX39 = ("https://github.com/actioncard/a2a-elixir/pull/39 (feat(extension): add A2A v1.0 extension mechanism: A2A.Plug's :extensions "
        "option parses the A2A-Extensions header, enforces required (-32008), runs the middleware chain and sets the response header)")
case("f1067-legal-v10-extension-echo-on-both-send-kinds", get_card(0.0, CEXT) + [
    req(0.1, "POST", A + "/a2a", rpc("u-2", "SendMessage", {"message": umsg10("what time is it?", mid="m-39-1")}), ver="1.0", hdr=XH),
    resp(0.2, 200, ok("u-2", {"message": amsg10("10:15", mid="a-39-1", contextId="c-39-1")}), hdr=XH),
    req(0.5, "POST", A + "/a2a", rpc("s-2", "SendStreamingMessage", {"message": umsg10("and now?", mid="m-39-2")}), ver="1.0", hdr=XH, accept=SSE),
    resp(0.55, 200, "", ctype=SSE, hdr=XH),
    chunk(0.6, sse(ok("s-2", {"message": amsg10("10:16", mid="a-39-2", contextId="c-39-2")}))),
    chunk(0.61, "", close="eof"),
], [], EX39,
     "legal: the plug sets A2A-Extensions on every answer of a request that activated the extension, the streamed one included (EXT-004)")

write_cases(cases, OUT)
for n, allowed in ALLOWED.items():
    p = os.path.join(OUT, n + ".expect.json")
    if os.path.exists(p):
        d = json.load(open(p)); d["allowed_warnings"] = allowed
        with open(p, "w") as f:
            json.dump(d, f, indent=2); f.write("\n")
