/*!
Who called whom: the `attribution` event of an exchange when several agents sit behind one
proxy (issue 5, "agent A -> agent B"; DESIGN.md recording format).

```text
accept(conn, peer) ─► queue ─► lookup worker (spawn_blocking, batches) ─► watch<Lookup>
request(conn, route) ─► leg? ─► lookup done? ─► --caller? ─► nesting? ─► User-Agent
                                      └ pending: at the response head (≤ 2 s), else late
```

The callee is the route the request went to. The caller is found, most exact first
([`CallerBy`]):

1. `leg`: the listener's `--leg` name (gateway verification).
2. `process` (Linux, loopback): the client socket's peer port belongs to a process that also
   listens on a route's upstream port, so that route's agent made the call. Found through
   the kernel's socket tables (the client side's socket inode by its 4-tuple, the route
   ports' listening inodes: netlink `sock_diag`, or `/proc/net/tcp{,6}` where netlink is not
   usable) and `/proc/PID/fd` (which process holds both). Done once per connection, off the
   forwarding path: accepted connections queue up (at most [`MAX_QUEUED_LOOKUPS`]) for one
   blocking worker, which takes everything queued at once and reads each table once per
   batch, so a burst of connections or a slow, loaded machine makes lookups later, not
   missing. The agents' listening sockets and processes are cached by port and re-checked
   against the processes' fds. A process known not to be any route's agent (the client
   socket is found, no route's listener holder owns it) skips the nesting guess; one process
   serving several routes is ambiguous and left to the methods below.
3. `caller-flag`: `--caller NAME=SUBSTRING` matched the `User-Agent` (remote agents, where
   `/proc` cannot help).
4. `nesting`: the request arrived while exactly one other route had an exchange open (an
   agent calling out while it serves a call; a guess when several clients are active).
5. `user-agent`: the client's `User-Agent`.

The event goes before the exchange's `response_head`: the head waits for the connection's
lookup (queued at accept; only the first exchanges of a new connection can wait, and only on
a listener with two or more routes or `--caller`: a listener with one route and no
`--caller` has no attributor, so nothing here touches its forwarding path). It waits for the
lookup's answer, not for a time: the caller's socket exists only while its connection is
open, and a client keeps its connection open until its answer comes, so a lookup that
finishes before the head is forwarded always finds it. (Until round 54 the head waited
50 ms, then went on; on a loaded machine the lookup ran after a short connection, such as
an agent's card fetch, had closed, found no socket and left the exchange to the nesting
guess: tests/forward_agents.rs's rare flake.) Only a lookup slower than [`PROCESS_WAIT`]
(a stuck `/proc`) lets the head go first; then the decision is still not guessed at once: a
task waits for the lookup (at most [`LATE_WAIT`]) and sends the event then, possibly after
the exchange's `exchange_end` (docs/recording-format.md: readers join it by `exchange`).
[`Attributor::flush`] sends the late ones before the recording closes.

Why the head waits rather than the lookup finishing after the connection closed (reviewed in
round 55): what can be kept at accept, the connection's 4-tuple and the client socket's
inode, names no process once the client has closed it. The process is found through the
client's file descriptor (`/proc/PID/fd/N -> socket:[INODE]`), which is gone at its close;
the closed socket's `/proc/net/tcp` row (TIME_WAIT, FIN_WAIT) has inode 0 and no owner; and
the agents' descriptor tables sampled ahead cannot hold a socket opened and closed between
two samples (a card fetch lives a few milliseconds). Reading `/proc` at accept, on the
accept loop, would make every connection of the listener wait instead of only the first
heads. So the lookup must end while the client still waits for its answer, and the head is
the last moment the proxy holds: the wait is the price of the `process` method, opt-in (two
or more routes, or `--caller`), bounded by [`PROCESS_WAIT`], and a listener with one route
and no `--caller` pays nothing (no attributor: tests/forward_agents.rs asserts it). Measured
then: the lookup's cost is its reads of `/proc/net/tcp` (8,747 rows, 1.17 MB, 31 ms a read on
the CI host, mostly TIME_WAIT rows of earlier tests), not the scan of the agents' fds; beside
4 CPU hogs pinned to the test's core a batch took 0.8-2.6 s, past [`PROCESS_WAIT`], and
tests/forward_agents.rs failed 3 runs in 20 (4 hogs, not pinned): the client had closed
before its agent's fds were read, and the hop fell to the nesting guess. Since round 56 the
client socket is asked for by its 4-tuple through netlink `sock_diag` (the kernel's exact
lookup: one request per connection, whatever the number of sockets on the host), and the
agents' listeners by a dump of listening sockets only; `/proc/net/tcp{,6}` is read only
where netlink is not usable.
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
/// (2 s, a bound for a stuck `/proc`, not a sync: the head goes on as soon as the lookup
/// answers, within milliseconds on an idle machine, 222 ms seen at load 10); past it the
/// attribution is sent late ([`LATE_WAIT`]). Only the first exchanges of a new connection
/// on a listener with two or more routes or `--caller` can wait at all.
pub const PROCESS_WAIT: Duration = Duration::from_secs(2);

/// Longest time a late attribution (lookup still running at the response head) waits for
/// the lookup, off the forwarding path (5 s); past it the caller is decided without it.
pub const LATE_WAIT: Duration = Duration::from_secs(5);

/// Connections queued for a process lookup at most (256); a connection accepted while the
/// queue is full gets no lookup and is attributed by the other methods.
pub const MAX_QUEUED_LOOKUPS: usize = 256;

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

/// Who holds a listening TCP socket that a bind of `addr` clashes with (same port; same
/// IP, or either side on the unspecified address): `(pid, program)` per process, `program`
/// being the basename of its `argv[0]` and of its first argument when that is no flag
/// (`a2a-interop proxy`, `python3 agent.py`; never the rest of the command line, which may
/// hold credentials). Read from Linux (the listening sockets by netlink `sock_diag` or
/// `/proc/net/tcp{,6}`, their holders from every `/proc/PID/fd`): empty elsewhere, or when
/// the holder is another user's process `/proc` does not show.
/// For the "address already in use" message at start-up (RFC 9293 §3.5's one listener per
/// address and port), never on the forwarding path: the scan of every process's fds is
/// ~1-30 ms.
pub fn port_holders(addr: SocketAddr) -> Vec<(u32, String)> {
    procfs::listen_holders(addr)
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
    /// Connections waiting for their lookup, and the worker that does them.
    queue: Arc<LookupQueue>,
    /// Attributions sent after the response head ([`Pending::finish`]).
    late: Arc<Late>,
    /// How long a response head waits for its lookup ([`PROCESS_WAIT`]; shorter in tests).
    process_wait: Duration,
}

/// Process lookups waiting for the worker; `running` while a worker drains it.
struct LookupQueue {
    jobs: Mutex<(std::collections::VecDeque<Job>, bool)>,
    /// (route index, upstream port) of the routes whose upstream is on loopback.
    ports: Vec<(usize, u16)>,
    /// The agents behind routes: their listening sockets and processes ([`procfs::Agents`]).
    holders: Mutex<procfs::Agents>,
}

/// One connection's lookup: its two ends and where the answer goes.
struct Job {
    peer: SocketAddr,
    local: SocketAddr,
    tx: watch::Sender<Option<Lookup>>,
}

impl LookupQueue {
    /// The worker: takes everything queued, looks it up in one pass, until the queue is
    /// empty. Runs on a blocking thread.
    fn run(&self) {
        // Clears `running` however the loop ends, so a later connection starts a worker.
        struct Stop<'a>(&'a LookupQueue);
        impl Drop for Stop<'_> {
            fn drop(&mut self) {
                if let Ok(mut q) = self.0.jobs.lock() {
                    q.1 = false;
                }
            }
        }
        let _stop = Stop(self);
        loop {
            let batch: Vec<Job> = match self.jobs.lock() {
                Ok(mut q) if !q.0.is_empty() => q.0.drain(..).collect(),
                _ => return,
            };
            // Connections already closed need no answer.
            let batch: Vec<Job> = batch.into_iter().filter(|j| !j.tx.is_closed()).collect();
            let ends: Vec<(SocketAddr, SocketAddr)> =
                batch.iter().map(|j| (j.peer, j.local)).collect();
            let found = procfs::lookup_many(&ends, &self.ports, &self.holders);
            for (job, f) in batch.iter().zip(found) {
                let _ = job.tx.send(Some(f));
            }
        }
    }
}

/// The late attributions of one listener: their tasks, and the signal to send them now.
struct Late {
    tasks: Mutex<tokio::task::JoinSet<()>>,
    now: watch::Sender<bool>,
}

/// A caller decision that waits for its connection's process lookup (see the module docs).
/// Dropped unfinished (the exchange's handler ended first), it sends what is known then.
pub struct Pending {
    decision: Option<Decision>,
    rx: watch::Receiver<Option<Lookup>>,
    late: Arc<Late>,
    /// The attributor's [`PROCESS_WAIT`].
    wait: Duration,
}

/// Everything of an `attribution` event but the lookup's answer.
struct Decision {
    sink: EventSink,
    exchange: crate::record::ExchangeId,
    leg: Option<String>,
    callee: String,
    prefixes: Arc<[String]>,
    /// `--caller` or `User-Agent` decision.
    fallback: Option<(String, CallerBy)>,
    /// Nesting guess made when the request arrived.
    nesting: Option<(String, CallerBy)>,
}

impl Decision {
    /// Sends the `attribution` event decided with `found`.
    fn send(self, found: Lookup) {
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
            queue: Arc::new(LookupQueue {
                jobs: Mutex::new((std::collections::VecDeque::new(), false)),
                ports: routes
                    .iter()
                    .enumerate()
                    .filter_map(|(i, r)| loopback_port(&r.upstream).map(|p| (i, p)))
                    .collect(),
                holders: Mutex::new(HashMap::new()),
            }),
            late: Arc::new(Late {
                tasks: Mutex::new(tokio::task::JoinSet::new()),
                now: watch::channel(false).0,
            }),
            process_wait: PROCESS_WAIT,
        }))
    }

    /// A connection was accepted: queues its process lookup for the blocking worker when
    /// both ends are loopback and some route's upstream is on loopback (at most
    /// [`MAX_QUEUED_LOOKUPS`] waiting). Needs a Tokio runtime.
    pub fn on_accept(&self, conn: u64, peer: SocketAddr, local: SocketAddr) {
        if self.leg.is_some()
            || self.loopback_ports.is_empty()
            || !peer.ip().is_loopback()
            || !local.ip().is_loopback()
        {
            return;
        }
        let (tx, rx) = watch::channel(None);
        let start = {
            let Ok(mut q) = self.queue.jobs.lock() else {
                return;
            };
            // Bounded: a flood of connections gets the other methods, not an endless queue.
            if q.0.len() >= MAX_QUEUED_LOOKUPS {
                return;
            }
            q.0.push_back(Job { peer, local, tx });
            !std::mem::replace(&mut q.1, true)
        };
        if let Ok(mut m) = self.conns.lock() {
            m.insert(conn, rx);
        }
        if start {
            let queue = self.queue.clone();
            tokio::task::spawn_blocking(move || queue.run());
        }
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
                decision: Some(Decision {
                    sink: ctx.sink().clone(),
                    exchange: ctx.id.clone(),
                    leg,
                    callee,
                    prefixes: self.prefixes.clone(),
                    fallback,
                    nesting,
                }),
                rx,
                late: self.late.clone(),
                wait: self.process_wait,
            }),
        }
    }

    /// Sends the late attributions still waiting for their lookups: waits up to `grace` for
    /// the lookups, then sends the rest with what is known. Call before the recording
    /// closes (the proxy does on shutdown); attributions that turn late afterwards are sent
    /// at once.
    pub async fn flush(&self, grace: Duration) {
        let mut tasks = match self.late.tasks.lock() {
            Ok(mut g) => std::mem::take(&mut *g),
            Err(_) => return,
        };
        let waited =
            tokio::time::timeout(grace, async { while tasks.join_next().await.is_some() {} }).await;
        self.late.now.send_replace(true);
        if waited.is_err() {
            while tasks.join_next().await.is_some() {}
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
    /// Waits for the connection's lookup (at most [`PROCESS_WAIT`]) and sends the
    /// `attribution` event when it is done; else hands the event to a task that sends it
    /// once the lookup ends (at most [`LATE_WAIT`]; [`Attributor::flush`]), so a stuck
    /// lookup makes the event late, never a guess, and never holds the response longer.
    pub async fn finish(mut self) {
        if self.rx.borrow().is_none() {
            let _ = tokio::time::timeout(self.wait, self.rx.wait_for(|v| v.is_some())).await;
        }
        if self.rx.borrow().is_some() {
            self.send_now();
        } else {
            self.send_late();
        }
    }

    /// Sends the `attribution` event with what is known now, without waiting.
    pub fn send_now(mut self) {
        if let Some(d) = self.decision.take() {
            d.send(self.found());
        }
    }

    /// The lookup's answer so far (`Unknown` while it runs).
    fn found(&self) -> Lookup {
        (*self.rx.borrow()).unwrap_or(Lookup::Unknown)
    }

    fn send_late(mut self) {
        let Some(d) = self.decision.take() else {
            return;
        };
        let Ok(mut tasks) = self.late.tasks.lock() else {
            d.send(self.found());
            return;
        };
        while tasks.try_join_next().is_some() {}
        let mut rx = self.rx.clone();
        let mut now = self.late.now.subscribe();
        tasks.spawn(async move {
            tokio::select! {
                _ = async {
                    let _ = tokio::time::timeout(LATE_WAIT, rx.wait_for(|v| v.is_some())).await;
                } => {}
                // Flushed (or the listener gone): send with what is known.
                _ = async {
                    let _ = now.wait_for(|v| *v).await;
                } => {}
            }
            let found = (*rx.borrow()).unwrap_or(Lookup::Unknown);
            d.send(found);
        });
    }
}

impl Drop for Pending {
    fn drop(&mut self) {
        if let Some(d) = self.decision.take() {
            d.send(self.found());
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proxy::tee::LiveExchanges;
    use crate::record::writer::{spawn_recorder, RecorderConfig};
    use crate::record::{CaptureMode, Event, Outcome, RecordingHeader};

    fn route(prefix: &str, port: u16) -> Route {
        Route {
            prefix: prefix.into(),
            upstream: format!("http://127.0.0.1:{port}"),
            leg: None,
        }
    }

    /// The lookup a connection's receiver gets; panics when none comes within 30 s (a
    /// liveness guard, not a timing).
    async fn answered(rx: &mut watch::Receiver<Option<Lookup>>) -> Option<Lookup> {
        tokio::time::timeout(Duration::from_secs(30), rx.wait_for(|v| v.is_some()))
            .await
            .expect("answered")
            .map(|v| *v)
            .unwrap()
    }

    /// A recorder keeping every event in memory.
    fn recorder() -> (
        EventSink,
        crate::record::writer::Recorder,
        Arc<Mutex<Vec<Event>>>,
    ) {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let keep = seen.clone();
        let (sink, rec) = spawn_recorder(
            RecorderConfig {
                path: None,
                overwrite: false,
                header: RecordingHeader::new(CaptureMode::Reverse),
                queue_bytes: 1 << 20,
                lossless: false,
                redact: false,
                secret_headers: Vec::new(),
            },
            Box::new(move |e: &Event| keep.lock().unwrap().push(e.clone())),
        )
        .unwrap();
        (sink, rec, seen)
    }

    fn exchange(sink: &EventSink, id: &str) -> Arc<ExchangeCtx> {
        ExchangeCtx::new(sink.clone(), id.into(), None, 1024, &LiveExchanges::new())
    }

    fn ua(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(http::header::USER_AGENT, v.parse().unwrap());
        h
    }

    /// (exchange, caller, caller_by) of each `attribution`, and the kinds in order.
    fn atts(evs: &[Event]) -> Vec<(String, Option<String>, Option<CallerBy>)> {
        evs.iter()
            .filter_map(|e| match &e.kind {
                EventKind::Attribution {
                    caller, caller_by, ..
                } => Some((
                    e.exchange.as_deref().unwrap().to_string(),
                    caller.clone(),
                    *caller_by,
                )),
                _ => None,
            })
            .collect()
    }

    /// A loaded machine: the connection's lookup answers 300 ms after the request (the
    /// 50 ms the head waited until round 54, six times over). The response head waits for
    /// it, so the caller is found by process while the client's socket is still open (the
    /// client waits for its answer) and the attribution precedes the head. Before: the head
    /// went on after 50 ms, the short connection closed, the lookup found no socket and the
    /// exchange was left to the nesting guess (tests/forward_agents.rs's rare flake); this
    /// test then saw the attribution after the head.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn the_response_head_waits_for_a_slow_lookup() {
        let (sink, rec, seen) = recorder();
        let a = Attributor::new(&[route("/a", 1), route("/b", 2)], None, vec![]).unwrap();
        let (tx, rx) = watch::channel(None);
        a.conns.lock().unwrap().insert(1, rx);
        let e1 = exchange(&sink, "e1");
        let p = a
            .on_request(1, 1, &ua("client-ua"), &e1, None)
            .expect("lookup running: pending");
        let answer = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(300)).await;
            tx.send(Some(Lookup::Agent(0))).unwrap();
            tx
        });
        p.finish().await;
        e1.send(EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Default::default(),
            synthetic: false,
            reason: None,
        });
        e1.end(Outcome::Complete, None);
        let _tx = answer.await.unwrap();
        drop(e1);
        rec.finish().await.unwrap();
        let evs = seen.lock().unwrap().clone();
        assert_eq!(
            atts(&evs),
            vec![("e1".into(), Some("/a".into()), Some(CallerBy::Process))]
        );
        let pos = |k: fn(&EventKind) -> bool| {
            evs.iter()
                .position(|e| e.exchange.as_deref() == Some("e1") && k(&e.kind))
                .unwrap()
        };
        let head = pos(|k| matches!(k, EventKind::ResponseHead { .. }));
        let att = pos(|k| matches!(k, EventKind::Attribution { .. }));
        assert!(att < head, "the head went on before the lookup: {evs:?}");
    }

    #[tokio::test]
    async fn a_slow_lookup_makes_the_attribution_late_not_a_guess() {
        let (sink, rec, seen) = recorder();
        let mut a = Attributor::new(
            &[route("/a", 1), route("/b", 2), route("/c", 3)],
            None,
            vec![],
        )
        .unwrap();
        // A lookup stuck past the head's wait (shortened here from PROCESS_WAIT's 2 s).
        Arc::get_mut(&mut a).unwrap().process_wait = Duration::from_millis(50);
        // Connection 1's lookup is ours to answer (the worker's place).
        let (tx, rx) = watch::channel(None);
        a.conns.lock().unwrap().insert(1, rx);
        // An exchange open on /c makes "nesting" the guess for the next one.
        let open = exchange(&sink, "e0");
        assert!(a.on_request(9, 2, &ua("x"), &open, None).is_none());
        let e1 = exchange(&sink, "e1");
        let p = a
            .on_request(1, 1, &ua("client-ua"), &e1, None)
            .expect("lookup running: pending");
        // The response head does not wait for the lookup beyond PROCESS_WAIT...
        p.finish().await;
        e1.send(EventKind::ResponseHead {
            status: 200,
            version: None,
            headers: Default::default(),
            synthetic: false,
            reason: None,
        });
        e1.end(Outcome::Complete, None);
        // ...and the lookup, done later, still decides the caller.
        tx.send(Some(Lookup::Agent(0))).unwrap();
        // A second exchange whose lookup never ends: flushed with what is known.
        let (_tx2, rx2) = watch::channel(None);
        a.conns.lock().unwrap().insert(2, rx2);
        let e2 = exchange(&sink, "e2");
        let p2 = a.on_request(2, 1, &ua("client-ua"), &e2, None).unwrap();
        p2.finish().await;
        a.flush(Duration::from_millis(20)).await;
        drop((open, e1, e2));
        rec.finish().await.unwrap();
        let evs = seen.lock().unwrap().clone();
        let got = atts(&evs);
        assert_eq!(
            got,
            vec![
                ("e0".into(), Some("x".into()), Some(CallerBy::UserAgent)),
                ("e1".into(), Some("/a".into()), Some(CallerBy::Process)),
                ("e2".into(), Some("/c".into()), Some(CallerBy::Nesting)),
            ],
            "e1: late but found by process (the guess was nesting /c); e2: lookup never \
             answered, flushed with the best guess"
        );
        // e1's attribution came after its response head and its end: late, not guessed.
        let pos = |x: &str, k: fn(&EventKind) -> bool| {
            evs.iter()
                .position(|e| e.exchange.as_deref() == Some(x) && k(&e.kind))
                .unwrap()
        };
        let head = pos("e1", |k| matches!(k, EventKind::ResponseHead { .. }));
        let att = pos("e1", |k| matches!(k, EventKind::Attribution { .. }));
        assert!(head < att, "{evs:?}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_burst_of_connections_all_get_their_lookup() {
        if !std::path::Path::new("/proc/net/tcp").exists() {
            return;
        }
        // This process listens on /a's upstream port and makes every connection; nobody
        // listens on /b's: every connection is /a's agent calling.
        let agent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let none = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let none_port = none.local_addr().unwrap().port();
        drop(none);
        let a = Attributor::new(
            &[
                route("/a", agent.local_addr().unwrap().port()),
                route("/b", none_port),
            ],
            None,
            vec![],
        )
        .unwrap();
        let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let local = server.local_addr().unwrap();
        // More than the two lookups at once the session-3 code allowed (the rest got none).
        let n = 24u64;
        let mut keep = Vec::new();
        for conn in 1..=n {
            let c = std::net::TcpStream::connect(local).unwrap();
            let (s, peer) = server.accept().unwrap();
            a.on_accept(conn, peer, local);
            keep.push((c, s));
        }
        let rxs: Vec<_> = (1..=n)
            .map(|c| a.conns.lock().unwrap().get(&c).cloned().expect("queued"))
            .collect();
        for mut rx in rxs {
            // A liveness guard, not a timing: the worker answers every queued connection.
            let got = answered(&mut rx).await;
            assert_eq!(got, Some(Lookup::Agent(0)));
        }
        // The worker stopped with an empty queue; a new connection starts another.
        let c = std::net::TcpStream::connect(local).unwrap();
        let (_s, peer) = server.accept().unwrap();
        a.on_accept(n + 1, peer, local);
        let mut rx = a.conns.lock().unwrap().get(&(n + 1)).cloned().unwrap();
        let got = answered(&mut rx).await;
        assert_eq!(got, Some(Lookup::Agent(0)));
        drop(c);
        // Closed connections are forgotten.
        a.on_close(1);
        assert!(!a.conns.lock().unwrap().contains_key(&1));
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

    /// The client sockets' inodes: `peer` -> `local` of each connection (`None`: no such
    /// socket, or closed: a socket in TIME_WAIT has no inode). Each socket is asked for by
    /// its 4-tuple through netlink `sock_diag` ([`sock_diag::Diag::inode`], microseconds
    /// whatever the number of sockets on the host); where netlink is not usable, from the
    /// text tables ([`client_inodes_from_tables`]).
    fn client_inodes(ends: &[(SocketAddr, SocketAddr)]) -> Vec<Option<u64>> {
        #[cfg(target_os = "linux")]
        if let Some(found) = sock_diag::Diag::open().and_then(|mut diag| {
            ends.iter()
                .map(|&(peer, local)| diag.inode(canon(peer), canon(local)))
                .collect::<Option<Vec<_>>>()
        }) {
            return found;
        }
        client_inodes_from_tables(ends)
    }

    /// [`client_inodes`] from the text tables `/proc/net/tcp{,6}` (each read at most once
    /// for the batch; 31 ms a read with 8.7k rows on a busy host): where netlink is not
    /// usable.
    fn client_inodes_from_tables(ends: &[(SocketAddr, SocketAddr)]) -> Vec<Option<u64>> {
        const TABLES: [&str; 2] = ["/proc/net/tcp", "/proc/net/tcp6"];
        let mut read: [Option<Vec<Row>>; 2] = [None, None];
        ends.iter()
            .map(|&(peer, local)| {
                let order = if peer.is_ipv4() { [0, 1] } else { [1, 0] };
                let (peer, local) = (canon(peer), canon(local));
                order.iter().find_map(|&t| {
                    let rows = read[t].get_or_insert_with(|| {
                        std::fs::read_to_string(TABLES[t])
                            .map(|text| parse_table(&text))
                            .unwrap_or_default()
                    });
                    rows.iter()
                        .find(|r| {
                            canon(r.local) == peer && canon(r.remote) == local && r.inode != 0
                        })
                        .map(|r| r.inode)
                })
            })
            .collect()
    }

    /// Every listening TCP socket of the host with an inode: (local address, inode), IPv4
    /// and IPv6. From netlink `sock_diag` (a dump of the listening sockets only: the kernel
    /// does not walk its established connections) or, where netlink is not usable, the
    /// `LISTEN` rows of `/proc/net/tcp{,6}`.
    fn listening() -> Vec<(SocketAddr, u64)> {
        #[cfg(target_os = "linux")]
        if let Some(found) = sock_diag::Diag::open().and_then(|mut diag| diag.listeners()) {
            return found;
        }
        listening_from_tables()
    }

    /// [`listening`] from the text tables `/proc/net/tcp{,6}`.
    fn listening_from_tables() -> Vec<(SocketAddr, u64)> {
        let mut out = Vec::new();
        for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
            let Ok(text) = std::fs::read_to_string(table) else {
                continue;
            };
            out.extend(
                parse_table(&text)
                    .into_iter()
                    .filter(|r| r.state == LISTEN && r.inode != 0)
                    .map(|r| (r.local, r.inode)),
            );
        }
        out
    }

    /// Listening sockets (loopback or any address) on `ports`: port -> inode.
    fn listeners_on(ports: &[u16]) -> HashMap<u16, u64> {
        let mut out = HashMap::new();
        for (local, inode) in listening() {
            if (local.ip().is_loopback() || local.ip().is_unspecified())
                && ports.contains(&local.port())
            {
                out.entry(local.port()).or_insert(inode);
            }
        }
        out
    }

    /// [`super::port_holders`]: processes holding a listening socket a bind of `addr`
    /// clashes with, by pid, each with its program's short name; sorted by pid.
    pub(super) fn listen_holders(addr: SocketAddr) -> Vec<(u32, String)> {
        let addr = canon(addr);
        let mut inodes = Vec::new();
        for (local, inode) in listening() {
            let local = canon(local);
            if local.port() == addr.port()
                && (local.ip() == addr.ip()
                    || local.ip().is_unspecified()
                    || addr.ip().is_unspecified())
            {
                inodes.push(inode);
            }
        }
        if inodes.is_empty() {
            return Vec::new();
        }
        let mut pids: Vec<u32> = holders_of(&inodes).into_values().flatten().collect();
        pids.sort_unstable();
        pids.dedup();
        pids.into_iter().map(|pid| (pid, program_of(pid))).collect()
    }

    /// The short name of process `pid`'s program from `/proc/PID/cmdline`: the basename
    /// of `argv[0]`, and of `argv[1]` when that is no flag; `?` when unreadable.
    fn program_of(pid: u32) -> String {
        let Ok(raw) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
            return "?".into();
        };
        let base = |a: &[u8]| {
            let a = String::from_utf8_lossy(a);
            a.rsplit('/').next().unwrap_or_default().to_string()
        };
        let mut args = raw.split(|&b| b == 0).filter(|a| !a.is_empty());
        let Some(first) = args.next() else {
            return "?".into();
        };
        let mut out = base(first);
        if let Some(next) = args.next().filter(|a| !a.starts_with(b"-")) {
            out.push(' ');
            out.push_str(&base(next));
        }
        out
    }

    /// Which route's agent (a process listening on one of `ports`: (route index, port))
    /// holds the client end (`peer` -> `local`) of an accepted connection: [`lookup_many`]
    /// of one.
    #[cfg(test)]
    pub(super) fn lookup(
        peer: SocketAddr,
        local: SocketAddr,
        ports: &[(usize, u16)],
        cache: &Mutex<Agents>,
    ) -> Lookup {
        lookup_many(&[(peer, local)], ports, cache)
            .pop()
            .unwrap_or(Lookup::Unknown)
    }

    /// Which route's agent holds the client end of each connection in `ends` (`peer` ->
    /// `local`), one answer per connection in order, reading each `/proc` file at most once
    /// for the batch. `cache` keeps the agents' listening sockets and processes between
    /// calls; an entry is checked against the process's fds on every call and looked up
    /// afresh (both tables and a scan of all `/proc/PID/fd`) when the agent is gone or new.
    pub(super) fn lookup_many(
        ends: &[(SocketAddr, SocketAddr)],
        ports: &[(usize, u16)],
        cache: &Mutex<Agents>,
    ) -> Vec<Lookup> {
        let clients = client_inodes(ends);
        if clients.iter().all(Option::is_none) {
            return vec![Lookup::Unknown; ends.len()];
        }
        let Ok(mut cache) = cache.lock() else {
            return vec![Lookup::Unknown; ends.len()];
        };
        // Socket inodes per process, read at most once per batch.
        let mut fds: HashMap<u32, Vec<u64>> = HashMap::new();
        fn held(pid: u32, fds: &mut HashMap<u32, Vec<u64>>) -> &[u64] {
            fds.entry(pid).or_insert_with(|| socket_inodes(pid))
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
        let mut out = clients
            .iter()
            .map(|client| {
                let Some(client) = client else {
                    return Lookup::Unknown;
                };
                // Which routes' agents hold the client socket. One process serving several
                // routes (e.g. a test harness) is ambiguous: left to the other methods.
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
                        if inodes.contains(client) && !owners.contains(route) {
                            owners.push(*route);
                        }
                    }
                }
                match owners.as_slice() {
                    [one] => Lookup::Agent(*one),
                    [] if any_holder => Lookup::NotAgent,
                    _ => Lookup::Unknown,
                }
            })
            .collect::<Vec<_>>();
        // A client socket no agent holds may just have closed between the two reads (a
        // short call on its own connection, e.g. an agent's nested call that already got its
        // answer): "not an agent" only when the socket is still there afterwards, else
        // unknown (the nesting guess stays allowed).
        if out.contains(&Lookup::NotAgent) {
            let again = client_inodes(ends);
            for ((r, before), after) in out.iter_mut().zip(&clients).zip(&again) {
                if *r == Lookup::NotAgent && before != after {
                    *r = Lookup::Unknown;
                }
            }
        }
        out
    }

    /// The kernel's TCP socket tables through netlink `sock_diag` (`NETLINK_SOCK_DIAG`,
    /// `inet_diag_req_v2`, Linux 3.3+): one socket by its 4-tuple, or the listening sockets,
    /// without reading and parsing the whole text of `/proc/net/tcp{,6}` (whose cost grows
    /// with every socket of the host, TIME_WAIT rows included). Unprivileged for TCP. Every
    /// function answers `None` when netlink is not usable here (a sandbox without it, an
    /// error other than "no such socket", an answer that does not parse): the caller then
    /// reads `/proc`. The socket is non-blocking: the kernel answers a request while it is
    /// sent (and a dump's next part while the last is read), so a read that would block is
    /// an answer that is not coming, never a wait.
    #[cfg(target_os = "linux")]
    pub(super) mod sock_diag {
        use std::net::{IpAddr, SocketAddr};

        use netlink_packet_core::{
            NetlinkHeader, NetlinkMessage, NetlinkPayload, NLM_F_DUMP, NLM_F_REQUEST,
        };
        use netlink_packet_sock_diag::{
            constants::{AF_INET, AF_INET6, IPPROTO_TCP},
            inet::{ExtensionFlags, InetRequest, SocketId, StateFlags},
            SockDiagMessage,
        };
        use netlink_sys::{protocols::NETLINK_SOCK_DIAG, Socket};

        /// `ENOENT` in a netlink error message: no socket with that 4-tuple.
        const ENOENT: i32 = 2;

        /// Bytes read per `recv` (64 KiB: above the kernel's largest dump message, 32 KiB).
        const RECV_BYTES: usize = 64 * 1024;

        /// One `NETLINK_SOCK_DIAG` socket, for the lookups of one batch.
        pub(super) struct Diag {
            socket: Socket,
            buf: Vec<u8>,
        }

        impl Diag {
            /// Opens, binds and connects a non-blocking sock_diag socket; `None` when netlink
            /// is not usable.
            pub(super) fn open() -> Option<Diag> {
                let mut socket = Socket::new(NETLINK_SOCK_DIAG).ok()?;
                socket.bind_auto().ok()?;
                socket.connect(&netlink_sys::SocketAddr::new(0, 0)).ok()?;
                socket.set_non_blocking(true).ok()?;
                Some(Diag {
                    socket,
                    buf: vec![0; RECV_BYTES],
                })
            }

            /// Sends one `inet_diag_req_v2` for TCP.
            fn send(
                &mut self,
                family: u8,
                states: StateFlags,
                id: SocketId,
                dump: bool,
            ) -> Option<()> {
                let mut header = NetlinkHeader::default();
                header.flags = NLM_F_REQUEST | if dump { NLM_F_DUMP } else { 0 };
                let mut packet = NetlinkMessage::new(
                    header,
                    SockDiagMessage::InetRequest(InetRequest {
                        family,
                        protocol: IPPROTO_TCP,
                        extensions: ExtensionFlags::empty(),
                        states,
                        socket_id: id,
                    })
                    .into(),
                );
                packet.finalize();
                let mut out = vec![0; packet.buffer_len()];
                packet.serialize(&mut out);
                let sent = self.socket.send(&out, 0).ok()?;
                (sent == out.len()).then_some(())
            }

            /// Reads the next datagram into `buf`; its length (`None`: nothing to read, an
            /// error, or a datagram larger than `buf`).
            fn recv(&mut self) -> Option<usize> {
                let n = self.socket.recv(&mut &mut self.buf[..], 0).ok()?;
                (n > 0 && n <= self.buf.len()).then_some(n)
            }

            /// The inode of the TCP socket whose own address is `local` and whose peer is
            /// `remote` (both IPv4, or both IPv6; IPv4-mapped IPv6 given as IPv4): `Some(Some
            /// (inode))`; `Some(None)` when there is no such socket or it has no inode (closed,
            /// TIME_WAIT); `None` when netlink failed. One request and one answer: the
            /// kernel's exact lookup (`inet_diag_find_one_icsk`), whatever the number of
            /// sockets on the host.
            pub(super) fn inode(
                &mut self,
                local: SocketAddr,
                remote: SocketAddr,
            ) -> Option<Option<u64>> {
                let family = match (local.ip(), remote.ip()) {
                    (IpAddr::V4(_), IpAddr::V4(_)) => AF_INET,
                    (IpAddr::V6(_), IpAddr::V6(_)) => AF_INET6,
                    _ => return Some(None),
                };
                let id = SocketId {
                    source_port: local.port(),
                    destination_port: remote.port(),
                    source_address: local.ip(),
                    destination_address: remote.ip(),
                    interface_id: 0,
                    // INET_DIAG_NOCOOKIE: match by the addresses alone.
                    cookie: [0xff; 8],
                };
                self.send(family, StateFlags::all(), id, false)?;
                let n = self.recv()?;
                let msg =
                    NetlinkMessage::<SockDiagMessage>::deserialize(self.buf.get(..n)?).ok()?;
                match msg.payload {
                    NetlinkPayload::InnerMessage(SockDiagMessage::InetResponse(r)) => {
                        Some((r.header.inode != 0).then_some(u64::from(r.header.inode)))
                    }
                    NetlinkPayload::Error(e) if e.raw_code() == -ENOENT => Some(None),
                    _ => None,
                }
            }

            /// Every listening TCP socket with an inode, IPv4 and IPv6: (local address,
            /// inode). A dump of the listening sockets only (the kernel skips its table of
            /// connections when the request asks for `LISTEN` alone).
            pub(super) fn listeners(&mut self) -> Option<Vec<(SocketAddr, u64)>> {
                let mut out = Vec::new();
                for family in [AF_INET, AF_INET6] {
                    let id = if family == AF_INET {
                        SocketId::new_v4()
                    } else {
                        SocketId::new_v6()
                    };
                    self.send(family, StateFlags::LISTEN, id, true)?;
                    'dump: loop {
                        let n = self.recv()?;
                        let mut at = 0;
                        while at < n {
                            let msg = NetlinkMessage::<SockDiagMessage>::deserialize(
                                self.buf.get(at..n)?,
                            )
                            .ok()?;
                            let len = msg.header.length as usize;
                            match msg.payload {
                                NetlinkPayload::InnerMessage(SockDiagMessage::InetResponse(r)) => {
                                    if r.header.inode != 0 {
                                        let ip = match r.header.socket_id.source_address {
                                            IpAddr::V6(v6) => v6
                                                .to_ipv4_mapped()
                                                .map_or(IpAddr::V6(v6), IpAddr::V4),
                                            v4 => v4,
                                        };
                                        let port = r.header.socket_id.source_port;
                                        out.push((
                                            SocketAddr::new(ip, port),
                                            u64::from(r.header.inode),
                                        ));
                                    }
                                }
                                NetlinkPayload::Done(_) => break 'dump,
                                NetlinkPayload::Noop => {}
                                _ => return None,
                            }
                            if len == 0 {
                                return None;
                            }
                            at += len;
                        }
                    }
                }
                Some(out)
            }
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

        /// sock_diag and the text tables agree on a live connection's client socket and on
        /// a listener's inode; a closed connection's socket has none.
        #[cfg(target_os = "linux")]
        #[test]
        fn sock_diag_agrees_with_the_proc_tables() {
            let Some(mut diag) = sock_diag::Diag::open() else {
                // No netlink in this sandbox: the tables are used (the test below).
                return;
            };
            let server = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let local = server.local_addr().unwrap();
            let client = std::net::TcpStream::connect(local).unwrap();
            let (accepted, peer) = server.accept().unwrap();
            let by_diag = diag.inode(peer, local).expect("netlink answers");
            let by_table = client_inodes_from_tables(&[(peer, local)]);
            assert!(by_diag.is_some(), "the live client socket has an inode");
            assert_eq!(vec![by_diag], by_table);
            assert_eq!(client_inodes(&[(peer, local)]), by_table);
            // The listener, by both sources.
            let listeners = diag.listeners().expect("netlink answers");
            let mine: Vec<u64> = listeners
                .iter()
                .filter(|(a, _)| *a == local)
                .map(|(_, i)| *i)
                .collect();
            let table: Vec<u64> = listening_from_tables()
                .iter()
                .filter(|(a, _)| *a == local)
                .map(|(_, i)| *i)
                .collect();
            assert_eq!(mine.len(), 1, "{listeners:?}");
            assert_eq!(mine, table);
            // Closed by the client first: its end goes to TIME_WAIT (no inode) or away.
            drop(client);
            drop(accepted);
            assert_eq!(diag.inode(peer, local), Some(None));
            // An address pair that never was.
            let nobody: SocketAddr = "127.0.0.1:1".parse().unwrap();
            assert_eq!(diag.inode(nobody, local), Some(None));
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
