"""Variants of review32 (prefix b32q-): python3 tests/cases/variants/gen_b32q.py

The verifier's leftovers of session 31, each case the fault or the legal traffic beside it:
K: CARD-PATH-004 (card-not-served) judged whatever the order: a 404 at the card path that
   comes after the 1.0 calls the origin answered is the same fault as one before them.
G: CARD-URL-011 (card-url-bind-all-address) on a gateway's upstream leg: the agent's own card,
   fetched by the gateway, names 0.0.0.0; a recording that shows the client leg too judges the
   card the clients got (rewritten by the gateway, or passed on unchanged).
R: a card naming 0.0.0.0 fetched through this recording proxy on loopback from an agent on
   another host (native recording, `request_head.upstream`): the client is not on the agent's
   host, so the URL reaches nothing (CARD-URL-003), not CARD-URL-011's "connects only here".
V: VER-CARD-002 (client-version-not-in-card) on a 0.3 method sent with `A2A-Version: 1.0` to a
   1.0-only agent: the note names the method's version and the header's (VER-MIX-002 beside it).
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases

cases = {}
SRC = "review32 (the verifier's leftovers of session 31)"
def case(name, lines, findings, note, source=SRC):
    cases[name] = (lines, findings, source, note)
def up(line):
    """The same transcript line on the gateway's upstream leg."""
    line = dict(line); line["leg"] = "upstream"; return line
def card10(url, binding="JSONRPC"):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    return c
CARD_URL = A + "/.well-known/agent-card.json"
def send10(t, rid, url):
    return [req(t, "POST", url, rpc(rid, "SendMessage", {"message": umsg10("hello", mid="m-" + rid)}), ver="1.0"),
            resp(t + 0.1, 200, ok(rid, {"message": amsg10("Hello!", mid="m-" + rid + "r", contextId="c-" + rid)}))]

# --- K: CARD-PATH-004 whatever the order ----------------------------------------------------
case("b32q-K1-v10-card-404-after-the-calls",
     send10(0.0, "k1a", A + "/") + send10(0.5, "k1b", A + "/")
     + [req(1.0, "GET", CARD_URL), resp(1.01, 404, {"error": "Not Found"})],
     [("card-not-served", "error")],
     "the client was given the URL out of band and called SendMessage twice; a card resolver asked later and got 404: the origin is a 1.0 A2A agent whose well-known card path serves nothing (CARD-001, CARD-002), the same fault as f702 with the order reversed")
case("b32q-K2-legal-v10-card-404-then-card-served-after-calls",
     send10(0.0, "k2", A + "/")
     + [req(1.0, "GET", CARD_URL), resp(1.01, 404, {"error": "Not Found"}),
        req(2.0, "GET", CARD_URL), resp(2.01, 200, card10(A + "/"))],
     [],
     "legal: the card path answered 404 once (the agent still starting) and served the card a second later: a card is served on the origin (CARD-001)")
case("b32q-K3-legal-v10-card-404-on-another-origin-after-calls",
     send10(0.0, "k3", A + "/")
     + [req(1.0, "GET", "https://other.example.test/.well-known/agent-card.json"), resp(1.01, 404, {"error": "Not Found"})],
     [],
     "legal: the 404 is another origin's, one that answered no A2A call here (a wrong host tried by a resolver): nothing says it is an agent")
case("b32q-K4-v10-card-404-after-calls-on-two-origins",
     send10(0.0, "k4a", A + "/") + send10(0.3, "k4b", "https://second.example.test/")
     + [req(1.0, "GET", "https://second.example.test/.well-known/agent-card.json"), resp(1.01, 404, {"error": "Not Found"}),
        req(1.2, "GET", CARD_URL), resp(1.21, 200, card10(A + "/"))],
     [("card-not-served", "error")],
     "two agents answered SendMessage; afterwards the first served its card and the second answered 404 at its card path: the second serves no card (CARD-001, CARD-002), the first is fine")

# --- G: CARD-URL-011 on a gateway's upstream leg ---------------------------------------------
GW = "https://gw.example.test"
AG = "http://127.0.0.1:9999"
def gw_card(t, agent_card, client_card):
    return [req(t, "GET", GW + "/.well-known/agent-card.json"),
            up(req(t + 0.001, "GET", AG + "/.well-known/agent-card.json")),
            up(resp(t + 0.005, 200, agent_card)),
            resp(t + 0.006, 200, client_card)]
case("b32q-G1-legal-gw-v10-upstream-card-bind-all-rewritten",
     gw_card(0.0, card10("http://0.0.0.0:9999/"), card10(GW + "/")),
     [],
     "legal: the agent's own card names its listen address 0.0.0.0, fetched by the gateway on the agent's host; the gateway rewrote it to its public URL, and the card clients got is right (CARD-005): the upstream leg's card reaches no client")
case("b32q-G2-gw-v10-upstream-card-bind-all-passed-on",
     gw_card(0.0, card10("http://0.0.0.0:9999/"), card10("http://0.0.0.0:9999/")),
     [("card-url-internal-authority", "error"), ("card-over-https-advertises-http", "warning")],
     "the gateway passed the agent's card on unchanged: its clients, on another host, are sent to 0.0.0.0, which is no destination (CARD-005), over plain http from a card fetched over https (AUTH-004); judged on the card clients got, once (not CARD-URL-011 on the upstream leg as well)")
case("b32q-G3-v10-upstream-leg-only-card-bind-all",
     [up(req(0.0, "GET", AG + "/.well-known/agent-card.json")), up(resp(0.005, 200, card10("http://0.0.0.0:9999/")))],
     [("card-url-bind-all-address", "warning")],
     "a recording of the upstream leg alone (no client leg): the agent's card names 0.0.0.0, fetched on its own host; nothing shows what the clients got, so the card is judged as it is (CARD-005)")

# --- R: a loopback recording proxy in front of an agent on another host ------------------------
def native_card(upstream, card):
    body = json.dumps(card, separators=(",", ":"))
    return [
        {"type": "recording", "format": 1, "tool": {"name": "a2a-interop", "version": "0.1.0"},
         "startedAt": "2026-01-01T00:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
         "routes": [{"prefix": "/", "upstream": upstream}]},
        {"seq": 1, "t_us": 0, "exchange": "e1", "type": "request_head", "method": "GET",
         "url": "http://127.0.0.1:8080/.well-known/agent-card.json", "version": "HTTP/1.1",
         "headers": [["accept", "application/json"]], "upstream": upstream + "/.well-known/agent-card.json"},
        {"seq": 2, "t_us": 900, "exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/1.1",
         "headers": [["content-type", "application/json"], ["cache-control", "max-age=300"]]},
        {"seq": 3, "t_us": 950, "exchange": "e1", "type": "response_chunk", "body": body},
        {"seq": 4, "t_us": 1000, "exchange": "e1", "type": "exchange_end", "outcome": "complete",
         "request_bytes": 0, "response_bytes": len(body)},
    ]
case("b32q-R1-v10-card-bind-all-remote-agent-through-loopback-proxy",
     native_card("http://agent.example.test:9999", card10("http://0.0.0.0:9999/")),
     [("card-url-internal-authority", "error")],
     "the recording proxy listened on 127.0.0.1 in front of an agent on agent.example.test, whose card names 0.0.0.0:9999: the client is on the proxy's host, not the agent's, so 0.0.0.0 connects it to its own host, where no agent listens (CARD-005); the message names the agent's host and the proxy")
case("b32q-R2-v10-card-bind-all-local-agent-through-loopback-proxy",
     native_card("http://127.0.0.1:9999", card10("http://0.0.0.0:9999/")),
     [("card-url-bind-all-address", "warning")],
     "control for R1: the agent runs on the proxy's host (upstream 127.0.0.1), so 0.0.0.0 connects here, and only here (CARD-URL-011, CARD-005)")

# --- V: VER-CARD-002 on a 0.3 method under A2A-Version 1.0 ------------------------------------
def v03_send_under_v10(t, rid, answer):
    return [req(t, "POST", A + "/a2a", rpc(rid, "message/send", {"message": umsg03("hello", mid="m-" + rid)}), ver="1.0"),
            resp(t + 0.1, 200, answer)]
case("b32q-V1-v10-v03-method-under-1-0-header-refused",
     [req(0.0, "GET", CARD_URL), resp(0.01, 200, CARD10)] + v03_send_under_v10(0.1, "v1", err("v1", -32601, "Method not found")),
     [("client-version-mixed-request", "warning")],
     "the client sent 0.3's message/send with A2A-Version: 1.0 (VER-MIX-002: the body and the header disagree); the 1.0-only agent refused it -32601, the right answer to a method its version does not have (VER-CARD-002's note says so, naming both versions)")

if __name__ == "__main__":
    write_cases(cases, HERE)
