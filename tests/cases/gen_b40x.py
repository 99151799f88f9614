"""Writes the b40x blind-adversary transcripts (breaker40, round twenty): gateways and two-leg
traffic, written from the specification and the rules' help (not from the verifier's code).
A gateway at https://gw.example.test serves the agent echo under /agents/echo and forwards to
http://echo.internal:8080 (the `upstream` leg). Covered: card URL rewrites (doubled prefixes,
internal hosts, http behind https, ports, tenants, several bindings of which only some are
rewritten, signed cards), relayed headers (A2A-Version, A2A-Extensions, credentials, hop-by-hop
headers, Content-Type charset, Content-Encoding), retries and resends (after a timeout, a
502/503/504, a 404/405/421/429, idempotent reads), SSE through a gateway (buffering, cut
streams, heartbeats, reordered, dropped or duplicated events), error mapping across the hop,
ids kept, mapped or rewritten across legs, one leg only against both legs recorded.
Faulty ones carry the finding the verifier must report; `-legal-` ones must stay silent (but
for notes). Cases whose verdict leans on timing say so in their note.
Run from the repo root: python3 tests/cases/gen_b40x.py [NAME...]"""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker40 (blind adversary, round twenty: gateways and two-leg traffic)"
from blind_helpers import *  # noqa: F401,F403
from blind_helpers import _t

C = {}
_case = case_maker(C, "b40x-", SRC)


def case(name, lines, findings, note):
    """`case_maker`'s case, refusing a transcript whose `t` goes backwards (a writer's slip)."""
    def checked():
        ls = lines()
        ts = [l["t"] for l in ls if "t" in l]
        assert all(a <= b for a, b in zip(ts, ts[1:])), name + ": t goes backwards"
        return ls
    _case(name, checked, findings, note)

# ---------------------------------------------------------------- the gateway and its agent
PUB = GW + "/agents/echo"            # the public prefix of the agent on the gateway
UPH = "http://echo.internal:8080"    # the agent's own listener behind the gateway
PA, UA = PUB + "/a2a", UPH + "/a2a"  # JSON-RPC interface: public and upstream
PR, UR = PUB + "/rest", UPH + "/rest"  # HTTP+JSON interface: public and upstream
WK = "/.well-known/agent-card.json"
UP = {"leg": "upstream"}
TR = {"traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "x-request-id": "req-7f3a",
      "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https", "x-forwarded-host": "gw.example.test",
      "forwarded": "for=203.0.113.7;proto=https;host=gw.example.test", "via": "1.1 gw"}
RI = {"returnImmediately": True}
EXT1, EXT2 = "https://ext.example.test/geo/v1", "https://ext.example.test/trace/v1"
BEAR = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}
BEARQ = [{"schemes": {"bearer": {"list": []}}}]
KEY = {"key": {"apiKeySecurityScheme": {"location": "header", "name": "x-api-key"}}}
KEYQ = [{"schemes": {"key": {"list": []}}}]
COOK = {"sess": {"apiKeySecurityScheme": {"location": "cookie", "name": "session"}}}
COOKQ = [{"schemes": {"sess": {"list": []}}}]
TOK = "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2ln"
WWWK = {**J, "www-authenticate": "ApiKey realm=\"echo\""}
WWW = {**J, "www-authenticate": "Bearer realm=\"echo\""}
RST = {**RJ, "accept": "text/event-stream"}
js = json.dumps


def wait(s):
    """moves the transcript clock on by `s` seconds (no line)."""
    _t[0] += s
    return []


def at(t):
    """sets the transcript clock to `t` seconds (no line)."""
    _t[0] = t
    return []


def up(line):
    line["leg"] = "upstream"
    return line


def uh(h=V10, **extra):
    """the headers a well-behaved gateway sends upstream: the client's plus tracing headers."""
    return {**h, **TR, **extra}


def pcard(**kw):
    return card10(url=PA, **kw)


def ucard(**kw):
    return card10(url=UA, **kw)


def gcard(pc, uc, cpath=PUB + WK, upath=UPH + WK, ch=None):
    """a card fetched through the gateway: client GET, upstream GET, the agent's card `uc`,
    the card the client got `pc` (both legs)."""
    return [req(cpath, method="GET", headers={"accept": "application/json"}), up(req(upath, method="GET", headers={"accept": "application/json", **TR})),
            up(resp(uc, headers=CH)), resp(pc, headers=ch or CH)]


def ocard(pc, cpath=PUB + WK):
    """a card fetched through the gateway, client leg only."""
    return [req(cpath, method="GET", headers={"accept": "application/json"}), resp(pc, headers=CH)]


GC = lambda **kw: gcard(pcard(**kw), ucard(**kw))


def gcall(i, method, params, result, ch=V10, uhd=None, ui=None, cres=None, ures=None, cst=200, ust=200, url=PA, uurl=UA, upar=None, crh=J, urh=J):
    """one JSON-RPC call through the gateway: client request, upstream request (id `ui`,
    params `upar`, headers `uhd`), the agent's answer (`ures`/`ust`), the client's (`cres`/`cst`)."""
    ui = i if ui is None else ui
    return [req(url, rpc(i, method, params), headers=ch), up(req(uurl, rpc(ui, method, params if upar is None else upar), headers=uh(ch) if uhd is None else uhd)),
            up(resp(ok(ui, result) if ures is None else ures, status=ust, headers=urh)), resp(ok(i, result) if cres is None else cres, status=cst, headers=crh)]


def gsend(i=1, task=None, mid=None, ctx="c1", **kw):
    """a SendMessage through the gateway answered with `task`; a task still SUBMITTED or
    WORKING is asked for with returnImmediately (a blocking send would wait, TASK-STATE-007)."""
    m = msg10(mid=mid or "m%d" % i, contextId=ctx) if ctx else msg10(mid=mid or "m%d" % i)
    task = task or tsk("COMPLETED", artifacts=ART)
    p = {"message": m}
    if task["status"]["state"] in ("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"):
        p["configuration"] = RI
    return gcall(i, "SendMessage", p, {"task": task}, **kw)


def grest(method, path, body, result, ch=RJ, uhd=None, cst=200, ust=200, cres=None, ures=None, upath=None, crh=RJR, urh=RJR):
    """one HTTP+JSON call through the gateway (client at PR + path, upstream at UR + `upath`)."""
    def mk(base, p, h, **kw):
        if body is None:
            r = req(base + p, "", method=method, headers={k: v for k, v in h.items() if k != "content-type"}, **kw)
        else:
            r = req(base + p, body, method=method, headers=h, **kw)
        return r
    return [mk(PR, path, ch), mk(UR, upath or path, uh(ch) if uhd is None else uhd, leg="upstream"),
            up(resp(result if ures is None else ures, status=ust, headers=urh)), resp(result if cres is None else cres, status=cst, headers=crh)]


RCARD = lambda **kw: gcard(card10(ifaces=[{"url": PR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], **kw),
                           card10(ifaces=[{"url": UR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}], **kw))


def gsse(i, evs, ut, ct=None, cevs=None, method="SendStreamingMessage", p=None, ui=None, ch=S10, uhd=None, uclose="eof", cclose="eof",
         uend=None, cend=None, chead=SSE, t0=None, url=PA, uurl=UA, enc=None, body=None):
    """a stream through the gateway with explicit times: the agent's events `evs` at times `ut`
    (upstream leg, JSON-RPC id `ui`), the client's `cevs` (default the same) at `ct` (default 4 ms
    later); a text in `evs`/`cevs` is sent as written; closes `uclose`/`cclose` at `uend`/`cend`."""
    ui = i if ui is None else ui
    t0 = _t[0] + 0.01 if t0 is None else t0
    cevs = evs if cevs is None else cevs
    ct = [round(x + 0.004, 3) for x in ut] if ct is None else ct
    enc = enc or (lambda e, j: e if isinstance(e, str) else ev(e, j))
    prm = p or {"message": msg10(contextId="c1")}
    cb, ub = (rpc(i, method, prm), rpc(ui, method, prm)) if body is None else (body, body)
    lines = [req(url, cb, headers=ch, t=t0), up(req(uurl, ub, headers=uh(ch) if uhd is None else uhd, t=round(t0 + 0.003, 3))),
             up(resp("", headers=SSE, t=round(t0 + 0.02, 3))), resp("", headers=chead, t=round(t0 + 0.021, 3))]
    rest = []
    for e, t in zip(evs, ut):
        rest.append(up(chunk(enc(e, ui), t=t)))
    if uclose:
        rest.append(up(chunk("", close=uclose, t=uend if uend is not None else round(ut[-1] + 0.01, 3))))
    for e, t in zip(cevs, ct):
        rest.append(chunk(enc(e, i), t=t))
    if cclose:
        rest.append(chunk("", close=cclose, t=cend if cend is not None else round((ct[-1] if ct else t0 + 0.03) + 0.011, 3)))
    rest.sort(key=lambda l: l["t"])
    lines += rest
    _t[0] = max(l["t"] for l in lines)
    return lines


def osse(i, evs, ts, method="SendStreamingMessage", p=None, close="eof", t0=None, h=S10, url=PA):
    """a stream on the client leg only, events `evs` at times `ts`."""
    t0 = _t[0] + 0.01 if t0 is None else t0
    prm = p or {"message": msg10(contextId="c1")}
    lines = [req(url, rpc(i, method, prm), headers=h, t=t0), resp("", headers=SSE, t=round(t0 + 0.02, 3))]
    lines += [chunk(e if isinstance(e, str) else ev(e, i), t=t) for e, t in zip(evs, ts)]
    if close:
        lines.append(chunk("", close=close, t=round(ts[-1] + 0.01, 3)))
    _t[0] = lines[-1]["t"]
    return lines


def rest_gsse(evs, ut, cevs=None, ct=None):
    """an HTTP+JSON message:stream through the gateway (bare StreamResponses as SSE data)."""
    return gsse(1, evs, ut, cevs=cevs, ct=ct, ch=RST, url=PR + "/message:stream", uurl=UR + "/message:stream",
                enc=lambda e, j: e if isinstance(e, str) else rest_ev(e), body={"message": msg10(contextId="c1")})


def split_gsse():
    """SEV relayed with each event split into two reads mid-line on the client leg."""
    cevs, ct = [], []
    for e, t in zip(SEV, UT4):
        x = ev(e, 1)
        cevs += [x[:23], x[23:]]
        ct += [round(t + 0.004, 3), round(t + 0.005, 3)]
    return gsse(1, SEV, UT4, cevs=cevs, ct=ct)


def sse_as_json():
    """the agent streams SEV; the gateway waits for a JSON body and answers a JSON-RPC error
    of its own (application/json) when the agent's stream ends."""
    lines = gsse(1, SEV, UT4, cevs=[], ct=[], cclose=None)
    for k, l in enumerate(lines):
        if l["dir"] == "resp" and "leg" not in l:
            del lines[k]
            break
    lines.append(resp(err(1, -32603, "upstream response is not valid JSON"), headers=J, t=4.03))
    _t[0] = 4.03
    return lines


def stream_502():
    """the agent streams SEV; the client gets the gateway's 502 page when it ends."""
    lines = gsse(1, SEV, UT4, cevs=[], ct=[], cclose=None)
    for k, l in enumerate(lines):
        if l["dir"] == "resp" and "leg" not in l:
            del lines[k]
            break
    lines.append(resp("<html><body><h1>502 Bad Gateway</h1></body></html>", status=502, headers={"content-type": "text/html", "server": "nginx"}, t=4.03))
    _t[0] = 4.03
    return lines


UT4 = [1.0, 2.0, 3.0, 4.0]
SEV = [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 1), stu("WORKING", 2, msg=amsg10("half way", mid="p1", taskId="t1", contextId="c1")), stu("COMPLETED", 3)]


# ================================================================ A: card URLs through the gateway
IF3U = [{"url": UA, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": UR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
        {"url": "http://echo.internal:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]
IF3P = [{"url": PA, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}, {"url": PR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"},
        {"url": "https://grpc.gw.example.test", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]
SIG = [jws()]

case("A01-legal-gw-card-rewritten-host-scheme-prefix", lambda: GC() + gsend(),
     [], "control: the gateway rewrites the card's url from http://echo.internal:8080/a2a to its public https://gw.example.test/agents/echo/a2a (host, scheme and the /agents/echo prefix, mapped as the card fetch itself is), then a send through it")
case("A02-legal-one-leg-card-public-url", lambda: ocard(pcard()) + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: client leg only, the card names the gateway's public url and the client uses it")
case("A03-legal-gw-card-already-public-passed-unchanged", lambda: gcard(pcard(), pcard()) + gsend(),
     [], "control: the agent is configured with its public base URL, the gateway passes the card through unchanged")
case("A04-legal-gw-card-explicit-default-port", lambda: gcard(card10(url="https://gw.example.test:443/agents/echo/a2a"), ucard()) +
     gsend(url="https://gw.example.test:443/agents/echo/a2a"),
     [], "control: :443 written out on an https url is the same origin as the card's (RFC 3986 §6.2.3)")
case("A05-legal-gw-on-port-8443", lambda: gcard(card10(url="https://gw.example.test:8443/agents/echo/a2a"), ucard(), cpath="https://gw.example.test:8443/agents/echo" + WK) +
     gsend(url="https://gw.example.test:8443/agents/echo/a2a"),
     [], "control: the gateway listens on 8443; card fetched there, url there")
case("A06-legal-gw-three-bindings-all-rewritten", lambda: gcard(card10(ifaces=IF3P), card10(ifaces=IF3U)) + gsend(),
     [], "control: JSON-RPC, HTTP+JSON and gRPC all rewritten to public urls (gRPC on its own public host grpc.gw.example.test)")
case("A07-legal-one-leg-grpc-on-other-public-host", lambda: ocard(card10(ifaces=[IF3P[0], {"url": "https://grpc.example.test:443", "protocolBinding": "GRPC", "protocolVersion": "1.0"}])),
     [], "control: a public gRPC host other than the card's (not internal, not the same host at another port)")
TIF = [{"url": PR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]
TIFU = [{"url": UR, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]
TC = lambda: gcard(card10(ifaces=TIF), card10(ifaces=TIFU))
case("A08-legal-gw-tenant-path-kept", lambda: TC() + grest("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: a tenant interface; /acme/message:send forwarded as /acme/message:send under the backend's base")
JTIF = lambda u: [{"url": u, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]
case("A09-legal-gw-jsonrpc-tenant-param-kept", lambda: gcard(card10(ifaces=JTIF(PA)), card10(ifaces=JTIF(UA))) +
     gcall(1, "SendMessage", {"message": msg10(contextId="c1"), "tenant": "acme"}, {"task": tsk("COMPLETED", artifacts=ART)}),
     [], "control: JSON-RPC params.tenant forwarded unchanged")
case("A10-legal-gw-card-root-path-trailing-slash", lambda: gcard(card10(url=PUB + "/"), card10(url=UPH + "/")) + gsend(url=PUB + "/", uurl=UPH + "/"),
     [], "control: the agent serves JSON-RPC at its root; the public url is the prefix with a trailing slash")
case("A11-legal-gw-signed-card-passed-unchanged", lambda: gcard(pcard(signatures=SIG), pcard(signatures=SIG)) + gsend(),
     [], "control: a signed card that already names the public url, passed through byte for byte")
case("A12-legal-gw-rewrites-signed-card-drops-signature", lambda: gcard(pcard(), ucard(signatures=SIG)) + gsend(),
     [], "control: the gateway rewrites the url of a signed card and removes the agent's signatures (GW-RESP-007's help: re-sign or remove)")
case("A13-legal-gw-v03-card-and-additional-interfaces-rewritten",
     lambda: gcard(card03(url=PA, additionalInterfaces=[{"url": PA, "transport": "JSONRPC"}, {"url": PR, "transport": "HTTP+JSON"}]),
                   card03(url=UA, additionalInterfaces=[{"url": UA, "transport": "JSONRPC"}, {"url": UR, "transport": "HTTP+JSON"}])) +
     gcall(1, "message/send", {"message": msg03(contextId="c1")}, t03("completed", artifacts=ART03), ch=J03),
     [], "control: 0.3 card, url and additionalInterfaces all rewritten to the public prefix")
case("A14-legal-gw-v025-card-old-path-rewritten", lambda: gcard(card02(url=PA, protocolVersion="0.2.5"), card02(url=UA, protocolVersion="0.2.5"), cpath=PUB + "/.well-known/agent.json", upath=UPH + "/.well-known/agent.json") +
     gcall(1, "message/send", {"message": msg03(contextId="c1")}, t03("completed", artifacts=ART03), ch=J03),
     [], "control: 0.2.5 card at /.well-known/agent.json, rewritten")
case("A15-legal-gw-same-path-host-only", lambda: gcard(card10(url=GW + "/a2a"), ucard(), cpath=GW + WK) + gsend(url=GW + "/a2a"),
     [], "control: the gateway maps its root to the agent's root: same path /a2a, only scheme and host rewritten")
case("A17-legal-one-leg-internal-documentation-url", lambda: ocard(pcard(documentationUrl="http://wiki.internal/echo")),
     [], "control: only the documentationUrl is internal; no interface url is (no CARD-URL rule speaks of documentation)")
case("A18-legal-one-leg-host-upper-case", lambda: ocard(card10(url="https://GW.example.test/agents/echo/a2a")),
     [], "control: host names are case-insensitive (RFC 3986 §3.2.2): the same host as the card's")
case("A19-legal-gw-card-rewritten-http-upstream-https-public", lambda: gcard(card10(url=PA), card10(url="http://echo.internal:8080/a2a")) +
     gsend(),
     [], "control: TLS terminated at the gateway: plain http upstream, https in the public card (a legal scheme rewrite)")
case("A20-one-leg-card-internal-host", lambda: ocard(card10(url=UA)),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "card fetched from gw.example.test names http://echo.internal:8080/a2a (one cause: the internal host; predicted without AUTH-TLS-004 for its http). Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A21-one-leg-card-private-ip", lambda: ocard(card10(url="https://10.0.3.17:8443/a2a")),
     [("CARD-URL-003", E)], "card fetched from the gateway names a private address (RFC 1918)")
case("A22-one-leg-card-cluster-local", lambda: ocard(card10(url="https://echo.default.svc.cluster.local/a2a")),
     [("CARD-URL-003", E)], "card names a Kubernetes service name")
case("A23-one-leg-card-localhost", lambda: ocard(card10(url="https://localhost:8443/a2a")),
     [("CARD-URL-003", E)], "card fetched from the gateway names localhost")
case("A24-one-leg-card-doubled-prefix", lambda: ocard(card10(url=PUB + "/agents/echo/a2a")),
     [("CARD-URL-001", E)], "the gateway's prefix /agents/echo written twice")
case("A25-one-leg-card-doubled-a2a", lambda: ocard(card10(url=PUB + "/a2a/a2a")),
     [("CARD-URL-001", E)], "the mount path /a2a written twice")
case("A26-one-leg-card-http-same-host", lambda: ocard(card10(url="http://gw.example.test/agents/echo/a2a")),
     [("CARD-URL-008", W)], "card fetched over https advertises http on the same host (predicted CARD-URL-008 alone, not AUTH-TLS-004 beside it: one cause)")
case("A27-legal-one-leg-card-other-port-same-host", lambda: ocard(card10(url="https://gw.example.test:8443/agents/echo/a2a")),
     [], "control: client leg only, the card fetched through gw.example.test:443 names port 8443 of the same host. Predicted CARD-URL-009; but with one leg nothing shows 8443 is the agent's own listener behind a front: a host may serve its card on 443 and its API on 8443 (legal reading), my misreading")
case("A28-gw-rewrites-public-url-into-internal", lambda: gcard(card10(url=UA), pcard()),
     [("GW-RESP-004", E), ("AUTH-TLS-004", W)], "the agent's card names the public url; the gateway rewrote it into the internal one (predicted GW-RESP-004 alone: the gateway's rewrite is the cause). Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A29-gw-passes-agent-internal-url", lambda: gcard(ucard(), ucard()),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "the agent's own card names its internal url and the gateway passes it on unchanged: the agent's fault, not the gateway's rewrite. Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A30-gw-glues-backend-path-onto-prefix", lambda: gcard(card10(url=PUB + "/a2a"), card10(url=UA), upath=UA + WK),
     [("GW-RESP-004", E)], "the gateway maps /agents/echo to the agent's /a2a (the card fetch shows it), and built the public url as prefix + backend path /a2a: /agents/echo/a2a reaches /a2a/a2a")
case("A31-gw-rewrites-to-plain-http", lambda: gcard(card10(url="http://gw.example.test/agents/echo/a2a"), ucard()),
     [("GW-RESP-004", E)], "the gateway rewrote the url to plain http on a card served over https (its rewrite is the cause; predicted without CARD-URL-008)")
case("A32-gw-three-bindings-grpc-left-internal", lambda: gcard(card10(ifaces=IF3P[:2] + IF3U[2:]), card10(ifaces=IF3U)),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "JSON-RPC and HTTP+JSON rewritten, the gRPC interface left at http://echo.internal:50051. Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A33-gw-three-bindings-rest-glued", lambda: gcard(card10(ifaces=[IF3P[0], {"url": PUB + "/agents/echo/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}, IF3P[2]]), card10(ifaces=IF3U)),
     [("GW-RESP-004", E)], "the HTTP+JSON url rewritten with the prefix twice (the JSON-RPC one right): predicted as the gateway's rewrite, GW-RESP-004, not CARD-URL-001 beside it")
case("A34-gw-signed-card-altered", lambda: gcard(pcard(signatures=SIG), ucard(signatures=SIG)) + gsend(),
     [("GW-RESP-007", E)], "the gateway rewrote the url of a signed card and passed the agent's signature on")
case("A35-gw-tenant-dropped-upstream", lambda: TC() + grest("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, upath="/message:send"),
     [("GW-REQ-002", E)], "the gateway dropped the /acme tenant segment")
case("A36-gw-tenant-doubled-upstream", lambda: TC() + grest("POST", "/acme/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, upath="/acme/acme/message:send"),
     [("GW-REQ-002", E)], "the gateway doubled the /acme tenant segment")
case("A37-one-leg-tenant-missing", lambda: ocard(card10(ifaces=TIF)) + [rpost("/message:send", {"message": msg10(contextId="c1")}, base=PR), resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR)],
     [("CARD-URL-006", E)], "the client called the tenant interface without /acme")
case("A38-gw-jsonrpc-tenant-param-dropped", lambda: gcard(card10(ifaces=JTIF(PA)), card10(ifaces=JTIF(UA))) +
     gcall(1, "SendMessage", {"message": msg10(contextId="c1"), "tenant": "acme"}, {"task": tsk("COMPLETED", artifacts=ART)}, upar={"message": msg10(contextId="c1")}),
     [("GW-REQ-002", E)], "the gateway dropped params.tenant")
case("A39-one-leg-card-url-is-card-document", lambda: ocard(card10(url=PUB + WK)),
     [("CARD-URL-004", E)], "the interface url is the card document")
case("A40-one-leg-card-bind-all-through-gateway", lambda: ocard(card10(url="http://0.0.0.0:8080/a2a")),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "0.0.0.0 on a card fetched from the gateway (another host): CARD-URL-003, not CARD-URL-011 (that is for the agent's own host). Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A41-gw-v03-additional-interface-left-internal",
     lambda: gcard(card03(url=PA, additionalInterfaces=[{"url": PA, "transport": "JSONRPC"}, {"url": UR, "transport": "HTTP+JSON"}]),
                   card03(url=UA, additionalInterfaces=[{"url": UA, "transport": "JSONRPC"}, {"url": UR, "transport": "HTTP+JSON"}])),
     [("CARD-URL-003", E), ("AUTH-TLS-004", W)], "0.3 card: url rewritten, the HTTP+JSON additional interface left at echo.internal. Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("A42-legal-gw-keeps-backend-port-on-public-host", lambda: gcard(card10(url="https://gw.example.test:8080/agents/echo/a2a"), ucard()),
     [], "the gateway swapped the host but kept the backend's port 8080. Predicted CARD-URL-009; but the gateway host may listen on 8080 as well, and no call in the recording shows the url failing, so the legal reading is silence (as A27): my misreading")
case("A43-one-leg-advertised-url-redirects", lambda: ocard(pcard()) + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp("", status=308, headers={"location": PA + "/"})] +
     [req(PA + "/", rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("CARD-URL-007", W)], "the gateway answers the advertised url with a 308 to its trailing-slash form")
case("A44-legal-gw-card-cors-and-cache-headers", lambda: gcard(pcard(), ucard(), ch={**CH, "access-control-allow-origin": "*", "vary": "accept-encoding", "age": "12"}) + gsend(),
     [], "control: the gateway adds CORS, Vary and Age headers to the card answer")
case("A45-legal-gw-grpc-host-port-public", lambda: gcard(card10(ifaces=[IF3P[0], {"url": "https://gw.example.test/agents/echo/grpc", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]),
                                                   card10(ifaces=[IF3U[0], IF3U[2]])),
     [], "control: the gRPC interface rewritten to a path under the gateway's https origin")

# ================================================================ B: headers relayed
case("B01-legal-gw-tracing-headers-added", lambda: GC() + gsend(uhd={**V10, **TR, "x-b3-traceid": "80f198ee56343ba8", "x-envoy-expected-rq-timeout-ms": "60000"}),
     [], "control: traceparent, b3, x-request-id, X-Forwarded-*, Forwarded and Via added upstream")
case("B02-legal-gw-hop-by-hop-dropped", lambda: GC() + gsend(ch={**V10, "connection": "keep-alive", "keep-alive": "timeout=5", "te": "trailers", "proxy-connection": "keep-alive"}, uhd=uh()),
     [], "control: Connection, Keep-Alive, TE and Proxy-Connection are hop-by-hop (RFC 9110 §7.6.1): dropped upstream")
case("B03-legal-gw-header-name-case", lambda: GC() + gsend(ch={"Content-Type": "application/json", "A2A-Version": "1.0"}, uhd={"content-type": "application/json", "a2a-version": "1.0", **TR}),
     [], "control: header names lower-cased by an HTTP/2 hop (names are case-insensitive)")
XC = lambda: gcard(pcard(capabilities={"streaming": True, "extensions": [{"uri": EXT1}, {"uri": EXT2}]}), ucard(capabilities={"streaming": True, "extensions": [{"uri": EXT1}, {"uri": EXT2}]}))
case("B04-legal-gw-extensions-reordered", lambda: XC() + gsend(ch={**V10, "a2a-extensions": EXT1 + ", " + EXT2}, uhd=uh(**{"a2a-extensions": EXT2 + "," + EXT1})),
     [], "control: the A2A-Extensions list forwarded in another order and spacing (a set of URIs)")
case("B05-legal-gw-v03-x-extensions-forwarded", lambda: gcard(card03(url=PA, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]}), card03(url=UA, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]})) +
     gcall(1, "message/send", {"message": msg03(contextId="c1")}, t03("completed", artifacts=ART03), ch={**J03, "x-a2a-extensions": EXT1}),
     [], "control: 0.3 X-A2A-Extensions forwarded")
AC = lambda: gcard(pcard(securitySchemes=BEAR, securityRequirements=BEARQ), ucard(securitySchemes=BEAR, securityRequirements=BEARQ))
case("B06-legal-gw-authorization-forwarded", lambda: AC() + gsend(ch={**V10, "authorization": TOK}),
     [], "control: Authorization forwarded, the agent answers")
case("B07-legal-gw-own-credentials-accepted", lambda: AC() + gsend(ch={**V10, "authorization": TOK}, uhd=uh(authorization="Bearer gw-service-token")),
     [], "control: the gateway authenticates the client and calls the agent with its own token, which the agent accepts")
KC = lambda: gcard(pcard(securitySchemes=KEY, securityRequirements=KEYQ), ucard(securitySchemes=KEY, securityRequirements=KEYQ))
case("B08-legal-gw-api-key-forwarded", lambda: KC() + gsend(ch={**V10, "x-api-key": "k-123"}),
     [], "control: the card's API key header forwarded")
case("B09-legal-gw-charset-added", lambda: GC() + gsend(uhd=uh({"content-type": "application/json; charset=utf-8", "a2a-version": "1.0"}), crh={"content-type": "application/json; charset=utf-8"}),
     [], "control: charset=utf-8 added to Content-Type on both directions")
case("B10-legal-gw-gzips-answer", lambda: GC() + gsend(crh={**J, "content-encoding": "gzip", "vary": "accept-encoding"}, ch={**V10, "accept-encoding": "gzip, br"}, uhd=uh(**{"accept-encoding": "identity"})),
     [], "control: the gateway compresses the answer for the client (the transcript holds the decoded text)")
case("B11-legal-gw-decompresses-answer", lambda: GC() + gsend(urh={**J, "content-encoding": "br"}),
     [], "control: the agent's br answer decompressed by the gateway")
case("B12-legal-gw-version-query-param-kept", lambda: GC() + gsend(url=PA + "?A2A-Version=1.0", uurl=UA + "?A2A-Version=1.0", ch=J, uhd=uh(J)),
     [], "control: A2A-Version as a query parameter (1.0 §3.6.2 allows it), forwarded in the query")
case("B13-legal-gw-version-query-param-to-header", lambda: GC() + gsend(url=PA + "?A2A-Version=1.0", ch=J, uhd=uh(V10)),
     [], "control: the gateway turns the A2A-Version query parameter into the header: the same version")
case("B14-legal-gw-v03-no-version-header", lambda: gcard(card03(url=PA), card03(url=UA)) + gcall(1, "message/send", {"message": msg03(contextId="c1")}, t03("completed", artifacts=ART03), ch=J03),
     [], "control: a 0.3 call without A2A-Version on either leg")
case("B15-legal-gw-strips-client-debug-header", lambda: GC() + gsend(ch={**V10, "x-debug": "1", "x-forwarded-for": "10.9.9.9"}, uhd=uh()),
     [], "control: the gateway drops a client x-debug header and replaces a spoofed X-Forwarded-For")
case("B16-legal-gw-extensions-echoed-back", lambda: XC() + gsend(ch={**V10, "a2a-extensions": EXT1}, urh={**J, "a2a-extensions": EXT1}, crh={**J, "a2a-extensions": EXT1}),
     [], "control: the agent activates the requested extension and the gateway relays its response header")
case("B17-legal-gw-401-relayed-then-authenticated", lambda: AC() + gsend(ures=rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), cres=rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), ust=401, cst=401, urh=WWW, crh=WWW) +
     gsend(2, ch={**V10, "authorization": TOK}),
     [], "control: no token: the agent's 401 with WWW-Authenticate relayed; the client retries with a token")
case("B18-legal-gw-chunked-request-content-length-upstream", lambda: GC() + gsend(ch={**V10, "transfer-encoding": "chunked"}, uhd=uh(**{"content-length": "118"})),
     [], "control: the client sent its body chunked, the gateway forwards it with a Content-Length (framing is per hop)")
case("B19-legal-gw-cookie-forwarded", lambda: gcard(pcard(securitySchemes=COOK, securityRequirements=COOKQ), ucard(securitySchemes=COOK, securityRequirements=COOKQ)) +
     gsend(ch={**V10, "cookie": "session=s-42"}),
     [], "control: the card's cookie API key forwarded")
case("B20-legal-gw-x-forwarded-headers-only-upstream", lambda: GC() + gsend(uhd={**V10, "x-forwarded-for": "203.0.113.7", "x-forwarded-proto": "https", "x-real-ip": "203.0.113.7"}),
     [], "control: X-Forwarded-* and X-Real-IP (nginx) added, no trace headers")
case("B21-gw-version-header-dropped", lambda: GC() + gsend(uhd=uh(J)),
     [("VER-HDR-002", E), ("VER-HDR-005", W)], "A2A-Version: 1.0 sent by the client is missing upstream. Predicted VER-HDR-002 alone; the agent also served the header-less call (0.3 by 1.0 §3.6.2) with 1.0 semantics, which a 1.0-only agent should refuse (VER-HDR-005, spec trap 3): its own leniency, reported whoever dropped the header, my misreading")
case("B22-gw-version-header-changed", lambda: GC() + gsend(uhd=uh({**J, "a2a-version": "0.3"}), ures=err(1, -32009, "version 0.3 not supported", einfo("VERSION_NOT_SUPPORTED")), cres=err(1, -32009, "version 0.3 not supported", einfo("VERSION_NOT_SUPPORTED"))),
     [("VER-HDR-002", E), ("VER-MIX-001", W)], "the gateway replaced A2A-Version 1.0 by 0.3 (its default); the 1.0-only agent refuses the version and the client gets the refusal. Predicted VER-HDR-002 alone; the verifier also tells VER-MIX-001 of the gateway's own upstream request (0.3 header, 1.0 method), as b14-P9, b22x-G05 and b22x-X01 settled (review28a R3: the gateway's request is its own mix): my misreading")
case("B23-gw-extensions-dropped", lambda: XC() + gsend(ch={**V10, "a2a-extensions": EXT1}, uhd=uh()),
     [("GW-HDR-001", W)], "A2A-Extensions missing upstream")
case("B24-gw-one-of-two-extensions-dropped", lambda: XC() + gsend(ch={**V10, "a2a-extensions": EXT1 + ", " + EXT2}, uhd=uh(**{"a2a-extensions": EXT1})),
     [("GW-HDR-001", W)], "the second URI of A2A-Extensions is missing upstream")
case("B25-gw-v03-x-extensions-dropped", lambda: gcard(card03(url=PA, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]}), card03(url=UA, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]})) +
     gcall(1, "message/send", {"message": msg03(contextId="c1")}, t03("completed", artifacts=ART03), ch={**J03, "x-a2a-extensions": EXT1}, uhd=uh(J03)),
     [("GW-HDR-001", W)], "0.3 X-A2A-Extensions missing upstream")
case("B26-gw-extensions-renamed-to-0x-header", lambda: XC() + gsend(ch={**V10, "a2a-extensions": EXT1}, uhd=uh(**{"x-a2a-extensions": EXT1})),
     [("CAP-EXT-004", W)], "the gateway moved a 1.0 A2A-Extensions into the 0.x X-A2A-Extensions, which a 1.0 agent does not read. Predicted GW-HDR-001 (the URI missing upstream); the verifier tells CAP-EXT-004 of the gateway's upstream request (leg upstream): the URI is there, under the 0.x name, which is the more exact account of the fault, my misreading")
case("B27-gw-authorization-stripped-401", lambda: AC() + gsend(ch={**V10, "authorization": TOK}, uhd=uh(), ures=rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), cres=rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), ust=401, cst=401, urh=WWW, crh=WWW),
     [("GW-HDR-002", W)], "Authorization stripped, the agent answers 401")
case("B28-gw-api-key-stripped-401", lambda: KC() + gsend(ch={**V10, "x-api-key": "k-123"}, uhd=uh(), ures=rstatus(401, "UNAUTHENTICATED", msg="missing api key"), cres=rstatus(401, "UNAUTHENTICATED", msg="missing api key"), ust=401, cst=401, urh=WWWK, crh=WWWK),
     [("GW-HDR-002", W)], "the API key header stripped, 401. First written without WWW-Authenticate on the 401, which the verifier rightly told (AUTH-CHALLENGE-001: RFC 9110 §15.5.2, a 401 MUST carry it): my slip, the header added")
case("B29-gw-cookie-stripped-401", lambda: gcard(pcard(securitySchemes=COOK, securityRequirements=COOKQ), ucard(securitySchemes=COOK, securityRequirements=COOKQ)) +
     gsend(ch={**V10, "cookie": "session=s-42"}, uhd=uh(), ures=rstatus(401, "UNAUTHENTICATED", msg="no session"), cres=rstatus(401, "UNAUTHENTICATED", msg="no session"), ust=401, cst=401, urh=WWWK, crh=WWWK),
     [("GW-HDR-002", W)], "the session cookie stripped, 401 (with WWW-Authenticate, as B28)")
case("B30-legal-gw-authorization-replaced-refused", lambda: AC() + gsend(ch={**V10, "authorization": TOK}, uhd=uh(authorization="Bearer gw-expired"), ures=rstatus(401, "UNAUTHENTICATED", msg="token expired"), cres=rstatus(401, "UNAUTHENTICATED", msg="token expired"), ust=401, cst=401, urh=WWW, crh=WWW),
     [], "the client's token replaced by the gateway's own, which the agent refuses with 401. Predicted GW-HDR-002; but a gateway may authenticate upstream with credentials of its own (GW-HDR-002's help allows it, a token exchange carries the client's identity), and the wire cannot show whether the client's token would have fared better: ambiguous, so silent, my misreading")
case("B31-gw-sse-relabelled-json", lambda: GC() + gsse(1, SEV, [1.0, 1.5, 2.0, 2.5], chead={"content-type": "application/json"}),
     [("GW-RESP-002", E)], "the agent's event stream reaches the client as application/json (SSE framing intact)")
case("B32-gw-sse-relabelled-octet-stream", lambda: GC() + gsse(1, SEV, [1.0, 1.5, 2.0, 2.5], chead={"content-type": "application/octet-stream"}),
     [("GW-RESP-002", E)], "the event stream relabelled application/octet-stream")
case("B33-legal-gw-sse-charset-added", lambda: GC() + gsse(1, SEV, [1.0, 1.5, 2.0, 2.5], chead={"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", "x-accel-buffering": "no"}),
     [], "control: text/event-stream; charset=utf-8 (SSE is always UTF-8) with no-cache")

# ================================================================ C: retries and resends
def retry(first, second_res=None, i=1, ui2=None, mid2=None, method="SendMessage", params=None, result=None, t_retry=30.0, cres=None, cst=200, second_url=UA):
    """a client call forwarded twice: `first` is the first upstream copy's fate (lines after its
    request: a list of upstream lines), then a second copy at `t_retry` answered with `result`."""
    params = params or {"message": msg10(contextId="c1")}
    result = result or {"task": tsk("COMPLETED", artifacts=ART)}
    p2 = params if mid2 is None else {"message": msg10(mid=mid2, contextId="c1")}
    ui2 = i if ui2 is None else ui2
    out = [req(PA, rpc(i, method, params), headers=V10), up(req(UA, rpc(i, method, params), headers=uh()))] + first()
    out += [up(req(second_url, rpc(ui2, method, p2), headers=uh(), t=t_retry, id="r2")), up(resp(ok(ui2, result) if second_res is None else second_res, t=t_retry + 0.5, id="r2")),
            resp(ok(i, result) if cres is None else cres, status=cst, t=t_retry + 0.51)]
    _t[0] = t_retry + 0.51
    return out


case("C01-gw-retries-send-after-upstream-timeout", lambda: GC() + retry(lambda: []),
     [("GW-REQ-001", W)], "the gateway sent the send upstream, got no answer in 30 s and sent it again (the first copy never answered: open). Leans on timing only for realism")
case("C02-gw-retries-send-after-inner-504", lambda: GC() + retry(lambda: [up(resp("<html><body><h1>504 Gateway Time-out</h1></body></html>", status=504, headers={"content-type": "text/html", "server": "nginx"}, t=29.9))]),
     [("GW-REQ-001", W)], "an inner nginx answered 504 after 30 s: the agent may have run the send; the gateway sent it again")
case("C03-gw-retries-send-after-inner-502", lambda: GC() + retry(lambda: [up(resp("<html><body><h1>502 Bad Gateway</h1></body></html>", status=502, headers={"content-type": "text/html", "server": "nginx", "via": "1.1 mesh"}, t=12.0))], t_retry=12.1),
     [("GW-REQ-001", W)], "an inner hop answered 502 after 12 s (the agent's connection broke mid-answer); retried")
case("C04-gw-retries-send-after-upstream-reset", lambda: GC() + retry(lambda: [up({"dir": "resp", "status": 200, "headers": J, "body": "", "t": 5.0}), up({"dir": "chunk", "body": "{\"jsonrpc\":\"2.0\",\"id\":1,\"res", "t": 5.1}), up({"dir": "chunk", "body": "", "close": "reset", "t": 5.2})], t_retry=5.3),
     [("GW-REQ-001", W), ("HTTP-FRAME-002", E)], "the agent's answer was cut after its head (the agent had run the send) and the gateway sent it again; HTTP-FRAME-002 for the cut body as well (the agent's own fault)")
case("C05-gw-retries-send-first-copy-answered-late", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10, t=0.1),
                                                            up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=0.11, id="u1")),
                                                            up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=10.11, id="u2")),
                                                            up(resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=11.0, id="u2")),
                                                            resp(ok(1, {"task": tsk("COMPLETED", tid="t2", artifacts=ART)}), t=11.01),
                                                            up(resp(ok(1, {"task": tsk("COMPLETED", tid="t1", artifacts=ART)}), t=12.0, id="u1"))],
     [("GW-REQ-001", W)], "known gap named in the brief: the gateway retries while the first copy is still open (hedged request); both copies ran (t1 and t2), the first answered after the client's")
# C06 (the gateway's retry under a fresh messageId of its own, so the agent cannot dedupe
# it) was dropped after the run: the verifier paired a forwarded copy with the client's call
# by its body (a renumbered JSON-RPC id aside), so a copy with another messageId was paired
# with nothing and its retry went untold. Closed in session 41: gen_l41g.py's A01-A08 and
# their legal neighbours L01-L06 (a copy is paired up to its messageId when no copy of the
# very body is there).
case("C07-gw-retries-rest-send-after-timeout", lambda: RCARD() + [rpost("/message:send", {"message": msg10(contextId="c1")}, base=PR), up(req(UR + "/message:send", {"message": msg10(contextId="c1")}, headers=uh(RJ))),
                                                         up(req(UR + "/message:send", {"message": msg10(contextId="c1")}, headers=uh(RJ), t=30.0, id="r2")), up(resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR, t=30.5, id="r2")),
                                                         resp({"task": tsk("COMPLETED", artifacts=ART)}, headers=RJR, t=30.51)],
     [("GW-REQ-001", W)], "HTTP+JSON message:send sent upstream twice, the first never answered")
case("C08-gw-retries-v03-send", lambda: gcard(card03(url=PA), card03(url=UA)) + [req(PA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03), up(req(UA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03))),
                                                                            up(req(UA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03), t=30.0, id="r2")), up(resp(ok(1, t03("completed", artifacts=ART03)), t=30.5, id="r2")),
                                                                            resp(ok(1, t03("completed", artifacts=ART03)), t=30.51)],
     [("GW-REQ-001", W)], "0.3 message/send retried upstream after 30 s of silence")
case("C09-gw-retries-send-three-times", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh())),
                                                   up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=15.0)), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=30.0, id="r2")),
                                                   up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), t=30.5, id="r2")), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), t=30.51)],
     [("GW-REQ-001", W)], "three copies upstream, two never answered")
case("C10-gw-retries-streaming-send-after-reset", lambda: GC() + [req(PA, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=S10, t=0.1),
                                                           up(req(UA, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=uh(S10), t=0.11)),
                                                           up(resp("", headers=SSE, t=0.2)), up(chunk("", close="reset", t=3.0)),
                                                           up(req(UA, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")}), headers=uh(S10), t=3.1)), up(resp("", headers=SSE, t=3.2)),
                                                           resp("", headers=SSE, t=3.21)] +
     [x for k, e in enumerate(SEV) for x in (up(chunk(ev(e, 1), t=3.3 + k)), chunk(ev(e, 1), t=3.304 + k))] + [up(chunk("", close="eof", t=6.4)), chunk("", close="eof", t=6.41)],
     [("GW-REQ-001", W), ("STREAM-END-002", E)], "the agent took the stream (200 event-stream head) then the connection reset before any event; the gateway sent the streaming send again. Predicted without a finding for the reset stream; but the agent's stream (upstream leg) did end without any event, its own fault as C04's cut body is (HTTP-FRAME-002): my misreading")
case("C11-legal-gw-resend-after-404", lambda: GC() + retry(lambda: [up(resp(rstatus(404, "NOT_FOUND", msg="no route"), status=404, t=0.3))], t_retry=0.4, second_url=UA),
     [], "control: the first replica had no route yet (404 before any A2A processing), the gateway sends the call to the next: nothing ran twice (session 39's false positive)")
case("C12-legal-gw-resend-after-405", lambda: GC() + retry(lambda: [up(resp("", status=405, headers={"allow": "GET"}, t=0.3))], t_retry=0.4),
     [], "control: 405 from a static server in the pool, then the agent")
case("C13-legal-gw-resend-after-421", lambda: GC() + retry(lambda: [up(resp("misdirected", status=421, headers={"content-type": "text/plain"}, t=0.3))], t_retry=0.4),
     [], "control: 421 Misdirected Request: RFC 9110 §15.5.20 lets the client retry over another connection; nothing was processed")
case("C14-legal-gw-resend-after-429", lambda: GC() + retry(lambda: [up(resp(rstatus(429, "RESOURCE_EXHAUSTED", msg="slow down"), status=429, headers={**J, "retry-after": "1"}, t=0.3))], t_retry=1.4),
     [], "control: 429 with Retry-After: refused before processing, resent after the delay")
case("C15-legal-gw-resend-after-agent-503-retry-after", lambda: GC() + retry(lambda: [up(resp(rstatus(503, "UNAVAILABLE", msg="overloaded, not accepted"), status=503, headers={**J, "retry-after": "2"}, t=0.3))], t_retry=2.4),
     [], "control (judgment): the agent itself refused with 503 Retry-After (RFC 9110 §15.6.4: unable to handle the request) in 0.2 s; the gateway resends after the delay. Ambiguous, so the legal reading")
case("C16-legal-gw-get-task-retried-after-timeout", lambda: GC() + [req(PA, rpc(2, "GetTask", {"id": "t1"}), headers=V10), up(req(UA, rpc(2, "GetTask", {"id": "t1"}), headers=uh())),
                                                             up(req(UA, rpc(2, "GetTask", {"id": "t1"}), headers=uh(), t=10.0, id="r2")), up(resp(ok(2, tsk("WORKING")), t=10.1, id="r2")), resp(ok(2, tsk("WORKING")), t=10.11)],
     [], "control: GetTask is a read; retrying it is safe")
case("C17-legal-gw-rest-get-retried-after-502", lambda: RCARD() + [rget("/tasks/t1", base=PR), up(rget("/tasks/t1", h=uh(RJ), base=UR)), up(resp("<html>502</html>", status=502, headers={"content-type": "text/html", "server": "envoy"})),
                                                             up(rget("/tasks/t1", h=uh(RJ), base=UR)), up(resp(tsk("WORKING"), headers=RJR)), resp(tsk("WORKING"), headers=RJR)],
     [], "control: GET /tasks/t1 (idempotent) retried after an inner 502")
case("C18-legal-gw-cancel-retried", lambda: GC() + gsend(task=tsk("WORKING"), ) + [req(PA, rpc(2, "CancelTask", {"id": "t1"}), headers=V10), up(req(UA, rpc(2, "CancelTask", {"id": "t1"}), headers=uh())),
                                                                       up(req(UA, rpc(2, "CancelTask", {"id": "t1"}), headers=uh(), t=20.0, id="r2")), up(resp(ok(2, tsk("CANCELED", 2)), t=20.1, id="r2")), resp(ok(2, tsk("CANCELED", 2)), t=20.11)],
     [], "control: CancelTask is idempotent (1.0 §3.1.5, TASK-003): retrying it runs nothing twice")
case("C19-legal-gw-list-tasks-retried", lambda: GC() + gsend() + [req(PA, rpc(2, "ListTasks", {}), headers=V10), up(req(UA, rpc(2, "ListTasks", {}), headers=uh())),
                                                            up(req(UA, rpc(2, "ListTasks", {}), headers=uh(), t=10.0, id="r2")), up(resp(ok(2, {"tasks": [tsk("COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}), t=10.1, id="r2")),
                                                            resp(ok(2, {"tasks": [tsk("COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}), t=10.11)],
     [], "control: ListTasks retried")
case("C20-legal-two-client-sends-each-forwarded-once", lambda: GC() + gsend(1) + gsend(2, task=tsk("COMPLETED", 2, tid="t2", artifacts=ART)),
     [], "control: two client sends (m1, m2), each forwarded once: no retry")
case("C21-legal-client-resends-gateway-forwards-each", lambda:
     GC() + gsend(1, mid="m1") + wait(5) + gsend(1, mid="m1"),
     [], "control: the client itself sends m1 twice (its own resend after its own timeout), the gateway forwards each once: the resend is the client's (ID-007 lets the agent dedupe), not the gateway's")
case("C22-legal-gw-delete-push-config-retried", lambda: RCARD() + [req(PR + "/tasks/t1/pushNotificationConfigs/cfg-1", "", method="DELETE", headers={"a2a-version": "1.0"}),
                                                              up(req(UR + "/tasks/t1/pushNotificationConfigs/cfg-1", "", method="DELETE", headers=uh({"a2a-version": "1.0"}))),
                                                              up(req(UR + "/tasks/t1/pushNotificationConfigs/cfg-1", "", method="DELETE", headers=uh({"a2a-version": "1.0"}), t=10.0, id="r2")),
                                                              up(resp({}, headers=RJR, t=10.1, id="r2")), resp({}, headers=RJR, t=10.11)],
     [], "control: DELETE is idempotent (RFC 9110 §9.2.2; PUSH-003: Delete idempotent)")
case("C23-legal-gw-get-task-retried-after-503", lambda: GC() + [req(PA, rpc(2, "GetTask", {"id": "t1"}), headers=V10), up(req(UA, rpc(2, "GetTask", {"id": "t1"}), headers=uh())),
                                                         up(resp("upstream overloaded", status=503, headers={"content-type": "text/plain"})), up(req(UA, rpc(2, "GetTask", {"id": "t1"}), headers=uh())),
                                                         up(resp(ok(2, tsk("WORKING")))), resp(ok(2, tsk("WORKING")))],
     [], "control: GetTask retried after a 503")
case("C24-legal-gw-send-not-retried-after-timeout-504", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh())),
                                                                                                                                  resp("<html><h1>504 Gateway Time-out</h1></html>", status=504, headers={"content-type": "text/html", "server": "nginx"}, t=60.0)],
     [], "control: the agent never answered within the gateway's 60 s; the gateway answers 504 and does not retry (the agent's silence is not the gateway's fault; at most a note)")
case("C25-legal-gw-subscribe-probed-after-end", lambda:
     GC() + gsend(task=tsk("WORKING")) + gsse(2, [{"task": tsk("WORKING")}, stu("WORKING", 2), stu("COMPLETED", 3)], [1.0, 2.0, 3.0], method="SubscribeToTask", p={"id": "t1"}) +
     [up(req(UA, rpc(3, "SubscribeToTask", {"id": "t1"}), headers=uh(S10))), up(resp(err(3, -32004, "task t1 is in a terminal state", einfo("UNSUPPORTED_OPERATION"))))],
     [], "control: after the subscription ended the gateway probes SubscribeToTask once more on its own (a read): refused, the task ended; no message send is repeated")

# ================================================================ D: SSE through the gateway
case("D01-legal-gw-sse-relayed-event-by-event", lambda: GC() + gsse(1, SEV, UT4),
     [], "control: each event reaches the client 4 ms after the agent sent it (timed)")
case("D02-legal-gw-sse-heartbeat-comments-added", lambda: GC() + gsse(1, SEV, UT4, cevs=[ev(SEV[0], 1), ": ping\n\n" + ev(SEV[1], 1), ": ping\n\n" + ev(SEV[2], 1), ev(SEV[3], 1)]),
     [], "control: the gateway adds SSE comment heartbeats (': ping') between events")
case("D03-legal-gw-sse-rechunked", lambda: GC() + gsse(1, SEV, [1.0, 1.002, 3.0, 3.001], ct=[1.01, 1.01, 3.01, 3.01]),
     [], "control: events the agent sent 1-2 ms apart reach the client together (no holding back: the agent sent them together)")
case("D04-legal-gw-sse-crlf-to-lf", lambda: GC() + gsse(1, [ev(e, 1, "\r\n") for e in SEV], UT4, cevs=[ev(e, 1) for e in SEV]),
     [], "control: the agent ends SSE lines with CRLF, the gateway re-frames them with LF (both valid SSE)")
case("D05-legal-gw-sse-id-and-retry-fields-added", lambda: GC() + gsse(1, SEV, UT4, cevs=["retry: 3000\nid: %d\n" % k + ev(e, 1) for k, e in enumerate(SEV)]),
     [], "control: the gateway adds id: and retry: fields (for Last-Event-ID reconnects)")
case("D06-legal-gw-sse-event-message-added", lambda: GC() + gsse(1, SEV, UT4, cevs=["event: message\n" + ev(e, 1) for e in SEV]),
     [], "control: 'event: message' is the default event type, written out")
case("D07-legal-gw-sse-json-reserialised", lambda: GC() + gsse(1, SEV, UT4, cevs=["data: " + json.dumps(ok(1, e), indent=None, separators=(",", ":")) + "\n\n" for e in SEV]),
     [], "control: the gateway re-serialises each event's JSON compactly (same values)")
case("D08-legal-gw-sse-jsonrpc-id-restored", lambda: GC() + gsse("c-9f", SEV, UT4, ui=41),
     [], "control: the gateway renumbers the JSON-RPC id upstream (41) and restores the client's id c-9f on every event")
case("D09-legal-gw-sse-client-left-first", lambda: GC() + gsse(1, SEV[:2], UT4[:2], cevs=SEV[:2], ct=[1.004, 2.004], cclose="client", cend=2.5, uclose="client", uend=2.51),
     [], "control: the client left the stream at 2.5 s, the gateway closed the upstream at once: nothing was held back (timed)")
case("D10-legal-one-leg-subscribe-backfill-at-once", lambda: ocard(pcard()) + osse(2, [{"task": tsk("WORKING", 1)}, stu("WORKING", 3), stu("WORKING", 5), stu("COMPLETED", 7)], [9.0, 9.01, 9.02, 9.03], method="SubscribeToTask", p={"id": "t1"}),
     [], "control: a SubscribeToTask's first events arrive together (the backfill, timed)")
case("D11-legal-one-leg-events-spread", lambda: ocard(pcard()) + osse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 2), stu("WORKING", 4), stu("COMPLETED", 6)], [0.1, 2.1, 4.1, 6.1]),
     [], "control: client leg only, events arrive as stamped, 2 s apart (timed)")
case("D12-legal-gw-rest-stream-relayed", lambda: RCARD() + rest_gsse(SEV, UT4),
     [], "control: an HTTP+JSON stream relayed event by event")
case("D13-legal-gw-v03-stream-final-kept", lambda: gcard(card03(url=PA), card03(url=UA)) + gsse(1, [task03(state="submitted"), st03(state="working", n=2), st03(state="completed", final=True, n=3)], [1.0, 2.0, 3.0], method="message/stream", p={"message": msg03(contextId="c1")}, ch=S03),
     [], "control: a 0.3 stream relayed with final:true on its last event")
case("D14-legal-gw-sse-gzip-to-client", lambda: GC() + gsse(1, SEV, UT4, chead={**SSE, "content-encoding": "gzip"}),
     [], "control: the gateway gzips the event stream and flushes per event (decoded text, timed)")
case("D15-legal-agent-bursts-itself", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 3)}, stu("WORKING", 3), stu("WORKING", 3, msg=amsg10("half way", mid="p1", taskId="t1", contextId="c1")), stu("COMPLETED", 3)], [4.0, 4.001, 4.002, 4.003], ct=[4.01, 4.011, 4.012, 4.013]),
     [], "control: the agent itself produces all events at once (all stamped 10:00:03) and sends them at 4 s; relayed at once (timed). First written with stamps 0-3 s apart, which the verifier rightly told on the upstream leg (GW-SSE-001: stamped over 2 s, sent within 2 ms, so something on the agent's side held them back): my slip")
case("D16-legal-gw-sse-input-required-end", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 0)}, stu("INPUT_REQUIRED", 2, msg=ASK())], [1.0, 2.0]),
     [], "control: the stream ends at INPUT_REQUIRED, relayed")
case("D17-legal-gw-sse-long-silence-heartbeats", lambda: GC() + gsse(1, SEV, [1.0, 2.0, 50.0, 51.0], cevs=[ev(SEV[0], 1), ev(SEV[1], 1), ": keep-alive\n\n", ": keep-alive\n\n", ev(SEV[2], 1), ev(SEV[3], 1)],
                                                                    ct=[1.004, 2.004, 17.0, 32.0, 50.004, 51.004]),
     [], "control: the agent is silent for 48 s; the gateway keeps the client's stream alive with comments every 15 s (timed)")
case("D18-legal-gw-sse-multiline-data", lambda: GC() + gsse(1, SEV, UT4, cevs=["data: " + json.dumps(ok(1, e), indent=1).replace("\n", "\ndata: ") + "\n\n" for e in SEV]),
     [], "control: the gateway pretty-prints each event over several data: lines; joined with \\n (W3C SSE) it is the same JSON")
case("D19-legal-gw-sse-artifacts-relayed", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 0)}, art10(text="one "), art10(text="two", append=True, last=True), stu("COMPLETED", 3)], UT4),
     [], "control: artifact chunks relayed in order")
case("D20-legal-gw-sse-split-across-reads", lambda: GC() + split_gsse(),
     [], "control: the gateway passes each event on in two reads split mid-line (SSE framing is byte-stream; a chunk boundary means nothing)")
case("D21-gw-sse-buffered-one-burst", lambda: GC() + gsse(1, SEV, UT4, ct=[4.02, 4.021, 4.022, 4.023]),
     [("GW-SSE-001", W)], "4 events the agent sent over 3 s reach the client within 3 ms at 4.02 s (timed: spread 3 s >= 1 s, burst < 0.3 s, first late by 3 s)")
case("D22-gw-sse-buffered-in-pairs", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 1), stu("WORKING", 2), stu("WORKING", 3), stu("WORKING", 4), stu("COMPLETED", 5)],
                                                     [1.0, 2.5, 4.0, 5.5, 7.0, 8.5], ct=[2.6, 2.6, 5.6, 5.6, 8.6, 8.6]),
     [("GW-SSE-001", W)], "the gateway passes events on in pairs: every other event reaches the client 1.6 s after the agent sent it, no earlier than the agent's next (timed)")
case("D23-one-leg-status-updates-at-once", lambda: ocard(pcard()) + osse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 2), stu("WORKING", 4), stu("COMPLETED", 6)], [6.2, 6.21, 6.22, 6.23]),
     [("GW-SSE-001", W)], "client leg only: status stamps 0, 2, 4, 6 s (agent clock) arrive within 30 ms (timed)")
case("D24-gw-sse-event-dropped", lambda: GC() + gsse(1, SEV, UT4, cevs=[SEV[0], SEV[1], SEV[3]], ct=[1.004, 2.004, 4.004]),
     [("GW-SSE-002", E)], "the WORKING event with the 'half way' message never reaches the client")
case("D25-gw-sse-terminal-dropped", lambda: GC() + gsse(1, SEV, UT4, cevs=SEV[:3], ct=[1.004, 2.004, 3.004], cend=4.01),
     [("GW-SSE-002", E)], "the COMPLETED event is lost; the client's stream ends at WORKING (predicted GW-SSE-002 alone, the client-leg STREAM-END-002 being the gateway's doing)")
case("D26-gw-sse-events-reordered", lambda: GC() + gsse(1, SEV, UT4, cevs=[SEV[0], SEV[2], SEV[1], SEV[3]]),
     [("GW-SSE-002", E)], "two WORKING events swapped on the client leg")
case("D27-gw-sse-event-duplicated", lambda: GC() + gsse(1, SEV, UT4, cevs=[SEV[0], SEV[1], SEV[1], SEV[2], SEV[3]], ct=[1.004, 2.004, 2.005, 3.004, 4.004]),
     [("GW-SSE-002", E)], "the gateway sends a WORKING event twice")
case("D28-gw-sse-cut-total-timeout", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 1), stu("WORKING", 2), stu("COMPLETED", 3)], [1.0, 20.0, 30.5, 62.0],
                                                        cevs=[{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 1), stu("WORKING", 2)], ct=[1.004, 20.004, 30.504], cclose="eof", cend=60.0),
     [("GW-SSE-002", E)], "the gateway ends the client's stream at 60 s (a total timeout); the agent's COMPLETED reaches the gateway at 62 s, never the client (timed: 2 s after the cut)")
case("D29-gw-sse-cut-idle-timeout", lambda: GC() + gsse(1, SEV, [1.0, 2.0, 3.0, 70.0], cevs=SEV[:3], ct=[1.004, 2.004, 3.004], cclose="eof", cend=63.0),
     [("GW-SSE-002", E)], "60 s of silence: the gateway's idle timeout ends the client's stream at 63 s; COMPLETED arrives upstream at 70 s (timed)")
case("D30-gw-sse-held-back-client-gave-up", lambda: GC() + gsse(1, SEV, UT4, cevs=SEV[:1], ct=[1.004], cclose="client", cend=10.0, uclose="client", uend=10.01),
     [("GW-SSE-002", E)], "the agent's WORKING and COMPLETED events reached the gateway at 2-4 s and never the client, which gave up at 10 s (timed: held back >= 1 s)")
case("D31-gw-sse-event-altered", lambda: GC() + gsse(1, SEV, UT4, cevs=[SEV[0], SEV[1], stu("WORKING", 2, msg=amsg10("[redacted]", mid="p1", taskId="t1", contextId="c1")), SEV[3]]),
     [], "a content filter rewrote the text of the status message in one event (revised46, open46: legal, as the same rewrite in a JSON answer is (b45-SL4): a proxy MAY transform content the agent's answer does not mark Cache-Control: no-transform, RFC 9110 §7.7; under no-transform it is GW-SSE-002, o46-G02)")
case("D32-gw-sse-id-not-restored", lambda: GC() + gsse("c-9f", SEV, UT4, ui=41, cevs=[ev(e, 41) for e in SEV]),
     [("GW-RESP-002", E)], "the events reach the client with the gateway's upstream id 41, not its c-9f")
case("D33-gw-sse-read-as-json", lambda: GC() + sse_as_json(),
     [("GW-RESP-002", E)], "the gateway read the agent's event stream as one JSON body and answered with an error of its own (GW-RESP-002's help names it)")
case("D34-gw-rest-sse-event-dropped", lambda: RCARD() + rest_gsse(SEV, UT4, cevs=[SEV[0], SEV[2], SEV[3]], ct=[1.004, 3.004, 4.004]),
     [("GW-SSE-002", E)], "HTTP+JSON stream: the first WORKING event is lost")
case("D35-gw-v03-final-event-dropped", lambda: gcard(card03(url=PA), card03(url=UA)) + gsse(1, [task03(state="submitted"), st03(state="working", n=2), st03(state="completed", final=True, n=3)], [1.0, 2.0, 3.0],
                                                                                       cevs=[task03(state="submitted"), st03(state="working", n=2)], ct=[1.004, 2.004], method="message/stream", p={"message": msg03(contextId="c1")}, ch=S03, cend=3.01),
     [("GW-SSE-002", E)], "0.3: the final completed event is lost on the client leg")
case("D36-one-leg-status-updates-burst-wide", lambda: ocard(pcard()) + osse(1, [{"task": tsk("SUBMITTED", 0)}, stu("WORKING", 3), stu("WORKING", 6), stu("COMPLETED", 9)], [9.1, 9.15, 9.2, 9.25]),
     [("GW-SSE-001", W)], "client leg only: stamps over 9 s arrive within 150 ms (timed)")
case("D37-gw-sse-burst-rest", lambda: RCARD() + rest_gsse(SEV, UT4, ct=[4.05, 4.051, 4.052, 4.053]),
     [("GW-SSE-001", W)], "HTTP+JSON stream buffered by the gateway and delivered in one burst (timed)")

# ================================================================ E: error mapping across the hop
E32001 = lambda i=2: err(i, -32001, "task t9 not found", einfo("TASK_NOT_FOUND"))
case("E01-legal-gw-agent-error-relayed", lambda: GC() + gcall(2, "GetTask", {"id": "t9"}, None, ures=E32001(), cres=E32001()),
     [], "control: the agent's TaskNotFoundError relayed unchanged")
case("E02-legal-gw-agent-error-relayed-as-http-500", lambda: GC() + gcall(2, "GetTask", {"id": "t9"}, None, ures=E32001(), cres=E32001(), cst=500),
     [], "control (judgment): the gateway relays the JSON-RPC error body unchanged under HTTP 500; the HTTP status of a JSON-RPC error is unspecified (ERR-007), so the legal reading")
case("E03-legal-gw-rest-404-relayed", lambda: RCARD() + grest("GET", "/tasks/t9", None, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), ch={"a2a-version": "1.0"}, cst=404, ust=404),
     [], "control: HTTP+JSON 404 TASK_NOT_FOUND relayed")
case("E04-one-leg-gateway-502-html", lambda: ocard(pcard()) + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp("<html><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>", status=502, headers={"content-type": "text/html", "server": "nginx"})],
     [("GW-RESP-003", N)], "client leg only: nginx's 502 page, the upstream leg not recorded (a note)")
case("E05-legal-gw-502-after-agent-reset", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh())),
                                                                                                          resp("<html><h1>502 Bad Gateway</h1></html>", status=502, headers={"content-type": "text/html", "server": "nginx"}, t=0.5)],
     [], "control for the gateway: the agent never answered (its request is open when the capture stops); the gateway's 502 is a fair answer. No gateway finding (notes allowed)")
case("E06-gw-504-while-agent-answered-late", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10, t=0.1), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=0.11)),
                                                       resp("<html><h1>504 Gateway Time-out</h1></html>", status=504, headers={"content-type": "text/html", "server": "nginx"}, t=60.11),
                                                       up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), t=65.0))],
     [("GW-RESP-001", E)], "the gateway's 60 s timeout: 504 to the client; the agent's blocking answer arrives at 65 s upstream (timed for realism)")
case("E07-gw-502-html-while-agent-answered", lambda: GC() + gsend(cres="<html><body><h1>502 Bad Gateway</h1></body></html>", cst=502, crh={"content-type": "text/html", "server": "nginx"}),
     [("GW-RESP-001", E)], "the agent answered 200 with the task; the client got a 502 page")
case("E08-gw-own-jsonrpc-timeout-error", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10, t=0.1), up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh(), t=0.11)),
                                                   resp(err(1, -32603, "upstream request timeout"), t=30.11), up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}), t=31.0))],
     [("GW-RESP-001", E)], "the gateway answers its own JSON-RPC -32603 at 30 s; the agent answers at 31 s")
case("E09-gw-agent-error-replaced-by-plain-500", lambda: GC() + gcall(2, "GetTask", {"id": "t9"}, None, ures=E32001(), cres={"message": "Internal Server Error"}, cst=500),
     [("GW-RESP-001", E)], "the agent's TaskNotFoundError replaced by the gateway's own non-JSON-RPC 500 body. Predicted GW-RESP-002 (altered); GW-RESP-001's words name exactly this (a gateway error, its own error page, while the agent answered): the two rules overlap and the verifier's reading is the one its help gives, my misreading")
case("E10-gw-rest-error-replaced-by-html", lambda: RCARD() + grest("GET", "/tasks/t9", None, None, ch={"a2a-version": "1.0"}, ures=rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), ust=404,
                                                                   cres="<html><body><h1>404 Not Found</h1></body></html>", cst=404, crh={"content-type": "text/html"}),
     [("GW-RESP-002", E)], "the agent's google.rpc.Status 404 replaced by the gateway's HTML 404 page")
case("E11-gw-error-id-not-restored", lambda: GC() + gcall("c-2", "GetTask", {"id": "t9"}, None, ui=77, ures=E32001(77), cres=E32001(77)),
     [("GW-RESP-002", E)], "the error answer carries the upstream id 77, not the client's c-2")
case("E12-gw-id-type-changed", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, ui="1", cres=ok("1", {"task": tsk("COMPLETED", artifacts=ART)})),
     [("GW-RESP-002", E)], "the client sent id 1 (a number); the gateway forwarded \"1\" and handed back \"1\": not the client's id (RPC-002: the same value and type)")
case("E13-one-leg-gateway-413", lambda: ocard(pcard()) + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp("<html><h1>413 Request Entity Too Large</h1></html>", status=413, headers={"content-type": "text/html", "server": "nginx"})],
     [("GW-RESP-003", N)], "client leg only: nginx's 413 (body limit) and no A2A answer")
case("E14-gw-caches-get-task", lambda: GC() + gsend(task=tsk("WORKING")) + gcall(2, "GetTask", {"id": "t1"}, tsk("WORKING")) + gcall(3, "CancelTask", {"id": "t1"}, tsk("CANCELED", 2)) + wait(5) +
     [req(PA, rpc(4, "GetTask", {"id": "t1"}), headers=V10), resp(ok(4, tsk("WORKING")), headers={**J, "age": "5", "x-cache": "HIT"})],
     [("GW-RESP-002", E)], "the last GetTask is answered from the gateway's cache (Age, X-Cache: HIT) with the WORKING task, after the agent answered the cancel CANCELED; it never reaches the agent. First written without the cancel: a cached copy identical to the agent's last answer shows no fault on the wire (the task may not have changed), so the verifier's silence was the legal reading, my misreading")
case("E15-gw-translating-answer-untranslated", lambda: gcard(card03(url=PA), ucard()) + [req(PA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03),
                                                                                        up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh())),
                                                                                        up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [("GW-RESP-002", E)], "a translating gateway (0.3 outside, 1.0 agent) hands the 1.0 answer back untranslated")
case("E16-legal-gw-translating-answer-translated", lambda: gcard(card03(url=PA), ucard()) + [req(PA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03),
                                                                                            up(req(UA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=uh())),
                                                                                            up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))), resp(ok(1, t03("completed", artifacts=ART03)))],
     [], "control: the translating gateway answers the 0.3 client in 0.3")
case("E17-legal-gw-answers-401-itself", lambda: AC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp(rstatus(401, "UNAUTHENTICATED", msg="missing bearer token"), status=401, headers=WWW)] + gsend(2, ch={**V10, "authorization": TOK}),
     [], "control: the gateway authenticates and refuses a tokenless call itself (no upstream request), then forwards the authenticated one")
case("E18-legal-gw-rate-limit-429-itself", lambda: GC() + gsend() + [req(PA, rpc(2, "SendMessage", {"message": msg10("again", mid="m2", contextId="c1")}), headers=V10),
                                                                resp(rstatus(429, "RESOURCE_EXHAUSTED", msg="rate limit"), status=429, headers={**J, "retry-after": "10"})],
     [], "control: the gateway's rate limit answers 429 with Retry-After; nothing forwarded")
case("E19-legal-gw-503-upstream-down", lambda: GC() + gsend() + [req(PA, rpc(2, "GetTask", {"id": "t1"}), headers=V10), resp("no healthy upstream", status=503, headers={"content-type": "text/plain", "server": "envoy"})],
     [], "control: envoy's 503 'no healthy upstream' with nothing forwarded: the agent is down, not a lost answer (at most a note)")
case("E20-legal-gw-rest-error-relayed-charset", lambda: RCARD() + grest("POST", "/tasks/t9:cancel", {}, rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t9 not found"), cst=404, ust=404, crh={"content-type": "application/a2a+json; charset=utf-8"}),
     [], "control: REST 404 relayed with a charset parameter added")

# ================================================================ F: ids across the legs
case("F01-legal-gw-jsonrpc-id-renumbered-and-restored", lambda: GC() + gcall("c-1", "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, ui=9001),
     [], "control: upstream id 9001, the client's c-1 restored")
case("F02-legal-gw-message-id-rewritten", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, upar={"message": msg10(mid="gw-1f2e", contextId="c1")}),
     [], "control (judgment): the gateway mints its own messageId; GW-REQ-003 speaks of contextId and taskId only, and no MUST forbids it")
case("F03-legal-gw-context-added-agent-answered-in-it", lambda: GC() + gcall(1, "SendMessage", {"message": msg10()}, {"task": tsk("COMPLETED", ctx="sess-77", artifacts=ART)}, upar={"message": msg10(contextId="sess-77")}),
     [], "control: the gateway puts its session's contextId on a message without one and the agent answers in it (GW-REQ-003: told unless the agent answered in it)")
case("F04-legal-gw-maps-task-ids-both-ways", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1"), "configuration": RI}, None, ures=ok(1, {"task": tsk("WORKING", tid="agent-t-77")}), cres=ok(1, {"task": tsk("WORKING", tid="gw-t1")})) +
     gcall(2, "GetTask", {"id": "gw-t1"}, None, upar={"id": "agent-t-77"}, ures=ok(2, tsk("COMPLETED", 2, tid="agent-t-77")), cres=ok(2, tsk("COMPLETED", 2, tid="gw-t1"))),
     [], "control (judgment): a gateway that keeps task ids of its own maps them both ways (GW-REQ-003's help), so the client always sees gw-t1")
case("F05-gw-rest-custom-verb-percent-encoded", lambda: RCARD() + grest("POST", "/tasks/t1:cancel", {}, tsk("CANCELED", 2), upath="/tasks/t1%3Acancel"),
     [("GW-REQ-002", "error")], "revised46 (breaker46 colon-encoded; was legal: \"control: ':' percent-encoded as %3A (GW-REQ-002's help allows it)\"): RFC 3986 §2.2 makes a reserved character and its percent-encoding different URIs (§2.1 only defines the encoding), and an escaped ':' is data, not the custom verb's delimiter (google/api/http.proto; grpc-gateway's default unescaping keeps it escaped and finds no route): the gateway turned the client's route into another URI, GW-REQ-002")
case("F06-legal-gw-follow-up-ids-kept", lambda: GC() + gsend(task=tsk("INPUT_REQUIRED", msg=ASK())) +
     gcall(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, artifacts=ART)}),
     [], "control: a follow-up forwarded with its taskId and contextId")
case("F07-legal-gw-adds-message-metadata", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, upar={"message": msg10(contextId="c1"), "metadata": {"gateway": {"tenant": "t-42"}}}),
     [], "control (judgment): the gateway adds request metadata (free-form, 1.0 proto SendMessageRequest.metadata)")
case("F08-legal-gw-rest-task-id-kept", lambda: RCARD() + grest("GET", "/tasks/Task-AbC", None, tsk("WORKING", tid="Task-AbC"), ch={"a2a-version": "1.0"}),
     [], "control: a mixed-case task id forwarded as is")
case("F09-gw-follow-up-task-id-rewritten", lambda: GC() + gsend(task=tsk("INPUT_REQUIRED", msg=ASK())) +
     gcall(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}, {"task": tsk("COMPLETED", 2, tid="t-gw-2", artifacts=ART)}, upar={"message": msg10("Paris", mid="m2", taskId="t-gw-2", contextId="c1")}),
     [("GW-REQ-003", E)], "the gateway replaces the follow-up's taskId t1 with one of its own")
case("F10-gw-context-dropped", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", ctx="c-agent", artifacts=ART)}, upar={"message": msg10()}),
     [("GW-REQ-003", E)], "the client's contextId c1 dropped; the agent mints c-agent")
case("F11-gw-context-replaced", lambda: GC() + gcall(1, "SendMessage", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", ctx="gw-sess-9", artifacts=ART)}, upar={"message": msg10(contextId="gw-sess-9")}),
     [("GW-REQ-003", E)], "the client's contextId c1 replaced by the gateway's session id, which the client gets back instead of its own")
case("F12-gw-get-task-id-lowercased", lambda: GC() + gsend(task=tsk("WORKING", tid="T-9A")) + gcall(2, "GetTask", {"id": "T-9A"}, None, upar={"id": "t-9a"}, ures=E32001(), cres=E32001()),
     [("GW-REQ-002", E)], "the gateway lower-cases the task id in params.id; the agent does not know t-9a")
case("F13-gw-rest-path-task-id-lowercased", lambda: RCARD() + grest("GET", "/tasks/T-9A", None, None, ch={"a2a-version": "1.0"}, upath="/tasks/t-9a", ures=rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t-9a not found"), ust=404, cst=404),
     [("GW-REQ-002", E)], "the task id in the path lower-cased upstream")
case("F14-gw-rest-custom-verb-to-segment", lambda: RCARD() + grest("POST", "/tasks/t1:cancel", {}, None, upath="/tasks/t1/cancel", ures=rstatus(404, "NOT_FOUND", msg="no route"), ust=404, cst=404),
     [("GW-REQ-002", E)], "':cancel' turned into '/cancel'")
case("F15-gw-rest-route-moved-under-v1", lambda: RCARD() + grest("POST", "/message:send", {"message": msg10(contextId="c1")}, {"task": tsk("COMPLETED", artifacts=ART)}, upath="/v1/message:send"),
     [("GW-REQ-002", E)], "a 1.0 route moved under /v1")
case("F16-gw-message-task-id-case-changed", lambda: GC() + gsend(task=tsk("INPUT_REQUIRED", tid="T-9A", msg=ASK(tid="T-9A"))) +
     gcall(2, "SendMessage", {"message": msg10("Paris", mid="m2", taskId="T-9A", contextId="c1")}, None, upar={"message": msg10("Paris", mid="m2", taskId="t-9a", contextId="c1")},
           ures=err(2, -32001, "task t-9a not found", einfo("TASK_NOT_FOUND")), cres=err(2, -32001, "task t-9a not found", einfo("TASK_NOT_FOUND"))),
     [("GW-REQ-002", E)], "message.taskId lower-cased (GW-REQ-002 names message.taskId in other letter case; predicted without GW-REQ-003 beside it)")
case("F17-legal-gw-rest-query-kept", lambda: RCARD() + grest("GET", "/tasks?contextId=c1&pageSize=10", None, {"tasks": [], "nextPageToken": "", "pageSize": 10, "totalSize": 0}, ch={"a2a-version": "1.0"}),
     [], "control: ListTasks query parameters forwarded")

# ================================================================ G: replicas behind the gateway
R0H, R1H = "http://echo-0.internal:8080", "http://echo-1.internal:8080"


def tagged(i, lines):
    """`id` `i` on the upstream lines of `lines` (pairs them past a request left open)."""
    for l in lines:
        if l.get("leg") == "upstream":
            l["id"] = i
    return lines


def on(leg, lines):
    """the upstream lines of `lines` moved onto leg `leg` (one agent instance behind the
    gateway: each replica is a leg of its own, as the proxy records one listener a leg)."""
    for l in lines:
        if l.get("leg") == "upstream":
            l["leg"] = leg
    return lines


RNOTE = ". First written with both replicas on the one leg 'upstream' (told apart by host): the verifier keys an agent by leg, so that read as one agent losing its own task (ID-TASK-001); a leg per instance is how the proxy records them, my misreading of the format"
case("G01-gw-get-task-routed-to-other-replica", lambda: GC() + on("echo-0", gsend(task=tsk("WORKING"), uurl=R0H + "/a2a")) + on("echo-1", gcall(2, "GetTask", {"id": "t1"}, None, uurl=R1H + "/a2a", ures=E32001(), cres=E32001())),
     [("GW-RESP-005", E)], "t1 created on echo-0; the GetTask goes to echo-1, which does not know it" + RNOTE)
case("G02-legal-gw-sticky-replica", lambda: GC() + on("echo-0", gsend(task=tsk("WORKING"), uurl=R0H + "/a2a")) + on("echo-0", gcall(2, "GetTask", {"id": "t1"}, tsk("COMPLETED", 2), uurl=R0H + "/a2a")),
     [], "control: both calls on echo-0")
case("G03-legal-gw-shared-store-replicas", lambda: GC() + on("echo-0", gsend(task=tsk("WORKING"), uurl=R0H + "/a2a")) + on("echo-1", gcall(2, "GetTask", {"id": "t1"}, tsk("COMPLETED", 2), uurl=R1H + "/a2a")),
     [], "control: echo-1 knows t1 (a shared task store)")
case("G04-gw-cancel-routed-to-other-replica", lambda: GC() + on("echo-0", gsend(task=tsk("WORKING"), uurl=R0H + "/a2a")) + on("echo-1", gcall(2, "CancelTask", {"id": "t1"}, None, uurl=R1H + "/a2a", ures=E32001(), cres=E32001())),
     [("GW-RESP-005", E)], "CancelTask on the replica that never saw t1" + RNOTE)

# ================================================================ H: a gateway that does everything right, end to end
case("H01-legal-gw-full-jsonrpc-flow", lambda: GC() + gsend(task=tsk("WORKING"), ch={**V10, "a2a-extensions": EXT1}) + gcall(2, "GetTask", {"id": "t1"}, tsk("WORKING", 2)) +
     gsse(3, [{"task": tsk("WORKING", 2)}, stu("COMPLETED", 3)], [5.0, 6.0], method="SubscribeToTask", p={"id": "t1"}) + gcall(4, "GetTask", {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: send, get, subscribe, get, all relayed with tracing headers")
case("H02-legal-gw-full-rest-flow", lambda: RCARD() + grest("POST", "/message:send", {"message": msg10(contextId="c1"), "configuration": {"returnImmediately": True}}, {"task": tsk("WORKING")}) +
     grest("GET", "/tasks/t1", None, tsk("WORKING", 2), ch={"a2a-version": "1.0"}) + grest("POST", "/tasks/t1:cancel", {}, tsk("CANCELED", 3)) + grest("GET", "/tasks/t1", None, tsk("CANCELED", 3), ch={"a2a-version": "1.0"}),
     [], "control: HTTP+JSON send, get, cancel, get")
case("H03-legal-gw-full-v03-flow", lambda: gcard(card03(url=PA), card03(url=UA)) + gcall(1, "message/send", {"message": msg03(contextId="c1"), "configuration": {"blocking": False}}, t03("working"), ch=J03) +
     gcall(2, "tasks/get", {"id": "t1"}, t03("completed", n=2, artifacts=ART03), ch=J03),
     [], "control: 0.3 send and get through the gateway")
case("H04-legal-gw-full-stream-and-get", lambda: GC() + gsse(1, SEV, UT4) + gcall(2, "GetTask", {"id": "t1"}, tsk("COMPLETED", 3)),
     [], "control: a stream relayed and a GetTask after it")
case("H05-legal-gw-auth-ext-version-all-kept", lambda: gcard(pcard(securitySchemes=BEAR, securityRequirements=BEARQ, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]}),
                                                             ucard(securitySchemes=BEAR, securityRequirements=BEARQ, capabilities={"streaming": True, "extensions": [{"uri": EXT1}]})) +
     gsend(ch={**V10, "authorization": TOK, "a2a-extensions": EXT1}, urh={**J, "a2a-extensions": EXT1}, crh={**J, "a2a-extensions": EXT1}),
     [], "control: credentials, extensions and version all forwarded; the activated extension echoed back")

# ================================================================ I: a second batch across the areas
case("I01-gw-retries-rest-stream-send", lambda: RCARD() + [rpost("/message:stream", {"message": msg10(contextId="c1")}, h=RST, base=PR, t=0.1),
                                                       up(req(UR + "/message:stream", {"message": msg10(contextId="c1")}, headers=uh(RST), t=0.11)),
                                                       up(req(UR + "/message:stream", {"message": msg10(contextId="c1")}, headers=uh(RST), t=30.11, id="r2")), up(resp("", headers=SSE, t=30.2, id="r2")), resp("", headers=SSE, t=30.21)] +
     [x for k, e in enumerate(SEV) for x in (up(chunk(rest_ev(e), t=30.3 + k, id="r2")), chunk(rest_ev(e), t=30.304 + k))] + [up(chunk("", close="eof", t=33.4, id="r2")), chunk("", close="eof", t=33.41)],
     [("GW-REQ-001", W)], "HTTP+JSON message:stream sent upstream again after 30 s without a response head")
case("I02-gw-502-page-while-agent-streamed", lambda: GC() + gsse(1, SEV, UT4, cevs=[], ct=[], cclose=None) + [],
     [], "placeholder")
del C["b40x-I02-gw-502-page-while-agent-streamed"]
case("I02-gw-502-page-while-agent-streamed", lambda: GC() + stream_502(),
     [("GW-RESP-001", E)], "the agent streamed its task to COMPLETED; the client got the gateway's 502 page")
case("I03-gw-rest-version-header-dropped", lambda: RCARD() + grest("GET", "/tasks/t1", None, tsk("WORKING"), ch={"a2a-version": "1.0"}, uhd=uh({})),
     [("VER-HDR-002", E), ("VER-HDR-005", W)], "HTTP+JSON GetTask: A2A-Version missing upstream. Predicted VER-HDR-002 alone; the agent also served the header-less call (0.3 by 1.0 §3.6.2) with 1.0 semantics, which a 1.0-only agent should refuse (VER-HDR-005, spec trap 3): its own leniency, reported whoever dropped the header, my misreading")
case("I04-gw-rest-task-id-changed-in-path", lambda: RCARD() + grest("POST", "/tasks/t1:cancel", {}, tsk("CANCELED", 2, tid="t2"), upath="/tasks/t2:cancel"),
     [("GW-REQ-002", E)], "the gateway cancels t2 when the client asked to cancel t1")
case("I05-gw-sse-client-stream-reset-early", lambda: GC() + gsse(1, SEV, UT4, cevs=SEV[:2], ct=[1.004, 2.004], cclose="reset", cend=2.5),
     [("GW-SSE-002", E)], "the gateway dropped the client's connection at 2.5 s; WORKING and COMPLETED reached it at 3 and 4 s (timed)")
case("I06-gw-rewrites-card-url-to-loopback", lambda: gcard(card10(url="http://127.0.0.1:8080/a2a"), ucard()),
     [("GW-RESP-004", E), ("AUTH-TLS-004", W)], "the gateway rewrote the url to its own loopback listener. Predicted without AUTH-TLS-004; the verifier adds it, linked to its cause ('caused by ...'): the url is also plain http on a card served over https, a second fault (AUTH-004) a client in that network would meet, so my misreading")
case("I07-one-leg-gateway-504", lambda: ocard(pcard()) + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10, t=0.1),
                                                      resp("upstream request timeout", status=504, headers={"content-type": "text/plain", "server": "envoy"}, t=15.1)],
     [("GW-RESP-003", N)], "client leg only: envoy's 504 after 15 s")
case("I08-legal-local-dev-loopback-card", lambda: getcard(card10(url="http://localhost:8080/a2a"), base="http://localhost:8080") +
     [req("http://localhost:8080/a2a", rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: a local run: card fetched from localhost names localhost")
case("I09-legal-gw-adds-authenticated-user-header", lambda: AC() + gsend(ch={**V10, "authorization": TOK}, uhd=uh(authorization=TOK, **{"x-authenticated-user": "u1"})),
     [], "control: the gateway forwards the token and adds the user it authenticated")
case("I10-legal-gw-sse-constant-latency", lambda: GC() + gsse(1, SEV, UT4, ct=[1.2, 2.2, 3.2, 4.2]),
     [], "control: each event 200 ms late, evenly (a slow hop, not buffering: timed)")
case("I11-legal-one-leg-two-updates-at-once", lambda: ocard(pcard()) + osse(1, [{"task": tsk("SUBMITTED", 0)}, stu("COMPLETED", 4)], [4.1, 4.11]),
     [], "control: two events at once (below the three GW-SSE-001 asks for, timed)")
case("I12-legal-gw-card-fetch-retried", lambda: [req(PUB + WK, method="GET", headers={"accept": "application/json"}), up(req(UPH + WK, method="GET", headers={"accept": "application/json", **TR})),
                                                 up(req(UPH + WK, method="GET", headers={"accept": "application/json", **TR}, t=5.0, id="r2")), up(resp(ucard(), headers=CH, t=5.1, id="r2")), resp(pcard(), headers=CH, t=5.11)] + at(5.11) + tagged("s1", gsend()),
     [], "control: the card GET retried after 5 s of silence (a read). First written without ids on the later send's upstream lines: its answer then paired with the still-open first card GET (a resp answers the oldest unanswered req of its leg), which the verifier read as a card without members: my slip in the transcript form")
case("I13-legal-gw-body-reserialised", lambda: GC() + [req(PA, rpc(1, "SendMessage", {"message": msg10(contextId="c1")}), headers=V10),
                                                   up(req(UA, json.dumps({"params": {"message": {"parts": [{"text": "hi"}], "role": "ROLE_USER", "contextId": "c1", "messageId": "m1"}}, "method": "SendMessage", "id": 1, "jsonrpc": "2.0"}, indent=2), headers=uh())),
                                                   up(resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))), resp(ok(1, {"task": tsk("COMPLETED", artifacts=ART)}))],
     [], "control: the gateway re-serialises the request body (member order, indentation): the same JSON")
case("I14-legal-gw-two-agents-two-prefixes", lambda: GC() + gcard(card10(url=GW + "/agents/calc/a2a"), card10(url="http://calc.internal:8080/a2a"), cpath=GW + "/agents/calc" + WK, upath="http://calc.internal:8080" + WK) +
     gsend() + gsend(2, task=tsk("COMPLETED", 2, tid="k1", ctx="c2", artifacts=ART), ctx="c2", url=GW + "/agents/calc/a2a", uurl="http://calc.internal:8080/a2a"),
     [], "control: two agents behind one gateway, each card rewritten to its own prefix")
case("I15-legal-gw-v03-rest-route-kept", lambda: gcard(card03(url=PR, preferredTransport="HTTP+JSON"), card03(url=UR, preferredTransport="HTTP+JSON")) +
     grest("POST", "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}], "contextId": "c1"}},
           {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, ch=J03, crh=J, urh=J),
     [], "control: a 0.3 HTTP+JSON /v1 route forwarded as is")


# ================================================================ R: regressions for the fixes (written after the run, not blind)
case("R01-gw-v025-retry-first-copy-open", lambda: gcard(card02(url=PA, protocolVersion="0.2.5"), card02(url=UA, protocolVersion="0.2.5"), cpath=PUB + "/.well-known/agent.json", upath=UPH + "/.well-known/agent.json") +
     [req(PA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=J03), up(req(UA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03))),
      up(req(UA, rpc(1, "message/send", {"message": msg03(contextId="c1")}), headers=uh(J03), t=20.0, id="r2")), up(resp(ok(1, t03("completed", artifacts=ART03)), t=20.4, id="r2")),
      resp(ok(1, t03("completed", artifacts=ART03)), t=20.41)],
     [("GW-REQ-001", W)], "regression for the GW-REQ-001 pairing order (C01): a 0.2.5 send retried after 20 s while the first copy is still open at the end")
case("R02-gw-version-query-param-dropped", lambda: GC() + gsend(url=PA + "?A2A-Version=1.0", ch=J, uhd=uh(J)),
     [("VER-HDR-002", E), ("VER-HDR-005", W)], "regression for the query-parameter version (B13): the client asks for 1.0 in the query, the gateway forwards neither query nor header (VER-HDR-005 as B21: the agent serves the header-less call as 1.0)")
case("R03-gw-sse-artifact-text-rewritten", lambda: GC() + gsse(1, [{"task": tsk("SUBMITTED", 0)}, art10(text="secret plan", last=True), stu("COMPLETED", 3)], [1.0, 2.0, 3.0],
                                                                cevs=[{"task": tsk("SUBMITTED", 0)}, art10(text="****** plan", last=True), stu("COMPLETED", 3)]),
     [], "regression for the event text digest (D31): a DLP filter masks words in an artifact chunk (revised46, open46: legal, as the same rewrite in a JSON answer is (b45-SL4): a proxy MAY transform content the agent's answer does not mark Cache-Control: no-transform, RFC 9110 §7.7; under no-transform it is GW-SSE-002, o46-G02)")


write_cases(C, OUT)
