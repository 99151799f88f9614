//! Which agent an exchange talks to: cards by origin, interfaces, tenants, the scope of an agent's tasks.

use super::*;

impl State {
    /// The card of the agent exchange `x` addressed ([`Self::card_at`] of its URL).
    pub(super) fn card_for(&self, x: &Exch) -> Option<&Arc<CardRec>> {
        self.card_at(x.origin.as_deref()?, &x.parts.as_ref()?.path)
    }

    /// The card of the agent at URL path `path` on `origin` (`scheme://host:port`): the
    /// origin's only card; with several agents there (review24a R11), the card listing an
    /// interface at `path` or a prefix of it (the longest; any binding), else the card
    /// fetched on that origin at the longest base ([`card_base`]) that is a prefix of
    /// `path`; the newest on a tie. `None` when no card is known there, or several are
    /// and none of them applies: a rule then judges nothing by a card rather than guess.
    pub(super) fn card_at(&self, origin: &str, path: &str) -> Option<&Arc<CardRec>> {
        let list = self.cards.get(origin)?;
        if let [only] = list.as_slice() {
            return Some(only);
        }
        let path = net::norm_path(path);
        let best = |key: &dyn Fn(&CardRec) -> Option<usize>| {
            list.iter()
                .enumerate()
                .filter_map(|(i, c)| key(c).map(|n| (n, i, c)))
                .max_by_key(|&(n, i, _)| (n, i))
                .map(|(_, _, c)| c)
        };
        best(&|c: &CardRec| {
            c.iface_at
                .iter()
                .filter(|(o, p)| o == origin && path_under(path, p))
                .map(|(_, p)| p.len())
                .max()
        })
        .or_else(|| {
            best(&|c: &CardRec| {
                c.fetched_at
                    .as_ref()
                    .filter(|(o, b)| o == origin && path_under(path, b))
                    .map(|(_, b)| b.len())
            })
        })
    }

    /// True when an authenticated extended card served on `x`'s origin declares
    /// `capabilities.streaming` (`streaming`) or `capabilities.pushNotifications` (else)
    /// true and call `x` carries a credential: 1.0 §3.1.11 / §13.3 let the extended card
    /// expose more capabilities than the public one, and the authenticated client SHOULD
    /// read it in the public card's place, so the capability is declared for that client
    /// (STREAM-001, PUSH-001; breaker32 E01-E05). An anonymous call stays judged by the
    /// public card.
    pub(super) fn extended_card_grants(&self, x: &Exch, streaming: bool) -> bool {
        self.extended_card_granting(x, streaming).is_some()
    }

    /// The extended card's (seq, exchange id, JSON Pointer of the card in that body:
    /// [`ExtendedGrant::base`]) for [`Self::extended_card_grants`].
    pub(super) fn extended_card_granting(
        &self,
        x: &Exch,
        streaming: bool,
    ) -> Option<(u64, String, &'static str)> {
        if self.extended_caps.is_empty() {
            return None;
        }
        let g = self.extended_grant(x)?;
        if !(if streaming { g.streaming } else { g.push }) {
            return None;
        }
        Some((g.seq, g.exchange.clone(), g.base))
    }

    /// The [`ExtendedGrant`] of `x`'s origin when call `x` carries a credential of the
    /// public card's schemes (without a public card there: an `Authorization` or `Cookie`
    /// header): the authenticated client reads the extended card in the public card's
    /// place (1.0 §3.1.11). `None` for an anonymous call, which the public card governs.
    pub(super) fn extended_grant(&self, x: &Exch) -> Option<&ExtendedGrant> {
        if self.extended_caps.is_empty() {
            return None;
        }
        let g = x
            .origin
            .as_deref()
            .and_then(|o| self.extended_caps.get(o))?;
        let credentialed = match self.card_for(x) {
            Some(c) => carries_card_credentials(x, &c.view),
            None => has_credentials(&x.req_headers, &["authorization".into(), "cookie".into()]),
        };
        credentialed.then_some(g)
    }

    /// A clause naming `card` for a message about exchange `x` when `x`'s origin serves
    /// several agents' cards ([`State::cards`]): which of them judged the call (CARD-005);
    /// empty on an origin of one agent.
    pub(super) fn card_among(&self, x: &Exch, card: &CardRec) -> String {
        let Some(origin) = x.origin.as_deref() else {
            return String::new();
        };
        let n = self.agents_on(origin);
        if n < 2 {
            return String::new();
        }
        // A card fetched on another origin is kept here for the interfaces it lists here
        // (review25 R4): this origin then does not serve it.
        let served_here = self.cards.get(origin).is_some_and(|l| {
            l.iter()
                .all(|c| c.fetched_at.as_ref().is_some_and(|(o, _)| o == origin))
        });
        let whose = if served_here {
            format!("this origin serves {n} agents' cards")
        } else {
            let shown = net::origin_shown(origin);
            format!("{n} agents' cards were fetched from {shown} or list an interface there")
        };
        format!(
            " (fetched at {}; {whose}, and {} {} is judged by the card of the agent it addressed)",
            card.url, x.method, x.path
        )
    }

    /// How many agents' public cards [`State::cards`] keeps for `origin`.
    pub(super) fn agents_on(&self, origin: &str) -> usize {
        self.cards.get(origin).map_or(0, Vec::len)
    }

    /// The `protocolBinding`s (`"JSONRPC"`, `"HTTP+JSON"`, ...) the agent card of `x`'s
    /// agent declares at `x`'s URL (scheme, authority and path, a trailing slash aside;
    /// CARD-005); empty when no card is known or none of its interfaces is at that URL.
    pub(super) fn interface_bindings_at(&self, x: &Exch) -> Vec<&str> {
        // `x.parts` is `parse_url(&x.url)`, kept from the request head
        let (Some(card), Some(p)) = (self.card_for(x), x.parts.as_ref()) else {
            return Vec::new();
        };
        let path = net::norm_path(&p.path);
        card.view
            .interfaces
            .iter()
            .filter(|i| {
                i.parts()
                    .is_some_and(|u| u.same_origin(p) && net::norm_path(&u.path) == path)
            })
            .map(|i| i.binding.as_str())
            .collect()
    }

    /// Whether `x`, a JSON POST that is no JSON-RPC request (no `"jsonrpc"`, no `"method"`)
    /// and no A2A payload ([`bare_a2a_payload`]), went to a path of the origin whose Agent
    /// Card is known and names none of its interfaces there: a platform's own route beside
    /// the A2A endpoint (an AgentCore HTTP runtime's `/invocations` with `{"prompt": ...}`,
    /// mine37), not a JSON-RPC call, so its answer is not judged as one (RPC-001 binds the
    /// card's JSON-RPC interfaces only). Parses `body` only when the card is known and
    /// names no interface at the path.
    pub(super) fn route_beside_card_interfaces(&self, x: &Exch, body: Option<&[u8]>) -> bool {
        let Some(card) = self.card_for(x) else {
            return false;
        };
        if card.view.interfaces.is_empty() || !self.interface_bindings_at(x).is_empty() {
            return false;
        }
        body.and_then(|b| Json::parse(b).ok())
            .is_some_and(|v| v.is_object() && bare_a2a_payload(&v).is_none())
    }

    /// Whether POST `x`, whose request `body` is JSON but no JSON-RPC request, is plain JSON
    /// to a URL nothing names as A2A (left38): no card applies to it, the agent never
    /// answered a POST there with a JSON-RPC 2.0 response ([`Self::rpc_spoken`]), and the
    /// body is an object with neither a top-level `jsonrpc` nor `method` member and no bare
    /// A2A payload (a message or send request: RPC-REQ-002's, judged apart). The call's
    /// binding and dialect stay unknown then: an order API's `{"item": "book"}` answered
    /// 400 is no JSON-RPC call, and no JSON-RPC finding may rest on a guess (RPC-001 binds
    /// only what speaks JSON-RPC).
    pub(super) fn plain_json_unseen(&self, x: &Exch, body: Option<&[u8]>) -> bool {
        if self.card_for(x).is_some()
            || Self::endpoint_key(x).is_some_and(|k| self.rpc_spoken.contains_key(&k))
        {
            return false;
        }
        body.and_then(|b| Json::parse(b).ok()).is_some_and(|v| {
            v.get("jsonrpc").is_none()
                && v.get("method").is_none()
                && v.is_object()
                && bare_a2a_payload(&v).is_none()
        })
    }

    /// The key of `x`'s URL for [`Self::rpc_spoken`] and [`Self::bare_pending`]: leg,
    /// origin and path (a trailing slash aside); `None` without a parsed URL.
    pub(super) fn endpoint_key(x: &Exch) -> Option<String> {
        let mut key = String::new();
        Self::endpoint_key_into(x, &mut key).then_some(key)
    }

    /// [`Self::endpoint_key`] written into `key` (cleared first; a kept buffer, so that a
    /// lookup of a URL already known allocates nothing: perfp40, every JSON-RPC answer
    /// looks its URL up in [`Self::rpc_spoken`]); false, `key` empty, without a parsed URL.
    pub(super) fn endpoint_key_into(x: &Exch, key: &mut String) -> bool {
        key.clear();
        let (Some(origin), Some(parts)) = (x.origin.as_deref(), x.parts.as_ref()) else {
            return false;
        };
        let path = net::norm_path(&parts.path);
        let leg = x.leg.as_deref().unwrap_or("");
        // Joined by hand: `format!` cost ~1,000 instructions per exchange here (perf30).
        key.reserve(leg.len() + origin.len() + path.len() + 2);
        for (i, piece) in [leg, origin, path].into_iter().enumerate() {
            if i > 0 {
                key.push('\u{0}');
            }
            key.push_str(piece);
        }
        true
    }

    /// [`caller_fingerprint`] of client call `x` with the credential headers and query
    /// parameters its agent's card names; `None` for a push delivery.
    pub(super) fn caller_of(&self, x: &Exch) -> Option<u64> {
        if x.call.as_ref().is_some_and(|c| c.webhook) {
            return None;
        }
        let view = self.card_for(x).map(|c| &c.view);
        caller_fingerprint(
            x,
            view.map_or(&[][..], |v| &v.credential_headers[..]),
            view.map_or(&[][..], |v| &v.credential_query[..]),
        )
    }

    /// A client-leg answer of a gateway recording (an `upstream` leg seen) with no
    /// upstream request since the client's request head: the gateway answered alone (its
    /// cache, a stale copy), so what it says is not the agent's (GW-RESP-002).
    pub(super) fn gw_answered_alone(&self, x: &Exch) -> bool {
        x.leg.is_none()
            && !x.synthetic
            && x.call.as_ref().is_some_and(|c| !c.webhook)
            && self.up_req_last.is_some_and(|u| u < x.req_seq)
    }

    /// The agent exchange `x` addressed, as the scope part of its [`task_key`]s (ID-001:
    /// task ids are unique per agent, not across agents; ID-007: a messageId is deduped by
    /// the agent that received it). The agent is the card whose interface path on the
    /// request's authority is the longest prefix of the request path (the one card listed
    /// there when none is), with the tenant when that card lists the URL for two or more
    /// tenants (CARD-008; AUTH-006: tasks are scoped by tenant); with no card known, the
    /// authority (`host:port`). A push delivery belongs to the agent that registered its
    /// webhook. The first agent of each leg gets the empty scope, so a recording of one
    /// agent keys its tasks by id alone.
    pub(super) fn agent_scope(&mut self, x: &Exch) -> String {
        let Some(c) = x.call.as_ref() else {
            return String::new();
        };
        if c.webhook {
            return self
                .push_url_scope
                .get(&self.delivery_key(&x.url))
                .map(|(scope, _)| scope.clone())
                .unwrap_or_default();
        }
        if c.binding.is_none() {
            return String::new();
        }
        let Some(p) = x.parts.as_ref() else {
            return String::new();
        };
        // room for the path too: with no card the key is the authority and the path (written
        // into the reused buffer: see the end)
        let mut auth = std::mem::take(&mut self.scope_buf);
        auth.clear();
        auth.reserve(p.host.len() + 6 + p.path.len());
        push_host_port(&mut auth, &p.host, p.port);
        let path = net::norm_path(&p.path);
        let ident = match self.agent_ifaces.get(&auth) {
            Some(list) => {
                let hit = list
                    .iter()
                    .filter(|i| {
                        i.base.is_empty()
                            || path
                                .strip_prefix(i.base.as_str())
                                .is_some_and(|r| r.is_empty() || r.starts_with('/'))
                    })
                    .max_by_key(|i| i.base.len());
                match hit {
                    Some(i) => {
                        let tenant = (i.tenants.len() >= 2)
                            .then(|| {
                                c.params
                                    .get("tenant")
                                    .and_then(Json::as_str)
                                    .map(str::to_string)
                                    .or_else(|| {
                                        let tail = path.strip_prefix(i.base.as_str())?;
                                        (c.binding == Some(Binding::Rest))
                                            .then(|| {
                                                net::segments(tail)
                                                    .first()
                                                    .map(|t| a2a::percent_decode(t))
                                            })
                                            .flatten()
                                    })
                                    .or_else(|| query_param(&x.url, "tenant"))
                            })
                            .flatten()
                            .filter(|t| i.tenants.contains(t));
                        match tenant {
                            Some(t) => format!("{}#{t}", i.agent),
                            None => i.agent.clone(),
                        }
                    }
                    None if list.iter().all(|i| i.agent == list[0].agent) => list[0].agent.clone(),
                    None => auth,
                }
            }
            None => {
                // No card: the endpoint is the agent (RPC-001: a JSON-RPC agent is one
                // endpoint URL; an HTTP+JSON agent the base before its routes), so two
                // agents a gateway serves under `/api/a2a/{ns}/{name}` on one host keep
                // their own task ids (ID-001, TASK-009). The root path keys by authority.
                // (one allocation for the key: the path borrowed, the authority written
                // with room for it)
                let route = match c.binding {
                    Some(Binding::Rest) => rest_route(&x.method, &p.path),
                    _ => None,
                };
                let base = match c.binding {
                    Some(Binding::JsonRpc) => Some(path),
                    Some(Binding::Rest) => route.as_ref().map(|rt| net::norm_path(&rt.base)),
                    _ => None,
                }
                .filter(|b| !b.is_empty() && *b != "/");
                let ident = match base {
                    Some(b) => {
                        let mut k = auth;
                        k.push_str(b);
                        k
                    }
                    None => auth,
                };
                // `agent_bare` never loses an identity: the one last found there is still
                // there (the lookup skipped when the same agent is called again)
                if self.bare_last != ident {
                    let known = self.agent_bare.contains(&ident)
                        || (self.agent_bare.len() < MAX_AGENT_KEYS
                            && self.agent_bare.insert(ident.clone()));
                    if known {
                        self.bare_last.clone_from(&ident);
                    }
                }
                ident
            }
        };
        // The leg's first agent keeps the empty scope (a one-agent recording keys its tasks
        // by id alone); looked up before inserting so the common case allocates nothing
        // (the key's buffer is kept for the next call).
        match self.first_agent.get(&x.leg) {
            Some(first) if *first == ident => {
                self.scope_buf = ident;
                String::new()
            }
            Some(_) => {
                if x.leg.is_none()
                    && self.client_scopes.len() < MAX_CLIENT_SCOPES
                    && !self.client_scopes.contains(&ident)
                {
                    self.client_scopes.push(ident.clone());
                }
                ident
            }
            None => {
                self.first_agent.insert(x.leg.clone(), ident);
                String::new()
            }
        }
    }

    /// AUTH-SCOPE-002 (TASK-009, AUTH-006, CARD-008; breaker24 V01, V02): the agent
    /// answered GetTask / CancelTask `op` of exchange `x` under tenant `mine` with task
    /// `id` (the Task at `ptr` of body event `bseq`), which it handed out under tenant
    /// `theirs` ([`Self::task_of_other_tenant`]): a caller of one tenant reads or cancels
    /// another tenant's task, where an inaccessible task is TaskNotFoundError.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn other_tenants_task_served(
        &mut self,
        x: &Exch,
        c: &Call,
        op: Op,
        id: &str,
        mine: &str,
        theirs: &str,
        bseq: u64,
        ptr: &str,
    ) {
        let want = match c.binding {
            Some(Binding::Rest) => "HTTP 404 TASK_NOT_FOUND",
            Some(Binding::Grpc) => "NOT_FOUND TASK_NOT_FOUND",
            _ => "-32001 TaskNotFoundError",
        };
        let did = if op == Op::CancelTask {
            "canceled it"
        } else {
            "returned it"
        };
        self.areas.insert("auth");
        self.find(
            &r::AUTH_SCOPE_OTHER_TENANT,
            format!(
                "agent answered {} of task {id} under tenant {mine:?} and {did}, but it handed task {id} out under tenant {theirs:?}: a caller of one tenant reaches another tenant's task; answer a task of another tenant like an unknown one, {want}",
                c.op_term(op.name())
            ),
            vec![
                x.ev(x.req_ev_seq()),
                x.ev_at(
                    bseq,
                    &jptr(ptr, &[Key("id")]),
                    Some(Value::String(id.to_string())),
                ),
            ],
            &x.leg,
        );
    }

    /// AUTH-SCOPE-002 (TASK-009, AUTH-006, CARD-008; mine29a, loomcycle PR #299, a2a-go
    /// #351): the task a SubscribeToTask or push notification config call (Create, Get,
    /// List, Delete) of exchange `x` names, when it was handed out under another tenant of
    /// the interface than the call's ([`Self::task_of_other_tenant`]): `(task id, the
    /// call's tenant, the task's tenant)`. Judged at the response head, before the answer's
    /// events make the task known under the call's tenant too.
    pub(super) fn other_tenant_at_head(&self, x: &Exch) -> Option<Box<(String, String, String)>> {
        let c = x.call.as_ref()?;
        if c.webhook {
            return None;
        }
        let id = match c.op? {
            Op::SubscribeToTask => c.task_id()?,
            Op::CreatePushConfig
            | Op::GetPushConfig
            | Op::ListPushConfigs
            | Op::DeletePushConfig => push_call_task(c)?,
            _ => return None,
        };
        let (mine, theirs) = self.task_of_other_tenant(x, id)?;
        Some(Box::new((id.to_string(), mine, theirs)))
    }

    /// AUTH-SCOPE-002 (mine29a): exchange `x`'s SubscribeToTask or push config call `c`
    /// on task `t.0` under tenant `t.1` succeeded, although the agent handed the task out
    /// under tenant `t.2` ([`Self::other_tenant_at_head`]): a caller of one tenant streams,
    /// watches or reads another tenant's task, where an inaccessible task is
    /// TaskNotFoundError.
    pub(super) fn other_tenants_call_served(
        &mut self,
        x: &Exch,
        c: &Call,
        t: &(String, String, String),
    ) {
        let (id, mine, theirs) = (&t.0, &t.1, &t.2);
        let want = match c.binding {
            Some(Binding::Rest) => "HTTP 404 TASK_NOT_FOUND",
            Some(Binding::Grpc) => "NOT_FOUND TASK_NOT_FOUND",
            _ => "-32001 TaskNotFoundError",
        };
        let did = match c.op {
            Some(Op::SubscribeToTask) => "opened a stream of its events",
            Some(Op::CreatePushConfig) => "stored a webhook for it, which will receive its updates",
            Some(Op::GetPushConfig) | Some(Op::ListPushConfigs) => {
                "returned its push notification configs (webhook url and token)"
            }
            _ => "deleted a push notification config of it",
        };
        let op = match c.op {
            Some(o) => c.op_term(o.name()),
            None => return,
        };
        self.areas.insert("auth");
        self.find(
            &r::AUTH_SCOPE_OTHER_TENANT,
            format!(
                "agent answered {op} on task {id} under tenant {mine:?} and {did}, but it handed task {id} out under tenant {theirs:?}: a caller of one tenant reaches another tenant's task; answer a task of another tenant like an unknown one, {want}"
            ),
            vec![x.ev(x.req_ev_seq()), x.ev(x.resp_seq)],
            &x.leg,
        );
    }

    /// True when the card of the agent exchange `x` addressed is known and none of its
    /// interfaces declares a tenant (CARD-008: `AgentInterface.tenant` unset): the agent
    /// serves one tenant, so a call to it owes no tenant. A router in front of one agent
    /// per tenant removes the client's tenant (params.tenant, the `/{tenant}` segment)
    /// before such an agent legally (breaker49 tenant-route); with no card known the
    /// tenant the client sent is taken as the agent's (GW-REQ-002).
    pub(super) fn serves_no_tenant(&self, x: &Exch) -> bool {
        self.card_for(x)
            .is_some_and(|c| c.view.interfaces.iter().all(|i| i.tenant.is_none()))
    }

    /// True when a card of exchange `x`'s agent ([`Self::card_for`]), or another card
    /// served on its origin (a router's card per tenant, each naming the front with its
    /// own tenant: breaker49), declares tenant `t` for an interface (CARD-008).
    pub(super) fn declares_tenant(&self, x: &Exch, t: &str) -> bool {
        let declares = |c: &Arc<CardRec>| {
            c.view
                .interfaces
                .iter()
                .any(|i| i.tenant.as_deref() == Some(t))
        };
        self.card_for(x).is_some_and(declares)
            || x.origin
                .as_deref()
                .and_then(|o| self.cards.get(o))
                .is_some_and(|l| l.iter().any(declares))
    }

    /// True when the gateway's id `client_id`, named by client-leg call `x`, is its own
    /// name for the agent's `agent_id` ([`State::gw_ids`], learnt from paired answers): per
    /// `x`'s agent scope when it is known (a router's tenants may each have a `task-1`,
    /// breaker49 ids-apart); a call whose body is not read yet (its upstream copy came
    /// first) has no scope yet, and then the id under any scope will do.
    pub(super) fn gw_id_maps(&self, x: &Exch, client_id: &str, agent_id: &str) -> bool {
        if x.call.is_none() {
            let suffix = format!("\u{0}{client_id}");
            return self
                .gw_ids
                .iter()
                .any(|(k, u)| u == agent_id && (k == client_id || k.ends_with(&suffix)));
        }
        let scoped = (!x.scope.is_empty())
            .then(|| self.gw_ids.get(&format!("{}\u{0}{client_id}", x.scope)))
            .flatten();
        scoped
            .or_else(|| self.gw_ids.get(client_id))
            .is_some_and(|u| u == agent_id)
    }

    /// The tenants of task `id` named or listed by exchange `x` (DATA-007, TASK-009,
    /// AUTH-006): `(the call's tenant, the tenant the agent handed the task out under)`
    /// when the interface the call addressed declares two or more tenants (CARD-008), the
    /// call names one of them, the recording holds no task `id` under it, and holds one
    /// under another of them. Tenants keep their own task ids (b11-K2), so an id known
    /// under both is no finding.
    pub(super) fn task_of_other_tenant(&self, x: &Exch, id: &str) -> Option<(String, String)> {
        let p = x.parts.as_ref()?;
        let auth = host_port(&p.host, p.port, p.path.len());
        let path = net::norm_path(&p.path);
        let iface = self
            .agent_ifaces
            .get(&auth)?
            .iter()
            .filter(|i| {
                i.base.is_empty()
                    || path
                        .strip_prefix(i.base.as_str())
                        .is_some_and(|r| r.is_empty() || r.starts_with('/'))
            })
            .max_by_key(|i| i.base.len())?;
        if iface.tenants.len() < 2 || self.tasks.contains_key(&task_key(&x.leg, &x.scope, id)) {
            return None;
        }
        // The scope agent_scope gives a tenant's calls (the leg's first agent keys by the
        // empty scope).
        let scope_of = |t: &str| {
            let ident = format!("{}#{t}", iface.agent);
            if self.first_agent.get(&x.leg) == Some(&ident) {
                String::new()
            } else {
                ident
            }
        };
        let mine = iface.tenants.iter().find(|t| scope_of(t) == x.scope)?;
        let theirs = iface
            .tenants
            .iter()
            .find(|t| *t != mine && self.tasks.contains_key(&task_key(&x.leg, &scope_of(t), id)))?;
        Some((mine.clone(), theirs.clone()))
    }

    /// Remembers the agent a card describes ([`State::agent_scope`]): every interface it
    /// lists (1.0 `supportedInterfaces`, 0.x `url` / `additionalInterfaces`; a gRPC
    /// `host:port` too) is that one agent, with the tenants declared per URL (CARD-008).
    pub(super) fn note_agent_card(&mut self, view: &AgentCardView) {
        let ifaces: Vec<(String, String, Option<String>)> = view
            .interfaces
            .iter()
            .filter_map(|i| {
                let bare;
                let u = match i.parts() {
                    Some(u) => u,
                    None => {
                        bare = (!i.url.contains("://"))
                            .then(|| parse_url(&format!("http://{}", i.url.trim())))
                            .flatten()?;
                        &bare
                    }
                };
                let mut authority = String::with_capacity(u.host.len() + 6);
                authority.push_str(&u.host);
                authority.push(':');
                crate::model::json::push_decimal(&mut authority, u64::from(u.port));
                Some((
                    authority,
                    net::norm_path(&u.path).to_string(),
                    i.tenant.clone(),
                ))
            })
            .collect();
        let Some(first) = ifaces.first() else {
            return;
        };
        // One agent per card: the identity an interface already has (an earlier card, or
        // calls keyed by the bare authority before any card), else the first interface.
        let agent = ifaces
            .iter()
            .find_map(|(a, b, _)| {
                self.agent_ifaces
                    .get(a)?
                    .iter()
                    .find(|i| i.base == *b)
                    .map(|i| i.agent.clone())
            })
            .or_else(|| {
                ifaces
                    .iter()
                    .map(|(a, b, _)| format!("{a}{b}"))
                    .chain(ifaces.iter().map(|(a, _, _)| a.clone()))
                    .find(|k| self.agent_bare.contains(k))
            })
            .unwrap_or_else(|| format!("{}{}", first.0, first.1));
        for (a, b, t) in ifaces {
            if !self.agent_ifaces.contains_key(&a) && self.agent_ifaces.len() >= MAX_AGENT_KEYS {
                continue;
            }
            let list = self.agent_ifaces.entry(a).or_default();
            let k = match list.iter().position(|i| i.base == b) {
                Some(k) => k,
                None => {
                    list.push(AgentIface {
                        base: b,
                        agent: agent.clone(),
                        tenants: Vec::new(),
                    });
                    list.len() - 1
                }
            };
            if let (Some(t), Some(i)) = (t, list.get_mut(k)) {
                if !i.tenants.contains(&t) && i.tenants.len() < 64 {
                    i.tenants.push(t);
                }
            }
        }
    }
}
