/*!
Command `repro FILE --finding RULE[@SEQ] -o MIN.jsonl [--anonymize]`: cut the smallest
transcript (`docs/transcript-format.md`) that still produces one finding, with secrets redacted, and a
curl script that replays its client requests. A finding that needs the recording header
(listen address, routes: what a transcript cannot carry) is cut as a native recording
instead, said on stderr.

```text
events ─► verify ─► pick the finding ─► minimize exchanges (re-verify each cut) ─► redact
       ─► [anonymize hosts] ─► re-verify ─► write MIN.jsonl + MIN.sh ─► read back, verify
```

- Minimizing keeps the original `seq`s while cutting, so "the same finding" means the same
  rule with the same first evidence `seq`. It first tries only the exchanges the evidence
  names; then drops chunks of exchanges (halves, quarters, ... single ones) while the
  finding stays. Events outside exchanges are dropped.
- Redaction (always): header values of `Authorization`, `Proxy-Authorization`, `Cookie`,
  `Set-Cookie` and any header whose name contains `token`, `secret`, `api-key`, `apikey` or
  `api_key`; JSON values of keys `token`, `accessToken`, `refreshToken`, `apiKey`,
  `password`, `secret`, `credentials`, `clientSecret` in request and response bodies and
  in SSE `data:` lines; URL query parameters with such names or names the recorder
  redacts, and userinfo passwords, in request URLs and in `url` members of bodies (a push
  config's webhook URL stays equal to the URL of the request sent to it); before that,
  everything the recorder redacts (`record::redact`: header names an Agent Card's apiKey
  scheme gives, form bodies, compressed push configs). Values become placeholders, as in
  recordings: `[REDACTED:1a2b3c4d5e6f]`, tagged with a key drawn for this run
  (`record::redact::Tagger`), so equal secrets stay equal in the cut (a push delivery's
  token against its config's, PUSH-AUTH-002) and nothing else about them shows; an
  `Authorization` credential that names a principal (a JWT's `sub`, a Basic user) also
  keeps a tag of the principal (`[REDACTED:<12 hex><12 hex>]`), so a task served to
  another principal (AUTH-SCOPE-003) survives the cut. Placeholders already in the input (a redacted recording's, tagged or the old untagged
  `[REDACTED]`) are kept as they are: a cut never un-redacts nor re-tags.
- `--anonymize`: every host name other than loopback (`localhost`, `127.0.0.0/8`, `::1`)
  becomes `host-N.example.test` in URLs, headers and bodies. When that loses the finding
  (a rule about the host itself), the cut is written without anonymizing and says so.

Exit status: 0 written and re-verified (or re-verification unavailable, said on stderr);
2 no such finding, unreadable input, unwritable output, or a cut that no longer shows it.
*/

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use serde_json::{json, Value};

use super::sh_quote;
use crate::app::verify_cmd::Input;
use crate::cli::ReproArgs;
use crate::record::{source, Body, Event, EventKind, Headers, Outcome, RecordingHeader};
use crate::verify::{rules, Finding, Severity, Verifier};

/// The untagged placeholder of old recordings (`[REDACTED]`), kept as it is in a cut.
pub const REDACTED: &str = crate::record::redact::REDACTED;

#[cfg(test)]
use crate::record::redact::placeholder_tag;
use crate::record::redact::{is_placeholder, Tagger};

/// Header names whose values are always secrets (compared case-insensitively).
const SECRET_HEADERS: &[&str] = &[
    "authorization",
    "proxy-authorization",
    "cookie",
    "set-cookie",
];
/// Header-name fragments that mark a secret.
const SECRET_HEADER_PARTS: &[&str] = &["token", "secret", "api-key", "apikey", "api_key"];
/// JSON keys (and query parameters) whose values are secrets (case-insensitive).
const SECRET_KEYS: &[&str] = &[
    "token",
    "accesstoken",
    "refreshtoken",
    "apikey",
    "api_key",
    "password",
    "secret",
    "credentials",
    "clientsecret",
];

fn fail(cause: impl std::fmt::Display, hint: &str) -> ExitCode {
    crate::errln!(
        "a2a-interop: {}; hint: {hint}",
        cause.to_string().replace(['\n', '\r'], " ")
    );
    ExitCode::from(2)
}

/// The first of the most severe findings (an error before a warning before a note), the
/// one to suggest cutting; `None` without findings.
fn most_severe(findings: &[Finding]) -> Option<&Finding> {
    findings
        .iter()
        .fold(None, |best: Option<&Finding>, f| match best {
            Some(b) if b.severity >= f.severity => Some(b),
            _ => Some(f),
        })
}

/// Verifies `events` from scratch.
fn verify_all(header: &RecordingHeader, events: &[Event]) -> Vec<Finding> {
    let mut v = Verifier::new(header);
    for e in events {
        v.feed(e);
    }
    v.finish().findings
}

/// Parses `RULE` or `RULE@SEQ`; the rule may be an ID or alias.
pub fn parse_key(key: &str) -> (String, Option<u64>) {
    match key.rsplit_once('@') {
        Some((r, s)) => match s.trim_start_matches('#').parse() {
            Ok(n) => (r.to_string(), Some(n)),
            Err(_) => (key.to_string(), None),
        },
        None => (key.to_string(), None),
    }
}

/// Parses `RULE@log.entries[N]` (or `RULE@entries[N]`): a HAR file's 0-based entry, as
/// `verify` cites a HAR file's findings (`live.har log.entries[1] (GET ...)`), so the
/// place shown is the place given (ux38: a HAR's places were `#seq` numbers that no output
/// of `verify` showed). `None` for any other key.
pub fn parse_har_key(key: &str) -> Option<(String, usize)> {
    let (rule, place) = key.rsplit_once('@')?;
    let place = place.strip_prefix("log.").unwrap_or(place);
    let n = place
        .strip_prefix("entries[")?
        .strip_suffix(']')?
        .parse()
        .ok()?;
    Some((rule.to_string(), n))
}

/// True when finding `f` is the one `rule`/`seq` names. `rule` matches the ID, the alias,
/// or an alias in the registry that maps to the finding's ID.
pub fn matches(f: &Finding, rule: &str, seq: Option<u64>) -> bool {
    let by_rule = f.rule.eq_ignore_ascii_case(rule)
        || f.name.eq_ignore_ascii_case(rule)
        || rules::lookup(rule).is_some_and(|r| r.id == f.rule);
    by_rule && seq.is_none_or(|s| f.evidence.iter().any(|e| e.seq == s))
}

/// Exchange ids in order of first event.
fn exchange_order(events: &[Event]) -> Vec<String> {
    let mut seen = BTreeSet::new();
    let mut order = Vec::new();
    for e in events {
        if let Some(x) = &e.exchange {
            if seen.insert(x.clone()) {
                order.push(x.to_string());
            }
        }
    }
    order
}

fn subset(events: &[Event], keep: &[String]) -> Vec<Event> {
    let keep: BTreeSet<&str> = keep.iter().map(|s| s.as_str()).collect();
    events
        .iter()
        .filter(|e| e.exchange.as_deref().is_some_and(|x| keep.contains(x)))
        .cloned()
        .collect()
}

/// One piece of agent state a cut's requests lean on but the cut does not make: a task id
/// the cut's requests name (`taskId`, `referenceTaskIds`, a task call's `id`/`name`, a
/// `/tasks/{id}` path) that an answer outside the cut handed out first (a Task's `id`, a
/// `taskId`; ID-004). Replayed against a live agent, such a request names a task that agent
/// never made, so it shows TaskNotFound or a terminal task instead of the finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StateDependency {
    /// The task id, as recorded.
    pub task_id: String,
    /// The exchange outside the cut whose answer handed it out first (`e3`).
    pub exchange: String,
    /// That exchange's request line (`POST /`, method and path).
    pub request: String,
}

/// The [`StateDependency`]s of the cut `keep` (exchange ids) of `events`, in the order the
/// task ids were handed out; empty when the cut makes every task it names.
pub fn state_dependencies(events: &[Event], keep: &[String]) -> Vec<StateDependency> {
    let keep: BTreeSet<&str> = keep.iter().map(String::as_str).collect();
    let mut order: Vec<&str> = Vec::new();
    let mut line: BTreeMap<&str, String> = BTreeMap::new();
    let mut req: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    let mut resp: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    let mut urls: BTreeMap<&str, &str> = BTreeMap::new();
    for e in events {
        let Some(x) = e.exchange.as_deref() else {
            continue;
        };
        match &e.kind {
            EventKind::RequestHead { method, url, .. } if !line.contains_key(x) => {
                order.push(x);
                let path = url
                    .find("://")
                    .and_then(|i| url[i + 3..].find('/').map(|j| &url[i + 3 + j..]))
                    .unwrap_or(url);
                line.insert(x, format!("{method} {path}"));
                urls.insert(x, url);
            }
            EventKind::RequestBody { body } => {
                req.entry(x).or_default().extend_from_slice(&body.data)
            }
            EventKind::ResponseChunk { body } => {
                resp.entry(x).or_default().extend_from_slice(&body.data)
            }
            _ => {}
        }
    }
    // task ids each answer hands out, first hand-out wins
    let mut handed: BTreeMap<String, &str> = BTreeMap::new();
    let mut handed_order: Vec<String> = Vec::new();
    for x in &order {
        let mut ids = Vec::new();
        for v in json_values(resp.get(x).map(Vec::as_slice).unwrap_or_default()) {
            handed_ids(&v, &mut ids);
        }
        for id in ids {
            if !handed.contains_key(&id) {
                handed.insert(id.clone(), x);
                handed_order.push(id);
            }
        }
    }
    let made_in_cut: BTreeSet<&str> = handed
        .iter()
        .filter(|(_, x)| keep.contains(**x))
        .map(|(id, _)| id.as_str())
        .collect();
    let mut named: BTreeSet<String> = BTreeSet::new();
    for x in order.iter().filter(|x| keep.contains(**x)) {
        for v in json_values(req.get(x).map(Vec::as_slice).unwrap_or_default()) {
            named_ids(&v, false, &mut named);
        }
        if let Some(u) = urls.get(x) {
            let path = u.split(['?', '#']).next().unwrap_or(u);
            if let Some(i) = path.find("/tasks/") {
                let id = path[i + 7..].split(['/', ':']).next().unwrap_or_default();
                if !id.is_empty() {
                    named.insert(id.to_string());
                }
            }
        }
    }
    handed_order
        .into_iter()
        .filter(|id| named.contains(id) && !made_in_cut.contains(id.as_str()))
        .filter_map(|id| {
            let x = *handed.get(&id)?;
            Some(StateDependency {
                request: line.get(x).cloned().unwrap_or_default(),
                exchange: x.to_string(),
                task_id: id,
            })
        })
        .collect()
}

/// The JSON values of a body: the whole body, or each SSE `data:` line of a stream.
fn json_values(body: &[u8]) -> Vec<Value> {
    let text = String::from_utf8_lossy(body);
    if let Ok(v) = serde_json::from_str::<Value>(&text) {
        return vec![v];
    }
    text.lines()
        .filter_map(|l| l.strip_prefix("data:"))
        .filter_map(|d| serde_json::from_str::<Value>(d.trim_start()).ok())
        .collect()
}

/// Task ids an answer hands out: the `id` of an object with a `status` (a Task, every
/// generation) and every `taskId` string.
fn handed_ids(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            if o.contains_key("status") {
                if let Some(id) = o.get("id").and_then(Value::as_str) {
                    out.push(id.to_string());
                }
            }
            if let Some(id) = o.get("taskId").and_then(Value::as_str) {
                out.push(id.to_string());
            }
            o.values().for_each(|v| handed_ids(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| handed_ids(v, out)),
        _ => {}
    }
}

/// Task ids a request names: `taskId`, `referenceTaskIds`, and in a task call's params
/// (`tasks/*`, `GetTask`, `CancelTask`, `SubscribeToTask`, push config calls) `id`, or
/// `name` as `tasks/{id}`. `in_task_params`: `v` is such a call's params.
fn named_ids(v: &Value, in_task_params: bool, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(o) => {
            let task_call = o
                .get("method")
                .and_then(Value::as_str)
                .is_some_and(|m| m.to_ascii_lowercase().contains("task"));
            if let Some(id) = o.get("taskId").and_then(Value::as_str) {
                out.insert(id.to_string());
            }
            if let Some(ids) = o.get("referenceTaskIds").and_then(Value::as_array) {
                out.extend(ids.iter().filter_map(Value::as_str).map(str::to_string));
            }
            if in_task_params {
                if let Some(id) = o.get("id").and_then(Value::as_str) {
                    out.insert(id.to_string());
                }
                if let Some(n) = o.get("name").and_then(Value::as_str) {
                    if let Some(id) = n.strip_prefix("tasks/") {
                        out.insert(id.split('/').next().unwrap_or(id).to_string());
                    }
                }
            }
            for (k, v) in o {
                named_ids(v, task_call && k == "params", out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| named_ids(v, false, out)),
        _ => {}
    }
}

/// The comment lines a curl script gets for `deps` (none when empty): which earlier
/// exchanges made the tasks the replayed requests name, and what to do about it.
fn dependency_lines(deps: &[StateDependency], source: &str) -> Vec<String> {
    if deps.is_empty() {
        return Vec::new();
    }
    let mut out = vec![
        "# NOTE: these requests name tasks that exchanges outside the cut made; a live agent"
            .to_string(),
        "# never made them, so replayed alone they get TaskNotFound (or a terminal task), not"
            .to_string(),
        "# the finding. First make such a task (replay the request below from the full".to_string(),
        "# recording), then put the task id the agent answers in place of the recorded one:"
            .to_string(),
    ];
    for d in deps {
        out.push(format!(
            "#   task {} was made by {} ({}) of {source}",
            d.task_id, d.exchange, d.request
        ));
    }
    out
}

/// Smallest set of exchanges (by greedy chunk removal) for which `still(subset)` holds,
/// trying `first` (the exchanges the evidence names) before everything. Returns the kept
/// exchange ids in recording order, or `None` when even all exchanges do not satisfy
/// `still` (the finding needs events outside exchanges).
pub fn minimize(
    events: &[Event],
    first: &[String],
    mut still: impl FnMut(&[Event]) -> bool,
) -> Option<Vec<String>> {
    let all = exchange_order(events);
    let first: Vec<String> = all.iter().filter(|x| first.contains(x)).cloned().collect();
    let mut keep = if !first.is_empty() && still(&subset(events, &first)) {
        first
    } else if still(&subset(events, &all)) {
        all
    } else {
        return None;
    };
    let mut chunk = keep.len().div_ceil(2).max(1);
    loop {
        let mut i = 0;
        while i < keep.len() && keep.len() > 1 {
            let end = (i + chunk).min(keep.len());
            let trial: Vec<String> = keep[..i].iter().chain(&keep[end..]).cloned().collect();
            if !trial.is_empty() && still(&subset(events, &trial)) {
                keep = trial;
            } else {
                i = end;
            }
        }
        if chunk == 1 {
            break;
        }
        chunk = chunk.div_ceil(2);
    }
    Some(keep)
}

fn is_secret_key(k: &str) -> bool {
    let k = k.to_ascii_lowercase();
    SECRET_KEYS.contains(&k.as_str())
}

fn is_secret_header(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    SECRET_HEADERS.contains(&n.as_str()) || SECRET_HEADER_PARTS.iter().any(|p| n.contains(p))
}

/// Replaces the values of secret keys ([`SECRET_KEYS`]) in `v` by their placeholders (a
/// string's tag is of the string without surrounding whitespace, another value's of its JSON
/// text), and secret query parameters of `url` members; placeholders are kept. True when
/// something changed.
fn redact_json(v: &mut Value, tagger: &Tagger) -> bool {
    let mut changed = false;
    match v {
        Value::Object(m) => {
            for (k, val) in m.iter_mut() {
                if is_secret_key(k) && !val.is_null() && !val.as_str().is_some_and(is_placeholder) {
                    let red = match val.as_str() {
                        Some(s) => tagger.placeholder(s.trim().as_bytes()),
                        None => tagger.placeholder(val.to_string().as_bytes()),
                    };
                    *val = Value::from(red);
                    changed = true;
                } else if let (true, Value::String(s)) = (k.eq_ignore_ascii_case("url"), &mut *val)
                {
                    // a webhook URL (push config) redacted as the request to it is
                    let red = redact_url(s, tagger);
                    if red != *s {
                        *s = red;
                        changed = true;
                    }
                } else {
                    changed |= redact_json(val, tagger);
                }
            }
        }
        Value::Array(a) => {
            for x in a {
                changed |= redact_json(x, tagger);
            }
        }
        _ => {}
    }
    changed
}

/// Redacts secrets in a body: whole-JSON bodies, and `data:` lines of SSE text (line
/// endings kept), secrets tagged by `tagger`. Non-JSON text is returned unchanged.
pub fn redact_body(text: &str, tagger: &Tagger) -> String {
    if let Ok(mut v) = serde_json::from_str::<Value>(text) {
        if redact_json(&mut v, tagger) {
            return v.to_string();
        }
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        let (line, tail) = rest.split_at(end);
        let eol_len = if tail.starts_with("\r\n") {
            2
        } else {
            tail.len().min(1)
        };
        let (eol, next) = tail.split_at(eol_len);
        match line.strip_prefix("data:") {
            Some(data) => {
                let lead = if data.starts_with(' ') { " " } else { "" };
                let mut parsed = serde_json::from_str::<Value>(data.trim_start()).ok();
                let changed = parsed.as_mut().is_some_and(|v| redact_json(v, tagger));
                match parsed {
                    Some(v) if changed => {
                        let _ = write!(out, "data:{lead}{v}");
                    }
                    _ => out.push_str(line),
                }
            }
            None => out.push_str(line),
        }
        out.push_str(eol);
        rest = next;
    }
    out
}

/// True for a query parameter name that marks a secret: [`SECRET_KEYS`] or a name the
/// recorder redacts ([`crate::record::redact::is_secret_query_name`]: `sig`, `code`, ...).
fn is_secret_param(k: &str) -> bool {
    is_secret_key(k) || crate::record::redact::is_secret_query_name(k)
}

/// `url` with its userinfo credential and the values of secret query parameters
/// ([`is_secret_param`]) replaced by their placeholders (tagged by `tagger`); unchanged (not
/// re-encoded) when nothing in it is secret. The same function for request URLs and for URLs
/// inside bodies (a push config's webhook `url`), so the two still match after redaction.
fn redact_url(url: &str, tagger: &Tagger) -> String {
    crate::record::redact::redact_url_with(url, is_secret_param, tagger).into_owned()
}

/// `h` with the values of secret headers ([`is_secret_header`]) replaced by their
/// placeholders (the tag of the value without surrounding whitespace); a value that holds a
/// placeholder already (`Bearer [REDACTED:…]`, the recorder's) stays as it is.
fn redact_headers(h: &Headers, tagger: &Tagger) -> Headers {
    let mut h = h.clone();
    h.replace_values(|k, v| {
        (is_secret_header(k) && !v.contains("[REDACTED"))
            .then(|| tagger.placeholder(v.trim().as_bytes()))
    });
    h
}

fn map_body(body: &Body, f: &dyn Fn(&str) -> String) -> Body {
    match body.as_str() {
        Some(t) => Body {
            data: f(t).into_bytes().into(),
            truncated: body.truncated,
        },
        None => body.clone(),
    }
}

/// Applies `text` to every URL, header value and body of `events`, and `headers` to every
/// header list.
fn map_events(
    events: &[Event],
    text: &dyn Fn(&str) -> String,
    url: &dyn Fn(&str) -> String,
    headers: &dyn Fn(&Headers) -> Headers,
) -> Vec<Event> {
    events
        .iter()
        .map(|e| {
            let mut e = e.clone();
            e.kind = match e.kind {
                EventKind::RequestHead {
                    conn,
                    method,
                    url: u,
                    version,
                    headers: h,
                    upstream,
                } => EventKind::RequestHead {
                    conn,
                    method,
                    url: url(&u),
                    version,
                    headers: headers(&h),
                    upstream: upstream.map(|x| url(&x)),
                },
                EventKind::ResponseHead {
                    status,
                    version,
                    headers: h,
                    synthetic,
                    reason,
                } => EventKind::ResponseHead {
                    status,
                    version,
                    headers: headers(&h),
                    synthetic,
                    reason,
                },
                EventKind::RequestBody { body } => EventKind::RequestBody {
                    body: map_body(&body, text),
                },
                EventKind::ResponseChunk { body } => EventKind::ResponseChunk {
                    body: map_body(&body, text),
                },
                EventKind::CardRewrite { body, pointers } => EventKind::CardRewrite {
                    body: map_body(&body, text),
                    pointers,
                },
                other => other,
            };
            e
        })
        .collect()
}

/// Redacts secrets (module docs): first everything the recorder redacts
/// ([`crate::record::redact::Redactor`]: header names an Agent Card's apiKey scheme gives,
/// form bodies, push configs, compressed bodies), so a cut of an unredacted input (a
/// transcript, a `--no-redact` recording) hides no less than a recording would; then the
/// wider list above. Bodies split across chunks are redacted per chunk. One key for both
/// passes, drawn for this call: a secret has one tag in the cut wherever it stands.
pub fn redact(events: &[Event]) -> Vec<Event> {
    let tagger = Tagger::random();
    let mut recorder = crate::record::redact::Redactor::with_tagger(true, tagger.clone());
    let mut first = Vec::with_capacity(events.len());
    for e in events {
        recorder.process_into(e.clone(), &mut first);
    }
    first.extend(recorder.release_all());
    // Back in the input's line order, which the verifier reads, not in seq order: a
    // recording whose seqs do not rise line by line (edited, joined) had its events moved,
    // its exchange broken, and the finding "disappears once secrets are redacted", a false
    // cause (newcomer51 N3). A seq given twice keeps its first line's place.
    let mut line_of: BTreeMap<u64, usize> = BTreeMap::new();
    for (i, e) in events.iter().enumerate() {
        line_of.entry(e.seq).or_insert(i);
    }
    first.sort_by_key(|e| line_of.get(&e.seq).copied().unwrap_or(usize::MAX));
    map_events(
        &first,
        &|t| redact_body(t, &tagger),
        &|u| redact_url(u, &tagger),
        &|h| redact_headers(h, &tagger),
    )
}

/// The hint for an output `path` of `flag` (`-o`, `--curl`) that could not be written with
/// `cause`: a full disk, a directory (`--curl out/`: a file path in it, newcomer44), else
/// to check the path.
fn output_hint(path: &std::path::Path, flag: &str, cause: &str) -> String {
    if let Some(h) = super::full_disk_hint(cause, flag) {
        return h;
    }
    let name = if flag == "--curl" {
        "min.sh"
    } else {
        "min.jsonl"
    };
    match super::dir_output_hint(path, name) {
        Some(h) => format!(
            "{flag} names a directory; {}",
            h.replace("e.g. -o ", &format!("e.g. {flag} "))
        ),
        None => format!("check the {flag} path is a writable file"),
    }
}

fn is_loopback(host: &str) -> bool {
    let h = host.trim_start_matches('[').trim_end_matches(']');
    h.eq_ignore_ascii_case("localhost")
        || h.parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Header fields whose values name hosts or addresses of the deployment: forwarding
/// (RFC 7239 `Forwarded`, the `X-Forwarded-*` family, `X-Real-IP`, `Via`), and URLs
/// (`Origin`, `Referer`, `Location`, `Content-Location`).
const HOST_HEADERS: &[&str] = &[
    "host",
    "forwarded",
    "x-forwarded-for",
    "x-forwarded-host",
    "x-real-ip",
    "x-original-host",
    "via",
    "origin",
    "referer",
    "location",
    "content-location",
];

/// Adds to `hosts` every non-loopback host of `text`: the host of an absolute URL, an IP
/// address, or a `host[:port]` token of a forwarding header value.
fn collect_hosts(text: &str, hosts: &mut BTreeSet<String>) {
    let mut add = |h: &str| {
        let h = h.trim_matches(|c: char| c == '[' || c == ']');
        if !h.is_empty() && !is_loopback(h) {
            hosts.insert(h.to_string());
        }
    };
    // Absolute URLs anywhere (bodies: a card's `url`s, a push config's webhook).
    let mut rest = text;
    while let Some(i) = rest.find("://") {
        let after = &rest[i + 3..];
        // A JSON body may spell an IDN label with `\uXXXX` escapes: part of the host.
        let mut end = 0;
        while let Some(c) = after[end..].chars().next() {
            if c == '\\' && is_u_escape(&after[end..]) {
                end += 6;
                continue;
            }
            if matches!(
                c,
                '/' | '?' | '#' | '"' | '\\' | '\'' | '<' | '>' | ',' | ';'
            ) || c.is_whitespace()
            {
                break;
            }
            end += c.len_utf8();
        }
        let authority = &after[..end];
        let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
        let unescaped = unescape_u(hostport);
        if let Some(h) = url::Url::parse(&format!("http://{unescaped}/"))
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
        {
            add(&h);
            // As written too: `AGENT.Corp.Example.COM`, `agent.例え.jp` (the parser gives
            // the lowercase / punycode form, which the text may not hold).
            if let Some(w) = written_host(hostport) {
                if !is_loopback(&h) {
                    add(w);
                }
            }
        }
        rest = &after[end..];
    }
    // Bare addresses and `host[:port]` tokens (`X-Forwarded-For: 10.1.2.3, 2001:db8::7`,
    // `Forwarded: for=10.1.2.3;host=gw.internal`, `Via: 1.1 gw.internal`).
    for tok in text.split([',', ';', ' ', '=', '"']) {
        let tok = tok.trim();
        if tok.is_empty() || tok.contains("://") {
            continue;
        }
        if let Ok(ip) = tok
            .trim_matches(|c: char| c == '[' || c == ']')
            .parse::<std::net::IpAddr>()
        {
            add(&ip.to_string());
            continue;
        }
        let Some(h) = url::Url::parse(&format!("http://{tok}/"))
            .ok()
            .and_then(|u| u.host_str().map(str::to_string))
        else {
            continue;
        };
        // As written (the URL parser reads `1.1`, `Via`'s version, as 1.0.0.1), and a name
        // needs a dot and a letter.
        let as_written = written_host(tok).unwrap_or(tok);
        let written = tok.starts_with(h.as_str())
            || (normal_host(as_written).as_deref() == Some(h.as_str())
                && as_written.chars().any(char::is_alphabetic));
        let ip = h.parse::<std::net::IpAddr>().is_ok();
        let name = h.contains('.') && h.chars().any(|c| c.is_ascii_alphabetic());
        if written && (ip || name) {
            add(&h);
            if as_written != h {
                add(as_written);
            }
        }
    }
}

/// True when `s` starts with a JSON `\uXXXX` escape.
fn is_u_escape(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() >= 6 && b[0] == b'\\' && b[1] == b'u' && b[2..6].iter().all(u8::is_ascii_hexdigit)
}

/// `s` with its JSON `\uXXXX` escapes (surrogate pairs too) decoded; others kept.
fn unescape_u(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.contains("\\u") {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut units: Vec<u16> = Vec::new();
    let mut out = String::new();
    let mut rest = s;
    let flush = |units: &mut Vec<u16>, out: &mut String| {
        out.push_str(&String::from_utf16_lossy(units));
        units.clear();
    };
    while let Some(c) = rest.chars().next() {
        if is_u_escape(rest) {
            if let Ok(u) = u16::from_str_radix(&rest[2..6], 16) {
                units.push(u);
            }
            rest = &rest[6..];
            continue;
        }
        flush(&mut units, &mut out);
        out.push(c);
        rest = &rest[c.len_utf8()..];
    }
    flush(&mut units, &mut out);
    std::borrow::Cow::Owned(out)
}

/// The host of `host[:port]` (userinfo dropped) as written: its case and Unicode labels
/// kept, an IPv6 literal without its brackets.
fn written_host(hostport: &str) -> Option<&str> {
    let hp = hostport.rsplit_once('@').map_or(hostport, |(_, h)| h);
    let h = if let Some(v6) = hp.strip_prefix('[') {
        v6.split(']').next()?
    } else {
        match hp.rsplit_once(':') {
            Some((h, port)) if port.bytes().all(|b| b.is_ascii_digit()) => h,
            _ => hp,
        }
    };
    (!h.is_empty()).then_some(h)
}

/// The host as URL parsers compare it (RFC 3986 §3.2.2: case-insensitive; IDNA labels in
/// punycode), `None` when it is no host.
fn normal_host(h: &str) -> Option<String> {
    let h = unescape_u(h);
    url::Url::parse(&format!("http://{h}/"))
        .ok()
        .and_then(|u| u.host_str().map(|s| s.trim_matches(['[', ']']).to_string()))
}

/// `text` with every `from` that stands alone (not inside a longer name or number:
/// `10.0.0.1` is not replaced inside `10.0.0.12`) replaced by `to`, matched without regard
/// to ASCII case (host names are case-insensitive, RFC 3986 §3.2.2).
fn replace_host(text: &str, from: &str, to: &str) -> String {
    // Unicode letters belong to a name too (`agent.例え.jp` is one host).
    let part = |c: char| c.is_alphanumeric() || c == '-' || c == '_';
    let lower = text.to_ascii_lowercase();
    let from_l = from.to_ascii_lowercase();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    let mut rest_l = lower.as_str();
    while let Some(i) = rest_l.find(from_l.as_str()) {
        rest_l = &rest_l[i + from.len()..];
        let before = rest[..i].chars().next_back();
        let after_s = &rest[i + from.len()..];
        let after = after_s.chars().next();
        let next_is_more = after.is_some_and(part)
            || (after == Some('.') && after_s[1..].chars().next().is_some_and(part));
        let prev_is_more = before.is_some_and(|c| part(c) || c == '.');
        out.push_str(&rest[..i]);
        out.push_str(if next_is_more || prev_is_more {
            &rest[i..i + from.len()]
        } else {
            to
        });
        rest = after_s;
    }
    out.push_str(rest);
    out
}

/// Replaces every non-loopback host and address (of the exchanges' URLs, of the header
/// fields in [`HOST_HEADERS`], and of absolute URLs in bodies) with `host-N.example.test`
/// everywhere it appears standing alone (longest first, so `a.b.c` goes before `b.c`). Host
/// names that appear only in free text (a `Server` product token) are not known as hosts
/// and stay.
pub fn anonymize(events: &[Event]) -> Vec<Event> {
    let mut hosts = BTreeSet::new();
    for e in events {
        match &e.kind {
            EventKind::RequestHead {
                url,
                upstream,
                headers,
                ..
            } => {
                for u in std::iter::once(url).chain(upstream) {
                    collect_hosts(u, &mut hosts);
                }
                for (k, v) in headers {
                    if HOST_HEADERS.iter().any(|n| k.eq_ignore_ascii_case(n)) {
                        collect_hosts(v, &mut hosts);
                    }
                }
            }
            EventKind::ResponseHead { headers, .. } => {
                for (k, v) in headers {
                    if HOST_HEADERS.iter().any(|n| k.eq_ignore_ascii_case(n)) {
                        collect_hosts(v, &mut hosts);
                    }
                }
            }
            EventKind::RequestBody { body }
            | EventKind::ResponseChunk { body }
            | EventKind::CardRewrite { body, .. } => {
                if let Some(t) = body.as_str() {
                    if t.contains("://") {
                        let mut found = BTreeSet::new();
                        collect_hosts(t, &mut found);
                        // From bodies only what URLs name (not every dotted token).
                        hosts.extend(found.into_iter().filter(|h| {
                            t.contains(&format!("://{h}"))
                                || t.contains(&format!("@{h}"))
                                || t.contains(&format!("://[{h}"))
                        }));
                    }
                }
            }
            _ => {}
        }
    }
    // One name per host however it is spelled (case, Unicode or punycode labels).
    let mut numbered: std::collections::BTreeMap<String, usize> = Default::default();
    for h in &hosts {
        let key = normal_host(h).unwrap_or_else(|| h.to_ascii_lowercase());
        let n = numbered.len() + 1;
        numbered.entry(key).or_insert(n);
    }
    let mut map: Vec<(String, String)> = hosts
        .into_iter()
        .map(|h| {
            let key = normal_host(&h).unwrap_or_else(|| h.to_ascii_lowercase());
            let n = numbered.get(&key).copied().unwrap_or(0);
            (h, format!("host-{n}.example.test"))
        })
        .collect();
    map.sort_by_key(|(h, _)| std::cmp::Reverse(h.len()));
    let replace = move |s: &str| -> String {
        let mut out = s.to_string();
        for (h, n) in &map {
            if out.to_ascii_lowercase().contains(&h.to_ascii_lowercase()) {
                out = replace_host(&out, h, n);
            }
        }
        out
    };
    let r1 = replace.clone();
    let r2 = replace.clone();
    map_events(events, &replace, &r1, &move |h: &Headers| {
        h.iter().map(|(k, v)| (k, r2(v))).collect()
    })
}

/// One transcript line being built.
struct Line {
    value: Value,
    body: Vec<u8>,
}

/// Writes `events` as a transcript (`docs/transcript-format.md`): a `req` line per request (head and
/// whole body), a `resp` line per response (with the whole body, or `""` and one `chunk`
/// line per chunk for `text/event-stream`), and a last `chunk` with `close` for streams.
/// Every line carries `t` (seconds), `id` (the exchange) and `leg` when not client-facing.
pub fn to_transcript(events: &[Event]) -> String {
    transcript_text(events).0
}

/// Whether [`to_transcript`] keeps every body byte of `events`: a transcript carries bodies
/// as UTF-8 text (`docs/transcript-format.md`), so a request or response body, or one SSE
/// chunk, that is not valid UTF-8 would come back with U+FFFD in it (breaker8 G17). The
/// native recording keeps such bytes (`"encoding": "base64"`, docs/recording-format.md).
pub fn transcript_keeps_bytes(events: &[Event]) -> bool {
    transcript_text(events).1
}

/// The transcript text and whether it is lossless (see [`transcript_keeps_bytes`]).
fn transcript_text(events: &[Event]) -> (String, bool) {
    let mut lossless = true;
    let mut lines: Vec<Line> = Vec::new();
    // Exchange -> (index of its req line, index of its resp line, streaming?).
    let mut open: BTreeMap<String, (Option<usize>, Option<usize>, bool)> = BTreeMap::new();
    // Exchanges whose Agent Card the proxy rewrote (`card_rewrite`): their `resp` line
    // holds the card the client received, as a HAR export's `content` does. A transcript
    // has no header naming the proxy's upstream, so the agent's own card at the proxy's
    // URL would read as a card sending clients around the proxy (newcomer25 N9: a cut of
    // CARD-CACHE-001 showed a CARD-URL-009 the recording did not have).
    let mut rewritten: BTreeSet<String> = BTreeSet::new();
    // Exchanges a prober sent through its own recording listener: written as the agent got
    // them, at the agent URL (`request_head.upstream`, the URL a user can call) with the
    // agent's own card, not at the listener's ephemeral port (newcomer26; as findings and
    // `export --har` name them).
    let mut agent_view: BTreeSet<String> = BTreeSet::new();
    for e in events {
        let Some(x) = e.exchange.as_deref().map(str::to_string) else {
            continue;
        };
        let t = (e.t_us as f64 / 1e6 * 1e6).round() / 1e6;
        let base = |dir: &str| {
            let mut v = json!({"t": t, "dir": dir, "id": x});
            if let Some(l) = &e.leg {
                v["leg"] = json!(l);
            }
            v
        };
        let st = open.entry(x.clone()).or_insert((None, None, false));
        match &e.kind {
            EventKind::RequestHead {
                method,
                url,
                headers,
                upstream,
                ..
            } => {
                let mut v = base("req");
                v["method"] = json!(method);
                match headers.prober_target(upstream.as_deref()) {
                    Some(target) => {
                        agent_view.insert(x.clone());
                        let mut h = headers.clone();
                        if let Some(host) = crate::model::net::host_field_of(target) {
                            h.replace_values(|k, _| {
                                k.eq_ignore_ascii_case("host").then(|| host.clone())
                            });
                        }
                        v["url"] = json!(target);
                        v["headers"] = headers_obj(&h);
                    }
                    None => {
                        v["url"] = json!(url);
                        v["headers"] = headers_obj(headers);
                    }
                }
                st.0 = Some(lines.len());
                lines.push(Line {
                    value: v,
                    body: Vec::new(),
                });
            }
            EventKind::RequestBody { body } => {
                if let Some(i) = st.0 {
                    lines[i].body.extend_from_slice(&body.data);
                }
            }
            EventKind::ResponseHead {
                status, headers, ..
            } => {
                let mut v = base("resp");
                v["status"] = json!(status);
                v["headers"] = headers_obj(headers);
                st.2 = headers.media_type().as_deref() == Some("text/event-stream");
                st.1 = Some(lines.len());
                lines.push(Line {
                    value: v,
                    body: Vec::new(),
                });
            }
            EventKind::CardRewrite { body, .. } if !st.2 && !agent_view.contains(&x) => {
                if let Some(i) = st.1 {
                    lines[i].body = body.data.to_vec();
                    // the length the client got with it (the proxy framed it anew)
                    if let Some(Value::String(n)) =
                        lines[i].value["headers"].get_mut("content-length")
                    {
                        *n = body.data.len().to_string();
                    }
                    rewritten.insert(x.clone());
                }
            }
            EventKind::ResponseChunk { .. } if rewritten.contains(&x) => {}
            EventKind::ResponseChunk { body } => {
                if st.2 {
                    let mut v = base("chunk");
                    if st.1.is_some_and(|i| names_coding(&lines[i].value)) {
                        // a coded stream's bytes as they came (left42)
                        set_wire_body(&mut v, &body.data);
                    } else {
                        lossless &= std::str::from_utf8(&body.data).is_ok();
                        v["body"] = json!(String::from_utf8_lossy(&body.data));
                    }
                    lines.push(Line {
                        value: v,
                        body: Vec::new(),
                    });
                } else if let Some(i) = st.1 {
                    lines[i].body.extend_from_slice(&body.data);
                }
            }
            EventKind::ExchangeEnd { outcome, .. } if st.2 => {
                let mut v = base("chunk");
                v["body"] = json!("");
                v["close"] = json!(match outcome {
                    Outcome::Complete => "eof",
                    Outcome::Open => "timeout",
                    Outcome::Refused => "refused",
                    Outcome::ClientAbort => "client",
                    _ => "reset",
                });
                lines.push(Line {
                    value: v,
                    body: Vec::new(),
                });
            }
            _ => {}
        }
    }
    let mut out = String::new();
    for mut l in lines {
        let dir = l.value["dir"].as_str().unwrap_or("").to_string();
        let card_rewritten = l.value["id"]
            .as_str()
            .is_some_and(|x| rewritten.contains(x));
        if dir == "resp" && names_coding(&l.value) && !card_rewritten {
            // A response under a Content-Encoding: its bytes as they crossed the wire, in
            // base64, so the head stays whole and HTTP-FRAME-004 (a body not in its coding)
            // and HTTP-FRAME-005 (a coding not accepted) read the same in the transcript as
            // in the recording (left42; a text body there is the decoded body, whose reader
            // drops the coding). A rewritten card is the plain card the client got.
            set_wire_body(&mut l.value, &l.body);
        } else if dir != "chunk" {
            lossless &= std::str::from_utf8(&l.body).is_ok();
            l.value["body"] = json!(String::from_utf8_lossy(&l.body));
        }
        out.push_str(&l.value.to_string());
        out.push('\n');
    }
    (out, lossless)
}

/// Whether transcript line `v`'s `headers` name a content coding besides `identity`.
fn names_coding(v: &Value) -> bool {
    v["headers"]["content-encoding"]
        .as_str()
        .is_some_and(|ce| crate::model::coding::is_coded(std::iter::once(ce)))
}

/// Writes `bytes` into transcript line `v` as its wire body: `"body"` in base64 and
/// `"encoding": "base64"` (docs/transcript-format.md).
fn set_wire_body(v: &mut Value, bytes: &[u8]) {
    use base64::Engine as _;
    v["body"] = json!(base64::engine::general_purpose::STANDARD.encode(bytes));
    v["encoding"] = json!("base64");
}

fn headers_obj(h: &Headers) -> Value {
    let mut m = serde_json::Map::new();
    for (k, v) in h {
        // A transcript keeps one value per name; repeated fields are joined (RFC 9110 §5.3).
        let k = k.to_ascii_lowercase();
        match m.get_mut(&k) {
            Some(Value::String(prev)) => {
                prev.push_str(", ");
                prev.push_str(v);
            }
            _ => {
                m.insert(k, json!(v));
            }
        }
    }
    Value::Object(m)
}

/// The leg name of a gateway's upstream copy of a client's call (`--listener
/// upstream@ADDR=URL`, `--leg upstream`; docs/topologies.md), which [`to_curl`] replays
/// straight to the agent when a cut holds no client call.
const GATEWAY_UPSTREAM_LEG: &str = "upstream";

/// Whether requests on `leg` are a client's calls to an agent, which a script can replay:
/// the client-facing leg (none) and `interop`'s direction legs (`A->B`, `B->A`: the tool as
/// one agent's client of the other). Not the gateway's `upstream` copy of a client call,
/// nor a webhook leg (`agent->webhook`, `B->webhook`: the agent's own notifications, which
/// the calls that configured them make it send again).
pub fn replayed_leg(leg: Option<&str>) -> bool {
    use crate::app::interop_cmd::{A_TO_B, B_TO_A};
    match leg {
        None => true,
        Some(l) => l == A_TO_B || l == B_TO_A,
    }
}

/// Whether the default curl script path `sh` may be written: nothing there, an empty or
/// special file (a device is written in place), or a script an earlier `repro` wrote (it
/// starts as [`to_curl`] output does: `#!/usr/bin/env bash` then `# reproduces `).
fn is_replaceable_script(sh: &Path) -> bool {
    use std::io::Read as _;
    match std::fs::metadata(sh) {
        Ok(m) if m.is_file() && m.len() > 0 => {}
        _ => return true,
    }
    let mut head = Vec::new();
    let _ = std::fs::File::open(sh).and_then(|f| f.take(64).read_to_end(&mut head));
    head.starts_with(b"#!/usr/bin/env bash\n# reproduces ")
}

/// The part of a curl script that replays requests over https (RFC 9110 §4.2.2): how to
/// trust an agent whose certificate chains to a private CA or is self-signed, as
/// `probe --ca` and `proxy --upstream-ca` do: `A2A_CACERT=ca.pem bash MIN.sh`, or
/// `bash MIN.sh --cacert ca.pem` (curl `--cacert`: that file is the CA bundle curl then
/// trusts); nothing is needed for a certificate the OS roots trust. `A2A_INSECURE=1` skips the check
/// (curl `-k`), for a test agent only. `--cacert` is taken anywhere among the arguments
/// (`--cacert FILE` or `--cacert=FILE`); a missing file name, a file that is not there, or
/// another argument exits 2 (a usage error) with a message; so does a file that is not a
/// regular one (a pipe from `<(...)` would be used up by the first curl call). `A2A_TLS` is a bash array, expanded so that an empty
/// one passes `set -u` in bash before 4.4 too.
const TLS_PREAMBLE: &str = r#"
# TLS: the agent is called over https. If its certificate chains to a private CA (or is
# self-signed), give that CA's PEM file (the one given to `probe --ca` or
# `proxy --upstream-ca`), either way:
#   A2A_CACERT=ca.pem bash THIS_SCRIPT
#   bash THIS_SCRIPT --cacert ca.pem
# A2A_INSECURE=1 skips certificate checks (curl -k): for a test agent only.
# Arguments (anywhere, in any order): --cacert FILE or --cacert=FILE. Anything else, or
# --cacert without a file, is a usage error: exit 2.
while [ $# -gt 0 ]; do
    case "$1" in
        --cacert)
            if [ $# -lt 2 ] || [ -z "$2" ]; then
                echo "--cacert needs a PEM file after it: bash $(printf %q "$0") --cacert ca.pem" >&2
                exit 2
            fi
            A2A_CACERT="$2"
            shift 2
            ;;
        --cacert=?*)
            A2A_CACERT="${1#--cacert=}"
            shift
            ;;
        --cacert=)
            echo "--cacert needs a PEM file after it: bash $(printf %q "$0") --cacert ca.pem" >&2
            exit 2
            ;;
        *)
            echo "unknown argument '$1': this script takes only --cacert FILE (usage: bash $(printf %q "$0") [--cacert ca.pem])" >&2
            exit 2
            ;;
    esac
done
A2A_TLS=()
if [ -n "${A2A_CACERT:-}" ]; then
    if [ -e "$A2A_CACERT" ] && [ ! -d "$A2A_CACERT" ] && [ ! -f "$A2A_CACERT" ]; then
        echo "A2A_CACERT=$A2A_CACERT: not a regular file (a pipe such as <(...) is used up by the first of this script's curl calls): save the CA's PEM to a file and give that: bash $(printf %q "$0") --cacert ca.pem" >&2
        exit 2
    fi
    if [ ! -f "$A2A_CACERT" ] || [ ! -r "$A2A_CACERT" ]; then
        echo "A2A_CACERT=$A2A_CACERT: no readable PEM file there (give the CA's PEM file: bash $(printf %q "$0") --cacert ca.pem)" >&2
        exit 2
    fi
    A2A_TLS+=(--cacert "$A2A_CACERT")
fi
if [ -n "${A2A_INSECURE:-}" ]; then
    A2A_TLS+=(-k)
fi
"#;

/// What a curl line of an https request gets in [`to_curl`]: the options of [`TLS_PREAMBLE`].
const TLS_ARGS: &str = r#" ${A2A_TLS[@]+"${A2A_TLS[@]}"}"#;

/// The ids an answer hands out of one kind, in the order [`CARRY_PREAMBLE`]'s `a2a_ids`
/// finds them (keys in sorted order, each id once): `task`, the `id` of an object with a
/// `status` (a Task) and every `taskId`; `context`, every `contextId`.
fn carried_ids(v: &Value, task: bool, out: &mut Vec<String>) {
    match v {
        Value::Object(o) => {
            let mut push = |id: &str| {
                if !out.iter().any(|x| x == id) {
                    out.push(id.to_string());
                }
            };
            if task {
                if o.contains_key("status") {
                    if let Some(id) = o.get("id").and_then(Value::as_str) {
                        push(id);
                    }
                }
                if let Some(id) = o.get("taskId").and_then(Value::as_str) {
                    push(id);
                }
            } else if let Some(id) = o.get("contextId").and_then(Value::as_str) {
                push(id);
            }
            let mut keys: Vec<&String> = o.keys().collect();
            keys.sort();
            for k in keys {
                carried_ids(&o[k.as_str()], task, out);
            }
        }
        Value::Array(a) => a.iter().for_each(|v| carried_ids(v, task, out)),
        _ => {}
    }
}

/// The script's helpers when it carries ids from one answer to later requests
/// ([`to_curl`]): `a2a_ids ANSWER task|context` prints the ids the answer (JSON, or SSE
/// `data:` lines) hands out, as [`carried_ids`] reads them, one a line (python3; nothing
/// without it), and `a2a_sub` copies its input with each recorded id of `A2A_FROM`
/// replaced by the agent's own of `A2A_TO` (indexed arrays: macOS's bash 3.2 has no
/// associative ones).
const CARRY_PREAMBLE: &str = r#"# The agent makes its own task and context ids: each answer below that hands one out is
# kept in a variable (and printed), the id read from it (python3), and put in the later
# requests in place of the recorded one, which a restarted agent never made (it would
# answer TaskNotFound, not show the finding).
A2A_FROM=()
A2A_TO=()
a2a_ids() {
  python3 -c '
import json, sys
kind, text, vals, out = sys.argv[1], sys.stdin.read(), [], []
try:
    vals = [json.loads(text)]
except ValueError:
    for line in text.splitlines():
        if line.startswith("data:"):
            try:
                vals.append(json.loads(line[5:]))
            except ValueError:
                pass
def walk(v):
    if isinstance(v, dict):
        got = []
        if kind == "task":
            if "status" in v and isinstance(v.get("id"), str):
                got.append(v["id"])
            if isinstance(v.get("taskId"), str):
                got.append(v["taskId"])
        elif isinstance(v.get("contextId"), str):
            got.append(v["contextId"])
        for i in got:
            if i not in out:
                out.append(i)
        for k in sorted(v):
            walk(v[k])
    elif isinstance(v, list):
        for x in v:
            walk(x)
for v in vals:
    walk(v)
print("\n".join(out))
' "$2" <<<"$1" 2>/dev/null || true
}
a2a_sub() {
  local s i
  s=$(cat)
  for ((i = 0; i < ${#A2A_FROM[@]}; i++)); do
    s=${s//"${A2A_FROM[$i]}"/"${A2A_TO[$i]}"}
  done
  printf '%s\n' "$s"
}
"#;

/// The curl script's third part: run by a shell other than bash (`sh min.sh`, `sh < min.sh`,
/// `zsh min.sh`), the script runs itself again with bash, which its arrays need: from `$0`
/// when that is the script (it holds [`to_curl`]'s second line), else from a regular file
/// on standard input (`/dev/stdin`, opened anew at its start); read from a pipe (`cat min.sh
/// | sh`) it cannot be, and exits 2 saying to run it with bash (`THIS_SCRIPT`: the script's
/// name, put in by `repro`).
const REEXEC_WITH_BASH: &str = r#"if [ -z "${BASH_VERSION:-}" ]; then  # it needs bash
  m='^# Replays the client requests of the cut'
  if grep -q "$m" "$0" 2>/dev/null; then exec bash "$0" "$@"; fi
  if [ -f /dev/stdin ] && grep -q "$m" /dev/stdin 2>/dev/null; then exec bash /dev/stdin "$@"; fi
  echo "this script needs bash and was read from a pipe, which cannot be handed on: run it with bash: bash THIS_SCRIPT" >&2
  exit 2
fi
"#;

/// One id [`to_curl`] carries from the answer that handed it out to the later requests
/// that name it.
struct Carried {
    /// The id as recorded.
    id: String,
    /// `task` or `context` (the kind `a2a_ids` reads).
    kind: &'static str,
    /// Its 1-based place among the ids of its kind the answer hands out.
    nth: usize,
}

/// A bash script replaying the client requests of `events` with curl, in order (those on a
/// [`replayed_leg`]; an interop leg is named in a comment; with none of those, the
/// gateway's [`GATEWAY_UPSTREAM_LEG`] copies, straight to the agent). A cut with no request
/// to replay says so in a comment and an `echo` (exit 1), instead of being an empty script.
pub fn to_curl(events: &[Event], title: &str) -> String {
    let mut out = String::from("#!/usr/bin/env bash\n");
    let _ = writeln!(out, "# {title}");
    let _ = writeln!(
        out,
        "# Replays the client requests of the cut with curl (secrets redacted: put real ones back)."
    );
    // `sh min.sh` (dash): the script's arrays were a syntax error at its 12th line
    // (newcomer59); run by another shell, it runs itself again with bash. `sh < min.sh`
    // has no script file in `$0` (it is `sh`: bash tried to run /usr/bin/sh, "cannot
    // execute binary file", exit 126, newcomer60): the file on standard input is run,
    // opened again from its start (Linux's /dev/stdin), since sh has read ahead of its
    // place in it; a pipe cannot be handed on, so that says what to type (exit 2).
    out.push_str(REEXEC_WITH_BASH);
    // A cut of the agent's own fault behind a gateway may hold only the gateway's upstream
    // copy of the client's call (the agent's answer shows it): with no client call to
    // replay, that copy is replayed straight to the agent, which is what the agent's owner
    // needs (newcomer45 N8: the script said "nothing to replay" and exited 1). With a client
    // call in the cut, the copy is not sent a second time.
    let is_request = |e: &Event| matches!(e.kind, EventKind::RequestHead { .. });
    let upstream_only = !events
        .iter()
        .any(|e| is_request(e) && replayed_leg(e.leg.as_deref()))
        && events
            .iter()
            .any(|e| is_request(e) && e.leg.as_deref() == Some(GATEWAY_UPSTREAM_LEG));
    let replayed_leg = |leg: Option<&str>| {
        replayed_leg(leg) || (upstream_only && leg == Some(GATEWAY_UPSTREAM_LEG))
    };
    // the agent's address as recorded, and how to point the script at another one: the
    // team that gets the cut runs its agent elsewhere (newcomer27 N4)
    let mut origins: Vec<String> = Vec::new();
    for e in events {
        if let EventKind::RequestHead { url, upstream, .. } = &e.kind {
            if !replayed_leg(e.leg.as_deref()) {
                continue;
            }
            let target = upstream.as_deref().unwrap_or(url);
            if let Ok(u) = url::Url::parse(target) {
                let o = u.origin().ascii_serialization();
                if o != "null" && !origins.contains(&o) {
                    origins.push(o);
                }
            }
        }
    }
    // Client calls on a gateway recording's client leg went to the gateway's front, not to
    // the agent: the note names what the address is (newcomer47: it said "your agent").
    let via_gateway = !upstream_only
        && events
            .iter()
            .any(|e| e.leg.as_deref() == Some(GATEWAY_UPSTREAM_LEG));
    let (noun, example) = if via_gateway {
        ("gateway", "https://your-gateway.example")
    } else {
        ("agent", "https://your-agent.example")
    };
    if let Some(first) = origins.first() {
        // `-i.bak`: GNU and BSD (macOS) sed both take it, where BSD sed reads a bare `-i`'s
        // next word as the backup suffix and fails; an IPv6 host's brackets escaped, else
        // sed reads `[::1]` as a bracket expression and changes nothing (review27b)
        let pattern = first.replace('[', "\\[").replace(']', "\\]");
        let _ = writeln!(
            out,
            "# Sent to {} as recorded; to replay against your {noun} elsewhere: sed -i.bak 's#{pattern}#{example}#g' THIS_FILE",
            origins.join(", ")
        );
        if !origins.iter().any(|o| o.starts_with("https://")) {
            // recorded over http, this script has no TLS options (TLS_PREAMBLE): pointed at
            // an https agent whose certificate a private CA signed, curl's own variable
            // trusts that CA (review27b)
            let _ = writeln!(
                out,
                "# Pointed at an https agent whose certificate a private CA (or itself) signed: CURL_CA_BUNDLE=ca.pem bash THIS_SCRIPT"
            );
        }
    }
    out.push_str("set -u\n");
    // where the TLS options go when a request is replayed over https (below)
    let preamble_end = out.len();
    let mut any_https = false;
    let mut replayed = 0usize;
    let mut skipped: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    let mut bodies: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    for e in events {
        if let (Some(x), EventKind::RequestBody { body }) = (&e.exchange, &e.kind) {
            bodies.entry(x).or_default().extend_from_slice(&body.data);
        }
    }
    // Ids an answer in the cut hands out that a later replayed request names (a follow-up's
    // taskId and contextId, a GetTask's id, a /tasks/{id} path): replayed as recorded they
    // name a task the agent, restarted or another, never made, and the script showed
    // TaskNotFound instead of the finding (newcomer56 N6). Carried instead: by exchange,
    // the ids its answer hands out that a later request names.
    let mut answers: BTreeMap<&str, Vec<u8>> = BTreeMap::new();
    let mut order: Vec<(&str, &str)> = Vec::new();
    for e in events {
        match (&e.exchange, &e.kind) {
            (Some(x), EventKind::RequestHead { url, upstream, .. })
                if replayed_leg(e.leg.as_deref()) =>
            {
                order.push((x, upstream.as_deref().unwrap_or(url)));
            }
            (Some(x), EventKind::ResponseChunk { body }) => {
                answers.entry(x).or_default().extend_from_slice(&body.data)
            }
            _ => {}
        }
    }
    let mut carry: BTreeMap<&str, Vec<Carried>> = BTreeMap::new();
    let mut carried_ids_all: Vec<String> = Vec::new();
    for (i, (x, _)) in order.iter().enumerate() {
        let later_names = |id: &str| {
            order[i + 1..].iter().any(|(y, url)| {
                url.contains(id)
                    || bodies
                        .get(*y)
                        .is_some_and(|b| String::from_utf8_lossy(b).contains(id))
            })
        };
        let values = json_values(answers.get(x).map(Vec::as_slice).unwrap_or_default());
        for (task, kind) in [(true, "task"), (false, "context")] {
            let mut ids = Vec::new();
            for v in &values {
                carried_ids(v, task, &mut ids);
            }
            for (n, id) in ids.into_iter().enumerate() {
                // ids this short are words, not minted ids, and would be replaced inside
                // other text
                if id.len() < 8 || carried_ids_all.contains(&id) || !later_names(&id) {
                    continue;
                }
                carried_ids_all.push(id.clone());
                carry.entry(x).or_default().push(Carried {
                    id,
                    kind,
                    nth: n + 1,
                });
            }
        }
    }
    if !carry.is_empty() {
        out.push_str(CARRY_PREAMBLE);
    }
    let names_carried = |text: &str| carried_ids_all.iter().any(|id| text.contains(id.as_str()));
    for e in events {
        let (
            Some(x),
            EventKind::RequestHead {
                method,
                url,
                headers,
                upstream,
                ..
            },
        ) = (&e.exchange, &e.kind)
        else {
            continue;
        };
        if !replayed_leg(e.leg.as_deref()) {
            skipped.insert(e.leg.as_deref().unwrap_or_default());
            continue;
        }
        replayed += 1;
        // The recording proxy (or the prober's own listener) is gone when the script runs:
        // replay against the agent it forwarded to.
        let target = upstream.as_deref().unwrap_or(url);
        match e.leg.as_deref() {
            Some(l) if upstream_only => {
                let _ = writeln!(
                    out,
                    "\n# {x} (leg {l}): the request the gateway sent the agent, sent straight to the agent (the cut holds no client call)"
                );
            }
            Some(l) => {
                let _ = writeln!(out, "\n# {x} (leg {l})");
            }
            None => {
                let _ = writeln!(out, "\n# {x}");
            }
        }
        if headers.prober_target(upstream.as_deref()).is_some() {
            let _ = writeln!(
                out,
                "# sent by the prober through its own recording listener {url} (gone after the run)"
            );
        } else if target != url {
            let _ = writeln!(out, "# recorded as {url} through the proxy");
        }
        let https = target
            .get(..8)
            .is_some_and(|p| p.eq_ignore_ascii_case("https://"));
        any_https |= https;
        let var = format!(
            "A2A_OUT_{}",
            x.chars()
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .collect::<String>()
        );
        let captured = carry.get(&**x);
        if captured.is_some() {
            let _ = write!(out, "{var}=$(");
        }
        let sent_to = if names_carried(target) {
            format!("\"$(a2a_sub <<<{})\"", sh_quote(target))
        } else {
            sh_quote(target)
        };
        // curl reads `[...]` and `{...}` in a URL as a glob: a redacted query value
        // (`?api_key=[REDACTED:1a2b...]`) stopped the script at "curl: (3) bad range in
        // URL" (ux37); `-g` (--globoff) takes the URL as written
        let _ = write!(
            out,
            "curl -sS -N{}{} -X {} {}",
            if target.contains(['[', ']', '{', '}']) {
                " -g"
            } else {
                ""
            },
            if https { TLS_ARGS } else { "" },
            sh_quote(method),
            sent_to
        );
        // A client that asked for a compressed answer (RFC 9110 §12.5.3) gets curl's
        // --compressed in its place: curl then asks for the codings it can decode and
        // prints the answer decoded, not as gzip or brotli bytes (newcomer21 N16).
        let compressed = headers
            .get("accept-encoding")
            .is_some_and(|v| !v.trim().is_empty() && !v.trim().eq_ignore_ascii_case("identity"));
        for (k, v) in headers {
            let lk = k.to_ascii_lowercase();
            if ["host", "content-length", "connection", "transfer-encoding"].contains(&lk.as_str())
                || (compressed && lk == "accept-encoding")
            {
                continue;
            }
            let _ = write!(out, " \\\n  -H {}", sh_quote(&format!("{k}: {v}")));
        }
        if compressed {
            let _ = write!(out, " \\\n  --compressed");
        }
        // A gRPC call (GRPC-001) is HTTP/2 only and answers protobuf bytes: h2c prior
        // knowledge on http://, ALPN h2 on https://, the answer written as it comes.
        if headers
            .get("content-type")
            .is_some_and(crate::model::grpc::is_grpc_content_type)
        {
            let h2 = if target.starts_with("https://") {
                "--http2"
            } else {
                "--http2-prior-knowledge"
            };
            let _ = write!(out, " \\\n  {h2} --output -");
        }
        match bodies.get(&**x) {
            // NUL (every gRPC message prefix starts with one) cannot pass a heredoc either.
            Some(b) if !b.is_empty() && (std::str::from_utf8(b).is_err() || b.contains(&0)) => {
                // bytes that are not UTF-8 go through base64, so the script sends them as
                // recorded (a heredoc of text would replace them with U+FFFD)
                use base64::Engine as _;
                let b64 = base64::engine::general_purpose::STANDARD.encode(b);
                let _ = write!(
                    out,
                    " \\\n  --data-binary @<(base64 -d <<'A2A_BODY'\n{b64}\nA2A_BODY\n)\n"
                );
            }
            Some(b) if !b.is_empty() => {
                let text = String::from_utf8_lossy(b);
                let mut marker = String::from("A2A_BODY");
                while text.contains(&marker) {
                    marker.push('_');
                }
                if names_carried(&text) {
                    let _ = write!(
                        out,
                        " \\\n  --data-binary @<(a2a_sub <<'{marker}'\n{text}\n{marker}\n)\n"
                    );
                } else {
                    let _ = write!(
                        out,
                        " \\\n  --data-binary @- <<'{marker}'\n{text}\n{marker}\n"
                    );
                }
            }
            _ => out.push('\n'),
        }
        if let Some(ids) = captured {
            let _ = writeln!(out, ")\nprintf '%s\\n' \"${var}\"");
            for c in ids {
                let what = format!(
                    "a2a-interop repro: no {} id in {x}'s answer to put in place of the recorded {} (python3 missing, or the agent answered otherwise): the later requests send the recorded one",
                    c.kind, c.id
                );
                let _ = writeln!(
                    out,
                    "A2A_NEW=$(a2a_ids \"${var}\" {} | sed -n '{}p')\nif [ -n \"$A2A_NEW\" ]; then A2A_FROM+=({}); A2A_TO+=(\"$A2A_NEW\"); else echo {} >&2; fi",
                    c.kind,
                    c.nth,
                    sh_quote(&c.id),
                    sh_quote(&what)
                );
            }
        }
    }
    if any_https {
        out.insert_str(preamble_end, TLS_PREAMBLE);
    }
    if replayed == 0 {
        let legs: Vec<&str> = skipped.into_iter().collect();
        let why = if legs.is_empty() {
            "the cut holds no request".to_string()
        } else {
            format!(
                "its requests are all on legs that are not a client's calls ({}: a gateway's upstream copy or an agent's notifications)",
                legs.join(", ")
            )
        };
        let _ = writeln!(out, "\n# Nothing to replay: {why}.");
        let _ = writeln!(
            out,
            "echo {} >&2\nexit 1",
            sh_quote(&format!("nothing to replay: {why}"))
        );
    }
    out
}

/// The first occurrence of a rule, passed over by [`cleanest_occurrence`] because its
/// exchange also carries errors of other rules.
struct PassedOver {
    /// Its exchange (`e3`).
    exchange: String,
    /// The `seq` of its first evidence event.
    seq: u64,
    /// The other rules with an error on that exchange (`DATA-SHAPE-002`), each once.
    others: Vec<String>,
}

/// The finding of `rule` (ID or alias) that `repro --finding RULE` cuts: the first (in
/// verifier order) whose first exchange carries no `error` finding of another rule, else
/// the first. The second value names the first occurrence when it was passed over.
fn cleanest_occurrence(
    findings: &[Finding],
    rule: &str,
    events: &[Event],
) -> (Option<Finding>, Option<PassedOver>) {
    let of_rule: Vec<&Finding> = findings.iter().filter(|f| matches(f, rule, None)).collect();
    let Some(first) = of_rule.first() else {
        return (None, None);
    };
    // errors of each exchange, by rule, from each finding's evidence
    let mut errors: BTreeMap<String, BTreeSet<&str>> = BTreeMap::new();
    for f in findings
        .iter()
        .filter(|f| f.severity >= crate::verify::Severity::Error)
    {
        for x in f.evidence.iter().filter_map(|e| e.exchange.as_deref()) {
            errors.entry(x.to_string()).or_default().insert(&f.rule);
        }
    }
    let others = |f: &Finding| -> Option<(String, Vec<String>)> {
        let x = first_exchange(f, events)?;
        let rules: Vec<String> = errors
            .get(&x)
            .map(|r| {
                r.iter()
                    .filter(|r| **r != f.rule)
                    .map(|r| r.to_string())
                    .collect()
            })
            .unwrap_or_default();
        Some((x, rules))
    };
    match others(first) {
        Some((x, rules)) if !rules.is_empty() => {
            let clean = of_rule
                .iter()
                .skip(1)
                .find(|f| others(f).is_some_and(|(_, r)| r.is_empty()));
            match clean {
                Some(c) => (
                    Some((*c).clone()),
                    Some(PassedOver {
                        exchange: x,
                        seq: first.first_seq(),
                        others: rules,
                    }),
                ),
                None => (Some((*first).clone()), None),
            }
        }
        _ => (Some((*first).clone()), None),
    }
}

/// The exchange of `f`'s first evidence (lowest `seq`), from the evidence or from the
/// event with that `seq` in `events`.
fn first_exchange(f: &Finding, events: &[Event]) -> Option<String> {
    let ev = f.evidence.iter().min_by_key(|e| e.seq)?;
    ev.exchange.clone().or_else(|| {
        events
            .iter()
            .find(|e| e.seq == ev.seq)
            .and_then(|e| e.exchange.as_deref().map(str::to_string))
    })
}

fn first_evidence_exchanges(f: &Finding, events: &[Event]) -> Vec<String> {
    let mut out = Vec::new();
    for ev in &f.evidence {
        let x = ev.exchange.clone().or_else(|| {
            events
                .iter()
                .find(|e| e.seq == ev.seq)
                .and_then(|e| e.exchange.as_deref().map(str::to_string))
        });
        if let Some(x) = x {
            if !out.contains(&x) {
                out.push(x);
            }
        }
    }
    out
}

/// Whether `p` starts with the header of a cut `repro` wrote (`"cut": true`,
/// docs/recording-format.md): such a file is `repro`'s own output, replaced by a new cut.
fn is_repro_cut(p: &Path) -> bool {
    use std::io::Read as _;
    let mut head = Vec::new();
    if std::fs::File::open(p)
        .and_then(|f| f.take(64 * 1024).read_to_end(&mut head))
        .is_err()
    {
        return false;
    }
    let first = head.split(|&b| b == b'\n').next().unwrap_or_default();
    serde_json::from_slice::<serde_json::Value>(first)
        .ok()
        .and_then(|v| v.get("cut").and_then(serde_json::Value::as_bool))
        == Some(true)
}

/// Runs `repro` (module docs).
pub fn run(a: ReproArgs) -> anyhow::Result<ExitCode> {
    // `-o min.har`: the cut is a transcript or a recording (JSON Lines), not a HAR
    // (newcomer59: it was written under that name, and `min.sh` beside it)
    if let Some(why) = crate::app::proxy_cmd::har_named(&a.output, "-o", "the cut") {
        crate::errln!("a2a-interop: {why}");
        return Ok(ExitCode::from(2));
    }
    // The cut, or its curl script, written over the recording it is cut from would destroy it.
    let outs = [
        Some(("-o", a.output.clone())),
        a.curl.clone().map(|c| ("--curl", c)),
        a.curl
            .is_none()
            .then(|| ("-o", with_extension(&a.output, "sh"))),
    ];
    for (flag, out) in outs.into_iter().flatten() {
        if crate::record::outfile::same_file(&a.file, &out) {
            return Ok(fail(
                format!(
                    "{flag} {} is the input file itself: writing it would destroy the recording",
                    out.display()
                ),
                "give repro another output path",
            ));
        }
    }
    // `-o X --curl X`: the script would replace the cut (breaker10n N6, as `-o` twice).
    if let Some(c) = &a.curl {
        if a.output.as_os_str() != "-"
            && (a.output == *c || crate::record::outfile::same_file(&a.output, c))
        {
            return Ok(fail(
                format!(
                    "-o {} and --curl {} name the same file: the curl script would replace the cut",
                    a.output.display(),
                    c.display()
                ),
                "give --curl its own path, e.g. --curl MIN.sh",
            ));
        }
    }
    // The default script path is one the user never typed: an existing file there that is
    // not a script of an earlier `repro` is not replaced (breaker10n N6: `-o deploy.jsonl`
    // replaced `deploy.sh`).
    if a.curl.is_none() && a.output.as_os_str() != "-" {
        let sh = with_extension(&a.output, "sh");
        // `-o min.sh`: the default script path is -o itself, so the script replaced the cut
        // just written (newcomer50 N3: "wrote min.sh ... and min.sh", the transcript lost)
        if sh == a.output {
            return Ok(fail(
                format!(
                    "-o {} names the cut (a transcript, JSON Lines) with the extension of its curl script, which goes to the -o path with extension .sh: the script would replace the cut",
                    a.output.display()
                ),
                &format!(
                    "give -o the transcript's path, e.g. -o {} (the script then goes to {}), or give the script its own path with --curl",
                    super::sh_path(&with_extension(&a.output, "jsonl")),
                    super::sh_path(&sh)
                ),
            ));
        }
        if !is_replaceable_script(&sh) {
            return Ok(fail(
                format!(
                    "{} exists and is not a curl script written by repro: -o {} would replace it with the cut's script",
                    sh.display(),
                    a.output.display()
                ),
                "give --curl PATH for the script (or remove that file)",
            ));
        }
    }
    // A whole recording at -o (another run's, say `-o session.jsonl` for `-o min.jsonl`)
    // would be replaced by a cut of one exchange (newcomer24 N1); a cut an earlier `repro`
    // wrote there (its header says `cut`) is replaced as before.
    if let Some(held) = crate::record::outfile::held_recording(&a.output) {
        if !is_repro_cut(&a.output) {
            return Ok(fail(
                crate::app::verify_cmd::over_recording("-o", &a.output, &held, "cut"),
                &format!(
                    "give -o another path (e.g. -o {}); move the recording away first if you mean to replace it",
                    super::sh_path(&with_extension(&a.output, "min.jsonl"))
                ),
            ));
        }
    }
    // An output that cannot be written is said before the input is read (issue 7).
    let outs = [
        Some(("-o", a.output.clone())),
        a.curl.clone().map(|c| ("--curl", c)),
    ];
    for (flag, out) in outs.into_iter().flatten() {
        if let Err(e) = crate::record::outfile::check_writable(&out) {
            return Ok(fail(
                format!("cannot write {}: {e}", out.display()),
                &output_hint(&out, flag, &e.to_string()),
            ));
        }
    }
    let (input, src) = match Input::new(&a.file).and_then(|i| i.open().map(|s| (i, s))) {
        Ok(s) => s,
        Err(e) => {
            let hint = crate::app::verify_cmd::report_given_hint(&e)
                .or_else(|| crate::app::verify_cmd::utf16_hint(&e))
                // a HAR or transcript that opened but does not parse is no path to check:
                // said as `verify` says it (newcomer47 N9: a HAR cut short hinted "check
                // the path")
                .or_else(|| {
                    (e.starts_with("cannot read HAR") || e.starts_with("cannot read transcript"))
                        .then(|| crate::app::verify_cmd::hint_for(&e))
                })
                .unwrap_or_else(|| "check the path; repro reads a recording, transcript or HAR file (`-` for standard input)".to_string());
            return Ok(fail(e, &hint));
        }
    };
    let header = src.header.clone();
    // a HAR file's exchange -> its `log.entries[]` index, as `verify` cites it
    let har_in = src.kind == source::SourceKind::Har;
    let har_entries: BTreeMap<String, usize> = src.har_entries.iter().cloned().collect();
    let mut events = Vec::new();
    for ev in src.events {
        match ev {
            Ok(e) => events.push(e),
            Err(e) => {
                return Ok(fail(
                    format!("{}: {e}", input.shown),
                    crate::record::jsonl::line_error_hint(&e.to_string()),
                ))
            }
        }
    }
    // a recording a proxy (probe, demo) is still writing: cut from what is written so far,
    // its open exchanges not judged (ux39: nothing said, where `verify` says so)
    if crate::app::verify_cmd::still_recorded(&a.file) {
        crate::errln!(
            "a2a-interop: note: {} is still being recorded by a running a2a-interop process: the cut is taken from the events written so far (exchanges still open are not judged); hint: cut it again once that run has stopped if the finding is not there yet",
            input.shown
        );
    }
    let har_key = parse_har_key(&a.finding);
    let (rule, seq) = match &har_key {
        Some((r, _)) => (r.clone(), None),
        None => parse_key(&a.finding),
    };
    let findings = verify_all(&header, &events);
    // `RULE@log.entries[N]`: the events of the exchange read from that entry
    let entry_seqs: Option<BTreeSet<u64>> = match &har_key {
        None => None,
        Some((_, n)) if !har_in => {
            return Ok(fail(
                format!(
                    "--finding {}: log.entries[{n}] names an entry of a HAR file, and {} is no HAR file",
                    a.finding, input.shown
                ),
                "give the place as `verify` shows it for this file: RULE@SEQ (the #seq of a recording) or RULE@LINE (a transcript's line)",
            ));
        }
        Some((_, n)) => {
            let xs: BTreeSet<&str> = har_entries
                .iter()
                .filter(|(_, i)| **i == *n)
                .map(|(x, _)| x.as_str())
                .collect();
            if xs.is_empty() {
                return Ok(fail(
                    format!(
                        "--finding {}: {} has no log.entries[{n}] read as an exchange ({} entries read, log.entries[0] to log.entries[{}])",
                        a.finding,
                        input.shown,
                        har_entries.len(),
                        har_entries.values().max().copied().unwrap_or(0)
                    ),
                    &format!(
                        "`a2a-interop verify {}` cites each finding's entries",
                        super::sh_path(&a.file)
                    ),
                ));
            }
            Some(
                events
                    .iter()
                    .filter(|e| e.exchange.as_deref().is_some_and(|x| xs.contains(x)))
                    .map(|e| e.seq)
                    .collect(),
            )
        }
    };
    // A transcript's findings are shown by file line (`line 8`), so `RULE@8` names line 8
    // there (any event of that line); `#SEQ` numbers are what native recordings show.
    let transcript_in = src.kind == source::SourceKind::Transcript;
    let tix = transcript_in.then(|| {
        let mut ix =
            crate::report::index::ExchangeIndex::new(crate::report::index::SourceFile::Transcript);
        for e in &events {
            ix.observe(e);
        }
        ix
    });
    let line_seqs: Option<BTreeSet<u64>> = match (seq, &tix) {
        (Some(n), Some(ix)) => Some(
            events
                .iter()
                .map(|e| e.seq)
                .filter(|&s| ix.line_of_seq(s) == Some(n))
                .collect(),
        ),
        _ => entry_seqs,
    };
    // the HAR entry an event was read from, as `verify` cites it
    let entry_of = |seq: u64| -> Option<usize> {
        if !har_in {
            return None;
        }
        let x = events.iter().find(|e| e.seq == seq)?.exchange.as_deref()?;
        har_entries.get(x).copied()
    };
    let picked = |f: &&Finding| match &line_seqs {
        Some(seqs) => matches(f, &rule, None) && f.evidence.iter().any(|e| seqs.contains(&e.seq)),
        None => matches(f, &rule, seq),
    };
    // With no place given, the first occurrence whose exchange carries no error of another
    // rule: a cut whose request is itself malformed (a client's DATA-SHAPE-002 beside the
    // agent's REST-ERROR-001) is sent back by the agent's team as the client's fault, while
    // a later, clean occurrence of the same rule shows it alone (newcomer28 N2).
    let (chosen, passed_over) = match (seq, &line_seqs) {
        (None, None) => cleanest_occurrence(&findings, &rule, &events),
        _ => (findings.iter().find(picked).cloned(), None),
    };
    let Some(target) = chosen else {
        // Counted as `verify` counts them: repeats of one problem are one finding.
        let rules: BTreeSet<&str> = findings.iter().map(|f| f.rule.as_str()).collect();
        let n = crate::report::group_findings(&findings).len();
        // "(0 findings: )" said nothing after its colon (breaker9a B24)
        let listed = match n {
            0 => "it has no finding".to_string(),
            1 => format!(
                "1 finding: {}",
                rules.into_iter().collect::<Vec<_>>().join(", ")
            ),
            _ => format!(
                "{n} findings: {}",
                rules.into_iter().collect::<Vec<_>>().join(", ")
            ),
        };
        // `RULE@N` with a rule that has findings, none at N (a #seq or line mistyped, or
        // taken from another run): the places it has, to copy (newcomer25 N8).
        let mut at: Vec<String> = Vec::new();
        if seq.is_some() || har_key.is_some() {
            for f in findings.iter().filter(|f| matches(f, &rule, None)) {
                let s = f.first_seq();
                // a HAR file's places as `verify` cites them, `log.entries[N]` (ux38)
                let n = match (&tix, entry_of(s)) {
                    (Some(ix), _) => ix.line_of_seq(s).map(|n| n.to_string()),
                    (None, Some(i)) => Some(format!("log.entries[{i}]")),
                    (None, None) => Some(s.to_string()),
                };
                if let Some(k) = n.map(|n| format!("{}@{n}", f.rule)) {
                    if !at.contains(&k) {
                        at.push(k);
                    }
                }
            }
        }
        let given = match (&har_key, seq) {
            (Some((_, i)), _) => Some(format!("log.entries[{i}]")),
            (None, Some(n)) if transcript_in => Some(format!("line {n}")),
            (None, Some(n)) => Some(format!("#seq {n}")),
            (None, None) => None,
        };
        if let (Some(first), Some(given)) = (at.first(), given) {
            let shown: Vec<&str> = at.iter().take(5).map(String::as_str).collect();
            let more = if at.len() > 5 { ", ..." } else { "" };
            let id = first.split('@').next().unwrap_or(first);
            return Ok(fail(
                format!("no finding {} in {} ({listed})", a.finding, input.shown),
                &format!(
                    "{id} is found at {}{more}, not at {given}: give one of those, e.g. --finding {}",
                    shown.join(", "),
                    super::sh_word(first)
                ),
            ));
        }
        // A rule ID no rule has (a typo, `NOPE`) is said as such; the hint names a rule
        // to give, from this file's findings, and the command that lists them with their
        // places, with the file's own path (ux34: "run `a2a-interop verify FILE`", nothing
        // to copy).
        let unknown = if rules::lookup(&rule).is_none() {
            format!(", and {rule} is no rule ID or name `a2a-interop rules` lists")
        } else {
            String::new()
        };
        let place = if transcript_in {
            "RULE@LINE picks the one whose evidence is on that line"
        } else if har_in {
            "RULE@log.entries[N] picks the one on that HAR entry"
        } else {
            "RULE@SEQ picks one occurrence by its #seq"
        };
        let verify = format!("a2a-interop verify {}", super::sh_path(&a.file));
        // `verify` of a file it refuses lists no finding (newcomer51 N2)
        let lists = match verify_refuses(&a.file) {
            None => format!("`{verify}` lists each finding with its places"),
            Some(why) => {
                format!("the list above is all of them: `{verify}` judges nothing in it ({why})")
            }
        };
        // A mistyped ID (`GW-SSE-01`) next to one this file has: that one is named, as
        // `rules GW-SSE-01` names it (newcomer45 N4: the hint offered the file's most
        // severe rule, another fault, and the near one only in the list).
        let near: Option<&str> = if unknown.is_empty() {
            None
        } else {
            crate::report::rules::near_rules(&rule, rules::RULES)
                .into_iter()
                .find(|id| findings.iter().any(|f| f.rule == *id))
        };
        let hint = match (near, most_severe(&findings)) {
            (Some(id), _) => format!(
                "did you mean --finding {id}? ({place}; {lists})"
            ),
            (None, Some(f)) => format!(
                "give one of the rule IDs above, e.g. --finding {} ({place}; {lists})",
                f.rule
            ),
            (None, None) => format!(
                "there is nothing to cut: the verifier finds nothing in this file (`{verify}` says the same); repro cuts a finding it reports"
            ),
        };
        return Ok(fail(
            format!(
                "no finding {} in {} ({listed}){unknown}",
                a.finding, input.shown
            ),
            &hint,
        ));
    };
    let anchor = target.first_seq();
    // The exchange the requested occurrence starts in: a cut (and what is written) must show
    // the finding there, not the same rule on another exchange (breaker8 G17).
    let anchor_x = first_exchange(&target, &events);
    let same = |f: &Finding| f.rule == target.rule && f.first_seq() == anchor;
    // `f`, found in `back` (a cut as read back: a transcript renumbers exchanges `e1`, `e2`
    // in order), is the requested occurrence when its first exchange has the place in
    // `back` that the anchor exchange has in `cut`.
    let same_x = |f: &Finding, cut: &[Event], back: &[Event]| {
        let Some(ax) = &anchor_x else {
            return f.rule == target.rule;
        };
        let want = exchange_order(cut).iter().position(|x| x == ax);
        let got = first_exchange(f, back)
            .and_then(|fx| exchange_order(back).iter().position(|x| *x == fx));
        f.rule == target.rule && want.is_some() && want == got
    };
    let still = |evs: &[Event]| verify_all(&header, evs).iter().any(same);
    // The rules the whole recording breaks: a cut must add none of its own (newcomer50 N2:
    // a cut of STREAM-FIRST-001 that dropped the send which created the streamed task
    // showed note[ID-TASK-004], a task id nothing handed out, which the recording lacks).
    // Any exchange a kept one depends on (the answer that handed out a task, a context, a
    // push config it names) is kept so, whatever the rule (fix51).
    // (the rules of every exchange kept whole count too: a cut drops the events outside
    // exchanges, which some recordings' verdicts lean on)
    let whole_cut = verify_all(&header, &subset(&events, &exchange_order(&events)));
    let original_rules: BTreeSet<&str> = findings
        .iter()
        .chain(&whole_cut)
        .map(|f| f.rule.as_str())
        .collect();
    let adds_none = |fs: &[Finding]| fs.iter().all(|f| original_rules.contains(f.rule.as_str()));
    let still_alone = |evs: &[Event]| {
        let fs = verify_all(&header, evs);
        fs.iter().any(same) && adds_none(&fs)
    };
    // A transcript carries no recording header (listen address, routes) and only UTF-8
    // bodies: a finding that needs either cannot be shown by one. Judge a cut as the
    // transcript it would become.
    // Nor may the transcript show an error or warning the native cut does not have: without
    // the header a card naming the proxy's upstream reads as one naming another port of the
    // card's host (CARD-URL-005 became a CARD-URL-009 warning in a cut of a gRPC
    // CARD-URL-002; newcomer30 N6), and the cut would send its reader after it.
    let as_transcript = |evs: &[Event]| -> bool {
        let (text, lossless) = transcript_text(evs);
        lossless
            && crate::record::transcript::read(&text)
                .map(|(h, e)| {
                    let back = verify_all(&h, &e);
                    back.iter().any(|f| same_x(f, evs, &e)) && adds_none(&back) && {
                        let native = verify_all(&header, evs);
                        back.iter()
                            .filter(|f| f.severity >= Severity::Warning)
                            .all(|f| native.iter().any(|n| n.rule == f.rule))
                    }
                })
                .unwrap_or(false)
    };
    let first = first_evidence_exchanges(&target, &events);
    let all = exchange_order(&events);
    let cut_in = |transcript_mode: bool| {
        let oracle = |evs: &[Event]| still_alone(evs) && (!transcript_mode || as_transcript(evs));
        minimize(&events, &first, oracle)
    };
    // Transcript when the evidence's exchanges, or the whole file, can be one; else (or when
    // no transcript cut is found) a native recording.
    let mut transcript_mode =
        as_transcript(&subset(&events, &first)) || as_transcript(&subset(&events, &all));
    let mut found = cut_in(transcript_mode);
    if found.is_none() && transcript_mode {
        transcript_mode = false;
        found = cut_in(false);
    }
    let Some(keep) = found else {
        return Ok(fail(
            format!(
                "{} needs events outside exchanges; nothing to cut",
                target.rule
            ),
            "share the whole recording instead",
        ));
    };
    let cut = subset(&events, &keep);
    // Tasks the cut's requests name that exchanges outside it made (newcomer19 N5): the
    // transcript shows the finding without them, a live replay does not.
    let deps = state_dependencies(&events, &keep);
    // Placeholders keep which secrets are equal (PUSH-AUTH-002 compares tags as values) and,
    // for an Authorization credential that names a principal, which principals are equal
    // (AUTH-SCOPE-003 reads the principal tag: `Tagger::credential_placeholder`); a
    // finding that rests on a secret's own text (or on a value an input redacted the old,
    // untagged way) is refused rather than cut into a reproduction that does not show it.
    let redacted = redact(&cut);
    // The redactor may leave a body out with a note on its exchange_end (a coded body that
    // does not decode, HTTP-FRAME-004's evidence then): a note a transcript cannot carry,
    // so such a cut is written as a native recording (left42).
    let mut note_only = false;
    if transcript_mode && still(&redacted) && !as_transcript(&redacted) {
        transcript_mode = false;
        note_only = true;
    }
    if !(still(&redacted) && (!transcript_mode || as_transcript(&redacted))) {
        return Ok(fail(
            format!("{} disappears once secrets are redacted", target.rule),
            "the finding rests on a secret's value itself, not only on which secrets are equal; share the recording privately",
        ));
    }
    let mut anonymized = false;
    // Why a native recording is written: a body a transcript cannot carry, or the header.
    let binary_body = !transcript_mode && !transcript_keeps_bytes(&redacted);
    let final_events = if a.anonymize && !transcript_mode {
        crate::errln!(
            "a2a-interop: note: {} {}; host names are kept",
            target.rule,
            if binary_body {
                "is shown by a body that is not UTF-8, kept as bytes"
            } else {
                "depends on the recording header"
            }
        );
        redacted
    } else if a.anonymize {
        let anon = anonymize(&redacted);
        // Host names change: compare by rule only.
        if verify_all(&header, &anon)
            .iter()
            .any(|f| f.rule == target.rule)
            && as_transcript(&anon)
        {
            anonymized = true;
            anon
        } else {
            crate::errln!(
                "a2a-interop: note: {} is about the host names; the cut keeps them",
                target.rule
            );
            redacted
        }
    } else {
        redacted
    };
    let output = if transcript_mode {
        to_transcript(&final_events)
    } else {
        if binary_body {
            crate::errln!(
                "a2a-interop: note: a body in the cut is not UTF-8, which a transcript cannot carry; writing a native recording (bytes kept as base64)"
            );
        } else if note_only {
            crate::errln!(
                "a2a-interop: note: {} rests on what the redaction noted on a body it left out, which a transcript cannot carry; writing a native recording",
                target.rule
            );
        } else {
            crate::errln!(
                "a2a-interop: note: {} depends on the recording header (listen address, routes), which a transcript cannot carry; writing a native recording",
                target.rule
            );
        }
        let mut out = Vec::new();
        // marked a cut: its `seq`s jump where events were left out (ux20 N5)
        let header = crate::record::RecordingHeader {
            cut: true,
            ..header.clone()
        };
        crate::record::jsonl::encode_header(&header, &mut out);
        for e in &final_events {
            crate::record::jsonl::encode_event(e, &mut out);
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    // `-o -` is standard output, as for every other command's `-o`: the cut goes there,
    // the messages to stderr, and a curl script only with `--curl FILE`.
    let to_stdout = a.output.as_os_str() == "-";
    let written = if to_stdout {
        use std::io::Write;
        let mut out = std::io::stdout().lock();
        out.write_all(output.as_bytes()).and_then(|()| out.flush())
    } else {
        crate::record::outfile::write_file(&a.output, output.as_bytes())
    };
    // a reader that went away (`repro ... -o - | head -1`) ends the cut quietly, as
    // `export -o -` and `report -o -` do (newcomer47 N16: exit 2, "cannot write -: Broken
    // pipe; hint: check the -o path is a writable file")
    let written = written.or_else(|e| {
        if to_stdout && e.kind() == std::io::ErrorKind::BrokenPipe {
            Ok(())
        } else {
            Err(e)
        }
    });
    if let Err(e) = written {
        // a directory (`-o out/`): a file path in it, as `report -o out/` says (newcomer31 N4)
        let hint = super::dir_output_hint(&a.output, "min.jsonl")
            .map(|h| format!("-o names a directory; {h}"))
            .or_else(|| super::full_disk_hint(&e.to_string(), "-o"))
            .unwrap_or_else(|| "check the -o path is a writable file".to_string());
        return Ok(fail(
            format!("cannot write {}: {e}", a.output.display()),
            &hint,
        ));
    }
    // The companion script sits beside a regular -o file only: `-o /dev/null` must not
    // create `/dev/null.sh` (nor a device's neighbour), nor read a device back.
    let output_is_file = !to_stdout && std::fs::metadata(&a.output).is_ok_and(|m| m.is_file());
    let script_path = match &a.curl {
        Some(p) => Some(p.clone()),
        None if output_is_file => Some(with_extension(&a.output, "sh")),
        None if to_stdout => None,
        None => {
            crate::errln!(
                "a2a-interop: note: {} is not a regular file; no curl script written (give --curl FILE.sh for one)",
                a.output.display()
            );
            None
        }
    };
    let title = format!(
        "reproduces {} ({}) from {}",
        target.rule, target.message, input.shown
    );
    if let Some(script_path) = &script_path {
        // sh_path: a script named `-x.sh` is `./-x.sh`, which sed does not read as its
        // options (review28b); the TLS lines' `bash THIS_SCRIPT` name it too (review28b R2)
        let named = super::sh_path(script_path);
        let mut script = to_curl(&final_events, &title)
            .replacen(" THIS_FILE\n", &format!(" {named}\n"), 1)
            .replace("bash THIS_SCRIPT", &format!("bash {named}"));
        // what the agent's team is to change, and the requirement: the finding's own help,
        // so the script alone says what a right answer is (newcomer28 N6)
        let mut notes = Vec::new();
        if !target.help.trim().is_empty() {
            notes.push(format!(
                "# What to change: {} (A2A requirements {}; rule {} in `a2a-interop rules`)",
                target.help.replace(['\n', '\r'], " "),
                target.spec.join(", "),
                target.rule
            ));
        }
        notes.extend(dependency_lines(&deps, &input.shown));
        if !notes.is_empty() {
            // after the shebang and the title line
            let at = script
                .match_indices('\n')
                .nth(1)
                .map(|(i, _)| i + 1)
                .unwrap_or(script.len());
            script.insert_str(at, &(notes.join("\n") + "\n"));
        }
        if let Err(e) = crate::record::outfile::write_file(script_path, script.as_bytes()) {
            return Ok(fail(
                format!("cannot write {}: {e}", script_path.display()),
                &output_hint(script_path, "--curl", &e.to_string()),
            ));
        }
        #[cfg(unix)]
        if std::fs::metadata(script_path).is_ok_and(|m| m.is_file()) {
            use std::os::unix::fs::PermissionsExt;
            let _ = std::fs::set_permissions(script_path, std::fs::Permissions::from_mode(0o755));
        }
    }
    // Re-verify what was written, through the transcript reader (a regular file only: a
    // device or pipe does not give it back).
    let reread = if output_is_file {
        source::open(&a.output)
    } else if to_stdout {
        reread_text(&output, transcript_mode)
    } else {
        Err(anyhow::anyhow!("it is not a regular file"))
    };
    match reread {
        Ok(back) => {
            let evs: Result<Vec<Event>, _> = back.events.collect();
            match evs {
                Ok(evs) => {
                    if !verify_all(&back.header, &evs)
                        .iter()
                        .any(|f| same_x(f, &final_events, &evs))
                    {
                        return Ok(fail(
                            format!(
                                "{} written but it does not reproduce {} when read back",
                                a.output.display(),
                                target.rule
                            ),
                            "report this as an a2a-interop bug with the original recording",
                        ));
                    }
                }
                Err(e) => crate::errln!(
                    "a2a-interop: note: cannot re-verify {}: {e}",
                    a.output.display()
                ),
            }
        }
        Err(e) => crate::errln!(
            "a2a-interop: note: cannot re-verify {}: {}",
            a.output.display(),
            format!("{e:#}").replace('\n', " ")
        ),
    }
    let script_shown = match &script_path {
        Some(p) => format!("and {}", p.display()),
        None => "(no curl script)".into(),
    };
    // The place shown is the finding's most telling evidence (its first), as `verify`
    // shows it: for a client's call against the card (BIND-USE-001) that is the call, not
    // the card fetch the anchor (lowest seq) names (ux20 N1).
    let shown_seq = target.evidence.first().map_or(anchor, |e| e.seq);
    let anchor_shown = match tix.as_ref().and_then(|ix| ix.line_of_seq(shown_seq)) {
        Some(l) => format!("line {l}"),
        None => format!("#{shown_seq}"),
    };
    // a HAR file's finding at the entry `verify` cites (ux38)
    let anchor_entry = entry_of(shown_seq).map(|i| format!(" (log.entries[{i}])"));
    // `at e26 #152`: the exchange beside the event, as the proxy's live finding line and
    // `verify` cite it (newcomer24 N8)
    let shown_x = target.evidence.first().and_then(|ev| {
        ev.exchange.clone().or_else(|| {
            events
                .iter()
                .find(|e| e.seq == ev.seq)
                .and_then(|e| e.exchange.as_deref().map(str::to_string))
        })
    });
    let anchor_shown = match shown_x {
        Some(x) => format!("{x} {anchor_shown}"),
        None => anchor_shown,
    };
    let anchor_shown = anchor_shown + anchor_entry.as_deref().unwrap_or("");
    let line = format!(
        "wrote {} ({} of {} exchanges{}) {}: {}[{}] at {}",
        if to_stdout {
            "the cut to stdout".to_string()
        } else {
            a.output.display().to_string()
        },
        keep.len(),
        exchange_order(&events).len(),
        if anonymized { ", hosts anonymized" } else { "" },
        script_shown,
        target.severity,
        target.rule,
        anchor_shown
    );
    if to_stdout {
        crate::errln!("{line}");
    } else {
        crate::outln!("{line}");
    }
    // A cut `verify` refuses (its one exchange got the proxy's own 502: GW-RESP-006) is
    // still the finding's smallest evidence, but `verify min.jsonl` then says "nothing was
    // verified" and shows no finding (newcomer51 N2): said here, with what shows it again.
    if output_is_file {
        if let Some(why) = verify_refuses(&a.output) {
            let again = match &script_path {
                Some(sh) => format!(
                    "{} sends its requests to the agent again to see it happen",
                    sh.display()
                ),
                None => "send its requests to the agent again to see it happen".to_string(),
            };
            crate::errln!(
                "a2a-interop: note: `a2a-interop verify {}` judges nothing in this cut (exit 2, \"nothing was verified\"): {why}; {} is a finding on that answer of the proxy, not on one of the agent's: {again}",
                super::sh_path(&a.output),
                target.rule
            );
        }
    }
    if let Some(p) = &passed_over {
        let place = |seq: u64| match tix.as_ref().and_then(|ix| ix.line_of_seq(seq)) {
            Some(l) => (format!("{} line {l}", p.exchange), l),
            None => (format!("{} #{seq}", p.exchange), seq),
        };
        let (shown, n) = place(p.seq);
        crate::errln!(
            "a2a-interop: note: cut the first occurrence of {} whose exchange has no other error; its first occurrence, {shown}, also has {} on that exchange (a cut of it would show that too): --finding {}@{n} cuts that one",
            target.rule,
            p.others.join(", "),
            target.rule
        );
    }
    if !deps.is_empty() && script_path.is_some() {
        let made: Vec<String> = deps
            .iter()
            .map(|d| format!("task {} by {} ({})", d.task_id, d.exchange, d.request))
            .collect();
        crate::errln!(
            "a2a-interop: note: the curl script's requests name tasks that exchanges of {} outside the cut made ({}); replayed alone against a live agent they get TaskNotFound, not the finding: make such a task first and put its id in (the script's NOTE says how)",
            input.shown,
            made.join("; ")
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The cut read back from the text written to stdout (`-o -`), as [`source::open`] would
/// read the file.
fn reread_text(text: &str, transcript: bool) -> anyhow::Result<source::Source> {
    if transcript {
        let (header, events) = crate::record::transcript::read(text)?;
        return Ok(source::Source {
            kind: source::SourceKind::Transcript,
            header,
            events: Box::new(events.into_iter().map(Ok)),
            torn_tail: Default::default(),
            seq_breaks: Default::default(),
            har_entries: Vec::new(),
            notes: Default::default(),
        });
    }
    let r =
        crate::record::jsonl::RecordingReader::new(std::io::Cursor::new(text.as_bytes().to_vec()))?;
    Ok(source::Source {
        kind: source::SourceKind::Recording,
        header: r.header().clone(),
        events: Box::new(r),
        torn_tail: Default::default(),
        seq_breaks: Default::default(),
        har_entries: Vec::new(),
        notes: Default::default(),
    })
}

/// Why `verify` of the traffic file at `path` would judge nothing and exit 2 ("nothing was
/// verified": every exchange got the proxy's own answer, none was answered, none fully
/// recorded), in `verify`'s own words ([`crate::app::verify_cmd::nothing_verified`]);
/// `None` when `verify` judges it, or when the file cannot be read again (stdin, a pipe).
/// `repro` cuts by the verifier's findings, which such a file can hold (GW-RESP-006 on a
/// proxy's 502), so what it writes and says must not promise what `verify` then refuses
/// (newcomer51 N2).
fn verify_refuses(path: &Path) -> Option<String> {
    if path.as_os_str() == "-" || !std::fs::metadata(path).is_ok_and(|m| m.is_file()) {
        return None;
    }
    let shown = path.display().to_string();
    let input = crate::app::verify_cmd::verify_file_skipping(path, &shown, false).ok()?;
    crate::app::verify_cmd::nothing_verified(&input)
}

fn with_extension(p: &Path, ext: &str) -> PathBuf {
    let mut s = p.to_path_buf();
    s.set_extension(ext);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ev(seq: u64, x: &str, kind: EventKind) -> Event {
        Event {
            seq,
            t_us: seq * 1000,
            exchange: Some(x.into()),
            leg: None,
            kind,
        }
    }

    fn head(url: &str, headers: &[(&str, &str)]) -> EventKind {
        EventKind::RequestHead {
            conn: None,
            method: "POST".into(),
            url: url.into(),
            version: None,
            headers: headers.iter().copied().collect(),
            upstream: None,
        }
    }

    fn many(n: usize) -> Vec<Event> {
        (0..n)
            .map(|i| ev(i as u64 + 1, &format!("e{i}"), head("http://a.test/", &[])))
            .collect()
    }

    /// newcomer51 N3: redaction keeps the events in the input's line order, which the
    /// verifier reads, when the seqs do not rise line by line (an edited or joined file):
    /// sorted by seq, a request head moved after its own exchange's other events and the
    /// finding "disappeared once secrets are redacted". A rising file keeps its order.
    #[test]
    fn redaction_keeps_the_line_order_not_the_seq_order() {
        let auth = [("authorization", "Bearer s3cret")];
        let evs = vec![
            ev(90, "e1", head("http://a.test/", &auth)),
            ev(2, "e2", head("http://a.test/", &auth)),
            ev(3, "e3", head("http://a.test/", &[])),
        ];
        let seqs: Vec<u64> = redact(&evs).iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [90, 2, 3]);
        let seqs: Vec<u64> = redact(&many(4)).iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [1, 2, 3, 4]);
        // and the secret is still gone
        let out = format!("{:?}", redact(&evs));
        assert!(!out.contains("s3cret"), "{out}");
    }

    /// newcomer19 N5: a follow-up whose task an exchange outside the cut made is named in
    /// the script's NOTE; one whose task the cut makes itself, or that names no task, is not.
    #[test]
    fn state_dependencies_name_tasks_made_outside_the_cut() {
        let req = |s: u64, x: &str, b: &str| {
            ev(
                s,
                x,
                EventKind::RequestBody {
                    body: Body::new(b.to_string()),
                },
            )
        };
        let resp = |s: u64, x: &str, b: &str| {
            ev(
                s,
                x,
                EventKind::ResponseChunk {
                    body: Body::new(b.to_string()),
                },
            )
        };
        let evs = vec![
            ev(1, "e1", head("http://a.test/", &[])),
            req(2, "e1", r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"messageId":"m1"}}}"#),
            resp(3, "e1", r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"task","id":"t-1","contextId":"c1","status":{"state":"input-required"}}}"#),
            ev(4, "e2", head("http://a.test/", &[])),
            req(5, "e2", r#"{"jsonrpc":"2.0","id":2,"method":"message/stream","params":{"message":{"messageId":"m2","taskId":"t-1"}}}"#),
            resp(6, "e2", "data: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-1\"}}\n\n"),
            ev(7, "e3", head("http://a.test/v1/tasks/t-1:cancel", &[])),
            ev(8, "e4", head("http://a.test/", &[])),
            req(9, "e4", r#"{"jsonrpc":"2.0","id":4,"method":"tasks/get","params":{"id":"t-1"}}"#),
        ];
        let deps = state_dependencies(&evs, &["e2".into()]);
        assert_eq!(
            deps,
            vec![StateDependency {
                task_id: "t-1".into(),
                exchange: "e1".into(),
                request: "POST /".into(),
            }]
        );
        // by a task call's params.id and by a /tasks/{id} path alike
        assert_eq!(state_dependencies(&evs, &["e4".into()]).len(), 1);
        assert_eq!(state_dependencies(&evs, &["e3".into()]).len(), 1);
        // the cut makes the task itself; the send that makes it names none
        assert!(state_dependencies(&evs, &["e1".into(), "e2".into()]).is_empty());
        assert!(state_dependencies(&evs, &["e1".into()]).is_empty());
        let lines = dependency_lines(&deps, "rec.jsonl");
        assert_eq!(
            lines.last().map(String::as_str),
            Some("#   task t-1 was made by e1 (POST /) of rec.jsonl")
        );
        assert!(dependency_lines(&[], "rec.jsonl").is_empty());
    }

    #[test]
    fn minimize_finds_the_needed_pair() {
        let evs = many(20);
        // The "finding" needs e3 and e17 together.
        let mut calls = 0;
        let keep = minimize(&evs, &["e17".into()], |s| {
            calls += 1;
            let ids: Vec<_> = s.iter().filter_map(|e| e.exchange.as_deref()).collect();
            ids.contains(&"e3") && ids.contains(&"e17")
        })
        .unwrap();
        assert_eq!(keep, vec!["e3".to_string(), "e17".to_string()]);
        assert!(calls < 60, "{calls} verifications");
        // Evidence alone suffices: one verification after the first try.
        let keep = minimize(&evs, &["e5".into()], |s| {
            s.iter().any(|e| e.exchange.as_deref() == Some("e5"))
        })
        .unwrap();
        assert_eq!(keep, vec!["e5".to_string()]);
        assert_eq!(minimize(&evs, &[], |_| false), None);
    }

    #[test]
    fn secrets_are_redacted_everywhere() {
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://a.test/x?token=qsv&q=1",
                    &[
                        ("Authorization", "Bearer s3cr3t"),
                        ("X-API-Key", "k"),
                        ("Accept", "*/*"),
                    ],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body::new(
                        r#"{"params":{"pushNotificationConfig":{"url":"http://hook","token":"tok-1"}}}"#,
                    ),
                },
            ),
            ev(
                3,
                "e1",
                EventKind::ResponseChunk {
                    body: Body::new("data: {\"result\":{\"credentials\":\"c\"}}\r\n\r\n: ping\n"),
                },
            ),
        ];
        let r = redact(&evs);
        let all = to_transcript(&r) + &format!("{r:?}");
        for secret in ["qsv", "s3cr3t", "\"k\"", "tok-1", "\"c\""] {
            assert!(!all.contains(secret), "{secret} leaked: {all}");
        }
        let EventKind::RequestHead { headers, url, .. } = &r[0].kind else {
            panic!("{:?}", r[0]);
        };
        assert_eq!(headers.get("accept"), Some("*/*"));
        let auth = headers.get("authorization").unwrap_or_default();
        let auth_tag = auth.strip_prefix("Bearer ").and_then(placeholder_tag);
        assert!(auth_tag.is_some(), "{auth}");
        let (_, query) = url.split_once('?').unwrap_or_default();
        let q_token = query
            .split('&')
            .find_map(|p| p.strip_prefix("token="))
            .and_then(placeholder_tag);
        assert!(url.contains("q=1") && q_token.is_some(), "{url}");
        // different secrets, different tags
        assert_ne!(auth_tag, q_token);
        let EventKind::ResponseChunk { body } = &r[2].kind else {
            panic!("{:?}", r[2]);
        };
        let text = body.as_str().unwrap();
        let cred: Value = serde_json::from_str(
            text.strip_prefix("data: ")
                .and_then(|t| t.split_once("\r\n"))
                .map(|(d, _)| d)
                .unwrap_or_default(),
        )
        .unwrap();
        let cred = cred["result"]["credentials"].as_str().unwrap_or_default();
        assert!(placeholder_tag(cred).is_some(), "{text}");
        assert!(text.ends_with("}}\r\n\r\n: ping\n"), "{text}");
    }

    #[test]
    fn one_secret_gets_one_tag_across_both_passes_and_placeholders_are_kept() {
        // `Bearer s1` is the recorder pass's (scheme kept), `X-Relay-Token: s1` the wider
        // pass's (a name containing `token`), `"accessToken":"s1"` the wider pass's JSON key;
        // an old untagged `[REDACTED]` and a tagged one from a redacted input stay as they are
        let kept = "[REDACTED:00112233aabb]";
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://a.test/x",
                    &[
                        ("Authorization", "Bearer s1"),
                        ("X-Relay-Token", "s1"),
                        ("X-Other-Token", "s2"),
                        ("Cookie", REDACTED),
                        ("X-Old-Token", kept),
                    ],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body::new(format!(r#"{{"accessToken":"s1","apiKey":"{kept}"}}"#)),
                },
            ),
        ];
        let r = redact(&evs);
        let EventKind::RequestHead { headers, .. } = &r[0].kind else {
            panic!("{:?}", r[0]);
        };
        let bearer = headers
            .get("authorization")
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or_default();
        assert!(placeholder_tag(bearer).is_some(), "{bearer}");
        assert_eq!(headers.get("x-relay-token"), Some(bearer));
        let other = headers.get("x-other-token").unwrap_or_default();
        assert!(
            placeholder_tag(other).is_some() && other != bearer,
            "{other}"
        );
        assert_eq!(headers.get("cookie"), Some(REDACTED));
        assert_eq!(headers.get("x-old-token"), Some(kept));
        let EventKind::RequestBody { body } = &r[1].kind else {
            panic!("{:?}", r[1]);
        };
        let v: Value = serde_json::from_str(body.as_str().unwrap()).unwrap();
        assert_eq!(v["accessToken"], bearer);
        assert_eq!(v["apiKey"], kept);
        // another run: another key, other tags
        let again = redact(&evs);
        let EventKind::RequestHead { headers: h2, .. } = &again[0].kind else {
            panic!("{:?}", again[0]);
        };
        assert_ne!(h2.get("x-relay-token"), Some(bearer));
    }

    #[test]
    fn a_header_an_agent_card_names_as_api_key_is_redacted_in_a_cut_of_unredacted_input() {
        // A transcript or `--no-redact` recording: the card (e1) says `X-Shop-Auth` carries
        // the key (CARD-011); the recorder would have redacted it in e2, so must repro.
        let card = r#"{"name":"a","securitySchemes":{"k":{"type":"apiKey","in":"header","name":"X-Shop-Auth"}}}"#;
        let mut card_head = head("http://a.test/.well-known/agent-card.json", &[]);
        if let EventKind::RequestHead { method, .. } = &mut card_head {
            *method = "GET".into();
        }
        let evs = vec![
            ev(1, "e1", card_head),
            ev(
                2,
                "e1",
                EventKind::ResponseHead {
                    status: 200,
                    version: None,
                    headers: Headers::from(vec![(
                        "content-type".into(),
                        "application/json".into(),
                    )]),
                    synthetic: false,
                    reason: None,
                },
            ),
            ev(
                3,
                "e1",
                EventKind::ResponseChunk {
                    body: Body::new(card),
                },
            ),
            ev(
                4,
                "e1",
                EventKind::ExchangeEnd {
                    outcome: Outcome::Complete,
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: card.len() as u64,
                    truncated: false,
                    resent: None,
                    connect_failure: None,
                },
            ),
            ev(
                5,
                "e2",
                head("http://a.test/rpc", &[("X-Shop-Auth", "sk-live-77")]),
            ),
        ];
        let r = redact(&evs);
        let all = format!("{r:?}");
        assert!(!all.contains("sk-live-77"), "{all}");
        assert_eq!(r.iter().map(|e| e.seq).collect::<Vec<_>>(), [1, 2, 3, 4, 5]);
    }

    #[test]
    fn urls_lose_userinfo_and_secret_query_values_only() {
        let t = Tagger::random();
        let ph = |s: &str| t.placeholder(s.as_bytes());
        assert_eq!(
            redact_url("http://u:pw@h/x?sig=s&a=%41", &t),
            format!("http://u:{}@h/x?sig={}&a=%41", ph("pw"), ph("s"))
        );
        assert_eq!(
            redact_url("https://tok@h/", &t),
            format!("https://{}@h/", ph("tok"))
        );
        // nothing secret: not re-encoded; placeholders kept
        assert_eq!(redact_url("http://h/x?a=%41", &t), "http://h/x?a=%41");
        let done = format!("http://u:{}@h/x?sig=[REDACTED]", ph("pw"));
        assert_eq!(redact_url(&done, &t), done);
        let mut v: Value = serde_json::from_str(
            r#"{"params":{"url":"http://h/hook?token=t","other":"http://h/?token=t"}}"#,
        )
        .unwrap();
        assert!(redact_json(&mut v, &t));
        assert_eq!(
            v["params"]["url"],
            format!("http://h/hook?token={}", ph("t"))
        );
    }

    #[test]
    fn anonymize_keeps_loopback() {
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://agent.corp.example/a2a",
                    &[("Host", "agent.corp.example")],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body::new("see http://agent.corp.example/a2a and http://127.0.0.1:9/"),
                },
            ),
        ];
        let a = anonymize(&evs);
        let dump = format!("{a:?}");
        assert!(!dump.contains("corp.example"), "{dump}");
        assert!(dump.contains("host-1.example.test"));
        assert!(dump.contains("127.0.0.1:9"));
    }

    #[test]
    fn anonymize_finds_hosts_in_forwarding_headers_and_card_urls() {
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://127.0.0.1:8080/.well-known/agent-card.json",
                    &[
                        ("X-Forwarded-For", "203.0.113.9, 10.1.2.3"),
                        (
                            "Forwarded",
                            "for=10.1.2.3;host=gw.corp.internal;proto=https",
                        ),
                        ("Via", "1.1 edge-7.corp.internal"),
                        ("X-Other", "10.1.2.30 and 10.1.2.3"),
                    ],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::ResponseChunk {
                    body: Body::new(
                        r#"{"url":"http://agent-svc.ns.svc.cluster.local:9999/a2a","version":"1.2.3"}"#,
                    ),
                },
            ),
        ];
        let a = anonymize(&evs);
        let dump = format!("{a:?}");
        for private in [
            "203.0.113.9",
            "10.1.2.3\"",
            "10.1.2.3,",
            "gw.corp.internal",
            "edge-7.corp.internal",
            "cluster.local",
        ] {
            assert!(!dump.contains(private), "{private} left: {dump}");
        }
        // Not inside a longer address, not a version, not loopback.
        assert!(dump.contains("10.1.2.30 and host-"), "{dump}");
        assert!(dump.contains("1.1 host-"), "{dump}");
        assert!(dump.contains(r#"\"version\":\"1.2.3\""#), "{dump}");
        assert!(dump.contains("127.0.0.1:8080"), "{dump}");
    }

    #[test]
    fn transcript_lines_follow_the_format() {
        let sse_head = EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Headers::from(vec![("Content-Type".into(), "text/event-stream".into())]),
            synthetic: false,
            reason: None,
        };
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://127.0.0.1:9/",
                    &[("Content-Type", "application/json")],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body::new("{\"a\":"),
                },
            ),
            ev(
                3,
                "e1",
                EventKind::RequestBody {
                    body: Body::new("1}"),
                },
            ),
            ev(4, "e1", sse_head),
            ev(
                5,
                "e1",
                EventKind::ResponseChunk {
                    body: Body::new("data: {}\r\n\r\n"),
                },
            ),
            ev(
                6,
                "e1",
                EventKind::ExchangeEnd {
                    outcome: Outcome::UpstreamAbort,
                    error: None,
                    trailers: None,
                    request_bytes: 0,
                    response_bytes: 0,
                    truncated: false,
                    resent: None,
                    connect_failure: None,
                },
            ),
        ];
        let t = to_transcript(&evs);
        let lines: Vec<Value> = t
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 4, "{t}");
        assert_eq!(lines[0]["dir"], "req");
        assert_eq!(lines[0]["body"], "{\"a\":1}");
        assert_eq!(lines[0]["headers"]["content-type"], "application/json");
        assert_eq!(lines[0]["t"], 0.001);
        assert_eq!(lines[1]["dir"], "resp");
        assert_eq!(lines[1]["body"], "");
        assert_eq!(lines[2]["body"], "data: {}\r\n\r\n");
        assert_eq!(lines[3]["close"], "reset");
        assert!(lines.iter().all(|l| l["id"] == "e1"));
        let curl = to_curl(&evs, "t");
        assert!(
            curl.contains("curl -sS -N -X 'POST' 'http://127.0.0.1:9/'"),
            "{curl}"
        );
        assert!(
            curl.contains("--data-binary @- <<'A2A_BODY'\n{\"a\":1}\nA2A_BODY\n"),
            "{curl}"
        );
        // Recorded through a proxy: the script calls the agent the proxy forwarded to.
        let mut proxied = evs.clone();
        if let EventKind::RequestHead { upstream, .. } = &mut proxied[0].kind {
            *upstream = Some("http://127.0.0.1:7/a2a".into());
        }
        let curl = to_curl(&proxied, "t");
        assert!(
            curl.contains("# recorded as http://127.0.0.1:9/ through the proxy\ncurl -sS -N -X 'POST' 'http://127.0.0.1:7/a2a'"),
            "{curl}"
        );
        // plain http: no TLS options; an https agent: the CA file's variable and flag
        assert!(
            !curl.contains("A2A_TLS") && !curl.contains("A2A_CACERT"),
            "{curl}"
        );
        let mut tls = evs.clone();
        if let EventKind::RequestHead { upstream, .. } = &mut tls[0].kind {
            *upstream = Some("https://agent.example.test/a2a".into());
        }
        let curl = to_curl(&tls, "t");
        assert!(!curl.contains("CURL_CA_BUNDLE"), "{curl}");
        assert!(
            curl.contains("set -u\n\n# TLS: the agent is called over https.")
                && curl.contains("A2A_TLS+=(--cacert \"$A2A_CACERT\")")
                && curl.contains("curl -sS -N ${A2A_TLS[@]+\"${A2A_TLS[@]}\"} -X 'POST' 'https://agent.example.test/a2a'"),
            "{curl}"
        );
        // An interop direction leg is a client's calls: replayed, the leg named
        let mut interop = proxied.clone();
        for e in &mut interop {
            e.leg = Some("A->B".into());
        }
        let curl = to_curl(&interop, "t");
        assert!(
            curl.contains("# e1 (leg A->B)\n# recorded as http://127.0.0.1:9/ through the proxy\ncurl -sS -N -X 'POST' 'http://127.0.0.1:7/a2a'"),
            "{curl}"
        );
        // A gateway's upstream copy alone is replayed straight to the agent (newcomer45
        // N8), its leg said
        let mut up = proxied.clone();
        for e in &mut up {
            e.leg = Some("upstream".into());
        }
        let curl = to_curl(&up, "t");
        assert!(
            curl.contains("# e1 (leg upstream): the request the gateway sent the agent, sent straight to the agent (the cut holds no client call)\n# recorded as http://127.0.0.1:9/ through the proxy\ncurl -sS -N -X 'POST' 'http://127.0.0.1:7/a2a'")
                && !curl.contains("Nothing to replay"),
            "{curl}"
        );
        // next to a client's call it is not sent twice
        let mut both = proxied.clone();
        both.extend(up.iter().cloned().map(|mut e| {
            e.exchange = Some("e2".into());
            e
        }));
        let curl = to_curl(&both, "t");
        assert_eq!(curl.matches("curl -sS").count(), 1, "{curl}");
        assert!(!curl.contains("# e2"), "{curl}");
        // the client's call went to the gateway's front: the header says so (newcomer47),
        // where the upstream copy alone goes to the agent
        assert!(
            curl.contains("as recorded; to replay against your gateway elsewhere: sed -i.bak 's#http://127.0.0.1:7#https://your-gateway.example#g' THIS_FILE"),
            "{curl}"
        );
        let curl = to_curl(&up, "t");
        assert!(
            curl.contains("to replay against your agent elsewhere: ")
                && curl.contains("https://your-agent.example"),
            "{curl}"
        );
        // An agent's notification is not replayed: said, not empty
        for leg in ["B->webhook"] {
            let mut other = proxied.clone();
            for e in &mut other {
                e.leg = Some(leg.into());
            }
            let curl = to_curl(&other, "t");
            assert!(!curl.contains("curl -sS"), "{curl}");
            assert!(
                curl.contains(&format!("# Nothing to replay: its requests are all on legs that are not a client's calls ({leg}:"))
                    && curl.ends_with("exit 1\n"),
                "{curl}"
            );
        }
    }

    /// breaker8 G17: bytes that are not UTF-8 make a cut a native recording, and the curl
    /// script sends such a request body through base64, as recorded (no U+FFFD).
    /// A stream the client left (`client_abort`) is written `close: client`, which the
    /// transcript reader maps back, so the agent is not charged a reset on the way round.
    #[test]
    fn client_abort_round_trips_as_close_client() {
        let sse_head = EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Headers::from(vec![("Content-Type".into(), "text/event-stream".into())]),
            synthetic: false,
            reason: None,
        };
        let end = |outcome| EventKind::ExchangeEnd {
            outcome,
            error: None,
            trailers: None,
            request_bytes: 0,
            response_bytes: 0,
            truncated: false,
            resent: None,
            connect_failure: None,
        };
        let evs = vec![
            ev(1, "e1", head("http://127.0.0.1:9/", &[])),
            ev(2, "e1", sse_head),
            ev(
                3,
                "e1",
                EventKind::ResponseChunk {
                    body: Body::new("data: {}\n\n"),
                },
            ),
            ev(4, "e1", end(Outcome::ClientAbort)),
        ];
        let t = to_transcript(&evs);
        let last: Value = serde_json::from_str(t.lines().last().unwrap()).unwrap();
        assert_eq!(last["close"], "client", "{t}");
        let (_, back) = crate::record::transcript::read(&t).unwrap();
        match &back.last().unwrap().kind {
            EventKind::ExchangeEnd { outcome, .. } => assert_eq!(*outcome, Outcome::ClientAbort),
            k => panic!("{k:?}"),
        }
    }

    #[test]
    fn non_utf8_bodies_are_not_transcript_material_and_curl_keeps_their_bytes() {
        let raw: &[u8] = b"{\"text\":\"caf\xe9\"}";
        let evs = vec![
            ev(1, "e1", head("http://127.0.0.1:9/", &[])),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body {
                        data: bytes::Bytes::copy_from_slice(raw),
                        truncated: false,
                    },
                },
            ),
        ];
        assert!(!transcript_keeps_bytes(&evs));
        assert!(transcript_keeps_bytes(&evs[..1]));
        let script = to_curl(&evs, "t");
        use base64::Engine as _;
        let b64 = base64::engine::general_purpose::STANDARD.encode(raw);
        assert!(
            script.contains(&format!(
                "--data-binary @<(base64 -d <<'A2A_BODY'\n{b64}\nA2A_BODY\n)"
            )),
            "{script}"
        );
        assert!(!script.contains('\u{FFFD}'), "{script}");
    }

    /// newcomer21 N16: a request that asked for a compressed answer replays with curl's
    /// `--compressed` in place of its Accept-Encoding (the answer prints decoded); one that
    /// did not, or asked for `identity`, keeps its headers as recorded.
    #[test]
    fn a_request_asking_for_compression_replays_with_compressed() {
        let asked = vec![ev(
            1,
            "e1",
            head(
                "http://127.0.0.1:9/",
                &[
                    ("accept-encoding", "gzip, br"),
                    ("accept", "text/event-stream"),
                ],
            ),
        )];
        let script = to_curl(&asked, "t");
        assert!(
            script.contains("-H 'accept: text/event-stream' \\\n  --compressed")
                && !script.contains("accept-encoding"),
            "{script}"
        );
        for plain in [&[][..], &[("accept-encoding", "identity")][..]] {
            let script = to_curl(&[ev(1, "e1", head("http://127.0.0.1:9/", plain))], "t");
            assert!(!script.contains("--compressed"), "{script}");
            assert_eq!(
                script.contains("-H 'accept-encoding: identity'"),
                !plain.is_empty(),
                "{script}"
            );
        }
    }

    /// The header's `sed` command, run as written (`sh -c`, the system's sed) on the
    /// script, points every curl line at the new address: an IPv6 agent too (`[::1]` was
    /// a bracket expression that matched nothing, and the script kept calling the old
    /// address), and with `-i.bak`, which BSD (macOS) sed takes as well as GNU sed.
    #[test]
    fn the_headers_sed_command_retargets_the_script_for_ipv4_and_ipv6_agents() {
        // (an IPv6 literal's brackets get curl's -g: its URL globbing reads `[...]`, ux37)
        for (recorded, origin, curl) in [
            (
                "http://[::1]:8931/a2a",
                "http://[::1]:8931",
                "curl -sS -N -g -X",
            ),
            (
                "http://127.0.0.1:8931/a2a",
                "http://127.0.0.1:8931",
                "curl -sS -N -X",
            ),
        ] {
            let script = to_curl(&[ev(1, "e1", head(recorded, &[]))], "t");
            let line = script
                .lines()
                .find(|l| l.starts_with("# Sent to "))
                .unwrap_or_else(|| panic!("{script}"));
            assert!(
                line.starts_with(&format!("# Sent to {origin} as recorded; ")),
                "{line}"
            );
            let dir = tempfile::tempdir().unwrap();
            let file = dir.path().join("min.sh");
            std::fs::write(&file, &script).unwrap();
            let command = line
                .split_once("elsewhere: ")
                .unwrap()
                .1
                .replace(
                    "https://your-agent.example",
                    "http://agent.example.test:9000",
                )
                .replace(
                    " THIS_FILE",
                    &format!(" {}", sh_quote(&file.display().to_string())),
                );
            assert!(command.starts_with("sed -i.bak '"), "{command}");
            // recorded over http: how to trust a private CA once pointed at https
            assert!(
                script.contains("\n# Pointed at an https agent whose certificate a private CA (or itself) signed: CURL_CA_BUNDLE=ca.pem bash THIS_SCRIPT\nset -u\n"),
                "{script}"
            );
            let st = std::process::Command::new("sh")
                .args(["-c", &command])
                .status()
                .unwrap();
            assert!(st.success(), "{command}");
            let after = std::fs::read_to_string(&file).unwrap();
            assert!(
                after.contains(&format!(
                    "{curl} 'POST' 'http://agent.example.test:9000/a2a'"
                )) && !after
                    .lines()
                    .any(|l| l.starts_with("curl ") && l.contains(origin)),
                "{command}\n{after}"
            );
        }
    }

    /// A gRPC request replays over HTTP/2 with its bytes (NUL prefix included) intact.
    #[test]
    fn grpc_requests_replay_over_http2_with_their_bytes() {
        let raw: &[u8] = b"\x00\x00\x00\x00\x0a\x12\x08task-404";
        let evs = vec![
            ev(
                1,
                "e1",
                head(
                    "http://127.0.0.1:9/lf.a2a.v1.A2AService/GetTask",
                    &[("content-type", "application/grpc"), ("te", "trailers")],
                ),
            ),
            ev(
                2,
                "e1",
                EventKind::RequestBody {
                    body: Body {
                        data: bytes::Bytes::copy_from_slice(raw),
                        truncated: false,
                    },
                },
            ),
        ];
        let script = to_curl(&evs, "t");
        use base64::Engine as _;
        let b64 = base64::engine::general_purpose::STANDARD.encode(raw);
        assert!(
            script.contains("--http2-prior-knowledge --output -"),
            "{script}"
        );
        assert!(
            script.contains(&format!(
                "--data-binary @<(base64 -d <<'A2A_BODY'\n{b64}\nA2A_BODY\n)"
            )),
            "{script}"
        );
    }

    #[test]
    fn keys_and_quoting() {
        assert_eq!(
            parse_key("CARD-URL-001@12"),
            ("CARD-URL-001".into(), Some(12))
        );
        assert_eq!(
            parse_key("card-url-doubled-path"),
            ("card-url-doubled-path".into(), None)
        );
        assert_eq!(sh_quote("it's"), "'it'\\''s'");
    }
}
