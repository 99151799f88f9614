"""Session-29 field cases of miner mine29c (f600-f619): same helpers and output format as gen_cases.py.

Scope (round twenty-five): retries, duplicates, timeouts and resumption. A client retrying a
send (same or new messageId), duplicate messages and idempotency, client and gateway timeouts
while a task runs, a stream dropped and resumed (tasks/resubscribe, SubscribeToTask,
Last-Event-ID), polling GetTask, push deliveries, cancel racing completion, agents restarted
mid-task (a task that vanished).
`python3 gen_cases29c.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b29c-*` variants into ../variants).
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
RPC_URL = A + "/a2a"
HOOK = "https://client.example.test/a2a/webhook"
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
def ts(sec):
    """An ISO 8601 UTC timestamp `sec` seconds after 10:15:00 on the transcripts' day."""
    m, s = divmod(int(sec), 60)
    h, m = divmod(15 + m, 60)
    return "2026-03-02T%02d:%02d:%02d.000Z" % (10 + h, m, s)
def card10(url=RPC_URL, binding="JSONRPC", ver="1.0", **kw):
    c = copy.deepcopy(CARD10)
    c["supportedInterfaces"] = [{"url": url, "protocolBinding": binding, "protocolVersion": ver}]
    c.update(kw)
    return c
def with_status_message(task, msg):
    """`task` with `msg` as its status.message."""
    task["status"]["message"] = msg
    return task
def card_lines(card, t=0.0):
    return [req(t, "GET", CARD_URL), resp(t + 0.004, 200, card)]
def sse_rpc(i, result, **kw):
    return "data: " + js(ok(i, result)) + "\n\n"

# --- cancel ------------------------------------------------------------------------------------------
# a2aproject/a2a-js #157 / PR #158: tasks/cancel answered with the task still working
R157 = "https://github.com/a2aproject/a2a-js/issues/157 ; https://github.com/a2aproject/a2a-js/pull/158"
case("f600-legal-v03-cancel-answers-working-then-canceled", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("summarise the quarterly report", mid="m-600"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("1", task03("t-600", "c-600", "working", ts=ts(0)))),
    req(2.0, "POST", RPC_URL, rpc("2", "tasks/cancel", {"id": "t-600"})),
    resp(2.05, 200, ok("2", task03("t-600", "c-600", "working", ts=ts(0)))),
    req(4.0, "POST", RPC_URL, rpc("3", "tasks/get", {"id": "t-600"})),
    resp(4.01, 200, ok("3", task03("t-600", "c-600", "canceled", ts=ts(2)))),
], [],
 R157 + " (the JS SDK's cancelTask returned the last event it had taken from the event bus, not the state after the executor's cancellation: the a2a-tck's tasks/cancel test got the task back in `working` and failed it; PR #158 consumes the bus until the canceled event before answering)",
 "legal: tasks/cancel 'attempts to cancel' the task and returns its updated Task, 'success is not guaranteed' (0.3 §7.4, 1.0 §3.1.5, TASK-003); neither version requires the answer to be in canceled already, and the later tasks/get shows the cancellation took effect. The TCK's test is stricter than the spec; a cancel acknowledged and never applied is TASK-STATE-004 / TASK-STATE-012's. Rebuilt from the thread's description (no bytes in the thread)")

# prebid/salesagent #1961: cancel of a completed task turned it canceled
R1961 = "https://github.com/prebid/salesagent/issues/1961 ; https://github.com/crewAIInc/crewAI/pull/4235"
case("f601-v03-cancel-completed-task-succeeds", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("book the campaign line items", mid="m-601")})),
    resp(3.0, 200, ok("1", task03("t-601", "c-601", "completed", ts=ts(3), artifacts=[{"artifactId": "a-601", "parts": [{"kind": "text", "text": "booked 4 line items"}]}]))),
    req(5.0, "POST", RPC_URL, rpc("2", "tasks/cancel", {"id": "t-601"})),
    resp(5.01, 200, ok("2", task03("t-601", "c-601", "canceled", ts=ts(5)))),
], [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error")],
 R1961 + " (on_cancel_task has no terminal-state guard: a cancel that arrives after the work finished, a retried cancel or one racing completion, flips the completed task to canceled; crewAI PR #4235 added the same missing terminal-state check to its cancel)",
 "a terminal task never changes state (TASK-001), and cancelling it must fail with TaskNotCancelableError -32002 (0.3 §7.4, TASK-003); the agent instead reports the booked work as canceled. Shape rebuilt from the issue's description")

# strands-agents/harness-sdk PR #2245: cancel always refused with UnsupportedOperationError
R2245 = "https://github.com/strands-agents/harness-sdk/pull/2245"
case("f602-legal-v03-cancel-unsupported-operation", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("crawl the docs site", mid="m-602"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("1", task03("t-602", "c-602", "working"))),
    req(1.0, "POST", RPC_URL, rpc("2", "tasks/cancel", {"id": "t-602"})),
    resp(1.01, 200, err("2", -32004, "This operation is not supported")),
], [],
 R2245 + " (before the PR the Strands A2A executor's cancel() logged 'Cancellation requested but not supported' and raised ServerError(UnsupportedOperationError()) for every task; the PR implements cancellation of running tasks and refuses terminal ones)",
 "legal: an agent that does not implement cancellation may answer UnsupportedOperationError -32004, 'the requested operation or a specific aspect of it is not supported by this server agent implementation' (1.0 §3.3.2, ERR-002; 0.3 §8.2); TaskNotCancelableError -32002 is for a task not in a cancelable state (TASK-003). Neither code is wrong here, and the task is left running, which the client can see. Shape rebuilt from the PR's diff")

# --- streams dropped and resumed -------------------------------------------------------------------
# a2aproject/a2a-python #832: resubscribe after a dropped stream continues where the agent is
R832 = "https://github.com/a2aproject/a2a-python/issues/832"
case("f603-legal-v03-resubscribe-continues-artifact-of-cut-stream", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/stream", {"message": umsg03("draft the release notes", mid="m-603")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, sse_rpc("1", task03("t-603", "c-603", "submitted"))),
    chunk(0.5, sse_rpc("1", su03("t-603", "c-603", "working", False))),
    chunk(1.5, sse_rpc("1", au03("t-603", "c-603", "a-notes", "## Release notes\n", lastChunk=False))),
    chunk(9.0, "", close="client"),
    req(12.0, "POST", RPC_URL, rpc("2", "tasks/resubscribe", {"id": "t-603"}), accept=SSE),
    resp(12.1, 200, "", ctype=SSE),
    chunk(12.2, sse_rpc("2", su03("t-603", "c-603", "working", False, ts=ts(12)))),
    chunk(14.0, sse_rpc("2", au03("t-603", "c-603", "a-notes", "- faster startup\n", append=True, lastChunk=True))),
    chunk(14.5, sse_rpc("2", su03("t-603", "c-603", "completed", True, ts=ts(14)))),
    chunk(14.6, "", close="eof"),
], [],
 R832 + " (a server proxying to an agent lost its SSE connection on restart and called resubscribe: the stream went on from the agent's current state, and the events sent while it was away were not replayed)",
 "legal: a 0.3 tasks/resubscribe stream carries the events from now on; backfill is implementation-defined (0.3 §7.9, STREAM-004), so it may open with a status-update rather than the Task, and an artifact chunk with append:true continues the chunk that the cut stream of the same task delivered (STREAM-009). The first stream ended on the client's side (close: client, the proxying server restarted), not by the agent closing it early")

# redpanda-data/console PR #2406: a load balancer's idle timeout closes the stream cleanly mid-task
R2406 = "https://github.com/redpanda-data/console/pull/2406"
case("f604-v03-stream-closed-cleanly-mid-task-then-resubscribed", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/stream", {"message": umsg03("analyse the topic lag", mid="m-604")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, sse_rpc("1", task03("t-604", "c-604", "submitted"))),
    chunk(0.6, sse_rpc("1", su03("t-604", "c-604", "working", False))),
    chunk(300.6, "", close="eof"),
    req(301.0, "POST", RPC_URL, rpc("2", "tasks/resubscribe", {"id": "t-604"}), accept=SSE),
    resp(301.1, 200, "", ctype=SSE),
    chunk(301.2, sse_rpc("2", task03("t-604", "c-604", "working", ts=ts(301)))),
    chunk(340.0, sse_rpc("2", su03("t-604", "c-604", "completed", True, ts=ts(340), message=amsg03("Lag is concentrated on partition 7.", mid="m-a604", taskId="t-604", contextId="c-604")))),
    chunk(340.1, "", close="eof"),
], [("stream-ended-without-terminal-0x", "warning")],
 R2406 + " (AWS ALB / GCP LB / nginx idle timeouts of about 5 minutes close an idle SSE connection with a FIN: the A2A stream iterator saw a clean end of stream with the task still working, so the console finalised a truncated reply; the fix resubscribes on a clean close too)",
 "a task stream ends at a terminal or interrupted state with final:true (STREAM-003, STREAM-008); this one ended cleanly with the task working and no final event, which a client cannot tell from an agent that stopped. The resubscribe that follows is right and recovers the task. The stream sent nothing for 300 s: SSE comments as keep-alives would have kept the balancer from closing it")

# a2aproject/a2a-rs PRs #125 / #202: SSE ids (a counter per response) and keep-alives
R202 = "https://github.com/a2aproject/a2a-rs/pull/202 ; https://github.com/a2aproject/a2a-rs/pull/125"
def idev(n, obj, i="1"):
    return "id: %d\ndata: %s\n\n" % (n, js(ok(i, obj)))
case("f605-legal-v10-stream-event-ids-keepalives-retry", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendStreamingMessage", {"message": umsg10("index the wiki", mid="m-605")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, "retry: 3000\n" + idev(0, {"task": task10("t-605", "c-605", "TASK_STATE_SUBMITTED")})),
    chunk(0.5, idev(1, su10("t-605", "c-605", "TASK_STATE_WORKING"))),
    chunk(15.5, ": keep-alive\n\n"),
    chunk(30.5, ": keep-alive\n\n"),
    chunk(41.0, idev(2, au10("t-605", "c-605", "a-605", "indexed 412 pages", lastChunk=True))),
    chunk(41.1, idev(3, su10("t-605", "c-605", "TASK_STATE_COMPLETED", ts=ts(41)))),
    chunk(41.2, "", close="eof"),
], [],
 R202 + " (a2a-rs streams carried no `id:` and no keep-alive, so intermediaries dropped idle subscriptions and Last-Event-ID had nothing to carry; the fix numbers the events of each response from 0 and sends SSE comment keep-alives, as a2a-go does)",
 "legal: SSE `id:` and `retry:` fields and comment lines are part of the event-stream format (WHATWG HTML §9.2) and carry no A2A meaning; the events are the binding's JSON-RPC envelopes in order and the stream closes at COMPLETED (RPC-005, STREAM-003)")

# a2aproject/a2a-js #174: SSE ids from Date.getTime() repeat within a millisecond
R174 = "https://github.com/a2aproject/a2a-js/issues/174"
def idev_s(sid, obj, i="1"):
    return "id: %s\ndata: %s\n\n" % (sid, js(ok(i, obj)))
case("f606-legal-v03-stream-repeated-sse-ids", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/stream", {"message": umsg03("translate the greeting", mid="m-606")}), accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, idev_s("1772446500300", task03("t-606", "c-606", "submitted")) + idev_s("1772446500300", su03("t-606", "c-606", "working", False))),
    chunk(0.9, idev_s("1772446500900", au03("t-606", "c-606", "a-606", "Bonjour", lastChunk=True)) + idev_s("1772446500900", su03("t-606", "c-606", "completed", True))),
    chunk(0.95, "", close="eof"),
], [],
 R174 + " (the JS server used `new Date().getTime()` as each event's SSE id, so events written in the same millisecond share an id; the SDK later dropped ids, since resubscribe always starts live and Last-Event-ID means nothing to it)",
 "legal: the SSE `id:` field only sets the stream's last-event-ID buffer (WHATWG HTML §9.2); nothing in SSE or A2A requires ids to be unique, and A2A defines no Last-Event-ID resumption (0.3 §7.9, STREAM-004). The events themselves are well-formed and in order")

# a2aproject/a2a-js #174 (comment) / a2aproject/a2a-java #909: Last-Event-ID sent, subscription starts live
R909 = "https://github.com/a2aproject/a2a-java/issues/909 ; https://github.com/a2aproject/a2a-js/issues/174"
case("f607-legal-v10-subscribe-with-last-event-id-starts-from-task", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendStreamingMessage", {"message": umsg10("generate the invoice batch", mid="m-607")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.3, idev(0, {"task": task10("t-607", "c-607", "TASK_STATE_SUBMITTED")})),
    chunk(0.5, idev(1, su10("t-607", "c-607", "TASK_STATE_WORKING"))),
    chunk(2.0, idev(2, au10("t-607", "c-607", "a-607", "invoice 1 of 3", lastChunk=False))),
    chunk(6.0, "", close="client"),
    req(7.0, "POST", RPC_URL, rpc("2", "SubscribeToTask", {"id": "t-607"}), ver="1.0", accept=SSE, hdr={"last-event-id": "2"}),
    resp(7.1, 200, "", ctype=SSE),
    chunk(7.2, idev(0, {"task": task10("t-607", "c-607", "TASK_STATE_WORKING", ts=ts(7), artifacts=[{"artifactId": "a-607", "parts": [{"text": "invoice 1 of 3"}, {"text": "invoice 2 of 3"}]}])}, "2")),
    chunk(9.0, idev(1, au10("t-607", "c-607", "a-607", "invoice 3 of 3", append=True, lastChunk=True), "2")),
    chunk(9.1, idev(2, su10("t-607", "c-607", "TASK_STATE_COMPLETED", ts=ts(9)), "2")),
    chunk(9.2, "", close="eof"),
], [],
 R909 + " (a client whose SSE connection dropped on its side (close: client) re-subscribes to the task it tracked; its EventSource-style transport sends Last-Event-ID, which the A2A servers ignore: the subscription always starts live, with the current Task)",
 "legal: A2A defines no Last-Event-ID resumption; SubscribeToTask's first event is the current Task (1.0 §3.1.6, STREAM-004), here with the artifact's chunks so far, so the client reconciles from the snapshot and the later append:true chunk continues that artifact (STREAM-009). SSE ids restart per response")

# a2aproject/A2A #1180 / a2aproject/a2a-tck #36: resubscribe to a task created by message/send
R1180 = "https://github.com/a2aproject/A2A/issues/1180 ; https://github.com/a2aproject/a2a-tck/issues/36"
case("f608-legal-v03-resubscribe-task-from-nonstream-send", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("convert the spreadsheet", mid="m-608"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("1", task03("t-608", "c-608", "submitted"))),
    req(0.5, "POST", RPC_URL, rpc("2", "tasks/resubscribe", {"id": "t-608"}), accept=SSE),
    resp(0.6, 200, "", ctype=SSE),
    chunk(0.7, sse_rpc("2", task03("t-608", "c-608", "working", ts=ts(0)))),
    chunk(3.0, sse_rpc("2", au03("t-608", "c-608", "a-608", "sheet.csv converted", lastChunk=True))),
    chunk(3.1, sse_rpc("2", su03("t-608", "c-608", "completed", True, ts=ts(3)))),
    chunk(3.2, "", close="eof"),
], [],
 R1180 + " (the a2a-tck's resubscribe test subscribed to a task it created with message/send; a .NET implementer objected that 0.3 §7.9 speaks of tasks started with message/stream, while the Python SDK lets every task be resubscribed, and the spec issue asks to allow it)",
 "legal: nothing in 0.3 forbids tasks/resubscribe to a task created by message/send when the card declares streaming (0.3 §7.9); 1.0 SubscribeToTask applies to any non-terminal task (1.0 §3.1.6). The stream names the task and ends at completed with final:true (STREAM-003, STREAM-008)")

# --- tasks that vanished ---------------------------------------------------------------------------
# librefang/librefang #3787 / prebid/salesagent #2257: in-memory task store lost on restart
R3787 = "https://github.com/librefang/librefang/issues/3787 ; https://github.com/prebid/salesagent/issues/2257"
case("f609-v03-working-task-lost-on-restart", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("reconcile the ledger", mid="m-609"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("1", task03("t-609", "c-609", "working"))),
    req(10.0, "POST", RPC_URL, rpc("2", "tasks/get", {"id": "t-609"})),
    resp(10.01, 200, ok("2", task03("t-609", "c-609", "working", ts=ts(10)))),
    req(70.0, "POST", RPC_URL, rpc("3", "tasks/get", {"id": "t-609"})),
    resp(70.01, 200, err("3", -32001, "Task not found")),
], [("task-id-not-resolvable", "error")],
 R3787 + " (A2aTaskStore is a Mutex<HashMap> with no persistence: after a daemon restart every working or input-required task is gone and tasks/get on it fails; salesagent keeps A2A task state in a process-local dict, so a restart answers TaskNotFoundError for work still running)",
 "the agent handed out t-609 and last showed it working; a task is never forgotten while it runs (ID-001, TASK-009: TaskNotFoundError is for ids the caller cannot see). A purge is allowed only after the task ended (TASK-003), so the client cannot tell 'never existed' from 'I forgot' and has no way to learn the outcome. Shape rebuilt from the issues' descriptions")

# adcontextprotocol/adcp-client PR #1596: a completed task evicted before the next poll
R1596 = "https://github.com/adcontextprotocol/adcp-client/pull/1596"
case("f610-legal-v03-completed-task-evicted-not-found", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("create the media buy", mid="m-610"), "configuration": {"blocking": False}})),
    resp(0.2, 200, ok("1", task03("t-610", "c-610", "working"))),
    req(5.0, "POST", RPC_URL, rpc("2", "tasks/get", {"id": "t-610"})),
    resp(5.01, 200, ok("2", task03("t-610", "c-610", "completed", ts=ts(4), artifacts=[{"artifactId": "a-610", "parts": [{"kind": "text", "text": "media buy mb-77 created"}]}]))),
    req(3605.0, "POST", RPC_URL, rpc("3", "tasks/get", {"id": "t-610"})),
    resp(3605.01, 200, err("3", -32001, "Task not found")),
], [],
 R1596 + " (the client's poller met 'Task <id> not found' for a task the seller had evicted; the PR notes A2A 0.3 defines no minimum retention for finished tasks and turns the error into a descriptive failure instead of an exception)",
 "legal: the task reached completed before it vanished, and an agent MAY purge finished tasks and then answer TaskNotFoundError (1.0 §3.1.5, TASK-003; 0.3 sets no retention time). TaskNotFoundError -32001 is the right code for it (TASK-009)")

# --- retries and duplicates ------------------------------------------------------------------------
# a2aproject/A2A #1893 / NousResearch/hermes-agent #78007: a retried send makes a second task
R1893 = "https://github.com/a2aproject/A2A/issues/1893 ; https://github.com/NousResearch/hermes-agent/issues/78007"
umsg611 = umsg10("collect host status for web-3", mid="m-611", contextId="c-611")
case("f611-legal-v10-retried-send-same-message-id-new-task", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendMessage", {"message": umsg611}), ver="1.0"),
    resp(120.1, 504, "<html><body><h1>504 Gateway Time-out</h1></body></html>", ctype="text/html"),
    req(121.0, "POST", RPC_URL, rpc("2", "SendMessage", {"message": umsg611, "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(121.1, 200, ok("2", {"task": task10("t-611b", "c-611", "TASK_STATE_WORKING", ts=ts(121))})),
    req(200.0, "POST", RPC_URL, rpc("3", "ListTasks", {"contextId": "c-611"}), ver="1.0"),
    resp(200.01, 200, ok("3", {"tasks": [task10("t-611b", "c-611", "TASK_STATE_COMPLETED", ts=ts(190)), task10("t-611a", "c-611", "TASK_STATE_COMPLETED", ts=ts(180))], "nextPageToken": "", "pageSize": 50, "totalSize": 2})),
], [],
 R1893 + " (a blocking send outlived the caller's timeout; the caller retried and the agent ran the request a second time, 'a duplicate task was created while the first was still running'; the proposal asks for an Idempotency-Key because nothing in A2A makes the retry safe)",
 "legal: the retry repeats the same message under the same messageId, which is what a client should do; deduplicating on messageId is a MAY for the agent (1.0 §3.3.1, ID-007), so a second task for it breaks no requirement. The gateway's 504 page is no A2A answer (GW-RESP-003 notes it): the client cannot know whether the first send ran, which is why the retry should use returnImmediately and poll")

# a2aproject/A2A PR #939: a retry under the same messageId with other content
R939 = "https://github.com/a2aproject/A2A/pull/939"
case("f612-v03-retry-same-message-id-other-text", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("Order 2 licences for the design team (requested 10:15:00)", mid="m-612")})),
    resp(30.1, 200, err("1", -32603, "upstream model timed out")),
    req(31.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("Order 2 licences for the design team (requested 10:15:31)", mid="m-612")})),
    resp(33.0, 200, ok("2", task03("t-612", "c-612", "completed", ts=ts(33)))),
], [("client-message-id-reused", "warning")],
 R939 + " (review of the idempotency proposal: a repeated messageId whose message is exactly the earlier one is a retry and returns the same task; a repeated messageId with another message is a conflict the agent should refuse)",
 "a messageId identifies one message; agents MAY deduplicate on it (1.0 §3.3.1, ID-007), so a retry must resend the same message. This client rebuilt the prompt (a fresh timestamp in the text) and reused the id: a deduplicating agent would answer with the first attempt's task, a non-deduplicating one runs a different request under an id that says 'same'. Rebuilt from the review discussion")

# --- push deliveries -------------------------------------------------------------------------------
# a2aproject/a2a-java #594 / a2aproject/A2A #1372: push only after the initial return
R594 = "https://github.com/a2aproject/a2a-java/issues/594 ; https://github.com/a2aproject/A2A/issues/1372"
card613 = card03(RPC_URL, capabilities={"streaming": True, "pushNotifications": True})
case("f613-v03-push-only-first-state", card_lines(card613) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("render the storyboard", mid="m-613"), "configuration": {"blocking": False, "pushNotificationConfig": {"url": HOOK, "token": "tok-613"}}})),
    resp(0.2, 200, ok("1", task03("t-613", "c-613", "submitted"))),
    req(0.3, "POST", HOOK, task03("t-613", "c-613", "submitted"), hdr={"x-a2a-notification-token": "tok-613"}),
    resp(0.31, 200, "", ctype="text/plain"),
    req(60.0, "POST", RPC_URL, rpc("2", "tasks/get", {"id": "t-613"})),
    resp(60.01, 200, ok("2", task03("t-613", "c-613", "completed", ts=ts(20)))),
    req(600.0, "POST", RPC_URL, rpc("3", "tasks/get", {"id": "t-613"})),
    resp(600.01, 200, ok("3", task03("t-613", "c-613", "completed", ts=ts(20)))),
], [("push-terminal-state-not-delivered", "warning")],
 R594 + " (the SDK sent a push notification only after the initial return of the send, not on the task's later updates: the webhook learned of the task's creation and never of its completion; a2a-go PR #256 fixed the same skipped final notification)",
 "push notifications exist so a disconnected client learns of the task's progress and end (0.3 §9.5, PUSH-004 / PUSH-005): a task with a live config that completed at 20 s with no notification of it leaves the webhook waiting; the client had to poll to find out. Shape rebuilt from the issue's description")

# mastra-ai/mastra #20090 / PR #20205 (a2aproject/a2a-python #253): blocking: false ignored
R20205 = "https://github.com/mastra-ai/mastra/pull/20205 ; https://github.com/a2aproject/a2a-python/issues/253"
case("f614-v03-blocking-false-answered-at-completion", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("run the regression suite", mid="m-614"), "configuration": {"blocking": False}})),
    resp(95.0, 200, ok("1", task03("t-614", "c-614", "completed", ts=ts(95), artifacts=[{"artifactId": "a-614", "parts": [{"kind": "text", "text": "412 passed"}]}]))),
], [("return-immediately-ignored", "warning")],
 R20205 + " (Mastra's message/send handler parsed configuration.blocking but always awaited agent.generate() before answering, so a blocking:false send stayed open until the task had completed; a2a-python #253 asks for the same so long sends do not time out before the client has a task id to poll)",
 "blocking: false asks the agent to answer with the task right away and run it in the background (0.3 §7.1 MessageSendConfiguration, the 0.3 form of 1.0's returnImmediately, TASK-005): answering after 95 s with the finished task is a blocking send, which the caller's HTTP timeout or a gateway cuts before it ever learns the task id. Shape rebuilt from the PR's description")

# LilithGames/a2wave PR #31: polling GetTask through a transient 503 with Retry-After
R31 = "https://github.com/LilithGames/a2wave/pull/31"
case("f615-legal-v10-gettask-poll-503-retry-after", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendMessage", {"message": umsg10("plan the sprint", mid="m-615"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.2, 200, ok("1", {"task": task10("t-615", "c-615", "TASK_STATE_WORKING")})),
    req(5.0, "POST", RPC_URL, rpc("2", "GetTask", {"id": "t-615"}), ver="1.0"),
    resp(5.01, 503, "<html><body>503 Service Temporarily Unavailable</body></html>", ctype="text/html", hdr={"retry-after": "4"}),
    req(9.1, "POST", RPC_URL, rpc("3", "GetTask", {"id": "t-615"}), ver="1.0"),
    resp(9.11, 200, ok("3", task10("t-615", "c-615", "TASK_STATE_WORKING", ts=ts(9)))),
    req(20.0, "POST", RPC_URL, rpc("4", "GetTask", {"id": "t-615"}), ver="1.0"),
    resp(20.01, 200, ok("4", task10("t-615", "c-615", "TASK_STATE_COMPLETED", ts=ts(18)))),
], [],
 R31 + " (the client submits the message once, then recovers the known task through SubscribeToTask and GetTask; transient polling failures are retried with capped exponential backoff honouring Retry-After, never by replaying the send)",
 "legal: GetTask is safe to repeat, and an intermediary's 503 with Retry-After is no A2A answer (GW-RESP-003 notes it; RFC 9110 §15.6.4): the poll after 4 s gets the task, and the send was never replayed (ID-007). Shape rebuilt from the PR's description")

# i-am-bee/beeai-framework #1183: the first stream event arrives after the client's 5 s read timeout
R1183 = "https://github.com/i-am-bee/beeai-framework/issues/1183"
case("f616-legal-v03-stream-first-event-after-seven-seconds", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/stream", {"message": umsg03("look up the shipment", mid="m-616")}), accept=SSE),
    resp(0.15, 200, "", ctype=SSE),
    chunk(7.4, sse_rpc("1", task03("t-616", "c-616", "working", ts=ts(7)))),
    chunk(7.5, sse_rpc("1", au03("t-616", "c-616", "a-616", "Shipment 4471 is in Rotterdam.", lastChunk=True))),
    chunk(7.6, sse_rpc("1", su03("t-616", "c-616", "completed", True, ts=ts(7)))),
    chunk(7.7, "", close="eof"),
], [],
 R1183 + " (an agent whose tool takes over 7 s sends its first stream event only then; the A2A client's httpx default read timeout of 5 s raised ReadTimeout waiting for it, so long tool calls always failed until the timeout was raised)",
 "legal: A2A sets no deadline for a stream's first event; the response headers came at once and the events are a well-formed task stream ending at completed with final:true (STREAM-003, STREAM-008). The fault is the client's read timeout, which no recording of the wire can show; SSE comment keep-alives would have helped it")

write_cases(cases, OUT)

# --- b29c variants: the widenings, proven on shapes the field cases do not have -------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
REST = A + "/v1"
def rest_status(code, status, msg, reason=None):
    e = {"code": code, "status": status, "message": msg}
    if reason:
        e["details"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]
    return {"error": e}

# P: TaskNotFoundError for a task the recording last showed ended is a purge (TASK-003), not ID-TASK-001
vcase("b29c-P1-legal-v10-gettask-after-completed-not-found", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendMessage", {"message": umsg10("tag the photos", mid="m-p1")}), ver="1.0"),
    resp(2.0, 200, ok("1", {"task": task10("t-p1", "c-p1", "TASK_STATE_COMPLETED", ts=ts(2))})),
    req(900.0, "POST", RPC_URL, rpc("2", "GetTask", {"id": "t-p1"}), ver="1.0"),
    resp(900.01, 200, err("2", -32001, "Task not found", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [], R1596 + " (variant: 1.0 JSON-RPC GetTask of a task completed 15 minutes earlier)",
 "legal: the task had completed; an agent MAY purge finished tasks and answer TaskNotFoundError (1.0 §3.1.5, TASK-003, TASK-009)")
vcase("b29c-P2-legal-v10-rest-cancel-after-failed-404", card_lines(card10(REST, "HTTP+JSON")) + [
    req(0.1, "POST", REST + "/message:send", {"message": umsg10("resize the volume", mid="m-p2")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(1.0, 200, {"task": task10("t-p2", "c-p2", "TASK_STATE_FAILED", ts=ts(1))}, ctype=A2AJ),
    req(600.0, "POST", REST + "/tasks/t-p2:cancel", {"id": "t-p2"}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(600.01, 404, rest_status(404, "NOT_FOUND", "task t-p2 not found", "TASK_NOT_FOUND"), ctype=A2AJ),
], [], R1596 + " (variant: 1.0 HTTP+JSON CancelTask of a task that failed 10 minutes earlier)",
 "legal: cancel 'MAY give TaskNotFoundError after purge' (1.0 §3.1.5, TASK-003); the task had ended in FAILED, so nothing is lost; HTTP 404 NOT_FOUND with ErrorInfo TASK_NOT_FOUND is its HTTP+JSON form (ERR-002, ERR-003)")
vcase("b29c-P3-v03-cancel-input-required-task-not-found", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("book a table", mid="m-p3")})),
    resp(1.0, 200, ok("1", task03("t-p3", "c-p3", "input-required", ts=ts(1)))),
    req(300.0, "POST", RPC_URL, rpc("2", "tasks/cancel", {"id": "t-p3"})),
    resp(300.01, 200, err("2", -32001, "Task not found")),
], [("task-id-not-resolvable", "error")], R3787 + " (control: a task last shown input-required, waiting for its client, is forgotten)",
 "input-required is not terminal (TASK-001 table): the task still waits for its client, so an agent that forgot it broke ID-001 / TASK-009; the purge allowance covers only ended tasks (TASK-003)")

vcase("b29c-P4-v10-gettask-30s-after-completed-not-found", card_lines(card10()) + [
    req(0.1, "POST", RPC_URL, rpc("1", "SendMessage", {"message": umsg10("tag the photos", mid="m-p4")}), ver="1.0"),
    resp(2.0, 200, ok("1", {"task": task10("t-p4", "c-p4", "TASK_STATE_COMPLETED", ts=ts(2))})),
    req(32.0, "POST", RPC_URL, rpc("2", "GetTask", {"id": "t-p4"}), ver="1.0"),
    resp(32.01, 200, err("2", -32001, "Task not found", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [("task-id-not-resolvable", "error")], R1596 + " (control: the client's first poll, 30 s after the task completed)",
 "a task not found half a minute after the agent reported it completed was never kept: the purge TASK-003 allows is a retention policy, and the recording gives it a minute (PURGE_GRACE_US) before a not-found counts as one (ID-001, TASK-009)")

# M: an agent's internal failure is no refusal: a retry under the messageId must be the same message
vcase("b29c-M1-v10-rest-500-then-retry-other-parts", card_lines(card10(REST, "HTTP+JSON")) + [
    req(0.1, "POST", REST + "/message:send", {"message": umsg10("transfer 40 EUR to savings", mid="m-m1")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(8.0, 500, rest_status(500, "INTERNAL", "tool call failed"), ctype=A2AJ),
    req(9.0, "POST", REST + "/message:send", {"message": umsg10("transfer 40 EUR to savings, again", mid="m-m1")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(10.0, 200, {"task": task10("t-m1", "c-m1", "TASK_STATE_COMPLETED", ts=ts(10))}, ctype=A2AJ),
], [("client-message-id-reused", "warning")], R939 + " (variant: 1.0 HTTP+JSON, the first send failed with HTTP 500 INTERNAL)",
 "a 500 INTERNAL says the agent failed while it ran the send, not that it refused it: the transfer may have happened. A retry under messageId m-m1 must be the same message (ID-007); this one says other words under the id that says 'same'")
vcase("b29c-M2-legal-v03-internal-error-then-same-message", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("order 2 licences", mid="m-m2")})),
    resp(30.1, 200, err("1", -32603, "upstream model timed out")),
    req(31.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("order 2 licences", mid="m-m2")})),
    resp(33.0, 200, ok("2", task03("t-m2", "c-m2", "completed", ts=ts(33)))),
], [], R939 + " (control: the retry after -32603 resends the very same message)",
 "legal: a retry of the same message under the same messageId is what ID-007 asks for; the agent may dedupe it or run it")
vcase("b29c-M3-agent-right-v03-invalid-params-then-corrected", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": {"kind": "message", "messageId": "m-m3", "role": "user", "parts": [{"kind": "text"}]}})),
    resp(0.2, 200, err("1", -32602, "Invalid params: parts.0.text: Field required")),
    req(1.0, "POST", RPC_URL, rpc("2", "message/send", {"message": umsg03("order 2 licences", mid="m-m3")})),
    resp(3.0, 200, ok("2", task03("t-m3", "c-m3", "completed", ts=ts(3)))),
], [("request-message-invalid-shape", "error")], R939 + " (control: the agent refused the malformed first send with -32602 before storing it)",
 "the first message lacks its text part's text (DATA-004, the client's fault); the agent refused it as invalid params, so it stored nothing under m-m3 and the corrected resend under that id is no reuse (ID-007)")

# B: 0.3 blocking: false waited for the task's end, like 1.0 returnImmediately: true ignored
vcase("b29c-B1-v03-blocking-false-input-required-after-30s", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("plan the offsite", mid="m-b1"), "configuration": {"blocking": False, "acceptedOutputModes": ["text/plain"]}})),
    resp(30.5, 200, ok("1", with_status_message(task03("t-b1", "c-b1", "input-required", ts=ts(30)), amsg03("Which city?", mid="m-ab1", taskId="t-b1", contextId="c-b1")))),
], [("return-immediately-ignored", "warning")], R20205 + " (variant: answered at input-required after 30 s)",
 "blocking: false asks for the task right away (0.3 §7.1, TASK-005); the agent answered only when the task stopped to ask a question, 30 s later")
vcase("b29c-B2-v03-blocking-false-failed-after-15s", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("import the CSV", mid="m-b2"), "configuration": {"blocking": False}})),
    resp(15.2, 200, ok("1", task03("t-b2", "c-b2", "failed", ts=ts(15)))),
], [("return-immediately-ignored", "warning")], R20205 + " (variant: answered at failed after 15 s)",
 "blocking: false asks for the task right away (0.3 §7.1, TASK-005); the agent waited 15 s for the task to fail")
vcase("b29c-B3-legal-v03-blocking-false-fast-completed", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("say hi", mid="m-b3"), "configuration": {"blocking": False}})),
    resp(0.4, 200, ok("1", task03("t-b3", "c-b3", "completed"))),
], [], R20205 + " (control: a task done within 0.3 s)",
 "legal: a task that finishes at once may be answered finished; only a slow answer shows the agent waited (TASK-005)")
vcase("b29c-B4-legal-v03-blocking-absent-slow-completed", card_lines(card03(RPC_URL)) + [
    req(0.1, "POST", RPC_URL, rpc("1", "message/send", {"message": umsg03("run the report", mid="m-b4")})),
    resp(60.0, 200, ok("1", task03("t-b4", "c-b4", "completed", ts=ts(60)))),
], [], R20205 + " (control: no configuration.blocking, a 60 s send answered at completed)",
 "legal: without blocking: false the client did not ask for an early answer; waiting for the task is the SDKs' default (0.3 §7.1)")
write_cases(var_cases, VAR)
