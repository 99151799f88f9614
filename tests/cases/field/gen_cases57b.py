"""Session-57 field cases of miner mine57b (f1282-...): same helpers and output format as gen_cases56.py
(gen_cases.py's transcript helpers, casewriter.py's writer), with grpcwriter.py's native gRPC
recording writer for the gRPC exchanges.

Scope (round fifty-seven, b): threads under github.com/a2aproject only (the spec repo, the
official SDKs, the TCK, the ITK, samples and inspector) that no round had cited, each URL and
repo#number grepped in FIELD-CASES.md first: a client that asks for a push notification config
by a blank config id (a2aproject/a2a-java #1012: REST's trailing-slash route, gRPC's empty `id`),
a 1.0 test client that still sends the nested `file` part (a2aproject/a2a-tck #132 / PR #133), a
JSON-RPC answer whose id is not the request's (a2aproject/a2a-js #176), the v1.0.0 -> v1.0.1
HTTP status cells (a2aproject/A2A #2200 / PR #2204) and a status that is in neither column,
the JSON-RPC error `data` array of the 1.0 hot-fix (a2aproject/a2a-go PR #327), a card that
declares only text/plain refused a protobuf part with ContentTypeNotSupportedError
(a2aproject/a2a-rs #293, PR #278), ListTasks cursor paging with a tie on the timestamp
(a2aproject/a2a-go PR #136), a push config created without an id (a2aproject/a2a-java #1081),
a data part in a streamed artifact (a2aproject/a2a-inspector #23 / PR #29), SubscribeToTask
under GET or POST while the proto and the prose disagree (a2aproject/A2A #1574), and a client
that falls back to a slash route for SubscribeToTask (a2aproject/a2a-rs PR #128).
`python3 gen_cases57b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card10, ei, su10, SSE, ERROR_INFO
from grpcwriter import pb_str, pb_int, pb_task, pb_status, native

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
def rest_err(code, status, message, reason=None):
    e = {"code": code, "status": status, "message": message}
    if reason:
        e["details"] = ei(reason)
    return {"error": e}
PUSH_ON = {"streaming": True, "pushNotifications": True}

# --- a client that asks for a push config by a blank config id (a2aproject/a2a-java #1012)
S1012 = ("https://github.com/a2aproject/a2a-java/issues/1012 (fix: handle blank push notification config id consistently across "
         "transports: 'GetTaskPushNotificationConfigParams rejects a null id but permits an empty string, and the two transports diverge "
         "on that input: GrpcTransport sends .setId(\"\"); RestTransport treats it as absent and requests the trailing-slash \"default "
         "config\" URL')")
PJ = "https://push-agent.example.test"
cardpj = card10(PJ + "/a2a", binding="HTTP+JSON", capabilities=PUSH_ON)
HOOK = {"url": "https://client.example.test/hooks/a2a", "token": "tok-pj-1"}
case("f1282-v10-rest-get-push-config-blank-config-id", get_card(0.0, cardpj, PJ + "/.well-known/agent-card.json") + [
    req(0.2, "POST", PJ + "/a2a/message:send", {"message": umsg10("reindex the wiki", mid="m-pj-1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.5, 200, {"task": task10("t-pj-1", "c-pj-1", "TASK_STATE_WORKING")}),
    req(0.6, "POST", PJ + "/a2a/tasks/t-pj-1/pushNotificationConfigs", dict(HOOK, taskId="t-pj-1"), ver="1.0"),
    resp(0.61, 200, dict(HOOK, id="cfg-pj-1", taskId="t-pj-1")),
    req(0.8, "GET", PJ + "/a2a/tasks/t-pj-1/pushNotificationConfigs/", ver="1.0"),
    resp(0.81, 404, rest_err(404, "NOT_FOUND", "push notification config not found", "TASK_NOT_FOUND")),
], [("client-task-call-without-id", "error")], S1012,
     "GetTaskPushNotificationConfig names the config by its id, GET {url}/tasks/{taskId}/pushNotificationConfigs/{id} (1.0 §11.3, "
     "proto GetTaskPushNotificationConfigRequest.id REQUIRED; DATA-003); this client sent a blank config id, so its REST transport asked "
     "for {url}/tasks/t-pj-1/pushNotificationConfigs/ (a trailing slash and no id), a route A2A does not have, and the agent's 404 is right")

GP = "http://grpc-push.example.test:50051"
cardgp = card10(GP.split("//")[1], binding="GRPC", capabilities=PUSH_ON)
V10 = {"a2a-version": "1.0"}
case("f1283-v10-grpc-get-push-config-empty-id", native(GP, [
    ("GetTaskPushNotificationConfig", V10, pb_str(2, "t-gp-1"), None, 3, "id: must not be empty",
     pb_status(3, "id: must not be empty")),
], card=cardgp, tool="mine57b-grpcgen"), [("client-task-call-without-id", "error")], S1012,
     "a 1.0 GetTaskPushNotificationConfigRequest carries task_id (2) and id (3), both REQUIRED (proto; 1.0 §3.1.8, DATA-003); this "
     "client's gRPC transport set id to the empty string, which proto3 does not put on the wire, so the request names the task and no "
     "config, and the agent refuses it INVALID_ARGUMENT")

# --- a 1.0 test client that still sends the nested file part (a2aproject/a2a-tck #132 / PR #133)
S132 = ("https://github.com/a2aproject/a2a-tck/issues/132 ([Bug]: Part format is not aligned with the specs: 'The Part are using "
        "incorrect nested file object format instead of the flat fields defined in the proto (url, raw, filename, mediaType)'; fixed by "
        "a2aproject/a2a-tck PR #133)")
TK = "https://tck-sut.example.test"
case("f1284-v10-client-sends-nested-file-part", get_card(0.0, card10(TK + "/a2a", defaultInputModes=["text/plain", "application/pdf"]),
                                                         TK + "/.well-known/agent-card.json") + [
    req(0.2, "POST", TK + "/a2a", rpc("tk-1", "SendMessage", {"message": {"messageId": "m-tk-1", "role": "ROLE_USER", "parts": [
        {"text": "summarise the attached report"},
        {"file": {"name": "report.pdf", "mediaType": "application/pdf", "bytes": "JVBERi0xLjQ="}}]}}), ver="1.0"),
    resp(0.21, 200, err("tk-1", -32602, "Invalid params: unknown field \"file\" in a2a.v1.Part")),
], [("request-message-invalid-shape", "error")], S132,
     "a 1.0 Part is a oneof of text, raw, url and data with filename and mediaType beside it (1.0 §4.1.6, proto Part; DATA-003): a "
     "file's bytes go in {\"raw\": ..., \"filename\": ..., \"mediaType\": ...}; this 1.0 client (A2A-Version 1.0, SendMessage) still "
     "nests them as {\"file\": {\"name\", \"mediaType\", \"bytes\"}}, 0.3's FilePart, which a ProtoJSON agent refuses as an unknown member")

# --- a JSON-RPC answer whose id is not the request's (a2aproject/a2a-js #176)
S176 = ("https://github.com/a2aproject/a2a-js/issues/176 ([Bug]: Throw in case of JSON-RPC request id mismatch: 'Currently mismatching "
        "JSON-RPC id produces an error log but execution continues. Wrong JSON-RPC id means that protocol invariant is broken')")
ID = "https://echo-id-agent.example.test"
case("f1285-v10-response-id-type-changed", get_card(0.0, card10(ID + "/a2a"), ID + "/.well-known/agent-card.json") + [
    req(0.2, "POST", ID + "/a2a", rpc(17, "SendMessage", {"message": umsg10("what is the capital of Peru?", mid="m-id-1")}), ver="1.0"),
    resp(0.6, 200, ok("17", {"message": amsg10("Lima.", mid="a-id-1", contextId="c-id-1")})),
], [("jsonrpc-id-mismatch", "error")], S176,
     "a JSON-RPC response carries the request's id unchanged (JSON-RPC 2.0 §5: 'It MUST be the same as the value of the id member in the "
     "Request Object'; 1.0 §9, RPC-001); the client sent the number 17 and the agent answered with the string \"17\", which a client "
     "matching ids strictly (===, or a typed id) never pairs with its call")

# --- the v1.0.0 -> v1.0.1 HTTP status cells (a2aproject/A2A #2200 / PR #2204)
S2200 = ("https://github.com/a2aproject/A2A/pull/2204 (docs(spec): note the v1.0.1 error-mapping table correction, fixes "
         "a2aproject/A2A #2200: six cells changed between v1.0.0 and v1.0.1: TaskNotCancelableError 409 -> 400, "
         "PushNotificationNotSupportedError UNIMPLEMENTED -> FAILED_PRECONDITION, UnsupportedOperationError UNIMPLEMENTED -> "
         "FAILED_PRECONDITION, ContentTypeNotSupportedError 415 -> 400, InvalidAgentResponseError 502 -> 500, VersionNotSupportedError "
         "UNIMPLEMENTED -> FAILED_PRECONDITION; 'a v1.0.0-conformant server and a v1.0.1-conformant one disagree on the wire')")
EM = "https://errmap-agent.example.test"
cardem = card10(EM + "/a2a", binding="HTTP+JSON")
case("f1286-v10-rest-send-to-finished-task-answered-409", get_card(0.0, cardem, EM + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EM + "/a2a/message:send", {"message": umsg10("draft the minutes", mid="m-em-1")}, ver="1.0"),
    resp(0.9, 200, {"task": task10("t-em-1", "c-em-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-em-1", "Minutes: budget approved.")])}),
    req(1.2, "POST", EM + "/a2a/message:send", {"message": umsg10("add the action items", mid="m-em-2", taskId="t-em-1", contextId="c-em-1")}, ver="1.0"),
    resp(1.21, 409, rest_err(409, "FAILED_PRECONDITION", "Task t-em-1 is in terminal state TASK_STATE_COMPLETED", "UNSUPPORTED_OPERATION")),
], [("rest-error-shape", "error")], S2200,
     "a message to a task in a terminal state is refused with UnsupportedOperationError (1.0 §3.4.2, TASK-002), on HTTP+JSON 400 Bad "
     "Request in both columns of §5.4 (1.0.0 and 1.0.1; ERR-002, ERR-003; its 1.0.0 gRPC status UNIMPLEMENTED maps to 501 at most). "
     "409 Conflict is TaskNotCancelableError's 1.0.0 cell, one of the six that moved; this agent answers every 'task is finished' "
     "refusal with it, a status no column gives UnsupportedOperationError, so a client mapping statuses reads a cancel conflict")
case("f1287-legal-v10-rest-content-type-unsupported-415", get_card(0.0, cardem, EM + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EM + "/a2a/message:send", {"message": {"messageId": "m-em-2", "role": "ROLE_USER", "parts": [
        {"raw": "UEsDBBQAAAAIAA==", "filename": "deck.zip", "mediaType": "application/zip"}]}}, ver="1.0"),
    resp(0.21, 415, rest_err(415, "INVALID_ARGUMENT", "Content type application/zip is not supported", "CONTENT_TYPE_NOT_SUPPORTED")),
], [], S2200,
     "legal: ContentTypeNotSupportedError on HTTP+JSON is 415 in 1.0.0's table and 400 in 1.0.1's, under the same wire version 1.0 "
     "(ERR-002; DIGEST trap 2), so 415 with the ErrorInfo reason CONTENT_TYPE_NOT_SUPPORTED is right for a media type no input mode "
     "of the card lists")

# --- the JSON-RPC error data array of the 1.0 hot-fix (a2aproject/a2a-go PR #327)
S327 = ("https://github.com/a2aproject/a2a-go/pull/327 (the JSON-RPC error format after the A2A 1.0 hot-fix a2aproject/A2A PR #1627: "
        "error.data carries an array of typed details, a google.rpc.ErrorInfo first; cited by a2aproject/a2a-python #1027 as the "
        "reference)")
GO = "https://go-agent.example.test"
case("f1288-legal-v10-error-data-typed-details", get_card(0.0, card10(GO + "/a2a"), GO + "/.well-known/agent-card.json") + [
    req(0.2, "POST", GO + "/a2a", rpc("go-1", "GetTask", {"id": "t-go-404"}), ver="1.0"),
    resp(0.21, 200, err("go-1", -32001, "task not found: t-go-404", data=[
        {"@type": ERROR_INFO, "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org", "metadata": {"taskId": "t-go-404"}},
        {"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "taskstore: no row"}])),
], [], S327,
     "legal: a 1.0 JSON-RPC error's data is an array of @type'd details, a google.rpc.ErrorInfo whose reason names the A2A error "
     "(ERR-004, 1.0 §9.5 after A2A PR #1627), here with metadata and a second detail of another type beside it")
case("f1289-v10-error-data-bare-error-info-object", get_card(0.0, card10(GO + "/a2a"), GO + "/.well-known/agent-card.json") + [
    req(0.2, "POST", GO + "/a2a", rpc("go-2", "CancelTask", {"id": "t-go-405"}), ver="1.0"),
    resp(0.21, 200, err("go-2", -32001, "task not found: t-go-405",
                        data={"@type": ERROR_INFO, "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"})),
], [("jsonrpc-response-malformed", "error")], S327,
     "a 1.0 JSON-RPC error's data, when present, is an array of @type'd objects (1.0 §9.5, ERR-004, after the hot-fix A2A PR #1627 "
     "that a2a-go PR #327 follows); this agent wrote the ErrorInfo as data itself, one object and no array, which a 1.0 client reading "
     "data[] finds empty or refuses")

# --- ContentTypeNotSupportedError for a part the card does not declare (a2aproject/a2a-rs #293, PR #278)
S293 = ("https://github.com/a2aproject/a2a-rs/issues/293 (itk: reference agent rejects its own traversal instructions: the card declared "
        "defaultInputModes [\"text/plain\"], the harness sends a raw part with mediaType application/x-protobuf, and 'a SendMessage call "
        "with a raw part and mediaType \"application/x-protobuf\" returns -32005 CONTENT_TYPE_NOT_SUPPORTED')")
RS = "https://itk-rust.example.test"
case("f1290-legal-v10-undeclared-media-type-refused-32005", get_card(0.0, card10(RS + "/jsonrpc"), RS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RS + "/jsonrpc", rpc("rs-1", "SendMessage", {"message": {"messageId": "m-rs-1", "role": "ROLE_USER", "parts": [
        {"raw": "CgVoZWxsbxIDZ28=", "mediaType": "application/x-protobuf"}]}}), ver="1.0"),
    resp(0.21, 200, err("rs-1", -32005, "content type application/x-protobuf is not supported",
                        data=ei("CONTENT_TYPE_NOT_SUPPORTED"))),
], [], S293,
     "legal: the card lists only text/plain among its input modes, and a part of another media type is refused with "
     "ContentTypeNotSupportedError, -32005 with ErrorInfo CONTENT_TYPE_NOT_SUPPORTED (1.0 §3.1.1, §5.4; ERR-002); the agent's card and "
     "its traffic disagreeing is the operator's to fix, the wire is right")
S278 = ("https://github.com/a2aproject/a2a-rs/pull/278 (fix(a2a-server): validate message part content types against defaultInputModes: "
        "'a part whose declared, non-empty media type isn't among the modes ... is rejected with ContentTypeNotSupportedError ... A part "
        "that declares no media type ... is unrestricted')")
case("f1291-legal-v10-raw-part-without-media-type-accepted", get_card(0.0, card10(RS + "/jsonrpc"), RS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", RS + "/jsonrpc", rpc("rs-2", "SendMessage", {"message": {"messageId": "m-rs-2", "role": "ROLE_USER", "parts": [
        {"text": "checksum this"}, {"raw": "aGVsbG8gd29ybGQ=", "filename": "hello.txt"}]}}), ver="1.0"),
    resp(0.5, 200, ok("rs-2", {"task": task10("t-rs-2", "c-rs-2", "TASK_STATE_COMPLETED", artifacts=[art10("a-rs-2", "sha256 b94d27b9")])})),
], [], S278,
     "legal: mediaType on a Part is optional (1.0 §4.1.6), so a raw part that names none is no undeclared media type, and the agent "
     "takes it")

# --- ListTasks cursor paging with a tie on the timestamp (a2aproject/a2a-go PR #136)
S136 = ("https://github.com/a2aproject/a2a-go/pull/136 (feat: taskstore pagination: 'Tasks are now always sorted by the two-tier key: "
        "(last_updated, task_id) (descending). task_id serves as a stable tie-breaker. The NextPageToken is generated by base64Encodeing "
        "the sorting key of the last task on the current page')")
LT = "https://list-agent.example.test"
def lt(tid, ts): return task10(tid, "c-lt", "TASK_STATE_COMPLETED", ts=ts)
TOK = "MjAyNi0wMy0wMlQxMDoxNTowMC4wMDBafHQtbHQtYg=="
case("f1292-legal-v10-list-tasks-cursor-tie-on-timestamp", get_card(0.0, card10(LT + "/a2a"), LT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", LT + "/a2a", rpc("lt-1", "ListTasks", {"contextId": "c-lt", "pageSize": 2}), ver="1.0"),
    resp(0.21, 200, ok("lt-1", {"tasks": [lt("t-lt-c", "2026-03-02T10:15:00.000Z"), lt("t-lt-b", "2026-03-02T10:15:00.000Z")],
                                "nextPageToken": TOK, "pageSize": 2, "totalSize": 3})),
    req(0.4, "POST", LT + "/a2a", rpc("lt-2", "ListTasks", {"contextId": "c-lt", "pageSize": 2, "pageToken": TOK}), ver="1.0"),
    resp(0.41, 200, ok("lt-2", {"tasks": [lt("t-lt-a", "2026-03-02T10:15:00.000Z")], "nextPageToken": "", "pageSize": 2, "totalSize": 3})),
], [], S136,
     "legal: ListTasks pages newest first (1.0 §3.1.4); three tasks updated in the same millisecond are ordered by a stable tie-breaker "
     "(their ids, descending), the cursor is opaque base64, the second page continues after the first without a repeat, and the last "
     "page's nextPageToken is empty")

# --- a push config created without an id (a2aproject/a2a-java #1081)
S1081 = ("https://github.com/a2aproject/a2a-java/issues/1081 ([Bug]: TaskPushNotificationConfig.id is enforced as required, contradicting "
         "the spec where id is optional on create: 'the only required input is url, and the server assigns an ID if none is provided'; "
         "the request paths default an empty id to the task ID)")
JV = "https://java-push.example.test"
cardjv = card10(JV + "/a2a", capabilities=PUSH_ON)
case("f1293-legal-v10-push-config-created-without-id", get_card(0.0, cardjv, JV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JV + "/a2a", rpc("jv-1", "SendMessage", {"message": umsg10("render the video", mid="m-jv-1"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.5, 200, ok("jv-1", {"task": task10("t-jv-1", "c-jv-1", "TASK_STATE_WORKING")})),
    req(0.6, "POST", JV + "/a2a", rpc("jv-2", "CreateTaskPushNotificationConfig", {"taskId": "t-jv-1", "url": "https://client.example.test/hooks/jv"}), ver="1.0"),
    resp(0.61, 200, ok("jv-2", {"id": "t-jv-1", "taskId": "t-jv-1", "url": "https://client.example.test/hooks/jv"})),
    req(0.8, "POST", JV + "/a2a", rpc("jv-3", "GetTaskPushNotificationConfig", {"taskId": "t-jv-1", "id": "t-jv-1"}), ver="1.0"),
    resp(0.81, 200, ok("jv-3", {"id": "t-jv-1", "taskId": "t-jv-1", "url": "https://client.example.test/hooks/jv"})),
], [], S1081,
     "legal: a TaskPushNotificationConfig's id is optional on create (1.0 §3.1.7; proto id not REQUIRED), the agent assigns one and "
     "answers with it (here the task's id, the SDK's default), and the config is read back under that id")

# --- a data part in a streamed artifact (a2aproject/a2a-inspector #23, PR #29)
S23 = ("https://github.com/a2aproject/a2a-inspector/pull/29 (feat: Add Support for DataPart in artifact-update, fixes "
       "a2aproject/a2a-inspector #23: the inspector showed nothing for an artifact update whose part was a data part)")
DP = "https://data-agent.example.test"
case("f1294-legal-v10-stream-artifact-data-part", get_card(0.0, card10(DP + "/a2a", defaultOutputModes=["text/plain", "application/json"]),
                                                           DP + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DP + "/a2a", rpc("dp-1", "SendStreamingMessage", {"message": umsg10("quote EUR/USD", mid="m-dp-1")}), ver="1.0", accept=SSE),
    resp(0.3, 200, "", ctype=SSE),
    chunk(0.31, sse(ok("dp-1", {"task": task10("t-dp-1", "c-dp-1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("dp-1", {"artifactUpdate": {"taskId": "t-dp-1", "contextId": "c-dp-1", "artifact": {
        "artifactId": "a-dp-1", "name": "quote", "parts": [{"data": {"pair": "EUR/USD", "bid": 1.0842, "ask": 1.0844}, "mediaType": "application/json"}]},
        "lastChunk": True}}))),
    chunk(0.6, sse(ok("dp-1", su10("t-dp-1", "c-dp-1", "TASK_STATE_COMPLETED"))), close="eof"),
], [], S23,
     "legal: an artifact update may carry any Part, a data part (structured JSON, with an optional mediaType) among them (1.0 §4.1.6, "
     "§3.2.3); the client's display is its own concern")

# --- SubscribeToTask under GET or POST while the proto and the prose disagree (a2aproject/A2A #1574)
S1574 = ("https://github.com/a2aproject/A2A/issues/1574 ([Bug]: a2a.proto and specification divergence on subscribeToTask: the proto binds "
         "SubscribeToTask to get: \"/tasks/{id=*}:subscribe\", the specification's method table to POST; open, TSC Review; a2aproject/A2A "
         "#1819 and #2063 report the same)")
SB = "https://sub-agent.example.test"
cardsb = card10(SB + "/a2a", binding="HTTP+JSON")
case("f1295-legal-v10-rest-subscribe-get-refused-405-then-post", get_card(0.0, cardsb, SB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SB + "/a2a/message:send", {"message": umsg10("crawl the docs site", mid="m-sb-1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-sb-1", "c-sb-1", "TASK_STATE_WORKING")}),
    req(0.4, "GET", SB + "/a2a/tasks/t-sb-1:subscribe", ver="1.0", accept=SSE),
    resp(0.41, 405, "", ctype="text/plain", hdr={"allow": "POST"}),
    req(0.5, "POST", SB + "/a2a/tasks/t-sb-1:subscribe", ver="1.0", accept=SSE),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.61, sse({"task": task10("t-sb-1", "c-sb-1", "TASK_STATE_WORKING")})),
    chunk(0.9, sse(su10("t-sb-1", "c-sb-1", "TASK_STATE_COMPLETED")), close="eof"),
], [], S1574,
     "legal: A2A's proto binds SubscribeToTask to GET {url}/tasks/{id}:subscribe and its prose (§5.3, §11.3) to POST, so a 1.0 "
     "client may send either, and an agent that serves the one its reading gives may refuse the other 405 Method Not Allowed with "
     "Allow; the client retries with the other method and the agent streams the task")

# --- a client that falls back to a slash route for SubscribeToTask (a2aproject/a2a-rs PR #128)
S128 = ("https://github.com/a2aproject/a2a-rs/pull/128 (fix: fallback to legacy REST subscribe path: 'Improve HTTP+JSON interop for "
        "SubscribeToTask by retrying /tasks/{id}/subscribe when /tasks/{id}:subscribe is not supported')")
case("f1296-v10-rest-client-subscribe-slash-route", get_card(0.0, cardsb, SB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", SB + "/a2a/message:send", {"message": umsg10("transcode the talk", mid="m-sb-2"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.3, 200, {"task": task10("t-sb-2", "c-sb-2", "TASK_STATE_WORKING")}),
    req(0.4, "GET", SB + "/a2a/tasks/t-sb-2:subscribe", ver="1.0", accept=SSE),
    resp(0.41, 405, "", ctype="text/plain", hdr={"allow": "POST"}),
    req(0.5, "GET", SB + "/a2a/tasks/t-sb-2/subscribe", ver="1.0", accept=SSE),
    resp(0.51, 404, "Not Found", ctype="text/plain"),
], [("client-route-wrong-case", "note")], S128,
     "SubscribeToTask on HTTP+JSON is {url}/tasks/{id}:subscribe, a custom method after a colon (1.0 §11.3, proto google.api.http; "
     "CARD-005); on the agent's 405 this client retried {url}/tasks/{id}/subscribe, a slash route no A2A version defines, instead of the "
     "other method on the same route, and the agent's 404 is right")

# --- the extended card served to a caller without credentials (a2aproject/a2a-js #196)
S196 = ("https://github.com/a2aproject/a2a-js/issues/196 ([Feat]: Implement support for getAuthenticatedExtendedAgentCard: 'The current "
        "implementation of the API getAuthenticatedExtendedAgentCard is not in line with the specifications'; the server answered the "
        "extended card route whatever the caller's credentials)")
XC = "https://ext-agent.example.test"
cardxc = card10(XC + "/a2a", capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True},
                securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
extxc = dict(cardxc, skills=cardxc["skills"] + [{"id": "payroll", "name": "Payroll", "description": "Runs the monthly payroll", "tags": ["hr"]}])
case("f1297-v10-extended-card-served-without-credentials", get_card(0.0, cardxc, XC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", XC + "/a2a", rpc("xc-1", "GetExtendedAgentCard", {}), ver="1.0"),
    resp(0.21, 200, ok("xc-1", extxc)),
], [("extended-card-without-auth", "error")], S196,
     "GetExtendedAgentCard MUST be authenticated with a scheme the public card declares (1.0 §3.1.11, AUTH-005; AUTH-002), and a call "
     "without credentials is rejected (401, ERR-006); this agent, whose card requires a bearer token, answered a call that carried no "
     "Authorization with the extended card and its payroll skill, the very part the public card withholds")

write_cases(cases, OUT)
