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
"""
import os, sys
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

write_cases(C, HERE)
