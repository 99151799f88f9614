#!/usr/bin/env python3
"""misbehave43: breaker43's sibling of misbehave.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) that breaks, or legally bends, the protocol on the wire in one of 25
modes chosen by --mode. misbehave.py's modes are 0.3 and 1.0 JSON-RPC only; these add the
1.0 HTTP+JSON binding (`rest-*`: routes /message:send, /message:stream, /tasks/{id},
/tasks/{id}:cancel, /tasks/{id}:subscribe; google.rpc.Status errors), SSE framing the first
round did not send (a byte order mark, `data:` without its space, mixed line ends, events
cut inside a UTF-8 character, an `event: error`), media type parameters and a missing
Content-Type, interim 100 Continue answers, id and member-order bends, and task state
sequences across streams.

    python3 misbehave43.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. --public is
the base URL its Agent Card advertises (default http://127.0.0.1:PORT). `--list` prints
every mode with its kind (fault | legal).

Dialects: `rest-*` modes serve 1.0 HTTP+JSON at the base URL; `v10-*` modes 1.0 JSON-RPC at
`/`; the others 0.3 JSON-RPC at `/`. Skills from the first word of the text: `task` -> a
completed Task with one artifact, `input` -> input-required (the next message on the task
completes it), `long` -> working until canceled, `echo` -> a Message.
tests/peers/misbehave43_drive.py drives every mode through `a2a-interop proxy`, and
tests/cases/live43-predictions.json holds the findings predicted before the runs.
"""
import argparse
import asyncio
import datetime
import json
import sys
import uuid

MODES = {
    # ---- 1.0 HTTP+JSON ----------------------------------------------------------------
    "rest-control": ("legal", "1.0 HTTP+JSON: a2a+json bodies, bare SSE, google.rpc.Status errors"),
    "rest-ctype-charset": ("legal", "HTTP+JSON answers as application/a2a+json; charset=utf-8, "
                                    "the stream as text/event-stream;charset=UTF-8"),
    "rest-cancel-409": ("legal", "cancel of a completed task 409 (the 1.0.0 status of "
                                 "TaskNotCancelableError)"),
    "rest-200-error": ("fault", "unknown task answered HTTP 200 with a google.rpc.Status "
                                "NOT_FOUND body"),
    "rest-status-mismatch": ("fault", "unknown task answered HTTP 500 with a NOT_FOUND / "
                                      "TASK_NOT_FOUND body"),
    "rest-no-errorinfo": ("fault", "A2A errors as google.rpc.Status without details (no ErrorInfo)"),
    "rest-problem-json": ("fault", "errors as RFC 9457 application/problem+json (1.0 §6.4's form)"),
    "rest-sse-enveloped": ("fault", "HTTP+JSON stream events wrapped in JSON-RPC envelopes"),
    "rest-jsonrpc-error": ("fault", "HTTP+JSON errors as JSON-RPC error objects (-32001 under a 404)"),
    "rest-sse-error-event": ("fault", "HTTP+JSON stream: task, working, then a google.rpc.Status "
                                      "INTERNAL event and close"),
    "rest-subscribe-terminal-ok": ("fault", "subscribe to a completed task opens a stream "
                                            "(task snapshot, then close)"),
    "rest-parse-error-422": ("fault", "a send body that is not JSON answered HTTP 422 with a "
                                      "FastAPI-style {detail} body, not 400 INVALID_ARGUMENT "
                                      "(probe44)"),
    # ---- SSE framing (JSON-RPC) --------------------------------------------------------
    "sse-bom": ("legal", "the event stream starts with a UTF-8 byte order mark"),
    "sse-data-nospace": ("legal", "field lines without the space after the colon (data:{...})"),
    "sse-mixed-eol": ("legal", "events end in LF, CRLF and CR in turn within one stream"),
    "v10-sse-utf8-split": ("legal", "1.0 stream with non-ASCII text, each event cut across TCP "
                                    "writes inside a UTF-8 character"),
    "sse-event-error": ("fault", "0.3 stream: task, working, then `event: error` with a "
                                 "JSON-RPC -32603 error and close"),
    # ---- media types, HTTP -------------------------------------------------------------
    "ctype-charset": ("legal", "application/json; charset=utf-8 and "
                               "text/event-stream; charset=utf-8 on JSON-RPC"),
    "jsonrpc-no-ctype": ("fault", "JSON-RPC answers without Content-Type"),
    "continue-100": ("legal", "an interim 100 Continue before every POST answer"),
    # ---- ids and members ---------------------------------------------------------------
    "json-bends": ("legal", "ids 2^53+1 and unicode echoed exactly, envelope members "
                            "reordered, unknown members, raw UTF-8"),
    "id-number-as-string": ("fault", "numeric request id echoed as a string (7 -> \"7\")"),
    # ---- task state sequences ----------------------------------------------------------
    "v10-snapshot-after-terminal": ("legal", "1.0 stream repeats the completed task as a final "
                                             "`task` snapshot before closing (§11.7 MAY)"),
    "v10-close-input-required": ("legal", "1.0 stream closes at TASK_STATE_INPUT_REQUIRED"),
    "v10-artifact-after-terminal": ("fault", "1.0 stream sends an artifactUpdate after the "
                                             "completed statusUpdate"),
    "resubscribe-after-terminal": ("fault", "0.3 tasks/resubscribe of a completed task streams "
                                            "working, then completed again"),
}

ARGS = None
MODE = ""
TASKS = {}
WAITERS = {}
REASONS = {-32001: ("TASK_NOT_FOUND", 404, "NOT_FOUND"),
           -32002: ("TASK_NOT_CANCELABLE", 400, "FAILED_PRECONDITION"),
           -32004: ("UNSUPPORTED_OPERATION", 400, "FAILED_PRECONDITION"),
           -32009: ("VERSION_NOT_SUPPORTED", 400, "FAILED_PRECONDITION")}
TERMINAL = ("completed", "failed", "canceled", "rejected")
UNICODE = "naïve café — 日本語 🙂"


def rest():
    return MODE.startswith("rest-")


def is10():
    return MODE.startswith("v10-") or rest()


def now():
    return datetime.datetime.now(datetime.timezone.utc).strftime(
        "%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


def public():
    return ARGS.public or f"http://127.0.0.1:{ARGS.bound}"


def card():
    if is10():
        binding = "HTTP+JSON" if rest() else "JSONRPC"
        url = public() if rest() else public() + "/"
        return {"name": "misbehave43", "description": f"breaker43 agent, mode {MODE}",
                "supportedInterfaces": [{"url": url, "protocolBinding": binding,
                                         "protocolVersion": "1.0"}],
                "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False},
                "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
                "skills": skills()}
    return {"protocolVersion": "0.3.0", "name": "misbehave43",
            "description": f"breaker43 agent, mode {MODE}", "url": public() + "/",
            "preferredTransport": "JSONRPC", "version": "1.0.0",
            "capabilities": {"streaming": True, "pushNotifications": False},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": skills()}


def skills():
    return [{"id": s, "name": s, "description": f"the {s} skill", "tags": [s],
             "examples": [f"{s} hello"]} for s in ("task", "echo", "input", "long")]


# ---- wire shapes -----------------------------------------------------------------------------
def state_name(s, v10):
    return "TASK_STATE_" + s.upper().replace("-", "_") if v10 else s


def text_part(t, v10):
    return {"text": t} if v10 else {"kind": "text", "text": t}


def status(t):
    v10 = t["v10"]
    st = {"state": state_name(t["state"], v10), "timestamp": now()}
    if t.get("msg"):
        m = {"role": "ROLE_AGENT" if v10 else "agent", "messageId": str(uuid.uuid4()),
             "parts": [text_part(t["msg"], v10)], "contextId": t["ctx"], "taskId": t["id"]}
        if not v10:
            m["kind"] = "message"
        st["message"] = m
    return st


def task_view(t):
    v10 = t["v10"]
    out = {"id": t["id"], "contextId": t["ctx"], "status": status(t)}
    if t["artifacts"]:
        out["artifacts"] = [{"artifactId": a, "parts": [text_part(x, v10)]}
                            for a, x in t["artifacts"]]
    if not v10:
        out["kind"] = "task"
    return out


def wrap(obj, what, v10):
    return {what: obj} if v10 else obj


def status_event(t, final):
    v10 = t["v10"]
    ev = {"taskId": t["id"], "contextId": t["ctx"], "status": status(t)}
    if not v10:
        ev["kind"] = "status-update"
        ev["final"] = final
    return wrap(ev, "statusUpdate", v10)


def artifact_event(t, aid, txt):
    v10 = t["v10"]
    ev = {"taskId": t["id"], "contextId": t["ctx"],
          "artifact": {"artifactId": aid, "parts": [text_part(txt, v10)]},
          "append": False, "lastChunk": True}
    if not v10:
        ev["kind"] = "artifact-update"
    return wrap(ev, "artifactUpdate", v10)


def bend(obj):
    """json-bends: every object's members in reverse order plus an unknown member."""
    if isinstance(obj, dict):
        out = {"x-vendor-trace": {"hop": 1, "note": "ünïcödé"}} if obj else {}
        for k in reversed(list(obj)):
            out[k] = bend(obj[k])
        return out
    if isinstance(obj, list):
        return [bend(x) for x in obj]
    return obj


def rpc_result(rid, result):
    if MODE == "id-number-as-string" and isinstance(rid, int):
        rid = str(rid)
    if MODE == "json-bends":
        return {"result": bend(result), "id": rid, "jsonrpc": "2.0"}
    return {"jsonrpc": "2.0", "id": rid, "result": result}


def rpc_error(rid, code, msg, v10):
    if MODE == "id-number-as-string" and isinstance(rid, int):
        rid = str(rid)
    err = {"code": code, "message": msg}
    if v10 and code in REASONS:
        err["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                        "reason": REASONS[code][0], "domain": "a2a-protocol.org"}]
    return {"jsonrpc": "2.0", "id": rid, "error": err}


def dumps(obj):
    return json.dumps(obj, ensure_ascii=MODE not in ("json-bends", "v10-sse-utf8-split"))


# ---- HTTP writing --------------------------------------------------------------------------
def json_ctype():
    base = "application/a2a+json" if rest() else "application/json"
    if MODE in ("rest-ctype-charset", "ctype-charset"):
        return base + "; charset=utf-8"
    return base


async def send_body(w, code, body, ctype, req_method, reason="OK", extra=None):
    head = [f"HTTP/1.1 {code} {reason}"]
    if ctype:
        head.append(f"Content-Type: {ctype}")
    for k, v in (extra or {}).items():
        head.append(f"{k}: {v}")
    head.append(f"Content-Length: {len(body)}")
    pre = b"HTTP/1.1 100 Continue\r\n\r\n" if MODE == "continue-100" and req_method == "POST" \
        else b""
    w.write(pre + ("\r\n".join(head) + "\r\n\r\n").encode() + body)
    await w.drain()
    return True


async def send_json(w, code, obj, req_method, reason="OK", extra=None, ctype=None):
    ct = ctype or json_ctype()
    if MODE == "jsonrpc-no-ctype" and ctype is None:
        ct = None
    return await send_body(w, code, dumps(obj).encode(), ct, req_method, reason, extra)


REASON_PHRASE = {200: "OK", 400: "Bad Request", 404: "Not Found", 409: "Conflict",
                 500: "Internal Server Error"}


async def rest_error(w, code, msg, req_method):
    """An A2A error on the HTTP+JSON binding, in the form the mode gives it."""
    if code == -32602:
        return await send_json(w, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT",
                                                  "message": msg}}, req_method, "Bad Request")
    reason, http, st = REASONS[code]
    if MODE == "rest-cancel-409" and code == -32002:
        http = 409
    body = {"error": {"code": http, "status": st, "message": msg,
                      "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                   "reason": reason, "domain": "a2a-protocol.org"}]}}
    ctype = None
    if MODE == "rest-200-error" and code == -32001:
        http = 200
    elif MODE == "rest-status-mismatch" and code == -32001:
        http = 500
    elif MODE == "rest-no-errorinfo":
        del body["error"]["details"]
    elif MODE == "rest-problem-json":
        body = {"type": f"https://a2a-protocol.org/errors/{reason.lower().replace('_', '-')}",
                "title": msg, "status": http, "detail": msg}
        ctype = "application/problem+json"
    elif MODE == "rest-jsonrpc-error":
        body = {"jsonrpc": "2.0", "id": None, "error": {"code": code, "message": msg}}
    return await send_json(w, http, body, req_method, REASON_PHRASE.get(http, "Error"),
                           ctype=ctype)


def sse_bytes(obj, n, name=None):
    data = dumps(obj)
    eol = "\n"
    if MODE == "sse-mixed-eol":
        eol = ("\n", "\r\n", "\r")[n % 3]
    sep = ":" if MODE == "sse-data-nospace" else ": "
    out = f"event{sep}{name}{eol}" if name else ""
    if MODE == "sse-data-nospace":
        out += f"id:{n}{eol}"
    return (out + f"data{sep}{data}{eol}{eol}").encode()


class Sse:
    """One chunked event stream on the socket, framed and cut as the mode says."""

    def __init__(self, w, req_method):
        self.w, self.n, self.req_method = w, 0, req_method

    async def start(self):
        ctype = "text/event-stream"
        if MODE == "rest-ctype-charset":
            ctype = "text/event-stream;charset=UTF-8"
        elif MODE == "ctype-charset":
            ctype = "text/event-stream; charset=utf-8"
        head = ["HTTP/1.1 200 OK", f"Content-Type: {ctype}", "Cache-Control: no-cache",
                "Transfer-Encoding: chunked"]
        pre = b"HTTP/1.1 100 Continue\r\n\r\n" if MODE == "continue-100" and \
            self.req_method == "POST" else b""
        self.w.write(pre + ("\r\n".join(head) + "\r\n\r\n").encode())
        await self.w.drain()
        if MODE == "sse-bom":
            await self.raw(b"\xef\xbb\xbf")

    async def raw(self, b, pieces=None):
        for p in pieces or [b]:
            self.w.write(b"%x\r\n" % len(p) + p + b"\r\n")
            await self.w.drain()
            if pieces and len(pieces) > 1:
                await asyncio.sleep(0.05)

    async def event(self, obj, name=None):
        b = sse_bytes(obj, self.n, name)
        self.n += 1
        pieces = None
        if MODE == "v10-sse-utf8-split":
            # cut inside the first multi-byte character (after its lead byte), else midway
            i = next((k for k, c in enumerate(b) if c >= 0xC0), len(b) // 2)
            pieces = [b[:i + 1], b[i + 1:]]
        await self.raw(b, pieces)

    async def end(self):
        self.w.write(b"0\r\n\r\n")
        await self.w.drain()
        return True


# ---- the agent ---------------------------------------------------------------------------------
def new_task(v10, ctx):
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


def text_of(m):
    for p in m.get("parts") or []:
        if isinstance(p, dict) and isinstance(p.get("text"), str):
            return p["text"]
    return ""


def run_skill(t, skill, text):
    if skill == "input":
        t["state"], t["msg"] = "input-required", "which input?"
    elif skill == "long":
        t["state"] = "working"
    else:
        t["state"] = "completed"
        extra = f" {UNICODE}" if MODE in ("json-bends", "v10-sse-utf8-split") else ""
        t["artifacts"] = [("a1", f"done: {text}{extra}")]


class Call:
    """One A2A call in either binding: how to answer it (a result, an A2A error, a stream)."""

    def __init__(self, w, req_method, rid=None):
        self.w, self.req_method, self.rid = w, req_method, rid

    async def ok(self, obj):
        if rest():
            return await send_json(self.w, 200, obj, self.req_method)
        return await send_json(self.w, 200, rpc_result(self.rid, obj), self.req_method)

    async def err(self, code, msg):
        if rest():
            return await rest_error(self.w, code, msg, self.req_method)
        return await send_json(self.w, 200, rpc_error(self.rid, code, msg, is10()),
                               self.req_method)

    def envelope(self, obj):
        if rest() and MODE != "rest-sse-enveloped":
            return obj
        return rpc_result(self.rid if not rest() else 1, obj)


async def on_send(c, params, stream):
    m = params.get("message") if isinstance(params, dict) else None
    if not isinstance(m, dict):
        # InvalidParams (ERR-006: 400 INVALID_ARGUMENT), not an A2A error (probe46)
        return await c.err(-32602, "message must be a Message object")
    v10 = is10()
    text = text_of(m)
    skill = (text.split() or ["task"])[0]
    tid = m.get("taskId")
    if tid:
        t = TASKS.get(tid)
        if t is None:
            return await c.err(-32001, "task not found")
        if t["state"] in TERMINAL:
            return await c.err(-32004, "task is in a terminal state")
        if stream:
            return await stream_task(c, t, "task", text, resumed=True)
        t["state"], t["artifacts"] = "completed", [("a1", f"done: {text}")]
        t.pop("msg", None)
        changed(t)
        return await c.ok(wrap(task_view(t), "task", v10))
    if skill == "echo":
        reply = {"role": "ROLE_AGENT" if v10 else "agent", "messageId": str(uuid.uuid4()),
                 "parts": [text_part(f"echo: {text}", v10)],
                 "contextId": m.get("contextId") or str(uuid.uuid4())}
        if not v10:
            reply["kind"] = "message"
        if not stream:
            return await c.ok(wrap(reply, "message", v10))
        s = Sse(c.w, c.req_method)
        await s.start()
        await s.event(c.envelope(wrap(reply, "message", v10)))
        return await s.end()
    t = new_task(v10, m.get("contextId"))
    if not stream:
        run_skill(t, skill, text)
        return await c.ok(wrap(task_view(t), "task", v10))
    return await stream_task(c, t, skill, text)


async def stream_task(c, t, skill, text, resumed=False):
    v10 = t["v10"]
    s = Sse(c.w, c.req_method)
    await s.start()
    await s.event(c.envelope(wrap(task_view(t), "task", v10)))
    t["state"] = "working"
    t.pop("msg", None)
    await s.event(c.envelope(status_event(t, False)))
    if MODE == "sse-event-error":
        await s.event({"jsonrpc": "2.0", "id": c.rid,
                       "error": {"code": -32603, "message": "the model backend went away"}},
                      name="error")
        return await s.end()
    if MODE == "rest-sse-error-event":
        await s.event({"error": {"code": 500, "status": "INTERNAL",
                                 "message": "the model backend went away"}})
        return await s.end()
    if skill == "long":
        while t["state"] == "working":
            await WAITERS[t["id"]].wait()
        await s.event(c.envelope(status_event(t, True)))
        return await s.end()
    run_skill(t, skill, text)
    for aid, txt in t["artifacts"]:
        await s.event(c.envelope(artifact_event(t, aid, txt)))
    await s.event(c.envelope(status_event(t, True)))
    if MODE == "v10-snapshot-after-terminal":
        await s.event(c.envelope(wrap(task_view(t), "task", v10)))
    if MODE == "v10-artifact-after-terminal":
        await s.event(c.envelope(artifact_event(t, "a2", "late")))
    return await s.end()


async def on_get(c, tid):
    t = TASKS.get(tid)
    if t is None:
        return await c.err(-32001, "task not found")
    return await c.ok(task_view(t))


async def on_cancel(c, tid):
    t = TASKS.get(tid)
    if t is None:
        return await c.err(-32001, "task not found")
    if t["state"] in TERMINAL:
        return await c.err(-32002, "task not cancelable")
    t["state"] = "canceled"
    t.pop("msg", None)
    changed(t)
    return await c.ok(task_view(t))


async def on_subscribe(c, tid):
    t = TASKS.get(tid)
    if t is None:
        return await c.err(-32001, "task not found")
    v10 = t["v10"]
    if t["state"] in TERMINAL:
        if MODE == "rest-subscribe-terminal-ok":
            s = Sse(c.w, c.req_method)
            await s.start()
            await s.event(c.envelope(wrap(task_view(t), "task", v10)))
            return await s.end()
        if MODE == "resubscribe-after-terminal":
            s = Sse(c.w, c.req_method)
            await s.start()
            done = t["state"]
            t["state"] = "working"
            await s.event(c.envelope(status_event(t, False)))
            t["state"] = done
            await s.event(c.envelope(status_event(t, True)))
            return await s.end()
        return await c.err(-32004, "task is in a terminal state")
    s = Sse(c.w, c.req_method)
    await s.start()
    await s.event(c.envelope(wrap(task_view(t), "task", v10)))
    while t["state"] in ("working", "submitted"):
        await WAITERS[t["id"]].wait()
    await s.event(c.envelope(status_event(t, True)))
    return await s.end()


METHODS = {"SendMessage": "send", "SendStreamingMessage": "stream", "GetTask": "get",
           "CancelTask": "cancel", "SubscribeToTask": "subscribe",
           "message/send": "send", "message/stream": "stream", "tasks/get": "get",
           "tasks/cancel": "cancel", "tasks/resubscribe": "subscribe"}


async def on_rpc(w, body):
    try:
        req = json.loads(body)
    except ValueError:
        return await send_json(w, 200, {"jsonrpc": "2.0", "id": None, "error": {
            "code": -32700, "message": "parse error"}}, "POST")
    if not isinstance(req, dict) or not isinstance(req.get("method"), str):
        return await send_json(w, 200, {"jsonrpc": "2.0", "id": None, "error": {
            "code": -32600, "message": "invalid request"}}, "POST")
    c = Call(w, "POST", req.get("id"))
    method, params = req["method"], req.get("params")
    op = METHODS.get(method)
    if op is None and method.startswith("tasks/pushNotificationConfig/"):
        # a 0.x push config method on a card without pushNotifications: -32003
        # PushNotificationNotSupportedError (ERR-002; -32601 is RPC-ERROR-006's since mine58)
        return await c.err(-32003, "push notifications not supported")
    if op is None:
        return await send_json(w, 200, rpc_error(c.rid, -32601, "method not found", is10()),
                               "POST")
    if (method[0].isupper()) != is10():
        return await c.err(-32009 if is10() else -32601, "version not supported")
    p = params if isinstance(params, dict) else {}
    if op in ("send", "stream"):
        return await on_send(c, p, op == "stream")
    tid = p.get("id")
    return await {"get": on_get, "cancel": on_cancel, "subscribe": on_subscribe}[op](c, tid)


async def on_rest(w, method, path, body):
    c = Call(w, method)
    try:
        payload = json.loads(body) if body else {}
    except ValueError:
        payload = None
    if method == "POST" and path in ("/message:send", "/message:stream"):
        if payload is None and MODE == "rest-parse-error-422":
            return await send_json(w, 422, {"detail": [{"loc": ["body"], "msg": "JSON decode error",
                                                        "type": "json_invalid"}]}, method,
                                   "Unprocessable Entity")
        if not isinstance(payload, dict):
            return await send_json(w, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT",
                                                      "message": "body is not JSON"}}, method,
                                   "Bad Request")
        return await on_send(c, payload, path.endswith(":stream"))
    if path.startswith("/tasks/"):
        rest_of = path[len("/tasks/"):]
        tid, _, verb = rest_of.partition(":")
        if not verb and method == "GET":
            return await on_get(c, tid)
        if verb == "cancel" and method == "POST":
            return await on_cancel(c, tid)
        if verb == "subscribe" and method in ("GET", "POST"):
            return await on_subscribe(c, tid)
    return await send_json(w, 404, {"error": {"code": 404, "status": "NOT_FOUND",
                                              "message": "no such route"}}, method, "Not Found")


async def read_request(r, head):
    """The request whose head (through its blank line) was just read from `r`: its method,
    target, header fields (names lower-cased; a repeated name keeps the last) and body
    (Content-Length or chunked; chunk extensions and trailers skipped)."""
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
    return method, target, hdrs, body


async def handle(r, w):
    try:
        while True:
            head = await r.readuntil(b"\r\n\r\n")
            method, target, hdrs, body = await read_request(r, head)
            path = target.split("?")[0]
            if method == "GET" and path == "/.well-known/agent-card.json":
                extra = {"Cache-Control": "max-age=60", "ETag": '"misbehave43-1"'} \
                    if is10() else None
                keep = await send_json(w, 200, card(), method, extra=extra)
            elif rest():
                keep = await on_rest(w, method, path, body)
            elif method == "POST" and path == "/":
                keep = await on_rpc(w, body)
            else:
                keep = await send_json(w, 404, {"error": "not found"}, method, "Not Found")
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
    global ARGS, MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="rest-control")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    ARGS = p.parse_args()
    if ARGS.list:
        for m, (k, d) in MODES.items():
            print(f"{m}\t{k}\t{d}")
        return
    if ARGS.mode not in MODES:
        sys.exit(f"misbehave43: unknown mode {ARGS.mode!r} (--list names them)")
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
