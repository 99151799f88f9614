"""Variants of miner mine39 (prefix b39a-): python3 tests/cases/variants/gen_b39a.py

Each proves a widening of session 39's round thirty-nine (field cases f880-f894: the JSON-RPC
envelope of 1.0 answers, push-config CRUD answers, SubscribeToTask's first event, mTLS in
ProtoJSON) on traffic the field cases do not hold, with legal controls beside it:
E: RPC-ERROR-004 (jsonrpc-error-info-missing, new, note): a 1.0 JSON-RPC A2A error (-32001 to
   -32009) whose error.data holds no google.rpc.ErrorInfo (a2a-elixir #76) was silent. Now a
   note, once per agent origin: no data, or a detail list without an ErrorInfo. Quiet for an
   ErrorInfo, for 0.x errors (free-form data), for the JSON-RPC standard codes, and for data
   that RPC-ENVELOPE-001 already tells (no detail list).
D: DATA-SHAPE-001 (result-invalid-shape): a 0.2/0.3 JSON-RPC tasks/pushNotificationConfig/delete
   answered with a result other than null (a2a-js PR #166's mock echoed the config) was
   silent. Quiet for null, for 0.3 HTTP+JSON's Empty {} and 1.0's {}.
L: DATA-SHAPE-001 (result-invalid-shape): a 1.0 (or 0.3 HTTP+JSON) ListTaskPushNotificationConfigs
   result that holds its list under another member (pushNotificationConfigs, items) and has
   no configs was silent: the session-38 lead, backed by the proto (configs, A2A PR #1486);
   public servers answer both names. Quiet for configs, and for {} (ProtoJSON's empty list).
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
E76 = "https://github.com/actioncard/a2a-elixir/issues/76 (A2A errors answered without error.data; the TCK's JSONRPC-ERR-003 asks for the ErrorInfo)"
J166 = "https://github.com/a2aproject/a2a-js/pull/166 (the 0.3 delete result is null; a mock answered the config)"
P1486 = "https://github.com/a2aproject/A2A/pull/1486 (ListTaskPushNotificationConfigs and its response: the list is configs)"
N_E = [("jsonrpc-error-info-missing", "note")]
E_S = [("result-invalid-shape", "error")]
PUSH10 = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
PUSH10R = card10(A, binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True})
PUSH03 = card03(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
CFG = {"id": "p1", "taskId": "t-l1", "url": "https://client.example.test/hook"}

# --- E: the ErrorInfo left out ----------------------------------------------------------------
case("b39a-E1-v10-send-terminal-unsupported-without-data-twice", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("s-e1", "SendMessage", {"message": umsg10("one more thing", mid="m-e1", taskId="t-e1", contextId="c-e1")}), ver="1.0"),
    resp(0.12, 200, err("s-e1", -32004, "Task t-e1 is in a terminal state")),
    req(0.2, "POST", A + "/a2a", rpc("g-e1", "GetTask", {"id": "t-e1-other"}), ver="1.0"),
    resp(0.22, 200, err("g-e1", -32001, "Task not found")),
], N_E, E76, "two A2A errors of one agent without data: told once, on the first (-32004 UnsupportedOperationError, reason UNSUPPORTED_OPERATION; ERR-004)")
case("b39a-E2-v10-task-not-found-data-without-error-info", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-e2", "GetTask", {"id": "t-e2"}), ver="1.0"),
    resp(0.12, 200, err("g-e2", -32001, "Task not found", [{"@type": "type.googleapis.com/google.rpc.DebugInfo", "detail": "lookup t-e2 missed"}])),
], N_E, E76, "error.data is a detail list, as 1.0 asks, but holds only a DebugInfo: the ErrorInfo with reason TASK_NOT_FOUND is missing (ERR-004)")
case("b39a-E3-legal-v10-task-not-found-with-error-info", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-e3", "GetTask", {"id": "t-e3"}), ver="1.0"),
    resp(0.12, 200, err("g-e3", -32001, "Task not found", ei("TASK_NOT_FOUND"))),
], [], E76, "legal: the A2A error carries its ErrorInfo in error.data (ERR-004)")
case("b39a-E4-legal-v03-task-not-found-without-data", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-e4", "tasks/get", {"id": "t-e4"})),
    resp(0.12, 200, err("g-e4", -32001, "Task not found")),
], [], E76, "legal: 0.x error.data is free-form and optional (ERR-004 0.x); ErrorInfo is 1.0's")
case("b39a-E5-legal-v10-invalid-params-without-data", get_card(0.0, card10(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("g-e5", "GetTask", {}), ver="1.0"),
    resp(0.12, 200, err("g-e5", -32602, "Invalid params: id is required")),
], [], E76, "legal: -32602 is a JSON-RPC standard error, not an A2A one; ERR-002's reasons name the A2A errors only")

# --- D: the 0.x delete result -----------------------------------------------------------------
case("b39a-D1-v03-delete-push-config-empty-object", get_card(0.0, PUSH03) + [
    req(0.1, "POST", A + "/a2a", rpc("d-d1", "tasks/pushNotificationConfig/delete", {"id": "t-d1", "pushNotificationConfigId": "p1"})),
    resp(0.12, 200, ok("d-d1", {})),
], E_S, J166, "the 0.3 schema's delete result is null: {} is the proto Empty a gRPC-backed server hands through, which a client decoding against the schema refuses")
case("b39a-D2-v02-delete-push-config-config-echoed", [
    req(0.0, "GET", A + "/.well-known/agent.json"), resp(0.01, 200, dict(card03(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), protocolVersion="0.2.5")),
    req(0.1, "POST", A + "/a2a", rpc("d-d2", "tasks/pushNotificationConfig/delete", {"id": "t-d2", "pushNotificationConfigId": "p1"})),
    resp(0.12, 200, ok("d-d2", {"taskId": "t-d2", "pushNotificationConfig": {"id": "p1", "url": "https://client.example.test/hook"}})),
], E_S, J166, "0.2.5 defines the delete result as null too (its schema's DeleteTaskPushNotificationConfigSuccessResponse)")
case("b39a-D3-legal-v03-delete-push-config-null", get_card(0.0, PUSH03) + [
    req(0.1, "POST", A + "/a2a", rpc("d-d3", "tasks/pushNotificationConfig/delete", {"id": "t-d3", "pushNotificationConfigId": "p1"})),
    resp(0.12, 200, ok("d-d3", None)),
], [], J166, "legal: result null, as the 0.3 schema says")
case("b39a-D4-legal-v03-rest-delete-push-config-empty", get_card(0.0, dict(PUSH03, url=A, preferredTransport="HTTP+JSON")) + [
    req(0.1, "DELETE", A + "/v1/tasks/t-d4/pushNotificationConfigs/p1"),
    resp(0.12, 200, {}),
], [], J166, "legal: 0.3 HTTP+JSON answers google.protobuf.Empty, {} (0.3:grpc DeleteTaskPushNotificationConfig)")
case("b39a-D5-legal-v10-delete-push-config-empty", get_card(0.0, PUSH10) + [
    req(0.1, "POST", A + "/a2a", rpc("d-d5", "DeleteTaskPushNotificationConfig", {"taskId": "t-d5", "id": "p1"}), ver="1.0"),
    resp(0.12, 200, ok("d-d5", {})),
], [], J166, "legal: the 1.0 result is Empty, {} (1.0 §3.1.10)")

# --- L: the push config list under another name -----------------------------------------------
case("b39a-L1-v10-list-push-configs-named-push-notification-configs", get_card(0.0, PUSH10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-l1", "ListTaskPushNotificationConfigs", {"taskId": "t-l1"}), ver="1.0"),
    resp(0.12, 200, ok("l-l1", {"pushNotificationConfigs": [CFG]})),
], E_S, P1486, "ListTaskPushNotificationConfigsResponse's list is configs: a 1.0 client reads no configs member, the empty list in ProtoJSON, and believes the task has none")
case("b39a-L2-v10-rest-list-push-configs-named-items", get_card(0.0, PUSH10R) + [
    req(0.1, "GET", A + "/tasks/t-l1/pushNotificationConfigs", ver="1.0"),
    resp(0.12, 200, {"items": [CFG, dict(CFG, id="p2", url="https://client.example.test/hook2")]}),
], E_S, P1486, "the HTTP+JSON route answers the same message: items is no member of it, configs is")
case("b39a-L3-v03-rest-list-push-configs-named-push-notification-configs", get_card(0.0, dict(PUSH03, url=A, preferredTransport="HTTP+JSON")) + [
    req(0.1, "GET", A + "/v1/tasks/t-l1/pushNotificationConfigs"),
    resp(0.12, 200, {"pushNotificationConfigs": [{"name": "tasks/t-l1/pushNotificationConfigs/p1", "pushNotificationConfig": {"id": "p1", "url": "https://client.example.test/hook"}}]}),
], E_S, P1486, "0.3 HTTP+JSON answers ProtoJSON of 0.3:grpc ListTaskPushNotificationConfigResponse, whose list is configs too")
case("b39a-L4-legal-v10-list-push-configs-configs", get_card(0.0, PUSH10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-l4", "ListTaskPushNotificationConfigs", {"taskId": "t-l1"}), ver="1.0"),
    resp(0.12, 200, ok("l-l4", {"configs": [CFG], "nextPageToken": ""})),
], [], P1486, "legal: {configs, nextPageToken} as the proto names them")
case("b39a-L5-legal-v10-list-push-configs-empty-object", get_card(0.0, PUSH10) + [
    req(0.1, "POST", A + "/a2a", rpc("l-l5", "ListTaskPushNotificationConfigs", {"taskId": "t-l1"}), ver="1.0"),
    resp(0.12, 200, ok("l-l5", {})),
], [], P1486, "legal: ProtoJSON leaves an empty repeated field out, so {} is the empty list")

write_cases(cases, HERE)
