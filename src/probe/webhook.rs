/*!
The prober's webhook receiver for push-notification tests (PUSH-004, PUSH-005): a small hyper
server on a loopback port that answers every `POST` with `200` and keeps what it got
(path, headers, body) in an [`Inbox`] the plan polls.

The agent is given a [`Webhook`] URL. In `a2a-interop probe` that URL is a second listener
of the recording pipeline (leg [`WEBHOOK_LEG`]) routed to this receiver, so the agent's
notifications are recorded, redacted (the `X-A2A-Notification-Token` header) and verified
like every other exchange. Without a pipeline the plan starts a receiver of its own and gives
its address directly.

The SSRF guard of [`super::Transport`] is about URLs taken from the card; the receiver is the
probe's own server and is never called by the probe.
*/

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use http::{HeaderMap, Method, Request, Response, StatusCode};
use http_body_util::{BodyExt, Full, Limited};
use hyper::body::Incoming;
use tokio::net::TcpListener;
use tokio::sync::oneshot;
use tokio::task::{JoinHandle, JoinSet};
use url::Url;

/// Recording leg of the agent's webhook calls in `a2a-interop probe`.
pub const WEBHOOK_LEG: &str = "agent->webhook";

/// Largest notification body kept (1 MiB); a larger one is answered 413 and not kept.
pub const MAX_NOTIFICATION_BYTES: usize = 1024 * 1024;

/// One request the agent sent to the webhook.
#[derive(Clone, Debug)]
pub struct Notification {
    /// Request path (`/push/<uuid>`), which tells the tests apart.
    pub path: String,
    /// Request headers as received.
    pub headers: HeaderMap,
    /// Request body bytes.
    pub body: Bytes,
}

impl Notification {
    /// A header's value as text (`None` when absent or not visible ASCII).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

/// Everything the receiver got, in arrival order.
#[derive(Default)]
pub struct Inbox {
    got: Mutex<Vec<Notification>>,
}

impl std::fmt::Debug for Inbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inbox")
            .field("notifications", &self.all().len())
            .finish()
    }
}

impl Inbox {
    fn keep(&self, n: Notification) {
        self.got.lock().unwrap_or_else(|e| e.into_inner()).push(n);
    }

    /// Every notification so far.
    pub fn all(&self) -> Vec<Notification> {
        self.got.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// The notifications sent to `path`, in arrival order.
    pub fn at(&self, path: &str) -> Vec<Notification> {
        self.all().into_iter().filter(|n| n.path == path).collect()
    }
}

/// Where the agent should POST notifications, and where they end up.
#[derive(Clone, Debug)]
pub struct Webhook {
    /// Base URL handed to the agent (`http://127.0.0.1:PORT`); tests add `/push/<uuid>`.
    pub base: Url,
    /// The receiver's inbox.
    pub inbox: Arc<Inbox>,
}

/// A running receiver.
pub struct WebhookReceiver {
    addr: SocketAddr,
    inbox: Arc<Inbox>,
    stop: oneshot::Sender<()>,
    join: JoinHandle<()>,
}

impl WebhookReceiver {
    /// Binds `127.0.0.1:0` and serves (HTTP/1.1 and h2c) until [`Self::shutdown`].
    ///
    /// # Errors
    /// No loopback port could be bound.
    pub async fn start() -> std::io::Result<WebhookReceiver> {
        let listener = TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0))).await?;
        let addr = listener.local_addr()?;
        let inbox = Arc::new(Inbox::default());
        let (stop, mut stopped) = oneshot::channel::<()>();
        let kept = inbox.clone();
        let join = tokio::spawn(async move {
            let mut conns = JoinSet::new();
            loop {
                tokio::select! {
                    _ = &mut stopped => break,
                    accepted = listener.accept() => {
                        let Ok((stream, _)) = accepted else { continue };
                        let inbox = kept.clone();
                        conns.spawn(async move {
                            let svc = hyper::service::service_fn(move |req| {
                                let inbox = inbox.clone();
                                async move { Ok::<_, Infallible>(receive(&inbox, req).await) }
                            });
                            let _ = hyper_util::server::conn::auto::Builder::new(
                                hyper_util::rt::TokioExecutor::new(),
                            )
                            .serve_connection(hyper_util::rt::TokioIo::new(stream), svc)
                            .await;
                        });
                        while conns.try_join_next().is_some() {}
                    }
                }
            }
            conns.abort_all();
            while conns.join_next().await.is_some() {}
        });
        Ok(WebhookReceiver {
            addr,
            inbox,
            stop,
            join,
        })
    }

    /// The bound address.
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The receiver as a [`Webhook`] the agent reaches directly (`None` only if the address
    /// made no URL, which a bound socket address always does).
    pub fn webhook(&self) -> Option<Webhook> {
        self.webhook_via(self.addr)
    }

    /// The receiver as a [`Webhook`] the agent reaches through `via` (a recording proxy
    /// listener routed to [`Self::local_addr`]).
    pub fn webhook_via(&self, via: SocketAddr) -> Option<Webhook> {
        let base = Url::parse(&format!("http://{via}")).ok()?;
        Some(Webhook {
            base,
            inbox: self.inbox.clone(),
        })
    }

    /// Stops the server and closes its connections.
    pub async fn shutdown(self) {
        let _ = self.stop.send(());
        let _ = self.join.await;
    }
}

async fn receive(inbox: &Inbox, req: Request<Incoming>) -> Response<Full<Bytes>> {
    let status = if req.method() != Method::POST {
        StatusCode::METHOD_NOT_ALLOWED
    } else {
        let path = req.uri().path().to_string();
        let headers = req.headers().clone();
        match Limited::new(req.into_body(), MAX_NOTIFICATION_BYTES)
            .collect()
            .await
        {
            Ok(c) => {
                inbox.keep(Notification {
                    path,
                    headers,
                    body: c.to_bytes(),
                });
                StatusCode::OK
            }
            Err(_) => StatusCode::PAYLOAD_TOO_LARGE,
        }
    };
    let mut r = Response::new(Full::new(Bytes::new()));
    *r.status_mut() = status;
    r
}
