"""Variants of miner mine38 (prefix b38a-): python3 tests/cases/variants/gen_b38a.py

Each proves a widening of session 38's round thirty-eight (field cases f860-f879: 1.0 wire
details, Agent Card security in ProtoJSON, ListTasks paging names, JSON-RPC media types) on
traffic the field cases do not hold, with legal controls beside it:
U: DATA-PARAM-007 (client-request-unknown-member, new): a 1.0 request carrying a member its
   request message does not define went unjudged unless it was a 0.x member (VER-MIX-002) or
   a proto field name (DATA-SHAPE-002): A2A #2162's migration guide paged ListTasks with
   cursor / limit, which the agent ignores (DATA-003), so the client got the first page
   forever. Now told in JSON-RPC params, an HTTP+JSON body, and (for a known other-vocabulary
   name only) an HTTP+JSON query string. Quiet for the proto's members, the A2A-Version query
   parameter, an unrelated query parameter (an API key), and 0.3 calls.
N: DATA-SHAPE-001 (result-invalid-shape): a ListTasks result that announced its next page as
   nextCursor (the same guide) was told only as DATA-LIST-004 when totalSize happened to count
   more; now the misnamed cursor itself, whatever totalSize says, and DATA-LIST-004 no longer
   tells the same fault twice. Quiet for the last page's empty cursor.
P: RPC-ENVELOPE-001 (jsonrpc-response-malformed): a JSON-RPC response served as
   application/problem+json passed as "any JSON media type" (a2a-java #719 asked for it on
   JSON-RPC errors); now told, for a result and an error, 1.0 and 0.3. Quiet for
   application/json with a charset, and for problem+json on an HTTP+JSON error (REST-ERROR-002's
   note, not this rule).
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
A2162 = "https://github.com/a2aproject/A2A/issues/2162 (the v1 migration guide paged ListTasks with cursor, limit and nextCursor, names the proto does not define)"
J719 = "https://github.com/a2aproject/a2a-java/issues/719 (asked for application/problem+json on JSON-RPC and REST errors)"
W_U = [("client-request-unknown-member", "warning")]
T3 = [task10("t-u%d" % i, "c-u", "TASK_STATE_COMPLETED") for i in range(3)]
PAGE = {"tasks": T3, "nextPageToken": "", "pageSize": 50, "totalSize": 3}
REST = card10(A, binding="HTTP+JSON")

# --- U: unknown request members ---------------------------------------------------------------
case("b38a-U1-v10-rest-list-tasks-query-offset", get_card(0.0, REST) + [
    req(0.1, "GET", A + "/tasks?contextId=c-u&offset=50", ver="1.0"),
    resp(0.12, 200, PAGE),
], W_U, A2162, "ListTasks pages by an opaque pageToken (REST-001 query parameters are the request's members): offset is no member, the agent ignores it and answers the first page again (DATA-003, DATA-007)")
case("b38a-U2-v10-jsonrpc-get-task-history-limit", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-u2", "GetTask", {"id": "t-u0", "historyLimit": 2}), ver="1.0"),
    resp(0.12, 200, ok("g-u2", task10("t-u0", "c-u", "TASK_STATE_COMPLETED"))),
], W_U, A2162, "GetTaskRequest's history bound is historyLength (DATA-006): historyLimit is ignored, and the agent's default history comes back")
case("b38a-U3-v10-jsonrpc-delete-push-config-id", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})) + [
    req(0.1, "POST", A + "/a2a", rpc("d-u3", "DeleteTaskPushNotificationConfig", {"taskId": "t-u0", "id": "p1", "configId": "p1"}), ver="1.0"),
    resp(0.12, 200, ok("d-u3", {})),
], W_U, "https://github.com/a2aproject/a2a-tck/pull/129 (configId removed from the push notification config calls)", "DeleteTaskPushNotificationConfigRequest names the config as id (PUSH-003): configId is a removed draft member, ignored (DATA-003)")
case("b38a-U4-legal-v10-rest-send-body-newer-member", get_card(0.0, REST) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("hi", mid="m-u4"), "sessionId": "c-u"}, ver="1.0"),
    resp(0.3, 200, {"message": amsg10("hello", mid="m-a-u4", contextId="c-u9")}),
], [], A2162, "legal: a member SendMessageRequest does not define and that names none of its members (sessionId is no alias of message, configuration, metadata or tenant) reads as a newer client's field, which the agent ignores (DATA-003): not judged")
case("b38a-U7-v10-jsonrpc-list-push-configs-cursor", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})) + [
    req(0.1, "POST", A + "/a2a", rpc("lp-u7", "ListTaskPushNotificationConfigs", {"taskId": "t-u0", "cursor": "p2"}), ver="1.0"),
    resp(0.12, 200, ok("lp-u7", {"configs": [{"id": "p1", "taskId": "t-u0", "url": "https://hook.example.test/a2a"}], "nextPageToken": ""})),
], W_U, A2162, "ListTaskPushNotificationConfigsRequest pages with pageToken like ListTasks (1.0:proto): cursor is ignored and the first page comes back (DATA-003)")
case("b38a-U5-legal-v10-rest-list-tasks-proto-names", get_card(0.0, REST) + [
    req(0.1, "GET", A + "/tasks?contextId=c-u&pageSize=3&pageToken=&A2A-Version=1.0&api_key=k-5", ver="1.0"),
    resp(0.12, 200, PAGE),
], [], A2162, "legal: the proto's members as query parameters, A2A-Version as a query parameter (VER-001 allows it) and a parameter of no A2A meaning (an API key) are no unknown request members")
case("b38a-U6-legal-v03-get-task-metadata", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-u6", "tasks/get", {"id": "t-u6", "historyLength": 1, "metadata": {"trace": "x"}})),
    resp(0.12, 200, ok("g-u6", task03("t-u6", "c-u6", "completed"))),
], [], A2162, "legal: 0.3 TaskQueryParams defines metadata (0.3:schema); the 1.0 request tables do not judge 0.x calls")

# --- N: ListTasks result cursor under another name --------------------------------------------
case("b38a-N1-v10-rest-list-result-cursor-no-total", get_card(0.0, REST) + [
    req(0.1, "GET", A + "/tasks?contextId=c-u&pageSize=2", ver="1.0"),
    resp(0.12, 200, {"tasks": T3[:2], "cursor": "opaque-2", "pageSize": 2}),
], [("result-invalid-shape", "error")], A2162, "the next page announced as cursor with no nextPageToken and no totalSize: a 1.0 client stops after this page (DATA-007)")
case("b38a-N2-legal-v10-list-result-empty-next-cursor", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("l-n2", "ListTasks", {"contextId": "c-u", "pageSize": 5}), ver="1.0"),
    resp(0.12, 200, ok("l-n2", {"tasks": T3, "nextPageToken": "", "nextCursor": "", "pageSize": 5, "totalSize": 3})),
], [], A2162, "legal: the last page, nextPageToken empty, a leftover empty nextCursor beside it names no further page (DATA-007; the extra member is ignored, DATA-003)")

# --- P: JSON-RPC response as problem+json -----------------------------------------------------
E_P = [("jsonrpc-response-malformed", "error")]
case("b38a-P1-v10-jsonrpc-result-problem-json", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-p1", "SendMessage", {"message": umsg10("hi", mid="m-p1")}), ver="1.0"),
    resp(0.3, 200, ok("s-p1", {"message": amsg10("hello", mid="m-a-p1", contextId="c-p1")}), ctype="application/problem+json"),
], E_P, J719, "a JSON-RPC result served as an RFC 9457 problem document: RPC-001 makes it application/json")
case("b38a-P2-v03-jsonrpc-error-problem-json", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("c-p2", "tasks/cancel", {"id": "t-gone"})),
    resp(0.12, 200, err("c-p2", -32001, "Task not found"), ctype="application/problem+json; charset=utf-8"),
], E_P, J719, "0.3 JSON-RPC is application/json too (0.3 §3.2.1, RPC-001): the -32001 under a problem-details type")
case("b38a-P3-legal-v10-jsonrpc-json-charset", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-p3", "GetTask", {"id": "t-gone"}), ver="1.0"),
    resp(0.12, 200, err("g-p3", -32001, "Task not found", ei("TASK_NOT_FOUND")), ctype="application/json; charset=utf-8"),
], [], J719, "legal: application/json with a charset parameter (RPC-001)")

write_cases(cases, HERE)
