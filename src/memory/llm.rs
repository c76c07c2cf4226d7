//! The memory model: `memory.model`, else `agent.model`, called without streaming for index and
//! dream. Replies must be one JSON object; [`MemoryModel::json`] separates "the call failed" (an
//! [`Error`], the work is retried later) from "the reply was not usable" (the caller retries once,
//! then skips with a trace — bad output is never written).

use crate::config::ModelRef;
use crate::model::{Message, ModelClient, ModelRequest, ResolvedProvider};

use super::Error;
use super::space::Memory;

/// Retries one memory call may spend on transient provider errors.
const RETRY_BUDGET: u32 = 2;

/// A resolved client for the memory model. Calls go through the router (fallbacks, and accounting
/// under role `memory` in `router/stats.jsonl`) when the router can be built, else straight to the
/// provider.
pub(super) struct MemoryModel {
    client: ModelClient,
    provider: ResolvedProvider,
    model: ModelRef,
    router: Option<crate::router::Router>,
}

impl MemoryModel {
    pub(super) fn resolve(memory: &Memory) -> Result<MemoryModel, Error> {
        let text = memory
            .settings
            .model
            .clone()
            .or_else(|| memory.config.agent.model.clone())
            .ok_or(Error::NoModel)?;
        let (model, provider_config) =
            memory
                .config
                .resolve_model(&text)
                .map_err(|problem| Error::BadModel {
                    model: text.clone(),
                    problem,
                })?;
        let provider =
            ResolvedProvider::resolve(&model.provider, provider_config).map_err(Error::Model)?;
        let client = ModelClient::new().map_err(Error::Model)?;
        let router = crate::router::Router::new(
            &memory.home,
            &memory.config,
            Some(&model),
            Some(client.clone()),
        )
        .ok();
        Ok(MemoryModel {
            client,
            provider,
            model,
            router,
        })
    }

    /// The model as `provider/model`.
    pub(super) fn name(&self) -> String {
        self.model.to_string()
    }

    /// Asks for a JSON object. `Ok(Err(problem))` when the reply is not one.
    pub(super) async fn json(
        &self,
        system: &str,
        user: &str,
    ) -> Result<Result<serde_json::Value, String>, Error> {
        let mut request = ModelRequest::new(self.model.clone(), vec![Message::user(user)]);
        request.system = Some(system.to_owned());
        request.temperature = Some(0.0);
        let call = crate::router::CallContext {
            session: None,
            turn: None,
            role: crate::router::CallRole::Memory,
            entry: None,
            project: None,
        };
        let direct = crate::router::Direct {
            client: &self.client,
            provider: &self.provider,
            retry_budget: RETRY_BUDGET,
        };
        let cancel = tokio_util::sync::CancellationToken::new();
        let response = crate::router::background_complete(
            self.router.as_ref(),
            direct,
            &self.model,
            &request,
            &call,
            &cancel,
        )
        .await
        .map_err(Error::Model)?;
        let text = response.message.text();
        let body = crate::model::strip_fences(&text);
        Ok(match serde_json::from_str::<serde_json::Value>(body) {
            Ok(v) if v.is_object() => Ok(v),
            Ok(_) => Err("the reply is JSON but not an object".to_owned()),
            Err(e) => Err(format!("the reply is not JSON ({e})")),
        })
    }
}
