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
            message: json_style_escapes(message.into()),
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

/// `message` with each escape Rust's `{:?}` writes for a string or char in Rust's own
/// spelling rewritten in JSON's (review28b R3): `\u{1}` becomes `\u0001`, `\u{1f600}` the
/// surrogate pair `\ud83d\ude00`, `\0` (NUL) `\u0000`; `\n`, `\t`, `\"` and `\\` are the
/// same in both. A finding's message is what every report format (text, JSON, Markdown,
/// JUnit, SARIF, HTML) shows, so control characters read as an engineer expects from
/// JSON tooling (`jq`, a browser console). An escaped backslash (`\\u{1}`, wire text that
/// holds a backslash) is left as it is. Allocates only when something changes.
pub fn json_style_escapes(message: String) -> String {
    if !message.contains("\\u{") && !message.contains("\\0") {
        return message;
    }
    let b = message.as_bytes();
    let mut out = String::with_capacity(message.len() + 8);
    let mut i = 0;
    let mut plain = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            // an escaped backslash: both kept, the next character is not an escape
            Some(b'\\') => i += 2,
            Some(b'0') if !b.get(i + 2).is_some_and(u8::is_ascii_digit) => {
                out.push_str(&message[plain..i]);
                out.push_str("\\u0000");
                i += 2;
                plain = i;
            }
            Some(b'u') if b.get(i + 2) == Some(&b'{') => {
                let hex_end = message[i + 3..].find('}').map(|k| i + 3 + k);
                let cp = hex_end
                    .filter(|&e| e > i + 3 && e - (i + 3) <= 6)
                    .and_then(|e| {
                        u32::from_str_radix(&message[i + 3..e], 16)
                            .ok()
                            .map(|c| (c, e))
                    });
                match cp {
                    Some((c, e)) => {
                        out.push_str(&message[plain..i]);
                        if c > 0xFFFF {
                            let v = c - 0x10000;
                            out.push_str(&format!(
                                "\\u{:04x}\\u{:04x}",
                                0xD800 + (v >> 10),
                                0xDC00 + (v & 0x3FF)
                            ));
                        } else {
                            out.push_str(&format!("\\u{c:04x}"));
                        }
                        i = e + 1;
                        plain = i;
                    }
                    None => i += 1,
                }
            }
            _ => i += 1,
        }
    }
    out.push_str(&message[plain..]);
    out
}

#[cfg(test)]
mod tests {
    use super::json_style_escapes as j;

    /// Rust's `{:?}` escapes become JSON's; escaped backslashes and JSON's own escapes
    /// stay; text without escapes is returned as it was.
    #[test]
    fn rust_debug_escapes_become_json_escapes() {
        assert_eq!(j(format!("{:?}", "a\u{1}b")), "\"a\\u0001b\"");
        assert_eq!(j(format!("{:?}", "x\u{7f}")), "\"x\\u007f\"");
        assert_eq!(j(format!("{:?}", "\u{200b}")), "\"\\u200b\"");
        assert_eq!(j(format!("{:?}", "\0")), "\"\\u0000\"");
        assert_eq!(j(format!("{:?}", "\0x")), "\"\\u0000x\"");
        assert_eq!(j("\\u{1f600}".to_string()), "\\ud83d\\ude00");
        // a backslash in the wire text, escaped by {:?}: not an escape of Rust's
        assert_eq!(j(format!("{:?}", "C:\\u{1}")), "\"C:\\\\u{1}\"");
        assert_eq!(j(format!("{:?}", "tab\tquote\"")), "\"tab\\tquote\\\"\"");
        assert_eq!(j("no escapes".to_string()), "no escapes");
        assert_eq!(j("\\u{zz} \\u{}".to_string()), "\\u{zz} \\u{}");
    }
}
