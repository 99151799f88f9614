"""Session-32 field cases of miner mine32 (f720-f739): same helpers and output format as gen_cases.py.

Scope (round thirty-one): the data model at its edges, as real SDKs and frameworks got it wrong
or odd: null versus an absent member (a null data part, null repeated members, a card's required
lists as null), empty strings and empty lists (ProtoJSON's unset defaults: an empty ListTasks
page, empty task and context ids on a new message, an empty id on GetTask), enum spellings
(a TaskState name as a REST query value), unknown members refused, numbers in a
google.protobuf.Struct (whole numbers as doubles), unicode escapes in text parts and the
base64 flavours ProtoJSON accepts for bytes.
`python3 gen_cases32a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import copy, json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:16:00.000Z"
def card10(ifaces=None, **kw):
    """A 1.0 card; `ifaces` replaces supportedInterfaces; `caps` merge into capabilities."""
    c = copy.deepcopy(CARD10)
    if ifaces is not None:
        c["supportedInterfaces"] = ifaces
    caps = kw.pop("caps", None)
    if caps:
        c["capabilities"].update(caps)
    c.update(kw)
    return c
def iface(url, binding, ver="1.0", **kw):
    i = {"url": url, "protocolBinding": binding, "protocolVersion": ver}; i.update(kw); return i
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
def rest_status(code, status, msg, reason=None):
    """A 1.0 HTTP+JSON error body (google.rpc.Status), with an ErrorInfo when `reason` is given."""
    e = {"code": code, "status": status, "message": msg}
    if reason:
        e["details"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]
    return {"error": e}
def info(reason):
    return [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]
def su10(tid, cid, state, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
R = A + "/a2a/rest"
RCARD = card10([iface(R, "HTTP+JSON")])

# --- faults ----------------------------------------------------------------------------------------
# a2aproject/a2a-go #369: `a2a serve --exec` synthesises a card whose required lists are JSON null
NC = card10([iface("http://127.0.0.1:9199", "HTTP+JSON")], name="researcher", description="Gathers facts",
            caps={"streaming": True}, defaultInputModes=None, defaultOutputModes=None, skills=None)
del NC["capabilities"]["pushNotifications"]
case("f720-v10-card-required-lists-null",
     get_card(0.0, NC, url="http://127.0.0.1:9199/.well-known/agent-card.json"),
     [("card-missing-required-field", "error")],
     "https://github.com/a2aproject/a2a-go/issues/369 (\"a2a serve --exec <script> synthesizes an Agent Card from --name / --description when no --card is passed. That card emits three fields as JSON null\": {\"supportedInterfaces\":[{\"url\":\"http://127.0.0.1:9199\",\"protocolBinding\":\"HTTP+JSON\",\"protocolVersion\":\"1.0\"}],\"capabilities\":{\"streaming\":true},\"defaultInputModes\":null,\"defaultOutputModes\":null,\"description\":\"Gathers facts\",\"name\":\"researcher\",\"skills\":null,\"version\":\"1.0.0\"}; \"The Go SDK tolerates its own output ... A conformant peer in another language does [not]\"; 2026-07-12). The card is the issue's own body",
     "defaultInputModes, defaultOutputModes and skills are REQUIRED lists of a 1.0 AgentCard and must not be empty (CARD-003). ProtoJSON reads null in a repeated field as the empty list, so a lenient reader sees three empty required lists and a strict one (pydantic, a schema validator) a type error; either way a client cannot learn what the agent takes, returns or can do. Go's json.Marshal writes a nil slice as null: the card generator must emit [] at least, and a real mode and skill to conform")

# a2aproject/a2a-js #609: ProtoJSON helpers drop an empty page's default-valued members
case("f721-legal-v10-list-tasks-empty-page-defaults-omitted", get_card(0.0, card10([iface(A + "/a2a/v1", "JSONRPC")])) + [
    req(0.1, "POST", A + "/a2a/v1", rpc("l-609", "ListTasks", {"contextId": "c-609", "pageSize": 20}), ver="1.0"),
    resp(0.12, 200, ok("l-609", {"pageSize": 20})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/609 (\"In @a2a-js/sdk@1.0.1, the A2A v1.0 JSON-RPC adapter serializes ListTasksResponse through ProtoJSON helpers that omit default-valued fields. This removes required ListTasks response fields from the wire when they are empty or zero ... an empty page still needs tasks: [], nextPageToken: \\\"\\\", and totalSize: 0\"; the handler returned {tasks: [], nextPageToken: '', pageSize: 20, totalSize: 0}; 2026-07-30, closed). The exchange is rebuilt from the reproduction",
     "legal reading of an ambiguous spec (trap 12): 1.0 §3.1.4 lists tasks, nextPageToken and totalSize as always present (DATA-007), and ProtoJSON, the 1.0 JSON format (ADR-001), omits a repeated field that is empty, a string that is \"\" and an int32 that is 0. The omitted members are exactly those defaults, so a ProtoJSON reader gets tasks [], nextPageToken \"\" (the last page) and totalSize 0; the verifier judges the page as ProtoJSON reads it (as for an omitted totalSize on an empty list before). The a2a-js fix that writes them anyway is the kinder answer to naive JSON clients; pageSize, which is not 0, is present")

# a2aproject/a2a-js PR #433: the REST server read ?status= as a number, so a TaskState name filtered nothing
case("f722-v10-rest-list-tasks-status-name-not-applied", get_card(0.0, RCARD) + [
    req(0.1, "GET", R + "/tasks?status=TASK_STATE_WORKING&pageSize=10", hdr={"a2a-version": "1.0"}),
    resp(0.12, 200, {"tasks": [
        task10("t-433b", "c-433", "TASK_STATE_COMPLETED", ts=TS2),
        task10("t-433a", "c-433", "TASK_STATE_WORKING")],
        "nextPageToken": "", "pageSize": 10, "totalSize": 2}),
], [("list-tasks-filter-not-applied", "error")],
 "https://github.com/a2aproject/a2a-js/pull/433 (\"Accept string task state values in listTasks method. Previously, only numeric values were accepted what was wrong as spec mentions SCREAMING_SNAKE_CASE for such parameters\"; the handler did status: queryParams.status ? Number(queryParams.status) : TASK_STATE_UNSPECIFIED, so status=TASK_STATE_WORKING became NaN; merged 2026-04-28). The exchange is rebuilt from the diff: the unreadable filter lists every task",
     "GET /tasks takes status as the TaskState's enum name (REST-001: enum names in query parameters; 1.0 §11.5 shows status=TASK_STATE_WORKING), and ListTasks returns only tasks in that state (DATA-007). The agent turned the name into NaN, filtered nothing and listed a COMPLETED task under status=TASK_STATE_WORKING")

# a2aproject/a2a-js #642: a null data part loses its oneof arm; the JS peer forwards a part with no content
case("f723-v10-null-data-part-forwarded-empty", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-642", "SendMessage", {"message": umsg10("look up the order's coupon", mid="m-642")}), ver="1.0"),
    resp(0.5, 200, ok("s-642", {"message": {"messageId": "m-642r", "role": "ROLE_AGENT", "contextId": "c-642",
        "parts": [{"text": "No coupon on this order."}, {"mediaType": "application/json"}]}})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-js/issues/642 (\"When data is null, this SDK parses the Part as having no content arm at all: Part.fromJSON({ data: null, mediaType: 'application/json' }) // { filename: '', mediaType: 'application/json' } ... Part.toJSON(p) // { mediaType: 'application/json' } ... A data part sent by a Python agent arrives at a JS peer as a Part with nothing in it, and gets forwarded on in that state\"; 2026-08-10; fix proposed in a2a-js PR #655). The JS agent's answer is rebuilt from the issue's toJSON output",
     "a 1.0 Part is exactly one of text, raw, url or data (DATA-004): {\"mediaType\":\"application/json\"} names none, so no client can read it. The Python agent's {\"data\": null} was a data part (google.protobuf.Value null is a value, ProtoJSON keeps the arm, f730); the JS SDK dropped the arm and forwarded what is left")

# a2aproject/a2a-rs PR #81: the pbjson decoders refused any unknown member with InvalidParams
case("f724-v10-unknown-member-refused-invalid-params", get_card(0.0, card10([iface(A + "/", "JSONRPC")])) + [
    req(0.1, "POST", A + "/", rpc("s-81", "SendMessage", {
        "message": umsg10("summarise the incident", mid="m-81", priority="high"),
        "configuration": {"returnImmediately": False, "historyLength": 0}}), ver="1.0"),
    resp(0.12, 200, err("s-81", -32602, "Invalid params: unknown field `priority`, expected one of `messageId`, `contextId`, `taskId`, `role`, `parts`, `metadata`, `extensions`, `referenceTaskIds`")),
], [("unknown-request-field-rejected", "warning")],
 "https://github.com/a2aproject/a2a-rs/pull/81 (fix(a2a-pb): ignore unknown fields in ProtoJSON decode: \"The pbjson-generated deserializers reject unknown fields, so any peer that sends a forward-compatible extra field (or a newer protocol revision) fails to decode\"; the server's invalid-params test had used {\"bogus\": true}; merged 2026-06-10). The refusal is rebuilt in serde's words for an unknown member of the message",
     "1.0 §5.7: implementations SHOULD ignore unrecognized fields (DATA-003), so a newer or extended peer keeps working. Every REQUIRED member of this SendMessage is present and well-formed (messageId, role, parts); the only fault the agent names is the extra member priority, and -32602 for it turns forward compatibility into a refusal (ERR-006 is for invalid input, not unknown input)")

# a2aproject/a2a-js PR #629: GetTask with id "" answered TaskNotFoundError (-32001), the others answer -32602
case("f725-legal-v10-get-task-empty-id-not-found", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("g-629", "GetTask", {"id": "", "historyLength": 5}), ver="1.0"),
    resp(0.11, 200, err("g-629", -32001, "Task not found: ", info("TASK_NOT_FOUND"))),
], [],
 "https://github.com/a2aproject/a2a-js/pull/629 (\"getTask and cancelTask passed params.id straight to taskStore.load. An empty or whitespace-only task ID therefore surfaced as TaskNotFoundError (-32001 / HTTP 404) instead of the protocol-correct RequestMalformedError (-32602 / HTTP 400). Python and Go return InvalidParams for this input; JS diverged\"; the PR's regression tests send getTask with id: ''; 2026-08-10). The call is rebuilt from the description",
     "legal on both sides: a GetTask with id \"\" (ProtoJSON's unset string, so the REQUIRED id is missing) is how conformance suites and the SDKs' own tests probe an agent's validation, not a client that meant a task (the verifier's stance for GetTask {} too), and the agent's answer names no task it handed out. -32602 (ERR-006: validate input first) is the SDKs' common answer and the better one; -32001 for the empty id it looked up (TASK-009) tells the client as much, so neither is a finding")

# a2aproject/a2a-js PR #411 (review): the REST client wrote the TaskState enum as its number in ?status=
case("f726-v10-rest-list-tasks-status-number", get_card(0.0, RCARD) + [
    req(0.1, "GET", R + "/tasks?status=2&pageSize=10", hdr={"a2a-version": "1.0"}),
    resp(0.12, 200, {"tasks": [task10("t-411", "c-411", "TASK_STATE_WORKING")], "nextPageToken": "", "pageSize": 10, "totalSize": 1}),
], [("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-js/pull/411 (feat: ListTasks client implementation, review on src/client/transports/rest_transport.ts: \"When serializing enums for REST query parameters, it is generally better to use the string representation (e.g., TASK_STATE_WORKING) rather than the numeric value (e.g., 2)\"; 2026-04-15) ; https://github.com/a2aproject/a2a-js/pull/433 (the server side \"Previously, only numeric values were accepted\", so the JS client and server agreed on numbers). The request is rebuilt from the review",
     "1.0 HTTP+JSON query parameters carry enums by their names (REST-001; 1.0 §11.5: status=TASK_STATE_WORKING). 2 is TASK_STATE_WORKING's proto number: a ProtoJSON body parser may accept it, but no spec text makes a number a query value, and an agent that reads only names (Python, Java) answers 400. This JS agent accepted it because its client sent the same wrong form: two halves of one SDK hiding each other's fault")

# a2aproject/a2a-dotnet PR #474: System.Text.Json writes a UTC DateTimeOffset with +00:00, not Z
case("f727-v10-status-timestamp-utc-offset", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("file the expense report", mid="m-474")}, ver="1.0"),
    resp(0.6, 200, {"task": task10("t-474", "c-474", "TASK_STATE_COMPLETED", ts="2026-09-02T14:55:42.7994676+00:00",
        artifacts=[{"artifactId": "a-474", "parts": [{"text": "Filed."}]}])}),
], [("timestamp-not-utc", "warning")],
 "https://github.com/a2aproject/a2a-dotnet/pull/474 (fix: serialize timestamps with UTC Z suffix: \"System.Text.Json serializes a UTC DateTimeOffset with a +00:00 offset by default ... Before: 2026-09-02T14:55:42.7994676+00:00 After: 2026-09-02T14:55:42.7994676Z\"; found by the TCK's TestTimestamp (DM-SERIAL-003); merged 2026-09-02). The task is rebuilt around the PR's timestamp",
     "1.0 timestamps are ISO 8601 in UTC with the Z designator (DATA-002; 1.0 §5.6.1), and ProtoJSON writes a google.protobuf.Timestamp Z-normalized. +00:00 is the same instant, which lenient readers accept, but a client or TCK that checks the format, or compares timestamps as strings (ListTasks statusTimestampAfter, ordering), sees another spelling: a warning, as the PR's own TCK failure shows")

# a2aproject/a2a-dotnet PR #474 (after the fix): seven fractional digits, Z-normalized
case("f728-legal-v10-status-timestamp-seven-fraction-digits", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("file the travel report", mid="m-474b")}, ver="1.0"),
    resp(0.6, 200, {"task": task10("t-474b", "c-474b", "TASK_STATE_COMPLETED", ts="2026-09-02T14:55:42.7994676Z",
        artifacts=[{"artifactId": "a-474b", "parts": [{"text": "Filed."}]}])}),
    req(0.9, "GET", R + "/tasks/t-474b", hdr={"a2a-version": "1.0"}),
    resp(0.91, 200, task10("t-474b", "c-474b", "TASK_STATE_COMPLETED", ts="2026-09-02T14:55:42.7994676Z",
        artifacts=[{"artifactId": "a-474b", "parts": [{"text": "Filed."}]}])),
], [],
 "https://github.com/a2aproject/a2a-dotnet/pull/474 (the fixed output \"After: 2026-09-02T14:55:42.7994676Z\": .NET's round-trip format keeps seven fractional digits, 100 ns ticks; merged 2026-09-02)",
     "legal: an RFC 3339 date-time in UTC with Z (DATA-002). Millisecond precision is a SHOULD and ProtoJSON writers emit 0, 3, 6 or 9 digits, but RFC 3339 allows any number of fractional digits and ProtoJSON parsers read up to nine, so seven are no fault")

# --- legal controls --------------------------------------------------------------------------------
# a2aproject/a2a-js #642 (the Python side): {"data": null} is a data part whose value is null
case("f730-legal-v10-data-part-null", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-642p", "SendMessage", {"message": umsg10("look up the order's coupon", mid="m-642p")}), ver="1.0"),
    resp(0.5, 200, ok("s-642p", {"message": {"messageId": "m-642pr", "role": "ROLE_AGENT", "contextId": "c-642p",
        "parts": [{"text": "No coupon on this order."}, {"data": None, "mediaType": "application/json"}]}})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/642 (\"data is a google.protobuf.Value, and null is a perfectly good Value ... a2a-python treats the arm as set and round-trips it: ParseDict({\\\"data\\\": None, \\\"mediaType\\\": \\\"application/json\\\"}, m); m.HasField('data') # True; MessageToDict(m) # {'data': None, 'mediaType': 'application/json'}\"; 2026-08-10) ; https://github.com/a2aproject/a2a-js/pull/655 (keep the data oneof arm when the value is null)",
     "legal: Part.data is a google.protobuf.Value (DATA-004: any JSON), and ProtoJSON reads null in a Value field as NullValue, not as unset (the rule that null means absent holds for every other field type). {\"data\": null} is therefore a data part whose payload is null, exactly one content member; only a reader that treats null as absent (the JS SDK before PR #655) loses it")

# prebid/salesagent #1583: integers in a data part come back as whole-number doubles through Struct
case("f731-legal-v10-data-part-whole-number-doubles", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1583", "SendMessage", {"message": umsg10("create the media buy", mid="m-1583")}), ver="1.0"),
    resp(0.8, 200, ok("s-1583", {"task": task10("t-1583", "c-1583", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1583",
        "parts": [{"data": {"media_buy_id": "mb-77", "revision": 1.0, "packages": [{"package_id": "p1", "impressions": 250000.0, "budget": 1200.5}]},
                   "mediaType": "application/json"}]}])})),
], [],
 "https://github.com/prebid/salesagent/issues/1583 (\"The A2A transport serializes response DataParts through a protobuf Struct, whose only numeric type is double. Integer wire fields — e.g. the AdCP 3.1.0-beta.3 media-buy revision counter — therefore arrive as whole-number floats (1.0) on the A2A wire, while REST/MCP carry a genuine JSON integer\"; 2026-07-10, open)",
     "legal: a 1.0 data part is a google.protobuf.Value (DATA-004) and Struct numbers are doubles, so 1.0 and 250000.0 are the integers 1 and 250000 as ProtoJSON writes them (JSON itself has one number type, RFC 8259 §6). Keys inside data are the application's own (snake_case here), not A2A members, so DATA-001's camelCase rule does not reach them. A schema that insists on the integer type is stricter than the A2A wire")

# a2aproject/a2a-python #1078: json.dumps escapes every non-ASCII character of a stream's events
ESC = "\u4f60\u597d\uff01\u6709\u4ec0\u4e48\u6211\u53ef\u4ee5\u5e2e\u52a9\u4f60\u7684\u5417\uff1f\U0001F60A"
def escaped_sse(obj):
    """One SSE event whose JSON escapes every non-ASCII character (\\uXXXX, emoji as a surrogate pair)."""
    return "data: " + json.dumps(obj, separators=(",", ":"), ensure_ascii=True) + "\n\n"
case("f732-legal-v10-stream-non-ascii-escaped", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", json.dumps(rpc("s-1078", "SendStreamingMessage", {"message": umsg10("\u4f60\u597d", mid="m-1078", contextId="c-1078")}), ensure_ascii=False, separators=(",", ":")), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, escaped_sse(ok("s-1078", {"task": task10("t-1078", "c-1078", "TASK_STATE_WORKING")}))),
    chunk(0.9, escaped_sse(ok("s-1078", {"artifactUpdate": {"taskId": "t-1078", "contextId": "c-1078",
        "artifact": {"artifactId": "a-1078", "name": "\u56de\u590d", "parts": [{"text": ESC}]}, "lastChunk": True}}))),
    chunk(1.0, escaped_sse(ok("s-1078", su10("t-1078", "c-1078", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.01, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-python/issues/1078 (\"When non ASCII encoding occurs, escaping occurs after JSON serialization. These situations occur in streaming messages using the JSON-RPC 1.0, HTTP+JSON 1.0 and HTTP+JSON 0.3 protocols\"; a2a-sdk 1.0.3; the agent's reply \"\u4f60\u597d\uff01\u6709\u4ec0\u4e48\u6211\u53ef\u4ee5\u5e2e\u52a9\u4f60\u7684\u5417\uff1f\U0001F60A\" arrives as \\\\uXXXX escapes; \"Although it does not affect functionality, it is very inconvenient\"; 2026-05-25)",
     "legal: a JSON string may carry any character as a \\uXXXX escape, and a character beyond the BMP (the emoji) as an escaped UTF-16 surrogate pair (RFC 8259 §7); a JSON reader yields the same text either way. The stream keeps its shape (STREAM-003): task, artifact, terminal status, close. Longer bytes and harder debugging are the only cost")

# a2aproject/a2a-rs PR #23: null repeated and map members read as empty, for cross-SDK compatibility
case("f733-legal-v10-null-repeated-members", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-23", "SendMessage", {"message": umsg10("ping the build bot", mid="m-23", referenceTaskIds=None, extensions=None, metadata=None)}), ver="1.0"),
    resp(0.6, 200, ok("s-23", {"task": task10("t-23", "c-23", "TASK_STATE_COMPLETED", history=None, metadata=None,
        artifacts=[{"artifactId": "a-23", "parts": [{"text": "pong"}], "extensions": None, "metadata": None}])})),
    req(0.8, "POST", A + "/a2a", rpc("g-23", "GetTask", {"id": "t-23"}), ver="1.0"),
    resp(0.81, 200, ok("g-23", task10("t-23", "c-23", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-23", "parts": [{"text": "pong"}]}], history=[]))),
], [],
 "https://github.com/a2aproject/a2a-rs/pull/23 (feat: use ProtoJSON for JSON wire payloads: \"accept null repeated and map fields from generated ProtoJSON serde as empty collections for cross-SDK compatibility\"; 2026-04-05)",
     "legal: ProtoJSON reads null as the field's default for every field but google.protobuf.Value (https://protobuf.dev/programming-guides/json/: \"null is accepted for all field types and treated as the default value\"), so referenceTaskIds: null, extensions: null and history: null are empty lists and metadata: null is no metadata (DATA-003). None of them is a REQUIRED member, and the task's artifact keeps its parts")

# influxdata/pbjson #22: ProtoJSON bytes accept URL-safe base64 without padding
case("f734-legal-v10-raw-part-url-safe-base64", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-22", "SendMessage", {"message": {"messageId": "m-22", "role": "ROLE_USER", "parts": [
        {"text": "what is in this icon?"},
        {"raw": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4__8_AwAI_AL-p5qgoAAAAABJRU5ErkJggg", "mediaType": "image/png", "filename": "dot.png"}]}}), ver="1.0"),
    resp(0.7, 200, ok("s-22", {"message": amsg10("A single transparent pixel.", mid="m-22r", contextId="c-22")})),
], [],
 "https://github.com/influxdata/pbjson/issues/22 (\"According to the spec: Either standard or URL-safe base64 encoding with/without paddings are accepted. Currently this crate just accepts standard encoding\"; fixed by pbjson PR #26) ; https://github.com/a2aproject/a2a-rs/pull/81 (a2a-rs decodes 1.0 ProtoJSON with pbjson-generated deserializers)",
     "legal: Part.raw is proto bytes, and the ProtoJSON mapping writes bytes as standard base64 with padding but makes every parser accept standard or URL-safe base64, with or without padding (DATA-004's raw is these bytes). This raw part uses - and _ and drops the trailing ==: a 1x1 PNG any ProtoJSON reader decodes; only a reader that knows nothing but standard base64 (pbjson before #26) refuses it")

# a2aproject/a2a-js #609 (the expected shape): an empty ListTasks page with every member present
case("f735-legal-v10-list-tasks-empty-page", get_card(0.0, card10([iface(A + "/a2a/v1", "JSONRPC")])) + [
    req(0.1, "POST", A + "/a2a/v1", rpc("l-609b", "ListTasks", {"contextId": "c-609b", "pageSize": 20}), ver="1.0"),
    resp(0.12, 200, ok("l-609b", {"tasks": [], "nextPageToken": "", "pageSize": 20, "totalSize": 0})),
], [],
 "https://github.com/a2aproject/a2a-js/issues/609 (\"an empty page still needs tasks: [], nextPageToken: \\\"\\\", and totalSize: 0\"; the handler's own answer {tasks: [], nextPageToken: '', pageSize: 20, totalSize: 0} before the ProtoJSON helpers dropped it; 2026-07-30)",
     "legal: a context with no tasks lists an empty page: tasks [] (trap 12: \"REQUIRED arrays non-empty\" is about cards, not about an empty result), nextPageToken \"\" on the last page and totalSize 0 (DATA-007)")

# a2aproject/a2a-js PR #691 / #683: the JS client writes absent taskId and contextId as "" on a new message
case("f736-legal-v10-new-message-empty-ids", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-691", "SendMessage", {"message": umsg10("start a new report", mid="m-691", taskId="", contextId="")}), ver="1.0"),
    resp(0.6, 200, ok("s-691", {"task": task10("t-691", "c-691", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-691", "parts": [{"text": "Report started."}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("s-691b", "SendMessage", {"message": umsg10("and another one", mid="m-691b", taskId="", contextId="c-691")}), ver="1.0"),
    resp(1.5, 200, ok("s-691b", {"task": task10("t-691b", "c-691", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[{"artifactId": "a-691b", "parts": [{"text": "Second report started."}]}])})),
], [],
 "https://github.com/a2aproject/a2a-js/pull/691 (\"In toCoreMessage(), stopped defaulting missing taskId and contextId to empty strings (\\\"\\\")\"; fixes a2a-js #678; 2026-08-28, open) ; https://github.com/a2aproject/a2a-js/issues/683 (\"Empty \\\"\\\" is still \\\"create new task\\\" (falsy)\")",
     "legal: in ProtoJSON \"\" is a string field's unset default, so taskId \"\" and contextId \"\" on a message are no task and no context: the agent creates a task and mints a context (ID-001, ID-002), and with contextId c-691 and taskId \"\" starts a new task in that context (ID-008). Nothing names a task the agent never handed out")

# a2aproject/a2a-js #683: a whitespace-only taskId is answered TaskNotFoundError
case("f737-legal-v10-whitespace-task-id-not-found", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-683", "SendMessage", {"message": umsg10("continue, please", mid="m-683", taskId="   ")}), ver="1.0"),
    resp(0.11, 200, err("s-683", -32001, "Task not found:    ", info("TASK_NOT_FOUND"))),
], [],
 "https://github.com/a2aproject/a2a-js/issues/683 (\"_createRequestContext does if (incomingMessage.taskId), which is true for \\\"   \\\", then taskStore.load(\\\"   \\\") and TaskNotFoundError (-32001 / HTTP 404) ... Expected: RequestMalformedError(\\\"Task ID is required\\\")\"; fixed by a2a-js PR #689; 2026-08-27)",
     "legal, the issue's own expectation notwithstanding: \"   \" is a non-empty string, so the message names a task (only \"\" is ProtoJSON's unset default), and a task id the agent never handed out is answered TaskNotFoundError (ID-001, TASK-009; ERR-002 -32001 with reason TASK_NOT_FOUND). -32602 would be as defensible (ERR-006); the spec does not call a blank id malformed, so neither answer is a finding")

# a2aproject/a2a-samples PR #112: the samples' 0.2 cards wrote unset optional members as null
NC02 = {"name": "Currency Agent", "description": "Helps with exchange rates for currencies", "url": "http://localhost:10000/",
        "version": "1.0.0", "provider": None, "documentationUrl": None,
        "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text", "text/plain"],
        "defaultOutputModes": ["text", "text/plain"],
        "skills": [{"id": "convert_currency", "name": "Currency Exchange Rates Tool", "description": "Helps with exchange values between various currencies",
                    "tags": ["currency conversion", "currency exchange"], "examples": ["What is exchange rate between USD and GBP?"],
                    "inputModes": None, "outputModes": None}]}
case("f729-legal-v02-card-optional-members-null", get_card(0.0, NC02, url="http://localhost:10000/.well-known/agent.json") + [
    req(0.2, "POST", "http://localhost:10000/", rpc("r-112", "message/send", {"message": umsg03("How much is 10 USD in GBP?", mid="m-112")})),
    resp(0.9, 200, ok("r-112", task03("t-112", "c-112", "completed", artifacts=[{"artifactId": "a-112", "parts": [{"kind": "text", "text": "10 USD is 7.40 GBP."}]}]))),
], [],
 "https://github.com/a2aproject/a2a-samples/pull/112 (Make Agent Cards strictly follow the Agent Card specification: \"The specification for Agent Cards specifies that the provider, documentationUrl, inputModes and outputModes are optional not nullable (present but null). I have removed these fields as a whole to match this expectation\"; merged 2025-06-10). The card is rebuilt from the samples' currency agent the PR touched",
     "legal reading: a 0.2 card's optional provider, documentationUrl and skill inputModes / outputModes are typed object, string and list in the JSON schema, and a strict schema validator refuses null there, but the schema marks them optional, the samples' own Python SDK (pydantic Optional) reads null as unset, and nothing a client needs is lost (CARD-004 lists required members only). The PR's cleanup is good practice, not a conformance fix; the card's required members are all present")

write_cases(cases, OUT)
