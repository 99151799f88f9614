//! Every integration test of a2a-interop in one test binary (`cargo test --test suite`).
//!
//! Each `tests/NAME.rs` is a module here, loaded by `#[path]` so that its own `mod common;`
//! and `#[path = "peers/harness.rs"]` resolve beside it as they did when it was a binary of
//! its own. One binary links once (268 binaries of ~47 MB each took most of a cold build's
//! link time and 12.6 GB of disk) and lets the latency-bound tests (SDK peers starting, live
//! rounds waiting on sockets) overlap with the rest: `cargo test` runs test binaries one
//! after another, so separate binaries left the 2 cores idle two thirds of the test phase.
//! `.cargo/config.toml` sets `RUST_TEST_THREADS` for that overlap.
//!
//! A new test file must be named here, or in Cargo.toml as a `[[test]]` of its own when it
//! measures the whole process (open fds, peak memory, threads, a global allocator), which
//! other tests running beside it would disturb: `suite_names_every_test_file` below fails
//! when a file is in neither (Cargo.toml has `autotests = false`, so an unnamed file would
//! silently never run).
//! Run one file's tests with `cargo test --test suite NAME::`.
//!
//! The helper modules (`tests/common/`, `tests/peers/harness.rs`, `tests/broken/`, ...) are
//! loaded once, at the end of this file, and each test file names the ones it uses with
//! `use crate::NAME;` (a helper reaches its siblings as `super::NAME`). Three helpers also
//! load a module of their own copy (`proxy_process` its `child_guard`, `agree` its
//! `harness`, `broken` its `tls_agent`), as the binaries of their own in Cargo.toml need,
//! hence `duplicate_mod` allowed below.

// Three helpers load a copy of another helper for the binaries of their own.
#![allow(clippy::duplicate_mod)]

#[path = "cli_baseline46.rs"]
mod cli_baseline46;
#[path = "cli_baseline47.rs"]
mod cli_baseline47;
#[path = "cli_batch40.rs"]
mod cli_batch40;
#[path = "cli_breaker10n.rs"]
mod cli_breaker10n;
#[path = "cli_breaker8.rs"]
mod cli_breaker8;
#[path = "cli_breaker9.rs"]
mod cli_breaker9;
#[path = "cli_export.rs"]
mod cli_export;
#[path = "cli_fix51.rs"]
mod cli_fix51;
#[path = "cli_interrupted.rs"]
mod cli_interrupted;
#[path = "cli_left41.rs"]
mod cli_left41;
#[path = "cli_left42.rs"]
mod cli_left42;
#[path = "cli_left52.rs"]
mod cli_left52;
#[path = "cli_mem43.rs"]
mod cli_mem43;
#[path = "cli_messages.rs"]
mod cli_messages;
#[path = "cli_newcomer19.rs"]
mod cli_newcomer19;
#[path = "cli_newcomer20.rs"]
mod cli_newcomer20;
#[path = "cli_newcomer21.rs"]
mod cli_newcomer21;
#[path = "cli_newcomer22.rs"]
mod cli_newcomer22;
#[path = "cli_newcomer23.rs"]
mod cli_newcomer23;
#[path = "cli_newcomer24.rs"]
mod cli_newcomer24;
#[path = "cli_newcomer25.rs"]
mod cli_newcomer25;
#[path = "cli_newcomer26.rs"]
mod cli_newcomer26;
#[path = "cli_newcomer27.rs"]
mod cli_newcomer27;
#[path = "cli_newcomer28.rs"]
mod cli_newcomer28;
#[path = "cli_newcomer29.rs"]
mod cli_newcomer29;
#[path = "cli_newcomer30.rs"]
mod cli_newcomer30;
#[path = "cli_newcomer31.rs"]
mod cli_newcomer31;
#[path = "cli_newcomer32.rs"]
mod cli_newcomer32;
#[path = "cli_newcomer44.rs"]
mod cli_newcomer44;
#[path = "cli_newcomer45.rs"]
mod cli_newcomer45;
#[path = "cli_newcomer47.rs"]
mod cli_newcomer47;
#[path = "cli_newcomer48.rs"]
mod cli_newcomer48;
#[path = "cli_newcomer49.rs"]
mod cli_newcomer49;
#[path = "cli_newcomer50.rs"]
mod cli_newcomer50;
#[path = "cli_newcomer51.rs"]
mod cli_newcomer51;
#[path = "cli_newcomer55.rs"]
mod cli_newcomer55;
#[path = "cli_newcomer56.rs"]
mod cli_newcomer56;
#[path = "cli_newcomer57.rs"]
mod cli_newcomer57;
#[path = "cli_newcomer58.rs"]
mod cli_newcomer58;
#[path = "cli_newcomer59.rs"]
mod cli_newcomer59;
#[path = "cli_newcomer60.rs"]
mod cli_newcomer60;
#[path = "cli_open48.rs"]
mod cli_open48;
#[path = "cli_open49.rs"]
mod cli_open49;
#[path = "cli_outputs.rs"]
mod cli_outputs;
#[path = "cli_ports53.rs"]
mod cli_ports53;
#[path = "cli_q25c.rs"]
mod cli_q25c;
#[path = "cli_q26a.rs"]
mod cli_q26a;
#[path = "cli_q27a.rs"]
mod cli_q27a;
#[path = "cli_q27b.rs"]
mod cli_q27b;
#[path = "cli_q28c.rs"]
mod cli_q28c;
#[path = "cli_q29b.rs"]
mod cli_q29b;
#[path = "cli_q30b.rs"]
mod cli_q30b;
#[path = "cli_quiet46.rs"]
mod cli_quiet46;
#[path = "cli_report_readability.rs"]
mod cli_report_readability;
#[path = "cli_report_special.rs"]
mod cli_report_special;
#[path = "cli_repro.rs"]
mod cli_repro;
#[path = "cli_review27b.rs"]
mod cli_review27b;
#[path = "cli_review28b.rs"]
mod cli_review28b;
#[path = "cli_review29b.rs"]
mod cli_review29b;
#[path = "cli_review30b.rs"]
mod cli_review30b;
#[path = "cli_review32.rs"]
mod cli_review32;
#[path = "cli_ux.rs"]
mod cli_ux;
#[path = "cli_ux32.rs"]
mod cli_ux32;
#[path = "cli_ux33.rs"]
mod cli_ux33;
#[path = "cli_ux34.rs"]
mod cli_ux34;
#[path = "cli_ux35.rs"]
mod cli_ux35;
#[path = "cli_ux36.rs"]
mod cli_ux36;
#[path = "cli_ux37.rs"]
mod cli_ux37;
#[path = "cli_ux38.rs"]
mod cli_ux38;
#[path = "cli_ux39.rs"]
mod cli_ux39;
#[path = "cli_ux40.rs"]
mod cli_ux40;
#[path = "cli_ux40b.rs"]
mod cli_ux40b;
#[path = "cli_ux41.rs"]
mod cli_ux41;
#[path = "cli_ux42.rs"]
mod cli_ux42;
#[path = "cli_ux48.rs"]
mod cli_ux48;
#[path = "cli_ux49.rs"]
mod cli_ux49;
#[path = "cli_uxb38.rs"]
mod cli_uxb38;
#[path = "cli_verify.rs"]
mod cli_verify;
#[path = "docs_symptoms48.rs"]
mod docs_symptoms48;
#[path = "faults_record_error.rs"]
mod faults_record_error;
#[path = "forward_cli.rs"]
mod forward_cli;
#[path = "forward_gateway.rs"]
mod forward_gateway;
#[path = "forward_proxy.rs"]
mod forward_proxy;
#[path = "forward_sdk.rs"]
mod forward_sdk;
#[path = "forward_tls.rs"]
mod forward_tls;
#[path = "fuzz_corpus.rs"]
mod fuzz_corpus;
#[path = "har_export_coded.rs"]
mod har_export_coded;
#[path = "har_import.rs"]
mod har_import;
#[path = "interop_pairing.rs"]
mod interop_pairing;
#[path = "interop_refagent.rs"]
mod interop_refagent;
#[path = "interop_sdk.rs"]
mod interop_sdk;
#[path = "interop_summaries.rs"]
mod interop_summaries;
#[path = "junit_times.rs"]
mod junit_times;
#[path = "live_breaker41.rs"]
mod live_breaker41;
#[path = "live_breaker42.rs"]
mod live_breaker42;
#[path = "live_breaker43.rs"]
mod live_breaker43;
#[path = "live_breaker44.rs"]
mod live_breaker44;
#[path = "live_breaker45.rs"]
mod live_breaker45;
#[path = "live_breaker46.rs"]
mod live_breaker46;
#[path = "live_breaker47.rs"]
mod live_breaker47;
#[path = "live_breaker48.rs"]
mod live_breaker48;
#[path = "live_breaker49.rs"]
mod live_breaker49;
#[path = "live_breaker50.rs"]
mod live_breaker50;
#[path = "live_breaker52.rs"]
mod live_breaker52;
#[path = "live_breaker53.rs"]
mod live_breaker53;
#[path = "live_breaker54.rs"]
mod live_breaker54;
#[path = "live_breaker55.rs"]
mod live_breaker55;
#[path = "live_breaker56.rs"]
mod live_breaker56;
#[path = "live_breaker57.rs"]
mod live_breaker57;
#[path = "live_sdkc42.rs"]
mod live_sdkc42;
#[path = "probe_agree41.rs"]
mod probe_agree41;
#[path = "probe_agree42.rs"]
mod probe_agree42;
#[path = "probe_agree44.rs"]
mod probe_agree44;
#[path = "probe_agree45.rs"]
mod probe_agree45;
#[path = "probe_agree46.rs"]
mod probe_agree46;
#[path = "probe_agree47.rs"]
mod probe_agree47;
#[path = "probe_agree48.rs"]
mod probe_agree48;
#[path = "probe_broken.rs"]
mod probe_broken;
#[path = "probe_cli.rs"]
mod probe_cli;
#[path = "probe_encoded.rs"]
mod probe_encoded;
#[path = "probe_grpc57.rs"]
mod probe_grpc57;
#[path = "probe_grpc58.rs"]
mod probe_grpc58;
#[path = "probe_origins.rs"]
mod probe_origins;
#[path = "probe_refagent.rs"]
mod probe_refagent;
#[path = "probe_sdk_push.rs"]
mod probe_sdk_push;
#[path = "probe_stops.rs"]
mod probe_stops;
#[path = "probe_timeouts.rs"]
mod probe_timeouts;
#[path = "probe_tls_reset.rs"]
mod probe_tls_reset;
#[path = "proxy_attack56.rs"]
mod proxy_attack56;
#[path = "proxy_attack57.rs"]
mod proxy_attack57;
#[path = "proxy_attack58.rs"]
mod proxy_attack58;
#[path = "proxy_attack59.rs"]
mod proxy_attack59;
#[path = "proxy_attack60.rs"]
mod proxy_attack60;
#[path = "proxy_card_cap.rs"]
mod proxy_card_cap;
#[path = "proxy_card_extended.rs"]
mod proxy_card_extended;
#[path = "proxy_card_redirect.rs"]
mod proxy_card_redirect;
#[path = "proxy_cli.rs"]
mod proxy_cli;
#[path = "proxy_conn.rs"]
mod proxy_conn;
#[path = "proxy_drops59.rs"]
mod proxy_drops59;
#[path = "proxy_early_answer.rs"]
mod proxy_early_answer;
#[path = "proxy_early_body.rs"]
mod proxy_early_body;
#[path = "proxy_excess46.rs"]
mod proxy_excess46;
#[path = "proxy_forward.rs"]
mod proxy_forward;
#[path = "proxy_framing.rs"]
mod proxy_framing;
#[path = "proxy_h2c_upstream.rs"]
mod proxy_h2c_upstream;
#[path = "proxy_half_close_body.rs"]
mod proxy_half_close_body;
#[path = "proxy_http_intermediary.rs"]
mod proxy_http_intermediary;
#[path = "proxy_live_attacks.rs"]
mod proxy_live_attacks;
#[path = "proxy_preserve_host.rs"]
mod proxy_preserve_host;
#[path = "proxy_public_url.rs"]
mod proxy_public_url;
#[path = "proxy_refusals.rs"]
mod proxy_refusals;
#[path = "proxy_tls_timeout.rs"]
mod proxy_tls_timeout;
#[path = "proxy_tls_upstream.rs"]
mod proxy_tls_upstream;
#[path = "proxy_trailers.rs"]
mod proxy_trailers;
#[path = "proxy_unsent_body.rs"]
mod proxy_unsent_body;
#[path = "proxy_upgrade.rs"]
mod proxy_upgrade;
#[path = "proxy_upstream_conns.rs"]
mod proxy_upstream_conns;
#[path = "proxy_upstream_sni.rs"]
mod proxy_upstream_sni;
#[path = "readers_fuzz.rs"]
mod readers_fuzz;
#[path = "record_lock.rs"]
mod record_lock;
#[path = "recordings_readme.rs"]
mod recordings_readme;
#[path = "redaction_cli.rs"]
mod redaction_cli;
#[path = "redaction_layouts.rs"]
mod redaction_layouts;
#[path = "redaction_leaks.rs"]
mod redaction_leaks;
#[path = "redaction_principals.rs"]
mod redaction_principals;
#[path = "redaction_split.rs"]
mod redaction_split;
#[path = "redaction_tags.rs"]
mod redaction_tags;
#[path = "refagent_client.rs"]
mod refagent_client;
#[path = "refagent_demo.rs"]
mod refagent_demo;
#[path = "report_conformance.rs"]
mod report_conformance;
#[path = "report_crosswalk.rs"]
mod report_crosswalk;
#[path = "report_formats.rs"]
mod report_formats;
#[path = "report_layering.rs"]
mod report_layering;
#[path = "report_live.rs"]
mod report_live;
#[path = "report_robust.rs"]
mod report_robust;
#[path = "report_rules.rs"]
mod report_rules;
#[path = "repro_golden.rs"]
mod repro_golden;
#[path = "repro_interop.rs"]
mod repro_interop;
#[path = "robust42.rs"]
mod robust42;
#[path = "sdk_grpc.rs"]
mod sdk_grpc;
#[path = "sdk_legal60.rs"]
mod sdk_legal60;
#[path = "sdk_proxy.rs"]
mod sdk_proxy;
#[path = "sdk_refagent.rs"]
mod sdk_refagent;
#[path = "spec_citations.rs"]
mod spec_citations;
#[path = "stream_ends59.rs"]
mod stream_ends59;
#[path = "stream_held_open58.rs"]
mod stream_held_open58;
#[path = "verify_bool32_wording.rs"]
mod verify_bool32_wording;
#[path = "verify_bounded.rs"]
mod verify_bounded;
#[path = "verify_breaker10_live.rs"]
mod verify_breaker10_live;
#[path = "verify_breaker13.rs"]
mod verify_breaker13;
#[path = "verify_breaker15f.rs"]
mod verify_breaker15f;
#[path = "verify_breaker17_wording.rs"]
mod verify_breaker17_wording;
#[path = "verify_breaker17f.rs"]
mod verify_breaker17f;
#[path = "verify_breaker18w2.rs"]
mod verify_breaker18w2;
#[path = "verify_breaker19y_wording.rs"]
mod verify_breaker19y_wording;
#[path = "verify_breaker29_blind.rs"]
mod verify_breaker29_blind;
#[path = "verify_breaker30_blind.rs"]
mod verify_breaker30_blind;
#[path = "verify_breaker31_blind.rs"]
mod verify_breaker31_blind;
#[path = "verify_breaker32_blind.rs"]
mod verify_breaker32_blind;
#[path = "verify_breaker33_blind.rs"]
mod verify_breaker33_blind;
#[path = "verify_breaker34_blind.rs"]
mod verify_breaker34_blind;
#[path = "verify_breaker35_blind.rs"]
mod verify_breaker35_blind;
#[path = "verify_breaker36_blind.rs"]
mod verify_breaker36_blind;
#[path = "verify_breaker37_blind.rs"]
mod verify_breaker37_blind;
#[path = "verify_breaker38_blind.rs"]
mod verify_breaker38_blind;
#[path = "verify_breaker39_blind.rs"]
mod verify_breaker39_blind;
#[path = "verify_breaker8.rs"]
mod verify_breaker8;
#[path = "verify_breaker9c.rs"]
mod verify_breaker9c;
#[path = "verify_breaker9d.rs"]
mod verify_breaker9d;
#[path = "verify_browser_inputs.rs"]
mod verify_browser_inputs;
#[path = "verify_captures.rs"]
mod verify_captures;
#[path = "verify_card_memo.rs"]
mod verify_card_memo;
#[path = "verify_card_url_use.rs"]
mod verify_card_url_use;
#[path = "verify_cards60.rs"]
mod verify_cards60;
#[path = "verify_cases.rs"]
mod verify_cases;
#[path = "verify_client_abort.rs"]
mod verify_client_abort;
#[path = "verify_cross_connection.rs"]
mod verify_cross_connection;
#[path = "verify_executor_faults.rs"]
mod verify_executor_faults;
#[path = "verify_extended_card.rs"]
mod verify_extended_card;
#[path = "verify_extended_card_declared.rs"]
mod verify_extended_card_declared;
#[path = "verify_gateway.rs"]
mod verify_gateway;
#[path = "verify_golden.rs"]
mod verify_golden;
#[path = "verify_grpc.rs"]
mod verify_grpc;
#[path = "verify_lead35.rs"]
mod verify_lead35;
#[path = "verify_left35.rs"]
mod verify_left35;
#[path = "verify_left36.rs"]
mod verify_left36;
#[path = "verify_left37.rs"]
mod verify_left37;
#[path = "verify_left38.rs"]
mod verify_left38;
#[path = "verify_left53.rs"]
mod verify_left53;
#[path = "verify_left54.rs"]
mod verify_left54;
#[path = "verify_left55.rs"]
mod verify_left55;
#[path = "verify_left56.rs"]
mod verify_left56;
#[path = "verify_left57.rs"]
mod verify_left57;
#[path = "verify_left58.rs"]
mod verify_left58;
#[path = "verify_left59.rs"]
mod verify_left59;
#[path = "verify_left60.rs"]
mod verify_left60;
#[path = "verify_list_filters.rs"]
mod verify_list_filters;
#[path = "verify_metamorphic49.rs"]
mod verify_metamorphic49;
#[path = "verify_mine22a_wording.rs"]
mod verify_mine22a_wording;
#[path = "verify_mine23a_wording.rs"]
mod verify_mine23a_wording;
#[path = "verify_mine23b_wording.rs"]
mod verify_mine23b_wording;
#[path = "verify_mine24a_wording.rs"]
mod verify_mine24a_wording;
#[path = "verify_mine24b_wording.rs"]
mod verify_mine24b_wording;
#[path = "verify_mine25a_wording.rs"]
mod verify_mine25a_wording;
#[path = "verify_mine25b_wording.rs"]
mod verify_mine25b_wording;
#[path = "verify_mine26a_wording.rs"]
mod verify_mine26a_wording;
#[path = "verify_mine26b_wording.rs"]
mod verify_mine26b_wording;
#[path = "verify_mine27a_wording.rs"]
mod verify_mine27a_wording;
#[path = "verify_mine27b_wording.rs"]
mod verify_mine27b_wording;
#[path = "verify_mine28b_wording.rs"]
mod verify_mine28b_wording;
#[path = "verify_mine29a_wording.rs"]
mod verify_mine29a_wording;
#[path = "verify_mine29b_wording.rs"]
mod verify_mine29b_wording;
#[path = "verify_mine29c_wording.rs"]
mod verify_mine29c_wording;
#[path = "verify_mine30a_wording.rs"]
mod verify_mine30a_wording;
#[path = "verify_mine30b_wording.rs"]
mod verify_mine30b_wording;
#[path = "verify_mine30c_wording.rs"]
mod verify_mine30c_wording;
#[path = "verify_mine31a_wording.rs"]
mod verify_mine31a_wording;
#[path = "verify_mine31b_wording.rs"]
mod verify_mine31b_wording;
#[path = "verify_mine32_wording.rs"]
mod verify_mine32_wording;
#[path = "verify_mine33_wording.rs"]
mod verify_mine33_wording;
#[path = "verify_mine33b_wording.rs"]
mod verify_mine33b_wording;
#[path = "verify_mine34_wording.rs"]
mod verify_mine34_wording;
#[path = "verify_mine35_wording.rs"]
mod verify_mine35_wording;
#[path = "verify_mine36_wording.rs"]
mod verify_mine36_wording;
#[path = "verify_mine37_wording.rs"]
mod verify_mine37_wording;
#[path = "verify_mine38.rs"]
mod verify_mine38;
#[path = "verify_mine39.rs"]
mod verify_mine39;
#[path = "verify_mine40.rs"]
mod verify_mine40;
#[path = "verify_mine41.rs"]
mod verify_mine41;
#[path = "verify_mine42.rs"]
mod verify_mine42;
#[path = "verify_mutants48.rs"]
mod verify_mutants48;
#[path = "verify_mutants49.rs"]
mod verify_mutants49;
#[path = "verify_one_leg.rs"]
mod verify_one_leg;
#[path = "verify_online.rs"]
mod verify_online;
#[path = "verify_owned.rs"]
mod verify_owned;
#[path = "verify_push_mix.rs"]
mod verify_push_mix;
#[path = "verify_q29a.rs"]
mod verify_q29a;
#[path = "verify_q30a.rs"]
mod verify_q30a;
#[path = "verify_reorder52.rs"]
mod verify_reorder52;
#[path = "verify_rest03_answers.rs"]
mod verify_rest03_answers;
#[path = "verify_rest_unary.rs"]
mod verify_rest_unary;
#[path = "verify_review25_wording.rs"]
mod verify_review25_wording;
#[path = "verify_review29a.rs"]
mod verify_review29a;
#[path = "verify_review29b.rs"]
mod verify_review29b;
#[path = "verify_review30a.rs"]
mod verify_review30a;
#[path = "verify_review32.rs"]
mod verify_review32;
#[path = "verify_review33.rs"]
mod verify_review33;
#[path = "verify_review34.rs"]
mod verify_review34;
#[path = "verify_robust.rs"]
mod verify_robust;
#[path = "verify_sans_io.rs"]
mod verify_sans_io;
#[path = "verify_sse_prop.rs"]
mod verify_sse_prop;
#[path = "verify_streams59.rs"]
mod verify_streams59;
#[path = "verify_version_mix.rs"]
mod verify_version_mix;

// Helper modules, loaded once for every file that uses them (each file names them with
// `use crate::NAME`; the six binaries of their own in Cargo.toml load their own copies).
// Loading them once halved the suite's compile (104 -> 49 CPU-s) and its rustc's peak
// memory (3.3 -> 1.9 GB).
#[path = "peers/agree.rs"]
mod agree;
#[path = "broken/mod.rs"]
mod broken;
#[path = "common/child_guard.rs"]
mod child_guard;
#[path = "common/mod.rs"]
mod common;
#[path = "peers/harness.rs"]
mod harness;
#[path = "common/https_repro.rs"]
mod https_repro;
#[path = "common/live_round.rs"]
mod live_round;
#[path = "common/misbehaving_peer.rs"]
mod misbehaving_peer;
#[path = "common/misclient_run.rs"]
mod misclient_run;
#[path = "mutation49/mod.rs"]
mod mutation49;
#[path = "common/proxy_process.rs"]
mod proxy_process;
#[path = "common/proxy_support.rs"]
mod proxy_support;
#[path = "common/raw_http.rs"]
mod raw_http;
#[path = "report_support/mod.rs"]
mod report_support;
#[path = "common/single_threaded_agent.rs"]
mod single_threaded_agent;
#[path = "common/tls_agent.rs"]
mod tls_agent;

/// Every `tests/*.rs` file is named exactly once: a module of this binary or a `[[test]]` of
/// its own in Cargo.toml, so none is silently left out.
#[test]
fn suite_names_every_test_file() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let me = std::fs::read_to_string(dir.join("suite.rs")).expect("read tests/suite.rs");
    let manifest = std::fs::read_to_string(dir.join("../Cargo.toml")).expect("read Cargo.toml");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("read tests/") {
        let name = entry.expect("dir entry").file_name();
        let name = name.to_string_lossy();
        let Some(stem) = name.strip_suffix(".rs") else {
            continue;
        };
        let here = me.contains(&format!("#[path = \"{stem}.rs\"]\nmod {stem};"));
        let alone = manifest.contains(&format!("path = \"tests/{stem}.rs\""));
        if here == alone {
            missing.push(name.to_string());
        }
    }
    assert!(
        missing.is_empty(),
        "{missing:?}: name each test file once, in tests/suite.rs as `#[path = \"NAME.rs\"] mod NAME;` or in Cargo.toml as a [[test]] of its own"
    );
}
