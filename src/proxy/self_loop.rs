/*!
The loop check of `--no-via` ([`super::ProxyExtras::no_via`]): a client connection that is
one of the proxy's own upstream connections (attack59).

Without its `Via` entry (RFC 9110 §7.6.3) a forwarded request that comes back to the
proxy looks like a new one. The start-up check refuses an upstream that names the listen
address, but not one that reaches it by a way it cannot see: a host name whose address
changes after start-up (a hosts entry, DNS), a listener on port 0 handed the upstream's
port. Such a request is forwarded again, once per hop, over a new connection each time,
until the file descriptors run out.

Every TCP connection the proxy's upstream connector opens is kept here by its two
addresses (the proxy's own end, the end it connected to) while it is open. A client
connection whose addresses are the same two, seen from the other side (its peer is the
proxy's own end, the listener's end is the one connected to), is the proxy talking to
itself: each of its requests is refused `508 Loop Detected`, as the `Via` check refuses
one. Both addresses must match: a port alone is not enough, because the kernel gives an
ephemeral port to several connections at once when their destinations differ (a local
client's connection to the proxy may share its port with one of the proxy's upstream
connections to the agent).

What this does not see: a loop through something that opens its own connection in
between (a second proxy, a TCP forwarder such as `socat`), whose connection to the proxy
is not one of the proxy's; and a NAT that redirects the proxy's connection to its
listener (the listener's end then differs from the address connected to). Those loops
are cut by the `Via` check of either proxy, so `--no-via` is for a proxy whose upstream
is known not to lead back.

Cost: with `--no-via`, one short lock to insert and one to remove per upstream
connection, one to look up per client connection (once its first bytes came, by when an
upstream connection carrying them has been kept); none per request. Without `--no-via`,
nothing.
*/

use std::collections::HashSet;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

/// The open upstream connections of one proxy run (every listener of it), by their
/// addresses: `(local, remote)`, each address canonical (an IPv4-mapped IPv6 address as the
/// IPv4 address it is).
#[derive(Debug, Default)]
pub struct OwnConnections {
    open: Mutex<HashSet<(SocketAddr, SocketAddr)>>,
}

/// `a` with an IPv4-mapped IPv6 address as the IPv4 address it carries (a `[::]` listener
/// reports an IPv4 client's address so).
fn canonical(a: SocketAddr) -> SocketAddr {
    SocketAddr::new(a.ip().to_canonical(), a.port())
}

impl OwnConnections {
    /// An empty set, shared by the listeners of one run.
    pub fn new() -> Arc<OwnConnections> {
        Arc::default()
    }

    /// Keeps the upstream connection from `local` to `remote` until the guard is dropped
    /// (with the connection's stream).
    pub fn keep(self: &Arc<Self>, local: SocketAddr, remote: SocketAddr) -> Kept {
        let key = (canonical(local), canonical(remote));
        if let Ok(mut open) = self.open.lock() {
            open.insert(key);
        }
        Kept {
            own: self.clone(),
            key,
        }
    }

    /// Whether a client connection from `peer`, accepted on `local`, is one of the kept
    /// upstream connections seen from the listener's side: the proxy connected to itself.
    pub fn is_own(&self, peer: SocketAddr, local: SocketAddr) -> bool {
        let key = (canonical(peer), canonical(local));
        self.open.lock().is_ok_and(|open| open.contains(&key))
    }

    /// Upstream connections kept now.
    pub fn len(&self) -> usize {
        self.open.lock().map_or(0, |open| open.len())
    }

    /// No upstream connection kept now.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// One upstream connection kept in [`OwnConnections`]; dropped by the connection's stream
/// before its socket closes.
#[derive(Debug)]
pub struct Kept {
    own: Arc<OwnConnections>,
    key: (SocketAddr, SocketAddr),
}

impl Drop for Kept {
    fn drop(&mut self) {
        if let Ok(mut open) = self.own.open.lock() {
            open.remove(&self.key);
        }
    }
}

/// The `508` text of a request that came back over one of the proxy's own upstream
/// connections (`peer`, the proxy's own end, accepted on `local`): what the client reads.
pub fn refusal_text(peer: SocketAddr, local: &str) -> String {
    format!(
        "a2a-interop proxy: request loop: this request came from this proxy's own upstream connection ({peer}), so the upstream it was forwarded to is this proxy's listener {local}; not forwarded again (--no-via: the loop was found by the connection's addresses; hint: point --upstream / --route at the agent, not at a name or address that reaches this proxy)\n"
    )
}

/// The recorded reason of the same refusal.
pub fn refusal_why(peer: SocketAddr, local: &str) -> String {
    format!(
        "request loop: the client connection from {peer} is this proxy's own upstream connection (--no-via, so no Via to tell it by; RFC 9110 §7.6.3): an upstream or route reaches this proxy's listener {local} by a name or address the start-up check did not see; refused 508 instead of forwarding it again"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A connection is its own only seen from the other side with both addresses; a
    /// connection that shares only the port (another destination) is not; a dropped guard
    /// forgets it; IPv4-mapped spellings are the IPv4 address.
    #[test]
    fn own_connections_match_both_addresses_from_the_other_side() {
        let own = OwnConnections::new();
        let up_local: SocketAddr = "127.0.0.1:40001".parse().unwrap();
        let listener: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        let kept = own.keep(up_local, listener);
        assert!(own.is_own(up_local, listener));
        assert!(own.is_own(
            "[::ffff:127.0.0.1]:40001".parse().unwrap(),
            "[::ffff:127.0.0.1]:8080".parse().unwrap()
        ));
        // the same ephemeral port towards another destination: a local client, not a loop
        assert!(!own.is_own(up_local, "127.0.0.1:9090".parse().unwrap()));
        assert!(!own.is_own("127.0.0.1:40002".parse().unwrap(), listener));
        assert_eq!(own.len(), 1);
        drop(kept);
        assert!(!own.is_own(up_local, listener));
        assert!(own.is_empty());
    }
}
