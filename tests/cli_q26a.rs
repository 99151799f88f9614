//! q26a (session 26 quality items, from newcomer25's notes N10-N15): the proxy's stop
//! summary names the exchanges it cut open; the words of the prober's CARD-URL-009 fit the
//! run that found it; `--record` into a directory that is not there; `report -o FILE` says
//! what it wrote; hints follow the findings they belong to, one message prefix. Real files,
//! the built binary, a real proxy over loopback in front of the reference agent
//! (`demo --agent-only`) or a small real server.

use crate::proxy_process;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::Command;
use std::time::Duration;

use proxy_process::{reference_agent, run_in, send_until, start_proxy};

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A JSON-RPC 1.0 `SendStreamingMessage` with `text` sent to the proxy at `addr` over a raw
/// loopback connection, read until `needle` has arrived (at most 30 s, else the test fails
/// naming what did arrive): the open connection.
fn stream_until(addr: SocketAddr, id: u32, text_: &str, needle: &str) -> TcpStream {
    let body = format!(
        r#"{{"jsonrpc":"2.0","id":{id},"method":"SendStreamingMessage","params":{{"message":{{"messageId":"m{id}","role":"ROLE_USER","parts":[{{"text":"{text_}"}}]}}}}}}"#
    );
    send_until(addr, &body, needle).0
}

/// The stderr lines of a stopped proxy that name one exchange the stop cut open, without
/// their prefix.
fn named_open(stderr: &str) -> Vec<&str> {
    stderr
        .lines()
        .filter_map(|l| l.strip_prefix("a2a-interop proxy:   not judged: "))
        .collect()
}

/// Item 1 (newcomer25 N10): SIGTERM with six SSE streams of the reference agent open (its
/// `cancel` skill works until canceled): the stop summary counted them; it now names the
/// first five (exchange id, method and path, the A2A method, how long each was open) in the
/// words `verify` lists exchanges not judged with, then "and 1 more". Legal control: a
/// stream read to its end before the stop names nothing.
#[test]
fn the_stop_summary_names_the_streams_it_cut_open() {
    let (_agent, url) = reference_agent();
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("cut.jsonl");
    let (proxy, addr) = start_proxy(&[
        "--upstream",
        &url,
        "--record",
        rec.to_str().unwrap(),
        "--shutdown-grace",
        "1",
    ]);
    let _open: Vec<TcpStream> = (1..=6)
        .map(|i| stream_until(addr, i, "cancel me", "TASK_STATE_WORKING"))
        .collect();
    let stderr = proxy.terminate();
    assert!(
        stderr.contains("a2a-interop proxy: 6 SSE streams were still open when the proxy stopped: closed by the stop (outcome `open`)"),
        "{stderr}"
    );
    let named = named_open(&stderr);
    assert_eq!(named.len(), 5, "{stderr}");
    let mut ids = Vec::new();
    for l in &named {
        // e.g. `e3 (POST / SendStreamingMessage, open 2.4 s): the recording ended ...`
        let (id, rest) = l.split_once(' ').unwrap();
        let secs: f64 = rest
            .strip_prefix("(POST / SendStreamingMessage, open ")
            .and_then(|r| r.split_once(" s): "))
            .map(|(s, why)| {
                assert_eq!(
                    why,
                    "the recording ended with the stream open: end of stream not judged"
                );
                s.parse().unwrap()
            })
            .unwrap_or_else(|| panic!("{l}"));
        assert!(secs > 0.0, "{l}");
        ids.push(id.to_string());
    }
    assert!(
        stderr.contains("a2a-interop proxy:   and 1 more\n")
            || stderr.ends_with("a2a-interop proxy:   and 1 more"),
        "{stderr}"
    );
    // the same exchanges, in the same order, as verify lists them not judged
    let v = run_in(dir.path(), &["verify", "cut.jsonl"]);
    let out = text(&v.stdout);
    assert!(
        out.contains(&format!(
            "note: not judged: 6 exchanges ({}, ...): the recording ended with the stream open: end of stream not judged",
            ids.join(", ")
        )),
        "{out}\n{stderr}"
    );

    // legal control: a stream that ended before the stop is not named
    let rec = dir.path().join("whole.jsonl");
    let (proxy, addr) = start_proxy(&["--upstream", &url, "--record", rec.to_str().unwrap()]);
    let _c = stream_until(addr, 7, "slow hello", "TASK_STATE_COMPLETED");
    let stderr = proxy.terminate();
    assert!(named_open(&stderr).is_empty(), "{stderr}");
    assert!(!stderr.contains("when the proxy stopped"), "{stderr}");
    assert!(!stderr.contains("proxy:   and "), "{stderr}");
}

/// A small real agent on two loopback ports A and B of one host: its Agent Card (served on
/// both) advertises B when `advertise_other`, else A; every POST is answered with a JSON-RPC
/// `-32601` error. Threads live until the test process ends. The two ports (A, B).
fn two_port_agent(advertise_other: bool) -> (u16, u16) {
    agent_with_card(|pa, pb| {
        let url = format!(
            "http://127.0.0.1:{}/",
            if advertise_other { pb } else { pa }
        );
        format!(
            r#"{{"name":"two-port","description":"d","version":"1","protocolVersion":"0.3.0","url":"{url}","preferredTransport":"JSONRPC","capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[{{"id":"s","name":"s","description":"d","tags":["t"]}}]}}"#
        )
    })
}

/// [`two_port_agent`] serving the card `card(A, B)` builds from its two ports.
fn agent_with_card(card: impl Fn(u16, u16) -> String) -> (u16, u16) {
    let a = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let b = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let (pa, pb) = (
        a.local_addr().unwrap().port(),
        b.local_addr().unwrap().port(),
    );
    let card = card(pa, pb);
    for l in [a, b] {
        let card = card.clone();
        std::thread::spawn(move || {
            for s in l.incoming() {
                let Ok(s) = s else { return };
                let card = card.clone();
                std::thread::spawn(move || serve(s, &card));
            }
        });
    }
    (pa, pb)
}

/// One connection of [`two_port_agent`]: requests read one after another (keep-alive),
/// each answered whole.
fn serve(s: TcpStream, card: &str) {
    let mut r = BufReader::new(s.try_clone().unwrap());
    let mut w = s;
    loop {
        let mut line = String::new();
        if r.read_line(&mut line).unwrap_or(0) == 0 {
            return;
        }
        let get = line.starts_with("GET ");
        let mut len = 0usize;
        loop {
            let mut h = String::new();
            if r.read_line(&mut h).unwrap_or(0) == 0 {
                return;
            }
            if let Some(v) = h.to_ascii_lowercase().strip_prefix("content-length:") {
                len = v.trim().parse().unwrap_or(0);
            }
            if h == "\r\n" {
                break;
            }
        }
        let mut body = vec![0u8; len];
        if r.read_exact(&mut body).is_err() {
            return;
        }
        let answer = if get {
            card.to_string()
        } else {
            let id = serde_json::from_slice::<serde_json::Value>(&body)
                .ok()
                .and_then(|v| v.get("id").cloned())
                .unwrap_or(serde_json::Value::Null);
            format!(
                r#"{{"jsonrpc":"2.0","id":{id},"error":{{"code":-32601,"message":"Method not found"}}}}"#
            )
        };
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            answer.len()
        );
        if w.write_all(head.as_bytes()).is_err() || w.write_all(answer.as_bytes()).is_err() {
            return;
        }
    }
}

/// The CARD-URL-009 findings of `verify -f json FILE` (run in `dir`): (message, help).
fn around_front(dir: &std::path::Path, file: &str) -> Vec<(String, String)> {
    let o = run_in(dir, &["verify", "-f", "json", "--fail-on", "never", file]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}{}", text(&o.stdout), text(&o.stderr)));
    v["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "CARD-URL-009")
        .map(|f| {
            (
                f["message"].as_str().unwrap().to_string(),
                f["help"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect()
}

/// The card fetched once through a proxy started with `flags` in front of the agent on
/// port `pa`, recorded to `dir/name`; the proxy stopped.
fn card_through_proxy(dir: &std::path::Path, pa: u16, name: &str, flags: &[&str]) {
    let rec = dir.join(name);
    let up = format!("http://127.0.0.1:{pa}");
    let mut args = vec!["--upstream", &up, "--record", rec.to_str().unwrap()];
    args.extend_from_slice(flags);
    let (proxy, addr) = start_proxy(&args);
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET /.well-known/agent-card.json HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let mut got = String::new();
    let _ = s.read_to_string(&mut got);
    assert!(got.contains("two-port"), "{got}");
    proxy.terminate();
}

/// Item 2 (newcomer25 N11): `probe` of an agent whose card (fetched at port A) advertises
/// port B of the same host reported CARD-URL-009 "(--rewrite-card left it: ...)", "fetched
/// through the proxy at" the prober's inner port, and a recommendation naming `a2a-interop
/// proxy --rewrite-card`, though the user ran no proxy. The words now fit each source: the
/// probe (live and its recording verified offline) names no flag nor inner proxy; a plain
/// proxy's recording names the proxy and no flag; a `--rewrite-card` proxy's names the flag
/// that left the URL. Legal control: a card advertising the port it was fetched from has
/// no CARD-URL-009.
#[test]
fn card_url_009_words_fit_the_run_that_found_it() {
    let (pa, pb) = two_port_agent(true);
    let dir = tempfile::tempdir().unwrap();
    let (front, other) = (
        format!("http://127.0.0.1:{pa}"),
        format!("http://127.0.0.1:{pb}"),
    );
    let want = format!(
        "card served by {front} advertises {other}: the same host on another port or scheme, so clients that follow the card go around {front} (its TLS, authentication and routing)"
    );
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &front,
            "--record",
            "probe.jsonl",
            "--timeout",
            "20s",
        ],
    );
    let out = text(&o.stdout);
    let live: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("warning[CARD-URL-009]"))
        .collect();
    assert_eq!(live.len(), 1, "{out}\n{}", text(&o.stderr));
    assert!(
        live[0].starts_with(&format!("warning[CARD-URL-009]: {want} (seen: ")),
        "{}",
        live[0]
    );
    let offline = around_front(dir.path(), "probe.jsonl");
    assert_eq!(offline.len(), 1, "{offline:?}");
    assert_eq!(offline[0].0, want);
    assert!(
        !offline[0].1.contains("--rewrite-card") && offline[0].1.contains("public base URL"),
        "{}",
        offline[0].1
    );

    // a plain proxy: the proxy the card came through, no flag
    card_through_proxy(dir.path(), pa, "plain.jsonl", &[]);
    let plain = around_front(dir.path(), "plain.jsonl");
    assert_eq!(plain.len(), 1, "{plain:?}");
    assert!(
        plain[0]
            .0
            .starts_with(&format!("card served by {front} (fetched through the proxy at http://127.0.0.1:"))
            && plain[0].0.ends_with(&format!(
                "advertises {other}: the same host on another port or scheme, so clients that follow the card go around {front} (its TLS, authentication, routing and this recorder); their calls are not in this recording"
            )),
        "{}",
        plain[0].0
    );
    // a --rewrite-card proxy: the flag that left it
    card_through_proxy(dir.path(), pa, "rewrite.jsonl", &["--rewrite-card"]);
    let rw = around_front(dir.path(), "rewrite.jsonl");
    assert_eq!(rw.len(), 1, "{rw:?}");
    assert!(
        rw[0].0.contains(&format!(
            "advertises {other} (--rewrite-card left it: advertised url {other}/ points neither at the upstream {front}/ nor at the proxy, and the card rewrite maps only the upstream's URLs): "
        )),
        "{}",
        rw[0].0
    );

    // legal control: a card that advertises where it was fetched
    let (pa, _) = two_port_agent(false);
    let o = run_in(
        dir.path(),
        &[
            "probe",
            &format!("http://127.0.0.1:{pa}"),
            "--record",
            "own.jsonl",
            "--timeout",
            "20s",
        ],
    );
    assert!(
        !text(&o.stdout).contains("CARD-URL-009"),
        "{}",
        text(&o.stdout)
    );
    assert!(around_front(dir.path(), "own.jsonl").is_empty());
}

/// Item 3 (newcomer25 N12): `--record DIR/x.jsonl` with DIR not there created DIR in
/// silence (a mistyped directory went unnoticed). It is still created (scripts rely on
/// `--record out/run1/x.jsonl`), and stderr says so before the proxy listens, naming the
/// topmost directory made; the same for `--report` and for `verify -o`. Legal control: a
/// path in a directory that is there says nothing of the kind.
#[test]
fn an_output_directory_that_is_not_there_is_created_and_said() {
    let (pa, _) = two_port_agent(false);
    let up = format!("http://127.0.0.1:{pa}");
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("new/run1/x.jsonl");
    let rep = dir.path().join("reports/r.md");
    let (proxy, _addr) = start_proxy(&[
        "--upstream",
        &up,
        "--record",
        rec.to_str().unwrap(),
        "--report",
        rep.to_str().unwrap(),
    ]);
    let banner = proxy.banner.join("\n");
    let stderr = proxy.terminate();
    let said = format!(
        "a2a-interop proxy: created directories {}/ and {}/ (they did not exist) for --record {}",
        dir.path().join("new").display(),
        dir.path().join("new/run1").display(),
        rec.display()
    );
    assert!(banner.contains(&said), "{banner}");
    assert!(
        banner.contains(&format!(
            "a2a-interop proxy: created directory {}/ (it did not exist) for --report {}",
            dir.path().join("reports").display(),
            rep.display()
        )),
        "{banner}"
    );
    assert!(rec.is_file() && rep.is_file(), "{stderr}");

    // verify -o into a directory that is not there (a recording with traffic in it)
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let sample = sample.to_str().unwrap();
    let o = run_in(dir.path(), &["verify", sample, "-o", "out/a/r.json"]);
    let err = text(&o.stderr);
    assert!(
        err.contains(
            "a2a-interop: created directories out/ and out/a/ (they did not exist) for out/a/r.json"
        ),
        "{err}"
    );
    assert!(dir.path().join("out/a/r.json").is_file(), "{err}");

    // legal control: the directories are there now
    let again = dir.path().join("new/run1/y.jsonl");
    let (proxy, _addr) = start_proxy(&["--upstream", &up, "--record", again.to_str().unwrap()]);
    let stderr = proxy.terminate();
    assert!(!stderr.contains("created directory"), "{stderr}");
    let o = run_in(dir.path(), &["verify", sample, "-o", "out/a/s.json"]);
    assert!(dir.path().join("out/a/s.json").is_file());
    assert!(
        !text(&o.stderr).contains("created directory"),
        "{}",
        text(&o.stderr)
    );
}

/// Item 4 (newcomer25 N13): `report -o FILE` (and `verify -o FILE`) printed nothing on
/// success, where `export` and the proxy say what they wrote. One stderr line now names
/// each file and its format, the findings and the conformance level. Legal control: a
/// report on standard output (`-o -`) adds no such line, and stdout stays the report alone.
#[test]
fn report_to_a_file_says_what_it_wrote() {
    let dir = tempfile::tempdir().unwrap();
    let sample = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("recordings/refagent-v1.0-rewrite-card.jsonl");
    let sample = sample.to_str().unwrap();
    // the counts the text report's summary line gives
    let o = run_in(dir.path(), &["verify", sample, "--fail-on", "never"]);
    let out = text(&o.stdout);
    let summary = out.lines().last().unwrap().to_string();
    let (counts, rest) = summary.split_once(" in ").unwrap();
    // the level and the reason that decided it, as the summary line gives them
    let level = rest.split("conformance: ").nth(1).unwrap();
    assert!(level.contains(" ("), "{level}");
    let o = run_in(dir.path(), &["report", sample, "-o", "r.md"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        text(&o.stderr).trim_end(),
        format!("a2a-interop: wrote r.md (markdown report): {counts} in 12 exchanges; conformance: {level}")
    );
    assert!(dir.path().join("r.md").is_file());
    let o = run_in(
        dir.path(),
        &[
            "verify", sample, "-f", "json", "-o", "r.json", "-f", "sarif", "-o", "r.sarif",
        ],
    );
    assert_eq!(
        text(&o.stderr).trim_end(),
        format!("a2a-interop: wrote r.json (json report), r.sarif (sarif report): {counts} in 12 exchanges; conformance: {level}")
    );
    // legal control: stdout only
    let o = run_in(dir.path(), &["report", sample, "-f", "json", "-o", "-"]);
    assert_eq!(text(&o.stderr), "");
    assert!(serde_json::from_slice::<serde_json::Value>(&o.stdout).is_ok());
}

/// Item 5 (newcomer25 N14, N15): a proxy without `--rewrite-card` in front of an agent
/// whose card names the agent's own address twice (`url` and an `additionalInterfaces`
/// entry) printed the `--rewrite-card` hint between the card's two CARD-URL-005 lines; and a
/// proxy run printed its own lines as `a2a-interop proxy: ...` but the recorder's and the
/// verifier's notes (an earlier recording overwritten, a body cut at `--capture-cap`, the
/// folded-lines summary) as `a2a-interop: ...`. The hint now follows both finding lines and
/// every line of the run has the one prefix. Legal controls: a card naming the address once
/// gets the hint after its one line; `verify` keeps the `a2a-interop:` prefix.
#[test]
fn hints_follow_their_findings_and_a_proxy_run_has_one_prefix() {
    let (pa, _) = agent_with_card(|pa, _| {
        format!(
            r#"{{"name":"self","description":"d","version":"1","protocolVersion":"0.3.0","url":"http://127.0.0.1:{pa}/","preferredTransport":"JSONRPC","additionalInterfaces":[{{"url":"http://127.0.0.1:{pa}/","transport":"JSONRPC"}},{{"url":"http://127.0.0.1:{pa}/rest","transport":"HTTP+JSON"}}],"capabilities":{{}},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[]}}"#
        )
    });
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("rec.jsonl");
    // an earlier recording there, replaced with --overwrite (the recorder's note)
    std::fs::copy(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("recordings/refagent-v1.0-rewrite-card.jsonl"),
        &rec,
    )
    .unwrap();
    let up = format!("http://127.0.0.1:{pa}");
    let (proxy, addr) = loud_proxy(&[
        "--upstream",
        &up,
        "--record",
        rec.to_str().unwrap(),
        "--overwrite",
        "--capture-cap",
        "2048",
    ]);
    let got = exchange(addr, "GET /.well-known/agent-card.json", "");
    assert!(got.contains("additionalInterfaces"), "{got}");
    // a request body over the cap (the agent answers it -32601)
    let big = format!(
        r#"{{"jsonrpc":"2.0","id":1,"method":"x","params":{{"pad":"{}"}}}}"#,
        "p".repeat(4096)
    );
    assert!(exchange(addr, "POST /", &big).contains("-32601"));
    let stderr = proxy.terminate();
    let lines: Vec<&str> = stderr.lines().collect();
    let findings: Vec<usize> = (0..lines.len())
        .filter(|&i| lines[i].starts_with("note[CARD-URL-005] e1 "))
        .collect();
    assert_eq!(findings.len(), 2, "{stderr}");
    let hint = lines
        .iter()
        .position(|l| l.starts_with("a2a-interop proxy: hint: the Agent Card the client got names the agent's own address"))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        hint > findings[1],
        "the hint stands between its findings:\n{stderr}"
    );
    // one prefix: the recorder's note and the capture-cap note are the proxy's too
    for want in [
        "a2a-interop proxy: note: overwriting ",
        "a2a-interop proxy: note: e2 request body cut at --capture-cap (2048 bytes)",
    ] {
        assert!(stderr.contains(want), "{want}: {stderr}");
    }
    let other: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("a2a-interop") && !l.starts_with("a2a-interop proxy"))
        .collect();
    assert!(other.is_empty(), "{other:?}\n{stderr}");

    // legal control: a card naming the agent's address once: its line, then the hint
    let (pa, _) = two_port_agent(false);
    let up = format!("http://127.0.0.1:{pa}");
    let (proxy, addr) = loud_proxy(&["--upstream", &up, "--no-record"]);
    assert!(exchange(addr, "GET /.well-known/agent-card.json", "").contains("two-port"));
    let stderr = proxy.terminate();
    let lines: Vec<&str> = stderr.lines().collect();
    let f = lines
        .iter()
        .position(|l| l.starts_with("note[CARD-URL-005] e1 "))
        .unwrap_or_else(|| panic!("{stderr}"));
    assert!(
        lines[f + 1].starts_with("a2a-interop proxy: hint: "),
        "{stderr}"
    );
    // another command keeps its prefix
    let o = run_in(dir.path(), &["verify", "rec.jsonl", "-o", "new/r.json"]);
    assert!(
        text(&o.stderr).starts_with("a2a-interop: created directory new/"),
        "{}",
        text(&o.stderr)
    );
}

/// `a2a-interop proxy --listen 127.0.0.1:0 ARGS...` without `-q` (its live finding lines
/// printed), listening within 30 s: the running process and its address.
fn loud_proxy(args: &[&str]) -> (proxy_process::Running, SocketAddr) {
    let run = proxy_process::spawn_until_listening(
        Command::new(BIN)
            .args(["proxy", "--listen", "127.0.0.1:0"])
            .args(args)
            .env_remove("A2A_INTEROP_LOG"),
        Duration::from_secs(30),
    );
    let addr = run.addr.trim_end_matches('/').parse().unwrap();
    (run, addr)
}

/// One request (`line` is method and target, `body` sent with a Content-Length when not
/// empty) to `addr` on its own connection, read to its close (at most 30 s): the answer.
fn exchange(addr: SocketAddr, line: &str, body: &str) -> String {
    let mut c = TcpStream::connect(addr).unwrap();
    c.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let len = if body.is_empty() {
        String::new()
    } else {
        format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        )
    };
    write!(
        c,
        "{line} HTTP/1.1\r\nHost: {addr}\r\n{len}Connection: close\r\n\r\n{body}"
    )
    .unwrap();
    let mut got = String::new();
    let _ = c.read_to_string(&mut got);
    got
}
