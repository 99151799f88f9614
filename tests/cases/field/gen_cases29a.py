"""Session-29 field cases of miner mine29a (f560-f579): same helpers and output format as gen_cases.py.

Scope: the A2A 1.0 surface beyond send, from public trackers: multi-tenancy (the interface's
`tenant`, the `/{tenant}` REST routes, tenant isolation of listed tasks), ListTasks paging,
push notification config CRUD (list paging, a Get of a config that does not exist),
extensions (the A2A-Extensions echo, extension methods) and the extended Agent Card.
`python3 gen_cases29a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b29a-*` variants into ../variants).
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
AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
def card10(**kw):
    """A 1.0 card (JSON-RPC at A/a2a unless `supportedInterfaces` is given); `caps` merge into capabilities."""
    c = copy.deepcopy(CARD10)
    caps = kw.pop("caps", None)
    if caps:
        c["capabilities"].update(caps)
    c.update(kw)
    return c
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def rest_req(t, method, url, body="", hdr=None):
    return req(t, method, url, body, ver="1.0", ctype=AJ, accept=AJ, hdr=hdr)
def rest_resp(t, status, body, hdr=None):
    h = {"a2a-version": "1.0"}
    if hdr: h.update(hdr)
    return resp(t, status, body, ctype=AJ, hdr=h)
def pcfg(tid, cid, url, token=None):
    c = {"id": cid, "taskId": tid, "url": url}
    if token: c["token"] = token
    return c
def su10(tid, cid, state):
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}}
TS2 = "2026-03-02T10:16:00.000Z"
TS3 = "2026-03-02T10:17:00.000Z"
PUSHCARD = card10(caps={"pushNotifications": True})
WH = "https://hooks.example.test/a2a"

# --- faults ----------------------------------------------------------------------------------------
# denn-gubsky/loomcycle PR #299: ListTasks under one routed tenant enumerates another tenant's tasks
TEN = card10(supportedInterfaces=[
    {"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"},
    {"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "globex"}])
case("f560-v10-rest-list-tasks-shows-other-tenants-task", get_card(0.0, TEN) + [
    rest_req(0.1, "POST", A + "/globex/message:send", {"message": umsg10("reconcile the Q3 ledger", mid="m-299b")}),
    rest_resp(0.9, 200, {"task": task10("t-globex-299", "c-globex-299", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-299", "parts": [{"text": "ledger reconciled"}]}])}),
    rest_req(1.0, "POST", A + "/acme/message:send", {"message": umsg10("draft the release notes", mid="m-299a")}),
    rest_resp(1.8, 200, {"task": task10("t-acme-299", "c-acme-299", "TASK_STATE_COMPLETED", ts=TS2)}),
    rest_req(2.0, "GET", A + "/acme/tasks?pageSize=10"),
    rest_resp(2.01, 200, {"tasks": [task10("t-acme-299", "c-acme-299", "TASK_STATE_COMPLETED", ts=TS2),
                                    task10("t-globex-299", "c-globex-299", "TASK_STATE_COMPLETED")],
                          "nextPageToken": "", "pageSize": 10, "totalSize": 2}),
], [("list-tasks-filter-not-applied", "error")],
 "https://github.com/denn-gubsky/loomcycle/pull/299 (a review of the A2A surface found three cross-tenant isolation bugs with one root cause: tasks/get, tasks/cancel and tasks/list resolved tasks by id alone and never consulted the routed tenant that the create path honours; tasks/list enumerated another tenant's task ids, context ids, states and status messages from the process-global map). The shape is rebuilt from the description on the 1.0 HTTP+JSON tenant routes",
 "ListTasks MUST return only tasks visible to the caller (DATA-007, 1.0 §3.1.4, §13.1; TASK-009, AUTH-006): a call under tenant acme lists t-globex-299, which the agent handed out under tenant globex of the same card (CARD-008). DATA-LIST-003 names it; the same leak through SubscribeToTask and the push config calls is the b29a-T1 kind")

# a2a-go PR #400: ListTaskPushConfigs ignored pageSize and always answered nextPageToken ""
case("f561-v10-list-push-configs-ignores-page-size", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("l-400", "ListTaskPushNotificationConfigs", {"taskId": "t-400", "pageSize": 2}), ver="1.0"),
    resp(0.11, 200, ok("l-400", {"configs": [pcfg("t-400", "cfg-%d" % i, WH + "/%d" % i) for i in range(1, 6)], "nextPageToken": ""})),
], [("push-config-list-page-size-exceeded", "error")],
 "https://github.com/a2aproject/a2a-go/pull/400 (ListTaskPushConfigs ignored PageSize/PageToken and the gRPC v0/v1 handlers hardcoded NextPageToken \"\", so push config pagination was never exposed to clients; the PR passes them through)",
 "a ListTaskPushNotificationConfigs page holds at most the request's pageSize configs (PUSH-003, DATA-007; a2a.proto ListTaskPushNotificationConfigsRequest.page_size): pageSize 2 got all five configs and an empty nextPageToken, so a client that pages reads a page it did not ask for")

# topcheer/ggcode #1076 (after its fix): a Get of a missing push config refused as InvalidParams
case("f562-v10-get-missing-push-config-invalid-params", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("g-1076b", "GetTaskPushNotificationConfig", {"taskId": "t-1076b", "id": "cfg-unknown"}), ver="1.0"),
    resp(0.11, 200, err("g-1076b", -32602, "push config not found: cfg-unknown")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/topcheer/ggcode/issues/1076 (a review judged handlePushConfigGet's -32001 for a missing config misleading and the fix returns InvalidParams -32602 with Data \"push config not found: <id>\"). Rebuilt from the description; the words ride in error.message here, since a 1.0 error.data is a list of details",
 "a Get of a push notification config that does not exist MUST fail (PUSH-003) with TaskNotFoundError, -32001 (1.0 \u00a73.1.8: 'TaskNotFoundError: The push notification configuration does not exist'; ERR-002): -32602 tells the client its well-formed request is malformed. The -32001 the fix replaced was right (f566)")

# a2a-elixir PR #17: the agent's A2A-Extensions response header lists every extension it supports, not the ones activated
EXTCARD = card10(caps={"extensions": [
    {"uri": "https://ext.example.test/a2a/timestamp/v1", "description": "adds timestamps to messages"},
    {"uri": "https://ext.example.test/a2a/traceability/v1", "description": "adds trace ids to artifacts"}]})
case("f563-v10-extensions-response-echoes-all-declared", get_card(0.0, EXTCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("s-17", "SendMessage", {"message": umsg10("what time is it in Lisbon?", mid="m-17")}), ver="1.0",
        hdr={"a2a-extensions": "https://ext.example.test/a2a/timestamp/v1"}),
    resp(0.6, 200, ok("s-17", {"message": amsg10("It is 11:15 in Lisbon.", mid="m-17r", metadata={"https://ext.example.test/a2a/timestamp/v1": {"timestamp": TS}})}),
         hdr={"a2a-extensions": "https://ext.example.test/a2a/timestamp/v1, https://ext.example.test/a2a/traceability/v1"}),
], [("extension-activated-not-declared", "warning")],
 "https://github.com/actioncard/a2a-elixir/pull/17 (A2A.Plug reads the A2A-Extensions request header, validates required extensions and \"sets A2A-Extensions response header listing all server-supported extension URIs\"; closed unmerged, the behaviour as described)",
 "the response's A2A-Extensions names the extensions activated for this request (EXT-004, topics/extensions.md: 'listing all extensions that were successfully activated for that request'): the client asked only for timestamp/v1, and the agent claims traceability/v1 active too, so a client that trusts the echo expects trace ids it never asked for")

# Handler PR #112: ListTasks without pageSize refused as out of range (the server read the unset proto3 field as 0)
case("f564-v10-list-tasks-without-page-size-refused", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-112", "ListTasks", {"status": "TASK_STATE_COMPLETED"}), ver="1.0"),
    resp(0.11, 200, err("l-112", -32602, "Invalid params", [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "page_size", "description": "page_size must be between 1 and 100"}]}])),
], [("valid-request-refused-invalid-params", "warning")],
 "https://github.com/alDuncanson/Handler/pull/112 (Handler's ListTasks always sends an explicit page size, default 50: \"an unset proto3 int is indistinguishable from zero, and servers reject a zero page size outright (found live)\"). The server's answer is rebuilt from the description",
 "pageSize is optional on ListTasks and defaults to 50 when unset (a2a.proto ListTasksRequest: optional int32 page_size, 'Defaults to 50 if not specified'; DATA-007): a request without it is valid, and refusing it with InvalidParams (ERR-006) breaks every client that leaves the default to the agent")

# a2a-dotnet #368: the SDK maps no /{tenant}/ REST routes, so a client following a tenant interface gets 404
TENR = card10(supportedInterfaces=[{"url": A + "/a2a", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "contoso"}])
case("f565-v10-rest-tenant-route-not-served-404", get_card(0.0, TENR) + [
    rest_req(0.1, "POST", A + "/a2a/contoso/message:send", {"message": umsg10("book a room for Tuesday", mid="m-368")}),
    resp(0.11, 404, "", ctype="text/plain", hdr={"server": "Kestrel"}),
], [("card-url-unreachable", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/368 (MapHttpA2A documents: \"Multi-tenant route variants (/{tenant}/tasks/{id}) defined in the A2A specification are not currently supported\"; the Tenant field is always null for REST calls, while AgentInterface.Tenant lets a card advertise tenants). The 404 is rebuilt from that limitation",
 "the card's HTTP+JSON interface declares tenant contoso, so a client puts it in the path, POST {url}/contoso/message:send (CARD-008; REST-001: the proto's /{tenant}/message:send binding); the agent that advertised the interface answers 404 there, so a client following the card cannot reach it (CARD-005)")

# --- legal controls --------------------------------------------------------------------------------
# topcheer/ggcode #1076 (before its fix): a Get of a missing push config answered TaskNotFoundError -32001
case("f566-legal-v10-get-missing-push-config-task-not-found", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("g-1076", "GetTaskPushNotificationConfig", {"taskId": "t-1076", "id": "cfg-unknown"}), ver="1.0"),
    resp(0.11, 200, err("g-1076", -32001, "Task not found")),
], [],
 "https://github.com/topcheer/ggcode/issues/1076 (a review called handlePushConfigGet's ErrTaskNotFound (-32001) for a missing config misleading, argued the spec has no push-config-not-found error, and changed it to InvalidParams -32602 with data \"push config not found: <id>\")",
 "legal: 1.0 §3.1.8 names exactly this error for it, 'TaskNotFoundError: The push notification configuration does not exist' (PUSH-003, ERR-002); the -32602 the fix put in its place is the fault (f562)")

# a2a-java PR #552: a push config page shorter than pageSize, with a nextPageToken, then the rest
case("f567-legal-v10-list-push-configs-short-page-with-token", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("l-552a", "ListTaskPushNotificationConfigs", {"taskId": "t-552", "pageSize": 3}), ver="1.0"),
    resp(0.11, 200, ok("l-552a", {"configs": [pcfg("t-552", "cfg-1", WH + "/1"), pcfg("t-552", "cfg-2", WH + "/2")], "nextPageToken": "b2Zmc2V0OjI"})),
    req(0.2, "POST", A + "/a2a", rpc("l-552b", "ListTaskPushNotificationConfigs", {"taskId": "t-552", "pageSize": 3, "pageToken": "b2Zmc2V0OjI"}), ver="1.0"),
    resp(0.21, 200, ok("l-552b", {"configs": [pcfg("t-552", "cfg-3", WH + "/3"), pcfg("t-552", "cfg-4", WH + "/4")], "nextPageToken": ""})),
], [],
 "https://github.com/a2aproject/a2a-java/pull/552 (InMemoryPushNotificationConfigStore used pageSize - 1, returning one config less than requested per page; the PR fixes it while adding the Result wrapper with nextPageToken)",
 "legal: pageSize is a maximum, not a promise (PUSH-003, DATA-007): a page of 2 for pageSize 3 with a nextPageToken, then the rest with an empty token, reaches every config once; the off-by-one cost a round trip, not a config")

# actioncard/a2a-elixir #100: a 0.3 agent whose card does not offer an extended card answers the method -32004
C100 = card03(A + "/a2a")
case("f568-legal-v03-extended-card-not-offered-unsupported", get_card(0.0, C100) + [
    req(0.1, "POST", A + "/a2a", rpc(5, "agent/getAuthenticatedExtendedCard", {}), hdr={"authorization": "Bearer tok-100"}),
    resp(0.11, 200, err(5, -32004, "This operation is not supported")),
], [],
 "https://github.com/actioncard/a2a-elixir/issues/100 (agent/getAuthenticatedExtendedCard is stubbed to return -32004 UnsupportedOperationError unconditionally; the issue reads -32007 as the spec's answer for an agent that offers no extended card)",
 "legal: the card does not declare supportsAuthenticatedExtendedCard, so the agent offers no extended card, and UnsupportedOperationError is the answer 1.0 §3.3.4 prescribes for exactly that (AUTH-005); -32007 AuthenticatedExtendedCardNotConfigured is for an agent that declares the card but has none configured (ERR-002)")

# liujuanjuan1984/codex-a2a PR #366: an extension method called without activating its extension is refused
CODEX = card10(caps={"extensions": [{"uri": "https://codex-a2a.example.test/ext/sessions/v1", "description": "codex.sessions.* methods", "required": False}]})
case("f569-legal-v10-extension-method-refused-without-activation", get_card(0.0, CODEX) + [
    req(0.1, "POST", A + "/a2a", rpc("x-366", "codex.sessions.list", {"limit": 20}), ver="1.0"),
    resp(0.11, 200, err("x-366", -32004, "Extension https://codex-a2a.example.test/ext/sessions/v1 must be requested in A2A-Extensions",
                        [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENSION_NEGOTIATION_REQUIRED", "domain": "codex-a2a.example.test",
                          "metadata": {"extension": "https://codex-a2a.example.test/ext/sessions/v1"}}])),
    req(0.3, "POST", A + "/a2a", rpc("x-366b", "codex.sessions.list", {"limit": 20}), ver="1.0",
        hdr={"a2a-extensions": "https://codex-a2a.example.test/ext/sessions/v1"}),
    resp(0.31, 200, ok("x-366b", {"sessions": [{"id": "s-1", "title": "refactor billing"}]}), hdr={"a2a-extensions": "https://codex-a2a.example.test/ext/sessions/v1"}),
], [],
 "https://github.com/liujuanjuan1984/codex-a2a/pull/366 ; https://github.com/liujuanjuan1984/codex-a2a/issues/365 (method extensions codex.* were declared on the card but dispatched without checking A2A-Extensions; the PR refuses a call whose extension URI was not requested with UnsupportedOperationError -32004, reason EXTENSION_NEGOTIATION_REQUIRED, and echoes the activated URI)",
 "legal: extensions are inactive unless the client requests them (EXT-001, topics/extensions.md 'Extensions default to being inactive'); a method the extension adds is the extension's to gate, a 0.x/1.0 agent may refuse it when not activated, and the retry that names the URI is served and echoed (EXT-004). The extension is not card-required, so ExtensionSupportRequiredError (EXT-002) is not the code it must use")

# A2A #1420: ListTaskPushNotificationConfigs with no pageSize (proto3 int32 0 = unset) returns every config
case("f570-legal-v10-list-push-configs-no-page-size", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("l-1420", "ListTaskPushNotificationConfigs", {"taskId": "t-1420"}), ver="1.0"),
    resp(0.11, 200, ok("l-1420", {"configs": [pcfg("t-1420", "cfg-a", WH + "/a"), pcfg("t-1420", "cfg-b", WH + "/b"), pcfg("t-1420", "cfg-c", WH + "/c", token="tok-c")], "nextPageToken": ""})),
], [],
 "https://github.com/a2aproject/A2A/issues/1420 (ListTasksRequest.page_size is optional with a default of 50 and a 1-100 range, while ListTaskPushNotificationConfigsRequest.page_size is a plain int32 with no default; the reporter asks for one rule)",
 "legal: the push config list's page_size is a plain proto3 int32, so an absent pageSize is 0, unset, and the agent picks the page (PUSH-003: it MUST return all active configs and MAY paginate); all three configs with an empty nextPageToken is a complete answer")

# a2a-java #975 / PR #980: a stream that closes after input-required (a2a-python's behaviour)
case("f571-legal-v10-stream-closes-at-input-required", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-975", "SendStreamingMessage", {"message": umsg10("book a flight to Oslo", mid="m-975")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-975", {"task": task10("t-975", "c-975", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("s-975", su10("t-975", "c-975", "TASK_STATE_WORKING")))),
    chunk(1.2, sse(ok("s-975", {"statusUpdate": {"taskId": "t-975", "contextId": "c-975", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS2,
        "message": amsg10("Which date do you want to fly?", mid="m-975q", taskId="t-975", contextId="c-975")}}}))),
    chunk(1.21, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-java/issues/975 ; https://github.com/a2aproject/a2a-java/pull/980 (a cross-SDK note: a2a-python ends the request stream on INPUT_REQUIRED, while a2a-java since #756 keeps it open for interrupted states; the maintainer notes the spec derives finality from the state)",
 "legal both ways: a stream runs 'until the task reaches a terminal or interrupted state, at which point the stream closes' (1.0 §3.2.3; STREAM-003, TASK-007), so closing right after input-required is allowed, as is keeping it open; the client answers with a send naming t-975")

# a2a-java #1107 / A2A PR #1848: a JSON-RPC client puts the interface's tenant in every request body
TENJ = card10(supportedInterfaces=[{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "tenant-a"}])
case("f572-legal-v10-jsonrpc-tenant-in-every-request", get_card(0.0, TENJ) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1848", "SendMessage", {"tenant": "tenant-a", "message": umsg10("summarise ticket 4471", mid="m-1848"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-1848", {"task": task10("t-1848", "c-1848", "TASK_STATE_WORKING")})),
    req(3.0, "POST", A + "/a2a", rpc("g-1848", "GetTask", {"tenant": "tenant-a", "id": "t-1848"}), ver="1.0"),
    resp(3.01, 200, ok("g-1848", task10("t-1848", "c-1848", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[{"artifactId": "a-1848", "parts": [{"text": "printer offline since Monday"}]}]))),
    req(3.2, "POST", A + "/a2a", rpc("l-1848", "ListTasks", {"tenant": "tenant-a", "pageSize": 5}), ver="1.0"),
    resp(3.21, 200, ok("l-1848", {"tasks": [task10("t-1848", "c-1848", "TASK_STATE_COMPLETED", ts=TS2)], "nextPageToken": "", "pageSize": 5, "totalSize": 1})),
], [],
 "https://github.com/a2aproject/A2A/pull/1848 ; https://github.com/a2aproject/A2A/issues/1690 ; https://github.com/a2aproject/a2a-java/issues/1107 (the spec PR adds the client rule: a non-empty AgentInterface.tenant goes into the tenant field of every request message body sent to that interface, and rewords tenant as an opaque routing identifier, not a path parameter only)",
 "legal: on JSON-RPC the interface's tenant rides in params.tenant of every call, SendMessage, GetTask and ListTasks alike (CARD-008, 1.0 §8.3.2); the listed task omits artifacts since includeArtifacts is unset (DATA-007)")


# ag2ai/ag2 PR #3116: a client activates an extension in both the A2A-Extensions header and message.extensions
AGEXT = card10(caps={"extensions": [{"uri": "urn:ag2:client-tools:v1", "description": "client-side tools"},
                                    {"uri": "https://ext.example.test/a2a/geo/v1", "description": "geo hints", "params": {"precision": "city"}}]})
case("f573-legal-v10-extension-in-header-and-message", get_card(0.0, AGEXT) + [
    req(0.1, "POST", A + "/a2a", rpc("s-3116", "SendMessage", {"message": umsg10("find a vegan place nearby", mid="m-3116", extensions=["https://ext.example.test/a2a/geo/v1"],
                                                                             metadata={"https://ext.example.test/a2a/geo/v1": {"city": "Porto"}})}), ver="1.0",
        hdr={"a2a-extensions": "https://ext.example.test/a2a/geo/v1"}),
    resp(1.1, 200, ok("s-3116", {"message": amsg10("Try Da Terra on Rua de Mousinho da Silveira.", mid="m-3116r", extensions=["https://ext.example.test/a2a/geo/v1"])}),
         hdr={"a2a-extensions": "https://ext.example.test/a2a/geo/v1"}),
], [],
 "https://github.com/ag2ai/ag2/pull/3116 (the client activates user extensions on both channels the spec allows, the Message.extensions field and the A2A-Extensions service parameter, and continuation messages carry the URIs too, since activation is per request)",
 "legal: A2A-Extensions names the extensions the request activates (EXT-001) and Message.extensions lists the URIs that contributed to the message (DATA-005); the two agree, the extension is declared on the card, and the agent echoes it (EXT-004) and marks its reply the same way. Extension data rides in metadata keyed by the URI")

# ag2ai/ag2 PR #3116: the validation it adds calls activating an undeclared URI a client mistake; the agent ignores it
case("f574-legal-v10-undeclared-extension-requested-ignored", get_card(0.0, AGEXT) + [
    req(0.1, "POST", A + "/a2a", rpc("s-3116b", "SendMessage", {"message": umsg10("find a vegan place nearby", mid="m-3116b")}), ver="1.0",
        hdr={"a2a-extensions": "https://ext.example.test/a2a/loyalty/v2"}),
    resp(1.0, 200, ok("s-3116b", {"message": amsg10("Try Da Terra on Rua de Mousinho da Silveira.", mid="m-3116s")})),
], [],
 "https://github.com/ag2ai/ag2/pull/3116 (the client now refuses up front to activate a URI the card does not advertise, calling it a client-side mistake, instead of failing opaquely mid-task)",
 "legal on the wire: an agent that does not support a requested extension ignores the request for it (EXT-003: 'the agent SHOULD ignore the activation request'; topics/extensions.md), answers as usual and echoes nothing (EXT-004 echoes only what it activated). The client's up-front check is a convenience, not a protocol rule")

# tya5/reyn PR #1947: a slash-form 0.3 agent adds ListTasks as JSON-RPC tasks/list with keyset paging
C1947 = card03(A + "/a2a/agents/coder")
case("f575-legal-v03-agent-adds-tasks-list", get_card(0.0, C1947) + [
    req(0.1, "POST", A + "/a2a/agents/coder", rpc(11, "tasks/list", {"contextId": "c-1947", "pageSize": 2})),
    resp(0.11, 200, ok(11, {"tasks": [task03("t-1947b", "c-1947", "completed", ts=TS2), task03("t-1947a", "c-1947", "completed")],
                            "nextPageToken": "", "pageSize": 2, "totalSize": 2})),
], [],
 "https://github.com/tya5/reyn/pull/1947 (the agent, which speaks slash-form message/send, adds the A2A ListTasks method as JSON-RPC tasks/list on POST /a2a/agents/{name}, filterable by contextId and status, with stable keyset pagination; the PascalCase migration is tracked separately)",
 "legal: 0.3 defines no task listing, and an agent may serve more methods than the spec names (an extension of its own); the answer follows the shape A2A later gave ListTasks, newest first with an empty nextPageToken on the last page (DATA-007). A 0.3 client that never calls tasks/list loses nothing")

write_cases(cases, OUT)

# --- variants: the kinds fixed in this round --------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R299 = "https://github.com/denn-gubsky/loomcycle/pull/299"
R403 = "https://github.com/a2aproject/a2a-go/pull/403"
R1076 = "https://github.com/topcheer/ggcode/issues/1076"
TENJ2 = card10(supportedInterfaces=[
    {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"},
    {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "globex"}], caps={"pushNotifications": True})
def send_globex_jrpc(t, tid="t-g1", state="TASK_STATE_WORKING"):
    return [req(t, "POST", A + "/a2a", rpc("s-g", "SendMessage", {"tenant": "globex", "message": umsg10("payroll run", mid="m-g"), "configuration": {"returnImmediately": True}}), ver="1.0"),
            resp(t + 0.1, 200, ok("s-g", {"task": task10(tid, "c-g1", state)}))]
NOTE_T = "a task-scoped call (SubscribeToTask, a push config call) under one tenant of an interface that reaches a task the agent handed out under another tenant serves another tenant's data (TASK-009, AUTH-006, CARD-008, DATA-007); an inaccessible task is TaskNotFoundError (a list leaves it out: DATA-LIST-003)"

# T1: the other tenant's task reached by ListTasks, SubscribeToTask and the push config calls
vcase("b29a-T1-v10-jsonrpc-subscribe-other-tenant", get_card(0.0, TENJ2) + send_globex_jrpc(0.1) + [
    req(0.5, "POST", A + "/a2a", rpc("sub-a", "SubscribeToTask", {"tenant": "acme", "id": "t-g1"}), ver="1.0", accept=SSE),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.61, sse(ok("sub-a", {"task": task10("t-g1", "c-g1", "TASK_STATE_WORKING")}))),
    chunk(2.0, sse(ok("sub-a", su10("t-g1", "c-g1", "TASK_STATE_COMPLETED")))),
    chunk(2.01, "", close="eof"),
], [("other-tenants-task-served", "error")], R299 + " (a subscription opened under another tenant streams the task's events)", NOTE_T)
vcase("b29a-T1-v10-jsonrpc-push-config-create-other-tenant", get_card(0.0, TENJ2) + send_globex_jrpc(0.1) + [
    req(0.5, "POST", A + "/a2a", rpc("p-a", "CreateTaskPushNotificationConfig", {"tenant": "acme", "taskId": "t-g1", "url": "https://attacker.example.test/hook"}), ver="1.0"),
    resp(0.51, 200, ok("p-a", {"tenant": "acme", "id": "cfg-x", "taskId": "t-g1", "url": "https://attacker.example.test/hook"})),
], [("other-tenants-task-served", "error")], "https://github.com/a2aproject/a2a-go/issues/351 (an attacker plants a webhook on a victim's task and receives its events; here across tenants)", NOTE_T)
vcase("b29a-T1-v10-rest-list-push-configs-other-tenant", get_card(0.0, TEN) + [
    rest_req(0.1, "POST", A + "/globex/message:send", {"message": umsg10("payroll run", mid="m-g2"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WH + "/globex", "token": "tok-globex"}}}),
    rest_resp(0.2, 200, {"task": task10("t-g2", "c-g2", "TASK_STATE_WORKING")}),
    rest_req(0.5, "GET", A + "/acme/tasks/t-g2/pushNotificationConfigs"),
    rest_resp(0.51, 200, {"configs": [{"id": "cfg-g2", "taskId": "t-g2", "url": WH + "/globex", "token": "tok-globex"}], "nextPageToken": ""}),
], [("other-tenants-task-served", "error")], "https://github.com/a2aproject/a2a-go/issues/351 (listing a victim task's push configs hands out its webhook token; here across tenants, on HTTP+JSON)", NOTE_T)
# controls: the same ids under their own tenant, and a list that leaves the other tenant's task out
vcase("b29a-T1-legal-v10-list-tasks-own-tenant-only", get_card(0.0, TENJ2) + send_globex_jrpc(0.1) + [
    req(0.3, "POST", A + "/a2a", rpc("s-a", "SendMessage", {"tenant": "acme", "message": umsg10("invoice run", mid="m-a")}), ver="1.0"),
    resp(0.4, 200, ok("s-a", {"task": task10("t-a1", "c-a1", "TASK_STATE_COMPLETED", ts=TS2)})),
    req(0.5, "POST", A + "/a2a", rpc("l-a2", "ListTasks", {"tenant": "acme"}), ver="1.0"),
    resp(0.51, 200, ok("l-a2", {"tasks": [task10("t-a1", "c-a1", "TASK_STATE_COMPLETED", ts=TS2)], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
    req(0.6, "POST", A + "/a2a", rpc("l-g2", "ListTasks", {"tenant": "globex"}), ver="1.0"),
    resp(0.61, 200, ok("l-g2", {"tasks": [task10("t-g1", "c-g1", "TASK_STATE_WORKING")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
    req(0.7, "POST", A + "/a2a", rpc("sub-g", "SubscribeToTask", {"tenant": "globex", "id": "t-g1"}), ver="1.0", accept=SSE),
    resp(0.8, 200, "", ctype=SSE),
    chunk(0.81, sse(ok("sub-g", {"task": task10("t-g1", "c-g1", "TASK_STATE_WORKING")}))),
    chunk(2.0, sse(ok("sub-g", su10("t-g1", "c-g1", "TASK_STATE_COMPLETED")))),
    chunk(2.01, "", close="eof"),
], [], R299 + " (after the fix: each tenant lists and subscribes to its own tasks only)", "each tenant's calls reach only the tasks handed out under it (DATA-007, CARD-008): no finding")
vcase("b29a-T1-legal-v10-subscribe-other-tenant-not-found", get_card(0.0, TENJ2) + send_globex_jrpc(0.1) + [
    req(0.5, "POST", A + "/a2a", rpc("sub-a2", "SubscribeToTask", {"tenant": "acme", "id": "t-g1"}), ver="1.0", accept=SSE),
    resp(0.51, 200, err("sub-a2", -32001, "Task not found")),
], [], R299 + " (after the fix: another tenant's task is answered like an unknown one)", "TaskNotFoundError for a task of another tenant is the answer TASK-009 asks for: no finding")

# M1: a Get of a push config that does not exist answered with another error than TaskNotFoundError
NOTE_M = "a Get of a push notification config that does not exist fails with TaskNotFoundError (1.0 §3.1.8; PUSH-003, ERR-002): -32001, HTTP 404 TASK_NOT_FOUND, gRPC NOT_FOUND; InvalidParams or an internal error names the wrong cause"
vcase("b29a-M1-v10-get-missing-push-config-internal-error-text", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("g-m1", "GetTaskPushNotificationConfig", {"taskId": "t-m1", "id": "cfg-unknown"}), ver="1.0"),
    resp(0.11, 200, err("g-m1", -32603, "push config not found")),
], [("jsonrpc-error-code-mismatch", "error")], R403 + " (before the fix: push.ErrPushConfigNotFound had no transport mapping and went out as a generic internal error)", NOTE_M)
vcase("b29a-M1-v10-get-deleted-push-config-internal-error", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("c-m2", "CreateTaskPushNotificationConfig", {"taskId": "t-m2", "url": WH}), ver="1.0"),
    resp(0.11, 200, ok("c-m2", pcfg("t-m2", "cfg-m2", WH))),
    req(0.2, "POST", A + "/a2a", rpc("d-m2", "DeleteTaskPushNotificationConfig", {"taskId": "t-m2", "id": "cfg-m2"}), ver="1.0"),
    resp(0.21, 200, ok("d-m2", {})),
    req(0.3, "POST", A + "/a2a", rpc("g-m2", "GetTaskPushNotificationConfig", {"taskId": "t-m2", "id": "cfg-m2"}), ver="1.0"),
    resp(0.31, 200, err("g-m2", -32603, "Internal error")),
], [("jsonrpc-error-code-mismatch", "error")], R403 + " (the config was deleted in the recording: the Get can only fail, and -32603 is the wrong failure)", NOTE_M)
vcase("b29a-M1-v10-rest-get-missing-push-config-400", get_card(0.0, card10(supportedInterfaces=[{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], caps={"pushNotifications": True})) + [
    rest_req(0.1, "GET", A + "/tasks/t-m3/pushNotificationConfigs/cfg-unknown"),
    rest_resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "push notification config not found: cfg-unknown",
                                    "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_PARAMS", "domain": "a2a-protocol.org"}]}}),
], [("rest-error-shape", "error")], R1076 + " (the same answer on HTTP+JSON: 400 INVALID_ARGUMENT)", NOTE_M)
vcase("b29a-M1-legal-v10-rest-get-missing-push-config-404", get_card(0.0, card10(supportedInterfaces=[{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], caps={"pushNotifications": True})) + [
    rest_req(0.1, "GET", A + "/tasks/t-m4/pushNotificationConfigs/cfg-unknown"),
    rest_resp(0.11, 404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "push notification config not found",
                                    "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}]}}),
], [], R403 + " (after the fix, HTTP+JSON)", "404 NOT_FOUND with reason TASK_NOT_FOUND is the mapping of TaskNotFoundError (ERR-003): no finding")
vcase("b29a-M1-agent-right-v10-get-push-config-bad-params", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("g-m5", "GetTaskPushNotificationConfig", {"taskId": "t-m5"}), ver="1.0"),
    resp(0.11, 200, err("g-m5", -32602, "Invalid params: id is required")),
], [("client-task-call-without-id", "error")], R1076 + " (control: InvalidParams for a Get that names no config id is right; the client's request is the fault)", "a Get without the REQUIRED config id is the client's fault (DATA-PARAM-003) and InvalidParams its right answer; only a Get of a config that does not exist must be TaskNotFoundError")


# P1: a list call that leaves pageSize out, refused for its page size (RPC-ERROR-003)
R112 = "https://github.com/alDuncanson/Handler/pull/112"
NOTE_P = "an absent pageSize is valid: ListTasks defaults it to 50 (a2a.proto: optional int32 page_size), and ListTaskPushNotificationConfigs' plain int32 page_size leaves an absent (0) page to the agent (PUSH-003); refusing the request for a page size it did not send is InvalidParams for a valid request (ERR-006)"
RESTCARD = card10(supportedInterfaces=[{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], caps={"pushNotifications": True})
vcase("b29a-P1-v10-rest-list-tasks-no-page-size-400", get_card(0.0, RESTCARD) + [
    rest_req(0.1, "GET", A + "/tasks?status=TASK_STATE_WORKING"),
    rest_resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "pageSize must be in [1, 100], got 0"}}),
], [("valid-request-refused-invalid-params", "warning")], R112 + " (the same refusal on HTTP+JSON: the query names no pageSize)", NOTE_P)
vcase("b29a-P1-v10-list-push-configs-no-page-size-refused", get_card(0.0, PUSHCARD) + [
    req(0.1, "POST", A + "/a2a", rpc("lp-p1", "ListTaskPushNotificationConfigs", {"taskId": "t-p1"}), ver="1.0"),
    resp(0.11, 200, err("lp-p1", -32602, "invalid page size: must be positive")),
], [("jsonrpc-error-code-mismatch", "error")], "https://github.com/a2aproject/A2A/issues/1420 (the push config list's page_size has no default; an agent that validates it like ListTasks' refuses a request that leaves it out; control: RPC-ERROR-001 already names InvalidParams for a push config list that carries every required member)", NOTE_P)
vcase("b29a-P1-legal-v10-list-tasks-page-size-zero-refused", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-p2", "ListTasks", {"pageSize": 0}), ver="1.0"),
    resp(0.11, 200, err("l-p2", -32602, "page_size must be between 1 and 100")),
], [("client-request-param-invalid", "note")], R112 + " (control: a client that sends pageSize 0 explicitly)", "pageSize 0 sent on ListTasks is out of its 1-100 range (DATA-PARAM-005 notes the client), and InvalidParams is the right answer: no warning")


# M1 on gRPC: the same miss refused INVALID_ARGUMENT (the b16-S4 recording, trailers changed)
_g = [json.loads(l) for l in open(os.path.join(VAR, "b16-S4-v10-grpc-get-unknown-push-config-internal.jsonl"))]
_g[-1]["trailers"] = [["grpc-status", "3"], ["grpc-message", "invalid argument: push config cfg-unknown not found"]]
vcase("b29a-M1-v10-grpc-get-missing-push-config-invalid-argument", _g,
      [("grpc-error-code-mismatch", "error")], R1076 + " (the same answer on gRPC: INVALID_ARGUMENT for a config never created for task t1)", NOTE_M)

write_cases(var_cases, VAR)
