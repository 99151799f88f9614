"""Session-23 field cases of miner mine23b (f321-...): same helpers and output format as gen_cases.py.

Scope: the spec repository a2aproject/A2A (threads on ambiguities implementations got wrong), the
conformance kit a2aproject/a2a-tck (failures reported against real agents), and by topic: push
notifications, security schemes and 401/403 answers, extensions (X-A2A-Extensions /
A2A-Extensions, required extensions), artifacts (append, lastChunk), multi-turn contextId reuse,
cancel races.
`python3 gen_cases23b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b23b-*` variants into ../variants).
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
def getcard(t, body, path="/.well-known/agent-card.json"):
    return [req(t, "GET", A + path), resp(t + 0.004, 200, body, hdr=CACHE)]
def card10(**caps):
    c = json.loads(json.dumps(CARD10)); c["capabilities"].update(caps); return c
def rest_card10(**caps):
    c = card10(**caps); c["supportedInterfaces"] = [{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]; return c
def einfo(reason):
    return {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}

# --- extensions ---------------------------------------------------------------------------------
EXT = "https://a2a.example.test/extensions/geo/v1"
ext_req = {"uri": EXT, "description": "geo context for every request", "required": True}

# a2aproject/A2A #1238: the spec's sample code named the header A2A-Extension (singular); extensions.md X-A2A-Extension
case("f321-v10-client-extension-header-singular", getcard(0.0, card10(extensions=[ext_req])) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("nearest pharmacy?", mid="m-1238")}), ver="1.0",
        hdr={"a2a-extension": EXT}),
    resp(0.104, 200, err("1", -32008, "Extension support required: " + EXT, [einfo("EXTENSION_SUPPORT_REQUIRED")])),
], [("extension-header-misspelled", "warning")],
 "https://github.com/a2aproject/A2A/issues/1238 (the specification's sample request sets the header A2A-Extension while extensions.md names X-A2A-Extension: which one is correct?)",
 "the 1.0 header is A2A-Extensions, plural (EXT-001, 1.0 §3.2.6; 0.x: X-A2A-Extensions). A client that copied the singular A2A-Extension from the sample names its extension in a header no agent reads, so the card-required extension counts as not requested and the agent's -32008 ExtensionSupportRequiredError is right (EXT-002); the client is told which header to use")

# a2aproject/a2a-tck #193: the TCK's positive requests do not activate a card-required extension; the SUT refuses them
card_tck = rest_card10(extensions=[ext_req])
case("f322-legal-v10-rest-required-extension-not-activated-refused", getcard(0.0, card_tck) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("TCK send test", mid="m-193")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.104, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Extension support required: " + EXT,
        "details": [einfo("EXTENSION_SUPPORT_REQUIRED")]}}, ctype=A2AJ),
    req(0.2, "POST", A + "/message:send", {"message": umsg10("TCK send test", mid="m-193b")}, ver="1.0", ctype=A2AJ, accept=A2AJ,
        hdr={"a2a-extensions": EXT}),
    resp(0.4, 200, {"task": task10("t-193", "c-193", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-193", "parts": [{"text": "ok"}]}])}, ctype=A2AJ, hdr={"a2a-extensions": EXT}),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/193 (the TCK discovers a card-required extension but its positive requests do not send A2A-Extensions, so a SUT that enforces it answers ExtensionSupportRequiredError / FAILED_PRECONDITION before the tested behaviour)",
 "legal: a request that does not activate a card-required extension MUST be refused with ExtensionSupportRequiredError (EXT-002), on HTTP+JSON 400 FAILED_PRECONDITION with ErrorInfo EXTENSION_SUPPORT_REQUIRED (ERR-002, ERR-003); the retry that names it in A2A-Extensions is served and the activation echoed (EXT-004). The failing tests were the kit's, not the agent's")

# a2aproject/a2a-python PR #984: the compat (0.3) server reads and sends X-A2A-Extensions; a 1.0 one A2A-Extensions
card_py = card03(A + "/a2a", capabilities={"streaming": True, "extensions": [{"uri": EXT, "description": "geo context"}]})
case("f323-legal-v03-x-a2a-extensions-echoed", getcard(0.0, card_py) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("nearest pharmacy?", mid="m-984")}), hdr={"x-a2a-extensions": EXT}),
    resp(0.3, 200, ok("1", amsg03("Farmacia Central, 300 m", mid="m-a984", contextId="c-984")), hdr={"x-a2a-extensions": EXT}),
], [],
 "https://github.com/a2aproject/a2a-python/pull/984 (1.0 uses A2A-Extensions instead of X-A2A-Extensions; the compat server accepts both and the compat transports send X-A2A-Extensions)",
 "legal: on 0.3 the extension header is X-A2A-Extensions (EXT-001, 0.x name), in the request and in the agent's echo of the activated extensions (EXT-004); only a 1.0 request or response under that name is told (CAP-EXT-004/005)")

# --- cancel races --------------------------------------------------------------------------------
# a2aproject/a2a-python PR #449: a completion event queued before the cancel was applied; the cancel answered the completed task as success
case("f324-v03-cancel-race-completed-task-returned-as-success", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("translate the manual", mid="m-449"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("1", task03("t-449", "c-449", "working"))),
    req(0.5, "POST", A + "/a2a", rpc("2", "tasks/cancel", {"id": "t-449"})),
    resp(0.56, 200, ok("2", task03("t-449", "c-449", "completed", artifacts=[{"artifactId": "a-449", "parts": [{"kind": "text", "text": "manual (pt)"}]}]))),
    req(1.0, "POST", A + "/a2a", rpc("3", "tasks/get", {"id": "t-449"})),
    resp(1.004, 200, ok("3", task03("t-449", "c-449", "completed", artifacts=[{"artifactId": "a-449", "parts": [{"kind": "text", "text": "manual (pt)"}]}]))),
], [("cancel-terminal-task-succeeded", "error")],
 "https://github.com/a2aproject/a2a-python/pull/449 (on_cancel_task checked the task was cancelable, but a completion event already in the queue was applied first: the cancel call returned the task in a non-canceled state as a success; the fix raises TaskNotCancelableError)",
 "a tasks/cancel success returns the task canceled (TASK-003, 0.3 §7.4); the task had completed before the cancel took effect, so the cancel did nothing and the answer is TaskNotCancelableError -32002. A client that trusts the success thinks it stopped work that actually finished")

# a2aproject/a2a-tck #140: a synchronous SUT completes the task before the cancel arrives and answers -32002
case("f325-legal-v10-cancel-after-sync-completion-not-cancelable", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("TCK cancel test", mid="m-140")}), ver="1.0"),
    resp(0.02, 200, ok("1", {"task": task10("t-140", "c-140", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-140", "parts": [{"text": "done"}]}])})),
    req(0.03, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-140"}), ver="1.0"),
    resp(0.034, 200, err("2", -32002, "Task cannot be canceled - current state: 3", [einfo("TASK_NOT_CANCELABLE")])),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/140 ; https://github.com/a2aproject/a2a-tck/issues/190 (test_tasks_cancel_valid cancels right after the send; a synchronous agent has already completed the task and correctly answers TaskNotCancelableError)",
 "legal: a blocking SendMessage may return the task completed (TASK-005, TASK-008), and cancelling a terminal task MUST be refused with TaskNotCancelableError -32002 (TASK-003, ERR-002), ErrorInfo TASK_NOT_CANCELABLE in data (ERR-004). The race was the kit's")

# a2aproject/a2a-tck #91: the same on 0.3 with a2a-sdk 0.3.8
case("f326-legal-v03-cancel-completed-task-not-cancelable", [
    req(0.0, "POST", A + "/", rpc("c-1", "message/send", {"message": umsg03("TCK cancel test", mid="m-91")})),
    resp(0.3, 200, ok("c-1", task03("t-91", "c-91", "completed", artifacts=[{"artifactId": "a-91", "parts": [{"kind": "text", "text": "done"}]}]))),
    req(0.4, "POST", A + "/", rpc("c-2", "tasks/cancel", {"id": "t-91"})),
    resp(0.404, 200, err("c-2", -32002, "Task cannot be canceled - current state: completed")),
    req(0.5, "POST", A + "/", rpc("c-3", "tasks/get", {"id": "t-91"})),
    resp(0.504, 200, ok("c-3", task03("t-91", "c-91", "completed", artifacts=[{"artifactId": "a-91", "parts": [{"kind": "text", "text": "done"}]}]))),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/91 (six a2a-sdk 0.3.8 agents fail the TCK's cancellation tests with 'Task cannot be canceled - current state: Completed')",
 "legal on 0.3: a blocking message/send returns the finished task, and tasks/cancel on a terminal task is TaskNotCancelableError -32002 (TASK-003, 0.3 §7.4); the task stays completed (TASK-001)")

# --- push notifications --------------------------------------------------------------------------
HOOK = "https://client.example.test/a2a/webhook"
# a2aproject/a2a-python #678: before 1.0 support the sender POSTed the bare Task to the webhook
case("f327-v10-push-body-bare-task", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("compile the audit report", mid="m-678"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-678"}}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-678", "c-678", "TASK_STATE_SUBMITTED")})),
    req(3.0, "POST", HOOK, task10("t-678", "c-678", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-678", "parts": [{"text": "audit report"}]}]),
        hdr={"x-a2a-notification-token": "tok-678"}),
    resp(3.004, 200, ""),
], [("push-payload-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-python/issues/678 (1.0 specifies the push notification payload as StreamResponse; the sender still POSTed the Task itself)",
 "a 1.0 webhook body is a StreamResponse holding exactly one of task, message, statusUpdate, artifactUpdate (PUSH-004, 1.0 §4.3.3); the bare Task has none of these members, so a receiver that reads the 1.0 format finds no event in it")

# --- artifacts -----------------------------------------------------------------------------------
# a2aproject/A2A #228 (append/lastChunk underspecified): replace, then append, then seal, on 0.3
case("f328-legal-v03-artifact-replace-append-seal", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/stream", {"message": umsg03("draft the release notes", mid="m-228")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", task03("t-228", "c-228", "submitted")))),
    chunk(0.1, sse(ok("1", {"kind": "artifact-update", "taskId": "t-228", "contextId": "c-228", "artifact": {"artifactId": "notes", "name": "release-notes.md", "parts": [{"kind": "text", "text": "# 2.4 (draft)\n"}]}, "append": False, "lastChunk": False}))),
    chunk(0.2, sse(ok("1", {"kind": "artifact-update", "taskId": "t-228", "contextId": "c-228", "artifact": {"artifactId": "notes", "name": "release-notes.md", "parts": [{"kind": "text", "text": "# 2.4\n"}]}, "append": False, "lastChunk": False}))),
    chunk(0.3, sse(ok("1", {"kind": "artifact-update", "taskId": "t-228", "contextId": "c-228", "artifact": {"artifactId": "notes", "parts": [{"kind": "text", "text": "- faster sync\n"}]}, "append": True, "lastChunk": True}))),
    chunk(0.31, sse(ok("1", {"kind": "artifact-update", "taskId": "t-228", "contextId": "c-228", "artifact": {"artifactId": "changelog", "parts": [{"kind": "text", "text": "see notes"}]}, "lastChunk": True}))),
    chunk(0.32, sse(ok("1", {"kind": "status-update", "taskId": "t-228", "contextId": "c-228", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.33, "", close="eof"),
], [],
 "https://github.com/a2aproject/A2A/issues/228 (the semantics of artifact updates are underspecified: may an update with append=false replace an artifact, what does lastChunk seal, may another artifact follow?)",
 "legal: append:false creates or replaces the artifact with that artifactId, append:true adds to it, lastChunk:true seals that one artifact only (STREAM-009; the reading A2A #1231 converged on); a second artifact may follow the first one's last chunk, and the final:true status ends the stream (STREAM-008)")

# --- security schemes and 401 ---------------------------------------------------------------------
# CopilotKit PR #6920: AgentCore / API Gateway refuses an unauthenticated A2A call with 401 and a JSON-RPC -32001
card_ac = card03(A + "/invocations", securitySchemes={"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}}, security=[{"bearer": []}])
case("f329-v03-401-gateway-jsonrpc-error-body-id-not-echoed", getcard(0.0, card_ac) + [
    req(0.1, "POST", A + "/invocations", rpc("7", "message/send", {"message": umsg03("hello", mid="m-6920")})),
    resp(0.104, 401, {"jsonrpc": "2.0", "error": {"code": -32001, "message": "Missing Authentication Token"}, "id": "null"},
         hdr={"www-authenticate": 'Bearer realm="agentcore"'}),
    req(0.5, "POST", A + "/invocations", rpc("8", "message/send", {"message": umsg03("hello", mid="m-6920b")}), hdr={"authorization": "Bearer <token>"}),
    resp(0.9, 200, ok("8", amsg03("Hi! How can I help?", mid="m-a6920", contextId="c-6920"))),
], [("jsonrpc-refusal-id-not-echoed", "warning")],
 "https://github.com/CopilotKit/CopilotKit/pull/6920 (an AgentCore-hosted A2A agent answers a call without credentials with HTTP 401 and the body {\"jsonrpc\":\"2.0\",\"error\":{\"code\":-32001,\"message\":\"Missing Authentication Token\"},\"id\":\"null\"}, written by AWS in front of the agent)",
 "a call without the credentials the card's scheme asks for is refused with HTTP 401 and a WWW-Authenticate challenge (AUTH-003, AUTH-002): that refusal is right, and the -32001 in the front's body is no A2A TaskNotFoundError. But the body is a JSON-RPC error object whose id is the string \"null\", not the call's readable id \"7\": JSON-RPC 2.0 §5 allows null only when the id could not be read (RPC-002), so a client that pairs answers by id cannot match it (q26b: RPC-ID-002, a warning naming the front; session 23 had left it silent). The retry with the bearer token is served")

# --- multi-turn ----------------------------------------------------------------------------------
# google/adk-python PR #4944: RemoteA2aAgent sent only contextId on the reply to an input-required task
case("f330-legal-v03-followup-context-only-starts-new-task", [
    req(0.0, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("book a table for tonight", mid="m-4944")})),
    resp(0.3, 200, ok("1", task03("t-4944", "c-4944", "input-required",
        status={"state": "input-required", "timestamp": TS, "message": amsg03("For how many people?", mid="m-a1", taskId="t-4944", contextId="c-4944")}))),
    req(5.0, "POST", A + "/a2a", rpc("2", "message/send", {"message": umsg03("four", mid="m-4944b", contextId="c-4944")})),
    resp(5.3, 200, ok("2", task03("t-4945", "c-4944", "input-required",
        status={"state": "input-required", "timestamp": TS, "message": amsg03("Sorry, four what?", mid="m-a2", taskId="t-4945", contextId="c-4944")}))),
], [],
 "https://github.com/google/adk-python/pull/4944 (RemoteA2aAgent sent only context_id on later turns, never task_id, so the remote agent opened a new task every turn and the input-required one was orphaned)",
 "legal for the agent: a message with a contextId and no taskId starts a new task in that context (ID-008, 1.0 §3.4.3; 0.3 §6.3), which is what it did; continuing the input-required task takes its taskId (TASK-007). The orphaned task is the client's doing, and nothing on the wire says the client meant to continue it")

# a2aproject/a2a-tck #229: a narrow agent answers the TCK's generic artifact prompt with an input-required task
case("f331-legal-v10-rest-generic-prompt-input-required", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("TCK artifact test", mid="m-229")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(0.2, 200, {"task": task10("t-229", "c-229", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("Which dates, how many guests and what EUR budget?", mid="m-a229", taskId="t-229", contextId="c-229")})},
        ctype=A2AJ),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/229 (a 1.0 travel-search agent that needs dates, occupancy and a budget answers the TCK's prompt 'TCK artifact test' with an input-required task, and five artifact tests fail on JSON-RPC and HTTP+JSON)",
 "legal: a blocking send may end at an interrupted state (TASK-005: terminal or interrupted), and INPUT_REQUIRED with the question in status.message is the way to ask (TASK-007); no requirement makes an agent produce an artifact for any prompt")

# --- more cancel ---------------------------------------------------------------------------------
# a2aproject/a2a-js PR #158: tasks/cancel answered the last event published before the cancel (a working task)
case("f332-legal-v03-cancel-answered-working-then-canceled", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("render the video", mid="m-158"), "configuration": {"blocking": False}})),
    resp(0.05, 200, ok("1", task03("t-158", "c-158", "working"))),
    req(1.0, "POST", A + "/", rpc("2", "tasks/cancel", {"id": "t-158"})),
    resp(1.02, 200, ok("2", task03("t-158", "c-158", "working"))),
    req(2.0, "POST", A + "/", rpc("3", "tasks/get", {"id": "t-158"})),
    resp(2.004, 200, ok("3", task03("t-158", "c-158", "canceled"))),
], [],
 "https://github.com/a2aproject/a2a-js/pull/158 (fixes #157: tasks/cancel did not return the task in 'canceled' state, because the handler took the last event published on the event bus instead of consuming all of them; found by the TCK's test_tasks_cancel_method)",
 "legal on the wire, though the SDK called it a bug: a tasks/cancel success returns the task after the cancellation attempt (TASK-003, 0.3 §7.4), and an agent that cancels asynchronously may still report working and reach canceled a moment later, as this one did (tasks/get). A stale answer and an asynchronous cancel look the same to anyone outside the SDK; TASK-STATE-004 warns only when the task never reaches canceled (f237)")

# The-PR-Agent/pr-agent PR #3166: the task is only stored at the first artifact; cancel and get fail for the running task
card_pa = card10(streaming=True)
case("f333-v10-running-task-not-found-cancel-internal-error", getcard(0.0, card_pa) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("review PR 42", mid="m-3166"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-3166", "c-3166", "TASK_STATE_WORKING")})),
    req(5.0, "POST", A + "/a2a", rpc("2", "CancelTask", {"id": "t-3166"}), ver="1.0"),
    resp(5.01, 200, err("2", -32603, "A2A 1.0 RequestContext missing task_id/context_id")),
    req(6.0, "POST", A + "/a2a", rpc("3", "GetTask", {"id": "t-3166"}), ver="1.0"),
    resp(6.004, 200, err("3", -32001, "Task not found", [einfo("TASK_NOT_FOUND")])),
], [("task-id-not-resolvable", "error")],
 "https://github.com/The-PR-Agent/pr-agent/pull/3166 (review: MOSAICO persists its Task only at the first add_artifact, after the run, so for the whole in-flight window CancelTask returns -32603 'A2A 1.0 RequestContext missing task_id/context_id' and GetTask says not found)",
 "a task id the agent handed out resolves for as long as the task lives (TASK-009, ID-001: TaskNotFoundError is for unknown ids): GetTask of the WORKING task t-3166 answered TaskNotFoundError, so the client cannot poll or cancel the task it was given. The -32603 on CancelTask is the same gap seen from the cancel")

# --- more push -----------------------------------------------------------------------------------
HOOK2 = "https://client.example.test/hooks/a2a"
# a2aproject/a2a-java #490: the 1.0 sender only ever POSTs {"task": ...}
case("f334-legal-v10-push-task-snapshot-payload", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("index the archive", mid="m-490"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK2, "token": "tok-490"}}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-490", "c-490", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", HOOK2, {"task": task10("t-490", "c-490", "TASK_STATE_WORKING")}, hdr={"x-a2a-notification-token": "tok-490"}),
    resp(1.004, 200, ""),
    req(4.0, "POST", HOOK2, {"task": task10("t-490", "c-490", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-490", "parts": [{"text": "12 000 documents indexed"}]}])},
        hdr={"x-a2a-notification-token": "tok-490"}),
    resp(4.004, 200, ""),
], [],
 "https://github.com/a2aproject/a2a-java/issues/490 (the push notification payload can also be message, statusUpdate or artifactUpdate; a2a-java's sender only ever sends the Task)",
 "legal: a 1.0 webhook body is a StreamResponse with exactly one member (PUSH-004, 1.0 §4.3.3), and task is one of them; an agent that always sends the whole task snapshot sends fewer event kinds, not a wrong one. The configured token rides along (PUSH-005)")

# a2aproject/a2a-python PR #644: send the Authorization header from the config's authentication, keep the token header
case("f335-legal-v10-push-authorization-and-token", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("nightly backup report", mid="m-644"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK2, "token": "tok-644",
            "authentication": {"scheme": "Bearer", "credentials": "hook-secret-644"}}}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-644", "c-644", "TASK_STATE_SUBMITTED")})),
    req(3.0, "POST", HOOK2, {"statusUpdate": {"taskId": "t-644", "contextId": "c-644", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        hdr={"authorization": "Bearer hook-secret-644", "x-a2a-notification-token": "tok-644"}),
    resp(3.004, 200, ""),
], [],
 "https://github.com/a2aproject/a2a-python/pull/644 (fixes #585: add Authorization: <scheme> <credentials> from the push config's authentication, and keep the X-A2A-Notification-Token header for configs with a token)",
 "legal: the webhook POST authenticates as the config says, Authorization: Bearer with the given credentials (PUSH-005, 1.0 §4.3.3), and also carries the token the client set for its own validation; the body is a statusUpdate StreamResponse (PUSH-004)")

# a2aproject/A2A #1483: a config registered on a running task; no task snapshot is sent first
case("f336-legal-v10-push-config-on-running-task-no-snapshot", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("transcode the lecture", mid="m-1483"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.05, 200, ok("1", {"task": task10("t-1483", "c-1483", "TASK_STATE_WORKING")})),
    req(2.0, "POST", A + "/a2a", rpc("2", "CreateTaskPushNotificationConfig", {"taskId": "t-1483", "url": HOOK2, "token": "tok-1483"}), ver="1.0"),
    resp(2.004, 200, ok("2", {"id": "cfg-1483", "taskId": "t-1483", "url": HOOK2, "token": "tok-1483"})),
    req(9.0, "POST", HOOK2, {"statusUpdate": {"taskId": "t-1483", "contextId": "c-1483", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}},
        hdr={"x-a2a-notification-token": "tok-1483"}),
    resp(9.004, 200, ""),
], [],
 "https://github.com/a2aproject/A2A/issues/1483 (question: when a push config is registered for a task that already exists, must the first notification be a task snapshot, as SubscribeToTask's first event is?)",
 "legal: only SubscribeToTask must open with the task (STREAM-004); 1.0 §4.3.3 lets any StreamResponse member be a notification (PUSH-004), and the proposal to require a snapshot was folded into tracking issue #1988 without a change to the spec. The webhook gets the next update, the completion")

# --- interrupted states ----------------------------------------------------------------------------
# a2aproject/A2A #1582: AUTH_REQUIRED may clear out of band, without a follow-up message
case("f337-legal-v10-auth-required-cleared-out-of-band", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("sync my calendar", mid="m-1582")}), ver="1.0"),
    resp(0.4, 200, ok("1", {"task": task10("t-1582", "c-1582", "TASK_STATE_AUTH_REQUIRED",
        status={"state": "TASK_STATE_AUTH_REQUIRED", "timestamp": TS, "message": amsg10("Sign in at https://auth.example.test/device with code QX-4TZ", mid="m-a1582", taskId="t-1582", contextId="c-1582")})})),
    req(30.0, "POST", A + "/a2a", rpc("2", "GetTask", {"id": "t-1582"}), ver="1.0"),
    resp(30.004, 200, ok("2", task10("t-1582", "c-1582", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1582", "parts": [{"text": "14 events synced"}]}]))),
], [],
 "https://github.com/a2aproject/A2A/issues/1582 (INPUT_REQUIRED needs a follow-up SendMessage; AUTH_REQUIRED may be cleared by a SendMessage or by an out-of-band authorization, and clients must handle the two differently)",
 "legal: a blocking send returns at the interrupted AUTH_REQUIRED state with the instructions in status.message (TASK-005, TASK-006), and the agent may continue once the credential arrives out of band, with no follow-up message (1.0 §7.6.1): AUTH_REQUIRED -> COMPLETED is a legal transition (TASK-008)")

# a2aproject/a2a-java PR #980: the stream is closed at INPUT_REQUIRED; the client resumes with a new request
case("f338-legal-v10-stream-closed-at-input-required-resumed", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("plan a trip to Porto", mid="m-980")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-980", "c-980", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("1", {"statusUpdate": {"taskId": "t-980", "contextId": "c-980", "status": {"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
        "message": amsg10("Which dates?", mid="m-a980", taskId="t-980", contextId="c-980")}}}))),
    chunk(0.31, "", close="eof"),
    req(8.0, "POST", A + "/a2a", rpc("2", "SendStreamingMessage", {"message": umsg10("12 to 15 May", mid="m-980b", taskId="t-980")}), ver="1.0", accept=SSE),
    resp(8.01, 200, "", ctype=SSE),
    chunk(8.02, sse(ok("2", {"task": task10("t-980", "c-980", "TASK_STATE_WORKING")}))),
    chunk(8.5, sse(ok("2", {"artifactUpdate": {"taskId": "t-980", "contextId": "c-980", "artifact": {"artifactId": "a-980", "parts": [{"text": "3-day plan for Porto"}]}, "lastChunk": True}}))),
    chunk(8.51, sse(ok("2", {"statusUpdate": {"taskId": "t-980", "contextId": "c-980", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(8.52, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-java/pull/980 (fixes #975: requiresInput(message, isFinal=true) must end the stream at INPUT_REQUIRED, so the client resumes with a new request; interrupted states otherwise stay open)",
 "legal: a 1.0 stream may close at an interrupted state (STREAM-007, §11.7), and the client continues the task by sending its taskId (TASK-007); the new stream opens with the task and closes at the terminal state (STREAM-003)")

# --- push config calls -----------------------------------------------------------------------------
# a2aproject/a2a-tck #145 / #148: the kit's CreateTaskPushNotificationConfig nests the config under the removed configId
card_tckp = card10(pushNotifications=True)
case("f339-v10-client-push-config-nested-under-config-id", getcard(0.0, card_tckp) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("TCK prerequisite task creation", mid="m-145"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.15, 200, ok("1", {"task": task10("t-145", "c-145", "TASK_STATE_WORKING")})),
    req(0.2, "POST", A + "/a2a", rpc("2", "CreateTaskPushNotificationConfig", {"taskId": "t-145", "configId": "cfg-tck-1",
        "config": {"url": "https://tck.example.test/webhook", "token": "tck-token"}}), ver="1.0"),
    resp(0.204, 200, err("2", -32602, "Invalid params: url is required")),
    req(0.3, "POST", A + "/a2a", rpc("3", "ListTaskPushNotificationConfig", {"taskId": "t-145"}), ver="1.0"),
    resp(0.304, 200, err("3", -32601, "Method not found")),
], [("push-config-request-without-url", "error"), ("client-method-name-wrong-case", "note")],
 "https://github.com/a2aproject/a2a-tck/issues/145 ; https://github.com/a2aproject/a2a-tck/issues/148 (the TCK sends CreateTaskPushNotificationConfig as {taskId, configId, config: {url, token}} and calls ListTaskPushNotificationConfig without the s; every push config test fails with -32602 against 1.0 SDK agents)",
 "the 1.0 request is the flat TaskPushNotificationConfig {taskId, id?, url, token?, authentication?} with url REQUIRED (PUSH-002, 1.0 proto after A2A PR #1487/#1500): configId and the nested config are an earlier draft, so the request has no url and the agent's -32602 is right (ERR-001). The method is ListTaskPushNotificationConfigs (A2A PR #1486); -32601 for the old name is right too")

# google/adk-python #4126: to_a2a() agents answer every push config call with UnsupportedOperationError
card_adk = card03(A + "/", capabilities={"streaming": True, "pushNotifications": False})
case("f340-v03-push-config-unsupported-operation", getcard(0.0, card_adk) + [
    req(0.1, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("summarise the logs", mid="m-4126"), "configuration": {"blocking": False}})),
    resp(0.15, 200, ok("1", task03("t-4126", "c-4126", "working"))),
    req(0.2, "POST", A + "/", rpc("2", "tasks/pushNotificationConfig/set", {"taskId": "t-4126", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tok-4126"}})),
    resp(0.204, 200, err("2", -32004, "Could not set push notification configs for tasks")),
], [("jsonrpc-error-code-mismatch-0x", "warning")],
 "https://github.com/google/adk-python/issues/4126 (to_a2a() builds a DefaultRequestHandler without a push_config_store, so every push notification config method raises UnsupportedOperationError)",
 "the card declares capabilities.pushNotifications false, and a push config call to such an agent is answered PushNotificationNotSupportedError -32003 (PUSH-001, ERR-002, 0.3 §8.2); -32004 UnsupportedOperationError hides the reason, so a client cannot tell 'no push here' from 'this operation is not implemented'")

write_cases(cases, OUT)

# --- variants (tests/cases/variants/b23b-*) -------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R1238 = "https://github.com/a2aproject/A2A/issues/1238"
opt_ext = {"uri": EXT, "description": "geo context for every request"}
vcase("b23b-K1-v03-x-a2a-extension-singular-processed", getcard(0.0, card03(A + "/a2a", capabilities={"streaming": True, "extensions": [opt_ext]})) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("nearest pharmacy?", mid="m-k1a")}), hdr={"x-a2a-extension": EXT}),
    resp(0.3, 200, ok("1", amsg03("Which city are you in?", mid="m-a-k1a", contextId="c-k1a"))),
], [("extension-header-misspelled", "warning")], R1238 + " (the 0.3 form: extensions.md said X-A2A-Extension)",
 "the 0.2.4-0.3 header is X-A2A-Extensions, plural (EXT-001); under the singular name the agent saw no extension and answered without it")
vcase("b23b-K1-v10-rest-a2a-extension-singular-processed", getcard(0.0, rest_card10(extensions=[opt_ext])) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("nearest pharmacy?", mid="m-k1b")}, ver="1.0", ctype=A2AJ, accept=A2AJ, hdr={"a2a-extension": EXT}),
    resp(0.3, 200, {"message": amsg10("Which city are you in?", mid="m-a-k1b", contextId="c-k1b")}, ctype=A2AJ),
], [("extension-header-misspelled", "warning")], R1238 + " (the 1.0 HTTP+JSON form)",
 "the 1.0 header is A2A-Extensions (EXT-001, §11.2); the singular name activates nothing")
vcase("b23b-K1-v10-stream-singular-required-processed", getcard(0.0, card10(extensions=[ext_req])) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("nearest pharmacy?", mid="m-k1c")}), ver="1.0", accept=SSE, hdr={"x-a2a-extension": EXT}),
    resp(0.11, 200, "", ctype=SSE),
    chunk(0.12, sse(ok("1", {"task": task10("t-k1c", "c-k1c", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("1", {"statusUpdate": {"taskId": "t-k1c", "contextId": "c-k1c", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS,
        "message": amsg10("Farmacia Central", mid="m-a-k1c", taskId="t-k1c", contextId="c-k1c")}}}))),
    chunk(0.51, "", close="eof"),
], [("extension-header-misspelled", "warning"), ("required-extension-not-enforced", "error")], R1238 + " (a stream, the extension required: both sides at fault)",
 "the client named the extension under the singular X-A2A-Extension (EXT-001), once for the stream; the agent then served a request that left its required extension inactive instead of refusing it (EXT-002)")
vcase("b23b-K1-legal-v10-plural-header-beside-singular", getcard(0.0, card10(extensions=[ext_req])) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("nearest pharmacy?", mid="m-k1d")}), ver="1.0",
        hdr={"a2a-extensions": EXT, "a2a-extension": EXT}),
    resp(0.3, 200, ok("1", {"message": amsg10("Farmacia Central", mid="m-a-k1d", contextId="c-k1d")}), hdr={"a2a-extensions": EXT}),
], [], R1238 + " (control: the right header is there too)",
 "legal: A2A-Extensions names the extension (EXT-001) and the agent activates it (EXT-004); an extra singular copy changes nothing")
vcase("b23b-K1-legal-v03-plural-header", getcard(0.0, card03(A + "/a2a", capabilities={"streaming": True, "extensions": [ext_req]})) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("nearest pharmacy?", mid="m-k1e")}), hdr={"x-a2a-extensions": EXT}),
    resp(0.3, 200, ok("1", amsg03("Farmacia Central", mid="m-a-k1e", contextId="c-k1e")), hdr={"x-a2a-extensions": EXT}),
], [], R1238 + " (control: the 0.3 name, plural)",
 "legal: X-A2A-Extensions is the 0.3 header (EXT-001)")

R6920 = "https://github.com/CopilotKit/CopilotKit/pull/6920"
card_k2 = card10()
card_k2["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer", "bearerFormat": "JWT"}}}
card_k2["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
vcase("b23b-K2-v10-403-jsonrpc-body-string-null-id", getcard(0.0, card_k2) + [
    req(0.1, "POST", A + "/a2a", rpc("5", "SendMessage", {"message": umsg10("hello", mid="m-k2a")}), ver="1.0", hdr={"authorization": "Bearer <expired-token>"}),
    resp(0.104, 403, {"jsonrpc": "2.0", "error": {"code": -32001, "message": "Forbidden"}, "id": "null"}),
], [("jsonrpc-refusal-id-not-echoed", "warning")], R6920 + " (the 1.0 form, a 403 from the same kind of front)",
 "the credentials refusal is the HTTP 403 (AUTH-003), and the JSON-RPC code in the front's body is no A2A answer; its id, the string \"null\", does not echo the call's readable id \"5\" (RPC-002; q26b: RPC-ID-002, a warning)")
vcase("b23b-K2-v03-401-internal-error-body-other-id", getcard(0.0, card03(A + "/a2a", securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}}, security=[{"bearer": []}])) + [
    req(0.1, "POST", A + "/a2a", rpc("5", "message/send", {"message": umsg03("hello", mid="m-k2b")})),
    resp(0.104, 401, {"jsonrpc": "2.0", "error": {"code": -32603, "message": "Unauthorized"}, "id": 0}, hdr={"www-authenticate": "Bearer"}),
], [("jsonrpc-refusal-id-not-echoed", "warning")], R6920 + " (another code and id in the refusal's body)",
 "a 401 with a challenge is the refusal (AUTH-003) and its -32603 is not judged as the agent's; the JSON-RPC error's id 0 is not the call's \"5\" (RPC-002; q26b: RPC-ID-002, a warning)")
vcase("b23b-K2-v03-200-gateway-body-task-not-found", getcard(0.0, card_ac) + [
    req(0.1, "POST", A + "/invocations", rpc("7", "message/send", {"message": umsg03("hello", mid="m-k2c")}), hdr={"authorization": "Bearer <token>"}),
    resp(0.104, 200, {"jsonrpc": "2.0", "error": {"code": -32001, "message": "Missing Authentication Token"}, "id": "null"}),
], [("task-not-found-for-message-without-task-0x", "warning"), ("jsonrpc-id-mismatch", "error")], R6920 + " (control: the same body as an HTTP 200 answer)",
 "under HTTP 200 the body is the JSON-RPC answer: -32001 TaskNotFoundError to a send that names no task is wrong (ID-001, ERR-002), and the id \"null\" (a string) does not echo the request id 7 (RPC-002)")

write_cases(var_cases, VAR)
