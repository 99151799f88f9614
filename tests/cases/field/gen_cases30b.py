"""Session-30 field cases of miner mine30b (f640-f659): same helpers and output format as gen_cases.py.

Scope (round twenty-seven): version negotiation and compatibility layers. The A2A-Version
header (sent, missing, given as a query parameter), VersionNotSupportedError, the 0.3
compatibility layers inside the 1.0 SDKs, supportedInterfaces / protocolVersion in cards, how
a client chooses an interface (1.0 §8.3.2), gateways translating between generations, kind
discriminators, and the well-known card paths of each version.
`python3 gen_cases30b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
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
AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
OLD_CARD_URL = A + "/.well-known/agent.json"
def up(line):
    line["leg"] = "upstream"
    return line
def iface(url, binding="JSONRPC", version="1.0"):
    return {"url": url, "protocolBinding": binding, "protocolVersion": version}
def card10(ifaces=None, **kw):
    """A 1.0 card; `ifaces` replaces supportedInterfaces; `kw` replaces or adds members."""
    c = copy.deepcopy(CARD10)
    if ifaces is not None:
        c["supportedInterfaces"] = ifaces
    c.update(kw)
    return c
def get_card(t, card, url=CARD_URL, hdr=None, status=200):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, status, card)]
def send10(t, url, rid, text, mid, result, ver="1.0", hdr=None, rhdr=None):
    return [req(t, "POST", url, rpc(rid, "SendMessage", {"message": umsg10(text, mid=mid)}), ver=ver, hdr=hdr),
            resp(t + 0.4, 200, ok(rid, result), hdr=rhdr)]
def send03(t, url, rid, text, mid, result, hdr=None):
    return [req(t, "POST", url, rpc(rid, "message/send", {"message": umsg03(text, mid=mid)}), hdr=hdr),
            resp(t + 0.4, 200, ok(rid, result))]
def done10(tid, cid, text):
    return {"task": task10(tid, cid, "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-" + tid, "parts": [{"text": text}]}])}
def done03(tid, cid, text):
    return task03(tid, cid, "completed", artifacts=[{"artifactId": "a-" + tid, "parts": [{"kind": "text", "text": text}]}])
VNS = "type.googleapis.com/google.rpc.ErrorInfo"

# --- faults ----------------------------------------------------------------------------------------
# a2a-js #734: two JSONRPC 1.0 interfaces; the ClientFactory sends to the last one, skipping the preferred first
C734 = card10([iface(A + "/primary"), iface(A + "/backup")])
case("f640-v10-client-skips-preferred-equal-interface", get_card(0.0, C734) +
     send10(0.1, A + "/backup", "s-734", "summarise the incident", "m-734", done10("t-734", "c-734", "summary")) +
     send10(1.0, A + "/backup", "s-734b", "and the follow-ups?", "m-734b", done10("t-734b", "c-734", "follow-ups")),
 [("client-skipped-preferred-interface", "warning")],
 "https://github.com/a2aproject/a2a-js/issues/734 (with two JSONRPC 1.0 interfaces in an Agent Card, @a2a-js/sdk 1.2.0's ClientFactory sends every request to the last URL, skipping the first, preferred one without trying it; no preferredTransports override configured; the reproduction stubs fetch and records the outbound URL)",
 "1.0 \u00a78.3.2: clients MUST select the first supported interface and prefer earlier entries (CARD-005: the first entry is the preferred one); both entries are JSONRPC 1.0, so a client that can use the second can use the first, and it went to /backup with /primary never tried")

# trpc-agent-go PR #2472: a 1.0-only client takes the first JSONRPC interface although it declares 0.3
C2472 = card10([iface(A + "/a2a/v03", "JSONRPC", "0.3"), iface(A + "/a2a/rest", "HTTP+JSON", "1.0")])
case("f641-v10-client-takes-first-binding-of-other-version", get_card(0.0, C2472) + [
    req(0.1, "POST", A + "/a2a/v03", rpc("s-2472", "SendMessage", {"message": umsg10("book the 9:40 to Lyon", mid="m-2472")}), ver="1.0"),
    resp(0.11, 200, err("s-2472", -32601, "Method not found")),
], [("client-binding-not-declared", "warning")],
 "https://github.com/trpc-group/trpc-agent-go/pull/2472 (review: firstSupportedInterface treats every JSONRPC or HTTP+JSON entry as usable without reading ProtocolVersion; the client always sends A2A v1.0, so a card ordered JSONRPC 0.3 then HTTP+JSON 1.0 directs v1 requests to the incompatible first endpoint although a valid later interface exists). The agent's answer is rebuilt: a 0.3 JSON-RPC server does not know SendMessage",
 "1.0 \u00a78.3.2 / CARD-005: the client selects the first interface it supports and uses that interface's url; the entry at /a2a/v03 declares protocolVersion 0.3, and the client sent a 1.0 call (A2A-Version 1.0, SendMessage) there while the card offers 1.0 only over HTTP+JSON at /a2a/rest (VER-004: the dialect is per interface url). The agent's -32601 is the 0.3 server's right answer to a name it does not know")

# a2a-js #559 / PR #560: legacyCompat restamps every interface as 0.3, the strict 1.0 REST handler refuses 0.3
C559 = card10([iface(A + "/jsonrpc", "JSONRPC", "1.0"), iface(A + "/jsonrpc", "JSONRPC", "0.3"),
               iface(A + "/rest", "HTTP+JSON", "1.0"), iface(A + "/rest", "HTTP+JSON", "0.3")])
case("f642-v10-card-declares-03-rest-but-refuses-03", get_card(0.0, C559) + [
    req(0.1, "POST", A + "/rest/v1/message:send", {"message": {"messageId": "m-559", "role": "ROLE_USER", "content": [{"text": "list open invoices"}]}}),
    resp(0.11, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "A2A version 0.3 is not supported",
                               "details": [{"@type": VNS, "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}}),
], [("card-version-method-mismatch", "error")],
 "https://github.com/a2aproject/a2a-js/issues/559 ; https://github.com/a2aproject/a2a-js/pull/560 (legacyCompat: { enabled: true } on agentCardHandler auto-promoted every declared AgentInterface to v0.3, so the card claimed v0.3 on bindings whose strict v1.0 handlers reject the call at the wire; the PR drives 0.3 advertisement from per-interface protocolVersion only). Rebuilt on HTTP+JSON, one of the bindings the thread names",
 "each interface MUST declare what it really serves (CARD-005, 1.0 \u00a78.3.1; BIND-001): the card offers HTTP+JSON 0.3 at /rest, a 0.3 client calls the 0.3 route there (POST /v1/message:send, 0.3 ProtoJSON, no A2A-Version: 0.3 by VER-003), and the agent refuses 0.3 with VersionNotSupportedError")

# kagent #2037 / PR #2038: the 1.0 -> 0.x conversion (ToLegacyTask) leaves the Task's kind discriminator empty
GW = "https://gw.example.test"
case("f643-gw-10-to-03-task-without-kind", [
    req(0.0, "POST", GW + "/api/a2a/team/k8s-agent/", rpc(7, "tasks/get", {"id": "t-2037"})),
    up(req(0.01, "POST", A + "/a2a", rpc(7, "GetTask", {"id": "t-2037"}), ver="1.0")),
    up(resp(0.05, 200, ok(7, task10("t-2037", "c-2037", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("Which namespace?", mid="m-2037q", contextId="c-2037", taskId="t-2037")})))),
    resp(0.06, 200, ok(7, {"kind": "", "id": "t-2037", "contextId": "c-2037",
        "status": {"state": "input-required", "timestamp": TS, "message": amsg03("Which namespace?", mid="m-2037q", contextId="c-2037", taskId="t-2037")}})),
], [("result-invalid-shape", "error")],
 "https://github.com/kagent-dev/kagent/issues/2037 ; https://github.com/kagent-dev/kagent/pull/2038 (after an ask_user interrupt the task could not be resumed: ToLegacyTask, converting an A2A v1 task back to the legacy v0 format, never set Kind, so the Python engine's validation failed with \"data.kind Input should be 'task' [input_value='']\"; the fix sets Kind: KindTask as toLegacyMessage already did). The thread's hop is kagent's own task API; rebuilt here as the 0.3 JSON-RPC tasks/get that the same conversion answers",
 "a 0.3 Task carries kind: \"task\" (DATA-005, 0.3:schema: kind is required with that constant); the gateway translated the 1.0 Task's state and message but left kind \"\", so a 0.3 client that dispatches on kind cannot tell a Task from a Message")

# inference-gateway/adk #76: user message stored in the task history with empty kind and messageId
case("f644-v03-history-user-message-empty-id-and-kind", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-76", "message/send", {"message": {"role": "user", "parts": [{"kind": "text", "text": "what is the weather in Berlin?"}]}})),
    resp(0.8, 200, ok("s-76", task03("t-76", "c-76", "completed",
        history=[{"kind": "", "messageId": "", "role": "user", "parts": [{"kind": "text", "text": "what is the weather in Berlin?"}]},
                 amsg03("12 degrees and cloudy.", mid="5b1c9a7e-76a1-4d8e-9c1f-0a2b3c4d5e6f", contextId="c-76", taskId="t-76")]))),
], [("request-message-invalid-shape", "error"), ("result-invalid-shape", "error")],
 "https://github.com/inference-gateway/adk/issues/76 (when a client sends message/send without kind and messageId the server stores the message as-is, so user messages in the task history read \"kind\": \"\", \"messageId\": \"\" while assistant messages carry \"kind\": \"message\" and a uuid; the example output is quoted in the issue)",
 "every Message the agent returns, history included, has a messageId and kind \"message\" (DATA-005, 0.3:schema Message); the client's message lacked both (its own fault, which the agent may refuse with -32602, ERR-006), but the agent answered with a Task whose history holds an empty messageId and an empty kind, which no 0.3 client can parse")

# a2a-python #1111: the well-known card route converts the card to 0.3 first and fails when no interface is 0.3
C1111 = card10([iface(A + "/a2a", "JSONRPC", "1.0"), iface(A + "/rest", "HTTP+JSON", "1.0")])
case("f645-v10-well-known-card-500-for-10-only-card", [
    req(0.0, "GET", CARD_URL),
    resp(0.01, 500, "Internal Server Error", ctype="text/plain; charset=utf-8"),
    req(0.5, "GET", CARD_URL),
    resp(0.51, 500, "Internal Server Error", ctype="text/plain; charset=utf-8"),
], [("card-not-json", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1111 (create_agent_card_routes serves the card through to_compat_agent_card, which raises VersionNotSupportedError('AgentCard must have at least one interface with compatible protocol version.') when every interface declares 1.0, so the Agent Card is not retrieved; the status is rebuilt as Starlette's plain 500 for an unhandled exception)",
 "a 1.0 agent MUST serve its Agent Card at /.well-known/agent-card.json (CARD-001, CARD-002, 1.0 \u00a78.2): a card whose interfaces are all 1.0 is valid (CARD-003), and the route answered 500 twice, so no client can discover the agent")

# a2a-js PR #520: the compat sample's README sends 0.3 JSON-RPC shapes to the 0.3 REST route
case("f646-v03-rest-send-with-jsonrpc-shapes", [
    req(0.0, "POST", A + "/a2a/rest/v1/message:send", {"request": {"message": {"messageId": "demo-rest-v03", "role": "user", "parts": [{"kind": "text", "text": "hello"}]}}}, ver="0.3"),
    resp(0.01, 400, {"code": -32602, "message": "Invalid role: 0"}),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/pull/520 (review of the compat-v1 server README: curl POST /a2a/rest/v1/message:send with A2A-Version: 0.3 and {\"request\": {\"message\": {\"role\": \"user\", \"parts\": [{\"kind\": \"text\", ...}]}}} got {\"code\":-32602,\"message\":\"Invalid role: 0\"}; the example was corrected)",
 "0.3 HTTP+JSON bodies are ProtoJSON of 0.3:grpc (REST-003, DATA-001 trap 5): SendMessageRequest is {message: {messageId, role: \"ROLE_USER\", content: [{text}]}}; the client sent the 0.3 JSON-RPC spellings (role \"user\", parts with kind) inside an extra \"request\" wrapper, so the agent read no role. The agent's refusal is right")

# actioncard/a2a-elixir PR #18: a header-less call (which asks for 0.3) served as 1.0 by a 1.0-only agent
case("f647-v10-headerless-call-served-by-10-only-agent", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-18", "SendMessage", {"message": umsg10("translate 'good morning' to Finnish", mid="m-18")})),
    resp(0.5, 200, ok("s-18", {"message": amsg10("Hyv\u00e4\u00e4 huomenta.", mid="m-18r")}), hdr={"a2a-version": "1.0"}),
], [("version-0-3-header-on-1-0-call-processed", "warning"), ("client-version-mixed-request", "warning")],
 "https://github.com/actioncard/a2a-elixir/pull/18 (A2A.Plug: \"If absent -> accepts (per spec, absent header is OK)\", :supported_versions defaults to [\"1.0\", \"1.0.0\"], and A2A-Version: 1.0 is set on every response; closed unmerged, PR #45 replaced it with missing/empty -> \"0.3\")",
 "Agents MUST interpret an empty or missing A2A-Version as 0.3 (VER-003, 1.0 \u00a73.6.2) and MUST return VersionNotSupportedError for a version the interface does not serve (VER-002): the card offers 1.0 only, the call carries no header, and the agent served it as 1.0 and even answered A2A-Version: 1.0. The client that left the header out is at fault as well (VER-001)")

# a2a-python PR #847 (fixes #742): the compat card's 0.3 members list a 1.0-only interface
C847 = card10([iface(A + "/a2a", "JSONRPC", "0.3"), iface(A + "/a2a", "JSONRPC", "1.0"), iface(A + "/rest", "HTTP+JSON", "1.0")],
              protocolVersion="0.3.0", url=A + "/a2a", preferredTransport="JSONRPC",
              additionalInterfaces=[{"url": A + "/a2a", "transport": "JSONRPC"}, {"url": A + "/rest", "transport": "HTTP+JSON"}])
case("f648-v10-compat-card-03-members-list-10-only-rest", get_card(0.0, C847) + [
    req(0.1, "POST", A + "/rest/v1/message:send", {"message": {"messageId": "m-847", "role": "ROLE_USER", "content": [{"text": "status of order 847"}]}}),
    resp(0.11, 404, {"detail": "Not Found"}),
], [("card-url-unreachable", "error")],
 "https://github.com/a2aproject/a2a-python/pull/847 (fixes #742: \"When generating backward compatible AgentCard format, keep only 0.3 compatible endpoints\"; this affects /.well-known/agent-card.json and the 0.3 compat layer's AgentCard). The card before the fix and the 404 are rebuilt from the description",
 "the card's 0.3 members (url, preferredTransport, additionalInterfaces) are what a 0.3 client reads (CARD-006), and they list HTTP+JSON at /rest, which supportedInterfaces declares 1.0 only; the 0.3 client follows it to the 0.3 route /rest/v1/message:send and gets 404 (CARD-005: each interface MUST declare its real binding and url)")

# --- legal controls --------------------------------------------------------------------------------
# a2a-js PR #502: a 1.0 SDK's v0.3 REST compat transport talks to the card's 0.3 HTTP+JSON interface
C502 = card10([iface(A + "/rest", "HTTP+JSON", "1.0"), iface(A + "/rest03", "HTTP+JSON", "0.3")])
case("f650-legal-v10-compat-client-speaks-03-rest", get_card(0.0, C502) + [
    req(0.1, "POST", A + "/rest03/v1/message:send", {"message": {"messageId": "m-502", "role": "ROLE_USER", "content": [{"text": "how many tickets are open?"}]},
                                                    "configuration": {"blocking": True}}, ver="0.3"),
    resp(0.6, 200, {"task": {"id": "t-502", "contextId": "c-502", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
                             "artifacts": [{"artifactId": "a-502", "parts": [{"text": "17 open tickets"}]}]}}),
    req(0.7, "GET", A + "/rest03/v1/tasks/t-502?historyLength=0", ver="0.3"),
    resp(0.71, 200, {"id": "t-502", "contextId": "c-502", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
                     "artifacts": [{"artifactId": "a-502", "parts": [{"text": "17 open tickets"}]}]}),
], [],
 "https://github.com/a2aproject/a2a-js/pull/502 (a legacyCompat option on the REST transport factory picks RestTransport (v1.0) or LegacyRestTransport (v0.3) from the matched interface's protocolVersion; the shared pickMatchingInterface matches binding, URL and version). The 0.3 wire bytes are rebuilt from 0.3:grpc",
 "legal: the client matched the card's HTTP+JSON 0.3 interface and spoke 0.3 there (VER-004): the 0.3 routes below {url}/v1, 0.3 ProtoJSON bodies (message parts in content, ROLE_USER, TASK_STATE_COMPLETED, the send response's task member; REST-003, trap 5) and A2A-Version: 0.3, which a 0.3 call may carry (VER-003); the 1.0 interface at /rest was not the one it chose, and need not be")

# a2aproject/A2A #2184: the version as a request parameter instead of the header (1.0 §3.6.1 MAY)
CREST = card10([iface(A + "/a2a", "HTTP+JSON", "1.0")])
case("f651-legal-v10-version-as-query-parameter", get_card(0.0, CREST) + [
    req(0.1, "POST", A + "/a2a/message:send?A2A-Version=1.0", {"message": umsg10("draft a haiku about tides", mid="m-2184")}, ctype=AJ, accept=AJ),
    resp(0.9, 200, done10("t-2184", "c-2184", "Moon pulls, water bows"), ctype=AJ),
    req(1.0, "GET", A + "/a2a/tasks/t-2184?historyLength=0&A2A-Version=1.0", accept=AJ),
    resp(1.01, 200, done10("t-2184", "c-2184", "Moon pulls, water bows")["task"], ctype=AJ),
], [],
 "https://github.com/a2aproject/A2A/issues/2184 (\u00a73.6.1 says clients MUST send the A2A-Version header, and just after that they MAY provide A2A-Version as a request parameter instead of a header; \u00a79.2 / \u00a711.2 say service parameters MUST be headers: which requirement takes precedence?)",
 "legal: 1.0 \u00a73.6.1 lets a client give A2A-Version as a request parameter instead of the header (VER-001) with its own example GET /tasks/task-123?A2A-Version=1.0; the agent served both calls as 1.0, which is the version asked for")

# a2a-go PR #224: the client factory prefers the newer protocol version over an earlier 0.3 entry
CGO = card10([iface(A + "/a2a/v03", "JSONRPC", "0.3"), iface(A + "/a2a", "JSONRPC", "1.0")])
case("f652-legal-v10-client-prefers-newer-version-interface", get_card(0.0, CGO) +
     send10(0.1, A + "/a2a", "s-224", "what changed in release 3.2?", "m-224", done10("t-224", "c-224", "three fixes")),
 [],
 "https://github.com/a2aproject/a2a-go/pull/224 (client factory: version is taken into account during interface candidate selection, newer version candidates are prioritized, client preference applies within a protocol version)",
 "legal: 1.0 \u00a78.3.2 has the client take the first interface it supports; a client that speaks 1.0 does not support the 0.3 entry listed first, and an SDK with a compat transport may choose within what it supports (\u00a73.6.3 wants clients that need new features to avoid falling back); it used the 1.0 interface's own url with A2A-Version 1.0")

# rossoctl PR #2335 / jarvis-registry PR #273: agent-card.json 404, fall back to the 0.2 path
C02 = card03(A + "/a2a", protocolVersion="0.2.5")
case("f653-legal-v02-card-fallback-to-agent-json", [
    req(0.0, "GET", CARD_URL), resp(0.01, 404, {"detail": "Not Found"}),
    req(0.1, "GET", OLD_CARD_URL), resp(0.11, 200, C02),
] + send03(0.2, A + "/a2a", 1, "how many pods are pending?", "m-2335", done03("t-2335", "c-2335", "3 pending")),
 [],
 "https://github.com/rossoctl/rossoctl/pull/2335 ; https://github.com/ascending-llc/jarvis-registry/pull/273 (the backend tries /.well-known/agent-card.json first and falls back to the deprecated /.well-known/agent.json only when the new endpoint returns 404, preserving other HTTP errors)",
 "legal: a 0.2 agent publishes its card at /.well-known/agent.json (CARD-002, 0.2:\u00a75.3) and declares protocolVersion 0.2.5; the 404 at the 0.3 / 1.0 path is no fault of a 0.2 agent and the client's fallback finds the card its version defines")

# spring-ai-ascend #238: the same card at the legacy and the current well-known path
C238 = card10()
case("f654-legal-v10-same-card-at-both-well-known-paths",
     get_card(0.0, C238, url=OLD_CARD_URL) + get_card(0.1, C238) +
     send10(0.2, A + "/a2a", "s-238", "find a hotel near the station", "m-238", done10("t-238", "c-238", "Hotel Central")),
 [],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/238 (/.well-known/agent.json (legacy) and /.well-known/agent-card.json return exactly the same card with no canonical signal; the issue asks for a Link rel=canonical and a Deprecation header on the legacy path)",
 "legal: CARD-002 requires the card at /.well-known/agent-card.json and forbids nothing at the 0.2 path; serving the identical 1.0 card there too helps old clients. A canonical Link or Deprecation header is a nicety A2A does not ask for")

# a2a-python #1104: a 1.0 card with the 0.3 members merged in, used by a 0.3 and a 1.0 client
C1104 = card10([iface(A + "/a2a", "JSONRPC", "1.0"), iface(A + "/a2a", "JSONRPC", "0.3")],
               protocolVersion="0.3.0", url=A + "/a2a", preferredTransport="JSONRPC",
               additionalInterfaces=[{"url": A + "/a2a", "transport": "JSONRPC"}])
case("f655-legal-v10-hybrid-card-serves-03-and-10-clients", get_card(0.0, C1104) +
     send03(0.1, A + "/a2a", 1, "convert 30 EUR to CHF", "m-1104a", done03("t-1104a", "c-1104a", "28.40 CHF")) +
     send10(1.0, A + "/a2a", "s-1104", "convert 30 EUR to GBP", "m-1104b", done10("t-1104b", "c-1104b", "25.70 GBP")),
 [],
 "https://github.com/a2aproject/a2a-python/issues/1104 (serving an AgentCard in protocol 1.0, the SDK generates the v0.3 fields protocolVersion, url, preferredTransport, additionalInterfaces, supportsAuthenticatedExtendedCard and merges them into the 1.0 card; the question asks whether enable_v0_3_compat will control that)",
 "legal: 1.0 \u00a75.7 / DATA-003 has readers ignore unknown fields, so the 0.3 members cost a 1.0 client nothing and let a 0.3 client find the 0.3 JSON-RPC interface the card also declares (VER-004); each client got its own version at the same url (0.3 without the header, 1.0 with A2A-Version: 1.0)")

# assistant-ui PR #6228: a 0.3 JSON-RPC stream whose results are flat, kind-discriminated events
S03 = [sse(ok(3, task03("t-6228", "c-6228", "submitted"))),
       sse(ok(3, {"kind": "status-update", "taskId": "t-6228", "contextId": "c-6228", "status": {"state": "working", "timestamp": TS}, "final": False})),
       sse(ok(3, {"kind": "artifact-update", "taskId": "t-6228", "contextId": "c-6228", "artifact": {"artifactId": "a-6228", "parts": [{"kind": "text", "text": "Draft: Q3 revenue rose 4%."}]}, "lastChunk": True})),
       sse(ok(3, {"kind": "status-update", "taskId": "t-6228", "contextId": "c-6228", "status": {"state": "completed", "timestamp": "2026-03-02T10:15:02.000Z"}, "final": True}))]
case("f656-legal-v03-stream-flat-kind-events", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(3, "message/stream", {"message": umsg03("summarise the Q3 report", mid="m-6228")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
] + [chunk(0.3 + 0.2 * i, b) for i, b in enumerate(S03)] + [chunk(1.2, "", close="eof")],
 [],
 "https://github.com/assistant-ui/assistant-ui/pull/6228 (react-a2a decoded only REST-style single-key envelopes; \"JSON-RPC streaming results are the event itself, flat, discriminated by kind (per the A2A JSON-RPC schema), rather than wrapped in a REST-style single-key envelope\"; the PR adds the fallthrough)",
 "legal: a 0.3 message/stream result is a Task, Message, TaskStatusUpdateEvent or TaskArtifactUpdateEvent told apart by kind (RPC-005, 0.3:ts SendStreamingMessageSuccessResponse); the {\"task\": ...} / {\"statusUpdate\": ...} wrappers are 1.0 (and 0.3 REST / gRPC), so a client that needs them misreads correct 0.3 traffic")

# a2a-js #485: the card handler serves the card in the version the request asks for
C485_03 = card03(A + "/a2a", additionalInterfaces=[{"url": A + "/a2a", "transport": "JSONRPC"}])
C485_10 = card10([iface(A + "/a2a", "JSONRPC", "1.0"), iface(A + "/a2a", "JSONRPC", "0.3")])
case("f657-legal-v10-card-served-per-requested-version",
     get_card(0.0, C485_03, hdr={"a2a-version": "0.3"}) +
     send03(0.1, A + "/a2a", 1, "remind me at noon", "m-485a", done03("t-485a", "c-485a", "reminder set")) +
     get_card(1.0, C485_10, hdr={"a2a-version": "1.0"}) +
     send10(1.1, A + "/a2a", "s-485", "remind me at one", "m-485b", done10("t-485b", "c-485b", "reminder set")),
 [],
 "https://github.com/a2aproject/a2a-js/issues/485 (compat negotiation on agentCardHandler: on version 0.3 the handler serves a compat card produced by toCompatAgentCard(card); the compat-aware AgentCardResolver reads 0.3 cards and marks their interfaces protocolVersion 0.3)",
 "legal: the card a request with A2A-Version: 0.3 gets is a valid 0.3 card (CARD-004) and the one a 1.0 request gets a valid 1.0 card (CARD-003), both naming the same endpoint; the agent applies the requested version's semantics (VER-002), and each client then called in the version of the card it was given")

# langflow PR #13949: a 0.3 agent pins protocolVersion 0.3.0; a client names A2A-Version: 0.3
C13949 = card03(A + "/api/v1/a2a/flow-1", protocolVersion="0.3.0")
case("f658-legal-v03-client-names-version-03", get_card(0.0, C13949) +
     send03(0.1, A + "/api/v1/a2a/flow-1", 1, "classify this ticket: login fails", "m-13949", done03("t-13949", "c-13949", "category: auth"), hdr={"a2a-version": "0.3"}),
 [],
 "https://github.com/langflow-ai/langflow/pull/13949 (the card's protocolVersion is pinned to 0.3.0 instead of the a2a-sdk compat default: the server speaks the JSON-RPC v0.3 surface via JsonRpcDispatcher(enable_v0_3_compat=True), so 0.3.0 is the truthful version; advertising 1.x while speaking 0.3 would be worse)",
 "legal: the card declares 0.3.0 and the agent speaks 0.3 (VER-005: a 0.x card's protocolVersion, patch included, is how it names its version); a client that names A2A-Version: 0.3 asks for exactly that (VER-003), and a 0.3 agent may ignore a header its version does not define")

write_cases(cases, OUT)
