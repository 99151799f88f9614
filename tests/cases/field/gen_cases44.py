"""Session-44 field cases of miner mine44 (f966-...): same helpers and output format as gen_cases43.py.

Scope (round forty-four): threads the table did not cite yet, about what an agent does with a
request it cannot read: a 0.3 part or message whose `kind` discriminator an SDK's deserializer
demands where the schema has none (a2a-dotnet's FileContent) or misses where the schema has one,
an invalid 1.0 message answered InternalError, ListTasks' statusTimestampAfter sent as epoch
milliseconds, an empty parts list served, a task the agent forgets between tasks/send and
tasks/get, and a part whose media type the card does not list.
`python3 gen_cases44.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL, hdr=None):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card)]
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
PDF = "JVBERi0xLjQKJcfsj6IKNSAwIG9iago8PC9MZW5ndGggNiAwIFI+PgpzdHJlYW0K"

# --- f966: a 0.3 FileWithBytes (no kind: the schema has none) refused for its missing 'kind' (a2a-dotnet #183)
D183 = ("https://github.com/a2aproject/a2a-dotnet/issues/183 ([Bug]: FileContent deserialization is requiring a \"kind\" discriminator: "
        "FileContent needs a 'kind' property to choose FileWithBytes or FileWithUri, though neither object defines 'kind' in the A2A spec)")
case("f966-v03-file-bytes-without-kind-refused", get_card(0.0, card03(A + "/", defaultInputModes=["text/plain", "application/pdf"])) + [
    req(0.1, "POST", A + "/", rpc("s-183", "message/send", {"message": umsg03("summarise the attached invoice", mid="m-183") | {"parts": [
        {"kind": "text", "text": "summarise the attached invoice"},
        {"kind": "file", "file": {"name": "invoice.pdf", "mimeType": "application/pdf", "bytes": PDF}}]}})),
    resp(0.11, 200, err("s-183", -32602, "Invalid parameters: the JSON payload for FileContent is missing the required 'kind' discriminator")),
], [("valid-request-refused-invalid-params", "warning")], D183,
     "0.3 FilePart.file is FileWithBytes or FileWithUri, told apart by which of bytes / uri it holds; neither has a kind member (0.3 schema, §6.6): the client's part is well-formed, and -32602 refuses a valid request because the agent's deserializer wants a discriminator the protocol does not define")

# --- f967: a 0.3 part without kind answered InternalError, not InvalidParams (a2a-dotnet #170)
D170 = ("https://github.com/a2aproject/a2a-dotnet/pull/170 (fixup: response code to -32602 when JSON polymorphics fail to deserialize due to missing "
        "discriminator: the A2AException was swallowed by the deserializer, NotSupportedException surfaced and the request handler answered "
        "InternalError; found with the a2a-tck)")
case("f967-v03-part-without-kind-internal-error", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-170", "message/send", {"message": {"kind": "message", "messageId": "m-170", "role": "user", "parts": [{"text": "hello"}]}})),
    resp(0.11, 200, err("s-170", -32603, "Internal error")),
], [("request-message-invalid-shape", "error"), ("jsonrpc-error-code-mismatch", "error")], D170,
     "a 0.3 Part is a TextPart, FilePart or DataPart told apart by kind (0.3 schema: kind REQUIRED): the client's part has none, so its request is invalid; the agent's answer must say so with -32602 InvalidParams (0.3 §8.1: the method parameters are invalid), not -32603, which tells the client the fault is the server's and invites a retry")

# --- f968: a 0.3 client sends its message without kind (a2a-dotnet #138)
D138 = ("https://github.com/a2aproject/a2a-dotnet/issues/138 (Serializing Message property of MessageSendParameters does not include \"kind\": "
        "System.Text.Json writes a derived type's discriminator only when it serializes the base type, so A2AClient sent message/send without kind)")
case("f968-v03-client-message-without-kind", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-138", "message/send", {"message": {"messageId": "m-138", "role": "user", "parts": [{"kind": "text", "text": "what is the capital of France?"}]}})),
    resp(0.3, 200, ok("s-138", task03("t-138", "c-138", "completed", artifacts=[{"artifactId": "a-138", "parts": [{"kind": "text", "text": "Paris"}]}]))),
], [("request-message-invalid-shape", "error")], D138,
     "a 0.3 Message carries kind: \"message\" (0.3 schema: REQUIRED): an agent built on a strict SDK (a2a-dotnet's own server, pydantic with the discriminator) refuses the call, so the client works only against lenient agents; this one served it")

# --- f969: a 1.0 SendMessage without role and parts answered InternalError (a2a-java #512)
J512 = ("https://github.com/a2aproject/a2a-java/issues/512 ([Bug]: [spec-1.0] Sending an invalid message to the server raises an InternalServerError: "
        "{\"message\": {\"messageId\": \"123\"}} answered -32603 \"Parameter 'role' may not be null\"; the spec's validation errors are -32602)")
case("f969-v10-message-without-role-internal-error", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-512", "SendMessage", {"message": {"messageId": "123"}}), ver="1.0"),
    resp(0.11, 200, err("s-512", -32603, "Parameter 'role' may not be null")),
], [("request-message-invalid-shape", "error"), ("jsonrpc-error-code-mismatch", "error")], J512,
     "1.0 Message.role and parts are REQUIRED (DATA-005): the client's request is invalid, and a server MUST validate input and answer such a request with InvalidParams -32602 (ERR-006, 1.0 §3.3.2 validation errors: missing required message parts); -32603 InternalError blames the server and hides which field was missing")

# --- f970: ListTasks statusTimestampAfter as epoch milliseconds, served (a2a-java #639)
J639 = ("https://github.com/a2aproject/a2a-java/issues/639 ([Bug]: ListTask's statusTimestampAfter only accept ISO 8601 format: since A2A commit "
        "0e204bf the field is a google.protobuf.Timestamp, so numeric values such as Unix epochs must be rejected); fixed by "
        "https://github.com/a2aproject/a2a-java/pull/640")
case("f970-v10-list-tasks-timestamp-epoch-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-639", "ListTasks", {"contextId": "c-639", "statusTimestampAfter": 1772446500000}), ver="1.0"),
    resp(0.11, 200, ok("l-639", {"tasks": [task10("t-639", "c-639", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [("client-request-param-invalid", "note"), ("request-param-invalid-accepted", "error")], J639,
     "statusTimestampAfter is a google.protobuf.Timestamp, whose ProtoJSON form is an RFC 3339 string (DATA-002; A2A #1287 moved it from int64 milliseconds): 1772446500000 is no timestamp, and the agent served it instead of answering InvalidParams (ERR-006), so the client's filter may have been read in another unit or dropped")

# --- f971: 0.3 message/send with parts [] served (a2a-dotnet #99)
D99 = ("https://github.com/a2aproject/a2a-dotnet/pull/99 (fix: reject empty part arrays and negative history length: a message/send whose message "
       "has parts [] was processed; the a2a-tck's test_empty_message_parts expects -32602)")
case("f971-v03-empty-parts-served", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-99", "message/send", {"message": {"kind": "message", "messageId": "m-99", "role": "user", "parts": []}})),
    resp(0.3, 200, ok("s-99", task03("t-99", "c-99", "completed", artifacts=[{"artifactId": "a-99", "parts": [{"kind": "text", "text": "How can I help?"}]}]))),
], [("request-message-invalid-shape", "error")], D99,
     "a message has at least one part (DATA-005: parts REQUIRED, non-empty; the a2a-tck's empty-parts test expects -32602): the client sent none, and the agent answered as if it had asked something")

# --- f972: a 0.1 task the agent forgets between tasks/send and tasks/get (mastra #4415)
M4415 = ("https://github.com/mastra-ai/mastra/issues/4415 ([BUG] A2A getTask returns undefined: after tasks/send ran the task, tasks/get for the "
         "same id answered -32001 'Task not found: task-1747926952590'; the server's task store did not keep the task it had answered for)")
case("f972-v01-task-forgotten-after-send", [
    req(0.1, "POST", A + "/a2a/helper", rpc("s-4415", "tasks/send", {"id": "task-1747926952590", "sessionId": "sess-4415",
        "message": {"role": "user", "parts": [{"type": "text", "text": "what is the weather in Paris?"}]}})),
    resp(0.9, 200, ok("s-4415", {"id": "task-1747926952590", "sessionId": "sess-4415", "status": {"state": "completed", "timestamp": TS,
        "message": {"role": "agent", "parts": [{"type": "text", "text": "Sunny, 24 degrees."}]}}})),
    req(1.5, "POST", A + "/a2a/helper", rpc("g-4415", "tasks/get", {"id": "task-1747926952590"})),
    resp(1.51, 200, err("g-4415", -32001, "Task not found: task-1747926952590")),
], [("task-id-not-resolvable", "error")], M4415,
     "the agent answered tasks/send with task task-1747926952590 and, 0.6 s later, said it has no such task: a task the agent answered for stays retrievable with tasks/get (0.1 §tasks/get; ID-002); an agent that keeps no tasks should answer with a Message instead of a Task")

# --- f973: a 1.0 part whose media type the card does not list, served (Cognition #166)
C166 = ("https://github.com/CognicellAI/Cognition/pull/166 (release: v0.13.1 A2A compatibility reporting: the adapter did not reject an explicit Part "
        "mediaType that was absent from the selected Agent Card's advertised input modes; unary and streaming sends now return "
        "ContentTypeNotSupportedError before task creation)")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
case("f973-v10-part-media-type-not-in-card-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-166", "SendMessage", {"message": {"messageId": "m-166", "role": "ROLE_USER", "parts": [
        {"text": "check the totals"}, {"url": "https://files.example.test/q3.xlsx", "mediaType": XLSX, "filename": "q3.xlsx"}]}}), ver="1.0"),
    resp(0.4, 200, ok("s-166", {"task": task10("t-166", "c-166", "TASK_STATE_COMPLETED")})),
], [], C166,
     "legal on the wire: the card lists text/plain as its input mode and the client sent a spreadsheet; ContentTypeNotSupportedError (-32005) is the error for a media type the agent does not take (1.0 §3.3.2, ERR-002), but nothing obliges an agent to refuse what it can in fact read, and the client's part is well-formed")

# --- f974 (legal): 0.3 tasks/get with historyLength -1, served (a2a-dotnet #99)
case("f974-legal-v03-tasks-get-negative-history-length-served", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s-99b", "message/send", {"message": umsg03("convert the invoice", mid="m-99b")})),
    resp(0.3, 200, ok("s-99b", task03("t-99b", "c-99b", "completed"))),
    req(0.4, "POST", A + "/", rpc("g-99b", "tasks/get", {"id": "t-99b", "historyLength": -1})),
    resp(0.41, 200, ok("g-99b", task03("t-99b", "c-99b", "completed", history=[umsg03("convert the invoice", mid="m-99b", taskId="t-99b", contextId="c-99b")]))),
], [], D99,
     "legal in 0.3: TaskQueryParams.historyLength is a bare integer in the 0.3 schema, with no minimum (1.0 made it a non-negative count, DATA-006, where f958 is the fault): an agent that reads -1 as 'no limit' breaks no 0.3 rule, though refusing it (a2a-dotnet #99) is the safer answer")

# --- f975 (legal): ListTasks statusTimestampAfter with a UTC offset, served (a2a-java #639)
case("f975-legal-v10-list-tasks-timestamp-with-offset", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-639b", "ListTasks", {"contextId": "c-639b", "statusTimestampAfter": "2026-03-02T11:00:00+01:00"}), ver="1.0"),
    resp(0.11, 200, ok("l-639b", {"tasks": [task10("t-639b", "c-639b", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [], J639,
     "legal: a google.protobuf.Timestamp's ProtoJSON form is RFC 3339, and a parser accepts any offset (\"+01:00\"), though a writer uses Z; 10:15 Z is after 10:00 Z, so the listed task belongs in the answer (DATA-007)")

# --- f976: a 1.0 card served as {} (a2a-python #1267)
P1267 = ("https://github.com/a2aproject/a2a-python/issues/1267 ([Bug]: AgentCard REQUIRED fields are never validated: AgentCard() is served as HTTP 200 "
         "with body {}; name, description, supported_interfaces, version, capabilities, default_input_modes, default_output_modes and skills are REQUIRED)")
case("f976-v10-card-empty-object", [
    req(0.0, "GET", CARD_URL, ver="1.0"),
    resp(0.01, 200, {}),
], [("card-missing-required-field", "error")], P1267,
     "an Agent Card has name, description, supportedInterfaces, version, capabilities, defaultInputModes, defaultOutputModes and skills (CARD-003: REQUIRED in the 1.0 proto): {} tells a client nothing, not even where to send a message, and a strict client refuses it")

# --- f977: a 1.0 client names its extensions in X-A2A-Extensions (A2A #1903)
A1903 = ("https://github.com/a2aproject/A2A/issues/1903 ([Bug]: Extension Header Key Maybe Wrong In 4.6.1 Example: a2a-java 1.0.0.Alpha3 sent "
         "X-A2A-Extension(s); the 1.0 specification and a2a-go read A2A-Extensions, so a2a-go's ExtensionsFrom(ctx) found no extension)")
EXT = "https://projects.example.test/a2a/extensions/notification/v1"
case("f977-v10-client-x-a2a-extensions-header", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": False,
        "extensions": [{"uri": EXT, "description": "event notifications"}]})) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1903", "SendMessage", {"message": umsg10("subscribe to the outage events", mid="m-1903", metadata={EXT: {"topic": "outage"}})}),
        ver="1.0", hdr={"x-a2a-extensions": EXT}),
    resp(0.3, 200, ok("s-1903", {"task": task10("t-1903", "c-1903", "TASK_STATE_COMPLETED")})),
], [("extension-header-0x-name", "warning")], A1903,
     "1.0 names the activation header A2A-Extensions (EXT-001, 1.0 §3.2.6); X-A2A-Extensions is 0.3's name, which a 1.0 agent need not read: the extension the client meant to use was never activated, and the agent ran the message without it")

# --- f978: a 1.0 SendMessage whose message has no parts, served (a2a-python #845)
P845 = ("https://github.com/a2aproject/a2a-python/issues/845 ([Bug]: Check presence of required fields on server side: the server implementation for "
        "the protocols does not confirm that the REQUIRED fields of a request's params are present; 1.0 §5.7 Field Presence and Optionality)")
case("f978-v10-send-without-parts-served", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-845", "SendMessage", {"message": {"messageId": "m-845", "role": "ROLE_USER"}}), ver="1.0"),
    resp(0.3, 200, ok("s-845", {"task": task10("t-845", "c-845", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-845", "parts": [{"text": "How can I help?"}]}])})),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")], P845,
     "Message.parts is REQUIRED and holds the message's content (DATA-005; 1.0 §5.7: a request missing a REQUIRED field SHOULD be rejected, with InvalidParams): the client's message asks for nothing, and the agent made and completed a task for it, so the client never learns that its serializer dropped the content. A warning beside the client's error, as for a send without any message (DATA-PARAM-006); a message without messageId stays the client's alone (f444)")

write_cases(cases, OUT)
