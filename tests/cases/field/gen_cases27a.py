"""Session-27 field cases of miner mine27a (f460-f479): same helpers and output format as gen_cases.py.

Scope: streams and delivery, how results travel, from any public tracker: SSE framing (data:
lines, multi-line data, comments, the last event's blank line), streams cut or closed before
the task ends, the removed 1.0 `final` flag, resubscribe / SubscribeToTask after a disconnect,
a stream that answers with a Message after its Task, streaming calls refused before the stream,
push notification delivery (retries, duplicates, a webhook that fails), polling instead of
streaming, timeouts on long tasks.
`python3 gen_cases27a.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b27a-*` variants into ../variants).
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
HOOK = "https://client.example.test/a2a/webhook"
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
def card10(url=A + "/a2a", binding="JSONRPC", **caps):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": "1.0"}]
    c["capabilities"].update(caps)
    return c

# --- faults ------------------------------------------------------------------------------------------
# a2a-python #1213: the peer closes after the last `data:` line without the blank line that ends it
case("f460-v10-rest-stream-last-event-unterminated", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("render the weekly report", mid="m-1213")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse({"task": task10("t-1213", "c-1213", "TASK_STATE_WORKING")})),
    chunk(0.9, sse(au10("t-1213", "c-1213", "a-1213", "weekly report: 41 tickets closed", lastChunk=True))),
    chunk(1.0, "data: " + js(su10("t-1213", "c-1213", "TASK_STATE_COMPLETED")) + "\n"),
    chunk(1.01, "", close="eof"),
], [("sse-event-not-terminated", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1213 (parse_sse_stream yields an event only at a blank line; a peer that closes the connection after `data: {\"task\":...}` with no trailing blank line loses its last event, so a completed Task vanishes and the client waits as if the stream were still open)",
 "an SSE event is dispatched only at the blank line that ends it, and at end of stream an incomplete event is discarded (WHATWG HTML §9.2.6 'event stream interpretation': 'If the file ends in the middle of an event, before the final empty line, the incomplete event is not dispatched'); the agent's TASK_STATE_COMPLETED event lacks its blank line, so a conforming client never sees the task end (REST-002, STREAM-003). The issue reads WHATWG the other way; the fault is the agent's framing")

# a2a-inspector #153: Agno AgentOS streams a Task and then a Message on a 0.3 stream
case("f461-v03-stream-task-then-message", [
    req(0.0, "POST", A + "/a2a/agents/assistant/", rpc("s1", "message/stream", {"message": umsg03("Hello", mid="m-153")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-153", "c-153", "working")))),
    chunk(2.4, sse(ok("s1", amsg03("Hello! How can I help you today?", mid="m-a153", taskId="t-153", contextId="c-153")))),
    chunk(2.41, "", close="eof"),
], [("stream-event-after-message-reply-0x", "warning"), ("stream-ended-without-terminal-0x", "warning")],
 "https://github.com/a2aproject/a2a-inspector/issues/153 (an Agno AgentOS server's message:stream SSE returns a Task event followed by a Message; a2a-sdk 0.3.10's client raises 'received a streamed Message from the server after first response; this is not supported')",
 "a 0.3 message/stream answers either one Message (then closes) or a Task followed by status-update / artifact-update events (0.3 §7.2, STREAM-003; A2A #1142); a Message after the Task is neither (a2a-sdk clients stop with an invalid-state error), and the stream then closes with the task still working, no final:true status-update (STREAM-008), so a client that reads past the Message still never learns that the task ended")

# actioncard/a2a-elixir #99: tasks/resubscribe answered UnsupportedOperationError unconditionally
CARD99 = card03(A + "/", capabilities={"streaming": True})
case("f462-v03-resubscribe-working-task-unsupported", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, CARD99),
    req(0.1, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("index the repository", mid="m-99")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s1", task03("t-99", "c-99", "submitted")))),
    chunk(0.3, sse(ok("s1", su03("t-99", "c-99", "working", False)))),
    chunk(30.0, "", close="reset"),
    req(31.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-99"}), accept=SSE),
    resp(31.004, 200, err("r1", -32004, "This operation is not supported")),
    req(32.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-99"})),
    resp(32.004, 200, ok("g1", task03("t-99", "c-99", "working"))),
], [("stream-ended-without-terminal-0x", "warning"), ("streaming-declared-but-refused", "warning")],
 "https://github.com/actioncard/a2a-elixir/issues/99 (tasks/resubscribe is stubbed: A2A.Plug answers -32004 UnsupportedOperationError unconditionally; declaring capabilities.streaming made the TCK's resubscribe checks mandatory and STREAM-SUB-004 failed)",
 "the card declares capabilities.streaming: true, and tasks/resubscribe is a streaming method for a client whose message/stream connection was interrupted (0.3 §7.9: 'requires the server to have AgentCard.capabilities.streaming: true'; STREAM-001, CARD-005); the agent refused it with UnsupportedOperationError while tasks/get shows the task still working, so the client cannot follow the task it started except by polling. The message/stream connection was dropped at working, which is judged as a cut stream (STREAM-003) as in f367")

# NousResearch/hermes-agent PR #94880 (review): SubscribeToTask closes at the reply timeout with `: done`
case("f463-v10-subscribe-closed-at-reply-timeout", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("synthesise the FPGA bitstream", mid="m-94880"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-94880", "c-94880", "TASK_STATE_WORKING")})),
    req(1.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-94880"}), ver="1.0", accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(ok("2", {"task": task10("t-94880", "c-94880", "TASK_STATE_WORKING")}))),
    chunk(301.0, ": done\n\n"),
    chunk(301.01, "", close="eof"),
    req(900.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-94880"}), ver="1.0"),
    resp(900.004, 200, ok("3", task10("t-94880", "c-94880", "TASK_STATE_WORKING"))),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/NousResearch/hermes-agent/pull/94880 (review: the new task can remain WORKING for up to 24 hours, but SubscribeToTask still closes after A2A_REPLY_TIMEOUT and emits `: done` while the task is nonterminal; A2A v1 requires the subscription stream to terminate when the task reaches a terminal state)",
 "a SubscribeToTask stream stays open until the task reaches a terminal (or interrupted) state (STREAM-003, 1.0 §3.1.6); this one closed cleanly after 300 s at WORKING, and the `: done` line is an SSE comment no client sees, so the close looks like a cut connection; GetTask still shows the task working")

# a2a-java #811 / PR #813: 1.0 TaskStatusUpdateEvent serialised with the removed `final` member
case("f464-v10-stream-status-update-final-member", [
    req(0.0, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("translate the release notes", mid="m-811")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", {"task": task10("t-811", "c-811", "TASK_STATE_SUBMITTED")}))),
    chunk(0.1, sse(ok("s1", {"statusUpdate": {"taskId": "t-811", "contextId": "c-811", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}, "final": False}}))),
    chunk(1.5, sse(ok("s1", au10("t-811", "c-811", "a-811", "Versionshinweise 2.4", lastChunk=True)))),
    chunk(1.6, sse(ok("s1", {"statusUpdate": {"taskId": "t-811", "contextId": "c-811", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}, "final": True}}))),
    chunk(1.61, "", close="eof"),
], [("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/a2a-java/issues/811 ; https://github.com/a2aproject/a2a-java/pull/813 (the 'final' field was serialised as part of TaskStatusUpdateEvent payloads although it is not defined for this type in 1.0; the fix derives isFinal from the state and stops serialising it)",
 "1.0 removed TaskStatusUpdateEvent.final (A2A PR #1308: proto field 4 is reserved; STREAM-007: closure ends the stream); `final` is a 0.x member (STREAM-008), so the events mix generations (DATA-001), and a strict ProtoJSON parser rejects the unknown field")

# moonklabs/sprintable PR #2281: a bounded /rpc wait answered with an implementation-defined server error
case("f468-v10-send-timeout-error-data-object", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("plan the sprint from the backlog", mid="m-2281")}), ver="1.0"),
    resp(280.0, 200, err("1", -32012, "Request timed out after 280s", {"retryable": True})),
    req(290.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("plan the sprint from the backlog", mid="m-2281b"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(290.05, 200, ok("2", {"task": task10("t-2281", "c-2281", "TASK_STATE_WORKING")})),
    req(600.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-2281"}), ver="1.0"),
    resp(600.004, 200, ok("3", task10("t-2281", "c-2281", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-2281", "parts": [{"text": "sprint 42: 9 stories"}]}]))),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/moonklabs/sprintable/pull/2281 (the A2A /rpc handler dispatch is wrapped in a 280 s ceiling, 20 s under Cloud Run's effective 300 s request timeout, so the application answers a clean JSON-RPC error -32012 with error.data.retryable=true before the platform cuts the connection)",
 "the code is fine: -32000..-32099 is the implementation's server-error range (JSON-RPC 2.0 §5.1, ERR-001) and A2A 1.0 assigns -32012 to nothing (ERR-002). The data is not: a 1.0 JSON-RPC error.data, when present, is an array of @type'd objects such as a google.rpc.ErrorInfo (ERR-004, 1.0 §9.5), so {\"retryable\": true} (the story's 0.x-style free-form data) is unreadable to a 1.0 client that decodes the details; the retryable hint belongs in an ErrorInfo's metadata. The client's recovery, returnImmediately and GetTask polling, is legal (TASK-005)")

# --- legal controls ----------------------------------------------------------------------------------
# a2a-java #841 / PR #842: one event's JSON spread over several data: lines
MULTI = js(ok("s1", task03("t-842", "c-842", "working")))
pretty = json.dumps(ok("s1", su03("t-842", "c-842", "completed", True)), indent=2)
case("f465-legal-v03-stream-multiline-data", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("summarise the changelog", mid="m-842")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, "data: " + MULTI + "\n\n"),
    chunk(0.8, sse(ok("s1", au03("t-842", "c-842", "a-842", "3 fixes, 1 feature", lastChunk=True)))),
    chunk(1.0, "".join("data: " + line + "\n" for line in pretty.split("\n")) + "\n"),
    chunk(1.01, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-java/issues/841 ; https://github.com/a2aproject/a2a-java/pull/842 (the 0.3 SSE client dispatched each data: line as a separate message; per the SSE specification several data: lines are buffered and joined with newlines until the blank line; the fix adds an SSEParser)",
 "legal: an SSE event's data may span several data: lines, which the client joins with LF before parsing (WHATWG HTML §9.2.6); the joined text of the last event is one pretty-printed JSON-RPC response, a final:true completed status-update (RPC-005, STREAM-008)")

# agentscope-java #2927: the client reports 'Request cancelled' after a correct final event
case("f466-legal-v03-stream-final-then-close", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("book a meeting room for Friday", mid="m-2927")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-2927", "c-2927", "submitted")))),
    chunk(0.1, sse(ok("s1", su03("t-2927", "c-2927", "working", False)))),
    chunk(2.0, sse(ok("s1", au03("t-2927", "c-2927", "a-2927", "Room 4.12 booked, Friday 10:00-11:00", lastChunk=True)))),
    chunk(2.1, sse(ok("s1", su03("t-2927", "c-2927", "completed", True)))),
    chunk(2.11, "", close="eof"),
], [],
 "https://github.com/agentscope-ai/agentscope-java/issues/2927 (with a2a-java-sdk 0.3.3.Final over JSON-RPC SSE, the client's error callback reports 'Request cancelled' after it received a valid terminal TaskStatusUpdateEvent with final=true; the remote task completed successfully)",
 "legal: the agent's stream is what 0.3 asks: Task, working, the artifact, a completed status-update with final: true, then a clean close (STREAM-008, STREAM-003); the 'Request cancelled' was the client library treating the normal end of the stream as an error")

# microsoft/agent-framework #3362: the connection closes after the first Message event
case("f467-legal-v10-stream-message-reply-closes", [
    req(0.0, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("Who are you?", mid="m-3362")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(1.8, sse(ok("s1", {"message": amsg10("I am a Gemini-based assistant served over A2A.", mid="m-a3362", contextId="c-3362")}))),
    chunk(1.81, "", close="eof"),
], [],
 "https://github.com/microsoft/agent-framework/issues/3362 (A2AAgent.run_stream(): why did the connection close after receiving the first Message event?)",
 "legal: an agent may answer a streaming send with a single Message, and then the stream is exactly that one message event followed by close (STREAM-002, 1.0 §3.1.2); incremental output needs a Task with artifact updates")

# a2a-rs PR #79: a streaming call refused before the stream, as a plain JSON-RPC error
case("f469-legal-v10-subscribe-refused-before-stream-json", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("what is 17 * 23?", mid="m-79")}), ver="1.0"),
    resp(0.3, 200, ok("1", {"task": task10("t-79", "c-79", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-79", "parts": [{"text": "391"}]}])})),
    req(1.0, "POST", A + "/a2a", rpc("2", "SubscribeToTask", {"id": "t-79"}), ver="1.0", accept=SSE),
    resp(1.004, 200, err("2", -32004, "Task t-79 is in a terminal state", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "UNSUPPORTED_OPERATION", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/a2aproject/a2a-rs/pull/79 (a2a-server answers a streaming call refused before the stream, e.g. -32004 from SubscribeToTask on a terminal task, with a plain JSON-RPC error envelope under Content-Type: application/json and no SSE framing; the a2a-rs client had read it as an empty, cleanly closed stream)",
 "legal: SubscribeToTask on a terminal task is refused with UnsupportedOperationError (TASK-004), and an error known before any event is an ordinary JSON-RPC response (RPC-001), not a stream (RPC-005 constrains streams that start); the client's parser lost it")

# topcheer/ggcode #1074: the webhook fails, the agent does not retry
case("f470-legal-v10-push-webhook-503-not-retried", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(pushNotifications=True)),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("run the nightly test suite", mid="m-1074"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1074"}}}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-1074", "c-1074", "TASK_STATE_SUBMITTED")})),
    req(0.5, "POST", HOOK, su10("t-1074", "c-1074", "TASK_STATE_WORKING"), ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1074"}),
    resp(0.51, 503, "upstream unavailable", ctype="text/plain"),
    req(60.0, "POST", HOOK, su10("t-1074", "c-1074", "TASK_STATE_COMPLETED"), ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1074"}),
    resp(60.01, 503, "upstream unavailable", ctype="text/plain"),
    req(400.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-1074"}), ver="1.0"),
    resp(400.004, 200, ok("2", task10("t-1074", "c-1074", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1074", "parts": [{"text": "1204 passed"}]}]))),
], [],
 "https://github.com/topcheer/ggcode/issues/1074 (firePushNotifications posts each state change to each matching config once, with a 10 s timeout and only a debug log on failure: no failure counter, backoff or disabling, so a dead webhook gets a new POST on every transition and a lost terminal push is silent until the client polls)",
 "legal: the agent delivered each state change as a POST with a StreamResponse body and the configured token (PUSH-004, PUSH-005); the webhook answered 503 both times. Retries MAY be made (1.0 §4.3.3), so not retrying a failed delivery breaks no rule; the client reads the outcome with GetTask")

# topcheer/ggcode #1074 (the fix: backoff on failure): the same notification delivered again after a 503
case("f471-legal-v10-push-retried-after-503", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card10(pushNotifications=True)),
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("run the nightly test suite", mid="m-1074r"), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-1074r"}}}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-1074r", "c-1074r", "TASK_STATE_SUBMITTED")})),
    req(60.0, "POST", HOOK, su10("t-1074r", "c-1074r", "TASK_STATE_COMPLETED"), ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1074r"}),
    resp(60.01, 503, "upstream unavailable", ctype="text/plain"),
    req(62.0, "POST", HOOK, su10("t-1074r", "c-1074r", "TASK_STATE_COMPLETED"), ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1074r"}),
    resp(62.01, 504, "", ctype="text/plain"),
    req(66.0, "POST", HOOK, su10("t-1074r", "c-1074r", "TASK_STATE_COMPLETED"), ctype=A2AJ, hdr={"x-a2a-notification-token": "tok-1074r"}),
    resp(66.01, 200, ""),
], [],
 "https://github.com/topcheer/ggcode/issues/1074 (fixed in commit 191b275f: a per-config failure counter with exponential backoff, disabling after N consecutive failures)",
 "legal: delivery is at-least-once and retries MAY be made (PUSH-004, 1.0 §4.3.3), so the same COMPLETED statusUpdate POSTed again after a 503 and a 504 is a retry, not an event after the terminal state (STREAM-007 judges a stream, and the receiver dedupes by task and state)")

# ascending-llc/jarvis-registry PR #406: the client polls GetTask within a bounded budget
case("f472-legal-v10-bounded-polling-until-completed", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("draft the onboarding workflow", mid="m-406"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-406", "c-406", "TASK_STATE_SUBMITTED")})),
    req(2.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-406", "historyLength": 0}), ver="1.0"),
    resp(2.004, 200, ok("2", task10("t-406", "c-406", "TASK_STATE_WORKING"))),
    req(6.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-406", "historyLength": 0}), ver="1.0"),
    resp(6.004, 200, ok("3", task10("t-406", "c-406", "TASK_STATE_WORKING"))),
    req(14.0, "POST", A + "/a2a", rpc("4", "GetTask", {"id": "t-406", "historyLength": 0}), ver="1.0"),
    resp(14.004, 200, ok("4", task10("t-406", "c-406", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-406", "parts": [{"text": "workflow: 5 steps"}]}]))),
], [],
 "https://github.com/ascending-llc/jarvis-registry/pull/406 (the workflow client polls an A2A task until it is terminal, with a total poll budget of 60% of the HTTP timeout so it stays under both the JWT lifetime and the HTTP timeout)",
 "legal: a non-streaming client sends with returnImmediately and polls GetTask with backoff until a terminal state (TASK-005, 1.0 §3.1.3); historyLength 0 asks for no history, and the polls stop at COMPLETED")

CARD688 = {"name": "embabel", "description": "Embabel agent platform", "url": A + "/a2a", "version": "0.1.0",
    "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "news", "name": "News finder", "description": "Finds news", "tags": ["news"]}]}
# embabel/embabel-agent #688: the 0.2 streaming handler sent bare Task / update objects, no JSON-RPC envelope
case("f473-v02-stream-events-without-jsonrpc-envelope", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, CARD688),
    req(0.0, "POST", A + "/a2a", rpc("stream_123", "message/stream", {"message": umsg03("find news for me", mid="msg_123")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(task03("task-688", "ctx-688", "submitted"))),
    chunk(0.5, sse(su03("task-688", "ctx-688", "working", False))),
    chunk(4.0, sse(au03("task-688", "ctx-688", "a-688", "3 articles found", lastChunk=True))),
    chunk(4.1, sse(su03("task-688", "ctx-688", "completed", True))),
    chunk(4.11, "", close="eof"),
], [("stream-event-envelope-wrong", "error")],
 "https://github.com/embabel/embabel-agent/issues/688 (the a2a-java client did not work with Embabel's streaming mode: it expects JSON-RPC messages all the time, and Embabel's message/stream sent its events without the JSON-RPC response around them; fixed when all streaming events were wrapped in SendStreamingMessageResponse, embabel-agent PR #1067)",
 "each SSE event of a JSON-RPC message/stream carries one JSON-RPC response, {jsonrpc, id (the request's), result: Task | Message | status-update | artifact-update} (RPC-005, 0.2.x §7.2 SendStreamingMessageResponse); bare Task and update objects have no id to match and no result member, so a JSON-RPC client drops every event")

# embabel/embabel-agent PR #1067: tasks/resubscribe replays the task's events, wrapped, up to the end
case("f474-legal-v02-resubscribe-replays-events", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, CARD688),
    req(3.0, "POST", A + "/a2a", rpc("r1", "tasks/resubscribe", {"id": "task-1067"}), accept=SSE),
    resp(3.01, 200, "", ctype=SSE),
    chunk(3.02, sse(ok("r1", task03("task-1067", "ctx-1067", "submitted")))),
    chunk(3.03, sse(ok("r1", su03("task-1067", "ctx-1067", "working", False)))),
    chunk(6.0, sse(ok("r1", au03("task-1067", "ctx-1067", "a-1067", "3 articles found", lastChunk=True)))),
    chunk(6.1, sse(ok("r1", su03("task-1067", "ctx-1067", "completed", True)))),
    chunk(6.11, "", close="eof"),
], [],
 "https://github.com/embabel/embabel-agent/pull/1067 (task resubscription: a client reconnecting to an existing task after its connection was interrupted gets all prior streaming events replayed, and every streaming event is wrapped in SendStreamingMessageResponse)",
 "legal: the client reconnects with tasks/resubscribe after its message/stream connection broke (not in this recording); 0.x leaves what a resubscription replays to the implementation (STREAM-004's 0.x note, 0.3 §7.9), so replaying the Task and the working update before the new events is fine, and the stream ends with the completed final:true status-update (STREAM-008)")

# assistant-ui PR #4905: a streaming call answered 200 with a proxy's HTML login page
case("f475-v10-stream-answered-html-login-page", [
    req(0.0, "POST", A + "/a2a", rpc("s1", "SendStreamingMessage", {"message": umsg10("summarise my inbox", mid="m-4905")}), ver="1.0", accept=SSE),
    resp(0.05, 200, "<!DOCTYPE html><html><head><title>Sign in</title></head><body><form action=\"/oauth2/start\"><button>Sign in with SSO</button></form></body></html>", ctype="text/html; charset=utf-8"),
], [("stream-not-event-stream", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/4905 (an A2A endpoint can return HTTP 200 with an HTML login page from a proxy, or an ordinary JSON fallback from a misrouted endpoint; react-a2a's SSE parser read it as zero events, an empty successful reply, and now validates the stream's Content-Type first)",
 "a successful answer to SendStreamingMessage is text/event-stream (RPC-005, 1.0 §9.4.2); a 200 text/html page is nobody's stream: the front in the path (an auth proxy) answered instead of the agent, and with 200 a client cannot tell it from an empty reply. Missing credentials are 401 with a challenge (AUTH-003)")

# assistant-ui PR #4905: text/event-stream with a charset parameter
case("f476-legal-v10-rest-stream-charset-parameter", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("summarise my inbox", mid="m-4905b")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.01, 200, "", ctype="text/event-stream; charset=utf-8"),
    chunk(0.02, sse({"task": task10("t-4905", "c-4905", "TASK_STATE_WORKING")})),
    chunk(1.4, sse(au10("t-4905", "c-4905", "a-4905", "12 unread, 2 urgent", lastChunk=True))),
    chunk(1.5, sse(su10("t-4905", "c-4905", "TASK_STATE_COMPLETED"))),
    chunk(1.51, "", close="eof"),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/4905 (the stream check accepts text/event-stream with parameters such as charset=utf-8)",
 "legal: the media type is text/event-stream and MIME parameters are ignored when a stream is recognised (WHATWG HTML §9.2: 'ignoring any MIME type parameters'; RFC 9110 §8.3.1); the events are bare StreamResponses, as HTTP+JSON streams carry them (REST-002)")

# mastra-ai/mastra PR #15987: a 0.3 tasks/resubscribe that only replays status-updates from a saved snapshot
case("f477-legal-v03-resubscribe-status-updates-only", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, card03(A + "/", capabilities={"streaming": True})),
    req(1.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-15987"}), accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(ok("r1", su03("t-15987", "c-15987", "working", False)))),
    chunk(9.0, sse(ok("r1", su03("t-15987", "c-15987", "completed", True)))),
    chunk(9.01, "", close="eof"),
], [],
 "https://github.com/mastra-ai/mastra/pull/15987 (before the PR, Mastra's tasks/resubscribe emitted only status-update events from saved task snapshots, no Task and no artifact output; the PR sends the current Task first and then live updates, noting that A2A 0.3.0 leaves missed-event backfill implementation-defined)",
 "legal: 0.3 resubscription content is the implementation's (STREAM-004's 0.x note, 0.3 §7.9): a stream of status-updates for the task ending with final:true at completed is well-formed (STREAM-008); the Task-first rule is 1.0's (STREAM-004), and a client that wants the artifacts reads them with tasks/get")

# a2a-python #684: long pauses before and between events; the client's read timeout, not the agent, gave up
case("f478-legal-v03-stream-long-pauses-between-events", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("compile the quarterly figures", mid="m-684")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(10.0, sse(ok("s1", task03("t-684", "c-684", "working")))),
    chunk(10.5, sse(ok("s1", au03("t-684", "c-684", "a-684", "Q1: 1.2M", append=False, lastChunk=False)))),
    chunk(11.0, sse(ok("s1", au03("t-684", "c-684", "a-684", "; Q2: 1.4M", append=True, lastChunk=False)))),
    chunk(21.0, sse(ok("s1", au03("t-684", "c-684", "a-684", "; Q3: 1.1M", append=True, lastChunk=True)))),
    chunk(21.1, sse(ok("s1", su03("t-684", "c-684", "completed", True)))),
    chunk(21.11, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-python/issues/684 (with a2a-sdk 0.3.22, an AgentExecutor that waits 10 s before its first event, or between events, makes the SDK client fail with a timeout error after several seconds on JSON-RPC and HTTP+JSON streaming, while the agent goes on to answer)",
 "legal: nothing bounds the time before or between stream events (STREAM-003 asks only that the stream end at the terminal state, which it does, with final:true: STREAM-008); a client's read timeout shorter than the agent's pauses is the client's setting. Keep-alive comments help intermediaries, they are not required")

# wso2/agent-manager #1042 / #1383: the platform gateway's hard 30 s request timeout cuts a stream the agent continues
GW = "https://gateway.example.test/agents/report"
UP = "http://report-agent.internal:8080/a2a"
def gw(line, leg=None, xid=None):
    if leg: line["leg"] = leg
    if xid: line["id"] = xid
    return line
def gw_stream(call, events, cut_at, up_end, client_url=GW, up_url=UP, rest=False):
    """A streaming call through a gateway: the agent's upstream stream sends `events`
    ((t, payload) pairs, JSON-RPC responses of id s1 unless `rest`) and ends cleanly at
    `up_end`; the gateway passes on each event 5 ms later until it closes the client's
    stream at `cut_at`."""
    wrap = (lambda ev: ev) if rest else (lambda ev: ok("s1", ev))
    if rest:
        creq = req(0.0, "POST", client_url, call, ver="1.0", ctype=A2AJ, accept=SSE)
        ureq = req(0.01, "POST", up_url, call, ver="1.0", ctype=A2AJ, accept=SSE)
    else:
        creq = req(0.0, "POST", client_url, call, ver=call.get("_ver"), accept=SSE)
        ureq = req(0.01, "POST", up_url, call, ver=call.get("_ver"), accept=SSE)
    for r_ in (creq, ureq):
        b = json.loads(r_["body"])
        b.pop("_ver", None)
        r_["body"] = js(b)
    out = [gw(creq, xid="c1"), gw(ureq, leg="upstream", xid="u1"),
           gw(resp(0.02, 200, "", ctype=SSE), leg="upstream", xid="u1"),
           gw(resp(0.025, 200, "", ctype=SSE), xid="c1")]
    cut = False
    for t, ev in events:
        if not cut and t + 0.005 > cut_at:
            out.append(gw(chunk(cut_at, "", close="eof"), xid="c1"))
            cut = True
        out.append(gw(chunk(t, sse(wrap(ev))), leg="upstream", xid="u1"))
        if not cut:
            out.append(gw(chunk(t + 0.005, sse(wrap(ev))), xid="c1"))
    if not cut:
        out.append(gw(chunk(cut_at, "", close="eof"), xid="c1"))
    out.append(gw(chunk(up_end, "", close="eof"), leg="upstream", xid="u1"))
    return out
up_events = [
    (0.03, {"task": task10("t-1383", "c-1383", "TASK_STATE_WORKING")}),
    (12.0, au10("t-1383", "c-1383", "a-1383", "section 1 of 3", lastChunk=False)),
    (24.0, au10("t-1383", "c-1383", "a-1383", "section 2 of 3", append=True, lastChunk=False)),
    (36.0, au10("t-1383", "c-1383", "a-1383", "section 3 of 3", append=True, lastChunk=True)),
    (36.1, su10("t-1383", "c-1383", "TASK_STATE_COMPLETED")),
]
lines = gw_stream(dict(rpc("s1", "SendStreamingMessage", {"message": umsg10("write the incident report", mid="m-1383")}), _ver="1.0"), up_events, 30.0, 36.11)
case("f479-v10-gw-stream-cut-at-route-timeout", lines,
 [("stream-events-lost-by-proxy", "error")],
 "https://github.com/wso2/agent-manager/issues/1383 ; https://github.com/wso2/agent-manager/issues/1042 (every route the platform gateway generates for an agent enforces a hardcoded 30 s request timeout, which cuts off SSE and streaming responses that run longer while agent and client are still exchanging data)",
 "the agent streamed the task to TASK_STATE_COMPLETED on the upstream leg; the gateway ended the client's stream at 30 s, at WORKING, so the client never got the last artifact chunk or the terminal event (STREAM-003, STREAM-005); the loss is the gateway's, not the agent's, so the client leg's unfinished stream is not blamed on the agent. A route timeout for streaming calls has to outlast the longest task, or the gateway must not apply a total request timeout to text/event-stream")

write_cases(cases, OUT)

# === variants of the kind fixes (b27a-*) ===========================================================
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R99 = "https://github.com/actioncard/a2a-elixir/issues/99"
CARD02 = {"name": "indexer", "description": "Indexes repositories", "url": A + "/", "version": "1.0.0",
    "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text"], "defaultOutputModes": ["text"],
    "skills": [{"id": "index", "name": "Index", "description": "Indexes a repository", "tags": ["code"]}]}
def cut_stream03(card, tid, t0=0.1, mid="m-k1"):
    """The card fetch, then a 0.3 message/stream of task `tid` dropped at working (the broken
    connection tasks/resubscribe recovers from)."""
    cid = "c-" + tid[2:]
    return [
        req(0.0, "GET", CARD_URL),
        resp(0.004, 200, card),
        req(t0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("index the repository", mid=mid)}), accept=SSE),
        resp(t0 + 0.01, 200, "", ctype=SSE),
        chunk(t0 + 0.02, sse(ok("s1", task03(tid, cid, "submitted")))),
        chunk(t0 + 0.2, sse(ok("s1", su03(tid, cid, "working", False)))),
        chunk(t0 + 30.0, "", close="reset"),
    ]

# K1: a 0.x tasks/resubscribe of a running task refused with UnsupportedOperationError under streaming: true (CAP-STREAM-002)
vcase("b27a-K1-v02-resubscribe-working-task-unsupported", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.004, 200, CARD02),
] + [
    req(0.1, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("index the repository", mid="m-k1a")}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("s1", task03("t-k1a", "c-k1a", "working")))),
    chunk(20.0, "", close="reset"),
    req(21.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-k1a"}), accept=SSE),
    resp(21.004, 200, err("r1", -32004, "Unsupported operation")),
    req(25.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1a"})),
    resp(25.004, 200, ok("g1", task03("t-k1a", "c-k1a", "working"))),
], [("stream-ended-without-terminal-0x", "warning"), ("streaming-declared-but-refused", "warning")], R99 + " (the 0.2 form: a card at agent.json declaring streaming)",
 "the 0.2 card declares capabilities.streaming: true and the agent's message/stream was cut at working; tasks/resubscribe, the way back to that stream, was refused with -32004 while tasks/get still shows the task working (STREAM-001, CARD-005)")
vcase("b27a-K1-v03-second-resubscribe-refused", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, CARD99),
    req(0.1, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-k1b"}), accept=SSE),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("r1", su03("t-k1b", "c-k1b", "working", False)))),
    chunk(40.0, "", close="reset"),
    req(41.0, "POST", A + "/", rpc("r2", "tasks/resubscribe", {"id": "t-k1b"}), accept=SSE),
    resp(41.004, 200, err("r2", -32004, "Resubscription is not supported")),
    req(50.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1b"})),
    resp(50.004, 200, ok("g1", task03("t-k1b", "c-k1b", "working"))),
], [("stream-ended-without-terminal-0x", "warning"), ("streaming-declared-but-refused", "warning")], R99 + " (a resubscription that broke, then a second one refused)",
 "the first tasks/resubscribe streamed the working task and was cut; the second, to the same still-working task, was refused with -32004 although the card declares streaming (0.3 §7.9, STREAM-001)")
vcase("b27a-K1-v03-control-resubscribe-refused-task-then-completed", cut_stream03(CARD99, "t-k1c") + [
    req(31.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-k1c"}), accept=SSE),
    resp(31.004, 200, err("r1", -32004, "Task t-k1c is in a terminal state")),
    req(32.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1c"})),
    resp(32.004, 200, ok("g1", task03("t-k1c", "c-k1c", "completed", artifacts=[{"artifactId": "a-k1c", "parts": [{"kind": "text", "text": "indexed"}]}]))),
], [("stream-ended-without-terminal-0x", "warning")], R99 + " (control: the task had finished by the time the client resubscribed)",
 "not CAP-STREAM-002: tasks/get shows the task completed, so it may have ended before the resubscription, and 0.x leaves resubscribing to a finished task to the implementation (0.3 §7.9, DIGEST trap 6). The dropped message/stream is still a cut stream (STREAM-003)")
vcase("b27a-K1-legal-v03-resubscribe-task-never-streamed", [
    req(0.0, "GET", CARD_URL),
    resp(0.004, 200, CARD99),
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("index the repository", mid="m-k1d"), "configuration": {"blocking": False}})),
    resp(0.15, 200, ok("1", task03("t-k1d", "c-k1d", "working"))),
    req(1.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-k1d"}), accept=SSE),
    resp(1.004, 200, err("r1", -32004, "Task was not started by message/stream")),
    req(5.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1d"})),
    resp(5.004, 200, ok("g1", task03("t-k1d", "c-k1d", "working"))),
], [], "https://github.com/a2aproject/A2A/issues/1180 (control: resubscribing to a task that message/send created, which 0.3 does not promise)",
 "legal: 0.3 §7.9 defines tasks/resubscribe as reconnecting to a stream that was interrupted; this task never had a stream (message/send, blocking false), and A2A #1180 proposes resubscribing to any task as a feature, so the refusal is not judged")
vcase("b27a-K1-v03-control-resubscribe-refused-card-streaming-false", cut_stream03(card03(A + "/", capabilities={"streaming": False}), "t-k1e") + [
    req(31.0, "POST", A + "/", rpc("r1", "tasks/resubscribe", {"id": "t-k1e"}), accept=SSE),
    resp(31.004, 200, err("r1", -32004, "Streaming is not supported")),
    req(32.0, "POST", A + "/", rpc("g1", "tasks/get", {"id": "t-k1e"})),
    resp(32.004, 200, ok("g1", task03("t-k1e", "c-k1e", "working"))),
], [("stream-ended-without-terminal-0x", "warning"), ("streaming-not-declared-but-served", "error")], R99 + " (control: the card does not declare streaming)",
 "not CAP-STREAM-002: under streaming: false UnsupportedOperationError is the answer every streaming call should get (STREAM-001); the agent that streamed message/stream anyway is CAP-STREAM-001's, and its dropped stream STREAM-003's")

# K2: a gateway that closes the client's stream before the agent's next event arrives (GW-SSE-002 words)
R1383 = "https://github.com/wso2/agent-manager/issues/1383"
ev03 = [
    (0.03, task03("t-k2a", "c-k2a", "working")),
    (10.0, au03("t-k2a", "c-k2a", "a-k2a", "part 1", lastChunk=False)),
    (20.0, au03("t-k2a", "c-k2a", "a-k2a", "part 2", append=True, lastChunk=False)),
    (90.0, au03("t-k2a", "c-k2a", "a-k2a", "part 3", append=True, lastChunk=True)),
    (90.1, su03("t-k2a", "c-k2a", "completed", True)),
]
vcase("b27a-K2-gw-v03-stream-cut-by-idle-timeout", gw_stream(rpc("s1", "message/stream", {"message": umsg03("write the incident report", mid="m-k2a")}), ev03, 80.0, 90.11),
 [("stream-events-lost-by-proxy", "error")], R1383 + " (an idle timeout instead: 60 s of silence after the agent's second chunk)",
 "the gateway closed the client's stream 60 s after the last event it passed on, the longest silence of the stream: an idle or read timeout, while the agent went on to complete 10 s later (STREAM-003, STREAM-005)")
ev10 = [
    (0.03, {"task": task10("t-k2b", "c-k2b", "TASK_STATE_WORKING")}),
    (20.0, su10("t-k2b", "c-k2b", "TASK_STATE_WORKING", message=amsg10("collecting logs", mid="m-a-k2b", taskId="t-k2b", contextId="c-k2b"))),
    (40.0, su10("t-k2b", "c-k2b", "TASK_STATE_WORKING", message=amsg10("correlating alerts", mid="m-a-k2c", taskId="t-k2b", contextId="c-k2b"))),
    (61.0, au10("t-k2b", "c-k2b", "a-k2b", "root cause: disk full", lastChunk=True)),
    (61.1, su10("t-k2b", "c-k2b", "TASK_STATE_COMPLETED")),
]
vcase("b27a-K2-gw-v10-rest-stream-cut-at-55s-cap", gw_stream({"message": umsg10("find the root cause", mid="m-k2b")}, ev10, 55.0, 61.11,
        client_url="https://gateway.example.test/agents/ops/message:stream", up_url="http://ops-agent.internal:8080/message:stream", rest=True),
 [("stream-events-lost-by-proxy", "error")], R1383 + " (the 1.0 HTTP+JSON form with a 55 s route timeout)",
 "the gateway closed the client's stream at 55 s, 15 s after the last event, although the stream had been quiet 20 s before without being cut: a total request timeout on the route; the agent completed 6 s later (STREAM-003, STREAM-005)")
vcase("b27a-K2-legal-gw-v10-stream-passed-on-whole", gw_stream(dict(rpc("s1", "SendStreamingMessage", {"message": umsg10("write the incident report", mid="m-k2c")}), _ver="1.0"),
        [(0.03, {"task": task10("t-k2c", "c-k2c", "TASK_STATE_WORKING")}), (12.0, au10("t-k2c", "c-k2c", "a-k2c", "report", lastChunk=True)), (12.1, su10("t-k2c", "c-k2c", "TASK_STATE_COMPLETED"))], 12.2, 12.15),
 [], R1383 + " (control: a route timeout longer than the task)",
 "legal: the gateway passed every event on and closed the client's stream after the agent closed its own")
write_cases(var_cases, VAR)
