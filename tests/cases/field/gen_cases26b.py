"""Session-26 field cases of miner mine26b (f441-f453): same helpers and output format as gen_cases.py.

Scope: what agents exchange, from any public tracker: parts per generation (0.2 `type`, 0.3 `kind`,
1.0 `text`/`raw`/`url`/`data`), file parts (bytes vs uri, data: URLs, media types), data parts
(non-object data in 1.0, JSON rendered as text), artifacts (metadata on appended chunks),
acceptedOutputModes against what is sent, and the client's messageId.
`python3 gen_cases26b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b26b-*` variants into ../variants).
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
A2AJ = "application/a2a+json"
PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg=="
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def su10(tid, cid, state):
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS}}}

# --- faults ----------------------------------------------------------------------------------------
# assistant-ui PR #5036: react-a2a sent a file URL with mediaType "image/*"
case("f441-v10-client-url-part-media-range", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": {"messageId": "m-5036", "role": "ROLE_USER", "parts": [
        {"text": "What is in this picture?"},
        {"url": "https://files.example.test/uploads/7f3a/receipt.png", "mediaType": "image/*", "filename": "receipt.png"}]}}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-5036", "c-5036", "TASK_STATE_WORKING")}))),
    chunk(1.2, sse(ok("1", {"artifactUpdate": {"taskId": "t-5036", "contextId": "c-5036", "artifact": {"artifactId": "a-5036", "parts": [{"text": "A grocery receipt, total 23.40 EUR."}]}, "lastChunk": True}}))),
    chunk(1.3, sse(ok("1", su10("t-5036", "c-5036", "TASK_STATE_COMPLETED")))),
    chunk(1.31, "", close="eof"),
], [("part-media-type-not-a-media-type", "warning")],
 "https://github.com/assistant-ui/assistant-ui/pull/5036 (react-a2a's outbound converter: image parts went out with mediaType \"image/*\"; the PR notes that is a match pattern, not a valid MIME type, and now sends the embedded MIME of a data URL, or no mediaType when it is not known)",
 "a 1.0 Part's mediaType is the media type of the part's content (DATA-004: the proto's examples are text/plain, application/json, image/png); image/* is a media range (RFC 9110 §12.5.1), which belongs in acceptedOutputModes, so an agent that picks a decoder or a model input type by mediaType has none for this file")

# liujuanjuan1984/codex-a2a #214: card and runtime disagree; acceptedOutputModes is never consumed
CARD214 = card03(A + "/", defaultInputModes=["text/plain"], defaultOutputModes=["text/plain"],
    skills=[{"id": "codex.chat", "name": "Codex chat", "description": "Chat with Codex; emits structured DataParts for discovery results", "tags": ["codex"]}])
case("f442-v03-data-part-outside-accepted-output-modes", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD214),
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("list the sessions of this workspace", mid="m-214"),
        "configuration": {"acceptedOutputModes": ["text/plain"], "blocking": True}})),
    resp(1.5, 200, ok("1", task03("t-214", "c-214", "completed", artifacts=[{"artifactId": "a-214", "name": "sessions",
        "parts": [{"kind": "data", "data": {"sessions": [{"id": "s-1", "title": "fix flaky test"}, {"id": "s-2", "title": "bump deps"}]}}]}]))),
], [("output-mode-not-accepted", "warning")],
 "https://github.com/liujuanjuan1984/codex-a2a/issues/214 (the Agent Card declares default_output_modes=[\"text/plain\"] while output mapping and several runtimes emit DataParts; the server never consumes the client's acceptedOutputModes, and the executor's own downstream calls pass accepted_output_modes=[\"text/plain\"])",
 "the client asked for text/plain only (acceptedOutputModes; agents SHOULD tailor their output to it) and got a data part, application/json (DATA-004), in the artifact; a text-only client has nothing to show. The card, which lists only text/plain as output, says the same thing the request does")

# archestra-ai/archestra PR #7599: a messageId that is not a UUID
case("f443-v10-non-uuid-message-id-invalid-request", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("summarise the open incidents", mid="msg-1")}), ver="1.0"),
    resp(0.03, 200, err("1", -32600, "Invalid Request: message.messageId: Invalid UUID")),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/archestra-ai/archestra/pull/7599 (messageId is stored verbatim in a uuid column: \"msg-1\" first failed with -32603 leaking the SQL error; after the PR a non-UUID id is a named validation error, -32600 pointed at message.messageId)",
 "the request is a well-formed JSON-RPC call and a well-formed SendMessage: Message.messageId is any string the message's creator picks (1.0 proto: \"e.g. UUID\"), so -32600 Invalid Request, for a body that is not a valid request object, tells the client its JSON-RPC is broken (ERR-001, ERR-002); the agent should accept the id and key its own storage on an id of its own")

case("f444-v10-send-without-message-id-accepted", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"role": "ROLE_USER", "parts": [{"text": "summarise the open incidents"}]}}), ver="1.0"),
    resp(2.1, 200, ok("1", {"task": task10("t-7599", "c-7599", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-7599", "parts": [{"text": "3 incidents open"}]}])})),
], [("request-message-invalid-shape", "error")],
 "https://github.com/archestra-ai/archestra/pull/7599 (a v2 SendMessage whose message omits messageId failed with -32600; the PR mints a UUID for an absent or blank messageId and runs the message, on the reasoning that a protobuf-JSON client that never set it omits the field)",
 "Message.messageId is REQUIRED in the 1.0 proto (DATA-005); a client that sends none breaks the request, whatever the agent then does with it: a retried send cannot be recognised as the same message (ID-007). The agent's leniency is its own choice; the finding is the client's")

# --- legal controls ------------------------------------------------------------------------------
# google/adk-python #6215: an A2A agent answers with a text part and a file part by uri
case("f445-legal-v03-text-and-file-uri-parts", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("plot the signal quality of session 63ec", mid="m-6215")})),
    resp(4.2, 200, ok("1", task03("t-6215", "c-6215", "completed", artifacts=[{"artifactId": "a-6215", "parts": [
        {"kind": "text", "text": "Signal quality is good on 12 of 14 channels."},
        {"kind": "file", "file": {"uri": "https://storage.example.test/agent-images/002be84a_signal_quality.png", "mimeType": "image/png", "name": "002be84a_signal_quality.png"}}]}]))),
], [],
 "https://github.com/google/adk-python/issues/6215 (adk web shows an empty block for an A2A agent's message that carries a text part and a FileWithUri part; the part converter logs the uri, image/png and the name, so the wire was fine)",
 "legal: a 0.3 answer may mix a TextPart and a FilePart whose file has a uri, a mimeType and a name (DATA-004: exactly one of bytes / uri); how the client renders it is the client's")

# assistant-ui #5546: inbound url and raw parts (1.0, HTTP+JSON)
case("f446-legal-v10-rest-url-and-raw-audio-parts", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("read me the quarterly summary", mid="m-5546")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(3.0, 200, {"message": {"messageId": "m-a5546", "contextId": "c-5546", "role": "ROLE_AGENT", "parts": [
        {"url": "https://files.example.test/reports/q3-summary.pdf", "mediaType": "application/pdf", "filename": "report.pdf"},
        {"raw": "SUQzBAAAAAAAI1RTU0UAAAAPAAADTGF2ZjU4Ljc2LjEwMAAAAAAAAAAAAAAA", "mediaType": "audio/mpeg", "filename": "summary.mp3"}]}}, ctype=A2AJ),
], [],
 "https://github.com/assistant-ui/assistant-ui/issues/5546 (react-a2a's inbound converter turned a url part into a markdown link and a raw audio part into the text \"[File: download]\"; the agent's parts were {url, mediaType, filename} and {raw, mediaType})",
 "legal: a 1.0 Part is exactly one of text / raw / url / data with an optional mediaType and filename (DATA-004); raw is base64 (ProtoJSON bytes), and a message may carry only file parts")

# i-am-bee/beeai-framework PR #1508: a FileWithUri whose uri is a data: URL, on a stream
case("f447-legal-v03-stream-file-uri-data-url", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("sketch the floor plan", mid="m-1508")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-1508", "c-1508", "working")))),
    chunk(2.0, sse(ok("s1", {"kind": "artifact-update", "taskId": "t-1508", "contextId": "c-1508", "artifact": {"artifactId": "a-1508", "name": "floor-plan",
        "parts": [{"kind": "file", "file": {"uri": "data:image/png;base64," + PNG, "mimeType": "image/png", "name": "floor-plan.png"}}]}, "lastChunk": True}))),
    chunk(2.1, sse(ok("s1", su03("t-1508", "c-1508", "completed", True)))),
    chunk(2.11, "", close="eof"),
], [],
 "https://github.com/i-am-bee/beeai-framework/pull/1508 (incoming A2A FileWithUri parts whose uri is a data: URI were passed on verbatim as if fetchable; the adapters now decode data: URIs into base64 and leave https URLs alone)",
 "legal: FileWithUri.uri is a URI (DATA-004), and an RFC 2397 data: URL is one; it carries its bytes inline, so the reader decodes it instead of fetching it")

# a2aproject/a2a-java #615, a2a-python #735: metadata on an appended chunk
case("f448-legal-v10-append-chunk-metadata-not-merged", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("draft the incident report", mid="m-615")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-615", "c-615", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("1", {"artifactUpdate": {"taskId": "t-615", "contextId": "c-615", "artifact": {"artifactId": "a-615", "name": "report",
        "parts": [{"text": "Timeline: "}], "metadata": {"section": "timeline"}}, "append": False, "lastChunk": False}}))),
    chunk(1.0, sse(ok("1", {"artifactUpdate": {"taskId": "t-615", "contextId": "c-615", "artifact": {"artifactId": "a-615",
        "parts": [{"text": "09:12 alert, 09:40 rollback."}], "metadata": {"section": "timeline", "reviewed": True}}, "append": True, "lastChunk": True}}))),
    chunk(1.1, sse(ok("1", su10("t-615", "c-615", "TASK_STATE_COMPLETED")))),
    chunk(1.11, "", close="eof"),
    req(2.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-615"}), ver="1.0"),
    resp(2.004, 200, ok("2", task10("t-615", "c-615", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-615", "name": "report",
        "parts": [{"text": "Timeline: "}, {"text": "09:12 alert, 09:40 rollback."}], "metadata": {"section": "timeline"}}]))),
], [],
 "https://github.com/a2aproject/a2a-java/issues/615 ; https://github.com/a2aproject/a2a-python/issues/735 (the task manager appends an append:true chunk's parts to the stored artifact but ignores the chunk's metadata, so the stored artifact keeps the first chunk's metadata)",
 "legal on the wire: append:true adds the chunk's parts to the artifact (STREAM-009) and the snapshot holds every part the stream sent; what an appended chunk's metadata does to the artifact's is not specified (A2A #228 asked; the proto says nothing), so keeping the first chunk's metadata is a choice, not a fault")

# a2aproject/A2A #354: 0.2 samples send acceptedOutputModes ["text"]
case("f449-legal-v02-accepted-output-modes-text-token", [
    req(0.0, "POST", A + "/", rpc(33, "tasks/send", {"id": "3", "sessionId": "1aab49f1e85c499da48c2124f4ceee4d", "acceptedOutputModes": ["text"],
        "message": {"role": "user", "parts": [{"type": "text", "text": "How much is 1 USD to EUR?"}]}})),
    resp(1.1, 200, ok(33, {"id": "3", "sessionId": "1aab49f1e85c499da48c2124f4ceee4d", "status": {"state": "completed", "timestamp": TS},
        "artifacts": [{"parts": [{"type": "text", "text": "1 USD is 0.92 EUR."}], "index": 0}]})),
], [],
 "https://github.com/a2aproject/A2A/issues/354 (the semantickernel sample sends tasks/send with \"acceptedOutputModes\": [\"text\"], a property the JSON schema of the day did not define; fixed by PR #599)",
 "legal: 0.1 tasks/send params carried acceptedOutputModes, and the samples' modes were bare tokens (text) rather than media types; the text answer is what was asked for")

# a2aproject/A2A #1504: A2UI messages as a list in a data part (1.0 Value)
case("f450-legal-v10-a2ui-data-part-list", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("show the booking form", mid="m-1504"),
        "configuration": {"acceptedOutputModes": ["text/plain", "application/json+a2ui"]}}), ver="1.0",
        hdr={"a2a-extensions": "https://a2ui.org/a2a-extension/a2ui/v0.8"}),
    resp(0.4, 200, ok("1", {"message": {"messageId": "m-a1504", "contextId": "c-1504", "role": "ROLE_AGENT", "parts": [
        {"data": [{"beginRendering": {"surfaceId": "booking", "root": "form"}}, {"surfaceUpdate": {"surfaceId": "booking", "components": [{"id": "form", "component": {"Column": {"children": {"explicitList": []}}}}]}}],
         "mediaType": "application/json+a2ui"}]}})),
], [],
 "https://github.com/a2aproject/A2A/issues/1504 (the A2UI extension says a DataPart's data is a list of A2UI messages, while the spec's example data part is an object)",
 "legal in 1.0: Part.data is a google.protobuf.Value, so a list is a data part (DATA-004; only 0.x requires an object); application/json+a2ui is a media type the request accepted")

# cap-js/agents #44: structured results rendered as JSON text
case("f451-legal-v03-structured-result-as-json-text", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("which orders are overdue?", mid="m-44")})),
    resp(2.5, 200, ok("1", task03("t-44", "c-44", "completed",
        status={"state": "completed", "timestamp": TS, "message": amsg03("{\"overdue\":[{\"order\":\"4711\",\"days\":3}]}", mid="m-a44", taskId="t-44", contextId="c-44")},
        artifacts=[{"artifactId": "a-44", "name": "response", "parts": [{"kind": "text", "text": "{\"overdue\":[{\"order\":\"4711\",\"days\":3}]}"}]}]))),
], [],
 "https://github.com/cap-js/agents/issues/44 (agents could only return text: the default output mapper JSON-stringifies structured results into a TextPart, for the completed status message and the response artifact alike; DataPart was never produced outbound)",
 "legal: a TextPart may hold JSON text; the caller loses structure it could have had as a DataPart, but nothing it was promised: no acceptedOutputModes asked for application/json")

# trpc-group/trpc-agent-go PR #1369: a content-type tag in a FilePart's metadata
case("f452-legal-v03-file-part-content-tag-in-metadata", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-1369", "role": "user", "parts": [
        {"kind": "text", "text": "what does this chart show?"},
        {"kind": "file", "file": {"bytes": PNG, "mimeType": "image/png", "name": "chart.png"}, "metadata": {"content_type": "image", "accept": "image/*"}}]}})),
    resp(1.8, 200, ok("1", amsg03("Monthly sign-ups, rising since March.", mid="m-a1369", contextId="c-1369"))),
], [],
 "https://github.com/trpc-group/trpc-agent-go/pull/1369 (FileParts now carry an explicit content-type tag (image, audio, file) in their metadata so the receiving side restores the logical content kind; the server also base64-decodes FileWithBytes before use)",
 "legal: part metadata is free-form (DATA-004), so a tag there, even one that looks like a media range, is the sender's own data; the part's media type proper, file.mimeType, is image/png (the metadata keys are illustrative)")

# a2aproject/A2A #1451 (item 3): the 1.0 spec's legacy-compatibility example showed the nested file
case("f453-v10-rest-part-from-legacy-example", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("draw the architecture diagram", mid="m-1451")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(2.0, 200, {"message": {"messageId": "m-a1451", "contextId": "c-1451", "role": "ROLE_AGENT", "parts": [
        {"file": {"mediaType": "image/png", "name": "diagram.png", "fileWithBytes": PNG}}]}}, ctype=A2AJ),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/A2A/issues/1451 (1.0-rc inconsistencies, item 3: the migration and legacy compatibility example showed {\"file\": {\"mediaType\", \"name\", \"fileWithBytes\"}} where a 1.0 Part is {\"mediaType\", \"filename\", \"raw\"}; fixed in #1482)",
 "a 1.0 Part is exactly one of text / raw / url / data with mediaType and filename beside it (DATA-004); an agent that copied the example sends a part with none of the four, which a 1.0 reader decodes as an empty part and the image is lost")

# chaosxingxc-orion/spring-ai-ascend #233: defaultOutputModes hard-coded to ["text", "artifact"]
CARD233 = json.loads(json.dumps(CARD10))
CARD233["defaultOutputModes"] = ["text", "artifact"]
CARD233["skills"] = [{"id": "hotel", "name": "Hotel booking", "description": "Finds and books hotels", "tags": ["travel"]}]
case("f454-card10-output-modes-not-media-types", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, CARD233),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("a hotel in Lisbon for two nights", mid="m-233"),
        "configuration": {"acceptedOutputModes": ["text/plain"]}}), ver="1.0"),
    resp(2.2, 200, ok("1", {"message": {"messageId": "m-a233", "contextId": "c-233", "role": "ROLE_AGENT", "parts": [
        {"text": "**Casa Alfama**, 2 nights, 240 EUR. Shall I book it?", "mediaType": "text/markdown"}]}})),
], [("card-mode-not-a-media-type", "warning"), ("output-mode-not-accepted", "warning")],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/233 (AgentCards hard-codes defaultOutputModes(List.of(\"text\", \"artifact\")); the hotel handler only emits markdown text and never an artifact, so clients prepare an artifact rendering branch that never fires)",
 "1.0 card modes are media types (the proto: \"defined as media types\"; CARD-003): text names no type and artifact is a concept, so a client that matches the card's output modes against acceptedOutputModes or a part's mediaType finds nothing in common. The answer itself is text/markdown while the client accepted text/plain only (DATA-004, acceptedOutputModes)")

# ag2ai/ag2 PR #2163: an empty text part (context travels in metadata) refused with -32603
case("f455-v03-empty-text-part-internal-error", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-2163", "role": "user",
        "parts": [{"kind": "text", "text": ""}], "metadata": {"ag2": {"context": {"user_id": "u-17"}, "tools": ["search_flights"]}}}})),
    resp(0.02, 200, err("1", -32603, "TextPart content cannot be empty")),
], [("valid-request-refused-invalid-params", "warning")],
 "https://github.com/ag2ai/ag2/pull/2163 (A2AClientJSONRPCError code=-32603 message='TextPart content cannot be empty': ag2 passes context and tool use in message metadata, so a message body may be empty; the a2a-python server's new_task refuses it, a2a-python PR #327)",
 "0.3 TextPart.text is a string with no minimum length (DATA-004), so a message whose only text part is empty is well-formed; the agent answered with InternalError, which tells the client the agent failed while blaming the request, so the client can neither fix the request nor expect a retry to work")

# assistant-ui PR #7167: a text member that is an object, and null optional members
case("f456-v10-agent-text-part-object", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("what's the weather in Oslo?", mid="m-7167a")}), ver="1.0"),
    resp(0.9, 200, ok("1", {"message": {"messageId": "m-a7167a", "contextId": "c-7167", "role": "ROLE_AGENT",
        "parts": [{"text": {"summary": "light rain", "temperature_c": 7}}]}})),
], [("result-invalid-shape", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/7167 (react-a2a accepted a successful response whose part was {\"text\": {\"invalid\": true}} and let an object reach a field declared and consumed as a string; the PR validates the known string fields of every nested part)",
 "a 1.0 Part's text is a string (DATA-004); an agent that puts its structured result under text instead of data sends a part no ProtoJSON reader decodes, and a lenient reader renders [object Object]")
case("f457-legal-v10-null-optional-members", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("what's the weather in Oslo?", mid="m-7167b")}), ver="1.0"),
    resp(0.9, 200, ok("1", {"message": {"messageId": "m-a7167b", "contextId": "c-7167", "taskId": None, "role": "ROLE_AGENT",
        "parts": [{"text": "Light rain, 7 °C.", "mediaType": None, "filename": None, "metadata": None}],
        "metadata": None, "extensions": None, "referenceTaskIds": None}})),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/7167 (protocol-style null optional fields are normalised to absence by the client; opaque data and unknown fields stay accepted)",
 "legal: ProtoJSON reads null as the field's default (unset) for every optional member, so taskId, mediaType, metadata and the repeated fields set to null say nothing; the text carries a non-ASCII character (°) as UTF-8")

# a2aproject/a2a-go PR #160: a message without role is now refused with InvalidParams
case("f458-v10-rest-message-without-role-refused", [
    req(0.0, "POST", A + "/message:send", {"message": {"messageId": "m-160", "parts": [{"text": "book the 9:40 train"}]}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.01, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message role is required"}}, ctype=A2AJ),
], [("request-message-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-go/pull/160 (handleSendMessage now validates the required fields of MessageSendParams.Message (ID, Parts, Role) and returns ErrInvalidParams, mapped to gRPC InvalidArgument, for an incomplete message)",
 "Message.role is REQUIRED in 1.0 (DATA-005), so the client's message is malformed and 400 INVALID_ARGUMENT is the right refusal (ERR-006); the finding is the client's, and the agent's refusal is not flagged")

case("f459-v10-non-uuid-message-id-internal-error", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("summarise the open incidents", mid="msg-1")}), ver="1.0"),
    resp(0.04, 200, err("1", -32603, "Internal error: invalid input syntax for type uuid: \"msg-1\"")),
], [("valid-request-refused-invalid-params", "warning")],
 "https://github.com/archestra-ai/archestra/pull/7599 (before the PR: messageId is stored verbatim as a2a_message.id, a uuid column, so a supplied \"msg-1\" failed with -32603 Internal error leaking the raw SQL)",
 "messageId is any string its creator picks (1.0 proto: \"e.g. UUID\"; ID-007 uses it to recognise a retry); the agent answered a valid SendMessage with InternalError whose words show it refused the id for not being a UUID, so the client can neither fix the request nor expect a retry to work (f443 is the same agent after the PR)")

write_cases(cases, OUT)

# --- variants: the kinds fixed in this round ---------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R5036 = "https://github.com/assistant-ui/assistant-ui/pull/5036"

# K1: a part's media type that is no media type (DATA-MEDIA-001)
vcase("b26b-K1-v10-rest-agent-raw-part-wildcard", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("render the chart", mid="m-k1a")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.8, 200, {"message": {"messageId": "m-ak1a", "contextId": "c-k1a", "role": "ROLE_AGENT", "parts": [
        {"raw": PNG, "mediaType": "image/*", "filename": "chart.png"}]}}, ctype=A2AJ),
], [("part-media-type-not-a-media-type", "warning")], R5036 + " (the agent's side, 1.0 HTTP+JSON: a raw part labelled image/*)",
 "a part's mediaType names the one type of its bytes (DATA-004); image/* is a media range")
vcase("b26b-K1-v03-stream-artifact-file-mimetype-bare-word", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("export the slides", mid="m-k1b")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-k1b", "c-k1b", "working")))),
    chunk(1.0, sse(ok("s1", {"kind": "artifact-update", "taskId": "t-k1b", "contextId": "c-k1b", "artifact": {"artifactId": "a-k1b",
        "parts": [{"kind": "file", "file": {"uri": "https://files.example.test/k1b/deck.pdf", "mimeType": "pdf", "name": "deck.pdf"}}]}, "lastChunk": True}))),
    chunk(1.1, sse(ok("s1", su03("t-k1b", "c-k1b", "completed", True)))),
    chunk(1.11, "", close="eof"),
], [("part-media-type-not-a-media-type", "warning")], R5036 + " (0.3 stream: an artifact's file.mimeType is the bare word pdf)",
 "0.3 FileBase.mimeType is \"the MIME type of the file (e.g. application/pdf)\" (0.3 schema, DATA-004); pdf has no type/subtype")
vcase("b26b-K1-v03-client-file-mimetype-any", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k1c", "role": "user", "parts": [
        {"kind": "text", "text": "summarise the attachment"},
        {"kind": "file", "file": {"bytes": "JVBERi0xLjQK", "mimeType": "*/*", "name": "brief.pdf"}}]}})),
    resp(1.0, 200, ok("1", amsg03("It is a two-page brief.", mid="m-ak1c", contextId="c-k1c"))),
], [("part-media-type-not-a-media-type", "warning")], R5036 + " (the client's side, 0.3: a file part labelled */*)",
 "*/* is the media range of anything, not the type of this file (DATA-004)")
vcase("b26b-K1-v10-client-media-range-echoed-in-history", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"messageId": "m-k1f", "role": "ROLE_USER", "parts": [
        {"text": "describe it"}, {"url": "https://files.example.test/k1f/photo.jpg", "mediaType": "image/*"}]}}), ver="1.0"),
    resp(1.2, 200, ok("1", {"task": task10("t-k1f", "c-k1f", "TASK_STATE_COMPLETED",
        history=[{"messageId": "m-k1f", "contextId": "c-k1f", "taskId": "t-k1f", "role": "ROLE_USER", "parts": [
            {"text": "describe it"}, {"url": "https://files.example.test/k1f/photo.jpg", "mediaType": "image/*"}]}],
        artifacts=[{"artifactId": "a-k1f", "parts": [{"text": "A lighthouse at dusk."}]}])})),
], [("part-media-type-not-a-media-type", "warning")], R5036 + " (the task's history echoes the client's part: the client's request is flagged, the echo is not)",
 "the media range is the client's (DATA-004); the agent's history repeats the client's message as it came")
vcase("b26b-K1-legal-v10-media-type-parameters-and-suffixes", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"messageId": "m-k1d", "role": "ROLE_USER", "parts": [
        {"text": "convert it", "mediaType": "text/plain; charset=utf-8"},
        {"url": "https://files.example.test/k1d/model.glb", "mediaType": "model/gltf-binary"}]},
        "configuration": {"acceptedOutputModes": ["image/*", "application/vnd.a2ui+json"]}}), ver="1.0"),
    resp(1.0, 200, ok("1", {"message": {"messageId": "m-ak1d", "contextId": "c-k1d", "role": "ROLE_AGENT", "parts": [
        {"raw": PNG, "mediaType": "image/png"}, {"data": {"surface": "preview"}, "mediaType": "application/vnd.a2ui+json"}]}})),
], [], R5036 + " (control: media types with parameters and structured suffixes; a media range in acceptedOutputModes, where it belongs)",
 "legal: text/plain; charset=utf-8, model/gltf-binary and application/vnd.a2ui+json are media types (RFC 6838); acceptedOutputModes lists what the client accepts, so image/* is right there")
vcase("b26b-K1-legal-v10-empty-media-type-and-data-holding-parts", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("list the attachments", mid="m-k1e")}), ver="1.0"),
    resp(1.0, 200, ok("1", {"message": {"messageId": "m-ak1e", "contextId": "c-k1e", "role": "ROLE_AGENT", "parts": [
        {"url": "https://files.example.test/k1e/a.bin", "mediaType": ""},
        {"data": {"parts": [{"mediaType": "image/*", "name": "any image"}]}}], "metadata": {"parts": [{"file": {"mimeType": "text"}}]}}})),
], [], R5036 + " (control: an empty mediaType is ProtoJSON's unset default; parts-shaped JSON inside a data part or metadata is the sender's own data)",
 "legal: \"\" is the unset default of a proto3 string (the reader learns nothing, as with no member), and neither Part.data nor metadata holds A2A parts")
write_cases(var_cases, VAR)

# K2: a 1.0 card's mode that is no media type (CARD-SHAPE-009)
var_cases.clear()
R233 = "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/233"
def card_get(card):
    return [req(0.0, "GET", A + "/.well-known/agent-card.json"), resp(0.004, 200, card)]
c = json.loads(json.dumps(CARD10))
c["skills"] = [{"id": "report", "name": "Report", "description": "Writes reports", "tags": ["report"], "inputModes": ["text/plain"], "outputModes": ["json", "pdf"]}]
vcase("b26b-K2-card10-skill-output-modes-bare-words", card_get(c), [("card-mode-not-a-media-type", "warning")],
 R233 + " (a skill's outputModes: json and pdf for application/json and application/pdf)",
 "a skill's outputModes override the card's defaults and are media types too (CARD-003)")
c = json.loads(json.dumps(CARD10))
c["defaultInputModes"] = ["text", "file"]
vcase("b26b-K2-card10-input-modes-sample-tokens", card_get(c), [("card-mode-not-a-media-type", "warning")],
 R233 + " (the 0.2 samples' tokens text and file in a 1.0 card's defaultInputModes)",
 "a 1.0 client sending a text/plain part or a PDF finds neither among text and file; the tokens were the 0.2 samples', not 1.0 modes")
c = json.loads(json.dumps(CARD10))
c["defaultInputModes"] = ["text/plain", "image/*", "application/vnd.a2ui+json"]
c["defaultOutputModes"] = ["*/*"]
c["skills"] = [{"id": "s", "name": "S", "description": "d", "tags": ["t"], "outputModes": ["text/plain; charset=utf-8", "text/*"]}]
vcase("b26b-K2-legal-card10-media-ranges-and-parameters", card_get(c), [],
 R233 + " (control: media ranges, structured suffixes and parameters are modes)",
 "legal: image/*, */*, text/* name sets of media types an agent takes or gives, and application/vnd.a2ui+json and text/plain; charset=utf-8 are media types")
vcase("b26b-K2-legal-card03-text-token-not-judged", card_get(card03(A + "/", defaultInputModes=["text"], defaultOutputModes=["text"])), [],
 R233 + " (control: a 0.3 card with the samples' bare token text is not judged)",
 "not judged: 0.2 samples used text as a mode and 0.3 cards (kagent, the TCK's fixtures) still do; only a 1.0 card is held to media types")
write_cases(var_cases, VAR)

# K3: an empty text part refused (RPC-ERROR-003)
var_cases.clear()
R2163 = "https://github.com/ag2ai/ag2/pull/2163"
vcase("b26b-K3-v10-empty-text-part-invalid-params", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"messageId": "m-k3a", "role": "ROLE_USER", "parts": [{"text": ""}],
        "metadata": {"intent": "resume"}}}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "Message parts cannot have empty content")),
], [("valid-request-refused-invalid-params", "warning")], R2163 + " (1.0 JSON-RPC: the a2a-python PR #327 words, with InvalidParams)",
 "\"text\": \"\" sets the 1.0 Part's text member (DATA-004); an empty text is no malformed request")
vcase("b26b-K3-v10-rest-empty-text-part-400", [
    req(0.0, "POST", A + "/message:send", {"message": {"messageId": "m-k3b", "role": "ROLE_USER", "parts": [{"text": ""}, {"data": {"intent": "resume"}}]}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.02, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "text part must not be empty"}}, ctype=A2AJ),
], [("valid-request-refused-invalid-params", "warning")], R2163 + " (1.0 HTTP+JSON: 400 INVALID_ARGUMENT for an empty text part beside a data part)",
 "the request is well-formed (DATA-004); the data part carries what the message means")
vcase("b26b-K3-legal-v03-empty-text-other-internal-error", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k3c", "role": "user", "parts": [{"kind": "text", "text": ""}]}})),
    resp(30.0, 200, err("1", -32603, "upstream model timed out after 30 s")),
], [], R2163 + " (control: an internal error whose words name another cause)",
 "not judged: the agent failed for a reason of its own (a timeout), which InternalError reports rightly")
vcase("b26b-K3-v10-no-parts-refused", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": {"messageId": "m-k3d", "role": "ROLE_USER", "parts": []}}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "Message parts cannot be empty")),
], [("request-message-invalid-shape", "error")], R2163 + " (control: a 1.0 message with no parts at all is the client's fault, and the refusal is right)",
 "1.0 Message.parts is REQUIRED and non-empty (DATA-005); refusing it with InvalidParams is what ERR-006 asks")
vcase("b26b-K3-legal-v03-empty-text-part-answered", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-k3e", "role": "user", "parts": [{"kind": "text", "text": ""}]}})),
    resp(0.4, 200, ok("1", task03("t-k3e", "c-k3e", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("What would you like me to do?", mid="m-ak3e", taskId="t-k3e", contextId="c-k3e")}))),
], [], R2163 + " (control: the agent answers an empty message by asking for input)",
 "legal: the empty text part is well-formed and the agent asks what to do (input-required, TASK-006)")
write_cases(var_cases, VAR)

# K4: a messageId refused for not being a UUID (RPC-ERROR-003)
var_cases.clear()
R7599 = "https://github.com/archestra-ai/archestra/pull/7599"
vcase("b26b-K4-v10-message-id-not-uuid-invalid-params", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("summarise the open incidents", mid="msg-1")}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "Invalid params: message.messageId: Invalid uuid")),
], [("valid-request-refused-invalid-params", "warning")], R7599 + " (the PR's named validation error, as InvalidParams)",
 "a non-UUID messageId is valid (ID-007); InvalidParams tells the client its request is malformed")
vcase("b26b-K4-v03-message-id-not-uuid-invalid-params", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("summarise the open incidents", mid="client-0001")})),
    resp(0.02, 200, err("1", -32602, "Invalid params", {"messageId": "must be a valid UUID"})),
], [("valid-request-refused-invalid-params", "warning")], R7599 + " (0.3 JSON-RPC, the reason in error.data)",
 "0.3 Message.messageId is a string (0.3 schema); nothing asks for a UUID")
vcase("b26b-K4-v10-rest-message-id-not-uuid-400", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("summarise the open incidents", mid="msg-1")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.02, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "message_id must be a UUID"}}, ctype=A2AJ),
], [("valid-request-refused-invalid-params", "warning")], R7599 + " (1.0 HTTP+JSON 400 INVALID_ARGUMENT)",
 "the same refusal in the HTTP+JSON binding's form")
vcase("b26b-K4-legal-v10-uuid-message-id-other-uuid-refusal", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("continue", mid="3f2b8c1e-5d4a-4e6b-9c7d-2a1b0e9f8d7c", contextId="ctx-1")}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "Invalid params: contextId must be a uuid")),
], [], R7599 + " (control: the messageId is a UUID; the words ask a UUID of another member)",
 "not this kind: the refusal names contextId, which the client took from nowhere this recording shows")
write_cases(var_cases, VAR)
