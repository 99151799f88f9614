"""Variants of miner mine40 (prefix b40a-): python3 tests/cases/variants/gen_b40a.py

Each proves the widening of session 40's round forty (field case f900, opencode-a2a #368 /
#386) on traffic the field case does not hold, with legal controls beside it:
V: VER-HDR-004 (unsupported-version-answered-method-not-found, warning): an agent whose card
   declares only 0.3, yet whose answer echoes the asked version in an A2A-Version response
   header (it negotiated the call as a 1.0 call), answered the 1.0 call with the "no such
   method" form (JSON-RPC -32601; HTTP+JSON 404 / 501 without an A2A reason) instead of
   serving 1.0 or refusing it with VersionNotSupportedError. Before, only the client's note
   VER-CARD-002 said "the agent's refusal is expected". Quiet without the echo (a 0.3 agent
   knows no A2A-Version: VER-005), for an echo of another version, for -32009, and for a
   1.0 call the agent serves.
A: TASK-STATE-010 (stored-artifact-lost, warning): a Task snapshot that holds a streamed
   artifact with only the last chunks' parts (a strict suffix, part for part, of what the
   stream delivered with append true) was silent; only the mirror, the parts before the
   appended ones (a2a-python #1038, f895), was told. No thread shows this store: the proto's
   append ("appended to a previously sent artifact with the same ID") and TASK-005 ("all
   artifacts") back it, as they back the mirror. Quiet for text merged into one part (another
   legal shape), for a later append false chunk (it replaces), and for every part kept.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, SSE

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
O386 = ("https://github.com/Intelligent-Internet/opencode-a2a/issues/386 (a 0.3 runtime that negotiates A2A-Version 1.0 answers the 1.0 methods -32601) ; "
        "https://github.com/Intelligent-Internet/opencode-a2a/issues/368 (its negotiation echoes the negotiated version in the A2A-Version response header)")
W = [("unsupported-version-answered-method-not-found", "warning"), ("client-version-not-in-card", "note")]
N = [("client-version-not-in-card", "note")]
ECHO10 = {"a2a-version": "1.0"}
RPC03 = card03(A + "/a2a")
REST03 = card03(A, preferredTransport="HTTP+JSON")

# --- V: the version echoed, its method refused ------------------------------------------------
case("b40a-V1-v03-card-get-task-1-0-echoed-method-not-found", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a", rpc("g-v1", "GetTask", {"id": "t-v1"}), ver="1.0"),
    resp(0.12, 200, err("g-v1", -32601, "Method not found: GetTask"), hdr=ECHO10),
], W, O386, "GetTask under A2A-Version 1.0, the answer says A2A-Version 1.0 and -32601: the agent took 1.0 and does not serve it (VER-002)")
case("b40a-V2-v03-rest-send-1-0-echoed-404", get_card(0.0, REST03) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hello", mid="m-v2")}, ver="1.0"),
    resp(0.12, 404, {"detail": "Not Found"}, hdr=ECHO10),
], W, O386, "HTTP+JSON: the 1.0 route answered 404 (no such route) while the answer's A2A-Version says 1.0 (VER-002: VersionNotSupportedError, HTTP 400 with reason VERSION_NOT_SUPPORTED)")
case("b40a-V3-v03-card-query-version-1-0-echoed-method-not-found", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a?A2A-Version=1.0", rpc("s-v3", "SendMessage", {"message": umsg10("hello", mid="m-v3")})),
    resp(0.12, 200, err("s-v3", -32601, "Method not found"), hdr=ECHO10),
], W, O386, "the version asked as the query parameter (1.0 §3.6.1) and echoed in the answer's header: the same negotiation, the same fault")
case("b40a-V4-legal-v03-card-1-0-call-method-not-found-no-echo", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-v4", "SendMessage", {"message": umsg10("hello", mid="m-v4")}), ver="1.0"),
    resp(0.12, 200, err("s-v4", -32601, "Method not found")),
], N, O386, "control: a 0.3 agent knows no A2A-Version (VER-005); without an echo its -32601 to a 1.0 method is expected, only the client's note")
case("b40a-V5-legal-v03-card-1-0-call-echo-0-3", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-v5", "SendMessage", {"message": umsg10("hello", mid="m-v5")}), ver="1.0"),
    resp(0.12, 200, err("s-v5", -32601, "Method not found"), hdr={"a2a-version": "0.3"}),
], N, O386, "control: the answer says it served 0.3, the version the card declares, and 0.3 has no SendMessage: the refusal is consistent")
case("b40a-V6-legal-v03-card-1-0-call-echoed-version-not-supported", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-v6", "SendMessage", {"message": umsg10("hello", mid="m-v6")}), ver="1.0"),
    resp(0.12, 200, err("s-v6", -32009, "A2A version 1.0 is not supported", ei("VERSION_NOT_SUPPORTED")), hdr=ECHO10),
], N, O386, "control: the refusal is VersionNotSupportedError, the answer VER-002 asks for; the echo does not change what the client learns")
case("b40a-V7-legal-v03-card-1-0-call-echoed-served", get_card(0.0, RPC03) + [
    req(0.1, "POST", A + "/a2a", rpc("s-v7", "SendMessage", {"message": umsg10("hello", mid="m-v7")}), ver="1.0"),
    resp(0.3, 200, ok("s-v7", {"message": amsg10("hi", mid="m-a7", contextId="c-v7")}), hdr=ECHO10),
], [], O386, "control: the agent negotiated 1.0 and served it in 1.0's form: nothing is refused")

# --- A: a streamed artifact stored with only its last chunks ---------------------------------
P_APPEND = ("https://github.com/a2aproject/A2A/blob/v1.0.1/specification/a2a.proto (TaskArtifactUpdateEvent.append: \"If true, the content of this artifact should be appended "
            "to a previously sent artifact with the same ID\") ; https://github.com/a2aproject/a2a-python/issues/1038 (the mirror: the appended chunk lost)")
L_LOST = [("stored-artifact-lost", "warning")]
def chunks10(sid, tid, cid, texts, appends):
    out = [chunk(0.2, sse(ok(sid, {"task": task10(tid, cid, "TASK_STATE_WORKING")})))]
    for i, (t, a) in enumerate(zip(texts, appends)):
        ev = {"taskId": tid, "contextId": cid, "artifact": {"artifactId": "a1", "parts": [{"text": t}]}}
        if a:
            ev["append"] = True
        if i == len(texts) - 1:
            ev["lastChunk"] = True
        out.append(chunk(0.3 + i / 10, sse(ok(sid, {"artifactUpdate": ev}))))
    out.append(chunk(0.9, sse(ok(sid, su10(tid, cid, "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z")))))
    out.append(chunk(0.91, "", close="eof"))
    return out
def stream10(sid, tid, texts, appends, stored):
    return get_card(0.0, card10(A + "/a2a")) + [
        req(0.1, "POST", A + "/a2a", rpc(sid, "SendStreamingMessage", {"message": umsg10("write the summary", mid="m-" + sid)}), ver="1.0", accept=SSE),
        resp(0.12, 200, "", ctype=SSE),
    ] + chunks10(sid, tid, "c-" + tid, texts, appends) + [
        req(2.0, "POST", A + "/a2a", rpc("g-" + sid, "GetTask", {"id": tid}), ver="1.0"),
        resp(2.01, 200, ok("g-" + sid, task10(tid, "c-" + tid, "TASK_STATE_COMPLETED", ts="2026-03-02T10:15:01.000Z", artifacts=[{"artifactId": "a1", "parts": [{"text": t} for t in stored]}]))),
    ]
case("b40a-A1-v10-get-task-holds-only-the-last-chunk", stream10("s-a1", "t-a1", ["Revenue rose ", "12 %."], [False, True], ["12 %."]),
     L_LOST, P_APPEND, "the stream sent \"Revenue rose \" then \"12 %.\" with append true; GetTask holds only the last chunk: the store replaced the artifact instead of appending (STREAM-009, TASK-005)")
case("b40a-A2-v03-tasks-get-holds-only-the-last-two-chunks", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-a2", "message/stream", {"message": umsg03("write the summary", mid="m-a2")}), accept=SSE),
    resp(0.12, 200, "", ctype=SSE),
    chunk(0.2, sse(ok("s-a2", task03("t-a2", "c-a2", "working")))),
    chunk(0.3, sse(ok("s-a2", {"kind": "artifact-update", "taskId": "t-a2", "contextId": "c-a2", "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "Q3: "}]}}))),
    chunk(0.4, sse(ok("s-a2", {"kind": "artifact-update", "taskId": "t-a2", "contextId": "c-a2", "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "revenue up, "}]}, "append": True}))),
    chunk(0.5, sse(ok("s-a2", {"kind": "artifact-update", "taskId": "t-a2", "contextId": "c-a2", "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "costs flat."}]}, "append": True, "lastChunk": True}))),
    chunk(0.6, sse(ok("s-a2", {"kind": "status-update", "taskId": "t-a2", "contextId": "c-a2", "status": {"state": "completed", "timestamp": "2026-03-02T10:15:01.000Z"}, "final": True}))),
    chunk(0.61, "", close="eof"),
    req(2.0, "POST", A + "/a2a", rpc("g-a2", "tasks/get", {"id": "t-a2"})),
    resp(2.01, 200, ok("g-a2", task03("t-a2", "c-a2", "completed", ts="2026-03-02T10:15:01.000Z", artifacts=[{"artifactId": "a1", "parts": [{"kind": "text", "text": "revenue up, "}, {"kind": "text", "text": "costs flat."}]}]))),
], L_LOST, P_APPEND, "0.3: three chunks, the last two appended; tasks/get holds the last two: the first chunk (\"Q3: \") is gone (STREAM-009; 0.3:ts append)")
case("b40a-A3-legal-v10-get-task-text-merged", stream10("s-a3", "t-a3", ["Revenue rose ", "12 %."], [False, True], ["Revenue rose 12 %."]),
     [], P_APPEND, "control: the store joined the two text chunks into one part; the content is all there, another legal shape (not judged)")
case("b40a-A4-legal-v10-later-chunk-replaces", stream10("s-a4", "t-a4", ["draft", "final text"], [False, False], ["final text"]),
     [], P_APPEND, "control: the second chunk has append false, so it replaces the artifact (STREAM-009): the stored artifact is right to hold only it")
case("b40a-A5-legal-v10-get-task-every-chunk", stream10("s-a5", "t-a5", ["Revenue rose ", "12 %."], [False, True], ["Revenue rose ", "12 %."]),
     [], P_APPEND, "control: every chunk kept, in order")

write_cases(cases, HERE)
