//! The HTTP/2 rapid-reset check of one client connection (attack56; CVE-2023-44487).
//!
//! A client that opens a stream and resets it (RST_STREAM) a moment later costs itself
//! about a hundred bytes; the proxy has by then started the exchange, recorded its head
//! and sent the request to the agent, over a new upstream connection when the agent speaks
//! HTTP/1.1 (a request in flight cannot be cancelled on a kept connection, so the
//! connection goes with it). h2 closes a connection only for streams reset *before* the
//! server accepted them (`max_pending_accept_reset_streams`, 20); a client that waits a
//! few milliseconds before each reset passed that check: 2,830 streams in 7.2 s on one
//! connection made the proxy open 2,025 TCP connections to the agent (session 56,
//! measured).
//!
//! The check (Envoy's premature-reset rule, with its defaults): once a connection has
//! opened [`MIN_STREAMS`] streams, if more than half of them ended by the client before
//! their handler finished and within [`PREMATURE`] of opening, the connection is closed
//! gracefully (GOAWAY: the streams already open are still answered, new ones refused) and
//! the recording says why (`request_refused`, HTTP-FRAME-003). Legal clients cancel a
//! stream now and then, or a long subscription after seconds; they stay far below it.
//! Cost per HTTP/2 request: two atomic adds and an `Instant`; HTTP/1.x requests none.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Streams a connection opens before the check applies (Envoy's
/// `overload.premature_reset_total_stream_count` default).
pub const MIN_STREAMS: u64 = 500;

/// A stream the client ends within this time of opening it, before its handler finished,
/// is reset prematurely (Envoy's `overload.premature_reset_min_stream_lifetime_seconds`).
pub const PREMATURE: Duration = Duration::from_secs(1);

/// One client connection's stream counts ([`Watch::opened`], premature resets) and the
/// signal that it tripped the check.
#[derive(Debug, Default)]
pub struct Watch {
    /// HTTP/2 streams handed to the proxy's handler on this connection.
    streams: AtomicU64,
    /// Of those, the ones the client ended prematurely ([`PREMATURE`]).
    premature: AtomicU64,
    /// The check tripped (once per connection).
    tripped: AtomicBool,
    /// Wakes the connection's task, which closes the connection.
    notify: tokio::sync::Notify,
}

impl Watch {
    /// A fresh connection's watch.
    pub fn new() -> Arc<Watch> {
        Arc::default()
    }

    /// Counts one stream opened now; the guard counts it as reset prematurely when it is
    /// dropped before [`Opened::finished`] within [`PREMATURE`].
    pub fn opened(self: &Arc<Self>) -> Opened {
        self.streams.fetch_add(1, Ordering::Relaxed);
        Opened {
            watch: self.clone(),
            at: Instant::now(),
            finished: false,
        }
    }

    /// Resolves once the connection tripped the check (never otherwise).
    pub async fn tripped(&self) {
        self.notify.notified().await;
    }

    /// `(premature resets, streams)` so far.
    pub fn counts(&self) -> (u64, u64) {
        (
            self.premature.load(Ordering::Relaxed),
            self.streams.load(Ordering::Relaxed),
        )
    }

    fn reset_early(&self) {
        let premature = self.premature.fetch_add(1, Ordering::Relaxed) + 1;
        let streams = self.streams.load(Ordering::Relaxed);
        if streams >= MIN_STREAMS
            && premature.saturating_mul(2) > streams
            && !self.tripped.swap(true, Ordering::Relaxed)
        {
            // a permit is stored when the task is not waiting yet
            self.notify.notify_one();
        }
    }
}

/// One HTTP/2 stream's handler in flight ([`Watch::opened`]).
#[derive(Debug)]
pub struct Opened {
    watch: Arc<Watch>,
    at: Instant,
    finished: bool,
}

impl Opened {
    /// The handler finished: the stream was not reset before its answer.
    pub fn finished(&mut self) {
        self.finished = true;
    }
}

impl Drop for Opened {
    fn drop(&mut self) {
        if !self.finished && self.at.elapsed() < PREMATURE {
            self.watch.reset_early();
        }
    }
}

/// How every [`refusal_text`] starts ([`crate::record::event::RAPID_RESET_REFUSAL_HEAD`]:
/// the recording format's words, which the verifier reads).
pub use crate::record::event::RAPID_RESET_REFUSAL_HEAD as REFUSAL_HEAD;

/// The recording's `request_refused.error` for a connection closed by the check, with its
/// counts: `premature` of `streams` reset within [`PREMATURE`].
pub fn refusal_text(premature: u64, streams: u64) -> String {
    format!(
        "{REFUSAL_HEAD}{premature} of its {streams} streams within {} s of opening them, before their answers (rapid reset, CVE-2023-44487: each such stream had already gone to the agent); the streams already open were answered, later ones refused",
        PREMATURE.as_secs()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Below [`MIN_STREAMS`] nothing trips however many are reset; past it, more than half
    /// reset prematurely trips once; finished streams never count.
    #[tokio::test]
    async fn trips_past_half_premature_resets_of_enough_streams() {
        let w = Watch::new();
        for _ in 0..MIN_STREAMS - 1 {
            drop(w.opened());
        }
        assert_eq!(w.counts(), (MIN_STREAMS - 1, MIN_STREAMS - 1));
        assert!(!w.tripped.load(Ordering::Relaxed));
        drop(w.opened());
        assert!(w.tripped.load(Ordering::Relaxed));
        // the stored permit wakes the waiter
        tokio::time::timeout(Duration::from_secs(1), w.tripped())
            .await
            .unwrap();
        let ok = Watch::new();
        for _ in 0..2 * MIN_STREAMS {
            ok.opened().finished();
        }
        for _ in 0..MIN_STREAMS {
            drop(ok.opened());
        }
        assert_eq!(ok.counts(), (MIN_STREAMS, 3 * MIN_STREAMS));
        assert!(!ok.tripped.load(Ordering::Relaxed));
    }
}
