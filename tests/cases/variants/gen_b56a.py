"""Variants of miner mine56 (prefix b56a-): python3 tests/cases/variants/gen_b56a.py

Each puts one of session 56's kinds (round fifty-six) on traffic its field case does not
hold, with controls beside it. All were written as probes before the fix and run on the
branch's first binary (FIELD-CASES.md "Round fifty-six" gives their verdicts then).
A: CARD-CACHE-001 widened (RFC 9110 §15.4.5, RFC 9111 §4.3.4; field case f1220,
   dhirmadi/agent-registry answers a matching If-None-Match with a bare 304 before it sets
   any header): a 1.0 HTTP+JSON agent's 304 that keeps Cache-Control and drops the ETag, a
   304 without an ETag to a client whose If-None-Match names one (no 200 in the recording),
   a 0.2 card's 304 at /.well-known/agent.json without its ETag. Controls: a 304 repeating
   both headers, a 0.3 card whose 200 never had Cache-Control answered 304 without it, a
   304 repeating a weak ETag, a 304 that keeps the ETag and drops Cache-Control (freshening
   keeps the stored directives).
B: RPC-REQ-003 widened (a2a::method_draft_slash; field case f1226, SAGE-X-project/sage-a2a-go's
   "v0.4.0" tasks/list): a 1.0 client's tasks/list refused -32601, a 0.3 client's
   tasks/subscribe refused -32601, a tasks/pushNotificationConfig/create refused
   -32601. Controls: 1.0's ListTasks served, a tasks/list an agent serves as a method of its
   own (not judged).
C: CARD-PATH-004 on the gRPC binding (field case f1227, kagent #2885's gRPC-only gateway): a
   gRPC server-streaming SendStreamingMessage and a unary GetTask answered OK by an origin
   whose /.well-known/agent-card.json answered 404. Controls: the same origin serving its
   card at the well-known path, a 0.3 gRPC call (a2a.v1.A2AService) beside the 404 (CARD-002
   is 1.0's MUST).
D: CARD-URL-008 read through a TLS-terminating front (field case f1229, openclaw #150087: the
   gateway built its card url from its own plain-http socket and ignored X-Forwarded-Proto):
   a 1.0 card fetched with RFC 7239 `Forwarded: proto=https`, a 0.3 card (url, additional
   interface) fetched with X-Forwarded-Proto: https, both naming http:// on the public host.
   Controls: X-Forwarded-Proto: http (the client used http), a loopback host (a development
   setup), a front reporting https for another host than the card names.
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
_g56 = open(os.path.join(FIELD, "gen_cases56.py")).read()
import base64, urllib.parse
exec(_g56[_g56.index("# --- gRPC helpers"): _g56.index("# --- end gRPC helpers")])  # native56, pb_* helpers
sys.path.insert(0, FIELD)
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

HERE = os.environ.get("GEN_OUT", HERE)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
def r304(t, hdr=None):
    return {"dir": "resp", "t": t, "status": 304, "headers": dict(hdr or {}), "body": ""}
SA = ("https://github.com/dhirmadi/agent-registry/blob/main/internal/api/a2a.go (GetWellKnownAgentCard answers a matching If-None-Match "
      "with w.WriteHeader(http.StatusNotModified) before it sets Cache-Control and ETag)")
SB = ("https://github.com/SAGE-X-project/sage-a2a-go/blob/main/pkg/transport/did_http_transport.go (ListTasks calls the JSON-RPC method "
      "\"tasks/list\" of 'A2A Protocol v0.4.0', pkg/protocol/a2a_v040.go)")
SC = ("https://github.com/kagent-dev/kagent/issues/2885 (the core gateway exposes A2AService over gRPC only and serves no "
      "/.well-known/agent-card.json)")
R = "https://vari-agent.example.test"
H = {"cache-control": "public, max-age=120", "etag": '"v56-card-7"'}

# --- A: 304s that drop the validators
case("b56a-A1-v10-rest-card-304-keeps-cache-control-drops-etag", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card10(R + "/api", binding="HTTP+JSON"), hdr=H),
    req(300.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": '"v56-card-7"'}), r304(300.01, {"cache-control": "public, max-age=120"}),
], [("card-cache-headers-missing", "note")], SA,
     "the 304 repeats Cache-Control but not the ETag its 200 carried (RFC 9110 §15.4.5): a cache cannot pick the stored card to freshen (RFC 9111 §4.3.4)")
case("b56a-AL4-legal-v10-rest-card-304-keeps-etag-drops-cache-control", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card10(R + "/api", binding="HTTP+JSON"), hdr=H),
    req(300.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": '"v56-card-7"'}), r304(300.01, {"etag": '"v56-card-7"'}),
], [], SA,
     "not judged: the 304 names the ETag; freshening keeps the stored card's Cache-Control (RFC 9111 §4.3.4), so dropping it costs nothing")
case("b56a-A2-v03-card-304-without-etag-no-200-recorded", [
    req(0.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": 'W/"gen-41"'}), r304(0.01, {"cache-control": "max-age=60"}),
    req(0.2, "POST", R + "/a2a", rpc("a2-1", "message/send", {"message": umsg03("hi", mid="m-a2-1")})),
    resp(0.4, 200, ok("a2-1", amsg03("hello", mid="m-a2-a1", contextId="c-a2-1"))),
], [("card-cache-headers-missing", "note")], SA,
     "the client revalidates with an entity tag it was given; the 304 names none (RFC 9110 §15.4.5: a 304 carries the ETag a 200 would)")
CARD02 = {"name": "Agent", "description": "a 0.2 agent", "url": R + "/a2a", "version": "1.0.0", "protocolVersion": "0.2.5",
          "capabilities": {"streaming": False}, "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
          "skills": [{"id": "chat", "name": "chat", "description": "chat", "tags": []}]}
case("b56a-A3-v02-card-304-drops-etag-at-agent-json", [
    req(0.0, "GET", R + "/.well-known/agent.json"), resp(0.01, 200, CARD02, hdr=H),
    req(500.0, "GET", R + "/.well-known/agent.json", hdr={"if-none-match": '"v56-card-7"'}), r304(500.01, {"cache-control": "public, max-age=120"}),
], [("card-cache-headers-missing", "note")], SA,
     "the 0.2 card's 304 at agent.json keeps Cache-Control and drops the ETag its 200 carried")
case("b56a-AL1-legal-v03-card-304-with-both-validators", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card03(R + "/a2a"), hdr=H),
    req(300.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": '"v56-card-7"'}), r304(300.01, H),
], [], SA, "legal: the 304 repeats Cache-Control and ETag")
case("b56a-AL2-legal-v03-card-304-no-cache-control-never-sent", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card03(R + "/a2a"), hdr={"etag": '"v56-card-8"'}),
    req(300.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": '"v56-card-8"'}), r304(300.01, {"etag": '"v56-card-8"'}),
], [], SA, "legal: the 200 sent no Cache-Control, so the 304 has none to repeat (0.3 has no card caching requirement of its own)")
case("b56a-AL3-legal-v10-card-304-weak-etag-repeated", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card10(R + "/a2a"), hdr={"cache-control": "max-age=30", "etag": 'W/"v9"'}),
    req(60.0, "GET", R + "/.well-known/agent-card.json", hdr={"if-none-match": 'W/"v9"'}), r304(60.01, {"cache-control": "max-age=30", "etag": 'W/"v9"'}),
], [], SA, "legal: a weak ETag repeated with the lifetime (If-None-Match compares weakly, RFC 9110 §13.1.2)")

# --- B: 1.0 operations under draft slash names
case("b56a-B1-v10-client-tasks-list-refused", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card10(R + "/a2a"), hdr=H),
    req(0.2, "POST", R + "/a2a", rpc(7, "tasks/list", {"contextId": "c-b1", "pageSize": 10}), ver="1.0"),
    resp(0.21, 200, err(7, -32601, "Method not found: tasks/list")),
], [("client-method-name-wrong-case", "note")], SB, "1.0 names it ListTasks; tasks/list is a pre-1.0 draft's spelling no release has")
case("b56a-B2-v03-client-tasks-subscribe-refused", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card03(R + "/a2a"), hdr=H),
    req(0.2, "POST", R + "/a2a", rpc("b2-1", "tasks/subscribe", {"id": "t-b2"}), accept=SSE),
    resp(0.21, 200, err("b2-1", -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SB, "0.3 calls it tasks/resubscribe, 1.0 SubscribeToTask")
case("b56a-B3-v03-client-push-config-create-refused", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card03(R + "/a2a", capabilities={"streaming": True, "pushNotifications": True}), hdr=H),
    req(0.2, "POST", R + "/a2a", rpc("b3-1", "tasks/pushNotificationConfig/create", {"taskId": "t-b3", "pushNotificationConfig": {"url": "https://hook.example.test/a2a"}})),
    resp(0.21, 200, err("b3-1", -32601, "Method not found")),
], [("client-method-name-wrong-case", "note")], SB, "0.3 calls it tasks/pushNotificationConfig/set, 1.0 CreateTaskPushNotificationConfig")
case("b56a-BL1-legal-v10-list-tasks-served", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card10(R + "/a2a"), hdr=H),
    req(0.2, "POST", R + "/a2a", rpc(8, "ListTasks", {"contextId": "c-bl1", "pageSize": 10}), ver="1.0"),
    resp(0.21, 200, ok(8, {"tasks": [task10("t-bl1", "c-bl1", "TASK_STATE_COMPLETED")], "nextPageToken": "", "pageSize": 10, "totalSize": 1})),
], [], SB, "legal: 1.0's ListTasks")
case("b56a-BL2-legal-v03-agent-serves-own-tasks-list", [
    req(0.0, "GET", R + "/.well-known/agent-card.json"), resp(0.01, 200, card03(R + "/a2a"), hdr=H),
    req(0.2, "POST", R + "/a2a", rpc("bl2-1", "tasks/list", {})),
    resp(0.21, 200, ok("bl2-1", {"tasks": []})),
], [], SB, "not judged: an agent that serves tasks/list runs a method of its own (an extension may add methods)")

# --- C: CARD-PATH-004 on gRPC
NF = ("http", "GET", "/.well-known/agent-card.json", 404, {"content-type": "text/plain"}, "not found")
V1 = {"a2a-version": "1.0"}
def pb_su(tid, cid, state): return pb_str(1, tid) + pb_str(2, cid) + pb_str(3, pb_int(1, state))
case("b56a-C1-v10-grpc-stream-answered-card-404", native56([
    NF,
    ("grpc", "SendStreamingMessage", V1, pb_str(2, pb_text_msg("m-c1", 1, "deploy the canary")),
     pb_str(1, pb_task("t-c1", "c-c1", 3)), 0, "", None),
], host="http://grpc-agent.example.test:50051"), [("card-not-served", "error")], SC,
     "a gRPC stream answered OK by an origin whose well-known card path answers 404 (the stream's one Task event is terminal)")
case("b56a-C2-v10-grpc-get-task-answered-card-404", native56([
    ("grpc", "GetTask", V1, pb_str(2, "t-c2"), pb_task("t-c2", "c-c2", 3), 0, "", None),
    NF,
], host="http://grpc-agent.example.test:50051"), [("card-not-served", "error")], SC,
     "a unary GetTask answered OK, the card asked for afterwards and answered 404")
case("b56a-CL1-legal-v10-grpc-card-at-well-known", native56([
    ("http", "GET", "/.well-known/agent-card.json", 200, {"content-type": "application/json", "cache-control": "max-age=60", "etag": '"g1"'},
     json.dumps(card10("grpc-agent.example.test:50051", binding="GRPC"))),
    ("grpc", "GetTask", V1, pb_str(2, "t-cl1"), pb_task("t-cl1", "c-cl1", 3), 0, "", None),
], host="http://grpc-agent.example.test:50051"), [], SC, "legal: the gRPC agent's card is at the well-known path of its origin")
# a 0.3 gRPC call (service a2a.v1.A2AService): native56 writes the 1.0 service path, so this control is built by hand
_cl2 = native56([NF, ("grpc", "GetTask", {}, pb_str(1, "tasks/t-cl2"), pb_str(1, "t-cl2") + pb_str(2, "c-cl2") + pb_str(3, pb_int(1, 3)), 0, "", None)],
                host="http://grpc-agent.example.test:50051")
for ev in _cl2:
    for k in ("url", "upstream"):
        if isinstance(ev.get(k), str):
            ev[k] = ev[k].replace("/lf.a2a.v1.A2AService/", "/a2a.v1.A2AService/")
case("b56a-CL2-v03-grpc-call-beside-card-404", _cl2, [], SC,
     "control: a 0.3 gRPC GetTask (a2a.v1.A2AService, name tasks/{id}) beside the 404; CARD-PATH-004 judges 1.0 calls only (CARD-002 is 1.0's MUST)")

# --- D: plain-http card urls behind a TLS-terminating front
SD = ("https://github.com/openclaw/openclaw/issues/150087 (the A2A card advertises http://<public-host>/a2a/v1 behind a TLS-terminating "
      "trusted proxy that sends X-Forwarded-Proto: https; resolveRequestOrigin ignored the header)")
GW = "http://gw-d.example.test"
case("b56a-D1-v10-card-http-behind-forwarded-proto-https", [
    req(0.0, "GET", GW + "/.well-known/agent-card.json", hdr={"forwarded": "for=198.51.100.4;proto=https;host=gw-d.example.test"}),
    resp(0.01, 200, card10("http://gw-d.example.test/a2a"), hdr=H),
], [("card-url-plain-http-on-https-host", "warning")], SD, "RFC 7239 Forwarded names https; the card names http on that host")
case("b56a-D2-v03-card-http-behind-x-forwarded-proto", [
    req(0.0, "GET", GW + "/.well-known/agent-card.json", hdr={"x-forwarded-proto": "https", "x-forwarded-host": "gw-d.example.test"}),
    resp(0.01, 200, card03("http://gw-d.example.test/a2a", additionalInterfaces=[{"url": "http://gw-d.example.test/a2a", "transport": "JSONRPC"}]), hdr=H),
], [("card-url-plain-http-on-https-host", "warning")], SD, "a 0.3 card's url and additional interface in http behind X-Forwarded-Proto: https")
case("b56a-DL1-legal-v10-card-http-forwarded-proto-http", [
    req(0.0, "GET", GW + "/.well-known/agent-card.json", hdr={"x-forwarded-proto": "http"}),
    resp(0.01, 200, card10("http://gw-d.example.test/a2a"), hdr=H),
], [], SD, "legal: the front reports the client used http, and the card names http")
case("b56a-DL2-legal-v10-card-loopback-forwarded-https", [
    req(0.0, "GET", "http://localhost:8080/.well-known/agent-card.json", hdr={"x-forwarded-proto": "https"}),
    resp(0.01, 200, card10("http://localhost:8080/a2a"), hdr=H),
], [], SD, "not judged: a loopback host is a development setup")
case("b56a-DL3-legal-v10-card-http-other-host-than-forwarded", [
    req(0.0, "GET", GW + "/.well-known/agent-card.json", hdr={"x-forwarded-proto": "https", "x-forwarded-host": "public-d.example.test"}),
    resp(0.01, 200, card10("https://public-d.example.test/a2a"), hdr=H),
], [], SD, "legal: the front reports https for public-d.example.test and the card names https there")

write_cases(cases, HERE)
