"""Variants of miner mine56b (prefix b56b-): python3 tests/cases/variants/gen_b56b.py

Each puts one of round fifty-six (b)'s kinds on traffic its field case does not hold (another
protocol generation, binding, operation, a stream for a unary call, other names and ids), with
controls beside it. Written after the fixes they test, each run on main's binary too
(FIELD-CASES.md "Round fifty-six (b)" gives the verdicts).
A: a 1.0 gRPC call the situation answers with PushNotificationNotSupportedError,
   UnsupportedOperationError or VersionNotSupportedError, ended with a bare UNIMPLEMENTED and
   no ErrorInfo (f1240, a2a-tck #206; GRPC-ERROR-002 widened). Controls: the same refusal with
   its ErrorInfo (1.0.1's FAILED_PRECONDITION), and 0.3 gRPC, which has no ErrorInfo rule.
B: an HTTP+JSON error in RFC 9457 problem details naming an A2A error (f1254, A2A #1596;
   DIGEST trap 10): the agent's own answer, legal where its status fits, REST-ERROR-001 where it
   does not, never a missing route. A framework's ProblemDetails "Not Found" page names no A2A
   error and still says the route is missing.
C: a 0.3 gRPC task call that names the task by its bare id instead of the resource name
   tasks/{id} (f1255, A2A #870; DATA-PARAM-003 widened). Control: the resource name.
D: a call that sends the pre-1.0 drafts' X-A2A-Version instead of A2A-Version (f1249 / f1257,
   a2a-java PR #709; VER-MIX-002's words name it). Control: a 0.3 call with the old header.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
_g = open(os.path.join(FIELD, "gen_cases56b.py")).read()
import base64, urllib.parse
exec(_g[_g.index("# --- protobuf and gRPC recording helpers"): _g.index("# --- the TCK's MUST-level")])  # pb_*, frame, native, V10
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases["b56b-" + name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url):
    return [req(t, "GET", url), resp(t + 0.01, 200, card, hdr=CACHED)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}
S206 = "https://github.com/a2aproject/a2a-tck/issues/206"
S1596 = "https://github.com/a2aproject/A2A/issues/1596"
S870 = "https://github.com/a2aproject/A2A/issues/870"
S709 = "https://github.com/a2aproject/a2a-java/pull/709"
HA = "http://grpc-va.example.test:50051"
def gcard(host, **kw):
    return card10(host.split("//")[1], binding="GRPC", **kw)
COMPLETED = 3

# A: bare UNIMPLEMENTED where an A2A error with its ErrorInfo is owed
case("A1-v10-grpc-subscribe-completed-bare-unimplemented", native(HA, [
    ("GetTask", V10, pb_str(2, "t-va-1"), pb_task("t-va-1", "c-va-1", COMPLETED), 0, "", None),
    ("SubscribeToTask", V10, pb_str(2, "t-va-1"), None, 12, "", None),
], card=gcard(HA)), [("grpc-error-info-missing", "error")], S206,
     "a subscription to a task read COMPLETED is UnsupportedOperationError (TASK-004): FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo UNSUPPORTED_OPERATION; a bare UNIMPLEMENTED carries no reason (ERR-005)")
case("A2-v10-grpc-extended-card-undeclared-bare-unimplemented", native(HA, [
    ("GetExtendedAgentCard", dict(V10, authorization="Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln"), b"", None, 12, "Method not found!", None),
], card=gcard(HA)), [("grpc-error-info-missing", "error")], S206,
     "GetExtendedAgentCard of an agent whose card does not declare capabilities.extendedAgentCard is UnsupportedOperationError (AUTH-005), with its ErrorInfo; the servicer left the method to the runtime's bare UNIMPLEMENTED")
case("A3-v10-grpc-unsupported-version-bare-unimplemented", native(HA, [
    ("SendMessage", {"a2a-version": "3.1"}, pb_str(2, pb_str(1, "m-va-3") + pb_int(4, 1) + pb_str(5, pb_str(1, "hello"))), None, 12,
     "unsupported version 3.1", None),
], card=gcard(HA)), [("grpc-error-info-missing", "error")], S206,
     "A2A-Version 3.1 is a version A2A does not have: VersionNotSupportedError, FAILED_PRECONDITION (1.0.0: UNIMPLEMENTED) with ErrorInfo VERSION_NOT_SUPPORTED (VER-002, ERR-005); the bare UNIMPLEMENTED names no version error")
case("A4-v10-grpc-list-push-configs-no-push-bare-unimplemented", native(HA, [
    ("ListTaskPushNotificationConfigs", V10, pb_str(1, "t-va-4"), None, 12, "", None),
], card=gcard(HA)), [("grpc-error-info-missing", "error")], S206,
     "every push config call of an agent whose card declares no push is PushNotificationNotSupportedError (PUSH-001) with its ErrorInfo")
case("AL1-legal-v10-grpc-push-get-failed-precondition-error-info", native(HA, [
    ("GetTaskPushNotificationConfig", V10, pb_str(2, "t-va-5") + pb_str(3, "p-va-5"), None, 9, "push notifications not supported",
     pb_status(9, "push notifications not supported", "PUSH_NOTIFICATION_NOT_SUPPORTED")),
], card=gcard(HA)), [], S206,
     "control: 1.0.1's FAILED_PRECONDITION with ErrorInfo PUSH_NOTIFICATION_NOT_SUPPORTED")
G3 = "http://grpc03-va.example.test:50051"
card3 = card03(G3.split("//")[1], name="va03", preferredTransport="GRPC")
case("AL2-legal-v03-grpc-push-get-bare-unimplemented", native(G3, [
    ("GetTaskPushNotificationConfig", {}, pb_str(1, "tasks/t-va-6/pushNotificationConfigs/p-va-6"), None, 12, "", None),
], card=card3, package="a2a.v1"), [], S206,
     "control: 0.3 gRPC has no ErrorInfo rule (ERR-005 is 1.0's), and a2a-python 0.3.x answers PushNotificationNotSupported UNIMPLEMENTED")

# B: RFC 9457 problem details naming an A2A error on HTTP+JSON
HB = "https://problem-va.example.test"
cardB = card10(HB + "/a2a", binding="HTTP+JSON")
PJ = "application/problem+json"
case("BL1-legal-v10-rest-cancel-finished-problem-details", get_card(0.0, cardB, HB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HB + "/a2a/message:send", {"message": umsg10("draft it", mid="m-vb-1")}, ver="1.0"),
    resp(0.6, 200, {"task": task10("t-vb-1", "c-vb-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-vb-1", "Draft done.")])}),
    req(0.8, "POST", HB + "/a2a/tasks/t-vb-1:cancel", {}, ver="1.0"),
    resp(0.81, 400, {"type": "https://a2a-protocol.org/errors/task-not-cancelable", "title": "Task not cancelable", "status": 400,
                     "detail": "Task t-vb-1 is already completed"}, ctype=PJ),
], [], S1596,
     "control: 1.0 §6.4's problem details form (DIGEST trap 10) naming TaskNotCancelable under 400, 1.0.1's status for it")
case("B1-v10-rest-problem-details-status-misfit", get_card(0.0, cardB, HB + "/.well-known/agent-card.json") + [
    req(0.2, "GET", HB + "/a2a/tasks/t-vb-2", ver="1.0"),
    resp(0.21, 500, {"type": "https://a2a-protocol.org/errors/task-not-found", "title": "Task not found", "status": 500,
                     "detail": "No task with id t-vb-2"}, ctype=PJ),
], [("rest-error-shape", "error")], S1596,
     "problem details naming TaskNotFound under HTTP 500: TaskNotFoundError is HTTP 404 (ERR-002), and the route answered, so no missing route")
case("B2-v10-rest-framework-problem-details-404", get_card(0.0, cardB, HB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HB + "/a2a/message:send", {"message": umsg10("hello", mid="m-vb-3")}, ver="1.0"),
    resp(0.21, 404, {"type": "https://tools.ietf.org/html/rfc9110#section-15.5.5", "title": "Not Found", "status": 404,
                     "traceId": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00"}, ctype=PJ),
], [("card-url-unreachable", "error")], S1596,
     "an ASP.NET Core ProblemDetails page for a route nothing serves names no A2A error: the advertised interface's send route is missing (CARD-006)")

# C: 0.3 gRPC task calls naming the task by bare id
case("C1-v03-grpc-cancel-bare-id-as-name", native(G3, [
    ("CancelTask", {}, pb_str(1, "t-vc-1"), None, 5, "task not found: t-vc-1", None),
], card=card3, package="a2a.v1"), [("client-task-call-without-id", "error")], S870,
     "0.3 CancelTaskRequest.name is tasks/{id}; the bare id names no task")
case("C2-v03-grpc-get-push-config-bare-config-id", native(G3, [
    ("GetTaskPushNotificationConfig", {}, pb_str(1, "p-vc-2"), None, 3, "invalid name", None),
], card=card3, package="a2a.v1"), [("client-task-call-without-id", "error")], S870,
     "0.3 GetTaskPushNotificationConfigRequest.name is tasks/{id}/pushNotificationConfigs/{config_id}; the bare config id names no task")
case("CL1-legal-v03-grpc-subscribe-resource-name", native(G3, [
    ("GetTask", {}, pb_str(1, "tasks/t-vc-3"), pb_task("t-vc-3", "c-vc-3", COMPLETED), 0, "", None),
], card=card3, package="a2a.v1"), [], S870,
     "control: the resource name tasks/{id}")

# D: the pre-1.0 X-A2A-Version header name
HD = "https://strict-vd.example.test"
case("D1-v10-rest-send-x-a2a-version", get_card(0.0, card10(HD + "/a2a", binding="HTTP+JSON"), HD + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HD + "/a2a/message:send", {"message": umsg10("book a table", mid="m-vd-1")}, hdr={"x-a2a-version": "1.0"}),
    resp(0.21, 400, {"error": {"code": 400, "status": "FAILED_PRECONDITION", "message": "Protocol version '0.3' is not supported",
                               "details": ei("VERSION_NOT_SUPPORTED")}}),
], [("client-version-mixed-request", "warning")], S709,
     "a 1.0 REST client that names its version in X-A2A-Version sends no A2A-Version, so the call is 0.3 and a 1.0-only agent refuses it")
case("DL1-legal-v03-send-with-x-a2a-version", get_card(0.0, card03(HD + "/v03", name="vd03"), HD + "/.well-known/agent-card.json") + [
    req(0.2, "POST", HD + "/v03", rpc(1, "message/send", {"message": umsg03("book a table", mid="m-vd-2")}), hdr={"x-a2a-version": "0.3"}),
    resp(0.5, 200, ok(1, amsg03("Booked for 8pm.", mid="a-vd-2", contextId="c-vd-2"))),
], [], S709,
     "control: a 0.3 call, which needs no version header, that also sends the old name")

write_cases(cases, HERE)
