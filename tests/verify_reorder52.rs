//! race52: a two-leg recording's verdict does not depend on which proxy thread wrote its
//! events first. Each committed gateway / orchestrator recording below is verified as
//! committed and in several reorderings the real recording proxy can write (deterministic
//! seeds), and every reordering must draw the same rule ids.
//!
//! The orders ([`reorder`], as `tests/peers/reorder52.py` writes them): the proxy queues
//! every event before it passes the bytes on, into one FIFO queue (src/proxy/tee.rs,
//! src/record/writer.rs), so heads, request bodies and an event stream's chunks keep their
//! place, and an exchange whose request body was read whole ends with its answer's last
//! frame. What can come later is the end of a legged exchange (the gateway's `upstream`
//! copy, an orchestrator's `delegate` call) whose agent refused the call from its head
//! (status >= 400) before it read the body: the proxy sends `exchange_end` only once the
//! request body has ended (`ExchangeCtx::end` waits for it, and the proxy then reads the
//! body whole for the recording only: docs/recording-format.md "What a body event means"),
//! and the redactor writes a JSON answer's body with that end (src/record/redact.rs holds
//! JSON bodies until their exchange's next other event). So that copy's JSON answer, its
//! end and half the time its request body move later, past the client's answer and end, by
//! up to `W` events, never past the next request on the same connection. A client-leg end
//! is not moved (the client's next call follows its answer, whose end is queued no later
//! than the client can know the answer is whole).

use std::path::{Path, PathBuf};

use a2a_interop::record::{source, Event, EventKind, RecordingHeader};
use a2a_interop::verify::Verifier;

/// Events moved by at most this many places.
const W: usize = 8;
/// Reorderings per recording.
const SEEDS: u64 = 8;

/// The committed two-leg recordings judged in every order: the r52 variants (three in
/// the order the live proxy wrote them, the rest in the late order), race51's, and gateway
/// variants whose agent refused or failed a call with a body.
const RECORDINGS: &[&str] = &[
    "r52-gw-v10-rest-prefix-doubled-agent-404-copy-ends-before-client-answer",
    "r52-gw-v10-rest-v1-prefix-dropped-agent-refuses-copy-ends-before-client-answer",
    "r52-gw-v10-rest-cancel-verb-as-segment-agent-404-copy-ends-before-client-answer",
    "r52-gw-v10-rest-cancel-verb-as-segment-agent-404-copy-ends-after-client-answer",
    "r52-gw-v10-rest-prefix-doubled-agent-404-copy-ends-after-client-answer",
    "r52-gw-v10-rest-agent-404-text-relayed-copy-ends-after-client-answer",
    "r52-gw-v10-rest-v1-prefix-dropped-agent-refuses-copy-ends-after-client-answer",
    "r51-gw-v10-rest-version-dropped-copy-body-after-client-answer",
    "r51-gw-v10-rest-version-kept-agent-refuses-copy-body-after-client-answer",
    "r51-orch-v10-delegate-failed-stream-ends-after-client-answer",
    "b9-f12-legal-gw-v10-agent-500-gateway-502",
    "b9-f12-gw-v10-502-after-agent-answered",
    "b9-f24-gw-v03-leaks-upstream-int-id",
    "b9-f24-legal-gw-v03-renumbers-and-restores",
    "b9-f08-gw-v03-x-extensions-one-dropped",
    "b15-R6-gw-v10-jsonrpc-relayed-0.3-task",
    "b9-gw-v10-agent-answers-stream-with-json",
];

fn variant(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/cases/variants")
        .join(format!("{name}.jsonl"))
}

/// A small deterministic generator (xorshift64*): the same seed, the same order.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Self {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    /// Uniform in `0..=n`.
    fn upto(&mut self, n: usize) -> usize {
        (self.next() % (n as u64 + 1)) as usize
    }
    fn coin(&mut self) -> bool {
        self.next() & 1 == 1
    }
}

fn json_media(h: &a2a_interop::record::Headers) -> bool {
    h.get("content-type").is_some_and(|c| {
        c.split(';')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
            .contains("json")
    })
}

/// A reordering of `evs` the proxy can write (module doc), seeded by `seed`; `seq`s
/// renumbered in file order; live `finding` lines left out.
fn reorder(evs: &[Event], seed: u64) -> Vec<Event> {
    let mut rng = Rng::new(seed);
    let evs: Vec<&Event> = evs
        .iter()
        .filter(|e| !matches!(e.kind, EventKind::Finding { .. }))
        .collect();
    let xid = |e: &Event| e.exchange.as_deref().map(str::to_string);
    // per exchange: has a request body, JSON answer, its request head's (leg, conn)
    let mut bodied = std::collections::HashSet::new();
    let mut json_answer = std::collections::HashSet::new();
    // exchanges the agent refused (status >= 400): it may have answered from the head,
    // before it read the body, which the proxy then reads whole for the recording later
    let mut refused = std::collections::HashSet::new();
    let mut conn_of = std::collections::HashMap::new();
    // request heads by (leg, conn): their positions
    let mut heads_on: std::collections::HashMap<(Option<String>, Option<u64>), Vec<usize>> =
        Default::default();
    for (i, e) in evs.iter().enumerate() {
        match &e.kind {
            EventKind::RequestBody { .. } => {
                bodied.insert(xid(e));
            }
            EventKind::ResponseHead {
                headers, status, ..
            } => {
                if json_media(headers) {
                    json_answer.insert(xid(e));
                }
                if *status >= 400 {
                    refused.insert(xid(e));
                }
            }
            EventKind::RequestHead { conn, .. } => {
                let k = (e.leg.clone(), *conn);
                conn_of.insert(xid(e), k.clone());
                heads_on.entry(k).or_default().push(i);
            }
            _ => {}
        }
    }
    // keys: position * 4 (room to place moved events just before an end)
    let mut keys: Vec<(u64, usize)> = (0..evs.len()).map(|i| (i as u64 * 4, i)).collect();
    let mut end_key = std::collections::HashMap::new();
    let mut body_late = std::collections::HashSet::new();
    for (i, e) in evs.iter().enumerate() {
        let x = xid(e);
        match &e.kind {
            EventKind::ExchangeEnd { .. }
                if e.leg.is_some() && bodied.contains(&x) && refused.contains(&x) =>
            {
                let d = if rng.upto(9) < 7 { rng.upto(W) } else { 0 };
                let mut k = (i + d) as u64 * 4 + 2;
                if let Some(next) = conn_of
                    .get(&x)
                    .and_then(|c| heads_on.get(c))
                    .and_then(|v| v.iter().find(|&&j| j > i))
                {
                    k = k.min(*next as u64 * 4 - 1);
                }
                if d > 0 && rng.coin() {
                    body_late.insert(x.clone());
                }
                keys[i].0 = k.max(i as u64 * 4);
                end_key.insert(x, keys[i].0);
            }
            EventKind::Attribution { .. } => {
                keys[i].0 = (i + rng.upto(3 * W)) as u64 * 4;
            }
            _ => {}
        }
    }
    for (i, e) in evs.iter().enumerate() {
        let x = xid(e);
        let Some(&k) = end_key.get(&x) else {
            continue;
        };
        let moved = match &e.kind {
            EventKind::ResponseChunk { .. } => json_answer.contains(&x),
            EventKind::RequestBody { .. } => body_late.contains(&x),
            _ => false,
        };
        if moved && k > keys[i].0 {
            // just before its end, in their own order
            keys[i].0 = k - 1;
        }
    }
    keys.sort();
    keys.into_iter()
        .enumerate()
        .map(|(n, (_, i))| {
            let mut e = evs[i].clone();
            e.seq = n as u64 + 1;
            e
        })
        .collect()
}

fn load(path: &Path) -> (RecordingHeader, Vec<Event>) {
    let src = source::open(path).unwrap_or_else(|e| panic!("{}: {e:#}", path.display()));
    let evs = src
        .events
        .map(|e| e.unwrap_or_else(|e| panic!("{}: {e:#}", path.display())))
        .collect();
    (src.header, evs)
}

fn rule_ids(header: &RecordingHeader, evs: &[Event]) -> Vec<String> {
    let mut v = Verifier::new(header);
    for e in evs {
        v.feed(e);
    }
    let mut ids: Vec<String> = v.finish().findings.iter().map(|f| f.rule.clone()).collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Every reordering of every recording draws the committed order's rule ids.
#[test]
fn two_leg_verdicts_do_not_depend_on_event_order() {
    let mut changed = Vec::new();
    let mut moved = 0;
    for name in RECORDINGS {
        let (header, evs) = load(&variant(name));
        let base = rule_ids(&header, &evs);
        for seed in 1..=SEEDS {
            let re = reorder(&evs, seed);
            let order: Vec<u64> = re.iter().map(|e| e.seq).collect();
            if re
                .iter()
                .zip(
                    evs.iter()
                        .filter(|e| !matches!(e.kind, EventKind::Finding { .. })),
                )
                .any(|(a, b)| a.t_us != b.t_us || a.exchange != b.exchange)
            {
                moved += 1;
            }
            assert_eq!(order.len(), re.len());
            let got = rule_ids(&header, &re);
            if got != base {
                changed.push(format!("{name} seed {seed}: {base:?} -> {got:?}"));
            }
        }
    }
    // the orders are not all the committed one (the test would prove nothing)
    assert!(
        moved > RECORDINGS.len(),
        "only {moved} reorderings moved an event"
    );
    assert!(
        changed.is_empty(),
        "{} reorderings changed the rule ids:\n{}",
        changed.len(),
        changed.join("\n")
    );
}

/// The reordering keeps each exchange's own order (docs/recording-format.md "Ordering
/// guarantees": request head, its bodies, response head, chunks, end) and moves only what
/// the proxy can write later.
#[test]
fn reorder_keeps_each_exchange_in_order() {
    for name in RECORDINGS {
        let (_, evs) = load(&variant(name));
        for seed in 1..=SEEDS {
            let re = reorder(&evs, seed);
            let mut ended = std::collections::HashSet::new();
            let mut answered = std::collections::HashSet::new();
            for e in &re {
                let x = e.exchange.clone();
                match &e.kind {
                    EventKind::ExchangeEnd { .. } => {
                        assert!(ended.insert(x), "{name} seed {seed}: two ends");
                    }
                    EventKind::ResponseHead { .. } => {
                        answered.insert(x.clone());
                        assert!(!ended.contains(&x), "{name} seed {seed}: head after end");
                    }
                    EventKind::ResponseChunk { .. } => {
                        assert!(
                            answered.contains(&x),
                            "{name} seed {seed}: chunk before head"
                        );
                        assert!(!ended.contains(&x), "{name} seed {seed}: chunk after end");
                    }
                    EventKind::RequestBody { .. } => {
                        assert!(!ended.contains(&x), "{name} seed {seed}: body after end");
                    }
                    _ => {}
                }
            }
        }
    }
}
