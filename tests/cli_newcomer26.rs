//! newcomer26: what a newcomer hit probing an `https://` agent and sending it a large
//! message through the proxy at 2 a.m.: the probe's findings named its own plain-http
//! recording listener instead of the agent's URL (N1), and a message over the capture cap
//! that the agent refused 413 was only "not judged" (N2). Real processes, real loopback
//! sockets (TLS with a self-signed certificate), real files.

use crate::broken;
use crate::common;
use crate::proxy_process;
use crate::raw_http;

use common::run_off_runtime as run;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The `listen` addresses of the recording at `rec` (its header line).
fn listeners(rec: &std::path::Path) -> Vec<String> {
    let first = std::fs::read_to_string(rec).unwrap();
    let header: serde_json::Value = serde_json::from_str(first.lines().next().unwrap()).unwrap();
    header["listen"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect()
}

/// N1: `probe https://127.0.0.1:PORT --ca agent.pem` printed REST-ERROR-001 naming
/// "POST http://127.0.0.1:44603/rest/message:send", the prober's own recording listener (a
/// loopback port of the run, plain http, gone afterwards), not the agent's https URL; so
/// did `verify` and every report of the recording. A probe's exchange is now named by the
/// agent URL it addressed (`request_head.upstream`); the recording itself is unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n1_probe_findings_name_the_agent_url_not_the_probe_listener() {
    let dir = tempfile::tempdir().unwrap();
    let pem = dir.path().join("agent.pem");
    let agent = broken::start_tls_with(broken::Break::RestParseErrorAsJsonRpc, true, &pem).await;
    let base = agent.https_url();
    let rec = dir.path().join("probe.jsonl");
    let o = run(vec![
        "probe".into(),
        base.clone(),
        "-q".into(),
        // the whole report on stdout (ux49: -q alone prints only failures and the verdict)
        "--verbose".into(),
        "--timeout".into(),
        "20s".into(),
        "--ca".into(),
        pem.display().to_string(),
        "--record".into(),
        rec.display().to_string(),
    ])
    .await;
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}\n{}", text(&o.stderr));
    let listen = listeners(&rec);
    assert!(!listen.is_empty());
    // the recording keeps the listener's URL as the request URL (the wire as it was)
    let recorded = std::fs::read_to_string(&rec).unwrap();
    assert!(
        recorded.contains(&format!("\"url\":\"http://{}/rest/", listen[0])),
        "{}",
        &recorded[..2000.min(recorded.len())]
    );

    // the live summary line of the finding names the agent's https:// route
    let rest = format!("{base}rest/");
    let line = out
        .lines()
        .find(|l| l.starts_with("error[REST-ERROR-001]"))
        .unwrap_or_else(|| panic!("no REST-ERROR-001 line:\n{out}"));
    assert!(line.contains(&rest), "{line}");

    // verify and the Markdown report of the recording: the same, no listener anywhere
    let v = run(vec!["verify".into(), rec.display().to_string()]).await;
    let verified = text(&v.stdout) + &text(&v.stderr);
    assert_eq!(v.status.code(), Some(1), "{verified}");
    assert!(
        verified
            .lines()
            .any(|l| l.starts_with("error[REST-ERROR-001]") && l.contains(&rest)),
        "{verified}"
    );
    let md = dir.path().join("r.md");
    let r = run(vec![
        "report".into(),
        rec.display().to_string(),
        "-o".into(),
        md.display().to_string(),
    ])
    .await;
    assert_eq!(r.status.code(), Some(0), "{}", text(&r.stderr));
    let report = std::fs::read_to_string(&md).unwrap();
    assert!(report.contains(&rest), "{report}");
    for (what, s) in [("probe", &out), ("verify", &verified), ("report", &report)] {
        for l in &listen {
            assert!(
                !s.contains(l.as_str()),
                "{what} names the listener {l}:\n{s}"
            );
        }
    }
}

/// The GW-RESP-003 findings of `verify -f json --fail-on never FILE`, with its exit status.
async fn gw_resp_003(file: &std::path::Path) -> (Option<i32>, Vec<serde_json::Value>) {
    let o = run(vec![
        "verify".into(),
        "-f".into(),
        "json".into(),
        "--fail-on".into(),
        "never".into(),
        file.display().to_string(),
    ])
    .await;
    let v: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&o.stdout), text(&o.stderr)));
    let fs = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "GW-RESP-003")
        .cloned()
        .collect();
    (o.status.code(), fs)
}

/// A 1.0 JSON-RPC SendMessage of about `text_len` bytes of text, sent through the proxy at
/// `proxy` (`--capture-cap 4096`, recording to `rec`) to an agent that answers every
/// request with `answer` once it has read the whole request; the proxy is stopped and the
/// request's size in bytes returned.
async fn large_send_through_proxy(
    answer: Vec<u8>,
    rec: &std::path::Path,
    text_len: usize,
) -> usize {
    let (agent, mut got) = raw_http::raw_agent(answer).await;
    let (p, addr) = proxy_process::start_proxy(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
        "--capture-cap",
        "4096",
    ]);
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{{"message":{{"role":"ROLE_USER","messageId":"m-big","parts":[{{"text":"task {}"}}]}}}}}}"#,
        "x".repeat(text_len)
    );
    let req = format!(
        "POST / HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\na2a-version: 1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let answer = raw_http::send_and_read_to_end(&addr.to_string(), req.as_bytes()).await;
    assert!(answer.starts_with(b"HTTP/1.1 413"), "{}", text(&answer));
    // the agent read the whole request: the proxy forwarded it whole (the cap is the
    // recording's only); the proxy's start-up `OPTIONS *` to the agent comes first
    let seen = loop {
        let r = tokio::time::timeout(std::time::Duration::from_secs(20), got.recv())
            .await
            .unwrap()
            .unwrap();
        if r.starts_with(b"POST ") {
            break r;
        }
    };
    assert!(seen.len() > body.len(), "{} of {}", seen.len(), body.len());
    p.terminate();
    body.len()
}

/// N2: a 30 MB message (inline text) through `proxy` to the JS SDK agent, whose Express
/// body parser refuses it `413 PayloadTooLargeError` (text/html): the body is over the
/// proxy's `--capture-cap` (16 MiB), so the recording holds it in part, and `verify` said
/// only "not judged: 1 exchange (e1): body not fully recorded", 0 findings, exit 0, where
/// the same refusal of a 1 MB message gets GW-RESP-003 naming the body-size limit. The 413
/// is judged from the response, which the recording holds whole: GW-RESP-003 names the
/// call (its JSON-RPC method from the body's recorded start), the whole body's size and
/// the capture cap. A 413 the agent answered with a JSON-RPC error (an A2A answer) is not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n2_a_413_to_a_body_over_the_capture_cap_is_judged_not_only_listed() {
    let dir = tempfile::tempdir().unwrap();
    let page = "<!DOCTYPE html><html><body><pre>PayloadTooLargeError: request entity too large</pre></body></html>";
    let answer = format!(
        "HTTP/1.1 413 Payload Too Large\r\ncontent-type: text/html; charset=utf-8\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{page}",
        page.len()
    );
    let rec = dir.path().join("big.jsonl");
    let size = large_send_through_proxy(answer.into_bytes(), &rec, 200_000).await;
    let (code, fs) = gw_resp_003(&rec).await;
    assert_eq!(code, Some(0), "{fs:#?}");
    assert_eq!(fs.len(), 1, "{fs:#?}");
    let msg = fs[0]["message"].as_str().unwrap();
    assert!(
        msg.starts_with("the JSON-RPC call SendMessage got HTTP 413 Content Too Large (text/html) and no A2A answer: the request body (")
            && msg.contains(&format!("({size} bytes)"))
            && msg.ends_with("; the recording holds the request body only in part (a larger --capture-cap records it all), so its content is not judged"),
        "{msg}"
    );
    assert!(size > 200_000);

    // an A2A answer with status 413 (the agent's JSON-RPC handler refused it): no finding
    let rpc = r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"request too large"}}"#;
    let answer = format!(
        "HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{rpc}",
        rpc.len()
    );
    let rec = dir.path().join("rpc.jsonl");
    large_send_through_proxy(answer.into_bytes(), &rec, 200_000).await;
    let (_, fs) = gw_resp_003(&rec).await;
    assert!(fs.is_empty(), "{fs:#?}");
}

/// The RPC-ERROR-001 messages of the recording of three JSON-RPC requests that are no
/// request objects (no `method`; `jsonrpc` "1.0"; a JSON string), each sent through the
/// proxy to an agent that answers every request with the JSON-RPC error `code`.
async fn invalid_requests_answered(code: i64, dir: &std::path::Path) -> Vec<String> {
    let err = format!(r#"{{"jsonrpc":"2.0","id":1,"error":{{"code":{code},"message":"bad"}}}}"#);
    let (agent, _got) = raw_http::raw_agent(raw_http::json_answer(err.as_bytes())).await;
    let rec = dir.join(format!("invalid{}.jsonl", -code));
    let (p, addr) = proxy_process::start_proxy(&[
        "--upstream",
        &format!("http://{agent}"),
        "--record",
        rec.to_str().unwrap(),
    ]);
    for body in [
        r#"{"jsonrpc":"2.0","id":1,"params":{}}"#,
        r#"{"jsonrpc":"1.0","id":1,"method":"SendMessage","params":{}}"#,
        r#""SendMessage""#,
    ] {
        let req = format!(
            "POST / HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\na2a-version: 1.0\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        );
        let answer = raw_http::send_and_read_to_end(&addr.to_string(), req.as_bytes()).await;
        assert!(answer.starts_with(b"HTTP/1.1 200"), "{}", text(&answer));
    }
    p.terminate();
    let o = run(vec![
        "verify".into(),
        "-f".into(),
        "json".into(),
        "--fail-on".into(),
        "never".into(),
        rec.display().to_string(),
    ])
    .await;
    let v: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}\n{}", text(&o.stdout), text(&o.stderr)));
    let mut msgs: Vec<String> = v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "RPC-ERROR-001")
        .flat_map(|f| {
            // a finding seen again lists each occurrence's message
            let mut m = vec![f["message"].as_str().unwrap().to_string()];
            if let Some(seen) = f["seen"].as_array() {
                m.extend(
                    seen.iter()
                        .filter_map(|s| s["message"].as_str().map(str::to_string)),
                );
            }
            m
        })
        .collect();
    msgs.sort();
    msgs.dedup();
    msgs
}

/// N3: `probe` of the JS SDK agent failed `errors.invalid-request [1.0]` with RPC-ERROR-001
/// "the request is JSON but not a valid JSON-RPC request object, yet the agent answered
/// -32602 ...": the engineer fixing the agent's request parser was not told what made the
/// request invalid (it had no `method`). The message names it now, for each way a JSON
/// body is no request object; an agent answering -32600 gets no finding.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n3_an_invalid_request_finding_says_what_makes_the_request_invalid() {
    let dir = tempfile::tempdir().unwrap();
    let msgs = invalid_requests_answered(-32602, dir.path()).await;
    for why in [
        "(it has no method member)",
        r#"(its jsonrpc is "1.0", not "2.0")"#,
        "(it is a JSON string, not an object)",
    ] {
        let want = format!(
            "the request is JSON but not a valid JSON-RPC request object {why}, yet the agent answered -32602 InvalidParamsError instead of -32600 InvalidRequestError"
        );
        assert!(
            msgs.iter().any(|m| m.starts_with(&want)),
            "{want}\n{msgs:#?}"
        );
    }
    assert!(invalid_requests_answered(-32600, dir.path())
        .await
        .is_empty());
}

/// N4: the Markdown report of the official Python SDK agent's streams quoted every SSE
/// line as `data: {...}\u{d}`: sse-starlette ends each line CRLF, and the carriage return
/// (escaped so that it cannot drive a terminal) was written as a Rust escape that read like
/// a stray character in the agent's output. It is written `\r` now, still escaped: no raw
/// carriage return reaches the report. A request body pretty-printed with CRLF line ends
/// (a transcript file) is quoted the same way.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n4_a_carriage_return_in_a_quoted_body_reads_backslash_r() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("crlf.jsonl");
    let req = serde_json::json!({"t": 0.1, "dir": "req", "id": "e1", "method": "POST",
        "url": "http://127.0.0.1:9/", "headers": {"content-type": "application/json",
        "a2a-version": "1.0"}, "body": "{\r\n  \"jsonrpc\": \"2.0\",\r\n  \"id\": 1\r\n}\r\n"});
    let resp = serde_json::json!({"t": 0.2, "dir": "resp", "id": "e1", "status": 200,
        "headers": {"content-type": "application/json"},
        "body": r#"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"bad"}}"#});
    std::fs::write(&t, format!("{req}\n{resp}\n")).unwrap();
    for fmt in ["markdown", "html"] {
        let o = run(vec![
            "report".into(),
            t.display().to_string(),
            "-f".into(),
            fmt.into(),
            "-o".into(),
            "-".into(),
        ])
        .await;
        let shown = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
        assert!(shown.contains("RPC-ERROR-001"), "{fmt}: {shown}");
        assert!(
            shown.contains(": 1\\r\n}\\r"),
            "{fmt}: the quoted request body: {shown}"
        );
        assert!(
            !shown.contains('\r') && !shown.contains("\\u{d}"),
            "{fmt}: {shown:?}"
        );
    }
}

/// N5: `proxy --tls-cert key.pem --tls-key cert.pem` (the two files swapped) said only
/// "--tls-cert key.pem: no PEM certificate in the file; hint: `a2a-interop proxy --help`
/// lists the flags", and `--upstream-ca` given the agent's key the same. Each line now
/// says what the file holds and what the flag takes, names a swap, and for a binary (DER)
/// certificate gives the `openssl` command that converts it. Exit 2 before listening.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n5_a_key_or_der_file_given_as_a_certificate_is_named_so() {
    let dir = tempfile::tempdir().unwrap();
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let cert = dir.path().join("cert.pem");
    let key = dir.path().join("key.pem");
    let der = dir.path().join("cert.der");
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    std::fs::write(&der, ck.cert.der()).unwrap();
    let (c, k, d) = (
        cert.display().to_string(),
        key.display().to_string(),
        der.display().to_string(),
    );
    let proxy = |extra: &[&str]| {
        let mut v: Vec<String> = ["proxy", "--listen", "127.0.0.1:0", "--upstream"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        // --upstream-ca applies to https:// upstreams only
        let scheme = if extra.contains(&"--upstream-ca") {
            "https"
        } else {
            "http"
        };
        v.push(format!("{scheme}://127.0.0.1:9"));
        v.push("--record".into());
        // a recording of its own per run (N6 is about one reused)
        v.push(
            dir.path()
                .join(format!("r-{}.jsonl", extra.join("-").len()))
                .display()
                .to_string(),
        );
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let cases: Vec<(Vec<String>, String)> = vec![
        (
            proxy(&["--tls-cert", &k, "--tls-key", &c]),
            format!("--tls-cert {k}: no PEM certificate in the file (it holds a private key); hint: --tls-cert takes the listener's certificate chain in PEM (-----BEGIN CERTIFICATE-----, the leaf first), --tls-key its private key (are --tls-cert and --tls-key swapped?)"),
        ),
        (
            proxy(&["--tls-cert", &c, "--tls-key", &c]),
            format!("--tls-key {c}: no PEM private key in the file (it holds a certificate); hint: --tls-key takes the private key of the --tls-cert certificate in PEM (-----BEGIN PRIVATE KEY-----, RSA or EC PRIVATE KEY also) (are --tls-cert and --tls-key swapped?)"),
        ),
        (
            proxy(&["--upstream-ca", &k]),
            format!("--upstream-ca {k}: no PEM certificate in the file (it holds a private key); hint: give the agent's certificate or the CA that signed it, in PEM (-----BEGIN CERTIFICATE-----), never a private key"),
        ),
        (
            vec!["probe".into(), "https://127.0.0.1:9/".into(), "--ca".into(), d.clone()],
            format!("a2a-interop: --ca {d}: no PEM certificate in the file (it is not PEM text: a binary DER file?); hint: give the agent's certificate or the CA that signed it, in PEM (-----BEGIN CERTIFICATE-----), never a private key; a DER file converts with `openssl x509 -inform der -in {d} -out {d}.pem`"),
        ),
    ];
    for (args, want) in cases {
        let o = run(args.clone()).await;
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        let line = err.trim_end();
        assert!(
            line.starts_with("a2a-interop: ") && line.ends_with(&want) && line.lines().count() == 1,
            "{args:?}:\n{line}\nwant the end: {want}"
        );
    }
}

/// N6: `proxy --record session.jsonl --tls-cert key.pem --tls-key cert.pem` (refused, exit
/// 2) left `session.jsonl` holding its header line alone; the corrected command, rerun from
/// the shell history, was refused as well: "session.jsonl already holds an earlier
/// a2a-interop recording (239 bytes, ..., 0 events): recording there would erase it". A
/// recording with no events holds no evidence: it is replaced, with a note saying so. One
/// with events is still refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn n6_a_recording_of_a_refused_start_is_no_evidence_to_keep() {
    let dir = tempfile::tempdir().unwrap();
    let ck = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_string()]).unwrap();
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, ck.cert.pem()).unwrap();
    std::fs::write(&key, ck.key_pair.serialize_pem()).unwrap();
    let rec = dir.path().join("session.jsonl");
    let r = rec.to_str().unwrap();
    let base = [
        "proxy",
        "--listen",
        "127.0.0.1:0",
        "--upstream",
        "http://127.0.0.1:9",
    ];
    let mut swapped: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    swapped.extend(
        ["--record", r, "--tls-cert", key.to_str().unwrap()]
            .iter()
            .map(|s| s.to_string()),
    );
    swapped.extend(["--tls-key".to_string(), cert.display().to_string()]);
    let o = run(swapped).await;
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    // what the refused start left: the header line alone, if anything
    if rec.exists() {
        let left = std::fs::read_to_string(&rec).unwrap();
        assert!(left.lines().count() <= 1, "{left}");
    }
    // Whether the refused start left its header line depends on where it was refused; the
    // file it leaves at worst is a header line alone (review26 R11: written here, so the
    // replacement is tested on every run).
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let header = std::fs::read_to_string(&sample)
        .unwrap()
        .lines()
        .next()
        .unwrap()
        .to_string();
    std::fs::write(&rec, format!("{header}\n")).unwrap();
    // the corrected command starts, replacing it with a note
    let (p, _) = proxy_process::start_proxy(&["--upstream", "http://127.0.0.1:9", "--record", r]);
    let banner = p.banner.join("\n");
    p.terminate();
    assert!(banner.contains("overwriting"), "{banner}");
    // newcomer58: two rows, the path last
    assert!(
        banner.contains("note: overwriting an earlier recording with no events\n  ("),
        "{banner}"
    );
    assert!(banner.contains(", started "), "{banner}");
    assert!(!banner.contains("already holds"), "{banner}");

    // a recording with events is still kept from being erased
    std::fs::copy(&sample, &rec).unwrap();
    let before = std::fs::read(&rec).unwrap();
    let mut again: Vec<String> = base.iter().map(|s| s.to_string()).collect();
    again.extend(["--record".to_string(), r.to_string()]);
    let o = run(again).await;
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("already holds an earlier a2a-interop recording"),
        "{err}"
    );
    assert_eq!(std::fs::read(&rec).unwrap(), before);
}
