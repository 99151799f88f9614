/*!
One upstream connection at a time per agent for an HTTP/1.1 client connection (ux40b).

hyper-util's pooled client races a request that finds no idle connection against a new
connection, and a connection whose answer just ended goes back to its pool from a task of
its own. An HTTP/1.1 client connection's requests come one after another, so its next
request often found its one upstream connection not yet back, opened a second, and sent
the request there, while the first stayed open and idle beside it. A single-threaded
HTTP/1.1 agent (Python's `http.server.HTTPServer`) serves one connection at a time and
waits on the idle one for its next request: the request on the second went unanswered
until the client's time limit (`probe` waited its whole `--timeout`).

[`Sequential`] holds, per `host:port`, how many upstream connections of one client
connection are open. The connector ([`crate::proxy::early::EarlyAnswer`]) asks it before it
connects ([`Sequential::claim`]): while one is open it waits, and the pool's checkout gets
the open one back first (hyper-util then lets the waiting connect go on in the
background, where it keeps waiting until that connection closes, or ends when the client
connection does, [`Sequential::close`]). An HTTP/1.1 client connection never needs two
upstream connections to one agent at once: its next request is read only once the answer
to the last one was written. HTTP/2 client connections (concurrent streams) do not use it.
The same holds over TLS (`https://` agents, left41): the claim is made before the TCP
connect under the TLS handshake and held by the connection until it closes; without it the
pool's racing second connection waited in the agent's accept queue, was accepted with its
handshake once the first closed, and then held the single-threaded agent, so the next client
connection's first request waited for the TLS handshake time limit (10 s).

```text
request ──► pool checkout ──(idle)──────────────────────────► send
               │ none idle yet
               └─► connect: claim(host:port) ── one open? wait ─► checkout wins
```
*/

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Longest wait for the open connection to one agent to close before a connect fails
/// (60 s): never reached by an HTTP/1.1 client connection, whose one upstream connection
/// is back in the pool within a task switch of its answer's end (then the checkout takes
/// it and the connect is no longer waited for), or closed.
pub const CLAIM_WAIT: Duration = Duration::from_secs(60);

/// The open upstream connections of one client connection, by `host:port` (module docs).
#[derive(Debug, Default)]
pub struct Sequential {
    open: Mutex<HashMap<String, usize>>,
    closed: AtomicBool,
    changed: tokio::sync::Notify,
}

impl Sequential {
    /// Waits until no connection to `key` (`host:port`) is open, then counts one: `Ok`
    /// with the [`Claimed`] count, given back when it is dropped (the connection's stream
    /// dropped, the connect failed, or the connect future itself dropped half-way: no count
    /// can leak and hold a later connect for [`CLAIM_WAIT`]). `Err` (with why) when the
    /// client connection ended meanwhile ([`Self::close`]) or after [`CLAIM_WAIT`].
    pub async fn claim(self: &Arc<Self>, key: &str) -> Result<Claimed, String> {
        let deadline = tokio::time::Instant::now() + CLAIM_WAIT;
        loop {
            let changed = self.changed.notified();
            tokio::pin!(changed);
            changed.as_mut().enable();
            if self.closed.load(Ordering::Acquire) {
                return Err(
                    "the client connection ended before a connection to the agent was needed"
                        .into(),
                );
            }
            {
                let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
                let n = open.entry(key.to_string()).or_default();
                if *n == 0 {
                    *n = 1;
                    return Ok(Claimed {
                        seq: Arc::clone(self),
                        key: key.to_string(),
                    });
                }
            }
            if tokio::time::timeout_at(deadline, changed).await.is_err() {
                return Err(format!(
                    "the client connection's connection to {key} stayed in use for {} s",
                    CLAIM_WAIT.as_secs()
                ));
            }
        }
    }

    /// A connection to `key` counted by [`Self::claim`] closed (its [`Claimed`] dropped).
    fn release(&self, key: &str) {
        {
            let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
            if let Some(n) = open.get_mut(key) {
                *n = n.saturating_sub(1);
            }
        }
        self.changed.notify_waiters();
    }

    /// The client connection ended: connects still waiting give up.
    pub fn close(&self) {
        self.closed.store(true, Ordering::Release);
        self.changed.notify_waiters();
    }
}

/// One connection to an agent counted by [`Sequential::claim`]; the count is given back
/// when this is dropped.
#[derive(Debug)]
pub struct Claimed {
    seq: Arc<Sequential>,
    key: String,
}

impl Drop for Claimed {
    fn drop(&mut self) {
        self.seq.release(&self.key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second claim waits until the first connection is released; claims for another
    /// agent do not wait; a close ends a waiting claim.
    #[tokio::test]
    async fn one_open_connection_per_agent() {
        let s = Arc::new(Sequential::default());
        let first = s.claim("a:1").await.unwrap();
        let _other = s.claim("b:1").await.unwrap();
        let s2 = s.clone();
        let second = tokio::spawn(async move { s2.claim("a:1").await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        assert!(!second.is_finished());
        drop(first);
        let second = second.await.unwrap().unwrap();
        let s3 = s.clone();
        let third = tokio::spawn(async move { s3.claim("a:1").await });
        tokio::time::sleep(Duration::from_millis(50)).await;
        s.close();
        assert!(third.await.unwrap().is_err());
        drop(second);
    }

    /// A connect future dropped after its claim was granted (cancelled half-way through
    /// connecting) gives the count back: the next claim for that agent is granted at once.
    #[tokio::test]
    async fn a_connect_dropped_half_way_gives_its_claim_back() {
        let s = Arc::new(Sequential::default());
        let s2 = s.clone();
        let connecting = tokio::spawn(async move {
            let _claimed = s2.claim("a:1").await.unwrap();
            std::future::pending::<()>().await;
        });
        tokio::time::sleep(Duration::from_millis(50)).await;
        connecting.abort();
        let _ = connecting.await;
        let next = tokio::time::timeout(Duration::from_secs(5), s.claim("a:1")).await;
        assert!(matches!(next, Ok(Ok(_))), "{next:?}");
    }
}
