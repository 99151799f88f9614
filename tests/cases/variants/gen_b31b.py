"""Variants of miner mine31b (prefix b31b-): python3 tests/cases/variants/gen_b31b.py

Each proves a widening of session 31's round thirty (field cases f700-f718) on traffic the
field cases do not hold, with legal controls beside it:
N: an HTTP+JSON POST whose body is JSON but no object (the literal null, an array, a scalar)
   is RPC-REQ-005 on every body route and generation, and not a malformed message (f700).
C: a well-known card path that answers 404 on an origin that answers 1.0 A2A calls, with no
   card served on it anywhere, is CARD-PATH-004 (f702); 0.x calls, refused calls, a card at
   an agent's own path and a card at the 0.2 path keep it quiet.
U: a 1.0 card that also carries 0.3's url / preferredTransport is not asked for 0.3's
   protocolVersion; a 0.x card without supportedInterfaces still is (f710).
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
def card10(interfaces=None, **kw):
    c = copy.deepcopy(CARD10)
    if interfaces is not None:
        c["supportedInterfaces"] = interfaces
    c.update(kw)
    return c
def iface(url, binding, ver="1.0"):
    return {"url": url, "protocolBinding": binding, "protocolVersion": ver}
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def card_404(t, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 404, "Not Found", ctype="text/plain")]
def status(code, st, msg):
    return {"error": {"code": code, "status": st, "message": msg}}
R380 = "https://github.com/a2aproject/a2a-go/issues/380"
R1106 = "https://github.com/a2aproject/a2a-java/issues/1106"
R259 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/259 ; https://github.com/a2aproject/a2a-python/issues/742"
R = A + "/a2a/rest"
RCARD = card10([iface(R, "HTTP+JSON")])
WORKING = [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("index the docs", mid="m-n1"), "configuration": {"returnImmediately": True}}, ver="1.0"),
    resp(0.2, 200, {"task": task10("t-n1", "c-n1", "TASK_STATE_WORKING")}),
]

# --- N: an HTTP+JSON POST body that is JSON but no object -------------------------------------------
case("b31b-N1-v10-rest-subscribe-post-body-array", get_card(0.0, RCARD) + WORKING + [
    req(0.5, "POST", R + "/tasks/t-n1:subscribe", "[]", ver="1.0", accept="text/event-stream"),
    resp(0.51, 400, status(400, "INVALID_ARGUMENT", "request body must be a JSON object")),
], [("client-params-not-object", "error")], R380,
 "SubscribeToTask by POST takes its request object as the body (trap 1: POST per the prose; body \"*\"): [] is an array, no request object (RPC-REQ-005 on HTTP+JSON, REST-001); the agent's 400 INVALID_ARGUMENT is right")
case("b31b-N2-v10-rest-send-body-null", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", "null", ver="1.0"),
    resp(0.11, 400, status(400, "INVALID_ARGUMENT", "Not a JSON Object: null")),
], [("client-params-not-object", "error")], R380,
 "POST /message:send with the body null: the client sent no SendMessageRequest at all (RPC-REQ-005, REST-001), which is the finding, not a message with a bad shape (DATA-SHAPE-002 stays quiet)")
case("b31b-N3-v03-rest-cancel-body-null", get_card(0.0, card03(A + "/v1", preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", A + "/v1/message:send", {"message": {"messageId": "m-n3", "role": "ROLE_USER", "content": [{"text": "index the docs"}]}, "configuration": {"blocking": False}}),
    resp(0.2, 200, {"task": {"id": "t-n3", "contextId": "c-n3", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}),
    req(0.5, "POST", A + "/v1/tasks/t-n3:cancel", "null"),
    resp(0.51, 400, {"code": 400, "message": "Not a JSON Object: null"}),
], [("client-params-not-object", "error")], R380,
 "0.3's HTTP+JSON binding is the same proto transcoding (0.3:grpc CancelTaskRequest, body \"*\"): the literal null is no request object on /v1 routes either (RPC-REQ-005, REST-003)")
case("b31b-N4-legal-v10-rest-cancel-empty-body", get_card(0.0, RCARD) + WORKING + [
    req(0.5, "POST", R + "/tasks/t-n1:cancel", "", ver="1.0"),
    resp(0.52, 200, task10("t-n1", "c-n1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")),
], [], R380,
 "legal: a POST :cancel whose path names everything may carry no body at all; an empty body is no JSON value the client chose (RPC-REQ-005 judges JSON that is no object)")
case("b31b-N5-legal-v10-rest-cancel-empty-object", get_card(0.0, RCARD) + WORKING + [
    req(0.5, "POST", R + "/tasks/t-n1:cancel", {}, ver="1.0"),
    resp(0.52, 200, task10("t-n1", "c-n1", "TASK_STATE_CANCELED", ts="2026-03-02T10:15:01.000Z")),
], [], R380,
 "legal: {} is the CancelTaskRequest with every field in the path (REST-001): the fix a2a-go made for #380")

# --- C: the well-known card path 404 on an origin that answers 1.0 calls -----------------------------
case("b31b-C1-v10-rest-card-404-rest-call-ok", card_404(0.0) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("hello", mid="m-c1")}, ver="1.0"),
    resp(0.4, 200, {"message": amsg10("hi there", mid="m-c1r", contextId="c-c1")}),
], [("card-not-served", "error")], R1106,
 "an origin that answers a 1.0 HTTP+JSON SendMessage and serves no card anywhere, its well-known card path 404 (CARD-001, CARD-002)")
case("b31b-C2-legal-v10-card-404-at-root-card-at-agent-path", card_404(0.0) + get_card(0.05, card10([iface(A + "/agents/billing/a2a", "JSONRPC")]), url=A + "/agents/billing/.well-known/agent-card.json") + [
    req(0.1, "POST", A + "/agents/billing/a2a", rpc("s-c2", "SendMessage", {"message": umsg10("hello", mid="m-c2")}), ver="1.0"),
    resp(0.4, 200, ok("s-c2", {"message": amsg10("hi there", mid="m-c2r", contextId="c-c2")})),
], [], R1106,
 "legal: a host of several agents serves each card under its agent's path (a2a-net #21's layout); a crawler's 404 at the root is no missing card, for a card was served on the origin")
case("b31b-C3-legal-v03-card-404-03-call", card_404(0.0) + [
    req(0.1, "POST", A + "/", rpc("s-c3", "message/send", {"message": umsg03("hello", mid="m-c3")})),
    resp(0.4, 200, ok("s-c3", amsg03("hi there", mid="m-c3r", contextId="c-c3"))),
], [], R1106,
 "not judged: 0.3 only recommends /.well-known/agent-card.json (0.3 §5.3, CARD-002) and a 0.2 agent serves agent.json; CARD-PATH-004 is the 1.0 MUST")
case("b31b-C4-v10-card-404-card-at-legacy-path", card_404(0.0) + get_card(0.05, CARD10, url=A + "/.well-known/agent.json") + [
    req(0.1, "POST", A + "/a2a", rpc("s-c4", "SendMessage", {"message": umsg10("hello", mid="m-c4")}), ver="1.0"),
    resp(0.4, 200, ok("s-c4", {"message": amsg10("hi there", mid="m-c4r", contextId="c-c4")})),
], [("card-not-at-agent-card-json", "error")], R1106,
 "the card exists at the 0.2 path: CARD-PATH-001 tells that (and names both), CARD-PATH-004 stays quiet")
case("b31b-C5-legal-v10-card-404-call-refused", card_404(0.0) + [
    req(0.1, "POST", A + "/", rpc("s-c5", "SendMessage", {"message": umsg10("hello", mid="m-c5")}), ver="1.0"),
    resp(0.12, 200, err("s-c5", -32601, "Method not found")),
], [], R1106,
 "not judged: the origin refused the 1.0 call, so nothing shows it is a 1.0 agent whose card is missing")

# --- U: the union card ---------------------------------------------------------------------------------
UNION = card10([iface(A + "/a2a", "JSONRPC", "1.0"), iface(A + "/a2a/v03", "JSONRPC", "0.3")],
               url=A + "/a2a/v03", preferredTransport="JSONRPC", protocolVersion="0.3.0",
               additionalInterfaces=[{"url": A + "/a2a/v03", "transport": "JSONRPC"}])
case("b31b-U1-legal-v10-union-card-sdk-shape", get_card(0.0, UNION) + [
    req(0.1, "POST", A + "/a2a", rpc("s-u1", "SendMessage", {"message": umsg10("hello", mid="m-u1")}), ver="1.0"),
    resp(0.4, 200, ok("s-u1", {"message": amsg10("hi there", mid="m-u1r", contextId="c-u1")})),
], [], R259,
 "legal: the union card of the 1.0 SDKs (a2a-python #742): a 1.0 card with the 0.3 members beside it, each version at its own url")
U2 = card03(A + "/a2a")
del U2["protocolVersion"]
case("b31b-U2-v03-card-without-protocol-version", get_card(0.0, U2), [("card-missing-required-field", "error")], R259,
 "a 0.3 card (url, no supportedInterfaces) served at agent-card.json without protocolVersion: still CARD-SHAPE-001 (0.3 schema required, CARD-004)")
U3 = card10([], url=A + "/a2a", preferredTransport="JSONRPC")
case("b31b-U3-v10-card-empty-interfaces-with-url", get_card(0.0, U3), [("card-missing-required-field", "error")], R259,
 "an empty supportedInterfaces lists no 1.0 interface (CARD-003: REQUIRED arrays non-empty); the card is read as 0.3 and lacks protocolVersion")
case("b31b-U4-legal-v10-union-card-no-03-version-rest", get_card(0.0, card10([iface(R, "HTTP+JSON")], url=R, preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("hello", mid="m-u4")}, ver="1.0"),
    resp(0.4, 200, {"message": amsg10("hi there", mid="m-u4r", contextId="c-u4")}),
], [], R259,
 "legal: the spring-ai-ascend #259 card on HTTP+JSON: url and preferredTransport repeat the first interface, protocolVersion is absent; read as 1.0 (CARD-003)")

write_cases(cases, HERE)
