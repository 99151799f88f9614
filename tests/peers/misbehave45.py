#!/usr/bin/env python3
"""misbehave45: probe45's sibling of misbehave43.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) that answers the calls the probe's verdicts were its own until session
45 in one of a few ways, chosen by --mode: a send whose `message` is no
object (the probe's marked `errors.invalid-params`) served as a send or refused under
another status than 400, and `GET /tasks` (ListTasks) answered 404 with the ErrorInfo reason
TASK_NOT_FOUND or as an unrouted path, and GetTask answering more history than historyLength
asks (1.0 HTTP+JSON and 0.3 JSON-RPC).

    python3 misbehave45.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. `--list`
prints every mode with its kind (fault | legal).

The A2A side is misbehave43.py's (imported, not copied): `rest-*` modes its `rest-control`
(cards, sends, streams, GetTask, CancelTask and subscriptions on 1.0 HTTP+JSON with
google.rpc.Status errors), the other its 0.3 JSON-RPC agent at `/`; the skills `task`,
`input`, `long`, `echo`. This file only answers the calls its mode names; everything else
goes to misbehave43's handler.
"""
import argparse
import asyncio
import json
import os
import sys
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import misbehave43 as m  # noqa: E402

MODES = {
    "rest-invalid-params-served": ("fault", "a send whose message is no object (a string) "
                                            "served 200 with a completed task, its text "
                                            "read from the string"),
    "rest-invalid-params-422": ("fault", "a send whose message is no object answered HTTP 422 "
                                         "with a FastAPI-style {detail} body, not 400 "
                                         "INVALID_ARGUMENT"),
    "rest-invalid-params-400": ("legal", "a send whose message is no object answered HTTP 400 "
                                         "INVALID_ARGUMENT with ErrorInfo (ERR-006)"),
    "rest-list-task-not-found": ("fault", "GET /tasks (ListTasks) answered HTTP 404 with a "
                                          "google.rpc.Status whose ErrorInfo reason is "
                                          "TASK_NOT_FOUND: a list names no task"),
    "rest-list-unrouted": ("legal", "GET /tasks (ListTasks) not routed: HTTP 404 NOT_FOUND "
                                    "without ErrorInfo, as for any unknown path (the agent "
                                    "offers no ListTasks)"),
    "rest-history-ignored": ("fault", "1.0 HTTP+JSON GetTask answers the task with its two "
                                      "history messages whatever historyLength asks (0, 1)"),
    "history-ignored-03": ("fault", "0.3 JSON-RPC tasks/get answers the task with its two "
                                    "history messages whatever historyLength asks (a 0.x "
                                    "SHOULD: DATA-HISTORY-002's warning)"),
}

MODE = ""


def malformed_message(body):
    """The `message` member of a JSON object send body when it is no object, else None."""
    try:
        payload = json.loads(body) if body else None
    except ValueError:
        return None
    if isinstance(payload, dict) and "message" in payload \
            and not isinstance(payload["message"], dict):
        return payload["message"]
    return None


async def on_rest(w, method, path, body):
    """misbehave43.on_rest, with this round's answers to the calls the mode names."""
    if method == "POST" and path in ("/message:send", "/message:stream"):
        bad = malformed_message(body)
        if bad is not None and MODE == "rest-invalid-params-served":
            msg = {"role": "ROLE_USER", "messageId": str(uuid.uuid4()),
                   "parts": [{"text": f"task {bad}"}]}
            return await m.on_send(m.Call(w, method), {"message": msg},
                                   path.endswith(":stream"))
        if bad is not None and MODE == "rest-invalid-params-422":
            return await m.send_json(w, 422, {"detail": [{
                "loc": ["body", "message"], "msg": "Input should be a valid dictionary",
                "type": "dict_type"}]}, method, "Unprocessable Entity")
        if bad is not None and MODE == "rest-invalid-params-400":
            return await m.send_json(w, 400, {"error": {
                "code": 400, "status": "INVALID_ARGUMENT",
                "message": "message must be a Message object",
                "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest",
                             "fieldViolations": [{"field": "message",
                                                  "description": "not an object"}]}]}},
                method, "Bad Request")
    if method == "GET" and path == "/tasks" and MODE == "rest-list-task-not-found":
        return await m.rest_error(w, -32001, "task not found", method)
    return await ORIGINAL_ON_REST(w, method, path, body)


ORIGINAL_ON_REST = m.on_rest
ORIGINAL_ON_GET = m.on_get


async def on_get(c, tid):
    """misbehave43.on_get; the history modes add the task's two messages, untrimmed."""
    t = m.TASKS.get(tid)
    if t is None or not MODE.endswith(("history-ignored", "history-ignored-03")):
        return await ORIGINAL_ON_GET(c, tid)
    v10 = t["v10"]
    view = m.task_view(t)
    history = []
    for role, text in (("user", "task hello"), ("agent", "done")):
        msg = {"role": ("ROLE_" + role.upper()) if v10 else role,
               "messageId": str(uuid.uuid4()), "parts": [m.text_part(text, v10)],
               "contextId": t["ctx"], "taskId": t["id"]}
        if not v10:
            msg["kind"] = "message"
        history.append(msg)
    view["history"] = history
    return await c.ok(view)


async def main():
    global MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="rest-invalid-params-400")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for k, (kind, d) in MODES.items():
            print(f"{k}\t{kind}\t{d}")
        return
    if args.mode not in MODES:
        sys.exit(f"misbehave45: unknown mode {args.mode!r} (--list names them)")
    MODE = m.MODE = args.mode
    m.ARGS = args
    m.on_rest = on_rest
    m.on_get = on_get
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
