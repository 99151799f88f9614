/*!
Scale benchmark of the real `a2a-interop proxy` binary (issue 7, issue 5), each party in its
own process so the proxy has only its own file descriptors and its own CPU and memory:

```text
 this process (client) ──h1 / h2c / TLS──► a2a-interop proxy (child) ──► this binary as upstream (child)
```

```sh
cargo bench --bench scale                       # all scenarios
cargo bench --bench scale -- idle active        # some: idle active large forward
SCALE_IDLE_H1=9000 SCALE_IDLE_H2=10000 SCALE_ACTIVE=1000 SCALE_ACTIVE_SECS=10 cargo bench --bench scale
A2A_INTEROP_BIN=target/release/a2a-interop target/debug/deps/scale-HASH --bench idle   # other proxy build
```

Scenarios (numbers printed as Markdown tables for `docs/performance.md`):
- `idle`: N idle SSE streams (an A2A `message/stream` POST answered with one valid
  status-update event, then silence) held open through the proxy; the
  proxy's `VmRSS` before, 1 s after the last stream opened and 3 s later (past mimalloc's
  purge delay), its `VmHWM`, open fds, bytes per stream. HTTP/1.1 on both
  legs (2 fds per stream in the proxy: N is bounded by the 20,000-fd limit per process), and
  h2c on the client leg (100 streams per connection; the proxy forwards h2c as h2c).
- `active`: N streams each receiving 10 events/s for `SCALE_ACTIVE_SECS`; the upstream stamps
  each event with its send time (Unix µs, same machine clock), the client subtracts it on
  arrival: p50 / p99 / max delay direct and through the proxy, and the proxy's CPU.
- `large`: a 100 MiB POST and a 100 MiB response through the proxy; growth of the proxy's
  peak RSS (`VmHWM` reset through `/proc/PID/clear_refs` before each).
- `forward`: small JSON-RPC POST direct, through the reverse proxy, through `--forward`
  (absolute-form), direct over TLS, and through `--forward --intercept-tls` (CONNECT, TLS
  termination with the local CA, upstream TLS): p50 at 1 connection, req/s at 8 connections
  and the proxy process's CPU µs per request (its own `/proc/PID/stat`).

Every proxy runs with recording (a temporary file) and online verification on, as users run
it. Timings are printed, never asserted.
*/

use std::convert::Infallible;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::{TokioExecutor, TokioIo};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

type BoxError = Box<dyn std::error::Error + Send + Sync>;
type B = UnsyncBoxBody<Bytes, BoxError>;

/// The proxy binary cargo built with this bench; `A2A_INTEROP_BIN=PATH` runs another build
/// (e.g. `target/release/a2a-interop` while this harness itself is a debug build).
fn bin() -> String {
    std::env::var("A2A_INTEROP_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_a2a-interop").into())
}
const RPC: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1"}}}"#;
/// The idle scenario's request: an A2A `message/stream` call (JSON-RPC 2.0), as an agent's
/// clients open a stream.
const RPC_STREAM: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/stream","params":{"message":{"kind":"message","role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1"}}}"#;
/// The idle stream's one event: a valid `TaskStatusUpdateEvent` (`working`, not final) in a
/// JSON-RPC response, so the verifier's per-stream state is that of a clean open stream (an
/// event it judges malformed would add findings kept for the whole run).
const IDLE_EVENT: &[u8] = b"data: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"kind\":\"status-update\",\"taskId\":\"t-1\",\"contextId\":\"c-1\",\"status\":{\"state\":\"working\"},\"final\":false}}\n\n";
const REPLY: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","parts":[{"kind":"text","text":"hello"}],"messageId":"m-2"}}"#;
/// Streams per h2c client connection in the idle scenario.
const H2_STREAMS_PER_CONN: usize = 100;
/// Body size of the large scenario (100 MiB).
const LARGE: usize = 100 << 20;

fn full(b: impl Into<Bytes>) -> B {
    Full::new(b.into())
        .map_err(|n: Infallible| -> BoxError { match n {} })
        .boxed_unsync()
}

fn unix_us() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_micros() as u64)
        .unwrap_or(0)
}

fn env_usize(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------------------
// /proc readings of another process

/// `VmRSS` / `VmHWM` / ... of process `pid` in KiB.
fn status_kib(pid: u32, key: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(key))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// User + system CPU time of process `pid` (all threads), µs (10 ms clock ticks).
fn cpu_us(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = s.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ut: u64 = f.get(11).and_then(|v| v.parse().ok()).unwrap_or(0);
    let st: u64 = f.get(12).and_then(|v| v.parse().ok()).unwrap_or(0);
    (ut + st) * 10_000
}

fn fd_count(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// Resets the peak RSS (`VmHWM`) of `pid` to its current RSS (Linux `clear_refs` 5).
fn reset_hwm(pid: u32) {
    let _ = std::fs::write(format!("/proc/{pid}/clear_refs"), "5");
}

// ---------------------------------------------------------------------------------------
// Child processes

struct Proc {
    child: Child,
    addr: String,
}

impl Proc {
    fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// This binary as the upstream (`A2A_SCALE_ROLE=upstream`); it prints `listening ADDR TLSADDR`.
fn spawn_upstream(dir: &Path) -> (Proc, String, PathBuf) {
    let exe = std::env::current_exe().expect("current exe");
    let cert = dir.join("agent-cert.pem");
    let mut child = Command::new(exe)
        .arg("--bench")
        .env("A2A_SCALE_ROLE", "upstream")
        .env("A2A_SCALE_CERT", &cert)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("spawn upstream");
    let out = child.stdout.take().expect("stdout");
    let mut line = String::new();
    BufReader::new(out)
        .read_line(&mut line)
        .expect("upstream line");
    let mut it = line.split_whitespace().skip(1);
    let addr = it.next().expect("addr").to_string();
    let tls = it.next().expect("tls addr").to_string();
    (Proc { child, addr }, tls, cert)
}

/// The real proxy binary with `args`; waits for its listening banner.
fn spawn_proxy(args: &[String]) -> Proc {
    let mut child = Command::new(bin())
        .arg("proxy")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn a2a-interop proxy");
    let err = child.stderr.take().expect("stderr");
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for l in BufReader::new(err).lines().map_while(Result::ok) {
            if tx.send(l.clone()).is_err() {
                // Keep draining so the proxy never blocks on a full pipe.
                continue;
            }
        }
    });
    let addr = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("proxy banner");
        if let Some(a) = l.strip_prefix("a2a-interop proxy listening on http://") {
            break a.trim_end_matches('/').to_string();
        }
    };
    Proc { child, addr }
}

fn reverse_args(up: &str, rec: &Path) -> Vec<String> {
    vec![
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--upstream".into(),
        format!("http://{up}"),
        "--record".into(),
        rec.display().to_string(),
        "--quiet".into(),
    ]
}

// ---------------------------------------------------------------------------------------
// Upstream role

fn query_num(q: &str, key: &str, default: u64) -> u64 {
    q.split('&')
        .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

async fn upstream_handle(req: Request<Incoming>) -> Result<Response<B>, Infallible> {
    let path = req.uri().path().to_string();
    let q = req.uri().query().unwrap_or("").to_string();
    let sse = |body: B| {
        Response::builder()
            .header("content-type", "text/event-stream")
            .header("cache-control", "no-cache")
            .body(body)
            .unwrap_or_else(|_| Response::new(full(Bytes::new())))
    };
    let resp = match path.as_str() {
        "/idle" => {
            let _ = req.into_body().collect().await;
            let first = futures_util::stream::once(async {
                Ok::<_, BoxError>(http_body::Frame::data(Bytes::from_static(IDLE_EVENT)))
            });
            let s = futures_util::StreamExt::chain(first, futures_util::stream::pending());
            sse(StreamBody::new(s).boxed_unsync())
        }
        "/tick" => {
            let _ = req.into_body().collect().await;
            let n = query_num(&q, "n", 100);
            let gap = Duration::from_millis(query_num(&q, "gap_ms", 100));
            let s = futures_util::stream::unfold(
                (0u64, tokio::time::Instant::now()),
                move |(i, next)| async move {
                    if i >= n {
                        return None;
                    }
                    tokio::time::sleep_until(next).await;
                    let chunk = format!(
                        "data: {{\"kind\":\"artifact-update\",\"i\":{i},\"sent_us\":{}}}\n\n",
                        unix_us()
                    );
                    Some((
                        Ok::<_, BoxError>(http_body::Frame::data(Bytes::from(chunk))),
                        (i + 1, next + gap),
                    ))
                },
            );
            sse(StreamBody::new(s).boxed_unsync())
        }
        "/big" => {
            let _ = req.into_body().collect().await;
            let total = query_num(&q, "bytes", LARGE as u64) as usize;
            let chunk = Bytes::from(vec![b'x'; 64 * 1024]);
            let s = futures_util::stream::unfold(0usize, move |sent| {
                let chunk = chunk.clone();
                async move {
                    if sent >= total {
                        return None;
                    }
                    let n = chunk.len().min(total - sent);
                    Some((
                        Ok::<_, BoxError>(http_body::Frame::data(chunk.slice(..n))),
                        sent + n,
                    ))
                }
            });
            Response::builder()
                .header("content-type", "application/octet-stream")
                .header("content-length", total.to_string())
                .body(StreamBody::new(s).boxed_unsync())
                .unwrap_or_else(|_| Response::new(full(Bytes::new())))
        }
        "/sink" => {
            let mut body = req.into_body();
            let mut n = 0usize;
            while let Some(Ok(f)) = body.frame().await {
                if let Ok(d) = f.into_data() {
                    n += d.len();
                }
            }
            Response::builder()
                .header("content-type", "application/json")
                .body(full(format!("{{\"received\":{n}}}")))
                .unwrap_or_else(|_| Response::new(full(Bytes::new())))
        }
        _ => {
            let _ = req.into_body().collect().await;
            Response::builder()
                .header("content-type", "application/json")
                .body(full(Bytes::from_static(REPLY)))
                .unwrap_or_else(|_| Response::new(full(Bytes::new())))
        }
    };
    Ok(resp)
}

fn server_builder() -> hyper_util::server::conn::auto::Builder<TokioExecutor> {
    let mut b = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new());
    // One h2c connection from the proxy carries every stream of the h2c scenario.
    b.http2().max_concurrent_streams(100_000);
    b
}

fn upstream_role() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        let l = TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let tl = TcpListener::bind("127.0.0.1:0").await.expect("bind tls");
        let cert_path = std::env::var_os("A2A_SCALE_CERT").map(PathBuf::from);
        let ck = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).expect("cert");
        if let Some(p) = &cert_path {
            std::fs::write(p, ck.cert.pem()).expect("write cert");
        }
        let key = rustls::pki_types::PrivateKeyDer::Pkcs8(
            rustls::pki_types::PrivatePkcs8KeyDer::from(ck.key_pair.serialize_der()),
        );
        let mut cfg =
            rustls::ServerConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
                .with_safe_default_protocol_versions()
                .expect("tls versions")
                .with_no_client_auth()
                .with_single_cert(vec![ck.cert.der().clone()], key)
                .expect("tls config");
        cfg.alpn_protocols = vec![b"http/1.1".to_vec()];
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(cfg));
        println!(
            "listening {} {}",
            l.local_addr().expect("addr"),
            tl.local_addr().expect("addr")
        );
        tokio::spawn(async move {
            loop {
                let Ok((s, _)) = tl.accept().await else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let _ = s.set_nodelay(true);
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(s).await else {
                        return;
                    };
                    let svc = hyper::service::service_fn(upstream_handle);
                    let _ = server_builder()
                        .serve_connection(TokioIo::new(tls), svc)
                        .await;
                });
            }
        });
        loop {
            let Ok((s, _)) = l.accept().await else {
                tokio::time::sleep(Duration::from_millis(10)).await;
                continue;
            };
            let _ = s.set_nodelay(true);
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(upstream_handle);
                let _ = server_builder()
                    .serve_connection(TokioIo::new(s), svc)
                    .await;
            });
        }
    });
}

// ---------------------------------------------------------------------------------------
// Client side

type H1 = hyper::client::conn::http1::SendRequest<B>;
type H2 = hyper::client::conn::http2::SendRequest<B>;

async fn h1_over<IO>(io: IO) -> Result<H1, BoxError>
where
    IO: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let (send, conn) = hyper::client::conn::http1::handshake(TokioIo::new(io)).await?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(send)
}

async fn h1(addr: &str) -> Result<H1, BoxError> {
    let s = TcpStream::connect(addr).await?;
    s.set_nodelay(true)?;
    h1_over(s).await
}

async fn h2(addr: &str) -> Result<H2, BoxError> {
    let s = TcpStream::connect(addr).await?;
    s.set_nodelay(true)?;
    let (send, conn) = hyper::client::conn::http2::Builder::new(TokioExecutor::new())
        .handshake(TokioIo::new(s))
        .await?;
    tokio::spawn(async move {
        let _ = conn.await;
    });
    Ok(send)
}

fn get(uri: &str, host: &str) -> Request<B> {
    Request::get(uri)
        .header("host", host)
        .header("accept", "text/event-stream")
        .body(full(Bytes::new()))
        .expect("request")
}

/// The idle scenario's `message/stream` POST ([`RPC_STREAM`]).
fn post_stream(uri: &str, host: &str) -> Request<B> {
    Request::post(uri)
        .header("host", host)
        .header("content-type", "application/json")
        .header("accept", "text/event-stream")
        .body(full(Bytes::from_static(RPC_STREAM)))
        .expect("request")
}

fn post(uri: &str, host: &str) -> Request<B> {
    Request::post(uri)
        .header("host", host)
        .header("content-type", "application/json")
        .body(full(Bytes::from_static(RPC)))
        .expect("request")
}

fn pct(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime")
}

// ---------------------------------------------------------------------------------------
// idle

/// Seconds the idle streams stay open after the first RSS sample before the second one
/// (longer than mimalloc's 1 s purge delay).
const IDLE_SETTLE_SECS: u64 = 3;

/// Opens `n` idle streams to `addr` (h1: one connection each; h2: `H2_STREAMS_PER_CONN` per
/// connection), waits for each stream's first event, and returns what keeps them open.
async fn open_idle(addr: &str, n: usize, h2c: bool) -> Result<Vec<Box<dyn Send>>, BoxError> {
    let uri_h2 = format!("http://{addr}/idle");
    let mut keep: Vec<Box<dyn Send>> = Vec::with_capacity(n + n / H2_STREAMS_PER_CONN + 1);
    if h2c {
        let conns = n.div_ceil(H2_STREAMS_PER_CONN);
        for c in 0..conns {
            let send = h2(addr).await?;
            let k = H2_STREAMS_PER_CONN.min(n - c * H2_STREAMS_PER_CONN);
            let mut set = tokio::task::JoinSet::new();
            for _ in 0..k {
                let mut s = send.clone();
                let uri = uri_h2.clone();
                set.spawn(async move {
                    let r = s.send_request(post_stream(&uri, "")).await?;
                    let mut b = r.into_body();
                    let _ = b.frame().await;
                    Ok::<_, BoxError>(b)
                });
            }
            while let Some(r) = set.join_next().await {
                keep.push(Box::new(r??));
            }
            keep.push(Box::new(send));
        }
    } else {
        let mut done = 0;
        while done < n {
            let k = 200.min(n - done);
            let mut set = tokio::task::JoinSet::new();
            for _ in 0..k {
                let addr = addr.to_string();
                set.spawn(async move {
                    let mut s = h1(&addr).await?;
                    let r = s.send_request(post_stream("/idle", &addr)).await?;
                    let mut b = r.into_body();
                    let _ = b.frame().await;
                    Ok::<_, BoxError>((s, b))
                });
            }
            while let Some(r) = set.join_next().await {
                keep.push(Box::new(r??));
            }
            done += k;
        }
    }
    Ok(keep)
}

fn idle(dir: &Path, up: &str, n: usize, h2c: bool) {
    if n == 0 {
        // `SCALE_IDLE_H1=0` / `SCALE_IDLE_H2=0` skip that row (the bytes per stream would
        // divide by zero).
        return;
    }
    let rec = dir.join(format!("idle-{}-{n}.jsonl", if h2c { "h2c" } else { "h1" }));
    let proxy = spawn_proxy(&reverse_args(up, &rec));
    let pid = proxy.pid();
    let rt = runtime();
    let t0 = Instant::now();
    let res = rt.block_on(async {
        // Warm-up: one stream opened and closed.
        drop(open_idle(&proxy.addr, 1, h2c).await?);
        tokio::time::sleep(Duration::from_millis(500)).await;
        let before = status_kib(pid, "VmRSS:");
        let fds0 = fd_count(pid);
        let keep = open_idle(&proxy.addr, n, h2c).await?;
        let opened = t0.elapsed();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let after = status_kib(pid, "VmRSS:");
        let hwm = status_kib(pid, "VmHWM:");
        let fds = fd_count(pid);
        let cpu = cpu_us(pid);
        // Again once the allocator's purge delay (mimalloc: 1 s) has passed: memory freed
        // while the streams opened (connection set-up, table growth) is then returned, and
        // what is left is what the idle streams hold.
        tokio::time::sleep(Duration::from_secs(IDLE_SETTLE_SECS)).await;
        let settled = status_kib(pid, "VmRSS:");
        drop(keep);
        Ok::<_, BoxError>((before, after, settled, hwm, fds0, fds, opened, cpu))
    });
    drop(rt);
    match res {
        Ok((before, after, settled, hwm, fds0, fds, opened, _cpu)) => {
            let per = (after.saturating_sub(before) * 1024) / n as u64;
            let per_settled = (settled.saturating_sub(before) * 1024) / n as u64;
            println!(
                "| {} | {n} | {:.1} | {} | {} | {} | {} | {per} | {:.1} | {} | {per_settled} | {:.1} |",
                if h2c {
                    "h2c client leg (100 streams/conn), h2c upstream leg"
                } else {
                    "HTTP/1.1 both legs"
                },
                opened.as_secs_f64(),
                before / 1024,
                after / 1024,
                hwm / 1024,
                format_args!("{fds0} → {fds}"),
                per as f64 / 1024.0,
                settled / 1024,
                per_settled as f64 / 1024.0,
            );
        }
        Err(e) => println!(
            "| {} | {n} | failed: {e} | | | | | | | | | |",
            if h2c { "h2c" } else { "h1" }
        ),
    }
    drop(proxy);
}

// ---------------------------------------------------------------------------------------
// active

async fn active_run(addr: &str, n: usize, secs: u64) -> Result<Vec<u64>, BoxError> {
    let per_stream = secs * 10;
    let mut set = tokio::task::JoinSet::new();
    for i in 0..n {
        let addr = addr.to_string();
        set.spawn(async move {
            // Spread the streams' phases over one 100 ms period.
            tokio::time::sleep(Duration::from_micros((i as u64 * 100_000) / n as u64)).await;
            let mut s = h1(&addr).await?;
            let uri = format!("/tick?n={per_stream}&gap_ms=100");
            let r = s.send_request(get(&uri, &addr)).await?;
            let mut b = r.into_body();
            let mut delays = Vec::with_capacity(per_stream as usize);
            let mut pending: Vec<u8> = Vec::new();
            while let Some(f) = b.frame().await {
                let Ok(d) = f?.into_data() else { continue };
                let now = unix_us();
                pending.extend_from_slice(&d);
                while let Some(pos) = pending.windows(2).position(|w| w == b"\n\n") {
                    let ev: Vec<u8> = pending.drain(..pos + 2).collect();
                    let text = String::from_utf8_lossy(&ev);
                    if let Some(s) = text.split("\"sent_us\":").nth(1) {
                        let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
                        if let Ok(sent) = digits.parse::<u64>() {
                            delays.push(now.saturating_sub(sent));
                        }
                    }
                }
            }
            Ok::<_, BoxError>(delays)
        });
    }
    let mut all = Vec::new();
    while let Some(r) = set.join_next().await {
        all.extend(r??);
    }
    all.sort_unstable();
    Ok(all)
}

fn active(dir: &Path, up: &str, n: usize, secs: u64) {
    let rt = runtime();
    let direct = rt.block_on(active_run(up, n, secs));
    let rec = dir.join("active.jsonl");
    let proxy = spawn_proxy(&reverse_args(up, &rec));
    let pid = proxy.pid();
    let cpu0 = cpu_us(pid);
    let t0 = Instant::now();
    let through = rt.block_on(active_run(&proxy.addr, n, secs));
    let wall = t0.elapsed().as_secs_f64();
    let cpu = (cpu_us(pid) - cpu0) as f64 / 1e6;
    let hwm = status_kib(pid, "VmHWM:");
    drop(proxy);
    let size = std::fs::metadata(&rec).map(|m| m.len()).unwrap_or(0);
    let row = |name: &str, r: &Result<Vec<u64>, BoxError>, extra: String| match r {
        Ok(d) => println!(
            "| {name} | {} | {:.2} | {:.2} | {:.2} | {extra} |",
            d.len(),
            pct(d, 0.5) as f64 / 1000.0,
            pct(d, 0.99) as f64 / 1000.0,
            d.last().copied().unwrap_or(0) as f64 / 1000.0
        ),
        Err(e) => println!("| {name} | failed: {e} | | | | |"),
    };
    println!("| path | events | p50 ms | p99 ms | max ms | proxy |");
    println!("|---|---|---|---|---|---|");
    row("direct", &direct, String::new());
    row(
        "through the proxy",
        &through,
        format!(
            "CPU {:.0} % of one core ({cpu:.1} s in {wall:.1} s), peak RSS {} MiB, recording {} MB",
            100.0 * cpu / wall,
            hwm / 1024,
            size / 1_000_000
        ),
    );
    if let (Ok(d), Ok(p)) = (&direct, &through) {
        println!();
        println!(
            "added by the proxy: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            (pct(p, 0.5) as f64 - pct(d, 0.5) as f64) / 1000.0,
            (pct(p, 0.99) as f64 - pct(d, 0.99) as f64) / 1000.0,
            (p.last().copied().unwrap_or(0) as f64 - d.last().copied().unwrap_or(0) as f64)
                / 1000.0
        );
    }
}

// ---------------------------------------------------------------------------------------
// large

fn large(dir: &Path, up: &str) {
    let rec = dir.join("large.jsonl");
    let proxy = spawn_proxy(&reverse_args(up, &rec));
    let pid = proxy.pid();
    let rt = runtime();
    let addr = proxy.addr.clone();
    let res = rt.block_on(async {
        // Warm-up request, then the POST.
        let mut s = h1(&addr).await?;
        let r = s.send_request(post("/rpc", &addr)).await?;
        let _ = r.into_body().collect().await?;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let rss0 = status_kib(pid, "VmRSS:");
        reset_hwm(pid);
        let chunk = Bytes::from(vec![b'y'; 64 * 1024]);
        let body = StreamBody::new(futures_util::stream::iter(
            (0..LARGE / chunk.len())
                .map(move |_| Ok::<_, BoxError>(http_body::Frame::data(chunk.clone()))),
        ))
        .boxed_unsync();
        let req = Request::post("/sink")
            .header("host", &addr)
            .header("content-type", "application/octet-stream")
            .header("content-length", LARGE.to_string())
            .body(body)?;
        let t = Instant::now();
        s.ready().await?;
        let r = s.send_request(req).await?;
        let answer = r.into_body().collect().await?.to_bytes();
        let post_secs = t.elapsed().as_secs_f64();
        let hwm_post = status_kib(pid, "VmHWM:");
        tokio::time::sleep(Duration::from_millis(300)).await;
        let rss1 = status_kib(pid, "VmRSS:");
        reset_hwm(pid);
        let t = Instant::now();
        s.ready().await?;
        let r = s
            .send_request(get(&format!("/big?bytes={LARGE}"), &addr))
            .await?;
        let mut b = r.into_body();
        let mut got = 0usize;
        while let Some(f) = b.frame().await {
            if let Ok(d) = f?.into_data() {
                got += d.len();
            }
        }
        let get_secs = t.elapsed().as_secs_f64();
        let hwm_get = status_kib(pid, "VmHWM:");
        Ok::<_, BoxError>((
            rss0,
            hwm_post,
            String::from_utf8_lossy(&answer).to_string(),
            post_secs,
            rss1,
            hwm_get,
            got,
            get_secs,
        ))
    });
    drop(rt);
    drop(proxy);
    match res {
        Ok((rss0, hwm_post, answer, post_secs, rss1, hwm_get, got, get_secs)) => {
            println!("| body | through | proxy RSS before MiB | proxy peak RSS MiB | peak growth MiB | MB/s |");
            println!("|---|---|---|---|---|---|");
            println!(
                "| 100 MiB POST (client → agent) | agent said {answer} | {:.1} | {:.1} | {:.1} | {:.0} |",
                rss0 as f64 / 1024.0,
                hwm_post as f64 / 1024.0,
                hwm_post.saturating_sub(rss0) as f64 / 1024.0,
                LARGE as f64 / 1e6 / post_secs
            );
            println!(
                "| 100 MiB response (agent → client) | client got {got} B | {:.1} | {:.1} | {:.1} | {:.0} |",
                rss1 as f64 / 1024.0,
                hwm_get as f64 / 1024.0,
                hwm_get.saturating_sub(rss1) as f64 / 1024.0,
                LARGE as f64 / 1e6 / get_secs
            );
            let size = std::fs::metadata(&rec).map(|m| m.len()).unwrap_or(0);
            println!();
            println!("recording: {size} bytes (capture cap 16 MiB per exchange and direction)");
        }
        Err(e) => println!("large: failed: {e}"),
    }
}

// ---------------------------------------------------------------------------------------
// forward / TLS

/// How one request row reaches the agent.
#[derive(Clone)]
enum Way {
    /// Plain HTTP/1.1 to `addr`, origin-form.
    Plain { addr: String },
    /// Plain HTTP/1.1 to a forward proxy at `proxy`, absolute-form for `agent`.
    Forward { proxy: String, agent: String },
    /// TLS to `addr` directly (server name `localhost`), trusting `ca`.
    Tls { addr: String, ca: PathBuf },
    /// CONNECT `localhost:port` through `proxy`, then TLS trusting `ca` (the proxy's CA).
    Connect {
        proxy: String,
        port: u16,
        ca: PathBuf,
    },
}

fn tls_connector(ca: &Path) -> Result<tokio_rustls::TlsConnector, BoxError> {
    let mut roots = rustls::RootCertStore::empty();
    let pem = std::fs::read(ca)?;
    for c in rustls_pemfile::certs(&mut &pem[..]) {
        roots.add(c?)?;
    }
    let mut cfg = rustls::ClientConfig::builder_with_provider(a2a_interop::proxy::tls::provider())
        .with_safe_default_protocol_versions()?
        .with_root_certificates(roots)
        .with_no_client_auth();
    cfg.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(tokio_rustls::TlsConnector::from(Arc::new(cfg)))
}

/// One keep-alive connection the `Way` says, and the request URI / Host to use on it.
async fn connect_way(way: &Way) -> Result<(H1, String, String), BoxError> {
    let name = rustls::pki_types::ServerName::try_from("localhost")?;
    match way {
        Way::Plain { addr } => Ok((h1(addr).await?, "/rpc".into(), addr.clone())),
        Way::Forward { proxy, agent } => Ok((
            h1(proxy).await?,
            format!("http://{agent}/rpc"),
            agent.clone(),
        )),
        Way::Tls { addr, ca } => {
            let s = TcpStream::connect(addr).await?;
            s.set_nodelay(true)?;
            let tls = tls_connector(ca)?.connect(name, s).await?;
            let port = addr.rsplit(':').next().unwrap_or("443");
            Ok((
                h1_over(tls).await?,
                "/rpc".into(),
                format!("localhost:{port}"),
            ))
        }
        Way::Connect { proxy, port, ca } => {
            let mut s = TcpStream::connect(proxy).await?;
            s.set_nodelay(true)?;
            s.write_all(
                format!("CONNECT localhost:{port} HTTP/1.1\r\nhost: localhost:{port}\r\n\r\n")
                    .as_bytes(),
            )
            .await?;
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") {
                if s.read(&mut byte).await? == 0 {
                    return Err("proxy closed during CONNECT".into());
                }
                head.push(byte[0]);
            }
            if !head.starts_with(b"HTTP/1.1 200") {
                return Err(format!("CONNECT refused: {}", String::from_utf8_lossy(&head)).into());
            }
            let tls = tls_connector(ca)?.connect(name, s).await?;
            Ok((
                h1_over(tls).await?,
                "/rpc".into(),
                format!("localhost:{port}"),
            ))
        }
    }
}

struct Row {
    p50: u64,
    rps: f64,
    proxy_cpu_per_req: Option<f64>,
    client_cpu_per_req: f64,
}

async fn rpc_row(way: Way, pid: Option<u32>) -> Result<Row, BoxError> {
    let lat_phase = Duration::from_secs(2);
    let load_phase = Duration::from_secs(3);
    let conns = 8usize;
    let (mut s, uri, host) = connect_way(&way).await?;
    for _ in 0..200 {
        s.ready().await?;
        let r = s.send_request(post(&uri, &host)).await?;
        r.into_body().collect().await?;
    }
    let mut lat = Vec::new();
    let t0 = Instant::now();
    while t0.elapsed() < lat_phase {
        let t = Instant::now();
        s.ready().await?;
        let r = s.send_request(post(&uri, &host)).await?;
        r.into_body().collect().await?;
        lat.push(t.elapsed().as_micros() as u64);
    }
    lat.sort_unstable();
    let me = std::process::id();
    let (pcpu0, ccpu0) = (pid.map(cpu_us), cpu_us(me));
    let t0 = Instant::now();
    let mut set = tokio::task::JoinSet::new();
    for _ in 0..conns {
        let way = way.clone();
        set.spawn(async move {
            let (mut s, uri, host) = connect_way(&way).await?;
            let mut n = 0u64;
            while t0.elapsed() < load_phase {
                s.ready().await?;
                let r = s.send_request(post(&uri, &host)).await?;
                r.into_body().collect().await?;
                n += 1;
            }
            Ok::<_, BoxError>(n)
        });
    }
    let mut total = 0u64;
    while let Some(r) = set.join_next().await {
        total += r??;
    }
    let secs = t0.elapsed().as_secs_f64();
    let pcpu = pid.map(|p| (cpu_us(p) - pcpu0.unwrap_or(0)) as f64 / total.max(1) as f64);
    Ok(Row {
        p50: pct(&lat, 0.5),
        rps: total as f64 / secs,
        proxy_cpu_per_req: pcpu,
        client_cpu_per_req: (cpu_us(me) - ccpu0) as f64 / total.max(1) as f64,
    })
}

fn forward(dir: &Path, up: &str, tls_up: &str, agent_cert: &Path) {
    let ca_dir = dir.join("ca");
    let ca = match a2a_interop::proxy::tls::init_ca(&ca_dir) {
        Ok(p) => p,
        Err(e) => {
            println!("forward: cannot create the CA: {e}");
            return;
        }
    };
    let tls_port: u16 = tls_up
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or(0);
    let reverse = spawn_proxy(&reverse_args(up, &dir.join("fwd-reverse.jsonl")));
    let fwd = spawn_proxy(&[
        "--forward".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--record".into(),
        dir.join("fwd-forward.jsonl").display().to_string(),
        "--quiet".into(),
    ]);
    let icpt = spawn_proxy(&[
        "--forward".into(),
        "--intercept-tls".into(),
        "--ca-dir".into(),
        ca_dir.display().to_string(),
        "--upstream-ca".into(),
        agent_cert.display().to_string(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--record".into(),
        dir.join("fwd-intercept.jsonl").display().to_string(),
        "--quiet".into(),
    ]);
    let rows: Vec<(&str, Way, Option<u32>)> = vec![
        ("direct (HTTP)", Way::Plain { addr: up.into() }, None),
        (
            "reverse proxy",
            Way::Plain {
                addr: reverse.addr.clone(),
            },
            Some(reverse.pid()),
        ),
        (
            "`--forward` (absolute-form)",
            Way::Forward {
                proxy: fwd.addr.clone(),
                agent: up.into(),
            },
            Some(fwd.pid()),
        ),
        (
            "direct (TLS)",
            Way::Tls {
                addr: tls_up.into(),
                ca: agent_cert.to_path_buf(),
            },
            None,
        ),
        (
            "`--forward --intercept-tls` (CONNECT + TLS both legs)",
            Way::Connect {
                proxy: icpt.addr.clone(),
                port: tls_port,
                ca: ca.clone(),
            },
            Some(icpt.pid()),
        ),
    ];
    let rt = runtime();
    println!("| path | p50 µs (1 conn) | p50 added µs | req/s (8 conns) | proxy process CPU µs/req | client CPU µs/req |");
    println!("|---|---|---|---|---|---|");
    let mut base_plain = 0u64;
    let mut base_tls = 0u64;
    for (name, way, pid) in rows {
        let tls = matches!(way, Way::Tls { .. } | Way::Connect { .. });
        match rt.block_on(rpc_row(way, pid)) {
            Ok(r) => {
                if pid.is_none() {
                    if tls {
                        base_tls = r.p50;
                    } else {
                        base_plain = r.p50;
                    }
                }
                let base = if tls { base_tls } else { base_plain };
                println!(
                    "| {name} | {} | {} | {:.0} | {} | {:.1} |",
                    r.p50,
                    r.p50 as i64 - base as i64,
                    r.rps,
                    r.proxy_cpu_per_req
                        .map(|c| format!("{c:.1}"))
                        .unwrap_or_else(|| "–".into()),
                    r.client_cpu_per_req
                );
            }
            Err(e) => println!("| {name} | failed: {e} | | | | |"),
        }
    }
}

// ---------------------------------------------------------------------------------------

fn main() {
    if std::env::var("A2A_SCALE_ROLE").as_deref() == Ok("upstream") {
        upstream_role();
        return;
    }
    // `cargo test --all-targets` runs bench binaries without `--bench`: not a test.
    let args: Vec<String> = std::env::args().skip(1).collect();
    if !args.iter().any(|a| a == "--bench") {
        println!("scale bench: skipped outside `cargo bench --bench scale`");
        return;
    }
    let picked: Vec<&str> = args
        .iter()
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let want = |s: &str| picked.is_empty() || picked.contains(&s);
    let dir = tempfile::tempdir().expect("tempdir");
    let (upstream, tls_up, cert) = spawn_upstream(dir.path());
    let up = upstream.addr.clone();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("scale bench: proxy binary {}", bin());
    println!("load average at start: {}", load.trim());
    if want("idle") {
        println!();
        println!("## Idle SSE streams held open through the proxy process");
        println!();
        println!("| legs | streams | open s | proxy RSS before MiB | after 1 s MiB | peak MiB | proxy fds | B/stream | KiB/stream | after {} s more MiB | B/stream | KiB/stream |", IDLE_SETTLE_SECS);
        println!("|---|---|---|---|---|---|---|---|---|---|---|---|");
        idle(dir.path(), &up, env_usize("SCALE_IDLE_H1", 9000), false);
        idle(dir.path(), &up, env_usize("SCALE_IDLE_H2", 10_000), true);
    }
    if want("active") {
        let n = env_usize("SCALE_ACTIVE", 1000);
        let secs = env_usize("SCALE_ACTIVE_SECS", 10) as u64;
        println!();
        println!(
            "## {n} active SSE streams × 10 events/s for {secs} s (send stamp → client arrival)"
        );
        println!();
        active(dir.path(), &up, n, secs);
    }
    if want("large") {
        println!();
        println!("## 100 MiB bodies through the proxy process");
        println!();
        large(dir.path(), &up);
    }
    if want("forward") {
        println!();
        println!("## Small JSON-RPC POST: reverse, forward and TLS interception");
        println!();
        forward(dir.path(), &up, &tls_up, &cert);
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!();
    println!("load average at end: {}", load.trim());
    drop(upstream);
}
