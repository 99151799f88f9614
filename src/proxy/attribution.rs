/*!
Who called whom: the `attribution` event of an exchange when several agents sit behind one
proxy (issue 5, "agent A -> agent B"; DESIGN.md recording format).

```text
accept(conn, peer) ─► spawn_blocking: /proc lookup ─► watch<Lookup> (one per connection)
request(conn, route) ─► leg? ─► lookup done? ─► --caller? ─► nesting? ─► User-Agent
                                      └ pending: decided when the response head arrives
```

The callee is the route the request went to. The caller is found, most exact first
([`CallerBy`]):

1. `leg`: the listener's `--leg` name (gateway verification).
2. `process` (Linux, loopback): the client socket's peer port belongs to a process that also
   listens on a route's upstream port, so that route's agent made the call. Found through
   `/proc/net/tcp{,6}` (socket inode of the client's side, listening inodes of the route
   ports) and `/proc/PID/fd` (which process holds both). Done once per connection on a
   blocking task (at most [`MAX_LOOKUPS`] at once); the agents' listening sockets and
   processes are cached by port and re-checked against the processes' fds, so a lookup
   reads one table (the client's address family) and the agents' fds only. A process known
   not to be any route's agent (the client socket is found, no route's listener holder
   owns it) skips the nesting guess; one process serving several routes is ambiguous and
   left to the methods below.
3. `caller-flag`: `--caller NAME=SUBSTRING` matched the `User-Agent` (remote agents, where
   `/proc` cannot help).
4. `nesting`: the request arrived while exactly one other route had an exchange open (an
   agent calling out while it serves a call; a guess when several clients are active).
5. `user-agent`: the client's `User-Agent`.

The attribution event must come before the exchange's `exchange_end` (readers such as the
HAR writer close an exchange there). When the connection's lookup is still running at
request time, the decision waits until the agent's response head (the request is forwarded
meanwhile) and the head waits at most [`PROCESS_WAIT`] for the lookup.
*/

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use http::HeaderMap;
use tokio::sync::watch;

use super::tee::ExchangeCtx;
use crate::record::writer::EventSink;
use crate::record::{CallerBy, EventKind, Route};

/// Longest time an exchange's response head waits for its connection's process lookup
/// (50 ms); past it the caller is decided without it. Only the first exchanges of a new
/// connection with two or more routes can wait at all.
pub const PROCESS_WAIT: Duration = Duration::from_millis(50);

/// Process lookups run at once at most (2); connections accepted meanwhile are attributed
/// by the other methods.
pub const MAX_LOOKUPS: usize = 2;

/// `--caller NAME=SUBSTRING`: a client whose `User-Agent` contains SUBSTRING (ASCII
/// case-insensitive) is the caller NAME.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallerName {
    /// Name used in the `attribution` event and reports.
    pub name: String,
    /// Substring of the `User-Agent` header that identifies the caller.
    pub user_agent: String,
}

/// Parses `--caller` text `NAME=SUBSTRING`. Errors say what is wrong, for a one-line exit 2.
pub fn parse_caller(s: &str) -> Result<CallerName, String> {
    let Some((name, ua)) = s.split_once('=') else {
        return Err(format!(
            "--caller {s:?} is not NAME=USER-AGENT-SUBSTRING (e.g. planner=python-httpx)"
        ));
    };
    let (name, ua) = (name.trim(), ua.trim());
    if name.is_empty() || ua.is_empty() {
        return Err(format!(
            "--caller {s:?}: NAME and USER-AGENT-SUBSTRING must not be empty"
        ));
    }
    Ok(CallerName {
        name: name.to_string(),
        user_agent: ua.to_string(),
    })
}

/// What the process lookup of one connection found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// The connection came from the agent behind route `index`.
    Agent(usize),
    /// The connection's process is none of the routes' agents.
    NotAgent,
    /// Cannot tell (not loopback, not Linux, socket gone, no permission).
    Unknown,
}

/// Per-listener attribution state (a listener with two or more routes, or `--caller`).
pub struct Attributor {
    /// Route prefixes by route index.
    prefixes: Arc<[String]>,
    /// (route index, upstream port) of the routes whose upstream is on loopback.
    loopback_ports: Vec<(usize, u16)>,
    /// The listener's `--leg` name: the caller of everything it receives.
    leg: Option<String>,
    callers: Vec<CallerName>,
    /// Process lookups by connection number (removed when the connection ends).
    conns: Mutex<HashMap<u64, watch::Receiver<Option<Lookup>>>>,
    /// Exchanges in flight: (route index, exchange); open while not ended.
    open: Mutex<Vec<(usize, Weak<ExchangeCtx>)>>,
    /// The agents behind routes: their listening sockets and processes ([`procfs::Agents`]).
    holders: Arc<Mutex<procfs::Agents>>,
    /// Process lookups running now (at most [`MAX_LOOKUPS`]).
    lookups: Arc<std::sync::atomic::AtomicUsize>,
}

/// A caller decision that waits for its connection's process lookup (see the module docs).
pub struct Pending {
    sink: EventSink,
    exchange: String,
    leg: Option<String>,
    callee: String,
    prefixes: Arc<[String]>,
    rx: watch::Receiver<Option<Lookup>>,
    /// `--caller` or `User-Agent` decision.
    fallback: Option<(String, CallerBy)>,
    /// Nesting guess made when the request arrived.
    nesting: Option<(String, CallerBy)>,
}

impl Attributor {
    /// Attribution for a listener with `routes` and `--leg` name `leg`: `None` when there is
    /// nothing to tell apart (fewer than two routes and no `--caller`).
    pub fn new(
        routes: &[Route],
        leg: Option<String>,
        callers: Vec<CallerName>,
    ) -> Option<Arc<Attributor>> {
        if routes.len() < 2 && callers.is_empty() {
            return None;
        }
        Some(Arc::new(Attributor {
            prefixes: routes.iter().map(|r| r.prefix.clone()).collect(),
            loopback_ports: routes
                .iter()
                .enumerate()
                .filter_map(|(i, r)| loopback_port(&r.upstream).map(|p| (i, p)))
                .collect(),
            leg,
            callers,
            conns: Mutex::new(HashMap::new()),
            open: Mutex::new(Vec::new()),
            holders: Arc::new(Mutex::new(HashMap::new())),
            lookups: Arc::new(std::sync::atomic::AtomicUsize::new(0)),
        }))
    }

    /// A connection was accepted: starts its process lookup on a blocking task when both
    /// ends are loopback and some route's upstream is on loopback. Needs a Tokio runtime.
    pub fn on_accept(&self, conn: u64, peer: SocketAddr, local: SocketAddr) {
        if self.leg.is_some()
            || self.loopback_ports.is_empty()
            || !peer.ip().is_loopback()
            || !local.ip().is_loopback()
        {
            return;
        }
        use std::sync::atomic::Ordering;
        // Bounded: a flood of connections gets the other methods, not a pile of blocking
        // lookups (each reads `/proc/net/tcp`, milliseconds on a large host).
        if self.lookups.fetch_add(1, Ordering::AcqRel) >= MAX_LOOKUPS {
            self.lookups.fetch_sub(1, Ordering::AcqRel);
            return;
        }
        let (tx, rx) = watch::channel(None);
        if let Ok(mut m) = self.conns.lock() {
            m.insert(conn, rx);
        }
        let ports = self.loopback_ports.clone();
        let holders = self.holders.clone();
        let lookups = self.lookups.clone();
        tokio::task::spawn_blocking(move || {
            let found = procfs::lookup(peer, local, &ports, &holders);
            lookups.fetch_sub(1, Ordering::AcqRel);
            let _ = tx.send(Some(found));
        });
    }

    /// The connection ended: forgets its lookup.
    pub fn on_close(&self, conn: u64) {
        if let Ok(mut m) = self.conns.lock() {
            m.remove(&conn);
        }
    }

    /// A request of connection `conn` went to route `route` (its `request_head` was just
    /// sent through `ctx`, whose events carry leg `leg`). Sends the `attribution` event now
    /// when the caller can be decided, else returns the [`Pending`] decision; the caller of
    /// this function must [`Pending::finish`] it before the response head is recorded (or
    /// [`Pending::send_now`] before an `exchange_end` without one).
    pub fn on_request(
        &self,
        conn: u64,
        route: usize,
        headers: &HeaderMap,
        ctx: &Arc<ExchangeCtx>,
        leg: Option<String>,
    ) -> Option<Pending> {
        let callee = self.prefixes.get(route)?.clone();
        let nesting = self.nesting_candidate(route, ctx);
        if let Some(l) = &self.leg {
            send(ctx, callee, Some((l.clone(), CallerBy::Leg)));
            return None;
        }
        let ua = headers
            .get(http::header::USER_AGENT)
            .and_then(|v| v.to_str().ok());
        let by_flag = ua.and_then(|ua| {
            let ua = ua.to_ascii_lowercase();
            self.callers
                .iter()
                .find(|c| ua.contains(&c.user_agent.to_ascii_lowercase()))
                .map(|c| (c.name.clone(), CallerBy::CallerFlag))
        });
        let fallback = by_flag.or_else(|| ua.map(|u| (u.to_string(), CallerBy::UserAgent)));
        let rx = self.conns.lock().ok().and_then(|m| m.get(&conn).cloned());
        let found: Option<Lookup> = match &rx {
            None => Some(Lookup::Unknown),
            Some(rx) => *rx.borrow(),
        };
        match (found, rx) {
            (Some(found), _) => {
                send(
                    ctx,
                    callee,
                    decide(found, &self.prefixes, fallback, nesting),
                );
                None
            }
            (None, None) => None,
            (None, Some(rx)) => Some(Pending {
                sink: ctx.sink().clone(),
                exchange: ctx.id.clone(),
                leg,
                callee,
                prefixes: self.prefixes.clone(),
                rx,
                fallback,
                nesting,
            }),
        }
    }

    /// The one other route with an exchange open right now, if exactly one; then registers
    /// `ctx` as open on `route`.
    fn nesting_candidate(
        &self,
        route: usize,
        ctx: &Arc<ExchangeCtx>,
    ) -> Option<(String, CallerBy)> {
        let mut open = self.open.lock().ok()?;
        open.retain(|(_, w)| w.upgrade().is_some_and(|c| !c.is_ended()));
        let mut others: Vec<usize> = open
            .iter()
            .map(|(r, _)| *r)
            .filter(|r| *r != route)
            .collect();
        others.sort_unstable();
        others.dedup();
        open.push((route, Arc::downgrade(ctx)));
        match others.as_slice() {
            [one] => self
                .prefixes
                .get(*one)
                .map(|p| (p.clone(), CallerBy::Nesting)),
            _ => None,
        }
    }
}

impl Pending {
    /// Waits at most [`PROCESS_WAIT`] for the connection's lookup, then sends the
    /// `attribution` event.
    pub async fn finish(mut self) {
        if self.rx.borrow().is_none() {
            let _ = tokio::time::timeout(PROCESS_WAIT, self.rx.wait_for(|v| v.is_some())).await;
        }
        self.send_now();
    }

    /// Sends the `attribution` event with what is known now, without waiting.
    pub fn send_now(self) {
        let found = (*self.rx.borrow()).unwrap_or(Lookup::Unknown);
        let (caller, caller_by) = split(decide(found, &self.prefixes, self.fallback, self.nesting));
        let _ = self.sink.try_send(
            Some(self.exchange),
            self.leg,
            EventKind::Attribution {
                callee: Some(self.callee),
                caller,
                caller_by,
            },
        );
    }
}

/// The caller from the process lookup, else `--caller`/User-Agent... in the documented order:
/// process, `--caller`, nesting (skipped when the process is known not to be an agent),
/// `User-Agent`.
fn decide(
    found: Lookup,
    prefixes: &[String],
    fallback: Option<(String, CallerBy)>,
    nesting: Option<(String, CallerBy)>,
) -> Option<(String, CallerBy)> {
    if let Lookup::Agent(i) = found {
        if let Some(p) = prefixes.get(i) {
            return Some((p.clone(), CallerBy::Process));
        }
    }
    let flag = fallback
        .as_ref()
        .filter(|(_, by)| *by == CallerBy::CallerFlag)
        .cloned();
    let nesting = nesting.filter(|_| found != Lookup::NotAgent);
    flag.or(nesting).or(fallback)
}

fn split(d: Option<(String, CallerBy)>) -> (Option<String>, Option<CallerBy>) {
    match d {
        Some((c, b)) => (Some(c), Some(b)),
        None => (None, None),
    }
}

fn send(ctx: &ExchangeCtx, callee: String, who: Option<(String, CallerBy)>) {
    let (caller, caller_by) = split(who);
    ctx.send(EventKind::Attribution {
        callee: Some(callee),
        caller,
        caller_by,
    });
}

/// The port of an `http://` upstream whose host is a loopback IP or `localhost`.
fn loopback_port(upstream: &str) -> Option<u16> {
    let u = url::Url::parse(upstream).ok()?;
    let loopback = match u.host()? {
        url::Host::Domain(d) => d.eq_ignore_ascii_case("localhost"),
        url::Host::Ipv4(ip) => ip.is_loopback(),
        url::Host::Ipv6(ip) => ip.is_loopback(),
    };
    if loopback {
        u.port_or_known_default()
    } else {
        None
    }
}

/// The Linux `/proc` lookup: which route's agent owns a client socket.
mod procfs {
    use std::collections::HashMap;
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
    use std::sync::Mutex;

    use super::Lookup;

    /// TCP state `LISTEN` in `/proc/net/tcp` (`0A`).
    const LISTEN: u8 = 0x0A;

    /// One row of `/proc/net/tcp{,6}`.
    #[derive(Debug, PartialEq, Eq)]
    pub(super) struct Row {
        pub local: SocketAddr,
        pub remote: SocketAddr,
        pub state: u8,
        pub inode: u64,
    }

    /// Parses one table (header line skipped, odd rows ignored).
    pub(super) fn parse_table(text: &str) -> Vec<Row> {
        text.lines().skip(1).filter_map(parse_row).collect()
    }

    fn parse_row(line: &str) -> Option<Row> {
        let f: Vec<&str> = line.split_whitespace().collect();
        // sl local rem st tx:rx tr:when retrnsmt uid timeout inode
        let local = parse_addr(f.get(1)?)?;
        let remote = parse_addr(f.get(2)?)?;
        let state = u8::from_str_radix(f.get(3)?, 16).ok()?;
        let inode = f.get(9)?.parse().ok()?;
        Some(Row {
            local,
            remote,
            state,
            inode,
        })
    }

    /// `0100007F:1F90` (IPv4) or 32 hex digits `:PORT` (IPv6): the address is printed as
    /// 32-bit words in host byte order, the port as a number.
    fn parse_addr(s: &str) -> Option<SocketAddr> {
        let (ip, port) = s.split_once(':')?;
        let port = u16::from_str_radix(port, 16).ok()?;
        let ip = match ip.len() {
            8 => IpAddr::V4(Ipv4Addr::from(
                u32::from_str_radix(ip, 16).ok()?.to_ne_bytes(),
            )),
            32 => {
                let mut b = [0u8; 16];
                for i in 0..4 {
                    let w = u32::from_str_radix(ip.get(i * 8..i * 8 + 8)?, 16).ok()?;
                    b[i * 4..i * 4 + 4].copy_from_slice(&w.to_ne_bytes());
                }
                IpAddr::V6(Ipv6Addr::from(b))
            }
            _ => return None,
        };
        Some(SocketAddr::new(ip, port))
    }

    /// IPv4-mapped IPv6 addresses as IPv4, so both tables compare.
    fn canon(a: SocketAddr) -> SocketAddr {
        match a.ip() {
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => SocketAddr::new(IpAddr::V4(v4), a.port()),
                None => a,
            },
            IpAddr::V4(_) => a,
        }
    }

    /// Socket inodes a process holds open (`/proc/PID/fd/N -> socket:[INODE]`).
    fn socket_inodes(pid: u32) -> Vec<u64> {
        let Ok(dir) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
            return Vec::new();
        };
        dir.flatten()
            .filter_map(|e| std::fs::read_link(e.path()).ok())
            .filter_map(|t| {
                t.to_str()?
                    .strip_prefix("socket:[")?
                    .strip_suffix(']')?
                    .parse()
                    .ok()
            })
            .collect()
    }

    /// Every process holding one of `inodes`, by inode (a scan of all `/proc/PID/fd`).
    fn holders_of(inodes: &[u64]) -> HashMap<u64, Vec<u32>> {
        let mut out: HashMap<u64, Vec<u32>> = HashMap::new();
        let Ok(procs) = std::fs::read_dir("/proc") else {
            return out;
        };
        for p in procs.flatten() {
            let Some(pid) = p.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else {
                continue;
            };
            for ino in socket_inodes(pid) {
                if inodes.contains(&ino) {
                    out.entry(ino).or_default().push(pid);
                }
            }
        }
        out
    }

    /// The agents seen listening, by upstream port: (listening-socket inode, processes
    /// holding it).
    pub(super) type Agents = HashMap<u16, (u64, Vec<u32>)>;

    /// The client socket's inode: `peer` -> `local` in the table of `peer`'s family first
    /// (one table read, ~6 ms on a large host: the kernel walks its hash), then the other.
    fn client_inode(peer: SocketAddr, local: SocketAddr) -> Option<u64> {
        let order = if peer.is_ipv4() {
            ["/proc/net/tcp", "/proc/net/tcp6"]
        } else {
            ["/proc/net/tcp6", "/proc/net/tcp"]
        };
        let (peer, local) = (canon(peer), canon(local));
        order.iter().find_map(|table| {
            let text = std::fs::read_to_string(table).ok()?;
            parse_table(&text)
                .into_iter()
                .find(|r| canon(r.local) == peer && canon(r.remote) == local && r.inode != 0)
                .map(|r| r.inode)
        })
    }

    /// Listening sockets (loopback or any address) on `ports`: port -> inode.
    fn listeners_on(ports: &[u16]) -> HashMap<u16, u64> {
        let mut out = HashMap::new();
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let Ok(text) = std::fs::read_to_string(table) else {
                continue;
            };
            for r in parse_table(&text) {
                if r.state == LISTEN
                    && r.inode != 0
                    && (r.local.ip().is_loopback() || r.local.ip().is_unspecified())
                    && ports.contains(&r.local.port())
                {
                    out.entry(r.local.port()).or_insert(r.inode);
                }
            }
        }
        out
    }

    /// Which route's agent (a process listening on one of `ports`: (route index, port))
    /// holds the client end (`peer` -> `local`) of an accepted connection. `cache` keeps the
    /// agents' listening sockets and processes between calls; an entry is checked against
    /// the process's fds on every call and looked up afresh (both tables and a scan of all
    /// `/proc/PID/fd`) when the agent is gone or new.
    pub(super) fn lookup(
        peer: SocketAddr,
        local: SocketAddr,
        ports: &[(usize, u16)],
        cache: &Mutex<Agents>,
    ) -> Lookup {
        let Some(client) = client_inode(peer, local) else {
            return Lookup::Unknown;
        };
        let Ok(mut cache) = cache.lock() else {
            return Lookup::Unknown;
        };
        // Socket inodes per process, read at most once per call.
        let mut fds: HashMap<u32, Vec<u64>> = HashMap::new();
        fn held(pid: u32, fds: &mut HashMap<u32, Vec<u64>>) -> Vec<u64> {
            fds.entry(pid).or_insert_with(|| socket_inodes(pid)).clone()
        }
        let stale: Vec<u16> = ports
            .iter()
            .map(|(_, p)| *p)
            .filter(|p| match cache.get(p) {
                Some((ino, pids)) => !pids.iter().any(|pid| held(*pid, &mut fds).contains(ino)),
                None => true,
            })
            .collect();
        if !stale.is_empty() {
            let found = listeners_on(&stale);
            let inodes: Vec<u64> = found.values().copied().collect();
            let holders = holders_of(&inodes);
            for port in &stale {
                match found.get(port) {
                    Some(ino) => {
                        let pids = holders.get(ino).cloned().unwrap_or_default();
                        cache.insert(*port, (*ino, pids));
                    }
                    None => {
                        cache.remove(port);
                    }
                }
            }
        }
        // Which routes' agents hold the client socket. One process serving several routes
        // (e.g. a test harness) is ambiguous: that is left to the other methods.
        let mut any_holder = false;
        let mut owners: Vec<usize> = Vec::new();
        for (route, port) in ports {
            let Some((_, pids)) = cache.get(port) else {
                continue;
            };
            for pid in pids {
                let inodes = held(*pid, &mut fds);
                if inodes.is_empty() {
                    continue;
                }
                any_holder = true;
                if inodes.contains(&client) && !owners.contains(route) {
                    owners.push(*route);
                }
            }
        }
        match owners.as_slice() {
            [one] => Lookup::Agent(*one),
            [] if any_holder => Lookup::NotAgent,
            _ => Lookup::Unknown,
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn parses_ipv4_and_ipv6_rows() {
            let t = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode\n   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 908765 1 0000 100 0 0 10 0\n   1: 0100007F:A000 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 42 1 0000\n garbage\n";
            let rows = parse_table(t);
            assert_eq!(rows.len(), 2);
            if cfg!(target_endian = "little") {
                assert_eq!(rows[0].local, "127.0.0.1:8080".parse().unwrap());
                assert_eq!(rows[1].remote, "127.0.0.1:8080".parse().unwrap());
            }
            assert_eq!(rows[0].state, LISTEN);
            assert_eq!(rows[1].inode, 42);
            let v6 = "h\n 0: 00000000000000000000000001000000:1F90 00000000000000000000000000000000:0000 0A 0:0 0:0 0 1000 0 77 1\n";
            let rows = parse_table(v6);
            if cfg!(target_endian = "little") {
                assert_eq!(rows[0].local, "[::1]:8080".parse().unwrap());
            }
            assert_eq!(rows[0].inode, 77);
        }

        #[test]
        fn finds_the_process_of_a_loopback_connection() {
            // This test process listens on `agent` and makes the connection to `server`.
            let agent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let _client = std::net::TcpStream::connect(server.local_addr().unwrap()).unwrap();
            let (_accepted, peer) = server.accept().unwrap();
            let local = server.local_addr().unwrap();
            let port = agent.local_addr().unwrap().port();
            let cache = Mutex::new(HashMap::new());
            if !std::path::Path::new("/proc/net/tcp").exists() {
                return;
            }
            let got = lookup(peer, local, &[(3, port)], &cache);
            assert_eq!(got, Lookup::Agent(3));
            // The same process behind two routes: ambiguous, left to the other methods.
            let agent2 = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let port_b = agent2.local_addr().unwrap().port();
            let got = lookup(peer, local, &[(3, port), (4, port_b)], &cache);
            assert_eq!(got, Lookup::Unknown);
            // A listener of no process of ours: not found among the agents.
            let other = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let port2 = other.local_addr().unwrap().port();
            drop(other);
            assert_eq!(lookup(peer, local, &[(0, port2)], &cache), Lookup::Unknown);
        }
    }
}
