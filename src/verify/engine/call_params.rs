//! A call's params tree read in place from its request body (issue 7: the request's
//! tree borrowed, not copied; docs/performance.md, "Session 60 (perfverify60)").

use super::*;

/// [`Json`] of one lifetime, the dependent of [`BodyTree`].
pub(super) type JsonOf<'a> = Json<'a>;

self_cell::self_cell!(
    /// A request body's bytes and the [`Json`] tree read from them, whose strings borrow
    /// from those bytes: held together by `self_cell` (no `unsafe` of ours), the tree
    /// handed out only for a borrow of the holder.
    pub(super) struct BodyTree {
        owner: Bytes,
        #[covariant]
        dependent: JsonOf,
    }
);

/// A call's params: the JSON-RPC request's `params` member, an HTTP+JSON request body, a
/// gRPC request message as ProtoJSON (every rule reads the request through it). A
/// [`Json`] tree whose strings may borrow from the request body it was read from, which is
/// kept with it (a shared handle on the recorded bytes: no copy), so the strings of a
/// request are not copied one by one into a tree of its own (the owned parse,
/// [`Json::parse_owned`]).
///
/// Read it through [`Params::json`] (or the accessors named as [`Json`]'s: `get`,
/// `pointer`, `as_object`, `is_null`): their answers live no longer than the borrow of
/// `self`, so nothing borrowed from the body outlives it (a clone of a subtree is a
/// `Json<'_>` tied to that borrow; [`Json::into_owned`] makes one that lives on).
pub(super) enum Params {
    /// A tree that borrows nothing (no params, a gRPC message, a batch element, a test).
    Owned(Json<'static>),
    /// A tree read in place from the request body it is kept with.
    Shared(BodyTree),
}

impl Default for Params {
    /// No params (`null`).
    fn default() -> Params {
        Params::Owned(Json::Null)
    }
}

impl Clone for Params {
    /// The same tree, owned (a call is cloned rarely: an inline send re-read, a test).
    fn clone(&self) -> Params {
        match self {
            Params::Owned(j) => Params::Owned(j.clone()),
            Params::Shared(s) => Params::Owned(s.borrow_dependent().clone().into_owned()),
        }
    }
}

impl std::fmt::Debug for Params {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.json(), f)
    }
}

impl Params {
    /// Params from a tree that borrows nothing (a gRPC message, a batch element, a test).
    pub(super) fn owned(tree: Json<'static>) -> Params {
        Params::Owned(tree)
    }

    /// Params read from `body` and kept with it: [`Json::parse`] of the bytes (the same
    /// tree, the same errors: RFC 8259, depth 128), then `pick` takes the part kept as the
    /// params (the whole document for an HTTP+JSON body; a JSON-RPC request's `params`),
    /// with what else it reads of the document (`T`). `pick` sees the document only for the
    /// call (it is generic over the document's lifetime `'t`, which `T`, chosen by the
    /// caller, cannot name): what it returns in `T` borrows nothing of it. Params kept as
    /// `null` (`pick` kept none) do not hold the body.
    pub(super) fn read<T>(
        body: Bytes,
        pick: impl for<'t> FnOnce(Result<Json<'t>, serde_json::Error>) -> (T, Option<Json<'t>>),
    ) -> (T, Params) {
        let mut told = None;
        let kept = BodyTree::new(body, |b: &Bytes| {
            let (t, tree) = pick(Json::parse(b));
            told = Some(t);
            tree.unwrap_or_default()
        });
        let Some(t) = told else {
            unreachable!("BodyTree::new calls its builder once")
        };
        if kept.borrow_dependent().is_null() {
            return (t, Params::default());
        }
        (t, Params::Shared(kept))
    }

    /// The tree, for as long as `self` is borrowed.
    #[inline]
    pub(super) fn json(&self) -> &Json<'_> {
        match self {
            Params::Owned(j) => j,
            Params::Shared(s) => s.borrow_dependent(),
        }
    }

    /// [`Json::get`].
    #[inline]
    pub(super) fn get(&self, key: &str) -> Option<&Json<'_>> {
        self.json().get(key)
    }

    /// [`Json::pointer`].
    #[inline]
    pub(super) fn pointer(&self, p: &str) -> Option<&Json<'_>> {
        self.json().pointer(p)
    }

    /// [`Json::as_object`].
    #[inline]
    pub(super) fn as_object(&self) -> Option<&Obj<'_>> {
        self.json().as_object()
    }

    /// [`Json::is_null`].
    #[inline]
    pub(super) fn is_null(&self) -> bool {
        self.json().is_null()
    }
}

/// [`parse_request_owned`] of `body`, read in place: the same verdict (RPC-001 envelope
/// rules, JSON-RPC 2.0 §4), with the request's `params` as a [`Params`] borrowing from
/// `body` instead of the owned tree (the `RequestParse`'s own `params` is `null`, its `id`
/// owned). Other verdicts come with empty params.
pub(super) fn parse_request_shared(body: Bytes) -> (RequestParse, Params) {
    Params::read(body, |parsed| {
        let v = match parsed {
            Ok(v) => v,
            Err(e) => {
                let p = jsonrpc::parser_limit(&e)
                    .map_or(RequestParse::NotJson, RequestParse::BeyondParser);
                return (p, None);
            }
        };
        let Json::Object(mut obj) = v else {
            return (RequestParse::Invalid, None);
        };
        if obj.get("jsonrpc").and_then(Json::as_str) != Some("2.0") {
            return (RequestParse::Invalid, None);
        }
        let method = match obj.remove("method") {
            Some(Json::String(m)) => m.into_owned(),
            _ => return (RequestParse::Invalid, None),
        };
        let id = obj.remove("id");
        if matches!(id, Some(Json::Object(_) | Json::Array(_) | Json::Bool(_))) {
            return (RequestParse::Invalid, None);
        }
        // A scalar or null `params` is kept as it is (as `parse_request_owned`).
        let params = obj.remove("params").unwrap_or(Json::Null);
        let request = RequestParse::Request {
            method,
            id: id.map(Json::into_owned),
            params: Json::Null,
        };
        (request, Some(params))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shared read gives what the owned one gives, for requests, invalid envelopes,
    /// non-JSON and bodies beyond the parser; the tree outlives every other handle on the
    /// body (the bytes freed only with the `Params`), and its clone outlives it.
    #[test]
    fn shared_request_read_equals_the_owned_one() {
        let deep = format!("{}{}", "[".repeat(200), "]".repeat(200));
        let bodies: Vec<Vec<u8>> = vec![
            br#"{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","role":"user","parts":[{"kind":"text","text":"hi \"x\""}],"messageId":"m-1"}}}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":"a\u00e9","method":"tasks/get","params":{"id":"t\u0031"}}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":null,"method":"x","params":5}"#.to_vec(),
            br#"{"jsonrpc":"2.0","method":"x"}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":{},"method":"x"}"#.to_vec(),
            br#"{"jsonrpc":"1.0","id":1,"method":"x"}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":1,"method":3}"#.to_vec(),
            br#"[1,2]"#.to_vec(),
            b"not json".to_vec(),
            b"".to_vec(),
            deep.into_bytes(),
            br#"{"jsonrpc":"2.0","id":1e400,"method":"x"}"#.to_vec(),
            br#"{"jsonrpc":"2.0","id":1,"method":"m","params":{"a":"\ud83d"}}"#.to_vec(),
        ];
        for b in bodies {
            let owned = parse_request_owned(&b);
            let (shared, params) = parse_request_shared(Bytes::from(b.clone()));
            match owned {
                RequestParse::Request {
                    method,
                    id,
                    params: p,
                } => {
                    assert_eq!(
                        shared,
                        RequestParse::Request {
                            method,
                            id,
                            params: Json::Null
                        },
                        "{}",
                        String::from_utf8_lossy(&b)
                    );
                    assert_eq!(params.json(), &p, "{}", String::from_utf8_lossy(&b));
                    // a clone is the same tree, and lives without the original
                    let kept = params.clone();
                    drop(params);
                    assert_eq!(kept.json(), &p);
                    assert_eq!(format!("{kept:?}"), format!("{p:?}"));
                }
                other => {
                    assert_eq!(shared, other, "{}", String::from_utf8_lossy(&b));
                    assert!(params.is_null());
                }
            }
        }
    }

    /// An HTTP+JSON body read whole as params: the tree of `Json::parse_owned`, the error
    /// when it is none.
    #[test]
    fn shared_body_read_equals_the_owned_parse() {
        for b in [
            &br#"{"message":{"messageId":"m","parts":[{"text":"a\nb"}]}}"#[..],
            b"{",
            b"[]",
        ] {
            let (err, p) = Params::read(Bytes::copy_from_slice(b), |r| match r {
                Ok(v) => (false, Some(v)),
                Err(_) => (true, None),
            });
            match Json::parse_owned(b) {
                Ok(v) => {
                    assert!(!err);
                    assert_eq!(p.json(), &v);
                    assert_eq!(p.get("message"), v.get("message"));
                    assert_eq!(p.as_object(), v.as_object());
                }
                Err(_) => {
                    assert!(err);
                    assert!(p.is_null());
                }
            }
        }
    }
}
