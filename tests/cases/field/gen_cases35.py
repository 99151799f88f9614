"""Session-35 field cases of miner mine35 (f800-f819): same helpers and output format as gen_cases34.py.

Scope (round thirty-five): the 1.0 surface around the card that the earlier rounds covered least,
as the newest threads (2026-06 to 2026-09) show it: the authenticated extended Agent Card
(GetExtendedAgentCard on JSON-RPC and HTTP+JSON, declared and unconfigured), Agent Card
signatures (a signed public card whose extended card reuses its signature; JWS headers; what
canonicalisation disputes between the SDKs leave legal on the wire), tenants (the /{tenant}
HTTP+JSON surface an SDK mounts, header-based tenants a card does not declare), and push
delivery itself (the webhook POST: its media type, credentials, retries after a 503).
`python3 gen_cases35.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import base64, json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
EI = "type.googleapis.com/google.rpc.ErrorInfo"
HOOK = "https://client.example.test/a2a/webhook"
def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
def prot(**h): return b64u(json.dumps(h, separators=(",", ":")).encode())
def sig(seed): return b64u(bytes((i * seed + 11) % 256 for i in range(64)))
def card10(url=A + "/a2a", binding="JSONRPC", **kw):
    c = {"name": "Helper", "description": "Answers questions",
         "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}
    c.update(kw); return c
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
BEARER = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
TOK = {"authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJvcHMifQ.c2ln"}
ES = prot(alg="ES256", typ="JOSE", kid="helper-card-2026")
ED = prot(alg="EdDSA", typ="JOSE", kid="vendor-agent-v1")
XSKILL = {"id": "payroll", "name": "Payroll", "description": "Runs the payroll export (authenticated callers only)", "tags": ["hr"]}

# --- the authenticated extended card and signatures ------------------------------------------------
AG2 = ("https://github.com/ag2ai/ag2/pull/3111 (feat(a2a): sign served AgentCards and verify consumed ones: \"signs the public card in all three transports (JSON-RPC, REST, gRPC) and signs the extended card when one is configured. Signing happens after the capability flags the server derives are on the card, so they are inside the signed payload ... verifies ... the extended card -- the last one *before* it replaces the base card\"; 2026-07-28)")
PUB = card10(capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}, **BEARER)
PUB_SIGNED = dict(PUB, signatures=[{"protected": ES, "signature": sig(37)}])
EXT_COPY = dict(PUB_SIGNED, skills=PUB["skills"] + [XSKILL])  # the public card copied, skills added, signatures kept
case("f800-v10-extended-card-reuses-public-card-signature", get_card(0.0, PUB_SIGNED) + [
    req(0.1, "POST", A + "/a2a", rpc("x-3111", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("x-3111", EXT_COPY)),
], [("card-changed-signature-kept", "error")],
 AG2 + " ; https://github.com/a2aproject/a2a-samples/blob/main/samples/python/agents/helloworld/__main__.py (the sample builds its extended card as public_agent_card.model_copy(update={... 'skills': [...]}), so a card signed before the copy hands its signatures to the extended card). The exchange is rebuilt: a server that signs the public card once at start-up and then derives the extended card from it, so the extended card carries the public card's signature entry unchanged",
 "a 1.0 card signature is a JWS over the JCS of the card without signatures (CARD-010, 1.0 §8.4.1); the extended card lists one skill more than the public card but carries the same protected header and signature bytes, so at most one of the two cards can verify. A client that verifies the extended card before it replaces the public one (ag2, a2a-python's verifier) rejects it. Sign the extended card as served, after every change, with its own signature (AUTH-005: the extended card is a full AgentCard)")

# HTTP+JSON: GET /extendedAgentCard under the interface, same copy fault
REST_PUB = card10(A + "/api", "HTTP+JSON", capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}, **BEARER)
REST_PUB_SIGNED = dict(REST_PUB, signatures=[{"protected": ED, "signature": sig(53)}])
case("f801-v10-rest-extended-card-reuses-public-card-signature", get_card(0.0, REST_PUB_SIGNED) + [
    req(0.1, "GET", A + "/api/extendedAgentCard", ver="1.0", hdr=TOK, accept=A2AJ),
    resp(0.12, 200, dict(REST_PUB_SIGNED, description="Answers questions; payroll exports for signed-in staff", skills=REST_PUB["skills"] + [XSKILL]), ctype=A2AJ),
], [("card-changed-signature-kept", "error")],
 AG2 + " ; https://github.com/mastra-ai/mastra/pull/16207 (feat(a2a): support agent card signing and verification: the server signs the Agent Card it serves with a configured ES256 key and kid, clients opt in to verification; 2026-05-05). The exchange is rebuilt over the HTTP+JSON binding: the extended card is the public card with a longer description and one more skill, its signatures copied from the public card",
 "the extended card differs from the public card (description, skills) under the very same JWS (CARD-010, 1.0 §8.4): the signature covers the JCS of one card without signatures, so it cannot match both. A verifying client rejects the extended card, or worse, a lenient one takes the unsigned additions as signed. Give the extended card its own signature, computed over the card as served")

# Handler PR #114: the card declares the extended card, the server has none configured: -32007
HANDLER = ("https://github.com/alDuncanson/Handler/pull/114 (feat: implement GetExtendedAgentCard: \"Both failure shapes surface as one clear ExtendedCardNotSupportedError ... the public card does not advertise capabilities.extendedAgentCard (refused up front, no request made); the card advertises support but the server has none configured (the SDK's ExtendedAgentCardNotConfiguredError is translated)\"; 2026-08-17)")
case("f802-legal-v10-extended-card-declared-not-configured", get_card(0.0, PUB) + [
    req(0.1, "POST", A + "/a2a", rpc("x-114a", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, err("x-114a", -32007, "Extended agent card not configured",
        [{"@type": EI, "reason": "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "domain": "a2a-protocol.org"}])),
], [],
 HANDLER + ". The exchange is rebuilt from the PR: an authenticated GetExtendedAgentCard to an agent that declares the capability and has no extended card",
 "legal: a declared but unconfigured extended card is ExtendedAgentCardNotConfiguredError, -32007 (AUTH-005, ERR-002), with the ErrorInfo reason 1.0 attaches (ERR-003); the call carries a credential of the declared bearer scheme")

case("f803-legal-v10-rest-extended-card-served-with-bearer", get_card(0.0, REST_PUB) + [
    req(0.1, "GET", A + "/api/extendedAgentCard", ver="1.0", accept=A2AJ),
    resp(0.104, 401, {"error": {"code": 401, "status": "UNAUTHENTICATED", "message": "bearer token required"}}, ctype=A2AJ,
        hdr={"www-authenticate": 'Bearer realm="helper"'}),
    req(0.2, "GET", A + "/api/extendedAgentCard", ver="1.0", hdr=TOK, accept=A2AJ),
    resp(0.22, 200, dict(REST_PUB, skills=REST_PUB["skills"] + [XSKILL]), ctype=A2AJ),
], [],
 HANDLER + " (the MCP tool's get_agent_card now takes bearer / api key / mTLS arguments: \"extended cards are typically credential-gated\"). The exchange is rebuilt: the first call without credentials, refused, the second with the bearer token",
 "legal: the extended card is served only to a caller authenticated with a scheme of the public card (AUTH-005), the refusal is 401 with a challenge naming that scheme (AUTH-003); the extended card is a full AgentCard that adds a skill, unsigned like the public card")

# a2a-js #605 / PR #606: a card with an explicit proto default signed; nothing wrong on the wire
case("f804-legal-v10-signed-card-extension-required-false", get_card(0.0, card10(
        capabilities={"streaming": True, "pushNotifications": False,
                      "extensions": [{"uri": "https://example.test/ext/traceparent/v1", "description": "W3C trace context", "required": False}]},
        signatures=[{"protected": ES, "signature": sig(41)}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-605", "SendMessage", {"message": umsg10("ping", mid="m-605")}), ver="1.0"),
    resp(0.12, 200, ok("s-605", {"message": amsg10("pong", mid="m-a605", contextId="c-605")})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/605 ([Bug]: Agent card generated signature can fail its own verifier after protobuf normalization: \"A card containing an extension with required: false is therefore signed with that member present and verified with that member absent\"; 2026-07-28) ; https://github.com/a2aproject/a2a-js/pull/606 (one canonicalisation for signing and verifying). The card is rebuilt from the issue's reproduction (Ed25519 there, ES256 here)",
 "legal: `required: false` is a proto default written out, which ProtoJSON readers accept (DATA-003); whether the signature verifies depends on both sides canonicalising alike (CARD-010: unset and default fields omitted before JCS), which the wire cannot show. The protected header has alg, kid and typ JOSE")

case("f805-legal-v10-signed-card-non-ascii-text", get_card(0.0, card10(name="Assistente Finanças", description="Responde perguntas sobre faturação — €, ç, ã",
        skills=[{"id": "faturas", "name": "Faturação", "description": "Consulta faturas e notas de crédito", "tags": ["finanças"]}],
        signatures=[{"protected": ES, "signature": sig(43)}])), [],
 "https://github.com/a2aproject/a2a-python/issues/1174 ([Bug]: _canonicalize_agent_card is not RFC 8785, so signed cards with non-ASCII content fail cross-SDK verification: json.dumps escapes every non-ASCII character, sorts keys by code point; 2026-08-10) ; https://github.com/a2aproject/A2A/issues/2122 (§8.4.1 canonicalization is under-determined: two SDKs produce different bytes for the same card; 2026-08-10) ; https://github.com/a2aproject/a2a-python/pull/1193 (fix(signing): canonicalize agent cards per RFC 8785; merged 2026-08-25). The card is rebuilt: a Portuguese card signed with ES256",
 "legal: a card's strings are UTF-8 JSON with any characters (DATA-001); the dispute is how the signer canonicalised them (RFC 8785 §3.2.2.2 wants literal UTF-8), which only a verifier holding the key can settle. Nothing on the wire is malformed")

case("f806-legal-v10-signed-card-refetched-defaults-written", get_card(0.0, card10(capabilities={"streaming": False, "pushNotifications": False, "extensions": []},
        documentationUrl="https://agent.example.test/docs", signatures=[{"protected": ES, "signature": sig(47)}])) +
    get_card(30.0, card10(capabilities={"streaming": False, "pushNotifications": False, "extensions": []},
        documentationUrl="https://agent.example.test/docs", signatures=[{"protected": ES, "signature": sig(47)}])), [],
 "https://github.com/bug-ops/zeph/issues/6201 (validate A2A card signature JWS canonicalization against a real signed-card vector: \"a compliant signer may strip proto3-default fields (empty string/false/0/empty array/empty object) from the JSON before canonicalizing and signing ... If a real peer signs a default-stripped payload but transmits the full card with defaults\"; 2026-07-13). The card is rebuilt: served twice, identical, with defaults written out",
 "legal: defaults written out (`streaming: false`, `extensions: []`) are valid ProtoJSON, and the same card under the same signature on a re-fetch is what a stable signed card looks like (CARD-010: the signer omits defaults before JCS; the wire keeps them)")

case("f807-legal-v10-signed-card-eddsa-kid-jku", get_card(0.0, card10(signatures=[{"protected": prot(alg="EdDSA", typ="JOSE", kid="vendor-agent-v1", jku="https://agent.example.test/.well-known/jwks.json"), "signature": sig(59)}])) + [
    req(0.1, "GET", A + "/.well-known/jwks.json"),
    resp(0.11, 200, {"keys": [{"kty": "OKP", "crv": "Ed25519", "kid": "vendor-agent-v1", "x": "11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}),
], [],
 "https://github.com/luckyPipewrench/pipelock/pull/689 (feat(a2a): verify Agent Card signatures against trusted origin-scoped keys: \"Signature format is RFC 7515 JWS. Only EdDSA (Ed25519) is accepted ... The JWS kid header is a lookup hint, never authority\"; 2026-06-05) ; https://github.com/agentgram/agentgram/pull/1035 (enforce A2A Agent Card JWS headers: EdDSA alg allowlisting, public-key kid binding; 2026-08-16). The card is rebuilt",
 "legal: EdDSA is a registered JWS algorithm; the protected header carries alg and kid (MUST) and typ JOSE (SHOULD), jku MAY name the JWK Set over https (CARD-010, 1.0 §8.4.2). Which keys a verifier trusts is its policy")

case("f808-v10-signed-card-alg-none", get_card(0.0, card10(signatures=[{"protected": prot(alg="none", typ="JOSE", kid="helper-card-2026"), "signature": ""}])), [("card-signature-malformed", "error")],
 "https://github.com/agentgram/agentgram/pull/1035 (security(auth): enforce A2A Agent Card JWS headers: \"EdDSA alg allowlisting ... to reject algorithm confusion and detached-card substitution\"; 2026-08-16) ; https://github.com/topcheer/ggcode/pull/2503 (verify signed Agent Cards via JWS + JCS: unsupported algs are reported, a failed verification rejects the card; 2026-09-17). The card is rebuilt: an unsecured JWS (alg none, empty signature) in signatures[]",
 "an unsecured JWS (RFC 7515 §A.5, alg none) signs nothing: any card can carry it, and a verifier that honours it accepts a forged card (CARD-010: the card is signed with a key named by kid). Sign with a real algorithm, or leave signatures out")

# --- push delivery --------------------------------------------------------------------------------
ARCH = ("https://github.com/archestra-ai/archestra/pull/6973 (feat(a2a): push notifications for disconnected clients: \"Delivery -- a POST with Content-Type: application/a2a+json, carrying the same StreamResponse event the SSE stream carries, the caller's credentials as Authorization, and their token as X-A2A-Notification-Token. Deliveries carry status changes, not text deltas ... At-least-once and best-effort, deliberately\"; 2026-07-29)")
PCARD = card10(capabilities={"streaming": True, "pushNotifications": True})
def send_push(t, rid, mid, cfg):
    return req(t, "POST", A + "/a2a", rpc(rid, "SendMessage", {"message": umsg10("compile the weekly incident digest", mid=mid),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": cfg}}), ver="1.0")
def su(tid, cid, state, **kw):
    s = {"state": state, "timestamp": TS}; s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
CFG = {"url": HOOK, "token": "tok-6973", "authentication": {"scheme": "Bearer", "credentials": "hook-secret-6973"}}
PH = {"authorization": "Bearer hook-secret-6973", "x-a2a-notification-token": "tok-6973"}
case("f809-legal-v10-push-status-updates-a2a-json", get_card(0.0, PCARD) + [
    send_push(0.1, "s-6973", "m-6973", CFG),
    resp(0.15, 200, ok("s-6973", {"task": task10("t-6973", "c-6973", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", HOOK, su("t-6973", "c-6973", "TASK_STATE_WORKING"), hdr=PH, ctype=A2AJ),
    resp(1.004, 204, ""),
    req(6.0, "POST", HOOK, su("t-6973", "c-6973", "TASK_STATE_COMPLETED", message=amsg10("Digest ready: 4 incidents, 1 open.", mid="m-a6973", contextId="c-6973", taskId="t-6973")), hdr=PH, ctype=A2AJ),
    resp(6.004, 204, ""),
], [],
 ARCH,
 "legal: each delivery is a POST of one StreamResponse (statusUpdate) as application/a2a+json with the configured Authorization and the token (PUSH-004, PUSH-005); an agent need not push text deltas, only events; the webhook's 204 is a 2xx")

case("f810-legal-v10-push-redelivered-after-503", get_card(0.0, PCARD) + [
    send_push(0.1, "s-6973b", "m-6973b", CFG),
    resp(0.15, 200, ok("s-6973b", {"task": task10("t-6973b", "c-6973b", "TASK_STATE_WORKING")})),
    req(5.0, "POST", HOOK, su("t-6973b", "c-6973b", "TASK_STATE_COMPLETED"), hdr=PH, ctype=A2AJ),
    resp(5.01, 503, "upstream connect error", ctype="text/plain"),
    req(7.0, "POST", HOOK, su("t-6973b", "c-6973b", "TASK_STATE_COMPLETED"), hdr=PH, ctype=A2AJ),
    resp(7.004, 200, ""),
], [],
 ARCH + ". The exchange is rebuilt: the webhook's proxy answers 503 once and the agent delivers the same completion again two seconds later",
 "legal: delivery is at-least-once and retries MAY follow a failed POST (PUSH-004, 1.0 §4.3.3); the second POST repeats the same terminal statusUpdate, which the receiver de-duplicates (1.0 §13.2). It is no event after the terminal state: the first one never arrived")

case("f811-v10-push-delivered-as-octet-stream", get_card(0.0, PCARD) + [
    send_push(0.1, "s-486", "m-486", {"url": HOOK, "token": "tok-486"}),
    resp(0.15, 200, ok("s-486", {"task": task10("t-486", "c-486", "TASK_STATE_SUBMITTED")})),
    req(4.0, "POST", HOOK, su("t-486", "c-486", "TASK_STATE_COMPLETED"), hdr={"x-a2a-notification-token": "tok-486"}, ctype="application/octet-stream"),
    resp(4.004, 415, {"detail": "Unsupported Media Type"}),
], [("push-delivery-content-type-not-json", "warning")],
 "https://github.com/a2aproject/a2a-java/issues/486 ([Bug]: Missing Content-Type: application/json request header for push notification request: \"The A2A server does not set the Content-Type: application/json header when sending push notifications, leading to a 415 Unsupported Media Type error. This occurs because the request defaults to application/octet-stream\"). The exchange is rebuilt in the 1.0 form",
 "a 1.0 webhook POST carries its StreamResponse as application/a2a+json (PUSH-004, 1.0 §4.3.3; 1.0.0 wrote application/json); octet-stream tells the receiver nothing about the body, and the webhook's framework refuses it with 415, so the completion is never delivered")

# mastra PR #16175: 0.3 push of the task snapshot on input-required
M03 = {"protocolVersion": "0.3.0", "name": "weather-agent", "description": "Mastra agent", "url": A + "/a2a/weather-agent", "preferredTransport": "JSONRPC",
       "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
       "skills": [{"id": "forecast", "name": "Forecast", "description": "Weather forecasts", "tags": ["weather"]}]}
case("f812-legal-v03-push-task-snapshot-input-required", get_card(0.0, M03) + [
    req(0.1, "POST", A + "/a2a/weather-agent", rpc("s-16175", "message/send", {"message": umsg03("weather for my trip?", mid="m-16175"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "session-token"}}})),
    resp(0.15, 200, ok("s-16175", task03("t-16175", "c-16175", "submitted"))),
    req(2.0, "POST", HOOK, task03("t-16175", "c-16175", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Which city, and which dates?", mid="m-a16175", taskId="t-16175", contextId="c-16175")}),
        hdr={"x-a2a-notification-token": "session-token"}),
    resp(2.004, 200, ""),
], [],
 "https://github.com/mastra-ai/mastra/pull/16175 (feat(server): add A2A push notifications: \"the server will POST the current task snapshot to registered webhooks when a task reaches completed, failed, canceled, or input-required. Delivery is in-memory and best-effort\"; 2026-05-04). The exchange is rebuilt",
 "legal: a 0.3 notification's payload is not fixed and the examples POST the Task (PUSH-005); input-required is a moment the server may notify, and the token rides in X-A2A-Notification-Token")

# --- tenants --------------------------------------------------------------------------------------
case("f813-legal-v10-rest-undeclared-tenant-prefix-served", get_card(0.0, card10(A + "/", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/team-a/message:send", {"message": umsg10("summarise PR 41", mid="m-302")}, ver="1.0", accept=A2AJ, ctype=A2AJ),
    resp(0.3, 200, {"message": amsg10("PR 41 renames the workspace flag.", mid="m-a302", contextId="c-302")}, ctype=A2AJ),
], [],
 "https://github.com/liujuanjuan1984/codex-a2a/issues/302 ([chore] record where the tenant-prefixed REST path surface comes from: the SDK's create_rest_routes() mounts `/{tenant}` beside the plain routes and writes the path's tenant into ServerCallContext.tenant, while the service declares itself single-tenant; 2026-05-06). The exchange is rebuilt: a client calls the `/{tenant}` form of message:send",
 "legal: every HTTP+JSON route also exists under `/{tenant}` (REST-001, the 1.0 proto's additional_bindings), and the tenant is an opaque routing key; a card without tenants obliges the client to send none (CARD-008 binds only declared ones) but does not make the prefixed route wrong, and the single-tenant agent serving it is its product choice")

case("f814-legal-v10-tenant-in-custom-header", get_card(0.0, card10()) + [
    req(0.1, "POST", A + "/a2a", rpc("s-261", "SendMessage", {"message": umsg10("book a room for 12 May", mid="m-261")}), ver="1.0", hdr={"x-tenant-id": "hotel-ops"}),
    resp(0.3, 200, ok("s-261", {"task": task10("t-261", "c-261", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-261", "parts": [{"text": "Booked: room 1204"}]}])})),
], [],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/261 ([agent-runtime] the runtime's tenant has the A2A tenant's name but another purpose, and is not declared in AgentCard.supportedInterfaces: it comes from a custom HTTP header X-Tenant-Id and scopes data, not routing; 2026-06-14) ; https://github.com/chaosxingxc-orion/spring-ai-ascend/pull/294 (a missing tenantId falls back to `default`). The exchange is rebuilt",
 "legal: the card declares no tenant, so the client sends none (CARD-008); a deployment's own header is extra HTTP the protocol ignores, and routing by header is one of the multi-tenancy guide's strategies. Whether the runtime may trust that header is its security design, not the wire's")

case("f815-v10-client-tenant-overrides-declared", get_card(0.0, card10(A + "/a2a", supportedInterfaces=[
        {"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "eu-west"}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-256", "SendMessage", {"tenant": "default", "message": umsg10("list open incidents", mid="m-256")}), ver="1.0"),
    resp(0.3, 200, ok("s-256", {"message": amsg10("No open incidents.", mid="m-a256", contextId="c-256")})),
], [("interface-tenant-not-sent", "error")],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/256 ([P0] Add fail-closed tenant and authentication enforcement to the A2A runtime entrypoint: \"two departments share one runtime, but callers omit X-Tenant-Id ... both departments fall into the same default tenant. Tasks, sessions, push configs ... can mix\") ; https://github.com/chaosxingxc-orion/spring-ai-ascend/pull/294 (a missing tenantId falls back to `default`, and the normalised default is written back into outbound A2A requests). The exchange is rebuilt: the runtime, calling a remote agent whose interface declares tenant eu-west, sends its own fallback `default`",
 "the selected interface declares tenant eu-west, and the client MUST send exactly that value in every request (CARD-008, 1.0 §8.3.2); a caller's own fallback tenant sent instead routes the call to another tenant's agent or data. Read supportedInterfaces[].tenant from the card and let it win")

# --- HTTP+JSON details around the card ------------------------------------------------------------
case("f816-legal-v10-rest-extended-card-unsupported-operation", get_card(0.0, card10(A + "/api", "HTTP+JSON", **BEARER)) + [
    req(0.1, "GET", A + "/api/extendedAgentCard", ver="1.0", hdr=TOK, accept=A2AJ),
    resp(0.104, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "extended agent card is not supported",
        "details": [{"@type": EI, "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}]}}, ctype=A2AJ),
], [],
 HANDLER + " (the CLI refuses up front when the card does not advertise the capability; a client that asks anyway gets UnsupportedOperationError). The exchange is rebuilt over HTTP+JSON",
 "legal: without capabilities.extendedAgentCard GetExtendedAgentCard MUST fail with UnsupportedOperationError (AUTH-005, 1.0 §3.3.4), on HTTP+JSON 400 with reason UNSUPPORTED_OPERATION in a google.rpc.Status body (ERR-002, ERR-003)")

case("f817-v10-extended-card-without-declaring-capability", get_card(0.0, card10(**BEARER)) + [
    req(0.1, "POST", A + "/a2a", rpc("x-114b", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("x-114b", card10(skills=card10()["skills"] + [XSKILL], **BEARER))),
], [("extended-card-not-declared-but-served", "error")],
 HANDLER + " (Handler refuses up front, no request made, when the public card does not advertise capabilities.extendedAgentCard, so an agent that serves one anyway is invisible to it). The exchange is rebuilt: a client that asks anyway is served",
 "the public card does not declare capabilities.extendedAgentCard, so the call MUST be refused with UnsupportedOperationError (AUTH-005, 1.0 §3.3.4); serving the card means clients that follow the card (Handler, the SDKs) never see the skill it adds. Declare the capability")

case("f818-legal-v10-public-and-extended-cards-signed-apart", get_card(0.0, PUB_SIGNED) + [
    req(0.1, "POST", A + "/a2a", rpc("x-3111b", "GetExtendedAgentCard", {}), ver="1.0", hdr=TOK),
    resp(0.12, 200, ok("x-3111b", dict(PUB, skills=PUB["skills"] + [XSKILL], signatures=[{"protected": ES, "signature": sig(61)}]))),
    req(0.2, "GET", CARD_URL),
    resp(0.21, 200, PUB_SIGNED),
], [],
 AG2 + ". The exchange is rebuilt: each card signed as served, with the same key",
 "legal: the public card and the extended card each carry their own signature, made with the same key (same protected header, other signature bytes), over their own content (CARD-010, 1.0 §8.4); the public card fetched again is unchanged under its signature")

GGC = ("https://github.com/topcheer/ggcode/pull/2503 (feat(a2a): verify signed Agent Cards (spec §8.4) via JWS + JCS: \"key resolution via embedded jwk or jku JWKS URL (https only; plain http restricted to loopback for local dev) ... unfetchable keys are reported but never count as tampering\"; 2026-09-17)")
case("f819-v10-signed-card-jku-plain-http", get_card(0.0, card10(A + "/a2a", signatures=[{"protected": prot(alg="ES256", typ="JOSE", kid="helper-card-2026", jku="http://keys.agent.example.test/.well-known/jwks.json"), "signature": sig(67)}])) + [
    req(0.1, "GET", "http://keys.agent.example.test/.well-known/jwks.json"),
    resp(0.11, 200, {"keys": [{"kty": "EC", "crv": "P-256", "kid": "helper-card-2026", "x": "f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU", "y": "x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0"}]}),
], [("card-signature-key-url-not-https", "warning")],
 GGC + " ; https://github.com/luckyPipewrench/pipelock/pull/689 (\"The JWS kid header is a lookup hint, never authority, so a card cannot pick which key verifies it\"; 2026-06-05). The card is rebuilt: a signed card whose protected header names its JWK Set at a plain-http jku on another host, and a client that fetched it",
 "the protected header's jku names the JWK Set over plain http (CARD-010, 1.0 §8.4.2: jku MAY be given); RFC 7515 §4.1.2 requires the key set be fetched over TLS, so a verifier that follows it (ggcode: https only off loopback) cannot get the key and the card stays unverified, and one that fetches it, as here, takes whatever key the network serves: a forged card with a forged key set verifies. Serve the key set over https")

write_cases(cases, OUT)
