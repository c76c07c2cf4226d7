//! [`Router`]: the effective settings plus what routing needs at run time — the model client, the
//! provider config, the router state in `state.db` and the log directory. One per process; cheap to
//! share by reference. `decide.rs` and `execute.rs` add its two operations.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use super::error::Error;
use super::settings::Settings;
use super::sticky::StickyStore;
use crate::config::{Config, ModelRef};
use crate::home::PilotHome;
use crate::model::{ModelClient, Pricing, ResolvedProvider, Usage};

/// The router of one process.
pub struct Router {
    pub(super) settings: Settings,
    pub(super) config: Config,
    /// Built on first use: `router decide --offline` never needs it.
    client: std::sync::OnceLock<ModelClient>,
    pub(super) router_dir: PathBuf,
    state_db: PathBuf,
    store: Arc<Mutex<Option<StickyStore>>>,
}

impl Router {
    /// A router for `config`; `default_model` is the agent's model without routing. `client` is
    /// shared with the caller when given, else built when the first model call needs it.
    pub fn new(
        home: &PilotHome,
        config: &Config,
        default_model: Option<&ModelRef>,
        client: Option<ModelClient>,
    ) -> Result<Router, Error> {
        let cell = std::sync::OnceLock::new();
        if let Some(client) = client {
            let _ = cell.set(client);
        }
        Ok(Router {
            settings: Settings::from_config(config, default_model)?,
            config: config.clone(),
            client: cell,
            router_dir: home.router_dir(),
            state_db: home.state_db(),
            store: Arc::new(Mutex::new(None)),
        })
    }

    /// The HTTP client, built on first use.
    pub(super) fn client(&self) -> Result<&ModelClient, crate::model::Error> {
        if let Some(client) = self.client.get() {
            return Ok(client);
        }
        let client = ModelClient::new()?;
        Ok(self.client.get_or_init(|| client))
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Runs `f` on the router state off the async threads (SQLite is blocking), opening
    /// `state.db` on first use.
    pub(super) async fn with_store<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut StickyStore) -> Result<T, Error> + Send + 'static,
    ) -> Result<T, Error> {
        let store = Arc::clone(&self.store);
        let path = self.state_db.clone();
        let joined = tokio::task::spawn_blocking(move || {
            let mut guard = store.lock().unwrap_or_else(PoisonError::into_inner);
            if guard.is_none() {
                *guard = Some(StickyStore::open(&path)?);
            }
            match guard.as_mut() {
                Some(s) => f(s),
                None => Err(Error::StateTask),
            }
        })
        .await;
        joined.unwrap_or(Err(Error::StateTask))
    }

    /// The provider behind `model`, ready to call.
    pub fn provider(&self, model: &ModelRef) -> Result<ResolvedProvider, crate::model::Error> {
        let config = self.config.provider_of(model).map_err(|problem| {
            crate::model::Error::new(
                crate::model::ErrorCode::Config,
                &model.provider,
                &model.model,
                problem.to_string(),
            )
        })?;
        ResolvedProvider::resolve(&model.provider, config)
    }

    /// The price of `model`: `router.stats.modelPricing` over the provider's model info.
    pub fn pricing(&self, model: &ModelRef) -> Option<Pricing> {
        let base = self
            .provider(model)
            .ok()
            .and_then(|p| p.model_info(&model.model).pricing);
        match self.settings.pricing.get(&model.to_string()) {
            Some(o) => {
                let b = base.unwrap_or(Pricing {
                    input: 0.0,
                    output: 0.0,
                    cache_read: 0.0,
                    cache_write: 0.0,
                });
                Some(Pricing {
                    input: o.input.unwrap_or(b.input),
                    output: o.output.unwrap_or(b.output),
                    cache_read: o.cache_read.unwrap_or(b.cache_read),
                    cache_write: o.cache_write.unwrap_or(b.cache_write),
                })
            }
            None => base,
        }
    }

    /// The cost of `usage` on `model`, when its price is known.
    pub fn cost(&self, model: &ModelRef, usage: &Usage) -> Option<f64> {
        self.pricing(model)
            .map(|p| crate::model::cost_usd(usage, &p))
    }

    /// What `usage` would have cost on the baseline model.
    pub fn baseline_cost(&self, usage: &Usage) -> Option<f64> {
        self.cost(&self.settings.baseline, usage)
    }
}

/// Decides for one prompt in a fresh router: the library op behind `pilotdeck router decide`.
/// Reads the same config and sticky state as `run`; records nothing but the judge call in `stats.jsonl`.
pub async fn decide_once(
    home: &PilotHome,
    config: &Config,
    opts: &super::DecideOptions,
    cancel: &tokio_util::sync::CancellationToken,
) -> Result<super::Decision, Error> {
    let default_model = config.agent.model.as_deref().and_then(ModelRef::parse);
    let router = Router::new(home, config, default_model.as_ref(), None)?;
    router.decide(opts, cancel).await
}
