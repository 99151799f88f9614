"""Writes the b22x blind-adversary transcripts (breaker22): multi-hop gateways, SSE framing,
0.1/0.2 generation, lifecycle edges, JSON-RPC and HTTP edges. Faulty ones carry the finding
the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker22 (blind adversary, round two)"
H = "https://agent.example.test"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b22x-" + name] = (lines(), findings, SRC, note)


E, W = "error", "warning"

# ---------------------------------------------------------------- multi-hop (G)
UP = "http://10.0.4.17:8080"
case("G01-v10-gateway-card-grpc-interface-cluster-host", lambda: getcard(card10(ifaces=[
    {"url": GW + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": "http://agent-svc.prod.svc.cluster.local:50051", "protocolBinding": "GRPC", "protocolVersion": "1.0"}]), base=GW),
    [("card-url-internal-authority", E), ("card-over-https-advertises-http", W)],
    "gateway rewrote the JSON-RPC interface url but passed the GRPC one, a cluster-internal host, on (CARD-005)")
case("G02-v03-gateway-card-additional-interface-private-ip", lambda: getcard(card03(GW + "/a2a", additionalInterfaces=[
    {"url": GW + "/a2a", "transport": "JSONRPC"}, {"url": UP + "/a2a/rest", "transport": "HTTP+JSON"}]), base=GW),
    [("card-url-internal-authority", E), ("card-over-https-advertises-http", W)],
    "0.3 card via a gateway: url rewritten, additionalInterfaces still names the backend's private address (CARD-006)")
case("G03-v10-gateway-path-prefix-lost-in-card", lambda: [
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, leg="upstream"),
    resp(card10(UP + "/a2a"), headers=CH, leg="upstream"),
    req(GW + "/agents/echo/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(GW + "/a2a"), headers=CH),
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp("<html><body>404 Not Found</body></html>", status=404, headers={"content-type": "text/html"})],
    [("card-url-unreachable", E)],
    "gateway mounts the agent under /agents/echo but rewrote only the card url's host: clients POST to /a2a and get 404 (CARD-005)")
case("G04-v10-gateway-drops-a2a-version", lambda: [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers=V10),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers={"content-type": "application/json", "via": "1.1 gw"}, leg="upstream"),
    resp(err(1, -32601, "Method not found"), leg="upstream"),
    resp(err(1, -32601, "Method not found"))],
    [("proxy-stripped-version-header", E)],
    "gateway forwarded the call without A2A-Version: the agent read it as 0.3 and knew no GetTask (VER-001, VER-003)")
case("G05-v10-gateway-rewrites-a2a-version", lambda: [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers=V10),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers={"content-type": "application/json", "a2a-version": "0.3"}, leg="upstream"),
    resp(ok(1, task10()), leg="upstream"),
    resp(ok(1, task10()))],
    [("proxy-stripped-version-header", E), ("version-mixed-payload", W)],
    "gateway replaced the client's A2A-Version 1.0 with a fixed 0.3 (VER-001)")
case("G06-v10-gateway-drops-extensions", lambda: [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "a2a-extensions": "https://ext.example.test/trace/v1"}),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10, leg="upstream"),
    resp(ok(1, {"task": task10()}), leg="upstream"),
    resp(ok(1, {"task": task10()}))],
    [("proxy-stripped-extensions-header", W)],
    "gateway's header allow-list drops A2A-Extensions (EXT-001)")
case("G07-v10-gateway-drops-authorization", lambda: getcard(card10(GW + "/a2a", securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                                                                    securityRequirements=[{"schemes": {"bearer": {"list": []}}}]), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "authorization": "Bearer abc.def.ghi"}),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10, leg="upstream"),
    resp({"error": "unauthorized"}, status=401, headers={"content-type": "application/json", "www-authenticate": "Bearer"}, leg="upstream"),
    resp({"error": "unauthorized"}, status=401, headers={"content-type": "application/json", "www-authenticate": "Bearer"})],
    [("proxy-stripped-credentials", W)],
    "gateway terminates auth and drops Authorization upstream; the agent refuses (AUTH-002)")
case("G08-v10-gateway-relabels-stream-as-json", lambda: [
    req(GW + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    req(UP + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    chunk(ev({"task": task10(state="WORKING")}), leg="upstream"),
    chunk(ev(st10(state="COMPLETED", n=2)), leg="upstream"),
    chunk("", close="eof", leg="upstream"),
    resp(ev({"task": task10(state="WORKING")}) + ev(st10(state="COMPLETED", n=2)), headers={"content-type": "application/json"})],
    [("answer-altered-by-proxy", E)],
    "gateway buffered the stream and served it as application/json (RPC-005)")
case("G09-v10-gateway-renumbers-jsonrpc-id", lambda: [
    req(GW + "/a2a", rpc("req-7f", "GetTask", {"id": "t1"}), headers=V10),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers=V10, leg="upstream"),
    resp(ok(1, task10()), leg="upstream"),
    resp(ok(1, task10()))],
    [("answer-altered-by-proxy", E)],
    "gateway renumbers JSON-RPC ids upstream and does not restore the client's string id (RPC-002)")
case("G10-v03-gateway-merges-two-events-into-one", lambda: [
    req(GW + "/a2a", rpc(1, "message/stream", {"message": msg03()})),
    req(UP + "/a2a", rpc(1, "message/stream", {"message": msg03()}), leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    chunk(ev(task03(state="working")) + ev(st03(state="completed", final=True, n=2)), leg="upstream"),
    chunk("", close="eof", leg="upstream"),
    resp("", headers=SSE),
    chunk("data: " + json.dumps(ok(1, task03(state="working"))) + "\ndata: " + json.dumps(ok(1, st03(state="completed", final=True, n=2))) + "\n\n"),
    chunk("", close="eof")],
    [("stream-events-lost-by-proxy", E)],
    "gateway re-framed the stream and lost the blank line between two events: one event with two JSON documents (RPC-005)")
case("G11-v10-card-redirect-to-internal-host", lambda: [
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("", status=302, headers={"location": "http://10.0.4.17:8080/.well-known/agent-card.json", "content-length": "0"})],
    [("card-path-redirects", W)],
    "gateway answers the well-known path with a redirect to the backend's private address (CARD-002)")
case("GL4-legal-v10-artifact-file-url-loopback-behind-gateway", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, {"task": task10(artifacts=[{"artifactId": "a1", "parts": [{"url": "http://localhost:8080/files/report.pdf", "mediaType": "application/pdf", "filename": "report.pdf"}]}])}))],
    [],
    "NOT a rule today: artifact file url on loopback behind a gateway; kept as a probe of false positives (legal on the wire)")
case("GL1-legal-v10-gateway-rewrites-card-with-prefix", lambda: [
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "x-forwarded-host": "gw.example.test"}, leg="upstream"),
    resp(card10(UP + "/a2a"), headers=CH, leg="upstream"),
    req(GW + "/agents/echo/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(GW + "/agents/echo/a2a"), headers=CH),
    req(GW + "/agents/echo/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "authorization": "Bearer x"}),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "via": "1.1 gw", "x-forwarded-for": "203.0.113.9", "traceparent": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", "authorization": "Bearer internal-token"}, leg="upstream"),
    resp(ok(1, {"task": task10()}), headers={"content-type": "application/json; charset=utf-8"}, leg="upstream"),
    resp(ok(1, {"task": task10()}), headers={"content-type": "application/json; charset=utf-8", "via": "1.1 gw"})],
    [], "gateway mounts the agent under a prefix and rewrites the card url with it; the upstream card names the backend (legal on its own leg); the gateway swaps the credential and adds Via/traceparent")
case("GL2-legal-v10-gateway-rechunks-and-reframes-stream", lambda: [
    req(GW + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    req(UP + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    chunk(ev({"task": task10(state="WORKING")}, nl="\r\n")[:37], leg="upstream"),
    chunk(ev({"task": task10(state="WORKING")}, nl="\r\n")[37:] + ": ping\r\n\r\n" + ev(st10(state="COMPLETED", n=2), nl="\r\n"), leg="upstream"),
    chunk("", close="eof", leg="upstream"),
    resp("", headers={"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache"}),
    chunk(ev({"task": task10(state="WORKING")})),
    chunk(ev(st10(state="COMPLETED", n=2))),
    chunk("", close="eof")],
    [], "gateway re-chunks the stream, turns CRLF into LF and drops the comment: the same events reach the client")
case("GL3-legal-v03-gateway-card-url-rewritten-upstream-internal", lambda: [
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, leg="upstream"),
    resp(card03(UP + "/a2a", additionalInterfaces=[{"url": UP + "/a2a", "transport": "JSONRPC"}]), headers=CH, leg="upstream"),
    req(GW + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card03(GW + "/a2a", additionalInterfaces=[{"url": GW + "/a2a", "transport": "JSONRPC"}]), headers=CH),
    req(GW + "/a2a", rpc(1, "message/send", {"message": msg03()})),
    req(UP + "/a2a", rpc(1, "message/send", {"message": msg03()}), leg="upstream"),
    resp(ok(1, task03()), leg="upstream"),
    resp(ok(1, task03()))],
    [], "0.3 gateway rewrites url and additionalInterfaces together")

# ---------------------------------------------------------------- SSE framing (S)
SREQ = lambda i=1: req(H + "/a2a", rpc(i, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})
D = lambda o, i=1: "data: " + json.dumps(ok(i, o))
W1 = {"task": task10(state="WORKING")}
A1 = {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "caf\u00e9 \u2603"}]}, "lastChunk": True}}
C1 = st10(state="COMPLETED", n=2)
case("SL1-legal-v10-sse-cr-only-bom-id-retry", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk("\ufeffretry: 3000\rid: 1\r" + D(W1) + "\r\r"),
    chunk("id: 2\r" + D(A1) + "\r\r"),
    chunk("id: 3\r" + D(C1) + "\r\r"),
    chunk("", close="eof")],
    [], "SSE with CR-only line ends, a leading byte order mark (stripped by the parser), id: and retry: fields (W3C SSE 9.2.5)")
case("SL2-legal-v10-sse-crlf-split-at-awkward-places", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk("da"), chunk("ta: " + json.dumps(ok(1, W1))[:20]), chunk(json.dumps(ok(1, W1))[20:] + "\r"), chunk("\n\r"), chunk("\n" + D(A1)[:-3]), chunk(D(A1)[-3:] + "\r\n"),
    chunk("\r\nev"), chunk("ent: message\r\n" + D(C1) + "\r\n\r"), chunk("\n"),
    chunk("", close="eof")],
    [], "CRLF stream cut in the field name, inside the JSON, between CR and LF of a line end and of the blank line, with a non-ASCII artifact")
case("SL3-legal-v10-sse-empty-data-line-then-json", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk("data:\n" + D(W1) + "\n\n"),
    chunk("data:" + json.dumps(ok(1, C1)) + "\n\n"),
    chunk("", close="eof")],
    [], "an empty data: line before the JSON makes the data \"\\n{...}\" (leading whitespace, still one JSON document); data: without the space")
case("SL4-legal-v10-sse-capture-stopped-while-working", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk(": keep-alive\n\n"), chunk(": keep-alive\n\n"), chunk("", close="timeout")],
    [], "the capture stopped while the task was still working and the stream open: no terminal yet, nothing ended")
case("SL5-legal-v03-sse-events-ids-comments-and-data-less-event", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc("s-1", "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers={"content-type": "text/event-stream;charset=UTF-8", "x-accel-buffering": "no"}),
    chunk(": stream opened\n\nid: 0\nretry: 1000\n\n"),
    chunk("event: message\nid: 1\n" + "data: " + json.dumps(ok("s-1", task03(state="working"))) + "\n\n"),
    chunk("event: message\nid: 2\n" + "data: " + json.dumps(ok("s-1", st03(state="completed", final=True, n=2))) + "\n\n"),
    chunk("", close="eof")],
    [], "0.3 stream with comments, an event of id and retry only (no data: nothing dispatched), event names and a charset parameter")
case("SL6-legal-v10-sse-blank-line-in-closing-chunk", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk(D(C1) + "\n"), chunk("\n", close="eof")],
    [], "the blank line that ends the last event arrives in the chunk that closes the stream")
case("S01-v10-sse-stream-eof-while-working", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\r\n\r\n"), chunk(D(st10(n=2)) + "\r\n\r\n"), chunk("", close="eof")],
    [("stream-ended-without-terminal", E)],
    "agent closed the stream cleanly after a working update, with no terminal or interrupted state (STREAM-003)")
case("S02-v10-sse-last-event-crlf-not-terminated", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\r\n\r\n"), chunk(D(C1) + "\r\n"), chunk("", close="eof")],
    [("sse-event-not-terminated", E)],
    "last event ends with one CRLF and the connection closes: a parser discards the unterminated event (W3C SSE 9.2.6)")
case("S03-v10-sse-last-event-cr-not-terminated", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\r\r"), chunk(D(C1) + "\r"), chunk("", close="eof")],
    [("sse-event-not-terminated", E)],
    "CR-only stream whose last event has no blank line before the close")
case("S04-v10-sse-bom-mid-stream", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk("\ufeff" + D(C1) + "\n\n"), chunk("", close="eof")],
    [("sse-field-name-misspelled", E)],
    "a byte order mark in front of a later event (a concatenating gateway or a per-event UTF-8 writer): that data line is ignored")
case("S05-v10-sse-space-before-colon", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk("data : " + json.dumps(ok(1, C1)) + "\n\n"), chunk("", close="eof")],
    [("sse-field-name-misspelled", E)],
    "\"data : {...}\": the field name is \"data \" and the line is ignored")
case("S06-v10-sse-error-event-bare-error-object", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk("event: error\ndata: " + json.dumps({"code": -32603, "message": "model overloaded"}) + "\n\n"), chunk("", close="eof")],
    [("stream-event-envelope-wrong", E), ("stream-event-invalid-shape", E)],
    "agent reports a failure as event: error with a bare error object, not a JSON-RPC error response (RPC-005)")
case("S07-v10-sse-terminal-then-keepalive-until-capture-end", lambda: held_at_end(getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk(D(C1) + "\n\n"), chunk(": keep-alive\n\n"), chunk(": keep-alive\n\n"), chunk("", close="timeout")]),
    [("stream-open-after-terminal", E)],
    "after COMPLETED the agent keeps the stream open with keep-alive comments (STREAM-007)")
case("S08-v10-sse-event-id-other-than-request", lambda: getcard(card10()) + [SREQ(5), resp("", headers=SSE),
    chunk(D(W1, 5) + "\n\n"), chunk(D(C1, 6) + "\n\n"), chunk("", close="eof")],
    [("stream-event-envelope-wrong", E)],
    "the second event carries JSON-RPC id 6 on a stream opened by request 5 (RPC-005)")
case("S09-v10-sse-two-events-without-blank-line", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n" + D(C1) + "\n\n"), chunk("", close="eof")],
    [("sse-event-not-terminated", E)],
    "two data: lines meant as two events: the parser joins them into one data \"{...}\\n{...}\" (W3C SSE)")
case("S10-v10-sse-stream-without-content-type", lambda: getcard(card10()) + [SREQ(), resp("", headers={}),
    chunk(D(W1) + "\n\n"), chunk(D(C1) + "\n\n"), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "stream answered with no Content-Type at all (RPC-005)")
case("S11-v03-sse-stream-cut-mid-event-reset", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(state="working"))), chunk("data: " + json.dumps(ok(1, st03(state="completed", final=True)))[:40], close="reset")],
    [("stream-ended-without-terminal-0x", W)],
    "0.3 stream reset in the middle of the final event: the client never saw final")

# ---------------------------------------------------------------- 0.1 / 0.2 generation (V)
A01 = "https://agent01.example.test"
P01 = lambda text="hi": [{"type": "text", "text": text}]
t01 = lambda state="completed", n=1, **kw: dict({"id": "t1", "sessionId": "s1", "status": {"state": state, "timestamp": "2025-04-01T10:00:0%d" % n}}, **kw)
S01 = lambda state, final, n=1: {"id": "t1", "status": {"state": state, "timestamp": "2025-04-01T10:00:0%d" % n}, "final": final}
m01 = {"role": "user", "parts": P01()}
card01get = lambda **kw: getcard(card01(A01 + "/", **kw), base=A01, path="/.well-known/agent.json")
case("VL1-legal-v01-tasks-send-get-cancel-push", lambda: card01get(capabilities={"streaming": True, "pushNotifications": True}) + [
    req(A01 + "/", rpc(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": m01, "historyLength": 2})),
    resp(ok(1, t01("working", artifacts=[{"name": "answer", "parts": P01("hi"), "index": 0}]))),
    req(A01 + "/", rpc(2, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tok-1"}})),
    resp(ok(2, {"id": "t1", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tok-1"}})),
    req(A01 + "/", rpc(3, "tasks/get", {"id": "t1", "historyLength": 1})),
    resp(ok(3, t01("working", n=2))),
    req(A01 + "/", rpc(4, "tasks/cancel", {"id": "t1"})),
    resp(ok(4, t01("canceled", n=3)))],
    [], "0.1.0 JSON-RPC: client-chosen task id, sessionId, parts with type, no kind, naive timestamps, tasks/pushNotification/set (A2A 0.1.0)")
case("VL2-legal-v01-tasks-send-subscribe", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": m01}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(S01("working", False))),
    chunk(ev({"id": "t1", "artifact": {"parts": P01("part one "), "index": 0, "append": False}})),
    chunk(ev({"id": "t1", "artifact": {"parts": P01("part two"), "index": 0, "append": True, "lastChunk": True}})),
    chunk(ev(S01("completed", True, 2))),
    chunk("", close="eof")],
    [], "0.1.0 tasks/sendSubscribe: TaskStatusUpdateEvent / TaskArtifactUpdateEvent with id (not taskId), artifacts by index")
case("VL3-legal-four-generations-one-recording", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": m01})),
    resp(ok(1, t01())),
] + getcard(card02("https://agent02.example.test/a2a", protocolVersion="0.2.5"), base="https://agent02.example.test", path="/.well-known/agent.json") + [
    req("https://agent02.example.test/a2a", rpc(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}})),
    resp(ok(1, task03(tid="t1", ctx="c1"))),
] + getcard(card03("https://agent03.example.test/a2a"), base="https://agent03.example.test") + [
    req("https://agent03.example.test/a2a", rpc(1, "message/send", {"message": msg03()})),
    resp(ok(1, task03(tid="t1", ctx="c1"))),
] + getcard(card10("https://agent10.example.test/a2a"), base="https://agent10.example.test") + [
    req("https://agent10.example.test/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, {"task": task10(tid="t1", ctx="c1")}))],
    [], "one client talks to a 0.1, a 0.2, a 0.3 and a 1.0 agent, each with task t1 / id 1 of its own")
case("V01-v01-cancel-completed-task-succeeds", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": m01})),
    resp(ok(1, t01("completed"))),
    req(A01 + "/", rpc(2, "tasks/cancel", {"id": "t1"})),
    resp(ok(2, t01("completed", n=2)))],
    [("cancel-terminal-task-succeeded", E)],
    "0.1.0 tasks/cancel of a completed task answered with the task instead of TaskNotCancelableError -32002")
case("V02-v01-send-subscribe-event-after-final", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": m01}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(S01("working", False))), chunk(ev(S01("completed", True, 2))), chunk(ev({"id": "t1", "artifact": {"parts": P01("late"), "index": 0}})),
    chunk("", close="eof")],
    [("stream-event-after-terminal", E)],
    "0.1.0 stream sends an artifact event after final:true completed")
case("V03-v01-push-set-accepted-without-capability", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/pushNotification/set", {"id": "t1", "pushNotificationConfig": {"url": "https://client.example.test/hook"}})),
    resp(ok(1, {"id": "t1", "pushNotificationConfig": {"url": "https://client.example.test/hook"}}))],
    [("push-not-declared-but-accepted", E)],
    "0.1.0 card declares pushNotifications false; tasks/pushNotification/set succeeded")
case("V04-v01-final-flag-false-on-completed", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": m01}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(S01("working", False))), chunk(ev(S01("completed", False, 2))), chunk("", close="eof")],
    [("stream-final-flag-wrong", E)],
    "0.1.0 completed status event with final:false")
case("V05-v01-completed-task-working-again", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": m01})),
    resp(ok(1, t01("completed"))),
    req(A01 + "/", rpc(2, "tasks/get", {"id": "t1"})),
    resp(ok(2, t01("working", n=2)))],
    [("terminal-state-changed", E)],
    "0.1.0 task read back working after it completed (TASK-001)")
case("V06-v10-agent-answers-0-3-shape", lambda: getcard(card10()) + [
    req(H + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, task03()))],
    [("result-invalid-shape", E), ("task-state-invalid", E)],
    "1.0 agent (A2A-Version 1.0 call) answers with a bare 0.3 Task (kind, lower-case state) instead of {task:{...}} (RPC-004)")
case("V07-v02-agent-1-0-state-name", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}})),
    resp(ok(1, dict(task03(), status={"state": "TASK_STATE_COMPLETED"})))],
    [("task-state-invalid", E)],
    "0.2.5 agent (upgraded SDK half-way) answers with the 1.0 state name")

# ---------------------------------------------------------------- lifecycle (L)
SSM = lambda i, params: req(H + "/a2a", rpc(i, "SendStreamingMessage", params), headers={**V10, "accept": "text/event-stream"})
SM = lambda i, params: req(H + "/a2a", rpc(i, "SendMessage", params), headers=V10)
ASK = amsg10("Which city?", mid="a-q", taskId="t1", contextId="c1")
AUTHM = amsg10("Sign in at https://login.example.test/device", mid="a-auth", taskId="t1", contextId="c1")
case("L01-v10-resume-input-required-answered-other-task", lambda: getcard(card10()) + [
    SSM(1, {"message": msg10("book a table")}),
    *stream10([{"task": task10(state="WORKING")}, st10(state="INPUT_REQUIRED", n=2, message=ASK)]),
    SSM(2, {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}),
    *stream10([{"task": task10(tid="t2", state="WORKING", n=3)}, st10(tid="t2", state="COMPLETED", n=4)], i=2)],
    [("unknown-task-id-accepted", E)],
    "client resumed input-required task t1 with its taskId; the agent answered with a new task t2 (TASK-007, ID-001)")
case("L02-v10-resume-auth-required-context-changed", lambda: getcard(card10()) + [
    SSM(1, {"message": msg10("read my mail")}),
    *stream10([{"task": task10(state="WORKING")}, st10(state="AUTH_REQUIRED", n=2, message=AUTHM)]),
    SM(2, {"message": msg10("done", mid="m2", taskId="t1", contextId="c1")}),
    resp(ok(2, {"task": task10(ctx="c-new", state="COMPLETED", n=3)}))],
    [("context-id-changed", E)],
    "auth-required task resumed with the same taskId; the answer names another contextId (ID-006)")
case("L03-v10-message-to-rejected-task-accepted", lambda: getcard(card10()) + [
    SM(1, {"message": msg10("do something forbidden")}),
    resp(ok(1, {"task": task10(state="REJECTED")})),
    SM(2, {"message": msg10("please", mid="m2", taskId="t1"), "configuration": {"returnImmediately": True}}),
    resp(ok(2, {"task": task10(state="WORKING", n=2)}))],
    [("message-to-terminal-task-accepted", E), ("terminal-state-changed", E)],
    "REJECTED is terminal: a follow-up to it must be refused with UnsupportedOperationError (TASK-002)")
case("L04-v10-cancel-completed-task-flips-to-canceled", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(state="CANCELED", n=2)))],
    [("cancel-terminal-task-succeeded", E), ("terminal-state-changed", E)],
    "cancel of a completed task answered with the task moved to CANCELED (TASK-001, TASK-003)")
case("L05-v10-cancel-completed-answered-unsupported-operation", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(err(2, -32004, "Task is in a terminal state", einfo("UNSUPPORTED_OPERATION")))],
    [("jsonrpc-error-code-mismatch", E)],
    "cancel of a completed task answered UnsupportedOperationError instead of TaskNotCancelableError (TASK-003, ERR-002)")
case("L06-v10-cancel-completed-answered-internal-error", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(err(2, -32603, "cannot cancel task in state completed"))],
    [("jsonrpc-error-code-mismatch", E)],
    "cancel of a completed task answered -32603 InternalError instead of TaskNotCancelableError (TASK-003)")
case("L07-v10-subscribe-completed-task-streams-snapshot", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([{"task": task10(n=1)}], i=2)],
    [("subscribe-terminal-task-accepted", E)],
    "SubscribeToTask on a completed task opened a stream (the snapshot, then close) instead of UnsupportedOperationError (TASK-004)")
case("L08-v10-new-message-to-completed-task-new-task", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    SM(2, {"message": msg10("and another", mid="m2", taskId="t1", contextId="c1")}), resp(ok(2, {"task": task10(tid="t2", n=2)}))],
    [("message-to-terminal-task-accepted", E)],
    "message naming completed task t1 was answered with a new task t2 in the same context instead of an error (TASK-002)")
case("L09-v10-client-context-substituted", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(contextId="ctx-client-42")}), resp(ok(1, {"task": task10(ctx="c-agent-1")}))],
    [("context-id-changed", E)],
    "client gave contextId ctx-client-42; the agent minted another one without an error (ID-002)")
case("L10-v10-follow-up-task-id-only-other-context", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED")})),
    SM(2, {"message": msg10("Paris", mid="m2", taskId="t1")}), resp(ok(2, {"task": task10(ctx="c2", n=2)}))],
    [("context-id-not-inferred", E)],
    "follow-up naming only taskId t1 answered with contextId c2, not the task's c1 (ID-003)")
case("L11-v10-task-context-changes-between-reads", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="SUBMITTED")})),
    req(H + "/a2a", rpc(2, "GetTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(ctx="c1-shard-b", state="WORKING", n=2)))],
    [("context-id-changed", E)],
    "GetTask shows the task under another contextId than the send returned (ID-006)")
case("L12-v10-subscribe-input-required-refused", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": ASK})})),
    req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}),
    resp(err(2, -32004, "task is not running", einfo("UNSUPPORTED_OPERATION")))],
    [("subscribe-interrupted-task-refused", E)],
    "SubscribeToTask on an input-required task refused as if it were terminal (TASK-004 is for terminal tasks only)")
case("L13-v10-stream-input-required-then-completed-without-follow-up", lambda: getcard(card10()) + [
    SSM(1, {"message": msg10()}),
    *stream10([{"task": task10(state="WORKING")}, st10(state="INPUT_REQUIRED", n=2, message=ASK), st10(state="COMPLETED", n=3)])],
    [],
    "PROBE: the task left input-required and completed without any client message in the recording; legal on the wire (the agent may time the question out)")
case("LL1-legal-v03-input-required-final-then-resumed", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03("book a table")}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(task03(state="submitted"))),
    chunk(ev(st03(state="input-required", final=True, n=2, message={"kind": "message", "messageId": "a-q", "role": "agent", "parts": [{"kind": "text", "text": "Which city?"}], "taskId": "t1", "contextId": "c1"}))),
    chunk("", close="eof"),
    req(H + "/a2a", rpc(2, "message/stream", {"message": msg03("Paris", mid="m2", taskId="t1", contextId="c1")}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(st03(state="working", n=3), 2)),
    chunk(ev({"kind": "artifact-update", "taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"kind": "text", "text": "booked"}]}, "lastChunk": True}, 2)),
    chunk(ev(st03(state="completed", final=True, n=4), 2)),
    chunk("", close="eof")],
    [], "0.3: final:true at input-required ends the first stream; the follow-up with the same taskId opens a second stream without a Task first (STREAM-008)")
case("LL2-legal-v10-auth-required-stream-stays-open-resumed-by-send", lambda: getcard(card10()) + [
    dict(SSM(1, {"message": msg10("read my mail")}), id="s1"),
    resp("", headers=SSE, id="s1"),
    chunk(ev({"task": task10(state="WORKING")}), id="s1"),
    chunk(ev(st10(state="AUTH_REQUIRED", n=2, message=AUTHM)), id="s1"),
    SM(2, {"message": msg10("signed in", mid="m2", taskId="t1", contextId="c1"), "configuration": {"returnImmediately": True}}),
    resp(ok(2, {"task": task10(state="WORKING", n=2)})),
    chunk(ev(st10(state="WORKING", n=2)), id="s1"),
    chunk(ev(st10(state="COMPLETED", n=2)), id="s1"),
    chunk("", close="eof", id="s1")],
    [], "1.0 AUTH_REQUIRED keeps the stream open (TASK-006); the client answers with a SendMessage on the same task, which returns WORKING; the first stream continues to COMPLETED")
case("LL3-legal-v10-terminal-task-errors-as-specified", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(err(2, -32002, "Task cannot be canceled", einfo("TASK_NOT_CANCELABLE"))),
    req(H + "/a2a", rpc(3, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}), resp(err(3, -32004, "Task is terminal", einfo("UNSUPPORTED_OPERATION"))),
    SM(4, {"message": msg10("more", mid="m4", taskId="t1")}), resp(err(4, -32004, "Task is terminal", einfo("UNSUPPORTED_OPERATION"))),
    SM(5, {"message": msg10("more", mid="m5", contextId="c1")}), resp(ok(5, {"task": task10(tid="t2", n=2)}))],
    [], "cancel / subscribe / follow-up on a completed task refused as 1.0 specifies; a new message in the same context starts task t2 (TASK-001..004, ID-008)")
case("LL4-legal-v10-agent-mints-context-client-reuses-it", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(ctx="ctx-minted-9")})),
    SM(2, {"message": msg10("again", mid="m2", contextId="ctx-minted-9")}), resp(ok(2, {"task": task10(tid="t2", ctx="ctx-minted-9", n=2)})),
    SM(3, {"message": msg10("mine", mid="m3", contextId="ctx-client-1")}), resp(ok(3, {"task": task10(tid="t3", ctx="ctx-client-1", n=3)}))],
    [], "agent mints a contextId; client reuses it (new task, same context); then the client supplies its own contextId, which the agent accepts (ID-002, ID-008)")
case("LL5-legal-v03-resubscribe-completed-returns-task-and-closes", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03())),
    req(H + "/a2a", rpc(2, "tasks/resubscribe", {"id": "t1"}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(), 2)), chunk("", close="eof")],
    [], "0.3 resubscribe to a completed task returns the Task and closes (0.3 gRPC; trap 6)")
case("LL6-legal-v10-cancel-working-task-not-cancelable", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(err(2, -32002, "this task cannot be interrupted", einfo("TASK_NOT_CANCELABLE"))),
    req(H + "/a2a", rpc(3, "GetTask", {"id": "t1"}), headers=V10), resp(ok(3, task10(state="COMPLETED", n=3)))],
    [], "an agent MAY refuse to cancel a working task (TaskNotCancelableError); it then completes (TASK-003)")

# ---------------------------------------------------------------- JSON-RPC edges (J)
GT = lambda i, tid="t1", h=V10: req(H + "/a2a", {"jsonrpc": "2.0", "id": i, "method": "GetTask", "params": {"id": tid}} if i is not ... else {"jsonrpc": "2.0", "method": "GetTask", "params": {"id": tid}}, headers=h)
case("JL1-legal-v10-ids-string-zero-negative-big", lambda: getcard(card10()) + [
    SM("a-1", {"message": msg10()}), resp(ok("a-1", {"task": task10()})),
    GT(0), resp(ok(0, task10())),
    GT(-5), resp(ok(-5, task10())),
    GT(9007199254740993), resp('{"jsonrpc":"2.0","id":9007199254740993,"result":' + json.dumps(task10()) + '}'),
    GT(""), resp(ok("", task10()))],
    [], "JSON-RPC ids: a string, 0, a negative integer, an integer past 2^53 (echoed byte for byte) and the empty string are all valid")
case("JL2-legal-v10-batch-answered-in-other-order", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", [rpc(2, "GetTask", {"id": "t1"}), rpc("x", "GetTask", {"id": "t9"})], headers=V10),
    resp([err("x", -32001, "Task not found", einfo("TASK_NOT_FOUND")), ok(2, task10())])],
    [], "JSON-RPC 2.0 batch; the answers come back in another order, paired by id (JSON-RPC 2.0 section 6)")
case("JL3-legal-v03-error-data-free-form", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "tasks/get", {"id": "t9"})), resp(err(1, -32001, "Task not found", "no task t9 in store")),
    req(H + "/a2a", rpc(2, "tasks/get", {"id": "t8"})), resp(err(2, -32001, "Task not found", {"taskId": "t8", "retryable": False}))],
    [], "0.3 error data is free-form: a string, an object (ERR-004 applies to 1.0 only)")
case("JL4-legal-v10-unparsable-request-answered-id-null", lambda: getcard(card10()) + [
    req(H + "/a2a", '{"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": ', headers=V10),
    resp(err(None, -32700, "Parse error"))],
    [], "request body cut short: -32700 with id null is exactly what JSON-RPC 2.0 prescribes")
case("J19-v10-notification-not-answered", lambda: getcard(card10()) + [
    req(H + "/a2a", {"jsonrpc": "2.0", "method": "SendMessage", "params": {"message": msg10()}}, headers=V10),
    resp("", status=204, headers={})],
    [("client-request-without-id", E)], "SendMessage sent as a notification (the client's fault, RPC-002); the agent's silence (204) is JSON-RPC 2.0's rule and must not be flagged")
case("J01-v10-request-id-fractional", lambda: getcard(card10()) + [GT(1.5), resp(ok(1.5, task10()))],
    [("client-request-without-id", E)], "request id 1.5: A2A ids are string or integer (RPC-002; JSON-RPC: numbers SHOULD NOT have fractions)")
case("J02-v10-request-id-null", lambda: getcard(card10()) + [GT(None), resp(ok(None, task10()))],
    [("client-request-without-id", E)], "request id null (JSON-RPC 2.0 discourages it; A2A requires string or integer)")
case("J03-v10-notification-answered", lambda: getcard(card10()) + [GT(...), resp(ok(None, task10()))],
    [("client-request-without-id", E), ("jsonrpc-error-code-mismatch", E)], "GetTask sent as a notification (no id); the agent answered it anyway with a result (id null) instead of -32600 or silence")
case("J04-v10-response-result-and-error", lambda: getcard(card10()) + [GT(1), resp({"jsonrpc": "2.0", "id": 1, "result": task10(), "error": None})],
    [("jsonrpc-response-malformed", E)], "response carries both result and error (error null): exactly one MUST be present (RPC-002)")
case("J05-v10-response-jsonrpc-1-0", lambda: getcard(card10()) + [GT(1), resp({"jsonrpc": "1.0", "id": 1, "result": task10()})],
    [("jsonrpc-response-malformed", E)], "response says jsonrpc 1.0")
case("J06-v10-response-jsonrpc-missing", lambda: getcard(card10()) + [GT(1), resp({"id": 1, "result": task10()})],
    [("jsonrpc-response-malformed", E)], "response lacks the jsonrpc member")
case("J07-v10-request-jsonrpc-missing-served", lambda: getcard(card10()) + [
    req(H + "/a2a", {"id": 1, "method": "GetTask", "params": {"id": "t1"}}, headers=V10), resp(ok(1, task10()))],
    [("client-request-jsonrpc-member-wrong", E)], "client's call has no jsonrpc member (RPC-001)")
case("J08-v10-request-jsonrpc-1-0", lambda: getcard(card10()) + [
    req(H + "/a2a", {"jsonrpc": "1.0", "id": 1, "method": "GetTask", "params": {"id": "t1"}}, headers=V10), resp(ok(1, task10()))],
    [("client-request-jsonrpc-member-wrong", E)], "client's call says jsonrpc 1.0 (RPC-001)")
case("J09-v10-string-id-answered-as-number", lambda: getcard(card10()) + [GT("7"), resp(ok(7, task10()))],
    [("jsonrpc-id-mismatch", E)], "request id \"7\" (a string) answered with id 7 (a number): JSON-RPC ids keep their type (RPC-002)")
case("J10-v10-readable-request-answered-id-null", lambda: getcard(card10()) + [
    req(H + "/a2a", {"jsonrpc": "2.0", "id": 3, "method": "GetTask", "params": {"id": 5}}, headers=V10), resp(err(None, -32602, "Invalid params: id must be a string"))],
    [("jsonrpc-id-mismatch", E)], "the request's id 3 was readable, the error answer says id null (RPC-002: null only if unreadable)")
case("J11-v10-error-data-not-array", lambda: getcard(card10()) + [GT(1, "t9"), resp(err(1, -32001, "Task not found", {"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}))],
    [("jsonrpc-response-malformed", E)], "1.0 error data is one ErrorInfo object, not an array of them (ERR-004)")
case("J12-v10-unknown-task-internal-error", lambda: getcard(card10()) + [GT(1, "t9"), resp(err(1, -32603, "KeyError: 't9'"))],
    [("jsonrpc-error-code-mismatch", E)], "GetTask of an unknown task answered -32603 instead of TaskNotFoundError -32001 (TASK-009)")
case("J13-v10-valid-json-answered-parse-error", lambda: getcard(card10()) + [GT(1), resp(err(None, -32700, "Parse error"))],
    [("jsonrpc-error-code-mismatch", E), ("jsonrpc-id-mismatch", E)], "a well-formed request answered -32700 Parse error with id null (ERR-001, RPC-002)")
case("DROP-J14", lambda: getcard(card10()) + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp([ok(1, task10())])],
    [("jsonrpc-response-malformed", E)], "GUESS of the rule: a batch of two calls answered with one response (JSON-RPC 2.0 section 6)")
case("J15-v10-error-code-as-string", lambda: getcard(card10()) + [GT(1, "t9"), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": "-32001", "message": "Task not found"}})],
    [("jsonrpc-response-malformed", E)], "error code is a string, not an integer (JSON-RPC 2.0 section 5.1)")
case("DROP-J16", lambda: getcard(card10()) + [
    req(H + "/a2a", rpc(1, "tasks/send", {"id": "t1", "message": {"role": "user", "parts": [{"type": "text", "text": "hi"}]}}), headers=V10),
    resp(err(1, -32602, "Invalid params"))],
    [("jsonrpc-error-code-mismatch", E)], "1.0 agent answered the unknown method tasks/send with -32602 instead of -32601 (RPC-003)")
case("J17-v10-batch-response-duplicate-id-order", lambda: getcard(card10()) + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp([ok(1, task10()), ok(1, task10(tid="t2"))])],
    [("jsonrpc-id-mismatch", E)], "GUESS of the rule: batch answers: both carry id 1, the answer to id 2 is missing")
case("J18-v10-error-message-missing", lambda: getcard(card10()) + [GT(1, "t9"), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001}})],
    [("jsonrpc-response-malformed", E)], "error object without message (JSON-RPC 2.0 section 5.1)")

# ---------------------------------------------------------------- HTTP edges (H)
case("H05-v10-card-301-to-https", lambda: [
    req("http://agent.example.test/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("", status=301, headers={"location": H + "/.well-known/agent-card.json", "content-length": "0"}),
    *getcard(card10())],
    [("card-path-redirects", W)], "a plain-http card URL redirected to the same path over https: kept a warning as breaker10n N14 decided (httpx-based resolvers do not follow it)")
case("HL2-legal-v10-card-gzip-charset", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "accept-encoding": "gzip, br"}),
    resp(card10(), headers={"content-type": "application/json; charset=UTF-8", "content-encoding": "gzip", "vary": "Accept-Encoding", "cache-control": "public, max-age=3600", "etag": "W/\"abc\""}),
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}), headers={"content-type": "Application/JSON;Charset=utf-8"})],
    [], "card gzip-encoded with a charset parameter and a weak ETag; an answer with a media type in mixed case (RFC 9110 8.3.1: case-insensitive)")
case("HL3-legal-v10-options-preflight-and-head-card", lambda: [
    req(H + "/.well-known/agent-card.json", method="HEAD", headers={}),
    resp("", headers={"content-type": "application/json", "content-length": "512", "cache-control": "max-age=300", "etag": "\"c1\""}),
    *getcard(card10()),
    req(H + "/a2a", "", method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST", "access-control-request-headers": "content-type,a2a-version"}),
    resp("", status=204, headers={"access-control-allow-origin": "https://app.example.test", "access-control-allow-methods": "POST", "access-control-allow-headers": "content-type,a2a-version,a2a-extensions"}),
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "HEAD of the card (no body), a CORS preflight OPTIONS answered 204, then the real call")
case("HL4-legal-v10-rest-a2a-json-and-sse-charset", lambda: getcard(card10(ifaces=[{"url": H + "/api", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) + [
    req(H + "/api/message:send", {"message": msg10()}, headers={"content-type": "application/a2a+json", "a2a-version": "1.0", "accept": "application/a2a+json, application/json"}),
    resp({"task": task10()}, headers={"content-type": "application/a2a+json"}),
    req(H + "/api/message:stream", {"message": msg10("again", mid="m2")}, headers={"content-type": "application/a2a+json; charset=utf-8", "a2a-version": "1.0", "accept": "text/event-stream"}),
    resp("", headers={"content-type": "text/event-stream; charset=utf-8"}),
    chunk(rest_ev({"task": task10(tid="t2", state="WORKING")}, nl="\r\n")),
    chunk(rest_ev({"statusUpdate": {"taskId": "t2", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}}, nl="\r\n")),
    chunk("", close="eof")],
    [], "1.0 HTTP+JSON with application/a2a+json (with and without charset) and an SSE answer with a charset parameter")
case("HL5-legal-v10-content-length-and-chunked", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}), headers={"content-type": "application/json", "content-length": str(len(json.dumps(ok(1, {"task": task10()}))))}),
    SM(2, {"message": msg10("b", mid="m2")}), resp(ok(2, {"task": task10(tid="t2")}), headers={"content-type": "application/json", "transfer-encoding": "chunked"})],
    [], "one answer framed by Content-Length, the next chunked (RFC 9112 6.1, 6.2)")
case("H01-v10-send-answered-204", lambda: getcard(card10()) + [SM(1, {"message": msg10()}), resp("", status=204, headers={})],
    [("jsonrpc-response-malformed", E)], "SendMessage (a call with an id) answered HTTP 204 with no JSON-RPC response at all (RPC-002)")
case("H02-v10-stream-answered-json-result", lambda: getcard(card10()) + [SSM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [("stream-not-event-stream", E)], "SendStreamingMessage answered with one application/json result (RPC-005)")
case("H03-v10-card-served-as-text-html", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("<!doctype html><html><head><title>Sign in</title></head><body>login</body></html>", headers={"content-type": "text/html; charset=utf-8"})],
    [("card-not-json", E)], "an SSO front answers the well-known card path with its login page and 200 (CARD-002)")
case("H04-v10-rest-send-answered-204-with-json-type", lambda: getcard(card10(ifaces=[{"url": H + "/api", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) + [
    req(H + "/api/message:send", {"message": msg10()}, headers={"content-type": "application/a2a+json", "a2a-version": "1.0"}),
    resp("", status=204, headers={"content-type": "application/json"})],
    [("result-invalid-shape", E)], "GUESS of the rule: HTTP+JSON SendMessage answered 204 without body (a SendMessageResponse is required)")

# ---------------------------------------------------------------- round two of the probe (X)
case("X01-v03-gateway-injects-a2a-version", lambda: getcard(card03(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "message/send", {"message": msg03()})),
    req(UP + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers={"content-type": "application/json", "a2a-version": "1.0"}, leg="upstream"),
    resp(err(1, -32601, "Method not found"), leg="upstream"),
    resp(err(1, -32601, "Method not found"))],
    [("proxy-stripped-version-header", E), ("version-mixed-payload", W)],
    "gateway configured for 1.0 adds A2A-Version: 1.0 to a 0.3 client's call that carried none: the agent now reads message/send as 1.0 and refuses it (VER-003)")
case("X02-v10-gateway-rewrites-content-type", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    SM(1, {"message": msg10()}) | {"url": GW + "/a2a"},
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={"content-type": "text/plain; charset=utf-8", "a2a-version": "1.0"}, leg="upstream"),
    resp({"detail": "Unsupported Media Type"}, status=415, leg="upstream"),
    resp({"detail": "Unsupported Media Type"}, status=415)],
    [("binding-media-type-refused", E), ("client-request-not-application-json", E)],
    "gateway rewrites the request's Content-Type to text/plain; the agent refuses with 415 (RPC-001)")
case("X03-v10-single-call-answered-as-batch", lambda: getcard(card10()) + [GT(1), resp([ok(1, task10())])],
    [("jsonrpc-response-malformed", E)],
    "a single call (an object) answered with an array holding its response: JSON-RPC 2.0 answers a single call with a single response object (section 5, 6)")
case("X04-v10-batch-of-one-answered-as-object", lambda: getcard(card10()) + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"})], headers=V10), resp(ok(1, task10()))],
    [("jsonrpc-response-malformed", E)],
    "a batch of one call answered with a bare response object instead of an array (JSON-RPC 2.0 section 6)")
case("DROP-X05", lambda: getcard(card10()) + [
    req(H + "/a2a", rpc(1, "GetTaskStatus", {"id": "t1"}), headers=V10), resp(err(1, -32602, "Invalid params"))],
    [("jsonrpc-error-code-mismatch", E)],
    "1.0 agent answers a method it does not have with -32602 instead of -32601 (RPC-003)")
case("X06-v10-post-answered-301-trailing-slash", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp("", status=307, headers={"location": H + "/a2a/", "content-length": "0"})],
    [("card-url-redirects", W)],
    "Starlette's redirect_slashes: the advertised url answers 307 to the url with a trailing slash (CARD-005)")
case("XL1-legal-v10-cancel-canceled-task-idempotent", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(state="CANCELED", n=2))),
    req(H + "/a2a", rpc(3, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(3, task10(state="CANCELED", n=2)))],
    [], "a second cancel of a canceled task returns the canceled task again: cancel is idempotent (1.0 3.1.5, TASK-003)")
case("XL2-legal-v10-client-falls-back-to-0-2", lambda: getcard(card02(protocolVersion="0.2.5"), path="/.well-known/agent.json") + [
    SM(1, {"message": msg10()}), resp(err(1, -32601, "Method not found")),
    req(H + "/a2a", rpc(2, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}})), resp(ok(2, task03()))],
    [], "a 1.0 client tries SendMessage at a 0.2.5 agent, gets -32601, and falls back to message/send")
case("XL3-legal-v03-auth-required-final-true", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(state="working"))),
    chunk(ev(st03(state="auth-required", final=True, n=2, message={"kind": "message", "messageId": "a-auth", "role": "agent", "parts": [{"kind": "text", "text": "sign in first"}], "taskId": "t1", "contextId": "c1"}))),
    chunk("", close="eof")],
    [], "0.3 stream pauses at auth-required with final:true and closes: an interrupted state ends the cycle like input-required (0.3 4.5, STREAM-008; legal reading)")
case("XL4-legal-v10-message-retry-same-message-id", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp("", status=504, headers={"content-type": "text/plain"}),
    SM(2, {"message": msg10()}), resp(ok(2, {"task": task10()}))],
    [], "client retries the same message (same messageId and content) after a gateway timeout (ID-007)")
case("XL5-legal-v10-error-data-null-and-extra-response-member", lambda: getcard(card10()) + [
    GT(1, "t9"), resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32001, "message": "Task not found", "data": None}}),
    GT(2), resp({"jsonrpc": "2.0", "id": 2, "result": task10()})],
    [], "1.0 error with data null (an absent optional member in ProtoJSON terms)")
case("XL6-legal-v10-push-delivery-json-charset", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tok-9"}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req("https://client.example.test/hook", {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}}, headers={"content-type": "application/a2a+json; charset=utf-8", "x-a2a-notification-token": "tok-9", "a2a-notification-token": "tok-9"}),
    resp("", status=204, headers={})],
    [], "push delivery under application/a2a+json with a charset parameter, answered 204 by the webhook (PUSH-004)")
case("XL7-legal-v02-unknown-state", lambda: getcard(card02(protocolVersion="0.2.0"), path="/.well-known/agent.json") + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03(), "configuration": {"acceptedOutputModes": ["text/plain"]}})),
    resp(ok(1, task03(state="unknown")))],
    [], "0.2.0 defines the state unknown (0.2.0 6.3)")
case("XL8-legal-v10-card-a2a-json-and-data-two-spaces", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/a2a+json, application/json"}),
    resp(card10(), headers={"content-type": "application/a2a+json", "cache-control": "max-age=60", "etag": "\"e\""}),
    SSM(1, {"message": msg10()}), resp("", headers=SSE),
    chunk("data:  " + json.dumps(ok(1, W1)) + "  \n\n"), chunk("data:\t" + json.dumps(ok(1, C1)) + "\n\n"), chunk("", close="eof")],
    [], "card under application/a2a+json; SSE data with two leading spaces (one is kept: still JSON), trailing spaces and a tab")
case("XL9-legal-v10-stream-answered-json-rpc-error-as-json", lambda: getcard(card10()) + [
    req(H + "/a2a", rpc(1, "SubscribeToTask", {"id": "t9"}), headers={**V10, "accept": "text/event-stream"}),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [], "a streaming call refused up front with a plain application/json JSON-RPC error (no stream opened)")
case("XL10-legal-v10-head-and-options-on-endpoint", lambda: getcard(card10()) + [
    req(H + "/a2a", "", method="HEAD", headers={}), resp("", status=405, headers={"allow": "POST, OPTIONS"}),
    req(H + "/a2a", "", method="OPTIONS", headers={"origin": "https://app.example.test", "access-control-request-method": "POST"}),
    resp("", status=200, headers={"access-control-allow-origin": "*", "access-control-allow-methods": "POST", "content-length": "0"}),
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "HEAD on the JSON-RPC endpoint answered 405 (only POST), a preflight answered 200 with no body")
case("XL11-legal-v10-subscribe-submitted-task", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="SUBMITTED")})),
    req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([{"task": task10(state="SUBMITTED")}, st10(state="WORKING", n=2), st10(state="COMPLETED", n=2)], i=2)],
    [], "subscribe to a submitted task: the current Task first, then updates (STREAM-004)")
case("X07-v10-gateway-closes-stream-before-terminal", lambda: [
    req(GW + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    req(UP + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    resp("", headers=SSE),
    chunk(ev(W1), leg="upstream"), chunk(ev(W1)),
    chunk("", close="eof"),
    chunk(ev(C1), leg="upstream"), chunk("", close="eof", leg="upstream")],
    [("stream-events-lost-by-proxy", E)],
    "gateway's idle timeout closes the client's stream while the agent's stream goes on to COMPLETED")
case("X08-v10-cancel-completed-answered-task-not-found", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))),
    req(H + "/a2a", rpc(3, "GetTask", {"id": "t1"}), headers=V10), resp(ok(3, task10()))],
    [("jsonrpc-error-code-mismatch", E)],
    "GUESS of the rule: cancel of a completed task answered TaskNotFoundError while the task is still readable (TASK-003: TaskNotCancelableError); told as ID-TASK-001 until mine59 read it as the wrong code (RPC-ERROR-001)")
case("X09-v10-gateway-drops-a2a-version-card-known", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={"content-type": "application/json", "via": "1.1 gw"}, leg="upstream"),
    resp(err(1, -32601, "Method not found: SendMessage"), leg="upstream"),
    resp(err(1, -32601, "Method not found: SendMessage"))],
    [("proxy-stripped-version-header", E)],
    "as G04 with the card known: the agent's -32601 answers a header-less (0.3) call, so the gateway is at fault, not the agent's card (VER-003)")
# ---------------------------------------------------------------- round three (Y)
def pretty(o, prefix_all=True):
    lines = json.dumps(ok(1, o), indent=2).split("\n")
    if prefix_all:
        return "".join("data: " + l + "\n" for l in lines) + "\n"
    return "data: " + "\n".join(lines) + "\n\n"
case("YL1-legal-v10-sse-pretty-json-over-many-data-lines", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(pretty(W1)), chunk(pretty(C1)), chunk("", close="eof")],
    [], "each event's JSON pretty-printed over many data: lines: the parser joins them with newlines, which JSON reads as whitespace")
case("Y01-v10-sse-pretty-json-only-first-line-prefixed", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(pretty(W1, False)), chunk(pretty(C1, False)), chunk("", close="eof")],
    [("sse-data-not-json", E)],
    "agent writes `data: ${JSON.stringify(obj, null, 2)}`: only the first line is a data: line, the others are fields named by JSON text and ignored; data is \"{\"")
case("Y02-v10-sse-done-sentinel", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk(D(C1) + "\n\n"), chunk("data: [DONE]\n\n"), chunk("", close="eof")],
    [("sse-data-not-json", E)],
    "an LLM-wrapping agent ends the stream with OpenAI's data: [DONE] sentinel: no JSON-RPC response (RPC-005)")
case("Y03-v10-sse-end-event-empty-data", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(D(W1) + "\n\n"), chunk(D(C1) + "\n\n"), chunk("event: end\ndata:\n\n"), chunk("", close="eof")],
    [("sse-event-empty-data", W)],
    "an event: end with an empty data: line after the terminal event")
case("YL2-legal-v03-final-true-stream-left-open", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(state="working"))), chunk(ev(st03(state="completed", final=True, n=2)) + "\n\n"), chunk("", close="timeout")],
    [], "0.3 stream: final:true then the capture stops with the connection open and extra blank lines (STREAM-008 'typically closes')")
case("Y04-v10-subscribe-first-event-status-update", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    req(H + "/a2a", rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([st10(state="WORKING", n=2), st10(state="COMPLETED", n=3)], i=2)],
    [("first-stream-event-not-task", E)],
    "GUESS of the rule: SubscribeToTask stream opens with a statusUpdate, not the current Task (STREAM-004)")
case("Y05-v10-resumed-stream-starts-with-status-update", lambda: getcard(card10()) + [
    SSM(1, {"message": msg10()}), *stream10([{"task": task10(state="WORKING")}, st10(state="INPUT_REQUIRED", n=2, message=ASK)]),
    SSM(2, {"message": msg10("Paris", mid="m2", taskId="t1", contextId="c1")}), *stream10([st10(state="WORKING", n=3), st10(state="COMPLETED", n=4)], i=2)],
    [("first-stream-event-not-task", E)],
    "1.0 follow-up stream on an input-required task opens with a statusUpdate, not the Task (STREAM-003: 0.3 habit)")
case("Y06-v10-task-state-unspecified", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="UNSPECIFIED")}))],
    [("task-state-invalid", E)], "a live task reported as TASK_STATE_UNSPECIFIED (TASK-008)")
case("YL3-legal-v03-message-to-completed-task-refused-invalid-params", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()})), resp(ok(1, task03())),
    req(H + "/a2a", rpc(2, "message/send", {"message": msg03("more", mid="m2", taskId="t1")})), resp(err(2, -32602, "Task t1 is in terminal state completed and cannot accept messages"))],
    [], "0.x: a message to a terminal task gets \"an error\", code unspecified (TASK-002)")
case("Y07-v10-get-task-result-null", lambda: getcard(card10()) + [GT(1), resp(ok(1, None))],
    [("result-invalid-shape", E)], "GetTask answered with result null")
case("Y08-v10-jsonrpc-answer-text-html", lambda: getcard(card10()) + [GT(1), resp(ok(1, task10()), headers={"content-type": "text/html; charset=utf-8"})],
    [("jsonrpc-response-malformed", E)], "GUESS of the rule: a JSON-RPC answer under Content-Type text/html (Flask's default for a string): clients that check the media type refuse it (RPC-001)")
case("YL4-legal-v10-card-304-not-modified", lambda: getcard(card10()) + [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json", "if-none-match": "\"c1\""}),
    resp("", status=304, headers={"etag": "\"c1\"", "cache-control": "max-age=300"}),
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "conditional card fetch answered 304 Not Modified without body (RFC 9110 15.4.5, CARD-009)")
case("Y09-v10-card-with-utf8-bom", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp("\ufeff" + json.dumps(card10()), headers=CH)],
    [("card-not-json", E)],
    "card file saved with a UTF-8 byte order mark: RFC 8259 8.1 MUST NOT; Python's json.loads (a2a-python's resolver) refuses it")
case("Y10-v10-jsonrpc-answer-with-utf8-bom", lambda: getcard(card10()) + [GT(1), resp("\ufeff" + json.dumps(ok(1, task10())))],
    [("jsonrpc-response-malformed", E)],
    "JSON-RPC answer starting with a UTF-8 byte order mark (RFC 8259 8.1)")
case("YL5-legal-v10-card-text-plain-static-host", lambda: [
    req(H + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(), headers={"content-type": "text/plain; charset=utf-8", "cache-control": "max-age=300", "etag": "\"c1\""})],
    [], "PROBE: a card served by a static host as text/plain; A2A names no media type for the card document")
case("Y11-v10-gateway-stream-octet-stream", lambda: [
    req(GW + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    req(UP + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    resp("", headers={"content-type": "application/octet-stream"}),
    chunk(ev(W1), leg="upstream"), chunk(ev(W1)),
    chunk(ev(C1), leg="upstream"), chunk(ev(C1)),
    chunk("", close="eof", leg="upstream"), chunk("", close="eof")],
    [("answer-altered-by-proxy", E)],
    "gateway relabels the event stream application/octet-stream (RPC-005)")
case("YL6-legal-v10-stream-rejected-with-message", lambda: getcard(card10()) + [
    SSM(1, {"message": msg10("do the forbidden thing")}),
    *stream10([{"task": task10(state="SUBMITTED")}, st10(state="REJECTED", n=2, message=amsg10("I cannot do that", mid="a-r", taskId="t1", contextId="c1"))])],
    [], "task rejected inside its stream, with a status message, and the stream closes (TASK lifecycle: REJECTED is terminal)")
case("YL7-legal-v10-cancel-input-required-task", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(state="INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "message": ASK})})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(state="CANCELED", n=2))),
    req(H + "/a2a", rpc(3, "GetTask", {"id": "t1"}), headers=V10), resp(ok(3, task10(state="CANCELED", n=2)))],
    [], "cancel of a task waiting for input succeeds and sticks")
# ---------------------------------------------------------------- round four (Z)
HOOK = "https://client.example.test/hook"
RELAY = "https://gw.example.test/push-relay/r-17"
PUSHED = {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}}
PH = lambda tok: {"content-type": "application/a2a+json", "a2a-notification-token": tok, "x-a2a-notification-token": tok}
def relay_case(client_tok):
    return lambda: getcard(card10(GW + "/a2a"), base=GW) + [
        req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": HOOK, "token": "tok-client", "authentication": {"scheme": "Bearer", "credentials": "hook-secret"}}}}), headers=V10),
        req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": RELAY, "token": "tok-relay"}}}), headers=V10, leg="upstream"),
        resp(ok(1, {"task": task10(state="WORKING")}), leg="upstream"),
        resp(ok(1, {"task": task10(state="WORKING")})),
        req(RELAY, PUSHED, headers=PH("tok-relay"), leg="upstream"),
        resp("", status=204, headers={}, leg="upstream"),
        req(HOOK, PUSHED, headers=dict(PH(client_tok), authorization="Bearer hook-secret") if client_tok else {"content-type": "application/a2a+json"}),
        resp("", status=204, headers={})]
case("ZL1-legal-v10-gateway-relays-push-with-own-webhook", relay_case("tok-client"), [],
    "gateway puts its own relay webhook (and token) into the config it forwards and relays each push to the client's webhook with the client's token")
case("Z01-v10-gateway-relays-push-without-client-token", relay_case(None), [("push-delivery-without-credentials", E)],
    "gateway relays the agent's push to the client's webhook without the Authorization credentials the client configured (PUSH-004)")
case("Z02-v10-gateway-duplicates-a2a-version", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={"content-type": "application/json", "a2a-version": "1.0, 1.0"}, leg="upstream"),
    resp(err(1, -32009, "Unsupported A2A version: 1.0, 1.0", einfo("VERSION_NOT_SUPPORTED")), leg="upstream"),
    resp(err(1, -32009, "Unsupported A2A version: 1.0, 1.0", einfo("VERSION_NOT_SUPPORTED")))],
    [("proxy-stripped-version-header", E), ("client-version-not-major-minor", W)],
    "gateway adds A2A-Version: 1.0 although the client sent it: the two header lines arrive combined as \"1.0, 1.0\" (RFC 9110 5.3) and the agent refuses the version")
case("ZL2-legal-v10-gateway-reorders-extensions", lambda: [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers={**V10, "a2a-extensions": "https://ext.example.test/a/v1,https://ext.example.test/b/v1", "authorization": "Bearer abc"}),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers={**V10, "a2a-extensions": "https://ext.example.test/b/v1 , https://ext.example.test/a/v1", "authorization": "bearer abc"}, leg="upstream"),
    resp(ok(1, task10()), leg="upstream"), resp(ok(1, task10()))],
    [], "gateway re-joins A2A-Extensions in another order with other whitespace and lower-cases the auth scheme (RFC 9110 5.3, 11.1)")
case("ZL3-legal-v10-batch-with-notification", lambda: getcard(card10()) + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), {"jsonrpc": "2.0", "method": "ping"}], headers=V10),
    resp([ok(1, task10())])],
    [], "PROBE: a batch of a call and a notification of a non-A2A method answered with one response (JSON-RPC 2.0 section 6: none for notifications)")
case("Z03-v10-send-answered-302", lambda: getcard(card10()) + [
    SM(1, {"message": msg10()}), resp("", status=302, headers={"location": H + "/login?next=/a2a", "content-length": "0"})],
    [("auth-challenge-missing", W), ("auth-demanded-but-card-declares-none", W)],
    "GUESS of the rule: an SSO front answers the JSON-RPC POST with a 302 to a login page")
case("Z04-v01-event-without-task-id", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/sendSubscribe", {"id": "t1", "sessionId": "s1", "message": m01}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev({"status": {"state": "working"}, "final": False})), chunk(ev(S01("completed", True, 2))), chunk("", close="eof")],
    [("stream-event-invalid-shape", E)],
    "0.1.0 TaskStatusUpdateEvent without its id (0.1.0 schema requires id)")
case("Z05-v01-session-id-changed", lambda: card01get() + [
    req(A01 + "/", rpc(1, "tasks/send", {"id": "t1", "sessionId": "s1", "message": m01})), resp(ok(1, t01("working"))),
    req(A01 + "/", rpc(2, "tasks/get", {"id": "t1"})), resp(ok(2, dict(t01("completed", n=2), sessionId="s2")))],
    [("context-id-changed", E)],
    "GUESS of the rule: 0.1.0 task's sessionId (0.1's contextId) changed between reads")
case("ZL4-legal-v10-return-immediately-already-completed", lambda: getcard(card10()) + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10()}))],
    [], "returnImmediately: true answered with a task that finished already (a fast agent)")
case("ZL5-legal-v10-empty-json-body-answered-invalid-request", lambda: getcard(card10()) + [
    req(H + "/a2a", {}, headers=V10), resp(err(None, -32600, "Invalid Request"))],
    [], "a client's {} answered -32600 with id null (no id could be read)")
case("Z06-v10-sse-content-type-but-ndjson-body", lambda: getcard(card10()) + [SREQ(), resp("", headers=SSE),
    chunk(json.dumps(ok(1, W1)) + "\n"), chunk(json.dumps(ok(1, C1)) + "\n"), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "text/event-stream announced, but the body is newline-delimited JSON without data: fields: an SSE parser ignores every line and dispatches nothing")
case("Z07-v03-sse-stream-eof-without-final", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(state="working"))), chunk(ev(st03(state="working", n=2))), chunk("", close="eof")],
    [("stream-ended-without-terminal-0x", W)], "0.3 stream closed cleanly after working updates, never final")
case("Z08-v03-sse-final-true-on-working", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev(task03(state="submitted"))), chunk(ev(st03(state="working", final=True, n=2))), chunk("", close="eof")],
    [("stream-final-flag-wrong", E)], "0.3 final:true on a working status (STREAM-008)")
case("ZL6-legal-v03-sse-invalid-retry-and-event-ids", lambda: getcard(card03()) + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={"content-type": "application/json", "accept": "text/event-stream", "last-event-id": "e0"}),
    resp("", headers=SSE), chunk("retry: soon\nid: e1\n" + "data: " + json.dumps(ok(1, task03(state="working"))) + "\n\n"),
    chunk("retry: 1.5\nid\n" + "data: " + json.dumps(ok(1, st03(state="completed", final=True, n=2))) + "\n\n"), chunk("", close="eof")],
    [], "retry: fields that are no digits (ignored), an id: line without a colon (resets the last event id), a Last-Event-ID request header")
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
case("ZL7-legal-v10-rest-gateway-strips-path-prefix", lambda: [
    req(UP + "/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}, leg="upstream"),
    resp(card10(ifaces=[{"url": UP, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), headers=CH, leg="upstream"),
    req(GW + "/agents/echo/.well-known/agent-card.json", method="GET", headers={"accept": "application/json"}),
    resp(card10(ifaces=[{"url": GW + "/agents/echo", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]), headers=CH),
    req(GW + "/agents/echo/message:stream", {"message": msg10()}, headers={**RJ, "accept": "text/event-stream"}),
    req(UP + "/message:stream", {"message": msg10()}, headers={**RJ, "accept": "text/event-stream", "x-forwarded-prefix": "/agents/echo"}, leg="upstream"),
    resp("", headers=SSE, leg="upstream"),
    resp("", headers=SSE),
    chunk("event: task\nid: 1\n" + rest_ev({"task": task10(state="WORKING")}), leg="upstream"),
    chunk("event: task\nid: 1\n" + rest_ev({"task": task10(state="WORKING")})),
    chunk("event: statusUpdate\nid: 2\n" + rest_ev({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}), leg="upstream"),
    chunk("event: statusUpdate\nid: 2\n" + rest_ev({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}})),
    chunk("", close="eof", leg="upstream"), chunk("", close="eof"),
    req(GW + "/agents/echo/tasks/t1:cancel", {}, headers=RJ),
    req(UP + "/tasks/t1:cancel", {}, headers=RJ, leg="upstream"),
    resp({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task cannot be canceled", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_CANCELABLE", "domain": "a2a-protocol.org"}]}}, status=400, headers={"content-type": "application/json"}, leg="upstream"),
    resp({"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Task cannot be canceled", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_CANCELABLE", "domain": "a2a-protocol.org"}]}}, status=400, headers={"content-type": "application/json"})],
    [], "1.0 HTTP+JSON behind a gateway that mounts the agent under /agents/echo and strips the prefix upstream; event names and ids on the REST stream; a cancel refused as not cancelable passes through")
for k in [k for k in C if k.startswith("b22x-DROP-")]:
    del C[k]
write_cases(C, OUT)
