"""Session-33 field cases of miner mine33b (f760-f775): same helpers and output format as gen_cases32a.py.

Scope (round thirty-three): listing and cancelling tasks, as the newest SDK and framework
threads (2026-07 to 2026-09) show them on the wire: a ListTasks that applies a status filter
the client never set (a2a-js's proto enum zero value), a stale pageToken that starts the list
over, an unknown status filter that matches nothing instead of being refused, and a cancel
whose CANCELED (or a failure's FAILED) reaches the task store but not the stream a client
holds open on the task (a2a-python's ActiveTask, mezmo/aura's cross-instance cancel); and on
the legal side the fixed behaviours and the reads that look like the faults but are allowed.
`python3 gen_cases33b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:16:00.000Z"
TS3 = "2026-03-02T10:17:00.000Z"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def su10(tid, cid, state, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
def tag(line, i):
    """Pairs a transcript line with its request by `id` (an open stream beside another call)."""
    line = dict(line); line["id"] = i; return line
def send(t, rid, text, tid, cid, state="TASK_STATE_COMPLETED", ts=TS, url=A + "/a2a", hdr=None):
    """A 1.0 JSON-RPC SendMessage and its Task answer; a WORKING answer is to a send with
    returnImmediately (a blocking send waits for a terminal or interrupted state)."""
    p = {"message": umsg10(text, mid="m-" + rid)}
    if state in ("TASK_STATE_SUBMITTED", "TASK_STATE_WORKING"):
        p["configuration"] = {"returnImmediately": True}
    return [req(t, "POST", url, rpc(rid, "SendMessage", p), ver="1.0", hdr=hdr),
            resp(t + 0.05, 200, ok(rid, {"task": task10(tid, cid, state, ts=ts)}))]
def page(tasks, size=50, nxt=""):
    return {"tasks": tasks, "nextPageToken": nxt, "pageSize": size, "totalSize": len(tasks)}
R = A + "/a2a/rest"
RCARD = dict(CARD10, supportedInterfaces=[{"url": R, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])

# --- faults ----------------------------------------------------------------------------------------
# a2aproject/a2a-js #614 (PR #622): an unfiltered ListTasks returned no tasks (status read as TASK_STATE_UNSPECIFIED)
case("f760-v10-list-tasks-unfiltered-lists-none", get_card(0.0, CARD10)
    + send(0.1, "s-614a", "draft the release notes", "t-614a", "c-614")
    + send(0.5, "s-614b", "tag the release", "t-614b", "c-614", ts=TS2) + [
    req(1.0, "POST", A + "/a2a", rpc("l-614", "ListTasks", {}), ver="1.0"),
    resp(1.01, 200, ok("l-614", page([]))),
], [("list-tasks-misses-known-task", "warning")],
 "https://github.com/a2aproject/a2a-js/issues/614 ([Bug]: Unfiltered ListTasks returns no tasks because omitted status deserializes to TASK_STATE_UNSPECIFIED: \"In @a2a-js/sdk@1.0.1, an unfiltered ListTasks returns zero tasks ... the store treats 'no filter' as 'filter for state TASK_STATE_UNSPECIFIED', and every task is filtered out\"; 2026-08-03) ; https://github.com/a2aproject/a2a-js/pull/622 (the fix: \"totalSize is computed after filtering, so it reported 0 too ... The SDK's own client could not list tasks against the SDK's own server\"; merged 2026-08-05). The exchange is rebuilt from the issue",
 "a ListTasks without filters lists every task the caller may see (DATA-007, 1.0 §3.1.4: status, contextId and statusTimestampAfter filter only when set). The same caller (no credentials on any call) created t-614a and t-614b on this interface a second earlier, and the agent answered both; the list says there are none (totalSize 0). The agent applied a status filter the request never set (the proto enum's zero value TASK_STATE_UNSPECIFIED, which no task has), so a client that lists its tasks to resume or clean them up finds nothing. Treat an absent or UNSPECIFIED status as no filter")

# a2aproject/a2a-js #614 over HTTP+JSON: GET /tasks?contextId=... without status also listed none
case("f761-v10-rest-list-tasks-context-filter-lists-none", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("open a ticket for the VPN outage", mid="m-614c")}, ver="1.0", ctype=A2AJ),
    resp(0.15, 200, {"task": task10("t-614c", "c-614r", "TASK_STATE_INPUT_REQUIRED",
        status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS, "message": amsg10("Which office?", mid="m-614q", taskId="t-614c", contextId="c-614r")})}, ctype=A2AJ),
    req(1.0, "GET", R + "/tasks?contextId=c-614r&pageSize=10", ver="1.0"),
    resp(1.01, 200, {"tasks": [], "nextPageToken": "", "pageSize": 10, "totalSize": 0}, ctype=A2AJ),
], [("list-tasks-misses-known-task", "warning")],
 "https://github.com/a2aproject/a2a-js/issues/614 (\"This affects all three bindings ... REST — the handler explicitly assigns TaskState.TASK_STATE_UNSPECIFIED when the status query param is absent (src/server/transports/rest/rest_transport_handler.ts:113-117)\"; 2026-08-03) ; https://github.com/a2aproject/a2a-js/pull/622 (merged 2026-08-05). The exchange is rebuilt from the issue: the REST path with a contextId filter and no status",
 "the request filters contextId c-614r only (DATA-007, 1.0 §3.1.4; REST-001 query parameters); t-614c of that context, created by the same caller a second before and waiting for input, matches it, yet the page lists nothing and totalSize is 0. The REST handler turned the absent status parameter into a TASK_STATE_UNSPECIFIED filter")

# topcheer/ggcode #258: a pageToken whose task was cleaned up restarted the list and handed back the same token
case("f762-v10-list-tasks-stale-page-token-restarts", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-258a", "ListTasks", {"pageSize": 2}), ver="1.0"),
    resp(0.11, 200, ok("l-258a", {"tasks": [task10("t-258d", "c-258", "TASK_STATE_WORKING", ts=TS3), task10("t-258c", "c-258", "TASK_STATE_COMPLETED", ts=TS2)],
        "nextPageToken": "t-258b", "pageSize": 2, "totalSize": 4})),
    req(40.0, "POST", A + "/a2a", rpc("l-258b", "ListTasks", {"pageSize": 2, "pageToken": "t-258b"}), ver="1.0"),
    resp(40.01, 200, ok("l-258b", {"tasks": [task10("t-258d", "c-258", "TASK_STATE_WORKING", ts=TS3), task10("t-258c", "c-258", "TASK_STATE_COMPLETED", ts=TS2)],
        "nextPageToken": "t-258b", "pageSize": 2, "totalSize": 3})),
], [("list-tasks-paging-broken", "error")],
 "https://github.com/topcheer/ggcode/issues/258 ([code-review] a2a ListTasks: a stale pageToken silently returns the first page with an unchanged nextToken, so a paging client loops: \"when the task the client's pageToken points to has been cleaned up, the token lookup fails and start stays 0 (first page), and nextToken points at the same position again; a client that stops at nextToken == '' never stops and fetches the same page over and over\"; cleanupExpiredTasksLocked removes terminal tasks after 30 minutes; fixed by answering -32602; 2026-08-14). The exchange is rebuilt from the description (translated)",
 "cursor paging reaches every task once and ends with nextPageToken \"\" (DATA-007, 1.0 §3.1.4). The agent's token named t-258b, which its cleanup removed before the second call; instead of refusing the token it started over at the first page and handed back the token it was fetched with, so a client following nextPageToken fetches this page forever. Refuse a pageToken the agent cannot resume from (-32602 InvalidParams), or use a cursor that survives deletions (the last listed task's timestamp and id)")

# a2aproject/a2a-js PR #631: an unknown status filter was read as UNRECOGNIZED and matched nothing
case("f763-v10-rest-list-tasks-unknown-status-accepted", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:send", {"message": umsg10("index the design docs", mid="m-631")}, ver="1.0", ctype=A2AJ),
    resp(0.15, 200, {"task": task10("t-631", "c-631", "TASK_STATE_COMPLETED")}, ctype=A2AJ),
    req(1.0, "GET", R + "/tasks?status=DONE", ver="1.0"),
    resp(1.01, 200, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}, ctype=A2AJ),
], [("client-request-param-invalid", "note"), ("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-js/pull/631 (fix: reject invalid ListTasks status filters with RequestMalformedError: \"The generated taskStateFromJSON maps any unknown status string or out-of-range number to UNRECOGNIZED (-1). The REST transport used it directly, so GET /tasks?status=INVALID_VALUE silently applied an UNRECOGNIZED filter that matches nothing and returned an empty list — the client believed the filter worked\"; merged 2026-08-10). The exchange is rebuilt from the description",
 "two faults. The client's status DONE is not a TaskState name (1.0 status values are TASK_STATE_*; DATA-002, REST-001). The agent answered it with an empty page as if the filter were valid: a parameter outside the wire format is INVALID_ARGUMENT (HTTP 400; ERR-006), and the empty list tells the client that no task is done although t-631 completed a second before")

# a2aproject/a2a-python #1175 (PR #1191): cancel wrote CANCELED to the store, the subscriber's stream just ended
case("f764-v10-subscribe-stream-ends-without-canceled", get_card(0.0, CARD10)
    + send(0.0, "s-1175", "crawl the partner catalogue", "t-1175", "c-1175", state="TASK_STATE_WORKING") + [
    tag(req(0.3, "POST", A + "/a2a", rpc("sub-1175", "SubscribeToTask", {"id": "t-1175"}), ver="1.0", accept=SSE), "sub"),
    tag(resp(0.35, 200, "", ctype=SSE), "sub"),
    tag(chunk(0.36, sse(ok("sub-1175", {"task": task10("t-1175", "c-1175", "TASK_STATE_WORKING")}))), "sub"),
    tag(req(2.0, "POST", A + "/a2a", rpc("c-1175x", "CancelTask", {"id": "t-1175"}), ver="1.0"), "cancel"),
    tag(resp(2.2, 200, ok("c-1175x", task10("t-1175", "c-1175", "TASK_STATE_CANCELED", ts=TS2))), "cancel"),
    tag(chunk(2.21, "", close="eof"), "sub"),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1175 (cancel() and producer-failure write a terminal state to the store but not to active subscriber streams: \"A client that was streaming the task (SubscribeToTask / message/stream) receives the initial Task in WORKING and then the stream ends; it never sees a CANCELED event and has to re-read the task to learn the outcome. The push path does not fire either\"; 2026-08-10) ; https://github.com/a2aproject/a2a-python/pull/1191 (fix: publish terminal task state to subscriber streams; 2026-08-18). The exchange is rebuilt from the issue",
 "a task stream ends with the task's terminal state (STREAM-003, STREAM-007; 1.0 §3.1.6: the subscription closes when the task reaches a terminal state, after sending it). The cancel succeeded (CancelTask answered CANCELED), but the subscriber's stream closed after the first WORKING Task without a CANCELED status update, so the client cannot tell a canceled task from a dropped connection. Publish the CANCELED status on every open stream of the task before closing it")

# mezmo/aura #475 (PR #507): a cancel through the other instance left the executing instance's stream without a terminal frame
case("f765-v10-rest-stream-ends-after-cancel-on-other-instance", get_card(0.0, RCARD) + [
    tag(req(0.1, "POST", R + "/message:stream", {"message": umsg10("summarise the incident channel", mid="m-475")}, ver="1.0", ctype=A2AJ, accept=SSE, hdr={"x-instance": "aura-0"}), "st"),
    tag(resp(0.2, 200, "", ctype=SSE), "st"),
    tag(chunk(0.21, sse({"task": task10("t-475", "c-475", "TASK_STATE_SUBMITTED")})), "st"),
    tag(chunk(0.3, sse(su10("t-475", "c-475", "TASK_STATE_WORKING"))), "st"),
    tag(req(3.0, "POST", R + "/tasks/t-475:cancel", {}, ver="1.0", ctype=A2AJ, hdr={"x-instance": "aura-1"}), "cx"),
    tag(resp(3.2, 200, task10("t-475", "c-475", "TASK_STATE_CANCELED", ts=TS2), ctype=A2AJ), "cx"),
    tag(chunk(3.25, "", close="eof"), "st"),
    req(5.0, "GET", R + "/tasks/t-475", ver="1.0"),
    resp(5.01, 200, task10("t-475", "c-475", "TASK_STATE_CANCELED", ts=TS2), ctype=A2AJ),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/mezmo/aura/issues/475 (Cross-instance cancel leaves the executing instance's subscribers without a terminal frame: \"their stream closes with no terminal frame, while subscribers relaying through the other instance receive TASK_STATE_CANCELED normally. The task store itself ends correct and terminal ... A client that keys off the terminal frame never receives one, and cannot tell a cancelled task from a dropped connection\"; 2026-07-29) ; https://github.com/mezmo/aura/pull/507 (fix(a2a): deliver a terminal frame on cross-instance cancel; merged 2026-08-05). The exchange is rebuilt from the issue; the instance header only labels the legs",
 "a stream of a task ends with the task's terminal state (STREAM-003, STREAM-007): the cancel through the second instance succeeded and the stored task is CANCELED, yet the stream held open on the executing instance closed after WORKING with no CANCELED status update. Forward the cancel's terminal status into every local stream of the task before closing it")

# a2aproject/a2a-python PR #1191 / #1228: a producer failure persisted FAILED but sent no FAILED event to the stream
case("f766-v10-stream-ends-failed-only-in-store", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1228", "SendStreamingMessage", {"message": umsg10("reconcile the ledger exports", mid="m-1228")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1228", {"task": task10("t-1228", "c-1228", "TASK_STATE_WORKING")}))),
    chunk(4.0, "", close="eof"),
    req(6.0, "POST", A + "/a2a", rpc("g-1228", "GetTask", {"id": "t-1228"}), ver="1.0"),
    resp(6.01, 200, ok("g-1228", task10("t-1228", "c-1228", "TASK_STATE_FAILED", ts=TS2))),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/a2aproject/a2a-python/pull/1191 (fix: publish terminal task state to subscriber streams: \"Producer failure — persist FAILED to the store and fire push_sender before the finally closes the queues. A FAILED status event is not enqueued on the subscriber stream ... The leftover — a stream that cannot distinguish crash from disconnect without get_task() — is #1228\"; 2026-08-18) ; https://github.com/a2aproject/a2a-python/issues/1175 (2026-08-10). The exchange is rebuilt from the PR description",
 "a task stream ends with the task's terminal state (STREAM-003, STREAM-007): the executor crashed, the agent stored FAILED (GetTask two seconds later) but closed the stream after WORKING without the FAILED status update, so the client sees a disconnect and must poll to learn the outcome. Send the FAILED status on the stream, then close it")

# --- legal controls --------------------------------------------------------------------------------
# a2aproject/a2a-js PR #622: the fixed store reads TASK_STATE_UNSPECIFIED as no filter
case("f770-legal-v10-list-tasks-status-unspecified-lists-all", get_card(0.0, CARD10)
    + send(0.1, "s-622a", "draft the release notes", "t-622a", "c-622")
    + send(0.5, "s-622b", "tag the release", "t-622b", "c-622", state="TASK_STATE_INPUT_REQUIRED", ts=TS2) + [
    req(1.0, "POST", A + "/a2a", rpc("l-622", "ListTasks", {"status": "TASK_STATE_UNSPECIFIED"}), ver="1.0"),
    resp(1.01, 200, ok("l-622", page([task10("t-622b", "c-622", "TASK_STATE_INPUT_REQUIRED", ts=TS2), task10("t-622a", "c-622", "TASK_STATE_COMPLETED")]))),
], [],
 "https://github.com/a2aproject/a2a-js/pull/622 (fix: Do not filter tasks in ListTasks if task state is unspecified: \"a request that omits the filter deserializes to the zero value TASK_STATE_UNSPECIFIED rather than undefined\"; the fixed store lists every task; merged 2026-08-05)",
 "legal: TASK_STATE_UNSPECIFIED is the proto3 zero value of the status the client did not mean to set (a ProtoJSON encoder may write it), which filters nothing, so the agent lists every task of the caller, newest status first, on one default page of 50 (DATA-007, 1.0 §3.1.4)")

# topcheer/ggcode #258 (fixed): a pageToken the agent can no longer resume from is refused
case("f771-legal-v10-list-tasks-stale-page-token-refused", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-258c", "ListTasks", {"pageSize": 2}), ver="1.0"),
    resp(0.11, 200, ok("l-258c", {"tasks": [task10("t-258d", "c-258", "TASK_STATE_WORKING", ts=TS3), task10("t-258c", "c-258", "TASK_STATE_COMPLETED", ts=TS2)],
        "nextPageToken": "t-258b", "pageSize": 2, "totalSize": 4})),
    req(40.0, "POST", A + "/a2a", rpc("l-258d", "ListTasks", {"pageSize": 2, "pageToken": "t-258b"}), ver="1.0"),
    resp(40.01, 200, err("l-258d", -32602, "invalid page token")),
], [],
 "https://github.com/topcheer/ggcode/issues/258 (the fix, commit 568dfac3: \"pageToken not found (e.g. deleted by cleanupExpiredTasksLocked) returns an invalid page token error, mapped by the server layer to JSON-RPC -32602 invalid params, instead of silently returning the first page and the same nextToken\"; 2026-08-14)",
 "legal: a pageToken is opaque and the agent's own (DATA-007, 1.0 §3.1.4); when the task it points at is gone the agent may refuse it with InvalidParams (ERR-006, -32602), and the client starts the listing over. Nothing repeats and nothing loops")

# a2aproject/a2a-js PR #631 (fixed): an unknown status filter is refused with 400
case("f772-legal-v10-rest-list-tasks-unknown-status-refused", get_card(0.0, RCARD) + [
    req(0.1, "GET", R + "/tasks?status=DONE", ver="1.0"),
    resp(0.11, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Invalid status filter",
        "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "INVALID_REQUEST", "domain": "a2a-protocol.org"}]}}, ctype=A2AJ),
], [],
 "https://github.com/a2aproject/a2a-js/pull/631 (the fix: \"listTasks now throws RequestMalformedError('Invalid status filter') when taskStateFromJSON yields UNRECOGNIZED, returning 400 INVALID_ARGUMENT instead of silently filtering\"; merged 2026-08-10)",
 "the agent is right: DONE is not a TaskState name, and a malformed query parameter is refused with HTTP 400 INVALID_ARGUMENT (ERR-006, REST-001). The client's parameter is the fault, told as a note only (DATA-PARAM-005 client-request-param-invalid)")

# a2aproject/a2a-js #614 and DATA-007: an empty list for another caller's tasks is right
case("f773-legal-v10-list-tasks-other-caller-sees-none", get_card(0.0, CARD10)
    + send(0.1, "s-614x", "draft the release notes", "t-614x", "c-614x", hdr={"authorization": "Bearer alice-7f3a"})
    + [req(1.0, "POST", A + "/a2a", rpc("l-614x", "ListTasks", {}), ver="1.0", hdr={"authorization": "Bearer bob-91c2"}),
       resp(1.01, 200, ok("l-614x", page([])))], [],
 "https://github.com/a2aproject/a2a-js/issues/614 (the unfiltered ListTasks the fault is about; here the list is empty for another reason) ; https://github.com/a2aproject/A2A/pull/831 (tasks/list: \"Security Note: When contextId is not specified, implementations ... MUST only return tasks the caller is authorized to see\")",
 "legal: ListTasks lists only the tasks the caller may see (DATA-007, 1.0 §3.1.4, AUTH-006). t-614x was created under other credentials (alice's token), so bob's unfiltered list is empty and totalSize 0; an empty list is wrong only for tasks the same caller created")

# a2aproject/a2a-python PR #1191 (fixed): the subscriber's stream gets CANCELED, then closes
case("f774-legal-v10-subscribe-stream-gets-canceled", get_card(0.0, CARD10)
    + send(0.0, "s-1191", "crawl the partner catalogue", "t-1191", "c-1191", state="TASK_STATE_WORKING") + [
    tag(req(0.3, "POST", A + "/a2a", rpc("sub-1191", "SubscribeToTask", {"id": "t-1191"}), ver="1.0", accept=SSE), "sub"),
    tag(resp(0.35, 200, "", ctype=SSE), "sub"),
    tag(chunk(0.36, sse(ok("sub-1191", {"task": task10("t-1191", "c-1191", "TASK_STATE_WORKING")}))), "sub"),
    tag(req(2.0, "POST", A + "/a2a", rpc("c-1191x", "CancelTask", {"id": "t-1191"}), ver="1.0"), "cancel"),
    tag(chunk(2.15, sse(ok("sub-1191", su10("t-1191", "c-1191", "TASK_STATE_CANCELED", ts=TS2)))), "sub"),
    tag(resp(2.2, 200, ok("c-1191x", task10("t-1191", "c-1191", "TASK_STATE_CANCELED", ts=TS2))), "cancel"),
    tag(chunk(2.21, "", close="eof"), "sub"),
], [],
 "https://github.com/a2aproject/a2a-python/pull/1191 (the fix: \"emit a synthetic TaskStatusUpdateEvent(CANCELED) to _event_queue_subscribers and push_sender ... before _producer_task.cancel()\"; 2026-08-18)",
 "legal: the cancel answers the CANCELED task (1.0 §3.1.5), and the open subscription receives the CANCELED status update and then closes (STREAM-003, 1.0 §3.1.6); the status update arrives before the cancel's answer, which is allowed (the two are separate exchanges)")

# mezmo/aura PR #507 (fixed): the executing instance's stream gets the cancel's terminal status
case("f775-legal-v10-rest-stream-gets-canceled-from-other-instance", get_card(0.0, RCARD) + [
    tag(req(0.1, "POST", R + "/message:stream", {"message": umsg10("summarise the incident channel", mid="m-507")}, ver="1.0", ctype=A2AJ, accept=SSE, hdr={"x-instance": "aura-0"}), "st"),
    tag(resp(0.2, 200, "", ctype=SSE), "st"),
    tag(chunk(0.21, sse({"task": task10("t-507", "c-507", "TASK_STATE_SUBMITTED")})), "st"),
    tag(chunk(0.3, sse(su10("t-507", "c-507", "TASK_STATE_WORKING"))), "st"),
    tag(req(3.0, "POST", R + "/tasks/t-507:cancel", {}, ver="1.0", ctype=A2AJ, hdr={"x-instance": "aura-1"}), "cx"),
    tag(resp(3.2, 200, task10("t-507", "c-507", "TASK_STATE_CANCELED", ts=TS2), ctype=A2AJ), "cx"),
    tag(chunk(3.25, sse(su10("t-507", "c-507", "TASK_STATE_CANCELED", ts=TS2))), "st"),
    tag(chunk(3.26, "", close="eof"), "st"),
], [],
 "https://github.com/mezmo/aura/pull/507 (the fix: \"Forward the cancel's events into the execution stream instead ... the cancel's terminal status ends the stream\"; merged 2026-08-05)",
 "legal: the stream ends with the task's terminal state (STREAM-003), CANCELED, 50 ms after the cancel through the other instance answered it; a terminal status that reaches the stream after the cancel's answer is the normal order across two connections")

write_cases(cases, OUT)
