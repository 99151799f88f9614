"""Writes miner mine30b's transcript variants (prefix b30b-): python3 tests/cases/variants/gen_b30b.py

Variants of the kinds round twenty-seven (field cases f640-f658, gen_cases30b.py) widened or
added: BIND-USE-003 (a later interface of the same binding and version chosen over an
untried earlier one), BIND-USE-001 for a call in a version declared only at another
interface, the 0.x Task kind on every Task, CARD-SHAPE-004 on a 500 at a well-known card
path, VER-HDR-005 on a header-less 1.0 call, DATA-SHAPE-002 for a doubly wrapped message.
Helpers are gen_cases.py's (field directory); the writer is casewriter.py's."""
import copy, json, os, sys
FIELD = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "field")
OUT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, FIELD)
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")].replace("OUT = ", "_UNUSED = "))
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
SRC = "mine30b variant of %s (gen_cases30b.py)"
def iface(url, binding="JSONRPC", version="1.0", tenant=None):
    i = {"url": url, "protocolBinding": binding, "protocolVersion": version}
    if tenant: i["tenant"] = tenant
    return i
def card10(ifaces):
    c = copy.deepcopy(CARD10); c["supportedInterfaces"] = ifaces; return c
def get_card(t, card, url=CARD_URL, status=200):
    return [req(t, "GET", url), resp(t + 0.01, status, card)]
def done10(tid, cid, text):
    return {"task": task10(tid, cid, "TASK_STATE_COMPLETED", artifacts=[{"artifactId": "a-" + tid, "parts": [{"text": text}]}])}

# BIND-USE-003 on HTTP+JSON: two 1.0 REST interfaces, the client goes to the second
case("b30b-1-v10-rest-client-skips-preferred-interface",
     get_card(0.0, card10([iface(A + "/eu", "HTTP+JSON"), iface(A + "/us", "HTTP+JSON")])) + [
    req(0.1, "POST", A + "/us/message:send", {"message": umsg10("hello", mid="m-b1")}, ver="1.0", ctype=AJ, accept=AJ),
    resp(0.5, 200, done10("t-b1", "c-b1", "hi"), ctype=AJ),
], [("client-skipped-preferred-interface", "warning")], SRC % "f640",
 "1.0 \u00a78.3.2: two HTTP+JSON 1.0 entries, the client used the second (/us) and never tried the first (/eu)")

# BIND-USE-003 legal: the preferred interface was tried first and failed, the client fell back
case("b30b-2-legal-v10-backup-after-preferred-failed",
     get_card(0.0, card10([iface(A + "/primary"), iface(A + "/backup")])) + [
    req(0.1, "POST", A + "/primary", rpc("s-b2", "SendMessage", {"message": umsg10("hello", mid="m-b2")}), ver="1.0"),
    resp(0.2, 503, "upstream unavailable", ctype="text/plain", hdr={"retry-after": "30"}),
    req(0.3, "POST", A + "/backup", rpc("s-b2b", "SendMessage", {"message": umsg10("hello", mid="m-b2")}), ver="1.0"),
    resp(0.6, 200, ok("s-b2b", done10("t-b2", "c-b2", "hi"))),
], [], SRC % "f640",
 "legal: the client tried the preferred interface first (1.0 \u00a78.3.2) and fell back to the later one of the same binding and version when it answered 503")

# BIND-USE-003 legal: the two entries differ in tenant, so they are not interchangeable
case("b30b-3-legal-v10-later-interface-other-tenant",
     get_card(0.0, card10([iface(A + "/a2a/acme", tenant="acme"), iface(A + "/a2a/globex", tenant="globex")])) + [
    req(0.1, "POST", A + "/a2a/globex", rpc("s-b3", "SendMessage", {"message": umsg10("hello", mid="m-b3"), "tenant": "globex"}), ver="1.0"),
    resp(0.5, 200, ok("s-b3", done10("t-b3", "c-b3", "hi"))),
], [], SRC % "f640",
 "legal: the entries name different tenants (CARD-008), so the second is no fallback of the first; the client speaks for tenant globex")

# BIND-USE-001 for a 0.3 call at a 1.0-only url while the card offers 0.3 at another url
case("b30b-4-v03-call-at-10-only-url-03-elsewhere",
     get_card(0.0, card10([iface(A + "/a2a"), iface(A + "/a2a/legacy", "JSONRPC", "0.3")])) + [
    req(0.1, "POST", A + "/a2a", rpc(1, "message/send", {"message": umsg03("hello", mid="m-b4")})),
    resp(0.11, 200, err(1, -32601, "Method not found")),
], [("client-binding-not-declared", "warning"), ("unsupported-version-answered-method-not-found", "warning")], SRC % "f641",
 "the 0.3 client posted message/send to /a2a, which the card declares 1.0 only, while 0.3 sits at /a2a/legacy (1.0 \u00a78.3.2); the 1.0 interface owed -32009 VersionNotSupportedError, not -32601, for the header-less call (VER-HDR-004)")

# BIND-USE-001 control: the call's version is declared at its url: a -32601 there stays VER-CARD-001
case("b30b-5-v10-core-method-refused-at-its-own-interface",
     get_card(0.0, card10([iface(A + "/a2a/v03", "JSONRPC", "0.3"), iface(A + "/a2a")])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-b5", "SendMessage", {"message": umsg10("hello", mid="m-b5")}), ver="1.0"),
    resp(0.11, 200, err("s-b5", -32601, "Method not found")),
], [("card-version-method-mismatch", "error")], SRC % "f641",
 "control: the call went to the url that declares 1.0, so the agent's -32601 for SendMessage is the agent's fault (VER-CARD-001), not the client's interface choice")

# 0.x Task kind on tasks/cancel
case("b30b-6-v03-cancel-result-task-kind-capitalised", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc(2, "tasks/cancel", {"id": "t-b6"})),
    resp(0.2, 200, ok(2, dict(task03("t-b6", "c-b6", "canceled"), kind="Task"))),
], [("result-invalid-shape", "error")], SRC % "f643",
 "a 0.x Task's kind is exactly \"task\" (DATA-005, 0.3:schema); \"Task\" is no discriminator a 0.3 client knows")

# CARD-SHAPE-004 at the 0.2 path
case("b30b-7-v02-legacy-card-path-500", [
    req(0.0, "GET", A + "/.well-known/agent.json"),
    resp(0.01, 500, {"detail": "Internal Server Error"}),
], [("card-not-json", "error")], SRC % "f645",
 "the 0.2 well-known path answered 500 (CARD-001, CARD-002): the card route itself fails")

# CARD-SHAPE-004 legal: a front's 503 during a deploy, then the card
case("b30b-8-legal-v10-card-503-then-served", [
    req(0.0, "GET", CARD_URL), resp(0.01, 503, "Service Unavailable", ctype="text/plain", hdr={"retry-after": "5"}),
] + get_card(5.0, CARD10) + [
    req(5.1, "POST", A + "/a2a", rpc("s-b8", "SendMessage", {"message": umsg10("hello", mid="m-b8")}), ver="1.0"),
    resp(5.5, 200, ok("s-b8", done10("t-b8", "c-b8", "hi"))),
], [], SRC % "f645",
 "legal: 503 with Retry-After is a temporary unavailability (a front, a deploy), not the card route failing; the card came 5 s later")

# VER-HDR-005 on a header-less 1.0 HTTP+JSON route
case("b30b-9-v10-rest-headerless-route-served",
     get_card(0.0, card10([iface(A + "/a2a", "HTTP+JSON")])) + [
    req(0.1, "POST", A + "/a2a/message:send", {"message": umsg10("hello", mid="m-b9")}, ctype=AJ, accept=AJ),
    resp(0.5, 200, done10("t-b9", "c-b9", "hi"), ctype=AJ),
], [("version-0-3-header-on-1-0-call-processed", "warning"), ("client-version-mixed-request", "warning")], SRC % "f647",
 "no A2A-Version means 0.3 (VER-003); the card offers 1.0 only, so the 1.0 route owed VersionNotSupportedError (VER-002)")

# VER-HDR-005 legal: the card offers 0.3 too; the header-less 1.0 call is the client's mix only
case("b30b-10-v10-headerless-call-card-offers-03",
     get_card(0.0, card10([iface(A + "/a2a"), iface(A + "/a2a", "JSONRPC", "0.3")])) + [
    req(0.1, "POST", A + "/a2a", rpc("s-b10", "SendMessage", {"message": umsg10("hello", mid="m-b10")})),
    resp(0.5, 200, ok("s-b10", done10("t-b10", "c-b10", "hi"))),
], [("client-version-mixed-request", "warning")], SRC % "f647",
 "the card offers 0.3 at this url, so the agent is not judged for serving the header-less call (VER-HDR-005 stays silent); the client's missing header with a 1.0 method is still its mix (VER-MIX-002)")

# DATA-SHAPE-002: message inside message on a 1.0 send
case("b30b-11-v10-send-message-wrapped-twice", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-b11", "SendMessage", {"message": {"message": umsg10("hello", mid="m-b11")}}), ver="1.0"),
    resp(0.11, 200, err("s-b11", -32602, "Invalid params: message.messageId is required")),
], [("request-message-invalid-shape", "error")], SRC % "f646",
 "the client nested the Message one level too deep, params.message.message: the agent finds no messageId (DATA-005); its -32602 is right")

write_cases(cases, OUT)
