//! Offline verify throughput on a large recording, generated here: the 16 real SDK captures
//! (`tests/captures/`) converted to native recording lines and repeated, with `seq`,
//! exchange ids, times and every UUID (task, context, message ids) renumbered per copy so
//! each copy is fresh traffic. Reports MB/s, events/s and peak RSS (VmHWM) after a small
//! and a large run, to show memory flat in file length.
//!
//! `cargo bench --bench verify` (size: `VERIFY_BENCH_MB`, default 200).

use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

use a2a_interop::record::jsonl::{encode_event, encode_header};
use a2a_interop::record::{source, Body, CaptureMode, Event, EventKind, RecordingHeader};
use a2a_interop::verify::{Verifier, VerifyOutcome};
use sha2::{Digest, Sha256};

#[path = "../src/alloc.rs"]
#[allow(dead_code)]
mod alloc;

/// The binary's allocator (src/main.rs, src/alloc.rs): the bench measures what users run.
#[global_allocator]
static GLOBAL: alloc::MiAlloc = alloc::MiAlloc;

fn is_hex(b: u8) -> bool {
    b.is_ascii_hexdigit()
}

/// Rewrites the first 8 hex digits of every UUID in `s` to `{k:08x}` mixed with the original.
fn renumber_uuids(s: &[u8], k: u32) -> Vec<u8> {
    let mut out = s.to_vec();
    let shape = [8usize, 4, 4, 4, 12];
    let mut i = 0;
    while i + 36 <= out.len() {
        let mut p = i;
        let mut ok = true;
        for (n, len) in shape.iter().enumerate() {
            if !out[p..p + len].iter().all(|b| is_hex(*b)) {
                ok = false;
                break;
            }
            p += len;
            if n < 4 {
                if out[p] != b'-' {
                    ok = false;
                    break;
                }
                p += 1;
            }
        }
        if ok {
            let tag = format!("{k:08x}");
            out[i..i + 8].copy_from_slice(tag.as_bytes());
            i += 36;
        } else {
            i += 1;
        }
    }
    out
}

fn rewrite_body(b: &Body, k: u32) -> Body {
    Body {
        data: renumber_uuids(&b.data, k).into(),
        truncated: b.truncated,
    }
}

fn generate(path: &Path, target_bytes: u64) -> (u64, u64) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/captures");
    let mut base: Vec<Vec<Event>> = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    names.sort();
    for p in names {
        let src = source::open(&p).unwrap();
        base.push(src.events.map(|e| e.unwrap()).collect());
    }
    let f = std::fs::File::create(path).unwrap();
    let mut w = BufWriter::with_capacity(1 << 20, f);
    let mut buf = Vec::new();
    encode_header(&RecordingHeader::new(CaptureMode::Forward), &mut buf);
    let mut written = buf.len() as u64;
    w.write_all(&buf).unwrap();
    let (mut seq, mut xoff, mut t_off, mut k, mut events) = (0u64, 0u64, 0u64, 0u32, 0u64);
    while written < target_bytes {
        let cap = &base[k as usize % base.len()];
        let mut max_x = 0u64;
        let mut max_t = 0u64;
        for ev in cap {
            let mut e = ev.clone();
            seq += 1;
            e.seq = seq;
            e.t_us += t_off;
            max_t = max_t.max(e.t_us);
            if let Some(x) = &e.exchange {
                let n: u64 = x.trim_start_matches('e').parse().unwrap_or(0);
                max_x = max_x.max(n);
                e.exchange = Some(format!("e{}", n + xoff).into());
            }
            e.kind = match e.kind {
                EventKind::RequestHead {
                    conn,
                    method,
                    url,
                    version,
                    headers,
                    upstream,
                } => {
                    let url = String::from_utf8(renumber_uuids(url.as_bytes(), k)).unwrap();
                    EventKind::RequestHead {
                        conn,
                        method,
                        url,
                        version,
                        headers,
                        upstream,
                    }
                }
                EventKind::RequestBody { body } => EventKind::RequestBody {
                    body: rewrite_body(&body, k),
                },
                EventKind::ResponseChunk { body } => EventKind::ResponseChunk {
                    body: rewrite_body(&body, k),
                },
                other => other,
            };
            buf.clear();
            encode_event(&e, &mut buf);
            written += buf.len() as u64;
            events += 1;
            w.write_all(&buf).unwrap();
        }
        xoff += max_x;
        t_off = max_t + 1000;
        k += 1;
    }
    w.flush().unwrap();
    (written, events)
}

/// SHA-256 over everything the run concluded (findings with evidence, dialects, areas,
/// incomplete exchanges): equal digests before and after a change = same verdicts.
fn outcome_digest(out: &VerifyOutcome) -> String {
    let mut h = Sha256::new();
    h.update(serde_json::to_vec(&out.findings).unwrap_or_default());
    h.update(format!(
        "{:?}{:?}{:?}{:?}{}{}",
        out.dialects,
        out.areas_exercised,
        out.incomplete,
        out.exchange_dialects,
        out.events,
        out.exchanges
    ));
    hex::encode(&h.finalize()[..8])
}

fn vm_hwm_kib() -> u64 {
    vm_kib("VmHWM:")
}

/// A `/proc/self/status` field in KiB (0 where unavailable).
fn vm_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

/// This thread's time on a CPU so far (ns; `/proc/thread-self/schedstat`, first field):
/// the time waiting for a CPU on a shared machine drops out (perf46's method).
fn on_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn run(path: &Path, bytes: u64, label: &str) {
    let t0 = Instant::now();
    let cpu0 = on_cpu_ns();
    let src = source::open(path).unwrap();
    let mut v = Verifier::new(&src.header);
    let mut n = 0u64;
    // Read once: a `getenv` per event was ~1 % of the instructions counted in `run`.
    let trace = std::env::var_os("VERIFY_BENCH_TRACE").is_some();
    // As the `verify` command feeds it: each event used where the reader's answer lands
    // and handed over by reference (`Verifier::feed_taken`): no copy of the ~230-byte
    // event into a `for` binding or into the verifier (perf45).
    let mut events = src.events;
    while let Some(ev) = events.next().as_mut() {
        v.feed_taken(ev.as_mut().unwrap());
        n += 1;
        if trace && n.is_multiple_of(100_000) {
            println!("  {n} events: rss {} KiB", vm_kib("VmRSS:"));
        }
    }
    if trace {
        let mut kept = v.kept_counts();
        kept.sort_by_key(|k| std::cmp::Reverse(k.1));
        let top: Vec<String> = kept
            .iter()
            .filter(|(_, n)| *n > 0)
            .take(40)
            .map(|(k, n)| format!("{k} {n}"))
            .collect();
        println!("  {label} kept entries: {}", top.join(", "));
    }
    let out = v.finish();
    let secs = t0.elapsed().as_secs_f64();
    let cpu = (on_cpu_ns() - cpu0) as f64 / 1e9;
    println!(
        "{label}: {:.1} MB, {n} events, {} exchanges, {} findings in {secs:.2} s = {:.1} MB/s, {:.0} events/s, peak RSS {} MiB",
        bytes as f64 / 1e6,
        out.exchanges,
        out.findings.len(),
        bytes as f64 / 1e6 / secs,
        n as f64 / secs,
        vm_hwm_kib() / 1024
    );
    println!(
        "  {label} on a CPU: {cpu:.3} s = {:.1} MB/s",
        bytes as f64 / 1e6 / cpu.max(1e-9)
    );
    println!("  {label} outcome digest: {}", outcome_digest(&out));
}

fn main() {
    // `cargo bench` passes `--bench`; also accept a size in MB from the environment.
    let mb: u64 = std::env::var("VERIFY_BENCH_MB")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    // `cargo test --all-targets` runs bench binaries without `--bench`: then only a small
    // smoke pass (2 MB) so the code is exercised without timing anything.
    let mb = if std::env::args().any(|a| a == "--bench") {
        mb
    } else {
        2
    };
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.jsonl");
    let large = dir.path().join("large.jsonl");
    // Peak RSS is monotonic within a process: small, then medium, then large runs show
    // whether memory keeps growing with the file length.
    for (label, size) in [("small", (mb / 8).max(1)), ("medium", (mb / 2).max(1))] {
        let (sb, _) = generate(&small, size * 1_000_000);
        run(&small, sb, label);
        std::fs::remove_file(&small).ok();
    }
    let t0 = Instant::now();
    let (lb, le) = generate(&large, mb * 1_000_000);
    println!(
        "generated {:.1} MB ({le} events) in {:.1} s",
        lb as f64 / 1e6,
        t0.elapsed().as_secs_f64()
    );
    // Baseline on the same file: reading (JSONL decode into events) without verifying.
    let t0 = Instant::now();
    let n = source::open(&large).unwrap().events.count();
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "read only: {n} events in {secs:.2} s = {:.1} MB/s",
        lb as f64 / 1e6 / secs
    );
    run(&large, lb, "large");
}
