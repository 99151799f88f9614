//! Process-level faults (issue 7): a 100 MB body through the pipeline with bounded peak
//! memory, a recording file that cannot be written at start (`/dev/full`: disk full; the
//! mid-run cases are in `faults_record_error.rs`), and `kill -9`
//! of the real binary mid-traffic with the recording re-verified up to its last whole line;
//! gzip / brotli bodies recorded raw and verified decoded; 10,000 requests on one keep-alive
//! connection.
//! Real loopback sockets and real files; a separate test binary from `faults.rs` so the fd
//! counts there are not disturbed.

#[path = "common/proxy_process.rs"]
mod proxy_process;
#[path = "common/raw_http.rs"]
mod raw_http;
#[path = "common/proxy_support.rs"]
mod support;

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use a2a_interop::app::pipeline::{Pipeline, PipelineConfig};
use a2a_interop::record::{source, EventKind, Outcome};
use a2a_interop::verify::Verifier;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use proxy_process::{spawn_until_listening, Running};
use support::proxy_to;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// An agent that answers every request on a connection (keep-alive) with a JSON-RPC
/// result, or with `big` bytes of `x` when the path is `/big`.
async fn agent(big: usize) -> SocketAddr {
    let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        while let Ok((mut s, _)) = l.accept().await {
            // Head and body go out as two writes: without this, Nagle + delayed ACK adds
            // 40 ms per keep-alive response.
            let _ = s.set_nodelay(true);
            tokio::spawn(async move {
                let mut got: Vec<u8> = Vec::new();
                while let Some(m) = raw_http::read_message(&mut s, &mut got).await {
                    let head = m.head_lower();
                    let is_big = head.starts_with("get /big ");
                    // Path -> the Content-Encoding field line(s) the agent sends.
                    let enc = [
                        ("post /gz ", "gzip"),
                        ("post /br ", "br"),
                        // Stacked on two field lines: one list, RFC 9110 §5.3.
                        ("post /gzgz ", "gzip\r\ncontent-encoding: gzip"),
                        ("post /gzbr ", "gzip, br"),
                        ("post /zstd ", "zstd"),
                    ]
                    .iter()
                    .find(|(p, _)| head.starts_with(p))
                    .map(|(_, e)| *e);
                    if let Some(enc) = enc {
                        let body = encoded(enc);
                        let h = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-encoding: {enc}\r\ncontent-length: {}\r\n\r\n", body.len());
                        if s.write_all(h.as_bytes()).await.is_err()
                            || s.write_all(&body).await.is_err()
                        {
                            return;
                        }
                    } else if is_big {
                        let _ = s
                            .write_all(format!("HTTP/1.1 200 OK\r\ncontent-type: application/octet-stream\r\ncontent-length: {big}\r\n\r\n").as_bytes())
                            .await;
                        let chunk = vec![b'x'; 65536];
                        let mut left = big;
                        while left > 0 {
                            let n = left.min(chunk.len());
                            if s.write_all(&chunk[..n]).await.is_err() {
                                return;
                            }
                            left -= n;
                        }
                    } else {
                        let body = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#;
                        let h = format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", body.len());
                        if s.write_all(h.as_bytes()).await.is_err()
                            || s.write_all(body).await.is_err()
                        {
                            return;
                        }
                    }
                }
            });
        }
    });
    addr
}

/// A JSON-RPC answer whose `id` (99) does not match the request's (1): RPC-ID-001 (RPC-002),
/// visible only once the body is decoded. `enc`: the Content-Encoding field line(s) as sent
/// (`gzip`, `br`, `gzip, br`, `gzip\r\ncontent-encoding: gzip`); an unknown coding (`zstd`)
/// leaves the body plain (the verifier cannot know that and must not judge it).
fn encoded(enc: &str) -> Vec<u8> {
    use std::io::Write;
    let mut body = br#"{"jsonrpc":"2.0","id":99,"result":{"kind":"message","messageId":"m1","role":"agent","parts":[{"kind":"text","text":"hi"}]}}"#.to_vec();
    for coding in enc
        .split("\r\ncontent-encoding:")
        .flat_map(|l| l.split(','))
        .map(str::trim)
    {
        body = match coding {
            "gzip" => {
                let mut e =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                e.write_all(&body).unwrap();
                e.finish().unwrap()
            }
            "br" => {
                let mut out = Vec::new();
                {
                    let mut w = brotli::CompressorWriter::new(&mut out, 4096, 5, 22);
                    w.write_all(&body).unwrap();
                }
                out
            }
            _ => body,
        };
    }
    body
}

fn vm_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

fn config(agent: SocketAddr, record: Option<std::path::PathBuf>) -> PipelineConfig {
    PipelineConfig {
        proxy: proxy_to(format!("http://{agent}"), None),
        record,
        overwrite: false,
        redact: true,
        lossless: false,
        queue_bytes: 16 << 20,
        print_findings: false,
    }
}

/// One small JSON-RPC POST on a fresh connection; returns the whole response.
async fn rpc(proxy: SocketAddr) -> String {
    String::from_utf8_lossy(&rpc_to(proxy, "/rpc").await).to_string()
}

/// [`rpc`] to `path`, the raw response bytes.
async fn rpc_to(proxy: SocketAddr, path: &str) -> Vec<u8> {
    let mut s = TcpStream::connect(proxy).await.unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
    let req = format!(
        "POST {path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut out))
        .await
        .unwrap()
        .unwrap();
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gzip_and_brotli_bodies_are_recorded_raw_and_verified_decoded() {
    let agent = agent(0).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("enc.jsonl");
    let p = Pipeline::start(config(agent, Some(rec.clone())))
        .await
        .unwrap();
    let proxy = p.proxy_addr();
    let cases = [
        ("/gz", "gzip"),
        ("/br", "br"),
        ("/gzgz", "gzip\r\ncontent-encoding: gzip"),
        ("/gzbr", "gzip, br"),
        ("/zstd", "zstd"),
    ];
    for (path, enc) in cases {
        let out = rpc_to(proxy, path).await;
        // The client gets the agent's bytes untouched (still encoded).
        assert!(out.ends_with(&encoded(enc)), "{enc}");
    }
    let outcome = p.finish().await.unwrap();
    // Recorded raw: the response body in the file is the compressed bytes.
    let src = source::open(&rec).unwrap();
    let bodies: Vec<Vec<u8>> = src
        .events
        .map(|e| e.unwrap())
        .filter_map(|e| match e.kind {
            EventKind::ResponseChunk { body } => Some(body.data.to_vec()),
            _ => None,
        })
        .collect();
    // ... except the body in a coding the recorder cannot decode (`zstd`): its secrets
    // cannot be checked, so it is left out (fix7; docs/recording-format.md, Redaction)
    let want: Vec<Vec<u8>> = cases[..4].iter().map(|(_, e)| encoded(e)).collect();
    assert_eq!(bodies, want);
    let text = std::fs::read_to_string(&rec).unwrap();
    assert!(
        text.contains("redaction: response body left out from coded byte 0 on (1 frames,")
            && text.contains(r#"content coding \"zstd\" can be checked for secrets only whole"#),
        "{text}"
    );
    // Verified decoded: the id mismatch inside each compressed body is found, stacked
    // codings included (undone last first, RFC 9110 §8.4).
    let id_findings = outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "RPC-ID-001")
        .count();
    assert_eq!(id_findings, 4, "{:#?}", outcome.verify.findings);
    // A coding the tool cannot undo: no finding about bytes it could not read, and the
    // exchange is listed as not judged, saying why (its body was left out of the recording,
    // whose exchange_end says why, above).
    assert_eq!(
        outcome.verify.findings.len(),
        4,
        "{:#?}",
        outcome.verify.findings
    );
    assert!(
        outcome
            .verify
            .incomplete
            .iter()
            .any(|(_, why)| why.contains("\"zstd\"") && why.contains("not judged")),
        "{:?}",
        outcome.verify.incomplete
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_thousand_requests_on_one_keep_alive_connection() {
    const N: usize = 10_000;
    let agent = agent(0).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("many.jsonl");
    let mut cfg = config(agent, Some(rec.clone()));
    cfg.lossless = true;
    let p = Pipeline::start(cfg).await.unwrap();
    let mut s = TcpStream::connect(p.proxy_addr()).await.unwrap();
    s.set_nodelay(true).unwrap();
    let body = r#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"u1","role":"user","parts":[{"kind":"text","text":"hi"}]}}}"#;
    let req = format!(
        "POST /rpc HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut got: Vec<u8> = Vec::new();
    for i in 0..N {
        s.write_all(req.as_bytes()).await.unwrap();
        let m = tokio::time::timeout(
            Duration::from_secs(10),
            raw_http::read_message(&mut s, &mut got),
        )
        .await
        .expect("answer within 10 s")
        .unwrap_or_else(|| panic!("the proxy closed the connection after {i} requests"));
        let head = m.head_lower();
        assert!(head.starts_with("http/1.1 200"), "request {i}: {head}");
    }
    drop(s);
    let outcome = p.finish().await.unwrap();
    assert_eq!(outcome.verify.exchanges, N as u64);
    assert_eq!(outcome.recorder.dropped_events, 0);
    let src = source::open(&rec).unwrap();
    let mut conns = std::collections::HashSet::new();
    let mut ends = 0;
    for e in src.events {
        match e.unwrap().kind {
            EventKind::RequestHead { conn, .. } => {
                conns.insert(conn);
            }
            EventKind::ExchangeEnd { outcome, .. } => {
                assert_eq!(outcome, Outcome::Complete);
                ends += 1;
            }
            _ => {}
        }
    }
    assert_eq!(ends, N);
    assert_eq!(conns.len(), 1, "all on one client connection: {conns:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hundred_mb_body_streams_through_with_bounded_memory() {
    const BIG: usize = 100 << 20;
    let agent = agent(BIG).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("big.jsonl");
    let p = Pipeline::start(config(agent, Some(rec.clone())))
        .await
        .unwrap();
    let proxy = p.proxy_addr();
    assert!(rpc(proxy).await.starts_with("HTTP/1.1 200"));
    let hwm_before = vm_kib("VmHWM:");

    let mut s = TcpStream::connect(proxy).await.unwrap();
    s.write_all(b"GET /big HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut buf = vec![0u8; 65536];
    let mut total = 0usize;
    loop {
        let n = tokio::time::timeout(Duration::from_secs(60), s.read(&mut buf))
            .await
            .unwrap()
            .unwrap();
        if n == 0 {
            break;
        }
        total += n;
    }
    let growth_mib = vm_kib("VmHWM:").saturating_sub(hwm_before) / 1024;
    let outcome = p.finish().await.unwrap();
    // Head plus every body byte arrived.
    assert!(total > BIG && total < BIG + 1024, "{total} bytes");
    // Nothing holds the whole body: the recording keeps DEFAULT_CAPTURE_CAP (16 MiB) and
    // the recorder queue is bounded at 16 MiB; 100 MiB through must stay far below 100.
    eprintln!("VmHWM growth for 100 MiB through: {growth_mib} MiB");
    assert!(growth_mib < 64, "peak RSS grew {growth_mib} MiB");
    let src = source::open(&rec).unwrap();
    let ends: Vec<_> = src
        .events
        .map(|e| e.unwrap())
        .filter_map(|e| match e.kind {
            EventKind::ExchangeEnd {
                outcome,
                response_bytes,
                ..
            } => Some((outcome, response_bytes)),
            _ => None,
        })
        .collect();
    assert_eq!(ends.len(), 2, "{ends:?}");
    assert_eq!(ends[1], (Outcome::Complete, BIG as u64), "{ends:?}");
    assert!(outcome.recorder.write_error.is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_recording_that_cannot_take_its_header_is_a_start_up_error() {
    // /dev/full: every write fails with ENOSPC (disk full). Caught before the proxy serves;
    // a file that fails mid-run is `tests/faults_record_error.rs`.
    let agent = agent(0).await;
    let err = match Pipeline::start(config(agent, Some("/dev/full".into()))).await {
        Ok(_) => panic!("started with /dev/full as the recording"),
        Err(e) => format!("{e:#}"),
    };
    assert!(err.contains("cannot create recording /dev/full"), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_leaves_a_recording_readable_to_its_last_whole_line() {
    let agent = agent(0).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("killed.jsonl");
    let Running {
        mut child, addr, ..
    } = spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--upstream"])
            .arg(format!("http://{agent}"))
            .arg("--record")
            .arg(&rec),
        Duration::from_secs(30),
    );
    let addr: SocketAddr = addr.trim_end_matches('/').parse().unwrap();
    for _ in 0..50 {
        assert!(rpc(addr).await.starts_with("HTTP/1.1 200"));
    }
    // The recorder runs on its own (niced) thread and writes behind the traffic: wait until
    // the 50 answered exchanges are in the file (on a loaded machine it can lag for
    // seconds), so the kill below tests that written lines survive it, not how far behind
    // the recorder was.
    let written = || {
        std::fs::read_to_string(&rec)
            .map(|t| t.matches("\"type\":\"exchange_end\"").count())
            .unwrap_or(0)
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(60);
    while written() < 50 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(
        written() >= 50,
        "{} exchange_end written in 60 s",
        written()
    );
    // Traffic still flowing when the kill lands.
    let busy = tokio::spawn(async move {
        for _ in 0..200 {
            let Ok(mut s) = TcpStream::connect(addr).await else {
                return;
            };
            let _ = s
                .write_all(b"POST /rpc HTTP/1.1\r\nhost: x\r\ncontent-length: 2\r\n\r\n{}")
                .await;
            let mut b = [0u8; 512];
            let _ = s.read(&mut b).await;
        }
    });
    tokio::time::sleep(Duration::from_millis(100)).await;
    let st = Command::new("kill")
        .args(["-KILL", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(st.success());
    let _ = child.wait();
    let _ = busy.await;

    let src = source::open(&rec).unwrap();
    let mut v = Verifier::new(&src.header);
    let mut n = 0u64;
    let mut ends = 0u64;
    for ev in src.events {
        let ev = ev.expect("every whole line parses");
        if matches!(ev.kind, EventKind::ExchangeEnd { .. }) {
            ends += 1;
        }
        v.feed(&ev);
        n += 1;
    }
    let out = v.finish();
    // The 50 exchanges before the kill were written out (the recorder writes each batch
    // straight to the file); the ones cut by the kill are reported as never ended.
    assert!(ends >= 50, "{ends} exchange_end in {n} events");
    assert!(out.exchanges >= 50, "{}", out.exchanges);
}
