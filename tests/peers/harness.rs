/*!
Test harness for the real SDK peers in `tests/peers/` (included by `tests/sdk_*.rs` with
`#[path]`): finds the Python venv and the JS `node_modules`, starts an SDK agent on a free
loopback port, and runs an SDK client, parsing its `STEP name ok|ERROR ...` lines.

When a peer is not installed the tests print a loud `SKIPPED` message and return, unless
`A2A_INTEROP_REQUIRE_PEERS=1` (set by `.ci/run`), which turns a missing peer into a failure.
*/

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use std::io::Read;
use std::process::{Child, Command};

/// Which SDK a peer is built on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sdk {
    Python,
    Js,
}

impl Sdk {
    pub fn name(self) -> &'static str {
        match self {
            Sdk::Python => "python",
            Sdk::Js => "js",
        }
    }
}

/// `tests/peers` in the source tree.
pub fn peers_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests")
        .join("peers")
}

fn venv_python() -> PathBuf {
    peers_dir().join(".venv").join("bin").join("python")
}

/// Why a peer cannot run here, or `None` when it can.
pub fn missing(sdk: Sdk) -> Option<String> {
    match sdk {
        Sdk::Python => {
            let py = venv_python();
            if !py.exists() {
                return Some(format!(
                    "{} not found (python3 -m venv tests/peers/.venv && tests/peers/.venv/bin/pip install -r tests/peers/python/requirements.lock.txt)",
                    py.display()
                ));
            }
            let ok = std::process::Command::new(&py)
                .args(["-c", "import a2a.server, a2a.client, uvicorn"])
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            (!ok).then(|| format!("{} cannot import a2a-sdk", py.display()))
        }
        Sdk::Js => {
            let node_ok = std::process::Command::new("node")
                .arg("--version")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if !node_ok {
                return Some("node not found on PATH".into());
            }
            let sdk = peers_dir().join("js/node_modules/@a2a-js/sdk/package.json");
            (!sdk.exists())
                .then(|| format!("{} not found (cd tests/peers/js && npm ci)", sdk.display()))
        }
    }
}

/// Returns true when every SDK in `need` can run; otherwise prints a loud skip message and
/// returns false, or panics when `A2A_INTEROP_REQUIRE_PEERS=1`.
pub fn peers_available(test: &str, need: &[Sdk]) -> bool {
    let reasons: Vec<String> = need.iter().filter_map(|s| missing(*s)).collect();
    if reasons.is_empty() {
        return true;
    }
    let msg = format!("{test}: SDK peers missing: {}", reasons.join("; "));
    if std::env::var("A2A_INTEROP_REQUIRE_PEERS").as_deref() == Ok("1") {
        panic!("{msg} (A2A_INTEROP_REQUIRE_PEERS=1)");
    }
    // Straight to the process's stderr: libtest captures `eprintln!` of passing tests,
    // and a skip must be seen.
    use std::io::Write as _;
    let _ = writeln!(std::io::stderr(), "\n!!!!!!!! SKIPPED !!!!!!!! {msg}\n");
    false
}

/// A free loopback port (bound and released; the OS does not hand it out again at once).
pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free loopback port")
}

/// A running SDK agent process; killed on drop.
pub struct SdkAgent {
    pub sdk: Sdk,
    pub port: u16,
    child: Child,
}

impl SdkAgent {
    /// `http://127.0.0.1:<port>`.
    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// Starts the agent of `sdk` on a free port, advertising `public_url` (default its own
    /// address), and waits until its Agent Card answers (20 s at most).
    pub async fn start(sdk: Sdk, public_url: Option<&str>) -> SdkAgent {
        Self::start_with_env(sdk, public_url, &[]).await
    }

    /// [`SdkAgent::start`] with extra environment variables `env` (name, value) for the
    /// agent process, e.g. `A2A_PEER_URL` for the `relay` skill.
    #[allow(dead_code)]
    pub async fn start_with_env(
        sdk: Sdk,
        public_url: Option<&str>,
        env: &[(&str, &str)],
    ) -> SdkAgent {
        // A port from `free_port` can be taken by another process before the agent binds
        // it (tests run in parallel): an agent that exits at start-up is started again on
        // another port.
        let mut attempt = 0;
        loop {
            attempt += 1;
            match Self::try_start(sdk, public_url, env).await {
                Ok(agent) => return agent,
                Err(why) if attempt < 3 => eprintln!("{why}; starting it again on another port"),
                Err(why) => panic!("{why}"),
            }
        }
    }

    async fn try_start(
        sdk: Sdk,
        public_url: Option<&str>,
        env: &[(&str, &str)],
    ) -> Result<SdkAgent, String> {
        let port = free_port();
        let mut cmd = match sdk {
            Sdk::Python => {
                let mut c = Command::new(venv_python());
                c.arg("agent.py").current_dir(peers_dir().join("python"));
                c
            }
            Sdk::Js => {
                let mut c = Command::new("node");
                c.arg("agent.mjs").current_dir(peers_dir().join("js"));
                c
            }
        };
        cmd.env("A2A_HOST", "127.0.0.1")
            .env("A2A_PORT", port.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::inherit());
        match public_url {
            Some(u) => cmd.env("A2A_PUBLIC_URL", u),
            None => cmd.env_remove("A2A_PUBLIC_URL"),
        };
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = cmd.spawn().expect("spawn SDK agent");
        let mut agent = SdkAgent { sdk, port, child };
        let url = format!("{}/.well-known/agent-card.json", agent.base_url());
        // a Python SDK agent takes 10 s and more to import and bind on 2 loaded cores
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(status)) = agent.child.try_wait() {
                return Err(format!(
                    "{} agent exited at start-up on port {port} ({status})",
                    sdk.name()
                ));
            }
            // the card must be this agent's: a port taken by another test's agent before
            // this one bound it answers a card too, and that agent goes away with its test
            // (CI 115: the Python client's cancel steps "failed even direct" against the JS
            // agent's card; the Python agent had exited at start-up)
            let own = match sdk {
                Sdk::Python => "a2a-interop Python test agent",
                Sdk::Js => "a2a-interop JS test agent",
            };
            if card_ok(&url, own).await {
                return Ok(agent);
            }
            if Instant::now() >= deadline {
                return Err(format!(
                    "{} agent did not serve its card on port {port} within 60 s",
                    sdk.name()
                ));
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Stops the agent process.
    pub async fn stop(self) {
        drop(self);
    }
}

impl Drop for SdkAgent {
    fn drop(&mut self) {
        // Our own child, by its handle.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `url` answers 200 with a body that holds `name` (the Agent Card of the agent expected).
async fn card_ok(url: &str, name: &str) -> bool {
    use http_body_util::{BodyExt, Full};
    let client: hyper_util::client::legacy::Client<_, Full<bytes::Bytes>> =
        hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
            .build_http();
    let Ok(uri) = url.parse::<http::Uri>() else {
        return false;
    };
    match client.get(uri).await {
        Ok(r) if r.status() == 200 => r.into_body().collect().await.is_ok_and(|b| {
            let b = b.to_bytes();
            memchr::memmem::find(&b, name.as_bytes()).is_some()
        }),
        Ok(_) => false,
        Err(_) => false,
    }
}

/// Output of one SDK client run.
#[derive(Clone, Debug)]
pub struct ClientRun {
    /// `(step, ok)` in order.
    pub steps: Vec<(String, bool)>,
    /// Saw `RESULT PASS`.
    pub pass: bool,
    /// Exit status was 0.
    pub exit_ok: bool,
    /// Whole stdout (for failure messages).
    pub stdout: String,
}

impl ClientRun {
    /// Steps that failed.
    pub fn failed(&self) -> Vec<&str> {
        self.steps
            .iter()
            .filter(|(_, ok)| !ok)
            .map(|(n, _)| n.as_str())
            .collect()
    }
}

/// Parses `STEP name ok|ERROR ...` / `RESULT ...` lines.
pub fn parse_client_output(stdout: &str, exit_ok: bool) -> ClientRun {
    let mut steps = Vec::new();
    let mut pass = false;
    for line in stdout.lines() {
        let mut w = line.split_whitespace();
        match (w.next(), w.next(), w.next()) {
            (Some("STEP"), Some(name), Some(verdict)) => {
                steps.push((name.to_string(), verdict == "ok"));
            }
            (Some("RESULT"), Some(r), _) => pass = r == "PASS",
            _ => {}
        }
    }
    ClientRun {
        steps,
        pass,
        exit_ok,
        stdout: stdout.to_string(),
    }
}

/// Runs the SDK client of `sdk` against `base_url` (120 s at most).
pub async fn run_client(sdk: Sdk, base_url: &str, binding: &str, version: &str) -> ClientRun {
    run_client_env(sdk, base_url, binding, version, &[], &[]).await
}

/// [`run_client`] with environment variables set (`set`: name, value) and removed (`unset`)
/// in the client process only: tests share one process, so none may change its environment.
pub async fn run_client_env(
    sdk: Sdk,
    base_url: &str,
    binding: &str,
    version: &str,
    set: &[(&str, &str)],
    unset: &[&str],
) -> ClientRun {
    let mut cmd = match sdk {
        Sdk::Python => {
            let mut c = Command::new(venv_python());
            c.arg("client.py").current_dir(peers_dir().join("python"));
            c
        }
        Sdk::Js => {
            let mut c = Command::new("node");
            c.arg("client.mjs").current_dir(peers_dir().join("js"));
            c
        }
    };
    cmd.args([
        base_url,
        "--binding",
        binding,
        "--protocol-version",
        version,
    ])
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    for (k, v) in set {
        cmd.env(k, v);
    }
    for k in unset {
        cmd.env_remove(k);
    }
    let mut child = cmd.spawn().expect("spawn SDK client");
    let mut out_pipe = child.stdout.take().expect("piped stdout");
    let mut err_pipe = child.stderr.take().expect("piped stderr");
    let out_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = out_pipe.read_to_end(&mut s);
        s
    });
    let err_reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = err_pipe.read_to_end(&mut s);
        s
    });
    let deadline = Instant::now() + Duration::from_secs(120);
    let status = loop {
        if let Some(st) = child.try_wait().expect("wait for SDK client") {
            break st;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            panic!("{} client did not finish within 120 s", sdk.name());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let out = std::process::Output {
        status,
        stdout: out_reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    };
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let mut run = parse_client_output(&stdout, out.status.success());
    if !run.pass {
        run.stdout.push_str(&format!(
            "\n--- stderr ---\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    run
}

/// A `misgateway45.py --mode MODE` gateway between a client and `a2a-interop proxy --listen
/// P1 --upstream GATEWAY --listener upstream@P2=http://AGENT ARGS...` (stdout discarded,
/// stderr piped): the gateway names P1 (its `--public`) and P2 (its `--upstream`) before the
/// proxy starts, so both are picked free first. Another process can take one before the
/// proxy binds it: a proxy that exits before its `listening on` line, saying "address
/// already in use", is started again with a new gateway on other ports (at most 5 times),
/// instead of a test talking to a port the proxy does not hold.
/// Returns (gateway, proxy, the proxy's stderr after its listening line, P1).
#[allow(dead_code)]
pub fn gateway_and_proxy(
    mode: &str,
    agent: &str,
    args: &[&std::ffi::OsStr],
) -> (
    Child,
    Child,
    std::io::BufReader<std::process::ChildStderr>,
    u16,
) {
    use std::io::BufRead as _;
    let mut seen = Vec::new();
    for _ in 0..5 {
        let (p1, p2) = (free_port(), free_port());
        let mut gw = Command::new(peers_dir().join(".venv/bin/python"))
            .arg(peers_dir().join("misgateway45.py"))
            .args(["--mode", mode, "--upstream"])
            .arg(format!("http://127.0.0.1:{p2}"))
            .arg("--public")
            .arg(format!("http://127.0.0.1:{p1}"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let gport = {
            let mut l = String::new();
            std::io::BufReader::new(gw.stdout.take().unwrap())
                .read_line(&mut l)
                .unwrap();
            l.trim().to_string()
        };
        let mut proxy = Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", &format!("127.0.0.1:{p1}")])
            .args(["--upstream", &format!("http://127.0.0.1:{gport}")])
            .args([
                "--listener",
                &format!("upstream@127.0.0.1:{p2}=http://{agent}"),
            ])
            .args(args)
            .env("NO_COLOR", "1")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = std::io::BufReader::new(proxy.stderr.take().unwrap());
        let mut lines = Vec::new();
        let listening = loop {
            let mut l = String::new();
            if stderr.read_line(&mut l).unwrap_or(0) == 0 {
                break false;
            }
            if l.contains("listening on http://") {
                break true;
            }
            lines.push(l);
        };
        if listening {
            return (gw, proxy, stderr, p1);
        }
        let _ = proxy.wait();
        let _ = gw.kill();
        let _ = gw.wait();
        let taken = lines.iter().any(|l| l.contains("address already in use"));
        seen.push(lines);
        assert!(taken, "the proxy exited at start: {seen:?}");
    }
    panic!("5 picked ports were taken before the proxy bound them: {seen:?}")
}
