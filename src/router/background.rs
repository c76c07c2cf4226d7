//! [`background_complete`]: one non-streaming call outside a turn's conversation (session titles,
//! compaction summaries, memory index and dream). Through the router when there is one, so it falls
//! back like any call and is accounted under its role in `router/stats.jsonl`; else straight to the
//! caller's provider. The agent and memory both call through here.

use tokio_util::sync::CancellationToken;

use super::execute::CallContext;
use super::runtime::Router;
use crate::config::ModelRef;
use crate::model::{
    CallOptions, Error, ModelClient, ModelRequest, ModelResponse, ResolvedProvider, RetryBudget,
};

/// Where a background call goes when there is no router.
#[derive(Debug, Clone, Copy)]
pub struct Direct<'a> {
    pub client: &'a ModelClient,
    pub provider: &'a ResolvedProvider,
    /// Retries the call may spend on transient provider errors.
    pub retry_budget: u32,
}

/// Asks `model` for a whole reply to `request`: through `router` when given (`model`, then its
/// fallbacks), else through `direct`.
pub async fn background_complete(
    router: Option<&Router>,
    direct: Direct<'_>,
    model: &ModelRef,
    request: &ModelRequest,
    call: &CallContext,
    cancel: &CancellationToken,
) -> Result<ModelResponse, Error> {
    match router {
        Some(router) => {
            router
                .complete(Some(model), request, call, cancel)
                .await
                .result
        }
        None => {
            let options = CallOptions {
                budget: RetryBudget::new(direct.retry_budget),
                cancel: cancel.clone(),
            };
            direct
                .client
                .complete(direct.provider, request, options)
                .await
        }
    }
}
