/*!
Pure A2A vocabulary, no IO: dialects and operations ([`a2a`]), JSON-RPC envelopes and codes
([`jsonrpc`]), the incremental SSE decoder ([`sse`]), URL/host classes ([`net`]) and the
Agent Card view ([`card`]).
*/

pub mod a2a;
pub mod card;
pub mod jsonrpc;
pub mod net;
pub mod sse;
