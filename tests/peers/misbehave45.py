#!/usr/bin/env python3
"""misbehave45: probe45's sibling of misbehave43.py, a small real A2A agent (Python stdlib,
raw asyncio sockets) serving 1.0 HTTP+JSON that answers the calls the probe's verdicts were
its own until session 45 in one of a few ways, chosen by --mode: a send whose `message` is no
object (the probe's marked `errors.invalid-params`) served as a send or refused under
another status than 400, and `GET /tasks` (ListTasks) answered 404 with the ErrorInfo reason
TASK_NOT_FOUND or as an unrouted path.

    python3 misbehave45.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. `--list`
prints every mode with its kind (fault | legal).

The A2A side is misbehave43.py's `rest-control` (imported, not copied): cards, sends,
streams, GetTask, CancelTask and subscriptions on 1.0 HTTP+JSON with google.rpc.Status
errors, the skills `task`, `input`, `long`, `echo`. This file only answers the calls its
mode names; everything else goes to misbehave43's handler.
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
