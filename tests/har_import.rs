/*!
HAR import of files written by other tools (`record::har::read`, `verify FILE.har`): the
way Chrome DevTools, Firefox and mitmproxy's `har_dump` write them, as HAR 1.2 says
(`content.text` decoded, entries sorted by the reader, `status: 0` for a request that got no
response). The base file `tests/data/har/chrome-gzip.har` is Chrome-style (HTTP/2
pseudo-headers, `timings` -1, `pages`, the agent's `content-encoding: gzip` kept in the
headers with the decoded text) over 12 exchanges of a 1.0 JSON-RPC agent (`a2a-interop demo`
traffic); the tests derive the other tools' variants from it.
*/

use crate::common;

use std::path::{Path, PathBuf};

use common::{bin, verify_file};
use serde_json::{json, Value};

const CHROME_GZIP: &str = "tests/data/har/chrome-gzip.har";

fn load(path: &str) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn entries(doc: &mut Value) -> &mut Vec<Value> {
    doc["log"]["entries"].as_array_mut().expect("log.entries")
}

fn save(dir: &Path, name: &str, doc: &Value) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, serde_json::to_vec_pretty(doc).expect("HAR to JSON")).expect("write HAR");
    p
}

/// `a2a-interop verify FILE`: (exit code, stdout).
fn verify_cli(path: &Path) -> (i32, String) {
    let o = bin()
        .arg("verify")
        .arg(path)
        .output()
        .expect("run a2a-interop");
    (
        o.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

fn rules(out: &a2a_interop::verify::VerifyOutcome) -> Vec<String> {
    out.findings.iter().map(|f| f.rule.to_string()).collect()
}

/// F1: every response of the Chrome-style HAR names `content-encoding: gzip` while its
/// `content.text` is the decoded JSON (HAR 1.2): all of it is judged, and an answer without
/// `jsonrpc` is the RPC-ENVELOPE-001 error with exit 1 (before: "not judged", exit 0).
#[test]
fn decoded_content_of_a_gzip_agent_is_judged() {
    let out = verify_file(Path::new(CHROME_GZIP));
    assert!(out.incomplete.is_empty(), "{:?}", out.incomplete);
    assert!(rules(&out).is_empty(), "{:#?}", out.findings);

    let d = tempfile::tempdir().unwrap();
    let mut doc = load(CHROME_GZIP);
    let send = entries(&mut doc)
        .iter_mut()
        .find(|e| {
            e["request"]["postData"]["text"]
                .as_str()
                .is_some_and(|t| t.contains("\"SendMessage\""))
        })
        .expect("a SendMessage entry");
    let text = send["response"]["content"]["text"].as_str().unwrap();
    assert!(text.contains("\"jsonrpc\":\"2.0\","), "{text}");
    send["response"]["content"]["text"] = json!(text.replacen("\"jsonrpc\":\"2.0\",", "", 1));
    let broken = save(d.path(), "broken.har", &doc);
    let (code, stdout) = verify_cli(&broken);
    assert_eq!(code, 1, "{stdout}");
    assert!(
        stdout.contains("error[RPC-ENVELOPE-001]: jsonrpc member is missing"),
        "{stdout}"
    );
    assert!(!stdout.contains("not judged"), "{stdout}");
}

/// A tool that stored the bytes as received (base64 gzip under `content-encoding: gzip`) is
/// read as coded bytes, and the same file with the JSON base64-encoded (binary-safe text, as
/// Firefox writes some bodies) as decoded: both are judged alike. (The event stream stays
/// decoded text in the first: the verifier does not decode a compressed stream.)
#[test]
fn base64_content_is_coded_only_when_it_decodes_with_the_named_coding() {
    use base64::Engine as _;
    use std::io::Write;
    let b64 = base64::engine::general_purpose::STANDARD;
    let d = tempfile::tempdir().unwrap();
    let mut raw = load(CHROME_GZIP);
    let mut plain_b64 = raw.clone();
    for e in entries(&mut raw) {
        let c = &mut e["response"]["content"];
        // (a compressed event stream is not decoded by the verifier: left decoded)
        if c["mimeType"] == "text/event-stream" {
            continue;
        }
        let text = c["text"].as_str().unwrap_or("").to_string();
        let mut z = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        z.write_all(text.as_bytes()).unwrap();
        c["text"] = json!(b64.encode(z.finish().unwrap()));
        c["encoding"] = json!("base64");
    }
    for e in entries(&mut plain_b64) {
        let c = &mut e["response"]["content"];
        let text = c["text"].as_str().unwrap_or("").to_string();
        c["text"] = json!(b64.encode(text));
        c["encoding"] = json!("base64");
    }
    for (name, doc) in [("raw.har", &raw), ("b64.har", &plain_b64)] {
        let out = verify_file(&save(d.path(), name, doc));
        assert!(out.incomplete.is_empty(), "{name}: {:?}", out.incomplete);
        assert!(rules(&out).is_empty(), "{name}: {:#?}", out.findings);
    }
}

/// The exit code of `verify` on the base file (readable bodies are never "not judged").
#[test]
fn verify_cli_on_the_chrome_har_exits_0_with_everything_judged() {
    let (code, stdout) = verify_cli(Path::new(CHROME_GZIP));
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("not judged"), "{stdout}");
    assert!(stdout.contains("in 12 exchanges"), "{stdout}");
}

/// F2: entries out of `startedDateTime` order (a tool that writes an entry when its response
/// ends, merged files) are read in time order (HAR 1.2 `entries`: the reader sorts): the
/// reversed file has no lifecycle findings (before: TASK-STATE-001 "was
/// TASK_STATE_COMPLETED and is later reported as ..."), also when a time is written with
/// another UTC offset (mitmproxy writes `+00:00`, Firefox local time).
#[test]
fn entries_are_read_in_started_date_time_order() {
    let d = tempfile::tempdir().unwrap();
    let mut doc = load(CHROME_GZIP);
    let list = entries(&mut doc);
    list.reverse();
    let first = list.last_mut().unwrap();
    let t = chrono::DateTime::parse_from_rfc3339(first["startedDateTime"].as_str().unwrap())
        .unwrap()
        .with_timezone(&chrono::FixedOffset::east_opt(2 * 3600).unwrap());
    first["startedDateTime"] = json!(t.to_rfc3339());
    let reversed = save(d.path(), "reversed.har", &doc);
    let out = verify_file(&reversed);
    assert!(rules(&out).is_empty(), "{:#?}", out.findings);
    assert!(out.incomplete.is_empty(), "{:?}", out.incomplete);

    // The events come in time order; exchanges keep the name of their place in the file.
    let text = std::fs::read_to_string(&reversed).unwrap();
    let (_, evs) = a2a_interop::record::har::read(&text).unwrap();
    let heads: Vec<(u64, String)> = evs
        .iter()
        .filter(|e| matches!(e.kind, a2a_interop::record::EventKind::RequestHead { .. }))
        .map(|e| {
            (
                e.t_us,
                e.exchange.as_deref().unwrap_or_default().to_string(),
            )
        })
        .collect();
    assert_eq!(heads.len(), 12);
    assert!(heads.windows(2).all(|w| w[0].0 <= w[1].0), "{heads:?}");
    assert_eq!(heads[0].1, "e12");
    assert_eq!(heads[11].1, "e1");
    assert!(evs.windows(2).all(|w| w[0].seq < w[1].seq));
}

/// F3 (HAR part): an entry the way Chrome writes a request it aborted or never sent
/// (`"status": 0`, `_error: net::ERR_ABORTED`) is "no response, client side": no evidence
/// that the advertised URL never answers (before: CARD-URL-002 error, exit 1). An `_error`
/// naming the agent's side (`net::ERR_CONNECTION_REFUSED`) stays "the agent did not answer".
#[test]
fn status_0_entries_are_no_response_and_aborted_ones_the_client_side() {
    use a2a_interop::record::{EventKind, Outcome};
    let d = tempfile::tempdir().unwrap();
    let mut doc = load(CHROME_GZIP);
    let list = entries(&mut doc);
    let mut aborted = list
        .iter()
        .find(|e| e["request"]["method"] == "POST")
        .expect("a POST entry")
        .clone();
    let last_start = list.last().unwrap()["startedDateTime"].clone();
    aborted["startedDateTime"] = last_start;
    aborted["response"] = json!({"status": 0, "statusText": "", "httpVersion": "",
        "headers": [], "cookies": [], "content": {"size": 0, "mimeType": ""},
        "redirectURL": "", "headersSize": -1, "bodySize": -1, "_transferSize": 0,
        "_error": "net::ERR_ABORTED"});
    let mut refused = aborted.clone();
    refused["response"]["_error"] = json!("net::ERR_CONNECTION_REFUSED");
    list.push(aborted);
    let path = save(d.path(), "status0.har", &doc);
    let (code, stdout) = verify_cli(&path);
    assert_eq!(code, 0, "{stdout}");
    assert!(!stdout.contains("CARD-URL-002"), "{stdout}");

    entries(&mut doc).push(refused);
    let text = serde_json::to_string(&doc).unwrap();
    let (_, evs) = a2a_interop::record::har::read(&text).unwrap();
    let ends: Vec<(String, Outcome, Option<String>)> = evs
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::ExchangeEnd { outcome, error, .. } => {
                Some((e.exchange.as_deref()?.to_string(), *outcome, error.clone()))
            }
            _ => None,
        })
        .filter(|(x, _, _)| x == "e13" || x == "e14")
        .collect();
    assert_eq!(
        ends,
        [
            (
                "e13".to_string(),
                Outcome::ClientAbort,
                Some("no response (HAR status 0), client side: net::ERR_ABORTED".into())
            ),
            (
                "e14".to_string(),
                Outcome::UpstreamError,
                Some("no response (HAR status 0): net::ERR_CONNECTION_REFUSED".into())
            )
        ]
    );
}

/// Request heads and `exchange_end` truncation of each exchange, and all events.
type Read = (
    Vec<(String, a2a_interop::record::Headers)>,
    Vec<(String, bool)>,
    Vec<a2a_interop::record::Event>,
);

fn heads_and_ends(text: &str) -> Read {
    use a2a_interop::record::EventKind;
    let (_, evs) = a2a_interop::record::har::read(text).unwrap();
    let mut heads = Vec::new();
    let mut ends = Vec::new();
    for e in &evs {
        let x = e.exchange.as_deref().unwrap_or_default().to_string();
        match &e.kind {
            EventKind::RequestHead { headers, .. } => heads.push((x, headers.clone())),
            EventKind::ExchangeEnd { truncated, .. } => ends.push((x, *truncated)),
            _ => {}
        }
    }
    (heads, ends, evs)
}

/// Other fields browsers write: Chrome's HTTP/2 pseudo-headers are not header fields (left
/// out, as in a recording of HTTP/2 traffic); header names in any case (Firefox writes
/// `Content-Encoding: GZIP`); a POST without `postData` but with `bodySize` > 0 (Chrome
/// leaves large bodies out) is an unknown body, listed as not fully judged, not an empty
/// request; a form sent as `postData.params` only is the urlencoded body; a `_webSocketMessages`
/// entry (status 101) is one exchange without findings.
#[test]
fn browser_fields_read_as_what_they_mean() {
    use a2a_interop::record::{EventKind, Outcome};
    let d = tempfile::tempdir().unwrap();
    let base = std::fs::read_to_string(CHROME_GZIP).unwrap();
    let (heads, ends, _) = heads_and_ends(&base);
    assert!(heads
        .iter()
        .all(|(_, h)| h.iter().all(|(k, _)| !k.starts_with(':'))));
    assert_eq!(heads[1].1.get("a2a-version"), Some("1.0"));
    assert!(ends.iter().all(|(_, t)| !t), "{ends:?}");

    let mut doc = load(CHROME_GZIP);
    let list = entries(&mut doc);
    for e in list.iter_mut() {
        for h in e["response"]["headers"].as_array_mut().unwrap() {
            if h["name"] == "content-encoding" {
                h["name"] = json!("Content-Encoding");
                h["value"] = json!("GZIP");
            }
        }
    }
    // entry 2 (e2): a POST whose body Chrome left out
    list[1]["request"]
        .as_object_mut()
        .unwrap()
        .remove("postData");
    assert!(list[1]["request"]["bodySize"].as_u64().unwrap() > 0);
    // a form POST as params only, and a WebSocket entry, at the end
    let mut form = list[0].clone();
    form["request"]["method"] = json!("POST");
    form["request"]["url"] = json!("http://127.0.0.1:40891/oauth/token");
    form["request"]["postData"] = json!({"mimeType": "application/x-www-form-urlencoded",
        "params": [{"name": "grant_type", "value": "client_credentials"},
                   {"name": "scope", "value": "a b&c"}]});
    form["response"]["content"] = json!({"size": 2, "mimeType": "application/json", "text": "{}"});
    let mut ws = list[0].clone();
    ws["request"]["url"] = json!("ws://127.0.0.1:40891/ws");
    ws["response"]["status"] = json!(101);
    ws["response"]["content"] = json!({"size": 0, "mimeType": "x-unknown"});
    ws["_resourceType"] = json!("websocket");
    ws["_webSocketMessages"] = json!([{"type": "send", "time": 1.0, "opcode": 1, "data": "{}"}]);
    list.push(form);
    list.push(ws);
    let path = save(d.path(), "firefox-like.har", &doc);
    let out = verify_file(&path);
    assert!(rules(&out).is_empty(), "{:#?}", out.findings);
    let not_judged: Vec<&str> = out.incomplete.iter().map(|(x, _)| x.as_str()).collect();
    assert_eq!(not_judged, ["e2"], "{:?}", out.incomplete);

    let (_, ends, evs) = heads_and_ends(&std::fs::read_to_string(&path).unwrap());
    assert!(ends.contains(&("e2".to_string(), true)), "{ends:?}");
    let form_body: Vec<u8> = evs
        .iter()
        .filter(|e| e.exchange.as_deref() == Some("e13"))
        .filter_map(|e| match &e.kind {
            EventKind::RequestBody { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .flatten()
        .collect();
    assert_eq!(
        String::from_utf8(form_body).unwrap(),
        "grant_type=client_credentials&scope=a+b%26c"
    );
    assert!(evs.iter().any(|e| e.exchange.as_deref() == Some("e14")
        && matches!(
            e.kind,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                ..
            }
        )));
}

/// This tool's own export re-saved by a tool that dropped a response body (`content.text`
/// left out, `size` kept): the exchange reads as truncated (not judged) instead of the whole
/// file failing with "frame outside the body".
#[test]
fn own_export_with_a_body_left_out_reads_as_truncated() {
    let base = std::fs::read_to_string(CHROME_GZIP).unwrap();
    let (header, evs) = a2a_interop::record::har::read(&base).unwrap();
    let mut doc = a2a_interop::record::har::export(&header, &evs);
    let c = &mut entries(&mut doc)[1]["response"]["content"];
    assert!(c["size"].as_u64().unwrap() > 0);
    c.as_object_mut().unwrap().remove("text");
    let (_, ends, _) = heads_and_ends(&doc.to_string());
    assert_eq!(ends.iter().filter(|(_, t)| *t).count(), 1, "{ends:?}");
    assert!(ends.contains(&("e2".to_string(), true)), "{ends:?}");
}

/// A file that merges this tool's export with another tool's entries: the other entries are
/// exchanges of their own (`harN`, never merged into the export's `eN` of the same number),
/// numbered after the export's events, and everything is judged.
#[test]
fn a_merged_file_keeps_own_and_foreign_exchanges_apart() {
    let base = std::fs::read_to_string(CHROME_GZIP).unwrap();
    let (header, evs) = a2a_interop::record::har::read(&base).unwrap();
    // the export holds the first 6 exchanges, whole
    let cut = evs
        .iter()
        .enumerate()
        .filter(|(_, e)| matches!(e.kind, a2a_interop::record::EventKind::ExchangeEnd { .. }))
        .nth(5)
        .map(|(k, _)| k + 1)
        .unwrap();
    let mut doc = a2a_interop::record::har::export(&header, &evs[..cut]);
    let own_exchanges = entries(&mut doc).len();
    assert_eq!(own_exchanges, 6);
    let mut foreign = load(CHROME_GZIP);
    let tail: Vec<Value> = entries(&mut foreign).drain(own_exchanges..).collect();
    entries(&mut doc).extend(tail);
    let (_, ends, back) = heads_and_ends(&doc.to_string());
    assert_eq!(ends.len(), 12, "{ends:?}");
    let names: std::collections::BTreeSet<&str> = ends.iter().map(|(x, _)| x.as_str()).collect();
    assert_eq!(names.len(), 12, "{names:?}");
    assert!(names.contains("e1") && names.contains("har12"), "{names:?}");
    let seqs: Vec<u64> = back.iter().map(|e| e.seq).collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]), "{seqs:?}");
    let d = tempfile::tempdir().unwrap();
    let out = verify_file(&save(d.path(), "merged.har", &doc));
    assert!(rules(&out).is_empty(), "{:#?}", out.findings);
}

/// Field inputs of breaker10 and breaker11 (`tests/data/har/b10-*.har`, `b11-*.har`, each with a `.expect.json` in
/// the format of `tests/cases/variants`, plus `absent`: rule names that must not appear):
/// every expected finding (rule slug and severity) is reported and no other error is; a
/// `legal-` input gets no error or warning at all.
#[test]
fn breaker10_har_inputs_get_their_verdicts() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/har");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("tests/data/har")
        .flatten()
        .filter_map(|e| {
            let n = e.file_name().to_str()?.to_string();
            ((n.starts_with("b10-") || n.starts_with("b11-") || n.starts_with("b12-"))
                && n.ends_with(".har"))
            .then(|| n.trim_end_matches(".har").into())
        })
        .collect();
    names.sort();
    assert!(!names.is_empty(), "no b10-*.har inputs");
    for n in names {
        let expect = load(dir.join(format!("{n}.expect.json")).to_str().expect("path"));
        let out = verify_file(&dir.join(format!("{n}.har")));
        let got: Vec<(String, String)> = out
            .findings
            .iter()
            .map(|f| (f.name.to_string(), f.severity.as_str().to_string()))
            .collect();
        let mut wanted = Vec::new();
        for e in expect["findings"].as_array().expect("findings") {
            let w = (
                e["rule"].as_str().expect("rule").to_string(),
                e["severity"].as_str().expect("severity").to_string(),
            );
            assert!(got.contains(&w), "{n}: expected {w:?}, got {got:?}");
            wanted.push(w.0);
        }
        for a in expect["absent"].as_array().into_iter().flatten() {
            let a = a.as_str().expect("absent rule");
            assert!(
                !got.iter().any(|(g, _)| g == a),
                "{n}: {a} must not appear: {got:?}"
            );
        }
        let legal = n.contains("legal-");
        let extra: Vec<_> = got
            .iter()
            .filter(|(r, s)| (s == "error" || (legal && s == "warning")) && !wanted.contains(r))
            .collect();
        assert!(extra.is_empty(), "{n}: unexpected findings {extra:?}");
    }
}

/// `a2a-interop verify FILE --format F -o -`: stdout.
fn verify_as(path: &Path, format: &str) -> String {
    let o = bin()
        .arg("verify")
        .arg(path)
        .args(["--format", format, "-o", "-"])
        .output()
        .expect("run a2a-interop");
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// q22 Q4: the text and Markdown reports of a HAR file cite the `log.entries[]` entry a HAR
/// viewer shows, with its method and URL, not the `#seq` numbers given on import: the
/// duplicate-id batch (RPC-REQ-004) is the POST at `log.entries[1]`, and at
/// `log.entries[0]` once the file lists it first (entries out of time order: the index is
/// the file's, not the time order's). The tool's own HAR export cites its entries the same
/// way.
#[test]
fn har_reports_cite_the_entry_index_method_and_url() {
    const K28: &str =
        "tests/data/har/b11-K28-har-v03-batch-duplicate-ids-answered-out-of-order.har";
    const AT: &str = " (POST http://agent.example.test/a2a -> 200) at JSON $[1].id";
    let dir = tempfile::tempdir().unwrap();
    let text = verify_as(Path::new(K28), "text");
    assert!(text.contains(&format!(".har log.entries[1]{AT}")), "{text}");
    assert!(!text.contains(" #"), "{text}");
    let md = verify_as(Path::new(K28), "markdown");
    assert!(
        md.contains("log.entries[1] (POST http://agent.example.test/a2a -> 200)"),
        "{md}"
    );

    let mut doc = load(K28);
    entries(&mut doc).reverse();
    let reversed = save(dir.path(), "reversed.har", &doc);
    let text = verify_as(&reversed, "text");
    assert!(
        text.contains(&format!("reversed.har log.entries[0]{AT}")),
        "{text}"
    );

    // the tool's own export (`_a2a` events keep the recorded ids and seqs)
    let own = dir.path().join("own.har");
    let o = bin()
        .args(["export", "--har"])
        .arg(&own)
        .arg(K28)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let text = verify_as(&own, "text");
    assert!(
        text.contains(&format!("own.har log.entries[1]{AT}")),
        "{text}"
    );
    // a native recording keeps `#seq`: the golden text reports (tests/golden) cite it
}

/// review22 R10: the side lines of a HAR file's report, `seen: N times, in M exchanges: ...`
/// and `not judged: N exchanges (...)`, name its `log.entries[i]` as its findings do, not
/// the ids given on import (`e2`), in text and Markdown; a native recording keeps its ids.
#[test]
fn har_side_lines_cite_the_entry_index() {
    const K28: &str =
        "tests/data/har/b11-K28-har-v03-batch-duplicate-ids-answered-out-of-order.har";
    let dir = tempfile::tempdir().unwrap();
    let mut doc = load(K28);
    let again = entries(&mut doc)[1].clone();
    entries(&mut doc).push(again);
    let twice = save(dir.path(), "twice.har", &doc);
    for format in ["text", "markdown"] {
        let out = verify_as(&twice, format);
        assert!(
            out.contains("seen: 2 times, in 2 exchanges: log.entries[1], log.entries[2]"),
            "{format}: {out}"
        );
        assert!(
            out.contains("2 exchanges (log.entries[1], log.entries[2]): JSON-RPC batch"),
            "{format}: {out}"
        );
        assert!(
            !out.contains("(e2") && !out.contains("exchanges: e"),
            "{format}: {out}"
        );
    }
}
