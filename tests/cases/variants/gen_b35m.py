"""Variants of the lead, session 35 (prefix b35m-): python3 tests/cases/variants/gen_b35m.py

M: a google.rpc.ErrorInfo of A2A's own domain (`a2a-protocol.org`) whose reason spells an
   A2A error another way: the error's name (`TaskNotFoundError`, the 0.3 name
   `AuthenticatedExtendedCardNotConfiguredError`), another case or separator
   (`task_not_found`). ERR-002's table gives each A2A error one reason (TASK_NOT_FOUND, ...)
   and ERR-003 / ERR-004 / ERR-005 put it in the ErrorInfo: a client matches the reason
   exactly, so it does not recognise the error (mine35 noticed it silent: the check judged
   only reasons it knew). Controls: the table's spelling; the same name under the agent's own
   domain (that domain's reason, its business); a reason under A2A's domain that names no
   A2A error (`INVALID_PARAMS`: not this kind).
X: an authenticated extended card served to a call whose only credential is an
   Authorization header under a scheme no security requirement of the public card names
   (Basic or `Token` to a Bearer-only card): the agent disclosed it to a credential its card
   does not declare (AUTH-005: "authentication with a scheme from the public card"; AUTH-002);
   AUTH-EXT-001 counted any Authorization header as a credential (mine35 noticed), while
   AUTH-OPEN-001 already judges the same on task calls. Controls: Bearer sent; a card naming
   Basic or Bearer, Basic sent; the public card's content served to the Basic call (nothing
   disclosed).
Rule names are read from docs/rules.md.
"""
import os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "field"))
from casewriter import write_cases
from blind_helpers import *  # noqa: F401,F403 (req, resp, rpc, err, card10, getcard, rget, rstatus, case_maker, ...)

SRC = "the lead, session 35 (mine35's noticed ErrorInfo reasons)"
C = {}
case = case_maker(C, "b35m-", SRC)
E, W, N = "error", "warning", "note"
A = H + "/a2a"
RJR = {"content-type": "application/a2a+json"}
RPC = lambda i, m, p, h=V10, url=A: req(url, rpc(i, m, p), headers=h)
EI = lambda reason, domain="a2a-protocol.org": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": reason, "domain": domain}]
RC = lambda: getcard(card10(ifaces=RESTI))
REST404 = lambda reason, domain="a2a-protocol.org": RC() + [rget("/tasks/t9"), resp(rstatus(404, "NOT_FOUND", msg="task t9 not found", details=EI(reason, domain)), status=404, headers=RJR)]
RPC404 = lambda reason, domain="a2a-protocol.org": getcard(card10()) + [RPC(1, "GetTask", {"id": "t9"}), resp(err(1, -32001, "Task not found", EI(reason, domain)))]

case("M1-v10-rest-reason-is-the-error-name", lambda: REST404("TaskNotFoundError"),
     [("REST-ERROR-001", E)], "HTTP+JSON 404 whose ErrorInfo reason is the error's name TaskNotFoundError, not TASK_NOT_FOUND (ERR-002, ERR-003)")
case("M2-v10-rest-reason-snake-case", lambda: REST404("task_not_found"),
     [("REST-ERROR-001", E)], "reason task_not_found: the table's reason in another case (ERR-002)")
case("M3-v10-jsonrpc-reason-is-the-error-name", lambda: RPC404("TaskNotFoundError"),
     [("RPC-ERROR-002", E)], "JSON-RPC -32001 with error.data's ErrorInfo reason TaskNotFoundError")
case("M4-v10-jsonrpc-reason-03-name", lambda: getcard(card10(capabilities={"streaming": True, "pushNotifications": True, "extendedAgentCard": True})) + [RPC(1, "GetExtendedAgentCard", {}), resp(err(1, -32007, "Extended card not configured", EI("AuthenticatedExtendedCardNotConfiguredError")))],
     [("RPC-ERROR-002", E)], "-32007 from a card that declares the extended card, with the 0.3 error name as reason; 1.0's is EXTENDED_AGENT_CARD_NOT_CONFIGURED")
case("M5-legal-v10-rest-reason-as-the-table", lambda: REST404("TASK_NOT_FOUND"),
     [], "control: the table's reason")
case("M6-legal-v10-rest-error-name-under-own-domain", lambda: REST404("TASK_NOT_FOUND") [:-1] + [resp(rstatus(404, "NOT_FOUND", msg="task t9 not found", details=EI("TASK_NOT_FOUND") + EI("TaskNotFoundError", "agent.example.test")), status=404, headers=RJR)],
     [], "control: the A2A ErrorInfo, and a second ErrorInfo of the agent's own domain naming the error its own way")
case("M7-legal-v10-jsonrpc-invalid-params-reason", lambda: getcard(card10()) + [RPC(1, "GetTask", {}), resp(err(1, -32602, "id is required", EI("INVALID_PARAMS")))],
     [], "control: a reason under A2A's domain that names no A2A error of the table (a JSON-RPC standard error): not this kind")

BEARER = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, "securityRequirements": [{"schemes": {"bearer": {"list": []}}}]}
EITHER = {"securitySchemes": {"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}, "basic": {"httpAuthSecurityScheme": {"scheme": "Basic"}}},
          "securityRequirements": [{"schemes": {"bearer": {"list": []}}}, {"schemes": {"basic": {"list": []}}}]}
CAPS = {"streaming": True, "pushNotifications": True, "extendedAgentCard": True}
PAYROLL = {"id": "payroll", "name": "Payroll", "description": "Runs the payroll export", "tags": ["hr"]}


def extended(auth, sec=BEARER, disclose=True, rest=False):
    """The public card (security `sec`), then the extended card asked for with `auth`."""
    pub = card10(capabilities=CAPS, ifaces=RESTI if rest else None, **sec)
    ext = card10(capabilities=CAPS, ifaces=RESTI if rest else None, **sec)
    if disclose:
        ext["skills"] = ext["skills"] + [PAYROLL]
    if rest:
        return getcard(pub) + [rget("/extendedAgentCard", h={**RJ, "authorization": auth}), resp(ext, headers=RJR)]
    return getcard(pub) + [RPC(1, "GetExtendedAgentCard", {}, h={**V10, "authorization": auth}), resp(ok(1, ext))]


case("X1-v10-extended-card-to-basic-for-bearer-card", lambda: extended("Basic dXNlcjpwYXNz"),
     [("AUTH-EXT-001", E)], "the extended card (a payroll skill more) served to Basic credentials; the card names Bearer only (AUTH-005)")
case("X2-v10-rest-extended-card-to-token-for-bearer-card", lambda: extended("Token 9f8e7d", rest=True),
     [("AUTH-EXT-001", E)], "GET /extendedAgentCard with `Authorization: Token ...` served; the card names Bearer only")
case("X3-legal-v10-extended-card-to-bearer", lambda: extended("Bearer eyJhbGciOiJub25lIn0.e30."),
     [], "control: the card's own scheme")
case("X4-legal-v10-extended-card-to-basic-card-names-either", lambda: extended("Basic dXNlcjpwYXNz", sec=EITHER),
     [], "control: the card names Bearer or Basic; Basic sent")
case("X5-legal-v10-public-content-to-basic-for-bearer-card", lambda: extended("Basic dXNlcjpwYXNz", disclose=False),
     [], "control: the Basic call got the public card's content: nothing extended disclosed")

write_cases(C, HERE)
print(f"{len(C)} variants written")
