//! The reverse proxy over real loopback sockets: forwarding is byte-identical and
//! unbuffered, and the recording holds every exchange with the same bytes.

use crate::proxy_support as support;

use std::time::{Duration, Instant};

use a2a_interop::record::{EventKind, Outcome};
use bytes::Bytes;
use http_body_util::BodyExt;
use support::*;

const RPC: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"hi"}],"messageId":"m1"}}}"#;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_rpc_is_byte_identical_and_recorded() {
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    let direct = fetch(&c, post(&format!("http://{up}/rpc?x=1"), RPC)).await;
    let proxied = fetch(&c, post(&format!("{base}/rpc?x=1"), RPC)).await;
    assert_eq!(direct.0, proxied.0);
    assert_eq!(direct.2, proxied.2, "body differs through the proxy");
    assert_eq!(proxied.1["x-seen-path"], "/rpc?x=1");
    // Host rewritten to the upstream's authority.
    assert_eq!(proxied.1["x-seen-host"], up.to_string());
    let out = p.finish().await.unwrap();
    assert_eq!(out.recorder.dropped_events, 0);
    assert_offline_matches(&out.verify, &rec);

    let evs = read_events(&rec);
    let ex = exchanges(&evs);
    assert_eq!(ex, vec!["e1"]);
    assert!(matches!(evs[0].kind, EventKind::ConnOpen { .. }));
    let head = of_exchange(&evs, "e1")[0];
    match &head.kind {
        EventKind::RequestHead {
            method,
            url,
            upstream,
            version,
            ..
        } => {
            assert_eq!(method, "POST");
            assert_eq!(url, &format!("{base}/rpc?x=1"));
            assert_eq!(
                upstream.as_deref(),
                Some(format!("http://{up}/rpc?x=1").as_str())
            );
            assert_eq!(version.as_deref(), Some("HTTP/1.1"));
        }
        other => panic!("first event of e1 is {other:?}"),
    }
    assert_eq!(request_body(&evs, "e1"), RPC);
    let chunks = response_chunks(&evs, "e1");
    let joined: Vec<u8> = chunks.iter().flat_map(|c| c.to_vec()).collect();
    assert_eq!(joined, proxied.2.to_vec());
    let (o, err, trunc) = outcome(&evs, "e1");
    assert_eq!((o, err, trunc), (Outcome::Complete, None, false));
    // seq strictly increasing from 1.
    for (i, e) in evs.iter().enumerate() {
        assert_eq!(e.seq, i as u64 + 1);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sse_chunks_pass_as_they_arrive_and_keep_boundaries() {
    let gap = Duration::from_millis(200);
    let up = sse_server(5, gap).await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    let resp = c
        .request(post(&format!("{base}/stream"), RPC))
        .await
        .unwrap();
    assert_eq!(resp.headers()["content-type"], "text/event-stream");
    let mut body = resp.into_body();
    let mut arrivals = Vec::new();
    let mut got = Vec::new();
    while let Some(f) = body.frame().await {
        if let Ok(d) = f.unwrap().into_data() {
            arrivals.push(Instant::now());
            got.push(d);
        }
    }
    // Each server chunk reached the client as its own frame, spread like the server sent
    // them: 4 gaps of 200 ms between first and last; a buffering proxy delivers them at once.
    assert_eq!(got.len(), 5, "frames: {got:?}");
    let spread = arrivals[4] - arrivals[0];
    assert!(
        spread >= gap * 3,
        "chunks arrived within {spread:?}: buffered"
    );
    let out = p.finish().await.unwrap();
    assert_offline_matches(&out.verify, &rec);
    let evs = read_events(&rec);
    let chunks = response_chunks(&evs, "e1");
    assert_eq!(
        chunks, got,
        "recorded chunk boundaries differ from the wire"
    );
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    // Capture times of the recorded chunks are spread too.
    let ts: Vec<u64> = of_exchange(&evs, "e1")
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ResponseChunk { .. }))
        .map(|e| e.t_us)
        .collect();
    assert!(ts[4] - ts[0] >= 3 * 200_000, "t_us {ts:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn dead_upstream_gets_502_and_the_proxy_keeps_serving() {
    let dead = dead_port();
    let live = echo_server("live").await;
    let (_dir, rec, p, base) = start_recording(vec![
        ("/dead", format!("http://{dead}")),
        ("/", format!("http://{live}")),
    ])
    .await;
    let c = client_h1();
    let (status, headers, body) = fetch(&c, post(&format!("{base}/dead/rpc"), RPC)).await;
    assert_eq!(status, 502);
    assert!(headers["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/plain"));
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert!(text.contains(&format!("http://{dead}/rpc")), "{text}");
    assert!(text.to_lowercase().contains("refused"), "{text}");
    let (status, _, body) = fetch(&c, post(&format!("{base}/ok"), RPC)).await;
    assert_eq!(status, 200);
    assert!(body.starts_with(b"{\"jsonrpc\""));
    let out = p.finish().await.unwrap();
    assert_offline_matches(&out.verify, &rec);
    let evs = read_events(&rec);
    let e1 = of_exchange(&evs, "e1");
    assert!(e1.iter().any(|e| matches!(
        e.kind,
        EventKind::ResponseHead {
            status: 502,
            synthetic: true,
            ..
        }
    )));
    let (o, err, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::UpstreamError);
    assert!(err.unwrap().contains("unreachable"));
    assert_eq!(outcome(&evs, "e2").0, Outcome::Complete);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn upstream_dying_mid_stream_is_upstream_abort() {
    let up = dying_server().await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    let resp = c
        .request(post(&format!("{base}/stream"), RPC))
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let mut body = resp.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    assert_eq!(first, Bytes::from_static(b"data: one\n\n"));
    // The client sees the stream fail (the proxy cannot end it cleanly).
    let mut failed = false;
    while let Some(f) = body.frame().await {
        if f.is_err() {
            failed = true;
            break;
        }
    }
    assert!(failed, "the client saw a clean end of an aborted stream");
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(response_chunks(&evs, "e1"), vec![first]);
    let (o, err, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::UpstreamAbort);
    assert!(err.is_some());
}

/// A recording pipeline with `/sse` routed to an agent streaming 50 SSE events 50 ms apart
/// and everything else to an echo agent (see [`start_recording`]).
async fn sse_and_echo() -> (
    tempfile::TempDir,
    std::path::PathBuf,
    a2a_interop::app::pipeline::Pipeline,
    String,
) {
    let sse = sse_server(50, Duration::from_millis(50)).await;
    let echo = echo_server("e").await;
    start_recording(vec![
        ("/sse", format!("http://{sse}")),
        ("/", format!("http://{echo}")),
    ])
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_disconnect_mid_stream_is_client_abort_and_others_are_served() {
    let (_dir, rec, p, base) = sse_and_echo().await;
    {
        let c = client_h1();
        let resp = c
            .request(post(&format!("{base}/sse/s"), RPC))
            .await
            .unwrap();
        let mut body = resp.into_body();
        let _ = body.frame().await.unwrap().unwrap();
        // Drop body and client: the connection closes mid-stream.
    }
    let evs = wait_for_exchange_end(&rec).await;
    let (o, _, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::ClientAbort);
    let c = client_h1();
    let (status, _, _) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(status, 200);
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(outcome(&evs, "e2").0, Outcome::Complete);
    assert_eq!(outcome(&evs, "e1").0, Outcome::ClientAbort);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn non_utf8_and_malformed_json_pass_and_are_recorded_exactly() {
    static BIN: &[u8] = &[0xff, 0xfe, b'{', 0x00, 0x80, b'}'];
    static BAD: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":"#;
    let bin = bytes_server("application/json", BIN).await;
    let bad = bytes_server("application/json", BAD).await;
    let (_dir, rec, p, base) = start_recording(vec![
        ("/bin", format!("http://{bin}")),
        ("/bad", format!("http://{bad}")),
    ])
    .await;
    let c = client_h1();
    let (_, _, b1) = fetch(&c, post(&format!("{base}/bin"), RPC)).await;
    assert_eq!(&b1[..], BIN);
    let (_, _, b2) = fetch(&c, post(&format!("{base}/bad"), RPC)).await;
    assert_eq!(&b2[..], BAD);
    p.finish().await.unwrap();
    let raw = std::fs::read_to_string(&rec).unwrap();
    assert!(raw.contains(r#""encoding":"base64""#), "{raw}");
    let evs = read_events(&rec);
    let c1: Vec<u8> = response_chunks(&evs, "e1").concat();
    assert_eq!(c1, BIN);
    let c2: Vec<u8> = response_chunks(&evs, "e2").concat();
    assert_eq!(c2, BAD);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redaction_by_default_and_kept_with_no_redact() {
    let up = echo_server("a").await;
    for redact in [true, false] {
        let dir = tempfile::tempdir().unwrap();
        let rec = tmp_recording(&dir, "r.jsonl");
        let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
        cfg.redact = redact;
        let (p, base) = start(cfg).await;
        let c = client_h1();
        let req = http::Request::post(format!("{base}/rpc"))
            .header("content-type", "application/json")
            .header("authorization", "Bearer s3cr3t")
            .body(full(Bytes::from_static(
                br#"{"jsonrpc":"2.0","id":2,"method":"tasks/pushNotificationConfig/set","params":{"taskId":"t1","pushNotificationConfig":{"url":"http://127.0.0.1:1/cb","token":"push-tok"}}}"#,
            )))
            .unwrap();
        let (_, h, body) = fetch(&c, req).await;
        // The agent always gets the real secret.
        assert_eq!(h["x-seen-auth-reversed"], "t3rc3s reraeB");
        assert!(std::str::from_utf8(&body).unwrap().contains("push-tok"));
        p.finish().await.unwrap();
        let raw = std::fs::read_to_string(&rec).unwrap();
        let header = raw.lines().next().unwrap();
        if redact {
            assert!(
                !raw.contains("s3cr3t") && !raw.contains("push-tok"),
                "{raw}"
            );
            assert!(a2a_interop::record::redact::strip_tags(&raw).contains("Bearer [REDACTED]"));
            assert!(header.contains(r#""redacted":true"#));
        } else {
            assert!(raw.contains("Bearer s3cr3t") && raw.contains("push-tok"));
            assert!(header.contains(r#""redacted":false"#));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_rewrite_points_the_card_at_the_proxy() {
    // The card advertises the agent's own address; it must be known before serving, so
    // bind first and serve the card from a handler that reads the port from a cell.
    let port = std::sync::Arc::new(std::sync::OnceLock::<u16>::new());
    let port2 = port.clone();
    let up = serve(std::sync::Arc::new(move |req: hyper::Request<hyper::body::Incoming>| {
        let port = *port2.get().unwrap();
        Box::pin(async move {
            let path = req.uri().path().to_string();
            let card = format!(
                r#"{{"name":"echo","url":"http://127.0.0.1:{port}/api/rpc","version":"1","supportedInterfaces":[{{"url":"http://127.0.0.1:{port}/api/rpc","protocolBinding":"JSONRPC"}},{{"url":"https://other.example/x","protocolBinding":"GRPC"}}],"skills":[]}}"#
            );
            let body = if path.ends_with("agent-card.json") { card } else { "{}".into() };
            hyper::Response::builder()
                .header("content-type", "application/json")
                .header("etag", "\"v1\"")
                .body(full(body))
                .unwrap()
        })
    }))
    .await;
    port.set(up.port()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/agent", format!("http://{up}/api"))], &rec);
    cfg.proxy.rewrite_card = true;
    let (p, base) = start(cfg).await;
    let c = client_h1();
    let (status, h, body) = fetch(
        &c,
        get(&format!("{base}/agent/.well-known/agent-card.json")),
    )
    .await;
    assert_eq!(status, 200);
    let text = String::from_utf8(body.to_vec()).unwrap();
    let want = format!(
        r#"{{"name":"echo","url":"{base}/agent/rpc","version":"1","supportedInterfaces":[{{"url":"{base}/agent/rpc","protocolBinding":"JSONRPC"}},{{"url":"https://other.example/x","protocolBinding":"GRPC"}}],"skills":[]}}"#
    );
    assert_eq!(text, want, "rewritten card (key order must be kept)");
    assert_eq!(h["content-length"], body.len().to_string());
    let etag = h["etag"].to_str().unwrap();
    assert!(
        etag != "\"v1\"" && etag.starts_with("\"a2a-interop-"),
        "etag {etag}"
    );
    // HEAD gets GET's fields or none (RFC 9110 §9.3.2): never the agent's length and ETag,
    // which describe the unrewritten bytes.
    let head = hyper::Request::head(format!("{base}/agent/.well-known/agent-card.json"))
        .body(full(""))
        .unwrap();
    let (status, hh, _) = fetch(&c, head).await;
    assert_eq!(status, 200);
    assert!(hh.get("etag").is_none(), "HEAD etag {:?}", hh.get("etag"));
    assert!(
        hh.get("content-length")
            .is_none_or(|v| v.to_str().unwrap() == body.len().to_string()),
        "HEAD content-length {:?} vs rewritten {}",
        hh.get("content-length"),
        body.len()
    );
    let out = p.finish().await.unwrap();
    assert_offline_matches(&out.verify, &rec);
    let evs = read_events(&rec);
    let original: Vec<u8> = response_chunks(&evs, "e1").concat();
    assert!(String::from_utf8(original)
        .unwrap()
        .contains(&format!("127.0.0.1:{}/api/rpc", up.port())));
    let rw = of_exchange(&evs, "e1")
        .into_iter()
        .find_map(|e| match &e.kind {
            EventKind::CardRewrite { body, pointers } => Some((body.clone(), pointers.clone())),
            _ => None,
        })
        .expect("card_rewrite event");
    assert_eq!(rw.0.as_str().unwrap(), want);
    assert_eq!(rw.1, vec!["/url", "/supportedInterfaces/0/url"]);
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    // Order: response_head, card_rewrite, response_chunk*, exchange_end.
    let kinds: Vec<&str> = of_exchange(&evs, "e1")
        .iter()
        .map(|e| match e.kind {
            EventKind::RequestHead { .. } => "request_head",
            EventKind::ResponseHead { .. } => "response_head",
            EventKind::CardRewrite { .. } => "card_rewrite",
            EventKind::ResponseChunk { .. } => "response_chunk",
            EventKind::ExchangeEnd { .. } => "exchange_end",
            _ => "other",
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "request_head",
            "response_head",
            "card_rewrite",
            "response_chunk",
            "exchange_end"
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn routes_with_prefixes_go_to_their_upstream() {
    let a = echo_server("A").await;
    let b = echo_server("B").await;
    let (_dir, _rec, p, base) = start_recording(vec![
        ("/", format!("http://{a}")),
        ("/b/c", format!("http://{b}/base/")),
    ])
    .await;
    let c = client_h1();
    let (_, h, _) = fetch(&c, post(&format!("{base}/b/c/rpc?q=2"), RPC)).await;
    assert_eq!(
        (
            h["x-server"].to_str().unwrap(),
            h["x-seen-path"].to_str().unwrap()
        ),
        ("B", "/base/rpc?q=2")
    );
    let (_, h, _) = fetch(&c, post(&format!("{base}/b/cx"), RPC)).await;
    assert_eq!(
        (
            h["x-server"].to_str().unwrap(),
            h["x-seen-path"].to_str().unwrap()
        ),
        ("A", "/b/cx")
    );
    p.finish().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h2c_on_both_legs() {
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h2();
    let (status, h, body) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(status, 200);
    assert_eq!(h["x-seen-version"], "HTTP/2.0");
    assert!(body.ends_with(b"}"));
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    match &of_exchange(&evs, "e1")[0].kind {
        EventKind::RequestHead { version, url, .. } => {
            assert_eq!(version.as_deref(), Some("HTTP/2.0"));
            assert_eq!(url, &format!("{base}/rpc"));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capture_cap_forwards_everything_records_the_cap() {
    let up = echo_server("a").await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.capture_cap = 10;
    let (p, base) = start(cfg).await;
    let c = client_h1();
    let (_, _, body) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(body.len(), RPC.len() + 34);
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(request_body(&evs, "e1"), &RPC[..10]);
    assert_eq!(response_chunks(&evs, "e1").concat().len(), 10);
    let (o, _, truncated) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::Complete);
    assert!(truncated);
}

/// newcomer19 N10: a cap filled exactly by a whole frame (the first SSE event is 24 bytes,
/// the cap 24) leaves no recorded frame marked `truncated`; the proxy then records one empty
/// body event marked `truncated` (once, whatever follows), so the recording tells the cap
/// from a full recorder queue, and `verify` says the cap cut it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn capture_cap_filled_at_a_frame_boundary_is_marked_once() {
    let up = sse_server(4, Duration::from_millis(30)).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.capture_cap = 24;
    let (p, base) = start(cfg).await;
    let c = client_h1();
    let (_, _, body) = fetch(&c, post(&format!("{base}/s"), RPC)).await;
    assert!(body.len() > 4 * 24, "forwarded whole");
    let out = p.finish().await.unwrap();
    let evs = read_events(&rec);
    let marked: Vec<(usize, bool)> = of_exchange(&evs, "e1")
        .into_iter()
        .filter_map(|e| match &e.kind {
            EventKind::ResponseChunk { body } => Some((body.data.len(), body.truncated)),
            _ => None,
        })
        .collect();
    assert_eq!(marked, vec![(24, false), (0, true)]);
    let why = &out.verify.incomplete;
    assert!(
        why.len() == 1 && why[0].1.contains("cut at the proxy's capture cap"),
        "{why:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn recording_is_readable_while_written_and_torn_tail_is_skipped() {
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    // Still running: the batch is flushed within ~25 ms and readable.
    let evs = wait_for_exchange_end(&rec).await;
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
    p.finish().await.unwrap();
    // A crash mid-line: the last, torn line is skipped.
    let mut raw = std::fs::read(&rec).unwrap();
    let whole = read_events(&rec).len();
    raw.extend_from_slice(br#"{"seq":99,"t_us":1,"type":"respo"#);
    std::fs::write(&rec, &raw).unwrap();
    let f = std::io::BufReader::new(std::fs::File::open(&rec).unwrap());
    let mut r = a2a_interop::record::jsonl::RecordingReader::new(f).unwrap();
    let n = r.by_ref().collect::<Result<Vec<_>, _>>().unwrap().len();
    assert_eq!(n, whole);
    assert!(r.stats.torn_tail);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_with_an_open_stream_ends_it_as_open() {
    let up = sse_server(100, Duration::from_millis(500)).await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    let resp = c.request(post(&format!("{base}/s"), RPC)).await.unwrap();
    let mut body = resp.into_body();
    let _ = body.frame().await.unwrap().unwrap();
    // The stream is still open when the proxy stops.
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    let (o, err, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::Open);
    assert!(err.unwrap().contains("shut down"));
}

/// An HTTP/2 request whose body the agent never reads (it holds the request and does not
/// answer): the proxy's pipe of the request body to the agent waits for flow-control room
/// for good, and the exchange's end waited for that body. Shutdown still writes the
/// exchange's one `exchange_end`, outcome `open`, before the recording closes, with the
/// request bytes that did cross.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_ends_an_exchange_whose_request_body_the_agent_never_reads() {
    let up = serve(std::sync::Arc::new(|req| {
        Box::pin(async move {
            let _unread = req;
            tokio::time::sleep(Duration::from_secs(60)).await;
            hyper::Response::new(full(""))
        })
    }))
    .await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h2();
    let mut req = post(&format!("{base}/rpc"), b"");
    *req.body_mut() = full(vec![b'x'; 16 << 20]);
    let call = tokio::spawn(async move {
        let _ = c.request(req).await;
    });
    wait_for(&rec, |evs| {
        evs.iter()
            .any(|e| matches!(e.kind, EventKind::RequestBody { .. }))
    })
    .await;
    p.finish().await.unwrap();
    call.abort();
    let evs = read_events(&rec);
    let (o, err, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::Open);
    assert_eq!(
        err.as_deref(),
        Some("proxy shut down with the exchange open")
    );
    let sent = request_body(&evs, "e1").len();
    assert!(sent > 0 && sent < 16 << 20, "{sent} request bytes recorded");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn garbage_on_one_connection_does_not_hurt_others() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let addr = base.trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(b"\x00\xffNOT HTTP AT ALL\r\n\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let _ = s.read_to_end(&mut buf).await;
    assert!(
        buf.is_empty() || buf.starts_with(b"HTTP/1.1 400"),
        "{buf:?}"
    );
    let c = client_h1();
    let (status, _, _) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(status, 200);
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(exchanges(&evs), vec!["e1"]);
}

/// Streams 10 SSE events through a proxy whose recorder queue is bounded at 0 bytes and
/// whose writer stalls 300 ms on its first event; returns the client's status and body and
/// the recorder's stats once the proxy is shut down.
async fn through_a_slow_recorder(
    rec: &std::path::Path,
    lossless: bool,
) -> (u16, Bytes, a2a_interop::record::writer::RecorderStats) {
    use a2a_interop::record::writer::{spawn_recorder, RecorderConfig};
    use a2a_interop::record::{CaptureMode, RecordingHeader};
    let up = sse_server(10, Duration::from_millis(5)).await;
    let mut first = true;
    let (sink, recorder) = spawn_recorder(
        RecorderConfig {
            path: Some(rec.to_path_buf()),
            overwrite: false,
            header: RecordingHeader::new(CaptureMode::Reverse),
            queue_bytes: 0,
            lossless,
            redact: true,
            secret_headers: Vec::new(),
        },
        Box::new(move |_| {
            if first {
                first = false;
                std::thread::sleep(Duration::from_millis(300));
            }
        }),
    )
    .unwrap();
    let cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], rec).proxy;
    let proxy = a2a_interop::proxy::start(cfg, sink).await.unwrap();
    let c = client_h1();
    let (status, _, body) = fetch(&c, post(&format!("http://{}/s", proxy.local_addr()), RPC)).await;
    proxy.shutdown().await;
    let stats = recorder.finish().await.unwrap();
    (status, body, stats)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn full_recorder_queue_drops_marks_truncated_and_writes_a_gap() {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    // A slow consumer: the first event stalls the writer for 300 ms, so body events pile up
    // in a queue bounded at 0 bytes and are dropped instead of slowing the stream.
    let (status, body, stats) = through_a_slow_recorder(&rec, false).await;
    assert_eq!(status, 200);
    let text = String::from_utf8(body.to_vec()).unwrap();
    assert_eq!(
        text.matches("data: ").count(),
        10,
        "forwarding lost data: {text}"
    );
    assert!(stats.dropped_events > 0, "nothing was dropped: {stats:?}");
    let evs = read_events(&rec);
    let (o, _, truncated) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::Complete);
    assert!(truncated);
    let gap_events: u64 = evs
        .iter()
        .filter_map(|e| match e.kind {
            EventKind::Gap { dropped_events, .. } => Some(dropped_events),
            _ => None,
        })
        .sum();
    assert_eq!(gap_events, stats.dropped_events);
    let kept = response_chunks(&evs, "e1").concat();
    assert!(kept.len() < text.len());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn api_key_header_named_by_a_card_is_redacted_in_later_requests() {
    let up = serve(std::sync::Arc::new(|req: hyper::Request<hyper::body::Incoming>| {
        Box::pin(async move {
            let body = if req.uri().path().ends_with("agent-card.json") {
                r#"{"name":"k","securitySchemes":{"key":{"type":"apiKey","in":"header","name":"X-Agent-Key"},"q":{"apiKeySecurityScheme":{"location":"query","name":"key"}}}}"#
            } else {
                r#"{"jsonrpc":"2.0","id":1,"result":{}}"#
            };
            hyper::Response::builder()
                .header("content-type", "application/json")
                .body(full(body))
                .unwrap()
        })
    }))
    .await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    fetch(&c, get(&format!("{base}/.well-known/agent-card.json"))).await;
    let req = http::Request::post(format!("{base}/rpc?key=qsecret&x=1"))
        .header("content-type", "application/json")
        .header("x-agent-key", "hsecret")
        .body(full(Bytes::from_static(RPC)))
        .unwrap();
    let (status, _, _) = fetch(&c, req).await;
    assert_eq!(status, 200);
    p.finish().await.unwrap();
    let raw = std::fs::read_to_string(&rec).unwrap();
    assert!(
        !raw.contains("hsecret") && !raw.contains("qsecret"),
        "{raw}"
    );
    let evs = read_events(&rec);
    match &of_exchange(&evs, "e2")[0].kind {
        EventKind::RequestHead {
            headers,
            url,
            upstream,
            ..
        } => {
            use a2a_interop::record::redact::{placeholder_tag, strip_tags};
            assert!(placeholder_tag(headers.get("x-agent-key").unwrap_or("")).is_some());
            assert!(
                strip_tags(url).ends_with("/rpc?key=[REDACTED]&x=1"),
                "{url}"
            );
            assert!(strip_tags(upstream.as_deref().unwrap()).ends_with("/rpc?key=[REDACTED]&x=1"));
            // the same secret in the URL and in `upstream`: the same tag
            assert_eq!(
                url.rsplit_once("key=").map(|(_, t)| t),
                upstream
                    .as_deref()
                    .unwrap()
                    .rsplit_once("key=")
                    .map(|(_, t)| t)
            );
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lossless_waits_for_a_slow_recorder_instead_of_dropping() {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    // The same slow consumer as above, but lossless: the stream is slowed, nothing is lost.
    let (status, body, stats) = through_a_slow_recorder(&rec, true).await;
    assert_eq!(status, 200);
    assert_eq!(stats.dropped_events, 0);
    let evs = read_events(&rec);
    let (o, _, truncated) = outcome(&evs, "e1");
    assert_eq!((o, truncated), (Outcome::Complete, false));
    assert_eq!(response_chunks(&evs, "e1").concat(), body.to_vec());
    assert!(!evs.iter().any(|e| matches!(e.kind, EventKind::Gap { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn h2c_stream_reset_is_client_abort_and_the_connection_keeps_serving() {
    let (_dir, rec, p, base) = sse_and_echo().await;
    let c = client_h2();
    let resp = c
        .request(post(&format!("{base}/sse/s"), RPC))
        .await
        .unwrap();
    let mut body = resp.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    assert!(first.starts_with(b"data: "));
    drop(body); // RST_STREAM for this stream only
    let evs = wait_for_exchange_end(&rec).await;
    assert_eq!(outcome(&evs, "e1").0, Outcome::ClientAbort);
    // Same client, same h2 connection: still served.
    let (status, h, _) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(status, 200);
    assert_eq!(h["x-seen-version"], "HTTP/2.0");
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(outcome(&evs, "e2").0, Outcome::Complete);
    let conns = evs
        .iter()
        .filter(|e| matches!(e.kind, EventKind::ConnOpen { .. }))
        .count();
    assert_eq!(conns, 1, "the h2 connection was not reused");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn client_gone_mid_upload_is_client_abort() {
    use tokio::io::AsyncWriteExt;
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let addr = base.trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(
        format!("POST /rpc HTTP/1.1\r\nhost: {addr}\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{{\"partial\":")
            .as_bytes(),
    )
    .await
    .unwrap();
    s.flush().await.unwrap();
    wait_for(&rec, |evs| {
        evs.iter()
            .any(|e| matches!(e.kind, EventKind::RequestHead { .. }))
    })
    .await;
    drop(s);
    let evs = wait_for_exchange_end(&rec).await;
    let (o, err, _) = outcome(&evs, "e1");
    assert_eq!(o, Outcome::ClientAbort, "{err:?}");
    let c = client_h1();
    let (status, _, _) = fetch(&c, post(&format!("{base}/rpc"), RPC)).await;
    assert_eq!(status, 200);
    p.finish().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_1_0_without_host_is_recorded_against_the_listener_address() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let up = echo_server("a").await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let addr = base.trim_start_matches("http://").to_string();
    let mut s = tokio::net::TcpStream::connect(&addr).await.unwrap();
    s.write_all(b"GET /x?y=1 HTTP/1.0\r\n\r\n").await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    assert!(
        buf.starts_with(b"HTTP/1.0 200") || buf.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&buf)
    );
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    match &of_exchange(&evs, "e1")[0].kind {
        EventKind::RequestHead { url, version, .. } => {
            assert_eq!(url, &format!("{base}/x?y=1"));
            assert_eq!(version.as_deref(), Some("HTTP/1.0"));
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn card_rewrite_leaves_a_card_it_cannot_rewrite_unchanged() {
    static NOT_JSON: &[u8] = b"<html>not a card</html>";
    let up = bytes_server("application/json", NOT_JSON).await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.rewrite_card = true;
    let (p, base) = start(cfg).await;
    let c = client_h1();
    let (status, h, body) = fetch(&c, get(&format!("{base}/.well-known/agent.json"))).await;
    assert_eq!(status, 200);
    assert_eq!(&body[..], NOT_JSON);
    assert_eq!(h["content-length"], NOT_JSON.len().to_string());
    p.finish().await.unwrap();
    let evs = read_events(&rec);
    assert_eq!(response_chunks(&evs, "e1").concat(), NOT_JSON);
    assert!(!evs
        .iter()
        .any(|e| matches!(e.kind, EventKind::CardRewrite { .. })));
    assert_eq!(outcome(&evs, "e1").0, Outcome::Complete);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hop_by_hop_headers_are_not_forwarded_either_way() {
    let up = serve(std::sync::Arc::new(
        |req: hyper::Request<hyper::body::Incoming>| {
            Box::pin(async move {
                let names: Vec<String> = req.headers().keys().map(|k| k.to_string()).collect();
                hyper::Response::builder()
                    .header("content-type", "text/plain")
                    .header("connection", "x-agent-hop")
                    .header("x-agent-hop", "1")
                    .header("x-agent-end", "1")
                    .body(full(names.join(",")))
                    .unwrap()
            })
        },
    ))
    .await;
    let (_dir, rec, p, base) = start_recording_to(up).await;
    let c = client_h1();
    let req = http::Request::get(format!("{base}/h"))
        .header("connection", "x-client-hop")
        .header("x-client-hop", "1")
        .header("x-client-end", "1")
        .header("proxy-authorization", "Basic abc")
        .body(full(Bytes::new()))
        .unwrap();
    let (status, h, body) = fetch(&c, req).await;
    assert_eq!(status, 200);
    let seen = String::from_utf8(body.to_vec()).unwrap();
    let seen: Vec<&str> = seen.split(',').collect();
    assert!(seen.contains(&"x-client-end"), "{seen:?}");
    for hop in ["x-client-hop", "proxy-authorization", "connection"] {
        assert!(!seen.contains(&hop), "{hop} forwarded: {seen:?}");
    }
    assert!(h.contains_key("x-agent-end"));
    assert!(!h.contains_key("x-agent-hop"));
    p.finish().await.unwrap();
    // The recording keeps what each side actually sent.
    let evs = read_events(&rec);
    match &of_exchange(&evs, "e1")[0].kind {
        EventKind::RequestHead { headers, .. } => assert!(headers.contains("x-client-hop")),
        other => panic!("{other:?}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gzip_card_is_rewritten_and_served_identity() {
    coded_card_is_rewritten_and_served_identity(&["gzip"]).await;
}

/// `Content-Encoding: gzip` twice (two field lines: one list, RFC 9110 §5.3; gzip applied
/// twice): decoded twice for the rewrite, and the verifier reads the card, no false
/// CARD-SHAPE-004 ("not a JSON object").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stacked_gzip_card_is_rewritten_and_verified() {
    coded_card_is_rewritten_and_served_identity(&["gzip", "gzip"]).await;
}

async fn coded_card_is_rewritten_and_served_identity(lines: &'static [&'static str]) {
    use std::io::Write;
    let port = std::sync::Arc::new(std::sync::OnceLock::<u16>::new());
    let port2 = port.clone();
    let up = serve(std::sync::Arc::new(move |_req: hyper::Request<hyper::body::Incoming>| {
        let port = *port2.get().unwrap();
        Box::pin(async move {
            let card = format!(r#"{{"supportedInterfaces":[{{"url":"http://127.0.0.1:{port}/","protocolBinding":"JSONRPC"}}]}}"#);
            let mut body = card.into_bytes();
            let mut resp = hyper::Response::builder().header("content-type", "application/json");
            for coding in lines {
                let mut enc =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
                enc.write_all(&body).unwrap();
                body = enc.finish().unwrap();
                resp = resp.header("content-encoding", *coding);
            }
            resp.body(full(body)).unwrap()
        })
    }))
    .await;
    port.set(up.port()).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.rewrite_card = true;
    let (p, base) = start(cfg).await;
    let c = client_h1();
    let (_, h, body) = fetch(&c, get(&format!("{base}/.well-known/agent-card.json"))).await;
    assert!(h.get("content-encoding").is_none());
    assert_eq!(
        std::str::from_utf8(&body).unwrap(),
        format!(r#"{{"supportedInterfaces":[{{"url":"{base}/","protocolBinding":"JSONRPC"}}]}}"#)
    );
    let outcome = p.finish().await.unwrap();
    // The verifier read the decoded card: it is a JSON object (no CARD-SHAPE-004) that
    // lacks the members this small test card leaves out (CARD-SHAPE-001).
    let rules: Vec<&str> = outcome
        .verify
        .findings
        .iter()
        .filter(|f| f.rule.starts_with("CARD-SHAPE"))
        .map(|f| f.rule.as_str())
        .collect();
    assert!(
        !rules.contains(&"CARD-SHAPE-004"),
        "{:#?}",
        outcome.verify.findings
    );
    assert!(
        rules.contains(&"CARD-SHAPE-001"),
        "{:#?}",
        outcome.verify.findings
    );
    // The agent's gzip bytes are recorded raw (base64: not UTF-8).
    let evs = read_events(&rec);
    let raw = response_chunks(&evs, "e1").concat();
    assert_eq!(&raw[..2], &[0x1f, 0x8b]);
    assert!(
        !evs.iter()
            .any(|e| matches!(e.kind, EventKind::CardRewriteSkipped { .. })),
        "{lines:?}"
    );
}
