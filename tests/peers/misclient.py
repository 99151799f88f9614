#!/usr/bin/env python3
"""A deliberately misbehaving (and, for the controls, merely unusual) A2A client on raw
stdlib sockets: it sends bytes no HTTP library would. One wire fault or legal bend per
`--mode`, against one agent (directly, or through `a2a-interop proxy`).

    python3 misclient.py --mode MODE URL        # prints one JSON line (below)
    python3 misclient.py --list                 # the modes, one a line: NAME KIND WHAT

The agents are the correct ones of this repository: the reference agent
(`a2a-interop demo --agent-only`, skills by first word: echo, task, slow, input, cancel,
fail) and the SDK agents of tests/peers (the same skills). 1.0 calls carry
`A2A-Version: 1.0`; 0.3 calls carry none (VER-003: none means 0.3).

The JSON line: {"mode", "answers": [HTTP status or "none", per request in send order],
"sent": [each request body as the agent must receive it, decoded from any chunking, UTF-8],
"ids": {name: task id the run used}, "error": text or null}. The driver
(misclient_drive.py) checks "sent" against the recording and "answers" against a direct
run. Exit 0 unless the agent could not be reached at all.
"""
import argparse
import json
import socket
import struct
import sys
import time
import uuid
from urllib.parse import urlparse

TIMEOUT = 10.0


class Client:
    """The agent's address and what the run sent and got."""

    def __init__(self, url):
        u = urlparse(url)
        self.host = u.hostname
        self.port = u.port or 80
        self.authority = f"{self.host}:{self.port}"
        self.answers = []
        self.sent = []
        self.ids = {}

    def connect(self):
        s = socket.create_connection((self.host, self.port), timeout=TIMEOUT)
        s.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        return s

    # -- HTTP/1.1 -------------------------------------------------------------------------

    def head(self, body_len, headers=(), method="POST", target="/", version="HTTP/1.1",
             ctype="application/json", close=True, length=True):
        h = [f"{method} {target} {version}", f"Host: {self.authority}"]
        if ctype:
            h.append(f"Content-Type: {ctype}")
        if length and body_len is not None:
            h.append(f"Content-Length: {body_len}")
        if close:
            h.append("Connection: close")
        h.extend(headers)
        return ("\r\n".join(h) + "\r\n\r\n").encode()

    def request(self, body, headers=(), **kw):
        """One request on its own connection (`Connection: close`): the parsed answer."""
        b = body.encode() if isinstance(body, str) else body
        s = self.connect()
        try:
            s.sendall(self.head(len(b), headers, **kw) + b)
            self.sent.append(b.decode("utf-8", "replace"))
            rd = Reader(s)
            r = rd.response()
            while r and 100 <= r["status"] < 200:
                r = rd.response()
        finally:
            s.close()
        self.answers.append(r["status"] if r else "none")
        return r

    def rpc(self, method, params, v10=True, rid=1, headers=(), **kw):
        env = {"jsonrpc": "2.0", "id": rid, "method": method, "params": params}
        h = list(headers) + (["A2A-Version: 1.0"] if v10 else [])
        return self.request(json.dumps(env), h, **kw)

    # -- A2A steps ------------------------------------------------------------------------

    def send10(self, text, task=None, ctx=None, mid=None, extra=None):
        m = {"role": "ROLE_USER", "messageId": mid or str(uuid.uuid4()), "parts": [{"text": text}]}
        if task:
            m["taskId"] = task
        if ctx:
            m["contextId"] = ctx
        p = {"message": m}
        if extra:
            p.update(extra)
        return self.rpc("SendMessage", p)

    def send03(self, text, task=None, ctx=None, headers=()):
        m = {"kind": "message", "role": "user", "messageId": str(uuid.uuid4()),
             "parts": [{"kind": "text", "text": text}]}
        if task:
            m["taskId"] = task
        if ctx:
            m["contextId"] = ctx
        return self.rpc("message/send", {"message": m}, v10=False, headers=headers)


def result(r):
    """The JSON-RPC result of an answer, or {}."""
    try:
        return json.loads(r["body"]).get("result") or {}
    except Exception:
        return {}


def task_of(r):
    """(id, contextId) of the Task an answer carries (1.0 {"task": ...} or a 0.3 Task)."""
    res = result(r)
    t = res.get("task", res)
    return t.get("id"), t.get("contextId")


class Reader:
    """HTTP/1.x answers read off one socket (Content-Length, chunked or close-delimited)."""

    def __init__(self, s):
        self.s = s
        self.buf = b""

    def fill(self):
        try:
            d = self.s.recv(65536)
        except (socket.timeout, OSError):
            return False
        if not d:
            return False
        self.buf += d
        return True

    def response(self, head_only=False):
        while b"\r\n\r\n" not in self.buf:
            if not self.fill():
                return None
        raw, self.buf = self.buf.split(b"\r\n\r\n", 1)
        lines = raw.decode("latin-1").split("\r\n")
        try:
            status = int(lines[0].split()[1])
        except (IndexError, ValueError):
            return None
        hdrs = {}
        for l in lines[1:]:
            k, _, v = l.partition(":")
            hdrs[k.strip().lower()] = v.strip()
        r = {"status": status, "headers": hdrs, "body": b""}
        if head_only or 100 <= status < 200:
            return r
        if "chunked" in hdrs.get("transfer-encoding", "").lower():
            body = b""
            while True:
                while b"\r\n" not in self.buf:
                    if not self.fill():
                        r["body"] = body
                        return r
                line, self.buf = self.buf.split(b"\r\n", 1)
                n = int(line.split(b";")[0] or b"0", 16)
                if n == 0:
                    while b"\r\n\r\n" not in b"\r\n" + self.buf:
                        if not self.fill():
                            break
                    self.buf = self.buf.split(b"\r\n", 1)[-1] if self.buf.startswith(b"\r\n") else self.buf.split(b"\r\n\r\n", 1)[-1]
                    break
                while len(self.buf) < n + 2:
                    if not self.fill():
                        break
                body += self.buf[:n]
                self.buf = self.buf[n + 2:]
            r["body"] = body
        elif "content-length" in hdrs:
            n = int(hdrs["content-length"])
            while len(self.buf) < n:
                if not self.fill():
                    break
            r["body"], self.buf = self.buf[:n], self.buf[n:]
        else:
            while self.fill():
                pass
            r["body"], self.buf = self.buf, b""
        return r


def msg10(text, mid=None):
    return {"role": "ROLE_USER", "messageId": mid or str(uuid.uuid4()), "parts": [{"text": text}]}


def env(method, params, rid=1):
    return json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})


# ---------------------------------------------------------------------------------------------
# Modes. Each takes the Client; KIND is "legal" (a bend the protocol and HTTP allow) or
# "fault" (the client breaks a rule).


def m_control_10(c):
    t, _ = task_of(c.send10("task hello"))
    c.rpc("GetTask", {"id": t})


def m_control_03(c):
    r = c.send03("task hello")
    t, _ = task_of(r)
    c.rpc("tasks/get", {"id": t}, v10=False)


def m_followup_terminal(c):
    t, ctx = task_of(c.send10("task done"))
    c.ids["task"] = t
    c.send10("task again", task=t, ctx=ctx)


def m_followup_terminal_03(c):
    t, ctx = task_of(c.send03("task done"))
    c.send03("task again", task=t, ctx=ctx)


def m_task_other_context(c):
    a, _ = task_of(c.send10("input first"))
    _, ctx_b = task_of(c.send10("task second"))
    c.send10("more", task=a, ctx=ctx_b)


def m_task_fresh_context(c):
    a, _ = task_of(c.send10("input first"))
    c.send10("more", task=a, ctx=str(uuid.uuid4()))


def m_input_followup(c):
    a, ctx = task_of(c.send10("input first"))
    c.send10("more", task=a, ctx=ctx)


def m_msgid_reuse(c):
    c.send10("task one", mid="m-breaker42-reused")
    c.send10("task two, other words", mid="m-breaker42-reused")


def m_msgid_retry(c):
    m = msg10("echo retried", mid="m-breaker42-retry")
    body = env("SendMessage", {"message": m})
    c.request(body, ["A2A-Version: 1.0"])
    c.request(body, ["A2A-Version: 1.0"])


def m_client_task_id(c):
    c.send10("task hello", task="client-made-" + str(uuid.uuid4()))


def m_subscribe_unknown(c):
    c.rpc("SubscribeToTask", {"id": str(uuid.uuid4())})


def m_subscribe_finished(c):
    t, _ = task_of(c.send10("task done"))
    c.rpc("SubscribeToTask", {"id": t})


def m_resubscribe_unknown_03(c):
    c.rpc("tasks/resubscribe", {"id": str(uuid.uuid4())}, v10=False)


def m_cancel_twice(c):
    t, _ = task_of(c.send10("cancel me", extra={"configuration": {"returnImmediately": True}}))
    c.rpc("CancelTask", {"id": t})
    c.rpc("CancelTask", {"id": t}, rid=2)


def m_v03_with_v10_header(c):
    m = {"kind": "message", "role": "user", "messageId": str(uuid.uuid4()),
         "parts": [{"kind": "text", "text": "task hello"}]}
    c.rpc("message/send", {"message": m}, v10=True)


def m_v10_with_v03_header(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, v10=False, headers=["A2A-Version: 0.3"])


def m_v10_no_header(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, v10=False)


def m_part_wrong_shape_10(c):
    m = msg10("x")
    m["parts"] = [{"content": "hello", "mime": "text/plain"}]
    c.rpc("SendMessage", {"message": m})


def m_part_wrong_shape_03(c):
    m = {"kind": "message", "role": "user", "messageId": str(uuid.uuid4()),
         "parts": [{"text": "task hello"}]}
    c.rpc("message/send", {"message": m}, v10=False)


def m_batch(c):
    t, _ = task_of(c.send10("task hello"))
    body = "[" + env("GetTask", {"id": t}, 1) + "," + env("GetTask", {"id": t}, 2) + "]"
    c.request(body, ["A2A-Version: 1.0"])


def m_batch_dup_id(c):
    t, _ = task_of(c.send10("task hello"))
    body = "[" + env("GetTask", {"id": t}, 5) + "," + env("GetTask", {"id": t}, 5) + "]"
    c.request(body, ["A2A-Version: 1.0"])


def m_notification(c):
    body = json.dumps({"jsonrpc": "2.0", "method": "SendMessage",
                       "params": {"message": msg10("task hello")}})
    c.request(body, ["A2A-Version: 1.0"])


def m_id_null(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, rid=None)


def m_id_string(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, rid="req-é-1")


def m_id_reused_conn(c):
    """Two calls, one after the other, on one keep-alive connection, both id 7."""
    s = c.connect()
    rd = Reader(s)
    try:
        for text in ("task one", "task two"):
            b = env("SendMessage", {"message": msg10(text)}, 7).encode()
            s.sendall(c.head(len(b), ["A2A-Version: 1.0"], close=False) + b)
            c.sent.append(b.decode())
            r = rd.response()
            c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_unknown_method_case(c):
    c.rpc("sendMessage", {"message": msg10("task hello")})


def m_params_array(c):
    c.rpc("SendMessage", [msg10("task hello")])


def m_no_jsonrpc(c):
    body = json.dumps({"id": 1, "method": "SendMessage", "params": {"message": msg10("task hello")}})
    c.request(body, ["A2A-Version: 1.0"])


def m_wrong_content_type(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, ctype="text/plain")


def m_content_type_charset(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, ctype="application/json; charset=utf-8")


def m_accept_sse_unary(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, headers=["Accept: text/event-stream"])


def m_pipelined(c):
    """Two requests written in one TCP write on one connection, answers read after."""
    s = c.connect()
    rd = Reader(s)
    try:
        b1 = env("SendMessage", {"message": msg10("task one")}, 1).encode()
        b2 = env("SendMessage", {"message": msg10("task two")}, 2).encode()
        s.sendall(c.head(len(b1), ["A2A-Version: 1.0"], close=False) + b1
                  + c.head(len(b2), ["A2A-Version: 1.0"]) + b2)
        c.sent += [b1.decode(), b2.decode()]
        for _ in range(2):
            r = rd.response()
            c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_expect_continue(c):
    """`Expect: 100-continue`: the head alone, the body only after the interim 100."""
    s = c.connect()
    rd = Reader(s)
    try:
        b = env("SendMessage", {"message": msg10("task hello")}).encode()
        s.sendall(c.head(len(b), ["A2A-Version: 1.0", "Expect: 100-continue"]))
        r = rd.response(head_only=True)
        c.ids["interim"] = r["status"] if r else "none"
        s.sendall(b)
        c.sent.append(b.decode())
        if r and r["status"] == 100:
            r = rd.response()
        c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_expect_no_wait(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, headers=["Expect: 100-continue"])


def m_chunked_trailers(c):
    """A chunked request body in 3 chunks with a declared trailer field."""
    b = env("SendMessage", {"message": msg10("task chunked")}).encode()
    parts = [b[:10], b[10:40], b[40:]]
    wire = b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in parts) + b"0\r\nX-Checksum: 42\r\n\r\n"
    s = c.connect()
    try:
        s.sendall(c.head(None, ["A2A-Version: 1.0", "Transfer-Encoding: chunked",
                                "Trailer: X-Checksum"]) + wire)
        c.sent.append(b.decode())
        r = Reader(s).response()
        c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_chunked_bad(c):
    """A chunked body whose second chunk size is no hex number."""
    b = env("SendMessage", {"message": msg10("task chunked")}).encode()
    wire = b"%x\r\n%s\r\nzz\r\n%s\r\n0\r\n\r\n" % (10, b[:10], b[10:])
    s = c.connect()
    try:
        s.sendall(c.head(None, ["A2A-Version: 1.0", "Transfer-Encoding: chunked"]) + wire)
        r = Reader(s).response()
        c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_body_short(c):
    """Content-Length says 400, 120 bytes come, then the client closes."""
    b = env("SendMessage", {"message": msg10("task " + "x" * 300)}).encode()
    s = c.connect()
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0"]) + b[:120])
        time.sleep(0.3)
    finally:
        s.close()
    c.answers.append("none")
    c.ids["cut_at"] = 120


def m_body_long(c):
    """A whole request, then 40 bytes more than its Content-Length on the same connection."""
    b = env("SendMessage", {"message": msg10("task hello")}).encode()
    s = c.connect()
    rd = Reader(s)
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0"], close=False) + b
                  + b'{"jsonrpc":"2.0","id":9,"method":"x"}\r\n\r\n')
        c.sent.append(b.decode())
        for _ in range(2):
            r = rd.response()
            c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_head_stall(c):
    """Half a request head, 2 s of silence, then the client goes away."""
    s = c.connect()
    try:
        s.sendall(b"POST / HTTP/1.1\r\nHost: " + c.authority.encode() + b"\r\nContent-Ty")
        time.sleep(2)
    finally:
        s.close()
    c.answers.append("none")


def m_body_stall(c):
    """The head and half the body, 2 s of silence, then the rest: a slow but whole request."""
    b = env("SendMessage", {"message": msg10("task slowly sent")}).encode()
    s = c.connect()
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0"]) + b[:30])
        time.sleep(2)
        s.sendall(b[30:])
        c.sent.append(b.decode())
        r = Reader(s).response()
        c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_half_close(c):
    """The whole request, then shutdown(SHUT_WR) (printf | nc -N), then the answer is read."""
    b = env("SendMessage", {"message": msg10("task hello")}).encode()
    s = c.connect()
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0"]) + b)
        s.shutdown(socket.SHUT_WR)
        c.sent.append(b.decode())
        r = Reader(s).response()
        c.answers.append(r["status"] if r else "none")
    finally:
        s.close()


def m_abort_mid_stream(c):
    """A streaming send of the slow skill; the client reads the first event and resets."""
    b = env("SendStreamingMessage", {"message": msg10("slow hello")}).encode()
    s = c.connect()
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0", "Accept: text/event-stream"]) + b)
        c.sent.append(b.decode())
        rd = Reader(s)
        r = rd.response(head_only=True)
        while b"\n\n" not in rd.buf and b"\r\n\r\n" not in rd.buf[4:]:
            if not rd.fill():
                break
        c.answers.append(r["status"] if r else "none")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    finally:
        s.close()


def m_stream_whole(c):
    b = env("SendStreamingMessage", {"message": msg10("slow hello")}).encode()
    r = c.request(b, ["A2A-Version: 1.0", "Accept: text/event-stream"])
    c.ids["events"] = r["body"].count(b"data:") if r else 0


def m_http10(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, version="HTTP/1.0", close=False)


def m_absolute_form(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, target=f"http://{c.authority}/")


def m_huge_header(c):
    c.rpc("SendMessage", {"message": msg10("task hello")}, headers=["X-Trace-Blob: " + "a" * 32768])


def m_many_headers(c):
    c.rpc("SendMessage", {"message": msg10("task hello")},
          headers=[f"X-Extra-{i}: {i}" for i in range(120)])


def m_cl_counts_chars(c):
    """Content-Length counted in characters, not bytes (JavaScript's body.length), on a body
    with non-ASCII text, on a kept-alive connection: the agent reads a body cut short, and
    its last bytes are read as the start of a next request."""
    b = env("SendMessage", {"message": msg10("task héllo wörld ✓ ✓ ✓ ok")}, 1)
    raw = json.dumps(json.loads(b), ensure_ascii=False).encode()
    chars = len(raw.decode())
    s = c.connect()
    rd = Reader(s)
    try:
        s.sendall(c.head(chars, ["A2A-Version: 1.0"], close=False) + raw)
        c.sent.append(raw[:chars].decode("utf-8", "replace"))
        for _ in range(2):
            r = rd.response()
            c.answers.append(r["status"] if r else "none")
    finally:
        s.close()
    c.ids["cut"] = [chars, len(raw)]


def m_subscribe_during_stream(c):
    """A slow streaming send and, after its first event, SubscribeToTask on its task on a
    second connection; both read to their end."""
    b = env("SendStreamingMessage", {"message": msg10("slow hello")}).encode()
    s = c.connect()
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0", "Accept: text/event-stream"]) + b)
        c.sent.append(b.decode())
        rd = Reader(s)
        r = rd.response(head_only=True)
        while b"\n\n" not in rd.buf.replace(b"\r\n", b"\n"):
            if not rd.fill():
                break
        first = rd.buf.replace(b"\r\n", b"\n").split(b"\n\n", 1)[0]
        data = b"".join(l[5:] for l in first.split(b"\n") if l.startswith(b"data:"))
        res = json.loads(data).get("result", {})
        t = (res.get("task") or {}).get("id") or (res.get("statusUpdate") or {}).get("taskId")
        sub = c.rpc("SubscribeToTask", {"id": t}, rid=2, headers=["Accept: text/event-stream"])
        while rd.fill():
            pass
        c.answers.insert(0, r["status"] if r else "none")
        c.ids["subscribe_events"] = sub["body"].count(b"data:") if sub else 0
    finally:
        s.close()


def m_slow_reader(c):
    """A slow stream read 1 byte at a time with pauses (a client that lags behind)."""
    b = env("SendStreamingMessage", {"message": msg10("slow hello")}).encode()
    s = c.connect()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1024)
    try:
        s.sendall(c.head(len(b), ["A2A-Version: 1.0", "Accept: text/event-stream"]) + b)
        c.sent.append(b.decode())
        time.sleep(1.5)
        got = b""
        while True:
            try:
                d = s.recv(64)
            except OSError:
                break
            if not d:
                break
            got += d
            time.sleep(0.002)
        c.answers.append(int(got.split(b" ", 2)[1]) if got.startswith(b"HTTP/") else "none")
        c.ids["events"] = got.count(b"data:")
    finally:
        s.close()


# -- h2c prior knowledge ----------------------------------------------------------------------


def h2_frame(kind, flags, stream, payload=b""):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def hpack_literal(name, value):
    """A literal header field without indexing, new name, no Huffman (RFC 7541 §6.2.2)."""
    def s(x):
        x = x.encode()
        assert len(x) < 127
        return bytes([len(x)]) + x
    return b"\x00" + s(name) + s(value)


def h2_request(c, sock, stream, body, extra=()):
    hdrs = [(":method", "POST"), (":scheme", "http"), (":path", "/"), (":authority", c.authority),
            ("content-type", "application/json"), ("a2a-version", "1.0"),
            ("content-length", str(len(body)))] + list(extra)
    block = b"".join(hpack_literal(k, v) for k, v in hdrs)
    sock.sendall(h2_frame(1, 0x4, stream, block) + h2_frame(0, 0x1, stream, body))
    c.sent.append(body.decode())


def h2_frames(sock, until):
    """Reads frames (answering SETTINGS with ACK) until `until(frame)` is true or EOF:
    the frames read, each (type, flags, stream, payload)."""
    buf, out = b"", []
    while True:
        while len(buf) >= 9:
            n = int.from_bytes(buf[:3], "big")
            if len(buf) < 9 + n:
                break
            f = (buf[3], buf[4], int.from_bytes(buf[5:9], "big") & 0x7FFFFFFF, buf[9:9 + n])
            buf = buf[9 + n:]
            if f[0] == 4 and not f[1] & 1:
                sock.sendall(h2_frame(4, 1, 0))
            out.append(f)
            if until(f):
                return out
        try:
            d = sock.recv(65536)
        except (socket.timeout, OSError):
            return out
        if not d:
            return out
        buf += d


def h2_status(frames, stream):
    for t, _, s, p in frames:
        if t == 1 and s == stream and p:
            # RFC 7541 Appendix A static table: 0x88 :status 200, 0x8d 404, 0x8c 400.
            return {0x88: 200, 0x89: 204, 0x8c: 400, 0x8d: 404, 0x8e: 500}.get(p[0], "other")
    return "none"


def m_h2c_unary(c):
    s = c.connect()
    try:
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + h2_frame(4, 0, 0))
        h2_request(c, s, 1, env("SendMessage", {"message": msg10("task over h2c")}).encode())
        fr = h2_frames(s, lambda f: f[2] == 1 and f[1] & 1 and f[0] in (0, 1))
        c.answers.append(h2_status(fr, 1))
    finally:
        s.close()


def m_h2c_stream_reset(c):
    """h2c prior knowledge: a streaming send of the slow skill, RST_STREAM (CANCEL) after its
    first DATA frame, then a unary send on stream 3 of the same connection."""
    s = c.connect()
    try:
        s.sendall(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + h2_frame(4, 0, 0))
        h2_request(c, s, 1, env("SendStreamingMessage", {"message": msg10("slow hello")}).encode())
        fr = h2_frames(s, lambda f: f[0] == 0 and f[2] == 1 and f[3])
        c.answers.append(h2_status(fr, 1))
        s.sendall(h2_frame(3, 0, 1, struct.pack(">I", 0x8)))
        h2_request(c, s, 3, env("SendMessage", {"message": msg10("task after reset")}, 3).encode())
        fr = h2_frames(s, lambda f: f[2] == 3 and f[1] & 1 and f[0] in (0, 1))
        c.answers.append(h2_status(fr, 3))
    finally:
        s.close()


MODES = {
    # name: (function, kind, what)
    "control-10": (m_control_10, "legal", "1.0 SendMessage task, GetTask"),
    "control-03": (m_control_03, "legal", "0.3 message/send task, tasks/get, no A2A-Version"),
    "input-followup": (m_input_followup, "legal", "follow-up to an input-required task, its own contextId"),
    "followup-terminal": (m_followup_terminal, "legal", "1.0 follow-up naming a completed task (the agent must refuse)"),
    "followup-terminal-03": (m_followup_terminal_03, "legal", "0.3 follow-up naming a completed task"),
    "task-other-context": (m_task_other_context, "fault", "taskId of an input-required task with another task's contextId"),
    "task-fresh-context": (m_task_fresh_context, "fault", "taskId of an input-required task with a fresh contextId"),
    "msgid-reuse": (m_msgid_reuse, "fault", "one messageId for two different messages"),
    "msgid-retry": (m_msgid_retry, "legal", "the same message sent twice under its messageId (a retry)"),
    "client-task-id": (m_client_task_id, "legal", "a client-made taskId no agent handed out (TaskNotFound expected)"),
    "subscribe-unknown": (m_subscribe_unknown, "legal", "SubscribeToTask on an unknown task id"),
    "subscribe-finished": (m_subscribe_finished, "legal", "SubscribeToTask on a completed task"),
    "resubscribe-unknown-03": (m_resubscribe_unknown_03, "legal", "0.3 tasks/resubscribe on an unknown task id"),
    "cancel-twice": (m_cancel_twice, "legal", "CancelTask twice on one task"),
    "v03-with-v10-header": (m_v03_with_v10_header, "fault", "0.3 message/send under A2A-Version: 1.0"),
    "v10-with-v03-header": (m_v10_with_v03_header, "fault", "1.0 SendMessage under A2A-Version: 0.3"),
    "v10-no-header": (m_v10_no_header, "fault", "1.0 SendMessage without A2A-Version (= 0.3)"),
    "part-wrong-shape-10": (m_part_wrong_shape_10, "fault", "1.0 part with none of text/raw/url/data"),
    "part-wrong-shape-03": (m_part_wrong_shape_03, "fault", "0.3 part without kind"),
    "batch": (m_batch, "legal", "JSON-RPC batch of two GetTask calls"),
    "batch-dup-id": (m_batch_dup_id, "fault", "JSON-RPC batch, both calls id 5"),
    "notification": (m_notification, "fault", "SendMessage without id (a notification)"),
    "id-null": (m_id_null, "fault", "SendMessage with id null"),
    "id-string": (m_id_string, "legal", "a non-ASCII string id"),
    "id-reused-conn": (m_id_reused_conn, "legal", "two calls one after the other on one connection, both id 7"),
    "unknown-method-case": (m_unknown_method_case, "fault", "sendMessage (letter case)"),
    "params-array": (m_params_array, "fault", "params by position"),
    "no-jsonrpc": (m_no_jsonrpc, "fault", "no jsonrpc member"),
    "wrong-content-type": (m_wrong_content_type, "fault", "Content-Type: text/plain"),
    "content-type-charset": (m_content_type_charset, "legal", "application/json; charset=utf-8"),
    "accept-sse-unary": (m_accept_sse_unary, "legal", "Accept: text/event-stream on SendMessage"),
    "pipelined": (m_pipelined, "legal", "two requests in one TCP write"),
    "expect-continue": (m_expect_continue, "legal", "Expect: 100-continue, body after the 100"),
    "expect-no-wait": (m_expect_no_wait, "legal", "Expect: 100-continue and the body at once"),
    "chunked-trailers": (m_chunked_trailers, "legal", "chunked request body with a declared trailer"),
    "chunked-bad": (m_chunked_bad, "fault", "chunked request body with a chunk size 'zz'"),
    "body-short": (m_body_short, "fault", "120 of 400 Content-Length bytes, then close"),
    "body-long": (m_body_long, "fault", "40 bytes past Content-Length on a kept-alive connection"),
    "head-stall": (m_head_stall, "fault", "half a head, 2 s, close"),
    "body-stall": (m_body_stall, "legal", "head and 30 body bytes, 2 s, the rest"),
    "half-close": (m_half_close, "legal", "whole request then shutdown(SHUT_WR)"),
    "abort-mid-stream": (m_abort_mid_stream, "fault", "reset after the first SSE event of a slow stream"),
    "stream-whole": (m_stream_whole, "legal", "a slow stream read to its end"),
    "http10": (m_http10, "legal", "HTTP/1.0, no keep-alive"),
    "absolute-form": (m_absolute_form, "legal", "POST http://host:port/ HTTP/1.1"),
    "huge-header": (m_huge_header, "legal", "one 32 KiB header field"),
    "many-headers": (m_many_headers, "legal", "120 header fields"),
    "cl-counts-chars": (m_cl_counts_chars, "fault", "Content-Length in characters on a non-ASCII body, kept alive"),
    "subscribe-during-stream": (m_subscribe_during_stream, "legal", "SubscribeToTask on a task while its send stream is open"),
    "slow-reader": (m_slow_reader, "legal", "a stream read 64 bytes at a time"),
    "h2c-unary": (m_h2c_unary, "legal", "h2c prior knowledge SendMessage"),
    "h2c-stream-reset": (m_h2c_stream_reset, "fault", "h2c stream RST_STREAM CANCEL, then stream 3"),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--mode")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("url", nargs="?")
    a = ap.parse_args()
    if a.list:
        for k, (_, kind, what) in MODES.items():
            print(k, kind, what)
        return 0
    if a.mode not in MODES or not a.url:
        ap.error("--mode MODE URL (modes: --list)")
    c = Client(a.url)
    err = None
    try:
        MODES[a.mode][0](c)
    except ConnectionRefusedError as e:
        print(json.dumps({"mode": a.mode, "error": str(e)}))
        return 1
    except Exception as e:  # a misbehaving client may meet anything; say what
        err = f"{type(e).__name__}: {e}"
    print(json.dumps({"mode": a.mode, "answers": c.answers, "sent": c.sent, "ids": c.ids,
                      "error": err}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
