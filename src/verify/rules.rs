/*!
The static rule registry. IDs are `AREA-TOPIC-NNN`, permanent, never reused; `name` is a
stable kebab-case alias. Severity: error = a MUST of the spec, warning = a SHOULD, note =
advice. Each rule lists the `A2A-DIGEST.md` requirement IDs it enforces in `spec`.

Each rule is a `const` so the engine can name it (`&rules::CARD_URL_DOUBLED_PATH`) and the
registry [`RULES`] lists them all in ID order.
*/

use super::finding::{Category, Rule, Severity};

macro_rules! rule {
    ($konst:ident, $id:literal, $name:literal, $sev:ident, $cat:ident, [$($spec:literal),+], $summary:literal, $help:literal) => {
        #[doc = concat!("`", $id, "` (`", $name, "`): ", $summary, ". Spec: ", $(" ", $spec),+, ".")]
        pub const $konst: Rule = Rule {
            id: $id,
            name: $name,
            severity: Severity::$sev,
            category: Category::$cat,
            summary: $summary,
            spec: &[$($spec),+],
            help: $help,
            retired: false,
        };
    };
}

// ---- Agent Card shape -------------------------------------------------------------------
rule!(CARD_SHAPE_MISSING_FIELD, "CARD-SHAPE-001", "card-missing-required-field", Error, AgentCard,
    ["CARD-003", "CARD-004"],
    "agent card lacks a required member or has an empty required list",
    "add every required member of the AgentCard for the declared protocol version (1.0: name, description, supportedInterfaces, version, capabilities, defaultInputModes, defaultOutputModes, skills; 0.3 also url and protocolVersion)");
rule!(CARD_SHAPE_FLAG_NOT_BOOLEAN, "CARD-SHAPE-002", "card-capability-not-boolean", Error, AgentCard,
    ["CARD-003", "CARD-004"],
    "agent card capability flag is not a boolean",
    "write capability flags (streaming, pushNotifications, extendedAgentCard, supportsAuthenticatedExtendedCard) and each capabilities.extensions[].required as JSON true or false (a JavaScript client takes the string \"false\" for true)");
rule!(
    CARD_SHAPE_INTERFACE,
    "CARD-SHAPE-003",
    "card-interface-malformed",
    Error,
    AgentCard,
    ["CARD-005", "CARD-006"],
    "agent card interface entry or link is malformed (a JSON-RPC or HTTP+JSON interface url that is no http(s) url included)",
    "give every interface an absolute url (an http(s) url for JSONRPC and HTTP+JSON, which run over HTTP: a slim://, nats:// or ws:// endpoint goes in an interface of its own binding), its protocolBinding (or transport) and protocolVersion, one transport per url (0.3), and every card link (iconUrl, documentationUrl, provider.url, OAuth 2.0 and OpenID Connect URLs) an absolute http(s) url or none"
);
rule!(
    CARD_SHAPE_NOT_JSON,
    "CARD-SHAPE-004",
    "card-not-json",
    Error,
    AgentCard,
    ["CARD-001", "CARD-002"],
    "agent card response is not a JSON object",
    "serve the Agent Card as a JSON object with Content-Type application/json"
);
rule!(
    CARD_CACHE_HEADERS,
    "CARD-CACHE-001",
    "card-cache-headers-missing",
    Note,
    AgentCard,
    ["CARD-009"],
    "1.0 agent card served without a freshness lifetime (Cache-Control max-age) or without an ETag, or an agent card revalidation with If-None-Match (any version) answered 304 Not Modified without the ETag the card carries (RFC 9110 §15.4.5, RFC 9111 §4.3.4)",
    "send the public Agent Card with Cache-Control carrying a max-age suited to how often the card changes (public, max-age=300) and an ETag derived from a hash of its bytes (or from its version, bumped with every change), so clients keep it for that long and then revalidate with If-None-Match instead of fetching it again (1.0 §8.6.1 SHOULD, RFC 9111); answer that revalidation with a 304 that repeats the ETag (and Cache-Control) the 200 sends (RFC 9110 §15.4.5): a cache picks the stored card a 304 freshens by its ETag (RFC 9111 §4.3.4)"
);
rule!(
    CARD_ETAG_STALE,
    "CARD-CACHE-002",
    "card-etag-kept-for-changed-card",
    Warning,
    AgentCard,
    ["CARD-009"],
    "agent card served twice at one URL under the same strong ETag with different content: a client that revalidates with If-None-Match gets 304 Not Modified and keeps the old card (RFC 9110 §8.8.3)",
    "derive the card's ETag from its bytes (a hash of the serialized card) or bump version with every change when the ETag is derived from it: a strong ETag changes whenever the representation does (RFC 9110 §8.8.3), or clients that revalidate keep a card with the old capabilities, skills and interface urls"
);
rule!(CARD_PATH_LEGACY_ONLY, "CARD-PATH-001", "card-not-at-agent-card-json", Error, AgentCard,
    ["CARD-002"],
    "1.0 agent card missing at /.well-known/agent-card.json (answered 404 there) while served at the 0.2 path /.well-known/agent.json",
    "serve the card at /.well-known/agent-card.json, where 1.0 and 0.3 clients (a2a-python A2ACardResolver, a2a-js) fetch it; keep /.well-known/agent.json only as an extra copy for 0.2 clients");
// A note: 0.3 §5.3 names agent-card.json the recommended location (CARD-002), not a MUST,
// so a 0.3 card only at the 0.2 path is legal (f295, adcp-client #316); yet every 0.3 SDK's
// card resolver fetches only there, which is how agentscope-java #1455 (f480) failed.
rule!(CARD_PATH_V03_LEGACY_ONLY, "CARD-PATH-003", "card-0-3-not-at-agent-card-json", Note, AgentCard,
    ["CARD-002"],
    "0.3 agent card (protocolVersion 0.3) missing at /.well-known/agent-card.json (answered 404 there) while served at the 0.2 path /.well-known/agent.json",
    "serve the card at /.well-known/agent-card.json, the location 0.3 §5.3 names and the only one 0.3 card resolvers fetch (a2a-python A2ACardResolver, a2a-js, a2a-java), and keep /.well-known/agent.json as an extra copy for 0.2 clients; a 0.3 card whose agent.json path is hard-wired in an older server release (a2a-js 0.3.0, agentscope-java 1.0.12) needs that route added or the release updated");
rule!(CARD_PATH_REDIRECTED, "CARD-PATH-002", "card-path-redirects", Warning, AgentCard,
    ["CARD-002"],
    "a well-known Agent Card path answers a redirect (301/302/303/307/308) instead of the card",
    "serve the card itself at /.well-known/agent-card.json (0.2: agent.json) with 200: clients that do not follow redirects find no card (a2a-python's A2ACardResolver fetches with httpx, which does not follow them by default); fetch-based clients (a2a-js) follow");
// mine31b f702 (a2a-java #1106): the well-known card path answers 404 on an origin that
// answers 1.0 A2A calls, and no card is served anywhere on it in the recording. An error:
// CARD-001 (MUST: make a card available) and CARD-002 (MUST in 1.0: at that path). 0.x
// agents are left out (0.3 §5.3 only recommends the path; a 0.2 agent serves agent.json).
rule!(CARD_PATH_NOT_SERVED, "CARD-PATH-004", "card-not-served", Error, AgentCard,
    ["CARD-001", "CARD-002"],
    "an origin that answered 1.0 A2A calls answered 404 at /.well-known/agent-card.json, and no agent card was served on that origin anywhere else in the recording",
    "serve the public card at /.well-known/agent-card.json of the origin that serves the A2A endpoint (1.0 §8.2, RFC 8615): every SDK's card resolver (A2ACardResolver, a2a-js, a2a-go, a2a-java) looks there first, so without it the agent can be reached only by clients given its url out of band; a server that mounts JSON-RPC alone must still mount the card route (a2a-java #1106)");
// mine53 (a2a-python #799, a2a-java PR #837): a card resolver that joins paths asks for
// `.../.well-known/agent-card.json/` or `.../agent-card.json/custom/card.json`, which no
// agent publishes, and reads the 404 as "no agent here". The client's fault (CLIENT_RULES).
rule!(CARD_FETCH_PATH_MALFORMED, "CARD-PATH-005", "card-fetch-path-malformed", Warning, AgentCard,
    ["CARD-002"],
    "client asked for the Agent Card at a path that names the well-known card file but is not its URI (more path after /.well-known/agent-card.json, or an empty segment before /.well-known/) and was refused 4xx",
    "fetch the card at /.well-known/agent-card.json of the agent's origin (0.2: /.well-known/agent.json), or at a configured card URL exactly as given: do not join a card path onto a URL that already names the card, nor an empty card path onto the well-known one (a2a-python's A2ACardResolver with agent_card_path=\"\" adds a trailing slash, a2a-java's resolver appended a custom path after the well-known one), and strip a base URL's trailing slash before appending /.well-known/");
rule!(CARD_SECRET, "CARD-SECRET-001", "card-carries-credential", Warning, Security,
    ["CARD-011", "AUTH-001"],
    "agent's public card carries a credential (an API key or token in a URL's query or user info, or the exact value a client sends in a security scheme's header)",
    "take every credential out of the card: interface and link URLs carry no api_key/token query and no user:password, and scheme descriptions say where a credential is obtained, never its value; clients get credentials out of band (AUTH-001) and send them in the scheme's header; a card that must hold sensitive data is served only to authenticated clients (the extended card, CARD-011); rotate a key that was published");
rule!(CARD_SIG_MALFORMED, "CARD-SIG-001", "card-signature-malformed", Error, AgentCard,
    ["CARD-010", "CARD-004"],
    "agent card signature is malformed: protected is not a base64url JSON header, the signature is empty or not base64url, header is not an object, alg is \"none\", or a 1.0 protected header lacks alg or kid",
    "give every signatures[] entry a base64url protected header and a non-empty base64url signature made with a real algorithm (not \"none\"); on 1.0 the protected header carries alg (ES256, RS256, ...) and kid (the key id clients look the public key up by, with jku or a trusted key store), and typ \"JOSE\"");
// A signed card whose key URL (jku, x5u) is plain http (mine35 f819; ggcode PR #2503 fetches
// jku over https only): RFC 7515 requires TLS for the fetch, so the signature cannot be
// verified, or a network attacker's key verifies a forged card.
rule!(CARD_SIG_KEY_URL, "CARD-SIG-004", "card-signature-key-url-not-https", Warning, Security,
    ["CARD-010"],
    "agent card signature names its key URL (jku, or x5u) over plain http on a non-loopback host",
    "serve the JWK Set (jku) and certificate (x5u) your card signatures name over https: RFC 7515 §4.1.2 and §4.1.5 require TLS for fetching them, so verifiers refuse a plain-http key URL and cannot verify the card, and one that fetches it anyway takes any key a network attacker serves and accepts a forged card; or leave jku out and let clients look kid up in a trusted key store (1.0 §8.4.2)");
rule!(
    CARD_SIG_TYP,
    "CARD-SIG-002",
    "card-signature-typ-not-jose",
    Warning,
    AgentCard,
    ["CARD-010"],
    "1.0 agent card signature protected header has no typ \"JOSE\"",
    "set typ: \"JOSE\" in the JWS protected header of each card signature (1.0 §8.4.2 SHOULD; RFC 7515 §4.1.9 reads jose and application/jose as the same media type)"
);
rule!(CARD_SHAPE_SECURITY_SCHEME, "CARD-SHAPE-006", "card-security-scheme-malformed", Error, AgentCard,
    ["CARD-003", "CARD-004", "AUTH-002"],
    "agent card security scheme or security requirement is not in its version's shape (securitySchemes not a map, the requirements not a list included)",
    "1.0: wrap each scheme as exactly one of apiKeySecurityScheme{location,name}, httpAuthSecurityScheme{scheme}, oauth2SecurityScheme{flows}, openIdConnectSecurityScheme{openIdConnectUrl}, mtlsSecurityScheme, and write requirements as securityRequirements:[{\"schemes\":{NAME:{\"list\":[scopes]}}}]; 0.x: {type, ...} with apiKey in+name, http scheme, oauth2 flows, openIdConnect openIdConnectUrl, and security:[{NAME:[scopes]}]");
rule!(CARD_SHAPE_PATCH_VERSION, "CARD-SHAPE-005", "card-protocol-version-patch", Warning, AgentCard,
    ["CARD-007"],
    "1.0 interface declares a patch version",
    "declare protocolVersion as Major.Minor (\"1.0\"), not \"1.0.1\": patch versions are not negotiated");
rule!(CARD_SHAPE_BINDING_UNKNOWN, "CARD-SHAPE-007", "card-binding-name-unknown", Warning, AgentCard,
    ["CARD-005", "CARD-006"],
    "agent card interface names a binding (0.3 transport) that is neither a core binding name nor a URI",
    "name the core bindings exactly JSONRPC, GRPC or HTTP+JSON (a REST interface is HTTP+JSON) and a custom binding by a URI (1.0 §5.8: custom bindings SHOULD be URIs; 0.3 §3.2.4: transport extensions MUST use clear namespace identifiers): SDK clients match only the core names, skip this interface and fail with \"no compatible transports\" when it is the only one they could speak");
// A warning, judged on 1.0 cards (and hybrid cards offering a 1.0 interface, whose 1.0
// clients read the same modes; review26 R12) only: the proto defines the modes "as media types", but
// 0.2 samples used bare tokens (text, file) and 0.3 cards still copy them (kagent, the
// TCK's fixtures), where b12-L13 and legal-card03-empty-skills keep them legal
// (spring-ai-ascend #233 hard-coded ["text", "artifact"]; mine26b).
rule!(CARD_SHAPE_MODE_NOT_MEDIA_TYPE, "CARD-SHAPE-009", "card-mode-not-a-media-type", Warning, AgentCard,
    ["CARD-003", "DATA-004"],
    "1.0 agent card (or a hybrid card whose supportedInterfaces offers a 1.0 interface beside its 0.3 fields) lists an input or output mode (defaultInputModes, defaultOutputModes, a skill's inputModes / outputModes) that is not a media type or media range",
    "list modes as media types (text/plain, application/json, image/png) or media ranges (image/*): the 1.0 proto defines them as media types, and clients compare them with a part's mediaType and with acceptedOutputModes, so a bare word (text, json) or a concept (artifact, file) matches nothing the agent sends; say text/plain for text, application/json for data parts, and the file types an artifact holds");
// A warning: a2a.proto (1.0) and the 0.3 schema describe AgentSkill.id as "a unique
// identifier for the agent's skill", a field description without MUST (CARD-003 / CARD-004
// make the id required, not unique); clients and routers that pick a skill by id reach only
// one of the skills sharing it (breaker28).
rule!(CARD_SHAPE_SKILL_ID_DUPLICATE, "CARD-SHAPE-010", "card-skill-id-duplicate", Warning, AgentCard,
    ["CARD-003", "CARD-004"],
    "agent card lists two or more skills with the same id",
    "give every skill its own id (the proto's AgentSkill.id is \"a unique identifier for the agent's skill\"): clients, orchestrators' routers and skill-scoped settings (securityRequirements, modes) pick a skill by id, so of two skills sharing one only one is reachable; rename the copy, or merge the two skills into one");
// A warning: a release newer than this tool knows is the other reading of an unknown
// version; either way clients of the released versions find no interface they speak
// (mutate49: a card whose versions were all "9.9" drew nothing while 1.0 calls went on).
rule!(CARD_SHAPE_VERSION_UNKNOWN, "CARD-SHAPE-011", "card-protocol-version-unknown", Warning, AgentCard,
    ["CARD-005", "CARD-004", "VER-002"],
    "agent card declares a protocol version no A2A release has (an interface's protocolVersion, or a 0.x card's, other than 0.1, 0.2, 0.3 or 1.0)",
    "declare the version each interface serves as its release names it (\"1.0\" for 1.0; \"0.3.0\" or \"0.3\" for 0.3): clients choose an interface by the version they speak, so an interface under a version no release has is one no 1.0 or 0.3 client selects, and a card with nothing else offers them no interface at all (a2a-python and a2a-js match the declared version against their own). If the version is a release newer than a2a-interop knows, update a2a-interop");
rule!(CARD_SHAPE_PREFERRED_TRANSPORT, "CARD-SHAPE-008", "card-preferred-transport-missing", Note, AgentCard,
    ["CARD-006"],
    "0.3 agent card has no preferredTransport",
    "declare preferredTransport explicitly (\"JSONRPC\" when url serves JSON-RPC): 0.3 §5.6.1 and §5.6.4 make it REQUIRED; the 0.3 schema's default JSONRPC is not applied by every client (a2a-go 0.3 builds its transport list from the member and fails with \"no compatible transports found: available transports - []\", kagent #1684)");
// cards60 (mine59 f1321, aliveclaw/agos: pydantic `push_notifications` without an alias):
// a 0.x card's member under another spelling. The 0.x schemas allow unknown members and
// DATA-001's MUST is 1.0's, so a 0.x card so spelt breaks no MUST unless a required member
// is lost (CARD-SHAPE-001, CARD-004); yet no 0.x client reads the member (a2a-python's
// pydantic model, a2a-js, a2a-java, a2a-go read the schema's names), so what it declares is
// lost: a warning. A 1.0 card's misspellings are CARD-SHAPE-001's error (DATA-001).
rule!(CARD_SHAPE_MEMBER_MISSPELT_0X, "CARD-SHAPE-012", "card-member-misspelt-0x", Warning, AgentCard,
    ["CARD-004", "DATA-001"],
    "0.1/0.2/0.3 agent card carries a member its schema defines under another spelling (snake_case, kebab-case, other letter case: capabilities.push_notifications for pushNotifications, default-input-modes, Skills) and not under the schema's name, so 0.x clients read that member as absent (when a required member is lost so, or on a 1.0 card, CARD-SHAPE-001's error)",
    "write every card member as the schema names it (lowerCamelCase, case-sensitive: pushNotifications, stateTransitionHistory, defaultInputModes, preferredTransport, securitySchemes, a skill's inputModes): the 0.x schemas allow unknown members, so the card validates, but every SDK client reads only the schema's names and takes the member as absent (a card declaring push_notifications: true reads as an agent without push notifications). With pydantic give each field its camelCase alias and serialise by_alias=True; with a protobuf JSON printer do not keep proto field names; an unknown member that is no spelling of a schema member, and an x- extension member, are not judged");

// ---- Bindings ---------------------------------------------------------------------------
rule!(BIND_USE_UNDECLARED, "BIND-USE-001", "client-binding-not-declared", Warning, Interop,
    ["CARD-005", "CARD-006"],
    "client called an advertised interface URL in a protocol binding the card does not declare there, or, refused there, in a protocol version the card declares only at another interface",
    "use the binding the card declares at each URL (supportedInterfaces[].protocolBinding; 0.3 preferredTransport / additionalInterfaces[].transport): JSON-RPC requests go by POST to exactly a JSONRPC interface's url, HTTP+JSON routes ({url}/message:send, {url}/extendedAgentCard, ...) only below an HTTP+JSON interface's url; an agent that also serves the other binding there should declare it");

rule!(BIND_USE_PREFERRED_SKIPPED, "BIND-USE-003", "client-skipped-preferred-interface", Warning, Interop,
    ["CARD-005"],
    "client called a later interface of the agent card while an earlier one of the same protocol binding, protocol version and tenant, at another url, was never tried: 1.0 clients MUST select the first supported interface and prefer earlier entries",
    "walk supportedInterfaces in card order and use the first entry whose protocolBinding and protocolVersion the client supports (1.0 \u{a7}8.3.2); a later entry of the same binding and version is a fallback, for when the preferred one fails, not a choice of its own");

rule!(BIND_USE_URL_NOT_ADVERTISED, "BIND-USE-002", "client-url-not-advertised", Warning, Interop,
    ["CARD-005", "CARD-006"],
    "client sent an A2A call to a URL that the agent card fetched from that origin does not advertise, and the agent answered 404/405 (or a 501 page that is no A2A error)",
    "send each call to an interface URL the agent card declares (1.0 supportedInterfaces[].url; 0.3 url / additionalInterfaces[].url): JSON-RPC requests go by POST to exactly that URL, HTTP+JSON routes below it; do not fall back to the service root or to the 0.x top-level url when the card has only supportedInterfaces");

// ---- extensions (capabilities.extensions) ------------------------------------------------
rule!(CAP_EXT_REQUIRED_NOT_ENFORCED, "CAP-EXT-001", "required-extension-not-enforced", Error, Interop,
    ["EXT-002"],
    "1.0 message that did not activate a card-required extension was processed instead of answered with ExtensionSupportRequiredError",
    "answer a request whose A2A-Extensions header lacks an extension the card marks required with ExtensionSupportRequiredError (JSON-RPC -32008; HTTP+JSON 400 FAILED_PRECONDITION, reason EXTENSION_SUPPORT_REQUIRED) and do not process it");
rule!(CAP_EXT_REQUIRED_ERROR_WRONG, "CAP-EXT-002", "extension-required-error-although-activated", Error, ErrorHandling,
    ["EXT-002", "ERR-002", "EXT-001"],
    "agent refused a 1.0 request for a missing required extension (ExtensionSupportRequiredError) although the request activated every extension the card requires (the 0.x form is CAP-EXT-008's warning)",
    "read the client's extensions header before refusing: A2A-Extensions (comma-separated URIs) on 1.0 requests, X-A2A-Extensions on 0.x requests (a server speaking both reads both names; on gRPC the same names are metadata entries); answer ExtensionSupportRequiredError (-32008; HTTP+JSON and gRPC: FAILED_PRECONDITION, reason EXTENSION_SUPPORT_REQUIRED), in a stream as in a unary answer, only when a required extension is missing from it");
rule!(CAP_EXT_NOT_DECLARED, "CAP-EXT-003", "extension-activated-not-declared", Warning, Interop,
    ["EXT-004", "EXT-003"],
    "agent activated an extension (A2A-Extensions response header; 0.x: X-A2A-Extensions) that its card does not declare (or a card with no capabilities.extensions at all) or the client did not request",
    "echo in the response's A2A-Extensions only the extensions the client requested that the card declares in capabilities.extensions and that this request really used");
rule!(CAP_EXT_0X_HEADER, "CAP-EXT-004", "extension-header-0x-name", Warning, Interop,
    ["EXT-001"],
    "1.0 request names its extensions in the 0.x header X-A2A-Extensions",
    "1.0 clients send A2A-Extensions (comma-separated URIs); 1.0 agents do not read X-A2A-Extensions, so the extensions are not activated");
rule!(CAP_EXT_0X_ECHO, "CAP-EXT-005", "extension-echo-0x-header-name", Warning, Interop,
    ["EXT-004", "EXT-001"],
    "1.0 response names its activated extensions in the 0.x header X-A2A-Extensions instead of A2A-Extensions, or a 0.2/0.3 response to a request that activated them in X-A2A-Extensions echoes them in 1.0's A2A-Extensions only",
    "echo the extensions this response activated in the header of the protocol version the call speaks: A2A-Extensions on 1.0 (comma-separated URIs, 1.0 §3.2.6), X-A2A-Extensions on 0.2/0.3 (topics/extensions.md); each client reads only its own name and takes the other for no activation (an agent serving both versions may send both names)");

rule!(CAP_EXT_HEADER_MISSPELLED, "CAP-EXT-006", "extension-header-misspelled", Warning, Interop,
    ["EXT-001", "EXT-004"],
    "request names its extensions, or the agent's answer echoes its activated ones, in a header no A2A version defines (A2A-Extension or X-A2A-Extension, singular)",
    "name the extensions in A2A-Extensions (1.0) or X-A2A-Extensions (0.2.4-0.3), plural, as comma-separated URIs, in requests and in the answer's echo of the activated ones; peers read only those names, so under a singular name (copied from an old sample) every extension counts as not requested (a card-required one gets ExtensionSupportRequiredError) or, in an answer, as not activated");

rule!(CAP_EXT_REQUIRED_NOT_ENFORCED_0X, "CAP-EXT-007", "required-extension-not-enforced-0x", Warning, Interop,
    ["EXT-002", "EXT-003", "EXT-001"],
    "0.2/0.3 message (message/send, message/stream) that did not activate an extension the card marks required (X-A2A-Extensions) was processed instead of refused (an error, or the task rejected or failed at once)",
    "refuse a 0.x message/send or message/stream whose X-A2A-Extensions header lacks a URI the card marks required (topics/extensions.md: the agent should reject it with an appropriate error; 0.3 has no dedicated code: -32602 InvalidParams with the missing URI in error.message or error.data fits, -32600 does not, the request object is valid) and do not run the skill; match URIs exactly: a client that names another version of the extension has not activated this one (EXT-003), so the card and the extension package must declare and check the same URI");

// mine49 (a2a-js #710): the activation echo (EXT-004, topics/extensions.md; 0.x: the same
// text with X-A2A-Extensions) given on one kind of send and not on the other. An agent that
// never echoes (a2a-python PR #984's reading: used extensions go into message / artifact
// `extensions`) is not judged: only the agent's own echo on its unary answer shows it runs
// the echo model, and then its stream's head that names nothing reads as "not activated".
rule!(CAP_EXT_ECHO_INCONSISTENT, "CAP-EXT-009", "extension-echo-missing-on-one-send-kind", Warning, Interop,
    ["EXT-004", "BIND-001"],
    "agent echoed an extension it declares in its answer's A2A-Extensions (0.x: X-A2A-Extensions) to one kind of send (SendMessage / message/send, or the streaming one) but not in its answer to the other kind, though both requests named that extension",
    "set the activated extensions' response header on every answer of a request that activated them, the streamed ones included: an SSE answer sends its headers before the first event, so decide the activation (or echo what the request asked and the card supports) before writing the head, not in the executor after it; a client reads a head without the URI as the extension not activated for that stream");

// sev44b: EXT-002 (a required extension's refusal, ExtensionSupportRequiredError) is 1.0's;
// on 0.x the extension mechanism is not normative (topics/extensions.md, no error code), so
// a 0.x agent that refuses a request which did activate the extension in X-A2A-Extensions
// breaks no 0.x MUST: this warning, not CAP-EXT-002's error (a2a-go #345, breaker17a U11).
rule!(CAP_EXT_REQUIRED_ERROR_WRONG_0X, "CAP-EXT-008", "extension-required-error-although-activated-0x", Warning, ErrorHandling,
    ["EXT-002", "EXT-001"],
    "0.2/0.3 agent refused a request for a missing required extension (an error naming the extension, or -32008) although the request activated every extension the card requires in X-A2A-Extensions (0.x defines no required-extension error: EXT-002 is 1.0's MUST)",
    "read the client's extensions header before refusing: X-A2A-Extensions (comma-separated URIs) on 0.x requests, A2A-Extensions on 1.0 ones (a server speaking both reads both names; on gRPC the same names are metadata entries); refuse only when a required extension is missing from it: a 0.x client that did activate the extension has no other way to ask, and 1.0 makes the refusal of an activated extension an error (EXT-002)");

// ---- Agent Card URL consistency ---------------------------------------------------------
rule!(CARD_URL_DOUBLED_PATH, "CARD-URL-001", "card-url-doubled-path", Error, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url repeats a run of path segments",
    "advertise the public base URL once: its path was joined twice (a public base URL setting that already ends with the mount path the agent adds, or a gateway or controller in front that glues its own prefix onto a URL that already has it)");
rule!(CARD_URL_UNREACHABLE, "CARD-URL-002", "card-url-unreachable", Error, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url answers 404/405 (or a 501 page that is no A2A error; a gRPC call also 415, each without grpc-status: no gRPC service there) or never answers when used",
    "advertise the URL the agent is really served at through this origin; clients follow the card and fail here (a gRPC interface url is the address of the gRPC server itself, host:port, not an HTTP route or a front that does not route gRPC)");
rule!(CARD_URL_INTERNAL_AUTHORITY, "CARD-URL-003", "card-url-internal-authority", Error, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url points at a loopback, bind-all, private or cluster-internal host while the card was fetched from another host",
    "advertise the public URL clients use (set the agent's public base URL), not its bind address or in-cluster name");
rule!(CARD_URL_NOT_RPC_ENDPOINT, "CARD-URL-004", "card-url-not-rpc-endpoint", Error, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url is the card document or an operation path, not the endpoint base",
    "advertise the interface base URL (the JSON-RPC POST endpoint or the REST base), not the card path or a method route");
rule!(CARD_URL_TENANT_NOT_SENT, "CARD-URL-006", "interface-tenant-not-sent", Error, Interop,
    ["CARD-008"],
    "client called a 1.0 interface that declares a tenant without that tenant in the request",
    "read supportedInterfaces[].tenant from the card and send it as the tenant member of every request to that interface (JSON-RPC params.tenant; HTTP+JSON: the /{tenant} path segment after the interface base, or the tenant member / query parameter)");
rule!(CARD_URL_REDIRECTED, "CARD-URL-007", "card-url-redirects", Warning, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url answers a call with a method-keeping redirect (307/308) to another URL",
    "advertise the URL the redirect points to (often the same path with a trailing slash), or serve the interface at the advertised URL without a redirect: clients that do not follow redirects (a2a-python's httpx client by default) fail on it");
rule!(CARD_URL_PLAIN_HTTP, "CARD-URL-008", "card-url-plain-http-on-https-host", Warning, AgentCard,
    ["AUTH-004", "CARD-005"],
    "card fetched over https advertises a plain-http interface url on the same host",
    "advertise the interface with https:// as the card is served; behind a TLS-terminating proxy build the URL from X-Forwarded-Proto / Forwarded (uvicorn --proxy-headers, Express trust proxy) or configure the public base URL with its scheme. Clients following the card send A2A traffic in cleartext or hit the proxy's http->https redirect, which turns a POST into a GET");
rule!(CARD_URL_AROUND_FRONT, "CARD-URL-009", "card-url-bypasses-front", Warning, Interop,
    ["CARD-005"],
    "advertised interface url is on the host the card was fetched through but at another port or scheme: clients that follow the card go around the front (gateway, TLS or auth front, this proxy) that served it",
    "advertise the URL clients use: the front's public scheme, host, port and prefix (set the agent's public base URL, or let the front rewrite the card; a2a-interop proxy --rewrite-card maps only its upstream's URLs), not the agent's own listen address behind the front");
rule!(CARD_URL_BINDING_MISLABELLED, "CARD-URL-010", "card-url-binding-mislabelled", Warning, AgentCard,
    ["CARD-006", "CARD-005"],
    "agent answered a JSON-RPC call at exactly an interface url its card declares as HTTP+JSON: the url serves JSON-RPC",
    "declare the binding each url really serves (0.3 preferredTransport for url, additionalInterfaces[].transport; 1.0 supportedInterfaces[].protocolBinding): JSONRPC for a url that answers JSON-RPC POSTs; an HTTP+JSON interface's url is the base of its routes ({url}/message:send, ...), so clients that follow a mislabelled card call routes the server does not have (0.3 §5.6.1: url MUST serve preferredTransport)");
rule!(CARD_URL_BIND_ALL, "CARD-URL-011", "card-url-bind-all-address", Warning, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url names a bind-all address (0.0.0.0, [::]), the address the server listens on, on a card fetched on the agent's own host, where it happens to connect",
    "advertise the URL clients use (the agent's public base URL setting; for a local run http://127.0.0.1:PORT), never the listen address: 0.0.0.0 and [::] mean 'every interface of this host' to a server and are no destination (RFC 1122 §3.2.1.3, RFC 4291 §2.5.2); a client on another host, a container or a browser cannot reach the agent at them, and Windows refuses the connect (WSAEADDRNOTAVAIL)");
rule!(CARD_URL_PLACEHOLDER, "CARD-URL-012", "card-url-template-placeholder", Error, AgentCard,
    ["CARD-005", "CARD-006"],
    "advertised interface url holds an unexpanded placeholder (a URI-template expression such as {companyId}, an environment reference such as ${AGENT_HOST}, or its percent-encoded %7B...%7D form) instead of the URL clients call",
    "advertise the URL with every placeholder filled in: the agent's public base URL setting, resolved when the card is served; a per-tenant endpoint is one card per tenant, or (1.0) one url with AgentInterface.tenant set, which clients copy into each request's tenant (CARD-008); RFC 3986 has no braces in a URI, so a client either refuses the url or calls the braces literally and gets 404");
rule!(CARD_URL_TLS_ON_PLAIN_PORT, "CARD-URL-013", "card-url-https-on-plain-http-port", Warning, AgentCard,
    ["CARD-005", "CARD-006"],
    "agent card fetched over plain http advertises an https interface url on the same host and port: that port answered without TLS, so clients that follow the card start a TLS handshake the port does not speak",
    "advertise the scheme the port serves (http://host:port), or the TLS front's own URL (https://host, its port): behind a TLS-terminating load balancer build the URL from its public base setting, not from X-Forwarded-Proto joined to the internal Host and port (uvicorn --proxy-headers, Express trust proxy); clients fail with 'wrong version number' / 'record layer failure' before any A2A call");
rule!(CARD_URL_BYPASSES_PROXY, "CARD-URL-005", "card-url-bypasses-proxy", Note, Interop,
    ["CARD-005"],
    "advertised interface url is the proxy's upstream: clients following the card bypass the recorder",
    "run the proxy with --rewrite-card, or set the agent's public URL to the proxy address");

// ---- JSON-RPC envelope and errors -------------------------------------------------------
rule!(RPC_ENVELOPE, "RPC-ENVELOPE-001", "jsonrpc-response-malformed", Error, ErrorHandling,
    ["RPC-001", "RPC-002", "ERR-004"],
    "response envelope of a JSON-RPC call is malformed (jsonrpc member, result xor error, error object)",
    "answer with {\"jsonrpc\":\"2.0\",\"id\":<request id>,\"result\":...} or {...,\"error\":{\"code\":<int>,\"message\":<string>}}");
rule!(RPC_RESULT_UNDER_ERROR_STATUS, "RPC-ENVELOPE-002", "jsonrpc-result-under-http-error-status", Warning, Interop,
    ["RPC-001", "RPC-002", "ERR-007"],
    "agent answered a JSON-RPC call with a success Response (a result member, no error) under an HTTP error status (4xx or 5xx): clients that check the status before the body (the A2A SDKs' HTTP transports) raise an HTTP error and never read the result, although the agent did the work",
    "send every JSON-RPC Response that carries a result with HTTP 200; keep 4xx/5xx for refusals, and answer a failed call with a JSON-RPC error object (ERR-007 leaves an error's HTTP status open, not a result's)");
rule!(RPC_ID_MISMATCH, "RPC-ID-001", "jsonrpc-id-mismatch", Error, ErrorHandling,
    ["RPC-002"],
    "response id of a JSON-RPC call differs from the request id",
    "echo the request id unchanged (same type and value); null only when the request id could not be read");
rule!(RPC_REFUSAL_ID_NOT_ECHOED, "RPC-ID-002", "jsonrpc-refusal-id-not-echoed", Warning, ErrorHandling,
    ["RPC-002", "ERR-007"],
    "an HTTP-level refusal of a JSON-RPC call (401, 402, 403, 429, 502, 503, 504: an auth layer, payment gate, rate limiter or gateway, or the agent) carries a JSON-RPC error object whose id does not echo the call's readable id (null, the string \"null\", another value); a refusal of a request not read whole (408, 411, 413, 414, 431: a body-size limit, a proxy) may answer id null, only another value is told",
    "whoever writes the refusal body (the agent, or the auth layer, x402 payment gate, rate limiter or gateway in front of it): read the call's id and echo it in the JSON-RPC error (JSON-RPC 2.0 §5 allows id null only when the request's id could not be read), or answer the HTTP status with a body that is no JSON-RPC response object ({\"error\": \"rate limited\"}, a google.rpc Status) so that clients go by the status; the HTTP status of a JSON-RPC error is free (ERR-007)");
rule!(RPC_REQUEST_ID, "RPC-REQ-001", "client-request-without-id", Error, Interop,
    ["RPC-001", "RPC-002"],
    "client's JSON-RPC call has no id (a notification) or an id that is neither a string nor an integer",
    "give every A2A JSON-RPC call an id, a string or an integer unique among the calls in flight: without one the call is a notification, which an agent rejects with -32600 or may not answer at all (JSON-RPC 2.0 §4.1), and the client cannot match an answer to its call");
rule!(RPC_REQUEST_BATCH_DUPLICATE_ID, "RPC-REQ-004", "client-batch-duplicate-id", Warning, Interop,
    ["RPC-002", "RPC-001"],
    "client's JSON-RPC batch gives the same id to two calls, so their answers (which a batch may return in any order) cannot be paired with the calls",
    "give every call of a batch its own id (JSON-RPC 2.0 §6: the client matches the answers to its calls by id, and the server may answer in any order); an agent that echoes each call's id, as RPC-002 asks, is not at fault");
rule!(RPC_REQUEST_NOT_2_0, "RPC-REQ-002", "client-request-jsonrpc-member-wrong", Error, Interop,
    ["RPC-001"],
    "client's JSON-RPC call to an A2A method has no \"jsonrpc\": \"2.0\" member (absent or another version), or the client posted an A2A payload (a bare message, bare send params) to an interface the agent card declares as JSON-RPC (or, with no card saying what the URL serves, where the agent answers that POST or another call in JSON-RPC) without any JSON-RPC request object around it, or posted a body of another shape (no jsonrpc, no method, no A2A message: a bridge's {\"prompt\": ...}) that the agent refused -32600 or -32700 in a JSON-RPC error",
    "send \"jsonrpc\": \"2.0\" in every request object: a JSON-RPC 2.0 server answers a request without it -32600 Invalid Request (a2a-python's request models require the literal \"2.0\"), so the client works with a lenient agent and fails with the next one; on a JSON-RPC interface wrap the payload in the request object {\"jsonrpc\": \"2.0\", \"id\", \"method\", \"params\": {\"message\": ...}} (a bare {\"message\": ...} body is the HTTP+JSON binding's, at its /message:send route); a gateway or bridge in front of an A2A agent forwards the client's JSON-RPC request as sent instead of its own prompt shape");
rule!(RPC_REQUEST_METHOD_CASE, "RPC-REQ-003", "client-method-name-wrong-case", Note, Interop,
    ["RPC-003"],
    "client's JSON-RPC call names a method that does not exist: a known A2A method in other letter case (sendMessage for SendMessage), or a 0.3 gRPC method name 1.0 renamed (TaskSubscription for SubscribeToTask, ListTaskPushNotificationConfig for ListTaskPushNotificationConfigs), or a 0.x method with its namespace in the other number (task/get for tasks/get, messages/send for message/send), or the gRPC path of an A2AService method (lf.a2a.v1.A2AService/SendMessage for SendMessage), or a name for the agent card that no version has (agent/card, GetAgentCard, agent/getExtendedAgentCard), or a 1.0 operation in 0.x's slash spelling that no release has (tasks/list for ListTasks, tasks/subscribe, tasks/pushNotificationConfig/create), or an operation in snake_case, an SDK's function name (send_message for SendMessage, message_send for message/send), and the agent refused",
    "send the method name exactly as the spec spells it (1.0: SendMessage, GetTask, SubscribeToTask, ListTaskPushNotificationConfigs, ...; 0.2/0.3: message/send, tasks/get, tasks/resubscribe, ...): method names are case-sensitive and an agent answers any other spelling -32601 Method not found; a client that works only with an agent that folds case fails with the next one, and a client generated from the 0.3 gRPC service names, or one that sends the gRPC path lf.a2a.v1.A2AService/SendMessage as the method, fails with every 1.0 agent; no JSON-RPC method serves the public Agent Card (fetch it with GET /.well-known/agent-card.json), and the authenticated extended card is agent/getAuthenticatedExtendedCard (0.3) or GetExtendedAgentCard (1.0); task listing is 1.0's ListTasks (0.3 has none), whatever a pre-1.0 draft called it; an SDK's snake_case function name (send_message, get_task) is no method name");
rule!(RPC_METHOD_CASE_ACCEPTED, "RPC-METHOD-001", "method-name-wrong-case-accepted", Error, ErrorHandling,
    ["RPC-003", "ERR-001"],
    "agent served a JSON-RPC method name that does not exist (a known method in other letter case, or the gRPC path of an A2AService method) as that method instead of answering -32601",
    "match method names exactly (SendMessage, message/send): answer any other spelling -32601 Method not found; an agent that folds case hides a client bug that fails with every other A2A agent");
// mine31b f700 (a2a-go #380): the HTTP+JSON form too: a POST route's body that is JSON but
// no object (the literal null a Go client marshals from nil, an array, a scalar).
rule!(RPC_REQUEST_PARAMS_NOT_OBJECT, "RPC-REQ-005", "client-params-not-object", Error, Interop,
    ["RPC-001", "REST-001"],
    "client's JSON-RPC call to an A2A method passes params by position (an array), as a scalar (a string, number or boolean) or as null instead of the method's params object; or its HTTP+JSON POST sends such JSON (the literal null, an array, a scalar) as the body where the operation takes its request object",
    "send params as the method's named object ({\"id\": \"t1\"} for tasks/get / GetTask, {\"message\": {...}} for sends), or leave params out where the method takes none: JSON-RPC 2.0 §4.2 makes params, when present, a Structured value and A2A defines every method's params as an object, so a conforming agent answers an array, a string (also a params object serialized into a string), a number, a boolean or null -32602 Invalid params (or -32600 Invalid Request). On HTTP+JSON the POST body is the request object (a2a.proto body \"*\"): send {} when the path names everything (POST /tasks/{id}:cancel), never null (Go's json.Marshal(nil)), which JSON-object parsers such as Vert.x refuse with 400");
rule!(RPC_REQUEST_BATCH_EMPTY, "RPC-REQ-006", "client-batch-empty", Note, Interop,
    ["RPC-001"],
    "client sent an empty JSON-RPC batch [] (an Invalid Request: a batch holds at least one call)",
    "send at least one call in a batch, or none at all: JSON-RPC 2.0 §6 makes an empty Array an invalid request, which the agent answers with one -32600 Invalid Request error (id null), so the client gets no result; check for an empty call list before sending");
// left38 (b23x-BL4 left unjudged): a streaming call has no answer a batch can carry. A note:
// JSON-RPC 2.0 lets a client batch any call and A2A says nothing on batches, so no MUST or
// SHOULD is broken; the advice is what the client loses (as RPC-REQ-006's empty batch).
rule!(RPC_REQUEST_BATCH_STREAMING, "RPC-REQ-007", "client-batch-streaming-call", Note, Interop,
    ["RPC-005", "RPC-001"],
    "client put a streaming call (SendStreamingMessage, SubscribeToTask; 0.x message/stream, tasks/resubscribe, tasks/sendSubscribe) into a JSON-RPC batch: a batch is answered by one JSON Array (JSON-RPC 2.0 §6), which cannot carry the text/event-stream the call is answered with (RPC-005), so the client gets no stream (at best an error or one JSON result in the Array)",
    "send each streaming call alone, as a single JSON-RPC request whose answer is the event stream, and batch only unary calls (GetTask, CancelTask, ...): an agent answers a streaming call in a batch with an error (-32600 or UnsupportedOperationError) or one JSON result, never with the stream; answering the whole batch with an event stream instead is the agent's fault (RPC-ENVELOPE-001), since the batch's other calls then get no answer");
rule!(RPC_ERROR_CODE, "RPC-ERROR-001", "jsonrpc-error-code-mismatch", Error, ErrorHandling,
    ["ERR-001", "ERR-002"],
    "error code of a JSON-RPC answer does not match the situation",
    "use -32700 for unparseable JSON, -32600 for an invalid request object, -32601 for an unknown method, and the A2A codes (-32001 TaskNotFoundError, ...) for A2A conditions");
// An error (breaker17b V19): the same malformed ErrorInfo is REST-ERROR-001 (ERR-003) and
// GRPC-ERROR-002 (ERR-005), both errors; a ProtoJSON client fails on the whole error alike.
rule!(RPC_ERROR_INFO_MALFORMED, "RPC-ERROR-002", "jsonrpc-error-info-malformed", Error, ErrorHandling,
    ["ERR-004", "ERR-003"],
    "1.0 JSON-RPC error data carries a google.rpc.ErrorInfo that is not in ErrorInfo's shape (an A2A reason with a domain other than a2a-protocol.org, a reason of domain a2a-protocol.org that spells an A2A error other than ERR-002's table (TaskNotFoundError for TASK_NOT_FOUND), or metadata that is not map<string, string>), or the error object carries its detail list under details (the HTTP+JSON Status name) instead of data",
    "send the ErrorInfo as google.rpc.ErrorInfo's ProtoJSON in error.data (JSON-RPC error objects have code, message and data only; details is the HTTP+JSON google.rpc.Status member): domain \"a2a-protocol.org\" for the A2A reasons and metadata as an object of string values (put a list such as per-field validation errors in a google.rpc.BadRequest detail beside it, or serialize it into one string); a client that decodes error.data with a protobuf JSON parser (Go protojson, Java JsonFormat) fails on the whole error");
// mine39 f880 (a2a-elixir #76): the ErrorInfo left out altogether. A note, not a warning:
// 1.0.0 §9.5 made it a MUST, 1.0.1 says error.data, "if present", is the detail list and
// ErrorInfo SHOULD be used, so a 1.0.1 agent may leave data out (the legal reading wins;
// DIGEST ERR-004). Told once per agent origin: the same omission on every A2A error.
rule!(RPC_ERROR_INFO_MISSING, "RPC-ERROR-004", "jsonrpc-error-info-missing", Note, ErrorHandling,
    ["ERR-004", "ERR-002"],
    "1.0 agent answered a JSON-RPC call with an A2A error (-32001 to -32009) whose error.data carries no google.rpc.ErrorInfo (no data at all, or a detail list without one); told once per agent origin",
    "put [{\"@type\": \"type.googleapis.com/google.rpc.ErrorInfo\", \"reason\": \"TASK_NOT_FOUND\", \"domain\": \"a2a-protocol.org\"}] in error.data of every A2A error (reason: the error's UPPER_SNAKE_CASE name without Error, ERR-002's table): 1.0.0 peers require it (1.0.0 §9.5 MUST), 1.0.1 asks for it (SHOULD), and clients and the TCK (JSONRPC-ERR-003) dispatch on the reason, not only on the number");
// sev44: ERR-002 is a MUST in 1.0 and a SHOULD in 0.x (0.3 §8.2, 0.2 §8.2 list the A2A
// codes a server "should" use), so a 0.x call answered with another code where one of its
// version's A2A codes fits is this warning, not RPC-ERROR-001's error (a 0.3 agent's -32603
// for an unknown task breaks no 0.3 MUST). A standard JSON-RPC code (ERR-001: -32700 to
// -32603, which JSON-RPC 2.0 itself defines) and a code beyond the call's version (-32009
// VersionNotSupportedError, a 1.0 code) stay RPC-ERROR-001 on 0.x too.
rule!(RPC_ERROR_CODE_0X, "RPC-ERROR-006", "jsonrpc-error-code-mismatch-0x", Warning, ErrorHandling,
    ["ERR-002"],
    "0.1/0.2/0.3 JSON-RPC call answered with another error code where an A2A error code of its version fits (0.3: -32001 to -32007; 0.2, 0.1: -32001 to -32006): the 0.x spec recommends that code (ERR-002 is a SHOULD in 0.x, a MUST in 1.0)",
    "answer 0.x A2A conditions with the codes the 0.x spec recommends (0.3 §8.2): -32001 TaskNotFoundError for a task the agent does not hold, -32002 TaskNotCancelableError, -32003 PushNotificationNotSupportedError, -32004 UnsupportedOperationError, -32005 ContentTypeNotSupportedError, -32006 InvalidAgentResponseError (0.3 also -32007 AuthenticatedExtendedCardNotConfiguredError): clients dispatch on the code (a -32603 InternalError reads as the agent's own failure, worth a retry, where -32001 is an answer), and 1.0 makes these codes a MUST");
// The prober's deliberately malformed JSON-RPC calls (`A2A-Interop-Probe: negative-test`):
// what RPC-ERROR-001 cannot say passively, because only the mark tells the call was meant to
// fail (interop41): a method name no A2A version has may be an extension's method, and an
// agent may serve a body it reads leniently.
rule!(RPC_NEGATIVE_SERVED, "RPC-ERROR-005", "probe-malformed-call-misanswered", Error, ErrorHandling,
    ["ERR-001", "RPC-001"],
    "agent answered a JSON-RPC call the prober malformed on purpose (marked A2A-Interop-Probe: negative-test) with a result, as if it had served it, or answered its call of a method no A2A version has with an error other than -32601 MethodNotFoundError",
    "refuse what cannot be served with the JSON-RPC 2.0 error for it (§5.1): -32700 for a body that is not JSON, -32600 for JSON that is no request object, -32601 for a method the agent does not have, -32602 for params the method's schema does not allow; never run the skill on such a call, and route unknown method names to -32601 before any handler (an escaped exception there gives -32603)");
rule!(RPC_VALID_REQUEST_REFUSED, "RPC-ERROR-003", "valid-request-refused-invalid-params", Warning, ErrorHandling,
    ["ERR-006", "DATA-004", "ID-001", "ERR-002"],
    "1.0 agent refused a request A2A allows with InvalidParams (-32602, HTTP 400 INVALID_ARGUMENT, gRPC INVALID_ARGUMENT): it required a member A2A makes optional, refused a valid RFC 2397 data: URL part, refused a data part whose data is a JSON array, string, number or boolean (1.0 Part.data is any JSON value), or refused a follow-up naming the interrupted task and context it handed out; or (any version) an agent refused a send (InvalidParams, or a request validator's HTTP 400 / 422 in any body) because it requires a member no A2A request of that version defines (a workflow's flowId, a tenantCode, a chatId; a key inside metadata is the agent's own contract and excepted), or with InvalidParams because an event its own executor produced names another task or context (a2a-python: \"Task in event doesn't match TaskManager\"), or because a well-formed file or data part is of a kind it does not take (\"only text parts are supported\", or a demand for the text part the message lacks: \"Message must contain at least one usable text part\") or of a media type no input mode of its card lists, or refused (InvalidParams, or -32603 InternalError whose text names the cause) a message whose text part is empty, which A2A allows (\"TextPart content cannot be empty\"), whose messageId is not a UUID, which A2A never asks for, or which lacks a kind discriminator its binding does not define (a 0.x FileWithBytes / FileWithUri; any 1.0 part)",
    "refuse with InvalidParams only what the A2A schema makes invalid, and never answer a valid request with InternalError naming the request as the cause; never require a member of your own beside the A2A request (a client that follows the card sends none): take what the agent needs from the message's parts, from metadata or from an extension the card declares; an empty text part is a well-formed TextPart (the message may carry its meaning in metadata or other parts), so answer it as the agent sees fit (a reply asking for input, input-required); a messageId is any string its creator picks, so key your own storage on an id you make; read a 0.x file part's file object by whether it holds bytes or uri, and a 1.0 part by which of text, raw, url, data it sets (a JSON deserializer that needs a kind discriminator there, such as System.Text.Json's polymorphism, must be given a custom converter); content the agent does not take (a file or data part where it reads text only, a message without a text part when it needs one, a media type outside the card's defaultInputModes and skills' inputModes) is ContentTypeNotSupportedError (-32005, reason CONTENT_TYPE_NOT_SUPPORTED); accept a message without taskId or contextId (the agent creates the task and its id, ID-001), any Part url including data: URLs with media-type parameters (data:text/plain;charset=utf-8;base64,...: RFC 2397), and a message whose taskId / contextId are the ones your own answer handed out for a task waiting in input-required or auth-required (look the task up by its id, then check that its contextId matches); an executor builds every Task and update from the request's ids (a2a-python RequestContext.task_id / context_id, a2a-js requestContext.taskId / contextId), never a hard-coded or freshly minted one, else the SDK refuses the client's valid request as if its params were wrong");
rule!(REST_ERROR_SHAPE, "REST-ERROR-001", "rest-error-shape", Error, ErrorHandling,
    ["ERR-003", "REST-003"],
    "error body of an HTTP+JSON route does not have the shape of the route's protocol version",
    "1.0 routes: {\"error\":{\"code\":<http status>,\"status\":\"NOT_FOUND\",\"message\":...,\"details\":[{\"@type\":...ErrorInfo,\"reason\":...,\"domain\":\"a2a-protocol.org\"}]}}, status the google.rpc.Code name of the HTTP status; 0.3 /v1 routes: the 0.3 A2A error object {\"code\":-32001,\"message\":...} that 0.3 clients parse");
rule!(REST_ERROR_PRE_101, "REST-ERROR-002", "rest-error-in-1-0-0-form", Note, ErrorHandling,
    ["ERR-002", "ERR-003"],
    "1.0 HTTP+JSON or gRPC A2A error answered in a form 1.0.1 replaced: an RFC 9457 application/problem+json body instead of google.rpc.Status with ErrorInfo, 1.0.0's HTTP status (409, 415, 501, 502) where 1.0.1 names 400 or 500, or 1.0.0's gRPC status UNIMPLEMENTED where 1.0.1 names FAILED_PRECONDITION",
    "answer A2A errors as 1.0.1 §11.6 does: {\"error\":{\"code\":<http>,\"status\":<google.rpc.Code name>,\"message\":...,\"details\":[{\"@type\":\"type.googleapis.com/google.rpc.ErrorInfo\",\"reason\":...,\"domain\":\"a2a-protocol.org\"}]}} with ERR-002's 1.0.1 status (UnsupportedOperationError, PushNotificationNotSupportedError, TaskNotCancelableError, VersionNotSupportedError: 400 FAILED_PRECONDITION; ContentTypeNotSupportedError: 400 INVALID_ARGUMENT; InvalidAgentResponseError: 500 INTERNAL); on gRPC the same reasons with status FAILED_PRECONDITION, not 1.0.0's UNIMPLEMENTED (a2a-python #1055, a2a-rs #57); 1.0 peers may follow either patch, but clients on 1.0.1 SDKs read only that shape and status (a2a-java #765)");
rule!(REST_UNARY_STREAMED, "REST-HTTP-001", "rest-unary-answered-as-stream", Error, Transport,
    ["REST-001", "REST-003"],
    "non-streaming HTTP+JSON route answered with text/event-stream instead of one JSON body",
    "answer message:send, GET /tasks/{id}, GET /tasks, :cancel, the push config routes and GET /extendedAgentCard with one JSON body (1.0: application/a2a+json or application/json; 0.3 /v1: application/json); only message:stream and :subscribe answer text/event-stream");
rule!(REST_INVALID_PARAM_SERVER_ERROR, "REST-HTTP-002", "invalid-param-answered-internal-error", Error, ErrorHandling,
    ["ERR-006", "REST-001"],
    "1.0 HTTP+JSON agent answered HTTP 500 (gRPC: INTERNAL) to a request whose parameter is malformed (a negative historyLength, a pageSize outside 1-100, a status that is no TASK_STATE_* name, a statusTimestampAfter that is no RFC 3339 timestamp)",
    "validate input first (1.0 §3.3.2): check every request parameter before running the handler and refuse a malformed one with 400 INVALID_ARGUMENT (a google.rpc.BadRequest detail naming the field helps the client); a 500 tells the client the agent failed, so it retries the same bad request");
rule!(REST_EMPTY_RESULT_NO_BODY, "REST-HTTP-003", "empty-result-answered-without-body", Warning, Interop,
    ["REST-001", "REST-003"],
    "agent answered HTTP+JSON DeleteTaskPushNotificationConfig (result google.protobuf.Empty) with no body where a JSON body is declared (HTTP 204 with a JSON Content-Type, or 200 with an empty body) instead of HTTP 200 with {}",
    "answer DELETE /tasks/{id}/pushNotificationConfigs/{configId} (0.3: under /v1) with HTTP 200 and the body {} (Content-Type application/a2a+json or application/json): the result is google.protobuf.Empty, which the proto's google.api.http mapping serializes as {}; a client parses the JSON the answer declares, and a2a-python's reports the successful delete as \"JSON Decode Error\" (a2a-js 1.3.0 answers 204 with Content-Type application/a2a+json); a bare 204 No Content without a Content-Type says there is no body (RFC 9110 §15.3.5) and is not reported");
rule!(REST_VERB_CLIENT, "REST-VERB-001", "client-route-wrong-http-method", Error, Interop,
    ["REST-001"],
    "client called an HTTP+JSON route with another HTTP method than the one the route is defined with",
    "call each route with its method: POST /message:send, POST /message:stream, POST /tasks/{id}:cancel, GET (or POST) /tasks/{id}:subscribe, GET /tasks/{id}, GET /tasks, POST|GET /tasks/{id}/pushNotificationConfigs, GET|DELETE /tasks/{id}/pushNotificationConfigs/{configId}, GET /extendedAgentCard (0.3: the same under /v1, GET /v1/card)");
rule!(REST_VERB_SERVED, "REST-VERB-002", "route-served-under-wrong-http-method", Warning, Transport,
    ["REST-001"],
    "agent executed an HTTP+JSON operation requested with another HTTP method than the route's",
    "route each operation under its own HTTP method only and answer another method with 405 Method Not Allowed and an Allow header (RFC 9110 §15.5.6): a task-changing operation served on GET runs whenever a prefetcher, cache or link checker fetches the URL (GET is a safe method, RFC 9110 §9.2.1)");
rule!(REST_ROUTE_CASE_CLIENT, "REST-ROUTE-001", "client-route-wrong-case", Note, Interop,
    ["REST-001", "REST-003"],
    "client called an HTTP+JSON route that does not exist: a route of the binding in other letter case (/Message:send for /message:send, /Tasks/t1 for /tasks/t1), with its custom verb as a path segment (/tasks/t1/cancel), or named after a JSON-RPC method (/tasks/t1:resubscribe, /message/send)",
    "spell each route's own words exactly as the binding does (message:send, message:stream, tasks, :cancel, :subscribe, pushNotificationConfigs, extendedAgentCard; 0.3 under /v1), with custom verbs after a colon (/tasks/{id}:cancel, never /tasks/{id}/cancel) and no JSON-RPC method names (tasks/resubscribe is :subscribe, message/send is message:send): URL paths are case-sensitive (RFC 3986 §6.2.2.1), so an agent with a case-sensitive router (Starlette in a2a-python, Express in a2a-js) answers 404 and the client works only with agents that fold case; the tenant, task id and config id are data and keep their own case");
rule!(REST_ROUTE_CASE_SERVED, "REST-ROUTE-002", "route-wrong-case-served", Warning, Interop,
    ["REST-001", "REST-003"],
    "agent executed an HTTP+JSON operation requested under a path that is its route in other letter case",
    "route the binding's paths case-sensitively (URL paths are case-sensitive, RFC 3986 §6.2.2.1) and answer any other spelling 404 Not Found: a case-insensitive router (ASP.NET Core's default, Spring with a case-insensitive PathMatcher) hides a client bug that fails with every other A2A agent");
// ---- gRPC binding ------------------------------------------------------------------------
rule!(GRPC_MESSAGE_MALFORMED, "GRPC-FRAME-001", "grpc-message-malformed", Error, Transport,
    ["GRPC-001"],
    "agent's gRPC answer carries a message that is not the method's protobuf message, broken length-prefixed framing, or no grpc-status",
    "frame every message as 1 flag byte, 4-byte big-endian length and the serialized message of the method's type in the version's proto (1.0 lf.a2a.v1, 0.3 a2a.v1), answer a unary method with exactly one message, and end every call with a grpc-status trailer (or Trailers-Only headers)");
rule!(GRPC_REQUEST_MALFORMED, "GRPC-FRAME-002", "grpc-request-malformed", Error, Transport,
    ["GRPC-001"],
    "client's gRPC request is not one whole message of the method's protobuf type (broken length-prefixed framing, a message cut short, a compressed flag without grpc-encoding, bad protobuf)",
    "client: send the request as one message framed as 1 flag byte (0, or 1 only with a grpc-encoding header), 4-byte big-endian length and the serialized request message of the version's proto (1.0 lf.a2a.v1, 0.3 a2a.v1), and end the stream only after its last byte; the agent may refuse such a request (INVALID_ARGUMENT, INTERNAL), and it does not count against the agent");
rule!(GRPC_ERROR_CODE, "GRPC-ERROR-001", "grpc-error-code-mismatch", Error, ErrorHandling,
    ["ERR-002", "GRPC-001"],
    "1.0 gRPC status code of an A2A error (or one of unknown version) does not match the error its ErrorInfo reason names, or the error the situation calls for (ERR-002's gRPC column; the 0.3 form is GRPC-ERROR-003's warning)",
    "use ERR-002's gRPC column: TASK_NOT_FOUND -> NOT_FOUND, TASK_NOT_CANCELABLE / PUSH_NOTIFICATION_NOT_SUPPORTED / UNSUPPORTED_OPERATION / EXTENDED_AGENT_CARD_NOT_CONFIGURED / EXTENSION_SUPPORT_REQUIRED / VERSION_NOT_SUPPORTED -> FAILED_PRECONDITION (1.0.0 also UNIMPLEMENTED for three), CONTENT_TYPE_NOT_SUPPORTED -> INVALID_ARGUMENT, INVALID_AGENT_RESPONSE -> INTERNAL");
// open45: ERR-002's gRPC column is 1.0's (1.0 §5.4, §10.6). 0.3 §3.2.2 asks for "appropriate
// gRPC status codes as defined in the proto annotations", yet the 0.3 proto
// (specification/grpc/a2a.proto @ v0.3.0) annotates none, and 0.3 §3.4.1 maps errors
// "consistently" with §8's codes, which ERR-002 makes a SHOULD in 0.x: on 0.3 gRPC a status
// that fits no reading is this warning (session 44's pattern, as RPC-ERROR-006 beside
// RPC-ERROR-001). a2a-python 0.3.x, the 0.3 reference server, answers TaskNotCancelable,
// PushNotificationNotSupported, UnsupportedOperation and ContentTypeNotSupported with
// UNIMPLEMENTED: accepted on 0.3 beside 1.0's column.
rule!(GRPC_ERROR_CODE_0X, "GRPC-ERROR-003", "grpc-error-code-mismatch-0x", Warning, ErrorHandling,
    ["ERR-002", "GRPC-001"],
    "0.3 gRPC status code of an A2A error does not fit the error (its ErrorInfo reason, or the situation): the 0.3 spec maps A2A errors to \"appropriate\" gRPC status codes with no table of its own (0.3 §3.2.2, §3.4.1), so ERR-002's codes are a recommendation there (a MUST from 1.0, GRPC-ERROR-001)",
    "answer 0.3 gRPC A2A errors with the status 1.0's table gives them, which 0.3 SDKs read: TaskNotFoundError NOT_FOUND; TaskNotCancelableError, PushNotificationNotSupportedError, UnsupportedOperationError FAILED_PRECONDITION (a2a-python 0.3.x: UNIMPLEMENTED, accepted); ContentTypeNotSupportedError INVALID_ARGUMENT (a2a-python 0.3.x: UNIMPLEMENTED); InvalidAgentResponseError INTERNAL: clients map the status back to the A2A error, and an INTERNAL or UNKNOWN reads as the agent's own failure, worth a retry");
rule!(GRPC_ERROR_INFO_MISSING, "GRPC-ERROR-002", "grpc-error-info-missing", Error, ErrorHandling,
    ["ERR-005"],
    "1.0 gRPC A2A error (NOT_FOUND or FAILED_PRECONDITION) carries no google.rpc.ErrorInfo in its status details, or one that is not the A2A ErrorInfo (domain other than a2a-protocol.org, metadata not map<string, string>); or a call the situation answers with PushNotificationNotSupportedError, UnsupportedOperationError or VersionNotSupportedError (a push config call to an agent whose card declares no push, an operation the card does not declare, an A2A-Version A2A does not have) ended with a bare UNIMPLEMENTED: 1.0.0's status for them, but without the ErrorInfo it is gRPC's own answer to an unregistered method",
    "send grpc-status-details-bin with a google.rpc.Status whose details hold a google.rpc.ErrorInfo {reason: TASK_NOT_FOUND ..., domain: \"a2a-protocol.org\"}; register every A2AService method and refuse the ones the agent does not offer with the A2A error and its ErrorInfo (PUSH_NOTIFICATION_NOT_SUPPORTED, UNSUPPORTED_OPERATION, VERSION_NOT_SUPPORTED; status FAILED_PRECONDITION, 1.0.0 UNIMPLEMENTED), not by leaving the method unregistered");
rule!(GRPC_METHOD_CASE_CLIENT, "GRPC-METHOD-001", "client-grpc-method-wrong-case", Note, Interop,
    ["GRPC-001"],
    "client's gRPC call names a method that does not exist: an A2AService method or service name in other letter case (/a2a.v1.A2AService/sendMessage, /A2A.v1.A2AService/SendMessage)",
    "call /<package>.A2AService/<Method> exactly as the version's proto spells it (1.0 /lf.a2a.v1.A2AService/SendMessage, 0.3 /a2a.v1.A2AService/SendMessage): gRPC dispatches on the exact :path, so a stub generated from the proto never misspells it and a server answers any other spelling UNIMPLEMENTED; a hand-built path or a gateway that rewrites case is the usual cause");
rule!(GRPC_METHOD_CASE_SERVED, "GRPC-METHOD-002", "grpc-method-wrong-case-served", Error, ErrorHandling,
    ["GRPC-001"],
    "agent served a gRPC call to a method that does not exist (an A2AService method or service name in other letter case) as that method instead of answering UNIMPLEMENTED",
    "register the A2AService of the version's proto as generated (gRPC matches the :path /<package>.<Service>/<Method> exactly) and answer any other method UNIMPLEMENTED (grpc-status 12); a server or gateway that folds case hides a client bug that fails with every other gRPC agent");

rule!(REQUEST_SHAPE, "DATA-SHAPE-002", "request-message-invalid-shape", Error, Interop,
    ["DATA-005", "DATA-004", "DATA-001"],
    "client sent a send request whose message is malformed, or a 1.0 request (any binding but gRPC) or a 0.x JSON-RPC send or tasks/get whose members carry proto field names (message_id, accepted_output_modes) instead of the JSON camelCase names",
    "send a Message with messageId, role and at least one well-formed part (1.0: exactly one of text, raw, url, data; 0.x JSON-RPC: kind text/file/data; 0.3 HTTP+JSON: the proto's JSON, parts under content, no kind, role ROLE_USER); write a 0.x configuration's blocking as true / false, never \"false\" (a JavaScript agent takes it as true); in 1.0 JSON write every member in camelCase (messageId, contextId, returnImmediately): proto field names are read by ProtoJSON parsers only (set your protobuf JSON printer to lowerCamelCase names, not preserving_proto_field_name); 0.x JSON-RPC members are the schema's camelCase names too (acceptedOutputModes, historyLength, pushNotificationConfig), which agents built on a2a-js, a2a-java or a2a-go read alone");
rule!(PUSH_INLINE_OTHER_TASK, "DATA-SHAPE-003", "client-inline-push-config-names-other-task", Warning, Interop,
    ["PUSH-002"],
    "client's 1.0 send carries an inline push notification config (configuration.taskPushNotificationConfig) whose taskId names another task than the send's",
    "leave taskId empty in the inline configuration.taskPushNotificationConfig of SendMessage / SendStreamingMessage: the config is for the task the send creates or continues (PUSH-002); to watch another task, call CreateTaskPushNotificationConfig for it");
// A note, not an error: the agent that answers such a body -32700 / HTTP 400 is right (a
// legal exchange for the agent), but a session that did no A2A work must name the party
// at fault: the client (breaker15b R11).
rule!(REQUEST_BODY_NOT_JSON, "DATA-SHAPE-005", "client-request-body-not-json", Note, Interop,
    ["RPC-001", "DATA-005"],
    "client's request body to an A2A JSON-RPC endpoint or HTTP+JSON route is not JSON (cut short, not UTF-8, or no JSON at all), so no call can be read from it",
    "send the whole request as one UTF-8 JSON document (JSON-RPC: the request object {\"jsonrpc\":\"2.0\",\"id\":...,\"method\":...,\"params\":{...}}; HTTP+JSON: the operation's request object): serialize it with a JSON library, send the Content-Length of the bytes actually sent, and encode text as UTF-8 (RFC 8259 §8.1); the agent can only answer -32700 Parse error / HTTP 400, and the client gets no work done");
rule!(CLIENT_IDS_OUTSIDE_MESSAGE, "DATA-SHAPE-006", "client-ids-outside-message", Warning, Interop,
    ["ID-003", "DATA-003"],
    "client's send names contextId / taskId beside the message (JSON-RPC params, the HTTP+JSON request body) instead of on the message, where A2A defines them",
    "put the follow-up's ids on the Message: params.message.contextId and params.message.taskId (HTTP+JSON: message.contextId / message.taskId); MessageSendParams / SendMessageRequest have no such members, so an agent ignores them (DATA-003) and starts a new task and context, losing the conversation");
// A note, not a warning: the 0.2/0.3 schemas set no minimum on Artifact.parts (legal 0.x,
// tests/cases/field legal-v03-artifact-update-empty-parts), but 1.0 requires one (DATA-005)
// and a2a-java's Artifact refuses an empty list ("Parts cannot be empty"), so a Java client
// fails on the event or task; strands-agents fixed it by sending an empty text part
// (strands-agents/harness-sdk #1640, #1643; breaker17a U5).
rule!(ARTIFACT_NO_PARTS_0X, "DATA-SHAPE-007", "artifact-without-parts-0x", Note, Lifecycle,
    ["DATA-005"],
    "0.2/0.3 artifact (stream artifact-update or a Task's artifacts) has an empty parts list",
    "give every artifact at least one part: to close a streamed artifact without more content, send the lastChunk artifact-update with one empty text part ({\"kind\":\"text\",\"text\":\"\"}) instead of parts: []; 1.0 requires at least one part and a2a-java's Artifact refuses an empty list, so a Java client fails on the whole event or task");
// A note, not a warning: DATA-003 tells receivers to ignore unknown fields, so the agent
// breaks no MUST; but ProtoJSON parsers reject unknown fields by default, and a2a-sdk
// 1.1's client fails on hermes-agent's Task ("lf.a2a.v1.Task" has no field named
// "createdAt", NousResearch/hermes-agent #41711; breaker18a W7). The names come from the
// non-normative what's-new page (DIGEST note 11).
rule!(TASK_MEMBER_NOT_IN_PROTO, "DATA-SHAPE-008", "task-member-not-in-proto", Note, Interop,
    ["DATA-003", "DATA-001"],
    "agent's 1.0 Task carries members a2a.proto's Task does not define (such as createdAt, lastModified), or the Message it answers with (a send's result, a stream's message event; 0.2, 0.3 or 1.0) carries a Task's artifacts, status or history, which no version's Message defines",
    "send 1.0 Tasks with the proto's members only (id, contextId, status, artifacts, history, metadata) and Messages with theirs (messageId, contextId, taskId, role, parts, metadata, extensions, referenceTaskIds), and put anything else under metadata; output that needs artifacts needs a Task: receivers SHOULD ignore unknown fields (DATA-003), so a Message's artifacts are lost to every client, and a ProtoJSON parser with default options (a2a-sdk 1.1's client, protojson.Unmarshal, JsonFormat.parser()) rejects the whole Task or Message");
// A note, not a warning: no requirement says a part's url must be reachable by the client
// (DATA-004 only defines the member), but a file url on a loopback, private or
// cluster-internal host handed to a client that reached the agent at a public host (a
// gateway that exposes an in-cluster agent and passes its artifacts on as they are) is a
// file that client cannot fetch (breaker23 U01-U03).
rule!(PART_URL_INTERNAL, "DATA-URL-001", "part-url-internal-host", Note, Interop,
    ["DATA-004"],
    "a file part's url (1.0 url, 0.x file.uri) in an answer the client got from a public host names a loopback, private, link-local or cluster-internal host the client cannot reach",
    "hand clients file URLs they can fetch: serve artifacts' files under the agent's public host (or, when a gateway exposes the agent, rewrite their URLs there as it rewrites the card's interface url), or send small files inline (1.0 raw, 0.x file.bytes)");
// A warning: DATA-004 defines mediaType (0.x file.mimeType) as the part content's media
// type, and a media range (image/*, RFC 9110 §12.5.1) or a bare word (text, image) names
// no type a reader can decode or render by (assistant-ui PR #5036 sent image/*; mine26b).
rule!(PART_MEDIA_TYPE_INVALID, "DATA-MEDIA-001", "part-media-type-not-a-media-type", Warning, Interop,
    ["DATA-004"],
    "a part's mediaType (0.x file.mimeType) is no single media type: a wildcard media range (image/*, */*), a bare word without a subtype (text, image), or not type/subtype at all",
    "name each part's content with one concrete media type, type/subtype as RFC 6838 registers them (image/png, application/pdf, text/plain; parameters such as ;charset=utf-8 are fine): take it from the file itself (its signature, its name's extension, a data: URL's own type) and leave mediaType out when it is unknown rather than sending a media range (image/*) or a bare word (text, image, file); media ranges belong in acceptedOutputModes, not on a part");
rule!(RESULT_SHAPE, "DATA-SHAPE-001", "result-invalid-shape", Error, Lifecycle,
    ["DATA-005", "DATA-004", "DATA-001", "RPC-004", "DATA-002", "DATA-007"],
    "operation result is not a well-formed Task or Message, or a push notification config call's result is not in its shape (a delete result that is not the 0.x JSON-RPC null, a config list under another member than configs)",
    "return a Task {id, contextId, status{state}} or Message {messageId, role, parts}, with every nested message (status.message, history) and artifact well formed: role ROLE_USER/ROLE_AGENT in 1.0 (user/agent on 0.x JSON-RPC), at least one part in 1.0, status.timestamp RFC 3339 with a zone in 1.0 (a string, never an epoch number or object, on 0.x); 1.0 send results wrap them as {\"task\":...} or {\"message\":...}; a 1.0 ListTasks result carries pageSize and totalSize (the count before pagination); 1.0 JSON members are the lowerCamelCase JSON names (contextId, not the proto name context_id: turn off preserving_proto_field_name / UseProtoNames); push notification config calls answer in their own shapes: 0.x JSON-RPC tasks/pushNotificationConfig/delete with \"result\": null (1.0 DeleteTaskPushNotificationConfig with {}), and a 1.0 (0.3 HTTP+JSON) config list as {\"configs\": [...]}");

// A warning although DATA-002 is a MUST: ProtoJSON readers accept any RFC 3339 offset and
// normalise it to UTC, so the Task still decodes; what breaks is string comparison and
// sorting of timestamps (statusTimestampAfter, UIs, logs).
rule!(DATA_TIME_NOT_UTC, "DATA-TIME-001", "timestamp-not-utc", Warning, Lifecycle,
    ["DATA-002"],
    "1.0 task status timestamp carries a UTC offset instead of Z, or a lower-case t or z",
    "write TaskStatus.timestamp in UTC with the Z suffix and millisecond precision (2026-03-02T10:15:00.000Z), as ProtoJSON serializers do: 1.0 §5.6.1 requires UTC, and readers that compare or sort timestamps as strings (statusTimestampAfter filters, task lists, UIs) misorder local-offset times; convert with datetime.now(timezone.utc) / Instant, not the local zone");
rule!(DATA_TIME_UNSET, "DATA-TIME-002", "timestamp-zero-value", Warning, Lifecycle,
    ["DATA-002", "DATA-007"],
    "1.0 task status timestamp is a time before the Unix epoch or the epoch itself: a zero value the agent never set",
    "set TaskStatus.timestamp to the time the status was set, in UTC (time.Now().UTC(), datetime.now(timezone.utc)): Go's zero time.Time (0001-01-01T00:00:00Z) or a default google.protobuf.Timestamp (seconds 0, the Unix epoch) misorders ListTasks (newest status first), statusTimestampAfter filters and every client that sorts by status time");
rule!(DATA_HISTORY_EXCEEDED, "DATA-HISTORY-001", "history-length-exceeded", Error, Lifecycle,
    ["DATA-006"],
    "1.0 task carries more history messages than the request's historyLength",
    "trim Task.history to the historyLength the client asked for (the N most recent messages); historyLength N means never more than N, and historyLength 0 means no messages (omit history)");
rule!(DATA_HISTORY_NOT_APPLIED, "DATA-HISTORY-002", "history-length-not-applied", Warning, Lifecycle,
    ["DATA-006"],
    "0.x task history not trimmed to the request's historyLength",
    "apply historyLength to every task you return (send, get, list): on 0.x return at most the N most recent messages");
rule!(DATA_HISTORY_OLDEST_KEPT, "DATA-HISTORY-003", "history-length-kept-oldest", Error, Lifecycle,
    ["DATA-006"],
    "1.0 task history trimmed to historyLength kept the oldest messages instead of the most recent ones",
    "trim Task.history from the front: historyLength N returns the N most recent messages (history[-N:], not history[:N]), on GetTask, SendMessage and ListTasks alike");
rule!(DATA_TASK_CONTENT_REPEATED, "DATA-HISTORY-004", "task-content-repeated", Note, Lifecycle,
    ["ID-006", "ID-007", "DATA-005"],
    "a task repeats content that is not its own: its history lists one message (same messageId) twice, or under one messageId an agent message and another message (a client's two sends under one reused id excepted: ID-MSG-002), or it carries, beside artifacts of its own, an artifact (same artifactId and parts) another task of its context already handed out",
    "keep a task's record per task: append the incoming message to Task.history once (not in the request handler and again in the executor), and give a follow-up task in the same context only the artifacts it produced itself, not the context's artifacts so far (store artifacts by taskId, not by contextId)");
rule!(DATA_HISTORY_LOST, "DATA-HISTORY-005", "history-messages-lost", Warning, Lifecycle,
    ["DATA-006", "ID-006"],
    "a later GetTask answer of a task holds fewer history messages than an earlier one, although its historyLength asked for at least as many as the earlier answer held: the agent's task store lost messages (a trim for one read written back to the task)",
    "trim Task.history on a copy for the answer, never on the stored task: historyLength N limits what one answer carries (the N most recent messages), and a history only grows, so a later read asking for as many messages as an earlier one got returns at least those");
rule!(DATA_LIST_ARTIFACTS, "DATA-LIST-001", "list-tasks-artifacts-not-requested", Error, Lifecycle,
    ["DATA-007"],
    "listed tasks carry artifacts although includeArtifacts was not true (ListTasks)",
    "omit each task's artifacts from a ListTasks result unless the request sets includeArtifacts: true (clients fetch them with GetTask)");
// mine49 (a2a-python #1211 / PR #1212, merged): the member written empty or null. 1.0 §3.1.4
// says it "MUST be omitted entirely ... should not be present as an empty array or null
// value"; nothing leaks and a ProtoJSON reader takes [] for unset (why session 6 left it
// legal), so a warning beside DATA-LIST-001's error for artifacts really sent.
rule!(DATA_LIST_ARTIFACTS_EMPTY, "DATA-LIST-008", "list-tasks-artifacts-written-empty", Warning, Lifecycle,
    ["DATA-007"],
    "1.0 ListTasks without includeArtifacts: true lists tasks whose artifacts member is written as an empty list or null instead of left out",
    "leave the artifacts member out of each listed task unless the request sets includeArtifacts: true (1.0 §3.1.4: omitted entirely, not an empty array or null); a ProtoJSON printer that writes default fields (always_print_fields_with_no_presence, Jackson's default inclusion) writes the empty list: print ListTasks without them, or drop the member. A client that reads the list cannot tell a task that produced nothing from a listing that left artifacts out");
rule!(DATA_LIST_ORDER, "DATA-LIST-002", "list-tasks-not-newest-first", Error, Lifecycle,
    ["DATA-007"],
    "listed tasks are not ordered newest status first (ListTasks)",
    "sort ListTasks results by status timestamp, most recent first, and page with a cursor over that order");
rule!(DATA_LIST_FILTER, "DATA-LIST-003", "list-tasks-filter-not-applied", Error, Lifecycle,
    ["DATA-007"],
    "listed tasks ignore the request's contextId, status or statusTimestampAfter filter or outnumber its pageSize (50 when the request sets none) (ListTasks)",
    "apply every filter of the ListTasks request before paging: only tasks of the requested contextId, in the requested status and with a status.timestamp not before statusTimestampAfter, at most pageSize tasks per page, 50 when the request sets no pageSize (more follow through nextPageToken); a list that ignores contextId shows a client tasks of other conversations");
rule!(DATA_LIST_PAGING, "DATA-LIST-004", "list-tasks-paging-broken", Error, Lifecycle,
    ["DATA-007"],
    "paging of ListTasks cannot reach every task: no nextPageToken although totalSize counts more tasks, a pageToken page repeats tasks of an earlier page, a page hands back the pageToken it was fetched with, a page that completes the listing hands out a nextPageToken, or the last page's totalSize counts only the tasks after the pageToken",
    "page with a cursor over the newest-first order: while tasks remain (totalSize larger than the tasks handed out so far) answer a non-empty nextPageToken, and make each token continue after the last task of its page so no task is listed twice and no token leads back to its own page (break timestamp ties with the task id in the token); totalSize counts the matching tasks before paging, the same on every page; \"\" (or no token) only on the last page");
rule!(DATA_LIST_PUSH_PAGE_SIZE, "DATA-LIST-005", "push-config-list-page-size-exceeded", Error, Interop,
    ["PUSH-003", "DATA-007"],
    "1.0 ListTaskPushNotificationConfigs page lists more configs than the request's pageSize",
    "return at most pageSize configs per page (ListTaskPushNotificationConfigsRequest.page_size is the maximum number of configurations to return; the HTTP+JSON query parameter pageSize too) and hand out a nextPageToken for the rest: a client that pages by the size it asked for skips or repeats configs");
// A warning, not an error: the recording sees the caller's credentials, not the agent's
// visibility rules or its retention (a task purged, or scoped by something no header shows).
rule!(DATA_LIST_MISSES_KNOWN, "DATA-LIST-006", "list-tasks-misses-known-task", Warning, Lifecycle,
    ["DATA-007"],
    "1.0 ListTasks without a status filter (or with TASK_STATE_UNSPECIFIED), or filtered by a terminal state the task's latest answer showed, complete on one page, leaves out a task the same agent handed out to the same caller (same credentials, or none on both calls) under 10 minutes before, of the requested contextId when one is set",
    "list every task the caller may see that matches the filters the request sets: an absent status, and TASK_STATE_UNSPECIFIED (the proto3 zero value a parser gives an absent enum), is no filter, so test for the state only when the request names one (a2a-js #614: `status !== undefined` on a decoded request filtered every task out); count totalSize over the same tasks");
rule!(DATA_LIST_PUSH_PAGING, "DATA-LIST-007", "push-config-list-paging-broken", Error, Interop,
    ["PUSH-003", "DATA-007"],
    "1.0 ListTaskPushNotificationConfigs paging cannot reach every config: a pageToken page lists a config an earlier page of the same listing listed (no config created in between), or hands back the pageToken it was fetched with",
    "make nextPageToken a cursor that continues after the last config of its page (the config id in a stable order, or an opaque encoding of it), never a value of the config itself such as its webhook token, and refuse an unknown pageToken with InvalidParams instead of starting over: a client pages until nextPageToken is empty, so a page that repeats an earlier one or hands back its own token makes it loop and never list the rest");
rule!(DATA_PARAM_ACCEPTED, "DATA-PARAM-001", "request-param-invalid-accepted", Error, Interop,
    ["REST-001", "DATA-002", "ERR-006"],
    "agent accepted a 1.0 task query parameter that is not in the wire format, a push notification config without url, or a 1.0 send whose message part sets no content member or several, or whose message is malformed (a REQUIRED member missing, metadata that is no object) and is kept in the task's history as sent",
    "validate input first and refuse a malformed parameter with 400 / -32602 InvalidParams: timestamps are RFC 3339 strings (not epoch numbers), states are TASK_STATE_* names, pageSize 1-100, historyLength a non-negative integer, includeArtifacts true/false");

// A note, not a warning (as DATA-SHAPE-005): the agent that refuses such a call with -32602
// / 400 INVALID_ARGUMENT is right (a legal exchange for the agent, ERR-006), but the fault
// is the client's and is named as such (q28b 2); an agent that accepts it is DATA-PARAM-001.
rule!(DATA_PARAM_SEND_WITHOUT_MESSAGE_ACCEPTED, "DATA-PARAM-006", "send-without-message-accepted", Warning, Interop,
    ["DATA-005", "DATA-003", "ERR-006"],
    "agent answered a send (SendMessage, SendStreamingMessage; 0.x message/send, message/stream) that carries no message (JSON-RPC params, HTTP+JSON body or gRPC request without its REQUIRED message), or a 1.0 send whose message has no parts or an empty parts list (no content: Message.parts is REQUIRED), with a success result or a stream instead of refusing it",
    "validate input first (1.0 §3.3.2) and refuse a send without its REQUIRED message with -32602 InvalidParamsError (HTTP+JSON 400 INVALID_ARGUMENT, gRPC INVALID_ARGUMENT) before any task is made: a task made for a call that asks for nothing runs an empty prompt, fails or answers nonsense, and the client never learns that its request lost its message (a serializer that dropped it, an empty body); refuse a 1.0 message whose parts are absent or empty the same way (parts is REQUIRED, 1.0 §5.7): it asks for nothing either");
rule!(DATA_PARAM_CLIENT_INVALID, "DATA-PARAM-005", "client-request-param-invalid", Note, Interop,
    ["REST-001", "DATA-006", "DATA-007", "ERR-006"],
    "client's request parameter has the wrong JSON type or is out of range: historyLength (GetTask, ListTasks, a send's configuration) not a non-negative integer (0.x: not an integer), pageSize not an integer from 1 to 100, status not a TASK_STATE_* name, statusTimestampAfter not an RFC 3339 timestamp, includeArtifacts not true or false",
    "send each parameter in its proto type: historyLength and pageSize as JSON numbers (10, not \"ten\"; ProtoJSON also reads \"10\"), historyLength 0 or more, pageSize 1-100, status as one TASK_STATE_* name, statusTimestampAfter as an RFC 3339 UTC string, includeArtifacts as true or false (HTTP+JSON query parameters spelled the same way); the agent's -32602 InvalidParams / 400 INVALID_ARGUMENT answer to such a call is right");
// A warning, not an error: A2A states no MUST about error text, but 1.0 §3.3.2 asks for
// actionable errors "without leaking sensitive information" and §13 for security care;
// a stack trace, a source path or SQL in an answer is CWE-209 (q28b 3).
rule!(AUTH_ERROR_TEXT_LEAK, "AUTH-LEAK-001", "error-text-shows-internals", Warning, Security,
    ["ERR-006"],
    "agent's error answer (JSON-RPC error.message or error.data, an HTTP+JSON error body, a stream's error event, a gRPC status message) or the status message of a task it ended failed or rejected shows internal details: a stack trace (Python Traceback, Java / .NET / JavaScript at-frames, Go goroutine dump, Rust panic location), a server source file path, SQL / a database driver's error, a database or cache driver's connection error naming the server (psycopg's connection to server at, redis-py's Error 111 connecting to, ECONNREFUSED host:port), or a connection string with its password (scheme://user:password@host)",
    "log the exception and its stack trace on the server and answer the client with the A2A error and a short message that says what the client can do (1.0 §3.3.2: actionable information without leaking sensitive information; CWE-209): with an SDK, catch exceptions in the executor and fail the task with a plain message, and turn off debug error pages and exception-detail middleware in production; never pass a driver's exception text on (it names the database or cache server, its port and user, and a DSN its password)");
// breaker53: a credential the client sent in a request head (Authorization, an API key
// header, query parameter or cookie), quoted back by the agent. On a redacted recording the
// copy carries the tag of the header it came in (the redactor's echo scrub), so the two are
// compared without the value.
rule!(AUTH_CREDENTIAL_ECHOED, "AUTH-LEAK-002", "credential-echoed-in-answer", Warning, Security,
    ["AUTH-001"],
    "agent quoted a credential a client sent in a request header, query parameter or cookie (a bearer token, an API key, a session cookie) back in an answer body (an error message, the task's history or metadata, an artifact, an event of a stream; also JSON-escaped or compressed) or in a push notification it sent: the credential now lives in A2A payloads, which clients, push receivers and logs keep",
    "never copy a request's credentials into what the agent answers or stores: refuse a bad credential without quoting it (\"invalid token\", not the token), keep request headers out of message and task metadata and artifacts, and strip them from what push notifications carry (AUTH-001: credentials travel in HTTP headers only, never in A2A payloads); rotate a credential that was echoed");
rule!(DATA_UNKNOWN_FIELD_REJECTED, "DATA-PARAM-002", "unknown-request-field-rejected", Warning, Interop,
    ["DATA-003"],
    "1.0 agent refused a request with -32602 (HTTP+JSON 400 INVALID_ARGUMENT, gRPC INVALID_ARGUMENT) because of a field it does not know, though every required field was present",
    "ignore unknown fields when parsing requests (Go protojson.UnmarshalOptions{DiscardUnknown: true}, Java JsonFormat.parser().ignoringUnknownFields(), Python json_format.Parse(..., ignore_unknown_fields=True)); refuse only missing or invalid REQUIRED fields, so newer clients keep working");
rule!(DATA_PARAM_TASK_ID_MISSING, "DATA-PARAM-003", "client-task-call-without-id", Error, Interop,
    ["DATA-003", "RPC-001"],
    "client's JSON-RPC GetTask / CancelTask / SubscribeToTask call (0.x tasks/get, tasks/cancel, tasks/resubscribe) names no task id: params have no string id, but another member plainly names the task (taskId, the push notification config calls' member, in any spelling; ID; the 0.3 proto resource name tasks/{id}; {\"task\": {\"id\": ...}} or params wrapped twice; a task id the agent handed out under another name), or params with no id member that carry a member of the call's own request (GetTask historyLength, a 1.0 tenant, 0.x metadata: that call with its REQUIRED id lost, such as a 1.0 client's empty id that ProtoJSON leaves out; {} and members no request defines are how conformance suites probe -32602, not judged); or a push notification config call lacks a REQUIRED id (1.0 Get / Delete: taskId and id, List: taskId; 0.x get / list: id, delete: id and pushNotificationConfigId); or a 0.3 gRPC task or push notification config call whose resource name (name, parent) is not tasks/{id} (the bare task id: the agent resolves no task from it)",
    "name the task as params.id ({\"id\": \"t1\"}) in every generation: 0.x TaskQueryParams / TaskIdParams and the 1.0 GetTaskRequest / CancelTaskRequest / SubscribeToTaskRequest require id; taskId belongs to the push notification config calls only and name: tasks/{id} to the 0.3 proto; the push notification config calls name the task and the config: 1.0 {\"taskId\": \"t1\", \"id\": \"p1\"} (List: {\"taskId\": \"t1\"}), 0.x {\"id\": \"t1\", \"pushNotificationConfigId\": \"p1\"}; an agent answers a call without id -32602 InvalidParams (or -32001 TaskNotFound for the empty id it looked up), never the task");
rule!(DATA_PARAM_REQUIRED_ID_ACCEPTED, "DATA-PARAM-004", "call-without-required-id-accepted", Warning, Interop,
    ["DATA-003", "ERR-006", "PUSH-003"],
    "agent answered a JSON-RPC (or 1.0 gRPC) task or push notification config call that lacks a REQUIRED id (GetTask / CancelTask without id; a push config Get / Delete without taskId or config id, List without taskId; 0.x tasks/pushNotificationConfig/delete without pushNotificationConfigId), or an HTTP+JSON task or push config route whose id segment is blank, with a success result",
    "validate input first (1.0 §3.3.2, §5.7 \"implementations SHOULD reject messages with missing required fields\") and refuse the call with -32602 InvalidParamsError (gRPC INVALID_ARGUMENT): a success for a call that names no task or no config means the agent guessed which one (the task's only config, an empty id), and a client that sends the same call to a stricter agent fails");
// A warning, not an error: DATA-003 tells the agent to ignore an unknown field, so the call
// is valid; but what the client asked for with it (a page size, a page token, a history
// length) is silently not done: a client paging with `cursor` gets the first page forever
// (A2A #2162: the v1 migration guide documented cursor / limit / nextCursor).
rule!(DATA_PARAM_UNKNOWN_MEMBER, "DATA-PARAM-007", "client-request-unknown-member", Warning, Interop,
    ["DATA-003", "DATA-001"],
    "client's 1.0 request carries, instead of a member its request message defines, another API's name for it (ListTasks limit / cursor / offset for pageSize / pageToken, GetTask historyLimit for historyLength, a push config call's configId for id): in JSON-RPC params, an HTTP+JSON body or query string; other unknown members (a newer client's fields) are not judged",
    "send the members a2a.proto's request message defines, by their JSON names: ListTasks pages with pageSize (1-100) and pageToken (the previous page's nextPageToken), filters with contextId, status, statusTimestampAfter; GetTask and ListTasks take historyLength; push config calls name the config as id; an agent ignores any other member (DATA-003) and answers as if it were not sent (or a strict ProtoJSON agent refuses the call), so what it asked for is silently not done");
// ---- Task lifecycle ---------------------------------------------------------------------
rule!(TASK_TERMINAL_CHANGED, "TASK-STATE-001", "terminal-state-changed", Error, Lifecycle,
    ["TASK-001", "TASK-008"],
    "task left a terminal state",
    "once completed, failed, canceled or rejected a task never changes state; refinements are new tasks in the same context");
rule!(TASK_MESSAGE_TO_TERMINAL, "TASK-STATE-002", "message-to-terminal-task-accepted", Error, Lifecycle,
    ["TASK-002", "TASK-001"],
    "message to a task in a terminal state was accepted",
    "reject a message naming a terminal task with an error (1.0: -32004 UnsupportedOperationError, HTTP 400; 0.x names no code) and start a new task for a follow-up instead");
rule!(TASK_CANCEL_TERMINAL, "TASK-STATE-003", "cancel-terminal-task-succeeded", Error, Lifecycle,
    ["TASK-003", "TASK-001"],
    "cancel of a task in a terminal state returned success",
    "answer cancel of a completed, failed, canceled or rejected task with -32002 TaskNotCancelableError");
rule!(TASK_CANCEL_INEFFECTIVE, "TASK-STATE-004", "cancel-not-effective", Warning, Lifecycle,
    ["TASK-003"],
    "cancel returned success but the task never reached canceled",
    "return the updated Task in TASK_STATE_CANCELED, or -32002 TaskNotCancelableError when the task cannot be canceled");
rule!(TASK_CANCEL_NO_EFFECT, "TASK-STATE-012", "cancel-acknowledged-no-effect", Error, Lifecycle,
    ["TASK-003"],
    "cancel of a task waiting for its client (input-required, auth-required) returned success, and a later read still showed the task in that state: the cancel changed nothing",
    "on CancelTask (tasks/cancel, POST /tasks/{id}:cancel) move the task to canceled and answer the updated Task in TASK_STATE_CANCELED (0.x canceled); if the task cannot be canceled, answer -32002 TaskNotCancelableError (HTTP 400 / gRPC FAILED_PRECONDITION in 1.0.1) instead of success");
rule!(TASK_STATE_INVALID, "TASK-STATE-005", "task-state-invalid", Error, Lifecycle,
    ["TASK-008", "DATA-005"],
    "task state is not a valid state of the dialect",
    "use the dialect's state names (1.0 TASK_STATE_*, 0.x lowercase) and never report TASK_STATE_UNSPECIFIED on a live task");
rule!(TASK_BLOCKING_TRUE_IGNORED, "TASK-STATE-011", "blocking-true-send-answered-early", Note, Lifecycle,
    ["TASK-005"],
    "0.x message/send with configuration.blocking: true answered with a Task still submitted or working",
    "with configuration.blocking: true, answer message/send only when the task is completed, failed, canceled, rejected, input-required or auth-required; if the task is too long to wait for, refuse the call with an error instead of answering early, so the client knows to poll tasks/get or subscribe (fasta2a < 0.6 ignored blocking: upgrade it)");
rule!(TASK_BLOCKING_EARLY, "TASK-STATE-007", "blocking-send-returned-early", Error, Lifecycle,
    ["TASK-005"],
    "1.0 blocking SendMessage answered before the task reached a terminal or interrupted state, or without all of its artifacts",
    "without returnImmediately: true, wait until the task is completed, failed, canceled, rejected, input-required or auth-required before answering, and answer with the task's latest status and all its artifacts (an executor that adds an artifact after its final status must add it first); clients that want an early answer set returnImmediately");
rule!(TASK_SUBSCRIBE_TERMINAL, "TASK-STATE-006", "subscribe-terminal-task-accepted", Error, Lifecycle,
    ["TASK-004"],
    "subscribe to a task in a terminal state opened a stream, or was answered TaskNotFoundError although the task exists",
    "answer SubscribeToTask on a terminal task with UnsupportedOperationError (JSON-RPC -32004, HTTP+JSON 400 FAILED_PRECONDITION, gRPC FAILED_PRECONDITION; ErrorInfo reason UNSUPPORTED_OPERATION) before any stream starts; keep finished tasks where the subscribe handler looks them up, so a known task is never reported not found");
rule!(TASK_SUBSCRIBE_LIVE_REFUSED, "TASK-STATE-008", "subscribe-interrupted-task-refused", Error, Lifecycle,
    ["TASK-004", "STREAM-004"],
    "1.0 SubscribeToTask on a task last seen input-required or auth-required (interrupted, not terminal) was refused with UnsupportedOperationError, and no later read of the task showed it terminal (held until a later read settles it; without one the finding says so)",
    "refuse SubscribeToTask with UnsupportedOperationError only for a task in a terminal state (completed, failed, canceled, rejected); a task waiting in TASK_STATE_INPUT_REQUIRED or TASK_STATE_AUTH_REQUIRED is not terminal, so open the stream with the task's current Task as its first event (test \"is it terminal\", not \"is it still working\")");
// TASK-STATE-008's twin for a task last seen working: it may have finished in between, so
// only a later answer that still shows it unfinished makes the refusal wrong (a2a-js #540).
rule!(TASK_SUBSCRIBE_ACTIVE_REFUSED, "TASK-STATE-013", "subscribe-active-task-refused", Error, Lifecycle,
    ["TASK-004", "STREAM-004"],
    "1.0 SubscribeToTask on a task last seen submitted or working was refused with UnsupportedOperationError, and a later answer showed the task still not terminal",
    "refuse SubscribeToTask with UnsupportedOperationError only for a task in a terminal state (completed, failed, canceled, rejected); for a task still running, open the stream with its current Task as the first event even when the stream that started it is gone (a restart, a dropped connection, an executor whose event queue was closed): load the task from the store, send it, then send its later events or, if nothing will produce them any more, move the task to failed and say so");
rule!(TASK_RETURN_IMMEDIATELY_IGNORED, "TASK-STATE-009", "return-immediately-ignored", Warning, Lifecycle,
    ["TASK-005"],
    "1.0 SendMessage with configuration.returnImmediately: true (0.2/0.3 message/send with configuration.blocking: false) was answered only after 2 s or more, with the task already in a terminal or interrupted state: the agent blocked as for a blocking send",
    "read configuration.returnImmediately (1.0 inverts 0.3's blocking: the default is to wait) and 0.x configuration.blocking: when the client asks not to wait, answer right after the task is created, typically submitted or working, and let the client poll GetTask (tasks/get), subscribe or receive push notifications");
rule!(TASK_ARTIFACT_APPEND_LOST, "TASK-STATE-010", "stored-artifact-lost", Warning, Lifecycle,
    ["STREAM-009", "TASK-005", "DATA-005", "TASK-001"],
    "a later Task snapshot of a task (GetTask, a send's result, a subscribe stream's Task, ListTasks with includeArtifacts, a push) lacks an artifact the task's stream delivered, or (a finished task, no stream) one an earlier whole snapshot of the finished task listed, or holds an artifact its stream appended chunks to (append: true) with only the parts before the appended ones, or with only the last chunks' parts (a store that ignores append replaces the artifact with each chunk)",
    "persist every artifact update on the task as the stream assembles it: an update with append false or absent stores (or replaces) the artifact of its artifactId, one with append true adds its parts to it, and nothing removes an artifact; then GetTask, ListTasks and later Task events carry every artifact and every chunk the stream delivered, and a finished task answers every later read with the artifacts it finished with (a store that keeps only the status, or only the first chunk, or trims a copy it writes back, loses the deliverable)");
// An orchestrator is server to its client and client to its delegates: the state of its own
// task is what its client reads. A delegate's failure (or question) handed on, word for word,
// as the orchestrator's completed result (adk-python #6708 / PR #6713: RemoteA2aAgent turns a
// failed task into content, which an ADK agent served over A2A completes with).
rule!(TASK_DELEGATE_OUTCOME_RELAYED, "TASK-STATE-014", "delegate-outcome-relayed-as-completed", Warning, Lifecycle,
    ["TASK-008", "TASK-001"],
    "agent completed its own task with, as its result, the status message of a task it delegated in the same call (at another agent) that ended failed, rejected, canceled, input-required or auth-required, or whose stream was still submitted or working with that message (its progress note) when the agent completed",
    "map the delegate's outcome onto your own task instead of returning its words as a result: a delegate that failed (rejected, canceled) makes your task failed, or retry or route elsewhere; a delegate that asks a question makes your task input-required (auth-required), asking your client, and you continue the delegate's task with its taskId when the answer comes; keep the delegate's reason in your task's status.message");
// TASK-STATE-008's twin for a send (mine36, ggcode #1107: an agent that files auth-required
// among its terminal states refuses the follow-up that would resume the task). A warning:
// TASK-006 and TASK-007 say SHOULD and MAY, but UnsupportedOperationError is the answer
// TASK-002 names for a terminal task, and the task can then never move on.
rule!(TASK_MESSAGE_TO_INTERRUPTED_REFUSED, "TASK-STATE-015", "message-to-interrupted-task-refused", Warning, Lifecycle,
    ["TASK-006", "TASK-007", "TASK-002"],
    "1.0 SendMessage or SendStreamingMessage whose message names a task last seen input-required or auth-required (interrupted, not terminal) was refused with UnsupportedOperationError, the answer for a task in a terminal state, and no later read of the task showed it terminal (held until a later read settles it; without one the finding says so)",
    "accept a message that names a task waiting in TASK_STATE_INPUT_REQUIRED or TASK_STATE_AUTH_REQUIRED and move the task on (to working, or the next state): that follow-up is what the interrupted state asks for (1.0 §7.6.1, §3.4.3); refuse with UnsupportedOperationError only a task in a terminal state (completed, failed, canceled, rejected), and test \"is it terminal\" rather than \"is it still working\" or a list of states that files auth-required among the finished ones");
// A client that leaves a stream asks for nothing (mine43: gemini-cli PR #28316's socket end
// turned into a cancel, mastra PR #20505's request abort signal failing the run): the task
// goes on, a reconnect is what SubscribeToTask is for (1.0 §3.1.6), and only CancelTask
// cancels (TASK-003). A warning: the recording cannot see the agent's executor, only that the
// end came with no cancel request, or with the abort as its stated reason.
rule!(TASK_ENDED_BY_CLIENT_LEAVING, "TASK-STATE-016", "task-ended-by-client-disconnect", Warning, Lifecycle,
    ["TASK-003", "TASK-004", "STREAM-006"],
    "a task whose stream its client left while the task was live was later seen canceled although no cancel request named it, or failed (or moved to input-required) with a status message that names the abort (AbortError, context canceled, OperationCanceledException, aborted by client): the agent ended or parked the task because the client's connection closed",
    "keep the task's run independent of the HTTP request that started it: when the client's stream closes, stop writing to that connection and let the task run on to its own end, where the client finds it again with SubscribeToTask (0.x tasks/resubscribe) or GetTask (1.0 §3.1.6; closing one stream leaves the task, STREAM-006); move a task to canceled only on CancelTask (TASK-003), and do not link the request's abort signal or context (Go's r.Context(), a JS AbortSignal, ASP.NET's HttpContext.RequestAborted, a Starlette disconnect) to the task's execution");
// A client that keeps the id of a finished task and sends its next message to it (mine45:
// gemini-cli PR #22724's "zombie" taskIds, langchain4j #6371, espennilsen/pi PR #116): the
// agent must refuse it (TASK-002), so the agent is right and the client's follow-up is lost.
// A note: no version forbids the client to send it (it only cannot succeed), and a client
// may send one on purpose (a conformance test of TASK-002).
rule!(TASK_CLIENT_MESSAGE_TO_TERMINAL, "TASK-STATE-017", "client-message-to-terminal-task", Note, Lifecycle,
    ["TASK-001", "TASK-002", "ID-008"],
    "client sent a message naming a task (taskId) that an earlier answer of the same agent showed in a terminal state (completed, failed, canceled, rejected): a terminal task accepts no message, so the agent must refuse it, and the follow-up is lost",
    "forget a task's id once it reaches a terminal state (a Task or status update in completed, failed, canceled or rejected; 0.x final: true) and send the next message of the conversation with the contextId only: the agent starts a new task in the same context (1.0 §3.4.3, ID-008); keep the taskId only while the task is interrupted (input-required, auth-required) or still running");
// In-task authorization (TASK-006): 1.0 §7.6.1 makes the explanation in status.message a
// MUST; 0.3 §4.5 and 0.2 §4.5 ask for it with SHOULD, hence a warning twin for 0.x.
rule!(TASK_AUTH_UNEXPLAINED, "TASK-AUTH-001", "auth-required-without-message", Error, Lifecycle,
    ["TASK-006"],
    "1.0 task moved to TASK_STATE_AUTH_REQUIRED without a status.message explaining the authorization needed",
    "when a task needs more authorization, put a status.message (role ROLE_AGENT) in the TASK_STATE_AUTH_REQUIRED status that says which credential or consent is needed and where to get it (a text part, or a data part with the scheme and URL); without it the client cannot resolve the state and the task stalls");
rule!(TASK_AUTH_UNEXPLAINED_0X, "TASK-AUTH-002", "auth-required-without-message-0x", Warning, Lifecycle,
    ["TASK-006"],
    "0.x task moved to auth-required without a status.message explaining the authorization needed (0.3 §4.5 SHOULD)",
    "when a task needs more authorization, put a status.message (role agent) in the auth-required status (TASK_STATE_AUTH_REQUIRED on 0.3 HTTP+JSON) that says which credential is needed and where to get it, often a data part; without it the client cannot resolve the state");

// ---- identifiers ------------------------------------------------------------------------
rule!(ID_MESSAGE_ID_REUSED, "ID-MSG-002", "client-message-id-reused", Warning, Lifecycle,
    ["ID-007"],
    "client sent a different message under a messageId it had already used",
    "mint a fresh messageId (a UUID) for every new message and reuse one only to retry the same message: an agent may dedupe by messageId (1.0 §3.3.1), and then drops the second message or answers it with the first one's task");
rule!(ID_AGENT_MESSAGE_ID_REUSED, "ID-MSG-003", "agent-message-id-reused", Warning, Lifecycle,
    ["ID-007"],
    "agent's message (a reply, or a task's status message in an answer, stream event or task listing) carries a messageId an earlier message of the agent used for a message with other parts",
    "mint a fresh messageId (a UUID) for every message the agent creates, inside the request handler, not once at start-up, and a new one for each status update that carries new content: clients and agents key and dedupe messages by messageId (1.0 §3.3.1), so two messages under one id lose one of them");
rule!(ID_TASK_NOT_RESOLVABLE, "ID-TASK-001", "task-id-not-resolvable", Error, Lifecycle,
    ["ID-001", "TASK-009", "ID-006"],
    "a task id the agent handed out is unknown to the agent afterwards",
    "use one task id everywhere: the id carried by stream events and send results must work with GetTask/tasks/get and CancelTask; with several agent instances behind one URL, keep tasks in one shared store or route each task's calls to the instance that created it");
rule!(ID_UNKNOWN_TASK_ACCEPTED, "ID-TASK-002", "unknown-task-id-accepted", Error, Lifecycle,
    ["ID-001", "TASK-009"],
    "message naming a task id was answered with a different task, or with a new task of that id after the agent had answered TaskNotFoundError for it",
    "continue the named task, or answer -32001 TaskNotFoundError for an unknown taskId; never mint a new task for it");
rule!(DATA_AGENT_ROLE, "DATA-ROLE-001", "agent-reply-with-user-role", Warning, Interop,
    ["DATA-005"],
    "agent's reply message carries the user role, or a task's history lists the client's own message with the agent role",
    "set role ROLE_AGENT (0.x: \"agent\") on the messages the agent sends and keep the client's messages in history with the role they were sent with (ROLE_USER): ROLE_USER is communication from the client to the server (proto Role), so clients and UIs show the agent's answer as the user's own message (or the user's question as the agent's answer) or drop it");
rule!(DATA_CLIENT_ROLE, "DATA-ROLE-002", "client-message-with-agent-role", Warning, Interop,
    ["DATA-005"],
    "client's message in a send request carries the agent role",
    "set role ROLE_USER (0.x: \"user\") on the message a client sends: ROLE_AGENT is communication from the agent to the client (proto Role), so an agent may reject the message, leave it out of the conversation it answers, or take it for its own earlier answer; a client relaying another agent's words sends them as its own user message");
rule!(ID_MESSAGE_NO_CONTEXT, "ID-MSG-001", "agent-message-without-context-id", Note, Lifecycle,
    ["ID-004", "ID-002"],
    "1.0 agent message, or task, answering a send has no contextId",
    "set contextId on every agent Message and on the Task a send answers (the client's contextId, or one the agent mints and then MUST return, 1.0 §3.4.1); without it the client's next message starts a new conversation. The 1.0 proto marks Message.contextId and Task.contextId optional, so this is advice, not a MUST (a stream's Task event is not judged: its status and artifact updates must name the context)");
// The prober's own intent, visible in the recording (`A2A-Interop-Probe: unknown-task` on a
// task read naming a random UUID it minted): the answer is judged the same in `probe` and in
// `verify` of its recording (interop41). Passively a -32603 to a task read may be a real
// internal failure; a random id no agent can know has one right answer.
rule!(ID_UNKNOWN_TASK_MISANSWERED, "ID-TASK-007", "unknown-task-not-task-not-found", Error, ErrorHandling,
    ["ERR-002", "ERR-001", "ERR-003", "ERR-005"],
    "agent answered a task read naming a task id no agent can know (the prober's random UUID, marked A2A-Interop-Probe: unknown-task) with something other than TaskNotFoundError: another JSON-RPC error code (-32603 InternalError, -32602 InvalidParams, ...), an HTTP+JSON error status other than 404, a 1.0 gRPC status other than NOT_FOUND (INTERNAL, UNKNOWN, ...), or a task",
    "look the id up and answer an id the agent does not hold with TaskNotFoundError (JSON-RPC -32001; HTTP+JSON 404 with ErrorInfo reason TASK_NOT_FOUND; gRPC NOT_FOUND), not with an internal error from a failed lookup: the client reads -32603 as a fault of the agent worth retrying, and -32001 as an answer");
// sev44: ID-TASK-007's 0.x form. ERR-002 is a SHOULD before 1.0, so a 0.x agent that
// answers the marked read of a random id with another JSON-RPC error code than -32001 breaks
// a recommendation, not a requirement (a result, as if it held the task, stays ID-TASK-007;
// so does a 0.3 HTTP+JSON answer, whose statuses REST-003 makes a MUST).
rule!(ID_UNKNOWN_TASK_MISANSWERED_0X, "ID-TASK-008", "unknown-task-not-task-not-found-0x", Warning, ErrorHandling,
    ["ERR-002"],
    "0.1/0.2/0.3 agent answered a JSON-RPC task read naming a task id no agent can know (the prober's random UUID, marked A2A-Interop-Probe: unknown-task) with another error code than -32001 TaskNotFoundError, the code the 0.x spec recommends (ERR-002: a SHOULD in 0.x, a MUST in 1.0), or a 0.3 gRPC one with another status than NOT_FOUND (the 0.3 spec gives gRPC no table of codes)",
    "look the id up and answer an id the agent does not hold with -32001 TaskNotFoundError, as the 0.x spec recommends (0.3 §8.2), not with an internal error from a failed lookup: the client reads -32603 as a fault of the agent worth retrying, and -32001 as an answer; 1.0 makes the code a MUST (ID-TASK-007)");
rule!(ID_TASK_FROM_CLIENT, "ID-TASK-004", "task-id-not-handed-out", Note, Lifecycle,
    ["ID-001", "ID-004"],
    "a task id the recording never saw the agent hand out was adopted from the client's message or named by an agent message",
    "task ids are generated by the agent (1.0 §3.4.2): answer a message naming an unknown taskId with TaskNotFoundError instead of creating a task with the client's id, and put a taskId on an agent Message only when that task exists; if the task existed before the recording started, this note does not apply");
rule!(ID_TASK_NOT_FOUND_FRESH_SEND, "ID-TASK-005", "task-not-found-for-message-without-task", Error, Lifecycle,
    ["ID-001", "ERR-002"],
    "a message that names no task (no taskId, no referenceTaskIds) was answered TaskNotFoundError",
    "TaskNotFoundError (-32001, HTTP 404, gRPC NOT_FOUND) answers a message whose taskId the agent does not know; a message without one starts a new task, so a failure while handling it (a downstream agent's TaskNotFoundError an orchestrator received) is the agent's own: answer a task in TASK_STATE_FAILED, or -32603 InternalError / InvalidAgentResponseError when a downstream agent answered wrongly");
// sev44: ID-TASK-005's 0.x form. ID-001 (TaskNotFoundError answers an unknown taskId) is
// 1.0's; on 0.x the code's meaning is ERR-002's, a SHOULD, so a 0.x send without a task
// answered TaskNotFoundError misuses a recommended code and breaks no 0.x MUST.
rule!(ID_TASK_NOT_FOUND_FRESH_SEND_0X, "ID-TASK-009", "task-not-found-for-message-without-task-0x", Warning, Lifecycle,
    ["ERR-002"],
    "a 0.1/0.2/0.3 message that names no task (no taskId, no referenceTaskIds) was answered TaskNotFoundError, which the 0.x spec recommends for an unknown task only (ERR-002: a SHOULD in 0.x; in 1.0 a MUST, ID-TASK-005)",
    "TaskNotFoundError (-32001; 0.3 HTTP+JSON 404, gRPC NOT_FOUND) answers a message whose taskId the agent does not know, as the 0.x spec recommends; a message without one starts a new task, so a failure while handling it (a downstream agent's TaskNotFoundError an orchestrator received) is the agent's own: answer a task in the failed state, or -32603 InternalError / -32006 InvalidAgentResponseError when a downstream agent answered wrongly");
// left58 item 1: ID-TASK-007's passive form. A GetTask / CancelTask / SubscribeToTask of a
// task id this recording never saw, answered with a generic internal error (-32603, HTTP
// 500, gRPC INTERNAL or UNKNOWN) where TaskNotFoundError is owed (TASK-009; ERR-002). Without
// the prober's mark the task may predate the recording and the failure be real, so a note;
// when the recording shows the id unknown (TaskNotFoundError for it on another call) the
// code rules tell it as an error (RPC-ERROR-001 / -006, REST-ERROR-001, GRPC-ERROR-001),
// and the prober's own random id is ID-TASK-007's.
rule!(ID_UNKNOWN_TASK_INTERNAL_ERROR, "ID-TASK-010", "unknown-task-internal-error", Note, ErrorHandling,
    ["TASK-009", "ERR-002", "ERR-001"],
    "agent answered a task read, cancel or subscription naming a task id this recording never saw with a generic internal error (JSON-RPC -32603, HTTP+JSON 500, gRPC INTERNAL or UNKNOWN) instead of TaskNotFoundError; the task may predate the recording, hence a note",
    "look the id up first and answer an id the agent does not hold with TaskNotFoundError (JSON-RPC -32001; HTTP+JSON 404 with ErrorInfo reason TASK_NOT_FOUND; gRPC NOT_FOUND), not with the internal error of a failed lookup (a KeyError, a null dereference): the client reads an internal error as a fault of the agent worth retrying, and TaskNotFoundError as the answer; if the task existed before the recording and the failure is real, this note does not apply");
rule!(ID_TASK_FROM_OTHER_AGENT, "ID-TASK-006", "client-task-id-from-other-agent", Warning, Lifecycle,
    ["ID-001", "TASK-009"],
    "client named to one agent a task id that another agent handed out, and the agent answered TaskNotFoundError or with another task (another id, another contextId, a finished task changed); an agent that answers the same task is one agent behind two hostnames sharing its task store, not a finding. Also a task call naming as its task id the messageId of the client's own send, which the agent had answered with a task of another id, answered TaskNotFoundError",
    "task ids belong to the agent that created them (1.0 §3.4.2): an orchestrator keeps each remote agent's taskId and contextId apart (a record per agent), continues a task only with the agent that handed it out, and opens work at another agent with a message without taskId; a client polls with the Task.id of the answer, not the messageId (or correlation id) it minted for its message; the agent's TaskNotFoundError is right");
rule!(ID_OTHER_TASK_ANSWERED, "ID-TASK-003", "task-call-answered-other-task", Error, Lifecycle,
    ["ID-001", "TASK-009", "AUTH-006"],
    "the agent answered GetTask, CancelTask or a push config call with a different task (or another task's push config) than the one named",
    "answer GetTask and CancelTask with the task the request names (params id, or the {id} of the HTTP+JSON route), and push config Create/Get/List with that task's configs only, or TaskNotFoundError; look tasks and configs up by the named task id, never by context or from a shared cache");
rule!(
    ID_CONTEXT_NOT_INFERRED,
    "ID-CTX-001",
    "context-id-not-inferred",
    Error,
    Lifecycle,
    ["ID-003", "ID-006"],
    "follow-up naming only a taskId got a different contextId than the task's",
    "infer contextId from the task when the message gives only taskId"
);
rule!(ID_CONTEXT_CHANGED, "ID-CTX-002", "context-id-changed", Error, Lifecycle,
    ["ID-006", "ID-002", "ID-003"],
    "a task's contextId changed, the agent substituted the client's contextId, or it processed a follow-up whose contextId is not its task's",
    "a task keeps its contextId forever; on a new task accept the client's contextId or reject it with an error, never substitute another; reject a message whose taskId names a task of another context");
// A warning: ID-006 is a derived requirement (DIGEST), and the a2a-python 1.x server does
// this on every taskId-only follow-up (it mints a fresh contextId for the request and stamps
// the new messages with it, while the task keeps its own).
rule!(ID_MESSAGE_IDS_MISMATCH, "ID-CTX-003", "task-message-ids-mismatch", Warning, Lifecycle,
    ["ID-006", "ID-004"],
    "a message kept in a task (status.message or history) names another taskId or contextId than the task",
    "stamp every message a task keeps (status.message, history) with the task's own id and contextId: mint the contextId once per task and write that same value on the task and on its messages");
// A client that writes a task id where the context id goes (mine45: adcp-client PR #729, its
// AgentClient stored result.metadata.taskId as its currentContextId): the agent may adopt a
// client's context id (ID-002), so it opens a new conversation under that name and the task
// the client meant to answer never hears from it. A warning: ID-003 / ID-008 describe the
// follow-up (taskId, or contextId for a new task in the same context), not a MUST on it.
rule!(ID_CTX_CLIENT_TASK_ID_AS_CONTEXT, "ID-CTX-004", "client-task-id-as-context-id", Warning, Lifecycle,
    ["ID-003", "ID-008", "ID-002"],
    "client sent a message whose contextId is the id of a task the same agent handed out (in another context), and no taskId: it confused the two ids, so the agent starts a new task in a new context named after the task instead of continuing the task or its conversation",
    "keep a task's id and its contextId apart: continue a task (input-required, auth-required) by sending its id as message.taskId, and start the next task of the conversation by sending the task's contextId as message.contextId (1.0 §3.4.3); read both from the agent's Task (id, contextId), not from metadata");
// breaker57: a client that continues a task (taskId) under a contextId that is not the
// task's. 1.0 §3.4.3 makes the agent reject it (ID-003), so the follow-up is lost (0.x names
// no rejection: not told there, breaker35 F01). The client's fault,
// whatever the agent answers; an agent that processes it is ID-CTX-002's besides. A note,
// as TASK-STATE-017 (the client's follow-up to a terminal task, which must be refused too):
// the agent-side controls of that refusal (b16-S6, b28x-LL6) stay free of warnings.
rule!(ID_CTX_CLIENT_CONTEXT_MISMATCH, "ID-CTX-005", "client-follow-up-context-mismatch", Note, Lifecycle,
    ["ID-003", "ID-006"],
    "client sent a 1.0 message naming a task (taskId) with a contextId other than the one the agent's earlier answers showed for that task: a task lives in one context, so the agent must reject it and the follow-up is lost",
    "continue a task with its taskId alone, or with the contextId the agent's Task carries; keep the two ids of each task together as the agent handed them out, and start a new task (no taskId) to change the conversation");
rule!(
    ID_EVENT_MISSING_TASK_ID,
    "ID-EVENT-001",
    "stream-event-missing-task-id",
    Error,
    Streaming,
    ["ID-005"],
    "status or artifact update event lacks taskId or contextId",
    "put taskId and contextId on every TaskStatusUpdateEvent and TaskArtifactUpdateEvent"
);
rule!(
    ID_EVENT_TASK_MISMATCH,
    "ID-EVENT-002",
    "stream-event-task-mismatch",
    Error,
    Streaming,
    ["ID-006"],
    "stream event names another task or context than the stream's task",
    "all events of one stream carry the first Task's id and contextId"
);

// ---- streams ----------------------------------------------------------------------------
rule!(STREAM_EVENT_SHAPE, "STREAM-SHAPE-001", "stream-event-invalid-shape", Error, Streaming,
    ["DATA-005", "DATA-004", "STREAM-003", "DATA-002", "DATA-001"],
    "stream event is not a well-formed StreamResponse",
    "send exactly one of task, message, statusUpdate{taskId,contextId,status}, artifactUpdate{taskId,contextId,artifact{artifactId,parts}} (0.x: kind task/message/status-update/artifact-update); in 1.0 every message and artifact has at least one part, roles are ROLE_USER/ROLE_AGENT and status timestamps are RFC 3339 with a zone (0.x: ISO 8601 strings, never epoch numbers or objects); 0.x final, append and lastChunk are JSON true / false, never \"true\" or 1 (a JavaScript client takes \"false\" as true)");
rule!(STREAM_ENVELOPE, "STREAM-SHAPE-002", "stream-event-envelope-wrong", Error, Streaming,
    ["RPC-005", "REST-002"],
    "data of a stream event is not the binding's envelope (JSON-RPC response with the request id / bare StreamResponse on REST)",
    "on JSON-RPC each data is {\"jsonrpc\":\"2.0\",\"id\":<request id>,\"result\":<StreamResponse>}; on HTTP+JSON it is the bare StreamResponse");
// An error: 1.0 STREAM-003 is a MUST; the 1.0 SDK clients (a2a-python, a2a-java) raise
// "received a streamed Message from server after first response" (a2a-java #1037). The 0.3
// form ("should") is STREAM-END-004's warning.
rule!(
    STREAM_MESSAGE_IN_TASK_STREAM,
    "STREAM-SHAPE-003",
    "message-event-in-task-stream",
    Error,
    Streaming,
    ["STREAM-003", "STREAM-002"],
    "1.0 task stream carried a message event after its task (a task stream carries only statusUpdate and artifactUpdate after the task)",
    "after the stream's task send only statusUpdate and artifactUpdate events until the terminal or interrupted state: put progress text for the user in statusUpdate.status.message (or an artifact), never in a message event; a message event answers a request that creates no task and is the stream's only event (the SDK clients refuse a message after the first event, so the updates after it are lost)"
);
rule!(
    STREAM_FIRST_NOT_TASK,
    "STREAM-FIRST-001",
    "first-stream-event-not-task",
    Error,
    Streaming,
    ["STREAM-003", "STREAM-002", "STREAM-004"],
    "first event of a 1.0 message stream is not a Task or Message, or of a 1.0 SubscribeToTask stream not the Task (an error event included, whatever its code)",
    "send the Task (or a single Message) first, then status and artifact updates; an error known before the stream starts, whatever its code (TaskNotFoundError, UnsupportedOperationError, InvalidParams, InternalError, a refused 1.0 version, ...), is the call's plain error response (JSON-RPC error object; HTTP+JSON status with the AIP-193 body), not a 200 event stream whose first event is the error: 1.0 lists the operation's errors apart from its stream (§3.1.2, §3.1.6); an error after the first event may end the stream; 0.x streams may be a single JSON-RPC error response (their schemas admit it, not judged)"
);
rule!(
    STREAM_TASK_AFTER_UPDATE,
    "STREAM-FIRST-002",
    "stream-task-after-its-update",
    Warning,
    Streaming,
    ["STREAM-003"],
    "0.x stream opens with a status or artifact update of a task whose Task the stream sends only afterwards",
    "send the Task first, then its status and artifact updates (0.3: the stream should start with the task): a client that builds its task from the Task event overwrites the update that came before it"
);
rule!(STREAM_NOT_EVENT_STREAM, "STREAM-HTTP-001", "stream-not-event-stream", Error, Streaming,
    ["RPC-005"],
    "streaming call answered with success but not as text/event-stream",
    "answer streaming methods with HTTP 200 and Content-Type text/event-stream, or with a plain JSON-RPC error before the stream starts");
rule!(
    STREAM_AFTER_TERMINAL,
    "STREAM-END-001",
    "stream-event-after-terminal",
    Error,
    Streaming,
    ["STREAM-007", "STREAM-008", "TASK-001", "STREAM-002", "PUSH-004"],
    "stream sent events (an error event too) after the task's terminal state (or after a 1.0 message reply), or push notifications carried an artifact update after the task's terminal state",
    "close the stream after the terminal status update (1.0 may repeat one final task snapshot; 0.x sends nothing after final:true); a 1.0 message reply stream is one message event; send every artifact (stream event or push notification) before the terminal status update"
);
rule!(STREAM_NO_TERMINAL, "STREAM-END-002", "stream-ended-without-terminal", Error, Streaming,
    ["STREAM-003", "STREAM-007"],
    "1.0 task stream (or one of unknown version) ended before a terminal or interrupted state (the 0.x form is STREAM-END-007's warning)",
    "keep the stream open until the task reaches a terminal (completed, failed, canceled, rejected) or interrupted (input-required, auth-required) state, and send that state before closing; with an SDK this almost always means the executor returned (or raised) before it published a final status: end execute() with TaskUpdater.complete() / failed() / requires_input() (a2a-python) or publish a final status-update and call eventBus.finished() (@a2a-js/sdk), and turn an exception into failed() instead of letting it escape");
rule!(STREAM_FINAL_FLAG, "STREAM-FINAL-001", "stream-final-flag-wrong", Error, Streaming,
    ["STREAM-008"],
    "0.x final flag does not match the state",
    "0.x: set final:true on the status update with a terminal or input-required state and only there");
rule!(STREAM_CONCURRENT_DIFFER, "STREAM-FANOUT-001", "concurrent-stream-missed-event", Error, Streaming,
    ["STREAM-006"],
    "a stream of a task missed an event that another stream of the same task, open at the same time, delivered",
    "deliver every event of a task to every stream open on it (1.0 §3.5.2: concurrent streams get the same events in the same order): fan each event out to all subscribers' queues, including a SubscribeToTask opened while a SendStreamingMessage stream runs");
rule!(STREAM_STAMPS_BACKWARDS, "STREAM-ORDER-001", "stream-status-timestamps-go-backwards", Warning, Streaming,
    ["STREAM-005"],
    "a status update of a stream is stamped earlier than one the stream delivered before it, or than the Task that opened a send stream",
    "deliver a task's events in the order they were generated (1.0 §3.5.2: never reordered): publish each status update through one ordered queue per task, and stamp status.timestamp when the state changes; if a gateway or a fan-out reorders them, pass events through in order");
rule!(STREAM_APPEND_WITHOUT_BASE, "STREAM-ARTIFACT-001", "artifact-append-without-base", Warning, Streaming,
    ["STREAM-009"],
    "artifact chunk with append:true has no earlier chunk of that artifact in the stream",
    "send the first chunk of an artifact with append false (or absent), then append:true chunks with the same artifactId");
rule!(
    STREAM_CHUNK_AFTER_LAST,
    "STREAM-ARTIFACT-002",
    "artifact-chunk-after-last",
    Warning,
    Streaming,
    ["STREAM-009"],
    "artifact chunk after the chunk marked lastChunk",
    "mark lastChunk only on the real last chunk of an artifact"
);
rule!(
    STREAM_LAST_CHUNK_REPLACES,
    "STREAM-ARTIFACT-003",
    "artifact-replaced-by-last-chunk",
    Note,
    Streaming,
    ["STREAM-009"],
    "the lastChunk of a streamed artifact has append false after chunks with append true, so it replaces what they streamed",
    "send every chunk after the first of an artifact with append: true, the last one (lastChunk: true) too; append: false (or no append) on a later chunk replaces the artifact's parts so far with that chunk's"
);
// cards60: an error, as STREAM-END-009 is: 1.0 STREAM-003 / STREAM-007 (a task stream
// closes at its terminal state) and STREAM-002 (a message reply stream is one message, then
// the close) are MUSTs; 0.3 makes the close a "should" (STREAM-END-010's warning). The
// capture's stop is judged with the same 2 s grace as the client's close and the 0.x form
// (before: a warning, judged at once, while the 0.x form had the grace).
rule!(
    STREAM_OPEN_AFTER_TERMINAL,
    "STREAM-END-003",
    "stream-open-after-terminal",
    Error,
    Streaming,
    ["STREAM-003", "STREAM-007", "STREAM-002"],
    "1.0 stream still open when the capture stopped 2 s or more after its terminal event (a message reply stream: after its Message), or hung there without that event well after another answer (GetTask, a cancel, another stream of the task) showed the task ended (the client's close is STREAM-END-009's; the 0.x form is STREAM-END-010's warning)",
    "send the terminal state on every stream open on the task (a cancel or a failure ends it too, not only the executor's own last event) and close the stream once it has been sent (1.0 §3.1.2: a task stream closes at the terminal state); a stream answered with one Message closes right after it (STREAM-002). This rule allows 2 s between the terminal event and the capture's stop"
);
// grpc58: STREAM-END-003 tells a stream still open when the capture stopped; a stream the
// agent held open after its terminal event until the client gave up and closed it (an SSE
// response the client aborted, a gRPC server stream it cancelled) went untold, though the
// recording shows it: the terminal event's time and the client's close. The grace is
// [`crate::verify::HELD_OPEN_GRACE_US`] (2 s).
rule!(
    STREAM_HELD_OPEN,
    "STREAM-END-009",
    "stream-held-open-after-terminal",
    Error,
    Streaming,
    ["STREAM-003", "STREAM-007", "STREAM-002"],
    "1.0 task stream (SSE over JSON-RPC or HTTP+JSON, or a gRPC server stream; or one of unknown version) that the agent still held open 2 s or more after it sent the task's terminal state, or a message reply stream held so after its one Message, until the client closed it (the 0.x form is STREAM-END-010's warning; a stream still open when the capture stopped is STREAM-END-003's)",
    "close the stream once the terminal status update is sent (1.0 §3.1.2: a task stream closes at the terminal state; 1.0 may repeat one final task snapshot first), and a message reply stream right after its Message (STREAM-002): a client that waits for the close (the SDK clients iterate until the stream ends) hangs until its own timeout and then reports the finished call as failed. With an SDK this is usually a queue or generator that is never closed after the last event (a2a-python: the executor's event queue left open; a2a-js: eventBus.finished() never called; a gRPC servicer that awaits more work after yielding the terminal event). This rule allows 2 s between the terminal event and the close, far more than an agent needs to end its response"
);
rule!(
    STREAM_HELD_OPEN_0X,
    "STREAM-END-010",
    "stream-held-open-after-terminal-0x",
    Warning,
    Streaming,
    ["STREAM-003", "STREAM-008"],
    "0.1/0.2/0.3 task stream that the agent still held open 2 s or more after the status update with the terminal state, or after one with final: true in input-required or auth-required (final marks the last event of the stream whatever the state), or a 0.2/0.3 message reply stream held so after its Message, until the client closed it or the capture stopped (0.3 says the server should close the stream there; a MUST from 1.0, STREAM-END-009 / STREAM-END-003)",
    "close the stream after the status update with final: true, in a terminal state and in input-required or auth-required alike (the follow-up message opens a new stream), and a stream answered with a Message right after that Message: 0.x clients that stop reading at final (a2a-python 0.3) leave the connection to be reaped, and clients that read to the end of the stream (EventSource, a2a-js, curl) hang until their own timeout. This rule allows 2 s between the terminal event and the close"
);
// A warning: 0.3 makes STREAM-003 a "should" and STREAM-002 is 1.0's; the 0.3 SDKs end the
// stream at a Message (a2a-python's consume_all, its client), so what follows is lost.
rule!(STREAM_AFTER_MESSAGE_0X, "STREAM-END-004", "stream-event-after-message-reply-0x", Warning, Streaming,
    ["STREAM-003", "STREAM-002", "ID-006"],
    "0.2/0.3 stream sent further events after answering with a Message (a Message reply ends the stream for 0.x clients), or a 0.3 task stream carried a Message after its Task",
    "answer message/stream either with one Message (a reply that creates no task) and close, or with the Task first and then its status and artifact updates; if the work goes on as a task, send that Task instead of the Message: 0.3 clients (a2a-python) stop reading at a Message, so the task's updates after it are lost; inside a task stream put progress text in a status-update's status.message, never in a Message (a2a-python raises on a Message after the first event)");

// breaker17b V5: the SDKs turn an executor's exception or invalid event into an error that
// ends the stream (a2a-python -32603 / -32006 and gRPC UNKNOWN / INTERNAL, a2a-js -32004);
// the stream-end check read any error as a legitimate end and said nothing.
rule!(STREAM_ERROR_END, "STREAM-END-005", "stream-cut-by-error-before-terminal", Error, Streaming,
    ["STREAM-003", "STREAM-007", "ERR-002"],
    "1.0 task stream (or one of unknown version; the 0.x form is STREAM-END-008's warning) ended with an error (a JSON-RPC error event, an HTTP+JSON error event, a gRPC status other than OK) after the agent had started the task and before the task's terminal or interrupted state, where the error's own words blame the agent (-32006 InvalidAgentResponseError, ErrorInfo INVALID_AGENT_RESPONSE, a2a-js \"Stream ordering violation\", grpcio's \"Unexpected <class ...>\" for an escaped exception; on a 1.0 stream also a plain INTERNAL: JSON-RPC -32603, a google.rpc.Status INTERNAL event, gRPC INTERNAL) or a later read shows the task FAILED (the stream withheld the terminal state)",
    "end every task stream with the task's terminal status (or input-required / auth-required), also when the work fails: send the failed state, then close; an error after the Task leaves the client without the task's outcome while GetTask shows it FAILED. With an SDK this is the executor: Python (a2a-python) catch the exception and call TaskUpdater.failed(message) instead of letting it escape execute() (the SDK answers -32603 / gRPC UNKNOWN and leaks the exception text), and -32006 InvalidAgentResponseError is the SDK refusing an event the executor published (a Message after the Task, an append to an artifact never created: give every chunk of one artifact the same artifact_id); JS (a2a-js) publish status-update / artifact-update events after the task, a final status-update, then eventBus.finished()");

// sev44b: STREAM-003 (a task stream runs until a terminal or interrupted state) and
// STREAM-007 are a MUST in 1.0, a "should" in 0.3 and unspecified in 0.2 (0.2/0.1 streams
// end at final:true, which STREAM-FINAL-001 judges). A 0.x task stream that ends early, or
// is cut by the agent's error before that state, breaks no 0.x MUST: these warnings, not
// STREAM-END-002's / STREAM-END-005's errors (one severity per rule id; the dialect is the
// stream's own call's, so a 0.3 stream under a 1.0 card is 0.3).
rule!(STREAM_NO_TERMINAL_0X, "STREAM-END-007", "stream-ended-without-terminal-0x", Warning, Streaming,
    ["STREAM-003", "STREAM-007"],
    "0.1/0.2/0.3 task stream ended before a terminal or interrupted state (0.3 recommends keeping it open until then, a MUST from 1.0; 0.2 does not say)",
    "keep the stream open until the task reaches a terminal (completed, failed, canceled, rejected) or interrupted (input-required, auth-required) state, and send that state (final: true) before closing: a 0.x client otherwise has the task in working with no outcome and must poll tasks/get, and 1.0 makes it a MUST; with an SDK end execute() with TaskUpdater.complete() / failed() / requires_input() (a2a-python) or publish a final status-update and call eventBus.finished() (@a2a-js/sdk), and turn an exception into failed()");
rule!(STREAM_ERROR_END_0X, "STREAM-END-008", "stream-cut-by-error-before-terminal-0x", Warning, Streaming,
    ["STREAM-003", "STREAM-007", "ERR-002"],
    "0.1/0.2/0.3 task stream ended with an error whose own words blame the agent (-32006 InvalidAgentResponseError, a2a-js \"Stream ordering violation\", grpcio's \"Unexpected <class ...>\") after the agent had started the task and before its terminal or interrupted state, or a later read shows the task FAILED (0.3 recommends ending with the task's state, a MUST from 1.0)",
    "end every task stream with the task's terminal status (or input-required / auth-required), also when the work fails: send the failed state with final: true, then close; with a2a-python catch the executor's exception and call TaskUpdater.failed(message) instead of letting it escape execute() (-32603 / -32006 then end the stream and the client never sees the outcome); 1.0 makes this a MUST");

// q30a (mine29c): a reset the client recovered from is the hop's fault, not the task's
// stream left unfinished (STREAM-003 is kept across the resubscription, 1.0 §3.1.6).
rule!(STREAM_RESET_RESUMED, "STREAM-END-006", "stream-reset-task-resumed", Warning, Streaming,
    ["STREAM-003", "STREAM-004"],
    "task stream was reset by the agent's side before a terminal or interrupted state, and the client got the task on to such a state by resubscribing (SubscribeToTask, 0.x tasks/resubscribe): the task's outcome reached the client, the connection broke on the way",
    "find out what broke the connection mid-stream: the agent's log and process at that moment (a crash, a restart, an exception that escaped the streaming handler) or a load balancer or ingress in between (its idle or maximum request time: write SSE comments such as ': keep-alive' every few seconds); keep every task stream open until the terminal or interrupted state. The client's resubscription recovered the task: keep that reconnect logic, since any reset costs a reconnect and the events sent while disconnected unless the agent replays them");

// ---- SSE framing ------------------------------------------------------------------------
rule!(HTTP_MEDIA_TYPE_REFUSED, "HTTP-MEDIA-001", "binding-media-type-refused", Error, Interop,
    ["RPC-001", "REST-003"],
    "agent refused with HTTP 415 a request sent with the media type its binding requires (application/json on JSON-RPC and on 0.3 HTTP+JSON)",
    "accept Content-Type: application/json (with or without a charset parameter) on the JSON-RPC endpoint and on the 0.3 /v1 HTTP+JSON routes: it is the binding's required media type");
rule!(HTTP_MEDIA_TYPE_1_0_REFUSED, "HTTP-MEDIA-002", "rest-1-0-media-type-refused", Warning, Interop,
    ["REST-001"],
    "1.0 HTTP+JSON agent refused with HTTP 415 a request body sent as application/json (the 1.0.0 media type) or application/a2a+json (the 1.0 SHOULD)",
    "accept both application/a2a+json and application/json on the 1.0 HTTP+JSON routes: both are protocol version 1.0 (patch versions are not negotiated), and 1.0.0 clients send application/json");
// open45: split by the strength of the text. JSON-RPC bodies are application/json in every
// version (1.0 §9.1; 0.3 §3.2.1 and 0.2 §3.2: MUST), and so are 0.3 HTTP+JSON bodies (0.3
// §3.2.3: MUST); 1.0 HTTP+JSON bodies SHOULD be application/a2a+json (1.0 §11.1), 1.0.0's
// application/json accepted. application/a2a+json is "intended for the HTTP+JSON/REST
// binding" (1.0 §14.1.1): on a 1.0 JSON-RPC call it is HTTP-MEDIA-004's too.
rule!(HTTP_MEDIA_TYPE_CLIENT, "HTTP-MEDIA-003", "client-request-media-type-wrong", Warning, Interop,
    ["REST-001"],
    "client sent a 1.0 HTTP+JSON request body (or one of an HTTP+JSON route of unknown version) under a media type that is neither application/a2a+json (1.0 §11.1 SHOULD) nor application/json (1.0.0's): not JSON (application/x-www-form-urlencoded, text/plain, multipart/form-data, ...) or JSON under another name (text/json, a vendor +json type); JSON-RPC and 0.3 HTTP+JSON requests are HTTP-MEDIA-004",
    "send 1.0 HTTP+JSON bodies as Content-Type: application/a2a+json (or application/json, the 1.0.0 text's type): curl -d sends application/x-www-form-urlencoded unless told -H 'Content-Type: application/a2a+json', and an agent that checks the media type refuses the call with 415 Unsupported Media Type");
rule!(HTTP_MEDIA_TYPE_CLIENT_JSON, "HTTP-MEDIA-004", "client-request-not-application-json", Error, Interop,
    ["RPC-001", "REST-003"],
    "client sent a JSON-RPC request (any version) or a 0.3 HTTP+JSON request body under another media type than application/json, which those bindings require (1.0 §9.1, 0.3 §3.2.1 and §3.2.3 MUST): not JSON (application/x-www-form-urlencoded, text/plain, multipart/form-data, ...) or JSON under another name (application/json-rpc, text/json, a vendor +json type, and application/a2a+json, which 1.0 defines for its HTTP+JSON binding only, 1.0 §14.1.1)",
    "send every JSON-RPC request, 1.0 included, and every 0.3 HTTP+JSON body as Content-Type: application/json: application/a2a+json belongs to 1.0's HTTP+JSON routes (/message:send, ...), and @a2a-js/sdk's JSON-RPC server refuses it with -32005 ContentTypeNotSupportedError (id null), as any agent that checks the media type refuses other types with 415 Unsupported Media Type; curl -d sends application/x-www-form-urlencoded unless told -H 'Content-Type: application/json'");
rule!(HTTP_MEDIA_TYPE_ANSWER, "HTTP-MEDIA-005", "answer-not-application-json", Error, Interop,
    ["RPC-001", "REST-003"],
    "agent answered a JSON-RPC call (any version) or a 0.3 HTTP+JSON call with a JSON body under application/a2a+json, the media type 1.0 defines for its HTTP+JSON binding only (1.0 §14.1.1), where those bindings answer application/json (1.0 §9.1, 0.3 §3.2.1 and §3.2.3 MUST); or a 0.3 HTTP+JSON call with a JSON body under a media type that is not JSON (text/plain, text/html, ...) or none (0.3 §3.2.3: MUST use application/json for response bodies)",
    "answer JSON-RPC calls (1.0 included) and 0.3 HTTP+JSON calls with Content-Type: application/json; keep application/a2a+json for 1.0 HTTP+JSON answers (1.0 §11.1 SHOULD): a client that checks the media type (the JS SDK's JSON-RPC client asks Accept: application/json) refuses the answer, and one that reads it as a 1.0 HTTP+JSON body takes a JSON-RPC envelope for a result");
// 1.0 §11.1: "Content-Type: application/a2a+json SHOULD be used for requests and
// responses" (1.0.0: application/json), over "HTTP(S) with JSON payloads": a warning, as the
// request side's HTTP-MEDIA-003. Both SDK clients read the body as JSON whatever its type
// (a2a-python httpx response.json(), a2a-js fetch response.json()); a client that checks
// the type, a browser, or a gateway that treats text/html as a page does not.
rule!(HTTP_MEDIA_TYPE_ANSWER_REST, "HTTP-MEDIA-006", "rest-answer-not-json-media-type", Warning, Interop,
    ["REST-001"],
    "agent answered a 1.0 HTTP+JSON call (or one of an HTTP+JSON route of unknown version) with a JSON body under a media type that is not JSON (text/plain, text/html, application/octet-stream, ...) or with no Content-Type, where 1.0 §11.1 says application/a2a+json SHOULD be used for responses (application/json, 1.0.0's type, accepted); 0.3 HTTP+JSON answers are HTTP-MEDIA-005",
    "answer 1.0 HTTP+JSON calls with Content-Type: application/a2a+json (or application/json): the SDK clients parse the body as JSON whatever its type, but a client that checks the media type refuses a text/plain answer, and a gateway or browser may treat text/html as a page to rewrite or render; frameworks set text/plain when a handler returns a string instead of a JSON response object");
// RFC 9110 §15.5.7: 406 is for a request whose Accept admits nothing the endpoint can send.
// A JSON-RPC call is answered application/json (1.0 §9.1, 0.3 §3.2.1), a 0.3 HTTP+JSON call
// application/json (0.3 §3.2.3), a 1.0 HTTP+JSON call application/a2a+json or 1.0.0's
// application/json (1.0 §11.1), a streaming call text/event-stream (RPC-005, REST-002): a
// request that accepts that type and is refused 406 was refused for a header the binding
// never asks for (mine50: an MCP Streamable HTTP endpoint behind a card's url demands
// text/event-stream as well; a runtime that wants to stream a unary answer).
rule!(HTTP_ACCEPT_REFUSED, "HTTP-MEDIA-007", "accept-refused", Error, Interop,
    ["RPC-001", "RPC-002", "REST-003", "RPC-005", "CARD-001"],
    "agent refused an A2A call or a card fetch with HTTP 406 Not Acceptable although the request's Accept header admits the media type the binding answers that call with (application/json for a JSON-RPC or 0.3 HTTP+JSON call and for the public card, application/a2a+json or application/json for a 1.0 HTTP+JSON call, text/event-stream for a streaming call; a request without Accept admits every type)",
    "answer an A2A call in its binding's media type whenever the request's Accept admits it (RFC 9110 §12.5.1: no Accept, */* and application/* admit everything or every application type); 406 is for a request that accepts none of them. An endpoint that demands Accept: application/json, text/event-stream on every POST is an MCP Streamable HTTP endpoint, not an A2A one: advertise the A2A endpoint's url in the card");
rule!(HTTP_FRAMED_TWICE, "HTTP-FRAME-001", "response-framed-twice", Warning, Transport,
    ["RPC-001", "REST-001"],
    "agent response carries both Transfer-Encoding and Content-Length (RFC 9112 §6.2: a sender MUST NOT)",
    "remove the hand-set Content-Length when a middleware chunks or compresses the body: strict gateways refuse such a response (request smuggling guard) and naive clients read only Content-Length bytes");
rule!(HTTP_BODY_CUT_SHORT, "HTTP-FRAME-002", "response-body-cut-short", Error, Transport,
    ["RPC-002", "REST-001"],
    "agent closed or reset the connection before its response body ended (RFC 9112 §6.3: short of its Content-Length; §7.1: a chunked body without its last chunk): a unary answer, or an event stream before it delivered the task's outcome",
    "answer every call in full: a crashed worker, an ingress or load-balancer timeout, or a Content-Length larger than the body leaves the client with no answer (curl 18, httpx RemoteProtocolError, fetch 'terminated')");
// RFC 9112 §6.3 item 6: a Content-Length frames the body; bytes after it are no part of the
// message, and "a client MUST NOT process, cache, or forward such extra data as a separate
// response". An error as HTTP-FRAME-002 is: the client gets a body cut at the declared
// length, and on a kept-alive connection its next response is corrupt.
rule!(HTTP_BODY_PAST_LENGTH, "HTTP-FRAME-006", "response-body-past-content-length", Error, Transport,
    ["RPC-001", "REST-001"],
    "agent (or a gateway, on the client leg behind it) sent more bytes after a response head than its Content-Length frames (RFC 9112 §6.3): the answer a client reads stops at the declared length, and the bytes past it corrupt the next response on a kept-alive connection",
    "send a Content-Length that counts the body's bytes as written (UTF-8 bytes, not characters; the body after compression, not before), or none and let the server frame the body: a client reads only that many bytes (a JSON answer cut short does not parse) and takes the rest for the start of its next response, which a careful client (the recording proxy too) refuses by closing the connection");
rule!(HTTP_BODY_CODING, "HTTP-FRAME-004", "response-body-not-its-coding", Error, Transport,
    ["RPC-001", "REST-001"],
    "agent answered an A2A call or card fetch with a body that is not in the Content-Encoding its header names (gzip, deflate or br named on plain JSON, or on bytes corrupt in that coding): clients that decode the body as the header says get an error, not the answer (RFC 9110 §8.4)",
    "send Content-Encoding only for a body encoded that way: a middleware that sets the header on a body another layer already sent plain (or compresses twice, or after the bytes were cut) leaves curl (\"Error while processing content unencoding\"), httpx (DecodingError) and fetch (TypeError) without an answer");
rule!(HTTP_CODING_UNACCEPTED, "HTTP-FRAME-005", "response-coding-not-accepted", Warning, Transport,
    ["RPC-001", "REST-001"],
    "agent answered an A2A call or card fetch in a content coding (Content-Encoding) that the request's Accept-Encoding does not accept (RFC 9110 §12.5.3: br to a client that asked for gzip, deflate), so the client cannot decode the answer",
    "compress only in a coding the request's Accept-Encoding names (or none): a compression middleware that answers br regardless leaves clients without a brotli decoder (httpx without the brotli package sends Accept-Encoding: gzip, deflate) reading compressed bytes as JSON");
rule!(HTTP_REQUEST_REFUSED, "HTTP-FRAME-003", "client-request-refused", Error, Transport,
    ["RPC-001", "REST-001"],
    "client request refused by the proxy's HTTP server as malformed (RFC 9112 §2.2/§5/§7.1, RFC 9113 §8.1.1) or as a request head not complete in time (RFC 9112 §9.5): it never reached the agent whole; also an HTTP/2 connection the proxy closed because its client reset most of its streams within a second of opening them (rapid reset, CVE-2023-44487)",
    "send well-formed HTTP: one Content-Length or a Transfer-Encoding ending in chunked, no CR, LF or NUL in field values, no obs-fold, a lowercase-named h2 field section whose DATA matches its content-length, and the whole request head at once; cancel an HTTP/2 stream only when its answer is no longer wanted (the recording's request_refused or exchange_end error names the fault)");
rule!(SSE_NOT_TERMINATED, "SSE-FRAME-001", "sse-event-not-terminated", Error, Transport,
    ["RPC-005", "REST-002"],
    "event of an SSE stream not terminated by a blank line",
    "end every SSE event with an empty line (\"\\n\\n\"); a single newline merges the next data line into the same event");
rule!(SSE_DATA_NOT_JSON, "SSE-FRAME-002", "sse-data-not-json", Error, Transport,
    ["RPC-005", "REST-002"],
    "data of an SSE event is not one JSON document",
    "write each event's data as one JSON document (multi-line data is joined with \\n before parsing)");
rule!(SSE_FIELD_MISSPELLED, "SSE-FRAME-003", "sse-field-name-misspelled", Error, Transport,
    ["RPC-005", "REST-002"],
    "line of an SSE stream is ignored because its field name is data, event, id or retry only after a mid-stream byte order mark, letter case or whitespace, or is one letter off data (date, dat) in front of a JSON document",
    "write field names exactly (`data:`, lowercase, at the start of the line); write the UTF-8 BOM at most once, before the first byte of the stream (a .NET StreamWriter created per event writes one before each); a parser ignores the line, so the event's data is lost");
// WHATWG SSE §9.2.6: a line without a field the parser knows is ignored, so a JSON document
// written into an event stream without `data:` (an error body a framework writes after the
// stream's head went out: Go's http.Error, a problem+json writer) never reaches the client,
// and the stream looks as if it just ended (mine50, jllopis/kairos's HTTP+JSON server).
rule!(SSE_JSON_WITHOUT_DATA, "SSE-FRAME-005", "sse-json-without-data-field", Error, Transport,
    ["RPC-005", "REST-002"],
    "agent wrote a JSON document into an SSE stream on lines without a data: field, in an event with no data line or beside data lines that are already a whole JSON document (an error body written raw after the stream's head went out): SSE parsers ignore such lines as unknown fields, so the client never sees the document",
    "write everything that follows an SSE response head as SSE events (`data: {...}` and a blank line): an error after the first event goes out as an event of the binding's form (a JSON-RPC error response with the request id, or the task's failed status update), not as a raw error body; a framework's error writer (Go http.Error, a problem+json helper) cannot change a 200 event stream into an error response once it has started");
// A warning although RPC-005 / REST-002 are MUSTs: both official SDK clients skip an
// event with empty data (a2a-python `if not data: continue`, a2a-js yields only non-empty
// data), so they interoperate; EventSource and generic SSE clients do not.
rule!(SSE_EMPTY_DATA, "SSE-FRAME-004", "sse-event-empty-data", Warning, Transport,
    ["RPC-005", "REST-002"],
    "agent sent an SSE event whose data is empty (a data: line with no value): SSE parsers dispatch it as a message with data \"\", which is no JSON-RPC response or StreamResponse",
    "send keep-alives as SSE comment lines (\": keep-alive\"), which every SSE parser ignores (the WHATWG SSE spec's advice); an empty data: line dispatches a message event with data \"\" that EventSource and generic SSE clients hand to JSON.parse and fail on (the a2a-python and a2a-js clients skip it)");

// ---- versions ---------------------------------------------------------------------------
rule!(
    VER_NOT_ENFORCED,
    "VER-HDR-001",
    "version-header-not-enforced",
    Error,
    Interop,
    ["VER-002"],
    "request with an unsupported A2A-Version was processed (also a 0.x call served in the 1.0 form by an agent whose card declares 1.0 only: a 0.3 call without the header, which asks for 0.3, or a 0.1/0.2 tasks/send)",
    "reject unsupported A2A-Version values with -32009 VersionNotSupportedError (HTTP 400); a call without A2A-Version asks for 0.3: answer it in 0.3's form (and declare 0.3 in the card) or with -32009"
);
rule!(VER_HEADER_NOT_MAJOR_MINOR, "VER-HDR-003", "client-version-not-major-minor", Warning, Interop,
    ["VER-001"],
    "client's A2A-Version is not Major.Minor (a patch version or another form)",
    "send A2A-Version as Major.Minor (\"1.0\"), header or query parameter: patch versions are not negotiated, and an agent that matches the value exactly answers VersionNotSupportedError (-32009, HTTP 400) or falls back to 0.3");
rule!(VER_UNSUPPORTED_AS_METHOD_NOT_FOUND, "VER-HDR-004", "unsupported-version-answered-method-not-found", Warning, Interop,
    ["VER-002"],
    "1.0 agent (or an agent whose answer echoes the asked version in an A2A-Version response header, taking the call in it) answered a call that names a protocol version it does not serve (A2A-Version, or a 0.x call without it, which means 0.3) with the \"no such method\" answer (JSON-RPC -32601 MethodNotFoundError; HTTP+JSON 404 or 501 UNIMPLEMENTED without an A2A reason) instead of VersionNotSupportedError",
    "check the requested A2A-Version (header or query parameter) before dispatching the method or route and answer a version the agent does not serve with VersionNotSupportedError (1.0 §3.6.2; JSON-RPC -32009, HTTP+JSON 400 FAILED_PRECONDITION with ErrorInfo reason VERSION_NOT_SUPPORTED): -32601 or a 404 tells the client the method or route does not exist, so its author looks for a typo or a wrong URL instead of switching to a version the card declares (a2a-python: enable_v0_3_compat=True serves 0.3 too)");
// A warning although VER-002 is a MUST: the 1.0 specification's own examples (§9.2, §10.2,
// §11.2) send `A2A-Version: 0.3` with PascalCase methods (DIGEST trap 3), so clients that
// copy them send this pair and agents that serve it interoperate with them.
rule!(VER_TRAP3_PROCESSED, "VER-HDR-005", "version-0-3-header-on-1-0-call-processed", Warning, Interop,
    ["VER-002"],
    "agent whose card offers 1.0 only processed a 1.0 call (a PascalCase method or a 1.0 route) that declared A2A-Version 0.3, as the 1.0 specification's own examples send (§9.2, §10.2, §11.2), instead of refusing the declared 0.3 with VersionNotSupportedError",
    "agent: answer a version the card does not offer with VersionNotSupportedError (1.0 §3.6.2: JSON-RPC -32009, HTTP+JSON 400 FAILED_PRECONDITION with reason VERSION_NOT_SUPPORTED), or declare and serve 0.3 too; client: send A2A-Version: 1.0 with 1.0 methods and routes (the pair of a 0.3 header and a 1.0 method is copied from the 1.0 specification's examples, which contradict its §3.6.2)");
rule!(VER_V0_METHOD_UNDER_V1_SERVED, "VER-HDR-006", "version-1-0-header-on-0x-method-processed", Warning, Interop,
    ["VER-002", "RPC-003"],
    "agent whose card offers 1.0 only served a 0.x JSON-RPC method (0.1 tasks/send, 0.2/0.3 message/send, tasks/get, ...) that the client sent under A2A-Version 1.0, instead of answering -32601 MethodNotFoundError: under 1.0 semantics the method does not exist; a warning, the client that mixed the versions is at fault first (VER-MIX-002)",
    "agent: under A2A-Version 1.0 dispatch only the 1.0 method names (SendMessage, GetTask, ...) and answer any other method with -32601 (1.0 §9.1, §3.6.2); serve 0.x methods only to calls that ask for 0.x (no A2A-Version, or 0.3), and declare that version in the card; client: send the 1.0 method name with A2A-Version 1.0, or drop the header for a 0.3 call");
rule!(VER_MIXED_PAYLOAD, "VER-MIX-001", "version-mixed-payload", Warning, Interop,
    ["VER-002", "DATA-001"],
    "agent's payload (an answer, stream event, push notification or Agent Card), or a gateway's own request to the agent behind it, mixes protocol versions (1.0 shape with 0.x-only members, or the reverse); a client's request that mixes them is VER-MIX-002",
    "answer in the dialect of the call: a 1.0 call's answers, stream events and push payloads have no kind and no final and name a part's media type and file name as mediaType and filename; a 0.x call's carry kind and a file's mimeType and name inside file; a card is one generation's shape, or a hybrid whose members each generation reads");
// The client's half of VER-MIX-001 (session 28): a request that mixes generations is the
// client's to fix, and an agent that serves or refuses it is not at fault, so an agent's
// conformance level ignores it (CLIENT_RULES), as AUTH-SCHEME-003 and DATA-SHAPE-002 do.
rule!(VER_MIXED_REQUEST, "VER-MIX-002", "client-version-mixed-request", Warning, Interop,
    ["VER-002", "DATA-001"],
    "client's request mixes protocol versions (a 1.0 header or method with 0.x-only members or methods, or the reverse); the agent that receives it is not at fault",
    "client: send one dialect per request: a 1.0 request (PascalCase method or 1.0 route) sends A2A-Version: 1.0 and has no kind, no final, no 0.x send configuration members (blocking, pushNotificationConfig) and names a part's media type and file name as mediaType and filename; a 0.x request goes without A2A-Version: 1.0 and uses the 0.x method names, kind, and a file's mimeType and name inside file");
rule!(VER_CARD_METHOD, "VER-CARD-001", "card-version-method-mismatch", Error, Interop,
    ["CARD-006", "RPC-003", "BIND-001"],
    "agent rejects the core method of the protocol version its card declares",
    "declare the protocol version the server really implements, or implement that version's methods");
rule!(VER_CLIENT_NOT_OFFERED, "VER-CARD-002", "client-version-not-in-card", Note, Interop,
    ["VER-005", "CARD-005"],
    "client called in a protocol version the agent's card does not declare, and was refused",
    "read the card first and speak a version it declares (0.x: protocolVersion; 1.0: supportedInterfaces[].protocolVersion with the A2A-Version header); the agent's refusal is expected (a 1.0 agent answers -32009 VersionNotSupportedError, VER-002; a 0.x agent -32601 for a method of another version)");
rule!(VER_HEADER_STRIPPED, "VER-HDR-002", "proxy-stripped-version-header", Error, Interop,
    ["VER-001", "VER-003"],
    "header A2A-Version present on the client leg is missing or changed on the upstream leg",
    "forward the A2A-Version (and A2A-Extensions) headers unchanged; without it the agent treats the call as 0.3");

// ---- capability vs behaviour ------------------------------------------------------------
// proto SendMessageConfiguration.accepted_output_modes: "Agents SHOULD use this to tailor
// their output"; 0.3 MessageSendConfiguration.acceptedOutputModes. The digest has no ID of
// its own for it: DATA-004 is the part's media type that is compared.
rule!(CAP_OUTPUT_MODE_NOT_ACCEPTED, "CAP-MODE-001", "output-mode-not-accepted", Warning, Interop,
    ["DATA-004"],
    "agent answered a send with a part whose media type is not among the request's acceptedOutputModes",
    "answer with parts of the media types the client listed in configuration.acceptedOutputModes (text parts are text/plain unless their mediaType says otherwise, data parts application/json; 1.0 raw/url parts and 0.x file parts carry mediaType / file.mimeType): convert the output (describe an image in text, render data as text) or answer that the content cannot be given in an accepted mode; the client may not be able to show anything else");
rule!(CAP_STREAMING, "CAP-STREAM-001", "streaming-not-declared-but-served", Error, Interop,
    ["STREAM-001"],
    "agent served a stream although its card does not declare streaming",
    "declare capabilities.streaming: true, or answer streaming calls with -32004 UnsupportedOperationError");
rule!(CAP_STREAMING_CLIENT, "CAP-STREAM-003", "client-streaming-not-declared", Note, Interop,
    ["STREAM-001", "CARD-005"],
    "client made a streaming call (SendStreamingMessage / message/stream, SubscribeToTask / tasks/resubscribe, POST :stream / :subscribe) to an agent whose card does not declare capabilities.streaming: true, and got no stream",
    "read capabilities.streaming from the card before streaming: when it is false or absent, send with SendMessage (message/send, POST /message:send) and follow the task with GetTask (tasks/get) or push notifications; the agent's refusal (-32004 UnsupportedOperationError, HTTP 400/501 UNIMPLEMENTED) is expected (0.3 §7.2: message/stream requires streaming: true; 1.0 §3.3.4)");
rule!(CAP_STREAMING_REFUSED, "CAP-STREAM-002", "streaming-declared-but-refused", Warning, Interop,
    ["STREAM-001", "CARD-005"],
    "agent refused SendStreamingMessage, or a 0.x tasks/resubscribe of a task its stream last showed running, with UnsupportedOperationError although its card declares capabilities.streaming: true",
    "make the card say what the agent does: serve SendStreamingMessage (message/stream, POST /message:stream) and, on 0.x, tasks/resubscribe of a running task (0.3 §7.9: the way back after a broken stream) when the card declares streaming: true, or declare streaming: false (or leave it out) when the agent refuses streams with UnsupportedOperationError; clients pick streaming from the card");
rule!(CAP_EXTENDED_CARD, "CAP-CARD-001", "extended-card-not-declared-but-served", Error, Interop,
    ["AUTH-005"],
    "agent served a 1.0 extended agent card although its public card does not declare capabilities.extendedAgentCard",
    "declare capabilities.extendedAgentCard: true in the public card, or answer GetExtendedAgentCard with UnsupportedOperationError (JSON-RPC -32004; HTTP+JSON 400, reason UNSUPPORTED_OPERATION): clients never ask for an undeclared extended card");
rule!(CAP_EXTENDED_CARD_0X, "CAP-CARD-002", "extended-card-declared-false-but-served", Warning, Interop,
    ["AUTH-005"],
    "0.2/0.3 agent served its authenticated extended card although its public card declares supportsAuthenticatedExtendedCard: false",
    "declare supportsAuthenticatedExtendedCard: true in the public card when the agent serves an extended card (0.2: GET {url}/../agent/authenticatedExtendedCard; 0.3: agent/getAuthenticatedExtendedCard, GET /v1/card), or stop serving it: the flag is the only way a 0.x client learns the extended card exists");
rule!(CAP_EXTENDED_CARD_UNCONFIGURED, "CAP-CARD-003", "extended-card-declared-not-configured", Note, Interop,
    ["AUTH-005", "CARD-005"],
    "agent answered ExtendedAgentCardNotConfiguredError (0.3: AuthenticatedExtendedCardNotConfiguredError, -32007) although its card declares an extended card (capabilities.extendedAgentCard: true; 0.2/0.3 supportsAuthenticatedExtendedCard: true): the error is the right answer, yet the card promises an extended card this deployment does not have",
    "configure the extended card the card declares (the SDK's extended card provider: a2a-python extended_agent_card, a2a-js extendedAgentCardProvider, a2a-java @ExtendedAgentCard, a2a-dotnet / A2AServer handler), or stop declaring it (capabilities.extendedAgentCard false or absent; 0.x supportsAuthenticatedExtendedCard false), which makes GetExtendedAgentCard UnsupportedOperationError: a client that authenticates to read the skills only the extended card lists never gets them");
rule!(CAP_PUSH, "CAP-PUSH-001", "push-not-declared-but-accepted", Error, Interop,
    ["PUSH-001"],
    "agent accepted a push notification config although its card does not declare push notifications",
    "declare capabilities.pushNotifications: true, or answer config operations with -32003 PushNotificationNotSupportedError");
rule!(CAP_PUSH_REFUSED, "CAP-PUSH-002", "push-declared-but-refused", Warning, Interop,
    ["PUSH-001", "CARD-005"],
    "agent answered PushNotificationNotSupportedError although its card declares capabilities.pushNotifications: true",
    "make the card say what the agent does: serve push notification configs when the card declares pushNotifications: true, or declare pushNotifications: false (or leave it out) when the agent refuses them; -32003 PushNotificationNotSupportedError (PUSH_NOTIFICATION_NOT_SUPPORTED) means the capability is absent, and a client that trusts the card fails hard");

// ---- auth -------------------------------------------------------------------------------
rule!(AUTH_CHALLENGE_MISSING, "AUTH-CHALLENGE-001", "auth-challenge-missing", Warning, Security,
    ["AUTH-003", "ERR-006"],
    "401 response without a WWW-Authenticate challenge, a 403 to a 1.0 A2A call that carried none of the credentials the card's security schemes name (0.3 §4.4 allows 401 or 403), or an API call redirected to a login page instead of a 401",
    "answer unauthenticated API calls with 401 (not 403, which says the caller is known but not allowed, and not a redirect to a login page, which an A2A client cannot follow) and send WWW-Authenticate with every 401 (RFC 9110 §11.6.1, §15.5.2) naming the scheme the card declares, so clients know how to authenticate");
rule!(AUTH_REFUSED_AS_OTHER_ERROR, "AUTH-CHALLENGE-002", "auth-failure-answered-as-other-error", Error, Security,
    ["ERR-006", "AUTH-002"],
    "1.0 agent refused a call for missing or bad credentials (its error says unauthorized, unauthenticated, invalid API key, ...) with another error than an authentication failure: a JSON-RPC error (InvalidRequest, InternalError, ...) on HTTP 200 or 400, an HTTP+JSON 400 or 500, a gRPC status other than UNAUTHENTICATED",
    "refuse a call without valid credentials as an authentication failure (ERR-006, 1.0 §3.3.2): HTTP 401 with a WWW-Authenticate challenge naming the card's scheme (gRPC UNAUTHENTICATED); a JSON-RPC InvalidRequest or InternalError tells the client its request was malformed or the agent broke, so it neither fetches a token nor retries with one");
rule!(AUTH_REFUSED_AS_OTHER_ERROR_0X, "AUTH-CHALLENGE-003", "auth-failure-answered-as-other-error-0x", Warning, Security,
    ["AUTH-003", "AUTH-002"],
    "0.2/0.3 agent refused a call for missing or bad credentials (its error says unauthorized, unauthenticated, invalid API key, ...) with another error than 401 or 403: a JSON-RPC error (InvalidRequest, InternalError, ...) on HTTP 200 or 400, an HTTP+JSON 400 or 500, a gRPC status other than UNAUTHENTICATED or PERMISSION_DENIED",
    "answer a call without valid credentials with HTTP 401 and a WWW-Authenticate challenge naming the card's scheme (0.3 §4.4 SHOULD, AUTH-003; 403 for a known caller without permission); a JSON-RPC InvalidRequest or InternalError tells the client its request was malformed or the agent broke, so it neither fetches a token nor retries with one");
rule!(AUTH_EXTENDED_CARD, "AUTH-EXT-001", "extended-card-without-auth", Error, Security,
    ["AUTH-005", "AUTH-002"],
    "authenticated extended card served to a request without credentials",
    "require a credential from the card's security schemes before serving the extended card (401 with WWW-Authenticate otherwise)");
rule!(AUTH_EXTENDED_CARD_PUBLIC, "AUTH-EXT-002", "extended-card-call-answered-with-public-card", Note, Security,
    ["AUTH-005"],
    "agent answered an extended-card call without credentials with its public card instead of an authentication error",
    "refuse an unauthenticated extended-card call with HTTP 401 and a WWW-Authenticate challenge naming a scheme of the public card (AUTH-005; 0.3 §7.10) instead of answering with the public card: the client cannot tell the public card from the extended one and never learns it must authenticate");
rule!(AUTH_OPEN_ENDPOINT, "AUTH-OPEN-001", "task-endpoint-without-auth", Error, Security,
    ["AUTH-002", "AUTH-006"],
    "card declares security but a task operation without credentials succeeded (or a CancelTask without them was answered TaskNotCancelableError, which tells an unauthenticated caller the task exists and has ended), with only part of a requirement's credentials (AUTH-007: an AND), or with only a credential no scheme of the card names (a Bearer token for a Basic card, an Authorization header for an apiKey card)",
    "authenticate every request against the card's declared schemes; answer 401 when credentials are missing or are not the ones the card names, or declare in securitySchemes the scheme the agent does accept");
rule!(AUTH_CREDENTIAL_IN_PAYLOAD, "AUTH-PAYLOAD-001", "credential-in-payload", Warning, Security,
    ["AUTH-001"],
    "client put a credential (a bearer token, an API key, a password) into the A2A payload instead of an HTTP header: into message or request metadata, or into a member of the request's params that no A2A request defines (params.auth, a token, apiKey or credentials member; a push config's own token and authentication, which are the webhook's, excepted)",
    "send credentials in the HTTP headers the card's security schemes name (Authorization, the API key header), never in message or request metadata or in a member of your own beside the request's (params.auth): agents keep metadata and the whole request in task history, logs and push notifications, and an agent checking headers refuses the call anyway");
// An orchestrator is client to its delegates with credentials of its own (breaker50
// auth-forward): the token its client sent it, passed on to another agent, is the client's
// secret in a third party's hands (token passthrough). A gateway's upstream copy forwarding
// the client's credentials to the agent it fronts is legal (GW-HDR-002 asks for it).
rule!(AUTH_CREDENTIAL_FORWARDED, "AUTH-FWD-001", "client-credential-forwarded-to-other-agent", Warning, Security,
    ["AUTH-001", "AUTH-002"],
    "an agent's call to another agent, on a leg of its own or an upstream hop the front answered with its own work (not a gateway's relayed copy), carries the very credential (Authorization, an API key header, a header the called agent's card names) that a client sent to the calling agent in a call still open: the orchestrator passed its client's token on to the agent it delegates to",
    "authenticate to each agent you call with credentials of your own for that agent, obtained out of band (AUTH-001) as its card's security schemes ask (AUTH-002): a client's token is meant for you (its audience), and handed on it lets the other agent act as your client, at you and anywhere else the token is good; to act on the user's behalf, exchange the token for one scoped to the other agent (OAuth 2.0 token exchange, RFC 8693), and send none to an agent whose card declares no security");
rule!(AUTH_UNDEFINED_SCHEME, "AUTH-SCHEME-001", "security-requirement-undefined-scheme", Error, Security,
    ["AUTH-002", "AUTH-007"],
    "agent card security requirement names a scheme that securitySchemes does not define",
    "name in securityRequirements (card and skills; 0.x security) only keys of securitySchemes: a client cannot satisfy a requirement for a scheme it cannot look up");
rule!(AUTH_UNDECLARED_SCHEME, "AUTH-SCHEME-002", "auth-demanded-but-card-declares-none", Warning, Security,
    ["AUTH-002", "AUTH-003", "CARD-005"],
    "an A2A call was refused for missing credentials (401, or a redirect to a login page) although the agent card declares no security scheme",
    "declare in the card what the deployment demands: a securitySchemes entry (e.g. an http bearer scheme for `WWW-Authenticate: Bearer`, an apiKey scheme for a key header) and a security requirement naming it, so clients know to send credentials; or stop demanding credentials the card does not name (an auth front added in front of the agent must be declared in the card it relays)");
rule!(AUTH_CLIENT_CREDENTIAL_MISPLACED, "AUTH-SCHEME-003", "client-credential-not-as-declared", Error, Security,
    ["AUTH-002", "AUTH-001"],
    "client sent its credential where no security scheme of the agent card puts it (an API key header of another name, an API key under Authorization, a query parameter for a header scheme, a query or cookie key as a header, an Authorization header under another authentication scheme than the card's, such as Bearer for Basic) and the agent refused the call with 401 or 403; or sent it in a URL query parameter no scheme names, whatever the agent answered (AUTH-001: a URL is logged wherever it goes)",
    "read the card's securitySchemes and send the credential exactly as the chosen scheme names it: an apiKey scheme's `name` and `in` (1.0 apiKeySecurityScheme `location`) give the header, query parameter or cookie, an http / oauth2 / openIdConnect scheme the Authorization header; a hard-coded X-API-Key or Bearer reaches only agents that happen to read that name");
rule!(AUTH_CLIENT_CREDENTIAL_MISSING, "AUTH-SCHEME-004", "client-credential-missing", Warning, Security,
    ["AUTH-002", "AUTH-001"],
    "client called an agent whose card requires credentials without any credential and was refused with 401 or 403, never made that call again with a credential the card names, and called the agent again without one or sent a declared credential on its other calls only",
    "send with every call the credential of a security requirement of the card (an http / oauth2 / openIdConnect scheme: the Authorization header; an apiKey scheme: its header, query parameter or cookie), on every binding and every operation, streaming ones included: a client whose auth hook covers only some transports or some calls fails on the rest; a 401 with a WWW-Authenticate challenge is the agent asking for it");
rule!(AUTH_SCOPE_EXISTENCE_REVEALED, "AUTH-SCOPE-001", "other-callers-task-existence-revealed", Error, Security,
    ["TASK-009", "AUTH-006"],
    "agent refused a task handed out to other credentials with 403 / PERMISSION_DENIED instead of TaskNotFoundError, revealing that the task exists",
    "answer a task operation on a task the caller may not see exactly like one on an unknown task: TaskNotFoundError (-32001, HTTP 404 TASK_NOT_FOUND, gRPC NOT_FOUND), with a message that does not say the task exists or whose it is; keep 403 / PERMISSION_DENIED for operations the caller's credentials do not cover (missing scope)");
rule!(AUTH_SCOPE_OTHER_TENANT, "AUTH-SCOPE-002", "other-tenants-task-served", Error, Security,
    ["TASK-009", "AUTH-006", "CARD-008"],
    "agent served GetTask, CancelTask, SubscribeToTask or a push notification config call (Create, Get, List, Delete) under one tenant of an interface on a task it handed out under another tenant, instead of TaskNotFoundError",
    "scope every task operation by the request's tenant (the `/{tenant}` path segment, the `tenant` member): look the task id up among the tasks of that tenant only, and answer a task of another tenant like an unknown one, TaskNotFoundError (-32001, HTTP 404 TASK_NOT_FOUND, gRPC NOT_FOUND); a shared task store keyed by task id alone lets any tenant read, cancel and subscribe to every other tenant's tasks, and read or plant the webhooks of their push notification configs");
// q30a (mine29a): a task served to another caller (AUTH-006: get, cancel and subscribe
// are scoped to the caller). An error only when the credentials name their subjects and
// those differ; other credentials whose subject the recording cannot read are a note (a
// refreshed token of the same user has other bytes). auth31: a redacted recording keeps a
// keyed tag of each credential's principal (record::redact::Tagger::credential_placeholder),
// so the error needs no cleartext token.
rule!(AUTH_SCOPE_OTHER_SUBJECT, "AUTH-SCOPE-003", "other-callers-task-served", Error, Security,
    ["AUTH-006", "TASK-009"],
    "agent served GetTask, CancelTask, SubscribeToTask (0.x tasks/get, tasks/cancel, tasks/resubscribe) or a push notification config call (Create, Get, List, Delete) on the task, or listed the task in ListTasks, to a caller whose credentials name another subject (a JWT bearer token's iss and sub, a Basic user name; on a redacted recording, the keyed principal tags the recorder keeps of them) than the credentials the task was handed out under",
    "scope every task operation by the authenticated caller: keep the principal (the token's iss and sub, the user) with each task and answer a call of another principal like one on an unknown task, TaskNotFoundError (-32001, HTTP 404 TASK_NOT_FOUND, gRPC NOT_FOUND); a task store keyed by task id alone lets any caller who learns an id read, cancel and follow another user's task");
rule!(AUTH_SCOPE_OTHER_CREDENTIAL, "AUTH-SCOPE-004", "task-served-under-other-credentials", Note, Security,
    ["AUTH-006", "TASK-009"],
    "agent served GetTask, CancelTask, SubscribeToTask or a push notification config call on the task, or listed it in ListTasks, to a call under other credentials than the ones the task was handed out under, whose subjects the recording cannot compare (opaque tokens, API keys, or names in two namespaces: a Basic user and a JWT subject, JWT subjects of two issuers): the same user with a refreshed token or a linked account, or another caller",
    "check that the agent scopes tasks by the authenticated principal (AUTH-006): if the two credentials belong to different users, the agent must answer TaskNotFoundError; a recording with JWT bearer tokens (or a test that uses two users' credentials on purpose) tells the two apart");
rule!(AUTH_ENDPOINT_NOT_TLS, "AUTH-TLS-001", "auth-endpoint-not-https", Warning, Security,
    ["AUTH-004"],
    "agent card names an OAuth 2.0 or OpenID Connect endpoint (oauth2MetadataUrl included) over plain http on a non-loopback host",
    "serve tokenUrl, authorizationUrl, refreshUrl, deviceAuthorizationUrl, openIdConnectUrl and oauth2MetadataUrl over https (RFC 6749 §3.1, §3.2 require TLS: client secrets and tokens cross these endpoints; the proto says of oauth2_metadata_url \"TLS is required\", RFC 8414 §3)");
// left54: a card whose only way in is mutual TLS and that lists a plain-http interface: no
// client can authenticate there, on any host. A plain-http interface on a card asking for
// another credential is not judged (AUTH-004 is about production; a LAN test set-up is a
// legal neighbour), nor is an OR with another scheme; over https it is AUTH-TLS-004's.
rule!(TLS_AUTH_INTERFACE_PLAIN, "AUTH-TLS-005", "card-mtls-interface-not-https", Warning, Security,
    ["AUTH-004", "AUTH-002"],
    "agent card lists a plain-http interface url although every security requirement needs mutual TLS (1.0 mtlsSecurityScheme, 0.3 mutualTLS): a plain-http interface has no TLS to present a client certificate on, so no client can authenticate there",
    "list an https interface URL for an agent that authenticates by mutual TLS (AUTH-004: production uses TLS), and terminate TLS where the client certificate is checked; for a local test set-up over plain http offer another scheme as an alternative requirement, or drop the requirement there");
rule!(TLS_CLIENT_DOWNGRADE, "AUTH-TLS-002", "client-downgraded-https-to-http", Error, Security,
    ["AUTH-004", "CARD-005"],
    "client sent an A2A call over plain http to a host and path the agent card lists only as an https interface",
    "call the interface URL exactly as the card lists it, scheme included: never rewrite https to http (messages, tokens and credentials then cross the network in cleartext); if TLS fails, report the error instead of retrying in cleartext");
rule!(TLS_AGENT_CLEARTEXT, "AUTH-TLS-003", "agent-serves-a2a-over-http-next-to-https", Warning, Security,
    ["AUTH-004"],
    "agent answered an A2A call over plain http at a host and path its card lists only as an https interface",
    "serve A2A only on the https interfaces the card lists: refuse plain-http A2A calls (or redirect them without processing), so a client that drops TLS by mistake fails instead of sending data in cleartext");
rule!(TLS_CARD_DOWNGRADE, "AUTH-TLS-004", "card-over-https-advertises-http", Warning, Security,
    ["AUTH-004", "CARD-005"],
    "agent card fetched over https advertises a plain-http interface url: clients that follow it drop TLS",
    "advertise the https URL clients reach the agent at (the TLS front's public URL, e.g. set the agent's public base URL to https://...), not the plain-http address behind the TLS terminator: messages and credentials would cross the network in cleartext");

// ---- push -------------------------------------------------------------------------------
rule!(PUSH_NOT_JSON_MEDIA_TYPE, "PUSH-DELIV-002", "push-delivery-content-type-not-json", Warning, Interop,
    ["PUSH-004"],
    "1.0 push notification delivered with a Content-Type other than application/a2a+json (or 1.0.0's application/json), or none",
    "send every 1.0 webhook request with Content-Type: application/a2a+json (1.0.0 receivers also take application/json): a receiver that binds the body by media type (Spring @RequestBody, ASP.NET [FromBody]) answers 415 to text/plain and the notification is lost");
rule!(PUSH_TERMINAL_NOT_DELIVERED, "PUSH-DELIV-003", "push-terminal-state-not-delivered", Warning, Lifecycle,
    ["PUSH-004", "PUSH-003"],
    "a task with a live push config reached a terminal state that no push notification delivered (or that reached the webhook of only some of its live configs), although the recording holds the config's deliveries and reaches well beyond the task's end",
    "notify the webhook of every live config of the task (each one the client created and did not delete) of every task update through the terminal state (completed, failed, canceled, rejected), retrying until the receiver answers 2xx: a client that relies on push never learns the task ended and waits forever");
rule!(PUSH_URL_PRIVATE, "PUSH-URL-001", "push-url-private-address", Warning, Security,
    ["PUSH-006"],
    "push notification url points at a private, loopback, link-local or metadata address",
    "validate webhook URLs against SSRF: refuse private, loopback, link-local and cloud metadata destinations (and prefer HTTPS)");

rule!(PUSH_PAYLOAD_SHAPE, "PUSH-BODY-001", "push-payload-invalid-shape", Error, Lifecycle,
    ["PUSH-004", "ID-005", "DATA-001", "DATA-002"],
    "push notification payload is not a well-formed StreamResponse (or 0.x Task / update event)",
    "POST one StreamResponse per notification (1.0: {\"statusUpdate\":{taskId,contextId,status}}, ..., with status timestamps RFC 3339 with a zone, e.g. 2026-03-02T10:15:00.000Z); 0.x: the Task or update event with taskId and contextId");
rule!(PUSH_NO_CREDENTIALS, "PUSH-AUTH-001", "push-delivery-without-credentials", Error, Security,
    ["PUSH-004", "PUSH-005"],
    "push notification delivered without the credentials or token the client configured",
    "send the configured credentials (Authorization per authentication.scheme) and the token (X-A2A-Notification-Token in 0.x) with every webhook request");
// sev44: PUSH-AUTH-001's 0.x token-only form. PUSH-005 makes the 0.x token a SHOULD ("the
// token SHOULD be sent"), while credentials in `authentication` MUST be used as configured;
// a 0.x config with a token and no credentials, delivered without it, is this warning.
rule!(PUSH_TOKEN_NOT_SENT_0X, "PUSH-AUTH-003", "push-delivery-without-token-0x", Warning, Security,
    ["PUSH-005"],
    "push notification delivered without the token of a 0.2/0.3 push config that sets a token and no authentication credentials: the 0.x spec recommends sending the token (PUSH-005 SHOULD)",
    "send the config's token with every webhook request (X-A2A-Notification-Token, as the 0.x SDKs do): the receiver checks it to tell the agent's notifications from anyone else's posts to its URL; configured authentication credentials are a MUST (PUSH-AUTH-001)");
rule!(PUSH_WRONG_CREDENTIALS, "PUSH-AUTH-002", "push-delivery-wrong-credentials", Error, Security,
    ["PUSH-004", "PUSH-005"],
    "push notification delivered with a token or credentials other than the client configured for the webhook",
    "send each config's own token and authentication credentials with its deliveries; another config's token (another task's, another client's) is a cross-tenant leak and the receiver drops the notification");
rule!(PUSH_CONFIG_REPLACED, "PUSH-CFG-001", "push-config-replaced-on-create", Error, Lifecycle,
    ["PUSH-003"],
    "1.0 create of a push notification config without an id got the id of an earlier config of the task, which it replaced",
    "assign every created config a fresh id (a UUID) when the client sends none, and return the stored config; a config lives until the task ends or the client deletes it, so a second create must not overwrite the first (defaulting the id to the task id does)");
rule!(PUSH_AFTER_DELETE, "PUSH-CFG-002", "push-delivery-after-config-deleted", Error, Lifecycle,
    ["PUSH-003", "PUSH-004"],
    "agent delivered a push notification for a task to a webhook whose config for that task was deleted",
    "stop delivering to a config's url once DeleteTaskPushNotificationConfig (tasks/pushNotificationConfig/delete) succeeded: a config lives until its task ends or it is deleted (1.0 §3.1.10), and the receiver that unsubscribed may now belong to someone else; drop queued and retried deliveries of the deleted config too");
rule!(PUSH_CONFIG_NO_URL, "PUSH-CFG-003", "push-config-request-without-url", Error, Interop,
    ["PUSH-002"],
    "client's push notification config (Create / set, or inline in a send's configuration) has no url, or an authentication without the scheme (1.0) / schemes list (0.x) its version requires, or a member of another JSON type (an authentication that is no object, such as PHP's empty array [], an id or token that is no string)",
    "give every push notification config the webhook url the agent is to POST to (1.0 TaskPushNotificationConfig.url; 0.x pushNotificationConfig.url); when it has an authentication, give 1.0 one scheme string (authentication.scheme: \"Bearer\") and 0.x a schemes list (authentication.schemes: [\"Bearer\"]): they are required, and an agent rejects a config without them with -32602 InvalidParams (HTTP 400); write authentication as an object (or leave it out: PHP's json_encode writes an empty array as the list [], so cast it to an object or drop it) and id and token as strings");
rule!(PUSH_CONFIG_AFTER_DELETE, "PUSH-CFG-004", "push-config-returned-after-delete", Error, Lifecycle,
    ["PUSH-003"],
    "agent still returned a push notification config (Get / List) after the client deleted it",
    "remove the config when DeleteTaskPushNotificationConfig (tasks/pushNotificationConfig/delete) succeeds: a config lives until its task ends or it is deleted (1.0 §3.1.10), so a later Get fails for it and List leaves it out; a client that got a successful delete believes it unsubscribed");
rule!(PUSH_CONFIG_OTHER_ID, "PUSH-CFG-005", "push-config-get-answered-other-config", Error, Lifecycle,
    ["PUSH-003"],
    "agent answered a Get of one push notification config of a task with another config: another id, or (1.0) the config's id with another webhook url than the agent's own create answer for it held",
    "look the config up by the id the request names (1.0 GetTaskPushNotificationConfig id, the {configId} of the HTTP+JSON route, 0.x pushNotificationConfigId) and answer that config or an error when it does not exist: another config hands the client another webhook url and token");
rule!(PUSH_CONFIG_LIST_INCOMPLETE, "PUSH-CFG-006", "push-config-list-misses-live-config", Error, Lifecycle,
    ["PUSH-003"],
    "agent's complete push notification config list of a task (no page token asked, none returned) leaves out a config it created for the task and never deleted",
    "return every stored config of the task from ListTaskPushNotificationConfigs (tasks/pushNotificationConfig/list), or page with nextPageToken: a config lives until its task ends or the client deletes it (1.0 §3.1.7-3.1.10); a list that misses one makes the client believe the webhook is gone and create it again");
rule!(PUSH_CONFIG_REST03_BODY, "PUSH-CFG-007", "rest-push-config-create-body-shape", Error, Interop,
    ["PUSH-002", "REST-001", "GRPC-001"],
    "body of an HTTP+JSON CreateTaskPushNotificationConfig is not the TaskPushNotificationConfig the proto's body mapping makes it: the 0.3 client sent the whole gRPC request message {parent, config}, or the agent refused a body of the right shape (0.3: the config under body: \"config\"; 1.0: body: \"*\" without taskId, which the path names)",
    "1.0 HTTP+JSON maps CreateTaskPushNotificationConfig as post: \"/tasks/{task_id=*}/pushNotificationConfigs\", body: \"*\": the task id travels in the path, and a body without taskId is complete, so an agent takes taskId from the path. 0.3 HTTP+JSON maps CreateTaskPushNotificationConfig as post: \"/v1/{parent=tasks/*/pushNotificationConfigs}\", body: \"config\": the task id travels in the path and the HTTP body is the TaskPushNotificationConfig itself, {\"name\": \"tasks/{id}/pushNotificationConfigs/{configId}\", \"pushNotificationConfig\": {\"url\": ..., \"token\": ...}}; a client sends exactly that (not {\"parent\", \"config\": {...}}), and an agent takes the task id from the path and the config from the body root");
// CWE-113 (a2a-java #1053, field case f940): the token and the authentication scheme and
// credentials of a push config become header values of every webhook call (1.0 §4.3.3
// "Authorization: {authentication_scheme} {credentials}"; 0.x X-A2A-Notification-Token).
rule!(PUSH_CONFIG_HEADER_CONTROL, "PUSH-CFG-008", "push-config-header-value-control-chars-accepted", Warning, Security,
    ["PUSH-004", "PUSH-005", "ERR-006"],
    "agent accepted a push notification config whose token, authentication scheme or credentials hold a CR, LF or NUL character, which the agent would have to put into an HTTP header of its webhook calls",
    "validate a push notification config when it is set (Create, or inline in a send): a token, authentication.scheme or authentication.credentials holding CR, LF or NUL can be no HTTP field value (RFC 9110 §5.5), yet the agent sends them as X-A2A-Notification-Token and Authorization headers of every notification (1.0 §4.3.3); refuse the config with InvalidParams (-32602; HTTP+JSON 400 INVALID_ARGUMENT; gRPC INVALID_ARGUMENT) instead of storing it, so the client learns at once, and the agent neither writes headers of the client's choosing into its webhook calls (header injection, CWE-113) nor fails every notification later");
rule!(PUSH_NOT_POST, "PUSH-DELIV-001", "push-delivery-not-post", Error, Interop,
    ["PUSH-004"],
    "1.0 push notification delivered by another HTTP method than POST",
    "deliver every 1.0 push notification as an HTTP POST of one StreamResponse to the configured url");
rule!(PUSH_OTHER_TASK, "PUSH-BODY-002", "push-payload-other-task", Error, Security,
    ["PUSH-004", "AUTH-006"],
    "push notification names a task the webhook's config was not created for",
    "deliver a task's notifications only to the webhooks configured for that task; receivers validate the task id and drop the rest");
// A delivery about a task the recording never saw, to a webhook whose recorded configs are
// all for other tasks: one client sharing a webhook URL across tasks whose configs were
// created before the recording or past the proxy looks the same as another client's task
// leaked here (breaker10n N7), so it is a note, and its credentials are not compared with
// the other tasks' configs.
rule!(PUSH_UNKNOWN_TASK, "PUSH-BODY-003", "push-payload-unrecorded-task", Note, Security,
    ["PUSH-004", "AUTH-006"],
    "push notification names a task the recording never saw, at a webhook whose recorded configs are for other tasks",
    "if no client of this webhook created that task, the agent sent one task's notifications to another task's webhook: deliver a task's notifications only to the webhooks configured for it; otherwise record from before the task's push config is created");
// An orchestrator that hands the push config its client gave it (webhook url and token or
// credentials) to a downstream agent: the client's webhook then receives the downstream
// agent's task ids, which it never created and drops (PUSH-004 "receiver validates task
// id"), and a third agent holds the client's secret. Seen in one recording as the same
// url + secret registered at two agents, one call enclosed by the other (breaker13 M2).
rule!(PUSH_CONFIG_RELAYED, "PUSH-BODY-004", "push-config-relayed-to-other-agent", Error, Security,
    ["PUSH-004", "AUTH-006"],
    "agent passed the push notification config (webhook url and token or credentials) its client gave it on to another agent",
    "register a webhook of your own (with your own token) at the downstream agent and notify your client about your own task from it; never forward the client's webhook or token");

// ---- gateways ---------------------------------------------------------------------------
// Evidence for buffering must be sound: with both legs recorded, the upstream leg's arrival
// times are the agent's send times, so events that the agent spread over >= 1 s but that
// reached the client within a tenth of that, the first one late by at least half of it,
// prove an intermediary held them. With one leg only, a long silence followed by a burst
// is also what an agent that computes and then emits everything looks like, so silence alone
// is not proof; the rule fires only when the events' own `status.timestamp`s are spread
// over >= 2 s while they arrived within 200 ms (clock-skew free: only spreads are compared).
rule!(GW_SSE_BUFFERED, "GW-SSE-001", "sse-buffered-by-proxy", Warning, Interop,
    ["STREAM-005", "RPC-005"],
    "events of a stream held back and delivered in one burst by an intermediary",
    "turn proxy buffering off for event streams (nginx: proxy_buffering off or X-Accel-Buffering: no) so events reach the client as they are produced");

rule!(GW_SSE_LOST, "GW-SSE-002", "stream-events-lost-by-proxy", Error, Interop,
    ["STREAM-005", "STREAM-003"],
    "client leg received other stream events than the agent sent on the upstream leg: events lost, added, reordered or of another kind or task state, or, where the agent's answer says Cache-Control: no-transform (RFC 9110 §7.7: a proxy MUST NOT transform it), their words rewritten",
    "pass every SSE event through unchanged and in order; check proxy timeouts, body size limits and event filtering");

// With both legs of a gateway recorded (`leg: "upstream"`), a request and its upstream copy
// are paired by method and body (up to a renumbered JSON-RPC id; failing that, a message
// send up to the messageId, which a gateway may replace by one of its own: no finding by
// itself, the spec says nothing of intermediaries and dedupe by messageId is a MAY, ID-007;
// breaker40 C06): what differs between the legs is the gateway's doing, not the agent's nor
// the client's.
rule!(GW_EXTENSIONS_STRIPPED, "GW-HDR-001", "proxy-stripped-extensions-header", Warning, Interop,
    ["EXT-001", "EXT-002"],
    "extension URIs the client sent in A2A-Extensions (0.x X-A2A-Extensions) are missing on the upstream leg",
    "forward the A2A-Extensions (0.x X-A2A-Extensions) request header unchanged; without it the agent does not activate the extensions, and one the card marks required fails with ExtensionSupportRequiredError that looks like the client's fault");

rule!(GW_CREDENTIALS_STRIPPED, "GW-HDR-002", "proxy-stripped-credentials", Warning, Interop,
    ["AUTH-002", "AUTH-001"],
    "credentials the client sent (Authorization, an API key header, Cookie) are missing on the upstream leg and the agent refused the call with 401",
    "forward the client's credential headers to the agent (nginx: do not clear Authorization with proxy_set_header; Envoy/API gateways: keep the header after authenticating), or authenticate to the agent with the gateway's own credentials; a client that authenticates as the card asks should not get the agent's 401");
rule!(GW_SEND_RETRIED, "GW-REQ-001", "send-retried-by-proxy", Warning, Interop,
    ["ID-007", "TASK-005", "PUSH-003"],
    "gateway sent one client message send (or one cancel, or one push notification config create naming no config id) upstream more than once (a retry of a non-idempotent request, RFC 9110 §9.2.2)",
    "do not retry non-idempotent POSTs upstream: message sends, cancels, push notification config creates that name no config id (a delete, a get or list, or a create naming its id may be retried) (nginx: proxy_next_upstream off, or without non_idempotent; Envoy: no retry_policy on these routes); raise the upstream timeout above the agent's longest blocking call instead. An agent that dedupes by messageId (ID-007) absorbs a retry that keeps the client's messageId, one that does not runs the work twice; a gateway that puts messageIds of its own on its copies keeps one per client message across its retries, or no agent can tell a retry");
rule!(GW_ROUTE_REWRITTEN, "GW-REQ-002", "route-rewritten-by-proxy", Error, Interop,
    ["REST-001", "CARD-008", "ID-001"],
    "gateway forwarded a client's HTTP+JSON call upstream on another A2A route than the client's: a custom verb turned into a path segment (`/tasks/{id}:cancel` -> `/tasks/{id}/cancel`) or its `:` percent-encoded (%3A), a 1.0 route moved under the 0.3 `/v1` or a 0.3 route off it, the `/{tenant}` segment (or a base path segment) dropped or doubled, the task id in the path changed, another method, or a GET's A2A query parameters dropped or renamed; or a JSON-RPC call's task id (params id, taskId or message.taskId) forwarded in other letter case, or its params.tenant dropped or changed",
    "forward the request path unchanged after the base-path mapping: keep `:` custom verbs as the client sent them (AIP-136; not percent-encoded as %3A, which RFC 3986 §2.2 makes another URI and a router that keeps reserved escapes, such as grpc-gateway's default, reads as part of the id), do not add or drop `/v1` or the `/{tenant}` segment (nor a JSON-RPC call's params.tenant), pass a GET's query parameters on (historyLength, pageSize, ...) under their names, keep the method and body, and never change the case or characters of path parameters or of a JSON-RPC body's values (task ids are opaque and case-sensitive); what the agent then answers (404, TaskNotFoundError) is the answer to a call the client never made");
rule!(GW_MESSAGE_IDS_REWRITTEN, "GW-REQ-003", "message-ids-rewritten-by-proxy", Error, Interop,
    ["ID-002", "ID-001", "ID-008"],
    "gateway forwarded a client's message send upstream with another contextId or taskId on the message than the client's: one added where the client sent none (told unless the agent answered in it), dropped, or replaced (told unless the client got its own id back)",
    "forward the message's contextId and taskId exactly as the client sent them: a message without contextId lets the agent mint one (1.0 §3.4.1) and an agent may refuse a context it did not mint, a message without taskId starts a new task, and a changed taskId addresses another task; keep gateway bookkeeping (trace ids, sessions) in headers or the gateway's own store, never in the A2A message (a gateway that keeps ids of its own maps them both ways, so the client always gets its own back)");
rule!(GW_ANSWER_LOST, "GW-RESP-001", "answer-lost-by-proxy", Error, Interop,
    ["RPC-002", "TASK-005"],
    "client leg got a gateway error (502/503/504, its own JSON-RPC error or error page) or no answer while the agent answered the upstream leg",
    "raise the gateway's upstream read timeout above the agent's longest blocking call (a blocking send returns only at a terminal or interrupted state), or have clients use streaming or returnImmediately/blocking:false; and relay the agent's answer");

rule!(GW_ANSWER_ALTERED, "GW-RESP-002", "answer-altered-by-proxy", Error, Interop,
    ["RPC-002", "RPC-005"],
    "client leg got the agent's answer altered by the gateway: a JSON-RPC id the gateway did not restore, an event stream relabelled as another content type, the answer (a JSON body or an event stream) replaced by a page or error of the gateway's own, the task state in the agent's answer changed (a state no answer the agent gave to that call in that version names), the words of its parts rewritten although the agent's answer says Cache-Control: no-transform (RFC 9110 §7.7), an answer of its own (a cached task) the agent never sent, or, from a gateway that translates between protocol versions (0.3 client, 1.0 agent, or the reverse), the agent's answer handed back in the agent's version, untranslated",
    "a translating gateway translates the answer back into the client's version (0.x: the Task or Message itself with kind, lowercase states; 1.0: TASK_STATE_* states, a send's result wrapped as {\"task\": ...}); any other gateway passes the agent's answer through as it came: map a renumbered JSON-RPC id back to the client's id on every answer, keep Content-Type: text/event-stream (and the SSE framing) on streams and relay them event by event (a gateway that reads the agent's event stream as one JSON body answers with an error of its own), exempt A2A answers from response rules (WAF, content filters) that swap in an HTML page, and do not cache A2A answers (tasks change state between two identical GetTask calls: forward each call to the agent)");

rule!(GW_CARD_REWRITE_BROKEN, "GW-RESP-004", "card-url-broken-by-proxy", Error, Interop,
    ["CARD-005", "CARD-006", "AUTH-004"],
    "gateway rewrote the agent card's interface url (the card on the upstream leg names another url) into one clients cannot use: a loopback, private or cluster-internal host, the backend path glued onto the public prefix, or plain http for a card served over https",
    "fix the gateway's card-rewrite policy, not the agent: build the advertised url from the public listener the client used (its scheme and host, honouring X-Forwarded-Proto / X-Forwarded-Host), and replace the backend's path prefix with the public route prefix instead of appending it");

// One leg only (no `leg: "upstream"` recorded): an intermediary's error status with no A2A
// answer is a fact the client saw, but whose fault it is cannot be told from this leg.
rule!(GW_ANSWER_UNSEEN, "GW-RESP-003", "intermediary-error-without-answer", Note, Interop,
    ["RPC-002", "ERR-007"],
    "an A2A call got an intermediary's HTTP 502/503/504, a CDN's 520-527/530 (Cloudflare's origin errors and 524 timeout) or 413 (body too large) and no A2A answer, or a JSON-RPC call to an agent with no card known got a 404/405 (or a 501 Not Implemented page) that is no JSON-RPC response (no A2A endpoint at that URL); the upstream leg is not recorded, so whose fault it is cannot be told",
    "each finding's help fits its answer: when the answer shows a front (a Via header, a proxy's Server header such as nginx or envoy), record the leg between the front and the agent too (proxy --listener upstream@ADDR=AGENT_URL) to see whether the agent failed, answered too late for the front's upstream timeout, or never got the call, and check the front's error log and upstream timeout; when it shows none, the agent's own server may have answered: check the agent's log; for a 413, raise the body-size limit of the hop that answered and every other (nginx client_max_body_size defaults to 1 MB, Express's express.json() 100 kB) or send large files as a uri part instead of inline bytes; for a 404/405/501, POST to the interface url the agent card names (a 501 page for the POST and a 404 for the card: the URL is another service or port, not the agent)");

// With the legs of a load balancer's replicas recorded (one `--listener` leg each), a task
// call the balancer sent to another replica than the one that created the task is the
// deployment's routing fault: that replica rightly answers TaskNotFoundError (TASK-009).
rule!(GW_TASK_AFFINITY_LOST, "GW-RESP-005", "task-call-routed-to-other-replica", Error, Interop,
    ["TASK-009", "ID-001"],
    "gateway or load balancer sent a call on a task to an agent instance (leg) that never saw the task, which answered TaskNotFoundError, while the task was created on another leg, or a router sent it to another agent behind the same leg than the one that created the task (agents told apart by their upstream address)",
    "route every call on a task to the instance that created it (session affinity keyed by task id or contextId), or give the agent instances one shared task store; a router in front of several agents (one per tenant or path) sends each task call to the agent that handed the task out; an instance rightly answers TaskNotFoundError for a task it never saw (TASK-009)");

// The recording proxy's own 502/504 (`response_head.synthetic`, `exchange_end{upstream_error}`):
// the upstream failed the call as the proxy forwarded it (breaker16b T5).
rule!(GW_PROXY_ANSWERED, "GW-RESP-006", "call-answered-by-recording-proxy", Warning, Interop,
    ["RPC-002"],
    "an A2A call got the recording proxy's own HTTP 502/504, not an answer of the upstream: the upstream (agent or gateway) refused or reset the connection, closed it without answering (also a kept-alive connection closed as the request arrived: the proxy sends an idempotent request without a body, such as a REST GetTask, once more on a new connection, so such a call is reported only when that fails too, never a POST), sent no valid HTTP response, or failed the TLS handshake; or the upstream's answer was over the proxy's own limits (more header fields or a larger head than it reads: the proxy's limit, not the upstream's syntax); the client got no A2A answer. A call to an advertised interface URL that was never reached is CARD-URL-002's alone, not reported here again; nor is a call of a probe or interop run whose connection the agent refused (exchange_end.connect_failure refused: the agent was down or had died, which the run's failed test or its stop says; the run's own proxy is no gateway), nor a call of such a run the agent closed unanswered or reset before a later call of the run was refused (the call raced the agent's death)",
    "read the cause in the message (the proxy's 502 text and the recording's upstream_error say it); an upstream that closes a connection as a request arrives has an idle keep-alive timeout racing the request: raise it above the client's, or have the client close idle connections first. The proxy sends a request again on a new connection only when it is idempotent (GET, HEAD, OPTIONS, TRACE, PUT, DELETE) and has no body (RFC 9112 §9.3.1.1, RFC 9110 §9.2.2): never a POST (every JSON-RPC call, a REST SendMessage or CancelTask) or a request with a body; a call that failed although it was sent twice (exchange_end.resent) shows an upstream that fails fresh connections too");

// With both legs recorded: the card the client got still carries the agent's own JWS
// signature (the same `protected` and `signature` as on the upstream leg) although the
// gateway changed the card's content (agentgateway #2701: interface URLs rewritten, signatures
// left as they were). A re-signed card (other signature) or an unchanged one is no finding.
rule!(GW_SIGNED_CARD_ALTERED, "GW-RESP-007", "signed-card-altered-by-proxy", Error, Interop,
    ["CARD-010", "CARD-005"],
    "gateway changed a signed agent card (its interface url or any other member) and passed the agent's JWS signature on unchanged: the signature covers the card as the agent signed it, not the card the client got",
    "pass a signed card through unchanged; a gateway that must rewrite it (interface URLs to its public listener) re-signs the rewritten card with its own key (JCS, RFC 8785, of the card without signatures; a protected header with alg and kid, 1.0 §8.4) and replaces the agent's signatures, or removes them: a client that verifies signatures rejects a card whose content no longer matches them");

// Without a gateway leg: two fetches of one card URL carry the same JWS signature over
// different content (an agent that edits its card at runtime and keeps a signature made at
// build time; breaker28 C09), or an agent's public and extended cards do (an extended card
// derived from the signed public card; mine35 f800). One signature verifies at most one.
rule!(CARD_SIG_STALE, "CARD-SIG-003", "card-changed-signature-kept", Error, AgentCard,
    ["CARD-010"],
    "agent card served twice at one URL, or an agent's public and authenticated extended cards, with different content under the same JWS signature: the signature (over the JCS of the card without signatures) can match at most one of them",
    "sign each card as it is served: compute the JWS over the JCS (RFC 8785) of the final card without signatures, after every runtime change (interface URLs from the request's host, skills from configuration), and give the extended card its own signature instead of the public card's (an extended card copied from the signed public card keeps a signature that no longer fits), as each card served by A2A-Version at one URL (a 0.3 translation beside the 1.0 card) needs its own, or serve them unsigned; a client that verifies signatures rejects a card whose content no longer matches them (1.0 §8.4)");

/// Every rule, in ID order.
pub static RULES: &[Rule] = &[
    AUTH_CHALLENGE_MISSING,
    AUTH_REFUSED_AS_OTHER_ERROR,
    AUTH_REFUSED_AS_OTHER_ERROR_0X,
    AUTH_EXTENDED_CARD,
    AUTH_EXTENDED_CARD_PUBLIC,
    AUTH_CREDENTIAL_FORWARDED,
    AUTH_ERROR_TEXT_LEAK,
    AUTH_CREDENTIAL_ECHOED,
    AUTH_OPEN_ENDPOINT,
    AUTH_CREDENTIAL_IN_PAYLOAD,
    AUTH_UNDEFINED_SCHEME,
    AUTH_UNDECLARED_SCHEME,
    AUTH_CLIENT_CREDENTIAL_MISPLACED,
    AUTH_CLIENT_CREDENTIAL_MISSING,
    AUTH_SCOPE_EXISTENCE_REVEALED,
    AUTH_SCOPE_OTHER_TENANT,
    AUTH_SCOPE_OTHER_SUBJECT,
    AUTH_SCOPE_OTHER_CREDENTIAL,
    AUTH_ENDPOINT_NOT_TLS,
    TLS_CLIENT_DOWNGRADE,
    TLS_AGENT_CLEARTEXT,
    TLS_CARD_DOWNGRADE,
    TLS_AUTH_INTERFACE_PLAIN,
    BIND_USE_UNDECLARED,
    BIND_USE_URL_NOT_ADVERTISED,
    BIND_USE_PREFERRED_SKIPPED,
    CAP_EXTENDED_CARD,
    CAP_EXTENDED_CARD_0X,
    CAP_EXTENDED_CARD_UNCONFIGURED,
    CAP_EXT_REQUIRED_NOT_ENFORCED,
    CAP_EXT_REQUIRED_ERROR_WRONG,
    CAP_EXT_NOT_DECLARED,
    CAP_EXT_0X_HEADER,
    CAP_EXT_0X_ECHO,
    CAP_EXT_HEADER_MISSPELLED,
    CAP_EXT_REQUIRED_NOT_ENFORCED_0X,
    CAP_EXT_REQUIRED_ERROR_WRONG_0X,
    CAP_EXT_ECHO_INCONSISTENT,
    CAP_OUTPUT_MODE_NOT_ACCEPTED,
    CAP_PUSH,
    CAP_PUSH_REFUSED,
    CAP_STREAMING,
    CAP_STREAMING_REFUSED,
    CAP_STREAMING_CLIENT,
    CARD_CACHE_HEADERS,
    CARD_ETAG_STALE,
    CARD_PATH_LEGACY_ONLY,
    CARD_PATH_REDIRECTED,
    CARD_PATH_V03_LEGACY_ONLY,
    CARD_PATH_NOT_SERVED,
    CARD_FETCH_PATH_MALFORMED,
    CARD_SECRET,
    CARD_SHAPE_MISSING_FIELD,
    CARD_SHAPE_FLAG_NOT_BOOLEAN,
    CARD_SHAPE_INTERFACE,
    CARD_SHAPE_NOT_JSON,
    CARD_SHAPE_PATCH_VERSION,
    CARD_SHAPE_SECURITY_SCHEME,
    CARD_SHAPE_BINDING_UNKNOWN,
    CARD_SHAPE_PREFERRED_TRANSPORT,
    CARD_SHAPE_MODE_NOT_MEDIA_TYPE,
    CARD_SHAPE_SKILL_ID_DUPLICATE,
    CARD_SHAPE_VERSION_UNKNOWN,
    CARD_SHAPE_MEMBER_MISSPELT_0X,
    CARD_SIG_MALFORMED,
    CARD_SIG_TYP,
    CARD_SIG_STALE,
    CARD_SIG_KEY_URL,
    CARD_URL_DOUBLED_PATH,
    CARD_URL_UNREACHABLE,
    CARD_URL_INTERNAL_AUTHORITY,
    CARD_URL_NOT_RPC_ENDPOINT,
    CARD_URL_BYPASSES_PROXY,
    CARD_URL_TENANT_NOT_SENT,
    CARD_URL_REDIRECTED,
    CARD_URL_PLAIN_HTTP,
    CARD_URL_AROUND_FRONT,
    CARD_URL_BINDING_MISLABELLED,
    CARD_URL_BIND_ALL,
    CARD_URL_PLACEHOLDER,
    CARD_URL_TLS_ON_PLAIN_PORT,
    DATA_HISTORY_EXCEEDED,
    DATA_HISTORY_NOT_APPLIED,
    DATA_HISTORY_OLDEST_KEPT,
    DATA_TASK_CONTENT_REPEATED,
    DATA_HISTORY_LOST,
    DATA_LIST_ARTIFACTS,
    DATA_LIST_ORDER,
    DATA_LIST_FILTER,
    DATA_LIST_PAGING,
    DATA_LIST_PUSH_PAGE_SIZE,
    DATA_LIST_MISSES_KNOWN,
    DATA_LIST_PUSH_PAGING,
    DATA_LIST_ARTIFACTS_EMPTY,
    PART_MEDIA_TYPE_INVALID,
    DATA_PARAM_ACCEPTED,
    DATA_UNKNOWN_FIELD_REJECTED,
    DATA_PARAM_TASK_ID_MISSING,
    DATA_PARAM_REQUIRED_ID_ACCEPTED,
    DATA_PARAM_CLIENT_INVALID,
    DATA_PARAM_SEND_WITHOUT_MESSAGE_ACCEPTED,
    DATA_PARAM_UNKNOWN_MEMBER,
    DATA_AGENT_ROLE,
    DATA_CLIENT_ROLE,
    RESULT_SHAPE,
    REQUEST_SHAPE,
    PUSH_INLINE_OTHER_TASK,
    REQUEST_BODY_NOT_JSON,
    CLIENT_IDS_OUTSIDE_MESSAGE,
    ARTIFACT_NO_PARTS_0X,
    TASK_MEMBER_NOT_IN_PROTO,
    DATA_TIME_NOT_UTC,
    DATA_TIME_UNSET,
    PART_URL_INTERNAL,
    GRPC_ERROR_CODE,
    GRPC_ERROR_INFO_MISSING,
    GRPC_ERROR_CODE_0X,
    GRPC_MESSAGE_MALFORMED,
    GRPC_REQUEST_MALFORMED,
    GRPC_METHOD_CASE_CLIENT,
    GRPC_METHOD_CASE_SERVED,
    GW_EXTENSIONS_STRIPPED,
    GW_CREDENTIALS_STRIPPED,
    GW_SEND_RETRIED,
    GW_ROUTE_REWRITTEN,
    GW_MESSAGE_IDS_REWRITTEN,
    GW_ANSWER_LOST,
    GW_ANSWER_ALTERED,
    GW_ANSWER_UNSEEN,
    GW_CARD_REWRITE_BROKEN,
    GW_TASK_AFFINITY_LOST,
    GW_PROXY_ANSWERED,
    GW_SIGNED_CARD_ALTERED,
    GW_SSE_BUFFERED,
    GW_SSE_LOST,
    HTTP_FRAMED_TWICE,
    HTTP_BODY_CUT_SHORT,
    HTTP_REQUEST_REFUSED,
    HTTP_BODY_CODING,
    HTTP_CODING_UNACCEPTED,
    HTTP_BODY_PAST_LENGTH,
    HTTP_MEDIA_TYPE_REFUSED,
    HTTP_MEDIA_TYPE_1_0_REFUSED,
    HTTP_MEDIA_TYPE_CLIENT,
    HTTP_MEDIA_TYPE_CLIENT_JSON,
    HTTP_MEDIA_TYPE_ANSWER,
    HTTP_MEDIA_TYPE_ANSWER_REST,
    HTTP_ACCEPT_REFUSED,
    ID_CONTEXT_NOT_INFERRED,
    ID_CONTEXT_CHANGED,
    ID_MESSAGE_IDS_MISMATCH,
    ID_CTX_CLIENT_TASK_ID_AS_CONTEXT,
    ID_CTX_CLIENT_CONTEXT_MISMATCH,
    ID_EVENT_MISSING_TASK_ID,
    ID_EVENT_TASK_MISMATCH,
    ID_MESSAGE_NO_CONTEXT,
    ID_MESSAGE_ID_REUSED,
    ID_AGENT_MESSAGE_ID_REUSED,
    ID_TASK_NOT_RESOLVABLE,
    ID_UNKNOWN_TASK_ACCEPTED,
    ID_OTHER_TASK_ANSWERED,
    ID_TASK_FROM_CLIENT,
    ID_TASK_NOT_FOUND_FRESH_SEND,
    ID_TASK_FROM_OTHER_AGENT,
    ID_UNKNOWN_TASK_MISANSWERED,
    ID_UNKNOWN_TASK_MISANSWERED_0X,
    ID_TASK_NOT_FOUND_FRESH_SEND_0X,
    ID_UNKNOWN_TASK_INTERNAL_ERROR,
    PUSH_NO_CREDENTIALS,
    PUSH_WRONG_CREDENTIALS,
    PUSH_TOKEN_NOT_SENT_0X,
    PUSH_PAYLOAD_SHAPE,
    PUSH_OTHER_TASK,
    PUSH_UNKNOWN_TASK,
    PUSH_CONFIG_RELAYED,
    PUSH_CONFIG_REPLACED,
    PUSH_AFTER_DELETE,
    PUSH_CONFIG_NO_URL,
    PUSH_CONFIG_AFTER_DELETE,
    PUSH_CONFIG_OTHER_ID,
    PUSH_CONFIG_LIST_INCOMPLETE,
    PUSH_CONFIG_REST03_BODY,
    PUSH_CONFIG_HEADER_CONTROL,
    PUSH_NOT_POST,
    PUSH_NOT_JSON_MEDIA_TYPE,
    PUSH_TERMINAL_NOT_DELIVERED,
    PUSH_URL_PRIVATE,
    REST_ERROR_SHAPE,
    REST_ERROR_PRE_101,
    REST_UNARY_STREAMED,
    REST_INVALID_PARAM_SERVER_ERROR,
    REST_EMPTY_RESULT_NO_BODY,
    REST_ROUTE_CASE_CLIENT,
    REST_ROUTE_CASE_SERVED,
    REST_VERB_CLIENT,
    REST_VERB_SERVED,
    RPC_ENVELOPE,
    RPC_RESULT_UNDER_ERROR_STATUS,
    RPC_ERROR_CODE,
    RPC_ERROR_INFO_MALFORMED,
    RPC_VALID_REQUEST_REFUSED,
    RPC_ERROR_INFO_MISSING,
    RPC_NEGATIVE_SERVED,
    RPC_ERROR_CODE_0X,
    RPC_ID_MISMATCH,
    RPC_REFUSAL_ID_NOT_ECHOED,
    RPC_METHOD_CASE_ACCEPTED,
    RPC_REQUEST_ID,
    RPC_REQUEST_NOT_2_0,
    RPC_REQUEST_METHOD_CASE,
    RPC_REQUEST_BATCH_DUPLICATE_ID,
    RPC_REQUEST_PARAMS_NOT_OBJECT,
    RPC_REQUEST_BATCH_EMPTY,
    RPC_REQUEST_BATCH_STREAMING,
    SSE_NOT_TERMINATED,
    SSE_DATA_NOT_JSON,
    SSE_FIELD_MISSPELLED,
    SSE_EMPTY_DATA,
    SSE_JSON_WITHOUT_DATA,
    STREAM_APPEND_WITHOUT_BASE,
    STREAM_CHUNK_AFTER_LAST,
    STREAM_LAST_CHUNK_REPLACES,
    STREAM_AFTER_TERMINAL,
    STREAM_NO_TERMINAL,
    STREAM_OPEN_AFTER_TERMINAL,
    STREAM_AFTER_MESSAGE_0X,
    STREAM_ERROR_END,
    STREAM_RESET_RESUMED,
    STREAM_NO_TERMINAL_0X,
    STREAM_ERROR_END_0X,
    STREAM_HELD_OPEN,
    STREAM_HELD_OPEN_0X,
    STREAM_CONCURRENT_DIFFER,
    STREAM_FINAL_FLAG,
    STREAM_FIRST_NOT_TASK,
    STREAM_TASK_AFTER_UPDATE,
    STREAM_NOT_EVENT_STREAM,
    STREAM_STAMPS_BACKWARDS,
    STREAM_EVENT_SHAPE,
    STREAM_ENVELOPE,
    STREAM_MESSAGE_IN_TASK_STREAM,
    TASK_AUTH_UNEXPLAINED,
    TASK_AUTH_UNEXPLAINED_0X,
    TASK_TERMINAL_CHANGED,
    TASK_MESSAGE_TO_TERMINAL,
    TASK_CANCEL_TERMINAL,
    TASK_CANCEL_INEFFECTIVE,
    TASK_STATE_INVALID,
    TASK_SUBSCRIBE_TERMINAL,
    TASK_BLOCKING_EARLY,
    TASK_SUBSCRIBE_LIVE_REFUSED,
    TASK_RETURN_IMMEDIATELY_IGNORED,
    TASK_ARTIFACT_APPEND_LOST,
    TASK_BLOCKING_TRUE_IGNORED,
    TASK_CANCEL_NO_EFFECT,
    TASK_SUBSCRIBE_ACTIVE_REFUSED,
    TASK_DELEGATE_OUTCOME_RELAYED,
    TASK_MESSAGE_TO_INTERRUPTED_REFUSED,
    TASK_ENDED_BY_CLIENT_LEAVING,
    TASK_CLIENT_MESSAGE_TO_TERMINAL,
    VER_CARD_METHOD,
    VER_CLIENT_NOT_OFFERED,
    VER_NOT_ENFORCED,
    VER_HEADER_STRIPPED,
    VER_HEADER_NOT_MAJOR_MINOR,
    VER_UNSUPPORTED_AS_METHOD_NOT_FOUND,
    VER_TRAP3_PROCESSED,
    VER_V0_METHOD_UNDER_V1_SERVED,
    VER_MIXED_PAYLOAD,
    VER_MIXED_REQUEST,
];

/// Whether `rule_id` says a task stream ended before a terminal or interrupted state, in
/// either wire generation: STREAM-END-002 (1.0, STREAM-003/-007, an error) or its 0.x form
/// STREAM-END-007 (STREAM-003 a SHOULD in 0.3, a warning).
pub fn is_stream_ended_without_terminal(rule_id: &str) -> bool {
    rule_id == STREAM_NO_TERMINAL.id || rule_id == STREAM_NO_TERMINAL_0X.id
}

/// True when `rule_id` judges the client's traffic rather than the agent's ([`CLIENT_RULES`]).
pub fn judges_client(rule_id: &str) -> bool {
    CLIENT_RULES
        .iter()
        .any(|id| rule_id.eq_ignore_ascii_case(id))
}

/// Rules whose finding blames the client, not the agent (a malformed request the agent may
/// rightly reject). They are reported, but an agent's conformance level ignores them.
pub const CLIENT_RULES: &[&str] = &[
    "CARD-URL-006",
    // mine53: the client's card resolver built the card URL by joining paths.
    "CARD-PATH-005",
    "DATA-SHAPE-002",
    "DATA-SHAPE-003",
    "DATA-SHAPE-005",
    "DATA-SHAPE-006",
    "DATA-ROLE-002",
    "CAP-EXT-004",
    "CAP-EXT-006",
    "VER-CARD-002",
    "BIND-USE-001",
    "BIND-USE-002",
    "BIND-USE-003",
    "VER-HDR-003",
    "RPC-REQ-001",
    "RPC-REQ-002",
    "RPC-REQ-003",
    "RPC-REQ-004",
    "AUTH-PAYLOAD-001",
    // A credential sent where no scheme of the card puts it, rightly refused: the client's.
    "AUTH-SCHEME-003",
    "AUTH-SCHEME-004",
    // breaker50: an orchestrator, as the client of the agent it delegates to, sent it its own
    // client's credential; the agent that received it is not at fault.
    "AUTH-FWD-001",
    "RPC-REQ-005",
    "RPC-REQ-006",
    // A streaming call put into a JSON-RPC batch (left38): no answer can carry its stream.
    "RPC-REQ-007",
    "PUSH-CFG-003",
    "GRPC-FRAME-002",
    "REST-VERB-001",
    "REST-ROUTE-001",
    "HTTP-MEDIA-003",
    // open45: the JSON-RPC / 0.3 HTTP+JSON media type split from HTTP-MEDIA-003
    "HTTP-MEDIA-004",
    "GRPC-METHOD-001",
    "DATA-PARAM-003",
    "DATA-PARAM-007",
    // A request that mixes generations: the client's half of VER-MIX-001.
    "VER-MIX-002",
    // A streaming call to an agent whose card declares no streaming (mine29b).
    "CAP-STREAM-003",
    // A messageId the client used again for another message (left37: a gateway that
    // passed it on told "the gateway passed it on to the client", and an agent's
    // conformance counted the client's warning).
    "ID-MSG-002",
    // A follow-up sent to a task the agent had finished (mine45: zombie task ids).
    "TASK-STATE-017",
    // A task id written into contextId (mine45, adcp-client PR #729).
    "ID-CTX-004",
    // A follow-up whose contextId is not its task's (breaker57).
    "ID-CTX-005",
    // Named `client-*` from the start but left out of this list (found by the test below,
    // session 45): a request the proxy's own HTTP server refused (it never reached the
    // agent), plain http to an https-only interface, another agent's task id, a request
    // parameter of the wrong type.
    "HTTP-FRAME-003",
    "AUTH-TLS-002",
    "ID-TASK-006",
    "DATA-PARAM-005",
];

/// The rule area (the names [`super::VerifyOutcome::areas_exercised`] uses) a rule ID
/// belongs to: `CARD-URL-*` and `BIND-*` → `card-url`, `CARD-SHAPE-*` → `card`, `RPC-*` → `jsonrpc`,
/// `REST-*` → `rest`, `DATA-*`/`TASK-*` → `task`, `ID-*` → `id`, `STREAM-*` → `stream`,
/// `SSE-*` → `sse`, `VER-*` → `version`, `CAP-*` → `capability`, `AUTH-*` → `auth`,
/// `PUSH-*` → `push`, `GW-*` → `gateway`; unknown prefixes → `interop`.
pub fn area_of(rule_id: &str) -> &'static str {
    let up = rule_id.to_ascii_uppercase();
    let first = up.split('-').next().unwrap_or("");
    match first {
        "CARD" if up.starts_with("CARD-URL-") => "card-url",
        // the binding a card declares at each interface URL (BIND-USE-*)
        "BIND" => "card-url",
        "CARD" => "card",
        "RPC" => "jsonrpc",
        "REST" => "rest",
        "DATA" | "TASK" => "task",
        "ID" => "id",
        "STREAM" => "stream",
        "SSE" => "sse",
        "VER" => "version",
        "CAP" => "capability",
        "AUTH" => "auth",
        "PUSH" => "push",
        "GW" => "gateway",
        "HTTP" => "http",
        "GRPC" => "grpc",
        _ => "interop",
    }
}

/// Looks a rule up by ID (`CARD-URL-002`) or alias (`card-url-doubled-path`).
pub fn lookup(key: &str) -> Option<&'static Rule> {
    RULES
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(key) || r.name.eq_ignore_ascii_case(key))
}

#[cfg(test)]
mod client_rules_tests {
    use super::*;

    /// Every rule whose name says it judges the client (`client-*`) is in [`CLIENT_RULES`],
    /// so an agent's conformance level, a probe verdict and interop's direction ignore it;
    /// and every id in the list is a rule of the registry.
    #[test]
    fn client_named_rules_are_client_rules() {
        let missing: Vec<_> = RULES
            .iter()
            .filter(|r| r.name.starts_with("client-") && !judges_client(r.id))
            .map(|r| r.id)
            .collect();
        assert!(
            missing.is_empty(),
            "client-* rules not in CLIENT_RULES: {missing:?}"
        );
        let unknown: Vec<_> = CLIENT_RULES
            .iter()
            .filter(|id| !RULES.iter().any(|r| r.id == **id))
            .collect();
        assert!(
            unknown.is_empty(),
            "CLIENT_RULES names no rule: {unknown:?}"
        );
    }
}
