"""Session-26 field cases of miner mine26a (f421-f440): same helpers and output format as gen_cases.py.

Scope: security and identity, who may call whom, from any public tracker: security schemes in the
card per generation (bearer, OAuth 2.0, apiKey, mutual TLS), 401/403 answers and their challenge,
clients that send no credential or the wrong one, the authenticated / extended agent card, push
webhook authentication, auth-required round trips, signed cards, tasks scoped to their caller.
`python3 gen_cases26a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b26a-*` variants into ../variants).
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
A2AJ = "application/a2a+json"
HOOK = "https://client.example.test/a2a/webhook"
CARD_URL = A + "/.well-known/agent-card.json"
def sid(line, i):
    """Pairs a line with its exchange (`id`, docs/transcript-format.md)."""
    line["id"] = i
    return line
def bearer(tok):
    return {"authorization": "Bearer " + tok}
def su10(tid, cid, state, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}

# Cards -----------------------------------------------------------------------------------------
BEARER10 = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}
REQ_BEARER10 = [{"schemes": {"bearer": {"list": []}}}]
def card10(url=A + "/a2a", binding="JSONRPC", security=True, **caps):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    c["capabilities"].update(caps)
    if security:
        c["securitySchemes"] = copy.deepcopy(BEARER10)
        c["securityRequirements"] = copy.deepcopy(REQ_BEARER10)
    return c
BEARER03 = {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}
def card03s(url=A + "/", **kw):
    c = card03(url, securitySchemes=copy.deepcopy(BEARER03), security=[{"bearer": []}])
    c.update(kw)
    return c
CHALLENGE = {"www-authenticate": 'Bearer realm="a2a"'}
def unauth(t, body=None, hdr=None):
    h = dict(CHALLENGE)
    if hdr: h.update(hdr)
    return resp(t, 401, body if body is not None else {"error": "unauthorized", "message": "missing bearer token"}, hdr=h)

# --- the extended agent card ---------------------------------------------------------------------
# a2a-samples #340: the helloworld sample serves its extended card to any caller
pub = card10(url=A + "/", security=False, extendedAgentCard=True)
pub["name"] = "Hello World Agent"
ext = copy.deepcopy(pub)
ext["name"] = "Hello World Agent - Extended Edition"
ext["skills"].append({"id": "echo_bot_super_mode", "name": "Echo Bot (Super Mode)", "description": "An extended version of Echo Bot", "tags": ["extended"]})
case("f421-v10-extended-card-declared-without-any-scheme", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, pub),
    req(0.1, "POST", A + "/", rpc("1", "GetExtendedAgentCard", {}), ver="1.0"),
    resp(0.104, 200, ok("1", ext)),
], [("extended-card-without-auth", "error")],
 "https://github.com/a2aproject/a2a-samples/issues/340 (the helloworld sample's extended agent card is returned whether or not the auth token is present in the request, and whether or not it is valid; the sample's public card, samples/python/agents/helloworld/__main__.py, declares extended_agent_card=True and no security scheme)",
 "GetExtendedAgentCard MUST be authenticated with a scheme the public card declares (AUTH-005, 1.0 §3.1.11); this public card declares capabilities.extendedAgentCard and no securitySchemes at all, so no client can authenticate, and the agent served the extended card (the skills it keeps off the public card) to a call without credentials")

# a2a-js PR #197: an anonymous extended-card call is answered with the public card
pub03 = card03s(supportsAuthenticatedExtendedCard=True)
ext03 = copy.deepcopy(pub03)
ext03["skills"].append({"id": "admin", "name": "Admin", "description": "Tenant administration", "tags": ["admin"]})
case("f422-v03-anonymous-extended-card-call-gets-public-card", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, pub03),
    req(0.1, "POST", A + "/", rpc("1", "agent/getAuthenticatedExtendedCard", {})),
    resp(0.104, 200, ok("1", pub03)),
    req(0.2, "POST", A + "/", rpc("2", "agent/getAuthenticatedExtendedCard", {}), hdr=bearer("tok-197")),
    resp(0.204, 200, ok("2", ext03)),
], [("extended-card-call-answered-with-public-card", "note")],
 "https://github.com/a2aproject/a2a-js/pull/197 (fixes #196: with an AgentCard object as extendedAgentCardProvider, an authenticated user gets the extended card and an unauthenticated user gets the basic agentCard)",
 "0.3 §7.10 answers an unauthenticated agent/getAuthenticatedExtendedCard with 401 and a WWW-Authenticate challenge (AUTH-005); answering the public card instead leaves the client unable to tell which card it holds or that it should authenticate. The authenticated call gets the extended card, as it should")

# --- push webhook authentication ---------------------------------------------------------------------
# a2a-java #810: the webhook POST carries no Authorization although the config names Bearer credentials
AUTH810 = {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "tok-810"}}
case("f423-v10-rest-push-delivered-without-authorization", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(url=A, binding="HTTP+JSON", security=False, pushNotifications=True)),
    req(0.1, "POST", A + "/message:send", {"message": umsg10("export the quarterly report", mid="m-810"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": AUTH810}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.12, 200, {"task": task10("t-810", "c-810", "TASK_STATE_SUBMITTED")}, ctype=A2AJ),
    req(2.0, "POST", HOOK, su10("t-810", "c-810", "TASK_STATE_COMPLETED"), ctype=A2AJ),
    resp(2.004, 401, "", hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")],
 "https://github.com/a2aproject/a2a-java/issues/810 ; https://github.com/a2aproject/a2a-java/pull/814 (push notification webhooks did not include the Authorization header from PushNotificationConfig.authentication, on gRPC, JSON-RPC and HTTP+JSON)",
 "the agent MUST send the credentials of the config's authentication with each webhook request, as `Authorization: {scheme} {credentials}` (PUSH-005, 1.0 §4.3.3); the webhook got a POST with none and refused it, so the client never learns its task completed")

# a2a-js #239: the 0.3 authentication member is ignored; only the token header is sent
case("f424-v03-push-authentication-ignored-token-only", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03(A + "/", capabilities={"streaming": True, "pushNotifications": True})),
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("sync the catalogue", mid="m-239"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-239", "authentication": {"schemes": ["Bearer"], "credentials": "cred-239"}}}})),
    resp(0.12, 200, ok("1", task03("t-239", "c-239", "submitted"))),
    req(3.0, "POST", HOOK, task03("t-239", "c-239", "completed"), hdr={"x-a2a-notification-token": "tok-239"}),
    resp(3.004, 401, "", hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")],
 "https://github.com/a2aproject/a2a-js/issues/239 (DefaultPushNotificationSender ignores the authentication field of the client's push notification config: only the token is sent, in X-A2A-Notification-Token, never an Authorization header)",
 "the config names Bearer credentials in authentication; the server MUST authenticate to the webhook as configured (PUSH-005, 0.3 §9.5), and the token header alone is not that: a webhook that checks Authorization refuses every notification")

# --- security schemes in the card --------------------------------------------------------------------
# a2a-python #615: the apiKey scheme's `in` is serialised under its Python name `in_`
case("f425-v03-card-api-key-scheme-in-underscore", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, card03(A + "/", securitySchemes={"x402": {"description": "x402 payment proof", "in_": "header", "name": "X-Payment", "type": "apiKey"}}, security=[{"x402": []}])),
], [("card-security-scheme-malformed", "error")],
 "https://github.com/a2aproject/a2a-python/issues/615 (the APIKeySecurityScheme of a served AgentCard carries `in_` instead of `in`; clients that validate against the official schema fail with 'Field required: securitySchemes.x402.APIKeySecurityScheme.in')",
 "a 0.3 APIKeySecurityScheme requires `in` (header, query or cookie) and `name` (0.3 schema; CARD-003, AUTH-002); with `in_` a client cannot tell where the key goes, and a validating client refuses the whole card")

# archestra PR #6969: the card needs a bearer token to fetch, yet declares no way to authenticate
case("f426-v10-card-behind-bearer-declares-no-scheme", [
    req(0.0, "GET", CARD_URL, hdr=bearer("tok-6969")),
    resp(0.004, 200, card10(security=False)),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("list my open incidents", mid="m-6969")}), ver="1.0"),
    unauth(0.204),
], [("auth-demanded-but-card-declares-none", "warning")],
 "https://github.com/archestra-ai/archestra/pull/6969 (the card never declared how to authenticate, and since the card itself requires a bearer token, a client had to already hold a credential to discover that credentials were needed; fixed by declaring each accepted credential as an HTTP bearer scheme)",
 "every request is authenticated against the card's declared schemes (AUTH-002); this card declares none, so a client that got it from a registry calls without a token and is refused 401 (AUTH-003), with nothing in the card to say which credential to get")

# --- clients that send no credential or the wrong one ----------------------------------------------------
# opencode-a2a #4: the SDK's REST transport never applied the auth interceptor
case("f427-v03-rest-client-sends-no-credentials", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s(url=A, preferredTransport="HTTP+JSON")),
    req(0.2, "POST", A + "/v1/message:send", {"message": {"messageId": "m-4", "role": "ROLE_USER", "content": [{"text": "summarise the session"}]}}),
    unauth(0.204),
    req(0.5, "POST", A + "/v1/message:send", {"message": {"messageId": "m-4b", "role": "ROLE_USER", "content": [{"text": "summarise the session"}]}}),
    unauth(0.504),
], [("client-credential-missing", "warning")],
 "https://github.com/Intelligent-Internet/opencode-a2a/issues/4 (with a2a-sdk 0.3.17 and AuthInterceptor, the default REST transport did not apply the interceptor: Authorization was never injected although the AgentCard declares the security scheme, and every request was refused)",
 "the card's security requirement names an HTTP bearer scheme (AUTH-002, AUTH-001): the client must send `Authorization: Bearer ...` with each call. It sent no credential at all, twice; the agent's 401 with a Bearer challenge is right (AUTH-003)")

# google/adk-java #1258: RemoteA2AAgent passes a null ClientCallContext, so no credential is attached
case("f428-v03-stream-call-without-credentials", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s()),
    req(0.3, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("plan the offsite", mid="m-1258")}), accept=SSE),
    unauth(0.304, body=err("s1", -32001, "Unauthorized")),
    req(30.0, "POST", A + "/", rpc("s2", "message/stream", {"message": umsg03("plan the offsite for 40 people", mid="m-1258b")}), accept=SSE),
    unauth(30.004, body=err("s2", -32001, "Unauthorized")),
], [("client-credential-missing", "warning")],
 "https://github.com/google/adk-java/issues/1258 (RemoteA2AAgent hardcodes the ClientCallContext of sendMessage to null, so downstream A2A clients cannot resolve authentication headers and calls to authenticated remote agents fail)",
 "the card requires the bearer scheme (AUTH-002); both streaming calls (the next user turn too) carried no credential, so the agent refused each with 401 and a Bearer challenge (AUTH-003) before any stream began. (The body's -32001 is TaskNotFound's code misused for an auth error, the HTTP 401 is what a client acts on)")

# nexent PR #3636: the agent wants two API key headers; the client sends a bearer token and gets 403
CARD3636 = card10(security=False)
CARD3636["securitySchemes"] = {
    "hwId": {"apiKeySecurityScheme": {"location": "header", "name": "X-HW-ID"}},
    "hwAppKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-HW-APPKEY"}},
}
CARD3636["securityRequirements"] = [{"schemes": {"hwId": {"list": []}, "hwAppKey": {"list": []}}}]
case("f429-v10-declared-key-headers-missing-answered-403", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, CARD3636),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("check the build farm", mid="m-3636")}), ver="1.0", hdr=bearer("nx-key-3636")),
    resp(0.204, 403, {"error": "Forbidden"}),
], [("client-credential-not-as-declared", "error"), ("auth-challenge-missing", "warning")],
 "https://github.com/ModelEngine-Group/nexent/pull/3636 (when a Nexent agent calls an external A2A sub-agent, the configured security credentials are not sent: the proxy only sends Authorization: Bearer <api_key>, ignoring securitySchemes, and external agents that require X-HW-ID + X-HW-APPKEY answer 403 Forbidden)",
 "the card's one security requirement is both apiKey headers X-HW-ID and X-HW-APPKEY (AUTH-007: an AND); the client sent a bearer token the card does not name (AUTH-002, AUTH-001). The agent answered a request without its credentials 403, which says 'authenticated but not allowed'; missing credentials are 401 with a WWW-Authenticate challenge (AUTH-003)")

# a2a-tck PR #204 (CARD-SIGN-003): a signature's protected header without kid
def b64u(o):
    import base64
    return base64.urlsafe_b64encode(json.dumps(o, separators=(",", ":")).encode()).decode().rstrip("=")
SIG = "MEUCIQDx2v1Jq7yqJbQ0wq6wQmJ8f3m9xGfYt2l0cW5vZ3Jvb3QCIFa1"
signed_nokid = card10()
signed_nokid["signatures"] = [{"protected": b64u({"alg": "ES256", "typ": "JOSE", "jku": A + "/.well-known/jwks.json"}), "signature": SIG}]
case("f430-v10-card-signature-without-kid", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, signed_nokid),
], [("card-signature-malformed", "error")],
 "https://github.com/a2aproject/a2a-tck/pull/204 (CARD-SIGN-003: decode each signatures[].protected and assert alg and kid are present, non-empty strings; spec §8.4.2)",
 "a 1.0 card signature's protected header MUST carry alg and kid (CARD-010, 1.0 §8.4.2); without kid a client that holds several keys of the signer (rotation) cannot tell which one verifies the card")

# --- legal controls ----------------------------------------------------------------------------------
# a2a-java #1125: tasks are scoped to the caller; another principal's GetTask is TaskNotFound
case("f431-legal-v10-other-callers-task-not-found", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10()),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("convert 100 USD to EUR", mid="m-1125")}), ver="1.0", hdr=bearer("tok-alice")),
    resp(0.4, 200, ok("1", {"task": task10("t-1125", "c-1125", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1125", "parts": [{"text": "92.10 EUR"}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-1125"}), ver="1.0", hdr=bearer("tok-bob")),
    resp(1.004, 200, err("2", -32001, "Task not found: t-1125", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/a2aproject/a2a-java/issues/1125 (after 1.3.0.Final, GetTask answers TaskNotFoundError when the caller is not the task's owner: the authorization enforcement of advisory GHSA-qw47-mcm5-934w; a2a.authorization.required=false turns it off)",
 "legal: task operations are scoped to the caller (AUTH-006, 1.0 §13.1), and a task the caller may not see is answered exactly like an unknown one, TaskNotFoundError (TASK-009), which reveals nothing about it")

# datarobot-genai PR #689 / #616: anonymous card fetch 404, authenticated fetch gets the card
case("f432-legal-v10-anonymous-card-404-authenticated-card", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 404, {"detail": "Not Found"}),
    req(0.5, "GET", CARD_URL, hdr=bearer("dr-key-689")),
    resp(0.504, 200, card10()),
    req(0.8, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("forecast next week's demand", mid="m-689")}), ver="1.0", hdr=bearer("dr-key-689")),
    resp(1.5, 200, ok("1", {"task": task10("t-689", "c-689", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-689", "parts": [{"text": "forecast"}]}])})),
], [],
 "https://github.com/datarobot-oss/datarobot-genai/pull/689 ; https://github.com/datarobot-oss/datarobot-genai/pull/616 (an agent without the unauthenticated well-known route answers an anonymous GET /.well-known/agent-card.json 404 instead of 401, closing an existence oracle; authenticated callers get the full card, which always declares its securitySchemes)",
 "legal: a card with sensitive data MUST be access-controlled, so the well-known card is not required to be public (CARD-011, 1.0 §14.3); the authenticated fetch gets the card, which declares its bearer scheme, and calls carry it")

# authorizerdev/examples PR #14: discovery, an unauthenticated call answered 401, then the token
OAUTH10 = card10(security=False)
OAUTH10["securitySchemes"] = {"oauth2": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/oauth/token", "scopes": {"a2a:invoke": "call the agent"}}}}}}
OAUTH10["securityRequirements"] = [{"schemes": {"oauth2": {"list": ["a2a:invoke"]}}}]
case("f433-legal-v10-oauth2-challenge-then-token", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, OAUTH10),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello", mid="m-14a")}), ver="1.0"),
    unauth(0.204, hdr={"www-authenticate": 'Bearer realm="a2a", scope="a2a:invoke"'}),
    req(0.9, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("hello", mid="m-14b")}), ver="1.0", hdr=bearer("eyJhbGciOiJSUzI1NiJ9.e30.c2ln")),
    resp(1.2, 200, ok("2", {"message": amsg10("hello back", mid="m-a14")})),
], [],
 "https://github.com/authorizerdev/examples/pull/14 (A2A v1.0 Agent Card example: card discovery, read the oauth2 scheme, client_credentials token, unauthenticated call (401), authenticated call (200))",
 "legal: the 401 with a Bearer challenge is HTTP authentication's challenge (AUTH-003, RFC 9110 §11.6.1), and the client answered it with the token the card's OAuth 2.0 clientCredentials flow gives (AUTH-001, AUTH-002)")

# moonklabs/sprintable PR #1989 (A2A PR #1597): AUTH_REQUIRED cleared out of band, the stream kept open
case("f434-legal-v10-stream-auth-required-resumed-out-of-band", [
    req(0.0, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("merge the release branch", mid="m-1989")}), ver="1.0", accept=SSE, hdr=bearer("tok-1989")),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", {"task": task10("t-1989", "c-1989", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s1", su10("t-1989", "c-1989", "TASK_STATE_AUTH_REQUIRED", message=amsg10("Approve the merge in the gate linked to this task.", mid="m-a1989", taskId="t-1989", contextId="c-1989"))))),
    chunk(40.0, sse(ok("s1", su10("t-1989", "c-1989", "TASK_STATE_WORKING")))),
    chunk(42.0, sse(ok("s1", su10("t-1989", "c-1989", "TASK_STATE_COMPLETED")))),
    chunk(42.01, "", close="eof"),
], [],
 "https://github.com/moonklabs/sprintable/pull/1989 ; https://github.com/a2aproject/A2A/pull/1597 (a delegate's explicit declaration moves the task to TASK_STATE_AUTH_REQUIRED; approving the linked gate resumes it through the same trigger as INPUT_REQUIRED, and the streaming statusUpdate reports each state change)",
 "legal: in-task authorization moves the task to AUTH_REQUIRED with a status message saying what is needed (TASK-006), the stream SHOULD stay open meanwhile, and the authorization may come out of band, so the task goes on to WORKING and COMPLETED without a client message (1.0 §7.6.1)")

# a2a-java PR #814 (the fix for #810): Authorization as configured
case("f435-legal-v10-push-authorization-as-configured", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(security=False, pushNotifications=True)),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("export the quarterly report", mid="m-814"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "authentication": {"scheme": "Bearer", "credentials": "tok-814"}}}}), ver="1.0"),
    resp(0.12, 200, ok("1", {"task": task10("t-814", "c-814", "TASK_STATE_SUBMITTED")})),
    req(2.0, "POST", HOOK, su10("t-814", "c-814", "TASK_STATE_COMPLETED"), ctype=A2AJ, hdr=bearer("tok-814")),
    resp(2.004, 200, ""),
], [],
 "https://github.com/a2aproject/a2a-java/pull/814 (fix for #810: the webhook request carries `Authorization: {scheme} {credentials}` from the config's authentication)",
 "legal: the webhook POST carries the configured credentials as `Authorization: Bearer tok-814` (PUSH-005, 1.0 §4.3.3) and a StreamResponse member as its body (PUSH-004)")

# a2a-samples PR #113 (0.2 era): the calendar agent's card declares an OAuth 2.0 authorization-code scheme
OAUTH02 = {"name": "Calendar Agent", "description": "Checks a user's availability", "url": A + "/", "version": "1.0.0",
    "capabilities": {"streaming": False, "pushNotifications": False}, "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
    "skills": [{"id": "check_availability", "name": "Check availability", "description": "Checks the calendar", "tags": ["calendar"]}],
    "securitySchemes": {"oauth2": {"type": "oauth2", "flows": {"authorizationCode": {"authorizationUrl": "https://accounts.example.test/o/oauth2/auth", "tokenUrl": "https://oauth2.example.test/token", "scopes": {"https://www.googleapis.com/auth/calendar": "read and write the calendar"}}}}},
    "security": [{"oauth2": ["https://www.googleapis.com/auth/calendar"]}]}
case("f436-legal-v02-oauth2-authorization-code-card", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, OAUTH02),
    req(0.3, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("am I free on Friday at 3pm?", mid="m-113")}), hdr=bearer("ya29.a0-113")),
    resp(0.9, 200, ok("1", task03("t-113", "c-113", "completed", artifacts=[{"artifactId": "a-113", "parts": [{"kind": "text", "text": "You are free."}]}]))),
], [],
 "https://github.com/a2aproject/a2a-samples/pull/113 (the calendar agent sample returns 'securitySchemes' for OAuth2 in its agent card)",
 "legal: a 0.2 card (securitySchemes and security came with 0.2.0, OpenAPI's shape) declares an oauth2 scheme with its authorizationCode flow (authorizationUrl, tokenUrl, scopes), and its security requirement names the scheme with the scope it needs (AUTH-007); the client's call carries the token the flow gives (AUTH-001)")

# gofastr PR #311: a signed card (EdDSA, kid, jku) and the JWK Set it points at
signed = card10()
signed["signatures"] = [{"protected": b64u({"alg": "EdDSA", "typ": "JOSE", "kid": "card-2026-08", "jku": A + "/.well-known/jwks.json"}), "signature": "3q2-7wAAAAD-7xYzQ0tLc2lnbmF0dXJlLW9mLXRoZS1jYW5vbmljYWwtY2FyZA"}]
case("f437-legal-v10-signed-card-with-jwks", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, signed),
    req(0.05, "GET", A + "/.well-known/jwks.json"),
    resp(0.054, 200, {"keys": [{"kty": "OKP", "crv": "Ed25519", "kid": "card-2026-08", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo", "use": "sig", "alg": "EdDSA"}]}),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hi", mid="m-311")}), ver="1.0", hdr=bearer("tok-311")),
    resp(0.5, 200, ok("1", {"message": amsg10("hello", mid="m-a311")})),
], [],
 "https://github.com/DonaldMurillo/gofastr/pull/311 (signed A2A agent cards: one flattened JWS per key over the JCS form of the card without signatures, EdDSA for Ed25519, public keys published as a JWK Set at /.well-known/jwks.json)",
 "legal: each signatures[] entry has a base64url protected header with alg, kid and typ JOSE, and jku names the JWK Set the client fetches (CARD-010, 1.0 §8.4)")

# A2A PR #901: a mutual TLS scheme; the credential is the TLS client certificate, not a header
MTLS10 = card10(security=False)
MTLS10["securitySchemes"] = {"mtls": {"mtlsSecurityScheme": {"description": "client certificate issued by the partner CA"}}}
MTLS10["securityRequirements"] = [{"schemes": {"mtls": {"list": []}}}]
case("f438-legal-v10-mtls-scheme-no-header-credential", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, MTLS10),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("reconcile the ledgers", mid="m-901")}), ver="1.0"),
    resp(0.7, 200, ok("1", {"task": task10("t-901", "c-901", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-901", "parts": [{"text": "balanced"}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-999"}), ver="1.0"),
    resp(1.004, 403, {"error": "client certificate not accepted"}),
], [],
 "https://github.com/a2aproject/A2A/pull/901 (adds MutualTLSSecurityScheme: the agent requires a client certificate in the TLS handshake; requirements on the certificate go in the description)",
 "legal: a mutual TLS credential travels in the TLS handshake, which the recorded HTTP exchange does not show (AUTH-001), so a call without any credential header is not an unauthenticated call, and a 403 from the TLS front is not judged against header credentials")

# wso2/api-platform PR #3361: the gateway fails closed on the extended card
case("f439-legal-v10-rest-extended-card-401-then-served", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(url=A, binding="HTTP+JSON", extendedAgentCard=True)),
    req(0.1, "GET", A + "/extendedAgentCard", ver="1.0", accept=A2AJ),
    unauth(0.104),
    req(0.4, "GET", A + "/extendedAgentCard", ver="1.0", accept=A2AJ, hdr=bearer("tok-3361")),
    resp(0.404, 200, card10(url=A, binding="HTTP+JSON", extendedAgentCard=True), ctype=A2AJ),
], [],
 "https://github.com/wso2/api-platform/pull/3361 (the gateway requires the request to be authenticated by a policy in the agent's chain before the extended card is returned or proxied, and answers 401 otherwise: an agent without an authentication policy fails closed)",
 "legal: GetExtendedAgentCard is authenticated with a scheme of the public card (AUTH-005); without credentials it is refused 401 with a Bearer challenge (AUTH-003), with the token it is served")

# Molecule-AI/molecule-core PR #401 (fixed): every call carries the workspace token
case("f440-legal-v03-every-call-carries-bearer", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s()),
    req(0.2, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("delegate: triage the alerts", mid="m-401"), "configuration": {"blocking": False}}), hdr=bearer("ws-tok-401")),
    resp(0.25, 200, ok("1", task03("t-401", "c-401", "working"))),
    req(5.0, "POST", A + "/", rpc("2", "tasks/get", {"id": "t-401"}), hdr=bearer("ws-tok-401")),
    resp(5.004, 200, ok("2", task03("t-401", "c-401", "completed", artifacts=[{"artifactId": "a-401", "parts": [{"kind": "text", "text": "3 alerts triaged"}]}]))),
], [],
 "https://github.com/Molecule-AI/molecule-core/pull/401 (fix: add the missing Authorization: Bearer header to the delegation, async delegation and task-status calls, which had answered 401 since workspace auth was enforced)",
 "legal: the card requires the bearer scheme and each call carries it (AUTH-001, AUTH-002): the delegation and the polling tasks/get")

write_cases(cases, OUT)

# === variants of the kind fixes (b26a-*) ===========================================================
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R4 = "https://github.com/Intelligent-Internet/opencode-a2a/issues/4"
R401 = "https://github.com/Molecule-AI/molecule-core/pull/401"
R3636 = "https://github.com/ModelEngine-Group/nexent/pull/3636"
APIKEY10 = card10(url=A, binding="HTTP+JSON", security=False)
APIKEY10["securitySchemes"] = {"key": {"apiKeySecurityScheme": {"location": "header", "name": "X-Agent-Key"}}}
APIKEY10["securityRequirements"] = [{"schemes": {"key": {"list": []}}}]

# K1: a client that sends no credential to an agent whose card requires one (AUTH-SCHEME-004)
vcase("b26a-K1-v10-get-task-without-credential-send-with", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10()),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("delegate: triage the alerts", mid="m-k1a"), "configuration": {"returnImmediately": True}}), ver="1.0", hdr=bearer("ws-tok")),
    resp(0.15, 200, ok("1", {"task": task10("t-k1a", "c-k1a", "TASK_STATE_WORKING")})),
    req(5.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-k1a"}), ver="1.0"),
    unauth(5.004),
], [("client-credential-missing", "warning")], R401 + " (before the fix: the delegation carried the bearer token, the task-status call none)",
 "the card requires the bearer scheme (AUTH-002); the client sent it with SendMessage and left it off GetTask, which the agent refused 401, so the task's result never reaches the client")
vcase("b26a-K1-v10-rest-api-key-header-never-sent", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, APIKEY10),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("summarise the session", mid="m-k1b")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    unauth(0.204, hdr={"www-authenticate": 'ApiKey header="X-Agent-Key"'}),
    req(1.2, "POST", A + "/message:send", {"message": umsg10("summarise the session", mid="m-k1c")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    unauth(1.204, hdr={"www-authenticate": 'ApiKey header="X-Agent-Key"'}),
], [("client-credential-missing", "warning")], R4 + " (the 1.0 HTTP+JSON form with an apiKey header scheme)",
 "the card's apiKey scheme puts the key in the X-Agent-Key header (AUTH-001); the client called twice without any credential and was refused twice")
vcase("b26a-K1-legal-v10-single-refusal-at-recording-end", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10()),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello", mid="m-k1d")}), ver="1.0"),
    unauth(0.204),
], [], R4 + " (control: one unauthenticated call and the recording ends)",
 "not judged: a single refused call may be a challenge round trip (RFC 9110 §11.6.1) that the recording cut short, or a deliberate probe; the 401 with a challenge is right")
vcase("b26a-K1-legal-v03-challenge-answered-by-retry", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s()),
    req(0.2, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("hello", mid="m-k1e")})),
    unauth(0.204),
    req(0.3, "POST", A + "/", rpc("2", "message/send", {"message": umsg03("hello again", mid="m-k1f")})),
    unauth(0.304),
    req(0.9, "POST", A + "/", rpc("3", "message/send", {"message": umsg03("hello again", mid="m-k1g")}), hdr=bearer("tok-k1")),
    resp(1.2, 200, ok("3", amsg03("hello back", mid="m-a-k1", contextId="c-k1"))),
], [], R4 + " (control: the client answered the challenge with the card's bearer credential)",
 "legal: the client retried message/send with the Authorization header the card's bearer scheme names (AUTH-001)")
vcase("b26a-K1-legal-v10-anonymous-check-after-credentialed-calls", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10()),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello", mid="m-k1j"), "configuration": {"returnImmediately": True}}), ver="1.0", hdr=bearer("tok-k1")),
    resp(0.15, 200, ok("1", {"task": task10("t-k1j", "c-k1j", "TASK_STATE_WORKING")})),
    req(0.5, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-k1j"}), ver="1.0", hdr=bearer("tok-k1")),
    resp(0.504, 200, ok("2", task10("t-k1j", "c-k1j", "TASK_STATE_COMPLETED"))),
    req(1.0, "POST", A + "/a2a", rpc("3", "SendMessage", {"message": umsg10("hello", mid="m-k1k")}), ver="1.0"),
    unauth(1.004),
    req(1.1, "POST", A + "/a2a", rpc("4", "GetTask", {"id": "t-k1j"}), ver="1.0"),
    unauth(1.104),
], [], R401 + " (control: a prober's deliberate anonymous calls of operations it made with the credential)",
 "not judged: the client sent the card's bearer credential with SendMessage and GetTask, so the same calls without it are a deliberate check that the agent refuses anonymous callers (AUTH-002), which it does")
MTLS03 = card03(A + "/", securitySchemes={"mtls": {"type": "mutualTLS"}}, security=[{"mtls": []}])
vcase("b26a-K1-legal-v03-mtls-refusals-not-judged", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, MTLS03),
    req(0.2, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("hello", mid="m-k1h")})),
    resp(0.204, 401, {"error": "client certificate required"}, hdr={"www-authenticate": 'Mutual realm="a2a"'}),
    req(0.5, "POST", A + "/", rpc("2", "message/send", {"message": umsg03("hello", mid="m-k1i")})),
    resp(0.504, 401, {"error": "client certificate required"}, hdr={"www-authenticate": 'Mutual realm="a2a"'}),
], [], "https://github.com/a2aproject/A2A/pull/901 (control: a mutual TLS requirement)",
 "not judged: the mutual TLS credential is the client certificate in the TLS handshake, which a recorded HTTP request does not show")

# K2: 403 to a call without the card's credentials; a stray credential refused 403 (AUTH-CHALLENGE-001, AUTH-SCHEME-003)
vcase("b26a-K2-v03-no-credentials-answered-403", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s()),
    req(0.2, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("hello", mid="m-k2a")})),
    resp(0.204, 403, {"jsonrpc": "2.0", "id": "1", "error": {"code": -32600, "message": "Forbidden"}}),
], [("auth-challenge-missing", "warning")], R3636 + " (the 0.3 JSON-RPC form: no credential at all, answered 403)",
 "the request carried no credential of the card's bearer scheme; missing credentials are 401 with a WWW-Authenticate challenge (AUTH-003, 0.3 §4.4), 403 is for valid credentials without permission")
vcase("b26a-K2-v10-rest-stray-key-answered-403", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(url=A, binding="HTTP+JSON")),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-k2b")}, ver="1.0", ctype=A2AJ, accept=A2AJ, hdr={"x-api-key": "nx-key"}),
    resp(0.204, 403, {"error": "Forbidden"}),
], [("client-credential-not-as-declared", "error"), ("auth-challenge-missing", "warning")], R3636 + " (the 1.0 HTTP+JSON form: an X-API-Key header to a bearer card, answered 403)",
 "the card asks for the Authorization header (bearer); the client sent an X-API-Key the card does not name (AUTH-001), and the agent answered the request without its credential 403 instead of 401 with a challenge (AUTH-003)")
vcase("b26a-K2-legal-v10-403-insufficient-scope-with-token", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, OAUTH10),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello", mid="m-k2c")}), ver="1.0", hdr=bearer("eyJhbGciOiJSUzI1NiJ9.e30.c2ln")),
    resp(0.204, 403, {"error": "insufficient_scope"}, hdr={"www-authenticate": 'Bearer error="insufficient_scope", scope="a2a:invoke"'}),
], [], R3636 + " (control: the declared bearer token was sent and lacks the scope)",
 "legal: a token without the required scope is refused 403 with error=\"insufficient_scope\" (RFC 6750 §3.1); the credential was there, so 403 is right")
vcase("b26a-K2-legal-v10-403-card-declares-no-security", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(security=False)),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello", mid="m-k2d")}), ver="1.0"),
    resp(0.204, 403, {"error": "origin not allowed"}),
], [], R3636 + " (control: the card requires no credential; a 403 from an allow-list is not a missing credential)",
 "not judged by AUTH-003: the card names no credential the request could have carried, so the 403 is a policy refusal, not a missing credential")

# K3: an auth front's 401 / 403 body is not an A2A error to judge (REST-ERROR-001)
vcase("b26a-K3-legal-v10-rest-401-auth-front-body", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(url=A, binding="HTTP+JSON")),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-k3a")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    unauth(0.204),
], [], R4 + " (control: the 1.0 HTTP+JSON form of f427's refusal, one call)",
 "legal: the auth middleware's 401 with a Bearer challenge is the answer (AUTH-003); its JSON body is the front's, not an A2A error (ERR-003 does not apply)")
vcase("b26a-K3-legal-v03-rest-403-html-with-token", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03s(url=A, preferredTransport="HTTP+JSON")),
    req(0.2, "POST", A + "/v1/message:send", {"message": {"messageId": "m-k3b", "role": "ROLE_USER", "content": [{"text": "hello"}]}}, hdr=bearer("tok-k3")),
    resp(0.204, 403, "<html><body><h1>403 Forbidden</h1></body></html>", ctype="text/html"),
], [], R4 + " (control: a WAF's HTML 403 to a call that carried the declared credential)",
 "legal: a 403 page from the front that refused a credentialed call is its own answer; REST-003 judges A2A errors, not the front's page")
vcase("b26a-K3-v10-rest-401-a2a-error-still-judged", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(url=A, binding="HTTP+JSON")),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-k3c")}, ver="1.0", ctype=A2AJ, accept=A2AJ, hdr=bearer("expired-tok")),
    resp(0.204, 401, {"error": {"code": 400, "message": "token expired"}}, hdr=CHALLENGE),
], [("rest-error-shape", "error")], R4 + " (control: the agent itself answered with an A2A error object, which is judged)",
 "an A2A error object on a 401 is the agent's answer and keeps the AIP-193 shape (ERR-003): error.code 400 differs from the HTTP status and error.status is missing")
write_cases(var_cases, VAR)
