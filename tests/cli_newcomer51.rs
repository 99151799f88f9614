//! newcomer51: a newcomer's pass through README and a 2 a.m. engineer's odd inputs.
//! - `repro --finding GW-RESP-006` of a recording whose call got the proxy's own 502 (the
//!   agent reset the connection) wrote a cut and said "wrote min.jsonl ...:
//!   warning[GW-RESP-006]", but `verify min.jsonl` of that cut says "nothing was verified"
//!   (exit 2) and shows no finding: nothing told the user why the cut `verify` refuses is
//!   still the right one, nor what shows the finding again. The same for `repro` of a file
//!   `verify` refuses: its hint said "`verify FILE` lists each finding with its places".

#[path = "common/proxy_process.rs"]
mod proxy_process;

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A recording of one JSON-RPC call that the proxy answered with its own 502 because the
/// agent reset the connection (cut from a real run against an agent that sends RST).
const RESET_CALL: &str = concat!(
    r#"{"type":"recording","format":1,"tool":{"name":"a2a-interop","version":"0.1.0"},"startedAt":"2026-12-06T23:28:06.845Z","mode":"reverse","listen":["127.0.0.1:42959"],"routes":[{"prefix":"/","upstream":"http://127.0.0.1:39387"}],"redacted":true}"#,
    "\n",
    r#"{"seq":46,"t_us":5052445,"exchange":"e7","type":"request_head","conn":7,"method":"POST","url":"http://127.0.0.1:42959/rst","version":"HTTP/1.1","headers":[["host","127.0.0.1:42959"],["content-type","application/json"],["content-length","159"]],"upstream":"http://127.0.0.1:39387/rst"}"#,
    "\n",
    r#"{"seq":47,"t_us":5053279,"exchange":"e7","type":"request_body","body":"{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"message/stream\",\"params\":{\"message\":{\"kind\":\"message\",\"role\":\"user\",\"messageId\":\"m1\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]}}}"}"#,
    "\n",
    r#"{"seq":48,"t_us":5053921,"exchange":"e7","type":"response_head","status":502,"headers":[["content-type","text/plain; charset=utf-8"],["content-length","174"]],"synthetic":true}"#,
    "\n",
    r#"{"seq":49,"t_us":5053924,"exchange":"e7","type":"response_chunk","body":"a2a-interop proxy: upstream http://127.0.0.1:39387/rst answered no valid HTTP response: client error (SendRequest): connection error: Connection reset by peer (os error 104)\n"}"#,
    "\n",
    r#"{"seq":50,"t_us":5053929,"exchange":"e7","type":"exchange_end","outcome":"upstream_error","error":"upstream http://127.0.0.1:39387/rst answered no valid HTTP response: client error (SendRequest): connection error: Connection reset by peer (os error 104)","request_bytes":159,"response_bytes":174}"#,
    "\n",
);

/// `repro` of a finding whose cut `verify` judges nothing says so when it writes it, with
/// the reason and what does show the finding again; `repro` of an ID such a file lacks no
/// longer sends the user to `verify FILE` for the list of its findings.
#[test]
fn repro_of_a_cut_verify_refuses_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("reset.jsonl"), RESET_CALL).unwrap();
    // the premise: verify of the file refuses it (no agent answer to judge), exit 2
    let v = proxy_process::run_in(dir.path(), &["verify", "reset.jsonl"]);
    assert_eq!(v.status.code(), Some(2), "{}", text(&v.stderr));
    assert!(text(&v.stderr).contains("nothing was verified in reset.jsonl"));

    let o = proxy_process::run_in(
        dir.path(),
        &[
            "repro",
            "reset.jsonl",
            "--finding",
            "GW-RESP-006",
            "-o",
            "min.jsonl",
        ],
    );
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    assert_eq!(o.status.code(), Some(0), "{out}{err}");
    assert!(out.contains("warning[GW-RESP-006] at e7"), "{out}");
    assert!(
        err.contains("a2a-interop: note: `a2a-interop verify min.jsonl` judges nothing in this cut (exit 2, \"nothing was verified\"): the one exchange did not reach the agent (the proxy answered it with its own 502"),
        "{err}"
    );
    assert!(
        err.contains("min.sh sends its requests to the agent again"),
        "{err}"
    );
    // and that note is true of the cut
    let v = proxy_process::run_in(dir.path(), &["verify", "min.jsonl"]);
    assert_eq!(v.status.code(), Some(2), "{}", text(&v.stderr));

    // an ID the file lacks: the hint does not send the user to `verify` for the list
    let o = proxy_process::run_in(
        dir.path(),
        &[
            "repro",
            "reset.jsonl",
            "--finding",
            "CARD-URL-002",
            "-o",
            "min2.jsonl",
        ],
    );
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("(1 finding: GW-RESP-006)"), "{err}");
    assert!(!err.contains("lists each finding with its places"), "{err}");
    assert!(
        err.contains("`a2a-interop verify reset.jsonl` judges nothing in it"),
        "{err}"
    );
}
