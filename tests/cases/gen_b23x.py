"""Writes the b23x blind-adversary transcripts (breaker23): JSON-RPC batches, internal URLs
leaked through gateways, timestamps that go backwards, subscribe streams left open, push
config and webhook address edges, half-migrated 0.3/1.0 traffic, A2A-Version forms and HTTP
oddities. Faulty ones carry the finding
the verifier must report; `-legal-` ones must stay silent (but for notes)."""
import json, os, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "field"))
from casewriter import write_cases

OUT = os.path.join(os.path.dirname(__file__), "variants")
SRC = "breaker23 (blind adversary, round three)"
H = "https://agent.example.test"
from blind_helpers import *  # noqa: F401,F403 (req, resp, chunk, rpc, cards, ...)
from blind_helpers import _t

C = {}




def case(name, lines, findings, note):
    _t[0] = 0.0
    C["b23x-" + name] = (lines(), findings, SRC, note)


E, W = "error", "warning"
UP = "http://10.0.4.17:8080"
SM = lambda i, params, h=V10: req(H + "/a2a", rpc(i, "SendMessage", params), headers=h)
GT = lambda i, tid="t1", h=V10: req(H + "/a2a", rpc(i, "GetTask", {"id": tid}), headers=h)
C10 = lambda: getcard(card10())
C03 = lambda: getcard(card03())
J03 = {"content-type": "application/json"}

# ---------------------------------------------------------------- batches (B)
case("B01-v10-batch-of-two-answered-with-one-object", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp(ok(1, task10()))],
    [("jsonrpc-response-malformed", E)],
    "a batch of two calls answered with one response object: JSON-RPC 2.0 section 6 answers a batch with an array")
case("B02-v10-batch-answer-drops-one-call", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp([ok(1, task10())])],
    [("jsonrpc-id-mismatch", E)],
    "a batch of two calls answered with an array holding only the answer to id 1 (JSON-RPC 2.0 section 6: one response per call)")
case("B03-v10-batch-answer-foreign-id", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp([ok(1, task10()), ok(3, task10("t2"))])],
    [("jsonrpc-id-mismatch", E)],
    "a batch answer holds id 3, which no call of the batch carried, and no answer to id 2")
case("BL1-legal-v10-batch-refused-invalid-request", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"})], headers=V10),
    resp({"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Batch requests are not supported"}})],
    [], "A2A defines no batches: an agent that refuses a batch with one Invalid Request (id null) is within JSON-RPC 2.0")
case("BL2-legal-v03-batch-answered-as-array", lambda: C03() + [
    req(H + "/a2a", [rpc("a", "tasks/get", {"id": "t1"}), rpc("b", "tasks/get", {"id": "t2"})], headers=J03),
    resp([ok("b", task03("t2")), ok("a", task03("t1"))])],
    [], "0.3 batch of two tasks/get answered with an array, in the other order (JSON-RPC 2.0 section 6)")
case("BL3-legal-v10-batch-one-error-one-result", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "nope"})], headers=V10),
    resp([ok(1, task10()), err(2, -32001, "Task not found", einfo("TASK_NOT_FOUND"))])],
    [], "batch: one call answered, the other a TaskNotFoundError for an id never handed out")
case("B04-v10-batch-answered-with-sse", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "SendStreamingMessage", {"message": msg10()}), rpc(2, "GetTask", {"id": "t9"})], headers={**V10, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev({"task": task10(state="WORKING")}) + ev(st10(state="COMPLETED", n=2))),
    chunk("", close="eof")],
    [("jsonrpc-response-malformed", E), ("client-batch-streaming-call", "note")],
    "a batch holding a streaming call answered with an event stream: a batch is answered by one JSON Array (JSON-RPC 2.0 section 6), so the GetTask in it is never answered; "
    "the client's batching of a streaming call is RPC-REQ-007 beside it (left38)")

case("BL4-legal-v10-batch-with-stream-call-refused-in-array", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "SendStreamingMessage", {"message": msg10()}), rpc(2, "GetTask", {"id": "t1"})], headers={**V10, "accept": "text/event-stream, application/json"}),
    resp([err(1, -32600, "Streaming methods cannot be batched"), ok(2, task10())])],
    [("client-batch-streaming-call", "note")], "a batch holding a streaming call answered with one Array: an error for the streaming call, a result for the other: "
    "the agent is right; the client that batched a streaming call gets no stream (RPC-REQ-007, left38)")

# ---------------------------------------------------------------- internal URLs leaked (U)
def art_url(url):
    return [{"artifactId": "a1", "parts": [{"url": url, "mediaType": "application/pdf", "filename": "r.pdf"}]}]


def gw_send(url_up, url_client):
    return lambda: getcard(card10(GW + "/a2a"), base=GW) + [
        req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
        req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10, leg="upstream"),
        resp(ok(1, {"task": task10(artifacts=art_url(url_up))}), leg="upstream"),
        resp(ok(1, {"task": task10(artifacts=art_url(url_client))}))]


case("U01-v10-gateway-passes-cluster-local-artifact-url", gw_send("http://files.default.svc.cluster.local/r.pdf", "http://files.default.svc.cluster.local/r.pdf"),
     [("part-url-internal-host", "note")],
     "the agent's artifact names its cluster-local file service; the gateway hands it to an outside client unchanged, a file that client cannot fetch")
case("U02-v10-gateway-passes-private-ip-artifact-url", gw_send("http://10.0.4.17:8080/files/r.pdf", "http://10.0.4.17:8080/files/r.pdf"),
     [("part-url-internal-host", "note")],
     "artifact file url on an RFC 1918 address handed through the gateway to an outside client")
case("U03-v03-gateway-passes-localhost-file-uri", lambda: getcard(card03(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03),
    req(UP + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03, leg="upstream"),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "file", "file": {"uri": "http://localhost:8080/files/r.pdf", "mimeType": "application/pdf"}}]}])), leg="upstream"),
    resp(ok(1, task03(artifacts=[{"artifactId": "a1", "parts": [{"kind": "file", "file": {"uri": "http://localhost:8080/files/r.pdf", "mimeType": "application/pdf"}}]}])))],
    [("part-url-internal-host", "note")],
    "0.3 file part uri on localhost handed through the gateway to an outside client")
case("UL3-legal-v10-local-run-artifact-url-loopback", lambda: getcard(card10("http://127.0.0.1:9999/a2a"), base="http://127.0.0.1:9999") + [
    req("http://127.0.0.1:9999/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    resp(ok(1, {"task": task10(artifacts=art_url("http://127.0.0.1:9999/files/r.pdf"))}))],
    [], "a local test run: the client reached the agent on loopback, and the artifact's file url is on that loopback host too")
case("UL1-legal-v10-gateway-rewrites-artifact-url", gw_send("http://files.default.svc.cluster.local/r.pdf", GW + "/files/r.pdf"), [],
     "gateway rewrites the artifact file url from the cluster-local file service to its own public path")
case("UL2-legal-v10-artifact-url-public-cdn", gw_send("https://cdn.example.net/r.pdf", "https://cdn.example.net/r.pdf"), [],
     "artifact file url on a public CDN passes through the gateway unchanged")

# ---------------------------------------------------------------- timestamps (T)
def ts(s):
    return "2026-12-02T" + s


def st_at(state, stamp, tid="t1", ctx="c1"):
    return {"statusUpdate": {"taskId": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": stamp}}}


def task_at(state, stamp, tid="t1", ctx="c1", **kw):
    t = {"id": tid, "contextId": ctx, "status": {"state": "TASK_STATE_" + state, "timestamp": stamp}}
    t.update(kw)
    return t


case("T01-v10-stream-status-backwards-fraction", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("SUBMITTED", ts("10:00:01.500Z"))}, st_at("WORKING", ts("10:00:01.400Z")), st_at("COMPLETED", ts("10:00:02.000Z"))]),
    [("stream-status-timestamps-go-backwards", W)],
    "working stamped 100 ms before the submitted snapshot the stream delivered first (STREAM-005)")
case("TL1-legal-v10-stream-timestamps-mixed-precision", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("SUBMITTED", ts("10:00:01Z"))}, st_at("WORKING", ts("10:00:01.100Z")), st_at("COMPLETED", ts("10:00:01.1000001Z"))]),
    [], "timestamps of mixed precision (no fraction, ms, 7 digits): compared as instants they go forward, compared as text 'Z' sorts after '.'")
case("TL2-legal-v10-stream-equal-timestamps", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("SUBMITTED", ts("10:00:01.000Z"))}, st_at("WORKING", ts("10:00:01.000Z")), st_at("COMPLETED", ts("10:00:01.000Z"))]),
    [], "three events in the same millisecond (STREAM-005 orders events, not distinct stamps)")
case("T02-v03-stream-offset-timestamp-backwards", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={**J03, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(task03(state="submitted", status={"state": "submitted", "timestamp": ts("10:00:00Z")}))),
    chunk(ev({**st03(state="working"), "status": {"state": "working", "timestamp": ts("10:30:00+01:00")}})),
    chunk(ev({**st03(state="completed", final=True), "status": {"state": "completed", "timestamp": ts("10:00:05Z")}})),
    chunk("", close="eof")],
    [("stream-status-timestamps-go-backwards", W)],
    "0.3 working stamped 10:30+01:00, i.e. 09:30Z, half an hour before the submitted task: read as text it sorts after 10:00Z (STREAM-005)")
case("TL3-legal-v03-stream-offset-timestamps-forward", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/stream", {"message": msg03()}), headers={**J03, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(task03(state="submitted", status={"state": "submitted", "timestamp": ts("11:00:00+01:00")}))),
    chunk(ev({**st03(state="working"), "status": {"state": "working", "timestamp": ts("10:00:01Z")}})),
    chunk(ev({**st03(state="completed", final=True), "status": {"state": "completed", "timestamp": ts("10:00:02.5")}})),
    chunk("", close="eof")],
    [], "0.3 stamps in three forms (offset, Z, naive): 11:00+01:00 is 10:00Z, so working comes one second later; naive read as UTC")
case("TL4-legal-transcript-t-not-monotonic", lambda: [dict(l, t=round(3.0 - l["t"], 3)) for l in (C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))])],
    [], "transcript 't' values run backwards (a capture tool's clock stepped back): the exchanges still pair in line order")
case("T03-v10-push-status-backwards", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tk"}}}),
    resp(ok(1, {"task": task_at("SUBMITTED", ts("10:00:01.000Z"))})),
    req("https://client.example.test/hook", st_at("WORKING", ts("10:00:05.000Z")), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "tk"}),
    resp("", status=204, headers={}),
    req("https://client.example.test/hook", st_at("COMPLETED", ts("10:00:03.000Z")), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "tk"}),
    resp("", status=204, headers={})],
    [], "NOT a rule today (push deliveries are at-least-once and may be retried out of order, PUSH-004): completed stamped before the earlier working push; probe of false positives")

# ---------------------------------------------------------------- subscribe left open (R)
def sub10(i=2, tid="t1"):
    return req(H + "/a2a", rpc(i, "SubscribeToTask", {"id": tid}), headers={**V10, "accept": "text/event-stream"})


case("R01-v10-subscribe-open-after-completed", lambda: held_at_end(C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    sub10(), resp("", headers=SSE),
    chunk(ev({"task": task10(state="WORKING")}, 2)),
    chunk(ev(st10(state="COMPLETED", n=2), 2)),
    chunk(": keepalive\n\n"), chunk(": keepalive\n\n"),
    chunk("", close="timeout")]),
    [("stream-open-after-terminal", E)],
    "SubscribeToTask stream delivered COMPLETED and then sent keep-alive comments until the capture stopped (STREAM-007: the stream closes at the terminal state)")
case("R02-v10-rest-subscribe-open-after-failed", lambda: held_at_end(getcard(card10(ifaces=[{"url": H, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])) + [
    req(H + "/tasks/t1:subscribe", "", method="GET", headers={"accept": "text/event-stream", "a2a-version": "1.0"}),
    resp("", headers=SSE),
    chunk(rest_ev({"task": task10(state="WORKING")})),
    chunk(rest_ev(st10(state="FAILED", n=2))),
    chunk("", close="timeout")]),
    [("stream-open-after-terminal", E)],
    "HTTP+JSON subscribe stream still open at capture end after TASK_STATE_FAILED (STREAM-007)")
case("R03-v10-subscribe-misses-terminal-seen-by-get", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    dict(sub10(), id="s"), resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}, 2), id="s"),
    dict(GT(3), id="g"), resp(ok(3, task10(state="COMPLETED", n=5)), id="g"),
    chunk(": keepalive\n\n", t=15.0, id="s"),
    chunk("", close="timeout", t=30.0, id="s")],
    [("stream-open-after-terminal", E)],
    "the subscribe stream never delivered the terminal state a GetTask read while it was open, and hung 30 s until the capture stopped (STREAM-003, STREAM-007)")
case("R04-v10-send-stream-hangs-after-task-canceled", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}, id="s"),
    resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}), id="s"),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10, id="c"), resp(ok(2, task10(state="CANCELED", n=3)), id="c"),
    chunk("", close="timeout", t=40.0, id="s")],
    [("stream-open-after-terminal", E)],
    "a cancel answered the task CANCELED, but the send stream of the task never delivered that state and stayed open until the capture stopped 40 s later (STREAM-007)")
case("RL3-legal-v10-subscribe-delivers-terminal-after-get", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    dict(sub10(), id="s"), resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}, 2), id="s"),
    dict(GT(3), id="g"), resp(ok(3, task10(state="COMPLETED", n=5)), id="g"),
    chunk(ev(st10(state="COMPLETED", n=5), 2), id="s"),
    chunk("", close="eof", id="s")],
    [], "a GetTask reads the task COMPLETED a moment before the subscribe stream delivers that state and closes")
case("RL4-legal-v10-capture-stops-soon-after-get", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    dict(sub10(), id="s"), resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}, 2), id="s"),
    dict(GT(3), id="g"), resp(ok(3, task10(state="COMPLETED", n=5)), id="g"),
    chunk("", close="timeout", t=1.0, id="s")],
    [], "the capture stopped one second after a GetTask read the task COMPLETED: too soon to call the open subscribe stream hung")
case("RL1-legal-v10-subscribe-open-while-working", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    sub10(), resp("", headers=SSE),
    chunk(ev({"task": task10(state="WORKING")}, 2)),
    chunk(": keepalive\n\n"),
    chunk("", close="timeout")],
    [], "subscribe stream open at capture end while the task is still working")
case("RL2-legal-v10-subscribe-closes-after-completed", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    sub10(), resp("", headers=SSE),
    chunk(ev({"task": task10(state="WORKING")}, 2)),
    chunk(ev(st10(state="COMPLETED", n=2), 2)),
    chunk(ev({"task": task10(state="COMPLETED", n=2)}, 2)),
    chunk("", close="eof")],
    [], "subscribe stream delivers COMPLETED, repeats the final Task snapshot (STREAM-007 MAY) and closes")

# ---------------------------------------------------------------- push configs and webhooks (P)
def create10(url, i=2, tid="t1", **kw):
    p = {"taskId": tid, "url": url}
    p.update(kw)
    return req(H + "/a2a", rpc(i, "CreateTaskPushNotificationConfig", p), headers=V10)


def push_case(url):
    return lambda: C10() + [
        SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
        create10(url), resp(ok(2, {"id": "p1", "taskId": "t1", "url": url}))]


for n, (slug, url, why) in enumerate([
        ("metadata-ipv4", "http://169.254.169.254/latest/meta-data/", "the cloud metadata address"),
        ("ipv6-loopback", "http://[::1]:9000/hook", "IPv6 loopback"),
        ("ipv4-mapped-loopback", "http://[::ffff:127.0.0.1]:9000/hook", "IPv4-mapped IPv6 loopback"),
        ("decimal-loopback", "http://2130706433/hook", "127.0.0.1 written as one decimal number"),
        ("hex-octet-loopback", "http://0x7f.0.0.1/hook", "127.0.0.1 with a hex first octet"),
        ("short-loopback", "http://127.1/hook", "127.0.0.1 in the short dotted form"),
        ("localhost-trailing-dot", "http://localhost./hook", "localhost with the root label's dot"),
        ("dot-localhost-name", "http://hooks.localhost:9000/cb", "a name under .localhost (RFC 6761: always loopback)"),
        ("gce-metadata-name", "http://metadata.google.internal/computeMetadata/v1/", "GCE's metadata host name"),
        ("ec2-metadata-ipv6", "http://[fd00:ec2::254]/latest/meta-data/", "EC2's IPv6 metadata address"),
        ("bind-all", "http://0.0.0.0:8080/hook", "the bind-all address"),
        ("ipv6-link-local-zone", "http://[fe80::1%25eth0]/hook", "an IPv6 link-local address with a zone (RFC 6874)"),
        ("rfc1918", "http://192.168.1.20/hook", "an RFC 1918 address"),
        ("alibaba-metadata", "http://100.100.100.200/latest/meta-data", "Alibaba Cloud's metadata address (CGNAT range)"),
        ("cluster-local-name", "http://hook.svc.cluster.local/cb", "a cluster-local service name")], 1):
    case("P%02d-v10-webhook-%s" % (n, slug), push_case(url),
         [("push-url-private-address", W)], "agent accepted a webhook url naming %s (PUSH-006: validate webhook URLs against SSRF)" % why)
for n, (url, why) in enumerate([
        ("https://hooks.example.com/a2a", "a public name"),
        ("https://172.32.0.1/hook", "172.32.0.1, just outside 172.16.0.0/12"),
        ("https://192.169.1.1/hook", "192.169.1.1, not 192.168/16"),
        ("https://127.example.com/hook", "a public name whose first label is 127"),
        ("https://10.example.net/hook", "a public name whose first label is 10"),
        ("https://[2001:db8::1]/hook", "a documentation IPv6 address, not private"),
        ("https://metadata.example.com/hook", "a public name with metadata in it")], 1):
    case("PL%d-legal-v10-webhook-%s" % (n, url.split("//")[1].split("/")[0].replace("[", "").replace("]", "").replace(":", "-")), push_case(url), [],
         "webhook url with %s: not a private, loopback, link-local or metadata address" % why)
case("PL8-legal-v10-get-push-config-echoes-token", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    create10("https://client.example.test/hook", token="tok-1", authentication={"scheme": "Bearer", "credentials": "c1"}),
    resp(ok(2, {"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook", "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "c1"}})),
    req(H + "/a2a", rpc(3, "GetTaskPushNotificationConfig", {"taskId": "t1", "id": "p1"}), headers=V10),
    resp(ok(3, {"id": "p1", "taskId": "t1", "url": "https://client.example.test/hook", "token": "tok-1", "authentication": {"scheme": "Bearer", "credentials": "c1"}}))],
    [], "Get of a push config answers the token and credentials the same caller set: the config is the caller's own (PUSH-003)")
case("P16-v10-push-delivery-token-in-body-not-header", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "authentication": {"scheme": "Bearer", "credentials": "sekret"}}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req("https://client.example.test/hook", {**st10(state="COMPLETED", n=2), "authorization": "Bearer sekret"}, headers={"content-type": "application/a2a+json"}),
    resp("", status=200, headers={})],
    [("push-delivery-without-credentials", E)],
    "push delivery carries the configured Bearer credential inside the JSON body, not in an Authorization header (PUSH-004)")
case("P17-v10-push-delivery-scheme-case-differs", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "authentication": {"scheme": "Bearer", "credentials": "sekret"}}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req("https://client.example.test/hook", st10(state="COMPLETED", n=2), headers={"content-type": "application/a2a+json", "authorization": "Bearer SEKRET"}),
    resp("", status=401, headers={"www-authenticate": "Bearer"})],
    [("push-delivery-wrong-credentials", E)],
    "push delivered with the credential upper-cased (a credential is case-sensitive; only the scheme name is not)")
case("PL9-legal-v10-push-delivery-scheme-lowercase", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "authentication": {"scheme": "Bearer", "credentials": "sekret"}}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req("https://client.example.test/hook", st10(state="COMPLETED", n=2), headers={"content-type": "application/a2a+json", "authorization": "bearer sekret"}),
    resp("", status=200, headers={})],
    [], "push delivered with the scheme name in lower case: auth scheme names are case-insensitive (RFC 9110 section 11.1)")

# ---------------------------------------------------------------- mixed versions (M)
case("M01-v10-pascal-method-with-0-3-body", lambda: C10() + [
    SM(1, {"message": msg03()}), resp(ok(1, {"task": task10()}))],
    [("client-version-mixed-request", W)],
    "SendMessage under A2A-Version 1.0 with a 0.3 message (kind, role user, text part with kind) that the agent processed")
case("M02-v10-0-3-method-under-1-0-header-served", lambda: C10() + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=V10),
    resp(ok(1, task03()))],
    [("client-version-mixed-request", W), ("version-1-0-header-on-0x-method-processed", W)],
    "a half-migrated client sent A2A-Version 1.0 with the 0.3 method message/send; a 1.0-only agent served it in the 0.3 shape (review33: the agent owed -32601 under 1.0, VER-HDR-006)")
case("M03-v10-list-tasks-0-3-status-enum", lambda: C10() + [
    req(H + "/a2a", rpc(1, "ListTasks", {"status": "working"}), headers=V10),
    resp(ok(1, {"tasks": [], "nextPageToken": "", "pageSize": 50, "totalSize": 0}))],
    [("request-param-invalid-accepted", E)],
    "GUESS of the rule: ListTasks status filter 'working' (the 0.3 enum) accepted by a 1.0 agent instead of refused with -32602 (DATA-001, ERR-006)")
case("M04-v10-get-task-answered-0-3-state", lambda: C10() + [
    GT(1), resp(ok(1, {"id": "t1", "contextId": "c1", "status": {"state": "completed", "timestamp": TS % 1}}))],
    [("task-state-invalid", E)],
    "a 1.0 GetTask answered with the 0.3 state name completed (DATA-001)")
case("M05-v10-task-state-cancelled-double-l", lambda: C10() + [
    req(H + "/a2a", rpc(1, "CancelTask", {"id": "t1"}), headers=V10),
    resp(ok(1, {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_CANCELLED", "timestamp": TS % 1}}))],
    [("task-state-invalid", E)],
    "1.0 cancel answered TASK_STATE_CANCELLED, the 0.3 gRPC spelling (trap 5); 1.0 names it TASK_STATE_CANCELED")
case("M06-v10-status-update-with-final-flag", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task10(state="WORKING")}, {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}, "final": True}}]),
    [("version-mixed-payload", W)],
    "1.0 status update carries the 0.x final flag (a half-migrated agent)")
case("M07-v10-client-blocking-flag", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"blocking": False}}), resp(ok(1, {"task": task10()}))],
    [("client-version-mixed-request", W)],
    "1.0 client sends the 0.3 configuration.blocking (1.0: returnImmediately, inverted, trap 8); the agent ignored it and blocked")
case("ML1-legal-v10-history-length-as-string", lambda: C10() + [
    req(H + "/a2a", rpc(1, "GetTask", {"id": "t1", "historyLength": "2"}), headers=V10),
    resp(ok(1, task10(history=[msg10(mid="m1", taskId="t1", contextId="c1"), amsg10(mid="a1", taskId="t1", contextId="c1")])))],
    [], "historyLength sent as a JSON string \"2\": ProtoJSON accepts integers as strings; the agent kept two messages")
case("ML2-legal-v10-enum-as-number", lambda: C10() + [
    GT(1), resp(ok(1, {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_WORKING", "timestamp": TS % 1}})),
    req(H + "/a2a", rpc(2, "ListTasks", {"status": "TASK_STATE_WORKING", "pageSize": 10}), headers=V10),
    resp(ok(2, {"tasks": [task10(state="WORKING")], "nextPageToken": "", "pageSize": 10, "totalSize": 1}))],
    [], "ListTasks filtered by TASK_STATE_WORKING with pageSize 10")
case("ML3-legal-0-3-and-1-0-interfaces-one-agent", lambda: getcard(card10(ifaces=[
    {"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
    {"url": H + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}])) + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp(ok(1, task03())),
    SM(2, {"message": msg10(mid="m2")}), resp(ok(2, {"task": task10("t2")}))],
    [], "one agent serves 0.3 (no header) and 1.0 (A2A-Version 1.0) on one URL (VER-004)")

# ---------------------------------------------------------------- A2A-Version forms (V)
for n, (v, why) in enumerate([("1", "a major version alone"), ("1.0.0", "a patch version"), ("v1.0", "a v prefix"),
                               ("1.0, 0.3", "a list of versions"), ("1.0;q=1", "a parameter"), ("\"1.0\"", "quotes")], 1):
    case("V%02d-v10-version-header-%s" % (n, why.split(" ")[-1]), lambda v=v: C10() + [
        SM(1, {"message": msg10()}, h={"content-type": "application/json", "a2a-version": v}), resp(ok(1, {"task": task10()}))],
        [("client-version-not-major-minor", W)] + ([("version-header-not-enforced", E)] if n > 2 else []),
        "client's A2A-Version is %r, %s, not Major.Minor (VER-001)%s" % (v, why, "; the agent processed it as 1.0 instead of refusing a version it does not serve (VER-002)" if n > 2 else ""))
case("VL1-legal-v10-version-header-surrounding-space", lambda: C10() + [
    SM(1, {"message": msg10()}, h={"content-type": "application/json", "a2a-version": " 1.0 "})] + [resp(ok(1, {"task": task10()}))],
    [], "A2A-Version ' 1.0 ': optional whitespace around a field value is not part of it (RFC 9110 section 5.5)")
case("VL2-legal-v10-version-query-parameter", lambda: C10() + [
    req(H + "/a2a?A2A-Version=1.0", rpc(1, "SendMessage", {"message": msg10()}), headers=J03), resp(ok(1, {"task": task10()}))],
    [], "version given as the A2A-Version query parameter instead of the header (VER-001 MAY)")
case("VL3-legal-v10-version-header-upper-case-name", lambda: C10() + [
    SM(1, {"message": msg10()}, h={"Content-Type": "application/json", "A2A-VERSION": "1.0"}), resp(ok(1, {"task": task10()}))],
    [], "header names in any letter case")

# ---------------------------------------------------------------- HTTP oddities (H)
case("H01-v03-send-answered-204", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03), resp("", status=204, headers={})],
    [("jsonrpc-response-malformed", E)],
    "GUESS of the rule: 0.3 message/send answered 204 No Content: a JSON-RPC call with an id gets a response (RPC-002)")
case("H02-v10-send-answered-202-empty", lambda: C10() + [
    SM(1, {"message": msg10()}), resp("", status=202, headers={"content-length": "0"})],
    [("jsonrpc-response-malformed", E)],
    "GUESS of the rule: SendMessage answered 202 Accepted with no body: the call is never answered (RPC-002)")
case("HL1-legal-v10-send-answered-202-with-body", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(state="COMPLETED")}), status=202)],
    [], "JSON-RPC answer under HTTP 202: the HTTP status of a JSON-RPC answer is not specified (ERR-007)")
case("HL2-legal-v10-sse-gzip", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream", "accept-encoding": "gzip"}),
    resp("", headers={"content-type": "text/event-stream", "content-encoding": "gzip", "vary": "accept-encoding"}),
    chunk(ev({"task": task10(state="WORKING")})), chunk(ev(st10(state="COMPLETED", n=2))), chunk("", close="eof")],
    [], "event stream sent gzip-encoded (the transcript holds the decoded text)")
case("H03-v10-sse-chunked-and-content-length", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    resp("", headers={"content-type": "text/event-stream", "transfer-encoding": "chunked", "content-length": "512"}),
    chunk(ev({"task": task10(state="WORKING")})), chunk(ev(st10(state="COMPLETED", n=2))), chunk("", close="eof")],
    [("response-framed-twice", W)],
    "event stream carries Transfer-Encoding: chunked and Content-Length (RFC 9112 section 6.2)")
case("H04-v10-json-charset-latin1", lambda: C10() + [
    SM(1, {"message": msg10("Grüße")}), resp(ok(1, {"message": amsg10("Grüße zurück", contextId="c1")}), headers={"content-type": "application/json; charset=iso-8859-1"})],
    [], "NOT a rule today: a JSON answer labelled charset=iso-8859-1 (RFC 8259 section 8.1: JSON exchanged between systems is UTF-8; the parameter has no meaning for application/json); probe of false positives")
case("HL3-legal-v10-json-charset-utf8-upper", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}), headers={"content-type": "Application/JSON; Charset=\"UTF-8\""})],
    [], "media type and charset in mixed case and quoted (RFC 9110 section 8.3.1)")
case("H05-v10-body-shorter-than-content-length", lambda: C10() + [
    SM(1, {"message": msg10()}), resp('{"jsonrpc": "2.0", "id": 1, "result": {"task": {"id": "t1", "contextId"', headers={"content-type": "application/json", "content-length": "180"})],
    [("jsonrpc-response-malformed", E)],
    "GUESS of the rule: answer cut short at 72 of 180 announced bytes (RFC 9112 section 6.3)")
case("HL4-legal-v10-jsonrpc-error-under-http-500", lambda: C10() + [
    GT(1, "zz"), resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), status=500)],
    [], "JSON-RPC error under HTTP 500 (ERR-007: the HTTP status of a JSON-RPC error is not enforced)")
case("H06-v10-send-200-empty-body", lambda: C10() + [
    SM(1, {"message": msg10()}), resp("", status=200)],
    [("jsonrpc-response-malformed", E)],
    "GUESS of the rule: SendMessage answered 200 application/json with an empty body (RPC-002)")
case("H07-v10-stream-answered-ndjson", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    resp("", headers={"content-type": "application/x-ndjson"}),
    chunk(json.dumps(ok(1, {"task": task10(state="WORKING")})) + "\n"), chunk(json.dumps(ok(1, st10(state="COMPLETED", n=2))) + "\n"), chunk("", close="eof")],
    [("stream-not-event-stream", E)],
    "streaming call answered as newline-delimited JSON (RPC-005)")
case("HL5-legal-v10-sse-utf8-multibyte-split", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev({"task": task10(state="WORKING")})),
    chunk(ev({"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "日本語のテキスト"}]}}})[:40]),
    chunk(ev({"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "日本語のテキスト"}]}}})[40:]),
    chunk(ev(st10(state="COMPLETED", n=2))), chunk("", close="eof")],
    [], "an event with non-ASCII text split across reads")

# ---------------------------------------------------------------- hand-written agents and SDK edges (A)
case("A01-v10-task-two-artifacts-same-id", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(artifacts=[
        {"artifactId": "a1", "parts": [{"text": "first"}]}, {"artifactId": "a1", "parts": [{"text": "second"}]}])}))],
    [("result-invalid-shape", E)],
    "GUESS of the rule: a Task holds two artifacts with the same artifactId (DATA-005: artifactId unique per task)")
case("A02-v10-part-raw-not-base64", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(artifacts=[
        {"artifactId": "a1", "parts": [{"raw": "this is not base64!", "mediaType": "application/octet-stream"}]}])}))],
    [("result-invalid-shape", E)],
    "GUESS of the rule: a raw part whose value is not base64 (ProtoJSON bytes; DATA-004)")
case("AL1-legal-v10-part-raw-base64url-unpadded", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(artifacts=[
        {"artifactId": "a1", "parts": [{"raw": "-_8", "mediaType": "application/octet-stream"}]}])}))],
    [], "raw part in URL-safe base64 without padding: ProtoJSON parsers accept both alphabets, padded or not")
case("A03-v10-task-id-number", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": {"id": 17, "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 1}}}))],
    [("result-invalid-shape", E)],
    "a Task whose id is the JSON number 17, not a string (DATA-005)")
case("A04-v10-task-id-empty", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10(tid="")}))],
    [("result-invalid-shape", E)],
    "GUESS of the rule: a Task whose id is the empty string: a client cannot name it (ID-001, DATA-005)")
case("A05-v10-artifact-update-empty-parts", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task10(state="WORKING")}, {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": []}}},
        st10(state="COMPLETED", n=2)]),
    [("stream-event-invalid-shape", E)],
    "1.0 artifact update whose artifact has no parts (DATA-005: parts >= 1)")
case("A06-v10-agent-message-parts-empty", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"message": amsg10(contextId="c1", parts=[])}))],
    [("result-invalid-shape", E)],
    "agent's reply message has an empty parts list (DATA-005)")
case("AL2-legal-v10-empty-text-part-and-metadata-null", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"message": amsg10(contextId="c1", parts=[{"text": ""}], metadata=None)}))],
    [], "a text part with empty text and metadata null (unset) in the reply")
case("A07-v10-part-text-and-url", lambda: C10() + [
    SM(1, {"message": msg10()}), resp(ok(1, {"message": amsg10(contextId="c1", parts=[{"text": "see", "url": "https://cdn.example.net/x"}])}))],
    [("result-invalid-shape", E)],
    "a part sets both text and url: Part holds exactly one of text, raw, url, data (DATA-004)")
case("A08-v03-file-part-bytes-and-uri", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, {"kind": "message", "messageId": "a1", "role": "agent", "contextId": "c1", "parts": [{"kind": "file", "file": {"bytes": "aGk=", "uri": "https://cdn.example.net/x"}}]}))],
    [("result-invalid-shape", E)],
    "0.3 file part carries both bytes and uri (DATA-004: exactly one)")
case("AL3-legal-v03-file-part-uri-with-name", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers=J03),
    resp(ok(1, {"kind": "message", "messageId": "a1", "role": "agent", "contextId": "c1", "parts": [{"kind": "file", "file": {"uri": "https://cdn.example.net/x", "name": "x.pdf", "mimeType": "application/pdf"}}]}))],
    [], "0.3 file part by uri with name and mimeType")
case("A09-v10-message-stream-then-status", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"message": amsg10(contextId="c1")}, st10(state="COMPLETED", n=2)]),
    [("stream-event-after-terminal", E)],
    "1.0 stream answered with a Message and then a status update (STREAM-002: a message reply stream is one message then close)")
case("A10-v10-status-update-missing-context", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task10(state="WORKING")}, {"statusUpdate": {"taskId": "t1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS % 2}}}]),
    [("stream-event-missing-task-id", E)],
    "1.0 status update without contextId (ID-005)")
case("AL4-legal-v10-message-reply-stream-closes", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"message": amsg10(contextId="c1")}]),
    [], "1.0 stream answered with one Message, then closed (STREAM-002)")
case("A11-v10-cancel-answered-working", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(state="WORKING", n=2))),
    GT(3), resp(ok(3, task10(state="COMPLETED", n=3)))],
    [("cancel-not-effective", W)],
    "cancel returned success with the task still working, and the task went on to complete (TASK-003)")
case("AL5-legal-v10-cancel-then-canceled-later", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    req(H + "/a2a", rpc(2, "CancelTask", {"id": "t1"}), headers=V10), resp(ok(2, task10(state="WORKING", n=2))),
    GT(3), resp(ok(3, task10(state="CANCELED", n=3)))],
    [], "cancel answered with the task still working (cancellation in progress); a later read shows it canceled")

# ---------------------------------------------------------------- gateways and load balancers (G)
case("G01-v10-gateway-leaks-internal-error-detail", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10, leg="upstream"),
    resp(ok(1, {"task": task10()}), leg="upstream"),
    resp({"jsonrpc": "2.0", "id": 1, "error": {"code": -32603, "message": "upstream response exceeded buffer"}})],
    [("answer-altered-by-proxy", E)],
    "gateway replaced the agent's answer with its own -32603 although the agent answered the upstream leg")
case("G02-v10-lb-resets-stream-at-idle-timeout", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"}),
    resp("", headers=SSE, t=0.02),
    chunk(ev({"task": task10(state="WORKING")}), t=0.03),
    chunk("", close="reset", t=60.03)],
    [("stream-ended-without-terminal", E)],
    "load balancer's 60 s idle timeout reset the stream while the task was working (no keep-alives were sent)")
case("GL1-legal-v10-gateway-adds-headers", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers=V10),
    req(UP + "/a2a", rpc(1, "SendMessage", {"message": msg10()}), headers={**V10, "x-forwarded-for": "203.0.113.9", "x-request-id": "r-1", "forwarded": "for=203.0.113.9;proto=https"}, leg="upstream"),
    resp(ok(1, {"task": task10()}), leg="upstream"),
    resp(ok(1, {"task": task10()}), headers={**J03, "x-request-id": "r-1", "server": "envoy", "via": "1.1 gw"})],
    [], "gateway adds forwarding headers upstream and its own headers on the answer; the JSON-RPC answer passes through")
case("G03-v10-gateway-lowercases-task-id", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "Task-AB12"}), headers=V10),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "task-ab12"}), headers=V10, leg="upstream"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")), leg="upstream"),
    resp(err(1, -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("route-rewritten-by-proxy", E)],
    "a gateway that normalises request bodies lowercased the JSON-RPC GetTask's task id; the agent knows no such task (ID-001: task ids are opaque)")
case("G04-v10-gateway-lowercases-push-config-task-id-renumbered", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc("c-1", "GetTaskPushNotificationConfig", {"taskId": "Task-AB12", "id": "p1"}), headers=V10),
    req(UP + "/a2a", rpc(7, "GetTaskPushNotificationConfig", {"taskId": "task-ab12", "id": "p1"}), headers=V10, leg="upstream"),
    resp(err(7, -32001, "Task not found", einfo("TASK_NOT_FOUND")), leg="upstream"),
    resp(err("c-1", -32001, "Task not found", einfo("TASK_NOT_FOUND")))],
    [("route-rewritten-by-proxy", E)],
    "gateway renumbered the JSON-RPC id and lowercased params.taskId of a push config read")
case("GL2-legal-v10-two-tasks-differing-in-case", lambda: getcard(card10(GW + "/a2a"), base=GW) + [
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "Task-AB12"}), headers=V10, id="a"),
    req(GW + "/a2a", rpc(1, "GetTask", {"id": "task-ab12"}), headers=V10, id="b"),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "task-ab12"}), headers=V10, leg="upstream", id="ub"),
    req(UP + "/a2a", rpc(1, "GetTask", {"id": "Task-AB12"}), headers=V10, leg="upstream", id="ua"),
    resp(ok(1, task10("task-ab12")), leg="upstream", id="ub"),
    resp(ok(1, task10("Task-AB12", ctx="c2")), leg="upstream", id="ua"),
    resp(ok(1, task10("task-ab12")), id="b"),
    resp(ok(1, task10("Task-AB12", ctx="c2")), id="a")],
    [], "two clients read two tasks whose ids differ only in letter case; the gateway forwards each unchanged, in the other order")
# ---------------------------------------------------------------- second wave (W)
case("WL1-legal-v03-resubscribe-backfill-older-stamps", lambda: C03() + [
    req(H + "/a2a", rpc(1, "tasks/resubscribe", {"id": "t1"}), headers={**J03, "accept": "text/event-stream"}),
    resp("", headers=SSE),
    chunk(ev(task03(state="working", status={"state": "working", "timestamp": ts("10:00:05Z")}))),
    chunk(ev({**st03(state="working"), "status": {"state": "working", "timestamp": ts("10:00:01Z")}})),
    chunk(ev({**st03(state="completed", final=True), "status": {"state": "completed", "timestamp": ts("10:00:06Z")}})),
    chunk("", close="eof")],
    [], "0.3 resubscribe: the Task snapshot, then a backfilled older update (implementation-defined, 0.3 section 7.9), then the end")
case("WL2-legal-v10-follow-up-stream-snapshot-older", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10(taskId="t1", contextId="c1")}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("INPUT_REQUIRED", ts("09:59:00.000Z"))}, st_at("WORKING", ts("10:00:01.000Z")), st_at("COMPLETED", ts("10:00:02.000Z"))]),
    [], "a follow-up's stream opens with the task as it stood (input-required since a minute ago), then moves on")
case("WL3-legal-v10-timestamp-nanoseconds", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("SUBMITTED", ts("10:00:01.123456789Z"))}, st_at("WORKING", ts("10:00:01.123456790Z")), st_at("COMPLETED", ts("10:00:01.2Z"))]),
    [], "nanosecond timestamps a nanosecond apart (ProtoJSON writes up to 9 fraction digits)")
case("WL4-legal-v10-hang-check-other-task", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    dict(sub10(), id="s"), resp("", headers=SSE, id="s"),
    chunk(ev({"task": task10(state="WORKING")}, 2), id="s"),
    dict(GT(3, "t2"), id="g"), resp(ok(3, task10("t2", state="COMPLETED", n=5)), id="g"),
    chunk("", close="timeout", t=30.0, id="s")],
    [], "the subscribe stream of t1 is open at capture end while t1 works; a GetTask showed another task, t2, completed")
case("W01-v10-webhook-plain-http-public", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True}}), resp(ok(1, {"task": task10(state="WORKING")})),
    create10("http://hooks.example.com/a2a"), resp(ok(2, {"id": "p1", "taskId": "t1", "url": "http://hooks.example.com/a2a"}))],
    [], "NOT a rule today: a plain-http webhook on a public host (PUSH-006 SHOULD: HTTPS webhooks); probe")
case("W02-v10-card-interface-url-trailing-space", lambda: getcard(card10(H + "/a2a ")) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "NOT a rule today: the card's interface url ends in a space (WHATWG parsers strip it, the verifier too); probe")
case("WL5-legal-v10-card-url-upper-case-host", lambda: getcard(card10("HTTPS://Agent.Example.Test/a2a")) + [
    SM(1, {"message": msg10()}), resp(ok(1, {"task": task10()}))],
    [], "card interface url with an upper-case scheme and host; the client calls the lower-case form (RFC 3986 section 6.2.2.1)")
case("W03-v10-card-url-link-local-zone", lambda: getcard(card10("http://[fe80::1%25eth0]:8080/a2a")),
    [("card-interface-malformed", E)],
    "the card, fetched from a public host, advertises an IPv6 link-local interface url with a zone (RFC 6874), which WHATWG URL parsers refuse")
case("W04-v10-get-task-timestamp-goes-back-between-reads", lambda: C10() + [
    GT(1), resp(ok(1, task_at("WORKING", ts("10:00:05.000Z")))),
    GT(2), resp(ok(2, task_at("WORKING", ts("10:00:03.000Z"))))],
    [], "NOT a rule today: two GetTask reads of one task, the later one stamped earlier (a stale replica behind a load balancer); probe")
case("W08-v03-client-sends-1-0-header-with-0-3-call", lambda: C03() + [
    req(H + "/a2a", rpc(1, "message/send", {"message": msg03()}), headers={**J03, "a2a-version": "1.0"}), resp(ok(1, task03()))],
    [("client-version-mixed-request", W)], "a half-migrated client sent 1.0's A2A-Version header with a 0.3 call to a 0.3 agent (which knows no such header and answered)")
case("WL7-legal-v10-batch-mixed-notification-and-call", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), {"jsonrpc": "2.0", "method": "ping"}], headers=V10),
    resp([ok(1, task10())])],
    [], "batch of a call and a notification of a non-A2A method: the one Response answers the call")
case("W05-v10-batch-of-two-answered-one-error-id-null-and-one-result", lambda: C10() + [
    req(H + "/a2a", [rpc(1, "GetTask", {"id": "t1"}), rpc(2, "GetTask", {"id": "t2"}), rpc(3, "GetTask", {"id": "t3"})], headers=V10),
    resp([ok(1, task10()), {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "Invalid Request"}}])],
    [("jsonrpc-id-mismatch", E)],
    "batch of three valid calls answered with one result and one error with id null: one readable call (id 3) gets no answer at all")
case("W06-v10-push-delivery-to-other-url", lambda: C10() + [
    SM(1, {"message": msg10(), "configuration": {"returnImmediately": True, "taskPushNotificationConfig": {"url": "https://client.example.test/hook", "token": "tk"}}}),
    resp(ok(1, {"task": task10(state="WORKING")})),
    req("https://client.example.test/other-hook", st10(state="COMPLETED", n=2), headers={"content-type": "application/a2a+json", "x-a2a-notification-token": "tk"}),
    resp("", status=200, headers={})],
    [], "NOT a rule today: a push delivered to a webhook path the client never configured; probe")
case("W07-v10-stream-status-backwards-after-artifact", lambda: C10() + [
    req(H + "/a2a", rpc(1, "SendStreamingMessage", {"message": msg10()}), headers={**V10, "accept": "text/event-stream"})] + stream10([
        {"task": task_at("WORKING", ts("10:00:01.000Z"))}, st_at("WORKING", ts("10:00:03.000Z")),
        {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": "x"}]}}},
        st_at("COMPLETED", ts("10:00:02.000Z"))]),
    [("stream-status-timestamps-go-backwards", W)],
    "completed stamped a second before the working update the stream delivered earlier (STREAM-005)")
write_cases(C, OUT)
