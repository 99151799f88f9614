//! The `a2a-interop` binary run as a process by the process-level tests: spawned with its
//! stderr read line by line on a thread, and waited on until its listening banner says
//! where it listens. The process is a [`ChildGuard`]: killed and reaped when the test ends
//! on any path, a panic included.
#![allow(dead_code)]

#[path = "child_guard.rs"]
pub mod child_guard;
pub use child_guard::ChildGuard;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::Duration;

/// The binary run with `args` in `cwd` to its end, stdin empty, `NO_COLOR=1` and no
/// `A2A_INTEROP_LOG`: its output (exit status, stdout and stderr bytes).
pub fn run_in(cwd: &std::path::Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
        .current_dir(cwd)
        .args(args)
        .stdin(Stdio::null())
        .env_remove("A2A_INTEROP_LOG")
        .env("NO_COLOR", "1")
        .output()
        .unwrap()
}

/// The banner line the proxy prints on stderr once it listens; the listening
/// `host:port` (possibly followed by `/`) comes right after it.
pub const LISTENING: &str = "a2a-interop proxy listening on http://";

/// A running proxy process.
pub struct Running {
    /// Killed and reaped when dropped.
    pub child: ChildGuard,
    /// stderr lines after the banner, as they come.
    pub rx: Receiver<String>,
    /// stderr lines up to and including the listening line.
    pub banner: Vec<String>,
    /// What follows [`LISTENING`] on the listening line.
    pub addr: String,
}

/// The next stderr line of `run` that contains `needle`, within `wait`; panics naming the
/// lines seen otherwise.
pub fn line_with(run: &Running, needle: &str, wait: Duration) -> String {
    let end = std::time::Instant::now() + wait;
    let mut seen = Vec::new();
    while let Some(left) = end.checked_duration_since(std::time::Instant::now()) {
        match run.rx.recv_timeout(left) {
            Ok(l) if l.contains(needle) => return l,
            Ok(l) => seen.push(l),
            Err(_) => break,
        }
    }
    panic!("no line with {needle:?} within {wait:?}: {seen:#?}")
}

/// Every stderr line still to come on `rx` until the process's stderr closes (the reader
/// thread ends at its end of file): the last lines of a process that has exited, which
/// `rx.try_iter()` right after its exit can miss (the reader thread may not have passed
/// them on yet). Panics after 30 s.
pub fn rest_of(rx: &Receiver<String>) -> Vec<String> {
    let end = std::time::Instant::now() + Duration::from_secs(30);
    let mut out = Vec::new();
    loop {
        let left = end
            .checked_duration_since(std::time::Instant::now())
            .unwrap_or_default();
        match rx.recv_timeout(left) {
            Ok(l) => out.push(l),
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => return out,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                panic!("stderr still open 30 s on; read so far: {out:#?}")
            }
        }
    }
}

/// Spawns `cmd` with stdout discarded and stderr piped: the process (killed and reaped
/// when dropped) and its stderr lines as they come (a reader thread; the channel closes
/// at the stream's end).
pub fn spawn_with_stderr_lines(cmd: &mut Command) -> (ChildGuard, Receiver<String>) {
    let mut child = ChildGuard::spawn(cmd.stderr(Stdio::piped()).stdout(Stdio::null()));
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = std::sync::mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    (child, rx)
}

/// Spawns `cmd` (stdout discarded, stderr piped) and waits until its stderr prints the
/// listening line, each line within `wait`; panics with "banner" otherwise.
pub fn spawn_until_listening(cmd: &mut Command, wait: Duration) -> Running {
    try_spawn_until_listening(cmd, wait)
        .unwrap_or_else(|lines| panic!("banner: no listening line in {lines:#?}"))
}

/// [`spawn_until_listening`], or the stderr lines read when the process ended (or a line
/// took longer than `wait`) before its listening line.
fn try_spawn_until_listening(cmd: &mut Command, wait: Duration) -> Result<Running, Vec<String>> {
    let (child, rx) = spawn_with_stderr_lines(cmd);
    let mut banner = Vec::new();
    let addr = loop {
        let Ok(line) = rx.recv_timeout(wait) else {
            return Err(banner);
        };
        banner.push(line.clone());
        if let Some(a) = line.strip_prefix(LISTENING) {
            break a.to_string();
        }
    };
    Ok(Running {
        child,
        rx,
        banner,
        addr,
    })
}

/// Starts `a2a-interop proxy --listen 127.0.0.1:0 -q ARGS...` (the binary built for this
/// test run; `args` name the upstream and any other flags) and waits up to 30 s for it to
/// listen ([`spawn_until_listening`]): the running process and the address it listens on.
pub fn start_proxy(args: &[&str]) -> (Running, SocketAddr) {
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0", "-q"])
            .args(args),
        Duration::from_secs(30),
    );
    let addr = run
        .addr
        .trim_end_matches('/')
        .parse()
        .unwrap_or_else(|e| panic!("listening address {:?}: {e}", run.addr));
    (run, addr)
}

/// [`start_proxy`] with arguments naming a port the proxy binds besides its `--listen`,
/// picked by the test because something must name it before the proxy starts (a
/// `--listener` whose address the agent's card advertises): `args(port)` gives the
/// arguments for a port picked by binding port 0 and letting go just before the start.
/// Another process may take that port in between; a start that fails on "address already
/// in use" is tried again with a new port (at most 5 times). The running proxy, its
/// `--listen` address and the port it was given.
pub fn start_proxy_on_picked_port(
    args: impl Fn(SocketAddr) -> Vec<String>,
) -> (Running, SocketAddr, SocketAddr) {
    let mut failures = Vec::new();
    for _ in 0..5 {
        let picked = ReservedPort::bind();
        let port = picked.addr();
        let args = args(port);
        drop(picked);
        match try_spawn_until_listening(
            Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
                .args(["proxy", "--listen", "127.0.0.1:0", "-q"])
                .args(&args),
            Duration::from_secs(30),
        ) {
            Ok(run) => {
                let addr = run.addr.trim_end_matches('/').parse().unwrap();
                return (run, addr, port);
            }
            Err(lines) if lines.iter().any(|l| l.contains("address already in use")) => {
                failures.push(lines)
            }
            Err(lines) => panic!("banner: no listening line in {lines:#?}"),
        }
    }
    panic!("5 picked ports were taken before the proxy bound them: {failures:#?}")
}

/// What the proxy's banner ends with once every listener is bound (`ready_line` in
/// src/app/proxy_cmd.rs): `listen=IP:PORT`, then `listener=LEG@IP:PORT` per `--listener`.
pub const READY: &str = "  ready: ";

/// The addresses a proxy's ready line names: its `--listen` address and each `--listener`'s
/// (leg, address), in command-line order.
#[derive(Debug, Clone)]
pub struct Ready {
    pub listen: SocketAddr,
    pub listeners: Vec<(String, SocketAddr)>,
}

/// The ready line's words parsed; `None` for a line that is not one.
pub fn parse_ready(line: &str) -> Option<Ready> {
    let rest = line.strip_prefix(READY)?;
    let mut words = rest.split(' ');
    let listen = words.next()?.strip_prefix("listen=")?.parse().ok()?;
    let mut listeners = Vec::new();
    for w in words {
        let (leg, addr) = w.strip_prefix("listener=")?.split_once('@')?;
        listeners.push((leg.to_string(), addr.parse().ok()?));
    }
    Some(Ready { listen, listeners })
}

impl Running {
    /// Reads `self`'s stderr on to the ready line (each line within `wait`; the lines read
    /// are added to [`Running::banner`]) and returns the addresses it names; panics with
    /// the lines read when the process ends or stalls before it.
    pub fn ready(&mut self, wait: Duration) -> Ready {
        loop {
            let Ok(line) = self.rx.recv_timeout(wait) else {
                panic!("no ready line in {:#?}", self.banner);
            };
            self.banner.push(line.clone());
            if let Some(r) = parse_ready(&line) {
                return r;
            }
        }
    }

    /// Stops the proxy as a user does (SIGTERM), waits for it and asserts exit 0 (a clean
    /// shutdown: in-flight exchanges finished, recording flushed). Returns every stderr line,
    /// the banner included, read to the end.
    pub fn terminate(self) -> String {
        let Running {
            mut child,
            rx,
            banner,
            ..
        } = self;
        child.signal("TERM");
        let code = child.wait_for(Duration::from_secs(60), "proxy after SIGTERM");
        let stderr = banner
            .into_iter()
            .chain(rx.iter())
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(code.code(), Some(0), "{stderr}");
        stderr
    }
}

/// The reference agent (`demo --agent-only`) as a process on a free loopback port, and its
/// URL (from its banner, within 30 s).
pub fn reference_agent() -> (ChildGuard, String) {
    let (child, rx) =
        spawn_with_stderr_lines(Command::new(env!("CARGO_BIN_EXE_a2a-interop")).args([
            "demo",
            "--agent-only",
            "--listen",
            "127.0.0.1:0",
        ]));
    let url = loop {
        let l = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("reference agent banner");
        if let Some(rest) = l.split("reference agent on ").nth(1) {
            break rest.split_whitespace().next().unwrap().to_string();
        }
    };
    (child, url)
}

/// `body` POSTed to `/` of the proxy at `addr`, read until `needle` has arrived (at most
/// 30 s, else the test fails naming what did arrive): the open connection and what it read.
pub fn send_until(addr: SocketAddr, body: &str, needle: &str) -> (std::net::TcpStream, String) {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    let end = std::time::Instant::now() + Duration::from_secs(30);
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&got).contains(needle) {
        assert!(
            std::time::Instant::now() < end,
            "no {needle:?} within 30 s: {}",
            String::from_utf8_lossy(&got)
        );
        match s.read(&mut buf) {
            Ok(0) => panic!(
                "closed before {needle:?}: {}",
                String::from_utf8_lossy(&got)
            ),
            Ok(n) => got.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) if e.kind() == std::io::ErrorKind::TimedOut => {}
            Err(e) => panic!("{e}"),
        }
    }
    (s, String::from_utf8_lossy(&got).into_owned())
}

/// A webhook receiver: a loopback listener that answers every POST 200 and passes each body on, in
/// the order they arrive (HTTP/1.1, keep-alive connections, `Content-Length` bodies).
pub fn webhook() -> (String, std::sync::mpsc::Receiver<serde_json::Value>) {
    use std::io::{BufRead as _, Read as _, Write as _};
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}/hook", l.local_addr().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for conn in l.incoming().flatten() {
            let tx = tx.clone();
            std::thread::spawn(move || {
                let mut w = conn.try_clone().unwrap();
                let mut r = std::io::BufReader::new(conn);
                loop {
                    let mut len = 0usize;
                    let mut line = String::new();
                    loop {
                        line.clear();
                        if r.read_line(&mut line).unwrap_or(0) == 0 {
                            return;
                        }
                        if line == "\r\n" {
                            break;
                        }
                        if let Some((k, v)) = line.split_once(':') {
                            if k.eq_ignore_ascii_case("content-length") {
                                len = v.trim().parse().unwrap_or(0);
                            }
                        }
                    }
                    let mut body = vec![0u8; len];
                    if r.read_exact(&mut body).is_err() {
                        return;
                    }
                    let _ = tx.send(serde_json::from_slice(&body).unwrap_or_default());
                    if w.write_all(b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n")
                        .is_err()
                    {
                        return;
                    }
                }
            });
        }
    });
    (url, rx)
}

/// `a2a-interop proxy --listen 127.0.0.1:0 ARGS...` without `-q` (its live and stop lines
/// are what the cli_ux tests read), `NO_COLOR`, listening: the run and its address.
pub fn proxy_loud(args: &[&str]) -> (Running, SocketAddr) {
    let run = spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(args)
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').parse().unwrap();
    (run, addr)
}

/// A minimal 1.0 Agent Card as JSON text: `name`, one JSON-RPC interface at `url`, one
/// `echo` skill, no streaming (the broken agents of the cli_ux tests).
pub fn echo_card(name: &str, url: &str) -> String {
    serde_json::json!({
        "name": name, "description": "d", "version": "1",
        "supportedInterfaces": [{"url": url, "protocolBinding": "JSONRPC", "protocolVersion": "1.0"}],
        "capabilities": {"streaming": false}, "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "echo", "description": "d", "tags": ["t"],
            "examples": ["echo hi"]}]})
    .to_string()
}

/// A small real HTTP/1.1 server on a free loopback port that serves `card` (200, JSON) on
/// every request, one request per connection: an agent whose card lives at one address
/// while it may name another for its interfaces. Runs until the test process ends.
pub fn card_only_agent(card: String) -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    serve_card(l, card, Others::Answer);
    addr
}

/// As [`card_only_agent`], but only `GET /.well-known/agent-card.json` is answered: every
/// other request's connection is closed without an answer (an agent whose worker crashes
/// on every call: reached, yet silent). `card` gets the server's address, for the card's
/// interface URLs.
pub fn card_agent_closing_calls(card: impl FnOnce(SocketAddr) -> String) -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    serve_card(l, card(addr), Others::Close);
    addr
}

/// As [`card_agent_closing_calls`], but every other request's connection is held open
/// unanswered for an hour (a hung agent).
pub fn card_agent_holding_calls(card: impl FnOnce(SocketAddr) -> String) -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    serve_card(l, card(addr), Others::Hold);
    addr
}

/// What [`serve_card`] does with a request for anything but the card.
#[derive(Clone, Copy, PartialEq)]
enum Others {
    /// Answers it with the card too.
    Answer,
    /// Closes its connection unanswered.
    Close,
    /// Holds its connection open unanswered.
    Hold,
}

/// Serves `card` on `l` (one request per connection, a thread each) until the test process
/// ends; a request for anything but the card is answered, closed or held as `others` says.
fn serve_card(l: std::net::TcpListener, card: String, others: Others) {
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            let card = card.clone();
            std::thread::spawn(move || {
                let mut r = BufReader::new(s.try_clone().unwrap());
                let mut first = String::new();
                loop {
                    let mut h = String::new();
                    if r.read_line(&mut h).unwrap_or(0) == 0 || h == "\r\n" {
                        break;
                    }
                    if first.is_empty() {
                        first = h;
                    }
                }
                if others != Others::Answer
                    && !first.starts_with("GET /.well-known/agent-card.json ")
                {
                    if others == Others::Hold {
                        std::thread::sleep(std::time::Duration::from_secs(3600));
                    }
                    return;
                }
                let _ = write!(
                    s,
                    "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{card}",
                    card.len()
                );
            });
        }
    });
}

/// One 1.0 JSON-RPC `SendMessage` ("hello N", message id `TAG-N`) POSTed to `/` of the
/// proxy at `addr` on a connection of its own (`Connection: close`), read to its end (at
/// most 30 s): the whole HTTP response as text.
pub fn send_message(addr: SocketAddr, tag: &str, n: u32) -> String {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":{n},"method":"SendMessage","params":{{"message":{{"messageId":"{tag}-{n}","role":"ROLE_USER","parts":[{{"text":"hello {n}"}}]}}}}}}"#
    );
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nA2A-Version: 1.0\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// `GET path` to `addr` on a connection of its own (`Connection: close`, at most 30 s),
/// the whole response as text.
pub fn get(addr: SocketAddr, path: &str) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: application/json\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// A loopback server (threads, std sockets) that reads each connection's request head and
/// writes `answer(head)` back, then closes the connection: a server that is no A2A agent,
/// or an agent with one fixed answer. Its address.
pub fn answer_each_head<F>(answer: F) -> SocketAddr
where
    F: Fn(&[u8]) -> Vec<u8> + Send + Copy + 'static,
{
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = l.local_addr().unwrap();
    std::thread::spawn(move || {
        for conn in l.incoming() {
            let Ok(mut s) = conn else { continue };
            std::thread::spawn(move || {
                let mut buf = [0u8; 4096];
                let mut got = Vec::new();
                while !got.windows(4).any(|w| w == b"\r\n\r\n") {
                    match s.read(&mut buf) {
                        Ok(0) | Err(_) => return,
                        Ok(n) => got.extend_from_slice(&buf[..n]),
                    }
                }
                let _ = s.write_all(&answer(&got));
            });
        }
    });
    addr
}

/// A loopback port held for the test: a TCP socket bound to `127.0.0.1:0` that does not
/// listen, so a connection to it is refused (a SYN to a bound, non-listening socket is
/// answered RST) for as long as this value lives, and no other test or process is handed
/// the port meanwhile. Binding port 0 and dropping the socket frees the port at once:
/// another test's `bind(0)` may get it before the process it was meant for binds it (CI 79,
/// `examples/gateway.rs`), or answer where the test wanted "refused" (cli_q29b, CI 72).
/// [`ReservedPort::listen`] turns the same socket into a listener, for an agent that a test
/// starts (or restarts) on the port later. For a child process that listens, pass it port 0
/// and read the address from its banner instead ([`spawn_until_listening`],
/// [`reference_agent`]).
pub struct ReservedPort {
    socket: tokio::net::TcpSocket,
    addr: SocketAddr,
}

impl ReservedPort {
    /// A fresh port on 127.0.0.1, refusing connections until [`ReservedPort::listen`].
    pub fn bind() -> ReservedPort {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = socket.local_addr().unwrap();
        ReservedPort { socket, addr }
    }

    /// Port `addr` held again, refusing, right after the test's own listener on it closed
    /// (an agent that is down, to restart there later): `SO_REUSEADDR`, as tokio's
    /// `TcpListener::bind` sets it, for the closed connections still in TIME_WAIT.
    pub fn at(addr: SocketAddr) -> ReservedPort {
        let socket = tokio::net::TcpSocket::new_v4().unwrap();
        socket.set_reuseaddr(true).unwrap();
        socket
            .bind(addr)
            .unwrap_or_else(|e| panic!("{addr}: cannot hold the port again: {e}"));
        ReservedPort { socket, addr }
    }

    /// `127.0.0.1:PORT`.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The port number.
    pub fn port(&self) -> u16 {
        self.addr.port()
    }

    /// The port listening from now on (blocking std listener, backlog 1024): the kernel
    /// queues connections whether or not the test accepts them. In a tokio test, hand it to
    /// `tokio::net::TcpListener::from_std` after `set_nonblocking(true)`.
    pub fn listen(self) -> std::net::TcpListener {
        // tokio's `listen` registers the listener with a reactor: the test's own runtime,
        // else a short-lived one (deregistered again by `into_std`).
        let own = tokio::runtime::Handle::try_current().is_err().then(|| {
            tokio::runtime::Builder::new_current_thread()
                .enable_io()
                .build()
                .unwrap()
        });
        let _enter = own.as_ref().map(tokio::runtime::Runtime::enter);
        let l = self.socket.listen(1024).unwrap().into_std().unwrap();
        l.set_nonblocking(false).unwrap();
        l
    }

    /// The port held, refusing, for the rest of the test process (the socket kept in a
    /// static): a port that must stay dead while helpers and other tests come and go.
    pub fn hold(self) -> SocketAddr {
        static HELD: std::sync::Mutex<Vec<tokio::net::TcpSocket>> =
            std::sync::Mutex::new(Vec::new());
        let addr = self.addr;
        HELD.lock()
            .unwrap_or_else(|e| e.into_inner())
            .push(self.socket);
        addr
    }

    /// [`ReservedPort::listen`] for a tokio test (called within its runtime).
    pub fn listen_tokio(self) -> tokio::net::TcpListener {
        let l = self.listen();
        l.set_nonblocking(true).unwrap();
        tokio::net::TcpListener::from_std(l).unwrap()
    }
}

/// Polls the file at `path` (a recording being written: the recorder flushes every
/// 20-50 ms) every 20 ms until its text satisfies `cond`; panics after `limit`, naming
/// `what` and showing the text read. The wait for an event a test's next step needs (a
/// request head recorded, an exchange ended), in place of a fixed sleep that a loaded
/// machine can outlast.
pub fn wait_in_file(
    path: &std::path::Path,
    what: &str,
    limit: Duration,
    cond: impl Fn(&str) -> bool,
) {
    let end = std::time::Instant::now() + limit;
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if cond(&text) {
            return;
        }
        assert!(
            std::time::Instant::now() < end,
            "{what}: not in {} within {limit:?}: {text}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// `a2a-interop proxy ARGS` as a process (not quiet: its warning and refusal lines are read
/// by the test), running and listening within 30 s; `NO_COLOR=1`, no `A2A_INTEROP_LOG`.
pub fn proxy_with_warnings(args: &[String]) -> Running {
    spawn_until_listening(
        Command::new(env!("CARGO_BIN_EXE_a2a-interop"))
            .arg("proxy")
            .args(args)
            .env_remove("A2A_INTEROP_LOG")
            .env("NO_COLOR", "1"),
        Duration::from_secs(30),
    )
}

/// `run`'s listening address (its banner's URL without the trailing `/`).
pub fn addr_of(run: &Running) -> SocketAddr {
    run.addr.trim_end_matches('/').parse().unwrap()
}

/// Open file descriptors of process `pid` (`/proc/PID/fd` entries; 0 when it is gone).
pub fn open_fds(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd"))
        .map(|d| d.count())
        .unwrap_or(0)
}

/// Sends `raw` on a fresh connection to `addr` and reads until the peer closes or `wait`
/// passes: what arrived, as text (bytes outside UTF-8 replaced).
pub fn exchange(addr: SocketAddr, raw: &[u8], wait: Duration) -> String {
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(raw).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

/// Waits up to 10 s for process `pid`'s descriptors to fall to `baseline` (or below: a
/// connection of the start-up check may still have been open when it was counted); the
/// last count.
pub fn fds_back_to(pid: u32, baseline: usize) -> usize {
    let end = std::time::Instant::now() + Duration::from_secs(10);
    loop {
        let n = open_fds(pid);
        if n <= baseline || std::time::Instant::now() > end {
            return n;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}
