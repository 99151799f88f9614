"""Session-39 field cases of miner mine39 (f880-...): same helpers and output format as gen_cases38.py.

Scope (round thirty-nine): 1.0 wire details the table had few of: the JSON-RPC envelope of
1.0 answers (the `jsonrpc` member, error `data` with google.rpc.ErrorInfo, the media type),
the first event of SubscribeToTask, the mTLS scheme and the OAuth 2.0 flows oneof in
ProtoJSON, the pluralised push-config list method and the 0.3 push-config delete result,
returnImmediately, the A2A-Version header, Part raw / data: URL details, card metadata
(iconUrl, documentationUrl, provider), an HTTP+JSON error status and a dropped appended chunk.
`python3 gen_cases39.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]

# --- faults -------------------------------------------------------------------------------------------
E76 = ("https://github.com/actioncard/a2a-elixir/issues/76 (Include ErrorInfo in JSON-RPC error data: \"The library omits `data` entirely for A2A-specific errors\"; "
       "`Error.task_not_found/1` is constructed with no data, so the response has no `data` key at all; 2026-09-20)")
case("f880-v10-jsonrpc-task-not-found-without-error-info", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-76", "GetTask", {"id": "t-76-missing"}), ver="1.0"),
    resp(0.12, 200, err("g-76", -32001, "Task not found: t-76-missing")),
], [("jsonrpc-error-info-missing", "note")],
 E76 + ". The exchange is rebuilt from the issue: a 1.0 GetTask for an unknown id answered -32001 with no `data` member",
 "a 1.0 A2A error on JSON-RPC carries error.data as an array holding a google.rpc.ErrorInfo {reason: TASK_NOT_FOUND, domain: a2a-protocol.org} (ERR-004: SHOULD in 1.0.1, MUST in 1.0.0); without it a client that dispatches on the reason (as the TCK's JSONRPC-ERR-003 does) has only the number")

J696 = ("https://github.com/a2aproject/a2a-js/issues/696 ([Bug]: JSON-RPC client accepts responses with missing or invalid jsonrpc version: the JavaScript client decodes "
        "{\"result\": {\"message\": ...}, \"id\": 1} and \"jsonrpc\": \"1.0\" as normal A2A results, unary and as SSE events; 2026-09-03)")
case("f881-v10-send-answer-without-jsonrpc-member", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("ping", mid="m-696")}), ver="1.0"),
    resp(0.2, 200, {"result": {"message": amsg10("pong", mid="m-1", contextId="c-696")}, "id": 1}),
], [("jsonrpc-response-malformed", "error")],
 J696 + ". The exchange is rebuilt from the issue's example body (the agent's side: a reply without the jsonrpc member)",
 "a JSON-RPC 2.0 response carries \"jsonrpc\": \"2.0\" (RPC-001; JSON-RPC 2.0 §5; 1.0 §9.1): a response without it is no JSON-RPC 2.0 response, and the a2a-js client that accepted it was fixed to refuse it")

P675 = ("https://github.com/a2aproject/a2a-python/issues/675 ([Task]: 1.0: Send current task state as a first event on \"Subscribe to Task\": \"The operation MUST return a Task object as the first event in the stream\"; "
        "fixed by PR #716, and in a2a-js by PR #418 for issue #323; 2026-02-09)")
case("f882-v10-subscribe-first-event-status-update", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-675", "SendMessage", {"message": umsg10("index the archive", mid="m-675"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("s-675", {"task": task10("t-675", "c-675", "TASK_STATE_WORKING")})),
    req(0.5, "POST", A + "/a2a", rpc("sub-675", "SubscribeToTask", {"id": "t-675"}), ver="1.0", accept=SSE),
    resp(0.52, 200, "", ctype=SSE),
    chunk(0.9, sse(ok("sub-675", su10("t-675", "c-675", "TASK_STATE_WORKING", ts="2026-03-02T10:15:01.000Z")))),
    chunk(2.0, sse(ok("sub-675", su10("t-675", "c-675", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")))),
    chunk(2.01, "", close="eof"),
], [("first-stream-event-not-task", "error")],
 P675 + ". The stream is rebuilt as a pre-1.0 SDK serves it: the queue's next status update first, no Task",
 "1.0 SubscribeToTask MUST open with the task's current state as a `task` event (STREAM-004, 1.0 §3.1.6); a statusUpdate first leaves a client that subscribed after a reconnect without the task's artifacts and history")

J592 = ("https://github.com/a2aproject/a2a-java/pull/592 (fix: Fix Security JSON serialization, fixes #590 / #591: the mutual TLS scheme's type identifier \"mutualTLS\" becomes the "
        "1.0 oneof member \"mtlsSecurityScheme\"; 2026-01-15)")
MT = "https://ledger.example.test"
case("f883-v10-card-mtls-scheme-03-type", get_card(0.0, card10(MT + "/a2a", name="ledger-agent",
        securitySchemes={"mtls": {"type": "mutualTLS", "description": "client certificate issued by the ledger CA"}},
        securityRequirements=[{"schemes": {"mtls": {"list": []}}}]), MT + "/.well-known/agent-card.json"),
 [("card-security-scheme-malformed", "error")],
 J592 + ". The card is rebuilt with the scheme as the SDK wrote it before the fix: the 0.3 `type: mutualTLS` form",
 "a 1.0 SecurityScheme is a oneof; mutual TLS is {\"mtlsSecurityScheme\": {\"description\": ...}} (1.0:proto SecurityScheme, MutualTlsSecurityScheme; DATA-001). {\"type\": \"mutualTLS\"} is the 0.3 JSON-RPC shape: a 1.0 client finds no scheme, cannot tell a certificate is needed and fails the TLS handshake (CARD-003, AUTH-002)")

T129 = ("https://github.com/a2aproject/a2a-tck/pull/129 (fix!: Align push notification methods with latest a2a-java proto: \"Rename ListTaskPushNotificationConfig -> ListTaskPushNotificationConfigs\"; "
        "the spec's rename is https://github.com/a2aproject/A2A/pull/1486, fix(spec)!: pluralize configs in ListTaskPushNotificationConfigs; 2026-02)")
PA = "https://push-agent.example.test"
case("f884-v10-client-list-push-configs-singular-method", get_card(0.0, card10(PA + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), PA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", PA + "/a2a", rpc("l-129", "ListTaskPushNotificationConfig", {"taskId": "t-129"}), ver="1.0"),
    resp(0.11, 200, err("l-129", -32601, "Method not found: ListTaskPushNotificationConfig")),
], [("client-method-name-wrong-case", "note")],
 T129 + ". The exchange is rebuilt as a client on the pre-#1486 draft calls a 1.0 agent",
 "the 1.0 method is ListTaskPushNotificationConfigs, plural (RPC-003, 1.0 §9; A2A PR #1486); the singular name is a draft's, and a 1.0 agent rightly answers -32601: the client must use the released name")

J166 = ("https://github.com/a2aproject/a2a-js/pull/166 (test: fix deleteTaskPushNotificationConfig test for client: \"According to the spec, `result` field should contain `null` on success. "
        "Currently the test configures mock to return a non-null response\"; 2025-11-06)")
case("f885-v03-delete-push-config-result-not-null", get_card(0.0, card03(PA + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), PA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", PA + "/a2a", rpc("d-166", "tasks/pushNotificationConfig/delete", {"id": "t-166", "pushNotificationConfigId": "cfg-166"})),
    resp(0.11, 200, ok("d-166", {"taskId": "t-166", "pushNotificationConfig": {"id": "cfg-166", "url": "https://client.example.test/hook"}})),
], [("result-invalid-shape", "error")],
 J166 + ". The exchange is the mock's answer the PR removed: the deleted config echoed as the result",
 "0.3 tasks/pushNotificationConfig/delete answers result null (0.3 §7.8, 0.3:ts DeleteTaskPushNotificationConfigSuccessResponse); a client typed on the schema refuses an object there")

J474 = ("https://github.com/a2aproject/a2a-js/issues/474 (feat(compat): Default to 0.3 if version is not provided: \"the client (>0.3) must emit the version. If the version is not provided, `0.3` should be set as a default. "
        "At the moment, the SDK is setup to accept only `1.0`\"; 2026-05-13)")
case("f888-v10-client-request-without-version-header", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-474", "SendMessage", {"message": umsg10("what is on my calendar today", mid="m-474")})),
    resp(0.6, 200, ok("s-474", {"message": amsg10("Two meetings: 10:00 and 15:30.", mid="m-a474", contextId="c-474")})),
], [("client-version-mixed-request", "warning"), ("version-0-3-header-on-1-0-call-processed", "warning")],
 J474 + ". The exchange is rebuilt from the issue: a 1.0 request (PascalCase method, 1.0 message) without A2A-Version, served by a server that reads every request as 1.0",
 "a 1.0 client MUST send A2A-Version: 1.0 on every request (VER-001, 1.0 §3.6.1); without it the agent MUST read the request as 0.3 (VER-003), so this call works only with a server that, like the one in the issue, ignores the rule, and a server with the 0.3 compatibility layer refuses it")

AU6796 = ("https://github.com/assistant-ui/assistant-ui/pull/6796 (fix(react-a2a): preserve raw zero-byte files: \"Empty strings are valid raw base64 for zero-byte files\"; "
          "a file { data: \"\", mimeType: \"text/plain\" } had disappeared from the outgoing A2A message; 2026-09-03)")
case("f889-legal-v10-zero-byte-raw-file-part", get_card(0.0, card10(A + "/a2a", defaultInputModes=["text/plain"])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6796", "SendMessage", {"message": {"messageId": "m-6796", "role": "ROLE_USER", "parts": [{"text": "store this file"}, {"raw": "", "mediaType": "text/plain", "filename": "empty.txt"}]}}), ver="1.0"),
    resp(0.3, 200, ok("s-6796", {"message": amsg10("Stored empty.txt (0 bytes).", mid="m-a6796", contextId="c-6796")})),
], [],
 AU6796 + ". The request is the fixed adapter's: the zero-byte file as raw \"\" with its media type and name",
 "legal: a 1.0 Part's raw is a oneof member, so ProtoJSON writes it when set even to the empty bytes (\"\", the base64 of zero bytes); {raw: \"\", mediaType, filename} is a zero-byte file, exactly one content member (DATA-004)")

AF6820 = ("https://github.com/microsoft/agent-framework/issues/6820 (Python: Python A2A rejects data URIs with media type parameters: get_uri_data() raises ValueError(\"Invalid data URI format: ...\") "
          "for data:text/plain;charset=utf-8;base64,SGVsbG8sIFdvcmxkIQ==; 2026-06-30)")
AF = "https://maf-agent.example.test"
case("f890-v10-data-url-with-charset-refused", get_card(0.0, card10(AF + "/a2a", defaultInputModes=["text/plain"]), AF + "/.well-known/agent-card.json") + [
    req(0.1, "POST", AF + "/a2a", rpc("s-6820", "SendMessage", {"message": {"messageId": "m-6820", "role": "ROLE_USER", "parts": [{"text": "summarise the attachment"}, {"url": "data:text/plain;charset=utf-8;base64,SGVsbG8sIFdvcmxkIQ==", "mediaType": "text/plain"}]}}), ver="1.0"),
    resp(0.12, 200, err("s-6820", -32602, "Invalid data URI format: data:text/plain;charset=utf-8;base64,SGVsbG8sIFdvcmxkIQ==")),
], [("valid-request-refused-invalid-params", "warning")],
 AF6820 + ". The exchange is rebuilt from the issue: the agent's content conversion refuses the data: URL and the SDK answers InvalidParams",
 "a data: URL may carry media-type parameters before ;base64 (RFC 2397), and a 1.0 Part url is any URL (DATA-004): refusing it as invalid params turns a valid request away (ERR-006 keeps -32602 for what the schema makes invalid)")

K2188 = ("https://github.com/kagent-dev/kagent/pull/2188 (feat: expose icon, provider, documentation URL and version on agent A2A card: iconUrl, documentationUrl, version and provider "
         "{organization, url} surfaced on the AgentCard; 2026-07-09)")
KG = "https://kagent.example.test/api/a2a/kagent/k8s-agent"
case("f891-legal-v10-card-icon-documentation-provider", get_card(0.0, card10(KG + "/", name="k8s-agent", description="Kubernetes troubleshooting agent", version="0.7.2",
        iconUrl="https://kagent.example.test/icons/k8s-agent.svg", documentationUrl="https://kagent.example.test/docs/agents/k8s-agent",
        provider={"organization": "Platform Team", "url": "https://platform.example.test"}), KG + "/.well-known/agent-card.json"), [],
 K2188 + ". The card is the PR's output with every new field set",
 "legal: iconUrl, documentationUrl and provider {organization, url} are optional 1.0 AgentCard members (1.0:proto AgentCard, AgentProvider; CARD-003 asks only the required ones), absolute https URLs")

case("f892-v10-stream-event-jsonrpc-1-0", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(2, "SendStreamingMessage", {"message": umsg10("draft the release notes", mid="m-696s")}), ver="1.0", accept=SSE),
    resp(0.12, 200, "", ctype=SSE),
    chunk(0.3, sse({"jsonrpc": "1.0", "id": 2, "result": {"task": task10("t-696", "c-696", "TASK_STATE_WORKING")}})),
    chunk(1.4, sse({"jsonrpc": "1.0", "id": 2, "result": su10("t-696", "c-696", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")})),
    chunk(1.41, "", close="eof"),
], [("jsonrpc-response-malformed", "error")],
 J696 + ". The stream is rebuilt from the issue's second form: every SSE event's JSON-RPC envelope says \"jsonrpc\": \"1.0\"",
 "each SSE data of a JSON-RPC stream is one JSON-RPC 2.0 response, \"jsonrpc\": \"2.0\" (RPC-005, RPC-001): \"1.0\" names another protocol version, which a strict client (the fixed a2a-js) refuses event by event")

J577 = ("https://github.com/a2aproject/a2a-java/issues/577 ([Bug]: REST listTasks rejects valid status strings with 500: \"GET /tasks?status=working (or input-required, etc.) causes an IllegalArgumentException "
        "because the REST handler uses TaskState.valueOf(status) ... and end up as a 500 InternalError\"; 2026-01-08)")
JR = "https://java-agent.example.test"
case("f893-v10-rest-list-tasks-lowercase-status-500", get_card(0.0, card10(JR, binding="HTTP+JSON", name="java-agent"), JR + "/.well-known/agent-card.json") + [
    req(0.1, "GET", JR + "/tasks?status=working", ver="1.0"),
    resp(0.12, 500, {"error": {"code": 500, "status": "INTERNAL", "message": "No enum constant io.a2a.spec.TaskState.working", "details": ei("INTERNAL")}}),
], [("invalid-param-answered-internal-error", "error"), ("client-request-param-invalid", "note")],
 J577 + ". The exchange is rebuilt from the issue: the client filters by the 0.3 state name, the handler's enum lookup throws and the error handler answers 500",
 "on a 1.0 HTTP+JSON route the status query parameter is the TaskState enum name, TASK_STATE_WORKING (REST-001: enums as their proto names; DATA-001), so `working` is the client's fault; the agent in turn answers an unparseable parameter 400 INVALID_ARGUMENT, never 500 INTERNAL (ERR-006: validate input first)")

J695 = ("https://github.com/a2aproject/a2a-java/issues/695 ([Bug]: JSON-RPC error does not use the correct content type: \"When an error is returned by the JSON-RPC, it must use the "
        "`application/problem+json` Content-Type and not `application/json`\", citing 1.0 §11.6, the HTTP+JSON section; 2026-03-03)")
case("f894-v10-jsonrpc-error-served-as-problem-json", get_card(0.0, card10(JR + "/a2a", name="java-agent"), JR + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JR + "/a2a", rpc("c-695", "CancelTask", {"id": "t-695-missing"}), ver="1.0"),
    resp(0.11, 200, err("c-695", -32001, "Task not found", ei("TASK_NOT_FOUND")), ctype="application/problem+json"),
], [("jsonrpc-response-malformed", "error")],
 J695 + ". The exchange is the behaviour the issue asked for, as a server that followed it answers a JSON-RPC call",
 "a JSON-RPC response is application/json on every A2A version (RPC-001, 1.0 §9.1); §11.6 is the HTTP+JSON binding's, and even there 1.0.1 replaced RFC 9457 problem+json with google.rpc.Status (trap 10): a JSON-RPC client that dispatches on the media type does not read the error")

P1038 = ("https://github.com/a2aproject/a2a-python/issues/1038 ([Bug]: append=True with unknown artifact_id silently drops the chunk: \"The Task transitions through WORKING → COMPLETED with an empty artifact, "
         "no error surfaces upward, and the client sees a successful response with no content\"; fixed by PR #1077; 2026-05-01)")
case("f895-v10-appended-chunk-dropped-from-stored-task", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1038", "SendStreamingMessage", {"message": umsg10("write the summary", mid="m-1038")}), ver="1.0", accept=SSE),
    resp(0.12, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-1038", {"task": task10("t-1038", "c-1038", "TASK_STATE_WORKING")}))),
    chunk(0.8, sse(ok("s-1038", {"artifactUpdate": {"taskId": "t-1038", "contextId": "c-1038", "artifact": {"artifactId": "a-1038", "name": "my_response", "parts": [{"text": "The quarter closed 4 % above plan."}]}, "append": True, "lastChunk": True}}))),
    chunk(0.9, sse(ok("s-1038", su10("t-1038", "c-1038", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z")))),
    chunk(0.91, "", close="eof"),
    req(1.5, "POST", A + "/a2a", rpc("g-1038", "GetTask", {"id": "t-1038"}), ver="1.0"),
    resp(1.51, 200, ok("g-1038", task10("t-1038", "c-1038", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:02.000Z"))),
], [("stored-artifact-lost", "warning"), ("artifact-append-without-base", "warning")],
 P1038 + ". The exchange is rebuilt from the issue's reproducer: the executor's only chunk is sent with append true under a fresh artifactId, the stream carries it, the task store drops it",
 "an artifact the task's stream delivered belongs to the task, and a later GetTask returns it (STREAM-009, TASK-005: the Task carries all its artifacts): the store kept nothing, so the client that polls gets no deliverable (TASK-STATE-010). The stream's append:true on an artifactId never sent is STREAM-ARTIFACT-001's warning (the proto: append to a previously sent artifact); A2A PR #2173, still open, would let it create the artifact, which is why that one stays a warning")

A1234 = ("https://github.com/a2aproject/A2A/issues/1234 ([Question] Modernize OAuth 2.0 flows: Remove Implicit/Password, Add Device Code/PKCE: quotes the proto's "
         "`message OAuthFlows { oneof flow { ... } }` and asks for the device code flow and PKCE on the authorization code flow; closed 2025-11, the 1.0 proto has both)")
DV = "https://tv-agent.example.test"
case("f896-v10-card-oauth2-two-flows-in-oneof", get_card(0.0, card10(DV + "/a2a", name="tv-agent",
        securitySchemes={"oauth": {"oauth2SecurityScheme": {"oauth2MetadataUrl": "https://auth.example.test/.well-known/oauth-authorization-server",
            "flows": {"authorizationCode": {"authorizationUrl": "https://auth.example.test/authorize", "tokenUrl": "https://auth.example.test/token", "scopes": {"watch": "watch"}, "pkceRequired": True},
                      "deviceCode": {"deviceAuthorizationUrl": "https://auth.example.test/device", "tokenUrl": "https://auth.example.test/token", "scopes": {"watch": "watch"}}}}}},
        securityRequirements=[{"schemes": {"oauth": {"list": ["watch"]}}}]), DV + "/.well-known/agent-card.json"),
 [("card-security-scheme-malformed", "error")],
 A1234 + ". The card is rebuilt as a 0.3 habit carried into 1.0: two flows side by side in one scheme's flows",
 "1.0 OAuthFlows is a oneof (1.0:proto OAuthFlows: authorizationCode, clientCredentials, deviceCode, deprecated implicit / password): a ProtoJSON reader refuses an object that sets two of its members, so the whole card fails to load (CARD-003, DATA-001); 0.3's flows allowed several. Declare one scheme per flow and name both in securityRequirements as alternatives (AUTH-007)")
case("f897-legal-v10-card-oauth2-device-code-flow", get_card(0.0, card10(DV + "/a2a", name="tv-agent",
        securitySchemes={"oauth": {"oauth2SecurityScheme": {"oauth2MetadataUrl": "https://auth.example.test/.well-known/oauth-authorization-server",
            "flows": {"deviceCode": {"deviceAuthorizationUrl": "https://auth.example.test/device", "tokenUrl": "https://auth.example.test/token", "scopes": {"watch": "watch"}}}}},
                         "oauthWeb": {"oauth2SecurityScheme": {"flows": {"authorizationCode": {"authorizationUrl": "https://auth.example.test/authorize", "tokenUrl": "https://auth.example.test/token", "scopes": {"watch": "watch"}, "pkceRequired": True}}}}},
        securityRequirements=[{"schemes": {"oauth": {"list": ["watch"]}}}, {"schemes": {"oauthWeb": {"list": ["watch"]}}}]), DV + "/.well-known/agent-card.json") + [
    req(0.3, "POST", DV + "/a2a", rpc("s-1234", "SendMessage", {"message": umsg10("what is on channel 4", mid="m-1234")}), ver="1.0", hdr={"authorization": "Bearer eyJ-1234"}),
    resp(0.8, 200, ok("s-1234", {"message": amsg10("A documentary until 21:00.", mid="m-a1234", contextId="c-1234")})),
], [],
 A1234 + ". The card is the issue's outcome as the 1.0 proto has it: the device code flow, and PKCE on the authorization code flow, one flow per scheme",
 "legal: each OAuthFlows sets one oneof member (deviceCode with deviceAuthorizationUrl and tokenUrl; authorizationCode with pkceRequired), oauth2MetadataUrl is an https URL (RFC 8414), the two requirements are alternatives (AUTH-007: OR of ANDs), and the call carries a bearer token (AUTH-002)")

# --- legal --------------------------------------------------------------------------------------------
case("f886-legal-v10-card-mtls-scheme", get_card(0.0, card10(MT + "/a2a", name="ledger-agent",
        securitySchemes={"mtls": {"mtlsSecurityScheme": {"description": "client certificate issued by the ledger CA"}}},
        securityRequirements=[{"schemes": {"mtls": {"list": []}}}]), MT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", MT + "/a2a", rpc("s-592", "SendMessage", {"message": umsg10("balance of account 7", mid="m-592")}), ver="1.0"),
    resp(0.5, 200, ok("s-592", {"message": amsg10("1,204.50 EUR", mid="m-a592", contextId="c-592")})),
], [],
 J592 + ". The card is the fixed SDK's form; the call carries no header because the credential is the TLS client certificate",
 "legal: {\"mtlsSecurityScheme\": {...}} is the 1.0 oneof member (1.0:proto SecurityScheme), the requirement names it with an empty scope list (AUTH-007), and an mTLS call carries its credential in the handshake, not in an HTTP header (AUTH-001)")

D339 = ("https://github.com/a2aproject/a2a-dotnet/pull/339 (fix: rename Blocking to ReturnImmediately and implement return-immediately behavior: \"when ReturnImmediately = true, the server returns the first Task event "
        "immediately and continues processing in the background\"; 2026-03-25)")
case("f887-legal-v10-return-immediately-then-poll", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-339", "SendMessage", {"message": umsg10("generate the quarterly report", mid="m-339"), "configuration": {"returnImmediately": True, "acceptedOutputModes": ["text/plain"]}}), ver="1.0"),
    resp(0.15, 200, ok("s-339", {"task": task10("t-339", "c-339", "TASK_STATE_SUBMITTED")})),
    req(5.0, "POST", A + "/a2a", rpc("g-339", "GetTask", {"id": "t-339"}), ver="1.0"),
    resp(5.01, 200, ok("g-339", task10("t-339", "c-339", "TASK_STATE_WORKING", ts="2026-03-02T10:15:03.000Z"))),
    req(12.0, "POST", A + "/a2a", rpc("g-339b", "GetTask", {"id": "t-339"}), ver="1.0"),
    resp(12.01, 200, ok("g-339b", task10("t-339", "c-339", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:11.000Z", artifacts=[{"artifactId": "a-339", "parts": [{"text": "Q3 report: ..."}]}]))),
], [],
 D339 + ". The exchange is the fixed server's: the submitted task at once, then the client polls",
 "legal: returnImmediately:true answers right after the task is created, in a non-terminal state (TASK-005, 1.0 §3.2.2), and the client polls GetTask until the terminal state (TASK-008)")

write_cases(cases, OUT)
