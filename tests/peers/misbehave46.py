#!/usr/bin/env python3
"""misbehave46: probe46's sibling of misbehave43.py and misbehave45.py, a small real A2A
agent (Python stdlib, raw asyncio sockets) that answers the calls whose probe verdicts were
the probe's own until session 46 in one of a few ways, chosen by --mode: an Agent Card whose
fields, skills or capability flags are broken (or, on 0.3, a skill's empty tags list, which
0.3 allows), GetTask answering another task or another context, a push config created
without an id (1.0, where the agent assigns it; 0.3, where the client does), ListTasks
paging that breaks its cursor, and a 400 naming another A2A error than the malformed
request's.

    python3 misbehave46.py --mode MODE [--port 0] [--public URL]

Prints the port it listens on (one line on stdout), then serves until killed. `--list`
prints every mode with its kind (fault | legal).

The A2A side is misbehave43.py's (imported, not copied): `rest-*` modes its 1.0 HTTP+JSON
agent (cards, sends, streams, GetTask, CancelTask and subscriptions with google.rpc.Status
errors), the others its 0.3 JSON-RPC agent at `/`; the skills `task`, `input`, `long`,
`echo`. This file adds ListTasks (`GET /tasks`) and push config creation where its mode
needs them and answers only the calls its mode names; everything else goes to
misbehave43's handler.
"""
import argparse
import asyncio
import json
import os
import sys
import urllib.parse
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import misbehave43 as m  # noqa: E402

MODES = {
    # ---- the Agent Card -----------------------------------------------------------------
    "rest-card-no-description": ("fault", "1.0 card without description (REQUIRED, CARD-003)"),
    "rest-card-skill-no-tags": ("fault", "1.0 card whose skill `task` has no tags list "
                                         "(AgentSkill.tags is REQUIRED, CARD-003)"),
    "rest-card-flag-string": ("fault", "1.0 card whose capabilities.pushNotifications is the "
                                       "string \"false\", not a boolean"),
    "card-03-empty-tags": ("legal", "0.3 card whose skills have an empty tags list (the 0.3 "
                                    "schema requires the list, not that it has an entry)"),
    "rest-iface-404": ("fault", "1.0 card whose HTTP+JSON interface url is /wrong under the "
                                "base URL, where every request is answered 404 text/html"),
    # ---- GetTask --------------------------------------------------------------------------
    "rest-get-other-task": ("fault", "the first GetTask of each task answers the task under "
                                     "another (new) id"),
    "rest-get-other-context": ("fault", "the first GetTask of each task answers it in another "
                                        "(new) contextId"),
    # ---- push config creation --------------------------------------------------------------
    "rest-push-no-id": ("fault", "1.0 card with pushNotifications; CreateTaskPushNotification"
                                 "Config answers the config without id (1.0 §3.1.7: the agent "
                                 "assigns it)"),
    "push-no-id-03": ("legal", "0.3 card with pushNotifications; tasks/pushNotificationConfig/"
                               "set answers the config without id (0.3: the id is the "
                               "client's to set, and none was sent)"),
    # ---- ListTasks paging (1.0 HTTP+JSON GET /tasks) ----------------------------------------
    "rest-list-paged": ("legal", "GET /tasks filters by contextId and status, newest first, "
                                 "pages by pageSize with an opaque nextPageToken, \"\" on the "
                                 "last page"),
    "rest-list-token-loop": ("fault", "a page fetched with a pageToken hands back that same "
                                      "pageToken as its nextPageToken"),
    "rest-list-no-next": ("fault", "pageSize 1 lists one task with totalSize 2 and no "
                                   "nextPageToken"),
    "rest-list-token-at-end": ("fault", "the last page (fetched with a pageToken, listing the "
                                        "rest of totalSize) hands out another nextPageToken"),
    "rest-list-repeat": ("fault", "the page after nextPageToken lists the first page's task "
                                  "again (totalSize unchanged)"),
    "rest-list-hides-newest": ("legal", "every listing leaves out the newest 1.0 task (the "
                                        "context continuation's): which tasks a caller sees "
                                        "is the agent's to scope (DATA-LIST-006, a warning)"),
    "rest-list-page2-oversize": ("fault", "the page after nextPageToken lists two tasks for "
                                          "pageSize 1 (the next task and one of another "
                                          "context)"),
    # ---- the malformed send ---------------------------------------------------------------
    "rest-malformed-400-unsupported": ("fault", "a send body that is not JSON, and a send whose "
                                                "message is no object, answered HTTP 400 "
                                                "FAILED_PRECONDITION with ErrorInfo "
                                                "UNSUPPORTED_OPERATION instead of "
                                                "INVALID_ARGUMENT"),
}

MODE = ""
CUR = {"target": "/"}
GOT = set()


def listing():
    return MODE.startswith("rest-list-")


def card():
    c = ORIGINAL_CARD()
    if MODE == "rest-card-no-description":
        del c["description"]
    elif MODE == "rest-card-skill-no-tags":
        del c["skills"][0]["tags"]
    elif MODE == "rest-card-flag-string":
        c["capabilities"]["pushNotifications"] = "false"
    elif MODE == "card-03-empty-tags":
        for s in c["skills"]:
            s["tags"] = []
    elif MODE == "rest-iface-404":
        c["supportedInterfaces"][0]["url"] = m.public() + "/wrong"
    elif MODE in ("rest-push-no-id", "push-no-id-03"):
        c["capabilities"]["pushNotifications"] = True
    return c


def status(t):
    """misbehave43.status, each state stamped once (a task read twice shows one time)."""
    st = ORIGINAL_STATUS(t)
    st["timestamp"] = t.setdefault("stamps", {}).setdefault(t["state"], st["timestamp"])
    return st


def stamp(t):
    return t.get("stamps", {}).get(t["state"], "")


async def read_request(r, head):
    """misbehave43.read_request, keeping the request target (its query) for ListTasks."""
    out = await ORIGINAL_READ_REQUEST(r, head)
    CUR["target"] = out[1]
    return out


async def list_tasks(w, method):
    """1.0 ListTasks over GET /tasks: contextId and status filters, newest status first,
    offset paging by pageSize (default 50) with a `p<offset>` token; the mode breaks it."""
    q = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(CUR["target"]).query))
    tasks = [t for t in m.TASKS.values() if t["v10"]]
    if q.get("contextId"):
        tasks = [t for t in tasks if t["ctx"] == q["contextId"]]
    if q.get("status"):
        tasks = [t for t in tasks if m.state_name(t["state"], True) == q["status"]]
    if MODE == "rest-list-hides-newest":
        every = [t for t in m.TASKS.values() if t["v10"]]
        tasks = [t for t in tasks if t is not every[-1]]
    for t in tasks:
        m.task_view(t)  # stamps the current state
    tasks.sort(key=stamp, reverse=True)
    size = int(q.get("pageSize") or 50)
    token = q.get("pageToken", "")
    start = int(token[1:]) if token.startswith("p") and token[1:].isdigit() else 0
    page = tasks[start:start + size]
    nxt = f"p{start + size}" if start + size < len(tasks) else ""
    if MODE == "rest-list-token-loop" and token:
        nxt = token
    if MODE == "rest-list-token-at-end" and token and not nxt:
        nxt = f"p{start + size}"
    if MODE == "rest-list-no-next":
        nxt = ""
    if MODE == "rest-list-repeat" and token:
        page = tasks[:size]
    if MODE == "rest-list-page2-oversize" and token:
        other = [t for t in m.TASKS.values() if t["v10"] and t not in tasks]
        page = sorted(page + other[:1], key=stamp, reverse=True)
    views = [m.task_view(t) for t in page]
    if q.get("includeArtifacts") != "true":
        for v in views:
            v.pop("artifacts", None)
    body = {"tasks": views, "nextPageToken": nxt,
            "pageSize": size, "totalSize": len(tasks)}
    return await m.send_json(w, 200, body, method)


async def on_rest(w, method, path, body):
    """misbehave43.on_rest, with this round's answers to the calls the mode names."""
    if MODE == "rest-iface-404" and path.startswith("/wrong"):
        return await m.send_body(w, 404, b"<html><body>Not Found</body></html>",
                                 "text/html", method, "Not Found")
    if method == "GET" and path == "/tasks" and listing():
        return await list_tasks(w, method)
    if MODE == "rest-malformed-400-unsupported" and method == "POST" \
            and path in ("/message:send", "/message:stream"):
        try:
            payload = json.loads(body) if body else None
        except ValueError:
            payload = None
        if not isinstance(payload, dict) or not isinstance(payload.get("message"), dict):
            return await m.rest_error(w, -32004, "unsupported request", method)
    if MODE == "rest-push-no-id" and method == "POST" and path.startswith("/tasks/") \
            and path.endswith("/pushNotificationConfigs"):
        tid = urllib.parse.unquote(path[len("/tasks/"):-len("/pushNotificationConfigs")])
        cfg = json.loads(body) if body else {}
        out = {"taskId": tid, "url": cfg.get("url")}
        if cfg.get("authentication"):
            out["authentication"] = cfg["authentication"]
        return await m.send_json(w, 200, out, method)
    return await ORIGINAL_ON_REST(w, method, path, body)


async def on_get(c, tid):
    """misbehave43.on_get; the get modes answer each task's first read with another id or
    context."""
    t = m.TASKS.get(tid)
    if t is None or tid in GOT or MODE not in ("rest-get-other-task", "rest-get-other-context"):
        return await ORIGINAL_ON_GET(c, tid)
    GOT.add(tid)
    view = m.task_view(t)
    if MODE == "rest-get-other-task":
        view["id"] = str(uuid.uuid4())
    else:
        view["contextId"] = str(uuid.uuid4())
    return await c.ok(view)


async def on_rpc(w, body):
    """misbehave43.on_rpc, with 0.3 tasks/pushNotificationConfig/set answered without id."""
    if MODE == "push-no-id-03":
        try:
            req = json.loads(body)
        except ValueError:
            req = None
        if isinstance(req, dict) and req.get("method") == "tasks/pushNotificationConfig/set":
            p = req.get("params") or {}
            cfg = dict(p.get("pushNotificationConfig") or {})
            cfg.pop("id", None)
            return await m.send_json(w, 200, m.rpc_result(req.get("id"), {
                "taskId": p.get("taskId"), "pushNotificationConfig": cfg}), "POST")
    return await ORIGINAL_ON_RPC(w, body)


ORIGINAL_CARD = m.card
ORIGINAL_STATUS = m.status
ORIGINAL_READ_REQUEST = m.read_request
ORIGINAL_ON_REST = m.on_rest
ORIGINAL_ON_GET = m.on_get
ORIGINAL_ON_RPC = m.on_rpc


async def main():
    global MODE
    p = argparse.ArgumentParser()
    p.add_argument("--mode", default="rest-list-paged")
    p.add_argument("--port", type=int, default=0)
    p.add_argument("--public", default=None)
    p.add_argument("--list", action="store_true")
    args = p.parse_args()
    if args.list:
        for k, (kind, d) in MODES.items():
            print(f"{k}\t{kind}\t{d}")
        return
    if args.mode not in MODES:
        sys.exit(f"misbehave46: unknown mode {args.mode!r} (--list names them)")
    MODE = m.MODE = args.mode
    m.ARGS = args
    m.card = card
    m.status = status
    m.read_request = read_request
    m.on_rest = on_rest
    m.on_get = on_get
    m.on_rpc = on_rpc
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
