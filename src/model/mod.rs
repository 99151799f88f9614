/*!
Pure A2A vocabulary, no IO: dialects and operations ([`a2a`]), JSON-RPC envelopes and codes
([`jsonrpc`]), the incremental SSE decoder ([`sse`]), URL/host classes ([`net`]) and the
Agent Card view ([`card`]), HTTP content codings undone for reading ([`coding`]), gRPC messages decoded to ProtoJSON
([`grpc`]).
*/

pub mod a2a;
pub mod card;
pub mod coding;
pub mod grpc;
pub mod json;
pub mod jsonrpc;
pub mod lit;
pub mod net;
pub mod sse;

/// Request header the active prober puts on the requests it malforms on purpose (its
/// error-handling tests: parse error, invalid request, invalid params, unknown method), with
/// the value [`PROBE_NEGATIVE_TEST`]. The verifier judges the agent's answer to such a
/// request as usual but does not blame the client for the malformed request itself. It is
/// visible in the recording, so a reader can tell deliberate faults from real ones.
pub const PROBE_NEGATIVE_HEADER: &str = "A2A-Interop-Probe";

/// Request header naming the probe test a request belongs to (`lifecycle.send [1.0]`),
/// sent by the active prober (`probe`, `interop`) while a test runs. The prober ties the
/// verifier's findings on the exchange back to the test's verdict by it, and the verifier
/// names such an exchange by the agent URL the prober addressed (`request_head.upstream`),
/// not by the prober's own recording listener (an ephemeral loopback port, plain http even
/// for an `https://` agent, gone after the run; newcomer26 N1).
pub const PROBE_TEST_HEADER: &str = "A2A-Interop-Probe-Test";

/// Response header on the recording proxy's own `502` for a request whose upstream
/// connection never came up, naming why as the recording's `exchange_end.connect_failure`
/// spells it ([`crate::record::ConnectFailure::as_str`]: `refused`, `no_connection`). The
/// same value as the recorded field, for the client of that answer: the active prober, whose
/// own recording proxy answers for an agent that died, acts on the kind without reading the
/// 502's text (ux34), and a person with `curl -i` sees it. Recorded with the rest of the
/// proxy's response head (`synthetic: true`).
pub const CONNECT_FAILURE_HEADER: &str = "A2A-Interop-Connect-Failure";

/// Value of [`PROBE_NEGATIVE_HEADER`] on a deliberately malformed request.
pub const PROBE_NEGATIVE_TEST: &str = "negative-test";

/// Value of [`PROBE_NEGATIVE_HEADER`] on the prober's task read (GetTask / `tasks/get`, HTTP+JSON
/// `GET /tasks/{id}`) that names a task id it minted at random (a fresh UUID v4) and never
/// sent before: no agent can know it, so the one right answer is TaskNotFoundError (-32001,
/// HTTP 404 TASK_NOT_FOUND; ERR-002). The verifier judges the answer to a request so marked
/// (ID-TASK-007), in `probe` and in `verify` of its recording alike; an agent ignores the
/// header (unknown request headers carry no meaning, RFC 9110 §5.1).
pub const PROBE_UNKNOWN_TASK: &str = "unknown-task";

/// Value of [`PROBE_NEGATIVE_HEADER`] on the prober's one send (SendMessage) that leaves out,
/// on purpose, the extensions the agent's card marks `required` (`errors.extension-required`,
/// EXT-002): every other request of the run names them in `A2A-Extensions`, so the send is
/// refused for that alone, and the one right answer is ExtensionSupportRequiredError (-32008,
/// HTTP+JSON reason EXTENSION_SUPPORT_REQUIRED). The verifier judges a refusal of a request
/// so marked under another code as RPC-ERROR-001, in `probe` and `verify` alike.
pub const PROBE_WITHOUT_EXTENSION: &str = "extension-required";

/// Value of [`PROBE_NEGATIVE_HEADER`] on the prober's push-config requests that name its
/// own loopback webhook receiver: the agent accepting that URL is not judged as an SSRF
/// risk (PUSH-006), since the prober chose it; everything else about the call is.
pub const PROBE_OWN_WEBHOOK: &str = "own-webhook";
