"""Session-23 field cases of miner mine23a (f301-...): same helpers and output format as gen_cases.py.

Scope: the official SDKs' own trackers and their 1.0 migrations (a2a-python, a2a-js, a2a-java,
a2a-go, a2a-dotnet, a2a-rs): HTTP+JSON error mapping (google.rpc.Status / ErrorInfo, the 1.0.0
problem+json era), push notification config CRUD, tenant paths, the extended card route, and
the 0.3 compat streams. `python3 gen_cases23a.py [NAME ...]` writes `NAME.jsonl` +
`NAME.expect.json` beside this file (`b23a-*` variants into ../variants).
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03

cases = {}
VAR = os.path.join(os.path.dirname(OUT), "variants")
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def card(t, body):
    return [req(t, "GET", A + "/.well-known/agent-card.json"), resp(t + 0.004, 200, body, hdr=CACHE)]
def clone(o):
    return json.loads(json.dumps(o))

# A 1.0 HTTP+JSON card (interface url is the REST base) and a 1.0 JSON-RPC card, both with push.
CARD10R = clone(CARD10)
CARD10R["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
CARD10R["capabilities"]["pushNotifications"] = True
CARD10P = clone(CARD10); CARD10P["capabilities"]["pushNotifications"] = True
A2AJ = {"content-type": "application/a2a+json"}
def ei(reason, **meta):
    d = {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}
    if meta: d["metadata"] = meta
    return [d]
def status(code, st, msg, reason=None, **meta):
    return {"error": {"code": code, "status": st, "message": msg, "details": ei(reason, **meta) if reason else []}}
def rest_send(t, text, mid, ver="1.0", parts=None, now=False):
    m = umsg10(text, mid=mid)
    if parts is not None: m["parts"] = parts
    body = {"message": m}
    if now: body["configuration"] = {"returnImmediately": True}
    return req(t, "POST", A + "/message:send", body, ver=ver, ctype="application/a2a+json", accept="application/a2a+json")
PDF = [{"raw": "JVBERi0xLjQK", "mediaType": "application/pdf", "filename": "q3.pdf"}]

# --- HTTP+JSON error mapping: a2a-dotnet #393 (before and after) ---------------------------------------
case("f301-v10-rest-version-not-supported-500", card(0.0, CARD10R) + [
    rest_send(0.1, "hello", "m-393a", ver="2.0"),
    resp(0.104, 500, {"type": "https://tools.ietf.org/html/rfc9110#section-15.6.1", "title": "VersionNotSupported",
                      "status": 500, "detail": "Protocol version '2.0' is not supported. Supported versions: 1.0"},
         ctype="application/problem+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (before the fix, A2A.AspNetCore answered VersionNotSupported, ExtensionSupportRequired and ExtendedAgentCardNotConfigured with the default 500 of Results.Problem(), an RFC 7807 ProblemDetails body)",
 "VersionNotSupportedError is HTTP 400 FAILED_PRECONDITION with ErrorInfo VERSION_NOT_SUPPORTED (ERR-002, ERR-003, 1.0 §11.6; 400 in 1.0.0 too); 500 says the server broke, so a client never learns to fall back to another version (VER-002). The body is a ProblemDetails without an A2A type URI, neither 1.0.1's google.rpc.Status nor 1.0.0's A2A problem type")

case("f302-v10-rest-content-type-not-supported-422", card(0.0, CARD10R) + [
    rest_send(0.1, "summarise the attachment", "m-393b", parts=PDF),
    resp(0.104, 422, {"type": "https://tools.ietf.org/html/rfc4918#section-11.2", "title": "ContentTypeNotSupported",
                      "status": 422, "detail": "Content type 'application/pdf' is not supported"},
         ctype="application/problem+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (ContentTypeNotSupported: 422 -> 400 Bad Request; REST errors moved from RFC 7807 ProblemDetails to google.rpc.Status with ErrorInfo)",
 "ContentTypeNotSupportedError is HTTP 400 INVALID_ARGUMENT with ErrorInfo CONTENT_TYPE_NOT_SUPPORTED in 1.0.1 (415 in 1.0.0), never 422 (ERR-002, ERR-003); a client that maps statuses to A2A errors reads 422 as nothing it knows, and the body carries no ErrorInfo reason to fall back on")

case("f303-legal-v10-rest-content-type-not-supported-400", card(0.0, CARD10R) + [
    rest_send(0.1, "summarise the attachment", "m-393c", parts=PDF),
    resp(0.104, 400, status(400, "INVALID_ARGUMENT", "Content type 'application/pdf' is not supported by this agent",
                            "CONTENT_TYPE_NOT_SUPPORTED", mediaType="application/pdf"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (after the fix: ContentTypeNotSupported is 400 Bad Request with google.rpc.Status and an ErrorInfo detail)",
 "legal: a part whose media type no input mode of the card lists (defaultInputModes text/plain) is refused with ContentTypeNotSupportedError, HTTP 400 INVALID_ARGUMENT with ErrorInfo CONTENT_TYPE_NOT_SUPPORTED, domain a2a-protocol.org (ERR-002 1.0.1, ERR-003)")

# --- a2a-java #730 / #727: the 1.0.0 problem+json era ----------------------------------------------------
case("f304-v10-rest-version-not-supported-501", card(0.0, CARD10R) + [
    rest_send(0.1, "hello", "m-730", ver="99.0"),
    resp(0.104, 501, {"title": "Version not supported", "status": 501, "detail": "A2A protocol version '99.0' is not supported"},
         ctype="application/problem+json"),
], [("unsupported-version-answered-method-not-found", "warning"), ("rest-error-in-1-0-0-form", "note")],
 "https://github.com/a2aproject/a2a-java/issues/730 (TCK HTTP_JSON-STATUS-001: VersionNotSupportedError came back 501 instead of 400, and the Problem Details body had no type)",
 "VersionNotSupportedError is HTTP 400 FAILED_PRECONDITION in 1.0.1 (ERR-002, VER-002); 1.0.0's gRPC status for it was UNIMPLEMENTED, which AIP-193 maps to 501, so a 1.0.0 agent's 501 is not provably wrong (the TCK quoted §5.4's 400). Told as it is: a warning that 501 reads as 'no such method' to a client that should switch versions, and a note on the problem+json form 1.0.1 replaced")

case("f305-v10-rest-error-body-nonstandard-fields", card(0.0, CARD10R) + [
    req(0.1, "GET", A + "/tasks/t-727-missing", ver="1.0", accept="application/a2a+json"),
    resp(0.104, 404, {"error": "TaskNotFoundError", "message": "Task not found: t-727-missing"}, ctype="application/problem+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-java/issues/727 (TCK HTTP_JSON-ERR-001: the SUT sends Content-Type application/problem+json, but the body uses the non-standard fields error/message, without the type URI)",
 "a 1.0 HTTP+JSON error body is google.rpc.Status {error: {code, status, message, details: [ErrorInfo]}} (ERR-003, 1.0.1 §11.6), or in 1.0.0 an RFC 9457 problem with the A2A type URI; {error: <string>, message} is neither, so no 1.0 client can tell which A2A error this is")

# --- push notification config CRUD ----------------------------------------------------------------------
T630 = task10("t-630", "c-630", "TASK_STATE_WORKING")
case("f306-v10-rest-get-push-config-missing-internal", card(0.0, CARD10R) + [
    rest_send(0.1, "index the archive", "m-630", now=True),
    resp(0.104, 200, {"task": T630}, ctype="application/a2a+json"),
    req(0.2, "GET", A + "/tasks/t-630/pushNotificationConfigs/cfg-unknown", ver="1.0", accept="application/a2a+json"),
    resp(0.204, 500, status(500, "INTERNAL", "Push notification config not found for task t-630 and id cfg-unknown"), ctype="application/a2a+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-js/pull/630 (getTaskPushNotificationConfig threw a bare A2AError for a missing config, which had no transport mapping: REST 500, JSON-RPC -32603; Python answered 404, Go had the same 500 bug)",
 "a Get of a push notification config that does not exist fails (PUSH-003) with the not-found error, TaskNotFoundError: HTTP 404 NOT_FOUND with ErrorInfo TASK_NOT_FOUND (ERR-002, ERR-003); 500 INTERNAL tells the client the server broke and invites a retry of a call that can never succeed")

case("f307-legal-v10-rest-get-push-config-missing-404", card(0.0, CARD10R) + [
    rest_send(0.1, "index the archive", "m-630", now=True),
    resp(0.104, 200, {"task": T630}, ctype="application/a2a+json"),
    req(0.2, "GET", A + "/tasks/t-630/pushNotificationConfigs/cfg-unknown", ver="1.0", accept="application/a2a+json"),
    resp(0.204, 404, status(404, "NOT_FOUND", "Push notification config cfg-unknown not found for task t-630", "TASK_NOT_FOUND"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-js/pull/630 (after the fix: a missing config is 404 with the TASK_NOT_FOUND detail on REST, -32001 on JSON-RPC, as a2a-python answers)",
 "legal: Get fails for a missing config (PUSH-003); 1.0 names no config-not-found error, and TaskNotFoundError (HTTP 404 NOT_FOUND, ErrorInfo TASK_NOT_FOUND) is the not-found answer the SDKs agreed on (ERR-002, ERR-003)")

case("f308-v10-list-push-configs-task-id-empty", card(0.0, CARD10P) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("watch the build", mid="m-682"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://hooks.example.test/a2a", "token": "tok-682"}}}), ver="1.0"),
    resp(0.104, 200, ok("1", {"task": task10("t-682", "c-682", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", A + "/a2a", rpc("2", "ListTaskPushNotificationConfigs", {"taskId": "t-682"}), ver="1.0"),
    resp(0.204, 200, ok("2", {"configs": [{"id": "cfg-682", "taskId": "", "url": "https://hooks.example.test/a2a", "token": "tok-682"}], "nextPageToken": ""})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/682 (sendMessage stored the inline push config under the resolved task without setting config.taskId; Get and List then returned taskId \"\" for a config of a real task)",
 "a TaskPushNotificationConfig names the task it belongs to (task_id is REQUIRED in the 1.0 proto, PUSH-002, PUSH-003); the inline config of a send leaves taskId empty on the way in, and the agent fills in the task it created. A listed config of t-682 with taskId \"\" tells a client that keys configs by task it belongs to no task")

case("f309-v03-list-push-configs-task-id-empty", card(0.0, card03(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("watch the build", mid="m-682b"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": "https://hooks.example.test/a2a", "token": "tok-682"}}})),
    resp(0.104, 200, ok("1", task03("t-682b", "c-682b", "submitted"))),
    req(0.2, "POST", A + "/a2a", rpc("2", "tasks/pushNotificationConfig/list", {"id": "t-682b"})),
    resp(0.204, 200, ok("2", [{"taskId": "", "pushNotificationConfig": {"id": "cfg-682b", "url": "https://hooks.example.test/a2a", "token": "tok-682"}}])),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/682 (the v0.3 path: toCorePushNotificationConfig always emits taskId \"\", so message/send with a push config lists it under taskId \"\")",
 "a 0.3 TaskPushNotificationConfig requires taskId (0.3 schema, PUSH-003): the config listed for t-682b must name t-682b; an empty taskId is a config of no task")

case("f310-v10-rest-create-push-config-path-task-id-refused", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-680", now=True),
    resp(0.104, 200, {"task": task10("t-680", "c-680", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-680/pushNotificationConfigs", {"url": "https://example.test/hook"}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 400, status(400, "INVALID_ARGUMENT", "Task ID is required"), ctype="application/a2a+json"),
], [("rest-push-config-create-body-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/680 (POST /tasks/:taskId/pushNotificationConfigs parsed only the JSON body; req.params.taskId was never copied onto the config, so a body without taskId got 400 'Task ID is required')",
 "the 1.0 proto binds CreateTaskPushNotificationConfig to POST /tasks/{task_id=*}/pushNotificationConfigs with body \"*\" (REST-001, PUSH-002): the task id travels in the path, and a transcoding client may leave it out of the body; refusing that body refuses a well-formed request")

case("f311-legal-v10-rest-delete-unknown-push-config-ok", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-113", now=True),
    resp(0.104, 200, {"task": task10("t-113", "c-113", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "DELETE", A + "/tasks/t-113/pushNotificationConfigs/cfg-typo", ver="1.0", accept="application/a2a+json"),
    resp(0.204, 200, {}, ctype="application/a2a+json"),
], [],
 "https://github.com/alDuncanson/Handler/pull/113 (the ADK server, built on a2a-python, treats deletes as idempotent and reports success for a config that never existed; the client checks by listing first)",
 "legal: Delete of a push notification config is idempotent (PUSH-003, 1.0 §3.1.10), so deleting an id that is not there succeeds with the empty response; only the task must exist (t-113 does)")

# --- 0.3 compat stream: a JSON array instead of SSE ---------------------------------------------------
C03R = card03(A, preferredTransport="HTTP+JSON", capabilities={"streaming": True})
def t03r(tid, cid, state):
    return {"id": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}
case("f312-v03-rest-stream-answered-json-array", card(0.0, C03R) + [
    req(0.1, "POST", A + "/v1/message:stream", {"message": {"messageId": "m-1089", "role": "ROLE_USER", "content": [{"text": "plan the trip"}]}}, accept="text/event-stream"),
    resp(0.104, 200, json.dumps([{"task": t03r("t-1089", "c-1089", "TASK_STATE_SUBMITTED")},
                                 {"statusUpdate": {"taskId": "t-1089", "contextId": "c-1089", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "final": True}}])),
], [("stream-not-event-stream", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1089 ; https://github.com/a2aproject/a2a-python/pull/1091 (without ?alt=sse the Google A2A API answered /v1/message:stream with a JSON array-wrapped stream; the v0.3 compat client failed with protobuf json_format.ParseError)",
 "a 0.3 HTTP+JSON streaming call is answered with Server-Sent Events, each data a StreamResponse (REST-003, RPC-005, 0.3 §3.2.3); the client asked Accept: text/event-stream, and a JSON array of the events (gRPC transcoding's default) is no stream an A2A client reads")

# --- tenant path and the extended card route ------------------------------------------------------------
CARD10T = clone(CARD10R); CARD10T["supportedInterfaces"][0]["tenant"] = "acme"
case("f313-legal-v10-rest-tenant-path-prefix", card(0.0, CARD10T) + [
    req(0.1, "POST", A + "/acme/message:send", {"message": umsg10("hello", mid="m-237")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 200, {"task": task10("t-237", "c-237", "TASK_STATE_COMPLETED")}, ctype="application/a2a+json"),
    req(0.2, "GET", A + "/acme/tasks/t-237", ver="1.0", accept="application/a2a+json"),
    resp(0.204, 200, task10("t-237", "c-237", "TASK_STATE_COMPLETED"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-go/pull/237 (a2aclient attaches the interface's tenant to requests; the REST client transport prepends it to the path, and a2asrv.NewTenantRESTHandler strips it)",
 "legal: on HTTP+JSON the tenant rides in the path, /{tenant}/message:send and /{tenant}/tasks/{id} (the proto's additional_bindings, REST-001); the client sends the interface's declared tenant acme on every call (CARD-008)")

CARD10X = clone(CARD10R)
CARD10X["capabilities"]["extendedAgentCard"] = True
CARD10X["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}
CARD10X["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
EXT = clone(CARD10X); EXT["skills"].append({"id": "admin", "name": "Admin", "description": "Tenant administration", "tags": ["admin"]})
case("f314-legal-v10-rest-extended-card-route", card(0.0, CARD10X) + [
    req(0.1, "GET", A + "/extendedAgentCard", ver="1.0", accept="application/a2a+json", hdr={"authorization": "Bearer tok-769"}),
    resp(0.104, 200, EXT, ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-python/pull/769 (fix: the REST path of Get Extended Agent Card is /extendedAgentCard in 1.0, per the method mapping table §5.3)",
 "legal: the card declares capabilities.extendedAgentCard and a bearer scheme; GET {interface url}/extendedAgentCard with credentials returns the extended AgentCard (AUTH-005, 1.0 §3.1.11, §5.3)")

# --- dual 0.3/1.0 serving: the v0.3 compat adapter's error codes ------------------------------------
case("f315-v03-compat-task-not-found-internal-error", card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "tasks/get", {"id": "task_does_not_exist"})),
    resp(0.104, 200, {"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "Task not found: task_does_not_exist", "data": None}}),
], [("jsonrpc-error-code-mismatch-0x", "warning")],
 "https://github.com/prebid/salesagent/issues/1670 (a2a-sdk 1.0.1 with enable_v0_3_compat: a2a.compat.v0_3.jsonrpc_adapter wraps every typed A2AError in InternalError, so tasks/get of an unknown id answers -32603 'Task not found: ...')",
 "a task the agent does not know is -32001 TaskNotFoundError (ERR-002 0.3, TASK-009); the message says so, but the code says the server broke, so a 0.3 client cannot tell a missing task from a crash and retries. The 1.0 dispatcher of the same SDK maps it right: the fault is the v0.3 compat path of a dual-serving agent")

# --- results and streams the SDK maintainers called right ---------------------------------------------
case("f316-legal-v10-send-executor-failure-failed-task", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("book the flight", mid="m-370")}), ver="1.0"),
    resp(0.104, 200, ok("1", {"task": task10("t-370", "c-370", "TASK_STATE_FAILED",
        status={"state": "TASK_STATE_FAILED", "timestamp": TS, "message": amsg10("The booking service rejected the request.", mid="m-a370", taskId="t-370", contextId="c-370")})})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/370 (asked that executor failures become JSON-RPC errors as in a2a-python; the maintainers, checking the 1.0 reference SDKs: the current behaviour, a result with the failed task, is correct)",
 "legal: a task that fails while the agent works on it is a Task in TASK_STATE_FAILED, explained in status.message (TASK-008, ERR-001: JSON-RPC errors are for requests the agent cannot take, not for work that failed)")

def sse_plain(obj):
    return "data: " + json.dumps(obj, separators=(",", ":")) + "\n\n"
case("f317-legal-v10-stream-without-event-ids", card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("summarise the logs", mid="m-201")}), ver="1.0", accept="text/event-stream"),
    resp(0.104, 200, "", ctype="text/event-stream"),
    chunk(0.11, sse_plain(ok("1", {"task": task10("t-201", "c-201", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse_plain(ok("1", {"statusUpdate": {"taskId": "t-201", "contextId": "c-201", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}))),
    chunk(2.4, sse_plain(ok("1", {"artifactUpdate": {"taskId": "t-201", "contextId": "c-201", "artifact": {"artifactId": "a-201", "parts": [{"text": "3 errors, 12 warnings"}]}, "lastChunk": True}}))),
    chunk(2.5, sse_plain(ok("1", {"statusUpdate": {"taskId": "t-201", "contextId": "c-201", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(2.51, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-rs/issues/201 (a2a-server's SSE events carry no id: field and the stream sends no keep-alive; a2a-go writes both)",
 "legal: SSE event ids and keep-alive comments are optional (WHATWG HTML §9.2; RPC-005 asks only that each data be one JSON-RPC response with the request id); a stream without them is a complete 1.0 task stream (STREAM-003). Resuming by Last-Event-ID is no A2A operation: SubscribeToTask is")

case("f318-legal-v02-send-unknown-task-id-task-not-found", card(0.0, card03(A + "/a2a", protocolVersion="0.2.6")) + [
    req(0.1, "POST", A + "/a2a", rpc("req-373", "message/send", {"message": umsg03("continue", mid="m-373", taskId="66e03ae42698426aa7e7bd66ce886d15")})),
    resp(0.104, 200, err("req-373", -32001, "Task 66e03ae42698426aa7e7bd66ce886d15 was specified but does not exist")),
], [],
 "https://github.com/a2aproject/a2a-python/issues/373 (a2a-sdk 0.2.16 answered -32001 'Task ... was specified but does not exist' to a message naming a task id the client made up; 0.2.6 had let it through; maintainer: create a new task id, you cannot share task ids between agents)",
 "legal: task ids are the server's (0.2 §6.1, ID-001's 0.x reading); a message naming a task the agent never created is answered -32001 TaskNotFoundError (ERR-002 0.2). The report printed the error with id None; this transcript echoes the request id, as the thread is about the code")

# --- variants of the kind fixes -------------------------------------------------------------------------
# K1 (REST-ERROR-001): a 1.0.0-form problem+json A2A error, named by its type URI or its title,
# with an HTTP status neither 1.0.1 nor 1.0.0 gives that error; controls: 1.0.0's own status,
# and a problem whose title names no A2A error.
def prob(status, title, ty=None, detail=None):
    b = {"title": title, "status": status}
    if ty: b["type"] = ty
    if detail: b["detail"] = detail
    return b
case("b23a-K1-v10-rest-problem-type-task-not-found-500", card(0.0, CARD10R) + [
    req(0.1, "GET", A + "/tasks/t-k1-gone", ver="1.0", accept="application/a2a+json"),
    resp(0.104, 500, prob(500, "Task Not Found", "https://a2a-protocol.org/errors/task-not-found", "no task t-k1-gone"), ctype="application/problem+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (kind: a problem+json A2A error whose status is no version's for it; here TaskNotFoundError named by its 1.0.0 type URI, answered 500)",
 "TaskNotFoundError is HTTP 404 in 1.0.0 and 1.0.1 (ERR-002); the 1.0.0 type URI names it, and 500 tells the client the server broke")
case("b23a-K1-v10-rest-problem-title-not-cancelable-500", card(0.0, CARD10R) + [
    rest_send(0.1, "index the archive", "m-k1c", now=True),
    resp(0.104, 200, {"task": task10("t-k1c", "c-k1c", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-k1c:cancel", {}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 500, prob(500, "TaskNotCancelableError", detail="Task t-k1c cannot be canceled while its tool call is running"), ctype="application/problem+json"),
], [("rest-error-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (kind: the error named by the problem's title only, as A2A.AspNetCore's Results.Problem() did; TaskNotCancelableError answered with the default 500)",
 "TaskNotCancelableError is HTTP 400 in 1.0.1 and 409 in 1.0.0 (ERR-002, TASK-003), never 500; the task was working, so the refusal itself may be right, its status is not")
case("b23a-K1-legal-v10-rest-problem-content-type-415", card(0.0, CARD10R) + [
    rest_send(0.1, "summarise the attachment", "m-k1d", parts=PDF),
    resp(0.104, 415, prob(415, "Content Type Not Supported", "https://a2a-protocol.org/errors/content-type-not-supported"), ctype="application/problem+json"),
], [],
 "https://github.com/a2aproject/a2a-java/issues/730 (control: the 1.0.0 table's status for ContentTypeNotSupportedError, 415, in the 1.0.0 problem+json form)",
 "legal: 1.0.0's form and status for ContentTypeNotSupportedError (ERR-002, DIGEST traps 2 and 10); only REST-ERROR-002's note on the 1.0.1 form")
case("b23a-K1-legal-v10-rest-problem-generic-500", card(0.0, CARD10R) + [
    rest_send(0.1, "hello", "m-k1e"),
    resp(0.104, 500, prob(500, "An error occurred while processing your request.", "https://tools.ietf.org/html/rfc9110#section-15.6.1"), ctype="application/problem+json"),
], [],
 "https://github.com/a2aproject/a2a-dotnet/pull/393 (control: a generic server failure in the ProblemDetails form names no A2A error)",
 "legal as to the status: a 500 whose problem names no A2A error is an internal error, which may be 500 (ERR-001); only the note on the 1.0.1 form")

# K2 (DATA-SHAPE-001): a push config answered for a named task with taskId "".
case("b23a-K2-v10-get-push-config-task-id-empty", card(0.0, CARD10P) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("watch the build", mid="m-k2a"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://hooks.example.test/a2a"}}}), ver="1.0"),
    resp(0.104, 200, ok("1", {"task": task10("t-k2a", "c-k2a", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", A + "/a2a", rpc("2", "GetTaskPushNotificationConfig", {"taskId": "t-k2a", "id": "cfg-k2a"}), ver="1.0"),
    resp(0.204, 200, ok("2", {"id": "cfg-k2a", "taskId": "", "url": "https://hooks.example.test/a2a"})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/682 (Get returned taskId \"\" for the inline config of a real task)",
 "the config got for t-k2a names no task (PUSH-002, PUSH-003): the agent stored the send's inline config without the task it created")
case("b23a-K2-v10-rest-create-push-config-answered-task-id-empty", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-k2b", now=True),
    resp(0.104, 200, {"task": task10("t-k2b", "c-k2b", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-k2b/pushNotificationConfigs", {"url": "https://hooks.example.test/a2a"}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 200, {"id": "cfg-k2b", "taskId": "", "url": "https://hooks.example.test/a2a"}, ctype="application/a2a+json"),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/680 (the REST create read the body alone; a body without taskId produced a config without one)",
 "Create returns the stored config with the task it belongs to (PUSH-003): the path names t-k2b, and the answer's taskId \"\" names none")
case("b23a-K2-legal-v10-list-push-configs-task-id-filled", card(0.0, CARD10P) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("watch the build", mid="m-k2c"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://hooks.example.test/a2a"}}}), ver="1.0"),
    resp(0.104, 200, ok("1", {"task": task10("t-k2c", "c-k2c", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", A + "/a2a", rpc("2", "ListTaskPushNotificationConfigs", {"taskId": "t-k2c"}), ver="1.0"),
    resp(0.204, 200, ok("2", {"configs": [{"id": "cfg-k2c", "taskId": "t-k2c", "url": "https://hooks.example.test/a2a"}], "nextPageToken": ""})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/682 (control: the fixed behaviour, config.taskId === task.id)",
 "legal: the inline config of the send is listed under the task the send created (PUSH-002, PUSH-003)")

# K3 (PUSH-CFG-007, 1.0): a create whose body leaves taskId to the path, refused; controls: a
# refusal about the webhook itself, and a body whose taskId names another task than the path.
case("b23a-K3-v10-rest-create-push-config-missing-field-refused", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-k3a", now=True),
    resp(0.104, 200, {"task": task10("t-k3a", "c-k3a", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-k3a/pushNotificationConfigs", {"url": "https://hooks.example.test/a2a", "token": "tok-k3a"}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 400, status(400, "INVALID_ARGUMENT", "Missing required field: taskId"), ctype="application/a2a+json"),
], [("rest-push-config-create-body-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/680 (kind: the body read alone, in another SDK's wording)",
 "the path names the task (REST-001, PUSH-002: body \"*\" of post /tasks/{task_id=*}/pushNotificationConfigs); a body without taskId is complete")
case("b23a-K3-legal-v10-rest-create-push-config-url-refused", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-k3b", now=True),
    resp(0.104, 200, {"task": task10("t-k3b", "c-k3b", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-k3b/pushNotificationConfigs", {"url": "http://hooks.example.test/a2a"}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 400, status(400, "INVALID_ARGUMENT", "Webhook URL must use https"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-js/issues/680 (control: a refusal that speaks of the webhook itself)",
 "legal: an agent may refuse a webhook url it will not call (PUSH-006: HTTPS webhooks, SSRF checks); the refusal is about the url, not the task id")
case("b23a-K3-legal-v10-rest-create-push-config-body-names-other-task", card(0.0, CARD10R) + [
    rest_send(0.1, "watch the build", "m-k3c", now=True),
    resp(0.104, 200, {"task": task10("t-k3c", "c-k3c", "TASK_STATE_WORKING")}, ctype="application/a2a+json"),
    req(0.2, "POST", A + "/tasks/t-k3c/pushNotificationConfigs", {"taskId": "t-other", "url": "https://hooks.example.test/a2a"}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.204, 400, status(400, "INVALID_ARGUMENT", "taskId in the body does not match the path"), ctype="application/a2a+json"),
], [],
 "https://github.com/a2aproject/a2a-js/issues/680 (control: a body whose taskId contradicts the path)",
 "legal: the client named two tasks (t-k3c in the path, t-other in the body); refusing the conflict with InvalidArgument is right (ERR-006)")

from casewriter import write_cases
write_cases(cases, OUT, route=lambda name: VAR if name.startswith("b23a-") else OUT)
