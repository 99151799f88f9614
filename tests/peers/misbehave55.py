#!/usr/bin/env python3
"""misbehave55: breaker55's real A2A agent (Python stdlib, one thread per connection) for TASK
MANAGEMENT over both bindings: GetTask (historyLength), ListTasks (1.0: pageSize, pageToken /
nextPageToken, totalSize, the contextId / status filters, includeArtifacts, historyLength),
CancelTask (a working task, a finished one, an unknown one, a canceled one again),
SubscribeToTask / 0.x tasks/resubscribe (a working task, a task waiting for input in the
middle of a conversation, a finished task) and the push notification config calls (Create /
Get / List / Delete; 0.x tasks/pushNotificationConfig/set|get|list|delete), on JSON-RPC 1.0,
0.3 and 0.2 and on HTTP+JSON 1.0 (`/message:send`, `GET /tasks/{id}`, `GET /tasks`,
`POST /tasks/{id}:cancel`, `GET|POST /tasks/{id}:subscribe`,
`/tasks/{id}/pushNotificationConfigs[/{cfg}]`; google.rpc.Status errors) and 0.3 (`/v1/...`,
ProtoJSON of the 0.3 gRPC proto: TASK_STATE_* states, message parts in `content`, A2A error
objects {code, message}).

    python3 misbehave55.py MODE [MODE ...]
    python3 misbehave55.py --list

A mode's prefix names its binding and generation: `v10-` / `v03-` / `v02-` JSON-RPC at `/`,
`r10-` HTTP+JSON 1.0 at the base URL, `r03-` HTTP+JSON 0.3 under `/v1`. Serves every named
mode in this one process, each on its own loopback port; prints `MODE PORT` per mode, then
`ready`, and serves until killed. The card's url is the agent's own address until the driver
posts the proxy's address to `POST /__public` on the agent's port (not A2A traffic; it never
passes the proxy); `POST /__answered` (a task id) likewise tells it the client holds the
answer to its follow-up on that task, which a held subscription waits for before its later
events. `--list` prints each mode with its kind: `fault` (a rule the verifier
judges) or `legal` (the verifier must stay silent).

Skills, by the first word of a send's text: `quick` completes at once with an artifact;
`long` stays working (a subscription runs it to completion, a cancel ends it canceled);
`book` waits in input-required (a follow-up naming the task completes it). Each mode bends
one answer (its OPTS entry); the driver (`misbehave55_drive.py`) reads the client's part of a
mode (`client`) from the same table.
"""
import json
import socketserver
import sys
import threading
import time
import urllib.parse
import uuid
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler

MODES = {
    # ---- legal: the verifier must stay silent ----------------------------------------------
    "v10-legal": ("legal", "1.0 JSON-RPC: get, list (pages of 2, filters), subscribe mid-"
                           "conversation and to a working task, cancels, push config CRUD"),
    "v03-legal": ("legal", "0.3 JSON-RPC: get, cancels, resubscribe, push config set/get/"
                           "list/delete"),
    "v02-legal": ("legal", "0.2.6 JSON-RPC: the same as 0.3"),
    "r10-legal": ("legal", "1.0 HTTP+JSON: the 1.0 JSON-RPC round on its routes, "
                           "google.rpc.Status errors"),
    "r03-legal": ("legal", "0.3 HTTP+JSON under /v1: get, cancels, subscribe, push configs"),
    "v10-list-token-omitted": ("legal", "the last page and the empty filtered list omit "
                                        "nextPageToken and totalSize 0 (ProtoJSON drops "
                                        "defaults; digest trap 12)"),
    "v10-list-default-size": ("legal", "the client omits pageSize; the server's default "
                                       "page holds every task"),
    "v10-list-smaller-pages": ("legal", "pages of one task where two were asked for, each "
                                        "with a nextPageToken (a server MAY return fewer)"),
    "v10-history-shorter": ("legal", "GetTask historyLength 5 answered with the two "
                                     "messages the task has"),
    "v10-history-zero-omitted": ("legal", "GetTask historyLength 0 answered without history "
                                          "(DATA-006)"),
    "v10-cancel-again-refused": ("legal", "a second cancel of the canceled task refused "
                                          "TaskNotCancelableError (1.0 §3.1.5)"),
    "v10-cancel-again-idempotent": ("legal", "a second cancel of the canceled task answered "
                                             "with the canceled task (1.0 §3.3.1: cancel is "
                                             "idempotent)"),
    "r10-cancel-again-idempotent": ("legal", "HTTP+JSON: the second cancel answered 200 with "
                                             "the canceled task"),
    "v10-cancel-async": ("legal", "the cancel answered with the task still working (the "
                                  "agent is stopping it); the next read shows it canceled"),
    "v10-sub-snapshot-repeated": ("legal", "subscription to the working task repeats a final "
                                           "Task snapshot before closing (STREAM-007)"),
    "r10-sub-post": ("legal", "HTTP+JSON subscribe by POST (the prose's verb; digest trap "
                              "1)"),
    "v03-sub-terminal-task": ("legal", "0.3 resubscribe to a finished task answered with the "
                                       "Task, then closed (0.3 gRPC; digest trap 6)"),
    "r03-sub-terminal-task": ("legal", "0.3 HTTP+JSON subscribe to a finished task answered "
                                       "with the Task, then closed"),
    "v10-push-list-empty-token": ("legal", "ListTaskPushNotificationConfigs with "
                                           "nextPageToken \"\""),
    "v10-list-status-filter-empty": ("legal", "the status filter TASK_STATE_FAILED answered "
                                              "with no tasks and nextPageToken \"\""),
    # second batch (predicted before its own first run)
    "v10-push-delete-again-ok": ("legal", "a second delete of the deleted config answered {} "
                                          "(Delete is idempotent, 1.0 §3.1.10)"),
    "v10-push-delete-again-not-found": ("legal", "a second delete of the deleted config "
                                                 "answered TaskNotFoundError (the same "
                                                 "effect: the config stays gone)"),
    "r10-push-delete-again-404": ("legal", "HTTP+JSON: the second delete answered 404 "
                                           "TaskNotFoundError"),
    "v10-get-history-zero-empty": ("legal", "GetTask historyLength 0 answered with history: "
                                            "[] (no message, as asked)"),
    "v03-resub-first-status": ("legal", "0.3 resubscribe to the working task opens with a "
                                        "status-update, no Task (0.x backfill is the "
                                        "implementation's, 0.3 §7.9)"),
    "v02-resub-terminal-task": ("legal", "0.2 resubscribe to a finished task answered with "
                                         "the Task, then closed"),
    "r10-cancel-no-body": ("legal", "HTTP+JSON cancel POSTed without a body (every field is "
                                    "in the path)"),
    "v10-list-timestamp-filter": ("legal", "ListTasks statusTimestampAfter applied"),
    "v10-list-timestamp-ignored": ("fault", "ListTasks statusTimestampAfter not applied"),
    "v10-list-artifacts-empty": ("fault", "ListTasks without includeArtifacts writes "
                                          "artifacts: [] on every task"),
    "v10-push-get-deleted-internal": ("fault", "Get of the deleted config answered -32603 "
                                               "InternalError"),
    "r10-push-get-deleted-500": ("fault", "HTTP+JSON get of the deleted config answered 500 "
                                          "INTERNAL"),
    "v10-cancel-unknown-internal": ("fault", "cancel of an unknown task answered -32603"),
    "v03-cancel-unknown-internal": ("fault", "0.3 cancel of an unknown task answered -32603"),
    "r03-cancel-unknown-400": ("fault", "0.3 HTTP+JSON cancel of an unknown task answered 400 "
                                        "with -32602"),
    "v10-cancel-other-task": ("fault", "cancel of the working task answered with another "
                                       "task"),
    "r10-sub-terminal-404": ("fault", "HTTP+JSON subscription to the completed task answered "
                                      "404 TaskNotFoundError"),
    "r10-cancel-409": ("fault", "HTTP+JSON cancel of the completed task answered 409 (1.0.0's "
                                "status of TaskNotCancelableError)"),
    "r10-unknown-problem-json": ("fault", "HTTP+JSON cancel of an unknown task answered as "
                                          "application/problem+json"),
    "v10-sub-snapshot-other-ctx": ("fault", "the subscription to the working task names "
                                            "another contextId"),
    "v02-get-history-ignored": ("fault", "0.2 tasks/get historyLength 1 whole history"),
    # fourth batch: a subscription held open across the conversation's follow-up
    "v10-sub-stays-open": ("legal", "subscription to the input-required task stays open; "
                                    "the client's follow-up (another connection) completes "
                                    "the task, and the stream delivers its artifact and "
                                    "TASK_STATE_COMPLETED, then closes (1.0 §7.6.1 / §3.1.6)"),
    "r10-sub-stays-open": ("legal", "HTTP+JSON: the same held subscription"),
    "v03-resub-stays-open": ("legal", "0.3 resubscribe held open across the follow-up, "
                                      "ending with final: true at completed"),
    "v10-sub-held-working-first": ("legal", "the held subscription reports working, the "
                                            "artifact and TASK_STATE_COMPLETED after the "
                                            "follow-up's answer already showed the task "
                                            "completed (its own events, in their order)"),
    "v10-sub-held-no-terminal": ("fault", "the held subscription sends the artifact the "
                                          "follow-up made, then closes without the terminal "
                                          "status"),
    "v03-cancel-unknown-invalid": ("fault", "0.3 cancel of an unknown task answered -32602 "
                                            "InvalidParams"),
    # ---- faults ---------------------------------------------------------------------------
    "v10-list-ignores-pagesize": ("fault", "ListTasks pageSize 2 answered with every task"),
    "r10-list-ignores-pagesize": ("fault", "HTTP+JSON GET /tasks?pageSize=2 answered with "
                                           "every task"),
    "v10-list-token-on-last": ("fault", "the page that completes the listing hands out a "
                                        "nextPageToken (to an empty page)"),
    "v10-list-token-missing": ("fault", "the first page of two has no nextPageToken although "
                                        "totalSize counts every task"),
    "v10-list-totalsize-short": ("fault", "totalSize 2 while the pages list five tasks"),
    "v10-list-repeats": ("fault", "the second page repeats a task of the first"),
    "v10-list-ctx-ignored": ("fault", "the contextId filter lists the other context's task "
                                      "too"),
    "r10-list-ctx-ignored": ("fault", "HTTP+JSON: the contextId filter not applied"),
    "v10-list-status-ignored": ("fault", "the status filter TASK_STATE_WORKING lists "
                                         "completed tasks too"),
    "v10-list-artifacts-unasked": ("fault", "ListTasks without includeArtifacts lists "
                                            "artifacts"),
    "v10-list-history-ignored": ("fault", "ListTasks historyLength 1 lists whole histories"),
    "v10-list-oldest-first": ("fault", "ListTasks sorted oldest first"),
    "v10-list-misses-task": ("fault", "the complete listing leaves out a task of the "
                                      "caller"),
    "v10-get-history-ignored": ("fault", "GetTask historyLength 1 answered with the whole "
                                         "history"),
    "r10-get-history-ignored": ("fault", "HTTP+JSON GET /tasks/{id}?historyLength=1 answered "
                                         "with the whole history"),
    "v03-get-history-ignored": ("fault", "0.3 tasks/get historyLength 1 whole history"),
    "r03-get-history-ignored": ("fault", "0.3 HTTP+JSON historyLength 1 whole history"),
    "v10-get-history-oldest": ("fault", "GetTask historyLength 1 keeps the oldest message"),
    "v10-get-other-task": ("fault", "GetTask of the first task answered with the second"),
    "v10-cancel-completed-success": ("fault", "cancel of a completed task answered with the "
                                              "completed task as success"),
    "v03-cancel-completed-success": ("fault", "0.3 cancel of a completed task answered with "
                                              "the task"),
    "v02-cancel-completed-success": ("fault", "0.2 cancel of a completed task answered with "
                                              "the task"),
    "r10-cancel-completed-success": ("fault", "HTTP+JSON cancel of a completed task 200 with "
                                              "the task"),
    "r03-cancel-completed-success": ("fault", "0.3 HTTP+JSON cancel of a completed task 200 "
                                              "with the task"),
    "v10-cancel-completed-wrong-code": ("fault", "cancel of a completed task refused -32603 "
                                                 "InternalError"),
    "r10-cancel-completed-500": ("fault", "HTTP+JSON cancel of a completed task refused 500 "
                                          "INTERNAL"),
    "r10-cancel-completed-200-error": ("fault", "HTTP+JSON cancel of a completed task "
                                                "answered 200 with a google.rpc.Status "
                                                "FAILED_PRECONDITION body"),
    "r10-cancel-unknown-400": ("fault", "HTTP+JSON cancel of an unknown task 400 "
                                        "INVALID_ARGUMENT"),
    "r10-cancel-unknown-no-body": ("fault", "HTTP+JSON cancel of an unknown task 404 with no "
                                            "body"),
    "v10-cancel-never-takes": ("fault", "the cancel answered with the task still working; it "
                                        "stays working"),
    "v10-cancel-then-completes": ("fault", "the cancel answered with the task still working; "
                                           "the next read shows it completed"),
    "r10-cancel-get-served": ("fault", "the client cancels with GET /tasks/{id}:cancel; the "
                                       "agent cancels"),
    "v10-sub-first-status": ("fault", "subscription to the working task opens with a "
                                      "statusUpdate"),
    "v10-sub-other-taskid": ("fault", "the subscription's events name another taskId"),
    "v10-sub-event-after-terminal": ("fault", "the subscription sends an artifact after the "
                                              "completed status"),
    "v10-sub-terminal-streams": ("fault", "subscription to the completed task streams its "
                                          "Task"),
    "r10-sub-terminal-streams": ("fault", "HTTP+JSON subscription to the completed task "
                                          "streams its Task"),
    "v10-sub-terminal-not-found": ("fault", "subscription to the completed task refused "
                                            "TaskNotFoundError"),
    "v10-sub-working-refused": ("fault", "subscription to the working task refused "
                                         "UnsupportedOperationError"),
    "v10-sub-interrupted-refused": ("fault", "subscription to the input-required task "
                                             "refused UnsupportedOperationError"),
    "v10-push-get-other": ("fault", "Get of cfg-1 answered with the task's other config"),
    "v03-push-get-other": ("fault", "0.3 get of cfg-1 answered with the other config"),
    "r03-push-get-other": ("fault", "0.3 HTTP+JSON get of cfg-1 answered with the other "
                                    "config"),
    "v10-push-after-delete": ("fault", "Get of the deleted config still answers it"),
    "v02-push-after-delete": ("fault", "0.2 list after delete still lists the config"),
    "v10-push-list-misses": ("fault", "the list leaves out the config created without id"),
    "v10-push-list-other-task": ("fault", "the list holds a config of another task"),
    "r10-push-delete-204": ("fault", "HTTP+JSON delete answered 204 with a JSON "
                                     "Content-Type and no body"),
    "r10-push-get-other": ("fault", "HTTP+JSON get of cfg-1 answered with the other config"),
}

# Options of the agent and the client's part (`client`):
#   list      "ok" | "all" | "token-last" | "token-missing" | "total-short" | "repeat" |
#             "ctx-ignored" | "status-ignored" | "artifacts" | "history" | "oldest" |
#             "miss" | "omit-token" | "small"
#   get       "ok" | "history-all" | "history-oldest" | "other"
#   cancel_done  "refuse" | "success" | "wrong-code" | "500" | "200-error"
#   cancel_again "refuse" | "idempotent"
#   cancel_unknown "404" | "400" | "no-body"
#   cancel_live  "ok" | "async" | "never" | "then-completes"
#   sub       "ok" | "first-status" | "other-taskid" | "after-terminal" | "repeat-snapshot" |
#             "working-refused"
#   sub_int   "close" | "refused"
#   sub_done  "refuse" | "stream" | "not-found"
#   push      "ok" | "get-other" | "after-delete" | "list-misses" | "list-other" |
#             "delete-204" | "list-empty-token"
#   push_gone "not-found" (a deleted config's get)
#   client    {"page_size": 2 | None, "history": 1, "sub_verb": "GET" | "POST",
#              "cancel_verb": "POST" | "GET", "cancel_again": bool, "status_filter": str}
OPTS = {
    "v10-list-token-omitted": {"list": "omit-token"},
    "v10-list-default-size": {"client": {"page_size": None}},
    "v10-list-smaller-pages": {"list": "small"},
    "v10-history-shorter": {"client": {"history": 5}},
    "v10-history-zero-omitted": {"client": {"history": 0}},
    "v10-cancel-again-refused": {"client": {"cancel_again": True}},
    "v10-cancel-again-idempotent": {"cancel_again": "idempotent",
                                    "client": {"cancel_again": True}},
    "r10-cancel-again-idempotent": {"cancel_again": "idempotent",
                                    "client": {"cancel_again": True}},
    "v10-cancel-async": {"cancel_live": "async"},
    "v10-sub-snapshot-repeated": {"sub": "repeat-snapshot"},
    "r10-sub-post": {"client": {"sub_verb": "POST"}},
    "v03-sub-terminal-task": {"sub_done": "stream"},
    "r03-sub-terminal-task": {"sub_done": "stream"},
    "v10-push-list-empty-token": {"push": "list-empty-token"},
    "v10-list-status-filter-empty": {"client": {"status_filter": "TASK_STATE_FAILED"}},
    "v10-list-ignores-pagesize": {"list": "all"},
    "r10-list-ignores-pagesize": {"list": "all"},
    "v10-list-token-on-last": {"list": "token-last"},
    "v10-list-token-missing": {"list": "token-missing"},
    "v10-list-totalsize-short": {"list": "total-short"},
    "v10-list-repeats": {"list": "repeat"},
    "v10-list-ctx-ignored": {"list": "ctx-ignored"},
    "r10-list-ctx-ignored": {"list": "ctx-ignored"},
    "v10-list-status-ignored": {"list": "status-ignored"},
    "v10-list-artifacts-unasked": {"list": "artifacts"},
    "v10-list-history-ignored": {"list": "history"},
    "v10-list-oldest-first": {"list": "oldest"},
    "v10-list-misses-task": {"list": "miss"},
    "v10-get-history-ignored": {"get": "history-all"},
    "r10-get-history-ignored": {"get": "history-all"},
    "v03-get-history-ignored": {"get": "history-all"},
    "r03-get-history-ignored": {"get": "history-all"},
    "v10-get-history-oldest": {"get": "history-oldest"},
    "v10-get-other-task": {"get": "other"},
    "v10-cancel-completed-success": {"cancel_done": "success"},
    "v03-cancel-completed-success": {"cancel_done": "success"},
    "v02-cancel-completed-success": {"cancel_done": "success"},
    "r10-cancel-completed-success": {"cancel_done": "success"},
    "r03-cancel-completed-success": {"cancel_done": "success"},
    "v10-cancel-completed-wrong-code": {"cancel_done": "wrong-code"},
    "r10-cancel-completed-500": {"cancel_done": "500"},
    "r10-cancel-completed-200-error": {"cancel_done": "200-error"},
    "r10-cancel-unknown-400": {"cancel_unknown": "400"},
    "r10-cancel-unknown-no-body": {"cancel_unknown": "no-body"},
    "v10-cancel-never-takes": {"cancel_live": "never"},
    "v10-cancel-then-completes": {"cancel_live": "then-completes"},
    "r10-cancel-get-served": {"client": {"cancel_verb": "GET"}},
    "v10-sub-first-status": {"sub": "first-status"},
    "v10-sub-other-taskid": {"sub": "other-taskid"},
    "v10-sub-event-after-terminal": {"sub": "after-terminal"},
    "v10-sub-terminal-streams": {"sub_done": "stream"},
    "r10-sub-terminal-streams": {"sub_done": "stream"},
    "v10-sub-terminal-not-found": {"sub_done": "not-found"},
    "v10-sub-working-refused": {"sub": "working-refused"},
    "v10-sub-interrupted-refused": {"sub_int": "refused"},
    "v10-push-get-other": {"push": "get-other"},
    "v03-push-get-other": {"push": "get-other"},
    "r03-push-get-other": {"push": "get-other"},
    "r10-push-get-other": {"push": "get-other"},
    "v10-push-after-delete": {"push": "after-delete"},
    "v02-push-after-delete": {"push": "after-delete"},
    "v10-push-list-misses": {"push": "list-misses"},
    "v10-push-list-other-task": {"push": "list-other"},
    "r10-push-delete-204": {"push": "delete-204"},
    "v10-push-delete-again-ok": {"client": {"delete_twice": True}},
    "v10-push-delete-again-not-found": {"push": "delete-missing-not-found",
                                        "client": {"delete_twice": True}},
    "r10-push-delete-again-404": {"push": "delete-missing-not-found",
                                  "client": {"delete_twice": True}},
    "v10-get-history-zero-empty": {"get": "empty-array", "client": {"history": 0}},
    "v03-resub-first-status": {"sub": "first-status"},
    "v02-resub-terminal-task": {"sub_done": "stream"},
    "r10-cancel-no-body": {"client": {"cancel_body": False}},
    "v10-list-timestamp-filter": {"client": {"ts_filter": True}},
    "v10-list-timestamp-ignored": {"list": "ts-ignored", "client": {"ts_filter": True}},
    "v10-list-artifacts-empty": {"list": "artifacts-empty"},
    "v10-push-get-deleted-internal": {"push": "get-missing-internal"},
    "r10-push-get-deleted-500": {"push": "get-missing-internal"},
    "v10-cancel-unknown-internal": {"cancel_unknown": "internal"},
    "v03-cancel-unknown-internal": {"cancel_unknown": "internal"},
    "r03-cancel-unknown-400": {"cancel_unknown": "400"},
    "v10-cancel-other-task": {"cancel_live": "other-task"},
    "r10-sub-terminal-404": {"sub_done": "not-found"},
    "r10-cancel-409": {"cancel_done": "409"},
    "r10-unknown-problem-json": {"cancel_unknown": "problem-json"},
    "v10-sub-snapshot-other-ctx": {"sub": "other-ctx"},
    "v02-get-history-ignored": {"get": "history-all"},
    "v03-cancel-unknown-invalid": {"cancel_unknown": "400"},
    "v10-sub-stays-open": {"sub_int": "stay-open", "client": {"hold_sub": True}},
    "r10-sub-stays-open": {"sub_int": "stay-open", "client": {"hold_sub": True}},
    "v03-resub-stays-open": {"sub_int": "stay-open", "client": {"hold_sub": True}},
    "v10-sub-held-working-first": {"sub_int": "stay-open-working",
                                   "client": {"hold_sub": True}},
    "v10-sub-held-no-terminal": {"sub_int": "stay-open-no-terminal",
                                 "client": {"hold_sub": True}},
}

TERMINAL = ("completed", "failed", "canceled", "rejected")
HOOK = "https://hooks.example.com/a2a/breaker55"


def opts(mode):
    """The mode's options with their defaults (the table above)."""
    o = {"list": "ok", "get": "ok", "cancel_done": "refuse", "cancel_again": "refuse",
         "cancel_unknown": "404", "cancel_live": "ok", "sub": "ok", "sub_int": "close",
         "sub_done": "refuse", "push": "ok"}
    o.update({k: v for k, v in OPTS.get(mode, {}).items() if k != "client"})
    c = {"page_size": 2, "history": 1, "sub_verb": "GET", "cancel_verb": "POST",
         "cancel_again": False, "status_filter": "TASK_STATE_WORKING", "delete_twice": False,
         "ts_filter": False, "cancel_body": True, "hold_sub": False}
    c.update(OPTS.get(mode, {}).get("client", {}))
    o["client"] = c
    return o


_clock = [datetime.now(timezone.utc)]
_clock_lock = threading.Lock()


def now():
    """A strictly increasing UTC timestamp (ms), so newest-first orders are unambiguous."""
    with _clock_lock:
        t = max(datetime.now(timezone.utc), _clock[0] + timedelta(milliseconds=2))
        _clock[0] = t
    return t.isoformat(timespec="milliseconds").replace("+00:00", "Z")


class Refusal(Exception):
    """An A2A error: `name` (TaskNotFound, TaskNotCancelable, UnsupportedOperation,
    Internal, InvalidParams) and its text."""

    def __init__(self, name, text):
        super().__init__(text)
        self.name, self.text = name, text


CODES = {"TaskNotFound": (-32001, 404, "NOT_FOUND", "TASK_NOT_FOUND"),
         "TaskNotCancelable": (-32002, 400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE"),
         "UnsupportedOperation": (-32004, 400, "FAILED_PRECONDITION",
                                  "UNSUPPORTED_OPERATION"),
         "Internal": (-32603, 500, "INTERNAL", None),
         "InvalidParams": (-32602, 400, "INVALID_ARGUMENT", None),
         "MethodNotFound": (-32601, 404, "NOT_FOUND", None)}


class Agent:
    """One mode's agent: its card, its tasks (in creation order), its answers."""

    def __init__(self, mode):
        self.mode = mode
        self.o = opts(mode)
        self.gen = mode[1:3]  # "10" | "03" | "02"
        self.rest = mode.startswith("r")
        self.v10 = self.gen == "10"
        self.public = None
        self.lock = threading.Lock()
        self.tasks = {}
        self.order = []
        self.configs = {}  # task id -> {config id: url}
        # tasks whose follow-up answer the client holds (POST /__answered, the driver)
        self.answered = set()
        self.n = 0

    # ---- the card -------------------------------------------------------------------------
    def card(self):
        caps = {"streaming": True, "pushNotifications": True}
        skills = [{"id": "tasks", "name": "tasks", "description": "quick, long and booking "
                   "tasks", "tags": ["tasks"]}]
        modes = dict(defaultInputModes=["text/plain"], defaultOutputModes=["text/plain"])
        if self.v10:
            return dict({"name": "breaker55", "description": "breaker55 agent",
                         "supportedInterfaces": [{
                             "url": self.public + ("" if self.rest else "/"),
                             "protocolBinding": "HTTP+JSON" if self.rest else "JSONRPC",
                             "protocolVersion": "1.0"}],
                         "version": "1.0.0", "capabilities": caps, "skills": skills}, **modes)
        c = dict({"name": "breaker55", "description": "breaker55 agent",
                  "url": self.public + ("" if self.rest else "/"), "version": "1.0.0",
                  "protocolVersion": "0.2.6" if self.gen == "02" else "0.3.0",
                  "capabilities": caps, "skills": skills}, **modes)
        if self.gen == "03":
            c["preferredTransport"] = "HTTP+JSON" if self.rest else "JSONRPC"
        return c

    # ---- shapes ---------------------------------------------------------------------------
    def proto(self):
        """True where the shapes are ProtoJSON (1.0 on both bindings, 0.3 HTTP+JSON)."""
        return self.v10 or self.rest

    def state(self, s):
        if not self.proto():
            return s
        if s == "canceled" and not self.v10:
            return "TASK_STATE_CANCELLED"
        return "TASK_STATE_" + s.upper().replace("-", "_")

    def message(self, m):
        """A stored message {id, role, text, tid, ctx} in the generation's shape."""
        if self.proto():
            role = "ROLE_AGENT" if m["role"] == "agent" else "ROLE_USER"
            parts = [{"text": m["text"]}]
            out = {"messageId": m["id"], "role": role,
                   ("parts" if self.v10 else "content"): parts}
        else:
            out = {"kind": "message", "messageId": m["id"], "role": m["role"],
                   "parts": [{"kind": "text", "text": m["text"]}]}
        out["contextId"], out["taskId"] = m["ctx"], m["tid"]
        return out

    def task_json(self, t, history=None, artifacts=True, order="recent"):
        """The task as the generation writes it; `history` None = all, else at most that
        many messages (the most recent ones, or the oldest where `order` says so)."""
        st = {"state": self.state(t["state"]), "timestamp": t["ts"]}
        if t.get("smsg"):
            st["message"] = self.message(t["smsg"])
        o = {"id": t["id"], "contextId": t["ctx"], "status": st}
        h = t["history"]
        if history is not None:
            h = h[:history] if order == "oldest" else (h[-history:] if history else [])
        if h or (history == 0 and self.o["get"] == "empty-array"):
            o["history"] = [self.message(m) for m in h]
        if artifacts and t["artifacts"]:
            o["artifacts"] = [self.artifact_json(a) for a in t["artifacts"]]
        elif not artifacts and self.o["list"] == "artifacts-empty":
            o["artifacts"] = []
        if not self.proto():
            o["kind"] = "task"
        return o

    def artifact_json(self, a):
        if self.proto():
            return {"artifactId": a["id"], "name": "result", "parts": [{"text": a["text"]}]}
        return {"artifactId": a["id"], "name": "result",
                "parts": [{"kind": "text", "text": a["text"]}]}

    def status_event(self, t, final):
        st = {"state": self.state(t["state"]), "timestamp": t["ts"]}
        e = {"taskId": t["id"], "contextId": t["ctx"], "status": st}
        if not self.v10:
            e["final"] = final
        if not self.proto():
            e["kind"] = "status-update"
        return ("statusUpdate", e)

    def artifact_event(self, t, a):
        e = {"taskId": t["id"], "contextId": t["ctx"], "artifact": self.artifact_json(a),
             "lastChunk": True}
        if not self.proto():
            e["kind"] = "artifact-update"
        return ("artifactUpdate", e)

    # ---- the store ------------------------------------------------------------------------
    def new_task(self, ctx):
        with self.lock:
            self.n += 1
            tid = f"task-{self.mode}-{self.n}"
            ctx = ctx or f"ctx-{self.mode}-{self.n}"
            t = {"id": tid, "ctx": ctx, "state": "submitted", "ts": now(), "history": [],
                 "artifacts": [], "smsg": None}
            self.tasks[tid] = t
            self.order.append(tid)
        return t

    def agent_msg(self, t, text):
        return {"id": str(uuid.uuid4()), "role": "agent", "text": text, "tid": t["id"],
                "ctx": t["ctx"]}

    def set_state(self, t, s, text=None):
        t["state"], t["ts"] = s, now()
        t["smsg"] = self.agent_msg(t, text) if text else None
        if t["smsg"]:
            t["history"].append(t["smsg"])

    def complete(self, t, text):
        t["artifacts"].append({"id": f"result-{t['id']}", "text": text})
        self.set_state(t, "completed", text)

    def find(self, tid, cancel=False):
        t = self.tasks.get(tid)
        if t is None:
            if cancel and self.o["cancel_unknown"] == "internal":
                raise Refusal("Internal", f"lookup of {tid} failed")
            if cancel and self.o["cancel_unknown"] == "400" and not self.rest:
                raise Refusal("InvalidParams", f"bad task id {tid}")
            raise Refusal("TaskNotFound", f"task {tid} not found")
        return t

    # ---- operations (binding-free; each returns a result object or raises Refusal) ------
    def send(self, m):
        parts = m.get("parts") or m.get("content") or []
        text = next((p.get("text") for p in parts if isinstance(p, dict)
                     and isinstance(p.get("text"), str)), "")
        tid, ctx = m.get("taskId"), m.get("contextId")
        user = {"id": m.get("messageId") or str(uuid.uuid4()), "role": "user", "text": text}
        if tid:
            t = self.find(tid)
            if t["state"] in TERMINAL:
                raise Refusal("UnsupportedOperation", f"task {tid} is {t['state']}")
            t["history"].append(dict(user, tid=t["id"], ctx=t["ctx"]))
            self.complete(t, f"booked for {text}")
        else:
            t = self.new_task(ctx)
            t["history"].append(dict(user, tid=t["id"], ctx=t["ctx"]))
            word = text.split()[0] if text.split() else ""
            if word == "long":
                self.set_state(t, "working", "working on it")
            elif word == "book":
                self.set_state(t, "input-required", "which date?")
            else:
                self.complete(t, f"done: {text}")
        r = self.task_json(t)
        return {"task": r} if self.proto() else r

    def get(self, tid, history):
        o = self.o
        t = self.find(tid)
        if o["get"] == "other":
            i = self.order.index(tid)
            t = self.tasks[self.order[(i + 1) % len(self.order)]]
        if o["get"] == "history-all":
            history = None
        return self.task_json(t, history, order="oldest" if o["get"] == "history-oldest"
                              else "recent")

    def list(self, q):
        """ListTasks of query q (pageSize, pageToken, contextId, status, historyLength,
        includeArtifacts as given, strings or numbers)."""
        o = self.o
        L = o["list"]
        ts = [self.tasks[i] for i in self.order]
        ts.sort(key=lambda t: t["ts"], reverse=L != "oldest")
        if q.get("contextId") and L != "ctx-ignored":
            ts = [t for t in ts if t["ctx"] == q["contextId"]]
        if q.get("status") and L != "status-ignored":
            ts = [t for t in ts if self.state(t["state"]) == q["status"]]
        if q.get("statusTimestampAfter") and L != "ts-ignored":
            # proto ListTasksRequest.status_timestamp_after: "greater than or equal to"
            ts = [t for t in ts if t["ts"] >= q["statusTimestampAfter"]]
        if L == "miss" and len(ts) > 2:
            ts = ts[:1] + ts[2:]
        total = len(ts)
        size = int(q.get("pageSize") or 50)
        if L == "small":
            size = 1
        if L == "all":
            size = 100
        start = int(q.get("pageToken") or 0)
        page = ts[start:start + size]
        if L == "repeat" and start:
            page = ts[start - 1:start - 1 + size]
        nxt = str(start + size) if start + size < total else ""
        if L == "token-last" and not nxt and page:
            nxt = str(start + size)
        if L == "token-missing":
            nxt = ""
        hl = q.get("historyLength")
        hl = None if hl in (None, "") or L == "history" else int(hl)
        arts = str(q.get("includeArtifacts", "false")).lower() == "true" or L == "artifacts"
        out = {"tasks": [self.task_json(t, hl, arts) for t in page], "nextPageToken": nxt,
               "pageSize": size, "totalSize": 2 if L == "total-short" else total}
        if L == "omit-token":
            if not nxt:
                del out["nextPageToken"]
            if not total:
                del out["totalSize"]
        return out

    def cancel(self, tid):
        o = self.o
        t = self.find(tid, cancel=True)
        if t["state"] == "canceled" and o["cancel_again"] == "idempotent":
            return self.task_json(t)
        if o["cancel_live"] == "other-task" and t["state"] not in TERMINAL:
            self.set_state(t, "canceled", "canceled by the client")
            return self.task_json(self.tasks[self.order[0]])
        if t["state"] in TERMINAL:
            d = o["cancel_done"]
            if d == "success":
                return self.task_json(t)
            if d == "wrong-code" or d == "500":
                raise Refusal("Internal", f"cannot cancel task {tid}")
            if d == "409":
                raise Refusal("TaskNotCancelable409", f"task {tid} is {t['state']}")
            if d == "200-error":
                raise Refusal("TaskNotCancelable200", f"task {tid} is {t['state']}")
            raise Refusal("TaskNotCancelable", f"task {tid} is {t['state']}")
        if t["state"] in ("input-required", "auth-required"):
            self.set_state(t, "canceled", "canceled by the client")
            return self.task_json(t)
        live = o["cancel_live"]
        if live == "ok":
            self.set_state(t, "canceled", "canceled by the client")
            return self.task_json(t)
        r = self.task_json(t)
        if live == "async":
            t["pending"] = "canceled"
        elif live == "then-completes":
            t["pending"] = "completed"
        return r

    def settle(self, t):
        """A cancel the agent was working on takes effect before the next read."""
        p = t.pop("pending", None)
        if p == "canceled":
            self.set_state(t, "canceled", "canceled by the client")
        elif p == "completed":
            self.complete(t, "done anyway")

    def subscribe(self, tid):
        """[(member, event)] of a subscription to task tid, or Refusal."""
        o = self.o
        t = self.find(tid)
        if t["state"] in TERMINAL:
            if o["sub_done"] == "stream":
                return [("task", self.task_json(t))]
            if o["sub_done"] == "not-found":
                raise Refusal("TaskNotFound", f"task {tid} not found")
            raise Refusal("UnsupportedOperation", f"task {tid} is {t['state']}: nothing to "
                                                  "subscribe to")
        if t["state"] in ("input-required", "auth-required"):
            if o["sub_int"] == "refused":
                raise Refusal("UnsupportedOperation", f"task {tid} is waiting for input")
            if o["sub_int"].startswith("stay-open"):
                return [("task", self.task_json(t)), ("__wait__", tid)]
            return [("task", self.task_json(t))]
        if o["sub"] == "working-refused":
            raise Refusal("UnsupportedOperation", f"task {tid} cannot be subscribed to")
        events = []
        if o["sub"] != "first-status":
            events.append(("task", self.task_json(t)))
        a = {"id": f"result-{t['id']}", "text": "long result"}
        t["artifacts"].append(a)
        events.append(self.artifact_event(t, a))
        self.set_state(t, "completed")
        events.append(self.status_event(t, True))
        if o["sub"] == "repeat-snapshot":
            events.append(("task", self.task_json(t)))
        if o["sub"] == "after-terminal":
            events.append(self.artifact_event(t, {"id": f"late-{t['id']}", "text": "late"}))
        if o["sub"] == "other-taskid":
            for _, e in events[1:]:
                e["taskId"] = f"task-{self.mode}-elsewhere"
        if o["sub"] == "other-ctx":
            for _, e in events:
                e["contextId"] = f"ctx-{self.mode}-elsewhere"
        return events

    def after_wait(self, tid):
        """The events of a held subscription to task tid once it left its interrupted state
        (a follow-up on another connection moved it on, and the client holds that
        follow-up's answer, POST /__answered; at most 10 s): its artifact and its status,
        then the stream ends."""
        t = self.tasks[tid]
        for _ in range(500):
            if t["state"] not in ("input-required", "auth-required") and tid in self.answered:
                break
            time.sleep(0.02)
        out = [self.artifact_event(t, a) for a in t["artifacts"]]
        if self.o["sub_int"] == "stay-open-no-terminal":
            return out
        if self.o["sub_int"] == "stay-open-working":
            k, w = self.status_event(t, False)
            w["status"] = dict(w["status"], state=self.state("working"))
            out.insert(0, (k, w))
        return out + [self.status_event(t, t["state"] in TERMINAL)]

    # push configs: stored per task as {cfg id: url}
    def push_create(self, tid, cid, url):
        self.find(tid)
        cfgs = self.configs.setdefault(tid, {})
        cid = cid or f"cfg-{uuid.uuid4().hex[:8]}"
        cfgs[cid] = url
        return self.push_json(tid, cid, url)

    def push_get(self, tid, cid):
        self.find(tid)
        cfgs = self.configs.get(tid, {})
        if cid not in cfgs:
            if self.o["push"] == "after-delete" and cid in self.deleted(tid):
                return self.push_json(tid, cid, self.deleted(tid)[cid])
            if self.o["push"] == "get-missing-internal":
                raise Refusal("Internal", f"config store lookup of {cid} failed")
            raise Refusal("TaskNotFound", f"push notification config {cid} not found")
        if self.o["push"] == "get-other":
            other = [k for k in cfgs if k != cid]
            if other:
                return self.push_json(tid, other[0], cfgs[other[0]])
        return self.push_json(tid, cid, cfgs[cid])

    def deleted(self, tid):
        return self.configs.setdefault("__deleted__" + tid, {})

    def push_list(self, tid):
        self.find(tid)
        cfgs = dict(self.configs.get(tid, {}))
        if self.o["push"] == "after-delete":
            cfgs.update(self.deleted(tid))
        items = [self.push_json(tid, k, v) for k, v in cfgs.items()]
        if self.o["push"] == "list-misses":
            items = items[:1]
        if self.o["push"] == "list-other":
            # a config of the mode's first task (T1), which has none of its own
            items.append(self.push_json(self.order[0], "cfg-elsewhere", HOOK + "/elsewhere"))
        return items

    def push_delete(self, tid, cid):
        self.find(tid)
        cfgs = self.configs.get(tid, {})
        if cid in cfgs:
            self.deleted(tid)[cid] = cfgs.pop(cid)
        elif self.o["push"] == "delete-missing-not-found":
            raise Refusal("TaskNotFound", f"push notification config {cid} not found")

    def push_json(self, tid, cid, url):
        if self.v10:
            return {"id": cid, "taskId": tid, "url": url, "token": f"tok-{cid}"}
        if self.rest:
            return {"name": f"tasks/{tid}/pushNotificationConfigs/{cid}",
                    "pushNotificationConfig": {"id": cid, "url": url, "token": f"tok-{cid}"}}
        return {"taskId": tid, "pushNotificationConfig": {"id": cid, "url": url,
                                                          "token": f"tok-{cid}"}}


def held(agent, tid, shape):
    """A callable the SSE writer calls outside the agent's lock: the held subscription's
    later events (Agent.after_wait), each in the binding's shape."""
    return lambda: [shape(k, e) for k, e in agent.after_wait(tid)]


# ---- JSON-RPC ------------------------------------------------------------------------------
def rpc(agent, req):
    """('json', status, body) or ('sse', [objects])."""
    rid, meth, p = req.get("id"), req.get("method"), req.get("params") or {}
    v10 = agent.v10

    def err(r):
        code = CODES.get(r.name, CODES["Internal"])
        e = {"code": code[0], "message": r.text}
        if v10 and code[3]:
            e["data"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                          "reason": code[3], "domain": "a2a-protocol.org"}]
        return {"jsonrpc": "2.0", "id": rid, "error": e}

    def wrap(r):
        return {"jsonrpc": "2.0", "id": rid, "result": r}

    names = {"SendMessage": "send", "message/send": "send",
             "SendStreamingMessage": "stream", "message/stream": "stream",
             "GetTask": "get", "tasks/get": "get", "ListTasks": "list",
             "CancelTask": "cancel", "tasks/cancel": "cancel",
             "SubscribeToTask": "sub", "tasks/resubscribe": "sub",
             "CreateTaskPushNotificationConfig": "pset",
             "tasks/pushNotificationConfig/set": "pset",
             "GetTaskPushNotificationConfig": "pget", "tasks/pushNotificationConfig/get": "pget",
             "ListTaskPushNotificationConfigs": "plist",
             "tasks/pushNotificationConfig/list": "plist",
             "DeleteTaskPushNotificationConfig": "pdel",
             "tasks/pushNotificationConfig/delete": "pdel"}
    op = names.get(meth)
    if op is None or (op == "list" and not v10):
        return ("json", 200, err(Refusal("MethodNotFound", f"method {meth} not found")))
    try:
        if op == "send":
            return ("json", 200, wrap(agent.send(p.get("message") or {})))
        if op == "stream":
            r = agent.send(p.get("message") or {})
            return ("sse", [wrap(r)])
        if op == "get":
            t = agent.tasks.get(p.get("id"))
            if t:
                agent.settle(t)
            return ("json", 200, wrap(agent.get(p.get("id"), p.get("historyLength"))))
        if op == "list":
            return ("json", 200, wrap(agent.list(p)))
        if op == "cancel":
            return ("json", 200, wrap(agent.cancel(p.get("id"))))
        if op == "sub":
            evs = agent.subscribe(p.get("id"))
            return ("sse", [held(agent, e, lambda k, ev: wrap({k: ev} if v10 else ev))
                            if k == "__wait__" else wrap({k: e} if v10 else e)
                            for k, e in evs])
        tid = p.get("taskId") if v10 or op == "pset" else p.get("id")
        if op == "pset":
            if v10:
                return ("json", 200, wrap(agent.push_create(tid, p.get("id"), p.get("url"))))
            c = p.get("pushNotificationConfig") or {}
            return ("json", 200, wrap(agent.push_create(tid, c.get("id"), c.get("url"))))
        cid = p.get("id") if v10 else p.get("pushNotificationConfigId")
        if op == "pget":
            return ("json", 200, wrap(agent.push_get(tid, cid)))
        if op == "plist":
            items = agent.push_list(tid)
            if v10:
                r = {"configs": items}
                if agent.o["push"] == "list-empty-token":
                    r["nextPageToken"] = ""
                return ("json", 200, wrap(r))
            return ("json", 200, wrap(items))
        agent.push_delete(tid, cid)
        return ("json", 200, wrap({} if v10 else None))
    except Refusal as r:
        return ("json", 200, err(r))


# ---- HTTP+JSON ----------------------------------------------------------------------------
def rest(agent, method, path, query, body):
    """('json', status, body | None, ctype) or ('sse', [objects])."""
    v10 = agent.v10
    pre = "" if v10 else "/v1"

    def err(r, status=None):
        if r.name == "TaskNotCancelable409":
            r = Refusal("TaskNotCancelable", r.text)
            status = 409
        code = CODES.get(r.name.replace("200", ""), CODES["Internal"])
        if v10:
            e = {"code": status or code[1], "status": code[2], "message": r.text}
            if code[3]:
                e["details"] = [{"@type": "type.googleapis.com/google.rpc.ErrorInfo",
                                 "reason": code[3], "domain": "a2a-protocol.org"}]
            return ("json", status or code[1], {"error": e}, None)
        return ("json", status or code[1], {"code": code[0], "message": r.text}, None)

    def ok(r):
        return ("json", 200, r, None)

    if not path.startswith(pre + "/"):
        return ("json", 404, {"error": {"code": 404, "status": "NOT_FOUND",
                                        "message": "no such route"}}, None)
    p = path[len(pre):]
    try:
        if p in ("/message:send", "/message:stream") and method == "POST":
            r = agent.send(body.get("message") or body.get("request") or {})
            return ok(r) if p.endswith("send") else ("sse", [r])
        if p == "/tasks" and method == "GET" and v10:
            return ok(agent.list(query))
        if p.startswith("/tasks/"):
            rest_ = p[len("/tasks/"):]
            seg = rest_.split("/")
            tid = urllib.parse.unquote(seg[0])
            if len(seg) == 1 and tid.endswith(":cancel"):
                tid = tid[:-len(":cancel")]
                if method not in ("POST", "GET"):
                    return err(Refusal("MethodNotFound", "no such route"), 405)
                try:
                    return ok(agent.cancel(tid))
                except Refusal as r:
                    if r.name == "TaskNotFound" and agent.o["cancel_unknown"] == "400":
                        return err(Refusal("InvalidParams", f"bad task id {tid}"))
                    if r.name == "TaskNotFound" and agent.o["cancel_unknown"] == "no-body":
                        return ("json", 404, None, None)
                    if r.name == "TaskNotFound" and \
                            agent.o["cancel_unknown"] == "problem-json":
                        return ("json", 404, {
                            "type": "https://a2a-protocol.org/errors/task-not-found",
                            "title": "Task not found", "status": 404, "detail": r.text},
                            "application/problem+json")
                    if r.name == "TaskNotCancelable200":
                        return err(r, 200)
                    raise
            if len(seg) == 1 and tid.endswith(":subscribe"):
                evs = agent.subscribe(tid[:-len(":subscribe")])
                return ("sse", [held(agent, e, lambda k, ev: {k: ev}) if k == "__wait__"
                                else {k: e} for k, e in evs])
            if len(seg) == 1 and method == "GET":
                t = agent.tasks.get(tid)
                if t:
                    agent.settle(t)
                hl = query.get("historyLength")
                return ok(agent.get(tid, None if hl is None else int(hl)))
            if len(seg) >= 2 and seg[1] == "pushNotificationConfigs":
                if len(seg) == 2 and method == "POST":
                    c = body if v10 else (body.get("pushNotificationConfig") or body)
                    return ok(agent.push_create(tid, c.get("id"), c.get("url")))
                if len(seg) == 2 and method == "GET":
                    items = agent.push_list(tid)
                    return ok({"configs": items, "nextPageToken": ""} if v10
                              else {"configs": items})
                cid = urllib.parse.unquote(seg[2])
                if method == "GET":
                    return ok(agent.push_get(tid, cid))
                if method == "DELETE":
                    agent.push_delete(tid, cid)
                    if agent.o["push"] == "delete-204":
                        return ("json", 204, None, "application/json")
                    return ok({})
        return ("json", 404, {"error": {"code": 404, "status": "NOT_FOUND",
                                        "message": "no such route"}}, None)
    except Refusal as r:
        if r.name == "TaskNotCancelable200":
            return err(r, 200)
        return err(r)


def handler_for(agent):
    class H(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *a):
            pass

        def send_body(self, status, obj, ctype=None):
            b = b"" if obj is None else json.dumps(obj).encode()
            self.send_response(status)
            if obj is not None or ctype:
                self.send_header("Content-Type", ctype or "application/json")
            if "well-known" in self.path:
                self.send_header("Cache-Control", "max-age=60")
                self.send_header("ETag", '"card-55"')
            if status != 204:
                self.send_header("Content-Length", str(len(b)))
            self.end_headers()
            self.wfile.write(b)

        def send_sse(self, objs):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for item in objs:
                for obj in (item() if callable(item) else [item]):
                    d = f"data: {json.dumps(obj)}\n\n".encode()
                    self.wfile.write(b"%x\r\n%s\r\n" % (len(d), d))
                    self.wfile.flush()
                    time.sleep(0.01)
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()

        def handle_any(self, method):
            n = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(n) if n else b""
            u = urllib.parse.urlsplit(self.path)
            if u.path == "/__public" and method == "POST":
                agent.public = raw.decode().strip().rstrip("/")
                return self.send_body(200, {})
            if u.path == "/__answered" and method == "POST":
                agent.answered.add(raw.decode().strip())
                return self.send_body(200, {})
            if method == "GET" and u.path == ("/.well-known/agent.json" if agent.gen == "02"
                                              else "/.well-known/agent-card.json"):
                return self.send_body(200, agent.card())
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = {}
            if agent.rest:
                q = dict(urllib.parse.parse_qsl(u.query))
                with agent.lock_ops:
                    ans = rest(agent, method, u.path, q, body if isinstance(body, dict) else {})
                if ans[0] == "sse":
                    return self.send_sse(ans[1])
                return self.send_body(ans[1], ans[2], ans[3])
            if method != "POST" or u.path != "/":
                return self.send_body(404, {"error": "not found"})
            with agent.lock_ops:
                ans = rpc(agent, body if isinstance(body, dict) else {})
            if ans[0] == "sse":
                return self.send_sse(ans[1])
            return self.send_body(ans[1], ans[2])

        def do_GET(self):
            self.handle_any("GET")

        def do_POST(self):
            self.handle_any("POST")

        def do_DELETE(self):
            self.handle_any("DELETE")

    return H


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    if sys.argv[1:] == ["--list"]:
        for k, (kind, what) in MODES.items():
            print(f"{k}\t{kind}\t{what}")
        return
    for mode in sys.argv[1:]:
        if mode not in MODES:
            sys.exit(f"unknown mode {mode}")
        a = Agent(mode)
        a.lock_ops = threading.Lock()
        s = Server(("127.0.0.1", 0), handler_for(a))
        a.public = f"http://127.0.0.1:{s.server_address[1]}"
        threading.Thread(target=s.serve_forever, daemon=True).start()
        print(mode, s.server_address[1], flush=True)
    print("ready", flush=True)
    threading.Event().wait()


if __name__ == "__main__":
    main()
