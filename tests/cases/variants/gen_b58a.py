"""Variants of miner mine58 (prefix b58a-): python3 tests/cases/variants/gen_b58a.py

Each puts one of session 58's missed kinds (round fifty-eight) on traffic its field case does
not hold, with controls beside it. All were written before the fix and run on the branch's
first binary (FIELD-CASES.md "Round fifty-eight" gives their verdicts then).
A: a 0.2 / 0.3 JSON-RPC send answered with a Task that lacks only its kind (TASK-001,
   TASK-003, TASK-005; field cases f1305 / f1309, PraisonAI's pydantic Task): the shape is
   told, and the task must still be read for the lifecycle rules: a 0.2 cancel of the
   completed task answered canceled, a 0.3 non-blocking send answered only at the end, a
   0.3 follow-up to the completed task accepted. Control: a kind-less task canceled while
   working (the shape only).
B: a 0.2 / 0.3 push config method of the agent's version refused -32601 by an agent whose
   card does not declare push notifications (PUSH-001, ERR-002; field case f1307): a 0.3
   get, a 0.2.5 set. Controls: a 0.2.5 list (no such method in 0.2: -32601 is right), a 0.3
   set refused -32003.
C: a gateway's card rewrite that leaves clients no usable endpoint (CARD-005, CARD-006;
   field cases f1314 / f1315, agentic-layer/agent-gateway-krakend): a 0.3 card passed on
   without url, a 1.0 HTTP+JSON interface url rewritten to the public prefix without the
   agent's /api path (its route forwarded to the agent's root). Controls: a gateway that
   routes the public prefix to the agent's endpoint itself, a 1.0 card whose
   supportedInterfaces the gateway rewrote to its public url.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
def up(line):
    line = dict(line)
    line["leg"] = "upstream"
    return line
SA = ("https://github.com/MervinPraison/PraisonAI/blob/8e6b50c11a83aedac463b557ee3c3dae22e0c367/src/praisonai-agents/praisonaiagents/ui/a2a/types.py "
      "(Task, Message and TextPart without kind: a 0.x client reads no task)")
SB = ("https://github.com/MervinPraison/PraisonAI/blob/02631d69d646bdebeb405117fed3fbd19923a8e6/src/praisonai-agents/praisonaiagents/ui/a2a/a2a.py "
      "(_handle_push_notification answers -32601 for every push config method when the card does not declare push)")
SC = ("https://github.com/agentic-layer/agent-gateway-krakend/blob/28e108426fb1ea34a155bc0986281b687c4f0e16/go/plugin/agentcard-rewriter/url_replacer.go "
      "(rewriteAgentCard: an internal url becomes gateway origin + agent path, the agent's own path cut off)")
R = "https://vari58.example.test"
H = {"cache-control": "public, max-age=120", "etag": '"v58-card-1"'}
T = "task-58-a"
def card_get(card, url=R + "/.well-known/agent-card.json"):
    return [req(0.0, "GET", url), resp(0.01, 200, card, hdr=H)]
def bare(tid, state, ts=TS, cid="ctx-58"):
    return {"id": tid, "contextId": cid, "status": {"state": state, "timestamp": ts},
            "artifacts": [{"artifactId": "a-58", "parts": [{"kind": "text", "text": "done"}]}]}
C03 = card03(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False})
C02 = dict(card03(R + "/a2a", capabilities={"streaming": False, "pushNotifications": False}), protocolVersion="0.2.5")
C02.pop("preferredTransport")

# --- A: kind-less 0.x tasks read for the lifecycle
case("b58a-A1-v02-cancel-completed-kindless-task", card_get(C02) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("summarise", mid="m-58-1")})),
    resp(0.9, 200, ok(1, bare(T, "completed"))),
    req(1.2, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(1.21, 200, ok(2, dict(bare(T, "canceled", ts="2026-03-02T10:15:02.000Z"), kind="task"))),
], [("cancel-terminal-task-succeeded", "error"), ("terminal-state-changed", "error"), ("result-invalid-shape", "error")], SA,
     "a 0.2 send answered with a task that lacks only kind, completed; its cancel answered canceled: a terminal task cannot be canceled (TASK-003)")
case("b58a-A2-v03-blocking-false-kindless-task-at-end", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-58-2"), "configuration": {"blocking": False}})),
    resp(5.6, 200, ok(1, bare(T, "completed"))),
], [("return-immediately-ignored", "warning"), ("result-invalid-shape", "error")], SA,
     "0.3 blocking: false answered after 5.4 s with the kind-less task already completed (TASK-005)")
case("b58a-A3-v03-follow-up-to-completed-kindless-task", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("first", mid="m-58-3")})),
    resp(0.5, 200, ok(1, bare(T, "completed"))),
    req(0.8, "POST", R + "/a2a", rpc(2, "message/send", {"message": umsg03("and again", mid="m-58-4", taskId=T, contextId="ctx-58")})),
    resp(1.1, 200, ok(2, task03(T, "ctx-58", "completed", artifacts=[{"artifactId": "a-58", "parts": [{"kind": "text", "text": "again"}]}]))),
], [("message-to-terminal-task-accepted", "error"), ("result-invalid-shape", "error")], SA,
     "a follow-up naming the completed (kind-less) task was run again instead of refused (TASK-003)")
case("b58a-AC1-control-v03-cancel-working-kindless-task", card_get(C03) + [
    req(0.2, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("long report", mid="m-58-5"), "configuration": {"blocking": False}})),
    resp(0.25, 200, ok(1, bare(T, "working"))),
    req(0.5, "POST", R + "/a2a", rpc(2, "tasks/cancel", {"id": T})),
    resp(0.51, 200, ok(2, task03(T, "ctx-58", "canceled"))),
], [("result-invalid-shape", "error")], SA,
     "control: a working task canceled is right; only the missing kind of the send's task is told")

# --- B: 0.x push config methods refused -32601 by an agent without push
def send_ok(t):
    return [req(t, "POST", R + "/a2a", rpc(1, "message/send", {"message": umsg03("watch", mid="m-58-6")})),
            resp(t + 0.3, 200, ok(1, task03(T, "ctx-58", "completed")))]
case("b58a-B1-v03-push-get-method-not-found", card_get(C03) + send_ok(0.2) + [
    req(0.8, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/get", {"id": T})),
    resp(0.81, 200, err(2, -32601, "Method not found")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SB,
     "0.3 tasks/pushNotificationConfig/get refused -32601 by an agent whose card does not declare push: -32003 (PUSH-001, ERR-002)")
case("b58a-B2-v025-push-set-method-not-found", card_get(C02) + send_ok(0.2) + [
    req(0.8, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"url": "https://hooks.vari58.example.test/cb"}})),
    resp(0.81, 200, err(2, -32601, "Method not found: tasks/pushNotificationConfig/set")),
], [("jsonrpc-error-code-mismatch-0x", "warning")], SB,
     "0.2.5 tasks/pushNotificationConfig/set (a 0.2 method) refused -32601 by an agent without push: -32003")
case("b58a-BL1-legal-v025-push-list-method-not-found", card_get(C02) + send_ok(0.2) + [
    req(0.8, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/list", {"id": T})),
    resp(0.81, 200, err(2, -32601, "Method not found")),
], [], SB,
     "legal: 0.2 has no tasks/pushNotificationConfig/list, so a 0.2.5 agent rightly answers -32601")
case("b58a-BL2-legal-v03-push-set-not-supported", card_get(C03) + send_ok(0.2) + [
    req(0.8, "POST", R + "/a2a", rpc(2, "tasks/pushNotificationConfig/set", {"taskId": T, "pushNotificationConfig": {"url": "https://hooks.vari58.example.test/cb"}})),
    resp(0.81, 200, err(2, -32003, "Push Notification is not supported")),
], [], SB,
     "legal: the 0.3 refusal of push notifications is -32003 PushNotificationNotSupportedError")

# --- C: a gateway's card rewrite that leaves no usable endpoint
GW = "https://gw58.example.test"
INT = "http://billing.apps.svc.cluster.local:8080"
U1 = card03(INT + "/a2a/jsonrpc", name="billing")
case("b58a-C1-v03-gw-card-passed-on-without-url", [
    req(0.0, "GET", GW + "/billing/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U1, hdr=H)),
    resp(0.006, 200, {k: v for k, v in U1.items() if k != "url"}, hdr=H),
], [("card-url-broken-by-proxy", "error"), ("card-missing-required-field", "error")], SC,
     "the gateway's card has no url at all although the agent's names its endpoint")
U2 = card10(INT + "/api", binding="HTTP+JSON", name="billing")
D2 = card10(GW + "/billing", binding="HTTP+JSON", name="billing")
case("b58a-C2-v10-gw-rest-url-loses-agent-path", [
    req(0.0, "GET", GW + "/billing/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U2, hdr=H)),
    resp(0.006, 200, D2, hdr=H),
    req(0.3, "POST", GW + "/billing/message:send", {"message": umsg10("invoice total?", mid="m-58-c2")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    up(req(0.301, "POST", INT + "/message:send", {"message": umsg10("invoice total?", mid="m-58-c2")}, ver="1.0", ctype=A2AJ, accept=A2AJ)),
    up(resp(0.303, 404, {"detail": "Not Found"})),
    resp(0.305, 404, {"detail": "Not Found"}),
], [("card-url-broken-by-proxy", "error")], SC,
     "1.0 HTTP+JSON: the agent serves its routes below /api, the gateway rewrote the url to /billing and forwards /billing/message:send to the agent's /message:send")
U3 = card03(INT + "/a2a/jsonrpc", name="billing")
case("b58a-CL1-legal-v03-gw-prefix-routed-to-endpoint", [
    req(0.0, "GET", GW + "/billing/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U3, hdr=H)),
    resp(0.006, 200, dict(U3, url=GW + "/billing"), hdr=H),
    req(0.3, "POST", GW + "/billing", rpc(1, "message/send", {"message": umsg03("invoice total?", mid="m-58-c3")})),
    up(req(0.301, "POST", INT + "/a2a/jsonrpc", rpc(1, "message/send", {"message": umsg03("invoice total?", mid="m-58-c3")}))),
    up(resp(0.6, 200, ok(1, task03("t-58-c3", "c-58-c3", "completed")))),
    resp(0.602, 200, ok(1, task03("t-58-c3", "c-58-c3", "completed"))),
], [], SC,
     "legal: the gateway routes /billing to the agent's /a2a/jsonrpc itself (an explicit endpoint), so the shorter public url is right")
U4 = card10(INT + "/", name="billing")
case("b58a-CL2-legal-v10-gw-supported-interfaces-rewritten", [
    req(0.0, "GET", GW + "/billing/.well-known/agent-card.json"),
    up(req(0.001, "GET", INT + "/.well-known/agent-card.json")),
    up(resp(0.004, 200, U4, hdr=H)),
    resp(0.006, 200, card10(GW + "/billing", name="billing"), hdr=H),
    req(0.3, "POST", GW + "/billing", rpc(1, "SendMessage", {"message": umsg10("invoice total?", mid="m-58-c4")}), ver="1.0"),
    up(req(0.301, "POST", INT + "/", rpc(1, "SendMessage", {"message": umsg10("invoice total?", mid="m-58-c4")}), ver="1.0")),
    up(resp(0.6, 200, ok(1, {"task": task10("t-58-c4", "c-58-c4", "TASK_STATE_COMPLETED")}))),
    resp(0.602, 200, ok(1, {"task": task10("t-58-c4", "c-58-c4", "TASK_STATE_COMPLETED")})),
], [], SC,
     "legal: the gateway rewrote the 1.0 card's supportedInterfaces url to its public one, and the call it leads to is answered")

write_cases(cases, HERE)
