//! `a2a-interop repro`: no such finding → exit 2 with one line; with a registry that finds
//! the broken MUSTs of the shared broken recording, a cut that is written, redacted and
//! smaller than the input.

use crate::child_guard;
use crate::common;
use crate::report_support;

use common::{assert_exit, bin};

use serde_json::Value;

/// `a2a-interop verify RECORDING -f json --fail-on never`: its JSON report.
fn verify_json(rec: &std::path::Path) -> Value {
    let o = bin()
        .args([
            "verify",
            rec.to_str().unwrap(),
            "-f",
            "json",
            "--fail-on",
            "never",
        ])
        .output()
        .unwrap();
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn unknown_finding_exits_2_with_one_line() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::write_recording(d.path());
    let out = d.path().join("min.jsonl");
    let o = bin()
        .args([
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            "NO-SUCH-999",
            "-o",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("no finding NO-SUCH-999"), "{err}");
    assert!(!out.exists(), "nothing written for a missing finding");
}

#[test]
fn repro_cuts_the_first_finding_of_the_broken_recording() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    let doc = verify_json(&rec);
    let Some(f) = doc["findings"].as_array().and_then(|a| a.first()).cloned() else {
        // No rule is registered in this build, so there is nothing to cut.
        assert!(a2a_interop::verify::rules::RULES.is_empty(), "{doc:#}");
        return;
    };
    let key = format!(
        "{}@{}",
        f["rule"].as_str().unwrap(),
        f["evidence"][0]["seq"].as_u64().unwrap()
    );
    let out = d.path().join("min.jsonl");
    let o = bin()
        .args(["repro", rec.to_str().unwrap(), "--finding", &key, "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.lines().count() <= 4,
        "at most the two exchanges: {text}"
    );
    assert!(d.path().join("min.sh").exists());
}

/// A reverse-proxy recording whose card advertises the proxy's upstream (a finding that
/// needs the recording header), plus an unrelated exchange.
fn upstream_card_recording(dir: &std::path::Path) -> std::path::PathBuf {
    use a2a_interop::record::jsonl::{encode_event, encode_header};
    use a2a_interop::record::{Body, Event, EventKind, Headers, Outcome};
    let mut out = Vec::new();
    encode_header(&report_support::header(), &mut out);
    let card = r#"{"name":"Echo","description":"echo","version":"1.0.0","url":"http://127.0.0.1:41241/","protocolVersion":"0.3.0","preferredTransport":"JSONRPC","capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{"id":"echo","name":"echo","description":"echo","tags":["echo"]}]}"#;
    let mut seq = 0;
    let mut push = |x: &str, kind: EventKind| {
        seq += 1;
        encode_event(
            &Event {
                seq,
                t_us: seq * 1000,
                exchange: Some(x.into()),
                leg: None,
                kind,
            },
            &mut out,
        );
    };
    let json = Headers::from(vec![("content-type".into(), "application/json".into())]);
    for (x, method, path, req, resp) in [
        ("e1", "GET", "/.well-known/agent-card.json", "", card),
        (
            "e2",
            "POST",
            "/",
            r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","messageId":"m1","parts":[{"kind":"text","text":"hi"}]}}}"#,
            r#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","messageId":"m2","parts":[{"kind":"text","text":"hi"}]}}"#,
        ),
    ] {
        push(
            x,
            EventKind::RequestHead {
                conn: Some(1),
                method: method.into(),
                url: format!("http://127.0.0.1:8080{path}"),
                version: Some("HTTP/1.1".into()),
                headers: json.clone(),
                upstream: Some(format!("http://127.0.0.1:41241{path}")),
            },
        );
        if !req.is_empty() {
            push(
                x,
                EventKind::RequestBody {
                    body: Body::new(req.to_string()),
                },
            );
        }
        push(
            x,
            EventKind::ResponseHead {
                status: 200,
                version: Some("HTTP/1.1".into()),
                headers: json.clone(),
                synthetic: false,
                reason: None,
            },
        );
        push(
            x,
            EventKind::ResponseChunk {
                body: Body::new(resp.to_string()),
            },
        );
        push(
            x,
            EventKind::ExchangeEnd {
                outcome: Outcome::Complete,
                error: None,
                trailers: None,
                request_bytes: req.len() as u64,
                response_bytes: resp.len() as u64,
                truncated: false,
                resent: None,
                connect_failure: None,
            },
        );
    }
    let p = dir.join("upstream-card.jsonl");
    std::fs::write(&p, out).unwrap();
    p
}

#[test]
fn header_dependent_finding_is_cut_as_a_native_recording() {
    let d = tempfile::tempdir().unwrap();
    let rec = upstream_card_recording(d.path());
    let doc = verify_json(&rec);
    let Some(f) = doc["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["rule"] == "CARD-URL-005")
    else {
        assert!(
            a2a_interop::verify::rules::lookup("CARD-URL-005").is_none(),
            "CARD-URL-005 is registered but did not fire: {doc:#}"
        );
        return;
    };
    let key = format!("CARD-URL-005@{}", f["evidence"][0]["seq"]);
    let out = d.path().join("min.jsonl");
    let o = bin()
        .args([
            "repro",
            rec.to_str().unwrap(),
            "--finding",
            &key,
            "--anonymize",
            "-o",
        ])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(0), "{err}");
    assert!(err.contains("writing a native recording"), "{err}");
    let text = std::fs::read_to_string(&out).unwrap();
    let first: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["type"], "recording");
    assert!(
        !text.contains("message/send"),
        "the unrelated exchange is cut: {text}"
    );
    // Re-verifying the cut shows the finding again.
    let back = verify_json(&out);
    assert!(back["findings"]
        .as_array()
        .unwrap()
        .iter()
        .any(|f| f["rule"] == "CARD-URL-005"));
    // newcomer20 N5: a cut keeps the recording's seqs (its events are the recording's own),
    // so they jump where it left events out, and its header says it is a cut: verify does
    // not call the tool's own output damaged, while the same file without the `cut` mark is
    // told apart by the jump. (This cut's events happen to be consecutive: one event is
    // left out here to make the jump.)
    assert_eq!(first["cut"], true, "{text}");
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() > 4, "{text}");
    let gapped: String = lines
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != 2)
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    let verify_err = |name: &str, body: &str| {
        let p = d.path().join(name);
        std::fs::write(&p, body).unwrap();
        let o = bin().args(["verify"]).arg(&p).output().unwrap();
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    let said = verify_err("gapped-cut.jsonl", &gapped);
    assert!(!said.contains("seq does not rise"), "{said}");
    let said = verify_err(
        "gapped-plain.jsonl",
        &gapped.replacen(r#","cut":true"#, "", 1),
    );
    assert!(said.contains("seq does not rise by 1 per line ("), "{said}");
}

/// The key of the first finding of the shared broken recording (`None` without rules).
fn first_key(rec: &std::path::Path) -> Option<String> {
    let doc = verify_json(rec);
    let f = doc["findings"].as_array()?.first()?.clone();
    Some(format!(
        "{}@{}",
        f["rule"].as_str()?,
        f["evidence"][0]["seq"].as_u64()?
    ))
}

#[test]
fn repro_reads_standard_input_like_verify() {
    use std::io::Write;
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    let Some(key) = first_key(&rec) else {
        assert!(a2a_interop::verify::rules::RULES.is_empty());
        return;
    };
    let out = d.path().join("min.jsonl");
    let mut child = child_guard::ChildGuard::spawn(
        bin()
            .args(["repro", "-", "--finding", &key, "-o"])
            .arg(&out)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped()),
    );
    let bytes = std::fs::read(&rec).unwrap();
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let o = child.output_within(std::time::Duration::from_secs(60), "repro -");
    assert_exit(&o, 0);
    assert!(out.exists());
    let script = std::fs::read_to_string(d.path().join("min.sh")).unwrap();
    assert!(script.contains("from -"), "{script}");
}

#[test]
fn repro_to_a_device_writes_no_companion_script() {
    let d = tempfile::tempdir().unwrap();
    let rec = report_support::broken_recording(d.path());
    let Some(key) = first_key(&rec) else {
        assert!(a2a_interop::verify::rules::RULES.is_empty());
        return;
    };
    // A name in a directory the test owns that is /dev/null: `out.sh` must not appear.
    let out = d.path().join("out.jsonl");
    std::os::unix::fs::symlink("/dev/null", &out).unwrap();
    let o = bin()
        .args(["repro", rec.to_str().unwrap(), "--finding", &key, "-o"])
        .arg(&out)
        .output()
        .unwrap();
    assert_exit(&o, 0);
    assert!(
        !d.path().join("out.sh").exists(),
        "no out.sh beside a device"
    );
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("is not a regular file; no curl script written"),
        "{err}"
    );
    assert!(String::from_utf8_lossy(&o.stdout).contains("(no curl script)"));
    // An explicit --curl is still written.
    let script = d.path().join("replay.sh");
    let o = bin()
        .args(["repro", rec.to_str().unwrap(), "--finding", &key, "-o"])
        .arg(&out)
        .arg("--curl")
        .arg(&script)
        .output()
        .unwrap();
    assert_exit(&o, 0);
    assert!(script.exists());
}

fn repro_data(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/repro")
        .join(name)
}

/// `--anonymize` (a fresh engineer's transcripts): a host written in upper or mixed case
/// (`AGENT.Corp.Example.COM`: RFC 3986 §3.2.2 host names are case-insensitive) and an IDN
/// host (`agent.例え.jp`, also spelled with `\u` escapes inside a JSON body) are replaced
/// whole, in the cut and in its curl script, each spelling by the same `host-N` name.
#[test]
fn anonymize_replaces_hosts_in_any_case_and_idn_hosts_whole() {
    let d = tempfile::tempdir().unwrap();
    for (name, private) in [
        ("anon-upper.jsonl", &["corp.example.com"][..]),
        ("anon-idn.jsonl", &["例え", "\\u4f8b", "xn--"][..]),
    ] {
        let out = d.path().join(name);
        let o = bin()
            .args(["repro", repro_data(name).to_str().unwrap()])
            .args(["--finding", "TASK-STATE-005", "--anonymize", "-o"])
            .arg(&out)
            .output()
            .unwrap();
        assert_exit(&o, 0);
        let cut = std::fs::read_to_string(&out).unwrap();
        let script = std::fs::read_to_string(out.with_extension("sh")).unwrap();
        for text in [&cut, &script] {
            let low = text.to_lowercase();
            for p in private {
                // Free text that is no URL keeps its words ("... and agent.corp.example.com"
                // in the IDN file's message), so only the URL-borne spellings are checked.
                if name == "anon-idn.jsonl" || !low.contains(&format!("and {p}")) {
                    assert!(!low.contains(p), "{name}: {p} left in:\n{text}");
                }
            }
        }
        // The agent's URLs (the request line's and the body's spelling): one name. (The
        // files also carry an IPv6 X-Forwarded-For, another host.)
        let names: std::collections::BTreeSet<&str> = cut
            .match_indices("http://host-")
            .map(|(i, _)| &cut[i..i + "http://host-2.example.test".len()])
            .collect();
        assert_eq!(
            names.len(),
            1,
            "{name}: one host, one name: {names:?}\n{cut}"
        );
    }
}

/// `-o -` is standard output (as for every other command): the cut is printed, no file
/// named `-` nor `-.sh` is made, and the message goes to stderr. A transcript's `RULE@N`
/// names file line N (what `verify` shows for transcripts), and the message says the line.
#[test]
fn repro_writes_to_stdout_and_picks_a_transcript_finding_by_line() {
    let d = tempfile::tempdir().unwrap();
    let o = bin()
        .current_dir(d.path())
        .args(["repro", repro_data("v02-bad.jsonl").to_str().unwrap()])
        .args(["--finding", "RPC-ENVELOPE-001@6", "-o", "-"])
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let stdout = String::from_utf8_lossy(&o.stdout);
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(
        stdout.lines().count() == 2 && stdout.contains("\"dir\":\"resp\""),
        "{stdout}"
    );
    // Line 6 of the input is the answer carrying both result and error.
    assert!(
        stdout.contains(r#"\"result\""#) && stdout.contains(r#"\"error\""#),
        "{stdout}"
    );
    assert!(
        stderr.contains("wrote the cut to stdout") && stderr.contains("at e3 line 6"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_dir(d.path()).unwrap().count(),
        0,
        "files made"
    );
}

/// The body bytes of the `response_chunk` events of exchange number `n` (0-based, in
/// order of first appearance) of a recording or transcript, read through the library.
fn response_bytes(path: &std::path::Path, n: usize) -> Vec<u8> {
    use a2a_interop::record::EventKind;
    let src = a2a_interop::record::source::open(path).unwrap();
    let evs: Vec<_> = src.events.collect::<Result<_, _>>().unwrap();
    let mut order: Vec<String> = Vec::new();
    for e in &evs {
        if let Some(x) = e.exchange.as_deref() {
            if !order.iter().any(|o| o == x) {
                order.push(x.to_string());
            }
        }
    }
    let x = &order[n];
    evs.iter()
        .filter(|e| e.exchange.as_deref() == Some(x.as_str()))
        .filter_map(|e| match &e.kind {
            EventKind::ResponseChunk { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .flatten()
        .collect()
}

/// breaker8 G17: a real recording (proxy in front of a raw agent) with three answers that are
/// not JSON: #5 latin-1 bytes (0xE9, not UTF-8), #12 a UTF-8 BOM before the JSON, #19 UTF-16.
/// Each occurrence asked for is the one cut: the latin-1 and UTF-16 bodies keep their bytes
/// (native recording, base64), the cut read back shows the finding at the asked exchange,
/// never the BOM one in place of the latin-1 one (the cut used to turn 0xE9 into U+FFFD,
/// which is valid JSON, and keep the BOM exchange instead).
#[test]
fn repro_keeps_non_utf8_body_bytes_and_cuts_the_asked_occurrence() {
    let rec = repro_data("enc-latin1-bom-utf16.jsonl");
    let d = tempfile::tempdir().unwrap();
    for (seq, x, want_line, native) in [
        (5u64, "e1", "#5", true),
        (12, "e2", "line 2", false),
        (19, "e3", "#19", true),
    ] {
        let out = d.path().join(format!("cut{seq}.jsonl"));
        let o = bin()
            .args(["repro", rec.to_str().unwrap(), "--finding"])
            .arg(format!("RPC-ENVELOPE-001@{seq}"))
            .arg("-o")
            .arg(&out)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr).into_owned();
        let stdout = String::from_utf8_lossy(&o.stdout).into_owned();
        assert_eq!(o.status.code(), Some(0), "{err}{stdout}");
        assert!(stdout.contains("(1 of 3 exchanges)"), "{stdout}");
        assert!(
            // the exchange beside the event, as `verify` and the live line cite it
            stdout.contains(&format!("error[RPC-ENVELOPE-001] at {x} #{seq}")),
            "{stdout}"
        );
        let text = std::fs::read_to_string(&out).unwrap();
        assert_eq!(
            text.starts_with("{\"type\":\"recording\""),
            native,
            "{seq}: {text}"
        );
        if native {
            assert!(err.contains("a body in the cut is not UTF-8"), "{err}");
        }
        let body = response_bytes(&out, 0);
        let original = response_bytes(&rec, (seq as usize - 5) / 7);
        assert_eq!(body, original, "the cut keeps the body bytes of #{seq}");
        let doc = verify_json(&out);
        let f = doc["findings"].as_array().unwrap();
        assert_eq!(f.len(), 1, "{doc:#}");
        assert_eq!(f[0]["rule"], "RPC-ENVELOPE-001");
        let o = bin().args(["verify"]).arg(&out).output().unwrap();
        let shown = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(
            shown.contains(&format!("{want_line} (POST / -> 200)")),
            "{shown}"
        );
    }
    let latin = response_bytes(&rec, 0);
    assert!(latin.contains(&0xE9) && std::str::from_utf8(&latin).is_err());
}
