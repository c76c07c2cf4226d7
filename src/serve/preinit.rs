//! A thin filter in front of rmcp's server lifecycle for `mcp serve`.
//!
//! rmcp 3.11 speaks protocol 2026-07-28, where a request before `initialize` is a stateless request
//! that must carry protocol `_meta`; a request without it gets -32602 (invalid params). The official
//! clients of older protocol versions probe with such a request (`server/discover`) and fall back to
//! `initialize` only on -32601 (method not found). So until the lifecycle is chosen, a request other
//! than `initialize` or `ping` that lacks the stateless metadata is answered here with -32601 and not
//! passed on. Everything else — `initialize`, `ping`, stateless requests with complete metadata, and
//! every message once the lifecycle is chosen — goes to rmcp unchanged.

use std::borrow::Cow;

use rmcp::RoleServer;
use rmcp::model::{
    ClientJsonRpcMessage, ClientRequest, ErrorCode, ErrorData, GetMeta, ProtocolVersion,
    ServerJsonRpcMessage,
};
use rmcp::transport::Transport;

/// Wraps the server's transport; see the module docs.
pub(super) struct PreInitFilter<T> {
    inner: T,
    /// Set once the lifecycle is chosen (an `initialize`, or a stateless request rmcp will serve).
    open: bool,
}

impl<T> PreInitFilter<T> {
    pub(super) fn new(inner: T) -> PreInitFilter<T> {
        PreInitFilter { inner, open: false }
    }
}

/// What to do with a message that arrives before the lifecycle is chosen.
enum Verdict {
    /// Pass it on; the lifecycle is still open.
    Pass,
    /// Pass it on; it chooses the lifecycle.
    Opens,
    /// Answer it with method-not-found.
    Refuse,
}

fn judge(message: &ClientJsonRpcMessage) -> Verdict {
    let ClientJsonRpcMessage::Request(request) = message else {
        return Verdict::Pass;
    };
    match &request.request {
        ClientRequest::InitializeRequest(_) => Verdict::Opens,
        ClientRequest::PingRequest(_) => Verdict::Pass,
        other => {
            let stateless = other
                .get_meta()
                .missing_required_keys(&ProtocolVersion::V_2026_07_28)
                .is_empty();
            match (stateless, other) {
                (false, _) => Verdict::Refuse,
                (true, ClientRequest::DiscoverRequest(_)) => Verdict::Pass,
                (true, _) => Verdict::Opens,
            }
        }
    }
}

impl<T> Transport<RoleServer> for PreInitFilter<T>
where
    T: Transport<RoleServer>,
{
    type Error = T::Error;

    fn send(
        &mut self,
        item: ServerJsonRpcMessage,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        self.inner.send(item)
    }

    async fn receive(&mut self) -> Option<ClientJsonRpcMessage> {
        loop {
            let message = self.inner.receive().await?;
            if self.open {
                return Some(message);
            }
            match judge(&message) {
                Verdict::Pass => return Some(message),
                Verdict::Opens => {
                    self.open = true;
                    return Some(message);
                }
                Verdict::Refuse => {
                    let ClientJsonRpcMessage::Request(request) = message else {
                        return Some(message);
                    };
                    let error = ErrorData::new(
                        ErrorCode::METHOD_NOT_FOUND,
                        Cow::Owned(format!(
                            "method not found: `{}` before initialize; send initialize first",
                            request.request.method()
                        )),
                        None,
                    );
                    if let Err(e) = self
                        .inner
                        .send(ServerJsonRpcMessage::error(error, Some(request.id)))
                        .await
                    {
                        tracing::debug!(error = %e, "cannot answer a pre-initialize request");
                        return None;
                    }
                }
            }
        }
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.inner.close()
    }
}
