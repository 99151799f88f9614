"""Session-34 field cases of miner mine34 (f780-f799): same helpers and output format as gen_cases33b.py.

Scope (round thirty-four): files and extensions on the wire, and what gateways put on the
upstream leg, as the newest threads (2026-07 to 2026-09) show them: file parts a text-only
agent refuses with InvalidParams (Branch Agent's A2A channel, openclaw's plugin), a raw part
that carries a whole data: URL instead of base64 (assistant-ui's react-a2a before PR #5220),
file parts at the edges of the format that are allowed (a zero-byte raw part, a media type
with parameters, a data: URL whose media type is left out, gs:// and s3:// object URLs, an
artifact that names a file in text only), extension URIs a client lists in A2A-Extensions
(alDuncanson/Handler), a gateway's native A2A leg (LiteLLM's registered providers), and
what the TCK's 1.0.1 update says of ContentTypeNotSupportedError and of a body that is no
JSON (a2a-tck #216, #240).
`python3 gen_cases34.py [NAME ...]` writes `NAME.jsonl` + `NAME.expect.json` beside this file.
"""
import json, os
OUT = os.path.dirname(os.path.abspath(__file__))
_src = open(os.path.join(OUT, "gen_cases.py")).read()
exec(_src[: _src.index("cases = {}")])  # helpers only: req, resp, chunk, sse, rpc, ok, err, task10, ...
from casewriter import write_cases, card03

cases = {}
def case(name, lines, findings, source, note):
    cases[name] = (lines, findings, source, note)
A2AJ = "application/a2a+json"
CARD_URL = A + "/.well-known/agent-card.json"
TS2 = "2026-03-02T10:16:00.000Z"
EI = "type.googleapis.com/google.rpc.ErrorInfo"
def get_card(t, card, url=CARD_URL):
    return [req(t, "GET", url), resp(t + 0.01, 200, card)]
def send10(t, rid, message, url=A + "/a2a", hdr=None, config=None):
    p = {"message": message}
    if config: p["configuration"] = config
    return req(t, "POST", url, rpc(rid, "SendMessage", p), ver="1.0", hdr=hdr)
def art(aid, parts, **kw):
    a = {"artifactId": aid, "parts": parts}; a.update(kw); return a

# Branch Agent's A2A channel (an openclaw-family gateway, src a2a http handler): a 1.0 JSON-RPC
# card at /a2a/v1, bearer per peer, text/plain only.
BRANCH = A + "/a2a/v1"
BRANCH_CARD = {"name": "Branch Agent", "description": "Branch Agent agent gateway using the Agent2Agent protocol.",
    "supportedInterfaces": [{"url": BRANCH, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
    "version": "2026.9.1", "capabilities": {"streaming": True, "pushNotifications": True},
    "securitySchemes": {"bearerAuth": {"httpAuthSecurityScheme": {"scheme": "Bearer"}}},
    "securityRequirements": [{"schemes": {"bearerAuth": {"list": []}}}],
    "defaultInputModes": ["text/plain"], "defaultOutputModes": ["text/plain"],
    "skills": [{"id": "main", "name": "main", "description": "Branch Agent agent main.", "tags": ["branch"]}]}
PEER = {"authorization": "Bearer peer-token-7f3a"}
OC135716 = ("https://github.com/openclaw/openclaw/issues/135716 ([Feature]: Support file and binary parts in A2A messages: \"The bundled A2A plugin currently handles text and structured data parts only. A standard A2A peer that sends an image, document, or other file as a raw or url part has no interoperable path into an OpenClaw session: those parts are ignored, and a file-only message is rejected with `Message must contain at least one usable text part`\"; 2026-09-02)")

# --- faults ----------------------------------------------------------------------------------------
# openclaw #135716: a file-only message refused with -32602 by an agent whose card lists text/plain only
case("f780-v10-file-only-message-refused-invalid-params", get_card(0.0, BRANCH_CARD) + [
    send10(0.1, "s-135716a", umsg10("", mid="m-135716a", parts=[{"url": "https://files.example.test/q3/board-deck.pdf", "mediaType": "application/pdf", "filename": "board-deck.pdf"}]), url=BRANCH, hdr=PEER),
    resp(0.12, 200, err("s-135716a", -32602, "Message must contain at least one usable text part")),
], [("valid-request-refused-invalid-params", "warning")],
 OC135716 + " ; the refusal's words and the card are those of the channel's handler (admitMessage: `throw new A2aProtocolError(-32602, \"Message must contain at least one usable text part\")`; createAgentCard: defaultInputModes [\"text/plain\"]). The exchange is rebuilt from the issue and the handler",
 "the message is well formed: one url part with a media type and a filename is a valid Part (DATA-004), and a send needs no text part. The agent takes text only (its card lists text/plain alone), so refusing the file is its right, but with ContentTypeNotSupportedError (-32005, ERR-002), not InvalidParams: -32602 tells the peer its request is malformed, and a client that retries on content-type errors (or falls back to a text summary) never learns why")

# the same handler, a url part that declares no media type (mediaType is optional): only the words tell
case("f781-v10-url-part-without-media-type-refused-text-required", get_card(0.0, BRANCH_CARD) + [
    send10(0.1, "s-135716b", umsg10("", mid="m-135716b", parts=[{"url": "https://files.example.test/scans/receipt-2291", "filename": "receipt-2291.jpg"}]), url=BRANCH, hdr=PEER),
    resp(0.12, 200, err("s-135716b", -32602, "Message must contain at least one usable text part")),
], [("valid-request-refused-invalid-params", "warning")],
 OC135716 + " ; the same handler's refusal (extractA2aMessageText finds no text, so admitMessage throws -32602). The exchange is rebuilt: a peer sends one url part without mediaType (Part.media_type is optional in the 1.0 proto), so no media type can be compared with the card's modes; the error message is the handler's own",
 "a url part without mediaType is a valid Part (DATA-004: exactly one of text, raw, url, data; mediaType, filename and metadata are optional), and a message needs no text part. The agent refused it because it reads text only, which is ContentTypeNotSupportedError (-32005, ERR-002), and said so in InvalidParams (-32602) with the words 'must contain at least one usable text part': the client is told its request is malformed when it is not")

# assistant-ui react-a2a before PR #5220: a data: URL that is not base64 went out as the raw bytes
case("f782-v10-raw-part-carries-data-url", get_card(0.0, CARD10) + [
    send10(0.1, "s-5220", umsg10("summarise the attached notes", mid="m-5220", parts=[{"text": "summarise the attached notes"}, {"raw": "data:text/plain,standup%20notes%3A%20ship%20v2", "mediaType": "text/plain", "filename": "notes.txt"}])),
    resp(0.12, 200, err("s-5220", -32602, "Invalid params: message.parts[1].raw: invalid base64")),
], [("request-message-invalid-shape", "error")],
 "https://github.com/assistant-ui/assistant-ui/pull/5220 (fix(react-a2a): forward audio and data parts and handle zero-byte data URLs: \"the file branch passes unparseable data: URLs through as url like the image branch already does ... Non-base64 data URLs in file parts go out as url instead of a URI string mislabeled as base64 bytes\"; merged 2026-07-27) ; https://github.com/assistant-ui/assistant-ui/issues/7217 (Media-type-less base64 data URLs are forwarded without decoding: \"resolveFilePartSource leaves the entire data URL in the data field instead of extracting SGVsbG8= ... Adapters that expect raw base64 can then forward an invalid provider payload\"; 2026-09-11). The exchange is rebuilt from the PR description: a percent-encoded data: URL put whole into Part.raw; the agent's words are rebuilt",
 "Part.raw is proto bytes, which ProtoJSON writes as base64 (DATA-004, DATA-001); the client put a whole percent-encoded data: URL there ('data:text/plain,standup%20notes...': ':' ',' and '%' are no base64 characters), so every ProtoJSON reader refuses the message and the agent's -32602 is right. Send a data: URL as Part.url (RFC 2397 is a URL), or decode it and send its bytes base64-encoded in raw with the URL's media type")

# --- legal controls --------------------------------------------------------------------------------
# BerriAI/litellm PR #38025: the gateway's native A2A leg carries its own `messages` member and contextId null
case("f798-legal-v03-gw-native-leg-extra-member-null-context", [
    req(0.0, "GET", A + "/.well-known/agent-card.json"),
    resp(0.01, 200, dict(card03(A + "/"), name="pydantic-ai-agent")),
    req(0.1, "POST", A + "/", rpc("3b9f", "message/send", {"message": {"role": "user", "parts": [{"kind": "text", "text": "user: what changed in the Q3 forecast?"}], "messageId": "4c1e8a", "contextId": None, "kind": "message"},
        "messages": [{"role": "user", "content": "what changed in the Q3 forecast?"}]}), hdr={"user-agent": "litellm/1.95.0"}),
    resp(1.5, 200, ok("3b9f", task03("t-38025", "c-38025", "completed", artifacts=[{"artifactId": "a-38025", "parts": [{"kind": "text", "text": "The Q3 forecast lowers EMEA revenue by 4%."}]}]))),
], [],
 "https://github.com/BerriAI/litellm/pull/38025 (fix: honor registered A2A providers; review thread 2026-08-26 on litellm/proxy/agent_endpoints/a2a_routing.py: the params built for a registered Pydantic AI or AgentCore agent are `\"message\": {\"role\": \"user\", \"parts\": ({\"kind\": \"text\", \"text\": convert_messages_to_prompt(messages)},), \"messageId\": str(uuid4()), \"contextId\": session_id}, \"messages\": messages`, session_id None when the caller sent no session; \"this internal messages member is forwarded inside JSON-RPC params, causing strict A2A servers to reject requests\"; fixed in 9af6eacf84). The upstream leg is rebuilt from the diff; the agent here is a lenient one that ignores what it does not know",
 "legal on the wire, however untidy: an extra params member (`messages`) is one the receiver ignores (DATA-003), and a null contextId leaves an optional member unset, as the project reads null for optional members in 0.x (every 0.x SDK's optional) and ProtoJSON does in 1.0. A strict agent that refuses either is stricter than A2A asks; the gateway's fix (omit both) is still the better wire")

# assistant-ui PR #5220: a zero-byte file goes out as raw "" with its media type
case("f790-legal-v10-raw-zero-byte-file", get_card(0.0, CARD10) + [
    send10(0.1, "s-5220z", umsg10("attach the placeholder", mid="m-5220z", parts=[{"text": "attach the placeholder"}, {"raw": "", "mediaType": "text/plain", "filename": "empty.txt"}])),
    resp(0.15, 200, ok("s-5220z", {"task": task10("t-5220z", "c-5220z", "TASK_STATE_COMPLETED", artifacts=[art("a-5220z", [{"text": "Noted: empty.txt is empty (0 bytes)."}])])})),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/5220 (\"Core's shared parseDataUrl accepts zero-byte base64 payloads (data:<mime>;base64,) ... Zero-byte files now ship as {raw: \\\"\\\", mediaType} instead of leaking the whole data URL into a url or base64-labeled field\"; merged 2026-07-27)",
 "legal: \"\" is the base64 of zero bytes, and a oneof member is set even at its default value (ProtoJSON writes a set oneof field whatever its value), so {raw: \"\"} is a file part of zero bytes with a media type and a filename (DATA-004)")

# assistant-ui PR #7221 review: a media type with a charset parameter on a file part
case("f791-legal-v10-part-media-type-with-charset", get_card(0.0, CARD10) + [
    send10(0.1, "s-7221a", umsg10("translate the attached text", mid="m-7221a", parts=[{"text": "translate the attached text"}, {"raw": "SGFsbG8gV2VsdA==", "mediaType": "text/plain;charset=US-ASCII", "filename": "greeting.txt"}])),
    resp(0.15, 200, ok("s-7221a", {"task": task10("t-7221a", "c-7221a", "TASK_STATE_COMPLETED", artifacts=[art("a-7221a", [{"raw": "SGVsbG8gV29ybGQ=", "mediaType": "text/plain; charset=utf-8", "filename": "greeting.en.txt"}])])})),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/7221 (fix: parse data URLs without media types; review thread 2026-09-11 on packages/core/src/utils/data-url.ts: the default for a data URL without a media type \"is the first value either parseDataUrl or dataUrlMediaType can return that carries a media-type parameter\" (text/plain;charset=US-ASCII, RFC 2397's default), \"written straight into wire fields\") ; https://github.com/assistant-ui/assistant-ui/issues/7217 (2026-09-11)",
 "legal on the A2A wire: Part.mediaType is a media type (DATA-004), and a media type may carry parameters (RFC 2045 §5.1, RFC 9110 §8.3.1: type/subtype followed by ;name=value, with or without a space); text/plain;charset=US-ASCII names one type exactly, unlike a media range (image/*). A consumer that wants the bare type drops what follows ';'")

# assistant-ui PR #7221 review: a percent-encoded data: URL that leaves its media type out
case("f792-legal-v10-url-part-data-url-without-media-type", get_card(0.0, CARD10) + [
    send10(0.1, "s-7221b", umsg10("count the words in the attachment", mid="m-7221b", parts=[{"text": "count the words in the attachment"}, {"url": "data:;charset=utf-8,hello%20from%20the%20attachment", "mediaType": "text/plain"}])),
    resp(0.15, 200, ok("s-7221b", {"task": task10("t-7221b", "c-7221b", "TASK_STATE_COMPLETED", artifacts=[art("a-7221b", [{"text": "4 words."}])])})),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/7221 (review thread 2026-09-14 on toCreateMessage.test.ts: \"the percent-encoded leg still ships an envelope that declares nothing ... data:;charset=utf-8,hello falls to isParsableUrl and passes through verbatim\") ; https://github.com/gosub-io/gosub-engine/pull/1234 (review 2026-09-10: \"data:;charset=utf-8,hello must resolve to text/plain;charset=utf-8 ... RFC 2397 explicitly permits this shorthand\")",
 "legal: RFC 2397's mediatype is [type/subtype] *(;parameter), so data:;charset=utf-8,<data> is a valid data URL (text/plain;charset=utf-8 by default), and a Part's url may be any URL (DATA-004); the part's own mediaType says text/plain as well")

# assistant-ui PR #5445: url parts that name object-store references (gs://, s3://)
case("f793-legal-v10-url-parts-object-store-schemes", get_card(0.0, CARD10) + [
    send10(0.1, "s-5445", umsg10("compare these two exports", mid="m-5445", parts=[{"text": "compare these two exports"},
        {"url": "gs://acme-exports/2026/q3/ledger.csv", "mediaType": "text/csv", "filename": "ledger.csv"},
        {"url": "s3://acme-archive/2026/q2/ledger.csv", "mediaType": "text/csv", "filename": "ledger-q2.csv"}])),
    resp(0.2, 200, ok("s-5445", {"task": task10("t-5445", "c-5445", "TASK_STATE_COMPLETED", artifacts=[art("a-5445", [{"text": "Q3 adds 214 rows; 3 accounts changed."},
        {"url": "gs://acme-exports/2026/q3/ledger-diff.csv", "mediaType": "text/csv", "filename": "ledger-diff.csv"}])])})),
], [],
 "https://github.com/assistant-ui/assistant-ui/pull/5445 (feat(core,react-a2a,react-ag-ui,react-google-adk): honor sourceType \"url\" in remaining file converters: \"react-a2a and react-ag-ui: sourceType: 'url' forces the protocol's url source for non-http(s) references (s3://, gs://, signed schemes) instead of falling through to the bytes leg\"; merged 2026-07-31)",
 "legal: Part.url is a URL of the file's content (DATA-004), not an http(s) URL: a gs:// or s3:// object reference is one, for peers that share the store; the bucket names are no hosts of this network (no loopback, private or cluster-internal address is named), so nothing here is unreachable by construction")

# archestra #7594: an artifact that names the file in its text only (the agent had no file path yet)
case("f794-legal-v10-list-tasks-artifact-names-file-in-text", get_card(0.0, CARD10) + [
    send10(0.1, "s-7594", umsg10("grafik olarak PDF hazırla", mid="m-7594")),
    resp(3.0, 200, ok("s-7594", {"task": task10("t-7594", "c-7594", "TASK_STATE_COMPLETED", artifacts=[art("a-7594", [{"text": "PDF hazır: aktif_ayrilan_dagilimi.pdf"}])])})),
    req(4.0, "POST", A + "/a2a", rpc("l-7594", "ListTasks", {"contextId": "c-7594", "includeArtifacts": True}), ver="1.0"),
    resp(4.01, 200, ok("l-7594", {"tasks": [task10("t-7594", "c-7594", "TASK_STATE_COMPLETED", artifacts=[art("a-7594", [{"text": "PDF hazır: aktif_ayrilan_dagilimi.pdf"}])])], "nextPageToken": "", "pageSize": 50, "totalSize": 1})),
], [],
 "https://github.com/archestra-ai/archestra/issues/7594 (A2A artifacts are text-only outbound: \"Calling a chat agent over /v2/a2a/{agentId} (A2A-Version: 1.0) ... GetTask / ListTasks with includeArtifacts: true -> 1 artifact, whose single part has only text. No filename, mediaType, raw or url\"; 2026-09-01) ; https://github.com/archestra-ai/archestra/pull/7595 (keeps file parts in the artifact; closed 2026-09-02)",
 "legal on the wire: an artifact of one text part is well formed (DATA-004), and nothing in A2A obliges an agent to ship the files its tools wrote; the missing PDF is a product gap the caller sees in the text, not a protocol fault. The card's defaultOutputModes (text/plain) match what was sent")

# archestra PR #7595: the fixed artifact keeps the file part (url + mediaType + filename)
case("f795-legal-v10-stream-artifact-file-part-after-text", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", rpc("s-7595", "SendStreamingMessage", {"message": umsg10("export the chart as PDF", mid="m-7595")}), ver="1.0", accept="text/event-stream"),
    resp(0.2, 200, "", ctype="text/event-stream"),
    chunk(0.21, sse(ok("s-7595", {"task": task10("t-7595", "c-7595", "TASK_STATE_WORKING")}))),
    chunk(2.5, sse(ok("s-7595", {"artifactUpdate": {"taskId": "t-7595", "contextId": "c-7595", "lastChunk": True, "artifact": art("a-7595", [
        {"text": "PDF ready: aktif_ayrilan_dagilimi.pdf"},
        {"url": "https://agent.example.test/api/a2a/files/f-7595/aktif_ayrilan_dagilimi.pdf", "mediaType": "application/pdf", "filename": "aktif_ayrilan_dagilimi.pdf"}])}}))),
    chunk(2.6, sse(ok("s-7595", {"statusUpdate": {"taskId": "t-7595", "contextId": "c-7595", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": TS2}}}))),
    chunk(2.61, "", close="eof"),
], [],
 "https://github.com/archestra-ai/archestra/pull/7595 (fix(a2a): keep file parts when building the response artifact: \"This PR keeps file parts in both places, carrying url + mediaType + filename ... a text-only run is identical\"; 2026-09-01)",
 "legal: an artifact may mix a text part and a url part (DATA-004), the file is served under the agent's own public host with its media type and filename, and the stream ends with the terminal status (STREAM-003). The card's defaultOutputModes list text/plain only, but no acceptedOutputModes were asked, and modes are a hint the agent may go beyond when the client set none")

# alDuncanson/Handler PR #118: the client lists two extension URIs; the agent activates the one it declares
HX_REQ = "https://a2a.example.test/ext/citations/v1"
HX_OTHER = "https://a2a.example.test/ext/trace/v2"
HCARD = dict(CARD10, capabilities={"streaming": True, "pushNotifications": False, "extensions": [{"uri": HX_REQ, "description": "citations in message metadata", "required": True}]})
case("f796-legal-v10-extensions-header-lists-two-uris", get_card(0.0, HCARD) + [
    send10(0.1, "s-118", umsg10("cite your sources for the Q3 churn", mid="m-118"), hdr={"a2a-extensions": HX_REQ + ", " + HX_OTHER}),
    resp(0.3, 200, ok("s-118", {"task": task10("t-118", "c-118", "TASK_STATE_COMPLETED", artifacts=[art("a-118", [{"text": "Churn rose 1.2 points [1]."}], metadata={HX_REQ: {"citations": [{"id": 1, "url": "https://intranet.example.test/q3-report"}]}}, extensions=[HX_REQ])])}),
        hdr={"a2a-extensions": HX_REQ}),
], [],
 "https://github.com/alDuncanson/Handler/pull/118 (feat: support A2A extensions: \"A2AService accepts an extensions list of URIs and sends them as the A2A-Extensions header on every request ... warn, but only for extensions the card marks required and the client is not requesting\"; merged 2026-08-17) ; https://github.com/alDuncanson/Handler/issues/107 (2026-08-16)",
 "legal: A2A-Extensions is a comma-separated list of URIs (EXT-001; optional whitespace after the comma is the HTTP list syntax); the client may ask for an extension the agent does not support, which the agent ignores (EXT-003), and it activated the card's required citations extension, echoed it (EXT-004) and keyed its metadata by the URI")

# alDuncanson/Handler #107 (before PR #118): no A2A-Extensions at all, to a card that requires one: refused
case("f797-legal-v10-required-extension-missing-refused", get_card(0.0, HCARD) + [
    send10(0.1, "s-107", umsg10("cite your sources for the Q3 churn", mid="m-107")),
    resp(0.11, 200, err("s-107", -32008, "Extension support required: " + HX_REQ, [{"@type": EI, "reason": "EXTENSION_SUPPORT_REQUIRED", "domain": "a2a-protocol.org", "metadata": {"extensions": HX_REQ}}])),
], [],
 "https://github.com/alDuncanson/Handler/issues/107 (Support A2A extensions: \"Handler has no handling for A2A extensions: neither the A2A-Extensions request header nor AgentExtension declarations on the agent card\"; 2026-08-16) ; https://github.com/alDuncanson/Handler/pull/118 (\"an agent may refuse or degrade without them\"; 2026-08-17)",
 "legal for the agent: the card marks the citations extension required and the request activated none, so ExtensionSupportRequiredError (-32008) with an ErrorInfo is the answer EXT-002 demands (ERR-002, ERR-004); the client that sent no A2A-Extensions learns which URI to send")

# a2aproject/a2a-tck #216: the TCK's body is a Python dict's repr (not JSON) sent as text/plain; -32700 is the answer
TCK_BODY = str({"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": {"messageId": "m-216", "role": "ROLE_USER", "parts": [{"text": "hello", "mediaType": "text/plain"}]}}})
case("f799-legal-v10-tck-repr-body-answered-parse-error", get_card(0.0, CARD10) + [
    req(0.1, "POST", A + "/a2a", TCK_BODY, ver="1.0", ctype="text/plain"),
    resp(0.11, 200, err(None, -32700, "Parse error")),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/216 ([Bug]: test_content_type_not_supported_error sends unparseable JSON and tests the HTTP header, not Part.media_type: \"The body is built with str(payload).encode() on a Python dict ... which is not valid JSON ... A server that correctly parses JSON has no way to return ContentTypeNotSupportedError specifically ... a generic ParseError (-32700) is the more defensible response\"; 2026-08-06)",
 "legal for the agent: a body that is no JSON can only be answered -32700 Parse error with id null (RPC-002, ERR-001); ContentTypeNotSupportedError is about the media types of the message's parts (1.0 §3.3.2), not the HTTP Content-Type, so the test's expectation is the fault. The client's body is its own fault (a note)")

# a2aproject/a2a-tck #240 / PR #238: ContentTypeNotSupportedError over HTTP+JSON, 1.0.1's 400 as application/a2a+json
RCARD = dict(CARD10, supportedInterfaces=[{"url": A + "/a2a/rest", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])
case("f784-legal-v10-rest-image-part-refused-content-type-not-supported-400", get_card(0.0, RCARD) + [
    req(0.1, "POST", A + "/a2a/rest/message:send", {"message": umsg10("", mid="m-240a", parts=[{"text": "what is in this picture?"}, {"raw": "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "mediaType": "image/png", "filename": "pixel.png"}])}, ver="1.0", ctype=A2AJ),
    resp(0.12, 400, {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": "Media type image/png is not supported by this agent", "details": [{"@type": EI, "reason": "CONTENT_TYPE_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}}, ctype=A2AJ),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/240 (Update TCK for A2A specification v1.0.1: \"HTTP+JSON Content-Type — application/json → application/a2a+json\"; \"ContentTypeNotSupportedError http_status 415 (Unsupported Media Type) → 400 (Bad Request)\"; 2026-09-07) ; https://github.com/a2aproject/a2a-tck/pull/238 (\"keep AIP-193 MUST checks focused on the required error object instead of rejecting the A2A media type\"; 2026-09-07)",
 "legal: the card lists text/plain only and the agent refuses the image part with ContentTypeNotSupportedError as 1.0.1 maps it over HTTP+JSON, 400 with a google.rpc.Status body whose ErrorInfo reason is CONTENT_TYPE_NOT_SUPPORTED (ERR-002, ERR-003), sent as application/a2a+json, the 1.0.1 binding's media type (§11.1 SHOULD)")

case("f785-legal-v10-rest-image-part-refused-content-type-not-supported-415", get_card(0.0, RCARD) + [
    req(0.1, "POST", A + "/a2a/rest/message:send", {"message": umsg10("", mid="m-240b", parts=[{"text": "what is in this picture?"}, {"url": "https://files.example.test/img/kitchen.heic", "mediaType": "image/heic", "filename": "kitchen.heic"}])}, ver="1.0", ctype=A2AJ),
    resp(0.12, 415, {"error": {"code": 415, "status": "INVALID_ARGUMENT", "message": "Media type image/heic is not supported by this agent", "details": [{"@type": EI, "reason": "CONTENT_TYPE_NOT_SUPPORTED", "domain": "a2a-protocol.org"}]}}),
], [],
 "https://github.com/a2aproject/a2a-tck/issues/240 (\"ContentTypeNotSupportedError http_status 415 (Unsupported Media Type) → 400 (Bad Request)\" between v1.0.0 and v1.0.1, both A2A-Version 1.0; 2026-09-07)",
 "legal: A2A-Version 1.0 covers 1.0.0 and 1.0.1 (patch versions are not negotiated, ERR-002), and 1.0.0's table maps ContentTypeNotSupportedError to 415; the ErrorInfo names the reason, so the client learns the part's media type is what the agent does not take")

# liujuanjuan1984/codex-a2a #339 (opencode-a2a #496): the card advertises the bare URL for HTTP+JSON, the routes live under /v1
CODEX_CARD = dict(CARD10, name="codex-a2a", supportedInterfaces=[{"url": A, "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}, {"url": A + "/rpc", "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}])
case("f786-v10-rest-card-root-url-routes-under-v1", get_card(0.0, CODEX_CARD) + [
    req(0.1, "POST", A + "/message:send", {"message": umsg10("review the diff in PR 88", mid="m-339")}, ver="1.0", ctype=A2AJ),
    resp(0.11, 404, {"detail": "Not Found"}),
], [("card-url-unreachable", "error")],
 "https://github.com/liujuanjuan1984/codex-a2a/issues/339 ([bug] HTTP+JSON routes carry the adapter's own /v1 prefix, unlike the root URL the Agent Card advertises, so spec clients get 404: \"A2A 1.0 clients resolve REST paths relative to supportedInterfaces[].url (the official JS SDK appends /message:send), so they request the root path and get 404\"; 2026-08-22; fixed by moving the routes back to the root) ; https://github.com/Intelligent-Internet/opencode-a2a/pull/497 (the same fault in opencode-a2a, #496; 2026-08-22). The exchange is rebuilt from the issue (FastAPI's 404 body)",
 "the HTTP+JSON binding's routes are the operation paths under the interface URL the card advertises (REST-001, 1.0 §11.3: POST {url}/message:send); the card says the root, the agent serves /v1/message:send only, so every spec client's call 404s. Serve the routes where the card points (the fix taken), or advertise the URL they are under")

# vellum-ai/vellum-assistant PR #39572: the card kept advertising an A2A interface whose routes the gateway had removed
VELLUM_CARD = dict(CARD10, name="Vellum Assistant", supportedInterfaces=[{"url": A + "/a2a", "protocolBinding": "HTTP+JSON", "protocolVersion": "1.0"}])
case("f787-v10-rest-card-advertises-removed-route", get_card(0.0, VELLUM_CARD) + [
    req(0.1, "POST", A + "/a2a/message:send", {"message": umsg10("hello from a peer assistant", mid="m-39572")}, ver="1.0", ctype=A2AJ),
    resp(0.11, 404, {"error": "Not found"}),
], [("card-url-unreachable", "error")],
 "https://github.com/vellum-ai/vellum-assistant/pull/39572 (fix(a2a): stop advertising an A2A endpoint the gateway does not serve (LUM-2924): \"The A2A agent card advertised <publicBaseUrl>/a2a/message:send, but no gateway route serves that path, so a peer following the advertised interface got a 404 ... the card builder was not touched. It kept emitting the URL of a route that no longer existed\"; merged 2026-07-30). The exchange is rebuilt from the PR description",
 "a card's interface is a promise that its binding's operations are served there (CARD-003, REST-001); the gateway's card still lists the HTTP+JSON interface at /a2a after the routes were removed in review, so a peer that follows it gets 404 on message:send. Advertise only what the gateway serves (the fix: no protocol interface on a discovery-only card), and test the card's URLs against the route table")

# datalayer/fasta2a PR #61: 0.3 extension negotiation: echo the activated subset, refuse a send that leaves a required one inactive
FX_CIT = "urn:example:citations"
FX_TRACE = "urn:example:trace"
FX_UNKNOWN = "urn:example:nobody-declared-this"
FCARD = card03(A + "/", name="fasta2a-agent", capabilities={"streaming": True, "extensions": [{"uri": FX_CIT, "required": True}, {"uri": FX_TRACE}]})
F61 = "https://github.com/datalayer/fasta2a/pull/61 (feat: negotiate A2A extensions: \"Per request, the A2A-Extensions header is parsed, intersected with the supported set (in the client's order), and echoed back on the response ... A URI the agent never declared is not echoed, which is how the client learns it was ignored ... A message/send / message/stream that leaves a required extension inactive is refused with -32600 and data.missing_required_extensions, before any task is created\"; merged 2026-09-05)"
case("f788-legal-v03-extensions-echo-only-declared-subset", get_card(0.0, FCARD) + [
    req(0.1, "POST", A + "/", rpc("61a", "message/send", {"message": umsg03("why did churn rise?", mid="m-61a")}), hdr={"a2a-extensions": FX_UNKNOWN + "," + FX_CIT}),
    resp(0.4, 200, ok("61a", task03("t-61a", "c-61a", "completed", artifacts=[{"artifactId": "a-61a", "parts": [{"kind": "text", "text": "Churn rose after the price change [1]."}], "metadata": {FX_CIT: [{"id": 1, "source": "q3-report"}]}, "extensions": [FX_CIT]}])), hdr={"a2a-extensions": FX_CIT}),
], [],
 F61 + ". The exchange is rebuilt from the PR description and its tests (urn:example:* URIs)",
 "legal: the agent activates the declared, requested extension and echoes only it (EXT-004), ignoring the URI it never declared (EXT-003: unsupported extensions are ignored, the echo tells the client); the header's 1.0 name A2A-Extensions on a 0.3 call is one the SDKs' 0.3 compat layers read beside X-A2A-Extensions (a2a-python PR #984), so nothing is lost")

case("f783-v03-required-extension-inactive-refused-invalid-request", get_card(0.0, FCARD) + [
    req(0.1, "POST", A + "/", rpc("61b", "message/send", {"message": umsg03("why did churn rise?", mid="m-61b")}), hdr={"a2a-extensions": FX_TRACE}),
    resp(0.11, 200, err("61b", -32600, "Required extensions not activated", {"missing_required_extensions": [FX_CIT]})),
], [("jsonrpc-error-code-mismatch", "error")],
 F61 + ". The refusal's words are rebuilt; its code and data member are the PR's",
 "refusing is right: the card marks the citations extension required and the request activated only trace, so the agent refuses before creating a task (EXT-002 in 1.0; in 0.3 topics/extensions.md a required extension the client did not request is refused), naming the missing URI in error.data. The code is the fault: -32600 Invalid Request says the body is no valid JSON-RPC Request object (ERR-001, JSON-RPC 2.0 §5.1), and this one is valid, so a client retries or reports a framing bug instead of activating the extension. 0.3 defines no code for it: answer with a server error in -32000..-32099 naming the missing URI (1.0: ExtensionSupportRequiredError -32008)")

# Intelligent-Internet/opencode-a2a #520: an empty SendMessage / an empty REST body was executed instead of refused first
OC520 = "https://github.com/Intelligent-Internet/opencode-a2a/issues/520 ([Priority: High] [Quality] converge the A2A 1.0 contract: \"fix empty SendMessage / empty REST body not being rejected before execution\" among three A2A 1.0 semantic deviations; 2026-08-24; fixed in PR #521 with regression tests on both transports)"
case("f789-v10-rest-empty-send-body-executed", get_card(0.0, RCARD) + [
    req(0.1, "POST", A + "/a2a/rest/message:send", {}, ver="1.0", ctype=A2AJ),
    resp(2.4, 200, {"task": task10("t-520", "c-520", "TASK_STATE_FAILED", status={"state": "TASK_STATE_FAILED", "timestamp": TS, "message": amsg10("OpenCode returned no output for an empty prompt.", mid="m-520r", taskId="t-520", contextId="c-520")})}, ctype=A2AJ),
], [("request-message-invalid-shape", "error"), ("send-without-message-accepted", "warning")],
 OC520 + ". The exchange is rebuilt from the issue: the empty body reached the executor, which ran an empty prompt and failed",
 "two faults. The client's SendMessageRequest has no message, which the 1.0 proto makes REQUIRED (DATA-005). The agent ran it anyway and answered with a FAILED task two seconds later: an agent validates input before it executes anything and refuses a request without its REQUIRED message with 400 INVALID_ARGUMENT (ERR-006), so no task is made for a call that asked for nothing")

write_cases(cases, OUT)
