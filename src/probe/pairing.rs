/*!
`interop`'s pairing of its two directions: each direction limits the called agent's
interfaces to those the calling agent's own card lists (dialect and binding), since that is
how the calling agent would call (docs/usage.md "Two agents against each other"). Cards list what
an agent serves; it is the best evidence there is of what it speaks as a client.

Both directions run at once and each fetches the card of the agent it calls, so each
publishes what its callee offers ([`Pairing::publish`]) and waits for what its caller offers
([`Pairing::caller_offer`]), published by the other direction. Every run publishes exactly
once, right after its card tests (or, with no card, when it ends), before it waits: no
direction can wait for the other forever.

```text
A->B: fetch B's card ─► publish B's offer ─► wait for A's offer ─► B's interfaces ∩ A's
B->A: fetch A's card ─► publish A's offer ─► wait for B's offer ─► A's interfaces ∩ B's
```
*/

use std::sync::Arc;

use tokio::sync::watch;

use super::card::Binding;
use super::Dialect;

/// What a card offers: its (dialect, binding) pairs in card order; `None` when the card
/// could not be read.
pub type Offer = Option<Vec<(Dialect, Binding)>>;

/// One direction's side of the pairing (see the module docs).
#[derive(Clone)]
pub struct Pairing {
    /// Name of the calling agent in messages (`A`).
    pub caller: String,
    /// Name of the called agent in messages (`B`).
    pub callee: String,
    publish: Arc<watch::Sender<Option<Offer>>>,
    caller_offer: watch::Receiver<Option<Offer>>,
}

impl std::fmt::Debug for Pairing {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pairing")
            .field("caller", &self.caller)
            .field("callee", &self.callee)
            .finish()
    }
}

/// The two sides for agents named `a` and `b`: first the direction `a` calls `b`
/// (`A->B`), then `b` calls `a` (`B->A`).
pub fn pair(a: &str, b: &str) -> (Pairing, Pairing) {
    let (tx_a, rx_a) = watch::channel(None);
    let (tx_b, rx_b) = watch::channel(None);
    let a_calls_b = Pairing {
        caller: a.into(),
        callee: b.into(),
        publish: Arc::new(tx_b),
        caller_offer: rx_a.clone(),
    };
    let b_calls_a = Pairing {
        caller: b.into(),
        callee: a.into(),
        publish: Arc::new(tx_a),
        caller_offer: rx_b,
    };
    (a_calls_b, b_calls_a)
}

impl Pairing {
    /// Publishes what the called agent's card offers; only the first call counts.
    pub fn publish(&self, offer: Offer) {
        self.publish.send_if_modified(|v| {
            if v.is_some() {
                return false;
            }
            *v = Some(offer);
            true
        });
    }

    /// What the calling agent's card offers, once the other direction has read it.
    /// `None` when that card could not be read (or the other direction is gone).
    pub async fn caller_offer(&self) -> Offer {
        let mut rx = self.caller_offer.clone();
        let offer = match rx.wait_for(Option::is_some).await {
            Ok(v) => v.clone().flatten(),
            Err(_) => None,
        };
        offer
    }
}

/// `binding dialect` as flags spell them (`jsonrpc 1.0`, `http+json 0.3`).
pub fn offer_label(d: Dialect, b: Binding) -> String {
    let b = match b {
        Binding::JsonRpc => "jsonrpc",
        Binding::HttpJson => "http+json",
        Binding::Grpc => "grpc",
        Binding::Other => "another binding",
    };
    format!("{b} {}", d.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn each_direction_gets_what_the_other_published_once() {
        let (ab, ba) = pair("A", "B");
        // A->B read B's card, B->A read A's
        ab.publish(Some(vec![(Dialect::V1_0, Binding::JsonRpc)]));
        ba.publish(Some(vec![(Dialect::V0_3, Binding::HttpJson)]));
        ba.publish(None); // a second publication changes nothing
        assert_eq!(
            ab.caller_offer().await,
            Some(vec![(Dialect::V0_3, Binding::HttpJson)])
        );
        assert_eq!(
            ba.caller_offer().await,
            Some(vec![(Dialect::V1_0, Binding::JsonRpc)])
        );
        assert_eq!(
            offer_label(Dialect::V0_3, Binding::HttpJson),
            "http+json 0.3"
        );
    }
}
