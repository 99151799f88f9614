"""Writes the o46 transcripts (session 46, open46 item 5): the media type of an HTTP+JSON
answer whose body is JSON but whose Content-Type is not (text/plain, text/html, none). Run
from the repo root: python3 tests/cases/variants/gen_o46.py

1.0 §11.1: "Content-Type: application/a2a+json SHOULD be used for requests and responses"
(1.0.0: application/json), over "HTTP(S) with JSON payloads": HTTP-MEDIA-006, a warning, as
the request side's HTTP-MEDIA-003. 0.3 §3.2.3: "MUST use application/json for request and
response bodies": HTTP-MEDIA-005, an error, as 0.3's answer under application/a2a+json
(o45-M04). Both SDK clients read the body as JSON whatever its type (a2a-python 1.x
http_helpers.send_http_request: response.json(); @a2a-js/sdk 1.3 RestTransport:
response.json()), so the calls work with them; a client that checks the type does not.

G (item 6): what a gateway may change in an answer. A2A says nothing of intermediaries; HTTP
does (RFC 9110 §7.7): "A proxy MAY transform the content of a message that does not contain
a no-transform cache directive" and "MUST NOT transform the content ... of a response
message that contains a no-transform cache-control response directive". So the words of an
answer's parts rewritten by a gateway (a content policy masking words) are legal in a JSON
answer (b45-SL4) and in a stream event alike (b40x-R03, was GW-SSE-002: revised46), and the
gateway's fault in both (GW-RESP-002, GW-SSE-002) when the agent's answer said
Cache-Control: no-transform. A changed task state stays the gateway's fault either way
(the client acts on it: GW-RESP-002 in a JSON answer, GW-SSE-002 in a stream, which compares
event kinds and states).
"""
import json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
sys.path.insert(0, os.path.join(HERE, ".."))
from casewriter import write_cases  # noqa: E402
from blind_helpers import *  # noqa: F401,F403,E402

E, W = "error", "warning"
C = {}
case = case_maker(C, "o46-", "open46 (session 46: HTTP+JSON answers under a media type that is not JSON)")

SEND10 = {"message": msg10()}
DONE_T = {"task": tsk("COMPLETED", artifacts=ART)}
J03 = {"content-type": "application/json"}
SEND03 = {"message": {"messageId": "m1", "role": "ROLE_USER", "content": [{"text": "hi"}]}}
TASK03 = {"task": {"id": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED"}}}


def card03rest():
    return getcard(card03(H, preferredTransport="HTTP+JSON"))


case("M01-v10-rest-answer-text-plain",
     lambda: R10() + [rpost("/message:send", SEND10), resp(DONE_T, headers={"content-type": "text/plain; charset=utf-8"})],
     [("HTTP-MEDIA-006", W)], "1.0 HTTP+JSON SendMessage answered with its JSON Task under text/plain (a handler that returned a string): 1.0 §11.1 SHOULD application/a2a+json")
case("M02-v10-rest-answer-text-html",
     lambda: R10() + [rpost("/message:send", SEND10), resp(DONE_T, headers={"content-type": "text/html"})],
     [("HTTP-MEDIA-006", W)], "1.0 HTTP+JSON answer under text/html: a gateway or browser may take it for a page")
case("M03-v10-rest-answer-no-content-type",
     lambda: R10() + [rpost("/message:send", SEND10), resp(DONE_T, headers={})],
     [("HTTP-MEDIA-006", W)], "1.0 HTTP+JSON answer with no Content-Type at all")
case("M04-v03-rest-answer-text-plain",
     lambda: card03rest() + [req(H + "/v1/message:send", SEND03, headers=J03), resp(TASK03, headers={"content-type": "text/plain"})],
     [("HTTP-MEDIA-005", E)], "0.3 HTTP+JSON answer under text/plain: 0.3 §3.2.3 MUST application/json")
case("M05-v03-rest-answer-no-content-type",
     lambda: card03rest() + [req(H + "/v1/message:send", SEND03, headers=J03), resp(TASK03, headers={})],
     [("HTTP-MEDIA-005", E)], "0.3 HTTP+JSON answer with no Content-Type: 0.3 §3.2.3 MUST application/json")
case("ML1-v10-rest-answer-application-json",
     lambda: R10() + [rpost("/message:send", SEND10), resp(DONE_T, headers={"content-type": "application/json; charset=utf-8"})],
     [], "legal: 1.0 HTTP+JSON answer under application/json, 1.0.0's type")
case("ML2-v10-rest-error-a2a-json",
     lambda: R10() + [rget("/tasks/nope"), resp(rstatus(404, "NOT_FOUND", "TASK_NOT_FOUND"), status=404, headers={"content-type": "application/a2a+json"})],
     [], "legal: a 1.0 HTTP+JSON error under application/a2a+json")
case("ML3-v10-rest-delete-204-no-type",
     lambda: R10() + [req(H + "/tasks/t1/pushNotificationConfigs/c1", method="DELETE", headers={"a2a-version": "1.0"}), resp("", status=204, headers={})],
     [], "legal: a bodiless 204 needs no Content-Type (no JSON body to type)")


# ---------------------------------------------------------------- G: a gateway's rewrite
FRONT = "http://127.0.0.1:8080"
AGENT = "http://127.0.0.1:9000"
UP = {"leg": "upstream"}
CACHED = {"content-type": "application/json", "cache-control": "max-age=300", "etag": "\"c46\""}
NT = {"content-type": "application/json", "cache-control": "no-transform"}
SSE_NT = {"content-type": "text/event-stream", "cache-control": "no-cache, no-transform"}


def gcards():
    c = card10(ifaces=[{"url": FRONT + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])
    a = card10(ifaces=[{"url": AGENT + "/", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])
    path = "/.well-known/agent-card.json"
    g = {"accept": "application/json"}
    return [req(FRONT + path, method="GET", headers=g), req(AGENT + path, method="GET", headers=g, **UP),
            resp(a, headers=CACHED, **UP), resp(c, headers=CACHED)]


def gget(up_text, client_text, up_headers=None):
    """GetTask through the gateway: the agent's Task (artifact text `up_text`, its answer
    head `up_headers`), the client's (artifact text `client_text`)."""
    body = rpc(1, "GetTask", {"id": "t1"})
    t = lambda text: task10(state="COMPLETED", artifacts=[{"artifactId": "a1", "parts": [{"text": text}]}])
    return [req(FRONT + "/", body, headers=V10), req(AGENT + "/", body, headers=V10, **UP),
            resp(ok(1, t(up_text)), headers=up_headers, **UP), resp(ok(1, t(client_text)))]


def gstream(up_text, client_text, up_head=SSE):
    """SendStreamingMessage through the gateway: Task, an artifact chunk (text `up_text`
    upstream, `client_text` on the client leg), COMPLETED; the agent's stream head
    `up_head`."""
    body = rpc(1, "SendStreamingMessage", {"message": msg10(contextId="c1")})
    def evs(text):
        return [{"task": task10(state="SUBMITTED")},
                {"artifactUpdate": {"taskId": "t1", "contextId": "c1", "artifact": {"artifactId": "a1", "parts": [{"text": text}]}, "lastChunk": True}},
                {"statusUpdate": {"taskId": "t1", "contextId": "c1", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-12-02T10:00:03.000Z"}}}]
    data = lambda e: "data: " + json.dumps(ok(1, e)) + "\n\n"
    out = [req(FRONT + "/", body, headers=S10), req(AGENT + "/", body, headers=S10, **UP),
           resp("", headers=up_head, **UP), resp("", headers=SSE)]
    for u, c in zip(evs(up_text), evs(client_text)):
        out += [chunk(data(u), **UP), chunk(data(c))]
    return out + [chunk("", close="eof", **UP), chunk("", close="eof")]


case("G01-gw-v10-answer-text-rewritten-under-no-transform",
     lambda: gcards() + gget("secret plan", "****** plan", up_headers=NT),
     [("GW-RESP-002", E)], "the agent's GetTask answer says Cache-Control: no-transform and the gateway masked words of its artifact: RFC 9110 §7.7 MUST NOT (without the directive it is legal: b45-SL4)")
case("G02-gw-v10-stream-text-rewritten-under-no-transform",
     lambda: gcards() + gstream("secret plan", "****** plan", up_head=SSE_NT),
     [("GW-SSE-002", E)], "the agent's stream says Cache-Control: no-transform and the gateway masked words of an artifact chunk: RFC 9110 §7.7 MUST NOT")
case("GL1-legal-gw-v10-stream-text-rewritten",
     lambda: gcards() + gstream("secret plan", "****** plan"),
     [], "legal: a DLP gateway masks words of an artifact chunk of a stream without no-transform (RFC 9110 §7.7: a proxy MAY transform content), as in a JSON answer (b45-SL4)")
case("GL2-legal-gw-v10-answer-passed-on-under-no-transform",
     lambda: gcards() + gget("secret plan", "secret plan", up_headers=NT),
     [], "legal: the answer under no-transform passed on unchanged")

write_cases(C, HERE)
