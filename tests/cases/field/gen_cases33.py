"""Session-33 field cases of miner mine33 (f740-f759): same helpers and output format as gen_cases32a.py.

Scope (round thirty-two): artifacts over time, as the newest SDK and framework threads
(2026-05 to 2026-09) show them on the wire: chunked artifact updates across a stream (append /
lastChunk, ids reused after the last chunk, fresh ids per chunk), artifacts in the stored Task
versus in the stream (GetTask fragments, a final snapshot that replaces the chunks, name and
metadata merged on append), artifacts flushed after the terminal status, and artifacts across a
reconnection (a stream left early, a SubscribeToTask whose only artifact event is one
complete last chunk); plus the first 1.1 draft fields (generation, ADR-002) on a 1.0 wire.
`python3 gen_cases33.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
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
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:16:00.000Z"
TS3 = "2026-03-02T10:17:00.000Z"
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
def su10(tid, cid, state, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": s}}
def au10(tid, cid, aid, text, append=None, last=None, **art):
    """A 1.0 artifactUpdate of one text part; `art` adds artifact members (name, metadata...)."""
    a = {"artifactId": aid, "parts": [{"text": text}]}; a.update(art)
    e = {"taskId": tid, "contextId": cid, "artifact": a}
    if append is not None: e["append"] = append
    if last is not None: e["lastChunk"] = last
    return {"artifactUpdate": e}
def su03(tid, cid, state, final, ts=TS, **kw):
    s = {"state": state, "timestamp": ts}; s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, append=None, last=None):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    if append is not None: e["append"] = append
    if last is not None: e["lastChunk"] = last
    return e
def tag(line, i):
    """Pairs a transcript line with its request by `id` (an open stream beside another call)."""
    line = dict(line); line["id"] = i; return line
R = A + "/a2a/rest"
RCARD = card10([iface(R, "HTTP+JSON")], caps={"streaming": True})

# --- faults ----------------------------------------------------------------------------------------
# trpc-group/trpc-a2a-go PR #125: the task managers stored every artifact update as its own artifact
case("f740-v10-get-task-artifact-chunks-as-fragments", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-125", "SendStreamingMessage", {"message": umsg10("draft the incident summary", mid="m-125")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-125", {"task": task10("t-125", "c-125", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-125", au10("t-125", "c-125", "a-125", "The outage began at 09:12 ", name="summary")))),
    chunk(0.8, sse(ok("s-125", au10("t-125", "c-125", "a-125", "when the cache tier ", append=True)))),
    chunk(1.1, sse(ok("s-125", au10("t-125", "c-125", "a-125", "lost quorum.", append=True, last=True)))),
    chunk(1.2, sse(ok("s-125", su10("t-125", "c-125", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.21, "", close="eof"),
    req(2.0, "POST", A + "/a2a", rpc("g-125", "GetTask", {"id": "t-125"}), ver="1.0"),
    resp(2.01, 200, ok("g-125", task10("t-125", "c-125", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-125", "name": "summary", "parts": [{"text": "The outage began at 09:12 "}]},
        {"artifactId": "a-125", "parts": [{"text": "when the cache tier "}]},
        {"artifactId": "a-125", "parts": [{"text": "lost quorum."}]}]))),
], [("result-invalid-shape", "error")],
 "https://github.com/trpc-group/trpc-a2a-go/pull/125 (taskmanager: reassemble streamed artifacts: \"Both engines previously stored every TaskArtifactUpdateEvent as a separate artifact, ignoring the Append flag and ArtifactID, so a multi-chunk artifact came back from tasks/get (and in the final task snapshot) as N fragments instead of one deliverable ... Per-chunk SSE frames are unchanged; only the persisted/returned task is reassembled\"; merged 2026-07-10, the v2 line). The exchange is rebuilt from the description",
 "artifactId is unique within a task (DATA-005; a2a.proto Artifact.artifact_id \"must be unique within a task\"), and append:true adds the chunk's parts to the artifact sent before it (STREAM-009). The stream was right: one artifact a-125 in three chunks. GetTask lists a-125 three times, one fragment each, so a client reading the task keeps one of them (a map by id) or shows three artifacts; the stored task must hold one a-125 whose parts are the three chunks")

# microsoft/agent-framework PR #7722 (and its Go port #902): the buffered artifact flushed after FAILED
case("f741-v10-rest-buffered-artifact-after-failed", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("reconcile the March invoices", mid="m-7722")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-7722", "c-7722", "TASK_STATE_SUBMITTED")})),
    chunk(0.3, sse(su10("t-7722", "c-7722", "TASK_STATE_WORKING"))),
    chunk(0.9, sse(au10("t-7722", "c-7722", "a-7722", "Matched 41 of 44 invoices; ", name="reconciliation"))),
    chunk(2.4, sse(su10("t-7722", "c-7722", "TASK_STATE_FAILED", ts=TS2,
        message=amsg10("The ledger service timed out.", mid="m-7722f", taskId="t-7722", contextId="c-7722")))),
    chunk(2.41, sse(au10("t-7722", "c-7722", "a-7722", "3 unmatched: INV-0311, INV-0317, INV-0342.", append=True, last=True))),
    chunk(2.42, "", close="eof"),
], [("stream-event-after-terminal", "error")],
 "https://github.com/microsoft/agent-framework/pull/7722 (.NET: Fix A2A streaming artifact updates; the hosted handler now buffers a message's updates in an ArtifactStreamWriter, \"A different message ID ends the current artifact and starts the next one\"; merged 2026-08-18) ; https://github.com/microsoft/agent-framework-go/pull/902 (the Go port: \"flushes the buffered artifact before failed/background handoff states\"; merged 2026-08-24). The stream is rebuilt from the two descriptions: the buffered chunk reached the wire after the failed status",
 "a stream closes at the task's terminal state, and nothing follows it (STREAM-002, STREAM-003, TASK-001): FAILED is terminal, so the buffered last chunk of a-7722 that the agent flushed after it reaches a client that already stopped reading (the SDK clients end the stream at the terminal status) and names a task whose output can no longer change. Flush the buffered artifact chunk, then send the failed status")

# microsoft/agent-framework-go PR #902: a message id that reappears later reuses its closed artifact
case("f742-v10-artifact-id-reused-after-last-chunk", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-902", "SendStreamingMessage", {"message": umsg10("plan the offsite", mid="m-902")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-902", {"task": task10("t-902", "c-902", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-902", au10("t-902", "c-902", "msg-3f1a", "Venue: the harbour hall. ")))),
    chunk(0.7, sse(ok("s-902", au10("t-902", "c-902", "msg-3f1a", "Date: 14 May.", append=True, last=True)))),
    chunk(1.0, sse(ok("s-902", au10("t-902", "c-902", "msg-77c0", "Checking the catering quotes...", last=True)))),
    chunk(1.6, sse(ok("s-902", au10("t-902", "c-902", "msg-3f1a", "Budget: 4,200 EUR.")))),
    chunk(1.8, sse(ok("s-902", au10("t-902", "c-902", "msg-3f1a", " Caterer: Lindqvist.", append=True, last=True)))),
    chunk(1.9, sse(ok("s-902", su10("t-902", "c-902", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.91, "", close="eof"),
], [("artifact-chunk-after-last", "warning")],
 "https://github.com/microsoft/agent-framework-go/pull/902 ([dotnet-port-fixes] Align A2A streaming artifact updates with .NET: the provider now \"assigns a fresh artifact ID when a message ID reappears later in the stream\"; regression tests for \"repeated message IDs\"; merged 2026-08-24) ; https://github.com/microsoft/agent-framework/pull/7722 (the .NET original). The stream is rebuilt from the description: artifact ids were the chat updates' message ids",
 "lastChunk: true marks an artifact's final chunk (STREAM-009; A2A PR #2173 codifies that any later update of that artifactId is an agent bug). msg-3f1a was closed at 0.7 s; when the model's message id came back at 1.6 s the agent reopened it, and its append:false chunk replaces the closed artifact's venue and date with the budget (a client that follows the flags loses the first answer, one that stops at lastChunk never shows the second). A reappearing message id needs a fresh artifactId")

# micro/go-micro PR #4832: a streaming failure set result and error in one JSON-RPC response
case("f743-v03-stream-event-result-and-error", [
    req(0.0, "POST", A + "/a2a/researcher", rpc("s-4832", "message/stream", {"message": umsg03("find three papers on CRDT garbage collection", mid="m-4832")}), accept=SSE),
    resp(0.1, 200, "", ctype=SSE),
    chunk(0.11, sse(ok("s-4832", task03("t-4832", "c-4832", "working")))),
    chunk(0.6, sse(ok("s-4832", task03("t-4832", "c-4832", "working", artifacts=[{"artifactId": "a-4832", "parts": [{"kind": "text", "text": "1. Shapiro et al. (2011) "}]}])))),
    chunk(3.2, sse({"jsonrpc": "2.0", "id": "s-4832", "result": task03("t-4832", "c-4832", "failed", ts=TS2),
                    "error": {"code": -32603, "message": "stream: upstream model call failed: context deadline exceeded"}})),
    chunk(3.21, "", close="eof"),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/micro/go-micro/pull/4832 (a2a: conform to external A2A clients: \"A streaming error set both result and error in one JSON-RPC response (a spec violation strict clients reject). Now a streaming failure is a failed status-update with final:true - never both fields\"; the same stream \"emitted repeated full Task snapshots\" before the fix; merged 2026-07-12, closes #4815). The stream is rebuilt from the description: two Task snapshots, then the failure",
 "a JSON-RPC 2.0 response carries exactly one of result and error (RPC-001; JSON-RPC 2.0 §5: \"Either the result member or error member MUST be included, but both members MUST NOT be included\"), and each SSE data of a JSON-RPC stream is such a response (RPC-005). A client cannot tell whether the last event is the failed Task or an error; strict ones (a2a-python's pydantic union) reject it and lose the task's outcome. A 0.3 failure mid-stream is a status-update with state failed and final:true. (The repeated Task snapshots before it are legal 0.3 stream events, each a whole Task)")

# a2aproject/a2a-go #346: blocking SendMessage answered with a SUBMITTED task (the 0.3 `blocking` member ignored)
case("f744-v10-blocking-send-answered-submitted", get_card(0.0, card10([iface(A + "/a2a/go", "JSONRPC")])) + [
    req(0.1, "POST", A + "/a2a/go", rpc("s-346", "SendMessage", {"message": umsg10("collect the artifact from the build", mid="m-346"),
        "configuration": {"blocking": True}}), ver="1.0"),
    resp(0.12, 200, ok("s-346", {"task": task10("t-346", "c-346", "TASK_STATE_SUBMITTED")})),
    req(1.0, "POST", A + "/a2a/go", rpc("g-346", "GetTask", {"id": "t-346"}), ver="1.0"),
    resp(1.01, 200, ok("g-346", task10("t-346", "c-346", "TASK_STATE_SUBMITTED",
        artifacts=[{"artifactId": "a-346", "parts": [{"text": "build-4411.tar.gz"}]}]))),
], [("blocking-send-returned-early", "error"), ("client-version-mixed-request", "warning")],
 "https://github.com/a2aproject/a2a-go/issues/346 ([Bug]: Task Artifact Doesn't Automatically Aggregated: the request sent \"blocking\": true and got back a task without its artifact; maintainer: \"There is no blocking field in A2A v1.0. The spec field is returnImmediately ... The \\\"blocking\\\": true in the example request is silently ignored by the JSON decoder\" and \"the executor only yields Submitted + a Submitted status update, then returns. None of those are terminal or interrupted\"; 2026-06-05). The exchange is rebuilt from the issue and the comment",
 "two faults, one per side. The client wrote 0.3's MessageSendConfiguration.blocking into a 1.0 SendMessageConfiguration, whose member is returnImmediately (VER-001, DATA-001): a 1.0 agent ignores it (DATA-003), so the call is blocking only because blocking is 1.0's default. The agent answered that blocking call with a SUBMITTED task: without returnImmediately the answer MUST wait for a terminal or interrupted state and carry all artifacts (TASK-005, 1.0 §3.2.2); its executor returned at SUBMITTED after adding the artifact GetTask shows")

# jordigilh/kubernaut #1298: the ADK Go executor failed the task ('no artifact found for update') and the stream broke
case("f745-v10-stream-cut-task-failed-on-artifact-update", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1298", "SendStreamingMessage", {"message": umsg10("why is the payments pod crash-looping?", mid="m-1298", contextId="019e67dc-eab1")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1298", {"task": task10("019e696f-e521", "019e67dc-eab1", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("s-1298", su10("019e696f-e521", "019e67dc-eab1", "TASK_STATE_WORKING")))),
    chunk(6.0, "", close="reset"),
    req(8.0, "POST", A + "/a2a", rpc("g-1298", "GetTask", {"id": "019e696f-e521"}), ver="1.0"),
    resp(8.01, 200, ok("g-1298", task10("019e696f-e521", "019e67dc-eab1", "TASK_STATE_FAILED", ts=TS2,
        status={"state": "TASK_STATE_FAILED", "timestamp": TS2, "message": amsg10("no artifact found for update", mid="m-1298f", taskId="019e696f-e521", contextId="019e67dc-eab1")}))),
], [("stream-ended-without-terminal", "error")],
 "https://github.com/jordigilh/kubernaut/issues/1298 (A2A executor fails with 'no artifact found for update' causing SSE stream termination: \"the executor fails when trying to write the final task status because no artifact has been produced yet ... task moved to failed state a2a.cause=\\\"no artifact found for update\\\" ... The SSE stream closes abruptly; The UI displays Error: network error\"; adka2a.(*Executor).writeFinalTaskStatus; 2026-05-27). The exchange is rebuilt from the log lines",
 "a task stream ends with the task's terminal (or interrupted) state (STREAM-003, STREAM-007): the agent moved the task to FAILED, as GetTask shows two seconds later, but dropped the connection instead of sending that status, so the client reports a network error for a task whose outcome the agent knew. (Inside the agent, the executor's final update named an artifact it had never created, so the store refused it; on the wire the client only sees the cut)")

# a2aproject/a2a-go PR #172: a final event the processor failed on moved the task to FAILED after the stream said COMPLETED
case("f746-v10-stream-completed-get-task-failed", get_card(0.0, card10([iface(A + "/a2a/go", "JSONRPC")])) + [
    req(0.1, "POST", A + "/a2a/go", rpc("s-172", "SendStreamingMessage", {"message": umsg10("export the quarter's ledger", mid="m-172")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-172", {"task": task10("t-172", "c-172", "TASK_STATE_WORKING")}))),
    chunk(0.9, sse(ok("s-172", au10("t-172", "c-172", "a-172", "ledger-q1.csv", last=True)))),
    chunk(1.0, sse(ok("s-172", su10("t-172", "c-172", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.01, "", close="eof"),
    req(3.0, "POST", A + "/a2a/go", rpc("g-172", "GetTask", {"id": "t-172"}), ver="1.0"),
    resp(3.01, 200, ok("g-172", task10("t-172", "c-172", "TASK_STATE_FAILED", ts=TS3,
        status={"state": "TASK_STATE_FAILED", "timestamp": TS3, "message": amsg10("failed to save the task: version conflict", mid="m-172f", taskId="t-172", contextId="c-172")},
        artifacts=[{"artifactId": "a-172", "parts": [{"text": "ledger-q1.csv"}]}]))),
], [("terminal-state-changed", "error")],
 "https://github.com/a2aproject/a2a-go/pull/172 (fix: final event overriding task failure event: \"Fixes a bug when processor fails to handle a final event and moves a task failed state. The fact that it was a final event makes consumers unsubscribe from the event stream. This means that they never receive the final \\\"failed\\\" update and think the task was completed successfully\"; merged 2026-01-23). The exchange is rebuilt from the description",
 "terminal states never change (TASK-001, TASK-008): the stream told the client COMPLETED and closed; GetTask then reports the same task FAILED. One of the two answers is false, and the client that stopped at the terminal event holds the wrong one. An agent that cannot persist the final event must fail the task before it announces the terminal state, not after")

# google/adk-python PR #6686: the last chunk of a streamed artifact went out with append false (the tail replaces the text)
case("f747-v10-last-chunk-append-false-replaces-with-tail", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-6686", "SendStreamingMessage", {"message": umsg10("write the QBR summary", mid="m-6686")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-6686", {"task": task10("t-6686", "c-6686", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-6686", au10("t-6686", "c-6686", "a-6686", "Revenue grew 12% ", append=False, last=False)))),
    chunk(0.8, sse(ok("s-6686", au10("t-6686", "c-6686", "a-6686", "quarter on quarter, ", append=True, last=False)))),
    chunk(1.1, sse(ok("s-6686", au10("t-6686", "c-6686", "a-6686", "led by EMEA.", append=False, last=True)))),
    chunk(1.2, sse(ok("s-6686", su10("t-6686", "c-6686", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.21, "", close="eof"),
], [("artifact-replaced-by-last-chunk", "note")],
 "https://github.com/google/adk-python/pull/6686 (fix(a2a): send append=True for the final chunk of a streamed artifact: \"For continuation chunks it computed append = partial instead of append = True, so the final chunk of a stream (partial=False) was sent with append=False ... the last chunk of any multi-chunk streamed text/artifact response silently overwrites everything streamed before it, and the consumer ... ends up with only the tail of the response\"; 2026-08-11, related to #6680). The stream is rebuilt from the description",
 "append false replaces the artifact's parts with the chunk's (STREAM-009), so a client that follows the flags ends with \"led by EMEA.\" and a task store the same; a replace is legal on the wire (a revision, f533, or a final aggregate, f203), which is why the verifier cannot call it an error, but its note names exactly this: the last chunk replaced what the appended chunks streamed. The executor meant append true on every chunk after the first")

# --- legal controls --------------------------------------------------------------------------------
# a2aproject/a2a-python #833: new_text_artifact mints a fresh artifact id per streamed chunk
case("f750-legal-v10-stream-chunk-per-fresh-artifact", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-833", "SendStreamingMessage", {"message": umsg10("plan two days in Lisbon", mid="m-833")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-833", {"task": task10("t-833", "c-833", "TASK_STATE_WORKING")}))),
    chunk(0.6, sse(ok("s-833", au10("t-833", "c-833", "6f0e2a1c", "Day 1: Alfama and the castle.", name="current_result")))),
    chunk(1.0, sse(ok("s-833", au10("t-833", "c-833", "b91d7c44", "Day 2: Belem and the LX Factory.", name="current_result")))),
    chunk(1.1, sse(ok("s-833", su10("t-833", "c-833", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.11, "", close="eof"),
    req(2.0, "POST", A + "/a2a", rpc("g-833", "GetTask", {"id": "t-833"}), ver="1.0"),
    resp(2.01, 200, ok("g-833", task10("t-833", "c-833", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "6f0e2a1c", "name": "current_result", "parts": [{"text": "Day 1: Alfama and the castle."}]},
        {"artifactId": "b91d7c44", "name": "current_result", "parts": [{"text": "Day 2: Belem and the LX Factory."}]}]))),
], [],
 "https://github.com/a2aproject/a2a-python/issues/833 ([Feat]: Add streaming-aware helper for artifact updates: \"the current new_text_artifact utility generates a fresh UUID for artifact_id on every call ... Each iteration produces a new artifact_id, so clients cannot merge chunks into a single artifact. This results in N separate artifact cards in the UI\"; the travel_planner_agent sample; 2026-03-15)",
 "legal: each update without append is a whole artifact of its own id (STREAM-009), and a task may produce any number of artifacts (DATA-005); the names may repeat (only artifactId is unique within a task). The stored task lists the same two artifacts the stream sent. N cards instead of one progressively streamed answer is a presentation choice of the sample, not a protocol fault: no append names a missing base, no id repeats")

# a2aproject/A2A PR #1810 (dev-1.1): Task.generation and the events' generation, sent by a 1.1-draft agent on 1.0
case("f751-legal-v10-draft-generation-members", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1810", "SendStreamingMessage", {"message": umsg10("translate the release notes", mid="m-1810")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1810", {"task": task10("t-1810", "c-1810", "TASK_STATE_WORKING", generation="1")}))),
    chunk(0.7, sse(ok("s-1810", {"artifactUpdate": {"taskId": "t-1810", "contextId": "c-1810", "generation": "2",
        "artifact": {"artifactId": "a-1810", "parts": [{"text": "Notas de la version 4.2"}]}, "lastChunk": True}}))),
    chunk(0.8, sse(ok("s-1810", {"statusUpdate": {"taskId": "t-1810", "contextId": "c-1810", "generation": "3",
        "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS2}}}))),
    chunk(0.81, "", close="eof"),
    req(1.5, "POST", A + "/a2a", rpc("g-1810", "GetTask", {"id": "t-1810"}), ver="1.0"),
    resp(1.51, 200, ok("g-1810", task10("t-1810", "c-1810", "TASK_STATE_COMPLETED", ts=TS2, generation="3",
        artifacts=[{"artifactId": "a-1810", "parts": [{"text": "Notas de la version 4.2"}]}]))),
], [],
 "https://github.com/a2aproject/A2A/pull/1810 (feat: add generation field to Task for ordering, long-polling, and optimistic concurrency: Task.generation, TaskStatusUpdateEvent.generation and TaskArtifactUpdateEvent.generation, int64, \"Clients can use this to detect missed events (a gap in generation values)\"; merged into the dev-1.1 branch 2026-08-12, not in v1.0.1)",
 "legal on a 1.0 wire: generation is no 1.0 member, and receivers SHOULD ignore unrecognized fields (DATA-003, 1.0 §5.7), so a 1.0 client reads this stream as if it were absent. ProtoJSON writes an int64 as a JSON string, hence \"3\". The values rise by one per event, as the draft says; at most a note (a strict ProtoJSON parser with default options refuses unknown members)")

# a2aproject/a2a-dotnet #21 (TaskProjection on main): append merges parts and upserts name and metadata
case("f752-legal-v10-append-upserts-name-and-metadata", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("summarise the design review", mid="m-d21")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-d21", "c-d21", "TASK_STATE_WORKING")})),
    chunk(0.6, sse(au10("t-d21", "c-d21", "a-d21", "Decisions: keep the queue; ", name="draft", metadata={"stage": "draft"}))),
    chunk(1.0, sse(au10("t-d21", "c-d21", "a-d21", "drop the cron fallback.", append=True, last=True, name="Design review summary",
        description="Decisions of the 3 March review", metadata={"stage": "final", "reviewers": 4}))),
    chunk(1.1, sse(su10("t-d21", "c-d21", "TASK_STATE_COMPLETED", ts=TS2))),
    chunk(1.11, "", close="eof"),
    req(2.0, "GET", R + "/tasks/t-d21", hdr={"a2a-version": "1.0"}, accept=A2AJ),
    resp(2.01, 200, task10("t-d21", "c-d21", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-d21", "name": "Design review summary", "description": "Decisions of the 3 March review",
         "metadata": {"stage": "final", "reviewers": 4},
         "parts": [{"text": "Decisions: keep the queue; "}, {"text": "drop the cron fallback."}]}]), ctype=A2AJ),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/21 (comment 2026-08-06: \"TaskProjection.ApplyArtifact ... when append is true it locates the existing artifact by artifactId and produces a merged artifact whose parts are the existing parts followed by the incoming parts (name, description, metadata and extensions are merged too) ... Apply_WithArtifactUpdate_AppendUpsertsMetadata ... Apply_WithArtifactUpdate_AppendUpdatesNameAndDescription\") ; https://github.com/a2aproject/A2A/issues/1231 (the .NET proposal: append as a delta, metadata map upsert, name/description scalar upsert)",
 "legal: STREAM-009 defines what append does to parts (added after the earlier ones) and leaves the other members to the implementation (A2A #1231 open; a2a-python keeps the first name, .NET upserts). The stored artifact holds both chunks' parts in order, so nothing the stream delivered is lost; a renamed artifact and merged metadata are the .NET SDK's documented projection, not a fault")

# Intelligent-Internet/opencode-a2a #448: token-level appended chunks, then a compact replace snapshot as the last chunk
case("f753-legal-v10-rest-final-replace-snapshot-compacts-chunks", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("explain the retry policy", mid="m-448")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-448", "c-448", "TASK_STATE_WORKING")})),
    chunk(0.4, sse(au10("t-448", "c-448", "t-448:text", "Retries ", name="text"))),
    chunk(0.5, sse(au10("t-448", "c-448", "t-448:text", "back off ", append=True))),
    chunk(0.6, sse(au10("t-448", "c-448", "t-448:text", "exponentially.", append=True))),
    chunk(0.7, sse(au10("t-448", "c-448", "t-448:text", "Retries back off exponentially.", append=False, last=True, name="text"))),
    chunk(0.8, sse(su10("t-448", "c-448", "TASK_STATE_COMPLETED", ts=TS2))),
    chunk(0.81, "", close="eof"),
    req(1.5, "GET", R + "/tasks/t-448", hdr={"a2a-version": "1.0"}, accept=A2AJ),
    resp(1.51, 200, task10("t-448", "c-448", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "t-448:text", "name": "text", "parts": [{"text": "Retries back off exponentially."}]}]), ctype=A2AJ),
], [],
 "https://github.com/Intelligent-Internet/opencode-a2a/issues/448 (收敛流式 artifact 增量传输与最终快照持久化边界: text deltas became append=true updates and fragmented Task.artifacts; the fix (PR #443): \"streaming 结束时会对 text artifact 补发完整 replace snapshot（append=false、lastChunk=true）\" and the store persists the compact snapshot; 2026-05-01)",
 "legal: append false replaces the artifact with the chunk's parts (STREAM-009), and this last chunk carries the whole text the deltas built, so a client that follows the flags ends with the same text in one part, and the stored task holds exactly that (no artifact lost, TASK-005). The verifier may say in a note that the last chunk replaced the appended ones (STREAM-ARTIFACT-003, f203); no error or warning")

# open-resource-discovery/a2a-editor PR #93: a 0.3 stream that opens with a submitted task before the answer
case("f754-legal-v03-stream-submitted-task-then-artifact", [
    req(0.0, "POST", A + "/", rpc("s-93", "message/stream", {"message": umsg03("which API versions does the catalog list?", mid="m-93")}), accept=SSE),
    resp(0.1, 200, "", ctype=SSE),
    chunk(0.11, sse(ok("s-93", task03("t-93", "c-93", "submitted")))),
    chunk(0.2, sse(ok("s-93", su03("t-93", "c-93", "working", False)))),
    chunk(1.4, sse(ok("s-93", au03("t-93", "c-93", "a-93", "v1, v2 and v3-beta.", last=True)))),
    chunk(1.5, sse(ok("s-93", su03("t-93", "c-93", "completed", True, ts=TS2)))),
    chunk(1.51, "", close="eof"),
], [],
 "https://github.com/open-resource-discovery/a2a-editor/pull/93 (feat: add terminal task state fix: \"Agents that follow the A2A SSE format may send an initial task envelope with state submitted (or other non-terminal states) before streaming the actual answer via artifact-update / status-update events. The chat store was treating any task envelope as the final response, causing the stream to be closed early and the answer to be lost\"; merged 2026-07-23)",
 "legal: a 0.3 task stream starts with the Task (here SUBMITTED), then status and artifact updates, and ends with the final:true status-update (STREAM-003, STREAM-008); the answer is the artifact. The client that took the first Task for the final answer was wrong, the agent was not")

# langchain4j/langchain4j PR #6306: a client stops reading after the first of several artifacts; the task runs on
case("f755-legal-v10-client-leaves-stream-after-first-artifact", get_card(0.0, CARD10) + [
    tag(req(0.1, "POST", A + "/a2a", rpc("s-6306", "SendStreamingMessage", {"message": umsg10("write the quarterly report", mid="m-6306")}), ver="1.0", accept=SSE), "x1"),
    tag(resp(0.2, 200, "", ctype=SSE), "x1"),
    tag(chunk(0.21, sse(ok("s-6306", {"task": task10("t-6306", "c-6306", "TASK_STATE_WORKING")}))), "x1"),
    tag(chunk(2.0, sse(ok("s-6306", au10("t-6306", "c-6306", "a-6306-summary", "Summary: revenue up 12%.", last=True, name="summary")))), "x1"),
    tag(chunk(2.1, "", close="client"), "x1"),
    tag(req(30.0, "POST", A + "/a2a", rpc("g-6306", "GetTask", {"id": "t-6306"}), ver="1.0"), "x2"),
    tag(resp(30.01, 200, ok("g-6306", task10("t-6306", "c-6306", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-6306-summary", "name": "summary", "parts": [{"text": "Summary: revenue up 12%."}]},
        {"artifactId": "a-6306-analysis", "name": "analysis", "parts": [{"text": "EMEA led; APAC flat; NA down 2%."}]},
        {"artifactId": "a-6306-data", "name": "data", "parts": [{"data": {"revenue": [41.2, 43.0, 46.1]}, "mediaType": "application/json"}]}]))), "x2"),
], [],
 "https://github.com/langchain4j/langchain4j/pull/6306 (feat(a2a): fix multi-artifact responses and add streaming event listener: \"a report-generation agent may produce a summary artifact first, followed by a detailed analysis and supplementary data. A caller that only needs the summary can stop consuming the stream once the first artifact is available ... keeping client-side stream termination independent from cancellation of the remote task\"; 2026-09-10)",
 "legal: a client that closes its stream does not cancel the task (1.0 §3.1.2: disconnecting does not cancel; cancelling is CancelTask), so the agent finishing t-6306 and storing all three artifacts is right, and GetTask returns them with the one the stream delivered (TASK-005). The stream's cut is the client's own, after the artifact it wanted; the verifier must not call it the agent's stream ending early")

# trpc-group/trpc-agent-go PR #2058 (review): one artifact update with lastChunk and the complete answer, after a reconnection
case("f756-legal-v10-subscribe-single-final-artifact-chunk", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-2058", "SendStreamingMessage", {"message": umsg10("audit the IAM bindings", mid="m-2058")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-2058", {"task": task10("t-2058", "c-2058", "TASK_STATE_WORKING")}))),
    chunk(4.0, "", close="client"),
    req(5.0, "POST", A + "/a2a", rpc("r-2058", "SubscribeToTask", {"id": "t-2058"}), ver="1.0", accept=SSE),
    resp(5.01, 200, "", ctype=SSE),
    chunk(5.02, sse(ok("r-2058", {"task": task10("t-2058", "c-2058", "TASK_STATE_WORKING")}))),
    chunk(9.0, sse(ok("r-2058", au10("t-2058", "c-2058", "a-2058", "2 bindings grant roles/owner to service accounts.", last=True, name="audit")))),
    chunk(9.1, sse(ok("r-2058", su10("t-2058", "c-2058", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(9.11, "", close="eof"),
], [],
 "https://github.com/trpc-group/trpc-agent-go/pull/2058 (a2a/v1: add protocol v1.0 integration; review: \"IsFinal() only identifies the last artifact update; it does not prove that its Parts duplicate content emitted earlier. A valid server can send one artifact update with LastChunk=true and the complete response\"; 2026-07-22)",
 "the subscription is legal: SubscribeToTask starts with the current Task (STREAM-004), and an artifact may arrive as a single update that is both its first and its last chunk (append absent, lastChunk true: STREAM-009), carrying the complete answer after the reconnection. The client left its first stream itself (a client-side disconnect, which cancels nothing: 1.0 §3.1.2) and came back with SubscribeToTask; a client that deduplicates final chunks against earlier content must not drop this one")

# Intelligent-Internet/opencode-a2a #448 / PR #443: the store persists a compact text part, the stream keeps its deltas
case("f757-legal-v10-get-task-compacts-appended-text-parts", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-443", "SendStreamingMessage", {"message": umsg10("why did the deploy roll back?", mid="m-443")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-443", {"task": task10("t-443", "c-443", "TASK_STATE_WORKING")}))),
    chunk(0.4, sse(ok("s-443", au10("t-443", "c-443", "t-443:text", "The health check ", name="text")))),
    chunk(0.5, sse(ok("s-443", au10("t-443", "c-443", "t-443:text", "timed out ", append=True)))),
    chunk(0.6, sse(ok("s-443", au10("t-443", "c-443", "t-443:text", "after 30 s.", append=True, last=True)))),
    chunk(0.7, sse(ok("s-443", su10("t-443", "c-443", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(0.71, "", close="eof"),
    req(1.5, "POST", A + "/a2a", rpc("g-443", "GetTask", {"id": "t-443"}), ver="1.0"),
    resp(1.51, 200, ok("g-443", task10("t-443", "c-443", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "t-443:text", "name": "text", "parts": [{"text": "The health check timed out after 30 s."}]}]))),
], [],
 "https://github.com/Intelligent-Internet/opencode-a2a/issues/448 (\"当前运行时会将上游 text delta 近乎原样转换为 TaskArtifactUpdateEvent(append=true) ... 在中文或高频 token 输出场景下，这会导致 artifact parts 大量碎片化\"; the answer (PR #443): \"NegotiatingResultAggregator 现在区分 transport event 与 persistence event：客户端继续收到增量，task store 则持久化 compact canonical snapshot，避免 Task.artifacts.parts 在最终快照里堆积 token 级碎片\"; 2026-05-01). The exchange is rebuilt from the description: three appended deltas on the wire, one text part in the store",
 "legal: the stored artifact carries exactly the text the stream appended (\"The health check \" + \"timed out \" + \"after 30 s.\"), in order, under the same artifactId, so nothing the stream delivered is lost (TASK-005, STREAM-009). STREAM-009 says how a client applies append (add the chunk's parts); it does not oblige the agent's store to keep token-sized text parts apart, and a client that compares texts sees the same answer")

# strands-agents/harness-sdk PR #1643 (the empty closing part) read back from a store that drops empty text parts
case("f758-legal-v10-get-task-without-empty-closing-part", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-1643", "SendStreamingMessage", {"message": umsg10("summarise the on-call handover", mid="m-1643")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-1643", {"task": task10("t-1643", "c-1643", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-1643", au10("t-1643", "c-1643", "a-1643", "Two pages overnight, ", name="agent_response")))),
    chunk(0.8, sse(ok("s-1643", au10("t-1643", "c-1643", "a-1643", "both resolved by restarts.", append=True)))),
    chunk(0.9, sse(ok("s-1643", au10("t-1643", "c-1643", "a-1643", "", append=True, last=True)))),
    chunk(1.0, sse(ok("s-1643", su10("t-1643", "c-1643", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.01, "", close="eof"),
    req(2.0, "POST", A + "/a2a", rpc("g-1643", "GetTask", {"id": "t-1643"}), ver="1.0"),
    resp(2.01, 200, ok("g-1643", task10("t-1643", "c-1643", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-1643", "name": "agent_response", "parts": [{"text": "Two pages overnight, "}, {"text": "both resolved by restarts."}]}]))),
], [],
 "https://github.com/strands-agents/harness-sdk/pull/1643 (fix(multiagent): set empty text part data in parts for Artifact: \"strands-agents emits the final TaskArtifactUpdateEvent without any parts data. This fix ensures compliance by sending a TextPart with an empty string\"; merged 2026-02-10) ; https://github.com/mastra-ai/mastra/pull/16073 (\"Remove text parts that ended up empty (e.g. spans where every delta was '')\": a store or builder that drops empty text parts; 2026-05-01). The exchange is rebuilt from the two: the stream closes the artifact with one empty text part, the stored task does not keep it",
 "legal: the closing chunk's part is the empty string, the 1.0-conformant way to mark the last chunk without new content (an artifact needs at least one part, DATA-005), and it adds no text. The stored artifact holds both chunks that carried text, in order (TASK-005, STREAM-009): a store that leaves out a part with no content has lost nothing the client could read, so it is not an artifact whose appended chunks were lost")

# google/adk-python PR #7230: a running Task snapshot without artifacts arrives mid-stream, between chunks
case("f759-legal-v10-mid-stream-task-snapshot-without-artifacts", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-7230", "SendStreamingMessage", {"message": umsg10("ask the specialist for the QBR numbers", mid="m-7230")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-7230", {"task": task10("t-7230", "c-7230", "TASK_STATE_SUBMITTED")}))),
    chunk(0.5, sse(ok("s-7230", au10("t-7230", "c-7230", "a-7230", "Q3 revenue: 4.1M; ")))),
    chunk(0.6, sse(ok("s-7230", {"task": task10("t-7230", "c-7230", "TASK_STATE_WORKING")}))),
    chunk(0.9, sse(ok("s-7230", au10("t-7230", "c-7230", "a-7230", "margin: 31%.", append=True, last=True)))),
    chunk(1.0, sse(ok("s-7230", su10("t-7230", "c-7230", "TASK_STATE_COMPLETED", ts=TS2)))),
    chunk(1.01, "", close="eof"),
], [],
 "https://github.com/google/adk-python/pull/7230 (fix(a2a): keep streamed artifacts when a Task snapshot arrives mid-stream: \"A running-Task snapshot is only as complete as its sender made it, and servers/proxies emit them with status and no artifacts. When one arrives after the first append=False chunk of an artifact has been folded into the aggregate, the aggregate is replaced wholesale and that artifact is gone; the next append=True chunk then raises inside append_artifact_to_task\"; closes #6680; 2026-09-22). The stream is rebuilt from the description",
 "legal as the verifier reads it: a Task event inside a send stream may leave out the artifacts the stream's own artifact updates carry (the client already holds them; only a subscription's first Task is the task as it stands, 1.0 §3.1.6), so the append after it still extends a-7230. The ADK client that replaced its aggregate with the partial snapshot lost the first chunk; the fix keeps streamed artifacts. (1.0 §3.1.2 puts the Task first and updates after it; a mid-stream snapshot is at most odd, not a lost artifact)")

write_cases(cases, OUT)
