//! Heap bytes per idle HTTP/1.x client connection held by the request-head timer
//! ([`refusal::HeadTimer`], proxy20 P4), counted by a global allocator that tracks live
//! bytes: `n` connections' timers, each with the one head sleep hyper keeps while it waits
//! for the next request head on a keep-alive connection, registered with tokio's timer (one
//! poll), against hyper-util's `TokioTimer` doing the same. The numbers are the bytes asked
//! of the allocator (its size classes round them up); the tokio timer wheel's entries live
//! inside the sleeps, so nothing else grows. Written to docs/performance.md ("Session 20").

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicIsize, Ordering};
use std::task::Context;

use a2a_interop::proxy::refusal::{HeadTimer, HEAD_TIMEOUT};
use hyper::rt::Timer as _;

/// System's allocator, counting live bytes.
struct Counting;

static LIVE: AtomicIsize = AtomicIsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        LIVE.fetch_add(l.size() as isize, Ordering::Relaxed);
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        LIVE.fetch_sub(l.size() as isize, Ordering::Relaxed);
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        LIVE.fetch_add(new as isize - l.size() as isize, Ordering::Relaxed);
        unsafe { System.realloc(p, l, new) }
    }
}

#[global_allocator]
static A: Counting = Counting;

const N: usize = 10_000;

/// Live heap bytes per connection after `make` built `N` (timer, head sleep) pairs and
/// each sleep was polled once (registered with tokio's timer): (waiting for a head, after
/// the head came and hyper dropped its sleep, the timer kept).
fn per_connection<T>(
    make: impl Fn() -> (T, std::pin::Pin<Box<dyn hyper::rt::Sleep>>),
) -> (f64, f64) {
    let mut held = Vec::with_capacity(N);
    let mut timers = Vec::with_capacity(N);
    let mut cx = Context::from_waker(std::task::Waker::noop());
    // one first, so that lazily made runtime state is not charged to the connections
    let (t, mut s) = make();
    assert!(s.as_mut().poll(&mut cx).is_pending());
    held.push((t, s));
    let before = LIVE.load(Ordering::Relaxed);
    for _ in 1..N {
        let (t, mut s) = make();
        assert!(s.as_mut().poll(&mut cx).is_pending());
        held.push((t, s));
    }
    let waiting = LIVE.load(Ordering::Relaxed);
    for (t, s) in held.drain(..) {
        drop(s);
        timers.push(t);
    }
    let busy = LIVE.load(Ordering::Relaxed);
    let per = |n: isize| n as f64 / (N - 1) as f64;
    (per(waiting - before), per(busy - before))
}

#[test]
fn an_idle_connections_head_timer_costs_one_tokio_sleep_and_56_bytes_more() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    let _g = rt.enter();
    let head_timer = per_connection(|| {
        let t = HeadTimer::default();
        let s = t.sleep(HEAD_TIMEOUT);
        (t, s)
    });
    let tokio_timer = per_connection(|| {
        let t = hyper_util::rt::TokioTimer::new();
        let s = t.sleep(HEAD_TIMEOUT);
        (t, s)
    });
    let sleep = std::mem::size_of::<tokio::time::Sleep>() as f64;
    eprintln!(
        "per idle connection: HeadTimer {:.1} B, TokioTimer {:.1} B (tokio::time::Sleep {sleep} B); \
         per connection between heads: HeadTimer {:.1} B, TokioTimer {:.1} B",
        head_timer.0, tokio_timer.0, head_timer.1, tokio_timer.1
    );
    // a HeadTimer is its shared slot (Arc + Mutex + Option<Box>), the boxed tokio sleep and
    // the boxed head sleep hyper holds: more than the sleep alone, and far below a KiB
    assert!(head_timer.0 > sleep, "{head_timer:?} vs {sleep}");
    assert!(head_timer.0 < sleep + 128.0, "{head_timer:?} vs {sleep}");
    // hyper-util's timer boxes the sleep once: less per idle connection, nothing between
    // heads; the HeadTimer keeps its tokio sleep between heads (no re-registration)
    assert!(
        tokio_timer.0 >= sleep && tokio_timer.0 < head_timer.0,
        "{tokio_timer:?}"
    );
    assert!(tokio_timer.1.abs() < 1.0, "{tokio_timer:?}");
    assert!(
        head_timer.1 > sleep && head_timer.1 < head_timer.0,
        "{head_timer:?}"
    );
}
