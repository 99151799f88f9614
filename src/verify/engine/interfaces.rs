//! What an Agent Card's URLs and interfaces promise, and whether calls use them as advertised.

use super::*;

impl State {
    pub(super) fn card_urls(
        &mut self,
        x: &Exch,
        view: &AgentCardView,
        bseq: u64,
        rw: Option<(&CardRewriteRec, &AgentCardView)>,
        base: &str,
    ) {
        self.areas.insert("card-url");
        let fetch = x.parts.clone();
        let fetch_base = x
            .path
            .strip_suffix("/.well-known/agent-card.json")
            .or_else(|| x.path.strip_suffix("/.well-known/agent.json"))
            .or_else(|| x.path.strip_suffix("/v1/card"))
            .unwrap_or("")
            .to_string();
        if x.leg.is_none() && base.is_empty() {
            self.client_card_seen = true;
        }
        // Gateway (GW-RESP-004): the agent's own card on the upstream leg is kept; the
        // client-leg card it was rewritten into is compared with it below.
        if x.leg.as_deref() == Some("upstream") && base.is_empty() {
            if self.up_cards.len() >= MAX_UP_CARDS {
                self.up_cards.pop_front();
            }
            self.up_cards.push_back(UpCard {
                exchange: str::to_string(&x.id),
                seq: bseq,
                fetch_base: fetch_base.clone(),
                urls: view
                    .interfaces
                    .iter()
                    .map(|i| (i.pointer().to_string(), i.url.clone()))
                    .collect(),
            });
        }
        let up_card = if x.leg.is_none() && !self.up_cards.is_empty() {
            self.gw_pairs
                .iter()
                .rev()
                .find(|p| *p.client == *x.id)
                .and_then(|p| self.up_cards.iter().find(|c| c.exchange == p.up))
                .map(|c| {
                    (
                        c.exchange.clone(),
                        c.seq,
                        c.fetch_base.clone(),
                        c.urls.clone(),
                    )
                })
        } else {
            None
        };
        // GW-RESP-004 (CARD-005; mine58 f1315, agentic-layer/agent-gateway-krakend's typed
        // rewriter): the agent's card names interface urls, and the card the gateway made of
        // it names none a client can use (a 1.0 card read into a 0.3 struct loses its
        // supportedInterfaces and gains "url": "").
        if let Some((uid, useq, _, urls)) = up_card.as_ref() {
            let usable = |binding: &str, url: &str| {
                !url.trim().is_empty()
                    && (parse_url(url).is_some() || grpc_target_url(binding, url).is_some())
            };
            let up_first = urls.iter().find(|(_, u)| parse_url(u).is_some());
            let left = view.interfaces.iter().any(|i| usable(&i.binding, &i.url));
            if let (Some((up_ptr, up_url)), false) = (up_first, left) {
                let got = match view.interfaces.iter().find(|i| i.url.trim().is_empty()) {
                    Some(i) => format!("names no interface but an empty url at {}", i.pointer()),
                    None => "names no interface url a client can use".to_string(),
                };
                let lost = if up_ptr.starts_with("/supportedInterfaces") && !view.has_v1_fields {
                    " (its supportedInterfaces are gone: the 1.0 card was passed on in 0.3's layout, as a rewrite that reads the card into a 0.3 model writes it)"
                } else {
                    ""
                };
                self.find(
                    &r::GW_CARD_REWRITE_BROKEN,
                    format!(
                        "gateway passed the agent card on without an interface url: the agent's card (upstream leg) names {up_url}, and the card the client got {got}{lost}, so a client that discovers the agent through the gateway has no endpoint to call"
                    ),
                    vec![
                        x.ev_at(bseq, base, None),
                        Evidence {
                            seq: *useq,
                            exchange: Some(uid.clone()),
                            pointer: Some(up_ptr.clone()),
                            found: Some(Value::String(up_url.clone())),
                        },
                    ],
                    &None,
                );
            }
        }
        let mut seen: HashSet<String> = HashSet::new();
        for itf in &view.interfaces {
            if !seen.insert(itf.url.clone()) {
                // A second binding at the same URL (JSONRPC and HTTP+JSON side by side).
                let twin = if itf.binding.eq_ignore_ascii_case("JSONRPC") {
                    Some(Binding::JsonRpc)
                } else if itf.binding.eq_ignore_ascii_case("HTTP+JSON") {
                    Some(Binding::Rest)
                } else {
                    None
                };
                if let Some(a) = self.advertised.get_mut(&itf.url) {
                    // review29a: the same binding in another version at the same URL (a
                    // 0.3 and a 1.0 HTTP+JSON interface side by side, 0.3 listed first):
                    // 1.0's routes sit directly below the URL as well, whatever the order.
                    if twin == Some(Binding::Rest)
                        && a.binding == twin
                        && itf
                            .version
                            .as_deref()
                            .is_some_and(|v| v.trim().starts_with('1'))
                    {
                        a.rest_1x = true;
                    }
                    if twin.is_some() && a.binding.is_some() && a.binding != twin {
                        a.twin = twin;
                        a.twin_pointer = Some(itf.pointer().to_string());
                        // q28a: a 1.x HTTP+JSON twin's routes sit directly below the URL.
                        a.rest_1x |= twin == Some(Binding::Rest)
                            && itf
                                .version
                                .as_deref()
                                .is_some_and(|v| v.trim().starts_with('1'));
                    }
                }
                continue;
            }
            // The agent's url at this place of its card when the gateway changed it.
            let agent_url = up_card.as_ref().and_then(|(_, _, _, urls)| {
                urls.iter()
                    .find(|(p, _)| p == itf.pointer())
                    .filter(|(_, u)| *u != itf.url)
                    .map(|(_, u)| u.as_str())
            });
            // CARD-URL-012 (CARD-005): a template or variable nobody filled in
            // (inite-brain-service #483: `/companies/{companyId}/mcp`). Judged before the
            // URL is parsed: a brace makes it no URI at all (RFC 3986).
            if let Some(ph) = net::url_placeholder(&itf.url) {
                let ptr = [base, itf.pointer()].concat();
                let fetched = if x.path.is_empty() {
                    "an unknown path".to_string()
                } else {
                    x.path.clone()
                };
                self.find(
                    &r::CARD_URL_PLACEHOLDER,
                    format!(
                        "card interface url {} (at {ptr}, card fetched from {fetched}) holds the unexpanded placeholder {ph}: no client can call it, it either refuses the url or sends the braces literally; an interface declares the URL clients call (CARD-005, 1.0 §8.3.1), so fill the placeholder in when the card is served",
                        itf.url
                    ),
                    vec![x.ev_at(bseq, &ptr, Some(Value::String(itf.url.clone())))],
                    &x.leg,
                );
                // Its host and scheme are the placeholder's, not an address: the other
                // verdicts on this url (internal host, plain http, ...) would only restate it.
                continue;
            }
            // What makes the rewritten url unusable (GW-RESP-004), in the wire's words.
            let mut broken: Vec<String> = Vec::new();
            // gRPC interfaces are often written as a gRPC target (`host:port`,
            // `dns:///host:port`) without a URL scheme: its authority is judged like a
            // URL's (CARD-005, breaker14 P4).
            let target = grpc_target_url(&itf.binding, &itf.url);
            let target_parts = target.as_deref().and_then(parse_url);
            let Some(u) = (match &target {
                Some(_) => target_parts.as_ref(),
                None => itf.parts(),
            }) else {
                continue;
            };
            // A gRPC target is shown as the card wrote it (`127.0.0.1:50051`), not as the
            // `https://` origin it is read as (newcomer30 N1).
            let shown_origin = if target.is_some() {
                itf.url.clone()
            } else {
                u.origin()
            };
            let ptr = [base, itf.pointer()].concat();
            let found = Some(Value::String(itf.url.clone()));
            if let Some((_, orig)) = rw.filter(|(rw, _)| rw.pointers.contains(&ptr)) {
                self.bind_all_rewritten(x, orig, itf, bseq, &ptr);
            }
            // A rewritten URL cites the `card_rewrite` event and names the agent's own URL;
            // in a `probe` / `interop` run the rewrite is the driver's inner proxy, which
            // its findings never name (docs/topologies.md; newcomer60): the agent's URL alone.
            let (bseq, shown) = match rw {
                Some((rw, orig)) if rw.pointers.contains(&ptr) => {
                    let agents = orig
                        .interfaces
                        .iter()
                        .find(|o| o.pointer() == itf.pointer() && o.url != itf.url)
                        .map(|o| o.url.as_str());
                    let shown = match agents {
                        Some(a) if self.driver.is_some() => a.to_owned(),
                        Some(a) => format!("{} (rewritten from {a})", itf.url),
                        None => itf.url.clone(),
                    };
                    (rw.seq, shown)
                }
                _ => (bseq, itf.url.clone()),
            };
            let upstream_view = self.mode == CaptureMode::Reverse
                && self.upstreams.iter().any(|up| {
                    // `localhost` and `127.0.0.1` name one agent (newcomer31 N1)
                    up.same_listener(u) || (target.is_some() && grpc_target_is(u, up))
                });
            let grpc = itf.binding.eq_ignore_ascii_case("GRPC");
            let around = !upstream_view
                && self.card_url_around_front(x, u, &ptr, bseq, &found, (grpc, &shown_origin));
            if !upstream_view && !around && x.card_rewrite.is_none() {
                // `--rewrite-card` gave up on a URL on another host: the recorder is
                // bypassed all the same (breaker16b T2); said on the card, not only on stderr.
                if let (Some(reason), Some(f)) = (&x.card_rewrite_skipped, &fetch) {
                    if f.origin() != u.origin() {
                        let msg = match self.driver.as_deref() {
                            // the run records its own calls to that origin apart; a client
                            // given the card would leave the agent's origin
                            Some(driver) => format!(
                                "card advertises {}, and the {driver} run's recording proxy left it ({reason}): clients that follow the card call {} directly",
                                u.origin(),
                                u.origin()
                            ),
                            None => format!(
                                "card advertises {}, which is neither the proxy the client fetched it from ({}) nor its upstream, and --rewrite-card could not rewrite it ({reason}): clients that follow it bypass the recorder, and this recording holds none of their calls",
                                u.origin(),
                                f.origin()
                            ),
                        };
                        self.find(
                            &r::CARD_URL_BYPASSES_PROXY,
                            msg,
                            vec![x.ev_at(bseq, &ptr, found.clone())],
                            &x.leg,
                        );
                    }
                }
            }
            if upstream_view && x.card_rewrite.is_none() {
                // The agent advertising its own address is normal behind a proxy; when
                // `--rewrite-card` gave up on this card, say that the proxy is at fault.
                let why = match (&x.card_rewrite_skipped, self.driver.as_deref()) {
                    (Some(reason), Some(driver)) => format!(
                        " and the {driver} run's recording proxy could not rewrite it ({reason}; not the agent's fault)"
                    ),
                    (Some(reason), None) => format!(
                        " and --rewrite-card could not rewrite it ({reason}; not the agent's fault)"
                    ),
                    (None, _) => String::new(),
                };
                self.find(
                    &r::CARD_URL_BYPASSES_PROXY,
                    format!("card advertises the proxy's upstream {shown_origin}{why} so clients that follow it bypass the recorder"),
                    vec![x.ev_at(bseq, &ptr, found.clone())],
                    &x.leg,
                );
            }
            // Doubled path segments (CARD-005/006).
            let mut doubled = false;
            if let Some((start, len)) = doubled_run(&u.path) {
                let segs = net::segments(&u.path);
                let run = segs[start..start + len].join("/");
                let next = segs
                    .get(start + len..start + 2 * len)
                    .map(|s| s.join("/"))
                    .unwrap_or_default();
                // The card's own fetch path proves the doubled path is real: no finding.
                let fetch_also = fetch_base.contains(&format!("{run}/{next}"));
                // A glued prefix (`/a2a/tick` + `/a2a/tock`) counts only when the card was
                // fetched under the first prefix: the gateway glued its public prefix onto
                // the backend's (a plain repetition needs no such proof).
                let glue_proven = run == next || fetch_base.contains(&format!("/{run}"));
                // Name a glued prefix as such (agentgateway #2981: /a2a/tick/a2a/tock/ holds
                // no repeated run, it holds the backend's /a2a/tock after the public /a2a/tick).
                let what = if run == next {
                    format!("repeats the path segments /{run}/")
                } else {
                    format!("glues the prefix /{next}/ onto /{run}/")
                };
                if !fetch_also && glue_proven && agent_url.is_some() {
                    broken.push(what);
                } else if !fetch_also && glue_proven {
                    doubled = true;
                    // Held until the end: a later successful call to this URL proves
                    // the repeated segment real (kagent's `/api/a2a/echo/echo/`).
                    let msg = format!(
                        "card interface url {what} (card fetched from {})",
                        if x.path.is_empty() {
                            "an unknown path"
                        } else {
                            &x.path
                        }
                    );
                    self.pending_doubled.push((
                        itf.url.clone(),
                        msg,
                        vec![x.ev_at(bseq, &ptr, found.clone())],
                        x.leg.clone(),
                    ));
                }
            }
            let _ = doubled;
            // Loopback / bind-all / internal authority fetched from another, routable host.
            if let Some(f) = &fetch {
                let uc = host_class(&u.host);
                let fc = host_class(&f.host);
                let loopish = matches!(uc, HostClass::Loopback | HostClass::BindAll);
                // A card fetched through 0.0.0.0 was fetched on the agent's own host (the
                // kernel sends a connect to the bind-all address to this host): a loopback
                // URL reaches the same place for that client.
                // ... unless this recording proxy on loopback fetched it from an agent on
                // another host (`request_head.upstream`): a client following 0.0.0.0 then
                // connects to its own host, where no agent listens (review32).
                let remote_agent = x.upstream_parts.as_ref().filter(|up| {
                    !matches!(
                        host_class(&up.host),
                        HostClass::Loopback | HostClass::BindAll
                    )
                });
                let fetched_locally = matches!(fc, HostClass::Loopback | HostClass::BindAll)
                    && remote_agent.is_none();
                let fetched_from = match remote_agent {
                    Some(up) if up.host != f.host => {
                        format!("{} (through the recording proxy at {})", up.host, f.host)
                    }
                    _ => f.host.clone(),
                };
                let internal = u.host != f.host
                    && !upstream_view
                    && uc.is_internal()
                    && (fc == HostClass::Public || (loopish && !fetched_locally));
                // A gateway's rewrite into an internal host name on a card its client fetched
                // on loopback (breaker45 card-internal-host): the agent's own url reached the
                // agent, the rewritten one names neither the front the client used nor the
                // gateway behind it (`fetched_locally`: that upstream is on loopback too), a
                // service name only the cluster (or a compose network) resolves. A private
                // address may be this very host's, which a client on loopback reaches.
                let rewritten_inward = agent_url.is_some()
                    && fetched_locally
                    && uc == HostClass::InternalName
                    && !u.host.eq_ignore_ascii_case(&f.host);
                if (internal || rewritten_inward) && agent_url.is_some() {
                    broken.push(format!(
                        "points at {} ({}) although the client fetched the card from {fetched_from}",
                        uc.describe(),
                        u.host,
                    ));
                } else if !internal && uc == HostClass::BindAll && agent_url.is_none() {
                    // The bind-all address on a card fetched on the agent's own host (a
                    // local run, through this proxy on loopback): it connects here by a
                    // kernel's grace, nowhere else (newcomer31 N5; the SDK agents with
                    // A2A_HOST=0.0.0.0; docker-agent #1679, rossoctl/examples #139).
                    let msg = format!(
                        "card interface url {} names the bind-all address {}, the address a server listens on, not one a client connects to: it connects only because the card was fetched on the agent's own host ({}); clients on another host, in a container or a browser, and any client on Windows, cannot reach the agent there",
                        itf.url, u.host, f.host
                    );
                    let ev = x.ev_at(bseq, &ptr, found.clone());
                    if x.leg.as_deref() != Some("upstream") {
                        self.find(&r::CARD_URL_BIND_ALL, msg, vec![ev], &x.leg);
                    } else if !self.client_card_seen && self.held_bind_all.len() < MAX_UP_CARDS {
                        // the gateway's fetch of the agent's card: what the gateway's
                        // clients got is judged on the client leg, when recorded
                        self.held_bind_all.push_back((msg, ev));
                    }
                } else if internal {
                    self.find(
                        &r::CARD_URL_INTERNAL_AUTHORITY,
                        format!(
                            "card interface url points at {} ({}) but the card was fetched from {fetched_from}",
                            uc.describe(),
                            u.host,
                        ),
                        vec![x.ev_at(bseq, &ptr, found.clone())],
                        &x.leg,
                    );
                }
                // A card served over https that sends its clients to plain http on the same
                // host (AUTH-004, CARD-005): the agent (or the gateway that rewrote the url)
                // built it from the cleartext hop behind a TLS-terminating proxy
                // (agentgateway #1031, xagent #882). Loopback hosts are development setups.
                // A TLS-terminating front before this recorder that reported the client's
                // https (RFC 7239 `Forwarded: proto=https`, `X-Forwarded-Proto: https`, for
                // the host the card names) counts as the client's https fetch (openclaw
                // #150087, mine56 f1229: the gateway built its card url from its own
                // plain-http socket and ignored the header).
                let fwd_https = || {
                    let own = x.origin.as_deref().unwrap_or_default();
                    net::forwarded_origin(|n| x.req_headers.get(n), own)
                        .and_then(|o| parse_url(&o))
                        .filter(|o| o.scheme.eq_ignore_ascii_case("https"))
                };
                let tls_front = if f.scheme.eq_ignore_ascii_case("https") {
                    Some((f.host.clone(), f.path.clone(), ""))
                } else {
                    fwd_https().map(|o| {
                        (
                            o.host,
                            x.path.clone(),
                            ", as the TLS-terminating front in front of it reported (X-Forwarded-Proto / Forwarded)",
                        )
                    })
                };
                let plain = tls_front.is_some()
                    && u.scheme.eq_ignore_ascii_case("http")
                    && itf
                        .url
                        .get(..7)
                        .is_some_and(|s| s.eq_ignore_ascii_case("http://"))
                    && tls_front
                        .as_ref()
                        .is_some_and(|(h, _, _)| u.host.eq_ignore_ascii_case(h))
                    && !upstream_view
                    && uc != HostClass::Loopback;
                if plain && agent_url.is_some() {
                    broken.push(format!(
                        "is plain http although the client fetched the card over https from {}",
                        tls_front.as_ref().map_or(f.host.as_str(), |t| t.0.as_str())
                    ));
                } else if let (true, Some((host, path, via))) = (plain, tls_front.as_ref()) {
                    self.pending_plain.push((
                        itf.url.clone(),
                        format!(
                            "card fetched over https (https://{host}{path}{via}) advertises the plain-http interface url {shown}"
                        ),
                        vec![x.ev_at(bseq, &ptr, found.clone())],
                        x.leg.clone(),
                    ));
                }
                // The gateway appended the agent's own path prefix (where it fetched the
                // card upstream) after its public prefix (agentgateway #3500).
                if let Some((_, _, up_base, _)) = up_card.as_ref().filter(|_| agent_url.is_some()) {
                    let glued = !up_base.is_empty()
                        && !fetch_base.is_empty()
                        && up_base != &fetch_base
                        && u.path
                            .strip_prefix(fetch_base.as_str())
                            .is_some_and(|rest| {
                                rest.starts_with(&format!("{up_base}/")) || rest == up_base
                            });
                    if glued {
                        broken.push(format!(
                            "appends the agent's own path {up_base} (where the gateway fetched the card upstream) after the public prefix {fetch_base}"
                        ));
                    }
                }
                // The reverse (mine58 f1314): the url rewritten to exactly the public prefix
                // the card was fetched under, cutting off the path of the agent's own url
                // below the base the gateway fetched the card from. A gateway may route
                // that prefix to the agent's endpoint itself, so it is held until a call to
                // the url is forwarded upstream to another path ([`State::gw_path_dropped`]).
                if let (Some((_, _, up_base, _)), Some(from)) = (up_card.as_ref(), agent_url) {
                    let agent_parts = parse_url(from);
                    let agent_path = agent_parts
                        .as_ref()
                        .map(|a| net::norm_path(&a.path).trim_end_matches('/').to_string())
                        .unwrap_or_default();
                    let own = agent_path
                        .strip_prefix(up_base.trim_end_matches('/'))
                        .unwrap_or("")
                        .to_string();
                    let public = net::norm_path(&u.path).trim_end_matches('/').to_string();
                    if !fetch_base.is_empty()
                        && own.len() > 1
                        && public == fetch_base.trim_end_matches('/')
                        && self.gw_path_dropped.len() < MAX_UP_CARDS
                    {
                        let (uid, useq) = up_card
                            .as_ref()
                            .map(|c| (c.0.clone(), c.1))
                            .unwrap_or_default();
                        self.gw_path_dropped.push_back(GwPathDropped {
                            public_path: public,
                            public_url: itf.url.clone(),
                            agent_url: from.to_string(),
                            agent_path,
                            evidence: vec![
                                x.ev_at(bseq, &ptr, found.clone()),
                                Evidence {
                                    seq: useq,
                                    exchange: Some(uid),
                                    pointer: Some(itf.pointer().to_string()),
                                    found: Some(Value::String(from.to_string())),
                                },
                            ],
                            told: false,
                        });
                    }
                }
            }
            if let (Some(from), Some((uid, useq, _, _))) = (agent_url, up_card.as_ref()) {
                if !broken.is_empty() {
                    self.find(
                        &r::GW_CARD_REWRITE_BROKEN,
                        format!(
                            "gateway rewrote the agent card's interface url {from} (upstream leg) to {}, which {}",
                            itf.url,
                            broken.join(" and ")
                        ),
                        vec![
                            x.ev_at(bseq, &ptr, found.clone()),
                            Evidence {
                                seq: *useq,
                                exchange: Some(uid.clone()),
                                pointer: Some(itf.pointer().to_string()),
                                found: Some(Value::String(from.to_string())),
                            },
                        ],
                        &None,
                    );
                }
            }
            // AUTH-TLS-004 of this URL, after its root cause if one was told above.
            if let Some((msg, ev)) = self.held_tls.take() {
                let (seq, ptr) = ev
                    .first()
                    .map_or((0, None), |e| (e.seq, e.pointer.as_deref()));
                let msg = tls_downgrade_cause(&self.out, seq, ptr, msg);
                self.find(&r::TLS_CARD_DOWNGRADE, msg, ev, &x.leg);
            }
            // Card document or operation path instead of the endpoint base.
            let p = u.path.as_str();
            // A card in a JSON-RPC result (`GetExtendedAgentCard`) was fetched from the
            // endpoint itself: there the same URL is the right one.
            let same_doc = base.is_empty()
                && fetch.as_ref().is_some_and(|f| {
                    f.same_origin(u) && net::norm_path(&f.path) == net::norm_path(p)
                });
            let op_route = rest_route("POST", p).filter(|rt| {
                matches!(
                    rt.op,
                    Op::SendMessage
                        | Op::SendStreamingMessage
                        | Op::CancelTask
                        | Op::CreatePushConfig
                )
            });
            // The authenticated extended card document (0.3 §7.10 `GET
            // /agent/authenticatedExtendedCard`, 1.0 HTTP+JSON `GET /extendedAgentCard`):
            // a card, not an endpoint (breaker14 P16).
            let np = net::norm_path(p);
            let extended_doc = np.ends_with("/agent/authenticatedExtendedCard")
                || np.ends_with("/extendedAgentCard")
                || np.ends_with("/v1/card");
            let not_endpoint = same_doc || is_card_path(p) || extended_doc || op_route.is_some();
            if not_endpoint {
                let what = if op_route.is_some() {
                    "an operation route"
                } else if extended_doc && !np.ends_with("/v1/card") {
                    "the authenticated extended agent card document"
                } else {
                    "the agent card document"
                };
                self.find(
                    &r::CARD_URL_NOT_RPC_ENDPOINT,
                    format!("card interface url {shown} is {what}, not the interface endpoint"),
                    vec![x.ev_at(bseq, &ptr, found.clone())],
                    &x.leg,
                );
            }
            let reported =
                not_endpoint || self.advertised.get(&itf.url).is_some_and(|a| a.reported);
            let answered = self.advertised.get(&itf.url).is_some_and(|a| a.answered);
            let answered_below = self
                .advertised
                .get(&itf.url)
                .is_some_and(|a| a.answered_below);
            let redirected = self.advertised.get(&itf.url).is_some_and(|a| a.redirected);
            let misused = self.advertised.get(&itf.url).is_some_and(|a| a.misused);
            let tenant = itf
                .tenant
                .clone()
                .or_else(|| self.advertised.get(&itf.url).and_then(|a| a.tenant.clone()));
            let binding = if itf.binding.eq_ignore_ascii_case("JSONRPC") {
                Some(Binding::JsonRpc)
            } else if itf.binding.eq_ignore_ascii_case("HTTP+JSON") {
                Some(Binding::Rest)
            } else {
                None
            };
            self.advertised.insert(
                itf.url.clone(),
                Advertised {
                    card_exchange: str::to_string(&x.id),
                    card_seq: bseq,
                    pointer: ptr,
                    url: itf.url.clone(),
                    shown,
                    parts: u.clone(),
                    exact: itf.binding.eq_ignore_ascii_case("JSONRPC"),
                    reported,
                    redirected,
                    answered,
                    answered_below,
                    rest_1x: itf.binding.eq_ignore_ascii_case("HTTP+JSON")
                        && itf
                            .version
                            .as_deref()
                            .is_some_and(|v| v.trim().starts_with('1')),
                    binding,
                    grpc: itf.binding.eq_ignore_ascii_case("GRPC"),
                    misused,
                    tenant,
                    twin: None,
                    twin_pointer: None,
                },
            );
        }
    }

    /// CARD-URL-013 (CARD-005, CARD-006; left42, breaker41): the card of exchange `x` was
    /// fetched over plain http at `plain` (`scheme://host:port`) and advertises https at
    /// `u`, the same host and port. One port speaks TLS or not (a listener that sniffs both,
    /// port unification, is rare), so a client that follows the card starts a TLS
    /// handshake against the listener that just answered in cleartext and fails: the
    /// classic TLS-terminating load balancer whose `X-Forwarded-Proto: https` the agent
    /// joined to its internal Host and port. Legal, and not held:
    /// - the card request itself says a TLS front stood before the recorded hop
    ///   (`Forwarded: proto=https`, `X-Forwarded-Proto: https`): the deployment may be
    ///   right (the front on that port number of the public host);
    ///
    /// and held to the end ([`State::flush_tls_on_plain`]), dropped when an https call to
    /// `u`'s origin is answered after the card (that port speaks both). The reverse (a card
    /// fetched over https advertising http at the same host and port) is AUTH-TLS-004's.
    fn tls_on_plain_port(
        &mut self,
        x: &Exch,
        plain: &UrlParts,
        u: &UrlParts,
        ptr: &str,
        bseq: u64,
        found: &Option<Value>,
    ) {
        let own_origin = x.origin.as_deref().unwrap_or_default();
        let fronted = net::forwarded_origin(|n| x.req_headers.get(n), own_origin)
            .and_then(|p| parse_url(&p))
            .is_some_and(|p| p.scheme.eq_ignore_ascii_case("https"));
        let origin = u.origin();
        if fronted || self.tls_on_plain.iter().any(|h| h.0 == origin) {
            return;
        }
        let msg = format!(
            "agent card fetched over plain http at {} advertises the interface {}: the same host and port with TLS; that port answered the card without TLS, so clients that follow the card start a TLS handshake it does not speak and fail before any A2A call (the recording shows no https call answered there)",
            net::origin_shown(&plain.origin()),
            net::origin_shown(&origin)
        );
        self.tls_on_plain.push((
            origin,
            msg,
            vec![x.ev_at(bseq, ptr, found.clone())],
            x.leg.clone(),
        ));
    }

    /// Tells the CARD-URL-013 held by [`State::tls_on_plain_port`] whose origin no https
    /// call answered.
    pub(super) fn flush_tls_on_plain(&mut self) {
        for (origin, msg, ev, leg) in std::mem::take(&mut self.tls_on_plain) {
            if !self.https_answered.contains(&origin) {
                self.areas.insert("card");
                self.find(&r::CARD_URL_TLS_ON_PLAIN_PORT, msg, ev, &leg);
            }
        }
    }

    /// CARD-URL-009 (CARD-005) and AUTH-TLS-004 (AUTH-004) for interface URL `u` of the
    /// card of exchange `x` (`ptr`, `bseq`, `found`: its evidence). The card was fetched at
    /// `x.parts` (the client-facing origin) and, in reverse mode, from the upstream(s):
    /// - CARD-URL-009: `u` is on one of those hosts but at another origin (port or scheme)
    ///   than all of them: a client following the card goes around the gateway / TLS or
    ///   auth front / this proxy it fetched the card through (breaker16b T2, T4);
    /// - AUTH-TLS-004: the card was fetched over https (by the client, or by the proxy
    ///   from an https upstream) and `u` is plain http other than the origin the client
    ///   fetched it from: the card downgrades its clients.
    ///
    /// `grpc`: (the interface is a GRPC one, `u` as the card wrote it). A gRPC server
    /// listens on a port of its own (the SDKs' gRPC server beside their HTTP one), so a
    /// GRPC interface on another port of the card's host is judged only where a proxy of
    /// the user's own (`proxy`, reverse mode) proves what the card goes around; a URL
    /// naming one of that proxy's own listeners on the card's leg is reached through it
    /// (newcomer30 N1).
    ///
    /// Returns whether CARD-URL-009 fired. One finding per card exchange and rule.
    pub(super) fn card_url_around_front(
        &mut self,
        x: &Exch,
        u: &UrlParts,
        ptr: &str,
        bseq: u64,
        found: &Option<Value>,
        (grpc, grpc_shown): (bool, &str),
    ) -> bool {
        let Some(f) = x.parts.as_deref() else {
            return false;
        };
        // The upstream this exchange reached comes first, so that the front named is the
        // one that served the card, not the first of several (`interop`'s agent B for a
        // card of agent A: newcomer29 N1).
        let ups: Vec<UrlParts> = if self.mode == CaptureMode::Reverse {
            let own = x
                .upstream_parts
                .as_deref()
                .filter(|p| self.upstreams.iter().any(|r| r.origin() == p.origin()));
            own.into_iter()
                .cloned()
                .chain(
                    self.upstreams
                        .iter()
                        .filter(|r| own.is_none_or(|p| r.origin() != p.origin()))
                        .cloned(),
                )
                .collect()
        } else {
            Vec::new()
        };
        let fronts = || std::iter::once(f).chain(ups.iter());
        // `http://host/` next to `https://host/` (ports 80 and 443) is one site whose port 80
        // usually redirects to 443: a sloppy scheme in the card, not a way around the front
        // (a legal HAR of breaker10 calls the https twin of such a URL). Not judged here.
        let site_pair = |o: &UrlParts| {
            let web = |a: &UrlParts, b: &UrlParts| {
                a.scheme.eq_ignore_ascii_case("https")
                    && a.port == 443
                    && b.scheme.eq_ignore_ascii_case("http")
                    && b.port == 80
            };
            o.host.eq_ignore_ascii_case(&u.host) && (web(o, u) || web(u, o))
        };
        if fronts().any(site_pair) {
            return false;
        }
        // A front before the proxy named the origin its client used (RFC 7239 `Forwarded`,
        // `X-Forwarded-Proto` / `-Host`): a card naming that origin is where clients reach
        // the agent (`proxy --trust-forwarded`, breaker16b T10), not a way around it.
        // (`x.origin` is `f.origin()`, formatted at the request head; origins compared by
        // their parts, perf32)
        let own_origin = x.origin.as_deref().unwrap_or_default();
        if let Some(public) = net::forwarded_origin(|n| x.req_headers.get(n), own_origin) {
            if parse_url(&public).is_some_and(|p| p.same_origin(u)) {
                return false;
            }
        }
        // The public base `proxy --public-url` rewrote the card to (recorded in the
        // header): the front's origin, where clients reach the agent (T10's leftover).
        if self
            .public_origin
            .as_deref()
            .is_some_and(|po| po == u.origin())
        {
            return false;
        }
        let tls_fetch = fronts().find(|o| o.scheme.eq_ignore_ascii_case("https"));
        // The client's own plain-http hop (to this proxy) is its choice, not the card's.
        if u.scheme.eq_ignore_ascii_case("http") && !u.same_origin(f) {
            if let Some(t) = tls_fetch {
                if self.auth_reported.insert(format!("card-tls\u{0}{}", x.id)) {
                    self.areas.insert("auth");
                    let by = if t.origin() == f.origin() {
                        "the client fetched it over https"
                    } else {
                        "the proxy fetched it from its https upstream"
                    };
                    // Told after the URL's other checks (CARD-URL-003, GW-RESP-004 may be
                    // its root cause): [`tls_downgrade_cause`]. Origins as a person
                    // writes them, without the default port (breaker27 G17).
                    self.held_tls = Some((
                        format!(
                            "agent card served at {} ({by}) advertises the plain-http interface {}: clients that follow the card send their messages and credentials in cleartext",
                            net::origin_shown(&t.origin()),
                            net::origin_shown(&u.origin())
                        ),
                        vec![x.ev_at(bseq, ptr, found.clone())],
                    ));
                }
            }
        }
        // A GRPC interface written as a gRPC target (`127.0.0.1:50051`, `dns:///host:443`),
        // the form the SDKs' own cards use, names an address and no scheme: it is read as
        // `https://` only to judge its authority, and whether a client dials it with TLS is
        // its channel's setting (breaker56: every gRPC card fetched through the proxy was
        // told CARD-URL-013, "advertises https on a plain-http port").
        let target_form = grpc && grpc_target_url("GRPC", grpc_shown).is_some();
        if let Some(o) = fronts().filter(|_| !target_form).find(|o| {
            o.scheme.eq_ignore_ascii_case("http")
                && u.scheme.eq_ignore_ascii_case("https")
                && o.host.eq_ignore_ascii_case(&u.host)
                && o.port == u.port
        }) {
            self.tls_on_plain_port(x, o, u, ptr, bseq, found);
        }
        if fronts().any(|o| o.host.eq_ignore_ascii_case(&u.host) && o.port == u.port) {
            return false;
        }
        if self.names_own_listener(x, u)
            || (grpc && (self.driver.is_some() || self.mode != CaptureMode::Reverse))
        {
            return false;
        }
        // The upstream the card came from names the front better than the proxy's address.
        // Another port only: one listener named with another scheme (a gRPC port written
        // https) is no way around anything.
        let Some(front) = ups
            .iter()
            .chain(std::iter::once(f))
            .find(|o| o.host.eq_ignore_ascii_case(&u.host) && o.port != u.port)
        else {
            return false;
        };
        // Two https ports of one public host can both be public (the card on 443, the API
        // on 8443): only a front this recording proves (reverse mode, a rewrite that gave
        // up), an https front naming plain http or an internal host makes the other port
        // the agent's own.
        // A card found by its shape at a path of its own (a registry's `/v0/agents/foo`,
        // [`State::card_at_own_path`]) is often another agent's card that a registry or
        // catalogue on the same host lists: its internal host proves no front (review30a).
        let own_path_card =
            x.call.as_ref().is_some_and(|c| c.op == Some(Op::GetCard)) && !is_card_path(&x.path);
        let proven = self.mode == CaptureMode::Reverse
            || x.card_rewrite_skipped.is_some()
            || (front.scheme.eq_ignore_ascii_case("https")
                && u.scheme.eq_ignore_ascii_case("http"))
            || (host_class(&u.host).is_internal() && !own_path_card);
        if !proven {
            return false;
        }
        // origins as a person writes them, without the default port (breaker27 G17)
        let front = net::origin_shown(&front.origin()).to_string();
        let f_origin = f.origin();
        let f_shown = net::origin_shown(&f_origin);
        let uo = if grpc {
            grpc_shown.to_string()
        } else {
            net::origin_shown(&u.origin()).to_string()
        };
        if !self
            .auth_reported
            .insert(format!("card-front\u{0}{}", x.id))
        {
            return true;
        }
        // Worded after where the card came from (newcomer25 N11): a client's fetch through
        // `proxy` (with or without `--rewrite-card`), or the prober's own (its recording
        // proxy is an inner part the user never started, and it records the calls it makes
        // to the card's URLs wherever they point).
        let msg = match self.driver {
            // the run's recording proxy and its card rewrite are its own inner parts: the
            // card, the front and the URL are what the user can act on
            Some(_) => format!(
                "card served by {front} advertises {uo}: the same host on another port or scheme, so clients that follow the card go around {front} (its TLS, authentication and routing)"
            ),
            None => {
                let why = match &x.card_rewrite_skipped {
                    Some(reason) => format!(" (--rewrite-card left it: {reason})"),
                    None => String::new(),
                };
                let via = if front == f_shown {
                    String::new()
                } else {
                    format!(" (fetched through the proxy at {f_shown})")
                };
                // Only a reverse proxy stands in front of the agent: a transcript or HAR had
                // no recorder there (newcomer30: "this recorder; their calls are not in this
                // recording" where there was none), and a forward proxy records the calls
                // to the other port too (the client sends them all through it).
                if self.mode != CaptureMode::Reverse {
                    format!(
                        "card served by {front}{via} advertises {uo}{why}: the same host on another port or scheme, so clients that follow the card go around {front} (its TLS, authentication and routing)"
                    )
                } else {
                    format!(
                        "card served by {front}{via} advertises {uo}{why}: the same host on another port or scheme, so clients that follow the card go around {front} (its TLS, authentication, routing and this recorder); their calls are not in this recording"
                    )
                }
            }
        };
        let mut f = Finding::new(&r::CARD_URL_AROUND_FRONT, msg);
        if self.driver.is_some() {
            // no `a2a-interop proxy --rewrite-card` the user never ran (newcomer25 N11)
            f.help = "advertise the URL clients use: the front's public scheme, host, port and prefix (set the agent's public base URL, or let the front rewrite the card), not the agent's own listen address behind the front".into();
        }
        f.evidence = vec![x.ev_at(bseq, ptr, found.clone())];
        f.leg = x.leg.clone();
        self.emit(f);
        true
    }

    /// BIND-USE-003 (CARD-005, 1.0 \u{a7}8.3.2; mine30b f640, a2a-js #734): records the
    /// interface of the card a client's A2A call used, the entry of the card's interface
    /// list with the call's binding and version whose url the call sits at (JSON-RPC:
    /// exactly; other bindings: at or below it, the longest such url). Judged at the end
    /// ([`Self::preferred_interface_skipped`]).
    pub(super) fn note_interface_use(&mut self, x: &Exch) {
        let Some(c) = x.call.as_deref() else { return };
        let (Some(b), Some(d)) = (c.binding, c.dialect) else {
            return;
        };
        if matches!(c.op, None | Some(Op::GetCard)) || x.synthetic {
            return;
        }
        let Some(p) = x.parts.as_ref() else { return };
        let Some(card) = self.card_for(x).filter(|c| c.bind_use_pairs) else {
            return;
        };
        let bname = match b {
            Binding::JsonRpc => "JSONRPC",
            Binding::Rest => "HTTP+JSON",
            Binding::Grpc => "GRPC",
        };
        let path = net::norm_path(&p.path);
        let mut best: Option<(usize, usize)> = None;
        for (k, i) in card.view.interfaces.iter().enumerate() {
            // Only the 1.0 ordered list (\u{a7}8.3.1); a hybrid card's 0.3 members are
            // another view of the same endpoints.
            if !i.pointer().starts_with("/supportedInterfaces")
                || !i.binding.eq_ignore_ascii_case(bname)
                || i.version.as_deref().and_then(Dialect::from_version) != Some(d)
            {
                continue;
            }
            let Some(u) = i.parts() else { continue };
            let base = net::norm_path(&u.path);
            // the same origin (`scheme://host:port`), compared by its parts: no string built
            let fits = u.port == p.port
                && u.scheme == p.scheme
                && u.host == p.host
                && (base == path
                    || (b != Binding::JsonRpc
                        && path.strip_prefix(base).is_some_and(|r| r.starts_with('/'))));
            if fits && best.is_none_or(|(_, l)| base.len() > l) {
                best = Some((k, base.len()));
            }
        }
        let Some((k, _)) = best else { return };
        let card = Arc::clone(card);
        let use_ = || (x.req_seq, str::to_string(&x.id), x.leg.clone());
        match self.m30b_iface_use.get_mut(card.exchange.as_str()) {
            Some(uses) => {
                if !uses.iter().any(|(j, _)| *j == k) {
                    uses.push((k, use_()));
                }
            }
            None => {
                self.m30b_iface_use
                    .insert(card.exchange.clone(), vec![(k, use_())]);
                self.m30b_iface_cards
                    .entry(card.exchange.clone())
                    .or_insert(card);
            }
        }
    }

    /// BIND-USE-003 at the end of the recording: for each card, the first used interface
    /// with an earlier entry of the same binding (letter case aside), the same protocol
    /// version, the same tenant and another url that no client call used. Once per card.
    pub(super) fn preferred_interface_skipped(&mut self) {
        let mut cards: Vec<(String, Arc<CardRec>)> = std::mem::take(&mut self.m30b_iface_cards)
            .into_iter()
            .collect();
        cards.sort_by_key(|(_, c)| c.seq);
        for (cx, card) in cards {
            // this card's uses, by interface (one scan per card: perf31)
            let mut used: Vec<(usize, IfaceUse)> =
                self.m30b_iface_use.remove(&cx).unwrap_or_default();
            used.sort_by_key(|(k, _)| *k);
            let ifs = &card.view.interfaces;
            let mode = self.mode;
            let hit = used.iter().find_map(|(j, at)| {
                let later = ifs.get(*j)?;
                let dv = later.version.as_deref().and_then(Dialect::from_version)?;
                ifs[..*j]
                    .iter()
                    .enumerate()
                    .find(|(i, e)| {
                        !used.iter().any(|(k, _)| k == i)
                            && earlier_interface_visible(mode, &e.url, &later.url)
                            && e.pointer().starts_with("/supportedInterfaces")
                            && e.binding.eq_ignore_ascii_case(&later.binding)
                            && e.version.as_deref().and_then(Dialect::from_version) == Some(dv)
                            && e.tenant == later.tenant
                            && net::norm_path(&e.url) != net::norm_path(&later.url)
                    })
                    .map(|(_, e)| {
                        (
                            e.pointer().to_string(),
                            e.url.clone(),
                            later.clone(),
                            at.clone(),
                        )
                    })
            });
            let Some((first_ptr, first_url, later, (seq, xid, leg))) = hit else {
                continue;
            };
            self.areas.insert("interop");
            self.find(
                &r::BIND_USE_PREFERRED_SKIPPED,
                format!(
                    "client called {} ({}, {} {}) and never tried {first_url}, the earlier entry {} of the same binding and version: 1.0 \u{a7}8.3.2 has clients select the first supported interface and prefer earlier entries, so the agent's preferred endpoint got no traffic",
                    later.url,
                    later.pointer().trim_end_matches("/url"),
                    later.binding,
                    later.version.as_deref().unwrap_or(""),
                    first_ptr.trim_end_matches("/url")
                ),
                vec![
                    Evidence::event(seq, xid),
                    Evidence {
                        seq: card.seq,
                        exchange: Some(card.exchange.clone()),
                        pointer: Some(first_ptr.clone()),
                        found: Some(Value::String(first_url.clone())),
                    },
                ],
                &leg,
            );
        }
    }

    /// Whether client-leg exchange `x` has a gateway twin on the upstream leg that the agent
    /// answered with an A2A answer (a JSON-RPC response, an HTTP+JSON JSON body or a
    /// stream; [`State::gw_ended`]) while `x` itself got no A2A answer (no JSON, or JSON of
    /// the gateway's own): the gateway replaced it.
    fn agent_answered_twin(&self, x: &Exch) -> bool {
        if x.leg.is_some() || self.gw_pairs.is_empty() {
            return false;
        }
        // The client's body is no A2A answer: no JSON, or JSON that is neither a JSON-RPC
        // response nor an HTTP+JSON A2A error (a gateway's own {"message": ...}, breaker46
        // error-own-json).
        let client_a2a = x.resp_decoded_coded().ok().is_some_and(|b| {
            matches!(
                LegAnswer::of(&b),
                LegAnswer::RpcResult | LegAnswer::RpcError(..) | LegAnswer::RestError(..)
            )
        });
        // left59 item 3 (f1314): an agent that itself refused the forwarded copy with a
        // 404 / 405 page (`{"detail": "Method Not Allowed"}`, JSON but no A2A answer) was
        // passed on, not turned into a page by the gateway: the url the client's card
        // names does not answer, and CARD-URL-002 tells it as on the client leg alone
        !client_a2a
            && self
                .gw_pairs
                .iter()
                .rev()
                .find(|p| *p.client == *x.id)
                .and_then(|p| self.gw_ended.get(&p.up))
                .is_some_and(|u| {
                    u.answer.is_a2a()
                        && !(matches!(u.status, Some(404 | 405)) && u.answer == LegAnswer::Json)
                })
    }

    /// Whether client-leg exchange `x` has a gateway twin on the upstream leg that ended
    /// with the agent's A2A error while `x` got another error in its own binding (the
    /// agent's HTTP+JSON TASK_NOT_FOUND handed on as JSON-RPC -32603, or another JSON-RPC
    /// code on one binding): the gateway altered the answer, GW-RESP-002 at `x`'s end
    /// ([`State::gw_answer_replaced`]), so the client leg's answer is not judged as the
    /// agent's error code (RPC-ERROR-001; open49 item 4).
    pub(super) fn gw_error_replaced(&self, x: &Exch) -> bool {
        if x.leg.is_some() || self.gw_pairs.is_empty() {
            return false;
        }
        let Some(u) = self
            .gw_pairs
            .iter()
            .rev()
            .find(|p| *p.client == *x.id)
            .and_then(|p| self.gw_ended.get(&p.up))
        else {
            return false;
        };
        let Ok(b) = x.resp_decoded_coded() else {
            return false;
        };
        let c = LegAnswer::of(&b);
        match (&c, &u.answer) {
            (LegAnswer::RpcError(k, _), LegAnswer::RpcError(j, _)) => k != j,
            _ => c.other_a2a_error_across_bindings(&u.answer),
        }
    }

    /// Whether 404/405 body `o` to JSON-RPC call `x` (at `p`) is a router's page rather than
    /// the agent's answer (CARD-URL-002, CARD-005): no `jsonrpc` member and no A2A error
    /// code (-32001..-32099) in it, at a JSON-RPC interface URL of a card that has not
    /// answered a POST there yet. An agent that answered there before and now answers a
    /// task call with a bare `{"error": ...}` 404 serves the URL (its answer's shape is
    /// another rule's matter).
    fn router_page_to_rpc_call(&self, x: &Exch, p: &UrlParts, o: &Obj) -> bool {
        let rpc_call = x
            .call
            .as_deref()
            .is_some_and(|c| c.binding == Some(Binding::JsonRpc));
        if !rpc_call || !x.method.eq_ignore_ascii_case("POST") || o.contains_key("jsonrpc") {
            return false;
        }
        let a2a_code = |v: Option<&Json>| {
            v.and_then(Json::as_i64)
                .is_some_and(|n| (-32099..=-32001).contains(&n))
        };
        if a2a_code(o.get("code")) || o.get("error").is_some_and(|e| a2a_code(e.get("code"))) {
            return false;
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path);
        let at_url: Vec<_> = self
            .advertised
            .values()
            .filter(|a| {
                a.rpc_at_url() && a.at_origin(p, &origin) && net::norm_path(&a.parts.path) == path
            })
            .collect();
        !at_url.is_empty() && at_url.iter().all(|a| !a.answered)
    }

    /// CARD-URL-002: a request to an advertised URL answered 404/405 (a gRPC call also
    /// 415 without grpc-status, [`grpc_refused_as_media`]), or never answered
    /// while no request to that URL has been answered before (one unanswered call among
    /// answered ones is the agent failing that call, not a wrong URL).
    pub(super) fn check_advertised_use(&mut self, x: &Exch) {
        let Some(p) = &x.parts else { return };
        // A leg is a hop behind a gateway, not the client's own call; except in an
        // `interop` recording, whose legs are its two directions (`A->B`, `B->A`): there
        // the prober's own calls (named by their agent URL) are each a client following the
        // card (q29b: an advertised URL that refused every connection was no CARD-URL-002 in
        // interop, only the recording proxy's 502 as GW-RESP-006).
        if self.behind_hop(x) {
            return;
        }
        self.note_interface_use(x);
        // The URL or route is not served there: 404 / 405, or a 501 page that is no A2A
        // answer (a front's "Not Implemented"; mine24a), see [`not_implemented_page`].
        let unrouted = matches!(x.status, Some(404) | Some(405))
            || not_implemented_page(x)
            || grpc_refused_as_media(x);
        // A CORS preflight (`OPTIONS`) or a `HEAD` is answered by whatever fronts the URL
        // (a gateway's CORS filter answers 204 for any path): no A2A call, so neither proof
        // that the URL serves the binding nor that it does not (CARD-005, breaker14 P1).
        if x.method.eq_ignore_ascii_case("OPTIONS") || x.method.eq_ignore_ascii_case("HEAD") {
            return;
        }
        // A client that called the https twin of a plain-http interface url (same host
        // and path) with an answer shows the agent serves it over TLS there: the card's
        // scheme misled nobody in this recording (CARD-URL-008 dropped; breaker10's Chrome HAR).
        if !self.pending_plain.is_empty()
            && p.scheme.eq_ignore_ascii_case("https")
            && x.status.is_some_and(|s| (200..300).contains(&s))
        {
            let path = net::norm_path(&p.path).to_string();
            self.pending_plain.retain(|d| {
                parse_url(&d.0).is_none_or(|u| {
                    let base = net::norm_path(&u.path);
                    !(u.host.eq_ignore_ascii_case(&p.host)
                        && (path == base || path.starts_with(&format!("{base}/"))))
                })
            });
        }
        if self.check_binding_use(x, p) {
            return;
        }
        // A call whose route a gateway rewrote (GW-REQ-002) failed at the gateway's hands:
        // the client followed the card, the card's URL is not what is wrong.
        if self.gw_rerouted(&x.id) {
            return;
        }
        // A 404/405 the gateway made of the agent's A2A answer to the forwarded copy (its
        // error page for the agent's TaskNotFoundError: GW-RESP-002, breaker40 E10): the
        // agent serves that route.
        if unrouted && self.agent_answered_twin(x) {
            return;
        }
        // A 1.0 client that spelled the 0.3 route (`{url}/v1/message:send`) on a 1.x
        // HTTP+JSON interface did not follow the card (its routes sit directly below the
        // URL, 1.0:§11): the 404 is the right answer to the client's path (breaker9b).
        if unrouted {
            if let Some(k) = self.client_added_v1(x, p) {
                if self.client_v1_prefix(x, p, &k) {
                    return;
                }
            }
            // The reverse (mine29b, a2a-go #269): 1.0's route form without the 0.3 prefix
            // `/v1` below a 0.x HTTP+JSON interface, whose routes sit below `{url}/v1`.
            if let Some(k) = self.client_dropped_v1(x, p) {
                self.client_v1_missing(x, p, &k);
                return;
            }
        }
        if matches!(x.status, Some(301..=303) | Some(307) | Some(308))
            && !x.synthetic
            && self.auth_redirect(x, p)
        {
            return;
        }
        // 307/308 keep the method, but clients that do not follow redirects (a2a-python's
        // httpx client by default) fail there: the advertised URL is not the endpoint
        // (CARD-005), e.g. Starlette's trailing-slash redirect (CARD-URL-007).
        if matches!(x.status, Some(307) | Some(308)) && !x.synthetic {
            self.check_redirected_use(x, p);
            return;
        }
        // CARD-005: only a failure to reach the URL (refused, unknown host, unreachable) is
        // evidence that it is wrong. A call still open when the capture stopped, or one the
        // agent reset after connecting (HTTP-FRAME-002), proves nothing about the URL.
        let no_answer = no_answer_cause(x);
        if matches!(no_answer, Some(NoAnswer::Reached | NoAnswer::Unknown)) {
            return;
        }
        let never = no_answer == Some(NoAnswer::NotReached);
        let failed = match (x.status, x.synthetic, x.outcome) {
            (Some(404) | Some(405), false, _) => {
                Some(format!("answered HTTP {}", x.status.unwrap_or(0)))
            }
            (Some(501), false, _) if unrouted => {
                Some("answered HTTP 501 with a \"Not Implemented\" page (no A2A error)".to_string())
            }
            // grpc58: a gRPC call refused for its content-type application/grpc, no
            // grpc-status: an HTTP server that is no gRPC one answers the url
            (Some(415), false, _) if grpc_refused_as_media(x) => Some(
                "answered HTTP 415 to a gRPC call (no grpc-status: the server there refuses content-type application/grpc, so it is no gRPC server)".to_string(),
            ),
            // A 301/302/303 turns the client's POST into a GET (RFC 9110 §15.4): the call never
            // reaches the agent (an http:// card behind a TLS proxy, cap-js/agents #75).
            // 307/308 keep the method and are followed.
            (Some(301) | Some(302) | Some(303), false, _)
                if x.method.eq_ignore_ascii_case("POST") =>
            {
                Some(format!(
                    "answered HTTP {} (a redirect that turns the POST into a GET) to {}",
                    x.status.unwrap_or(0),
                    x.resp_headers.get("location").unwrap_or("nowhere")
                ))
            }
            // the recording's own 502/504: its cause in the transport's words (breaker15b
            // R18: "the proxy answered for it" told a probe user nothing)
            (Some(502) | Some(504), true, _) => Some(
                match x
                    .end_error
                    .as_deref()
                    .map(str::trim)
                    .filter(|e| !e.is_empty())
                {
                    Some(e) if e.to_ascii_uppercase().contains("REFUSED") => {
                        format!("refused the connection, nothing listens there ({e})")
                    }
                    Some(e) => format!("could not be reached ({e})"),
                    None => "could not be reached (no answer at all)".to_string(),
                },
            ),
            (None, _, Some(Outcome::UpstreamError)) => Some(format!(
                "could not be reached ({})",
                x.end_error.as_deref().unwrap_or("no connection")
            )),
            _ => None,
        };
        let answer = x.status.is_some() && !x.synthetic;
        let Some(how) = failed else {
            if answer
                && self
                    .advertised
                    .values()
                    .any(|a| !a.answered || (a.routes_below() && !a.answered_below))
            {
                self.mark_answered(p, &x.method);
            }
            return;
        };
        // A 404/405 on an operation route of an HTTP+JSON interface that answered before
        // (GetTask of an unknown id answered by a framework's default 404 page) is the
        // agent's error answer, judged by REST-ERROR-001 (breaker8 G1).
        if unrouted && self.rest_route_of_answered_interface(x) {
            return;
        }
        // left59 item 1 (TASK-003, ERR-002, ERR-003, REST-003): a 501 page to an HTTP+JSON
        // operation on a task the agent handed out in this recording (the task went live
        // over JSON-RPC, say, so no HTTP+JSON route answered before): only the agent knows
        // that task, so the call reached it and the route is there; the refusal lacks the
        // A2A error in the binding's shape, REST-ERROR-001's (`rest_error_not_json`), not
        // this rule's "does not serve that operation". A 404 / 405 stays judged here.
        if self.rest_501_on_known_task(x) {
            return;
        }
        // A 404/405 to a route the client spelled in other letter case (`/Message:send`)
        // is the right answer to a path that does not exist (REST-ROUTE-001), no sign of
        // a wrong card URL.
        if unrouted
            && x.call.as_ref().is_some_and(|c| {
                c.wrong_case_path.is_some() || c.route_slip.is_some() || c.blank_route_id.is_some()
            })
        {
            return;
        }
        // A 405 to a verb the HTTP+JSON route does not have (GET /tasks/t1:cancel) is the
        // router refusing the client's verb: the route is there (breaker11 K7). So is a 405
        // to `:subscribe` by either verb: the proto routes it GET, the prose POST (DIGEST
        // trap 1, A2A#1574), and an agent on one refuses the other (breaker21 L27). Routers
        // that match method and path together (Express: "Cannot GET ...") refuse such a
        // verb with 404, not 405: the client's verb (REST-VERB-001) is the first thing to
        // fix, no sign of a wrong card URL (breaker21 B49).
        if unrouted
            && x.call.as_ref().is_some_and(|c| {
                c.binding == Some(Binding::Rest)
                    && c.op
                        .is_some_and(|o| !rest_verb_fits(o, &x.method) || o == Op::SubscribeToTask)
            })
        {
            return;
        }
        // A 404 that carries an A2A error (TaskNotFound on a REST route, ...) is an answer.
        // Not a JSON-RPC call's 404 with a body that is no JSON-RPC response and no A2A
        // error code (`{"error":"no such route"}`) at a URL that never answered a
        // JSON-RPC POST: a router's page, as the probe's card.interface-url test reads it
        // (breaker41 card-404: the probe's first call there, a GetTask, failed that test
        // while the verifier took the page for a TaskNotFound answer). Nor a gRPC call's
        // 404 whatever its body: a gRPC answer is its grpc-status, and a gRPC client reads
        // HTTP 404 as UNIMPLEMENTED (PROTOCOL-HTTP2.md), so an HTTP+JSON error body there
        // (an agent's REST router answering the gRPC path) is the URL serving no gRPC
        // (grpc58: misbehave47 rest-card-grpc-only got no CARD-URL-002, while the same
        // 404 to a JSON-RPC call did).
        let grpc_call = x
            .call
            .as_deref()
            .is_some_and(|c| c.binding == Some(Binding::Grpc));
        let body = x.resp_decoded().unwrap_or_default();
        match Json::parse(&body) {
            Ok(Json::Object(o))
                if !grpc_call
                    && a2a_error_answer(x.call.as_deref(), &o)
                    && !self.router_page_to_rpc_call(x, p, &o) =>
            {
                self.mark_answered(p, &x.method);
                return;
            }
            // A JSON string body (most often the handler's error object serialized a second
            // time, a2a-python PR #297's review, mine55b f1204) comes from the agent's own
            // serializer, never a router's page (HTML, text, `{"detail":"Not Found"}`): the
            // route is there and answered; REST-ERROR-001 judges the body. Not a bare
            // "Not Found" string, which a fallback route may send for any path.
            Ok(Json::String(t))
                if x.call
                    .as_deref()
                    .is_some_and(|c| c.binding == Some(Binding::Rest))
                    && !t.trim().eq_ignore_ascii_case("not found")
                    && !t.trim().eq_ignore_ascii_case("method not allowed") =>
            {
                self.mark_answered(p, &x.method);
                return;
            }
            // breaker38: a body beyond what the parser reads (RFC 8259 §9, §6) may well be
            // that A2A error: the 404 proves no missing route; not judged, said so.
            Err(e) => {
                if let Some(limit) = jsonrpc::parser_limit(&e) {
                    self.beyond_parser(x, "response body", limit);
                    return;
                }
            }
            _ => {}
        }
        // A 404 / 501 to a call naming a version the card does not declare is the version's
        // refusal in the wrong form (VER-HDR-004), no proof that the route or URL is
        // missing (breaker17b V15): a call in a version the card declares tells.
        if x.call
            .as_deref()
            .is_some_and(|c| self.version_not_served_unrouted(x, c, None).is_some())
        {
            return;
        }
        // left57: a 501 page to a well-formed JSON-RPC call on a task this recording saw
        // finished is the agent answering at the url, refusing that call without an A2A
        // error: RPC-ENVELOPE-001 tells it (with the finished task and the error due), not
        // this rule, whose "does not answer" it is not.
        if unrouted && self.refusal_owns_unrouted_answer(x) {
            return;
        }
        // A card looked for below an interface url (`{url}/.well-known/agent-card.json`) is
        // discovery, no use of the interface: its 404 says nothing about the url (mine29b;
        // the card's home is the origin's well-known path, CARD-002).
        if unrouted
            && x.call.as_deref().is_some_and(|c| c.op == Some(Op::GetCard))
            && x.path.contains("/.well-known/")
        {
            return;
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path).to_string();
        let http_call = x
            .call
            .as_deref()
            .is_some_and(|c| matches!(c.binding, Some(Binding::JsonRpc | Binding::Rest)));
        // (interface key, length of its url's path, already reported)
        let mut hits: Vec<(String, usize, bool)> = Vec::new();
        for (i, a) in self.advertised.iter() {
            // A gRPC interface the call reached through the recorder: the proxy forwarded it
            // to the advertised host:port (a card that names the agent's own address, which
            // the recorder does not rewrite; grpc58, misbehave47 rest-card-grpc-only: the
            // probe's gRPC call answered 404 there got no CARD-URL-002).
            let relayed = a.grpc
                && x.upstream_parts
                    .as_deref()
                    .is_some_and(|u| grpc_target_is(&a.parts, u));
            if (never && a.answered) || !(a.at_origin(p, &origin) || relayed) {
                continue;
            }
            // A JSON-RPC or HTTP+JSON call below a gRPC interface's url is no use of that
            // interface (gRPC has no such routes): a registry's HTTP+JSON probe under a
            // gRPC root url proves nothing about it (review24a R5, as a 404 or a 501 page).
            if a.grpc && http_call {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            // No binding defines a GET on the interface URL itself (JSON-RPC is POST only,
            // HTTP+JSON operations live below it): a 405 to a client's GET there is no
            // sign of a wrong URL (the 0.3 TCK's connectivity check, CARD-005).
            if path == base && !x.method.eq_ignore_ascii_case("POST") {
                continue;
            }
            // A JSON-RPC endpoint is its exact URL (CARD-005): a client that added or dropped
            // a trailing slash (`/agent/` for `/agent`, kagent #622) called another URL, and
            // the router's 404 is no sign that the advertised one is wrong (BIND-USE-002).
            if a.rpc_at_url() && path == base && trailing_slash_differs(&p.path, &a.parts.path) {
                continue;
            }
            if path == base || (a.routes_below() && path.starts_with(&format!("{base}/"))) {
                hits.push((i.clone(), base.trim_end_matches('/').len(), a.reported));
            }
        }
        if hits.is_empty() && unrouted && !x.synthetic {
            self.call_to_unadvertised_url(x, p, &path);
        }
        // Nested interface urls (1.0 HTTP+JSON at the origin root, 0.3 at `/v1`): the call
        // used the one nearest its path, the interface with the longest url path covering
        // it; the outer one's url is not what the 404 refutes (left52, mine51's s16-V3).
        let nearest = hits.iter().map(|h| h.1).max().unwrap_or(0);
        // streams59 item 5: a gRPC call without a gRPC status at an advertised gRPC
        // interface CARD-URL-002 told on an earlier call: that finding says what happened
        // (the grpc-status note would repeat it); one it tells now is marked below
        let grpc_unserved = unrouted
            && x.call
                .as_deref()
                .is_some_and(|c| c.binding == Some(Binding::Grpc));
        if grpc_unserved
            && hits
                .iter()
                .any(|h| h.1 == nearest && h.2 && self.advertised.get(&h.0).is_some_and(|a| a.grpc))
        {
            self.grpc_unserved_told = Some(str::to_string(&x.id));
        }
        let mut hits: Vec<String> = hits
            .into_iter()
            .filter(|h| h.1 == nearest && !h.2)
            .map(|h| h.0)
            .collect();
        hits.sort();
        // An HTTP+JSON operation route below the interface url answered 404/405: the route
        // is what is missing, not the interface (breaker17a U9: a2a-python #769 moved the
        // extended card to {url}/extendedAgentCard).
        let route = x
            .call
            .as_deref()
            .filter(|c| c.binding == Some(Binding::Rest) && unrouted)
            .and_then(|c| c.op);
        let ext_declared = route == Some(Op::GetExtendedCard)
            && self.card_for(x).is_some_and(|c| c.view.extended_card);
        for i in hits {
            let Some(a) = self.advertised.get_mut(&i) else {
                continue;
            };
            a.reported = true;
            let a = a.clone();
            self.route_missing_exchange = Some(str::to_string(&x.id));
            let card_ev = Evidence {
                seq: a.card_seq,
                exchange: Some(a.card_exchange.clone()),
                pointer: Some(
                    a.pointer_for(x.call.as_deref().and_then(|c| c.binding))
                        .to_string(),
                ),
                found: Some(Value::String(a.url.clone())),
            };
            let answer_ev = x.ev(if x.resp_seq > 0 {
                x.resp_seq
            } else {
                x.end_seq
            });
            // A 404/405 below `{url}/{tenant}/` of an interface declaring that tenant: the
            // agent does not serve the tenant routes, the URL itself may be right
            // (breaker17b V10: a2a-python 1.3.0 mounts them at `/{tenant}/rest/...`).
            let base = net::norm_path(&a.parts.path)
                .trim_end_matches('/')
                .to_string();
            if let Some(t) = a.tenant.as_deref().filter(|t| {
                a.routes_below() && unrouted && path.starts_with(&format!("{base}/{t}/"))
            }) {
                let mut f = Finding::new(
                    &r::CARD_URL_UNREACHABLE,
                    format!(
                        "the agent does not serve the tenant routes of HTTP+JSON interface {} (tenant {t}): {} {} {how}; 1.0 serves every HTTP+JSON route also under /{{tenant}} directly below the interface url",
                        a.shown, x.method, x.path
                    ),
                );
                f.help = format!("serve the HTTP+JSON routes under {base}/{t}/ (interface url, then the tenant, then the route, e.g. {base}/{t}/message:send), where clients following the card call them; a2a-python 1.3.0 create_rest_routes mounts them at /{{tenant}}{base}/... instead, so mount the tenant routes below the interface url, or leave tenant out of this interface until the agent serves them there");
                f.evidence = vec![answer_ev, card_ev];
                f.leg = x.leg.clone();
                self.emit(f);
                continue;
            }
            if a.rest_1x && unrouted {
                self.rest1x_unrouted.push((
                    a.parts.origin(),
                    net::norm_path(&a.parts.path).to_string(),
                    a.shown.clone(),
                    card_ev.clone(),
                    answer_ev.clone(),
                    x.leg.clone(),
                ));
            }
            // The card that advertised a plain-http url was served over https: the cause
            // (CARD-URL-008) is told here, once (breaker16a xagent882).
            let mut plain = String::new();
            if let Some(i) = self.pending_plain.iter().position(|d| d.0 == a.url) {
                let (_, msg, _, _) = self.pending_plain.remove(i);
                plain = format!(
                    "; the {msg}, so the agent (or a proxy in front of it) builds its url from a cleartext hop behind TLS termination"
                );
            }
            let below = path != net::norm_path(&a.parts.path);
            let msg = match route.filter(|_| below) {
                Some(op) => {
                    let decl = if ext_declared {
                        " although the card declares capabilities.extendedAgentCard: true (AUTH-005)"
                    } else {
                        ""
                    };
                    let worked = if a.answered_below {
                        "; the same interface answered other calls, so its url is right"
                    } else if a.answered && a.rpc_at_url() {
                        "; the JSON-RPC interface the card declares at the same url answered calls there, so the url is right"
                    } else if a.answered {
                        "; the same interface answered other calls, so its url is right"
                    } else {
                        ""
                    };
                    format!(
                        "the {} route {} {} below advertised interface url {} {how}{decl}{worked}: the agent does not serve that operation at the route the binding defines for it{plain}",
                        op.name(),
                        x.method.to_ascii_uppercase(),
                        p.path,
                        a.shown
                    )
                }
                None => format!(
                    "advertised interface url {} {how} when used{plain}",
                    a.shown
                ),
            };
            // A JSON-RPC url that answered other calls is right: what failed is this
            // method, which a JSON-RPC endpoint answers with a JSON-RPC error, not an HTTP
            // error page (RPC-002; review25 R2: ListTasks answered 501 after SendMessage).
            let rpc_method = x
                .call
                .as_deref()
                .filter(|c| {
                    a.rpc_at_url() && a.answered && !below && c.binding == Some(Binding::JsonRpc)
                })
                .and_then(|c| c.method.clone());
            // left58 item 3: that url answered, so the finding is no CARD-URL-002 ("does not
            // answer"): the call got no JSON-RPC response with the A2A error, which is
            // RPC-ENVELOPE-001's (RPC-001, RPC-002), as a finished task's refusal is (left57)
            let rule = if rpc_method.is_some() {
                &r::RPC_ENVELOPE
            } else {
                &r::CARD_URL_UNREACHABLE
            };
            let mut f = Finding::new(rule, msg);
            // A gRPC interface at one of the recording proxy's own listeners: the listener's
            // upstream is what answered without gRPC (newcomer30 N5: `--listener` given the
            // agent's HTTP port, not its gRPC one).
            if a.grpc && !x.synthetic && self.names_own_listener(x, p) {
                if let Some(up) = &x.upstream_parts {
                    let up = net::origin_shown(&up.origin()).to_string();
                    f.message = format!(
                        "{}; {} is this proxy's own listener, and what it forwards to, {up}, answered the gRPC call without gRPC (HTTP {}, {}): no gRPC server listens there",
                        f.message,
                        a.shown,
                        x.status.unwrap_or(0),
                        x.resp_headers.get("content-type").unwrap_or("no content-type")
                    );
                    f.help = format!("point the proxy's listener for {} at the agent's gRPC port (--listener client@ADDR=http://HOST:GRPC_PORT), not at {up}", a.shown);
                }
            }
            let rpc_answered = rpc_method.is_some();
            if let Some(m) = rpc_method {
                // a cancel the agent does not carry out is refused with the cancel's own
                // errors (TASK-003), not an HTTP page
                let cancel = x
                    .call
                    .as_deref()
                    .is_some_and(|c| c.op == Some(Op::CancelTask));
                let owed = if cancel {
                    "-32002 TaskNotCancelableError when the task cannot be canceled (TASK-003), or -32004 UnsupportedOperationError when the agent cancels no task"
                } else {
                    "-32601 method not found, or -32004 UnsupportedOperationError for an operation the agent does not support"
                };
                f.message = format!(
                    "JSON-RPC interface url {} {how} to {m} with no JSON-RPC response, although it answered other calls, so the url is right and answered: a JSON-RPC endpoint answers every request, a method it does not serve too, with a JSON-RPC error in HTTP 200 ({owed}){plain}",
                    a.shown
                );
                f.help = format!("answer {m} at {} with a JSON-RPC error object ({owed}), not an HTTP error page: the client reads the error from the JSON-RPC response", a.shown);
            }
            // left59 item 3 (f1314): a url a gateway's card rewrite broke (GW-RESP-004 told
            // at the same place of the client's card) is the rewrite's consequence
            if f.rule == r::CARD_URL_UNREACHABLE.id {
                let rewrite = self.out.iter().rev().any(|g| {
                    g.rule == r::GW_CARD_REWRITE_BROKEN.id
                        && g.evidence.iter().any(|e| {
                            e.seq == card_ev.seq
                                && e.pointer.as_deref() == card_ev.pointer.as_deref()
                        })
                });
                if rewrite {
                    f.message.push_str(&format!(
                        "{CAUSED_BY}{}: the gateway rewrote the card's url into one that does not lead to the agent's endpoint; a rewrite that keeps the agent's path fixes both)",
                        r::GW_CARD_REWRITE_BROKEN.id
                    ));
                }
            }
            f.evidence = if rpc_answered {
                vec![x.ev(x.req_ev_seq()), answer_ev, card_ev]
            } else {
                vec![card_ev, answer_ev]
            };
            f.leg = x.leg.clone();
            if grpc_unserved && a.grpc && f.rule == r::CARD_URL_UNREACHABLE.id {
                self.grpc_unserved_told = Some(str::to_string(&x.id));
            }
            self.emit(f);
            // the recording proxy's own answer (or none) for an unreachable URL: this
            // finding told it, with the proxy's cause (review28b R1)
            if x.synthetic || x.status.is_none() {
                self.url_unreached.insert(str::to_string(&x.id), ());
            }
        }
        self.rest_routes_of_other_version();
    }

    /// Whether `x` is an HTTP+JSON call below a 1.x HTTP+JSON interface at `{url}/v1/...`
    /// where the interface URL itself does not end in `/v1`: the client put the 0.3 route
    /// prefix on a 1.0 interface (1.0:§11 routes sit directly below the URL). Gives the
    /// key of that interface in [`State::advertised`].
    pub(super) fn client_added_v1(&self, x: &Exch, p: &UrlParts) -> Option<String> {
        // 0.3's extended card route `GET {url}/v1/card` too, which is judged as no call of
        // a binding (its 0.3 card is no HTTP+JSON operation's answer): a 1.0 client that
        // asks for the extended card there below a 1.x interface put the same prefix on
        // (a2a-js PR #401, mine55b f1194; 1.0's route is `{url}/extendedAgentCard`).
        let v03_card_route = || {
            a2a::rest_route(&x.method, &p.path)
                .is_some_and(|rt| rt.op == Op::GetExtendedCard && rt.dialect == Dialect::V0_3)
        };
        if x.call
            .as_deref()
            .is_none_or(|c| c.binding != Some(Binding::Rest) && !v03_card_route())
        {
            return None;
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path);
        self.advertised.iter().find_map(|(k, a)| {
            let base = net::norm_path(&a.parts.path).trim_end_matches('/');
            (a.rest_1x
                && a.parts.origin() == origin
                && path
                    .strip_prefix(base)
                    .is_some_and(|rest| rest.starts_with("/v1/")))
            .then(|| k.clone())
        })
    }

    /// BIND-USE-002 (CARD-005; breaker19a Y3): a client called `{url}/v1/...` below a 1.x
    /// HTTP+JSON interface ([`Self::client_added_v1`], key `k`) and got 404/405: it put
    /// the 0.3 route prefix on a 1.0 interface, whose routes sit directly below its url
    /// (1.0:§11), so the agent's 404 is right and the client is at fault, as for a
    /// JSON-RPC call posted beside the card's url. Once per path.
    pub(super) fn client_v1_prefix(&mut self, x: &Exch, p: &UrlParts, k: &str) -> bool {
        let Some(a) = self.advertised.get(k) else {
            return true;
        };
        let path = net::norm_path(&p.path).to_string();
        // A card that also declares a 0.x HTTP+JSON interface covering the path (a hybrid
        // card: 0.3 additionalInterfaces beside 1.0 supportedInterfaces; a 1.0 interface at
        // the origin root and a 0.3 one at `/v1`) offers the 0.3 route there: the call
        // followed that interface, and is judged as its call (left52, mine51's s16-V3 leftover:
        // a 404 with an A2A error (TaskNotFound) is the agent's answer, a plain 404 is
        // CARD-URL-002 for the 0.3 interface's url, whatever other interfaces the card lists).
        let origin = p.origin();
        let v0_rest_here = self.advertised.values().any(|o| {
            let base = net::norm_path(&o.parts.path).trim_end_matches('/');
            o.binding == Some(Binding::Rest)
                && !o.rest_1x
                && o.parts.origin() == origin
                && path
                    .strip_prefix(base)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
        });
        if v0_rest_here {
            return false;
        }
        // A request that says A2A-Version 0.x made a 0.3 call, whose routes do sit below
        // /v1: its fault is the version the card does not declare (VER-CARD-002, with the
        // agent's refusal judged by VER-HDR-004), not the URL.
        if x.call
            .as_deref()
            .and_then(|c| c.header_version.as_deref())
            .and_then(Dialect::from_version)
            .is_some_and(|d| d != Dialect::V1_0)
        {
            return true;
        }
        // mine30b (a2a-python PR #847): the card's own 0.3 members (url with
        // preferredTransport, additionalInterfaces) offer HTTP+JSON at this url to 0.3
        // clients, though supportedInterfaces declares it 1.0 only: a 0.3 client that
        // followed them called the 0.3 route, and the card is at fault (CARD-URL-002 in
        // the caller), not the client.
        if self.card_for(x).is_some_and(|card| {
            card.view.interfaces.iter().any(|i| {
                !i.pointer().starts_with("/supportedInterfaces")
                    && i.binding.eq_ignore_ascii_case("HTTP+JSON")
                    && i.version
                        .as_deref()
                        .and_then(Dialect::from_version)
                        .is_some_and(|d| d.is_0x())
                    && i.parts().is_some_and(|u| {
                        let base = net::norm_path(&u.path).trim_end_matches('/').to_string();
                        u.origin() == origin
                            && path
                                .strip_prefix(base.as_str())
                                .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
                    })
            })
        }) {
            return false;
        }
        let body = x.resp_decoded().unwrap_or_default();
        if let Ok(Json::Object(o)) = Json::parse(&body) {
            if a2a_error_answer(x.call.as_deref(), &o) {
                return true;
            }
        }
        if !self.unadvertised_reported.insert(path.clone()) {
            return true;
        }
        let base = net::norm_path(&a.parts.path)
            .trim_end_matches('/')
            .to_string();
        let route = path
            .strip_prefix(&format!("{base}/v1"))
            .unwrap_or(&path)
            .to_string();
        // 0.3's `/v1/card` is 1.0's `/extendedAgentCard` (1.0 §11.3; a2a-js PR #401)
        let route = if route == "/card" && x.method.eq_ignore_ascii_case("GET") {
            "/extendedAgentCard".to_string()
        } else {
            route
        };
        let card_ev = Evidence {
            seq: a.card_seq,
            exchange: Some(a.card_exchange.clone()),
            pointer: Some(a.pointer.clone()),
            found: Some(Value::String(a.url.clone())),
        };
        let shown = a.shown.clone();
        let version = x
            .call
            .as_deref()
            .and_then(|c| c.header_version.clone())
            .map(|v| format!(" (the request says A2A-Version {v})"))
            .unwrap_or_default();
        self.find(
            &r::BIND_USE_URL_NOT_ADVERTISED,
            format!(
                "client sent {} {}{version}, which puts the 0.3 route prefix /v1 on 1.0 HTTP+JSON interface {shown}, whose routes sit directly below its url (call {} {base}{route}); the agent answered HTTP {}: the client did not use the card's interface URL as 1.0 defines it",
                x.method.to_ascii_uppercase(),
                p.path,
                x.method.to_ascii_uppercase(),
                x.status.unwrap_or(0)
            ),
            // The client's call first: it is the fault, the card is what it should have
            // followed (ux20 N1).
            vec![x.ev(x.resp_seq), card_ev],
            &x.leg,
        );
        true
    }

    /// A JSON-RPC body posted to an HTTP+JSON route (`POST {url}/message:send`) below an
    /// interface the card declares as HTTP+JSON at this origin, and to no JSON-RPC
    /// interface url (breaker27 H19): the agent's HTTP+JSON error answer is its binding's
    /// (REST-001, ERR-003), not a JSON-RPC envelope lost; BIND-USE-001 names the client.
    pub(super) fn jsonrpc_on_rest_route(&self, x: &Exch) -> bool {
        let Some(p) = x.parts.as_ref() else {
            return false;
        };
        if a2a::rest_route(&x.method, &p.path).is_none() {
            return false;
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path);
        let mut rest_below = false;
        for a in self.advertised.values() {
            if a.parts.origin() != origin {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            // a URL of both bindings (review27a) is judged as its HTTP+JSON side below it
            let binding = match a.twin {
                Some(Binding::Rest) if path != base => Some(Binding::Rest),
                _ => a.binding,
            };
            match binding {
                Some(Binding::JsonRpc) if path == base => return false,
                Some(Binding::Rest)
                    if path.len() > base.len()
                        && path.starts_with(base)
                        && (base.ends_with('/') || path.as_bytes()[base.len()] == b'/') =>
                {
                    rest_below = true
                }
                _ => {}
            }
        }
        rest_below
    }

    /// BIND-USE-001 (CARD-005, CARD-006; breaker15a Q19): the client called an advertised
    /// interface URL in a binding the card does not declare there: HTTP+JSON routes below a
    /// `JSONRPC` interface (`GET {url}/extendedAgentCard`, `POST {url}/message:send`), or a
    /// JSON-RPC request posted to an `HTTP+JSON` interface's base URL. Only when no
    /// interface of the card at that origin declares the call's binding at a URL that fits
    /// (`JSONRPC`: exactly the URL; `HTTP+JSON`: the URL or below it). The well-known card
    /// and the 0.2 `/agent/authenticatedExtendedCard` document are fetched whatever the
    /// binding, so they are left alone. Reported once per interface URL.
    ///
    /// Returns true when the agent refused the call (no 2xx, or an error answer): the
    /// client's binding, not the card's URL, is then why it failed, so CARD-URL-002 is not
    /// judged on it.
    pub(super) fn check_binding_use(&mut self, x: &Exch, p: &UrlParts) -> bool {
        let Some(c) = x.call.as_deref() else {
            return false;
        };
        let (Some(b), Some(op)) = (c.binding, c.op) else {
            return false;
        };
        if x.synthetic
            || !matches!(b, Binding::JsonRpc | Binding::Rest)
            || op == Op::GetCard
            || (op == Op::GetExtendedCard && c.dialect == Some(Dialect::V0_2))
            || self.advertised.is_empty()
        {
            return false;
        }
        let path = net::norm_path(&p.path);
        let mut declared_here = false;
        let mut other: Option<String> = None;
        let mut other_binding = None;
        for (k, a) in self.advertised.iter() {
            // breaker37 I41: a gRPC interface's url takes neither JSON-RPC nor HTTP+JSON.
            let first = match a.binding {
                Some(b) => b,
                None if a.grpc => Binding::Grpc,
                None => continue,
            };
            if !a.parts.same_origin(p) {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            let below = path.len() > base.len()
                && path.starts_with(base)
                && (base.ends_with('/') || path.as_bytes()[base.len()] == b'/');
            let fits = |ab: Binding| match ab {
                Binding::JsonRpc => path == base,
                _ => path == base || below,
            };
            // A URL the card declares in both bindings (review27a): the call's own one
            // fits, else the other is the one the call sits in.
            if [Some(first), a.twin].contains(&Some(b)) && fits(b) {
                declared_here = true;
                break;
            }
            let ab = match a.twin {
                Some(t) if first == b => t,
                _ => first,
            };
            // The call sits at (JSON-RPC) or below (HTTP+JSON) an interface of the other
            // binding.
            // breaker27 H02: a JSON-RPC envelope posted to an HTTP+JSON route below the
            // interface (`POST {url}/message:send`), a half-migrated client's habit.
            let at = match b {
                Binding::JsonRpc => {
                    path == base
                        || (below
                            && ab == Binding::Rest
                            && a2a::rest_route(&x.method, path).is_some())
                }
                // a gRPC url has no routes below it: only a call at the url itself
                _ => path == base || (below && ab != Binding::Grpc),
            };
            if at && !a.misused && other.as_ref().is_none_or(|o| k.len() > o.len()) {
                other = Some(k.clone());
                other_binding = Some(ab);
            }
        }
        if declared_here {
            return false;
        }
        let Some(k) = other else { return false };
        let refused = answer_refused(x) || x.status.is_none();
        let Some(a) = self.advertised.get_mut(&k) else {
            return false;
        };
        a.misused = true;
        let a = a.clone();
        let name = |b: Binding| match b {
            Binding::JsonRpc => "JSON-RPC",
            Binding::Rest => "HTTP+JSON",
            Binding::Grpc => "gRPC",
        };
        let ob = other_binding.or(a.binding);
        let declared = match (ob, a.twin) {
            // review27a: a URL of both bindings; the call's path is one of the other's
            (Some(o), Some(_)) => format!(
                "JSON-RPC at the url itself and HTTP+JSON below it, so {} is {}",
                p.path,
                name(o)
            ),
            _ => ob.map_or("another binding", name).to_string(),
        };
        let outcome = match x.status {
            None => ": it got no answer".to_string(),
            Some(s) if refused => format!(": the agent refused it (HTTP {s})"),
            Some(_) => ": the agent served it anyway, in a binding its card does not offer \
                        there (other clients of the card cannot rely on it)"
                .to_string(),
        };
        let card_ev = Evidence {
            seq: a.card_seq,
            exchange: Some(a.card_exchange.clone()),
            pointer: Some(a.pointer.clone()),
            found: Some(Value::String(a.url.clone())),
        };
        let seq = if x.resp_seq > 0 {
            x.resp_seq
        } else {
            x.req_seq
        };
        // CARD-006 / CARD-005 (breaker19a Y11, agno #10165): a JSON-RPC call posted to
        // exactly the url of an HTTP+JSON interface, answered with a JSON-RPC result: the
        // url serves JSON-RPC (an HTTP+JSON agent has no route at its base url), so the
        // card mislabels it and clients that follow the card fail; the client's call is
        // the one that works. Led with the agent's card, not the client's binding.
        if b == Binding::JsonRpc
            && ob == Some(Binding::Rest)
            && path == net::norm_path(&a.parts.path)
            && !refused
            && x.status.is_some_and(|s| (200..300).contains(&s))
        {
            let member = if a.pointer == "/url" {
                "preferredTransport"
            } else if a.pointer.starts_with("/additionalInterfaces/") {
                "transport"
            } else {
                "protocolBinding"
            };
            let method = c.method.as_deref().unwrap_or("a JSON-RPC call");
            self.find(
                &r::CARD_URL_BINDING_MISLABELLED,
                format!(
                    "the agent answered JSON-RPC {method} at {} with a result, while its card declares that url as HTTP+JSON ({member}): the url serves JSON-RPC, so clients that follow the card call HTTP+JSON routes below it (message:send, ...) that this server may not have; declare JSONRPC there (and HTTP+JSON only at a url whose routes it serves)",
                    a.shown
                ),
                vec![card_ev, x.ev(seq)],
                &x.leg,
            );
            return false;
        }
        // breaker27 H02: a JSON-RPC envelope on an HTTP+JSON route; say what the route takes.
        let route_takes = if b == Binding::JsonRpc && path != net::norm_path(&a.parts.path) {
            "; the HTTP+JSON route takes the operation's request itself as its body ({\"message\": ...} for message:send), not a JSON-RPC envelope around it"
        } else {
            ""
        };
        self.find(
            &r::BIND_USE_UNDECLARED,
            format!(
                "client called {} {} in {} at {}, which the card declares as {} only{outcome}{route_takes}",
                x.method.to_ascii_uppercase(),
                p.path,
                name(b),
                a.shown,
                declared
            ),
            // The client's call first (live line, report's place, repro): the card's
            // interface is the second evidence (ux20 N1).
            vec![x.ev(seq), card_ev],
            &x.leg,
        );
        refused
    }

    /// BIND-USE-002 (CARD-005, CARD-006; breaker17a U4): a JSON-RPC or HTTP+JSON A2A call
    /// answered 404/405 with no A2A answer, at a URL that no interface of the agent card
    /// fetched from the call's origin covers (`JSONRPC`: exactly its URL; other bindings:
    /// the URL or below it). The client did not follow the card: kagent posting to the
    /// service root because a 1.0 card has no top-level `url` (mezmo/aura #451), a client
    /// posting to `/` instead of the card's `/a2a/invoke` (rossoctl #1660). `path` is the
    /// call's normalised path. Once per URL path; only on the 404/405 path (no cost on
    /// answered calls).
    pub(super) fn call_to_unadvertised_url(&mut self, x: &Exch, p: &UrlParts, path: &str) {
        let Some(c) = x.call.as_deref() else { return };
        let (Some(b @ (Binding::JsonRpc | Binding::Rest)), Some(op)) = (c.binding, c.op) else {
            return;
        };
        if c.webhook || matches!(op, Op::GetCard | Op::GetExtendedCard) || is_card_path(path) {
            return;
        }
        // The addressed agent's card; on an origin of several agents where the call is
        // below none of them (q25a's `card_at` gives none), every card of the origin: a
        // URL none of them advertises is still one the client did not take from a card.
        let cards: Vec<Arc<CardRec>> = match self.card_for(x) {
            Some(c) => vec![c.clone()],
            None => x
                .origin
                .as_deref()
                .and_then(|o| self.cards.get(o))
                .cloned()
                .unwrap_or_default(),
        };
        let several = cards.len() > 1;
        // Whether every card judged was fetched on the call's origin: a card fetched at a
        // gateway or another host is kept here for the interfaces it lists (review25 R4).
        let here = cards.iter().all(|c| {
            c.fetched_at
                .as_ref()
                .is_some_and(|(o, _)| x.origin.as_deref() == Some(o.as_str()))
        });
        let Some(card) = cards
            .iter()
            .find(|c| !c.view.interfaces.is_empty())
            .cloned()
        else {
            return;
        };
        let interfaces: Vec<_> = cards
            .iter()
            .flat_map(|c| c.view.interfaces.iter())
            .collect();
        let origin = p.origin();
        let covered = interfaces.iter().any(|i| {
            i.parts().is_some_and(|u| {
                if u.origin() != origin {
                    return false;
                }
                let base = net::norm_path(&u.path);
                let jsonrpc = i.binding.eq_ignore_ascii_case("JSONRPC");
                (path == base && !(jsonrpc && trailing_slash_differs(&p.path, &u.path)))
                    || (!jsonrpc && (base == "/" || path.starts_with(&format!("{base}/"))))
            })
        });
        if covered || !self.unadvertised_reported.insert(path.to_string()) {
            return;
        }
        // One entry per interface: a hybrid card declares its 0.3 interface up to three
        // times (supportedInterfaces, the top-level url, additionalInterfaces; "0.3" and
        // "0.3.0"), which is one interface to the client (ux20 N2, old N9).
        let mut distinct: Vec<(String, String, Option<&str>)> = Vec::new();
        for i in &interfaces {
            let v = i.version.as_deref();
            let same_version = |a: Option<&str>, b: Option<&str>| match (a, b) {
                (Some(a), Some(b)) => match (Dialect::from_version(a), Dialect::from_version(b)) {
                    (Some(x), Some(y)) => x == y,
                    _ => a == b,
                },
                (a, b) => a == b,
            };
            let seen = distinct.iter().any(|(u, b, dv)| {
                *u == i.url && b.eq_ignore_ascii_case(&i.binding) && same_version(*dv, v)
            });
            if !seen {
                distinct.push((i.url.clone(), i.binding.clone(), v));
            }
        }
        let listed: Vec<String> = distinct
            .iter()
            .take(4)
            .map(|(url, binding, v)| match v {
                Some(v) => format!("{url} ({binding} {v})"),
                None => format!("{url} ({binding})"),
            })
            .collect();
        let more = if distinct.len() > 4 { ", ..." } else { "" };
        let shown = if p.path.is_empty() { "/" } else { &p.path };
        let default_port = matches!((p.scheme.as_str(), p.port), ("http", 80) | ("https", 443));
        let shown_origin = if default_port {
            format!("{}://{}", p.scheme, p.host)
        } else {
            origin.clone()
        };
        // VER-003: a call without A2A-Version is 0.3; a card whose every interface
        // declares 1.x offers no 0.3 endpoint at all.
        let all_v1 = interfaces
            .iter()
            .all(|i| i.version.as_deref().is_some_and(|v| v.starts_with('1')));
        let version = if all_v1 && c.dialect.is_some_and(|d| d != Dialect::V1_0) {
            "; the call is also 0.x (no A2A-Version 1.0, 0.x method names) while the card declares only 1.0 interfaces"
        } else {
            ""
        };
        let status = match x.status.unwrap_or(0) {
            501 => "501 with a \"Not Implemented\" page (no A2A error)".to_string(),
            s => s.to_string(),
        };
        let name = match (b, c.method.as_deref()) {
            (Binding::JsonRpc, Some(m)) => format!("{m} to {shown_origin}{shown}"),
            _ => format!("{} {shown_origin}{shown}", x.method.to_ascii_uppercase()),
        };
        // The kagent #622 shape: the JSON-RPC URL with a trailing slash added or dropped.
        let slash = interfaces
            .iter()
            .filter(|i| i.binding.eq_ignore_ascii_case("JSONRPC"))
            .filter_map(|i| i.parts().map(|u| (i, u)))
            .find(|(_, u)| {
                u.origin() == origin
                    && net::norm_path(&u.path) == path
                    && trailing_slash_differs(&p.path, &u.path)
            })
            .map(|(i, _)| {
                format!(
                    "; it differs from the JSON-RPC interface {} only by a trailing slash the client {}: a JSON-RPC endpoint is its exact URL, and a router that tells the two paths apart answers 404",
                    i.url,
                    if p.path.ends_with('/') { "added" } else { "dropped" }
                )
            })
            .unwrap_or_default();
        self.find(
            &r::BIND_USE_URL_NOT_ADVERTISED,
            format!(
                "client sent {name}, which {} ({} interfaces: {}{more}); the agent answered HTTP {status}: the client did not use the card's interface URL{slash}{version}",
                match (several, here) {
                    (true, true) => "no agent card fetched from this origin advertises".to_string(),
                    (true, false) => format!(
                        "none of the {} agent cards fetched from this origin or listing an interface on it advertises",
                        cards.len()
                    ),
                    (false, true) =>
                        "the agent card fetched from this origin does not advertise".to_string(),
                    (false, false) =>
                        format!("the agent card fetched at {} does not advertise", card.url),
                },
                if several { "their" } else { "its" },
                listed.join(", ")
            ),
            vec![
                x.ev(x.resp_seq),
                Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: card.view.interfaces.first().map(|i| i.pointer().to_string()),
                    found: card.view.interfaces.first().map(|i| Value::String(i.url.clone())),
                },
            ],
            &x.leg,
        );
    }

    /// Notes a 0.3 HTTP+JSON route (`{base}/v1/message:send`, ...) the agent answered with
    /// an A2A answer (2xx JSON or event stream, no error body), for
    /// [`Self::rest_routes_of_other_version`].
    pub(super) fn note_rest03_served(&mut self, x: &Exch) {
        if x.synthetic || self.behind_hop(x) || self.rest03_served.len() >= 16 {
            return;
        }
        let Some(p) = &x.parts else { return };
        if !x.status.is_some_and(|s| (200..300).contains(&s)) {
            return;
        }
        // A 0.3 route's base ends in `/v1` (`{base}/v1/message:send`, `{base}/v1/tasks/..`,
        // `{base}/v1/card`), so its path holds `/v1/` before any query: every other
        // answer (each JSON-RPC call, each 1.0 route) is left here without the route parse
        // and its `base` copy (perfv40: 5,487 parses, ~2.5 M instructions offline).
        if !a2a::before_query(&p.path).contains("/v1/") {
            return;
        }
        let Some(rt) = rest_route(&x.method, &p.path) else {
            return;
        };
        let ct = x.resp_headers.get("content-type").unwrap_or("");
        if rt.dialect != Dialect::V0_3
            || !(ct.contains("json") || ct.contains("event-stream"))
            || answer_refused(x)
        {
            return;
        }
        let origin = p.origin();
        let base = net::norm_path(&rt.base).to_string();
        if self
            .rest03_served
            .iter()
            .any(|(o, b, _, _)| *o == origin && *b == base)
        {
            return;
        }
        let path = p.path.clone();
        self.rest03_served
            .push((origin, base, path, x.ev(x.resp_seq)));
        self.rest_routes_of_other_version();
    }

    /// VER-CARD-001 (CARD-005, BIND-001, VER-002; breaker14 P13): the card declares an
    /// HTTP+JSON interface of protocol version 1.x, its 1.0 route (`{url}/message:send`)
    /// found no route, and the agent answers the 0.3 route of the same base
    /// (`{url}/v1/message:send`): the server speaks 0.3 HTTP+JSON behind a 1.0 card. Each
    /// interface is reported once, in whichever order the two calls came.
    pub(super) fn rest_routes_of_other_version(&mut self) {
        if self.rest1x_unrouted.is_empty() || self.rest03_served.is_empty() {
            return;
        }
        let mut i = 0;
        while i < self.rest1x_unrouted.len() {
            let (origin, base) = (&self.rest1x_unrouted[i].0, &self.rest1x_unrouted[i].1);
            let Some(served) = self
                .rest03_served
                .iter()
                .find(|(o, b, _, _)| o == origin && b == base)
                .cloned()
            else {
                i += 1;
                continue;
            };
            let (_, _, shown, card_ev, refused_ev, leg) = self.rest1x_unrouted.remove(i);
            self.areas.insert("version");
            self.find(
                &r::VER_CARD_METHOD,
                format!(
                    "card declares HTTP+JSON interface {shown} with protocol version 1.x, yet the agent has no route for the 1.0 operation paths there and answers the 0.3 route {} instead: the server speaks 0.3 HTTP+JSON (routes under /v1/) behind a 1.0 card; serve the 1.0 routes or declare protocolVersion 0.3",
                    served.2
                ),
                vec![card_ev, refused_ev, served.3],
                &leg,
            );
        }
    }
}

/// A gRPC call (GRPC-001) answered HTTP 415 Unsupported Media Type without `grpc-status`:
/// the server at the url refuses `content-type: application/grpc`, so it serves no gRPC
/// (a gRPC server answers every call with a grpc-status, and only a non-gRPC request 415;
/// PROTOCOL-HTTP2.md). CARD-URL-002 (CARD-005) for a gRPC interface url, as a 404 is.
fn grpc_refused_as_media(x: &Exch) -> bool {
    x.status == Some(415)
        && !x.synthetic
        && x.call
            .as_deref()
            .is_some_and(|c| c.binding == Some(Binding::Grpc))
        && !x.resp_headers.contains("grpc-status")
        && x.trailers.get("grpc-status").is_none()
}
