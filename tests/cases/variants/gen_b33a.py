"""Variants of miner mine33 (prefix b33a-): python3 tests/cases/variants/gen_b33a.py

Each proves a widening of session 33's round thirty-two (field cases f740-f759, artifacts over
time) on traffic the field cases do not hold, with legal controls beside it:
A: TASK-STATE-010 (stored-artifact-lost) counts no empty text part, on the stream's side or the
   stored task's: a closing chunk `{"text": ""}` (strands-agents PR #1643) that the store leaves
   out is no loss (f758 was a false warning), and a chunk with text lost beside a kept empty
   part is one (that went unjudged: the empty part broke the part-for-part prefix).
B: a stored task that lists one artifactId several times (chunks kept as fragments,
   trpc-a2a-go PR #125) is the task's shape error only; TASK-STATE-010 no longer reads the
   first fragment as the whole artifact and reports the other chunks lost (f740).
C: TASK-STATE-010 also judges a whole snapshot taken before the task's end (a
   SubscribeToTask's first Task, a GetTask while the task runs) asked for after the
   artifact's latest chunk: a store that kept only the first chunk (a2a-dotnet #21: append
   did nothing) hands a reconnecting client an artifact with a gap, which went unjudged (only
   terminal snapshots were compared). A send stream's own Task event (f759), a snapshot asked
   for before the chunk arrived and one that holds every chunk stay quiet.
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
TS2 = "2026-03-02T10:16:00.000Z"
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
R = A + "/a2a/rest"
RCARD = copy.deepcopy(CARD10)
RCARD["supportedInterfaces"] = [{"url": R, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
def au10(tid, cid, aid, text, append=None, last=None):
    e = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"text": text}]}}
    if append is not None: e["append"] = append
    if last is not None: e["lastChunk"] = last
    return {"artifactUpdate": e}
def su10(tid, cid, state, ts=TS2):
    return {"statusUpdate": {"taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": ts}}}
def au03(tid, cid, aid, text, append=None, last=None):
    e = {"kind": "artifact-update", "taskId": tid, "contextId": cid, "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}}
    if append is not None: e["append"] = append
    if last is not None: e["lastChunk"] = last
    return e
def su03(tid, cid, state, final):
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": {"state": state, "timestamp": TS2}, "final": final}
def tag(line, i):
    """Pairs a transcript line with its request by `id` (a call beside an open stream)."""
    line = dict(line); line["id"] = i; return line
def parts10(*texts):
    return [{"text": t} for t in texts]
def parts03(*texts):
    return [{"kind": "text", "text": t} for t in texts]
R1643 = "https://github.com/strands-agents/harness-sdk/pull/1643 ; https://github.com/mastra-ai/mastra/pull/16073"
R125 = "https://github.com/trpc-group/trpc-a2a-go/pull/125"

def stream10(tid, chunks):
    """A 1.0 JSON-RPC SendStreamingMessage of task `tid` whose artifact a-1 arrives as `chunks`
    ((text, append, last) triples), then COMPLETED and a clean close."""
    cid = "c" + tid[1:]
    lines = [req(0.1, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("go", mid="m" + tid[1:])}), ver="1.0", accept=SSE),
             resp(0.2, 200, "", ctype=SSE),
             chunk(0.21, sse(ok("s", {"task": task10(tid, cid, "TASK_STATE_WORKING")})))]
    for i, (text, app, last) in enumerate(chunks):
        lines.append(chunk(0.3 + i / 10, sse(ok("s", au10(tid, cid, "a-1", text, app, last)))))
    lines += [chunk(0.9, sse(ok("s", su10(tid, cid, "TASK_STATE_COMPLETED")))), chunk(0.91, "", close="eof")]
    return lines
def get10(tid, artifacts):
    cid = "c" + tid[1:]
    return [req(1.5, "POST", A + "/a2a", rpc("g", "GetTask", {"id": tid}), ver="1.0"),
            resp(1.51, 200, ok("g", task10(tid, cid, "TASK_STATE_COMPLETED", ts=TS2, artifacts=artifacts)))]

# --- A: empty text parts are no content a store must keep -------------------------------------------
case("b33a-A1-legal-v03-tasks-get-without-empty-closing-part", [
    req(0.0, "POST", A + "/", rpc("s", "message/stream", {"message": umsg03("go", mid="m-a1")}), accept=SSE),
    resp(0.1, 200, "", ctype=SSE),
    chunk(0.11, sse(ok("s", task03("t-a1", "c-a1", "working")))),
    chunk(0.3, sse(ok("s", au03("t-a1", "c-a1", "a-1", "Two pages overnight, ")))),
    chunk(0.4, sse(ok("s", au03("t-a1", "c-a1", "a-1", "both resolved.", append=True)))),
    chunk(0.5, sse(ok("s", au03("t-a1", "c-a1", "a-1", "", append=True, last=True)))),
    chunk(0.6, sse(ok("s", su03("t-a1", "c-a1", "completed", True)))),
    chunk(0.61, "", close="eof"),
    req(1.5, "POST", A + "/", rpc("g", "tasks/get", {"id": "t-a1"})),
    resp(1.51, 200, ok("g", task03("t-a1", "c-a1", "completed", ts=TS2, artifacts=[
        {"artifactId": "a-1", "parts": parts03("Two pages overnight, ", "both resolved.")}]))),
], [], R1643,
 "legal (0.3 JSON-RPC): the closing chunk's empty text part adds nothing, and tasks/get holds both chunks with text; TASK-STATE-010 stays quiet")
case("b33a-A2-legal-v10-rest-get-task-keeps-empty-closing-part", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("go", mid="m-a2")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-a2", "c-a2", "TASK_STATE_WORKING")})),
    chunk(0.3, sse(au10("t-a2", "c-a2", "a-1", "Rolled back "))),
    chunk(0.4, sse(au10("t-a2", "c-a2", "a-1", "release 4.2.", append=True))),
    chunk(0.5, sse(au10("t-a2", "c-a2", "a-1", "", append=True, last=True))),
    chunk(0.6, sse(su10("t-a2", "c-a2", "TASK_STATE_COMPLETED"))),
    chunk(0.61, "", close="eof"),
    req(1.5, "GET", R + "/tasks/t-a2", hdr={"a2a-version": "1.0"}, accept=A2AJ),
    resp(1.51, 200, task10("t-a2", "c-a2", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-1", "parts": parts10("Rolled back ", "release 4.2.", "")}]), ctype=A2AJ),
], [], R1643,
 "legal (1.0 HTTP+JSON): the store keeps every part, the empty closing one too; quiet as before")
case("b33a-A3-v10-get-task-loses-chunk-keeps-empty-part",
     get_card(0.0, CARD10) + stream10("t-a3", [("The health check ", None, None), ("timed out.", True, None), ("", True, True)])
     + get10("t-a3", [{"artifactId": "a-1", "parts": parts10("The health check ", "")}]),
     [("stored-artifact-lost", "warning")], R1643,
     "the store kept the first chunk and the empty closing part but lost \"timed out.\" (an appended chunk with text): TASK-STATE-010. Went unjudged: the kept empty part broke the part-for-part prefix")
case("b33a-A4-v10-get-task-loses-chunk-before-empty-close",
     get_card(0.0, CARD10) + stream10("t-a4", [("The health check ", None, None), ("timed out.", True, None), ("", True, True)])
     + get10("t-a4", [{"artifactId": "a-1", "parts": parts10("The health check ")}]),
     [("stored-artifact-lost", "warning")], R1643,
     "the store kept only the first chunk: the appended \"timed out.\" is lost, whatever the empty closing part (TASK-STATE-010, as before)")
case("b33a-A5-legal-v10-get-task-without-empty-parts-mid-stream",
     get_card(0.0, CARD10) + stream10("t-a5", [("Deploy ", None, None), ("", True, None), ("succeeded.", True, None), ("", True, True)])
     + get10("t-a5", [{"artifactId": "a-1", "parts": parts10("Deploy ", "succeeded.")}]),
     [], R1643,
     "legal: empty keep-alive chunks mid-stream and at the close carry no text; the stored artifact holds every chunk that did")

# --- B: an artifactId listed several times is the shape error, not a lost append ---------------------
case("b33a-B1-v10-rest-get-task-chunks-as-fragments", get_card(0.0, RCARD) + [
    req(0.1, "POST", R + "/message:stream", {"message": umsg10("go", mid="m-b1")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse({"task": task10("t-b1", "c-b1", "TASK_STATE_WORKING")})),
    chunk(0.3, sse(au10("t-b1", "c-b1", "a-1", "Hello"))),
    chunk(0.4, sse(au10("t-b1", "c-b1", "a-1", " world", append=True, last=True))),
    chunk(0.6, sse(su10("t-b1", "c-b1", "TASK_STATE_COMPLETED"))),
    chunk(0.61, "", close="eof"),
    req(1.5, "GET", R + "/tasks/t-b1", hdr={"a2a-version": "1.0"}, accept=A2AJ),
    resp(1.51, 200, task10("t-b1", "c-b1", "TASK_STATE_COMPLETED", ts=TS2, artifacts=[
        {"artifactId": "a-1", "parts": parts10("Hello")}, {"artifactId": "a-1", "parts": parts10(" world")}]), ctype=A2AJ),
], [("result-invalid-shape", "error")], "https://github.com/a2aproject/a2a-rs/issues/295 ; " + R125,
 "the stored task lists a-1 twice, one chunk each (a2a-rs #295's \"Hello\" + \" world\"): the shape error (artifact ids are unique per task, DATA-005) and no TASK-STATE-010, whose first-fragment reading said the appended chunk was lost")
case("b33a-B2-v03-tasks-get-chunks-as-fragments", [
    req(0.0, "POST", A + "/", rpc("s", "message/stream", {"message": umsg03("go", mid="m-b2")}), accept=SSE),
    resp(0.1, 200, "", ctype=SSE),
    chunk(0.11, sse(ok("s", task03("t-b2", "c-b2", "working")))),
    chunk(0.3, sse(ok("s", au03("t-b2", "c-b2", "a-1", "Hello")))),
    chunk(0.4, sse(ok("s", au03("t-b2", "c-b2", "a-1", " world", append=True, last=True)))),
    chunk(0.6, sse(ok("s", su03("t-b2", "c-b2", "completed", True)))),
    chunk(0.61, "", close="eof"),
    req(1.5, "POST", A + "/", rpc("g", "tasks/get", {"id": "t-b2"})),
    resp(1.51, 200, ok("g", task03("t-b2", "c-b2", "completed", ts=TS2, artifacts=[
        {"artifactId": "a-1", "parts": parts03("Hello")}, {"artifactId": "a-1", "parts": parts03(" world")}]))),
], [("result-invalid-shape", "error")], R125,
 "0.3 JSON-RPC: the same fragments; the shape error only")
case("b33a-B3-legal-v10-get-task-chunks-reassembled",
     get_card(0.0, CARD10) + stream10("t-b3", [("Hello", None, None), (" world", True, True)])
     + get10("t-b3", [{"artifactId": "a-1", "parts": parts10("Hello", " world")}]),
     [], R125,
     "legal: the fix's shape, one a-1 holding both chunks' parts in order; quiet")

# --- C: a snapshot before the task's end that lost appended chunks -------------------------------------
RD21 = "https://github.com/a2aproject/a2a-dotnet/issues/21 (\"Currently the append = true property does not do anything. This event should not create a new artifact, but should update the last artifact and add a new part to the parts list\")"
def cut_stream10(tid):
    """A 1.0 JSON-RPC stream of `tid` that delivers a-1 as "Step 1. " + appended "Step 2. ", then is cut."""
    cid = "c" + tid[1:]
    return [req(0.1, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("go", mid="m" + tid[1:])}), ver="1.0", accept=SSE),
            resp(0.2, 200, "", ctype=SSE),
            chunk(0.21, sse(ok("s", {"task": task10(tid, cid, "TASK_STATE_WORKING")}))),
            chunk(0.3, sse(ok("s", au10(tid, cid, "a-1", "Step 1. ")))),
            chunk(0.4, sse(ok("s", au10(tid, cid, "a-1", "Step 2. ", append=True)))),
            chunk(0.5, "", close="reset")]
def resumed10(tid, snapshot_parts, rest=True):
    cid = "c" + tid[1:]
    lines = [req(1.0, "POST", A + "/a2a", rpc("r", "SubscribeToTask", {"id": tid}), ver="1.0", accept=SSE),
             resp(1.01, 200, "", ctype=SSE),
             chunk(1.02, sse(ok("r", {"task": task10(tid, cid, "TASK_STATE_WORKING", artifacts=[{"artifactId": "a-1", "parts": parts10(*snapshot_parts)}])})))]
    if rest:
        lines += [chunk(1.3, sse(ok("r", au10(tid, cid, "a-1", "Step 3.", append=True, last=True)))),
                  chunk(1.4, sse(ok("r", su10(tid, cid, "TASK_STATE_COMPLETED")))), chunk(1.41, "", close="eof")]
    return lines
case("b33a-C1-v10-subscribe-snapshot-loses-appended-chunk",
     get_card(0.0, CARD10) + cut_stream10("t-c1") + resumed10("t-c1", ["Step 1. "]),
     [("stream-reset-task-resumed", "warning"), ("stored-artifact-lost", "warning")], RD21,
     "the cut stream delivered a-1 as \"Step 1. \" + appended \"Step 2. \"; the subscription's first Task (the task as it stands, 1.0 §3.1.6) holds \"Step 1. \" only, so the resumed client appends \"Step 3.\" after a gap (TASK-STATE-010; went unjudged: only terminal snapshots were compared). The reset itself is STREAM-END-006's, as before")
case("b33a-C2-v10-rest-get-task-while-working-loses-appended-chunk", get_card(0.0, RCARD) + [
    tag(req(0.1, "POST", R + "/message:stream", {"message": umsg10("go", mid="m-c2")}, ver="1.0", ctype=A2AJ, accept=SSE), "x1"),
    tag(resp(0.2, 200, "", ctype=SSE), "x1"),
    tag(chunk(0.21, sse({"task": task10("t-c2", "c-c2", "TASK_STATE_WORKING")})), "x1"),
    tag(chunk(0.3, sse(au10("t-c2", "c-c2", "a-1", "Step 1. "))), "x1"),
    tag(chunk(0.4, sse(au10("t-c2", "c-c2", "a-1", "Step 2. ", append=True))), "x1"),
    tag(req(0.6, "GET", R + "/tasks/t-c2", hdr={"a2a-version": "1.0"}, accept=A2AJ), "x2"),
    tag(resp(0.61, 200, task10("t-c2", "c-c2", "TASK_STATE_WORKING", artifacts=[{"artifactId": "a-1", "parts": parts10("Step 1. ")}]), ctype=A2AJ), "x2"),
    tag(chunk(0.9, sse(au10("t-c2", "c-c2", "a-1", "Step 3.", append=True, last=True))), "x1"),
    tag(chunk(1.0, sse(su10("t-c2", "c-c2", "TASK_STATE_COMPLETED"))), "x1"),
    tag(chunk(1.01, "", close="eof"), "x1"),
], [("stored-artifact-lost", "warning")], RD21,
 "1.0 HTTP+JSON: a GetTask while the task runs, asked for after \"Step 2. \" was streamed, holds \"Step 1. \" only (TASK-STATE-010)")
case("b33a-C3-v03-resubscribe-snapshot-loses-appended-chunk", [
    req(0.0, "POST", A + "/", rpc("s", "message/stream", {"message": umsg03("go", mid="m-c3")}), accept=SSE),
    resp(0.1, 200, "", ctype=SSE),
    chunk(0.11, sse(ok("s", task03("t-c3", "c-c3", "working")))),
    chunk(0.3, sse(ok("s", au03("t-c3", "c-c3", "a-1", "Step 1. ")))),
    chunk(0.4, sse(ok("s", au03("t-c3", "c-c3", "a-1", "Step 2. ", append=True)))),
    chunk(0.5, "", close="reset"),
    req(1.0, "POST", A + "/", rpc("r", "tasks/resubscribe", {"id": "t-c3"}), accept=SSE),
    resp(1.01, 200, "", ctype=SSE),
    chunk(1.02, sse(ok("r", task03("t-c3", "c-c3", "working", artifacts=[{"artifactId": "a-1", "parts": parts03("Step 1. ")}])))),
    chunk(1.3, sse(ok("r", au03("t-c3", "c-c3", "a-1", "Step 3.", append=True, last=True)))),
    chunk(1.4, sse(ok("r", su03("t-c3", "c-c3", "completed", True)))),
    chunk(1.41, "", close="eof"),
], [("stream-reset-task-resumed", "warning"), ("stored-artifact-lost", "warning")], RD21,
 "0.3 JSON-RPC tasks/resubscribe: the same gap in the resubscription's Task")
case("b33a-C4-legal-v10-subscribe-snapshot-holds-appended-chunk",
     get_card(0.0, CARD10) + cut_stream10("t-c4") + resumed10("t-c4", ["Step 1. ", "Step 2. "]),
     [("stream-reset-task-resumed", "warning")], RD21,
     "the subscription's first Task holds both chunks, so the resumed append continues the artifact: no TASK-STATE-010 (the reset's warning only)")
case("b33a-C5-legal-v10-get-task-asked-before-chunk-arrived", get_card(0.0, CARD10) + [
    tag(req(0.1, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("go", mid="m-c5")}), ver="1.0", accept=SSE), "x1"),
    tag(resp(0.2, 200, "", ctype=SSE), "x1"),
    tag(chunk(0.21, sse(ok("s", {"task": task10("t-c5", "c-c5", "TASK_STATE_WORKING")}))), "x1"),
    tag(chunk(0.3, sse(ok("s", au10("t-c5", "c-c5", "a-1", "Step 1. ")))), "x1"),
    tag(req(0.35, "POST", A + "/a2a", rpc("g", "GetTask", {"id": "t-c5"}), ver="1.0"), "x2"),
    tag(chunk(0.4, sse(ok("s", au10("t-c5", "c-c5", "a-1", "Step 2. ", append=True)))), "x1"),
    tag(resp(0.41, 200, ok("g", task10("t-c5", "c-c5", "TASK_STATE_WORKING", artifacts=[{"artifactId": "a-1", "parts": parts10("Step 1. ")}]))), "x2"),
    tag(chunk(0.9, sse(ok("s", au10("t-c5", "c-c5", "a-1", "Step 3.", append=True, last=True)))), "x1"),
    tag(chunk(1.0, sse(ok("s", su10("t-c5", "c-c5", "TASK_STATE_COMPLETED")))), "x1"),
    tag(chunk(1.01, "", close="eof"), "x1"),
], [], RD21,
 "legal: the GetTask was asked for before \"Step 2. \" reached the client, so its snapshot may predate that chunk; quiet")
case("b33a-C6-legal-v10-send-stream-task-event-with-first-chunk-only", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s", "SendStreamingMessage", {"message": umsg10("go", mid="m-c6")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s", {"task": task10("t-c6", "c-c6", "TASK_STATE_SUBMITTED")}))),
    chunk(0.3, sse(ok("s", au10("t-c6", "c-c6", "a-1", "Step 1. ")))),
    chunk(0.4, sse(ok("s", au10("t-c6", "c-c6", "a-1", "Step 2. ", append=True)))),
    chunk(0.5, sse(ok("s", {"task": task10("t-c6", "c-c6", "TASK_STATE_WORKING", artifacts=[{"artifactId": "a-1", "parts": parts10("Step 1. ")}])}))),
    chunk(0.9, sse(ok("s", au10("t-c6", "c-c6", "a-1", "Step 3.", append=True, last=True)))),
    chunk(1.0, sse(ok("s", su10("t-c6", "c-c6", "TASK_STATE_COMPLETED")))),
    chunk(1.01, "", close="eof"),
], [], "https://github.com/google/adk-python/pull/7230",
 "legal as the verifier reads it (f759): a Task event inside a send stream may be partial, the stream's own updates carry the rest; quiet")

write_cases(cases, HERE)
