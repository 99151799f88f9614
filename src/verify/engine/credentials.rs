//! Credentials a call needs, lacks or sends where it should not; routes served and answered.

use super::*;

impl State {
    /// HTTP-FRAME-002 (RPC-002) for an A2A call the agent's side reset or closed without
    /// any response head (a HAR's `net::ERR_CONNECTION_RESET`, `ERR_EMPTY_RESPONSE`): the
    /// client got no answer; the advertised URL was reached, so no CARD-URL-002.
    pub(super) fn reset_without_answer(&mut self, x: &Exch) {
        if self.behind_hop(x)
            || x.status.is_some()
            || no_answer_cause(x) != Some(NoAnswer::Reached)
            || x.call.as_ref().is_none_or(|c| c.op.is_none())
        {
            return;
        }
        self.areas.insert("http");
        let cause = x.end_error.as_deref().unwrap_or("connection reset");
        let method = x.call_name();
        let why = match big_request_head(&x.req_headers) {
            Some(big) => format!("; {big}"),
            None => {
                " (a crashed worker, or a proxy or load balancer in front of the agent closing it)"
                    .to_string()
            }
        };
        self.find(
            &r::HTTP_BODY_CUT_SHORT,
            format!(
                "the agent's side reset or closed the connection of the call {method} without any response ({cause}): the client got no answer; the URL was reached{why}"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.end_seq)],
            &x.leg,
        );
    }

    /// A redirect answered to a call (F23): when it leads to a login page (an auth proxy
    /// such as oauth2-proxy, an SSO gateway), or answers a call that lacks the credentials
    /// the card's security schemes name, it is the auth layer's answer, not a wrong card
    /// URL: AUTH-CHALLENGE-001 (AUTH-003: 401 with `WWW-Authenticate`, which an API client
    /// can act on, instead of a browser login redirect). Returns whether it was one.
    pub(super) fn auth_redirect(&mut self, x: &Exch, p: &UrlParts) -> bool {
        let Some(loc) = x.resp_headers.get("location").map(str::to_string) else {
            return false;
        };
        let call = x.call.as_ref().is_some_and(|c| c.op.is_some());
        if !call || is_card_path(&x.path) {
            return false;
        }
        let no_creds = self.card_for(x).is_some_and(|c| {
            c.view.requires_auth && !c.view.invisible_auth && !carries_card_credentials(x, &c.view)
        });
        // Without credentials, a redirect to another origin (the identity provider) is the
        // auth layer's too; a same-origin one (a trailing slash) is judged as a redirect.
        let elsewhere = parse_url(&loc).is_some_and(|u| u.origin() != p.origin());
        if !(login_location(&loc) || (no_creds && elsewhere)) {
            return false;
        }
        self.areas.insert("auth");
        if !self
            .auth_reported
            .insert(format!("redirect\u{0}{}", p.origin()))
        {
            return true;
        }
        let why = if no_creds {
            " (the request carried none of the credentials the card's security schemes name)"
        } else {
            ""
        };
        if let Some(c) = x.call.as_ref().filter(|c| c.op.is_some() && !c.webhook) {
            let how = format!(
                "answered HTTP {} redirecting to a login page",
                x.status.unwrap_or(0)
            );
            self.auth_undeclared(x, c, &how);
        }
        self.find(
            &r::AUTH_CHALLENGE_MISSING,
            format!(
                "{} {} was answered HTTP {} redirecting to a login page {loc} instead of 401 with a WWW-Authenticate challenge{why}",
                x.method,
                x.url_named(),
                x.status.unwrap_or(0)
            ),
            vec![
                x.ev(x.req_seq),
                x.ev_at(x.resp_seq, "", Some(Value::String(loc.clone()))),
            ],
            &x.leg,
        );
        true
    }

    /// AUTH-SCHEME-002 (AUTH-002, AUTH-003, CARD-005): A2A call `x` (operation `c`) was
    /// refused for missing credentials (`how`: "answered HTTP 401 with WWW-Authenticate:
    /// Bearer ...", or a redirect to a login page), yet the card fetched at its origin
    /// declares neither a security requirement nor a scheme: a client reading the card
    /// cannot know it needs credentials. Once per origin; nothing without a card.
    pub(super) fn auth_undeclared(&mut self, x: &Exch, c: &Call, how: &str) {
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        if card.view.requires_auth || card.view.declares_schemes {
            return;
        }
        let origin = x.origin.clone().unwrap_or_default();
        if !self
            .auth_reported
            .insert(format!("undeclared\u{0}{origin}"))
        {
            return;
        }
        self.areas.insert("auth");
        self.find(
            &r::AUTH_UNDECLARED_SCHEME,
            format!(
                "call {} ({}) was refused for missing credentials ({how}), but the agent card of {} (exchange {}) declares no securitySchemes and no security requirement: clients reading the card cannot know they must authenticate, nor how",
                x.id,
                c.op_term("an A2A call"),
                net::origin_shown(&origin),
                card.exchange
            ),
            vec![
                x.ev(x.req_seq),
                x.ev(x.resp_seq),
                Evidence::event(card.seq, card.exchange.clone()),
            ],
            &x.leg,
        );
    }

    /// The security requirements of `x`'s card as words (`the Authorization header (scheme
    /// bearer)`, alternatives joined by ", or "), when the card requires credentials a
    /// recorded request can show: `None` without a card, for a card that requires none, or
    /// for one whose credential is invisible to HTTP (mutual TLS) or unstructured.
    pub(super) fn wanted_credentials(&self, x: &Exch) -> Option<(Arc<CardRec>, String)> {
        let card = self.card_for(x)?.clone();
        let v = &card.view;
        if !v.requires_auth || v.invisible_auth || v.security_alternatives.is_empty() {
            return None;
        }
        let wanted = v
            .security_alternatives
            .iter()
            .map(|alt| {
                alt.iter()
                    .map(|cr| format!("the {} (scheme {})", cr.describe(), cr.scheme()))
                    .collect::<Vec<_>>()
                    .join(" and ")
            })
            .collect::<Vec<_>>()
            .join(", or ");
        Some((card, wanted))
    }

    /// True when request `x` carries no credential of any security scheme of `card`
    /// ([`credential_present`]) and none that looks like one elsewhere
    /// ([`stray_credentials`]).
    pub(super) fn no_credential_at_all(x: &Exch, card: &CardRec) -> bool {
        let declared: Vec<_> = card.view.security_alternatives.iter().flatten().collect();
        !declared.iter().any(|cr| credential_present(x, cr))
            && stray_credentials(x, declared).is_empty()
    }

    /// AUTH-CHALLENGE-001 (AUTH-003; ModelEngine-Group/nexent PR #3636: external agents
    /// answered 403 Forbidden to calls without their X-HW-ID / X-HW-APPKEY headers): A2A
    /// call `x` carried none of the credentials its card's security schemes name and the
    /// agent answered 403. Missing credentials are 401 with a WWW-Authenticate challenge
    /// (ERR-006, 1.0 §3.3.2; RFC 9110 §15.5.2); 403 says the caller is known and not allowed (§15.5.4), so a
    /// client does not learn to authenticate. 1.0 only: 0.3 §4.4 (AUTH-003) names "401
    /// Unauthorized or 403 Forbidden" alike for failed or missing authentication, so a 0.x
    /// call (its dialect, or with none known a card that is not pure 1.0) is not judged
    /// (review26 R1). Once per origin; nothing for mutual TLS,
    /// whose credential no recorded request shows, nor for a call that carried a declared
    /// credential (a scope refusal, or AUTH-SCOPE-001's other caller).
    pub(super) fn forbidden_without_credentials(&mut self, x: &Exch, c: &Call) {
        if x.status != Some(403) {
            return;
        }
        let Some((card, wanted)) = self.wanted_credentials(x) else {
            return;
        };
        let origin = x.origin.clone().unwrap_or_default();
        // breaker53: an agent that refuses a call carrying no credential at all with 403
        // uses 403 for "not authenticated" (0.3 §4.4 allows it): its 403 to another
        // opaque credential cannot be told from a bad token's (AUTH-SCOPE-001 asks)
        if Self::no_credential_at_all(x, &card) {
            self.auth_reported.insert(format!("anon403\u{0}{origin}"));
        }
        let v1 = match c.dialect {
            Some(d) => d == Dialect::V1_0,
            None => card.view.has_v1_fields && !card.view.has_v0_fields,
        };
        if !v1 {
            return;
        }
        let declared: Vec<_> = card.view.security_alternatives.iter().flatten().collect();
        if declared.iter().any(|cr| credential_present(x, cr)) {
            return;
        }
        if !self.auth_reported.insert(format!("forbidden\u{0}{origin}")) {
            return;
        }
        self.areas.insert("auth");
        self.find(
            &r::AUTH_CHALLENGE_MISSING,
            format!(
                "agent answered {} {} with 403 although the request carried none of the credentials its card (exchange {}) asks for ({wanted}): a request without credentials is answered 401 with a WWW-Authenticate challenge (ERR-006 1.0 §3.3.2, RFC 9110 §15.5.2), while 403 says the caller is known and refused, so the client does not learn it must authenticate",
                x.method, x.url, card.exchange
            ),
            vec![
                x.ev(x.req_seq),
                x.ev_at(x.resp_seq, "", Some(Value::from(403))),
                schemes_ev(card.seq, &card.exchange),
            ],
            &x.leg,
        );
    }

    /// AUTH-SCHEME-004 (AUTH-002, AUTH-001; opencode-a2a #4: the SDK's REST transport never
    /// applied the auth interceptor; google/adk-java #1258: no call context, so no
    /// credential): A2A call `x` (operation `c`) was refused 401 / 403 by an agent whose
    /// card requires credentials, and it carried none, declared or stray (a stray one is
    /// AUTH-SCHEME-003). Held in [`State::missing_creds`]: a later call of the same
    /// operation to the origin with a declared credential ([`State::credential_retry`])
    /// answers the challenge and drops it, and one made with a credential before (a
    /// prober's deliberate anonymous call) is not held; what is left is told at the run's
    /// end when the client called the origin again without a credential, or sent it a
    /// declared credential on another call (its auth hook skips some calls).
    /// Not when the card's only security requirement is in a member its own version does
    /// not have (a 1.0 card's 0.3 `security`, a 0.x card's 1.0 `securityRequirements`,
    /// VER-MIX-001's): a client of the card's version reads an agent that asks for nothing
    /// and rightly sends no credential (breaker53 v10-security-0x-member).
    pub(super) fn client_credential_missing(&mut self, x: &Exch, c: &Call) {
        let Some((card, wanted)) = self.wanted_credentials(x) else {
            return;
        };
        let v = &card.view;
        let foreign_requirement = v.v0_members_in_v1.iter().any(|p| p == "/security")
            && !v.has_v0_fields
            || v.v1_members_in_v0
                .iter()
                .any(|p| p == "/securityRequirements")
                && !v.has_v1_fields;
        if foreign_requirement
            || !Self::no_credential_at_all(x, &card)
            || self.missing_creds.len() >= MAX_MISSING_CREDS
        {
            return;
        }
        let origin = x.origin.clone().unwrap_or_default();
        let op = c.op_term("an A2A call").to_string();
        if self
            .credentialed_ops
            .contains(&format!("{origin}\u{0}{op}"))
        {
            return;
        }
        self.missing_creds.push(MissingCred {
            origin,
            op,
            exchange: str::to_string(&x.id),
            status: x.status.unwrap_or(401),
            ev: vec![
                x.ev(x.req_seq),
                x.ev_at(x.resp_seq, "", x.status.map(Value::from)),
                schemes_ev(card.seq, &card.exchange),
            ],
            wanted,
            leg: x.leg.clone(),
        });
    }

    /// AUTH-SCHEME-004: call `x` (operation `c`, not refused 401 / 403) carried every
    /// credential of a security requirement of its card: the held refusals of the same
    /// operation at its origin were a challenge the client answered (RFC 9110 §11.6.1).
    pub(super) fn credential_retry(&mut self, x: &Exch, c: &Call) {
        let Some(card) = self.card_for(x) else {
            return;
        };
        let answered = card
            .view
            .security_alternatives
            .iter()
            .any(|alt| !alt.is_empty() && alt.iter().all(|cr| credential_present(x, cr)));
        if !answered {
            return;
        }
        let origin = x.origin.as_deref().unwrap_or_default();
        let op = c.op_term("an A2A call");
        if !self.missing_creds.is_empty() {
            self.missing_creds
                .retain(|m| !(m.origin == origin && m.op == op));
        }
        if self.credentialed_origins.len() < MAX_MISSING_CREDS
            && !self.credentialed_origins.contains(origin)
        {
            self.credentialed_origins.insert(origin.to_string());
        }
        let key = format!("{origin}\u{0}{op}");
        if self.credentialed_ops.len() < MAX_MISSING_CREDS && !self.credentialed_ops.contains(&key)
        {
            self.credentialed_ops.insert(key);
        }
    }

    /// AUTH-SCHEME-004 at the run's end: the refusals no retry answered, one finding per
    /// origin naming each operation once; an origin with a single refusal is told only when
    /// the client sent it a declared credential on another call.
    pub(super) fn flush_missing_creds(&mut self) {
        let held = std::mem::take(&mut self.missing_creds);
        let mut origins: Vec<String> = Vec::new();
        for m in &held {
            if !origins.contains(&m.origin) {
                origins.push(m.origin.clone());
            }
        }
        for origin in origins {
            let of: Vec<&MissingCred> = held.iter().filter(|m| m.origin == origin).collect();
            let Some(first) = of.first() else { continue };
            // One refusal and nothing after it may be a challenge round trip the recording
            // cut short (or a probe): told only for a client that called again without a
            // credential, or that sent the origin a declared credential on another call.
            let has_one = self.credentialed_origins.contains(&origin);
            if of.len() < 2 && !has_one {
                continue;
            }
            // each operation once, with its first refused exchange
            let mut calls: Vec<String> = Vec::new();
            let mut ops: Vec<&str> = Vec::new();
            for m in &of {
                if !ops.contains(&m.op.as_str()) {
                    ops.push(&m.op);
                    if calls.len() < 5 {
                        calls.push(format!(
                            "{} (exchange {}, HTTP {})",
                            m.op, m.exchange, m.status
                        ));
                    }
                }
            }
            let shown = if ops.len() > calls.len() {
                format!(
                    "{} and {} other operations",
                    calls.join(", "),
                    ops.len() - calls.len()
                )
            } else {
                calls.join(", ")
            };
            let (times, refused, again) = match of.len() {
                1 => (String::new(), "the call", "it"),
                n => (format!(" in {n} calls"), "every one of them", "them"),
            };
            self.areas.insert("auth");
            self.find(
                &r::AUTH_CLIENT_CREDENTIAL_MISSING,
                format!(
                    "client called {} without any credential{times}: {shown}; the agent card requires {}, the agent refused {refused}, and the client never made {again} again with a credential the card names{}, so these calls cannot succeed until the client sends one (check that the client's auth hook covers this binding and every operation, streaming ones included)",
                    net::origin_shown(&origin),
                    first.wanted,
                    if has_one { ", though it sent one on its other calls to that agent" } else { "" }
                ),
                first.ev.clone(),
                &first.leg.clone(),
            );
        }
    }

    /// AUTH-SCHEME-003 (AUTH-002, AUTH-001; topcheer/ggcode #1458: the client sent every
    /// API key as `X-API-Key` whatever the card's apiKey scheme named): A2A call `x` was
    /// refused with 401 (or 403: nexent PR #3636) by an agent whose card states its security requirements, the
    /// request satisfied none of them, and it carried a credential ([`stray_credentials`])
    /// in a header or query parameter that no scheme of the card names. The client
    /// authenticated, but not as the card says: the fault is the client's. Once per
    /// origin and misplaced credential; nothing when the card names no structured
    /// requirement (an undefined scheme, mutual TLS).
    pub(super) fn client_credential_misplaced(&mut self, x: &Exch, c: &Call) {
        use crate::model::card::Credential;
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let v = &card.view;
        if !v.requires_auth || v.invisible_auth || v.security_alternatives.is_empty() {
            return;
        }
        // breaker33 A22: an http scheme's credential is the Authorization header under that
        // authentication scheme (a Bearer token is no Basic credential); elsewhere (the
        // extended card, 403s, AUTH-SCHEME-004) any Authorization value counts as sent.
        if v.security_alternatives
            .iter()
            .any(|alt| alt.iter().all(|cr| credential_as_declared(x, cr)))
        {
            // A declared credential was there: the agent refused its value, not its place.
            return;
        }
        let declared = v.security_alternatives.iter().flatten();
        let stray = stray_credentials(x, declared.clone().collect());
        if stray.is_empty() {
            return;
        }
        let origin = x.origin.clone().unwrap_or_default();
        if !self
            .auth_reported
            .insert(format!("misplaced\u{0}{origin}\u{0}{}", stray.join(",")))
        {
            return;
        }
        let wanted = declared_credential_words(v);
        let bearer_for_key = stray.iter().any(|s| s.starts_with("Authorization header"))
            && declared
                .clone()
                .all(|cr| !matches!(cr, Credential::Authorization { .. }));
        // breaker33 A22: the Authorization header the card names, under another scheme
        let other_auth_scheme = !bearer_for_key
            && stray
                .iter()
                .any(|s| s.starts_with("Authorization header as "));
        // newcomer49: a bare value where the card's http scheme wants `Bearer <token>`
        let no_auth_scheme = !bearer_for_key
            && stray
                .iter()
                .any(|s| s.starts_with("Authorization header with no authentication scheme"));
        self.areas.insert("auth");
        self.find(
            &r::AUTH_CLIENT_CREDENTIAL_MISPLACED,
            format!(
                "{} {} with {} {}, which no security scheme of the agent card names; the card asks for {}, and the agent refused the call with {}{}",
                self.sender(x).sent(),
                c.op_term("its call"),
                if stray.len() == 1 { "the credential in the" } else { "credentials in the" },
                stray.join(" and the "),
                wanted.join(", or "),
                x.status.unwrap_or(401),
                if bearer_for_key {
                    " (an API key goes where its apiKey scheme says, not in Authorization)"
                } else if other_auth_scheme {
                    " (the first word of Authorization, the authentication scheme, must be the one the card's http scheme names; RFC 9110 §11.4)"
                } else if no_auth_scheme {
                    " (an Authorization value begins with its authentication scheme, the one the card's http scheme names, then the credential: `Bearer <token>`, not the token alone; RFC 9110 §11.4)"
                } else {
                    ""
                }
            ),
            vec![
                x.ev(x.req_seq),
                x.ev(x.resp_seq),
                schemes_ev(card.seq, &card.exchange),
            ],
            &x.leg,
        );
    }

    /// AUTH-SCHEME-003 (AUTH-001, AUTH-002; left59 item 2, field case f1318: veadk-python's
    /// `auth_method="querystring"` sends the bearer token as `?token=` on every call): A2A
    /// call `x` (operation `c`), which the agent took, carried no credential of a security
    /// requirement of its card but one in a URL query parameter that no scheme of the card
    /// names ([`stray_credentials`]). [`Self::client_credential_misplaced`] tells a
    /// misplaced credential the agent refused; a query parameter is the client's fault
    /// whatever the agent answers: AUTH-001 puts credentials in headers, a query only for
    /// an apiKey scheme that names it, and a URL is recorded wherever it goes (access logs,
    /// proxies, Referer; RFC 6750 §2.3, §5.3). The agent that took it is AUTH-OPEN-001's,
    /// told beside this. A header of another name the agent took is not told here: the
    /// card or the client may be the stale side, and a header leaks into no URL. Once per
    /// origin and parameter.
    pub(super) fn client_credential_in_query_taken(&mut self, x: &Exch, c: &Call) {
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let v = &card.view;
        if x.synthetic
            || c.webhook
            || !v.requires_auth
            || v.invisible_auth
            || v.security_alternatives.is_empty()
            || v.security_alternatives
                .iter()
                .any(|alt| alt.iter().all(|cr| credential_as_declared(x, cr)))
        {
            return;
        }
        let declared: Vec<_> = v.security_alternatives.iter().flatten().collect();
        let query: Vec<String> = stray_credentials(x, declared)
            .into_iter()
            .filter(|s| s.ends_with(" query parameter"))
            .collect();
        if query.is_empty() {
            return;
        }
        let origin = x.origin.clone().unwrap_or_default();
        if !self
            .auth_reported
            .insert(format!("query-taken\u{0}{origin}\u{0}{}", query.join(",")))
        {
            return;
        }
        self.areas.insert("auth");
        self.find(
            &r::AUTH_CLIENT_CREDENTIAL_MISPLACED,
            format!(
                "{} {} with {} {}, which no security scheme of the agent card names; the card asks for {}: a credential in the URL's query is recorded wherever the URL goes (proxy and server access logs, Referer; RFC 6750 §2.3, §5.3), and AUTH-001 puts credentials in headers, in a query only for an apiKey scheme that names the parameter; the agent took the call, which is its own fault beside this one (AUTH-OPEN-001)",
                self.sender(x).sent(),
                c.op_term("its call"),
                if query.len() == 1 { "the credential in the" } else { "credentials in the" },
                query.join(" and the "),
                declared_credential_words(v).join(", or "),
            ),
            vec![
                x.ev(x.req_seq),
                x.ev(x.resp_seq),
                schemes_ev(card.seq, &card.exchange),
            ],
            &x.leg,
        );
    }

    /// CARD-URL-007: a call to an advertised interface URL answered 307/308 to another URL
    /// (once per interface). A redirect back to the URL exactly as the card spells it is the
    /// client's doing (it changed the URL), not the card's.
    pub(super) fn check_redirected_use(&mut self, x: &Exch, p: &UrlParts) {
        let call = x.call.as_ref().is_some_and(|c| c.op.is_some());
        if is_card_path(&x.path) || !(call || x.method.eq_ignore_ascii_case("POST")) {
            return;
        }
        let loc = x.resp_headers.get("location").unwrap_or("").to_string();
        let target = parse_url(&loc);
        let origin = p.origin();
        let path = net::norm_path(&p.path).to_string();
        let mut hits = Vec::new();
        for (i, a) in self.advertised.iter() {
            if a.redirected || a.parts.origin() != origin {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            let used_exactly = p.path == a.parts.path || (a.rpc_at_url() && path == base);
            let back_to_card = target
                .as_ref()
                .is_some_and(|t| t.origin() == a.parts.origin() && t.path == a.parts.path)
                || loc == a.parts.path;
            if back_to_card
                || !(used_exactly || (a.routes_below() && path.starts_with(&format!("{base}/"))))
            {
                continue;
            }
            hits.push(i.clone());
        }
        hits.sort();
        for i in hits {
            let Some(a) = self.advertised.get_mut(&i) else {
                continue;
            };
            a.redirected = true;
            let a = a.clone();
            self.find(
                &r::CARD_URL_REDIRECTED,
                format!(
                    "advertised interface url {} answered HTTP {} redirecting {} {} to {}: clients that do not follow redirects fail there",
                    a.shown,
                    x.status.unwrap_or(0),
                    x.method,
                    x.url_named(),
                    if loc.is_empty() { "nowhere" } else { &loc }
                ),
                vec![
                    Evidence {
                        seq: a.card_seq,
                        exchange: Some(a.card_exchange.clone()),
                        pointer: Some(a.pointer.clone()),
                        found: Some(Value::String(a.url.clone())),
                    },
                    x.ev_at(x.resp_seq, "", Some(Value::String(loc.clone()))),
                ],
                &x.leg,
            );
        }
    }

    /// The route `x` called (HTTP+JSON) is one no agent on its origin offered (CARD-005):
    /// the card fetched from that origin lists interfaces, none of its HTTP+JSON ones
    /// (`HTTP+JSON` in any letter case, or any name but JSONRPC and GRPC: the `rest` some
    /// frameworks write, a misspelling like `HTTP_JSON`, review24a R4) is at that route
    /// (its URL is `x`'s path or a prefix of it on `x`'s origin) or has a URL that cannot
    /// be placed, and no card seen advertises an HTTP+JSON interface at that route (a gRPC
    /// interface at the origin's root is none). Covers a JSON-RPC-only agent (mine24a
    /// f348), an agent whose HTTP+JSON interface is at another path or origin (review24a
    /// R5), and several agents on one origin (review24a R1, R11): the card is that of the
    /// agent `x` addressed ([`Self::card_for`]), else every card on the origin. False
    /// without a card, or with a card that lists no interface.
    pub(super) fn rest_route_not_offered(&self, x: &Exch) -> bool {
        let (Some(p), Some(o)) = (x.parts.as_ref(), x.origin.as_deref()) else {
            return false;
        };
        let cards: &[Arc<CardRec>] = match self.card_for(x) {
            Some(card) => std::slice::from_ref(card),
            None => self.cards.get(o).map_or(&[], Vec::as_slice),
        };
        if cards.is_empty() || cards.iter().any(|c| c.view.interfaces.is_empty()) {
            return false;
        }
        let (origin, path) = (p.origin(), net::norm_path(&p.path));
        let at_route = |u: &UrlParts| {
            let base = net::norm_path(&u.path);
            u.origin() == origin && (path == base || path.starts_with(&format!("{base}/")))
        };
        // HTTP+JSON, or a name that may mean it (`rest`, `HTTP_JSON`: CARD-SHAPE-007's)
        let rest_named = |b: &str| {
            let b = b.trim();
            !b.eq_ignore_ascii_case("JSONRPC") && !b.eq_ignore_ascii_case("GRPC")
        };
        let in_card = cards
            .iter()
            .flat_map(|c| &c.view.interfaces)
            .any(|i| rest_named(&i.binding) && i.parts().is_none_or(&at_route));
        !in_card
            && !self
                .advertised
                .values()
                .any(|a| a.binding == Some(Binding::Rest) && at_route(&a.parts))
    }

    /// Whether `x` is a call on an HTTP+JSON route the binding defines (REST-001: its
    /// operation was recognised, e.g. `{interface}/tasks/{id}`, `:cancel`, `:subscribe`)
    /// below an advertised interface URL whose routes already answered an earlier request
    /// ([`Advertised::answered_below`]; a JSON-RPC answer at the URL itself proves nothing
    /// about the HTTP+JSON routes of a URL declaring both). Such a call's 4xx/5xx is the agent's error answer for
    /// that operation (ERR-003, REST-003), not a sign of a wrong card URL (CARD-005).
    pub(super) fn rest_route_of_answered_interface(&self, x: &Exch) -> bool {
        let Some(p) = &x.parts else { return false };
        let Some(c) = &x.call else { return false };
        if c.binding != Some(Binding::Rest) || c.op.is_none() {
            return false;
        }
        // GetExtendedAgentCard names no resource that could be missing: on a card that
        // declares it (AUTH-005), a 404 there is the route missing, not an error answer
        // (breaker17a U9, a2a-python #769).
        if c.op == Some(Op::GetExtendedCard)
            && self.card_for(x).is_some_and(|k| k.view.extended_card)
        {
            return false;
        }
        let origin = p.origin();
        let path = net::norm_path(&p.path);
        // Answers on the 0.3 routes below `{url}/v1/` prove nothing about the 1.0 routes of
        // a 1.x interface (breaker14 P13: a 0.3 server behind a 1.0 card).
        let on_1x_route =
            rest_route(&x.method, &p.path).is_some_and(|rt| rt.dialect == Dialect::V1_0);
        self.advertised.values().any(|a| {
            let base = net::norm_path(&a.parts.path);
            a.answered_below
                && a.routes_below()
                && a.parts.origin() == origin
                && path.starts_with(&format!("{base}/"))
                && !(a.rest_1x
                    && on_1x_route
                    && self
                        .rest03_served
                        .iter()
                        .any(|(o, b, _, _)| *o == origin && b == base))
        })
    }

    /// left59 item 1 (TASK-003, ERR-002, ERR-003, REST-003): whether `x` is an HTTP+JSON
    /// operation call on a task the agent handed out in this recording, answered with a 501
    /// page that is no A2A error ([`not_implemented_page`]): only the agent knows the task,
    /// so the call reached it and the route is there, whether or not another HTTP+JSON route
    /// answered before (the task may have gone live over JSON-RPC). Its body is judged as an
    /// error answer (REST-ERROR-001, [`Self::rest_error_not_json`]), not as a missing route
    /// (CARD-URL-002).
    pub(super) fn rest_501_on_known_task(&self, x: &Exch) -> bool {
        not_implemented_page(x)
            && x.call.as_deref().is_some_and(|c| {
                c.binding == Some(Binding::Rest)
                    && c.op.is_some()
                    && c.task_id().is_some_and(|t| self.knows_task(x, t))
            })
    }

    /// Records in [`Self::served_urls`] the advertised URLs an A2A call in `x` used when the
    /// agent answered it with success ([`answer_refused`] false, not the proxy's own
    /// answer): proof that the URL is real (CARD-005). Same matching as
    /// [`Self::mark_answered`].
    pub(super) fn mark_served(&mut self, x: &Exch) {
        let Some(p) = &x.parts else { return };
        if x.synthetic
            || self.pending_doubled.is_empty()
            || x.call.as_ref().is_none_or(|c| c.op.is_none())
        {
            return;
        }
        // A router's catch-all page (`200 text/html`) is no A2A answer.
        // Any case, read in place (no lowercased copy).
        let ct = x.resp_headers.get("content-type").unwrap_or("").as_bytes();
        let has = |word: &[u8]| ct.windows(word.len()).any(|w| w.eq_ignore_ascii_case(word));
        let a2a_body = has(b"json") || has(b"event-stream") || has(b"grpc");
        let served = a2a_body && !answer_refused(x);
        // The URL has no route (404/405, or a 2xx page that is no A2A answer): the repeated
        // segment is reported now, while the traffic flows, not only at the end.
        let unrouted = matches!(x.status, Some(404 | 405))
            || x.status.is_some_and(|s| (200..300).contains(&s)) && !a2a_body;
        if !served && !unrouted {
            return;
        }
        let path = net::norm_path(&p.path).to_string();
        let mut used = Vec::new();
        for (k, a) in &self.advertised {
            if !a.parts.same_origin(p) {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            if path == base || (a.routes_below() && path.starts_with(&format!("{base}/"))) {
                used.push(k.clone());
            }
        }
        for k in used {
            if served {
                self.served_urls.insert(k);
            } else if !self.served_urls.contains(&k) {
                let (now, keep): (Vec<_>, Vec<_>) = std::mem::take(&mut self.pending_doubled)
                    .into_iter()
                    .partition(|d| d.0 == k);
                self.pending_doubled = keep;
                for (_, msg, ev, leg) in now {
                    self.find(&r::CARD_URL_DOUBLED_PATH, msg, ev, &leg);
                }
            }
        }
    }

    /// Marks the advertised URLs a request to `p` used as answered ([`Advertised::answered`],
    /// and [`Advertised::answered_below`] for a route below the URL); the same matching as
    /// [`Self::check_advertised_use`].
    pub(super) fn mark_answered(&mut self, p: &UrlParts, method: &str) {
        let origin = p.origin();
        let path = net::norm_path(&p.path).to_string();
        for a in self.advertised.values_mut() {
            if a.answered_below || !a.at_origin(p, &origin) {
                continue;
            }
            let base = net::norm_path(&a.parts.path);
            if path == base && method.eq_ignore_ascii_case("POST") {
                a.answered = true;
            } else if a.routes_below() && path.starts_with(&format!("{base}/")) {
                a.answered = true;
                a.answered_below = true;
            }
        }
    }
}

/// True when an error text refuses the caller's identity: "Unauthorized: missing or invalid
/// API key", "unauthenticated", "authentication required", "invalid token", ... (ASCII
/// case-insensitive). Permission words ("forbidden", "permission denied") are not among
/// them: those refuse a known caller (403, AUTH-006), another answer.
pub(super) fn says_unauthenticated(text: &str) -> bool {
    const WORDS: [&str; 16] = [
        "unauthori",
        "unauthenti",
        "not authenticated",
        "authentication required",
        "authentication failed",
        "missing credentials",
        "invalid credentials",
        "no credentials",
        "invalid api key",
        "missing api key",
        "missing or invalid api key",
        "api key required",
        "invalid token",
        "missing token",
        "expired token",
        "missing authorization",
    ];
    let t = text.to_ascii_lowercase();
    WORDS.iter().any(|w| t.contains(w))
}

impl State {
    /// AUTH-CHALLENGE-002 (1.0: ERR-006 MUST, 1.0 §3.3.2) / AUTH-CHALLENGE-003 (0.x: AUTH-003
    /// SHOULD, 0.3 §4.4); diegosouzapw/OmniRoute #12888: a call without the card's bearer
    /// token answered HTTP 400 with JSON-RPC -32600 "Unauthorized: missing or invalid API
    /// key"): A2A call `x` (operation `c`) to an agent whose card requires credentials was
    /// refused with an error whose text `text` says the caller is not authenticated
    /// ([`says_unauthenticated`]) but which is no authentication failure (`answer`: the
    /// JSON-RPC error, the HTTP+JSON status, the gRPC status, as words; `at` its evidence):
    /// the caller is told its request is malformed or the agent broke. Nothing for a 401 /
    /// 403 answer (AUTH-CHALLENGE-001 judges those), a webhook's, nor without a card that
    /// requires credentials; the version of the call picks the rule. Once per origin.
    pub(super) fn auth_refused_as_other_error(
        &mut self,
        x: &Exch,
        c: &Call,
        text: &str,
        answer: &str,
        at: Evidence,
    ) {
        if x.synthetic
            || c.webhook
            || c.op.is_none()
            || matches!(x.status, Some(401) | Some(403) | Some(407))
            || !says_unauthenticated(text)
        {
            return;
        }
        let Some((card, wanted)) = self.wanted_credentials(x) else {
            return;
        };
        let v1 = match c.dialect {
            Some(d) => d == Dialect::V1_0,
            None => card.view.has_v1_fields && !card.view.has_v0_fields,
        };
        let origin = x.origin.clone().unwrap_or_default();
        if !self.auth_reported.insert(format!("other\u{0}{origin}")) {
            return;
        }
        self.areas.insert("auth");
        let carried = if Self::no_credential_at_all(x, &card) {
            format!(
                "carried none of the credentials its card (exchange {}) asks for ({wanted})",
                card.exchange
            )
        } else {
            format!(
                "carried a credential, which the agent refused (its card, exchange {}, asks for {wanted})",
                card.exchange
            )
        };
        let (rule, want) = if v1 {
            (
                &r::AUTH_REFUSED_AS_OTHER_ERROR,
                "a 1.0 agent refuses missing or bad credentials as an authentication failure, HTTP 401 with a WWW-Authenticate challenge (gRPC UNAUTHENTICATED; ERR-006, 1.0 §3.3.2)",
            )
        } else {
            (
                &r::AUTH_REFUSED_AS_OTHER_ERROR_0X,
                "the 0.x spec answers failed or missing authentication with HTTP 401 and a WWW-Authenticate challenge, or 403 (0.3 §4.4, AUTH-003)",
            )
        };
        let shown: String = text.chars().take(120).collect();
        self.find(
            rule,
            format!(
                "agent refused {} ({}) with {answer}, whose text says {shown:?}: the request {carried}, and {want}; the client reads a malformed request or a broken agent, not that it must authenticate",
                x.url_named(),
                c.op_term("an A2A call"),
            ),
            vec![
                x.ev(x.req_seq),
                at,
                schemes_ev(card.seq, &card.exchange),
            ],
            &x.leg,
        );
    }
}

/// Bytes of a request header section past which [`big_request_head`] names it: 8 KiB, the
/// smallest limit of the common servers (nginx's `large_client_header_buffers` line).
pub(super) const BIG_HEAD_FIELD: usize = 8 * 1024;

/// Words naming a request's header section that servers commonly refuse by its size (one
/// field over [`BIG_HEAD_FIELD`] bytes, or the section over twice that): its size and its
/// largest field's name and size, in bytes (name, `: `, value; RFC 9112 §5), as the likely
/// cause of an answer that never came (RFC 6585 §5: 431 Request Header Fields Too Large;
/// servers that do not answer 431 close the connection). newcomer50 N11: a 200 KB header
/// refused by uvicorn was told with no word of it. `None` for a section of ordinary size.
pub(super) fn big_request_head(h: &Headers) -> Option<String> {
    let mut total = 0usize;
    let mut largest: Option<(&str, usize)> = None;
    for (name, value) in h.iter() {
        let size = name.len() + 2 + value.len();
        total += size + 2;
        if largest.is_none_or(|(_, l)| size > l) {
            largest = Some((name, size));
        }
    }
    let (name, size) = largest?;
    if size <= BIG_HEAD_FIELD && total <= 2 * BIG_HEAD_FIELD {
        return None;
    }
    Some(format!(
        "the request's header section was {total} bytes, its largest field {name} {size} bytes: many servers refuse a header section past 8 to 64 KiB by closing the connection or with 431 Request Header Fields Too Large (RFC 6585 §5), a likely cause here"
    ))
}

/// The evidence of a card's `securitySchemes` (the card's event `seq` in exchange
/// `exchange`), which every credential finding cites beside the call and its answer
/// (AUTH-001, CARD-009).
fn schemes_ev(seq: u64, exchange: &str) -> Evidence {
    Evidence {
        seq,
        exchange: Some(exchange.to_string()),
        pointer: Some("/securitySchemes".into()),
        found: None,
    }
}
