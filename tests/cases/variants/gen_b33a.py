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

write_cases(cases, HERE)
