"""Variants of miner mine30c (prefix b30c-): python3 tests/cases/variants/gen_b30c.py

Each proves a widening of session 30's round twenty-eight (field cases f660-f674) on traffic
the field cases do not hold, with a legal control beside it:
C: an Agent Card served at a registry's, directory's or gateway's own path (no
   /.well-known/) is judged as a card fetch (f660, f662).
S: a JSON-RPC or HTTP+JSON interface url that is no http(s) URL is CARD-SHAPE-003 in every
   card generation and member (1.0 supportedInterfaces, 0.3 url / additionalInterfaces) (f660).
G: a gateway that sends the client's message upstream under a messageId of its own is still
   judged for the taskId / contextId it dropped or changed (GW-REQ-003, f665).
P: a well-formed JSON-RPC call answered HTTP 400 with a body that is no JSON (f666).
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
def get_card(t, card, url):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def up(line):
    line = dict(line); line["leg"] = "upstream"; return line
R636 = "https://github.com/agntcy/coffeeAgntcy/issues/636 ; https://github.com/agntcy/coffeeAgntcy/pull/655"
R3500 = "https://github.com/agentgateway/agentgateway/issues/3500"
R4589 = "https://github.com/IBM/mcp-context-forge/issues/4589"
R1724 = "https://github.com/envoyproxy/ai-gateway/issues/1724"
REG = "https://registry.example.test"

# --- C: cards at a path of their own --------------------------------------------------------------
case("b30c-C1-v10-registry-card-loopback-url", get_card(0.0, card10([{"url": "http://127.0.0.1:8000/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]),
     REG + "/v0/agents/helper/versions/1.0.0/card"), [("card-url-internal-authority", "error"), ("card-over-https-advertises-http", "warning")],
     R3500 + " (the kind on a registry: agentregistry's /v0/agents/{name}/versions/{version}/card re-serves the card an agent published with its local bind address)",
     "a card the registry serves at its own path is the card its clients follow (CARD-001, CARD-005): a loopback interface url fetched from the registry's public host reaches no agent (CARD-URL-003), and its plain http drops the TLS the card came over (AUTH-004, AUTH-TLS-004)")
case("b30c-C2-v03-gateway-card-no-well-known-doubled-path", get_card(0.0, card03("https://gw.example.test/a2a/agents/helper/a2a/agents/helper/rpc"),
     "https://gw.example.test/a2a/agents/helper/agent-card.json"), [("card-url-doubled-path", "error")],
     R3500 + " (the gateway serves the card at /a2a/agents/{name}/agent-card.json, no /.well-known/: the doubled path of #3500's first symptom)",
     "the card at the gateway's own card path is judged as a card: its url repeats /a2a/agents/helper (CARD-005, CARD-006; CARD-URL-001)")
case("b30c-C3-legal-v10-registry-card-own-path", get_card(0.0, card10([{"url": "https://helper.example.test/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]),
     REG + "/v0/agents/helper/versions/1.0.0/card"), [],
     R636 + " (control: a well-formed card re-served by a registry at its own path)",
     "legal: a registry may serve the cards it stores at any path (A2A's registry-based discovery, topics/agent-discovery.md); a card whose interface is a public https url is right wherever it is fetched from")
case("b30c-C4-legal-registry-listing-not-a-card", [
    req(0.0, "GET", REG + "/v0/agents?skill=travel"),
    resp(0.01, 200, {"agents": [{"name": "travel", "skills": [{"id": "book"}], "capabilities": {"streaming": True}, "url": "http://127.0.0.1:9000/"}], "next": None}),
], [], R636 + " (control: a registry search answer holds card-like entries but is no card)",
     "legal: a registry's own listing is no Agent Card (its top level has no name, capabilities and skills), so nothing in it is judged as the agent's card; the loopback url inside is the registry's data, not an interface a card advertises")

# --- S: interface urls that are no http(s) for an HTTP binding ------------------------------------
case("b30c-S1-v10-jsonrpc-interface-ws-url", get_card(0.0, card10([{"url": "wss://agent.example.test/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]),
     A + "/.well-known/agent-card.json"), [("card-interface-malformed", "error")],
     R636 + " (the kind on a 1.0 card: a JSON-RPC interface at a WebSocket url)",
     "JSON-RPC runs over HTTP (1.0 §9, RPC-001): a wss:// url gives a JSON-RPC client nothing to POST to (CARD-005, CARD-006)")
case("b30c-S2-v03-additional-http-json-nats-url", get_card(0.0, card03(A + "/a2a", additionalInterfaces=[
        {"url": A + "/a2a", "transport": "JSONRPC"}, {"url": "nats://nats.example.test:4222/agents/helper", "transport": "HTTP+JSON"}]),
     A + "/.well-known/agent-card.json"), [("card-interface-malformed", "error")],
     R636 + " (the kind on a 0.3 additionalInterfaces entry: a NATS subject declared as HTTP+JSON)",
     "HTTP+JSON runs over HTTP (0.3 §3.2.3): a nats:// url declared with transport HTTP+JSON reaches no REST client (CARD-006)")
case("b30c-S3-legal-v03-custom-transports-own-schemes", get_card(0.0, card03(A + "/a2a", additionalInterfaces=[
        {"url": A + "/a2a", "transport": "JSONRPC"}, {"url": "slim://slim.example.test:46357/agents/helper", "transport": "https://agntcy.example.test/a2a/transports/slimrpc"},
        {"url": "nats://nats.example.test:4222/agents/helper", "transport": "https://agntcy.example.test/a2a/transports/nats"}]),
     A + "/.well-known/agent-card.json"), [],
     R636 + " (control: the coffeeAgntcy farm card's slim and nats endpoints under their own transports, named as URIs; the farm card's bare names slimrpc / nats are CARD-SHAPE-007's)",
     "legal: a custom transport names its own url scheme (0.3 §5.6.2 lets a card list other transports, named by URI; CARD-006), and the JSON-RPC interface stays on https")
case("b30c-S4-legal-v10-grpc-target-without-scheme", get_card(0.0, card10([{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": "dns:///agent.example.test:443", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]),
     A + "/.well-known/agent-card.json"), [],
     R636 + " (control: a gRPC interface written as a gRPC target)",
     "legal: a gRPC interface's url is a channel target (GRPC-001), so its dns: scheme is no HTTP binding's url; only JSONRPC and HTTP+JSON need http(s)")

# --- G: a gateway's own messageId does not hide the ids it dropped --------------------------------
GW = "https://gw.example.test/a2a/helper"
UP = "http://helper.internal:9000/a2a"
FOLLOW = {"message": umsg10("the 12th to the 14th", mid="m-g1", taskId="t-g1", contextId="c-g1")}
case("b30c-G1-v10-gateway-own-message-id-replaces-task-id", get_card(0.0, card10([{"url": GW, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]), GW + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GW, rpc("c-1", "SendMessage", FOLLOW), ver="1.0"),
    up(req(0.11, "POST", UP, rpc(1, "SendMessage", {"message": umsg10("the 12th to the 14th", mid="gw-1767600005", taskId="t-gw-77", contextId="c-g1")}), ver="1.0")),
    up(resp(0.8, 200, ok(1, {"task": task10("t-gw-77", "c-g1", "TASK_STATE_COMPLETED")}))),
    resp(0.81, 200, ok("c-1", {"task": task10("t-gw-77", "c-g1", "TASK_STATE_COMPLETED")})),
], [("message-ids-rewritten-by-proxy", "error")],
     R4589 + " (the kind on 1.0: the gateway mints a messageId and puts its own task id on the message)",
     "the gateway forwards the client's message with another taskId (ID-001, ID-008): the agent continues t-gw-77, not the t-g1 the client named; the gateway's own messageId does not make it another message")
case("b30c-G2-legal-v10-gateway-own-message-id-only", get_card(0.0, card10([{"url": GW, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]), GW + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GW, rpc("c-1", "SendMessage", {"message": umsg10("book a room in Oslo", mid="m-g2")}), ver="1.0"),
    up(req(0.11, "POST", UP, rpc(1, "SendMessage", {"message": umsg10("book a room in Oslo", mid="gw-1767600009")}), ver="1.0")),
    up(resp(0.8, 200, ok(1, {"message": amsg10("Booked the Thon Hotel for you.", mid="m-g2r", contextId="c-g2")}))),
    resp(0.81, 200, ok("c-1", {"message": amsg10("Booked the Thon Hotel for you.", mid="m-g2r", contextId="c-g2")})),
], [], R4589 + " (control: only the messageId is the gateway's)",
     "legal: the gateway's messageId alone changes nothing the agent reads for the conversation (no taskId or contextId was sent or dropped); GW-REQ-003 is about the ids of the task and context")

def xid(line, i):
    line = dict(line); line["id"] = i; return line
def send_to(t, cid, rid, task, ctx, mid):
    return req(t, "POST", GW, rpc(rid, "SendMessage", {"message": umsg10("yes, go ahead", mid=mid, taskId=task, contextId=ctx)}), ver="1.0")
case("b30c-G3-legal-v10-gateway-own-message-ids-two-open-sends", get_card(0.0, card10([{"url": GW, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]), GW + "/.well-known/agent-card.json") + [
    xid(send_to(0.1, "c-1", "c-1", "t-a", "c-a", "m-a"), "xa"),
    xid(send_to(0.2, "c-2", "c-2", "t-b", "c-b", "m-b"), "xb"),
    xid(up(req(0.21, "POST", UP, rpc(1, "SendMessage", {"message": umsg10("yes, go ahead", mid="gw-2", taskId="t-b", contextId="c-b")}), ver="1.0")), "ub"),
    xid(up(resp(0.6, 200, ok(1, {"task": task10("t-b", "c-b", "TASK_STATE_COMPLETED")}))), "ub"),
    xid(resp(0.61, 200, ok("c-2", {"task": task10("t-b", "c-b", "TASK_STATE_COMPLETED")})), "xb"),
    xid(up(req(0.62, "POST", UP, rpc(1, "SendMessage", {"message": umsg10("yes, go ahead", mid="gw-1", taskId="t-a", contextId="c-a")}), ver="1.0")), "ua"),
    xid(up(resp(0.9, 200, ok(1, {"task": task10("t-a", "c-a", "TASK_STATE_COMPLETED")}))), "ua"),
    xid(resp(0.91, 200, ok("c-1", {"task": task10("t-a", "c-a", "TASK_STATE_COMPLETED")})), "xa"),
], [], R4589 + " (control: two open sends of the same text to two tasks, each forwarded under the gateway's own messageId with its ids kept)",
     "legal: each upstream copy carries the taskId and contextId of one of the client's sends; that the other open send differs from it only in those ids does not make it that send's copy (ID-001)")

# --- P: a plain 400 to a valid call ----------------------------------------------------------------
case("b30c-P1-v10-waf-html-400-to-valid-send", get_card(0.0, CARD10, A + "/.well-known/agent-card.json") + [
    req(0.1, "POST", A + "/a2a", rpc("s-p1", "SendMessage", {"message": umsg10("show the Q3 numbers", mid="m-p1")}), ver="1.0"),
    resp(0.11, 400, "<html><body><h1>400 Bad Request</h1>Request blocked.</body></html>", ctype="text/html"),
], [("jsonrpc-response-malformed", "error")], R1724 + " (the kind behind a WAF: an HTML 400 page to a well-formed send)",
     "a well-formed JSON-RPC call gets a JSON-RPC Response object (RPC-001, RPC-002, ERR-004): an HTML 400 page leaves the client no id, code or A2A error")
case("b30c-P2-v03-params-not-object-400-judged-once", get_card(0.0, card03(A + "/a2a"), A + "/.well-known/agent-card.json") + [
    req(0.1, "POST", A + "/a2a", rpc(7, "message/send", ["hello"])),
    resp(0.11, 400, "Bad Request", ctype="text/plain"),
], [("jsonrpc-response-malformed", "error"), ("client-params-not-object", "error")],
     R1724 + " (control: the request is the client's fault; only the existing finding on the answer is told, not a second one)",
     "params that are no object are the client's fault (DATA-PARAM-005) and the agent's plain 400 is told once, as the -32602 it owed (framework_rejection), not again as a refusal of a valid call")
case("b30c-P3-legal-v10-intermediary-503-text-unchanged", get_card(0.0, CARD10, A + "/.well-known/agent-card.json") + [
    req(0.1, "POST", A + "/a2a", rpc("s-p3", "SendMessage", {"message": umsg10("hi", mid="m-p3")}), ver="1.0"),
    resp(0.11, 503, "upstream connect error or disconnect/reset before headers", ctype="text/plain"),
], [], R1724 + " (control: an intermediary's 503 text is GW-RESP-003's note, not a JSON-RPC envelope fault)",
     "an intermediary's 502/503/504 (ERR-007) is told as a note only; the new judgment covers 400 to a well-formed call")

write_cases(cases, HERE)
