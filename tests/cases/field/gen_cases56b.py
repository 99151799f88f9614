"""Session-56 field cases of miner mine56b (f1238-...): same helpers and output format as gen_cases55b.py,
with gen_cases47.py's native gRPC recording writer for the gRPC exchanges.

Scope (round fifty-six, b): threads under github.com/a2aproject only (the spec repo, the
official SDKs, the TCK, samples and inspector) that no round had cited, each URL grepped in
FIELD-CASES.md first, looking hardest at the gRPC binding's status codes and ErrorInfo and at
the spec's 1.0.x clarifications: the TCK's MUST-level errors that its tests accepted in any
form (a2aproject/a2a-tck #206: a cancel of a finished task, a subscription to one, push config
calls on an agent without push, an unsupported A2A-Version, an extended card the card never
declared), an extended card declared but not configured (a2aproject/a2a-tck #188), the 1.0.0
-> 1.0.1 gRPC column change (a2aproject/a2a-tck #231, a2aproject/a2a-java #1051), a 0.3 card
that writes its unset optional members as null (a2aproject/a2a-tck #195), a 1.0 server that
still writes the pre-ADR-001 kebab-case enums (a2aproject/A2A #1344 / PR #1384), a 1.0 part in
the 0.3 `file: {bytes}` layout (a2aproject/A2A PR #1882's review), a 1.0 client that still
sends the X-A2A-Version header name (a2aproject/a2a-java PR #709), a client-chosen contextId
rejected or kept (a2aproject/a2a-tck #203), a 0.3 gRPC part with the metadata field one 0.3
proto has and the other lacks (a2aproject/a2a-java #1158), and the tenant in JSON-RPC params
(a2aproject/a2a-dotnet #485).
`python3 gen_cases56b.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file
(or into $GEN_OUT).
"""
import base64, json, os, urllib.parse
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03, card10, ei, su10, tag, SSE, A2AJ

OUT = os.environ.get("GEN_OUT", OUT)
cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
CACHED = {"cache-control": "public, max-age=300", "etag": '"card-v1"'}
def get_card(t, card, url, hdr=None, rhdr=CACHED):
    return [req(t, "GET", url, hdr=hdr), resp(t + 0.01, 200, card, hdr=rhdr)]
def art10(aid, text):
    return {"artifactId": aid, "parts": [{"text": text}]}

# --- protobuf and gRPC recording helpers (grpcwriter.py: gen_cases47.py's writer, with the package named per generation)
from grpcwriter import _varint, pb_str, pb_int, frame, b64, pb_task, pb_status, native
V10 = {"a2a-version": "1.0"}
COMPLETED, CANCELED = 3, 5

# --- the TCK's MUST-level errors (a2aproject/a2a-tck #206)
S206 = ("https://github.com/a2aproject/a2a-tck/issues/206 (Six MUST requirements name a specific error, but their tests accept any error: "
        "CORE-CANCEL-002 TaskNotCancelableError (-32002), STREAM-SUB-003 UnsupportedOperationError (-32004), CORE-CAP-001 "
        "PushNotificationNotSupportedError (-32003), CORE-CAP-002 / CORE-CAP-003 UnsupportedOperationError, VER-SERVER-00x "
        "VersionNotSupportedError; 'a server returning the wrong error passes a MUST it should fail')")
GH = "http://grpc-agent.example.test:50051"
def gcard(host=GH, **kw):
    return card10(host.split("//")[1], binding="GRPC", **kw)

# f1238: a gRPC CancelTask of a completed task refused INTERNAL without ErrorInfo
case("f1238-v10-grpc-cancel-completed-task-internal", native(GH, [
    ("GetTask", V10, pb_str(2, "t-cx-1"), pb_task("t-cx-1", "c-cx-1", COMPLETED), 0, "", None),
    ("CancelTask", V10, pb_str(2, "t-cx-1"), None, 13, "cannot cancel task t-cx-1: task is in terminal state TASK_STATE_COMPLETED", None),
], card=gcard()), [("grpc-error-code-mismatch", "error")], S206,
     "a cancel of a task in a terminal state is refused with TaskNotCancelableError (1.0 §3.1.5, TASK-003), on gRPC FAILED_PRECONDITION with a google.rpc.ErrorInfo whose reason is TASK_NOT_CANCELABLE (ERR-002, ERR-005, 1.0 §5.4, §10.6); this agent answered INTERNAL, a server fault a client retries, with no ErrorInfo, after GetTask had read the task COMPLETED")

# f1239: a gRPC SubscribeToTask of a completed task refused as an unknown task
case("f1239-v10-grpc-subscribe-completed-task-not-found", native(GH, [
    ("GetTask", V10, pb_str(2, "t-cx-2"), pb_task("t-cx-2", "c-cx-2", COMPLETED), 0, "", None),
    ("SubscribeToTask", V10, pb_str(2, "t-cx-2"), None, 5, "task t-cx-2 not found", pb_status(5, "task t-cx-2 not found", "TASK_NOT_FOUND")),
], card=gcard()), [("subscribe-terminal-task-accepted", "error")], S206,
     "a subscription to a task in a terminal state is refused with UnsupportedOperationError (1.0 §3.1.6, TASK-004): gRPC FAILED_PRECONDITION (1.0.1; UNIMPLEMENTED in 1.0.0) with ErrorInfo UNSUPPORTED_OPERATION (ERR-002); this agent answered NOT_FOUND / TASK_NOT_FOUND for the task GetTask had just returned, so a client drops a task that exists")

# f1240: push config create on an agent without push answered with gRPC's own UNIMPLEMENTED, no ErrorInfo
PUSHCFG = pb_str(3, "t-cx-3") + pb_str(4, "https://client.example.test/hooks/a2a") + pb_str(5, "tok-3")
case("f1240-v10-grpc-push-config-unsupported-bare-unimplemented", native(GH, [
    ("SendMessage", V10, pb_str(2, pb_str(1, "m-cx-3") + pb_int(4, 1) + pb_str(5, pb_str(1, "index the Q3 reports"))) + pb_str(3, pb_int(4, 1)),
     pb_str(1, pb_task("t-cx-3", "c-cx-3", 2)), 0, "", None),
    ("CreateTaskPushNotificationConfig", V10, PUSHCFG, None, 12, "Method not found: lf.a2a.v1.A2AService/CreateTaskPushNotificationConfig", None),
], card=gcard()), [("grpc-error-info-missing", "error")], S206,
     "an agent whose card says pushNotifications false answers every push config call with PushNotificationNotSupportedError (1.0 §3.3.4, PUSH-001), on gRPC with a google.rpc.ErrorInfo whose reason is PUSH_NOTIFICATION_NOT_SUPPORTED (ERR-005, 1.0 §10.6; the code FAILED_PRECONDITION in 1.0.1, UNIMPLEMENTED in 1.0.0); this servicer left the method unregistered and the gRPC runtime answered its own UNIMPLEMENTED 'Method not found' without details, which a client cannot tell from an agent of another protocol")

# f1241 (legal): the same refusal in 1.0.0's column, UNIMPLEMENTED with its ErrorInfo (a2aproject/a2a-tck #231)
S231 = ("https://github.com/a2aproject/a2a-tck/issues/231 ([Bug]: vendored specification is pinned to A2A v1.0.0, so §5.4 error mappings "
        "are two releases stale: A2A v1.0.1 (2026-05-28) 'rewrote six of §5.4's nine error-mapping rows', so 'a server that implements the "
        "current specification fails MUST-level checks for doing the right thing')")
case("f1241-legal-v10-grpc-push-unsupported-unimplemented-error-info", native(GH, [
    ("CreateTaskPushNotificationConfig", V10, PUSHCFG, None, 12, "Push notifications are not supported by this agent",
     pb_status(12, "Push notifications are not supported by this agent", "PUSH_NOTIFICATION_NOT_SUPPORTED")),
], card=gcard()), [], S231,
     "legal: PushNotificationNotSupportedError on gRPC was UNIMPLEMENTED in 1.0.0's table and is FAILED_PRECONDITION in 1.0.1's, under the same wire version 1.0 (ERR-002; traps: error statuses changed 1.0.0 -> 1.0.1), so either code with the ErrorInfo reason PUSH_NOTIFICATION_NOT_SUPPORTED is right")

# f1242 (legal): UnsupportedOperationError as UNIMPLEMENTED with its ErrorInfo (a2aproject/a2a-java #1051, closed wontfix)
S1051 = ("https://github.com/a2aproject/a2a-java/issues/1051 (fix: UnsupportedOperationError gRPC status should be FAILED_PRECONDITION per "
         "spec: A2AErrorCodes maps UNSUPPORTED_OPERATION(-32004, \"UNIMPLEMENTED\", 400); closed wontfix)")
case("f1242-legal-v10-grpc-subscribe-completed-unimplemented-error-info", native(GH, [
    ("GetTask", V10, pb_str(2, "t-cx-4"), pb_task("t-cx-4", "c-cx-4", COMPLETED), 0, "", None),
    ("SubscribeToTask", V10, pb_str(2, "t-cx-4"), None, 12, "Task t-cx-4 is in a terminal state",
     pb_status(12, "Task t-cx-4 is in a terminal state", "UNSUPPORTED_OPERATION")),
], card=gcard()), [], S1051,
     "legal: a subscription to a finished task refused with UnsupportedOperationError as gRPC UNIMPLEMENTED with ErrorInfo UNSUPPORTED_OPERATION, 1.0.0's column of §5.4 (FAILED_PRECONDITION from 1.0.1; ERR-002): the SDK kept the 1.0.0 code on purpose, and the ErrorInfo names the error")

# f1243: an unsupported A2A-Version refused INVALID_ARGUMENT without ErrorInfo
case("f1243-v10-grpc-unsupported-version-invalid-argument", native(GH, [
    ("GetTask", {"a2a-version": "2.0"}, pb_str(2, "t-cx-5"), None, 3, "invalid A2A-Version header: 2.0", None),
], card=gcard()), [("grpc-error-code-mismatch", "error")], S206,
     "a request whose A2A-Version the agent does not support is refused with VersionNotSupportedError (1.0 §3.6.2, VER-002), on gRPC FAILED_PRECONDITION (1.0.1; UNIMPLEMENTED in 1.0.0) with ErrorInfo VERSION_NOT_SUPPORTED (ERR-002, ERR-005); this agent answered INVALID_ARGUMENT, which tells the client its request message is malformed, so it never learns to fall back to a version the agent speaks")

# f1244: the extended card asked of an agent whose card never declared one, answered -32007
EC = "https://ext-card-agent.example.test"
case("f1244-v10-extended-card-undeclared-answered-not-configured", get_card(0.0, card10(EC + "/a2a"), EC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EC + "/a2a", rpc("ec-1", "GetExtendedAgentCard", {}), ver="1.0", hdr={"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln"}),
    resp(0.21, 200, err("ec-1", -32007, "Extended agent card is not configured", data=ei("EXTENDED_AGENT_CARD_NOT_CONFIGURED"))),
], [("jsonrpc-error-code-mismatch", "error")], S206,
     "GetExtendedAgentCard of an agent whose card does not declare capabilities.extendedAgentCard is refused with UnsupportedOperationError, -32004 (1.0 §3.1.11, AUTH-005); ExtendedAgentCardNotConfiguredError (-32007) is for an agent that declares the capability and has no extended card configured, so this answer tells the client the card promised one")

# f1245: the extended card declared, not configured, answered -32004 (a2aproject/a2a-tck #188)
S188 = ("https://github.com/a2aproject/a2a-tck/issues/188 (Extended-card precondition tests can skip a real MUST violation: 'When a server "
        "declares support, leaves the extended card unconfigured, but returns the wrong error code (not -32007 / "
        "EXTENDED_AGENT_CARD_NOT_CONFIGURED_ERROR), the test pytest.skips instead of failing')")
cardec = card10(EC + "/a2a", capabilities={"streaming": True, "pushNotifications": False, "extendedAgentCard": True},
                securitySchemes={"bearer": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}}, securityRequirements=[{"schemes": {"bearer": {"list": []}}}])
case("f1245-v10-extended-card-declared-unconfigured-unsupported", get_card(0.0, cardec, EC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", EC + "/a2a", rpc("ec-2", "GetExtendedAgentCard", {}), ver="1.0", hdr={"authorization": "Bearer eyJhbGciOiJIUzI1NiJ9.e30.c2ln"}),
    resp(0.21, 200, err("ec-2", -32004, "Extended agent card is not supported", data=ei("UNSUPPORTED_OPERATION"))),
], [("jsonrpc-error-code-mismatch", "error")], S188,
     "an agent whose card declares capabilities.extendedAgentCard and has no extended card configured answers GetExtendedAgentCard with ExtendedAgentCardNotConfiguredError, -32007 (1.0 §3.1.11, §5.4; AUTH-005); UnsupportedOperationError (-32004) says the operation does not exist, contradicting the card the client just read")

# f1246 (legal): a 0.3 card whose unset optional members are written null (a2aproject/a2a-tck #195)
S195 = ("https://github.com/a2aproject/a2a-tck/issues/195 ([Bug]: Agent card for A2A Protocol version 0.3.0 optional fields: the TCK failed a "
        "0.3 Dart SDK card on '$.capabilities.extensions: None is not of type array', '$.documentationUrl: None is not of type string', "
        "'$.iconUrl', '$.securitySchemes', '$.signatures' ... and 'Missing required fields: {supportedInterfaces}')")
DT = "https://dart-agent.example.test"
card195 = card03(DT + "/", name="dart-echo", documentationUrl=None, iconUrl=None, securitySchemes=None, security=None, signatures=None,
                 provider=None, capabilities={"streaming": False, "pushNotifications": None, "extensions": None, "stateTransitionHistory": None})
case("f1246-legal-v03-card-optional-members-null", get_card(0.0, card195, DT + "/.well-known/agent-card.json") + [
    req(0.2, "POST", DT + "/", rpc(1, "message/send", {"message": umsg03("echo hello", mid="m-dt-1")})),
    resp(0.3, 200, ok(1, amsg03("hello", mid="a-dt-1", contextId="c-dt-1"))),
], [], S195,
     "legal: a 0.3 card without supportedInterfaces (a 1.0 member) whose serializer writes the optional members it leaves unset as null (documentationUrl, iconUrl, securitySchemes, security, signatures, provider, capabilities.pushNotifications / extensions / stateTransitionHistory): a null optional member is an unset one (DATA-003), and the card's required members are all there")

# f1247: a 1.0 server that writes the pre-ADR-001 kebab-case enums (a2aproject/A2A #1344 / PR #1384)
S1344 = ("https://github.com/a2aproject/A2A/issues/1344 ([Bug]: Update specification to align with ADR-001: the specification said 'Enum values "
         "MUST be represented as their string names in JSON, using lower kebab-case after removing any type name prefixes'; fixed by PR #1384, "
         "'Role enums: user -> ROLE_USER, agent -> ROLE_AGENT; Task state enums: working -> TASK_STATE_WORKING, completed -> TASK_STATE_COMPLETED')")
KB = "https://kebab-agent.example.test"
case("f1247-v10-task-state-and-role-kebab-case", get_card(0.0, card10(KB + "/a2a"), KB + "/.well-known/agent-card.json") + [
    req(0.2, "POST", KB + "/a2a", rpc("kb-1", "SendMessage", {"message": umsg10("translate 'good morning' to Dutch", mid="m-kb-1")}), ver="1.0"),
    resp(0.8, 200, ok("kb-1", {"task": {"id": "t-kb-1", "contextId": "c-kb-1", "status": {"state": "completed", "timestamp": TS},
        "artifacts": [art10("a-kb-1", "Goedemorgen")],
        "history": [umsg10("translate 'good morning' to Dutch", mid="m-kb-1", taskId="t-kb-1", contextId="c-kb-1"),
                    {"messageId": "a-kb-1", "role": "agent", "parts": [{"text": "Goedemorgen"}], "taskId": "t-kb-1", "contextId": "c-kb-1"}]}})),
], [("task-state-invalid", "error"), ("result-invalid-shape", "error")], S1344,
     "1.0 enums are ProtoJSON enum names, TASK_STATE_COMPLETED and ROLE_AGENT (1.0 §5.5 after A2A PR #1384, ADR-001; DATA-003); the 1.0 draft's prose said lower kebab-case after the type prefix, and this agent, built from it, answers a 1.0 SendMessage with state 'completed' and role 'agent', which a ProtoJSON client refuses as unknown enum values")

# f1248: a 1.0 artifact part in 0.3's file layout (a2aproject/A2A PR #1882's review)
S1882 = ("https://github.com/a2aproject/A2A/pull/1882 (feat: Add new spec for A2A protocol conformance tests; review of "
         "tests/acts/client-parsing.acts.yaml: 'The field name bytes is used under the file object to represent the base64-encoded file content. "
         "However, both the ACTS specification and the underlying Part protobuf definition use the field name raw')")
AC = "https://acts-agent.example.test"
case("f1248-v10-artifact-part-file-bytes", get_card(0.0, card10(AC + "/a2a"), AC + "/.well-known/agent-card.json") + [
    req(0.2, "POST", AC + "/a2a", rpc("ac-1", "SendMessage", {"message": umsg10("export the report as PDF", mid="m-ac-1")}), ver="1.0"),
    resp(0.9, 200, ok("ac-1", {"task": task10("t-ac-1", "c-ac-1", "TASK_STATE_COMPLETED", artifacts=[
        {"artifactId": "art-file", "parts": [{"file": {"name": "report.pdf", "mediaType": "application/pdf", "bytes": "JVBERi0xLjQ="}}]}])})),
], [("result-invalid-shape", "error")], S1882,
     "a 1.0 Part is a oneof of text, raw, url and data with filename and mediaType beside it (1.0 §4.1.6, proto Part; DATA-003): a file's bytes are {\"raw\": ..., \"filename\": ..., \"mediaType\": ...}; {\"file\": {\"name\", \"mediaType\", \"bytes\"}} is 0.3's FilePart layout, which a 1.0 ProtoJSON client refuses as an unknown member and so loses the artifact")

# f1249: a 1.0 client that sends X-A2A-Version (a2aproject/a2a-java PR #709)
S709 = ("https://github.com/a2aproject/a2a-java/pull/709 (fix!: Update the name of A2A headers: 'A2A-Version and A2A-Extensions are specified by "
        "the spec (as of dec790a) instead of the X-A2A-*'; the gRPC context keys dropped the prefix too)")
XV = "https://strict-agent.example.test"
case("f1249-v10-client-sends-x-a2a-version", get_card(0.0, card10(XV + "/a2a"), XV + "/.well-known/agent-card.json") + [
    req(0.2, "POST", XV + "/a2a", rpc("xv-1", "SendMessage", {"message": umsg10("book a room for Friday", mid="m-xv-1")}), hdr={"x-a2a-version": "1.0"}),
    resp(0.21, 200, err("xv-1", -32009, "Protocol version '0.3' is not supported. Supported versions: [1.0]", data=ei("VERSION_NOT_SUPPORTED"))),
], [("client-version-mixed-request", "warning")], S709,
     "a 1.0 client names its version in the A2A-Version header (1.0 §3.6.1, VER-001); X-A2A-Version is the pre-1.0 drafts' name, which a 1.0 server does not read, so it takes the request for 0.3 (no A2A-Version means 0.3) and a 1.0-only agent refuses it with VersionNotSupportedError")

# f1250 / f1251 (legal): a client-chosen contextId rejected, or kept (a2aproject/a2a-tck #203)
S203 = ("https://github.com/a2aproject/a2a-tck/pull/203 (fix: validate conditional requirement error outcomes: 'CORE-MULTI-002a is conditional "
        "... the specification also allows the server to accept and preserve the client-provided contextId'; 'an agent may reject the client "
        "context ID, or accept it and preserve the same value in its Task or Message response')")
CX = "https://ctx-agent.example.test"
case("f1250-legal-v10-client-context-id-rejected", get_card(0.0, card10(CX + "/a2a"), CX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", CX + "/a2a", rpc("cx-1", "SendMessage", {"message": umsg10("continue our chat", mid="m-cx-1", contextId="tck-ctx-7f3a")}), ver="1.0"),
    resp(0.21, 200, err("cx-1", -32602, "Unknown contextId: tck-ctx-7f3a")),
], [], S203,
     "legal: an agent MAY refuse a contextId it never handed out (1.0 §3.4.1; ID-003): the TCK's CORE-MULTI-002a accepts the rejection with InvalidParams")
case("f1251-legal-v10-client-context-id-kept", get_card(0.0, card10(CX + "/a2a"), CX + "/.well-known/agent-card.json") + [
    req(0.2, "POST", CX + "/a2a", rpc("cx-2", "SendMessage", {"message": umsg10("start a new chat", mid="m-cx-2", contextId="tck-ctx-9b1c")}), ver="1.0"),
    resp(0.7, 200, ok("cx-2", {"task": task10("t-cx-9", "tck-ctx-9b1c", "TASK_STATE_COMPLETED", artifacts=[art10("a-cx-9", "Hello again.")])})),
], [], S203,
     "legal: or it accepts the client's contextId and keeps it on the task it creates (1.0 §3.4.1)")

# f1252 (legal): a 0.3 gRPC part carrying the metadata field (a2aproject/a2a-java #1158)
S1158 = ("https://github.com/a2aproject/a2a-java/issues/1158 ([Bug]: outdated / mismatched a2a.proto on grpc spec for compat-0.3: Java's "
         "compat-0.3 Part has text = 1, file = 2, data = 3 only; a2a-python's a2a_v0_3.proto adds google.protobuf.Struct metadata = 4, and the "
         "0.3 JSON Part has metadata)")
G3 = "http://grpc03-agent.example.test:50051"
def pb_struct_str(k, v): return pb_str(1, pb_str(1, k) + pb_str(2, pb_str(3, v)))
part_meta = pb_str(1, "Invoice INV-2231: 1,240.00 EUR") + pb_str(4, pb_struct_str("source", "ocr"))
hist = pb_str(1, "a-g3-1") + pb_str(2, "c-g3-1") + pb_str(3, "t-g3-1") + pb_int(4, 2) + pb_str(5, part_meta)
card3g = card03(G3.split("//")[1], name="invoice-reader", preferredTransport="GRPC")
case("f1252-legal-v03-grpc-part-metadata-field", native(G3, [
    ("GetTask", {}, pb_str(1, "tasks/t-g3-1"), pb_task("t-g3-1", "c-g3-1", COMPLETED, extra=pb_str(5, hist)), 0, "", None),
], card=card3g, package="a2a.v1"), [], S1158,
     "legal: the 0.3 Part carries metadata in its JSON schema, and a2a-python's 0.3 proto gives it field 4 (google.protobuf.Struct) where the spec repo's v0.3.0 proto has none; a protobuf reader keeps an unknown field or skips it (proto3 unknown-field rules), so a 0.3 GetTask answer whose history part carries field 4 is well-formed")

# f1253 (legal): the interface's tenant sent as JSON-RPC params.tenant (a2aproject/a2a-dotnet #485)
S485 = ("https://github.com/a2aproject/a2a-dotnet/issues/485 (Define consistent tenant-field handling for JSON-RPC and HTTP+JSON: 'JSON-RPC also "
        "forwards tenant fields in request parameters'; the SDK direction is URL routing for the HTTP bindings, the published text still has "
        "the tenant member)")
TN = "https://multi-agent.example.test"
cardtn = card10(TN + "/a2a", supportedInterfaces=[{"url": TN + "/a2a", "protocolBinding": "JSONRPC", "protocolVersion": "1.0", "tenant": "finance"}])
case("f1253-legal-v10-jsonrpc-tenant-param", get_card(0.0, cardtn, TN + "/.well-known/agent-card.json") + [
    req(0.2, "POST", TN + "/a2a", rpc("tn-1", "SendMessage", {"tenant": "finance", "message": umsg10("close the October books", mid="m-tn-1")}), ver="1.0"),
    resp(0.8, 200, ok("tn-1", {"task": task10("t-tn-1", "c-tn-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-tn-1", "October closed.")])})),
    req(1.0, "POST", TN + "/a2a", rpc("tn-2", "GetTask", {"tenant": "finance", "id": "t-tn-1"}), ver="1.0"),
    resp(1.01, 200, ok("tn-2", task10("t-tn-1", "c-tn-1", "TASK_STATE_COMPLETED", artifacts=[art10("a-tn-1", "October closed.")]))),
], [], S485,
     "legal: a client of an interface that declares a tenant copies it into the tenant member of every request (1.0 §8.3.2 rule 4, CARD-008), on JSON-RPC as params.tenant")

# f1254: a 1.0 HTTP+JSON error in RFC 9457 problem details (a2aproject/A2A #1596)
S1596 = ("https://github.com/a2aproject/A2A/issues/1596 ([Bug]: Error format for HTTP+JSON Binding causes friction with gRPC transcoding: 'The "
         "specification states that errors in the HTTP+JSON binding should use RFC 9457 Problem Details format for error response bodies'; the "
         "gRPC binding uses google.rpc.Status; resolved by A2A PR #1600, HTTP+JSON errors became the google.rpc.Status JSON form)")
PD = "https://problem-agent.example.test"
case("f1254-legal-v10-rest-error-problem-details", get_card(0.0, card10(PD + "/a2a", binding="HTTP+JSON"), PD + "/.well-known/agent-card.json") + [
    req(0.2, "GET", PD + "/a2a/tasks/t-pd-404", ver="1.0"),
    resp(0.21, 404, {"type": "https://a2a-protocol.org/errors/task-not-found", "title": "Task not found", "status": 404,
                     "detail": "No task with id t-pd-404", "instance": "/a2a/tasks/t-pd-404"}, ctype="application/problem+json"),
], [], S1596,
     "legal (DIGEST trap 10): 1.0 §11.6 writes an HTTP+JSON error as the google.rpc.Status JSON form, {\"error\": {\"code\": 404, \"status\": \"NOT_FOUND\", \"message\": ..., \"details\": [ErrorInfo TASK_NOT_FOUND]}} (ERR-003, after A2A PR #1600), but 1.0 §6.4 / §6.5 still show RFC 9457 problem details, the drafts' form this agent answers (application/problem+json, a type and title naming TaskNotFound, status 404 as the HTTP status): the spec contradicts itself and the legal reading wins. The 404 is the agent's TaskNotFoundError for a task it never handed out, no sign that the route is missing")

# f1255: a 0.3 gRPC GetTask that names the task by bare id, not the resource name (a2aproject/A2A #870)
S870 = ("https://github.com/a2aproject/A2A/issues/870 (A2A rpc protos questions and suggestions: the multi-segment google.api.http captures "
        "'produced some rather unattractive compound field values (ex: name with a value tasks/my-task-id/pushNotificationConfigs/12345)', which "
        "'requires that gRPC clients be aware of the REST api path structure when forming their requests')")
case("f1255-v03-grpc-get-task-bare-id-as-name", native(G3, [
    ("GetTask", {}, pb_str(1, "t-g3-2"), None, 3, "invalid task name: t-g3-2 (expected tasks/{task_id})", None),
], card=card3g, package="a2a.v1"), [("client-task-call-without-id", "error")], S870,
     "a 0.3 gRPC GetTaskRequest names the task by its resource name, name = \"tasks/{id}\" (0.3 a2a.proto, google.api.http get: \"/v1/{name=tasks/*}\"; GRPC-001); this client put the bare task id in name, which the agent cannot resolve, so every task read fails")

# f1256: a 1.0 gRPC stream that opens with a status update before its task (a2aproject/a2a-python PR #970)
S970 = ("https://github.com/a2aproject/a2a-python/pull/970 (fix(samples): emit Task(TASK_STATE_SUBMITTED) as first streaming event: 'the first "
        "event in a stream must be a Task or a Message object'; the sample's executor had called TaskUpdater first, so its stream opened with "
        "a status update)")
def pb_status_ev(tid, cid, state): return pb_str(1, tid) + pb_str(2, cid) + pb_str(3, pb_int(1, state))
def pb_art_ev(tid, cid, aid, text, last=True):
    return pb_str(1, tid) + pb_str(2, cid) + pb_str(3, pb_str(1, aid) + pb_str(4, pb_str(1, text))) + (pb_int(5, 1) if last else b"")
case("f1256-v10-grpc-stream-opens-with-status-update", native(GH, [
    ("SendStreamingMessage", V10, pb_str(2, pb_str(1, "m-gs-1") + pb_int(4, 1) + pb_str(5, pb_str(1, "hi"))), [
        pb_str(3, pb_status_ev("t-gs-1", "c-gs-1", 2)),
        pb_str(1, pb_task("t-gs-1", "c-gs-1", 1)),
        pb_str(4, pb_art_ev("t-gs-1", "c-gs-1", "a-gs-1", "Hello World! Nice to meet you!")),
        pb_str(3, pb_status_ev("t-gs-1", "c-gs-1", COMPLETED)),
    ], 0, "", None),
], card=gcard()), [("first-stream-event-not-task", "error")], S970,
     "a 1.0 stream that creates a task sends the Task first, then its status and artifact updates (1.0 §3.1.2, STREAM-003, STREAM-005); this agent's first StreamResponse is a WORKING status update for a task the client has not seen, and the Task follows in SUBMITTED, so the state goes back")

# f1257: a 1.0 gRPC client that sends x-a2a-version metadata (a2aproject/a2a-java PR #709's gRPC context keys)
case("f1257-v10-grpc-client-x-a2a-version-metadata", native(GH, [
    ("GetTask", {"x-a2a-version": "1.0"}, pb_str(2, "t-gx-1"), None, 9, "Protocol version '0.3' is not supported. Supported versions: [1.0]",
     pb_status(9, "Protocol version '0.3' is not supported. Supported versions: [1.0]", "VERSION_NOT_SUPPORTED")),
], card=gcard()), [("client-version-mixed-request", "warning")], S709,
     "a 1.0 gRPC client names its version in the a2a-version metadata (1.0 §3.6.1, VER-001); x-a2a-version is the pre-1.0 drafts' key, which a 1.0 server does not read, so it takes the call for 0.3 and a 1.0-only agent refuses it with VersionNotSupportedError (FAILED_PRECONDITION, ErrorInfo VERSION_NOT_SUPPORTED), as f239's call without the key")

write_cases(cases, OUT)
