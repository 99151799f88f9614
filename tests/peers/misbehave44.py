#!/usr/bin/env python3
"""misbehave44: breaker44's sibling of misbehave43.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) that breaks, or legally bends, HTTP/1.1 at the connection level in one
of 25 modes chosen by --mode: `Connection: close` on answers and streams, a kept-alive
connection dropped as the next request arrives, HTTP/1.0 keep-alive and HTTP/1.0 with chunked framing, a Content-Length
shorter than the body, chunk extensions and trailers, 103 Early Hints, 204 / 202 answers to
a call, close-delimited 1.0 HTTP+JSON bodies; Agent Card fetches
by HEAD and OPTIONS (CORS preflight), behind redirects, revalidated to 304, at the 0.2 path
only, as text/plain; streams gzip'd on HTTP+JSON, stalled past the client's patience, kept
alive by comments for seconds, or ended cleanly without a terminal event.

    python3 misbehave44.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. --public is
the base URL its Agent Card advertises (default http://127.0.0.1:PORT). `--list` prints
every mode with its kind (fault | legal).

The A2A side is misbehave43.py's (imported, not copied): `rest-*` modes serve 1.0
HTTP+JSON, `v10-*` modes 1.0 JSON-RPC at `/`, the others 0.3 JSON-RPC at `/`; the skills
`task`, `input`, `long`, `echo`. This file replaces only how answers are written on the
socket and how the connection is kept. tests/peers/misbehave44_drive.py drives every mode
through `a2a-interop proxy`, and tests/cases/live44-predictions.json holds the findings
predicted before the runs.
"""
import argparse
import asyncio
import gzip
import json
import os
import sys
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import misbehave43 as m  # noqa: E402

MODES = {
    # ---- HTTP/1.1 connections ----------------------------------------------------------
    "sse-conn-close": ("legal", "event streams sent with Connection: close, the socket closed "
                                "after the last chunk"),
    "json-conn-close": ("legal", "every JSON answer with Connection: close, the socket closed "
                                 "after it (the client's next call opens a new connection)"),
    "close-on-reuse": ("fault", "a kept-alive connection (no Connection: close) is closed "
                                "without an answer when the next request arrives on it (once)"),
    "http10-keepalive": ("legal", "HTTP/1.0 answers with Connection: keep-alive and "
                                  "Content-Length (a persistent 1.0 connection, reused); "
                                  "streams close-delimited"),
    "cl-shorter": ("fault", "JSON-RPC answers announce a Content-Length 6 bytes shorter than "
                            "the body, the rest follows, then close"),
    "chunk-ext": ("legal", "every answer chunked, each chunk with extensions "
                           "(;sig=abc;n=\"q\")"),
    "chunk-trailers": ("legal", "every answer chunked and ended with trailer fields "
                                "(Trailer: X-Checksum, X-Elapsed-Ms)"),
    "early-hints": ("legal", "a 103 Early Hints (Link: preload) before every answer"),
    "send-204": ("fault", "message/send answered 204 No Content, no JSON-RPC response"),
    "gzip-bodiless": ("fault", "a gzip middleware: every answer gzip'd, the bodiless ones "
                               "labelled Content-Encoding: gzip too (the card's HEAD and 304, "
                               "and a 204 to message/send)"),
    "http10-chunked": ("fault", "streams answered HTTP/1.0 with Transfer-Encoding: chunked "
                                "(RFC 9112 §6.1: no transfer coding in a 1.0 answer)"),
    "rest-send-202": ("fault", "1.0 HTTP+JSON SendMessage answered 202 Accepted with an empty "
                               "body"),
    "rest-close-delimited": ("legal", "1.0 HTTP+JSON: every answer and stream without "
                                      "Content-Length or chunked, ended by close"),
    # ---- Agent Card fetches --------------------------------------------------------------
    "card-head-options": ("legal", "HEAD on the card path (headers, no body), OPTIONS CORS "
                                   "preflight on the card path and on the JSON-RPC url (204)"),
    "card-redirect-302": ("fault", "card path answers 302 to /cards/agent-card.json on the "
                                   "same host"),
    "card-redirect-308-host": ("fault", "card path answers 308 to the same path on another "
                                        "host name (localhost for 127.0.0.1)"),
    "v10-card-304": ("legal", "1.0 card with ETag and Cache-Control; a second fetch with "
                              "If-None-Match answered 304 Not Modified"),
    "v10-card-304-first": ("legal", "1.0 card revalidated on the client's first fetch of the "
                                    "run (a warm cache's If-None-Match): 304, no card body "
                                    "in the recording"),
    "v10-card-02-path-only": ("fault", "1.0 card only at /.well-known/agent.json, 404 at "
                                       "/.well-known/agent-card.json"),
    "card-text-plain": ("legal", "card served as text/plain; charset=utf-8"),
    # ---- streams -------------------------------------------------------------------------
    "rest-sse-gzip": ("legal", "1.0 HTTP+JSON event stream gzip-encoded, flushed per event "
                               "(Content-Encoding on text/event-stream)"),
    "rest-sse-gzip-no-final": ("fault", "1.0 HTTP+JSON gzip'd stream ends (a clean last chunk) "
                                        "after working, its gzip member unfinished, no "
                                        "terminal event"),
    "sse-stall-resume": ("legal", "stream stalls 6 s after working, past the client's 3 s "
                                  "patience, then resumes"),
    "sse-keepalive-long": ("legal", "after working, only ': keep-alive' comments every 0.4 s "
                                    "for 4 s, then the rest of the stream"),
    "v10-sse-no-final": ("fault", "1.0 stream: task, working, then the terminal chunk "
                                  "(a clean end) with no terminal event"),
}

MODE = ""
REUSE_DROPPED = [False]
CUR = {"method": None, "path": None}


def card_path(path):
    return path in ("/.well-known/agent-card.json", "/.well-known/agent.json",
                    "/cards/agent-card.json")


def chunked():
    return MODE in ("chunk-ext", "chunk-trailers")


def close_delimited():
    """Streams without chunked framing, ended by close (HTTP/1.0 has no chunked coding)."""
    return MODE in ("rest-close-delimited", "http10-keepalive")


def chunk(p):
    ext = b';sig=abc;n="q"' if MODE == "chunk-ext" else b""
    return b"%x" % len(p) + ext + b"\r\n" + p + b"\r\n"


def last_chunk():
    if MODE == "chunk-trailers":
        return b"0\r\nX-Checksum: sha256-0f1e\r\nX-Elapsed-Ms: 12\r\n\r\n"
    return b"0\r\n\r\n"


def head_bytes(code, reason, fields):
    """The status line, the fields and the blank line, in the mode's spelling; a 103 Early
    Hints before it in `early-hints`."""
    version = "HTTP/1.0" if MODE == "http10-keepalive" else "HTTP/1.1"
    if MODE == "http10-chunked" and any(k == "Transfer-Encoding" for k, _ in fields):
        version = "HTTP/1.0"
    if MODE == "http10-keepalive" and not any(k == "Connection" for k, _ in fields):
        fields = fields + [("Connection", "keep-alive")]
    if MODE == "chunk-trailers" and any(k.lower() == "transfer-encoding" for k, _ in fields):
        fields = fields + [("Trailer", "X-Checksum, X-Elapsed-Ms")]
    pre = b""
    if MODE == "early-hints":
        pre = b"HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload; as=style\r\n\r\n"
    lines = [f"{version} {code} {reason}"] + [f"{k}: {v}" for k, v in fields]
    return pre + ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


async def send_body(w, code, body, ctype, req_method, reason="OK", extra=None):
    """misbehave43.send_body with this round's framing; False closes the connection."""
    fields = [("Content-Type", ctype)] if ctype else []
    fields += list((extra or {}).items())
    keep = True
    is_card = card_path(CUR["path"] or "")
    if MODE == "send-204" and CUR["method"] == "message/send":
        w.write(head_bytes(204, "No Content", []))
        await w.drain()
        return True
    if MODE == "rest-send-202" and CUR["path"] == "/message:send":
        w.write(head_bytes(202, "Accepted", [("Content-Length", "0")]))
        await w.drain()
        return True
    if MODE == "gzip-bodiless" and CUR["method"] == "message/send":
        w.write(head_bytes(204, "No Content", [("Content-Encoding", "gzip")]))
        await w.drain()
        return True
    if MODE == "gzip-bodiless":
        body = gzip.compress(body)
        fields.append(("Content-Encoding", "gzip"))
    if MODE == "json-conn-close":
        fields.append(("Connection", "close"))
        keep = False
    if MODE == "rest-close-delimited":
        w.write(head_bytes(code, reason, fields) + body)
        await w.drain()
        return False
    if chunked():
        fields.append(("Transfer-Encoding", "chunked"))
        half = len(body) // 2
        w.write(head_bytes(code, reason, fields) + chunk(body[:half]) + chunk(body[half:])
                + last_chunk())
        await w.drain()
        return keep
    if MODE == "cl-shorter" and not is_card:
        fields.append(("Content-Length", str(len(body) - 6)))
        w.write(head_bytes(code, reason, fields) + body)
        await w.drain()
        return False
    fields.append(("Content-Length", str(len(body))))
    w.write(head_bytes(code, reason, fields) + body)
    await w.drain()
    return keep


class Sse(m.Sse):
    """misbehave43's event stream, framed and paced as this round's mode says."""

    async def start(self):
        fields = [("Content-Type", "text/event-stream"), ("Cache-Control", "no-cache")]
        if MODE in ("rest-sse-gzip", "rest-sse-gzip-no-final"):
            fields.append(("Content-Encoding", "gzip"))
            self.z = zlib.compressobj(6, zlib.DEFLATED, 31)
        if MODE in ("sse-conn-close", "http10-keepalive"):
            fields.append(("Connection", "close"))
        if MODE not in ("rest-close-delimited", "http10-keepalive"):
            fields.append(("Transfer-Encoding", "chunked"))
        self.w.write(head_bytes(200, "OK", fields))
        await self.w.drain()

    async def raw(self, b, pieces=None):
        if MODE in ("rest-sse-gzip", "rest-sse-gzip-no-final"):
            b = self.z.compress(b) + self.z.flush(zlib.Z_SYNC_FLUSH)
        self.w.write(b if close_delimited() else chunk(b))
        await self.w.drain()

    async def event(self, obj, name=None):
        if MODE in ("v10-sse-no-final", "rest-sse-gzip-no-final") and self.n >= 2:
            self.n += 1
            return
        if self.n == 2 and MODE == "sse-stall-resume":
            await asyncio.sleep(6)
        if self.n == 2 and MODE == "sse-keepalive-long":
            for _ in range(10):
                await self.raw(b": keep-alive\n\n")
                await asyncio.sleep(0.4)
        await super().event(obj, name)

    async def end(self):
        if MODE == "rest-sse-gzip":
            await self.raw(b"")
            tail = self.z.flush(zlib.Z_FINISH)
            self.w.write(chunk(tail))
        if close_delimited():
            return False
        self.w.write(last_chunk())
        await self.w.drain()
        return MODE != "sse-conn-close"


async def card_answer(w, method, path, hdrs):
    """The card paths of the card-* modes; None when the mode leaves the path to
    misbehave43's handler."""
    c = json.dumps(m.card()).encode()
    ctype = "application/json"
    if MODE == "gzip-bodiless" and path == "/.well-known/agent-card.json":
        z = gzip.compress(c)
        extra = [("Content-Type", ctype), ("Content-Encoding", "gzip"), ("ETag", '"m44-1"'),
                 ("Cache-Control", "max-age=60")]
        if method == "HEAD":
            w.write(head_bytes(200, "OK", extra + [("Content-Length", str(len(z)))]))
        elif hdrs.get("if-none-match") == '"m44-1"':
            w.write(head_bytes(304, "Not Modified", extra[1:]))
        else:
            w.write(head_bytes(200, "OK", extra + [("Content-Length", str(len(z)))]) + z)
        await w.drain()
        return True
    if MODE == "card-head-options":
        if method == "OPTIONS":
            return await preflight(w, "GET, HEAD, OPTIONS")
        if method == "HEAD" and path == "/.well-known/agent-card.json":
            w.write(head_bytes(200, "OK", [("Content-Type", ctype),
                                           ("Content-Length", str(len(c))),
                                           ("Access-Control-Allow-Origin", "*")]))
            await w.drain()
            return True
    if method != "GET":
        return None
    if MODE == "card-redirect-302" and path == "/.well-known/agent-card.json":
        return await send_body(w, 302, b"", None, method, "Found",
                               {"Location": "/cards/agent-card.json"})
    if MODE == "card-redirect-308-host" and path == "/.well-known/agent-card.json":
        to = m.public().replace("127.0.0.1", "localhost") + "/cards/agent-card.json"
        return await send_body(w, 308, b"", None, method, "Permanent Redirect",
                               {"Location": to})
    if MODE in ("card-redirect-302", "card-redirect-308-host") and \
            path == "/cards/agent-card.json":
        return await send_body(w, 200, c, ctype, method)
    if MODE == "v10-card-02-path-only":
        if path == "/.well-known/agent.json":
            return await send_body(w, 200, c, ctype, method,
                                   extra={"Cache-Control": "max-age=60", "ETag": '"m44-1"'})
        return await send_body(w, 404, b'{"error":"not found"}', ctype, method, "Not Found")
    if MODE in ("v10-card-304", "v10-card-304-first") and path == "/.well-known/agent-card.json":
        extra = {"Cache-Control": "max-age=60", "ETag": '"m44-1"'}
        if hdrs.get("if-none-match") == '"m44-1"':
            w.write(head_bytes(304, "Not Modified", list(extra.items())))
            await w.drain()
            return True
        return await send_body(w, 200, c, ctype, method, extra=extra)
    if MODE == "card-text-plain" and path == "/.well-known/agent-card.json":
        return await send_body(w, 200, c, "text/plain; charset=utf-8", method)
    return None


async def preflight(w, methods):
    w.write(head_bytes(204, "No Content", [
        ("Access-Control-Allow-Origin", "*"), ("Access-Control-Allow-Methods", methods),
        ("Access-Control-Allow-Headers", "content-type, a2a-version, authorization"),
        ("Access-Control-Max-Age", "600"), ("Vary", "Origin")]))
    await w.drain()
    return True


async def handle(r, w):
    """misbehave43.handle with this round's card paths, OPTIONS and connection keeping."""
    answered = 0
    try:
        while True:
            head = await r.readuntil(b"\r\n\r\n")
            if MODE == "close-on-reuse" and answered and not REUSE_DROPPED[0]:
                REUSE_DROPPED[0] = True
                break  # the request arrived on the kept-alive connection: dropped
            method, target, hdrs, body = await m.read_request(r, head)
            path = target.split("?")[0]
            CUR["path"], CUR["method"] = path, None
            if method == "POST" and not m.rest():
                try:
                    CUR["method"] = json.loads(body).get("method")
                except (ValueError, AttributeError):
                    pass
            keep = await card_answer(w, method, path, hdrs)
            if keep is not None:
                pass
            elif method == "OPTIONS" and MODE == "card-head-options":
                keep = await preflight(w, "POST, OPTIONS")
            elif method == "GET" and path == "/.well-known/agent-card.json":
                extra = {"Cache-Control": "max-age=60", "ETag": '"misbehave44-1"'} \
                    if m.is10() else None
                keep = await m.send_json(w, 200, m.card(), method, extra=extra)
            elif m.rest():
                keep = await m.on_rest(w, method, path, body)
            elif method == "POST" and path == "/":
                keep = await m.on_rpc(w, body)
            else:
                keep = await m.send_json(w, 404, {"error": "not found"}, method, "Not Found")
            answered += 1
            if not keep or hdrs.get("connection", "").lower() == "close":
                break
    except (asyncio.IncompleteReadError, ConnectionError, ValueError):
        pass
    finally:
        try:
            w.close()
        except Exception:
            pass


async def main():
    global MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="chunk-ext")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for k, (kind, d) in MODES.items():
            print(f"{k}\t{kind}\t{d}")
        return
    if args.mode not in MODES:
        sys.exit(f"misbehave44: unknown mode {args.mode!r} (--list names them)")
    MODE = m.MODE = args.mode
    m.ARGS = args
    m.send_body = send_body
    m.Sse = Sse
    srv = await asyncio.start_server(handle, "127.0.0.1", args.port)
    args.bound = srv.sockets[0].getsockname()[1]
    print(args.bound, flush=True)
    async with srv:
        await srv.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
