"""Variants of review31 (prefix b31r-): python3 tests/cases/variants/gen_b31r.py

The false-positive review of session 31's new checks. Each legal case is traffic real
deployments send that a new check must leave quiet, each other case the fault beside it:
E: CAP-EXT-007 (0.x required extension processed) -- a task the agent ends `rejected` or
   `failed` is a refusal (0.3 has no dedicated code); the only card fetched on a host of
   several agents, which lists another agent's path, says nothing about this one.
A: AUTH-SCOPE-003 (another caller's task served) -- a Basic user name and a JWT subject, or
   JWT subjects of two issuers, are names in two namespaces (a `sub` is unique only within
   its issuer): the recording cannot tell one user from two (AUTH-SCOPE-004's note).
S, V, P, K: controls that already passed and guard the new checks' edges: an SSE `date:`
   field with a timestamp beside `data:`, `event: date` / `id: date`; a push webhook at
   `/tasks/{id}` receiving POSTed deliveries; a JSON-RPC endpoint at `/tasks`; a 402 that
   carries a proper JSON-RPC error; a card at a custom path after a 404 at the well-known path.
"""
import base64, copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import write_cases

cases = {}
SRC = "review31 (false-positive review of session 31's checks)"
def case(name, lines, findings, note, source=SRC):
    cases[name] = (lines, findings, source, note)
def card10(interfaces=None, **kw):
    c = copy.deepcopy(CARD10)
    if interfaces is not None:
        c["supportedInterfaces"] = interfaces
    c.update(kw)
    return c
def iface(url, binding, ver="1.0"):
    return {"url": url, "protocolBinding": binding, "protocolVersion": ver}
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]

# --- E: CAP-EXT-007 --------------------------------------------------------------------------
EXT = "https://pay.example.test/ext/x402/v0.2"
def card03x(url=A + "/"):
    return {"protocolVersion": "0.3.0", "name": "assistant", "description": "AI assistant", "url": url,
            "preferredTransport": "JSONRPC", "version": "1.0.0",
            "capabilities": {"streaming": True, "extensions": [{"uri": EXT, "description": "payment handshake", "required": True}]},
            "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
            "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}
def send03(t, rid, url, answer):
    return [req(t, "POST", url, rpc(rid, "message/send", {"message": umsg03("premium forecast", mid="m-" + rid)})),
            resp(t + 0.1, 200, ok(rid, answer))]
def stream03(t, rid, url, last_state):
    ev = lambda r: "data: " + json.dumps(ok(rid, r), separators=(",", ":")) + "\n\n"
    return [req(t, "POST", url, rpc(rid, "message/stream", {"message": umsg03("premium forecast", mid="m-" + rid)}), accept="text/event-stream"),
            resp(t + 0.01, 200, "", ctype="text/event-stream"),
            chunk(t + 0.02, ev(task03("t-" + rid, "c-" + rid, "submitted"))),
            chunk(t + 0.03, ev({"kind": "status-update", "taskId": "t-" + rid, "contextId": "c-" + rid,
                                "status": {"state": last_state, "timestamp": TS}, "final": True})),
            chunk(t + 0.5, "", close="eof")]
case("b31r-E1-legal-v03-required-extension-refused-rejected-task",
     get_card(0.0, card03x()) + send03(0.1, "e1", A + "/", task03("t-e1", "c-e1", "rejected")), [],
     "legal: the agent answered the send without the required extension with its task rejected (TaskState rejected: the agent declined to perform it); 0.3 has no dedicated error code, nothing was processed (EXT-002)")
case("b31r-E2-legal-v03-stream-required-extension-refused-failed",
     get_card(0.0, card03x()) + stream03(0.1, "e2", A + "/", "failed"), [],
     "legal: the stream without the required extension ends at once with the task failed, the refusal an executor that checks the extension gives (EXT-002)")
case("b31r-E3-v03-stream-required-extension-processed-completed",
     get_card(0.0, card03x()) + stream03(0.1, "e3", A + "/", "completed"),
     [("required-extension-not-enforced-0x", "warning")],
     "control for E2: the same stream ending completed was processed without the required extension (EXT-002)")
case("b31r-E4-legal-v03-required-extension-of-another-agent-on-the-host",
     get_card(0.0, card03x(A + "/paid"), url=A + "/paid/.well-known/agent-card.json")
     + send03(0.1, "e4", A + "/free", task03("t-e4", "c-e4", "completed")), [],
     "legal: the only card fetched on the host is the /paid agent's (its url names /paid); the call went to the /free agent, whose card this is not: the /paid agent's required extension says nothing about it (CARD-005)")
case("b31r-E5-v03-required-extension-below-card-path-processed",
     get_card(0.0, card03x(A + "/paid"), url=A + "/paid/.well-known/agent-card.json")
     + send03(0.1, "e5", A + "/paid", task03("t-e5", "c-e5", "completed")),
     [("required-extension-not-enforced-0x", "warning")],
     "control for E4: the call went to the /paid agent the card describes, and was processed without its required extension (EXT-002)")

# --- A: AUTH-SCOPE-003 ---------------------------------------------------------------------------
def b64u(o):
    return base64.urlsafe_b64encode(json.dumps(o).encode()).rstrip(b"=").decode()
def jwt(claims):
    return "Bearer " + b64u({"alg": "RS256", "typ": "JWT"}) + "." + b64u(claims) + ".c2lnbmF0dXJl"
def basic(user, pw):
    return "Basic " + base64.b64encode(f"{user}:{pw}".encode()).decode()
J = A + "/a2a"
def served(tok1, tok2, tid):
    return get_card(0.0, card10()) + [
        req(0.1, "POST", J, rpc(1, "SendMessage", {"message": umsg10("index the docs", mid="m-" + tid), "configuration": {"returnImmediately": True}}), ver="1.0", hdr={"authorization": tok1}),
        resp(0.2, 200, ok(1, {"task": task10(tid, "c-" + tid, "TASK_STATE_WORKING")})),
        req(0.5, "POST", J, rpc(2, "GetTask", {"id": tid}), ver="1.0", hdr={"authorization": tok2}),
        resp(0.6, 200, ok(2, task10(tid, "c-" + tid, "TASK_STATE_WORKING")))]
case("b31r-A1-legal-v10-gettask-basic-user-then-jwt-subject",
     served(basic("alice", "s3cret"), jwt({"iss": "https://idp.example.test", "sub": "alice"}), "t-a1"),
     [("task-served-under-other-credentials", "note")],
     "legal but unknowable: a Basic user name and a JWT subject are names in two namespaces (an agent may link the accounts): the recording cannot tell one user from two (AUTH-SCOPE-004), not another subject (AUTH-SCOPE-003)")
case("b31r-A2-legal-v10-gettask-jwt-subjects-of-two-issuers",
     served(jwt({"iss": "https://login.corp.example.test", "sub": "00u1a2b3"}), jwt({"iss": "https://accounts.google.example.test", "sub": "1049923"}), "t-a2"),
     [("task-served-under-other-credentials", "note")],
     "legal but unknowable: a sub is unique only within its issuer (OpenID Connect Core 2, RFC 7519 4.1.2); subjects of two issuers cannot be compared (AUTH-SCOPE-004's note)")
case("b31r-A3-v10-gettask-jwt-same-issuer-other-subject",
     served(jwt({"iss": "https://idp.example.test/", "sub": "alice"}), jwt({"iss": "https://idp.example.test", "sub": "bob"}), "t-a3"),
     [("other-callers-task-served", "error")],
     "control for A2: one issuer (written with and without its trailing slash), two subjects: bob got alice's task (AUTH-006, TASK-009)")

# --- S, V, P, K: edges of the other new checks that stay quiet ---------------------------------
JC = card10([iface(J, "JSONRPC")])
def stream10(t, chunks):
    out = [req(t, "POST", J, rpc(1, "SendStreamingMessage", {"message": umsg10("hi")}), ver="1.0", accept="text/event-stream"),
           resp(t + 0.01, 200, "", ctype="text/event-stream")]
    out += [chunk(t + 0.02 + i * 0.01, c) for i, c in enumerate(chunks)]
    return out + [chunk(t + 0.5, "", close="eof")]
WK = json.dumps(ok(1, {"task": task10("t1", "c1", "TASK_STATE_WORKING")}), separators=(",", ":"))
DONE = json.dumps(ok(1, {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}), separators=(",", ":"))
case("b31r-S1-legal-v10-sse-date-field-unix-time-beside-data",
     get_card(0.0, JC) + stream10(0.1, ["date: 1733312345\ndata: " + WK + "\n\n", "data: " + DONE + "\n\n"]), [],
     "legal: a custom date: field whose value is a number (a JSON document too) beside the event's data line: an unknown field, nothing lost (SSE-FRAME-003 is about a data line misspelled)")
case("b31r-S2-legal-v10-sse-event-date-and-id-date",
     get_card(0.0, JC) + stream10(0.1, ["event: date\nid: 1\ndata: " + WK + "\n\n", "id: date\ndata: " + DONE + "\n\n"]), [],
     "legal: 'date' as an event type and as an event id are values, not field names")
DELIV = {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}
case("b31r-V1-legal-v10-webhook-at-tasks-id-receives-post",
     [req(1.0, "POST", "https://client.example.test/tasks/t1", DELIV, hdr={"x-a2a-notification-token": "tok"}),
      resp(1.1, 200, "", ctype="text/plain")], [],
     "legal: a push webhook whose path is /tasks/{id} receives a POSTed delivery (recording started after the config was set): no HTTP+JSON GetTask called with POST (REST-VERB-001)")
case("b31r-V2-legal-v10-jsonrpc-endpoint-at-tasks-path",
     get_card(0.0, card10([iface(A + "/tasks", "JSONRPC")]))
     + [req(0.1, "POST", A + "/tasks", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
        resp(0.2, 200, ok(1, {"task": task10("t1", "c1", "TASK_STATE_COMPLETED")}))], [],
     "legal: a JSON-RPC endpoint mounted at /tasks takes POST; it is no HTTP+JSON ListTasks")
case("b31r-P1-legal-v10-402-jsonrpc-error-same-id",
     get_card(0.0, JC) + [req(0.1, "POST", J, rpc(7, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
                         resp(0.2, 402, err(7, -32600, "payment required"))], [],
     "legal: a payment gate's 402 carries a JSON-RPC error with the call's id: an A2A answer, no front refusal")
case("b31r-K1-legal-v10-card-404-at-root-card-at-custom-path",
     [req(0.0, "GET", CARD_URL), resp(0.01, 404, "Not Found", ctype="text/plain")]
     + get_card(0.1, JC, url=A + "/api/agent/card")
     + [req(0.5, "POST", J, rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
        resp(0.6, 200, ok(1, {"message": amsg10("hello")}))], [],
     "legal for CARD-PATH-004: the origin serves its card, at a custom path (no clients' card resolver finds it there, but the card is served)")

write_cases(cases, HERE)
