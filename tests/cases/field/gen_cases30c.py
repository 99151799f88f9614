"""Session-30 field cases of miner mine30c (f660-f679): same helpers and output format as gen_cases.py.

Scope (round twenty-eight): workflow platforms, registries, bridges and debugging tools: agent
registries and directories that fetch, store and re-serve Agent Cards (AGNTCY directory / OASF
records, gateway registries), A2A behind MCP gateways and A2A-MCP bridges, workflow and agent
platforms that expose A2A, and debugging tools (the A2A Inspector, validators, registry health
probes and directory crawlers) that themselves mis-read the protocol.
`python3 gen_cases30c.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
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
def card10(**kw):
    """A 1.0 card (JSON-RPC at A/a2a unless `supportedInterfaces` is given); `caps` merge into capabilities."""
    c = copy.deepcopy(CARD10)
    caps = kw.pop("caps", None)
    if caps:
        c["capabilities"].update(caps)
    c.update(kw)
    return c
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def up(line):
    """Marks a transcript line as the upstream leg (gateway to agent)."""
    line = dict(line); line["leg"] = "upstream"; return line
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}; s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
TS2 = "2026-03-02T10:16:00.000Z"

# --- faults ----------------------------------------------------------------------------------------
# agntcy/coffeeAgntcy #636 / PR #655: the directory's OASF record re-served as an A2A card dropped
# preferredTransport and additionalInterfaces, leaving a slim:// url that reads as JSON-RPC
REG = "https://directory.example.test"
SLIM = card03("slim://slim.example.test:46357/lungo/agents/brazil_coffee_farm", name="Brazil Coffee Farm",
              description="Returns the yield of coffee beans in pounds for the Brazil farm.")
del SLIM["preferredTransport"]
case("f660-v03-registry-card-slim-url-read-as-jsonrpc",
     get_card(0.0, SLIM, url=REG + "/v1/records/brazil-coffee-farm/a2a-card.json"), [("card-interface-malformed", "error")],
     "https://github.com/agntcy/coffeeAgntcy/issues/636 ; https://github.com/agntcy/coffeeAgntcy/pull/655 (the OASF records in the AGNTCY directory held outdated cards; the recruiter's AgentRecord flattened and rebuilt the card, which \"dropped preferredTransport/additionalInterfaces and forced JSONRPC over a slim:// URL\"; the agent's own card lists slimrpc, slim, nats and jsonrpc interfaces with preferredTransport slimrpc). The re-served card is rebuilt from that description",
     "a 0.3 card without preferredTransport declares JSONRPC at its main url (0.3 §5.6.1: preferredTransport defaults to JSONRPC; CARD-005, CARD-006), and JSON-RPC runs over HTTP(S) (0.3 §3.1, RPC-001): a slim:// url cannot be reached by any JSON-RPC client, so every client that trusts the directory's card fails before its first call; the agent's real JSONRPC interface was in the dropped additionalInterfaces")

# GoogleCloudPlatform/scion PR #314 (and spring-ai-ascend #308): the bridge's blocking SendMessage returns state=working
case("f661-v10-bridge-blocking-send-returns-working", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-314", "SendMessage", {"message": umsg10("summarise the open incidents", mid="m-314")}), ver="1.0"),
    resp(2.4, 200, ok("s-314", {"task": task10("t-314", "c-314", "TASK_STATE_WORKING",
        status={"state": "TASK_STATE_WORKING", "timestamp": TS, "message": amsg10("Looking at 3 open incidents now.", mid="m-314a", taskId="t-314", contextId="c-314")})})),
], [("blocking-send-returned-early", "error")],
 "https://github.com/GoogleCloudPlatform/scion/pull/314 (the scion A2A bridge stops closing tasks on the first content message; \"The blocking SendMessage path returns state=working (not completed) so follow-up messages can be sent\") ; https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/308 (a non-streaming SendMessage answered with the non-terminal TASK_STATE_WORKING). The answer is rebuilt from the description",
 "a blocking SendMessage (returnImmediately unset, 1.0 §3.2.2) MUST wait until the task reaches a terminal or interrupted state (TASK-005): working is neither, so the caller holds a half-done task it must now poll. A bridge that wants follow-ups answers input-required (interrupted), which a blocking send may return")

# agentgateway #3500: the gateway's card rewrite replaces the backend's public authority with the in-cluster data-plane address
GWH = "https://agents.example.test"
GWCARD = card10(supportedInterfaces=[{"url": "https://agentgateway.agentgateway-system.svc.cluster.local:8443/a2a/agents/supervisor/rpc",
                                      "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])
case("f662-v10-gateway-card-authority-cluster-internal",
     get_card(0.0, GWCARD, url=GWH + "/a2a/agents/supervisor/agent-card.json"), [("card-url-internal-authority", "error")],
     "https://github.com/agentgateway/agentgateway/issues/3500 (agentgateway v1.5.0 with a route URLRewrite prefix that differs from the backend's agent path: the backend advertises its already-public interface url, and the gateway's A2A policy rewrites it so that \"the rewrite also replaces the card's authority with the in-cluster data-plane address instead of the public listener host\"; a regression of #2981). The card is rebuilt from the description with the path kept right, so only the authority fault remains (the doubled path is f200's kind)",
     "the interface url is where clients send every call (CARD-005, CARD-006): a card served on the public host names a *.svc.cluster.local address no client outside the cluster can resolve")

# i-am-bee/agentstack #1591: through the platform's A2A proxy, a message/stream naming the input-required task never opens its stream
PX = "https://agentstack.example.test/api/v1/a2a/3b906a27"
case("f663-v03-proxy-stream-with-task-id-no-event", get_card(0.0, card03(PX + "/"), url=PX + "/.well-known/agent-card.json") + [
    req(0.1, "POST", PX + "/", rpc(1, "message/stream", {"message": umsg03("plan a team offsite", mid="m-1591a")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok(1, task03("t-1591", "c-1591", "submitted")))),
    chunk(1.5, sse(ok(1, su03("t-1591", "c-1591", "input-required", True, message=amsg03("Which city and how many people?", mid="m-1591q", taskId="t-1591", contextId="c-1591"))))),
    chunk(1.51, "", close="eof"),
    req(9.0, "POST", PX + "/", rpc(1, "message/stream", {"message": umsg03("Lisbon, twelve people", mid="m-1591b", taskId="t-1591", contextId="c-1591")}), accept=SSE),
    resp(9.1, 200, "", ctype=SSE),
    chunk(39.1, "", close="eof"),
], [("stream-ended-without-terminal-0x", "warning")],
 "https://github.com/i-am-bee/agentstack/issues/1591 (POST message/stream to the agentstack A2A proxy with the message's taskId set \"just never opens the stream with result. Once i omit taskId in the payload, it just works\"). The first turn and the stream that ends without an event (the proxy's 30 s upstream timeout) are rebuilt from the description",
 "a message/stream answered with text/event-stream MUST carry the task's events (0.3 §7.2, STREAM-002, STREAM-003): the follow-up names the input-required task t-1591, the agent took it (200, event stream) and closed the stream 30 s later without one event, not even the Task; the client cannot tell a resumed task from a lost one")

# google/adk-python #6672: to_a2a() serves a card with capabilities.streaming=false while the handler streams
NOSTREAM = card03(A + "/", capabilities={"streaming": False})
case("f664-v03-card-streaming-false-handler-streams", get_card(0.0, NOSTREAM) + [
    req(0.1, "POST", A + "/", rpc("s-6672", "message/stream", {"message": umsg03("draft a status update", mid="m-6672")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-6672", task03("t-6672", "c-6672", "submitted")))),
    chunk(0.6, sse(ok("s-6672", su03("t-6672", "c-6672", "working", False)))),
    chunk(2.1, sse(ok("s-6672", {"kind": "artifact-update", "taskId": "t-6672", "contextId": "c-6672", "artifact": {"artifactId": "a-6672", "parts": [{"kind": "text", "text": "All services green this week."}]}, "lastChunk": True}))),
    chunk(2.2, sse(ok("s-6672", su03("t-6672", "c-6672", "completed", True, timestamp=TS2)))),
    chunk(2.21, "", close="eof"),
], [("streaming-not-declared-but-served", "error")],
 "https://github.com/google/adk-python/issues/6672 (to_a2a() serves an agent card with capabilities.streaming=false while the mounted handler implements message/stream; spec-following clients never use the stream the agent offers)",
 "capabilities.streaming declares whether the agent supports message/stream (STREAM-001, CARD-005): this agent streams a full task while its card says it does not, so clients that honour the card fall back to blocking sends and polling for nothing; the card is wrong, not the client (which gets CAP-STREAM-003's note only)")

# IBM/mcp-context-forge #4589: the MCP gateway's A2A bridge drops the client's taskId when it forwards the follow-up
CF = "https://contextforge.example.test"
case("f665-v03-gateway-drops-task-id-upstream", get_card(0.0, card03(CF + "/a2a/travel"), url=CF + "/a2a/travel/.well-known/agent-card.json") + [
    req(0.1, "POST", CF + "/a2a/travel", rpc("c-1", "message/send", {"message": umsg03("book a hotel in Oslo", mid="m-4589a")})),
    up(req(0.11, "POST", "http://travel-agent.internal:9000/", rpc(1, "message/send", {"message": umsg03("book a hotel in Oslo", mid="admin-test-1767600000")}))),
    up(resp(0.9, 200, ok(1, task03("t-4589", "c-4589", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("For which nights?", mid="m-4589q", taskId="t-4589", contextId="c-4589")})))),
    resp(0.91, 200, ok("c-1", task03("t-4589", "c-4589", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("For which nights?", mid="m-4589q", taskId="t-4589", contextId="c-4589")}))),
    req(5.0, "POST", CF + "/a2a/travel", rpc("c-2", "message/send", {"message": umsg03("the 12th to the 14th", mid="m-4589b", taskId="t-4589", contextId="c-4589")})),
    up(req(5.01, "POST", "http://travel-agent.internal:9000/", rpc(1, "message/send", {"message": umsg03("the 12th to the 14th", mid="admin-test-1767600005")}))),
    up(resp(5.8, 200, ok(1, task03("t-4589b", "c-4589b", "input-required", status={"state": "input-required", "timestamp": TS2,
        "message": amsg03("Which city would you like to book?", mid="m-4589r", taskId="t-4589b", contextId="c-4589b")})))),
    resp(5.81, 200, ok("c-2", task03("t-4589b", "c-4589b", "input-required", status={"state": "input-required", "timestamp": TS2,
        "message": amsg03("Which city would you like to book?", mid="m-4589r", taskId="t-4589b", contextId="c-4589b")}))),
], [("message-ids-rewritten-by-proxy", "error")],
 "https://github.com/IBM/mcp-context-forge/issues/4589 (ContextForge proxies to A2A agents with a hardcoded JSON-RPC id 1 and a fresh messageId f\"admin-test-{int(time.time())}\" per call, and drops the client's task_id, so \"every request through ContextForge creates a new isolated conversation\"). The two legs are rebuilt from the description",
 "the client's follow-up names the input-required task t-4589 and its context (ID-002, ID-008, TASK-007); the gateway forwarded the message without them, so the agent opened task t-4589b in a new context and asked again. A gateway passes the message's taskId and contextId on unchanged (ID-001)")

# envoyproxy/ai-gateway #1724: A2A sent through an MCP route: the gateway answers with its MCP session errors
EG = "https://aigw.example.test"
case("f666-v03-mcp-route-answers-a2a-call-plain-400", get_card(0.0, card03(EG + "/a2a"), url=EG + "/.well-known/agent-card.json") + [
    req(0.1, "POST", EG + "/a2a", rpc("s-1724", "message/send", {"message": umsg03("hello", mid="m-1724")})),
    resp(0.12, 400, "failed to create new session: failed to create MCP session to any backend", ctype="text/plain; charset=utf-8"),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/envoyproxy/ai-gateway/issues/1724 (an A2A endpoint proxied through Envoy AI Gateway with an MCPRoute: calls fail with \"failed to create new session: failed to create MCP session to any backend ; 400 Bad Request\" and \"invalid JSON-RPC message: unmarshaling jsonrpc message ...; 500\"). The exchange is rebuilt from the quoted errors",
 "the card sends the client's JSON-RPC calls to this url (CARD-005), and a JSON-RPC call is answered with a JSON-RPC Response object (RPC-002, ERR-004): a text/plain 400 about MCP sessions gives the A2A client no id, no code and no A2A error; the route fronts an MCP gateway, not the agent")

# --- legal controls --------------------------------------------------------------------------------
# a2aproject/a2a-java #571: the A2A Inspector (a2a-sdk 0.3 model) refuses a 1.0 card for a missing root url
JCARD = card10(supportedInterfaces=[{"url": "https://agent.example.test", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
               name="Hello World Agent", description="Just a hello world agent", documentationUrl="http://example.com/docs",
               caps={"streaming": True, "pushNotifications": True})
case("f667-legal-v10-card-without-root-url", get_card(0.0, JCARD), [],
     "https://github.com/a2aproject/a2a-java/issues/571 (\"The a2a-inspector enforces that the Agent Card must contain a URL attribute, but the Agent Card returned by a2a-java does not include this attribute\": the inspector's 0.3 pydantic model reports loc [\"url\"] Field required for a card with supportedInterfaces and protocolVersion 1.0)",
     "legal: a 1.0 card has no root url; each endpoint is a supportedInterfaces entry with its own url (CARD-003, CARD-005; a2a.proto AgentCard.supported_interfaces REQUIRED). The inspector validated a 1.0 card against the 0.3 shape")

# a2aproject/a2a-inspector #151: a Message answer with only data parts is dropped by the inspector's chat view
case("f668-legal-v10-message-answer-data-parts-only", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-151", "SendMessage", {"message": umsg10("current stock for SKU 4471?", mid="m-151")}), ver="1.0"),
    resp(0.4, 200, ok("s-151", {"message": {"messageId": "m-151r", "role": "ROLE_AGENT", "contextId": "c-151",
        "parts": [{"data": {"sku": "4471", "onHand": 38, "warehouse": "PRT-2"}, "mediaType": "application/json"}]}})),
], [],
 "https://github.com/a2aproject/a2a-inspector/issues/151 ; https://github.com/a2aproject/a2a-inspector/pull/152 (the inspector's message handler looks only for a text part, so an immediate Message response whose parts are all data parts \"arrives but is silently dropped in the UI\")",
 "legal: a Message may consist of any parts, data parts alone included (DATA-003, DATA-004; 1.0 Part oneof text/raw/url/data), and the agent may answer a send with a Message (TASK-001); the default output mode text/plain is a hint the client did not narrow with acceptedOutputModes")

# a2aproject/a2a-inspector #154: the inspector's 0.3 SDK rejects 1.0 stream events ({"task": ...} wrapper, no final)
case("f669-legal-v10-stream-events-wrapped-no-final", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-154", "SendStreamingMessage", {"message": umsg10("check the build", mid="m-154")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-154", {"task": task10("t-154", "c-154", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("s-154", {"statusUpdate": {"taskId": "t-154", "contextId": "c-154", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}))),
    chunk(1.4, sse(ok("s-154", {"artifactUpdate": {"taskId": "t-154", "contextId": "c-154", "artifact": {"artifactId": "a-154", "parts": [{"text": "build 812 passed"}]}, "lastChunk": True}}))),
    chunk(1.5, sse(ok("s-154", {"statusUpdate": {"taskId": "t-154", "contextId": "c-154", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS2}}}))),
    chunk(1.51, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-inspector/issues/154 (pinned to a2a-sdk 0.3.x, the inspector validates SSE events against 0.3 SendStreamingMessageResponse models, \"which reject v1.0 format responses ({\\\"task\\\": {...}} wrapper, no final field)\": 14 pydantic errors on every streaming call to a v1.0 agent)",
 "legal: a 1.0 stream carries StreamResponse objects, each one of task / message / statusUpdate / artifactUpdate (STREAM-002, STREAM-003; a2a.proto StreamResponse), and 1.0 has no final flag: the stream ends after the terminal state and the connection closes (STREAM-007)")

# IBM/mcp-context-forge #4589: every upstream call carries JSON-RPC id 1, one after the other
case("f670-legal-v03-jsonrpc-id-1-on-every-sequential-call", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("what is 12 * 7?", mid="admin-test-1767600100")})),
    resp(0.4, 200, ok(1, amsg03("84", mid="m-r1", contextId="c-r1"))),
    req(3.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("and 13 * 7?", mid="admin-test-1767600103")})),
    resp(3.3, 200, ok(1, amsg03("91", mid="m-r2", contextId="c-r2"))),
], [],
 "https://github.com/IBM/mcp-context-forge/issues/4589 (the gateway's A2A calls use a hardcoded JSON-RPC id 1 on every request; the issue lists it among the values the gateway should take from the client)",
 "legal: JSON-RPC 2.0 asks the id only to pair a response with its request (RPC-002); reusing 1 for calls that never overlap is unambiguous, and A2A does not ask ids to be unique across a connection. Correlating turns is the taskId / contextId's job (the f665 fault), not the id's")

# majiayu000/litellm-rs PR #227: the registry's health probe HTTP-GETs the agent's JSON-RPC url, which answers 405
case("f671-legal-v10-health-probe-get-on-jsonrpc-url-405", get_card(0.0, CARD10) + [
    req(30.0, "GET", A + "/a2a"),
    resp(30.01, 405, {"detail": "Method Not Allowed"}, hdr={"allow": "POST"}),
    req(30.2, "POST", A + "/a2a", rpc("s-227", "SendMessage", {"message": umsg10("ping the on-call rota", mid="m-227")}), ver="1.0"),
    resp(30.6, 200, ok("s-227", {"message": amsg10("Alex is on call until 18:00.", mid="m-227r", contextId="c-227")})),
], [],
 "https://github.com/majiayu000/litellm-rs/pull/227 (the A2A gateway's periodic health task \"HTTP-GETs each agent's URL and updates state\"; agents whose probe fails are marked Unhealthy and excluded from routing)",
 "legal: the JSON-RPC binding is POST only (1.0 §9.1, RPC-001), so 405 with Allow: POST is the right answer to a GET on the interface url; a health probe that counts it as a failure mis-reads A2A. The card fetch is the A2A way to see the agent is up (CARD-001)")

# robhunter/agentdeals #1608: directories crawl /.well-known/agent.json on a host that is no A2A agent and get 404
AD = "https://deals.example.test"
case("f672-legal-directory-crawl-legacy-card-path-404", [
    req(0.0, "GET", AD + "/.well-known/agent.json", hdr={"user-agent": "agent-directory-crawler/2.1"}),
    resp(0.01, 404, {"error": "not found"}),
    req(0.2, "GET", AD + "/.well-known/agent-card.json", hdr={"user-agent": "agent-directory-crawler/2.1"}),
    resp(0.21, 404, {"error": "not found"}),
], [],
 "https://github.com/robhunter/agentdeals/issues/1608 (eight agent directories ask the service for /.well-known/agent.json 936 times a week and get a 404; the maintainers checked the proto and found no truthful A2A card for an MCP-only service: supportedInterfaces needs a protocolVersion of A2A the service does not speak)",
 "legal: a host that is no A2A agent serves no Agent Card (CARD-001 binds agents that offer one), and agent.json is the pre-0.3 name of the path anyway; the crawler's guesses are not A2A calls, so a 404 at both paths is not an agent fault")

# microsoft/agent-framework #4679: the A2AAgent client sends every turn without contextId; the agent mints a new one each time
case("f673-legal-v10-each-turn-without-context-id", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-4679a", "SendMessage", {"message": umsg10("my order number is 5521", mid="m-4679a")}), ver="1.0"),
    resp(0.5, 200, ok("s-4679a", {"message": amsg10("Thanks, noted order 5521.", mid="m-4679ar", contextId="c-4679-1")})),
    req(4.0, "POST", A + "/a2a", rpc("s-4679b", "SendMessage", {"message": umsg10("when will it ship?", mid="m-4679b")}), ver="1.0"),
    resp(4.4, 200, ok("s-4679b", {"message": amsg10("Which order do you mean?", mid="m-4679br", contextId="c-4679-2")})),
], [],
 "https://github.com/microsoft/agent-framework/issues/4679 (A2AAgent._prepare_message_for_a2a() does not pass Message.context_id through, \"so every A2A request has context_id=None\" and multi-turn conversations lose turn correlation)",
 "legal on the wire: contextId is optional on a message, and an agent that gets none MAY mint a new context (ID-002, ID-008; 1.0 §3.4.1): two unrelated contexts are the right answer to two sends that name none. The lost turn is the client framework's bug, which the wire cannot show")

# kagent-dev/kagent #361: a 0.2 card without the 0.1 `authentication` member fails an SDK's validation
K2 = {"name": "k8s-agent", "description": "Kubernetes troubleshooting agent", "url": A + "/api/a2a/kagent/k8s-agent/", "version": "0.2.0",
      "capabilities": {"streaming": True, "pushNotifications": False, "stateTransitionHistory": True},
      "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
      "skills": [{"id": "pods", "name": "Pods", "description": "Inspects pods", "tags": ["k8s"]}]}
case("f674-legal-v02-card-without-authentication", get_card(0.0, K2, url=A + "/api/a2a/kagent/k8s-agent/.well-known/agent.json"), [],
     "https://github.com/kagent-dev/kagent/issues/361 (\"when resolving the agent card the validation fails because authentication field is missing\"; a client model of the day required it)",
     "legal: no released A2A schema requires authentication on the card (0.1.0 requires name, url, version, capabilities, skills; 0.2.0 adds description and the default modes, and replaces authentication with the optional securitySchemes / security; CARD-003, AUTH-002). A card without it declares an agent that asks for no credentials")

# topcheer/ggcode #1089: the card's bearer scheme is {"type": "http"} without its scheme
GG = card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "description": "ggcode access token"}}, security=[{"bearer": []}])
case("f675-v03-card-http-security-scheme-without-scheme", get_card(0.0, GG), [("card-security-scheme-malformed", "error")],
     "https://github.com/topcheer/ggcode/issues/1089 (rebuildSecuritySchemes builds the bearer scheme as Type \"http\" without Scheme \"bearer\"; the omitempty field vanishes from the card, and \"spec-following third-party clients (validator SDKs, agent gateways) reject or misread the scheme\"; ggcode's own client matches on Type only, so its tests kept the bug)",
     "an HTTPAuthSecurityScheme names its scheme: 'scheme' is REQUIRED (0.3 schema HTTPAuthSecurityScheme required [type, scheme]; OpenAPI 3 Security Scheme Object; AUTH-002): a client given type http alone cannot tell Bearer from Basic, so it cannot build the Authorization header the agent asks for")

# a2aproject/a2a-python #975: a card on a private network advertises its private url; a validator hook must not forbid it
PRIV = "http://10.0.3.7:8080"
case("f676-legal-v03-private-network-card-private-url", get_card(0.0, card03(PRIV + "/a2a"), url=PRIV + "/.well-known/agent-card.json") + [
    req(0.1, "POST", PRIV + "/a2a", rpc(1, "message/send", {"message": umsg03("restart the staging cache", mid="m-975")})),
    resp(0.5, 200, ok(1, task03("t-975", "c-975", "completed", artifacts=[{"artifactId": "a-975", "parts": [{"kind": "text", "text": "cache restarted"}]}]))),
], [],
 "https://github.com/a2aproject/a2a-python/issues/975 (an agent-card validation hook for cards from untrusted sources: \"The SDK should not define the rules of validation and private URLs should not be forbidden as it can be a perfectly valid use case\"; reject_private_urls and reject_non_https_urls are offered as opt-in validators, off by default)",
 "legal: A2A does not forbid private addresses; a card fetched from 10.0.3.7 that names 10.0.3.7 is reachable by every client that reached the card (CARD-005), and plain http inside a private network is a deployment choice the card states openly (AUTH-004 asks for TLS in production, a SHOULD the verifier does not judge on a private host)")

write_cases(cases, OUT)
