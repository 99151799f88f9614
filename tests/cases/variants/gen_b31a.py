"""Variants of miner mine31a (prefix b31a-): python3 tests/cases/variants/gen_b31a.py

Each proves a kind fix of session 31's round twenty-nine (field cases f680-f697) on traffic
the field cases do not hold, with legal controls beside it:
E: a 0.2/0.3 message call that did not activate an extension the card marks required
   (X-A2A-Extensions) and was processed is CAP-EXT-007 (f682): on a stream, on a 0.2 card,
   with no header at all; not when the call was refused or the URI came under the 1.0 name.
M: a part that states no media type of its own but names one in its metadata (mimeType /
   mediaType, as 0.x extensions type a DataPart) is judged under that name too for
   acceptedOutputModes (CAP-MODE-001, f697): on a stream, in a Message reply, on 1.0; a
   metadata type the client did not accept is still told, under that name.
P: HTTP 402 (an x402 payment gate in front of the endpoint) is an HTTP-level refusal like
   401/403/429: its JSON-RPC error body's id is judged by RPC-ID-002 (a warning), not as the
   agent's RPC-ID-001, and its own JSON on an HTTP+JSON route is no malformed A2A error (f698).
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
def get_card(t, card, url=A + "/.well-known/agent-card.json"):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def card03x(exts, url=A + "/", **kw):
    return card03(url, capabilities={"streaming": True, "extensions": exts}, **kw)
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}; s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
R18 = "https://github.com/google-agentic-commerce/a2a-x402/issues/18"
R233 = "https://github.com/a2ui-project/a2ui/issues/233"
PAY = "https://pay.example.test/ext/x402/v0.2"
A2UI = "https://a2ui.org/a2a-extension/a2ui/v0.8"

# --- E: 0.x required extension not activated, call processed ---------------------------------------
REQ = card03x([{"uri": PAY, "description": "payment handshake", "required": True}])
case("b31a-E1-v03-stream-required-extension-no-header", get_card(0.0, REQ) + [
    req(0.1, "POST", A + "/", rpc("e1", "message/stream", {"message": umsg03("premium forecast for Oslo", mid="m-e1")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("e1", task03("t-e1", "c-e1", "submitted")))),
    chunk(0.9, sse(ok("e1", {"kind": "artifact-update", "taskId": "t-e1", "contextId": "c-e1", "artifact": {"artifactId": "a-e1", "parts": [{"kind": "text", "text": "rain, 9 C"}]}, "lastChunk": True}))),
    chunk(1.0, sse(ok("e1", su03("t-e1", "c-e1", "completed", True)))),
    chunk(1.01, "", close="eof"),
], [("required-extension-not-enforced-0x", "warning")],
 R18 + " (the kind on message/stream, with no X-A2A-Extensions at all: the paid skill streamed its result without the payment handshake)",
 "the card marks the payment extension required and the client activated nothing; a 0.x agent should refuse the call (topics/extensions.md; EXT-002), not stream the paid result (CAP-EXT-007)")

REQ02 = {"name": "merchant", "description": "sells reports", "url": A + "/", "version": "0.2.5", "protocolVersion": "0.2.5",
         "capabilities": {"streaming": False, "extensions": [{"uri": PAY, "required": True}]},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "r", "name": "reports", "description": "premium reports", "tags": ["reports"]}]}
case("b31a-E2-v02-required-extension-other-version-processed", get_card(0.0, REQ02, url=A + "/.well-known/agent.json") + [
    req(0.1, "POST", A + "/", rpc(7, "message/send", {"message": umsg03("premium report, please", mid="m-e2")}), hdr={"x-a2a-extensions": "https://pay.example.test/ext/x402/v0.1"}),
    resp(0.6, 200, ok(7, amsg03("Here is the premium report.", mid="m-e2r", contextId="c-e2"))),
], [("required-extension-not-enforced-0x", "warning")],
 R18 + " (the kind on a 0.2.5 card answered with a Message: the client named the extension's older version)",
 "v0.1 is another extension than the required v0.2 (EXT-003: a version the agent does not support is ignored, never mapped to another), so the required one is inactive and the 0.2 agent should have refused (CAP-EXT-007)")

case("b31a-E3-legal-v03-required-extension-refused-invalid-params", get_card(0.0, REQ) + [
    req(0.1, "POST", A + "/", rpc("e3", "message/send", {"message": umsg03("premium forecast", mid="m-e3")})),
    resp(0.15, 200, err("e3", -32602, "Required extension not activated: " + PAY, {"missingExtensions": [PAY]})),
], [],
 R18 + " (control: the agent enforces its required extension)",
 "legal: a 0.x call without the card-required extension is refused with an error that names it (topics/extensions.md; 0.3 has no dedicated code, InvalidParams names what is missing), so nothing was processed")

case("b31a-E4-legal-v03-required-extension-under-1-0-header-name", get_card(0.0, REQ) + [
    req(0.1, "POST", A + "/", rpc("e4", "message/send", {"message": umsg03("premium forecast", mid="m-e4")}), hdr={"a2a-extensions": PAY}),
    resp(0.5, 200, ok("e4", task03("t-e4", "c-e4", "completed", artifacts=[{"artifactId": "a-e4", "parts": [{"kind": "text", "text": "sunny"}]}])), hdr={"x-a2a-extensions": PAY}),
], [],
 R18 + " (control: a compat client names the URI under the 1.0 header, which the agent read and echoed)",
 "the required URI was requested (under A2A-Extensions, which a2a-python's compat servers read on 0.3 calls too, a2a-python #984) and the agent echoed what it activated: the required extension was active, nothing to refuse (EXT-002)")

# --- M: part media type named in part metadata ------------------------------------------------------
A2UIPART = {"kind": "data", "data": {"beginRendering": {"surfaceId": "main", "root": "root"}}, "metadata": {"mimeType": "application/json+a2ui"}}
case("b31a-M1-legal-v03-stream-a2ui-part-typed-in-metadata", get_card(0.0, card03x([{"uri": A2UI, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("m1", "message/stream", {"message": umsg03("show the menu", mid="m-m1"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/json+a2ui"]}}), accept=SSE, hdr={"x-a2a-extensions": A2UI}),
    resp(0.2, 200, "", ctype=SSE, hdr={"x-a2a-extensions": A2UI}),
    chunk(0.21, sse(ok("m1", task03("t-m1", "c-m1", "working")))),
    chunk(0.8, sse(ok("m1", {"kind": "artifact-update", "taskId": "t-m1", "contextId": "c-m1", "artifact": {"artifactId": "ui-1", "parts": [A2UIPART]}, "lastChunk": True}))),
    chunk(0.9, sse(ok("m1", su03("t-m1", "c-m1", "completed", True)))),
    chunk(0.91, "", close="eof"),
], [],
 R233 + " (the kind on message/stream: A2UI surfaces arrive as artifact updates)",
 "legal: the data part's type is the application/json+a2ui its metadata names (a 0.3 DataPart has no media-type member), which the client accepted (DATA-004, acceptedOutputModes)")

case("b31a-M2-legal-v10-message-part-mediatype-in-metadata", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("m2", "SendMessage", {"message": umsg10("chart of last week's sales", mid="m-m2"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/vnd.vega.v5+json"]}}), ver="1.0"),
    resp(0.5, 200, ok("m2", {"message": {"messageId": "m-m2r", "role": "ROLE_AGENT", "contextId": "c-m2", "parts": [
        {"text": "Sales by day:"}, {"data": {"mark": "bar", "encoding": {}}, "metadata": {"mediaType": "application/vnd.vega.v5+json"}}]}})),
], [],
 R233 + " (the kind on 1.0: a data part without mediaType that names its type in metadata.mediaType)",
 "legal: the part states no mediaType of its own; its metadata names application/vnd.vega.v5+json, which the client accepted (DATA-004)")

case("b31a-M3-v03-metadata-type-not-accepted", get_card(0.0, card03x([{"uri": A2UI, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("m3", "message/send", {"message": umsg03("show the menu", mid="m-m3"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/json"]}})),
    resp(0.5, 200, ok("m3", amsg03("menu", mid="m-m3r", contextId="c-m3", parts=[{"kind": "text", "text": "Menu:"},
        {"kind": "data", "data": {"beginRendering": {"surfaceId": "main", "root": "root"}}, "metadata": {"mimeType": "application/json+a2ui"}}, {"kind": "file", "file": {"uri": "https://cdn.example.test/menu.png", "mimeType": "image/png"}}]))),
], [("output-mode-not-accepted", "warning")],
 R233 + " (the file part's image/png is outside the accepted modes; the data part is plain JSON to a client that accepts application/json)",
 "the data part passes: whatever its metadata calls it, its data is JSON and the client accepted application/json; the file part is image/png, which the client's acceptedOutputModes do not cover (CAP-MODE-001)")

case("b31a-M4-v03-artifact-metadata-type-not-accepted", get_card(0.0, card03x([{"uri": A2UI, "required": False}])) + [
    req(0.1, "POST", A + "/", rpc("m4", "message/send", {"message": umsg03("show the menu", mid="m-m4"),
        "configuration": {"acceptedOutputModes": ["text/plain"]}})),
    resp(0.5, 200, ok("m4", task03("t-m4", "c-m4", "completed", artifacts=[{"artifactId": "ui-4", "parts": [A2UIPART]}]))),
], [("output-mode-not-accepted", "warning")],
 R233 + " (the kind's other side: the client accepted text only)",
 "the client accepted text/plain only; the artifact's data part is application/json+a2ui by its metadata, which the client did not accept (CAP-MODE-001), and the finding names that type")

# --- P: HTTP 402 of a payment gate ------------------------------------------------------------------
R831 = "https://github.com/erpc/erpc/pull/831 ; https://github.com/a2aproject/A2A/issues/1815"
X402B = {"x402Version": 2, "error": "Payment required", "resource": {"url": A + "/message:send"},
         "accepts": [{"scheme": "exact", "network": "eip155:8453", "amount": "1000", "asset": "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", "payTo": "0x5a1e0000000000000000000000000000000c0ffe", "maxTimeoutSeconds": 300}]}
case("b31a-P1-v10-402-jsonrpc-error-id-null", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc(41, "SendMessage", {"message": umsg10("premium forecast", mid="m-p1")}), ver="1.0"),
    resp(0.12, 402, {"jsonrpc": "2.0", "id": None, "error": {"code": -32000, "message": "payment required (x402)"}}),
], [("jsonrpc-refusal-id-not-echoed", "warning")],
 R831 + " (the kind on a 1.0 agent: the gate's error object says id null for a call with id 41)",
 "the 402 is the gate's refusal (ERR-007), but its JSON-RPC error object must echo the readable id 41 (RPC-002): RPC-ID-002, not the agent's RPC-ID-001")

case("b31a-P2-v03-402-jsonrpc-error-other-id", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("p2", "message/stream", {"message": umsg03("premium forecast", mid="m-p2")}), accept=SSE),
    resp(0.12, 402, {"jsonrpc": "2.0", "id": "1", "error": {"code": -32000, "message": "payment required (x402)"}}),
], [("jsonrpc-refusal-id-not-echoed", "warning")],
 R831 + " (the kind on message/stream, with a fixed id \"1\" of the gate's own)",
 "a JSON-RPC error object under the gate's 402 names id \"1\", another call's id (RPC-002): RPC-ID-002")

RCARD10 = copy.deepcopy(CARD10)
RCARD10["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
case("b31a-P3-legal-v10-rest-402-x402-body", get_card(0.0, RCARD10) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("premium forecast", mid="m-p3")}, ver="1.0"),
    resp(0.12, 402, X402B, hdr={"payment-required": "eyJ4NDAyVmVyc2lvbiI6Mn0="}),
    req(1.0, "POST", A + "/message:send", {"message": umsg10("premium forecast", mid="m-p3")}, ver="1.0", hdr={"payment-signature": "eyJzY2hlbWUiOiJleGFjdCJ9"}),
    resp(1.4, 200, {"message": amsg10("Rain at noon.", mid="m-p3r", contextId="c-p3")}),
], [],
 R831 + " (control: the gate's x402 JSON on a 1.0 HTTP+JSON route, then the paid retry)",
 "legal: the 402 and its x402 body are the payment gate's, not an A2A error in the wrong shape (ERR-003 binds the agent's A2A errors; ERR-007), and the paid retry gets the agent's answer")

case("b31a-P4-legal-v03-rest-402-x402-body", get_card(0.0, card03(A, preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-p4", "role": "ROLE_USER", "content": [{"text": "premium forecast"}]}}),
    resp(0.12, 402, {"code": 402, "message": "Payment required", "x402Version": 2, "accepts": X402B["accepts"]}),
], [],
 R831 + " (control: a 0.3 HTTP+JSON route behind the gate, whose body carries a code member like a 0.3 error object)",
 "legal: a payment gate's 402 body is its own JSON, not the 0.3 HTTP+JSON error object of the agent (REST-003 binds the agent's A2A errors; ERR-007)")

write_cases(cases, HERE)
