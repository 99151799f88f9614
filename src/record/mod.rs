/*!
Recording: THE contract ([`Event`]) and everything that turns traffic into events or events
into files. Owned here: the event types, the JSONL reader/writer, transcript and HAR import,
HAR export, redaction and the format version. Imports only `model`.
*/

pub mod event;
pub(crate) mod event_de;
pub mod har;
pub mod headers;
pub mod jsonl;
pub mod outfile;
pub mod progress;
pub mod redact;
pub mod writer;

pub use event::{
    Body, CallerBy, CaptureMode, ConnectFailure, Event, EventKind, ExchangeId, Headers, Line,
    Outcome, RecordingHeader, Route, ToolInfo, DEFAULT_CAPTURE_CAP, FORMAT_VERSION,
};

pub mod source;
pub mod transcript;
