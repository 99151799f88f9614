//! review25: what CARD-URL-002 says when a JSON-RPC url that answered other calls answers
//! one method with an HTTP error page (the url is right; the method needs a JSON-RPC
//! error). The rule and severity are checked by `verify_cases`.

mod common;

use common::{only_message as message, verify_variant as run};

#[test]
fn json_rpc_url_that_answered_before_is_called_right() {
    for case in [
        "b25r-2-v10-rpc-url-answers-send-then-404-to-list",
        "b25r-2-v10-rpc-url-answers-send-then-501-page-to-list",
    ] {
        let out = run(case);
        let m = message(&out, "CARD-URL-002");
        assert!(
            m.contains("JSON-RPC interface url https://h.example.test/rpc answered HTTP")
                && m.contains("to ListTasks with no JSON-RPC response")
                && m.contains("so the url is right"),
            "{case}: {m}"
        );
        let help = &out
            .findings
            .iter()
            .find(|f| f.rule == "CARD-URL-002")
            .unwrap()
            .help;
        assert!(
            help.contains("-32601") && !help.contains("advertise the URL"),
            "{case}: {help}"
        );
    }
}
