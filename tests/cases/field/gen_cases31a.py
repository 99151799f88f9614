"""Session-31 field cases of miner mine31a (f680-f699): same helpers and output format as gen_cases.py.

Scope (round twenty-nine): well-known A2A extensions and the payloads they carry on the wire:
A2UI (agent-to-UI messages in data parts, their media types, the client's capabilities in
message metadata), x402 payments over A2A (the payment-required / payment-submitted metadata
flow on an input-required task, and HTTP 402 in front of an A2A call), AP2 mandates in data
parts, the secure-passport, timestamp and trace-context extensions, and how agents declare,
activate (A2A-Extensions / X-A2A-Extensions), echo and require them.
`python3 gen_cases31a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
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
CARD_URL = A + "/.well-known/agent-card.json"
def card10(exts=None, **kw):
    """A 1.0 card (JSON-RPC at A/a2a unless `supportedInterfaces` is given) declaring `exts`."""
    c = copy.deepcopy(CARD10)
    if exts is not None:
        c["capabilities"]["extensions"] = exts
    c.update(kw)
    return c
def card03x(exts, url=A + "/", **kw):
    """A 0.3 card at `url` (JSON-RPC) declaring the extensions `exts`."""
    return card03(url, capabilities={"streaming": True, "extensions": exts}, **kw)
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def xh(uris):
    return {"x-a2a-extensions": ", ".join(uris)}
def ah(uris):
    return {"a2a-extensions": ", ".join(uris)}
TS2 = "2026-03-02T10:16:00.000Z"
A2UI08 = "https://a2ui.org/a2a-extension/a2ui/v0.8"
A2UI09 = "https://a2ui.org/a2a-extension/a2ui/v0.9"
X402 = "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2"
PAYREQ = {"x402Version": 1, "accepts": [{"scheme": "exact", "network": "base-sepolia", "asset": "0x036CbD53842c5426634e7929541eC2318f3dCF7e",
          "payTo": "0x5a1e0000000000000000000000000000000c0ffe", "maxAmountRequired": "50000", "resource": "https://merchant.example.test/skills/premium-report",
          "maxTimeoutSeconds": 600}]}
PAYLOAD = {"x402Version": 1, "scheme": "exact", "network": "base-sepolia", "payload": {"signature": "0x4f1c...e21b", "authorization": {"from": "0x9b1f0000000000000000000000000000000a11ce", "value": "50000", "nonce": "0x7d0e...91aa"}}}

# --- faults ----------------------------------------------------------------------------------------
# a2ui-project/a2ui #645 (and #233): the A2UI extension put a *list* of A2UI messages in one data part;
# on a 0.3 agent that is no DataPart (0.3 DataPart.data is an object)
SURFACE = [{"createSurface": {"surfaceId": "order-form", "catalogId": "https://a2ui.org/specification/v0_9/basic_catalog.json"}},
           {"updateComponents": {"surfaceId": "order-form", "components": [{"id": "root", "component": "Column", "children": ["title"]},
                                                                          {"id": "title", "component": "Text", "text": "Your order"}]}}]
case("f680-v03-a2ui-data-part-message-list-in-answer", get_card(0.0, card03x([{"uri": A2UI09, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("s-645", "message/send", {"message": umsg03("show me the order form", mid="m-645")}), hdr=xh([A2UI09])),
    resp(0.6, 200, ok("s-645", task03("t-645", "c-645", "completed", artifacts=[{"artifactId": "a-645", "name": "ui",
        "parts": [{"kind": "data", "data": SURFACE, "metadata": {"mimeType": "application/json+a2ui"}}]}])), hdr=xh([A2UI09])),
], [("result-invalid-shape", "error")],
 "https://github.com/a2ui-project/a2ui/issues/645 (\"The spec for the A2A extension says 'The data field of the DataPart contains a list of A2UI JSON messages ... It MUST be an array of messages.' But in the A2A Spec ... a data part ... by definition has a Map for the data field, not a list\"; the maintainers then found the 1.0 proto allows any value) ; https://github.com/a2ui-project/a2ui/issues/233 (how A2UI rides on A2A: DataPart, application/json+a2ui, arrays or not). The 0.3 answer is rebuilt from the extension text",
 "on 0.2/0.3 a DataPart's data is a JSON object (0.3 schema DataPart.data {type: object}; DATA-004): an agent that follows A2UI v0.9's 'MUST be an array' on a 0.3 wire sends a part no 0.3 SDK decodes (a2a-sdk's pydantic model refuses the list, so the whole Task is lost). A 1.0 Part.data is a google.protobuf.Value and takes the list (f450, f508): the fault is the list on 0.3, where A2UI's own option 2 ({\"a2ui\": [...]}) fits")

case("f681-v03-a2ui-client-action-list-in-data-part", get_card(0.0, card03x([{"uri": A2UI09, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("s-645b", "message/send", {"message": {"kind": "message", "messageId": "m-645b", "role": "user", "contextId": "c-645",
        "parts": [{"kind": "data", "data": [{"action": {"name": "submit_order", "surfaceId": "order-form", "sourceComponentId": "submit", "context": {"qty": 2}}}],
                   "metadata": {"mimeType": "application/json+a2ui"}}]}}), hdr=xh([A2UI09])),
    resp(0.5, 200, ok("s-645b", amsg03("Order placed.", mid="m-645br", contextId="c-645")), hdr=xh([A2UI09])),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2ui-project/a2ui/issues/645 (the A2UI v0.9 extension text: the data part \"contains a list of A2UI JSON messages (e.g. createSurface, updateComponents, action). It MUST be an array of messages\", which an A2A data part's Map cannot hold) ; https://github.com/a2ui-project/a2ui/issues/233 (client_to_server events ride in the same kind of part). The client's event is rebuilt from the extension text",
 "the client's 0.3 message carries a data part whose data is a JSON array (DATA-004, 0.3 schema DataPart.data {type: object}): a 0.3 agent's SDK refuses or drops the whole message, so the user's click never arrives. The agent here answered anyway; the malformed part is the client's")

# google-agentic-commerce/a2a-x402 #18: the package's URI (x402-a2a) differs from the spec's (a2a-x402); the
# card built with the package declares the required extension under one URI, the spec-following client activates the other
PKG_URI = "https://github.com/google-a2a/x402-a2a/v0.1"
SPEC_URI = "https://github.com/google-a2a/a2a-x402/v0.1"
M = "https://merchant.example.test"
case("f682-v03-x402-required-extension-other-uri-served-unpaid", get_card(0.0, card03x([{"uri": PKG_URI, "description": "Supports payments using the x402 protocol for on-chain settlement.", "required": True}], url=M + "/"), url=M + "/.well-known/agent-card.json") + [
    req(0.1, "POST", M + "/", rpc("s-18", "message/send", {"message": umsg03("generate the premium market report", mid="m-18")}), hdr=xh([SPEC_URI])),
    resp(3.2, 200, ok("s-18", task03("t-18", "c-18", "completed", artifacts=[{"artifactId": "a-18", "name": "report",
        "parts": [{"kind": "text", "text": "Premium market report: ..."}]}]))),
], [("required-extension-not-enforced-0x", "warning")],
 "https://github.com/google-agentic-commerce/a2a-x402/issues/18 (\"X402_EXTENSION_URI in the Python package is set to https://github.com/google-a2a/x402-a2a/v0.1, but the bundled spec ... use[s] https://github.com/google-a2a/a2a-x402/v0.1 ... a client that follows the spec will never activate the extension\"; \"middleware never runs payment logic\"). The card (declared with the package's constant) and the unpaid answer are rebuilt from the description",
 "the card marks the x402 extension required; the client activated another URI (the spec's), so for this agent the required extension is inactive (topics/extensions.md: 'If a client does not request activation of a required extension ... the agent should reject the incoming request with an appropriate error'; EXT-002, and EXT-003: a mismatched version is ignored, never mapped to another). The agent ran the paid skill without the payment flow instead. On 0.x the rejection is a should (the 1.0 MUST is CAP-EXT-001)")

# nevermined-io/payments-py #236: the card served only at the pre-0.3 path; stock 0.3 clients 404 at agent-card.json
NV = "https://nvm-agent.example.test"
NVCARD = card03x([{"uri": "https://github.com/google-agentic-commerce/a2a-x402/blob/main/spec/v0.2", "required": False}], url=NV + "/a2a/")
case("f683-v03-x402-agent-card-only-at-agent-json", [
    req(0.0, "GET", NV + "/.well-known/agent-card.json"),
    resp(0.01, 404, {"detail": "Not Found"}),
    req(0.1, "GET", NV + "/.well-known/agent.json"),
    resp(0.11, 200, NVCARD),
], [("card-0-3-not-at-agent-card-json", "note")],
 "https://github.com/nevermined-io/payments-py/pull/236 (\"The agent card was served at the pre-spec /.well-known/agent.json, but stock A2A clients (and a2a-sdk 0.3+) discover it at /.well-known/agent-card.json, so third-party A2A clients 404'd on Nevermined Python agents\"; the PR serves the canonical path and keeps agent.json as an alias)",
 "a 0.3 card belongs at /.well-known/agent-card.json (0.3 §5.3, CARD-002: recommended in 0.x, MUST in 1.0): a card served only at the 0.2 name is invisible to every 0.3 client, which is why the x402 merchant could only be paid by its own SDK. A note, since 0.x only recommends the path")

# a2aproject/a2a-js #449: the sample extension's URI changed (…/extensions/v1 -> …/extensions) with the header rename;
# an agent on the new sample echoes the new URI to a client that asked for the old one
JSX_OLD = "https://github.com/a2aproject/a2a-js/src/samples/extensions/v1"
JSX_NEW = "https://github.com/a2aproject/a2a-js/src/samples/extensions"
case("f684-v10-extension-echo-other-version-than-requested", get_card(0.0, card10([{"uri": JSX_NEW, "description": "timestamps every message", "required": False}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-449", "SendMessage", {"message": umsg10("hello", mid="m-449")}), ver="1.0", hdr=ah([JSX_OLD])),
    resp(0.3, 200, ok("s-449", {"message": amsg10("hello back", mid="m-449r", contextId="c-449", metadata={"timestamp": "2026-03-02T10:15:00.120Z"})}), hdr=ah([JSX_NEW])),
], [("extension-activated-not-declared", "warning")],
 "https://github.com/a2aproject/a2a-js/pull/449 (\"Update the HTTP_EXTENSION_HEADER to A2A-Extensions\"; the sample's request changes from X-A2A-Extensions: https://github.com/a2aproject/a2a-js/src/samples/extensions/v1 to A2A-Extensions: https://github.com/a2aproject/a2a-js/src/samples/extensions, and the sample extension's URI with it). The exchange between a client on the old URI and an agent on the new sample is rebuilt from the diff",
 "the client asked for .../extensions/v1; the agent activated and echoed .../extensions, a URI the client never requested (EXT-004: the echo lists what was activated of the request; EXT-003: an unsupported version is ignored, the agent MUST NOT fall back to another). The client now believes an extension it does not implement is in force")

# a2aproject/a2a-go #345: a 1.0 REST client names its extension under x-a2a-extensions (and in message metadata)
TMF = "https://projects.tmforum.org/a2aproject/telecommunication/extensions/Notification-T/v1"
RCARD = card10([{"uri": TMF, "description": "event subscription", "required": False}],
               supportedInterfaces=[{"url": A + "/", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])
case("f685-v10-rest-extension-in-x-header-and-metadata", get_card(0.0, RCARD) + [
    req(0.1, "POST", A + "/message:send", {"message": {"messageId": "33ddf698-4f93-48ce-8c78-1178d588c809", "contextId": "test", "role": "ROLE_USER",
        "parts": [{"text": "subscribe to events", "metadata": {}}], "metadata": {TMF: "test"}}, "configuration": {"blocking": True}, "metadata": {}},
        ver="1.0", hdr={"x-a2a-extensions": TMF}),
    resp(0.4, 200, {"message": amsg10("Subscribed.", mid="m-345r", contextId="test")}),
], [("extension-header-0x-name", "warning"), ("client-version-mixed-request", "warning")],
 "https://github.com/a2aproject/a2a-go/issues/345 (curl to a 1.0 a2a-go agent's /message:send with -H \"x-a2a-extensions: https://projects.tmforum.org/.../Notification-T/v1\", the URI also as a key of message.metadata, and \"configuration\": {\"blocking\": true}; a2asrv.ExtensionsFrom(ctx) saw no extension: the server reads A2A-Extensions)",
 "on 1.0 the client names its extensions in A2A-Extensions (EXT-001); X-A2A-Extensions is the 0.x name, which a 1.0 agent need not read, so the extension stayed inactive. configuration.blocking is the 0.3 member (1.0: returnImmediately, DIGEST trap 8), a second 0.x leftover in the 1.0 request (DATA-001)")

# lfdt-ap3/ap3 #3: the AP3 extension moved to a versioned URI and made required; an old client activates the bare URI
AP3_NEW = "https://github.com/lfdt-ap3/ap3/v1"
AP3_OLD = "https://github.com/lfdt-ap3/ap3"
case("f686-v10-required-extension-old-uri-processed", get_card(0.0, card10([{"uri": AP3_NEW, "description": "privacy-preserving agent payments", "required": True}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-ap3", "SendMessage", {"message": umsg10("start a private-set-intersection session", mid="m-ap3")}), ver="1.0", hdr=ah([AP3_OLD])),
    resp(0.5, 200, ok("s-ap3", {"task": task10("t-ap3", "c-ap3", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-ap3", "parts": [{"text": "session opened"}]}])})),
], [("required-extension-not-enforced", "error")],
 "https://github.com/lfdt-ap3/ap3/pull/3 (\"The A2A spec requires extension URIs to be versioned: we were using a bare github.com/lfdt-ap3/ap3 URI which strict consumers reject ... URI is now .../ap3/v1 ... Executor rejects requests that don't include the header (so the handshake is actually enforced, not just advisory)\"; \"Breaking: Peers on the old versioned URI will need to update\"). The exchange of an old peer with an agent that declares the new required URI but does not yet enforce it is rebuilt from the PR",
 "the card requires .../ap3/v1; the client activated only the bare URI, another version (EXT-003: an unsupported version is ignored, never mapped), so the required extension is not active and a 1.0 agent MUST answer ExtensionSupportRequiredError (EXT-002, ERR-002 -32008). It processed the call instead")

# --- legal controls --------------------------------------------------------------------------------
# qntx/ra2a #46 and google-agentic-commerce/a2a-x402 #38: the x402 standalone flow on a 0.3 agent
MC = card03x([{"uri": X402, "description": "Supports payments using the x402 protocol for on-chain settlement.", "required": True}], url=M + "/")
PR_MSG = amsg03("Payment is required.", mid="m-x-pr", taskId="t-x402", contextId="c-x402",
                metadata={"x402.payment.status": "payment-required", "x402.payment.required": PAYREQ})
case("f687-legal-v03-x402-payment-required-then-submitted", get_card(0.0, MC, url=M + "/.well-known/agent-card.json") + [
    req(0.1, "POST", M + "/", rpc("req-001", "message/send", {"message": umsg03("generate the premium market report", mid="m-x1")}), hdr=xh([X402])),
    resp(0.4, 200, ok("req-001", task03("t-x402", "c-x402", "input-required", status={"state": "input-required", "timestamp": TS, "message": PR_MSG})), hdr=xh([X402])),
    req(6.0, "POST", M + "/", rpc("req-003", "message/send", {"message": umsg03("Here is the payment authorization.", mid="m-x2", taskId="t-x402", contextId="c-x402",
        metadata={"x402.payment.status": "payment-submitted", "x402.payment.payload": PAYLOAD})}), hdr=xh([X402])),
    resp(9.5, 200, ok("req-003", task03("t-x402", "c-x402", "completed", status={"state": "completed", "timestamp": TS2,
        "message": amsg03("Payment successful.", mid="m-x-done", taskId="t-x402", contextId="c-x402",
                          metadata={"x402.payment.status": "payment-completed", "x402.payment.receipts": [{"success": True, "transaction": "0xabc123", "network": "base-sepolia"}]})},
        artifacts=[{"artifactId": "a-x402", "name": "report", "parts": [{"kind": "text", "text": "Premium market report: ..."}]}])), hdr=xh([X402])),
], [],
 "https://github.com/qntx/ra2a/issues/46 (the a2a-x402 extension is \"a message-level handshake, payment-required -> payment-submitted -> payment-completed\"; \"payment-required maps naturally onto InputRequired (resumes to Working once the client responds)\") ; https://github.com/google-agentic-commerce/a2a-x402/issues/38 (a RemoteA2aAgent that answers the input-required task's x402PaymentRequiredResponse with create_payment_submission_message for the same task_id)",
 "legal: the payment request is an input-required task whose status.message carries the extension's metadata (extensions put their data in metadata, topics/extensions.md), and the payment is a follow-up message naming that task and context (TASK-007, ID-003), which the agent completes with its receipts; the required extension was activated with X-A2A-Extensions and echoed (EXT-001, EXT-004)")

# a2aproject/A2A #1815: an agent answers a payment-gated A2A call with HTTP 402 and an x402 challenge; the client pays and retries
X402_CH = {"x402Version": 2, "error": "PAYMENT-SIGNATURE header is required", "resource": {"url": M + "/a2a", "description": "verify-payment skill"},
           "accepts": [{"scheme": "exact", "network": "eip155:8453", "amount": "10000", "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
                        "payTo": "0x5a1e0000000000000000000000000000000c0ffe", "maxTimeoutSeconds": 60}]}
case("f688-legal-v03-http-402-payment-challenge-then-paid", get_card(0.0, card03(M + "/a2a"), url=M + "/.well-known/agent-card.json") + [
    req(0.1, "POST", M + "/a2a", rpc("v-1", "message/send", {"message": umsg03("verify payment 0x77e1 on Base", mid="m-1815a")})),
    resp(0.15, 402, X402_CH, hdr={"payment-required": "eyJ4NDAyVmVyc2lvbiI6Mi4uLn0="}),
    req(1.2, "POST", M + "/a2a", rpc("v-1", "message/send", {"message": umsg03("verify payment 0x77e1 on Base", mid="m-1815a")}),
        hdr={"payment-signature": "eyJ4NDAyVmVyc2lvbiI6Miwic2NoZW1lIjoiZXhhY3QiLi4ufQ=="}),
    resp(2.0, 200, ok("v-1", task03("t-1815", "c-1815", "completed", artifacts=[{"artifactId": "a-1815", "parts": [{"kind": "data", "data": {"verified": True, "amount": "12.50", "asset": "USDC"}}]}])),
         hdr={"payment-response": "eyJzdWNjZXNzIjp0cnVlLCJ0cmFuc2FjdGlvbiI6IjB4Li4uIn0="}),
], [],
 "https://github.com/a2aproject/A2A/issues/1815 (AlgoVoi's production flow: \"We respond 402 with an X-PAYMENT-REQUIRED header carrying a canonical x402 v2 envelope ... Agent A retries with the signature ... return 200 + the task result. This works today, without any A2A protocol changes. The 402 is layered orthogonally on top of A2A\"; the maintainers' consensus \"that 402 is fine for agents to return but not first-class in the protocol\")",
 "legal: a payment gate in front of the A2A endpoint answers at the HTTP layer, like an authentication front's 401 (ERR-007: the HTTP status of a refusal is not A2A's to fix; AUTH-003 treats 401/403 the same way): the 402 carries no JSON-RPC answer because the call never reached the JSON-RPC layer, and the retry with the payment header gets the agent's ordinary answer. Reusing the JSON-RPC id for the retry of the same call is fine (RPC-002: no overlap)")

# a2ui-project/a2ui #399 and #2006: A2UI parts typed application/json+a2ui (and a sample's json+a2aui typo)
case("f689-legal-v10-a2ui-part-media-type-json-plus-a2ui", get_card(0.0, card10([{"uri": A2UI09, "required": False}], defaultOutputModes=["text/plain", "application/json+a2ui"])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-399", "SendMessage", {"message": umsg10("book a table for two", mid="m-399"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/json+a2ui"]}}), ver="1.0", hdr=ah([A2UI09])),
    resp(0.7, 200, ok("s-399", {"message": {"messageId": "m-399r", "role": "ROLE_AGENT", "contextId": "c-399", "parts": [
        {"text": "Pick a time:"},
        {"data": SURFACE, "mediaType": "application/json+a2ui"}]}}), hdr=ah([A2UI09])),
], [],
 "https://github.com/a2ui-project/a2ui/pull/399 (\"A2UI DataParts were sent with application/json+a2aui. The A2UI v0.8 extension spec and server-side helpers expect application/json+a2ui, so UI events could be ignored\") ; https://github.com/a2ui-project/a2ui/pull/2006 (review: the structured suffix belongs at the end, application/a2ui+json as in A2UI v0.9.1 and v1.0)",
 "legal: application/json+a2ui is a syntactically valid media type (type application, subtype json+a2ui; RFC 6838 allows '+' in a subtype), even if the +json suffix convention would put it last; a 1.0 Part's mediaType and a list in Part.data (google.protobuf.Value) are both fine (DATA-004), and the client accepted that mode. Which A2UI name is right is A2UI's question, not A2A's")

# flutter/genui #709: the A2UI client's userAction travels as a text part holding JSON
case("f690-legal-v03-a2ui-user-action-as-json-text-part", get_card(0.0, card03x([{"uri": A2UI08, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("s-709", "message/send", {"message": umsg03(json.dumps({"userAction": {"name": "book", "surfaceId": "main", "sourceComponentId": "btn-book", "context": {"time": "19:30"}}}),
        mid="m-709", contextId="c-709")}), hdr=xh([A2UI08])),
    resp(0.6, 200, ok("s-709", task03("t-709", "c-709", "completed", artifacts=[{"artifactId": "a-709", "parts": [{"kind": "text", "text": "Booked for 19:30."}]}])), hdr=xh([A2UI08])),
], [],
 "https://github.com/flutter/genui/issues/709 (\"A2UI A2A extension defines the encoding of A2UI messages as ... The data field of the DataPart contains the A2UI JSON message (e.g., surfaceUpdate, userAction). However, genui ... encodes an A2UI message as a TextPart, serializing it to a JSON string\")",
 "legal on the A2A wire: a text part may hold any text, JSON included (DATA-004), and the agent may accept it. Whether the A2UI extension's profile wants a data part is the extension's rule, which A2A leaves to the extension (topics/extensions.md, profile extensions)")

# a2ui-project/a2ui #2017 / #2033: A2UI negotiates through message.metadata["a2uiClientCapabilities"], not activation
case("f691-legal-v10-a2ui-capabilities-in-metadata-no-activation", get_card(0.0, card10([{"uri": "https://a2ui.org/a2a-extension/a2ui/v1.0", "required": False,
        "params": {"supportedCatalogIds": ["https://a2ui.org/specification/v1_0/basic_catalog.json"], "acceptsInlineCatalogs": True}}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-2017", "SendMessage", {"message": umsg10("Show me the dashboard.", mid="m-2017",
        metadata={"a2uiClientCapabilities": {"v1.0": {"supportedCatalogIds": ["https://a2ui.org/specification/v1_0/basic_catalog.json"]}}})}), ver="1.0"),
    resp(0.8, 200, ok("s-2017", {"task": task10("t-2017", "c-2017", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-2017", "name": "dashboard",
        "parts": [{"data": SURFACE, "mediaType": "application/a2ui+json"}]}])})),
], [],
 "https://github.com/a2ui-project/a2ui/pull/2017 (\"A2UI extension activation is optional as clients and agents can negotiate A2UI support using A2A message.metadata[\\\"a2uiClientCapabilities\\\"] which is attached to every A2A message from the client\") ; https://github.com/a2ui-project/a2ui/pull/2033 (\"For 1.0 we explicitly remove it\": \"Stop parsing or requiring the A2A extension activation header\")",
 "legal: the card declares the extension as not required, so the client need not activate it (EXT-002 binds required extensions only), and an agent that answers with the extension's data parts without an A2A-Extensions echo breaks nothing (EXT-004 is a SHOULD for what was activated; nothing was). Negotiating in message metadata is what extensions are told to do (topics/extensions.md)")

# a2aproject/a2a-samples #370: the secure-passport extension's CallerContext in message metadata, activated and echoed
SP = "https://github.com/a2aproject/a2a-samples/tree/main/extensions/secure-passport/v1"
case("f692-legal-v03-secure-passport-caller-context-in-metadata", get_card(0.0, card03x([{"uri": SP, "description": "accepts a signed caller context", "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("s-370", "message/send", {"message": umsg03("find me a flight to Lisbon", mid="m-370", metadata={SP: {
        "clientId": "a2a://travel-orchestrator.example.test", "signature": "MEUCIQD...", "sessionId": "sess-42", "isVerified": True,
        "state": {"preferred_airline": "TP", "loyalty_tier": "gold"}}})}), hdr=xh([SP])),
    resp(0.9, 200, ok("s-370", amsg03("TP 1353 departs 09:40; gold tier lounge access included.", mid="m-370r", contextId="c-370")), hdr=xh([SP])),
], [],
 "https://github.com/a2aproject/a2a-samples/pull/370 (the Secure Passport extension: a calling agent shares a verified CallerContext, read by get_secure_passport() from message.metadata.get(SECURE_PASSPORT_URI))",
 "legal: an extension's data rides in metadata keyed by the extension URI (topics/extensions.md); the client activated the declared extension in X-A2A-Extensions and the agent echoed it (EXT-001, EXT-004). A signature-like string in metadata is no credential of the card's security schemes (AUTH-001 is about the agent's own auth)")

# a2aproject/a2a-samples #656: the timestamp extension stamps outgoing messages and artifacts (1.0, @a2a-js/sdk)
TSX = "https://github.com/a2aproject/a2a-samples/extensions/timestamp/v1"
case("f693-legal-v10-timestamp-extension-stamps-echoed", get_card(0.0, card10([{"uri": TSX, "description": "adds timestamps to messages and artifacts", "required": False}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-656", "SendMessage", {"message": umsg10("echo this", mid="m-656", metadata={TSX + "/timestamp": 1772446500.101})}), ver="1.0", hdr=ah([TSX])),
    resp(0.3, 200, ok("s-656", {"task": task10("t-656", "c-656", "TASK_STATE_COMPLETED",
        status={"state": "TASK_STATE_COMPLETED", "timestamp": TS, "message": amsg10("echo this", mid="m-656r", taskId="t-656", contextId="c-656", metadata={TSX + "/timestamp": 1772446500.244})},
        artifacts=[{"artifactId": "a-656", "parts": [{"text": "echo this"}], "metadata": {TSX + "/timestamp": 1772446500.240}}])}), hdr=ah([TSX])),
], [],
 "https://github.com/a2aproject/a2a-samples/pull/656 (the JS/TS timestamp extension sample on @a2a-js/sdk v1.0: client interceptors \"inject headers and stamp outgoing client messages\", the server's wrapExecutor timestamps outgoing messages and artifacts in metadata)",
 "legal: metadata on messages and artifacts is where extensions add data (topics/extensions.md; a2a.proto Message.metadata, Artifact.metadata), the extension was requested in A2A-Extensions and the agent echoed it (EXT-001, EXT-004); numeric epoch seconds inside metadata are the extension's own format, not an A2A timestamp field (DATA-002 covers TaskStatus.timestamp)")

# GetBindu/Bindu #562 / PR #563: settlement failed, the task ends failed with no artifact and the x402 status in metadata
BD = card03x([{"uri": X402, "required": True}], url=M + "/")
case("f694-legal-v03-x402-settlement-failed-task-failed", get_card(0.0, BD, url=M + "/.well-known/agent-card.json") + [
    req(0.1, "POST", M + "/", rpc("b-1", "message/send", {"message": umsg03("summarise this filing", mid="m-562a")}), hdr=xh([X402])),
    resp(0.3, 200, ok("b-1", task03("t-562", "c-562", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Payment is required.", mid="m-562q", taskId="t-562", contextId="c-562", metadata={"x402.payment.status": "payment-required", "x402.payment.required": PAYREQ})})), hdr=xh([X402])),
    req(4.0, "POST", M + "/", rpc("b-2", "message/send", {"message": umsg03("payment attached", mid="m-562b", taskId="t-562", contextId="c-562",
        metadata={"x402.payment.status": "payment-submitted", "x402.payment.payload": PAYLOAD})}), hdr=xh([X402])),
    resp(7.0, 200, ok("b-2", task03("t-562", "c-562", "failed", status={"state": "failed", "timestamp": TS2,
        "message": amsg03("Payment settlement failed; output withheld.", mid="m-562f", taskId="t-562", contextId="c-562",
                          metadata={"x402.payment.status": "payment-failed", "x402.payment.error": "settle_exact_failed_onchain", "x402_network": "base-sepolia"})},
        metadata={"x402_nonce": "0x7d0e...91aa"})), hdr=xh([X402])),
], [],
 "https://github.com/GetBindu/Bindu/pull/563 (\"After: settle-fail -> task failed, no artifact pushed, message body explains 'Payment settlement failed; output withheld', and task.metadata carries x402_nonce, x402_authorization, x402_network for reconciliation\") ; https://github.com/GetBindu/Bindu/issues/562",
 "legal: an input-required task may move on to failed after the client's follow-up (TASK-008: any non-terminal state to any), a failed task need not carry artifacts, and its status.message says why (DATA-005); the extension's status and the reconciliation data sit in metadata where extensions put them")

# google-agentic-commerce/AP2 #5: AP2 mandates in data parts, with the x402 embedded flow (CartMandate artifact, PaymentMandate reply)
AP2 = "https://github.com/google-agentic-commerce/ap2/tree/v0.1"
CART = {"ap2.mandates.CartMandate": {"contents": {"id": "cart_shoes_123", "user_cart_confirmation_required": True, "payment_request": {
    "method_data": [{"supported_methods": "https://www.x402.org/", "data": PAYREQ}],
    "details": {"id": "order_shoes_123", "total": {"label": "Total", "amount": {"currency": "USD", "value": 120.0}}}},
    "cart_expiry": "2026-03-02T11:15:00Z", "merchant_name": "Shoe Shop"}, "merchant_authorization": "eyJhbGciOiJFUzI1NiJ9..."}}
PMAND = {"ap2.mandates.PaymentMandate": {"payment_mandate_contents": {"payment_mandate_id": "pm_9001", "payment_details_id": "order_shoes_123",
    "payment_details_total": {"label": "Total", "amount": {"currency": "USD", "value": 120.0}},
    "payment_response": {"request_id": "order_shoes_123", "method_name": "https://www.x402.org/", "details": PAYLOAD}, "merchant_agent": "Shoe Shop",
    "timestamp": "2026-03-02T10:20:00Z"}, "user_authorization": "eyJhbGciOiJFUzI1NiJ9..."}}
APC = card03x([{"uri": AP2, "description": "Supports the Agent Payments Protocol.", "required": True, "params": {"roles": ["merchant"]}},
               {"uri": X402, "required": False}], url=M + "/a2a/merchant_agent")
case("f695-legal-v03-ap2-cart-mandate-artifact-payment-mandate-reply", get_card(0.0, APC, url=M + "/a2a/merchant_agent/.well-known/agent-card.json") + [
    req(0.1, "POST", M + "/a2a/merchant_agent", rpc("ap-1", "message/send", {"message": {"kind": "message", "messageId": "m-ap2a", "role": "user", "parts": [
        {"kind": "text", "text": "white running shoes, size 42, under 150 USD"},
        {"kind": "data", "data": {"ap2.mandates.IntentMandate": {"natural_language_description": "white running shoes, size 42", "user_cart_confirmation_required": True,
                                                                 "intent_expiry": "2026-03-03T10:00:00Z", "requires_refundability": False}}}]}}), hdr=xh([AP2, X402])),
    resp(1.1, 200, ok("ap-1", task03("t-ap2", "c-ap2", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Payment is required for this cart.", mid="m-ap2q", taskId="t-ap2", contextId="c-ap2", metadata={"x402.payment.status": "payment-required"})},
        artifacts=[{"artifactId": "cart-mandate-456", "name": "AP2 CartMandate", "parts": [{"kind": "data", "data": CART}]}])), hdr=xh([AP2, X402])),
    req(20.0, "POST", M + "/a2a/merchant_agent", rpc("ap-2", "message/send", {"message": {"kind": "message", "messageId": "m-ap2b", "role": "user", "taskId": "t-ap2", "contextId": "c-ap2",
        "parts": [{"kind": "data", "data": PMAND}], "metadata": {"x402.payment.status": "payment-submitted"}}}), hdr=xh([AP2, X402])),
    resp(23.0, 200, ok("ap-2", task03("t-ap2", "c-ap2", "completed", status={"state": "completed", "timestamp": TS2,
        "message": amsg03("Payment successful. Order order_shoes_123 confirmed.", mid="m-ap2d", taskId="t-ap2", contextId="c-ap2",
                          metadata={"x402.payment.status": "payment-completed", "x402.payment.receipts": [{"success": True, "transaction": "0xdef456", "network": "base-sepolia"}]})},
        artifacts=[{"artifactId": "cart-mandate-456", "name": "AP2 CartMandate", "parts": [{"kind": "data", "data": CART}]}])), hdr=xh([AP2, X402])),
], [],
 "https://github.com/google-agentic-commerce/AP2/pull/5 (the AP2 A2A extension draft: IntentMandate, CartMandate and PaymentMandate carried between shopping and merchant agents; the AP2 samples put them in data parts under ap2.mandates.* keys, and a2a-x402's embedded flow returns the CartMandate as an artifact of an input-required task)",
 "legal: mandates are extension data in data parts (DATA-004: a 0.3 DataPart's data is an object, which these are), a task may carry an artifact while input-required and keep it when completed (TASK-008), and the PaymentMandate reply names the task and its context (TASK-007, ID-003). Both extensions were activated and echoed (EXT-001, EXT-004); the required AP2 extension is among them (EXT-002)")

# a2aproject/A2A #2026: the trace-context extension carries W3C traceparent in message metadata and the HTTP header
TC = "https://deeparchi.ai/extensions/trace-context/v1"
case("f696-legal-v10-trace-context-extension-metadata", get_card(0.0, card10([{"uri": TC, "description": "W3C Trace Context propagation", "required": False}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-2026", "SendMessage", {"message": umsg10("look up the weather tool", mid="m-2026",
        metadata={TC: {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "tracestate": "vendor=abc"}})}), ver="1.0",
        hdr=dict(ah([TC]), traceparent="00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01")),
    resp(0.5, 200, ok("s-2026", {"message": amsg10("Sunny, 21 C.", mid="m-2026r", contextId="c-2026",
        metadata={TC: {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-b7ad6b7169203331-01"}})}), hdr=ah([TC])),
], [],
 "https://github.com/a2aproject/A2A/issues/2026 (trace-context extension proposal: \"A2A: metadata[extension-uri].traceparent + HTTP headers\"; \"zero new protocol, occupies existing extension points only\")",
 "legal: trace data in metadata keyed by the extension URI plus the W3C traceparent header are extension points A2A leaves open (topics/extensions.md); the extension was requested and echoed in A2A-Extensions (EXT-001, EXT-004)")

# a2ui-project/a2ui #233: A2UI v0.8 on 0.3 types its DataPart in part metadata (mimeType application/json+a2ui),
# and a client that renders A2UI lists that type among its acceptedOutputModes
case("f697-legal-v03-a2ui-data-part-typed-in-metadata-accepted", get_card(0.0, card03x([{"uri": A2UI08, "required": False}], defaultOutputModes=["text/plain", "application/json+a2ui"])) + [
    req(0.1, "POST", A + "/", rpc("s-233", "message/send", {"message": umsg03("find me a table for four tonight", mid="m-233"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/json+a2ui"]}}), hdr=xh([A2UI08])),
    resp(0.9, 200, ok("s-233", task03("t-233", "c-233", "completed", artifacts=[{"artifactId": "a-233", "name": "restaurants", "parts": [
        {"kind": "text", "text": "Here are three places; pick one."},
        {"kind": "data", "data": {"beginRendering": {"surfaceId": "restaurants", "root": "list"}}, "metadata": {"mimeType": "application/json+a2ui"}},
        {"kind": "data", "data": {"surfaceUpdate": {"surfaceId": "restaurants", "components": [{"id": "list", "component": {"List": {"children": {"explicitList": ["r1", "r2", "r3"]}}}}]}},
         "metadata": {"mimeType": "application/json+a2ui"}}]}])), hdr=xh([A2UI08])),
], [],
 "https://github.com/a2ui-project/a2ui/issues/233 (how A2UI rides on A2A: \"Use of DataPart to represent A2UI messages\"; \"MIME type used to identify A2UI messages - currently application/json+a2ui as defined in ... a2ui_extension.py\" (create_a2ui_part puts it in the part's metadata)) ; https://github.com/a2ui-project/a2ui/pull/399 (the sample clients' A2UI parts carry that mimeType). The client's acceptedOutputModes are rebuilt: a client that renders A2UI accepts its type",
 "legal: a 0.3 DataPart has no media-type member, so an extension names the part's type in its metadata (topics/extensions.md: custom attributes go in metadata); the client accepted text/plain and application/json+a2ui, and every part is one of those (the data parts by their declared mimeType), so the agent tailored its output as asked (DATA-004; acceptedOutputModes). Reading a data part as plain application/json here would blame the agent for exactly the type the client asked for")

# erpc/erpc #831 (an x402 payment gate for JSON-RPC answers 402 with its own JSON-RPC error, id null) in front of an
# A2A agent, as a2aproject/A2A #1815 describes x402 gates in front of A2A endpoints
GATE = "https://paid-agent.example.test"
case("f698-v03-x402-gate-402-jsonrpc-error-id-null", get_card(0.0, card03(GATE + "/a2a"), url=GATE + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GATE + "/a2a", rpc("q-831", "message/send", {"message": umsg03("premium forecast for Oslo", mid="m-831")})),
    resp(0.12, 402, {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "payment required for this resource (x402)"}},
         hdr={"payment-required": "eyJ4NDAyVmVyc2lvbiI6Mi4uLn0="}),
], [("jsonrpc-refusal-id-not-echoed", "warning")],
 "https://github.com/erpc/erpc/pull/831 (x402 payment auth for a JSON-RPC gateway: the payment-required answer is an HttpJsonRpcErrorResponse with \"Id: nil\", code -32000, \"payment required for this resource (x402)\"; review: \"Batch x402 error response loses JSON-RPC request ID ... clients cannot correlate which request triggered the 402 error\") ; https://github.com/a2aproject/A2A/issues/1815 (x402 gates answer A2A calls with 402 in production). The A2A exchange is rebuilt: the same gate shape in front of an A2A JSON-RPC endpoint",
 "the 402 itself is the gate's legal answer (ERR-007; A2A #1815: 402 is layered on top of A2A), but a JSON-RPC error object must echo the call's id, which was readable (RPC-002, JSON-RPC 2.0 §5: null only when the id could not be read): a client that pairs answers with calls by id drops this one. A warning on the refusal (RPC-ID-002), as for an auth front's 401 or a rate limiter's 429, not the agent's id mismatch (RPC-ID-001)")

case("f699-legal-v03-x402-gate-402-jsonrpc-error-id-echoed", get_card(0.0, card03(GATE + "/a2a"), url=GATE + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GATE + "/a2a", rpc("q-832", "message/send", {"message": umsg03("premium forecast for Bergen", mid="m-832")})),
    resp(0.12, 402, {"jsonrpc": "2.0", "id": "q-832", "error": {"code": -32000, "message": "payment required for this resource (x402)", "data": PAYREQ}},
         hdr={"payment-required": "eyJ4NDAyVmVyc2lvbiI6Mi4uLn0="}),
], [],
 "https://github.com/erpc/erpc/pull/831 (the fix the review asks for: carry the request's id into the x402 JSON-RPC error) ; https://github.com/a2aproject/A2A/issues/1815",
 "legal: a payment gate answers the call with 402 and a JSON-RPC error that echoes the call's id (RPC-002); -32000 is the JSON-RPC server-error range and 0.x error data is free-form (ERR-001), and the HTTP status of a JSON-RPC error is not A2A's to fix (ERR-007)")

write_cases(cases, OUT)
