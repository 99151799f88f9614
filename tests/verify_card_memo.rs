//! A public Agent Card's bytes are analysed once and remembered (`CardMemo` in
//! `src/verify/engine.rs`, docs/performance.md "Session 26 (lead)"); what depends on the
//! fetch (its origin, its credentials, its path) is still judged per fetch. Each test
//! fetches the same card bytes twice in ways that must give different verdicts.

mod common;

use std::io::Write;

use common::verify_file;

/// A 1.0 card whose interface URL carries a live-looking API key (CARD-SECRET-001,
/// CARD-011), as a transcript body string.
const CARD: &str = r#"{\"name\":\"Demo\",\"description\":\"Demo agent\",\"supportedInterfaces\":[{\"url\":\"http://a.example.test/a2a?api_key=sk-live-51HkQ2f9d8c7b6a5\",\"protocolBinding\":\"JSONRPC\",\"protocolVersion\":\"1.0\"}],\"version\":\"1.0.0\",\"capabilities\":{\"streaming\":true,\"pushNotifications\":false},\"defaultInputModes\":[\"text/plain\"],\"defaultOutputModes\":[\"text/plain\"],\"skills\":[{\"id\":\"s1\",\"name\":\"echo\",\"description\":\"Echo\",\"tags\":[\"echo\"]}]}"#;

/// A transcript of card fetches: `(url, request headers as JSON members)` each answered
/// 200 with [`CARD`].
fn fetches(list: &[(&str, &str)]) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".jsonl")
        .tempfile()
        .unwrap();
    for (i, (url, headers)) in list.iter().enumerate() {
        let t = i as f64 * 0.1;
        writeln!(
            f,
            r#"{{"dir": "req", "method": "GET", "url": "{url}", "headers": {{"accept": "application/json"{headers}}}, "body": "", "t": {:.2}}}"#,
            t + 0.01
        )
        .unwrap();
        writeln!(
            f,
            r#"{{"dir": "resp", "status": 200, "headers": {{"content-type": "application/json"}}, "body": "{CARD}", "t": {:.2}}}"#,
            t + 0.02
        )
        .unwrap();
    }
    f
}

/// The exchanges the CARD-SECRET-001 findings of `f` name first.
fn secret_exchanges(f: &tempfile::NamedTempFile) -> Vec<String> {
    verify_file(f.path())
        .findings
        .iter()
        .filter(|g| g.rule == "CARD-SECRET-001")
        .map(|g| g.evidence[0].exchange.clone().unwrap_or_default())
        .collect()
}

/// The credential is reported once per origin: the second origin's fetch of the same
/// bytes (answered from the memo) still gets its own finding, a second fetch on the first
/// origin none.
#[test]
fn remembered_card_still_reported_per_origin() {
    let f = fetches(&[
        ("http://a.example.test/.well-known/agent-card.json", ""),
        ("http://a.example.test/.well-known/agent-card.json", ""),
        ("http://b.example.test/.well-known/agent-card.json", ""),
    ]);
    let mut got = secret_exchanges(&f);
    got.sort();
    assert_eq!(got.len(), 2, "{got:?}");
    assert_ne!(got[0], got[1]);
}

/// A card fetched with credentials may hold secrets (CARD-011 allows them behind access
/// control): not reported. The same bytes fetched next without credentials are public:
/// reported on that fetch, although the memo was filled by the credentialed one.
#[test]
fn remembered_card_judged_by_each_fetch_credentials() {
    let f = fetches(&[
        (
            "http://a.example.test/.well-known/agent-card.json",
            r#", "authorization": "Bearer abc.def.ghi""#,
        ),
        ("http://a.example.test/.well-known/agent-card.json", ""),
    ]);
    let out = verify_file(f.path());
    let secret: Vec<_> = out
        .findings
        .iter()
        .filter(|g| g.rule == "CARD-SECRET-001")
        .collect();
    assert_eq!(secret.len(), 1, "{:#?}", out.findings);
    // e1 is the credentialed fetch, e2 the public one
    assert_eq!(secret[0].evidence[0].exchange.as_deref(), Some("e2"));
    // the control: the credentialed fetch alone is silent
    let alone = fetches(&[(
        "http://a.example.test/.well-known/agent-card.json",
        r#", "authorization": "Bearer abc.def.ghi""#,
    )]);
    assert!(secret_exchanges(&alone).is_empty());
}
