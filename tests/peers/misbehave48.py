#!/usr/bin/env python3
"""misbehave48: probe48's sibling of misbehave47.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) that answers the calls whose probe verdicts were the probe's own until
session 48 in one of a few ways, chosen by --mode: a card that is no JSON object, an
interface URL that refuses connections or answers an HTML page, a send refused or answered
with a Task without id or with neither a Task nor a Message, a GetTask of the agent's own
task answered TaskNotFoundError or refused, a context continuation refused, taken into the
terminal task or answered in another context, a push config refused, and an anonymous call
refused otherwise than 401/403.

    python3 misbehave48.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. `--list`
prints every mode with its kind: `fault` (a rule the verifier judges), `legal` (no rule
broken: the probe's expectation at most).

The A2A side is misbehave47.py's, and through it misbehave46.py's and misbehave43.py's
(imported, not copied): `rest-*` modes its 1.0 HTTP+JSON agent at the base URL, the others
its 0.3 JSON-RPC agent at `/`; the skills `task` (completed), `input` (input-required, the
next message completes it), `long` (working until canceled), `echo` (a Message). This file
changes only the answers its mode names.
"""
import argparse
import asyncio
import os
import socket
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import misbehave43 as m  # noqa: E402
import misbehave46 as m46  # noqa: E402
import misbehave47 as m47  # noqa: E402

MODES = {
    # ---- card.reachable, card.interface-url --------------------------------------------------
    "rest-card-html": ("fault", "the well-known card path answers 200 with an HTML page "
                                "(CARD-SHAPE-004: the resource there MUST be an AgentCard)"),
    "iface-refused": ("fault", "0.3 card whose url is a port on the same host where nothing "
                               "listens (CARD-URL-002: never answers when used)"),
    "iface-silent": ("legal", "0.3 card whose url reads every POST and never answers (a hung "
                              "agent: no rule sets a time for an answer)"),
    "iface-html": ("legal", "0.3 card whose url answers every POST with 200 and an HTML page "
                            "(no rule names it: the probe's own failure)"),
    # ---- lifecycle.send ------------------------------------------------------------------------
    "rest-send-refused": ("legal", "every send without a taskId refused with "
                                   "UnsupportedOperationError (an agent may refuse a message)"),
    "rest-send-no-id": ("fault", "the `task` skill's send answered with a Task without id "
                                 "(DATA-SHAPE-001: DATA-005)"),
    "send-neither": ("fault", "0.3: the `task` skill's send answered with a result that is "
                              "neither a Task nor a Message (DATA-SHAPE-001: RPC-004)"),
    # ---- lifecycle.get-task ------------------------------------------------------------------
    "rest-get-not-found": ("fault", "GetTask of a task the agent handed out answered "
                                    "TaskNotFoundError (ID-TASK-001)"),
    "rest-get-refused": ("fault", "GetTask of a task the agent handed out answered "
                                  "UnsupportedOperationError (REST-ERROR-001 since mutate49: "
                                  "reading a task needs no capability, TASK-009)"),
    # ---- lifecycle.context-continuation ------------------------------------------------------
    "rest-ctx-refused": ("legal", "a message naming a contextId and no taskId refused with "
                                  "UnsupportedOperationError (ID-002: an agent MAY refuse a "
                                  "client's contextId, erroring)"),
    "rest-ctx-reopen": ("fault", "a message naming the context of a completed task and no "
                                 "taskId answered with that task, working again "
                                 "(TASK-STATE-001: TASK-001)"),
    "rest-ctx-msg-other": ("fault", "a message naming a contextId and no taskId answered with a "
                                    "Message in another context (ID-CTX-002: ID-002)"),
    # ---- push.create-config ------------------------------------------------------------------
    "rest-push-refused": ("legal", "1.0 card with pushNotifications; every config create "
                                   "refused with InvalidParamsError (an agent may refuse "
                                   "a webhook, PUSH-006)"),
    # ---- auth.rejects-anonymous --------------------------------------------------------------
    "rest-auth-other": ("legal", "1.0 card with a bearer scheme; a call without Authorization "
                                 "answered UnsupportedOperationError (nothing served, no 401)"),
    "rest-auth-other-unauth": ("fault", "as rest-auth-other, the error saying \"unauthorized\" "
                                        "(AUTH-CHALLENGE-002: 1.0 answers 401)"),
}

MODE = ""
CLOSED_PORT = 0


def closed_port():
    """A port on 127.0.0.1 where nothing listens (bound, then closed)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    p = s.getsockname()[1]
    s.close()
    return p


def secured():
    return MODE.startswith("rest-auth-")


def card():
    c = ORIGINAL_CARD()
    if MODE == "iface-refused":
        c["url"] = f"http://127.0.0.1:{CLOSED_PORT}/"
    if MODE == "rest-push-refused":
        c["capabilities"]["pushNotifications"] = True
    if secured():
        c["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}
        c["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
    return c


async def send_json(w, code, obj, req_method, reason="OK", extra=None, ctype=None):
    """misbehave47.send_json; the card as an HTML page in rest-card-html."""
    if MODE == "rest-card-html" and m47.CUR["path"] == "/.well-known/agent-card.json":
        page = b"<!doctype html><html><body><h1>Welcome</h1></body></html>"
        return await m.send_body(w, 200, page, "text/html; charset=utf-8", req_method)
    return await ORIGINAL_SEND_JSON(w, code, obj, req_method, reason, extra, ctype)


async def on_rpc(w, body):
    """misbehave46.on_rpc; every POST answered with an HTML page in iface-html."""
    if MODE == "iface-silent":
        await asyncio.sleep(3600)
        return False
    if MODE == "iface-html":
        page = b"<!doctype html><html><body>It works!</body></html>"
        return await m.send_body(w, 200, page, "text/html; charset=utf-8", "POST")
    return await ORIGINAL_ON_RPC(w, body)


async def on_rest(w, method, path, body):
    """misbehave46.on_rest; the anonymous refusal and the push refusal of the modes."""
    if secured() and "authorization" not in m47.CUR["hdrs"] \
            and not path.startswith("/.well-known/"):
        if MODE == "rest-auth-other" and path.startswith("/tasks/"):
            # a task read or cancel without credentials: TaskNotFoundError hides the task
            return await m.rest_error(w, -32001, "task not found", method)
        msg = "unauthorized: no bearer token" if MODE == "rest-auth-other-unauth" \
            else "this operation is not offered here"
        return await m.rest_error(w, -32004, msg, method)
    if MODE == "rest-push-refused" and path.endswith("/pushNotificationConfigs"):
        return await m.rest_error(w, -32602, "webhook url not allowed: loopback address", method)
    return await ORIGINAL_ON_REST(w, method, path, body)


async def on_send(c, params, stream):
    """misbehave47.on_send, with this round's answers to a send."""
    msg = params.get("message") if isinstance(params, dict) else None
    msg = msg if isinstance(msg, dict) else {}
    tid, ctx = msg.get("taskId"), msg.get("contextId")
    text = m.text_of(msg)
    skill = (text.split() or ["task"])[0]
    v10 = m.is10()
    if MODE == "rest-send-refused" and not tid:
        return await c.err(-32004, "this agent takes no messages now")
    if not stream and not tid and skill == "task" and not ctx:
        if MODE == "rest-send-no-id":
            t = m.new_task(v10, None)
            m.run_skill(t, skill, text)
            view = m.task_view(t)
            view.pop("id", None)
            return await c.ok(m.wrap(view, "task", v10))
        if MODE == "send-neither":
            return await c.ok({"kind": "receipt", "accepted": True})
    if ctx and not tid and not stream:
        if MODE == "rest-ctx-refused":
            return await c.err(-32004, "contexts are not continued here")
        if MODE == "rest-ctx-reopen":
            done = [t for t in m.TASKS.values() if t["ctx"] == ctx and t["state"] in m.TERMINAL]
            if done:
                t = done[0]
                t["state"] = "working"
                m.changed(t)
                return await c.ok(m.wrap(m.task_view(t), "task", v10))
        if MODE == "rest-ctx-msg-other":
            reply = {"role": "ROLE_AGENT", "messageId": str(uuid.uuid4()),
                     "parts": [m.text_part(f"echo: {text}", v10)],
                     "contextId": str(uuid.uuid4())}
            return await c.ok(m.wrap(reply, "message", v10))
    return await ORIGINAL_ON_SEND(c, params, stream)


async def on_get(c, tid):
    """misbehave46.on_get; a GetTask of a task the agent made answered with an error in the
    get modes (a random id, the probe's unknown-task read, stays TaskNotFoundError)."""
    if tid in m.TASKS:
        if MODE == "rest-get-not-found":
            return await c.err(-32001, "task not found")
        if MODE == "rest-get-refused":
            return await c.err(-32004, "tasks cannot be read here")
    return await ORIGINAL_ON_GET(c, tid)


ORIGINAL_CARD = None
ORIGINAL_SEND_JSON = None
ORIGINAL_ON_RPC = None
ORIGINAL_ON_REST = None
ORIGINAL_ON_SEND = None
ORIGINAL_ON_GET = None


async def main():
    global MODE, CLOSED_PORT, ORIGINAL_CARD, ORIGINAL_SEND_JSON, ORIGINAL_ON_RPC
    global ORIGINAL_ON_REST, ORIGINAL_ON_SEND, ORIGINAL_ON_GET
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="rest-send-refused")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for k, (kind, d) in MODES.items():
            print(f"{k}\t{kind}\t{d}")
        return
    if args.mode not in MODES:
        sys.exit(f"misbehave48: unknown mode {args.mode!r} (--list names them)")
    MODE = m.MODE = m46.MODE = m47.MODE = args.mode
    CLOSED_PORT = closed_port()
    m.ARGS = args
    # misbehave46's and misbehave47's patches of misbehave43 (as their mains make them)
    m.status = m46.status
    m.on_rest = m46.on_rest
    m.on_get = m46.on_get
    m.on_rpc = m46.on_rpc
    m.card = m47.card
    m.read_request = m47.read_request
    m.send_json = m47.send_json
    m.run_skill = m47.run_skill
    m.on_cancel = m47.on_cancel
    m.on_send = m47.on_send
    m46.list_tasks = m47.list_tasks
    # then this file's
    ORIGINAL_CARD, m.card = m.card, card
    ORIGINAL_SEND_JSON, m.send_json = m.send_json, send_json
    ORIGINAL_ON_RPC, m.on_rpc = m.on_rpc, on_rpc
    ORIGINAL_ON_REST, m.on_rest = m.on_rest, on_rest
    ORIGINAL_ON_SEND, m.on_send = m.on_send, on_send
    ORIGINAL_ON_GET, m.on_get = m.on_get, on_get
    srv = await asyncio.start_server(m.handle, "127.0.0.1", args.port)
    args.bound = srv.sockets[0].getsockname()[1]
    print(args.bound, flush=True)
    async with srv:
        await srv.serve_forever()


if __name__ == "__main__":
    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
