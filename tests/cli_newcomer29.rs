//! newcomer29: what a newcomer hit following README.md at 2 a.m. with the SDK agents and
//! the reference agent: `interop` blamed agent A's card on agent B's address (N1), a
//! report given where the recording goes was "not a recording" and no more (N2), and
//! `--capture-cap 64MiB` was "invalid digit found in string" (N3), `export -o` was told
//! to write `-- -o` (N4), `probe --binding rest` / `grpc` were "not a binding" (N5), and
//! a recording or HAR saved as UTF-16 (PowerShell's `>`) was "not a recording" (N6), and
//! `--record=~/runs/x.jsonl` made a directory named `~` in the current directory (N7);
//! `-f md` and `-f HTML` were invalid values though `-o r.md` and `-o R.HTML` work (N8);
//! `report FILE -o -` was "no --format for -o -" though stdout's format is text (N9).
//! Real processes, small real agents on loopback sockets, real files.

use crate::proxy_process;

use std::io::Write;
use std::net::SocketAddr;
use std::path::Path;

use proxy_process::{card_only_agent, reference_agent, run_in, start_proxy};

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A loopback port where nothing listens (bound, then let go).
/// Probes `url` into `DIR/run.jsonl` (a recording for the commands under test to read).
fn record_probe(dir: &Path, url: &str) {
    let o = run_in(
        dir,
        &[
            "probe",
            url,
            "--record",
            "run.jsonl",
            "-q",
            "--timeout",
            "20s",
        ],
    );
    assert!(dir.join("run.jsonl").exists(), "{}", text(&o.stderr));
}

/// A new directory holding `run.jsonl`, a probe of a reference agent started for it.
fn probed_recording() -> tempfile::TempDir {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    record_probe(dir.path(), &url);
    dir
}

/// A loopback port nothing listens on, held for the rest of the test process (no other
/// test can listen on it meanwhile: [`proxy_process::ReservedPort`]).
fn dead_port() -> SocketAddr {
    proxy_process::ReservedPort::bind().hold()
}

/// N1: `interop` of the Python SDK agent (A, its public URL left at a proxy's port that was
/// down) and the JS SDK agent (B). The CARD-URL-009 warning on A's card read "agent A ...:
/// card served by http://127.0.0.1:<B's port> advertises ...": the verifier named the
/// first upstream of the recording (B's, the `A->B` leg's) as the front the card came
/// from, not the one the card's exchange reached. The line now names A's own address,
/// twice (where the card came from, what clients go around), and B's nowhere.
#[test]
fn n1_interop_names_the_agent_whose_card_goes_around_it() {
    let dead = dead_port();
    let card = serde_json::json!({
        "name": "n29 agent A",
        "description": "serves its card; its interfaces name another port of its host",
        "version": "1.0.0",
        "supportedInterfaces": [
            {"url": format!("http://{dead}/"), "protocolBinding": "JSONRPC", "protocolVersion": "1.0"},
            {"url": format!("http://{dead}/"), "protocolBinding": "JSONRPC", "protocolVersion": "0.3"}
        ],
        "capabilities": {"streaming": false, "pushNotifications": false},
        "defaultInputModes": ["text/plain"],
        "defaultOutputModes": ["text/plain"],
        "skills": [{"id": "echo", "name": "Echo", "description": "echo", "tags": ["echo"], "examples": ["echo hello"]}]
    })
    .to_string();
    let a = card_only_agent(card);
    let (_b, b_url) = reference_agent();
    let b = b_url.trim_end_matches('/').to_string();
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "interop",
            &format!("http://{a}"),
            &b,
            "--timeout",
            "20s",
            "--record",
            "pair.jsonl",
            "-q",
            "--verbose",
        ],
    );
    let out = format!("{}{}", text(&o.stdout), text(&o.stderr));
    let line = out
        .lines()
        .find(|l| l.starts_with("warning[CARD-URL-009]"))
        .unwrap_or_else(|| panic!("no CARD-URL-009 line: {out}"));
    assert!(line.contains("agent A \"n29 agent A\""), "{line}");
    assert!(
        line.contains(&format!(
            "card served by http://{a} advertises http://{dead}"
        )),
        "{line}"
    );
    assert!(line.contains(&format!("go around http://{a} ")), "{line}");
    assert!(!line.contains(&b), "names agent B's address: {line}");

    // the same words offline, from the recording
    let v = run_in(dir.path(), &["verify", "pair.jsonl", "--fail-on", "never"]);
    let vout = text(&v.stdout);
    let vline = vout
        .lines()
        .find(|l| l.starts_with("warning[CARD-URL-009]"))
        .unwrap_or_else(|| panic!("no CARD-URL-009 line offline: {vout}"));
    assert!(
        vline.contains(&format!("card served by http://{a} advertises")),
        "{vline}"
    );
    assert!(!vline.contains(&b), "{vline}");
}

/// N2: at 2 a.m. the report is the file at hand: `a2a-interop report s1.md` (the proxy's
/// `--report s1.md`) and `verify probe.json` said "not a recording, transcript or HAR file
/// (first line is neither {"type":"recording"} ...); hint: verify reads a native
/// recording ..." (under `report` too), and never that the file is a report this tool
/// wrote, nor which recording it was made from although the report names it. Now each
/// format's report (Markdown, HTML, JSON, JUnit, SARIF) is named as such, with the file
/// it was made from in the hint; a probe report of traffic not kept says how to keep it.
#[test]
fn n2_a_report_given_as_input_names_the_recording_it_was_made_from() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    record_probe(dir.path(), &url);
    let reports = [
        ("run.md", "a Markdown"),
        ("run.html", "an HTML"),
        ("run.json", "a JSON"),
        ("run.xml", "a JUnit"),
        ("run.sarif", "a SARIF"),
    ];
    for (file, _) in reports {
        let o = run_in(dir.path(), &["report", "run.jsonl", "-o", file]);
        assert_eq!(o.status.code(), Some(0), "{file}: {}", text(&o.stderr));
    }
    for (cmd, (file, kind)) in ["report", "verify", "repro", "export", "report"]
        .into_iter()
        .zip(reports)
    {
        let args: Vec<&str> = match cmd {
            "repro" => vec![cmd, file, "--finding", "CARD-CACHE-001", "-o", "cut.jsonl"],
            "export" => vec![cmd, file, "--har", "out.har"],
            _ => vec![cmd, file],
        };
        let o = run_in(dir.path(), &args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains(&format!(
                "{file}: not a recording, transcript or HAR file: it is {kind} report a2a-interop wrote, made from `run.jsonl`"
            )),
            "{args:?}: {err}"
        );
        assert!(
            err.contains("hint: give the file it was made from, run.jsonl: "),
            "{args:?}: {err}"
        );
        assert!(!err.contains("first line is neither"), "{args:?}: {err}");
    }

    // a probe that kept no traffic: nothing to give back, so the hint says how to keep it
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--format",
            "json",
            "-o",
            "bare.json",
            "-q",
            "--timeout",
            "20s",
        ],
    );
    assert!(dir.path().join("bare.json").exists(), "{}", text(&o.stderr));
    let o = run_in(dir.path(), &["verify", "bare.json"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("bare.json: not a recording, transcript or HAR file: it is a JSON report a2a-interop wrote, of a run whose traffic was not kept (no --record)"),
        "{err}"
    );
    assert!(err.contains("again with --record FILE"), "{err}");
}

/// N3: after a body was cut ("hint: a larger --capture-cap records it all"), the next
/// start with `--capture-cap 64MiB` (or `--queue-bytes 1G`) was refused: "invalid value
/// '64MiB' for '--capture-cap <CAPTURE_CAP>': invalid digit found in string". Both flags
/// now take a size with a unit, and the cap is applied at that size: a 2 KiB message
/// through `--capture-cap 1KiB` is said cut at 1024 bytes; a unit it does not know names
/// the forms it takes.
#[test]
fn n3_byte_flags_take_a_size_with_a_unit() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cap.jsonl");
    let (run, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--capture-cap",
        "1KiB",
        "--queue-bytes",
        "1G",
        "--record",
        rec.to_str().unwrap(),
    ]);
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"message/send","params":{{"message":{{"kind":"message","role":"user","messageId":"u1","parts":[{{"kind":"text","text":"echo {}"}}]}}}}}}"#,
        "x".repeat(2048)
    );
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(
        s,
        "POST / HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    std::io::Read::read_to_string(&mut s, &mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    let err = run.terminate();
    assert!(
        err.contains("had a body cut at --capture-cap (1024 bytes)"),
        "{err}"
    );

    let o = run_in(
        dir.path(),
        &["proxy", "--upstream", &url, "--capture-cap", "10x"],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("unknown unit \"x\""), "{err}");
    assert!(err.contains("64MiB"), "{err}");
    assert!(!err.contains("invalid digit"), "{err}");
}

/// N4: every other command writes its output with `-o`; `export s.jsonl -o s.har` said
/// "unexpected argument '-o' found; hint: to pass '-o' as a value, use '-- -o'" (clap's
/// words, which lead nowhere). `-o` and `--output` now name the HAR, as `--har` does.
#[test]
fn n4_export_takes_o_for_its_har() {
    let dir = probed_recording();
    for (flag, out) in [("-o", "a.har"), ("--output", "b.har"), ("--har", "c.har")] {
        let o = run_in(dir.path(), &["export", "run.jsonl", flag, out]);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(0), "{flag}: {err}");
        assert!(err.contains(&format!("wrote {out} (")), "{flag}: {err}");
        let har: serde_json::Value =
            serde_json::from_slice(&std::fs::read(dir.path().join(out)).unwrap()).unwrap();
        assert!(
            !har["log"]["entries"].as_array().unwrap().is_empty(),
            "{flag}: {har}"
        );
    }
}

/// N5: `probe --binding rest` (what people and 0.3 docs call HTTP+JSON) was `--binding
/// "rest" is not a binding`, and `--binding grpc` the same, although gRPC is an A2A
/// binding: one the probe does not call. `rest` and `json-rpc` now name their bindings
/// (here: the reference agent's card offers no HTTP+JSON, said as for `http+json`), and
/// `grpc` names the gRPC binding, which the probe drives since grpcprobe57 (the reference
/// agent's card offers none: said as for `http+json`).
#[test]
fn n5_probe_binding_takes_its_other_names_grpc_among_them() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(dir.path(), &["probe", &url, "--binding", "rest", "-q"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--binding http+json: the agent's card offers no such interface"),
        "{err}"
    );
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--binding",
            "JSON-RPC",
            "--dialect",
            "1.0",
            "-q",
            "--verbose",
            "--timeout",
            "20s",
        ],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("card.interface-url [1.0]: advertised url"),
        "{out}"
    );
    assert!(!out.contains("[0.3 "), "{out}");
    let o = run_in(dir.path(), &["probe", &url, "--binding", "grpc", "-q"]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("--binding grpc: the agent's card offers no such interface"),
        "{err}"
    );
    assert!(!err.contains("is not a binding"), "{err}");
}

/// N6: a HAR or recording saved through Windows PowerShell 5 (`a2a-interop export s.jsonl
/// --har - > s.har`, `Get-Content rec.jsonl > copy.jsonl`) is UTF-16 text; `verify` said
/// "not a recording, transcript or HAR file (first line is neither {"type":"recording"}
/// ...)", of a file whose first line is exactly that, in another encoding. Now every
/// reader (verify, report, repro, export) names the encoding and the `iconv` line.
#[test]
fn n6_a_utf16_file_is_named_so_with_the_conversion() {
    let dir = probed_recording();
    let o = run_in(dir.path(), &["export", "run.jsonl", "--har", "run.har"]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    for (src, out, le) in [
        ("run.jsonl", "ps.jsonl", true),
        ("run.har", "ps.har", false),
    ] {
        let utf8 = std::fs::read_to_string(dir.path().join(src)).unwrap();
        let mut bytes = Vec::new();
        if le {
            // PowerShell 5's `>`: UTF-16LE with its byte order mark
            bytes.extend([0xFF, 0xFE]);
            bytes.extend(utf8.encode_utf16().flat_map(u16::to_le_bytes));
        } else {
            bytes.extend(utf8.encode_utf16().flat_map(u16::to_be_bytes));
        }
        std::fs::write(dir.path().join(out), bytes).unwrap();
        let enc = if le { "UTF-16LE" } else { "UTF-16BE" };
        let stem = out.split('.').next().unwrap();
        let ext = out.split('.').nth(1).unwrap();
        for args in [
            vec!["verify", out],
            vec!["report", out],
            vec![
                "repro",
                out,
                "--finding",
                "CARD-CACHE-001",
                "-o",
                "cut.jsonl",
            ],
            vec!["export", out, "--har", "x.har"],
        ] {
            let o = run_in(dir.path(), &args);
            let err = text(&o.stderr);
            assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
            assert!(
                err.contains(&format!(
                    "{out}: not a recording, transcript or HAR file as it is: it is {enc} text"
                )),
                "{args:?}: {err}"
            );
            assert!(
                err.contains(&format!(
                    "hint: convert it to UTF-8 first: iconv -f {enc} -t UTF-8 {out} > {stem}-utf8.{ext}"
                )),
                "{args:?}: {err}"
            );
        }
    }
}

/// N7: `probe URL --record=~/runs/x.jsonl` (and `report --output=~/...`, `export
/// --har=~/...`): the shell does not expand `~` after `=`, so the tool got the path
/// `~/runs/x.jsonl`, created a directory named `~` in the current directory ("created
/// directory ~/ (it did not exist)") and wrote there; the file is not in the home
/// directory, and the `rm -r ~` that cleans the stray directory up takes the home
/// directory instead. Now such a path is refused (exit 2) before anything is written,
/// naming the two ways to write it, and no `~` directory is made.
#[test]
fn n7_a_tilde_the_shell_left_is_refused_not_made_a_directory() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &url,
            "--record=~/n29runs/x.jsonl",
            "-q",
            "--timeout",
            "20s",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("~/n29runs/x.jsonl starts with a `~` the shell did not expand"),
        "{err}"
    );
    assert!(
        // the flag as typed, not `--flag` (review29b; q30b)
        err.contains("type `--record ~/n29runs/x.jsonl` (the flag and the path apart)"),
        "{err}"
    );
    assert!(!dir.path().join("~").exists(), "{err}");

    record_probe(dir.path(), &url);
    for args in [
        ["report", "run.jsonl", "--output=~/n29runs/r.md"],
        ["export", "run.jsonl", "--har=~/n29runs/r.har"],
    ] {
        let o = run_in(dir.path(), &args);
        let err = text(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("the shell did not expand"), "{args:?}: {err}");
        assert!(!dir.path().join("~").exists(), "{args:?}: {err}");
    }
}

/// N8: `-o report.md` picks Markdown from the extension, but `report run.jsonl -f md` was
/// "invalid value 'md' for '--format <FORMAT>'" and `-f HTML` the same with no
/// suggestion. The extensions' names (`md`, `txt`, `htm`) now name their formats, and
/// format names are taken in any case.
#[test]
fn n8_format_takes_the_extension_names_and_any_case() {
    let dir = probed_recording();
    for (f, starts) in [
        ("md", "# A2A interoperability report"),
        ("Markdown", "# A2A interoperability report"),
        ("HTML", "<!DOCTYPE html>"),
        ("htm", "<!DOCTYPE html>"),
        ("JSON", "{"),
    ] {
        let o = run_in(dir.path(), &["report", "run.jsonl", "-f", f]);
        assert_eq!(o.status.code(), Some(0), "-f {f}: {}", text(&o.stderr));
        let out = text(&o.stdout);
        assert!(
            out.starts_with(starts),
            "-f {f}: {}",
            &out[..out.len().min(200)]
        );
    }
    let o = run_in(
        dir.path(),
        &["report", "run.jsonl", "-f", "txt", "-o", "r.out"],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("wrote r.out (text report)"),
        "{}",
        text(&o.stderr)
    );
}

/// N9: `report run.jsonl` prints the text report on stdout; `report run.jsonl -o -` (the
/// same, spelled out, as scripts do) was refused: "no --format for -o -; hint: give
/// --format F before each -o". One `-o -` without `--format` is now the text report on
/// stdout, the same bytes as without `-o`; `-o - -o r.md` still pairs each `-o` with a
/// format.
#[test]
fn n9_o_dash_alone_is_the_text_report_on_stdout() {
    let dir = probed_recording();
    let plain = run_in(dir.path(), &["report", "run.jsonl"]);
    let dash = run_in(dir.path(), &["report", "run.jsonl", "-o", "-"]);
    assert_eq!(dash.status.code(), Some(0), "{}", text(&dash.stderr));
    assert!(!text(&dash.stdout).is_empty());
    assert_eq!(text(&dash.stdout), text(&plain.stdout));
    let two = run_in(
        dir.path(),
        &["report", "run.jsonl", "-o", "-", "-o", "r.md"],
    );
    assert_eq!(two.status.code(), Some(2), "{}", text(&two.stderr));
}
