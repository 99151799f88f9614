#!/usr/bin/env python3
"""misbehave: a small real A2A agent (Python stdlib, raw asyncio sockets) that breaks, or
legally bends, the protocol *on the wire* in one of ~40 modes chosen by --mode.

breaker41's live round: `a2a-interop proxy` sits in front of it with a real client (curl,
the SDK clients), `a2a-interop probe` drives it directly, and the findings are compared
with tests/cases/live41-predictions.json. tests/live_breaker41.rs runs a set of modes.

    python3 misbehave.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. --public is
the base URL its Agent Card advertises (default http://127.0.0.1:PORT; set it to the proxy's
URL when a proxy sits in front). `--list` prints every mode with its kind (fault | legal).

The agent: JSON-RPC at `/` (at `/a2a` in the card-url modes), A2A 0.3 (`message/send`...)
or 1.0 (`SendMessage`..., modes named `v10-*`), skills from the first word of the text:
`task` -> a completed Task with one artifact, `echo` -> a Message, `input` -> input-required
(the next message on the task completes it), `long` / `cancel` -> working until canceled,
`fail` -> failed. Raw sockets, so a mode decides every byte: chunk boundaries, framing
(Content-Length, chunked, close-delimited, HTTP/1.0), Content-Encoding, resets.
"""
import argparse
import asyncio
import datetime
import gzip
import json
import socket
import struct
import sys
import uuid
import zlib

# mode -> (kind, what it does). "legal" modes must draw no error or warning.
MODES = {
    # ---- legal controls --------------------------------------------------------------
    "control-03": ("legal", "0.3 JSON-RPC, Content-Length bodies, chunked SSE"),
    "control-10": ("legal", "1.0 JSON-RPC with Cache-Control/ETag card, ErrorInfo errors"),
    "control-02": ("legal", "0.2.5 card at /.well-known/agent.json"),
    "sse-split-midline": ("legal", "every SSE event written in 3 TCP writes, cut mid-line"),
    "sse-crlf-split": ("legal", "SSE lines end in CRLF, each write cut between CR and LF"),
    "sse-cr-only": ("legal", "SSE lines end in a bare CR"),
    "sse-heartbeat": ("legal", "comment lines (': ping') before and between events"),
    "sse-one-write": ("legal", "the whole stream in one TCP write"),
    "sse-multiline-data": ("legal", "each event's JSON spread over several data: lines"),
    "sse-id-retry": ("legal", "events carry event:, id: and a retry: field"),
    "sse-slow": ("legal", "stream events 700 ms apart"),
    "gzip": ("legal", "JSON bodies gzip-encoded (Content-Encoding: gzip)"),
    "deflate": ("legal", "JSON bodies zlib-encoded (Content-Encoding: deflate)"),
    "br": ("legal", "JSON bodies brotli-encoded (uncompressed meta-blocks)"),
    "gzip-sse": ("legal", "the event stream gzip-encoded, flushed per event"),
    "close-delimited": ("legal", "HTTP/1.1 bodies without length, ended by close"),
    "http10": ("legal", "HTTP/1.0 answers, close-delimited"),
    "chunked-tiny": ("legal", "JSON bodies in 7-byte chunks"),
    "slow": ("legal", "every answer 1.5 s late"),
    "message-reply": ("legal", "sends answered with a Message, streams with one Message"),
    "no-streaming": ("legal", "card streaming:false, message/stream refused -32004"),
    "v10-dual": ("legal", "card lists 1.0 and 0.3 interfaces; both dialects served"),
    # ---- faults ----------------------------------------------------------------------
    "sse-no-final": ("fault", "stream ends after working, no terminal event"),
    "sse-rst": ("fault", "stream reset (RST) after the working event"),
    "sse-json-ctype": ("fault", "event stream served as Content-Type: application/json"),
    "sse-unterminated": ("fault", "last event not ended by a blank line, then close"),
    "sse-bad-json": ("fault", "one event's data is not JSON"),
    "sse-empty-data": ("fault", "an event with an empty data: line"),
    "sse-after-final": ("fault", "an event after the final completed event"),
    "final-on-working": ("fault", "0.3 working status-update marked final:true"),
    "event-no-taskid": ("fault", "status-update without taskId"),
    "stream-ctx-mismatch": ("fault", "stream event names another contextId"),
    "append-first": ("fault", "first artifact chunk has append:true"),
    "streaming-undeclared": ("fault", "card streaming:false, stream served anyway"),
    "wrong-encoding": ("fault", "Content-Encoding: gzip on a plain JSON body"),
    "te-and-cl": ("fault", "both Transfer-Encoding: chunked and Content-Length"),
    "short-body": ("fault", "Content-Length larger than the body, then close"),
    "reset-on-send": ("fault", "connection reset on message/send before any answer"),
    "br-unasked": ("fault", "brotli bodies to a client whose Accept-Encoding is gzip, deflate"),
    "card-doubled-path": ("fault", "card url /a2a/a2a, agent serves /a2a"),
    "card-internal-host": ("fault", "card url on a cluster-internal host"),
    "card-other-scheme": ("fault", "card url https on the same host and port"),
    "card-other-port": ("fault", "card url on the same host, a port nothing listens on"),
    "card-404": ("fault", "card url answers 404 to every POST"),
    "card-405": ("fault", "card url answers 405 to every POST"),
    "card-url-is-card": ("fault", "card url is the card document itself"),
    "card-not-object": ("fault", "card is a JSON array"),
    "card-no-name": ("fault", "card lacks name"),
    "terminal-reopened": ("fault", "tasks/get after completed shows working"),
    "terminal-followup-ok": ("fault", "message to a completed task accepted"),
    "cancel-terminal-ok": ("fault", "cancel of a completed task answered canceled"),
    "context-change": ("fault", "tasks/get returns another contextId"),
    "wrong-error-code": ("fault", "unknown task answered -32603 instead of -32001"),
    "v10-wrong-error-code": ("fault", "1.0: unknown task answered -32603 instead of -32001"),
    "unknown-method-internal": ("fault", "unknown JSON-RPC method answered -32603, not -32601"),
    "invalid-request-params": ("fault", "request object without method answered -32602, not -32600"),
    "id-mismatch": ("fault", "response id differs from the request id"),
    "result-and-error": ("fault", "a response with both result and error"),
    "v10-no-task-first": ("fault", "1.0 task stream opens with a statusUpdate"),
    "v10-kind-mix": ("fault", "1.0 answers carry 0.3 kind members"),
    "v10-patch-version": ("fault", "1.0 card protocolVersion 1.0.1"),
    "v10-serves-03": ("fault", "1.0-only card, a header-less 0.3 call served"),
    "v10-state-lowercase": ("fault", "1.0 task state 'completed'"),
    "v10-time-offset": ("fault", "1.0 status timestamp with +00:00"),
    # interop42: wrong answers to the probe's calls on a terminal task and to an
    # unsupported A2A-Version, and the one soft 0.x case (the code is a SHOULD there)
    "cancel-terminal-invalid-params": ("legal", "0.3 cancel of a completed task -32602"),
    "v10-cancel-terminal-internal": ("fault", "1.0 cancel of a completed task -32603"),
    "v10-followup-terminal-invalid": ("fault", "1.0 message to a completed task -32602"),
    "v10-subscribe-terminal-internal": ("fault", "1.0 subscribe to a completed task -32603"),
    "v10-version-internal": ("fault", "A2A-Version 99.0 answered -32603, not -32009"),
    "v10-version-method-not-found": ("fault", "A2A-Version 99.0 answered -32601, not -32009"),
    "push-unsupported-operation": ("fault", "card push:false, push config calls -32004 (adk #4126)"),
    "v10-push-internal": ("fault", "card push:false, 1.0 push config calls -32603, not -32003"),
    "v10-push-accepted": ("fault", "card push:false, 1.0 push config create accepted"),
    "v10-ext-required": ("legal", "card requires an extension; a send without it -32008"),
    "v10-ext-required-internal": ("fault", "a send without the required extension -32603"),
    "v10-ext-required-ignored": ("fault", "a send without the required extension served"),
    "chunk-after-last": ("fault", "an artifact chunk (append) after that artifact's lastChunk"),
    "stream-refused-declared": ("fault", "card streaming:true, message/stream refused -32004"),
}

# the extension the v10-ext-required* cards mark required (EXT-002)
EXT_URI = "https://example.com/ext/misbehave/v1"

ARGS = None
MODE = ""
TASKS = {}  # id -> task (dict in the wire shape of the dialect it was made in)
WAITERS = {}  # id -> asyncio.Event set when the task changes


def now(offset=False):
    t = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3]
    return t + ("+00:00" if offset else "Z")


def public():
    return ARGS.public or f"http://127.0.0.1:{ARGS.bound}"


def rpc_path():
    return "/a2a" if MODE.startswith("card-") and MODE not in (
        "card-not-object", "card-no-name", "card-url-is-card") else "/"


def is10():
    return MODE.startswith("v10-") or MODE == "control-10"


# ---- cards ---------------------------------------------------------------------------------
SKILLS = [
    {"id": "task", "name": "task", "description": "completes a task with one artifact",
     "tags": ["task"], "examples": ["task hello"]},
    {"id": "echo", "name": "echo", "description": "answers with a message",
     "tags": ["echo"], "examples": ["echo hello"]},
    {"id": "input", "name": "input", "description": "asks for input, then completes",
     "tags": ["input"], "examples": ["input hello"]},
    {"id": "long", "name": "long", "description": "works until canceled",
     "tags": ["long"], "examples": ["long hello"]},
]


def card():
    base = public()
    url = base + rpc_path()
    if MODE == "card-doubled-path":
        url = base + "/a2a/a2a"
    elif MODE == "card-internal-host":
        url = "http://a2a-agent.default.svc.cluster.local:8080/a2a"
    elif MODE == "card-other-scheme":
        url = base.replace("http://", "https://") + "/a2a"
    elif MODE == "card-other-port":
        url = "http://127.0.0.1:9/a2a"
    elif MODE == "card-url-is-card":
        url = base + "/.well-known/agent-card.json"
    streaming = MODE not in ("no-streaming", "streaming-undeclared")
    if MODE == "card-not-object":
        return [{"name": "misbehave"}]
    if is10():
        ver = "1.0.1" if MODE == "v10-patch-version" else "1.0"
        ifaces = [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": ver}]
        if MODE == "v10-dual":
            ifaces.append({"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"})
        caps = {"streaming": streaming, "pushNotifications": False}
        if MODE.startswith("v10-ext-required"):
            caps["extensions"] = [{"uri": EXT_URI, "description": "required on purpose",
                                   "required": True}]
        return {
            "name": "misbehave", "description": f"breaker41 agent, mode {MODE}",
            "supportedInterfaces": ifaces, "version": "1.0.0",
            "capabilities": caps,
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [dict(s) for s in SKILLS],
        }
    c = {
        "protocolVersion": "0.2.5" if MODE == "control-02" else "0.3.0",
        "name": "misbehave", "description": f"breaker41 agent, mode {MODE}",
        "url": url, "preferredTransport": "JSONRPC", "version": "1.0.0",
        "capabilities": {"streaming": streaming, "pushNotifications": False},
        "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
        "skills": [dict(s) for s in SKILLS],
    }
    if MODE == "card-no-name":
        del c["name"]
    return c


# ---- wire shapes -----------------------------------------------------------------------------
def state_name(s, v10):
    if not v10 or MODE == "v10-state-lowercase":
        return s
    return "TASK_STATE_" + s.upper().replace("-", "_")


def text_part(t, v10):
    return {"text": t} if v10 else {"kind": "text", "text": t}


def status(s, v10, msg=None, ctx=None, tid=None):
    st = {"state": state_name(s, v10), "timestamp": now(MODE == "v10-time-offset" and v10)}
    if msg:
        m = {"role": "ROLE_AGENT" if v10 else "agent", "messageId": str(uuid.uuid4()),
             "parts": [text_part(msg, v10)], "contextId": ctx, "taskId": tid}
        if not v10:
            m["kind"] = "message"
        st["message"] = m
    return st


def task_view(t):
    v10 = t["v10"]
    out = {"id": t["id"], "contextId": t["ctx"],
           "status": status(t["state"], v10, t.get("msg"), t["ctx"], t["id"])}
    if t["artifacts"]:
        out["artifacts"] = [{"artifactId": a, "parts": [text_part(x, v10)]}
                            for a, x in t["artifacts"]]
    if not v10 or MODE == "v10-kind-mix":
        out["kind"] = "task"
    return out


def wrap(obj, what, v10):
    return {what: obj} if v10 else obj


def status_event(t, final):
    v10 = t["v10"]
    ev = {"taskId": t["id"], "contextId": t["ctx"],
          "status": status(t["state"], v10, t.get("msg"), t["ctx"], t["id"])}
    if MODE == "event-no-taskid":
        del ev["taskId"]
    if MODE == "stream-ctx-mismatch":
        ev["contextId"] = "ctx-elsewhere"
    if not v10:
        ev["kind"] = "status-update"
        ev["final"] = final
    return wrap(ev, "statusUpdate", v10)


def artifact_event(t, aid, txt):
    v10 = t["v10"]
    ev = {"taskId": t["id"], "contextId": t["ctx"],
          "artifact": {"artifactId": aid, "parts": [text_part(txt, v10)]},
          "append": MODE == "append-first", "lastChunk": True}
    if not v10:
        ev["kind"] = "artifact-update"
    return wrap(ev, "artifactUpdate", v10)


REASONS = {-32001: "TASK_NOT_FOUND", -32002: "TASK_NOT_CANCELABLE",
           -32003: "PUSH_NOTIFICATION_NOT_SUPPORTED", -32004: "UNSUPPORTED_OPERATION",
           -32007: "EXTENDED_AGENT_CARD_NOT_CONFIGURED", -32008: "EXTENSION_SUPPORT_REQUIRED",
           -32009: "VERSION_NOT_SUPPORTED"}


def rpc_error(rid, code, msg, v10):
    err = {"code": code, "message": msg}
    if v10 and code in REASONS:
        err["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason": REASONS[code], "domain": "a2a-protocol.org", "metadata": {}}]
    return {"jsonrpc": "2.0", "id": rid, "error": err}


def rpc_result(rid, result):
    if MODE == "id-mismatch" and isinstance(rid, (int, str)):
        rid = f"{rid}-x"
    out = {"jsonrpc": "2.0", "id": rid, "result": result}
    if MODE == "result-and-error":
        out["error"] = {"code": -32603, "message": "also an error"}
    return out


# ---- HTTP writing --------------------------------------------------------------------------
def brotli_stored(data):
    """A valid brotli stream made of uncompressed meta-blocks (RFC 7932 §9.2), so a
    brotli body needs no brotli module: WBITS 16, one stored meta-block per 2^16
    bytes each, then ISLAST + ISLASTEMPTY."""
    bits = []

    def put(v, n):
        for i in range(n):
            bits.append((v >> i) & 1)

    out = bytearray()

    def flush_bits():
        while len(bits) % 8:
            bits.append(0)
        for i in range(0, len(bits), 8):
            out.append(sum(b << j for j, b in enumerate(bits[i:i + 8])))
        bits.clear()

    put(0, 1)  # WBITS = 16
    for i in range(0, len(data), 1 << 16):
        piece = data[i:i + (1 << 16)]
        put(0, 1)  # ISLAST = 0
        put(0, 2)  # MNIBBLES = 4 (the fewest: more would need a non-zero top nibble)
        put(len(piece) - 1, 16)
        put(1, 1)  # ISUNCOMPRESSED
        flush_bits()
        out += piece
    put(1, 1)  # ISLAST
    put(1, 1)  # ISLASTEMPTY
    flush_bits()
    return bytes(out)


def encode(body, req_headers):
    if MODE == "gzip":
        return gzip.compress(body), "gzip"
    if MODE == "deflate":
        return zlib.compress(body), "deflate"
    if MODE in ("br", "br-unasked"):
        return brotli_stored(body), "br"
    if MODE == "wrong-encoding":
        return body, "gzip"
    return body, None


async def send_json(w, status_code, obj, req_headers, extra=None, reason="OK"):
    if MODE == "slow":
        await asyncio.sleep(1.5)
    body, enc = encode(json.dumps(obj).encode(), req_headers)
    http10 = MODE == "http10"
    head = [f"HTTP/{'1.0' if http10 else '1.1'} {status_code} {reason}",
            "Content-Type: application/json"]
    if enc:
        head.append(f"Content-Encoding: {enc}")
    for k, v in (extra or {}).items():
        head.append(f"{k}: {v}")
    if MODE in ("close-delimited", "http10"):
        head.append("Connection: close")
        w.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await w.drain()
        return False
    if MODE == "chunked-tiny":
        head.append("Transfer-Encoding: chunked")
        w.write(("\r\n".join(head) + "\r\n\r\n").encode())
        for i in range(0, len(body), 7):
            c = body[i:i + 7]
            w.write(b"%x\r\n" % len(c) + c + b"\r\n")
            await w.drain()
        w.write(b"0\r\n\r\n")
        await w.drain()
        return True
    if MODE == "te-and-cl":
        head.append("Transfer-Encoding: chunked")
        head.append(f"Content-Length: {len(body) + 9}")
        w.write(("\r\n".join(head) + "\r\n\r\n").encode() + b"%x\r\n" % len(body) + body
                + b"\r\n0\r\n\r\n")
        await w.drain()
        return True
    if MODE == "short-body" and status_code == 200 and "result" in obj:
        head.append(f"Content-Length: {len(body) + 500}")
        w.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
        await w.drain()
        return False
    head.append(f"Content-Length: {len(body)}")
    w.write(("\r\n".join(head) + "\r\n\r\n").encode() + body)
    await w.drain()
    return True


def sse_bytes(obj):
    data = json.dumps(obj)
    if MODE == "sse-multiline-data":
        data = json.dumps(obj, indent=1)
        return "".join(f"data: {line}\n" for line in data.split("\n")) + "\n"
    if MODE == "sse-id-retry":
        return f"event: message\nid: {uuid.uuid4()}\ndata: {data}\n\n"
    if MODE == "sse-crlf-split":
        return f"data: {data}\r\n\r\n"
    if MODE == "sse-cr-only":
        return f"data: {data}\r\r"
    return f"data: {data}\n\n"


class Sse:
    """One event stream on the socket, framed and cut as the mode says."""

    def __init__(self, w):
        self.w = w
        self.chunked = MODE not in ("http10", "close-delimited", "sse-one-write")
        self.pending = b""
        self.gz = zlib.compressobj(6, zlib.DEFLATED, 31) if MODE == "gzip-sse" else None

    async def start(self):
        ctype = "application/json" if MODE == "sse-json-ctype" else "text/event-stream"
        http10 = MODE == "http10"
        head = [f"HTTP/{'1.0' if http10 else '1.1'} 200 OK", f"Content-Type: {ctype}",
                "Cache-Control: no-cache"]
        if self.gz:
            head.append("Content-Encoding: gzip")
        if self.chunked:
            head.append("Transfer-Encoding: chunked")
        else:
            head.append("Connection: close")
        self.pending = ("\r\n".join(head) + "\r\n\r\n").encode()
        if MODE != "sse-one-write":
            await self.flush()
        if MODE == "sse-heartbeat":
            await self.raw(b": ping\n\n")

    async def flush(self):
        if self.pending:
            self.w.write(self.pending)
            self.pending = b""
            await self.w.drain()

    async def raw(self, b, pieces=None):
        if self.gz:
            b = self.gz.compress(b) + self.gz.flush(zlib.Z_SYNC_FLUSH)
        if MODE == "sse-one-write":
            self.pending += b
            return
        pieces = pieces or [b]
        for p in pieces:
            self.w.write(b"%x\r\n" % len(p) + p + b"\r\n" if self.chunked else p)
            await self.w.drain()
            if len(pieces) > 1:
                await asyncio.sleep(0.05)

    async def event(self, obj):
        b = sse_bytes(obj).encode()
        pieces = None
        if MODE == "sse-split-midline":
            a, c = len(b) // 3, 2 * len(b) // 3
            pieces = [b[:a], b[a:c], b[c:]]
        elif MODE == "sse-crlf-split":
            i = b.index(b"\r\n")
            pieces = [b[:i + 1], b[i + 1:]]
        await self.raw(b, pieces)
        if MODE == "sse-heartbeat":
            await self.raw(b": keep-alive\n\n")
        if MODE == "sse-slow":
            await asyncio.sleep(0.7)

    async def end(self):
        if self.gz:
            tail = self.gz.flush()
            if tail:
                await self.raw_nogz(tail)
        if MODE == "sse-one-write":
            self.w.write(self.pending)
            self.pending = b""
            await self.w.drain()
            return False
        if self.chunked:
            self.w.write(b"0\r\n\r\n")
            await self.w.drain()
            return True
        return False

    async def raw_nogz(self, b):
        self.w.write(b"%x\r\n" % len(b) + b + b"\r\n" if self.chunked else b)
        await self.w.drain()


def reset(w):
    sock = w.get_extra_info("socket")
    if sock is not None:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    w.transport.abort()


# ---- the agent --------------------------------------------------------------------------------
def new_task(v10, ctx, skill, text):
    tid = str(uuid.uuid4())
    t = {"id": tid, "ctx": ctx or str(uuid.uuid4()), "v10": v10, "artifacts": [],
         "state": "submitted"}
    TASKS[tid] = t
    WAITERS[tid] = asyncio.Event()
    return t


def changed(t):
    e = WAITERS.get(t["id"])
    if e:
        e.set()
        WAITERS[t["id"]] = asyncio.Event()


def msg_of(params):
    m = params.get("message") if isinstance(params, dict) else None
    return m if isinstance(m, dict) else {}


def text_of(m):
    for p in m.get("parts") or []:
        if isinstance(p, dict) and isinstance(p.get("text"), str):
            return p["text"]
    return ""


def run_skill(t, skill, text):
    if skill == "input":
        t["state"], t["msg"] = "input-required", "which input?"
    elif skill in ("long", "cancel"):
        t["state"] = "working"
    elif skill == "fail":
        t["state"], t["msg"] = "failed", "failed on purpose"
    else:
        t["state"] = "completed"
        t["artifacts"] = [("a1", f"done: {text}")]


async def on_send(w, rid, params, v10, hdrs, stream):
    m = msg_of(params)
    if not m:
        return await send_json(w, 200, rpc_error(rid, -32602, "message required", v10), hdrs)
    text = text_of(m)
    skill = ((m.get("metadata") or {}).get("skill") if isinstance(m.get("metadata"), dict)
             else None) or (text.split() or ["task"])[0]
    tid = m.get("taskId")
    if stream and MODE in ("no-streaming", "stream-refused-declared"):
        return await send_json(w, 200, rpc_error(rid, -32004, "streaming not supported", v10),
                               hdrs)
    if MODE == "reset-on-send" and not stream:
        reset(w)
        return False
    if tid:
        t = TASKS.get(tid)
        if t is None:
            return await send_json(w, 200, rpc_error(rid, -32001, "task not found", v10), hdrs)
        if t["state"] in ("completed", "failed", "canceled", "rejected"):
            if MODE == "terminal-followup-ok":
                return await send_json(w, 200, rpc_result(rid, wrap(task_view(t), "task", v10)),
                                       hdrs)
            # v10-followup-terminal-invalid: a2a-sdk's "Task ... is in terminal state" (-32602)
            code = -32602 if MODE == "v10-followup-terminal-invalid" else -32004
            return await send_json(
                w, 200, rpc_error(rid, code, "task is in a terminal state", v10), hdrs)
        if stream:
            return await stream_task(w, rid, t, hdrs, resumed=True, text=text)
        t["state"] = "completed"
        t["artifacts"] = [("a1", f"done: {text}")]
        t.pop("msg", None)
        changed(t)
        return await send_json(w, 200, rpc_result(rid, wrap(task_view(t), "task", v10)), hdrs)
    if skill == "echo" or MODE == "message-reply":
        reply = {"role": "ROLE_AGENT" if v10 else "agent", "messageId": str(uuid.uuid4()),
                 "parts": [text_part(f"echo: {text}", v10)],
                 "contextId": m.get("contextId") or str(uuid.uuid4())}
        if not v10:
            reply["kind"] = "message"
        if not stream:
            return await send_json(w, 200, rpc_result(rid, wrap(reply, "message", v10)), hdrs)
        s = Sse(w)
        await s.start()
        await s.event(rpc_result(rid, wrap(reply, "message", v10)))
        return await s.end()
    t = new_task(v10, m.get("contextId"), skill, text)
    if not stream:
        run_skill(t, skill, text)
        return await send_json(w, 200, rpc_result(rid, wrap(task_view(t), "task", v10)), hdrs)
    return await stream_task(w, rid, t, hdrs, skill=skill, text=text)


async def stream_task(w, rid, t, hdrs, skill="task", text="", resumed=False):
    v10 = t["v10"]
    s = Sse(w)
    await s.start()
    if MODE != "v10-no-task-first":
        await s.event(rpc_result(rid, wrap(task_view(t), "task", v10)))
    t["state"] = "working"
    t.pop("msg", None)
    if resumed:
        skill = "task"
    await s.event(rpc_result(rid, status_event(t, MODE == "final-on-working")))
    if MODE == "sse-no-final":
        return await s.end()
    if MODE == "sse-rst":
        await asyncio.sleep(0.1)
        reset(w)
        return False
    if MODE == "sse-bad-json":
        await s.raw(b"data: {not json at all\n\n")
    if MODE == "sse-empty-data":
        await s.raw(b"data:\n\n")
    if skill in ("long", "cancel"):
        while t["state"] == "working":
            await WAITERS[t["id"]].wait()
        await s.event(rpc_result(rid, status_event(t, True)))
        return await s.end()
    run_skill(t, skill, text)
    for aid, txt in t["artifacts"]:
        await s.event(rpc_result(rid, artifact_event(t, aid, txt)))
        if MODE == "chunk-after-last":
            late = artifact_event(t, aid, "")
            late["append"] = True
            await s.event(rpc_result(rid, late))
    last = rpc_result(rid, status_event(t, True))
    if MODE == "sse-unterminated":
        b = sse_bytes(last).encode().rstrip(b"\n")
        await s.raw(b)
        return await s.end()
    await s.event(last)
    if MODE == "sse-after-final":
        await s.event(rpc_result(rid, artifact_event(t, "a2", "late")))
    return await s.end()


async def on_get(w, rid, params, v10, hdrs):
    t = TASKS.get((params or {}).get("id")) if isinstance(params, dict) else None
    if t is None:
        if MODE in ("wrong-error-code", "v10-wrong-error-code"):
            return await send_json(w, 200, rpc_error(rid, -32603, "internal error", v10), hdrs)
        return await send_json(w, 200, rpc_error(rid, -32001, "task not found", v10), hdrs)
    view = task_view(t)
    if MODE == "terminal-reopened" and t["state"] == "completed":
        view["status"]["state"] = state_name("working", v10)
    if MODE == "context-change":
        view["contextId"] = "ctx-changed"
    return await send_json(w, 200, rpc_result(rid, view), hdrs)


async def on_cancel(w, rid, params, v10, hdrs):
    t = TASKS.get((params or {}).get("id")) if isinstance(params, dict) else None
    if t is None:
        return await send_json(w, 200, rpc_error(rid, -32001, "task not found", v10), hdrs)
    if t["state"] in ("completed", "failed", "canceled", "rejected"):
        if MODE == "cancel-terminal-ok":
            view = task_view(t)
            view["status"]["state"] = state_name("canceled", v10)
            return await send_json(w, 200, rpc_result(rid, view), hdrs)
        code, text = {"cancel-terminal-invalid-params": (-32602, "invalid params"),
                      "v10-cancel-terminal-internal": (-32603, "internal error")}.get(
            MODE, (-32002, "task not cancelable"))
        return await send_json(w, 200, rpc_error(rid, code, text, v10), hdrs)
    t["state"] = "canceled"
    t.pop("msg", None)
    changed(t)
    return await send_json(w, 200, rpc_result(rid, task_view(t)), hdrs)


async def on_subscribe(w, rid, params, v10, hdrs):
    t = TASKS.get((params or {}).get("id")) if isinstance(params, dict) else None
    if t is None:
        return await send_json(w, 200, rpc_error(rid, -32001, "task not found", v10), hdrs)
    if t["state"] in ("completed", "failed", "canceled", "rejected"):
        code, text = (-32603, "internal error") if MODE == "v10-subscribe-terminal-internal" \
            else (-32004, "task is terminal")
        return await send_json(w, 200, rpc_error(rid, code, text, v10), hdrs)
    s = Sse(w)
    await s.start()
    await s.event(rpc_result(rid, wrap(task_view(t), "task", v10)))
    while t["state"] in ("working", "submitted"):
        await WAITERS[t["id"]].wait()
    await s.event(rpc_result(rid, status_event(t, True)))
    return await s.end()


METHODS10 = {"SendMessage": "send", "SendStreamingMessage": "stream", "GetTask": "get",
             "CancelTask": "cancel", "SubscribeToTask": "subscribe"}
METHODS03 = {"message/send": "send", "message/stream": "stream", "tasks/get": "get",
             "tasks/cancel": "cancel", "tasks/resubscribe": "subscribe"}


async def on_rpc(w, body, hdrs):
    try:
        req = json.loads(body)
    except ValueError:
        return await send_json(w, 200, {"jsonrpc": "2.0", "id": None,
                                        "error": {"code": -32700, "message": "parse error"}},
                               hdrs)
    if not isinstance(req, dict):
        return await send_json(w, 200, {"jsonrpc": "2.0", "id": None,
                                        "error": {"code": -32600, "message": "invalid"}}, hdrs)
    rid, method, params = req.get("id"), req.get("method"), req.get("params")
    if not isinstance(method, str):
        # invalid-request-params: a2a-js 1.x maps "Invalid JSON-RPC Request." to -32602
        code = -32602 if MODE == "invalid-request-params" else -32600
        return await send_json(w, 200, {"jsonrpc": "2.0", "id": rid if isinstance(
            rid, (str, int)) else None, "error": {"code": code, "message": "invalid"}}, hdrs)
    v10 = method in METHODS10
    asked = hdrs.get("a2a-version", "")
    if is10() and asked and asked not in ("1.0", "0.3") and method in METHODS10:
        code, text = {"v10-version-internal": (-32603, "internal error"),
                      "v10-version-method-not-found": (-32601, "method not found")}.get(
            MODE, (-32009, "version not supported"))
        return await send_json(w, 200, rpc_error(rid, code, text, True), hdrs)
    if v10 and not is10():
        return await send_json(w, 200, rpc_error(rid, -32601, "method not found", False), hdrs)
    if not v10 and is10() and MODE not in ("v10-dual", "v10-serves-03"):
        if method in METHODS03 or str(method).startswith("tasks/"):
            return await send_json(w, 200, rpc_error(rid, -32009, "version not supported",
                                                     True), hdrs)
    op = METHODS10.get(method) or METHODS03.get(method)
    if op in ("send", "stream") and MODE in ("v10-ext-required", "v10-ext-required-internal") \
            and EXT_URI not in [u.strip() for u in hdrs.get("a2a-extensions", "").split(",")]:
        code, text = (-32603, "internal error") if MODE == "v10-ext-required-internal" \
            else (-32008, f"extension {EXT_URI} is required")
        return await send_json(w, 200, rpc_error(rid, code, text, True), hdrs)
    if op in ("send", "stream"):
        return await on_send(w, rid, params, v10, hdrs, op == "stream")
    if op == "get":
        return await on_get(w, rid, params, v10, hdrs)
    if op == "cancel":
        return await on_cancel(w, rid, params, v10, hdrs)
    if op == "subscribe":
        return await on_subscribe(w, rid, params, v10, hdrs)
    if method in ("tasks/pushNotificationConfig/set", "CreateTaskPushNotificationConfig",
                  "tasks/pushNotificationConfig/get", "GetTaskPushNotificationConfig",
                  "tasks/pushNotificationConfig/list", "ListTaskPushNotificationConfigs",
                  "tasks/pushNotificationConfig/delete", "DeleteTaskPushNotificationConfig"):
        if MODE == "v10-push-accepted" and method == "CreateTaskPushNotificationConfig":
            cfg = dict(params) if isinstance(params, dict) else {}
            cfg.setdefault("id", str(uuid.uuid4()))
            return await send_json(w, 200, rpc_result(rid, cfg), hdrs)
        code, text = {"push-unsupported-operation": (-32004, "operation not supported"),
                      "v10-push-internal": (-32603, "internal error")}.get(
            MODE, (-32003, "push not supported"))
        return await send_json(w, 200, rpc_error(rid, code, text, is10()), hdrs)
    if method == "ListTasks":
        return await send_json(w, 200, rpc_error(rid, -32004, "not supported", is10()), hdrs)
    if method in ("GetExtendedAgentCard", "agent/getAuthenticatedExtendedCard"):
        return await send_json(w, 200, rpc_error(rid, -32007 if not v10 else -32004,
                                                 "no extended card", v10), hdrs)
    if MODE == "unknown-method-internal":
        # a dispatcher whose handler lookup raises for a name it does not have
        return await send_json(w, 200, rpc_error(rid, -32603, "internal error", is10()), hdrs)
    return await send_json(w, 200, rpc_error(rid, -32601, "method not found", is10()), hdrs)


async def handle(r, w):
    try:
        while True:
            head = await r.readuntil(b"\r\n\r\n")
            lines = head.decode("latin-1").split("\r\n")
            method, target, _ = (lines[0].split(" ", 2) + ["", ""])[:3]
            hdrs = {}
            for ln in lines[1:]:
                if ":" in ln:
                    k, v = ln.split(":", 1)
                    hdrs[k.strip().lower()] = v.strip()
            body = b""
            if "content-length" in hdrs:
                body = await r.readexactly(int(hdrs["content-length"]))
            elif hdrs.get("transfer-encoding", "").lower() == "chunked":
                while True:
                    size = int((await r.readuntil(b"\r\n")).split(b";")[0], 16)
                    chunk = await r.readexactly(size + 2)
                    body += chunk[:-2]
                    if size == 0:
                        break
            path = target.split("?")[0]
            if "://" in path:
                path = "/" + path.split("://", 1)[1].partition("/")[2]
            keep = await route(w, method, path, body, hdrs)
            if not keep or hdrs.get("connection", "").lower() == "close":
                break
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        pass
    finally:
        try:
            w.close()
        except Exception:
            pass


async def route(w, method, path, body, hdrs):
    card_paths = ("/.well-known/agent.json",) if MODE == "control-02" else (
        "/.well-known/agent-card.json",)
    if method == "GET" and path in card_paths:
        extra = {"Cache-Control": "max-age=60", "ETag": '"misbehave-1"'} if is10() else None
        return await send_json(w, 200, card(), hdrs, extra)
    if method == "POST":
        if MODE in ("card-404", "card-405") and path == "/a2a":
            code = 404 if MODE == "card-404" else 405
            return await send_json(w, code, {"error": "no such route"}, hdrs,
                                   reason="Not Found" if code == 404 else "Method Not Allowed")
        if path == rpc_path() or (MODE == "card-url-is-card" and path in card_paths) or \
                path == "/":
            return await on_rpc(w, body, hdrs)
    return await send_json(w, 404, {"error": "not found"}, hdrs, reason="Not Found")


async def main():
    global ARGS, MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="control-03")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    ARGS = p.parse_args()
    if ARGS.list:
        for m, (k, d) in MODES.items():
            print(f"{m}\t{k}\t{d}")
        return
    if ARGS.mode not in MODES:
        sys.exit(f"misbehave: unknown mode {ARGS.mode!r} (--list names them)")
    MODE = ARGS.mode
    srv = await asyncio.start_server(handle, "127.0.0.1", ARGS.port)
    ARGS.bound = srv.sockets[0].getsockname()[1]
    print(ARGS.bound, flush=True)
    async with srv:
        await srv.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
