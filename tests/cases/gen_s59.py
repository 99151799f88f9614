#!/usr/bin/env python3
"""streams59: the s59-* variants (tests/cases/variants), one function per item of the brief:
stream ends round fifty-eight left open (held open after the event that ends the stream, at
the capture's end or until the client's close; kind-less 0.x stream events).

Run from the repository root: python3 tests/cases/gen_s59.py. Writes each .jsonl and its
.expect.json (the prediction, written before the fix; see tests/verify_streams59.rs)."""
import json
import os

OUT = os.path.join(os.path.dirname(__file__), "variants")
HOST = "https://agent.example.test"
SKILLS = [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]


def card10():
    return {
        "name": "Helper", "description": "Answers questions",
        "supportedInterfaces": [{"url": HOST + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": SKILLS,
    }


def card0x(version="0.3.0"):
    return {
        "protocolVersion": version, "name": "Helper", "description": "Answers questions",
        "url": HOST + "/a2a", "preferredTransport": "JSONRPC", "version": "1.0.0",
        "capabilities": {"streaming": True, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": SKILLS,
    }


def card_lines(card, path="/.well-known/agent-card.json"):
    return [
        {"dir": "req", "t": 0.0, "method": "GET", "url": HOST + path,
         "headers": {"accept": "application/json"}, "body": ""},
        {"dir": "resp", "t": 0.01, "status": 200,
         "headers": {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"v1\""},
         "body": json.dumps(card)},
    ]


def stream_req(t, method, params, v10, rid="s1"):
    h = {"content-type": "application/json", "accept": "text/event-stream"}
    if v10:
        h["a2a-version"] = "1.0"
    return {"dir": "req", "t": t, "method": "POST", "url": HOST + "/a2a", "headers": h,
            "body": json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})}


def sse_head(t):
    return {"dir": "resp", "t": t, "status": 200,
            "headers": {"content-type": "text/event-stream", "cache-control": "no-cache"}, "body": ""}


def ev(t, result, rid="s1", envelope=True):
    data = {"jsonrpc": "2.0", "id": rid, "result": result} if envelope else result
    return {"dir": "chunk", "t": t, "body": "data: " + json.dumps(data) + "\n\n"}


def end(t, how):
    return {"dir": "chunk", "t": t, "body": "", "close": how}


def msg0x(mid, text="summarise the notes", task=None):
    m = {"kind": "message", "messageId": mid, "role": "user",
         "parts": [{"kind": "text", "text": text}]}
    if task:
        m["taskId"] = task
        m["contextId"] = "c1"
    return m


def msg10(mid, text="summarise the notes"):
    return {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}


def task0x(state):
    return {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": state}}


def status0x(state, final, kind=True):
    e = {"taskId": "t1", "contextId": "c1", "status": {"state": state}, "final": final}
    if kind:
        e = {"kind": "status-update", **e}
    return e


def artifact0x(kind=True):
    e = {"taskId": "t1", "contextId": "c1",
         "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "the summary"}]},
         "lastChunk": True}
    if kind:
        e = {"kind": "artifact-update", **e}
    return e


def stream0x(version="0.3.0", ending=("completed", True), close=("eof", 1.2), kinds=True,
             first_kindless=False):
    """A 0.x message/stream: Task, working, artifact, then `ending` (state, final) at t=1.0,
    closed `close` (how, t)."""
    lines = card_lines(card0x(version))
    lines += [stream_req(0.2, "message/stream", {"message": msg0x("m1")}, False), sse_head(0.25)]
    if not first_kindless:
        lines.append(ev(0.3, task0x("submitted")))
    lines += [
        ev(0.4, status0x("working", False, kinds)),
        ev(0.6, artifact0x(kinds)),
        ev(1.0, status0x(ending[0], ending[1], kinds)),
        end(close[1], close[0]),
    ]
    return lines


def write(name, lines, expect):
    with open(os.path.join(OUT, name + ".jsonl"), "w") as f:
        for l in lines:
            f.write(json.dumps(l) + "\n")
    with open(os.path.join(OUT, name + ".expect.json"), "w") as f:
        f.write(json.dumps(expect, indent=2) + "\n")


def exp(findings, note):
    return {"findings": [{"rule": r, "severity": s} for r, s in findings], "source": "streams59", "note": note}


HELD_0X = ("stream-held-open-after-terminal-0x", "warning")


# ---- item 1: a 0.x stream still open at the capture's end after its terminal event ---------

def item1():
    write("s59-1-v03-open-at-capture-end-after-completed",
          stream0x(close=("timeout", 6.0)),
          exp([HELD_0X], "streams59 item 1: 0.3 message/stream reached completed with final: true at 1.0 s and was still open when the capture stopped at 6.0 s: the capture's stop is the close, 5.0 s after the terminal event (STREAM-003 a should in 0.3, STREAM-008): STREAM-END-010's warning; before: silent (STREAM-END-003 is 1.0 only)"))
    write("s59-1-v025-open-at-capture-end-after-failed",
          stream0x(version="0.2.5", ending=("failed", True), close=("timeout", 4.5)),
          exp([HELD_0X], "streams59 item 1: the same on 0.2.5, ended failed: STREAM-END-010 (3.5 s after the terminal event)"))
    write("s59-1-legal-v03-open-at-capture-end-within-grace",
          stream0x(close=("timeout", 1.5)),
          exp([], "streams59 item 1, legal neighbour: the capture stopped 0.5 s after the terminal event, within the 2 s grace: not judged (listed as open at the end), no finding"))
    write("s59-1-legal-v03-open-at-capture-end-while-working",
          stream0x(ending=("working", False), close=("timeout", 6.0)),
          exp([], "streams59 item 1, legal neighbour: open at the capture's end before any terminal event: not judged, silent as before"))


# ---- item 2: a 0.x final: true at input-required, then a long hold -------------------------

def item2():
    write("s59-2-v03-final-input-required-held-until-client-left",
          stream0x(ending=("input-required", True), close=("client", 6.0)),
          exp([HELD_0X], "streams59 item 2: 0.3 status update input-required with final: true at 1.0 s (STREAM-008: the last event of the stream), the stream held open until the client left at 6.0 s: STREAM-END-010; before: silent (only a terminal state counted)"))
    write("s59-2-v03-final-input-required-open-at-capture-end",
          stream0x(ending=("input-required", True), close=("timeout", 6.0)),
          exp([HELD_0X], "streams59 item 2: the same held until the capture stopped: STREAM-END-010"))
    write("s59-2-legal-v03-final-input-required-closed",
          stream0x(ending=("input-required", True), close=("eof", 1.05)),
          exp([], "streams59 item 2, legal neighbour: final: true at input-required, then the agent closes: silent"))
    # 1.0 has no final: a stream at input-required may stay open (STREAM-007)
    lines = card_lines(card10())
    lines += [stream_req(0.2, "SendStreamingMessage", {"message": msg10("m1")}, True), sse_head(0.25),
              ev(0.3, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_SUBMITTED"}}}),
              ev(1.0, {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_INPUT_REQUIRED"}}}),
              end(6.0, "client")]
    write("s59-2-legal-v10-input-required-held-until-client-left", lines,
          exp([], "streams59 item 2, legal neighbour: a 1.0 stream at input-required held open until the client left: 1.0 has no final, closing at an interrupted state is allowed and so is staying open (STREAM-007): silent"))


# ---- item 3: a 1.0 message reply stream held open after its Message --------------------------

def message_reply10(close):
    lines = card_lines(card10())
    lines += [stream_req(0.2, "SendStreamingMessage", {"message": msg10("m1", "hello")}, True), sse_head(0.25),
              ev(0.3, {"message": {"messageId": "m-r1", "role": "ROLE_AGENT", "parts": [{"text": "hi there"}]}}),
              end(close[1], close[0])]
    return lines


def item3():
    write("s59-3-v10-message-reply-held-until-client-left", message_reply10(("client", 4.3)),
          exp([("stream-held-open-after-terminal", "error")], "streams59 item 3: SendStreamingMessage answered by one Message at 0.3 s (STREAM-002: a message reply stream is that message, then the close), held open until the client left at 4.3 s: STREAM-END-009 as the task case; before: silent"))
    write("s59-3-v10-message-reply-open-at-capture-end", message_reply10(("timeout", 4.3)),
          exp([("stream-open-after-terminal", "error")], "streams59 item 3: the same, still open when the capture stopped: STREAM-END-003 as the task case (an error since cards60: 1.0 STREAM-002 is a MUST); before: only listed as not judged"))
    write("s59-3-legal-v10-message-reply-closed", message_reply10(("eof", 0.31)),
          exp([], "streams59 item 3, legal neighbour: the Message, then the agent closes: silent"))
    write("s59-3-legal-v10-message-reply-client-left-within-grace", message_reply10(("client", 0.8)),
          exp([], "streams59 item 3, legal neighbour: the client left 0.5 s after the Message, within the 2 s grace: silent"))


# ---- item 6: kind-less 0.x stream events (PraisonAI's A2A server, f1304) ---------------------

def item6():
    shape = ("stream-event-invalid-shape", "error")
    # events after the (kind-less) final completed: the lifecycle is judged
    lines = stream0x(kinds=False, close=("eof", 1.4))
    lines.insert(-1, ev(1.2, status0x("working", False, kind=False)))
    write("s59-6-v03-kindless-events-after-completed", lines,
          exp([shape, ("stream-event-after-terminal", "error"), ("terminal-state-changed", "error")], "streams59 item 6: a 0.3 stream whose status and artifact updates have no kind: told by STREAM-SHAPE-001 (no kind) and read by their shape, so the working update after completed (final: true) is STREAM-END-001 (and TASK-STATE-001: completed, then working; added after the first run, a consequence of the same read); before: only STREAM-SHAPE-001 (the stream was left unread)"))
    # the stream closes while the (kind-less) task is working: 0.x end without terminal
    write("s59-6-v03-kindless-stream-closed-while-working",
          stream0x(kinds=False, ending=("working", False), close=("eof", 1.2)),
          exp([shape, ("stream-ended-without-terminal-0x", "warning")], "streams59 item 6: kind-less updates, the last one working, then the agent closes: STREAM-END-007 beside STREAM-SHAPE-001; before: STREAM-SHAPE-001 only"))
    # PraisonAI's own form: no envelope, no kind, the status update first, no Task at all,
    # held open after completed until the client left
    lines = stream0x(kinds=False, first_kindless=True, close=("client", 6.0))
    lines[4:7] = [
        {"dir": "chunk", "t": c["t"], "body": "data: " + json.dumps(json.loads(c["body"][6:])["result"]) + "\n\n"}
        for c in lines[4:7]
    ]
    write("s59-6-v03-kindless-bare-events-held-open", lines,
          exp([shape, ("stream-event-envelope-wrong", "error"), HELD_0X], "streams59 item 6: PraisonAI's shape (bare kind-less events, no JSON-RPC envelope, the status update first) held open 5 s after completed (final: true) until the client left: STREAM-SHAPE-002 (no envelope), STREAM-SHAPE-001 and, read by their shape, STREAM-END-010; before: the two shape findings only"))
    write("s59-6-legal-v03-events-with-kind",
          stream0x(close=("eof", 1.2)),
          exp([], "streams59 item 6, legal neighbour: the same stream with kind on every event, closed after completed: silent"))


# ---- item 5: a gRPC call answered 404: CARD-URL-002, without the "no gRPC status" note ------

def recording(events):
    head = {"type": "recording", "format": 1, "tool": {"name": "streams59-grpcgen", "version": "1"},
            "startedAt": "2026-12-07T21:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
            "routes": [{"prefix": "/", "upstream": "http://agent.example.test:50051"}], "redacted": False}
    out = [head, {"seq": 1, "t_us": 1000, "type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000",
                  "local": "127.0.0.1:8080"}]
    for i, e in enumerate(events):
        out.append({"seq": i + 2, "t_us": (i + 2) * 1000, **e})
    return out


def grpc_card_events(url):
    card = {"name": "G", "description": "gRPC agent",
            "supportedInterfaces": [{"url": url, "protocolBinding": "GRPC", "protocolVersion": "1.0"}],
            "version": "1", "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "s", "name": "s", "description": "d", "tags": ["t"]}]}
    body = json.dumps(card)
    return [
        {"exchange": "e1", "type": "request_head", "conn": 1, "method": "GET",
         "url": "http://agent.example.test/.well-known/agent-card.json", "version": "HTTP/1.1",
         "headers": [["accept", "application/json"]],
         "upstream": "http://agent.example.test/.well-known/agent-card.json"},
        {"exchange": "e1", "type": "response_head", "status": 200, "version": "HTTP/1.1",
         "headers": [["content-type", "application/json"]]},
        {"exchange": "e1", "type": "response_chunk", "body": body},
        {"exchange": "e1", "type": "exchange_end", "outcome": "complete", "request_bytes": 0,
         "response_bytes": len(body)},
    ]


def grpc_404(xid, origin):
    url = origin + "/lf.a2a.v1.A2AService/GetTask"
    return [
        {"exchange": xid, "type": "request_head", "conn": 1, "method": "POST", "url": url,
         "version": "HTTP/2.0", "headers": [["content-type", "application/grpc"], ["te", "trailers"],
                                            ["a2a-version", "1.0"]], "upstream": url},
        {"exchange": xid, "type": "request_body", "body": "AAAAAAYSBHQtYzI=", "encoding": "base64"},
        {"exchange": xid, "type": "response_head", "status": 404, "version": "HTTP/2.0",
         "headers": [["content-type", "text/plain; charset=utf-8"]]},
        {"exchange": xid, "type": "response_chunk", "body": "404 page not found\n"},
        {"exchange": xid, "type": "exchange_end", "outcome": "complete", "request_bytes": 11,
         "response_bytes": 19},
    ]


def item5():
    events = grpc_card_events("agent.example.test:50051")
    events += grpc_404("e2", "http://agent.example.test:50051")
    events += grpc_404("e3", "http://agent.example.test:50051")
    write("s59-5-v10-grpc-interface-answers-404", recording(events),
          exp([("card-url-unreachable", "error")], "streams59 item 5: two gRPC GetTask calls to the advertised gRPC interface answered HTTP 404 text/plain, no grpc-status: CARD-URL-002 tells it once; the not-judged note 'gRPC call answered HTTP 404: no gRPC status to judge' is no longer listed beside it for either call (before: one note per call)"))


if __name__ == "__main__":
    item5()
    item1()
    item2()
    item3()
    item6()
