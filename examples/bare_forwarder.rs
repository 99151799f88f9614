//! The bare forwarder as a process of its own: the proxy's forwarding code with the tee and
//! the recorder off ([`a2a_interop::proxy::start_bare`]), on the same runtime and allocator
//! as `a2a-interop proxy`. Issue 7 measures the recording proxy against it ("<= 1.3x the
//! bare forwarder"); `benches/proxy.rs` does so inside one process, and
//! `benches/compare-mitmproxy.sh` uses this binary for a cross-process row beside
//! direct, `a2a-interop proxy` and mitmdump, so the extra hop of a separate proxy process
//! (its wake-ups, its sockets) is told apart from the recording and verifying.
//!
//! ```sh
//! cargo build --release --example bare_forwarder
//! target/release/examples/bare_forwarder 127.0.0.1:8081 http://127.0.0.1:9999
//! ```
//!
//! Arguments: the listen address (`IP:PORT`) and the upstream base URL. Runs until killed;
//! exit 2 on bad arguments, 1 when the listener cannot be bound.

use std::process::ExitCode;

use a2a_interop::proxy::{self, ProxyConfig};
use a2a_interop::record::{Route, DEFAULT_CAPTURE_CAP};

#[path = "../src/alloc.rs"]
mod alloc;

/// The binary's allocator, so the two processes differ only in the tee and the recorder.
#[global_allocator]
static GLOBAL: alloc::MiAlloc = alloc::MiAlloc;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [listen, upstream] = args.as_slice() else {
        eprintln!("usage: bare_forwarder LISTEN_ADDR UPSTREAM_URL (e.g. 127.0.0.1:8081 http://127.0.0.1:9999)");
        return ExitCode::from(2);
    };
    let Ok(listen) = listen.parse() else {
        eprintln!("bare_forwarder: {listen:?} is not an IP:PORT address");
        return ExitCode::from(2);
    };
    let cfg = ProxyConfig {
        listen,
        routes: vec![Route {
            prefix: "/".into(),
            upstream: upstream.clone(),
            leg: None,
        }],
        rewrite_card: false,
        capture_cap: DEFAULT_CAPTURE_CAP,
        leg: None,
    };
    // The same runtime as `a2a-interop proxy` (src/app/proxy_cmd.rs): multi-threaded, one
    // worker per core.
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("bare_forwarder: cannot start the async runtime: {e}");
            return ExitCode::from(1);
        }
    };
    rt.block_on(async {
        match proxy::start_bare(cfg).await {
            Ok(handle) => {
                eprintln!("bare_forwarder: listening on {}", handle.local_addr());
                std::future::pending::<()>().await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("bare_forwarder: {e}");
                ExitCode::from(1)
            }
        }
    })
}
