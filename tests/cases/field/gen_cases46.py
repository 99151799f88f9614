"""Session-46 field cases of miner mine46 (f998-...): same helpers and output format as gen_cases45.py.

Scope (round forty-six): the kinds earlier rounds found little of: streamed artifacts (a last
chunk without parts, chunks that each get a fresh artifactId, a first chunk sent with
append: true, a 0.x final flag on a working task), push notifications on the webhook side (a
1.0 StreamResponse pushed to a 0.3 client's webhook, a config list that ignores pageSize, a
config list paged by the webhook token), the extended card and the card's security schemes (a
client calling a JSON-RPC method no version defines for the card, a 1.0 card whose schemes are
OpenAPI objects), a JSON-RPC call answered 200 with no body, a ListTasks answer without its
paging members, and their legal neighbours (a 0.3 push with the token only when the config
gives no credentials, 1.0 pushes that carry a task and then a statusUpdate).
`python3 gen_cases46.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
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
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
WEBHOOK = "https://client.example.test/a2a/webhook"
def au03(tid, cid, aid, parts, **kw):
    """A 0.3 artifact-update event of task `tid` (artifact `aid` with `parts`); `kw` adds append / lastChunk."""
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": parts}}
    e.update(kw)
    return e
def st03(tid, cid, state, final, **kw):
    """A 0.3 status-update event of task `tid` in `state` with the final flag `final`."""
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au10(tid, cid, aid, parts, **kw):
    """A 1.0 StreamResponse artifactUpdate of task `tid`; `kw` adds append / lastChunk."""
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": parts}}
    e.update(kw)
    return {"artifactUpdate": e}
def tx(s): return [{"kind": "text", "text": s}]

# --- f998: a 0.3 stream closes its artifact with a lastChunk event whose parts are empty (strands-agents/harness-sdk #1640)
S1640 = ("https://github.com/strands-agents/harness-sdk/issues/1640 (`parts` of `Artifact` should not be empty in A2A: with "
         "enable_a2a_compliant_streaming=True the final TaskArtifactUpdateEvent of the agent_response artifact is sent without any parts; "
         "fixed by PR #1643, which sends one empty TextPart)")
case("f998-v03-stream-last-chunk-without-parts", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("test-stream-1", "message/stream", {"message": umsg03("suggest a name for the service", mid="m-1640")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("test-stream-1", task03("t-1640", "c-1640", "submitted")))),
    chunk(0.3, sse(ok("test-stream-1", st03("t-1640", "c-1640", "working", False)))),
    chunk(0.4, sse(ok("test-stream-1", au03("t-1640", "c-1640", "a-1640", tx("I'll"), name="agent_response")))),
    chunk(0.5, sse(ok("test-stream-1", au03("t-1640", "c-1640", "a-1640", tx(" suggest"), append=True)))),
    chunk(0.6, sse(ok("test-stream-1", au03("t-1640", "c-1640", "a-1640", tx(" a name: ledger"), append=True)))),
    chunk(0.7, sse(ok("test-stream-1", au03("t-1640", "c-1640", "a-1640", [], append=True, lastChunk=True)))),
    chunk(0.8, sse(ok("test-stream-1", st03("t-1640", "c-1640", "completed", True)))),
    chunk(0.81, "", close="eof"),
], [("artifact-without-parts-0x", "note")], S1640,
     "the agent closed the streamed artifact with a lastChunk artifact-update whose artifact has parts: [] (0.3's Artifact lists its parts, a2a-java's Artifact and 1.0 require at least one, DATA-005): a client that validates the event drops it or fails the stream; a closing chunk carries one empty text part")

# --- f999: a 1.0 agent streams two chunks of one artifact, each under a fresh artifactId, both append: true (a2a-java PR #861)
J861 = ("https://github.com/a2aproject/a2a-java/pull/861 (chore: add back tck modules: the TCK SUT's chunked-artifact scenario called "
        "emitter.addArtifact(parts, null, null, null, true, false) and then (..., true, true); review: passing null as artifactId makes "
        "AgentEmitter generate a new random UUID for each call, so the two append chunks create two separate artifacts instead of one)")
CARD10 = card10(A + "/a2a")
case("f999-v10-stream-chunks-each-under-new-artifact-id", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-861", "SendStreamingMessage", {"message": umsg10("tck-stream-artifact-chunked", mid="tck-stream-artifact-chunked-861")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-861", {"task": task10("t-861", "c-861", "TASK_STATE_SUBMITTED")}))),
    chunk(0.22, sse(ok("s-861", su10("t-861", "c-861", "TASK_STATE_WORKING")))),
    chunk(0.3, sse(ok("s-861", au10("t-861", "c-861", "2f0c8a61-1", [{"text": "chunk-1 "}], append=True)))),
    chunk(0.4, sse(ok("s-861", au10("t-861", "c-861", "9d47e0b3-2", [{"text": "chunk-2"}], append=True, lastChunk=True)))),
    chunk(0.5, sse(ok("s-861", su10("t-861", "c-861", "TASK_STATE_COMPLETED")))),
    chunk(0.51, "", close="eof"),
], [("artifact-append-without-base", "warning")], J861,
     "append: true adds parts to the artifact an earlier chunk of the same artifactId opened (STREAM-009); each chunk here names an artifactId no earlier chunk did, so there is nothing to append to: a client that follows the flags holds two one-part artifacts (chunk-1, chunk-2) where the agent meant one, and a2a-python's TaskManager (1.1+) refuses the append outright")

# --- f1000: a 0.3 agent's first streamed chunk is append: true (google/adk-java PR #1113)
K1113 = ("https://github.com/google/adk-java/pull/1113 (Fix A2A protocol chunk streaming and task completion states: flag assignments in "
         "AgentExecutor fixed so the first chunk reliably sends append=false and lastChunk mimics the generated partial state; the "
         "RemoteA2AAgent no longer aborts streams before the COMPLETED status update)")
case("f1000-v03-stream-first-chunk-append-true", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-1113", "message/stream", {"message": umsg03("draft the release notes", mid="m-1113")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1113", task03("t-1113", "c-1113", "submitted")))),
    chunk(0.22, sse(ok("s-1113", st03("t-1113", "c-1113", "working", False)))),
    chunk(0.4, sse(ok("s-1113", au03("t-1113", "c-1113", "a-1113", tx("Release 2.4 adds "), append=True, lastChunk=False)))),
    chunk(0.5, sse(ok("s-1113", au03("t-1113", "c-1113", "a-1113", tx("streaming exports."), append=True, lastChunk=True)))),
    chunk(0.6, sse(ok("s-1113", st03("t-1113", "c-1113", "completed", True)))),
    chunk(0.61, "", close="eof"),
], [("artifact-append-without-base", "warning")], K1113,
     "the first chunk of artifact a-1113 came with append: true, so it appends to an artifact the stream never opened (STREAM-009): the first chunk of an artifact has append false or absent; a client that keeps artifacts by the flags drops the chunk or, with a2a-python 1.1+, fails the stream")

# --- f1001: a 0.3 legacy executor ends a metadata-only run with final: true and state working (google/adk-python #5188)
P5188 = ("https://github.com/google/adk-python/issues/5188 (Legacy A2A executor finalizes metadata-only responses as status=working instead of "
         "completed: when the final ADK event has no content parts, finalization produces final=True with status=working, leaving clients with "
         "a 'still processing' Task that never updates; streamed delta text keeps only the last chunk)")
case("f1001-v03-final-true-on-working-status", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-5188", "message/stream", {"message": umsg03("reindex the project", mid="m-5188")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-5188", task03("t-5188", "c-5188", "submitted")))),
    chunk(0.22, sse(ok("s-5188", st03("t-5188", "c-5188", "working", False)))),
    chunk(0.9, sse(ok("s-5188", st03("t-5188", "c-5188", "working", True)))),
    chunk(0.91, "", close="eof"),
], [("stream-final-flag-wrong", "error")], P5188,
     "0.3's final: true marks the last event of the task's stream, at a terminal or interrupted state (STREAM-008); the executor set it on a working status, so the client stops listening to a task that says it is still running and never hears that it completed")

# --- f1002: a JSON-RPC call answered 200 with an empty body (dimetron/pi-go PR #279, the kagent controller's HTTP path)
G279 = ("https://github.com/dimetron/pi-go/pull/279 (feat(a2a): route kagent controller URLs through gRPC-Web: the kagent controller "
        "(v0.10.0-rc1) serves A2A over gRPC-Web on its HTTP port; the HTTP /api/a2a/kagent/<agent> path returns empty 200s, so pi-go's "
        "JSON-RPC client got EOF against the configured URLs)")
KG = "http://kagent-controller.example.test:8083/api/a2a/kagent/k8s-agent"
case("f1002-v10-jsonrpc-call-answered-200-empty-body", [
    req(0.1, "POST", KG, rpc("s-279", "SendMessage", {"message": umsg10("list the failing pods", mid="m-279")}), ver="1.0"),
    resp(0.11, 200, "", ctype="application/json", hdr={"content-length": "0"}),
], [("jsonrpc-response-malformed", "error")], G279,
     "a JSON-RPC call is answered with one JSON-RPC response object (its id, then result or error: JSON-RPC 2.0 §5, RPC-001, RPC-002); this 200 carries no body at all, so the client reads EOF where the response should be and cannot tell a served call from a lost one")

# --- f1003 (legal): a 0.3 push with the token alone, the config naming a scheme but no credentials (a2a-python #585)
P585 = ("https://github.com/a2aproject/a2a-python/issues/585 ([Feat]: PushNotificationConfig.authentication is ignored; no Authorization header "
        "is sent in push notifications: the example config gives token secure-client-token-for-task-aaa and authentication {schemes: [Bearer]} "
        "with no credentials; BasePushNotificationSender attaches only X-A2A-Notification-Token)")
CARD03P = card03(A + "/", capabilities={"streaming": True, "pushNotifications": True})
case("f1003-legal-v03-push-token-only-config-without-credentials", get_card(0.0, CARD03P) + [
    req(0.1, "POST", A + "/", rpc("s-585", "message/send", {"message": umsg03("Generate a Q1 sales report", mid="m-585"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": WEBHOOK, "token": "secure-client-token-for-task-aaa",
            "authentication": {"schemes": ["Bearer"]}}}})),
    resp(0.12, 200, ok("s-585", task03("t-585", "c-585", "submitted"))),
    req(5.0, "POST", WEBHOOK, task03("t-585", "c-585", "completed"), hdr={"x-a2a-notification-token": "secure-client-token-for-task-aaa"}),
    resp(5.01, 200, ""),
], [], P585,
     "legal: the config names the Bearer scheme but gives no credentials, so the agent has nothing to put in an Authorization header; the token it was given went out in X-A2A-Notification-Token (0.3 topics, PUSH-005), which is what the webhook can check")

# --- f1004: a 1.0 HTTP+JSON push config list ignores pageSize (a2a-js #700)
JS700 = ("https://github.com/a2aproject/a2a-js/issues/700 ([Bug]: REST push-notification config listing ignores pageSize and pageToken: the REST "
         "server invokes the request handler with pageSize 0 and an empty pageToken even when GET /tasks/task-1/pushNotificationConfigs?pageSize=7"
         "&pageToken=cursor-abc carries them, so callers cannot request a page; fix in PR #701)")
RA = "https://agent.example.test/rest"
CARDRP = card10(RA, binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True})
def pcfg(tid, i): return {"id": "cfg-%d" % i, "taskId": tid, "url": "https://hooks.example.test/a2a/%d" % i}
case("f1004-v10-rest-push-config-list-ignores-page-size", get_card(0.0, CARDRP) + [
    req(0.1, "POST", RA + "/message:send", {"message": umsg10("watch the build", mid="m-700"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
    resp(0.12, 200, {"task": task10("task-700", "c-700", "TASK_STATE_SUBMITTED")}, ctype=A2AJ),
] + [x for i in range(1, 4) for x in (
    req(0.2 + i / 10, "POST", RA + "/tasks/task-700/pushNotificationConfigs", {"id": "cfg-%d" % i, "url": "https://hooks.example.test/a2a/%d" % i}, ver="1.0", ctype=A2AJ),
    resp(0.21 + i / 10, 200, pcfg("task-700", i), ctype=A2AJ))] + [
    req(1.0, "GET", RA + "/tasks/task-700/pushNotificationConfigs?pageSize=2", ver="1.0"),
    resp(1.01, 200, {"configs": [pcfg("task-700", i) for i in range(1, 4)], "nextPageToken": ""}, ctype=A2AJ),
], [("push-config-list-page-size-exceeded", "error")], JS700,
     "pageSize is the most configs a page may hold (ListTaskPushNotificationConfigsRequest.page_size; HTTP+JSON passes it as the pageSize query parameter, REST-001); the agent read neither query parameter and answered all three configs with no nextPageToken, so a client paging by 2 sees a page it did not ask for")

# --- f1005: a 0.3 client calls agent/card, a method no A2A version defines (a2a-tck PR #64)
T64 = ("https://github.com/a2aproject/a2a-tck/pull/64 (fix: Remove usage of non-existent agent/card method: the TCK's JSON-RPC client invoked "
       "agent/card, which does not exist in the specification, to read the card and detect extended-card support; replaced by the "
       "agent/getAuthenticatedExtendedCard method and the fetched card; fixes #61)")
CARD03X = card03(A + "/", supportsAuthenticatedExtendedCard=True)
case("f1005-v03-client-calls-agent-card-method", get_card(0.0, CARD03X) + [
    req(0.1, "POST", A + "/", rpc("tck-64", "agent/card", {})),
    resp(0.11, 200, err("tck-64", -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], T64,
     "no A2A version defines agent/card: the card is a document at /.well-known/agent-card.json, and its authenticated extended form is agent/getAuthenticatedExtendedCard in 0.3 (GetExtendedAgentCard in 1.0); the agent's -32601 is right, and the client's call can never succeed (RPC-003)")

# --- f1006: a 1.0 SDK pushes a StreamResponse to the webhook of a 0.3 client's config (a2a-java PR #857)
J857 = ("https://github.com/a2aproject/a2a-java/pull/857 (feat: add version-aware push notification support: PushNotificationSender.sendNotification "
        "takes the task snapshot so that a config registered through the 0.3 compatibility layer gets the 0.3 payload (the Task) and a 1.0 "
        "config the StreamResponse (statusUpdate, artifactUpdate wrapped); before, every config got the 1.0 StreamResponse)")
case("f1006-v03-push-delivered-as-1-0-stream-response", get_card(0.0, CARD03P) + [
    req(0.1, "POST", A + "/", rpc("s-857", "message/send", {"message": umsg03("export the ledger", mid="m-857"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": WEBHOOK, "token": "tok-857"}}})),
    resp(0.12, 200, ok("s-857", task03("t-857", "c-857", "submitted"))),
    req(4.0, "POST", WEBHOOK, {"statusUpdate": {"taskId": "t-857", "contextId": "c-857", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        hdr={"x-a2a-notification-token": "tok-857"}),
    resp(4.01, 200, ""),
], [("version-mixed-payload", "warning")], J857,
     "the client registered its webhook in 0.3 (message/send with configuration.pushNotificationConfig), so it reads 0.3 payloads: the Task (kind: task) or its update events, states in lower case (PUSH-005); the agent pushed 1.0's StreamResponse (statusUpdate, TASK_STATE_COMPLETED), which a 0.3 receiver cannot read as any of them")

# --- f1007: a 1.0 card whose securitySchemes are OpenAPI objects (espennilsen/pi PR #62)
E62 = ("https://github.com/espennilsen/pi/pull/62 (fix(pi-a2a): convert securitySchemes to A2A spec discriminated union format: the served "
       "card used raw OpenAPI 3.x security schemes ({type: http, scheme: bearer}) where A2A requires one wrapper key such as "
       "httpAuthSecurityScheme; the hub correctly rejected the agent card during registration)")
case("f1007-v10-card-security-schemes-openapi-objects", get_card(0.0, card10(A + "/a2a",
        securitySchemes={"bearer": {"type": "http", "scheme": "bearer", "description": "hub token"}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}])), [("card-security-scheme-malformed", "error")], E62,
     "a 1.0 SecurityScheme is a oneof with exactly one member: httpAuthSecurityScheme {scheme}, apiKeySecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme or mtlsSecurityScheme (CARD-003); the OpenAPI/0.3 form {type: http, scheme: bearer} has none of them, so a 1.0 client finds no scheme it can use and a strict one refuses the card")

# --- f1008 (legal): 1.0 pushes of the task and then its status updates (a2a-tck PR #104)
T104 = ("https://github.com/a2aproject/a2a-tck/pull/104 (fix: Update push notifications config assertions: the notifications sent to the "
        "client will be either a \"task\" or a \"statusUpdate\")")
CARDP = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
case("f1008-legal-v10-push-task-then-status-updates", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-104", "SendMessage", {"message": umsg10("tck push scenario", mid="m-104"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WEBHOOK, "token": "tok-104"}}}), ver="1.0"),
    resp(0.12, 200, ok("s-104", {"task": task10("t-104", "c-104", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", WEBHOOK, {"task": task10("t-104", "c-104", "TASK_STATE_SUBMITTED")}, ctype=A2AJ, hdr={"a2a-notification-token": "tok-104"}),
    resp(0.21, 200, ""),
    req(0.5, "POST", WEBHOOK, su10("t-104", "c-104", "TASK_STATE_WORKING"), ctype=A2AJ, hdr={"a2a-notification-token": "tok-104"}),
    resp(0.51, 200, ""),
    req(1.0, "POST", WEBHOOK, su10("t-104", "c-104", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z"), ctype=A2AJ, hdr={"a2a-notification-token": "tok-104"}),
    resp(1.01, 200, ""),
], [], T104,
     "legal: a 1.0 webhook body is one StreamResponse (1.0 §4.3.3, PUSH-004): the task first, then statusUpdate events up to the terminal state, each application/a2a+json")

# --- f1009: a push config list paged by the config's token: page two repeats page one (a2a-java #554)
J554 = ("https://github.com/a2aproject/a2a-java/issues/554 ([Bug]: InMemoryPushNotificationConfigStore uses wrong pagination token: it uses "
        "the token field of the push notification config as the pagination token; it should use the id one)")
case("f1009-v10-push-config-list-paged-by-webhook-token", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-554", "SendMessage", {"message": umsg10("long job", mid="m-554"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.12, 200, ok("s-554", {"task": task10("t-554", "c-554", "TASK_STATE_WORKING")})),
] + [x for i in range(1, 4) for x in (
    req(0.2 + i / 10, "POST", A + "/a2a", rpc("c-554-%d" % i, "CreateTaskPushNotificationConfig", {"taskId": "t-554", "id": "cfg-%d" % i, "url": "https://hooks.example.test/a2a/%d" % i, "token": "tok-%d" % i}), ver="1.0"),
    resp(0.21 + i / 10, 200, ok("c-554-%d" % i, {"id": "cfg-%d" % i, "taskId": "t-554", "url": "https://hooks.example.test/a2a/%d" % i, "token": "tok-%d" % i})))] + [
    req(1.0, "POST", A + "/a2a", rpc("l-554a", "ListTaskPushNotificationConfigs", {"taskId": "t-554", "pageSize": 2}), ver="1.0"),
    resp(1.01, 200, ok("l-554a", {"configs": [{"id": "cfg-%d" % i, "taskId": "t-554", "url": "https://hooks.example.test/a2a/%d" % i, "token": "tok-%d" % i} for i in (1, 2)], "nextPageToken": "tok-2"})),
    req(1.1, "POST", A + "/a2a", rpc("l-554b", "ListTaskPushNotificationConfigs", {"taskId": "t-554", "pageSize": 2, "pageToken": "tok-2"}), ver="1.0"),
    resp(1.11, 200, ok("l-554b", {"configs": [{"id": "cfg-%d" % i, "taskId": "t-554", "url": "https://hooks.example.test/a2a/%d" % i, "token": "tok-%d" % i} for i in (1, 2)], "nextPageToken": "tok-2"})),
], [("push-config-list-paging-broken", "error")], J554,
     "the store handed out the second config's webhook token as nextPageToken and then looked the token up among the config ids, found nothing and started over: page two repeats page one with the same token, so a client that pages until the token is empty loops forever and never sees cfg-3 (DATA-007, PUSH-003)")

# --- f1010: a 1.0 ListTasks answer with tasks only, no nextPageToken / pageSize / totalSize (assistant-ui PR #5269)
U5269 = ("https://github.com/assistant-ui/assistant-ui/pull/5269 (fix(react-a2a): validate task api responses: review: malformed tasks:list "
         "responses with no nextPageToken (or null) are accepted and rewritten to \"\"; A2A v1.0 requires this field to be present, so missing "
         "tokens should be rejected rather than defaulted)")
case("f1010-v10-list-tasks-answer-without-paging-members", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-5269", "ListTasks", {"contextId": "c-5269", "pageSize": 2}), ver="1.0"),
    resp(0.11, 200, ok("l-5269", {"tasks": [task10("t-5269-b", "c-5269", "TASK_STATE_COMPLETED", ts="2026-03-02T11:00:00.000Z"),
                                            task10("t-5269-a", "c-5269", "TASK_STATE_COMPLETED", ts="2026-03-02T10:00:00.000Z")]})),
], [("result-invalid-shape", "error")], U5269,
     "ListTasksResponse's nextPageToken, pageSize and totalSize are REQUIRED (1.0 §3.1.4, DATA-007): a page without nextPageToken does not say whether more tasks follow, and a client that reads absence as the last page stops after two tasks of a context it asked to page by two")

# --- f1011: a 0.3 push that ignores the config's Bearer credentials and sends the token only (a2a-java PR #851)
J851 = ("https://github.com/a2aproject/a2a-java/pull/851 (feat: support authentication field in push notification webhooks: "
        "BasePushNotificationSender.dispatchNotification added only X-A2A-Notification-Token; the PushNotificationAuthenticationInfo (schemes, "
        "credentials) of the config was not propagated, found while working on a2a-tck PR #178)")
case("f1011-v03-push-credentials-dropped-token-sent", get_card(0.0, CARD03P) + [
    req(0.1, "POST", A + "/", rpc("s-851", "message/send", {"message": umsg03("tck push authentication", mid="m-851"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": WEBHOOK, "token": "tok-851",
            "authentication": {"schemes": ["Bearer"], "credentials": "cred-851"}}}})),
    resp(0.12, 200, ok("s-851", task03("t-851", "c-851", "submitted"))),
    req(2.0, "POST", WEBHOOK, task03("t-851", "c-851", "completed"), hdr={"x-a2a-notification-token": "tok-851"}),
    resp(2.01, 401, "", hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")], J851,
     "the config names the Bearer scheme with credentials cred-851, and the agent MUST authenticate to the webhook as configured (0.3 §9.5, PUSH-005): the notification carried the token header only, no Authorization: Bearer, so the webhook that checks the credentials refused it")

# --- f1012 (legal): a 1.0 config whose credentials are blank; the agent sends no Authorization header (a2a-js PR #634)
JS634 = ("https://github.com/a2aproject/a2a-js/pull/634 (fix: reject empty/blank and CRLF push auth credentials: _buildAuthHeaders used a "
         "truthiness check, so a configured scheme with empty or whitespace credentials silently omitted the Authorization header and the webhook "
         "answered 401/403; blank credentials now raise an error that the sender logs, and nothing is sent for them)")
case("f1012-legal-v10-push-blank-credentials-no-authorization-header", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("s-634", "SendMessage", {"message": umsg10("nightly sync", mid="m-634"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WEBHOOK, "authentication": {"scheme": "Bearer", "credentials": "   "}}}}), ver="1.0"),
    resp(0.12, 200, ok("s-634", {"task": task10("t-634", "c-634", "TASK_STATE_SUBMITTED")})),
    req(3.0, "POST", WEBHOOK, su10("t-634", "c-634", "TASK_STATE_COMPLETED"), ctype=A2AJ),
    resp(3.01, 401, "", hdr={"www-authenticate": "Bearer"}),
], [], JS634,
     "legal for the agent: the config names the Bearer scheme with credentials of white space only, which no Authorization header can carry (RFC 9110 §5.5 trims them away, leaving Bearer with no credentials); AuthenticationInfo.credentials is optional in 1.0, so the agent that sends no Authorization header leaves out nothing the client gave, and the webhook's 401 is the client's configuration")

# --- f1013: adk-go's artifact per non-partial event: first partial chunk append: true under a new id, the final one a replace (google/adk-go PR #599)
G599 = ("https://github.com/google/adk-go/pull/599 (feat: adka2a mode with artifact per non-partial event: for a partial event the executor "
        "takes the agent's active artifact id or generates a new one and emits artifactUpdate(append=True, lastChunk=False); the non-partial "
        "event emits artifactUpdate(append=False, lastChunk=True) under the same id so that the task store replaces the accumulated chunks)")
case("f1013-v03-stream-first-partial-chunk-append-true", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-599", "message/stream", {"message": umsg03("summarise the incident", mid="m-599")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-599", st03("t-599", "c-599", "submitted", False)))),
    chunk(0.22, sse(ok("s-599", st03("t-599", "c-599", "working", False)))),
    chunk(0.3, sse(ok("s-599", au03("t-599", "c-599", "adk-599", tx("The outage "), append=True, lastChunk=False)))),
    chunk(0.4, sse(ok("s-599", au03("t-599", "c-599", "adk-599", tx("began at 09:12."), append=True, lastChunk=False)))),
    chunk(0.5, sse(ok("s-599", au03("t-599", "c-599", "adk-599", tx("The outage began at 09:12."), append=False, lastChunk=True)))),
    chunk(0.6, sse(ok("s-599", st03("t-599", "c-599", "completed", True)))),
    chunk(0.61, "", close="eof"),
], [("artifact-append-without-base", "warning")], G599,
     "the first chunk of artifact adk-599 is append: true, appending to an artifact the stream never opened (STREAM-009: the first chunk has append false or absent; a2a-python 1.1+ refuses it); the closing chunk's append: false then replaces the streamed chunks with the whole text, as the PR intends (the note STREAM-ARTIFACT-003 says so)")

# --- f1014: a 1.0 SubscribeToTask for an unknown task answered 200 text/event-stream whose one event is TaskNotFoundError (a2a-tck PR #185)
T185 = ("https://github.com/a2aproject/a2a-tck/pull/185 (fix: remove _validate_from_stream related to STREAM-SUB-004: the TCK no longer reads a "
        "TaskNotFoundError delivered as an in-stream SSE error event as the expected error; review: when a SUT delivers TaskNotFoundError as an "
        "in-stream SSE error event, _call_streaming returns success=True with the error inside events, and the check now reports the operation "
        "as succeeded)")
case("f1014-v10-subscribe-unknown-task-error-inside-stream", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("sub-185", "SubscribeToTask", {"id": "tck-nonexistent-185"}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(err("sub-185", -32001, "Task not found: tck-nonexistent-185", ei("TASK_NOT_FOUND")))),
    chunk(0.22, "", close="eof"),
], [("first-stream-event-not-task", "error")], T185,
     "the agent knew before any event that the task does not exist, yet answered 200 text/event-stream and put TaskNotFoundError in the first event: a subscription's first event is the current Task (1.0 §3.1.6, STREAM-004), and an error known up front is the call's plain JSON-RPC error response; a client or the TCK that sees 200 and an event stream counts the subscription as accepted")

# --- f1015: a 1.0 HTTP+JSON stream that stops after two artifact chunks at WORKING (A2A #2130)
A2130 = ("https://github.com/a2aproject/A2A/issues/2130 (Real-world evidence: undefined stream completion signal allows silent, undetectable "
         "truncation on a production A2A server: message:stream against a deployed Agent Engine target delivered 211 words across 2 artifact "
         "chunks, then the stream stopped; the last status was TASK_STATE_WORKING, it never reached TASK_STATE_COMPLETED and no error was raised)")
RA2 = "https://agent.example.test/v1/reasoningEngines/re-2130/a2a"
CARDR2 = card10(RA2, binding="HTTP+JSON")
case("f1015-v10-rest-stream-stops-at-working", get_card(0.0, CARDR2) + [
    req(0.1, "POST", RA2 + "/message:stream", {"message": umsg10("write an 800-word briefing", mid="m-2130")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.3, 200, "", ctype=SSE),
    chunk(0.31, sse({"task": task10("t-2130", "c-2130", "TASK_STATE_SUBMITTED")})),
    chunk(0.32, sse(su10("t-2130", "c-2130", "TASK_STATE_WORKING"))),
    chunk(4.0, sse(au10("t-2130", "c-2130", "a-2130", [{"text": "Quarterly revenue rose ..."}]))),
    chunk(7.5, sse(au10("t-2130", "c-2130", "a-2130", [{"text": "... operating costs fell by"}], append=True))),
    chunk(7.6, "", close="eof"),
], [("stream-ended-without-terminal", "error")], A2130,
     "a 1.0 task stream closes at a terminal state (1.0 §3.1.2, STREAM-003): this one ended cleanly after two chunks of artifact a-2130 with the task still TASK_STATE_WORKING and no error event, so the client cannot tell a truncated answer from a finished one; the full response existed on the server")

# --- f1016: a 1.0 HTTP+JSON stream that subscribed after the worker had finished: it hangs on a task already completed (mezmo/aura PR #145)
M145 = ("https://github.com/mezmo/aura/pull/145 (fix(a2a): resolve REST streaming subscribe race: a2a-rs-server 1.0.26's "
        "rest_send_streaming_message and rest_subscribe_to_task snapshot the task before subscribing to the broadcast channel; an event broadcast "
        "in that window is dropped, so when the worker emits StatusUpdate(Completed) first the client loops on rx.recv() forever waiting for a "
        "terminal event that already happened)")
RA3 = "https://aura.example.test/a2a/rest"
CARDR3 = card10(RA3, binding="HTTP+JSON")
case("f1016-v10-rest-stream-hangs-after-task-completed", get_card(0.0, CARDR3) + [
    tag(req(0.1, "POST", RA3 + "/message:stream", {"message": umsg10("check the error budget", mid="m-145")}, ver="1.0", ctype=A2AJ, accept=SSE), 1),
    tag(resp(0.2, 200, "", ctype=SSE), 1),
    tag(chunk(0.21, sse({"task": task10("t-145", "c-145", "TASK_STATE_WORKING")})), 1),
    tag(req(30.0, "GET", RA3 + "/tasks/t-145", ver="1.0"), 2),
    tag(resp(30.01, 200, task10("t-145", "c-145", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z",
        artifacts=[{"artifactId": "a-145", "parts": [{"text": "Error budget: 62% left."}]}]), ctype=A2AJ), 2),
    tag(chunk(120.0, "", close="timeout"), 1),
], [("stream-open-after-terminal", "error")], M145,
     "GetTask shows t-145 completed, yet its stream never carried the completion and stayed open until the capture stopped: the agent subscribed its stream after the worker had already published the terminal status, so the event was dropped and the client waits forever (STREAM-003: the stream closes at the terminal state)")

# --- f1017 (legal): the fixed agent repeats the Task event at the start of the stream (mezmo/aura PR #145)
case("f1017-legal-v10-rest-stream-task-event-repeated", get_card(0.0, CARDR3) + [
    req(0.1, "POST", RA3 + "/message:stream", {"message": umsg10("check the error budget", mid="m-145b")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-145b", "c-145b", "TASK_STATE_SUBMITTED")})),
    chunk(0.22, sse({"task": task10("t-145b", "c-145b", "TASK_STATE_SUBMITTED")})),
    chunk(0.8, sse(au10("t-145b", "c-145b", "a-145b", [{"text": "Error budget: 62% left."}], lastChunk=True))),
    chunk(0.9, sse(su10("t-145b", "c-145b", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z"))),
    chunk(0.91, "", close="eof"),
], [], M145,
     "legal: subscribing before taking the snapshot may repeat the Task event once (the PR: 'may yield one duplicate Task event'); a Task snapshot in a stream replaces the client's view of the task, so the same snapshot twice changes nothing (1.0 §3.1.2 allows task events after the first)")

write_cases(cases, OUT)
