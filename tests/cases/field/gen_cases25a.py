"""Session-25 field cases of miner mine25a (f381-f400): same helpers and output format as gen_cases.py.

Scope: faults made by the calling side of A2A (host / orchestrator agents, client libraries, CLIs,
inspectors, the TCK's client), and legal client behaviours the verifier must not blame: method and
member names of the wrong version, task and context ids on follow-ups, answering input-required,
the card's interfaces, polling, leaving and resuming streams.
`python3 gen_cases25a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b25a-*` variants into ../variants).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHE = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
def getcard(t, url, body, hdr=CACHE):
    return [req(t, "GET", url), resp(t + 0.004, 200, body, hdr=hdr)]
def card10(url, binding="JSONRPC", **kw):
    c = json.loads(json.dumps(CARD10)); c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    c.update(kw); return c
WK = A + "/.well-known/agent-card.json"
WK02 = A + "/.well-known/agent.json"
def pyd(loc, msg, typ="missing", inp=None, **kw):
    d = {"type": typ, "loc": loc, "msg": msg, "input": inp}; d.update(kw); return d

# --- method and member names of the wrong version ---------------------------------------------------
# theailanguage/a2a_samples #3: the course's 0.1 client sends tasks/send to the a2a-python 0.2 helloworld
T3 = {"jsonrpc": "2.0", "id": "b0e23093da17446f81bd599aefc5cd7b", "method": "tasks/send", "params": {
    "id": "924e6edbf4074716a6066fe69d43c7ce", "sessionId": "717d5f5178ea47ce89fb6f361934b427",
    "message": {"role": "user", "parts": [{"type": "text", "text": "hello world"}]}, "historyLength": None, "metadata": None}}
case("f381-v02-client-tasks-send-answered-invalid-request", getcard(0.0, WK02, card03(A + "/", protocolVersion="0.2.5", name="Hello World Agent")) + [
    req(0.1, "POST", A + "/", T3),
    resp(0.104, 200, {"error": {"code": -32600, "message": "Request payload validation error", "data": [
        pyd(["SendMessageRequest", "method"], "Input should be 'message/send'", "literal_error", "tasks/send", ctx={"expected": "'message/send'"}),
        pyd(["SendMessageRequest", "params", "message", "messageId"], "Field required", inp={"role": "user", "parts": [{"type": "text", "text": "hello world"}]}),
    ]}, "id": "b0e23093da17446f81bd599aefc5cd7b", "jsonrpc": "2.0"}),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/theailanguage/a2a_samples/issues/3 (cmd.py sends method tasks/send with params id/sessionId and type parts to the a2a-python helloworld agent; the printed answer is -32600 with pydantic data 'Input should be message/send', input 'tasks/send')",
 "tasks/send is the 0.1 method; since 0.2 a message is sent with message/send (the card's protocolVersion 0.2.5), so the client's call names a method the agent does not have. JSON-RPC 2.0 §5.1 answers a well-formed Request object naming an unknown method with -32601 Method not found (ERR-001), which tells the client to look at the method; the agent answered -32600 Invalid Request, which tells it the envelope is broken, because its request model validates the method name as a literal")

# python-a2a PR #55: the client posted its own message object, no JSON-RPC envelope at all
case("f382-v02-client-posts-bare-message-without-envelope", getcard(0.0, WK02, card03(A + "/", protocolVersion="0.2.5")) + [
    req(0.1, "POST", A + "/", {"content": {"text": "hi", "type": "text"}, "role": "user", "message_id": "bfafb0c0-56a2-415e-957d-b3765debe760"}),
    resp(0.104, 200, {"error": {"code": -32600, "message": "Request payload validation error", "data": [
        pyd(["SendMessageRequest", "params"], "Field required", inp={"content": {"text": "hi", "type": "text"}, "role": "user", "message_id": "bfafb0c0-56a2-415e-957d-b3765debe760"}),
        pyd(["GetTaskRequest", "params"], "Field required", inp={"content": {"text": "hi", "type": "text"}, "role": "user", "message_id": "bfafb0c0-56a2-415e-957d-b3765debe760"}),
    ]}, "id": None, "jsonrpc": "2.0"}),
], [("client-request-jsonrpc-member-wrong", "error")],
 "https://github.com/themanojdesai/python-a2a/pull/55 (Before: python-a2a's A2AClient posted {content:{text,type}, role, message_id} to a third-party A2A server and got -32600 'Field required' for params of every request model)",
 "an A2A JSON-RPC call is a JSON-RPC 2.0 request object: jsonrpc \"2.0\", method, params, id (RPC-001); the client posted its own message format with none of them, so no A2A method was called. The agent's -32600 Invalid Request with id null is the right answer (ERR-001)")

# qntx/ra2a #20: the Rust SDK's 1.0 client still calls message/send; the 1.0 a2a-python server has no such method
case("f383-v10-client-0x-method-name-under-1-0-header", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg10("Hello!", mid="m-ra2a-20")}), ver="1.0"),
    resp(0.104, 200, err(1, -32601, "Method not found")),
], [("client-version-mixed-request", "warning")],
 "https://github.com/qntx/ra2a/issues/20 (ra2a's jsonrpc.rs keeps METHOD_MESSAGE_SEND = \"message/send\" although the crate implements A2A 1.0, where the operation is SendMessage; connecting to the official a2a-python server fails)",
 "the client declared A2A-Version 1.0 and sent a 1.0 message (ROLE_USER, no kind) under the 0.3 method name message/send; 1.0 names it SendMessage (1.0 §9.1, VER-001), so the 1.0 agent's -32601 Method not found is right. The fault is the client's mix of versions. (The agent's answer is rebuilt: the issue says only that the connection fails)")

# a2a-tck PR #68: the TCK's own client sent tasks/get and tasks/cancel with params.taskId instead of id
case("f384-v03-tck-client-task-calls-name-task-id", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("tck-1", "message/send", {"message": umsg03("tck probe", mid="m-tck-68")})),
    resp(0.3, 200, ok("tck-1", task03("task-123", "ctx-123", "working"))),
    req(0.4, "POST", A + "/", rpc("tck-2", "tasks/get", {"taskId": "task-123", "historyLength": 5})),
    resp(0.404, 200, err("tck-2", -32602, "Invalid parameters", data=[pyd(["TaskQueryParams", "id"], "Field required", inp={"taskId": "task-123", "historyLength": 5})])),
    req(0.5, "POST", A + "/", rpc("tck-3", "tasks/cancel", {"taskId": "task-123"})),
    resp(0.504, 200, err("tck-3", -32602, "Invalid parameters", data=[pyd(["TaskIdParams", "id"], "Field required", inp={"taskId": "task-123"})])),
], [("client-task-call-without-id", "error")],
 "https://github.com/a2aproject/a2a-tck/pull/68 (test_get_task_interface / test_cancel_task_interface: the TCK's JSON-RPC client sent params {taskId, historyLength} and {taskId}; the 0.3 schema's TaskQueryParams and TaskIdParams name the task id)",
 "0.3 tasks/get takes TaskQueryParams {id, historyLength} and tasks/cancel TaskIdParams {id} (0.3 §7.3, §7.4; DATA-003): the client named the task under taskId, so the calls carry no task id and the agent's -32602 is right. (The agent's answers are rebuilt: the PR fixes the client's requests)")

# dns-aid #258: a 1.0 card's supportedInterfaces are parsed but never read; the client calls another URL
DN = "https://billing.agents.example.test"
case("f385-v10-client-ignores-supported-interfaces", getcard(0.0, DN + "/.well-known/agent-card.json", card10(DN + "/a2a/v1", name="billing")) + [
    req(0.2, "POST", DN + "/", rpc(1, "SendMessage", {"message": umsg10("list overdue invoices", mid="m-258")}), ver="1.0"),
    resp(0.204, 404, {"detail": "Not Found"}),
], [("client-url-not-advertised", "warning")],
 "https://github.com/dns-aid/dns-aid-core/issues/258 (A2AAgentCard.from_dict reads supportedInterfaces but no consumer reads it back; a 1.0 card has no top-level url, so the endpoint used is one that never came from the card)",
 "a 1.0 card names its endpoints only in supportedInterfaces (CARD-005, CARD-006): this one serves JSON-RPC at /a2a/v1. The client fetched it and then called the host's root, which is no A2A endpoint, and got 404. (The URL the client fell back to is rebuilt: the issue names the discovery record, not a path)")

# a2a-rs #186 / PR #265: a2acli's subscribe took a cut stream for a finished task; it now resubscribes
case("f386-v10-rest-stream-cut-client-resubscribes", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("rotate the staging certificates", mid="m-265")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse({"task": task10("t-265", "c-265", "TASK_STATE_WORKING")})),
    chunk(2.0, sse({"statusUpdate": {"taskId": "t-265", "contextId": "c-265", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}})),
    chunk(31.0, "", close="reset"),
    req(32.0, "POST", A + "/tasks/t-265:subscribe", "", ver="1.0", ctype=A2AJ, accept=SSE),
    resp(32.01, 200, "", ctype=SSE),
    chunk(32.02, sse({"task": task10("t-265", "c-265", "TASK_STATE_WORKING")})),
    chunk(40.0, sse({"artifactUpdate": {"taskId": "t-265", "contextId": "c-265", "artifact": {"artifactId": "a-265", "parts": [{"text": "3 certificates rotated"}]}, "lastChunk": True}})),
    chunk(40.01, sse({"statusUpdate": {"taskId": "t-265", "contextId": "c-265", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(40.02, "", close="eof"),
], [("stream-reset-task-resumed", "warning")],
 "https://github.com/a2aproject/a2a-rs/issues/186 ; https://github.com/a2aproject/a2a-rs/pull/265 (a dropped connection and a finished task were both a bare end of stream; a2acli now tracks the last state and resubscribes when the stream ends unsettled, reconciling from the Task the subscription sends first)",
 "the message:stream stream was dropped at WORKING, before a terminal or interrupted state (STREAM-003): that is the fault. The client's recovery is legal and not blamed: SubscribeToTask answers with the current Task first (STREAM-004), which repeats the state the client already knew, then the rest of the task up to COMPLETED. Since the task reached COMPLETED over that subscription, the dropped hop is STREAM-END-006's warning, not STREAM-END-002's unfinished task stream (q30a, mine29c)")

# --- legal client behaviours -------------------------------------------------------------------------
# a2aproject/A2A #1367: the Java sample's tasks/send against a 0.3 agent answered -32601
case("f387-legal-v03-client-tasks-send-method-not-found", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", {"jsonrpc": "2.0", "id": 1, "method": "tasks/send", "params": {"id": "task-1367",
        "message": {"role": "user", "parts": [{"type": "text", "text": "Translate 'hello' to French"}]}}}),
    resp(0.104, 200, err(1, -32601, "Method not found")),
    req(0.3, "POST", A + "/", rpc(2, "message/send", {"message": umsg03("Translate 'hello' to French", mid="m-1367")})),
    resp(0.6, 200, ok(2, amsg03("bonjour", mid="m-a1367", contextId="c-1367"))),
], [],
 "https://github.com/a2aproject/A2A/issues/1367 ; https://github.com/sing1ee/a2a-directory/pull/13 (the a2aprotocol.ai Java sample and TypeScript guide used tasks/send; spec-compliant servers reject it with -32601 Method not found)",
 "legal for the agent: tasks/send is no method of 0.3 (0.3 §7: message/send), and -32601 Method not found is the JSON-RPC answer for a method that does not exist (ERR-001); the client's retry with message/send is served. The client's slip is an ordinary -32601, not a fault the recording can charge beyond it")

# google/adk-python #4934 / #3765: RemoteA2aAgent answers input-required with only the contextId
case("f388-legal-v03-context-only-follow-up-starts-new-task", getcard(0.0, WK, card03(A + "/", name="currency_agent")) + [
    req(0.1, "POST", A + "/", rpc("r1", "message/send", {"message": umsg03("How much is 10 USD?", mid="m-4934a")})),
    resp(0.9, 200, ok("r1", task03("t-4934a", "c-4934", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Provide the currency to convert to", mid="m-a4934", taskId="t-4934a", contextId="c-4934")}))),
    req(5.0, "POST", A + "/", rpc("r2", "message/send", {"message": umsg03("CAD", mid="m-4934b", contextId="c-4934")})),
    resp(5.8, 200, ok("r2", task03("t-4934b", "c-4934", "completed", artifacts=[{"artifactId": "a-4934", "parts": [{"kind": "text", "text": "10 USD is 13.71 CAD"}]}]))),
], [],
 "https://github.com/google/adk-python/issues/4934 ; https://github.com/google/adk-python/issues/3765 (RemoteA2aAgent sends the context_id on the second turn but not the task_id of the input-required task, so the remote agent starts a new task each turn)",
 "legal on the wire: a message with contextId and no taskId starts a new task in that context (ID-008), and an agent MAY continue a non-terminal task only when the message names it (TASK-007). The first task is left waiting; which task the client meant is its intent, which the traffic cannot show (as f118)")

# microsoft/agent-framework-go PR #202 (and google/adk-python PR #4944): taskId while input-required, referenceTaskIds after
case("f389-legal-v10-task-id-while-input-required-reference-after", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a table for tonight", mid="m-202a")}), ver="1.0"),
    resp(0.5, 200, ok(1, {"task": task10("t-202a", "c-202", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
        "message": amsg10("for how many people?", mid="m-a202a", taskId="t-202a", contextId="c-202")})})),
    req(3.0, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("four", mid="m-202b", taskId="t-202a", contextId="c-202")}), ver="1.0"),
    resp(3.6, 200, ok(2, {"task": task10("t-202a", "c-202", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-202a", "parts": [{"text": "table for 4 at 19:30"}]}])})),
    req(9.0, "POST", A + "/a2a", rpc(3, "SendMessage", {"message": umsg10("make it 20:00 instead", mid="m-202c", contextId="c-202", referenceTaskIds=["t-202a"])}), ver="1.0"),
    resp(9.7, 200, ok(3, {"task": task10("t-202b", "c-202", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-202b", "parts": [{"text": "moved to 20:00"}]}])})),
], [],
 "https://github.com/microsoft/agent-framework-go/pull/202 (ports agent-framework PR #5743: when the last task state is InputRequired the follow-up carries TaskId; otherwise ReferenceTasks); https://github.com/google/adk-python/pull/4944 (task_id forwarded only while input-required or auth-required)",
 "legal: the answer to an input-required task names its taskId (TASK-007, ID-003: the contextId matches); after the task completed, a refinement is a new task in the same context that lists the old one in referenceTaskIds (TASK-001, ID-008), and the agent answers it with a new task id")

# Intelligent-Internet/opencode-a2a #310 / PR #328: bounded polling fallback with backoff, stopped at a terminal state
case("f390-legal-v03-bounded-polling-stops-at-terminal", getcard(0.0, WK, card03(A + "/", capabilities={"streaming": False})) + [
    req(0.1, "POST", A + "/", rpc("p0", "message/send", {"message": umsg03("refactor the session module", mid="m-328"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("p0", task03("t-328", "c-328", "working"))),
    req(1.2, "POST", A + "/", rpc("p1", "tasks/get", {"id": "t-328"})),
    resp(1.204, 200, ok("p1", task03("t-328", "c-328", "working"))),
    req(3.2, "POST", A + "/", rpc("p2", "tasks/get", {"id": "t-328"})),
    resp(3.204, 200, ok("p2", task03("t-328", "c-328", "working"))),
    req(7.2, "POST", A + "/", rpc("p3", "tasks/get", {"id": "t-328"})),
    resp(7.204, 200, ok("p3", task03("t-328", "c-328", "completed", artifacts=[{"artifactId": "a-328", "parts": [{"kind": "text", "text": "done: 4 files changed"}]}]))),
], [],
 "https://github.com/Intelligent-Internet/opencode-a2a/issues/310 ; https://github.com/Intelligent-Internet/opencode-a2a/pull/328 (optional bounded polling fallback: only for a non-terminal task from send(), exponential backoff, stops at a terminal or caller-intervention state)",
 "legal: a client that cannot stream polls tasks/get (0.3 §7.3) for the task message/send returned with blocking false, backs off, and stops at the terminal state; each answer is the same task (TASK-009)")

# a2aproject/a2a-dotnet #341 (repro PR #342): the client leaves the stream, the task completes, then it subscribes
case("f391-legal-v10-client-leaves-stream-subscribe-after-terminal-refused", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("summarise the release notes", mid="m-341")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok(1, {"task": task10("t-341", "c-341", "TASK_STATE_WORKING")}))),
    chunk(0.13, "", close="client"),
    req(5.2, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-341"}), ver="1.0", accept=SSE),
    resp(5.204, 200, err(2, -32004, "Task is in a terminal state and cannot be subscribed to", data=[
        {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
    req(5.3, "POST", A + "/a2a", rpc(3, "GetTask", {"id": "t-341"}), ver="1.0"),
    resp(5.304, 200, ok(3, task10("t-341", "c-341", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-341", "parts": [{"text": "3 breaking changes, 12 fixes"}]}]))),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/341 ; https://github.com/a2aproject/a2a-dotnet/pull/342 (the client breaks out of SendStreamingMessageAsync after the first update, waits until the task completed, and SubscribeToTaskAsync throws UnsupportedOperation; the client falls back to GetTaskAsync)",
 "legal: a client may leave a stream at any time (the recording shows the client went away, not the agent); SubscribeToTask on a task in a terminal state MUST be refused with UnsupportedOperationError (TASK-004, 1.0 §3.1.6), and GetTask returns the completed task (TASK-009)")

# a2aproject/a2a-dotnet #331: the 1.0 client does not fall back to 0.3 against a 0.3-only agent
case("f392-legal-v10-client-to-0-3-agent-method-not-found", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc(1, "SendMessage", {"message": umsg10("hello", mid="m-331")}), ver="1.0"),
    resp(0.104, 200, err(1, -32601, "Method not found")),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/331 (the .NET A2AClient sends v1.0 requests with A2A-Version: 1.0 and does not fall back to v0.3 semantics when the server only supports v0.3)",
 "legal for the agent: its card declares protocolVersion 0.3.0, which has no SendMessage method and no A2A-Version header (0.3 §7), so -32601 Method not found is the answer it can give. The client called in a version the card does not declare (VER-005): a note, not a fault of the traffic")

# aws/agentcore-cli #891: the Agent Inspector never sends a contextId, so every turn is a new session
case("f393-legal-v03-client-sends-no-context-id-each-turn", getcard(0.0, WK, card03(A + "/", name="strands_agent")) + [
    req(0.1, "POST", A + "/", rpc("i1", "message/send", {"message": umsg03("My name is Ana.", mid="m-891a")})),
    resp(1.1, 200, ok("i1", task03("t-891a", "c-891a", "completed", artifacts=[{"artifactId": "a-1", "parts": [{"kind": "text", "text": "Nice to meet you, Ana."}]}]))),
    req(4.0, "POST", A + "/", rpc("i2", "message/send", {"message": umsg03("What is my name?", mid="m-891b")})),
    resp(5.0, 200, ok("i2", task03("t-891b", "c-891b", "completed", artifacts=[{"artifactId": "a-1", "parts": [{"kind": "text", "text": "I don't know your name yet."}]}]))),
], [],
 "https://github.com/aws/agentcore-cli/issues/891 (the Agent Inspector's dev proxy drops its sessionId and never puts a contextId on the A2A message, so the agent treats every turn as a new session)",
 "legal on the wire: contextId on a client message is optional (ID-008: clients MAY reuse one), and a message without it gets a context the agent mints (ID-002, 0.3: contextId server-generated). The lost memory is the client's missing continuity, not a protocol fault")

# a2a-tck #31: the TCK's client names a task id it made up; the SUT under test created a task of that id
case("f394-v03-tck-client-minted-task-id-adopted", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("tck-1", "message/send", {"message": umsg03("first turn", mid="m-tck31a", taskId="tck-task-7f3a")})),
    resp(0.4, 200, ok("tck-1", task03("tck-task-7f3a", "c-tck31", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("and then?", mid="m-a-tck31", taskId="tck-task-7f3a", contextId="c-tck31")}))),
    req(0.6, "POST", A + "/", rpc("tck-2", "message/send", {"message": umsg03("second turn", mid="m-tck31b", taskId="tck-task-7f3a")})),
    resp(0.9, 200, ok("tck-2", task03("tck-task-7f3a", "c-tck31", "completed"))),
], [("task-id-not-handed-out", "note")],
 "https://github.com/a2aproject/a2a-tck/issues/31 (test_message_send_continue_task assigns a wholly new message.taskId and expects message/send to create a task of that id, while test_message_send_continue_nonexistent_task expects TaskNotFoundError for an unknown id)",
 "task ids are server-generated (ID-001): a client cannot create a task by naming an id, and an unknown taskId is answered TaskNotFoundError (f363). The agent adopted the client's made-up id instead; the TCK test that asked for it was the client-side fault. A note: the recording may have missed the agent handing the id out")
# kagent-dev/kagent #622: the a2a-samples CLI posts to the card's url with a trailing slash added
KG = "http://kagent.example.test:8083"
KGU = KG + "/api/a2a/kagent/k8s-a2a-agent"
case("f395-v02-client-adds-trailing-slash-to-card-url", getcard(0.0, KGU + "/.well-known/agent.json", card03(KGU, protocolVersion="0.2.5", name="kagent/k8s-a2a-agent",
        description="An example A2A agent that knows how to use Kubernetes tools.", version="1", defaultInputModes=["text"], defaultOutputModes=["text"])) + [
    req(0.2, "POST", KGU + "/", rpc("c1", "message/send", {"message": umsg03("hi", mid="m-622")})),
    resp(0.203, 404, "404 page not found", ctype="text/plain; charset=utf-8"),
], [("client-url-not-advertised", "warning")],
 "https://github.com/kagent-dev/kagent/issues/622 (the a2a-samples CLI got the card with url http://127.0.0.1:8083/api/a2a/kagent/k8s-a2a-agent and then failed with 404 Not Found for 'http://127.0.0.1:8083/api/a2a/kagent/k8s-a2a-agent/')",
 "the card's JSON-RPC endpoint is exactly .../k8s-a2a-agent (CARD-005); the client posted to .../k8s-a2a-agent/, another URL (RFC 3986 §6.2.3 leaves the two distinct), which the agent's router does not serve. The card is not wrong: the client must use the URL as advertised. (The call's method and the 404 body are rebuilt: the issue shows the client's error line)")
# GoogleCloudPlatform/agent-starter-pack #602: Agent Engine's 0.3 HTTP+JSON binding takes {message: {role, content}}
AE = "https://us-central1-aiplatform.example.test/v1beta1/projects/p-602/locations/us-central1/reasoningEngines/602"
case("f396-v03-rest-client-sends-jsonrpc-message-shape", getcard(0.0, AE + "/a2a/v1/card", card03(AE + "/a2a", preferredTransport="HTTP+JSON", name="weather_agent")) + [
    req(0.2, "POST", AE + "/a2a/v1/message:send", {"transport": "HTTP+JSON", "method": "message/send", "message": {"kind": "message", "messageId": "0b7c2d1e-602a",
        "metadata": {}, "parts": [{"kind": "text", "text": "What's the weather like in New York?"}], "role": "ROLE_USER"}}),
    resp(0.24, 400, {"code": -32602, "message": "Invalid JSON payload received. Unknown name \"kind\" at 'message': Cannot find field."}),
    req(1.0, "POST", AE + "/a2a/v1/message:send", {"message": {"messageId": "0b7c2d1e-602b", "role": "ROLE_USER", "content": [{"text": "What's the weather like in New York?"}]}}),
    resp(2.6, 200, {"task": {"id": "t-602", "contextId": "c-602", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS},
        "artifacts": [{"artifactId": "a-602", "parts": [{"text": "Sunny, 24 C"}]}]}}),
], [("request-message-invalid-shape", "error")],
 "https://github.com/GoogleCloudPlatform/agent-starter-pack/issues/602 (an Agent Engine A2A agent answers only {\"message\": {\"role\": \"ROLE_USER\", \"content\": [{\"text\": ...}]}}; the reporter's 'A2A (HTTP+JSON) format' with transport, method, kind and parts is not served)",
 "the card's preferred transport is 0.3 HTTP+JSON, whose body is the 0.3 proto's SendMessageRequest in ProtoJSON: message {messageId, role ROLE_USER, content[]} (REST-001, 0.3 §3.2.3); the client's first body mixes the JSON-RPC method and transport into it and gives the message kind and parts, the JSON-RPC names, so the agent's 400 refusal (InvalidParams) is right. The second body is the binding's own form and is served. (The 400 body is rebuilt: the issue shows only the formats)")

# themanojdesai/python-a2a #60: the client looks for the card at /agent.json and posts each method to a path named after it
MU = "https://mule-a2a.example.test"
case("f397-v02-client-posts-to-method-named-paths", [
    req(0.0, "GET", MU + "/agent.json"),
    resp(0.004, 404, "Resource not found", ctype="text/plain"),
    req(0.1, "GET", MU + "/a2a/agent.json"),
    resp(0.104, 404, "Resource not found", ctype="text/plain"),
    req(0.2, "POST", MU + "/a2a/tasks/send", rpc("q1", "tasks/send", {"id": "t-60", "message": {"role": "user", "parts": [{"type": "text", "text": "status of order 42?"}]}})),
    resp(0.204, 404, "Resource not found", ctype="text/plain"),
    req(0.3, "POST", MU + "/tasks/send", rpc("q2", "tasks/send", {"id": "t-60", "message": {"role": "user", "parts": [{"type": "text", "text": "status of order 42?"}]}})),
    resp(0.304, 404, "Resource not found", ctype="text/plain"),
], [("intermediary-error-without-answer", "note")],
 "https://github.com/themanojdesai/python-a2a/issues/60 (python-a2a's client looks for the agent card at /agent.json and /a2a/agent.json instead of /.well-known/agent.json, and sends queries to /a2a/tasks/send, then /tasks/send and longer concatenations, instead of POSTing the JSON-RPC call to the agent's URL)",
 "the client never fetched the card from its well-known path (CARD-002: /.well-known/agent.json in 0.2) and posted each JSON-RPC call to a path named after the method; JSON-RPC has one endpoint URL, the card's, with the method in the body (RPC-001, CARD-005). With no card in the recording the endpoint is unknown, so the 404s are told as notes whose words name the method-shaped path; the agent is not at fault")

# a2aproject/A2A #928 / #1987: no answer to the first send; the client retries it unchanged, same messageId
case("f398-legal-v10-send-retried-with-same-message-id", getcard(0.0, WK, card10(A + "/a2a")) + [
    dict(req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("open a ticket for the outage", mid="m-928")}), ver="1.0"), id="x1"),
    dict(req(30.2, "POST", A + "/a2a", rpc(2, "SendMessage", {"message": umsg10("open a ticket for the outage", mid="m-928")}), ver="1.0"), id="x2"),
    dict(resp(31.0, 200, ok(2, {"task": task10("t-928b", "c-928b", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-928", "parts": [{"text": "ticket INC-928 opened"}]}])})), id="x2"),
], [],
 "https://github.com/a2aproject/A2A/issues/928 ; https://github.com/a2aproject/A2A/issues/1987 (a client that gets no answer to its first send cannot learn whether a task was started, and its only recourse is to retry; idempotent retries are a v1.1 candidate)",
 "legal: the client retried the send it got no answer to with the same messageId and the same content, which is what a messageId is for (ID-007: the agent MAY use it to deduplicate, so a second task is allowed too); the first call is still open when the capture ends, which proves nothing against the agent")
# a2aproject/a2a-samples #333: the airbnb planner's host agent makes task ids itself and sends them to the remote agents
WX = "https://weather-agent.example.test"
case("f399-legal-v03-host-made-task-id-refused", getcard(0.0, WX + "/.well-known/agent-card.json", card03(WX + "/", name="weather_agent")) + [
    req(0.1, "POST", WX + "/", rpc("w1", "message/send", {"message": umsg03("weather in Los Angeles this weekend?", mid="m-333a",
        taskId="bbcd8576-d867-4296-8890-573d51da2fdc", contextId="c-host-333")})),
    resp(0.104, 200, err("w1", -32001, "Task bbcd8576-d867-4296-8890-573d51da2fdc was specified but does not exist")),
    req(0.3, "POST", WX + "/", rpc("w2", "message/send", {"message": umsg03("weather in Los Angeles this weekend?", mid="m-333b", contextId="c-host-333")})),
    resp(1.4, 200, ok("w2", task03("t-wx-333", "c-host-333", "completed", artifacts=[{"artifactId": "a-333", "parts": [{"kind": "text", "text": "Sunny, 28 C"}]}]))),
], [],
 "https://github.com/a2aproject/a2a-samples/issues/333 (the host agent generated task ids locally and put them in the taskId of its messages; the weather and airbnb agents answered 'Task ... was specified but does not exist')",
 "legal for the agent: task ids are the server's (ID-001), so a taskId the agent never handed out is refused with TaskNotFoundError -32001 (TASK-009); the host's own contextId is accepted (ID-002: an agent MAY accept a client's context) and the send without taskId starts a task. The fault is the host's, and the agent's refusal is all the traffic shows of it (as f363)")
write_cases(cases, OUT)

# --- variants: the kinds behind the fixes (b25a-*, into ../variants) ---------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)

# K1: a client that leaves a stream (or a call) early: transcript close "client" (client_abort)
R341 = "https://github.com/a2aproject/a2a-dotnet/issues/341"
vcase("b25a-K1-legal-v03-stream-left-by-client-task-read-later", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("draft the changelog", mid="m-k1a")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s1", task03("t-k1a", "c-k1a", "submitted")))),
    chunk(0.5, sse(ok("s1", {"kind": "status-update", "taskId": "t-k1a", "contextId": "c-k1a", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(0.6, "", close="client"),
    req(9.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1a"})),
    resp(9.004, 200, ok("g1", task03("t-k1a", "c-k1a", "completed", artifacts=[{"artifactId": "a-k1a", "parts": [{"kind": "text", "text": "changelog drafted"}]}]))),
], [], R341 + " (the 0.3 form: the client leaves message/stream at working and reads the task later)",
 "legal: the client went away from the stream (close client), so the stream's end before final:true is not the agent's (STREAM-008); tasks/get returns the completed task")
vcase("b25a-K1-legal-v10-rest-subscribe-left-by-client", getcard(0.0, WK, card10(A + "/a2a", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/message:send", {"message": umsg10("index the wiki", mid="m-k1b"), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.2, 200, {"task": task10("t-k1b", "c-k1b", "TASK_STATE_WORKING")}, ctype=A2AJ),
    req(0.3, "POST", A + "/a2a/tasks/t-k1b:subscribe", "", ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.31, 200, "", ctype=SSE),
    chunk(0.32, sse({"task": task10("t-k1b", "c-k1b", "TASK_STATE_WORKING")})),
    chunk(4.0, "", close="client"),
    req(20.0, "GET", A + "/a2a/tasks/t-k1b", ver="1.0", accept=A2AJ),
    resp(20.004, 200, task10("t-k1b", "c-k1b", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-k1b", "parts": [{"text": "412 pages indexed"}]}]), ctype=A2AJ),
], [], R341 + " (the 1.0 HTTP+JSON form: the client leaves a SubscribeToTask stream)",
 "legal: a client may close its subscription at any time (1.0 §3.1.6: closing one stream leaves the task running, STREAM-006); the later GetTask returns the completed task")
vcase("b25a-K1-legal-v10-get-task-body-left-by-client", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(7, "GetTask", {"id": "t-k1c"}), ver="1.0"),
    resp(0.2, 200, ""),
    chunk(0.21, '{"jsonrpc":"2.0","id":7,"result":{"id":"t-k1c","contextId":"c-k1c","status":{"state":"TASK_STA'),
    chunk(0.22, "", close="client"),
], [], R341 + " (a unary answer the client stopped reading: its timeout fired mid-body)",
 "legal as far as the recording shows: the client went away before the body ended, so the cut body is not the agent's answer and is not judged (RPC-001)")
vcase("b25a-K1-v10-stream-reset-on-agent-side", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("summarise the release notes", mid="m-k1d")}), ver="1.0", accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok(1, {"task": task10("t-k1d", "c-k1d", "TASK_STATE_WORKING")}))),
    chunk(0.13, "", close="reset"),
], [("stream-ended-without-terminal", "error")], R341 + " (control: the same stream dropped on the agent's side)",
 "the connection was reset from the agent's side at WORKING, before a terminal or interrupted state (STREAM-003): unlike close client, this is the agent's or the path's")

# K2: an A2A payload posted to a JSON-RPC interface without the request object (RPC-REQ-002)
R55 = "https://github.com/themanojdesai/python-a2a/pull/55"
vcase("b25a-K2-v03-bare-message-with-kind-to-jsonrpc-url", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", umsg03("hi", mid="m-k2a")),
    resp(0.104, 200, err(None, -32600, "Request payload validation error")),
], [("client-request-jsonrpc-member-wrong", "error")], R55 + " (a 0.3 Message object, kind and all, posted as the whole body)",
 "the body is a well-formed 0.3 Message but no JSON-RPC request (RPC-001): the JSON-RPC interface the card declares at / can only answer -32600")
vcase("b25a-K2-v10-bare-send-params-to-jsonrpc-url", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", {"message": umsg10("hi", mid="m-k2b")}, ver="1.0"),
    resp(0.104, 200, err(None, -32600, "Invalid Request")),
], [("client-request-jsonrpc-member-wrong", "error")], R55 + " (the 1.0 form: the SendMessageRequest body of the HTTP+JSON binding posted to the JSON-RPC URL)",
 "{\"message\": ...} is the HTTP+JSON body of /message:send (REST-001); at a JSON-RPC interface (CARD-005) it has to be the params of a request object naming SendMessage")
vcase("b25a-K2-legal-v10-rest-send-body-at-route", getcard(0.0, WK, card10(A + "/a2a", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/message:send", {"message": umsg10("hi", mid="m-k2c")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, {"message": amsg10("hello", mid="m-a-k2c", contextId="c-k2c")}, ctype=A2AJ),
], [], R55 + " (control: the same body is the HTTP+JSON binding's send)",
 "legal: POST {url}/message:send with a bare SendMessageRequest body is the 1.0 HTTP+JSON send (REST-001), no JSON-RPC envelope belongs there")
vcase("b25a-K2-v10-rest-base-bare-params-not-jsonrpc", getcard(0.0, WK, card10(A + "/a2a", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a", {"message": umsg10("hi", mid="m-k2d")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.104, 404, {"error": {"code": 404, "status": "NOT_FOUND", "message": "no route"}}, ctype="application/json"),
], [], R55 + " (control: the card declares HTTP+JSON at /a2a, not JSON-RPC)",
 "the client posted a send body to the HTTP+JSON base URL instead of its /message:send route; no JSON-RPC interface is declared there, so the missing envelope is not told (RPC-REQ-002 stays silent)")

# K3: the message judged in the header's shape when method and A2A-Version disagree (VER-MIX-001)
R20 = "https://github.com/qntx/ra2a/issues/20"
vcase("b25a-K3-v10-stream-0x-method-1-0-message", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/stream", {"message": umsg10("Hello!", mid="m-k3a")}), ver="1.0", accept=SSE),
    resp(0.104, 200, err(1, -32601, "Method not found")),
], [("client-version-mixed-request", "warning")], R20 + " (METHOD_MESSAGE_STREAM = message/stream under A2A-Version 1.0)",
 "1.0 names the streaming send SendStreamingMessage (VER-001): the 1.0 message is well-formed, the method is the slip")
vcase("b25a-K3-v03-sendmessage-under-0-3-header-0x-message", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc(1, "SendMessage", {"message": umsg03("Hello!", mid="m-k3b")}), ver="0.3"),
    resp(0.104, 200, err(1, -32601, "Method not found")),
], [("client-version-mixed-request", "warning")], R20 + " (the mirror: a 1.0 method name over a 0.3 call and a 0.3 message)",
 "A2A-Version 0.3 and a 0.3 message (kind, role user) under the 1.0 method name SendMessage (VER-001): the 0.3 agent's -32601 is right; the message is not charged with 1.0 shape rules")
vcase("b25a-K3-v10-0x-method-1-0-message-without-message-id", getcard(0.0, WK, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": {"role": "ROLE_USER", "parts": [{"text": "Hello!"}]}}), ver="1.0"),
    resp(0.104, 200, err(1, -32601, "Method not found")),
], [("client-version-mixed-request", "warning"), ("request-message-invalid-shape", "error")], R20 + " (control: the 1.0 message itself lacks messageId)",
 "judged as the 1.0 message it is, it still lacks the REQUIRED messageId (DATA-005): both the method and the message are told")
vcase("b25a-K3-v03-message-send-without-kind-no-header", getcard(0.0, WK, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc(1, "message/send", {"message": {"messageId": "m-k3d", "role": "user", "parts": [{"kind": "text", "text": "Hello!"}]}})),
    resp(0.5, 200, ok(1, amsg03("hi", mid="m-a-k3d", contextId="c-k3d"))),
], [("request-message-invalid-shape", "error")], R20 + " (control: method and header agree on 0.3, and the 0.3 message lacks kind, as in f06)",
 "no disagreement between method and header: the 0.3 message is judged by 0.3's schema, which requires kind \"message\" (DATA-005)")
# K4: a JSON-RPC URL called with a trailing slash added or dropped (BIND-USE-002, not CARD-URL-002)
R622 = "https://github.com/kagent-dev/kagent/issues/622"
vcase("b25a-K4-v10-client-drops-trailing-slash", getcard(0.0, WK, card10(A + "/a2a/")) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi", mid="m-k4a")}), ver="1.0"),
    resp(0.104, 404, {"detail": "Not Found"}),
], [("client-url-not-advertised", "warning")], R622 + " (the mirror: the card's URL ends in a slash, the client dropped it)",
 "the card advertises the JSON-RPC endpoint /a2a/ (CARD-005); /a2a is another URL, and the 404 is the router's answer to the client's path")
vcase("b25a-K4-v03-advertised-url-itself-404", getcard(0.0, KGU + "/.well-known/agent.json", card03(KGU, protocolVersion="0.2.5")) + [
    req(0.2, "POST", KGU, rpc("c1", "message/send", {"message": umsg03("hi", mid="m-k4b")})),
    resp(0.203, 404, "404 page not found", ctype="text/plain; charset=utf-8"),
], [("card-url-unreachable", "error")], R622 + " (control: the client used the URL exactly as advertised)",
 "the exact advertised JSON-RPC URL answered 404: the card names a URL that does not serve the binding (CARD-005)")
vcase("b25a-K4-v03-root-card-url-with-slash-404", getcard(0.0, WK, card03(A)) + [
    req(0.2, "POST", A + "/", rpc("c1", "message/send", {"message": umsg03("hi", mid="m-k4c")})),
    resp(0.203, 404, "404 page not found", ctype="text/plain; charset=utf-8"),
], [("card-url-unreachable", "error")], R622 + " (control: an empty path and / are one request target)",
 "a URL with an empty path is requested as / (RFC 9110 §4.2.3), so the client used the advertised URL and the 404 is the card's (CARD-005)")
vcase("b25a-K4-legal-v10-rest-base-with-slash-route", getcard(0.0, WK, card10(A + "/a2a/", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/message:send", {"message": umsg10("hi", mid="m-k4d")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, {"message": amsg10("hello", mid="m-a-k4d", contextId="c-k4d")}, ctype=A2AJ),
], [], R622 + " (control: HTTP+JSON routes hang below the base URL, slash or not)",
 "legal: an HTTP+JSON interface's operations are {url}/message:send whether the card's url ends in a slash or not (REST-001)")
# K5: an HTTP+JSON route's body that also names a "method" is that route's call, not a JSON-RPC one
R602 = "https://github.com/GoogleCloudPlatform/agent-starter-pack/issues/602"
vcase("b25a-K5-legal-v10-rest-send-with-stray-method-member", getcard(0.0, WK, card10(A + "/a2a", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/message:send", {"method": "SendMessage", "message": umsg10("hi", mid="m-k5a")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.5, 200, {"message": amsg10("hello", mid="m-a-k5a", contextId="c-k5a")}, ctype=A2AJ),
], [], R602 + " (a 1.0 send whose body carries a stray method member, served)",
 "legal: a 1.0 agent SHOULD ignore unknown fields (DATA-003), and the body is the route's SendMessageRequest with a valid message (REST-001); it is no JSON-RPC request, so no JSON-RPC envelope is asked of it or of the answer")
vcase("b25a-K5-legal-v03-rest-stream-with-stray-method-member", getcard(0.0, WK, card03(A + "/a2a", preferredTransport="HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/v1/message:stream", {"method": "message/stream", "message": {"messageId": "m-k5b", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse({"task": {"id": "t-k5b", "contextId": "c-k5b", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}})),
    chunk(0.5, sse({"statusUpdate": {"taskId": "t-k5b", "contextId": "c-k5b", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "final": True}})),
    chunk(0.51, "", close="eof"),
], [], R602 + " (the 0.3 HTTP+JSON stream with the same stray member)",
 "legal: the 0.3 HTTP+JSON stream is SSE of bare StreamResponse objects (REST-003); the stray method member in the request changes nothing")
vcase("b25a-K5-v10-rest-send-stray-method-and-jsonrpc-message", getcard(0.0, WK, card10(A + "/a2a", "HTTP+JSON")) + [
    req(0.1, "POST", A + "/a2a/message:send", {"method": "message/send", "message": umsg03("hi", mid="m-k5c")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.104, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "invalid role: user", "details": [
        {"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.role", "description": "unknown enum value"}]}]}}, ctype=A2AJ),
], [("client-version-mixed-request", "warning")], R602 + " (the 1.0 form of f396: a 0.3 JSON-RPC message at a 1.0 route)",
 "judged as the route's 1.0 SendMessageRequest: its message is a 0.3 message (kind, role user) in a 1.0 call (VER-MIX-001, DATA-001), so the agent's 400 INVALID_ARGUMENT is right and no JSON-RPC envelope is asked of it")
write_cases(var_cases, VAR)
