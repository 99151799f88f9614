/*!
Proxy benchmark, side by side in one run (`cargo bench --bench proxy`):

- `direct`: client → hyper upstream;
- `bare`: client → the same proxy with tee and recorder off (`proxy::start_bare`) → upstream;
- `proxy`: client → pipeline (proxy + recorder writing a file + verifier) → upstream.

For each: latency of a small JSON-RPC POST (a valid 0.3 `message/send`, no finding;
`PROXY_BENCH_RPC_FINDING=1` sends the sessions 1-4 message, which makes one finding per
exchange; `PROXY_BENCH_AUTH=1` adds one `Authorization: Bearer` credential to every request, which
the recorder redacts and then scrubs the bodies for; `PROXY_BENCH_AUTH=many` a new one per
request) on one keep-alive connection (p50, p99, p50 added over direct), and process CPU
per request under load (8 keep-alive connections, `PROXY_BENCH_CONNS=N` for another count;
the client and the upstream run in the same process, so the proxy's own cost is the
difference to `direct`), also split by thread (tokio workers, recorder, verifier). CPU time
is read per thread from `/proc/self/task/<tid>/schedstat` (ns, exact) since session 5; `stat`'s
10 ms ticks misplaced the short runs of threads that wake often. The row `no batch linger`
sets `record::writer::BATCH_LINGER_US` to 0 in the same process (the writer takes each
event as soon as it is woken: the wake-up pattern before session 5); the low-rate phase
(one request per 10 ms) measures the same two ways. Proxy rows read the CPU only after the pipeline has
recorded and verified everything (`Pipeline::backlog` back to 0: its threads run at nice +10
and fall behind a busy machine) and count the body events the recorder dropped; the
`lossless` row drops none (the tee waits for room), so it is charged for all the work. Then SSE: per-event latency (the upstream stamps its send time into each
event, the client subtracts it on arrival), direct vs through the pipeline.

Bounded: about 2 s per latency phase, 3 s per load phase, 2 s per SSE phase, then the
idle-stream memory children (`PROXY_BENCH_QUICK=1` skips those).

Runs with mimalloc as the global allocator, like the `a2a-interop` binary (`src/main.rs`,
`src/alloc.rs`), so the numbers are those of what users run; `PROXY_BENCH_GLIBC=1` runs the
same binary on glibc malloc instead (the A/B of the allocator alone, see [`BenchAlloc`]);
`PROXY_BENCH_MI_ALIGNED=1` on mimalloc through the `mimalloc` crate's `MiMalloc`, which asks
for the alignment on every call (the A/B of `src/alloc.rs`, session 20).
*/

#[path = "../src/alloc.rs"]
#[allow(dead_code)]
mod alloc;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicU8, Ordering};

/// mimalloc ([`alloc::MiAlloc`]), or glibc malloc when `PROXY_BENCH_GLIBC` is set, or the
/// `mimalloc` crate's `MiMalloc` when `PROXY_BENCH_MI_ALIGNED` is: chosen once, at the first
/// allocation (before `main`'s first line, so every block is freed by the allocator that
/// made it), never switched.
struct BenchAlloc;

static ALLOC_MODE: AtomicU8 = AtomicU8::new(0);
const MODE_GLIBC: u8 = 1;
const MODE_MIMALLOC: u8 = 2;
const MODE_MI_ALIGNED: u8 = 3;

extern "C" {
    /// glibc `getenv(3)`: reads the environment without allocating.
    fn getenv(name: *const std::ffi::c_char) -> *const std::ffi::c_char;
}

fn alloc_mode() -> u8 {
    let m = ALLOC_MODE.load(Ordering::Relaxed);
    if m != 0 {
        return m;
    }
    // SAFETY: a NUL-terminated literal; getenv neither allocates nor keeps the pointer.
    let glibc = unsafe { !getenv(c"PROXY_BENCH_GLIBC".as_ptr()).is_null() };
    // SAFETY: as above.
    let aligned = unsafe { !getenv(c"PROXY_BENCH_MI_ALIGNED".as_ptr()).is_null() };
    let m = if glibc {
        MODE_GLIBC
    } else if aligned {
        MODE_MI_ALIGNED
    } else {
        MODE_MIMALLOC
    };
    ALLOC_MODE.store(m, Ordering::Relaxed);
    m
}

// SAFETY: every call is forwarded to one allocator, the same for the whole run.
unsafe impl GlobalAlloc for BenchAlloc {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        match alloc_mode() {
            MODE_GLIBC => System.alloc(l),
            MODE_MI_ALIGNED => mimalloc::MiMalloc.alloc(l),
            _ => alloc::MiAlloc.alloc(l),
        }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        match alloc_mode() {
            MODE_GLIBC => System.dealloc(p, l),
            MODE_MI_ALIGNED => mimalloc::MiMalloc.dealloc(p, l),
            _ => alloc::MiAlloc.dealloc(p, l),
        }
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        match alloc_mode() {
            MODE_GLIBC => System.alloc_zeroed(l),
            MODE_MI_ALIGNED => mimalloc::MiMalloc.alloc_zeroed(l),
            _ => alloc::MiAlloc.alloc_zeroed(l),
        }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        match alloc_mode() {
            MODE_GLIBC => System.realloc(p, l, n),
            MODE_MI_ALIGNED => mimalloc::MiMalloc.realloc(p, l, n),
            _ => alloc::MiAlloc.realloc(p, l, n),
        }
    }
}

#[global_allocator]
static GLOBAL: BenchAlloc = BenchAlloc;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use a2a_interop::app::pipeline::{Pipeline, PipelineConfig};
use a2a_interop::proxy::tee::{COPY_MAX, COPY_MAX_IN_USE};
use a2a_interop::proxy::{self, ProxyConfig};
use a2a_interop::record::writer::BATCH_LINGER_US;
use a2a_interop::record::{Route, DEFAULT_CAPTURE_CAP};
use bytes::Bytes;
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::{TokioExecutor, TokioIo};

type BoxError = Box<dyn std::error::Error + Send + Sync>;
type B = UnsyncBoxBody<Bytes, BoxError>;

/// A valid 0.3 `message/send` (no finding): what a well-behaved client sends.
const RPC_VALID: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1"}}}"#;
/// The request of the session 1-4 benches: its message lacks `"kind":"message"`, so every
/// exchange also makes a DATA-SHAPE-002 finding (a sixth event, printed nowhere here).
/// `PROXY_BENCH_RPC_FINDING=1` sends it, for A/B runs against older bench binaries.
const RPC_FINDING: &[u8] = br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"role":"user","parts":[{"kind":"text","text":"hello"}],"messageId":"m-1"}}}"#;

/// The request body every phase sends ([`RPC_VALID`] unless `PROXY_BENCH_RPC_FINDING`).
fn rpc() -> &'static [u8] {
    if std::env::var_os("PROXY_BENCH_RPC_FINDING").is_some() {
        RPC_FINDING
    } else {
        RPC_VALID
    }
}
/// `PROXY_BENCH_AUTH=1`: every request also carries `Authorization: Bearer` with one
/// 40-byte token (the shape of an OAuth 2.0 access token), so the recorder redacts a
/// credential on every exchange and scrubs each body for an echo of it (AUTH-LEAK-002's
/// `EchoedSecrets`, one search per kept credential per body). `PROXY_BENCH_AUTH=many`: a
/// new token on every request (a gateway in front of many callers), so the recorder keeps
/// its most credentials (64) and every body is searched for each. Unset: no credential,
/// the scrub is never armed. Read once.
#[derive(Clone, Copy, PartialEq)]
enum Auth {
    None,
    One,
    Many,
}

fn auth() -> Auth {
    static AUTH: std::sync::OnceLock<Auth> = std::sync::OnceLock::new();
    *AUTH.get_or_init(|| match std::env::var("PROXY_BENCH_AUTH").as_deref() {
        Err(_) => Auth::None,
        Ok("many") => Auth::Many,
        Ok(_) => Auth::One,
    })
}

/// The `Authorization` value of the next request ([`auth`]).
fn auth_value() -> Option<String> {
    static N: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    match auth() {
        Auth::None => None,
        Auth::One => Some("Bearer tok_7QvY2kS9pLmN4xR8wZ1cT6bH3jF5dG0aE2uK".to_string()),
        Auth::Many => {
            let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Some(format!("Bearer tok_{n:036x}"))
        }
    }
}
const REPLY: &[u8] = br#"{"jsonrpc":"2.0","id":1,"result":{"kind":"message","role":"agent","parts":[{"kind":"text","text":"hello"}],"messageId":"m-2"}}"#;

/// The recorder's default batch linger, µs (`record::writer::BATCH_LINGER_US` at start).
const LINGER_DEFAULT_US: u64 = 1000;
const LAT_PHASE: Duration = Duration::from_secs(2);
const LOAD_PHASE: Duration = Duration::from_secs(3);
/// Keep-alive connections of the load phase: `PROXY_BENCH_CONNS` (default 8).
fn load_conns() -> usize {
    std::env::var("PROXY_BENCH_CONNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(8)
}
const SSE_EVENTS: usize = 200;
const SSE_GAP: Duration = Duration::from_millis(10);

fn full(b: impl Into<Bytes>) -> B {
    Full::new(b.into())
        .map_err(|n| -> BoxError { match n {} })
        .boxed_unsync()
}

/// Process CPU time (all threads alive, user + system) in µs: the sum of
/// [`cpu_by_thread`] (the threads of a phase live throughout it).
fn cpu_us() -> u64 {
    cpu_by_thread().iter().sum()
}

/// CPU time of one thread in µs from its `/proc/.../schedstat` (first field: time on a CPU,
/// ns, exact; `stat`'s utime/stime are 10 ms ticks charged to whichever thread a tick
/// finds running, which misplaces the short runs of threads that wake often).
fn schedstat_us(s: &str) -> u64 {
    s.split_whitespace()
        .next()
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0)
        / 1000
}

/// CPU time in µs per thread group of this process, from `/proc/self/task/*/schedstat`:
/// tokio workers (`tokio-rt-worker`), `a2a-recorder`, `a2a-verifier`, and everything else
/// (the main thread, which runs the bench's own loops). Threads that ended between two
/// reads drop out (none do while a phase runs: the pipeline lives throughout).
fn cpu_by_thread() -> [u64; 4] {
    let mut out = [0u64; 4];
    let Ok(dir) = std::fs::read_dir("/proc/self/task") else {
        return out;
    };
    for t in dir.flatten() {
        let comm = std::fs::read_to_string(t.path().join("comm")).unwrap_or_default();
        let i = if comm.starts_with("tokio-r") {
            0
        } else if comm.starts_with("a2a-recorder") {
            1
        } else if comm.starts_with("a2a-verifier") {
            2
        } else {
            3
        };
        out[i] +=
            schedstat_us(&std::fs::read_to_string(t.path().join("schedstat")).unwrap_or_default());
    }
    out
}

async fn upstream(base: Instant) -> SocketAddr {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    tokio::spawn(async move {
        loop {
            let Ok((s, _)) = l.accept().await else {
                continue;
            };
            let _ = s.set_nodelay(true);
            tokio::spawn(async move {
                let svc = hyper::service::service_fn(move |req: Request<Incoming>| async move {
                    let sse = req.uri().path() == "/sse";
                    let idle = req.uri().path() == "/idle";
                    let _ = req.into_body().collect().await;
                    let resp = if idle {
                        // One event, then silence: an open, idle A2A stream.
                        let first = futures_util::stream::once(async {
                            Ok::<_, BoxError>(http_body::Frame::data(Bytes::from_static(
                                b"data: {}\n\n",
                            )))
                        });
                        let stream =
                            futures_util::StreamExt::chain(first, futures_util::stream::pending());
                        Response::builder()
                            .header("content-type", "text/event-stream")
                            .body(http_body_util::StreamBody::new(stream).boxed_unsync())
                            .unwrap()
                    } else if sse {
                        let stream = futures_util::stream::unfold(0usize, move |i| async move {
                            if i >= SSE_EVENTS {
                                return None;
                            }
                            tokio::time::sleep(SSE_GAP).await;
                            let t = base.elapsed().as_micros();
                            let chunk = format!("data: {{\"i\":{i},\"sent_us\":{t}}}\n\n");
                            Some((
                                Ok::<_, BoxError>(http_body::Frame::data(Bytes::from(chunk))),
                                i + 1,
                            ))
                        });
                        Response::builder()
                            .header("content-type", "text/event-stream")
                            .body(http_body_util::StreamBody::new(stream).boxed_unsync())
                            .unwrap()
                    } else {
                        Response::builder()
                            .header("content-type", "application/json")
                            .body(full(Bytes::from_static(REPLY)))
                            .unwrap()
                    };
                    Ok::<_, std::convert::Infallible>(resp)
                });
                let _ = hyper_util::server::conn::auto::Builder::new(TokioExecutor::new())
                    .serve_connection(TokioIo::new(s), svc)
                    .await;
            });
        }
    });
    addr
}

fn client() -> Client<HttpConnector, B> {
    let mut c = HttpConnector::new();
    c.set_nodelay(true);
    Client::builder(TokioExecutor::new()).build(c)
}

async fn one(c: &Client<HttpConnector, B>, url: &str) {
    let mut req = Request::post(url).header("content-type", "application/json");
    if let Some(a) = auth_value() {
        req = req.header("authorization", a);
    }
    let req = req.body(full(Bytes::from_static(rpc()))).unwrap();
    let resp = c.request(req).await.expect("request");
    let _ = resp.into_body().collect().await.expect("body");
}

fn pct(sorted: &[u64], p: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

struct Row {
    name: &'static str,
    p50: u64,
    p99: u64,
    rps: f64,
    cpu_per_req: f64,
    /// CPU µs per request by thread group (see [`cpu_by_thread`]).
    split: [f64; 4],
    /// Body events the recorder dropped during the load phase (queue full).
    dropped: u64,
    /// Requests done in the load phase.
    requests: u64,
}

/// Waits until the pipeline has recorded and verified everything sent so far (its backlog
/// stays 0 for 30 ms; at most 60 s), so that a phase is charged all the CPU it caused: the
/// recorder and verifier threads run at nice +10 and fall behind while the workers are busy.
async fn drain(p: &Pipeline) {
    let t0 = Instant::now();
    let mut quiet = 0;
    while quiet < 3 && t0.elapsed() < Duration::from_secs(60) {
        tokio::time::sleep(Duration::from_millis(10)).await;
        if p.backlog() == 0 {
            quiet += 1;
        } else {
            quiet = 0;
        }
    }
}

/// One row: latency on one connection, then CPU per request under load. With `pipe`, the
/// CPU is read after the pipeline drained ([`drain`]; req/s stays that of the load phase
/// alone) and the row counts the body events the recorder dropped (queue full).
async fn measure(name: &'static str, url: String, pipe: Option<&Pipeline>) -> Row {
    // Latency: one keep-alive connection, sequential.
    let c = client();
    for _ in 0..200 {
        one(&c, &url).await;
    }
    let mut lat = Vec::new();
    let t0 = Instant::now();
    while t0.elapsed() < LAT_PHASE {
        let t = Instant::now();
        one(&c, &url).await;
        lat.push(t.elapsed().as_micros() as u64);
    }
    lat.sort_unstable();
    if let Some(p) = pipe {
        drain(p).await;
    }
    let dropped0 = pipe.map(|p| p.sink().dropped_events()).unwrap_or(0);
    // Load: `load_conns()` keep-alive connections, CPU per request of the whole process.
    let c = client();
    let cpu0 = cpu_us();
    let split0 = cpu_by_thread();
    let t0 = Instant::now();
    let mut tasks = Vec::new();
    for _ in 0..load_conns() {
        let c = c.clone();
        let url = url.clone();
        tasks.push(tokio::spawn(async move {
            let mut n = 0u64;
            while t0.elapsed() < LOAD_PHASE {
                one(&c, &url).await;
                n += 1;
            }
            n
        }));
    }
    let mut total = 0;
    for t in tasks {
        total += t.await.unwrap();
    }
    let secs = t0.elapsed().as_secs_f64();
    if let Some(p) = pipe {
        drain(p).await;
    }
    let cpu = cpu_us() - cpu0;
    let split1 = cpu_by_thread();
    let n = total.max(1) as f64;
    Row {
        name,
        p50: pct(&lat, 0.5),
        p99: pct(&lat, 0.99),
        rps: total as f64 / secs,
        cpu_per_req: cpu as f64 / n,
        split: std::array::from_fn(|i| split1[i].saturating_sub(split0[i]) as f64 / n),
        dropped: pipe
            .map(|p| p.sink().dropped_events() - dropped0)
            .unwrap_or(0),
        requests: total,
    }
}

const LOW_GAP: Duration = Duration::from_millis(10);
const LOW_PHASE: Duration = Duration::from_secs(3);

/// Requests on one keep-alive connection, one every [`LOW_GAP`] for [`LOW_PHASE`]: returns
/// (requests, process CPU µs/req, CPU µs/req by thread group).
async fn low_rate(url: &str, pipe: Option<&Pipeline>) -> (u64, f64, [f64; 4]) {
    let c = client();
    one(&c, url).await;
    if let Some(p) = pipe {
        drain(p).await;
    }
    let cpu0 = cpu_us();
    let split0 = cpu_by_thread();
    let t0 = Instant::now();
    let mut n = 0u64;
    let mut tick = tokio::time::interval(LOW_GAP);
    while t0.elapsed() < LOW_PHASE {
        tick.tick().await;
        one(&c, url).await;
        n += 1;
    }
    if let Some(p) = pipe {
        drain(p).await;
    }
    let cpu = cpu_us() - cpu0;
    let split1 = cpu_by_thread();
    let d = n.max(1) as f64;
    (
        n,
        cpu as f64 / d,
        std::array::from_fn(|i| split1[i].saturating_sub(split0[i]) as f64 / d),
    )
}

async fn sse_latency(url: &str, base: Instant) -> (u64, u64) {
    let c = client();
    let req = Request::post(url)
        .body(full(Bytes::from_static(rpc())))
        .unwrap();
    let resp = c.request(req).await.unwrap();
    let mut body = resp.into_body();
    let mut lat = Vec::new();
    let mut pending = Vec::<u8>::new();
    while let Some(f) = body.frame().await {
        let Ok(d) = f.unwrap().into_data() else {
            continue;
        };
        let now = base.elapsed().as_micros() as u64;
        pending.extend_from_slice(&d);
        while let Some(pos) = pending.windows(2).position(|w| w == b"\n\n") {
            let ev: Vec<u8> = pending.drain(..pos + 2).collect();
            let text = String::from_utf8_lossy(&ev);
            if let Some(s) = text.split("\"sent_us\":").nth(1) {
                let sent: u64 = s
                    .trim_end_matches(|c: char| !c.is_ascii_digit())
                    .parse()
                    .unwrap_or(now);
                lat.push(now.saturating_sub(sent));
            }
        }
    }
    lat.sort_unstable();
    (pct(&lat, 0.5), pct(&lat, 0.99))
}

/// Resident set size of this process in KiB (`VmRSS`).
fn rss_kib() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

/// A 2-worker multi-thread tokio runtime with I/O and timers, as the benches run on.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// A proxy on 127.0.0.1 (any free port) forwarding every path (`/`) to `up`, card not
/// rewritten, bodies captured up to `DEFAULT_CAPTURE_CAP` bytes.
fn proxy_to(up: std::net::SocketAddr) -> ProxyConfig {
    ProxyConfig {
        listen: "127.0.0.1:0".parse().unwrap(),
        routes: vec![Route {
            prefix: "/".into(),
            upstream: format!("http://{up}"),
            leg: None,
        }],
        rewrite_card: false,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg: None,
    }
}

/// Child mode (`A2A_BENCH_IDLE=direct:N` or `proxy:N`): opens N idle SSE streams in a fresh
/// process and prints the RSS growth per stream in bytes.
fn idle_child(spec: &str) {
    let (mode, n) = spec.split_once(':').unwrap();
    let n: usize = n.parse().unwrap();
    let rt = runtime();
    rt.block_on(async {
        let base = Instant::now();
        let up = upstream(base).await;
        let mut keep = None;
        let url = if mode == "proxy" {
            let p = Pipeline::start(PipelineConfig {
                proxy: proxy_to(up),
                record: Some(
                    std::env::temp_dir()
                        .join(format!("a2a-bench-idle-{}.jsonl", std::process::id())),
                ),
                overwrite: true, // a scratch file of this run
                redact: true,
                lossless: false,
                queue_bytes: 64 << 20,
                print_findings: false,
            })
            .await
            .unwrap();
            let u = format!("http://{}/idle", p.proxy_addr());
            keep = Some(p);
            u
        } else {
            format!("http://{up}/idle")
        };
        let c = client();
        // Warm up: one stream opened and dropped.
        {
            let r = c
                .request(Request::get(&url).body(full(Bytes::new())).unwrap())
                .await
                .unwrap();
            let mut b = r.into_body();
            let _ = b.frame().await;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        let before = rss_kib();
        let mut bodies = Vec::new();
        for chunk in 0..n.div_ceil(100) {
            let mut set = Vec::new();
            for _ in 0..100.min(n - chunk * 100) {
                let c = c.clone();
                let url = url.clone();
                set.push(tokio::spawn(async move {
                    let r = c
                        .request(Request::get(&url).body(full(Bytes::new())).unwrap())
                        .await
                        .unwrap();
                    let mut b = r.into_body();
                    let _ = b.frame().await;
                    b
                }));
            }
            for t in set {
                bodies.push(t.await.unwrap());
            }
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        let after = rss_kib();
        assert_eq!(bodies.len(), n);
        assert_eq!(keep.is_some(), mode == "proxy");
        println!("{}", (after.saturating_sub(before) * 1024) / n as u64);
        // Exit without tearing the streams down.
        std::process::exit(0);
    });
}

fn idle_per_stream(mode: &str, n: usize) -> Option<u64> {
    // `--bench` as cargo passes it: the child is part of the benchmark run.
    let out = std::process::Command::new(std::env::current_exe().ok()?)
        .arg("--bench")
        .env("A2A_BENCH_IDLE", format!("{mode}:{n}"))
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout).trim().parse().ok()
}

/// Profiling mode (`A2A_BENCH_PROFILE=SECS`, e.g. under `perf record`): only the pipeline's
/// load phase, for SECS seconds, so the profile holds nothing but the proxied small POST.
fn profile_only(secs: u64) {
    let rt = runtime();
    rt.block_on(async {
        let base = Instant::now();
        let up = upstream(base).await;
        let dir = tempfile::tempdir().unwrap();
        let pipeline = Pipeline::start(PipelineConfig {
            proxy: proxy_to(up),
            record: Some(dir.path().join("profile.jsonl")),
            overwrite: true, // a scratch file of this run
            redact: true,
            lossless: false,
            queue_bytes: 64 << 20,
            print_findings: false,
        })
        .await
        .unwrap();
        let url = format!("http://{}/rpc", pipeline.proxy_addr());
        let c = client();
        let t0 = Instant::now();
        let mut tasks = Vec::new();
        for _ in 0..load_conns() {
            let c = c.clone();
            let url = url.clone();
            tasks.push(tokio::spawn(async move {
                let mut n = 0u64;
                while t0.elapsed() < Duration::from_secs(secs) {
                    one(&c, &url).await;
                    n += 1;
                }
                n
            }));
        }
        let mut total = 0;
        for t in tasks {
            total += t.await.unwrap();
        }
        let out = pipeline.finish().await.unwrap();
        println!(
            "profile: {total} requests in {secs} s, {} events recorded",
            out.recorder.events
        );
    });
}

/// Count mode (`A2A_BENCH_COUNT=PATH:N`, PATH one of `direct`, `bare`, `proxy`, `lossless`):
/// 50 warm-up requests on one connection, then exactly N requests spread over
/// `PROXY_BENCH_CONNS` keep-alive connections (default 8) through that path, then the
/// pipeline drained and finished. No timed phase: under `valgrind --tool=callgrind` (threads
/// serialized, ~50× slower) it does the same work as on the bare machine, so instructions
/// per request = (count at N2 − count at N1) / (N2 − N1), start-up and shutdown cancelling
/// out (`benches/callgrind-proxy.sh`). Prints the requests done and the events recorded.
fn count_only(spec: &str) {
    let (path, n) = spec.split_once(':').unwrap_or((spec, "1000"));
    let n: u64 = n.parse().unwrap_or(1000);
    let path = path.to_string();
    let rt = runtime();
    rt.block_on(async move {
        let base = Instant::now();
        let up = upstream(base).await;
        let dir = tempfile::tempdir().unwrap();
        let mut bare = None;
        let mut pipe = None;
        let url = match path.as_str() {
            "direct" => format!("http://{up}/rpc"),
            "bare" => {
                let b = proxy::start_bare(proxy_to(up)).await.unwrap();
                let u = format!("http://{}/rpc", b.local_addr());
                bare = Some(b);
                u
            }
            "proxy" | "lossless" => {
                let p = Pipeline::start(PipelineConfig {
                    proxy: proxy_to(up),
                    record: Some(dir.path().join("count.jsonl")),
                    overwrite: true, // a scratch file of this run
                    redact: true,
                    lossless: path == "lossless",
                    queue_bytes: 64 << 20,
                    print_findings: false,
                })
                .await
                .unwrap();
                let u = format!("http://{}/rpc", p.proxy_addr());
                pipe = Some(p);
                u
            }
            other => {
                panic!("A2A_BENCH_COUNT: unknown path {other} (direct, bare, proxy, lossless)")
            }
        };
        let c = client();
        for _ in 0..50 {
            one(&c, &url).await;
        }
        let conns = load_conns() as u64;
        let mut tasks = Vec::new();
        for i in 0..conns {
            let c = c.clone();
            let url = url.clone();
            // N split over the connections, the first ones taking the remainder.
            let k = n / conns + u64::from(i < n % conns);
            tasks.push(tokio::spawn(async move {
                for _ in 0..k {
                    one(&c, &url).await;
                }
                k
            }));
        }
        let mut total = 0;
        for t in tasks {
            total += t.await.unwrap();
        }
        let mut events = 0;
        if let Some(p) = pipe {
            drain(&p).await;
            events = p.finish().await.unwrap().recorder.events;
        }
        if let Some(b) = bare {
            b.shutdown().await;
        }
        println!("count: {path} {total} requests after 50 warm-up, {events} events recorded");
    });
}

fn main() {
    // `cargo test --all-targets` runs bench binaries without `--bench`: a benchmark is not a
    // test, so say so and stop; `cargo bench --bench proxy` runs it.
    if !std::env::args().any(|a| a == "--bench") {
        println!("proxy bench: skipped outside `cargo bench --bench proxy`");
        return;
    }
    if let Ok(spec) = std::env::var("A2A_BENCH_IDLE") {
        idle_child(&spec);
        return;
    }
    if let Ok(spec) = std::env::var("A2A_BENCH_COUNT") {
        count_only(&spec);
        return;
    }
    if let Ok(secs) = std::env::var("A2A_BENCH_PROFILE") {
        profile_only(secs.parse().unwrap_or(10));
        return;
    }
    let rt = runtime();
    rt.block_on(async {
        let base = Instant::now();
        let up = upstream(base).await;
        let pcfg = proxy_to(up);
        let bare = proxy::start_bare(pcfg.clone()).await.unwrap();
        let dir = tempfile::tempdir().unwrap();
        let rec = dir.path().join("bench.jsonl");
        let pipeline = Pipeline::start(PipelineConfig {
            proxy: pcfg,
            record: Some(rec.clone()),
            overwrite: true, // a scratch file of this run
            redact: true,
            lossless: false,
            queue_bytes: 64 << 20,
            print_findings: false,
        })
        .await
        .unwrap();

        // The same pipeline with `lossless`: the tee waits for room instead of dropping, so
        // its row is charged for every event recorded and verified.
        let lossless = Pipeline::start(PipelineConfig {
            proxy: proxy_to(up),
            record: Some(dir.path().join("bench-lossless.jsonl")),
            overwrite: true, // a scratch file of this run
            redact: true,
            lossless: true,
            queue_bytes: 64 << 20,
            print_findings: false,
        })
        .await
        .unwrap();
        let lurl = format!("http://{}/rpc", lossless.proxy_addr());
        let purl = format!("http://{}/rpc", pipeline.proxy_addr());
        let lurl2 = lurl.clone();
        let rows = vec![
            measure("direct", format!("http://{up}/rpc"), None).await,
            measure("bare forwarder", format!("http://{}/rpc", bare.local_addr()), None).await,
            measure("proxy (record + verify)", purl.clone(), Some(&pipeline)).await,
            measure("proxy, lossless (nothing dropped)", lurl.clone(), Some(&lossless)).await,
            {
                // The tee before the copy of small chunks: every chunk shared with hyper.
                COPY_MAX_IN_USE.store(0, Ordering::Relaxed);
                let r = measure("proxy, tee shares every chunk", purl.clone(), Some(&pipeline)).await;
                COPY_MAX_IN_USE.store(COPY_MAX, Ordering::Relaxed);
                r
            },
            {
                // Before batching: the writer takes each event as soon as it is woken.
                BATCH_LINGER_US.store(0, Ordering::Relaxed);
                let r = measure("proxy, lossless, no batch linger", lurl2, Some(&lossless)).await;
                BATCH_LINGER_US.store(LINGER_DEFAULT_US, Ordering::Relaxed);
                r
            },
        ];
        // Low rate: what the thread wake-ups cost when requests are sparse.
        let low = [
            ("direct", low_rate(&format!("http://{up}/rpc"), Some(&pipeline)).await),
            ("bare forwarder", low_rate(&format!("http://{}/rpc", bare.local_addr()), Some(&pipeline)).await),
            ("proxy, lossless, batch linger 1 ms", low_rate(&lurl, Some(&lossless)).await),
            {
                BATCH_LINGER_US.store(0, Ordering::Relaxed);
                let r = low_rate(&lurl, Some(&lossless)).await;
                BATCH_LINGER_US.store(LINGER_DEFAULT_US, Ordering::Relaxed);
                ("proxy, lossless, no batch linger", r)
            },
        ];
        let sse_direct = sse_latency(&format!("http://{up}/sse"), base).await;
        let sse_proxy = sse_latency(&format!("http://{}/sse", pipeline.proxy_addr()), base).await;
        bare.shutdown().await;
        let lout = lossless.finish().await.unwrap();
        let out = pipeline.finish().await.unwrap();
        let size = std::fs::metadata(&rec).map(|m| m.len()).unwrap_or(0);

        let d = &rows[0];
        println!(
            "allocator: {}",
            if alloc_mode() == MODE_GLIBC { "glibc malloc (PROXY_BENCH_GLIBC)" } else { "mimalloc" }
        );
        println!("## JSON-RPC POST ({} B request, {} B reply), loopback, keep-alive", rpc().len(), REPLY.len());
        println!();
        let conns = load_conns();
        println!("| path | p50 µs (1 conn) | p99 µs (1 conn) | p50 added µs | req/s ({conns} conns) | process CPU µs/req | CPU µs/req over direct |");
        println!("|---|---|---|---|---|---|---|");
        for r in &rows {
            println!(
                "| {} | {} | {} | {} | {:.0} | {:.1} | {:.1} |",
                r.name,
                r.p50,
                r.p99,
                r.p50 as i64 - d.p50 as i64,
                r.rps,
                r.cpu_per_req,
                r.cpu_per_req - d.cpu_per_req
            );
        }
        println!();
        println!("CPU µs/req by thread ({conns} conns; client and upstream run on the tokio workers too):");
        println!();
        println!("| path | tokio workers | a2a-recorder | a2a-verifier | other | requests | body events dropped |");
        println!("|---|---|---|---|---|---|---|");
        for r in &rows {
            println!(
                "| {} | {:.1} | {:.1} | {:.1} | {:.1} | {} | {} |",
                r.name, r.split[0], r.split[1], r.split[2], r.split[3], r.requests, r.dropped
            );
        }
        println!();
        println!("Low rate: 1 connection, one request every {} ms for {} s; CPU µs/req by thread:", LOW_GAP.as_millis(), LOW_PHASE.as_secs());
        println!();
        println!("| path | requests | process | tokio workers | a2a-recorder | a2a-verifier | other |");
        println!("|---|---|---|---|---|---|---|");
        for (name, (n, total, split)) in &low {
            println!(
                "| {name} | {n} | {total:.1} | {:.1} | {:.1} | {:.1} | {:.1} |",
                split[0], split[1], split[2], split[3]
            );
        }
        println!();
        println!("## SSE, {SSE_EVENTS} events {} ms apart, per-event latency (send stamp to client arrival)", SSE_GAP.as_millis());
        println!();
        println!("| path | p50 µs | p99 µs |");
        println!("|---|---|---|");
        println!("| direct | {} | {} |", sse_direct.0, sse_direct.1);
        println!("| proxy (record + verify) | {} | {} |", sse_proxy.0, sse_proxy.1);
        println!();
        println!("p50 added per SSE event: {} µs", sse_proxy.0 as i64 - sse_direct.0 as i64);
        println!(
            "recorder: {} events, {} bytes written, {} dropped",
            out.recorder.events, size, out.recorder.dropped_events
        );
        println!(
            "lossless recorder: {} events, {} dropped",
            lout.recorder.events, lout.recorder.dropped_events
        );
    });
    drop(rt);
    if std::env::var_os("PROXY_BENCH_QUICK").is_some() {
        return;
    }
    println!();
    println!("## Memory per open idle SSE stream (RSS growth / streams, fresh process each)");
    println!();
    println!("| streams | direct B/stream | through proxy B/stream | proxy's share B/stream |");
    println!("|---|---|---|---|");
    for n in [1000usize, 4000] {
        let d = idle_per_stream("direct", n);
        let p = idle_per_stream("proxy", n);
        let share = match (d, p) {
            (Some(d), Some(p)) => format!("{}", p as i64 - d as i64),
            _ => "n/a".into(),
        };
        let show = |v: Option<u64>| v.map(|x| x.to_string()).unwrap_or_else(|| "n/a".into());
        println!("| {n} | {} | {} | {share} |", show(d), show(p));
    }
    println!("(10k streams need 40k file descriptors in one process here; the limit is 20k)");
}
