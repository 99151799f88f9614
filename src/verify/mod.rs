/*!
Verifier: events in, findings out. Sans-IO: no files, no sockets, no clock, no tokio.

The same [`Verifier`] runs online (fed by the proxy's recorder task as events arrive) and
offline (fed by a file reader), so verdicts are the same either way.

```text
Verifier::new(&RecordingHeader) ─► feed(&Event) -> Vec<Finding> (new ones, for live printing)
                                ─► finish() -> VerifyOutcome (all findings, dialects, coverage)
```
*/

pub mod finding;
pub mod rules;

pub use finding::{Category, Evidence, Finding, Rule, Severity};

use crate::record::{Event, RecordingHeader};

/// Everything a verification run concluded.
#[derive(Clone, Debug, Default)]
pub struct VerifyOutcome {
    /// All findings, in order of their first evidence `seq`.
    pub findings: Vec<Finding>,
    /// Wire generations seen (`"0.1"`, `"0.2"`, `"0.3"`, `"1.0"`), sorted.
    pub dialects: Vec<String>,
    /// Events fed.
    pub events: u64,
    /// Exchanges seen.
    pub exchanges: u64,
    /// Rule areas the traffic exercised (`card`, `card-url`, `jsonrpc`, `task`, `stream`,
    /// `sse`, `version`, `auth`, `push`, `gateway`, ...).
    pub areas_exercised: Vec<String>,
}

/// The verification engine. See the module docs.
pub struct Verifier {
    header: RecordingHeader,
    outcome: VerifyOutcome,
}

impl Verifier {
    /// A verifier for traffic captured as `header` describes (mode, routes, listen addresses).
    pub fn new(header: &RecordingHeader) -> Self {
        Verifier {
            header: header.clone(),
            outcome: VerifyOutcome::default(),
        }
    }

    /// The header this verifier judges against.
    pub fn header(&self) -> &RecordingHeader {
        &self.header
    }

    /// Feeds one event; returns the findings it completed (possibly none).
    pub fn feed(&mut self, _ev: &Event) -> Vec<Finding> {
        self.outcome.events += 1;
        Vec::new()
    }

    /// Ends the run: rules that need the whole recording fire here.
    pub fn finish(self) -> VerifyOutcome {
        self.outcome
    }
}
