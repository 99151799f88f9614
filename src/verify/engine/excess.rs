//! HTTP-FRAME-006: bytes an answer carried past its `Content-Length` (`response_excess`).

use super::*;

/// Most answered exchanges kept for bytes past their `Content-Length` that the recording
/// proxy read after the exchange ended (`response_excess` with `late`; [`FramedEnd`]): 64.
/// Such bytes come on the idle connection within milliseconds of the answer's end, before
/// that connection carries another request; a connection is one client's, so 64 later
/// answers of other exchanges in between is a generous bound.
pub(super) const FRAMED_KEPT: usize = 64;

/// An A2A call or card fetch answered complete under a `Content-Length`, with no byte past
/// it by the time it ended ([`State::framed_ends`]).
#[derive(Debug)]
pub(super) struct FramedEnd {
    id: ExchangeId,
    leg: Option<String>,
    resp_seq: u64,
    /// The call, for its name (a card fetch has none: `card` is its request line).
    call: Option<Arc<Call>>,
    card: Option<String>,
    /// The `Content-Length` the answer declared (bytes).
    declared: u64,
}

impl State {
    /// Who wrote the answer on `leg`: the agent, or the gateway on the client leg of a
    /// recording with a gateway's upstream leg (the client leg's answers are the gateway's
    /// own bytes; `interop` has no gateway).
    fn answerer(&self, leg: &Option<String>) -> &'static str {
        if leg.is_none() && self.areas.contains("gateway") {
            "gateway"
        } else {
            "agent"
        }
    }

    /// HTTP-FRAME-006 (RPC-001, REST-001; RFC 9112 §6.3; open46): `x`, an answered A2A call
    /// or card fetch, carried bytes past the body its `Content-Length` framed (the
    /// recording's `response_excess`), told once for the exchange with their count. An
    /// answer framed so without any is kept a while ([`FRAMED_KEPT`]) for bytes read after
    /// the exchange ended ([`State::late_excess`]).
    pub(super) fn body_past_length(&mut self, x: &Exch) {
        if x.excess > 0 {
            let name = call_name(x.call.as_deref(), &x.method, &x.path);
            let ev = vec![x.ev(x.resp_seq), x.ev(x.excess_seq)];
            if let Some(why) = no_content_answer(&x.method, x.status) {
                self.tell_content_where_none(&x.leg, &name, &why, x.excess, ev);
                return;
            }
            let declared = x
                .resp_headers
                .get("content-length")
                .unwrap_or("")
                .trim()
                .to_string();
            self.tell_past_length(&x.leg, &name, &declared, x.excess, false, ev);
            return;
        }
        if x.outcome != Some(Outcome::Complete)
            || x.synthetic
            || self.mode == CaptureMode::Transcript
            || x.resp_headers.contains("transfer-encoding")
        {
            return;
        }
        let Some(declared) = x
            .resp_headers
            .get("content-length")
            .and_then(|v| v.trim().parse::<u64>().ok())
        else {
            return;
        };
        if self.framed_ends.len() >= FRAMED_KEPT {
            self.framed_ends.pop_front();
        }
        let card = x
            .call
            .as_ref()
            .is_none_or(|c| c.method.is_none())
            .then(|| format!("{} {}", x.method, x.path));
        self.framed_ends.push_back(FramedEnd {
            id: x.id.clone(),
            leg: x.leg.clone(),
            resp_seq: x.resp_seq,
            call: x.call.clone(),
            card,
            declared,
        });
    }

    /// A `response_excess` (line `seq`) for exchange `xid` that had already ended: bytes
    /// past its `Content-Length` that the recording proxy read on the idle connection
    /// after the answer's end (`late`). Told as HTTP-FRAME-006 when `xid` is a kept
    /// answer ([`FramedEnd`]), once (later ones for it are the same fault).
    pub(super) fn late_excess(&mut self, xid: &str, bytes: u64, seq: u64) {
        let Some(i) = self.framed_ends.iter().position(|f| &*f.id == xid) else {
            return;
        };
        let Some(f) = self.framed_ends.remove(i) else {
            return;
        };
        let name = match (&f.card, f.call.as_deref().and_then(|c| c.method.as_deref())) {
            (_, Some(m)) => m.to_string(),
            (Some(line), None) => line.clone(),
            (None, None) => "the call".to_string(),
        };
        let ev = vec![
            Evidence::event(f.resp_seq, str::to_string(&f.id)),
            Evidence::event(seq, str::to_string(&f.id)),
        ];
        self.tell_past_length(&f.leg, &name, &f.declared.to_string(), bytes, true, ev);
    }

    fn tell_past_length(
        &mut self,
        leg: &Option<String>,
        name: &str,
        declared: &str,
        bytes: u64,
        late: bool,
        ev: Vec<Evidence>,
    ) {
        let who = self.answerer(leg);
        let when = if late {
            "arrived on the connection after the answer had ended"
        } else {
            "came with it"
        };
        let s = if bytes == 1 { "" } else { "s" };
        self.find(
            &r::HTTP_BODY_PAST_LENGTH,
            format!(
                "the {who} sent {bytes} byte{s} past the end of its answer to {name}: its Content-Length: {declared} frames the body, and the bytes after it {when} (RFC 9112 §6.3: the message ends at that length); a client reads only the declared bytes and takes the rest for the start of its next response on the connection (the recording proxy passed on the framed body, dropped the rest and closed the connection); make the Content-Length count the body's bytes"
            ),
            ev,
            leg,
        );
    }
}

impl State {
    /// HTTP-FRAME-006 for an answer that has no content by its status or request method
    /// ([`no_content_answer`], `why`) and came with `bytes` after its head (attack59: told
    /// as bytes past the Content-Length, whose fix, "make the Content-Length count the
    /// body's bytes", was wrong: no Content-Length frames content there).
    fn tell_content_where_none(
        &mut self,
        leg: &Option<String>,
        name: &str,
        why: &str,
        bytes: u64,
        ev: Vec<Evidence>,
    ) {
        let who = self.answerer(leg);
        let s = if bytes == 1 { "" } else { "s" };
        self.find(
            &r::HTTP_BODY_PAST_LENGTH,
            format!(
                "the {who} sent {bytes} byte{s} of content after the head of its answer to {name}, {why}: such an answer has no content whatever its Content-Length says and ends at the blank line after its head (RFC 9112 §6.3 item 1); a client takes the bytes for the start of its next response on the connection (the recording proxy passed on the head alone, dropped the rest and closed the connection); send the answer without content, or answer 200 with the body"
            ),
            ev,
            leg,
        );
    }
}

/// Why an answer to `method` with `status` has no content (RFC 9112 §6.3 item 1): a
/// `HEAD` request (RFC 9110 §9.3.2), `1xx`, `204 No Content` (§15.3.5) or `304 Not
/// Modified` (§15.4.5); `None` for any other.
fn no_content_answer(method: &str, status: Option<u16>) -> Option<String> {
    match status {
        Some(st @ (100..=199 | 204 | 304)) => Some(format!("a {st}")),
        _ if method.eq_ignore_ascii_case("HEAD") => Some("an answer to HEAD".to_string()),
        _ => None,
    }
}

/// How a finding names the call of an exchange: its method (JSON-RPC, gRPC, REST
/// operation), else its request line (`GET /.well-known/agent-card.json`).
fn call_name(call: Option<&Call>, method: &str, path: &str) -> String {
    match call.and_then(|c| c.method.as_deref()) {
        Some(m) => m.to_string(),
        None => format!("{method} {path}"),
    }
}
