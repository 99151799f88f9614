"""Session-28 field cases of miner mine28a (f500-f519): same helpers and output format as gen_cases.py.

Scope: SDKs beyond Python and JS on the wire (Go, Java, .NET, Rust, Kotlin, Elixir and the
frameworks on them): JSON serialization quirks (null vs omitted members, enum casing, `kind`
discriminators missing or extra, timestamps, the 1.0 ProtoJSON mapping), polymorphic Part /
event deserialization, SSE framing in those SDKs, HTTP client defaults (the JDK client's h2c
upgrade), card parsing strictness and error mapping per SDK.
`python3 gen_cases28a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b28a-*` variants into ../variants).
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
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
def js(o):
    return json.dumps(o, separators=(",", ":"))
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, **kw):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    e.update(kw)
    return e
def su10(tid, cid, state, **kw):
    s = {"state": state, "timestamp": kw.pop("ts", TS)}
    s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
def au10(tid, cid, aid, text, **kw):
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}
    e.update(kw)
    return {"artifactUpdate": e}
def card10(url=A + "/a2a", binding="JSONRPC", ver="1.0", **kw):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": ver}]
    c.update(kw)
    return c

# --- faults ------------------------------------------------------------------------------------------
# JetBrains/koog #1038: Koog's A2A model serialised by another framework's JSON mapper
R1038 = "https://github.com/JetBrains/koog/issues/1038"
koog_task = {"kind": "task", "id": "t-1038", "contextId": "c-1038",
             "status": {"state": "Completed", "timestamp": {"epochSeconds": 1772446500, "nanosecondsOfSecond": 0},
                        "message": {"kind": "message", "messageId": "m-a1038", "role": "Agent", "parts": [{"kind": "text", "text": "The invoice was filed."}], "taskId": "t-1038", "contextId": "c-1038"}}}
case("f500-v03-koog-enum-names-timestamp-object", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("file the March invoice", mid="m-1038")})),
    resp(2.1, 200, ok("1", koog_task)),
], [("result-invalid-shape", "error"), ("task-state-invalid", "error")],
 R1038 + " (a Koog A2A server behind a custom JSON-RPC transport in another web framework: TaskState.Completed went on the wire as \"Completed\", Role.Agent as \"Agent\", and TaskStatus.timestamp as a JSON object instead of a string; kotlinx.serialization on the other side expected \"completed\", \"agent\" and an ISO 8601 string)",
 "0.3 TaskState and Role values are the lowercase strings of the JSON schema (`completed`, `agent`; 0.3:schema, DATA-005, TASK-008) and TaskStatus.timestamp is an ISO 8601 string (0.3:schema TaskStatus); a framework's default mapper wrote the Kotlin enum constant names and the Instant's fields, so the task is unreadable to every other SDK")

# chaosxingxc-orion/spring-ai-ascend #232: AgentInterface built with the two-argument constructor
R232 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/232"
c232 = card10(A + "/a2a", version="0.1.0")
c232["supportedInterfaces"] = [{"protocolBinding": "JSONRPC", "url": A + "/a2a", "protocolVersion": None, "tenant": None}]
case("f501-card10-interface-protocol-version-null", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, c232),
], [("card-interface-malformed", "error")],
 R232 + " (AgentCards builds `new AgentInterface(TransportProtocol.JSONRPC.asString(), endpoint)`, the two-argument constructor, so AgentInterface.protocolVersion is always null on the served card; clients cannot tell which protocol version the endpoint speaks)",
 "AgentInterface.protocolVersion is REQUIRED (1.0:proto, CARD-005): a client picks the interface whose protocolVersion it speaks. ProtoJSON reads null as the field's default, the empty string, so the interface names no version at all")

# a2aproject/a2a-dotnet #181: a message without kind refused with -32600
R181 = "https://github.com/a2aproject/a2a-dotnet/issues/181"
msg181 = {"messageId": "12345", "role": "user", "parts": [{"kind": "text", "text": "Hello, world!"}]}
case("f502-v03-dotnet-message-without-kind-invalid-request", [
    req(0.0, "POST", A + "/echo", rpc("3", "message/send", {"message": msg181})),
    resp(0.01, 200, err("3", -32600, "Failed to deserialize MessageSendParams: JSON deserialization for type 'A2A.AgentMessage' was missing required properties including: 'kind'.")),
], [("request-message-invalid-shape", "error"), ("jsonrpc-error-code-mismatch", "error")],
 R181 + " (message/send with a message that has no `kind` answered -32600 'Failed to deserialize MessageSendParams: ... missing required properties including: kind'; a2a-tck PR #63 then added kind to its messages for a2a-dotnet)",
 "the request is a well-formed JSON-RPC object with a known method, so -32600 Invalid Request is the wrong code: a params object that fails the method's schema is -32602 Invalid params (JSON-RPC 2.0 §5.1, ERR-001). The 0.3 schema does require Message.kind (DATA-005), so the client's message is malformed and refusing it is right; the code is not")

# initializ/forge #119: a 0.1 `type` part decoded as a part with an empty kind
R119 = "https://github.com/initializ/forge/issues/119"
msg119 = {"role": "user", "parts": [{"type": "text", "text": "Reply with a one-line hello."}]}
task119 = {"kind": "task", "id": "t-001", "contextId": "c-119", "status": {"state": "completed", "timestamp": TS},
           "history": [{"kind": "message", "messageId": "m-u119", "role": "user", "parts": [{"kind": "", "text": "Reply with a one-line hello."}], "taskId": "t-001", "contextId": "c-119"},
                       {"kind": "message", "messageId": "m-a119", "role": "agent", "parts": [{"kind": "text", "text": "It looks like your message didn't come through. Could you resend it?"}], "taskId": "t-001", "contextId": "c-119"}]}
case("f503-v03-forge-part-kind-empty-echoed", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/send", {"id": "t-001", "message": msg119}), hdr={"authorization": "Bearer tok-119"}),
    resp(1.4, 200, ok(1, task119)),
], [("result-invalid-shape", "error")],
 R119 + " (Forge's Go decoder ignored the unknown `type` member of a 0.1-style part, left Part.Kind empty, answered 200 'It looks like your message didn't come through', and stored the part as {\"kind\":\"\",\"text\":...} in the task history it returned)",
 "every 0.3 part carries kind text, file or data (0.3:schema Part, DATA-004); the history the agent returned holds a part with kind \"\", which no 0.3 client can decode. The 200 answer also hid the caller's mistake, which PR #121 turned into -32602 (see f513)")

# actioncard/a2a-elixir PR #36: a 0.3 task without contextId
R36 = "https://github.com/actioncard/a2a-elixir/pull/36"
case("f504-v03-elixir-task-without-context-id", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("summarise the incident", mid="m-36")})),
    resp(1.2, 200, ok("1", {"kind": "task", "id": "t-36", "status": {"state": "completed", "timestamp": TS},
                               "artifacts": [{"artifactId": "a-36", "parts": [{"kind": "text", "text": "disk full on db-2"}]}]})),
], [("result-invalid-shape", "error")],
 R36 + " (the v1.0 encoder series: 'always emit contextId on Task' and render TaskStatus.timestamp with a Z suffix; the encoder before it left contextId out of tasks that had none set)",
 "Task.contextId is REQUIRED in 0.3 (0.3:schema Task required [contextId, id, kind, status], DATA-005): a client that continues the conversation or files the task by context has nothing to use")

case("f505-v10-task-timestamp-without-zone", [
    req(0.0, "POST", A + "/", rpc("1", "SendMessage", {"message": umsg10("summarise the incident", mid="m-36b")}), ver="1.0"),
    resp(1.2, 200, ok("1", {"task": task10("t-36b", "c-36b", "TASK_STATE_COMPLETED", ts="2026-06-01T10:15:00.123456",
                                          artifacts=[{"artifactId": "a-36b", "parts": [{"text": "disk full on db-2"}]}])})),
], [("result-invalid-shape", "error")],
 R36 + " (the same PR renders TaskStatus.timestamp with a Z suffix for the 1.0 wire: Elixir's NaiveDateTime prints no zone)",
 "a 1.0 TaskStatus.timestamp is a google.protobuf.Timestamp, whose JSON form is RFC 3339 in UTC with a Z (ProtoJSON; DATA-002); `2026-06-01T10:15:00.123456` has no zone, so a ProtoJSON parser (a2a-java, a2a-go, a2a-python 1.x) rejects the whole Task")

# a2aproject/a2a-go PR #404: REST ListTasks with a status that is no TaskState answered 200
R404 = "https://github.com/a2aproject/a2a-go/pull/404"
case("f506-v10-rest-list-tasks-status-not-a-state-200", [
    req(0.0, "GET", A + "/tasks?status=running&pageSize=20", ver="1.0"),
    resp(0.01, 200, {"tasks": [], "nextPageToken": "", "pageSize": 20, "totalSize": 0}),
], [("request-param-invalid-accepted", "error")],
 R404 + " (handleListTasks built the request from a2a.TaskState(query.Get(\"status\")) with no validation, so `status=running` reached the handler and matched nothing; TaskState.UnmarshalJSON likewise accepted lowercase and unknown states; the fix answers HTTP 400)",
 "`running` is no TaskState (1.0 §4.1.3: TASK_STATE_*), so the filter is malformed and the request is refused with 400 / InvalidParams (REST-003, ERR-001); a 200 with an empty list tells the client that no task is running")

# bug-ops/zeph #4045: an SSE event whose data is empty because serialisation failed
R4045 = "https://github.com/bug-ops/zeph/issues/4045"
case("f507-v03-stream-empty-data-event", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("list the open pull requests", mid="m-4045")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-4045", "c-4045", "working")))),
    chunk(0.9, "data: \n\n"),
    chunk(1.0, sse(ok("s1", su03("t-4045", "c-4045", "completed", True)))),
    chunk(1.01, "", close="eof"),
], [("sse-event-empty-data", "warning")],
 R4045 + " (sse_rpc_event uses serde_json::to_string(...).unwrap_or_default(), so an event that fails to serialise is sent as an SSE event with an empty data field and the client silently skips it)",
 "every event of a JSON-RPC stream is a JSON-RPC response object (0.3 §7.2, RPC-005); an event with empty data carries none: SSE parsers dispatch it as a message whose data \"\" is no JSON, and the update it should have carried is lost without an error. A warning, as SSE-FRAME-004 judges every empty data event (some agents mean it as a keep-alive)")

# --- legal controls ----------------------------------------------------------------------------------
# a2aproject/a2a-go #228 / A2A PR #1306: a 1.0 data part whose data is an array
R228 = "https://github.com/a2aproject/a2a-go/issues/228 ; https://github.com/a2aproject/A2A/pull/1306"
case("f508-legal-v10-data-part-array", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("list the failing checks", mid="m-228")}), ver="1.0"),
    resp(0.8, 200, ok("1", {"message": {"messageId": "m-a228", "role": "ROLE_AGENT", "contextId": "c-228",
                                         "parts": [{"text": "3 checks fail:"}, {"data": ["lint", "unit-tests", "license-scan"], "mediaType": "application/json"}]}})),
], [],
 R228 + " (a2a-go's DataPart accepted only maps although the 1.0 proto's DataPart.data is a google.protobuf.Value; A2A PR #1306 changed Struct to Value to allow arrays and primitives)",
 "legal: a 1.0 Part's data is any JSON value (1.0:proto Part.data google.protobuf.Value, DATA-005), so an array is a well-formed data part; only 0.3's DataPart.data is an object")

# a2aproject/a2a-java #270: the JDK HttpClient asks to upgrade to h2c; the agent stays on HTTP/1.1
R270 = "https://github.com/a2aproject/a2a-java/issues/270"
case("f509-legal-v03-jdk-client-h2c-upgrade-ignored", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("how much is 10 USD in INR?", mid="m-270")}),
        hdr={"connection": "Upgrade, HTTP2-Settings", "upgrade": "h2c", "http2-settings": "AAEAAEAAAAIAAAABAAMAAABkAAQBAAAAAAUAAEAA", "user-agent": "Java-http-client/21.0.8"}),
    resp(0.6, 200, ok("1", amsg03("10 USD is about 883 INR.", mid="m-a270", contextId="c-270"))),
], [],
 R270 + " (JdkA2AHttpClient prefers HTTP/2, so the JDK client sends `Upgrade: h2c` on a cleartext request; the a2a-sdk 0.3.5 server on uvicorn ignored it and answered `POST / HTTP/1.1 200 OK`, the fallback working as designed)",
 "legal: an h2c upgrade request is an offer the server may ignore, answering as though Upgrade had not been sent (RFC 9110 §7.8); the JSON-RPC exchange is an ordinary 0.3 message/send with a Message result (RPC-001)")

# langchain4j #5496: a 1.0 card read by a 0.3 client library
R5496 = "https://github.com/langchain4j/langchain4j/issues/5496"
case("f510-legal-card10-read-by-0-3-client", [
    req(0.0, "GET", "http://localhost:11001/.well-known/agent-card.json"),
    resp(0.004, 200, card10("http://localhost:11001/", name="Market Analyst", description="Analyses market data")),
], [],
 R5496 + " (langchain4j's @A2AClientAgent, built on a2a-java 0.3.2.Final, failed with 'Could not unmarshal agent card response' against an a2a-java 1.0.0.Final server whose card rendered fine)",
 "legal: the card is a well-formed 1.0 card (supportedInterfaces with protocolVersion 1.0; CARD-003, CARD-005); a 0.3 client library that requires a root url and preferredTransport cannot read it, which is the client's version gap, not the agent's fault")

# initializ/forge PR #121: the same 0.1 part refused with -32602 naming the mistake
R121 = "https://github.com/initializ/forge/pull/121"
case("f511-legal-v03-forge-type-part-refused-invalid-params", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/send", {"id": "t-001", "message": msg119}), hdr={"authorization": "Bearer tok-121"}),
    resp(0.01, 200, err(1, -32602, "invalid message: parts[0]: part kind is required (A2A 0.3.0); got empty kind with non-empty content - did you send \"type\" instead of \"kind\"?")),
], [],
 R121 + " (the fix for #119: Forge validates the Message shape at the tasks/send entry point and answers JSON-RPC -32602 InvalidParams naming the legacy `type` mistake instead of 200 with a confused reply)",
 "legal: a message whose part has no kind fails the method's params schema, and -32602 Invalid params with a message that says what to change is the right answer (ERR-001, JSON-RPC 2.0 §5.1)")

# a2aproject/a2a-tck PR #63: the a2a-dotnet request with kind on the message
R63 = "https://github.com/a2aproject/a2a-tck/pull/63"
case("f512-legal-v03-dotnet-message-with-kind", [
    req(0.0, "POST", A + "/echo", rpc("3", "message/send", {"message": dict(msg181, kind="message")})),
    resp(0.01, 200, ok("3", amsg03("Echo: Hello, world!", mid="m-a181", contextId="c-181"))),
], [],
 R63 + " ; " + R181 + " (the TCK added `kind` to the messages it sends because a2a-dotnet requires it; with it the echo agent answers)",
 "legal: a 0.3 message/send whose message carries kind \"message\" (0.3:schema, DATA-005) answered by a Message result")

# a2aproject/a2a-java PR #660 (#652): 1.0 stream with TASK_STATE_* names
R660 = "https://github.com/a2aproject/a2a-java/pull/660 ; https://github.com/a2aproject/a2a-java/issues/652"
case("f513-legal-v10-stream-task-state-proto-names", [
    req(0.0, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("book the venue", mid="m-660")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", {"task": task10("t-660", "c-660", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("s1", su10("t-660", "c-660", "TASK_STATE_WORKING")))),
    chunk(1.9, sse(ok("s1", au10("t-660", "c-660", "a-660", "Venue booked: Hall B, 14 May", lastChunk=True)))),
    chunk(2.0, sse(ok("s1", su10("t-660", "c-660", "TASK_STATE_COMPLETED")))),
    chunk(2.01, "", close="eof"),
], [],
 R660 + " (a2a-java switched its TaskState constants to the protobuf names, TASK_STATE_SUBMITTED etc., so the wire, the API and the database share one spelling)",
 "legal: 1.0 TaskState values on the wire are the proto enum names (1.0 §4.1.3, DATA-001); the stream is Task, status updates, the artifact and a terminal status, then close (STREAM-003)")

# a2aproject/a2a-go PR #404: a 1.0 agent's lowercase state, which a2a-go's client had accepted silently
case("f514-v10-get-task-lowercase-state", [
    req(0.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-404"}), ver="1.0"),
    resp(0.01, 200, ok("2", task10("t-404", "c-404", "working"))),
], [("task-state-invalid", "error")],
 R404 + " (TaskState.UnmarshalJSON accepted any string as an opaque enum value, so lowercase or unknown states from a peer passed silently; the fix restricts it to the TASK_STATE_* names)",
 "a 1.0 TaskState on the wire is a proto enum name, TASK_STATE_WORKING (1.0 §4.1.3, TASK-008); `working` is the 0.x spelling, which a strict 1.0 client (a2a-go after PR #404, a2a-java, a2a-python 1.x) rejects and a lenient one treats as an unknown state")

# a2aproject/a2a-go PR #404 (the fixed form): REST ListTasks filtered by a TaskState name
case("f515-legal-v10-rest-list-tasks-status-filter", [
    req(0.0, "GET", A + "/tasks?status=TASK_STATE_WORKING&pageSize=20", ver="1.0"),
    resp(0.01, 200, {"tasks": [task10("t-404b", "c-404b", "TASK_STATE_WORKING")], "nextPageToken": "", "pageSize": 20, "totalSize": 1}),
], [],
 R404 + " (TestREST_ListTasks_Success now filters by TASK_STATE_WORKING instead of the previously silently accepted `running`)",
 "legal: the status query parameter of a 1.0 HTTP+JSON ListTasks is a TaskState name (1.0 §11.5, REST-001) and the answer carries the matching task with pageSize and totalSize")

# actioncard/a2a-elixir PR #45: A2A.Plug's version negotiation (an unsupported version refused, none read as 0.3)
R45 = "https://github.com/actioncard/a2a-elixir/pull/45"
case("f516-legal-v10-elixir-version-refused-then-0-3-default", [
    req(0.0, "POST", A + "/", rpc("1", "SendMessage", {"message": umsg10("status of order 77?", mid="m-45")}), ver="9.9"),
    resp(0.004, 200, err("1", -32009, "A2A version 9.9 is not supported; supported: 0.3, 1.0",
                         [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]),
         hdr={"a2a-version": "1.0"}),
    req(1.0, "POST", A + "/", rpc("2", "message/send", {"message": umsg03("status of order 77?", mid="m-45b")})),
    resp(1.3, 200, ok("2", amsg03("Order 77 shipped on Monday.", mid="m-a45", contextId="c-45")), hdr={"a2a-version": "0.3"}),
], [],
 R45 + " (A2A.Plug validates the A2A-Version request header before dispatch and answers VersionNotSupportedError -32009 for an unsupported value such as 9.9; a missing or empty header means 0.3; the negotiated version is echoed in the response header)",
 "legal: an agent that does not serve the requested Major.Minor MUST answer VersionNotSupportedError, -32009 on JSON-RPC with an ErrorInfo (1.0 §3.6.2, VER-002, ERR-004), and a request without the header is 0.3 (1.0 §3.6.1), here an ordinary 0.3 message/send")

# deepnoodle-ai/dive PR #138: a Go card whose required members carried `omitempty`
R138 = "https://github.com/deepnoodle-ai/dive/pull/138"
c138 = card03(A + "/a2a", name="dive-agent")
for k in ("description", "defaultInputModes", "defaultOutputModes", "skills"):
    del c138[k]
case("f517-card03-go-omitempty-required-members", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, c138),
], [("card-missing-required-field", "error")],
 R138 + " (wire-format interop report against a2a-python: AgentSkill.tags and the card's description, defaultInputModes, defaultOutputModes and skills were `omitempty` Go fields, so an unset value was dropped and pydantic's A2ACardResolver refused the card)",
 "description, defaultInputModes, defaultOutputModes and skills are REQUIRED members of a 0.3 AgentCard (0.3:schema, CARD-004); Go's encoding/json drops an empty field tagged omitempty, so the card misses four of them and a 0.3 client cannot read it")

# initializ/forge #408: a card that declares 0.3.0, served by an agent that only knows tasks/send
R408 = "https://github.com/initializ/forge/issues/408"
case("f518-v03-card-0-3-method-not-found", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03(A + "/", name="forge-agent")),
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("summarise today's alerts", mid="m-408")}), hdr={"authorization": "Bearer tok-408"}),
    resp(0.104, 200, err("1", -32601, "method not found: message/send")),
], [("card-version-method-mismatch", "error")],
 R408 + " (Forge's card advertises protocolVersion 0.3.0 but the server implements only the pre-0.3 tasks/send, tasks/sendSubscribe, tasks/get and tasks/cancel, so a client that discovers 0.3.0 and calls message/send gets -32601 method not found)",
 "a card that declares protocolVersion 0.3.0 promises the 0.3 JSON-RPC methods (0.3 §7, CARD-004): message/send is the 0.3 send; answering it -32601 while serving the 0.1 tasks/send breaks every client that trusts the card")

# a2aproject/a2a-java #958 / PR #974: TASK_STATE_UNSPECIFIED is the spec name, UNRECOGNIZED is not
# (kept as a variant below)

write_cases(cases, OUT)

# === variants of the kind fixes (b28a-*) ===========================================================
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)

# K1: a 0.x JSON-RPC TaskStatus.timestamp that is no JSON string (DATA-SHAPE-001 / STREAM-SHAPE-001)
R87 = "https://github.com/a2aproject/a2a-java/pull/87"
def koog_ts(ts, role="agent", state="completed"):
    t = copy.deepcopy(koog_task)
    t["status"]["timestamp"] = ts
    t["status"]["state"] = state
    t["status"]["message"]["role"] = role
    return t
def send03(result, mid):
    return [req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("file the March invoice", mid=mid)})),
            resp(2.1, 200, ok("1", result))]
vcase("b28a-K1-v03-status-timestamp-object", send03(koog_ts({"epochSeconds": 1772446500, "nanosecondsOfSecond": 0}), "m-k1a"),
 [("result-invalid-shape", "error")], R1038 + " (the timestamp alone: enum names already lowercase)",
 "0.3 TaskStatus.timestamp is an ISO 8601 string (0.3:schema `\"type\": \"string\"`, DATA-005); a Kotlin Instant written field by field is an object no 0.x SDK decodes")
vcase("b28a-K1-v03-status-timestamp-epoch-number", send03(koog_ts(1772446500.0), "m-k1b"),
 [("result-invalid-shape", "error")], R87 + " (a2a-java fixed the (de)serialisation of TaskStatus timestamps; Jackson's WRITE_DATES_AS_TIMESTAMPS default writes a java.time value as an epoch number)",
 "an epoch number is no ISO 8601 string (0.3:schema, DATA-005); pydantic, a2a-js and a2a-dotnet all refuse the Task")
vcase("b28a-K1-v03-tasks-get-timestamp-array", [
    req(0.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1c"})),
    resp(0.01, 200, ok("g1", task03("t-k1c", "c-k1c", "working", ts=[2026, 3, 2, 10, 15, 0, 123000000]))),
], [("result-invalid-shape", "error")], R87 + " (Jackson's default form of a LocalDateTime: an array of fields)",
 "a tasks/get result whose status timestamp is an array of date fields, not an ISO 8601 string (0.3:schema, DATA-005)")
vcase("b28a-K1-v03-stream-status-update-epoch-timestamp", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("file the March invoice", mid="m-k1d")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-k1d", "c-k1d", "submitted")))),
    chunk(0.5, sse(ok("s1", su03("t-k1d", "c-k1d", "working", False, ts=1772446500123)))),
    chunk(1.9, sse(ok("s1", su03("t-k1d", "c-k1d", "completed", True)))),
    chunk(1.91, "", close="eof"),
], [("stream-event-invalid-shape", "error")], R87 + " (on a 0.3 stream: a status-update whose timestamp is epoch milliseconds)",
 "every 0.3 status-update's status.timestamp is an ISO 8601 string (0.3:schema TaskStatus, DATA-005); the event is undecodable")
vcase("b28a-K1-legal-v03-status-timestamp-naive-string", send03(koog_ts("2026-03-02T10:15:00.123456"), "m-k1e"),
 [], R1038 + " (control: a naive ISO 8601 string)",
 "legal: 0.x JSON-RPC timestamps are ISO 8601 strings and ISO 8601 allows a local time without a zone; only the 1.0 / ProtoJSON bindings require one (DATA-002)")
vcase("b28a-K1-legal-v03-status-timestamp-null", send03(koog_ts(None), "m-k1f"),
 [], R1038 + " (control: timestamp null, an optional member written by a mapper that keeps nulls)",
 "legal: TaskStatus.timestamp is optional; a null member is read as absent by the 0.x SDKs")
vcase("b28a-K1-legal-v03-stream-timestamp-offset-string", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("file the March invoice", mid="m-k1g")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-k1g", "c-k1g", "submitted", ts="2026-03-02T11:15:00+01:00")))),
    chunk(1.9, sse(ok("s1", su03("t-k1g", "c-k1g", "completed", True, ts="2026-03-02T11:15:02+01:00")))),
    chunk(1.91, "", close="eof"),
], [], R87 + " (control: ISO 8601 strings with an offset on a 0.3 stream)",
 "legal: ISO 8601 strings with a UTC offset are what a 0.x status timestamp is")
# K2: a 1.0 push notification payload's status timestamp (PUSH-BODY-001), found while widening K1
HOOK = "https://client.example.test/a2a/webhook"
def push10(tid, body, mid):
    return [
        req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("run the nightly export", mid=mid), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-" + tid}}}), ver="1.0"),
        resp(0.05, 200, ok("1", {"task": task10(tid, "c-" + tid, "TASK_STATE_SUBMITTED")})),
        req(30.0, "POST", HOOK, body, ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-" + tid}),
        resp(30.01, 200, "", ctype="text/plain"),
    ]
vcase("b28a-K2-v10-push-status-update-epoch-timestamp", push10("t-k2a", su10("t-k2a", "c-t-k2a", "TASK_STATE_COMPLETED", ts=1772446530), "m-k2a"),
 [("push-payload-invalid-shape", "error")], R87 + " (the Jackson epoch form on a 1.0 push notification)",
 "a 1.0 push notification is a StreamResponse (PUSH-004); its statusUpdate's status timestamp is an RFC 3339 string with a zone (DATA-002), not an epoch number, or the receiver cannot decode the notification")
vcase("b28a-K2-v10-push-task-naive-timestamp", push10("t-k2b", {"task": task10("t-k2b", "c-t-k2b", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:30.123456")}, "m-k2b"),
 [("push-payload-invalid-shape", "error")], R36 + " (a naive NaiveDateTime timestamp in a 1.0 push notification's task)",
 "the Task of a 1.0 push notification carries its status timestamp as RFC 3339 with a zone (DATA-002); `2026-03-02T10:15:30.123456` has none")
vcase("b28a-K2-legal-v10-push-timestamp-utc", push10("t-k2c", su10("t-k2c", "c-t-k2c", "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:30.000Z"), "m-k2c"),
 [], R87 + " (control: an RFC 3339 UTC timestamp in a 1.0 push notification)",
 "legal: a statusUpdate StreamResponse with a Z timestamp, delivered with the configured token (PUSH-004, PUSH-005)")
vcase("b28a-K2-v03-control-push-epoch-timestamp-not-judged", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("run the nightly export", mid="m-k2d"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-k2d"}}})),
    resp(0.05, 200, ok("1", task03("t-k2d", "c-k2d", "submitted"))),
    req(30.0, "POST", HOOK, task03("t-k2d", "c-k2d", "completed", ts=1772446530), hdr={"x-a2a-notification-token": "tok-k2d"}),
    resp(30.01, 200, "", ctype="text/plain"),
], [], R87 + " (control: the same epoch timestamp in a 0.3 push notification)",
 "not judged: the 0.x push notification payload is not fixed by the spec (PUSH-005), so its members are not held to the Task schema here; the same timestamp in a 0.3 send result or stream event is (K1)")
write_cases(var_cases, VAR)
