"""Writes the o45 transcripts (session 45's open spec questions, open45): one per decision, with
the legal neighbours each decision must leave silent. Run from the repo root:
python3 tests/cases/variants/gen_o45.py

M: the media type of JSON-RPC and HTTP+JSON bodies (RPC-001, REST-001, REST-003). JSON-RPC
   takes application/json in every version (1.0 §9.1; 0.3 §3.2.1 MUST) and 0.3 HTTP+JSON too
   (0.3 §3.2.3 MUST); application/a2a+json is 1.0's type "intended for the HTTP+JSON/REST
   binding" (1.0 §14.1.1; its SHOULD, §11.1), with 1.0.0's application/json accepted there.
   A 1.0 JSON-RPC request under application/a2a+json is HTTP-MEDIA-004 (an error: it was not
   told), a JSON-RPC or 0.3 HTTP+JSON answer under it HTTP-MEDIA-005 (an error: 1.0 was not
   told, 0.x was VER-MIX-001's warning), a JSON-RPC request under text/plain HTTP-MEDIA-004
   (was HTTP-MEDIA-003's warning); a 1.0 HTTP+JSON request under text/plain stays
   HTTP-MEDIA-003 (a SHOULD).
G: GRPC-ERROR-001 by version. ERR-002's gRPC column is 1.0's; 0.3 §3.2.2 maps errors to
   "appropriate" statuses "as defined in the proto annotations", which the 0.3 proto does not
   have, so a 0.3 gRPC status that fits no reading is GRPC-ERROR-003 (a warning), and
   a2a-python 0.3.x's UNIMPLEMENTED for TaskNotCancelable (and three more) is accepted.
B: a JSON-RPC batch behind a 0.2 card: each call takes the dialect a call of its method sent
   alone would (0.2 by the card), so ID-TASK-009 on such a batch names 0.2, not 0.3.
Z: a gzip'd event stream whose HTTP body ended cleanly with its gzip member unfinished is
   HTTP-FRAME-004 (RFC 9110 §8.4, RFC 1952 §2.2): the body is not whole gzip data; Go's and
   Java's decoders fail at its end. Beside it the stream's own A2A verdicts (STREAM-END-002).
"""
import base64, json, os, struct, sys, zlib
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
sys.path.insert(0, os.path.join(HERE, ".."))
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

E, W = "error", "warning"
C = {}
case = case_maker(C, "o45-", "open45 (session 45: open spec questions decided by the spec text)")

# ---------------------------------------------------------------- M: media types
A2AJ = {"content-type": "application/a2a+json"}
AJ10 = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
TP10 = {"content-type": "text/plain", "a2a-version": "1.0"}
SEND10 = {"message": msg10()}
DONE_T = {"task": tsk("COMPLETED", artifacts=ART)}
case("M01-v10-jsonrpc-request-a2a-json-served",
     lambda: C10() + [RPC(1, "SendMessage", SEND10, h=AJ10), resp(ok(1, DONE_T))],
     [("HTTP-MEDIA-004", E)], "1.0 JSON-RPC request under application/a2a+json, served: JSON-RPC is application/json (1.0 §9.1); a2a+json is the HTTP+JSON binding's (1.0 §14.1.1). Was silent")
case("M02-v10-jsonrpc-answer-a2a-json",
     lambda: C10() + [RPC(1, "SendMessage", SEND10), resp(ok(1, DONE_T), headers=A2AJ)],
     [("HTTP-MEDIA-005", E)], "1.0 JSON-RPC answer under application/a2a+json (adk-rust PR #273's move): a JSON-RPC answer is application/json (1.0 §9.1). Was silent")
case("M03-v03-jsonrpc-answer-a2a-json",
     lambda: C03() + [R0(1, "message/send", {"message": msg03()}), resp(ok(1, t03("completed")), headers=A2AJ)],
     [("HTTP-MEDIA-005", E)], "0.3 JSON-RPC answer under application/a2a+json: 0.3 §3.2.1 MUST application/json. Was VER-MIX-001's warning")
case("M04-v03-rest-answer-a2a-json",
     lambda: getcard(card03(H, preferredTransport="HTTP+JSON")) + [
         req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
         resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}, headers=A2AJ)],
     [("HTTP-MEDIA-005", E)], "0.3 HTTP+JSON answer under application/a2a+json: 0.3 §3.2.3 MUST application/json. Was VER-MIX-001's warning")
case("M05-v10-jsonrpc-request-text-plain",
     lambda: C10() + [RPC(1, "SendMessage", SEND10, h=TP10), resp(ok(1, DONE_T))],
     [("HTTP-MEDIA-004", E)], "1.0 JSON-RPC request under text/plain: RPC-001 MUST application/json. Was HTTP-MEDIA-003's warning")
case("M06-v10-rest-request-text-plain",
     lambda: R10() + [rpost("/message:send", SEND10, h=TP10), resp(DONE_T, headers=A2AJ)],
     [("HTTP-MEDIA-003", W)], "control: a 1.0 HTTP+JSON body under text/plain stays the warning (1.0 §11.1 SHOULD application/a2a+json)")
case("M07-v10-jsonrpc-a2a-json-refused-415",
     lambda: C10() + [RPC(1, "SendMessage", SEND10, h=AJ10), resp("Unsupported Media Type", status=415, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-004", E)], "the client's a2a+json on JSON-RPC refused 415: the agent's refusal is right (no HTTP-MEDIA-001), the client's type is told")
case("ML1-legal-v10-rest-a2a-json-both-ways",
     lambda: R10() + [rpost("/message:send", SEND10), resp(DONE_T, headers=A2AJ)],
     [], "legal: 1.0 HTTP+JSON in application/a2a+json both ways (1.0 §11.1)")
case("ML2-legal-v10-rest-application-json-both-ways",
     lambda: R10() + [rpost("/message:send", SEND10, h=V10), resp(DONE_T, headers=J)],
     [], "legal: 1.0 HTTP+JSON in application/json both ways, the 1.0.0 text's type (same protocol version 1.0)")
case("ML3-legal-v10-jsonrpc-application-json-both-ways",
     lambda: C10() + [RPC(1, "SendMessage", SEND10), resp(ok(1, DONE_T))],
     [], "legal: 1.0 JSON-RPC in application/json both ways (1.0 §9.1)")

# ---------------------------------------------------------------- G: gRPC error statuses
GH = "agent.example.test:50051"


def pb_str(field, s):
    b = s.encode() if isinstance(s, str) else s
    return bytes([field << 3 | 2]) + varint(len(b)) + b


def varint(n):
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out += bytes([b | 0x80])
        else:
            return out + bytes([b])


def frame(msg):
    return b"\x00" + struct.pack(">I", len(msg)) + msg


def status_bin(code, message, reason=None):
    """grpc-status-details-bin: google.rpc.Status{code, message, details: [ErrorInfo{reason, domain}]}."""
    st = bytes([0x08]) + varint(code) + pb_str(2, message)
    if reason:
        info = pb_str(1, reason) + pb_str(2, "a2a-protocol.org")
        st += pb_str(3, pb_str(1, "type.googleapis.com/google.rpc.ErrorInfo") + pb_str(2, info))
    return base64.b64encode(st).decode().rstrip("=")


class Rec:
    """A native recording of gRPC calls (h2c through the proxy), card fetch first."""

    def __init__(self, card):
        self.ev = [{"type": "recording", "format": 1, "tool": {"name": "open45-gen", "version": "1"},
                    "startedAt": "2026-12-06T05:00:00.000Z", "mode": "reverse", "listen": ["127.0.0.1:8080"],
                    "routes": [{"prefix": "/", "upstream": "http://" + GH}], "redacted": False}]
        self.seq = 0
        self.x = 0
        self.add(None, {"type": "conn_open", "conn": 1, "peer": "127.0.0.1:40000", "local": "127.0.0.1:8080"})
        x = self.xid()
        url = "http://agent.example.test/.well-known/agent-card.json"
        body = json.dumps(card)
        self.add(x, {"type": "request_head", "conn": 1, "method": "GET", "url": url, "version": "HTTP/1.1",
                     "headers": [["accept", "application/json"]], "upstream": url})
        self.add(x, {"type": "response_head", "status": 200, "version": "HTTP/1.1", "headers": [["content-type", "application/json"]]})
        self.add(x, {"type": "response_chunk", "body": body})
        self.add(x, {"type": "exchange_end", "outcome": "complete", "request_bytes": 0, "response_bytes": len(body)})

    def xid(self):
        self.x += 1
        return "e%d" % self.x

    def add(self, x, e):
        self.seq += 1
        line = {"seq": self.seq, "t_us": self.seq * 1000}
        if x:
            line["exchange"] = x
        line.update(e)
        self.ev.append(line)

    def call(self, service, method, msg, code, message, reason=None, version=None):
        x = self.xid()
        url = "http://%s/%s/%s" % (GH, service, method)
        h = [["content-type", "application/grpc"], ["te", "trailers"]] + ([["a2a-version", version]] if version else [])
        body = frame(msg)
        self.add(x, {"type": "request_head", "conn": 1, "method": "POST", "url": url, "version": "HTTP/2.0", "headers": h, "upstream": url})
        self.add(x, {"type": "request_body", "body": base64.b64encode(body).decode(), "encoding": "base64"})
        self.add(x, {"type": "response_head", "status": 200, "version": "HTTP/2.0", "headers": [["content-type", "application/grpc"]]})
        tr = [["grpc-status", str(code)], ["grpc-message", message.replace(" ", "%20")]]
        if reason or code != 0:
            tr.append(["grpc-status-details-bin", status_bin(code, message, reason)])
        self.add(x, {"type": "exchange_end", "outcome": "complete", "request_bytes": len(body), "response_bytes": 0, "trailers": tr})
        return self


CARD03_GRPC = card03("http://" + GH, preferredTransport="GRPC")
CARD10_GRPC = card10(ifaces=[{"url": GH, "protocolBinding": "GRPC", "protocolVersion": "1.0"}])
S03G, S10G = "a2a.v1.A2AService", "lf.a2a.v1.A2AService"
NAME = lambda tid: pb_str(1, "tasks/" + tid)   # 0.3 GetTaskRequest / CancelTaskRequest {name}
ID10 = lambda tid: pb_str(1, tid)              # 1.0 GetTaskRequest / CancelTaskRequest {id}
case("G01-v03-grpc-cancel-unknown-task-after-not-found",
     lambda: Rec(CARD03_GRPC).call(S03G, "GetTask", NAME("t-nope"), 5, "task not found")
                             .call(S03G, "CancelTask", NAME("t-nope"), 9, "task cannot be canceled", "TASK_NOT_CANCELABLE").ev,
     [("GRPC-ERROR-003", W)], "0.3 twin of b12-L4: a task the agent answered NOT_FOUND, then FAILED_PRECONDITION TASK_NOT_CANCELABLE on cancel; ERR-002 is a SHOULD in 0.3. Was GRPC-ERROR-001's error")
case("G02-v03-grpc-not-cancelable-answered-internal",
     lambda: Rec(CARD03_GRPC).call(S03G, "CancelTask", NAME("t1"), 13, "task cannot be canceled", "TASK_NOT_CANCELABLE").ev,
     [("GRPC-ERROR-003", W)], "0.3 gRPC: ErrorInfo TASK_NOT_CANCELABLE under INTERNAL fits no reading (1.0's FAILED_PRECONDITION, a2a-python 0.3.x's UNIMPLEMENTED). Was GRPC-ERROR-001's error")
case("GL1-legal-v03-grpc-not-cancelable-unimplemented",
     lambda: Rec(CARD03_GRPC).call(S03G, "CancelTask", NAME("t1"), 12, "TaskNotCancelableError: task is completed", "TASK_NOT_CANCELABLE").ev,
     [], "legal on 0.3: UNIMPLEMENTED for TaskNotCancelable is a2a-python 0.3.x's mapping (grpc_handler.abort_context), and 0.3 has no table. Was GRPC-ERROR-001's error")
case("G03-v10-grpc-not-cancelable-unimplemented",
     lambda: Rec(CARD10_GRPC).call(S10G, "CancelTask", ID10("t1"), 12, "task is completed", "TASK_NOT_CANCELABLE", version="1.0").ev,
     [("GRPC-ERROR-001", E)], "control: the same on 1.0 stays the error (ERR-002 MUST: FAILED_PRECONDITION)")
case("GL2-legal-v03-grpc-not-cancelable-failed-precondition",
     lambda: Rec(CARD03_GRPC).call(S03G, "CancelTask", NAME("t1"), 9, "task is completed", "TASK_NOT_CANCELABLE").ev,
     [], "legal: 0.3 gRPC with 1.0's status for the reason")

# ---------------------------------------------------------------- B: batches behind a 0.2 card
B02 = lambda: getcard(card02(A, protocolVersion="0.2.5"), path="/.well-known/agent.json")
case("B01-v02-batch-send-without-task-task-not-found",
     lambda: B02() + [req(A, [rpc(1, "message/send", {"message": msg03(contextId="c1")})], headers=J03),
                      resp([err(1, -32001, "Task not found")])],
     [("ID-TASK-009", W)], "b37x-M03 again: the batch's call is 0.2 (the card), so the finding names the 0.2 spec; it said 0.3, and the recording listed a 0.3 exchange")
case("B02-v02-batch-get-and-send",
     lambda: B02() + [req(A, [rpc(1, "tasks/get", {"id": "t-nope"}), rpc(2, "message/send", {"message": msg03()})], headers=J03),
                      resp([err(1, -32603, "Internal error"), ok(2, t03("completed"))])],
     [], "a 0.2 batch: tasks/get of a task the recording never saw answered -32603 (nothing says the task is unknown) and a send: both calls 0.2")

# ---------------------------------------------------------------- Z: gzip member never ended
GZ = {"content-type": "text/event-stream", "content-encoding": "gzip"}


def gz_stream(texts, finish=False, close="eof"):
    z = zlib.compressobj(6, zlib.DEFLATED, 31)
    out = [resp("", headers=GZ, encoding="base64")]
    for t in texts:
        out.append(chunk(base64.b64encode(z.compress(t.encode()) + z.flush(zlib.Z_SYNC_FLUSH)).decode(), encoding="base64"))
    if finish:
        out.append(chunk(base64.b64encode(z.flush(zlib.Z_FINISH)).decode(), encoding="base64"))
    out.append(chunk("", close=close))
    return out


DONE_EVENTS = [rest_ev(e) for e in [{"task": tsk("SUBMITTED")}, stu("WORKING"), stu("COMPLETED", n=3)]]
case("Z01-v10-rest-gzip-stream-completed-member-unfinished",
     lambda: R10() + [rpost("/message:stream", SEND10)] + gz_stream(DONE_EVENTS),
     [("HTTP-FRAME-004", E)], "the stream completed, its HTTP body ended cleanly, its gzip member never ended (no final block, no trailer): not whole gzip data (RFC 1952 §2.2). Was silent (b44-GL1 called it legal)")
case("Z02-v10-rest-gzip-stream-working-member-unfinished",
     lambda: R10() + [rpost("/message:stream", SEND10)] + gz_stream(DONE_EVENTS[:2]),
     [("STREAM-END-002", E), ("HTTP-FRAME-004", E)], "breaker44 rest-sse-gzip-no-final: the stream ends at WORKING (STREAM-END-002) and its coding never ended (HTTP-FRAME-004)")
case("ZL1-legal-v10-rest-gzip-stream-completed-member-finished",
     lambda: R10() + [rpost("/message:stream", SEND10)] + gz_stream(DONE_EVENTS, finish=True),
     [], "legal: the same stream with its gzip member finished")
case("Z03-v10-rest-gzip-stream-reset-member-unfinished",
     lambda: R10() + [rpost("/message:stream", SEND10)] + gz_stream(DONE_EVENTS[:2], close="reset"),
     [("STREAM-END-002", E)], "control: a stream the agent reset is cut, not coded wrong: no HTTP-FRAME-004 (the cut is the fault)")

write_cases(C, HERE)
