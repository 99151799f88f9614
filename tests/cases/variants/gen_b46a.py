"""Variants of miner mine46 (prefix b46a-): python3 tests/cases/variants/gen_b46a.py

Each puts one of session 46's changed kinds (round forty-six) on traffic its field case does not
hold, with legal (or narrower) controls beside it:
P: DATA-LIST-007 (push-config-list-paging-broken, error) for a 1.0 ListTaskPushNotificationConfigs
   listing whose pageToken page repeats a config an earlier page listed, or hands back its own
   token (field case f1009, a2a-java #554): HTTP+JSON with the same token handed back, JSON-RPC
   with an offset token that restarts, HTTP+JSON page two repeating page one.
   Controls: a config created between the pages (an offset cursor shifts legitimately), a
   listing that pages properly, two tasks' listings that hand out the same token string.
K: RPC-REQ-003 (client-method-name-wrong-case, note, the client's) for a JSON-RPC call for the
   agent card under a name no version defines, refused by the agent (field case f1005,
   a2a-tck PR #64): 1.0 GetAgentCard, 0.3 agent/getExtendedAgentCard, 0.2
   agent/card. Controls: an agent that serves such a name as a method of its own (an
   extension), the real 0.3 method, an unknown method that is no card name.
B: PUSH-AUTH-001 / -003 read a blank token or blank credentials (white space only) as none
   (field case f1012, a2a-js PR #634): 0.3 blank token, 1.0 blank credentials set by
   CreateTaskPushNotificationConfig (controls, silent); a 0.3 config with a real token beside
   blank credentials is judged by the token alone (PUSH-AUTH-003, the 0.x SHOULD), and real
   credentials left out stay PUSH-AUTH-001.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
RA = "https://rest-agent.example.test"
RCARD = RA + "/.well-known/agent-card.json"
WEBHOOK = "https://client.example.test/a2a/webhook"
SRC_P = "https://github.com/a2aproject/a2a-java/issues/554"
SRC_K = "https://github.com/a2aproject/a2a-tck/pull/64"
SRC_B = "https://github.com/a2aproject/a2a-js/pull/634"
PAGING = ("push-config-list-paging-broken", "error")
CARDNAME = ("client-method-name-wrong-case", "note")
CARDP = card10(A + "/a2a", capabilities={"streaming": True, "pushNotifications": True})
RCARDP = card10(RA, binding="HTTP+JSON", capabilities={"streaming": True, "pushNotifications": True})

def cfg(tid, i):
    return {"id": "cfg-%d" % i, "taskId": tid, "url": "https://hooks.example.test/a2a/%d" % i}

def rpc_setup(tid, n, t0=0.1):
    """A 1.0 JSON-RPC send that makes task `tid`, then `n` CreateTaskPushNotificationConfig calls."""
    out = [req(t0, "POST", A + "/a2a", rpc("s-" + tid, "SendMessage", {"message": umsg10("long job", mid="m-" + tid), "configuration": {"returnImmediately": True}}), ver="1.0"),
           resp(t0 + 0.02, 200, ok("s-" + tid, {"task": task10(tid, "c-" + tid, "TASK_STATE_WORKING")}))]
    for i in range(1, n + 1):
        c = cfg(tid, i)
        out += [req(t0 + 0.1 * i, "POST", A + "/a2a", rpc("c-%s-%d" % (tid, i), "CreateTaskPushNotificationConfig", {"taskId": tid, "id": c["id"], "url": c["url"]}), ver="1.0"),
                resp(t0 + 0.1 * i + 0.01, 200, ok("c-%s-%d" % (tid, i), c))]
    return out

def rest_setup(tid, n, t0=0.1):
    """A 1.0 HTTP+JSON send that makes task `tid`, then `n` config creates on its route."""
    out = [req(t0, "POST", RA + "/message:send", {"message": umsg10("long job", mid="m-" + tid), "configuration": {"returnImmediately": True}}, ver="1.0", ctype=A2AJ),
           resp(t0 + 0.02, 200, {"task": task10(tid, "c-" + tid, "TASK_STATE_WORKING")}, ctype=A2AJ)]
    for i in range(1, n + 1):
        c = cfg(tid, i)
        out += [req(t0 + 0.1 * i, "POST", RA + "/tasks/%s/pushNotificationConfigs" % tid, {"id": c["id"], "url": c["url"]}, ver="1.0", ctype=A2AJ),
                resp(t0 + 0.1 * i + 0.01, 200, c, ctype=A2AJ)]
    return out

def rpc_list(i, t, tid, size, token, configs, nxt):
    p = {"taskId": tid, "pageSize": size}
    if token is not None:
        p["pageToken"] = token
    return [req(t, "POST", A + "/a2a", rpc("l-%s" % i, "ListTaskPushNotificationConfigs", p), ver="1.0"),
            resp(t + 0.01, 200, ok("l-%s" % i, {"configs": [cfg(tid, k) for k in configs], "nextPageToken": nxt}))]

def rest_list(t, tid, size, token, configs, nxt):
    q = "?pageSize=%d" % size + ("&pageToken=%s" % token if token is not None else "")
    return [req(t, "GET", RA + "/tasks/%s/pushNotificationConfigs%s" % (tid, q), ver="1.0"),
            resp(t + 0.01, 200, {"configs": [cfg(tid, k) for k in configs], "nextPageToken": nxt}, ctype=A2AJ)]

# ---------------------------------------------------------------- P: DATA-LIST-007
case("b46a-P1-v10-rest-push-config-list-hands-back-its-token", get_card(0.0, RCARDP, RCARD) + rest_setup("t-p1", 3) + rest_list(1.0, "t-p1", 2, None, [1, 2], "cur-2") + rest_list(1.1, "t-p1", 2, "cur-2", [3], "cur-2"),
     [PAGING], SRC_P, "HTTP+JSON: the page for pageToken cur-2 lists the last config and hands back cur-2 again: a client following nextPageToken fetches it forever")
case("b46a-P2-v10-push-config-list-offset-token-restarts", get_card(0.0, CARDP) + rpc_setup("t-p2", 4) + rpc_list("p2a", 1.0, "t-p2", 2, None, [1, 2], "2") + rpc_list("p2b", 1.1, "t-p2", 2, "2", [1, 2], "2"),
     [PAGING], SRC_P, "JSON-RPC: the offset token \"2\" is read as an unknown cursor and the list starts over: page two repeats cfg-1 and cfg-2")
case("b46a-P3-v10-rest-push-config-list-page-two-repeats", get_card(0.0, RCARDP, RCARD) + rest_setup("t-p3", 4) + rest_list(1.0, "t-p3", 2, None, [1, 2], "cur-a") + rest_list(1.1, "t-p3", 2, "cur-a", [2, 3], "cur-b"),
     [PAGING], SRC_P, "HTTP+JSON: page two starts at the last config of page one (cfg-2 twice) and no config was created in between")
case("b46a-PL1-legal-v10-push-config-created-between-pages", get_card(0.0, CARDP) + rpc_setup("t-pl1", 3) + rpc_list("pl1a", 1.0, "t-pl1", 2, None, [1, 2], "2") + [
    req(1.05, "POST", A + "/a2a", rpc("c-t-pl1-0", "CreateTaskPushNotificationConfig", {"taskId": "t-pl1", "id": "cfg-0", "url": "https://hooks.example.test/a2a/0"}), ver="1.0"),
    resp(1.06, 200, ok("c-t-pl1-0", cfg("t-pl1", 0))),
] + rpc_list("pl1b", 1.1, "t-pl1", 2, "2", [2, 3], ""),
     [], SRC_P, "control: a config created between the pages sorts before an offset cursor, so cfg-2 shifts onto page two: not judged")
case("b46a-PL2-legal-v10-rest-push-config-list-pages-properly", get_card(0.0, RCARDP, RCARD) + rest_setup("t-pl2", 3) + rest_list(1.0, "t-pl2", 2, None, [1, 2], "cur-2") + rest_list(1.1, "t-pl2", 2, "cur-2", [3], ""),
     [], SRC_P, "control: two pages, each config once, the last with an empty nextPageToken")
case("b46a-PL3-legal-v10-two-tasks-same-token-string", get_card(0.0, CARDP) + rpc_setup("t-pl3a", 3) + rpc_setup("t-pl3b", 3, t0=0.5) + rpc_list("pl3a", 1.0, "t-pl3a", 2, None, [1, 2], "p2") + rpc_list("pl3b", 1.1, "t-pl3b", 2, None, [1, 2], "p2") + rpc_list("pl3c", 1.2, "t-pl3b", 2, "p2", [3], ""),
     [], SRC_P, "control: two tasks' listings hand out the same token string; each is its task's own listing, and neither repeats a config of its own")

# ---------------------------------------------------------------- K: RPC-REQ-003 for the card
case("b46a-K1-v10-get-agent-card-jsonrpc-refused", get_card(0.0, card10(A + "/a2a", capabilities={"streaming": True, "extendedAgentCard": True})) + [
    req(0.1, "POST", A + "/a2a", rpc("k1", "GetAgentCard", {}), ver="1.0"),
    resp(0.11, 200, err("k1", -32601, "Method not found: GetAgentCard")),
], [CARDNAME], SRC_K, "1.0: GetAgentCard is the 0.3 gRPC name for the public card, no JSON-RPC method; the extended card is GetExtendedAgentCard")
case("b46a-K2-v03-agent-get-extended-agent-card-refused", get_card(0.0, card03(A + "/", supportsAuthenticatedExtendedCard=True)) + [
    req(0.1, "POST", A + "/", rpc("k2", "agent/getExtendedAgentCard", {}), hdr={"authorization": "Bearer k2-token"}),
    resp(0.11, 200, err("k2", -32601, "Method not found: agent/getExtendedAgentCard")),
], [CARDNAME], SRC_K, "0.3: agent/getExtendedAgentCard mixes the 1.0 name into the 0.3 namespace; the agent refuses it -32601")
case("b46a-K3-v02-agent-card-method-refused", get_card(0.0, card03(A + "/", protocolVersion="0.2.5", supportsAuthenticatedExtendedCard=False), A + "/.well-known/agent.json") + [
    req(0.1, "POST", A + "/", rpc("k3", "agent/card", {})),
    resp(0.11, 200, err("k3", -32601, "Method not found")),
], [CARDNAME], SRC_K, "0.2: agent/card, as f1005, against a 0.2 agent whose card is at /.well-known/agent.json")
case("b46a-KL1-legal-v03-agent-card-method-served-by-extension", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("kl1", "agent/card", {})),
    resp(0.11, 200, ok("kl1", card03(A + "/"))),
], [], SRC_K, "control: an agent that serves agent/card runs a method of its own (an extension may add methods): not judged")
case("b46a-KL2-legal-v03-get-authenticated-extended-card", get_card(0.0, card03(A + "/", supportsAuthenticatedExtendedCard=True)) + [
    req(0.1, "POST", A + "/", rpc("kl2", "agent/getAuthenticatedExtendedCard", {}), hdr={"authorization": "Bearer kl2-token"}),
    resp(0.11, 200, ok("kl2", card03(A + "/", supportsAuthenticatedExtendedCard=True, description="AI assistant, extended"))),
], [], SRC_K, "control: the 0.3 method, with credentials, served")
case("b46a-KL3-legal-v03-unknown-method-not-a-card-name", get_card(0.0, card03(A + "/")) + [
    req(0.1, "POST", A + "/", rpc("kl3", "agent/ping", {})),
    resp(0.11, 200, err("kl3", -32601, "Method not found")),
], [], SRC_K, "control: an unknown method that names no card: no card note")

# ---------------------------------------------------------------- B: blank token / credentials
CARD03P = card03(A + "/", capabilities={"streaming": True, "pushNotifications": True})
case("b46a-BL1-legal-v03-push-blank-token-no-header", get_card(0.0, CARD03P) + [
    req(0.1, "POST", A + "/", rpc("bl1", "message/send", {"message": umsg03("nightly export", mid="m-bl1"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": WEBHOOK, "token": "  "}}})),
    resp(0.12, 200, ok("bl1", task03("t-bl1", "c-bl1", "submitted"))),
    req(2.0, "POST", WEBHOOK, task03("t-bl1", "c-bl1", "completed")),
    resp(2.01, 200, ""),
], [], SRC_B, "control: a 0.3 token of white space only carries nothing, so no X-A2A-Notification-Token for it leaves out nothing")
case("b46a-BL2-legal-v10-create-config-blank-credentials", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("bl2", "SendMessage", {"message": umsg10("nightly export", mid="m-bl2"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.12, 200, ok("bl2", {"task": task10("t-bl2", "c-bl2", "TASK_STATE_SUBMITTED")})),
    req(0.2, "POST", A + "/a2a", rpc("bl2c", "CreateTaskPushNotificationConfig", {"taskId": "t-bl2", "url": WEBHOOK, "authentication": {"scheme": "Basic", "credentials": "\t"}}), ver="1.0"),
    resp(0.21, 200, ok("bl2c", {"id": "cfg-bl2", "taskId": "t-bl2", "url": WEBHOOK, "authentication": {"scheme": "Basic", "credentials": "\t"}})),
    req(2.0, "POST", WEBHOOK, su10("t-bl2", "c-bl2", "TASK_STATE_COMPLETED"), ctype=A2AJ),
    resp(2.01, 200, ""),
], [], SRC_B, "control: credentials of one tab, set by CreateTaskPushNotificationConfig: no Authorization header can carry them")
case("b46a-B1-v03-real-token-blank-credentials-token-missing", get_card(0.0, CARD03P) + [
    req(0.1, "POST", A + "/", rpc("b1", "message/send", {"message": umsg03("nightly export", mid="m-b1"),
        "configuration": {"blocking": False, "pushNotificationConfig": {"url": WEBHOOK, "token": "tok-b1", "authentication": {"schemes": ["Bearer"], "credentials": " "}}}})),
    resp(0.12, 200, ok("b1", task03("t-b1", "c-b1", "submitted"))),
    req(2.0, "POST", WEBHOOK, task03("t-b1", "c-b1", "completed")),
    resp(2.01, 200, ""),
], [("push-delivery-without-token-0x", "warning")], SRC_B, "0.3: the token tok-b1 is real and was not sent (the 0.x SHOULD, PUSH-AUTH-003); the blank credentials ask for nothing")
case("b46a-B2-v10-real-credentials-not-sent", get_card(0.0, CARDP) + [
    req(0.1, "POST", A + "/a2a", rpc("b2", "SendMessage", {"message": umsg10("nightly export", mid="m-b2"),
        "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": WEBHOOK, "authentication": {"scheme": "Bearer", "credentials": " cred-b2 "}}}}), ver="1.0"),
    resp(0.12, 200, ok("b2", {"task": task10("t-b2", "c-b2", "TASK_STATE_SUBMITTED")})),
    req(2.0, "POST", WEBHOOK, su10("t-b2", "c-b2", "TASK_STATE_COMPLETED"), ctype=A2AJ),
    resp(2.01, 401, "", hdr={"www-authenticate": "Bearer"}),
], [("push-delivery-without-credentials", "error")], SRC_B, "1.0: credentials with white space around them are credentials all the same; the delivery without Authorization stays PUSH-AUTH-001")

write_cases(cases, HERE)
