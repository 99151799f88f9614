"""Writes the b24x blind-adversary transcripts (breaker24): 1.0 ListTasks paging and filters,
historyLength, returnImmediately and acceptedOutputModes, Part shapes across generations,
task cancel, tenant paths and 1.0 HTTP+JSON routes, client-supplied ids, and Agent Card
signatures / security requirements / extended card / interface details. Faulty ones carry
the finding the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker24 (blind adversary, round four)"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}


def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b24x-" + name] = (lines(), findings, SRC, note)


E, W, N = "error", "warning", "note"
A = H + "/a2a"
RPC = lambda i, m, p, h=V10: req(A, rpc(i, m, p), headers=h)
C10 = lambda **kw: getcard(card10(**kw))
C03 = lambda **kw: getcard(card03(**kw))
J03 = {"content-type": "application/json"}
RJ = {"content-type": "application/a2a+json", "a2a-version": "1.0"}
RESTI = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]
R10 = lambda **kw: getcard(card10(ifaces=RESTI, **kw))
TEN = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]
RT10 = lambda **kw: getcard(card10(ifaces=TEN, **kw))
rget = lambda path, h=RJ: req(H + path, method="GET", headers={k: v for k, v in h.items() if k != "content-type"})
rpost = lambda path, body, h=RJ: req(H + path, body, headers=h)
rok = lambda body, status=200: resp(body, status=status, headers=RJ)


def hist(n, tid="t1", ctx="c1"):
    """n messages alternating user/agent, oldest first, messageIds h1..hn."""
    out = []
    for k in range(1, n + 1):
        role = "ROLE_USER" if k % 2 else "ROLE_AGENT"
        out.append({"messageId": "h%d" % k, "role": role, "parts": [{"text": "turn %d" % k}], "taskId": tid, "contextId": ctx})
    return out


def hist03(n, tid="t1", ctx="c1"):
    out = []
    for k in range(1, n + 1):
        role = "user" if k % 2 else "agent"
        out.append({"kind": "message", "messageId": "h%d" % k, "role": role, "parts": [{"kind": "text", "text": "turn %d" % k}], "taskId": tid, "contextId": ctx})
    return out


def ask10(tid="t1", ctx="c1", n=1):
    """a Task waiting for input, its question in status.message."""
    t = task10(tid, ctx, "INPUT_REQUIRED", n)
    t["status"]["message"] = amsg10("which city?", taskId=tid, contextId=ctx)
    return t


def send_task(tid, ctx="c1", state="COMPLETED", n=1, i=None, **kw):
    """a JSON-RPC SendMessage creating task tid (a message with its own messageId)."""
    i = i or ("s-" + tid)
    p = {"message": msg10(mid="m-" + tid)}
    if state in ("SUBMITTED", "WORKING"):
        p["configuration"] = {"returnImmediately": True}
    t = ask10(tid, ctx, n) if state == "INPUT_REQUIRED" else task10(tid, ctx, state, n, **kw)
    return [RPC(i, "SendMessage", p),
            resp(ok(i, {"task": t}))]


def errinfo_rest(code, status, reason, msg):
    return {"error": {"code": code, "status": status, "message": msg,
                      "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": "a2a-protocol.org"}]}}


# ---------------------------------------------------------------- ListTasks (L)
def three():
    return send_task("t1", n=1) + send_task("t2", n=2) + send_task("t3", n=3)


case("L01-v10-list-tasks-page-size-2-answered-3", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": 2}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
    [("list-tasks-filter-not-applied", E)],
    "ListTasks pageSize 2 answered with a page of three tasks (DATA-007)")
case("L02-v10-list-tasks-context-filter-ignored", lambda: C10() + send_task("t1", "c1", n=1) + send_task("t2", "c2", n=2) + [
    RPC(9, "ListTasks", {"contextId": "c1"}),
    resp(ok(9, {"tasks": [task10("t2", "c2", n=2), task10("t1", "c1", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
    [("list-tasks-filter-not-applied", E)],
    "ListTasks contextId c1 answered with a task of context c2 in the page (DATA-007)")
case("L03-v10-rest-list-tasks-status-filter-ignored", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1"), "configuration": {"returnImmediately": True}}), rok({"task": task10("t1", state="WORKING", n=1)}),
    rpost("/message:send", {"message": msg10(mid="m2")}), rok({"task": task10("t2", state="COMPLETED", n=2)}),
    rget("/tasks?status=TASK_STATE_WORKING"),
    rok({"tasks": [task10("t2", state="COMPLETED", n=2), task10("t1", state="WORKING", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2})],
    [("list-tasks-filter-not-applied", E)],
    "GET /tasks?status=TASK_STATE_WORKING answered with a COMPLETED task in the page (DATA-007, REST-001 query form)")
case("L04-v10-rest-list-tasks-context-filter-ignored", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1", contextId="c1")}), rok({"task": task10("t1", "c1", n=1)}),
    rpost("/message:send", {"message": msg10(mid="m2", contextId="c2")}), rok({"task": task10("t2", "c2", n=2)}),
    rget("/tasks?contextId=c1&pageSize=10"),
    rok({"tasks": [task10("t2", "c2", n=2), task10("t1", "c1", n=1)], "nextPageToken": "", "pageSize": 10, "totalSize": 2})],
    [("list-tasks-filter-not-applied", E)],
    "GET /tasks?contextId=c1 answered with a task of context c2 (DATA-007)")
case("L05-v10-list-tasks-total-more-no-next-token", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": 2}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
    [("list-tasks-paging-broken", E)],
    "a page of 2 with totalSize 3 and an empty nextPageToken: the third task cannot be reached (DATA-007 cursor paging)")
case("L06-v10-list-tasks-second-page-repeats-first", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": 2}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2)], "nextPageToken": "p2", "pageSize": 2, "totalSize": 3})),
    RPC(10, "ListTasks", {"pageSize": 2, "pageToken": "p2"}),
    resp(ok(10, {"tasks": [task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
    [("list-tasks-paging-broken", E)],
    "the page behind nextPageToken p2 repeats t2 from the first page (DATA-007 cursor paging)")
case("L07-v10-list-tasks-status-timestamp-after-ignored", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"statusTimestampAfter": "2026-12-02T10:00:02.500Z"}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 3}))],
    [("list-tasks-filter-not-applied", E)],
    "statusTimestampAfter 10:00:02.5 answered with t2 (10:00:02) and t1 (10:00:01) (DATA-007)")
case("L08-v10-list-tasks-oldest-first", lambda: C10() + three() + [
    RPC(9, "ListTasks", {}),
    resp(ok(9, {"tasks": [task10("t1", n=1), task10("t2", n=2), task10("t3", n=3)], "nextPageToken": "", "pageSize": 50, "totalSize": 3}))],
    [("list-tasks-not-newest-first", E)],
    "ListTasks answered oldest status first (DATA-007: newest first)")
case("L09-v10-list-tasks-history-length-0-history-kept", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"historyLength": 0}),
    resp(ok(9, {"tasks": [task10("t3", n=3, history=hist(2, "t3")), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 3}))],
    [("history-length-exceeded", E)],
    "ListTasks historyLength 0 answered with a task carrying two history messages (DATA-006)")
case("L10-v10-rest-list-tasks-page-size-query-exceeded", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1")}), rok({"task": task10("t1", n=1)}),
    rpost("/message:send", {"message": msg10(mid="m2")}), rok({"task": task10("t2", n=2)}),
    rget("/tasks?pageSize=1"),
    rok({"tasks": [task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 1, "totalSize": 2})],
    [("list-tasks-filter-not-applied", E)],
    "GET /tasks?pageSize=1 answered with two tasks (DATA-007)")
case("L11-v10-list-tasks-other-tenant-task-in-page", lambda: getcard(card10(ifaces=[
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"},
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "globex"}])) + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1"), "tenant": "acme"}), resp(ok(1, {"task": task10("t-acme", "c-acme", n=1)})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2"), "tenant": "globex"}), resp(ok(2, {"task": task10("t-globex", "c-globex", n=2)})),
    RPC(3, "ListTasks", {"tenant": "acme"}),
    resp(ok(3, {"tasks": [task10("t-globex", "c-globex", n=2), task10("t-acme", "c-acme", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
    [("list-tasks-filter-not-applied", E)],
    "ListTasks of tenant acme lists t-globex, a task created under tenant globex (DATA-007 only caller-visible tasks, AUTH-006)")
case("L12-v10-rest-list-tasks-tenant-path-other-tenant-task", lambda: getcard(card10(ifaces=[
        {"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"},
        {"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "globex"}])) + [
    rpost("/acme/message:send", {"message": msg10(mid="m1")}), rok({"task": task10("t-acme", "c-acme", n=1)}),
    rpost("/globex/message:send", {"message": msg10(mid="m2")}), rok({"task": task10("t-globex", "c-globex", n=2)}),
    rget("/acme/tasks"),
    rok({"tasks": [task10("t-globex", "c-globex", n=2), task10("t-acme", "c-acme", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2})],
    [("list-tasks-filter-not-applied", E)],
    "GET /acme/tasks lists t-globex, created under /globex (DATA-007, AUTH-006)")
case("L13-v10-list-tasks-tasks-not-array", lambda: C10() + send_task("t1") + [
    RPC(9, "ListTasks", {}),
    resp(ok(9, {"tasks": task10("t1"), "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("result-invalid-shape", E)],
    "ListTasksResponse.tasks is one Task object instead of an array (DATA-007, proto repeated Task)")
case("L14-v10-list-tasks-listed-task-malformed", lambda: C10() + send_task("t1") + [
    RPC(9, "ListTasks", {}),
    resp(ok(9, {"tasks": [{"id": "t1", "contextId": "c1", "status": {"state": "completed"}}], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("task-state-invalid", E)],
    "a listed Task carries the 0.3 state 'completed' in a 1.0 ListTasks answer (DATA-001 enum names)")
case("L15-v10-list-tasks-page-size-string-exceeded", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": "2"}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
    [("list-tasks-filter-not-applied", E)],
    "pageSize as the ProtoJSON string \"2\" is still 2: a page of three breaks it (DATA-007)")
case("LL1-legal-v10-list-tasks-two-pages", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": 2}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2)], "nextPageToken": "p2", "pageSize": 2, "totalSize": 3})),
    RPC(10, "ListTasks", {"pageSize": 2, "pageToken": "p2"}),
    resp(ok(10, {"tasks": [task10("t1", n=1)], "nextPageToken": "", "pageSize": 2, "totalSize": 3}))],
    [], "two pages of ListTasks: disjoint, newest first, last token empty")
case("LL2-legal-v10-rest-list-tasks-filters-applied", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1", contextId="c1"), "configuration": {"returnImmediately": True}}), rok({"task": task10("t1", "c1", state="WORKING", n=1)}),
    rpost("/message:send", {"message": msg10(mid="m2", contextId="c2"), "configuration": {"returnImmediately": True}}), rok({"task": task10("t2", "c2", state="WORKING", n=2)}),
    rget("/tasks?contextId=c1&status=TASK_STATE_WORKING&pageSize=5"),
    rok({"tasks": [task10("t1", "c1", state="WORKING", n=1)], "nextPageToken": "", "pageSize": 5, "totalSize": 1})],
    [], "GET /tasks with contextId and status filters answered with the one matching task")
case("LL3-legal-v10-list-tasks-next-token-omitted-last-page", lambda: C10() + send_task("t1") + [
    RPC(9, "ListTasks", {}),
    resp(ok(9, {"tasks": [task10("t1")], "pageSize": 50, "totalSize": 1}))],
    [], "strict ProtoJSON omits an empty nextPageToken on the last page (digest trap 12): lenient")
case("LL4-legal-v10-list-tasks-tenant-own-tasks", lambda: getcard(card10(ifaces=[
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"},
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "globex"}])) + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1"), "tenant": "acme"}), resp(ok(1, {"task": task10("t-acme", "c-acme", n=1)})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2"), "tenant": "globex"}), resp(ok(2, {"task": task10("t-globex", "c-globex", n=2)})),
    RPC(3, "ListTasks", {"tenant": "acme"}),
    resp(ok(3, {"tasks": [task10("t-acme", "c-acme", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [], "ListTasks of tenant acme lists only acme's task")
case("LL7-legal-v10-list-tasks-two-tenants-same-task-id", lambda: getcard(card10(ifaces=[
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"},
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "globex"}])) + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1"), "tenant": "acme"}), resp(ok(1, {"task": task10("t1", "c-acme", n=1)})),
    RPC(2, "SendMessage", {"message": msg10(mid="m2"), "tenant": "globex"}), resp(ok(2, {"task": task10("t1", "c-globex", n=2)})),
    RPC(3, "ListTasks", {"tenant": "globex"}),
    resp(ok(3, {"tasks": [task10("t1", "c-globex", n=2)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [], "each tenant has its own task t1 (b11-K2): ListTasks of globex lists its own t1")
case("LL5-legal-v10-list-tasks-empty-page-no-tasks", lambda: C10() + [
    RPC(9, "ListTasks", {"contextId": "nothing-here"}),
    resp(ok(9, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}))],
    [], "ListTasks on a context with no tasks: an empty page (digest trap 12)")
case("LL6-legal-v10-list-tasks-history-length-1", lambda: C10() + send_task("t1") + [
    RPC(9, "ListTasks", {"historyLength": 1}),
    resp(ok(9, {"tasks": [task10("t1", history=hist(2)[1:])], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [], "ListTasks historyLength 1 answered with the newest history message only")

# ---------------------------------------------------------------- historyLength (Y)
case("Y01-v10-get-task-history-length-2-answered-4", lambda: C10() + send_task("t1") + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 2}),
    resp(ok(2, task10("t1", history=hist(4))))],
    [("history-length-exceeded", E)],
    "GetTask historyLength 2 answered with four history messages (DATA-006)")
case("Y02-v10-rest-get-task-history-query-1-answered-3", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks/t1?historyLength=1"),
    rok(task10("t1", history=hist(3)))],
    [("history-length-exceeded", E)],
    "GET /tasks/t1?historyLength=1 answered with three history messages (DATA-006)")
case("Y03-v10-send-config-history-length-1-answered-2", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"historyLength": 1}}),
    resp(ok(1, {"task": task10("t1", history=hist(2))}))],
    [("history-length-exceeded", E)],
    "SendMessage configuration.historyLength 1 answered with two history messages (DATA-006)")
case("Y04-v10-get-task-history-length-2-oldest-kept", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10("t1", history=hist(4))})),
    RPC(2, "GetTask", {"id": "t1", "historyLength": 2}),
    resp(ok(2, task10("t1", history=hist(4)[:2])))],
    [("history-length-kept-oldest", E)],
    "GetTask historyLength 2 answered with h1, h2 (the oldest) after the send showed h1..h4 (DATA-006)")
case("Y05-v10-get-task-negative-history-length-processed", lambda: C10() + send_task("t1") + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": -1}),
    resp(ok(2, task10("t1", history=hist(2))))],
    [("request-param-invalid-accepted", E)],
    "GetTask historyLength -1 processed as if valid (ERR-006: validate input first, -32602)")
case("Y06-v03-get-task-history-length-1-answered-3", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03())),
    req(A, rpc(2, "tasks/get", {"id": "t1", "historyLength": 1}), headers=J03),
    resp(ok(2, task03(history=hist03(3))))],
    [("history-length-not-applied", W)],
    "0.3 tasks/get historyLength 1 answered with three history messages")
case("Y08-v10-rest-send-history-length-0-answered-history", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"historyLength": 0}}),
    rok({"task": task10("t1", history=hist(1))})],
    [("history-length-exceeded", E)],
    "POST /message:send historyLength 0 answered with the history (DATA-006: 0 = omit)")
case("Y09-v10-rest-get-task-history-length-string-query-2-answered-3", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks/t1?historyLength=2&a2a-version=1.0"),
    rok(task10("t1", history=hist(3)))],
    [("history-length-exceeded", E)],
    "GET /tasks/t1?historyLength=2 (with another query parameter after it) answered with three history messages")
case("YL1-legal-v10-get-task-history-length-2-newest-two", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10("t1", history=hist(4))})),
    RPC(2, "GetTask", {"id": "t1", "historyLength": 2}),
    resp(ok(2, task10("t1", history=hist(4)[2:])))],
    [], "GetTask historyLength 2 answered with h3, h4: the newest two")
case("YL2-legal-v10-get-task-history-length-5-has-3", lambda: C10() + send_task("t1") + [
    RPC(2, "GetTask", {"id": "t1", "historyLength": 5}),
    resp(ok(2, task10("t1", history=hist(3))))],
    [], "historyLength 5 answered with the three there are")
case("YL3-legal-v10-get-task-no-history-length-long-history", lambda: C10() + send_task("t1") + [
    RPC(2, "GetTask", {"id": "t1"}),
    resp(ok(2, task10("t1", history=hist(9))))],
    [], "no historyLength: the server default applies (DATA-006)")
case("YL4-legal-v10-rest-get-task-negative-history-refused-400", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks/t1?historyLength=-3"),
    resp({"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "historyLength must be >= 0"}}, status=400, headers=RJ)],
    [], "GET /tasks/t1?historyLength=-3 refused with 400 INVALID_ARGUMENT (ERR-006)")
case("YL5-legal-v03-get-task-history-length-0-full-history", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03())),
    req(A, rpc(2, "tasks/get", {"id": "t1", "historyLength": 0}), headers=J03),
    resp(ok(2, task03(history=hist03(2))))],
    [], "0.3 historyLength 0 means 'no limit' for 0.3 gRPC (digest trap 7): lenient")

# ---------------------------------------------------------------- returnImmediately / modes (R)
case("R01-v10-rest-return-immediately-answered-after-12s-completed", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}),
    dict(rok({"task": task10("t1", state="COMPLETED")}), t=12.5)],
    [("return-immediately-ignored", W)],
    "POST /message:send returnImmediately true answered 12.5 s later with a finished task (TASK-005)")
case("R02-v10-rest-return-immediately-false-answered-submitted", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": False}}),
    rok({"task": task10("t1", state="SUBMITTED")})],
    [("blocking-send-returned-early", E)],
    "POST /message:send returnImmediately false (blocking) answered with a SUBMITTED task (TASK-005)")
case("R03-v10-client-sends-03-blocking-in-1-0-config", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"blocking": False}}),
    resp(ok(1, {"task": task10("t1", state="COMPLETED")}))],
    [("client-version-mixed-request", W)],
    "a half-migrated 1.0 client sends the 0.3 configuration.blocking (1.0 renamed and inverted it to returnImmediately): the agent ignores it and blocks")
case("R04-v03-client-sends-1-0-return-immediately", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"returnImmediately": True}}), headers=J03),
    resp(ok(1, task03(state="completed")))],
    [("client-version-mixed-request", W)],
    "a 0.3 message/send carries the 1.0 configuration.returnImmediately, which 0.3 agents do not know")
case("R05-v10-stream-artifact-media-type-not-accepted", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["text/plain"]}}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([{"task": task10(state="WORKING")},
               {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"url": "https://agent.example.test/f/r.png", "mediaType": "image/png"}]}}},
               st10(state="COMPLETED", n=2)])],
    [("output-mode-not-accepted", W)],
    "acceptedOutputModes text/plain, the stream's artifact is an image/png part (DATA-004 / acceptedOutputModes)")
case("R06-v10-rest-send-accepted-json-answered-pdf", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"acceptedOutputModes": ["application/json"]}}),
    rok({"task": task10("t1", artifacts=[{"artifactId": "a1", "parts": [{"raw": "JVBERi0=", "mediaType": "application/pdf", "filename": "r.pdf"}]}])})],
    [("output-mode-not-accepted", W)],
    "acceptedOutputModes application/json answered with a PDF artifact part")
case("RL1-legal-v10-accepted-wildcard-text-markdown", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["text/*"]}}),
    resp(ok(1, {"task": task10("t1", artifacts=[{"artifactId": "a1", "parts": [{"text": "# hi", "mediaType": "text/markdown"}]}])}))],
    [], "acceptedOutputModes text/* covers text/markdown")
case("RL2-legal-v10-return-immediately-answered-submitted", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}),
    resp(ok(1, {"task": task10("t1", state="SUBMITTED")}))],
    [], "returnImmediately true answered at once with a SUBMITTED task (TASK-005)")
case("RL3-legal-v10-blocking-answered-input-required", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": ask10()}))],
    [], "blocking send answered at an interrupted state (TASK-005)")
case("RL4-legal-v10-return-immediately-fast-completed", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"returnImmediately": True}}),
    resp(ok(1, {"task": task10("t1", state="COMPLETED")}))],
    [], "returnImmediately true, but the task finished within milliseconds: answering it finished is no fault")
case("RL5-legal-v03-blocking-false-answered-working", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), headers=J03),
    resp(ok(1, task03(state="working")))],
    [], "0.3 blocking false answered with a working task")

# ---------------------------------------------------------------- Part shapes (P)
def art(parts, **kw):
    a = {"artifactId": "a1", "parts": parts}
    a.update(kw)
    return [a]


case("P01-v03-agent-data-part-array", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "data", "data": [1, 2, 3]}]}])))],
    [("result-invalid-shape", E)],
    "0.3 DataPart.data is an object ({[k: string]: unknown}); the agent sent an array (DATA-004)")
case("P02-v03-client-data-part-string", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(parts=[{"kind": "data", "data": "just text"}])}), headers=J03),
    resp(ok(1, task03()))],
    [("request-message-invalid-shape", E)],
    "a 0.3 client sends a data part whose data is a string (DATA-004: data is an object)")
case("P03-v03-agent-file-part-bytes-and-uri", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "file", "file": {"bytes": "aGk=", "uri": "https://agent.example.test/f/a.txt", "mimeType": "text/plain"}}]}])))],
    [("result-invalid-shape", E)],
    "0.3 file part with both bytes and uri (DATA-004: exactly one)")
case("P04-v10-agent-part-raw-and-url", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"raw": "aGk=", "url": "https://agent.example.test/f/a.txt", "mediaType": "text/plain"}]))}))],
    [("result-invalid-shape", E)],
    "1.0 part with both raw and url: Part.content is a oneof (DATA-004)")
case("P05-v10-agent-part-03-file-object", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"file": {"uri": "https://agent.example.test/f/a.pdf", "mimeType": "application/pdf"}}]))}))],
    [("result-invalid-shape", E)],
    "a half-migrated agent sends a 0.3 file object as a 1.0 part: no text/raw/url/data member is set (DATA-004)")
case("P06-v10-agent-part-url-with-03-mime-type-name", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"url": "https://agent.example.test/f/a.pdf", "mimeType": "application/pdf", "name": "a.pdf"}]))}))],
    [("version-mixed-payload", W)],
    "1.0 url part names its media type and file name with the 0.3 members mimeType and name (1.0: mediaType, filename)")
case("P07-v10-client-part-url-plus-03-file", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"url": "https://c.example.test/x.pdf", "file": {"uri": "https://c.example.test/x.pdf"}}])}),
    resp(ok(1, {"task": task10()}))],
    [("client-version-mixed-request", W)],
    "a half-migrated client puts a 0.3 file object beside the 1.0 url on one part")
case("P08-v03-client-file-part-1-0-names", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(parts=[{"kind": "file", "file": {"uri": "https://c.example.test/x.pdf", "mediaType": "application/pdf", "filename": "x.pdf"}}])}), headers=J03),
    resp(ok(1, task03()))],
    [("client-version-mixed-request", W)],
    "a 0.3 file part with the 1.0 names mediaType and filename inside file (0.3: mimeType, name)")
case("P09-v10-agent-part-metadata-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"text": "x", "metadata": "source=web"}]))}))],
    [("result-invalid-shape", E)],
    "a part's metadata is a string; proto Struct is a JSON object (DATA-004)")
case("P10-v10-agent-message-metadata-array", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"message": amsg10(contextId="c1", metadata=[{"k": "v"}])}))],
    [("result-invalid-shape", E)],
    "an agent Message's metadata is an array; proto Struct is a JSON object")
case("P11-v10-client-part-with-kind", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"kind": "text", "text": "hi"}])}),
    resp(ok(1, {"task": task10()}))],
    [("client-version-mixed-request", W)],
    "a 1.0 client part carries the 0.3 discriminator kind (DATA-001: no kind)")
case("P12-v10-agent-part-empty-object", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{}]))}))],
    [("result-invalid-shape", E)],
    "an artifact part {} sets no content member (DATA-004)")
case("P13-v10-agent-part-text-not-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"text": {"value": "hi"}}]))}))],
    [("result-invalid-shape", E)],
    "a text part's text is an object (proto string)")
case("P14-v10-agent-artifact-metadata-on-part-level-parts-missing", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=[{"artifactId": "a1", "text": "hi", "metadata": {"k": "v"}}])}))],
    [("result-invalid-shape", E)],
    "an artifact written as a part (text and metadata on the artifact, no parts) (DATA-005 parts >= 1)")
case("P15-v10-agent-part-url-not-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"url": {"href": "https://agent.example.test/f/a"}, "mediaType": "text/plain"}]))}))],
    [("result-invalid-shape", E)],
    "a url part's url is an object (proto string)")
case("PL1-legal-v10-data-part-array", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"data": [1, 2, 3], "mediaType": "application/json"}]))}))],
    [], "1.0 Part.data is a google.protobuf.Value: an array is allowed")
case("PL2-legal-v10-data-part-number-and-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"data": 42}, {"data": "x"}])}),
    resp(ok(1, {"task": task10(artifacts=art([{"data": True}]))}))],
    [], "1.0 data parts holding a number, a string and a boolean (google.protobuf.Value)")
case("PL3-legal-v10-url-part-media-type-filename-metadata", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"url": "https://agent.example.test/f/a.pdf", "mediaType": "application/pdf", "filename": "a.pdf", "metadata": {"pages": 3}}], metadata={"k": "v"}))}))],
    [], "1.0 url part with mediaType, filename and metadata, artifact metadata an object")
case("PL4-legal-v03-file-part-bytes-mime-name", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(parts=[{"kind": "file", "file": {"bytes": "aGk=", "mimeType": "text/plain", "name": "a.txt"}, "metadata": {"k": 1}}])}), headers=J03),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "data", "data": {"rows": [1, 2]}}]}])))],
    [], "0.3 file part with bytes, mimeType and name; a data part with an object")
case("PL5-legal-v10-raw-part-with-filename", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"raw": "aGk=", "mediaType": "text/plain", "filename": "a.txt"}])}),
    resp(ok(1, {"task": task10()}))],
    [], "1.0 raw part with mediaType and filename from the client")

# ---------------------------------------------------------------- cancel (X)
case("X01-v10-rest-tenant-cancel-completed-succeeds", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10(), "tenant": "acme"}), rok({"task": task10("t1", state="COMPLETED")}),
    rpost("/acme/tasks/t1:cancel", {"tenant": "acme"}),
    rok(task10("t1", state="COMPLETED", n=2))],
    [("cancel-terminal-task-succeeded", E)],
    "POST /acme/tasks/t1:cancel on a COMPLETED task answered 200 with the task (TASK-003: TaskNotCancelableError)")
case("X02-v10-cancel-completed-flips-to-canceled", lambda: C10() + send_task("t1") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2)))],
    [("cancel-terminal-task-succeeded", E), ("terminal-state-changed", E)],
    "cancel of a COMPLETED task answered with the task CANCELED (TASK-001, TASK-003)")
case("X03-v10-cancel-completed-answered-task-not-found-code", lambda: C10() + send_task("t1") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(err(2, -32001, "Task cannot be canceled", einfo("TASK_NOT_CANCELABLE")))],
    [("jsonrpc-error-code-mismatch", E)],
    "TaskNotCancelable sent under the TaskNotFoundError code -32001 while its ErrorInfo says TASK_NOT_CANCELABLE (ERR-002)")
case("X04-v10-rest-cancel-completed-not-cancelable-404", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1", state="COMPLETED")}),
    rpost("/tasks/t1:cancel", {}),
    resp(errinfo_rest(404, "NOT_FOUND", "TASK_NOT_CANCELABLE", "task t1 cannot be canceled"), status=404, headers=RJ)],
    [("rest-error-shape", E)],
    "HTTP+JSON TaskNotCancelable answered 404 NOT_FOUND (ERR-002: 400 FAILED_PRECONDITION, 1.0.0 409)")
case("X05-v10-cancel-leaves-send-stream-open", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}), id="s"),
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2))),
    dict(chunk("", close="timeout", id="s"), t=40.0)],
    [("stream-open-after-terminal", E)],
    "cancel answered CANCELED, the send stream of the task never got the terminal event and hung 40 s (STREAM-003)")
case("X06-v10-cancel-then-stream-artifact-after-canceled", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}), id="s"),
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2))),
    chunk(ev(st10(state="CANCELED", n=2)), id="s"),
    chunk(ev({"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "late"}]}}}), id="s"),
    chunk("", close="eof", id="s")],
    [("stream-event-after-terminal", E)],
    "after the CANCELED status event the stream sent an artifact (STREAM-007)")
case("X07-v03-cancel-completed-succeeds", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03(state="completed"))),
    req(A, rpc(2, "tasks/cancel", {"id": "t1"}), headers=J03),
    resp(ok(2, task03(state="completed", n=2)))],
    [("cancel-terminal-task-succeeded", E)],
    "0.3 tasks/cancel on a completed task answered with the task (0.3 §7.4 TaskNotCancelableError)")
case("X08-v10-cancel-not-cancelable-reason-not-found", lambda: C10() + send_task("t1") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(err(2, -32002, "Task cannot be canceled", einfo("TASK_NOT_FOUND")))],
    [("jsonrpc-error-code-mismatch", E)],
    "code -32002 with ErrorInfo reason TASK_NOT_FOUND: the two disagree (ERR-002, ERR-004)")
case("XL1-legal-v10-cancel-working-canceled", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2)))],
    [], "cancel of a WORKING task answered CANCELED")
case("XL2-legal-v10-cancel-completed-not-cancelable", lambda: C10() + send_task("t1") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(err(2, -32002, "Task cannot be canceled", einfo("TASK_NOT_CANCELABLE")))],
    [], "cancel of a COMPLETED task answered TaskNotCancelableError with ErrorInfo")
case("XL3-legal-v10-rest-cancel-completed-400-failed-precondition", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1", state="COMPLETED")}),
    rpost("/tasks/t1:cancel", {}),
    resp(errinfo_rest(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 cannot be canceled"), status=400, headers=RJ)],
    [], "HTTP+JSON TaskNotCancelable as 1.0.1's 400 FAILED_PRECONDITION")
case("XL4-legal-v10-rest-cancel-completed-409-1-0-0", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1", state="COMPLETED")}),
    rpost("/tasks/t1:cancel", {}),
    resp(errinfo_rest(409, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task t1 cannot be canceled"), status=409, headers=RJ)],
    [], "HTTP+JSON TaskNotCancelable as 1.0.0's 409 (digest trap 2)")
case("XL5-legal-v10-cancel-closes-stream-with-canceled", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}), id="s"),
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2))),
    chunk(ev(st10(state="CANCELED", n=2)), id="s"),
    chunk("", close="eof", id="s")],
    [], "cancel answered CANCELED and the send stream ends with the CANCELED event")

# ---------------------------------------------------------------- tenant paths, 1.0 routes (T)
UPH = "http://10.0.4.17:8080"


def gw(path_client, path_up, body, answer, method="POST"):
    """client -> gw.example.test, gateway -> upstream agent; both answered with `answer`."""
    h = RJ if method == "POST" else {"a2a-version": "1.0"}
    b = body if method == "POST" else ""
    return [req(GW + path_client, b, method=method, headers=h, id="c"),
            req(UPH + path_up, b, method=method, headers=h, leg="upstream", id="u"),
            resp(answer, headers=RJ, leg="upstream", id="u"),
            resp(answer, headers=RJ, id="c")]


GTEN = lambda: getcard(card10(ifaces=[{"url": GW, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"}]), base=GW)
case("T01-v10-rest-tenant-declared-client-omits", lambda: RT10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [("interface-tenant-not-sent", E)],
    "the card's only interface declares tenant acme; the client posts /message:send without it (CARD-008)")
case("T02-v10-gateway-drops-tenant-segment", lambda: GTEN() + gw("/acme/tasks/t1", "/tasks/t1", None, task10(), method="GET"),
    [("route-rewritten-by-proxy", E)],
    "the gateway forwards GET /acme/tasks/t1 upstream as /tasks/t1: the tenant is lost (CARD-008, REST-001)")
case("T03-v10-gateway-doubles-tenant-segment", lambda: GTEN() + gw("/acme/message:send", "/acme/acme/message:send", {"message": msg10()}, {"task": task10()}),
    [("route-rewritten-by-proxy", E)],
    "the gateway forwards /acme/message:send upstream as /acme/acme/message:send")
case("T04-v10-jsonrpc-tenant-param-other-than-card", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "globex"}), resp(ok(1, {"task": task10()}))],
    [("interface-tenant-not-sent", E)],
    "the card's only JSON-RPC interface declares tenant acme; the client sends params.tenant globex (CARD-008)")
case("T05-v10-gateway-subscribe-colon-to-slash-tenant", lambda: GTEN() + [
    req(GW + "/acme/tasks/t1:subscribe", "", method="POST", headers=RJ, id="c"),
    req(UPH + "/acme/tasks/t1/subscribe", "", method="POST", headers=RJ, leg="upstream", id="u"),
    resp("", status=404, headers=RJ, leg="upstream", id="u"),
    resp("", status=404, headers=RJ, id="c")],
    [("route-rewritten-by-proxy", E)],
    "the gateway turns /acme/tasks/t1:subscribe into /acme/tasks/t1/subscribe (the custom verb as a path segment)")
case("T06-v10-rest-tenant-subscribe-answered-json", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    req(H + "/acme/tasks/t1:subscribe", "", method="POST", headers={**RJ, "accept": "text/event-stream"}),
    rok(task10(state="WORKING", n=2))],
    [("stream-not-event-stream", E)],
    "POST /acme/tasks/t1:subscribe answered with one JSON Task instead of an event stream (RPC-005/REST-002)")
case("T07-v10-rest-tenant-task-unknown-after-create", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10()}), rok({"task": task10()}),
    rget("/acme/tasks/t1"),
    resp(errinfo_rest(404, "NOT_FOUND", "TASK_NOT_FOUND", "task t1 not found"), status=404, headers=RJ)],
    [("task-id-not-resolvable", E)],
    "GET /acme/tasks/t1 right after /acme/message:send created t1 answered 404 TASK_NOT_FOUND (ID-001)")
case("T08-v10-gateway-tenant-moved-into-query", lambda: GTEN() + gw("/acme/tasks/t1:cancel", "/tasks/t1:cancel?tenant=acme", {}, task10(state="CANCELED")),
    [("route-rewritten-by-proxy", E)],
    "the gateway moves the tenant path segment into a query parameter: /acme/tasks/t1:cancel -> /tasks/t1:cancel?tenant=acme")
case("TL1-legal-v10-rest-tenant-routes", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    rget("/acme/tasks/t1?historyLength=0"), rok(task10(state="WORKING", n=2)),
    rpost("/acme/tasks/t1:cancel", {}), rok(task10(state="CANCELED", n=3)),
    rget("/acme/tasks?contextId=c1"), rok({"tasks": [task10(state="CANCELED", n=3)], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [], "1.0 HTTP+JSON routes under the card's tenant acme")
case("TL2-legal-v10-gateway-keeps-tenant", lambda: GTEN() + gw("/acme/tasks/t1", "/acme/tasks/t1", None, task10(), method="GET"),
    [], "the gateway forwards /acme/tasks/t1 unchanged")
case("TL3-legal-v10-jsonrpc-tenant-param-matches", lambda: getcard(card10(ifaces=[{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}])) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "acme"}), resp(ok(1, {"task": task10()})),
    RPC(2, "GetTask", {"id": "t1", "tenant": "acme"}), resp(ok(2, task10()))],
    [], "JSON-RPC calls carry the card's tenant in params")
case("TL4-legal-v10-rest-tenant-subscribe-get-stream", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10(state="WORKING")}),
    req(H + "/acme/tasks/t1:subscribe", method="GET", headers={"a2a-version": "1.0", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(rest_ev({"task": task10(state="WORKING", n=2)})),
    chunk(rest_ev(st10(state="COMPLETED", n=3))),
    chunk("", close="eof")],
    [], "GET /acme/tasks/t1:subscribe (the proto's verb, digest trap 1) streams the task to its end")

# ---------------------------------------------------------------- ids (I)
case("I01-v10-client-context-replaced", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client-7")}),
    resp(ok(1, {"task": task10("t1", "ctx-agent-1")}))],
    [("context-id-changed", E)],
    "the client supplied contextId ctx-client-7; the agent answered in ctx-agent-1 (ID-002: MUST NOT substitute)")
case("I02-v10-rest-client-context-replaced", lambda: R10() + [
    rpost("/message:send", {"message": msg10(contextId="ctx-client-7")}),
    rok({"task": task10("t1", "ctx-agent-1")})],
    [("context-id-changed", E)],
    "HTTP+JSON: the client's contextId replaced by the agent's (ID-002)")
case("I03-v10-stream-client-context-replaced", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10(contextId="ctx-client-7")}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([{"task": task10("t1", "ctx-agent-1", state="WORKING")}, st10("t1", "ctx-agent-1", state="COMPLETED", n=2)])],
    [("context-id-changed", E)],
    "streaming: the Task opening the stream names another context than the client's (ID-002)")
case("I04-v10-message-id-reused-different-text", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("book a flight", mid="m-7")}), resp(ok(1, {"task": task10("t1")})),
    RPC(2, "SendMessage", {"message": msg10("cancel my hotel", mid="m-7")}), resp(ok(2, {"task": task10("t2", n=2)}))],
    [("client-message-id-reused", W)],
    "two different messages under messageId m-7 (ID-007: messageId identifies a message; a deduping agent drops the second)")
case("I05-v10-rest-message-id-reused-other-context", lambda: R10() + [
    rpost("/message:send", {"message": msg10("one", mid="m-1", contextId="ca")}), rok({"task": task10("t1", "ca")}),
    rpost("/message:send", {"message": msg10("two", mid="m-1", contextId="cb")}), rok({"task": task10("t2", "cb", n=2)})],
    [("client-message-id-reused", W)],
    "HTTP+JSON: the client reuses messageId m-1 for a different message in another context")
case("I06-v10-agent-message-names-other-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="c1")}),
    resp(ok(1, {"message": amsg10(contextId="c-other")}))],
    [("context-id-changed", E)],
    "the agent's Message reply names context c-other although the client's message named c1 (ID-002)")
case("I07-v10-follow-up-answered-in-other-context", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": ask10()})),
    RPC(2, "SendMessage", {"message": msg10("paris", mid="m2", taskId="t1")}),
    resp(ok(2, {"task": task10("t1", "c9", state="COMPLETED", n=2)}))],
    [("context-id-not-inferred", E)],
    "a follow-up naming only taskId t1 answered with the task in context c9 instead of c1 (ID-003)")
case("IL1-legal-v10-message-id-retry-same-content", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("book a flight", mid="m-7")}), resp(ok(1, {"task": task10("t1", state="COMPLETED")})),
    RPC(2, "SendMessage", {"message": msg10("book a flight", mid="m-7")}), resp(ok(2, {"task": task10("t1", state="COMPLETED")}))],
    [], "a retry with the same messageId and the same content, answered with the same task (ID-007 dedupe)")
case("IL2-legal-v10-reference-unknown-task-ignored", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(referenceTaskIds=["t-never-seen"])}), resp(ok(1, {"task": task10("t1")}))],
    [], "referenceTaskIds naming a task the recording never saw: the agent may use it as context or ignore it")
case("IL3-legal-v10-client-context-kept", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client-7")}), resp(ok(1, {"task": task10("t1", "ctx-client-7")}))],
    [], "the agent accepts the client's contextId (ID-002)")
case("IL4-legal-v10-client-context-refused-error", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(contextId="ctx-client-7")}),
    resp(err(1, -32602, "unknown contextId ctx-client-7"))],
    [], "the agent refuses a contextId it did not mint, with an error (ID-002: it MUST error and not substitute)")
case("IL5-legal-v10-reference-task-not-found", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(referenceTaskIds=["t-gone"])}),
    resp(err(1, -32001, "Task not found: t-gone", einfo("TASK_NOT_FOUND")))],
    [], "a message referencing an unknown task refused with TaskNotFoundError")

# ---------------------------------------------------------------- Agent Card (K)
def b64u(o):
    import base64
    return base64.urlsafe_b64encode(json.dumps(o).encode()).decode().rstrip("=")


SIG = "c2lnbmF0dXJlLWJ5dGVz"
case("K01-v10-card-signature-protected-no-kid", lambda: C10(signatures=[{"protected": b64u({"alg": "ES256", "typ": "JOSE"}), "signature": SIG}]),
    [("card-signature-malformed", E)],
    "the protected header has alg but no kid (CARD-010: alg and kid MUST)")
case("K02-v10-card-signatures-object-not-array", lambda: C10(signatures={"protected": b64u({"alg": "ES256", "kid": "k1", "typ": "JOSE"}), "signature": SIG}),
    [("card-signature-malformed", E)],
    "signatures is one object instead of a list of AgentCardSignature")
case("K03-v10-card-signature-protected-plain-json", lambda: C10(signatures=[{"protected": json.dumps({"alg": "ES256", "kid": "k1"}), "signature": SIG}]),
    [("card-signature-malformed", E)],
    "protected is the JSON header itself, not its base64url")
case("K04-v10-card-skill-security-requirement-undeclared", lambda: C10(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}],
        skills=[{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"], "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}]}]),
    [("security-requirement-undefined-scheme", E)],
    "a skill's securityRequirements names scheme oauth, which securitySchemes does not define (AUTH-002, AUTH-007)")
case("K05-v10-card-security-requirements-03-shape", lambda: C10(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"bearer": []}]),
    [("card-security-scheme-malformed", E)],
    "1.0 securityRequirements written in the 0.3 security shape [{\"bearer\": []}] (proto: {schemes: {bearer: {list: []}}})")
case("K06-v10-card-extended-declared-rest-404", lambda: R10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}],
        capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}) + [
    req(H + "/extendedAgentCard", method="GET", headers={"a2a-version": "1.0", "authorization": "Bearer tok"}),
    resp({"error": {"code": 404, "status": "NOT_FOUND", "message": "Not Found"}}, status=404, headers=RJ)],
    [("card-url-unreachable", E)],
    "capabilities.extendedAgentCard true, but GET /extendedAgentCard with credentials answers 404 (AUTH-005)")
case("K07-v10-card-extended-declared-jsonrpc-method-not-found", lambda: C10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}],
        capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}) + [
    req(A, rpc(1, "GetExtendedAgentCard", {}), headers={**V10, "authorization": "Bearer tok"}),
    resp(err(1, -32601, "Method not found"))],
    [("jsonrpc-error-code-mismatch", E)],
    "capabilities.extendedAgentCard true, but GetExtendedAgentCard answered -32601 (AUTH-005)")
case("K08-v03-card-preferred-http-json-url-serves-jsonrpc", lambda: C03(preferredTransport="HTTP+JSON") + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03()))],
    [("card-url-binding-mislabelled", W)],
    "0.3 card says the url serves HTTP+JSON, the agent answers JSON-RPC there (CARD-006)")
case("K10-v10-card-signature-header-not-object", lambda: C10(signatures=[{"protected": b64u({"alg": "ES256", "kid": "k1", "typ": "JOSE"}), "signature": SIG, "header": "kid=k1"}]),
    [("card-signature-malformed", E)],
    "the unprotected header is a string, not a JSON object (CARD-010)")
case("K11-v10-card-security-requirement-undeclared-scheme", lambda: C10(
        securitySchemes={"apiKey": {"apiKeySecurityScheme": {"location": "header", "name": "X-API-Key"}}},
        securityRequirements=[{"schemes": {"apikey": {"list": []}}}]),
    [("security-requirement-undefined-scheme", E)],
    "securityRequirements names apikey, securitySchemes defines apiKey (scheme names are case-sensitive map keys)")
case("KL1-legal-v10-card-signed", lambda: C10(signatures=[{"protected": b64u({"alg": "ES256", "kid": "k1", "typ": "JOSE"}), "signature": SIG, "header": {"x5t": "abc"}}]),
    [], "a well-formed JWS signature entry")
case("KL2-legal-v10-card-extended-served-with-auth", lambda: C10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}],
        capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}) + [
    req(A, rpc(1, "GetExtendedAgentCard", {}), headers={**V10, "authorization": "Bearer tok"}),
    resp(ok(1, card10(securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
                      securityRequirements=[{"schemes": {"bearer": {"list": []}}}],
                      capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True}, name="Demo (extended)")))],
    [], "the extended card is declared and served to an authenticated caller")
case("KL3-legal-v10-card-skill-security-declared-schemes", lambda: C10(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}, "oauth": {"oauth2SecurityScheme": {"flows": {"clientCredentials": {"tokenUrl": "https://auth.example.test/token", "scopes": {"read": "read"}}}}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}, {"schemes": {"oauth": {"list": ["read"]}}}],
        skills=[{"id": "s1", "name": "echo", "description": "Echo", "tags": ["echo"], "securityRequirements": [{"schemes": {"oauth": {"list": ["read"]}}}]}]),
    [], "card and skill security requirements name declared schemes (OR of ANDs)")
case("KL4-legal-v10-card-extended-not-declared-unsupported", lambda: C10() + [
    req(A, rpc(1, "GetExtendedAgentCard", {}), headers=V10),
    resp(err(1, -32004, "extended card not supported", einfo("UNSUPPORTED_OPERATION")))],
    [], "no extendedAgentCard capability: GetExtendedAgentCard answered UnsupportedOperationError (AUTH-005)")
case("KL5-legal-v10-card-two-bindings-each-used-right", lambda: C10(ifaces=[
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": H + "/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}]) + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()})),
    req(H + "/rest/tasks/t1", method="GET", headers={"a2a-version": "1.0"}), rok(task10())],
    [], "JSON-RPC at the JSON-RPC url, HTTP+JSON at the HTTP+JSON url")

# ---------------------------------------------------------------- half-migration (M)
case("M01-v10-agent-task-03-lowercase-state", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": {"id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": TS % 1}}}))],
    [("task-state-invalid", E)],
    "a 1.0 answer with the 0.3 state completed (DATA-001 enum names)")
case("M02-v03-agent-task-1-0-state", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}))],
    [("task-state-invalid", E)],
    "a 0.3 answer with the 1.0 state TASK_STATE_COMPLETED")
case("M03-v10-agent-message-role-lowercase", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"message": {"messageId": "a1", "role": "agent", "parts": [{"text": "hi"}], "contextId": "c1"}}))],
    [("result-invalid-shape", E)],
    "a 1.0 Message with the 0.3 role agent (1.0: ROLE_AGENT)")
case("M04-v10-rest-status-update-final-flag", lambda: R10() + [
    req(H + "/message:stream", {"message": msg10()}, headers={**RJ, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(rest_ev({"task": task10(state="WORKING")})),
    chunk(rest_ev({"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}, "final": True}})),
    chunk("", close="eof")],
    [("version-mixed-payload", W)],
    "a 1.0 status update carries the 0.3 final flag (1.0 has none: the stream's close ends it)")
case("M05-v10-send-result-03-kind-task", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"kind": "task", "id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}))],
    [("result-invalid-shape", E)],
    "a 1.0 SendMessage answered with a bare Task with kind (0.3 shape) instead of {task: ...} (RPC-004)")
case("ML1-legal-v03-agent-task-lower-states", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, task03(state="completed", artifacts=[{"artifactId": "a1", "parts": [{"kind": "text", "text": "ok"}]}])))],
    [], "0.3 answer in 0.3 shape")

# ---------------------------------------------------------------- second batch (Z): edges
case("Z01-v10-list-tasks-page-size-500-accepted", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"pageSize": 500}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 500, "totalSize": 3}))],
    [("request-param-invalid-accepted", E)],
    "ListTasks pageSize 500 (1.0: 1 to 100) processed instead of refused with -32602 (ERR-006)")
case("Z02-v10-rest-list-tasks-history-length-0-query-history-kept", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks?historyLength=0"),
    rok({"tasks": [task10("t1", history=hist(2))], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [("history-length-exceeded", E)],
    "GET /tasks?historyLength=0 answered with a listed task carrying history (DATA-006)")
case("Z03-v10-rest-get-task-history-length-not-a-number-accepted", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks/t1?historyLength=all"),
    rok(task10("t1", history=hist(2)))],
    [("request-param-invalid-accepted", E)],
    "GET /tasks/t1?historyLength=all processed (int32 query value, REST-001; ERR-006: -32602/400)")
case("Z04-v10-cancel-result-wrapped-in-task", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, {"task": task10("t1", state="CANCELED", n=2)}))],
    [("result-invalid-shape", E)],
    "1.0 CancelTask returns the Task itself; the agent wrapped it as {task: ...} like a SendMessage result")
case("Z05-v10-get-task-result-wrapped-in-task", lambda: C10() + send_task("t1") + [
    RPC(2, "GetTask", {"id": "t1"}),
    resp(ok(2, {"task": task10("t1")}))],
    [("result-invalid-shape", E)],
    "1.0 GetTask returns the Task itself; the agent wrapped it as {task: ...}")
case("Z06-v10-agent-reply-reuses-client-message-id", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(mid="m-1")}),
    resp(ok(1, {"task": task10("t1", history=[msg10(mid="m-1", taskId="t1", contextId="c1"), amsg10("done", mid="m-1", taskId="t1", contextId="c1")])}))],
    [("task-content-repeated", N)],
    "the agent's reply in the task history reuses the client's messageId m-1 (ID-007: messageId identifies one message)")
case("Z07-v10-follow-up-context-of-other-task-processed", lambda: C10() + send_task("t1", "c1", state="INPUT_REQUIRED") + [
    RPC(2, "SendMessage", {"message": msg10("paris", mid="m2", taskId="t1", contextId="c2")}),
    resp(ok(2, {"task": task10("t1", "c1", state="COMPLETED", n=2)}))],
    [("context-id-changed", E)],
    "a follow-up names task t1 (context c1) with contextId c2, and the agent processed it (ID-003: reject)")
case("Z08-v10-client-reference-task-ids-string", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(referenceTaskIds="t0")}),
    resp(ok(1, {"task": task10()}))],
    [("request-message-invalid-shape", E)],
    "referenceTaskIds is a string, not a list of task ids (proto repeated string)")
case("Z09-v10-card-signature-empty", lambda: C10(signatures=[{"protected": b64u({"alg": "ES256", "kid": "k1", "typ": "JOSE"}), "signature": ""}]),
    [("card-signature-malformed", E)],
    "the signature value is empty (CARD-010)")
case("Z10-v10-gateway-drops-jsonrpc-tenant-param", lambda: getcard(card10(ifaces=[{"url": GW + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]), base=GW) + [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "t1", "tenant": "acme"}), headers=V10, id="c"),
    req(UPH + "/a2a", rpc(1, "GetTask", {"id": "t1"}), headers=V10, leg="upstream", id="u"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), leg="upstream", id="u"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), id="c")],
    [("route-rewritten-by-proxy", E)],
    "the gateway drops params.tenant from the client's GetTask upstream: the agent looks t1 up outside tenant acme")
case("Z11-v10-subscribe-canceled-task-opens-stream", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, task10("t1", state="CANCELED", n=2))),
    req(A, rpc(3, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}),
    *stream10([{"task": task10("t1", state="CANCELED", n=2)}], i=3)],
    [("subscribe-terminal-task-accepted", E)],
    "SubscribeToTask on a task the agent had canceled opened a stream (TASK-004: UnsupportedOperationError)")
case("Z12-v10-cancel-success-still-working", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, task10("t1", state="WORKING", n=2))),
    RPC(3, "GetTask", {"id": "t1"}), resp(ok(3, task10("t1", state="COMPLETED", n=3)))],
    [("cancel-not-effective", W)],
    "cancel answered with the task still WORKING, which then COMPLETED (TASK-003)")
case("Z13-v10-rest-cancel-tenant-unknown-task-not-cancelable", lambda: RT10() + [
    rpost("/acme/tasks/t-none:cancel", {}),
    resp(errinfo_rest(400, "FAILED_PRECONDITION", "TASK_NOT_CANCELABLE", "task cannot be canceled"), status=400, headers=RJ),
    rget("/acme/tasks/t-none"),
    resp(errinfo_rest(404, "NOT_FOUND", "TASK_NOT_FOUND", "task not found"), status=404, headers=RJ)],
    [("rest-error-shape", E)],
    "cancel of a task the agent then says does not exist was answered TASK_NOT_CANCELABLE (TASK-009: TaskNotFound)")
case("ZL1-legal-v10-accepted-modes-with-parameters-and-case", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["Text/Plain; charset=utf-8", "application/json"]}}),
    resp(ok(1, {"task": task10(artifacts=art([{"text": "ok", "mediaType": "text/plain"}, {"data": {"k": 1}, "mediaType": "application/json; charset=utf-8"}]))}))],
    [], "media types compare case-insensitively and without parameters (RFC 9110 §8.3.1)")
case("ZL2-legal-v10-accepted-json-data-part-no-media-type", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "configuration": {"acceptedOutputModes": ["application/json"]}}),
    resp(ok(1, {"task": task10(artifacts=art([{"data": {"rows": [1]}}]))}))],
    [], "a data part without mediaType under acceptedOutputModes application/json")
case("ZL3-v10-rest-list-tasks-status-repeated-include-artifacts", lambda: R10() + [
    rpost("/message:send", {"message": msg10(mid="m1"), "configuration": {"returnImmediately": True}}), rok({"task": task10("t1", state="SUBMITTED", n=1)}),
    rpost("/message:send", {"message": msg10(mid="m2"), "configuration": {"returnImmediately": True}}), rok({"task": task10("t2", state="WORKING", n=2)}),
    rget("/tasks?status=TASK_STATE_WORKING&status=TASK_STATE_SUBMITTED&includeArtifacts=true"),
    rok({"tasks": [task10("t2", state="WORKING", n=2, artifacts=art([{"text": "partial"}])), task10("t1", state="SUBMITTED", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 2})],
    [("request-param-invalid-accepted", E)], "status repeated in the query and includeArtifacts=true, both tasks listed: ListTasksRequest.status is one TaskState and 1.0 §11.5 lets only repeated fields repeat, so the agent accepted a malformed parameter (DATA-PARAM-001; session 25, was legal); no DATA-LIST-003, artifacts allowed")
case("ZL5-legal-v10-cancel-with-metadata", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(2, "CancelTask", {"id": "t1", "metadata": {"reason": "user"}}), resp(ok(2, task10("t1", state="CANCELED", n=2, metadata={"reason": "user"})))],
    [], "CancelTask with metadata (1.0 CancelTaskRequest.metadata)")
case("ZL6-legal-v10-follow-up-with-matching-context", lambda: C10() + send_task("t1", "c1", state="INPUT_REQUIRED") + [
    RPC(2, "SendMessage", {"message": msg10("paris", mid="m2", taskId="t1", contextId="c1")}),
    resp(ok(2, {"task": task10("t1", "c1", state="COMPLETED", n=2)}))],
    [], "a follow-up naming its task and that task's context")
case("ZL7-legal-v10-client-reference-task-ids-known", lambda: C10() + send_task("t1") + [
    RPC(2, "SendMessage", {"message": msg10("refine it", mid="m2", contextId="c1", referenceTaskIds=["t1"])}),
    resp(ok(2, {"task": task10("t2", "c1", n=2)}))],
    [], "a refinement in the same context referencing the finished t1 creates t2 (TASK-001)")
case("ZL8-legal-v10-gateway-keeps-jsonrpc-tenant", lambda: getcard(card10(ifaces=[{"url": GW + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"}]), base=GW) + [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "t1", "tenant": "acme"}), headers=V10, id="c"),
    req(UPH + "/a2a", rpc(1, "GetTask", {"id": "t1", "tenant": "acme"}), headers=V10, leg="upstream", id="u"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), leg="upstream", id="u"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), id="c")],
    [], "the gateway passes params.tenant on")

# ---------------------------------------------------------------- third batch (W)
case("W01-v10-cancel-stream-closes-without-canceled-event", lambda: C10() + [
    req(A, rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}), id="s"),
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(ok(2, task10("t1", state="CANCELED", n=2))),
    chunk("", close="eof", id="s")],
    [("stream-ended-without-terminal", E)],
    "cancel answered CANCELED, and the send stream closed without delivering the CANCELED event (STREAM-003)")
case("W02-v10-list-tasks-total-size-below-listed", lambda: C10() + three() + [
    RPC(9, "ListTasks", {}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2), task10("t1", n=1)], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("result-invalid-shape", E)],
    "totalSize 1 on a page listing three tasks: totalSize counts the tasks before paging (DATA-007)")
case("WL1-legal-v10-interface-url-trailing-slash", lambda: C10(ifaces=[{"url": A + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}]) + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "the card's url ends in / and the client posts to it without: the same endpoint")
case("WL2-legal-v10-same-url-two-versions", lambda: C10(ifaces=[
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
        {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}]) + [
    RPC(1, "SendMessage", {"message": msg10(mid="m1")}), resp(ok(1, {"task": task10("t1")})),
    req(A, rpc(2, "message/send", {"message": msg03(mid="m2")}), headers=J03), resp(ok(2, task03("t2", n=2)))],
    [], "one url declared for 1.0 and 0.3 (VER-004): the header picks the dialect")
case("WL3-legal-v03-cancel-working-not-cancelable", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(), "configuration": {"blocking": False}}), headers=J03), resp(ok(1, task03(state="working"))),
    req(A, rpc(2, "tasks/cancel", {"id": "t1"}), headers=J03),
    resp(err(2, -32002, "Task cannot be canceled"))],
    [], "an agent may refuse to cancel a working task it cannot stop (TaskNotCancelableError)")
case("WL4-legal-v10-subscribe-stream-after-cancel-ends-canceled", lambda: C10() + send_task("t1", state="WORKING") + [
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10("t1", state="WORKING", n=2)}, i=2), id="s"),
    RPC(3, "CancelTask", {"id": "t1"}),
    resp(ok(3, task10("t1", state="CANCELED", n=3))),
    chunk(ev(st10("t1", state="CANCELED", n=3), i=2), id="s"),
    chunk("", close="eof", id="s")],
    [], "a subscribe stream ends with the CANCELED event after the client canceled")
case("WL5-legal-v10-history-length-string-2", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10("t1", history=hist(4))})),
    RPC(2, "GetTask", {"id": "t1", "historyLength": "2"}),
    resp(ok(2, task10("t1", history=hist(4)[2:])))],
    [], "historyLength as the ProtoJSON string \"2\" answered with the newest two")

# ---------------------------------------------------------------- fourth batch (V)
TEN2 = [{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme"},
        {"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "globex"}]
TEN2R = [{"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "acme"},
         {"url": A, "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "globex"}]
case("V01-v10-rest-get-task-of-other-tenant-served", lambda: getcard(card10(ifaces=TEN2)) + [
    rpost("/globex/message:send", {"message": msg10()}), rok({"task": task10("t-globex", "c-globex")}),
    rget("/acme/tasks/t-globex"), rok(task10("t-globex", "c-globex"))],
    [("other-tenants-task-served", E)],
    "GET /acme/tasks/t-globex answered 200 with the task created under /globex (TASK-009, AUTH-006: TaskNotFoundError)")
case("V02-v10-jsonrpc-cancel-task-of-other-tenant", lambda: getcard(card10(ifaces=TEN2R)) + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "globex", "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10("t-globex", "c-globex", state="WORKING")})),
    RPC(2, "CancelTask", {"id": "t-globex", "tenant": "acme"}), resp(ok(2, task10("t-globex", "c-globex", state="CANCELED", n=2)))],
    [("other-tenants-task-served", E)],
    "CancelTask under tenant acme canceled globex's task (TASK-009, AUTH-006)")
case("V04-v10-list-tasks-status-filter-0-3-spelling-accepted", lambda: C10() + send_task("t1", state="WORKING") + [
    RPC(9, "ListTasks", {"status": "working"}),
    resp(ok(9, {"tasks": [task10("t1", state="WORKING")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}))],
    [("request-param-invalid-accepted", E)],
    "ListTasks status \"working\" (the 0.3 spelling; 1.0 TaskState names only) processed instead of refused")
case("V05-v10-cancel-error-data-string", lambda: C10() + send_task("t1") + [
    RPC(2, "CancelTask", {"id": "t1"}),
    resp(err(2, -32002, "Task cannot be canceled", "task t1 is already completed"))],
    [("jsonrpc-response-malformed", E)],
    "a 1.0 error whose data is a string, the 0.x free form (ERR-004: an array of @type objects)")
case("V06-v10-card-security-scheme-03-shape", lambda: C10(
        securitySchemes={"bearer": {"type": "http", "scheme": "bearer"}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}]),
    [("card-security-scheme-malformed", E)],
    "1.0 securitySchemes entry in the 0.3 OpenAPI shape {type: http, scheme: bearer} (1.0: {httpAuthSecurityScheme: {scheme}})")
case("V07-v10-card-03-extended-card-flag-only", lambda: C10(supportsAuthenticatedExtendedCard=True),
    [("version-mixed-payload", W)],
    "a 1.0 card says supportsAuthenticatedExtendedCard (0.3) instead of capabilities.extendedAgentCard: 1.0 clients never ask for the extended card")
case("VL1-legal-v03-file-uri-bytes-null", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "file", "file": {"uri": "https://agent.example.test/f/a.pdf", "bytes": None, "mimeType": "application/pdf"}}]}])))],
    [], "0.3 file part with uri and bytes null: a JSON serializer that writes unset members as null; it matches FileWithUri")
case("VL2-legal-v10-text-part-with-filename-and-media-type", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"text": "# notes", "mediaType": "text/markdown", "filename": "notes.md"}])}),
    resp(ok(1, {"task": task10()}))],
    [], "1.0 Part.filename and mediaType apply to any part, text included")
case("VL3-legal-v10-rest-interface-url-ends-in-v1", lambda: getcard(card10(ifaces=[{"url": H + "/api/v1", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) + [
    rpost("/api/v1/message:send", {"message": msg10()}), rok({"task": task10()}),
    rget("/api/v1/tasks/t1"), rok(task10())],
    [], "a 1.0 HTTP+JSON interface whose url itself ends in /v1: its routes sit below it")
case("VL4-legal-v10-rest-get-task-own-tenant-same-id-other-tenant", lambda: getcard(card10(ifaces=TEN2)) + [
    rpost("/globex/message:send", {"message": msg10(mid="m1")}), rok({"task": task10("t1", "c-globex")}),
    rpost("/acme/message:send", {"message": msg10(mid="m2")}), rok({"task": task10("t1", "c-acme", n=2)}),
    rget("/acme/tasks/t1"), rok(task10("t1", "c-acme", n=2))],
    [], "both tenants have a task t1; GET /acme/tasks/t1 answers acme's")

# ---------------------------------------------------------------- fifth batch (U)
case("U01-v03-rest-cancel-completed-succeeds", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [
    req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
    resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J03),
    req(H + "/v1/tasks/t1:cancel", "", headers=J03),
    resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}, headers=J03)],
    [("cancel-terminal-task-succeeded", E)],
    "0.3 HTTP+JSON POST /v1/tasks/t1:cancel on a completed task answered 200 with the task (0.3 §7.4)")
case("U02-v10-rest-subscribe-completed-task-streams", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    req(H + "/tasks/t1:subscribe", method="GET", headers={"a2a-version": "1.0", "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(rest_ev({"task": task10("t1", n=2)})),
    chunk("", close="eof")],
    [("subscribe-terminal-task-accepted", E)],
    "GET /tasks/t1:subscribe on a COMPLETED task opened a stream (TASK-004: UnsupportedOperationError)")
case("U03-v10-cancel-leaves-subscribe-stream-open", lambda: C10() + send_task("t1", state="WORKING") + [
    req(A, rpc(2, "SubscribeToTask", {"id": "t1"}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10("t1", state="WORKING", n=2)}, i=2), id="s"),
    RPC(3, "CancelTask", {"id": "t1"}),
    resp(ok(3, task10("t1", state="CANCELED", n=3))),
    dict(chunk("", close="timeout", id="s"), t=45.0)],
    [("stream-open-after-terminal", E)],
    "a SubscribeToTask stream still open 45 s after the cancel answered CANCELED, with no terminal event")
case("U04-v03-rest-get-task-history-length-query-exceeded", lambda: getcard(card03(url=H, preferredTransport="HTTP+JSON")) + [
    req(H + "/v1/message:send", {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}, headers=J03),
    resp({"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}, headers=J03),
    req(H + "/v1/tasks/t1?historyLength=1", method="GET", headers={"accept": "application/json"}),
    resp({"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1},
          "history": [{"messageId": "h%d" % k, "role": "ROLE_USER" if k % 2 else "ROLE_AGENT", "content": [{"text": "x"}]} for k in (1, 2, 3)]}, headers=J03)],
    [("history-length-not-applied", W)],
    "0.3 HTTP+JSON GET /v1/tasks/t1?historyLength=1 answered with three history messages")
case("U05-v03-client-context-replaced", lambda: C03() + [
    req(A, rpc(1, "message/send", {"message": msg03(contextId="ctx-client-7")}), headers=J03),
    resp(ok(1, task03("t1", "ctx-agent-1")))],
    [("context-id-changed", E)],
    "0.3: the client's contextId ctx-client-7 replaced by ctx-agent-1")
case("U06-v03-additional-interface-rest-url-answers-jsonrpc", lambda: C03(additionalInterfaces=[
        {"url": A, "transport": "JSONRPC"}, {"url": H + "/rest", "transport": "HTTP+JSON"}]) + [
    req(H + "/rest", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03()))],
    [("card-url-binding-mislabelled", W)],
    "0.3 card lists /rest as HTTP+JSON; the agent answers a JSON-RPC call posted there (CARD-006)")

case("TL5-legal-v10-gateway-tenant-segment-to-get-query", lambda: GTEN() + gw("/acme/tasks/t1", "/tasks/t1?tenant=acme", None, task10(), method="GET"),
    [], "the gateway turns GET /acme/tasks/t1 into GET /tasks/t1?tenant=acme: on a GET the tenant field travels as a query parameter (REST-001), so the agent still reads it")

# ---------------------------------------------------------------- sixth batch: legal edges (Q)
case("QL2-legal-v10-list-tasks-empty-page-zero-values-omitted", lambda: C10() + [
    RPC(9, "ListTasks", {"contextId": "nothing"}),
    resp(ok(9, {"pageSize": 50}))],
    [], "strict ProtoJSON omits the empty tasks list, the empty nextPageToken and totalSize 0 (digest trap 12)")
case("QL3-legal-v10-list-tasks-timestamp-after-offset-boundary", lambda: C10() + three() + [
    RPC(9, "ListTasks", {"statusTimestampAfter": "2026-12-02T11:00:02+01:00"}),
    resp(ok(9, {"tasks": [task10("t3", n=3), task10("t2", n=2)], "nextPageToken": "", "pageSize": 50, "totalSize": 2}))],
    [], "statusTimestampAfter with a +01:00 offset, t2 exactly at the boundary kept (the SDKs keep >=)")
case("QL4-legal-v10-cancel-input-required-canceled", lambda: C10() + send_task("t1", state="INPUT_REQUIRED") + [
    RPC(2, "CancelTask", {"id": "t1"}), resp(ok(2, task10("t1", state="CANCELED", n=2)))],
    [], "cancel of a task waiting for input answered CANCELED")
case("QL5-legal-v10-url-part-data-uri", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10()}),
    resp(ok(1, {"task": task10(artifacts=art([{"url": "data:text/plain;base64,aGk=", "mediaType": "text/plain"}]))}))],
    [], "a url part holding a data: URI (RFC 2397): no host to reach")
case("QL6-legal-v10-raw-part-url-safe-base64", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(parts=[{"raw": "-_-_", "mediaType": "application/octet-stream"}])}),
    resp(ok(1, {"task": task10()}))],
    [], "raw in the URL-safe base64 alphabet, which ProtoJSON readers accept")
case("QL7-legal-v10-card-security-requirement-empty-and", lambda: C10(
        securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
        securityRequirements=[{"schemes": {"bearer": {"list": []}}}, {"schemes": {}}]) + [
    RPC(1, "SendMessage", {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "securityRequirements [bearer] OR [] (an empty requirement: anonymous access allowed, AUTH-007)")
case("QL8-legal-v10-card-interface-tenant-empty-string", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": ""}])) + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10()})],
    [], "tenant \"\" is the proto3 default: no tenant declared")
case("QL9-legal-v10-rest-tenant-with-space-encoded", lambda: getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0", "tenant": "acme corp"}])) + [
    rpost("/acme%20corp/message:send", {"message": msg10()}), rok({"task": task10()}),
    rget("/acme%20corp/tasks/t1"), rok(task10())],
    [], "a tenant with a space, percent-encoded in the path (REST-001: URL-encoded)")
case("QL10-legal-v10-rest-cancel-empty-body", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10("t1", state="WORKING")}),
    req(H + "/tasks/t1:cancel", "", headers=RJ), rok(task10("t1", state="CANCELED", n=2))],
    [], "POST /tasks/t1:cancel with no body: every CancelTaskRequest field is in the path or optional")
case("QL11-legal-v10-rest-tenant-path-and-body", lambda: RT10() + [
    rpost("/acme/message:send", {"message": msg10(), "tenant": "acme"}), rok({"task": task10()})],
    [], "the tenant in the path and in the body, the same")
case("QL12-legal-v10-card-signed-twice-jku", lambda: C10(signatures=[
        {"protected": b64u({"alg": "ES256", "kid": "k1", "typ": "JOSE", "jku": "https://agent.example.test/.well-known/jwks.json"}), "signature": SIG},
        {"protected": b64u({"alg": "RS256", "kid": "k2", "typ": "JOSE"}), "signature": SIG}]),
    [], "two signatures, one naming its key set by jku")

# ---------------------------------------------------------------- seventh batch (S)
case("S01-v10-rest-list-tasks-jsonrpc-envelope", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks"),
    rok({"jsonrpc": "2.0", "id": None, "result": {"tasks": [task10("t1")], "nextPageToken": "", "pageSize": 50, "totalSize": 1}})],
    [("result-invalid-shape", E)],
    "GET /tasks answered with a JSON-RPC envelope around the ListTasksResponse (REST-001: the bare message)")
case("S02-v10-rest-get-task-wrapped", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks/t1"), rok({"task": task10("t1")})],
    [("result-invalid-shape", E)],
    "GET /tasks/t1 answered {task: ...}; 1.0 GetTask returns the Task itself")
case("S03-v10-rest-cancel-answered-204", lambda: R10() + [
    rpost("/message:send", {"message": msg10(), "configuration": {"returnImmediately": True}}), rok({"task": task10("t1", state="WORKING")}),
    rpost("/tasks/t1:cancel", {}), resp("", status=204, headers={})],
    [("result-invalid-shape", E)],
    "POST /tasks/t1:cancel answered 204 No Content: CancelTask returns the updated Task (TASK-003)")
case("SL1-legal-v10-jsonrpc-tenant-param-card-declares-none", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10(), "tenant": "acme"}), resp(ok(1, {"task": task10()}))],
    [], "a client sends params.tenant to an interface that declares none; the agent ignores it")
case("SL2-legal-v10-rest-list-tasks-empty-page-token", lambda: R10() + [
    rpost("/message:send", {"message": msg10()}), rok({"task": task10("t1")}),
    rget("/tasks?pageToken="), rok({"tasks": [task10("t1")], "nextPageToken": "", "pageSize": 50, "totalSize": 1})],
    [], "an empty pageToken query value asks for the first page")

# ---------------------------------------------------------------- agent messageIds (N)
case("N01-v10-agent-replies-same-message-id-twice", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("a", mid="m1")}), resp(ok(1, {"message": amsg10("first answer", mid="reply", contextId="c1")})),
    RPC(2, "SendMessage", {"message": msg10("b", mid="m2")}), resp(ok(2, {"message": amsg10("second answer", mid="reply", contextId="c2")}))],
    [("agent-message-id-reused", W)],
    "a hand-written agent gives every reply the messageId \"reply\" (minted once at start-up; ID-007)")
case("N03-v03-stream-agent-message-reuses-id", lambda: C03() + [
    req(A, rpc(1, "message/stream", {"message": msg03("a", mid="m1")}), headers={**J03, "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev({"kind": "message", "messageId": "r", "role": "agent", "parts": [{"kind": "text", "text": "one"}], "contextId": "c1"})), chunk("", close="eof"),
    req(A, rpc(2, "message/stream", {"message": msg03("b", mid="m2")}), headers={**J03, "accept": "text/event-stream"}),
    resp("", headers=SSE), chunk(ev({"kind": "message", "messageId": "r", "role": "agent", "parts": [{"kind": "text", "text": "two"}], "contextId": "c2"}, i=2)), chunk("", close="eof")],
    [("agent-message-id-reused", W)],
    "0.3 streams: both message replies carry messageId r")
case("NL1-legal-v10-retry-answered-with-same-reply", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("a", mid="m1")}), resp(ok(1, {"message": amsg10("answer", mid="r-1", contextId="c1")})),
    RPC(2, "SendMessage", {"message": msg10("a", mid="m1")}), resp(ok(2, {"message": amsg10("answer", mid="r-1", contextId="c1")}))],
    [], "a retried message (same messageId, same parts) answered with the same reply: the agent deduped it (ID-007)")
case("NL2-legal-v10-replies-fresh-ids", lambda: C10() + [
    RPC(1, "SendMessage", {"message": msg10("a", mid="m1")}), resp(ok(1, {"message": amsg10("one", mid="r-1", contextId="c1")})),
    RPC(2, "SendMessage", {"message": msg10("b", mid="m2")}), resp(ok(2, {"message": amsg10("two", mid="r-2", contextId="c1")}))],
    [], "every reply with its own messageId")

write_cases(C, OUT)
