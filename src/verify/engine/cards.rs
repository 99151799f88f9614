//! Agent Cards: their content, caching, signatures and credentials.

use super::*;

impl State {
    // ------------------------------------------------------------------ cards

    pub(super) fn on_card(&mut self, x: &Exch, json: Option<&Json>, extended: bool, base: &str) {
        self.areas.insert("card");
        let bseq = x.body_seq();
        if json.is_none() {
            // breaker38: valid JSON beyond what the parser reads (extension params nested
            // past 128 levels, a number past a 64-bit float: RFC 8259 §9, §6) is no card
            // that is "not JSON": not judged, and said so.
            if let Some(limit) = x
                .resp_decoded_coded()
                .ok()
                .and_then(|b| Json::parse(&b).err())
                .and_then(|e| jsonrpc::parser_limit(&e))
            {
                self.beyond_parser(x, "agent card", limit);
                return;
            }
        }
        let Some(v) = json.filter(|v| v.is_object()) else {
            let found = excerpt(&String::from_utf8_lossy(x.body.as_slice()));
            self.find(
                &r::CARD_SHAPE_NOT_JSON,
                // What the JSON is instead, when it is JSON (q20v V1): a card list, a
                // quoted string, null.
                format!(
                    "agent card response is not a JSON object{}",
                    match json {
                        Some(Json::Array(_)) => ": it is a JSON array".into(),
                        Some(Json::String(_)) => ": it is a JSON string".into(),
                        Some(Json::Number(_)) => ": it is a JSON number".into(),
                        Some(Json::Bool(_)) => ": it is a JSON boolean".into(),
                        Some(Json::Null) => ": it is JSON null".into(),
                        // A card file saved with a BOM or in Latin-1 (breaker22 Y09):
                        // the evidence does not show why it is no JSON.
                        _ => json_text_fault(x.body.as_slice()).unwrap_or_default(),
                    }
                ),
                vec![x.ev_at(bseq, base, Some(found))],
                &x.leg,
            );
            return;
        };
        let served_v02 = x.path.ends_with("/.well-known/agent.json")
            || x.path.ends_with("/agent/authenticatedExtendedCard");
        // A public card fetched as a whole body with no `--rewrite-card` copy: what its
        // bytes give is remembered (`CardMemo`).
        let memo = (!extended && base.is_empty() && x.card_rewrite.is_none())
            .then(|| self.card_memo_for(x, v, served_v02))
            .flatten();
        let view = match &memo {
            Some(m) => m.view.clone(),
            None => Arc::new(card_view(v, served_v02)),
        };
        if !extended {
            self.card_cache_headers(x, &view);
            self.card_etag_stale(x, v);
            self.signed_card_changed(x, v, base);
        }
        if v.get("signatures").is_some() {
            self.signed_card_shared(x, v, extended, base);
        }
        // mine60 (f1349, traylinx/a2a-ruby's /.well-known/a2a/agent-card): a card served at
        // another path under /.well-known/ than agent-card.json, one no A2A version names,
        // is paired with the 404 at agent-card.json as the 0.2 path is.
        let other_well_known = !extended
            && !x.path.ends_with("/.well-known/agent.json")
            && card_beside_well_known(&x.path).is_some();
        if (x.path.ends_with("/.well-known/agent.json") || other_well_known) && !self.behind_hop(x)
        {
            // The newest generation the card declares: 1.0 (CARD-PATH-001) before 0.3
            // (CARD-PATH-003); a 0.2 card (or one naming no version) belongs at agent.json.
            let declared = view.declared_dialects();
            let newest = [
                (Dialect::V1_0, "supportedInterfaces"),
                (Dialect::V0_3, "protocolVersion"),
            ]
            .into_iter()
            .find(|(d, _)| declared.contains(d));
            if let (Some((d, member)), Some(o)) = (newest, x.parts.as_deref().map(UrlParts::origin))
            {
                let ev = x.ev_at(bseq, &format!("{base}/{member}"), None);
                let (prefix, served) =
                    card_beside_well_known(&x.path).unwrap_or((&x.path, "/.well-known/agent.json"));
                self.card_path_evidence(o, prefix, None, Some((ev, d, served.to_string())));
            }
        }
        if view.has_v1_fields && !view.has_v0_fields {
            // A pure 1.0 card whose interfaces declare 1.0 only: the dialect of this exchange,
            // so a card-only capture reports it (breaker18a W13). A hybrid card, or one that
            // also declares 0.x interfaces (the JS SDK's), serves both generations and names
            // neither: the calls made say which was used.
            let mut versions = view
                .interfaces
                .iter()
                .filter_map(|i| i.version.as_deref().and_then(Dialect::from_version));
            let first = versions.next();
            if first == Some(Dialect::V1_0) && versions.all(|d| d == Dialect::V1_0) {
                self.note_dialect(&x.id, Dialect::V1_0);
            }
        }
        if !view.has_v1_fields {
            // A pure 0.x card: its protocolVersion is the dialect of this exchange.
            let d = view
                .effective_v0_version()
                .as_deref()
                .and_then(Dialect::from_version)
                .or(if served_v02 {
                    Some(Dialect::V0_2)
                } else {
                    None
                });
            if let Some(d) = d {
                self.note_dialect(&x.id, d);
            }
        }
        if let Some((ptr, _)) = view.problems.first() {
            let msg = view
                .problems
                .iter()
                .map(|p| p.1.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let _ = ptr;
            let ev = view
                .problems
                .iter()
                .take(8)
                .map(|p| {
                    x.ev_at(
                        bseq,
                        &format!("{base}{}", p.0),
                        v.pointer(&p.0).map(Json::to_value),
                    )
                })
                .collect();
            self.find(&r::CARD_SHAPE_MISSING_FIELD, msg, ev, &x.leg);
        }
        // CARD-004 / DATA-001 (cards60, mine59 f1321): a 0.x card's members under another
        // spelling, no required one lost (that is CARD-SHAPE-001's, above).
        if !view.misspelt_members.is_empty() {
            let m = &view.misspelt_members;
            let gen = view
                .effective_v0_version()
                .as_deref()
                .and_then(Dialect::from_version)
                .map_or("0.x", Dialect::as_str);
            let names = m
                .iter()
                .take(8)
                .map(|x| {
                    let at = x.pointer.rsplit_once('/').map_or("", |(p, _)| p);
                    let at = at.trim_start_matches('/').replace('/', ".");
                    let at = if at.is_empty() {
                        String::new()
                    } else {
                        format!("{at}.")
                    };
                    format!(
                        "{at}{} for {}{}",
                        x.sent,
                        x.json_name,
                        // a flag sent false reads as its default, false: nothing lost
                        if v.pointer(&x.pointer).and_then(Json::as_bool) == Some(false) {
                            ""
                        } else {
                            card::misspelt_member_loss(x.json_name)
                        }
                    )
                })
                .collect::<Vec<_>>()
                .join(", ");
            let more = if m.len() > 8 { ", ..." } else { "" };
            let ev = m
                .iter()
                .take(8)
                .map(|mm| {
                    x.ev_at(
                        bseq,
                        &format!("{base}{}", mm.pointer),
                        v.pointer(&mm.pointer).map(|j| excerpt_value(j)),
                    )
                })
                .collect();
            self.find(
                &r::CARD_SHAPE_MEMBER_MISSPELT_0X,
                format!(
                    "{gen} agent card spells members otherwise than its schema names them: {names}{more}; a {gen} client reads only the schema's names (lowerCamelCase, case-sensitive) and takes each of these as absent"
                ),
                ev,
                &x.leg,
            );
        }
        // CARD-003 / VER-002: a 1.0 call (A2A-Version 1.x) for the extended card is answered
        // with a 1.0 AgentCard; a card in the 0.x shape has no supportedInterfaces, so a 1.0
        // client finds no interface to call.
        if extended && !view.has_v1_fields {
            let c = x.call.clone().unwrap_or_default();
            let asked_1x =
                c.header_version.as_deref().and_then(Dialect::from_version) == Some(Dialect::V1_0);
            if c.dialect == Some(Dialect::V1_0) && asked_1x {
                let shown: Vec<&str> = ["url", "preferredTransport", "protocolVersion"]
                    .into_iter()
                    .filter(|k| v.get(k).is_some())
                    .collect();
                let members = if shown.is_empty() {
                    String::new()
                } else {
                    format!(" (it carries the 0.x members {})", shown.join(", "))
                };
                self.find(
                    &r::CARD_SHAPE_MISSING_FIELD,
                    format!(
                        "agent answered the 1.0 call {} with a 0.x-shaped agent card without supportedInterfaces{members}: a 1.0 client finds no interface in it",
                        c.op_term(Op::GetExtendedCard.name())
                    ),
                    vec![
                        x.ev(x.req_ev_seq()),
                        x.ev_at(bseq, base, None),
                    ],
                    &x.leg,
                );
            }
        }
        if !view.non_boolean_flags.is_empty() {
            let (ptr, found) = view.non_boolean_flags[0].clone();
            self.find(
                &r::CARD_SHAPE_FLAG_NOT_BOOLEAN,
                format!(
                    "capability flag {} is {found}, not a boolean",
                    ptr.trim_start_matches('/')
                ),
                vec![x.ev_at(bseq, &format!("{base}{ptr}"), Some(found))],
                &x.leg,
            );
        }
        self.card_security_refs(x, &view, base, bseq);
        if let Some((ptr, msg)) = view.bad_security_schemes.first() {
            // CARD-003 / CARD-004: a2a-java #590, pi PR #62 (OpenAPI shape on a 1.0 card),
            // ggcode #1089 (0.3 http scheme without `scheme`).
            self.find(
                &r::CARD_SHAPE_SECURITY_SCHEME,
                msg.clone(),
                vec![x.ev_at(
                    bseq,
                    &format!("{base}{ptr}"),
                    v.pointer(ptr).map(Json::to_value),
                )],
                &x.leg,
            );
        }
        // DATA-001 / VER-002: a card with only one generation's field set that also carries
        // the other's members, which its readers ignore (A2A #2044: 0.x `security` for 1.0
        // `securityRequirements` leaves the agent looking open; breaker10 E24 the other
        // way round).
        for (members, card_gen, only, readers) in [
            (&view.v0_members_in_v1, "1.0", "0.x-only", "1.0 clients"),
            (&view.v1_members_in_v0, "0.x", "1.0-only", "0.x clients"),
        ] {
            if members.is_empty() {
                continue;
            }
            self.find(
                &r::VER_MIXED_PAYLOAD,
                format!(
                    "{card_gen} agent card carries the {only} member{} {} that {readers} ignore",
                    if members.len() > 1 { "s" } else { "" },
                    members
                        .iter()
                        .map(|p| pointer_as_member(p))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                members
                    .iter()
                    .map(|p| {
                        x.ev_at(
                            bseq,
                            &format!("{base}{p}"),
                            v.pointer(p).map(|j| excerpt_value(j)),
                        )
                    })
                    .collect(),
                &x.leg,
            );
        }
        if !view.bad_interfaces.is_empty() {
            // every malformed interface and card link (iconUrl, documentationUrl, ...)
            let msg = view
                .bad_interfaces
                .iter()
                .map(|p| p.1.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let ev = view
                .bad_interfaces
                .iter()
                .take(8)
                .map(|(ptr, _)| {
                    x.ev_at(
                        bseq,
                        &format!("{base}{ptr}"),
                        v.pointer(ptr).map(Json::to_value),
                    )
                })
                .collect();
            self.find(&r::CARD_SHAPE_INTERFACE, msg, ev, &x.leg);
        }
        // CARD-010 (1.0 §8.4.2) / CARD-004 (0.3 schema): the card's JWS signatures; the first
        // MUST problem and the first SHOULD problem are reported (breaker9d D5).
        let v1_card = view.has_v1_fields;
        let sig = card::signature_problems(v, v1_card);
        for (must, rule) in [(true, &r::CARD_SIG_MALFORMED), (false, &r::CARD_SIG_TYP)] {
            if let Some(p) = sig.iter().find(|p| p.must == must) {
                self.find(
                    rule,
                    format!("the agent's card: {}", p.message),
                    vec![x.ev_at(
                        bseq,
                        &format!("{base}{}", p.pointer),
                        v.pointer(&p.pointer).map(Json::to_value),
                    )],
                    &x.leg,
                );
            }
        }
        if v.get("signatures").is_some() {
            self.signature_key_url_plain(x, v, bseq, base);
        }
        // GW-RESP-007 (CARD-010): a gateway that changed a signed card and kept the agent's
        // signature (agentgateway #2701).
        self.signed_card_altered(x, v, bseq, base);
        // CARD-005 / CARD-006 (breaker19a Y6): a binding name that is no core name in any
        // case and no URI (`REST`): SDK clients never select that interface.
        if !view.unknown_bindings.is_empty() {
            let names = view
                .unknown_bindings
                .iter()
                .map(|(ptr, b)| {
                    let hint = if b.trim().eq_ignore_ascii_case("REST")
                        || b.trim().eq_ignore_ascii_case("HTTP")
                        || b.trim().eq_ignore_ascii_case("HTTP_JSON")
                        || b.trim().eq_ignore_ascii_case("HTTP-JSON")
                    {
                        " (did you mean HTTP+JSON?)"
                    } else if b.trim().eq_ignore_ascii_case("JSON-RPC")
                        || b.trim().eq_ignore_ascii_case("JSON_RPC")
                    {
                        " (did you mean JSONRPC?)"
                    } else {
                        ""
                    };
                    format!("{ptr} {b:?}{hint}")
                })
                .collect::<Vec<_>>()
                .join(", ");
            let ev = view
                .unknown_bindings
                .iter()
                .take(8)
                .map(|(ptr, b)| {
                    x.ev_at(
                        bseq,
                        &format!("{base}{ptr}"),
                        Some(Value::String(b.clone())),
                    )
                })
                .collect();
            self.find(
                &r::CARD_SHAPE_BINDING_UNKNOWN,
                format!(
                    "the agent's card names a binding that is neither JSONRPC, GRPC nor HTTP+JSON, nor a URI as custom bindings are named: {names}; SDK clients match the core names exactly and never select that interface"
                ),
                ev,
                &x.leg,
            );
        }
        // CARD-006 (0.3 §5.6.1; breaker19a Y10): no preferredTransport in a 0.3 card.
        if view.preferred_transport_missing {
            self.find(
                &r::CARD_SHAPE_PREFERRED_TRANSPORT,
                "the agent's 0.3 card has no preferredTransport: 0.3 §5.6.1 makes it REQUIRED (the schema defaults it to JSONRPC, but a client that reads the member as it is, like a2a-go 0.3, finds no transport at the card's url and fails with \"no compatible transports found\")".to_string(),
                vec![x.ev_at(bseq, &format!("{base}/url"), v.pointer("/url").map(Json::to_value))],
                &x.leg,
            );
        }
        // CARD-SHAPE-009 (CARD-003, DATA-004; spring-ai-ascend #233): a 1.0 card's modes are
        // media types; 0.x cards keep the samples' bare tokens legal. A hybrid card (0.3
        // fields beside supportedInterfaces) that offers a 1.0 client an interface is read
        // by that client as a 1.0 card, the same modes included (review26 R12).
        let hybrid = view.has_v1_fields && view.has_v0_fields;
        // CARD-SHAPE-009's modes, from the card's bytes (`CardMemo`) when remembered.
        let bad = match &memo {
            Some(m) => m.modes_bad.clone(),
            None => card_modes_judged(v, &view),
        };
        if !bad.is_empty() {
            let names = bad
                .iter()
                .map(|(ptr, m)| format!("{ptr} {m:?}"))
                .collect::<Vec<_>>()
                .join(", ");
            let ev = bad
                .into_iter()
                .map(|(ptr, m)| x.ev_at(bseq, &format!("{base}{ptr}"), Some(Value::String(m))))
                .collect();
            let (card, clients, both) = if hybrid {
                (
                    "card (0.3 fields beside supportedInterfaces, which offers 1.0 clients an interface)",
                    "1.0 clients, reading these same members,",
                    "; media types serve the card's 0.3 readers as well",
                )
            } else {
                ("1.0 card", "clients", "")
            };
            self.find(
                &r::CARD_SHAPE_MODE_NOT_MEDIA_TYPE,
                format!(
                    "the agent's {card} lists modes that are not media types: {names}; the 1.0 proto defines input and output modes as media types, which {clients} compare with the parts' mediaType and with acceptedOutputModes, so these match no part the agent sends (a text part is text/plain, a data part application/json){both}"
                ),
                ev,
                &x.leg,
            );
        }
        self.card_skill_ids_repeated(x, v, base, bseq);
        if let Some((ptr, ver)) = view.patch_versions.first() {
            self.find(
                &r::CARD_SHAPE_PATCH_VERSION,
                format!("interface declares protocolVersion {ver} with a patch number"),
                vec![x.ev_at(
                    bseq,
                    &format!("{base}{ptr}"),
                    Some(Value::String(ver.clone())),
                )],
                &x.leg,
            );
        }
        if !view.unknown_versions.is_empty() {
            let named = view
                .unknown_versions
                .iter()
                .map(|(ptr, v)| format!("{v:?} at {base}{ptr}"))
                .collect::<Vec<_>>()
                .join(", ");
            let known = !view.declared_dialects().is_empty();
            self.find(
                &r::CARD_SHAPE_VERSION_UNKNOWN,
                format!(
                    "agent card declares protocolVersion {named}, which no A2A release has (0.1, 0.2, 0.3, 1.0): clients choose an interface by the version they speak, so {}",
                    if known {
                        "no 1.0 or 0.3 client selects that interface"
                    } else {
                        "a 1.0 or 0.3 client finds no interface on this card to call"
                    }
                ),
                view.unknown_versions
                    .iter()
                    .map(|(ptr, v)| x.ev_at(bseq, &format!("{base}{ptr}"), Some(Value::String(v.clone()))))
                    .collect(),
                &x.leg,
            );
        }
        // Extended card served without credentials (AUTH-005, AUTH-002).
        if extended {
            let public = self.card_for(x).cloned();
            // AUTH-005 (1.0 §3.1.11, §13.3): without capabilities.extendedAgentCard the
            // operation MUST answer UnsupportedOperationError (breaker8 G18). 0.x makes no
            // such MUST: not judged there.
            let dialect = x.call.as_ref().and_then(|c| c.dialect);
            if dialect == Some(Dialect::V1_0) {
                self.areas.insert("capability");
            }
            if let Some(p) = public
                .as_ref()
                .filter(|p| dialect == Some(Dialect::V1_0) && !p.view.extended_card)
            {
                self.find(
                    &r::CAP_EXTENDED_CARD,
                    format!(
                        "agent served an extended agent card to {} although its public card does not declare capabilities.extendedAgentCard: true (1.0 §3.1.11: without it the agent answers UnsupportedOperationError)",
                        x.call_name()
                    ),
                    vec![
                        Evidence {
                            seq: p.seq,
                            exchange: Some(p.exchange.clone()),
                            pointer: Some("/capabilities/extendedAgentCard".into()),
                            found: None,
                        },
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
            }
            // The 0.2.1+ / 0.3 twin (DIGEST §1 ext-card flag): a warning, 0.x has no MUST.
            if let Some(p) = public.as_ref().filter(|p| {
                dialect != Some(Dialect::V1_0)
                    && p.view.extended_card_flag_0x == Some(false)
                    && !p.view.has_v1_fields
            }) {
                self.areas.insert("capability");
                self.find(
                    &r::CAP_EXTENDED_CARD_0X,
                    "agent served its authenticated extended card although its public card declares supportsAuthenticatedExtendedCard: false".to_string(),
                    vec![
                        Evidence {
                            seq: p.seq,
                            exchange: Some(p.exchange.clone()),
                            pointer: Some("/supportsAuthenticatedExtendedCard".into()),
                            found: Some(Value::Bool(false)),
                        },
                        x.ev(x.resp_seq),
                    ],
                    &x.leg,
                );
            }
            let creds = public
                .as_ref()
                .map(|c| c.view.credential_headers.clone())
                .unwrap_or_else(|| vec!["authorization".into(), "cookie".into()]);
            let needs = public
                .as_ref()
                .map(|c| (c.view.requires_auth || c.view.extended_card) && !c.view.invisible_auth)
                .unwrap_or(true);
            let query_cred = public.as_ref().is_some_and(|c| {
                c.view
                    .credential_query
                    .iter()
                    .any(|q| query_param(&x.url, q).is_some())
            });
            // With the card's security requirements spelled out (apiKey `in`+`name`, http
            // bearer, ...), only their credentials count: a `Cookie: _ga=...` is no
            // `X-API-Key` (AUTH-005, breaker14 P6).
            let uncredentialed = match public.as_ref() {
                Some(p) if !p.view.security_alternatives.is_empty() => !p
                    .view
                    .security_alternatives
                    .iter()
                    .any(|alt| alt.iter().all(|cr| credential_present(x, cr))),
                _ => !query_cred && !has_credentials(&x.req_headers, &creds),
            };
            // mine35 noticed: an Authorization header under a scheme no requirement of the
            // card names (Basic to a Bearer-only card) was counted as a credential here,
            // while breaker34's AUTH-OPEN-001 judges the same on task calls: the credentials
            // the call carries where the card asks for others.
            let stray = match public.as_ref() {
                Some(p)
                    if needs
                        && !uncredentialed
                        && !p.view.security_alternatives.is_empty()
                        && !p
                            .view
                            .security_alternatives
                            .iter()
                            .any(|alt| alt.iter().all(|cr| credential_as_declared(x, cr)))
                        && p.content != card_content_hash(v, &view) =>
                {
                    stray_credentials(x, p.view.security_alternatives.iter().flatten().collect())
                }
                _ => Vec::new(),
            };
            if let (false, Some(p)) = (stray.is_empty(), public.as_ref()) {
                self.areas.insert("auth");
                let op = x
                    .call
                    .as_ref()
                    .map(|c| c.op_term(Op::GetExtendedCard.name()).to_string())
                    .unwrap_or_else(|| format!("{} {}", x.method, x.path));
                let answered = x
                    .status
                    .map_or_else(String::new, |s| format!(" answered HTTP {s}"));
                let mut f = Finding::new(
                    &r::AUTH_EXTENDED_CARD,
                    format!(
                        "authenticated extended card was served to a request whose only credential is the {}, which no security scheme of the public card names ({op}{answered}); the card asks for {}: the agent disclosed its extended card to a credential its card does not declare (AUTH-005, AUTH-002); refuse such a call with 401, or declare the scheme it accepts",
                        stray.join(" and the "),
                        declared_credential_words(&p.view).join(", or ")
                    ),
                );
                f.evidence = vec![
                    x.ev(x.req_seq),
                    x.ev(x.resp_seq),
                    Evidence::event(p.seq, p.exchange.clone()),
                ];
                f.leg = x.leg.clone();
                self.emit(f);
            }
            if needs && uncredentialed {
                self.areas.insert("auth");
                // The call first (the live line shows the first evidence), then the answer,
                // then the public card that asks for authentication (breaker17b V13).
                let mut ev = vec![x.ev(x.req_seq), x.ev(x.resp_seq)];
                if let Some(p) = &public {
                    ev.push(Evidence::event(p.seq, p.exchange.clone()));
                }
                let op = x
                    .call
                    .as_ref()
                    .map(|c| c.op_term(Op::GetExtendedCard.name()).to_string())
                    .unwrap_or_else(|| format!("{} {}", x.method, x.path));
                let no_schemes = public.as_ref().is_some_and(|p| !p.view.declares_schemes);
                let answered = x
                    .status
                    .map_or_else(String::new, |s| format!(" answered HTTP {s}"));
                // An answer with the public card's content discloses nothing (breaker17b
                // V2: @a2a-js/sdk answers an anonymous call with `this.agentCard`).
                if public
                    .as_ref()
                    .is_some_and(|p| p.content == card_content_hash(v, &view))
                {
                    let mut f = Finding::new(
                        &r::AUTH_EXTENDED_CARD_PUBLIC,
                        format!(
                            "agent answered {op} without credentials with its public card (same name, description, skills, security schemes and interfaces): nothing extended was disclosed, but AUTH-005 wants the call refused as unauthenticated, so the client never learns it must authenticate"
                        ),
                    );
                    if no_schemes {
                        f.help = "the public card declares capabilities.extendedAgentCard but no securitySchemes, so no client can authenticate for the extended card: declare a scheme (securitySchemes + securityRequirements) and answer the call without it with HTTP 401 and WWW-Authenticate, or declare extendedAgentCard false (0.3: supportsAuthenticatedExtendedCard false)".into();
                    }
                    f.evidence = ev;
                    f.leg = x.leg.clone();
                    self.emit(f);
                } else {
                    let mut f = Finding::new(
                        &r::AUTH_EXTENDED_CARD,
                        if no_schemes {
                            format!("authenticated extended card was served to a request without credentials ({op}{answered}); the public card declares no securitySchemes, so no client can authenticate for it")
                        } else {
                            format!("authenticated extended card was served to a request without credentials ({op}{answered})")
                        },
                    );
                    if no_schemes {
                        f.help = "declare a scheme in the public card (securitySchemes + securityRequirements; a2a-python: security_schemes={'apikey': ...} and security_requirements) and check its credential before serving the extended card (HTTP 401 with WWW-Authenticate otherwise), or declare capabilities.extendedAgentCard false (0.3: supportsAuthenticatedExtendedCard false) when the agent has no extended card".into();
                    }
                    f.evidence = ev;
                    f.leg = x.leg.clone();
                    self.emit(f);
                }
            }
            // What it grants beyond the public card governs the authenticated client's
            // later calls (CAP-STREAM-001, CAP-PUSH-001, breaker32 K01-K06; CAP-EXT-001 /
            // CAP-EXT-007 for the extensions it marks required, review33 Q1) on every
            // origin of the agent: the one it was served on, its interfaces' and the
            // public card's (review33 Q2).
            let origins = extended_card_origins(x, &view, public.as_deref());
            let grant = ExtendedGrant {
                streaming: view.streaming == Some(true),
                push: view.push_notifications == Some(true),
                required_ext: view
                    .extensions
                    .iter()
                    .filter(|e| e.required)
                    .map(|e| e.uri.clone())
                    .collect(),
                seq: bseq,
                exchange: str::to_string(&x.id),
                base: if base.is_empty() { "" } else { "/result" },
            };
            if grant.streaming || grant.push || !grant.required_ext.is_empty() {
                for o in &origins {
                    if self.extended_caps.len() < MAX_MISSING_CREDS
                        || self.extended_caps.contains_key(o)
                    {
                        self.extended_caps.insert(o.clone(), grant.clone());
                    }
                }
            }
            // The extensions it declares are the agent's too (CAP-EXT-003, review26 R5).
            for o in &origins {
                for e in &view.extensions {
                    if self.extended_extensions.len() < MAX_MISSING_CREDS {
                        self.extended_extensions
                            .insert(format!("{o}\u{0}{}", e.uri));
                    }
                }
            }
            // Its URLs are judged like the public card's (CARD-005/006, CARD-URL-001..005):
            // a client that switches to the extended card follows them. It does not replace
            // the public card the other rules read.
            let client = x.card_rewrite.as_ref().and_then(|rw| {
                let v = Json::parse(&rw.body).ok()?;
                let inner = if base.is_empty() {
                    Some(&v)
                } else {
                    v.pointer(base)
                };
                inner
                    .filter(|c| c.is_object())
                    .map(|c| (card_view(c, served_v02), rw))
            });
            match client {
                Some((cview, rw)) => self.card_urls(x, &cview, bseq, Some((rw, &view)), base),
                None => self.card_urls(x, &view, bseq, None, base),
            }
            return;
        }
        if !base.is_empty() {
            return;
        }
        // With `--rewrite-card` (and in the prober) the client received the rewritten card:
        // URL consistency is judged on what the client saw (CARD-005/006). URLs the proxy
        // could not map are unchanged there, so they are still judged as advertised.
        let client = x.card_rewrite.as_ref().and_then(|rw| {
            let v = Json::parse(&rw.body).ok()?;
            v.is_object().then(|| (card_view(&v, served_v02), rw))
        });
        let view = match client {
            Some((cview, rw)) => {
                self.card_urls(x, &cview, bseq, Some((rw, &view)), "");
                Arc::new(cview)
            }
            None => {
                self.card_urls(x, &view, bseq, None, "");
                view
            }
        };
        self.note_agent_card(&view);
        // The card's bytes give its interfaces' origins and places (`CardMemo`, when the
        // view is the memo's: no rewrite); the fetch adds its own origin.
        let (mut origins, iface_at) = match &memo {
            Some(m) => (m.iface_origins.clone(), m.iface_at.clone()),
            None => (card_iface_origins(&view), Arc::new(card_iface_at(&view))),
        };
        if let Some(f) = &x.parts {
            origins.push(f.origin());
        }
        origins.sort();
        origins.dedup();
        // CARD-011 / AUTH-001 (breaker10 E21): a card anyone can fetch carries no secret;
        // one fetched with credentials, or the extended card, may be access-controlled.
        let public = !extended && !has_credentials(&x.req_headers, &view.credential_headers);
        let strings = if public {
            match &memo {
                Some(m) => {
                    self.card_url_credentials(x, &m.creds, base, bseq);
                    m.strings.clone()
                }
                None => {
                    let found = card::credentials_in_urls(v, &view.credential_query);
                    self.card_url_credentials(x, &found, base, bseq);
                    Arc::new(card::card_strings(v, CARD_TEXT_CAP))
                }
            }
        } else {
            Arc::default()
        };
        let content = match &memo {
            Some(m) => m.content,
            None => card_content_hash(v, &view),
        };
        let fetched_at = x
            .parts
            .as_ref()
            .map(|p| (p.origin(), card_base(&p.path).to_string()));
        let bind_use_pairs = bind_use_pair_possible(&view, self.mode);
        self.v02_cards_seen |= !view.v02_problems.is_empty();
        let rec = Arc::new(CardRec {
            view,
            exchange: str::to_string(&x.id),
            seq: bseq,
            url: x.url_named().to_string(),
            strings,
            content,
            fetched_at,
            iface_at,
            bind_use_pairs,
        });
        // One card per agent: a card fetched again at the same base, or listing the same
        // interfaces fetched on another origin (through a gateway and from the agent),
        // replaces the agent's; so does the same card at another base of the same origin.
        // Two other cards fetched on one origin at different bases are two agents even when
        // they list the same interfaces: the proxy's `--route /py --route /js` in front of
        // two containers whose cards both say http://localhost:8000/ (review25 R1).
        // Cards that declare other tenants for the same interfaces are two tenants' cards
        // (a router's card per tenant, the same agent product behind each: breaker49
        // card-wrong-tenant), not one card fetched again.
        let tenants = |v: &AgentCardView| -> Vec<Option<String>> {
            let mut t: Vec<_> = v.interfaces.iter().map(|i| i.tenant.clone()).collect();
            t.sort();
            t.dedup();
            t
        };
        let rec_tenants = tenants(&rec.view);
        let same_agent = |c: &CardRec| {
            (c.fetched_at.is_some() && c.fetched_at == rec.fetched_at)
                || (!rec.iface_at.is_empty()
                    && tenants(&c.view) == rec_tenants
                    && (c.content == rec.content
                        || !matches!((&c.fetched_at, &rec.fetched_at), (Some((a, _)), Some((b, _))) if a == b))
                    && {
                        // both sorted at construction
                        c.iface_at == rec.iface_at
                    })
        };
        for o in origins {
            let list = self.cards.entry(o).or_default();
            list.retain(|c| !same_agent(c));
            if list.len() >= MAX_CARDS_PER_ORIGIN {
                list.remove(0);
            }
            list.push(rec.clone());
        }
    }

    /// The JSON tree of a remembered card whose body is `body` byte for byte, parsed with
    /// no `Content-Encoding` to decode ([`CardMemo::tree`]); `None` when no card is.
    /// `body` is then the text that tree was parsed from: [`Json::parse`] of it gives an
    /// equal tree (docs/performance.md, "Session 44").
    /// CARD-SHAPE-001 (CARD-004; mine48 f1039 OmniRoute, f1047 a2aproject/A2A #651): a card
    /// that names no member 0.2 added (no `protocolVersion`, served at
    /// `/.well-known/agent.json`) reads as 0.1.0 and is judged so, but the agent at its url
    /// answered a 0.2 / 0.3 JSON-RPC method (`message/send`, `tasks/get`, ...) with success:
    /// the card is a 0.2 card, and what the 0.2 schema finds missing in it
    /// ([`AgentCardView::v02_problems`]: defaultInputModes, defaultOutputModes, a
    /// provider's url, a skill's description or tags) makes a 0.2 / 0.3 client refuse it.
    /// Once per card.
    pub(super) fn card_shown_v02(&mut self, x: &Exch, c: &Call) {
        if !self.v02_cards_seen
            || x.synthetic
            || c.webhook
            || c.binding != Some(Binding::JsonRpc)
            || !c.dialect.is_some_and(|d| d.is_0x() && d != Dialect::V0_1)
        {
            return;
        }
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        if card.view.v02_problems.is_empty() || !self.v02_judged_cards.insert(card.seq) {
            return;
        }
        let method = c.method.clone().unwrap_or_default();
        let what = card
            .view
            .v02_problems
            .iter()
            .map(|p| p.1.as_str())
            .collect::<Vec<_>>()
            .join("; ");
        let mut ev: Vec<Evidence> = card
            .view
            .v02_problems
            .iter()
            .take(8)
            .map(|p| Evidence {
                seq: card.seq,
                exchange: Some(card.exchange.clone()),
                pointer: Some(p.0.clone()),
                found: None,
            })
            .collect();
        ev.push(x.ev(x.req_ev_seq()));
        self.areas.insert("card");
        self.find(
            &r::CARD_SHAPE_MISSING_FIELD,
            format!(
                "the agent card at {} names no member 0.2 added (no protocolVersion), so by its shape it reads as a 0.1.0 card, yet the agent at its url answered {method}, a 0.2 / 0.3 method no 0.1 client calls: it is a 0.2 card, and by the 0.2 schema (CARD-004) {what}; a 0.2 / 0.3 client (the Python SDK's AgentCard model) refuses the whole card, and a 0.1 client calls tasks/send, which this agent does not serve (declare protocolVersion and the members its version requires)",
                card.url
            ),
            ev,
            &x.leg,
        );
    }

    pub(super) fn card_tree_of(&self, body: &[u8]) -> Option<Arc<Json<'static>>> {
        self.card_memo
            .iter()
            .rev()
            .find(|m| m.tree.is_some() && m.body == body)
            .and_then(|m| m.tree.clone())
    }

    /// The [`CardMemo`] of public card `v` fetched in `x` (body bytes, `Content-Encoding`,
    /// `served_v02`): the remembered one when the same bytes came before, else a new one
    /// (remembered, the oldest of [`MAX_CARD_MEMO`] forgotten). `None` for a body over
    /// [`CARD_MEMO_MAX_BYTES`] or cut (the caller then derives everything itself).
    pub(super) fn card_memo_for(
        &mut self,
        x: &Exch,
        v: &Json,
        served_v02: bool,
    ) -> Option<Arc<CardMemo>> {
        let body = x.body.as_slice();
        if body.len() > CARD_MEMO_MAX_BYTES || x.body.oversize {
            return None;
        }
        let coding = x.resp_headers.get("content-encoding");
        if let Some(m) = self
            .card_memo
            .iter()
            .find(|m| m.served_v02 == served_v02 && m.coding.as_deref() == coding && m.body == body)
        {
            return Some(m.clone());
        }
        let view = card_view(v, served_v02);
        let m = Arc::new(CardMemo {
            served_v02,
            coding: coding.map(str::to_string),
            body: body.to_vec(),
            strings: Arc::new(card::card_strings(v, CARD_TEXT_CAP)),
            creds: card::credentials_in_urls(v, &view.credential_query),
            content: card_content_hash(v, &view),
            iface_at: Arc::new(card_iface_at(&view)),
            iface_origins: card_iface_origins(&view),
            modes_bad: card_modes_judged(v, &view),
            view: Arc::new(view),
            tree: (!x.resp_coding && body.len() <= CARD_TREE_MAX_BYTES)
                .then(|| Arc::new(v.clone().into_owned())),
        });
        if self.card_memo.len() >= MAX_CARD_MEMO {
            self.card_memo.pop_front();
        }
        self.card_memo.push_back(m.clone());
        Some(m)
    }

    /// CARD-CACHE-001 (CARD-009, 1.0 §8.6.1 SHOULD): the public Agent Card, fetched with GET
    /// at a well-known path and answered 200, carries a freshness lifetime and an `ETag`.
    /// Only cards a 1.0 client reads (a 1.0 or hybrid card): 0.x has no such requirement.
    /// A freshness lifetime is `Cache-Control` `max-age` or `s-maxage` (RFC 9111 §5.2.2.1,
    /// §5.2.2.10), an `Expires` header (RFC 9111 §5.3), or a deliberate `no-cache` /
    /// `no-store`; a validator is a non-empty `ETag` (a `Last-Modified` alone is named but
    /// does not stand in for it). One note per origin, on the response head.
    pub(super) fn card_cache_headers(&mut self, x: &Exch, view: &AgentCardView) {
        if x.synthetic
            || x.status != Some(200)
            || !x.method.eq_ignore_ascii_case("GET")
            || !is_card_path(&x.path)
        {
            return;
        }
        let (fresh, etag) = card_freshness(&x.resp_headers);
        // What this 200 carried, for the 304s of later revalidations (any generation: an
        // agent that sends validators must repeat them, RFC 9110 §15.4.5).
        let key = format!("{}{}", x.origin.as_deref().unwrap_or(""), x.path);
        if self.card_validators.len() < MAX_CARD_ETAGS || self.card_validators.contains_key(&key) {
            self.card_validators.insert(key, (fresh, etag));
        }
        if !view.has_v1_fields {
            return;
        }
        if fresh && etag {
            return;
        }
        if !self
            .card_cache_reported
            .insert(x.origin.clone().unwrap_or_default())
        {
            return;
        }
        let mut missing = Vec::new();
        if !fresh {
            missing.push(match x.resp_headers.get("cache-control") {
                Some(cc) => format!(
                    "no max-age in Cache-Control: {}",
                    cc.chars().take(80).collect::<String>()
                ),
                None => "no Cache-Control max-age".to_string(),
            });
        }
        if !etag {
            missing.push(if x.resp_headers.contains("last-modified") {
                "no ETag (only Last-Modified)".to_string()
            } else {
                "no ETag".to_string()
            });
        }
        let effect = match (fresh, etag) {
            (false, false) => "clients can neither keep it for a known time nor revalidate it, so they fetch it again in full",
            (false, true) => "clients get no freshness lifetime and guess one or fetch it on every use",
            _ => "clients cannot revalidate it with If-None-Match and fetch it again in full once it expires",
        };
        self.find(
            &r::CARD_CACHE_HEADERS,
            format!(
                "agent card at {} was served with {} (1.0 §8.6.1 SHOULD): {effect}",
                x.path,
                missing.join(" and ")
            ),
            vec![x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// CARD-CACHE-001 (CARD-009; RFC 9110 §15.4.5 MUST, RFC 9111 §4.3.4; mine56 f1220,
    /// dhirmadi/agent-registry): a GET of a card path that revalidates with If-None-Match
    /// (an entity tag, not `*`) answered 304 Not Modified without an ETag, where the
    /// card's 200 at that URL carried one (or, with no 200 in the recording, the
    /// If-None-Match shows the client was given one). "The server generating a 304
    /// response MUST generate any of the following header fields that would have been sent
    /// in a 200 (OK) response to the same request: ... ETag ...", and a cache selects the
    /// stored response a 304 freshens by the 304's validator (RFC 9111 §4.3.4): a stored
    /// card that has an ETag is not selected by a 304 that has none, so the client cannot
    /// use the answer and fetches the card again in full (or, a naive cache, keeps it stale).
    /// A 304 that drops only Cache-Control is not judged (freshening keeps the stored
    /// directives), nor an If-Modified-Since revalidation (earlier rounds' legal reading,
    /// b25x-EL10, b29x-E18). Any generation: the agent chose to send the ETag. One note per
    /// origin, shared with the 200's CARD-CACHE-001 (the same fault).
    pub(super) fn card_not_modified_without_validators(&mut self, x: &Exch) {
        if x.synthetic
            || x.status != Some(304)
            || !x.method.eq_ignore_ascii_case("GET")
            || !is_card_path(&x.path)
            || self.behind_hop(x)
        {
            return;
        }
        let Some(inm) = x
            .req_headers
            .get("if-none-match")
            .map(str::trim)
            .filter(|v| !v.is_empty() && *v != "*")
        else {
            return; // an unconditional 304 is CARD-SHAPE-004's (breaker25 E10)
        };
        let key = format!("{}{}", x.origin.as_deref().unwrap_or(""), x.path);
        // No 200 seen: a client that names an entity tag was given one.
        let had_etag = self.card_validators.get(&key).is_none_or(|v| v.1);
        if !had_etag || card_freshness(&x.resp_headers).1 {
            return;
        }
        if !self
            .card_cache_reported
            .insert(x.origin.clone().unwrap_or_default())
        {
            return;
        }
        self.areas.insert("card");
        let asked = inm.chars().take(80).collect::<String>();
        self.find(
            &r::CARD_CACHE_HEADERS,
            format!(
                "agent answered the revalidation of its agent card at {} (If-None-Match: {asked}) with 304 Not Modified without an ETag, though the card it revalidates carries one: a 304 repeats the ETag a 200 would have sent (RFC 9110 \u{a7}15.4.5 MUST), and a cache picks the stored response a 304 freshens by that validator (RFC 9111 \u{a7}4.3.4), so the client cannot use this answer and fetches the card again in full",
                x.path
            ),
            vec![x.ev(x.req_seq), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// CARD-CACHE-002 (CARD-009, RFC 9110 §8.8.3; breaker28 C03): the public card `v` was
    /// served 200 at this URL before under the same strong `ETag` with other content (JSON
    /// compared as data, so key order and whitespace do not count). A client holding the
    /// first card revalidates with `If-None-Match`, gets 304 Not Modified and keeps the
    /// old capabilities, skills and interface urls: the ETag an agent derives from its
    /// `version` member alone, which a change did not bump, does this. A weak ETag (`W/`)
    /// only promises semantic equivalence and is not judged. One finding per URL.
    pub(super) fn card_etag_stale(&mut self, x: &Exch, v: &Json) {
        if x.synthetic
            || x.status != Some(200)
            || !x.method.eq_ignore_ascii_case("GET")
            || !is_card_path(&x.path)
        {
            return;
        }
        let Some(etag) = x
            .resp_headers
            .get("etag")
            .map(str::trim)
            .filter(|e| !e.is_empty() && !e.starts_with("W/"))
        else {
            return;
        };
        let key = format!("{}{}", x.origin.as_deref().unwrap_or(""), x.path);
        let digest = {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            json_digest(&v.to_value(), &mut h, 0);
            std::hash::Hasher::finish(&h)
        };
        match self.card_etags.get(&key) {
            // Reported already for this URL.
            Some((e, ..)) if e.is_empty() => {}
            Some((e, d, seq, xid)) if e == etag && *d != digest => {
                let (seq, xid) = (*seq, xid.clone());
                self.card_etags.insert(
                    key,
                    (String::new(), digest, x.resp_seq, str::to_string(&x.id)),
                );
                self.find(
                    &r::CARD_ETAG_STALE,
                    format!(
                        "agent card at {} was served again with ETag {etag} but other content than the card first served under that ETag: a client that cached the first card and revalidates with If-None-Match: {etag} gets 304 Not Modified and keeps the old card (a strong ETag changes whenever the representation does, RFC 9110 §8.8.3)",
                        x.path
                    ),
                    vec![
                        Evidence {
                            seq,
                            exchange: Some(xid),
                            pointer: None,
                            found: Some(Value::String(etag.to_string())),
                        },
                        x.ev(x.body_seq()),
                    ],
                    &x.leg,
                );
            }
            _ if self.card_etags.len() >= MAX_CARD_ETAGS && !self.card_etags.contains_key(&key) => {
            }
            _ => {
                self.card_etags.insert(
                    key,
                    (etag.to_string(), digest, x.resp_seq, str::to_string(&x.id)),
                );
            }
        }
    }

    /// CARD-SIG-003 (CARD-010, 1.0 §8.4; breaker28 C09): the public card `v` served 200 on
    /// the client leg at a card URL where an earlier fetch got a card with a JWS signature
    /// in common (same `protected` and `signature`) but other content (compared as JCS
    /// sees it, [`first_difference`]). One signature over the JCS of the card verifies at
    /// most one of the two: the agent changed its card and kept the old signature. A card
    /// re-signed (no signature in common) or unsigned is silent; a gateway that changed the
    /// card between the legs is GW-RESP-007's. One finding per URL.
    pub(super) fn signed_card_changed(&mut self, x: &Exch, v: &Json, base: &str) {
        if x.synthetic
            || self.behind_hop(x)
            || x.status != Some(200)
            || !x.method.eq_ignore_ascii_case("GET")
            || !is_card_path(&x.path)
        {
            return;
        }
        let Some((sigs, content)) = signed_card_content(v) else {
            return;
        };
        let key = format!("{}{}", x.origin.as_deref().unwrap_or(""), x.path);
        let bseq = x.body_seq();
        let found = match self.signed_cards.get(&key) {
            // Reported already for this URL.
            Some(old) if old.sigs.is_empty() => return,
            Some(old) if sigs.iter().any(|s| old.sigs.contains(s)) => {
                first_difference(&old.content, &content, String::new()).map(|at| {
                    let ev = Evidence {
                        seq: old.seq,
                        exchange: Some(old.exchange.clone()),
                        pointer: Some(format!("{}{at}", old.base)),
                        found: pointer_value(&old.content, &at).cloned(),
                    };
                    let was = pointer_value(&old.content, &at)
                        .map_or_else(|| "(absent)".to_string(), shown_json);
                    (at, ev, was)
                })
            }
            None if self.signed_cards.len() >= MAX_UP_CARDS => return,
            _ => None,
        };
        let Some((at, old_ev, was)) = found else {
            self.signed_cards.insert(
                key,
                UpSignedCard {
                    exchange: str::to_string(&x.id),
                    seq: bseq,
                    base: base.to_string(),
                    sigs,
                    content,
                },
            );
            return;
        };
        let now = pointer_value(&content, &at).map_or_else(|| "(absent)".to_string(), shown_json);
        let msg = format!(
            "agent card at {} changed between two fetches (at {} it was {was} and is now {now}) but carries the same JWS signature: the signature covers the JCS of one card without its signatures, so it matches at most one of them and a client that verifies signatures rejects the other",
            x.path,
            if at.is_empty() { "/" } else { at.as_str() },
        );
        let ev = vec![
            old_ev,
            x.ev_at(
                bseq,
                &format!("{base}{at}"),
                pointer_value(&content, &at).cloned(),
            ),
        ];
        self.signed_cards.insert(
            key,
            UpSignedCard {
                exchange: str::to_string(&x.id),
                seq: bseq,
                base: base.to_string(),
                sigs: Vec::new(),
                content: Value::Null,
            },
        );
        self.find(&r::CARD_SIG_STALE, msg, ev, &x.leg);
    }

    /// CARD-SIG-003 (CARD-010, 1.0 §8.4; AUTH-005; mine35 f800, ag2 PR #3111) across an
    /// agent's two cards: the public card (GET of a card path) and the authenticated
    /// extended card (`extended`: GetExtendedAgentCard, `GET /extendedAgentCard`, 0.3
    /// `agent/getAuthenticatedExtendedCard`) served 200 on the client leg by one origin
    /// carry a JWS signature in common (same `protected` and `signature`) over other
    /// content, compared as JCS sees it ([`first_difference`]); or two extended cards of
    /// the origin do. One signature verifies at most one of them: the extended card was
    /// derived from the signed public card (or changed) and kept its signature. Each card
    /// signed on its own, or an extended card equal to the public one, is silent; two
    /// fetches of one public card URL are [`Self::signed_card_changed`]'s. One finding per
    /// origin; only cards with `signatures` get here.
    pub(super) fn signed_card_shared(&mut self, x: &Exch, v: &Json, extended: bool, base: &str) {
        if x.synthetic
            || self.behind_hop(x)
            || x.status != Some(200)
            || (!extended && (!x.method.eq_ignore_ascii_case("GET") || !is_card_path(&x.path)))
        {
            return;
        }
        let Some(origin) = x.origin.as_deref() else {
            return;
        };
        let Some((sigs, content)) = signed_card_content(v) else {
            return;
        };
        let me = signed_card_slot(origin, extended);
        let other = signed_card_slot(origin, !extended);
        let reported = |k: &String| {
            self.agent_signed_cards
                .get(k)
                .is_some_and(|c| c.sigs.is_empty())
        };
        if reported(&me) || reported(&other) {
            return;
        }
        // The other card of the agent first; an extended card also against the last one.
        let hit = [(&other, false), (&me, true)]
            .into_iter()
            .filter(|(_, same)| extended || !same)
            .find_map(|(k, same)| {
                let old = self.agent_signed_cards.get(k)?;
                if !sigs.iter().any(|s| old.sigs.contains(s)) {
                    return None;
                }
                let at = first_difference(&old.content, &content, String::new())?;
                let at = array_tail_difference(&old.content, &content, at);
                let was = pointer_value(&old.content, &at)
                    .map_or_else(|| "(absent)".to_string(), shown_json);
                let ev = Evidence {
                    seq: old.seq,
                    exchange: Some(old.exchange.clone()),
                    pointer: Some(format!("{}{at}", old.base)),
                    found: pointer_value(&old.content, &at).cloned(),
                };
                Some((same, at, was, ev))
            });
        let bseq = x.body_seq();
        let Some((same, at, was, old_ev)) = hit else {
            if self.agent_signed_cards.contains_key(&me)
                || self.agent_signed_cards.len() < 2 * MAX_UP_CARDS
            {
                let card = UpSignedCard {
                    exchange: str::to_string(&x.id),
                    seq: bseq,
                    base: base.to_string(),
                    sigs,
                    content,
                };
                self.agent_signed_cards.insert(me, card);
            }
            return;
        };
        let now = pointer_value(&content, &at).map_or_else(|| "(absent)".to_string(), shown_json);
        let at_shown = if at.is_empty() { "/" } else { at.as_str() };
        let why = "the signature covers the JCS of one card without its signatures, so it fits at most one of them";
        let msg = match (extended, same) {
            (true, true) => format!(
                "the agent's extended card ({} {}) changed since its earlier answer but carries the same JWS signature (at {at_shown} it was {was} and is now {now}): {why}, and a client that verifies signatures rejects the one it does not fit",
                x.method, x.path,
            ),
            (true, false) => format!(
                "the agent's extended card ({} {}) carries the JWS signature of its public card over other content (at {at_shown} the public card has {was}, the extended card {now}): {why}, and a client that verifies the extended card before it replaces the public one rejects it",
                x.method, x.path,
            ),
            _ => format!(
                "the agent's public card ({} {}) carries the JWS signature of its extended card over other content (at {at_shown} the extended card has {was}, the public card {now}): {why}, and a client that verifies signatures rejects the one it does not fit",
                x.method, x.path,
            ),
        };
        let ev = vec![
            old_ev,
            x.ev_at(
                bseq,
                &format!("{base}{at}"),
                pointer_value(&content, &at).cloned(),
            ),
        ];
        for k in [me, other] {
            let done = UpSignedCard {
                exchange: str::to_string(&x.id),
                seq: bseq,
                base: String::new(),
                sigs: Vec::new(),
                content: Value::Null,
            };
            self.agent_signed_cards.insert(k, done);
        }
        self.find(&r::CARD_SIG_STALE, msg, ev, &x.leg);
    }

    /// CARD-SECRET-001 (CARD-011, AUTH-001; breaker10 E21) for a public card `v`: a URL in
    /// it carries a credential ([`card::credentials_in_urls`]: `?api_key=sk-live-…`, a
    /// password in the user info). Every client that reads the card gets the credential.
    pub(super) fn card_url_credentials(
        &mut self,
        x: &Exch,
        found: &[(String, String, String)],
        base: &str,
        bseq: u64,
    ) {
        let Some((ptr, what, secret)) = found.first() else {
            return;
        };
        if !self
            .card_secret_reported
            .insert(x.origin.clone().unwrap_or_default())
        {
            return;
        }
        self.areas.insert("auth");
        self.find(
            &r::CARD_SECRET,
            format!(
                "the agent's public card carries a credential in {}: {what} holds one ({}); every client that fetches the card gets it",
                pointer_as_member(ptr),
                redact_secret(secret)
            ),
            found
                .iter()
                .take(4)
                .map(|(p, _, _)| x.ev_at(bseq, &format!("{base}{p}"), None))
                .collect(),
            &x.leg,
        );
    }

    /// CARD-SECRET-001 (CARD-011, AUTH-001; breaker10 E21): the client sends a credential
    /// (a header the card's security schemes name, `Authorization`'s token, `X-API-Key`)
    /// whose exact value the origin's public card contains (a scheme description "use
    /// X-API-Key: sk-live-…"): the card published the credential. Values that do not
    /// [`card::looks_like_secret`] are not looked up. One finding per origin.
    pub(super) fn card_credential_published(&mut self, x: &Exch) {
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        let origin = x.origin.clone().unwrap_or_default();
        if card.strings.is_empty() || self.card_secret_reported.contains(&origin) {
            return;
        }
        let names = card
            .view
            .credential_headers
            .iter()
            .map(String::as_str)
            .chain(["x-api-key"]);
        let mut hit: Option<(String, String, String)> = None;
        for name in names {
            let Some(raw) = x.req_headers.get(name) else {
                continue;
            };
            let values: Vec<&str> = match name {
                "authorization" => vec![raw.trim().split_once(' ').map_or(raw, |(_, t)| t).trim()],
                "cookie" => raw
                    .split(';')
                    .filter_map(|kv| kv.split_once('=').map(|(_, v)| v.trim()))
                    .collect(),
                _ => vec![raw.trim()],
            };
            for val in values {
                // a redacted recording (left54): the header's tag, and the same tag in the
                // card, where the recorder tagged what the card published
                if let Some(t) = crate::record::redact::placeholder_secret_tag(val) {
                    let same = |s: &str| {
                        crate::record::redact::holds_tagged_placeholder(s.as_bytes())
                            && super::leaks::secret_tags_in(s.as_bytes())
                                .iter()
                                .any(|(_, u)| *u == t)
                    };
                    if let Some((ptr, _)) = card.strings.iter().find(|(_, s)| same(s)) {
                        hit = Some((name.to_string(), ptr.clone(), val.to_string()));
                        break;
                    }
                    continue;
                }
                if !card::looks_like_secret(val) {
                    continue;
                }
                if let Some((ptr, _)) = card.strings.iter().find(|(_, s)| s.contains(val)) {
                    hit = Some((name.to_string(), ptr.clone(), val.to_string()));
                    break;
                }
            }
            if hit.is_some() {
                break;
            }
        }
        let Some((header, ptr, val)) = hit else {
            return;
        };
        let header = match header.as_str() {
            "authorization" => "Authorization".to_string(),
            "cookie" => "Cookie".to_string(),
            _ => header,
        };
        self.card_secret_reported.insert(origin);
        self.areas.insert("auth");
        // a redacted recording shows the value by its tag, the card's copy by the same one
        let shown = match crate::record::redact::placeholder_secret_tag(&val) {
            Some(_) => format!("{val} in the recording, the card's copy tagged alike"),
            None => redact_secret(&val),
        };
        self.find(
            &r::CARD_SECRET,
            format!(
                "the agent's public card contains, in {}, the credential the client sends in its {header} header ({shown}); every client that fetches the card gets it",
                pointer_as_member(&ptr)
            ),
            vec![
                Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: Some(ptr.clone()),
                    found: None,
                },
                x.ev(x.req_ev_seq()),
            ],
            &x.leg,
        );
    }

    /// Card URL consistency (CARD-URL-001..005, CARD-005/006) of `view`, the card the
    /// client received: the agent's body at `bseq`, or the proxy's rewrite `rw` of it. URLs
    /// at a rewritten pointer cite the `card_rewrite` event, the others the agent's body.
    /// CARD-URL-005 (upstream advertised) only fires when the exchange has no `card_rewrite`.
    /// `base` is the JSON Pointer of the card in the body (`""`, or `/result` for a
    /// JSON-RPC extended card): evidence pointers start with it.
    /// AUTH-SCHEME-001 (a security requirement names a scheme the card does not define;
    /// AUTH-002, AUTH-007) and AUTH-TLS-001 (an OAuth/OIDC endpoint over plain http on a
    /// non-loopback host; AUTH-004, RFC 6749 §3.1/§3.2). One finding each per card.
    pub(super) fn card_security_refs(
        &mut self,
        x: &Exch,
        view: &AgentCardView,
        base: &str,
        bseq: u64,
    ) {
        if !view.undefined_security_refs.is_empty() {
            let mut names: Vec<&str> = view
                .undefined_security_refs
                .iter()
                .map(|(_, n)| n.as_str())
                .collect();
            names.sort_unstable();
            names.dedup();
            let ev = view
                .undefined_security_refs
                .iter()
                .take(4)
                .map(|(p, _)| x.ev_at(bseq, &format!("{base}{p}"), None))
                .collect();
            self.areas.insert("auth");
            self.find(
                &r::AUTH_UNDEFINED_SCHEME,
                format!(
                    "security requirement names scheme {} that securitySchemes does not define",
                    names.join(", ")
                ),
                ev,
                &x.leg,
            );
        }
        if let Some((p, u)) = view.insecure_auth_urls.first() {
            self.areas.insert("auth");
            self.find(
                &r::AUTH_ENDPOINT_NOT_TLS,
                format!("oauth/openid endpoint {u} is plain http on a non-loopback host"),
                vec![x.ev_at(bseq, &format!("{base}{p}"), None)],
                &x.leg,
            );
        }
        self.auth_interface_plain(x, view, base, bseq);
    }

    /// AUTH-TLS-005 (AUTH-004, AUTH-002; left54): a card whose every security requirement
    /// needs mutual TLS and that lists a plain-http interface url, on any host: no TLS, no
    /// client certificate, so no client can authenticate there. A plain-http interface on a
    /// card asking for another credential is no finding here (a test set-up on a LAN host
    /// is a legal neighbour; a card fetched over https that lists one is AUTH-TLS-004's).
    /// One finding per card.
    fn auth_interface_plain(&mut self, x: &Exch, view: &AgentCardView, base: &str, bseq: u64) {
        if !view.mtls_required {
            return;
        }
        let plain = |u: &str| {
            u.get(..7)
                .is_some_and(|h| h.eq_ignore_ascii_case("http://"))
        };
        let Some(i) = view.interfaces.iter().find(|i| plain(&i.url)) else {
            return;
        };
        self.areas.insert("auth");
        self.find(
            &r::TLS_AUTH_INTERFACE_PLAIN,
            format!(
                "the agent card lists the plain-http interface {} ({}), and every security requirement of the card needs mutual TLS: a plain-http interface has no TLS to present a client certificate on, so no client can authenticate there",
                i.url, i.binding
            ),
            vec![x.ev_at(bseq, &format!("{base}{}", i.pointer()), None)],
            &x.leg,
        );
    }

    /// CARD-SIG-004 (CARD-010, 1.0 §8.4.2; RFC 7515 §4.1.2, §4.1.5; mine35 f819): a card
    /// signature whose key URL (`jku`, `x5u`) is plain http on a non-loopback host
    /// ([`card::signature_key_url_not_tls`]). One finding per card.
    pub(super) fn signature_key_url_plain(&mut self, x: &Exch, v: &Json, bseq: u64, base: &str) {
        let Some((ptr, member, url)) = card::signature_key_url_not_tls(v) else {
            return;
        };
        self.areas.insert("auth");
        // `/signatures/{i}/...` -> `signatures[i]`
        let entry = pointer_as_member(&ptr.split('/').take(3).collect::<Vec<_>>().join("/"));
        let header = if ptr.ends_with("/protected") {
            "protected header"
        } else {
            "unprotected header"
        };
        self.find(
            &r::CARD_SIG_KEY_URL,
            format!(
                "the agent's card signature {entry} names its key over plain http, {member} {url:?} in its {header} (RFC 7515 requires TLS to fetch it): a verifier that follows the RFC cannot get the key and rejects the card, and one that fetches it takes any key a network attacker serves, so a forged card verifies"
            ),
            vec![x.ev_at(bseq, &format!("{base}{ptr}"), Some(Value::String(url)))],
            &x.leg,
        );
    }

    /// GW-RESP-007 (CARD-010, 1.0 §8.4): keeps the signed cards of the upstream leg and
    /// judges the client-leg card paired with one ([`State::gw_pairs`]): the same JWS
    /// signature (`protected` and `signature`) over other content is a signature the
    /// gateway did not renew, which no longer verifies. A card the gateway passed on
    /// unchanged, re-signed (no signature in common) or stripped of its signatures is
    /// silent; so is everything when the upstream leg is not recorded.
    pub(super) fn signed_card_altered(&mut self, x: &Exch, v: &Json, bseq: u64, base: &str) {
        let Some((sigs, content)) = signed_card_content(v) else {
            return;
        };
        if x.leg.as_deref() == Some("upstream") {
            if self.up_signed_cards.len() >= MAX_UP_CARDS {
                self.up_signed_cards.pop_front();
            }
            self.up_signed_cards.push_back(UpSignedCard {
                exchange: str::to_string(&x.id),
                seq: bseq,
                base: base.to_string(),
                sigs,
                content,
            });
            return;
        }
        if x.leg.is_some() {
            return;
        }
        let Some(up) = self
            .gw_pairs
            .iter()
            .rev()
            .find(|p| *p.client == *x.id)
            .and_then(|p| self.up_signed_cards.iter().find(|c| c.exchange == p.up))
        else {
            return;
        };
        if !sigs.iter().any(|s| up.sigs.contains(s)) {
            return;
        }
        let Some(at) = first_difference(&up.content, &content, String::new()) else {
            return;
        };
        let shown = |c: &Value| {
            pointer_value(c, &at).map_or_else(
                || "(absent)".to_string(),
                |v| {
                    let t = v.to_string();
                    match t.char_indices().nth(120) {
                        Some((i, _)) => format!("{}…", &t[..i]),
                        None => t,
                    }
                },
            )
        };
        let msg = format!(
            "gateway changed the signed agent card (at {} the agent's {} became {}) but passed the agent's JWS signature on unchanged: it covers the card as the agent signed it (JCS of the card without signatures), so a client that verifies signatures rejects this card",
            if at.is_empty() { "/" } else { at.as_str() },
            shown(&up.content),
            shown(&content)
        );
        let ev = vec![
            x.ev_at(
                bseq,
                &format!("{base}{at}"),
                pointer_value(&content, &at).cloned(),
            ),
            Evidence {
                seq: up.seq,
                exchange: Some(up.exchange.clone()),
                pointer: Some(format!("{}{at}", up.base)),
                found: pointer_value(&up.content, &at).cloned(),
            },
        ];
        self.find(&r::GW_SIGNED_CARD_ALTERED, msg, ev, &None);
    }
}

/// CARD-SHAPE-009 (CARD-003, DATA-004): the modes of card `v` (view `view`) that are no
/// media types, as `(pointer, mode)`, when a 1.0 client reads them: a 1.0 card, or a
/// hybrid one (0.3 fields beside `supportedInterfaces`) that offers a 1.0 interface
/// (review26 R12); empty for any other card. A function of the card's bytes alone
/// (remembered in [`CardMemo`]).
fn card_modes_judged(v: &Json, view: &AgentCardView) -> Vec<(String, String)> {
    let hybrid = view.has_v1_fields && view.has_v0_fields;
    if !view.has_v1_fields || (hybrid && !offers_1_0_interface(v)) {
        return Vec::new();
    }
    v.as_object()
        .map(card_modes_not_media_types)
        .unwrap_or_default()
}

/// The origins of the interfaces card view `view` lists (CARD-005/006), sorted, each
/// once; a bare gRPC `host:port` target (no scheme) gives its `http://` and `https://`
/// origins, where calls to it go. A function of the card's bytes alone (remembered in
/// [`CardMemo`]); the caller adds the origin the card was fetched on.
fn card_iface_origins(view: &AgentCardView) -> Vec<String> {
    let mut origins: Vec<String> = view
        .interfaces
        .iter()
        .filter_map(|i| i.parts().map(UrlParts::origin))
        .collect();
    for i in view
        .interfaces
        .iter()
        .filter(|i| i.binding.eq_ignore_ascii_case("GRPC") && !i.url.contains("://"))
    {
        for scheme in ["http://", "https://"] {
            if let Some(u) = parse_url(&format!("{scheme}{}", i.url.trim())) {
                origins.push(u.origin());
            }
        }
    }
    origins.sort();
    origins.dedup();
    origins
}

/// [`CardRec::iface_at`] of card view `view`: the interfaces as (origin, path without
/// trailing `/`), sorted (two cards listing the same interfaces compare equal as they
/// are), each once; a bare gRPC target once per scheme. A function of the card's bytes
/// alone (remembered in [`CardMemo`]).
fn card_iface_at(view: &AgentCardView) -> Vec<(String, String)> {
    let mut iface_at: Vec<(String, String)> = Vec::new();
    for i in &view.interfaces {
        let bare = !i.url.contains("://");
        // the interface's own URL parsed once with the view (perf32); a bare gRPC
        // target is read as both schemes
        let grpc_bare = bare && i.binding.eq_ignore_ascii_case("GRPC");
        let grpc: Vec<UrlParts> = if grpc_bare {
            ["http://", "https://"]
                .iter()
                .filter_map(|scheme| parse_url(&format!("{scheme}{}", i.url.trim())))
                .collect()
        } else {
            Vec::new()
        };
        let own = i.parts().filter(|_| !grpc_bare);
        for u in own.into_iter().chain(grpc.iter()) {
            let at = (u.origin(), net::norm_path(&u.path).to_string());
            if !iface_at.contains(&at) {
                iface_at.push(at);
            }
        }
    }
    iface_at.sort();
    iface_at
}

impl State {
    /// CAP-CARD-003 (AUTH-005; breaker53 v02-ext-404): a 0.2 GET
    /// `{url}/../agent/authenticatedExtendedCard` answered 404 to a request carrying the
    /// public card's credentials, although that card declares
    /// `supportsAuthenticatedExtendedCard: true`: the 0.2 form of the 0.3 / 1.0
    /// -32007 not-configured answer (0.2 has no A2A error for it): the card promises an
    /// extended card the deployment does not serve. Once per origin.
    pub(super) fn declared_v02_extended_card_missing(&mut self, x: &Exch) {
        let Some(card) = self.card_for(x).cloned() else {
            return;
        };
        if !card.view.extended_card || !carries_card_credentials(x, &card.view) {
            return;
        }
        let origin = x.origin.clone().unwrap_or_default();
        if !self.auth_reported.insert(format!("ext404\u{0}{origin}")) {
            return;
        }
        self.areas.insert("capability");
        self.find(
            &r::CAP_EXTENDED_CARD_UNCONFIGURED,
            format!(
                "the agent card declares an extended card (supportsAuthenticatedExtendedCard: true), yet the agent answered GET {} with the card's credentials 404: the extended card is not served there, so a client that authenticates for it never gets the skills it was declared for; serve it at {{url}}/../agent/authenticatedExtendedCard or stop declaring it",
                x.path
            ),
            vec![
                x.ev(x.req_seq),
                x.ev_at(x.resp_seq, "", Some(Value::from(404))),
                Evidence {
                    seq: card.seq,
                    exchange: Some(card.exchange.clone()),
                    pointer: Some("/supportsAuthenticatedExtendedCard".into()),
                    found: None,
                },
            ],
            &x.leg,
        );
    }
}

/// CARD-CACHE-001's reading of a card response's caching headers `h`: `(fresh, etag)`,
/// whether it names a freshness lifetime (Cache-Control `max-age` or `s-maxage`, RFC 9111
/// §5.2.2.1 / §5.2.2.10; an `Expires` header, §5.3; or a deliberate `no-cache` /
/// `no-store`) and a non-empty `ETag`.
fn card_freshness(h: &Headers) -> (bool, bool) {
    let fresh = h
        .get_all("cache-control")
        .flat_map(|v| v.split(','))
        .map(|d| {
            d.split('=')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        })
        .any(|d| matches!(d.as_str(), "max-age" | "s-maxage" | "no-cache" | "no-store"))
        || h.contains("expires");
    let etag = h.get("etag").is_some_and(|v| !v.trim().is_empty());
    (fresh, etag)
}

/// CARD-PATH-001 / CARD-PATH-003 (CARD-002; mine60 f1349): a card request path under
/// `/.well-known/` other than the card's URI `/.well-known/agent-card.json`, split into the
/// agent's prefix (the path before `/.well-known/`, `""` at the root) and the rest from
/// `/.well-known/` on (`/.well-known/agent.json`, traylinx/a2a-ruby's
/// `/.well-known/a2a/agent-card`, `/.well-known/agent-card`). `None` for agent-card.json
/// itself and for paths outside `/.well-known/` (a registry's own card path, CARD-001's
/// curated discovery, is not judged against CARD-002).
pub(super) fn card_beside_well_known(path: &str) -> Option<(&str, &str)> {
    let path = a2a::before_query(path);
    let i = path.rfind("/.well-known/")?;
    let (prefix, served) = path.split_at(i);
    (served != "/.well-known/agent-card.json" && served.len() > "/.well-known/".len())
        .then_some((prefix, served))
}
