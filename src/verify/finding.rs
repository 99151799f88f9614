/*!
Findings and the shape of a rule: what the verifier emits and what reports render.

Messages are matter-of-fact, lowercase, with no final period (checked by a meta-test); the
help text says what to change. Evidence points at recording lines (`seq`) and, inside a
JSON body, at a JSON Pointer (RFC 6901) with the value found there.
*/

use serde::{Deserialize, Serialize};

/// How bad a finding is. Ordered: `Note < Warning < Error`.
///
/// Error = a MUST of the spec is broken; Warning = a SHOULD; Note = advice or a MAY.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    /// `error`, `warning` or `note`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

impl std::fmt::Display for Severity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Report category of a rule or probe test (DESIGN.md "JSON report").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Category {
    AgentCard,
    Lifecycle,
    Streaming,
    ErrorHandling,
    Interop,
    Security,
    Transport,
    /// Push notifications (PUSH-*): config methods and webhook deliveries.
    Push,
}

impl Category {
    /// The kebab-case name used in reports (`agent-card`, `error-handling`, ...).
    pub fn as_str(self) -> &'static str {
        match self {
            Category::AgentCard => "agent-card",
            Category::Lifecycle => "lifecycle",
            Category::Streaming => "streaming",
            Category::ErrorHandling => "error-handling",
            Category::Interop => "interop",
            Category::Security => "security",
            Category::Transport => "transport",
            Category::Push => "push",
        }
    }
}

/// A rule in the static registry ([`crate::verify::rules::RULES`]).
///
/// `id` is `AREA-TOPIC-NNN` and is never reused once published; a retired rule stays in the
/// registry marked `retired`. `name` is a stable kebab-case alias (`card-url-doubled-path`).
#[derive(Debug)]
pub struct Rule {
    /// Permanent ID, e.g. `CARD-URL-002`.
    pub id: &'static str,
    /// Kebab-case alias, e.g. `card-url-doubled-path`.
    pub name: &'static str,
    /// Error for MUST, warning for SHOULD, note for MAY/advice.
    pub severity: Severity,
    pub category: Category,
    /// One line: what the rule checks.
    pub summary: &'static str,
    /// `A2A-DIGEST.md` requirement IDs enforced, e.g. `["CARD-005", "CARD-006"]`.
    pub spec: &'static [&'static str],
    /// What to change when the rule fires.
    pub help: &'static str,
    /// Kept for ID stability; never emitted.
    pub retired: bool,
}

/// One piece of proof: a recording line, and where in its JSON body.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// `seq` of the recording event (line) that shows it.
    pub seq: u64,
    /// Exchange id (`e3`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exchange: Option<String>,
    /// JSON Pointer (RFC 6901) into the body of that event, when it is about one value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pointer: Option<String>,
    /// The value found there (or a short excerpt).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub found: Option<serde_json::Value>,
}

impl Evidence {
    /// The whole recording event `seq` of exchange `exchange` (`e3`): no pointer into its
    /// body, no value quoted.
    pub fn event(seq: u64, exchange: String) -> Self {
        Evidence {
            seq,
            exchange: Some(exchange),
            pointer: None,
            found: None,
        }
    }
}

/// A verdict: one rule broken at one place, with its proof.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// Rule ID (`CARD-URL-002`).
    pub rule: String,
    /// Rule alias (`card-url-doubled-path`).
    pub name: String,
    pub severity: Severity,
    pub category: Category,
    /// Lowercase, no final period, specific to this occurrence.
    pub message: String,
    /// What to change.
    pub help: String,
    /// `A2A-DIGEST.md` requirement IDs.
    pub spec: Vec<String>,
    /// Recording lines that prove it, most telling first.
    pub evidence: Vec<Evidence>,
    /// Leg the finding is about (`upstream`, a `--leg` name); absent = client-facing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leg: Option<String>,
}

impl Finding {
    /// A finding of `rule` with `message`; severity, category, help and spec come from the
    /// rule.
    pub fn new(rule: &Rule, message: impl Into<String>) -> Self {
        Finding {
            rule: rule.id.into(),
            name: rule.name.into(),
            severity: rule.severity,
            category: rule.category,
            message: message.into(),
            help: rule.help.into(),
            spec: rule.spec.iter().map(|s| s.to_string()).collect(),
            evidence: Vec::new(),
            leg: None,
        }
    }

    /// Adds one piece of evidence.
    pub fn with_evidence(mut self, ev: Evidence) -> Self {
        self.evidence.push(ev);
        self
    }

    /// The first evidence `seq`, for ordering findings in file order.
    pub fn first_seq(&self) -> u64 {
        self.evidence.iter().map(|e| e.seq).min().unwrap_or(0)
    }

    /// Whether the message names another finding's rule as its root cause: it ends with
    /// the clause [`CAUSED_BY`]` <RULE-ID>...)` (AUTH-TLS-004 behind CARD-URL-003, a
    /// blocking answer behind the stream end of the same executor fault). Reports list
    /// such a finding after the findings of its severity that are no consequence, so the
    /// first line is the root cause.
    pub fn is_consequence(&self) -> bool {
        self.message.contains(CAUSED_BY)
    }
}

/// Opening of the clause by which a consequence finding names its root cause's rule ID,
/// e.g. `" (caused by CARD-URL-003: the card names the agent's internal address; ...)"`.
pub const CAUSED_BY: &str = " (caused by ";
