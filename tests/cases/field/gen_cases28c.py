"""Session-28 field cases of miner mine28c (f540-f559): same helpers and output format as gen_cases.py.

Scope: A2A through the agent gateways and API managers of 2026 (LiteLLM's A2A gateway,
agentgateway, IBM ContextForge, AgentOS behind nginx): error answers the gateway makes itself,
streams the gateway rewraps, buffers or collapses into one answer, fields the gateway adds to a
request it forwards, and cards it rewrites.
`python3 gen_cases28c.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b28c2-*` variants into ../variants).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
G = "https://gateway.example.test"
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, **kw):
    a = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    a.update(kw)
    return a
def su10(tid, cid, state):
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}}
def au10(tid, cid, aid, text, **kw):
    a = {"artifactUpdate": {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}}
    a["artifactUpdate"].update(kw)
    return a

# --- faults ----------------------------------------------------------------------------------------
# BerriAI/litellm #27836: the gateway's own -32603 answer carries id null for a request whose id it could read
RID = "6f1c2a9e-4b7d-4e55-9a0e-2d3c4b5a6f70"
case("f540-v03-gateway-internal-error-id-null", [
    req(0.0, "POST", G + "/a2a/agent-27836/message/send", rpc(RID, "message/send", {"message": umsg03("ok", mid="m-27836")}), hdr={"authorization": "Bearer sk-vk-redacted"}),
    resp(0.02, 200, err(None, -32603, "Internal error: Stream consumed")),
], [("jsonrpc-id-mismatch", "error")],
 "https://github.com/BerriAI/litellm/issues/27836 (LiteLLM's A2A endpoints POST /a2a/{agent_id} and /a2a/{agent_id}/message/send answer a raw JSON-RPC message/send with {\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32603,\"message\":\"Internal error: Stream consumed\"}}: an auth middleware had already read the request body)",
 "a JSON-RPC response carries the id of the request it answers; null is only for a request whose id could not be read (JSON-RPC 2.0 §5, RPC-002). The request here is well-formed with a string id, so a client matching answers by id (a2a-python, a2a-js) cannot pair this error with its call and reports a protocol error instead of the gateway's internal error")

# BerriAI/litellm #35027: the gateway answers a 1.0 SendStreamingMessage with NDJSON (regression of #20278 after PR #20446)
case("f541-v10-gateway-stream-ndjson", [
    req(0.0, "POST", G + "/a2a/my-agent", rpc("s-35027", "SendStreamingMessage", {"message": umsg10("summarise the incident", mid="m-35027")}), ver="1.0", accept=SSE),
    resp(0.05, 200, "", ctype="application/x-ndjson"),
    chunk(0.06, json.dumps(ok("s-35027", {"task": task10("t-35027", "c-35027", "TASK_STATE_SUBMITTED")}), separators=(",", ":")) + "\n"),
    chunk(0.5, json.dumps(ok("s-35027", su10("t-35027", "c-35027", "TASK_STATE_WORKING")), separators=(",", ":")) + "\n"),
    chunk(2.0, json.dumps(ok("s-35027", au10("t-35027", "c-35027", "a-35027", "Root cause: expired certificate", lastChunk=True)), separators=(",", ":")) + "\n"),
    chunk(2.1, json.dumps(ok("s-35027", su10("t-35027", "c-35027", "TASK_STATE_COMPLETED")), separators=(",", ":")) + "\n"),
    chunk(2.11, "", close="eof"),
], [("stream-not-event-stream", "error")],
 "https://github.com/BerriAI/litellm/issues/35027 (LiteLLM 1.93.0's A2A JSON-RPC proxy answers a 1.0 SendStreamingMessage with Content-Type application/x-ndjson and newline-separated JSON-RPC responses, {task}, {statusUpdate}, {artifactUpdate}, {statusUpdate}; PR #20365 had fixed #20278 and PR #20446 reverted it)",
 "a JSON-RPC streaming call is answered with text/event-stream, one JSON-RPC response per SSE event (RPC-005, 1.0 §9.4.2); the client sent Accept: text/event-stream, and a2a-sdk's SSE reader reads the NDJSON body as one response it cannot parse")

# IBM/mcp-context-forge #6277 / PR #6816 (after): the gateway consumes the agent's stream and answers message/stream with one JSON result
case("f542-v03-gateway-stream-collapsed-to-json", [
    req(0.0, "POST", G + "/a2a/warehouse-analyst", rpc("s-6277", "message/stream", {"message": umsg03("which region grew fastest last quarter?", mid="m-6277")}), accept=SSE),
    resp(48.0, 200, ok("s-6277", task03("t-6277", "c-6277", "completed", artifacts=[{"artifactId": "a-6277", "parts": [{"kind": "text", "text": "APAC grew fastest: +14% quarter on quarter."}]}]))),
], [("stream-not-event-stream", "error")],
 "https://github.com/IBM/mcp-context-forge/issues/6277 ; https://github.com/IBM/mcp-context-forge/pull/6816 (the A2A passthrough posts to the agent non-streaming and calls .json() on the body; the PR makes it consume the agent's SSE server-side and return one aggregated JSON-RPC result to the caller's message/stream)",
 "a message/stream call is answered with text/event-stream (RPC-005, 0.3 §7.2: the response is a stream of SendStreamingMessageResponse events); one application/json result makes a2a-sdk's SSE client fail on the content type, and the caller gets nothing for the 48 s the agent works. A single JSON-RPC error is the one JSON answer a stream call may get (f543)")

# NousResearch/hermes-agent PR #86369: a blocking 1.0 SendMessage behind Cloudflare dies at the edge's read timeout with 524
HTML524 = ("<!DOCTYPE html><html lang=\"en-US\"><head><title>a2a.example.test | 524: A timeout occurred</title></head><body>"
           "<h1>A timeout occurred</h1><span>Error code 524</span><p>The origin web server timed out responding to this request.</p>"
           "<span>Cloudflare Ray ID: <strong>8f1a2b3c4d5e6f70</strong></span></body></html>")
CF = {"server": "cloudflare", "cf-ray": "8f1a2b3c4d5e6f70-FRA"}
case("f546-v10-send-behind-cloudflare-524", [
    req(0.0, "POST", G + "/a2a", rpc("r-86369", "SendMessage", {"message": umsg10("refactor the billing module and run the test suite", mid="m-86369")}), ver="1.0"),
    resp(125.0, 524, HTML524, ctype="text/html; charset=UTF-8", hdr=CF),
], [("intermediary-error-without-answer", "note")],
 "https://github.com/NousResearch/hermes-agent/pull/86369 (A2A peers behind reverse proxies with idle timeouts, Cloudflare's 524 the canonical case, are unusable for long tasks: the client POSTs the blocking send, the peer works past the proxy's timeout, and the connection dies with a 524 while the task may still complete server-side; the PR streams when the card advertises it, so keep-alives keep bytes flowing)",
 "the answer is Cloudflare's own page, not the agent's: 524 is the edge's origin read timeout (125 s), outside RFC 9110's registry and sent by no A2A server, the same kind of answer as a gateway's 504 (ERR-007). The client never learns whether the agent ran the call (RPC-002: no JSON-RPC response); the note says so and points at streaming or returnImmediately. Before this round a 524 got no finding at all, while the same answer as 504 got this note")

# BerriAI/litellm #19202: the gateway refuses a virtual key on the card fetch with 401 and no challenge
case("f547-v03-gateway-card-401-no-challenge", [
    req(0.0, "GET", G + "/a2a/k8s-rca-agent-poc/.well-known/agent-card.json", hdr={"authorization": "Bearer sk-vk-19202"}),
    resp(0.01, 401, {"error": {"message": "Authentication Error, Invalid proxy server token passed.", "type": "auth_error", "param": "None", "code": "401"}}),
], [("auth-challenge-missing", "warning")],
 "https://github.com/BerriAI/litellm/issues/19202 (a virtual key that works in the gateway's playground gets 401 from code: a2a-sdk's card resolver fails with \"HTTP Error 401: Failed to fetch agent card from http://<proxy-ip>/a2a/k8s-rca-agent-poc/.well-known/agent-card.json\")",
 "a 401 names how to authenticate in WWW-Authenticate (RFC 9110 §11.6.1, §15.5.2; AUTH-003): this one carries the gateway's own JSON error and no challenge, so a client cannot tell which scheme or realm the gateway wants, and an A2A client reads the card refusal as a discovery failure")

# Molecule-AI/molecule-core PR #2349 (before): the proxy acknowledges a 0.2-shaped message with 202 and no body
case("f548-v03-proxy-acks-v02-message-202", [
    req(0.0, "POST", G + "/workspaces/ws-design/a2a", rpc("brief-2345", "message/send", {"message": {"messageId": "m-2345", "role": "user", "content": "Kickoff: research brief for the onboarding redesign"}})),
    resp(0.01, 202, "", ctype="text/plain"),
], [("request-message-invalid-shape", "error"), ("jsonrpc-response-malformed", "error")],
 "https://github.com/Molecule-AI/molecule-core/pull/2349 (closes #2345: briefs whose sender used the v0.2 message format, params.message.content a string, were rejected by the downstream a2a-sdk 0.3 validator with \"params.message.parts - Field required\" only in tenant logs; the sender saw HTTP 200/202 and assumed delivery)",
 "two faults, one per side: the sender's message/send carries content instead of the 0.3 parts array (DATA-005: a Message has parts), and the proxy answers a JSON-RPC call with 202 and no body (RPC-001, RPC-002: every call with an id gets a JSON-RPC response), so the sender reads a delivery that never happened")

# Molecule-AI/molecule-core PR #2349 (after): the proxy refuses a message with neither parts nor content with 400 and a JSON-RPC error
case("f549-v03-proxy-refuses-partless-message-400", [
    req(0.0, "POST", G + "/workspaces/ws-design/a2a", rpc("brief-2349", "message/send", {"message": {"kind": "message", "messageId": "m-2349", "role": "user"}})),
    resp(0.01, 400, err("brief-2349", -32602, "params.message.parts is required (A2A v0.3); no v0.2 content found either")),
], [("request-message-invalid-shape", "error")],
 "https://github.com/Molecule-AI/molecule-core/pull/2349 (after the fix: v0.2 content is wrapped into parts at the proxy edge; a message with neither parts nor content gets HTTP 400 with a structured JSON-RPC error pointing at the missing field)",
 "the fault is the sender's: a 0.3 Message without parts (DATA-005). The proxy's answer is a JSON-RPC error with the request's id and -32602 (ERR-001), which every 0.3 client reads whatever the HTTP status (a2a-python and a2a-js parse the body of a 4xx JSON-RPC answer), so the verifier names only the message")

# --- legal controls --------------------------------------------------------------------------------
# IBM/mcp-context-forge #6277 (before): the gateway's own error answer to message/stream, as JSON
case("f543-legal-v03-gateway-stream-error-as-json", [
    req(0.0, "POST", G + "/a2a/warehouse-analyst", rpc("s-6277b", "message/stream", {"message": umsg03("which region grew fastest last quarter?", mid="m-6277b")}), accept=SSE),
    resp(0.9, 200, err("s-6277b", -32603, "Internal error", "Expecting value: line 1 column 1 (char 0)")),
], [],
 "https://github.com/IBM/mcp-context-forge/issues/6277 (before the fix: the gateway reads the agent's SSE reply as JSON and answers the caller's message/stream with a JSON-RPC -32603 \"Expecting value: line 1 column 1\")",
 "the gateway failed, but its answer is a legal one: a streaming call that fails before any event may be answered with a single JSON-RPC error as application/json (RPC-005 names the error response as the alternative to the stream; a2a-python and a2a-js both read it), -32603 is the code for the gateway's own internal error (ERR-001) and a 0.3 error.data may be any value; the parser text names no file or host. The fault is in the gateway's upstream hop, which no client-side recording shows")

# agentgateway/agentgateway PR #2251 (after): a 1.0 card with every interface URL rewritten to the gateway
C2251 = {"name": "Research Agent", "description": "Finds and summarises papers",
         "supportedInterfaces": [
             {"url": G + "/research/a2a/jsonrpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
             {"url": G + "/research/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}],
         "version": "2.3.0", "capabilities": {"streaming": True, "pushNotifications": False},
         "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
         "skills": [{"id": "search", "name": "Search", "description": "Searches papers", "tags": ["papers"]}]}
case("f544-legal-v10-gateway-rewrites-each-interface", [
    req(0.0, "GET", G + "/research/.well-known/agent-card.json"),
    resp(0.01, 200, C2251),
    req(0.3, "POST", G + "/research/a2a/rest/message:send", {"message": umsg10("papers on speculative decoding since 2025", mid="m-2251")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(2.3, 200, {"task": task10("t-2251", "c-2251", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-2251", "parts": [{"text": "12 papers found"}]}])}, ctype="application/a2a+json"),
], [],
 "https://github.com/agentgateway/agentgateway/pull/2251 (A2A 1.0 moved the card's url into supportedInterfaces[]; the gateway used to bail with \"agent card missing URL\" on any 1.0 card, and after the PR it rewrites the url of every interface entry to the gateway base, keeping each path)",
 "a gateway that fronts an agent serves the card with its own addresses (CARD-010: the interface URLs are where clients call); each 1.0 interface keeps its binding and path, the client picks HTTP+JSON and calls POST {url}/message:send (REST-001) with A2A-Version 1.0, and the answer is a bare SendMessageResponse. Nothing here is a fault")

# agno-agi/agno #10077: a 1.0 stream held back by nginx's proxy buffer arrives as one burst at the end
case("f545-legal-v10-stream-buffered-by-proxy", [
    req(0.0, "POST", G + "/a2a/agents/researcher/v1/message:stream", {"message": umsg10("outline the quarterly report", mid="m-10077")}, ver="1.0", accept=SSE),
    resp(41.0, 200, "", ctype=SSE, hdr={"cache-control": "no-cache"}),
    chunk(41.0, "".join([
        sse({"task": task10("t-10077", "c-10077", "TASK_STATE_SUBMITTED")}),
        sse(su10("t-10077", "c-10077", "TASK_STATE_WORKING")),
        sse(au10("t-10077", "c-10077", "a-10077", "1. Revenue 2. Costs 3. Outlook", lastChunk=True)),
        sse(su10("t-10077", "c-10077", "TASK_STATE_COMPLETED"))])),
    chunk(41.01, "", close="eof"),
], [],
 "https://github.com/agno-agi/agno/issues/10077 (AgentOS behind nginx: proxy_buffering is on by default, so A2A streaming events arrive at the client in delayed bursts, or all at once when the run finishes; the request is for X-Accel-Buffering: no on every StreamingResponse)",
 "a proxy that buffers the stream delays it but does not break it: the four events arrive in order, each a bare 1.0 StreamResponse (REST-002), ending at a terminal state before the close (STREAM-003). Latency is no protocol requirement, so the verifier stays silent; the user sees it in the chunk times")

# Kong/developer.konghq.com PR #6511: Kong AI Gateway's rate limit answers an A2A call 429 in its own JSON
case("f550-legal-v10-gateway-rate-limit-429", [
    req(0.0, "POST", G + "/a2a", rpc("r-6511", "SendMessage", {"message": umsg10("summarise ticket 8812", mid="m-6511")}), ver="1.0"),
    resp(0.004, 429, {"message": "API rate limit exceeded"}, hdr={"server": "kong/3.14.0", "retry-after": "42", "x-ratelimit-limit-minute": "5", "x-ratelimit-remaining-minute": "0", "ratelimit-reset": "42"}),
    req(42.5, "POST", G + "/a2a", rpc("r-6511b", "SendMessage", {"message": umsg10("summarise ticket 8812", mid="m-6511b")}), ver="1.0"),
    resp(43.9, 200, ok("r-6511b", {"task": task10("t-6511", "c-6511", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-6511", "parts": [{"text": "Ticket 8812: login loop after SSO change"}]}])}), hdr={"server": "kong/3.14.0", "x-ratelimit-remaining-minute": "4"}),
], [],
 "https://github.com/Kong/developer.konghq.com/pull/6511 (Kong AI Gateway 2.0: A2A traffic is rate limited with the standard Rate Limiting Advanced policy, by consumer or by IP, at request time before the upstream responds; a stream already in progress is not interrupted)",
 "a rate limiter in front of the agent refuses with HTTP 429 and Retry-After (RFC 6585 §4) in its own JSON, before the agent sees the call (ERR-007: a front's status is not an A2A error); the client waits the 42 s and the retry succeeds. No finding")

write_cases(cases, OUT)

# --- variants: the kind fixed in this round ----------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R86369 = "https://github.com/NousResearch/hermes-agent/pull/86369"
NOTE_K1 = "a CDN edge's origin-failure status (Cloudflare 520-527, 530) with no A2A answer is a front's answer like a 502/504 (ERR-007, RPC-002): GW-RESP-003 notes it, whatever the binding or generation"

# K1: a CDN's 52x answer to an A2A call, with no A2A answer (GW-RESP-003, note)
vcase("b28c2-K1-v03-jsonrpc-522-empty", [
    req(0.0, "POST", G + "/a2a", rpc(7, "message/send", {"message": umsg03("status of order 4411", mid="m-k1a")})),
    resp(19.0, 522, "", ctype="text/html", hdr=CF),
], [("intermediary-error-without-answer", "note")], R86369 + " (the edge could not open a connection to the origin within 19 s: 522 with an empty body)", NOTE_K1)
vcase("b28c2-K1-v10-rest-send-524", [
    req(0.0, "POST", G + "/a2a/rest/message:send", {"message": umsg10("refactor the billing module", mid="m-k1b")}, ver="1.0", ctype="application/a2a+json", accept="application/a2a+json"),
    resp(125.0, 524, HTML524, ctype="text/html; charset=UTF-8", hdr=CF),
], [("intermediary-error-without-answer", "note")], R86369 + " (the same timeout on the HTTP+JSON binding)", NOTE_K1)
vcase("b28c2-K1-v10-stream-524-before-any-event", [
    req(0.0, "POST", G + "/a2a", rpc("s-k1c", "SendStreamingMessage", {"message": umsg10("refactor the billing module", mid="m-k1c")}), ver="1.0", accept=SSE),
    resp(125.0, 524, HTML524, ctype="text/html; charset=UTF-8", hdr=CF),
], [("intermediary-error-without-answer", "note")], R86369 + " (a streaming call whose agent sent no headers and no keep-alive for 125 s: the edge answers 524 before the stream starts)", NOTE_K1)
vcase("b28c2-K1-v03-jsonrpc-521-origin-down", [
    req(0.0, "POST", G + "/a2a", rpc("g1", "tasks/get", {"id": "t-k1d"})),
    resp(0.4, 521, "<html><body><h1>Web server is down</h1><p>Error code 521</p></body></html>", ctype="text/html", hdr=CF),
], [("intermediary-error-without-answer", "note")], R86369 + " (the origin refused the edge's connection: 521)", NOTE_K1)

# controls: the same edge passing the agent's answers on
vcase("b28c2-K1-legal-v10-send-through-cloudflare", [
    req(0.0, "POST", G + "/a2a", rpc("r-k1e", "SendMessage", {"message": umsg10("refactor the billing module", mid="m-k1e"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.3, 200, ok("r-k1e", {"task": task10("t-k1e", "c-k1e", "TASK_STATE_WORKING")}), hdr=CF),
    req(200.0, "POST", G + "/a2a", rpc("g-k1e", "GetTask", {"id": "t-k1e"}), ver="1.0"),
    resp(200.1, 200, ok("g-k1e", task10("t-k1e", "c-k1e", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-k1e", "parts": [{"text": "done: 42 tests pass"}]}])), hdr=CF),
], [], R86369 + " (the fix the note points at: send with returnImmediately through the same edge and poll)", "an edge that passes the agent's answers on is no finding: the send returns a working task at once, GetTask later returns it completed (CORE-SEND-004)")
vcase("b28c2-K1-legal-v03-stream-keepalive-through-cloudflare", [
    req(0.0, "POST", G + "/a2a", rpc("s-k1f", "message/stream", {"message": umsg03("refactor the billing module", mid="m-k1f")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE, hdr=CF),
    chunk(0.3, sse(ok("s-k1f", task03("t-k1f", "c-k1f", "submitted")))),
    chunk(60.0, ": keep-alive\n\n"),
    chunk(120.0, ": keep-alive\n\n"),
    chunk(170.0, sse(ok("s-k1f", su03("t-k1f", "c-k1f", "completed", True)))),
    chunk(170.01, "", close="eof"),
], [], R86369 + " (the other fix: stream, with SSE comment keep-alives inside the edge's timeout)", "SSE comment lines are no events (WHATWG SSE §9.2.6) and keep the edge's read timer from expiring; the stream ends at a terminal state (STREAM-003). No finding")
vcase("b28c2-K1-v03-jsonrpc-error-in-524-body", [
    req(0.0, "POST", G + "/a2a", rpc(9, "message/send", {"message": umsg03("status of order 4411", mid="m-k1g")})),
    resp(125.0, 524, err(9, -32603, "upstream timed out"), hdr=CF),
], [], R86369 + " (a JSON-RPC error inside the edge's 524: an A2A answer, so not the no-answer note)", "the body is a JSON-RPC response with the request's id, so the client has an answer (RPC-002); GW-RESP-003 is only for answers that carry none")
write_cases(var_cases, VAR)
