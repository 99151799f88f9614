//! `--rewrite-card` behind a TLS / path-prefix front (breaker16b T10): the rewritten card
//! advertises the public base clients use (CARD-005), from `--public-url` or, with
//! `--trust-forwarded`, from the front's `Forwarded` (RFC 7239) / `X-Forwarded-*` fields.
//! Without the opt-in those fields change nothing (any client can send them). Real HTTP on
//! loopback sockets: an agent serving a card naming itself, the recording proxy, a client.

use crate::proxy_process;
use crate::proxy_support as support;

use std::net::SocketAddr;
use std::sync::Arc;

use a2a_interop::app::pipeline::Pipeline;
use a2a_interop::proxy::ProxyExtras;

use support::*;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// An agent whose card (at the well-known path) advertises `http://ITSELF/a2a`.
async fn card_agent() -> SocketAddr {
    let slot: Arc<std::sync::OnceLock<SocketAddr>> = Arc::new(std::sync::OnceLock::new());
    let me = slot.clone();
    let addr = serve(Arc::new(move |_req| {
        let me = me.clone();
        Box::pin(async move {
            let at = me.get().copied().unwrap();
            let card = format!(
                r#"{{"name":"fronted","supportedInterfaces":[{{"url":"http://{at}/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}}]}}"#
            );
            let mut r = hyper::Response::new(full(card));
            r.headers_mut().insert(
                "content-type",
                hyper::header::HeaderValue::from_static("application/json"),
            );
            r
        })
    }))
    .await;
    slot.set(addr).unwrap();
    addr
}

/// A recording proxy with `--rewrite-card` to `up` and the extras `ext`; `route` is the
/// proxy's route prefix (`/` or `/x`).
async fn proxy(
    up: SocketAddr,
    route: &str,
    ext: ProxyExtras,
) -> (tempfile::TempDir, Pipeline, String) {
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![(route, format!("http://{up}"))], &rec);
    cfg.proxy.rewrite_card = true;
    let p = Pipeline::start_ext(cfg, ext).await.expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());
    (dir, p, base)
}

/// The first interface URL of the card fetched at `url` with the header fields `fields`.
async fn card_url(url: &str, fields: &[(&str, &str)]) -> String {
    let mut req = get(url);
    for (k, v) in fields {
        req.headers_mut().insert(
            hyper::header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
            hyper::header::HeaderValue::from_str(v).unwrap(),
        );
    }
    let (status, _, body) = fetch(&client_h1(), req).await;
    assert_eq!(status, 200, "{}", String::from_utf8_lossy(&body));
    let v: serde_json::Value = serde_json::from_slice(&body).unwrap();
    v["supportedInterfaces"][0]["url"]
        .as_str()
        .unwrap()
        .to_string()
}

const FRONT_FIELDS: &[(&str, &str)] = &[
    (
        "forwarded",
        "for=192.0.2.7;proto=https;host=agents.example.com",
    ),
    ("x-forwarded-prefix", "/agents/x"),
];

#[tokio::test]
async fn public_url_is_what_the_rewritten_card_advertises() {
    let up = card_agent().await;
    let ext = ProxyExtras {
        public_url: Some("https://agents.example.com/agents/x".into()),
        ..ProxyExtras::default()
    };
    let (_d, p, base) = proxy(up, "/", ext.clone()).await;
    // whatever the request says about the front
    let got = card_url(&format!("{base}/.well-known/agent-card.json"), FRONT_FIELDS).await;
    assert_eq!(got, "https://agents.example.com/agents/x/a2a");
    let got = card_url(&format!("{base}/.well-known/agent-card.json"), &[]).await;
    assert_eq!(got, "https://agents.example.com/agents/x/a2a");
    p.finish().await.unwrap();
    // a route prefix goes after the public base
    let (_d, p, base) = proxy(up, "/py", ext).await;
    let got = card_url(&format!("{base}/py/.well-known/agent-card.json"), &[]).await;
    assert_eq!(got, "https://agents.example.com/agents/x/py/a2a");
    p.finish().await.unwrap();
}

#[tokio::test]
async fn trust_forwarded_builds_the_base_from_the_front_fields() {
    let up = card_agent().await;
    let ext = ProxyExtras {
        trust_forwarded: true,
        ..ProxyExtras::default()
    };
    let (_d, p, base) = proxy(up, "/", ext).await;
    let url = format!("{base}/.well-known/agent-card.json");
    let proxy_host = base.trim_start_matches("http://").to_string();
    let cases: [(&[(&str, &str)], String); 4] = [
        // RFC 7239 Forwarded (first element: the front nearest the client) + X-Forwarded-Prefix
        (
            &[
                (
                    "forwarded",
                    "for=192.0.2.7;proto=https;host=agents.example.com, for=10.0.0.2;proto=http",
                ),
                ("x-forwarded-prefix", "/agents/x/"),
            ],
            "https://agents.example.com/agents/x/a2a".into(),
        ),
        // the X-Forwarded-* fields alone
        (
            &[
                ("x-forwarded-proto", "https"),
                ("x-forwarded-host", "front.example.com:8443"),
            ],
            "https://front.example.com:8443/a2a".into(),
        ),
        // only the scheme: the Host the front sent stays
        (
            &[
                ("host", "agents.example.com"),
                ("x-forwarded-proto", "https"),
            ],
            "https://agents.example.com/a2a".into(),
        ),
        // values that are not a scheme, a host or a path are ignored, never a panic
        (
            &[
                ("x-forwarded-proto", "javascript"),
                ("x-forwarded-host", "evil@attacker.example"),
                ("x-forwarded-prefix", "/../admin"),
            ],
            format!("http://{proxy_host}/a2a"),
        ),
    ];
    for (fields, want) in cases {
        assert_eq!(card_url(&url, fields).await, want, "{fields:?}");
    }
    p.finish().await.unwrap();
}

/// Without the opt-in, the fields any client may send do not reach the card.
#[tokio::test]
async fn forwarded_fields_are_ignored_by_default() {
    let up = card_agent().await;
    let (_d, p, base) = proxy(up, "/", ProxyExtras::default()).await;
    let got = card_url(&format!("{base}/.well-known/agent-card.json"), FRONT_FIELDS).await;
    assert_eq!(
        got,
        format!("{}/a2a", base),
        "a client's Forwarded field poisoned the card"
    );
    p.finish().await.unwrap();
}

/// The command line: `--public-url` needs `--rewrite-card` and an http(s) base URL.
#[test]
fn public_url_is_checked_before_anything_listens() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let o = std::process::Command::new(BIN)
            .args([
                "proxy",
                "--listen",
                "127.0.0.1:0",
                "--upstream",
                "http://127.0.0.1:9",
            ])
            .arg("--record")
            .arg(dir.path().join("r.jsonl"))
            .args(extra)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).to_string(),
        )
    };
    let (code, err) = run(&["--public-url", "https://a.example.com/"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("--rewrite-card"), "{err}");
    let (code, err) = run(&["--rewrite-card", "--public-url", "ftp://a.example.com/"]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("--public-url") && err.contains("http or https"),
        "{err}"
    );
    let (code, err) = run(&[
        "--rewrite-card",
        "--public-url",
        "https://user:pw@a.example.com/",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("credentials"), "{err}");
}

/// Without the opt-in, a card fetched through a front that names another public origin is
/// still rewritten to the listener's own, and the proxy says so once, naming both flags.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_front_naming_another_origin_is_warned_about_once() {
    let up = card_agent().await;
    let dir = tempfile::tempdir().unwrap();
    let run = proxy_process::spawn_until_listening(
        std::process::Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0", "--rewrite-card"])
            .arg("--upstream")
            .arg(format!("http://{up}"))
            .arg("--record")
            .arg(dir.path().join("r.jsonl")),
        std::time::Duration::from_secs(20),
    );
    let base = format!("http://{}", run.addr.trim_end_matches('/'));
    for _ in 0..2 {
        let got = card_url(&format!("{base}/.well-known/agent-card.json"), FRONT_FIELDS).await;
        assert_eq!(got, format!("{base}/a2a"));
    }
    let err = run.terminate();
    let warned = err
        .lines()
        .filter(|l| {
            l.contains("WARNING: the card for /.well-known/agent-card.json is rewritten to")
        })
        .collect::<Vec<_>>();
    assert_eq!(warned.len(), 1, "{err}");
    assert!(
        warned[0].contains("names https://agents.example.com/agents/x")
            && warned[0].contains("--public-url URL")
            && warned[0].contains("--trust-forwarded"),
        "{}",
        warned[0]
    );
}

/// An agent whose card advertises `http://ITSELF/a2a` (rewritten by the proxy) and a second
/// interface `https://127.0.0.1:9/a2a` that is neither the upstream nor the proxy (left as
/// it is: the same loopback host on another port).
async fn card_agent_with_stray_port() -> SocketAddr {
    let slot: Arc<std::sync::OnceLock<SocketAddr>> = Arc::new(std::sync::OnceLock::new());
    let me = slot.clone();
    let addr = serve(Arc::new(move |_req| {
        let me = me.clone();
        Box::pin(async move {
            let at = me.get().copied().unwrap();
            let card = format!(
                r#"{{"name":"fronted","supportedInterfaces":[{{"url":"http://{at}/a2a","protocolBinding":"JSONRPC","protocolVersion":"1.0"}},{{"url":"https://127.0.0.1:9/a2a","protocolBinding":"HTTP+JSON","protocolVersion":"1.0"}}]}}"#
            );
            let mut r = hyper::Response::new(full(card));
            r.headers_mut().insert(
                "content-type",
                hyper::header::HeaderValue::from_static("application/json"),
            );
            r
        })
    }))
    .await;
    slot.set(addr).unwrap();
    addr
}

/// T10's leftover: with `--public-url` naming a TLS front on the proxy's own host (another
/// port) and no forwarded fields on the request, the rewritten card's public URL is the
/// front's, not a way around it: no CARD-URL-009 for it, live or from the recording, which
/// keeps the public URL in its header. The stray port the proxy did not rewrite still is.
#[tokio::test]
async fn public_url_in_the_card_is_not_a_way_around_the_front() {
    let up = card_agent_with_stray_port().await;
    let dir = tempfile::tempdir().unwrap();
    let rec = tmp_recording(&dir, "r.jsonl");
    let mut cfg = pipeline_cfg(vec![("/", format!("http://{up}"))], &rec);
    cfg.proxy.rewrite_card = true;
    let ext = ProxyExtras {
        public_url: Some("https://127.0.0.1:8443/agents".into()),
        ..ProxyExtras::default()
    };
    let p = Pipeline::start_ext(cfg, ext).await.expect("pipeline");
    let base = format!("http://{}", p.proxy_addr());
    let got = card_url(&format!("{base}/.well-known/agent-card.json"), &[]).await;
    assert_eq!(got, "https://127.0.0.1:8443/agents/a2a");
    let run = p.finish().await.unwrap();
    // the header keeps the public URL (backward compatible: an optional member)
    let header = a2a_interop::record::jsonl::RecordingReader::new(std::io::BufReader::new(
        std::fs::File::open(&rec).unwrap(),
    ))
    .unwrap()
    .header()
    .clone();
    assert_eq!(
        header.public_url.as_deref(),
        Some("https://127.0.0.1:8443/agents")
    );
    let around: Vec<String> = run
        .verify
        .findings
        .iter()
        .filter(|f| f.rule == "CARD-URL-009")
        .map(|f| f.message.clone())
        .collect();
    assert_eq!(around.len(), 1, "{around:?}");
    assert!(
        around[0].contains("advertises https://127.0.0.1:9"),
        "{}",
        around[0]
    );
    assert_offline_matches(&run.verify, &rec);
}
