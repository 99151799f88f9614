"""Session-38 field cases of miner mine38 (f860-...): same helpers and output format as gen_cases37.py.

Scope (round thirty-eight): 1.0 wire details the table had few of: Agent Card security schemes
and requirements in ProtoJSON (the oneof wrappers, the `schemes` map of StringList), ListTasks
paging names, the 1.0 send configuration's field names, JSON-RPC content types, redirects at an
interface url, streaming frames (a JSON-RPC error inside an SSE stream), and the cards
gateways and hosted agents serve at routes of their own.
`python3 gen_cases38.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]

# --- faults -------------------------------------------------------------------------------------------
J590 = ("https://github.com/a2aproject/a2a-java/issues/590 ([Bug]: SecuritySchemes serialisation is incorrect: the builder's OpenIdConnectSecurityScheme is written as "
        "{\"openIdConnectUrl\": ..., \"description\": null} under the scheme name, and the requirement as `security`; \"according to the spec, it should be\" "
        "{\"openIdConnectSecurityScheme\": {\"openIdConnectUrl\": ...}}; 2026-01-15)")
HW = "https://hello-world.example.test"
case("f860-v10-card-openid-scheme-without-oneof-wrapper", get_card(0.0, card10(HW + "/a2a", name="Hello World Agent",
        securitySchemes={"google": {"openIdConnectUrl": "https://accounts.google.com/.well-known/openid-configuration", "description": None}},
        securityRequirements=[{"schemes": {"google": {"list": ["openid", "profile", "email"]}}}]), HW + "/.well-known/agent-card.json"),
 [("card-security-scheme-malformed", "error")],
 J590 + ". The card is rebuilt from the issue's payload (the requirement written in the 1.0 shape, so the case isolates the scheme)",
 "a 1.0 SecurityScheme is a oneof: the JSON object holds exactly one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, openIdConnectSecurityScheme, mtlsSecurityScheme (1.0:proto SecurityScheme, DATA-001); {openIdConnectUrl} at the top is the 0.3 shape without its `type`, so a 1.0 client finds no scheme and cannot authenticate (CARD-003, AUTH-002). Wrap it: {\"openIdConnectSecurityScheme\": {\"openIdConnectUrl\": ...}}")

G347 = ("https://github.com/a2aproject/a2a-go/issues/347 ([Bug]: AgentCard Defined By Java Server cannot be Serialized in Go SDK: \"unknown security scheme type ... found keys [description, oauth2MetadataUrl]\"; "
        "the maintainers' reading, PR #352 closed unmerged: the Java server wrote the card with Jackson instead of the SDK's ProtoJSON writer; 2026-06-05)")
JS = "https://orders.example.test"
case("f861-v10-card-oauth2-scheme-flat-jackson", get_card(0.0, card10(JS + "/", binding="HTTP+JSON", name="order-agent",
        securitySchemes={"oauth2": {"description": "client credentials", "oauth2MetadataUrl": "https://auth.example.test/.well-known/oauth-authorization-server",
                                    "flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/oauth/token", "scopes": {"openid": "openid", "profile": "profile"}}}}},
        securityRequirements=[{"schemes": {"oauth2": {"list": ["openid"]}}}]), JS + "/.well-known/agent-card.json"),
 [("card-security-scheme-malformed", "error")],
 G347 + ". The card is rebuilt from the error's key list: the OAuth 2.0 scheme's members at the top of the scheme, no oauth2SecurityScheme member",
 "a 1.0 SecurityScheme holds its scheme under the oneof member name (1.0:proto SecurityScheme; DATA-001: JSON is ProtoJSON): {description, oauth2MetadataUrl, flows} at the top is a plain Java bean written by Jackson, and the Go SDK (like any 1.0 client) refuses the whole card (CARD-003). Write the card with the SDK's ProtoJSON writer: {\"oauth2\": {\"oauth2SecurityScheme\": {...}}}")

J667 = ("https://github.com/a2aproject/a2a-java/issues/667 (SecurityRequirement JSON serialization doesn't match proto specification: the SDK writes "
        "\"securityRequirements\": [{\"oauth2\": [\"profile\"]}] without the `schemes` map, and clients fail with InvalidParamsJsonMappingException \"oauth2 in message a2a.v1.SecurityRequirement\"; 2026-02-17)")
case("f862-v10-card-requirement-without-schemes-map", get_card(0.0, card10(JS + "/a2a", name="order-agent",
        securitySchemes={"oauth2": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/oauth/token", "scopes": {"profile": "profile"}}}}}},
        securityRequirements=[{"oauth2": ["profile"]}]), JS + "/.well-known/agent-card.json"),
 [("card-security-scheme-malformed", "error")],
 J667 + ". The card is rebuilt from the issue's actual-behaviour JSON",
 "a 1.0 SecurityRequirement is {\"schemes\": {name: StringList}} and StringList is {\"list\": [...]} (1.0:proto SecurityRequirement, StringList; DATA-001): [{\"oauth2\": [\"profile\"]}] is the 0.3 `security` entry under the 1.0 name, which a ProtoJSON reader refuses as an unknown member, so the card does not load (CARD-003, AUTH-007)")

D329 = ("https://github.com/a2aproject/a2a-dotnet/issues/329 (SendMessageConfiguration uses 'Blocking' instead of spec's 'returnImmediately', and non-blocking behavior is not implemented: "
        "\"Observed: Server blocks for full task duration (10+ seconds) and returns Completed\"; fixed by PR #339; 2026-03-17)")
case("f863-v10-send-configuration-blocking-false", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-329", "SendMessage", {"message": umsg10("generate the quarterly report", mid="m-329"), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}}), ver="1.0"),
    resp(11.4, 200, ok("s-329", {"task": task10("t-329", "c-329", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-329", "parts": [{"text": "Q3 report: ..."}]}])})),
], [("client-version-mixed-request", "warning")],
 D329 + ". The exchange is rebuilt from the issue: the .NET client's configuration carries `blocking: false` on the 1.0 wire, the server waits for the end of the task and answers after 11 s with the completed task",
 "1.0 names the field returnImmediately, default false (1.0:proto SendMessageConfiguration; TASK-005; trap 8: 0.3's blocking is inverted); `blocking` is the 0.3 member, which a 1.0 server ignores as unknown (DATA-003), so the client asked for nothing and the server rightly blocked. Send \"returnImmediately\": true")

G264 = ("https://github.com/a2aproject/a2a-go/issues/264 ([Bug]: A2A jsonrpc returning Content-Type: text/plain i.s.o application/json: \"This prevents Microsoft Copilot from accepting responses from it\"; "
        "the curl log shows HTTP 200 with Content-Type: text/plain; charset=utf-8 and a JSON-RPC result; 2026-03-09)")
GA = "https://time-agent.example.test"
case("f864-v03-jsonrpc-answer-text-plain", get_card(0.0, card03(GA + "/a2a/invoke", name="time-agent"), GA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", GA + "/a2a/invoke", rpc(123, "message/send", {"message": umsg03("hi", mid="m-264", contextId="123")})),
    resp(2.1, 200, ok(123, task03("t-264", "123", "completed", artifacts=[{"artifactId": "a-264", "parts": [{"kind": "text", "text": "Hello! Which city would you like the time for?"}]}])), ctype="text/plain; charset=utf-8"),
], [("jsonrpc-response-malformed", "error")],
 G264 + ". The exchange is rebuilt from the issue's curl log (the request as a JSON client sends it: application/json, a whole message)",
 "a JSON-RPC response is application/json (RPC-001; 0.3 §3.2.1): text/plain makes strict clients (Copilot, Go's and .NET's JSON readers) refuse the body although the JSON inside is right")

T46 = ("https://github.com/trpc-group/trpc-a2a-go/issues/46 (307 Redirect: the card's url is \"http://localhost:6789/agent/api/v2/planner/jsonrpc/\", the framework's route is \"/*card\"; "
       "\"The a2a-inspector can get the agent card correctly ... But when I try to chat with it, I got an HTTP 307 error\"; 2025-07-01)")
PL = "https://planner.example.test/agent/api/v2/planner/jsonrpc"
case("f865-v03-interface-url-redirects-trailing-slash", get_card(0.0, card03(PL + "/", name="planner"), "https://planner.example.test/.well-known/agent-card.json") + [
    req(0.1, "POST", PL + "/", rpc("s-46", "message/send", {"message": umsg03("plan my week", mid="m-46")})),
    resp(0.11, 307, "", ctype="text/html; charset=utf-8", hdr={"location": "/agent/api/v2/planner/jsonrpc"}),
], [("card-url-redirects", "warning")],
 T46 + ". The exchange is rebuilt from the issue: the card names the url with a trailing slash, the framework's router answers the POST there with 307 to the path without it",
 "the card's url serves the preferred transport (CARD-006, 0.3 §5.6): an interface that answers each call with a redirect makes every client send its request twice, and clients that do not follow redirects on POST (the inspector, httpx's default) fail. Advertise the url the router serves (or serve both spellings)")

S358 = ("https://github.com/a2aproject/a2a-samples/issues/358 (Java sample: use message/stream for streaming + fix SSE parsing: \"The streaming RPC still uses message/send in the JSON-RPC body when calling the /a2a/stream endpoint. "
        "As of A2A v0.3.0, streaming is invoked via the JSON-RPC method message/stream\"; 2025-09-13)")
JA = "https://java-sample.example.test"
case("f866-v03-send-answered-as-event-stream", get_card(0.0, card03(JA + "/a2a", name="java-sample"), JA + "/.well-known/agent-card.json") + [
    req(0.1, "POST", JA + "/a2a/stream", rpc("st-358", "message/send", {"message": umsg03("tell me a joke", mid="m-358")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("st-358", task03("t-358", "c-358", "submitted")))),
    chunk(0.9, sse(ok("st-358", {"kind": "artifact-update", "taskId": "t-358", "contextId": "c-358", "artifact": {"artifactId": "a-358", "parts": [{"kind": "text", "text": "Why do Java developers wear glasses? ..."}]}, "lastChunk": True}))),
    chunk(1.0, sse(ok("st-358", {"kind": "status-update", "taskId": "t-358", "contextId": "c-358", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(1.01, "", close="eof"),
], [("jsonrpc-response-malformed", "error")],
 S358 + ". The exchange is rebuilt from the issue: the sample client posts message/send to the sample server's /a2a/stream route, which answers it with an SSE stream",
 "message/send answers one JSON-RPC response (0.3 §7.1, RPC-001); streaming is message/stream (0.3 §7.2, RPC-005): a client that sent message/send waits for one JSON body, and a spec client of this route cannot tell which method streams. Send message/stream for a stream")

A2162 = ("https://github.com/a2aproject/A2A/issues/2162 (Docs use ListTasks pagination field names that are not in the proto: \"The v1 migration guide documents ListTasks pagination with `cursor`, `limit`, and `nextCursor`. "
         "... ProtoJSON clients should send `pageToken` / `pageSize` and read `nextPageToken`\"; fixed by PR #2179; 2026-08-20)")
LT = [task10("t-2162-%d" % i, "c-2162", "TASK_STATE_COMPLETED") for i in range(3)]
case("f867-v10-list-tasks-cursor-limit-names", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-2162", "ListTasks", {"contextId": "c-2162", "limit": 2}), ver="1.0"),
    resp(0.12, 200, ok("l-2162", {"tasks": LT, "nextPageToken": "", "pageSize": 50, "totalSize": 3})),
    req(0.3, "POST", A + "/a2a", rpc("l-2162b", "ListTasks", {"contextId": "c-2162", "limit": 2, "cursor": "t-2162-1"}), ver="1.0"),
    resp(0.32, 200, ok("l-2162b", {"tasks": LT, "nextPageToken": "", "pageSize": 50, "totalSize": 3})),
], [("client-request-unknown-member", "warning")],
 A2162 + ". The exchange is rebuilt: a client that followed the migration guide pages with limit and cursor; the agent ignores both (unknown members) and answers the first 50 each time",
 "ListTasksRequest pages with pageSize and pageToken, ListTasksResponse answers nextPageToken (1.0:proto ListTasksRequest/Response, DATA-007): `limit` and `cursor` are no members, the server ignores them (DATA-003), and the client's second call gets the same page. Send pageSize and pageToken")

J719 = ("https://github.com/a2aproject/a2a-java/issues/719 ([Bug]: Wrong content-type for JSONRPC and REST error: \"The expected content type is application/problem+json when there is an error and not application/json\"; 2026-03-10)")
case("f868-v10-jsonrpc-error-as-problem-json", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-719", "GetTask", {"id": "t-missing-719"}), ver="1.0"),
    resp(0.11, 200, err("g-719", -32001, "Task not found: t-missing-719", ei("TASK_NOT_FOUND")), ctype="application/problem+json"),
], [("jsonrpc-response-malformed", "error")],
 J719 + ". The exchange is rebuilt as the change the issue asks for, applied to the JSON-RPC binding: a JSON-RPC error response sent as application/problem+json",
 "a JSON-RPC response, error or not, is application/json (RPC-001, 1.0 §9.1); application/problem+json is RFC 9457's type for an HTTP problem document, which 1.0 §6.4 shows and §11.6 replaces with google.rpc.Status even on HTTP+JSON (trap 10). JSON-RPC clients that check the type drop the error")

K1118 = ("https://github.com/kagent-dev/kagent/issues/1118 ([FEATURE] Support ./well-known/agent-card.json To Fetch Agent Card: \"agent-card.json became the default well-known endpoint ... but we are still exposing under agent.json\"; "
         "a2a-cli: \"HTTP Error 404: Failed to fetch agent card from http://kagent-controller.kagent:8083/api/a2a/kagent/k8s-a2a-agent/.well-known/agent-card.json\"; 2025-11-20)")
KG = "http://kagent-controller.kagent:8083/api/a2a/kagent/k8s-a2a-agent"
case("f869-v03-card-only-at-agent-json", [
    req(0.0, "GET", KG + "/.well-known/agent-card.json"), resp(0.01, 404, {"detail": "Not Found"}),
    req(0.2, "GET", KG + "/.well-known/agent.json"), resp(0.21, 200, card03(KG + "/", name="k8s-a2a-agent")),
], [("card-0-3-not-at-agent-card-json", "note")],
 K1118 + ". The exchange is rebuilt from the issue's log: the 0.3 client asks the 0.3 path (404), the controller serves its 0.3 card only at the 0.2 path",
 "a 0.3 card lives at /.well-known/agent-card.json (CARD-002: recommended in 0.3; 0.3 §5.3); agent.json is 0.2's path. A 0.3 client that asks the 0.3 path gets 404 and never finds the card. Serve the card at agent-card.json (and keep agent.json for 0.2 clients)")

case("f879-v10-list-tasks-result-next-cursor", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-2162c", "ListTasks", {"contextId": "c-2162", "pageSize": 2}), ver="1.0"),
    resp(0.12, 200, ok("l-2162c", {"tasks": LT[:2], "nextCursor": "t-2162-1", "pageSize": 2, "totalSize": 3})),
], [("result-invalid-shape", "error")],
 A2162 + ". The exchange is rebuilt as the agent's side of the same guide: the next page announced as nextCursor, no nextPageToken",
 "ListTasksResponse announces the next page as nextPageToken, REQUIRED (\"\" only on the last page; DATA-007, 1.0:proto ListTasksResponse): a 1.0 client reads nextPageToken, finds none, takes the first page for the whole list and never sees the third task. Answer nextPageToken")

# --- legal --------------------------------------------------------------------------------------------
case("f870-legal-v10-card-scheme-named-like-its-oneof", get_card(0.0, card10(JS + "/", binding="HTTP+JSON", name="order-agent",
        securitySchemes={"oauth2SecurityScheme": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"scopes": {"openid": "openid", "profile": "profile"}, "tokenUrl": "https://auth.example.test/auth"}}}}},
        securityRequirements=[{"schemes": {"oauth2SecurityScheme": {"list": ["openid"]}}}]), JS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", JS + "/message:send", {"message": umsg10("status of order 4471", mid="m-347")}, ver="1.0", ctype=A2AJ, accept=A2AJ, hdr={"authorization": "Bearer at-347"}),
    resp(0.9, 200, {"message": amsg10("Order 4471 shipped.", mid="m-a347", contextId="c-347")}, ctype=A2AJ),
], [],
 G347 + ". The card is the one the maintainer observed from the Java reference server (1.0.0.Alpha3): a scheme whose name happens to be oauth2SecurityScheme, wrapped in the oneof member of the same name",
 "legal: a scheme's name is the card author's choice (a map key), and its value holds exactly one oneof member (1.0:proto SecurityScheme); the requirement names the scheme by that key with a StringList (AUTH-007), and the call carries a bearer token (AUTH-002). Odd to read, right on the wire")

G302 = ("https://github.com/a2aproject/a2a-go/issues/302 (SecurityScheme JSON discriminator keys not handled correctly: the Go SDK v2.0.1 refused \"found keys [httpAuthSecurityScheme]\" "
        "in a card that advertises bearer token authentication; 2026-03-31)")
case("f871-legal-v10-card-http-bearer-scheme-then-call", get_card(0.0, card10(A + "/a2a",
        securitySchemes={"bearer_token": {"httpAuthSecurityScheme": {"scheme": "bearer", "bearerFormat": "JWT"}}},
        securityRequirements=[{"schemes": {"bearer_token": {"list": []}}}])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-302", "SendMessage", {"message": umsg10("echo hello", mid="m-302")}), ver="1.0", hdr={"authorization": "Bearer eyJ-302"}),
    resp(0.3, 200, ok("s-302", {"message": amsg10("hello", mid="m-a302", contextId="c-302")})),
], [],
 G302 + ". The card is the issue's (the spec agent's bearer scheme); the fault was in the reading SDK, so the wire is rebuilt as a 1.0 client that reads it and calls with the bearer token",
 "legal: httpAuthSecurityScheme is the 1.0 oneof member for HTTP authentication (1.0:proto SecurityScheme), an empty StringList means no scopes (AUTH-007), and the call carries the bearer token (AUTH-001, AUTH-002)")

J712 = ("https://github.com/a2aproject/a2a-js/issues/712 ([Bug]: JSON-RPC SSE error events lose their typed A2A error: \"Return an SSE error event whose data is a matching JSON-RPC response with error code -32001 and message \\\"Task not found\\\"\"; "
        "the client's typing was at fault, not the wire; 2026-09-09)")
case("f872-v10-stream-opens-with-jsonrpc-error", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("st-712", "SendStreamingMessage", {"message": umsg10("continue", mid="m-712", taskId="t-gone-712")}), ver="1.0", accept=SSE),
    resp(0.12, 200, "", ctype=SSE),
    chunk(0.13, sse(err("st-712", -32001, "Task not found", ei("TASK_NOT_FOUND")))),
    chunk(0.14, "", close="eof"),
], [("first-stream-event-not-task", "error")],
 J712 + ". The stream is the issue's reproduction step 2 on the 1.0 wire: HTTP 200, text/event-stream, one event whose data is the JSON-RPC error -32001 for the request's id",
 "the thread reads this as a legal stream the client mistyped; under 1.0 it is not (the decision recorded in FIELD-CASES.md, session 37 left37 item 2): 1.0 lists SendStreamingMessage's errors apart from its stream, whose first event is the Task or the one Message (STREAM-003, STREAM-002; 1.0 §3.1.2, §9.4.2), so an error known before the stream starts, TaskNotFoundError here (ID-001), is the call's plain JSON-RPC error response. A 0.3 message/stream may carry it as its only event (0.3 §7.2: \"or a JSON-RPC error response\"), which stays legal")

AG3018 = ("https://github.com/agentgateway/agentgateway/issues/3018 (A2A url rewrite should applicable for non-standard agents: \"Their .well-known endpoints are not typical agent-card.json or agent.json as per A2A standard but they do support all A2A specs\"; "
          "an Elasticsearch agent builder card at /s/_ops/api/agent_builder/a2a/test_v1.json; 2026-08-13)")
ES = "https://search.example.test/s/_ops/api/agent_builder/a2a"
case("f873-legal-v10-card-at-product-route", [
    req(0.0, "GET", ES + "/test_v1.json", hdr={"authorization": "ApiKey ZXM6a2V5LTMwMTg="}),
    resp(0.05, 200, card10(ES + "/test_v1", name="test_v1", securitySchemes={"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "Authorization"}}},
                           securityRequirements=[{"schemes": {"apiKey": {"list": []}}}])),
    req(0.2, "POST", ES + "/test_v1", rpc("s-3018", "SendMessage", {"message": umsg10("top 3 error messages today", mid="m-3018")}), ver="1.0", hdr={"authorization": "ApiKey ZXM6a2V5LTMwMTg="}),
    resp(1.4, 200, ok("s-3018", {"message": amsg10("1. connection reset (412) 2. timeout (98) 3. 503 (41)", mid="m-a3018", contextId="c-3018")})),
], [],
 AG3018 + ". The exchange is rebuilt from the issue's example: the product's own card route, then a 1.0 call at the card's interface url with the API key header the card names",
 "legal: the well-known path is where a card SHOULD be (CARD-002 in 1.0 names it as the discovery location, yet a card fetched from another URL is still a card), and the call carries the apiKey scheme's header (AUTH-001, AUTH-002)")

P82 = ("https://github.com/themanojdesai/python-a2a/issues/82 (How to add authentication (e.g., API key) when using Python A2A client?: the endpoint \"can be accessed via curl\" "
       "with -H 'key: {your-developer-api-key}' at /a2a/agent/agent_card/.well-known/agent.json; 2025-12-09)")
AM = "https://mcp.maps.example.test/a2a/agent"
case("f874-legal-v03-card-and-call-behind-key-header", [
    req(0.0, "GET", AM + "/agent_card/.well-known/agent.json", hdr={"key": "dev-key-82a1"}),
    resp(0.05, 200, card03(AM + "/jsonrpc", name="maps-agent", securitySchemes={"key": {"type": "apiKey", "in": "header", "name": "key"}}, security=[{"key": []}])),
    req(0.2, "POST", AM + "/jsonrpc", rpc("s-82", "message/send", {"message": umsg03("route from the station to the museum", mid="m-82")}), hdr={"key": "dev-key-82a1"}),
    resp(1.1, 200, ok("s-82", amsg03("Walk 600 m north on Main St.", mid="m-a82", contextId="c-82"))),
], [],
 P82 + ". The exchange is rebuilt from the issue's curl line: the card behind the `key` header, then a call with it",
 "legal: an access-controlled card (CARD-011) under a path of the provider's choosing, an apiKey scheme whose header is named `key`, and the call carrying that header (AUTH-001, AUTH-002)")

M1010 = ("https://github.com/microsoft/Agents-for-net/issues/1010 (Advertise A2A OAuth security requirements in Agent Cards: agent-level requirements from global authorization and "
         "\"skill-level requirements associated with protected A2A capabilities\"; 2026-07)")
MS = "https://copilot-agent.example.test"
OAF = {"authorizationCode": {"authorizationUrl": "https://login.microsoftonline.com/tenant-1/oauth2/v2.0/authorize", "tokenUrl": "https://login.microsoftonline.com/tenant-1/oauth2/v2.0/token",
                             "scopes": {"api://agent/A2A.Invoke": "call the agent", "api://agent/Mail.Send": "send mail"}, "pkceRequired": True}}
case("f875-legal-v10-card-skill-level-requirement", get_card(0.0, card10(MS + "/a2a", name="mail-agent",
        securitySchemes={"entra": {"oauth2SecurityScheme": {"flows": OAF}}},
        securityRequirements=[{"schemes": {"entra": {"list": ["api://agent/A2A.Invoke"]}}}],
        skills=[{"id": "summarise", "name": "Summarise", "description": "Summarise a thread", "tags": ["mail"]},
                {"id": "send", "name": "Send", "description": "Send mail", "tags": ["mail"], "securityRequirements": [{"schemes": {"entra": {"list": ["api://agent/A2A.Invoke", "api://agent/Mail.Send"]}}}]}]),
        MS + "/.well-known/agent-card.json") + [
    req(0.2, "POST", MS + "/a2a", rpc("s-1010", "SendMessage", {"message": umsg10("summarise the thread with Lena", mid="m-1010")}), ver="1.0", hdr={"authorization": "Bearer eyJ-1010"}),
    resp(1.0, 200, ok("s-1010", {"message": amsg10("Lena confirms Thursday.", mid="m-a1010", contextId="c-1010")})),
], [],
 M1010 + ". The card is rebuilt from the issue's design: one OAuth 2.0 scheme, an agent-level requirement, and a skill that asks for a further scope",
 "legal: AgentSkill.securityRequirements is a 1.0 member (1.0:proto AgentSkill) naming a scheme the card defines (AUTH-007), the authorization-code flow is one oneof member with pkceRequired, and the call carries a bearer token (AUTH-002)")

JS429 = ("https://github.com/a2aproject/a2a-js/pull/429 (feat: Content type update to application/a2a+json: \"The spec mentions that the REST SHOULD use application/a2a+json (not MUST). Due to this, the server side needs to accept both versions\"; 2026-04-27)")
RS = "https://rest-agent.example.test"
case("f876-legal-v10-rest-a2a-json-request-json-answer", get_card(0.0, card10(RS, binding="HTTP+JSON", name="rest-agent"), RS + "/.well-known/agent-card.json") + [
    req(0.1, "POST", RS + "/message:send", {"message": umsg10("ping", mid="m-429")}, ver="1.0", ctype=A2AJ, accept=A2AJ + ", application/json"),
    resp(0.2, 200, {"message": amsg10("pong", mid="m-a429", contextId="c-429")}, ctype="application/json"),
], [],
 JS429 + ". The exchange is rebuilt: the updated client sends application/a2a+json, a server on the 1.0.0 wording answers application/json",
 "legal: HTTP+JSON bodies SHOULD be application/a2a+json (1.0.1 §11; 1.0.0 said application/json), so a server accepts both and an application/json answer is within the wording a 1.0 peer may follow (trap 2 for the error statuses, the same patch-level split here)")

case("f877-legal-v10-list-tasks-page-token", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-2179", "ListTasks", {"contextId": "c-2179", "pageSize": 2}), ver="1.0"),
    resp(0.12, 200, ok("l-2179", {"tasks": [task10("t-2179-2", "c-2179", "TASK_STATE_COMPLETED", ts="2026-03-02T10:17:00.000Z"), task10("t-2179-1", "c-2179", "TASK_STATE_COMPLETED", ts="2026-03-02T10:16:00.000Z")], "nextPageToken": "p2", "pageSize": 2, "totalSize": 3})),
    req(0.3, "POST", A + "/a2a", rpc("l-2179b", "ListTasks", {"contextId": "c-2179", "pageSize": 2, "pageToken": "p2"}), ver="1.0"),
    resp(0.32, 200, ok("l-2179b", {"tasks": [task10("t-2179-0", "c-2179", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:00.000Z")], "nextPageToken": "", "pageSize": 2, "totalSize": 3})),
], [],
 A2162 + ". The exchange is the form PR #2179 documents: pageSize and pageToken in, nextPageToken out, the last page's token empty",
 "legal: ListTasks pages by pageToken/pageSize, newest first, nextPageToken \"\" on the last page (DATA-007)")

case("f878-legal-v10-card-requirement-with-schemes-map", get_card(0.0, card10(JS + "/a2a", name="order-agent",
        securitySchemes={"oauth2": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/oauth/token", "scopes": {"profile": "profile"}}}}}},
        securityRequirements=[{"schemes": {"oauth2": {"list": ["profile"]}}}]), JS + "/.well-known/agent-card.json"), [],
 J667 + ". The card is the issue's expected form with the StringList the proto names",
 "legal: {\"schemes\": {\"oauth2\": {\"list\": [\"profile\"]}}} is SecurityRequirement in ProtoJSON (1.0:proto, DATA-001, AUTH-007)")

write_cases(cases, OUT)
