//! A public Agent Card's bytes are analysed once and remembered (`CardMemo` in
//! `src/verify/engine.rs`, docs/performance.md "Session 26 (lead)"); what depends on the
//! fetch (its origin, its credentials, its path) is still judged per fetch. Each test
//! fetches the same card bytes twice in ways that must give different verdicts.

use crate::common;

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

/// A transcript of card fetches, each answered 200 with its own body text (`(url, body)`,
/// the body as a transcript string) and the response header members `headers`.
fn fetches_of(list: &[(&str, &str)], headers: &str) -> tempfile::NamedTempFile {
    let mut f = tempfile::Builder::new()
        .suffix(".jsonl")
        .tempfile()
        .unwrap();
    for (i, (url, body)) in list.iter().enumerate() {
        let t = i as f64 * 0.1;
        writeln!(
            f,
            r#"{{"dir": "req", "method": "GET", "url": "{url}", "headers": {{"accept": "application/json"}}, "body": "", "t": {:.2}}}"#,
            t + 0.01
        )
        .unwrap();
        writeln!(
            f,
            r#"{{"dir": "resp", "status": 200, "headers": {{"content-type": "application/json"{headers}}}, "body": "{body}", "t": {:.2}}}"#,
            t + 0.02
        )
        .unwrap();
    }
    f
}

/// Every finding of `f` as rule, severity, message and evidence (exchange, seq, pointer,
/// found value).
fn verdicts(f: &tempfile::NamedTempFile) -> Vec<String> {
    verify_file(f.path())
        .findings
        .iter()
        .map(|g| {
            let ev: Vec<String> = g
                .evidence
                .iter()
                .map(|e| format!("{:?} {:?} {:?} {:?}", e.exchange, e.seq, e.pointer, e.found))
                .collect();
            format!(
                "{} {:?} {} [{}]",
                g.rule,
                g.severity,
                g.message,
                ev.join("; ")
            )
        })
        .collect()
}

/// A card answered with the bytes of a card fetched before is read from the tree kept
/// then (`State::card_tree_of`, docs/performance.md "Session 44"), not parsed again: the
/// verdicts are those of a parse. The control is the same file with `Content-Encoding:
/// identity` on every answer: the same bytes decode to themselves, but a coded body's tree
/// is neither kept nor looked up, so each fetch is parsed. Both files give the same
/// findings, at every fetch, on both origins, with another card between.
#[test]
fn remembered_card_tree_gives_the_verdicts_of_a_parse() {
    // a card with findings read from the tree on each fetch: a loopback interface URL
    // carrying an API key (CARD-URL-003, CARD-SECRET-001), no ETag or freshness
    // (CARD-CACHE-001)
    const BAD: &str = r#"{\"name\":\"Demo\",\"description\":\"Demo agent\",\"supportedInterfaces\":[{\"url\":\"http://127.0.0.1:9/a2a?api_key=sk-live-51HkQ2f9d8c7b6a5\",\"protocolBinding\":\"JSONRPC\",\"protocolVersion\":\"1.0\"}],\"version\":\"1.0.0\",\"capabilities\":{\"streaming\":true,\"pushNotifications\":false},\"defaultInputModes\":[\"text/plain\"],\"defaultOutputModes\":[\"text/plain\"],\"skills\":[{\"id\":\"s1\",\"name\":\"echo\",\"description\":\"Echo\",\"tags\":[\"echo\"]}]}"#;
    let a = "http://a.example.test/.well-known/agent-card.json";
    let b = "http://b.example.test/.well-known/agent-card.json";
    let list = [(a, BAD), (b, BAD), (a, BAD), (a, CARD), (b, BAD), (a, CARD)];
    let kept = verdicts(&fetches_of(&list, ""));
    let parsed = verdicts(&fetches_of(&list, r#", "content-encoding": "identity""#));
    // the CARD-URL-003 of every BAD fetch (e1, e2, e3, e5), none of a CARD fetch
    let loopback: Vec<&String> = kept
        .iter()
        .filter(|f| f.starts_with("CARD-URL-003"))
        .collect();
    assert_eq!(loopback.len(), 4, "{kept:#?}");
    for x in ["e1", "e2", "e3", "e5"] {
        let at = format!("Some(\"{x}\")");
        assert!(loopback.iter().any(|f| f.contains(&at)), "{x}: {kept:#?}");
    }
    assert_eq!(kept, parsed);
}
