"""Session-56 field cases of miner mine56 (f1216-...): same helpers and output format as gen_cases55.py.

Scope (round fifty-six): threads and files outside github.com/a2aproject that no round had cited,
each URL and repo#number grepped in FIELD-CASES.md first: the OpenClaw A2A gateway plugin's 0.3
card (win4r/openclaw-a2a-gateway src/agent-card.ts, issue #63, PR #67: a gRPC interface written
`<host>:<port+1>`, the server's own port beside the TLS front's, and `localhost:<port+1>` with no
configured url), a2a-elixir's card route without caching headers (actioncard/a2a-elixir #74),
ADK's remote agent reading a stream that closes at WORKING as a success (google/adk-python PR
#6591), and legal neighbours.
`python3 gen_cases56.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import base64, json, os, urllib.parse
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def r304(t, hdr=None):
    """A bodyless 304 Not Modified with `hdr` (no Content-Type)."""
    return {"dir": "resp", "t": t, "status": 304, "headers": dict(hdr or {}), "body": ""}
def get_card(t, card, url, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]

# ---------------------------------------------------------------------------------------------
# The OpenClaw A2A gateway plugin's card (win4r/openclaw-a2a-gateway src/agent-card.ts, #63, PR #67)
S63 = ("https://github.com/win4r/openclaw-a2a-gateway/issues/63 (Support advertised external gRPC URL for TLS reverse proxy deployments: "
       "'JSON-RPC / REST can be placed behind an HTTPS reverse proxy by setting agentCard.url, but gRPC is advertised from the internal server "
       "port as <host>:<port+1>. This makes deployments that want all external traffic behind :443 awkward'); src/agent-card.ts writes "
       "additionalInterfaces [{url: configuredUrl, transport: JSONRPC}, {url: origin + /a2a/rest, transport: HTTP+JSON}, "
       "{url: `${grpcHost}:${grpcPort}`, transport: GRPC}] with grpcPort = server.port + 1 and grpcHost the configured url's hostname")
S63B = ("https://github.com/win4r/openclaw-a2a-gateway/issues/63 (the same card builder, src/agent-card.ts: with no agentCard.url configured and "
        "the server bound to 0.0.0.0, url falls back to `http://localhost:${server.port}/a2a/jsonrpc` and the gRPC interface to "
        "`localhost:${server.port + 1}`)")
S67 = ("https://github.com/win4r/openclaw-a2a-gateway/pull/67 (Add reverse proxy support and docs: 'add grpcProxy to control the gRPC URL in "
       "agent-card.json to support reverse proxy'; the README row becomes '<host>:<port+1> | gRPC | A2A gRPC transport (or ${origin} in the "
       "Agent Card when ...)', and docs/NETWORK.md routes gRPC through the proxy to the local h2c port 18801)")
OC = "https://claw.example.test"
OCU = OC + "/a2a/jsonrpc"
def oc_card(url, grpc_url, rest=None):
    return card03(url, name="OpenClaw A2A Gateway", description="A2A bridge for OpenClaw agents",
                  capabilities={"streaming": True, "pushNotifications": False, "stateTransitionHistory": False},
                  securitySchemes={}, security=[], supportsAuthenticatedExtendedCard=False,
                  additionalInterfaces=[{"url": url, "transport": "JSONRPC"},
                                        {"url": rest or (url.split("/a2a/")[0] + "/a2a/rest"), "transport": "HTTP+JSON"},
                                        {"url": grpc_url, "transport": "GRPC"}])

# --- f1216 (legal): a 0.3 card behind a TLS front that advertises gRPC at the server's own port + 1
case("f1216-legal-v03-card-grpc-port-beside-https-front", get_card(0.0, oc_card(OCU, "claw.example.test:18801"), OC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", OCU, rpc("oc-1", "message/send", {"message": umsg03("ping the coder agent", mid="m-oc-1")})),
    resp(1.2, 200, ok("oc-1", amsg03("pong", mid="m-oc-a1", contextId="c-oc-1"))),
], [], S63,
     "legal on the wire: the card names its JSON-RPC and REST interfaces on the TLS front's :443 and its gRPC interface at "
     "claw.example.test:18801, the server's own port + 1; #63 says the front does not serve that port, but a gRPC server on a port of its "
     "own beside the HTTP one is how the SDKs deploy gRPC (CARD-005 asks only that the url be where the interface is), and nothing in "
     "this recording shows the port unreachable (no gRPC call was made); the tool's reading (newcomer30 N1) keeps it silent")

# --- f1217: the fallback card: localhost interfaces on a card fetched by the LAN host name
OL = "http://claw-box.lan.example.test:18800"
case("f1217-v03-card-fallback-localhost-interfaces", get_card(0.0, oc_card("http://localhost:18800/a2a/jsonrpc", "localhost:18801"), OL + "/.well-known/agent-card.json", rhdr=None) + [
    req(0.2, "POST", OL + "/a2a/jsonrpc", rpc("oc-2", "message/send", {"message": umsg03("ping", mid="m-oc-2")})),
    resp(1.0, 200, ok("oc-2", amsg03("pong", mid="m-oc-a2", contextId="c-oc-2"))),
], [("card-url-internal-authority", "error")], S63B,
     "a card names the url a client reaches the agent at (0.3 §5.5 url, §5.6.3; CARD-005): fetched from claw-box.lan.example.test, this card "
     "sends every client to localhost (http://localhost:18800/a2a/jsonrpc, localhost:18801 for gRPC), the client's own machine")

# --- f1218 (legal): the gRPC interface behind the same front (PR #67's grpcProxy)
case("f1218-legal-v03-card-grpc-interface-through-front", get_card(0.0, oc_card(OCU, "claw.example.test:443"), OC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", OCU, rpc("oc-3", "message/send", {"message": umsg03("ping the coder agent", mid="m-oc-3")})),
    resp(1.2, 200, ok("oc-3", amsg03("pong", mid="m-oc-a3", contextId="c-oc-3"))),
], [], S67,
     "legal: the gRPC interface is written host:port (the 1.0 proto's AgentInterface.url comment after a2aproject/A2A PR #1997) at the "
     "front's own port 443, where the proxy routes gRPC to the local h2c port; a gRPC url has no scheme or path, and the front's port is the "
     "one the card was fetched on")


# ---------------------------------------------------------------------------------------------
# dhirmadi/agent-registry internal/api/a2a.go: a registry's 0.3 cards
SREG = ("https://github.com/dhirmadi/agent-registry/blob/main/internal/api/a2a.go (GetWellKnownAgentCard: 'Compute ETag from max(UpdatedAt)' "
        "over the active agents only (agents.List(ctx, true, 0, 1000)), etag = `\"<max UpdatedAt RFC3339Nano>\"`, skills built from those "
        "agents; 'if r.Header.Get(\"If-None-Match\") == etag { w.WriteHeader(http.StatusNotModified); return }' before any header is set)")
SREGB = ("https://github.com/dhirmadi/agent-registry/blob/main/internal/api/a2a.go (GetAgentCard handles GET /api/v1/agents/{agentId}/agent-card "
         "with RespondJSON(w, r, http.StatusOK, card), and internal/api/respond.go's RespondJSON wraps every answer in the API envelope "
         "{success, data, error, meta}; only the well-known route 'Returns raw JSON (no envelope) for A2A protocol compliance')")
SREGC = ("https://github.com/dhirmadi/agent-registry/blob/main/internal/api/a2a.go (agentToA2ACard writes each agent's 0.3 card with url "
         "externalURL + \"/api/v1/agents/\" + agent.ID, the registry's own REST resource for the agent, which serves GET only; the registry "
         "runs no JSON-RPC endpoint for it)")
RG = "https://registry.example.test"
def reg_skill(i, n):
    return {"id": i, "name": n, "description": n + " agent", "tags": ["agent"], "examples": []}
def reg_card(skills):
    return card03(RG, name="Agentic Registry", description="A registry of AI agents and their configurations",
                  provider={"organization": "Agentic Registry", "url": RG, "status": "active"},
                  capabilities={"streaming": False, "pushNotifications": False}, defaultInputModes=["text"], defaultOutputModes=["text"],
                  skills=skills, securitySchemes={"bearerAuth": {"type": "http", "scheme": "bearer"}}, security=[{"bearerAuth": []}],
                  preferredTransport=None)
def _clean(c):
    return {k: v for k, v in c.items() if v is not None}
ETAG_R = '"2026-03-02T09:58:11.402913Z"'
RH = {"cache-control": "public, max-age=60", "etag": ETAG_R}
TWO = [reg_skill("pmo", "PMO Agent"), reg_skill("research", "Research Agent")]

# --- f1219: the registry card loses a skill under the same ETag (max(UpdatedAt) over the active agents only)
case("f1219-v03-registry-card-etag-kept-after-agent-deactivated",
     get_card(0.0, _clean(reg_card(TWO)), RG + "/.well-known/agent.json", rhdr=RH)
     + get_card(120.0, _clean(reg_card(TWO[:1])), RG + "/.well-known/agent.json", rhdr=RH), [("card-etag-kept-for-changed-card", "warning")], SREG,
     "one strong ETag names one representation (RFC 9110 §8.8.3; CARD-009, 1.0 §8.6 / the 0.3 card's own cache headers): the registry "
     "derives its card's ETag from the newest UpdatedAt of the active agents, so deactivating the research agent drops its skill from "
     "the card but leaves the ETag as it was; a client revalidating with If-None-Match gets 304 and keeps offering the removed skill")

# --- f1220: a 304 to the card's revalidation without the validators its 200 carried
case("f1220-v03-registry-card-304-without-validators",
     get_card(0.0, _clean(reg_card(TWO)), RG + "/.well-known/agent.json", rhdr=RH) + [
     req(400.0, "GET", RG + "/.well-known/agent.json", hdr={"if-none-match": ETAG_R}),
     r304(400.01)], [("card-cache-headers-missing", "note")], SREG,
     "a 304 carries the ETag (and Cache-Control) the 200 would have sent (RFC 9110 §15.4.5, a MUST; CARD-009): the registry answers a "
     "matching If-None-Match before it sets any header, so the 304 names no validator; a cache picks the stored response a 304 freshens "
     "by that validator (RFC 9111 §4.3.4), and a stored card with an ETag is not picked by a 304 without one: the client cannot use the "
     "answer and fetches the card again in full")

CARD_PMO = _clean(reg_card([reg_skill("create_task", "create_task")]))
CARD_PMO.update(url=RG + "/api/v1/agents/pmo", name="PMO Agent", description="Project management agent", version="3")
# --- f1221: a client follows a per-agent card url that serves no JSON-RPC
case("f1221-v03-registry-card-url-not-rpc-endpoint", [
     req(0.0, "GET", RG + "/.well-known/agent.json"),
     resp(0.01, 200, CARD_PMO, hdr=RH),
     req(0.3, "POST", RG + "/api/v1/agents/pmo", rpc("rg-1", "message/send", {"message": umsg03("plan the sprint", mid="m-rg-1")}),
         hdr={"authorization": "Bearer reg-key-1"}),
     resp(0.31, 405, {"success": False, "data": None, "error": {"code": "METHOD_NOT_ALLOWED", "message": "method not allowed"}, "meta": {"timestamp": "2026-03-02T10:15:00Z", "request_id": ""}}),
], [("card-url-unreachable", "error")], SREGC,
     "a card's url is the endpoint that takes the agent's A2A calls (0.3 §5.5 url, §5.6; CARD-005): the registry writes its own REST "
     "resource for the agent there, which serves GET only, so the first message/send a client sends on the card's word is answered 405")

# --- f1222 (legal): a revalidation answered 304 with the card's validators
case("f1222-legal-v03-card-304-with-validators",
     get_card(0.0, _clean(reg_card(TWO)), RG + "/.well-known/agent.json", rhdr=RH) + [
     req(400.0, "GET", RG + "/.well-known/agent.json", hdr={"if-none-match": ETAG_R}),
     r304(400.01, RH)], [], SREG,
     "legal: the revalidation names the stored ETag, and the 304 repeats Cache-Control and ETag (RFC 9110 §15.4.5): the client keeps its "
     "card for another 60 s")

# ---------------------------------------------------------------------------------------------
# --- f1223: a 1.0 card served with no caching header at all (actioncard/a2a-elixir #74)
S74 = ("https://github.com/actioncard/a2a-elixir/issues/74 (Add caching headers to the agent card endpoint: 'The agent card endpoint sets "
       "only content-type, so the three CARD-CACHE requirements have nothing to validate': lib/a2a/plug.ex ends with "
       "put_resp_content_type(\"application/json\") |> send_resp(200, Jason.encode!(json)); 'No ETag, no Last-Modified, no Cache-Control')")
EX = "https://elixir-agent.example.test"
case("f1223-v10-card-without-cache-headers", get_card(0.0, card10(EX + "/a2a"), EX + "/.well-known/agent-card.json", rhdr=None) + [
    req(0.2, "POST", EX + "/a2a", rpc("ex-1", "SendMessage", {"message": umsg10("hello", mid="m-ex-1")}), ver="1.0"),
    resp(0.4, 200, ok("ex-1", {"message": amsg10("hi", mid="m-ex-a1", contextId="c-ex-1")})),
], [("card-cache-headers-missing", "note")], S74,
     "a 1.0 card response SHOULD carry Cache-Control with max-age and an ETag (1.0 §8.6; CARD-009): a2a-elixir's plug sends only "
     "content-type, so every client refetches the whole card and none can revalidate it")

# ---------------------------------------------------------------------------------------------
# SAGE-X-project/sage-a2a-go pkg/transport/did_http_transport.go: a DID-signing JSON-RPC client
SSAGE = ("https://github.com/SAGE-X-project/sage-a2a-go/blob/main/pkg/transport/did_http_transport.go (DIDHTTPTransport.call posts every "
         "JSON-RPC request to t.baseURL + \"/rpc\" ('http.NewRequestWithContext(ctx, \"POST\", t.baseURL+\"/rpc\", ...)'), whatever url the "
         "agent's card names; GetAgentCard reads the card from baseURL + /.well-known/agent-card.json first)")
SSAGEL = ("https://github.com/SAGE-X-project/sage-a2a-go/blob/main/pkg/protocol/a2a_v040.go (ListTasksParams of 'A2A Protocol v0.4.0': "
          "status, pageSize, pageToken, historyLength, lastUpdatedAfter 'milliseconds since epoch', includeArtifacts; "
          "pkg/transport/did_http_transport.go ListTasks calls the JSON-RPC method \"tasks/list\")")
SG = "https://travel-agent.example.test"
def sage_req(t, i, method, params, url=SG + "/rpc"):
    return req(t, "POST", url, rpc(i, method, params), hdr={"signature-input": 'sig1=("@method" "@target-uri" "content-digest");keyid="did:sage:ethereum:0x3a9f"', "signature": "sig1=:MEUCIQ...:"})

# --- f1224: a client that posts to {base}/rpc though the card names {base}/a2a
case("f1224-v03-client-posts-to-fixed-rpc-path", get_card(0.0, card03(SG + "/a2a"), SG + "/.well-known/agent-card.json") + [
    sage_req(0.2, 1, "message/send", {"message": umsg03("book a table for two", mid="m-sg-1")}),
    resp(0.21, 404, "404 page not found", ctype="text/plain; charset=utf-8"),
], [("client-url-not-advertised", "warning")], SSAGE,
     "a client calls the url the agent's card advertises (0.3 §5.5 url, §5.6; CARD-005, CARD-006): this transport fetched the card, "
     "which names https://travel-agent.example.test/a2a, and posted message/send to /rpc, a path it builds itself; the agent has no "
     "route there and answers 404")

# --- f1225 (legal): the same client against an agent whose card names {base}/rpc
case("f1225-legal-v03-client-rpc-path-advertised", get_card(0.0, card03(SG + "/rpc"), SG + "/.well-known/agent-card.json") + [
    sage_req(0.2, 1, "message/send", {"message": umsg03("book a table for two", mid="m-sg-2")}),
    resp(0.9, 200, ok(1, task03("t-sg-2", "c-sg-2", "completed", artifacts=[{"artifactId": "a-sg-2", "parts": [{"kind": "text", "text": "Booked: 19:30"}]}]))),
    sage_req(1.5, 1, "tasks/get", {"id": "t-sg-2"}),
    resp(1.51, 200, ok(1, task03("t-sg-2", "c-sg-2", "completed", artifacts=[{"artifactId": "a-sg-2", "parts": [{"kind": "text", "text": "Booked: 19:30"}]}]))),
], [], SSAGE,
     "legal: the card names /rpc, so the transport's fixed path is the advertised one; id 1 on every sequential call pairs one answer "
     "with one request (JSON-RPC 2.0 §4: an id correlates within the connection's outstanding calls; f670's reading), and the RFC 9421 "
     "signature headers are the transport's own authentication beside A2A")

# --- f1226: the 'v0.4.0' draft's tasks/list sent to a 0.3 agent
case("f1226-v03-client-draft-tasks-list", get_card(0.0, card03(SG + "/rpc"), SG + "/.well-known/agent-card.json") + [
    sage_req(0.2, 1, "tasks/list", {"status": "working", "pageSize": 20, "lastUpdatedAfter": 1767225600000, "includeArtifacts": False}),
    resp(0.21, 200, err(1, -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SSAGEL,
     "a client calls the methods of a version its agent declares (0.3 §7 lists no task listing; 1.0 §9.4 names it ListTasks with "
     "statusTimestampAfter, a timestamp; VER-005, CARD-005): this transport sends tasks/list with lastUpdatedAfter in epoch "
     "milliseconds, a 0.4 draft's form no release has, to a 0.3 agent, which answers -32601")
# ---------------------------------------------------------------------------------------------
# kagent's core gateway: A2AService over gRPC only, no well-known card (kagent-dev/kagent #2885)
S2885 = ("https://github.com/kagent-dev/kagent/issues/2885 ([FEATURE] Serve the A2A HTTP/JSON-RPC transport and a well-known agent card from "
         "the core gateway: 'The core gateway exposes A2AService over gRPC only ... go/core also serves no /.well-known/agent-card.json ... "
         "Gateway.GetExtendedAgentCard builds a good card, but a caller can only reach that RPC over gRPC, and only when it already knows both "
         "the endpoint and the x-kagent-agent-instance-id value')")
# --- gRPC helpers (gen_b56a.py execs this block)
from grpcwriter import _varint, pb_str, pb_int, frame, b64, pb_task  # the shared protobuf writer
def pb_text_msg(mid, role, text, cid=None):
    m = pb_str(1, mid) + (pb_str(2, cid) if cid else b"") + pb_int(4, role) + pb_str(5, pb_str(1, text))
    return m
def pb_card(url, ext=True):
    iface = pb_str(1, url) + pb_str(2, "GRPC") + pb_str(4, "1.0")
    caps = pb_int(1, 1) + (pb_int(4, 1) if ext else b"")
    skill = pb_str(1, "k8s-troubleshoot") + pb_str(2, "Kubernetes troubleshooting") + pb_str(3, "Diagnoses workloads") + pb_str(4, "k8s")
    return (pb_str(1, "k8s-agent") + pb_str(2, "kagent Kubernetes agent") + pb_str(3, iface) + pb_str(5, "0.9.0") + pb_str(7, caps)
            + pb_str(10, "text/plain") + pb_str(11, "text/plain") + pb_str(12, skill))
KG = "http://kagent-core.example.test:8083"
def native56(items, host=KG, tool="mine56-grpcgen"):
    """items: ("http", method, path, status, headers, body) or ("grpc", method, metadata, request bytes, response bytes or None,
    grpc-status, grpc-message, details bytes or None); one reverse-mode recording of them in order."""
    out = [{"type": "recording", "format": 1, "tool": {"name": tool, "version": "1"}, "startedAt": "2026-09-22T10:00:00.000Z",
            "mode": "reverse", "listen": ["127.0.0.1:8080"], "routes": [{"prefix": "/", "upstream": host}], "redacted": False},
           {"seq": 1, "t_us": 1000, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"}]
    st = {"seq": 2, "t": 2000}
    def ev(**kw):
        d = {"seq": st["seq"], "t_us": st["t"]}; d.update(kw); out.append(d); st["seq"] += 1; st["t"] += 1000
    for n, it in enumerate(items, 1):
        e = "e%d" % n
        if it[0] == "http":
            _, method, path, status, hdrs, body = it
            ev(exchange=e, type="request_head", conn=1, method=method, url=host + path, version="HTTP/1.1", headers=[["accept", "application/json"]], upstream=host + path)
            ev(exchange=e, type="response_head", status=status, version="HTTP/1.1", headers=[[k, v] for k, v in hdrs.items()])
            if body:
                ev(exchange=e, type="response_chunk", body=body)
            ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=0, response_bytes=len(body))
            continue
        _, method, md, reqmsg, respmsg, code, gmsg, details = it
        url = host + "/lf.a2a.v1.A2AService/" + method
        hdrs = [["content-type", "application/grpc"], ["te", "trailers"]] + [[k, v] for k, v in md.items()]
        ev(exchange=e, type="request_head", conn=1, method="POST", url=url, version="HTTP/2.0", headers=hdrs, upstream=url)
        rb = frame(reqmsg); ev(exchange=e, type="request_body", body=b64(rb), encoding="base64")
        ev(exchange=e, type="response_head", status=200, version="HTTP/2.0", headers=[["content-type", "application/grpc"]])
        sb = b""
        if respmsg is not None:
            sb = frame(respmsg); ev(exchange=e, type="response_chunk", body=b64(sb), encoding="base64")
        tr = [["grpc-status", str(code)], ["grpc-message", urllib.parse.quote(gmsg)]]
        if details is not None: tr.append(["grpc-status-details-bin", base64.b64encode(details).decode().rstrip("=")])
        ev(exchange=e, type="exchange_end", outcome="complete", request_bytes=len(rb), response_bytes=len(sb), trailers=tr)
    return out
# --- end gRPC helpers
KMD = {"a2a-version": "1.0", "x-kagent-agent-instance-id": "kagent/k8s-agent"}
NOTFOUND = ("http", "GET", "/.well-known/agent-card.json", 404, {"content-type": "text/plain; charset=utf-8"}, "404 page not found\n")

# --- f1227: a gRPC-only gateway: no well-known card, the card only through GetExtendedAgentCard
case("f1227-v10-grpc-only-gateway-no-public-card", native56([
    NOTFOUND,
    ("grpc", "GetExtendedAgentCard", KMD, b"", pb_card("kagent-core.example.test:8083"), 0, "", None),
    ("grpc", "SendMessage", KMD, pb_str(2, pb_text_msg("m-kg-1", 1, "why is the checkout pod crash-looping?")),
     pb_str(1, pb_task("t-kg-1", "c-kg-1", 3)), 0, "", None),
]), [("card-not-served", "error"), ("extended-card-without-auth", "error")], S2885,
     "an agent publishes its public card at /.well-known/agent-card.json (1.0 §8.2, CARD-001, CARD-002): clients discover the "
     "interfaces, capabilities and security there before any call; this gateway answers 404 there and hands its card out only over "
     "gRPC GetExtendedAgentCard, an operation a client may call only after the public card declares capabilities.extendedAgentCard "
     "(1.0 §3.1.11, AUTH-005) and only with the gateway's own x-kagent-agent-instance-id metadata; that call carries no credential "
     "at all, so the 'extended' card is handed to anyone (AUTH-EXT-001)")

# --- f1228 (legal): the gateway with its public card at the well-known path and the extended card behind a bearer token
def json_card_kg():
    return card10("kagent-core.example.test:8083", binding="GRPC", name="k8s-agent", description="kagent Kubernetes agent",
                  capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True},
                  securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                  securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
KMDA = dict(KMD, authorization="Bearer kg-token-1")
case("f1228-legal-v10-grpc-gateway-card-at-well-known", native56([
    ("http", "GET", "/.well-known/agent-card.json", 200, {"content-type": "application/json", "cache-control": "public, max-age=300", "etag": '"kg-card-1"'},
     json.dumps(json_card_kg())),
    ("grpc", "GetExtendedAgentCard", KMDA, b"", pb_card("kagent-core.example.test:8083"), 0, "", None),
    ("grpc", "SendMessage", KMDA, pb_str(2, pb_text_msg("m-kg-2", 1, "why is the checkout pod crash-looping?")),
     pb_str(1, pb_task("t-kg-2", "c-kg-2", 3)), 0, "", None),
]), [], S2885,
     "legal: the gateway serves its public card at /.well-known/agent-card.json (a GRPC interface written host:port, capabilities."
     "extendedAgentCard true, a Bearer scheme), and the extended card over gRPC GetExtendedAgentCard to a caller with a bearer token; "
     "the gateway's own instance metadata beside it is its routing, not A2A's concern")

# ---------------------------------------------------------------------------------------------
# OpenClaw's A2A 1.0 channel behind a TLS-terminating trusted proxy (openclaw/openclaw #150087, PR #150187)
S150087 = ("https://github.com/openclaw/openclaw/issues/150087 ([Bug]: A2A Agent Card advertises an http:// URL behind a TLS-terminating "
           "trusted proxy that sends X-Forwarded-Proto: https (advertisedUrl unset): '/.well-known/agent-card.json advertises "
           "http://<public-host>/a2a/v1. The host is right; the scheme is that of the gateway's own plain-HTTP socket ... resolveRequestOrigin "
           "(extensions/a2a/src/http.ts) builds the origin from request.socket.encrypted and the Host header and does not read "
           "X-Forwarded-Proto'; fixed by PR #150187)")
S150187 = ("https://github.com/openclaw/openclaw/pull/150187 (fix(a2a): agent card advertises http:// behind a TLS-terminating proxy: the scheme "
           "is taken from X-Forwarded-Proto when the peer is a configured trusted proxy, so the card names https://<public-host>/a2a/v1)")
OW = "http://openclaw-gw.example.test"
FWD = {"x-forwarded-proto": "https", "x-forwarded-for": "203.0.113.7", "host": "openclaw-gw.example.test"}
def oc10(url):
    return card10(url, name="OpenClaw", description="OpenClaw gateway agent")

# --- f1229: the card names http:// although the client reached the gateway over https
case("f1229-v10-card-http-url-behind-tls-proxy", [
    req(0.0, "GET", OW + "/.well-known/agent-card.json", hdr=FWD),
    resp(0.01, 200, oc10("http://openclaw-gw.example.test/a2a/v1"), hdr=CACHED),
], [("card-url-plain-http-on-https-host", "warning")], S150087,
     "a card names the url clients reach the agent at (1.0 §8.2 AgentInterface.url, CARD-005; AUTH-004: A2A runs over TLS in "
     "production): the TLS-terminating proxy tells the gateway the client used https (X-Forwarded-Proto: https, from a trusted proxy), "
     "yet the card advertises http://openclaw-gw.example.test/a2a/v1, the scheme of the gateway's own socket, so clients that follow "
     "the card send their messages in cleartext (or hit the proxy's plain-http port)")

# --- f1230 (legal): the fixed gateway names the https origin the proxy reported
case("f1230-legal-v10-card-https-url-from-forwarded-proto", [
    req(0.0, "GET", OW + "/.well-known/agent-card.json", hdr=FWD),
    resp(0.01, 200, oc10("https://openclaw-gw.example.test/a2a/v1"), hdr=CACHED),
], [], S150187,
     "legal: the card names https://openclaw-gw.example.test/a2a/v1, the origin the client used according to the trusted proxy's "
     "X-Forwarded-Proto, though this hop (proxy to gateway) is plain http")
write_cases(cases, OUT)
