/*!
Baselines: the findings a team knows and has accepted, kept in a file beside the CI job, so
that `--fail-on` judges only the findings that are new (the linters' baseline: detekt's
`baseline.xml`, PHPStan's `--generate-baseline`, SARIF 2.1.0 §3.27.24 `baselineState`).

A baseline is a JSON file ([`BASELINE_SCHEMA`]), written by `--write-baseline FILE` and
read by `--baseline FILE` on every command that judges (`verify`, `report`, `proxy`,
`probe`, `interop`, `demo`):

```json
{
  "schema": "a2a-interop/baseline/v1",
  "about": "...",
  "findings": [
    {
      "rule": "CARD-CACHE-001",
      "leg": "client",
      "request": "GET /.well-known/agent-card.json",
      "name": "card-cache-control-missing",
      "severity": "warning",
      "reason": "the Python SDK sends no Cache-Control (upstream issue 123)",
      "expires": "2027-03-01"
    }
  ]
}
```

A finding's identity ([`Key`]) is its rule, its leg (`client` for the client-facing hop),
the agent's host when the request named one (open47: a forward proxy's absolute-form
`http://agent-a:9000/...`, [`host_of`]), on a loopback host the agent's card name (open48)
and a normalised location: the request its first
evidence is in, as `METHOD PATH A2A-METHOD` (the path without query, the id after `/tasks/`
and `/pushNotificationConfigs/` read as `{id}`; the A2A method from the JSON-RPC body or the
HTTP+JSON route) and the JSON Pointer of that evidence with array indices read as `*`.
Nothing in it depends on a timestamp, a loopback port, a `seq`, an exchange id or an id the
run generated, so the same traffic against an agent on another loopback port gives the same
keys, and the file written twice is the same bytes.

The host (`host` in the file, written only when not empty) tells two agents behind one
forward proxy apart: without it a known finding of agent A hid the same new finding of
agent B on the same path. It is given for a forward-mode recording only (`mode: forward`,
[`ExchangeIndex::shows_origins`]), as the authority of the request's absolute URL, lowercased,
without user info or the scheme's default port, and without any port on a loopback host
(`127.0.0.0/8`, `::1`, `localhost`: a test's agent listens on a port the system picked, run
after run another). A reverse proxy's, a probe's or an interop run's recording names
the proxy's own listener in every URL (the `Host` the client sent), not the agent: the host
stays out (empty), so those files are the bytes session 46 wrote. An entry without `host` (every
session-46 file) matches a finding on any host, as it did: the schema stays
`a2a-interop/baseline/v1`, and a rewrite of such a file writes each host it saw.

On a loopback host the port is left out, so two agents on 127.0.0.1 would share every
entry (open48); `agent` (written only when not empty) names such an agent by its Agent
Card `name`, from the card the recording holds for that origin
([`ExchangeIndex::card_name`]; the proxy's live lines read it from the cards fetched so
far). The card's name is what a team calls the agent and stays the same run after run; the
port does not, and the path does not tell two agents at `/` apart. No card recorded for the
origin: no `agent`. An entry without `agent` (a session-47 file, or a run that fetched no
card) matches every agent on its host, as it did. `name` and `severity` are there for the reader and not part of the key;
`reason` and `expires` (`YYYY-MM-DD`, UTC) are the user's: an entry past its date no longer
counts (its findings are new again), and a rewrite keeps both for the entries still seen.
*/

use std::collections::{BTreeMap, HashSet};
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::index::{ExchangeIndex, ExchangeView};
use crate::verify::{Finding, Severity};

/// The `schema` value of a baseline file.
pub const BASELINE_SCHEMA: &str = "a2a-interop/baseline/v1";

/// The `about` line written into every baseline file: what it is and how it is used.
pub const BASELINE_ABOUT: &str = "known findings of a2a-interop: a finding whose rule, leg, host and agent (when the entry names them), request and pointer match an entry is reported as known (baselineState unchanged) and does not count for --fail-on; add \"reason\" and \"expires\" (YYYY-MM-DD) by hand; rewrite with --write-baseline (docs/usage.md#baselines-known-findings-in-ci)";

/// The leg name a finding of the client-facing hop (no `leg`) has in a baseline.
pub const CLIENT_LEG: &str = "client";

/// A finding's identity in a baseline: rule, leg and normalised location (module docs).
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Key {
    /// Rule ID (`CARD-CACHE-001`).
    pub rule: String,
    /// Leg of the finding; [`CLIENT_LEG`] for the client-facing hop.
    pub leg: String,
    /// The agent's host as a forward proxy's request named it ([`host_of`]:
    /// `agent-a.internal:9000`, `127.0.0.2` for a loopback one, its port left out); empty
    /// for other recordings (reverse proxy, probe, interop: their URLs name the proxy) and
    /// in an entry that names none (matches any host).
    pub host: String,
    /// The Agent Card `name` of the agent at the finding's origin, when [`Key::host`] is a
    /// loopback host (its port left out) and the recording has that origin's card
    /// (open48: two agents on 127.0.0.1 behind one forward proxy shared every entry);
    /// empty otherwise, and in an entry that names none (matches any agent on its host).
    pub agent: String,
    /// `METHOD PATH A2A-METHOD` of the request of the first evidence (`POST / SendMessage`),
    /// empty when the evidence names no exchange.
    pub request: String,
    /// JSON Pointer of the first evidence, array indices as `*` (`/result/history/*/role`);
    /// empty when none.
    pub pointer: String,
}

/// One entry of a baseline file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    /// Rule ID (part of the key).
    pub rule: String,
    /// Leg (part of the key); `client` when absent.
    #[serde(default = "client_leg")]
    pub leg: String,
    /// The agent's host ([`Key::host`], part of the key); absent = any host (a session-46
    /// entry, or an origin-form request).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
    /// The agent's card name on a loopback host ([`Key::agent`], part of the key); absent =
    /// any agent on that host (a session-46 or session-47 entry, or no card recorded).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub agent: String,
    /// `METHOD PATH A2A-METHOD` (part of the key); absent = the finding names no exchange.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub request: String,
    /// JSON Pointer, array indices as `*` (part of the key); absent = none.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pointer: String,
    /// The rule's alias, for the reader (not part of the key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The rule's severity when written, for the reader (not part of the key).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub severity: Option<Severity>,
    /// Why the finding is accepted (the user's; kept by a rewrite).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Last day (UTC, `YYYY-MM-DD`) the entry counts; after it the finding is new again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires: Option<String>,
}

fn client_leg() -> String {
    CLIENT_LEG.to_string()
}

impl Entry {
    /// The entry's [`Key`].
    pub fn key(&self) -> Key {
        Key {
            rule: self.rule.clone(),
            leg: self.leg.clone(),
            host: self.host.clone(),
            agent: self.agent.clone(),
            request: self.request.clone(),
            pointer: self.pointer.clone(),
        }
    }

    /// Whether this entry stands for a finding of key `k`: the same key, or the same but
    /// the host when the entry names none (any host, as a session-46 entry), or but the
    /// agent when it names none (any agent on its host, as a session-47 entry).
    pub fn covers(&self, k: &Key) -> bool {
        self.rule == k.rule
            && self.leg == k.leg
            && self.request == k.request
            && self.pointer == k.pointer
            && (self.host.is_empty()
                || (self.host == k.host && (self.agent.is_empty() || self.agent == k.agent)))
    }

    /// `CARD-CACHE-001 (the agent's answer) GET /.well-known/agent-card.json` (and ` at
    /// /pointer`), as stderr and the human reports name an entry: the side whose message
    /// breaks the rule (the client's request for a client rule,
    /// [`crate::verify::rules::judges_client`], else the agent's answer), and the leg when
    /// it is not the client-facing one (`(the agent's answer, leg upstream)`). newcomer50
    /// N14: `[client]`, the leg's name, read as the client's fault.
    pub fn label(&self) -> String {
        let side = if crate::verify::rules::judges_client(&self.rule) {
            "the client's request"
        } else {
            "the agent's answer"
        };
        let mut s = if self.leg == CLIENT_LEG {
            format!("{} ({side})", self.rule)
        } else {
            format!("{} ({side}, leg {})", self.rule, self.leg)
        };
        if !self.host.is_empty() {
            s.push_str(" on ");
            s.push_str(&self.host);
            if !self.agent.is_empty() {
                s.push_str(" (");
                s.push_str(&self.agent);
                s.push(')');
            }
        }
        if !self.request.is_empty() {
            s.push(' ');
            s.push_str(&self.request);
        }
        if !self.pointer.is_empty() {
            s.push_str(" at ");
            s.push_str(&self.pointer);
        }
        s
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileForm {
    schema: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    about: Option<String>,
    findings: Vec<Entry>,
}

/// A baseline read from its file ([`Baseline::load`]).
#[derive(Clone, Debug)]
pub struct Baseline {
    /// The file it was read from, as given.
    pub path: PathBuf,
    /// Its entries, in file order.
    pub entries: Vec<Entry>,
    /// Indices into `entries` of those past their `expires` date on the day it was read.
    pub expired: Vec<usize>,
    /// The entries this run's `--write-baseline` wrote over the file after it was read
    /// (`--baseline F --write-baseline F`, how a baseline shrinks): the run is judged on
    /// the file as read, and its report says both counts (newcomer58: "baseline F (0
    /// entries)" right after "wrote baseline F: 1 entry"). `None`: not rewritten.
    pub rewritten: Option<usize>,
    keys: HashSet<Key>,
    /// The keys of the entries (not expired) that name an agent, the agent left out: what a
    /// finding whose agent cannot be named matches ([`Baseline::knows`], open49).
    named_any_agent: HashSet<Key>,
}

/// Where a finding stands against the baseline (SARIF's `result.baselineState` words).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BaselineState {
    /// Not in the baseline (or only in an expired entry): counts for `--fail-on`.
    New,
    /// In the baseline: shown, marked known, not counted for `--fail-on`.
    Unchanged,
}

impl Baseline {
    /// Reads and checks a baseline file; `today` (`YYYY-MM-DD`, UTC) decides which entries
    /// have expired. An empty `findings` list is a valid baseline (nothing known).
    ///
    /// Errors: the cause in one line, for `a2a-interop: <cause>; hint: ...` (exit 2): the
    /// file cannot be read, is not JSON (with its line and column), has another `schema`, a
    /// field this version does not know (a misspelt `expire`), an entry without `rule`, or
    /// an `expires` that is no `YYYY-MM-DD` date.
    pub fn load_on(path: &Path, today: chrono::NaiveDate) -> Result<Baseline, String> {
        let shown = path.display();
        let bytes =
            std::fs::read(path).map_err(|e| format!("cannot read baseline {shown}: {e}"))?;
        Baseline::parse_on(path, &bytes, today)
    }

    /// [`Baseline::load_on`] of a file's bytes already read (`path` names it in errors).
    ///
    /// Errors: as [`Baseline::load_on`], but for reading.
    pub fn parse_on(
        path: &Path,
        bytes: &[u8],
        today: chrono::NaiveDate,
    ) -> Result<Baseline, String> {
        let shown = path.display();
        let form: FileForm = serde_json::from_slice(bytes)
            .map_err(|e| format!("baseline {shown} is not a baseline file: {e}"))?;
        if form.schema != BASELINE_SCHEMA {
            return Err(format!(
                "baseline {shown} has schema {:?}, this version reads {BASELINE_SCHEMA:?}",
                form.schema
            ));
        }
        let mut expired = Vec::new();
        for (i, e) in form.findings.iter().enumerate() {
            if e.rule.trim().is_empty() {
                return Err(format!(
                    "baseline {shown}: entry {} has an empty \"rule\"",
                    i + 1
                ));
            }
            if let Some(d) = &e.expires {
                let day = chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").map_err(|_| {
                    format!(
                        "baseline {shown}: entry {} ({}) has \"expires\": {d:?}, not a date YYYY-MM-DD",
                        i + 1,
                        e.rule
                    )
                })?;
                if day < today {
                    expired.push(i);
                }
            }
        }
        let keys = form
            .findings
            .iter()
            .enumerate()
            .filter(|(i, _)| !expired.contains(i))
            .map(|(_, e)| e.key())
            .collect::<HashSet<Key>>();
        let named_any_agent = keys
            .iter()
            .filter(|k| !k.agent.is_empty())
            .map(|k| Key {
                agent: String::new(),
                ..k.clone()
            })
            .collect();
        Ok(Baseline {
            path: path.to_path_buf(),
            entries: form.findings,
            expired,
            rewritten: None,
            keys,
            named_any_agent,
        })
    }

    /// [`Baseline::load_on`] today (UTC).
    ///
    /// Errors: as [`Baseline::load_on`].
    pub fn load(path: &Path) -> Result<Baseline, String> {
        Baseline::load_on(path, chrono::Utc::now().date_naive())
    }

    /// Whether an entry that has not expired has this key, or has it but for the agent, or
    /// the host and agent, and names none ([`Entry::covers`]); or, for a finding whose
    /// agent cannot be named ([`agent_unnamed`]: a loopback host, no card of its origin
    /// seen), has it but for the agent, whichever agent it names (open49).
    pub fn knows(&self, key: &Key) -> bool {
        wider(key).iter().any(|k| self.keys.contains(k))
            || (agent_unnamed(key) && self.named_any_agent.contains(key))
    }

    /// The state of each finding of `findings` (same order) against this baseline.
    pub fn states(&self, findings: &[Finding], index: &ExchangeIndex) -> Vec<BaselineState> {
        findings
            .iter()
            .map(|f| {
                if self.knows(&key_of(f, index)) {
                    BaselineState::Unchanged
                } else {
                    BaselineState::New
                }
            })
            .collect()
    }

    /// The entries (not expired) that match none of `findings`: the known findings not
    /// seen any more (fixed, or not exercised by this traffic), in file order.
    pub fn absent(&self, findings: &[Finding], index: &ExchangeIndex) -> Vec<Entry> {
        // a finding's key, and the same without its host (what an entry naming no host
        // stands for)
        let mut seen: HashSet<Key> = HashSet::new();
        // findings whose agent cannot be named: they stand for an entry of any agent
        let mut unnamed: HashSet<Key> = HashSet::new();
        for f in findings {
            let k = key_of(f, index);
            if agent_unnamed(&k) {
                unnamed.insert(k.clone());
            }
            seen.extend(wider(&k));
        }
        let seen_as = |e: &Entry| {
            let k = e.key();
            seen.contains(&k)
                || (!k.agent.is_empty()
                    && unnamed.contains(&Key {
                        agent: String::new(),
                        ..k
                    }))
        };
        self.entries
            .iter()
            .enumerate()
            .filter(|(i, e)| !self.expired.contains(i) && !seen_as(e))
            .map(|(_, e)| e.clone())
            .collect()
    }

    /// The expired entries, in file order.
    pub fn expired_entries(&self) -> Vec<Entry> {
        self.expired
            .iter()
            .map(|&i| self.entries[i].clone())
            .collect()
    }
}

/// `k`, and the keys of the entries that stand for it naming less ([`Entry::covers`]): `k`
/// without its agent (any agent on its host), without its host and agent (any host).
fn wider(k: &Key) -> Vec<Key> {
    let mut v = vec![k.clone()];
    if !k.agent.is_empty() {
        v.push(Key {
            agent: String::new(),
            ..k.clone()
        });
    }
    if !k.host.is_empty() {
        v.push(Key {
            host: String::new(),
            agent: String::new(),
            ..k.clone()
        });
    }
    v
}

/// Whether finding key `k` could have named its agent but did not: a loopback host (where
/// entries name the agent by its Agent Card, open48) and no agent, because no card of the
/// finding's origin was seen (the recording holds none; on the proxy's live lines, not yet
/// fetched when the finding came: a client that calls before it reads the card). Such a
/// finding's agent is unknown, not "no agent": an entry naming any agent on its host
/// knows it, as the report and the live line then agree (open49 item 3: the live line said
/// new where the report, which reads the card fetched later, said known).
pub fn agent_unnamed(k: &Key) -> bool {
    k.agent.is_empty() && !k.host.is_empty() && is_loopback_host(&k.host)
}

/// The [`Key`] of `f`, its location read from `index` (module docs).
pub fn key_of(f: &Finding, index: &ExchangeIndex) -> Key {
    let first = f.evidence.first();
    let x: Option<&ExchangeView> = first.and_then(|e| {
        e.exchange
            .as_deref()
            .and_then(|id| index.exchange(id))
            .or_else(|| index.exchange_of_seq(e.seq))
    });
    // a forward-mode recording's: each request names its agent (a reverse proxy's URL
    // names the proxy's own listener, the same for every agent behind it)
    let forward = x.filter(|_| index.shows_origins());
    let host = forward.map(|x| host_of(&x.url)).unwrap_or_default();
    Key {
        rule: f.rule.clone(),
        leg: f.leg.clone().unwrap_or_else(client_leg),
        agent: forward
            .filter(|_| is_loopback_host(&host))
            .and_then(ExchangeView::origin)
            .and_then(|o| index.card_name(&o))
            .map(str::to_string)
            .unwrap_or_default(),
        host,
        request: x.map(request_of).unwrap_or_default(),
        pointer: first
            .and_then(|e| e.pointer.as_deref())
            .map(normalise_pointer)
            .unwrap_or_default(),
    }
}

/// The agent's host a request URL names, for [`Key::host`]: the authority of an absolute
/// URL (`http://Agent-A.internal:9000/rpc` -> `agent-a.internal:9000`), lowercased, without
/// user info, without the scheme's default port (`:80`, `:443`), and without any port on a
/// loopback host (`http://127.0.0.2:41234/` -> `127.0.0.2`, `localhost`, `[::1]`): a test's
/// agent gets another port from the system each run, and its entries must still match.
/// Empty for an origin-form URL (`/rpc`). [`key_of`] asks it of forward-mode recordings
/// only.
pub fn host_of(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return String::new();
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    let authority = authority.to_ascii_lowercase();
    // host and port apart, an IPv6 literal in brackets
    let (host, port) = match authority.strip_prefix('[') {
        Some(v6) => match v6.split_once(']') {
            Some((h, p)) => (format!("[{h}]"), p.strip_prefix(':').unwrap_or("")),
            None => (authority.clone(), ""),
        },
        None => match authority.rsplit_once(':') {
            Some((h, p)) => (h.to_string(), p),
            None => (authority.clone(), ""),
        },
    };
    let default_port = matches!(
        (scheme.to_ascii_lowercase().as_str(), port),
        ("http", "80") | ("https", "443")
    );
    if port.is_empty() || default_port || is_loopback_host(&host) {
        host
    } else {
        format!("{host}:{port}")
    }
}

/// The origin an absolute request URL names, `scheme://authority` lowercased without user
/// info, as [`ExchangeView::origin`] gives it (the key of a forward-mode recording's card
/// names); `None` for an origin-form URL.
pub fn origin_of(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let authority = authority.rsplit('@').next().unwrap_or(authority);
    if scheme.is_empty() || authority.is_empty() {
        return None;
    }
    Some(format!("{scheme}://{authority}").to_ascii_lowercase())
}

/// `localhost` (and `*.localhost`, RFC 6761 §6.3), `127.0.0.0/8`, `[::1]`.
pub fn is_loopback_host(host: &str) -> bool {
    if host == "localhost" || host.ends_with(".localhost") {
        return true;
    }
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<std::net::IpAddr>()
        .is_ok_and(|ip| ip.is_loopback())
}

/// [`request_of`] of a request known by its parts (the proxy's live lines, no index).
pub fn request_of_parts(method: &str, path: &str, a2a_method: Option<&str>) -> String {
    let mut path = path.split(['?', '#']).next().unwrap_or("").to_string();
    if let Some((_, rest)) = path.split_once("://") {
        path = match rest.find('/') {
            Some(i) => rest[i..].to_string(),
            None => "/".to_string(),
        };
    }
    let path = super::model::message_key(&path);
    match a2a_method {
        Some(m) => format!("{method} {path} {m}"),
        None => format!("{method} {path}"),
    }
}

/// `METHOD PATH A2A-METHOD` of an exchange: the path without its query (an absolute URL's
/// origin left out), the ids after `/tasks/` and `/pushNotificationConfigs/` read as `{id}`
/// ([`super::model::message_key`]), the A2A method when the index knows it.
pub fn request_of(x: &ExchangeView) -> String {
    request_of_parts(&x.method, &x.path, x.a2a_method.as_deref())
}

/// A JSON Pointer with every array index (a segment of digits only) read as `*`:
/// `/result/history/3/parts/0` → `/result/history/*/parts/*`. The same fault one history
/// entry later is the same known finding.
pub fn normalise_pointer(p: &str) -> String {
    p.split('/')
        .enumerate()
        .map(|(i, s)| {
            if i > 0 && !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
                "*"
            } else {
                s
            }
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// The entries of a baseline being written, gathered from one run or from several
/// recordings (`verify A.jsonl B.jsonl --write-baseline F`, open47): one per distinct
/// [`Key`], `name` and `severity` from the first finding of the key.
#[derive(Clone, Debug, Default)]
pub struct Collected {
    by_key: BTreeMap<Key, (String, Severity)>,
}

impl Collected {
    /// Adds the keys of `findings`, each located in `index` (the recording they are of).
    pub fn add(&mut self, findings: &[Finding], index: &ExchangeIndex) {
        for f in findings {
            self.by_key
                .entry(key_of(f, index))
                .or_insert_with(|| (f.name.clone(), f.severity));
        }
    }

    /// Distinct keys gathered (the entries the file will have).
    pub fn len(&self) -> usize {
        self.by_key.len()
    }

    /// Whether no finding was gathered.
    pub fn is_empty(&self) -> bool {
        self.by_key.is_empty()
    }

    /// The baseline file's text: the entries sorted by key (rule, leg, host, request,
    /// pointer), `reason` and `expires` carried over from `carry`'s entry of the same key
    /// (or one naming no host that stands for it, [`Entry::covers`]). Pretty JSON with a
    /// final line feed: the same findings give the same bytes, in whatever order the
    /// recordings were given.
    pub fn render(&self, carry: Option<&Baseline>) -> String {
        let entries: Vec<Entry> = self
            .by_key
            .iter()
            .map(|(k, (name, severity))| {
                // the entry of this key, else one that names no host and stands for it
                let old = carry.and_then(|b| {
                    b.entries
                        .iter()
                        .find(|e| e.key() == *k)
                        .or_else(|| b.entries.iter().find(|e| e.covers(k)))
                });
                Entry {
                    rule: k.rule.clone(),
                    leg: k.leg.clone(),
                    host: k.host.clone(),
                    agent: k.agent.clone(),
                    request: k.request.clone(),
                    pointer: k.pointer.clone(),
                    name: Some(name.clone()),
                    severity: Some(*severity),
                    reason: old.and_then(|e| e.reason.clone()),
                    expires: old.and_then(|e| e.expires.clone()),
                }
            })
            .collect();
        let form = FileForm {
            schema: BASELINE_SCHEMA.to_string(),
            about: Some(BASELINE_ABOUT.to_string()),
            findings: entries,
        };
        let mut s = serde_json::to_string_pretty(&form).unwrap_or_default();
        s.push('\n');
        s
    }

    /// Writes [`Collected::render`]'s text to `path` (through a temporary file beside it,
    /// then renamed). Returns the number of entries written.
    ///
    /// Errors: the file cannot be written.
    pub fn write(&self, path: &Path, carry: Option<&Baseline>) -> std::io::Result<usize> {
        super::write_to(path, self.render(carry).as_bytes())?;
        Ok(self.len())
    }
}

/// The baseline file's text for `findings` of one run ([`Collected::render`]).
pub fn render(findings: &[Finding], index: &ExchangeIndex, carry: Option<&Baseline>) -> String {
    let mut c = Collected::default();
    c.add(findings, index);
    c.render(carry)
}

/// Writes the baseline of `findings` of one run to `path` ([`Collected::write`]). Returns
/// the number of entries written.
///
/// Errors: the file cannot be written.
pub fn write(
    path: &Path,
    findings: &[Finding],
    index: &ExchangeIndex,
    carry: Option<&Baseline>,
) -> std::io::Result<usize> {
    let mut c = Collected::default();
    c.add(findings, index);
    c.write(path, carry)
}

/// What a baseline did to one report: the JSON report's `baseline` object.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BaselineSummary {
    /// The baseline file, as given.
    pub file: String,
    /// Entries in the file (expired ones included).
    pub entries: u64,
    /// Report findings (grouped, as `summary` counts them) not in the baseline.
    pub new: u64,
    /// Report findings in the baseline (known).
    pub unchanged: u64,
    /// Entries that matched no finding of this run: fixed (time to shrink the baseline), or
    /// not exercised by this traffic. SARIF lists them as `baselineState: absent`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<Entry>,
    /// Entries past their `expires` date: their findings counted as new.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub expired: Vec<Entry>,
    /// `RULE (severity)` of each new finding, for [`BaselineSummary::line`] (not in the JSON
    /// report, whose findings carry their `baselineState`).
    #[serde(skip)]
    pub new_named: Vec<String>,
    /// [`Baseline::rewritten`]: the entries this run's `--write-baseline` wrote over the
    /// file after it was read, for [`BaselineSummary::line`] (not in the JSON report).
    #[serde(skip)]
    pub rewritten: Option<u64>,
}

impl BaselineSummary {
    /// One line for the human formats and stderr: `baseline b.json (3 entries): 2 known
    /// findings, 1 new; 1 entry not seen any more (fixed? shrink the baseline):
    /// CARD-CACHE-001 (the agent's answer) GET /.well-known/agent-card.json` (the first three
    /// named, then `and N more`), and the expired entries counted. The file's entries are
    /// counted as `--write-baseline` counts them (one per request and place), the findings
    /// as the report groups them, so both are said (newcomer50 N13: "11 known findings" of
    /// a file written as "13 entries").
    pub fn line(&self) -> String {
        // rewritten by this run: the count as read, then the count written (newcomer58)
        let rewritten = self
            .rewritten
            .map(|n| {
                format!(
                    " as read; now {n} {}, written by --write-baseline",
                    super::model::plural(n as usize, "entry", "entries")
                )
            })
            .unwrap_or_default();
        let mut s = format!(
            "baseline {} ({} {}{rewritten}): {} known {}, {} new",
            self.file,
            self.entries,
            super::model::plural(self.entries as usize, "entry", "entries"),
            self.unchanged,
            super::model::plural(self.unchanged as usize, "finding", "findings"),
            self.new
        );
        if !self.new_named.is_empty() {
            let n = self.new_named.len();
            let more = if n > 5 {
                format!(" and {} more", n - 5)
            } else {
                String::new()
            };
            let named: Vec<&str> = self.new_named.iter().take(5).map(String::as_str).collect();
            s.push_str(&format!(" ({}{more})", named.join(", ")));
        }
        if !self.absent.is_empty() {
            let n = self.absent.len();
            let named: Vec<String> = self.absent.iter().take(3).map(Entry::label).collect();
            let more = if n > 3 {
                format!(" and {} more", n - 3)
            } else {
                String::new()
            };
            let shrink = if self.rewritten.is_some() {
                "left out of the file by this --write-baseline"
            } else {
                "shrink the baseline with --write-baseline"
            };
            s.push_str(&format!(
                "; {n} {} not seen any more (fixed, or not exercised by this traffic: {shrink}): {}{more}",
                super::model::plural(n, "entry", "entries"),
                named.join(", ")
            ));
        }
        if !self.expired.is_empty() {
            let n = self.expired.len();
            s.push_str(&format!(
                "; {n} {} past its expiry date, {} findings counted as new: {}",
                super::model::plural(n, "entry", "entries"),
                if n == 1 { "its" } else { "their" },
                self.expired
                    .iter()
                    .map(|e| format!(
                        "{} (expired {})",
                        e.label(),
                        e.expires.as_deref().unwrap_or("?")
                    ))
                    .collect::<Vec<_>>()
                    .join(", ")
            ));
        }
        s
    }
}

/// The findings of `findings` that count for `--fail-on`: all of them without a baseline,
/// else those not in it.
pub fn counted<'a>(
    findings: &'a [Finding],
    index: &ExchangeIndex,
    baseline: Option<&Baseline>,
) -> Vec<&'a Finding> {
    match baseline {
        None => findings.iter().collect(),
        Some(b) => findings
            .iter()
            .filter(|f| !b.knows(&key_of(f, index)))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pointers_read_array_indices_as_stars() {
        assert_eq!(
            normalise_pointer("/result/history/3/parts/10/kind"),
            "/result/history/*/parts/*/kind"
        );
        assert_eq!(normalise_pointer(""), "");
        assert_eq!(normalise_pointer("/a1/b"), "/a1/b");
    }

    /// open47: the host of an absolute-form request, its port dropped on loopback (a
    /// test agent's port changes every run) and the scheme's default port dropped; none for
    /// an origin-form request.
    #[test]
    fn a_request_names_its_agents_host_without_a_loopback_port() {
        assert_eq!(
            host_of("http://Agent-A.internal:9000/rpc"),
            "agent-a.internal:9000"
        );
        assert_eq!(
            host_of("http://agent-a.internal:80/rpc"),
            "agent-a.internal"
        );
        assert_eq!(host_of("https://agent-a.internal:443"), "agent-a.internal");
        assert_eq!(
            host_of("https://agent-a.internal:80/"),
            "agent-a.internal:80"
        );
        assert_eq!(host_of("http://127.0.0.2:41234/x?y=1"), "127.0.0.2");
        assert_eq!(host_of("http://localhost:5000/"), "localhost");
        assert_eq!(host_of("http://[::1]:5000/"), "[::1]");
        assert_eq!(host_of("http://[2001:db8::1]:5000/"), "[2001:db8::1]:5000");
        assert_eq!(host_of("http://user:pw@10.0.0.5:8080/"), "10.0.0.5:8080");
        assert_eq!(host_of("/rpc"), "");
    }

    /// An entry without `host` (session 46) knows a finding on any host; one with a host
    /// knows that host's only.
    #[test]
    fn an_entry_without_host_matches_every_host() {
        let dir = std::env::temp_dir().join(format!("bl47-host-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("b.json");
        std::fs::write(
            &p,
            r#"{"schema":"a2a-interop/baseline/v1","findings":[
                {"rule":"A-1","request":"GET /x"},{"rule":"B-1","host":"a.test","request":"GET /x"}]}"#,
        )
        .unwrap();
        let b = Baseline::load(&p).unwrap();
        let key = |r: &str, h: &str| Key {
            rule: r.into(),
            leg: CLIENT_LEG.into(),
            host: h.into(),
            agent: String::new(),
            request: "GET /x".into(),
            pointer: String::new(),
        };
        assert!(b.knows(&key("A-1", "")));
        assert!(b.knows(&key("A-1", "a.test")));
        assert!(b.knows(&key("A-1", "b.test")));
        assert!(b.knows(&key("B-1", "a.test")));
        assert!(!b.knows(&key("B-1", "b.test")));
        assert!(!b.knows(&key("B-1", "")));
        assert!(b.entries[0].covers(&key("A-1", "b.test")));
        assert_eq!(
            b.entries[1].label(),
            "B-1 (the agent's answer) on a.test GET /x"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// open48 item 2: an entry naming a loopback agent by its card name knows that agent's
    /// finding alone; a session-47 entry (host, no agent) knows every agent on its host.
    #[test]
    fn an_entry_naming_its_agent_knows_no_other_agent_on_its_host() {
        let dir = std::env::temp_dir().join(format!("bl48-agent-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("b.json");
        std::fs::write(
            &p,
            r#"{"schema":"a2a-interop/baseline/v1","findings":[
                {"rule":"A-1","host":"127.0.0.1","agent":"Agent A","request":"GET /x"},
                {"rule":"B-1","host":"127.0.0.1","request":"GET /x"}]}"#,
        )
        .unwrap();
        let b = Baseline::load(&p).unwrap();
        let key = |r: &str, agent: &str| Key {
            rule: r.into(),
            leg: CLIENT_LEG.into(),
            host: "127.0.0.1".into(),
            agent: agent.into(),
            request: "GET /x".into(),
            pointer: String::new(),
        };
        assert!(b.knows(&key("A-1", "Agent A")));
        assert!(!b.knows(&key("A-1", "Agent B")));
        // open49 item 3: no card seen for the finding's origin: its agent is unknown, not
        // another one (the live line before the card came, a recording without it)
        assert!(
            b.knows(&key("A-1", "")),
            "agent unknown: any agent's entry knows it"
        );
        assert!(!b.knows(&Key {
            host: "a.test".into(),
            ..key("A-1", "")
        }));
        assert!(b.knows(&key("B-1", "Agent A")));
        assert!(b.knows(&key("B-1", "Agent B")));
        assert!(b.knows(&key("B-1", "")));
        assert!(!b.entries[0].covers(&key("A-1", "Agent B")));
        assert!(b.entries[1].covers(&key("B-1", "Agent B")));
        assert_eq!(
            b.entries[0].label(),
            "A-1 (the agent's answer) on 127.0.0.1 (Agent A) GET /x"
        );
        // absent: agent B's finding leaves agent A's entry unseen, not the host-wide one
        let mut c = Collected::default();
        c.by_key
            .insert(key("B-1", "Agent B"), ("b".into(), Severity::Note));
        let text = c.render(Some(&b));
        assert!(text.contains("\"agent\": \"Agent B\""), "{text}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_misspelt_field_and_a_bad_date_are_errors_naming_them() {
        let dir = std::env::temp_dir().join(format!("bl46-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("b.json");
        std::fs::write(
            &p,
            r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"X-1","expire":"2020-01-01"}]}"#,
        )
        .unwrap();
        let e = Baseline::load(&p).unwrap_err();
        assert!(e.contains("unknown field `expire`"), "{e}");
        std::fs::write(
            &p,
            r#"{"schema":"a2a-interop/baseline/v1","findings":[{"rule":"X-1","expires":"soon"}]}"#,
        )
        .unwrap();
        let e = Baseline::load(&p).unwrap_err();
        assert!(e.contains("\"soon\", not a date YYYY-MM-DD"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_entry_past_its_date_knows_nothing() {
        let dir = std::env::temp_dir().join(format!("bl46-exp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("b.json");
        std::fs::write(
            &p,
            r#"{"schema":"a2a-interop/baseline/v1","findings":[
                {"rule":"A-1","expires":"2026-12-05"},{"rule":"B-1","expires":"2026-12-06"}]}"#,
        )
        .unwrap();
        let day = chrono::NaiveDate::from_ymd_opt(2026, 12, 6).unwrap();
        let b = Baseline::load_on(&p, day).unwrap();
        let key = |r: &str| Key {
            rule: r.into(),
            leg: CLIENT_LEG.into(),
            host: String::new(),
            agent: String::new(),
            request: String::new(),
            pointer: String::new(),
        };
        assert!(!b.knows(&key("A-1")), "expired the day before");
        assert!(b.knows(&key("B-1")), "counts through its last day");
        assert_eq!(b.expired, vec![0]);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
