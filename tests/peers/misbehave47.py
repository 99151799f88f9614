#!/usr/bin/env python3
"""misbehave47: probe47's sibling of misbehave46.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) that answers the calls whose probe verdicts were the probe's own until
session 47 in one of a few ways, chosen by --mode: an Agent Card served only with
credentials, a card offering only gRPC, JSON-RPC errors sent under HTTP 500, a cancel
refused or answered with a task that did not cancel, a follow-up to an input-required task
refused or left input-required, a task that never ends, and a ListTasks status filter that
leaves out the task in that state.

    python3 misbehave47.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. `--list`
prints every mode with its kind: `fault` (a rule the verifier judges), `legal` (no rule
broken: the probe's expectation at most).

The A2A side is misbehave46.py's, and through it misbehave43.py's (imported, not copied):
`rest-*` modes its 1.0 HTTP+JSON agent at the base URL, the others its 0.3 JSON-RPC agent
at `/`; the skills `task` (completed), `input` (input-required, the next message completes
it), `long` (working until canceled), `echo` (a Message). This file changes only the
answers its mode names.
"""
import argparse
import asyncio
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import misbehave43 as m  # noqa: E402
import misbehave46 as m46  # noqa: E402

MODES = {
    # ---- card.public, card.interfaces ------------------------------------------------------
    "rest-card-needs-auth": ("legal", "the well-known card answers 401 with WWW-Authenticate "
                                      "to a request without Authorization, the card with one "
                                      "(CARD-011: a card need not be public)"),
    "rest-card-grpc-only": ("fault", "1.0 card whose one interface is GRPC, at this HTTP/1.1 "
                                     "address (no gRPC server: its gRPC call answered HTTP 404, "
                                     "CARD-URL-002 since grpc58; before, the probe's own "
                                     "card.interface-url failure and no rule's finding)"),
    # ---- errors.no-5xx ----------------------------------------------------------------------
    "errors-under-500": ("legal", "0.3 JSON-RPC: every error response (right codes) sent under "
                                  "HTTP 500 (ERR-007: the HTTP status of a JSON-RPC error is "
                                  "unspecified)"),
    # ---- lifecycle.cancel ---------------------------------------------------------------------
    "rest-cancel-refused": ("legal", "cancel of a working task answered TaskNotCancelableError "
                                     "(TASK-003: the agent says which tasks it can cancel)"),
    "rest-cancel-completes": ("fault", "cancel of a working task answered with success, the "
                                       "task completed instead of canceled (TASK-STATE-003: "
                                       "success with a terminal task not canceled)"),
    "rest-cancel-ignored": ("fault", "cancel of a working task answered with success, the task "
                                     "still working and never canceled (TASK-STATE-004, a "
                                     "warning)"),
    # ---- lifecycle.input-required ---------------------------------------------------------
    "rest-followup-refused": ("fault", "a follow-up to an input-required task refused with "
                                       "UnsupportedOperationError, the terminal task's answer "
                                       "(TASK-STATE-015, a warning)"),
    "rest-followup-asks-again": ("legal", "a follow-up to an input-required task answered with "
                                          "the task input-required again (the agent asks again)"),
    # ---- lifecycle.poll-terminal ----------------------------------------------------------
    "task-never-ends": ("legal", "0.3 JSON-RPC: the `task` skill's task stays working (no time limit "
                                      "in the spec)"),
    # ---- lifecycle.list-tasks' status filter -------------------------------------------------
    "rest-list-status-hides": ("fault", "GET /tasks with a status filter lists no task: the "
                                        "completed task of the context is left out "
                                        "(DATA-LIST-006, a warning)"),
}

MODE = ""
CUR = {"hdrs": {}, "path": ""}
ASKED = set()


def card():
    c = ORIGINAL_CARD()
    if MODE == "rest-card-grpc-only":
        c["supportedInterfaces"] = [{"url": m.public().split("://", 1)[1],
                                     "protocolBinding": "GRPC", "protocolVersion": "1.0"}]
    return c


async def read_request(r, head):
    """misbehave46.read_request, keeping the header fields and the path too."""
    out = await ORIGINAL_READ_REQUEST(r, head)
    CUR["hdrs"] = out[2]
    CUR["path"] = out[1].split("?")[0]
    return out


async def send_json(w, code, obj, req_method, reason="OK", extra=None, ctype=None):
    """misbehave43.send_json; the card without credentials and the JSON-RPC errors under
    HTTP 500 where the mode says so."""
    if MODE == "rest-card-needs-auth" and CUR["path"] == "/.well-known/agent-card.json" \
            and "authorization" not in CUR["hdrs"]:
        return await ORIGINAL_SEND_JSON(
            w, 401, {"error": {"code": 401, "status": "UNAUTHENTICATED",
                               "message": "credentials required"}}, req_method,
            "Unauthorized", extra={"WWW-Authenticate": 'Bearer realm="misbehave47"'})
    if MODE == "errors-under-500" and isinstance(obj, dict) and obj.get("jsonrpc") == "2.0" \
            and "error" in obj:
        return await ORIGINAL_SEND_JSON(w, 500, obj, req_method, "Internal Server Error",
                                        extra, ctype)
    return await ORIGINAL_SEND_JSON(w, code, obj, req_method, reason, extra, ctype)


def run_skill(t, skill, text):
    """misbehave43.run_skill; in task-never-ends the `task` skill's task, sent without a
    stream, stays working (a stream's task ends as misbehave43's does)."""
    if MODE == "task-never-ends" and skill == "task" and not CUR.get("stream"):
        t["state"] = "working"
        return
    return ORIGINAL_RUN_SKILL(t, skill, text)


async def on_cancel(c, tid):
    t = m.TASKS.get(tid)
    if t is not None and t["state"] not in m.TERMINAL:
        if MODE == "rest-cancel-refused":
            return await c.err(-32002, "this task cannot be canceled")
        if MODE == "rest-cancel-completes":
            t["state"], t["artifacts"] = "completed", [("a1", "done before the cancel")]
            t.pop("msg", None)
            m.changed(t)
            return await c.ok(m.task_view(t))
        if MODE == "rest-cancel-ignored":
            return await c.ok(m.task_view(t))
    return await ORIGINAL_ON_CANCEL(c, tid)


async def on_send(c, params, stream):
    """misbehave43.on_send; a follow-up to an input-required task refused, or answered with
    the task input-required again, where the mode says so."""
    CUR["stream"] = stream
    msg = params.get("message") if isinstance(params, dict) else None
    tid = msg.get("taskId") if isinstance(msg, dict) else None
    t = m.TASKS.get(tid) if tid else None
    if t is not None and t["state"] == "input-required" and not stream:
        if MODE == "rest-followup-refused":
            return await c.err(-32004, "this task takes no more messages")
        if MODE == "rest-followup-asks-again":
            t["msg"] = "which input, again?"
            ASKED.add(tid)
            m.changed(t)
            return await c.ok(m.wrap(m.task_view(t), "task", t["v10"]))
    return await ORIGINAL_ON_SEND(c, params, stream)


async def list_tasks(w, method):
    """misbehave46.list_tasks; a status filter lists no task in rest-list-status-hides."""
    q = dict(m46.urllib.parse.parse_qsl(m46.urllib.parse.urlsplit(m46.CUR["target"]).query))
    if MODE == "rest-list-status-hides" and q.get("status"):
        size = int(q.get("pageSize") or 50)
        return await m.send_json(w, 200, {"tasks": [], "nextPageToken": "",
                                          "pageSize": size, "totalSize": 0}, method)
    return await ORIGINAL_LIST_TASKS(w, method)


ORIGINAL_CARD = m46.card
ORIGINAL_READ_REQUEST = m46.read_request
ORIGINAL_SEND_JSON = m.send_json
ORIGINAL_RUN_SKILL = m.run_skill
ORIGINAL_ON_CANCEL = m.on_cancel
ORIGINAL_ON_SEND = m.on_send
ORIGINAL_LIST_TASKS = m46.list_tasks


async def main():
    global MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="rest-cancel-refused")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for k, (kind, d) in MODES.items():
            print(f"{k}\t{kind}\t{d}")
        return
    if args.mode not in MODES:
        sys.exit(f"misbehave47: unknown mode {args.mode!r} (--list names them)")
    MODE = m.MODE = m46.MODE = args.mode
    m.ARGS = args
    # misbehave46's own patches of misbehave43 (as its main makes them), then this file's
    m.status = m46.status
    m.on_rest = m46.on_rest
    m.on_get = m46.on_get
    m.on_rpc = m46.on_rpc
    m.card = card
    m.read_request = read_request
    m.send_json = send_json
    m.run_skill = run_skill
    m.on_cancel = on_cancel
    m.on_send = on_send
    m46.list_tasks = list_tasks
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
