"""Variants of left35 (prefix b35l-): python3 tests/cases/variants/gen_b35l.py

Session 34's leftovers on the verifier, each kind with traffic that keeps its finding and
legal controls beside it:
M: a send whose message member holds another JSON type than an object (`{"message": 5}`,
   a string, a list; JSON-RPC params or the HTTP+JSON body): DATA-SHAPE-002 said "send
   request has no message"; it now names what the member holds ("is not a Message object:
   it is the number 5"). `null` is the unset field and keeps "has no message".
L: DATA-LIST-006 (list-tasks-misses-known-task) read an explicit `pageSize: 0` as the
   default 50 when deciding whether a page is the whole listing, while review34 decided
   that 0 is invalid (the 1.0 proto's `optional int32 page_size`: "The minimum value is
   1"; DATA-PARAM-001 names an agent that serves it) and DATA-LIST-003 judges no page size
   for it. Now an explicit pageSize outside 1-100 gives no page size: the page is the
   whole listing only where the answer says so itself (a totalSize equal to the tasks
   listed, no nextPageToken).
Rule names are read from docs/rules.md.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, ok, err, card10, getcard, rget, rpost, RPC, ...)

SRC = "left35 (session 34's leftovers: ux34, review34)"
C = {}
case = case_maker(C, "b35l-", SRC)
E, W, N = "error", "warning", "note"
RJR = {"content-type": "application/a2a+json"}
RC = lambda: getcard(card10(ifaces=RESTI))

# --- M: a message member of another JSON type ------------------------------------------------
case("M1-v10-rest-send-message-a-number",
     lambda: RC() + [rpost("/message:send", {"message": 5}),
                     resp(rstatus(400, "INVALID_ARGUMENT", msg="message: invalid value"), status=400, headers=RJR)],
     [("DATA-SHAPE-002", E)],
     "ux34: HTTP+JSON body {\"message\": 5}; the finding said \"send request has no message\", it now says the message is the number 5 (SendMessageRequest.message is a Message object)")
case("M2-v10-jsonrpc-send-message-a-string",
     lambda: C10() + [RPC(1, "SendMessage", {"message": "hello"}), resp(err(1, -32602, "Invalid params"))],
     [("DATA-SHAPE-002", E)],
     "JSON-RPC params.message is a string: named as the string \"hello\"")
case("M3-v03-jsonrpc-send-message-a-list",
     lambda: C03() + [req(A, rpc(1, "message/send", {"message": [msg03()]}), headers=J03), resp(err(1, -32602, "Invalid params"))],
     [("DATA-SHAPE-002", E)],
     "0.3 message/send whose message is a list holding the Message: named as a list")
case("M4-v10-jsonrpc-send-message-null",
     lambda: C10() + [RPC(1, "SendMessage", {"message": None}), resp(err(1, -32602, "Invalid params"))],
     [("DATA-SHAPE-002", E)],
     "control of the wording: null is the unset field (ProtoJSON), so the finding keeps \"send request has no message\"")
case("M5-legal-v10-rest-send-message-object",
     lambda: RC() + [rpost("/message:send", {"message": msg10()}), resp({"task": task10()}, headers=RJR)],
     [],
     "control: a Message object, answered with a task")

# --- L: DATA-LIST-006 and an explicit pageSize 0 ------------------------------------------------
SEND = lambda tid: [RPC(1, "SendMessage", {"message": msg10(mid="m-" + tid)}), resp(ok(1, {"task": task10(tid, "c-" + tid)}))]
OTHERS = [task10("t-o%d" % i, "c-o") for i in range(3)]


def page(tasks, total=None, size=50):
    """A 1.0 ListTasks page without a nextPageToken; `total` None leaves totalSize out."""
    p = {"tasks": tasks, "nextPageToken": "", "pageSize": size}
    if total is not None:
        p["totalSize"] = total
    return p


MANY = [task10("t-m%d" % i, "c-o") for i in range(50)]

case("L1-v10-list-page-size-zero-no-total",
     lambda: C10() + SEND("t-L1") + [RPC(2, "ListTasks", {"pageSize": 0}), resp(ok(2, page(OTHERS)))],
     [("DATA-PARAM-001", E), ("DATA-SHAPE-001", E)],
     "pageSize 0 served with 3 tasks, no totalSize (itself malformed: REQUIRED, DATA-SHAPE-001): 0 is no page size (review34), so nothing shows the page is the whole listing; "
     "before, DATA-LIST-006 read 0 as 50 and called the 3-task page whole, naming t-L1 as left out")
case("L2-v10-list-page-size-zero-total-says-whole",
     lambda: C10() + SEND("t-L2") + [RPC(2, "ListTasks", {"pageSize": 0}), resp(ok(2, page(OTHERS, total=3)))],
     [("DATA-PARAM-001", E), ("DATA-LIST-006", W)],
     "pageSize 0 served with 3 tasks and totalSize 3, no nextPageToken: the answer itself says it is the whole listing, and t-L2, handed out to this caller just before, is not in it")
case("L3-v10-rest-list-page-size-zero-no-total",
     lambda: RC() + [rpost("/message:send", {"message": msg10(mid="m-L3")}), resp({"task": task10("t-L3", "c-L3")}, headers=RJR),
                     rget("/tasks?pageSize=0"), resp(page(OTHERS), headers=RJR)],
     [("DATA-PARAM-001", E), ("DATA-SHAPE-001", E)],
     "HTTP+JSON GET /tasks?pageSize=0, 3 tasks, no totalSize: as L1")
case("L4-v10-list-page-size-zero-full-page-total-says-whole",
     lambda: C10() + SEND("t-L4") + [RPC(2, "ListTasks", {"pageSize": 0}), resp(ok(2, page(MANY, total=50)))],
     [("DATA-PARAM-001", E), ("DATA-LIST-006", W)],
     "pageSize 0 served as a2a-go serves it (a page of 50), totalSize 50, no nextPageToken: the answer says these 50 are all, and t-L4 is not among them; "
     "before, 0 read as 50 made the page a full one, which may go on, and DATA-LIST-006 was silent")
case("L5-v10-list-no-page-size-no-total",
     lambda: C10() + SEND("t-L5") + [RPC(2, "ListTasks", {}), resp(ok(2, page(OTHERS)))],
     [("DATA-LIST-006", W), ("DATA-SHAPE-001", E)],
     "control that keeps its finding: no pageSize asks for the default 50, so a 3-task page without a nextPageToken is the whole listing")
case("L6-v10-list-page-size-ten-no-total",
     lambda: C10() + SEND("t-L6") + [RPC(2, "ListTasks", {"pageSize": 10}), resp(ok(2, page(OTHERS, size=10)))],
     [("DATA-LIST-006", W), ("DATA-SHAPE-001", E)],
     "control that keeps its finding: pageSize 10, 3 tasks, no nextPageToken")
case("L7-legal-v10-list-page-size-zero-refused",
     lambda: C10() + SEND("t-L7") + [RPC(2, "ListTasks", {"pageSize": 0}), resp(err(2, -32602, "pageSize must be between 1 and 100"))],
     [],
     "control: the agent refuses pageSize 0 with -32602 (a2a-python, a2a-js, a2a-java); the client's DATA-PARAM-005 is a note")
case("L8-legal-v10-list-no-page-size-full-page",
     lambda: C10() + SEND("t-L8") + [RPC(2, "ListTasks", {}), resp(ok(2, page(MANY, total=50)))],
     [],
     "control: no pageSize, a full default page of 50 whose totalSize is 50: the full page keeps DATA-LIST-006 quiet, as before")

write_cases(C, HERE)
