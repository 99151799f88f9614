//! Gateway set-up help for a `proxy` run with several legs (a front, `--listen` /
//! `--upstream`, and `--listener LEG@ADDR=URL` beside it, docs/topologies.md "Gateway
//! verification"): two mistakes leave one leg of the recording silently empty, and this
//! watch says so on stderr while the run goes on (ux48, newcomer47's second wish).
//!
//! * **A leg without traffic.** The gateway still calls the agent directly instead of the
//!   `upstream` listener (or the client calls the gateway around the front): one leg has
//!   [`LegWatch::BUSY`] finished exchanges (card fetches not counted) while another has had
//!   no request at all. One `WARNING` line per run naming the silent leg, its address and
//!   where to point what; the stop says it when the run ended that way before it was said.
//! * **A card that sends the client around the tool.** The Agent Card the client fetched
//!   through the front (CARD-005: clients call the interface URLs the card names) names an
//!   http(s) origin that is neither the front nor a listener: the client's next calls go
//!   there and no leg records them. One `WARNING` line per run with the URL and the fix.
//!   A card naming a listener is said too: the client then calls that leg directly,
//!   around the gateway (and the front).
//!
//! A push receiver's leg (a name with `webhook` or `push` in it: demo's and probe's
//! `agent->webhook`) is no gateway hop and is left out: it is quiet until a notification.
//!
//! Memory: one counter per configured leg, and the body of each client-leg card fetch in
//! flight (at most [`CARD_MAX`] bytes each).

use std::collections::HashMap;

use crate::record::{Event, EventKind};

/// The most bytes of one card body kept to read its URLs (the proxy's card rewrite gives
/// up at the same size, docs/topologies.md).
const CARD_MAX: usize = 1024 * 1024;

/// One configured leg of the run: its name, where it listens and where it sends.
#[derive(Debug, Clone)]
pub struct LegSpec {
    /// The leg's name (`client` for the front without `--leg`).
    pub name: String,
    /// Where its listener accepts (`http://127.0.0.1:8081`).
    pub listen: String,
    /// The upstream URL it forwards to, as given (`http://127.0.0.1:9999`).
    pub upstream: String,
}

#[derive(Debug, Default)]
struct Count {
    requests: u64,
    ended: u64,
}

/// Per-leg traffic of a run with several legs, and the client's card ([module docs](self)).
#[derive(Debug)]
pub struct LegWatch {
    /// The front first, then each `--listener`, in the order given.
    legs: Vec<(LegSpec, Count)>,
    /// Origins that reach the front besides its listen address (`--public-url`).
    front_also: Vec<String>,
    /// Client-leg card fetches in flight: exchange -> (Content-Encoding, body so far).
    cards: HashMap<String, (Option<String>, Vec<u8>)>,
    /// Client-leg card fetches whose card the front rewrote (`--rewrite-card`'s
    /// `card_rewrite` event): the body kept is the rewritten card the client got, and the
    /// agent's own bytes that follow (the recording's `response_chunk`s) are not read.
    rewritten: std::collections::HashSet<String>,
    /// The front runs with `--rewrite-card`: the card line's hint does not ask for it.
    rewrite_card: bool,
    /// Card fetches in flight on any leg: not counted as a leg's traffic (a gateway may
    /// serve its own card, and SDK clients fetch it before every call).
    card_fetches: std::collections::HashSet<String>,
    /// The silent-leg line was printed.
    told_silent: bool,
    /// The card line was printed.
    told_card: bool,
}

/// `scheme://host[:port]` of `url` (the default port left out), or `None` for a URL that
/// is no http(s) one (a gRPC `host:port`).
fn origin(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    matches!(u.scheme(), "http" | "https").then(|| u.origin().ascii_serialization())
}

/// A leg named for push notifications (`webhook`, `push` in its name, any case): the
/// agent calls it when a task changes, not the gateway on each call.
fn receives_pushes(leg: &str) -> bool {
    let l = leg.to_ascii_lowercase();
    l.contains("webhook") || l.contains("push")
}

/// The interface URLs an Agent Card names: 1.0 `supportedInterfaces[].url`, 0.3 `url` and
/// `additionalInterfaces[].url` (CARD-005).
fn card_urls(card: &serde_json::Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(u) = card.get("url").and_then(|v| v.as_str()) {
        out.push(u.to_string());
    }
    for list in ["supportedInterfaces", "additionalInterfaces"] {
        for i in card
            .get(list)
            .and_then(|v| v.as_array())
            .into_iter()
            .flatten()
        {
            if let Some(u) = i.get("url").and_then(|v| v.as_str()) {
                out.push(u.to_string());
            }
        }
    }
    out
}

impl LegWatch {
    /// Finished exchanges on one leg, with none begun on another, before the silent leg is
    /// said: a gateway in the path sends each call on within its own exchange, so three
    /// answered calls with nothing upstream are no timing accident.
    pub const BUSY: u64 = 3;

    /// A watch over `legs` (the front first), `None` when the run has fewer than two legs.
    /// `public_url` is the front's `--public-url`, another address clients reach it at.
    /// Listeners of a leg named before are that leg's too (the events do not tell them
    /// apart: a gRPC port beside the card's, both `client`, docs/usage.md): counted with it,
    /// and a card naming one of the front's names the front.
    pub fn new(legs: Vec<LegSpec>, public_url: Option<&str>) -> Option<LegWatch> {
        let mut front_also: Vec<String> = public_url.and_then(origin).into_iter().collect();
        let mut kept: Vec<(LegSpec, Count)> = Vec::new();
        // a push receiver's leg (`agent->webhook` of demo and probe, a `--listener
        // webhook@...`) is quiet until a notification comes: no gateway hop, not watched
        for l in legs.into_iter().filter(|l| !receives_pushes(&l.name)) {
            match kept.iter().position(|(k, _)| k.name == l.name) {
                Some(0) => front_also.extend(origin(&l.listen)),
                Some(_) => {}
                None => kept.push((l, Count::default())),
            }
        }
        if kept.len() < 2 {
            return None;
        }
        Some(LegWatch {
            legs: kept,
            front_also,
            cards: HashMap::new(),
            rewritten: std::collections::HashSet::new(),
            rewrite_card: false,
            card_fetches: std::collections::HashSet::new(),
            told_silent: false,
            told_card: false,
        })
    }

    /// The watch of a front that runs with `--rewrite-card` (`on`): the card line then
    /// judges the card as rewritten, and its hint does not ask for the flag again.
    #[must_use]
    pub fn rewriting_cards(mut self, on: bool) -> LegWatch {
        self.rewrite_card = on;
        self
    }

    fn leg_index(&self, ev: &Event) -> Option<usize> {
        let name = ev.leg.as_deref().unwrap_or("client");
        self.legs.iter().position(|(l, _)| l.name == name)
    }

    /// The stderr lines (none or one) the event `ev` calls for.
    pub fn lines(&mut self, ev: &Event) -> Vec<String> {
        let Some(i) = self.leg_index(ev) else {
            return Vec::new();
        };
        let exchange = ev.exchange.as_deref().unwrap_or("-");
        let mut out = Vec::new();
        match &ev.kind {
            EventKind::RequestHead { method, url, .. } => {
                self.legs[i].1.requests += 1;
                let path = url.split(['?', '#']).next().unwrap_or(url);
                let card = method == "GET"
                    && (path.ends_with("/.well-known/agent-card.json")
                        || path.ends_with("/.well-known/agent.json"));
                if card {
                    self.card_fetches.insert(exchange.to_string());
                }
                if i == 0 && card && !self.told_card {
                    // the origin the client addressed reaches the front too
                    if let Some(o) = origin(url) {
                        if !self.front_also.contains(&o) {
                            self.front_also.push(o);
                        }
                    }
                    self.cards.insert(exchange.to_string(), (None, Vec::new()));
                }
            }
            EventKind::ResponseHead {
                status, headers, ..
            } => {
                if let Some(c) = self.cards.get_mut(exchange) {
                    if (200..300).contains(status) {
                        c.0 = headers.get("content-encoding").map(str::to_string);
                    } else {
                        self.cards.remove(exchange);
                    }
                }
            }
            // The front served the client this card, not the agent's bytes that the
            // recording's chunks keep (newcomer60: a gateway's card naming its own address,
            // rewritten to the front's, was said to send the client around the proxy)
            EventKind::CardRewrite { body, .. } => {
                if let Some(c) = self.cards.get_mut(exchange) {
                    *c = (None, body.data.to_vec());
                    self.rewritten.insert(exchange.to_string());
                }
            }
            EventKind::ResponseChunk { body } if !self.rewritten.contains(exchange) => {
                if let Some(c) = self.cards.get_mut(exchange) {
                    if c.1.len() + body.data.len() > CARD_MAX || body.truncated {
                        self.cards.remove(exchange);
                    } else {
                        c.1.extend_from_slice(&body.data);
                    }
                }
            }
            EventKind::ExchangeEnd { .. } => {
                if !self.card_fetches.remove(exchange) {
                    self.legs[i].1.ended += 1;
                }
                self.rewritten.remove(exchange);
                if let Some((coding, body)) = self.cards.remove(exchange) {
                    out.extend(self.card_line(exchange, coding.as_deref(), &body));
                }
                if !self.told_silent {
                    if let Some(line) = self.silent_line(Self::BUSY) {
                        self.told_silent = true;
                        out.push(line);
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// The line for the first leg without a request while another leg finished `busy`
    /// exchanges or more.
    fn silent_line(&self, busy: u64) -> Option<String> {
        let (busy_leg, c) = self.legs.iter().find(|(_, c)| c.ended >= busy)?;
        let (silent, _) = self.legs.iter().find(|(_, c)| c.requests == 0)?;
        let front = &self.legs[0].0;
        let what = if silent.name == front.name {
            format!(
                "the client calls around the front: point it at {} (the front) and serve it a card that names the front (--rewrite-card)",
                front.listen
            )
        } else {
            format!(
                "the hop in front of leg {} (the gateway) still calls {} directly; point it at {} (the listener of leg {}) instead",
                silent.name, silent.upstream, silent.listen, silent.name
            )
        };
        Some(format!(
            "a2a-interop proxy: WARNING: leg {} ({}) has had no request while leg {} has finished {}: that leg of the recording stays empty and the gateway rules (GW-*) judge nothing; hint: {what}",
            silent.name, silent.listen, busy_leg.name, c.ended
        ))
    }

    /// The line for a client-leg card whose interface URLs name neither the front nor a
    /// listener, or name a listener (the client then skips the gateway).
    fn card_line(&mut self, exchange: &str, coding: Option<&str>, body: &[u8]) -> Option<String> {
        let body = crate::model::coding::decode(coding, body, CARD_MAX).ok()?;
        let card: serde_json::Value = serde_json::from_slice(&body).ok()?;
        let front = &self.legs[0].0;
        let mut fronts: Vec<String> = origin(&front.listen).into_iter().collect();
        fronts.extend(self.front_also.iter().cloned());
        for u in card_urls(&card) {
            let Some(o) = origin(&u) else { continue };
            if fronts.contains(&o) {
                continue;
            }
            let listener = self.legs[1..]
                .iter()
                .find(|(l, _)| origin(&l.listen).as_deref() == Some(o.as_str()));
            let line = match listener {
                Some((l, _)) => format!(
                    "a2a-interop proxy: WARNING: the Agent Card the client got through the front ({exchange}) names {u}, the listener of leg {}: the client will call that leg directly, around the gateway and the front (leg {} records nothing of it); hint: make the gateway rewrite the card it passes on to name its own address, this proxy's --upstream {} (the front's --rewrite-card then names the front)",
                    l.name, front.name, front.upstream
                ),
                None => {
                    let agent = self.legs[1..].iter().find(|(l, _)| {
                        origin(&l.upstream).as_deref() == Some(o.as_str())
                    });
                    let whose = match agent {
                        Some((l, _)) => format!(
                            ", the address of the agent behind leg {} (the gateway passed the agent's card on unrewritten)",
                            l.name
                        ),
                        None => String::new(),
                    };
                    // with --rewrite-card on, the card judged is the rewritten one: a URL
                    // left as it was names no address the rewrite maps
                    let fix = if self.rewrite_card {
                        format!(
                            "make the gateway rewrite the card it passes on to name its own address, this proxy's --upstream {} (--rewrite-card maps only that address to the front)",
                            front.upstream
                        )
                    } else {
                        format!(
                            "run with --rewrite-card (each listener then serves the card naming itself) and make the gateway rewrite the card it passes on to name its own address, this proxy's --upstream {}",
                            front.upstream
                        )
                    };
                    format!(
                        "a2a-interop proxy: WARNING: the Agent Card the client got through the front ({exchange}) names {u}{whose}: neither the front ({}) nor a listener, so the client's next calls go there, around the proxy, and no leg records them; hint: {fix}",
                        front.listen
                    )
                }
            };
            self.told_card = true;
            return Some(line);
        }
        None
    }

    /// At the stop: the silent-leg line when some leg had traffic and another none and it
    /// was not said during the run (fewer than [`LegWatch::BUSY`] exchanges).
    pub fn summary(&self) -> Vec<String> {
        if self.told_silent {
            return Vec::new();
        }
        self.silent_line(1).into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_leave_default_ports_out_and_skip_grpc() {
        assert_eq!(
            origin("http://127.0.0.1:80/a").as_deref(),
            Some("http://127.0.0.1")
        );
        assert_eq!(
            origin("https://h.example:8443/").as_deref(),
            Some("https://h.example:8443")
        );
        assert_eq!(origin("127.0.0.1:50051"), None);
    }

    fn spec(name: &str, port: u16) -> LegSpec {
        LegSpec {
            name: name.into(),
            listen: format!("http://127.0.0.1:{port}"),
            upstream: "http://127.0.0.1:9999".into(),
        }
    }

    #[test]
    fn listeners_of_one_leg_are_one_leg() {
        // `--upstream CARD_PORT --listener client@ADDR=GRPC_PORT`: both the client leg
        assert!(LegWatch::new(vec![spec("client", 8080), spec("client", 8082)], None).is_none());
        let w = LegWatch::new(
            vec![
                spec("client", 8080),
                spec("client", 8082),
                spec("upstream", 8081),
            ],
            None,
        )
        .unwrap();
        assert_eq!(w.legs.len(), 2);
        assert_eq!(w.front_also, ["http://127.0.0.1:8082"]);
    }

    #[test]
    fn a_push_receivers_leg_is_not_watched() {
        // demo's and probe's webhook listener, a user's --listener webhook@...
        assert!(LegWatch::new(
            vec![spec("client", 8080), spec("agent->webhook", 8083)],
            None
        )
        .is_none());
        assert!(LegWatch::new(vec![spec("client", 8080), spec("Push", 8083)], None).is_none());
        let w = LegWatch::new(
            vec![
                spec("client", 8080),
                spec("webhook", 8083),
                spec("upstream", 8081),
            ],
            None,
        )
        .unwrap();
        assert_eq!(w.legs.len(), 2);
        assert_eq!(w.legs[1].0.name, "upstream");
    }

    /// newcomer60: a gateway's card naming its own address (the front's `--upstream`)
    /// reaches the client rewritten to the front's: no line. The same card unrewritten (no
    /// `--rewrite-card`) does send the client around the front: the line, asking for it.
    #[test]
    fn the_card_judged_is_the_one_the_client_got() {
        let ev = |seq: u64, json: &str| -> Event {
            let line = format!(r#"{{"seq":{seq},"t_us":{seq},"exchange":"e1",{json}}}"#);
            serde_json::from_str(&line).unwrap()
        };
        let gateway_card = r#"{"name":"g","supportedInterfaces":[{"url":"http://127.0.0.1:8000/agents/echo/","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}"#;
        let front_card = gateway_card.replace("127.0.0.1:8000", "127.0.0.1:8080");
        let quoted = |c: &str| serde_json::to_string(c).unwrap();
        let fetch = [
            ev(
                1,
                r#""type":"request_head","method":"GET","url":"http://127.0.0.1:8080/agents/echo/.well-known/agent-card.json","headers":[]"#,
            ),
            ev(
                2,
                r#""type":"response_head","status":200,"headers":[["content-type","application/json"]]"#,
            ),
        ];
        let rewrite = ev(
            3,
            &format!(
                r#""type":"card_rewrite","body":{},"pointers":["/supportedInterfaces/0/url"]"#,
                quoted(&front_card)
            ),
        );
        let chunk = ev(
            4,
            &format!(r#""type":"response_chunk","body":{}"#, quoted(gateway_card)),
        );
        let end = ev(5, r#""type":"exchange_end","outcome":"complete""#);
        let legs = || {
            vec![
                LegSpec {
                    name: "client".into(),
                    listen: "http://127.0.0.1:8080".into(),
                    upstream: "http://127.0.0.1:8000".into(),
                },
                spec("upstream", 8081),
            ]
        };
        let run = |w: &mut LegWatch, evs: &[&Event]| -> Vec<String> {
            evs.iter().flat_map(|e| w.lines(e)).collect()
        };
        let mut w = LegWatch::new(legs(), None).unwrap().rewriting_cards(true);
        let said = run(&mut w, &[&fetch[0], &fetch[1], &rewrite, &chunk, &end]);
        assert!(said.is_empty(), "{said:?}");
        let mut w = LegWatch::new(legs(), None).unwrap();
        let said = run(&mut w, &[&fetch[0], &fetch[1], &chunk, &end]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            said[0].contains("names http://127.0.0.1:8000/agents/echo/: neither the front")
                && said[0].contains("hint: run with --rewrite-card"),
            "{said:?}"
        );
        // --rewrite-card on, a URL it leaves (another address than the --upstream): the
        // line, without asking for the flag given
        let elsewhere = gateway_card.replace("127.0.0.1:8000", "10.0.0.7:9999");
        let chunk = ev(
            4,
            &format!(r#""type":"response_chunk","body":{}"#, quoted(&elsewhere)),
        );
        let mut w = LegWatch::new(legs(), None).unwrap().rewriting_cards(true);
        let said = run(&mut w, &[&fetch[0], &fetch[1], &chunk, &end]);
        assert_eq!(said.len(), 1, "{said:?}");
        assert!(
            !said[0].contains("run with --rewrite-card")
                && said[0].contains("(--rewrite-card maps only that address to the front)"),
            "{said:?}"
        );
    }

    #[test]
    fn card_urls_of_both_generations() {
        let c = serde_json::json!({"url": "http://a/", "additionalInterfaces": [{"url": "http://b/"}],
            "supportedInterfaces": [{"url": "http://c/"}]});
        assert_eq!(card_urls(&c), ["http://a/", "http://c/", "http://b/"]);
    }
}
