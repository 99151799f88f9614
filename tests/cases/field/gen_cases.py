import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
A = "https://agent.example.test"
def req(t, method, url, body="", hdr=None, ver=None, ctype="application/json", accept="application/json"):
    h = {}
    if method != "GET" or body:
        h["content-type"] = ctype
    h["accept"] = accept
    if ver: h["a2a-version"] = ver
    if hdr: h.update(hdr)
    if not isinstance(body, str): body = json.dumps(body, separators=(",", ":"))
    return {"dir": "req", "t": t, "method": method, "url": url, "headers": h, "body": body}
def resp(t, status, body, ctype="application/json", hdr=None):
    h = {"content-type": ctype}
    if hdr: h.update(hdr)
    if not isinstance(body, str): body = json.dumps(body, separators=(",", ":"))
    return {"dir": "resp", "t": t, "status": status, "headers": h, "body": body}
def chunk(t, body, close=None):
    d = {"dir": "chunk", "t": t, "body": body}
    if close: d["close"] = close
    return d
def sse(obj): return "data: " + json.dumps(obj, separators=(",", ":")) + "\n\n"
def rpc(i, m, p): return {"jsonrpc": "2.0", "id": i, "method": m, "params": p}
def ok(i, r): return {"jsonrpc": "2.0", "id": i, "result": r}
def err(i, code, msg, data=None):
    e = {"code": code, "message": msg}
    if data is not None: e["data"] = data
    return {"jsonrpc": "2.0", "id": i, "error": e}
TS = "2026-03-02T10:15:00.000Z"
def umsg10(text, mid="msg-0001", **kw):
    m = {"messageId": mid, "role": "ROLE_USER", "parts": [{"text": text}]}; m.update(kw); return m
def amsg10(text, mid="msg-a001", **kw):
    m = {"messageId": mid, "role": "ROLE_AGENT", "parts": [{"text": text}]}; m.update(kw); return m
def umsg03(text, mid="msg-0001", **kw):
    m = {"kind": "message", "messageId": mid, "role": "user", "parts": [{"kind": "text", "text": text}]}; m.update(kw); return m
def amsg03(text, mid="msg-a001", **kw):
    m = {"kind": "message", "messageId": mid, "role": "agent", "parts": [{"kind": "text", "text": text}]}; m.update(kw); return m
def task10(tid, cid, state, **kw):
    t = {"id": tid, "contextId": cid, "status": {"state": state, "timestamp": kw.pop("ts", TS)}}; t.update(kw); return t
def task03(tid, cid, state, **kw):
    t = {"kind": "task", "id": tid, "contextId": cid, "status": {"state": state, "timestamp": kw.pop("ts", TS)}}; t.update(kw); return t
CARD10 = {"name": "Helper", "description": "Answers questions", "supportedInterfaces": [{"url": A + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}], "version": "1.0.0", "capabilities": {"streaming": True, "pushNotifications": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "qa", "name": "Q&A", "description": "Answers questions", "tags": ["qa"]}]}

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)

# 1 GetExtendedAgentCard with capability false answered -32007
card = json.loads(json.dumps(CARD10)); card["capabilities"]["extendedAgentCard"] = False
case("v10-ext-card-not-declared-32007", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card),
    req(0.1, "POST", A + "/a2a", rpc(1, "GetExtendedAgentCard", {}), ver="1.0", hdr={"authorization": "Bearer tok-1"}),
    resp(0.104, 200, err(1, -32007, "Extended agent card not configured", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "domain": "a2a-protocol.org"}])),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/a2aproject/a2a-java/issues/733 ; https://github.com/a2aproject/a2a-dotnet/pull/475",
 "capabilities.extendedAgentCard is false: GetExtendedAgentCard MUST return -32004 UnsupportedOperationError (AUTH-005, 1.0 §3.3.4); -32007 is for a declared but unconfigured card")

card2 = json.loads(json.dumps(CARD10)); card2["capabilities"]["extendedAgentCard"] = True
card2["securitySchemes"] = {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}
card2["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
case("legal-v10-ext-card-declared-not-configured", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, card2),
    req(0.1, "POST", A + "/a2a", rpc(1, "GetExtendedAgentCard", {}), ver="1.0", hdr={"authorization": "Bearer tok-1"}),
    resp(0.104, 200, err(1, -32007, "Extended agent card not configured", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "EXTENDED_AGENT_CARD_NOT_CONFIGURED", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/a2aproject/a2a-rs/issues/204 / https://github.com/a2aproject/a2a-rs/pull/212",
 "the card declares capabilities.extendedAgentCard but no extended card is configured: -32007 ExtendedAgentCardNotConfiguredError is exactly right (AUTH-005, ERR-002)")

# 2 artifact update with empty parts (strands)
case("legal-v03-artifact-update-empty-parts", [
    req(0.0, "POST", A + "/", rpc(1, "message/stream", {"message": umsg03("summarise")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, task03("t-s1", "c-s1", "submitted")))),
    chunk(0.2, sse(ok(1, {"kind": "artifact-update", "taskId": "t-s1", "contextId": "c-s1", "artifact": {"artifactId": "a-1", "parts": [{"kind": "text", "text": "The summary"}]}, "append": False, "lastChunk": False}))),
    chunk(0.3, sse(ok(1, {"kind": "artifact-update", "taskId": "t-s1", "contextId": "c-s1", "artifact": {"artifactId": "a-1", "parts": []}, "append": True, "lastChunk": True}))),
    chunk(0.31, sse(ok(1, {"kind": "status-update", "taskId": "t-s1", "contextId": "c-s1", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.32, "", close="eof"),
], [],
 "https://github.com/strands-agents/harness-sdk/pull/1643 (fixes #1640: the closing lastChunk artifact-update carried parts:[])",
 "on 0.3 JSON-RPC this is legal: the 0.2/0.3 schemas give Artifact.parts no minimum (DATA-005 lists parts, not parts>=1); the 'at least one part' rule the PR cites is the 1.0 proto's (see v10-artifact-update-empty-parts); DATA-SHAPE-007 adds a note (interop risk: a2a-java's Artifact refuses an empty parts list), no warning or error (breaker17a U5)")

case("v10-rest-artifact-update-empty-parts", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("summarise")}, ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse({"task": task10("t-s2", "c-s2", "TASK_STATE_SUBMITTED")})),
    chunk(0.2, sse({"artifactUpdate": {"taskId": "t-s2", "contextId": "c-s2", "artifact": {"artifactId": "a-1", "parts": [{"text": "The summary"}]}}})),
    chunk(0.3, sse({"artifactUpdate": {"taskId": "t-s2", "contextId": "c-s2", "artifact": {"artifactId": "a-1", "parts": []}, "append": True, "lastChunk": True}})),
    chunk(0.31, sse({"statusUpdate": {"taskId": "t-s2", "contextId": "c-s2", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(0.32, "", close="eof"),
], [("stream-event-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-python/issues/670 (Artifact with parts=[] accepted; strands-agents emitted one, harness-sdk PR #1643)",
 "a 1.0 Artifact.parts is REQUIRED with at least one part (DATA-005, 1.0 proto / spec 4.1.7); the closing lastChunk artifactUpdate had parts:[]")

# 3 status message with empty parts (adk TASK_REQUIRED)
case("v10-status-message-empty-parts", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a room"), "configuration": {"returnImmediately": True}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-e1", "c-e1", "TASK_STATE_SUBMITTED", status=None)})),
], [("result-invalid-shape", "error")],
 "https://github.com/google/adk-python/pull/3777 (RemoteA2aAgent IndexError on a submitted task whose message has no parts)",
 "Message.parts is REQUIRED with at least one part (DATA-005, 1.0 proto); the submitted task's status.message carried parts:[]")
# fix task status (placeholder replaced below)
l = cases["v10-status-message-empty-parts"][0]
b = {"task": {"id": "t-e1", "contextId": "c-e1", "status": {"state": "TASK_STATE_SUBMITTED", "timestamp": TS, "message": {"messageId": "msg-a001", "role": "ROLE_AGENT", "parts": [], "taskId": "t-e1", "contextId": "c-e1"}}}}
l[1] = resp(0.004, 200, ok(1, b))

# 4 ListTasks returns artifacts without includeArtifacts
art = [{"artifactId": "a-1", "name": "report", "parts": [{"text": "full report text"}]}]
case("v10-list-tasks-artifacts-not-requested", [
    req(0.0, "GET", A + "/tasks?contextId=c-l1&pageSize=10", ver="1.0"),
    resp(0.004, 200, {"tasks": [task10("t-l2", "c-l1", "TASK_STATE_COMPLETED", ts="2026-03-02T10:16:00.000Z", artifacts=art), task10("t-l1", "c-l1", "TASK_STATE_COMPLETED", artifacts=art)], "nextPageToken": "", "pageSize": 10, "totalSize": 2}),
], [("list-tasks-artifacts-not-requested", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1211 / https://github.com/a2aproject/a2a-python/pull/1212",
 "ListTasks omits each task's artifacts unless includeArtifacts is true (DATA-007, 1.0 §3.1.4); the agent returned full artifacts to a request without it")

# 4b artifacts [] (ProtoJSON default of a repeated field): legal until session 49, which read
# 1.0 §3.1.4's "not present as an empty array or null value" and a2a-python's merged fix
# (PR #1212) as a fault of its own, DATA-LIST-008's warning (mine49, field case f1052)
case("v10-list-tasks-empty-artifacts-array", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"contextId": "c-l1", "pageSize": 10}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [task10("t-l1", "c-l1", "TASK_STATE_COMPLETED", artifacts=[])], "nextPageToken": "", "pageSize": 10, "totalSize": 1})),
], [("list-tasks-artifacts-written-empty", "warning")],
 "https://github.com/a2aproject/a2a-python/issues/1211 (the artifacts:[] form) / https://github.com/a2aproject/a2a-python/pull/1212",
 "an empty repeated field is the ProtoJSON default and reveals nothing, but 1.0 §3.1.4 says the member is omitted entirely, 'not present as an empty array or null value', and a2a-python fixed its ListTasks so (PR #1212): a warning (DATA-LIST-008), not DATA-LIST-001's error")

# 5 historyLength 0 but history returned (1.0)
case("v10-history-length-0-history-returned", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("need a flight"), "configuration": {"historyLength": 0}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-h1", "c-h1", "TASK_STATE_INPUT_REQUIRED", history=[umsg10("need a flight", taskId="t-h1", contextId="c-h1")])})),
], [("history-length-exceeded", "error")],
 "https://github.com/a2aproject/a2a-java/issues/816 / https://github.com/a2aproject/a2a-java/pull/817 (TCK CORE-HIST-003)",
 "historyLength 0 is a request to not include any messages, and the server MUST NOT return more messages than the value (1.0 proto history_length; DATA-006, 1.0 §3.2.4; re-judged in breaker12 L16: an error, not a warning)")

# 6 0.3 message/send historyLength 1 returns 3
case("v03-history-length-ignored", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("first", mid="m1")})),
    resp(0.004, 200, ok(1, task03("t-h3", "c-h3", "input-required", history=[umsg03("first", mid="m1", taskId="t-h3", contextId="c-h3"), amsg03("which city?", mid="a1", taskId="t-h3", contextId="c-h3")]))),
    req(0.1, "POST", A + "/", rpc(2, "message/send", {"message": umsg03("Paris", mid="m2", taskId="t-h3", contextId="c-h3"), "configuration": {"historyLength": 1, "blocking": True}})),
    resp(0.104, 200, ok(2, task03("t-h3", "c-h3", "completed", history=[umsg03("first", mid="m1", taskId="t-h3", contextId="c-h3"), amsg03("which city?", mid="a1", taskId="t-h3", contextId="c-h3"), umsg03("Paris", mid="m2", taskId="t-h3", contextId="c-h3"), amsg03("done", mid="a2", taskId="t-h3", contextId="c-h3")]))),
], [("history-length-not-applied", "warning")],
 "https://github.com/a2aproject/a2a-python/issues/497 (historyLength ignored for message/send)",
 "historyLength N returns at most the N most recent messages (DATA-006; 0.3 MessageSendConfiguration.historyLength); the agent returned all four")

# 6b 1.0 REST GetTask historyLength=1 returns 3 (same fault class on 1.0, where it is a MUST NOT)
hist = [umsg10("first", mid="m1", taskId="t-h4", contextId="c-h4"), amsg10("which city?", mid="a1", taskId="t-h4", contextId="c-h4"), umsg10("Paris", mid="m2", taskId="t-h4", contextId="c-h4")]
case("v10-rest-get-task-history-length-exceeded", [
    req(0.0, "GET", A + "/tasks/t-h4?historyLength=1", ver="1.0"),
    resp(0.004, 200, task10("t-h4", "c-h4", "TASK_STATE_WORKING", history=hist)),
], [("history-length-exceeded", "error")],
 "https://github.com/a2aproject/a2a-python/issues/497 (historyLength not applied; here on a 1.0 HTTP+JSON GetTask) ; https://github.com/a2aproject/a2a-js/pull/639 (a NaN historyLength fell through to the full history)",
 "historyLength N: the server MUST NOT return more than N messages (DATA-006, 1.0 §3.2.4); asked for 1, the agent returned all 3")

# 7 legal: REST GetTask without historyLength returns no history (server default)
case("legal-v10-rest-get-task-default-history", [
    req(0.0, "GET", A + "/tasks/t-g1", ver="1.0"),
    resp(0.004, 200, task10("t-g1", "c-g1", "TASK_STATE_COMPLETED")),
    req(0.1, "GET", A + "/tasks/t-g1?historyLength=5", ver="1.0"),
    resp(0.104, 200, task10("t-g1", "c-g1", "TASK_STATE_COMPLETED", history=[umsg10("hi", taskId="t-g1", contextId="c-g1"), amsg10("hello", taskId="t-g1", contextId="c-g1")])),
], [],
 "https://github.com/a2aproject/a2a-js/pull/527 (closes #535: REST getTask defaulted historyLength to 0)",
 "unset historyLength means the server's default amount (DATA-006); an empty default is a poor choice but no rule is broken, and 2 <= 5 is within the limit")

# 8 1.0 error.data a free-form string
case("v10-error-data-debug-string", [
    req(0.0, "POST", A + "/a2a", rpc(1, "GetTask", {"id": "t-missing"}), ver="1.0"),
    resp(0.004, 200, err(1, -32001, "Task not found", "** (KeyError) key \"t-missing\" not found")),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/actioncard/a2a-elixir/issues/76 (TCK JSONRPC-ERR-003)",
 "1.0 JSON-RPC error.data, when present, is a list of @type'd objects with a google.rpc.ErrorInfo (ERR-004); a2a-elixir sent a debug string")

# 9 jsonrpc member missing in SSE envelopes
case("v10-stream-envelope-without-jsonrpc", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("go")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse({"id": 1, "result": {"task": task10("t-j1", "c-j1", "TASK_STATE_WORKING")}})),
    chunk(0.1, sse({"id": 1, "result": {"statusUpdate": {"taskId": "t-j1", "contextId": "c-j1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}})),
    chunk(0.11, "", close="eof"),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/a2aproject/a2a-js/issues/696 (client accepted envelopes without jsonrpc \"2.0\", unary and SSE)",
 "every JSON-RPC response, including each SSE data payload, carries jsonrpc:\"2.0\" (RPC-001, RPC-005)")

# 10 tasks/cancel result null
case("v03-cancel-result-null", [
    req(0.0, "POST", A + "/", rpc(1, "message/send", {"message": umsg03("long job"), "configuration": {"blocking": False}})),
    resp(0.004, 200, ok(1, task03("t-c1", "c-c1", "working"))),
    req(0.2, "POST", A + "/", rpc(2, "tasks/cancel", {"id": "t-c1"})),
    resp(0.204, 200, ok(2, None)),
], [("result-invalid-shape", "error")],
 "https://github.com/topcheer/ggcode/issues/1075 (handleTaskCancel answered {\"result\":null})",
 "a successful tasks/cancel result is the updated Task (TASK-003, 0.3 §7.4); null is no Task, and a vanished task is -32001")

# 11 legal: 1.0 card without url (a2a-inspector demanded it)
c = json.loads(json.dumps(CARD10)); c["supportedInterfaces"] = [{"protocolBinding": "JSONRPC", "url": A + "/a2a", "protocolVersion": "1.0"}]
case("legal-card10-no-top-level-url", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c),
    req(0.1, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.104, 200, ok(1, {"message": amsg10("hello", contextId="c-u1")})),
], [],
 "https://github.com/a2aproject/a2a-java/issues/571 (a2a-inspector rejected a 1.0 card without url)",
 "1.0 AgentCard has no url member: endpoints are supportedInterfaces[].url (CARD-003, CARD-005); the inspector applied the 0.3 schema")

# 12 legal: 0.2 card without authentication
c02 = {"name": "k8s_agent", "description": "Kubernetes helper", "url": A + "/api/a2a/kagent/k8s/", "version": "0.1.0", "capabilities": {"streaming": True, "pushNotifications": False, "stateTransitionHistory": True}, "defaultInputModes": ["text"], "defaultOutputModes": ["text"], "skills": [{"id": "get", "name": "Get Resources", "description": "List cluster resources", "tags": ["k8s"]}]}
case("legal-card02-no-authentication", [
    req(0.0, "GET", A + "/api/a2a/kagent/k8s/.well-known/agent.json"),
    resp(0.004, 200, c02),
], [],
 "https://github.com/kagent-dev/kagent/issues/361 (an old a2a SDK required the 0.1 authentication member)",
 "authentication is a 0.1.0 card member; 0.2 cards declare securitySchemes/security, both optional (CARD-004); a card without either is legal")

# 13 1.0 push config with the 0.3 nested shape
case("v10-push-config-nested-03-shape", [
    req(0.0, "POST", A + "/a2a", rpc(1, "CreateTaskPushNotificationConfig", {"taskId": "t-p1", "url": "https://client.example.test/hook", "token": "tk-p1"}), ver="1.0"),
    resp(0.004, 200, ok(1, {"id": "cfg-1", "taskId": "t-p1", "pushNotificationConfig": {"id": "cfg-1", "url": "https://client.example.test/hook", "token": "tk-p1"}})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-dotnet/issues/416 / https://github.com/a2aproject/a2a-dotnet/pull/418",
 "the 1.0 TaskPushNotificationConfig is flat: {id, taskId, url, token?, authentication?} with url REQUIRED (PUSH-002, 1.0 proto); the nested pushNotificationConfig is the 0.3 shape")

case("legal-v03-push-config-nested", [
    req(0.0, "POST", A + "/", rpc(1, "tasks/pushNotificationConfig/set", {"taskId": "t-p3", "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tk-p3", "authentication": {"schemes": ["Bearer"]}}})),
    resp(0.004, 200, ok(1, {"taskId": "t-p3", "pushNotificationConfig": {"id": "cfg-3", "url": "https://client.example.test/hook", "token": "tk-p3", "authentication": {"schemes": ["Bearer"]}}})),
], [],
 "https://github.com/a2aproject/a2a-dotnet/issues/416 (the nested form is right for 0.3, wrong for 1.0)",
 "0.3 JSON-RPC TaskPushNotificationConfig is {taskId, pushNotificationConfig{id?, url, token?, authentication{schemes[]}}} (0.3 schema, PUSH-002)")

# a2a-go #264: JSON-RPC answered text/plain
case("v03-jsonrpc-response-text-plain", [
    req(0.0, "POST", A + "/a2a/invoke", rpc(123, "message/send", {"message": umsg03("hi", contextId="123")})),
    resp(0.004, 200, ok(123, task03("t-g1", "123", "completed", artifacts=[{"artifactId": "a-g1", "parts": [{"kind": "text", "text": "Hello!"}]}])), ctype="text/plain; charset=utf-8"),
], [("jsonrpc-response-malformed", "error")],
 "https://github.com/a2aproject/a2a-go/issues/264 (Microsoft Copilot refused the text/plain answer)",
 "JSON-RPC responses are application/json (RPC-001, 0.3 §3.2.1); a text/plain body is not read as JSON by strict clients")

# a2a-java #695/#719 read 1.0 §11.6 (HTTP+JSON) as applying to JSON-RPC errors
case("legal-v10-jsonrpc-error-application-json", [
    req(0.0, "POST", A + "/a2a", rpc(1, "GetTask", {"id": "t-missing"}), ver="1.0"),
    resp(0.004, 200, err(1, -32001, "Task not found", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [],
 "https://github.com/a2aproject/a2a-java/issues/695 (claimed JSON-RPC errors must be application/problem+json)",
 "a JSON-RPC error is an ordinary JSON-RPC response: application/json (RPC-001, 1.0 §9.1); problem+json belongs to the HTTP+JSON binding's old error text (DIGEST trap 10), so this is legal")

# a2a-rs #295: GetTask after streaming holds the chunks as separate artifacts with one id
case("v10-task-duplicate-artifact-id", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendStreamingMessage", {"message": umsg10("greet")}), ver="1.0", accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"task": task10("t-d1", "c-d1", "TASK_STATE_WORKING")}))),
    chunk(0.1, sse(ok(1, {"artifactUpdate": {"taskId": "t-d1", "contextId": "c-d1", "artifact": {"artifactId": "a-1", "parts": [{"text": "Hello"}]}}}))),
    chunk(0.2, sse(ok(1, {"artifactUpdate": {"taskId": "t-d1", "contextId": "c-d1", "artifact": {"artifactId": "a-1", "parts": [{"text": " world"}]}, "append": True, "lastChunk": True}}))),
    chunk(0.3, sse(ok(1, {"statusUpdate": {"taskId": "t-d1", "contextId": "c-d1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.31, "", close="eof"),
    req(0.5, "POST", A + "/a2a", rpc(2, "GetTask", {"id": "t-d1"}), ver="1.0"),
    resp(0.504, 200, ok(2, task10("t-d1", "c-d1", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1", "parts": [{"text": "Hello"}]}, {"artifactId": "a-1", "parts": [{"text": " world"}]}]))),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-rs/issues/295 (artifact updates pushed as separate entries instead of reduced by id)",
 "artifactId is unique within a task (DATA-005); the appended chunk must extend artifact a-1, not add a second a-1")

# agentgateway #3500: regression of CASE-01 with the authority replaced by the in-cluster data plane
case("card10-gateway-rewrite-doubled-internal", [
    req(0.0, "GET", "https://gw.example.test/a2a/agents/supervisor/.well-known/agent-card.json"),
    resp(0.004, 200, dict(CARD10, supportedInterfaces=[{"url": "http://agentgateway.agentgateway-system.svc.cluster.local:8080/a2a/agents/a2a/agents/supervisor/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])),
], [("card-url-doubled-path", "error"), ("card-url-internal-authority", "error"), ("card-over-https-advertises-http", "warning")],
 "https://github.com/agentgateway/agentgateway/issues/3500 (regression of #2981 on v1.5.0)",
 "the rewritten card glues the public route prefix onto the already-public backend path and names the in-cluster data-plane host instead of the public listener (CARD-005); URL shape rebuilt from the issue text")

# a2a-go #439: SubscribeToTask on an INPUT_REQUIRED task says TASK_NOT_FOUND
case("v10-subscribe-input-required-not-found", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a table")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-i1", "c-i1", "TASK_STATE_INPUT_REQUIRED")})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-i1"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, err(2, -32001, "task not found: no active execution", [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "TASK_NOT_FOUND", "domain": "a2a-protocol.org"}])),
], [("task-id-not-resolvable", "error")],
 "https://github.com/a2aproject/a2a-go/issues/439 (localManager tears down the execution at INPUT_REQUIRED)",
 "the agent handed out t-i1 (INPUT_REQUIRED, non-terminal) and then reports it not found (TASK-009, ID-001); SubscribeToTask works on any non-terminal task (1.0 §3.1.6)")

# a2a-java #754: subscribe to an INPUT_REQUIRED task, snapshot, close: legal (interrupted state)
case("legal-v10-subscribe-input-required-snapshot-then-close", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("book a table")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-i2", "c-i2", "TASK_STATE_INPUT_REQUIRED")})),
    req(0.5, "POST", A + "/a2a", rpc(2, "SubscribeToTask", {"id": "t-i2"}), ver="1.0", accept="text/event-stream"),
    resp(0.504, 200, "", ctype="text/event-stream"),
    chunk(0.505, sse(ok(2, {"task": task10("t-i2", "c-i2", "TASK_STATE_INPUT_REQUIRED")}))),
    chunk(0.51, "", close="eof"),
], [],
 "https://github.com/a2aproject/a2a-java/issues/754 (asked for the subscription to stay open at INPUT_REQUIRED)",
 "the stream starts with the current Task (STREAM-004) and closes at an interrupted state, which 1.0 §3.1.2/§11.7 allow (STREAM-007, DIGEST trap 4): the legal reading wins")

# pi-a2a PR #37: ListTasks rows are {id, state} stubs
case("v10-list-tasks-stub-rows", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"pageSize": 10}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [{"id": "t-p1", "state": "TASK_STATE_WORKING"}, {"id": "t-p2", "state": "TASK_STATE_COMPLETED"}], "nextPageToken": "", "pageSize": 10, "totalSize": 2})),
], [("result-invalid-shape", "error")],
 "https://github.com/bacnh85/pi-extensions/pull/37 (ListTasks returned {id, state} stubs; clients rendered TASK_STATE_UNSPECIFIED)",
 "ListTasksResponse.tasks holds full Task objects, status.state included (DATA-005, DATA-007)")

# ggcode #1073: message/stream for an input-required task: hard-coded working, then a timeout error
case("v03-stream-working-then-timeout-error", [
    req(0.0, "POST", A + "/", rpc(1, "message/stream", {"message": umsg03("deploy it")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, sse(ok(1, {"kind": "status-update", "taskId": "t-w1", "contextId": "c-w1", "status": {"state": "working", "timestamp": TS}, "final": False}))),
    chunk(300.0, sse(err(1, -32001, "task timed out"))),
    chunk(300.01, "", close="eof"),
    req(301.0, "POST", A + "/", rpc(2, "tasks/get", {"id": "t-w1"})),
    resp(301.004, 200, ok(2, task03("t-w1", "c-w1", "input-required"))),
], [("task-id-not-resolvable", "error")],
 "https://github.com/topcheer/ggcode/issues/1073 (hard-coded working event; input-required never streamed; -32001 'task timed out' after 5 minutes)",
 "the stream never carried the input-required state and ended with -32001 TaskNotFoundError for a task that exists (tasks/get finds it): -32001 is only for unknown tasks (ERR-002, TASK-009)")

# a2a-java #590: 1.0 card securitySchemes without the oneof wrapper
c590 = json.loads(json.dumps(CARD10))
c590["securitySchemes"] = {"google": {"openIdConnectUrl": "https://accounts.example.test/.well-known/openid-configuration", "description": None}}
c590["securityRequirements"] = [{"schemes": {"google": {"list": ["openid", "profile", "email"]}}}]
case("card10-security-scheme-no-wrapper", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c590),
], [("card-security-scheme-malformed", "error")],
 "https://github.com/a2aproject/a2a-java/issues/590 (SecuritySchemes serialised without the openIdConnectSecurityScheme wrapper)",
 "a 1.0 SecurityScheme is a proto oneof: {\"openIdConnectSecurityScheme\": {\"openIdConnectUrl\": ...}} (CARD-003, 1.0 proto); without the wrapper a 1.0 client reads a scheme of no kind and cannot authenticate (AUTH-002)")

# espennilsen/pi PR #62: 1.0 card with the OpenAPI {type: http} shape
cpi = json.loads(json.dumps(CARD10))
cpi["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer", "description": "hub token"}}
cpi["securityRequirements"] = [{"schemes": {"bearer": {"list": []}}}]
case("card10-security-scheme-openapi-shape", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, cpi),
], [("card-security-scheme-malformed", "error")],
 "https://github.com/espennilsen/pi/pull/62 (the hub rejected the card); https://github.com/a2aproject/a2a-go/issues/302 (a client that only reads the 1.0 wrappers)",
 "1.0 cards wrap each scheme as httpAuthSecurityScheme / apiKeySecurityScheme / ... (1.0 proto SecurityScheme oneof); {type: http, scheme} is the 0.x OpenAPI shape (CARD-003)")

# ggcode #1089: 0.3 http security scheme without scheme
c1089 = {"protocolVersion": "0.3.0", "name": "ggcode", "description": "coding agent", "url": A + "/a2a", "preferredTransport": "JSONRPC", "version": "1.0.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"], "skills": [{"id": "code", "name": "code", "description": "writes code", "tags": ["code"]}], "securitySchemes": {"bearer": {"type": "http"}}, "security": [{"bearer": []}]}
case("card03-http-scheme-without-scheme", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c1089),
], [("card-security-scheme-malformed", "error")],
 "https://github.com/topcheer/ggcode/issues/1089 (bearer scheme built as type http without scheme:\"bearer\")",
 "0.3 HTTPAuthSecurityScheme requires type and scheme (0.3 schema, CARD-004); third-party clients cannot tell Basic from Bearer")

# kagent #1684: 0.3 card without preferredTransport (a2a-go client failed): legal
c1684 = dict(c1089); c1684.pop("preferredTransport"); c1684.pop("securitySchemes"); c1684.pop("security")
case("legal-card03-no-preferred-transport", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c1684),
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("hi")})),
    resp(0.104, 200, ok(1, amsg03("hello", contextId="c-k1"))),
], [],
 "https://github.com/kagent-dev/kagent/issues/1684 (a2a-go v0.3.13 found no transport when preferredTransport was absent)",
 "the 0.3 schema gives preferredTransport the default JSONRPC (CARD-006); a card without it declares JSON-RPC at url, and the agent answers there: the client, not the card, was at fault")

# kagent website #113: a skill without tags (a2a-python card validation failed)
c113 = {"name": "k8s-a2a-agent", "description": "An example A2A agent that knows how to use Kubernetes tools.", "url": A + "/api/a2a/kagent/k8s-a2a-agent/", "version": "", "protocolVersion": "0.3.0", "capabilities": {"streaming": True}, "defaultInputModes": ["text"], "defaultOutputModes": ["text"], "skills": [{"id": "get-resources-skill", "name": "Get Resources", "description": "Get resources in the Kubernetes cluster", "inputModes": ["text"], "outputModes": ["text"], "examples": ["Get the pods in the default namespace"]}]}
case("card03-skill-without-tags", [
    req(0.0, "GET", A + "/api/a2a/kagent/k8s-a2a-agent/.well-known/agent-card.json"),
    resp(0.004, 200, c113),
], [("card-missing-required-field", "error")],
 "https://github.com/kagent-dev/website/issues/113 (the documented a2aConfig skill had no tags; the a2a-python client refused the card)",
 "AgentSkill requires id, name, description and tags (0.3 schema, CARD-004; 1.0 proto: tags REQUIRED and non-empty, CARD-003)")

# a2a-tck #65: is an empty skills list legal? 0.3: yes (no minItems); 1.0: no (REQUIRED list)
c65 = dict(c113); c65["skills"] = []; c65["url"] = A + "/a2a"
case("legal-card03-empty-skills", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c65),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/65 (the TCK required a non-empty skills list; nothing in 0.3 does)",
 "0.3 schema: skills is required but has no minItems (CARD-004); only the 1.0 proto makes REQUIRED lists non-empty (CARD-003)")
c65b = json.loads(json.dumps(CARD10)); c65b["skills"] = []
case("card10-empty-skills", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, c65b),
], [("card-missing-required-field", "error")],
 "https://github.com/a2aproject/a2a-tck/issues/65 (the same card under 1.0) ; https://github.com/kagent-dev/kagent/issues/2622 ('skills' array is empty)",
 "1.0 REQUIRED arrays are non-empty: supportedInterfaces, skills, default modes, skill tags (CARD-003, 1.0 §5.7)")

# a2a-dotnet PR #418: the 1.0 client put the config under the 0.3 name configuration.pushNotificationConfig
case("v10-send-config-03-push-member", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("long report"), "configuration": {"returnImmediately": True, "pushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tk-n1"}}}), ver="1.0"),
    resp(0.004, 200, ok(1, {"task": task10("t-n1", "c-n1", "TASK_STATE_SUBMITTED")})),
], [("client-version-mixed-request", "warning")],
 "https://github.com/a2aproject/a2a-dotnet/pull/418 (SendMessageConfiguration.PushNotificationConfig renamed TaskPushNotificationConfig for 1.0)",
 "the 1.0 SendMessageConfiguration member is taskPushNotificationConfig (DIGEST §1 name map, PUSH-002); a 1.0 agent ignores the unknown 0.3 pushNotificationConfig (DATA-003) and never calls the webhook")

# trpc-a2a-go #44: a retired 0.1 method answered -32603 instead of -32601
case("v02-retired-method-internal-error", [
    req(0.0, "POST", A + "/", {"jsonrpc": "2.0", "method": "tasks/send", "params": {"message": {"parts": [{"text": "Who are you?", "kind": "text"}], "role": "user"}}, "id": "1"}),
    resp(0.004, 200, {"jsonrpc": "2.0", "id": "1", "error": {"code": -32603, "message": "Internal error", "data": "task processing failed: OnSendTask is deprecated, use OnSendMessage instead"}}),
], [("jsonrpc-error-code-mismatch", "error")],
 "https://github.com/trpc-group/trpc-a2a-go/issues/44 (tasks/send answered -32603 'OnSendTask is deprecated')",
 "a method the server does not serve is -32601 MethodNotFoundError (ERR-001, JSON-RPC 2.0 §5.1); -32603 says the server failed and hides that the client must switch to message/send")

# embabel-agent PR #689: message/stream events named by type, data not wrapped in a JSON-RPC response
def named(ev, obj): return "event: " + ev + "\ndata: " + json.dumps(obj, separators=(",", ":")) + "\n\n"
case("v03-stream-named-events-bare-payload", [
    req(0.0, "POST", A + "/a2a", rpc("r-1", "message/stream", {"message": umsg03("plan a trip")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, named("task", task03("t-e9", "c-e9", "working"))),
    chunk(0.2, named("status-update", {"kind": "status-update", "taskId": "t-e9", "contextId": "c-e9", "status": {"state": "completed", "timestamp": TS}, "final": True})),
    chunk(0.21, "", close="eof"),
], [("stream-event-envelope-wrong", "error")],
 "https://github.com/embabel/embabel-agent/pull/689 (Return json rpc when sending SSE events in streaming)",
 "on JSON-RPC each SSE data is a JSON-RPC response {jsonrpc, id, result} (RPC-005); the SSE event: field itself is legal and ignored by A2A clients")

# the same stream, enveloped: named SSE events are legal
case("legal-v03-stream-named-events", [
    req(0.0, "POST", A + "/a2a", rpc("r-1", "message/stream", {"message": umsg03("plan a trip")}), accept="text/event-stream"),
    resp(0.004, 200, "", ctype="text/event-stream"),
    chunk(0.005, named("task", ok("r-1", task03("t-e9", "c-e9", "working")))),
    chunk(0.2, named("status-update", ok("r-1", {"kind": "status-update", "taskId": "t-e9", "contextId": "c-e9", "status": {"state": "completed", "timestamp": TS}, "final": True}))),
    chunk(0.21, "", close="eof"),
], [],
 "https://github.com/embabel/embabel-agent/pull/689 (the fixed form keeps the event names)",
 "an SSE event: line only names the event type (W3C SSE); A2A reads the data, so named events are legal (RPC-005)")

# spring-ai-ascend #267: 1.0 GetTask result wrapped in {"task": ...}
case("v10-get-task-result-wrapped", [
    req(0.0, "POST", A + "/a2a", rpc("f0673a5a", "GetTask", {"id": "f4870cf3"}), ver="1.0"),
    resp(0.004, 200, ok("f0673a5a", {"task": task10("f4870cf3", "cc6819e5", "TASK_STATE_COMPLETED", artifacts=[], history=[])})),
], [("result-invalid-shape", "error")],
 "https://github.com/chaosxingxc-orion/spring-ai-ascend/issues/267 (the a2a-java client failed: 'task in message lf.a2a.v1.Task')",
 "GetTask returns the Task itself (1.0 proto rpc GetTask returns (Task)); only SendMessage results and stream events use the {task}/{message} oneof (RPC-004, DATA-005)")

# a2a-java #843: ListTasks rows wrapped in {"task": ...}
case("v10-list-tasks-rows-wrapped", [
    req(0.0, "GET", A + "/tasks?pageSize=10", ver="1.0"),
    resp(0.004, 200, {"tasks": [{"task": task10("t-w8", "c-w8", "TASK_STATE_COMPLETED")}], "nextPageToken": "", "pageSize": 10, "totalSize": 1}),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-java/issues/843 (the server's GSON adapter wrapped every listed task in {task})",
 "ListTasksResponse.tasks holds Task objects (DATA-007, 1.0 proto); the StreamResponse wrapper does not belong there")

# a2a-python #1192: a 0.3 message/send (compat mode) answered with the 1.0 oneof wrapper
case("v03-send-result-10-wrapper", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("hello")})),
    resp(0.004, 200, ok("1", {"task": {"kind": "task", "id": "t-c9", "contextId": "c-c9", "status": {"state": "completed", "timestamp": TS}, "artifacts": [{"artifactId": "a-1", "parts": [{"kind": "text", "text": "hi"}]}]}})),
], [("result-invalid-shape", "error"), ("version-mixed-payload", "warning")],
 "https://github.com/a2aproject/a2a-python/issues/1192 (enable_v0_3_compat: message/send answered {task: ...})",
 "a header-less message/send is 0.3 (VER-003): its result is the bare Task or Message with kind (RPC-004, 0.3 schema); the {task} oneof is the 1.0 SendMessageResponse. (The issue's other claim, that 1.0 SendMessage should be unwrapped, is wrong: see v10 cases.)")

# assistant-ui PR #5269: getTask answered 200 {}
case("v10-rest-get-task-empty-object", [
    req(0.0, "GET", A + "/tasks/t-x1", ver="1.0"),
    resp(0.004, 200, {}),
], [("result-invalid-shape", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/5269 (a 200 {} from getTask was accepted as a task)",
 "a GetTask answer is a Task with id and status.state (DATA-005); {} is no task, and an unknown id is 404 TaskNotFoundError (TASK-009)")

# a2a-python #1192 also claimed 1.0 SendMessage should be unwrapped: it should not
case("legal-v10-send-result-wrapped", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("hello")}), ver="1.0"),
    resp(0.004, 200, ok("1", {"task": task10("t-c8", "c-c8", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-1", "parts": [{"text": "hi"}]}])})),
], [],
 "https://github.com/a2aproject/a2a-python/issues/1192 (asked for the unwrapped Task on send) ; https://github.com/a2aproject/A2A/pull/1492",
 "a 1.0 SendMessage result is the SendMessageResponse oneof {task} | {message} (RPC-004, 1.0 proto): wrapped is right")

# 14 1.0 card served as {}
case("card10-empty-object", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.004, 200, {}),
], [("card-missing-required-field", "error")],
 "https://github.com/a2aproject/a2a-python/issues/1267 (AgentCard() served as HTTP 200 {})",
 "name, description, supportedInterfaces, version, capabilities, defaultInputModes, defaultOutputModes, skills are REQUIRED (CARD-003)")

# 15 ListTasks not newest first (sorted by id)
case("v10-list-tasks-not-newest-first", [
    req(0.0, "POST", A + "/a2a", rpc(1, "ListTasks", {"pageSize": 10}), ver="1.0"),
    resp(0.004, 200, ok(1, {"tasks": [task10("t-a", "c-1", "TASK_STATE_COMPLETED", ts="2026-03-02T09:00:00.000Z"), task10("t-b", "c-1", "TASK_STATE_WORKING", ts="2026-03-02T11:30:00.000Z"), task10("t-c", "c-2", "TASK_STATE_FAILED", ts="2026-03-02T10:00:00.000Z")], "nextPageToken": "", "pageSize": 10, "totalSize": 3})),
], [("list-tasks-not-newest-first", "error")],
 "https://github.com/a2aproject/a2a-java/pull/455 (InMemoryTaskStore sorted ListTasks by task id)",
 "ListTasks returns tasks newest status first (DATA-007, 1.0 §3.1.4); ordered by id, a client paging for recent work misses it")

# 16 REST statusTimestampAfter epoch accepted
case("v10-rest-list-epoch-timestamp-filter", [
    req(0.0, "GET", A + "/tasks?statusTimestampAfter=1772442000&pageSize=10", ver="1.0"),
    resp(0.004, 200, {"tasks": [task10("t-z", "c-z", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 10, "totalSize": 1}),
], [("request-param-invalid-accepted", "error")],
 "https://github.com/a2aproject/a2a-java/issues/639 (statusTimestampAfter only accepts ISO 8601; numeric epochs must be rejected)",
 "REST query parameters carry timestamps as ISO 8601 (REST-001, DATA-002); the agent accepted a Unix epoch instead of refusing it with 400")

case("legal-v10-rest-list-epoch-refused", [
    req(0.0, "GET", A + "/tasks?statusTimestampAfter=1772442000&pageSize=10", ver="1.0"),
    resp(0.004, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "statusTimestampAfter must be an ISO 8601 timestamp", "details": [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "statusTimestampAfter", "description": "not an ISO 8601 timestamp"}]}]}}),
    req(0.1, "GET", A + "/tasks?statusTimestampAfter=2026-03-02T09%3A00%3A00Z&pageSize=10&status=TASK_STATE_COMPLETED", ver="1.0"),
    resp(0.104, 200, {"tasks": [task10("t-z", "c-z", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 10, "totalSize": 1}),
], [],
 "https://github.com/a2aproject/a2a-java/issues/639 (the fixed behaviour)",
 "the epoch is refused with 400 INVALID_ARGUMENT (ERR-006) and the RFC 3339 form, URL-encoded, is served (REST-001): nothing to flag")

# 17 0.3 JSON-RPC response with jsonrpc "1.0"? covered by 9. Role not in enum (1.0)
case("v10-message-role-lowercase", [
    req(0.0, "POST", A + "/a2a", rpc(1, "SendMessage", {"message": umsg10("hi")}), ver="1.0"),
    resp(0.004, 200, ok(1, {"message": {"messageId": "msg-a1", "role": "agent", "contextId": "c-r1", "parts": [{"text": "hello"}]}})),
], [("result-invalid-shape", "error")],
 "https://github.com/a2aproject/a2a-java/issues/661 (Role enum switched to ROLE_AGENT / ROLE_USER); https://github.com/assistant-ui/assistant-ui/pull/5818",
 "1.0 JSON writes enums by their proto names (DATA-001): role is ROLE_USER or ROLE_AGENT; 'agent' is the 0.x spelling a 1.0 parser rejects")

import sys
from casewriter import write_cases
write_cases(cases, OUT)
