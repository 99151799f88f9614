"""Variants of miner mine32 (prefix b32a-): python3 tests/cases/variants/gen_b32a.py

Each proves a widening of session 32's round thirty-one (field cases f720-f739, the data
model at its edges) on traffic the field cases do not hold, with legal controls beside it:
K1: an agent card's required string (name, description, version, 0.x protocolVersion, a
    skill's id / name, an interface's url / protocolVersion) present as null or a number, or
    a required list (default modes, skills, tags, supportedInterfaces) present as null, is
    CARD-SHAPE-001 / CARD-SHAPE-003 named for what it is (f720: a2a-go #369's null lists);
    `version: null` and a number version or 0.x protocolVersion went unjudged before. A 0.2
    card's optional protocolVersion as null, and optional members as null, stay legal.
K2: a message's messageId or parts, a Task's contextId or status, an artifact's parts of the
    wrong JSON type are named for what they are (null, the number 12), not as absent.
"""
import copy, json, os, sys
HERE = os.path.dirname(os.path.abspath(__file__))
FIELD = os.path.join(HERE, "..", "field")
_src = open(os.path.join(FIELD, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
sys.path.insert(0, FIELD)
from casewriter import card03, write_cases

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
def card10(**kw):
    c = copy.deepcopy(CARD10)
    c.update(kw)
    return c
CARD_URL = A + "/.well-known/agent-card.json"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
R369 = "https://github.com/a2aproject/a2a-go/issues/369"
R112 = "https://github.com/a2aproject/a2a-samples/pull/112"
SSE = "text/event-stream"

# --- K1: a card's required member of the wrong JSON type --------------------------------------------
case("b32a-K1-v10-card-version-null", get_card(0.0, card10(version=None)),
     [("card-missing-required-field", "error")], R369,
     "AgentCard.version is a REQUIRED string (CARD-003); null is ProtoJSON's unset value, so the card has no version (went unjudged: the member was present)")
case("b32a-K1-v03-card-protocol-version-number", get_card(0.0, card03(A + "/a2a", protocolVersion=0.3)),
     [("card-missing-required-field", "error")], R369,
     "0.3 protocolVersion is a required string (CARD-004, 0.3 schema): the number 0.3 is no version string a client can compare (\"0.3\" vs \"0.3.0\"), and pydantic / zod readers refuse the card")
case("b32a-K1-v03-card-version-number", get_card(0.0, card03(A + "/a2a", version=1.0)),
     [("card-missing-required-field", "error")], R369,
     "0.3 AgentCard.version is a required string (CARD-004): the number 1.0 (a YAML or config value passed through unquoted) is refused by typed readers")
SK = card10()
SK["skills"][0]["id"] = 7
case("b32a-K1-v10-skill-id-number", get_card(0.0, SK), [("card-missing-required-field", "error")], R369,
     "AgentSkill.id is a REQUIRED string (CARD-003): the number 7 is told as such, not as a skill without id")
IV = card10()
IV["supportedInterfaces"][0]["protocolVersion"] = 1.0
case("b32a-K1-v10-interface-protocol-version-number", get_card(0.0, IV), [("card-interface-malformed", "error")], R369,
     "AgentInterface.protocolVersion is a REQUIRED string (CARD-005): the number 1.0 is told as such, with the string to write instead")
TG = card10()
TG["skills"][0]["tags"] = None
case("b32a-K1-v10-skill-tags-null", get_card(0.0, TG), [("card-missing-required-field", "error")], R369,
     "AgentSkill.tags is a REQUIRED list that must not be empty (CARD-003): null reads as the empty list")
C02 = card03("http://localhost:10000/", protocolVersion=None)
case("b32a-K1-legal-v02-card-protocol-version-null", get_card(0.0, C02, url="http://localhost:10000/.well-known/agent.json"), [], R112,
     "legal: a card at the 0.2 path may omit protocolVersion (0.2.0-0.2.4 have none; 0.2 rules: optional), and a pydantic SDK writes the unset Optional as null")
ON = card10(provider=None, documentationUrl=None, iconUrl=None, securitySchemes=None, securityRequirements=None, signatures=None)
ON["skills"][0].update(examples=None, inputModes=None, outputModes=None)
ON["capabilities"].update(extensions=None, extendedAgentCard=None)
case("b32a-K1-legal-v10-card-optional-members-null", get_card(0.0, ON), [], R112,
     "legal: optional 1.0 card members as null are unset in ProtoJSON (DATA-003); every REQUIRED member is a set string or a non-empty list")
case("b32a-K1-legal-v03-card-version-numeric-string", get_card(0.0, card03(A + "/a2a", version="1")), [], R369,
     "legal: version \"1\" is a string; the agent's own version has no required format")

# --- K2: messages, tasks and artifacts with members of the wrong JSON type ---------------------------
case("b32a-K2-v10-agent-message-id-number", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-k2a", "SendMessage", {"message": umsg10("hi", mid="m-k2a")}), ver="1.0"),
    resp(0.3, 200, ok("s-k2a", {"message": {"messageId": 12345, "role": "ROLE_AGENT", "parts": [{"text": "hello"}], "contextId": "c-k2a"}})),
], [("result-invalid-shape", "error")], R369,
 "Message.messageId is a string (DATA-005): the number 12345 (a database key) is named as such, not as a message without messageId")
case("b32a-K2-v03-client-message-id-number", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": {"kind": "message", "messageId": 7, "role": "user", "parts": [{"kind": "text", "text": "hi"}]}})),
    resp(0.3, 200, ok("1", amsg03("hello", mid="m-k2b", contextId="c-k2b"))),
], [("request-message-invalid-shape", "error")], R369,
 "0.3 Message.messageId is a string (0.3 schema): the client's number 7 is named as such")
case("b32a-K2-v10-stream-artifact-parts-null", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-k2c", "SendStreamingMessage", {"message": umsg10("draft it", mid="m-k2c")}), ver="1.0", accept=SSE),
    resp(0.2, 200, "", ctype=SSE),
    chunk(0.21, sse(ok("s-k2c", {"task": task10("t-k2c", "c-k2c", "TASK_STATE_WORKING")}))),
    chunk(0.5, sse(ok("s-k2c", {"artifactUpdate": {"taskId": "t-k2c", "contextId": "c-k2c", "artifact": {"artifactId": "a-k2c", "parts": None}, "lastChunk": True}}))),
    chunk(0.6, sse(ok("s-k2c", {"statusUpdate": {"taskId": "t-k2c", "contextId": "c-k2c", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS}}}))),
    chunk(0.61, "", close="eof"),
], [("stream-event-invalid-shape", "error")], R369,
 "Artifact.parts is REQUIRED with at least one part (DATA-005): parts null (ProtoJSON's empty list) is said as null")
case("b32a-K2-v03-task-context-id-number", get_card(0.0, card03(A + "/a2a")) + [
    req(0.1, "POST", A + "/a2a", rpc("1", "message/send", {"message": umsg03("hi", mid="m-k2d")})),
    resp(0.3, 200, ok("1", {"kind": "task", "id": "t-k2d", "contextId": 12, "status": {"state": "completed", "timestamp": TS}})),
], [("result-invalid-shape", "error")], R369,
 "0.3 Task.contextId is a required string (DATA-005): the number 12 is named as such, not as a task without contextId")
case("b32a-K2-legal-v10-message-optional-members-null", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-k2e", "SendMessage", {"message": umsg10("hi", mid="m-k2e", contextId=None, taskId=None, metadata=None)}), ver="1.0"),
    resp(0.3, 200, ok("s-k2e", {"message": {"messageId": "m-k2er", "role": "ROLE_AGENT", "contextId": "c-k2e", "taskId": None,
        "parts": [{"text": "hello", "metadata": None, "mediaType": None}], "metadata": None, "extensions": None, "referenceTaskIds": None}})),
], [], R112,
 "legal: optional message and part members as null are unset (ProtoJSON), while messageId, role and parts are set")

write_cases(cases, HERE)
