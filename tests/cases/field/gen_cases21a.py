"""Session-21 field cases of miner mine21a (f187-...): same helpers and output format as gen_cases.py.

Scope: agent frameworks, platforms and gateways (agentscope-java, AG2, ContextForge,
agentgateway, Microsoft Agent Framework, CrewAI behind ADK's RemoteA2aAgent, BeeAI, Strands,
ADK). `python3 gen_cases21a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside
this file.
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

def up(line):
    line["leg"] = "upstream"
    return line

from casewriter import card03

def card10(url, binding="JSONRPC", **kw):
    c = {"name": "travel", "description": "Books trips",
         "supportedInterfaces": [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"],
         "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "book", "name": "Book", "description": "Books a trip", "tags": ["travel"]}]}
    c.update(kw)
    return c

SSE = "text/event-stream"

def su03(tid, cid, state, final, msg=None):
    s = {"state": state, "timestamp": TS}
    if msg is not None: s["message"] = msg
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}

def au03(tid, cid, aid, text, append=None, last=None, name=None):
    a = {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}
    if name: a["name"] = name
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": a}
    if append is not None: e["append"] = append
    if last is not None: e["lastChunk"] = last
    return e

def su10(tid, cid, state, msg=None):
    s = {"state": state, "timestamp": TS}
    if msg is not None: s["message"] = msg
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}

def au10(tid, cid, aid, text, append=False, last=False):
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}
    if append: e["append"] = True
    if last: e["lastChunk"] = True
    return {"artifactUpdate": e}

# --- streams ---------------------------------------------------------------------------------
AS = "http://localhost:8081/a2a"
case("f187-v03-stream-completed-before-artifact", [
    req(0.0, "POST", AS, rpc("r-1", "message/stream", {"message": umsg03("tell me a joke")}), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("r-1", task03("t-7", "c-7", "submitted")))),
    chunk(0.9, sse(ok("r-1", su03("t-7", "c-7", "completed", True)))),
    chunk(0.901, sse(ok("r-1", au03("t-7", "c-7", "a-1", "Why did the robot go on holiday? To recharge.")))),
    chunk(0.902, "", close="eof"),
], [("stream-event-after-terminal", "error")],
 "https://github.com/agentscope-ai/agentscope-java/issues/1490 (A2A server: a one-event SUMMARY run emits a TaskArtifactUpdateEvent and a final TaskStatusUpdateEvent(completed, final=true); under load the client intermittently receives the completed final=true status-update first and the artifact-update after it, and drops the answer)",
 "in 0.3 final:true marks the last event of the stream (STREAM-008) and a completed task never changes (TASK-001): a client that stops at the final event, as the agentscope client does, never sees the artifact. The events must reach the stream in generation order, artifact first (STREAM-005)")

AG = "http://localhost:8000/a2a"
case("f188-v10-stream-first-chunk-append", [
    req(0.0, "POST", AG, rpc("1", "SendStreamingMessage", {"message": umsg10("write a haiku about rain")}), ver="1.0", accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("1", {"task": task10("t-3", "c-3", "TASK_STATE_SUBMITTED")}))),
    chunk(0.02, sse(ok("1", su10("t-3", "c-3", "TASK_STATE_WORKING")))),
    chunk(0.3, sse(ok("1", au10("t-3", "c-3", "art-1", "Soft rain on the roof", append=True)))),
    chunk(0.5, sse(ok("1", au10("t-3", "c-3", "art-1", " / grey clouds hum a lullaby", append=True)))),
    chunk(0.7, sse(ok("1", au10("t-3", "c-3", "art-1", " / puddles hold the sky", append=True, last=True)))),
    chunk(0.71, sse(ok("1", su10("t-3", "c-3", "TASK_STATE_COMPLETED")))),
    chunk(0.72, "", close="eof"),
], [("artifact-append-without-base", "warning")],
 "https://github.com/ag2ai/ag2/pull/2924 (AG2's streaming executor sent every text chunk with append=True, the first included; a2a-sdk 1.0.x passed it on, 1.1.0 rejects it: 'append=True for nonexistent artifact_id ... The artifact must be created (append=False) before appending parts to it.')",
 "append:true adds parts to an artifact sent earlier on the stream (STREAM-009); the first chunk of art-1 names no such artifact, so a client that appends finds nothing to append to (a2a-sdk 1.1.0's TaskManager rejects it). A warning, like f25: the proto text does not forbid it outright")

case("f189-v10-stream-cut-by-own-sdk-rejecting-append", [
    req(0.0, "POST", AG, rpc("1", "SendStreamingMessage", {"message": umsg10("write a haiku about rain")}), ver="1.0", accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("1", {"task": task10("t-4", "c-4", "TASK_STATE_SUBMITTED")}))),
    chunk(0.02, sse(ok("1", su10("t-4", "c-4", "TASK_STATE_WORKING")))),
    chunk(0.3, sse(err("1", -32006, "append=True for nonexistent artifact_id='art-1'. The artifact must be created (append=False) before appending parts to it.",
                       [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_AGENT_RESPONSE", "domain": "a2a-protocol.org"}]))),
    chunk(0.31, "", close="eof"),
], [("stream-cut-by-error-before-terminal", "error")],
 "https://github.com/ag2ai/ag2/pull/2924 (with a2a-sdk 1.1.0 every streamed AG2 turn failed: the server's own TaskManager raised InvalidAgentResponseError 'append=True for nonexistent artifact_id' on the executor's first chunk)",
 "the agent started the task (SUBMITTED, WORKING) and then ended the stream with InvalidAgentResponseError (-32006, ErrorInfo INVALID_AGENT_RESPONSE), an error whose own words blame the agent: the task never reached a terminal or interrupted state on the stream (STREAM-003, STREAM-007). The error body is rebuilt from the PR's quoted message")

# --- gateway ---------------------------------------------------------------------------------
CF = "http://weather-agent:9000/"
case("f190-legal-v10-gw-sends-proto-role-names", [
    req(0.0, "POST", CF, rpc("7", "SendMessage", {"message": umsg10("weather in Paris?", mid="cf-0007")}), ver="1.0",
        hdr={"authorization": "Bearer gw-credential"}),
    resp(0.9, 200, ok("7", {"task": task10("t-11", "c-11", "TASK_STATE_COMPLETED",
                                          artifacts=[{"artifactId": "a-1", "parts": [{"text": "18 C, light rain"}]}])})),
], [],
 "https://github.com/IBM/mcp-context-forge/issues/4790 (a partner reported ContextForge's outbound A2A payload \"role\": \"ROLE_USER\" as non-compliant; the maintainers' answer: the 1.0 ProtoJSON name is right)",
 "legal: 1.0 JSON is ProtoJSON (DATA-001), so Role is ROLE_USER / ROLE_AGENT and a 1.0 agent that only matches \"user\" is the one at fault; the request also carries A2A-Version 1.0 (VER-001)")

GWH = "https://agents.example.test"
AGW = "http://agentgateway:8080"
UPA = "http://travel-agent:9999"
case("f191-card10-gw-behind-tls-rewrites-to-http", [
    req(0.0, "GET", GWH + "/travel/.well-known/agent-card.json"),
    up(req(0.001, "GET", UPA + "/.well-known/agent-card.json")),
    up(resp(0.003, 200, card10(UPA + "/"))),
    resp(0.004, 200, card10("http://agents.example.test/travel")),
], [("card-url-broken-by-proxy", "error")],
 "https://github.com/agentgateway/agentgateway/issues/1031 (behind a TLS-terminating reverse proxy agentgateway rewrites the agent card's A2A endpoint as http:// although the client reached it over https; X-Forwarded-Proto is not honoured)",
 "the card reached the client over https, but the gateway's rewrite advertises a plain-http interface url (CARD-005: the interface url clients use); clients that follow it drop TLS (AUTH-004) or hit the front's redirect, which turns a POST into a GET. The agent's own card (upstream leg) named its internal endpoint; the fault is the gateway's rewrite")

# --- cards -----------------------------------------------------------------------------------
MAF = "http://localhost:5001"
case("f192-card03-url-is-card-route", [
    req(0.0, "GET", MAF + "/v1/card"),
    resp(0.004, 200, card03(MAF + "/v1/card", name="hosted-agent")),
    req(0.1, "POST", MAF + "/v1/card", rpc("1", "message/send", {"message": umsg03("hello")})),
    resp(0.103, 405, "", ctype="text/plain", hdr={"allow": "GET"}),
], [("card-url-not-rpc-endpoint", "error")],
 "https://github.com/microsoft/agent-framework/issues/2386 (the hosted agent's AgentCard.url holds the card endpoint http://localhost:5001/v1/card instead of the agent's base URL; A2AAgent sends every operation there)",
 "0.3 AgentCard.url is the endpoint of the preferred transport (CARD-006); the card names its own document route, so message/send lands on a GET-only route and is refused")

BEE = "http://agents.example.test:9999"
case("f193-card03-url-forced-localhost", [
    req(0.0, "GET", BEE + "/.well-known/agent-card.json"),
    resp(0.004, 200, card03("http://localhost:9999", name="beeai-agent")),
], [("card-url-internal-authority", "error")],
 "https://github.com/i-am-bee/beeai-framework/issues/1267 (the A2A server's serve() overwrites the url given at register time with localhost, so the card always advertises localhost)",
 "the card fetched from agents.example.test advertises a loopback url: every client on another host that follows it connects to itself (CARD-006: url serves the transport where clients reach it)")

# --- results ---------------------------------------------------------------------------------
CR = "http://localhost:5000/"
case("f194-v03-send-result-class-name-wrapper", [
    req(0.0, "POST", CR, rpc("9a3c", "message/send", {"message": umsg03("say hello")})),
    resp(1.2, 200, ok("9a3c", {"Task": {"id": "5284b570-2f0c-47e8-8cf7-3569f854dbdc", "status": "completed",
                                        "artifacts": [{"parts": [{"type": "text", "text": "Hello! Nice to meet you."}]}]},
                               "snapshot": {}})),
], [("result-invalid-shape", "error")],
 "https://github.com/google/adk-python/issues/2851 (a CrewAI agent behind an A2A wrapper answered message/send with result {'Task': {...}, 'snapshot': {}}; RemoteA2AAgent fails with 7 validation errors: no contextId, id or status on the Task, no error member)",
 "a 0.3 message/send result is a bare Task or Message with kind (RPC-004, DATA-005); an object wrapping the task under a class-name key with a 'snapshot' beside it is neither. The inner task's members are rebuilt from the validation errors")

# --- legal streams ---------------------------------------------------------------------------
ST = "http://localhost:9000/"
case("f195-legal-v03-tokens-as-status-updates", [
    req(0.0, "POST", ST, rpc("s-1", "message/stream", {"message": umsg03("plan a day in Rome")}), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("s-1", task03("t-5", "c-5", "submitted")))),
    chunk(0.2, sse(ok("s-1", su03("t-5", "c-5", "working", False, amsg03("Start", mid="m-1", taskId="t-5", contextId="c-5"))))),
    chunk(0.25, sse(ok("s-1", su03("t-5", "c-5", "working", False, amsg03(" at the", mid="m-2", taskId="t-5", contextId="c-5"))))),
    chunk(0.3, sse(ok("s-1", su03("t-5", "c-5", "working", False, amsg03(" Colosseum.", mid="m-3", taskId="t-5", contextId="c-5"))))),
    chunk(0.4, sse(ok("s-1", au03("t-5", "c-5", "a-1", "Start at the Colosseum.", name="agent_response")))),
    chunk(0.41, sse(ok("s-1", su03("t-5", "c-5", "completed", True)))),
    chunk(0.42, "", close="eof"),
], [],
 "https://github.com/strands-agents/harness-sdk/issues/1377 (Strands' A2A server streamed the model's tokens as working status-update events with a message each; the reporter asked for artifact-update chunks instead, as A2A discussion #1274 suggests)",
 "legal: a working status-update may carry a message (0.3 TaskStatus.message), and several of them before the final event are an ordinary stream (STREAM-008); artifact chunks are the better fit for output, but nothing forbids progress messages. The issue is a UX choice, not a wire fault")

AD = "http://localhost:8001/a2a/writer"
case("f196-legal-v03-artifact-chunk-then-append-last", [
    req(0.0, "POST", AD, rpc("2", "message/stream", {"message": umsg03("greet the world")}), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("2", task03("t-8", "c-8", "working")))),
    chunk(0.2, sse(ok("2", au03("t-8", "c-8", "a-8", "Hello, ", append=False, last=False)))),
    chunk(0.3, sse(ok("2", au03("t-8", "c-8", "a-8", "world!", append=True, last=True)))),
    chunk(0.31, sse(ok("2", su03("t-8", "c-8", "completed", True)))),
    chunk(0.32, "", close="eof"),
], [],
 "https://github.com/google/adk-python/pull/6386 (fixes #6343: RemoteA2aAgent's legacy handler re-rendered the accumulated artifact on each chunk, so append=False 'Hello, ' then append=True/last_chunk=True 'world!' showed 'Hello, Hello, world!')",
 "legal: the first chunk creates the artifact (append false), the second appends and seals it (lastChunk true) (STREAM-009); the duplication was the client's rendering, the wire is correct")

# --- versions --------------------------------------------------------------------------------
HR = "http://hr-agent:9999/"
HR_CARD = card10(HR, name="hr-agent", description="Answers HR questions",
                 skills=[{"id": "hr", "name": "HR", "description": "Answers HR questions", "tags": ["hr"]}])
case("f197-v03-gw-bridge-03-call-to-10-only-agent", [
    req(0.0, "GET", HR + ".well-known/agent-card.json"),
    resp(0.003, 200, HR_CARD),
    req(5.0, "POST", HR, rpc("8f3e2c", "message/send", {"message": {"role": "user", "parts": [{"kind": "text", "text": "How many vacation days do I have left?"}], "messageId": "5d0c9a", "kind": "message"}})),
    resp(5.004, 200, err("8f3e2c", -32601, "Method not found")),
], [("client-version-not-in-card", "note"), ("unsupported-version-answered-method-not-found", "warning")],
 "https://github.com/BerriAI/litellm/issues/32609 (the /chat/completions bridge hardcodes legacy 0.3 \"message/send\"; an agent built on a2a-sdk 1.x that implements only the 1.0 methods answers \"Method not found\", while the native /a2a route, which fetched the 1.0 card, works)",
 "the gateway, acting as the A2A client, called a 1.0-only agent (its card declares only protocolVersion 1.0) in 0.3 without A2A-Version (VER-001, VER-005: speak a version the card declares): a client note. A call without A2A-Version asks for 0.3 (1.0 §3.6.2: 'Agents MUST interpret empty value as 0.3 version'), so the agent owes -32009 VersionNotSupportedError (VER-002, ERR-002); -32601 tells the client the method is misspelt instead of telling it to switch versions: the agent's warning, as for an explicit A2A-Version 0.3 (b17-V15)")

LG = "https://gw.example.test/a2a/hr"
case("f198-card10-gw-advertises-10-speaks-03", [
    req(0.0, "GET", LG + "/.well-known/agent-card.json"),
    resp(0.004, 200, {"protocolVersion": "1.0", "name": "hr", "description": "Answers HR questions", "url": LG,
                      "capabilities": {}, "preferredTransport": "JSONRPC",
                      "supportedInterfaces": [{"url": LG, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
                      "version": "1.0.0", "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                      "skills": [{"id": "hr", "name": "HR", "description": "Answers HR questions", "tags": ["hr"]}]}),
    req(0.1, "POST", LG, rpc("1", "SendMessage", {"message": umsg10("How many vacation days do I have left?")}), ver="1.0"),
    resp(0.104, 200, err("1", -32601, "Method not found")),
], [("card-version-method-mismatch", "error")],
 "https://github.com/BerriAI/litellm/issues/30795 (the Agent Gateway serves a card with protocolVersion \"1.0\" and supportedInterfaces, but its /a2a/{agent_id} JSON-RPC endpoint still runs a2a-sdk 0.3.24: a stock a2a-sdk 1.0.x client discovers the card and then cannot call the agent)",
 "the card declares protocol version 1.0 on the interface (CARD-005), so a 1.0 client sends SendMessage with A2A-Version 1.0 (VER-001); an endpoint that answers the core 1.0 method -32601 does not implement the version its card declares (RPC-003, BIND-001). The rest of the card (top-level url, preferredTransport) is 0.3 debris beside the 1.0 interface list")

# --- streams, continued ----------------------------------------------------------------------
EM = "http://localhost:8080/a2a"
case("f199-v03-stream-echoes-user-message", [
    req(0.0, "POST", EM, rpc("req-1", "message/stream", {"message": umsg03("find me a cheap flight to Lisbon", mid="u-1")}), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("req-1", umsg03("find me a cheap flight to Lisbon", mid="u-1", contextId="c-2")))),
    chunk(0.02, sse(ok("req-1", task03("t-2", "c-2", "working")))),
    chunk(1.5, sse(ok("req-1", au03("t-2", "c-2", "a-2", "TAP 112 EUR on Friday")))),
    chunk(1.51, sse(ok("req-1", su03("t-2", "c-2", "completed", True)))),
    chunk(1.52, "", close="eof"),
], [("stream-event-after-message-reply-0x", "warning"), ("agent-reply-with-user-role", "warning")],
 "https://github.com/embabel/embabel-agent/pull/1268 (the server echoed the user's message as the first event of message/stream; A2A 0.3.x clients, the A2A Inspector among them, do not expect Message events in the stream and reject it; the PR removes the echo)",
 "a 0.3 stream that answers with a Message is a message reply and ends there (STREAM-002's 0.x form); a client that reads the first event as the agent's answer gets its own words back and then events it does not expect. The echo also carries the user role and the client's own messageId as if the agent said it (agent-reply-with-user-role)")

# --- gateway, continued ----------------------------------------------------------------------
TG = "http://gateway.example.test:3000"
TB = "http://localhost:8080"
case("f200-card10-gw-rewrite-glues-backend-path", [
    req(0.0, "GET", TG + "/a2a/tick/.well-known/agent-card.json"),
    up(req(0.001, "GET", TB + "/a2a/tock/.well-known/agent-card.json")),
    up(resp(0.003, 200, card10(TB + "/a2a/tock/", name="TOCK Scheduler Agent", description="TOCK Scheduling Agent for managing timed and recurring A2A callbacks."))),
    resp(0.004, 200, card10(TG + "/a2a/tick/a2a/tock/", name="TOCK Scheduler Agent", description="TOCK Scheduling Agent for managing timed and recurring A2A callbacks.")),
], [("card-url-broken-by-proxy", "error")],
 "https://github.com/agentgateway/agentgateway/issues/2981, fixed by https://github.com/agentgateway/agentgateway/pull/2983 (with a route matching /a2a/tick and a URL rewrite to the backend's /a2a/tock, the gateway rewrote the card's interface url to http://gateway/a2a/tick/a2a/tock/: the backend path appended to the public prefix)",
 "the gateway must rewrite the agent's interface url to where clients reach it through the gateway (CARD-005); gluing the backend path /a2a/tock onto the public prefix /a2a/tick names a route the gateway does not serve, so every call a client makes from the card misses the agent")

# --- legal, continued ------------------------------------------------------------------------
KF = "http://adk-facts.team1.svc.cluster.local:8080/"
case("f201-legal-v03-stream-refused-by-non-streaming-agent", [
    req(0.0, "GET", KF + ".well-known/agent-card.json"),
    resp(0.004, 200, card03(KF, name="adk_facts", description="Agent to give interesting facts.", capabilities={})),
    req(0.2, "POST", KF, rpc("1", "message/stream", {"message": umsg03("Hello World")}), accept=SSE),
    resp(0.203, 200, err("1", -32004, "Streaming is not supported by the agent")),
], [],
 "https://github.com/rossoctl/rossoctl/issues/362 (Kagenti only works with streaming A2A agents: against the non-streaming adk_facts sample its UI shows 'Invalid SSE response or protocol error: Expected response header Content-Type to contain text/event-stream, got application/json')",
 "legal for the agent: its card does not declare streaming, and an agent MUST refuse message/stream then with UnsupportedOperationError (1.0 §3.3.4; 0.3 has the same capability rule); a refusal before any stream starts is an ordinary JSON-RPC error response in application/json (RPC-001). The fault is the client's, which streamed against a card that declares no streaming and read the refusal as a broken stream")

SA = "http://localhost:9001/a2a"
def dupkind(obj_json, kind):
    # Jackson's double "kind" (a2a-java #234): the member again at the end of the object
    assert obj_json.endswith("}")
    return obj_json[:-1] + ',"kind":"%s"}' % kind
def art_dup(aid, name, text):
    part = dupkind(json.dumps({"kind": "text", "text": text}, separators=(",", ":")), "text")
    ev = '{"kind":"artifact-update","taskId":"t-6","artifact":{"artifactId":"%s","name":"%s","parts":[%s],"metadata":{}},"contextId":"c-6","kind":"artifact-update"}' % (aid, name, part)
    return 'data: {"jsonrpc":"2.0","id":"f1","result":%s}\n\n' % ev
case("f202-legal-v03-duplicate-kind-members", [
    req(0.0, "POST", SA, '{"jsonrpc":"2.0","id":"f1","method":"message/stream","params":{"message":%s}}'
        % dupkind(json.dumps(umsg03("tell me a joke"), separators=(",", ":")), "message"), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("f1", task03("t-6", "c-6", "working")))),
    chunk(0.2, art_dup("9d1b", "30", "Why did the scarecrow")),
    chunk(0.3, art_dup("e07c", "31", " win an award?")),
    chunk(0.4, sse(ok("f1", su03("t-6", "c-6", "completed", True)))),
    chunk(0.41, "", close="eof"),
], [],
 "https://github.com/alibaba/spring-ai-alibaba/issues/4923 (the server's logged SSE bodies carry \"kind\" twice in each artifact-update and each text part); https://github.com/a2aproject/a2a-java/issues/234 (Jackson serialises getKind() of two interfaces as two kind members)",
 "odd but legal on 0.3 JSON-RPC: RFC 8259 asks for unique member names (SHOULD) and the duplicates carry the same value, so every last-wins or first-wins parser reads the same object; each chunk is a new artifact (a fresh artifactId, no append), which is allowed too (STREAM-009). The client's own request repeats kind on its message the same way")

AJ = "http://localhost:8082/a2a"
case("f203-v03-artifact-final-snapshot-replaces-chunks", [
    req(0.0, "POST", AJ, rpc("s-9", "message/stream", {"message": umsg03("why is the sky blue?")}), accept=SSE),
    resp(0.004, 200, "", ctype=SSE),
    chunk(0.01, sse(ok("s-9", task03("t-9", "c-9", "working")))),
    chunk(0.2, sse(ok("s-9", au03("t-9", "c-9", "ans-1", "Sunlight is scattered", append=False, last=False)))),
    chunk(0.3, sse(ok("s-9", au03("t-9", "c-9", "ans-1", " by the air;", append=True, last=False)))),
    chunk(0.4, sse(ok("s-9", au03("t-9", "c-9", "ans-1", " blue light scatters most.", append=True, last=False)))),
    chunk(0.5, sse(ok("s-9", au03("t-9", "c-9", "ans-1", "Sunlight is scattered by the air; blue light scatters most.", append=False, last=True)))),
    chunk(0.51, sse(ok("s-9", su03("t-9", "c-9", "completed", True)))),
    chunk(0.52, "", close="eof"),
], [("artifact-replaced-by-last-chunk", "note")],
 "https://github.com/agentscope-ai/agentscope-java/issues/1378 (after the streamed chunks the server sends a final aggregated artifact with append=false, lastChunk=true; a client that appends every chunk shows the answer twice)",
 "legal: append false on the last chunk replaces the artifact with the full text (STREAM-009; 0.2.0 names false 'replace'), which is what an aggregating snapshot means; the note tells the reader why a client that appends each chunk blindly shows the answer twice")

MC = "http://workspace-agent:8000/"
case("f204-legal-v10-send-internal-error-data-null", [
    req(0.0, "POST", MC, rpc("e2e-msg-1", "SendMessage", {"message": umsg10("ping", mid="e2e-m1")}), ver="1.0"),
    resp(0.05, 200, {"jsonrpc": "2.0", "id": "e2e-msg-1", "error": {"code": -32603, "message": "Agent should enqueue Task before TaskStatusUpdateEvent event", "data": None}}),
], [],
 "https://github.com/Molecule-AI/molecule-core/pull/2558 (after the move to a2a-sdk 1.x every fresh SendMessage was answered {\"code\":-32603,\"message\":\"Agent should enqueue Task before TaskStatusUpdateEvent event\",\"data\":null}: the executor published a status update before any Task)",
 "odd but legal on the wire: the agent's own SDK refused its executor's first event and the call got -32603 InternalError, the right code for a failure inside the agent (ERR-001); \"data\": null is JSON-RPC's optional data member left empty, which ProtoJSON reads as unset, so it is no ERR-004 breach (data, if present, is a list of @type objects). The executor bug itself shows nowhere else on the wire")

from casewriter import write_cases
write_cases(cases, OUT)
