"""Session-21 field cases of miner mine21b (f227-...): same helpers and output format as gen_cases.py.

Scope by topic: push notifications (webhook bodies and headers, config CRUD), authentication,
extensions, multi-tenancy, ListTasks, SubscribeToTask, cancel, file and data parts, gRPC.
`python3 gen_cases21b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...

cases = {}
VAR = os.path.join(os.path.dirname(OUT), "variants")
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}

WH = "https://client.example.test/a2a/webhook"

# --- push notification bodies ------------------------------------------------------------------
case("f227-v10-push-status-update-final-flag", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("summarise the report"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WH, "token": "tok-811"}}}), ver="1.0"),
    resp(0.004, 200, ok("1", {"task": task10("t-811", "c-811", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", WH, {"statusUpdate": {"taskId": "t-811", "contextId": "c-811", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}, "final": False}},
        ctype="application/a2a+json", hdr={"x-a2a-notification-token": "tok-811"}),
    resp(1.004, 200, ""),
    req(2.0, "POST", WH, {"statusUpdate": {"taskId": "t-811", "contextId": "c-811", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "final": True}},
        ctype="application/a2a+json", hdr={"x-a2a-notification-token": "tok-811"}),
    resp(2.004, 200, ""),
], [("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/a2a-java/issues/811 (TCK PUSH-DELIVER-003: the webhook statusUpdate payload carries a final field that TaskStatusUpdateEvent does not define; schema validation fails on every transport)",
 "a 1.0 webhook body is a StreamResponse (PUSH-004, 1.0 §4.3.3); the 1.0 TaskStatusUpdateEvent has taskId, contextId, status and metadata, no final (STREAM-007, DATA-001): the flag is the 0.3 member carried into a 1.0 payload. A warning, as for the stream form (f99): a lenient receiver ignores unknown members (DATA-003), a schema-validating one refuses the notification")

case("f228-v10-push-body-bare-03-task", [
    req(0.0, "POST", A + "/a2a", rpc("1", "CreateTaskPushNotificationConfig", {"taskId": "t-491", "url": WH, "token": "tok-491"}), ver="1.0"),
    resp(0.004, 200, ok("1", {"id": "cfg-491", "taskId": "t-491", "url": WH, "token": "tok-491"})),
    req(2.0, "POST", WH, {"id": "t-491", "contextId": "c-491", "status": {"state": "completed", "timestamp": "2025-11-27T11:52:51.319262Z"},
                          "artifacts": [], "history": [], "kind": "task"},
        hdr={"x-a2a-notification-token": "tok-491"}),
    resp(2.004, 200, ""),
], [("push-payload-invalid-shape", "error"), ("task-state-invalid", "error"), ("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/a2a-java/issues/491 (the push payload is the bare content of a task with kind and a lowercase state, not wrapped in a StreamResponse)",
 "a 1.0 webhook body is a StreamResponse with exactly one of task, message, statusUpdate, artifactUpdate (PUSH-004, 1.0 §4.3.3); the bare 0.3 Task (kind:task, state completed) is none of them, so a 1.0 receiver finds no event in it (DATA-001)")

case("f229-legal-v03-push-status-update-event", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("translate the file"),
        "configuration": {"acceptedOutputModes": ["text/plain"], "blocking": False, "pushNotificationConfig": {"url": WH, "token": "tok-624"}}})),
    resp(0.004, 200, ok("1", task03("t-624", "c-624", "submitted"))),
    req(1.0, "POST", WH, {"kind": "status-update", "taskId": "t-624", "contextId": "c-624", "status": {"state": "working", "timestamp": TS}, "final": False},
        hdr={"x-a2a-notification-token": "tok-624"}),
    resp(1.004, 200, ""),
    req(2.0, "POST", WH, {"kind": "status-update", "taskId": "t-624", "contextId": "c-624", "status": {"state": "completed", "timestamp": TS}, "final": True},
        hdr={"x-a2a-notification-token": "tok-624"}),
    resp(2.004, 200, ""),
], [],
 "https://github.com/a2aproject/a2a-js/issues/624 ; https://github.com/a2aproject/a2a-js/pull/658 (a2a-js 1.x pushed bare TaskStatusUpdateEvent bodies to v0.3 webhooks; v0.3.14 posted the full Task, receivers built on it broke)",
 "odd but legal on 0.3: the 0.x push payload is not fixed by the spec (PUSH-005: it SHOULD identify the task and its state; the 0.3 §9.5 example posts the Task, but no text requires it). A 0.3 status-update event with kind, taskId, contextId and status identifies both, and carries the configured token. The a2a-js fix restores the older receivers' expectation; a verifier must not call either body wrong")

# --- ListTasks over HTTP+JSON ------------------------------------------------------------------
def t10h(tid, cid, state, hist):
    return task10(tid, cid, state, history=hist)
H1 = [umsg10("first question", mid="m-1", taskId="t-1", contextId="c-1"), amsg10("first answer", mid="m-2", taskId="t-1", contextId="c-1")]
H2 = [umsg10("second question", mid="m-3", taskId="t-2", contextId="c-1"), amsg10("second answer", mid="m-4", taskId="t-2", contextId="c-1")]
case("f230-v10-rest-list-tasks-history-length-0-ignored", [
    req(0.0, "GET", A + "/tasks?contextId=c-1&historyLength=0&pageSize=10", ver="1.0", accept="application/a2a+json"),
    resp(0.004, 200, {"tasks": [t10h("t-2", "c-1", "TASK_STATE_COMPLETED", H2), t10h("t-1", "c-1", "TASK_STATE_COMPLETED", H1)],
                      "nextPageToken": "", "pageSize": 10, "totalSize": 2}, ctype="application/a2a+json"),
], [("history-length-exceeded", "error")],
 "https://github.com/a2aproject/a2a-js/issues/679 ; https://github.com/a2aproject/a2a-js/pull/685 (RestTransportHandler.listTasks read historyLength with a truthy Number(): historyLength=0 became undefined and the full history came back)",
 "historyLength 0 asks for no history (DATA-006, 1.0 §3.2.4: 0 omits history, N never more than N); each listed task carries two messages. The query parameter is the REST form of ListTasksRequest.historyLength (REST-001)")

case("f231-v10-rest-list-tasks-page-size-not-a-number-accepted", [
    req(0.0, "GET", A + "/tasks?pageSize=abc", ver="1.0", accept="application/a2a+json"),
    resp(0.004, 200, {"tasks": [], "nextPageToken": "", "pageSize": 0, "totalSize": 3}, ctype="application/a2a+json"),
], [("request-param-invalid-accepted", "error"), ("list-tasks-paging-broken", "error")],
 "https://github.com/a2aproject/a2a-js/pull/685 (pageSize=abc became NaN; the range check is false for NaN, so the store sliced nothing and answered an empty page with HTTP 200)",
 "pageSize is an int32 in ListTasksRequest; on the HTTP+JSON binding its query form must be an integer (REST-001) in 1..100, and a malformed parameter is refused with 400 INVALID_ARGUMENT (ERR-006: validate input first). The agent answered 200 with no tasks while totalSize says three exist, so the client reads 'nothing here'. The empty last page under totalSize 3 is the same fault seen from paging (DATA-007)")

# --- push config CRUD --------------------------------------------------------------------------
case("f232-legal-v10-delete-unknown-push-config-succeeds", [
    req(0.0, "POST", A + "/a2a", rpc("1", "ListTaskPushNotificationConfigs", {"taskId": "t-113", "pageSize": 50}), ver="1.0"),
    resp(0.004, 200, ok("1", {"configs": [{"id": "cfg-a", "taskId": "t-113", "url": WH}], "nextPageToken": ""})),
    req(0.1, "POST", A + "/a2a", rpc("2", "DeleteTaskPushNotificationConfig", {"taskId": "t-113", "id": "cfg-typo"}), ver="1.0"),
    resp(0.104, 200, ok("2", {})),
], [],
 "https://github.com/alDuncanson/Handler/pull/113 (the ADK server treats deletes as idempotent and reports success for a config that never existed; the client lists first to catch a mistyped id)",
 "legal: Delete Push Notification Config is idempotent (PUSH-003, 1.0 §3.1.10), so deleting an id the task never had may succeed with Empty; only Get must fail for a missing config. The client-side check is the client's choice, not a protocol requirement")

# --- tenant ------------------------------------------------------------------------------------
card_ten = json.loads(json.dumps(CARD10)); card_ten["supportedInterfaces"][0]["tenant"] = "acme"
card_noten = json.loads(json.dumps(CARD10)); card_noten["supportedInterfaces"][0]["tenant"] = ""
case("f233-v10-client-tenant-overrides-declared", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ten, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hi"), "tenant": "globex"}), ver="1.0"),
    resp(0.104, 200, ok("1", {"message": amsg10("hello", contextId="c-g1")})),
], [("interface-tenant-not-sent", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/199 ; https://github.com/a2aproject/a2a-rs/pull/200 (the declared tenant must win: a client that fills it only when the caller left it unset still sends the caller's other tenant)",
 "CARD-008 (1.0 §8.3.2): the client sets tenant in every request to exactly the value the selected interface declares; this request names another tenant, so it reaches another tenant's partition")

case("f234-legal-v10-interface-tenant-empty-not-sent", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_noten, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.104, 200, ok("1", {"message": amsg10("hello", contextId="c-200")})),
], [],
 "https://github.com/a2aproject/a2a-rs/pull/200 (an empty string is proto3's default for an unset field, so it means 'not declared', not a tenant named \"\")",
 "legal: AgentInterface.tenant \"\" is the ProtoJSON default of an unset field; the interface declares no tenant, so the client sends none (CARD-008 applies to a non-empty tenant, 1.0 §8.3.2)")

# --- extensions --------------------------------------------------------------------------------
EXT = "https://ggcode.dev/a2a/ext/workspace/v1"
card_ext = json.loads(json.dumps(CARD10)); card_ext["capabilities"]["extensions"] = [{"uri": EXT, "description": "shared workspace", "required": True}]
case("f235-v10-required-extension-unsupported-operation", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("open the workspace")}), ver="1.0"),
    resp(0.104, 200, err("1", -32004, "required extension not activated: " + EXT)),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/topcheer/ggcode/pull/2483 (extension negotiation: a required extension the client did not activate is refused with -32004 UnsupportedOperation, the missing URIs in data)",
 "EXT-002 (1.0 §3.3.4): a card-required extension the request does not activate is refused with ExtensionSupportRequiredError, -32008 (ERR-002); -32004 tells the client the operation is unsupported, so it never learns that sending A2A-Extensions would work. The refusal itself is right. The PR's data member is left out (its shape is not in the thread)")

def rest_err(code, status, reason, msg):
    return {"error": {"code": code, "status": status, "message": msg,
                      "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}}
card_ext_rest = json.loads(json.dumps(card_ext)); card_ext_rest["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("b21b-E1-v10-rest-required-extension-unsupported-operation", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext_rest, hdr=CACHE),
    req(0.1, "POST", A + "/message:send", {"message": umsg10("open the workspace")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(0.104, 400, rest_err(400, "FAILED_PRECONDITION", "UNSUPPORTED_OPERATION", "required extension not activated: " + EXT), ctype="application/a2a+json"),
], [("rest-error-shape", "error")],
 "mine21b E1, HTTP+JSON twin of f235 (https://github.com/topcheer/ggcode/pull/2483)",
 "the refusal names the required extension the request did not activate, but its ErrorInfo reason is UNSUPPORTED_OPERATION: EXT-002 wants EXTENSION_SUPPORT_REQUIRED (ERR-002, ERR-003)")

case("b21b-E1-legal-v10-required-extension-missing-other-refusal", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("more", taskId="t-gone")}), ver="1.0"),
    resp(0.104, 200, err("1", -32001, "Task t-gone not found")),
], [],
 "mine21b E1 control for f235 (https://github.com/topcheer/ggcode/pull/2483)",
 "the request lacks the required extension, but the agent refused it for an unknown taskId (-32001, its message says so, ID-001): an agent may check the task first; the check of f235 only reads a refusal whose words name an extension")

case("b21b-E1-legal-v10-required-extension-refused-32008", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_ext, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("open the workspace")}), ver="1.0"),
    resp(0.104, 200, err("1", -32008, "required extension not activated: " + EXT)),
], [],
 "mine21b E1 control for f235 (https://github.com/topcheer/ggcode/pull/2483)",
 "the same refusal with -32008 ExtensionSupportRequiredError is what EXT-002 asks for")

# --- authentication ----------------------------------------------------------------------------
from casewriter import card03
GKEY = {"securitySchemes": {"google": {"type": "apiKey", "in": "header", "name": "X-Goog-Api-Key"}}, "security": [{"google": []}]}
case("f236-v03-client-api-key-header-hardcoded", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card03(A + "/a2a", **GKEY), hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("hi")}), hdr={"x-api-key": "AIzaSyD-example-key-0001"}),
    resp(0.104, 401, {"error": {"code": 401, "message": "API key not valid. Please pass a valid API key.", "status": "UNAUTHENTICATED"}},
         hdr={"www-authenticate": 'ApiKey header="X-Goog-Api-Key"'}),
], [("client-credential-not-as-declared", "error")],
 "https://github.com/topcheer/ggcode/issues/1458 (the A2A client's auth negotiation only checks the scheme type: an apiKey credential is always sent as a hard-coded X-API-Key header, so a card declaring {type: apiKey, name: X-Goog-Api-Key, in: header} gets HTTP 401 on the first call)",
 "AUTH-002 / AUTH-001: a request authenticates as the card's security schemes say; the 0.3 apiKey scheme names the header (X-Goog-Api-Key), and the client put the key in X-API-Key, which the agent does not read, so the agent rightly answered 401. The agent is not at fault. ggcode's own server reads X-API-Key too, which hid the bug between ggcode peers")

BEARER = {"authorization": "Bearer sk-live-0123456789abcdef"}
card_qkey = json.loads(json.dumps(CARD10))
card_qkey["securitySchemes"] = {"key": {"apiKeySecurityScheme": {"location": "query", "name": "key"}}}
card_qkey["securityRequirements"] = [{"schemes": {"key": {"list": []}}}]
case("b21b-A1-v10-client-bearer-for-query-api-key", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_qkey, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hi")}), ver="1.0", hdr=BEARER),
    resp(0.104, 401, {"error": {"code": 401, "message": "missing API key", "status": "UNAUTHENTICATED"}}, hdr={"www-authenticate": 'ApiKey query="key"'}),
], [("client-credential-not-as-declared", "error")],
 "mine21b A1, 1.0 twin of f236 (https://github.com/topcheer/ggcode/issues/1458: a scheme with in: query cannot be met by any header)",
 "the 1.0 card's apiKeySecurityScheme puts the key in the query parameter key; the client sent it as Authorization: Bearer, so the agent refused it (AUTH-002, AUTH-001)")

card_hkey = json.loads(json.dumps(CARD10))
card_hkey["securitySchemes"] = {"gw": {"apiKeySecurityScheme": {"location": "header", "name": "X-Goog-Api-Key"}}}
card_hkey["securityRequirements"] = [{"schemes": {"gw": {"list": []}}}]
case("b21b-A1-legal-v10-declared-header-wrong-value", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_hkey, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hi")}), ver="1.0", hdr={"x-goog-api-key": "expired-key", "x-api-key": "expired-key"}),
    resp(0.104, 401, {"error": {"code": 401, "message": "API key expired", "status": "UNAUTHENTICATED"}}, hdr={"www-authenticate": 'ApiKey header="X-Goog-Api-Key"'}),
], [],
 "mine21b A1 control for f236 (https://github.com/topcheer/ggcode/issues/1458)",
 "the client sent the key in the header the card names (and a spare copy under another name): the agent refused its value, which is no protocol fault of either peer")

case("b21b-A1-legal-v03-challenge-then-declared-header", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card03(A + "/a2a", **GKEY), hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("hi")})),
    resp(0.104, 401, {"error": {"code": 401, "message": "API key required", "status": "UNAUTHENTICATED"}}, hdr={"www-authenticate": 'ApiKey header="X-Goog-Api-Key"'}),
    req(0.2, "POST", A + "/a2a", rpc("2", "message/send", {"message": umsg03("hi", mid="msg-0002")}), hdr={"x-goog-api-key": "AIzaSyD-example-key-0001"}),
    resp(0.204, 200, ok("2", amsg03("hello", contextId="c-1"))),
], [],
 "mine21b A1 control for f236 (https://github.com/topcheer/ggcode/issues/1458)",
 "a first call without any credential, answered 401 with a challenge, then the declared header: the ordinary HTTP authentication round trip (AUTH-003), nothing sent in the wrong place")

# --- cancel ------------------------------------------------------------------------------------
case("f237-v10-cancel-returns-working-never-canceled", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("write the quarterly report"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok("1", {"task": task10("t-1170", "c-1170", "TASK_STATE_WORKING")})),
    req(1.0, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-1170"}), ver="1.0"),
    resp(1.004, 200, ok("2", task10("t-1170", "c-1170", "TASK_STATE_WORKING"))),
    req(5.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-1170"}), ver="1.0"),
    resp(5.004, 200, ok("3", task10("t-1170", "c-1170", "TASK_STATE_WORKING"))),
    req(30.0, "POST", A + "/a2a", rpc("4", "GetTask", {"id": "t-1170"}), ver="1.0"),
    resp(30.004, 200, ok("4", task10("t-1170", "c-1170", "TASK_STATE_WORKING"))),
], [("cancel-not-effective", "warning")],
 "https://github.com/a2aproject/a2a-python/issues/1170 (DefaultRequestHandlerV2: a mid-run cancel returned WORKING and later get_task stayed WORKING forever; the producer was cancelled before the executor could write the terminal state)",
 "Cancel Task returns the updated task and the cancellation takes the task to TASK_STATE_CANCELED (TASK-003, 1.0 §3.1.5); here the cancel succeeded, yet neither its result nor any later read ever shows the task canceled, so a client that cancelled cannot stop polling. A warning: an agent may finish cancelling after the recording ends")

case("f238-v10-cancel-input-required-no-effect", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("book a table")}), ver="1.0"),
    resp(0.004, 200, ok("1", {"task": task10("t-1171", "c-1171", "TASK_STATE_INPUT_REQUIRED",
        ts=TS)})),
    req(1.0, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-1171"}), ver="1.0"),
    resp(1.004, 200, ok("2", task10("t-1171", "c-1171", "TASK_STATE_INPUT_REQUIRED"))),
    req(2.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-1171"}), ver="1.0"),
    resp(2.004, 200, ok("3", task10("t-1171", "c-1171", "TASK_STATE_INPUT_REQUIRED"))),
], [("cancel-acknowledged-no-effect", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1170 (path 2: a task parked in INPUT_REQUIRED; cancel reported success with the task still INPUT_REQUIRED and left it unchanged)",
 "a task waiting for its client is not terminal, so it is cancelable (TASK-003, 1.0 §3.1.5): the agent either cancels it (TASK_STATE_CANCELED) or refuses with TaskNotCancelableError; answering success with the unchanged task and keeping it INPUT_REQUIRED acknowledges a cancel that had no effect")

# --- push config reads and webhook verification -------------------------------------------------
CFG = {"id": "cfg-1681", "taskId": "t-1681", "url": WH, "token": "tok-1681", "authentication": {"scheme": "Bearer", "credentials": "wh-secret-1681"}}
case("f243-legal-v10-push-config-read-returns-credentials", [
    req(0.0, "POST", A + "/a2a", rpc("1", "CreateTaskPushNotificationConfig", {"taskId": "t-1681", "url": WH, "token": "tok-1681",
        "authentication": {"scheme": "Bearer", "credentials": "wh-secret-1681"}}), ver="1.0"),
    resp(0.004, 200, ok("1", CFG)),
    req(0.1, "POST", A + "/a2a", rpc("2", "GetTaskPushNotificationConfig", {"taskId": "t-1681", "id": "cfg-1681"}), ver="1.0"),
    resp(0.104, 200, ok("2", CFG)),
    req(0.2, "POST", A + "/a2a", rpc("3", "ListTaskPushNotificationConfigs", {"taskId": "t-1681"}), ver="1.0"),
    resp(0.204, 200, ok("3", {"configs": [CFG], "nextPageToken": ""})),
], [],
 "https://github.com/a2aproject/A2A/issues/1681 (Get/List of push notification configs return the stored authentication.credentials); https://github.com/a2aproject/A2A/pull/1750 (open: would make redaction a MUST)",
 "legal under 1.0.1: PUSH-003 only asks that Get return the config and List the live ones; no text of v1.0.1 requires redacting credentials on read (the redaction MUST is an open proposal, A2A #1988). The credentials go back to the client that set them over an authenticated call; a verifier must not call this a protocol fault")

case("f244-legal-v10-webhook-verification-get", [
    req(0.0, "POST", A + "/a2a", rpc("1", "CreateTaskPushNotificationConfig", {"taskId": "t-210", "url": WH,
        "authentication": {"scheme": "Bearer", "credentials": "cb-secret-210"}}), ver="1.0"),
    resp(0.004, 200, ok("1", {"id": "cfg-210", "taskId": "t-210", "url": WH, "authentication": {"scheme": "Bearer"}})),
    req(0.05, "GET", WH + "?validationToken=vt-8c1f", hdr={"authorization": "Bearer cb-secret-210"}),
    resp(0.054, 200, "vt-8c1f", ctype="text/plain"),
    req(2.0, "POST", WH, {"statusUpdate": {"taskId": "t-210", "contextId": "c-210", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        ctype="application/a2a+json", hdr={"authorization": "Bearer cb-secret-210"}),
    resp(2.004, 200, ""),
], [],
 "https://github.com/a2aproject/a2a-python/issues/210 (the push notification topic suggests the server verify the client's webhook with a GET or OPTIONS request carrying Authorization before sending notifications)",
 "legal: the topic on push notifications (streaming-and-async.md, server security) lets an agent verify a webhook URL, e.g. with a GET challenge the receiver echoes, before any notification; that GET is no notification, so PUSH-004's 'POST one StreamResponse' is not broken. The notification itself is a POST of one StreamResponse with the configured credentials")

# --- file parts ---------------------------------------------------------------------------------
card_rest03 = card03(A, preferredTransport="HTTP+JSON", defaultOutputModes=["text/plain", "text/html"])
TASK1083 = {"id": "t-1083", "contextId": "c-1083", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
            "artifacts": [{"artifactId": "html-report", "name": "report.html",
                           "parts": [{"file": {"fileWithUri": "https://files.example.test/report.html", "mimeType": "text/html", "name": "report.html"}}]}]}
case("f245-legal-v03-rest-file-part-name", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card_rest03, hdr=CACHE),
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-1083", "role": "ROLE_USER", "content": [{"text": "make the report"}]}}),
    resp(0.104, 200, {"task": {"id": "t-1083", "contextId": "c-1083", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}),
    req(2.0, "GET", A + "/v1/tasks/t-1083"),
    resp(2.004, 200, TASK1083),
], [],
 "https://github.com/a2aproject/a2a-java/issues/1083 (the v0.3 HTTP+JSON client failed on GetTask with 'Cannot find field: name in message a2a.v1.FilePart' when an artifact's file carried a name)",
 "legal for the agent: the 0.3 FileBase has an optional name (0.3 schema), and 0.3 REST bodies are the JSON-RPC objects in ProtoJSON form, 'structurally equivalent' (REST-003); the v0.3.0 proto's FilePart lacks name, so a strict protobuf parser refuses it, but unknown members are the reader's to ignore (DATA-003 spirit, DIGEST §0.1). The fault is the client's strict parser, which no wire rule of the agent's can name")

# --- A2A-Version validation ---------------------------------------------------------------------
case("f246-v10-minor-version-1-5-processed", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD10, hdr=CACHE),
    req(0.1, "POST", A + "/a2a", rpc("1", "GetTask", {"id": "t-1204"}), ver="1.5"),
    resp(0.104, 200, ok("1", task10("t-1204", "c-1204", "TASK_STATE_COMPLETED"))),
], [("version-header-not-enforced", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1204 (validate_version compares only the major version, so A2A-Version 1.5 passes for a 1.0 interface; the maintainer agreed it diverges from the spec)",
 "agents process a request with the semantics of the requested Major.Minor and refuse a version the interface does not support with VersionNotSupportedError (VER-002, 1.0 §3.6.2); A2A has no 1.5 and the card offers 1.0 only, yet the call was served as if 1.5 were 1.0")

VNS = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]
case("f247-v10-version-query-parameter-ignored", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD10, hdr=CACHE),
    req(0.1, "POST", A + "/a2a?A2A-Version=1.0", rpc("1", "SendMessage", {"message": umsg10("hi")})),
    resp(0.104, 200, err("1", -32009, "Version 0.3 is not supported", VNS)),
], [("card-version-method-mismatch", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1204 (the A2A-Version query parameter is ignored: only the header is read, so a request naming 1.0 in the query is taken as 0.3)",
 "a client MAY give the version as the A2A-Version request parameter instead of the header (VER-001, 1.0 §3.6.1); the agent read no header, took the call as 0.3 and refused it, although the call asked for 1.0, the version its card declares (VER-002)")

# --- gRPC (native recordings: protobuf bodies base64, trailers on exchange_end) -----------------
import base64, urllib.parse
from grpcwriter import _varint, pb_str, pb_int, frame, b64, pb_task, pb_status  # the shared protobuf writer
def pb_msg10(text, mid="msg-0001"): return pb_str(1, mid) + pb_int(4, 1) + pb_str(5, pb_str(1, text))
GRPC_HOST = "http://agent.example.test:50051"
def grpc_card():
    c = json.loads(json.dumps(CARD10)); c["supportedInterfaces"] = [{"url": "agent.example.test:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]
    return c
def native(calls, card=None):
    """calls: (method, metadata dict, request message bytes, response message bytes or None, grpc-status, grpc-message, details bytes or None)."""
    out = [{"type": "recording", "format": 1, "tool": {"name": "mine21b-grpcgen", "version": "1"}, "startedAt": "2026-08-01T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": GRPC_HOST}], "redacted": False},
           {"seq": 1, "t_us": 1000, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"}]
    seq = 2; t = 2000; n = 0
    def ev(**kw):
        nonlocal seq, t
        d = {"seq": seq, "t_us": t}; d.update(kw); out.append(d); seq += 1; t += 1000
    if card is not None:
        n += 1; e = "e%d" % n; body = json.dumps(card)
        ev(exchange=e, type="request_head", conn=1, method="GET", url="http://agent.example.test/.well-known/agent-card.json", version="HTTP/1.1",
           headers=[["accept", "application/json"]], upstream="http://agent.example.test/.well-known/agent-card.json")
        ev(exchange=e, type="response_head", status=200, version="HTTP/1.1", headers=[["content-type", "application/json"], ["cache-control", "public, max-age=300"], ["etag", '"card-v1"']])
        ev(exchange=e, type="response_chunk", body=body)
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
    for method, md, reqmsg, respmsg, code, gmsg, details in calls:
        n += 1; e = "e%d" % n
        url = GRPC_HOST + "/lf.a2a.v1.A2AService/" + method
        hdrs = [["content-type", "application/grpc"], ["te", "trailers"]] + [[k, v] for k, v in md.items()]
        ev(exchange=e, type="request_head", conn=1, method="POST", url=url, version="HTTP/2.0", headers=hdrs, upstream=url)
        rb = frame(reqmsg); ev(exchange=e, type="request_body", body=b64(rb), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            sb = frame(respmsg); ev(exchange=e, type="response_chunk", body=b64(sb), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None: tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out

V10 = {"a2a-version": "1.0"}
msg = "Protocol version '0.3' is not supported. Supported versions: [1.0]"
case("f239-v10-grpc-no-version-metadata-refused", native([
    ("SendMessage", {}, pb_str(2, pb_msg10("hello")), None, 9, msg, pb_status(9, msg, "VERSION_NOT_SUPPORTED")),
], card=grpc_card()), [("client-version-mixed-request", "warning")],
 "https://github.com/a2aproject/a2a-java/issues/1004 (gRPC error: Protocol version '0.3' is not supported. Supported versions: [1.0]; the gRPC client put no A2A-Version into the call's metadata, so the server read none)",
 "legal for the agent: a request without a2a-version metadata is a 0.3 request (VER-003, 1.0 §3.6.2), and an interface that serves only 1.0 refuses it with VersionNotSupportedError (VER-002: gRPC FAILED_PRECONDITION with ErrorInfo VERSION_NOT_SUPPORTED in 1.0.1, ERR-002, ERR-005). The warning is the client's (VER-001), as for a header-less JSON-RPC call with a 1.0 method (f259, DIGEST trap 3; q28b): the 1.0 service lf.a2a.v1.A2AService called without a2a-version: 1.0")

case("f240-v10-grpc-get-task-unsupported-version-served", native([
    ("GetTask", {"a2a-version": "99.0"}, pb_str(2, "t-1042"), pb_task("t-1042", "c-1042", 3), 0, "", None),
], card=grpc_card()), [("version-header-not-enforced", "error")],
 "https://github.com/a2aproject/a2a-java/pull/1042 (GrpcHandler validated A2A-Version only in sendMessage and sendStreamingMessage; getTask and the other eight methods served clients of an incompatible version); https://github.com/a2aproject/a2a-java/issues/1035 (the same on JSON-RPC and REST)",
 "every operation applies the requested version's semantics and refuses one it does not support with VersionNotSupportedError (VER-002, 1.0 §3.6.2); on gRPC the version travels in the a2a-version metadata entry (1.0 §10.2). GetTask with a2a-version 99.0 was answered with the task")

case("f241-v10-grpc-task-not-found-without-error-info", native([
    ("GetTask", V10, pb_str(2, "t-missing"), None, 5, "Task not found: t-missing", None),
], card=grpc_card()), [("grpc-error-info-missing", "error")],
 "https://github.com/a2aproject/a2a-java/issues/731 (TCK GRPC-ERR-001: the SUT returns a plain gRPC NOT_FOUND status with a message string but no google.rpc.ErrorInfo in grpc-status-details-bin); fixed by https://github.com/a2aproject/a2a-java/pull/738",
 "A2A errors on gRPC carry a google.rpc.ErrorInfo in status.details with reason TASK_NOT_FOUND and domain a2a-protocol.org (ERR-005, 1.0 §10.6); NOT_FOUND alone does not tell TaskNotFoundError from any other missing resource, and clients that map A2A errors by reason (a2a-rs #103) cannot")

msg2 = "Push notifications are not supported by this agent"
case("f242-legal-v10-grpc-push-unsupported-failed-precondition", native([
    ("CreateTaskPushNotificationConfig", V10, pb_str(3, "t-1166") + pb_str(4, WH), None, 9, msg2, pb_status(9, msg2, "PUSH_NOTIFICATION_NOT_SUPPORTED")),
], card=grpc_card()), [],
 "https://github.com/a2aproject/a2a-python/issues/1166 (asks that PushNotificationNotSupportedError, UnsupportedOperationError and VersionNotSupportedError map to UNIMPLEMENTED instead of FAILED_PRECONDITION)",
 "legal: the issue reads the 1.0.0 table; 1.0.1 maps PushNotificationNotSupportedError to FAILED_PRECONDITION with ErrorInfo PUSH_NOTIFICATION_NOT_SUPPORTED (ERR-002, DIGEST trap 2: the statuses changed between 1.0.0 and 1.0.1 under the same wire version 1.0), and the card does not declare push notifications, so refusing the config is right (PUSH-001)")

from casewriter import write_cases
write_cases(cases, OUT, route=lambda name: VAR if name.startswith("b21b-") else OUT)
