"""Session-28 field cases of miner mine28b (f520-f539): same helpers and output format as gen_cases.py.

Scope: A2A between agents in multi-agent systems: an orchestrator that is server to one side and
client to the other (a sub-agent's failure or question relayed as the orchestrator's own answer,
a manager streaming a worker's task in its own stream), contextId across turns and hops (a
contextId beside the message, client-minted contexts, a context refused without substitution,
history sent again in every message), gateways between agents (a caller's token dropped on the
way), agents discovered at run time (cards naming a bind-all address or another region, a card at
a platform path), and host agents re-streaming a remote agent's events.
`python3 gen_cases28b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(`b28b-*` variants into ../variants).
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
SSE = "text/event-stream"
A2AJ = "application/a2a+json"
H = "https://host.example.test"      # the orchestrator (server to the user, client to the workers)
W = "https://flights.example.test"   # a worker agent
def su03(tid, cid, state, final, **kw):
    s = {"state": state, "timestamp": TS}
    s.update(kw)
    return {"kind": "status-update", "taskId": tid, "contextId": cid, "status": s, "final": final}
def au03(tid, cid, aid, text, last=True, append=False):
    return {"kind": "artifact-update", "taskId": tid, "contextId": cid,
            "artifact": {"artifactId": aid, "parts": [{"kind": "text", "text": text}]}, "append": append, "lastChunk": last}
def card_get(url, card, t=0.0, hdr=None):
    return [req(t, "GET", url), resp(t + 0.004, 200, card, hdr=hdr)]
CACHE = {"cache-control": "public, max-age=300", "etag": "\"c28b\""}
def x(line, xid):
    """`line` paired with its request by the transcript's `id` (calls of two agents interleave)."""
    line = dict(line)
    line["id"] = xid
    return line
def umsg03rest(text, mid):
    """A 0.3 HTTP+JSON (ProtoJSON) user message: role ROLE_USER, content parts."""
    return {"messageId": mid, "role": "ROLE_USER", "content": [{"text": text}]}
def task03rest(tid, cid, state, text):
    return {"task": {"id": tid, "contextId": cid, "status": {"state": state, "timestamp": TS},
                     "artifacts": [{"artifactId": "a-" + tid, "parts": [{"text": text}]}]}}

# --- faults ----------------------------------------------------------------------------------------
# rossoctl/rossoctl PR #1521: contextId on the params envelope, not on the message
case("f520-v03-context-id-beside-message-fresh-context", [
    req(0.0, "POST", A + "/", rpc("1", "message/send", {"message": umsg03("Which pods are crash-looping in team-a?", mid="m-1521a")})),
    resp(0.8, 200, ok("1", task03("t-1521a", "c-1521a", "completed", artifacts=[{"artifactId": "a-1521a", "parts": [{"kind": "text", "text": "web-7f9c and worker-2d1e are crash-looping."}]}]))),
    req(5.0, "POST", A + "/", rpc("2", "message/send", {"message": umsg03("Show the last restart reason of the first one", mid="m-1521b"), "contextId": "c-1521a"})),
    resp(5.9, 200, ok("2", task03("t-1521b", "c-1521b", "completed", artifacts=[{"artifactId": "a-1521b", "parts": [{"kind": "text", "text": "Which pod do you mean?"}]}]))),
], [("client-ids-outside-message", "warning")],
 "https://github.com/rossoctl/rossoctl/pull/1521 (the chat backend put contextId on the JSON-RPC params envelope, params.contextId, instead of params.message.contextId; A2A SDKs read it only on the message and minted a fresh contextId on every request, breaking multi-turn continuity; the PR moves it onto the message)",
 "contextId is a member of the Message (0.3 Message.contextId; ID-008: a client continues a context by naming it on its message); MessageSendParams has no contextId, so the agent saw a message without one and rightly started a new context (ID-002: an agent MAY mint a contextId when none is given). The client's id sat where no A2A version reads it")

# api7/aisix #1130: the gateway validates the caller's JWT, then drops it
case("f521-v10-gateway-drops-caller-jwt", [
    req(0.0, "POST", "https://gw.example.test/a2a/billing", rpc("1", "SendMessage", {"message": umsg10("What did I spend on compute in August?", mid="m-1130")}), ver="1.0",
        hdr={"authorization": "Bearer eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhbGljZSJ9.c2ln"}),
    {**req(0.01, "POST", "https://billing.example.test/a2a", rpc("1", "SendMessage", {"message": umsg10("What did I spend on compute in August?", mid="m-1130")}), ver="1.0"), "leg": "upstream"},
    {**resp(0.02, 401, {"error": "missing bearer token"}, hdr={"www-authenticate": "Bearer realm=\"billing\""}), "leg": "upstream"},
    resp(0.03, 401, {"error": "missing bearer token"}, hdr={"www-authenticate": "Bearer realm=\"billing\""}),
], [("proxy-stripped-credentials", "warning")],
 "https://github.com/api7/aisix/issues/1130 (the /a2a/<name> surface validates the caller's JWT, then builds the upstream request with only A2A-Version and the gateway-held secret: an agent that authorizes on the end user's own token cannot be fronted; fixed by aisix PR #1133, forward_client_headers on a2a_agent)",
 "the client's Authorization reached the gateway and not the agent, which refused the call 401 (AUTH-002: the agent authenticates every request); what the client sent for the agent has to reach it, or the gateway has to hold a credential the agent accepts")

# rossoctl/examples #139: the card names the bind-all address it listens on
case("f522-v03-card-url-bind-all", card_get("https://weather.agents.example.test/.well-known/agent-card.json",
    card03("http://0.0.0.0:8000/", name="weather_service", description="Weather forecasts", preferredTransport="JSONRPC")),
 [("card-url-internal-authority", "error"), ("card-over-https-advertises-http", "warning")],
 "https://github.com/rossoctl/examples/issues/139 (the example agents' cards offer \"url\": \"http://0.0.0.0:8000/\"; the platform ignores it, other A2A clients such as the A2A inspector use it; agents do not know where they are deployed, so the platform should pass the public URL in)",
 "the card's url is where clients send A2A calls (CARD-005); 0.0.0.0 is the address the server binds, which no client can connect to, and the card was fetched from weather.agents.example.test; fetched over https, it also sends clients to plain http (AUTH-004)")

# googleapis/python-aiplatform #6877: the card of an agent in us-east1 names us-central1
ENG = "/v1beta1/projects/p-6877/locations/{r}/reasoningEngines/4711/a2a"
E1 = "https://us-east1-aiplatform.googleapis.com" + ENG.format(r="us-east1")
C1 = "https://us-central1-aiplatform.googleapis.com" + ENG.format(r="us-central1")
BEAR = {"authorization": "Bearer ya29.a0AfB_byC-example"}
case("f523-v03-rest-card-url-wrong-region", [
    req(0.0, "GET", E1 + "/v1/card", hdr=BEAR),
    resp(0.2, 200, card03(C1, name="trip_planner", description="Plans trips", preferredTransport="HTTP+JSON")),
    req(0.5, "POST", C1 + "/v1/message:send", {"message": umsg03rest("Plan two days in Lisbon", "m-6877")}, hdr=BEAR),
    resp(0.7, 404, {"error": {"code": 404, "message": "The ReasoningEngine does not exist.", "status": "NOT_FOUND"}}),
], [("card-url-unreachable", "error")],
 "https://github.com/googleapis/python-aiplatform/issues/6877 ; https://github.com/google/agents-cli/issues/28 (A2aAgent deployed to Agent Engine in us-east1 serves a card whose url is built with the default region us-central1; clients that take message:send from the card hit a region where the reasoning engine does not exist)",
 "the card's url is the endpoint clients call (CARD-005); the agent lives in us-east1, its card sends clients to us-central1, and the HTTP+JSON send there is answered 404: an advertised interface that does not serve A2A")

# a2aproject/A2A #332 / a2a-samples #46: a question answered as a completed task, then completed again
case("f524-v01-stream-question-as-completed-not-final", [
    req(0.0, "POST", A + "/", rpc("55d1e469", "tasks/sendSubscribe", {"id": "dd674573", "sessionId": "s-332",
        "message": {"role": "user", "parts": [{"type": "text", "text": "can you reimburse me for my plane ticket"}]}}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(1.2, sse(ok("55d1e469", {"id": "dd674573", "status": {"state": "completed", "message": {"role": "agent", "parts": [{"type": "text",
        "text": "Could you please provide the date, amount, and business justification/purpose for the plane ticket?\n"}]}, "timestamp": "2025-04-14T12:02:43.554273"}, "final": False}))),
    chunk(1.21, sse(ok("55d1e469", {"id": "dd674573", "artifact": {"parts": [{"type": "text",
        "text": "Could you please provide the date, amount, and business justification/purpose for the plane ticket?\n"}], "index": 0, "append": False}}))),
    chunk(1.22, sse(ok("55d1e469", {"id": "dd674573", "status": {"state": "completed", "timestamp": "2025-04-14T12:02:43.555012"}, "final": True}))),
    chunk(1.23, "", close="eof"),
], [("stream-final-flag-wrong", "error"), ("stream-event-after-terminal", "error")],
 "https://github.com/a2aproject/A2A/issues/332 ; https://github.com/a2aproject/a2a-samples/issues/46 (the ADK expense sample streams a status completed, final false, whose message asks for the date, amount and purpose, then an artifact with the same question, then completed again with final true; the reporter expected input-required)",
 "completed is terminal (TASK-001): the event that carries it is the last of the stream and has final true (STREAM-008); here completed comes with final false and is followed by an artifact and a second completed. Whether the question should have been input-required is the agent's meaning, which the wire cannot judge; the two events after the first completed it can")

# a2aproject/a2a-java #1068: a manager streams a worker's task in its own task's stream
case("f525-v10-manager-stream-carries-worker-task", [
    req(0.0, "POST", H + "/a2a", rpc("1", "SendStreamingMessage", {"message": umsg10("Convert 1 GBP to EUR and book the transfer", mid="m-1068")}), ver="1.0", accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("1", {"task": task10("t-mgr", "c-1068", "TASK_STATE_SUBMITTED")}))),
    chunk(0.05, sse(ok("1", {"statusUpdate": {"taskId": "t-mgr", "contextId": "c-1068", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS}}}))),
    chunk(0.3, sse(ok("1", {"statusUpdate": {"taskId": "t-worker-fx", "contextId": "c-1068", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS},
        "metadata": {"agentId": "fx-agent", "subAgentId": "fx-1"}}}))),
    chunk(1.5, sse(ok("1", {"artifactUpdate": {"taskId": "t-mgr", "contextId": "c-1068", "artifact": {"artifactId": "a-1068", "parts": [{"text": "1 GBP = 1.17 EUR; transfer booked."}]}}}))),
    chunk(1.6, sse(ok("1", {"statusUpdate": {"taskId": "t-mgr", "contextId": "c-1068", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(1.61, "", close="eof"),
], [("stream-event-task-mismatch", "error")],
 "https://github.com/a2aproject/a2a-java/issues/1068 (a Manager/Supervisor agent on a2a-java creates its own task, then builds a second task for a worker in the same context and emits a TaskStatusUpdateEvent with the worker task's id through the same AgentEmitter, to track each worker's state inside the manager's stream)",
 "a 1.0 task stream carries the events of the task it opened with, and each event names that task (STREAM-003, ID-006): an update for t-worker-fx in t-mgr's stream is one the client cannot place (it never got that task), so it files it under the wrong task or drops it. A worker's progress belongs in the manager's own task (a status message, an artifact), or the worker's task is the client's own to follow")

# google/adk-python PR #6713 (with #6708): a host served over A2A relays a worker's failure as its completed answer
case("f526-v03-host-relays-worker-failure-as-completed", [
    x(req(0.0, "POST", H + "/", rpc("s1", "message/stream", {"message": umsg03("Book me a flight to Oslo on Friday", mid="m-6713")}), accept=SSE), "up"),
    x(resp(0.01, 200, "", ctype=SSE), "up"),
    x(chunk(0.02, sse(ok("s1", task03("t-host", "c-host", "submitted", history=[umsg03("Book me a flight to Oslo on Friday", mid="m-6713", taskId="t-host", contextId="c-host")])))), "up"),
    x(chunk(0.05, sse(ok("s1", su03("t-host", "c-host", "working", False)))), "up"),
    x(req(0.3, "POST", W + "/", rpc("r1", "message/send", {"message": umsg03("Book me a flight to Oslo on Friday", mid="m-6713-w")})), "down"),
    x(resp(1.8, 200, ok("r1", task03("t-fl", "c-fl", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Flight search failed: upstream booking API returned 503", mid="m-fl-err", taskId="t-fl", contextId="c-fl")}))), "down"),
    x(chunk(1.9, sse(ok("s1", au03("t-host", "c-host", "a-host", "Flight search failed: upstream booking API returned 503")))), "up"),
    x(chunk(1.95, sse(ok("s1", su03("t-host", "c-host", "completed", True)))), "up"),
    x(chunk(1.96, "", close="eof"), "up"),
], [("delegate-outcome-relayed-as-completed", "warning")],
 "https://github.com/google/adk-python/pull/6713 ; https://github.com/google/adk-python/issues/6708 (RemoteA2aAgent turns a failed A2A task into regular content, and an ADK agent served over A2A turns that content into an artifact of a completed task: \"two ADK instances talking A2A to each other already lose this\"; the PR makes failed tasks error events)",
 "the host's own task is what its client reads (TASK-008): it delegated the work to the flight agent inside this very call, that task failed with \"Flight search failed: ...\", and the host answered completed with exactly that text as its result. Its client takes a failure for a result; the host's task should end failed (or ask again), carrying the reason")

# --- legal controls ------------------------------------------------------------------------------
# microsoft/agent-framework #4663: a client that mints a new contextId for every call
case("f527-legal-v10-client-minted-context-each-call", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("Assess the impact of INC-4412", mid="m-4663a", contextId="3f1c9e0a5b7d4e2f8a6c1b0d9e8f7a6b")}), ver="1.0"),
    resp(1.0, 200, ok("1", {"task": task10("t-4663a", "3f1c9e0a5b7d4e2f8a6c1b0d9e8f7a6b", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-4663a", "parts": [{"text": "Impact: high, 3 services."}]}])})),
    req(2.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": umsg10("Who should own INC-4412?", mid="m-4663b", contextId="9d2e7b1c0a4f4c3e9b8a7f6e5d4c3b2a")}), ver="1.0"),
    resp(2.9, 200, ok("2", {"task": task10("t-4663b", "9d2e7b1c0a4f4c3e9b8a7f6e5d4c3b2a", "TASK_STATE_COMPLETED",
        artifacts=[{"artifactId": "a-4663b", "parts": [{"text": "Which incident?"}]}])})),
], [],
 "https://github.com/microsoft/agent-framework/issues/4663 (A2AAgent.run() ignores its session: the message is built without context_id, so the a2a-sdk client generates a new random context_id for every call and the server cannot correlate the calls of one conversation)",
 "legal on the wire: a 1.0 agent MAY accept a client's contextId (ID-002) and each call here names a fresh one, which the agent kept; that the two calls belong to one conversation is the client's knowledge, not sent")

# ag2ai/ag2 PR #2791: the whole history sent with every turn, beside the contextId
HIST = [{"role": "user", "content": "Remember the number 42."}, {"role": "assistant", "content": "Noted: 42."}]
CARD2791 = json.loads(json.dumps(CARD10))
CARD2791["capabilities"]["extensions"] = [{"uri": "urn:ag2:client-tools:v1", "required": False}]
case("f528-legal-v10-history-sent-each-turn", [
    *card_get(A + "/.well-known/agent-card.json", CARD2791, hdr=CACHE),
    req(0.2, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("Remember the number 42.", mid="m-2791a")}), ver="1.0"),
    resp(0.9, 200, ok("1", {"message": amsg10("Noted: 42.", mid="m-a2791a", contextId="c-2791")})),
    req(3.0, "POST", A + "/a2a", rpc("2", "SendMessage", {"message": {"messageId": "m-2791b", "role": "ROLE_USER", "contextId": "c-2791",
        "parts": [{"text": "What number did I ask you to remember?"}, {"data": {"history": HIST}, "mediaType": "application/vnd.ag2.history+json"}]}}), ver="1.0"),
    resp(3.8, 200, ok("2", {"message": amsg10("42.", mid="m-a2791b", contextId="c-2791")})),
], [],
 "https://github.com/ag2ai/ag2/pull/2791 (AG2's A2A 1.0 client sends the full history on every turn in a data part, ag2.history+json, so the server stays stateless on AG2 history; the contextId the agent returned is kept and sent on the follow-ups)",
 "legal: a message may carry any parts, a data part with the earlier turns among them (DATA-004), and it names the contextId the agent minted (ID-008). Sending history again costs bytes, not conformance")

# strands-agents/harness-sdk PR #2628: a context the agent cannot serve is refused, not replaced
case("f529-legal-v10-unknown-context-refused-without-substitution", [
    req(0.0, "POST", A + "/a2a", rpc("1", "SendMessage", {"message": umsg10("continue where we left off", mid="m-2628", contextId="ctx-from-another-agent")}), ver="1.0"),
    resp(0.02, 200, err("1", -32602, "contextId ctx-from-another-agent is not known to this agent; send the message without contextId to start a new conversation",
        [{"@type": "type.googleapis.com/google.rpc.BadRequest", "fieldViolations": [{"field": "message.contextId", "description": "unknown context"}]}])),
], [],
 "https://github.com/strands-agents/harness-sdk/pull/2628 (StrandsA2AExecutor moves to one agent per A2A context, agent_factory(context_id); the review checks the 1.0 rules: an agent that cannot accept a client-provided contextId MUST reject the request with an error and MUST NOT generate a new contextId for the response)",
 "legal: an agent MAY refuse a contextId it did not mint, and then MUST answer an error rather than substitute its own (ID-002); no A2A error is defined for it, so Invalid params naming message.contextId is a fair choice")

# mezmo/aura #368: a context's tasks keep the user's turns in history and the answers in artifacts
case("f530-legal-v10-rest-list-context-answers-in-artifacts", [
    req(0.0, "POST", A + "/message:send", {"message": umsg10("In exactly three sentences, explain what a log pipeline is.", mid="m-368a")}, ver="1.0", ctype=A2AJ, accept=A2AJ),
    resp(2.0, 200, {"task": task10("t-368a", "c-368", "TASK_STATE_COMPLETED", history=[umsg10("In exactly three sentences, explain what a log pipeline is.", mid="m-368a", taskId="t-368a", contextId="c-368")],
        artifacts=[{"artifactId": "a-368a", "parts": [{"text": "A log pipeline collects logs. It transforms them. It routes them to storage."}]}])}, ctype=A2AJ),
    req(10.0, "GET", A + "/tasks?contextId=c-368&includeArtifacts=true", ver="1.0", accept=A2AJ),
    resp(10.01, 200, {"tasks": [task10("t-368a", "c-368", "TASK_STATE_COMPLETED", history=[umsg10("In exactly three sentences, explain what a log pipeline is.", mid="m-368a", taskId="t-368a", contextId="c-368")],
        artifacts=[{"artifactId": "a-368a", "parts": [{"text": "A log pipeline collects logs. It transforms them. It routes them to storage."}]}])],
        "nextPageToken": "", "pageSize": 50, "totalSize": 1}, ctype=A2AJ),
], [],
 "https://github.com/mezmo/aura/issues/368 (a follow-up on an existing contextId is given the prior user turns but never the agent's answers: the executor rebuilt chat history from each task's history field, while a completed task keeps the agent's response in artifacts, not in history)",
 "legal: a task's history holds the messages exchanged, and a result delivered as an artifact need not appear there as a message too (DATA-007 lists history and artifacts as separate members); an agent that rebuilds a conversation from history alone loses its own answers, a bug of its own")

# googleapis/python-aiplatform #6176: the card is at the platform's path, not under /.well-known/
case("f531-legal-v03-rest-card-at-platform-path", [
    req(0.0, "GET", E1 + "/.well-known/agent-card.json", hdr=BEAR),
    resp(0.1, 404, {"error": {"code": 404, "message": "Method not found.", "status": "NOT_FOUND"}}),
    req(0.5, "GET", E1 + "/v1/card", hdr=BEAR),
    resp(0.7, 200, card03(E1, name="data_science_agent", description="Answers data questions", preferredTransport="HTTP+JSON")),
    req(1.0, "POST", E1 + "/v1/message:send", {"message": umsg03rest("How many rows does the sales table have?", "m-6176")}, hdr=BEAR),
    resp(3.0, 200, task03rest("t-6176", "c-6176", "TASK_STATE_COMPLETED", "1,204,511 rows.")),
], [],
 "https://github.com/googleapis/python-aiplatform/issues/6176 (an A2A agent on Agent Engine could not be reached: the card is served at .../reasoningEngines/<id>/a2a/v1/card, not at /.well-known/agent-card.json, and the platform builds the card's url itself)",
 "legal: a platform that hosts many agents serves each card at a path of its own (CARD-002 names the well-known path as one way to find a card, not the only one: registries and direct configuration are others); the card found there names the endpoint the client then used")

# google/adk-python #3207: a stream whose Task repeats the request and whose answer comes twice
case("f532-legal-v03-stream-answer-in-status-and-artifact", [
    req(0.0, "POST", A + "/", rpc("s1", "message/stream", {"message": umsg03("Say hello to Ana", mid="m-3207")}), accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse(ok("s1", task03("t-3207", "c-3207", "submitted", history=[umsg03("Say hello to Ana", mid="m-3207", taskId="t-3207", contextId="c-3207")])))),
    chunk(0.05, sse(ok("s1", su03("t-3207", "c-3207", "working", False)))),
    chunk(0.9, sse(ok("s1", su03("t-3207", "c-3207", "working", False, message=amsg03("Hello, Ana!", mid="m-a3207", taskId="t-3207", contextId="c-3207"))))),
    chunk(0.95, sse(ok("s1", au03("t-3207", "c-3207", "a-3207", "Hello, Ana!")))),
    chunk(0.96, sse(ok("s1", su03("t-3207", "c-3207", "completed", True)))),
    chunk(0.97, "", close="eof"),
], [],
 "https://github.com/google/adk-python/issues/3207 (a RemoteA2aAgent in streaming mode shows duplicated events: the request message comes back from the server, and the remote agent's last message arrives twice, once as a status update's message and once as the artifact A2aAgentExecutor builds from it)",
 "legal: the Task that opens a stream may list the client's message in its history, a working status may carry an agent message, and the result as an artifact is separate content (STREAM-003); showing each of them as a new chat turn is the client's choice")

# kirodotdev/KiroCrew PR #10171: a streamed artifact replaced by an append:false chunk
case("f533-legal-v10-rest-artifact-replaced-after-appends", [
    req(0.0, "POST", A + "/message:stream", {"message": umsg10("Draft the release note", mid="m-10171")}, ver="1.0", ctype=A2AJ, accept=SSE),
    resp(0.01, 200, "", ctype=SSE),
    chunk(0.02, sse({"task": task10("t-10171", "c-10171", "TASK_STATE_WORKING")})),
    chunk(0.4, sse({"artifactUpdate": {"taskId": "t-10171", "contextId": "c-10171", "artifact": {"artifactId": "draft", "parts": [{"text": "Release 4.2 adds "}]}}})),
    chunk(0.6, sse({"artifactUpdate": {"taskId": "t-10171", "contextId": "c-10171", "artifact": {"artifactId": "draft", "parts": [{"text": "faster builds."}]}, "append": True}})),
    chunk(1.5, sse({"artifactUpdate": {"taskId": "t-10171", "contextId": "c-10171", "artifact": {"artifactId": "draft", "parts": [{"text": "Release 4.2 makes incremental builds about 30% faster."}]}, "lastChunk": True}})),
    chunk(1.6, sse({"statusUpdate": {"taskId": "t-10171", "contextId": "c-10171", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})),
    chunk(1.61, "", close="eof"),
], [],
 "https://github.com/kirodotdev/KiroCrew/pull/10171 (remote agents as subagents over A2A: artifact content tracked per artifactId with A2A's append semantics; append true extends the artifact, append false or absent replaces it, so a revised draft after appended chunks supersedes them)",
 "legal: append false replaces the artifact's content (STREAM-009), so a revision after appended drafts is the artifact's new content; STREAM-ARTIFACT-003 says so in a note, for clients that only ever append")

# A2A #884 with PR #926: the orchestrator keeps its own context apart from the worker's
HO = W.replace("flights", "hotels")
case("f534-legal-v03-host-keeps-worker-context-apart", [
    x(req(0.0, "POST", H + "/", rpc("1", "message/send", {"message": umsg03("Find a hotel in Oslo for Friday", mid="m-884", contextId="c-user-884")})), "up"),
    x(req(0.2, "POST", HO + "/", rpc("h1", "message/send", {"message": umsg03("Hotel in Oslo, Friday, one night", mid="m-884-w")})), "down"),
    x(resp(1.4, 200, ok("h1", task03("t-ho", "c-ho", "completed", artifacts=[{"artifactId": "a-ho", "parts": [{"kind": "text", "text": "Hotel Bristol, 1 night, NOK 1,890."}]}]))), "down"),
    x(resp(1.6, 200, ok("1", task03("t-h884", "c-user-884", "completed", artifacts=[{"artifactId": "a-h884", "parts": [{"kind": "text", "text": "Ready to book: Hotel Bristol, one night on Friday, NOK 1,890."}]}]))), "up"),
], [],
 "https://github.com/a2aproject/A2A/issues/884 (a supervisor agent wants to control the worker's session context: who generates contextId, and does a worker mint a new one for each task of the same user session; A2A PR #926 lets a client propose one)",
 "legal: the host answered its user in the user's context and called the worker as a client of its own, in the context the worker minted (ID-002, ID-008); the two agents' ids stay apart")

# agent-dance/agent-adaptor #5: a worker's question surfaced as the host's own input-required
case("f535-legal-v03-host-surfaces-worker-question", [
    x(req(0.0, "POST", H + "/", rpc("1", "message/send", {"message": umsg03("Book me a flight to Oslo", mid="m-5")})), "u1"),
    x(req(0.2, "POST", W + "/", rpc("f1", "message/send", {"message": umsg03("Book me a flight to Oslo", mid="m-5-w")})), "d1"),
    x(resp(0.9, 200, ok("f1", task03("t-fl5", "c-fl5", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Which day do you want to fly?", mid="m-fl5-q", taskId="t-fl5", contextId="c-fl5")}))), "d1"),
    x(resp(1.0, 200, ok("1", task03("t-h5", "c-h5", "input-required", status={"state": "input-required", "timestamp": TS,
        "message": amsg03("Which day do you want to fly?", mid="m-h5-q", taskId="t-h5", contextId="c-h5")}))), "u1"),
    x(req(9.0, "POST", H + "/", rpc("2", "message/send", {"message": umsg03("Friday", mid="m-5b", taskId="t-h5", contextId="c-h5")})), "u2"),
    x(req(9.1, "POST", W + "/", rpc("f2", "message/send", {"message": umsg03("Friday", mid="m-5b-w", taskId="t-fl5", contextId="c-fl5")})), "d2"),
    x(resp(9.8, 200, ok("f2", task03("t-fl5", "c-fl5", "completed", artifacts=[{"artifactId": "a-fl5", "parts": [{"kind": "text", "text": "SK 4021, Friday 08:10."}]}]))), "d2"),
    x(resp(9.9, 200, ok("2", task03("t-h5", "c-h5", "completed", artifacts=[{"artifactId": "a-h5", "parts": [{"kind": "text", "text": "SK 4021, Friday 08:10."}]}]))), "u2"),
], [],
 "https://github.com/agent-dance/agent-adaptor/issues/5 (delegation to remote A2A agents as subagents: when the remote task enters input-required and host policy allows, the delegator surfaces the question to its own caller and resumes the remote task with the answer)",
 "legal: the host's task asks its user the worker's question as its own input-required (TASK-008), then continues the worker's task with its taskId and contextId (TASK-007, ID-003); the worker's answer relayed in a completed task is a result, not a failure")

write_cases(cases, OUT)

# --- variants: the kind fixed in this round ----------------------------------------------------------
VAR = os.path.join(os.path.dirname(OUT), "variants")
var_cases = {}
def vcase(name, lines, findings, source, note):
    var_cases[name] = (lines, findings, source, note)
R6713 = "https://github.com/google/adk-python/pull/6713"
R5470 = "https://github.com/langchain4j/langchain4j/issues/5470"
R3562 = "https://github.com/openai/openai-agents-python/pull/3562"
HX = "https://concierge.example.test"
WX = "https://payments.example.test"

# K1: an orchestrator completes its own task with a delegate's failure or question as its result
REJ = "I can't move money between accounts of different owners."
vcase("b28b-K1-v10-host-unary-relays-worker-rejected", [
    x(req(0.0, "POST", HX + "/a2a", rpc("1", "SendMessage", {"message": umsg10("Move 500 EUR from Ana's account to mine", mid="m-k1a")}), ver="1.0"), "up"),
    x(req(0.4, "POST", WX + "/a2a", rpc("w1", "SendMessage", {"message": umsg10("Transfer 500 EUR from acct-ana to acct-bo", mid="m-k1a-w")}), ver="1.0"), "down"),
    x(resp(0.9, 200, ok("w1", {"task": task10("t-pay", "c-pay", "TASK_STATE_REJECTED", status={"state": "TASK_STATE_REJECTED", "timestamp": TS,
        "message": amsg10(REJ, mid="m-pay-r", taskId="t-pay", contextId="c-pay")})})), "down"),
    x(resp(1.2, 200, ok("1", {"task": task10("t-cg", "c-cg", "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-cg", "parts": [{"text": REJ}]}])})), "up"),
], [("delegate-outcome-relayed-as-completed", "warning")], R3562 + " (a remote agent's rejection turned into a successful tool output; here the orchestrator is itself an A2A agent and completes with it)",
 "1.0 JSON-RPC, unary: the payments agent rejected the transfer; the concierge's own task completed with the rejection as its only artifact (TASK-008)")
vcase("b28b-K1-v10-rest-host-stream-relays-worker-question", [
    x(req(0.0, "POST", HX + "/message:stream", {"message": umsg10("Pay my electricity bill", mid="m-k1b")}, ver="1.0", ctype=A2AJ, accept=SSE), "up"),
    x(resp(0.01, 200, "", ctype=SSE), "up"),
    x(chunk(0.02, sse({"task": task10("t-cg2", "c-cg2", "TASK_STATE_WORKING")})), "up"),
    x(req(0.3, "POST", WX + "/message:send", {"message": umsg10("Pay the electricity bill", mid="m-k1b-w")}, ver="1.0", ctype=A2AJ, accept=A2AJ), "down"),
    x(resp(0.8, 200, {"task": task10("t-pay2", "c-pay2", "TASK_STATE_INPUT_REQUIRED", status={"state": "TASK_STATE_INPUT_REQUIRED", "timestamp": TS,
        "message": amsg10("Which of your two accounts should I debit, checking or savings?", mid="m-pay2-q", taskId="t-pay2", contextId="c-pay2")})}, ctype=A2AJ), "down"),
    x(chunk(0.9, sse({"artifactUpdate": {"taskId": "t-cg2", "contextId": "c-cg2", "artifact": {"artifactId": "a-cg2",
        "parts": [{"text": "Which of your two accounts should I debit,\n checking or savings?"}]}, "lastChunk": True}})), "up"),
    x(chunk(0.95, sse({"statusUpdate": {"taskId": "t-cg2", "contextId": "c-cg2", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}})), "up"),
    x(chunk(0.96, "", close="eof"), "up"),
], [("delegate-outcome-relayed-as-completed", "warning")], "https://github.com/google/adk-python/issues/3393 (a remote agent's input-required question; here the host completes its own task with it, re-wrapped)",
 "1.0 HTTP+JSON: the payments agent asked a question (input-required); the host streamed it as its artifact and completed, so its client can never answer (TASK-008); line breaks aside, the text is the question")
vcase("b28b-K1-v03-host-status-message-relays-failure", [
    x(req(0.0, "POST", HX + "/", rpc("1", "message/send", {"message": umsg03("Refund order 7781", mid="m-k1c")})), "up"),
    x(req(0.2, "POST", WX + "/", rpc("w1", "message/send", {"message": umsg03("Refund order 7781", mid="m-k1c-w")})), "down"),
    x(resp(0.6, 200, ok("w1", task03("t-rf", "c-rf", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Refund service unavailable (HTTP 503 from refunds-api)", mid="m-rf-e", taskId="t-rf", contextId="c-rf")}))), "down"),
    x(resp(0.7, 200, ok("1", task03("t-cg3", "c-cg3", "completed", status={"state": "completed", "timestamp": TS,
        "message": amsg03("Refund service unavailable (HTTP 503 from refunds-api)", mid="m-cg3", taskId="t-cg3", contextId="c-cg3")}))), "up"),
], [("delegate-outcome-relayed-as-completed", "warning")], R5470 + " (a failed remote task delivered as a success; here as the completed task's status message)",
 "0.3 JSON-RPC: the failure text came back as the status message of a completed task rather than an artifact: the same relay (TASK-008)")
FAIL_STREAM = "Payment declined by issuer: card expired (code 54)"
vcase("b28b-K1-v03-worker-stream-failed-host-completed", [
    x(req(0.0, "POST", HX + "/", rpc("1", "message/send", {"message": umsg03("Pay invoice 2219 with my card", mid="m-k1g")})), "up"),
    x(req(0.2, "POST", WX + "/", rpc("w1", "message/stream", {"message": umsg03("Charge invoice 2219 to the card on file", mid="m-k1g-w")}), accept=SSE), "down"),
    x(resp(0.21, 200, "", ctype=SSE), "down"),
    x(chunk(0.22, sse(ok("w1", task03("t-pay7", "c-pay7", "submitted")))), "down"),
    x(chunk(0.3, sse(ok("w1", su03("t-pay7", "c-pay7", "working", False)))), "down"),
    x(chunk(0.9, sse(ok("w1", su03("t-pay7", "c-pay7", "failed", True, message=amsg03(FAIL_STREAM, mid="m-pay7-e", taskId="t-pay7", contextId="c-pay7"))))), "down"),
    x(chunk(0.91, "", close="eof"), "down"),
    x(resp(1.1, 200, ok("1", task03("t-cg7", "c-cg7", "completed", artifacts=[{"artifactId": "a-cg7", "parts": [{"kind": "text", "text": FAIL_STREAM}]}]))), "up"),
], [("delegate-outcome-relayed-as-completed", "warning")], R6713 + " (the delegate streams its failure: the fix covers Task and TaskStatusUpdateEvent shapes)",
 "0.3: the payments agent's stream ended failed with a reason; the orchestrator completed its own task with that reason as its result (TASK-008)")
vcase("b28b-K1-legal-v03-host-maps-failure-to-failed", [
    x(req(0.0, "POST", HX + "/", rpc("1", "message/send", {"message": umsg03("Refund order 7782", mid="m-k1d")})), "up"),
    x(req(0.2, "POST", WX + "/", rpc("w1", "message/send", {"message": umsg03("Refund order 7782", mid="m-k1d-w")})), "down"),
    x(resp(0.6, 200, ok("w1", task03("t-rf4", "c-rf4", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Refund service unavailable (HTTP 503 from refunds-api)", mid="m-rf4-e", taskId="t-rf4", contextId="c-rf4")}))), "down"),
    x(resp(0.7, 200, ok("1", task03("t-cg4", "c-cg4", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Refund service unavailable (HTTP 503 from refunds-api)", mid="m-cg4", taskId="t-cg4", contextId="c-cg4")}))), "up"),
], [], R6713 + " (control: the fix's shape, the delegate's failure made the host's own failed task)",
 "legal: the host's task ended failed with the delegate's reason (TASK-008)")
vcase("b28b-K1-legal-v03-host-adds-fallback-work", [
    x(req(0.0, "POST", HX + "/", rpc("1", "message/send", {"message": umsg03("Get me to Oslo on Friday", mid="m-k1e")})), "up"),
    x(req(0.2, "POST", W + "/", rpc("w1", "message/send", {"message": umsg03("Flight to Oslo, Friday", mid="m-k1e-w")})), "down"),
    x(resp(0.6, 200, ok("w1", task03("t-fl6", "c-fl6", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Flight search failed: upstream booking API returned 503", mid="m-fl6-e", taskId="t-fl6", contextId="c-fl6")}))), "down"),
    x(resp(2.0, 200, ok("1", task03("t-cg5", "c-cg5", "completed", artifacts=[
        {"artifactId": "a-cg5a", "parts": [{"kind": "text", "text": "Flight search failed: upstream booking API returned 503"}]},
        {"artifactId": "a-cg5b", "parts": [{"kind": "text", "text": "Booked instead: night train Stockholm-Oslo, Friday 22:10, berth 14."}]}]))), "up"),
], [], R6713 + " (control: the host reports the delegate's failure and the fallback it ran itself)",
 "not judged: the completed result holds work of the host's own beside the delegate's words, so completed may be true (TASK-008)")
vcase("b28b-K1-legal-v03-worker-called-before-host", [
    x(req(0.0, "POST", W + "/", rpc("w1", "message/send", {"message": umsg03("Flight to Oslo, Friday", mid="m-k1f-w")})), "down"),
    x(resp(0.4, 200, ok("w1", task03("t-fl7", "c-fl7", "failed", status={"state": "failed", "timestamp": TS,
        "message": amsg03("Flight search failed: upstream booking API returned 503", mid="m-fl7-e", taskId="t-fl7", contextId="c-fl7")}))), "down"),
    x(req(1.0, "POST", HX + "/", rpc("1", "message/send", {"message": umsg03("What did the flight agent say?", mid="m-k1f")})), "up"),
    x(resp(1.3, 200, ok("1", task03("t-cg6", "c-cg6", "completed", artifacts=[{"artifactId": "a-cg6", "parts": [{"kind": "text", "text": "Flight search failed: upstream booking API returned 503"}]}]))), "up"),
], [], R6713 + " (control: the flight agent was called before the host's call, not inside it)",
 "not judged: the failed call was over before the host was asked, so it is no delegation of this call; quoting an earlier answer is a result")
write_cases(var_cases, VAR)
