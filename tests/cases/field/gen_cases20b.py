"""Session-20 field cases of miner mine20b (f172-...): same helpers and output format as gen_cases.py.

Scope: frameworks, gateways and products that speak A2A (litellm, agentor, any-agent, Mastra,
VoltAgent, aura with kagent, agent-starter-pack, python-a2a). `python3 gen_cases20b.py [NAME ...]`
writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os, sys
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

from casewriter import card03

# --- card urls -------------------------------------------------------------------------------
MY = "http://my-agent:8080"
case("f172-card03-bind-all-ipv6-url", [
    req(0.0, "GET", MY + "/.well-known/agent-card.json"),
    resp(0.004, 200, card03("http://[::]:8080/invoke", name="my-agent")),
], [("card-url-internal-authority", "error")],
 "https://github.com/BerriAI/litellm/issues/20858 (the gateway followed the card's self-reported url http://[::]:8080/invoke from a Docker container and failed with 503 although the registered http://my-agent:8080 was reachable)",
 "the card fetched from http://my-agent:8080 advertises the IPv6 bind-all address [::] (the listen address, the IPv6 form of 0.0.0.0): no client can reach it (CARD-005, CARD-006: url serves the transport at an address clients use)")

case("f173-card03-relative-url", [
    req(0.0, "GET", "http://localhost:3000/.well-known/agent-card.json"),
    resp(0.004, 200, card03("/a2a/assistant")),
], [("card-interface-malformed", "error")],
 "https://github.com/VoltAgent/voltagent/issues/1198 (the A2A server's card shows a relative url; third-party agents need an absolute one); https://github.com/a2aproject/A2A/issues/160 (a relative card url: the sample client fails with 'Request URL is missing an http:// or https:// protocol')",
 "0.3 AgentCard.url is the absolute URL of the preferred transport's endpoint (0.3 schema: url, 'the preferred endpoint URL'; CARD-006); a path such as /a2a/assistant is not resolved against the card's own URL by the SDK clients (A2A #160 asks for it as a feature), so they cannot send anything")

case("f180-card02-url-null", [
    req(0.0, "GET", "http://localhost:5000/.well-known/agent.json"),
    resp(0.004, 200, {"name": "Weather Agent", "description": "Provides weather information", "url": None, "version": "1.0.0",
                      "capabilities": {"streaming": False, "pushNotifications": False, "stateTransitionHistory": False, "google_a2a_compatible": True, "parts_array_format": True},
                      "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                      "skills": [{"id": "get_weather", "name": "Get Weather", "description": "Get current weather for a location", "tags": ["weather", "forecast"], "inputModes": ["text/plain"], "outputModes": ["text/plain"]}]}),
], [("card-interface-malformed", "error")],
 "https://github.com/themanojdesai/python-a2a/issues/66 (the weather agent's card has \"url\": null; the A2A demo UI cannot register it)",
 "url is a required string of the 0.2 AgentCard (0.2 schema; CARD-004); null names no endpoint, so a client that read the card has nowhere to send. The extra capabilities members (google_a2a_compatible, parts_array_format) are unknown members, ignored (DATA-003): legal")

case("f179-legal-v03-card-only-under-prefix", [
    req(0.0, "GET", "http://localhost:8000/.well-known/agent-card.json"),
    resp(0.004, 404, {"detail": "Not Found"}),
    req(0.1, "GET", "http://localhost:8000/a2a/app/.well-known/agent-card.json"),
    resp(0.104, 200, card03("http://localhost:8000/a2a/app")),
    req(0.2, "POST", "http://localhost:8000/a2a/app", rpc("1", "message/send", {"message": umsg03("hi")})),
    resp(0.204, 200, ok("1", task03("t-1", "c-1", "completed"))),
], [],
 "https://github.com/GoogleCloudPlatform/agent-starter-pack/issues/507 (the card is served only under /a2a/app/.well-known/agent-card.json; the inspector gets 404 at the origin's well-known path)",
 "odd but legal on 0.3: the well-known location is recommended for 0.x (0.3 §5.3, CARD-002 is a MUST only in 1.0) and the card found under the prefix names the endpoint that answers; the 404 at the origin is no fault of the agent's A2A traffic")

FD = "https://myres.services.ai.azure.com/api/projects/p1/agents/travel"
BEARER = {"authorization": "Bearer eyJ0eXAiOiJKV1QifQ.e30.c2ln"}
case("f185-legal-v10-card-at-vendor-path-behind-auth", [
    req(0.0, "GET", FD + "/.well-known/agent-card.json"),
    resp(0.004, 404, {"error": {"code": "NotFound", "message": "Resource not found"}}),
    req(0.1, "GET", FD + "/endpoint/protocols/a2a/agentCard/v1.0", hdr=BEARER),
    resp(0.104, 200, {"name": "travel", "description": "Books trips", "supportedInterfaces": [{"url": FD + "/endpoint/protocols/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
                      "version": "1.0.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                      "skills": [{"id": "book", "name": "Book", "description": "Books a trip", "tags": ["travel"]}],
                      "securitySchemes": {"entra": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}},
                      "securityRequirements": [{"schemes": {"entra": {"list": []}}}]}),
    req(0.2, "POST", FD + "/endpoint/protocols/a2a", rpc("1", "SendMessage", {"message": umsg10("book a flight to Oslo")}), ver="1.0", hdr=BEARER),
    resp(0.204, 200, ok("1", {"task": task10("t-1", "c-1", "TASK_STATE_COMPLETED")})),
], [],
 "https://github.com/BerriAI/litellm/issues/40586 (Azure AI Foundry serves its A2A card at {project_endpoint}/agents/{agent}/endpoint/protocols/a2a/agentCard/v1.0, not at either well-known path, and requires a bearer token to fetch it; the gateway's well-known re-discovery fails with 404)",
 "legal: a card that is not public may be served elsewhere and access-controlled (CARD-011; the discovery topic lists private, API-based discovery beside the well-known URI); the client that knows the card's location fetches it with credentials and calls the advertised interface. The 404 at the well-known path is the gateway's wrong assumption, not the agent's fault")

# --- results and streams ---------------------------------------------------------------------
case("f174-v03-send-result-ad-hoc-object", [
    req(0.0, "POST", "http://localhost:8000/", rpc("1", "message/send", {"message": umsg03("hi")})),
    resp(0.004, 200, ok("1", {"status": "completed", "message": "This is a placeholder response. Implement your agent logic here.", "content": "Hello! I received your message."})),
], [("result-invalid-shape", "error")],
 "https://github.com/CelestoAI/agentor/pull/43 (the A2A controller's message/send answered result {status, message, content}; tasks/get and tasks/cancel answered server errors)",
 "a 0.3 message/send result is a Task or a Message with kind (RPC-004, DATA-005); {status: \"completed\", message: \"<text>\", content: \"<text>\"} is neither. Its string member named message is not the 1.0 {message} wrapper: the finding must say the object has no kind and no wrapper, not that a wrapper holds a non-object")

MU = "http://localhost:4111/a2a/weatherAgent"
RID = "bdf1ab98-5fb7-44c3-b131-5749837a9238"
ev1 = {"jsonrpc": "2.0", "id": RID, "result": {"state": "working", "message": {"messageId": "7a3deb0f-7f9b-4acc-914b-9f5205053256", "kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "Generating response..."}]}}}
ev2 = {"jsonrpc": "2.0", "id": RID, "result": {"state": "completed", "message": {"messageId": "7a3deb0f-7f9b-4acc-914b-9f5205053257", "kind": "message", "role": "agent", "parts": [{"kind": "text", "text": "7"}]}}}
j = lambda o: json.dumps(o, separators=(",", ":"))
case("f176-v03-stream-text-plain-json-records", [
    req(0.0, "POST", MU, rpc(RID, "message/stream", {"message": umsg03("choose a number between 1 and 10", mid="h123", contextId="hh")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/plain; charset=UTF-8"),
    chunk(0.005, j(ev1)),
    chunk(0.9, j(ev2)),
    chunk(0.91, "", close="eof"),
], [("stream-not-event-stream", "error")],
 "https://github.com/mastra-ai/mastra/issues/8411 (message/stream answered 'content-type: text/plain; charset=UTF-8' with JSON-RPC responses written back to back; a2a-python: 'Expected response header Content-Type to contain text/event-stream, got text/plain', the JS client: 'Unexpected non-whitespace character after JSON at position 243')",
 "a streaming call is answered with HTTP 200 text/event-stream, each SSE data one JSON-RPC response (RPC-005); concatenated JSON objects under text/plain are no event stream. The first result itself is a bare TaskStatus {state, message} (the issue's capture), not a Task; the later event is rebuilt from the description")

t1 = task03("h12", "hh", "completed", history=[umsg03("choose a number between 1 and 10", mid="h123", taskId="h12", contextId="hh"), amsg03("7", taskId="h12", contextId="hh")],
            artifacts=[{"artifactId": "h12:response", "name": "response.txt", "parts": [{"kind": "text", "text": "7"}]}])
t2 = task03("h12", "hh", "completed", ts="2026-03-02T10:16:00.000Z",
            history=[umsg03("choose a number between 1 and 10", mid="h123", taskId="h12", contextId="hh"), amsg03("7", taskId="h12", contextId="hh"),
                     umsg03("what number did you choose?", mid="h123", taskId="h12", contextId="hh"), amsg03("I have not chosen a number yet.", mid="msg-a002", taskId="h12", contextId="hh")],
            artifacts=[{"artifactId": "h12:response", "name": "response.txt", "parts": [{"kind": "text", "text": "I have not chosen a number yet."}]}])
case("f177-v03-send-to-completed-client-task-id", [
    req(0.0, "POST", MU, rpc("1", "message/send", {"message": umsg03("choose a number between 1 and 10", mid="h123", taskId="h12", contextId="hh")})),
    resp(0.004, 200, ok("1", t1)),
    req(0.5, "POST", MU, rpc("2", "message/send", {"message": umsg03("what number did you choose?", mid="h123", taskId="h12", contextId="hh")})),
    resp(0.504, 200, ok("2", t2)),
], [("message-to-terminal-task-accepted", "error"), ("client-message-id-reused", "warning")],
 "https://github.com/mastra-ai/mastra/issues/8411 (part B: the client names taskId h12 and messageId h123 in both sends; Mastra's handler loads or creates the task under the client's id and runs the completed task again)",
 "a completed task never changes state (TASK-001, 0.3 §6.1): the second message to h12 must be refused, yet the agent ran it and answered the same task completed again. The client reused messageId h123 for another message (ID-007: an agent that dedupes by messageId drops it). The first send's client-chosen taskId creating a task is only a note: the recording cannot prove the task did not exist. Bytes rebuilt from the issue's client code")

case("f175-legal-v02-send-terminal-task-invalid-params", [
    req(0.0, "POST", "http://localhost:5000/", rpc("1", "message/send", {"message": umsg03("what is 2+2?")})),
    resp(0.004, 200, ok("1", task03("ff7d5cad-6003-4c37-a553-6c35ddad832a", "c-1", "completed"))),
    req(0.2, "POST", "http://localhost:5000/", rpc("2", "message/send", {"message": umsg03("and 3+3?", mid="msg-0002", taskId="ff7d5cad-6003-4c37-a553-6c35ddad832a", contextId="c-1")})),
    resp(0.204, 200, err("2", -32602, "Task ff7d5cad-6003-4c37-a553-6c35ddad832a is in terminal state: TaskState.completed")),
], [],
 "https://github.com/mozilla-ai/any-agent/issues/566 (the client's follow-up to a completed task got -32602 'Task ... is in terminal state'); https://github.com/UiPath/uipath-langchain-python/pull/960 (clients must start a new task after a terminal state: a spec-compliant server rejects the message)",
 "legal on 0.x: terminal tasks cannot be restarted (TASK-001) and the agent refused the message; 0.2/0.3 name no error code for it ('an error', DIGEST TASK-002), so -32602 InvalidParamsError is an acceptable refusal. The fault was the client's, and refusing is what a checker must not flag (1.0 asks for -32004 UnsupportedOperationError, RPC-ERROR-001)")

AU = "http://aura.kagent.svc.cluster.local:8080"
case("f178-v03-client-ignores-10-card-posts-root", [
    req(0.0, "GET", AU + "/.well-known/agent-card.json"),
    resp(0.004, 200, {"name": "aura", "description": "Aura agent", "supportedInterfaces": [{"url": AU + "/a2a/v1/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
                      "version": "0.1.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                      "skills": [{"id": "chat", "name": "chat", "description": "Chat with Aura", "tags": ["chat"]}]}),
    req(0.1, "POST", AU + "/", rpc("1", "message/send", {"message": umsg03("hello")})),
    resp(0.104, 404, "", ctype="text/plain"),
], [("client-url-not-advertised", "warning")],
 "https://github.com/mezmo/aura/issues/451 (kagent reads the 0.x top-level url; aura's 1.0 card has only supportedInterfaces, so kagent POSTs JSON-RPC to / and every request 404s)",
 "the 1.0 card is legal without a top-level url (its endpoints are supportedInterfaces, CARD-005); the client ignored the advertised interface and sent a 0.x call (no A2A-Version, message/send) to the bare origin, which serves nothing (CARD-005, VER-003)")

HS = [{"task": task10("t-h", "c-h", "TASK_STATE_SUBMITTED", createdAt="2026-07-07T10:15:00.000Z", lastModified="2026-07-07T10:15:00.000Z")},
      {"statusUpdate": {"taskId": "t-h", "contextId": "c-h", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}},
      {"artifactUpdate": {"taskId": "t-h", "contextId": "c-h", "artifact": {"artifactId": "a-1", "parts": [{"text": "hello"}]}}},
      {"statusUpdate": {"taskId": "t-h", "contextId": "c-h", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}]
case("f186-v10-jsonrpc-stream-bare-frames-done-frame", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("hi")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
] + [chunk(0.01 + i * 0.1, sse(e)) for i, e in enumerate(HS)] + [
    chunk(0.5, "data: {}\n\n"),
    chunk(0.51, "", close="eof"),
], [("stream-event-envelope-wrong", "error"), ("stream-event-invalid-shape", "error")],
 "https://github.com/NousResearch/hermes-agent/pull/41711 (review comment of 2026-07-07: the a2a plugin's JSON-RPC stream emits bare data: {\"statusUpdate\":...} frames and a closing data: {} frame; a2a-sdk 1.1.0 raises 'Either result or error should be used'; its Task carries createdAt/lastModified, which ProtoJSON refuses)",
 "on the JSON-RPC binding each SSE data is a JSON-RPC response with the request id whose result is the StreamResponse (RPC-005); bare StreamResponse frames belong to HTTP+JSON (REST-002). The data: {} done-frame after the terminal statusUpdate is no StreamResponse: 1.0 ends a stream by closing it (STREAM-007). createdAt/lastModified are not members of the proto's Task (DATA-SHAPE-008, a note)")

# --- a new task in a known context --------------------------------------------------------------
A1 = {"artifactId": "a-1", "parts": [{"text": "hey! how can I help?"}]}
A2 = {"artifactId": "a-2", "parts": [{"text": "yo again, what's up?"}]}
T1H = [umsg10("yo", mid="m-1", contextId="c-A", taskId="t-1"), amsg10("hey! how can I help?", mid="m-a1", contextId="c-A", taskId="t-1")]
T2H = [umsg10("yo2", mid="m-2", contextId="c-A", taskId="t-2"), amsg10("yo again, what's up?", mid="m-a2", contextId="c-A", taskId="t-2")]
case("f184-v10-new-task-inherits-context-artifacts", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("yo", mid="m-1")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-1", "c-A", "TASK_STATE_COMPLETED", artifacts=[A1])})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("yo2", mid="m-2", contextId="c-A")}), ver="1.0"),
    resp(0.504, 200, ok(2, {"task": task10("t-2", "c-A", "TASK_STATE_COMPLETED", ts="2026-03-02T10:16:00.000Z", artifacts=[A1, A2])})),
    req(0.6, "POST", A + "/a2a", rpc(3, "GetTask", {"id": "t-2"}), ver="1.0"),
    resp(0.604, 200, ok(3, task10("t-2", "c-A", "TASK_STATE_COMPLETED", ts="2026-03-02T10:16:00.000Z", artifacts=[A1, A2], history=T1H + T2H))),
], [("task-message-ids-mismatch", "warning")],
 "https://github.com/tomtom215/a2a-rust/issues/130 (a2a-protocol-server 0.11.0: task T2, started with the context id and no task id, arrives with T1's artifact A1 beside its own A2; the maintainer: history and metadata leaked the same way, fixed); https://github.com/a2aproject/a2a-rs/issues/161 (the same report triaged in the a2a-rs tracker: contextId groups tasks without merging their contents)",
 "a message with contextId and no taskId starts a new task (ID-008); a task carries only what was produced during it. The GetTask history of t-2 holds t-1's messages, stamped with t-1's id (ID-006: ids in history match the task, warning), and its artifacts repeat t-1's a-1 (reported as a note: an agent may produce an identical artifact again)")

# --- gateways (both legs recorded: `leg: "upstream"` is the gateway-to-agent hop) ------------
GW = "http://gateway.example.test:3000"
UP = "http://agent-internal:9000"
def up(line):
    line["leg"] = "upstream"
    return line
def card10(url, **kw):
    c = {"name": "travel", "description": "Books trips", "supportedInterfaces": [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
         "version": "1.0.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "book", "name": "Book", "description": "Books a trip", "tags": ["travel"]}]}
    c.update(kw)
    return c
VERR = err("1", -32009, "A2A version '0.3' is not supported by this handler. Expected version '1.0'.",
           [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org", "metadata": {}}])
case("f181-v10-gw-version-header-dropped", [
    req(0.0, "GET", GW + "/a2a/travel/.well-known/agent-card.json"),
    resp(0.004, 200, card10(GW + "/a2a/travel")),
    req(0.03, "POST", GW + "/a2a/travel", rpc("1", "SendMessage", {"message": umsg10("book a flight to Oslo")}), ver="1.0"),
    up(req(0.031, "POST", UP + "/", rpc("1", "SendMessage", {"message": umsg10("book a flight to Oslo")}), hdr={"authorization": "Bearer gateway-held-credential"})),
    up(resp(0.04, 200, VERR)),
    resp(0.045, 200, VERR),
], [("proxy-stripped-version-header", "error")],
 "https://github.com/api7/aisix/issues/911 (the gateway drops the inbound request head and sets only Content-Type and its credential upstream: a 1.0-pinned agent answers every call -32009 'A2A version 0.3 is not supported')",
 "the client sent A2A-Version: 1.0 (VER-001); the upstream copy carries none, which the agent must read as 0.3 (VER-003), so its -32009 VersionNotSupportedError is right (VER-002) and the fault is the gateway's: it must forward the header unchanged")

case("f183-v03-gw-stream-read-as-json-502", [
    req(0.03, "POST", GW + "/a2a/travel", rpc("1", "message/stream", {"message": umsg03("book a flight to Oslo")}), accept="text/event-stream"),
    up(req(0.031, "POST", UP + "/", rpc("1", "message/stream", {"message": umsg03("book a flight to Oslo")}), accept="text/event-stream")),
    up(resp(0.04, 200, "", ctype="text/event-stream")),
    up(chunk(0.05, sse(ok("1", task03("t-9", "c-9", "working"))))),
    up(chunk(0.9, sse(ok("1", {"kind": "status-update", "taskId": "t-9", "contextId": "c-9", "status": {"state": "completed", "timestamp": TS}, "final": True})))),
    up(chunk(0.91, "", close="eof")),
    resp(0.92, 502, {"error": {"message": "upstream returned an invalid JSON body", "type": "bad_gateway"}}),
], [("answer-lost-by-proxy", "error")],
 "https://github.com/api7/aisix/pull/916 (message/stream and tasks/resubscribe went through the unary path: the whole SSE body was buffered, parsed as one JSON document, and the call came back 502)",
 "the agent streamed the task to completion on the upstream leg (RPC-005); the gateway read the event stream as one JSON body and answered 502 of its own: the client got no answer although the agent gave one (RPC-002). The gateway's error body is rebuilt from the description")

import base64
def b64u(b): return base64.urlsafe_b64encode(b).rstrip(b"=").decode()
PROT = b64u(json.dumps({"alg": "ES256", "kid": "travel-agent-2026", "typ": "JOSE"}, separators=(",", ":")).encode())
SIG = b64u(bytes((i * 37 + 11) % 256 for i in range(64)))
SIGS = [{"protected": PROT, "signature": SIG}]
case("f182-card10-gw-signed-card-rewritten", [
    req(0.0, "GET", GW + "/a2a/travel/.well-known/agent-card.json"),
    up(req(0.001, "GET", UP + "/.well-known/agent-card.json")),
    up(resp(0.003, 200, card10(UP + "/a2a", signatures=SIGS))),
    resp(0.004, 200, card10(GW + "/a2a/travel", signatures=SIGS)),
], [("signed-card-altered-by-proxy", "error")],
 "https://github.com/agentgateway/agentgateway/issues/2701 (the gateway rewrites v0.3 url and v1.0 supportedInterfaces[].url in agent cards and leaves an existing signatures member unchanged, so the upstream signature no longer matches); https://github.com/higress-group/higress/issues/4348 (design: rewriting a signed card without re-signing is forbidden)",
 "a 1.0 card signature covers the JCS (RFC 8785) of the card without signatures (CARD-010, 1.0 §8.4); the gateway's rewrite of the interface url is legal, but passing the agent's signature on over the rewritten content gives clients that verify signatures a card that fails verification. The signature bytes are placeholders: the finding needs only that the same signature now sits over other content")

from casewriter import write_cases
write_cases(cases, OUT)
